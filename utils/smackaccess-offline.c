// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaccess --config-dir/--root: answers from a policy tree, with no
 * kernel, on a build host or in an image build.
 *
 * The library applies the built-in rules as the kernel does
 * (smack_policy_have_access(3)); --explain names the lines of the tree
 * that decide.  A pair's rules are applied in the order read, and a rule
 * of three fields sets every letter, so the lines that decide are the last
 * three-field rule of the pair and the four-field rules after it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackaccess.h"

struct smack_policy *offline_load(const char *root, const char *dir)
{
	struct smack_policy *p;

	if (smack_policy_new(&p) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	smack_policy_set_log_fn(p, cli_policy_log, NULL);
	if (smack_policy_load(p, root, dir, 0) < 0) {
		if (errno == EINVAL)
			cli_die(EXIT_FAILURE, "the tree has errors: nothing "
				"was answered");
		cli_die_errno(EXIT_FAILURE, "cannot read the tree");
	}
	return p;
}

void offline_print_where(const char *file, unsigned int line,
			 const char *also)
{
	cli_escape(stdout, file, strlen(file), also);
	printf(":%u", line);
}

void *offline_grow(void *items, size_t *cap, size_t count, size_t size)
{
	if (count < *cap)
		return items;
	*cap = *cap ? 2 * *cap : 16;
	items = realloc(items, *cap * size);
	if (!items)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	return items;
}

/* ---- the lines of a pair that decide ---- */

struct where {
	const char *file;	/* the policy's */
	unsigned int line;
};

struct deciding {
	struct where *at;
	size_t count, cap;
};

static int add_line(void *userdata, const struct smack_policy_entry *e)
{
	struct deciding *d = userdata;

	/* A three-field rule sets every letter: what came before it no
	 * longer counts. */
	if (!e->deny)
		d->count = 0;
	d->at = offline_grow(d->at, &d->cap, d->count, sizeof(*d->at));
	d->at[d->count].file = e->file;
	d->at[d->count].line = e->line;
	d->count++;
	return 0;
}

/* 'the rule "S O rw" (FILE:LINE)', or 'the rules ... (FILE:LINE, ...)' */
static void print_rules(const struct query *q, unsigned int granted,
			const struct deciding *d)
{
	char letters[SMACK_ACCESS_STRLEN];
	size_t i;

	printf("the rule%s \"%s %s %s\" (", d->count > 1 ? "s" : "",
	       q->subject, q->object, smack_access_to_string(granted, letters));
	for (i = 0; i < d->count; i++) {
		if (i)
			fputs(", ", stdout);
		offline_print_where(d->at[i].file, d->at[i].line,
				    CLI_ESCAPE_FIELD);
	}
	putchar(')');
}

static void explain_rules(const struct smack_policy *p, const struct query *q,
			  int allowed, unsigned int granted)
{
	char lack[SMACK_ACCESS_STRLEN];
	struct deciding d = { NULL, 0, 0 };
	unsigned int request, may = granted;

	if (smack_policy_foreach_pair(p, q->subject, q->object, add_line,
				      &d) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	if (!d.count) {
		printf("no rule \"%s %s ...\" is in the tree", q->subject,
		       q->object);
		return;
	}
	print_rules(q, granted, &d);
	free(d.at);
	smack_access_from_string(q->access, &request);
	if (may & SMACK_ACCESS_WRITE)
		may |= SMACK_ACCESS_LOCK;
	if (allowed)
		fputs(d.count > 1 ? " grant it" : " grants it", stdout);
	else if (request & ~may)
		printf(" lack%s \"%s\"", d.count > 1 ? "" : "s",
		       smack_access_to_string(request & ~may, lack));
	else
		fputs(d.count > 1 ? " grant nothing" : " grants nothing",
		      stdout);
}

int offline_answer(struct smack_policy *p, const struct query *q,
		   bool want_reason)
{
	unsigned int granted;
	const char *built_in;
	int allowed, why;

	allowed = smack_policy_have_access(p, q->subject, q->object,
					   q->access, &why, &granted);
	if (allowed < 0) {
		cli_warn_errno("cannot answer \"%s %s %s\"", q->subject,
			       q->object, q->access);
		return -1;
	}
	printf(want_reason ? "%d " : "%d\n", allowed);
	if (!want_reason)
		return 0;
	built_in = smackaccess_built_in(why, q->object);
	if (built_in)
		fputs(built_in, stdout);
	else
		explain_rules(p, q, allowed, granted);
	putchar('\n');
	return 0;
}
