// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl lint: the rules.  Each rule is compared with the rules of its
 * pair read before it, in the order the kernel takes them (the files in
 * name order, the lines in order): the same rule again is a duplicate; a
 * rule of three fields setting other letters than the pair's last one is
 * a conflict, which the later line wins.  Each rule is also put to the
 * library's access question (smack_policy_have_access(3)), whose reasons
 * name the kernel's built-in rules: when one decides the letters the
 * rule gives, and nothing else the line does can matter, it has no
 * effect.
 *
 * One pass, in the order read, keeps for each pair only what its last
 * rule and last three-field rule were.  The pairs' table is made for the
 * number of rules at once and larger than the caches; the rules come in
 * no order of it, so each rule's slot is fetched a few rules ahead.  A
 * pair is keyed by the numbers of its labels, counted here for the typo
 * check (lint_count_rule_label()).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "cli.h"
#include "smackctl-lint.h"

/* Where a rule was read: its file as an index of the files seen. */
struct spot {
	uint32_t file, line, column;
};

/* A rule as the pass needs it. */
struct rule_rec {
	const char *subject, *object;	/* the policy's */
	uint32_t sid, oid;		/* their numbers */
	struct spot where;
	unsigned char allow, deny;
	bool modify;			/* four fields */
	uint64_t hash;			/* of the pair */
};

/* A pair, with its last rule and last three-field rule: 40 bytes, for
 * the table is written once for each pair of a large tree; its labels'
 * text is the interner's. */
struct pair_rec {
	uint32_t sid, oid;
	struct spot last, set;
	unsigned char count;		/* 0, 1, or 2 for more */
	unsigned char last_allow, last_deny, set_allow;
	bool last_modify, has_set;
};

struct slot {
	uint32_t pair, hash;	/* index + 1 (0: empty); top bits */
};

/* A rule that has no effect if no other line names its pair. */
struct maybe {
	uint32_t pair;
	struct spot where;
	unsigned char allow, deny;
	bool modify;
	int reason;
};

/* Rules held back in three steps of STEP rules: their labels' slots in
 * the interner fetched, then the labels numbered and the pair's slot
 * fetched, then the pair's record (the slot says which), then the rule
 * processed. */
#define RING 64
#define STEP 16
#define AHEAD (3 * STEP)
_Static_assert(RING > AHEAD, "a slot is not reused before its rule is done");

struct rules {
	struct lint *lint;
	struct smack_policy *built_in;	/* no rules: the built-in rules */
	struct pair_rec *pairs;
	size_t pairs_count, pairs_cap;
	struct slot *slots;
	size_t mask;
	const char **files;
	size_t files_count;
	struct rule_rec ring[RING];
	size_t taken;
	struct maybe *maybes;
	size_t maybes_count, maybes_cap;
};

static uint64_t hash_pair(uint32_t sid, uint32_t oid)
{
	uint64_t h = ((uint64_t)sid << 32 | oid) * 0x9e3779b97f4a7c15ull;

	return h ^ (h >> 29);
}

/* The pair's index, added if new: the table has room for every rule. */
static uint32_t find_pair(struct rules *r, const struct rule_rec *x)
{
	struct pair_rec *p;
	size_t at;

	for (at = x->hash & r->mask; r->slots[at].pair;
	     at = (at + 1) & r->mask) {
		if (r->slots[at].hash != (uint32_t)(x->hash >> 32))
			continue;
		p = &r->pairs[r->slots[at].pair - 1];
		if (p->sid == x->sid && p->oid == x->oid)
			return r->slots[at].pair - 1;
	}
	/* The table was mapped as zeroes: the other fields are 0. */
	p = &r->pairs[r->pairs_count];
	p->sid = x->sid;
	p->oid = x->oid;
	r->slots[at] = (struct slot){ ++r->pairs_count, x->hash >> 32 };
	return r->pairs_count - 1;
}

static struct lint_place place(const struct rules *r, const struct spot *s)
{
	return (struct lint_place){ r->files[s->file], s->line, s->column };
}

/* "S O A" or "S O A D". */
static const char *rule_text(const char *s, const char *o, unsigned int allow,
			     unsigned int deny, bool modify, char *buf,
			     size_t size)
{
	char *p;

	if (strlen(s) + strlen(o) + 2 * SMACK_ACCESS_STRLEN + 2 > size)
		return "?";
	p = stpcpy(stpcpy(stpcpy(stpcpy(buf, s), " "), o), " ");
	p = strchr(smack_access_to_string(allow, p), '\0');
	if (modify)
		smack_access_to_string(deny, stpcpy(p, " "));
	return buf;
}

#define RULE_TEXT 600
_Static_assert(RULE_TEXT >= 2 * SMACK_LABEL_LEN + 2 * SMACK_ACCESS_STRLEN + 2,
	       "rule_text() has room for any rule of a policy");
#define TEXT_OF(x, buf) rule_text((x)->subject, (x)->object, (x)->allow, \
				  (x)->deny, (x)->modify, buf, sizeof(buf))

static void report_conflict(struct rules *r, const struct rule_rec *x,
			    const struct pair_rec *p)
{
	struct lint_place at = place(r, &x->where), set = place(r, &p->set);
	char t[RULE_TEXT], u[RULE_TEXT];

	rule_text(x->subject, x->object, p->set_allow, 0, false, u,
		  sizeof(u));
	lint_report(r->lint, LINT_CONFLICT, &at, "rule \"%s\" gives the pair"
		    " other access than \"%s\" at %s:%u; this line wins: %s",
		    TEXT_OF(x, t), u, set.file, set.line,
		    x->where.file == p->set.file ?
		    "it comes later in the file" :
		    "its file is read later (the files are read in name"
		    " order)");
	lint_note(r->lint, &set, "\"%s\" is overridden by the line at %s:%u",
		  u, at.file, at.line);
}

static void report_duplicate(struct rules *r, const struct rule_rec *x,
			     const struct pair_rec *p)
{
	struct lint_place at = place(r, &x->where), prev = place(r, &p->last);
	char t[RULE_TEXT];

	lint_report(r->lint, LINT_DUPLICATE, &at, "rule \"%s\" repeats the "
		    "line at %s:%u", TEXT_OF(x, t), prev.file, prev.line);
	lint_note(r->lint, &prev, "\"%s\" first given here", t);
}

/* Rule x against the rules of its pair p before it. */
static void compare_rule(struct rules *r, const struct rule_rec *x,
			 struct pair_rec *p)
{
	const bool *on = r->lint->enabled;

	if (p->count && p->last_modify == x->modify &&
	    p->last_allow == x->allow && p->last_deny == x->deny) {
		if (on[LINT_DUPLICATE])
			report_duplicate(r, x, p);
	} else if (p->has_set && !x->modify && p->set_allow != x->allow &&
		   on[LINT_CONFLICT]) {
		report_conflict(r, x, p);
	}
	p->count += p->count < 2;
	p->last = x->where;
	p->last_allow = x->allow;
	p->last_deny = x->deny;
	p->last_modify = x->modify;
	if (!x->modify) {
		p->set = x->where;
		p->set_allow = x->allow;
		p->has_set = true;
	}
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

/* Why a rule that is its pair's only line has no effect, or NULL. */
static const char *alone_no_effect(int reason, unsigned int allow)
{
	if (reason == SMACK_REASON_FLOOR_OBJECT)
		return "object \"_\" is open to r and x, or to l, whatever"
		       " the rules say (a built-in rule of the kernel), and"
		       " no other line names the pair";
	if (reason == SMACK_REASON_HAT_SUBJECT)
		return "subject \"^\" gets r and x, or l, on every object"
		       " (a built-in rule of the kernel), and no other line"
		       " names the pair";
	if (!allow)
		return "it gives no access to a pair that no other line"
		       " names, which has none without it";
	return NULL;
}

static void report_no_effect(struct rules *r, const struct rule_rec *x,
			     const char *why)
{
	struct lint_place at = place(r, &x->where);
	char t[RULE_TEXT];

	lint_report(r->lint, LINT_NO_EFFECT, &at, "rule \"%s\" has no effect:"
		    " %s", TEXT_OF(x, t), why);
}

/* Whether a built-in rule of the kernel may decide the pair: those rules
 * (smack(7)) are about the system labels and a label with itself, so any
 * other pair is left to its rules (SMACK_REASON_NO_RULE without them).
 * Asking only these spares the question, which checks both labels again,
 * on nearly every rule of a large tree. */
static bool built_in_may_decide(const struct rule_rec *x)
{
	return x->sid == x->oid || lint_is_system(x->subject) ||
	       lint_is_system(x->object);
}

/* The built-in rules are asked of a policy of no rule: their answer does
 * not depend on the rules, and the question reads no table of pairs.
 * What no other line of the pair may change waits for the last line. */
static void ask_built_in(struct rules *r, const struct rule_rec *x,
			 uint32_t pair)
{
	char letters[SMACK_ACCESS_STRLEN];
	struct maybe *m;
	int reason = SMACK_REASON_NO_RULE;

	if (built_in_may_decide(x))
		smack_policy_have_access(r->built_in, x->subject, x->object,
					 smack_access_to_string(x->allow,
								letters),
					 &reason, NULL);
	if (whole_pair(reason)) {
		report_no_effect(r, x, whole_pair(reason));
		return;
	}
	if (!alone_no_effect(reason, x->allow))
		return;
	if (r->maybes_count == r->maybes_cap) {
		r->maybes_cap = r->maybes_cap ? 2 * r->maybes_cap : 64;
		r->maybes = lint_alloc(realloc(r->maybes, r->maybes_cap *
					       sizeof(*r->maybes)));
	}
	m = &r->maybes[r->maybes_count++];
	*m = (struct maybe){ pair, x->where, x->allow, x->deny, x->modify,
			     reason };
}

static void check_maybes(struct rules *r)
{
	const char *const *texts = r->lint->in.texts;
	const struct pair_rec *p;
	const struct maybe *m;
	struct rule_rec x;
	size_t i;

	for (i = 0; i < r->maybes_count; i++) {
		m = &r->maybes[i];
		p = &r->pairs[m->pair];
		if (p->count != 1)
			continue;
		x = (struct rule_rec){ texts[p->sid], texts[p->oid], 0, 0,
				       m->where, m->allow, m->deny,
				       m->modify, 0 };
		report_no_effect(r, &x, alone_no_effect(m->reason, m->allow));
	}
}

/* ---- the pass ---- */

static void process(struct rules *r, const struct rule_rec *x)
{
	uint32_t pair = find_pair(r, x);

	compare_rule(r, x, &r->pairs[pair]);
	if (r->built_in)
		ask_built_in(r, x, pair);
}

/* The index of file (the policy's name) among those seen. */
static uint32_t file_index(struct rules *r, const char *file)
{
	if (r->files_count && r->files[r->files_count - 1] == file)
		return r->files_count - 1;
	r->files = lint_alloc(realloc(r->files, (r->files_count + 1) *
				      sizeof(*r->files)));
	r->files[r->files_count] = file;
	return r->files_count++;
}

/* The record of the pair in x's first slot, if any, into the cache. */
static void fetch_pair(const struct rules *r, const struct rule_rec *x)
{
	uint32_t pair = r->slots[x->hash & r->mask].pair;

	if (pair)
		__builtin_prefetch(&r->pairs[pair - 1]);
}

/* x's labels numbered (and counted), and its pair's slot fetched. */
static void number_rule(struct rules *r, struct rule_rec *x)
{
	struct lint_place at = place(r, &x->where);

	x->sid = lint_count_rule_label(r->lint, x->subject, &at);
	x->oid = lint_count_rule_label(r->lint, x->object, &at);
	x->hash = hash_pair(x->sid, x->oid);
	__builtin_prefetch(&r->slots[x->hash & r->mask]);
}

/* A smack_policy_fn: each rule, in the order read, numbered STEP rules
 * later and processed AHEAD rules later. */
static int take_rule(void *data, const struct smack_policy_entry *e)
{
	struct rules *r = data;
	struct rule_rec *x = &r->ring[r->taken % RING];
	unsigned int allow = 0, deny = 0;

	smack_access_from_string(e->access, &allow);
	if (e->deny)
		smack_access_from_string(e->deny, &deny);
	*x = (struct rule_rec){ e->subject, e->object, 0, 0,
				{ file_index(r, lint_file_of(e)), e->line,
				  e->column },
				allow, deny, e->deny != NULL, 0 };
	lint_intern_prefetch(&r->lint->in, e->subject);
	lint_intern_prefetch(&r->lint->in, e->object);
	if (r->taken >= STEP)
		number_rule(r, &r->ring[(r->taken - STEP) % RING]);
	if (r->taken >= 2 * STEP)
		fetch_pair(r, &r->ring[(r->taken - 2 * STEP) % RING]);
	if (++r->taken > AHEAD)
		process(r, &r->ring[(r->taken - AHEAD - 1) % RING]);
	return 0;
}

/* size bytes of zeroes, mapped at once (Linux 5.14 on): the tables are
 * written all over, and a page fault each would cost more than the
 * writes. */
static void *table(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	/* Large pages, where the kernel has them: the rules reach all
	 * over the tables, and would miss in the TLB too. */
#ifdef MADV_HUGEPAGE
	madvise(p, size, MADV_HUGEPAGE);
#endif
#ifdef MADV_POPULATE_WRITE
	madvise(p, size, MADV_POPULATE_WRITE);	/* else a fault a page */
#endif
	return p;
}

/* Room for n rules' pairs from the start: no table grows. */
static void make_room(struct rules *r, size_t n)
{
	size_t slots = 1024;

	while (slots < 2 * n + 2)
		slots *= 2;
	r->pairs_cap = n ? n : 1;
	r->pairs = table(r->pairs_cap * sizeof(*r->pairs));
	r->slots = table(slots * sizeof(*r->slots));
	r->mask = slots - 1;
}

void lint_rules(struct lint *l)
{
	struct rules r = { .lint = l };
	size_t i;

	if (l->enabled[LINT_NO_EFFECT] && smack_policy_new(&r.built_in) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	make_room(&r, smack_policy_count(l->policy, SMACK_POLICY_RULE));
	smack_policy_foreach(l->policy, SMACK_POLICY_RULE, take_rule, &r);
	for (i = r.taken > AHEAD ? r.taken - AHEAD : 0; i < r.taken; i++) {
		if (i + STEP >= r.taken)	/* not numbered yet */
			number_rule(&r, &r.ring[i % RING]);
		process(&r, &r.ring[i % RING]);
	}
	check_maybes(&r);
	lint_count_rule_names(l);
	smack_policy_free(r.built_in);
	free(r.maybes);
	free(r.files);
	munmap(r.pairs, r.pairs_cap * sizeof(*r.pairs));
	munmap(r.slots, (r.mask + 1) * sizeof(*r.slots));
}
