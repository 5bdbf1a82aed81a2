/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the unit tests of struct smack_policy share: a policy with a log
 * callback that keeps its messages, a scratch directory for trees, and
 * the entries listed as text.  Include it in one file of a program.
 */
#ifndef TEST_POLICY_H
#define TEST_POLICY_H

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "check-main.h"
#include "test-labels-tmpdir.h"

static struct smack_policy *policy;

/* What the log callback was given, a line a message. */
static char logged[4096];

static inline void log_message(void *userdata, int priority, const char *file,
			unsigned int line, unsigned int column,
			const char *message)
{
	size_t len = strlen(logged);

	snprintf(logged + len, sizeof(logged) - len, "%d %s:%u:%u: %s\n",
		 priority, file ? file : "-", line, column, message);
}

static inline int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	return remove(path);
}

static inline void setup(void)
{
	tmpdir_create();
	logged[0] = '\0';
	ck_assert_int_eq(smack_policy_new(&policy), 0);
	smack_policy_set_log_fn(policy, log_message, NULL);
}

static inline void teardown(void)
{
	smack_policy_free(policy);
	smackfs_override(NULL);
	nftw(tmpdir, remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

/* Creates name (a path in the scratch directory, its directories made)
 * holding text. */
static inline void put(const char *name, const char *text)
{
	char dir[PATH_MAX], *slash;

	snprintf(dir, sizeof(dir), "%s", tmp_path(name));
	for (slash = strchr(dir + strlen(tmpdir) + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(dir, 0700);
		*slash = '/';
	}
	tmp_put(name, text, strlen(text));
}

/* ------------------------------------------------------------ entries */

static char listed[4096];

/* Each entry as "KIND FILE:LINE:COL TEXT", FILE relative to tmpdir. */
static inline int list_entry(void *userdata, const struct smack_policy_entry *e)
{
	size_t len = strlen(listed), skip = strlen(tmpdir) + 1;
	char *out = listed + len;
	size_t room = sizeof(listed) - len;
	const char *file = e->file ? e->file : "(null)";
	int n, i;

	n = snprintf(out, room, "%d %s:%u:%u", e->kind,
		     strlen(file) > skip ? file + skip : file, e->line,
		     e->column);
	if (e->kind == SMACK_POLICY_RULE)
		n += snprintf(out + n, room - n, " %s %s %s%s%s", e->subject,
			      e->object, e->access, e->deny ? " " : "",
			      e->deny ? e->deny : "");
	else if (e->kind == SMACK_POLICY_CIPSO)
		n += snprintf(out + n, room - n, " %s %d", e->label, e->level);
	if (e->kind == SMACK_POLICY_CIPSO)
		for (i = 0; i < e->ncategories; i++)
			n += snprintf(out + n, room - n, " %d",
				      e->categories[i]);
	if (e->kind == SMACK_POLICY_NETLABEL)
		n += snprintf(out + n, room - n, " %s %s", e->host, e->label);
	if (e->kind == SMACK_POLICY_KNOB)
		n += snprintf(out + n, room - n, " %s=%s", e->knob, e->value);
	if (e->kind == SMACK_POLICY_LABELS)
		snprintf(out + n, room - n, " %s %c %u %s %s %s", e->pattern,
			 e->file_type ? e->file_type : '*', e->flags,
			 e->access_label ? e->access_label : "-",
			 e->execute_label ? e->execute_label : "-",
			 e->mmap_label ? e->mmap_label : "-");
	if (e->kind == SMACK_POLICY_USERS)
		snprintf(out + n, room - n, " %s %s", e->user, e->label);
	strcat(listed, "\n");
	return userdata ? *(int *)userdata : 0;
}

static inline const char *list_kind(int kind)
{
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach(policy, kind, list_entry, NULL),
			 0);
	return listed;
}

#endif /* TEST_POLICY_H */
