#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The init of the benchmark's UML guest (see run.sh).  It measures each
# tool next to its kernel floor in this one boot, tool and floor taking
# turns (tool first in odd rounds, floor first in even ones, so that a
# drift during the boot cancels out), each run on labels of its own of the
# same shape.  Every measurement is one line of $BENCH_OUT/results:
#
#   FIGURE ROLE ROUND key=value...
#
# which report.awk turns into the table.  The host's files are visible
# through hostfs, so the build tree is used in place; everything the runs
# read or write is in a tmpfs.

out=$BENCH_OUT
build=$BENCH_BUILDDIR
rounds=${BENCH_ROUNDS:-10}
# The policy's shape and size (gen-policy -s, -n) and the chsmack tree's
# files, for the shapes and the scaling table (run.sh).
shape=${BENCH_SHAPE:-default}
n_rules=${BENCH_RULES:-100000}
n_files=${BENCH_FILES:-100000}
smackfs=/sys/fs/smackfs
bin=$build/bench

export PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
export HOME=/root LC_ALL=C
# The tools' real binaries (not libtool's wrapper scripts, whose shell
# would be timed too) find the uninstalled library here.
export LD_LIBRARY_PATH="$build/libsmack/.libs"

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t smackfs smackfs "$smackfs"
mount -t tmpfs -o size=${BENCH_TMPFS:-1200m},mode=1777 tmpfs "$out/tmpfs"
T=$out/tmpfs
results=${BENCH_RESULTS:-$out/results}
: > "$out/booted"
exec > "$out/guest.log" 2>&1

# The binary that runs for tool NAME: libtool's .libs copy when the
# build is shared, else the program itself.
tool() {
	if [ -x "$build/utils/.libs/$1" ]; then
		echo "$build/utils/.libs/$1"
	elif [ -x "$build/utils/$1" ]; then
		echo "$build/utils/$1"
	else
		echo "$build/utils/$1.missing"
	fi
}
SMACKLOAD=$(tool smackload)
SMACKCTL=$(tool smackctl)
CHSMACK=$(tool chsmack)
SMACKACCESS=$(tool smackaccess)
BENCH_ACCESS=$bin/bench-access
[ -x "$bin/.libs/bench-access" ] && BENCH_ACCESS=$bin/.libs/bench-access

# record FIGURE ROLE ROUND CMD...: times CMD (stdout discarded, or kept
# in $OUTPUT when that is set).
record() {
	_fig=$1 _role=$2 _round=$3
	shift 3
	echo "$_fig $_role $_round $("$bin/bench-run" -o "${OUTPUT:-/dev/null}" \
		"$@")" >> "$results"
}

# verdict NAME CMD...: a correctness check of a tool, untimed.
verdict() {
	_name=$1
	shift
	if "$@"; then
		echo "check $_name - ok" >> "$results"
	else
		echo "check $_name - FAILED" >> "$results"
	fi
}

# alternate FIGURE [ROUNDS]: FIGURE_tool and FIGURE_floor for each round,
# in the order tool floor, floor tool, tool floor, ...
alternate() {
	_r=1 _n=${2:-$rounds}
	while [ "$_r" -le "$_n" ]; do
		if [ $((_r % 2)) -eq 1 ]; then
			"$1_tool" "$_r"
			"$1_floor" "$_r"
		else
			"$1_floor" "$_r"
			"$1_tool" "$_r"
		fi
		_r=$((_r + 1))
	done
}

# A tag of four characters for round R of ROLE: labels "TAG.appNNNN".
tag() {
	printf '%s%02d' "$1" "$2"
}

# policy TAG: generates the policy of labels TAG.* in $T/TAG.
policy() {
	mkdir -p "$T/$1"
	"$bin/gen-policy" -s "$shape" -n "$n_rules" "$1" "$T/$1"
}

# Empties every rule load2 shows (the kernel never deletes one).
clear_rules() {
	awk '{ print $1 " " $2 " -" }' "$smackfs/load2" > "$T/clear.rules"
	[ -s "$T/clear.rules" ] && "$bin/floor-load" "$T/clear.rules"
	rm -f "$T/clear.rules"
}

# The pairs of load2 whose labels start with TAG, sorted.
kernel_rules() {
	grep "^$1\\." "$smackfs/load2" | sort
}

# What loading FILE into a kernel without rules gives, sorted.
merged_rules() {
	awk '$3 != "-" { a[$1 " " $2] = $3 } $3 == "-" { delete a[$1 " " $2] }
	     END { for (k in a) print k, a[k] }' "$@" | sort
}

same_rules() {
	kernel_rules "$1" > "$T/have" && merged_rules "$2" > "$T/want" &&
		cmp -s "$T/have" "$T/want"
	_same=$?
	rm -f "$T/have" "$T/want"
	return $_same
}

# ---------------------------------------------------------------- access
# smack_have_access() and smackaccess against the raw access2 floor, on
# 256 rules of a generated policy: each query cycles through those pairs
# and the same pairs reversed (mostly without a rule).
setup_access() {
	policy qa01 > /dev/null
	"$bin/floor-load" "$T/qa01/probe.rules"
	awk '{ print; print $2 " " $1 " " $3 }' "$T/qa01/probe.rules" \
		> "$T/pairs"
	rm -rf "$T/qa01"
	set -- $(head -n 1 "$T/pairs")
	ACCESS_QUERY="$1 $2 $3"
}

# access ROLE ROUND MODE: the queries of one bench-access run.
access() {
	_o=$("$BENCH_ACCESS" "$3" "$ACCESS_N" "$T/pairs") || _o="status=$?"
	echo "access $1 $2 $_o" >> "$results"
}

access_tool() {
	access tool "$1" lib
}

access_floor() {
	access floor "$1" floor
}

smackaccess_tool() {
	# shellcheck disable=SC2086
	record smackaccess tool "$1" -n "$SPAWN_N" "$SMACKACCESS" $ACCESS_QUERY
}

smackaccess_floor() {
	# shellcheck disable=SC2086
	record smackaccess floor "$1" -n "$SPAWN_N" "$bin/floor-access" \
		$ACCESS_QUERY
}

bench_access() {
	ACCESS_N=${BENCH_ACCESS_N:-2000}
	SPAWN_N=${BENCH_SPAWN_N:-20}
	setup_access
	echo "access n - queries=$ACCESS_N" >> "$results"
	echo "smackaccess n - runs=$SPAWN_N" >> "$results"
	# shellcheck disable=SC2086
	verdict smackaccess-answer test "$("$SMACKACCESS" $ACCESS_QUERY)" = \
		"$("$bin/floor-access" $ACCESS_QUERY)"
	alternate access
	alternate smackaccess "${BENCH_SPAWN_ROUNDS:-4}"
}

# ---------------------------------------------------------------- chsmack
# Labelling and listing a tree of 100 directories of 1,000 files, each
# round with a label of its own.  The tools get the tree's path relative
# to the working directory, the tmpfs, as the floor does: a path that runs
# through hostfs would make every path lookup cost more than the call.
set_tool() {
	record set tool "$1" "$CHSMACK" -r -a "$(tag set-t "$1")" tree
	if [ "$1" -eq 1 ]; then
		verdict chsmack-set labelled "$(tag set-t "$1")"
	fi
}

set_floor() {
	record set floor "$1" "$bin/floor-chsmack" set "$(tag set-f "$1")" \
		tree
}

# The listings go to a file in both cases: the first round's are compared.
list_tool() {
	OUTPUT=$T/list.tool record list tool "$1" "$CHSMACK" -r tree
	[ "$1" -eq 1 ] && mv "$T/list.tool" "$T/list.tool.1"
}

list_floor() {
	OUTPUT=$T/list.floor record list floor "$1" "$bin/floor-chsmack" list \
		tree
	[ "$1" -eq 1 ] && mv "$T/list.floor" "$T/list.floor.1"
}

# A sample of the tree (two directories and their files) carries LABEL.
labelled() {
	for _d in d0000 "$(printf 'd%04d' $((n_files / 1000 - 1)))"; do
		"$bin/floor-chsmack" list "tree/$_d" |
			grep -qv "access=\"$1\"\$" && return 1
	done
	return 0
}

same_listing() {
	sort "$T/list.tool.1" > "$T/have" && sort "$T/list.floor.1" > "$T/want" &&
		cmp -s "$T/have" "$T/want"
	_same=$?
	rm -f "$T/have" "$T/want" "$T"/list.*
	return $_same
}

bench_chsmack() {
	cd "$T" || return
	"$bin/gen-tree" tree $((n_files / 1000)) 1000
	"$bin/gen-tree" small 10 100
	echo "set n - files=$n_files dirs=$((n_files / 1000))" >> "$results"
	alternate set "${BENCH_SET_ROUNDS:-5}"
	alternate list "${BENCH_LIST_ROUNDS:-3}"
	verdict chsmack-list same_listing
	record set-small tool 1 "$CHSMACK" -r -a small small
	record list-small tool 1 "$CHSMACK" -r small
	rm -rf tree small
}

# ---------------------------------------------------------------- load
# smackload of the 100,000-rule policy against the floor writing its
# 94,000 merged rules in packed writes.
load_tool() {
	policy "$(tag tl "$1")" > /dev/null
	record load tool "$1" "$SMACKLOAD" "$T/$(tag tl "$1")/policy.rules"
	if [ "$1" -eq 1 ]; then
		verdict smackload-result same_rules tl01 "$T/tl01/policy.rules"
	fi
	rm -rf "${T:?}/$(tag tl "$1")"
}

load_floor() {
	policy "$(tag fl "$1")" > /dev/null
	record load floor "$1" "$bin/floor-load" "$T/$(tag fl "$1")/merged.rules"
	rm -rf "${T:?}/$(tag fl "$1")"
}

bench_load() {
	echo "load n - rules=$n_rules shape=$shape" >> "$results"
	policy tl00 > /dev/null
	echo "load writes - $("$bin/floor-load" -c "$T/tl00/merged.rules")" \
		>> "$results"
	rm -rf "$T/tl00"
	alternate load
}

# ---------------------------------------------------------------- reload
# smackctl reload of the policy with 1 % of its rules changed, from a
# kernel that holds exactly the policy, against the floor: read load2
# back, write only the difference.  A reload acts on the whole kernel, and
# reading load2 walks every rule the kernel ever had (it never deletes
# one), so both run on the same labels, one policy, put back to the same
# state after each run; this phase runs first, in a fresh kernel.  The
# full load it is compared with is the floor of the load phase.
restore_policy() {
	"$bin/floor-load" rl01/undiff.rules
}

reload_tool() {
	record reload tool "$1" "$SMACKCTL" --config-dir rl01/conf reload
	if [ "$1" -eq 1 ]; then
		verdict reload-result same_rules rl01 rl01/changed.rules
	fi
	restore_policy
}

# The floor, and its two parts on their own.
reload_floor() {
	record reload floor "$1" "$bin/floor-load" -r rl01/diff.rules
	restore_policy
	record reload-read floor "$1" "$bin/floor-load" -r /dev/null
	record reload-write floor "$1" "$bin/floor-load" rl01/diff.rules
	restore_policy
}

# probe_during NAME CMD...: runs CMD with the prober asking access2 for
# the pairs of rl01 that the change leaves alone.
probe_during() {
	_name=$1
	shift
	rm -f ready
	"$bin/bench-probe" rl01/probe.rules ready > probe.out &
	_pid=$!
	while [ ! -f ready ] && kill -0 "$_pid" 2> /dev/null; do
		sleep 0.05
	done
	"$@"
	kill -TERM "$_pid"
	wait "$_pid"
	echo "probe $_name 1 $(cat probe.out)" >> "$results"
	rm -f ready probe.out
}

# Upstream's way, clear then load again: the prober must see it deny.
clear_then_load() {
	awk '{ print $1 " " $2 " -" }' rl01/merged.rules > rl01/clear
	"$bin/floor-load" rl01/clear
	"$bin/floor-load" rl01/merged.rules
}

# Reloads back and forth between the changed and the original policy.
reload_back_and_forth() {
	_i=1
	while [ "$_i" -le "$PROBED_RELOADS" ]; do
		record reload probed "$_i" "$SMACKCTL" --config-dir rl01/conf \
			reload
		record reload probed "$_i" "$SMACKCTL" --config-dir rl01/orig \
			reload
		_i=$((_i + 1))
	done
}

bench_reload() {
	PROBED_RELOADS=${BENCH_PROBED_RELOADS:-3}
	echo "reload n - changed=1000" >> "$results"
	cd "$T" || return
	clear_rules
	policy rl01 > /dev/null
	mkdir -p rl01/conf/accesses.d rl01/orig/accesses.d
	cp rl01/changed.rules rl01/conf/accesses.d/policy
	cp rl01/policy.rules rl01/orig/accesses.d/policy
	"$bin/floor-load" rl01/merged.rules
	# Once there and back, so that every pair either state names exists
	# in the kernel before the first timed run.
	"$bin/floor-load" rl01/diff.rules
	restore_policy
	verdict reload-restore same_rules rl01 rl01/policy.rules
	alternate reload "${BENCH_RELOAD_ROUNDS:-4}"
	probe_during reload reload_back_and_forth
	probe_during clear-load clear_then_load
	rm -rf rl01
}

# ---------------------------------------------------------------- profile
# Not a default phase: the system calls of each tool and floor on the
# same work (strace -c -f), in $BENCH_OUT/profile/, to find where a
# missed target goes.  BENCH_PHASES=profile bench/run.sh
strace_c() {
	_name=$1
	shift
	strace -c -f -o "$out/profile/$_name.txt" "$@" > /dev/null
}

bench_profile() {
	mkdir -p "$out/profile"
	cd "$T" || return
	policy pt01 > /dev/null
	policy pf01 > /dev/null
	strace_c floor-load "$bin/floor-load" pf01/merged.rules
	clear_rules
	strace_c smackload "$SMACKLOAD" pt01/policy.rules
	# The kernel holds exactly pt01 now, as the reloads expect.
	mkdir -p pt01/conf/accesses.d
	cp pt01/changed.rules pt01/conf/accesses.d/policy
	strace_c smackctl-reload "$SMACKCTL" --config-dir pt01/conf reload
	"$bin/floor-load" pt01/undiff.rules
	strace_c floor-reload "$bin/floor-load" -r pt01/diff.rules
	head -n 64 pt01/probe.rules > pairs
	strace_c have-access "$BENCH_ACCESS" lib 1000 pairs
	strace_c floor-access "$BENCH_ACCESS" floor 1000 pairs
	set -- $(head -n 1 pairs)
	strace_c smackaccess "$SMACKACCESS" "$1" "$2" "$3"
	strace_c floor-access-run "$bin/floor-access" "$1" "$2" "$3"
	"$bin/gen-tree" tree 10 1000
	strace_c chsmack-set "$CHSMACK" -r -a prof tree
	strace_c floor-set "$bin/floor-chsmack" set prof2 tree
	strace_c chsmack-list "$CHSMACK" -r tree
	strace_c floor-list "$bin/floor-chsmack" list tree
	rm -rf tree pt01 pf01 pairs
}

# ---------------------------------------------------------------- main
echo "note - - kernel $(uname -r), $(grep -c ^processor /proc/cpuinfo)" \
	"CPU, $rounds rounds" >> "$results"
# smackaccess --config-dir against the kernel (issue 24).
. "${0%/*}/offline.sh"

# Only the boot phase, which run.sh runs in boots of its own.
bench_none() {
	:
}

for phase in $(echo "${BENCH_PHASES:-reload,access,chsmack,load,offline}" | tr , " "); do
	echo "=== $phase $(date +%T)"
	"bench_$phase"
done
echo "=== done $(date +%T)"
: > "$out/done"
sync
poweroff -f
