// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl apply, reload, clear and check: load the configuration tree,
 * check all of it, then (unless --dry-run) bring the kernel to it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackctl.h"

int ctl_require_smack(void)
{
	if (smack_smackfs_path())
		return 0;
	if (ctl_smack_active())
		ctl_say_unmounted();
	else
		cli_warn("SmackFS is not mounted: Smack is not active");
	return -1;
}

int ctl_load_tree(const struct ctl_options *o, struct config_tree *tree,
		  unsigned int flags)
{
	bool explicit;
	const char *dir = cli_config_dir(o->config_dir, &explicit);
	int err;
	size_t i;

	if (config_tree_load(tree, dir, explicit, flags) == 0)
		return 0;
	err = errno;
	if (tree->broken)
		cli_warn("the configuration %s breaks its invariants (%d"
			 " time%s): see assert.d in smack-config(5)", dir,
			 tree->broken, tree->broken == 1 ? "" : "s");
	if (tree->errors || !tree->broken)
		cli_warn("%u error%s in the configuration %s", tree->errors,
			 tree->errors == 1 ? "" : "s", dir);
	/* Leaving a file out could only hide a break, and leaving out an
	 * invariant could hide one: neither is kept. */
	if (o->keep_going && tree->refused_assert)
		cli_warn("an invariant of assert.d has errors: the tree is not"
			 " loaded, whatever --keep-going says");
	if (o->keep_going && err == EINVAL && !tree->broken &&
	    !tree->refused_assert) {
		for (i = 0; i < tree->refused_count; i++)
			cli_warn("%s: left out: it has errors",
				 tree->refused[i]);
		return 1;
	}
	config_tree_free(tree);
	return -1;
}

/* A smack_policy_fn: marks the knob set. */
static int mark_knob(void *data, const struct smack_policy_entry *e)
{
	bool *set = data;
	size_t i;

	for (i = 0; smack_knob_name(i); i++)
		if (strcmp(smack_knob_name(i), e->knob) == 0)
			set[i] = true;
	return 0;
}

static void print_tree_summary(const struct config_tree *tree)
{
	const struct smack_policy *p = tree->policy;
	bool knobs[CTL_KNOBS_MAX] = { false };
	size_t i;

	cli_escape(stdout, tree->dir, strlen(tree->dir), CLI_ESCAPE_FIELD);
	if (tree->dir_missing) {
		printf(" does not exist: an empty configuration\n");
		return;
	}
	printf(": %zu rules, %zu CIPSO mappings, %zu netlabel entries",
	       smack_policy_count(p, SMACK_POLICY_RULE),
	       smack_policy_count(p, SMACK_POLICY_CIPSO),
	       smack_policy_count(p, SMACK_POLICY_NETLABEL));
	smack_policy_foreach(p, SMACK_POLICY_KNOB, mark_knob, knobs);
	for (i = 0; smack_knob_name(i); i++)
		if (knobs[i])
			printf(", %s", smack_knob_name(i));
	putchar('\n');
}

int cmd_check(const struct ctl_options *o)
{
	struct config_tree tree;

	/* A valid tree is also checked for what systemd reads otherwise. */
	if (ctl_load_tree(o, &tree, CTL_TREE_SYSTEMD) < 0)
		return EXIT_FAILURE;
	if (o->verbose)
		print_tree_summary(&tree);
	config_tree_free(&tree);
	return EXIT_SUCCESS;
}

/* Whether path, refused, is the tree's onlycap file. */
static bool is_onlycap_file(const struct config_tree *tree, const char *path)
{
	size_t len = strlen(tree->dir);

	return strncmp(path, tree->dir, len) == 0 &&
	       strcmp(path + len, "/onlycap") == 0;
}

/* The knobs the plan left out (apply --keep-going), and whether onlycap
 * is one of them. */
struct left_out {
	size_t knobs;
	bool onlycap;
};

/* A smack_plan_step_fn. */
static int count_left_out(void *data, const struct smack_plan_step *s)
{
	struct left_out *l = data;

	if (s->kind != SMACK_POLICY_KNOB || !(s->flags & SMACK_STEP_SKIPPED))
		return 0;
	l->knobs++;
	l->onlycap = l->onlycap || strcmp(s->knob, "onlycap") == 0;
	return 0;
}

/* After apply --keep-going, what was left out, and what became of the
 * rest (rest); true if anything was left out. */
static bool report_left_out(const struct config_tree *tree,
			    const struct smack_policy_plan *plan,
			    const char *rest)
{
	struct left_out l = { 0, false };
	size_t i;

	if (plan)
		smack_policy_plan_foreach(plan, count_left_out, &l);
	for (i = 0; i < tree->refused_count; i++)
		l.onlycap = l.onlycap ||
			    is_onlycap_file(tree, tree->refused[i]);
	if (tree->refused_count == 0 && l.knobs == 0)
		return false;
	cli_warn("%zu file%s and %zu knob%s of the configuration left out%s",
		 tree->refused_count, tree->refused_count == 1 ? "" : "s",
		 l.knobs, l.knobs == 1 ? "" : "s", rest);
	/* At boot that means no onlycap list at all. */
	if (l.onlycap)
		cli_warn("onlycap is not set from the configuration: the"
			 " kernel's list stays as it is (at boot, none: every"
			 " process with CAP_MAC_ADMIN keeps it)");
	return true;
}

/* A smack_plan_step_fn: "rule S O A", "cipso L LEVEL [C...]", "netlabel
 * HOST LABEL", "knob NAME VALUE", in the order written. */
static int print_step(void *data, const struct smack_plan_step *s)
{
	int i;

	if (s->flags & SMACK_STEP_SKIPPED)
		return 0;
	if (s->kind == SMACK_POLICY_RULE)
		printf("rule %s %s %s%s%s\n", s->subject, s->object, s->access,
		       s->deny ? " " : "", s->deny ? s->deny : "");
	if (s->kind == SMACK_POLICY_NETLABEL)
		printf("netlabel %s %s\n", s->host, s->label);
	if (s->kind == SMACK_POLICY_KNOB)
		printf("knob %s %s\n", s->knob, s->value);
	if (s->kind != SMACK_POLICY_CIPSO)
		return 0;
	printf("cipso %s %d", s->label, s->level);
	for (i = 0; i < s->ncategories; i++)
		printf(" %d", s->categories[i]);
	putchar('\n');
	return 0;
}

/* A smack_plan_step_fn: reload names the IPv4 entries it cannot delete. */
static int warn_stale(void *data, const struct smack_plan_step *s)
{
	if (s->kind == SMACK_POLICY_NETLABEL && (s->flags & SMACK_STEP_SKIPPED))
		cli_warn("netlabel entry %s %s is not in the configuration, but"
			 " the kernel cannot delete IPv4 entries", s->host,
			 s->label);
	return 0;
}

/* The plan of mode for the tree (clear: an empty policy), its messages
 * printed; NULL when it cannot be made. */
static struct smack_policy_plan *make_plan(const struct ctl_options *o,
					   struct config_tree *tree,
					   enum plan_mode mode)
{
	/* The tree's onlycap is set as written, as at boot (and by smackctl
	 * 1.3 and systemd): the library warns when it leaves us out.  The
	 * guard refuses only a list typed on the command line (knob). */
	unsigned int flags = SMACK_PLAN_FORCE |
			     (o->keep_going ? SMACK_PLAN_KEEP_GOING : 0) |
			     (mode == PLAN_CLEAR ? SMACK_PLAN_CLEAR : 0);
	struct smack_policy_plan *plan;

	if (!tree->policy && smack_policy_new(&tree->policy) < 0) {
		cli_warn_errno("cannot compute the rules to write");
		return NULL;
	}
	smack_policy_set_log_fn(tree->policy, ctl_plan_log, NULL);
	if (smack_policy_plan_new(tree->policy, flags, &plan) < 0)
		return NULL;
	if (mode == PLAN_RELOAD)
		smack_policy_plan_foreach(plan, warn_stale, NULL);
	return plan;
}

static void print_written(const struct smack_policy_plan *plan)
{
	printf("wrote %zu rules, %zu CIPSO mappings, %zu netlabel entries,"
	       " %zu knobs\n", smack_policy_plan_count(plan, SMACK_POLICY_RULE),
	       smack_policy_plan_count(plan, SMACK_POLICY_CIPSO),
	       smack_policy_plan_count(plan, SMACK_POLICY_NETLABEL),
	       smack_policy_plan_count(plan, SMACK_POLICY_KNOB));
}

/* Writes the plan; after a refusal the library has taken it back, and
 * its outcome is said. */
static int execute(struct smack_policy_plan *plan, bool verbose)
{
	int rollback;

	if (smack_policy_plan_apply(plan, verbose ? SMACK_PLAN_ALL_LABELS : 0,
				    &rollback) == 0) {
		if (verbose)
			print_written(plan);
		return 0;
	}
	if (rollback == SMACK_ROLLBACK_PARTIAL)
		cli_warn("the kernel's policy is now partly changed: smackctl"
			 " status shows whether it differs from the"
			 " configuration, and reload puts it right");
	else if (rollback == SMACK_ROLLBACK_LABELS)
		cli_warn("otherwise the kernel has the policy it had before");
	else
		cli_warn("nothing was changed: the kernel has the policy it"
			 " had before");
	return -1;
}

int cmd_apply(const struct ctl_options *o, enum plan_mode mode)
{
	struct config_tree tree = { 0 };
	struct smack_policy_plan *plan;
	int status = EXIT_FAILURE;
	const char *rest = "; the rest would be loaded";

	if (ctl_require_smack() < 0)
		return EXIT_FAILURE;
	/* clear needs no tree; the others need all of it to be valid, or
	 * with --keep-going take the files that are. */
	if (mode != PLAN_CLEAR && ctl_load_tree(o, &tree, 0) < 0) {
		cli_warn("nothing was written to the kernel");
		return EXIT_FAILURE;
	}
	/* The plan is made from the kernel's state: no other writer may
	 * change it until the plan is carried out. */
	if (!o->dry_run)
		cli_lock_policy(o->no_wait);
	plan = make_plan(o, &tree, mode);
	if (!plan) {
		cli_warn("nothing was written to the kernel");
		goto out;
	}
	if (o->dry_run) {
		smack_policy_plan_foreach(plan, print_step, NULL);
		status = EXIT_SUCCESS;
	} else if (execute(plan, o->verbose) == 0) {
		status = EXIT_SUCCESS;
		rest = "; the rest is loaded";
	} else {
		/* Taken back as without --keep-going: see smackctl(8). */
		rest = ", and the rest not loaded: the kernel refused a write";
	}
	if (o->keep_going && report_left_out(&tree, plan, rest))
		status = EXIT_FAILURE;
	smack_policy_plan_free(plan);
out:
	config_tree_free(&tree);
	return status;
}
