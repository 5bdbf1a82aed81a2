#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The compatibility test of libsmack 1.3, host part: compat13 (a program
# written against the 1.3 functions only) imports nothing newer than
# LIBSMACK_1.3, and what it checks without a Smack kernel passes.  The
# kernel part is tests/kernel/cases/compat-13.sh.  Prints TAP.
. "$abs_top_srcdir/tests/tap.sh"

prog=$abs_top_builddir/tests/compat/compat13
# libtool leaves the real program in .libs when the library is shared.
real=$abs_top_builddir/tests/compat/.libs/compat13
[ -f "$real" ] || real=$prog
[ -x "$prog" ] || bail_out "$prog is missing"

# The functions of libsmack 1.3, as name@NODE.
grep -E '@LIBSMACK_1\.[0-3]$' "$abs_top_srcdir/tests/checks/abi-symbols.txt" \
	> "$tap_tmp/abi13"

# Its imports from libsmack.so.1, name@NODE (nothing when linked static).
readelf -W --dyn-syms "$real" | awk '$7 == "UND" && $8 ~ /^smack_/ {
	sub(/ \([0-9]+\)$/, "", $8); print $8 }' | LC_ALL=C sort -u \
	> "$tap_tmp/imports"
if [ ! -s "$tap_tmp/imports" ]; then
	skip_test "imports only LIBSMACK_1.0 .. 1.3" "linked statically"
elif cmp -s "$tap_tmp/abi13" "$tap_tmp/imports"; then
	ok "imports only LIBSMACK_1.0 .. 1.3, and every function of 1.3"
else
	not_ok "imports only LIBSMACK_1.0 .. 1.3, and every function of 1.3"
	diff "$tap_tmp/abi13" "$tap_tmp/imports" | sed 's/^/# /'
fi

# The same from the object, by name: a static build imports nothing.
nm -u "$abs_top_builddir"/tests/compat/*compat13.o 2> /dev/null |
	awk '$2 ~ /^smack_/ { print $2 }' | LC_ALL=C sort -u > "$tap_tmp/calls"
sed 's/@.*//' "$tap_tmp/abi13" > "$tap_tmp/names13"
if [ ! -s "$tap_tmp/calls" ]; then
	skip_test "calls only functions of 1.3" "no symbols in the object (LTO)"
elif [ -z "$(LC_ALL=C comm -13 "$tap_tmp/names13" "$tap_tmp/calls")" ]; then
	ok "calls only functions of 1.3"
else
	not_ok "calls only functions of 1.3"
	LC_ALL=C comm -13 "$tap_tmp/names13" "$tap_tmp/calls" | sed 's/^/# /'
fi

mkdir "$tap_tmp/scratch"
"$prog" host "$tap_tmp/scratch" > "$tap_tmp/out"
rc=$?
tap_relay "$tap_tmp/out"
[ "$rc" -eq 0 ] || [ "$tap_failed" -ne 0 ] ||
	not_ok "compat13 host exited with status $rc"
tap_done
