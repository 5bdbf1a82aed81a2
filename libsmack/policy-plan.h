/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * policy-plan.h - inside struct smack_policy_plan, shared by
 * policy-plan.c (computing a plan from a policy and the kernel's state),
 * policy-plan-steps.c (its steps, in the order they are written) and
 * policy-apply.c (writing it, and taking it back when the kernel refuses
 * a write part-way).
 */
#ifndef LIBSMACK_POLICY_PLAN_H
#define LIBSMACK_POLICY_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "knob.h"
#include "policy.h"

struct plan_knob {
	bool change;
	bool left_out;		/* SMACK_PLAN_KEEP_GOING: not written */
	const struct knob_entry *want;	/* the policy's last value */
	struct knob_value old;		/* the kernel's, read before */
	char *old_text;			/* old as text */
};

struct smack_policy_plan {
	const struct smack_policy *policy;	/* its log, its rules */
	unsigned int flags;
	struct smack_accesses *kernel_rules;	/* before a clear: to undo
						 * it */
	struct smack_accesses *rules;		/* to write, in order */
	struct smack_accesses *rules_undo;	/* what the pairs of rules
						 * had */
	/* rules is the policy's own, loaded as it is into a kernel that never
	 * held a rule: not freed with the plan, taken back by a clear. */
	bool rules_first_load;
	struct smack_cipso *cipso;		/* mappings to write */
	/* Every label the kernel knew, with its mapping, read before the
	 * first write when the policy maps labels or sets the direct level
	 * (else NULL): what a rollback puts back. */
	struct smack_cipso *cipso_before;
	/* The labels cipso maps that the kernel does not know, as rules of
	 * each label to itself with no access (which change nothing): they
	 * are made first, and cipso_created then holds every mapping,
	 * theirs included, as the kernel gave it. */
	struct smack_accesses *new_labels;
	struct smack_cipso *cipso_created;
	struct smack_netlabel *netlabel, *netlabel_undo;
	/* IPv4 entries the policy lacks, which the kernel cannot delete. */
	struct smack_netlabel *stale;
	/* New IPv4 entries, the last ones of netlabel: the kernel cannot
	 * delete them, so they are written after everything else that can
	 * be refused but onlycap. */
	size_t netlabel_no_undo;
	struct plan_knob knobs[KNOB_COUNT];
	size_t knobs_changed;
};

/* A message to the policy's log function, of any length (printf style);
 * errno is kept. */
void plan_log(const struct smack_policy_plan *p, int priority,
	      const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same, ended with ": " and the text of errno. */
void plan_log_errno(const struct smack_policy_plan *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* How a message names a failed write into smackfs (err: its errno). */
const char *plan_write_failure(int err);

/* Where the new IPv4 entries start in p->netlabel. */
size_t plan_netlabel_first_new(const struct smack_policy_plan *p);
/* fn for the entries first .. first + n - 1 of set, as
 * smack_netlabel_foreach(). */
int plan_netlabel_range(const struct smack_netlabel *set, size_t first,
			size_t n, smack_netlabel_fn fn, void *data);
/* The labels that set maps and known does not, in *labels (each with a
 * mapping that is not its own); -1 with errno on failure. */
int plan_cipso_new_labels(const struct smack_cipso *known,
			  const struct smack_cipso *set,
			  struct smack_cipso **labels);

/* policy-plan.c: the knobs' part of the plan. */
int plan_knobs(struct smack_policy_plan *p);

#endif /* LIBSMACK_POLICY_PLAN_H */
