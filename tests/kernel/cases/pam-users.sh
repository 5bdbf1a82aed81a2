# pam_smack's users file (users=FILE, or SYSCONFDIR/smack/users when no
# argument maps users), read by libsmack (SMACK_POLICY_USERS,
# smack_policy_user_label(3)): "NAME LABEL", "@GROUP LABEL" (any group of
# the user's), "* LABEL", the first entry that names the user wins, %u is
# the user's name, "-" leaves the label; a bad entry fails the session
# with FILE:LINE:COL in syslog, nofail or not; an unknown user, a label
# the kernel refuses and a file that cannot be read each have theirs.
. "$SRCDIR/tests/kernel/pam-lib.sh"

syslog_start
echo public > "$T/public"
echo secret > "$T/secret"
chmod 644 "$T/public" "$T/secret"
setfattr -n security.SMACK64 -v Public "$T/public"
setfattr -n security.SMACK64 -v Secret "$T/secret"
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
check_eq "@GROUP LABEL with %u, before bob's own line: the first match wins" \
	Team::bob "$(cat "$T/out")"
logged "debug names the entry" \
	"user \"bob\": the label \"Team::bob\" of $T/users:4 \\(@staff\\)\$"
check_eq "the label of the user's group reads what its rules allow" public \
	"$(pam_session smack-test bob cat "$T/public")"
pam_session smack-test bob cat "$T/secret" > "$T/out" 2> "$T/err"
check_fails "and is denied what they do not" test -s "$T/out"
check "the denial is the kernel's" grep -q "Permission denied" "$T/err"
log_run pam_session smack-test carol sh -c "$SHOW_LABEL" > "$T/out"
check_eq "- leaves the label as it is" _ "$(cat "$T/out")"
logged "debug says so, with the entry" \
	"user \"carol\": the label is left as it is: \"-\" at $T/users:5 \\(carol\\)\$"

pam_service su "users=$T/users"
check_eq "su: alice's shell runs under her entry's label" Staff \
	"$(su_session alice sh -c "$SHOW_LABEL")"
check_eq "su: what the shell starts too" Team::bob \
	"$(su_session bob sh -c "sh -c '$SHOW_LABEL'")"

# A user the user database does not know: named, or matched by *, until
# an @GROUP entry asks for groups no one can tell.
pam_service smack-test debug "users=$T/users"
printf 'nosuchuser Named\n@staff Team\n' > "$T/users"
check_eq "an unknown user named before any @GROUP entry" Named \
	"$(pam_session smack-test nosuchuser sh -c "$SHOW_LABEL")"
printf 'alice Staff\n* User::%%u\n' > "$T/users"
check_eq "* with %u, for a user the database does not know" \
	User::nosuchuser \
	"$(pam_session smack-test nosuchuser sh -c "$SHOW_LABEL")"

printf 'alice Staff\n' > "$T/users"
log_run pam_session smack-test bob sh -c "$SHOW_LABEL" > "$T/out"
check_eq "no entry names the user: User" User "$(cat "$T/out")"
logged "debug says no entry names the user" \
	"user \"bob\": the default label \"User\": $T/users has no entry for the user\$"

# refused DESC PATTERN [USER]: the session of USER (alice) fails, syslog
# says PATTERN at LOG_AUTHPRIV|LOG_ERR.
refused() {
	rm -f "$T/ran"
	log_run pam_session smack-test "${3:-alice}" touch "$T/ran" \
		2> /dev/null
	check_eq "$1: the session is refused" 2 $?
	check_fails "$1: the command did not run" test -e "$T/ran"
	logged "$1: syslog says where and why" "$2"
	check "$1: at LOG_ERR (<83>)" grep -q '^<83>' "$T/log"
}
printf 'bob Other\nalice a/b\n' > "$T/users"
refused "a bad label" "$T/users:2:7: label \"a/b\" contains '/'\$"
refused "a bad label on another user's line: the file is all or nothing" \
	"$T/users:2:7: label \"a/b\" contains '/'\$" bob
printf 'alice Staff\nbob\n' > "$T/users"
refused "an entry of one field" \
	"$T/users:2:4: expected 2 fields \\(NAME, @GROUP or \\*, then LABEL or -\\), found 1\$"
printf 'alice Staff\n@ Team\n' > "$T/users"
refused "@ that names no group" "$T/users:2:1: \"@\" names no group\$"
printf '@staff Team\n* User\n' > "$T/users"
refused "an @GROUP entry for an unknown user" \
	"$T/users:1:1: the groups of user \"nosuchuser\" are not known: whether it is in group \"staff\" cannot be told\$" \
	nosuchuser
printf '* x%%u\n' > "$T/users"
long=$(printf '%0255d' 0)
refused "%u that makes the label too long" \
	"$T/users:1:3: the label \"x0+\"\\.\\.\\. for user \"0+\"\\.\\.\\. is longer than 255 characters\$" \
	"$long"
printf '* User::%%u\n' > "$T/users"
refused "%u with a name no label may hold" \
	"$T/users:1:3: the label \"User::a/b\" for user \"a/b\" contains '/'\$" \
	a/b
pam_service smack-test "users=$T/none"
refused "a file that does not exist" \
	"$T/none: cannot open: No such file or directory\$"
mkdir -p "$T/users.d"
pam_service smack-test "users=$T/users.d"
refused "a directory in the file's place" "$T/users.d: is a directory, not a file\$"

pam_service smack-test nofail "users=$T/users"
printf 'alice a/b\n' > "$T/users"
refused "a bad entry with nofail" "$T/users:1:7: label \"a/b\" contains '/'\$"

# Labels the kernel refuses to any process: the entry is valid, setting
# it is not.
for label in '*' '@'; do
	pam_service smack-test "users=$T/users"
	printf 'alice %s\n' "$label" > "$T/users"
	[ "$label" = '*' ] && pattern='\*' || pattern=$label
	refused "an entry $label" \
		"user \"alice\": cannot set the label \"$pattern\": Invalid argument \\(no process may run with this label\\)\$"
done
pam_service smack-test nofail "users=$T/users"
check_eq "an entry * with nofail: the session goes on, label as it was" _ \
	"$(pam_session smack-test alice sh -c "$SHOW_LABEL")"

# The default file, SYSCONFDIR/smack/users, read when no argument maps
# users (its absence is pam-config's).
printf '# the default file\n@staff Team::%%u\n* Guest\n' > "$T/users"
pam_service smack-test debug
log_run default_users "$T/users" pam-session smack-test bob \
	sh -c "$SHOW_LABEL" > "$T/out"
check_eq "the default users file decides without arguments" Team::bob \
	"$(cat "$T/out")"
logged "debug names the default file's entry" \
	"user \"bob\": the label \"Team::bob\" of $PAM_DEFAULT_USERS:2 \\(@staff\\)\$"
check_eq "the default users file's * for another user" Guest \
	"$(default_users "$T/users" pam-session smack-test alice \
	   sh -c "$SHOW_LABEL")"

syslog_stop
finish
