# Scenario 2: an exec keeps the process label; a program file carrying
# security.SMACK64EXEC (set with chsmack -e) runs under that label instead,
# whoever starts it.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }

check_eq "an exec keeps the label" "Viewer" \
	"$(smackrun Viewer sh -c 'exec cat /proc/self/attr/current')"
check_eq "a child process keeps it too" "Viewer" \
	"$(smackrun Viewer sh -c 'cat /proc/self/attr/current; true')"

cp /bin/cat labelcat
check_eq "a copied program runs under the caller's label" "Viewer" \
	"$(smackrun Viewer ./labelcat /proc/self/attr/current)"
check "chsmack -e Runner" chsmack -e Runner labelcat
case $(chsmack labelcat) in
*' execute="Runner"'*) pass "chsmack lists execute=\"Runner\"" ;;
*) fail "chsmack lists execute=\"Runner\": $(chsmack labelcat)" ;;
esac
check_eq "with SMACK64EXEC it runs as Runner when Viewer starts it" "Runner" \
	"$(smackrun Viewer ./labelcat /proc/self/attr/current)"
check_eq "and when CNN starts it" "Runner" \
	"$(smackrun CNN ./labelcat /proc/self/attr/current)"
check_eq "and when root (_) starts it" "Runner" \
	"$(./labelcat /proc/self/attr/current)"
check_eq "the caller keeps its own label" "Viewer" \
	"$(smackrun Viewer sh -c './labelcat /dev/null; cat /proc/self/attr/current')"

printf '#!/bin/sh\ncat /proc/self/attr/current\n' > script
chmod 755 script
check "chsmack -e on a script" chsmack -e Scripted script
check_eq "for a #! script, the script's SMACK64EXEC counts" "Scripted" \
	"$(smackrun Viewer ./script)"

check "chsmack -E removes SMACK64EXEC" chsmack -E labelcat
check_eq "then the program keeps the caller's label again" "Viewer" \
	"$(smackrun Viewer ./labelcat /proc/self/attr/current)"
finish
