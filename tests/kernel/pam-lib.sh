# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers of the pam_smack(8) cases (cases/pam-*.sh), on top of lib.sh.
#
# A case runs in a mount namespace of its own (pam-ns.sh), where
# $T/etc/pam.d, $T/etc/passwd and $T/etc/group are bind-mounted over
# /etc's: a PAM stack and a user database of the case's own, never the
# host's (through hostfs the guest's /etc is the host's; a bind mount in
# the guest changes nothing there).  Users: alice (uid 2001), bob (2002,
# also in the group staff), carol (2003), each in a group of the same name.
#
#   pam_service SERVICE ARG...   the stack of SERVICE: root authenticated
#                                by pam_rootok, pam_smack ARG... the one
#                                session module
#   pam_session SERVICE USER CMD...
#                                a session of SERVICE for USER
#                                (tests/kernel/pam-session.c) and CMD run
#                                in it with USER's identity
#   su_session USER CMD...       the same through su(1), service "su"
#   default_users FILE CMD...    CMD with FILE as the module's default
#                                users file (SYSCONFDIR/smack/users)
#   syslog_start, log_run CMD..., syslog_stop
#                                syslog captured from /dev/log: $T/log
#                                holds the messages of log_run's CMD
#
# The module is the build's, or in the installed mode (INSTALLED) the one
# installed under that root.
. "$SRCDIR/tests/kernel/lib.sh"

# Where the module is: the installed one in the installed mode, which
# must then be there.
pam_module=
if [ -n "$INSTALLED" ]; then
	for m in "$INSTALLED"/lib/*/security/pam_smack.so \
		"$INSTALLED"/usr/lib/*/security/pam_smack.so \
		"$INSTALLED"/usr/lib/security/pam_smack.so; do
		[ -f "$m" ] && pam_module=$m
	done
	if [ -z "$pam_module" ]; then
		fail "pam_smack.so is installed under $INSTALLED"
		finish
	fi
else
	pam_module=$BUILDDIR/pam/.libs/pam_smack.so
	if [ ! -f "$pam_module" ]; then
		echo "# pam_smack.so not built (configure found no libpam)"
		exit 77
	fi
fi
command -v pam-session > /dev/null || { echo "# no pam-session"; exit 77; }
mkdir -p "$T/etc/pam.d"
printf '%s\n' "auth required pam_deny.so" "account required pam_deny.so" \
	"password required pam_deny.so" "session required pam_deny.so" \
	> "$T/etc/pam.d/other"
cat > "$T/etc/passwd" <<'USERS'
root:x:0:0:root:/root:/bin/sh
alice:x:2001:2001:Alice:/:/bin/sh
bob:x:2002:2002:Bob:/:/bin/sh
carol:x:2003:2003:Carol:/:/bin/sh
USERS
cat > "$T/etc/group" <<'GROUPS'
root:x:0:
alice:x:2001:
bob:x:2002:
carol:x:2003:
staff:x:3000:bob
GROUPS

# The users file the module reads when users= names none (SYSCONFDIR of
# its build), from its own bytes: the namespace hides it.
PAM_DEFAULT_USERS=$(grep -ao '/[[:graph:]]*/smack/users' "$pam_module" |
	head -n 1)
export PAM_DEFAULT_USERS
mkdir -p "$T/empty"

# Runs its arguments in the case's namespace (pam-ns.sh), from anywhere:
# sh "$PAM_NS" CMD...
PAM_NS=$SRCDIR/tests/kernel/pam-ns.sh

# The case runs again from its start inside the namespace, entered once:
# entering it for each session would cost five more programs a session,
# which UML makes dear.  The lines above make the same files again.
[ -n "${PAM_NS_ENTERED:-}" ] || exec sh "$PAM_NS" sh "$0"
echo "# pam_smack.so: $pam_module"

pam_service() {
	_service=$1; shift
	{
		echo "auth     sufficient pam_rootok.so"
		echo "auth     required   pam_deny.so"
		echo "account  required   pam_permit.so"
		echo "session  required   $pam_module $*"
	} > "$T/etc/pam.d/$_service"
}

pam_session() {
	pam-session "$@"
}

su_session() {
	_user=$1; shift
	su -s /bin/sh "$_user" -c '"$@"' sh "$@"
}

# The label of the shell of a session (through the LSM's own attr file).
SHOW_LABEL='cat /proc/self/attr/smack/current'

syslog_start() {
	case $(stat -f -c %T /dev) in
	tmpfs|devtmpfs) ;;
	*) fail "the guest's /dev is its own (it is $(stat -f -c %T /dev))"
	   finish ;;
	esac
	rm -f /dev/log
	: > "$T/syslog"
	syslog-sink /dev/log "$T/syslog" &
	sink_pid=$!
	_tries=0
	while [ ! -S /dev/log ] && [ $_tries -lt 600 ]; do
		sleep 0.1
		_tries=$((_tries + 1))
	done
	[ -S /dev/log ] || { fail "syslog-sink listens on /dev/log"; finish; }
	log_marks=0
}

syslog_stop() {
	kill -TERM "$sink_pid" && wait "$sink_pid"
	rm -f /dev/log
}

# log_run CMD...: runs CMD (its status is log_run's); then $T/log holds
# the messages its processes sent to syslog, once syslog-sink has written
# them all: it writes in order, so they come before a mark sent after.
log_run() {
	: > "$T/syslog"
	"$@"
	_status=$?
	log_marks=$((log_marks + 1))
	logger -u /dev/log "pam-lib mark $log_marks"
	_tries=0
	while ! grep -q "pam-lib mark $log_marks\$" "$T/syslog" &&
		[ $_tries -lt 600 ]; do
		sleep 0.1
		_tries=$((_tries + 1))
	done
	grep -v "pam-lib mark" "$T/syslog" > "$T/log"
	return $_status
}

# logged DESC PATTERN: a message of pam_smack in $T/log matches the
# grep -E PATTERN (after "pam_smack(SERVICE:session): ").
logged() {
	if grep -qE "pam_smack\([^:]*:session\): $2" "$T/log"; then
		pass "$1"
	else
		fail "$1"
		echo "# no message matches: $2"
		sed 's/^/#   /' "$T/log"
	fi
}

# default_users FILE CMD...: CMD in the case's namespace (pam-ns.sh) with
# FILE as the module's default users file, $PAM_DEFAULT_USERS, on a tmpfs
# of a namespace of its own: never on the host.  When its directory does
# not exist, its nearest existing ancestor is a tmpfs too, with that
# ancestor's entries bound back into it, their own mounts with them (the
# host's /etc for a module built for /etc; a build's directory for a
# module whose prefix is not installed yet).
default_users() {
	_file=$1; shift
	unshare -m sh -c '
		dir=${PAM_DEFAULT_USERS%/*}
		if [ ! -d "$dir" ]; then
			parent=${dir%/*}
			while [ -n "$parent" ] && [ ! -d "$parent" ]; do
				parent=${parent%/*}
			done
			[ -n "$parent" ] || exit 99
			# The walk is done from a recursive bind of parent as
			# it was (with its mounts: parent may hold $T, a tmpfs
			# of its own), made the working directory: the tmpfs
			# hides $T/parent from its path until the walk has
			# bound $T back.
			mkdir -p "$T/parent" &&
				mount --rbind "$parent" "$T/parent" &&
				cd "$T/parent" &&
				mount -t tmpfs tmpfs "$parent" || exit 99
			for e in ./* ./.[!.]*; do
				n=$parent/${e#./}
				if [ -L "$e" ]; then
					cp -P "$e" "$n"
				elif [ -d "$e" ]; then
					mkdir "$n" && mount --rbind "$e" "$n"
				elif [ -e "$e" ]; then
					: > "$n" && mount --bind "$e" "$n"
				fi || exit 99
			done
			cd / && mkdir -p "$dir" || exit 99
		fi
		mount -t tmpfs tmpfs "$dir" && cp "$1" "$dir/users" || exit 99
		ns=$2
		shift 2
		PAM_DEFAULT_USERS= PAM_NS_ENTERED= exec sh "$ns" "$@"' sh "$_file" "$PAM_NS" "$@"
}
