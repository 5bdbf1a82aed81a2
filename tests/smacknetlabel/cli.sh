#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# smacknetlabel on the host, where Smack need not be active: usage, and
# every input error reported as FILE:LINE:COL with a failing exit status
# before the kernel is needed.  What needs a Smack kernel is in
# tests/kernel/cases/netlabel-*.
# Prints TAP.
set -u
. "${abs_top_srcdir:?abs_top_srcdir not set}/tests/tap.sh"
PATH=${abs_top_builddir:?abs_top_builddir not set}/utils:$PATH
work=$tap_tmp

expect_usage smacknetlabel

run smacknetlabel --check --add '192.0.2.0/24 Lan' --add '2001:db8::1 Six' \
	--add '192.0.2.1 -CIPSO' --add '2001:db8::2 -DELETE' --add '0.0.0.0/0 @'
expect "smacknetlabel --check accepts good entries" 0
run smacknetlabel --check --add '300.1.1.1 X'
expect "smacknetlabel: an octet over 255" 1 \
	"smacknetlabel: --add: host \"300.1.1.1\": each number of an IPv4 address must be 0..255"
run smacknetlabel --check --add '1.2.3.4/33 X'
expect "smacknetlabel: a mask over 32" 1 \
	"smacknetlabel: --add: host \"1.2.3.4/33\": the mask must be 0..32"
run smacknetlabel --check --add '::1/129 X'
expect "smacknetlabel: a mask over 128" 1 \
	"smacknetlabel: --add: host \"::1/129\": the mask must be 0..128"
run smacknetlabel --check --add '1.2.3.4'
expect "smacknetlabel: no label" 1 \
	"smacknetlabel: --add: a label must follow the host"
run smacknetlabel --check --add '1.2.3.4 -DELETE'
expect "smacknetlabel: -DELETE is IPv6 only" 1
run smacknetlabel --check --add ''
expect "smacknetlabel: an empty --add" 1 'smacknetlabel: --add "": no entry'
printf '192.0.2.0/24 A\n1.2.3 B\n1.2.3.4/x C\n::g D\n1.2.3.4 E F\n' > "$work/hosts"
run smacknetlabel --check "$work/hosts"
expect "smacknetlabel: a short address names file, line and column" 1 \
	"smacknetlabel: $work/hosts:2:1: host \"1.2.3\": an IPv4 address is 4 numbers separated by '.'"
expect "smacknetlabel: a mask that is not a number" 1 \
	"smacknetlabel: $work/hosts:3:1: host \"1.2.3.4/x\": the mask after '/' is not a number"
expect "smacknetlabel: a bad IPv6 address" 1 \
	"smacknetlabel: $work/hosts:4:1: host \"::g\": not a valid IPv6 address"
expect "smacknetlabel: a third field" 1 \
	"smacknetlabel: $work/hosts:5:11: unexpected \"F\" after the label"
stdin=$work/hosts run smacknetlabel --check -
expect "smacknetlabel: standard input is named" 1 \
	"smacknetlabel: <stdin>:2:1: host \"1.2.3\": an IPv4 address is 4 numbers separated by '.'"
run smacknetlabel "$work/hosts" --add '192.0.2.9 Z'
expect "smacknetlabel: bad input fails before Smack is needed" 1
# PATHs and --add entries are read in the order given, mixed, so that a
# later entry replaces an earlier one as given (tests/kernel/cases/
# netlabel-tool.sh): their errors come in that order too.
printf '3.3.3 P\n' > "$work/order"
run smacknetlabel --check -a '1.1.1 A' "$work/order" --add='2.2.2 B' \
	-- "$work/order"
short="an IPv4 address is 4 numbers separated by '.'"
printf 'smacknetlabel: %s\n' "--add: host \"1.1.1\": $short" \
	"$work/order:1:1: host \"3.3.3\": $short" \
	"--add: host \"2.2.2\": $short" \
	"$work/order:1:1: host \"3.3.3\": $short" > "$work/order-err"
expect "smacknetlabel: PATHs and --add entries fail" 1
cmp -s "$work/order-err" "$tap_tmp/err" &&
	ok "smacknetlabel: PATHs and --add entries are read in the order given" ||
	not_ok "smacknetlabel: PATHs and --add entries are read in the order given"
run smacknetlabel --list --add '1.2.3.4 X'
expect "smacknetlabel: --list with --add exits 2" 2
run smacknetlabel -l -a
expect "smacknetlabel: -l -a taken for smackcipso's --all exits 2" 2

# Comments, in every file of the tree (smack(7)): '#' or ';' after any
# blanks, on a line of their own.
printf '# c
; c
  # c
	; c

 	
192.0.2.0/24 Lan
' > "$work/comments"
run smacknetlabel --check "$work/comments"
expect "smacknetlabel: '#', ';' and indented comments are skipped" 0

tap_done
