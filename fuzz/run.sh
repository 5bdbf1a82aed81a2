#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Builds the libFuzzer harnesses of fuzz/ with clang (ASan, UBSan and
# libFuzzer), compiling the library's sources directly, and runs each one
# for a while from its seed corpus.  Prints a table of executions per
# harness; exits non-zero when a harness cannot be built, or reports a
# crash, a leak, a sanitizer error, a timeout or a broken invariant.
#
# usage: fuzz/run.sh [-t SECONDS | -r RUNS] [-j JOBS] [-o DIR] [-l] [HARNESS...]
#
#   -t SECONDS  how long each harness runs (default $FUZZ_TIME, or 10)
#   -r RUNS     run each harness for this many executions instead
#   -j JOBS     fuzz in JOBS processes at once (libFuzzer's -fork), for
#               long runs on a machine with CPUs to spare; RUNS and
#               SECONDS count for all of them together
#   -o DIR      where to build and keep the growing corpora (default
#               $FUZZ_BUILDDIR, or build/fuzz in the source tree)
#   -l          list the harnesses and exit
#   HARNESS     names of harnesses to run (default: all), e.g. rules cipso
#
# Environment: CC (default clang), FUZZ_LIB_SOURCES (the library's .c
# files relative to the source tree; default: read from libsmack/*.am),
# FUZZ_TIMEOUT (seconds one input may take before it counts as a hang,
# default 10).  libFuzzer counts wall-clock time, so a long run kept niced
# beside other work, which can starve it for seconds, wants a larger one.
# FUZZ_CFLAGS: more compiler flags for the library and the harnesses, e.g.
# -fno-sanitize-coverage=trace-cmp, which leaves out the comparison hooks
# that guide mutations: the sanitizers still check every execution, at
# twice the speed, for long runs of a harness whose inputs are slow.
#
# A harness is fuzz/fuzz_NAME.c.  Lines in its comment can say
#   fuzz-sources: FILE...   more sources it needs (relative to the tree);
#                           when one is missing the harness is skipped
#   fuzz-max-len: BYTES     the longest input to try (default 4096)
#   fuzz-asan-options: OPTS ASAN_OPTIONS besides detect_leaks=1 (when the
#                           environment sets none)
# Seeds are in fuzz/corpus/NAME/, a dictionary in fuzz/dict/NAME.dict.
# Crashing inputs are saved to DIR/artifacts/; replay one with
#   DIR/bin/fuzz_NAME DIR/artifacts/NAME-crash-...
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
seconds=${FUZZ_TIME:-10}
timeout=${FUZZ_TIMEOUT:-10}
runs=
jobs=
out=${FUZZ_BUILDDIR:-$top/build/fuzz}
cc=${CC:-clang}
list_only=no

usage() {
	sed -n 's/^# \{0,1\}//; /^usage:/,/^$/p' "$0" >&2
	exit 2
}

while getopts t:r:j:o:lh opt; do
	case $opt in
	t) seconds=$OPTARG ;;
	r) runs=$OPTARG ;;
	j) jobs=$OPTARG ;;
	o) out=$OPTARG ;;
	l) list_only=yes ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))

all_harnesses() {
	for f in "$top"/fuzz/fuzz_*.c; do
		[ -f "$f" ] || continue
		f=${f##*/fuzz_}
		echo "${f%.c}"
	done
}

if [ "$list_only" = yes ]; then
	all_harnesses
	exit 0
fi
harnesses=${*:-$(all_harnesses)}
[ -n "$harnesses" ] || { echo "fuzz: no harnesses in $top/fuzz" >&2; exit 1; }

mkdir -p "$out/obj" "$out/bin" "$out/logs" "$out/artifacts" "$out/corpus" ||
	exit 1
# An absolute path, so that it still holds after a cd.
out=$(cd "$out" && pwd)

# --- the compiler
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all"
cflags="-g -O1 -fno-omit-frame-pointer $sanitize -Wall -Wextra -Wno-unused-parameter ${FUZZ_CFLAGS:-}"
cat > "$out/probe.c" <<'EOF'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return 0; }
EOF
if ! "$cc" -fsanitize=fuzzer $sanitize -o "$out/probe" "$out/probe.c" \
	> "$out/probe.log" 2>&1; then
	echo "fuzz: $cc cannot build libFuzzer programs (Debian: apt-get install clang libclang-rt-14-dev):" >&2
	sed 's/^/  /' "$out/probe.log" >&2
	exit 1
fi

# --- the library, compiled once for all harnesses
# Only what a configure run would define and the library needs.
cat > "$out/config.h.new" <<'EOF'
/* Written by fuzz/run.sh for the fuzzing build. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#define PACKAGE "smack-utils"
#define PACKAGE_NAME "smack-utils"
#define PACKAGE_VERSION "fuzz"
#define VERSION "fuzz"
#define HAVE_SYS_XATTR_H 1
EOF
cmp -s "$out/config.h.new" "$out/config.h" ||
	mv "$out/config.h.new" "$out/config.h"
rm -f "$out/config.h.new"

# The library's sources as the build lists them (libsmack-internal.la).
lib_sources() {
	if [ -n "${FUZZ_LIB_SOURCES:-}" ]; then
		echo "$FUZZ_LIB_SOURCES"
		return
	fi
	cat "$top"/libsmack/*.am | awk '
		/^libsmack_libsmack_internal_la_SOURCES[[:space:]]*\+?=/ { on = 1 }
		on {
			for (i = 1; i <= NF; i++)
				if ($i ~ /\.c$/) print $i
			if ($NF != "\\") on = 0
		}'
}

cppflags="-include $out/config.h -I$top/libsmack -I$top/common -I$top/shared -I$top/utils -I$top/fuzz -DSYSCONFDIR=\"/etc\""
objects=
build_failed=no
# A source is compiled again when it, a header of the library or the
# flags are newer than its object.
printf '%s\n' "$cflags $cppflags" > "$out/flags.new"
cmp -s "$out/flags.new" "$out/flags" || mv "$out/flags.new" "$out/flags"
rm -f "$out/flags.new"
for src in $(lib_sources); do
	obj=$out/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')
	objects="$objects $obj"
	stale=no
	if [ ! -f "$obj" ] || [ "$top/$src" -nt "$obj" ] ||
		[ "$out/flags" -nt "$obj" ]; then
		stale=yes
	else
		for h in "$top"/libsmack/*.h "$top"/libsmack/sys/smack.h; do
			[ "$h" -nt "$obj" ] && stale=yes && break
		done
	fi
	[ "$stale" = yes ] || continue
	# shellcheck disable=SC2086
	if ! "$cc" $cflags -fsanitize=fuzzer-no-link $cppflags -c \
		-o "$obj" "$top/$src" 2> "$out/logs/build-lib.log"; then
		echo "fuzz: cannot compile $src:" >&2
		sed 's/^/  /' "$out/logs/build-lib.log" | head -n 30 >&2
		build_failed=yes
	fi
done
if [ "$build_failed" = yes ]; then
	echo "fuzz: the library does not build; no harness run" >&2
	exit 1
fi

# harness_setting NAME KEY: the value of a "KEY: value" line of a harness.
harness_setting() {
	sed -n "s/^[ *]*$2:[[:space:]]*//p" "$top/fuzz/fuzz_$1.c" | head -n 1
}

# --- each harness: build, run, report
failed=0
ran=0
skipped=0
printf '%-12s %12s %10s %8s  %s\n' harness executions "exec/s" seconds result
for name in $harnesses; do
	src=$top/fuzz/fuzz_$name.c
	bin=$out/bin/fuzz_$name
	log=$out/logs/$name.log
	if [ ! -f "$src" ]; then
		printf '%-12s %12s %10s %8s  %s\n' "$name" - - - "FAIL: no fuzz/fuzz_$name.c"
		failed=$((failed + 1))
		continue
	fi
	extra=
	missing=
	for s in $(harness_setting "$name" fuzz-sources); do
		if [ -f "$top/$s" ]; then
			extra="$extra $top/$s"
		else
			missing="$missing $s"
		fi
	done
	if [ -n "$missing" ]; then
		printf '%-12s %12s %10s %8s  %s\n' "$name" - - - "SKIP: needs$missing"
		skipped=$((skipped + 1))
		continue
	fi
	# shellcheck disable=SC2086
	if ! "$cc" $cflags -fsanitize=fuzzer $cppflags -o "$bin" "$src" \
		$extra $objects -lpthread > "$log" 2>&1; then
		printf '%-12s %12s %10s %8s  %s\n' "$name" - - - "FAIL: does not build (see $log)"
		sed 's/^/  /' "$log" | head -n 20
		failed=$((failed + 1))
		continue
	fi

	corpus=$out/corpus/$name
	seeds=$top/fuzz/corpus/$name
	mkdir -p "$corpus"
	set -- -print_final_stats=1 -timeout="$timeout" -rss_limit_mb=2048 \
		-artifact_prefix="$out/artifacts/$name-" \
		-max_len="$(harness_setting "$name" fuzz-max-len | grep . || echo 4096)"
	[ -f "$top/fuzz/dict/$name.dict" ] && set -- "$@" -dict="$top/fuzz/dict/$name.dict"
	[ -n "$jobs" ] && set -- "$@" -fork="$jobs"
	if [ -n "$runs" ]; then
		set -- "$@" -runs="$runs"
	else
		set -- "$@" -max_total_time="$seconds"
	fi
	[ -d "$seeds" ] && set -- "$@" "$corpus" "$seeds"
	[ -d "$seeds" ] || set -- "$@" "$corpus"

	: > "$out/logs/$name.start"
	start=$(date +%s)
	asan_extra=$(harness_setting "$name" fuzz-asan-options)
	ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1${asan_extra:+:$asan_extra}} \
	UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
		"$bin" "$@" > "$log" 2>&1
	rc=$?
	elapsed=$(( $(date +%s) - start ))
	ran=$((ran + 1))
	if [ -n "$jobs" ]; then
		# The parent of -fork prints no stat:: lines of its own, only
		# its "#N: cov: ..." progress lines (the last one counts every
		# job; after -runs the line "fuzzed for N iterations" too).
		execs=$(sed -n 's/^#\([0-9]*\): cov:.*/\1/p' "$log" | tail -n 1)
		rate=
		[ -n "$execs" ] && rate=$((execs / (elapsed > 0 ? elapsed : 1)))
	else
		execs=$(sed -n 's/^stat::number_of_executed_units:[[:space:]]*//p' "$log" | tail -n 1)
		rate=$(sed -n 's/^stat::average_exec_per_sec:[[:space:]]*//p' "$log" | tail -n 1)
	fi
	result=ok
	if [ "$rc" -ne 0 ] ||
		grep -q -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|invariant broken' "$log"; then
		result="FAIL (exit $rc; see $log)"
		failed=$((failed + 1))
	fi
	printf '%-12s %12s %10s %8s  %s\n' "$name" "${execs:--}" "${rate:--}" "$elapsed" "$result"
	if [ "$result" != ok ]; then
		grep -E -A 12 'ERROR:|runtime error:|invariant broken|==[0-9]+==' "$log" |
			head -n 30 | sed 's/^/  /'
		find "$out/artifacts" -name "$name-*" -newer "$out/logs/$name.start" |
			head -n 3 | sed 's/^/  input: /'
	fi
done

echo "fuzz: $ran run, $failed failed, $skipped skipped (logs in $out/logs)"
[ "$failed" -eq 0 ]
