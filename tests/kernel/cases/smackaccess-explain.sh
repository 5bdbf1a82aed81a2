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

# S O ACCESS | the start of the expected reason
set -f
while IFS='|' read -r query reason; do
	set -- $query
	kernel=$(access2 "$1" "$2" "$3")
	out=$(smackaccess --explain "$1" "$2" "$3")
	rc=$?
	check_eq "'$query': --explain agrees with access2 ($kernel)" \
		"$kernel" "${out%% *}"
	check_eq "'$query': plain smackaccess agrees too" "$kernel" \
		"$(smackaccess "$1" "$2" "$3")"
	case ${out#? } in
	"$reason"*) pass "'$query': reason '${out#? }'" ;;
	*) fail "'$query': reason '${out#? }', expected '$reason...'" ;;
	esac
	[ $rc -eq 0 ] || fail "'$query': --explain exited $rc"
done <<'TABLE'
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

# A confined process may ask too: it reads the same rules.
check_eq "--explain works for an unprivileged process" \
	'1 the rule "ExA ExB rx" grants it' \
	"$(confined ExA smackaccess --explain ExA ExB r)"
printf 'ExA ExB r\nExA ExC r\n' > "$T/q"
check_eq "--explain with -f explains every query" \
	'1 the rule "ExA ExB rx" grants it|0 the rule "ExA ExC w" lacks "r"' \
	"$(smackaccess --explain -f "$T/q" | paste -sd '|')"
finish
