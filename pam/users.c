// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The users file of pam_smack(8): lines "NAME LABEL", "@GROUP LABEL" and
 * "* LABEL", the first that names the user giving the session its label.
 * libsmack reads it (SMACK_POLICY_USERS: its lines, comments, fields and
 * labels, each error at FILE:LINE:COL) and finds the entry
 * (smack_policy_user_label(3)); the module gives it the user's groups
 * from the user database, logs its messages and says what it chose.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include <security/pam_modutil.h>
#include <sys/smack.h>

#include "pam_smack.h"

static int out_of_memory(const struct pam_smack *ps)
{
	pam_smack_log(ps, LOG_ERR, "memory ran out");
	return -1;
}

/* A smack_policy_log_fn: the library's messages, at FILE:LINE:COL. */
static void log_message(void *data, int priority, const char *file,
			unsigned int line, unsigned int column,
			const char *message)
{
	const struct pam_smack *ps = data;

	if (!file)
		pam_smack_log(ps, priority, "%s", message);
	else if (!line)
		pam_smack_log(ps, priority, "%s: %s", file, message);
	else if (!column)
		pam_smack_log(ps, priority, "%s:%u: %s", file, line, message);
	else
		pam_smack_log(ps, priority, "%s:%u:%u: %s", file, line, column,
			      message);
}

/* Every group of user whose primary group is gid (getgrouplist(3)), in
 * *n; NULL when memory ran out. */
static gid_t *group_ids(const char *user, gid_t gid, int *n)
{
	gid_t *groups = NULL, *grown;
	int size = 16;

	for (;;) {
		grown = realloc(groups, size * sizeof(*groups));
		if (!grown) {
			free(groups);
			return NULL;
		}
		groups = grown;
		*n = size;
		if (getgrouplist(user, gid, groups, n) >= 0)
			return groups;
		size = *n > size ? *n : size * 2;
	}
}

/*
 * The names of the groups of ps->user, for the @GROUP entries, in *names
 * (the strings are libpam's, kept until pam_end()); *names NULL when the
 * user database does not know the user, so that the library fails at an
 * @GROUP entry rather than take the user for a member of none.  -1 when
 * memory ran out.
 */
static int user_groups(const struct pam_smack *ps, const char ***names,
		       size_t *count)
{
	const struct passwd *pw = pam_modutil_getpwnam(ps->pamh, ps->user);
	const struct group *gr;
	gid_t *gids;
	int n, i;

	*names = NULL;
	*count = 0;
	if (!pw) {
		pam_smack_debug(ps, "user \"%s\" is not in the user database: its groups are not known",
				ps->user);
		return 0;
	}
	gids = group_ids(ps->user, pw->pw_gid, &n);
	*names = gids ? calloc(n ? n : 1, sizeof(**names)) : NULL;
	for (i = 0; *names && i < n; i++) {
		gr = pam_modutil_getgrgid(ps->pamh, gids[i]);
		if (gr)
			(*names)[(*count)++] = gr->gr_name;
	}
	free(gids);
	return *names ? 0 : -1;
}

static int default_label(const struct pam_smack *ps, const char *file,
			 const char *why, char **label)
{
	pam_smack_debug(ps, "user \"%s\": the default label \"%s\": %s %s",
			ps->user ? ps->user : "", PAM_SMACK_DEFAULT_LABEL,
			file, why);
	*label = strdup(PAM_SMACK_DEFAULT_LABEL);
	return *label ? 1 : out_of_memory(ps);
}

/* The label the file's entries give ps->user: 1 with *label (NULL:
 * leave it), or -1 (logged). */
static int lookup(const struct pam_smack *ps,
		  const struct smack_policy *policy, const char *file,
		  char **label)
{
	struct smack_policy_entry e;
	const char **groups;
	size_t n;
	int rc;

	if (user_groups(ps, &groups, &n) < 0)
		return out_of_memory(ps);
	rc = smack_policy_user_label(policy, ps->user, groups, n, label, &e);
	free(groups);
	if (rc < 0)
		return errno == ENOMEM ? out_of_memory(ps) : -1;
	if (rc == 0)
		return default_label(ps, file, "has no entry for the user",
				     label);
	if (*label)
		pam_smack_debug(ps, "user \"%s\": the label \"%s\" of %s:%u (%s)",
				ps->user, *label, e.file, e.line, e.user);
	else
		pam_smack_debug(ps, "user \"%s\": the label is left as it is: \"-\" at %s:%u (%s)",
				ps->user, e.file, e.line, e.user);
	return 1;
}

int pam_smack_users_label(const struct pam_smack *ps, char **label)
{
	const char *file = ps->users ? ps->users : PAM_SMACK_USERS_FILE;
	struct smack_policy *policy;
	int rc;

	*label = NULL;
	/* Without users=, a system with no file gives everyone User. */
	if (!ps->users && access(file, F_OK) < 0 && errno == ENOENT)
		return default_label(ps, file, "does not exist", label);
	if (!ps->user) {
		pam_smack_log(ps, LOG_ERR, "the session has no user: %s cannot name one",
			      file);
		return -1;
	}
	if (smack_policy_new(&policy) < 0)
		return out_of_memory(ps);
	smack_policy_set_log_fn(policy, log_message, (void *)ps);
	rc = smack_policy_add_path(policy, SMACK_POLICY_USERS, file, 0);
	if (rc < 0 && errno == ENOMEM)
		out_of_memory(ps);
	else if (rc == 0)
		rc = lookup(ps, policy, file, label);
	smack_policy_free(policy);
	return rc;
}
