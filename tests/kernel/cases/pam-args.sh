# pam_smack with the arguments of the 1.3 module: USER=LABEL, =LABEL, the
# default label User, an empty label that leaves the label as it is.  The
# shell of the session runs under the label, through su(1) and through a
# PAM application of the test's own, and Smack confines it there.
. "$SRCDIR/tests/kernel/pam-lib.sh"

echo public > "$T/public"
echo secret > "$T/secret"
chmod 644 "$T/public" "$T/secret"
setfattr -n security.SMACK64 -v Public "$T/public"
setfattr -n security.SMACK64 -v Secret "$T/secret"
printf 'Staff Public r\nGuest Public r\n' > "$SMACKFS/load2"

pam_service smack-test alice=Staff =Guest
check_eq "alice=Staff: alice's shell runs under Staff" Staff \
	"$(pam_session smack-test alice sh -c "$SHOW_LABEL")"
check_eq "=Guest: bob's shell runs under Guest" Guest \
	"$(pam_session smack-test bob sh -c "$SHOW_LABEL")"
check_eq "the shell runs as the user" 2001 \
	"$(pam_session smack-test alice id -u)"
check_eq "Staff reads a Public file (its rule)" public \
	"$(pam_session smack-test alice cat "$T/public")"
check_fails "Staff may not read a Secret file (no rule)" \
	pam_session smack-test alice cat "$T/secret"
check_eq "what the shell starts runs under Staff too" Staff \
	"$(pam_session smack-test alice sh -c "sh -c '$SHOW_LABEL'")"
# pam_end() unloads the module and libsmack: nothing of theirs stays open
# (pam-session exits 3 when a descriptor of smackfs does).
check "the module's library leaves no descriptor behind" \
	pam_session smack-test alice true

# su(1): the session is opened in su's process, before it forks the
# child that takes the user's identity and executes the shell.
pam_service su alice=Staff =Guest
check_eq "su: alice's shell runs under Staff" Staff \
	"$(su_session alice sh -c "$SHOW_LABEL")"
check_eq "su: bob's shell runs under Guest" Guest \
	"$(su_session bob sh -c "$SHOW_LABEL")"
check_eq "su: Staff reads a Public file" public \
	"$(su_session alice cat "$T/public")"
su_session alice cat "$T/secret" > "$T/out" 2> "$T/err"
check_fails "su: Staff may not read a Secret file" test -s "$T/out"
check "su: the denial is the kernel's" grep -q "Permission denied" "$T/err"

# The first argument that names the user wins, then the first =LABEL.
pam_service smack-test =Guest bob=Other alice=Staff alice=Other =Else
check_eq "the first USER=LABEL of the user, wherever =LABEL is" Staff \
	"$(pam_session smack-test alice sh -c "$SHOW_LABEL")"
check_eq "the first =LABEL for the others" Guest \
	"$(pam_session smack-test carol sh -c "$SHOW_LABEL")"
pam_service smack-test alicex=Other =Guest
check_eq "an argument names a user by the whole name" Guest \
	"$(pam_session smack-test alice sh -c "$SHOW_LABEL")"

# Without =LABEL, a user no argument names gets User.
pam_service smack-test alice=Staff
check_eq "no argument names bob: User" User \
	"$(pam_session smack-test bob sh -c "$SHOW_LABEL")"
check_eq "an unknown user: =LABEL and User apply as in 1.3" User \
	"$(pam_session smack-test nosuchuser sh -c "$SHOW_LABEL")"
pam_service smack-test =Guest
check_eq "an unknown user gets =LABEL" Guest \
	"$(pam_session smack-test nosuchuser sh -c "$SHOW_LABEL")"

# An empty label leaves the label as it is: the caller's, here "_".
pam_service smack-test alice= =Guest
check_eq "alice=: alice keeps the caller's label" _ \
	"$(pam_session smack-test alice sh -c "$SHOW_LABEL")"
check_eq "alice=: bob gets =Guest" Guest \
	"$(pam_session smack-test bob sh -c "$SHOW_LABEL")"
pam_service smack-test alice=Staff =
check_eq "=: bob keeps the caller's label" _ \
	"$(pam_session smack-test bob sh -c "$SHOW_LABEL")"
check_eq "=: alice=Staff still applies" Staff \
	"$(pam_session smack-test alice sh -c "$SHOW_LABEL")"

# Options are not users: debug and nofail change no label.
pam_service smack-test debug nofail alice=Staff
check_eq "options among the mappings" Staff \
	"$(pam_session smack-test alice sh -c "$SHOW_LABEL")"
finish
