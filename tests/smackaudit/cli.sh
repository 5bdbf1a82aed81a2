#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# smackaudit on the host, without asking a kernel (-K): usage, the sample
# logs of tests/smackaudit/samples in every format, records cut short or
# malformed reported as FILE:LINE, hostile names escaped, lines of
# megabytes, bytes that are no text, filters, --follow.  What needs a Smack
# kernel is in tests/kernel/cases/smackaudit-loop.sh.  Prints TAP.
set -u
bin=${abs_top_builddir:?abs_top_builddir not set}/utils/smackaudit
samples=${abs_top_srcdir:?abs_top_srcdir not set}/tests/smackaudit/samples
work=$(mktemp -d "${TMPDIR:-/tmp}/smackaudit-cli.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
n=0 failed=0
export LC_ALL=C TZ=UTC

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }

# run ARG...: sets $status, leaves stdout and stderr in files.
run() {
	"$bin" "$@" > "$work/out" 2> "$work/err" < "${stdin:-/dev/null}"
	status=$?
}

# expect DESC STATUS [STDERR-LINE]
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

# same DESC EXPECTED ACTUAL
same() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		not_ok "$1"
		printf '%s\n' "# expected:" "$2" "# actual:" "$3" | sed 's/^/# /'
	fi
}

# rules: the rule lines of the last output.
rules() {
	grep -v '^#' "$work/out" | grep .
}

# ---- usage
run --help
expect "--help exits 0" 0
grep -q '^Usage: smackaudit ' "$work/out" && ok "--help prints the usage" ||
	not_ok "--help prints the usage"
run -v
expect "-v is --version" 0
run --no-such-option
expect "an unknown option exits 2" 2 "Try 'smackaudit --help' for more information."
run --subject=-x
expect "an invalid label exits 2" 2
run --access=rz
expect "unknown letters exit 2" 2 \
	"smackaudit: --access: 'rz' is not made of the letters \"rwxatl\""
run --since=tomorrow
expect "a wrong time exits 2" 2 "smackaudit: --since: 'tomorrow' is not a time"
run --follow a b
expect "--follow takes one file" 2
run -K "$work/missing"
expect "a missing file exits 1" 1 \
	"smackaudit: $work/missing: No such file or directory"

# ---- every format
run -K -r "$samples/kmsg"
expect "/dev/kmsg's format" 0
same "its rules, with r after a write's and an exec's open" \
	"AuSub AuR r
AuSub AuRecv w
AuSub AuVictim w
AuSub AuW rw
AuSub AuX rx" "$(rules)"
grep -qF 'path="/tmp/t/a\x5cb"' "$work/out" &&
	ok "/dev/kmsg's \\x5c is a backslash, written escaped" ||
	not_ok "/dev/kmsg's \\x5c is a backslash, written escaped"

for f in dmesg dmesg-notime; do
	run -K "$samples/$f"
	expect "$f: the record cut short is named" 0 \
		"smackaudit: $samples/$f:5: the line ends inside a quoted value; record skipped"
	grep -qx 'AuSub AuR r: 2 records, 2026-12-06 17:40:56.378 to 2026-12-06 17:40:56.379' \
		"$work/out" && ok "$f: two records, first and last time" ||
		not_ok "$f: two records, first and last time"
	grep -q '^the log dropped 3 audit records' "$work/out" &&
		ok "$f: the records the log dropped are counted" ||
		not_ok "$f: the records the log dropped are counted"
done

run -K -r "$samples/journal"
expect "journalctl's format, both forms" 0
same "a stream connection's reversed pair, no rule for ptrace" \
	"App Radio rw
Radio App w" "$(rules)"
grep -q '^#   the ptrace rule' "$work/out" &&
	ok "the ptrace rule is said, not written" ||
	not_ok "the ptrace rule is said, not written"

run -K "$samples/auditd"
expect "auditd audit.log: a malformed record is named" 0 \
	"smackaudit: $samples/auditd:5: action= is neither denied nor granted; record skipped"
grep -qF '    my app[412] smack_file_open path="/media/a b\x0a\x1b[2J" dev="sda1" ino=77' \
	"$work/out" && ok "auditd audit.log: hex fields decoded, and escaped" ||
	not_ok "auditd audit.log: hex fields decoded, and escaped"
if grep -q "$(printf '\033')" "$work/out"; then
	not_ok "no escape byte reaches the terminal"
else
	ok "no escape byte reaches the terminal"
fi
grep -q '^1 record of granted accesses left out' "$work/out" &&
	ok "granted records are counted, not reported" ||
	not_ok "granted records are counted, not reported"

run -K "$samples/two-boots"
grep -qx 'App Data r: 2 records, 2026-12-05 19:46:40.000 to 2026-12-06 23:33:20.000' \
	"$work/out" && ok "records of two boots make one entry" ||
	not_ok "records of two boots make one entry"

# ---- filters
run -K -r --since 2026-12-06 "$samples/two-boots"
grep -q '^#   r: 1 record,' "$work/out" && ok "--since" || not_ok "--since"
run -K -r --until @1796550000 "$samples/two-boots"
grep -q '^#   r: 1 record, app\[90\]' "$work/out" && ok "--until" ||
	not_ok "--until"
run -K -r --object AuW --access w "$samples/kmsg"
same "--object and --access" "AuSub AuW rw" "$(rules)"
run -K -r --command kill "$samples/kmsg"
same "--command" "AuSub AuVictim w" "$(rules)"
run -K -r --subject Nobody "$samples/kmsg"
expect "a filter that keeps nothing exits 0" 0
same "and says so" "# no Smack records found" "$(head -n 1 "$work/out")"
run -K --since 2026-12-06 "$samples/journal"
expect "records without a time are left out, with a warning" 0 \
	"smackaudit: records without a time were left out by --since or --until (journalctl's short format has no year: use -o short-iso)"

# ---- modes and JSON
run -K -m "$samples/kmsg"
same "--modify writes four-field rules" "AuSub AuW rw -" \
	"$(rules | grep AuW)"
stdin=$samples/kmsg run -K -j -r -
expect "--json --rules from standard input" 0
grep -q '"line":"AuSub AuW rw"' "$work/out" &&
	ok "--json --rules gives the line" || not_ok "--json --rules gives the line"
for args in "-j" "-j -r" "-j -m"; do
	# shellcheck disable=SC2086
	run -K $args "$samples/auditd"
	if command -v python3 > /dev/null 2>&1; then
		python3 -m json.tool "$work/out" > /dev/null 2>&1 &&
			ok "smackaudit $args writes valid JSON" ||
			not_ok "smackaudit $args writes valid JSON"
	else
		ok "smackaudit $args writes valid JSON # SKIP no python3"
	fi
done
grep -qF '"path":"/media/a b\u000a\u001b[2J"' "$work/out" &&
	ok "JSON escapes the odd bytes" || not_ok "JSON escapes the odd bytes"
run -K /dev/null
expect "an empty log exits 0" 0
same "and says there is nothing" "no Smack records found" "$(cat "$work/out")"

# ---- long lines and bytes that are no text
{
	head -c 1048576 /dev/zero | tr '\0' a
	echo
	printf 'audit: audit(1796578856.000:1): lsm=SMACK fn=smack_file_open action=denied subject="Big" object="Obj" requested=r pid=1 comm="c" path="'
	head -c 1048576 /dev/zero | tr '\0' p
	echo '" dev="tmpfs" ino=1'
	printf 'lsm=SMACK '
	head -c 5000000 /dev/zero | tr '\0' q
	echo
	head -c 65536 /dev/urandom
	printf '\n'
	cat "$samples/two-boots"
} > "$work/long"
run -K -r "$work/long"
expect "a line of more than 4 MiB is named" 0 \
	"smackaudit: $work/long:3: a line of more than 4 MiB, longer than any record the kernel writes; skipped"
same "lines of a megabyte are read, bytes that are no text skipped" \
	"App Data r
Big Obj r" "$(rules)"
printf 'x\000y\377\n%s' "$(head -n 1 "$samples/two-boots" | cut -c1-80)" > "$work/cut"
run -K "$work/cut"
expect "a last line cut short is named" 0 \
	"smackaudit: $work/cut:2: a field every record has is missing (the line is cut short); record skipped"

# ---- --follow
: > "$work/growing"
"$bin" -K --follow "$work/growing" > "$work/follow" 2>&1 &
pid=$!
head -n 1 "$samples/two-boots" >> "$work/growing"
for i in $(seq 100); do
	[ -s "$work/follow" ] && break
	sleep 0.1
done
grep -q '^App Data r: app\[90\] smack_inode_permission' "$work/follow" &&
	ok "--follow prints a new entry as it comes" ||
	not_ok "--follow prints a new entry as it comes"
kill -TERM "$pid"
wait "$pid"
same "--follow reports and exits 0 at SIGTERM" 0 $?
grep -q '^1 entry from 1 record$' "$work/follow" &&
	ok "with the report" || not_ok "with the report"

echo "1..$n"
[ "$failed" -eq 0 ]
