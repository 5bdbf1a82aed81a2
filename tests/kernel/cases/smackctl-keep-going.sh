# smackctl apply --keep-going, the boot mode: every file of the tree that
# is valid is loaded whole, every file with an error is left out whole and
# named with its FILE:LINE errors, and the exit status is 1.  Without it, a
# single bad line leaves the kernel without any of the tree.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

mapping() {
	awk -v l="$1" '$1 == l { print; exit }' "$SMACKFS/cipso2"
}
onlycap() {
	tr -d ' \n' < "$SMACKFS/onlycap"
}
tree=$T/etc-smack
mkdir -p "$tree/accesses.d" "$tree/cipso.d" "$tree/netlabel.d"
printf 'KgApp KgData rw\n' > "$tree/accesses.d/10-good"
printf 'KgBad KgData r\nKgBad KgLog rwq\n' > "$tree/accesses.d/20-bad"
printf 'KgCip 4\n' > "$tree/cipso.d/good"
printf 'KgCipBad 300\n' > "$tree/cipso.d/bad"
printf '198.51.100.40 KgNet\n' > "$tree/netlabel.d/good"
printf '_\nKg/Admin\n' > "$tree/onlycap"
echo both > "$tree/logging"
echo 1 > "$SMACKFS/logging"

smackctl --config-dir "$tree" apply 2> "$T/err"
check_eq "a bad line without --keep-going: exit 1" 1 "$?"
check_fails "... and nothing of the tree is loaded" has_rule KgApp KgData rw
check_eq "... not even logging" 1 "$(cat "$SMACKFS/logging")"

smackctl --config-dir "$tree" apply --keep-going 2> "$T/err"
check_eq "--keep-going: exit 1" 1 "$?"
check "... each error with FILE:LINE" \
	grep -q "^smackctl: $tree/accesses.d/20-bad:2:" "$T/err"
check "... each bad file named" \
	grep -q "^smackctl: $tree/accesses.d/20-bad: left out: it has errors" "$T/err"
check "... the bad CIPSO file" grep -q "$tree/cipso.d/bad: left out" "$T/err"
check "... the bad onlycap file" grep -q "$tree/onlycap: left out" "$T/err"
check "... says onlycap is not set" grep -q "onlycap is not set" "$T/err"
check "... and what was left out" \
	grep -q "3 files and 0 knobs of the configuration left out; the rest is loaded" "$T/err"
check "the valid rule file is loaded" has_rule KgApp KgData rw
check_fails "the bad one is left out whole, its good line too" \
	grep -q '^KgBad ' "$SMACKFS/load2"
check_eq "the valid CIPSO file is loaded" "KgCip   4" "$(mapping KgCip)"
check_eq "the bad one is not" "" "$(mapping KgCipBad)"
check "the netlabel entry is loaded" \
	grep -qx '198.51.100.40/32 KgNet' "$SMACKFS/netlabel"
check_eq "a valid knob file is loaded" 3 "$(cat "$SMACKFS/logging")"
check_eq "onlycap is not set" "" "$(onlycap)"

# A valid tree: exit 0, as apply.
printf '_\n' > "$tree/onlycap"
rm "$tree/accesses.d/20-bad" "$tree/cipso.d/bad"
check "a valid tree with --keep-going: exit 0" \
	smackctl --config-dir "$tree" apply --keep-going
check_eq "... onlycap set" "_" "$(onlycap)"
smackctl knob onlycap -

# A knob the kernel lacks is refused before any write: left out, said, and
# the rest loaded.  (An onlycap list that leaves out the caller is set as
# written, which smackctl-knob tests with a process that can undo it.)
if [ ! -e "$SMACKFS/unconfined" ]; then
	echo _ > "$tree/unconfined"
	printf 'KgApp KgData rwx\n' > "$tree/accesses.d/10-good"
	echo none > "$tree/logging"
	smackctl --config-dir "$tree" apply 2> "$T/err"
	check_eq "a knob that cannot be set, without --keep-going: exit 1" 1 "$?"
	check "... nothing written" has_rule KgApp KgData rw
	smackctl --config-dir "$tree" apply --keep-going 2> "$T/err"
	check_eq "with --keep-going: exit 1" 1 "$?"
	check "... the knob the kernel lacks is left out" \
		grep -q "unconfined is left as the kernel has it" "$T/err"
	check "... the rest is loaded" has_rule KgApp KgData rwx
	check_eq "... knobs too" 0 "$(cat "$SMACKFS/logging")"
	rm -f "$tree/unconfined"
fi

# A file that cannot be opened (a link to nothing: a package's file
# removed) is left out like a file with an error; the rest is loaded.
ln -s /nonexistent "$tree/accesses.d/30-dangling"
printf 'KgLink KgData r\n' > "$tree/accesses.d/40-after"
smackctl --config-dir "$tree" apply --keep-going 2> "$T/err"
check_eq "a link to nothing with --keep-going: exit 1" 1 "$?"
check "... named as left out" \
	grep -q "accesses.d/30-dangling: left out" "$T/err"
check "... the files after it are loaded" has_rule KgLink KgData r
rm "$tree/accesses.d/30-dangling"

# An invariant with an error is not left out: it could hide a break.
mkdir -p "$tree/assert.d"
printf 'never KgBreak KgData w\nnever KgX KgY q\n' > "$tree/assert.d/10-inv"
printf 'KgBreak KgData rw\n' > "$tree/accesses.d/50-break"
smackctl --config-dir "$tree" apply --keep-going 2> "$T/err"
check_eq "an assert.d file with an error, --keep-going: exit 1" 1 "$?"
check "... says the tree is not loaded" \
	grep -q "an invariant of assert.d has errors: the tree is not loaded" \
	"$T/err"
check_fails "... the rule its good line forbids is not loaded" \
	has_rule KgBreak KgData rw
rm -r "$tree/assert.d" "$tree/accesses.d/50-break" "$tree/accesses.d/40-after"

smackctl --config-dir "$tree" --keep-going reload 2> /dev/null
check_eq "--keep-going is for apply only" 2 "$?"
smackctl clear
finish
