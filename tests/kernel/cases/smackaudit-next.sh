# What the kernel asks next, for each kind of object: a workload under
# NxSub, one command of each kind, is denied once; smackaudit --rules on
# that one log writes the rules, letters that follow included; loaded,
# the workload passes with no new denial, and load2 holds those rules,
# no letter more.  Where
# the record cannot say the kind (an x alone: a program run, or a
# directory searched), the kernel's answer for each is shown.  The
# workloads run under lib.sh's confined, the kernel's alone: the case is
# about the kernel and smackaudit, and stays short under valgrind.
. "$SRCDIR/tests/kernel/lib.sh"
command -v python3 > /dev/null || { echo "# python3 not installed"; exit 77; }

echo 1 > "$SMACKFS/logging"
ratelimit=$(cat /proc/sys/kernel/printk_ratelimit)
echo 0 > /proc/sys/kernel/printk_ratelimit
n=0

# mark: a line in the kernel log; since: the kernel log since the last
# mark; denials: the denials of NxSub and of the servers in it.
mark() {
	n=$((n + 1))
	echo "smackaudit-next-$n" > /dev/kmsg
}
since() {
	dmesg | sed -n "/smackaudit-next-$n\$/,\$p"
}
quiet() {
	"$@" < /dev/null > /dev/null 2>&1
}
# audit_rules OUT: smackaudit --rules on the log since the mark, without
# the line of the pair NxSub _: the bash that confined runs through capsh
# opens /dev/tty, which is labeled '_'.
audit_rules() {
	since | smackaudit --rules - | sed '/^NxSub _ /d' > "$1"
}
denials() {
	since | grep 'lsm=SMACK .*action=denied subject="Nx\(Sub\|Stream\|Dgram\)"' |
		grep -v 'object="_" .* name="tty"'
}

# The kinds: a name, then the command NxSub runs (python3 scripts for the
# system calls a shell does not make alone).
cat > open-fifo.py <<'PY'
import errno, os
try:
    os.open("fifo", os.O_WRONLY | os.O_NONBLOCK)
except OSError as e:
    if e.errno != errno.ENXIO:
        raise
PY
printf 'import os\nos.chmod("f-chmod", 0o600)\n' > chmod.py
printf 'import socket\nsocket.socket(socket.AF_UNIX).connect("sk/stream")\n' > stream.py
printf 'import socket\nsocket.socket(socket.AF_UNIX, socket.SOCK_DGRAM).sendto(b"x", "sk/dgram")\n' > dgram.py
cat > kinds <<'KINDS'
a file opened to write|echo new > f-write
a file opened to append|echo more >> f-append
a file opened to read and write|exec 3<> f-rw
a program run|./p-run
a FIFO opened to write|python3 open-fifo.py
a file's attributes read|stat f-stat
a file's mode changed (the system call: chmod(1) reads them first)|python3 chmod.py
a UNIX stream connection|python3 stream.py
a UNIX datagram|python3 dgram.py
KINDS
# The rules they need: r after an open to write or append and after a
# program's run, w both ways for a stream connection, and nothing more.
cat > expected <<'RULES'
NxStream NxSub w
NxSub NxAppend rwa
NxSub NxChmod w
NxSub NxDgram w
NxSub NxFifo rw
NxSub NxRun rx
NxSub NxRw rw
NxSub NxStat r
NxSub NxStream w
NxSub NxWrite rw
RULES

# each VERB: runs each kind as NxSub, checking that it VERB ("is denied"
# or "passes").
each() {
	while IFS='|' read -r _name _cmd; do
		if [ "$1" = passes ]; then
			check "$_name: passes" quiet confined NxSub sh -c "$_cmd"
		else
			check_fails "$_name: is denied" \
				quiet confined NxSub sh -c "$_cmd"
		fi
	done < kinds
}

# The objects, labeled in one process (chsmack's labels are tested
# elsewhere; under valgrind each run of it takes seconds).  The UNIX
# domain sockets are made in a directory labeled '*' (a socket's file is
# labeled '*': the path is no check).
for f in f-write f-append f-rw f-stat f-chmod; do echo data > "$f"; done
cp /bin/true p-run && mkfifo fifo && mkdir sk
python3 -c '
import os
for path, label in (("f-write", "NxWrite"), ("f-append", "NxAppend"),
                    ("f-rw", "NxRw"), ("p-run", "NxRun"), ("fifo", "NxFifo"),
                    ("f-stat", "NxStat"), ("f-chmod", "NxChmod"), ("sk", "*")):
    os.setxattr(path, "security.SMACK64", label.encode())'
confined NxStream python3 -c '
import socket, time
s = socket.socket(socket.AF_UNIX)
s.bind("sk/stream")
s.listen(5)
time.sleep(600)' &
stream=$!
confined NxDgram python3 -c '
import socket, time
d = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
d.bind("sk/dgram")
time.sleep(600)' &
dgram=$!
for _i in $(seq 100); do
	[ -S sk/stream ] && [ -S sk/dgram ] && break
	sleep 0.1
done

mark
each "is denied"
audit_rules rules
check_eq "the rules of that one log" "$(cat expected)" \
	"$(grep -v '^#' rules | grep . | sort)"
check "smackload loads them" smackload rules
mark
each passes
check_eq "with no new denial" "" "$(denials)"
check_eq "load2 holds them, no letter more" "$(cat expected)" \
	"$(grep -e '^NxSub ' -e '^NxStream NxSub ' "$SMACKFS/load2" | sort)"
smackload -c rules
kill "$stream" "$dgram"

# A directory a file is made in, whose new files carry its label
# (transmute, and t in the rule): the search is denied (x), then the new
# entry (wx), then the open of the new file, which carries the
# directory's label (r): a run of the loop for each.
mkdir d-trans && chsmack -a NxTrans -t d-trans
echo 'NxSub NxTrans wxt' | smackload -
mark
check_fails "with wx and t alone, the new file's open is denied" \
	quiet confined NxSub sh -c 'echo x > d-trans/first'
check "it asks r of the directory's label" sh -c \
	"dmesg | sed -n '/smackaudit-next-$n\$/,\$p' | grep -q 'fn=smack_file_open .*object=\"NxTrans\" requested=r '"
echo 'NxSub NxTrans t' | smackload -
# trans WANT FILE: a run making FILE denied, and smackaudit's rule from
# its log loaded.
trans() {
	mark
	check_fails "a transmuting directory: denied" \
		quiet confined NxSub sh -c "echo x > d-trans/$2"
	audit_rules rules.trans
	check_eq "a transmuting directory: the rule" "NxSub NxTrans $1" \
		"$(grep -v '^#' rules.trans | grep .)"
	smackload rules.trans
}
trans rxt second
trans rwxt third
check "smackaudit adds r after wx, for the rule's t" \
	grep -q '^#   r: .*a file made in the transmuting directory carries its label, and its open asks for it (smack_file_open)' rules.trans
mark
check "the file is then made" confined NxSub sh -c 'echo x > d-trans/fourth'
check_eq "with no new denial" "" "$(denials)"

# A directory only searched: x, and nothing more.  The record is the
# same as a program's run, whose open asks r: the line gets r, and its
# comment says that a directory only searched needs none.
mkdir d-search && echo data > d-search/f && chsmack -a NxSearch d-search &&
	chsmack -a _ d-search/f
mark
check_fails "a directory searched: denied" quiet confined NxSub cat d-search/f
audit_rules rules.search
check "the comment says a directory only searched needs no r" grep -qx \
	'#   r: the open of a program run asks for it (smack_file_open); a directory that is only searched needs no r' \
	rules.search
echo 'NxSub NxSearch x' | smackload -
mark
check "with x alone, the search passes" quiet confined NxSub cat d-search/f
check_eq "and nothing more is asked" "" "$(denials)"

echo "$ratelimit" > /proc/sys/kernel/printk_ratelimit
finish
