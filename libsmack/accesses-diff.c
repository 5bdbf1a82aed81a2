// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The difference of two rule sets (smack_accesses_diff): the plain rules
 * that turn what one set gives each pair into what the other gives it.
 * Both sides are folded per pair first (accesses-merge.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "accesses.h"

/* ------------------------------------------------- pairs that vanish */

struct named_pair {
	const char *subject, *object;
	uint8_t subject_len, object_len;
	size_t index;
};

static int compare_text(const char *a, size_t alen, const char *b,
			size_t blen)
{
	int c = memcmp(a, b, alen < blen ? alen : blen);

	return c ? c : (alen > blen) - (alen < blen);
}

static int compare_named(const void *pa, const void *pb)
{
	const struct named_pair *a = pa, *b = pb;
	int c = compare_text(a->subject, a->subject_len, b->subject,
			     b->subject_len);

	return c ? c : compare_text(a->object, a->object_len, b->object,
				    b->object_len);
}

int accesses_append_vanished(struct smack_accesses *changes,
			     struct smack_accesses *undo,
			     const struct smack_accesses *vanished)
{
	const struct labeltab *t = &vanished->labels;
	size_t n = vanished->count, i;
	struct named_pair *order;
	struct rule r;
	int ret = 0;

	if (!n)
		return 0;
	order = malloc(n * sizeof(*order));
	if (!order)
		return -1;
	for (i = 0; i < n; i++) {
		accesses_get(vanished, i, &r);
		order[i].subject = labeltab_text(t, r.subject);
		order[i].subject_len = labeltab_len(t, r.subject);
		order[i].object = labeltab_text(t, r.object);
		order[i].object_len = labeltab_len(t, r.object);
		order[i].index = i;
	}
	qsort(order, n, sizeof(*order), compare_named);
	for (i = 0; i < n && ret == 0; i++) {
		accesses_get(vanished, order[i].index, &r);
		ret = accesses_add_plain(changes, t, &r, 0);
		if (ret == 0 && undo)
			ret = accesses_add_plain(undo, t, &r, r.allow);
	}
	free(order);
	return ret;
}

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
	struct smack_accesses *vanished;	/* with the access they had */
};

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
		    accesses_add_plain(w->out, &w->to->labels, &r, want) < 0)
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
		if (!present &&
		    accesses_add_plain(w->vanished, &w->from->labels, &r,
				       pair_final(w->from_pairs.state[slot])) < 0)
			return -1;
	}
	return accesses_append_vanished(w->out, NULL, w->vanished);
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
	ret = smack_accesses_new(&w.vanished);
	if (ret == 0)
		ret = diff_run(&w);
	saved = errno;
	smack_accesses_free(w.vanished);
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
