#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Boots the User-Mode-Linux kernel with Smack, runs every kernel test case
# inside it (tests/kernel/guest-init.sh is the guest's init), and prints the
# results as TAP.  A kernel that does not boot, or a guest that does not
# finish, is a hard failure ("Bail out!"), never a pass.
#
# Environment: abs_top_srcdir, abs_top_builddir (set by make check),
# LINUX_UML (the kernel), KERNEL_CASES (shell globs of the case names to
# run, separated by spaces or '|'),
# KERNEL_TIMEOUT (seconds for the whole boot, default 1200),
# KERNEL_VALGRIND (1: the programs of the build run under valgrind's
# memcheck inside the guest, in each case each program's first run; all:
# every run; a report fails its case),
# KERNEL_INSTALLED (a root, such as the packages unpacked with dpkg -x,
# whose usr/bin, usr/sbin and libsmack.so.1 are tested instead of the
# build's tools and library; guest-init.sh says how).
set -u

srcdir=${abs_top_srcdir:?abs_top_srcdir not set}
. "$srcdir/tests/tap.sh"
builddir=${abs_top_builddir:?abs_top_builddir not set}
uml=${LINUX_UML:-/usr/bin/linux.uml}
timeout=${KERNEL_TIMEOUT:-1200}

out=$builddir/tests/kernel/out/run.$$
rm -rf "$out"
mkdir -p "$out/tmpfs" || bail_out "cannot create $out"

[ -x "$uml" ] ||
	bail_out "no User-Mode-Linux kernel at '$uml' (apt-get install user-mode-linux)"

# UML keeps guest memory in a file under TMPDIR; give it a private one.
umltmp=$tap_tmp

# On hosts with AMX, Debian 12's UML needs tests/kernel/uml-xstate.c.
shim=$builddir/tests/kernel/uml-xstate.so
[ -f "$shim" ] || shim=

# Parameters the kernel does not know become the init's environment.
LD_PRELOAD=$shim TMPDIR=$umltmp timeout "$timeout" "$uml" mem=256M root=/dev/root \
	rootfstype=hostfs rootflags=/ rw lsm=smack \
	init="$srcdir/tests/kernel/guest-init.sh" \
	con0=null,fd:1 con=null \
	SMACK_TEST_SRCDIR="$srcdir" SMACK_TEST_BUILDDIR="$builddir" \
	SMACK_TEST_OUT="$out" SMACK_TEST_VALGRIND="${KERNEL_VALGRIND:-}" \
	SMACK_TEST_INSTALLED="${KERNEL_INSTALLED:-}" \
	SMACK_TEST_CASES="$(echo "${KERNEL_CASES:-*}" | tr " " "|")" \
	> "$out/console.log" 2>&1 </dev/null
status=$?

if [ ! -f "$out/booted" ]; then
	echo "Bail out! the Smack UML kernel did not boot (exit $status); console:"
	sed 's/^/# /' "$out/console.log" | tail -n 40
	exit 1
fi
[ -f "$out/results" ] || bail_out "the guest wrote no results"

# The guest's "ok - case: what" lines, numbered into one TAP stream.
tap_relay "$out/results"

[ -f "$out/done" ] ||
	not_ok "the guest did not finish (exit $status, timeout ${timeout}s); see $out/console.log"
[ "$tap_count" -ne 0 ] || bail_out "no kernel test case ran"
# The slowest cases, to keep the kernel tier fast.
if [ -f "$out/times" ]; then
	echo "# slowest kernel cases:"
	sort -k2 -rn "$out/times" | head -n 8 | sed 's/^/#   /'
fi
tap_done
