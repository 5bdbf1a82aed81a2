#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# smackrun's command line on the host, where Smack need not be active:
# help, version, usage errors and invalid labels, each of which must exit
# 125 without running the command.  What needs a Smack kernel is in
# tests/kernel/cases/smackrun-*.sh.  Prints TAP.
set -u
. "${abs_top_srcdir:?abs_top_srcdir not set}/tests/tap.sh"
smackrun=${abs_top_builddir:?abs_top_builddir not set}/utils/smackrun
work=$tap_tmp

# run ARG...: runs smackrun, setting $status, $out and $err.
run() {
	"$smackrun" "$@" > "$work/out" 2> "$work/err"
	status=$?
	out=$(cat "$work/out")
	err=$(cat "$work/err")
}

# expect DESC STATUS [STDERR-SUBSTRING]
expect() {
	if [ "$status" -ne "$2" ]; then
		not_ok "$1 (exit $status, expected $2)"
		sed 's/^/# /' "$work/err"
	elif [ -n "${3:-}" ] && ! grep -qF -- "$3" "$work/err"; then
		not_ok "$1 (stderr lacks '$3')"
		sed 's/^/# /' "$work/err"
	else
		ok "$1"
	fi
}

# refuses DESC STDERR-SUBSTRING LABEL: smackrun LABEL touch FILE exits 125
# and the command did not run.
refuses() {
	rm -f "$work/ran"
	run -- "$3" touch "$work/ran"
	expect "$1" 125 "$2"
	if [ -e "$work/ran" ]; then
		not_ok "$1: the command did not run"
	else
		ok "$1: the command did not run"
	fi
}

run --help
expect "--help exits 0" 0
case $out in
"Usage: smackrun [OPTION]... LABEL COMMAND [ARG]..."*) ok "--help prints the usage on stdout" ;;
*) not_ok "--help prints the usage on stdout" ;;
esac
for opt in --keep-caps --show --help --version; do
	case $out in
	*"$opt"*) ok "--help lists $opt" ;;
	*) not_ok "--help lists $opt" ;;
	esac
done

run --version
expect "--version exits 0" 0
case $out in
"smackrun (smack-utils) "*) ok "--version names the program and package" ;;
*) not_ok "--version names the program and package: '$out'" ;;
esac
run -v
expect "-v is --version" 0

run
expect "no operands: exit 125" 125 "missing label and command"
case $err in
*"Try 'smackrun --help'"*) ok "a usage error points to --help" ;;
*) not_ok "a usage error points to --help" ;;
esac
run Viewer
expect "a label without a command: exit 125" 125 "missing command"
run --bogus Viewer true
expect "an unknown option: exit 125" 125 "Try 'smackrun --help'"
run --show 1 2
expect "--show with two process IDs: exit 125" 125
run --show --keep-caps
expect "--show with --keep-caps: exit 125" 125
run --show abc
expect "--show with a bad process ID: exit 125" 125 "invalid process ID 'abc'"
run --show ' +1'
expect "--show with blanks and a sign is no process ID" 125 "invalid process ID ' +1'"

# Options stop at LABEL: the command's own options reach it untouched.
run -- a/b ls --keep-caps
expect "options after LABEL are not smackrun's" 125 'label "a/b"'

refuses "label a/b" 'smackrun: label "a/b" contains '"'/'" a/b
long=$(printf '%0256d' 0 | tr 0 L)
refuses "a 256-character label" "is longer than 255 characters" "$long"
refuses "an empty label" "is empty" ""
refuses "a label starting with '-'" "starts with '-'" -x
refuses "a label with a space" "contains a space" "a b"
refuses "the label *" 'no process may run with the label "*"' "*"
refuses "the label @" 'no process may run with the label "@"' "@"

# Without Smack, a valid label cannot be set: still nothing runs.
if [ -d /sys/fs/smackfs ] && grep -q smack /proc/filesystems 2>/dev/null; then
	skip_test "no Smack on the host" "Smack is active"
	skip_test "--show without Smack" "Smack is active"
else
	refuses "a valid label without Smack" "Smack is not active" Viewer
	run --show
	expect "--show without Smack: exit 125" 125 "cannot read the label"
fi

tap_done
