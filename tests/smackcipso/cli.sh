#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# smackcipso on the host, where Smack need not be active: usage, and
# every input error reported as FILE:LINE:COL with a failing exit status
# before the kernel is needed.  What needs a Smack kernel is in
# tests/kernel/cases/smackcipso-*.
# Prints TAP.
set -u
. "${abs_top_srcdir:?abs_top_srcdir not set}/tests/tap.sh"
PATH=${abs_top_builddir:?abs_top_builddir not set}/utils:$PATH
work=$tap_tmp

expect_usage smackcipso

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

tap_done
