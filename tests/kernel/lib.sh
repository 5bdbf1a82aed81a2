# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for kernel test cases.  A case is a sh script in cases/ that
# sources this file and reports each check as one "ok - ..." or
# "not ok - ..." line.  It runs as root (label _) in a fresh tmpfs, $T,
# with the build tree's tools (or the installed ones) first on PATH.
# Exit 77 skips the case.
#
# Environment: T (tmpfs, the working directory), SMACKFS, SRCDIR, BUILDDIR,
# CASE (the case's name), INSTALLED (the root whose installed tools are
# first on PATH instead, or empty: see guest-init.sh), SLOWDOWN (how many
# times longer than usual a program of the build may take: 10 when they
# run under valgrind, else 1; a case that gives a program a time limit
# multiplies it by this), UNDER_VALGRIND (1 when they run under valgrind,
# else empty).

failures=0

pass() { echo "ok - $*"; }
fail() { echo "not ok - $*"; failures=$((failures + 1)); }
skip() { echo "ok - $1 # SKIP ${2:-}"; }

# check DESC CMD...: passes when CMD succeeds.
check() {
	_desc=$1; shift
	if "$@"; then pass "$_desc"; else fail "$_desc (exit $?: $*)"; fi
}

# check_fails DESC CMD...: passes when CMD fails.
check_fails() {
	_desc=$1; shift
	if "$@"; then fail "$_desc (unexpectedly succeeded: $*)"; else pass "$_desc"; fi
}

# check_eq DESC EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1"
		printf '# expected: %s\n#   actual: %s\n' "$2" "$3"
	fi
}

# has_rule SUBJECT OBJECT ACCESS: load2 holds exactly that rule.
has_rule() {
	grep -qxF "$1 $2 $3" "$SMACKFS/load2"
}

# confined LABEL CMD...: runs CMD as a process labeled LABEL without
# CAP_MAC_ADMIN and CAP_MAC_OVERRIDE (which would bypass Smack).  Uses only
# the kernel and capsh, not our tools, so it can check them.
confined() {
	_label=$1; shift
	sh -c 'printf %s "$1" > /proc/self/attr/current || exit 125
	       shift; exec capsh --drop=cap_mac_admin,cap_mac_override -- -c "exec \"\$@\"" sh "$@"' \
		sh "$_label" "$@"
}

# Call at the end: the exit status reflects the checks.
finish() {
	[ "$failures" -eq 0 ]
	exit $?
}
