# smackcipso: loading CIPSO mappings from a file, a directory and standard
# input, --list, --check, and bad input refused with FILE:LINE before
# anything reaches the kernel.
. "$SRCDIR/tests/kernel/lib.sh"

# mapping LABEL: the kernel's cipso2 line for LABEL, or nothing.
mapping() {
	awk -v l="$1" '$1 == l { print; exit }' "$SMACKFS/cipso2"
}

cat > "$T/cipso" <<'MAP'
# CIPSO mappings
CipToolA 3 5 19
CipToolB	200	184 1 100

CipToolC 0
MAP
check "smackcipso loads a file" smackcipso "$T/cipso"
check_eq "two-digit categories read back exactly" "CipToolA   3/5,19" \
	"$(mapping CipToolA)"
check_eq "categories read back sorted" "CipToolB 200/1,100,184" \
	"$(mapping CipToolB)"
check_eq "a mapping without categories" "CipToolC   0" "$(mapping CipToolC)"

smackcipso --list > "$T/list"
check "--list shows a loaded mapping in the input format" \
	grep -qxF "CipToolA 3 5 19" "$T/list"
check "--list shows every loaded mapping" grep -qxF "CipToolB 200 1 100 184" \
	"$T/list"
check_fails "--list leaves out labels without a mapping" \
	grep -q '^_ ' "$T/list"
check "--list --all includes them" sh -c 'smackcipso --list --all | grep -qx "_ 250 2 4 5 6 7 8"'

# A label the kernel knows but has no mapping for: under 24 bytes it is
# shown at the direct level with its own bytes as categories, from 24 bytes
# on at the mapped level with the bits of its secid.  --list leaves out both.
short23=CipToolShortNoMapping23
long33=CipToolLongLabelWithoutMapping033
mapped=$(cat "$SMACKFS/mapped")
: > "$T/unmapped-short"
: > "$T/unmapped-long"
setfattr -n security.SMACK64 -v "$short23" "$T/unmapped-short"
setfattr -n security.SMACK64 -v "$long33" "$T/unmapped-long"
check "the kernel shows the 33-character label at the mapped level" \
	sh -c "grep -q '^$long33 *$mapped/' '$SMACKFS/cipso2'"
smackcipso --list > "$T/list"
check_fails "--list leaves out a 23-character label without a mapping" \
	grep -q "^$short23 " "$T/list"
check_fails "--list leaves out a 33-character label without a mapping" \
	grep -q "^$long33 " "$T/list"
smackcipso --list --all > "$T/list-all"
check "--list --all includes the 33-character label" \
	grep -q "^$long33 $mapped " "$T/list-all"
long24=CipToolLongLabelMapped24
printf '%s 7 3 40\nCipToolLongAtMappedLevel %s 3 40\n' "$long24" "$mapped" |
	smackcipso
smackcipso --list > "$T/list"
check "--list keeps a mapping of a long label" \
	grep -qxF "$long24 7 3 40" "$T/list"
check "and one at the mapped level with a category over 32" \
	grep -qxF "CipToolLongAtMappedLevel $mapped 3 40" "$T/list"

printf 'CipToolStdin 9 9\n' | smackcipso
check_eq "smackcipso reads standard input" "CipToolStdin   9/9" \
	"$(mapping CipToolStdin)"
printf 'CipToolDash 8\n' | smackcipso -
check_eq "and '-' is standard input" "CipToolDash   8" "$(mapping CipToolDash)"

mkdir "$T/cipso.d"
printf 'CipToolDir 1 1\n' > "$T/cipso.d/10-first"
printf 'CipToolDir 2 2\n' > "$T/cipso.d/20-second"
printf 'CipToolDir 3 3\n' > "$T/cipso.d/30-backup~"
check "smackcipso loads a directory" smackcipso "$T/cipso.d"
check_eq "its files in name order, backups skipped" "CipToolDir   2/2" \
	"$(mapping CipToolDir)"

long=$(printf '%0255d' 0 | tr 0 L)
printf '%s 4 7\n' "$long" > "$T/long"
check "a 255-character label is loaded" smackcipso "$T/long"
check_eq "and reads back" "$long   4/7" "$(mapping "$long")"

# Bad input: each error named with file, line and column, and nothing
# loaded, not even the good line before it.
cat > "$T/bad" <<'MAP'
CipToolHalf 1 2
CipToolBadLevel 256
CipToolBadCat 3 0 185
CipToolWord 3 x
MAP
cat "$SMACKFS/cipso2" > "$T/before"
# smackfs files have no size: compare a copy, not the file itself (cmp
# would see 0 bytes against some).
same_as_before() {
	cat "$SMACKFS/cipso2" > "$T/after" && cmp -s "$T/before" "$T/after"
}
smackcipso "$T/bad" 2> "$T/err"
check_eq "bad input exits 1" 1 $?
check "the level error names file, line and column" grep -qF \
	"smackcipso: $T/bad:2:17: level \"256\" is out of range (0..255)" "$T/err"
check "a category 0 is refused at its column" grep -qF \
	"$T/bad:3:17: category \"0\" is out of range (1..184)" "$T/err"
check "a category 185 is refused at its column" grep -qF \
	"$T/bad:3:19: category \"185\" is out of range (1..184)" "$T/err"
check "a word is not a category" grep -qF \
	"$T/bad:4:15: category \"x\" is not a number" "$T/err"
check_eq "nothing was loaded" "" "$(mapping CipToolHalf)"
check "cipso2 is unchanged (no label even created)" same_as_before

awk 'BEGIN { printf "CipToolMany 1"
	for (i = 0; i < 185; i++) printf " %d", i % 184 + 1
	print "" }' > "$T/many"
check_fails "more than 184 categories are refused" smackcipso "$T/many"
check_eq "and not loaded" "" "$(mapping CipToolMany)"

printf 'CipToolChecked 5\n' > "$T/good"
check "--check accepts a good file" smackcipso --check "$T/good"
check_eq "--check loads nothing" "" "$(mapping CipToolChecked)"
check_fails "--check refuses a bad file" smackcipso --check "$T/bad"

check_fails "a process without CAP_MAC_ADMIN cannot load" \
	confined _ smackcipso "$T/good"
check_eq "and loaded nothing" "" "$(mapping CipToolChecked)"
check_fails "a missing file is an error" smackcipso "$T/missing"
smackcipso --bogus 2> /dev/null
check_eq "bad usage exits 2" 2 $?
finish
