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

int ctl_load_tree(const struct ctl_options *o, struct config_tree *tree)
{
	bool explicit;
	const char *dir = config_tree_dir(o->config_dir, &explicit);
	int errors = 0;

	if (config_tree_load(tree, dir, explicit, cli_parse_error,
			     &errors) == 0)
		return 0;
	cli_warn("%u error%s in the configuration %s", tree->errors,
		 tree->errors == 1 ? "" : "s", dir);
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
	for (i = 0; i < KNOB_COUNT; i++)
		if (tree->knobs[i].set)
			printf(", %s", knob_get(i)->name);
	putchar('\n');
}

int cmd_check(const struct ctl_options *o)
{
	struct config_tree tree;

	if (ctl_load_tree(o, &tree) < 0)
		return EXIT_FAILURE;
	if (!tree.dir_missing)
		compat_check_tree(tree.dir);
	if (o->verbose)
		print_tree_summary(&tree);
	config_tree_free(&tree);
	return EXIT_SUCCESS;
}

int cmd_apply(const struct ctl_options *o, enum plan_mode mode)
{
	struct config_tree tree = { 0 };
	struct plan plan;
	int status = EXIT_FAILURE;

	if (ctl_require_smack() < 0)
		return EXIT_FAILURE;
	/* clear needs no tree; the others need all of it to be valid. */
	if (mode != PLAN_CLEAR && ctl_load_tree(o, &tree) < 0) {
		cli_warn("nothing was written to the kernel");
		return EXIT_FAILURE;
	}
	if (plan_compute(&plan, mode, &tree, o->force) < 0) {
		cli_warn("nothing was written to the kernel");
		goto out;
	}
	if (o->dry_run) {
		plan_print(&plan);
		status = EXIT_SUCCESS;
	} else if (plan_execute(&plan, o->verbose) == 0) {
		status = EXIT_SUCCESS;
	}
out:
	plan_free(&plan);
	if (mode != PLAN_CLEAR)
		config_tree_free(&tree);
	return status;
}
