# What the kernel asks next, for each kind of object: a workload under
# NxSub is denied once; smackaudit --rules on that one log writes the
# pair's rule, letters that follow included; loaded, the workload passes
# with no new denial, and load2 holds that rule, no letter more.  Where
# the record cannot say the kind (an x alone: a program run, or a
# directory searched), the kernel's answer for each is shown.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }
command -v python3 > /dev/null || { echo "# python3 not installed"; exit 77; }

echo 1 > "$SMACKFS/logging"
ratelimit=$(cat /proc/sys/kernel/printk_ratelimit)
echo 0 > /proc/sys/kernel/printk_ratelimit
n=0

# mark: a line in the kernel log; since: the kernel log since the last
# mark; denials: NxSub's or NxSrv's denials in it.
mark() {
	n=$((n + 1))
	echo "smackaudit-next-$n" > /dev/kmsg
}
since() {
	dmesg | sed -n "/smackaudit-next-$n\$/,\$p"
}
quiet() {
	"$@" > /dev/null 2>&1
}
denials() {
	since | grep 'lsm=SMACK .*action=denied subject="Nx\(Sub\|Srv\)"'
}

# kind NAME OBJECT LINES CMD...: CMD as NxSub is denied; smackaudit
# --rules on the kernel log of that run writes LINES; loaded, CMD passes
# with no new denial and load2 holds LINES for NxSub and NxSrv.
kind() {
	_name=$1 _obj=$2 _want=$3
	shift 3
	mark
	check_fails "$_name: denied" quiet smackrun NxSub "$@"
	since | smackaudit --rules - > "rules.$_obj"
	check_eq "$_name: the rules" "$_want" \
		"$(grep -v '^#' "rules.$_obj" | grep . | sort)"
	smackload "rules.$_obj"
	mark
	check "$_name: passes once they are loaded" quiet smackrun NxSub "$@"
	check_eq "$_name: with no new denial" "" "$(denials)"
	check_eq "$_name: load2 holds them, no letter more" "$_want" \
		"$(grep -e "^NxSub $_obj " -e "^NxSrv NxSub " "$SMACKFS/load2" |
			sort)"
	smackload -c "rules.$_obj"
}

echo data > f-write && chsmack -a NxWrite f-write
kind "a file opened to write" NxWrite "NxSub NxWrite rw" \
	sh -c 'echo new > f-write'
echo data > f-append && chsmack -a NxAppend f-append
kind "a file opened to append" NxAppend "NxSub NxAppend rwa" \
	sh -c 'echo more >> f-append'
echo data > f-rw && chsmack -a NxRw f-rw
kind "a file opened to read and write" NxRw "NxSub NxRw rw" \
	sh -c 'exec 3<> f-rw'
cp /bin/true p-run && chsmack -a NxRun p-run
kind "a program run" NxRun "NxSub NxRun rx" sh -c ./p-run
mkfifo fifo && chsmack -a NxFifo fifo
kind "a FIFO opened to write" NxFifo "NxSub NxFifo rw" python3 -c '
import errno, os
try:
    os.open("fifo", os.O_WRONLY | os.O_NONBLOCK)
except OSError as e:
    if e.errno != errno.ENXIO:
        raise'
echo data > f-stat && chsmack -a NxStat f-stat
kind "a file's attributes read" NxStat "NxSub NxStat r" stat f-stat
echo data > f-chmod && chsmack -a NxChmod f-chmod
# chmod(1) reads the attributes first; the system call alone:
kind "a file's mode changed" NxChmod "NxSub NxChmod w" python3 -c '
import os
os.chmod("f-chmod", 0o600)'

# A directory a file is made in, whose new files carry its label
# (transmute, and t in the rule): the search is denied (x), then the new
# entry (wx), then the open of the new file, which carries the
# directory's label (r): a run of the loop for each.
mkdir d-trans && chsmack -a NxTrans -t d-trans
echo 'NxSub NxTrans wxt' | smackload -
mark
check_fails "with wx and t alone, the new file's open is denied" \
	quiet smackrun NxSub sh -c 'echo x > d-trans/first'
check "it asks r of the directory's label" sh -c \
	"dmesg | sed -n '/smackaudit-next-$n\$/,\$p' | grep -q 'fn=smack_file_open .*object=\"NxTrans\" requested=r '"
echo 'NxSub NxTrans t' | smackload -
# trans WANT FILE: a run making FILE denied, and smackaudit's rule from
# its log loaded.
trans() {
	mark
	check_fails "a transmuting directory: denied" \
		quiet smackrun NxSub sh -c "echo x > d-trans/$2"
	since | smackaudit --rules - > rules.trans
	check_eq "a transmuting directory: the rule" "NxSub NxTrans $1" \
		"$(grep -v '^#' rules.trans | grep .)"
	smackload rules.trans
}
trans rxt second
trans rwxt third
check "smackaudit adds r after wx, for the rule's t" \
	grep -q '^#   r: .*a file made in the transmuting directory carries its label, and its open asks for it (smack_file_open)' rules.trans
mark
check "the file is then made" smackrun NxSub sh -c 'echo x > d-trans/fourth'
check_eq "with no new denial" "" "$(denials)"

# A directory only searched: x, and nothing more.  The record is the
# same as a program's run, whose open asks r: the line gets r, and its
# comment says that a directory only searched needs none.
mkdir d-search && echo data > d-search/f && chsmack -a NxSearch d-search &&
	chsmack -a _ d-search/f
mark
check_fails "a directory searched: denied" quiet smackrun NxSub cat d-search/f
since | smackaudit --rules - > rules.search
check "the comment says a directory only searched needs no r" grep -qx \
	'#   r: the open of a program run asks for it (smack_file_open); a directory that is only searched needs no r' \
	rules.search
echo 'NxSub NxSearch x' | smackload -
mark
check "with x alone, the search passes" quiet smackrun NxSub cat d-search/f
check_eq "and nothing more is asked" "" "$(denials)"

# UNIX domain sockets, in a directory labeled '*' (a socket's file is
# labeled '*': the path is no check).  A stream connection is checked
# both ways, a datagram one way.
mkdir sk && chsmack -a '*' sk
smackrun NxSrv python3 -c '
import socket, time
s = socket.socket(socket.AF_UNIX)
s.bind("sk/stream")
s.listen(5)
d = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
d.bind("sk/dgram")
time.sleep(60)' &
server=$!
for _i in $(seq 100); do
	[ -S sk/dgram ] && break
	sleep 0.1
done
kind "a UNIX stream connection" NxSrv "NxSrv NxSub w
NxSub NxSrv w" python3 -c '
import socket
socket.socket(socket.AF_UNIX).connect("sk/stream")'
kind "a UNIX datagram" NxSrv "NxSub NxSrv w" python3 -c '
import socket
socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM).sendto(b"x", "sk/dgram")'
kill "$server"

echo "$ratelimit" > /proc/sys/kernel/printk_ratelimit
finish
