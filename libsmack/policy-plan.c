// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The plan (smack_policy_plan_new): what to write to bring the kernel to
 * a policy, computed from one read of the kernel's state before anything
 * is written.  Writing it goes rules, CIPSO mappings, netlabel entries,
 * knobs, new IPv4 netlabel entries (which the kernel cannot delete, so
 * after all else that can be refused), onlycap last (once onlycap is set,
 * it decides who may write the rest); see policy-apply.c.
 *
 * Rules are written as the difference between the kernel's and the
 * policy's: the kernel ends with what clearing it and loading the policy
 * would leave, but a rule that stays is never rewritten, so it is never,
 * even for a moment, missing, as it would be if the kernel were cleared
 * first.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "libsmack-internal.h"
#include "policy-plan.h"

void plan_log(const struct smack_policy_plan *p, int priority,
	      const char *fmt, ...)
{
	const struct smack_policy *policy = p->policy;
	int saved = errno, len;
	char *message;
	va_list ap;

	if (!policy->log)
		return;
	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	message = len < 0 ? NULL : malloc((size_t)len + 1);
	if (message) {
		va_start(ap, fmt);
		vsnprintf(message, (size_t)len + 1, fmt, ap);
		va_end(ap);
		policy->log(policy->log_data, priority, NULL, 0, 0, message);
	}
	free(message);
	errno = saved;
}

void plan_log_errno(const struct smack_policy_plan *p, const char *fmt, ...)
{
	const char *why = strerror(errno);
	char head[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(head, sizeof(head), fmt, ap);
	va_end(ap);
	plan_log(p, LOG_ERR, "%s: %s", head, why);
}

const char *plan_write_failure(int err)
{
	/* Out of memory may be the program's own before the write. */
	return err == ENOMEM ? "memory ran out for" : "the kernel refused";
}

/* ---- rules */

static int add_removal(void *data, const char *subject, const char *object,
		       const char *access, const char *deny)
{
	return smack_accesses_add(data, subject, object, "-");
}

/* Clearing: every rule the kernel has, with no access. */
static int plan_clear(struct smack_policy_plan *p)
{
	if (smack_accesses_new_from_kernel(&p->kernel_rules) < 0) {
		p->kernel_rules = NULL;
		plan_log_errno(p, "cannot read the kernel's rules");
		return -1;
	}
	if (smack_accesses_new(&p->rules) < 0 ||
	    smack_accesses_foreach(p->kernel_rules, add_removal,
				   p->rules) != 0) {
		plan_log_errno(p, "cannot compute the rules to write");
		return -1;
	}
	return 0;
}

/* Otherwise: only the pairs that change, and what they had. */
static int plan_changes(struct smack_policy_plan *p)
{
	if (smack_accesses_diff_kernel(p->policy->rules, &p->rules,
				       &p->rules_undo) < 0) {
		p->rules = p->rules_undo = NULL;
		plan_log_errno(p, "cannot compare the kernel's rules with the"
			       " configuration");
		return -1;
	}
	return 0;
}

/*
 * A kernel that gives no pair an access (at boot, or after a clear) gets
 * the policy's rules as they are: there is nothing to compare them with,
 * and no copy of the whole policy to make.  A plan only counted always
 * compares.
 */
static int plan_rules(struct smack_policy_plan *p)
{
	if (p->flags & SMACK_PLAN_CLEAR)
		return plan_clear(p);
	if (!(p->flags & SMACK_PLAN_COMPARE) &&
	    smack_accesses_kernel_is_empty() == 1) {
		p->rules = p->policy->rules;
		p->rules_first_load = true;
		return 0;
	}
	return plan_changes(p);
}

/* ---- CIPSO */

/* A smack_cipso_fn: adds the label to the set, with the same mapping as
 * every other label. */
static int add_label(void *set, const char *label, int level,
		     const int *categories, int ncategories)
{
	return smack_cipso_add(set, label, 0, NULL, 0);
}

/* Each label given one and the same mapping, the difference of the two
 * sets is in their labels only: those that known lacks. */
int plan_cipso_new_labels(const struct smack_cipso *known,
			  const struct smack_cipso *set,
			  struct smack_cipso **labels)
{
	struct smack_cipso *a = NULL, *b = NULL;
	int ret = -1;

	if (smack_cipso_new(&a) == 0 && smack_cipso_new(&b) == 0 &&
	    smack_cipso_foreach(known, add_label, a) == 0 &&
	    smack_cipso_foreach(set, add_label, b) == 0)
		ret = smack_cipso_diff(a, b, labels);
	smack_cipso_free(a);
	smack_cipso_free(b);
	return ret;
}

/* A smack_cipso_fn: the rule that makes the label, which changes
 * nothing. */
static int add_label_rule(void *rules, const char *label, int level,
			  const int *categories, int ncategories)
{
	return smack_accesses_add(rules, label, label, "-");
}

/* The labels that the mappings to write name and the kernel does not
 * know are made first (policy-apply.c), so that the mapping the kernel
 * gives a new label, which a rollback puts back, can be read. */
static int plan_new_labels(struct smack_policy_plan *p)
{
	struct smack_cipso *labels;
	int ret;

	if (smack_accesses_new(&p->new_labels) < 0) {
		p->new_labels = NULL;
		return -1;
	}
	if (plan_cipso_new_labels(p->cipso_before, p->cipso, &labels) < 0)
		return -1;
	ret = smack_cipso_foreach(labels, add_label_rule, p->new_labels);
	smack_cipso_free(labels);
	return ret ? -1 : 0;
}

/* Whether the policy sets the knob. */
static bool sets_knob(const struct smack_policy *policy, enum knob_id id)
{
	size_t i;

	for (i = 0; i < policy->knobs.count; i++)
		if (RECORD(&policy->knobs, struct knob_entry, i).id == id)
			return true;
	return false;
}

/*
 * Every label's mapping is read, to compare with the policy's and for a
 * rollback to put back (the direct level moves mappings too).  The list
 * grows with the labels the kernel ever had, so a policy that touches no
 * mapping does without it: at boot there are usually no mappings.
 */
static int plan_cipso(struct smack_policy_plan *p)
{
	bool compare = p->flags & SMACK_PLAN_COMPARE;
	int ret;

	if (smack_cipso_count(p->policy->cipso) == 0 &&
	    (compare || !sets_knob(p->policy, KNOB_DIRECT)))
		return 0;
	if (smack_cipso_new_from_kernel(&p->cipso_before) < 0) {
		p->cipso_before = NULL;
		plan_log_errno(p, "cannot read the kernel's CIPSO mappings");
		return -1;
	}
	ret = smack_cipso_diff(p->cipso_before, p->policy->cipso, &p->cipso);
	if (ret == 0 && !compare)
		ret = plan_new_labels(p);
	if (ret < 0)
		plan_log_errno(p, "cannot compute the CIPSO mappings to write");
	return ret;
}

/* ---- netlabel */

static int add_host(void *set, const char *host, const char *label)
{
	return smack_netlabel_add(set, host, label);
}

/* The way back: from what the kernel holds once p->netlabel is written
 * (its entries, then those) to what it holds now.  Its stale entries are
 * the new IPv4 ones, which it cannot delete: the difference has them
 * last, and so they are the last p->netlabel_no_undo of p->netlabel. */
static int plan_netlabel_undo(struct smack_policy_plan *p,
			      const struct smack_netlabel *kernel)
{
	struct smack_netlabel *none = NULL, *after = NULL;
	int ret = smack_netlabel_new(&none);

	if (ret == 0)
		ret = smack_netlabel_diff(none, kernel, &after, NULL);
	if (ret == 0 && smack_netlabel_foreach(p->netlabel, add_host, after))
		ret = -1;
	if (ret == 0)
		ret = smack_netlabel_diff(after, kernel, &p->netlabel_undo,
					  &p->netlabel_no_undo);
	smack_netlabel_free(none);
	smack_netlabel_free(after);
	return ret;
}

/* The IPv4 entries the policy lacks, with the kernel's labels: the
 * difference the other way ends with them. */
static int plan_stale(struct smack_policy_plan *p,
		      const struct smack_netlabel *kernel, size_t n)
{
	struct smack_netlabel *back;
	int ret;

	if (smack_netlabel_new(&p->stale) < 0) {
		p->stale = NULL;
		return -1;
	}
	if (n == 0)
		return 0;
	if (smack_netlabel_diff(p->policy->netlabel, kernel, &back, NULL) < 0)
		return -1;
	ret = plan_netlabel_range(back, smack_netlabel_count(back) - n, n,
				  add_host, p->stale);
	smack_netlabel_free(back);
	return ret ? -1 : 0;
}

/* The entries that differ from the kernel's, IPv6 ones the policy lacks
 * deleted (the kernel cannot delete IPv4 ones: they are kept in stale).
 * Without netlabel.d the entries belong to someone else. */
static int plan_netlabel(struct smack_policy_plan *p)
{
	struct smack_netlabel *kernel;
	size_t stale = 0;
	int ret;

	if (!p->policy->has_netlabel)
		return 0;
	if (smack_netlabel_new_from_kernel(&kernel) < 0) {
		plan_log_errno(p, "cannot read the kernel's netlabel entries");
		return -1;
	}
	ret = smack_netlabel_diff(kernel, p->policy->netlabel, &p->netlabel,
				  &stale);
	if (ret == 0)
		ret = plan_netlabel_undo(p, kernel);
	if (ret == 0)
		ret = plan_stale(p, kernel, stale);
	if (ret < 0)
		plan_log_errno(p, "cannot compute the netlabel entries to"
			       " write");
	smack_netlabel_free(kernel);
	return ret;
}

/* ---- the plan */

static int plan_compute(struct smack_policy_plan *p)
{
	if (plan_rules(p) < 0)
		return -1;
	if (p->flags & SMACK_PLAN_CLEAR)
		return 0;
	if (plan_cipso(p) < 0 || plan_netlabel(p) < 0)
		return -1;
	return plan_knobs(p);
}

SMACK_EXPORT
int smack_policy_plan_new(const struct smack_policy *policy,
			  unsigned int flags, struct smack_policy_plan **plan)
{
	struct smack_policy_plan *p;

	if (!policy || !plan) {
		errno = EINVAL;
		return -1;
	}
	*plan = NULL;
	p = calloc(1, sizeof(*p));
	if (!p)
		return -1;
	p->policy = policy;
	p->flags = flags;
	if (plan_compute(p) < 0) {
		if (errno == 0)
			errno = EINVAL;
		smack_policy_plan_free(p);
		return -1;
	}
	*plan = p;
	return 0;
}

SMACK_EXPORT
void smack_policy_plan_free(struct smack_policy_plan *plan)
{
	int saved = errno;
	size_t i;

	if (!plan)
		return;
	smack_accesses_free(plan->kernel_rules);
	if (!plan->rules_first_load)
		smack_accesses_free(plan->rules);
	smack_accesses_free(plan->rules_undo);
	smack_cipso_free(plan->cipso);
	smack_cipso_free(plan->cipso_before);
	smack_accesses_free(plan->new_labels);
	smack_cipso_free(plan->cipso_created);
	smack_netlabel_free(plan->netlabel);
	smack_netlabel_free(plan->netlabel_undo);
	smack_netlabel_free(plan->stale);
	for (i = 0; i < KNOB_COUNT; i++) {
		knob_value_clear(&plan->knobs[i].old);
		free(plan->knobs[i].old_text);
	}
	free(plan);
	errno = saved;
}
