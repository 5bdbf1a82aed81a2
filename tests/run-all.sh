#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Builds smack-utils from scratch and runs every test, in several builds:
#
#   default     -Werror build: unit tests, host tests, Smack kernel tests (UML)
#   valgrind    the unit tests of that build under valgrind memcheck
#   kvalgrind   every kernel case of that build with every program of the
#               build (tools, kt-* checks, probes) under valgrind memcheck
#               inside the UML guest, where ASan cannot run, however a case
#               reaches it (guest-init.sh wraps each by its own path); any
#               error or leak fails its case.  It runs in the background,
#               on the CPU the host-only stages after it leave free (UML
#               uses one)
#   asan        ASan+UBSan build: every test that runs on the host
#   static      --disable-shared with UBSan: every test, kernel tests
#               included (ASan's shadow memory does not fit in a UML
#               guest's address space, so UBSan is what runs in the guest)
#   small       the embedded profile (--enable-small: -Oz, link-time
#               optimisation) with every tool in the multi-call program
#               smack-utils (--enable-multicall): every test, through the
#               tools' links; then its install and uninstall
#   musl        musl-gcc build (no libcap; Check replaced by tests/unit/minicheck):
#               unit and host tests
#   clang       the -Werror build with clang (its warnings differ from
#               gcc's): unit tests
#   install     make install into a scratch prefix, then a program built
#               with pkg-config's flags links and runs against it; a
#               second install, under DESTDIR, puts nothing outside the
#               prefix
#   fuzz        a short run of every libFuzzer harness
#   deb         the Debian packages, built with dpkg-buildpackage from a
#               copy of the files git knows (DEB_BUILD_OPTIONS=nocheck: the
#               other stages test the build), lintian (an error or warning
#               fails), then unpacked into a scratch root whose tools,
#               library and init script run every kernel case in place of
#               the build's (KERNEL_INSTALLED)
#   distcheck   make distcheck (a tarball that builds and passes make check)
#
# Ends with "N passed, N failed, N skipped"; exits non-zero on any failure.
# STAGES="default asan" tests/run-all.sh runs a subset.  This is README's
# test command and what .ci/run runs.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
stages=${STAGES:-default valgrind kvalgrind asan musl clang install fuzz static small deb distcheck}

passed=0 failed=0 skipped=0
summary=""

stage_start=$(date +%s)
note() {
	summary="$summary$(printf '  %-10s %4ss  %s' "$1" \
		"$(($(date +%s) - stage_start))" "$2")
"
}

# Adds the counts of one Automake test-suite.log to the totals.
count_suite() {
	stage=$1 log=$2
	if [ ! -f "$log" ]; then
		failed=$((failed + 1))
		note "$stage" "no test-suite.log: the test run did not start"
		return
	fi
	eval "$(awk '
		/^# PASS:/  { p += $3 } /^# XFAIL:/ { p += $3 }
		/^# FAIL:/  { f += $3 } /^# XPASS:/ { f += $3 } /^# ERROR:/ { f += $3 }
		/^# SKIP:/  { s += $3 }
		END { printf "p=%d f=%d s=%d\n", p, f, s }' "$log")"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	note "$stage" "$p passed, $f failed, $s skipped"
	[ "$f" -eq 0 ] && return
	# Each failing test's log, for whoever reads the CI output.
	grep -E '^(FAIL|ERROR|XPASS):' "$log" | sed 's/^/    /'
	for t in $(find "$(dirname "$log")/tests" -name '*.log'); do
		grep -q -E '^(not ok|Bail out!)' "$t" || continue
		echo "--- $t"
		grep -E '^(not ok|Bail out!|#)' "$t" | head -n 60
	done
}

# One pass/fail for a whole step that is not a test suite; returns STATUS.
count_step() {
	stage=$1 status=$2 what=$3
	if [ "$status" -eq 0 ]; then
		passed=$((passed + 1))
		note "$stage" "ok: $what"
	else
		failed=$((failed + 1))
		note "$stage" "FAILED: $what"
	fi
	return "$status"
}

# configure_build DIR ARGS...: a fresh out-of-tree build; 1 on failure.
configure_build() {
	dir=$1; shift
	rm -rf "$dir" && mkdir -p "$dir" || return 1
	( cd "$dir" && "$top/configure" "$@" > configure.out 2>&1 ) || {
		tail -n 30 "$dir/configure.out"; return 1; }
	( cd "$dir" && make -j"$jobs" > make.out 2>&1 ) || {
		grep -E 'error|warning' "$dir/make.out" | head -n 40
		tail -n 20 "$dir/make.out"; return 1; }
}

# Test names of a build, filtered: "unit" (the Check programs), "host"
# (all but the kernel tier), "kernel".
tests_of() {
	all=$(make -s -C "$1" print-tests)
	for t in $all; do
		case $2:$t in
		kernel:tests/kernel/run-kernel.sh) echo "$t" ;;
		host:tests/kernel/run-kernel.sh|kernel:*) ;;
		host:*) echo "$t" ;;
		unit:tests/unit/*.sh) ;;
		unit:tests/unit/*) echo "$t" ;;
		unit:*) ;;
		esac
	done | tr '\n' ' '
}

# check_in STAGE DIR [make check arguments]
check_in() {
	stage=$1 dir=$2; shift 2
	echo "==> $stage: make check $*"
	rm -f "$dir/test-suite.log"
	( cd "$dir" && make -j"$jobs" check "$@" > check-$stage.out 2>&1 )
	grep -E '^# (TOTAL|PASS|FAIL|ERROR|SKIP):' "$dir/check-$stage.out" | tr '\n' ' '
	echo
	count_suite "$stage" "$dir/test-suite.log"
}

# The same in the background; finish_background counts it.  One at a time.
background_stage="" background_pid="" background_start=""
check_in_background() {
	stage=$1 dir=$2; shift 2
	echo "==> $stage (in the background): make check $*"
	rm -f "$dir/test-suite.log"
	( cd "$dir" && make -j1 check "$@" > check-$stage.out 2>&1 ) &
	background_pid=$! background_stage=$stage background_dir=$dir
	background_start=$(date +%s)
}

finish_background() {
	[ -n "$background_pid" ] || return 0
	echo "==> $background_stage: waiting for it to finish"
	wait "$background_pid"
	stage_start=$background_start
	grep -E '^# (TOTAL|PASS|FAIL|ERROR|SKIP):' \
		"$background_dir/check-$background_stage.out" | tr '\n' ' '
	echo
	count_suite "$background_stage" "$background_dir/test-suite.log"
	background_pid=""
}

# Installs into a scratch prefix and builds a client with pkg-config.
install_prefix=$top/build/prefix
check_install() {
	prefix=$install_prefix
	rm -rf "$prefix"
	configure_build "$top/build/install" --prefix="$prefix" || return 1
	( cd "$top/build/install" && make install > install.out 2>&1 ) || return 1
	[ -f "$prefix/lib/systemd/system/smack.service" ] ||
		{ echo "no systemd unit under $prefix"; return 1; }
	flags=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs libsmack) || return 1
	cat > "$top/build/install/client.c" <<'CLIENT'
#include <sys/smack.h>
int main(void) { return smack_label_length("Viewer") == 6 ? 0 : 1; }
CLIENT
	# shellcheck disable=SC2086
	cc -o "$top/build/install/client" "$top/build/install/client.c" $flags || return 1
	LD_LIBRARY_PATH=$prefix/lib "$top/build/install/client" || return 1
	nm -D --with-symbol-versions "$prefix/lib/libsmack.so.1" | grep -q 'smack_label_length@@LIBSMACK_1.1'
}

# The same install staged under DESTDIR: every file and directory it makes
# is in DESTDIR/PREFIX (or leads there).  Nothing it writes is outside the
# prefix of the user's choosing, not even the systemd units.
check_install_confined() {
	prefix=$install_prefix destdir=$top/build/install-destdir
	rm -rf "$destdir"
	( cd "$top/build/install" && make install DESTDIR="$destdir" \
		> install-destdir.out 2>&1 ) || return 1
	outside=$(find "$destdir" -mindepth 1 | while IFS= read -r f; do
		case $f/ in "$destdir$prefix"/*) continue ;; esac
		case $destdir$prefix/ in "$f"/*) continue ;; esac
		echo "$f"
	done)
	[ -z "$outside" ] && return 0
	echo "installed outside the prefix $prefix:"
	echo "$outside" | sed "s|^$destdir|    |" | head -n 10
	return 1
}

# The small build's install: smack-utils in bin, every tool a link to it
# in its own directory that runs the tool, and none left by uninstall.
check_multicall_install() {
	dir=$top/build/small prefix=$top/build/small-prefix
	rm -rf "$prefix"
	( cd "$dir" && make install > install.out 2>&1 ) || return 1
	tools=$(LD_LIBRARY_PATH=$prefix/lib "$prefix/bin/smack-utils" --list) || return 1
	[ -n "$tools" ] || return 1
	for tool in $tools; do
		link=$prefix/bin/$tool
		[ -L "$link" ] || link=$prefix/sbin/$tool
		[ -L "$link" ] || { echo "no link for $tool"; return 1; }
		LD_LIBRARY_PATH=$prefix/lib "$link" --version | head -n 1 |
			grep -q "^$tool (smack-utils) " ||
			{ echo "$link does not run $tool"; return 1; }
	done
	( cd "$dir" && make uninstall > uninstall.out 2>&1 ) || return 1
	left=$(find "$prefix" -type l -o -type f -name 'smack*' | head -n 5)
	[ -z "$left" ] || { echo "left after uninstall: $left"; return 1; }
}

# The Debian packages (debian/), built from a copy of the files git knows
# (tracked, and new ones it does not ignore) with none of the generated
# ones, as a package build starts.
deb_dir=$top/build/deb
build_debs() {
	git -C "$top" rev-parse --git-dir > /dev/null 2>&1 ||
		{ echo "$top is not a git checkout"; return 1; }
	rm -rf "$deb_dir" && mkdir -p "$deb_dir/src" || return 1
	( cd "$top" && git ls-files -z --cached --others --exclude-standard |
		tar --null -T - --ignore-failed-read -cf - ) |
		tar -xf - -C "$deb_dir/src" || return 1
	( cd "$deb_dir/src" && DEB_BUILD_OPTIONS="nocheck parallel=$jobs" \
		dpkg-buildpackage -us -uc -b > "$deb_dir/build.out" 2>&1 ) || {
		tail -n 30 "$deb_dir/build.out"; return 1; }
}

# lintian on the .changes and so on every package: an error or a warning
# fails (an override says why in its comment).
lintian_debs() {
	lintian --fail-on error,warning "$deb_dir"/*.changes \
		> "$deb_dir/lintian.out" 2>&1 && return 0
	grep -v 'running with root privileges' "$deb_dir/lintian.out" | head -n 40
	return 1
}

# Unpacks the packages into a scratch root, as dpkg would install them.
deb_root=$deb_dir/root
unpack_debs() {
	for deb in "$deb_dir"/*.deb; do
		case $deb in *-dbgsym_*) continue ;; esac
		dpkg-deb -x "$deb" "$deb_root" || return 1
	done
}

# What dpkg would run there: the maintainer scripts enable smack.service
# and the init script at boot, and never start, restart or stop them (that
# would load /etc/smack, or clear the kernel's rules, at install, upgrade
# or removal).  And the package's version is the tools' own.
check_deb_scripts() {
	ctl=$deb_dir/control
	dpkg-deb -e "$deb_dir"/smack-utils_*.deb "$ctl" || return 1
	if ! grep -q "deb-systemd-helper enable 'smack.service'" "$ctl/postinst" ||
		! grep -q 'update-rc.d smack defaults' "$ctl/postinst"; then
		echo "smack.service or the init script is not enabled"; return 1
	fi
	if grep -E 'deb-systemd-invoke|invoke-rc.d' "$ctl"/*inst "$ctl"/*rm; then
		echo "a maintainer script starts or stops the service"; return 1
	fi
	version=$(dpkg-deb -f "$deb_dir"/smack-utils_*.deb Version) || return 1
	lib=$(echo "$deb_root"/usr/lib/*/libsmack.so.1)
	LD_LIBRARY_PATH=${lib%/*} "$deb_root/usr/sbin/smackctl" --version |
		head -n 1 | grep -qx "smackctl (smack-utils) ${version%-*}" ||
		{ echo "debian/changelog's $version is not the tools' version"; return 1; }
}

check_debs() {
	build_debs
	count_step deb $? "dpkg-buildpackage -us -uc -b" || return
	lintian_debs
	count_step deb $? "lintian: no error or warning"
	unpack_debs
	count_step deb $? "unpack the packages into a scratch root" || return
	check_deb_scripts
	count_step deb $? "maintainer scripts enable the units and start nothing"
	# Every case, so that a new tool's cases run here too; the bad-input
	# matrix is the likeliest to catch what Debian's flags change
	# (_FORTIFY_SOURCE=2).  The build gives the test programs.
	[ -f "$top/build/test/Makefile" ] ||
		configure_build "$top/build/test" --enable-werror
	check_in deb "$top/build/test" TESTS=tests/kernel/run-kernel.sh \
		KERNEL_INSTALLED="$deb_root"
}

echo "==> bootstrap"
( cd "$top" && ./autogen.sh ) > /dev/null 2>&1 || {
	echo "autogen.sh failed"; echo "0 passed, 1 failed"; exit 1; }

for stage in $stages; do
	stage_start=$(date +%s)
	case $stage in
	default)
		echo "==> default: configure and build"
		if configure_build "$top/build/test" --enable-werror; then
			check_in default "$top/build/test"
		else
			count_step default 1 "configure and build"
		fi ;;
	valgrind)
		[ -f "$top/build/test/Makefile" ] || configure_build "$top/build/test" --enable-werror
		check_in valgrind "$top/build/test" \
			TESTS="$(tests_of "$top/build/test" unit)" \
			TESTS_WRAPPER="$top/tests/valgrind-wrap.sh" ;;
	kvalgrind)
		[ -f "$top/build/test/Makefile" ] || configure_build "$top/build/test" --enable-werror
		check_in_background kvalgrind "$top/build/test" \
			TESTS=tests/kernel/run-kernel.sh KERNEL_VALGRIND=1 \
			KERNEL_TIMEOUT=3000 ;;
	asan)
		echo "==> asan: configure and build"
		if configure_build "$top/build/asan" --enable-asan --enable-ubsan --enable-werror; then
			ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
			UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
			check_in asan "$top/build/asan" TESTS="$(tests_of "$top/build/asan" host)"
		else
			count_step asan 1 "configure and build"
		fi ;;
	static)
		# Its kernel tier and the background one would share a CPU.
		finish_background
		stage_start=$(date +%s)
		echo "==> static: configure and build (--disable-shared --enable-ubsan)"
		if configure_build "$top/build/static" --disable-shared --enable-ubsan \
				--enable-werror; then
			UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
			check_in static "$top/build/static"
		else
			count_step static 1 "configure and build"
		fi ;;
	small)
		# The embedded profile: size flags and link-time optimisation,
		# every tool in the multi-call program, run through its links.
		finish_background	# its kernel tier needs the other CPU
		stage_start=$(date +%s)
		echo "==> small: configure and build (--enable-small --enable-multicall)"
		if configure_build "$top/build/small" --enable-small --enable-multicall \
				--enable-werror --prefix="$top/build/small-prefix"; then
			check_in small "$top/build/small"
			check_multicall_install
			count_step small $? "install smack-utils with a link for each tool, uninstall"
		else
			count_step small 1 "configure and build"
		fi ;;
	musl)
		echo "==> musl: build with musl-gcc, unit and host tests"
		if ! command -v musl-gcc > /dev/null; then
			count_step musl 1 "musl-gcc not installed (apt-get install musl-tools)"
		elif configure_build "$top/build/musl" CC=musl-gcc --without-libcap \
				--with-minicheck --disable-shared --enable-werror; then
			check_in musl "$top/build/musl" TESTS="$(tests_of "$top/build/musl" host)"
		else
			count_step musl 1 "configure and build with musl-gcc"
		fi ;;
	clang)
		echo "==> clang: -Werror build with clang, unit tests"
		if ! command -v clang > /dev/null; then
			count_step clang 1 "clang not installed (apt-get install clang)"
		elif configure_build "$top/build/clang" CC=clang --enable-werror; then
			check_in clang "$top/build/clang" TESTS="$(tests_of "$top/build/clang" unit)"
		else
			count_step clang 1 "configure and build with clang"
		fi ;;
	fuzz)
		echo "==> fuzz: a short run of each harness"
		if [ -x "$top/fuzz/run.sh" ]; then
			mkdir -p "$top/build"
			"$top/fuzz/run.sh" > "$top/build/fuzz.out" 2>&1
			status=$?
			tail -n 20 "$top/build/fuzz.out"
			count_step fuzz $status "every fuzz harness, short run"
		else
			count_step fuzz 1 "fuzz/run.sh is missing"
		fi ;;
	install)
		echo "==> install: pkg-config from the install prefix"
		check_install
		count_step install $? "install, pkg-config --cflags --libs libsmack, link and run"
		check_install_confined
		count_step install $? "an install writes nothing outside its prefix" ;;
	deb)
		finish_background	# its kernel cases need the other CPU, and build/test
		stage_start=$(date +%s)
		echo "==> deb: dpkg-buildpackage, lintian, kernel cases on the installed tools"
		check_debs ;;
	distcheck)
		finish_background	# it uses build/test too
		stage_start=$(date +%s)
		[ -f "$top/build/test/Makefile" ] || configure_build "$top/build/test" --enable-werror
		echo "==> distcheck"
		# The full kernel tier ran in the other stages; the tarball runs a few.
		( cd "$top/build/test" && KERNEL_CASES="harness-* lib-*" \
			make -j"$jobs" distcheck > distcheck.out 2>&1 )
		status=$?
		[ $status -eq 0 ] || tail -n 40 "$top/build/test/distcheck.out"
		count_step distcheck $status "make distcheck" ;;
	*)
		count_step "$stage" 1 "unknown stage" ;;
	esac
done
finish_background

echo
echo "Summary by stage:"
printf '%s' "$summary"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
