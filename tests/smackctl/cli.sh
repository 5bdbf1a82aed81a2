#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# smackctl on the host, where Smack is not active: checking trees, every
# class of bad input with its file and line, test's exit status 2, status
# saying Smack is not active, and usage errors.
. "$abs_top_srcdir/tests/loader/lib.sh"

t=$tap_tmp
smack_on_host=no
[ -d /sys/fs/smackfs ] && smack_on_host=yes

# ---- smackctl check
tree=$t/etc-smack
mkdir -p "$tree/accesses.d" "$tree/cipso.d" "$tree/netlabel.d"
printf 'A B rwx\n' > "$tree/accesses.d/10-a"
printf 'A B - x\n' > "$tree/accesses.d/20-b"
printf '# format: list\nSecret 5 1 2\n' > "$tree/cipso.d/c"
printf '10.0.0.0/8 Lan\n' > "$tree/netlabel.d/n"
printf '_ System\n' > "$tree/onlycap"
printf 'both\n' > "$tree/logging"
expect_exit "smackctl check accepts a valid tree" 0 "$SMACKCTL" --config-dir "$tree" check
expect_exit "check --verbose" 0 "$SMACKCTL" --config-dir "$tree" --verbose check
expect_grep "... summarizes the tree" "$t/out" \
	"^$tree: 2 rules, 1 CIPSO mappings, 1 netlabel entries, onlycap, logging$"
expect_exit "SMACK_CONFIG_DIR names the tree" 0 \
	env SMACK_CONFIG_DIR="$tree" "$SMACKCTL" --verbose check
expect_grep "... which is checked" "$t/out" "^$tree: 2 rules"
mkdir "$t/empty"
expect_exit "an empty tree is valid" 0 "$SMACKCTL" --config-dir "$t/empty" check
expect_exit "a named tree that does not exist is an error" 1 \
	"$SMACKCTL" --config-dir "$t/none" check
expect_grep "... naming it" "$t/err" "^smackctl: $t/none: No such file"

# bad_tree NAME FILE CONTENT REGEX: one bad file in a copy of the tree.
bad_tree() {
	rm -rf "$t/bad-tree" && cp -r "$tree" "$t/bad-tree"
	printf -- "$3" > "$t/bad-tree/$2"
	expect_exit "check: $1: exit 1" 1 "$SMACKCTL" --config-dir "$t/bad-tree" check
	expect_grep "check: $1: names the file and line" "$t/err" \
		"^smackctl: $t/bad-tree/$2:$4"
}
bad_tree "bad access letter" accesses.d/30 'A C rwz\n' "1:5: unknown access letter 'z'"
bad_tree "too few fields" accesses.d/30 '\nA\n' "2(:[0-9]+)?: expected 3 or 4 fields"
bad_tree "forbidden character" accesses.d/30 "A C' r\n" "1:3: label"
bad_tree "bad CIPSO level" cipso.d/d 'Secret 256\n' "1:"
bad_tree "bad netlabel host" netlabel.d/m '10.0.0.300 Lan\n' "1:"
bad_tree "bad onlycap label" onlycap '_\nSys/tem\n' "2:1: label \"Sys/tem\" contains '/'"
bad_tree "bad logging value" logging 'loud\n' "1:1: logging: \"loud\" is not"
bad_tree "two ambient labels" ambient 'A B\n' "1:3: ambient: \"B\" takes a single value"
bad_tree "an empty ambient file" ambient '# none\n' " has no value"
bad_tree "a bad label in pam_smack's users file" users '* User::%%u\nbob a/b\n' \
	"2:5: label \"a/b\" contains '/'"
# A knob file that is no regular file is named for what it is.
rm -rf "$t/bad-tree" && cp -r "$tree" "$t/bad-tree"
ln -sf /dev/zero "$t/bad-tree/onlycap"
mkfifo "$t/bad-tree/ambient"
expect_exit "check: a knob file that is a device or a FIFO: exit 1" 1 \
	"$SMACKCTL" --config-dir "$t/bad-tree" check
expect_grep "... the device is no regular file" "$t/err" \
	"^smackctl: $t/bad-tree/onlycap: is not a regular file$"
expect_grep "... nor is the FIFO" "$t/err" \
	"^smackctl: $t/bad-tree/ambient: is not a regular file$"
# A value quoted in an error stays on one line.
expect_exit "a knob value with a line end: exit 2" 2 "$SMACKCTL" knob ambient \
	"$(printf 'a\nb/c')"
expect_grep "... quoted on one line" "$t/err" \
	'^smackctl: ambient: label "a\\012b/c" contains a line break$'
rm -rf "$t/bad-tree" && cp -r "$tree" "$t/bad-tree"
printf 'A C rwz\n' > "$t/bad-tree/accesses.d/30"
printf 'loud\n' > "$t/bad-tree/logging"
expect_exit "check reports errors of several files" 1 "$SMACKCTL" --config-dir "$t/bad-tree" check
expect_grep "... the rule file" "$t/err" "accesses.d/30:1:"
expect_grep "... and the knob file" "$t/err" "logging:1:"
expect_grep "... and counts them" "$t/err" "^smackctl: 2 errors in the configuration"

# Lines systemd's own loader reads differently are warnings, not errors.
mkdir -p "$t/compat/accesses.d" "$t/compat/cipso.d" "$t/compat/netlabel.d"
printf 'A B r\n%s %s r\n  # the web server\n# at the start\n' \
	"$(printf 'S%0200d' 0)" "$(printf 'O%0100d' 0)" \
	> "$t/compat/accesses.d/long"
printf 'Secret 5 1 2 3\n' > "$t/compat/cipso.d/c"
printf '# format: kernel\nK 3   1   5\n\t\n' > "$t/compat/cipso.d/k"
printf '# the lan\n10.0.0.0/8 Lan\n\n' > "$t/compat/netlabel.d/n"
printf '# who may\n;\n\n_\n  # indented\n' > "$t/compat/onlycap"
printf '  # indented\n' > "$t/compat/accesses.d/x.dpkg-old"
expect_exit "check: systemd incompatibilities are no error" 0 \
	"$SMACKCTL" --config-dir "$t/compat" check
expect_grep "... a rule line over 255 characters" "$t/err" \
	"^smackctl: $t/compat/accesses.d/long:2: warning: longer than 255 characters: systemd's loader gives up"
expect_grep "... an indented comment in accesses.d" "$t/err" \
	"^smackctl: $t/compat/accesses.d/long:3: warning: an indented comment: .* reads this one as a rule"
expect_grep "... cipso.d in list form" "$t/err" \
	"^smackctl: $t/compat/cipso.d/c:1: warning: systemd's loader writes this line to cipso2 as it is"
expect_grep "... a blank line in cipso.d" "$t/err" \
	"^smackctl: $t/compat/cipso.d/k:3: warning: a line of blanks"
expect_grep "... a comment in netlabel.d" "$t/err" \
	"^smackctl: $t/compat/netlabel.d/n:1: warning: a comment: systemd's loader writes it to netlabel"
expect_grep "... an indented comment in onlycap" "$t/err" \
	"^smackctl: $t/compat/onlycap:5: warning: an indented comment: .*takes this one's words for labels"
expect_exit "... and nothing else" 0 test "$(grep -c warning "$t/err")" -eq 6
expect_exit "... not the comments and blank lines systemd skips in onlycap" 1 \
	grep -q "onlycap:[123]:" "$t/err"
expect_exit "... nor a mapping in the kernel's columns" 1 \
	grep -q "cipso.d/k:2:" "$t/err"
expect_exit "... nor a file systemd skips" 1 grep -q "dpkg-old" "$t/err"

# ---- smackctl without Smack
if [ $smack_on_host = no ]; then
	expect_exit "test exits 2 without Smack" 2 "$SMACKCTL" test
	if [ -s "$t/out" ] || [ -s "$t/err" ]; then
		not_ok "... and prints nothing"
	else
		ok "... and prints nothing"
	fi
	expect_exit "status exits 0 without Smack" 0 "$SMACKCTL" --config-dir "$tree" status
	expect_grep "... keeps the old line" "$t/out" "^SmackFS is not mounted\.$"
	expect_grep "... says Smack is not active" "$t/out" "^smack: inactive$"
	expect_exit "status --key-value" 0 "$SMACKCTL" --key-value status
	expect_grep "... smack=inactive" "$t/out" "^smack=inactive$"
	expect_grep "... drift=unknown" "$t/out" "^drift=unknown$"
	expect_exit "status --json" 0 "$SMACKCTL" --json status
	expect_grep "... \"active\": false" "$t/out" '^\{"active": false, "smackfs": null'
	for command in apply reload clear "knob" "knob logging"; do
		# shellcheck disable=SC2086
		expect_exit "$command without Smack: exit 1" 1 "$SMACKCTL" --config-dir "$tree" $command
		expect_grep "... says so" "$t/err" "Smack is not active"
	done
else
	skip_test "smackctl without Smack" "Smack is active on this host"
fi

# ---- usage
expect_exit "smackctl without a command exits 2" 2 "$SMACKCTL"
expect_exit "an unknown command exits 2" 2 "$SMACKCTL" frobnicate
expect_grep "... naming it" "$t/err" '^smackctl: unknown command "frobnicate"'
expect_exit "a command with a stray argument exits 2" 2 "$SMACKCTL" status extra
expect_exit "an unknown option exits 2" 2 "$SMACKCTL" --bogus status
expect_exit "an unknown knob exits 2" 2 "$SMACKCTL" knob frobs
expect_exit "a bad knob value exits 2 before anything else" 2 "$SMACKCTL" knob logging 9
expect_grep "... pointing to --help" "$t/err" "^Try 'smackctl --help' for more information.\$"
expect_grep "... saying why" "$t/err" '^smackctl: logging: "9" is not 0, 1, 2, 3'
expect_exit "smackctl -v is --version" 0 "$SMACKCTL" -v
expect_exit "smackctl -h is --help" 0 "$SMACKCTL" -h
expect_grep "... which lists the commands" "$t/out" "^  reload "
tap_done
