# SPDX-License-Identifier: GPL-2.0-or-later
# The TAP helpers of every shell test run on the host (sourced).  A test
# calls ok, not_ok or skip_test once per check, in any number, and ends
# with tap_done, which prints the plan and exits non-zero when a check
# failed.  tap_tmp is a scratch directory removed at exit.
#
# Helpers of one area (tests/checks/lib.sh, tests/loader/lib.sh,
# tests/chsmack/lib.sh) source this file and add their own.
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

# skip_test DESC [REASON]: a check that cannot run here.
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

# bail_out REASON: the test cannot run at all; that is a failure.
bail_out() {
	echo "Bail out! $*"
	exit 1
}

# tap_relay FILE: the "ok - WHAT" and "not ok - WHAT" lines of FILE (a
# program's or a guest's, which do not number them) as checks of this
# test, numbered in turn; its other lines as comments.
tap_relay() {
	while IFS= read -r _line; do
		case $_line in
		"ok "*)
			tap_count=$((tap_count + 1))
			echo "ok $tap_count ${_line#ok }" ;;
		"not ok "*)
			tap_count=$((tap_count + 1))
			tap_failed=$((tap_failed + 1))
			echo "not ok $tap_count ${_line#not ok }" ;;
		*) echo "# $_line" ;;
		esac
	done < "$1"
}

# run CMD ARG...: runs CMD, its standard input $stdin (or /dev/null);
# $status is its exit status, $tap_tmp/out and $tap_tmp/err its output.
run() {
	"$@" > "$tap_tmp/out" 2> "$tap_tmp/err" < "${stdin:-/dev/null}"
	status=$?
}

# expect DESC STATUS [STDERR-LINE [STDOUT-LINE]]: the last run exited with
# STATUS, and each line given is a whole line of its standard error or
# standard output.
expect() {
	if [ "$status" -ne "$2" ]; then
		not_ok "$1 (exit $status, expected $2)"
		diag_file "$tap_tmp/err" 5
	elif [ -n "${3:-}" ] && ! grep -qxF -- "$3" "$tap_tmp/err"; then
		not_ok "$1 (stderr lacks the line '$3')"
		diag_file "$tap_tmp/err" 5
	elif [ -n "${4:-}" ] && ! grep -qxF -- "$4" "$tap_tmp/out"; then
		not_ok "$1 (stdout lacks the line '$4')"
		diag_file "$tap_tmp/out" 5
	else
		ok "$1"
	fi
}

# expect_usage TOOL: --help and -v (--version) exit 0 with the usage and
# the version, an unknown option exits 2 with the hint.
expect_usage() {
	run "$1" --help
	expect "$1 --help exits 0" 0
	grep -q "^Usage: $1 " "$tap_tmp/out" && ok "$1 --help prints the usage" ||
		not_ok "$1 --help prints the usage"
	run "$1" -v
	expect "$1 -v is --version" 0
	grep -q "^$1 (smack-utils) " "$tap_tmp/out" &&
		ok "$1 -v prints the version" ||
		not_ok "$1 -v prints the version"
	run "$1" --no-such-option
	expect "$1: an unknown option exits 2" 2 \
		"Try '$1 --help' for more information."
}

tap_done() {
	echo "1..$tap_count"
	[ "$tap_failed" -eq 0 ]
	exit $?
}

tap_tmp=$(mktemp -d "${TMPDIR:-/tmp}/smack-test.XXXXXX") ||
	bail_out "cannot create a temporary directory"
trap 'rm -rf "$tap_tmp"' EXIT
