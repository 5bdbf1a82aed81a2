# Scenario 5: loading "Viewer ESPN -", or removing rules with smackload -c,
# revokes the access at once (also for a Viewer process already running),
# without relabeling any file.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }

printf 'Viewer CNN r\nViewer ESPN r\n' > rules
check "smackload loads the rules" smackload rules
echo "cnn news" > cnn
echo "espn news" > espn
check "chsmack labels the files" sh -c 'chsmack -a CNN cnn && chsmack -a ESPN espn'
check_eq "Viewer reads ESPN" "espn news" "$(smackrun Viewer cat espn)"

# A Viewer process that is already running: it reads ESPN, waits for the
# file "go", and tries again.
smackrun Viewer sh -c 'cat espn; while [ ! -e go ]; do sleep 0.1; done
	cat espn' > running.out 2>&1 &
viewer=$!
for i in $(seq 300); do [ -s running.out ] && break; sleep 0.1; done
check_eq "the running Viewer has read ESPN" "espn news" "$(head -n 1 running.out)"

check "smackload takes \"Viewer ESPN -\" on stdin" \
	sh -c 'echo "Viewer ESPN -" | smackload'
check_fails "the kernel lists no Viewer ESPN rule" grep -q '^Viewer ESPN ' \
	"$SMACKFS/load2"
: > go
wait "$viewer"
check_eq "the running Viewer is refused from now on" 1 $?
check "its second read was denied" grep -q "Permission denied" running.out
check_fails "a new Viewer process cannot read ESPN" smackrun Viewer cat espn
check_eq "the ESPN file keeps its label" 'espn access="ESPN"' "$(chsmack espn)"
check_eq "Viewer still reads CNN" "cnn news" "$(smackrun Viewer cat cnn)"

check "smackload -c removes the file's rules" smackload -c rules
check_fails "the kernel lists no Viewer CNN rule" grep -q '^Viewer CNN ' \
	"$SMACKFS/load2"
check_fails "Viewer cannot read CNN any more" smackrun Viewer cat cnn
check_eq "the CNN file keeps its label" 'cnn access="CNN"' "$(chsmack cnn)"
check "loading the rules again restores access" smackload rules
check_eq "Viewer reads CNN again" "cnn news" "$(smackrun Viewer cat cnn)"
finish
