#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The lint phase of the benchmark, on the host (it reads a tree; no
# kernel is needed): smackctl lint against smackctl check of the same
# tree, taking turns for BENCH_LINT_ROUNDS rounds (7) pinned to one CPU,
# each measurement BENCH_LINT_RUNS runs (3).  Two trees: the benchmark's
# generated 100,000-rule policy (1,000 labels, 6,000 rules that give a
# pair another access: 6,000 conflicts), and a wide one of 100,000 rules
# over 20,000 labels of 45 to 50 bytes, with 500 more rules that each
# name a label one byte away from one named at least 3 times (500
# typos; the random pairs also repeat a few rules).  Issue 24's
# target: lint in at most 2x the time of check.  Appends its figures to
# RESULTS.
#
# usage: bench/lint.sh BUILDDIR OUTDIR RESULTS
set -u
builddir=$1 out=$2 results=$3
cpu=${BENCH_CPU:-1}
rounds=${BENCH_LINT_ROUNDS:-7}
runs=${BENCH_LINT_RUNS:-3}
dir=$out/lint
mkdir -p "$dir/tree/accesses.d" "$dir/wide/accesses.d" || exit 1

. "${0%/*}/host.sh"
host_tool smackctl

echo "bench: the lint phase (trees in $dir)" >&2
mkdir -p "$dir/gen" &&
"$builddir/bench/gen-policy" li01 "$dir/gen" > /dev/null || exit 1
mv "$dir/gen/policy.rules" "$dir/tree/accesses.d/policy"
rm -rf "$dir/gen"
# The wide tree: labels of random letters under a namespace, and copies
# of some of them with one letter changed, each in one rule.
awk 'function rnd() { seed = (seed * 69069 + 1) % 4294967296
		      return int(seed / 65536) }
     BEGIN { seed = 24; n = 20000
	for (i = 0; i < n; i++) {
		w = ""
		for (j = 0; j < 30 + i % 5; j++)
			w = w sprintf("%c", 97 + rnd() % 26)
		label[i] = "User::App::" w "::" i
	}
	for (r = 0; r < 100000; r++)
		print label[rnd() % n], label[rnd() % n], "rw"
	for (r = 0; r < 500; r++) {
		for (j = 1; j <= 3; j++)
			print label[r], label[n - 3 * r - j], "x"
		l = label[r]; p = 12 + rnd() % 25
		c = substr(l, p, 1) == "q" ? "z" : "q"
		print label[rnd() % n], substr(l, 1, p - 1) c substr(l, p + 1), "r"
	}
     }' > "$dir/wide/accesses.d/policy"

# measure FIG ROLE ROUND TREE COMMAND: one timed measurement.
measure() {
	echo "$1 $2 $3 $($pin "$run" -n "$runs" -q "$tool" --config-dir "$4" \
		"$5")" >> "$results"
}

for fig in lint lint-wide; do
	tree=$dir/tree
	[ $fig = lint-wide ] && tree=$dir/wide
	cat "$tree/accesses.d/policy" > /dev/null
	r=1
	while [ "$r" -le "$rounds" ]; do
		if [ $((r % 2)) -eq 1 ]; then
			measure $fig tool "$r" "$tree" lint
			measure $fig floor "$r" "$tree" check
		else
			measure $fig floor "$r" "$tree" check
			measure $fig tool "$r" "$tree" lint
		fi
		r=$((r + 1))
	done
done

# The checks: every conflict of the generated tree and nothing else,
# every typo of the wide one.
"$tool" --config-dir "$dir/tree" lint > "$dir/lint.out"
[ "$(grep -c ' \[conflict\]$' "$dir/lint.out")" -eq 6000 ] &&
	[ "$(grep -c ': warning: ' "$dir/lint.out")" -eq 6000 ] &&
	result=ok || result=FAILED
echo "check lint-result - $result" >> "$results"
"$tool" --config-dir "$dir/wide" lint > "$dir/wide.out"
[ "$(grep -c ' \[typo\]$' "$dir/wide.out")" -eq 500 ] &&
	result=ok || result=FAILED
echo "check lint-wide-result - $result" >> "$results"
rm -rf "$dir/tree" "$dir/wide"
