#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The demo's init inside the Smack kernel (see demo.sh).
out=$DEMO_OUT
export PATH="$DEMO_BUILDDIR/utils:/usr/sbin:/usr/bin:/sbin:/bin" LC_ALL=C
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t smackfs smackfs /sys/fs/smackfs
mount -t tmpfs tmpfs "$out/tmpfs"
exec > "$out/transcript" 2>&1

say() { printf '\n%s\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; echo "  (exit $?)"; }

say "== Smack is active: smackfs is mounted at /sys/fs/smackfs"
run cat /sys/kernel/security/lsm 2>/dev/null
run cat /proc/self/attr/current; echo
say "== Load a rule and ask the kernel about it"
run sh -c 'echo "Viewer CNN r" > /sys/fs/smackfs/load2'
run grep Viewer /sys/fs/smackfs/load2
for q in "Viewer CNN r" "Viewer CNN w" "CNN Viewer r"; do
	printf '$ access2 "%s" -> ' "$q"
	sh -c 'exec 3<>/sys/fs/smackfs/access2; printf %s "$1" >&3; head -c1 <&3' sh "$q"
	echo
done
: > "$out/done"
sync
poweroff -f
