# smackctl apply into a kernel that gives no pair an access, as at boot:
# the configuration is loaded as it is, without comparing it with the
# kernel's (smack_accesses_kernel_is_empty()), and ends exactly as the
# comparing way would leave it.  Every case starts with every rule cleared,
# which load2 does not list, so this is the path apply takes here.
. "$SRCDIR/tests/kernel/lib.sh"

if [ -n "$(head -c 1 "$SMACKFS/load2")" ]; then
	echo "# load2 lists rules: the harness did not clear them"
	exit 77
fi

tree=$T/etc-smack
mkdir -p "$tree/accesses.d"
printf 'BfA BfObj r\nBfA BfObj rw\nBfB BfObj rwx\nBfB BfObj - x\n' \
	> "$tree/accesses.d/10-first"
printf 'BfC BfObj rw x\nBfD BfObj -\nBfA BfObj2 a\n' > "$tree/accesses.d/20-then"
echo both > "$tree/logging"

CK_RUN_CASE=empty kt-rules
check_eq "a dry run lists each pair once, with its final access" \
	"rule BfA BfObj rw
rule BfB BfObj rw
rule BfC BfObj rw
rule BfA BfObj2 a
knob logging 3" \
	"$(smackctl --config-dir "$tree" --dry-run apply)"
check "apply" smackctl --config-dir "$tree" apply
check "a later rule for a pair wins" has_rule BfA BfObj rw
check "an allow/deny line changes the line before it" has_rule BfB BfObj rw
check "a pair of change-rules only" has_rule BfC BfObj rw
check "the second file" has_rule BfA BfObj2 a
check_fails "a pair whose last rule is - has no access" \
	grep -q '^BfD BfObj [^-]' "$SMACKFS/load2"
check_eq "the knob" "3" "$(cat "$SMACKFS/logging")"
check_eq "apply again changes nothing" "" \
	"$(smackctl --config-dir "$tree" --dry-run apply)"
CK_RUN_CASE=empty kt-rules
finish
