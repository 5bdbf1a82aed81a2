// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl lint: the rules.  Each rule is compared with the rules of its
 * pair read before it, in the order the kernel takes them (the files in
 * name order, the lines in order): the same rule again is a duplicate; a
 * rule of three fields setting other letters than the pair's last one is
 * a conflict, which the later line wins.  Then each rule is put to the
 * library's access question (smack_policy_have_access(3)), whose reasons
 * name the kernel's built-in rules: when one decides the letters the
 * rule gives, and nothing else the line does can matter, it has no
 * effect.  The pairs' table is made for the number of rules at once and
 * read ahead of the rules, which come in no order of it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackctl-lint.h"

#define NONE UINT32_MAX

struct rule_rec {
	const char *subject, *object;	/* the policy's */
	struct lint_place where;
	unsigned int allow, deny;
	bool modify;			/* four fields */
	uint32_t pair;
	uint64_t hash;			/* of the pair */
};

/* A pair, with what its last rule and last three-field rule set: the
 * rule before is compared without reading it back. */
struct pair_rec {
	const char *subject, *object;
	uint32_t last, last_set, count;
	unsigned int last_allow, last_deny, set_allow;
	bool last_modify;
};

/* Rules ahead whose slot is fetched while one is compared: the table is
 * larger than the caches, and the rules come in no order of it. */
#define PREFETCH 8

/* A slot of the pairs' table: the pair's index + 1 (0: empty) and the
 * top bits of its hash, so that a probe past another pair reads no
 * pair. */
struct slot {
	uint32_t pair, hash;
};

struct rules {
	struct lint *lint;
	struct rule_rec *rules;
	size_t count, cap;
	struct pair_rec *pairs;
	size_t pairs_count, pairs_cap;
	struct slot *slots;
	size_t mask;		/* slots - 1, a power of two less one */
};

static uint64_t hash_pair(const char *s, const char *o)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	h = (h ^ 0xff) * 1099511628211ull;
	for (; *o; o++)
		h = (h ^ (unsigned char)*o) * 1099511628211ull;
	h *= 0x9e3779b97f4a7c15ull;
	return h ^ (h >> 32);
}

static void grow_slots(struct rules *r)
{
	size_t i, n = r->mask ? 2 * (r->mask + 1) : 1024, at;
	const struct pair_rec *p;
	uint64_t h;

	free(r->slots);
	r->slots = lint_alloc(calloc(n, sizeof(*r->slots)));
	r->mask = n - 1;
	for (i = 0; i < r->pairs_count; i++) {
		p = &r->pairs[i];
		h = hash_pair(p->subject, p->object);
		for (at = h & r->mask; r->slots[at].pair;
		     at = (at + 1) & r->mask)
			;
		r->slots[at] = (struct slot){ i + 1, h >> 32 };
	}
}

/* The pair's index, added if new. */
static uint32_t find_pair(struct rules *r, const char *s, const char *o,
			  uint64_t h)
{
	struct pair_rec *p;
	size_t at;

	if (2 * (r->pairs_count + 1) > r->mask + 1)
		grow_slots(r);
	for (at = h & r->mask; r->slots[at].pair; at = (at + 1) & r->mask) {
		if (r->slots[at].hash != (uint32_t)(h >> 32))
			continue;
		p = &r->pairs[r->slots[at].pair - 1];
		if (strcmp(p->subject, s) == 0 && strcmp(p->object, o) == 0)
			return r->slots[at].pair - 1;
	}
	if (r->pairs_count == r->pairs_cap) {
		r->pairs_cap = r->pairs_cap ? 2 * r->pairs_cap : 1024;
		r->pairs = lint_alloc(realloc(r->pairs, r->pairs_cap *
					      sizeof(*r->pairs)));
	}
	memset(&r->pairs[r->pairs_count], 0, sizeof(*p));
	r->pairs[r->pairs_count].subject = s;
	r->pairs[r->pairs_count].object = o;
	r->slots[at] = (struct slot){ ++r->pairs_count, h >> 32 };
	return r->pairs_count - 1;
}

/* "S O A" or "S O A D" of a rule. */
static const char *rule_text(const struct rule_rec *x, char *buf, size_t size)
{
	char a[SMACK_ACCESS_STRLEN], d[SMACK_ACCESS_STRLEN];

	snprintf(buf, size, "%s %s %s%s%s", x->subject, x->object,
		 smack_access_to_string(x->allow, a), x->modify ? " " : "",
		 x->modify ? smack_access_to_string(x->deny, d) : "");
	return buf;
}

#define RULE_TEXT 600

/* Why the later of two lines wins. */
static const char *why_later(const struct rule_rec *later,
			     const struct rule_rec *earlier)
{
	return strcmp(later->where.file, earlier->where.file) == 0 ?
	       "it comes later in the file" :
	       "its file is read later (the files are read in name order)";
}

static void report_conflict(struct lint *l, const struct rule_rec *x,
			    const struct rule_rec *set)
{
	char t[RULE_TEXT], u[RULE_TEXT];

	lint_report(l, LINT_CONFLICT, &x->where, "rule \"%s\" gives the pair"
		    " other access than \"%s\" at %s:%u; this line wins: %s",
		    rule_text(x, t, sizeof(t)), rule_text(set, u, sizeof(u)),
		    set->where.file, set->where.line, why_later(x, set));
	lint_note(l, &set->where, "\"%s\" is overridden by the line at "
		  "%s:%u", u, x->where.file, x->where.line);
}

static void report_duplicate(struct lint *l, const struct rule_rec *x,
			     const struct rule_rec *prev)
{
	char t[RULE_TEXT];

	lint_report(l, LINT_DUPLICATE, &x->where, "rule \"%s\" repeats the "
		    "line at %s:%u", rule_text(x, t, sizeof(t)),
		    prev->where.file, prev->where.line);
	lint_note(l, &prev->where, "\"%s\" first given here", t);
}

/* Rule i against those of its pair before it. */
static void compare_rule(struct rules *r, uint32_t i)
{
	struct rule_rec *x = &r->rules[i];
	struct pair_rec *p = &r->pairs[x->pair];

	const bool *on = r->lint->enabled;

	if (p->count && p->last_modify == x->modify &&
	    p->last_allow == x->allow && p->last_deny == x->deny) {
		if (on[LINT_DUPLICATE])
			report_duplicate(r->lint, x, &r->rules[p->last]);
	} else if (p->count && !x->modify && p->set_allow != x->allow &&
		   p->last_set != NONE && on[LINT_CONFLICT]) {
		report_conflict(r->lint, x, &r->rules[p->last_set]);
	}
	p->count++;
	p->last = i;
	p->last_allow = x->allow;
	p->last_deny = x->deny;
	p->last_modify = x->modify;
	if (!x->modify) {
		p->last_set = i;
		p->set_allow = x->allow;
	}
}

/* A smack_policy_fn: each rule, in the order read. */
static int take_rule(void *data, const struct smack_policy_entry *e)
{
	struct rules *r = data;
	struct rule_rec *x;

	if (r->count == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 1024;
		r->rules = lint_alloc(realloc(r->rules,
					      r->cap * sizeof(*r->rules)));
	}
	x = &r->rules[r->count++];
	memset(x, 0, sizeof(*x));
	x->subject = e->subject;
	x->object = e->object;
	x->where = lint_place_of(e);
	smack_access_from_string(e->access, &x->allow);
	x->modify = e->deny != NULL;
	if (x->modify)
		smack_access_from_string(e->deny, &x->deny);
	x->hash = hash_pair(e->subject, e->object);
	return 0;
}

/* Each rule to its pair, compared with the pair's rules before it. */
static void group_pairs(struct rules *r)
{
	const struct rule_rec *ahead;
	size_t i;

	for (i = 0; i < r->count; i++) {
		if (i + PREFETCH < r->count) {
			ahead = &r->rules[i + PREFETCH];
			__builtin_prefetch(&r->slots[ahead->hash & r->mask]);
		}
		r->rules[i].pair = find_pair(r, r->rules[i].subject,
					     r->rules[i].object,
					     r->rules[i].hash);
		compare_rule(r, i);
	}
}

/* Room for n rules and their pairs from the start: no table grows. */
static void make_room(struct rules *r, size_t n)
{
	size_t slots = 1024;

	while (slots < 2 * n + 2)
		slots *= 2;
	r->cap = r->pairs_cap = n ? n : 1;
	r->rules = lint_alloc(malloc(r->cap * sizeof(*r->rules)));
	r->pairs = lint_alloc(malloc(r->pairs_cap * sizeof(*r->pairs)));
	r->slots = lint_alloc(calloc(slots, sizeof(*r->slots)));
	r->mask = slots - 1;
}

/* ---- no-effect ---- */

/* What a built-in rule that decides all of a pair's access gives. */
static const char *whole_pair(int reason)
{
	switch (reason) {
	case SMACK_REASON_STAR_SUBJECT:
		return "subject \"*\" never gets any access (a built-in rule"
		       " of the kernel)";
	case SMACK_REASON_WEB:
		return "\"@\" on either side gets every access (a built-in"
		       " rule of the kernel)";
	case SMACK_REASON_STAR_OBJECT:
		return "object \"*\" is open to every label (a built-in rule"
		       " of the kernel)";
	case SMACK_REASON_SAME_LABEL:
		return "a label has every access to itself (a built-in rule"
		       " of the kernel)";
	}
	return NULL;
}

/* Why rule x (alone: the only line of its pair) has no effect, or NULL. */
static const char *no_effect(const struct smack_policy *p,
			     const struct rule_rec *x, bool alone)
{
	char letters[SMACK_ACCESS_STRLEN];
	int reason = 0;

	smack_policy_have_access(p, x->subject, x->object,
				 smack_access_to_string(x->allow, letters),
				 &reason, NULL);
	if (whole_pair(reason))
		return whole_pair(reason);
	if (!alone)
		return NULL;
	if (reason == SMACK_REASON_FLOOR_OBJECT)
		return "object \"_\" is open to r and x, or to l, whatever"
		       " the rules say (a built-in rule of the kernel), and"
		       " no other line names the pair";
	if (reason == SMACK_REASON_HAT_SUBJECT)
		return "subject \"^\" gets r and x, or l, on every object"
		       " (a built-in rule of the kernel), and no other line"
		       " names the pair";
	if (!x->allow)
		return "it gives no access to a pair that no other line"
		       " names, which has none without it";
	return NULL;
}

/* The built-in rules are asked of a policy of no rule: their answer
 * does not depend on the rules, and a question to it reads no table of
 * the tree's pairs. */
static void check_no_effect(struct rules *r)
{
	struct smack_policy *built_in;
	const struct rule_rec *x;
	const char *why;
	char t[RULE_TEXT];
	size_t i;

	if (!r->lint->enabled[LINT_NO_EFFECT])
		return;
	if (smack_policy_new(&built_in) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	for (i = 0; i < r->count; i++) {
		x = &r->rules[i];
		why = no_effect(built_in, x, r->pairs[x->pair].count == 1);
		if (why)
			lint_report(r->lint, LINT_NO_EFFECT, &x->where,
				    "rule \"%s\" has no effect: %s",
				    rule_text(x, t, sizeof(t)), why);
	}
	smack_policy_free(built_in);
}

void lint_rules(struct lint *l)
{
	struct rules r = { .lint = l };

	make_room(&r, smack_policy_count(l->policy, SMACK_POLICY_RULE));
	smack_policy_foreach(l->policy, SMACK_POLICY_RULE, take_rule, &r);
	group_pairs(&r);
	check_no_effect(&r);
	free(r.rules);
	free(r.pairs);
	free(r.slots);
}
