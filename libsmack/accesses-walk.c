// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Walking a rule set in order, each pair once with its final state: what
 * apply and clear write.
 *
 * Most pairs of a real policy have a single rule, so a map of every pair
 * (accesses-merge.c) is mostly spent on pairs that need no merging, and in
 * a User-Mode-Linux guest each fresh page it touches costs as much as
 * thousands of instructions.  So the walk finds the pairs that have more
 * than one rule first and maps only those: a Bloom filter of eight bits a
 * rule (two probes, a few percent of false alarms) names every rule whose
 * pair may have come before, and an exact map is built of those rules'
 * pairs alone.  A pair outside that map has one rule, and its state is
 * that rule's.  For 100,000 rules the two take about 55 pages where a map
 * of every pair takes 185.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "accesses.h"

#define BLOOM_BITS_PER_RULE 8

struct bloom {
	uint64_t *words;
	uint64_t mask;		/* bits - 1, a power of two less one */
};

static uint64_t bloom_key(const struct rule *r)
{
	return (uint64_t)r->subject << 32 | r->object;
}

static int bloom_init(struct bloom *b, size_t rules)
{
	uint64_t bits = 64;

	while (bits < (uint64_t)rules * BLOOM_BITS_PER_RULE &&
	       bits < (1ull << 32))
		bits <<= 1;
	b->mask = bits - 1;
	b->words = calloc(bits / 64, sizeof(*b->words));
	return b->words ? 0 : -1;
}

static bool bloom_test_bit(struct bloom *b, uint64_t bit)
{
	uint64_t *w = &b->words[bit >> 6], m = 1ull << (bit & 63);
	bool was = *w & m;

	*w |= m;
	return was;
}

/* Adds the pair of r; true when it may have been added before. */
static bool bloom_add(struct bloom *b, const struct rule *r)
{
	uint64_t key = bloom_key(r);
	uint64_t h1 = (key * 0x9e3779b97f4a7c15ull) >> 32;
	uint64_t h2 = ((key ^ key >> 29) * 0xbf58476d1ce4e5b9ull) >> 32;
	bool first = bloom_test_bit(b, h1 & b->mask);
	bool second = bloom_test_bit(b, h2 & b->mask);

	return first && second;
}

/* The indexes of the rules whose pair the filter may have seen before. */
static int suspects_of(const struct smack_accesses *set, uint32_t **out,
		       size_t *count)
{
	struct bloom b;
	uint32_t *list = NULL, *grown;
	size_t n = 0, cap = 0, i;
	struct rule r;

	*out = NULL;
	*count = 0;
	if (bloom_init(&b, set->count) < 0)
		return -1;
	for (i = 0; i < set->count; i++) {
		accesses_get(set, i, &r);
		if (!bloom_add(&b, &r))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 1024;
			grown = realloc(list, cap * sizeof(*list));
			if (!grown) {
				free(list);
				free(b.words);
				return -1;
			}
			list = grown;
		}
		list[n++] = (uint32_t)i;
	}
	free(b.words);
	*out = list;
	*count = n;
	return 0;
}

/* Maps the suspects' pairs and folds every rule of those pairs in. */
static int map_repeated(struct pair_walk *w, const uint32_t *suspects,
			size_t count)
{
	const struct smack_accesses *set = w->set;
	struct rule r;
	size_t i, slot;

	if (pair_map_init(&w->repeated, set, count) < 0)
		return -1;
	for (i = 0; i < count; i++) {
		accesses_get(set, suspects[i], &r);
		pair_map_add_key(&w->repeated, r.subject, r.object);
	}
	for (i = 0; i < set->count; i++) {
		accesses_get(set, i, &r);
		slot = pair_map_keyed(&w->repeated, r.subject, r.object);
		if (slot != PAIR_NONE)
			pair_map_fold(&w->repeated, slot, &r);
		else if (r.modify)
			w->modify_pairs++;
	}
	w->modify_pairs += w->repeated.modify_pairs;
	return pair_marks_init(&w->marks, &w->repeated);
}

int pair_walk_init(struct pair_walk *w, const struct smack_accesses *set)
{
	uint32_t *suspects;
	size_t count;
	int ret;

	memset(w, 0, sizeof(*w));
	w->set = set;
	/* Rule indexes are kept in 32 bits. */
	if (set->count > UINT32_MAX) {
		errno = ENOMEM;
		return -1;
	}
	if (suspects_of(set, &suspects, &count) < 0)
		return -1;
	ret = map_repeated(w, suspects, count);
	free(suspects);
	if (ret < 0) {
		pair_walk_release(w);
		errno = ENOMEM;
	}
	return ret;
}

void pair_walk_rewind(struct pair_walk *w)
{
	pair_marks_clear(&w->marks);
}

bool pair_walk_first(struct pair_walk *w, const struct rule *r,
		     uint16_t *state)
{
	size_t slot = pair_map_keyed(&w->repeated, r->subject, r->object);

	if (slot == PAIR_NONE) {
		*state = pair_fold(0, r);
		return true;
	}
	if (!pair_marks_first(&w->marks, slot))
		return false;
	*state = w->repeated.state[slot];
	return true;
}

void pair_walk_release(struct pair_walk *w)
{
	int saved = errno;

	pair_marks_release(&w->marks);
	pair_map_release(&w->repeated);
	errno = saved;
}
