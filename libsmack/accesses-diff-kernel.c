// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The difference between the kernel's rules and a target set
 * (smack_accesses_diff_kernel), with load2 read line by line: the kernel's
 * rules are never made into a set of their own.
 *
 * A reload changes a few rules of many, so the quick way keeps nothing
 * that grows with the policy but the target itself.  It walks the target,
 * each pair once with its final access (accesses-walk.c), adds those rules
 * to a delta table (rule-delta.c), takes away every rule load2 lists and
 * decodes what is left: the pairs whose access differs.  A rule of load2
 * whose labels the target does not have cannot be in it, and is set aside
 * at once.  When the change is too large for the table, the exact way
 * maps every pair of the target and reads load2 again against that map.
 *
 * Either way the changes come in the target's order, then the pairs only
 * the kernel has (they lose their access), sorted by subject and object.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "parse.h"

struct kernel_diff {
	const struct smack_accesses *target;
	struct smack_accesses *changes, *undo;	/* undo may be NULL */
	/* Pairs only the kernel has, with the access they have now. */
	struct smack_accesses *vanished;
};

/* Makes the result sets empty again (the exact way after the quick). */
static int kernel_diff_reset(struct kernel_diff *d, bool want_undo)
{
	smack_accesses_free(d->changes);
	smack_accesses_free(d->undo);
	smack_accesses_free(d->vanished);
	d->changes = d->undo = d->vanished = NULL;
	if (smack_accesses_new(&d->changes) < 0 ||
	    smack_accesses_new(&d->vanished) < 0)
		return -1;
	return want_undo ? smack_accesses_new(&d->undo) : 0;
}

/* A pair of the target whose access goes from 'have' to 'want'. */
static int add_change(struct kernel_diff *d, const struct rule *r,
		      unsigned int want, unsigned int have)
{
	const struct labeltab *t = &d->target->labels;

	if (accesses_add_plain(d->changes, t, r, want) < 0)
		return -1;
	return d->undo ? accesses_add_plain(d->undo, t, r, have) : 0;
}

/* A rule of load2 whose labels are not both in the target. */
static int add_vanished_text(struct kernel_diff *d,
			     const struct parse_field *subject,
			     const struct parse_field *object,
			     unsigned int have)
{
	if (accesses_add_access_n(d->vanished, subject->text, subject->len,
				  object->text, object->len, have) < 0)
		return errno == EINVAL ? -EPROTO : -1;
	return 0;
}

/* ----------------------------------------------------------- quick way */

/* A pair the delta table gave back, from one side or both. */
struct leftover {
	uint64_t pair;		/* subject << 32 | object */
	uint8_t want, have;	/* its access in the target, in the kernel */
	uint8_t sides;		/* LEFT_TARGET | LEFT_KERNEL */
	bool seen;		/* the walk of the target reached it */
};

#define LEFT_TARGET 1
#define LEFT_KERNEL 2
#define LEFT_FREE UINT64_MAX

struct leftovers {
	struct leftover *slots;
	size_t mask, used;
};

static uint64_t pair_of(uint32_t subject, uint32_t object)
{
	return (uint64_t)subject << 32 | object;
}

static int leftovers_init(struct leftovers *l, size_t slots)
{
	size_t i;

	l->slots = malloc(slots * sizeof(*l->slots));
	if (!l->slots)
		return -1;
	for (i = 0; i < slots; i++)
		l->slots[i].pair = LEFT_FREE;
	l->mask = slots - 1;
	l->used = 0;
	return 0;
}

static struct leftover *leftovers_slot(const struct leftovers *l,
				       uint64_t pair)
{
	size_t i = (size_t)((pair * 0x9e3779b97f4a7c15ull) >> 32) & l->mask;

	while (l->slots[i].pair != pair && l->slots[i].pair != LEFT_FREE)
		i = (i + 1) & l->mask;
	return &l->slots[i];
}

/* Kept at most half full: twice the room when it would be more. */
static int leftovers_grow(struct leftovers *l)
{
	struct leftovers bigger;
	size_t i;

	if (leftovers_init(&bigger, (l->mask + 1) * 2) < 0)
		return -1;
	for (i = 0; i <= l->mask; i++) {
		const struct leftover *e = &l->slots[i];

		if (e->pair != LEFT_FREE)
			*leftovers_slot(&bigger, e->pair) = *e;
	}
	bigger.used = l->used;
	free(l->slots);
	*l = bigger;
	return 0;
}

struct quick_diff {
	struct kernel_diff *d;
	struct pair_walk walk;
	struct rule_delta delta;
	struct leftovers left;
	size_t kernel_rules;		/* rules of load2 in the delta */
	/* load2 lists a subject's rules together: the index of the last
	 * one, looked up once for all of them (-1 when not in the target). */
	long subject_index;
	bool inconsistent;		/* what was decoded cannot be */
};

static void add_target_rules(struct quick_diff *q)
{
	const struct smack_accesses *set = q->d->target;
	uint16_t state;
	struct rule r;
	size_t i;

	for (i = 0; i < set->count; i++) {
		accesses_get(set, i, &r);
		if (pair_walk_first(&q->walk, &r, &state) && pair_final(state))
			rule_delta_add(&q->delta, r.subject, r.object,
				       pair_final(state), 1);
	}
}

/* Compared with the table's copy of the last subject, which stays put: a
 * copy of the line's, which does not, cost a memcpy at every new subject
 * (a fifth of the difference's time on a host).  A subject the target
 * lacks is looked up again at each of its rules: a miss, a hash and a
 * probe or two. */
static long find_subject(struct quick_diff *q, const struct parse_field *f)
{
	const struct labeltab *t = &q->d->target->labels;
	long last = q->subject_index;

	if (last >= 0 && f->len == labeltab_len(t, last) &&
	    memcmp(f->text, labeltab_text(t, last), f->len) == 0)
		return last;
	q->subject_index = labeltab_find(t, f->text, f->len);
	return q->subject_index;
}

static int kernel_rule(void *arg, const struct parse_field *subject,
		       const struct parse_field *object, unsigned int have)
{
	struct quick_diff *q = arg;
	long s, o = -1;

	if (!have)
		return 0;	/* not a rule the kernel enforces */
	s = find_subject(q, subject);
	if (s >= 0)
		o = labeltab_find(&q->d->target->labels, object->text,
				  object->len);
	if (o < 0)
		return add_vanished_text(q->d, subject, object, have);
	rule_delta_add(&q->delta, s, o, have, -1);
	q->kernel_rules++;
	return 0;
}

static int take_leftover(void *arg, uint32_t subject, uint32_t object,
			 unsigned int access, int side)
{
	struct quick_diff *q = arg;
	uint64_t pair = pair_of(subject, object);
	struct leftover *e;
	uint8_t from = side > 0 ? LEFT_TARGET : LEFT_KERNEL;

	if (q->left.used + 1 > (q->left.mask + 1) / 2 &&
	    leftovers_grow(&q->left) < 0)
		return -1;
	e = leftovers_slot(&q->left, pair);
	if (e->pair == LEFT_FREE) {
		e->pair = pair;
		e->sides = 0;
		e->seen = false;
		q->left.used++;
	}
	if (e->sides & from)
		q->inconsistent = true;	/* one side has a pair once */
	e->sides |= from;
	if (from == LEFT_TARGET)
		e->want = access;
	else
		e->have = access;
	return 0;
}

/* What the kernel gives the target's pair r, whose final access is want. */
static unsigned int kernel_access(struct quick_diff *q, const struct rule *r,
				  unsigned int want)
{
	struct leftover *e;

	if (!q->kernel_rules)
		return 0;
	e = leftovers_slot(&q->left, pair_of(r->subject, r->object));
	if (e->pair == LEFT_FREE)
		return want;	/* cancelled out: the kernel agrees */
	e->seen = true;
	if ((e->sides & LEFT_TARGET) ? e->want != want : want != 0)
		q->inconsistent = true;
	return (e->sides & LEFT_KERNEL) ? e->have : 0;
}

static int emit_changes(struct quick_diff *q)
{
	const struct smack_accesses *set = q->d->target;
	unsigned int want, have;
	uint16_t state;
	struct rule r;
	size_t i;

	pair_walk_rewind(&q->walk);
	for (i = 0; i < set->count && !q->inconsistent; i++) {
		accesses_get(set, i, &r);
		if (!pair_walk_first(&q->walk, &r, &state))
			continue;
		want = pair_final(state);
		have = kernel_access(q, &r, want);
		if (want != have && add_change(q->d, &r, want, have) < 0)
			return -1;
	}
	return 0;
}

/* Pairs of the target's labels that only the kernel has. */
static int emit_kernel_only(struct quick_diff *q)
{
	const struct labeltab *t = &q->d->target->labels;
	struct leftover *e;
	struct rule r = { 0 };
	size_t i;

	for (i = 0; i <= q->left.mask && q->kernel_rules; i++) {
		e = &q->left.slots[i];
		if (e->pair == LEFT_FREE || e->seen)
			continue;
		if (e->sides != LEFT_KERNEL) {
			q->inconsistent = true;
			return 0;
		}
		r.subject = e->pair >> 32;
		r.object = (uint32_t)e->pair;
		if (accesses_add_plain(q->d->vanished, t, &r, e->have) < 0)
			return -1;
	}
	return 0;
}

/* 0 done, 1 when the exact way must do it, -1 on error. */
static int quick_diff_run(struct quick_diff *q)
{
	int ret;

	if (pair_walk_init(&q->walk, q->d->target) < 0 ||
	    rule_delta_init(&q->delta, q->d->target->count) < 0 ||
	    leftovers_init(&q->left, 64) < 0)
		return -1;
	add_target_rules(q);
	if (accesses_read_load2(kernel_rule, q) < 0)
		return -1;
	if (q->kernel_rules) {
		ret = rule_delta_decode(&q->delta, take_leftover, q);
		if (ret != 0)
			return ret;
	}
	rule_delta_release(&q->delta);
	if (emit_changes(q) < 0 || emit_kernel_only(q) < 0)
		return -1;
	return q->inconsistent ? 1 : 0;
}

static int quick_diff(struct kernel_diff *d)
{
	struct quick_diff q = { .d = d, .subject_index = -1 };
	int ret;

	if (!rule_delta_fits(&d->target->labels))
		return 1;
	ret = quick_diff_run(&q);
	pair_walk_release(&q.walk);
	rule_delta_release(&q.delta);
	free(q.left.slots);
	return ret;
}

/* ----------------------------------------------------------- exact way */

struct exact_diff {
	struct kernel_diff *d;
	struct pair_map pairs;
	uint8_t *kernel;		/* per slot: the access load2 lists */
	struct pair_marks marks;
};

static int exact_kernel_rule(void *arg, const struct parse_field *subject,
			     const struct parse_field *object,
			     unsigned int have)
{
	struct exact_diff *x = arg;
	const struct labeltab *t = &x->d->target->labels;
	size_t slot = PAIR_NONE;
	long s, o = -1;

	if (!have)
		return 0;
	s = labeltab_find(t, subject->text, subject->len);
	if (s >= 0)
		o = labeltab_find(t, object->text, object->len);
	if (o >= 0)
		slot = pair_map_find(&x->pairs, s, o);
	if (slot == PAIR_NONE)
		return add_vanished_text(x->d, subject, object, have);
	x->kernel[slot] = have;
	return 0;
}

/* The target's pairs, in its order, whose access the kernel lacks. */
static int exact_changes(struct exact_diff *x)
{
	const struct smack_accesses *set = x->d->target;
	unsigned int want, have;
	struct rule r;
	size_t i, slot;

	for (i = 0; i < set->count; i++) {
		accesses_get(set, i, &r);
		slot = pair_map_find(&x->pairs, r.subject, r.object);
		if (!pair_marks_first(&x->marks, slot))
			continue;
		want = pair_final(x->pairs.state[slot]);
		have = x->kernel[slot];
		if (want != have && add_change(x->d, &r, want, have) < 0)
			return -1;
	}
	return 0;
}

static int exact_diff(struct kernel_diff *d)
{
	struct exact_diff x = { .d = d };
	int ret = -1;

	if (pair_map_build(&x.pairs, d->target) < 0)
		goto out;
	x.kernel = calloc(x.pairs.size ? x.pairs.size : 1, 1);
	if (!x.kernel || pair_marks_init(&x.marks, &x.pairs) < 0)
		goto out;
	if (accesses_read_load2(exact_kernel_rule, &x) < 0)
		goto out;
	ret = exact_changes(&x);
out:
	pair_map_release(&x.pairs);
	pair_marks_release(&x.marks);
	free(x.kernel);
	return ret;
}

/* --------------------------------------------------------------- entry */

static int kernel_diff_run(struct kernel_diff *d, bool want_undo)
{
	int ret;

	if (kernel_diff_reset(d, want_undo) < 0)
		return -1;
	ret = quick_diff(d);
	if (ret > 0) {
		if (kernel_diff_reset(d, want_undo) < 0)
			return -1;
		ret = exact_diff(d);
	}
	if (ret < 0)
		return -1;
	return accesses_append_vanished(d->changes, d->undo, d->vanished);
}

SMACK_EXPORT
int smack_accesses_diff_kernel(const struct smack_accesses *target,
			       struct smack_accesses **changes,
			       struct smack_accesses **undo)
{
	struct kernel_diff d = { .target = target };
	int ret, saved;

	if (!target || !changes) {
		errno = EINVAL;
		return -1;
	}
	ret = kernel_diff_run(&d, undo != NULL);
	saved = errno;
	smack_accesses_free(d.vanished);
	if (ret < 0) {
		smack_accesses_free(d.changes);
		smack_accesses_free(d.undo);
		errno = saved;
		return -1;
	}
	*changes = d.changes;
	if (undo)
		*undo = d.undo;
	return 0;
}
