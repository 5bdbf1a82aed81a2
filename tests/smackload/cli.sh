#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# smackload on the host, where Smack is not active: checking files, every
# class of bad input with its file and line, loading without Smack, and
# usage errors.
. "$abs_top_srcdir/tests/loader/lib.sh"

t=$tap_tmp
smack_on_host=no
[ -d /sys/fs/smackfs ] && smack_on_host=yes

printf '# rules\nA B rwx\r\nA C - w\n\n; end\n' > "$t/good"
expect_exit "smackload --check accepts valid rules" 0 "$SMACKLOAD" --check "$t/good"
expect_exit "... from standard input" 0 sh -c "\"$SMACKLOAD\" --check < '$t/good'"
expect_exit "... and - among paths" 0 sh -c "\"$SMACKLOAD\" --check '$t/good' - < '$t/good'"
expect_exit "--check --verbose counts the rules" 0 "$SMACKLOAD" --check --verbose "$t/good"
expect_grep "... as 'N rules are valid'" "$t/out" "^2 rules are valid$"

# bad NAME CONTENT REGEX: smackload --check reports FILE:LINE[:COL].
bad() {
	printf -- "$2" > "$t/bad"
	expect_exit "$1: smackload --check exits 1" 1 "$SMACKLOAD" --check "$t/bad"
	expect_grep "$1: the message names file and line" "$t/err" "^smackload: $t/bad:$3"
}
bad "bad access letter" 'A B rwx\nA C rwq\n' "2:5: unknown access letter 'q'"
bad "too few fields" 'A B\n' "1(:[0-9]+)?: expected 3 or 4 fields, found 2"
bad "too many fields" 'A B r w x\n' "1(:[0-9]+)?: expected 3 or 4 fields, found 5"
bad "label too long" "A $(printf 'L%0255d' 0) r\n" '1:3: label ".*is longer than 255'
bad "forbidden character" 'A B r\n\nA\tB"x r\n' '3:3: label "B\\042x" contains .".$'
bad "label starting with -" '-A B r\n' "1:1: label \"-A\" starts with '-'"
bad "a NUL byte" 'A B r\0\n' "1:"
mkdir "$t/dir"
printf 'A B r\n' > "$t/dir/10-good"
printf 'A B r\nA/ B r\n' > "$t/dir/20-bad"
expect_exit "a directory with one bad file: exit 1" 1 "$SMACKLOAD" --check "$t/dir"
expect_grep "... naming it" "$t/err" "^smackload: $t/dir/20-bad:2:1: label \"A/\""
expect_exit "a missing file: exit 1" 1 "$SMACKLOAD" --check "$t/good" "$t/none"
expect_grep "... naming it" "$t/err" "^smackload: $t/none: .*No such file"
printf 'A B rwq\nA"B C r\nA\n' > "$t/three"
expect_exit "three errors" 1 "$SMACKLOAD" --check "$t/three"
if [ "$(grep -c "^smackload: $t/three:" "$t/err")" -eq 3 ]; then
	ok "... are all reported"
else
	not_ok "... are all reported"
fi

# Without Smack, loading fails cleanly.
if [ $smack_on_host = no ]; then
	expect_exit "smackload without Smack: exit 1" 1 "$SMACKLOAD" "$t/good"
	expect_grep "... says Smack is not active" "$t/err" "^smackload: SmackFS is not mounted"
else
	skip_test "smackload without Smack" "Smack is active on this host"
fi
expect_exit "smackload: an unknown option exits 2" 2 "$SMACKLOAD" --bogus
expect_grep "... and says to try --help" "$t/err" "Try 'smackload --help'"
expect_exit "smackload -v is --version" 0 "$SMACKLOAD" -v
expect_grep "... printing the version" "$t/out" "^smackload \(smack-utils\) [0-9]"
tap_done
