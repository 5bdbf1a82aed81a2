#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# smackaccess on the host, where Smack need not be active: usage, and
# every input error reported as FILE:LINE with a failing exit status
# before the kernel is needed.  What needs a Smack kernel is in
# tests/kernel/cases/smackaccess-*.
# Prints TAP.
set -u
. "${abs_top_srcdir:?abs_top_srcdir not set}/tests/tap.sh"
PATH=${abs_top_builddir:?abs_top_builddir not set}/utils:$PATH
work=$tap_tmp

smack_active=false
[ -e /sys/fs/smackfs/load2 ] && smack_active=true

expect_usage smackaccess

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

tap_done
