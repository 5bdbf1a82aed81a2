// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl's configuration tree: read by the library
 * (smack_policy_load(3)), whose messages are printed as they come, and
 * kept for the plan (smack_policy_plan_new(3)).  Every file is all or
 * nothing: those with errors are left out and named, for apply
 * --keep-going.  The plan's own messages are printed as they come too
 * (ctl_plan_log).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>

#include "cli.h"
#include "smackctl.h"

/* Remembers a file with errors once: its messages come together. */
static void refuse_file(struct config_tree *tree, const char *file)
{
	char **grown;

	if (tree->refused_count &&
	    strcmp(tree->refused[tree->refused_count - 1], file) == 0)
		return;
	grown = realloc(tree->refused,
			(tree->refused_count + 1) * sizeof(*grown));
	if (!grown)
		return;
	tree->refused = grown;
	grown[tree->refused_count] = strdup(file);
	if (grown[tree->refused_count])
		tree->refused_count++;
}

/* Whether file is assert.d, or in it, of the tree being read. */
static bool in_assert_dir(const struct config_tree *tree, const char *file)
{
	const char *dir = smack_policy_dir(tree->policy);
	size_t n = dir ? strlen(dir) : 0;

	if (!n || strncmp(file, dir, n) != 0)
		return false;
	file += n;
	if (dir[n - 1] != '/' && *file++ != '/')
		return false;
	return strncmp(file, "assert.d", 8) == 0 &&
	       (file[8] == '/' || file[8] == '\0');
}

/* A smack_policy_log_fn. */
static void log_message(void *data, int priority, const char *file,
			unsigned int line, unsigned int column,
			const char *message)
{
	struct config_tree *tree = data;

	if (!tree->quiet)
		cli_policy_log(NULL, priority, file, line, column, message);
	if (priority > LOG_ERR)
		return;
	tree->errors++;
	if (file)
		refuse_file(tree, file);
	if (file && in_assert_dir(tree, file))
		tree->refused_assert = true;
}

static int new_policy(struct config_tree *tree)
{
	if (smack_policy_new(&tree->policy) < 0)
		return -1;
	smack_policy_set_log_fn(tree->policy, log_message, tree);
	return 0;
}

/* The invariants of assert.d against what was read, each break printed;
 * status (CTL_TREE_QUIET) only measures drift and leaves them.  -1 with
 * errno EINVAL when one is broken. */
static int check_invariants(struct config_tree *tree)
{
	int n;

	if (tree->quiet)
		return 0;
	n = smack_policy_check_asserts(tree->policy, cli_policy_broken, NULL);
	if (n <= 0)
		return n;
	tree->broken = n;
	errno = EINVAL;
	return -1;
}

int config_tree_load(struct config_tree *tree, const char *dir,
		     bool explicit, unsigned int flags)
{
	struct stat st;
	int ret, err;

	memset(tree, 0, sizeof(*tree));
	tree->quiet = flags & CTL_TREE_QUIET;
	tree->dir = dir;
	if (new_policy(tree) < 0)
		return -1;
	if (!explicit && stat(dir, &st) < 0 && errno == ENOENT)
		tree->dir_missing = true;
	ret = smack_policy_load(tree->policy, NULL, explicit ? dir : NULL,
				SMACK_POLICY_KEEP_GOING |
				(flags & CTL_TREE_SYSTEMD ?
				 SMACK_POLICY_SYSTEMD : 0));
	err = errno;
	if ((ret == 0 || err == EINVAL) && check_invariants(tree) < 0) {
		ret = -1;
		err = errno;
	}
	errno = err;
	return ret;
}

void config_tree_free(struct config_tree *tree)
{
	size_t i;

	smack_policy_free(tree->policy);
	for (i = 0; i < tree->refused_count; i++)
		free(tree->refused[i]);
	free(tree->refused);
	memset(tree, 0, sizeof(*tree));
}

void ctl_plan_log(void *data, int priority, const char *file,
		  unsigned int line, unsigned int column, const char *message)
{
	cli_warn("%s", message);
}
