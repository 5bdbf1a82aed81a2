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
 * pairs alone (growing as they come, since a set that repeats a few pairs
 * over and over has many suspects but few pairs), with a second, smaller
 * filter in front of it.  A pair outside that map has one rule, and its
 * state is that rule's.  For 100,000 rules this takes about 60 pages
 * where a map of every pair takes 185.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "accesses.h"

/* Bits a key: 8 for the filter of every rule, 16 for the filter of the
 * suspects, which saves most rules a probe of the map (a miss in a map
 * 80% full probes a dozen slots). */
#define RULE_FILTER_BITS 8
#define SUSPECT_FILTER_BITS 16

static int bloom_init(struct pair_filter *b, size_t keys, unsigned int per_key)
{
	uint64_t bits = 64;

	while (bits < (uint64_t)keys * per_key && bits < (1ull << 32))
		bits <<= 1;
	b->mask = bits - 1;
	b->words = calloc(bits / 64, sizeof(*b->words));
	return b->words ? 0 : -1;
}

static void bloom_release(struct pair_filter *b)
{
	free(b->words);
	b->words = NULL;
}

/* The two bits of a pair. */
static void bloom_bits(const struct pair_filter *b, uint32_t subject,
		       uint32_t object, uint64_t bit[2])
{
	uint64_t key = (uint64_t)subject << 32 | object;

	bit[0] = ((key * 0x9e3779b97f4a7c15ull) >> 32) & b->mask;
	bit[1] = (((key ^ key >> 29) * 0xbf58476d1ce4e5b9ull) >> 32) & b->mask;
}

static bool bloom_test_bit(const struct pair_filter *b, uint64_t bit)
{
	return b->words[bit >> 6] & (1ull << (bit & 63));
}

/* Adds a pair; true when it may have been added before. */
static bool bloom_add(struct pair_filter *b, uint32_t subject, uint32_t object)
{
	uint64_t bit[2];
	bool was;
	int k;

	bloom_bits(b, subject, object, bit);
	was = bloom_test_bit(b, bit[0]) && bloom_test_bit(b, bit[1]);
	for (k = 0; k < 2; k++)
		b->words[bit[k] >> 6] |= 1ull << (bit[k] & 63);
	return was;
}

/* False when the pair of r was never added. */
static bool bloom_may_hold(const struct pair_filter *b, const struct rule *r)
{
	uint64_t bit[2];

	bloom_bits(b, r->subject, r->object, bit);
	return bloom_test_bit(b, bit[0]) && bloom_test_bit(b, bit[1]);
}

/* The first guess at the suspects' pairs: the map grows from there. */
#define REPEATED_PAIRS_GUESS 1024

/* Keys the map with the pairs of the rules that the filter may have seen
 * before: the repeated pairs, and a few false alarms. */
static int key_suspects(struct pair_walk *w)
{
	const struct smack_accesses *set = w->set;
	struct pair_filter b;
	struct rule r;
	size_t i;
	int ret = 0;

	if (bloom_init(&b, set->count, RULE_FILTER_BITS) < 0)
		return -1;
	if (pair_map_init(&w->repeated, set,
			  set->count < REPEATED_PAIRS_GUESS ?
			  set->count : REPEATED_PAIRS_GUESS) < 0) {
		bloom_release(&b);
		return -1;
	}
	for (i = 0; i < set->count && ret == 0; i++) {
		accesses_get(set, i, &r);
		if (bloom_add(&b, r.subject, r.object))
			ret = pair_map_add_key(&w->repeated, r.subject,
					       r.object);
	}
	bloom_release(&b);
	return ret;
}

/* The filter in front of the map, of the pairs it was keyed with. */
static int filter_suspects(struct pair_walk *w)
{
	uint32_t subject, object;
	size_t i;

	if (bloom_init(&w->suspects, w->repeated.keyed,
		       SUSPECT_FILTER_BITS) < 0)
		return -1;
	for (i = 0; i < w->repeated.size; i++)
		if (pair_map_slot_pair(&w->repeated, i, &subject, &object))
			bloom_add(&w->suspects, subject, object);
	return 0;
}

/* Folds every rule of the mapped pairs in. */
static void fold_repeated(struct pair_walk *w)
{
	const struct smack_accesses *set = w->set;
	struct rule r;
	size_t i, slot;

	for (i = 0; i < set->count; i++) {
		accesses_get(set, i, &r);
		slot = bloom_may_hold(&w->suspects, &r) ?
		       pair_map_keyed(&w->repeated, r.subject, r.object) :
		       PAIR_NONE;
		if (slot != PAIR_NONE)
			pair_map_fold(&w->repeated, slot, &r);
		else if (r.modify)
			w->modify_pairs++;
	}
	w->modify_pairs += w->repeated.modify_pairs;
}

int pair_walk_init(struct pair_walk *w, const struct smack_accesses *set)
{
	int ret;

	memset(w, 0, sizeof(*w));
	w->set = set;
	ret = key_suspects(w);
	if (ret == 0)
		ret = filter_suspects(w);
	if (ret == 0) {
		fold_repeated(w);
		ret = pair_marks_init(&w->marks, &w->repeated);
	}
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
	size_t slot = PAIR_NONE;

	if (bloom_may_hold(&w->suspects, r))
		slot = pair_map_keyed(&w->repeated, r->subject, r->object);
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
	bloom_release(&w->suspects);
	errno = saved;
}
