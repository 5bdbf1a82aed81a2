#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# smackaudit on the host, without asking a kernel (-K): usage, the sample
# logs of tests/smackaudit/samples in every format, records cut short or
# malformed reported as FILE:LINE, hostile names escaped, lines of
# megabytes, bytes that are no text, filters, --follow.  What needs a Smack
# kernel is in tests/kernel/cases/smackaudit-loop.sh.  Prints TAP.
set -u
. "${abs_top_srcdir:?abs_top_srcdir not set}/tests/tap.sh"
bin=$abs_top_builddir/utils/smackaudit
samples=$abs_top_srcdir/tests/smackaudit/samples
export TZ=UTC
# The tree asked is the one a test names.
unset SMACK_CONFIG_DIR

# try DESC STATUS [STDERR-LINE] -- ARG...: smackaudit with the ARGs
# (standard input: $stdin, or nothing), its output left in $tap_tmp/out and
# $tap_tmp/err; passes when it exits STATUS and, given one, STDERR-LINE is
# a whole line of its standard error.
try() {
	_desc=$1 _want=$2 _line=
	shift 2
	[ "$1" = -- ] || { _line=$1; shift; }
	shift
	run "$bin" "$@"
	expect "$_desc" "$_want" "$_line"
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

# absent DESC PATTERN FILE: passes when no line of FILE holds PATTERN.
absent() {
	if grep -q -- "$2" "$3"; then
		not_ok "$1"
	else
		ok "$1"
	fi
}

# rules: the rule lines of the last output.
rules() {
	grep -v '^#' "$tap_tmp/out" | grep .
}

# ---- usage
try "--help exits 0" 0 -- --help
grep -q '^Usage: smackaudit ' "$tap_tmp/out" && ok "--help prints the usage" ||
	not_ok "--help prints the usage"
try "-v is --version" 0 -- -v
try "an unknown option exits 2" 2 \
	"Try 'smackaudit --help' for more information." -- --no-such-option
try "an invalid label exits 2" 2 -- --subject=-x
try "unknown letters exit 2" 2 \
	"smackaudit: --access: 'rz' is not made of the letters \"rwxatl\"" \
	-- --access=rz
try "a wrong time exits 2" 2 \
	"smackaudit: --since: 'tomorrow' is not a time" -- --since=tomorrow
try "a day the month does not have is no time" 2 \
	"smackaudit: --until: '2026-02-30 12:00' is not a time" \
	-- --until '2026-02-30 12:00'
try "--follow takes one file" 2 -- --follow a b
try "a missing file exits 1" 1 \
	"smackaudit: $tap_tmp/missing: No such file or directory" \
	-- -K "$tap_tmp/missing"

# ---- every format
try "/dev/kmsg's format" 0 -- -K -r "$samples/kmsg"
same "its rules, with r after a write's and an exec's open" \
	"AuSub AuR r
AuSub AuRecv w
AuSub AuVictim w
AuSub AuW rw
AuSub AuX rx" "$(rules)"
grep -qF 'path="/tmp/t/a\134b"' "$tap_tmp/out" &&
	ok "/dev/kmsg's \\x5c is a backslash, written escaped" ||
	not_ok "/dev/kmsg's \\x5c is a backslash, written escaped"

for f in dmesg dmesg-notime; do
	try "$f: the record cut short is named" 0 \
		"smackaudit: $samples/$f:5: the line ends inside a quoted value; record skipped" \
		-- -K "$samples/$f"
	grep -qx 'AuSub AuR r: 2 records, 2026-12-06 17:40:56.378 to 2026-12-06 17:40:56.379' \
		"$tap_tmp/out" && ok "$f: two records, first and last time" ||
		not_ok "$f: two records, first and last time"
	grep -q '^the log dropped 3 audit records' "$tap_tmp/out" &&
		ok "$f: the records the log dropped are counted" ||
		not_ok "$f: the records the log dropped are counted"
done

try "journalctl's format, both forms" 0 -- -K -r "$samples/journal"
same "a stream connection's reversed pair, no rule for ptrace" \
	"App Radio rw
Radio App w" "$(rules)"
grep -q '^#   the ptrace rule' "$tap_tmp/out" &&
	ok "the ptrace rule is said, not written" ||
	not_ok "the ptrace rule is said, not written"

try "auditd audit.log: a malformed record is named" 0 \
	"smackaudit: $samples/auditd:5: action= is neither denied nor granted; record skipped" \
	-- -K "$samples/auditd"
grep -qF '    my app[412] smack_file_open path="/media/a b\012\033[2J" dev="sda1" ino=77' \
	"$tap_tmp/out" && ok "auditd audit.log: hex fields decoded, and escaped" ||
	not_ok "auditd audit.log: hex fields decoded, and escaped"
absent "no escape byte reaches the terminal" "$(printf '\033')" \
	"$tap_tmp/out"
grep -q '^1 record of granted accesses left out' "$tap_tmp/out" &&
	ok "granted records are counted, not reported" ||
	not_ok "granted records are counted, not reported"

try "two boots in one file" 0 -- -K "$samples/two-boots"
grep -qx 'App Data r: 2 records, 2026-12-05 19:46:40.000 to 2026-12-06 23:33:20.000' \
	"$tap_tmp/out" && ok "records of two boots make one entry" ||
	not_ok "records of two boots make one entry"

# Bring-up kernels: an access granted by a "b" rule or the unconfined
# label, its audit record and the hook's own line counted once.
try "bring-up and unconfined lines" 0 -- -K "$samples/bringup"
same "each access is one record of its entry" \
"App Dev w (unconfined): 1 record, 2026-12-06 17:41:00.200
App Media r (bring-up): 1 record, unknown time
Dev Data w (unconfined): 1 record, 2026-12-06 17:41:00.100" \
	"$(grep '^[A-Z]' "$tap_tmp/out" | sort)"
grep -qx '3 entries from 3 records' "$tap_tmp/out" &&
	ok "the total counts accesses, not lines" ||
	not_ok "the total counts accesses, not lines"
grep -qxF '    note="file=(sda1 77 /media/a b) player"' \
	"$tap_tmp/out" && ok "the hook's line is the example" ||
	not_ok "the hook's line is the example"
grep -qx '  note: granted only for the unconfined label (smackfs unconfined): the policy itself denies it' \
	"$tap_tmp/out" && ok "the unconfined label is named" ||
	not_ok "the unconfined label is named"
try "a bring-up line, which has no time, is left out by --since with a warning" 0 \
	"smackaudit: records without a time were left out by --since or --until (journald's copies of the records have a year only with journalctl -o short-iso, short-iso-precise or short-unix)" \
	-- -K --since 2026-01-01 "$samples/bringup"
try "bring-up and unconfined lines, --rules" 0 -- -K -r "$samples/bringup"
same "a rule for each pair, and no letter after what went on" "App Dev w
App Media r
Dev Data w" "$(rules)"
grep -qxF '#   r: 1 record granted only by a bring-up rule, note="file=(sda1 77 /media/a b) player"' \
	"$tap_tmp/out" && ok "--rules says a bring-up rule granted it" ||
	not_ok "--rules says a bring-up rule granted it"
grep -qxF '#   w: 1 record granted only by the unconfined label, kill[71] smack_task_kill opid=72 ocomm="devd"' \
	"$tap_tmp/out" && ok "--rules says the unconfined label granted it" ||
	not_ok "--rules says the unconfined label granted it"

printf 'audit(1.000:1): lsm=SMACK fn=f action=denied subject="S" %s\033[2J=x\n' \
	'object="O" requested=r pid=1 comm="c" ' > "$tap_tmp/key"
try "a record with an odd key" 0 -- -K "$tap_tmp/key"
grep -qF ' \033[2J="x"' "$tap_tmp/out" && ok "its key is escaped too" ||
	not_ok "its key is escaped too"

# /dev/kmsg writes a byte it will not show, and a backslash, as \xNN: the
# byte is printed as audit.log's own would be, in a key and fn= too.
printf 'audit(1.000:1): lsm=SMACK fn=f\001 action=denied subject="S" %s \033[2J=x\\ path="/a\\b"\n' \
	'object="O" requested=r pid=1 comm="c"' > "$tap_tmp/log"
printf '%s\n' '5,1,0,-;audit: type=1400 audit(1.000:1): lsm=SMACK fn=f\x01 action=denied subject="S" object="O" requested=r pid=1 comm="c" \x1b[2J=x\x5c path="/a\x5cb"' \
	> "$tap_tmp/kmsg"
try "a record with odd bytes in audit.log's form" 0 -- -K "$tap_tmp/log"
same "its bytes escaped as \\ooo" '    c[1] f\001 \033[2J="x\134" path="/a\134b"' \
	"$(grep '^    ' "$tap_tmp/out")"
try "the same record in /dev/kmsg's form" 0 -- -K "$tap_tmp/kmsg"
same "its \\xNN written as the bytes, escaped the same way" \
	'    c[1] f\001 \033[2J="x\134" path="/a\134b"' \
	"$(grep '^    ' "$tap_tmp/out")"

# A value that decodes to a NUL (audit's hex 00, /dev/kmsg's \x00) is kept
# whole, with its length: a NUL written as \000 (JSON: \u0000) in every
# output, never the end of a string (path=610062 printed as path="a" b=""
# when the NUL ended the value and the rest read as a detail of its own).
printf 'type=AVC msg=audit(1.000:1): lsm=SMACK fn=f action=denied subject="S" %s\n' \
	'object="O" requested=r pid=1 comm=630064 path=610062' > "$tap_tmp/nul"
printf '%s\n' '5,1,0,-;audit: type=1400 audit(1.000:1): lsm=SMACK fn=f\x00x action=denied subject="S" object="O" requested=r pid=1 comm="c\x00d" path="a\x00b" k\x00y=v\x00w' \
	> "$tap_tmp/nul-kmsg"
nul_text='c\000d[1] f path="a\000b"'
nul_kmsg='c\000d[1] f\000x path="a\000b" k\000y="v\000w"'
# nul_outputs FILE TEXT JSON: every output of FILE holds its example.
nul_outputs() {
	try "$1: the report" 0 -- -K "$tap_tmp/$1"
	same "$1: the report's example, a NUL in octal" "    $2" \
		"$(grep '^    ' "$tap_tmp/out")"
	try "$1: --rules" 0 -- -K -r "$tap_tmp/$1"
	same "$1: --rules' example, and its line" "#   r: 1 record, $2
S O r" "$(grep -e '^#   r' -e '^S' "$tap_tmp/out")"
	try "$1: --modify" 0 -- -K -m "$tap_tmp/$1"
	same "$1: --modify's example" "#   r: 1 record, $2" \
		"$(grep '^#   r' "$tap_tmp/out")"
	# --follow ends at the end of a pipe (a file it would wait on).
	cat "$tap_tmp/$1" | "$bin" -K --follow - > "$tap_tmp/out"
	same "$1: --follow's line, first" "S O r: $2" "$(head -n 1 "$tap_tmp/out")"
	for args in "-j" "-j -r" "-j -m" "-j --follow"; do
		# shellcheck disable=SC2086
		cat "$tap_tmp/$1" | "$bin" -K $args - > "$tap_tmp/out"
		grep -qF "$3" "$tap_tmp/out" && ok "$1: $args, a NUL as \\u0000" ||
			{ not_ok "$1: $args, a NUL as \\u0000"
			  diag_file "$tap_tmp/out" 10; }
	done
}
nul_outputs nul "$nul_text" \
	'{"comm":"c\u0000d","pid":1,"fn":"f","time":1.000,"details":{"path":"a\u0000b"}}'
nul_outputs nul-kmsg "$nul_kmsg" \
	'{"comm":"c\u0000d","pid":1,"fn":"f\u0000x","time":1.000,"details":{"path":"a\u0000b","k\u0000y":"v\u0000w"}}'
printf 'Smack Bringup: (S O r) a\000b\n' > "$tap_tmp/nul-bringup"
try "a NUL byte in a bring-up line" 0 -- -K "$tap_tmp/nul-bringup"
same "is kept in its note" '    note="a\000b"' "$(grep '^    ' "$tap_tmp/out")"
# A label with a NUL is no label: not one cut short at the NUL ("a").
printf 'type=AVC msg=audit(1.000:1): lsm=SMACK fn=f action=denied subject=610062 %s\n' \
	'object="O" requested=r pid=1 comm="c"' > "$tap_tmp/nul-label"
printf '%s\n' '5,1,0,-;audit: type=1400 audit(1.000:1): lsm=SMACK fn=f action=denied subject="S" object="a\x00b" requested=r pid=1 comm="c"' \
	> "$tap_tmp/nul-label-kmsg"
for f in nul-label nul-label-kmsg; do
	try "$f: a label with a NUL is named" 0 \
		"smackaudit: $tap_tmp/$f:1: subject= or object= is not a valid Smack label; record skipped" \
		-- -K -r "$tap_tmp/$f"
	same "$f: and gets no rule" "" "$(rules)"
done
try "--subject is not a label cut short at a NUL" 0 -- -K -r --subject a \
	"$tap_tmp/nul-label"
same "... nothing is reported, nor skipped" "# no Smack records found" \
	"$(cat "$tap_tmp/out" "$tap_tmp/err")"
for f in nul nul-kmsg; do
	try "$f: --command is not a command cut short at a NUL" 0 \
		-- -K --command c "$tap_tmp/$f"
	same "$f: ... so nothing is reported" "no Smack records found" \
		"$(cat "$tap_tmp/out")"
done

# ---- filters
try "--since exits 0" 0 -- -K -r --since 2026-12-06 "$samples/two-boots"
grep -q '^#   r: 1 record,' "$tap_tmp/out" && ok "--since" || not_ok "--since"
try "--until exits 0" 0 -- -K -r --until @1796550000 "$samples/two-boots"
grep -q '^#   r: 1 record, app\[90\]' "$tap_tmp/out" && ok "--until" ||
	not_ok "--until"
try "--object and --access exit 0" 0 -- -K -r --object AuW --access w \
	"$samples/kmsg"
same "--object and --access" "AuSub AuW rw" "$(rules)"
try "--command exits 0" 0 -- -K -r --command kill "$samples/kmsg"
same "--command" "AuSub AuVictim w" "$(rules)"
try "a filter that keeps nothing exits 0" 0 -- -K -r --subject Nobody "$samples/kmsg"
same "and says so" "# no Smack records found" "$(head -n 1 "$tap_tmp/out")"
# journalctl's formats: each sample holds what a journal holds without
# auditd, the kernel's line of each record and journald's copy of it.
for f in short short-precise short-iso short-monotonic cat; do
	try "journalctl -o $f" 0 -- -K "$samples/journal-$f"
	first=2026-12-06\ 10:12:01.316
	[ $f = short-iso ] && first=2026-12-06\ 10:12:01.000
	same "journalctl -o $f: two records, first and last time" \
		"App Radio w: 2 records, $first to 2026-12-06 10:12:03.500" \
		"$(grep '^App' "$tap_tmp/out")"
	try "journalctl -o $f, --since" 0 -- -K --since '2026-12-06 10:12:02' \
		"$samples/journal-$f"
	absent "journalctl -o $f: the copies without a time are no loss" \
		'without a time' "$tap_tmp/err"
	grep -q '^App Radio w: 1 record, ' "$tap_tmp/out" &&
		ok "journalctl -o $f: --since keeps the later record" ||
		not_ok "journalctl -o $f: --since keeps the later record"
done
grep -v ' kernel: ' "$samples/journal-short" > "$tap_tmp/journald-only"
try "journald's copies alone, without a time, are left out with a warning" 0 \
	"smackaudit: records without a time were left out by --since or --until (journald's copies of the records have a year only with journalctl -o short-iso, short-iso-precise or short-unix)" \
	-- -K --since 2026-12-06 "$tap_tmp/journald-only"
same "and nothing is reported" "no Smack records found" "$(head -n 1 "$tap_tmp/out")"

# ---- modes and JSON
try "--modify exits 0" 0 -- -K -m "$samples/kmsg"
same "--modify writes four-field rules" "AuSub AuW rw -" \
	"$(rules | grep AuW)"
stdin=$samples/kmsg try "--json --rules from standard input" 0 -- -K -j -r -
grep -q '"line":"AuSub AuW rw"' "$tap_tmp/out" &&
	ok "--json --rules gives the line" || not_ok "--json --rules gives the line"
for args in "-j" "-j -r" "-j -m"; do
	# shellcheck disable=SC2086
	try "smackaudit $args exits 0" 0 -- -K $args "$samples/auditd"
	if command -v python3 > /dev/null 2>&1; then
		python3 -m json.tool "$tap_tmp/out" > /dev/null 2>&1 &&
			ok "smackaudit $args writes valid JSON" ||
			not_ok "smackaudit $args writes valid JSON"
	else
		ok "smackaudit $args writes valid JSON # SKIP no python3"
	fi
done
grep -qF '"path":"/media/a b\u000a\u001b[2J"' "$tap_tmp/out" &&
	ok "JSON escapes the odd bytes" || not_ok "JSON escapes the odd bytes"
for mode in --rules --modify; do
	for f in kmsg journal auditd two-boots; do
		"$bin" -K "$mode" "$samples/$f" 2> /dev/null |
			"$abs_top_builddir/utils/smackload" --check - ||
			not_ok "smackload takes smackaudit $mode's lines of $f"
	done
done
ok "smackload --check takes every line of --rules and --modify"
try "an empty log exits 0" 0 -- -K /dev/null
same "and says there is nothing" "no Smack records found" "$(cat "$tap_tmp/out")"

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
} > "$tap_tmp/long"
try "a line of more than 4 MiB is named" 0 \
	"smackaudit: $tap_tmp/long:3: a line of more than 4 MiB, longer than any record the kernel writes; skipped" \
	-- -K -r "$tap_tmp/long"
same "lines of a megabyte are read, bytes that are no text skipped" \
	"App Data r
Big Obj r" "$(rules)"
printf 'x\000y\377\n%s' "$(head -n 1 "$samples/two-boots" | cut -c1-80)" > "$tap_tmp/cut"
try "a last line cut short is named" 0 \
	"smackaudit: $tap_tmp/cut:2: a field every record has is missing (the line is cut short); record skipped" \
	-- -K "$tap_tmp/cut"

# ---- the policy tree (--config-dir), without a kernel
tree=$tap_tmp/tree
mkdir -p "$tree/accesses.d"
printf 'AuSub AuW x\nAuSub AuR -\n' > "$tree/accesses.d/au"
printf '# read after au\nAuSub AuW r -\n' > "$tree/accesses.d/zz"
# has DESC LINE: the last output holds LINE whole.
has() {
	grep -qxF -- "$2" "$tap_tmp/out" && ok "$1" ||
		{ not_ok "$1"; diag_file "$tap_tmp/out" 40; }
}
try "a tree is asked" 0 -- -K --config-dir="$tree" "$samples/kmsg"
has "the tree's rules that decide, each FILE:LINE, and what they lack" \
	"  tree: the rules \"AuSub AuW rx\" ($tree/accesses.d/au:1, $tree/accesses.d/zz:2) lack \"w\""
has "a rule of no letters lacks them all" \
	"  tree: the rule \"AuSub AuR -\" ($tree/accesses.d/au:2) lacks \"r\""
has "a pair the tree does not name" \
	'  tree: no rule "AuSub AuX ..." is in the tree'
absent "no drift without the kernel" '^  drift' "$tap_tmp/out"
try "--rules with a tree" 0 -- -K -r --config-dir="$tree" "$samples/kmsg"
has "--rules names the tree's line that the line replaces" \
	"#   the tree's rules \"AuSub AuW rx\" are at $tree/accesses.d/au:1, $tree/accesses.d/zz:2; this line replaces the last"
same "the lines keep the letters of the tree's rules" \
	"AuSub AuR r
AuSub AuRecv w
AuSub AuVictim w
AuSub AuW rwx
AuSub AuX rx" "$(rules)"
try "--modify with a tree" 0 -- -K -m --config-dir="$tree" "$samples/kmsg"
has "--modify says where its line adds" \
	"#   the tree's rule \"AuSub AuR -\" is at $tree/accesses.d/au:2; this line adds to it where it is read after it"
has "and only adds" "AuSub AuW rw -"
printf 'AuSub AuX rx\n' > "$tree/accesses.d/x"
export SMACK_CONFIG_DIR="$tree"
try "\$SMACK_CONFIG_DIR names the tree" 0 -- -K -r "$samples/kmsg"
unset SMACK_CONFIG_DIR
has "no line for what the tree grants already" \
	"#   the tree's rules grant it (changed since the records were logged): no rule needed"
try "--json gives the tree's lines" 0 -- -K -j --config-dir="$tree" \
	"$samples/kmsg"
grep -qF '"tree":{"allowed":false,"rule":"-","lines":[{"file":"'"$tree"'/accesses.d/au","line":2}]},"drift":null' \
	"$tap_tmp/out" && ok "the tree in JSON" || not_ok "the tree in JSON"
try "a tree named that does not exist" 1 \
	"smackaudit: $tap_tmp/none: No such file or directory" \
	-- -K --config-dir="$tap_tmp/none" "$samples/kmsg"
same "... said once" 1 "$(wc -l < "$tap_tmp/err" | tr -d ' ')"
printf 'AuSub AuX\n' > "$tree/accesses.d/x"
try "a tree's file with an error is left out, and said" 1 \
	"smackaudit: the files of the tree with errors are left out" \
	-- -K --config-dir="$tree" "$samples/kmsg"
has "the report still says what the rest of the tree says" \
	'  tree: no rule "AuSub AuX ..." is in the tree'
rm "$tree/accesses.d/x"
printf 'AuSub AuRecv r\n' > "$tree/accesses.d/$(printf 'a\nb\033[2J')"
try "a hostile file name of the tree" 0 -- -K -r --config-dir="$tree" \
	"$samples/kmsg"
has "is escaped" \
	"#   the tree's rule \"AuSub AuRecv r\" is at $tree/accesses.d/a\\012b\\033[2J:1; this line replaces it"
absent "no escape byte of it reaches the terminal" "$(printf '\033')" \
	"$tap_tmp/out"

# ---- --follow
: > "$tap_tmp/growing"
"$bin" -K --follow "$tap_tmp/growing" > "$tap_tmp/follow" 2>&1 &
pid=$!
head -n 1 "$samples/two-boots" >> "$tap_tmp/growing"
for i in $(seq 100); do
	[ -s "$tap_tmp/follow" ] && break
	sleep 0.1
done
grep -q '^App Data r: app\[90\] smack_inode_permission' "$tap_tmp/follow" &&
	ok "--follow prints a new entry as it comes" ||
	not_ok "--follow prints a new entry as it comes"
kill -TERM "$pid"
wait "$pid"
same "--follow reports and exits 0 at SIGTERM" 0 $?
grep -q '^1 entry from 1 record$' "$tap_tmp/follow" &&
	ok "with the report" || not_ok "with the report"

# --follow as tail -F: a file rotated (renamed, then created anew) and a
# file truncated in place are read on from their start.
# record LABEL: a record of subject LABEL.
record() {
	printf '[ 1.0] audit: type=1400 audit(1796500000.000:4): lsm=SMACK fn=smack_inode_permission action=denied subject="%s" object="Data" requested=r pid=90 comm="app" name="db" dev="sda1" ino=5\n' "$1"
}
# seen LABEL: waits until --follow printed the entry of LABEL.
seen() {
	for i in $(seq 100); do
		grep -q "^$1 Data r: " "$tap_tmp/follow" && return 0
		sleep 0.1
	done
	return 1
}
record Before > "$tap_tmp/log"
"$bin" -K --follow "$tap_tmp/log" > "$tap_tmp/follow" 2> "$tap_tmp/follow.err" &
pid=$!
seen Before && ok "--follow reads the file" || not_ok "--follow reads the file"
mv "$tap_tmp/log" "$tap_tmp/log.1"
record Rotated > "$tap_tmp/log"
seen Rotated && ok "--follow reads the file that replaced the rotated one" ||
	not_ok "--follow reads the file that replaced the rotated one"
record Late >> "$tap_tmp/log.1"
: > "$tap_tmp/log"
sleep 0.5
record Truncated > "$tap_tmp/log"
seen Truncated && ok "--follow reads a truncated file from its start" ||
	not_ok "--follow reads a truncated file from its start"
record After >> "$tap_tmp/log"
seen After && ok "and on after it" || not_ok "and on after it"
kill -TERM "$pid"
wait "$pid"
same "--follow across rotations exits 0" 0 $?
grep -q '^4 entries from 4 records$' "$tap_tmp/follow" &&
	ok "the report counts each record once" ||
	not_ok "the report counts each record once"
same "the rotation and the truncation are said on standard error" \
	"smackaudit: $tap_tmp/log: file replaced; following the new file
smackaudit: $tap_tmp/log: file truncated; reading it from its start" \
	"$(cat "$tap_tmp/follow.err")"

tap_done
