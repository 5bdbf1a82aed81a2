#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The init files on the host: the systemd units pass systemd-analyze
# verify (when it is installed), name the built smackctl, and the SysV
# script is POSIX sh that does nothing harmful where Smack is not active.
. "$abs_top_srcdir/tests/loader/lib.sh"

t=$tap_tmp
service=$builddir/init/smack.service
mount_unit=$srcdir/init/smack.mount
script=$builddir/init/smack

if [ -f "$service" ]; then ok "the service unit was made"; else not_ok "the service unit was made"; fi
expect_grep "it loads the policy with smackctl --keep-going apply" "$service" \
	'^ExecStart=/.*/smackctl --keep-going apply$'
expect_grep "it reloads with smackctl reload" "$service" \
	'^ExecReload=/.*/smackctl reload$'
expect_grep "it runs only with Smack" "$service" \
	'^ConditionPathIsDirectory=/sys/fs/smackfs$'
expect_grep "it mounts smackfs unless it is mounted" "$service" \
	'^ExecStartPre=.*smackctl test .*mount -t smackfs'
expect_grep "it runs before sysinit.target" "$service" '^Before=sysinit.target'
if grep -q '@' "$service"; then
	not_ok "no @variable@ is left in the unit"
else
	ok "no @variable@ is left in the unit"
fi

if command -v systemd-analyze > /dev/null 2>&1; then
	# verify checks that ExecStart= exists: point it at the built tool.
	sed "s|/[^ ']*/smackctl|$SMACKCTL|g" "$service" > "$t/smack.service"
	cp "$mount_unit" "$t/smack.mount"
	( cd "$t" && SYSTEMD_LOG_LEVEL=notice systemd-analyze verify --man=no \
		smack.service smack.mount ) > "$t/verify" 2>&1
	rc=$?
	# Only messages about our own units count (a container's missing
	# units or D-Bus are not ours to judge).
	grep -E 'smack\.(service|mount)' "$t/verify" > "$t/ours"
	if [ "$rc" -eq 0 ] && [ ! -s "$t/ours" ]; then
		ok "systemd-analyze verify accepts the units"
	else
		not_ok "systemd-analyze verify accepts the units (exit $rc)"
		diag_file "$t/verify" 10
	fi
else
	skip_test "systemd-analyze verify accepts the units" "no systemd-analyze"
fi

if [ -x "$script" ]; then ok "the init script was made"; else not_ok "the init script was made"; fi
expect_exit "the init script is valid sh" 0 sh -n "$script"
if command -v checkbashisms > /dev/null 2>&1; then
	expect_exit "checkbashisms finds nothing" 0 checkbashisms "$script"
fi
expect_grep "it declares its LSB header" "$script" '^### BEGIN INIT INFO$'
expect_exit "an unknown action exits 2" 2 sh "$script" frobnicate
expect_grep "... with the usage" "$t/err" '^Usage: .*start\|stop\|reload'
if [ ! -d /sys/fs/smackfs ]; then
	export SMACKCTL
	expect_exit "start without Smack exits 0" 0 sh "$script" start
	expect_grep "... saying there is nothing to do" "$t/out" "Smack is not active"
	expect_exit "status without Smack exits 3 (not running)" 3 sh "$script" status
	expect_grep "... and shows the status" "$t/out" "^SmackFS is not mounted"
	expect_exit "stop without Smack exits 0" 0 sh "$script" stop
	expect_exit "reload without Smack exits 1" 1 sh "$script" reload
else
	skip_test "the init script without Smack" "Smack is active on this host"
fi
tap_done
