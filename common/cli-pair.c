// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lines of a policy tree that decide a pair, for the tools that name
 * them (smackaccess --explain, smackaudit).  A pair's rules are applied in
 * the order read and a rule of three fields sets every letter
 * (smack_policy_have_access(3)), so they are the pair's last three-field
 * rule and the four-field rules after it.
 */
#include <stdlib.h>

#include "cli.h"

struct deciding {
	struct cli_rule_line *at;
	size_t count, cap;
};

static int add_line(void *userdata, const struct smack_policy_entry *e)
{
	struct deciding *d = userdata;
	struct cli_rule_line *at;
	size_t cap;

	if (!e->deny)
		d->count = 0;
	if (d->count == d->cap) {
		cap = d->cap ? 2 * d->cap : 4;
		at = realloc(d->at, cap * sizeof(*at));
		if (!at)
			return -1;
		d->at = at;
		d->cap = cap;
	}
	d->at[d->count].file = e->file;
	d->at[d->count].line = e->line;
	d->count++;
	return 0;
}

int cli_pair_lines(const struct smack_policy *policy, const char *subject,
		   const char *object, struct cli_rule_line **lines,
		   size_t *count)
{
	struct deciding d = { NULL, 0, 0 };

	if (smack_policy_foreach_pair(policy, subject, object, add_line,
				      &d) != 0) {
		free(d.at);
		return -1;
	}
	*lines = d.at;
	*count = d.count;
	return 0;
}
