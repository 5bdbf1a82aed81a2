#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# LOG_COMPILER for "make check TESTS_WRAPPER=...": runs a test program under
# valgrind's memcheck, failing on any error or leak.  Check runs the cases
# in the same process (CK_FORK=no) so valgrind sees all of them; a libtool
# wrapper script is looked through; shell tests run as they are.
test=$1; shift
case $(head -c 4 "$test" 2>/dev/null) in
*ELF*)
	CK_FORK=no exec valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
		--track-fds=no "$test" "$@" ;;
esac
if grep -q 'libtool wrapper' "$test" 2>/dev/null; then
	CK_FORK=no exec "${LIBTOOL:-./libtool}" --mode=execute valgrind -q \
		--leak-check=full --errors-for-leak-kinds=definite,indirect \
		--error-exitcode=99 "$test" "$@"
fi
exec "$test" "$@"
