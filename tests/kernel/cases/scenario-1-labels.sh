# Scenario 1: labels Viewer, CNN and ESPN, rules "Viewer CNN r" and
# "Viewer ESPN r".  A Viewer process reads CNN and ESPN files; CNN and ESPN
# cannot read each other's; a file the Viewer creates is labeled Viewer.
# With the real tools only: smackload, chsmack, smackrun.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }

printf 'Viewer CNN r\nViewer ESPN r\n' > rules
check "smackload loads the rules" smackload rules
check "the kernel has Viewer CNN r" has_rule Viewer CNN r
check "the kernel has Viewer ESPN r" has_rule Viewer ESPN r

echo "cnn news" > cnn
echo "espn news" > espn
check "chsmack -a CNN" chsmack -a CNN cnn
check "chsmack -a ESPN" chsmack -a ESPN espn
check_eq "chsmack lists the CNN file" 'cnn access="CNN"' "$(chsmack cnn)"
check_eq "chsmack lists the ESPN file" 'espn access="ESPN"' "$(chsmack espn)"

check_eq "Viewer reads the CNN file" "cnn news" "$(smackrun Viewer cat cnn)"
check_eq "Viewer reads the ESPN file" "espn news" "$(smackrun Viewer cat espn)"
check_fails "CNN cannot read the ESPN file" smackrun CNN cat espn
check_fails "ESPN cannot read the CNN file" smackrun ESPN cat cnn
check_fails "Viewer may read CNN but not write it" \
	smackrun Viewer sh -c 'echo spam >> cnn'
check_eq "the CNN file is unchanged" "cnn news" "$(cat cnn)"
check_fails "a label without rules reads neither" smackrun Guest cat cnn

mkdir home
check "chsmack -a Viewer on a directory" chsmack -a Viewer home
check "Viewer creates a file in its own directory" \
	smackrun Viewer sh -c 'echo "my notes" > home/notes'
check_eq "the new file is labeled Viewer" 'home/notes access="Viewer"' \
	"$(chsmack home/notes)"
check_eq "Viewer reads it back" "my notes" "$(smackrun Viewer cat home/notes)"
check_fails "CNN cannot read the Viewer's file" smackrun CNN cat home/notes
finish
