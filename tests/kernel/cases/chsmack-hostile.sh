# chsmack on a Smack kernel with hostile file names (a newline, terminal
# escapes, bytes that are not UTF-8, a name that looks like a value): the
# listing, -n and messages escape them, -0 gives them raw between NULs;
# standard output closed fails; -x and a mount point, in the tree or named;
# a hard link to a file outside the tree.
. "$SRCDIR/tests/kernel/lib.sh"
. "$SRCDIR/tests/chsmack/kernel.sh"

label_of() {
	getfattr -h --only-values -n security.SMACK64 "$1" 2> /dev/null
}

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

# valgrind opens its log on the lowest free descriptor, and a program it
# runs with descriptor 1 closed inherits that log as its standard output.
if [ -n "${UNDER_VALGRIND:-}" ]; then
	skip "-r with standard output closed" "valgrind's log takes descriptor 1"
else
	"$CHSMACK" -r h >&- 2> err
	check_eq "-r with standard output closed: exit 1" 1 $?
	check_eq "... saying so" "chsmack: write error on standard output" \
		"$(cat err)"
fi

# -x: a mount point in the tree is left alone; one named is processed.
mkdir -p top/mnt outside
touch top/f outside/o
ln outside/o top/link
mount -t tmpfs -o size=1m chsmack-hostile top/mnt
touch top/mnt/m
check_eq "-r -x does not list the mount point" \
'top access="_"
top/f access="_"
top/link access="_"' "$("$CHSMACK" -r -x top | sort)"
check "-r -x -a on the mount point named" "$CHSMACK" -r -x -a Mnt top/mnt
check_eq "... labels it" Mnt "$(label_of top/mnt)"
check_eq "... and what is below it" Mnt "$(label_of top/mnt/m)"
check "-r -x -a on the tree above it" "$CHSMACK" -r -x -a Top top
check_eq "... leaves the mount point alone" Mnt "$(label_of top/mnt)"
check_eq "... labels the rest" Top "$(label_of top/f)"
umount top/mnt
check_eq "... nor reached the directory it covers" _ "$(label_of top/mnt)"
check_eq "a hard link in the tree labelled the file outside it" \
	Top "$(label_of outside/o)"

finish
