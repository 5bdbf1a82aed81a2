#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# chsmack and hostile file names: a newline, terminal escapes, bytes that
# are not UTF-8 and a name that looks like a value are escaped in the
# listing, in -n and --verbose and in messages; -0 gives them raw, between
# NULs.  Output that cannot be written fails; a closed pipe is SIGPIPE's;
# a hard link out of the tree is the file itself.
. "$(dirname "$0")/lib.sh"

nl='
'
esc=$(printf '\033')
ff=$(printf '\377')
e_acute=$(printf '\303\251')

# A tree whose names try to forge lines and to drive the terminal.
mkd t "t/a$nl" "t/a$nl/etc"
mk "t/a$nl/etc/shadow" "t/e${esc}[31mred" "t/bad${ff}utf" \
	't/x access="F"' 't/back\slash' "t/caf$e_acute"
setfattr -n security.SMACK64 -v Forged "t/a$nl/etc/shadow"
setfattr -n security.SMACK64 -v Real 't/x access="F"'

# no_raw DESC FILE: FILE holds no ESC, no 0xff byte and no line that
# starts with "/etc/shadow".
no_raw() {
	if grep -q -e "$esc" -e "$ff" -e '^/etc/shadow' "$2"; then
		not_ok "$1"
		diag "$(od -c "$2" | head -n 20)"
	else
		ok "$1"
	fi
}

chs -r t
expect_rc "-r lists a tree of hostile names" 0
expect_sorted "... each file on one line, its path escaped" \
"t/a\\012/etc/shadow access=\"Forged\"
t/a\\012/etc: No smack property found
t/a\\012: No smack property found
t/back\\134slash: No smack property found
t/bad\\377utf: No smack property found
t/caf$e_acute: No smack property found
t/e\\033[31mred: No smack property found
t/x access=\\042F\\042 access=\"Real\"
t: No smack property found"
no_raw "... no newline, ESC or invalid byte of a name reaches it" "$S/.out"

chs -n -r -a New t
expect_rc "-n -r with hostile names" 0
expect_sorted "... each change on one line, its path escaped" \
"t/a\\012/etc/shadow: access \"Forged\" -> \"New\"
t/a\\012/etc: access - -> \"New\"
t/a\\012: access - -> \"New\"
t/back\\134slash: access - -> \"New\"
t/bad\\377utf: access - -> \"New\"
t/caf$e_acute: access - -> \"New\"
t/e\\033[31mred: access - -> \"New\"
t/x access=\\042F\\042: access \"Real\" -> \"New\"
t: access - -> \"New\""
no_raw "... no raw byte reaches it" "$S/.out"

chs --verbose -a Verbose "t/e${esc}[31mred" "t/bad${ff}utf"
expect_rc "--verbose with hostile names" 0
expect_out "... escapes them" \
"t/e\\033[31mred: access - -> \"Verbose\"
t/bad\\377utf: access - -> \"Verbose\""
expect_attrs "... and labels the files themselves" "t/e${esc}[31mred" \
	"SMACK64=Verbose"

# Messages: one line each, escaped.
chs "t/gone$nl/etc/passwd" "t/gone${esc}]0;title$(printf '\007')"
expect_rc "missing files with hostile names: exit 1" 1
if [ "$(wc -l < "$S/.err")" -eq 2 ]; then
	ok "... one message line each"
else
	not_ok "... one message line each"
	diag "$(err)"
fi
expect_err "... the newline escaped" \
	"^chsmack: cannot access 't/gone\\\\012/etc/passwd': No such file"
expect_err "... the escape sequence escaped" \
	"^chsmack: cannot access 't/gone\\\\033]0;title\\\\007': No such file"
no_raw "... no raw byte reaches the terminal" "$S/.err"

# -0: each path raw, then a NUL, the rest of its line and a NUL.
mkd z
mk "z/a${nl}b" 'z/x access="F"'
setfattr -n security.SMACK64 -v Real 'z/x access="F"'
printf 'z/a\nb\0: No smack property found\0' > "$S/want-a"
printf 'z/x access="F"\0 access="Real"\0' > "$S/want-x"
chs -0 "z/a${nl}b" 'z/x access="F"'
expect_rc "-0 lists" 0
cat "$S/want-a" "$S/want-x" > "$S/want"
if cmp -s "$S/want" "$S/.out"; then
	ok "... each path raw and NUL-ended, each record NUL-ended"
else
	not_ok "... each path raw and NUL-ended, each record NUL-ended"
	diag "$(od -c "$S/.out")"
fi
chs --null -n -a New 'z/x access="F"'
printf 'z/x access="F"\0: access "Real" -> "New"\0' > "$S/want"
if cmp -s "$S/want" "$S/.out"; then
	ok "--null -n: the same form for changes"
else
	not_ok "--null -n: the same form for changes"
	diag "$(od -c "$S/.out")"
fi
chs -0 "z/a${nl}b" gone
expect_rc "-0 with a missing file: exit 1" 1
expect_err "... its message is an escaped line still" \
	"^chsmack: cannot access 'gone': No such file"
if cmp -s "$S/want-a" "$S/.out"; then
	ok "... the others listed"
else
	not_ok "... the others listed"
fi

# Standard output closed: the walk's first directory must not become it.
"$CHSMACK" -r t >&- 2> "$S/.err"
rc=$?
expect_rc "-r with standard output closed: exit 1" 1
expect_err "... saying so" "^chsmack: write error on standard output$"
"$CHSMACK" -a Quiet "t/caf$e_acute" >&- 2> "$S/.err"
rc=$?
expect_rc "a change that prints nothing, standard output closed: exit 0" 0
expect_attrs "... done" "t/caf$e_acute" "SMACK64=Quiet"

# A reader that stops: SIGPIPE, as for other tools; with SIGPIPE ignored,
# a write error.  The listing is far larger than a pipe's buffer and
# chsmack's own.
mk p
long=p
i=0
while [ $i -lt 1000 ]; do
	long=./$long
	i=$((i + 1))
done
set --
i=0
while [ $i -lt 200 ]; do
	set -- "$@" "$long"
	i=$((i + 1))
done
{ "$CHSMACK" "$@" 2> "$S/.err"; echo $? > "$S/status"; } | head -n 1 > "$S/.out"
rc=$(cat "$S/status")
expect_rc "| head: chsmack is killed by SIGPIPE (141)" 141
expect_quiet "... without a message"
expect_out "... after head's line" "$long: No smack property found"
{ trap '' PIPE; "$CHSMACK" "$@" 2> "$S/.err"; echo $? > "$S/status"; } |
	head -n 1 > /dev/null
rc=$(cat "$S/status")
expect_rc "| head with SIGPIPE ignored: exit 1" 1
expect_err "... with a message" "^chsmack: write error on standard output$"
set --

# A hard link is the file: -r changes it, wherever its other names are.
mkd tree outside
mk outside/f
ln outside/f tree/link
chs -r -a Tree tree
expect_rc "-r through a hard link to a file outside the tree" 0
expect_attrs "... changes that file, under its other name too" outside/f \
	"SMACK64=Tree"

tap_done
