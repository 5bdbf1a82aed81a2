# smackctl apply into a kernel that has never held a rule, as at boot: the
# configuration is loaded as it is, without comparing it with the kernel's
# (smack_accesses_kernel_is_empty()), and ends exactly as the comparing
# way would leave it.  Named to run first: once a rule has been loaded the
# kernel lists it for good, so the case skips itself in any later place.
. "$SRCDIR/tests/kernel/lib.sh"

if [ -n "$(head -c 1 "$SMACKFS/load2")" ]; then
	echo "# the kernel has held rules already: this case needs a fresh boot"
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
