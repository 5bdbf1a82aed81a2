// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit: what the policy tree (/etc/smack, smack-config(5)) says of
 * an entry, from the library's reading of it (smack_policy_load(3)): its
 * answer (smack_policy_have_access(3)), the lines of the pair that decide
 * it (cli_pair_lines()), and where the running kernel differs from it.
 * The tree is what is loaded at boot; the kernel is what decides now, and
 * the two differ when rules were loaded from elsewhere or the tree was
 * changed and not applied.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/smack.h>

#include "cli.h"
#include "smackaudit.h"

struct smack_policy *audit_tree_open(const char *dir, bool *errors)
{
	struct smack_policy *p;
	struct stat st;
	bool named;
	int count = 0;

	dir = cli_config_dir(dir, &named);
	if (!named && stat(dir, &st) < 0 && errno == ENOENT)
		return NULL;
	if (smack_policy_new(&p) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	smack_policy_set_log_fn(p, cli_policy_log, &count);
	if (smack_policy_load(p, NULL, dir, SMACK_POLICY_KEEP_GOING) == 0)
		return p;
	/* The library's message, when it gave one, names the file. */
	if (!count)
		cli_die_errno(EXIT_FAILURE, "cannot read the tree %s", dir);
	if (errno != EINVAL)
		cli_exit(EXIT_FAILURE);
	cli_warn("the files of the tree with errors are left out");
	*errors = true;
	return p;
}

unsigned int audit_tree_may(unsigned int granted)
{
	return granted & SMACK_ACCESS_WRITE ? granted | SMACK_ACCESS_LOCK :
	       granted;
}

bool audit_tree_ask(const struct smack_policy *tree, const char *subject,
		    const char *object, unsigned int access,
		    struct audit_tree_view *out)
{
	char letters[SMACK_ACCESS_STRLEN];

	memset(out, 0, sizeof(*out));
	if (!tree)
		return true;
	smack_access_to_string(access, letters);
	out->allowed = smack_policy_have_access(tree, subject, object,
						access ? letters : "",
						&out->reason, &out->granted);
	/* The entry's labels are valid: only memory can run out. */
	if (out->allowed < 0 ||
	    cli_pair_lines(tree, subject, object, &out->lines,
			   &out->nlines) < 0)
		return false;
	out->asked = true;
	return true;
}

void audit_tree_release(struct audit_tree_view *view)
{
	free(view->lines);
	view->lines = NULL;
}

/* How the kernel's answer and rule differ from the tree's. */
static enum audit_drift drift(const struct audit_explanation *why)
{
	const struct audit_tree_view *t = &why->tree;

	if (why->kernel_allowed < 0 || !t->asked)
		return AUDIT_DRIFT_NONE;
	if (why->kernel_allowed != t->allowed)
		return t->allowed ? AUDIT_DRIFT_TREE_ALLOWS :
		       AUDIT_DRIFT_KERNEL_ALLOWS;
	if (why->builtin)
		return AUDIT_DRIFT_NONE;
	if (why->has_rule != (t->nlines > 0) ||
	    (why->has_rule && why->have != t->granted))
		return AUDIT_DRIFT_RULE;
	return AUDIT_DRIFT_NONE;
}

bool audit_tree_explain(const struct smack_policy *tree,
			const struct audit_entry *e,
			struct audit_explanation *why)
{
	/* What no rule changes needs no line of the tree. */
	if (why->why == AUDIT_WHY_PTRACE_RULE ||
	    why->why == AUDIT_WHY_STAR_SUBJECT)
		return true;
	if (!audit_tree_ask(tree, e->subject, e->object, e->access,
			    &why->tree))
		return false;
	why->drift = drift(why);
	return true;
}
