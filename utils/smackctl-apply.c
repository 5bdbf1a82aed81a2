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
	/* Leaving a file out could only hide a break: none is kept. */
	if (o->keep_going && err == EINVAL && !tree->broken) {
		for (i = 0; i < tree->refused_count; i++)
			cli_warn("%s: left out: it has errors",
				 tree->refused[i]);
		return 1;
	}
	config_tree_free(tree);
	return -1;
}

static void print_tree_summary(const struct config_tree *tree)
{
	size_t i;

	cli_escape(stdout, tree->dir, strlen(tree->dir), CLI_ESCAPE_FIELD);
	if (tree->dir_missing) {
		printf(" does not exist: an empty configuration\n");
		return;
	}
	printf(": %zu rules, %zu CIPSO mappings, %zu netlabel entries",
	       smack_accesses_count(tree->rules),
	       smack_cipso_count(tree->cipso),
	       smack_netlabel_count(tree->netlabel));
	for (i = 0; smack_knob_name(i); i++)
		if (tree->knobs[i])
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

/* After apply --keep-going, what was left out, and what became of the
 * rest (rest); true if anything was left out. */
static bool report_left_out(const struct config_tree *tree,
			    const struct plan *plan, const char *rest)
{
	bool onlycap = plan->knob_left_out[ctl_knob_index("onlycap")];
	size_t i, knobs = 0;

	for (i = 0; smack_knob_name(i); i++)
		knobs += plan->knob_left_out[i];
	for (i = 0; i < tree->refused_count; i++)
		onlycap = onlycap || is_onlycap_file(tree, tree->refused[i]);
	if (tree->refused_count == 0 && knobs == 0)
		return false;
	cli_warn("%zu file%s and %zu knob%s of the configuration left out%s",
		 tree->refused_count, tree->refused_count == 1 ? "" : "s",
		 knobs, knobs == 1 ? "" : "s", rest);
	/* At boot that means no onlycap list at all. */
	if (onlycap)
		cli_warn("onlycap is not set from the configuration: the"
			 " kernel's list stays as it is (at boot, none: every"
			 " process with CAP_MAC_ADMIN keeps it)");
	return true;
}

int cmd_apply(const struct ctl_options *o, enum plan_mode mode)
{
	struct config_tree tree = { 0 };
	struct plan plan;
	unsigned int flags = (o->force ? PLAN_FORCE : 0) |
			     (o->keep_going ? PLAN_KEEP_GOING : 0);
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
	if (plan_compute(&plan, mode, &tree, flags) < 0) {
		cli_warn("nothing was written to the kernel");
		goto out;
	}
	if (o->dry_run) {
		plan_print(&plan);
		status = EXIT_SUCCESS;
	} else if (plan_execute(&plan, o->verbose) == 0) {
		status = EXIT_SUCCESS;
		rest = "; the rest is loaded";
	} else {
		/* Taken back as without --keep-going: see smackctl(8). */
		rest = ", and the rest not loaded: the kernel refused a write";
	}
	if (o->keep_going && report_left_out(&tree, &plan, rest))
		status = EXIT_FAILURE;
out:
	plan_free(&plan);
	if (mode != PLAN_CLEAR)
		config_tree_free(&tree);
	return status;
}
