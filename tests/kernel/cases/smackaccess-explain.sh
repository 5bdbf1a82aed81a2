# smackaccess --explain: for a table of cases covering every step of the
# kernel's decision, the explained answer equals the kernel's own (access2,
# asked directly here), and the reason is the expected one.
. "$SRCDIR/tests/kernel/lib.sh"

cat > "$SMACKFS/load2" <<'RULES'
ExA ExB rx
ExA ExC w
ExD ExB -
ExE ExB rwxatl
RULES

# access2 SUBJECT OBJECT ACCESS: the kernel's answer, without our tools.
access2() {
	exec 3<> "$SMACKFS/access2"
	printf '%s %s %s' "$1" "$2" "$3" >&3
	head -c 1 <&3
	exec 3>&-
}

# The table: "S O ACCESS|the start of the expected reason".  Every query
# goes through one --explain -f and one plain -f process (each start of a
# tool costs about half a second under UML).
cat > "$T/table" <<'TABLE'
ExA ExB r|the rule "ExA ExB rx" grants it
ExA ExB rx|the rule "ExA ExB rx" grants it
ExA ExB w|the rule "ExA ExB rx" lacks "w"
ExA ExB rwa|the rule "ExA ExB rx" lacks "wa"
ExA ExB -|the rule "ExA ExB rx" grants it
ExA ExC l|the rule "ExA ExC w" grants it
ExA ExC wl|the rule "ExA ExC w" grants it
ExA ExC r|the rule "ExA ExC w" lacks "r"
ExD ExB r|no rule "ExD ExB ..."
ExD ExB -|no rule "ExD ExB ..."
ExE ExB rwxatl|the rule "ExE ExB rwxatl" grants it
ExB ExA r|no rule "ExB ExA ..."
ExA ExA rwxatlb|subject and object have the same label
ExA _ r|the object is '_'
ExA _ rx|the object is '_'
ExA _ l|the object is '_'
ExA _ rl|no rule "ExA _ ..."
ExA _ w|no rule "ExA _ ..."
^ ExB x|the subject is '^'
^ ExB w|no rule "^ ExB ..."
_ ExB r|no rule "_ ExB ..."
ExB ^ r|no rule "ExB ^ ..."
^ _ l|the object is '_'
* ExB r|the subject is '*'
* * r|the subject is '*'
* @ r|the subject is '*'
ExA * rwa|the object is '*'
ExA @ w|the object is '@'
@ ExB w|the subject is '@'
@ * w|the subject is '@'
ExA ExUnknown r|label "ExUnknown" is unknown
ExUnknown ExUnknown r|label "ExUnknown" is unknown
ExUnknown _ r|label "ExUnknown" is unknown
TABLE
cut -d'|' -f1 "$T/table" > "$T/queries"
smackaccess --explain -f "$T/queries" > "$T/explained"
check_eq "--explain -f explains the whole table" 0 $?
smackaccess -f "$T/queries" > "$T/plain"
check_eq "plain -f answers the whole table" 0 $?

set -f
paste -d'|' "$T/table" "$T/explained" "$T/plain" > "$T/rows"
while IFS='|' read -r query reason out plain; do
	set -- $query
	kernel=$(access2 "$1" "$2" "$3")
	check_eq "'$query': --explain agrees with access2 ($kernel)" \
		"$kernel" "${out%% *}"
	check_eq "'$query': plain smackaccess agrees too" "$kernel" "$plain"
	case ${out#? } in
	"$reason"*) pass "'$query': reason '${out#? }'" ;;
	*) fail "'$query': reason '${out#? }', expected '$reason...'" ;;
	esac
done < "$T/rows"
set +f

# A confined process may ask too: it reads the same rules.
check_eq "--explain works for an unprivileged process" \
	'1 the rule "ExA ExB rx" grants it' \
	"$(confined ExA smackaccess --explain ExA ExB r)"
finish
