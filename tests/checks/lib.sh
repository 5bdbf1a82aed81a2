# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers of the project-wide checks in tests/checks/ (sourced), over the
# TAP helpers of tests/tap.sh: what the build knows of its tools and pages,
# and the functions a header declares.
#
# Environment (set by make check): abs_top_srcdir, abs_top_builddir.

: "${abs_top_srcdir:?abs_top_srcdir not set (run through make check)}"
: "${abs_top_builddir:?abs_top_builddir not set (run through make check)}"
. "$abs_top_srcdir/tests/tap.sh"

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
