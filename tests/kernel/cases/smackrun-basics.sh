# smackrun on a real kernel: the command runs under the label, --show,
# the exit codes (125 smackrun failed, 126 cannot run, 127 not found, else
# the command's own) and failing closed: whenever smackrun cannot do its
# job, the command does not run.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }

# check_exit DESC STATUS CMD...: passes when CMD exits with STATUS.
check_exit() {
	_desc=$1 _want=$2; shift 2
	"$@" > "$T/out" 2> "$T/err"
	_got=$?
	if [ "$_got" -eq "$_want" ]; then
		pass "$_desc"
	else
		fail "$_desc (exit $_got, expected $_want: $*)"
		sed 's/^/# /' "$T/err"
	fi
}

# did_not_run DESC CMD...: CMD is smackrun ... touch $T/ran; passes when it
# exits 125 and the file was not created.
did_not_run() {
	_desc=$1; shift
	rm -f "$T/ran"
	check_exit "$_desc: exit 125" 125 "$@" touch "$T/ran"
	check_fails "$_desc: the command did not run" test -e "$T/ran"
}

check_eq "--show prints the caller's label" "_" "$(smackrun --show)"
check_eq "--show PID prints that process's label" "_" "$(smackrun --show $$)"
check_eq "the command runs under the label" "Viewer" \
	"$(smackrun Viewer cat /proc/self/attr/current)"
check_eq "--show in the command prints the new label" "Viewer" \
	"$(smackrun Viewer smackrun --show)"
check_eq "the command keeps its arguments and options" "-n x" \
	"$(smackrun Viewer printf '%s %s' -n x)"
check_eq "the caller's own label is unchanged" "_" \
	"$(cat /proc/self/attr/current)"
long=$(printf '%0255d' 0 | tr 0 L)
check_eq "a 255-character label works" "$long" \
	"$(smackrun "$long" cat /proc/self/attr/current)"
check_eq "the special label ^ can be taken" "^" \
	"$(smackrun ^ cat /proc/self/attr/current)"

check_exit "the command's own status 0" 0 smackrun Viewer true
check_exit "the command's own status 1" 1 smackrun Viewer false
check_exit "the command's own status 3" 3 smackrun Viewer sh -c 'exit 3'
check_exit "the command's own status 125 passes through" 125 \
	smackrun Viewer sh -c 'exit 125'
check_exit "a command that is not found: 127" 127 \
	smackrun Viewer no-such-command-here
check "the 127 message names the command" \
	grep -q "cannot run 'no-such-command-here': No such file" "$T/err"
check_exit "a path that does not exist: 127" 127 smackrun Viewer "$T/nothing"
printf 'data\n' > "$T/not-executable"
check_exit "a file without execute permission: 126" 126 \
	smackrun Viewer "$T/not-executable"
check_exit "a directory: 126" 126 smackrun Viewer "$T"
# A program Smack denies the new label: found, but cannot be run.
cp /bin/true "$T/secret-prog"
setfattr -n security.SMACK64 -v Secret "$T/secret-prog"
check_exit "a program Smack denies the label x: 126" 126 \
	smackrun Viewer "$T/secret-prog"
check "the 126 message says why" grep -q "Permission denied" "$T/err"
check_exit "the same program runs with a rule Viewer Secret rx" 0 \
	sh -c 'echo "Viewer Secret rx" > "$SMACKFS/load2" &&
	       smackrun Viewer "$T/secret-prog"'

did_not_run "invalid label a/b" smackrun a/b
check "a/b: the message names the label and the problem" \
	grep -qF 'smackrun: label "a/b" contains '"'/'" "$T/err"
# The kernel would have cut it to a new label "KtRunPrefix" (and labels are
# never forgotten: cipso2 lists every label the kernel knows).
did_not_run "invalid label KtRunPrefix/x" smackrun KtRunPrefix/x
check_fails "the kernel never saw the label's valid prefix" \
	grep -q '^KtRunPrefix ' "$SMACKFS/cipso2"
did_not_run "a 256-character label" smackrun "${long}L"
check "256: the message says it is too long" \
	grep -q "is longer than 255 characters" "$T/err"
did_not_run "the label *" smackrun '*'
did_not_run "the label @" smackrun '@'
did_not_run "no label at all" smackrun ''
did_not_run "a usage error" smackrun --no-such-option Viewer

# Without CAP_MAC_ADMIN and without a relabel-self entry the kernel refuses.
did_not_run "no privilege, no relabel-self entry" \
	capsh --drop=cap_mac_admin,cap_mac_override -- -c 'exec "$@"' sh \
	smackrun Viewer
check "the EPERM message says what is needed" \
	grep -q 'not permitted to take the label "Viewer"' "$T/err"
did_not_run "uid 65534 without a relabel-self entry" \
	setpriv --reuid=65534 --regid=65534 --clear-groups smackrun Viewer
finish
