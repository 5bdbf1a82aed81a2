// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaccess --config-dir/--root: answers from a policy tree, with no
 * kernel, on a build host or in an image build.
 *
 * The library applies the built-in rules as the kernel does
 * (smack_policy_have_access(3)); --explain names the lines of the tree
 * that decide (cli_pair_lines()).
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
	int errors = 0;

	if (smack_policy_new(&p) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	smack_policy_set_log_fn(p, cli_policy_log, &errors);
	if (smack_policy_load(p, root, dir, 0) < 0) {
		if (errno == EINVAL)
			cli_die(EXIT_FAILURE, "the tree has errors: nothing "
				"was answered");
		/* The library's message, when it gave one, names the file. */
		if (errors)
			cli_exit(EXIT_FAILURE);
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

/* 'the rule "S O rw" (FILE:LINE)', or 'the rules ... (FILE:LINE, ...)' */
static void print_rules(const struct query *q, unsigned int granted,
			const struct cli_rule_line *at, size_t count)
{
	char letters[SMACK_ACCESS_STRLEN];
	size_t i;

	printf("the rule%s \"%s %s %s\" (", count > 1 ? "s" : "",
	       q->subject, q->object, smack_access_to_string(granted, letters));
	for (i = 0; i < count; i++) {
		if (i)
			fputs(", ", stdout);
		offline_print_where(at[i].file, at[i].line, CLI_ESCAPE_FIELD);
	}
	putchar(')');
}

static void explain_rules(const struct smack_policy *p, const struct query *q,
			  int allowed, unsigned int granted)
{
	char lack[SMACK_ACCESS_STRLEN];
	struct cli_rule_line *at;
	unsigned int request, may = granted;
	size_t count;

	if (cli_pair_lines(p, q->subject, q->object, &at, &count) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	if (!count) {
		printf("no rule \"%s %s ...\" is in the tree", q->subject,
		       q->object);
		return;
	}
	print_rules(q, granted, at, count);
	free(at);
	smack_access_from_string(q->access, &request);
	if (may & SMACK_ACCESS_WRITE)
		may |= SMACK_ACCESS_LOCK;
	if (allowed)
		fputs(count > 1 ? " grant it" : " grants it", stdout);
	else if (request & ~may)
		printf(" lack%s \"%s\"", count > 1 ? "" : "s",
		       smack_access_to_string(request & ~may, lack));
	else
		fputs(count > 1 ? " grant nothing" : " grants nothing",
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
