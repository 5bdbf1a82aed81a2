#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# smackaccess --config-dir/--root on the host, with no Smack kernel: the
# answers and --explain of a tree, --who and --whom in text and JSON, and
# errors.  That the answers equal the kernel's is the kernel case
# smackaccess-offline.  Prints TAP.
set -u
bin=${abs_top_builddir:?abs_top_builddir not set}/utils
. "${abs_top_srcdir:?abs_top_srcdir not set}/tests/tap.sh"
work=$tap_tmp

# ask ARG...: smackaccess ARG..., as run() of tests/tap.sh runs a command.
ask() {
	run "$bin/smackaccess" "$@"
}

# same DESC EXPECTED: standard output is EXPECTED (and the exit status 0).
same() {
	if [ "$status" -eq 0 ] && [ "$(cat "$work/out")" = "$2" ]; then
		ok "$1"
	else
		not_ok "$1 (exit $status)"
		sed 's/^/# out: /' "$work/out"; sed 's/^/# err: /' "$work/err"
		printf '%s\n' "$2" | sed 's/^/# expected: /'
	fi
}

# fails DESC STATUS STDERR-LINE
fails() {
	if [ "$status" -eq "$2" ] && grep -qxF -- "$3" "$work/err" &&
	   ! [ -s "$work/out" ]; then
		ok "$1"
	else
		not_ok "$1 (exit $status)"
		sed 's/^/# err: /' "$work/err"
	fi
}

t=$work/etc/smack
mkdir -p "$t/accesses.d" "$t/cipso.d" "$t/netlabel.d"
printf 'App Sys rx\nApp Net w\n# a comment\nWeb App r\nApp Sys - x\n' \
	> "$t/accesses.d/10-base"
printf 'App Net rw\nApp Gone -\n' > "$t/accesses.d/20-more"
printf 'Secret 5 1\n' > "$t/cipso.d/secret"
printf '192.0.2.0/24 Lan\n' > "$t/netlabel.d/lan"
printf 'Admin Boot\n' > "$t/onlycap"
a=$t/accesses.d

ask --config-dir "$t" App Sys r
same "a rule of the tree answers 1" 1
ask --config-dir "$t" App Sys x
same "a four-field rule takes a letter away" 0
ask --root "$work" --config-dir /etc/smack Web App r
same "--root with --config-dir joins them" 1

printf '%s\n' 'App Sys r' 'App Sys x' 'App Net l' 'App Net x' 'Web App r' \
	'App Gone r' 'Nobody App r' 'App _ rx' 'App _ rw' '^ App l' \
	'* App r' 'App @ w' '@ App w' 'App * a' 'App App rwxatlb' 'App Net -' \
	> "$work/q"
ask --config-dir "$t" --explain -f "$work/q"
same "--explain names the lines of the tree that decide" \
"1 the rules \"App Sys r\" ($a/10-base:1, $a/10-base:5) grant it
0 the rules \"App Sys r\" ($a/10-base:1, $a/10-base:5) lack \"x\"
1 the rule \"App Net rw\" ($a/20-more:1) grants it
0 the rule \"App Net rw\" ($a/20-more:1) lacks \"x\"
1 the rule \"Web App r\" ($a/10-base:4) grants it
0 the rule \"App Gone -\" ($a/20-more:2) lacks \"r\"
0 no rule \"Nobody App ...\" is in the tree
1 the object is '_', which anyone may read, execute or lock
0 no rule \"App _ ...\" is in the tree
1 the subject is '^', which may read, execute or lock anything
0 the subject is '*', which may access nothing
1 the object is '@', which anyone may access
1 the subject is '@', which may access anything
1 the object is '*', which anyone may access
1 subject and object have the same label
1 the rule \"App Net rw\" ($a/20-more:1) grants it"
ask --config-dir "$t" -f "$work/q"
same "-f answers as --explain does, without the reasons" \
	"$(printf '1\n0\n1\n0\n1\n0\n0\n1\n0\n1\n0\n1\n1\n1\n1\n1')"

ask --config-dir "$t" --who App
same "--who lists each object with its letters and lines" \
"App * rwxatlb built-in:star-object
App @ rwxatlb built-in:web
App App rwxatlb built-in:same-label
App Net rwl $a/20-more:1
App Sys r $a/10-base:1,$a/10-base:5
App _ rxl built-in:floor-object"
ask --config-dir "$t" --whom App
same "--whom lists each subject" \
"@ App rwxatlb built-in:web
App App rwxatlb built-in:same-label
Web App r $a/10-base:4
^ App rxl built-in:hat-subject"
ask --config-dir "$t" --whom Secret
same "a label of cipso.d is a label of the tree" \
"@ Secret rwxatlb built-in:web
Secret Secret rwxatlb built-in:same-label
^ Secret rxl built-in:hat-subject"
ask --config-dir "$t" --who '*'
same "subject '*' reaches nothing" ""
ask --config-dir "$t" --whom _
grep -qxF 'Boot _ rxl built-in:floor-object' "$work/out" &&
	grep -qxF 'Lan _ rxl built-in:floor-object' "$work/out" &&
	grep -qxF 'Secret _ rxl built-in:floor-object' "$work/out" &&
	ok "onlycap, netlabel and CIPSO labels are every label" ||
	not_ok "onlycap, netlabel and CIPSO labels are every label"
cp -r "$t" "$work/with-users"
printf 'alice Staff\n* User::%%u\n' > "$work/with-users/users"
ask --config-dir "$work/with-users" --whom _
grep -qxF 'Staff _ rxl built-in:floor-object' "$work/out" &&
	! grep -q '%u' "$work/out" &&
	ok "a label of pam_smack's users file is a label, one with %u is not" ||
	not_ok "a label of pam_smack's users file is a label, one with %u is not"
ask --config-dir "$t" --json --whom App
same "--whom --json" \
'[
{"subject":"@","object":"App","access":"rwxatlb","built_in":"web"},
{"subject":"App","object":"App","access":"rwxatlb","built_in":"same-label"},
{"subject":"Web","object":"App","access":"r","rules":[{"file":"'"$a"'/10-base","line":4}]},
{"subject":"^","object":"App","access":"rxl","built_in":"hat-subject"}
]'
ask --config-dir "$t" --json --who '*'
same "--json with no answer is an empty array" "[]"
printf '# subjects\nWeb\n\n  Lan  trailing words\n' > "$work/labels"
ask --config-dir "$t" --who -f "$work/labels"
same "--who -f answers each label of the file" \
"Web * rwxatlb built-in:star-object
Web @ rwxatlb built-in:web
Web App r $a/10-base:4
Web Web rwxatlb built-in:same-label
Web _ rxl built-in:floor-object
Lan * rwxatlb built-in:star-object
Lan @ rwxatlb built-in:web
Lan Lan rwxatlb built-in:same-label
Lan _ rxl built-in:floor-object"

# Hostile input: file names and labels cannot forge a line or a field.
h=$work/hostile
mkdir -p "$h/accesses.d"
printf 'Evil App w\n' > "$h/accesses.d/a b,\"c\\
d"
ask --config-dir "$h" --who Evil
same "--who escapes blanks, commas, quotes and newlines of a path" \
"Evil * rwxatlb built-in:star-object
Evil @ rwxatlb built-in:web
Evil App wl $h/accesses.d/a\\040b\\054\\042c\\134\\012d:1
Evil Evil rwxatlb built-in:same-label
Evil _ rxl built-in:floor-object"
ask --config-dir "$h" -e Evil App w
same "--explain escapes the path" \
"1 the rule \"Evil App w\" ($h/accesses.d/a b,\\042c\\134\\012d:1) grants it"
ask --config-dir "$h" --json --whom App
grep -qF '"file":"'"$h"'/accesses.d/a b,\"c\\\u000ad"' "$work/out" &&
	ok "--json escapes the path as a JSON string" ||
	not_ok "--json escapes the path as a JSON string"
ask --config-dir "$t" --who "$(printf 'a\nb')"
fails "a hostile label is refused, escaped" 1 \
	"smackaccess: label \"a\\012b\" contains a line break"
printf 'Web\nx/y\n' > "$work/bad-labels"
ask --config-dir "$t" --whom -f "$work/bad-labels"
fails "--whom -f names the line of a bad label" 1 \
	"smackaccess: $work/bad-labels:2: label \"x/y\" contains '/'"

# Errors.
printf 'App Sys rx\nApp Sys rq\n' > "$work/bad-rule"
mkdir -p "$work/bad/accesses.d" && cp "$work/bad-rule" "$work/bad/accesses.d/x"
ask --config-dir "$work/bad" App Sys r
if [ "$status" -eq 1 ] && grep -q "^smackaccess: $work/bad/accesses.d/x:2:" \
	"$work/err" && ! [ -s "$work/out" ]; then
	ok "a tree with an error answers nothing, naming FILE:LINE"
else
	not_ok "a tree with an error answers nothing, naming FILE:LINE"
fi
ask --config-dir "$work/none" App Sys r
[ "$status" -eq 1 ] && ok "a missing --config-dir exits 1" ||
	not_ok "a missing --config-dir exits 1 (exit $status)"
[ "$(cat "$work/err")" = "smackaccess: $work/none: No such file or directory" ] &&
	ok "... with one message naming it" ||
	not_ok "... with one message naming it ($(cat "$work/err"))"
mkdir "$work/bare-root"
ask --root "$work/bare-root" App Sys r
same "a missing default tree under --root is an empty policy" 0
ask --root "$work/none" App Sys r
if [ "$status" -eq 1 ] && ! [ -s "$work/out" ] &&
   grep -qxF "smackaccess: $work/none: No such file or directory" "$work/err"; then
	ok "a missing --root is an error, not an empty policy"
else
	not_ok "a missing --root is an error, not an empty policy (exit $status)"
	sed 's/^/# err: /' "$work/err"
fi
ask --who App
fails "--who without a tree exits 2" 2 \
	"smackaccess: --who reads a tree: give --config-dir or --root"
ask --config-dir "$t" --who --whom App
fails "--who with --whom exits 2" 2 \
	"smackaccess: --who and --whom exclude each other"
ask --config-dir "$t" --whom App Sys
fails "--whom with two labels exits 2" 2 \
	"smackaccess: --whom takes one OBJECT, or -f FILE"
ask --config-dir "$t" --json App Sys r
fails "--json without --who exits 2" 2 \
	"smackaccess: --json is for --who and --whom"
ask --config-dir "$t" --explain --who App
fails "--explain with --who exits 2" 2 \
	"smackaccess: --explain is for SUBJECT OBJECT ACCESS"

tap_done
