#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Each tool the build makes against its manual page: --help and --version
# behave (stdout, exit 0), every option --help lists appears in the page,
# and every option the page's OPTIONS section describes appears in --help.
#
# Options are compared as the reader sees them: the page is rendered with
# mandoc, so \- and font changes do not matter.  An option is --word or a
# single-letter -x standing on its own.
. "$abs_top_srcdir/tests/checks/lib.sh"

load_inventory
mandoc=${CHECK_MANDOC:-mandoc}
command -v "$mandoc" > /dev/null 2>&1 ||
	bail_out "mandoc is not installed: it is needed to read the manual (Debian: apt-get install mandoc; it belongs in debian-deps.txt)"

if [ -z "$(echo $CHECK_TOOLS)" ]; then
	not_ok "the build makes at least one tool (bin_PROGRAMS, sbin_PROGRAMS)"
	tap_done
fi

# long_options: every --word in standard input, one a line.
long_options() {
	grep -o -- '--[A-Za-z][A-Za-z0-9-]*' | sed 's/-*$//' | LC_ALL=C sort -u
}

# short_options: every -x standing alone (after a blank, comma, bracket or
# bar and before one, '=' or the end of the line), one a line.
short_options() {
	sed 's/[][(),|]/ /g' | tr ' \t' '\n\n' |
		grep -E -- '^-[A-Za-z](=.*)?$' | cut -c1-2 | LC_ALL=C sort -u
}

# help_short_options: the -x options --help lists at the start of a line.
help_short_options() {
	grep -E -- '^[[:space:]]+-[A-Za-z]([[:space:],=]|$)' |
		sed 's/^[[:space:]]*//' | cut -c1-2 | LC_ALL=C sort -u
}

# options_section: the OPTIONS section of a rendered page on standard input.
options_section() {
	awk '/^[A-Z][A-Z ]*[A-Z]$/ { on = ($0 == "OPTIONS"); next } on'
}

# missing_from LIST FILE: the lines of LIST that are not lines of FILE.
missing_from() {
	LC_ALL=C sort -u "$2" > "$2.sorted"
	LC_ALL=C comm -23 "$1" "$2.sorted" | tr '\n' ' ' | sed 's/ $//'
}

for tool_path in $CHECK_TOOLS; do
	tool=$(basename "$tool_path")
	tool=${tool%.exe}
	bin=$abs_top_builddir/$tool_path
	if [ ! -x "$bin" ]; then
		not_ok "$tool: built ($bin is missing)"
		continue
	fi

	# --- --help and --version
	"$bin" --help > "$tap_tmp/help" 2> "$tap_tmp/help.err"
	rc=$?
	if [ "$rc" -eq 0 ] && [ -s "$tap_tmp/help" ] && [ ! -s "$tap_tmp/help.err" ]; then
		ok "$tool --help prints to stdout and exits 0"
	else
		not_ok "$tool --help prints to stdout and exits 0 (exit $rc)"
		diag_file "$tap_tmp/help.err" 5
	fi
	"$bin" --version > "$tap_tmp/version" 2>&1
	rc=$?
	if [ "$rc" -eq 0 ] &&
		head -n 1 "$tap_tmp/version" | grep -q "^$tool (smack-utils) [0-9]"; then
		ok "$tool --version prints '$tool (smack-utils) VERSION' and exits 0"
	else
		not_ok "$tool --version prints '$tool (smack-utils) VERSION' and exits 0 (exit $rc)"
		diag_file "$tap_tmp/version" 3
	fi

	# --- the page
	page=$(page_of "$tool" "8 1")
	if [ -z "$page" ]; then
		not_ok "$tool has a manual page (man/$tool.8 or man/$tool.1)"
		continue
	fi
	ok "$tool has a manual page ($(basename "$page"))"
	"$mandoc" -T ascii -O width=300 "$page" 2> /dev/null | col -bx \
		> "$tap_tmp/page"
	options_section < "$tap_tmp/page" > "$tap_tmp/page.options"
	if [ ! -s "$tap_tmp/page.options" ]; then
		not_ok "$(basename "$page") has an OPTIONS section"
	fi

	# --- --help -> page (anywhere in it: a tool with commands may list
	# an option under COMMANDS)
	long_options < "$tap_tmp/help" > "$tap_tmp/help.long"
	help_short_options < "$tap_tmp/help" > "$tap_tmp/help.short"
	long_options < "$tap_tmp/page" > "$tap_tmp/page.all"
	short_options < "$tap_tmp/page" >> "$tap_tmp/page.all"
	cat "$tap_tmp/help.long" "$tap_tmp/help.short" | LC_ALL=C sort -u \
		> "$tap_tmp/help.all"
	missing=$(missing_from "$tap_tmp/help.all" "$tap_tmp/page.all")
	if [ -z "$missing" ]; then
		ok "$tool: the $(wc -l < "$tap_tmp/help.all") options of --help are in $(basename "$page")"
	else
		not_ok "$tool: every option of --help is in $(basename "$page") (missing: $missing)"
	fi

	# --- page OPTIONS -> --help
	{
		long_options < "$tap_tmp/page.options"
		short_options < "$tap_tmp/page.options"
	} | LC_ALL=C sort -u > "$tap_tmp/page.opts"
	long_options < "$tap_tmp/help" > "$tap_tmp/help.any"
	short_options < "$tap_tmp/help" >> "$tap_tmp/help.any"
	missing=$(missing_from "$tap_tmp/page.opts" "$tap_tmp/help.any")
	if [ -z "$missing" ]; then
		ok "$tool: the $(wc -l < "$tap_tmp/page.opts") options of OPTIONS in $(basename "$page") are in --help"
	else
		not_ok "$tool: every option of OPTIONS in $(basename "$page") is in --help (missing: $missing)"
	fi
done

tap_done
