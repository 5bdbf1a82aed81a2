# Invariants, assert.d: a tree whose rules break one is refused before
# the first write by smackctl check, apply and reload (--force or not)
# and by smackload --config-dir, each naming the invariant's place and
# the rule's, with the exit status of a tree with errors; the kernel's
# rules, CIPSO mappings and onlycap list stay exactly as they were.  A
# tree that keeps its invariants loads.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

tree=$T/etc-smack
mkdir -p "$tree/accesses.d" "$tree/cipso.d" "$tree/assert.d"
echo 'AsApp::a AsKeys r' > "$tree/accesses.d/10-app"
echo 'AsCip 5' > "$tree/cipso.d/cip"
echo '_ AsAdmin' > "$tree/onlycap"
printf '%s\n' '# the platform keys' 'never AsApp::* AsKeys wa' \
	'always AsApp::a AsKeys r' 'never \* AsKeys rwxatlb' \
	> "$tree/assert.d/10-platform"

check "a tree that keeps its invariants is valid" \
	smackctl --config-dir "$tree" check
check "... and applied" smackctl --config-dir "$tree" apply
check "... its rule" has_rule AsApp::a AsKeys r
check "... its mapping" grep -Eq '^AsCip +5$' "$SMACKFS/cipso2"

# The same tree, changed in every class, with a rule that breaks one.
echo 'AsApp::b AsKeys rw' > "$tree/accesses.d/20-more"
echo 'AsCip2 7' > "$tree/cipso.d/cip"
echo '_ AsOther' > "$tree/onlycap"
snapshot() {
	cat "$SMACKFS/load2" "$SMACKFS/cipso2" "$SMACKFS/onlycap"
}
snapshot > "$T/before"
where="$tree/assert.d/10-platform:2:1: \"never AsApp::\\* AsKeys wa\" is broken: \"AsApp::b\" gets w on \"AsKeys\" by $tree/accesses.d/20-more:1:1"

smackctl --config-dir "$tree" check 2> "$T/err"
check_eq "check: exit 1" 1 "$?"
check "... naming the invariant and the rule" grep -q "^smackctl: $where\$" \
	"$T/err"
for cmd in apply reload "apply --force" "reload --force" \
	"apply --keep-going"; do
	smackctl --config-dir "$tree" $cmd 2> "$T/err"
	check_eq "$cmd: exit 1" 1 "$?"
	check "... naming both places" grep -q "^smackctl: $where\$" "$T/err"
	snapshot > "$T/after"
	check "... the kernel as it was" cmp -s "$T/before" "$T/after"
done

check_eq "status: the drift of a tree that is not loaded is unknown" \
	"drift: unknown (the configuration breaks its invariants: see smackctl check)" \
	"$(smackctl --config-dir "$tree" status | grep '^drift')"
check_eq "... drift=unknown" "drift=unknown" \
	"$(smackctl --config-dir "$tree" -k status | grep '^drift=')"

smackload --config-dir "$tree" 2> "$T/err"
check_eq "smackload --config-dir: exit 1" 1 "$?"
check "... naming both places" grep -q "^smackload: $where\$" "$T/err"
snapshot > "$T/after"
check "... the kernel as it was" cmp -s "$T/before" "$T/after"
echo 'AsApp::c AsKeys a' > "$T/more-rules"
smackload --config-dir "$tree" "$T/more-rules" 2> "$T/err"
check_eq "smackload --config-dir PATH: the PATH's rules checked" 1 "$?"
check "... naming the PATH's rule" grep -q \
	"gets a on \"AsKeys\" by $T/more-rules:1:1\$" "$T/err"
snapshot > "$T/after"
check "... the kernel as it was" cmp -s "$T/before" "$T/after"

# A built-in rule breaks one too: object "*" is open to every label.
rm "$tree/accesses.d/20-more"
echo 'never AsLone \* r' > "$tree/assert.d/20-star"
smackctl --config-dir "$tree" apply 2> "$T/err"
check_eq "a break by a built-in rule: apply exits 1" 1 "$?"
check "... saying which" grep -q \
	"20-star:1:1: \"never AsLone \\\\\\* r\" is broken: \"AsLone\" gets r on \"\\*\": a built-in rule: object \"\\*\" is open to every label\$" \
	"$T/err"
snapshot > "$T/after"
check "... the kernel as it was" cmp -s "$T/before" "$T/after"

rm "$tree/assert.d/20-star"
echo 'AsApp::b AsKeys r' > "$tree/accesses.d/20-more"
check "kept again: reload" smackctl --config-dir "$tree" reload
check "... the new rule" has_rule AsApp::b AsKeys r
check "... the new mapping" grep -Eq '^AsCip2 +7$' "$SMACKFS/cipso2"
check "... the new onlycap" grep -q AsOther "$SMACKFS/onlycap"
smackctl knob onlycap -
smackctl clear
printf 'AsApp::a AsKeys r\nAsApp::d AsKeys x\n' > "$T/more-rules"
check "smackload --config-dir PATH that keeps them" \
	smackload --config-dir "$tree" "$T/more-rules"
check "... loads the PATH's rules" has_rule AsApp::d AsKeys x
check_fails "... and not the tree's" has_rule AsApp::b AsKeys r
smackctl clear
check "smackload --config-dir" smackload --config-dir "$tree"
check "... loads the tree's rules" has_rule AsApp::b AsKeys r
smackctl clear
finish
