// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The users file, <sysconfdir>/smack/users (smack-config(5)): the label
 * each user's session gets from pam_smack(8).  A line is "NAME LABEL",
 * "@GROUP LABEL" (any member of the group) or "* LABEL" (anyone); LABEL
 * is a label in which %u stands for the user's name and %% for '%', or
 * "-" for "leave the label as it is".  The first entry that names the
 * user decides.
 *
 * LABEL is checked as read, as every label is ('%' and 'u' are label
 * characters, so a label with %u in it is checked as written), and again
 * with %u replaced when a user is looked up: only then is its length
 * known, or whether the user's name holds a character no label may.
 *
 * The look-up takes the names of the user's groups from its caller: the
 * library asks no user or group database.  A PAM module asks them
 * through libpam's own calls (pam_modutil_*, which keep what they read
 * for the session and are safe in a threaded application), a tool or a
 * test may have its answer already, and a library that called NSS itself
 * would load its modules into every process that looks a user up.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "libsmack-internal.h"
#include "policy.h"

/* One line of the users file. */
struct user_entry {
	char *who;		/* "NAME", "@GROUP" or "*" */
	char *label;		/* as written, "-" included */
	unsigned int label_column;
};

/* ------------------------------------------------------------ parsing */

static bool is_leave(const char *s, size_t len)
{
	return len == 1 && s[0] == '-';
}

/* NAME, @GROUP or *: "@" alone names no group, and '*' is a word of its
 * own (no user name holds one). */
static bool check_who(struct parse_ctx *ctx, unsigned int line,
		      const struct parse_field *f)
{
	char q[PARSE_QUOTE_SIZE];

	if (f->len == 1 && f->text[0] == '@') {
		parse_error(ctx, line, f->column, "\"@\" names no group");
		return false;
	}
	if (f->len > 1 && memchr(f->text, '*', f->len)) {
		parse_error(ctx, line, f->column,
			    "%s: '*' is a field of its own (anyone)",
			    parse_quote(q, f->text, f->len));
		return false;
	}
	return true;
}

static int keep_entry(struct smack_policy *p, const struct parse_field *f)
{
	struct user_entry *u = records_slot(&p->users, sizeof(*u));

	if (!u)
		return -1;
	u->who = strndup(f[0].text, f[0].len);
	u->label = strndup(f[1].text, f[1].len);
	u->label_column = f[1].column;
	p->users.count++;
	return u->who && u->label ? 0 : -1;
}

/* A parse_line_fn: one entry into arg, the policy.  -1 only when memory
 * runs out. */
static int parse_line(void *arg, struct parse_ctx *ctx,
		      const struct parse_line *line)
{
	struct parse_field f[3];
	size_t n = parse_split(line, f, 3);
	bool ok;

	if (n != 2) {
		parse_error(ctx, line->number, n > 2 ? f[2].column :
			    f[0].column + f[0].len,
			    "expected 2 fields (NAME, @GROUP or *, then LABEL"
			    " or -), found %zu", n);
		return 0;
	}
	ok = check_who(ctx, line->number, &f[0]);
	if (!is_leave(f[1].text, f[1].len))
		ok = parse_check_label(ctx, line->number, &f[1]) && ok;
	return ok ? keep_entry(arg, f) : 0;
}

int users_parse_fd(struct smack_policy *p, int fd, struct parse_ctx *ctx)
{
	return parse_lines(ctx, fd, 0, parse_line, p);
}

size_t users_count(const struct smack_policy *p)
{
	return p->users.count;
}

static void release_entries(struct records *set)
{
	size_t i;

	for (i = 0; i < set->count; i++) {
		free(RECORD(set, struct user_entry, i).who);
		free(RECORD(set, struct user_entry, i).label);
	}
}

void users_truncate(struct smack_policy *p, const struct policy_mark *m)
{
	records_truncate(&p->users, m->count[SMACK_POLICY_USERS],
			 sizeof(struct user_entry), release_entries);
}

void users_fill(const struct smack_policy *p, size_t i,
		struct smack_policy_entry *e, char *buf)
{
	const struct user_entry *u = &RECORD(&p->users, struct user_entry, i);

	e->user = u->who;
	e->label = u->label;
}

/* ------------------------------------------------------------ look-up */

/* label with each %u replaced by user and each %% by '%' into out, when
 * not NULL; its length. */
static size_t expand_into(char *out, const char *label, const char *user)
{
	size_t n = 0, ulen = strlen(user);

	for (; *label; label++) {
		if (label[0] == '%' && label[1] == 'u') {
			if (out)
				memcpy(out + n, user, ulen);
			n += ulen;
			label++;
			continue;
		}
		if (label[0] == '%' && label[1] == '%')
			label++;
		if (out)
			out[n] = *label;
		n++;
	}
	if (out)
		out[n] = '\0';
	return n;
}

static char *expand(const char *label, const char *user)
{
	char *out = malloc(expand_into(NULL, label, user) + 1);

	if (out)
		expand_into(out, label, user);
	return out;
}

static bool in_groups(const char *group, const char *const *groups,
		      size_t ngroups)
{
	size_t i;

	for (i = 0; i < ngroups; i++)
		if (groups[i] && strcmp(groups[i], group) == 0)
			return true;
	return false;
}

/* A look-up of one user. */
struct user_query {
	const struct smack_policy *p;
	const char *user;
	const char *const *groups;	/* NULL: not known */
	size_t ngroups;
	struct smack_policy_entry e;	/* the entry that decides */
};

/* Whether entry i names the user: 1, 0, or -1 (logged, EINVAL) for an
 * @GROUP entry when the user's groups are not known. */
static int names_user(struct user_query *q, size_t i)
{
	const struct user_entry *u =
		&RECORD(&q->p->users, struct user_entry, i);
	char qu[PARSE_QUOTE_SIZE], qg[PARSE_QUOTE_SIZE];

	if (strcmp(u->who, "*") == 0)
		return 1;
	if (u->who[0] != '@')
		return strcmp(u->who, q->user) == 0;
	if (q->groups)
		return in_groups(u->who + 1, q->groups, q->ngroups);
	policy_entry(q->p, SMACK_POLICY_USERS, i, &q->e, NULL);
	policy_log(q->p, LOG_ERR, q->e.file, q->e.line, q->e.column,
		   "the groups of user %s are not known: whether it is in"
		   " group %s cannot be told",
		   parse_quote(qu, q->user, strlen(q->user)),
		   parse_quote(qg, u->who + 1, strlen(u->who + 1)));
	errno = EINVAL;
	return -1;
}

/* The label of the entry that decides, %u replaced: 1 with *label (NULL
 * for "-"), or -1 (EINVAL logged, or ENOMEM). */
static int entry_label(struct user_query *q, size_t i, char **label)
{
	const struct user_entry *u =
		&RECORD(&q->p->users, struct user_entry, i);
	char ql[PARSE_QUOTE_SIZE], qu[PARSE_QUOTE_SIZE];
	const char *why;

	policy_entry(q->p, SMACK_POLICY_USERS, i, &q->e, NULL);
	if (strcmp(u->label, "-") == 0)
		return 1;
	*label = expand(u->label, q->user);
	if (!*label)
		return -1;
	if (smack_label_validate(*label, &why) >= 0)
		return 1;
	policy_log(q->p, LOG_ERR, q->e.file, q->e.line, u->label_column,
		   "the label %s for user %s %s",
		   parse_quote(ql, *label, strlen(*label)),
		   parse_quote(qu, q->user, strlen(q->user)), why);
	free(*label);
	*label = NULL;
	errno = EINVAL;
	return -1;
}

SMACK_EXPORT
int smack_policy_user_label(const struct smack_policy *policy,
			    const char *user, const char *const *groups,
			    size_t ngroups, char **label,
			    struct smack_policy_entry *entry)
{
	struct user_query q = { policy, user, groups, ngroups };
	int ret = 0;
	size_t i;

	if (!policy || !user || !*user || !label || (ngroups && !groups)) {
		errno = EINVAL;
		return -1;
	}
	*label = NULL;
	for (i = 0; i < policy->users.count && !ret; i++) {
		ret = names_user(&q, i);
		if (ret > 0)
			ret = entry_label(&q, i, label);
	}
	if (entry)
		*entry = q.e;
	return ret;
}
