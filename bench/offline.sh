# SPDX-License-Identifier: GPL-2.0-or-later
#
# The offline phase of the benchmark's guest (sourced by guest.sh, which
# gives record, verdict, alternate, $T and the tools): smackaccess -f of
# 100,000 queries answered from a tree (--config-dir, no kernel) against
# the same queries answered by the kernel (smackaccess -f, access2), the
# tree being the generated 100,000-rule policy, loaded into the kernel
# too.  Issue 24's target: the tree at least 10x faster (<= 0.10x).

# The queries: the pairs of the policy's rules, every other one reversed
# (mostly no rule), each asking one of a few accesses.
offline_queries() {
	awk 'BEGIN { split("r w x rx a l rwxa t", access, " ") }
	     { if (NR % 2) print $1, $2, access[NR % 8 + 1]
	       else print $2, $1, access[NR % 8 + 1] }' "$1"
}

offline_tool() {
	record offline tool "$1" "$SMACKACCESS" --config-dir "$T/offline" \
		-f "$T/offline.queries"
}

offline_floor() {
	record offline floor "$1" "$SMACKACCESS" -f "$T/offline.queries"
}

bench_offline() {
	mkdir -p "$T/offline/accesses.d" "$T/of01"
	"$bin/gen-policy" of01 "$T/of01" > /dev/null
	cp "$T/of01/policy.rules" "$T/offline/accesses.d/policy"
	"$bin/floor-load" "$T/of01/merged.rules"
	offline_queries "$T/of01/policy.rules" > "$T/offline.queries"
	rm -rf "$T/of01"
	echo "offline n - queries=$(wc -l < "$T/offline.queries")" >> "$results"
	"$SMACKACCESS" --config-dir "$T/offline" -f "$T/offline.queries" \
		> "$T/offline.tree"
	"$SMACKACCESS" -f "$T/offline.queries" > "$T/offline.kernel"
	verdict offline-answers cmp -s "$T/offline.tree" "$T/offline.kernel"
	echo "note - - offline: $(grep -c 1 "$T/offline.kernel") of" \
		"$(wc -l < "$T/offline.kernel") queries allowed" >> "$results"
	rm -f "$T/offline.tree" "$T/offline.kernel"
	alternate offline 3
}
