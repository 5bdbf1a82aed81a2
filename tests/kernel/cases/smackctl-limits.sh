# The kernel's limits, checked before the first write: an onlycap list
# takes one write of at most a page (4096 bytes), so a longer one is an
# error of the tree, with its file, line and column, and nothing of the
# tree is written; the longest labels, rules and mappings load whole.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/loader/uml-env.sh"

page=$(getconf PAGESIZE)
# labels N LEN PREFIX: N labels of LEN bytes, one a line.
labels() {
	i=0
	while [ "$i" -lt "$1" ]; do
		printf "%s%0$(($2 - ${#3}))d\n" "$3" "$i"
		i=$((i + 1))
	done
}
tree=$T/etc-smack
mkdir -p "$tree/accesses.d" "$tree/cipso.d"
echo 'LmApp LmData rw' > "$tree/accesses.d/app"
echo 'LmCip 5' > "$tree/cipso.d/cip"
# "_", then 16 labels of 240 bytes and one of 238: 4096 bytes in all,
# joined by spaces.
{ echo _; labels 16 240 LmA; labels 1 238 LmB; } > "$tree/onlycap"
check "an onlycap list of $page bytes is valid" \
	smackctl --config-dir "$tree" check
check "... and applied" smackctl --config-dir "$tree" apply
check_eq "... whole" 18 "$(tr ' ' '\n' < "$SMACKFS/onlycap" | grep -c .)"
smackctl knob onlycap -
smackctl clear

{ echo _; labels 16 240 LmA; labels 1 239 LmB; } > "$tree/onlycap"
echo 'LmCip2 5' > "$tree/cipso.d/cip"
smackctl --config-dir "$tree" check 2> "$T/err"
check_eq "one byte more: check fails" 1 "$?"
check "... at the label that makes it too long" grep -q \
	"^smackctl: $tree/onlycap:18:1: onlycap: the list is 4097 bytes long from this label on; the kernel takes at most $page in one write" \
	"$T/err"
smackctl --config-dir "$tree" apply 2> "$T/err"
check_eq "apply fails" 1 "$?"
check "... before the first write: no rule" \
	sh -c "! grep -q '^LmApp ' '$SMACKFS/load2'"
check_fails "... no CIPSO mapping" grep -Eq '^LmCip2 +5$' "$SMACKFS/cipso2"
check_eq "... no onlycap" "" "$(tr -d ' \n' < "$SMACKFS/onlycap")"

smackctl knob onlycap _ $(labels 16 240 LmA) $(labels 1 239 LmB) 2> "$T/err"
check_eq "knob onlycap with 4097 bytes: bad usage" 2 "$?"
check "... saying why" grep -q \
	"^smackctl: onlycap: the list is 4097 bytes long; the kernel takes at most $page" \
	"$T/err"
check_eq "... and nothing written" "" "$(tr -d ' \n' < "$SMACKFS/onlycap")"

# The longest of everything else fits one write: labels of 255 bytes in
# rules of three and four fields, a mapping with 184 categories.
s=$(labels 1 255 LmS)
o=$(labels 1 255 LmO)
printf '%s %s rwxatlb\n%s %s rwxa lb\n' "$s" "$o" "$o" "$s" > "$T/long-rules"
check "smackload: rules of 255-byte labels" smackload "$T/long-rules"
check "... the three-field one" has_rule "$s" "$o" rwxatlb
check "... the four-field one" has_rule "$o" "$s" rwxa
smackctl clear
rm "$tree/onlycap"
cp "$T/long-rules" "$tree/accesses.d/long"
awk -v l="$s" 'BEGIN { printf "%s 255", l; for (i = 1; i <= 184; i++) printf " %d", i
	print "" }' > "$tree/cipso.d/long"
check "smackctl: the longest rules and mapping" smackctl --config-dir "$tree" apply
check "... the rule" has_rule "$s" "$o" rwxatlb
check "... the mapping" grep -q "^$s 255/1,2,3,.*,183,184\$" "$SMACKFS/cipso2"
smackctl clear
finish
