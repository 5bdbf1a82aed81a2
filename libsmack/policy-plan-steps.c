// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The knobs' part of a plan (each knob the policy sets that the kernel
 * has otherwise, onlycap through the guard of knob.h), and the plan's
 * steps as a caller sees them (smack_policy_plan_foreach, _count): in the
 * order policy-apply.c writes them, then what is not written.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "libsmack-internal.h"
#include "policy-plan.h"

/* ---- knobs */

/* A knob the plan cannot make is an error, or with SMACK_PLAN_KEEP_GOING
 * a knob left out, which is said as a warning. */
static int refusal_priority(const struct smack_policy_plan *p)
{
	return p->flags & SMACK_PLAN_KEEP_GOING ? LOG_WARNING : LOG_ERR;
}

/* The guard: refuses (ECANCELED) an onlycap list that takes the caller's
 * privilege away; forced, the list is planned and, unless the plan only
 * compares, the caller warned: from then on only a process with a listed
 * label can change the policy. */
static int guard_onlycap(const struct smack_policy_plan *p,
			 const struct knob_entry *want)
{
	bool forced = p->flags & SMACK_PLAN_FORCE;
	char *self;

	if (knob_guard_onlycap(&want->value, 0, &self) == 0)
		return 0;
	if (forced) {
		if (self && !(p->flags & SMACK_PLAN_COMPARE))
			plan_log(p, LOG_WARNING, "onlycap \"%s\" leaves out"
				 " this process's label \"%s\": it loses"
				 " CAP_MAC_ADMIN, as does every process without"
				 " a listed label", want->text, self);
	} else if (!self) {
		plan_log(p, refusal_priority(p), "refusing onlycap \"%s\":"
			 " cannot read this process's label to check that it"
			 " is listed", want->text);
	} else {
		plan_log(p, refusal_priority(p), "refusing onlycap \"%s\":"
			 " it leaves out this process's label \"%s\", which"
			 " would lose CAP_MAC_ADMIN for good (so would every"
			 " process without a listed label)", want->text, self);
	}
	free(self);
	if (forced)
		return 0;
	errno = ECANCELED;
	return -1;
}

static int read_knob(struct smack_policy_plan *p, enum knob_id id)
{
	struct plan_knob *c = &p->knobs[id];
	const char *name = knob_get(id)->name;

	if (knob_read_kernel(id, &c->old) == 0) {
		c->old_text = knob_value_format(knob_get(id), &c->old);
		return c->old_text ? 0 : -1;
	}
	if (errno == ENOENT)
		plan_log(p, refusal_priority(p), "the configuration sets %s,"
			 " but this kernel has no %s knob", name, name);
	else
		plan_log_errno(p, "cannot read %s", name);
	return -1;
}

static int plan_knob(struct smack_policy_plan *p, enum knob_id id)
{
	struct plan_knob *c = &p->knobs[id];

	if (read_knob(p, id) < 0)
		return -1;
	if (knob_value_equal(knob_get(id), &c->old, &c->want->value))
		return 0;
	if (id == KNOB_ONLYCAP && guard_onlycap(p, c->want) < 0)
		return -1;
	c->change = true;
	p->knobs_changed++;
	return 0;
}

/* A knob that cannot be planned fails the plan, or with
 * SMACK_PLAN_KEEP_GOING is left out, said, and the rest goes on. */
int plan_knobs(struct smack_policy_plan *p)
{
	const struct records *knobs = &p->policy->knobs;
	int ret = 0, err = 0;
	size_t i;

	for (i = 0; i < knobs->count; i++) {
		const struct knob_entry *e = &RECORD(knobs,
						     struct knob_entry, i);

		p->knobs[e->id].want = e;
	}
	for (i = 0; i < KNOB_COUNT; i++) {
		if (!p->knobs[i].want || plan_knob(p, i) == 0)
			continue;
		err = errno;
		if (!(p->flags & SMACK_PLAN_KEEP_GOING)) {
			ret = -1;
			continue;
		}
		p->knobs[i].left_out = true;
		plan_log(p, LOG_WARNING, "%s is left as the kernel has it",
			 knob_get(i)->name);
	}
	errno = err;
	return ret;
}

/* ---- steps */

size_t plan_netlabel_first_new(const struct smack_policy_plan *p)
{
	return smack_netlabel_count(p->netlabel) - p->netlabel_no_undo;
}

struct host_range {
	size_t skip, left;
	smack_netlabel_fn fn;
	void *data;
};

/* A smack_netlabel_fn: fn for the entries of the range. */
static int host_in_range(void *data, const char *host, const char *label)
{
	struct host_range *r = data;

	if (r->skip) {
		r->skip--;
		return 0;
	}
	if (r->left == 0)
		return 0;
	r->left--;
	return r->fn(r->data, host, label);
}

int plan_netlabel_range(const struct smack_netlabel *set, size_t first,
			size_t n, smack_netlabel_fn fn, void *data)
{
	struct host_range r = { first, n, fn, data };

	if (n == 0 || !set)
		return 0;
	return smack_netlabel_foreach(set, host_in_range, &r);
}

/* What a walk of the steps carries. */
struct step_walk {
	struct smack_plan_step step;
	smack_plan_step_fn fn;
	void *data;
};

static int give(struct step_walk *w, int kind, unsigned int flags)
{
	w->step.kind = kind;
	w->step.flags = flags;
	return w->fn(w->data, &w->step);
}

static int rule_step(void *data, const char *subject, const char *object,
		     const char *access, const char *deny)
{
	struct step_walk *w = data;

	memset(&w->step, 0, sizeof(w->step));
	w->step.subject = subject;
	w->step.object = object;
	w->step.access = access;
	w->step.deny = deny;
	return give(w, SMACK_POLICY_RULE, 0);
}

static int cipso_step(void *data, const char *label, int level,
		      const int *categories, int ncategories)
{
	struct step_walk *w = data;

	memset(&w->step, 0, sizeof(w->step));
	w->step.label = label;
	w->step.level = level;
	w->step.categories = categories;
	w->step.ncategories = ncategories;
	return give(w, SMACK_POLICY_CIPSO, 0);
}

static int host_step(struct step_walk *w, const char *host,
		     const char *label, unsigned int flags)
{
	memset(&w->step, 0, sizeof(w->step));
	w->step.host = host;
	w->step.label = label;
	return give(w, SMACK_POLICY_NETLABEL, flags);
}

static int host_undoable(void *data, const char *host, const char *label)
{
	return host_step(data, host, label, 0);
}

static int host_no_undo(void *data, const char *host, const char *label)
{
	return host_step(data, host, label, SMACK_STEP_NO_UNDO);
}

static int host_stale(void *data, const char *host, const char *label)
{
	return host_step(data, host, label, SMACK_STEP_SKIPPED);
}

/* A knob changed (flags 0) or left out (SMACK_STEP_SKIPPED). */
static int knob_step(struct step_walk *w, const struct smack_policy_plan *p,
		     enum knob_id id, unsigned int flags)
{
	const struct plan_knob *c = &p->knobs[id];

	if (flags ? !c->left_out : !c->change)
		return 0;
	memset(&w->step, 0, sizeof(w->step));
	w->step.knob = knob_get(id)->name;
	w->step.value = c->want->text;
	w->step.old_value = c->old_text;
	return give(w, SMACK_POLICY_KNOB, flags);
}

/* The rules a plan writes, each pair once with the access it ends with:
 * a first load writes the policy's rules, folded by the apply. */
static int rule_steps(const struct smack_policy_plan *p, struct step_walk *w)
{
	struct smack_accesses *none, *folded;
	int ret;

	if (!p->rules_first_load)
		return smack_accesses_foreach(p->rules, rule_step, w);
	if (smack_accesses_new(&none) < 0)
		return -1;
	ret = smack_accesses_diff(none, p->rules, &folded);
	smack_accesses_free(none);
	if (ret < 0)
		return -1;
	ret = smack_accesses_foreach(folded, rule_step, w);
	smack_accesses_free(folded);
	return ret;
}

/* The netlabel entries and knobs, in the order written. */
static int other_steps(const struct smack_policy_plan *p, struct step_walk *w)
{
	size_t i, first_new = plan_netlabel_first_new(p);
	int ret;

	ret = p->cipso ? smack_cipso_foreach(p->cipso, cipso_step, w) : 0;
	if (!ret)
		ret = plan_netlabel_range(p->netlabel, 0, first_new,
					  host_undoable, w);
	for (i = 1; !ret && i < KNOB_COUNT; i++)
		ret = knob_step(w, p, i, 0);
	if (!ret)
		ret = plan_netlabel_range(p->netlabel, first_new,
					  p->netlabel_no_undo, host_no_undo, w);
	if (!ret)
		ret = knob_step(w, p, KNOB_ONLYCAP, 0);
	return ret;
}

/* What is not written: stale entries, knobs left out. */
static int skipped_steps(const struct smack_policy_plan *p,
			 struct step_walk *w)
{
	int ret = p->stale ? smack_netlabel_foreach(p->stale, host_stale, w)
			   : 0;
	size_t i;

	for (i = 0; !ret && i < KNOB_COUNT; i++)
		ret = knob_step(w, p, i, SMACK_STEP_SKIPPED);
	return ret;
}

SMACK_EXPORT
int smack_policy_plan_foreach(const struct smack_policy_plan *plan,
			      smack_plan_step_fn fn, void *userdata)
{
	struct step_walk w = { .fn = fn, .data = userdata };
	int ret;

	if (!plan || !fn) {
		errno = EINVAL;
		return -1;
	}
	ret = rule_steps(plan, &w);
	if (ret || (plan->flags & SMACK_PLAN_CLEAR))
		return ret;
	ret = other_steps(plan, &w);
	return ret ? ret : skipped_steps(plan, &w);
}

SMACK_EXPORT
size_t smack_policy_plan_count(const struct smack_policy_plan *plan,
			       int kind)
{
	size_t n = 0;

	if (!plan)
		return 0;
	if (plan->rules && (kind == 0 || kind == SMACK_POLICY_RULE))
		n += smack_accesses_count(plan->rules);
	if (plan->cipso && (kind == 0 || kind == SMACK_POLICY_CIPSO))
		n += smack_cipso_count(plan->cipso);
	if (plan->netlabel && (kind == 0 || kind == SMACK_POLICY_NETLABEL))
		n += smack_netlabel_count(plan->netlabel);
	if (kind == 0 || kind == SMACK_POLICY_KNOB)
		n += plan->knobs_changed;
	return n;
}
