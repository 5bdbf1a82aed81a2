# pam_smack's users file (users=FILE, or SYSCONFDIR/smack/users when no
# argument maps users): "NAME LABEL", "@GROUP LABEL" (any group of the
# user's), "* LABEL", the first entry that names the user wins, %u is the
# user's name, "-" leaves the label; a bad entry fails the session with
# FILE:LINE in syslog.  The file is read by the library's reader of its
# kind: until libsmack has one, the case waits for it.
. "$SRCDIR/tests/kernel/pam-lib.sh"
if ! grep -q SMACK_POLICY_USERS "$SRCDIR/libsmack/sys/smack.h"; then
	echo "# libsmack has no reader of the users file yet (SMACK_POLICY_USERS of issue 22)"
	exit 77
fi

syslog_start
echo public > "$T/public"
chmod 644 "$T/public"
setfattr -n security.SMACK64 -v Public "$T/public"
printf 'Team::bob Public r\n' > "$SMACKFS/load2"

cat > "$T/users" <<'USERS'
# Users and their labels.
alice	Staff

@staff	Team::%u
carol	-
bob	Other
*	User::%u
USERS
pam_service smack-test debug "users=$T/users"

check_eq "NAME LABEL" Staff \
	"$(pam_session smack-test alice sh -c "$SHOW_LABEL")"
log_run pam_session smack-test bob sh -c "$SHOW_LABEL" > "$T/out"
check_eq "@GROUP LABEL, before bob's own line: the first match wins" \
	Team::bob "$(cat "$T/out")"
logged "debug names the entry" \
	"user \"bob\": the label \"Team::bob\" of $T/users:4 \\(@staff\\)\$"
check_eq "the label of the user's group reads what its rules allow" public \
	"$(pam_session smack-test bob cat "$T/public")"
check_eq "- leaves the label as it is" _ \
	"$(pam_session smack-test carol sh -c "$SHOW_LABEL")"
check_eq "* with %u, for a user the database does not know" \
	User::nosuchuser \
	"$(pam_session smack-test nosuchuser sh -c "$SHOW_LABEL")"

printf 'alice Staff\n' > "$T/users"
log_run pam_session smack-test bob sh -c "$SHOW_LABEL" > "$T/out"
check_eq "no entry names the user: User" User "$(cat "$T/out")"
logged "debug says no entry names the user" \
	"user \"bob\": the default label \"User\": $T/users has no entry for the user\$"

# refused DESC PATTERN [USER]: the session of USER (alice) fails, syslog
# says PATTERN.
refused() {
	rm -f "$T/ran"
	log_run pam_session smack-test "${3:-alice}" touch "$T/ran" \
		2> /dev/null
	check_eq "$1: the session is refused" 2 $?
	check_fails "$1: the command did not run" test -e "$T/ran"
	logged "$1: syslog names the file and line" "$2"
}
printf 'bob Other\nalice a/b\n' > "$T/users"
refused "a bad label" "$T/users:2:.*a/b"
printf 'bob Other\ncarol a/b\nalice Staff\n' > "$T/users"
refused "a bad label on another user's line" "$T/users:2:.*a/b"
printf '@staff Team\n* User\n' > "$T/users"
refused "an @GROUP entry for an unknown user" \
	"$T/users:1: user \"nosuchuser\" is not in the user database" nosuchuser
printf '* x%%u\n' > "$T/users"
long=$(printf '%0255d' 0)
refused "%u that makes the label too long" \
	"$T/users:1: the label \"x0+\" for user \"0+\" is not valid: is longer than 255 characters\$" \
	"$long"

pam_service smack-test nofail "users=$T/users"
refused "a bad entry with nofail" "$T/users:1: " "$long"

syslog_stop
finish
