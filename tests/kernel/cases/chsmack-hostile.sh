# chsmack on a Smack kernel with hostile file names (a newline, terminal
# escapes, bytes that are not UTF-8, a name that looks like a value): the
# listing, -n and messages escape them, -0 gives them raw between NULs;
# standard output closed fails.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/chsmack/kernel.sh"

nl='
'
esc=$(printf '\033')
ff=$(printf '\377')

cd "$T" || exit 1
mkdir -p "h/a$nl/etc"
touch "h/a$nl/etc/shadow" "h/e${esc}[2Jx" "h/bad${ff}" 'h/x access="F"'
check "a label on the file that would forge a line" \
	"$CHSMACK" -a Forged "h/a$nl/etc/shadow"
check "a label on the file named like a value" \
	"$CHSMACK" -a Real 'h/x access="F"'
check_eq "-r: one line a file, each path escaped" \
'h access="_"
h/a\012 access="_"
h/a\012/etc access="_"
h/a\012/etc/shadow access="Forged"
h/bad\377 access="_"
h/e\033[2Jx access="_"
h/x access=\042F\042 access="Real"' "$("$CHSMACK" -r h | sort)"
check_eq "-n: the same paths in changes" \
'h/a\012/etc/shadow: access "Forged" -> "New"
h/x access=\042F\042: access "Real" -> "New"' \
	"$("$CHSMACK" -n -a New "h/a$nl/etc/shadow" 'h/x access="F"')"
check_eq "a message: one line, escaped" \
	"chsmack: cannot access 'h/e\\033[2Jy': No such file or directory" \
	"$("$CHSMACK" "h/e${esc}[2Jy" 2>&1)"

printf 'h/a\n/etc/shadow\0 access="Forged"\0h/x access="F"\0 access="Real"\0' \
	> want
"$CHSMACK" -0 "h/a$nl/etc/shadow" 'h/x access="F"' > got
check "-0: each path raw and NUL-ended, then its record" cmp want got

"$CHSMACK" -r h >&- 2> err
check_eq "-r with standard output closed: exit 1" 1 $?
check_eq "... saying so" "chsmack: write error on standard output" \
	"$(cat err)"

finish
