# pam_smack's debug argument: a LOG_DEBUG message (LOG_AUTHPRIV: <87>)
# says which label the module chose and why, and whether it set it;
# without debug there is none.  Every message is escaped: a user name or
# a label with control characters in it cannot add a line to the log.
. "$SRCDIR/tests/kernel/pam-lib.sh"

syslog_start

pam_service smack-test debug alice=Staff =Guest
log_run pam_session smack-test alice true
logged "USER=LABEL: debug names the argument" \
	'user "alice": the label "Staff" of the argument "alice=Staff"$'
logged "USER=LABEL: and says the label was set" 'user "alice": label "Staff" set$'
check "at LOG_AUTHPRIV|LOG_DEBUG (<87>)" grep -q '^<87>.*label "Staff" set' "$T/log"
log_run pam_session smack-test bob true
logged "=LABEL: debug names the argument" \
	'user "bob": the label "Guest" of the argument "=Guest"$'

pam_service smack-test debug alice=Staff
log_run pam_session smack-test bob true
logged "no argument names the user: debug says User and why" \
	'user "bob": the default label "User": no argument names the user$'

pam_service smack-test debug alice= =Guest
log_run pam_session smack-test alice true
logged "an empty label: debug says the label is left" \
	'user "alice": the label is left as it is: the argument "alice=" gives none$'

# A session opened from a session of the same label needs no privilege.
pam_service smack-test debug =Staff
log_run confined Staff sh "$PAM_NS" pam-session smack-test alice \
	sh -c "$SHOW_LABEL" > "$T/out"
check_eq "the same label, without CAP_MAC_ADMIN: the session opens" \
	Staff "$(cat "$T/out")"
logged "debug says the process has the label already" \
	'user "alice": the process has the label "Staff" already$'

pam_service smack-test alice=Staff =Guest
log_run pam_session smack-test alice true
check_fails "without debug, no LOG_DEBUG message" grep -q '^<87>' "$T/log"
check_fails "without debug, no message at all" grep -q 'pam_smack' "$T/log"

# A user name from the application with an escape sequence and a newline.
pam_service smack-test debug =Staff
user=$(printf 'ev\033[31mil\nroot')
log_run pam_session smack-test "$user" true
check "a user name's control characters are escaped" \
	grep -qF 'user "ev\033[31mil\012root": the label "Staff"' "$T/log"
check_fails "no raw ESC reaches the log" grep -q "$(printf '\033')" "$T/log"
check_fails "the newline added no line to the log" grep -qv '^<' "$T/log"

# A label with a control character: not valid, and escaped in the error.
pam_service smack-test "=Sta$(printf '\033')ff"
log_run pam_session smack-test alice true 2> /dev/null
check "a label's control character is escaped" \
	grep -qF '"Sta\033ff" is not a valid label: contains a control character' \
	"$T/log"
check_fails "no raw ESC from the label" grep -q "$(printf '\033')" "$T/log"

syslog_stop
finish
