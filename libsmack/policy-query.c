// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Questions to a policy: its entries with where each was read, the rules
 * of a pair, and whether the policy alone allows an access.
 *
 * The access question applies the built-in rules in the kernel's order
 * (smk_access() in security/smack/smack_access.c), checked against
 * access2 in the kernel tests: subject "*" gets nothing, "@" on either
 * side everything, object "*" everything, the same label everything;
 * asking only for r and x, or only for l, object "_" and subject "^" get
 * it; otherwise the pair's rule must hold every letter asked, and a rule
 * with w grants l.  A pair's access is what its rules leave once applied
 * in order, as in a kernel that held no rule before.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "policy.h"

/* ------------------------------------------------------------ entries */

/* Entry j of file f into e, which holds zeroes or an entry of the same
 * kind: each kind's fill sets every field of its own, so that the walk of
 * a large tree clears the rest of the struct once, not once a rule. */
static void fill_entry(const struct smack_policy *p,
		       const struct policy_file *f, size_t j,
		       struct smack_policy_entry *e, char *buf)
{
	const struct policy_kind *k = &policy_kinds[f->kind];

	e->kind = f->kind;
	e->file = f->name;
	k->fill(p, f->first + j, e, buf);
	/* A file without runs may come before the table exists: no
	 * offset from NULL. */
	if (k->one_a_line)
		parse_origins_find(f->runs ? p->origins.runs + f->run : NULL,
				   f->runs, j, &e->line, &e->column);
}

void policy_entry(const struct smack_policy *p, int kind, size_t i,
		  struct smack_policy_entry *e, char *buf)
{
	const struct policy_file *f;
	size_t n;

	for (n = 0; n < p->files.count; n++) {
		f = &RECORD(&p->files, struct policy_file, n);
		if (f->kind == kind && i >= f->first &&
		    i < f->first + f->count) {
			memset(e, 0, sizeof(*e));
			fill_entry(p, f, i - f->first, e, buf);
			return;
		}
	}
	memset(e, 0, sizeof(*e));
}

/* Whether rule i names the pair; NULL: any entry. */
static bool names_pair(const struct smack_policy *p, size_t i,
		       const uint32_t *pair)
{
	struct rule r;

	if (!pair)
		return true;
	accesses_get(p->rules, i, &r);
	return r.subject == pair[0] && r.object == pair[1];
}

/* The entries of file f (those of the pair, if not NULL) into fn. */
static int file_entries(const struct smack_policy *p,
			const struct policy_file *f, const uint32_t *pair,
			smack_policy_fn fn, void *userdata)
{
	struct smack_policy_entry e;
	char buf[POLICY_ENTRY_BUF];
	size_t j;
	int ret;

	memset(&e, 0, sizeof(e));
	for (j = 0; j < f->count; j++) {
		if (!names_pair(p, f->first + j, pair))
			continue;
		fill_entry(p, f, j, &e, buf);
		ret = fn(userdata, &e);
		if (ret)
			return ret;
	}
	return 0;
}

SMACK_EXPORT
int smack_policy_foreach(const struct smack_policy *policy, int kind,
			 smack_policy_fn fn, void *userdata)
{
	const struct policy_file *f;
	size_t n;
	int ret;

	if (!policy || !fn || kind < 0 || kind >= POLICY_KINDS) {
		errno = EINVAL;
		return -1;
	}
	for (n = 0; n < policy->files.count; n++) {
		f = &RECORD(&policy->files, struct policy_file, n);
		if (kind && f->kind != kind)
			continue;
		ret = file_entries(policy, f, NULL, fn, userdata);
		if (ret)
			return ret;
	}
	return 0;
}

SMACK_EXPORT
size_t smack_policy_count(const struct smack_policy *policy, int kind)
{
	size_t n = 0;
	int k;

	if (!policy || kind < 0 || kind >= POLICY_KINDS)
		return 0;
	if (kind)
		return policy_kinds[kind].count(policy);
	for (k = 1; k < POLICY_KINDS; k++)
		n += policy_kinds[k].count(policy);
	return n;
}

/* ------------------------------------------------------------ pairs */

/* The label indexes of a pair; false when the rules never name one. */
static bool pair_indexes(const struct smack_policy *p, const char *subject,
			 const char *object, uint32_t *s, uint32_t *o)
{
	const struct labeltab *t = &p->rules->labels;
	long si = labeltab_find(t, subject, strlen(subject));
	long oi = si < 0 ? -1 : labeltab_find(t, object, strlen(object));

	*s = si;
	*o = oi;
	return si >= 0 && oi >= 0;
}

SMACK_EXPORT
int smack_policy_foreach_pair(const struct smack_policy *policy,
			      const char *subject, const char *object,
			      smack_policy_fn fn, void *userdata)
{
	const struct policy_file *f;
	uint32_t pair[2];
	size_t n;
	int ret;

	if (!policy || !subject || !object || !fn) {
		errno = EINVAL;
		return -1;
	}
	if (!pair_indexes(policy, subject, object, &pair[0], &pair[1]))
		return 0;
	for (n = 0; n < policy->files.count; n++) {
		f = &RECORD(&policy->files, struct policy_file, n);
		if (f->kind != SMACK_POLICY_RULE)
			continue;
		ret = file_entries(policy, f, pair, fn, userdata);
		if (ret)
			return ret;
	}
	return 0;
}

void policy_forget_pairs(struct smack_policy *p)
{
	if (!p->pairs)
		return;
	pair_map_release(p->pairs);
	free(p->pairs);
	p->pairs = NULL;
}

/* The access the pair's rules give it in the end: 1, 0 when no rule names
 * it, -1 ENOMEM.  The map of every pair is made at the first question: a
 * policy is asked many (smackaccess -f), or none at all (at boot). */
static int pair_access(const struct smack_policy *policy, const char *subject,
		       const char *object, unsigned int *access)
{
	/* The map is a cache: asking does not change the policy. */
	struct smack_policy *p = (struct smack_policy *)policy;
	uint32_t s, o;
	size_t slot;

	*access = 0;
	if (!pair_indexes(p, subject, object, &s, &o))
		return 0;
	if (!p->pairs) {
		p->pairs = malloc(sizeof(*p->pairs));
		if (!p->pairs || pair_map_build(p->pairs, p->rules) < 0) {
			free(p->pairs);
			p->pairs = NULL;
			errno = ENOMEM;
			return -1;
		}
	}
	slot = pair_map_find(p->pairs, s, o);
	if (slot == PAIR_NONE)
		return 0;
	*access = pair_allow(p->pairs->state[slot]);
	return 1;
}

/* ------------------------------------------------------------ access */

#define ONLY(request, letters) (((request) & ~(letters)) == 0)

/* The built-in rule that decides, *allowed saying how; 0 when the pair's
 * rules decide. */
static int built_in(const char *s, const char *o, unsigned int request,
		    int *allowed)
{
	*allowed = 1;
	if (strcmp(s, "*") == 0) {
		*allowed = 0;
		return SMACK_REASON_STAR_SUBJECT;
	}
	if (strcmp(s, "@") == 0 || strcmp(o, "@") == 0)
		return SMACK_REASON_WEB;
	if (strcmp(o, "*") == 0)
		return SMACK_REASON_STAR_OBJECT;
	if (strcmp(s, o) == 0)
		return SMACK_REASON_SAME_LABEL;
	if (ONLY(request, SMACK_ACCESS_READ | SMACK_ACCESS_EXEC) ||
	    ONLY(request, SMACK_ACCESS_LOCK)) {
		if (strcmp(o, "_") == 0)
			return SMACK_REASON_FLOOR_OBJECT;
		if (strcmp(s, "^") == 0)
			return SMACK_REASON_HAT_SUBJECT;
	}
	return 0;
}

SMACK_EXPORT
int smack_policy_have_access(const struct smack_policy *policy,
			     const char *subject, const char *object,
			     const char *access, int *reason,
			     unsigned int *granted)
{
	unsigned int request, may;
	int why, ret, named;

	if (!policy || smack_label_validate(subject, NULL) < 0 ||
	    smack_label_validate(object, NULL) < 0 ||
	    smack_access_from_string(access, &request) < 0) {
		errno = EINVAL;
		return -1;
	}
	named = pair_access(policy, subject, object, &may);
	if (named < 0)
		return -1;
	if (granted)
		*granted = may;
	why = built_in(subject, object, request, &ret);
	if (!why) {
		why = named ? SMACK_REASON_RULE : SMACK_REASON_NO_RULE;
		if (may & SMACK_ACCESS_WRITE)
			may |= SMACK_ACCESS_LOCK;
		/* A rule without access denies even an empty request. */
		ret = may && (request & may) == request;
	}
	if (reason)
		*reason = why;
	return ret;
}
