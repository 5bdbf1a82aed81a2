#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Every manual page in man/: installed (in a dist_man_MANS list), clean
# under `mandoc -T lint`, a .TH that matches its file name, the sections its
# kind of page needs, and cross-references (SEE ALSO, .so) to smack-utils
# pages that exist.
#
# The pages are linted from a copy of the installed layout (man1/, man3/,
# ...), so that ".so man3/NAME.3" links resolve as they will after make
# install.  mandoc warns about every .so (".so is fragile"); the manual uses
# .so for the extra names of a function family on purpose, so only that
# message is ignored.
. "$abs_top_srcdir/tests/checks/lib.sh"

mandir=$abs_top_srcdir/man
load_inventory
mandoc=${CHECK_MANDOC:-mandoc}

if ! command -v "$mandoc" > /dev/null 2>&1; then
	bail_out "mandoc is not installed: it is needed to lint the manual (Debian: apt-get install mandoc; it belongs in debian-deps.txt)"
fi

# The pages: those in the source tree and those the build installs.
installed=" "
for m in $CHECK_MANS; do
	installed="$installed${m##*/} "
done
{
	ls "$mandir" 2> /dev/null | grep '\.[1-8]$'
	printf '%s\n' $installed
} | LC_ALL=C sort -u > "$tap_tmp/pages"
if [ ! -s "$tap_tmp/pages" ]; then
	not_ok "man/ holds manual pages"
	tap_done
fi

# The installed layout, as symbolic links.
while read -r page; do
	sec=${page##*.}
	mkdir -p "$tap_tmp/root/man$sec"
	ln -s "$mandir/$page" "$tap_tmp/root/man$sec/$page"
done < "$tap_tmp/pages"

# is_so_page FILE: FILE is a one-line ".so" link to another page.
is_so_page() {
	[ "$(grep -cv '^\.\\"' "$1")" -eq 1 ] && grep -q '^\.so ' "$1"
}

# required_sections SECTION NAME: the section headings a page of that
# manual section must have, one a line.  A PAM module has no exit status
# but return values, as the pages of Linux-PAM's modules say.
required_sections() {
	case $1:$2 in
	8:pam_*)
		printf '%s\n' NAME SYNOPSIS DESCRIPTION OPTIONS "RETURN VALUES" \
			FILES EXAMPLES "SEE ALSO" ;;
	1:*|8:*)
		printf '%s\n' NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" \
			FILES EXAMPLES "SEE ALSO" ;;
	3:*)
		printf '%s\n' NAME SYNOPSIS DESCRIPTION "RETURN VALUE" "SEE ALSO" ;;
	*)
		printf '%s\n' NAME DESCRIPTION "SEE ALSO" ;;
	esac
}

# headings FILE: the .SH headings of FILE, quotes removed.
headings() {
	sed -n 's/^\.SH[[:space:]]*//p' "$1" | sed 's/^"\(.*\)"[[:space:]]*$/\1/'
}

# own_page_name NAME: NAME looks like one of ours (so it must exist).
own_page_name() {
	case $1 in
	smack*|chsmack*|libsmack*|pam_smack) return 0 ;;
	*) return 1 ;;
	esac
}

while read -r page; do
	sec=${page##*.}
	name=${page%.*}
	src=$mandir/$page

	# --- installed
	case $installed in
	*" $page "*) ok "$page is installed (listed in a dist_man_MANS)" ;;
	*) not_ok "$page is installed (add it to dist_man_MANS in its owner's fragment)" ;;
	esac
	if [ ! -f "$src" ]; then
		not_ok "$page exists in man/ (the build lists it)"
		continue
	fi

	# --- mandoc lint, from the installed layout
	(cd "$tap_tmp/root" && "$mandoc" -T lint "man$sec/$page") \
		> "$tap_tmp/lint" 2>&1
	grep -v 'WARNING: \.so is fragile' "$tap_tmp/lint" > "$tap_tmp/lint.real"
	if [ ! -s "$tap_tmp/lint.real" ]; then
		ok "$page: mandoc -T lint is clean"
	else
		not_ok "$page: mandoc -T lint is clean"
		diag_file "$tap_tmp/lint.real"
	fi

	if is_so_page "$src"; then
		target=$(sed -n 's/^\.so[[:space:]]*//p' "$src")
		if [ -e "$tap_tmp/root/$target" ]; then
			ok "$page: .so target $target exists"
		else
			not_ok "$page: .so target $target exists (write it as man<N>/<page>)"
		fi
		continue
	fi

	# --- the title line
	set -- $(sed -n 's/^\.TH[[:space:]]*//p' "$src" | head -n 1 | tr -d '"')
	title=$(echo "$name" | tr '[:lower:]' '[:upper:]')
	if [ "${1:-}" = "$title" ] && [ "${2:-}" = "$sec" ]; then
		ok "$page: .TH names $title $sec"
	else
		not_ok "$page: .TH names $title $sec (it says '${1:-} ${2:-}')"
	fi

	# --- sections this kind of page needs
	headings "$src" > "$tap_tmp/headings"
	missing=
	required_sections "$sec" "$name" > "$tap_tmp/required"
	while read -r want; do
		grep -qxF "$want" "$tap_tmp/headings" || missing="$missing, $want"
	done < "$tap_tmp/required"
	if [ -z "$missing" ]; then
		ok "$page: has the sections a section $sec page needs"
	else
		not_ok "$page: has the sections a section $sec page needs (missing: ${missing#, })"
	fi

	# --- cross-references to our own pages exist
	"$mandoc" -T ascii -O width=200 "$src" 2> /dev/null | col -bx |
		grep -o '[A-Za-z_][A-Za-z0-9_.-]*([1-8])' | LC_ALL=C sort -u \
		> "$tap_tmp/refs"
	: > "$tap_tmp/broken"
	while read -r ref; do
		rname=${ref%(*}
		rsec=${ref#*(}
		rsec=${rsec%)}
		own_page_name "$rname" || continue
		[ -e "$tap_tmp/root/man$rsec/$rname.$rsec" ] ||
			echo "$ref" >> "$tap_tmp/broken"
	done < "$tap_tmp/refs"
	if [ ! -s "$tap_tmp/broken" ]; then
		ok "$page: every smack-utils page it refers to exists"
	else
		not_ok "$page: every smack-utils page it refers to exists ($(wc -l < "$tap_tmp/broken") missing: $(head -n 8 "$tap_tmp/broken" | tr '\n' ' ')...)"
	fi
done < "$tap_tmp/pages"

tap_done
