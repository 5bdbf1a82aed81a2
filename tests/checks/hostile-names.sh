#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# What the tools print that came from outside cannot forge a line or drive
# a terminal: file names and labels with a newline, ESC sequences or bytes
# that are not UTF-8 are escaped (\ooo) in every tool's messages, in the
# FILE of FILE:LINE:COLUMN, in the paths smackload --verbose and smackctl
# print on standard output, in what smackaudit prints of a record, and in
# the messages of a mistaken option (said by cli_getopt(), not by glibc,
# which would print them raw after the full argv[0]); JSON strings are
# written by one writer, in ASCII.  On the host (without
# Smack): the checks and the errors of each tool.  chsmack has its own
# tests (tests/chsmack/hostile.sh).
. "$abs_top_srcdir/tests/checks/lib.sh"

utils=$abs_top_builddir/utils
t=$tap_tmp
nl='
'
esc=$(printf '\033')
ff=$(printf '\377')

# A name with a line break, an escape sequence and a byte that is not
# UTF-8, and its escaped form.
bad="$t/f${nl}x${esc}[31m${ff}"
shown="$t/f\\012x\\033[31m\\377"

# expect STREAM DESC TEXT TOOL ARG...: utils/TOOL ARG... writes exactly
# TEXT and a newline on STREAM (out or err), or in the lines of it that
# match $grep_only when that is set; the column of a FILE:LINE:COLUMN may
# be any number (C in TEXT).  Skipped when the build lacks TOOL.
expect() {
	_stream=$1 _desc=$2 _text=$3 _tool=$4
	shift 4
	if [ ! -x "$utils/$_tool" ]; then
		skip_test "$_desc" "$_tool is not built"
		return
	fi
	"$utils/$_tool" "$@" > "$t/out" 2> "$t/err" < /dev/null
	printf '%s\n' "$_text" > "$t/want"
	sed 's/:\([0-9][0-9]*\):[0-9][0-9]*: /:\1:C: /' "$t/$_stream" |
		grep -e "${grep_only:-}" > "$t/got"
	if cmp -s "$t/want" "$t/got"; then
		ok "$_desc"
	else
		not_ok "$_desc"
		diag "expected:" "$_text" "actual:"
		diag_file "$t/$_stream"
	fi
}

invalid="${nl}smackload: 1 error: the rules are not valid"
no_file="cannot open: No such file or directory"

# ---- smackload: its PATH arguments, in errors and --verbose
printf 'A B r\n' > "$bad"
expect out "smackload --verbose: the path escaped" \
	"$shown: 1 rules${nl}1 rules are valid" \
	smackload --check --verbose "$bad"
printf 'A B rwq\n' > "$bad"
expect err "smackload: FILE of FILE:LINE:COL escaped" \
	"smackload: $shown:1:C: unknown access letter 'q' in \"rwq\"$invalid" \
	smackload --check "$bad"
printf 'A B\033[2J r\n' > "$bad"
expect err "smackload: a label with ESC, quoted" \
	"smackload: $shown:1:C: label \"B\\033[2J\" contains a control character$invalid" \
	smackload --check "$bad"
expect err "smackload: a missing PATH" \
	"smackload: $shown.none: $no_file$invalid" \
	smackload --check "$bad.none"

# ---- smackcipso and smacknetlabel: PATH and --add
printf 'Lbl 300\n' > "$bad"
expect err "smackcipso: FILE of FILE:LINE:COL escaped" \
	"smackcipso: $shown:1:C: level \"300\" is out of range (0..255)" \
	smackcipso --check "$bad"
expect err "smackcipso: a missing PATH" \
	"smackcipso: $shown.none: $no_file" \
	smackcipso --check "$bad.none"
printf '1.2.3.4/99 L\n' > "$bad"
expect err "smacknetlabel: FILE of FILE:LINE:COL escaped" \
	"smacknetlabel: $shown:1:C: host \"1.2.3.4/99\": the mask must be 0..32" \
	smacknetlabel --check "$bad"
expect err "smacknetlabel: --add with a line break" \
	"smacknetlabel: --add \"1.2.3.4 L\\012\\033[2J\": one entry, without a line break" \
	smacknetlabel --check --add "1.2.3.4 L${nl}${esc}[2J"

# ---- smackaccess: --file and the labels of a query
printf 'S O\033[1m r\n' > "$bad"
expect err "smackaccess: FILE:LINE and a label with ESC" \
	"smackaccess: $shown:1: object label \"O\\033[1m\" contains a control character" \
	smackaccess --file "$bad"
expect err "smackaccess: a missing FILE" \
	"smackaccess: $shown.none: No such file or directory" \
	smackaccess --file "$bad.none"
expect err "smackaccess: a label argument" \
	"smackaccess: subject label \"S\\012\\033]0;t\" contains a line break" \
	smackaccess "S${nl}${esc}]0;t" O r

# ---- smackrun: its LABEL
expect err "smackrun: a label argument" \
	"smackrun: label \"L\\377\\033[31m\" contains a byte outside printable ASCII" \
	smackrun "L${ff}${esc}[31m" true

# ---- smackctl: the configuration directory, in errors and on stdout
mkdir -p "$bad.d/accesses.d"
printf 'A B rwq\n' > "$bad.d/accesses.d/r${esc}]0;t"
expect err "smackctl check: a file of the tree" \
	"smackctl: $shown.d/accesses.d/r\\033]0;t:1:C: unknown access letter 'q' in \"rwq\"${nl}smackctl: 1 error in the configuration $shown.d" \
	smackctl --config-dir="$bad.d" check
rm -f "$bad.d/accesses.d/"*
expect out "smackctl check --verbose: the tree's path" \
	"$shown.d: 0 rules, 0 CIPSO mappings, 0 netlabel entries" \
	smackctl --verbose --config-dir="$bad.d" check
grep_only=^config
expect out "smackctl status: the configuration's path" "config: $shown.d" \
	smackctl --config-dir="$bad.d" status
expect out "smackctl -k status: the configuration's path" "config=$shown.d" \
	smackctl -k --config-dir="$bad.d" status
grep_only=
# ---- JSON: one writer for every tool (cli_json_string()).  Each byte
# outside printable ASCII is \u00XX of its value, '"' and '\' are \" and
# \\: whatever the bytes, the document is one line of ASCII, and decoded
# as ISO 8859-1 a string gives its bytes back.  Checked byte for byte
# (the CI has no JSON parser).
del=$(printf '\177')
c1=$(printf '\302\233')
# Every kind of hostile byte: a line break, ESC, DEL, a C1 control (CSI in
# UTF-8), a byte that is not UTF-8, a quote and a backslash.
odd="${nl}${esc}[31m${del}${c1}${ff}\"\\"
json_odd='\u000a\u001b[31m\u007f\u00c2\u009b\u00ff\"\\'

# json_holds DESC TEXT: $t/out holds TEXT, in lines of printable ASCII.
json_holds() {
	if grep -qF -e "$2" "$t/out" &&
	   [ "$(tr -d '\n -~' < "$t/out" | wc -c)" -eq 0 ]; then
		ok "$1"
	else
		not_ok "$1"
		diag "expected a line holding:" "$2" "actual:"
		diag_file "$t/out"
	fi
}

mkdir -p "$t/j$odd"
if [ -x "$utils/smackctl" ]; then
	"$utils/smackctl" -j --config-dir="$t/j$odd" status \
		> "$t/out" 2> "$t/err"
	json_holds "smackctl -j status: the path a JSON string" \
		"\"config\": \"$t/j$json_odd\""
	[ "$(wc -l < "$t/out")" -eq 1 ] && ok "smackctl -j status: one line" ||
		not_ok "smackctl -j status: one line"
fi

# ---- smackaudit: a record's command (a name a process chose, like a
# label) and path, hex-encoded in audit.log as auditd writes them, in the
# text report (escaped as messages are) and in JSON.
hex() {
	printf '%s' "$1" | od -An -tx1 -v | tr -d ' \n' | tr abcdef ABCDEF
}
printf '%s comm=%s path=%s dev="sda1" ino=7\n' \
	'type=AVC msg=audit(1796551921.316:5): lsm=SMACK fn=smack_file_open action=denied subject="App" object="Media" requested=r pid=412' \
	"$(hex "c$odd")" "$(hex "/p$odd")" > "$t/audit.log"
text_odd='\012\033[31m\177\302\233\377\042\134'
grep_only='\[412\]'
expect out "smackaudit: a record's command and path escaped" \
	"    c$text_odd[412] smack_file_open path=\"/p$text_odd\" dev=\"sda1\" ino=7" \
	smackaudit -K "$t/audit.log"
grep_only=
if [ -x "$utils/smackaudit" ]; then
	"$utils/smackaudit" -K -j "$t/audit.log" > "$t/out" 2> "$t/err"
	json_holds "smackaudit -j: a record's command a JSON string" \
		"\"comm\":\"c$json_odd\""
	json_holds "smackaudit -j: a record's path a JSON string" \
		"\"path\":\"/p$json_odd\""
fi

# ---- every tool: the errors of getopt, in GNU's words after the short
# name, the option escaped, then the line of --help and the usage status.
# expect_getopt TOOL STATUS DESC TEXT ARG...: utils/TOOL ARG... exits
# STATUS with exactly "TOOL: TEXT" and the line of --help on stderr.
expect_getopt() {
	_tool=$1 _rc=$2 _desc="$1: $3"
	if [ ! -x "$utils/$_tool" ]; then
		skip_test "$_desc" "$_tool is not built"
		return
	fi
	printf '%s: %s\n' "$_tool" "$4" > "$t/want"
	printf "Try '%s --help' for more information.\n" "$_tool" >> "$t/want"
	shift 4
	"$utils/$_tool" "$@" > "$t/out" 2> "$t/err" < /dev/null
	_got=$?
	if [ "$_got" -eq "$_rc" ] && cmp -s "$t/want" "$t/err" &&
	   [ ! -s "$t/out" ]; then
		ok "$_desc"
	else
		not_ok "$_desc"
		diag "expected exit $_rc and:" "$(cat "$t/want")" \
			"actual: exit $_got and:"
		diag_file "$t/err"
	fi
}

long_bad="--x${esc}[31mRED${nl}fake: line"
long_shown='--x\033[31mRED\012fake: line'
# TOOL STATUS SHORT LONG: a short and a long option that take an argument
# ("-" when the tool has none).
while read -r tool rc short long; do
	expect_getopt $tool $rc "an unknown short option" \
		"invalid option -- 'Q'" -Q
	expect_getopt $tool $rc "an unknown short option, ESC escaped" \
		"invalid option -- '\\033'" "-$esc"
	expect_getopt $tool $rc "an unknown long option with ESC and a newline" \
		"unrecognized option '$long_shown'" "$long_bad"
	expect_getopt $tool $rc "an argument to an option without one" \
		"option '--help' doesn't allow an argument" "--help=$nl"
	[ "$short" = - ] ||
		expect_getopt $tool $rc "a short option's missing argument" \
			"option requires an argument -- '$short'" "-$short"
	[ "$long" = - ] ||
		expect_getopt $tool $rc "a long option's missing argument" \
			"option '--$long' requires an argument" "--$long"
done <<END
chsmack 2 - spec
smackaccess 2 f file
smackaudit 2 s since
smackcipso 2 - -
smackctl 2 o output
smackload 2 - config-dir
smacknetlabel 2 a add
smackrun 125 - -
END
# An abbreviation: named by the option's full name, or ambiguous.
expect_getopt smackaccess 2 "an abbreviation's missing argument" \
	"option '--file' requires an argument" --fi
expect_getopt smackaudit 2 "an ambiguous long option" \
	"option '--s=\\033' is ambiguous; possibilities: '--since' '--subject'" \
	"--s=$esc"

tap_done
