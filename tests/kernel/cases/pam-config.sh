# pam_smack's configuration errors: a label that is not valid, users=
# naming a file that does not exist or none, fail the session whatever
# nofail says (LOG_ERR, the command not run); an unknown argument is
# logged and ignored, as the 1.3 module ignored it; with no mapping
# argument and no users file, everyone gets User, as in 1.3.
. "$SRCDIR/tests/kernel/pam-lib.sh"

syslog_start

# refused DESC PATTERN ARG...: with pam_smack ARG..., the session fails,
# its command does not run and syslog says PATTERN at LOG_ERR.
refused() {
	what=$1 pattern=$2; shift 2
	pam_service smack-test "$@"
	rm -f "$T/ran"
	log_run pam_session smack-test alice touch "$T/ran" 2> /dev/null
	check_eq "$what: the session is refused" 2 $?
	check_fails "$what: the command did not run" test -e "$T/ran"
	logged "$what: syslog says why" "$pattern"
	check "$what: at LOG_AUTHPRIV|LOG_ERR" grep -q '^<83>' "$T/log"
}

refused "alice=a/b" \
	"argument \"alice=a/b\": \"a/b\" is not a valid label: contains '/'\$" \
	alice=a/b
refused "=-x (the kernel's rule for a leading '-')" \
	"argument \"=-x\": \"-x\" is not a valid label: starts with '-'\$" \
	=-x
long=$(printf '%0256d' 0)
refused "a label of 256 characters" \
	"argument \"=$long\": \"$long\" is not a valid label: is longer than 255 characters\$" \
	"=$long"
refused "a bad label with nofail" \
	"argument \"=it's\": \"it's\" is not a valid label: contains \"'\"\$" \
	nofail "=it's"
refused "users=FILE that does not exist" \
	"$T/none: cannot open: No such file or directory\$" \
	"users=$T/none"
refused "users= with no file" 'argument "users=" names no file$' users=
refused "users= twice" \
	"argument \"users=$T/b\": users= given twice\$" \
	"users=$T/a" "users=$T/b"

# A bad label of another user's argument is not this session's business:
# the 1.3 module read only the argument it chose.
pam_service smack-test bob=a/b alice=Staff
check_eq "another user's bad label does not stop alice" Staff \
	"$(pam_session smack-test alice sh -c "$SHOW_LABEL")"

pam_service smack-test frobnicate =Staff
log_run pam_session smack-test alice sh -c "$SHOW_LABEL" > "$T/out"
check_eq "an unknown argument: the session goes on" Staff "$(cat "$T/out")"
logged "an unknown argument is logged" 'unknown argument "frobnicate", ignored$'

# No mapping argument: the default users file, which does not exist here
# (pam-ns.sh hides its directory), so everyone gets User.
pam_service smack-test debug
log_run pam_session smack-test alice sh -c "$SHOW_LABEL" > "$T/out"
check_eq "no argument and no users file: User" User "$(cat "$T/out")"
logged "debug names the file that does not exist" \
	"user \"alice\": the default label \"User\": $PAM_DEFAULT_USERS does not exist\$"
pam_service smack-test
check_eq "no argument at all, as in 1.3: User" User \
	"$(pam_session smack-test nosuchuser sh -c "$SHOW_LABEL")"

# users= is not read when the arguments map users.
pam_service smack-test "users=$T/none" =Staff
log_run pam_session smack-test alice sh -c "$SHOW_LABEL" > "$T/out"
check_eq "users= with =LABEL: the argument decides" Staff "$(cat "$T/out")"
logged "users= with =LABEL: a warning says the file is not read" \
	"users=$T/none is not read: the arguments map users to labels\$"

syslog_stop
finish
