// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl lint: the labels wherever the tree names them (rules, CIPSO
 * mappings, netlabel entries, knobs, labels.d), counted once for the
 * whole tree: a label named once and an edit or two from one named often
 * is likely a typo, and an onlycap label nothing else names likely one
 * too.  The typo check compares each label named once only with the
 * often named labels of a length it can reach, through a cheap filter of
 * the bytes they hold, and an edit distance that stops at the limit.
 * A finding names the line that names the label (a rule's, for its
 * object too).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackctl-lint.h"

/* A label named this often is one a typo was likely meant for. */
#define OFTEN 3
/* Labels named once shorter than this are not checked for typos. */
#define TYPO_MIN 4
/* From this length, two edits; below it, one. */
#define TWO_EDITS 8

struct label_rec {
	const char *text;	/* the policy's, or words */
	size_t len;
	uint64_t bytes;		/* a bit for each byte value mod 64 */
	unsigned int count, others;	/* all names; those but onlycap's */
	struct lint_place first;
};

struct labels {
	struct lint *lint;
	struct label_rec *items;
	size_t count, cap;
	uint32_t *slots;
	size_t mask;
	char **words;		/* copies of knob list words */
	size_t words_count;
	const char *ambient;
};

static bool is_system(const char *s)
{
	return s[1] == '\0' && strchr("_*^@", s[0]);
}

static size_t hash_text(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h ^ (h >> 29);
}

static void grow(struct labels *t)
{
	size_t i, n = t->mask ? 2 * (t->mask + 1) : 1024, at;

	free(t->slots);
	t->slots = lint_alloc(calloc(n, sizeof(*t->slots)));
	t->mask = n - 1;
	for (i = 0; i < t->count; i++) {
		at = hash_text(t->items[i].text) & t->mask;
		while (t->slots[at])
			at = (at + 1) & t->mask;
		t->slots[at] = i + 1;
	}
}

static struct label_rec *new_label(struct labels *t, const char *s,
				   const struct lint_place *where)
{
	struct label_rec *x;
	const char *c;

	if (t->count == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 1024;
		t->items = lint_alloc(realloc(t->items,
					      t->cap * sizeof(*t->items)));
	}
	x = &t->items[t->count++];
	memset(x, 0, sizeof(*x));
	x->text = s;
	x->len = strlen(s);
	for (c = s; *c; c++)
		x->bytes |= 1ull << (*c & 63);
	x->first = *where;
	return x;
}

/* One more name of label s at where; onlycap's are counted apart. */
static void count_label(struct labels *t, const char *s,
			const struct lint_place *where, bool onlycap)
{
	struct label_rec *x = NULL;
	size_t at;

	if (2 * (t->count + 1) > t->mask + 1)
		grow(t);
	for (at = hash_text(s) & t->mask; t->slots[at];
	     at = (at + 1) & t->mask)
		if (strcmp(t->items[t->slots[at] - 1].text, s) == 0) {
			x = &t->items[t->slots[at] - 1];
			break;
		}
	if (!x) {
		x = new_label(t, s, where);
		t->slots[at] = t->count;
	}
	x->count++;
	x->others += !onlycap;
}

static const struct label_rec *find_label(const struct labels *t,
					  const char *s)
{
	size_t at;

	for (at = hash_text(s) & t->mask; t->mask && t->slots[at];
	     at = (at + 1) & t->mask)
		if (strcmp(t->items[t->slots[at] - 1].text, s) == 0)
			return &t->items[t->slots[at] - 1];
	return NULL;
}

/* The words of a knob's list, each counted (copies kept in t). */
static void count_words(struct labels *t, const char *list,
			const struct lint_place *where, bool onlycap)
{
	const char *w;
	size_t n;

	if (strcmp(list, "-") == 0)
		return;
	for (w = list; *(w += strspn(w, " ")); w += n) {
		n = strcspn(w, " ");
		t->words = lint_alloc(realloc(t->words, (t->words_count + 1) *
					      sizeof(*t->words)));
		t->words[t->words_count] = lint_alloc(strndup(w, n));
		count_label(t, t->words[t->words_count++], where, onlycap);
	}
}

static void count_knob(struct labels *t, const struct smack_policy_entry *e,
		       const struct lint_place *where)
{
	int kind = 0;

	if (smack_knob_info(e->knob, &kind, NULL) < 0)
		return;
	if (kind == SMACK_KNOB_LABEL && e->label) {
		count_label(t, e->label, where, false);
		if (strcmp(e->knob, "ambient") == 0)
			t->ambient = e->label;
	} else if (kind == SMACK_KNOB_LIST) {
		count_words(t, e->value, where, strcmp(e->knob, "onlycap") == 0);
	}
}

/* A smack_policy_fn: the labels of each entry. */
static int count_entry(void *data, const struct smack_policy_entry *e)
{
	struct labels *t = data;
	struct lint_place where = lint_place_of(e);
	const char *const l3[3] = { e->access_label, e->execute_label,
				    e->mmap_label };
	int i;

	switch (e->kind) {
	case SMACK_POLICY_RULE:
		count_label(t, e->subject, &where, false);
		count_label(t, e->object, &where, false);
		break;
	case SMACK_POLICY_CIPSO:
	case SMACK_POLICY_NETLABEL:
		count_label(t, e->label, &where, false);
		break;
	case SMACK_POLICY_KNOB:
		count_knob(t, e, &where);
		break;
	case SMACK_POLICY_LABELS:
		for (i = 0; i < 3; i++)
			if (l3[i])
				count_label(t, l3[i], &where, false);
		break;
	}
	return 0;
}

/* ---- typo ---- */

/* The edit distance of a and b if at most k, else k + 1: the cells of
 * the table more than k from its diagonal are never computed, and a row
 * all over k stops it. */
static unsigned int distance(const char *a, size_t m, const char *b, size_t n,
			     unsigned int k)
{
	unsigned int rows[2][257], *prev = rows[0], *cur = rows[1], *swap;
	unsigned int inf = k + 1, best, v;
	size_t i, j, lo, hi;

	if (m > n + k || n > m + k)
		return inf;
	for (j = 0; j <= n; j++)
		prev[j] = j <= k ? j : inf;
	for (i = 1; i <= m; i++) {
		lo = i > k ? i - k : 0;
		hi = i + k < n ? i + k : n;
		if (lo)
			cur[lo - 1] = inf;
		best = inf;
		for (j = lo; j <= hi; j++) {
			v = j ? prev[j - 1] + (a[i - 1] != b[j - 1]) : i;
			if (prev[j] + 1 < v)
				v = prev[j] + 1;
			if (j && cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			cur[j] = v < inf ? v : inf;
			best = cur[j] < best ? cur[j] : best;
		}
		if (hi < n)
			cur[hi + 1] = inf;
		if (best >= inf)
			return inf;
		swap = prev;
		prev = cur;
		cur = swap;
	}
	return prev[n];
}

/* The often named labels by length. */
struct buckets {
	uint32_t *items;	/* label indexes, by length */
	size_t start[258];	/* of each length in items */
};

static void make_buckets(const struct labels *t, struct buckets *b)
{
	size_t i, n, at[257];

	memset(b->start, 0, sizeof(b->start));
	for (i = 0; i < t->count; i++)
		if (t->items[i].count >= OFTEN && t->items[i].len < 256)
			b->start[t->items[i].len + 1]++;
	for (n = 1; n < 258; n++)
		b->start[n] += b->start[n - 1];
	b->items = lint_alloc(malloc((b->start[257] + 1) *
				     sizeof(*b->items)));
	memcpy(at, b->start, sizeof(at));
	for (i = 0; i < t->count; i++)
		if (t->items[i].count >= OFTEN && t->items[i].len < 256)
			b->items[at[t->items[i].len]++] = i;
}

/* The often named label closest to x within k edits, or NULL. */
static const struct label_rec *closest(const struct labels *t,
				       const struct buckets *b,
				       const struct label_rec *x,
				       unsigned int k, unsigned int *edits)
{
	const struct label_rec *best = NULL, *y;
	size_t n, i;
	unsigned int d;

	*edits = k + 1;
	for (n = x->len - k; n <= x->len + k && n < 256; n++) {
		for (i = b->start[n]; i < b->start[n + 1]; i++) {
			y = &t->items[b->items[i]];
			if ((unsigned int)__builtin_popcountll(x->bytes ^
							       y->bytes) >
			    2 * k)
				continue;
			d = distance(x->text, x->len, y->text, y->len, k);
			if (d < *edits || (d == *edits && best &&
					   y->count > best->count)) {
				*edits = d;
				best = y;
			}
		}
	}
	return *edits <= k ? best : NULL;
}

static void check_typos(struct labels *t)
{
	const struct label_rec *x, *y;
	struct buckets b;
	unsigned int edits;
	size_t i;

	if (!t->lint->enabled[LINT_TYPO])
		return;
	make_buckets(t, &b);
	for (i = 0; i < t->count; i++) {
		x = &t->items[i];
		if (x->count != 1 || x->len < TYPO_MIN || x->len > 255 ||
		    is_system(x->text))
			continue;
		y = closest(t, &b, x, x->len < TWO_EDITS ? 1 : 2, &edits);
		if (!y)
			continue;
		lint_report(t->lint, LINT_TYPO, &x->first, "label \"%s\" is "
			    "named only here, %u edit%s away from \"%s\","
			    " which the tree names %u times: a typo?",
			    x->text, edits, edits == 1 ? "" : "s", y->text,
			    y->count);
		lint_note(t->lint, &y->first, "\"%s\" is first named here",
			  y->text);
	}
	free(b.items);
}

/* ---- onlycap ---- */

static bool has_word(const char *list, const char *word)
{
	size_t n, len = strlen(word);
	const char *w;

	for (w = list; *(w += strspn(w, " ")); w += n) {
		n = strcspn(w, " ");
		if (n == len && strncmp(w, word, n) == 0)
			return true;
	}
	return false;
}

static void check_onlycap_words(struct labels *t, const char *list,
				const struct lint_place *where)
{
	const struct label_rec *x;
	const char *w;
	size_t n;
	char word[SMACK_LABEL_LEN + 1];

	for (w = list; *(w += strspn(w, " ")); w += n) {
		n = strcspn(w, " ");
		if (n >= sizeof(word))
			continue;
		memcpy(word, w, n);
		word[n] = '\0';
		x = find_label(t, word);
		if (x && !x->others && !is_system(word))
			lint_report(t->lint, LINT_ONLYCAP, where, "onlycap "
				    "names \"%s\", which no rule, CIPSO "
				    "mapping, netlabel entry, label "
				    "specification or other knob of the tree"
				    " names", word);
	}
}

/* A smack_policy_fn for the knobs. */
static int check_onlycap(void *data, const struct smack_policy_entry *e)
{
	struct labels *t = data;
	struct lint_place where = lint_place_of(e);
	const char *boot = t->ambient ? t->ambient : "_";

	if (strcmp(e->knob, "onlycap") != 0 || strcmp(e->value, "-") == 0)
		return 0;
	if (!has_word(e->value, boot))
		lint_report(t->lint, LINT_ONLYCAP, &where, "onlycap leaves "
			    "out \"%s\", the label of the init that applies "
			    "the tree at boot (%s): it would lose "
			    "CAP_MAC_ADMIN, and smackctl apply refuses the "
			    "list without --force", boot, t->ambient ?
			    "the tree's ambient label" : "the floor label");
	check_onlycap_words(t, e->value, &where);
	return 0;
}

void lint_labels(struct lint *l)
{
	struct labels t = { .lint = l };
	size_t i;

	smack_policy_foreach(l->policy, 0, count_entry, &t);
	check_typos(&t);
	if (l->enabled[LINT_ONLYCAP])
		smack_policy_foreach(l->policy, SMACK_POLICY_KNOB,
				     check_onlycap, &t);
	for (i = 0; i < t.words_count; i++)
		free(t.words[i]);
	free(t.words);
	free(t.items);
	free(t.slots);
}
