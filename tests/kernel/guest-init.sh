#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The init of the UML guest (see run-kernel.sh).  It mounts what the cases
# need, runs each case of tests/kernel/cases in a fresh tmpfs and from a
# clean kernel rule state, writes the results to $SMACK_TEST_OUT on the
# host, and powers off.  The host's files are visible through hostfs at the
# same paths, so the build tree is used in place.

out=$SMACK_TEST_OUT
src=$SMACK_TEST_SRCDIR
build=$SMACK_TEST_BUILDDIR
pattern=${SMACK_TEST_CASES:-*}
# SMACK_TEST_INSTALLED=ROOT: the tools and the library installed under ROOT
# (the packages unpacked there, or "make install DESTDIR=ROOT" of a
# --prefix=/usr build) run instead of the build's; the build still gives
# the test programs (kt-*, probes, compat13), which then use that library.
installed=${SMACK_TEST_INSTALLED:-}
smackfs=/sys/fs/smackfs

# Run the real binaries, not libtool's wrapper scripts: in UML every extra
# exec is expensive, and a wrapper costs a shell and an exec per command.
if [ -n "$installed" ]; then
	path="$installed/usr/sbin:$installed/usr/bin:" dirs="tests/kernel tests/compat"
	for lib in "$installed"/usr/lib/*/libsmack.so.1 "$installed"/usr/lib/libsmack.so.1; do
		[ -e "$lib" ] && export LD_LIBRARY_PATH="${lib%/*}"
	done
else
	path= dirs="utils tests/kernel tests/compat"
	[ -d "$build/libsmack/.libs" ] && export LD_LIBRARY_PATH="$build/libsmack/.libs"
fi
for dir in $dirs; do
	[ -d "$build/$dir/.libs" ] && path="$path$build/$dir/.libs:"
	path="$path$build/$dir:"
done
export PATH="${path}/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
export HOME=/root LC_ALL=C
valgrind_mode=${SMACK_TEST_VALGRIND:-}
case_timeout=300
export SLOWDOWN=1

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t smackfs smackfs "$smackfs"
mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
mount -t devtmpfs devtmpfs /dev 2>/dev/null
hostname smack-guest 2>/dev/null
: > "$out/booted"

# SMACK_TEST_VALGRIND=1 (or all): every program of the build that a case runs
# (tools, probes, the 1.3 client; not the kt-* suites nor the syslog
# daemon, see wrap_programs), and the installed tools under test, runs
# under valgrind's memcheck instead, since ASan's fixed shadow mapping
# does not fit UML's address space.
# Each program is copied aside, and a script that runs valgrind on the copy
# is bind-mounted over it (in the guest only: the host's files do not
# change), so that the program runs under valgrind whatever path reaches
# it: PATH, a case's own PATH with .libs first, $BUILDDIR/..., libtool's
# wrapper.  Any leak (definite, indirect or possible) is an error.  Reports
# go to a tmpfs whose root is labelled "*", so that runs confined to any
# label can write theirs; a case with a report fails.
#
# No program of ours writes code and runs it, so valgrind need not check
# for that (--smc-check=none): a fifth off its start-up in UML.
#
# Valgrind takes some five seconds to start a program in UML, where a run
# without it takes a tenth of one: under valgrind, the cases that run one
# program many times (the bad-input matrix, the lock's probes) would take
# most of the tier's time.  So in a case, the first $vg_first runs of each
# program run under valgrind and the others natively; each case tests
# something of its own, so each case's first run reaches code of its own.
# SMACK_TEST_VALGRIND=all (KERNEL_VALGRIND=all) runs every one under
# valgrind.  The results say, for each case, how many of its runs
# valgrind saw.
vglogs=$out/vglogs
vg_first=1
[ "$valgrind_mode" = all ] && vg_first=1000000000
# wrap_for_valgrind FILE NAME: the copy keeps FILE's base name, which the
# program prints in its messages.
wrap_for_valgrind() {
	real=$out/vg-real/$2/${1##*/}
	mkdir -p "${real%/*}" && cp -p "$1" "$real" || return 1
	cat > "$out/vg-bin/$2" <<WRAPPER || return 1
#!/bin/sh
# This program's runs in the case so far (a count it cannot read or write
# leaves the run under valgrind).
n=
{ read -r n < $vglogs/count.$2; } 2> /dev/null
case \$n in ''|*[!0-9]*) n=0 ;; esac
n=\$((n + 1))
{ echo \$n > $vglogs/count.$2; } 2> /dev/null
if [ \$n -gt $vg_first ]; then
	exec "$real" "\$@"
fi
n=
{ read -r n < $vglogs/seen.$2; } 2> /dev/null
case \$n in ''|*[!0-9]*) n=0 ;; esac
{ echo \$((n + 1)) > $vglogs/seen.$2; } 2> /dev/null
# A tool a tool runs keeps the pid: the depth tells their logs apart.
VG_DEPTH=\$((\${VG_DEPTH:-0} + 1))
export VG_DEPTH
TMPDIR=$vglogs exec valgrind -q --smc-check=none --leak-check=full \\
	--show-leak-kinds=definite,indirect,possible \\
	--errors-for-leak-kinds=definite,indirect,possible --error-exitcode=86 \\
	--trace-children=no --vgdb=no --log-file=$vglogs/%p.${1##*/}.%q{VG_DEPTH}.log "$real" "\$@"
WRAPPER
	# The count is labelled "*" and open to all: any label, any user.
	for count in "$vglogs/count.$2" "$vglogs/seen.$2"; do
		echo 0 > "$count" && chmod 666 "$count" &&
			setfattr -n security.SMACK64 -v '*' "$count" || return 1
	done
	chmod +x "$out/vg-bin/$2" && mount --bind "$out/vg-bin/$2" "$1"
}
# wrap_programs DIR: each program in DIR but the library's kt-* suites
# and the cases' syslog daemon.  Check forks a process for each test of a
# suite, and each of those under valgrind cost the tier as much as a
# tool's whole run (a suite took 15 to 33 s more, a tool's run 3 to 8):
# the library code they reach runs under valgrind on the host
# (tests/run-all.sh's valgrind stage) and through the tools here.  The
# syslog daemon (syslog-sink) is the harness's, not code under test.
wrap_programs() {
	for f in "$1"/*; do
		# Links (the multi-call program's) reach a wrapped file; shared
		# objects (the fault injector) are not programs.
		case $f in *.so|*/kt-*|*/syslog-sink) continue ;; esac
		[ -f "$f" ] && [ ! -L "$f" ] && [ -x "$f" ] || continue
		[ "$(head -c 4 "$f")" = "$(printf '\177ELF')" ] || continue
		wrapped=$((wrapped + 1))
		wrap_for_valgrind "$f" "$wrapped" || return 1
	done
}
# Memcheck cannot start without the dynamic linker's debugging symbols
# (its mandatory redirections), but reading the C library's (libc6-dbg,
# 4 MB of DWARF) costs every program a third of its start-up in UML, the
# tier's largest cost; errors are found as before, and a report's frames
# inside the C library keep their symbol names.  So the guest sees the
# dynamic linker's debugging file alone, and those of the installed root
# under test (the packages' -dbgsym, with the files dwz shares among
# them), which name the frames of its tools and library; with neither,
# everything stays as it is.
debuginfo_for_valgrind() {
	interp=$(readelf -l /bin/sh 2>/dev/null |
		sed -n 's/.*program interpreter: \(.*\)]$/\1/p')
	id=$(readelf -n "$interp" 2>/dev/null | awk '/Build ID:/ { print $3 }')
	sub=.build-id/${id%"${id#??}"}
	debug=/usr/lib/debug/$sub/${id#??}.debug
	own=$installed/usr/lib/debug
	[ -n "$id" ] && [ -f "$debug" ] || debug=
	[ -n "$installed" ] && [ -d "$own" ] || own=
	[ -n "$debug$own" ] && [ -d /usr/lib/debug ] || return 0
	mkdir -p "$out/vg-debug/.build-id" || return 1
	if [ -n "$debug" ]; then
		mkdir -p "$out/vg-debug/$sub" && cp "$debug" "$out/vg-debug/$sub/" ||
			return 1
	fi
	if [ -n "$own" ]; then
		cp -R "$own/." "$out/vg-debug/" || return 1
	fi
	mount --bind "$out/vg-debug" /usr/lib/debug
}
setup_valgrind() {
	mkdir -p "$out/vg-bin" "$out/vg-real" "$vglogs" || return 1
	mount -t tmpfs -o mode=1777,smackfsroot=* tmpfs "$vglogs" || return 1
	debuginfo_for_valgrind || return 1
	wrapped=0
	for dir in utils/.libs utils tests/kernel/.libs tests/kernel \
		tests/compat/.libs tests/compat tests/loader/.libs tests/loader; do
		wrap_programs "$build/$dir" || return 1
	done
	if [ -n "$installed" ]; then
		wrap_programs "$installed/usr/sbin" &&
			wrap_programs "$installed/usr/bin" || return 1
	fi
	# Programs run ten to fifty times slower: Check's per-test timeouts,
	# the cases' time limits and the harness's own must grow with them.
	export CK_TIMEOUT_MULTIPLIER=10 SLOWDOWN=10 UNDER_VALGRIND=1
	case_timeout=1200
	# A wrapped program leaves a log even when it has nothing to report.
	smackctl --version > /dev/null && ls "$vglogs"/*.log > /dev/null 2>&1 &&
		rm -f "$vglogs"/*.log || return 1
	for count in "$vglogs"/count.* "$vglogs"/seen.*; do
		echo 0 > "$count"
	done
}
if [ -n "$valgrind_mode" ] && ! setup_valgrind; then
	echo "not ok - valgrind mode: cannot wrap the programs in valgrind" > "$out/results"
	: > "$out/done"
	poweroff -f
fi

# The reports of the case that just ran, as one failure line each, and
# how many of its runs valgrind saw; the counts start again.
valgrind_reports() {
	runs=0 seen=0
	for count in "$vglogs"/count.*; do
		read -r n < "$count" && runs=$((runs + n))
		echo 0 > "$count"
	done
	for count in "$vglogs"/seen.*; do
		read -r n < "$count" && seen=$((seen + n))
		echo 0 > "$count"
	done
	echo "$1: $seen of $runs runs of the build's programs under valgrind" \
		>> "$out/results"
	for log in "$vglogs"/*.log; do
		[ -s "$log" ] || continue
		echo "not ok - $1: valgrind report from ${log##*/}"
		echo "--- $log:"
		sed 's/^/    /' "$log" | head -n 40
	done >> "$out/results"
	rm -f "$vglogs"/*.log
}

# Put back every knob a case may have changed; rules cannot be deleted,
# only emptied, which makes them vanish from load2.
reset_kernel_state() {
	echo - > "$smackfs/onlycap"
	awk '{ print $1 " " $2 " -" }' "$smackfs/load2" > "$out/clear.rules"
	cat "$out/clear.rules" > "$smackfs/load2"
	echo _ > "$smackfs/ambient"
	echo 1 > "$smackfs/logging"
	echo 0 > "$smackfs/ptrace"
	echo 3 > "$smackfs/doi"
	echo 250 > "$smackfs/direct"
	echo 251 > "$smackfs/mapped"
}

# Turns a case's "ok - what" lines into "ok - case: what" result lines.
record_case() {
	name=$1 rc=$2 log=$3
	awk -v name="$name" -v rc="$rc" '
		/^(ok|not ok)( |$)/ {
			n++
			status = ($0 ~ /^not ok/) ? "not ok" : "ok"
			if (status == "not ok") bad++
			rest = $0
			sub(/^(not ok|ok) *[0-9]* *-? */, "", rest)
			# Check names its cases "file.c:tcase:test: Passed".
			sub(/^[^ ]*\.c:[^:]*:/, "", rest)
			sub(/: Passed$/, "", rest)
			print status " - " name ": " rest
		}
		END {
			if (rc == 77 && n == 0)
				print "ok - " name " # SKIP case skipped itself"
			else if (rc != 0 && rc != 77 && bad == 0)
				print "not ok - " name ": exited with status " rc
			else if (n == 0)
				print "ok - " name
		}' "$log" >> "$out/results"
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ] || grep -q '^not ok' "$log"; then
		echo "--- $name (exit $rc), last lines of its log:" >> "$out/results"
		tail -n 25 "$log" | sed 's/^/    /' >> "$out/results"
	fi
}

# The installed mode tests nothing unless PATH finds each installed tool
# there and the library is found: one result line says whether it does.
check_installed() {
	wrong= tools=0
	for tool in "$installed"/usr/sbin/* "$installed"/usr/bin/*; do
		[ -f "$tool" ] || continue
		tools=$((tools + 1))
		[ "$(command -v "${tool##*/}")" = "$tool" ] ||
			wrong="$wrong ${tool##*/}"
	done
	[ "$tools" -gt 0 ] || wrong="$wrong usr/bin/* usr/sbin/*"
	case ${LD_LIBRARY_PATH:-} in
	"$installed"/*) ;;
	*) wrong="$wrong libsmack.so.1" ;;
	esac
	if [ -n "$wrong" ]; then
		echo "not ok - installed mode: not found under $installed:$wrong"
	else
		echo "ok - installed mode: the $tools tools and the library of $installed"
	fi
}

: > "$out/results"
[ -z "$installed" ] || check_installed >> "$out/results"
for case_file in "$src"/tests/kernel/cases/*.sh; do
	name=$(basename "$case_file" .sh)
	wanted=
	# KERNEL_CASES is a list of globs separated by '|' (run-kernel.sh
	# turns spaces into '|': the kernel command line splits on spaces).
	set -f
	for glob in $(echo "$pattern" | tr '|' ' '); do
		# shellcheck disable=SC2254
		case $name in $glob) wanted=1 ;; esac
	done
	set +f
	[ -n "$wanted" ] || continue
	reset_kernel_state
	started=$(date +%s.%N)
	mount -t tmpfs -o mode=1777 tmpfs "$out/tmpfs"
	(
		cd "$out/tmpfs" || exit 1
		export T="$out/tmpfs" SMACKFS="$smackfs" SRCDIR="$src" \
			BUILDDIR="$build" CASE="$name" INSTALLED="$installed"
		exec timeout "$case_timeout" sh "$case_file"
	) > "$out/$name.log" 2>&1 < /dev/null
	record_case "$name" $? "$out/$name.log"
	[ -z "$valgrind_mode" ] || valgrind_reports "$name"
	echo "$name $(date +%s.%N) $started" | awk '{ printf "%-28s %6.2f s\n", $1, $2 - $3 }' >> "$out/times"
	umount -l "$out/tmpfs"
done

: > "$out/done"
sync
poweroff -f
