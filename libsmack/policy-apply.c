// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Writing a plan (smack_policy_plan_apply), and taking it back when the
 * kernel refuses a write part-way.
 *
 * Rules are put back by writing each changed pair's access from before
 * (after a clear: by reading the kernel's rules again and writing the
 * difference to the ones read before; after a first load: by taking every
 * pair's access away again): that is right however far the failed write
 * got.  Knobs and netlabel entries are put back from the values read
 * before they were changed, and every CIPSO mapping that differs from the
 * one read before the first write is written again.
 *
 * Two things the kernel cannot take back are said by name instead: the
 * labels it learned (it never forgets one; they are left with no rule and
 * the mapping of a new label) and the new IPv4 netlabel entries that were
 * written (it cannot delete one; they come after all else that can be
 * refused, so that only a refusal among them or of onlycap leaves any).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "libsmack-internal.h"
#include "policy-plan.h"

/* How far the plan got, for taking it back. */
struct progress {
	bool labels;		/* the CIPSO mappings' new labels were made */
	bool rules;		/* rules were (perhaps partly) written */
	bool cipso;
	size_t netlabel;	/* netlabel entries written, but the new IPv4
				 * ones */
	size_t netlabel_new;	/* new IPv4 entries written */
	bool knobs[KNOB_COUNT];
};

/*
 * Whether a refused smack_accesses_apply_report() may have changed the
 * kernel: it took the rules before *applied, and those of the refused
 * write before the one it refused, unless the refusal was of the caller
 * (no privilege, no access to load2), which the kernel checks before it
 * reads a rule.
 */
static bool may_have_taken(size_t applied, int err)
{
	return applied > 0 || (err != EPERM && err != EACCES);
}

/*
 * The labels that the CIPSO mappings name and the kernel does not know are
 * made first, each by a rule of the label to itself with no access (a
 * label has every access to itself anyway, and a pair without access is
 * not listed): the mapping the kernel gives a new label, which a rollback
 * puts back, can then be read.  It cannot be computed: a label of 24
 * characters or more gets one made from a number the kernel does not show.
 */
static int make_new_labels(struct smack_policy_plan *p, struct progress *done)
{
	size_t made = 0;
	int ret;

	if (!p->new_labels || smack_accesses_count(p->new_labels) == 0)
		return 0;
	ret = smack_accesses_apply_report(p->new_labels, &made);
	done->labels = ret == 0 || may_have_taken(made, errno);
	if (ret == 0 && smack_cipso_new_from_kernel(&p->cipso_created) == 0)
		return 0;
	p->cipso_created = NULL;
	plan_log_errno(p, "cannot make the new labels of the CIPSO mappings");
	return -1;
}

struct nth_rule {
	const struct smack_policy_plan *plan;
	size_t wanted, seen;
};

/* A smack_accesses_fn: names the rule at n->wanted. */
static int name_nth_rule(void *data, const char *subject, const char *object,
			 const char *access, const char *deny)
{
	struct nth_rule *n = data;

	if (n->seen++ < n->wanted)
		return 0;
	plan_log(n->plan, LOG_ERR, "the rule was \"%s %s %s%s%s\"", subject,
		 object, access, deny ? " " : "", deny ? deny : "");
	return 1;
}

static int write_rules(struct smack_policy_plan *p, struct progress *done)
{
	size_t applied = 0, total = smack_accesses_count(p->rules);
	struct nth_rule n = { p, 0, 0 };
	int err;

	if (total == 0)
		return 0;
	if (smack_accesses_apply_report(p->rules, &applied) == 0) {
		done->rules = true;
		return 0;
	}
	err = errno;
	done->rules = may_have_taken(applied, err);
	plan_log_errno(p, "%s rule %zu of the %zu to write",
		       plan_write_failure(err), applied + 1, total);
	n.wanted = applied;
	smack_accesses_foreach(p->rules, name_nth_rule, &n);
	errno = err;
	return -1;
}

static int write_one_cipso(void *data, const char *label, int level,
			   const int *categories, int ncategories)
{
	struct smack_cipso *one = NULL;
	int ret;

	ret = smack_cipso_new(&one);
	if (ret == 0)
		ret = smack_cipso_add(one, label, level, categories,
				      ncategories);
	if (ret == 0)
		ret = smack_cipso_apply(one);
	if (ret < 0)
		plan_log_errno(data, "%s the CIPSO mapping of \"%s\" (level %d,"
			       " %d categories)", plan_write_failure(errno),
			       label, level, ncategories);
	smack_cipso_free(one);
	return ret < 0 ? -1 : 0;
}

/* One write per mapping and per entry (the kernel takes one at a time
 * anyway), so that a refusal names the one refused. */
static int write_cipso(struct smack_policy_plan *p, struct progress *done)
{
	if (!p->cipso || smack_cipso_count(p->cipso) == 0)
		return 0;
	done->cipso = true;
	return smack_cipso_foreach(p->cipso, write_one_cipso, p) ? -1 : 0;
}

struct host_writes {
	struct smack_policy_plan *plan;
	size_t *written;
};

static int write_one_host(void *data, const char *host, const char *label)
{
	struct host_writes *h = data;
	struct smack_netlabel *one = NULL;
	int ret;

	ret = smack_netlabel_new(&one);
	if (ret == 0)
		ret = smack_netlabel_add(one, host, label);
	if (ret == 0)
		ret = smack_netlabel_apply(one);
	if (ret < 0)
		plan_log_errno(h->plan, "%s the netlabel entry \"%s %s\"",
			       plan_write_failure(errno), host, label);
	else
		(*h->written)++;
	smack_netlabel_free(one);
	return ret < 0 ? -1 : 0;
}

/* The entries first .. first + n - 1 of the plan's. */
static int write_hosts(struct smack_policy_plan *p, size_t first, size_t n,
		       size_t *written)
{
	struct host_writes h = { p, written };

	return plan_netlabel_range(p->netlabel, first, n, write_one_host,
				   &h) ? -1 : 0;
}

/* The guard was the plan's: a knob is written as it was planned. */
static int write_knob(struct smack_policy_plan *p, enum knob_id id,
		      struct progress *done)
{
	const struct plan_knob *c = &p->knobs[id];

	if (!c->change)
		return 0;
	/* A knob is one write: a refused one left the knob as it was. */
	done->knobs[id] = knob_write_kernel(id, &c->want->value) == 0;
	if (done->knobs[id])
		return 0;
	plan_log_errno(p, "%s %s \"%s\"", plan_write_failure(errno),
		       knob_get(id)->name, c->want->text);
	return -1;
}

/* In the order of smack_policy_plan_foreach(). */
static int write_plan(struct smack_policy_plan *p, struct progress *done)
{
	size_t i, first_new = plan_netlabel_first_new(p);

	if (make_new_labels(p, done) < 0 || write_rules(p, done) < 0 ||
	    write_cipso(p, done) < 0 ||
	    write_hosts(p, 0, first_new, &done->netlabel) < 0)
		return -1;
	for (i = 1; i < KNOB_COUNT; i++)
		if (write_knob(p, i, done) < 0)
			return -1;
	if (write_hosts(p, first_new, p->netlabel_no_undo,
			&done->netlabel_new) < 0)
		return -1;
	return write_knob(p, KNOB_ONLYCAP, done);
}

/* ---- taking it back */

static int apply_if_any(struct smack_accesses *rules)
{
	return smack_accesses_count(rules) ? smack_accesses_apply(rules) : 0;
}

static int undo_rules(const struct smack_policy_plan *p)
{
	struct smack_accesses *now, *undo;
	int ret;

	/* Into a kernel without rules: every pair goes back to none. */
	if (p->rules_first_load)
		return smack_accesses_clear(p->rules);
	/* Each pair written gets back what it had; writing those not yet
	 * reached changes nothing. */
	if (p->rules_undo)
		return apply_if_any(p->rules_undo);
	if (smack_accesses_new_from_kernel(&now) < 0)
		return -1;
	ret = smack_accesses_diff(now, p->kernel_rules, &undo);
	smack_accesses_free(now);
	if (ret < 0)
		return -1;
	ret = apply_if_any(undo);
	smack_accesses_free(undo);
	return ret;
}

static int undo_knob(const struct smack_policy_plan *p,
		     const struct progress *done, enum knob_id id)
{
	if (!done->knobs[id])
		return 0;
	return knob_write_kernel(id, &p->knobs[id].old);
}

static int undo_knobs(const struct smack_policy_plan *p,
		      const struct progress *done)
{
	int ret;
	size_t i;

	/* Onlycap first: it decides whether the others can be written. */
	ret = undo_knob(p, done, KNOB_ONLYCAP);
	for (i = 1; i < KNOB_COUNT; i++)
		if (undo_knob(p, done, i) < 0)
			ret = -1;
	return ret;
}

/*
 * Every label's mapping as it was read before the first write, whichever
 * write changed it: a changed direct level moves every label on the old
 * one too, and putting it back moves those on the new one.
 */
static int undo_cipso(const struct smack_policy_plan *p)
{
	const struct smack_cipso *before = p->cipso_created ?
					   p->cipso_created : p->cipso_before;
	struct smack_cipso *now, *back;
	int ret;

	if (smack_cipso_new_from_kernel(&now) < 0)
		return -1;
	ret = smack_cipso_diff(now, before, &back);
	smack_cipso_free(now);
	if (ret < 0)
		return -1;
	ret = smack_cipso_count(back) ? smack_cipso_apply(back) : 0;
	smack_cipso_free(back);
	return ret;
}

/* Returns whether all was put back; *cipso_ok tells it of the mappings. */
static bool undo_all(const struct smack_policy_plan *p,
		     const struct progress *done, bool *cipso_ok)
{
	bool ok = true;

	if (undo_knobs(p, done) < 0) {
		plan_log_errno(p, "cannot put the knobs back");
		ok = false;
	}
	if (done->netlabel && smack_netlabel_count(p->netlabel_undo) &&
	    smack_netlabel_apply(p->netlabel_undo) < 0) {
		plan_log_errno(p, "cannot put the netlabel entries back");
		ok = false;
	}
	*cipso_ok = true;
	if ((done->cipso || done->knobs[KNOB_DIRECT]) && p->cipso_before &&
	    undo_cipso(p) < 0) {
		plan_log_errno(p, "cannot put the CIPSO mappings back");
		ok = *cipso_ok = false;
	}
	if (done->rules && undo_rules(p) < 0) {
		plan_log_errno(p, "cannot put the rules back");
		ok = false;
	}
	return ok;
}

/* A smack_netlabel_fn. */
static int name_left_entry(void *data, const char *host, const char *label)
{
	plan_log(data, LOG_WARNING, "the netlabel entry \"%s %s\" stays: the"
		 " kernel cannot delete IPv4 entries", host, label);
	return 0;
}

/* ---- saying what is left */

/* How many labels are named without SMACK_PLAN_ALL_LABELS. */
#define LABELS_NAMED 8

struct label_names {
	char **names;
	size_t count;
};

/* A smack_cipso_fn: keeps the label (which lives as long as its set). */
static int keep_name(void *data, const char *label, int level,
		     const int *categories, int ncategories)
{
	struct label_names *l = data;

	l->names[l->count++] = (char *)label;
	return 0;
}

/* "A B C", or "A B ... H and N more": malloc'ed, NULL when out of memory. */
static char *join_labels(char **names, size_t n, bool all)
{
	size_t i, shown = all || n <= LABELS_NAMED ? n : LABELS_NAMED;
	size_t len = 32;
	char *text, *end;

	for (i = 0; i < shown; i++)
		len += strlen(names[i]) + 1;
	text = malloc(len);
	if (!text)
		return NULL;
	end = text;
	for (i = 0; i < shown; i++)
		end += sprintf(end, "%s%s", i ? " " : "", names[i]);
	if (shown < n)
		sprintf(end, " and %zu more", n - shown);
	return text;
}

/* The labels of the kernel that it did not know before the first write;
 * NULL when they cannot be read. */
static struct smack_cipso *learned_labels(const struct smack_policy_plan *p)
{
	struct smack_cipso *now, *learned = NULL;

	if (smack_cipso_new_from_kernel(&now) < 0)
		return NULL;
	if (plan_cipso_new_labels(p->cipso_before, now, &learned) < 0)
		learned = NULL;
	smack_cipso_free(now);
	return learned;
}

/* Says which labels the kernel learned: how many there are. */
static size_t name_learned(const struct smack_policy_plan *p, bool all,
			   bool cipso_ok)
{
	struct smack_cipso *learned = learned_labels(p);
	struct label_names l = { NULL, 0 };
	char *text = NULL;

	if (smack_cipso_count(learned))
		l.names = malloc(smack_cipso_count(learned) * sizeof(char *));
	if (l.names && smack_cipso_foreach(learned, keep_name, &l) == 0)
		text = join_labels(l.names, l.count, all);
	if (text)
		plan_log(p, LOG_WARNING, "the kernel keeps the %zu label%s it"
			 " did not know before (it never forgets a label), with"
			 " no access in any rule%s: %s", l.count,
			 l.count == 1 ? "" : "s", cipso_ok ?
			 " and the CIPSO mapping of a new label" : "", text);
	free(text);
	free(l.names);
	smack_cipso_free(learned);
	return l.count;
}

/* Names the labels the kernel knows now that it did not know before the
 * first write (it never forgets a label); returns how many there are.
 * Without the labels read before, says only that there may be some. */
static size_t name_new_labels(const struct smack_policy_plan *p,
			      unsigned int flags, bool cipso_ok)
{
	if (p->flags & SMACK_PLAN_CLEAR)
		return 0;
	if (!p->cipso_before) {
		plan_log(p, LOG_WARNING, "any label written that the kernel"
			 " did not know stays known to it (it never forgets a"
			 " label), with no access in any rule");
		return 1;
	}
	return name_learned(p, flags & SMACK_PLAN_ALL_LABELS, cipso_ok);
}

/* Whether the kernel took any write of the plan. */
static bool wrote_any(const struct progress *done)
{
	size_t i;

	for (i = 0; i < KNOB_COUNT; i++)
		if (done->knobs[i])
			return true;
	return done->labels || done->rules || done->cipso ||
	       done->netlabel || done->netlabel_new;
}

/* The outcome, as smack_policy_plan_apply(3) gives it. */
static int roll_back(struct smack_policy_plan *p, const struct progress *done,
		     unsigned int flags)
{
	bool cipso_ok, ok;
	size_t labels;

	if (!wrote_any(done))
		return SMACK_ROLLBACK_DONE;
	ok = undo_all(p, done, &cipso_ok);
	plan_netlabel_range(p->netlabel, plan_netlabel_first_new(p),
			    done->netlabel_new, name_left_entry, p);
	labels = name_new_labels(p, flags, cipso_ok);
	if (!ok || done->netlabel_new)
		return SMACK_ROLLBACK_PARTIAL;
	return labels ? SMACK_ROLLBACK_LABELS : SMACK_ROLLBACK_DONE;
}

SMACK_EXPORT
int smack_policy_plan_apply(struct smack_policy_plan *plan,
			    unsigned int flags, int *rollback)
{
	struct progress done;
	int saved, outcome;

	if (!plan) {
		errno = EINVAL;
		return -1;
	}
	memset(&done, 0, sizeof(done));
	if (rollback)
		*rollback = SMACK_ROLLBACK_DONE;
	if (write_plan(plan, &done) == 0)
		return 0;
	saved = errno;
	outcome = roll_back(plan, &done, flags);
	if (rollback)
		*rollback = outcome;
	errno = saved;
	return -1;
}
