// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit --rules and --modify: the smallest rules that allow what was
 * denied.  Each pair gets one line, its letters merged in "rwxatlb" order:
 * the letters its records asked for and those the kernel will ask next
 * once they are granted (audit_next()), each named in a comment.
 *
 * A rule of load2 replaces the pair's access, so a pair the kernel has a
 * rule for keeps that rule's letters in the line; a pair the policy tree
 * names keeps the letters of its rules there instead, and the comment
 * names the line of the tree that the line replaces (the last that
 * decides: a three-field rule there decides alone).  --modify writes the
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
	struct audit_tree_view tree;
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

/* The line's letters, or why there is none; false when memory ran out. */
static bool decide(struct pair *p, struct audit_kernel *kernel,
		   const struct smack_policy *tree, bool modify)
{
	const struct audit_tree_view *t = &p->tree;
	size_t i;

	for (i = 0; i < p->n; i++) {
		p->letters |= p->needs[i].letters;
		p->ptrace |= p->needs[i].entry->labels_differ;
	}
	p->skip = cannot_write(p);
	if (p->skip)
		return true;
	if (!audit_tree_ask(tree, p->needs[0].subject, p->needs[0].object,
			    p->letters, &p->tree))
		return false;
	p->has_rule = audit_kernel_rule(kernel, p->needs[0].subject,
					p->needs[0].object, &p->kernel_rule);
	p->letters = still_denied(p, kernel);
	if (!p->letters)
		p->skip = "allowed now (the policy changed since): no rule "
			  "needed";
	else if (!kernel && t->nlines &&
		 !(p->letters & ~audit_tree_may(t->granted)))
		p->skip = "the tree's rules grant it (changed since the "
			  "records were logged): no rule needed";
	else if (t->nlines && !modify)
		p->letters |= t->granted;
	else if (p->has_rule && !modify)
		p->letters |= p->kernel_rule;
	return true;
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

/* '#   the tree's rule "S O r" is at FILE:LINE; this line replaces it' */
static void text_tree(const struct pair *p, bool modify)
{
	char letters[SMACK_ACCESS_STRLEN];
	const struct audit_tree_view *t = &p->tree;
	bool one = t->nlines == 1;

	printf("#   the tree's rule%s \"%s %s %s\" %s at ", one ? "" : "s",
	       p->needs[0].subject, p->needs[0].object,
	       smack_access_to_string(t->granted, letters), one ? "is" : "are");
	audit_print_lines(stdout, t);
	if (p->skip)
		putchar('\n');
	else if (modify)
		printf("; this line adds to %s where it is read after %s\n",
		       one ? "it" : "them", one ? "it" : "them");
	else
		printf("; this line replaces %s\n", one ? "it" : "the last");
}

/* The kernel's rule that the line keeps, or that differs from the tree's. */
static void text_kernel_rule(const struct pair *p, bool modify,
			     bool asked)
{
	char have[SMACK_ACCESS_STRLEN];
	const char *s = p->needs[0].subject, *o = p->needs[0].object;
	const struct audit_tree_view *t = &p->tree;

	smack_access_to_string(p->kernel_rule, have);
	if (!t->nlines && p->has_rule && !modify)
		printf("#   the kernel's rule is \"%s %s %s\"; this line keeps "
		       "its letters\n", s, o, have);
	else if (t->nlines && p->has_rule && p->kernel_rule != t->granted)
		printf("#   drift: the kernel's rule is \"%s %s %s\", not the "
		       "tree's\n", s, o, have);
	else if (t->nlines && asked && !p->has_rule)
		printf("#   drift: the kernel has no rule \"%s %s ...\"\n",
		       s, o);
}

static void text_pair(const struct pair *p, bool modify, bool asked)
{
	char letters[SMACK_ACCESS_STRLEN];
	const char *s = p->needs[0].subject, *o = p->needs[0].object;
	size_t i;

	printf("# %s %s:\n", s, o);
	for (i = 0; i < p->n; i++)
		if (p->needs[i].letters)
			text_need(&p->needs[i]);
	if (p->tree.nlines)
		text_tree(p, modify);
	if (p->skip) {
		printf("#   %s\n\n", p->skip);
		return;
	}
	text_kernel_rule(p, modify, asked);
	printf("%s %s %s%s\n\n", s, o,
	       smack_access_to_string(p->letters, letters),
	       modify ? " -" : "");
}

static void text_header(size_t npairs, const struct audit_totals *totals,
			bool asked, bool tree)
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
		       "any rule the pair has%s\n", tree ? " (it keeps the "
		       "letters of the tree's)" : "");
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

/* {"rule":"r","lines":[...]}: the tree's rules of the pair, or null. */
static void json_tree(const struct audit_tree_view *t)
{
	char letters[SMACK_ACCESS_STRLEN];

	if (!t->nlines) {
		fputs("null", stdout);
		return;
	}
	printf("{\"rule\":\"%s\",\"lines\":",
	       smack_access_to_string(t->granted, letters));
	audit_json_lines(t);
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
	json_tree(&p->tree);
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

static bool print_pair(struct pair *p, struct audit_kernel *kernel,
		       const struct smack_policy *tree, bool modify,
		       bool json, bool first)
{
	if (!decide(p, kernel, tree, modify))
		return false;
	if (json)
		json_pair(p, modify, first);
	else
		text_pair(p, modify, kernel != NULL);
	audit_tree_release(&p->tree);
	return true;
}

bool audit_rules(struct audit_entry **entries, size_t n,
		 struct audit_kernel *kernel, const struct smack_policy *tree,
		 const struct audit_totals *totals, bool modify, bool json)
{
	size_t count, i, j;
	struct need *needs = collect_needs(entries, n, kernel, &count);
	bool ok = true;

	if (!needs)
		return false;
	if (json) {
		putchar('{');
		audit_json_totals(totals);
		printf(",\"kernel_asked\":%s,\"tree_read\":%s,\"rules\":[",
		       kernel ? "true" : "false", tree ? "true" : "false");
	} else {
		text_header(count_pairs(needs, count), totals, kernel != NULL,
			    tree != NULL);
	}
	for (i = 0; ok && i < count; i = j) {
		struct pair p = { .needs = needs + i };

		j = group_end(needs, count, i);
		p.n = j - i;
		ok = print_pair(&p, kernel, tree, modify, json, i == 0);
	}
	if (json && ok)
		fputs("]}\n", stdout);
	free(needs);
	return ok;
}
