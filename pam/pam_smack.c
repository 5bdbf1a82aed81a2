// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pam_smack(8): gives the processes of a session the Smack label its user
 * is mapped to.  The label is set on the process that opens the session
 * (/proc/self/attr/current), which the processes of the session, the
 * user's shell first, are forked from: su and login open it before they
 * fork the child that takes the user's identity and runs the shell, sshd
 * in its privileged process for the connection before it forks the one
 * that serves the session.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include <security/pam_modules.h>
#include <sys/smack.h>

#include "pam_smack.h"

#define PAM_SMACK_EXPORT __attribute__((visibility("default")))

/* What a refusal of errno err asks the administrator to change. */
static const char *refusal_hint(int err, const char *label)
{
	if (err == EPERM)
		return " (the process needs CAP_MAC_ADMIN, or the label on its relabel-self list)";
	if (err == EINVAL && (!strcmp(label, "*") || !strcmp(label, "@")))
		return " (no process may run with this label)";
	return "";
}

static int already_labeled(const char *label)
{
	char *current = NULL;
	int same = smack_new_label_from_self(&current) >= 0 &&
		   strcmp(current, label) == 0;

	free(current);
	return same;
}

/* Gives the calling process, and so the session forked from it, label. */
static int set_label(const struct pam_smack *ps, const char *label)
{
	const char *user = ps->user ? ps->user : "";
	int err;

	/* Nothing to change needs no privilege: a session opened from a
	 * session of the same label, without CAP_MAC_ADMIN, is not refused. */
	if (already_labeled(label)) {
		pam_smack_debug(ps, "user \"%s\": the process has the label \"%s\" already",
				user, label);
		return PAM_SUCCESS;
	}
	if (smack_set_label_for_self(label) == 0) {
		pam_smack_debug(ps, "user \"%s\": label \"%s\" set", user, label);
		return PAM_SUCCESS;
	}
	err = errno;
	pam_smack_log(ps, ps->nofail ? LOG_WARNING : LOG_ERR,
		      "user \"%s\": cannot set the label \"%s\": %s%s%s", user,
		      label, strerror(err), refusal_hint(err, label),
		      ps->nofail ? "; going on (nofail)" : "");
	return ps->nofail ? PAM_SUCCESS : PAM_SESSION_ERR;
}

static const char *session_user(pam_handle_t *pamh)
{
	const void *item = NULL;

	if (pam_get_item(pamh, PAM_USER, &item) != PAM_SUCCESS || !item ||
	    !*(const char *)item)
		return NULL;
	return item;
}

PAM_SMACK_EXPORT
int pam_sm_open_session(pam_handle_t *pamh, int flags, int argc,
			const char **argv)
{
	struct pam_smack ps;
	char *label = NULL;
	int rc;

	/* Without Smack there is no label to set, right or wrong: a mistake
	 * of the arguments is logged, and refuses no session. */
	rc = pam_smack_parse_args(&ps, pamh, argc, argv);
	if (!smack_smackfs_path()) {
		pam_smack_debug(&ps, "Smack is not active: the label is left as it is");
		return PAM_SUCCESS;
	}
	if (rc < 0)
		return PAM_SESSION_ERR;
	ps.user = session_user(pamh);
	rc = pam_smack_args_label(&ps, &label);
	if (rc == 0)
		rc = pam_smack_users_label(&ps, &label);
	if (rc < 0)
		return PAM_SESSION_ERR;
	rc = label ? set_label(&ps, label) : PAM_SUCCESS;
	free(label);
	return rc;
}

/* The label stays with the process that opened the session until it
 * ends, as the 1.3 module left it. */
PAM_SMACK_EXPORT
int pam_sm_close_session(pam_handle_t *pamh, int flags, int argc,
			 const char **argv)
{
	return PAM_IGNORE;
}
