#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# README's first command.  Builds smack-utils in build/demo and boots the
# Smack kernel (User-Mode-Linux, an ordinary process) with demo-guest.sh as
# its init, which walks through Smack's classic scenarios with the real
# tools (walkthrough.sh).  The transcript is printed as the guest writes
# it; the exit status is 0 when every decision matched the policy.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/build/demo
uml=${LINUX_UML:-/usr/bin/linux.uml}

if [ ! -x "$uml" ]; then
	echo "demo: no User-Mode-Linux kernel at $uml (apt-get install user-mode-linux)" >&2
	exit 1
fi

echo "==> building smack-utils in $build"
( cd "$top" && ./autogen.sh ) > /dev/null || exit 1
mkdir -p "$build" && cd "$build" || exit 1
{ [ -f Makefile ] || "$top/configure"; } > configure.out 2>&1 || { cat configure.out; exit 1; }
make -j"$(nproc 2>/dev/null || echo 2)" all tests/kernel/uml-xstate.so > make.out 2>&1 || { cat make.out; exit 1; }

out=$build/demo-out
rm -rf "$out" && mkdir -p "$out/tmpfs" || exit 1
umltmp=$(mktemp -d "${TMPDIR:-/tmp}/smack-uml.XXXXXX") || exit 1
trap 'rm -rf "$umltmp"' EXIT

echo "==> booting the Smack kernel ($uml)"
# On hosts with AMX, Debian 12's UML needs tests/kernel/uml-xstate.c.
LD_PRELOAD=$build/tests/kernel/uml-xstate.so TMPDIR=$umltmp timeout 300 "$uml" mem=256M root=/dev/root rootfstype=hostfs \
	rootflags=/ rw lsm=smack init="$top/examples/demo-guest.sh" \
	con0=null,fd:1 con=null \
	DEMO_SRCDIR="$top" DEMO_BUILDDIR="$build" DEMO_OUT="$out" \
	> "$out/console.log" 2>&1 < /dev/null &
uml_pid=$!
# Show the transcript while the guest writes it.
touch "$out/transcript"
tail -n +1 -f "$out/transcript" --pid=$uml_pid 2>/dev/null
wait $uml_pid
if [ ! -f "$out/done" ]; then
	echo "demo: the Smack kernel did not finish the demo; console:" >&2
	tail -n 30 "$out/console.log" >&2
	exit 1
fi
echo "==> transcript saved in $out/transcript"
exit "$(cat "$out/status")"
