# The lock of the policy's writers (smack_policy_lock(3)), with two real
# processes at a time: while one writer holds it, every other tool that
# changes the policy waits (/proc/locks lists it as blocked on the lock),
# or with --no-wait exits 3 having written nothing; smack_load_policy()
# waits too.  A writer killed part-way leaves no lock behind, status shows
# the drift it left, and a reload repairs it.
#
# A writer is caught in the middle by tests/kernel/fault-inject.c
# (SMACK_FAULT_DO=hold: before its Nth write to a smackfs file it creates
# $T/hold/held and waits for $T/hold/go), or killed there (SMACK_FAULT_DO=
# kill).  A static build ignores LD_PRELOAD: the case skips itself there.
. "$SRCDIR/tests/kernel/lib.sh"

inject=$BUILDDIR/tests/kernel/fault-inject.so
hold=$T/hold

# wait_until CMD...: until CMD succeeds; 1 after two minutes (programs run
# under valgrind in one of the test stages).
wait_until() {
	i=0
	while [ $i -lt 1200 ]; do
		"$@" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# blocked PID: /proc/locks lists PID as waiting for a lock.
blocked() {
	grep -q -- "-> FLOCK  ADVISORY  WRITE $1 " /proc/locks
}

# A tree of 600 rules: its load takes several writes to load2.
mkdir -p "$T/a/accesses.d" "$T/b/accesses.d"
awk 'BEGIN { for (i = 0; i < 600; i++) printf "LkA%d LkObj r\n", i }' \
	> "$T/a/accesses.d/rules"
awk 'BEGIN { for (i = 0; i < 600; i++) printf "LkB%d LkObj w\n", i }' \
	> "$T/b/accesses.d/rules"
echo 'LkCip 3 5' > "$T/cipso"
echo '10.66.0.0/16 LkNet' > "$T/hosts"

# Does the injector work here?  A static build ignores LD_PRELOAD.
env LD_PRELOAD="$inject" SMACK_FAULT_LOG="$T/probe" SMACK_FAULT_FILE=logging \
	SMACK_FAULT_AT=1 smackctl knob logging 1 2> /dev/null
if [ ! -s "$T/probe" ]; then
	echo "# the fault injector is not preloaded (a static build?)"
	exit 77
fi

# ---- a writer holds the lock
mkdir -p "$hold"
env LD_PRELOAD="$inject" SMACK_FAULT_FILE=load2 SMACK_FAULT_AT=2 \
	SMACK_FAULT_DO=hold SMACK_FAULT_DIR="$hold" \
	smackctl --config-dir "$T/a" apply > "$T/apply.out" 2>&1 &
apply_pid=$!
check "smackctl apply stops in the middle, holding the lock" \
	wait_until test -e "$hold/held"

lock-probe try
check_eq "the lock is taken: another process cannot take it" 3 "$?"

# --no-wait: every writing tool exits 3 at once and writes nothing.
echo 'LkNoWait LkObj r' > "$T/rule"
smackload --no-wait "$T/rule" 2> "$T/err"
check_eq "smackload --no-wait exits 3" 3 "$?"
check "... and says why" grep -qx \
	"smackload: nothing was written to the kernel: Device or resource busy" \
	"$T/err"
check_fails "... having written nothing" grep -q '^LkNoWait ' "$SMACKFS/load2"
smackcipso --no-wait "$T/cipso" 2> /dev/null
check_eq "smackcipso --no-wait exits 3" 3 "$?"
check_fails "... having written nothing" grep -q '^LkCip ' "$SMACKFS/cipso2"
smacknetlabel --no-wait "$T/hosts" 2> /dev/null
check_eq "smacknetlabel --no-wait exits 3" 3 "$?"
check_fails "... having written nothing" grep -q 'LkNet' "$SMACKFS/netlabel"
smackctl --no-wait knob logging 2 2> /dev/null
check_eq "smackctl --no-wait knob exits 3" 3 "$?"
check_eq "... having written nothing" 1 "$(cat "$SMACKFS/logging")"
smackctl --no-wait --config-dir "$T/b" reload 2> /dev/null
check_eq "smackctl --no-wait reload exits 3" 3 "$?"
smackctl --no-wait clear 2> /dev/null
check_eq "smackctl --no-wait clear exits 3" 3 "$?"
check "... having written nothing" has_rule LkA0 LkObj r
check "a --dry-run does not need the lock" \
	smackctl --no-wait --config-dir "$T/b" --dry-run reload > /dev/null

# Without it, a second writer waits, and writes after the first.
smackload "$T/rule" &
load_pid=$!
check "smackload waits for the lock" wait_until blocked "$load_pid"
check_fails "... and has written nothing yet" grep -q '^LkNoWait ' \
	"$SMACKFS/load2"
check "the first writer is still in the middle of its load" \
	grep -q '^LkA' "$SMACKFS/load2"
touch "$hold/go"
wait "$apply_pid"
check_eq "the first writer finishes" 0 "$?"
wait "$load_pid"
check_eq "then the second" 0 "$?"
check "the first writer's rules are all there" has_rule LkA599 LkObj r
check "the second writer's rule is there" has_rule LkNoWait LkObj r
lock-probe try
check_eq "the lock is free again" 0 "$?"

# smack_load_policy() waits too, for a holder that is another program.
rm -f "$hold/held" "$hold/go"
lock-probe hold "$hold" &
holder=$!
wait_until test -e "$hold/held"
lock-probe load-policy &
policy_pid=$!
check "smack_load_policy() waits while another process holds the lock" \
	wait_until blocked "$policy_pid"
touch "$hold/go"
wait "$holder"
check_eq "the holder releases it" 0 "$?"
wait "$policy_pid"
check_eq "then smack_load_policy() runs" 0 "$?"
check "a holder calls smack_load_policy(), which takes it again" \
	lock-probe nest

# ---- a reload killed part-way
smackctl --config-dir "$T/a" apply
env LD_PRELOAD="$inject" SMACK_FAULT_FILE=load2 SMACK_FAULT_AT=2 \
	SMACK_FAULT_DO=kill smackctl --config-dir "$T/b" reload 2> /dev/null
check_eq "a reload killed part-way" 137 "$?"
lock-probe try
check_eq "... leaves no lock behind" 0 "$?"
check "... leaves some of the new rules" grep -q '^LkB' "$SMACKFS/load2"
check "... and some of the old" grep -q '^LkA' "$SMACKFS/load2"
smackctl --config-dir "$T/b" --key-value status > "$T/status"
check "status shows the drift it left" grep -qx drift=yes "$T/status"
check "a reload repairs it" smackctl --no-wait --config-dir "$T/b" reload
smackctl --config-dir "$T/b" --key-value status > "$T/status"
check "no drift is left" grep -qx drift=no "$T/status"
check_eq "the kernel has exactly the tree's rules" 600 \
	"$(grep -c . "$SMACKFS/load2")"
finish
