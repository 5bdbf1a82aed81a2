# smackaudit reading /dev/kmsg, a ring: records the kernel overwrites
# before smackaudit reads them (its read fails with EPIPE) are counted and
# reported, not lost without a word.  smackaudit --follow is stopped while
# more than the ring holds is logged, then goes on.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }

echo 1 > "$SMACKFS/logging"
devkmsg=$(cat /proc/sys/kernel/printk_devkmsg)
echo on > /proc/sys/kernel/printk_devkmsg	# no rate limit on our writes
echo data > km-file && chsmack -a KmObj km-file

# shown PATTERN: waits until --follow printed a line of PATTERN.
shown() {
	for _i in $(seq 200); do
		grep -q "$1" follow.out && return 0
		sleep 0.1
	done
	return 1
}

smackaudit --follow --object KmObj > follow.out 2> follow.err &
follower=$!
smackrun KmSub cat km-file > /dev/null 2>&1
check "--follow reads the kernel log" shown '^KmSub KmObj r: '

kill -STOP "$follower"
# Debug level, kept off the console: some megabytes, past any ring.
ring=$(dmesg | wc -c)
for _i in $(seq 20000); do
	printf '<7>smackaudit-kmsg flood %s: %s\n' "$_i" \
		xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
done > /dev/kmsg
check "the first record is no longer in the ring" \
	sh -c '! dmesg | grep -q "smackaudit-kmsg flood 1:"'
kill -CONT "$follower"
smackrun KmOther cat km-file > /dev/null 2>&1
check "--follow goes on after the records it lost" shown '^KmOther KmObj r: '
kill -INT "$follower"
wait "$follower"
check_eq "--follow exits 0" 0 $?
lost=$(sed -n 's/^the kernel log overwrote \([0-9]*\) records before they were read: this report may lack some$/\1/p' follow.out)
check "the report says how many records the ring overwrote" \
	test "${lost:-0}" -gt 1000
echo "# ring of about $ring bytes; $lost records overwritten"
check_eq "and nothing on standard error" "" "$(cat follow.err)"

echo "$devkmsg" > /proc/sys/kernel/printk_devkmsg
finish
