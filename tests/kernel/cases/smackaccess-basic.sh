# smackaccess: the kernel's answer for allowed and denied pairs, the
# built-in labels, 255-character labels, queries from a file, and errors.
. "$SRCDIR/tests/kernel/lib.sh"

long=$(printf '%0255d' 0 | tr 0 S)
cat > "$SMACKFS/load2" <<RULES
AccViewer AccNews rx
AccEditor AccNews rwa
$long AccNews r
RULES

check_eq "a rule grants read" 1 "$(smackaccess AccViewer AccNews r)"
check_eq "and read-execute" 1 "$(smackaccess AccViewer AccNews rx)"
check_eq "not write" 0 "$(smackaccess AccViewer AccNews w)"
check_eq "no rule, no access" 0 "$(smackaccess AccNews AccViewer r)"
check_eq "the same label may do anything" 1 \
	"$(smackaccess AccViewer AccViewer rwxatl)"
check_eq "upper-case letters and '-' are accepted" 1 \
	"$(smackaccess AccEditor AccNews R-W)"
smackaccess AccViewer AccNews w > /dev/null
check_eq "a denial still exits 0" 0 $?

check_eq "anyone reads the floor" 1 "$(smackaccess AccViewer _ r)"
check_eq "nobody writes the floor without a rule" 0 \
	"$(smackaccess AccViewer _ w)"
check_eq "the hat reads anything" 1 "$(smackaccess ^ AccNews rx)"
check_eq "the hat does not write" 0 "$(smackaccess ^ AccNews w)"
check_eq "a star subject may do nothing" 0 "$(smackaccess '*' AccNews r)"
check_eq "anyone writes a star object" 1 "$(smackaccess AccViewer '*' w)"
check_eq "anyone writes the web" 1 "$(smackaccess AccViewer @ w)"
check_eq "the web writes anything" 1 "$(smackaccess @ AccNews w)"

check_eq "a 255-character subject" 1 "$(smackaccess "$long" AccNews r)"
check_eq "and its denial" 0 "$(smackaccess "$long" AccNews w)"
check_fails "a 256-character label is an error" \
	smackaccess "${long}S" AccNews r
smackaccess 'a/b' AccNews r 2> "$T/err"
check_eq "an invalid label exits 1" 1 $?
check "and says why" grep -qF "subject label \"a/b\" contains '/'" "$T/err"
check_fails "an invalid access string is an error" \
	smackaccess AccViewer AccNews rwq
check_fails "an empty access string is an error" \
	smackaccess AccViewer AccNews ''
smackaccess AccViewer AccNews 2> /dev/null
check_eq "two arguments are bad usage (exit 2)" 2 $?

# The answer agrees with what the kernel enforces on a confined process.
echo news > "$T/news"
setfattr -n security.SMACK64 -v AccNews "$T/news"
check "AccViewer really reads the file" confined AccViewer cat "$T/news"
check_fails "AccViewer really cannot write it" \
	confined AccViewer sh -c "echo x >> '$T/news'"
check_eq "a confined process gets the same answers" "1 0" \
	"$(confined AccViewer smackaccess AccViewer AccNews r) $(confined AccViewer smackaccess AccViewer AccNews w)"

# Several queries in one process.
printf '%s\n' '# a comment' 'AccViewer AccNews r' '' 'AccViewer AccNews w' \
	'^ AccNews x' > "$T/queries"
check_eq "-f answers each query on its own line" "1 0 1" \
	"$(smackaccess -f "$T/queries" | tr '\n' ' ' | sed 's/ $//')"
check_eq "-f - reads standard input" "0 1" \
	"$(printf 'AccNews AccViewer r\nAccEditor AccNews a\n' | smackaccess -f - | tr '\n' ' ' | sed 's/ $//')"
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
