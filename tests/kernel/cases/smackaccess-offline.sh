# smackaccess --config-dir answers from a tree alone as the kernel answers
# once the tree is loaded: a generated tree of a thousand rules over a few
# dozen labels (the system labels among them, four-field rules, pairs
# named again in later lines and files), every subject, object and access
# asked of both, each side in one smackaccess -f run.
. "$SRCDIR/tests/kernel/lib.sh"

tree=$T/tree
mkdir -p "$tree/accesses.d"
awk -v dir="$tree/accesses.d" 'BEGIN {
	srand(24)
	n = split("_ ^ * @", label, " ")
	for (i = 1; i <= 28; i++)
		label[++n] = "Of" i
	split("r w x a t l b", letter, " ")
	for (f = 1; f <= 4; f++) {
		file = sprintf("%s/%02d-gen", dir, f * 10)
		for (i = 0; i < 250; i++) {
			s = label[int(rand() * n) + 1]
			o = label[int(rand() * n) + 1]
			allow = ""; deny = ""
			for (j = 1; j <= 7; j++) {
				c = rand()
				if (c < 0.3) allow = allow letter[j]
				else if (c < 0.45) deny = deny letter[j]
			}
			if (allow == "") allow = "-"
			if (deny == "") deny = "-"
			if (rand() < 0.25)
				print s, o, allow, deny > file
			else
				print s, o, allow > file
		}
	}
	# every label in a rule, so that the kernel knows each
	for (i = 1; i <= n; i++)
		print "Of1", label[i], "r" > (dir "/99-every")
}'
check "smackctl apply loads the generated tree" smackctl --config-dir "$tree" apply

for s in _ ^ '*' @ $(seq -f 'Of%g' 1 28); do
	for o in _ ^ '*' @ $(seq -f 'Of%g' 1 28); do
		for a in r w x a t l b - rx rl wl rwxatlb; do
			printf '%s %s %s\n' "$s" "$o" "$a"
		done
	done
done > "$T/queries"
check_eq "the queries cover 32 labels squared, 12 accesses each" \
	$((32 * 32 * 12)) "$(wc -l < "$T/queries")"

smackaccess -f "$T/queries" > "$T/kernel"
check_eq "the kernel answers every query" 0 $?
smackaccess --config-dir "$tree" -f "$T/queries" > "$T/offline"
check_eq "the tree answers every query, with no kernel" 0 $?
if cmp -s "$T/kernel" "$T/offline"; then
	pass "every answer from the tree equals the kernel's"
else
	fail "answers differ from the kernel's (query kernel tree):"
	paste -d' ' "$T/queries" "$T/kernel" "$T/offline" |
		awk '$4 != $5' | head -20 | sed 's/^/#   /'
fi

# --explain agrees with the answers and names a line of the tree.
smackaccess --config-dir "$tree" --explain -f "$T/queries" > "$T/explained"
check_eq "--explain answers the same" "$(cat "$T/offline")" \
	"$(cut -c1 "$T/explained")"
check "--explain names the deciding line" grep -q \
	"^[01] the rules\{0,1\} \"[^ ]* [^ ]* [a-z-]*\" ($tree/accesses.d/[0-9]*-[a-z]*:[0-9]*" \
	"$T/explained"
finish
