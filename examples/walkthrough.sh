#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# walkthrough.sh WORKDIR: the demo's walk through Smack's six classic
# scenarios with the real tools (smackload, chsmack, smackrun, smackctl),
# printing each command, its output and what the kernel decided.  Every
# decision is also checked against what the policy says; the exit status
# is the number of surprises (0: Smack did exactly what the rules say).
#
# Runs as root on a Smack kernel with no rules loaded, in WORKDIR, an empty
# directory on a filesystem that keeps labels (tmpfs).  The tools and
# udp-peer must be on PATH.  demo-guest.sh runs it for README's demo, and
# tests/kernel/cases/scenario-demo.sh runs it as a test.
set -u
examples=$(cd "$(dirname "$0")" && pwd)
work=${1:?usage: walkthrough.sh WORKDIR}
scratch=$work/.scratch
steps=0 surprises=0

cd "$work" || exit 1
mkdir -p "$scratch" || exit 1
cp -R "$examples/files/." . && cp -R "$examples/policy" policy || exit 1

# The command as one would type it: arguments with special characters are
# single-quoted.
quoted() {
	_line=
	for _arg in "$@"; do
		case $_arg in
		'' | *[!A-Za-z0-9_./=:,+@%-]*) _arg="'$_arg'" ;;
		esac
		_line="$_line${_line:+ }$_arg"
	done
	printf '%s' "$_line"
}

section() { printf '\n== %s\n' "$*"; }
note() { printf '   %s\n' "$@"; }

# run CMD...: shows and runs a setup command, which must succeed.
run() {
	printf '$ %s\n' "$(quoted "$@")"
	"$@" 2>&1 || surprise "this setup command failed"
}

surprise() {
	surprises=$((surprises + 1))
	printf '   !! UNEXPECTED: %s\n' "$*"
}

# verdict EXPECTED GOT WHY: prints the kernel's decision and counts it.
verdict() {
	steps=$((steps + 1))
	printf '   -> %s: %s\n' "$2" "$3"
	[ "$1" = "$2" ] || surprise "the policy says $1"
}

# try allowed|denied WHY CMD...: runs CMD, which Smack should allow or
# deny for the reason WHY.
try() {
	_expected=$1 _why=$2; shift 2
	printf '$ %s\n' "$(quoted "$@")"
	if "$@" 2>&1; then _got=allowed; else _got=denied; fi
	verdict "$_expected" "$_got" "$_why"
}

# shows WHY OUTPUT CMD...: runs CMD, whose output must be OUTPUT.
shows() {
	_why=$1 _want=$2; shift 2
	printf '$ %s\n' "$(quoted "$@")"
	_out=$("$@" 2>&1)
	printf '%s\n' "$_out"
	printf '   -> %s\n' "$_why"
	steps=$((steps + 1))
	[ "$_out" = "$_want" ] || surprise "the policy says: $_want"
}

# udp EXPECTED WHY TO FROM MESSAGE: FROM sends MESSAGE to a socket of TO.
# When it should be denied, TO then sends itself a datagram: loopback keeps
# the order, so if that one arrives first, the kernel dropped MESSAGE.
udp() {
	_expected=$1 _why=$2 _to=$3 _from=$4 _msg=$5
	: > "$scratch/udp"	# never the previous exchange's port
	smackrun "$_to" udp-peer listen 30 > "$scratch/udp" 2>&1 &
	_listener=$!
	for _i in $(seq 300); do
		[ -s "$scratch/udp" ] && break
		sleep 0.1
	done
	_port=$(head -n 1 "$scratch/udp")
	printf '$ %s &\n%s\n' "$(quoted smackrun "$_to" udp-peer listen 30)" \
		"$_port"
	udp_send "$_from" "$_msg"
	[ "$_expected" = denied ] && udp_send "$_to" "$_to to itself"
	wait "$_listener"
	_got=$(sed -n 2p "$scratch/udp")
	printf "[%s's listener] %s\n" "$_to" "$_got"
	case $_got in
	"$_msg") verdict "$_expected" allowed "$_why" ;;
	"$_to to itself") verdict "$_expected" denied "$_why" ;;
	*) steps=$((steps + 1)); surprise "the exchange itself failed" ;;
	esac
}

udp_send() {
	printf '$ %s\n' "$(quoted smackrun "$1" udp-peer send "$_port" "$2")"
	smackrun "$1" udp-peer send "$_port" "$2" 2>&1
}

printf '%s\n' \
	"Smack walkthrough: each command below runs on this Smack kernel, as" \
	"root.  smackrun starts a command under a label without CAP_MAC_OVERRIDE" \
	"and CAP_MAC_ADMIN, so Smack really confines it; '->' says what the" \
	"kernel decided and why.  The files are the demo's tree (examples/files)" \
	"in a tmpfs, the rules the demo's policy (examples/policy)."

section "0. Smack is active"
run cat /sys/kernel/security/lsm
echo
run smackrun --show
note "(this shell has the floor label \"_\", like init)"

section "1. Labels and rules: a Viewer may watch CNN and ESPN"
run cat policy/accesses.d/10-news
run smackload policy/accesses.d/10-news
run chsmack -a CNN news/cnn.txt
run chsmack -a ESPN news/espn.txt
run chsmack news/cnn.txt news/espn.txt
try allowed 'rule "Viewer CNN r"' smackrun Viewer cat news/cnn.txt
try allowed 'rule "Viewer ESPN r"' smackrun Viewer cat news/espn.txt
try denied 'no rule lets CNN read ESPN' smackrun CNN cat news/espn.txt
try denied 'nor ESPN read CNN' smackrun ESPN cat news/cnn.txt
run mkdir viewer-home
run chsmack -a Viewer viewer-home
try allowed 'a label may do anything to its own objects' \
	smackrun Viewer sh -c 'echo "watched the news" > viewer-home/diary'
shows 'a new file gets the label of the process that creates it' \
	'viewer-home/diary access="Viewer"' chsmack viewer-home/diary

section "2. An exec keeps the label, unless the program says otherwise"
shows 'an exec keeps the label of the process' \
	'show-label runs as Viewer' smackrun Viewer bin/show-label
run chsmack -e Guide bin/show-label
shows 'with SMACK64EXEC the program runs as Guide, whoever starts it' \
	'show-label runs as Guide' smackrun Viewer bin/show-label

section "3. Special labels: floor _, star *, hat ^"
try allowed 'everyone may read and execute floor (_) objects' \
	smackrun Viewer cat public/notice.txt
try denied 'but not write them' \
	smackrun Viewer sh -c 'echo graffiti >> public/notice.txt'
run chsmack -a '*' public/guestbook.txt
try allowed 'a star (*) object is open to every label' \
	smackrun Viewer sh -c 'echo "Viewer was here" >> public/guestbook.txt'
try allowed 'to every label' \
	smackrun ESPN sh -c 'echo "ESPN was here" >> public/guestbook.txt'
run cat public/guestbook.txt
try allowed 'the hat (^) may read everything' smackrun ^ cat news/cnn.txt
try denied 'but write nothing it was not given' \
	smackrun ^ sh -c 'echo "fake news" >> news/cnn.txt'

section "4. Video and Audio exchange datagrams, and nothing else"
run cat policy/accesses.d/20-media
run smackload policy/accesses.d/20-media
run chsmack -a Video media/video.conf
run chsmack -a Audio media/audio.conf
run udp-peer loopback-up
udp allowed 'rule "Video Audio w": Video may write to Audio'"'"'s socket' \
	Audio Video "frame 1 ready"
udp allowed 'rule "Audio Video w"' Video Audio "sound 1 ready"
udp denied 'no rule lets Viewer write to Audio: the kernel dropped "hello?"' \
	Audio Viewer "hello?"
try denied 'w is not r: Video may not read Audio'"'"'s files' \
	smackrun Video cat media/audio.conf
try denied 'nor Audio Video'"'"'s' smackrun Audio cat media/video.conf

section "5. Revoking access takes effect at once"
printf '$ echo "Viewer ESPN -" | smackload\n'
echo "Viewer ESPN -" | smackload 2>&1 || surprise "smackload failed"
try denied 'the rule now grants nothing' smackrun Viewer cat news/espn.txt
shows 'no file was relabeled' 'news/espn.txt access="ESPN"' \
	chsmack news/espn.txt
run smackload -c policy/accesses.d/10-news
try denied 'smackload -c removed the rule "Viewer CNN r"' \
	smackrun Viewer cat news/cnn.txt

section "6. A transmuting directory gives new files its own label"
run cat policy/accesses.d/30-newsroom
run smackload policy/accesses.d/30-newsroom
run mkdir newsroom
run chsmack -a Newsroom -t newsroom
try allowed 'rule "Editor Newsroom rwxat"' \
	smackrun Editor sh -c 'echo "draft" > newsroom/story'
try allowed 'rule "Intern Newsroom rwxa"' \
	smackrun Intern sh -c 'echo "two sugars" > newsroom/coffee'
try allowed 'and a new directory inherits the transmute flag' \
	smackrun Editor mkdir newsroom/archive
shows "the Editor's rule has t: its files take the directory's label" \
	'newsroom/story access="Newsroom"' chsmack newsroom/story
shows "the Intern's has not: its file keeps the Intern label" \
	'newsroom/coffee access="Intern"' chsmack newsroom/coffee
shows 'a new directory takes the label and the transmute flag' \
	'newsroom/archive access="Newsroom" transmute="TRUE"' \
	chsmack newsroom/archive

section "Back to the demo's policy, and the kernel's state"
run smackctl --config-dir policy reload
try allowed 'reload put the revoked rules back' \
	smackrun Viewer cat news/cnn.txt
run smackctl --config-dir policy status

echo
if [ "$surprises" -eq 0 ]; then
	echo "All $steps decisions were the ones the policy calls for."
else
	echo "$surprises of the steps did NOT go as the policy says."
fi
exit "$surprises"
