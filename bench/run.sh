#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The benchmark report: measures the sizes of the library and the tools
# here, then boots the User-Mode-Linux Smack kernel once, pinned to one
# CPU, with guest.sh as its init, which measures every tool next to its
# kernel floor; prints the table (report.awk).  See bench/README.md.
#
# Run it as `make bench` in a build directory, or as bench/run.sh from
# one (abs_top_builddir defaults to the current directory).
#
# Environment: LINUX_UML (the kernel), BENCH_CPU (the host CPU to pin UML
# to, default 1), BENCH_TIMEOUT (seconds for the boot, default 600),
# BENCH_PHASES (a subset of "reload access chsmack load offline boot audit
# lint", in that order, or "profile", or "sizes": the sizes only, measured
# on the host without booting, or "audit": smackaudit only, on the host,
# see bench/audit.sh, or "lint": smackctl lint against check, on the host,
# see bench/lint.sh), BENCH_BOOT_ROUNDS (3: boots of each kind, for the
# boot phase), BENCH_SMALL=no (no embedded profiles), and the sizes of the
# runs, passed on to the guest: BENCH_ROUNDS (smackload and
# smack_have_access rounds, default 10), BENCH_SET_ROUNDS (5),
# BENCH_LIST_ROUNDS (3), BENCH_SPAWN_ROUNDS, BENCH_RELOAD_ROUNDS (4 each),
# BENCH_ACCESS_N (queries a run, 2000), BENCH_SPAWN_N (smackaccess runs a
# round, 20), BENCH_PROBED_RELOADS (pairs of reloads under the prober, 3).
set -u

srcdir=${abs_top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
builddir=${abs_top_builddir:-$(pwd)}
uml=${LINUX_UML:-/usr/bin/linux.uml}
cpu=${BENCH_CPU:-1}
out=${BENCH_OUT_DIR:-$builddir/bench/out}

die() {
	echo "bench/run.sh: $*" >&2
	exit 1
}

[ -x "$builddir/bench/bench-run" ] ||
	die "no bench programs in $builddir/bench: run 'make' (or 'make bench') in a build directory first"
sizes_only=no
[ "${BENCH_PHASES:-}" = sizes ] && sizes_only=yes
# smackaudit reads files: its phase runs on the host, before any boot.
audit_only=no
[ "${BENCH_PHASES:-}" = audit ] && audit_only=yes && sizes_only=yes
[ "${BENCH_PHASES:-}" = lint ] && audit_only=yes && sizes_only=yes
[ $sizes_only = yes ] || [ -x "$uml" ] || die "no User-Mode-Linux kernel at '$uml' (apt-get install user-mode-linux)"

rm -rf "$out"
mkdir -p "$out/tmpfs" || die "cannot create $out"
results=$out/results
: > "$results"

# The file libtool built for NAME (not its wrapper script).
built() {
	for f in "$builddir/$1/.libs/$2" "$builddir/$1/$2"; do
		if [ -f "$f" ] && ! grep -q 'libtool' "$f" 2> /dev/null; then
			echo "$f"
			return
		fi
	done
}

# size KIND NAME FILE: stripped size and size(1)'s text/data/bss.
measure_size() {
	strip -o "$out/stripped" "$3" 2> /dev/null || return
	set -- "$1" "$2" \
		$(size "$out/stripped" | awk 'NR == 2 { print $1, $2, $3 }') \
		"$(wc -c < "$out/stripped")"
	echo "$1 $2 - text=$3 data=$4 bss=$5 stripped=$6" >> "$results"
	rm -f "$out/stripped"
}

# measure_sizes KIND BUILDDIR: the library and each program; a tool that
# is a link to the multi-call program smack-utils is counted in it.
measure_sizes() {
	lib=$(ls "$2"/libsmack/.libs/libsmack.so.1.* 2> /dev/null | head -n 1)
	[ -n "$lib" ] && measure_size "$1" libsmack.so.1 "$lib"
	for t in smack-utils smackload smackctl chsmack smackaccess smackcipso \
		 smackrun; do
		f=$(builddir=$2 built utils "$t")
		[ -n "$f" ] && [ ! -L "$f" ] && measure_size "$1" "$t" "$f"
	done
}

# The size target is about the embedded profile: the same sources
# configured with --enable-small, built in bench/out/small (or taken from
# BENCH_SMALL_BUILDDIR, a build configured so); the same with the three
# tools the target counts in the multi-call program smack-utils, in
# bench/out/small-multi (BENCH_SMALL_MULTI_BUILDDIR), and that again
# linked by ld.lld when the compiler can use it, in bench/out/small-lld;
# and the same again with --disable-shared, static tools with no
# libsmack.so on the device, in bench/out/small-static
# (BENCH_SMALL_STATIC_BUILDDIR), and those three static tools in one
# multi-call program, in bench/out/small-static-multi.  BENCH_SMALL=no
# skips them all.
# profile_build DIR GIVEN CONFIGURE-OPTION...: the build directory, GIVEN
# if not empty, else DIR configured with the options and built.
profile_build() {
	if [ -n "$2" ]; then
		echo "$2"
		return
	fi
	dir=$1
	shift 2
	mkdir -p "$dir" || return 1
	echo "bench: building the $* profile in $dir" >&2
	(cd "$dir" &&
	 { [ -f Makefile ] || "$srcdir/configure" -q "$@" --disable-tests; } &&
	 make -s -j2 all) > "$dir.log" 2>&1 || {
		echo "bench: the $* build failed (see $dir.log)" >&2
		return 1
	}
	echo "$dir"
}

small_build() {
	profile_build "$out/small" "${BENCH_SMALL_BUILDDIR:-}" \
		--enable-small --disable-static
}

multicall_core=--enable-multicall=chsmack,smackload,smackaccess

small_multi_build() {
	profile_build "$out/small-multi" "${BENCH_SMALL_MULTI_BUILDDIR:-}" \
		--enable-small --disable-static "$multicall_core"
}

# GCC's link-time optimisation needs GNU ld's plugin: configure leaves it
# out with ld.lld.
small_lld_build() {
	echo 'int main(void) { return 0; }' > "$out/lld.c"
	${CC:-cc} -fuse-ld=lld -o "$out/lld" "$out/lld.c" 2> /dev/null || return 1
	profile_build "$out/small-lld" "" --enable-small --disable-static \
		"$multicall_core" LDFLAGS=-fuse-ld=lld
}

small_static_build() {
	profile_build "$out/small-static" "${BENCH_SMALL_STATIC_BUILDDIR:-}" \
		--enable-small --disable-shared
}

small_static_multi_build() {
	profile_build "$out/small-static-multi" "" --enable-small \
		--disable-shared "$multicall_core"
}

# Executions per harness from the fuzz runner's table ("harness executions
# exec/s seconds result"): from BENCH_FUZZ_LOG, a saved output of
# fuzz/run.sh, or from a run of it for BENCH_FUZZ_TIME seconds a harness.
# Neither is the default (the fuzz figure is optional, and costs time).
measure_fuzz() {
	log=${BENCH_FUZZ_LOG:-}
	if [ -z "$log" ] && [ -n "${BENCH_FUZZ_TIME:-}" ] &&
	   [ -x "$srcdir/fuzz/run.sh" ]; then
		log=$out/fuzz.txt
		echo "bench: fuzzing ${BENCH_FUZZ_TIME} s a harness" >&2
		"$srcdir/fuzz/run.sh" -t "$BENCH_FUZZ_TIME" -o "$builddir/bench/fuzz" \
			> "$log" 2>&1
	fi
	[ -n "$log" ] && [ -f "$log" ] || return 0
	awk '$1 !~ /:$/ && $2 ~ /^[0-9]+$/ && $4 ~ /^[0-9.]+$/ {
		print "fuzz " $1 " - execs=" $2 " seconds=" $4 " result=" $5 }' \
		"$log" >> "$results"
}

case " ${BENCH_PHASES:-audit} " in
*" audit "*)
	"$srcdir/bench/audit.sh" "$builddir" "$out" "$results" ||
		die "the smackaudit phase failed" ;;
esac
case " ${BENCH_PHASES:-lint} " in
*" lint "*)
	"$srcdir/bench/lint.sh" "$builddir" "$out" "$results" ||
		die "the lint phase failed" ;;
esac
[ $audit_only = yes ] || measure_sizes size "$builddir"
if [ "${BENCH_SMALL:-yes}" != no ] && [ $audit_only = no ]; then
	small=$(small_build) && measure_sizes size-small "$small"
	small=$(small_multi_build) && measure_sizes size-multi "$small"
	small=$(small_lld_build) && measure_sizes size-lld "$small"
	small=$(small_static_build) && measure_sizes size-static "$small"
	small=$(small_static_multi_build) &&
		measure_sizes size-static-multi "$small"
fi
measure_fuzz
if [ $sizes_only = yes ]; then
	awk -f "$srcdir/bench/report.awk" "$results" | tee "$out/report.txt"
	exit 0
fi

# UML keeps guest memory in a file under TMPDIR; give it a private one.
umltmp=$(mktemp -d "${TMPDIR:-/tmp}/smack-bench.XXXXXX") || exit 1
trap 'rm -rf "$umltmp"' EXIT

# Unknown "NAME=VALUE" kernel parameters become the init's environment.
knobs=""
for v in BENCH_ROUNDS BENCH_SET_ROUNDS BENCH_LIST_ROUNDS BENCH_SPAWN_ROUNDS \
	BENCH_RELOAD_ROUNDS BENCH_ACCESS_N BENCH_SPAWN_N BENCH_PROBED_RELOADS; do
	eval "val=\${$v:-}"
	case $val in
	'') ;;
	*[!0-9]*) die "$v must be a number" ;;
	*) knobs="$knobs $v=$val" ;;
	esac
done

# The phases of this boot; the boot phase boots on its own, afterwards.
guest_phases=$(echo " ${BENCH_PHASES:-reload access chsmack load offline} " |
	sed 's/ boot / /g; s/ audit / /g; s/ lint / /g; s/ shapes / /g; s/ scale / /g' |
	tr -s ' ' |
	sed 's/^ //; s/ $//' | tr ' ' ,)
[ -n "$guest_phases" ] || guest_phases=none

# On hosts with AMX, Debian 12's UML needs tests/kernel/uml-xstate.c.
shim=$builddir/tests/kernel/uml-xstate.so
[ -f "$shim" ] || shim=

# guest_boot PHASES [NAME=VALUE...]: one boot of guest.sh running PHASES
# (comma-separated), the values given to its environment.
guest_boot() {
	_phases=$1
	shift
	LD_PRELOAD=$shim TMPDIR=$umltmp timeout "${BENCH_TIMEOUT:-600}" \
		taskset -c "$cpu" "$uml" mem="${BENCH_MEM:-1536M}" \
		root=/dev/root rootfstype=hostfs rootflags=/ rw lsm=smack \
		init="$srcdir/bench/guest.sh" con0=null,fd:1 con=null \
		BENCH_BUILDDIR="$builddir" BENCH_OUT="$out" \
		$knobs "$@" BENCH_PHASES="$_phases" \
		>> "$out/console.log" 2>&1 < /dev/null
}

echo "bench: booting $uml on CPU $cpu (log: $out/guest.log)" >&2
start=$(date +%s)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rm -f "$out/done"
guest_boot "$guest_phases"
status=$?
echo "bench: guest ran $(($(date +%s) - start)) s" >&2
# How busy the shared machine was: other work only adds time to a run.
echo "note - - host: $(nproc) CPUs, load average before $load_before," \
	"after $(cut -d' ' -f1-3 /proc/loadavg)" >> "$results"
# A build for a prefix outside the dynamic linker's search path gives the
# tools a RUNPATH, which every start searches for libc before the cache:
# two dozen failed lookups (about 2 ms in UML) that the floors, and the
# tools installed by a distribution, do not make.
runpath=$(readelf -d "$(built utils smackload)" 2> /dev/null |
	sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\]$/\1/p')
[ -z "$runpath" ] ||
	echo "note - - the tools carry RUNPATH $runpath: each start searches it" \
		"(configure with the default prefix for figures at small sizes)" \
		>> "$results"

[ -f "$out/booted" ] || {
	tail -n 30 "$out/console.log" >&2
	die "the Smack UML kernel did not boot (exit $status)"
}

# The boot phase: the policy loaded into a freshly booted kernel, one boot
# a load (bench/boot.sh), smackctl apply (what the init
# scripts run), smackload and the floor taking turns.
# boot_once ROLE ROUND [NAME=VALUE...]
boot_once() {
	_role=$1 _round=$2
	shift 2
	mkdir -p "$out/tmpfs" &&
	LD_PRELOAD=$shim TMPDIR=$umltmp timeout "${BENCH_BOOT_TIMEOUT:-300}" taskset -c "$cpu" "$uml" \
		mem="${BENCH_MEM:-1536M}" root=/dev/root rootfstype=hostfs \
		rootflags=/ rw lsm=smack init="$srcdir/bench/boot.sh" \
		con0=null,fd:1 con=null \
		BENCH_BUILDDIR="$builddir" BENCH_OUT="$out" \
		BENCH_BOOT_ROLE="$_role" BENCH_BOOT_ROUND="$_round" "$@" \
		>> "$out/boot-console.log" 2>&1 < /dev/null
}

# boot_rounds [NAME=VALUE...]: the boot phase's rounds of three boots.
boot_rounds() {
	r=1
	while [ "$r" -le "${BENCH_BOOT_ROUNDS:-3}" ]; do
		if [ $((r % 2)) -eq 1 ]; then
			roles="tool smackload floor"
		else
			roles="floor smackload tool"
		fi
		for role in $roles; do
			boot_once "$role" "$r" "$@"
		done
		r=$((r + 1))
	done
}

case " ${BENCH_PHASES:-boot} " in
*" boot "*)
	echo "bench: the boot phase, ${BENCH_BOOT_ROUNDS:-3} rounds of three boots" >&2
	boot_rounds ;;
esac

# variant NAME KIND PHASES [NAME=VALUE...]: PHASES (of reload, load,
# chsmack) in a boot of their own, then the boot phase's rounds, with the
# values given (BENCH_SHAPE, BENCH_RULES, BENCH_FILES); their figures go
# to the results as FIGURE:NAME.  BENCH_VARIANT_ROUNDS (6) rounds of each.
variant() {
	_name=$1 _kind=$2 _phases=$3
	shift 3
	echo "bench: $_kind $_name (${_phases} in one boot, then boots)" >&2
	_res=$out/results.$_name
	: > "$_res"
	rm -f "$out/done"
	# BENCH_VARIANT_GUEST=no: the boot phase's rounds only.
	if [ "${BENCH_VARIANT_GUEST:-yes}" != no ]; then
		guest_boot "$_phases" BENCH_RESULTS="$_res" \
			BENCH_ROUNDS="${BENCH_VARIANT_ROUNDS:-6}" \
			BENCH_RELOAD_ROUNDS="${BENCH_VARIANT_ROUNDS:-6}" \
			BENCH_SET_ROUNDS="${BENCH_VARIANT_SET_ROUNDS:-3}" \
			BENCH_LIST_ROUNDS="${BENCH_VARIANT_SET_ROUNDS:-3}" \
			BENCH_PROBED_RELOADS=1 "$@"
		[ -f "$out/done" ] ||
			echo "check guest-done - FAILED" >> "$_res"
	fi
	boot_rounds BENCH_RESULTS="$_res" "$@"
	echo "variant $_name $_kind - $*" >> "$results"
	awk -v v="$_name" '$1 == "check" { $2 = $2 ":" v; print; next }
		$1 == "note" { print; next } { $1 = $1 ":" v; print }' \
		"$out/results.$_name" >> "$results"
}
main_done=no
[ -f "$out/done" ] && main_done=yes

# The shapes: each of BENCH_SHAPES (gen-policy -s) at BENCH_SHAPE_RULES
# rules (100,000).
case " ${BENCH_PHASES:-} " in
*" shapes "*)
	for s in ${BENCH_SHAPES:-long l255 fewsub manysub}; do
		variant "$s" shape reload,load BENCH_SHAPE="$s" \
			BENCH_RULES="${BENCH_SHAPE_RULES:-100000}"
	done ;;
esac
# The scaling table: the default shape at each of BENCH_SCALE rules, and
# chsmack over as many files up to BENCH_SCALE_FILES (100,000: each
# file costs the loaded shared host about as much as ten rules); the
# guest gets BENCH_SCALE_MEM of memory.
case " ${BENCH_PHASES:-} " in
*" scale "*)
	for n in ${BENCH_SCALE:-10000 100000 1000000}; do
		_p=reload,load
		[ "$n" -le "${BENCH_SCALE_FILES:-100000}" ] && _p=$_p,chsmack
		BENCH_MEM=${BENCH_SCALE_MEM:-3G} variant "n$n" scale "$_p" \
			BENCH_RULES="$n" BENCH_FILES="$n" \
			BENCH_TMPFS=2500m,nr_inodes=0
	done ;;
esac

awk -f "$srcdir/bench/report.awk" "$results" | tee "$out/report.txt"
[ $main_done = yes ] || die "the guest did not finish (exit $status); see $out/guest.log"
