// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl's configuration tree: read by the library
 * (smack_policy_load(3)), whose messages are printed as they come, then
 * turned into the sets the plan compares with the kernel (rules, CIPSO
 * mappings, netlabel entries) and the knobs' values as text.  Every file
 * is all or nothing: those with errors are left out and named, for apply
 * --keep-going.
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
}

/* A smack_policy_fn: each entry into its set. */
static int add_entry(void *data, const struct smack_policy_entry *e)
{
	struct config_tree *tree = data;
	char **knob;

	switch (e->kind) {
	case SMACK_POLICY_RULE:
		if (e->deny)
			return smack_accesses_add_modify(tree->rules,
							 e->subject, e->object,
							 e->access, e->deny);
		return smack_accesses_add(tree->rules, e->subject, e->object,
					  e->access);
	case SMACK_POLICY_CIPSO:
		return smack_cipso_add(tree->cipso, e->label, e->level,
				       e->categories, e->ncategories);
	case SMACK_POLICY_NETLABEL:
		return smack_netlabel_add(tree->netlabel, e->host, e->label);
	case SMACK_POLICY_KNOB:
		knob = &tree->knobs[ctl_knob_index(e->knob)];
		free(*knob);
		*knob = strdup(e->value);
		return *knob ? 0 : -1;
	}
	return 0;
}

static int new_sets(struct config_tree *tree)
{
	if (smack_accesses_new(&tree->rules) < 0)
		tree->rules = NULL;
	if (smack_cipso_new(&tree->cipso) < 0)
		tree->cipso = NULL;
	if (smack_netlabel_new(&tree->netlabel) < 0)
		tree->netlabel = NULL;
	if (!tree->rules || !tree->cipso || !tree->netlabel ||
	    smack_policy_new(&tree->policy) < 0)
		return -1;
	smack_policy_set_log_fn(tree->policy, log_message, tree);
	return 0;
}

/* Only with netlabel.d does the tree own the kernel's entries. */
static bool has_part(const char *dir, const char *part)
{
	struct stat st;
	char *path;
	bool ret;

	if (asprintf(&path, "%s/%s", dir, part) < 0)
		return false;
	ret = stat(path, &st) == 0;
	free(path);
	return ret;
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

/* The policy into the sets; the policy is freed, its copy kept. */
static int take_policy(struct config_tree *tree)
{
	int ret = smack_policy_foreach(tree->policy, 0, add_entry, tree);

	smack_policy_free(tree->policy);
	tree->policy = NULL;
	return ret ? -1 : 0;
}

int config_tree_load(struct config_tree *tree, const char *dir,
		     bool explicit, unsigned int flags)
{
	struct stat st;
	int ret, err;

	memset(tree, 0, sizeof(*tree));
	tree->quiet = flags & CTL_TREE_QUIET;
	tree->dir = dir;
	if (new_sets(tree) < 0)
		return -1;
	if (!explicit && stat(dir, &st) < 0 && errno == ENOENT)
		tree->dir_missing = true;
	tree->has_netlabel = has_part(dir, "netlabel.d");
	ret = smack_policy_load(tree->policy, NULL, explicit ? dir : NULL,
				SMACK_POLICY_KEEP_GOING |
				(flags & CTL_TREE_SYSTEMD ?
				 SMACK_POLICY_SYSTEMD : 0));
	err = errno;
	if ((ret == 0 || err == EINVAL) && check_invariants(tree) < 0) {
		ret = -1;
		err = errno;
	}
	if (take_policy(tree) < 0)
		return -1;
	errno = err;
	return ret;
}

void config_tree_free(struct config_tree *tree)
{
	size_t i;

	smack_policy_free(tree->policy);
	smack_accesses_free(tree->rules);
	smack_cipso_free(tree->cipso);
	smack_netlabel_free(tree->netlabel);
	for (i = 0; i < CTL_KNOBS_MAX; i++)
		free(tree->knobs[i]);
	for (i = 0; i < tree->refused_count; i++)
		free(tree->refused[i]);
	free(tree->refused);
	memset(tree, 0, sizeof(*tree));
}

size_t ctl_knob_index(const char *name)
{
	const char *knob;
	size_t i;

	for (i = 0; (knob = smack_knob_name(i)); i++)
		if (strcmp(knob, name) == 0)
			return i;
	return CTL_KNOBS_MAX - 1;	/* no knob's: never set */
}

/* Whether word (len bytes) is one of list's blank-separated words. */
static bool has_word(const char *list, const char *word, size_t len)
{
	const char *w;
	size_t n;

	for (w = list; *(w += strspn(w, " ")); w += n) {
		n = strcspn(w, " ");
		if (n == len && strncmp(w, word, len) == 0)
			return true;
	}
	return false;
}

/* Whether each word of a is one of b's. */
static bool words_within(const char *a, const char *b)
{
	const char *w;
	size_t n;

	for (w = a; *(w += strspn(w, " ")); w += n) {
		n = strcspn(w, " ");
		if (!has_word(b, w, n))
			return false;
	}
	return true;
}

bool ctl_knob_equal(const char *a, const char *b)
{
	return strcmp(a, b) == 0 ||
	       (words_within(a, b) && words_within(b, a));
}

int ctl_guard_onlycap(const char *value, bool force)
{
	char *self = NULL;
	int ret = 0;

	if (force || strcmp(value, "-") == 0)
		return 0;
	if (smack_new_label_from_self(&self) < 0) {
		cli_warn_errno("refusing onlycap \"%s\": cannot read this"
			       " process's label to check that it is listed;"
			       " use --force to set it anyway", value);
		return -1;
	}
	if (!has_word(value, self, strlen(self))) {
		cli_warn("refusing onlycap \"%s\": it leaves out this"
			 " process's label \"%s\", which would lose"
			 " CAP_MAC_ADMIN for good (so would every process"
			 " without a listed label); use --force if that is"
			 " what you want", value, self);
		ret = -1;
	}
	free(self);
	return ret;
}
