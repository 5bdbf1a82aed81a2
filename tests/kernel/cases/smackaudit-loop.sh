# smackaudit's loop in the kernel: a workload under the label AuSub is
# denied (a file read, a file write, an exec, a UDP datagram, a signal);
# smackaudit --rules on the kernel log writes rules; smackload loads them;
# the same workload then passes with no new denial, and load2 holds no
# letter the workload did not need.  On the way it checks in the kernel
# what the tool knows in advance: that the kernel asks r after the w of a
# write's open and after the x of an exec, and nothing after a datagram's
# or a signal's w.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }
PATH=$BUILDDIR/examples:$PATH

echo 1 > "$SMACKFS/logging"
# kauditd prints through printk's rate limit (10 lines in 5 s by default).
ratelimit=$(cat /proc/sys/kernel/printk_ratelimit)
echo 0 > /proc/sys/kernel/printk_ratelimit
check "the loopback interface comes up" udp-peer loopback-up

echo data > au-read && chsmack -a AuR au-read
echo old > au-write && chsmack -a AuW au-write
cp /bin/true au-prog && chsmack -a AuX au-prog
smackrun AuVictim sleep 120 &
victim=$!
for _i in $(seq 100); do
	[ "$(cat /proc/$victim/attr/current 2> /dev/null)" = AuVictim ] && break
	sleep 0.1
done

# udp_try: AuSub sends a datagram to a socket of AuRecv; prints what the
# socket got first: "dgram", or "after" (its own) when Smack dropped it.
udp_try() {
	: > udp.out
	smackrun AuRecv udp-peer listen 20 > udp.out &
	_listener=$!
	for _i in $(seq 200); do
		[ -s udp.out ] && break
		sleep 0.1
	done
	smackrun AuSub udp-peer send "$(head -n 1 udp.out)" dgram
	smackrun AuRecv udp-peer send "$(head -n 1 udp.out)" after
	wait "$_listener"
	sed -n 2p udp.out
}

# workload: what of it AuSub was allowed to do, one word a line.
workload() {
	smackrun AuSub cat au-read > /dev/null 2>&1 && echo read
	smackrun AuSub sh -c 'echo new > au-write' 2> /dev/null && echo write
	# The shell execs the program: with KERNEL_VALGRIND, valgrind runs
	# smackrun and would read the program itself before an exec.
	smackrun AuSub sh -c ./au-prog 2> /dev/null && echo exec
	[ "$(udp_try)" = dgram ] && echo datagram
	smackrun AuSub kill -CONT "$victim" 2> /dev/null && echo signal
}

# denials_since MARK: the Smack denial records of AuSub logged after the
# line MARK, read from the kernel log without smackaudit.
denials_since() {
	dmesg | sed -n "/$1/,\$p" |
		grep 'lsm=SMACK .*action=denied subject="AuSub"'
}

mark() {
	echo "$1" > /dev/kmsg
}

start=$(date +%s)
check_eq "the first run is denied everything" "" "$(workload)"

smackaudit --since "@$start" --subject AuSub > report
check_eq "smackaudit reads the kernel log" 0 $?
check "the report says no rule is loaded for a pair" \
	grep -qF 'why: no rule "AuSub AuR ..." is loaded' report
check "the report names the command and file" \
	grep -q 'cat\[[0-9]*\] smack_inode_permission name="au-read"' report

smackaudit --rules --since "@$start" --subject AuSub > rules
check_eq "smackaudit --rules exits 0" 0 $?
cat > expected <<'RULES'
AuSub AuR r
AuSub AuRecv w
AuSub AuVictim w
AuSub AuW rw
AuSub AuX rx
RULES
check_eq "the rules: the pairs' letters, and r after the opens of w and x" \
	"$(cat expected)" "$(grep -v '^#' rules | grep . | sort)"
check "a comment names why r comes with w" \
	grep -q '^#   r: the open that follows asks for it (smack_file_open)' rules

# What the kernel asks next, seen in the kernel: with only the letters the
# log showed, a write's open and an exec are denied r, and nothing more
# is asked after the w of a datagram or a signal.
printf 'AuSub AuW w\nAuSub AuX x\nAuSub AuRecv w\nAuSub AuVictim w\n' > seen
smackload seen
mark smackaudit-loop-seen
check_eq "with the letters of the log alone, the datagram and the signal pass" \
	"datagram signal" "$(workload | tr '\n' ' ' | sed 's/ $//')"
denials_since smackaudit-loop-seen > next
check "the write's open is then denied r" grep -q \
	'fn=smack_file_open .*object="AuW" requested=r ' next
check "the exec's open is then denied r" grep -q \
	'fn=smack_file_open .*object="AuX" requested=r ' next
check_eq "and nothing else of the datagram or signal" "" \
	"$(grep -e '"AuRecv"' -e '"AuVictim"' next)"
smackaudit --subject AuSub --object AuW --since "@$start" > partial
check "the report then says the rule lacks r" \
	grep -qF 'why: the rule "AuSub AuW w" lacks "r"' partial

smackload rules
check_eq "smackload loads smackaudit's rules" 0 $?
mark smackaudit-loop-again
check_eq "the same workload then passes" "read write exec datagram signal" \
	"$(workload | tr '\n' ' ' | sed 's/ $//')"
check "the kernel log holds the mark" \
	sh -c 'dmesg | grep -q smackaudit-loop-again'
check_eq "with no new denial record" "" \
	"$(denials_since smackaudit-loop-again)"
check_eq "load2 holds exactly the rules, no letter more" "$(cat expected)" \
	"$(grep '^AuSub ' "$SMACKFS/load2" | sort)"
smackaudit --subject AuSub --object AuR --since "@$start" > after
check "the report now says it is allowed now" grep -qF \
	'why: allowed now: the rule "AuSub AuR r" grants it' after

# --follow on the kernel log: a new denial shows as it comes, and a
# signal ends it with the report.
echo data > au-follow && chsmack -a AuF au-follow
smackaudit --follow --object AuF > follow.out 2> follow.err &
follower=$!
smackrun AuSub cat au-follow > /dev/null 2>&1
for _i in $(seq 200); do
	grep -q '^AuSub AuF r: ' follow.out && break
	sleep 0.1
done
check "--follow prints the new denial as it comes" \
	grep -q '^AuSub AuF r: cat\[[0-9]*\] smack_inode_permission' follow.out
kill -INT "$follower"
wait "$follower"
check_eq "--follow ends at SIGINT with status 0" 0 $?
check "and writes the report" grep -qx '1 entry from 1 record' follow.out

kill "$victim"
echo "$ratelimit" > /proc/sys/kernel/printk_ratelimit
finish
