/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * smackctl: what its files share.  smackctl.c parses the command line and
 * runs one command; smackctl-plan.c computes and carries out the changes
 * that bring the kernel to the configuration tree (apply, reload, clear);
 * smackctl-status.c reports (status, test); smackctl-knob.c shows and
 * sets the knobs.
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

/* ---- smackctl-tree.c: the configuration tree, read by the library */

/* The knobs are those of smack_knob_name(), by index. */
#define CTL_KNOBS_MAX 16

struct config_tree {
	struct smack_policy *policy;	/* as read; NULL once freed */
	const char *dir;
	bool dir_missing;	/* the default tree does not exist */
	bool has_netlabel;	/* netlabel.d exists: the tree owns the
				 * kernel's netlabel entries */
	struct smack_accesses *rules;
	struct smack_cipso *cipso;
	struct smack_netlabel *netlabel;
	char *knobs[CTL_KNOBS_MAX];	/* values as text; NULL when unset */
	unsigned int errors;
	int broken;		/* breaks of the invariants of assert.d */
	char **refused;		/* the files with errors, left out */
	size_t refused_count;
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
/* The index of the knob called name. */
size_t ctl_knob_index(const char *name);
/* Whether two values of a knob are the same (a list's order and repeats
 * do not matter: the kernel lists onlycap in its own order). */
bool ctl_knob_equal(const char *a, const char *b);
/* -1 after saying why, when writing the onlycap list value would take
 * CAP_MAC_ADMIN from this process and force is false. */
int ctl_guard_onlycap(const char *value, bool force);

/* ---- smackctl-plan.c: from the kernel's state to the tree's */

enum plan_mode {
	PLAN_RELOAD,	/* write only what differs */
	PLAN_APPLY,	/* the same (at boot, the kernel is empty) */
	PLAN_CLEAR,	/* remove every rule, nothing else */
	PLAN_DRIFT,	/* as reload, quietly: only to count the changes */
};

struct knob_change {
	bool change;
	char *old_value, *new_value;	/* as smack_knob_get() gives them */
};

struct plan {
	enum plan_mode mode;
	struct smack_accesses *kernel_rules;	/* before a clear: to undo it */
	struct smack_accesses *rules;		/* to write, in order */
	struct smack_accesses *rules_undo;	/* what the pairs of rules had */
	/* rules is the tree's own, loaded as it is into a kernel that never
	 * held a rule: not freed with the plan, taken back by a clear. */
	bool rules_first_load;
	size_t rules_changed;			/* pairs that change (rules,
						 * for a first load) */
	struct smack_cipso *cipso;		/* mappings to write */
	/* Every label the kernel knew, with its mapping, as read before the
	 * first write when the tree maps labels or sets the direct level
	 * (else NULL): what a rollback puts back. */
	struct smack_cipso *cipso_before;
	/* The labels cipso maps that the kernel does not know, as rules of
	 * each label to itself with no access (which change nothing): they
	 * are created first, and cipso_created then holds every mapping,
	 * theirs included, as the kernel gave it. */
	struct smack_accesses *new_labels;
	struct smack_cipso *cipso_created;
	struct smack_netlabel *netlabel, *netlabel_undo;
	size_t netlabel_stale;	/* IPv4 entries the tree lacks: no delete */
	/* New IPv4 entries, the last ones of netlabel: the kernel cannot
	 * delete them, so they are written after everything else that can
	 * be refused but onlycap. */
	size_t netlabel_no_undo;
	struct knob_change knobs[CTL_KNOBS_MAX];
	size_t knobs_changed;
	bool knob_left_out[CTL_KNOBS_MAX];	/* PLAN_KEEP_GOING: not
						 * written */
};

/* Flags of plan_compute(). */
#define PLAN_FORCE	0x1	/* set an onlycap list that locks the
				 * caller out */
#define PLAN_KEEP_GOING	0x2	/* leave out a knob the kernel lacks or
				 * the onlycap guard refuses, rather than
				 * fail */

/*
 * Reads the kernel's state and computes what to write.  Checks that each
 * configured knob exists and that onlycap would not lock the caller out
 * (unless PLAN_FORCE).  Nothing is written.  Returns 0, or -1 after
 * printing why; free with plan_free() in both cases (a failed plan keeps
 * what it read of the kernel, such as kernel_rules).  flags: PLAN_*.
 */
int plan_compute(struct plan *p, enum plan_mode mode,
		 const struct config_tree *tree, unsigned int flags);
/* How many writes the plan makes in all. */
size_t plan_size(const struct plan *p);
/* One line per write, in the order plan_execute() writes them: "rule S O
 * A", "cipso L LEVEL [C...]", "netlabel HOST LABEL", "knob NAME VALUE". */
void plan_print(const struct plan *p);
/*
 * Writes the plan.  If the kernel refuses a write, says which, takes back
 * what was written, says what the kernel could not take back (the labels
 * it learned, IPv4 netlabel entries) and returns -1.  verbose also names
 * every label left, not only the first few.
 */
int plan_execute(struct plan *p, bool verbose);
void plan_free(struct plan *p);
/* Where the new IPv4 entries start in p->netlabel. */
size_t plan_netlabel_first_new(const struct plan *p);
/* fn for the entries first .. first + n - 1 of set, as
 * smack_netlabel_foreach(). */
int plan_netlabel_range(const struct smack_netlabel *set, size_t first,
			size_t n, smack_netlabel_fn fn, void *data);
/* The labels that set maps and known does not, in *labels (each with a
 * mapping that is not its own); -1 with errno on failure. */
int plan_cipso_new_labels(const struct smack_cipso *known,
			  const struct smack_cipso *set,
			  struct smack_cipso **labels);

/* ---- commands */
int cmd_apply(const struct ctl_options *o, enum plan_mode mode);
int cmd_check(const struct ctl_options *o);
int cmd_status(const struct ctl_options *o);
int cmd_test(void);
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
