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
# KERNEL_VALGRIND (1: every program of the build runs under valgrind's
# memcheck inside the guest, and a report fails its case),
# KERNEL_INSTALLED (a root, such as the packages unpacked with dpkg -x,
# whose usr/bin, usr/sbin and libsmack.so.1 are tested instead of the
# build's tools and library; guest-init.sh says how).
set -u

srcdir=${abs_top_srcdir:?abs_top_srcdir not set}
builddir=${abs_top_builddir:?abs_top_builddir not set}
uml=${LINUX_UML:-/usr/bin/linux.uml}
timeout=${KERNEL_TIMEOUT:-1200}

out=$builddir/tests/kernel/out/run.$$
rm -rf "$out"
mkdir -p "$out/tmpfs" || { echo "Bail out! cannot create $out"; exit 1; }

if [ ! -x "$uml" ]; then
	echo "Bail out! no User-Mode-Linux kernel at '$uml' (apt-get install user-mode-linux)"
	exit 1
fi

# UML keeps guest memory in a file under TMPDIR; give it a private one.
umltmp=$(mktemp -d "${TMPDIR:-/tmp}/smack-uml.XXXXXX") || exit 1
trap 'rm -rf "$umltmp"' EXIT

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
if [ ! -f "$out/results" ]; then
	echo "Bail out! the guest wrote no results"
	exit 1
fi

# Renumber the guest's "ok - case: what" lines into one TAP stream.
n=0
while IFS= read -r line; do
	case $line in
	"ok "*|"not ok "*)
		n=$((n + 1))
		case $line in
		"ok "*) echo "ok $n ${line#ok }" ;;
		*) echo "not ok $n ${line#not ok }" ;;
		esac ;;
	*) echo "# $line" ;;
	esac
done < "$out/results"

if [ ! -f "$out/done" ]; then
	n=$((n + 1))
	echo "not ok $n - the guest did not finish (exit $status, timeout ${timeout}s); see $out/console.log"
fi
if [ "$n" -eq 0 ]; then
	echo "Bail out! no kernel test case ran"
	exit 1
fi
echo "1..$n"
# The slowest cases, to keep the kernel tier fast.
if [ -f "$out/times" ]; then
	echo "# slowest kernel cases:"
	sort -k2 -rn "$out/times" | head -n 8 | sed 's/^/#   /'
fi
