# Scenario 4: rules "Video Audio w" and "Audio Video w".  Processes labeled
# Video and Audio exchange UDP datagrams (each writes to the other's
# socket), a label without a rule cannot reach them, and neither can read
# the other's files.  udp-peer (examples/udp-peer.c) is the socket end.
. "$SRCDIR/tests/kernel/lib.sh"
command -v smackrun > /dev/null || { echo "# smackrun not built"; exit 77; }
PATH=$BUILDDIR/examples:$PATH

check "the loopback interface comes up" udp-peer loopback-up
printf 'Video Audio w\nAudio Video w\n' > rules
check "smackload loads the rules" smackload rules

# exchange TO FROM MESSAGE [FROM MESSAGE]...: starts a socket of TO, sends
# each MESSAGE from its FROM in turn, and prints the first datagram that
# arrives.  Loopback keeps the order, so a dropped datagram shows as a later
# one arriving first: no timing is involved.
exchange() {
	_to=$1; shift
	# Emptied here, not only by the listener's redirection: a loaded
	# machine may run the loop below before the listener starts, and it
	# must not take the previous exchange's port.
	: > "$T/udp.out"
	smackrun "$_to" udp-peer listen 30 > "$T/udp.out" &
	_listener=$!
	_port=
	for _i in $(seq 300); do
		_port=$(head -n 1 "$T/udp.out")
		[ -n "$_port" ] && break
		sleep 0.1
	done
	while [ $# -ge 2 ]; do
		if ! smackrun "$1" udp-peer send "$_port" "$2"; then
			kill "$_listener"
			return 1
		fi
		shift 2
	done
	wait "$_listener" || return 1
	sed -n 2p "$T/udp.out"
}

check_eq "Video sends Audio a datagram" "frame 1" \
	"$(exchange Audio Video "frame 1")"
check_eq "Audio sends Video a datagram" "sound 1" \
	"$(exchange Video Audio "sound 1")"
check_eq "a label to itself needs no rule" "echo" \
	"$(exchange Audio Audio "echo")"
check_eq "Radio, without a rule, cannot reach Audio: dropped" "after" \
	"$(exchange Audio Radio "static" Audio "after")"
check_eq "nor Video reach Viewer" "after" \
	"$(exchange Viewer Video "frame 2" Viewer "after")"

echo "volume=7" > audio.conf
echo "resolution=1080p" > video.conf
check "chsmack labels the files" sh -c \
	'chsmack -a Audio audio.conf && chsmack -a Video video.conf'
check_fails "Video cannot read Audio's file" smackrun Video cat audio.conf
check_fails "Audio cannot read Video's file" smackrun Audio cat video.conf
check_eq "each reads its own" "volume=7" "$(smackrun Audio cat audio.conf)"
finish
