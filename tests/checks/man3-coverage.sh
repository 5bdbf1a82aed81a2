#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Section 3 covers the library: every function sys/smack.h declares has a
# page man/NAME.3 (a page of its own, or a ".so man3/FAMILY.3" link to its
# family's page), the page that describes it names it in NAME and SYNOPSIS,
# libsmack(3) refers to it, and no section 3 page is left over for a
# function that no longer exists.
. "$abs_top_srcdir/tests/checks/lib.sh"

mandir=$abs_top_srcdir/man
header=$abs_top_srcdir/libsmack/sys/smack.h
mandoc=$(command -v mandoc) ||
	bail_out "mandoc is not installed: it is needed to read the manual (Debian: apt-get install mandoc; it belongs in debian-deps.txt)"

header_functions "$header" > "$tap_tmp/functions"
[ -s "$tap_tmp/functions" ] || bail_out "no functions found in $header"

# so_target PAGE: the page a one-line .so link points to (file name only),
# or nothing when PAGE is a page of its own.
so_target() {
	if [ "$(grep -cv '^\.\\"' "$1")" -eq 1 ]; then
		sed -n 's|^\.so[[:space:]]*\(.*/\)\{0,1\}||p' "$1"
	fi
}

# section_text PAGE HEADING: the rendered text of one section of PAGE.
section_text() {
	"$mandoc" -T ascii -O width=300 "$1" 2> /dev/null | col -bx |
		awk -v want="$2" '/^[A-Z][A-Z ]*[A-Z]$/ { on = ($0 == want); next } on'
}

overview=$mandir/libsmack.3
if [ -f "$overview" ]; then
	"$mandoc" -T ascii -O width=300 "$overview" 2> /dev/null | col -bx \
		> "$tap_tmp/overview"
else
	: > "$tap_tmp/overview"
	not_ok "man/libsmack.3 (the library overview) exists"
fi

while read -r fn; do
	page=$mandir/$fn.3
	if [ ! -f "$page" ]; then
		not_ok "$fn has a section 3 page (man/$fn.3 is missing)"
		continue
	fi
	described_by=$page
	target=$(so_target "$page")
	if [ -n "$target" ]; then
		described_by=$mandir/$target
		if [ ! -f "$described_by" ]; then
			not_ok "$fn.3 links to $target, which does not exist"
			continue
		fi
	fi
	where=$(basename "$described_by")
	echo "$where" >> "$tap_tmp/family-pages"
	if section_text "$described_by" NAME | grep -qw -- "$fn" &&
		section_text "$described_by" SYNOPSIS | grep -q -- "[ *]$fn("; then
		ok "$fn is documented in $where (named in NAME and SYNOPSIS)"
	else
		not_ok "$fn is documented in $where (it must be named in NAME and declared in SYNOPSIS)"
	fi
	if grep -q -- "$fn" "$tap_tmp/overview"; then
		ok "libsmack(3) refers to $fn"
	else
		not_ok "libsmack(3) refers to $fn"
	fi
done < "$tap_tmp/functions"

# Pages of functions that are not (or no longer) in the header; a family
# page that some function's page links to is fine.
touch "$tap_tmp/family-pages"
stale=
for page in "$mandir"/smack_*.3; do
	[ -f "$page" ] || continue
	fn=$(basename "$page" .3)
	grep -qx -- "$fn" "$tap_tmp/functions" && continue
	grep -qx -- "$fn.3" "$tap_tmp/family-pages" && continue
	stale="$stale $fn.3"
done
if [ -z "$stale" ]; then
	ok "every smack_*.3 page is for a function sys/smack.h declares"
else
	not_ok "every smack_*.3 page is for a function sys/smack.h declares (neither a function nor a family page:$stale)"
fi

tap_done
