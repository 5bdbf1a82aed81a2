#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# chsmack --progress: on a terminal (a pseudo-terminal of script(1), from
# util-linux, which Debian always installs) a line on standard error that
# each redraw starts with a carriage return and ends with ESC [ K, giving
# the entries visited, the rate and the directory, escaped and cut to the
# terminal's width, taken away before every message and record that goes
# to the terminal, and at the end; nothing on a pipe or file unless
# --progress=always.
. "${abs_top_srcdir:-$(dirname "$0")/../..}/tests/chsmack/lib.sh"
command -v script > /dev/null ||
	skip_all "script(1) is missing (Debian: bsdutils)"

ESC=$(printf '\033')

# on_tty COLUMNS CMD: runs the shell command CMD with its standard input,
# output and error on a terminal COLUMNS wide; what it wrote there goes to
# the file tty, its exit status to $rc.
on_tty() {
	SHELL=/bin/sh script -qec "stty cols $1 2> /dev/null; $2" /dev/null \
		< /dev/null > "$S/tty" 2>&1
	rc=$?
}

# The terminal's bytes with ESC as E and the carriage return as R, where a
# redraw is "R<n> entries, <r>/s, <dir>E[K" and taking it away "RE[K".
visible() {
	tr '\033\r' 'ER' < "$S/tty"
}

# lines: each redraw's text, one a line.
lines() {
	visible | grep -o 'R[0-9]* entries, [0-9]*/s, [^E]*E\[K' |
		sed 's/^R//; s/E\[K$//'
}

# A tree of 2 + 200 entries: the 64th is in t/sub.
mkd t/sub
i=0
while [ $i -lt 200 ]; do
	: > "t/sub/f$i"
	i=$((i + 1))
done

# --- a terminal

on_tty 80 "'$CHSMACK' -r --progress -a Pro t > out"
expect_rc0() {
	if [ "$rc" = 0 ]; then ok "$1"; else not_ok "$1 (exit $rc)"; fi
}
expect_rc0 "--progress: the walk succeeds"
expect_attrs "... and labels the tree" t/sub/f199 "SMACK64=Pro"
first=$(lines | head -n 1)
case $first in
"64 entries, "*"/s, t/sub") ok "the line: entries, entries a second, the directory" ;;
*) not_ok "the line: entries, entries a second, the directory"
   diag "terminal: $(visible)" ;;
esac
case $(visible) in
*"E[KRE[K") ok "the line is taken away at the end" ;;
*) not_ok "the line is taken away at the end"; diag "terminal: $(visible)" ;;
esac
if [ -s out ]; then
	not_ok "nothing on standard output"
else
	ok "nothing on standard output"
fi

on_tty 80 "'$CHSMACK' -r --progress -a Pro t/sub/f1 t/sub/f2"
if [ -s "$S/tty" ]; then
	not_ok "fewer entries than a redraw takes: nothing shown"
	diag "terminal: $(visible)"
else
	ok "fewer entries than a redraw takes: nothing shown"
fi

# --- not a terminal

chs -r --progress -a Pro t
expect_quiet "--progress into a file: nothing"
"$CHSMACK" -r --progress -a Pro t 2>&1 | cat > "$S/tty"
if [ -s "$S/tty" ]; then
	not_ok "--progress into a pipe: nothing"
else
	ok "--progress into a pipe: nothing"
fi
"$CHSMACK" -r --progress=always -a Pro t 2>&1 | cat > "$S/tty"
case $(lines | head -n 1) in
"64 entries, "*"/s, t/sub") ok "--progress=always into a pipe: the line" ;;
*) not_ok "--progress=always into a pipe: the line"; diag "$(visible)" ;;
esac
chs --progress=sometimes t
expect_rc "--progress=WORD other than always: a usage error" 2
expect_err "... that names it" "--progress.*'sometimes'"

# --- the width and what a name may hold

mkd "t/a-directory-name-longer-than-the-terminal-is-wide"
mv t/sub/f* "t/a-directory-name-longer-than-the-terminal-is-wide/"
on_tty 40 "'$CHSMACK' -r --progress -a Pro t"
line=$(lines | head -n 1)
case $line in
"64 entries, "*"/s, t/a-dir"*) ok "a long directory is cut ..." ;;
*) not_ok "a long directory is cut ..."; diag "terminal: $(visible)" ;;
esac
if [ ${#line} -le 39 ]; then
	ok "... to fit the terminal, its last column left free (${#line})"
else
	not_ok "... to fit the terminal, its last column left free (${#line}: $line)"
fi

hostile="t/x${ESC}]0;owned$(printf '\007')
y"
mkd "$hostile"
mv t/a-directory-name-longer-than-the-terminal-is-wide/f* "$hostile/"
on_tty 80 "'$CHSMACK' -r --progress -a Pro t"
line=$(lines | head -n 1)
case $line in
'64 entries, '*'/s, t/x\033]0;owned\007\012y') ok "a hostile directory name is shown escaped" ;;
*) not_ok "a hostile directory name is shown escaped"; diag "terminal: $(visible)" ;;
esac
if visible | sed 's/E\[K//g' | grep -q "E"; then
	not_ok "... and no ESC reaches the terminal but that of ESC [ K"
else
	ok "... and no ESC reaches the terminal but that of ESC [ K"
fi
if tr -d '\r' < "$S/tty" | grep -q "^y"; then
	not_ok "... nor a newline of the name"
else
	ok "... nor a newline of the name"
fi

# --- messages and records on the same terminal

# unshown: what remains of the terminal once each redraw that is taken
# away right after it is removed; a redraw left there would have had a
# message or record written over it.
unshown() {
	visible | sed 's/R[0-9]* entries, [0-9]*\/s, [^E]*E\[KRE\[K//g'
}
on_tty 80 "'$CHSMACK' -r --progress -a Pro t missing"
if [ "$rc" = 1 ] && unshown | grep -q "^chsmack: cannot access 'missing'"; then
	ok "a message takes the line away first"
else
	not_ok "a message takes the line away first (exit $rc)"
	diag "terminal: $(visible)"
fi
entries=$(find t -printf x | wc -c)
on_tty 80 "'$CHSMACK' -r --progress t"
if [ "$(unshown | grep -c 'entries, ')" = 0 ] &&
	[ "$(unshown | grep -c 'access="Pro"')" = "$entries" ]; then
	ok "a listing on the terminal: each record on a line of its own"
else
	not_ok "a listing on the terminal: each record on a line of its own"
	diag "terminal: $(visible | head -n 5)"
fi
on_tty 80 "'$CHSMACK' -r --progress t > out"
if [ "$(lines | wc -l)" -ge 1 ] && [ "$(wc -l < out)" = "$entries" ]; then
	ok "a listing into a file: the line on the terminal, the records in the file"
else
	not_ok "a listing into a file: the line on the terminal, the records in the file"
fi

tap_done
