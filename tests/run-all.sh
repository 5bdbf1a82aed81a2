#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Builds smack-utils from scratch in build/test and runs every test: the
# unit tests and the real-kernel tests in User-Mode-Linux.  Ends with the
# line "N passed, N failed, N skipped" and a non-zero exit status on any
# failure.  This is README's test command and what .ci/run runs.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/build/test
jobs=$(nproc 2>/dev/null || echo 2)

passed=0 failed=0 skipped=0

# Adds the counts of one Automake test-suite.log to the totals.
count_suite() {
	log=$1
	if [ ! -f "$log" ]; then
		failed=$((failed + 1))
		return
	fi
	eval "$(awk '
		/^# PASS:/  { p += $3 } /^# XFAIL:/ { p += $3 }
		/^# FAIL:/  { f += $3 } /^# XPASS:/ { f += $3 } /^# ERROR:/ { f += $3 }
		/^# SKIP:/  { s += $3 }
		END { printf "p=%d f=%d s=%d\n", p, f, s }' "$log")"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

step() {
	echo "==> $*"
}

step "bootstrap and configure ($build)"
( cd "$top" && ./autogen.sh ) > /dev/null || { echo "0 passed, 1 failed"; exit 1; }
rm -rf "$build" && mkdir -p "$build" && cd "$build" || exit 1
if ! "$top/configure" --enable-werror > configure.out 2>&1; then
	cat configure.out
	echo "0 passed, 1 failed"
	exit 1
fi

step "build"
if ! make -j"$jobs" > make.out 2>&1; then
	cat make.out
	echo "0 passed, 1 failed"
	exit 1
fi

step "make check (unit tests, then the Smack kernel in UML)"
make -j"$jobs" check > check.out 2>&1
grep -E '^(PASS|FAIL|ERROR|SKIP|XPASS|XFAIL):' check.out | grep -v '^PASS' || true
grep -E '^# (TOTAL|PASS|FAIL|ERROR|SKIP):' check.out || tail -n 30 check.out
count_suite "$build/test-suite.log"

# Each failing test's log, for whoever reads the CI output.
if [ "$failed" -ne 0 ]; then
	for log in $(find "$build/tests" -name '*.log' ! -name test-suite.log); do
		grep -q -E '^(not ok|Bail out!)' "$log" || continue
		echo "--- $log"
		tail -n 60 "$log"
	done
fi

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
