# README's demo: examples/walkthrough.sh (the six scenarios with the real
# tools, as the demo prints them) runs here as a test.  It checks each
# decision against the policy itself; its exit status counts the surprises.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }
PATH=$BUILDDIR/examples:$PATH

mkdir "$T/walk"
sh "$SRCDIR/examples/walkthrough.sh" "$T/walk" > "$T/transcript" 2>&1
status=$?
sed 's/^/# /' "$T/transcript"
check_eq "every decision of the walkthrough is the policy's" 0 "$status"
check "the transcript shows six scenarios" \
	test "$(grep -c '^== [1-6]\. ' "$T/transcript")" -eq 6
check_eq "its last command is smackctl status" \
	'$ smackctl --config-dir policy status' \
	"$(grep '^\$ ' "$T/transcript" | tail -n 1)"
check_fails "it reports no surprise" grep -q UNEXPECTED "$T/transcript"
finish
