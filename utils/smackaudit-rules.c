// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit --rules and --modify: the smallest rules that allow what was
 * denied.  Each pair gets one line, its letters merged in "rwxatlb" order:
 * the letters its records asked for and those the kernel will ask next
 * once they are granted (audit_next()), each named in a comment.
 *
 * A rule of load2 replaces the pair's access, so a pair the kernel has a
 * rule for keeps that rule's letters in the line; --modify writes the
 * four-field "subject object add -" form instead, which only adds.  No
 * line is written for what no rule can change (subject '*', ptrace's
 * same-label rule), for what the kernel allows now, or for a label that
 * a rules file cannot hold as a subject; a comment says why.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/smack.h>

#include "smackaudit.h"

/* An entry's own letters, and at most this many more that follow. */
#define NEEDS_PER_ENTRY (1 + AUDIT_NEXT_MAX)

/* One reason for letters of a pair. */
struct need {
	const char *subject, *object;
	unsigned int letters;
	const struct audit_entry *entry;
	const char *next;	/* why the kernel asks next, or NULL */
	size_t order;		/* the entry's place: most records first */
	bool allowed;		/* the kernel grants them now */
};

/* What is decided about a pair's line. */
struct pair {
	struct need *needs;
	size_t n;
	unsigned int letters, kernel_rule;
	bool has_rule, ptrace;
	const char *skip;	/* why no line is written, or NULL */
	char *tree;
};

static int compare_needs(const void *a, const void *b)
{
	const struct need *x = a, *y = b;
	int c = strcmp(x->subject, y->subject);

	if (!c)
		c = strcmp(x->object, y->object);
	if (!c && x->order != y->order)
		c = x->order < y->order ? -1 : 1;
	if (!c)
		c = (x->next != NULL) - (y->next != NULL);
	return c;
}

/* The letters the kernel asks next after an entry's, from x on; the
 * pair keeps the letters of its rule in the kernel (its t matters). */
static struct need *add_next(struct need *x, const struct audit_entry *e,
			     size_t order, const struct audit_kernel *kernel)
{
	struct audit_next next;
	unsigned int rule = 0;
	size_t i = 0;

	if (!audit_kernel_rule(kernel, e->subject, e->object, &rule))
		rule = 0;
	while (audit_next(e, rule, &i, &next)) {
		*x++ = (struct need){ next.reverse ? e->object : e->subject,
				      next.reverse ? e->subject : e->object,
				      next.letters, e, next.why, order };
	}
	return x;
}

/* Every entry's letters and what follows them; NULL when memory ran out. */
static struct need *collect_needs(struct audit_entry **entries, size_t n,
				  const struct audit_kernel *kernel,
				  size_t *count)
{
	struct need *needs = calloc(NEEDS_PER_ENTRY * n + 1, sizeof(*needs));
	struct need *x = needs;
	size_t i;

	if (!needs)
		return NULL;
	for (i = 0; i < n; i++) {
		*x++ = (struct need){ entries[i]->subject, entries[i]->object,
				      entries[i]->access, entries[i], NULL,
				      i };
		x = add_next(x, entries[i], i, kernel);
	}
	*count = (size_t)(x - needs);
	qsort(needs, *count, sizeof(*needs), compare_needs);
	return needs;
}

/* Why no rule can be written for the pair, or NULL. */
static const char *cannot_write(const struct pair *p)
{
	const char *s = p->needs[0].subject;

	if (s[0] == '*' && s[1] == '\0')
		return "the subject '*' may access nothing: no rule changes "
		       "that";
	if (s[0] == '#' || s[0] == ';')
		return "a rules file reads a line that starts with '#' or "
		       "';' as a comment, so it cannot hold this subject";
	if (p->ptrace && !p->letters)
		return "the ptrace rule (smackfs ptrace) lets a process trace "
		       "only its own label: no rule changes that";
	return NULL;
}

/* The letters of the needs the kernel does not grant now, each asked as
 * the kernel asks it (a record's letters together, a next one alone):
 * what a built-in rule or a rule loaded since grants needs no line. */
static unsigned int still_denied(struct pair *p,
				 const struct audit_kernel *kernel)
{
	unsigned int letters = 0;
	struct need *x;
	size_t i;

	for (i = 0; i < p->n; i++) {
		x = &p->needs[i];
		x->allowed = x->letters &&
			     audit_kernel_allows(kernel, x->subject, x->object,
						 x->letters) == 1;
		if (!x->allowed)
			letters |= x->letters;
	}
	return letters;
}

static void decide(struct pair *p, struct audit_kernel *kernel, bool modify)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		p->letters |= p->needs[i].letters;
		p->ptrace |= p->needs[i].entry->labels_differ;
	}
	p->skip = cannot_write(p);
	if (p->skip)
		return;
	p->tree = audit_tree_origin(p->needs[0].subject, p->needs[0].object);
	p->has_rule = audit_kernel_rule(kernel, p->needs[0].subject,
					p->needs[0].object, &p->kernel_rule);
	p->letters = still_denied(p, kernel);
	if (!p->letters)
		p->skip = "allowed now (the policy changed since): no rule "
			  "needed";
	else if (p->has_rule && !modify)
		p->letters |= p->kernel_rule;
}
/* ---- text */

/* "# w: 5 records, cat[57] smack_inode_permission name="f"" */
static void text_need(const struct need *x)
{
	char letters[SMACK_ACCESS_STRLEN];
	const struct audit_entry *e = x->entry;

	printf("#   %s: ", smack_access_to_string(x->letters, letters));
	if (x->allowed)
		fputs("(allowed now) ", stdout);
	if (x->next) {
		printf("%s\n", x->next);
		return;
	}
	printf("%lu record%s", e->count, e->count == 1 ? "" : "s");
	if (e->verdict == AUDIT_BRINGUP || e->verdict == AUDIT_UNCONFINED)
		printf(" granted only by %s", e->verdict == AUDIT_BRINGUP ?
		       "a bring-up rule" : "the unconfined label");
	if (e->nexamples) {
		fputs(", ", stdout);
		audit_print_example(stdout, &e->examples[0]);
	}
	putchar('\n');
}

static void text_pair(const struct pair *p, bool modify)
{
	char letters[SMACK_ACCESS_STRLEN], have[SMACK_ACCESS_STRLEN];
	const char *s = p->needs[0].subject, *o = p->needs[0].object;
	size_t i;

	printf("# %s %s:\n", s, o);
	for (i = 0; i < p->n; i++)
		if (p->needs[i].letters)
			text_need(&p->needs[i]);
	if (p->tree)
		audit_print_tree(stdout, "#   /etc/smack: ", p->tree,
				 " holds the pair's rule\n");
	if (p->skip) {
		printf("#   %s\n\n", p->skip);
		return;
	}
	if (p->has_rule && !modify)
		printf("#   the kernel's rule is \"%s %s %s\"; this line keeps "
		       "its letters\n", s, o,
		       smack_access_to_string(p->kernel_rule, have));
	printf("%s %s %s%s\n\n", s, o,
	       smack_access_to_string(p->letters, letters),
	       modify ? " -" : "");
}

static void text_header(size_t npairs, const struct audit_totals *totals,
			bool asked)
{
	if (totals->records == 0)
		printf("# no Smack records found\n");
	else
		printf("# smackaudit: rules for %zu pair%s from %lu record%s\n",
		       npairs, npairs == 1 ? "" : "s", totals->records,
		       totals->records == 1 ? "" : "s");
	audit_print_totals(stdout, totals, "# ");
	if (!asked && totals->records)
		printf("# the running kernel was not asked: a line replaces "
		       "any rule the pair has\n");
	putchar('\n');
}

/* ---- JSON */

static void json_need(const struct need *x, bool first)
{
	char letters[SMACK_ACCESS_STRLEN];

	printf("%s{\"letters\":\"%s\",\"allowed_now\":%s,", first ? "" : ",",
	       smack_access_to_string(x->letters, letters),
	       x->allowed ? "true" : "false");
	if (x->next) {
		fputs("\"next\":", stdout);
		audit_json_string(x->next);
	} else {
		printf("\"records\":%lu,\"verdict\":\"%s\",\"example\":",
		       x->entry->count, x->entry->verdict == AUDIT_DENIED ?
		       "denied" : x->entry->verdict == AUDIT_BRINGUP ?
		       "bring-up" : "unconfined");
		if (x->entry->nexamples)
			audit_json_example(&x->entry->examples[0]);
		else
			fputs("null", stdout);
	}
	putchar('}');
}

static void json_pair(const struct pair *p, bool modify, bool first)
{
	char letters[SMACK_ACCESS_STRLEN];
	size_t i;
	bool any = false;

	fputs(first ? "\n{\"subject\":" : ",\n{\"subject\":", stdout);
	audit_json_string(p->needs[0].subject);
	fputs(",\"object\":", stdout);
	audit_json_string(p->needs[0].object);
	printf(",\"access\":\"%s\",\"line\":",
	       smack_access_to_string(p->letters, letters));
	if (p->skip) {
		fputs("null", stdout);
	} else {
		printf("\"%s %s %s%s\"", p->needs[0].subject,
		       p->needs[0].object, letters, modify ? " -" : "");
	}
	fputs(",\"kernel_rule\":", stdout);
	audit_json_string(p->has_rule ? smack_access_to_string(
				  p->kernel_rule, letters) : NULL);
	fputs(",\"skipped\":", stdout);
	audit_json_string(p->skip);
	fputs(",\"tree\":", stdout);
	audit_json_string(p->tree);
	fputs(",\"reasons\":[", stdout);
	for (i = 0; i < p->n; i++) {
		if (!p->needs[i].letters)
			continue;
		json_need(&p->needs[i], !any);
		any = true;
	}
	fputs("]}", stdout);
}

/* ---- the pairs */

static size_t group_end(const struct need *needs, size_t n, size_t i)
{
	size_t j = i + 1;

	while (j < n && strcmp(needs[j].subject, needs[i].subject) == 0 &&
	       strcmp(needs[j].object, needs[i].object) == 0)
		j++;
	return j;
}

static size_t count_pairs(const struct need *needs, size_t n)
{
	size_t i, pairs = 0;

	for (i = 0; i < n; i = group_end(needs, n, i))
		pairs++;
	return pairs;
}

static void print_pair(struct pair *p, struct audit_kernel *kernel,
		       bool modify, bool json, bool first)
{
	decide(p, kernel, modify);
	if (json)
		json_pair(p, modify, first);
	else
		text_pair(p, modify);
	free(p->tree);
}

bool audit_rules(struct audit_entry **entries, size_t n,
		 struct audit_kernel *kernel,
		 const struct audit_totals *totals, bool modify, bool json)
{
	size_t count, i, j;
	struct need *needs = collect_needs(entries, n, kernel, &count);

	if (!needs)
		return false;
	if (json) {
		putchar('{');
		audit_json_totals(totals);
		printf(",\"kernel_asked\":%s,\"rules\":[",
		       kernel ? "true" : "false");
	} else {
		text_header(count_pairs(needs, count), totals, kernel != NULL);
	}
	for (i = 0; i < count; i = j) {
		struct pair p = { needs + i, 0, 0, 0, false, false, NULL,
				  NULL };

		j = group_end(needs, count, i);
		p.n = j - i;
		print_pair(&p, kernel, modify, json, i == 0);
	}
	if (json)
		fputs("]}\n", stdout);
	free(needs);
	return true;
}
