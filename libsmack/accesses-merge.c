// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What a rule set does to each subject-object pair (the difference of two
 * sets, built on it, is in accesses-diff.c).
 *
 * Rules for one pair are folded in the order added: a plain rule replaces
 * the access, a change-rule adds its allow letters and then takes away its
 * deny letters (the kernel's change-rule: deny wins).  A pair that has a
 * plain rule stays plain, so that it is written once to load2 with its
 * final access; a pair with only change-rules stays a change-rule whose
 * allow and deny compose all of them.
 *
 * The pairs live in an open-addressing hash table sized once from the
 * rule count (which bounds the pair count), at most 80% full, never
 * rehashed: 6 bytes a slot for a set of up to 65,535 labels.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "accesses.h"

/* Free slots hold keys no pair has: all ones (see ACCESSES_NARROW_LABELS
 * and LABELTAB_MAX), so a probe reads the key array alone. */
#define FREE32 UINT32_MAX
#define FREE64 UINT64_MAX

static bool map_is_wide(const struct pair_map *m)
{
	return m->keys64 != NULL;
}

static uint64_t pair_key(uint32_t subject, uint32_t object)
{
	return (uint64_t)subject << 32 | object;
}

/* Fibonacci hashing, then a multiply to land in [0, size). */
static size_t home_slot(const struct pair_map *m, uint64_t key)
{
	uint64_t h = key * 0x9e3779b97f4a7c15ull;

	return (size_t)(((h >> 32) * (uint64_t)m->size) >> 32);
}

/* The pair's slot, or the free slot where it would go. */
static size_t probe(const struct pair_map *m, uint32_t subject,
		    uint32_t object)
{
	uint64_t key = pair_key(subject, object);
	size_t i = home_slot(m, key);

	if (map_is_wide(m)) {
		while (m->keys64[i] != key && m->keys64[i] != FREE64)
			if (++i == m->size)
				i = 0;
	} else {
		uint32_t key32 = subject << 16 | object;

		while (m->keys32[i] != key32 && m->keys32[i] != FREE32)
			if (++i == m->size)
				i = 0;
	}
	return i;
}

size_t pair_map_find(const struct pair_map *m, uint32_t subject,
		     uint32_t object)
{
	size_t i;

	if (!m->size)
		return PAIR_NONE;
	/* Indexes a narrow map cannot hold are in no pair of it. */
	if (!map_is_wide(m) && (subject >= ACCESSES_NARROW_LABELS ||
				object >= ACCESSES_NARROW_LABELS))
		return PAIR_NONE;
	i = probe(m, subject, object);
	return (m->state[i] & PAIR_USED) ? i : PAIR_NONE;
}

static uint16_t pack_state(unsigned int allow, unsigned int deny,
			   bool modify)
{
	return PAIR_USED | (modify ? PAIR_MODIFY : 0) |
	       allow << PAIR_ALLOW_SHIFT | deny << PAIR_DENY_SHIFT;
}

uint16_t pair_fold(uint16_t state, const struct rule *r)
{
	unsigned int allow = pair_allow(state), deny = pair_deny(state);

	if (!r->modify)
		return pack_state(r->allow, 0, false);
	if (!(state & PAIR_USED))
		return pack_state(r->allow & ~r->deny, r->deny, true);
	if (!(state & PAIR_MODIFY))
		return pack_state((allow | r->allow) & ~r->deny, 0, false);
	/* Two change-rules in a row compose into one: a letter ends up
	 * denied if the second denies it, or the first did and the second
	 * does not allow it again. */
	return pack_state((allow | r->allow) & ~r->deny,
			  r->deny | (deny & ~r->allow), true);
}

static void set_key(struct pair_map *m, size_t i, uint32_t subject,
		    uint32_t object)
{
	if (map_is_wide(m))
		m->keys64[i] = pair_key(subject, object);
	else
		m->keys32[i] = subject << 16 | object;
}

static void store(struct pair_map *m, size_t i, const struct rule *r)
{
	uint16_t before = m->state[i];

	if (!(before & PAIR_USED))
		set_key(m, i, r->subject, r->object);
	m->state[i] = pair_fold(before, r);
	m->modify_pairs += !!(m->state[i] & PAIR_MODIFY) -
			   !!(before & PAIR_MODIFY);
}

static int allocate(struct pair_map *m, size_t rules, bool wide)
{
	size_t size = rules + rules / 4 + 1;

	/* home_slot() reduces a 32-bit hash. */
	if (size > UINT32_MAX) {
		errno = ENOMEM;
		return -1;
	}
	m->size = size;
	m->state = calloc(size, sizeof(*m->state));
	if (wide)
		m->keys64 = malloc(size * sizeof(*m->keys64));
	else
		m->keys32 = malloc(size * sizeof(*m->keys32));
	if (!m->state || (wide ? !m->keys64 : !m->keys32)) {
		pair_map_release(m);
		errno = ENOMEM;
		return -1;
	}
	if (wide)
		memset(m->keys64, 0xff, size * sizeof(*m->keys64));
	else
		memset(m->keys32, 0xff, size * sizeof(*m->keys32));
	return 0;
}

int pair_map_init(struct pair_map *m, const struct smack_accesses *set,
		  size_t pairs)
{
	memset(m, 0, sizeof(*m));
	m->set = set;
	return allocate(m, pairs, set->wide);
}

int pair_map_build(struct pair_map *m, const struct smack_accesses *set)
{
	struct rule r;
	size_t i;

	if (pair_map_init(m, set, set->count) < 0)
		return -1;
	for (i = 0; i < set->count; i++) {
		accesses_get(set, i, &r);
		store(m, probe(m, r.subject, r.object), &r);
	}
	return 0;
}

static bool slot_is_free(const struct pair_map *m, size_t i)
{
	return map_is_wide(m) ? m->keys64[i] == FREE64 : m->keys32[i] == FREE32;
}

bool pair_map_slot_pair(const struct pair_map *m, size_t slot,
			uint32_t *subject, uint32_t *object)
{
	if (slot_is_free(m, slot))
		return false;
	if (map_is_wide(m)) {
		*subject = m->keys64[slot] >> 32;
		*object = (uint32_t)m->keys64[slot];
	} else {
		*subject = m->keys32[slot] >> 16;
		*object = m->keys32[slot] & 0xffff;
	}
	return true;
}

/* Twice the pairs' room, each pair moved with its state.  A map of chosen
 * pairs cannot be sized in advance: a set whose rules repeat a few pairs
 * over and over has almost every rule under suspicion, but few pairs. */
static int grow(struct pair_map *m)
{
	struct pair_map bigger = { .set = m->set };
	uint32_t subject, object;
	size_t i, j;

	if (allocate(&bigger, m->keyed * 2 + 1, map_is_wide(m)) < 0)
		return -1;
	for (i = 0; i < m->size; i++) {
		if (!pair_map_slot_pair(m, i, &subject, &object))
			continue;
		j = probe(&bigger, subject, object);
		set_key(&bigger, j, subject, object);
		bigger.state[j] = m->state[i];
	}
	bigger.keyed = m->keyed;
	bigger.modify_pairs = m->modify_pairs;
	pair_map_release(m);
	*m = bigger;
	return 0;
}

int pair_map_add_key(struct pair_map *m, uint32_t subject, uint32_t object)
{
	size_t i;

	/* allocate() leaves a fifth of the slots free; keep it so. */
	if (m->keyed + 1 > m->size - m->size / 5 && grow(m) < 0)
		return -1;
	i = probe(m, subject, object);
	if (slot_is_free(m, i)) {
		set_key(m, i, subject, object);
		m->keyed++;
	}
	return 0;
}

size_t pair_map_keyed(const struct pair_map *m, uint32_t subject,
		      uint32_t object)
{
	size_t i;

	if (!m->size)
		return PAIR_NONE;
	i = probe(m, subject, object);
	return slot_is_free(m, i) ? PAIR_NONE : i;
}

void pair_map_fold(struct pair_map *m, size_t slot, const struct rule *r)
{
	store(m, slot, r);
}

void pair_map_release(struct pair_map *m)
{
	free(m->keys32);
	free(m->keys64);
	free(m->state);
	memset(m, 0, sizeof(*m));
}

int pair_marks_init(struct pair_marks *marks, const struct pair_map *m)
{
	marks->size = (m->size + 7) / 8;
	marks->bits = calloc(marks->size ? marks->size : 1, 1);
	return marks->bits ? 0 : -1;
}

void pair_marks_clear(struct pair_marks *marks)
{
	memset(marks->bits, 0, marks->size);
}

void pair_marks_release(struct pair_marks *marks)
{
	free(marks->bits);
	marks->bits = NULL;
}
