#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Output that could not be written fails the tool that wrote it: with
# standard output on /dev/full, and with standard output closed, every
# tool the build makes exits 1 (smackrun 125, its own failures' status)
# and says "TOOL: write error on standard output", by each way out of a
# tool: after --help (a message function that exits), after --version,
# and on return from its main (smackload and chsmack listing a file,
# smack-utils --list).  Closed, the descriptor must not be taken by a file
# the tool opens (chsmack -r's directories, smackload's rule files).
# The check lives in cli_exit(), so no tool may call exit() itself: the
# sources are searched for a call that would skip it.
. "$abs_top_srcdir/tests/checks/lib.sh"

load_inventory
full=/dev/full
[ -c "$full" ] || skip_all "no $full on this system"

# failure_status TOOL: the exit status of TOOL's own failures.
failure_status() {
	case $1 in
	smackrun) echo 125 ;;
	*) echo 1 ;;
	esac
}

# expect_failure NAME HOW STATUS: the last run (stderr in $tap_tmp/err)
# exited with NAME's failure status and reported a write error.
expect_failure() {
	_want=$(failure_status "$1")
	if [ "$3" -eq "$_want" ] &&
	   grep -qx "$1: write error on standard output" "$tap_tmp/err"; then
		ok "$1 $2: exit $_want, write error reported"
	else
		not_ok "$1 $2: exit $_want, write error reported (exit $3)"
		diag_file "$tap_tmp/err"
	fi
}

# expect_write_error NAME COMMAND...: COMMAND with stdout on /dev/full,
# then closed, fails with NAME's failure status and names itself NAME in
# the message.
expect_write_error() {
	_name=$1
	shift
	"$@" > "$full" 2> "$tap_tmp/err" < /dev/null
	expect_failure "$_name" "$2 > $full" $?
	"$@" >&- 2> "$tap_tmp/err" < /dev/null
	expect_failure "$_name" "$2 >&-" $?
}

for tool_path in $CHECK_TOOLS; do
	tool=$(basename "$tool_path")
	bin=$abs_top_builddir/$tool_path
	if [ ! -x "$bin" ]; then
		not_ok "$tool: built ($bin is missing)"
		continue
	fi
	expect_write_error "$tool" "$bin" --help
	expect_write_error "$tool" "$bin" --version
done

: > "$tap_tmp/empty.rules"
smackload=$abs_top_builddir/utils/smackload
if [ -x "$smackload" ]; then
	expect_write_error smackload "$smackload" --check --verbose \
		"$tap_tmp/empty.rules"
fi
chsmack=$abs_top_builddir/utils/chsmack
if [ -x "$chsmack" ]; then
	expect_write_error chsmack "$chsmack" "$tap_tmp/empty.rules"
	mkdir -p "$tap_tmp/tree/dir"
	expect_write_error chsmack "$chsmack" -r "$tap_tmp/tree"
fi
multicall=$abs_top_builddir/utils/smack-utils
if [ -x "$multicall" ]; then
	expect_write_error smack-utils "$multicall" --list
fi

# A call of exit() (not _exit(), not cli_exit()) in a tool or the shared
# CLI code other than cli_exit()'s own: the one line of cli.c that follows
# cli_exit()'s check.
grep -nE '(^|[^_[:alnum:]])exit[[:space:]]*\(' \
	"$abs_top_srcdir"/utils/*.c "$abs_top_srcdir"/common/*.c 2> /dev/null |
	grep -vxE '.*/common/cli\.c:[0-9]+:	exit\(status\);' > "$tap_tmp/exits"
own=$(grep -cxE '	exit\(status\);' "$abs_top_srcdir/common/cli.c")
if [ -s "$tap_tmp/exits" ] || [ "$own" -ne 1 ]; then
	[ "$own" -eq 1 ] ||
		echo "common/cli.c: $own lines 'exit(status);', not cli_exit()'s one" \
			>> "$tap_tmp/exits"
	not_ok "no tool calls exit() itself (cli_exit() checks stdout first)"
	diag_file "$tap_tmp/exits"
else
	ok "no tool calls exit() itself (cli_exit() checks stdout first)"
fi

tap_done
