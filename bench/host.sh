# SPDX-License-Identifier: GPL-2.0-or-later
# What the benchmark's host phases share (sourced by audit.sh and lint.sh
# once builddir and cpu are set): host_tool NAME sets $tool to the program
# libtool built (not its wrapper script, whose shell would be timed too);
# the build's library is found first; $run is bench-run, and $pin pins a
# command to $cpu where taskset exists.
host_tool() {
	tool=$builddir/utils/.libs/$1
	[ -f "$tool" ] || tool=$builddir/utils/$1
}
LD_LIBRARY_PATH=$builddir/libsmack/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
run=$builddir/bench/bench-run
pin=
command -v taskset > /dev/null 2>&1 && pin="taskset -c $cpu"
