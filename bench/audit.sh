#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The smackaudit phase of the benchmark, on the host (it reads files; no
# kernel is needed): smackaudit over a log of 1,000,000 lines, half of
# them Smack denial records, against `grep -c 'lsm=SMACK'` over the same
# file, taking turns for BENCH_AUDIT_ROUNDS rounds (5) pinned to one CPU;
# and its peak RSS over 100,000 and 1,000,000 lines of 1,000 entries
# (flat: it keeps entries, not records) and over 1,000,000 lines of
# 100,000 entries (growing with them).  Appends its figures to RESULTS.
#
# usage: bench/audit.sh BUILDDIR OUTDIR RESULTS
set -u
builddir=$1 out=$2 results=$3
cpu=${BENCH_CPU:-1}
rounds=${BENCH_AUDIT_ROUNDS:-5}
dir=$out/audit
mkdir -p "$dir" || exit 1

. "${0%/*}/host.sh"
host_tool smackaudit

echo "bench: the smackaudit phase (logs in $dir)" >&2
"$builddir/bench/gen-audit" "$dir/log-1m" 1000000 1000 &&
"$builddir/bench/gen-audit" "$dir/log-100k" 100000 1000 &&
"$builddir/bench/gen-audit" "$dir/log-1m-wide" 1000000 100000 || exit 1
# Both read the file from the page cache, not the disk.
cat "$dir/log-1m" > /dev/null

# measure ROLE ROUND CMD...: one timed run.  grep's output goes to a file:
# to /dev/null, GNU grep stops at the first match.
measure() {
	_role=$1 _round=$2
	shift 2
	echo "smackaudit $_role $_round $($pin "$run" -o "$dir/out-$_role" "$@")" \
		>> "$results"
}

r=1
while [ "$r" -le "$rounds" ]; do
	if [ $((r % 2)) -eq 1 ]; then
		measure tool "$r" "$tool" --no-kernel "$dir/log-1m"
		measure floor "$r" grep -c lsm=SMACK "$dir/log-1m"
	else
		measure floor "$r" grep -c lsm=SMACK "$dir/log-1m"
		measure tool "$r" "$tool" --no-kernel "$dir/log-1m"
	fi
	r=$((r + 1))
done

# The check: smackaudit counted every record grep counted, in 1,000
# entries.
"$tool" --no-kernel --json "$dir/log-1m" > "$dir/report.json"
grep -q "^{\"records\":$(cat "$dir/out-floor"),\"granted\":0,\"malformed\":0" \
	"$dir/report.json" &&
	[ "$(grep -c '^{"subject"' "$dir/report.json")" -eq 1000 ] &&
	result=ok || result=FAILED
echo "check smackaudit-result - $result" >> "$results"

for log in 100k 1m 1m-wide; do
	echo "smackaudit-rss $log - $($pin "$run" -q "$tool" --no-kernel \
		"$dir/log-$log")" >> "$results"
done
rm -f "$dir"/log-*
