/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * smackctl: what its files share.  smackctl.c parses the command line and
 * runs one command; smackctl-apply.c has the library plan and carry out
 * the changes that bring the kernel to the configuration tree (apply,
 * reload, clear) and checks the tree; smackctl-status.c reports (status,
 * test); smackctl-knob.c shows and sets the knobs.
 */
#ifndef SMACKCTL_H
#define SMACKCTL_H

#include <stdbool.h>
#include <stddef.h>

#include <sys/smack.h>


/* Exit status of "test" when Smack is not active, as in smackctl 1.3. */
#define EXIT_INACTIVE 2

enum status_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_KEY_VALUE };

struct ctl_options {
	const char *config_dir;	/* --config-dir, or NULL */
	bool dry_run;
	bool force;
	bool keep_going;	/* apply: load the valid files, leave out
				 * the others */
	bool verbose;
	enum status_format format;
	bool no_wait;		/* --no-wait: fail if another writer runs */
	const char *graph_label;	/* graph --label */
	const char *graph_access;	/* graph --access */
	const char *output;		/* graph -o */
	const char *root;		/* lint --root */
	const char *lint_warn[32];	/* lint -W NAME, -Wno-NAME, in order */
	size_t lint_warn_count;
	bool lint_werror;		/* lint --werror */
};

/* The knobs are those of smack_knob_name(), by index. */
#define CTL_KNOBS_MAX 16

/* ---- smackctl-tree.c: the configuration tree, read by the library */

struct config_tree {
	struct smack_policy *policy;	/* as read; the plan's */
	const char *dir;
	bool dir_missing;	/* the default tree does not exist */
	unsigned int errors;
	int broken;		/* breaks of the invariants of assert.d */
	char **refused;		/* the files with errors, left out */
	size_t refused_count;
	bool refused_assert;	/* one of them is of assert.d */
	bool quiet;		/* errors are counted, not printed */
};

/* Flags of config_tree_load(). */
#define CTL_TREE_QUIET		0x1	/* count errors, do not print them */
#define CTL_TREE_SYSTEMD	0x2	/* warn of what systemd's loader
					 * reads otherwise */

/*
 * Reads the tree at dir (explicit: named by the user, so that a missing
 * tree is an error), printing every error unless CTL_TREE_QUIET.  Returns
 * 0, or -1 with errno (EINVAL: errors in the files; tree->refused names
 * them, and the tree holds the others; or, unless CTL_TREE_QUIET,
 * tree->broken breaks of its invariants, each printed); free with
 * config_tree_free() in both cases.
 */
int config_tree_load(struct config_tree *tree, const char *dir,
		     bool explicit, unsigned int flags);
void config_tree_free(struct config_tree *tree);
/* A smack_policy_log_fn for the plan's messages: each printed as it is. */
void ctl_plan_log(void *data, int priority, const char *file,
		  unsigned int line, unsigned int column, const char *message);

/* What cmd_apply() does (smack_policy_plan_new(3)'s flags). */
enum plan_mode {
	PLAN_RELOAD,	/* write only what differs; name stale entries */
	PLAN_APPLY,	/* the same (at boot, the kernel is empty) */
	PLAN_CLEAR,	/* remove every rule, nothing else */
};

/* ---- commands */
int cmd_apply(const struct ctl_options *o, enum plan_mode mode);
int cmd_check(const struct ctl_options *o);
int cmd_status(const struct ctl_options *o);
int cmd_test(void);
/* Whether Smack is active, even with smackfs not mounted; the message
 * for that case. */
bool ctl_smack_active(void);
void ctl_say_unmounted(void);
int cmd_knob(const struct ctl_options *o, char *const *args, size_t n);
/* smackctl-graph.c */
int cmd_graph(const struct ctl_options *o);
/* smackctl-lint.c */
int cmd_lint(const struct ctl_options *o);

/* Loads the tree named by the options, printing every error.  Returns 0,
 * or -1 (tree freed) when it is not valid; with --keep-going, 1 when
 * files were refused (named on stderr) and the tree holds the others. */
int ctl_load_tree(const struct ctl_options *o, struct config_tree *tree,
		  unsigned int flags);
/* Fails with a message unless Smack is active. */
int ctl_require_smack(void);

#endif /* SMACKCTL_H */
