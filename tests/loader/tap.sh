# SPDX-License-Identifier: GPL-2.0-or-later
# TAP helpers for the loader's host tests (sourced).  Each test prints
# "ok N - what" or "not ok N - what"; tap_done prints the plan and sets
# the exit status.
tap_n=0
tap_failed=0
tap_tmp=$(mktemp -d "${TMPDIR:-/tmp}/loader-test.XXXXXX") || exit 99
trap 'rm -rf "$tap_tmp"' EXIT

builddir=${abs_top_builddir:?abs_top_builddir not set}
srcdir=${abs_top_srcdir:?abs_top_srcdir not set}
SMACKLOAD=$builddir/utils/smackload
SMACKCTL=$builddir/utils/smackctl
unset SMACK_CONFIG_DIR

ok() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $*"; }
not_ok() { tap_n=$((tap_n + 1)); tap_failed=$((tap_failed + 1)); echo "not ok $tap_n - $*"; }
skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $1 # SKIP ${2:-}"; }
diag_file() { sed 's/^/# /' "$1" | head -n "${2:-10}"; }

# expect_exit DESC STATUS CMD...: CMD exits with STATUS; its stderr is kept
# in $tap_tmp/err and its stdout in $tap_tmp/out.
expect_exit() {
	_desc=$1 _want=$2; shift 2
	"$@" > "$tap_tmp/out" 2> "$tap_tmp/err"
	_rc=$?
	if [ "$_rc" -eq "$_want" ]; then
		ok "$_desc"
	else
		not_ok "$_desc (exit $_rc, expected $_want)"
		diag_file "$tap_tmp/err" 5
	fi
}

# expect_grep DESC FILE REGEX: an extended regular expression matches a
# line of FILE.
expect_grep() {
	if grep -Eq -- "$3" "$2"; then
		ok "$1"
	else
		not_ok "$1 (no line matches '$3')"
		diag_file "$2" 5
	fi
}

tap_done() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
	exit $?
}
