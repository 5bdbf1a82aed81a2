#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# pam-ns.sh CMD...: runs CMD in a mount namespace of its own where the
# case's $T/etc/pam.d, $T/etc/passwd and $T/etc/group are bind-mounted
# over /etc's, and the directory of the module's default users file
# ($PAM_DEFAULT_USERS, when it exists) is hidden under an empty one: the
# PAM stack and user database of the case, never the host's.  See
# pam-lib.sh.
# pam-lib.sh enters it once for the whole case: then CMD runs as it is.
[ -z "${PAM_NS_ENTERED:-}" ] || exec "$@"
PAM_NS_ENTERED=1 exec unshare -m sh -c '
	for f in pam.d passwd group; do
		mount --bind "$T/etc/$f" "/etc/$f" || exit 99
	done
	dir=${PAM_DEFAULT_USERS%/*}
	if [ -n "$PAM_DEFAULT_USERS" ] && [ -d "$dir" ]; then
		mount --bind "$T/empty" "$dir" || exit 99
	fi
	exec "$@"' sh "$@"
