// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl lint's typo check: a label named once in the whole tree that
 * is one edit (two from 8 bytes on) from a label named often.
 *
 * Comparing each label named once with every label named often would
 * take the square of a large tree's labels.  Instead each often named
 * label of n bytes is cut into PIECES pieces, indexed by their bytes, n
 * and their place: k edits leave at least PIECES - k pieces whole, each
 * at most k bytes from its place in the label named once.  So a label
 * named once looks up the bytes at each piece's place, moved by up to k,
 * for each length it can reach, and measures the edit distance only to
 * the labels found.  A piece many labels share (a namespace such as
 * "User::App::") finds too many to be worth it and is passed over; only
 * when so many are passed over that a label could hide behind them is a
 * whole length compared label by label.  The edit distance stops at the
 * limit, and at a row all over it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackctl-lint.h"

/* A label named this often is one a typo was likely meant for. */
#define OFTEN 3
/* Labels named once shorter than this are not checked. */
#define TYPO_MIN 4
/* From this length, two edits; below it, one. */
#define TWO_EDITS 8
#define PIECES 4
/* A piece more labels share than this is passed over. */
#define COMMON 32

struct piece {
	uint64_t hash;
	uint32_t label;
};

struct typos {
	const struct lint_label *labels;
	struct piece *pieces;
	uint32_t *next;			/* the next piece of its hash + 1 */
	size_t count;
	uint32_t *slots;		/* first piece of a hash + 1 */
	size_t mask;
	uint32_t *by_length;		/* often named labels, by length */
	size_t start[258];		/* of each length in by_length */
	uint32_t *seen;			/* the last label named once that
					 * measured each label */
};

static uint64_t hash_piece(size_t n, size_t i, const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull ^ (n << 8 | i);

	while (len--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	h *= 0x9e3779b97f4a7c15ull;
	return h ^ (h >> 32);
}

static size_t piece_start(size_t n, size_t i)
{
	return i * n / PIECES;
}

static bool often(const struct lint_label *y)
{
	return y->count >= OFTEN && y->len < 256;
}

/* The slot of hash h: the one its pieces start from, or an empty one. */
static size_t piece_slot(const struct typos *t, uint64_t h)
{
	size_t at;

	for (at = h & t->mask; t->slots[at]; at = (at + 1) & t->mask)
		if (t->pieces[t->slots[at] - 1].hash == h)
			break;
	return at;
}

/* Piece p of often named label i, first in the list of its hash. */
static void add_piece(struct typos *t, uint32_t i, size_t p)
{
	const struct lint_label *y = &t->labels[i];
	size_t from = piece_start(y->len, p);
	uint64_t h = hash_piece(y->len, p, y->text + from,
				piece_start(y->len, p + 1) - from);
	size_t at = piece_slot(t, h);

	t->pieces[t->count] = (struct piece){ h, i };
	t->next[t->count] = t->slots[at];
	t->slots[at] = ++t->count;
}

/* The pieces of the labels named often, a list for each hash, in the
 * order of the labels (added from the last): a table made in one pass,
 * where sorting them took a large tree's labels longer than reading. */
static void index_pieces(struct typos *t, size_t n)
{
	size_t i, p, slots = 1024;

	while (slots < 2 * n * PIECES)
		slots *= 2;
	t->pieces = lint_alloc(malloc((n * PIECES + 1) * sizeof(*t->pieces)));
	t->next = lint_alloc(malloc((n * PIECES + 1) * sizeof(*t->next)));
	t->slots = lint_alloc(calloc(slots, sizeof(*t->slots)));
	t->mask = slots - 1;
	for (i = n; i-- > 0;) {
		if (!often(&t->labels[i]) || t->labels[i].len < PIECES)
			continue;
		for (p = 0; p < PIECES; p++)
			add_piece(t, i, p);
	}
}

static void index_lengths(struct typos *t, size_t n)
{
	size_t i, len, at[257];

	memset(t->start, 0, sizeof(t->start));
	for (i = 0; i < n; i++)
		if (often(&t->labels[i]))
			t->start[t->labels[i].len + 1]++;
	for (len = 1; len < 258; len++)
		t->start[len] += t->start[len - 1];
	t->by_length = lint_alloc(malloc((t->start[257] + 1) *
					 sizeof(*t->by_length)));
	memcpy(at, t->start, sizeof(at));
	for (i = 0; i < n; i++)
		if (often(&t->labels[i]))
			t->by_length[at[t->labels[i].len]++] = i;
}

/* The first piece of hash h + 1 (the rest through next), or 0; *many
 * when more than COMMON share it. */
static uint32_t find_pieces(const struct typos *t, uint64_t h, bool *many)
{
	uint32_t first = t->slots[piece_slot(t, h)], i = first;
	size_t n = 0;

	while (i && n <= COMMON) {
		n++;
		i = t->next[i - 1];
	}
	*many = n > COMMON;
	return first;
}

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

/* The closest so far of one label named once. */
struct search {
	const struct lint_label *x, *best;
	uint32_t id;
	unsigned int k, edits;
};

static void measure(struct typos *t, struct search *s, uint32_t label)
{
	const struct lint_label *y = &t->labels[label];
	unsigned int d;

	if (t->seen[label] == s->id)
		return;
	t->seen[label] = s->id;
	if ((unsigned int)__builtin_popcountll(s->x->bytes ^ y->bytes) >
	    2 * s->k)
		return;
	d = distance(s->x->text, s->x->len, y->text, y->len, s->k);
	if (d < s->edits || (d == s->edits && s->best &&
			     y->count > s->best->count)) {
		s->edits = d;
		s->best = y;
	}
}

static void measure_length(struct typos *t, struct search *s, size_t n)
{
	size_t i;

	for (i = t->start[n]; i < t->start[n + 1]; i++)
		measure(t, s, t->by_length[i]);
}

/* Piece p of the labels of n bytes at its place in x moved by up to k;
 * false when one place finds too many to measure. */
static bool look_up(struct typos *t, struct search *s, size_t n, size_t p)
{
	size_t at = piece_start(n, p), len = piece_start(n, p + 1) - at;
	uint32_t i;
	long d, from;
	bool whole = true, many;

	for (d = -(long)s->k; d <= (long)s->k; d++) {
		from = (long)at + d;
		if (from < 0 || from + len > s->x->len)
			continue;
		i = find_pieces(t, hash_piece(n, p, s->x->text + from, len),
				&many);
		if (many) {
			whole = false;
			continue;
		}
		for (; i; i = t->next[i - 1])
			measure(t, s, t->pieces[i - 1].label);
	}
	return whole;
}

static void search_length(struct typos *t, struct search *s, size_t n)
{
	size_t p, passed = 0;

	if (t->start[n] == t->start[n + 1])
		return;
	if (n < PIECES) {
		measure_length(t, s, n);
		return;
	}
	for (p = 0; p < PIECES; p++)
		passed += !look_up(t, s, n, p);
	if (passed && passed + s->k >= PIECES)
		measure_length(t, s, n);
}

static void report(struct lint *l, const struct search *s)
{
	lint_report(l, LINT_TYPO, &s->x->first, "label \"%s\" is named only "
		    "here, %u edit%s away from \"%s\", which the tree names "
		    "%u times: a typo?", s->x->text, s->edits,
		    s->edits == 1 ? "" : "s", s->best->text, s->best->count);
	lint_note(l, &s->best->first, "\"%s\" is first named here",
		  s->best->text);
}

void lint_typos(struct lint *l, const struct lint_label *labels, size_t n)
{
	struct typos t = { .labels = labels };
	struct search s = { .id = 0 };
	size_t i, len;

	index_pieces(&t, n);
	index_lengths(&t, n);
	t.seen = lint_alloc(calloc(n + 1, sizeof(*t.seen)));
	for (i = 0; i < n; i++) {
		s.x = &labels[i];
		if (s.x->count != 1 || s.x->len < TYPO_MIN ||
		    s.x->len > 255 || lint_is_system(s.x->text))
			continue;
		s.k = s.x->len < TWO_EDITS ? 1 : 2;
		s.edits = s.k + 1;
		s.best = NULL;
		s.id++;
		for (len = s.x->len - s.k; len <= s.x->len + s.k; len++)
			if (len < 256)
				search_length(&t, &s, len);
		if (s.best)
			report(l, &s);
	}
	free(t.seen);
	free(t.by_length);
	free(t.slots);
	free(t.next);
	free(t.pieces);
}
