// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The boot-time policy tree under <sysconfdir>/smack (smack_load_policy).
 *
 * The parts it reads (accesses.d, cipso.d, onlycap) are read into a
 * struct smack_policy and validated before anything is written, so a bad
 * file loads nothing.  Then, holding the writers' lock (lock.c), the
 * policy's plan (policy-plan.c) is written: the loaded rules replaced by
 * those of accesses.d, the mappings of cipso.d that differ, and onlycap
 * last (it can take the caller's own privilege away); a refused write is
 * taken back (policy-apply.c).  Every part of the tree is optional: a
 * system without cipso.d or onlycap is normal.
 *
 * "Clear the loaded rules, then apply the tree" is done as the difference
 * between the two: the kernel ends with exactly the rules that clearing
 * and loading would leave, but a rule present before and after is never
 * taken away in between, and unchanged rules are not written at all.
 */
#include <errno.h>
#include <sys/stat.h>

#include "libsmack-internal.h"
#include "cipso.h"
#include "policy.h"

#define POLICY_DIR SYSCONFDIR "/smack"

/* A 1.3 entry point: mapping files are read as 1.3 read them (a file that
 * does not say its form is in list form, no line refused for looking like
 * the kernel's form), into the policy's set, which the plan alone reads. */
static int read_cipso(struct smack_policy *p, const char *dir)
{
	struct stat st;

	if (stat(dir, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	return cipso_parse_path_1_3(p->cipso, dir);
}

/* The parts of the tree this entry point has always read: no netlabel
 * entries, no knob but onlycap. */
static int read_policy(struct smack_policy *p)
{
	if (smack_policy_add_path(p, SMACK_POLICY_RULE,
				  POLICY_DIR "/accesses.d",
				  SMACK_POLICY_MISSING_OK) < 0)
		return -1;
	if (read_cipso(p, POLICY_DIR "/cipso.d") < 0)
		return -1;
	return smack_policy_add_path(p, SMACK_POLICY_KNOB,
				     POLICY_DIR "/onlycap",
				     SMACK_POLICY_MISSING_OK);
}

/* The page promises no guard: onlycap is set as the tree has it. */
static int write_policy(const struct smack_policy *p)
{
	struct smack_policy_plan *plan;
	int ret;

	if (smack_policy_plan_new(p, SMACK_PLAN_FORCE, &plan) < 0)
		return -1;
	ret = smack_policy_plan_apply(plan, 0, NULL);
	smack_policy_plan_free(plan);
	return ret;
}

SMACK_EXPORT
int smack_load_policy(void)
{
	struct smack_policy *p;
	int ret = -1, saved;

	if (smackfs_dirfd() < 0)
		return -1;
	if (smack_policy_new(&p) < 0)
		return -1;
	if (read_policy(p) < 0)
		goto out;
	/* From the first read of the kernel's state to the last write. */
	if (smack_policy_lock(0) < 0)
		goto out;
	ret = write_policy(p);
	saved = errno;
	smack_policy_unlock();
	errno = saved;
out:
	smack_policy_free(p);
	return ret;
}
