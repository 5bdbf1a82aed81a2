# The bash completion (completion/smack-utils, or the installed one) offers
# the labels of the running kernel's rules, read from smackfs's load2, for
# chsmack -a, smackaccess, smackrun and smackctl's label knobs, quoted as
# the shell must read them back; and once a rule is emptied (gone from
# load2), its labels are no longer offered.
. "$SRCDIR/tests/kernel/lib.sh"
command -v bash > /dev/null || { echo "# no bash"; exit 77; }
completion=$SRCDIR/completion/smack-utils
if [ -n "$INSTALLED" ]; then
	completion=$INSTALLED/usr/share/bash-completion/completions/smack-utils
fi

smackload <<'RULES'
CompViewer CompNews r
CompViewer CompSports rw
User::Fred CompNews rx
Comp;Odd$x CompNews w
RULES
check "the rules are loaded" has_rule "Comp;Odd\$x" CompNews w

abs_top_srcdir=$SRCDIR abs_top_builddir=$BUILDDIR COMPLETION=$completion \
	bash -s <<'CHECKS'
. "$abs_top_srcdir/tests/completion/lib.bash"
. "$COMPLETION"
all=(CompNews CompSports CompViewer 'Comp\;Odd\$x' User::Fred)
comp "chsmack -a "
expect "chsmack -a: the labels of load2" "${all[@]}"
comp "chsmack --access=CompS"
expect "chsmack --access=PREFIX" CompSports
comp "smackaccess CompViewer Comp"
expect "smackaccess SUBJECT OBJECT" CompNews CompSports CompViewer 'Comp\;Odd\$x'
comp "smackrun User::F"
expect "smackrun LABEL: the part after the colons" Fred
comp "smackctl knob onlycap CompNews CompV"
expect "smackctl knob onlycap LABEL LABEL" CompViewer
echo "Comp;Odd\$x CompNews -" > /sys/fs/smackfs/load2
comp "chsmack -e Comp\\;"
expect "an emptied rule's labels are gone"
[[ $tap_failed -eq 0 ]]
CHECKS
check "the completion checks ran to the end" test $? -eq 0
finish
