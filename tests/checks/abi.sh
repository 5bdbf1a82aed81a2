#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The ABI of libsmack.so.1: its soname, the exact list of exported
# symbol@version pairs (tests/checks/abi-symbols.txt, whose 1.0 .. 1.3 part
# is the libsmack 1.3 ABI and whose 1.4 part is frozen too), the chain of
# version nodes, and agreement of that list with the public header, the
# version script and the Debian symbols file.
. "$abs_top_srcdir/tests/checks/lib.sh"

expected_file=$abs_top_srcdir/tests/checks/abi-symbols.txt
header=$abs_top_srcdir/libsmack/sys/smack.h
version_script=$abs_top_srcdir/libsmack/libsmack.sym
la=$abs_top_builddir/libsmack/libsmack.la
lib=$abs_top_builddir/libsmack/.libs/libsmack.so.1

[ -r "$expected_file" ] || bail_out "$expected_file is missing"
[ -f "$la" ] || bail_out "$la is missing: the library was not built"
if grep -q "^dlname=''" "$la"; then
	skip_all "no shared library in this build (--disable-shared)"
fi
[ -f "$lib" ] || bail_out "$lib is missing"

grep -v '^#' "$expected_file" | grep -v '^$' > "$tap_tmp/expected"

# exported_symbols LIB: "name@NODE" for each function or object LIB defines,
# sorted; the version nodes themselves (absolute symbols) are left out.
exported_symbols() {
	if nm -D --with-symbol-versions --defined-only "$1" \
		> "$tap_tmp/nm.out" 2> /dev/null; then
		awk '$2 != "A" && NF >= 3 {
			name = $3
			sub(/@@/, "@", name)
			print name
		}' "$tap_tmp/nm.out"
	else
		# Older binutils: objdump -T shows the node in its own column,
		# in parentheses when it is not the default version.
		objdump -T "$1" | awk '/^[0-9a-f]+ / && !/\*UND\*/ && !/\*ABS\*/ {
			node = $(NF - 1); gsub(/[()]/, "", node)
			if (node != "Base") print $NF "@" node
		}'
	fi | LC_ALL=C sort
}

# --- the soname
soname=$(objdump -p "$lib" | awk '$1 == "SONAME" { print $2 }')
if [ "$soname" = libsmack.so.1 ]; then
	ok "the soname is libsmack.so.1"
else
	not_ok "the soname is libsmack.so.1 (it is '$soname')"
fi

# --- exported symbols: exactly the expected list
exported_symbols "$lib" > "$tap_tmp/actual"
if cmp -s "$tap_tmp/expected" "$tap_tmp/actual"; then
	ok "libsmack.so.1 exports exactly the $(wc -l < "$tap_tmp/expected") symbols of abi-symbols.txt"
else
	not_ok "libsmack.so.1 exports exactly the symbols of abi-symbols.txt"
	comm -23 "$tap_tmp/expected" "$tap_tmp/actual" > "$tap_tmp/missing"
	comm -13 "$tap_tmp/expected" "$tap_tmp/actual" > "$tap_tmp/extra"
	if [ -s "$tap_tmp/missing" ]; then
		diag "missing (expected but not exported):"
		diag_file "$tap_tmp/missing" 100
	fi
	if [ -s "$tap_tmp/extra" ]; then
		diag "extra (exported but not expected):"
		diag_file "$tap_tmp/extra" 100
	fi
fi

# --- the frozen nodes by themselves, so that a break there is named as
# such: 1.0 .. 1.3 are the libsmack 1.3 ABI, and 1.4 is frozen as well.
# frozen NODES_REGEX COUNT WHAT
frozen() {
	grep "@LIBSMACK_$1\$" "$tap_tmp/expected" > "$tap_tmp/frozen"
	n=$(wc -l < "$tap_tmp/frozen")
	if [ "$n" -eq "$2" ] &&
		[ -z "$(comm -23 "$tap_tmp/frozen" "$tap_tmp/actual")" ]; then
		ok "all $2 functions of $3 are exported under their nodes"
	else
		not_ok "all $2 functions of $3 are exported under their nodes ($n listed)"
	fi
}
frozen '1\.[0-3]' 30 "the libsmack 1.3 ABI"
frozen '1\.4' 49 "LIBSMACK_1.4"

# --- no symbol is exported twice or without a version
if [ -z "$(sed 's/@.*//' "$tap_tmp/actual" | uniq -d)" ] &&
	! grep -qv '@LIBSMACK_1\.[0-9]*$' "$tap_tmp/actual"; then
	ok "every exported symbol has exactly one LIBSMACK_ version"
else
	not_ok "every exported symbol has exactly one LIBSMACK_ version"
	grep -v '@LIBSMACK_1\.[0-9]*$' "$tap_tmp/actual" > "$tap_tmp/odd"
	sed 's/@.*//' "$tap_tmp/actual" | uniq -d >> "$tap_tmp/odd"
	diag_file "$tap_tmp/odd"
fi

# --- the version nodes: 1.0 .. 1.N, each inheriting from the one before
objdump -p "$lib" | awk '
	/^Version definitions:/ { on = 1; next }
	on && NF == 0 { exit }
	on && NF >= 4 { node = $4; if (node ~ /^LIBSMACK_/) print node; next }
	on && NF == 1 && node ~ /^LIBSMACK_/ { print node " < " $1 }
' > "$tap_tmp/nodes"
nodes=$(sed 's/.*@//' "$tap_tmp/expected" | sort -u | sort -t. -k2,2n)
chain_ok=yes
prev=
for node in $nodes; do
	grep -qx "$node" "$tap_tmp/nodes" || chain_ok=no
	if [ -n "$prev" ]; then
		grep -qx "$node < $prev" "$tap_tmp/nodes" || chain_ok=no
	fi
	prev=$node
done
if [ "$chain_ok" = yes ]; then
	ok "version nodes $(echo $nodes | sed 's/ / < /g') chain in order"
else
	not_ok "version nodes chain in order ($(echo $nodes))"
	diag_file "$tap_tmp/nodes"
fi

# --- the public header declares exactly the expected functions
header_functions "$header" > "$tap_tmp/header"
sed 's/@.*//' "$tap_tmp/expected" | LC_ALL=C sort -u > "$tap_tmp/names"
if cmp -s "$tap_tmp/names" "$tap_tmp/header"; then
	ok "sys/smack.h declares exactly the $(wc -l < "$tap_tmp/header") functions of the ABI"
else
	not_ok "sys/smack.h declares exactly the functions of the ABI"
	diag "in the ABI list only:"
	comm -23 "$tap_tmp/names" "$tap_tmp/header" | sed 's/^/#   /'
	diag "in sys/smack.h only:"
	comm -13 "$tap_tmp/names" "$tap_tmp/header" | sed 's/^/#   /'
fi

# --- the version script puts each function in its expected node
awk '
	/^[A-Z0-9_.]+[[:space:]]*\{/ { node = $1; sub(/\{.*/, "", node); next }
	/^[[:space:]]*smack_[a-z0-9_]+;/ {
		name = $1; sub(/;.*/, "", name); print name "@" node
	}
' "$version_script" | LC_ALL=C sort > "$tap_tmp/script"
if cmp -s "$tap_tmp/expected" "$tap_tmp/script"; then
	ok "libsmack.sym assigns every function the node abi-symbols.txt gives it"
else
	not_ok "libsmack.sym assigns every function the node abi-symbols.txt gives it"
	diff "$tap_tmp/expected" "$tap_tmp/script" | grep '^[<>]' |
		sed 's/^</#   list only:  /; s/^>/#   script only:/'
fi

# --- debian/libsmack1.symbols: the version script's symbols and nodes,
# which dpkg-gensymbols -c4 then holds the built library to
symbols_file=$abs_top_srcdir/debian/libsmack1.symbols
if [ -f "$symbols_file" ]; then
	{
		cat "$tap_tmp/script"
		sed 's/.*@//' "$tap_tmp/script" | sort -u | sed 's/.*/&@&/'
	} | LC_ALL=C sort > "$tap_tmp/debian-expected"
	awk '/^ [^ ]/ { print $1 }' "$symbols_file" | LC_ALL=C sort \
		> "$tap_tmp/debian"
	if cmp -s "$tap_tmp/debian-expected" "$tap_tmp/debian"; then
		ok "debian/libsmack1.symbols lists the symbols and nodes of libsmack.sym"
	else
		not_ok "debian/libsmack1.symbols lists the symbols and nodes of libsmack.sym"
		diff "$tap_tmp/debian-expected" "$tap_tmp/debian" | grep '^[<>]' |
			sed 's/^</#   libsmack.sym only:/; s/^>/#   symbols file only:/'
	fi
else
	skip_test "debian/libsmack1.symbols lists the symbols and nodes of libsmack.sym" \
		"no debian/ directory (a release tarball)"
fi

tap_done
