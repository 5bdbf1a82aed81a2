// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * SMACK_POLICY_COMMENTS: the comment lines of a policy's files, for a
 * reader that gives them a meaning of its own (smackctl lint's "# lint:
 * ignore NAME").  The line reader of parse.c decides what a comment is
 * and hands each one here as it passes it; a file's comments go with its
 * entries, so a file with an error leaves none behind.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "policy.h"

int policy_note_comment(void *policy, const struct parse_line *line,
			unsigned int column)
{
	struct smack_policy *p = policy;
	struct policy_comment *c = records_slot(&p->comments, sizeof(*c));

	if (!c)
		return -1;
	c->text = strndup(line->text + column - 1, line->len - (column - 1));
	if (!c->text)
		return -1;
	/* The file is entered in the table once it was read whole. */
	c->file = p->files.count;
	c->line = line->number;
	c->column = column;
	p->comments.count++;
	return 0;
}

static void release_comments(struct records *set)
{
	size_t i;

	for (i = 0; i < set->count; i++)
		free(RECORD(set, struct policy_comment, i).text);
}

void policy_truncate_comments(struct smack_policy *p, size_t count)
{
	records_truncate(&p->comments, count, sizeof(struct policy_comment),
			 release_comments);
}

SMACK_EXPORT
int smack_policy_foreach_comment(const struct smack_policy *policy,
				 smack_policy_comment_fn fn, void *userdata)
{
	const struct policy_comment *c;
	const struct policy_file *f;
	size_t i;
	int ret;

	if (!policy || !fn) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < policy->comments.count; i++) {
		c = &RECORD(&policy->comments, struct policy_comment, i);
		f = &RECORD(&policy->files, struct policy_file, c->file);
		ret = fn(userdata, f->name, c->line, c->column, c->text);
		if (ret)
			return ret;
	}
	return 0;
}
