#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The multi-call program smack-utils (configure --enable-multicall): its
# own options, a tool chosen by the name it runs under or by its first
# argument, and each tool it holds behaving as the tool (names in its
# messages, exit statuses).  What the tools do is tested by their own
# tests, which run them through the links.  Prints TAP.
set -u
. "${abs_top_srcdir:?abs_top_srcdir not set}/tests/tap.sh"
build=${abs_top_builddir:?abs_top_builddir not set}
tools=${MULTICALL_TOOLS:?MULTICALL_TOOLS not set (not a multi-call build)}
bin=$build/utils
work=$tap_tmp

# ---- its own options
printf '%s\n' $tools > "$work/want"
for opt in --list -l; do
	run "$bin/smack-utils" $opt
	if [ "$status" -eq 0 ] && cmp -s "$work/out" "$work/want"; then
		ok "smack-utils $opt prints the tools it holds, one a line"
	else
		not_ok "smack-utils $opt prints the tools it holds (exit $status)"
		diag_file "$work/out" 5
	fi
done
run "$bin/smack-utils" --help
expect "smack-utils --help exits 0" 0 "" "Usage: smack-utils TOOL [ARGUMENT]..."
for tool in $tools; do
	grep -qxF "  $tool" "$work/out" && ok "--help lists $tool" ||
		not_ok "--help lists $tool"
done
# expect_version DESC NAME: exit 0 and "NAME (smack-utils) VERSION" first.
expect_version() {
	if [ "$status" -eq 0 ] &&
	   head -n 1 "$work/out" | grep -q "^$2 (smack-utils) [0-9]"; then
		ok "$1"
	else
		not_ok "$1 (exit $status)"
		diag_file "$work/out" 5
	fi
}

run "$bin/smack-utils" --version
expect_version "smack-utils --version" smack-utils

# ---- mistakes: exit 2, a message naming the program, the hint
run "$bin/smack-utils"
expect "no tool named: exit 2" 2 "smack-utils: no tool named"
run "$bin/smack-utils" nosuchtool --help
expect "an unknown tool: exit 2" 2 \
	"smack-utils: 'nosuchtool' is not a tool of this program"
grep -qxF "Try 'smack-utils --help' for more information." "$work/err" &&
	ok "an unknown tool: the line of --help follows" ||
	not_ok "an unknown tool: the line of --help follows"
run "$bin/smack-utils" --no-such-option
expect "an unknown option is an unknown tool: exit 2" 2 \
	"smack-utils: '--no-such-option' is not a tool of this program"
[ -s "$work/out" ] && not_ok "nothing on stdout after a mistake" ||
	ok "nothing on stdout after a mistake"

# ---- each tool, by argument and by the name of a link
for tool in $tools; do
	run "$bin/smack-utils" "$tool" --version
	expect_version "smack-utils $tool --version is $tool's" "$tool"
	# Each tool's own status for a usage error (smackrun's is 125).
	run "$bin/smack-utils" "$tool" --no-such-option
	if [ "$status" -ne 0 ] &&
	   grep -qxF "Try '$tool --help' for more information." "$work/err"; then
		ok "smack-utils $tool: an unknown option fails as $tool"
	else
		not_ok "smack-utils $tool: an unknown option fails as $tool (exit $status)"
		diag_file "$work/err" 5
	fi
	run "$bin/$tool" --version
	expect_version "utils/$tool runs $tool" "$tool"
done

# ---- the program itself under other names (libtool keeps it in .libs
# when it is linked with the uninstalled shared library)
real=$bin/smack-utils
if [ -f "$bin/.libs/smack-utils" ]; then
	real=$bin/.libs/smack-utils
	LD_LIBRARY_PATH=$build/libsmack/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export LD_LIBRARY_PATH
fi
mkdir "$work/links"
first=${tools%% *}
ln -s "$real" "$work/links/$first"
ln -s "$real" "$work/links/other-name"
run "$work/links/$first" --version
expect_version "a link named $first runs $first" "$first"
run "$work/links/other-name" --list
if [ "$status" -eq 0 ] && cmp -s "$work/out" "$work/want"; then
	ok "under another name it reads its first argument"
else
	not_ok "under another name it reads its first argument (exit $status)"
fi
run "$work/links/other-name" nosuchtool
expect "under another name its messages carry that name" 2 \
	"other-name: 'nosuchtool' is not a tool of this program"
run "$work/links/other-name" "$first" --version
expect_version "under another name, 'NAME $first' runs $first" "$first"

# ---- configure refuses, by name, a tool it does not build (it would
# refuse to run beside a configuration made in the source tree itself)
src=${abs_top_srcdir:?abs_top_srcdir not set}
if [ -f "$src/config.status" ]; then
	skip_test "configure refuses an unknown tool" \
		"source tree configured in place"
else
	mkdir "$work/configure"
	run sh -c 'cd "$1" && "$2/configure" -q --disable-tests \
		--enable-multicall=chsmack,nosuchtool' sh "$work/configure" "$src"
	why="--enable-multicall: 'nosuchtool' is not a tool this configuration"
	if [ "$status" -ne 0 ] && grep -qF "error: $why builds" "$work/err"; then
		ok "configure refuses an unknown tool, by name"
	else
		not_ok "configure refuses an unknown tool, by name (exit $status)"
		diag_file "$work/err" 5
	fi
fi

tap_done
