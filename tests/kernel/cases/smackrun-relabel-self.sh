# smackrun for an unprivileged caller: a label on the caller's relabel-self
# list may be taken without CAP_MAC_ADMIN, once; any other label is refused
# and the command does not run.  The list is per process and inherited, so
# each check sets it in its own subshell.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }

# with_list "LABELS" HOW CMD...: sets the relabel-self list (as root) in a
# child shell, drops privilege HOW (capsh: root without the MAC
# capabilities; setpriv: uid 65534 with no capabilities) and runs CMD.
with_list() {
	_list=$1 _how=$2; shift 2
	case $_how in
	capsh) set -- capsh --drop=cap_mac_admin,cap_mac_override -- \
		-c 'exec "$@"' sh "$@" ;;
	setpriv) set -- setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$@" ;;
	esac
	sh -c 'printf "%s" "$1" > "$SMACKFS/relabel-self" || exit 99
	       shift; exec "$@"' sh "$_list" "$@"
}

for how in capsh setpriv; do
	check_eq "$how: a label on the list is taken" "Viewer" \
		"$(with_list Viewer $how smackrun Viewer \
		   cat /proc/self/attr/current)"
	check_eq "$how: a list of two, the second one" "ESPN" \
		"$(with_list "CNN ESPN" $how smackrun ESPN \
		   cat /proc/self/attr/current)"
	rm -f "$T/ran"
	with_list Viewer $how smackrun CNN touch "$T/ran" 2> "$T/err"
	check_eq "$how: a label not on the list: exit 125" 125 $?
	check_fails "$how: a label not on the list: the command did not run" \
		test -e "$T/ran"
	check "$how: the message says what is needed" \
		grep -q "relabel-self" "$T/err"
	# Any change empties the list: the command cannot move on to
	# another label from it.
	with_list "CNN ESPN" $how smackrun CNN smackrun ESPN true 2> "$T/err"
	check_eq "$how: only once: a second change is refused" 125 $?
done

echo data > "$T/espn"
setfattr -n security.SMACK64 -v ESPN "$T/espn"
printf 'Viewer ESPN r\n' > "$SMACKFS/load2"
check_eq "setpriv: Viewer reads ESPN through the rule" "data" \
	"$(with_list Viewer setpriv smackrun Viewer cat "$T/espn")"
check_fails "setpriv: CNN does not" \
	with_list CNN setpriv smackrun CNN cat "$T/espn"
finish
