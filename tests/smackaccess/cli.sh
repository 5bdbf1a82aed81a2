#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# smackaccess, smackcipso and smacknetlabel on the host, where Smack need
# not be active: usage, and every input error reported as FILE:LINE:COL
# with a failing exit status before the kernel is needed.  What needs a
# Smack kernel is in tests/kernel/cases/{smackaccess,smackcipso,netlabel}-*.
# Prints TAP.
set -u
bin=${abs_top_builddir:?abs_top_builddir not set}/utils
work=$(mktemp -d "${TMPDIR:-/tmp}/smackaccess-cli.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
n=0 failed=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }

# run TOOL ARG...: sets $status and leaves stdout and stderr in files.
run() {
	_tool=$1; shift
	"$bin/$_tool" "$@" > "$work/out" 2> "$work/err" < "${stdin:-/dev/null}"
	status=$?
}

# expect DESC STATUS [STDERR-LINE]: the exit status, and a whole line of
# standard error.
expect() {
	if [ "$status" -ne "$2" ]; then
		not_ok "$1 (exit $status, expected $2)"
		sed 's/^/# /' "$work/err"
	elif [ -n "${3:-}" ] && ! grep -qxF -- "$3" "$work/err"; then
		not_ok "$1 (stderr lacks the line '$3')"
		sed 's/^/# /' "$work/err"
	else
		ok "$1"
	fi
}

smack_active=false
[ -e /sys/fs/smackfs/load2 ] && smack_active=true

for tool in smackaccess smackcipso smacknetlabel; do
	run "$tool" --help
	expect "$tool --help exits 0" 0
	grep -q "^Usage: $tool " "$work/out" && ok "$tool --help prints the usage" ||
		not_ok "$tool --help prints the usage"
	run "$tool" -v
	expect "$tool -v is --version" 0
	grep -q "^$tool (smack-utils) " "$work/out" && ok "$tool -v prints the version" ||
		not_ok "$tool -v prints the version"
	run "$tool" --no-such-option
	expect "$tool: an unknown option exits 2" 2 \
		"Try '$tool --help' for more information."
done

# ---- smackaccess
run smackaccess a b
expect "smackaccess: two arguments exit 2" 2 \
	"smackaccess: expected SUBJECT OBJECT ACCESS"
run smackaccess a b r extra
expect "smackaccess: four arguments exit 2" 2
run smackaccess -f "$work/none" a b r
expect "smackaccess: -f with a query exits 2" 2
run smackaccess 'a/b' Obj r
expect "smackaccess: an invalid subject exits 1" 1 \
	"smackaccess: subject label \"a/b\" contains '/'"
run smackaccess -- Subj -x r
expect "smackaccess: an invalid object exits 1" 1 \
	"smackaccess: object label \"-x\" starts with '-'"
run smackaccess Subj Obj rwq
expect "smackaccess: an invalid access string exits 1" 1 \
	"smackaccess: access \"rwq\" is not made of the letters \"rwxatlb\" or \"-\""
printf 'a b r\n# skip\n\nc d/e w\nf g\nh i j k\nl m z\n' > "$work/q"
run smackaccess -f "$work/q"
expect "smackaccess -f: a bad label names the line" 1 \
	"smackaccess: $work/q:4: object label \"d/e\" contains '/'"
expect "smackaccess -f: two words" 1 \
	"smackaccess: $work/q:5: expected \"SUBJECT OBJECT ACCESS\", found 2 words"
expect "smackaccess -f: four words" 1 \
	"smackaccess: $work/q:6: expected \"SUBJECT OBJECT ACCESS\", found 4 words"
expect "smackaccess -f: a bad access string" 1 \
	"smackaccess: $work/q:7: access \"z\" is not made of the letters \"rwxatlb\" or \"-\""
[ -s "$work/out" ] && not_ok "smackaccess -f: no answer with a bad line" ||
	ok "smackaccess -f: no answer with a bad line"
stdin=$work/q run smackaccess -f -
expect "smackaccess -f - names standard input" 1 \
	"smackaccess: <stdin>:4: object label \"d/e\" contains '/'"
run smackaccess -f "$work/none"
expect "smackaccess -f: a missing file exits 1" 1
if $smack_active; then
	ok "smackaccess without Smack # SKIP Smack is active here"
else
	run smackaccess a b r
	expect "smackaccess: Smack not active exits 1" 1 \
		"smackaccess: Smack is not active (no smackfs found)"
fi

# ---- smackcipso
printf '# ok\nSecret 5 1 2 3\n\nPublic 0\n' > "$work/good"
run smackcipso --check "$work/good"
expect "smackcipso --check accepts a good file" 0
printf 'A 1\nB 256\nC 3 0 185\nD x\n-E 1\nF\nG 1 2 +3\n' > "$work/bad"
run smackcipso --check "$work/bad"
expect "smackcipso: level over 255" 1 \
	"smackcipso: $work/bad:2:3: level \"256\" is out of range (0..255)"
expect "smackcipso: category 0" 1 \
	"smackcipso: $work/bad:3:5: category \"0\" is out of range (1..184)"
expect "smackcipso: category 185" 1 \
	"smackcipso: $work/bad:3:7: category \"185\" is out of range (1..184)"
expect "smackcipso: a word as level" 1 \
	"smackcipso: $work/bad:4:3: level \"x\" is not a number"
expect "smackcipso: a bad label" 1 \
	"smackcipso: $work/bad:5:1: label \"-E\" starts with '-'"
expect "smackcipso: no level" 1 \
	"smackcipso: $work/bad:6:2: a level must follow the label"
expect "smackcipso: a signed category" 1 \
	"smackcipso: $work/bad:7:7: category \"+3\" is not a number"
run smackcipso "$work/bad"
expect "smackcipso: bad input fails before Smack is needed" 1 \
	"smackcipso: $work/bad:2:3: level \"256\" is out of range (0..255)"
stdin=$work/bad run smackcipso --check
expect "smackcipso: standard input is named" 1 \
	"smackcipso: <stdin>:2:3: level \"256\" is out of range (0..255)"
mkdir "$work/cipso.d"
cp "$work/good" "$work/cipso.d/10-good"
cp "$work/bad" "$work/cipso.d/20-bad"
cp "$work/bad" "$work/cipso.d/30-bad~"
run smackcipso --check "$work/cipso.d"
expect "smackcipso: a directory's bad file is named" 1 \
	"smackcipso: $work/cipso.d/20-bad:2:3: level \"256\" is out of range (0..255)"
grep -q '30-bad~' "$work/err" && not_ok "smackcipso: backups are skipped" ||
	ok "smackcipso: backups are skipped"
run smackcipso --check "$work/none"
expect "smackcipso: a missing file exits 1" 1
run smackcipso --all
expect "smackcipso: --all without --list exits 2" 2
run smackcipso --list "$work/good"
expect "smackcipso: --list with a PATH exits 2" 2
run smackcipso a b
expect "smackcipso: two PATHs exit 2" 2
# -a is --all here and --add in smacknetlabel: a mix-up loads nothing.
run smackcipso -a 'Secret 5 1'
expect "smackcipso: -a taken for smacknetlabel's --add exits 2" 2 \
	"smackcipso: --all goes with --list"

# ---- smacknetlabel
run smacknetlabel --check --add '192.0.2.0/24 Lan' --add '2001:db8::1 Six' \
	--add '192.0.2.1 -CIPSO' --add '2001:db8::2 -DELETE' --add '0.0.0.0/0 @'
expect "smacknetlabel --check accepts good entries" 0
run smacknetlabel --check --add '300.1.1.1 X'
expect "smacknetlabel: an octet over 255" 1 \
	"smacknetlabel: --add: host \"300.1.1.1\": each number of an IPv4 address must be 0..255"
run smacknetlabel --check --add '1.2.3.4/33 X'
expect "smacknetlabel: a mask over 32" 1 \
	"smacknetlabel: --add: host \"1.2.3.4/33\": the mask must be 0..32"
run smacknetlabel --check --add '::1/129 X'
expect "smacknetlabel: a mask over 128" 1 \
	"smacknetlabel: --add: host \"::1/129\": the mask must be 0..128"
run smacknetlabel --check --add '1.2.3.4'
expect "smacknetlabel: no label" 1 \
	"smacknetlabel: --add: a label must follow the host"
run smacknetlabel --check --add '1.2.3.4 -DELETE'
expect "smacknetlabel: -DELETE is IPv6 only" 1
run smacknetlabel --check --add ''
expect "smacknetlabel: an empty --add" 1 'smacknetlabel: --add "": no entry'
printf '192.0.2.0/24 A\n1.2.3 B\n1.2.3.4/x C\n::g D\n1.2.3.4 E F\n' > "$work/hosts"
run smacknetlabel --check "$work/hosts"
expect "smacknetlabel: a short address names file, line and column" 1 \
	"smacknetlabel: $work/hosts:2:1: host \"1.2.3\": an IPv4 address is 4 numbers separated by '.'"
expect "smacknetlabel: a mask that is not a number" 1 \
	"smacknetlabel: $work/hosts:3:1: host \"1.2.3.4/x\": the mask after '/' is not a number"
expect "smacknetlabel: a bad IPv6 address" 1 \
	"smacknetlabel: $work/hosts:4:1: host \"::g\": not a valid IPv6 address"
expect "smacknetlabel: a third field" 1 \
	"smacknetlabel: $work/hosts:5:11: unexpected \"F\" after the label"
stdin=$work/hosts run smacknetlabel --check -
expect "smacknetlabel: standard input is named" 1 \
	"smacknetlabel: <stdin>:2:1: host \"1.2.3\": an IPv4 address is 4 numbers separated by '.'"
run smacknetlabel "$work/hosts" --add '192.0.2.9 Z'
expect "smacknetlabel: bad input fails before Smack is needed" 1
run smacknetlabel --list --add '1.2.3.4 X'
expect "smacknetlabel: --list with --add exits 2" 2
run smacknetlabel -l -a
expect "smacknetlabel: -l -a taken for smackcipso's --all exits 2" 2

# Comments, in every file of the tree (smack(7)): '#' or ';' after any
# blanks, on a line of their own.
printf '# c
; c
  # c
	; c

 	
Secret 5 1
' > "$work/comments"
run smackcipso --check "$work/comments"
expect "smackcipso: '#', ';' and indented comments are skipped" 0
printf '# c
; c
  # c
	; c

 	
192.0.2.0/24 Lan
' > "$work/comments"
run smacknetlabel --check "$work/comments"
expect "smacknetlabel: '#', ';' and indented comments are skipped" 0

echo "1..$n"
[ "$failed" -eq 0 ]
