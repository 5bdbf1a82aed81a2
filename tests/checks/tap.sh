# SPDX-License-Identifier: GPL-2.0-or-later
# TAP helpers for the project-wide checks in tests/checks/.  Each check
# sources this file, calls ok/not_ok (or check_result) once per test and
# ends with tap_done, which prints the plan and sets the exit status.
#
# Environment (set by make check): abs_top_srcdir, abs_top_builddir.

: "${abs_top_srcdir:?abs_top_srcdir not set (run through make check)}"
: "${abs_top_builddir:?abs_top_builddir not set (run through make check)}"
export LC_ALL=C

tap_count=0
tap_failed=0

ok() {
	tap_count=$((tap_count + 1))
	echo "ok $tap_count - $*"
}

not_ok() {
	tap_count=$((tap_count + 1))
	tap_failed=$((tap_failed + 1))
	echo "not ok $tap_count - $*"
}

skip_test() {
	tap_count=$((tap_count + 1))
	echo "ok $tap_count - $1 # SKIP ${2:-}"
}

# diag TEXT...: prints each line of TEXT as a TAP comment.
diag() {
	printf '%s\n' "$@" | sed 's/^/# /'
}

# diag_file FILE [MAX]: the first MAX (default 20) lines of FILE as comments.
diag_file() {
	sed -n "1,${2:-20}p" "$1" | sed 's/^/#   /'
	_lines=$(wc -l < "$1")
	if [ "$_lines" -gt "${2:-20}" ]; then
		echo "#   ... ($_lines lines in all)"
	fi
}

# skip_all REASON: the whole script is skipped.
skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

# bail_out REASON: the check cannot run at all; that is a failure.
bail_out() {
	echo "Bail out! $*"
	exit 1
}

tap_done() {
	echo "1..$tap_count"
	[ "$tap_failed" -eq 0 ]
	exit $?
}

# A scratch directory removed at exit.
tap_tmp=$(mktemp -d "${TMPDIR:-/tmp}/smack-check.XXXXXX") ||
	bail_out "cannot create a temporary directory"
trap 'rm -rf "$tap_tmp"' EXIT

# The inventory the build writes (tests/checks/inventory.sh): the tools it
# builds and the manual pages it installs, as make knows them.
load_inventory() {
	_inv=$abs_top_builddir/tests/checks/inventory.sh
	[ -r "$_inv" ] || bail_out "$_inv is missing (make check builds it)"
	. "$_inv"
}

# page_of NAME SECTIONS: the source path of man page NAME in the first of
# SECTIONS (e.g. "1 8") that exists, or nothing.
page_of() {
	for _sec in $2; do
		if [ -f "$abs_top_srcdir/man/$1.$_sec" ]; then
			echo "$abs_top_srcdir/man/$1.$_sec"
			return 0
		fi
	done
	return 1
}

# header_functions HEADER: the functions HEADER declares, sorted, one a
# line.  Comments go first (they name functions too), then declarations
# are joined onto one line each; callback typedefs are not functions.
header_functions() {
	sed 's,/\*.*\*/,,g' "$1" | awk '
		/\/\*/ { sub(/\/\*.*/, ""); skip = 1; print; next }
		skip && /\*\// { sub(/.*\*\//, ""); skip = 0 }
		!skip { print }
	' | tr '\n' ' ' | tr ';' '\n' | grep -v typedef |
		grep -o 'smack_[a-z0-9_]*[[:space:]]*(' | sed 's/[[:space:]]*($//' |
		LC_ALL=C sort -u
}
