# pam_smack when the label cannot be set: the session fails
# (PAM_SESSION_ERR, the command does not run) with the reason in syslog
# (LOG_AUTHPRIV | LOG_ERR: <83>), unless nofail says to go on (a warning,
# <84>, and the label left as it was).  CAP_MAC_ADMIN or a relabel-self
# entry lets the module set the label; Smack not active leaves it alone.
. "$SRCDIR/tests/kernel/pam-lib.sh"

# without_admin CMD...: CMD as root without CAP_MAC_ADMIN (and without
# CAP_MAC_OVERRIDE, which would not help), after setting the caller's
# relabel-self list to $RELABEL when that is not empty.
without_admin() {
	sh -c '[ -z "$1" ] || printf %s "$1" > "$SMACKFS/relabel-self" || exit 99
	       shift
	       exec capsh --drop=cap_mac_admin,cap_mac_override -- -c "exec \"\$@\"" sh "$@"' \
		sh "${RELABEL:-}" "$@"
}

syslog_start
pam_service smack-test =Staff

rm -f "$T/ran"
RELABEL=
log_run without_admin sh "$PAM_NS" pam-session smack-test alice \
	touch "$T/ran" 2> "$T/err"
check_eq "without CAP_MAC_ADMIN: the session is refused (exit 2)" 2 $?
check_fails "without CAP_MAC_ADMIN: the command did not run" test -e "$T/ran"
check "the application hears PAM_SESSION_ERR" \
	grep -q "pam_open_session: Cannot make/remove an entry for the specified session" "$T/err"
logged "syslog says why, at LOG_AUTHPRIV|LOG_ERR" \
	'user "alice": cannot set the label "Staff": Operation not permitted \(the process needs CAP_MAC_ADMIN, or the label on its relabel-self list\)$'
check "the message's priority is <83>" grep -q "^<83>.*cannot set the label" "$T/log"

RELABEL=Staff
check_eq "a relabel-self entry is enough" Staff \
	"$(without_admin sh "$PAM_NS" pam-session smack-test alice \
	   sh -c "$SHOW_LABEL")"
RELABEL="Guest Other"
check_eq "a relabel-self list without the label is not" 2 \
	"$(without_admin sh "$PAM_NS" pam-session smack-test alice true \
	   2> /dev/null; echo $?)"

pam_service smack-test nofail =Staff
RELABEL=
log_run without_admin sh "$PAM_NS" pam-session smack-test alice \
	sh -c "$SHOW_LABEL" > "$T/out"
check_eq "nofail: the session goes on" 0 $?
check_eq "nofail: with the label it had" _ "$(cat "$T/out")"
logged "nofail: a warning says why" \
	'user "alice": cannot set the label "Staff": Operation not permitted .*; going on \(nofail\)$'
check "nofail: at LOG_AUTHPRIV|LOG_WARNING (<84>)" \
	grep -q "^<84>.*cannot set the label" "$T/log"

# No process may have "*" or "@": a label the kernel refuses to anyone.
for label in '*' '@'; do
	pam_service smack-test "=$label"
	log_run pam_session smack-test alice true 2> /dev/null
	check_eq "=$label: the session is refused" 2 $?
	[ "$label" = '*' ] && pattern='\*' || pattern=$label
	logged "=$label: syslog says why" \
		"user \"alice\": cannot set the label \"$pattern\": Invalid argument \(no process may run with this label\)\$"
done
pam_service smack-test nofail '=*'
check_eq "=* with nofail: the session goes on, label as it was" _ \
	"$(pam_session smack-test alice sh -c "$SHOW_LABEL")"

# With Smack not active (here: smackfs not mounted, as the 1.3 module
# tells), the module does nothing and the session goes on.
pam_service smack-test debug =Staff
log_run unshare -m sh -c 'umount /sys/fs/smackfs && exec "$@"' sh \
	sh "$PAM_NS" pam-session smack-test alice sh -c "$SHOW_LABEL" \
	> "$T/out"
check_eq "Smack not active: the session goes on" 0 $?
check_eq "Smack not active: the label is left alone" _ "$(cat "$T/out")"
logged "Smack not active: debug says so" \
	'Smack is not active: the label is left as it is$'
pam_service smack-test debug users= =a/b
log_run unshare -m sh -c 'umount /sys/fs/smackfs && exec "$@"' sh \
	sh "$PAM_NS" pam-session smack-test alice sh -c "$SHOW_LABEL" \
	> "$T/out"
check_eq "Smack not active: a mistake of the arguments refuses nothing" 0 $?
logged "... and is logged" 'argument "users=" names no file'

syslog_stop
finish
