# The harness itself: a real Smack kernel, smackfs, a clean state, a tmpfs
# that keeps labels, and a way to run confined.
. "$SRCDIR/tests/kernel/lib.sh"

check "smackfs is mounted" test -e "$SMACKFS/load2"
check_eq "the guest's process label is _" "_" "$(cat /proc/self/attr/current)"
check "the LSM list names smack" grep -q smack /sys/kernel/security/lsm
check_eq "load2 starts empty" "" "$(cat "$SMACKFS/load2")"

printf 'HarnessA HarnessB rx\n' > "$SMACKFS/load2"
check "a rule written to load2 reads back" has_rule HarnessA HarnessB rx

echo data > "$T/file"
check "tmpfs takes a label xattr" setfattr -n security.SMACK64 -v HarnessB "$T/file"
check_eq "the label reads back" "HarnessB" \
	"$(getfattr --only-values -n security.SMACK64 "$T/file")"
check "a confined HarnessA process reads a HarnessB file" \
	confined HarnessA cat "$T/file"
check_fails "a confined HarnessC process cannot" \
	confined HarnessC cat "$T/file"
finish
