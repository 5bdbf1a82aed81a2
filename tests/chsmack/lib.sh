# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for the chsmack shell tests: each script sources this file,
# makes files in its own scratch directory $S (the current directory), runs
# chsmack through the helpers below and prints TAP (tests/tap.sh).
#
# They run as root on the host, where tmpfs and ext4 keep security.SMACK64*
# xattrs even without Smack, and on a host with Smack, where the kernel
# checks every value.  Every file is made with mk/mkd, which strip the label
# a Smack kernel stores at creation, so that both start from files without
# attributes.
#
# Environment: abs_top_builddir (set by make check), or CHSMACK (the tool).
. "${abs_top_srcdir:-$(dirname "$0")/../..}/tests/tap.sh"
CHSMACK=${CHSMACK:-${abs_top_builddir:?abs_top_builddir not set}/utils/chsmack}

# --- the scratch directory and the checks that the host can run us

[ "$(id -u)" = 0 ] || skip_all "needs root (security.* xattrs)"
for _tool in getfattr setfattr; do
	command -v "$_tool" > /dev/null ||
		skip_all "$_tool is missing (Debian: apt-get install attr)"
done
[ -x "$CHSMACK" ] || skip_all "no chsmack at $CHSMACK"

S=$tap_tmp
cd "$S" || exit 1

: > probe
setfattr -n security.SMACK64 -v Probe probe 2> /dev/null ||
	skip_all "$(df -P . | awk 'NR == 2 { print $1 }') refuses security.SMACK64 xattrs"
rm -f probe

# True on a Smack kernel, where the kernel checks every value.
smack_active() {
	grep -qw smack /sys/kernel/security/lsm 2> /dev/null
}

ATTRS="SMACK64 SMACK64EXEC SMACK64MMAP SMACK64TRANSMUTE"

# strip PATH...: removes the Smack attributes, whatever the kernel did.
strip() {
	for _p in "$@"; do
		for _a in $ATTRS; do
			setfattr -h -x "security.$_a" "$_p" 2> /dev/null
		done
	done
	return 0
}

# mk PATH...: empty regular files without attributes.
mk() {
	for _p in "$@"; do
		: > "$_p" || return 1
	done
	strip "$@"
}

# mkd PATH...: directories without attributes.
mkd() {
	mkdir -p "$@" && strip "$@"
}

# mkl TARGET PATH: a symbolic link without attributes.
mkl() {
	ln -s "$1" "$2" && strip "$2"
}

# attrs PATH: the Smack attributes stored on PATH itself, as getfattr
# lists them, one "NAME=VALUE" a line in a fixed order (nothing when there
# is none).  A listing, not a read of each: on a Smack kernel a read of
# SMACK64 gives a file without one its filesystem's default label.
attrs() {
	getfattr -h --absolute-names -d -e text -m '^security\.SMACK64' \
		"$1" > "$S/.attrs" 2> /dev/null
	for _a in $ATTRS; do
		sed -n "s/^security\.$_a=\"\(.*\)\"\$/$_a=\1/p" "$S/.attrs"
	done
}

# attrs_flat PATH: attrs on one line, separated by spaces.
attrs_flat() {
	attrs "$1" | tr '\n' ' ' | sed 's/ $//'
}

# run CMD...: runs CMD; $rc, and the files out and err, hold what it did.
run() {
	"$@" > "$S/.out" 2> "$S/.err"
	rc=$?
}

out() { cat "$S/.out"; }
err() { cat "$S/.err"; }

# chs ARGS...: run "$CHSMACK" ARGS...
chs() {
	run "$CHSMACK" "$@"
}

# expect_rc DESC RC: the last run exited with RC.
expect_rc() {
	if [ "$rc" = "$2" ]; then
		ok "$1"
	else
		not_ok "$1 (exit $rc, expected $2)"
		diag "stdout:" "$(out)" "stderr:" "$(err)"
	fi
}

# expect_out DESC TEXT: the last run's stdout is exactly TEXT (plus a
# final newline when TEXT is not empty).
expect_out() {
	if [ "$(out)" = "$2" ] && { [ -n "$2" ] || [ ! -s "$S/.out" ]; }; then
		ok "$1"
	else
		not_ok "$1"
		diag "expected:" "$2" "actual:" "$(out)"
	fi
}

# expect_sorted DESC TEXT: the same, with the lines of stdout sorted (the
# walk goes in the order a directory gives).
expect_sorted() {
	_sorted=$(sort "$S/.out")
	if [ "$_sorted" = "$2" ]; then
		ok "$1"
	else
		not_ok "$1"
		diag "expected:" "$2" "actual (sorted):" "$_sorted"
	fi
}

# expect_err DESC REGEX: stderr matches REGEX (grep -E).
expect_err() {
	if grep -Eq -- "$2" "$S/.err"; then
		ok "$1"
	else
		not_ok "$1"
		diag "expected stderr to match: $2" "stderr:" "$(err)"
	fi
}

# expect_quiet DESC: nothing on stderr.
expect_quiet() {
	if [ -s "$S/.err" ]; then
		not_ok "$1"
		diag "stderr:" "$(err)"
	else
		ok "$1"
	fi
}

# expect_attrs DESC PATH "NAME=VALUE ...": PATH has exactly these.
expect_attrs() {
	_have=$(attrs_flat "$2")
	if [ "$_have" = "$3" ]; then
		ok "$1"
	else
		not_ok "$1"
		diag "$2: expected: '$3'" "$2:   actual: '$_have'"
	fi
}

# long_label N: a valid label of N characters.
long_label() {
	printf "%${1}s" "" | tr ' ' 'L'
}
