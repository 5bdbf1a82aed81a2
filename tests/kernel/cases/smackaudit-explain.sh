# smackaudit's explanations against the running kernel, for records of a
# file: each reason of smackaudit(8) (no rule, the rule lacks letters,
# allowed now by a rule or by a built-in rule, subject '*', the ptrace
# rule) and its notes (onlycap, capabilities, the network, the ambient
# label), in text and JSON; and --rules' lines for pairs the kernel has a
# rule for: the rule's letters kept, or only added with --modify.  With a
# policy tree (--config-dir): the tree's lines of a pair (FILE:LINE), and
# drift where the kernel's answer or rule is not the tree's.
. "$SRCDIR/tests/kernel/lib.sh"

printf 'ExS ExR r\nExS ExW x\nExNet ExRecv r\n' > rules
check "smackload loads the rules" smackload rules

# rec FN SUBJECT OBJECT LETTERS: a record as the kernel logs it.
rec() {
	printf 'audit: type=1400 audit(1796578856.378:5): lsm=SMACK fn=%s action=denied subject="%s" object="%s" requested=%s pid=9 comm="app" name="f" dev="tmpfs" ino=4\n' \
		"$@"
}
{
	rec smack_inode_permission ExS ExNone r
	rec smack_inode_permission ExS ExW w
	rec smack_inode_permission ExS ExR r
	rec smack_inode_permission ExS _ r
	rec smack_inode_permission ExS _ w
	rec smack_socket_sock_rcv_skb '*' ExRecv w
	rec smack_socket_sock_rcv_skb _ ExRecv w
	echo 'audit: type=1400 audit(1796578856.378:6): lsm=SMACK fn=smack_ptrace_access_check action=denied subject="ExS" object="ExR" labels_differ pid=9 comm="gdb" opid=10 ocomm="app"'
} > log
echo 1 > "$SMACKFS/ptrace"

smackaudit log > report
check_eq "smackaudit explains the records" 0 $?
# why SUBJECT OBJECT LETTERS: the why: line of that entry.
why() {
	sed -n "/^$1 $2 $3[ :]/,/^\$/p" report | sed -n 's/^  why: //p'
}
check_eq "no rule" 'no rule "ExS ExNone ..." is loaded' "$(why ExS ExNone r)"
check_eq "the rule lacks letters" 'the rule "ExS ExW x" lacks "w"' \
	"$(why ExS ExW w)"
check_eq "allowed now by a rule" \
	'allowed now: the rule "ExS ExR r" grants it (the policy changed since, or the process had a narrower load-self rule)' \
	"$(why ExS ExR r)"
check_eq "allowed now by a built-in rule" \
	"allowed now: the object is '_', which anyone may read, execute or lock (a load-self rule of the process may have narrowed it)" \
	"$(why ExS _ r)"
check_eq "a built-in rule that does not cover w" 'no rule "ExS _ ..." is loaded' \
	"$(why ExS _ w)"
check "with a note on what '_' grants" \
	grep -qF "  note: '_' objects and '^' subjects get r, x or l only when asked alone" report
check_eq "subject '*'" "the subject is '*', which may access nothing: no rule changes that" \
	"$(why '\*' ExRecv w)"
check_eq "the ptrace rule" \
	"the ptrace rule (smackfs ptrace is 1, exact) lets a process trace only its own label: no rule changes that" \
	"$(why ExS ExR '- (labels differ)')"
check "a file's denial: CAP_MAC_OVERRIDE gets past it" \
	grep -qF '  note: a process with CAP_MAC_OVERRIDE gets past this check (onlycap is empty)' report
check "a packet's: no capability does" \
	grep -qF '  note: no capability gets a packet or a host past this check' report
check "the ambient label is named" \
	grep -qF "  note: packets with no CIPSO label carry the ambient label '_' (smackfs ambient)" report

echo _ > "$SMACKFS/onlycap"
smackaudit log > report
echo - > "$SMACKFS/onlycap"
check "onlycap that does not list the subject" \
	grep -qF "  note: onlycap does not list 'ExS': its processes cannot get past this check with CAP_MAC_OVERRIDE" report

smackaudit --json log > report.json
check "JSON gives the reasons" sh -c 'grep -q "\"reason\":\"rule-lacks\"" report.json &&
	grep -q "\"reason\":\"star-subject\"" report.json &&
	grep -q "\"reason\":\"ptrace-rule\"" report.json'

smackaudit --rules log > rules.out
check "--rules keeps the letters of the pair's rule" grep -qx 'ExS ExW rwx' rules.out
check "and says so" grep -qF '#   the kernel'"'"'s rule is "ExS ExW x"; this line keeps its letters' rules.out
check "no line for what is allowed now" sh -c '! grep -q "^ExS ExR" rules.out'
check "nor for subject '*'" sh -c '! grep -q "^\*" rules.out'
smackaudit --modify log > modify.out
check "--modify only adds" grep -qx 'ExS ExW rw -' modify.out
check "a letter a built-in rule grants is left out" grep -qx 'ExS _ w' rules.out
check "and marked so" grep -qF '#   r: (allowed now) the open that follows asks for it (smack_file_open)' rules.out

# The policy tree (--config-dir): first the rules the kernel holds, so
# that the two agree; then a tree that differs from the kernel (drift).
mkdir -p tree/accesses.d
cp rules tree/accesses.d/ex
smackaudit --config-dir=tree log > report
check_eq "smackaudit asks a tree" 0 $?
# line KEY SUBJECT OBJECT LETTERS: the "KEY: " line of that entry.
line() {
	sed -n "/^$2 $3 $4[ :]/,/^\$/p" report | sed -n "s/^  $1: //p"
}
check_eq "the tree's rule that lacks letters, and its FILE:LINE" \
	'the rule "ExS ExW x" (tree/accesses.d/ex:2) lacks "w"' \
	"$(line tree ExS ExW w)"
check_eq "the tree's rule that grants" \
	'the rule "ExS ExR r" (tree/accesses.d/ex:1) grants it' \
	"$(line tree ExS ExR r)"
check_eq "no rule in the tree" 'no rule "ExS ExNone ..." is in the tree' \
	"$(line tree ExS ExNone r)"
check "the kernel and the tree agree: no drift" \
	sh -c '! grep -q "drift" report'
smackaudit --rules --config-dir=tree log > rules.out
check "--rules names the line of the tree it replaces" grep -qxF \
	"#   the tree's rule \"ExS ExW x\" is at tree/accesses.d/ex:2; this line replaces it" \
	rules.out
check "and keeps the letters of the tree's rule" grep -qx 'ExS ExW rwx' rules.out
smackaudit --modify --config-dir=tree log > modify.out
check "--modify adds where it is read after the tree's line" grep -qxF \
	"#   the tree's rule \"ExS ExW x\" is at tree/accesses.d/ex:2; this line adds to it where it is read after it" \
	modify.out
check "--modify only adds, with a tree too" grep -qx 'ExS ExW rw -' modify.out

printf 'ExS ExW rwx\nExS ExNone x\nExNet ExRecv r\n' > tree/accesses.d/ex
smackaudit --config-dir=tree log > report
check_eq "drift: the tree allows what the kernel denies" \
	"the tree allows it and the running kernel denies it: the tree's rules are not what is loaded (smackctl apply loads them)" \
	"$(line drift ExS ExW w)"
check_eq "drift: the kernel allows what the tree denies" \
	"the running kernel allows it and the tree denies it: a rule was loaded from outside the tree" \
	"$(line drift ExS ExR r)"
check_eq "drift: both deny, the pair's rules differ" \
	'the pair'"'"'s rule in the running kernel is none, in the tree "ExS ExNone x"' \
	"$(line drift ExS ExNone r)"
check_eq "no drift where they agree" "" "$(line drift ExS _ w)"
smackaudit --json --config-dir=tree log > report.json
check "JSON gives the tree and the drift" sh -c 'grep -q "\"drift\":\"tree-allows\"" report.json &&
	grep -q "\"drift\":\"kernel-allows\"" report.json &&
	grep -q "\"file\":\"tree/accesses.d/ex\",\"line\":1" report.json'
smackaudit --rules --config-dir=tree log > rules.out
check "--rules: the kernel's rule that differs from the tree's is said" \
	grep -qxF '#   drift: the kernel'"'"'s rule is "ExS ExW x", not the tree'"'"'s' rules.out

echo 0 > "$SMACKFS/ptrace"
finish
