// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl lint: what the network and the files see of the tree.
 *
 * cipso: two labels mapped to the same level and categories, which a
 * packet cannot tell apart.  netlabel: an entry for the same host as a
 * later one, which replaces it in the kernel, so that it never labels a
 * packet.  labels: a line of labels.d that later lines always override
 * (the last matching line wins, smack-labels(5)).  For a pattern that is
 * a plain path the library's own matcher (smack_policy_match_path(3)) is
 * asked which line decides that path, for each type the line names; any
 * other pattern is overridden by a later line of the same pattern, or of
 * ".*" or "/.*", for the same type or any.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "smackctl-lint.h"

/* An entry of a kind, in the order read. */
struct item {
	size_t order;
	struct lint_place where;
	const char *label, *pattern;
	char *host;			/* netlabel: a copy */
	char file_type;
	int level, ncategories;
	const int *categories;
};

struct items {
	struct item *items;
	size_t count, cap;
};

static int take_item(void *data, const struct smack_policy_entry *e)
{
	struct items *s = data;
	struct item *x;

	if (s->count == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->items = lint_alloc(realloc(s->items,
					      s->cap * sizeof(*s->items)));
	}
	x = &s->items[s->count];
	*x = (struct item){ s->count, lint_place_of(e), e->label, e->pattern,
			    NULL, e->file_type, e->level, e->ncategories,
			    e->categories };
	if (e->host)
		x->host = lint_alloc(strdup(e->host));
	s->count++;
	return 0;
}

/* The entries of a kind, sorted by compare (qsort() is not given the
 * NULL array of a kind the tree has none of). */
static void take_sorted(struct lint *l, int kind, struct items *s,
			int (*compare)(const void *, const void *))
{
	smack_policy_foreach(l->policy, kind, take_item, s);
	if (s->count)
		qsort(s->items, s->count, sizeof(*s->items), compare);
}

static void free_items(struct items *s)
{
	size_t i;

	for (i = 0; i < s->count; i++)
		free(s->items[i].host);
	free(s->items);
}

static int by_order(const struct item *x, const struct item *y)
{
	return (x->order > y->order) - (x->order < y->order);
}

/* ---- cipso ---- */

static int same_mapping(const struct item *x, const struct item *y)
{
	int i;

	if (x->level != y->level)
		return x->level < y->level ? -1 : 1;
	if (x->ncategories != y->ncategories)
		return x->ncategories < y->ncategories ? -1 : 1;
	for (i = 0; i < x->ncategories; i++)
		if (x->categories[i] != y->categories[i])
			return x->categories[i] < y->categories[i] ? -1 : 1;
	return 0;
}

static int compare_mappings(const void *a, const void *b)
{
	int c = same_mapping(a, b);

	return c ? c : by_order(a, b);
}

static void check_cipso(struct lint *l)
{
	struct items s = { NULL, 0, 0 };
	const struct item *first = NULL, *x;
	size_t i;

	take_sorted(l, SMACK_POLICY_CIPSO, &s, compare_mappings);
	for (i = 0; i < s.count; i++) {
		x = &s.items[i];
		if (!first || same_mapping(first, x) != 0) {
			first = x;
			continue;
		}
		if (strcmp(first->label, x->label) == 0)
			continue;
		lint_report(l, LINT_CIPSO, &x->where, "\"%s\" is mapped to the"
			    " same level and categories as \"%s\" at %s:%u: "
			    "the network cannot tell the two labels apart",
			    x->label, first->label, first->where.file,
			    first->where.line);
		lint_note(l, &first->where, "\"%s\" is mapped here",
			  first->label);
	}
	free_items(&s);
}

/* ---- netlabel ---- */

static int compare_hosts(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	int c = strcmp(x->host, y->host);

	return c ? c : by_order(x, y);
}

static void check_netlabel(struct lint *l)
{
	struct items s = { NULL, 0, 0 };
	const struct item *x, *next;
	size_t i;

	take_sorted(l, SMACK_POLICY_NETLABEL, &s, compare_hosts);
	for (i = 0; i + 1 < s.count; i++) {
		x = &s.items[i];
		next = &s.items[i + 1];
		if (strcmp(x->host, next->host) != 0)
			continue;
		lint_report(l, LINT_NETLABEL, &x->where, "the entry \"%s %s\" "
			    "never labels a packet: the entry for the same "
			    "host at %s:%u, read later, replaces it",
			    x->host, x->label, next->where.file,
			    next->where.line);
		lint_note(l, &next->where, "\"%s %s\" replaces it",
			  next->host, next->label);
	}
	free_items(&s);
}

/* ---- labels ---- */

static const mode_t modes[] = { S_IFREG, S_IFDIR, S_IFLNK, S_IFCHR,
				S_IFBLK, S_IFIFO, S_IFSOCK };
static const char type_letters[] = "-dlcbps";

/* The path a pattern matches alone, into path; false when it is no
 * plain path (a character of a regular expression not escaped). */
static bool plain_path(const char *pattern, char *path, size_t size)
{
	const char *meta = ".[]()*+?{}|^$\\";
	size_t n = 0;

	if (pattern[0] != '/')
		return false;
	for (; *pattern && n + 1 < size; pattern++) {
		if (*pattern == '\\' && pattern[1] && strchr(meta, pattern[1]))
			pattern++;
		else if (strchr(meta, *pattern))
			return false;
		path[n++] = *pattern;
	}
	path[n] = '\0';
	return !*pattern;
}

static bool same_place(const struct lint_place *a,
		       const struct smack_policy_entry *e)
{
	return e->file && strcmp(a->file, e->file) == 0 && a->line == e->line;
}

/* For a plain path: the line that decides it for each type x applies to;
 * false (and *by one of them) when x decides it for none. */
static bool decides_path(const struct smack_policy *p, const struct item *x,
			 const char *path, struct smack_policy_entry *by)
{
	struct smack_policy_entry e;
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (x->file_type && x->file_type != type_letters[i])
			continue;
		if (smack_policy_match_path(p, path, modes[i], &e) == 1) {
			if (same_place(&x->where, &e))
				return true;
			*by = e;
		}
	}
	return false;
}

/* For any pattern: a later line of the same pattern, or of one matching
 * every path, for x's type or any. */
static const struct item *later_cover(const struct items *s, size_t i)
{
	const struct item *x = &s->items[i], *y;
	size_t j;

	for (j = s->count; j-- > i + 1;) {
		y = &s->items[j];
		if (y->file_type && y->file_type != x->file_type)
			continue;
		if (strcmp(y->pattern, x->pattern) == 0 ||
		    strcmp(y->pattern, ".*") == 0 ||
		    strcmp(y->pattern, "/.*") == 0)
			return y;
	}
	return NULL;
}

static void report_overridden(struct lint *l, const struct item *x,
			      const struct lint_place *by)
{
	lint_report(l, LINT_LABELS, &x->where, "the line of \"%s\" never "
		    "decides a path: the line at %s:%u, later, matches every "
		    "path it matches, and the last matching line wins",
		    x->pattern, by->file, by->line);
	lint_note(l, by, "overrides the line at %s:%u", x->where.file,
		  x->where.line);
}

static void check_labels(struct lint *l)
{
	struct items s = { NULL, 0, 0 };
	struct smack_policy_entry by;
	struct lint_place at;
	const struct item *y;
	char path[4096];
	size_t i;

	smack_policy_foreach(l->policy, SMACK_POLICY_LABELS, take_item, &s);
	for (i = 0; i < s.count; i++) {
		memset(&by, 0, sizeof(by));
		if (plain_path(s.items[i].pattern, path, sizeof(path))) {
			if (decides_path(l->policy, &s.items[i], path, &by) ||
			    !by.file)
				continue;
			at = lint_place_of(&by);
			report_overridden(l, &s.items[i], &at);
		} else if ((y = later_cover(&s, i))) {
			report_overridden(l, &s.items[i], &y->where);
		}
	}
	free_items(&s);
}

void lint_maps(struct lint *l)
{
	if (l->enabled[LINT_CIPSO])
		check_cipso(l);
	if (l->enabled[LINT_NETLABEL])
		check_netlabel(l);
	if (l->enabled[LINT_LABELS])
		check_labels(l);
}
