// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The users file of pam_smack(8): lines "NAME LABEL", "@GROUP LABEL" and
 * "* LABEL", the first that names the user giving the session its label.
 * Reading the file (lines, comments, fields) is the library's; this is
 * what the module does with each entry it is given.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include <security/pam_modutil.h>
#include <sys/smack.h>

#include "pam_smack.h"

static const char *user_of(const struct pam_smack *ps)
{
	return ps->user ? ps->user : "";
}

/* Every group of ps->user, from the user database; -1 when it does not
 * know the user or memory ran out. */
static int load_groups(const struct pam_smack *ps, struct pam_smack_user *user)
{
	const struct passwd *pw = NULL;
	gid_t *groups = NULL, *grown;
	int n = 16, want;

	if (ps->user)
		pw = pam_modutil_getpwnam(ps->pamh, ps->user);
	if (!pw) {
		errno = ENOENT;
		return -1;
	}
	for (;;) {
		grown = realloc(groups, n * sizeof(*groups));
		if (!grown) {
			free(groups);
			return -1;
		}
		groups = grown;
		want = n;
		if (getgrouplist(ps->user, pw->pw_gid, groups, &want) >= 0)
			break;
		n = want > n ? want : n * 2;
	}
	user->groups = groups;
	user->ngroups = want;
	return 0;
}

static int in_group(struct pam_smack_lookup *lookup,
		    const struct pam_smack_entry *entry)
{
	const struct pam_smack *ps = lookup->ps;
	const struct group *gr;
	int i;

	if (!lookup->loaded && load_groups(ps, &lookup->user) < 0) {
		pam_smack_log(ps, LOG_ERR, errno == ENOENT ?
			      "%s:%u: user \"%s\" is not in the user database: whether it belongs to %s is not known" :
			      "%s:%u: memory ran out for the groups of user \"%s\" (%s)",
			      entry->file, entry->line, user_of(ps), entry->who);
		return -1;
	}
	lookup->loaded = true;
	gr = pam_modutil_getgrnam(ps->pamh, entry->who + 1);
	if (!gr)
		return 0;
	for (i = 0; i < lookup->user.ngroups; i++)
		if (lookup->user.groups[i] == gr->gr_gid)
			return 1;
	return 0;
}

/* 1 when the entry names the user, 0 when not, -1 when that cannot be
 * told (logged). */
static int names_user(struct pam_smack_lookup *lookup,
		      const struct pam_smack_entry *entry)
{
	const char *user = lookup->ps->user;

	if (strcmp(entry->who, "*") == 0)
		return 1;
	if (entry->who[0] == '@')
		return in_group(lookup, entry);
	return user && strcmp(entry->who, user) == 0;
}

char *pam_smack_expand(const char *label, const char *user)
{
	char *out = NULL;
	size_t size;
	const char *p;
	FILE *f = open_memstream(&out, &size);

	if (!f)
		return NULL;
	for (p = label; *p; p++) {
		if (p[0] == '%' && (p[1] == 'u' || p[1] == '%'))
			fputs(*++p == 'u' ? user : "%", f);
		else
			putc(*p, f);
	}
	if (fclose(f) != 0) {
		free(out);
		return NULL;
	}
	return out;
}

int pam_smack_lookup_entry(struct pam_smack_lookup *lookup,
			   const struct pam_smack_entry *entry)
{
	const struct pam_smack *ps = lookup->ps;
	const char *reason;
	char *label;
	int named = names_user(lookup, entry);

	if (named <= 0) {
		lookup->failed = named < 0;
		return named;
	}
	if (strcmp(entry->label, "-") == 0) {
		pam_smack_debug(ps, "user \"%s\": the label is left as it is: \"-\" at %s:%u (%s)",
				user_of(ps), entry->file, entry->line, entry->who);
		lookup->matched = true;
		return 1;
	}
	label = pam_smack_expand(entry->label, user_of(ps));
	if (!label || smack_label_validate(label, &reason) < 0) {
		pam_smack_log(ps, LOG_ERR, "%s:%u: the label \"%s\" for user \"%s\" is not valid: %s",
			      entry->file, entry->line, label ? label : entry->label,
			      user_of(ps), label ? reason : "memory ran out");
		free(label);
		lookup->failed = true;
		return -1;
	}
	pam_smack_debug(ps, "user \"%s\": the label \"%s\" of %s:%u (%s)",
			user_of(ps), label, entry->file, entry->line, entry->who);
	lookup->matched = true;
	lookup->label = label;
	return 1;
}

void pam_smack_lookup_release(struct pam_smack_lookup *lookup)
{
	free(lookup->user.groups);
	lookup->user.groups = NULL;
	lookup->loaded = false;
}

/*
 * The seam to the library's reader of the users file (the kind
 * SMACK_POLICY_USERS of the policy API of issue 22), which owns its
 * lines, comments and fields, checks each entry's label as written and
 * reports a bad one at FILE:LINE: it is to give each entry, in file
 * order, to pam_smack_lookup_entry() until one matches.  Until libsmack
 * has that reader, a users file that exists cannot be read (ENOSYS).
 * -1 with errno when the file cannot be read.
 */
static int lookup_file(struct pam_smack_lookup *lookup, const char *file)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	close(fd);
	errno = ENOSYS;
	return -1;
}

static int default_label(const struct pam_smack *ps, const char *file,
			 const char *why, char **label)
{
	pam_smack_debug(ps, "user \"%s\": the default label \"%s\": %s %s",
			user_of(ps), PAM_SMACK_DEFAULT_LABEL, file, why);
	*label = strdup(PAM_SMACK_DEFAULT_LABEL);
	if (*label)
		return 1;
	pam_smack_log(ps, LOG_ERR, "memory ran out");
	return -1;
}

static int unreadable(const struct pam_smack *ps, const char *file, int err)
{
	pam_smack_log(ps, LOG_ERR, "cannot read %s: %s", file,
		      err == ENOSYS ? "this libsmack has no reader of the users file" :
		      strerror(err));
	return -1;
}

int pam_smack_users_label(const struct pam_smack *ps, char **label)
{
	const char *file = ps->users ? ps->users : PAM_SMACK_USERS_FILE;
	struct pam_smack_lookup lookup = { .ps = ps };
	int rc = lookup_file(&lookup, file), err = errno;

	*label = NULL;
	pam_smack_lookup_release(&lookup);
	if (lookup.failed)
		return -1;
	if (rc < 0 && err == ENOENT && !ps->users)
		return default_label(ps, file, "does not exist", label);
	if (rc < 0)
		return unreadable(ps, file, err);
	if (!lookup.matched)
		return default_label(ps, file, "has no entry for the user",
				     label);
	*label = lookup.label;
	return 1;
}
