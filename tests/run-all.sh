#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Builds smack-utils from scratch and runs every test, in several builds:
#
#   default     -Werror build with UBSan (build/test): its host tests,
#               unless distcheck runs them (on the same -Werror
#               configuration, without UBSan, which asan adds)
#   valgrind    the unit tests of that build under valgrind memcheck
#   deb         the Debian packages, built with dpkg-buildpackage from a
#               copy of the files git knows (DEB_BUILD_OPTIONS=nocheck: the
#               other stages test the build), lintian (an error or warning
#               fails), then unpacked (with their debugging symbols) into
#               a scratch root for kvalgrind
#   kvalgrind   every kernel case (Smack in a UML kernel) on the tools,
#               library and init script of the Debian packages in place of
#               the build's (KERNEL_INSTALLED; the build's own when the deb
#               stage does not run), with the test programs of build/test
#               (kt-* checks, probes: UBSan in each); and those programs
#               but the kt-* suites under valgrind memcheck inside the
#               guest too, however a case reaches them (guest-init.sh
#               wraps each by its own path; ASan's shadow memory does not
#               fit in a UML guest's address space): in each case, each
#               program's first run.  Any error or leak fails its case, and so does any
#               check, as in a run without valgrind
#   asan        ASan+UBSan build: every test that runs on the host (but
#               those of the manual's lints and the bash completion, whose
#               answers do not depend on the build: distcheck runs them)
#   small       the embedded profile (--enable-small: -Oz, link-time
#               optimisation) with every tool in the multi-call program
#               smack-utils (--enable-multicall), run through the tools'
#               links: the kernel tier (but the bad-input matrix and the
#               rollback under injected faults), the unit tests and the
#               host tests of the multi-call program (the other host tests
#               run in asan, musl and distcheck); then its install and
#               uninstall
#   musl        musl-gcc build, static (--disable-shared; no libcap; Check
#               replaced by tests/unit/minicheck): unit and host tests (as
#               asan), and the kernel cases of the library's kt-* programs
#               and the 1.3 client (static programs in the guest)
#   clang       the -Werror build with clang (its warnings differ from
#               gcc's): unit tests; then its make install into a scratch
#               prefix, where a program built with pkg-config's flags
#               links and runs, and a second install, under DESTDIR, that
#               puts nothing outside the prefix
#   fuzz        a short run of every libFuzzer harness
#   distcheck   make distcheck (a tarball that builds and passes make check)
#
# The stages are jobs taken from one queue by as many workers as the
# machine has CPUs, in the order queue_jobs gives, each job on one CPU (make -j1; a UML
# guest uses one): on two CPUs the whole run takes half its CPU time.  The
# kernel tier of kvalgrind, the longest job, is cut into pieces of whole
# cases (several guests of one build at once: `make kernel-tap` keeps each
# run's TAP and files apart); its pieces wait for the deb job, which comes
# first in the queue.  Each job's output is printed when it ends;
# build/ci/ keeps it.
#
# A full tier of kernel cases costs more than any other job (every program
# a case starts is dear in UML), so each kind of build runs it once:
# kvalgrind on the packaged tools, small on the multi-call program.
#
# Ends with "N passed, N failed, N skipped"; exits non-zero on any failure.
# STAGES="default asan" tests/run-all.sh runs a subset.  This is README's
# test command and what .ci/run runs.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cpus=$(nproc 2>/dev/null || echo 2)
workers=${CI_WORKERS:-$cpus}
stages=${STAGES:-default valgrind kvalgrind asan musl clang fuzz small deb distcheck}
# Pieces of kvalgrind's tier: enough for the workers to finish together.
kvalgrind_pieces=${KVALGRIND_PIECES:-3}
ci=$top/build/ci
jobs=1

# Each stage's results are lines of $ci/STAGE.res, "PASSED FAILED SKIPPED
# TEXT", added up at the end: the jobs run in processes of their own.
stage=none stage_start=$(date +%s)
record() {
	printf '%s %s %s %s\n' "$1" "$2" "$3" "$(printf '%-10s %4ss  %s' \
		"$stage" "$(($(date +%s) - stage_start))" "$4")" >> "$ci/$stage.res"
}

# Adds the counts of one Automake test-suite.log.
count_suite() {
	log=$1
	if [ ! -f "$log" ]; then
		record 0 1 0 "no test-suite.log: the test run did not start"
		return
	fi
	eval "$(awk '
		/^# PASS:/  { p += $3 } /^# XFAIL:/ { p += $3 }
		/^# FAIL:/  { f += $3 } /^# XPASS:/ { f += $3 } /^# ERROR:/ { f += $3 }
		/^# SKIP:/  { s += $3 }
		END { printf "p=%d f=%d s=%d\n", p, f, s }' "$log")"
	record "$p" "$f" "$s" "$p passed, $f failed, $s skipped"
	[ "$f" -eq 0 ] && return
	# Each failing test's log, for whoever reads the CI output.
	grep -E '^(FAIL|ERROR|XPASS):' "$log" | sed 's/^/    /'
	for t in $(find "$(dirname "$log")/tests" -name '*.log'); do
		grep -q -E '^(not ok|Bail out!)' "$t" || continue
		echo "--- $t"
		grep -E '^(not ok|Bail out!|#)' "$t" | head -n 60
	done
}

# Adds the counts of the TAP of one kernel run (make kernel-tap); WHAT
# says which run it was.
count_tap() {
	tap=$1 what=$2
	eval "$(awk '
		/^ok/ { if ($0 ~ /# [Ss][Kk][Ii][Pp]/) s++; else p++ }
		/^not ok/ { if ($0 ~ /# TODO/) p++; else f++ }
		/^Bail out!/ { f++ }
		END { printf "p=%d f=%d s=%d\n", p, f, s }' "$tap")"
	[ $((p + f + s)) -gt 0 ] || f=1
	record "$p" "$f" "$s" "$p passed, $f failed, $s skipped: $what"
	[ "$f" -eq 0 ] && return
	echo "--- $tap"
	grep -E '^(not ok|Bail out!|#)' "$tap" | head -n 80
}

# One pass/fail for a whole step that is not a test suite; returns STATUS.
count_step() {
	status=$1 what=$2
	if [ "$status" -eq 0 ]; then
		record 1 0 0 "ok: $what"
	else
		record 0 1 0 "FAILED: $what"
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
# (all but the kernel tier), "built" (the host tests but those that
# another build's run would answer the same: the lints of the manual read
# only the sources, and the test of the bash completion runs nothing of
# the build but each tool's --help and --list, which the tools' own tests
# run in every build), "kernel".
tests_of() {
	all=$(make -s -C "$1" print-tests)
	for t in $all; do
		case $2:$t in
		kernel:tests/kernel/run-kernel.sh) echo "$t" ;;
		host:tests/kernel/run-kernel.sh|kernel:*) ;;
		built:tests/kernel/run-kernel.sh) ;;
		built:tests/checks/man-lint.sh|built:tests/checks/man3-coverage.sh) ;;
		built:tests/completion/completion.sh) ;;
		host:*|built:*) echo "$t" ;;
		unit:tests/unit/*.sh) ;;
		unit:tests/unit/*) echo "$t" ;;
		unit:*) ;;
		esac
	done | tr '\n' ' '
}

# check_in DIR [make check arguments]
check_in() {
	dir=$1; shift
	echo "==> $stage: make check $*"
	rm -f "$dir/test-suite.log"
	( cd "$dir" && make -j"$jobs" check "$@" > check-$stage.out 2>&1 )
	grep -E '^# (TOTAL|PASS|FAIL|ERROR|SKIP):' "$dir/check-$stage.out" | tr '\n' ' '
	echo
	count_suite "$dir/test-suite.log"
}

# kernel_tap NAME [VAR=VALUE...]: one kernel run of build/test (make
# kernel-tap), with the environment given; its TAP is $ci/NAME.tap.
kernel_tap() {
	name=$1; shift
	echo "==> $stage: kernel cases $*"
	env "$@" make -s -C "$top/build/test" kernel-tap > "$ci/$name.tap" 2>&1
	count_tap "$ci/$name.tap" "$name"
}

# The names of the kernel cases, dealt in turn into PIECES lists; prints
# list N (from 1).
kernel_cases_piece() {
	n=$1 pieces=$2
	for f in "$top"/tests/kernel/cases/*.sh; do
		f=${f##*/}
		echo "${f%.sh}"
	done | awk -v n="$n" -v m="$pieces" '(NR - 1) % m == n - 1' | tr '\n' ' '
}

# check_install DIR: installs the build in DIR (configured with
# --prefix=$install_prefix) and builds a client with pkg-config.
install_prefix=$top/build/prefix
check_install() {
	dir=$1 prefix=$install_prefix
	rm -rf "$prefix"
	( cd "$dir" && make install > install.out 2>&1 ) || return 1
	[ -f "$prefix/lib/systemd/system/smack.service" ] ||
		{ echo "no systemd unit under $prefix"; return 1; }
	flags=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs libsmack) || return 1
	cat > "$dir/client.c" <<'CLIENT'
#include <sys/smack.h>
int main(void) { return smack_label_length("Viewer") == 6 ? 0 : 1; }
CLIENT
	# shellcheck disable=SC2086
	cc -o "$dir/client" "$dir/client.c" $flags || return 1
	LD_LIBRARY_PATH=$prefix/lib "$dir/client" || return 1
	nm -D --with-symbol-versions "$prefix/lib/libsmack.so.1" | grep -q 'smack_label_length@@LIBSMACK_1.1'
}

# check_install_confined DIR: the same install staged under DESTDIR:
# every file and directory it makes is in DESTDIR/PREFIX (or leads there).
# Nothing it writes is outside the prefix of the user's choosing, not even
# the systemd units.
check_install_confined() {
	dir=$1 prefix=$install_prefix destdir=$top/build/install-destdir
	rm -rf "$destdir"
	( cd "$dir" && make install DESTDIR="$destdir" \
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

# Unpacks the packages into a scratch root, as dpkg would install them,
# with the debugging symbols (usr/lib/debug) that name the frames of
# valgrind's reports.
deb_root=$deb_dir/root
unpack_debs() {
	for deb in "$deb_dir"/*.deb; do
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

# kvalgrind runs the kernel cases on the unpacked tools: $ci/deb.ready
# says they are there, $ci/deb.failed that they will not be.
check_debs() {
	build_debs
	count_step $? "dpkg-buildpackage -us -uc -b" || return
	lintian_debs
	count_step $? "lintian: no error or warning"
	unpack_debs
	count_step $? "unpack the packages into a scratch root" || return
	: > "$ci/deb.ready"
	check_deb_scripts
	count_step $? "maintainer scripts enable the units and start nothing"
}

# wait_for_debs: returns once the deb job has unpacked the packages, or
# fails (and says so) when it could not.
wait_for_debs() {
	while [ ! -f "$ci/deb.ready" ] && [ ! -f "$ci/deb.failed" ]; do
		sleep 2
	done
	[ -f "$ci/deb.ready" ] && return 0
	count_step 1 "the packages were not unpacked: no tools to test"
}

# ------------------------------------------------------------ the stages
# Each is run_STAGE, run by a worker with $stage set.

# The -Werror UBSan build that default, valgrind and kvalgrind share,
# with its test programs, built once before the workers start.
prepare_test_build() {
	configure_build "$top/build/test" --enable-werror --enable-ubsan &&
		( cd "$top/build/test" && make -j"$cpus" check TESTS= \
			tests/kernel/uml-xstate.so tests/kernel/fault-inject.so \
			> make-check-programs.out 2>&1 ) ||
		{ tail -n 20 "$top/build/test/make-check-programs.out"; return 1; }
}

test_build_ready() {
	[ -f "$top/build/test/test-build-ready" ] && return 0
	count_step 1 "configure and build (build/test)"
	return 1
}

# Both use make check in build/test, whose logs they would share: one job.
run_default() {
	test_build_ready || return
	if wanted distcheck; then
		record 0 0 1 "host tests: distcheck runs them"
	else
		check_in "$top/build/test" TESTS="$(tests_of "$top/build/test" host)"
	fi
	wanted valgrind && { stage=valgrind; run_valgrind; }
}

run_valgrind() {
	stage_start=$(date +%s)
	test_build_ready || return
	check_in "$top/build/test" \
		TESTS="$(tests_of "$top/build/test" unit)" \
		TESTS_WRAPPER="$top/tests/valgrind-wrap.sh"
}

# run_kvalgrind N: piece N of the tier, on the packaged tools when the
# deb stage runs.  The bad-input matrix is the case likeliest to catch
# what Debian's flags change (_FORTIFY_SOURCE=2).
run_kvalgrind() {
	test_build_ready || return
	installed=
	if wanted deb; then
		wait_for_debs || return
		installed=$deb_root
	fi
	kernel_tap "kvalgrind-$1" KERNEL_VALGRIND=1 KERNEL_TIMEOUT=3000 \
		KERNEL_INSTALLED="$installed" \
		KERNEL_CASES="$(kernel_cases_piece "$1" "$kvalgrind_pieces")"
}

run_asan() {
	echo "==> asan: configure and build"
	configure_build "$top/build/asan" --enable-asan --enable-ubsan \
		--enable-werror || { count_step 1 "configure and build"; return; }
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	check_in "$top/build/asan" TESTS="$(tests_of "$top/build/asan" built)"
}

# The embedded profile: size flags and link-time optimisation, every tool
# in the multi-call program, run through its links.  The host tests that
# test the multi-call program itself, or run it through every link:
small_host_tests="tests/multicall/cli.sh tests/completion/completion.sh \
tests/checks/stdout-errors.sh"
# Its kernel cases: every one but the two longest (a quarter of the tier's
# time), the bad-input matrix and the rollback under injected faults,
# which kvalgrind runs on the packaged tools.
run_small() {
	echo "==> small: configure and build (--enable-small --enable-multicall)"
	configure_build "$top/build/small" --enable-small --enable-multicall \
		--enable-werror --prefix="$top/build/small-prefix" ||
		{ count_step 1 "configure and build"; return; }
	cases=$(kernel_cases_piece 1 1 | tr ' ' '\n' |
		grep -vx -e matrix-bad-input -e smackctl-rollback | tr '\n' ' ')
	KERNEL_CASES="$cases" \
	check_in "$top/build/small" TESTS="$(tests_of "$top/build/small" unit) \
$(tests_of "$top/build/small" kernel) $small_host_tests"
	check_multicall_install
	count_step $? "install smack-utils with a link for each tool, uninstall"
}

# Static programs: the kernel cases of the library's kt-* programs and
# the 1.3 client run too (the tools' cases run in kvalgrind and small).
run_musl() {
	echo "==> musl: static build with musl-gcc, unit, host and library kernel tests"
	command -v musl-gcc > /dev/null || {
		count_step 1 "musl-gcc not installed (apt-get install musl-tools)"
		return; }
	configure_build "$top/build/musl" CC=musl-gcc --without-libcap \
		--with-minicheck --disable-shared --enable-werror ||
		{ count_step 1 "configure and build with musl-gcc"; return; }
	KERNEL_CASES="harness-* lib-* compat-13" \
	check_in "$top/build/musl" TESTS="$(tests_of "$top/build/musl" built) \
$(tests_of "$top/build/musl" kernel)"
}

run_clang() {
	echo "==> clang: -Werror build with clang, unit tests, install"
	command -v clang > /dev/null || {
		count_step 1 "clang not installed (apt-get install clang)"; return; }
	configure_build "$top/build/clang" CC=clang --enable-werror \
		--prefix="$install_prefix" ||
		{ count_step 1 "configure and build with clang"; return; }
	check_in "$top/build/clang" TESTS="$(tests_of "$top/build/clang" unit)"
	check_install "$top/build/clang"
	count_step $? "install, pkg-config --cflags --libs libsmack, link and run"
	check_install_confined "$top/build/clang"
	count_step $? "an install writes nothing outside its prefix"
}

run_fuzz() {
	echo "==> fuzz: a short run of each harness"
	[ -x "$top/fuzz/run.sh" ] || { count_step 1 "fuzz/run.sh is missing"; return; }
	FUZZ_TIME=${FUZZ_TIME:-3} FUZZ_BUILDDIR=$top/build/fuzz \
		"$top/fuzz/run.sh" > "$ci/fuzz.log" 2>&1
	status=$?
	tail -n 20 "$ci/fuzz.log"
	count_step $status "every fuzz harness, short run"
}

run_deb() {
	echo "==> deb: dpkg-buildpackage, lintian, unpack for kvalgrind"
	check_debs
	[ -f "$ci/deb.ready" ] || : > "$ci/deb.failed"
}

# In a build of its own: make dist would write into build/test while
# other jobs run there.
run_distcheck() {
	echo "==> distcheck"
	dir=$top/build/dist
	rm -rf "$dir" && mkdir -p "$dir" &&
		( cd "$dir" && "$top/configure" > configure.out 2>&1 ) ||
		{ count_step 1 "configure for make distcheck"; return; }
	# The full kernel tier runs in the other stages; the tarball shows
	# that the harness boots from it.
	( cd "$dir" && KERNEL_CASES="harness-*" \
		make -j"$jobs" distcheck > distcheck.out 2>&1 )
	status=$?
	[ $status -eq 0 ] || tail -n 40 "$dir/distcheck.out"
	count_step $status "make distcheck"
}

# ------------------------------------------------------------ the queue
wanted() {
	case " $stages " in *" $1 "*) return 0 ;; esac
	return 1
}

# The jobs of the chosen stages, one a line: "STAGE [ARG]".  deb first,
# since kvalgrind's pieces wait for it, then small, the longest; then the
# other jobs, longest first, with a piece of kvalgrind after each: a UML
# guest runs 1.75 times slower beside another guest, 1.37 times beside a
# compiler.  valgrind goes with default when both run.
queue_jobs() {
	wanted deb && echo deb
	wanted small && echo small
	others=
	for s in asan distcheck musl clang default valgrind fuzz; do
		wanted "$s" || continue
		[ "$s" = valgrind ] && wanted default && continue
		others="$others $s"
	done
	piece=1
	wanted kvalgrind || piece=$((kvalgrind_pieces + 1))
	for s in $others; do
		echo "$s"
		[ "$piece" -le "$kvalgrind_pieces" ] || continue
		echo "kvalgrind $piece"
		piece=$((piece + 1))
	done
	while [ "$piece" -le "$kvalgrind_pieces" ]; do
		echo "kvalgrind $piece"
		piece=$((piece + 1))
	done
	for s in $stages; do
		case " kvalgrind small deb default valgrind asan fuzz musl distcheck clang " in
		*" $s "*) ;;
		*) echo "$s" ;;		# unknown: its job says so
		esac
	done
}

# Takes the next job off the queue (mkdir is the lock); fails when none.
next_job() {
	while ! mkdir "$ci/lock" 2> /dev/null; do sleep 0.2; done
	job=$(head -n 1 "$ci/queue")
	sed -i 1d "$ci/queue"
	rmdir "$ci/lock"
	[ -n "$job" ]
}

run_job() {
	stage=${1%% *} stage_start=$(date +%s)
	case $stage in
	kvalgrind) run_kvalgrind "${1#* }" ;;
	default|valgrind|asan|small|musl|clang|fuzz|deb|distcheck)
		"run_$stage" ;;
	*) count_step 1 "unknown stage" ;;
	esac
}

worker() {
	while next_job; do
		out=$ci/$(echo "$job" | tr ' ' '-').out
		run_job "$job" > "$out" 2>&1
		cat "$out"
	done
}

# ------------------------------------------------------------ the run
rm -rf "$ci" && mkdir -p "$ci" || { echo "cannot create $ci"; exit 1; }
echo "==> bootstrap"
( cd "$top" && ./autogen.sh ) > /dev/null 2>&1 || {
	echo "autogen.sh failed"; echo "0 passed, 1 failed"; exit 1; }

if wanted default || wanted valgrind || wanted kvalgrind; then
	echo "==> configure and build build/test (with its test programs)"
	stage=default
	prepare_test_build && : > "$top/build/test/test-build-ready"
fi

queue_jobs > "$ci/queue"
echo "==> $(wc -l < "$ci/queue") jobs, $workers at a time"
w=1
while [ "$w" -lt "$workers" ]; do
	worker &
	w=$((w + 1))
done
worker
wait

echo
echo "Summary by stage:"
passed=0 failed=0 skipped=0
for s in $stages; do
	found=
	for res in "$ci/$s.res"; do
		[ -f "$res" ] || continue
		found=1
		while read -r p f k text; do
			passed=$((passed + p)) failed=$((failed + f))
			skipped=$((skipped + k))
			printf '  %s\n' "$text"
		done < "$res"
	done
	if [ -z "$found" ]; then
		failed=$((failed + 1))
		printf '  %-10s        FAILED: the stage did not run\n' "$s"
	fi
done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
