# chsmack's labels are the ones the kernel enforces: set, set in a tree,
# refused when invalid (nothing changed), and not settable without
# CAP_MAC_ADMIN.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/chsmack/kernel.sh"

label_of() {
	getfattr --only-values -n security.SMACK64 "$1" 2> /dev/null
}

echo secret > "$T/file"
check "chsmack -a labels a file" "$CHSMACK" -a Secret "$T/file"
check_eq "the kernel holds the label" Secret "$(label_of "$T/file")"
check_eq "chsmack lists it" "$T/file access=\"Secret\"" "$("$CHSMACK" "$T/file")"
check_fails "a confined Reader cannot read it without a rule" \
	confined Reader cat "$T/file"
printf 'Reader Secret r\n' > "$SMACKFS/load2"
check "with 'Reader Secret r' it can" confined Reader cat "$T/file"

touch "$T/new"
check_eq "a new file is listed with its creator's label" \
	"$T/new access=\"_\"" "$("$CHSMACK" "$T/new")"

mkdir -p "$T/tree/a/b"
echo deep > "$T/tree/a/b/f"
check "chsmack -r labels a tree" "$CHSMACK" -r -a TreeL "$T/tree"
check_eq "... its deepest file too" TreeL "$(label_of "$T/tree/a/b/f")"
check_fails "a confined Reader cannot reach the deepest file" \
	confined Reader cat "$T/tree/a/b/f"
printf 'Reader TreeL rx\n' > "$SMACKFS/load2"
check "with 'Reader TreeL rx' it can" confined Reader cat "$T/tree/a/b/f"

"$CHSMACK" -a "bad/label" "$T/file" 2> /dev/null
check_eq "an invalid label is a usage error (2)" 2 $?
check_eq "... and the kernel label is unchanged" Secret "$(label_of "$T/file")"
"$CHSMACK" -a Fine -e '*' "$T/file" 2> /dev/null
check_eq "'*' as an execute label is refused before the kernel (2)" 2 $?
check_eq "... nothing changed" Secret "$(label_of "$T/file")"
check_fails "... there is no execute label" \
	getfattr -n security.SMACK64EXEC "$T/file"

confined Reader "$CHSMACK" -a Other "$T/file" 2> "$T/err"
check_eq "without CAP_MAC_ADMIN chsmack fails for the file (1)" 1 $?
check "... saying the kernel refused" grep -q "Operation not permitted" "$T/err"
check_eq "... and the label is unchanged" Secret "$(label_of "$T/file")"

l255=$(printf '%255s' '' | tr ' ' 'K')
check "a 255-character label is accepted by chsmack and the kernel" \
	"$CHSMACK" -a "$l255" "$T/file"
check_eq "... and reads back whole" "$l255" "$(label_of "$T/file")"
check_fails "a 256-character label is refused" "$CHSMACK" -a "${l255}K" "$T/file"

check "chsmack -A removes the access label" "$CHSMACK" -A "$T/file"
check_eq "... the file falls back to the filesystem default" _ \
	"$(label_of "$T/file")"
check_eq "... and chsmack lists what is stored: nothing" \
	"$T/file: No smack property found" "$("$CHSMACK" "$T/file")"
finish
