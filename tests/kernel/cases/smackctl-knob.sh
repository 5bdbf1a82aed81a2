# smackctl knob: show and set the knobs; the onlycap guard, from the
# command line and from the tree; --force; kernel refusals.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

smackctl knob > "$T/all"
check_eq "knob lists the knobs" 0 "$?"
check "... onlycap (empty)" grep -qx "onlycap -" "$T/all"
check "... logging" grep -qx "logging 1" "$T/all"
check "... ptrace" grep -qx "ptrace 0" "$T/all"
check "... ambient" grep -qx "ambient _" "$T/all"

check "knob logging both" smackctl knob logging both
check_eq "... sets 3" "3" "$(cat "$SMACKFS/logging")"
check_eq "knob logging shows it" "3" "$(smackctl knob logging)"
check "knob ptrace draconian" smackctl knob ptrace draconian
check_eq "... sets 2" "2" "$(cat "$SMACKFS/ptrace")"
check "knob ptrace 0" smackctl knob ptrace 0
check "knob ambient" smackctl knob ambient KnAmbient
check_eq "... sets it" "KnAmbient" "$(tr -d '\0' < "$SMACKFS/ambient")"
check "knob doi" smackctl knob doi 7
check_eq "... sets it" "7" "$(cat "$SMACKFS/doi")"
check "knob direct" smackctl knob direct 200
check_eq "... sets it" "200" "$(cat "$SMACKFS/direct")"
check_eq "knob --dry-run prints the write" "knob mapped 201" \
	"$(smackctl --dry-run knob mapped 201)"
check_eq "... and does not make it" "251" "$(cat "$SMACKFS/mapped")"
# What a dry run prints, as smackctl(8) says: the value as it is written.
check_eq "--dry-run: a word as its number" "knob logging 0" \
	"$(smackctl -n knob logging none)"
check_eq "--dry-run: a list once each label" "knob onlycap KnB KnA _" \
	"$(smackctl -n knob onlycap KnB KnA KnB _)"
check_eq "--dry-run: an empty list" "knob onlycap -" "$(smackctl -n knob onlycap -)"
out=$(smackctl -n knob onlycap KnOther 2> /dev/null)
check_eq "--dry-run: the onlycap guard still refuses: exit 1" 1 "$?"
check_eq "... printing nothing" "" "$out"
if [ ! -e "$SMACKFS/unconfined" ]; then
	check_eq "--dry-run does not ask whether the kernel has the knob" \
		"knob unconfined KnU" "$(smackctl -n knob unconfined KnU)"
fi
mkdir -p "$T/dry/accesses.d"
echo 'KnDry KnObj r' > "$T/dry/accesses.d/r"
echo _ > "$T/dry/onlycap"
echo denied > "$T/dry/logging"
echo draconian > "$T/dry/ptrace"
check_eq "--dry-run apply: the knobs that differ, onlycap last" \
	"rule KnDry KnObj r
knob logging 1
knob ptrace 2
knob onlycap _" "$(smackctl --config-dir "$T/dry" -n apply)"

# Bad values: exit 2, a message, the knob unchanged.
for bad in "logging 4" "logging loud" "ptrace 3" "direct 256" "doi 0" \
	   "ambient a/b" "ambient a b"; do
	# shellcheck disable=SC2086
	smackctl knob $bad 2> "$T/err"
	check_eq "knob $bad exits 2" 2 "$?"
	check "knob $bad says why" grep -q "^smackctl: ${bad%% *}: " "$T/err"
done
check_eq "the bad values changed nothing" "3 0 KnAmbient" \
	"$(cat "$SMACKFS/logging") $(cat "$SMACKFS/ptrace") $(tr -d '\0' < "$SMACKFS/ambient")"
smackctl knob nosuchknob 2> /dev/null
check_eq "an unknown knob exits 2" 2 "$?"
if [ ! -e "$SMACKFS/unconfined" ]; then
	smackctl knob unconfined KnX 2> "$T/err"
	check_eq "a knob this kernel lacks: exit 1" 1 "$?"
	check "... says so" grep -q "this kernel has no unconfined knob" "$T/err"
fi

# The onlycap guard: a list without our label "_" is refused.
smackctl knob onlycap KnOther 2> "$T/err"
check_eq "onlycap without our label: exit 1" 1 "$?"
check "... explains the lock-out" grep -q 'leaves out this process.s label "_"' "$T/err"
check_eq "... and onlycap is untouched" "" "$(tr -d ' ' < "$SMACKFS/onlycap")"
check "onlycap with our label" smackctl knob onlycap KnOther _
check "... is set" grep -q "KnOther" "$SMACKFS/onlycap"
check "knob onlycap - clears it" smackctl knob onlycap -
check_eq "... cleared" "" "$(tr -d ' ' < "$SMACKFS/onlycap")"

# From the tree, onlycap is the configuration: set as written, after the
# rules, with a warning; a keeper process labeled KnKeeper can undo it.
mkdir -p "$T/tree/accesses.d"
printf 'KnS KnO r\n' > "$T/tree/accesses.d/r"
echo KnKeeper > "$T/tree/onlycap"
smackctl --config-dir "$T/tree" --dry-run apply > "$T/out" 2> "$T/err"
check_eq "a dry run of a tree whose onlycap leaves us out: exit 0" 0 "$?"
check "... lists the list" grep -qx "knob onlycap KnKeeper" "$T/out"
check "... and warns" \
	grep -q 'onlycap "KnKeeper" leaves out this process.s label "_"' "$T/err"
keeper() {
	printf KnKeeper > /proc/self/attr/current || exit 1
	while [ ! -e "$T/undo" ]; do sleep 0.1; done
	echo - > "$SMACKFS/onlycap"
}
rm -f "$T/undo"
keeper &
keeper_pid=$!
sleep 0.2
smackctl --config-dir "$T/tree" apply 2> "$T/err"
check_eq "apply sets a tree's onlycap that leaves us out: exit 0" 0 "$?"
check "... with the warning" \
	grep -q 'onlycap "KnKeeper" leaves out this process.s label "_"' "$T/err"
check "... after loading its rules" has_rule KnS KnO r
check_eq "... onlycap is KnKeeper" "KnKeeper" "$(tr -d ' ' < "$SMACKFS/onlycap")"
# Now the kernel refuses us: every tool must exit non-zero.
printf 'KnT KnO r\n' > "$T/more"
smackload "$T/more" 2> "$T/err"
check_eq "smackload refused by onlycap: exit 1" 1 "$?"
check "... says so" grep -q "the kernel refused rule 1 of 1.*not permitted" "$T/err"
smackctl knob logging 0 2> "$T/err"
check_eq "knob refused by onlycap: exit 1" 1 "$?"
check "... says so" grep -q "the kernel refused logging" "$T/err"
smackctl --force knob onlycap - 2> /dev/null
check_eq "even clearing onlycap is refused" 1 "$?"
touch "$T/undo"
wait "$keeper_pid"
check_eq "the keeper cleared onlycap" "" "$(tr -d ' ' < "$SMACKFS/onlycap")"
check "smackload works again" smackload "$T/more"
finish
