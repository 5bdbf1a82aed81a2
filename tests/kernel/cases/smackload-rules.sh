# smackload: loading, the order of rules, long labels, -c, several paths,
# standard input, --verbose and --check.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

# 10,000 rules over 100 x 100 labels, access cycling through 4 strings.
awk 'BEGIN {
	split("r rw rwx rwxa", acc, " ")
	for (i = 0; i < 10000; i++)
		printf "LdS%d LdO%d %s\n", i % 100, int(i / 100), acc[i % 4 + 1]
}' > "$T/many.rules"
check "smackload loads 10,000 rules" smackload "$T/many.rules"
# The access strings are already in the kernel's letter order.
sort "$T/many.rules" > "$T/many.want"
grep '^LdS' "$SMACKFS/load2" | sort > "$T/many.got"
check "all 10,000 are in load2 with their access" cmp -s "$T/many.want" "$T/many.got"

# 10,000 rules over 50 x 50 labels: every pair four times, so the last of
# its plain rules decides, and a third of the pairs end with a change-rule
# that adds x.  Enough rules for the filters that find repeated pairs
# (accesses-walk.c) to give false alarms.  Pairs left with no access are
# not listed in load2.
awk 'BEGIN {
	n = split("r rw - a wt rwxa", acc, " ")
	for (i = 0; i < 10000; i++) {
		p = (i * 7919) % 2500
		a = acc[(i * 13 + int(i / 2500)) % n + 1]
		printf "LrS%d LrO%d %s\n", p % 50, int(p / 50), a
		last[p] = a
	}
	for (p = 0; p < 2500; p += 3)
		printf "LrS%d LrO%d x -\n", p % 50, int(p / 50)
	for (p = 0; p < 2500; p++) {
		a = last[p]
		if (p % 3 == 0)
			a = a "x"
		got = ""
		for (k = 1; k <= 7; k++)
			if (index(a, substr("rwxatlb", k, 1)))
				got = got substr("rwxatlb", k, 1)
		if (got != "")
			printf "LrS%d LrO%d %s\n", p % 50, int(p / 50), got \
				> "/dev/stderr"
	}
}' > "$T/repeats.rules" 2> "$T/repeats.unsorted"
sort "$T/repeats.unsorted" > "$T/repeats.want"
check "smackload loads 10,000 rules of 2,500 pairs" \
	smackload "$T/repeats.rules"
grep '^LrS' "$SMACKFS/load2" | sort > "$T/repeats.got"
check "each pair has what its last rules give it" \
	cmp -s "$T/repeats.want" "$T/repeats.got"

# Later rules for a pair win, across files of a directory too.
mkdir "$T/order.d"
printf 'LdA LdB rwx\nLdA LdB r\n' > "$T/order.d/10-first"
printf 'LdA LdB w\nLdA LdC rx\n' > "$T/order.d/20-second"
printf 'LdA LdC -\n' > "$T/order.d/30-third"
printf 'LdA LdD rwxat\n' > "$T/order.d/.hidden"
printf 'LdA LdD rwxat\n' > "$T/order.d/40-backup~"
check "smackload takes a directory" smackload "$T/order.d"
check "the last rule for a pair wins" has_rule LdA LdB w
check_fails "a rule set to - is gone" grep -q '^LdA LdC ' "$SMACKFS/load2"
check_fails "dot files and backups are skipped" grep -q '^LdA LdD ' "$SMACKFS/load2"

# Change rules (4 fields) modify what the lines before them gave.
printf 'LdM LdN rwx\nLdM LdN a w\nLdM LdP r -\n' > "$T/modify.rules"
check "smackload takes allow/deny rules" smackload "$T/modify.rules"
check "allow/deny modifies the earlier access" has_rule LdM LdN rxa
check "allow/deny on a new pair" has_rule LdM LdP r

# What a 4-field rule starts from, as smack-rules(5) says for each tool:
# for smackload, what the kernel holds when no line before it in the input
# names the pair; for smackctl, the tree is the whole policy, so nothing.
echo 'LdK LdL rwx' | smackload
echo 'LdK LdL - x' | smackload
check "smackload: allow/deny changes what the kernel holds" has_rule LdK LdL rw
echo 'LdK2 LdL rwx' | smackload
mkdir -p "$T/tree4/accesses.d"
echo 'LdK2 LdL a x' > "$T/tree4/accesses.d/only"
check "smackctl apply of a tree with only allow/deny" \
	smackctl --config-dir "$T/tree4" apply
check "smackctl: allow/deny starts from nothing" has_rule LdK2 LdL a

# Labels of 255 characters (the longest the kernel takes).
long_s=$(printf 'S%0254d' 0)
long_o=$(printf 'O%0254d' 7)
printf '%s %s rx\n' "$long_s" "$long_o" > "$T/long.rules"
check "smackload loads a rule of two 255-character labels" smackload "$T/long.rules"
check "the 255-character rule is in load2" has_rule "$long_s" "$long_o" rx

# Several paths, standard input and "-".
printf 'LdX1 LdY r\n' > "$T/x1"
printf 'LdX2 LdY w\n' > "$T/x2"
check "several paths" smackload "$T/x1" "$T/x2"
check "the first path's rule" has_rule LdX1 LdY r
check "the second path's rule" has_rule LdX2 LdY w
printf 'LdX3 LdY x\n' | smackload
check "rules from standard input" has_rule LdX3 LdY x
printf 'LdX4 LdY a\n' | smackload "$T/x1" -
check "rules from - among paths" has_rule LdX4 LdY a

# -c removes exactly the given rules.
printf 'LdK1 LdK r\nLdK2 LdK w\nLdK3 LdK x\n' | smackload
printf 'LdK1 LdK rwx\nLdK3 LdK r\n' > "$T/clear.rules"
check "smackload -c" smackload -c "$T/clear.rules"
check_fails "-c removed the first rule" grep -q '^LdK1 LdK ' "$SMACKFS/load2"
check_fails "-c removed the third rule" grep -q '^LdK3 LdK ' "$SMACKFS/load2"
check "-c left the rule it was not given" has_rule LdK2 LdK w
check "--clear is -c" smackload --clear "$T/x1"
check_fails "--clear removed it" grep -q '^LdX1 LdY ' "$SMACKFS/load2"

# --verbose counts, --check touches nothing.
out=$(smackload --verbose "$T/x1")
check "--verbose says how many rules were loaded" \
	sh -c 'printf "%s\n" "$1" | grep -q "^loaded 1 rules in [0-9.]* s$"' sh "$out"
printf 'LdChk LdChk2 rwx\n' > "$T/check.rules"
check "--check accepts valid rules" smackload --check "$T/check.rules"
check_fails "--check loads nothing" grep -q '^LdChk ' "$SMACKFS/load2"
finish
