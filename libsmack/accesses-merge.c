// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What a rule set does to each subject-object pair, and the difference of
 * two sets.
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

/* The pair's state after one more rule. */
static uint16_t fold(uint16_t state, const struct rule *r)
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

static void store(struct pair_map *m, size_t i, const struct rule *r)
{
	uint16_t before = m->state[i];

	if (!(before & PAIR_USED)) {
		if (map_is_wide(m))
			m->keys64[i] = pair_key(r->subject, r->object);
		else
			m->keys32[i] = r->subject << 16 | r->object;
	}
	m->state[i] = fold(before, r);
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
	if (!m->state || !(m->keys32 || m->keys64)) {
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

int pair_map_build(struct pair_map *m, const struct smack_accesses *set)
{
	struct rule r;
	size_t i;

	memset(m, 0, sizeof(*m));
	m->set = set;
	if (allocate(m, set->count, set->wide) < 0)
		return -1;
	for (i = 0; i < set->count; i++) {
		accesses_get(set, i, &r);
		store(m, probe(m, r.subject, r.object), &r);
	}
	return 0;
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

/* ---------------------------------------------------------------- diff */

/*
 * For each label of one set, its index in another (or UINT32_MAX), so
 * that a pair of one set is looked up in the other's map by numbers.
 */
static uint32_t *translate_labels(const struct labeltab *from,
				  const struct labeltab *to)
{
	uint32_t *map = malloc((from->count ? from->count : 1) *
			       sizeof(*map));
	uint32_t i;
	long j;

	if (!map)
		return NULL;
	for (i = 0; i < from->count; i++) {
		j = labeltab_find(to, labeltab_text(from, i),
				  labeltab_len(from, i));
		map[i] = j < 0 ? UINT32_MAX : (uint32_t)j;
	}
	return map;
}

/* Everything a diff works with. */
struct diff_work {
	const struct smack_accesses *from, *to;
	struct pair_map from_pairs, to_pairs;
	uint32_t *to_in_from, *from_in_to;	/* translated label indexes */
	struct pair_marks marks;
	struct smack_accesses *out;
};

static int add_plain(struct smack_accesses *out, const struct labeltab *t,
		     const struct rule *r, unsigned int access)
{
	struct rule bits = { .allow = access };

	return accesses_add_n(out, labeltab_text(t, r->subject),
			      labeltab_len(t, r->subject),
			      labeltab_text(t, r->object),
			      labeltab_len(t, r->object), &bits);
}

/* The access a pair of one set has in the other (0 if it has none). */
static unsigned int access_in(const struct pair_map *m, const uint32_t *tr,
			      const struct rule *r, bool *present)
{
	size_t slot = PAIR_NONE;

	if (tr[r->subject] != UINT32_MAX && tr[r->object] != UINT32_MAX)
		slot = pair_map_find(m, tr[r->subject], tr[r->object]);
	*present = slot != PAIR_NONE;
	return *present ? pair_final(m->state[slot]) : 0;
}

/* Pairs of 'to' whose access differs from what 'from' gives them. */
static int diff_changed(struct diff_work *w)
{
	unsigned int want, have;
	struct rule r;
	bool present;
	size_t i, slot;

	for (i = 0; i < w->to->count; i++) {
		accesses_get(w->to, i, &r);
		slot = pair_map_find(&w->to_pairs, r.subject, r.object);
		if (!pair_marks_first(&w->marks, slot))
			continue;
		want = pair_final(w->to_pairs.state[slot]);
		have = access_in(&w->from_pairs, w->to_in_from, &r, &present);
		if (want != have &&
		    add_plain(w->out, &w->to->labels, &r, want) < 0)
			return -1;
	}
	return 0;
}

/* Pairs of 'from' with some access that 'to' does not mention. */
static int diff_vanished(struct diff_work *w)
{
	struct rule r;
	bool present;
	size_t i, slot;

	for (i = 0; i < w->from->count; i++) {
		accesses_get(w->from, i, &r);
		slot = pair_map_find(&w->from_pairs, r.subject, r.object);
		if (!pair_marks_first(&w->marks, slot))
			continue;
		if (!pair_final(w->from_pairs.state[slot]))
			continue;
		access_in(&w->to_pairs, w->from_in_to, &r, &present);
		if (!present && add_plain(w->out, &w->from->labels, &r, 0) < 0)
			return -1;
	}
	return 0;
}

static int diff_run(struct diff_work *w)
{
	if (pair_map_build(&w->from_pairs, w->from) < 0 ||
	    pair_map_build(&w->to_pairs, w->to) < 0)
		return -1;
	w->to_in_from = translate_labels(&w->to->labels, &w->from->labels);
	w->from_in_to = translate_labels(&w->from->labels, &w->to->labels);
	if (!w->to_in_from || !w->from_in_to)
		return -1;
	if (pair_marks_init(&w->marks, &w->to_pairs) < 0 || diff_changed(w) < 0)
		return -1;
	pair_marks_release(&w->marks);
	if (pair_marks_init(&w->marks, &w->from_pairs) < 0)
		return -1;
	return diff_vanished(w);
}

SMACK_EXPORT
int smack_accesses_diff(const struct smack_accesses *from,
			const struct smack_accesses *to,
			struct smack_accesses **diff)
{
	struct diff_work w = { .from = from, .to = to };
	int ret, saved;

	if (!from || !to || !diff) {
		errno = EINVAL;
		return -1;
	}
	if (smack_accesses_new(&w.out) < 0)
		return -1;
	ret = diff_run(&w);
	saved = errno;
	pair_map_release(&w.from_pairs);
	pair_map_release(&w.to_pairs);
	pair_marks_release(&w.marks);
	free(w.to_in_from);
	free(w.from_in_to);
	if (ret < 0) {
		smack_accesses_free(w.out);
		errno = saved;
		return -1;
	}
	*diff = w.out;
	return 0;
}
