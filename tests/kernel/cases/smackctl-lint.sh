# smackctl lint's claims about the kernel.  The rules it says have no
# effect change no answer of the kernel: access2 answers every pair of
# the tree's labels and the system labels, for every letter and a few
# sets of them, alike with and without them.  The line it says wins a
# conflict is what the kernel holds after smackctl apply: the later file,
# the later line of a file.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

tree=$T/etc-smack
a=$tree/accesses.d
mkdir -p "$a"
# Every label of the rules below is known to the kernel in both runs.
printf '%s\n' 'LnA LnB r' 'LnT LnB r' 'LnU LnB w' 'LnL LnB x' \
	'LnP LnA a' 'LnK _ w' > "$a/10-base"
printf '%s\n' 'LnA LnA rw' 'LnA * w' 'LnA @ w' '@ LnA r' '* LnA rwx' \
	'LnT _ rx' 'LnU _ l' '^ LnB l' 'LnL LnP -' > "$a/20-none"

smackctl --config-dir "$tree" lint > "$T/lint"
check_eq "lint: warnings alone exit 0" 0 "$?"
for n in 1 2 3 4 5 6 7 8 9; do
	check "... line $n of 20-none has no effect" grep -q \
		"^$a/20-none:$n:1: warning: .* has no effect: .* \[no-effect\]\$" \
		"$T/lint"
done
check_eq "... and nothing else" 9 "$(wc -l < "$T/lint")"

# The answers of access2 for every subject, object and access asked.
labels='LnA LnB LnT LnU LnL LnP LnK _ * @ ^'
set -f
for s in $labels; do
	for o in $labels; do
		for acc in r w x a t l b rx rl wl rwxatlb; do
			echo "$s $o $acc"
		done
	done
done > "$T/queries"
set +f
answers() {
	smackctl clear > /dev/null &&
	smackctl --config-dir "$tree" apply &&
	smackaccess -f "$T/queries" > "$1"
}
check "with the rules lint says have no effect" answers "$T/with"
mv "$a/20-none" "$T/20-none"
check "without them" answers "$T/without"
check_eq "... 1331 answers" 1331 "$(wc -l < "$T/without")"
check "... every answer the same" cmp -s "$T/with" "$T/without"
paste -d ' ' "$T/queries" "$T/with" "$T/without" | awk '$4 != $5' | head -5 |
	sed 's/^/# differs: /'
# A rule lint does not flag changes an answer: the comparison can fail.
echo 'LnK _ rx' > "$a/30-some"
answers "$T/some"
check "... and a rule with an effect changes one" \
	sh -c '! cmp -s "$1" "$2"' sh "$T/without" "$T/some"
smackctl --config-dir "$tree" lint > "$T/lint"
check_eq "... which lint does not flag as no-effect" "" \
	"$(grep -F '30-some' "$T/lint" | grep -F '[no-effect]')"
rm "$a/30-some"

# Conflicts: the line lint says wins is the kernel's.
rm -f "$a"/*
printf '%s\n' 'CfS CfO rw' 'CfS CfN rwx' 'CfS CfN r' > "$a/10-a"
printf '%s\n' 'CfS CfO r' > "$a/20-b"
smackctl --config-dir "$tree" lint > "$T/lint"
check "lint: the later file wins" grep -qxF \
	"$a/20-b:1:1: warning: rule \"CfS CfO r\" gives the pair other access than \"CfS CfO rw\" at $a/10-a:1; this line wins: its file is read later (the files are read in name order) [conflict]" \
	"$T/lint"
check "... the later line of a file" grep -qxF \
	"$a/10-a:3:1: warning: rule \"CfS CfN r\" gives the pair other access than \"CfS CfN rwx\" at $a/10-a:2; this line wins: it comes later in the file [conflict]" \
	"$T/lint"
smackctl clear > /dev/null
check "apply" smackctl --config-dir "$tree" apply
check "... the kernel holds the later file's" has_rule CfS CfO r
check "... and the later line's" has_rule CfS CfN r
check_eq "... and access2 agrees" "1 0" "$(printf 'CfS CfO r\nCfS CfO w\n' |
	smackaccess -f - | paste -sd ' ')"
smackctl clear > /dev/null
finish
