# smackaccess: the kernel's answer for allowed and denied pairs, the
# built-in labels, 255-character labels, queries from a file, and errors.
# Each start of a tool costs about half a second under UML, so the table
# of answers goes through -f in one process.
. "$SRCDIR/tests/kernel/lib.sh"

long=$(printf '%0255d' 0 | tr 0 S)
cat > "$SMACKFS/load2" <<RULES
AccViewer AccNews rx
AccEditor AccNews rwa
$long AccNews r
RULES

check_eq "a rule grants read" 1 "$(smackaccess AccViewer AccNews r)"
smackaccess AccViewer AccNews w > "$T/out"
check_eq "a denial exits 0" 0 $?
check_eq "and prints 0" 0 "$(cat "$T/out")"

# QUERY|ANSWER|what it shows
cat > "$T/table" <<TABLE
AccViewer AccNews rx|1|a rule grants read-execute
AccViewer AccNews w|0|a read rule does not grant write
AccNews AccViewer r|0|no rule, no access
AccViewer AccViewer rwxatl|1|the same label may do anything
AccEditor AccNews R-W|1|upper-case letters and '-' are accepted
AccViewer _ r|1|anyone reads the floor
AccViewer _ w|0|nobody writes the floor without a rule
^ AccNews rx|1|the hat reads anything
^ AccNews w|0|the hat does not write
* AccNews r|0|a star subject may do nothing
AccViewer * w|1|anyone writes a star object
AccViewer @ w|1|anyone writes the web
@ AccNews w|1|the web writes anything
$long AccNews r|1|a 255-character subject
$long AccNews w|0|and its denial
TABLE
cut -d'|' -f1 "$T/table" > "$T/queries"
smackaccess -f "$T/queries" > "$T/answers"
check_eq "-f answers the table" 0 $?
paste -d'|' "$T/table" "$T/answers" > "$T/rows"
while IFS='|' read -r query want what got; do
	check_eq "$what" "$want" "$got"
done < "$T/rows"

# An empty ACCESS asks for no access, as the old smackaccess did: the
# kernel grants it where a rule with any letter exists, and not without.
check_eq "an empty access with a rule" 1 "$(smackaccess AccViewer AccNews '')"
check_eq "an empty access without a rule" 0 \
	"$(smackaccess AccNews AccViewer '')"
check_eq "an empty access explained" \
	"0 no rule \"AccNews AccViewer ...\" is loaded" \
	"$(smackaccess -e AccNews AccViewer '')"

smackaccess "${long}S" AccNews r 2> "$T/err"
check_eq "a 256-character label exits 1" 1 $?
check "and says why" grep -qF "is longer than 255 characters" "$T/err"
smackaccess 'a/b' AccNews r 2> "$T/err"
check_eq "an invalid label exits 1" 1 $?
check "and says why" grep -qF "subject label \"a/b\" contains '/'" "$T/err"
check_fails "an invalid access string is an error" \
	smackaccess AccViewer AccNews rwq
smackaccess AccViewer AccNews 2> /dev/null
check_eq "two arguments are bad usage (exit 2)" 2 $?

# The answers agree with what the kernel enforces on a confined process,
# which may ask too.
echo news > "$T/news"
setfattr -n security.SMACK64 -v AccNews "$T/news"
check "AccViewer really reads the file" confined AccViewer cat "$T/news"
check_fails "AccViewer really cannot write it" \
	confined AccViewer sh -c "echo x >> '$T/news'"
printf 'AccViewer AccNews r\nAccViewer AccNews w\n' > "$T/rw"
check_eq "a confined process gets the same answers" "1 0" \
	"$(confined AccViewer smackaccess -f "$T/rw" | paste -sd ' ')"

# Several queries from standard input, comments and blank lines skipped.
check_eq "-f - reads standard input" "0 1 1" \
	"$(printf '# q\nAccNews AccViewer r\n\nAccEditor AccNews a\n^ AccNews x\n' |
		smackaccess -f - | paste -sd ' ')"
printf 'AccViewer AccNews r\nAccViewer a/b r\nAccViewer AccNews rq\none two\n' \
	> "$T/badq"
smackaccess -f "$T/badq" > "$T/out" 2> "$T/err"
check_eq "a bad query line exits 1" 1 $?
check_eq "and no query is answered" "" "$(cat "$T/out")"
check "the bad label is named with its line" \
	grep -qF "$T/badq:2: object label \"a/b\" contains '/'" "$T/err"
check "the bad access string with its line" grep -qF "$T/badq:3: access" "$T/err"
check "a line of two words with its line" grep -qF "$T/badq:4: expected" "$T/err"
finish
