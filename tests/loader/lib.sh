# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers of the host tests of smackload, smackctl and the init files
# (sourced), over the TAP helpers of tests/tap.sh: the tools under test and
# checks of a command's exit status and output.
builddir=${abs_top_builddir:?abs_top_builddir not set}
srcdir=${abs_top_srcdir:?abs_top_srcdir not set}
. "$srcdir/tests/tap.sh"
SMACKLOAD=$builddir/utils/smackload
SMACKCTL=$builddir/utils/smackctl
unset SMACK_CONFIG_DIR

# expect_exit DESC STATUS CMD...: CMD exits with STATUS; its stderr is kept
# in $tap_tmp/err and its stdout in $tap_tmp/out.
expect_exit() {
	_desc=$1 _want=$2; shift 2
	run "$@"
	expect "$_desc" "$_want"
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
