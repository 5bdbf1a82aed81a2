#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The init of one short UML boot of the benchmark's boot phase (run.sh):
# loads the 100,000-rule policy into a freshly booted kernel, as at boot,
# with one of smackctl apply (what the init scripts run), smackload, or the
# floor, and records the time as
#
#   boot ROLE ROUND key=value...
#
# in $BENCH_OUT/results.  A kernel keeps every label and rule it was
# given (a cleared rule stays in its lists, unlisted), so only a boot of
# its own loads as at boot.

out=$BENCH_OUT
build=$BENCH_BUILDDIR
bin=$build/bench
results=${BENCH_RESULTS:-$out/results}
export PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
export LC_ALL=C
export LD_LIBRARY_PATH="$build/libsmack/.libs"

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t smackfs smackfs /sys/fs/smackfs
mount -t tmpfs -o size=${BENCH_TMPFS:-400m},mode=1777 tmpfs "$out/tmpfs"
cd "$out/tmpfs" || exec poweroff -f

tool() {
	if [ -x "$build/utils/.libs/$1" ]; then
		echo "$build/utils/.libs/$1"
	else
		echo "$build/utils/$1"
	fi
}

# The policy is made in the tmpfs, untimed: the same one every boot.
mkdir -p policy/conf/accesses.d
"$bin/gen-policy" -s "${BENCH_SHAPE:-default}" -n "${BENCH_RULES:-100000}" \
	bt01 policy > /dev/null 2>&1
cp policy/policy.rules policy/conf/accesses.d/policy
case $BENCH_BOOT_ROLE in
tool)	set -- "$(tool smackctl)" --config-dir policy/conf apply ;;
smackload) set -- "$(tool smackload)" policy/policy.rules ;;
floor)	set -- "$bin/floor-load" policy/merged.rules ;;
*)	set -- false ;;
esac
line="boot $BENCH_BOOT_ROLE $BENCH_BOOT_ROUND $("$bin/bench-run" "$@")"
# The result: load2 gives the merged policy's access, whoever loaded it.
if [ "$BENCH_BOOT_ROUND" = 1 ]; then
	grep -v ' -$' /sys/fs/smackfs/load2 | sort > have
	grep -v ' -$' policy/merged.rules | sort > want
	if cmp -s have want; then
		echo "check boot-$BENCH_BOOT_ROLE - ok" >> "$results"
	else
		echo "check boot-$BENCH_BOOT_ROLE - FAILED" >> "$results"
	fi
fi
echo "$line" >> "$results"
poweroff -f
