// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Rule sets and the kernel: apply and clear (reading load2 back is in
 * accesses-read.c).
 *
 * Every pair of a set is written once, with the state its rules fold into,
 * in the order the pairs first appear (accesses-walk.c): plain pairs to
 * load2, pairs with only change-rules to change-rule, and for a clear
 * every pair to load2 with "-".  Records go through the batching writer,
 * whole rules per write and each write under a page.  Nothing is checked
 * against the kernel first: the set was validated when it was built, so
 * the first write either fails having changed nothing (no privilege) or
 * the kernel takes everything short of running out of memory.  When it
 * does refuse part-way, apply says how far it got instead of reading load2
 * back, which would cost a fifth of a load on every boot.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "parse.h"

enum pass_kind {
	PASS_PLAIN,		/* plain pairs to load2 */
	PASS_MODIFY,		/* change-rule pairs to change-rule */
	PASS_CLEAR,		/* every pair to load2 with no access */
};

/* Every access string, spelled once for all the records of an apply. */
struct access_names {
	char text[SMACK_ACCESS_ALL + 1][SMACK_ACCESS_STRLEN];
	uint8_t len[SMACK_ACCESS_ALL + 1];
};

struct apply_work {
	const struct smack_accesses *set;
	struct pair_walk walk;
	struct access_names names;
};

static void access_names_init(struct access_names *n)
{
	unsigned int m;

	for (m = 0; m <= SMACK_ACCESS_ALL; m++)
		n->len[m] = strlen(smack_access_to_string(m, n->text[m]));
}

static bool pass_takes(enum pass_kind kind, uint16_t state)
{
	switch (kind) {
	case PASS_PLAIN:
		return !(state & PAIR_MODIFY);
	case PASS_MODIFY:
		return state & PAIR_MODIFY;
	default:
		return true;
	}
}

/* The record of a pair, "subject object allow[ deny]\n", formatted in
 * place in the batch (records are a policy's bulk); -1 when a flush to
 * make room for it fails. */
static int add_pair(struct smackfs_batch *b, const struct apply_work *w,
		    const struct rule *r, uint16_t state, enum pass_kind kind)
{
	const struct labeltab *t = &w->set->labels;
	const struct access_names *n = &w->names;
	unsigned int allow = kind == PASS_CLEAR ? 0 : pair_allow(state);
	unsigned int deny = pair_deny(state);
	bool modify = kind == PASS_MODIFY;
	size_t len = labeltab_len(t, r->subject) + labeltab_len(t, r->object) +
		     n->len[allow] + 3 + (modify ? n->len[deny] + 1 : 0);
	char *rec = smackfs_batch_room(b, len);

	if (!rec)
		return -1;
	accesses_format_n(rec, labeltab_text(t, r->subject),
			  labeltab_len(t, r->subject),
			  labeltab_text(t, r->object),
			  labeltab_len(t, r->object), n->text[allow],
			  modify ? n->text[deny] : NULL);
	smackfs_batch_commit(b, len);
	return 0;
}

/* After a refusal: what is still buffered is dropped, not retried. */
static int abandon(struct smackfs_batch *b, size_t *taken)
{
	int saved = errno;

	*taken = b->records_written;
	b->used = 0;
	smackfs_batch_close(b);
	errno = saved;
	return -1;
}

/* Writes the pairs of one kind; *taken says how many the kernel took. */
static int write_pass(struct apply_work *w, enum pass_kind kind,
		      size_t *taken)
{
	const char *file = kind == PASS_MODIFY ? "change-rule" : "load2";
	struct smackfs_batch b;
	uint16_t state;
	struct rule r;
	size_t i;

	/* Opened at the first record: a pass with nothing to write writes
	 * nothing. */
	b.fd = -1;
	b.used = b.records_written = b.records_pending = 0;
	*taken = 0;
	pair_walk_rewind(&w->walk);
	for (i = 0; i < w->set->count; i++) {
		accesses_get(w->set, i, &r);
		if (!pair_walk_first(&w->walk, &r, &state) ||
		    !pass_takes(kind, state))
			continue;
		if (b.fd < 0 && smackfs_batch_open(&b, file) < 0)
			return -1;
		if (add_pair(&b, w, &r, state, kind) < 0)
			return abandon(&b, taken);
	}
	if (smackfs_batch_close(&b) < 0) {
		*taken = b.records_written;
		return -1;
	}
	*taken = b.records_written;
	return 0;
}

/*
 * How many rules, in order, took effect when the kernel took the first
 * plain_taken load2 records and the first modify_taken change-rule ones:
 * the rules before the first one whose pair was not written.
 */
static size_t rules_applied(struct apply_work *w, size_t plain_taken,
			    size_t modify_taken)
{
	size_t seen[2] = { 0, 0 }, limit[2] = { plain_taken, modify_taken };
	uint16_t state;
	struct rule r;
	size_t i;
	int k;

	pair_walk_rewind(&w->walk);
	for (i = 0; i < w->set->count; i++) {
		accesses_get(w->set, i, &r);
		if (!pair_walk_first(&w->walk, &r, &state))
			continue;
		k = (state & PAIR_MODIFY) ? 1 : 0;
		if (seen[k]++ >= limit[k])
			return i;
	}
	return w->set->count;
}

static int work_init(struct apply_work *w, const struct smack_accesses *set)
{
	w->set = set;
	access_names_init(&w->names);
	if (smackfs_dirfd() < 0)
		return -1;
	return pair_walk_init(&w->walk, set);
}

static void work_release(struct apply_work *w)
{
	pair_walk_release(&w->walk);
}

SMACK_EXPORT
int smack_accesses_apply_report(struct smack_accesses *handle,
				size_t *applied)
{
	struct apply_work w;
	size_t taken, done = 0;
	int ret;

	if (applied)
		*applied = 0;
	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	if (work_init(&w, handle) < 0)
		return -1;
	ret = write_pass(&w, PASS_PLAIN, &taken);
	if (ret < 0) {
		done = rules_applied(&w, taken, 0);
	} else if (w.walk.modify_pairs == 0) {
		done = handle->count;
	} else {
		ret = write_pass(&w, PASS_MODIFY, &taken);
		done = ret < 0 ? rules_applied(&w, SIZE_MAX, taken)
			       : handle->count;
	}
	work_release(&w);
	if (applied)
		*applied = done;
	return ret;
}

SMACK_EXPORT
int smack_accesses_apply(struct smack_accesses *handle)
{
	return smack_accesses_apply_report(handle, NULL);
}

SMACK_EXPORT
int smack_accesses_clear(struct smack_accesses *handle)
{
	struct apply_work w;
	size_t taken;
	int ret;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	if (work_init(&w, handle) < 0)
		return -1;
	ret = write_pass(&w, PASS_CLEAR, &taken);
	work_release(&w);
	return ret;
}
