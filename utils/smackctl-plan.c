// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The plan: what smackctl writes to bring the kernel to the configuration
 * tree, computed from one read of the kernel's state before anything is
 * written.  Carrying it out goes rules, CIPSO mappings, netlabel entries,
 * knobs, new IPv4 netlabel entries (which the kernel cannot delete, so
 * after all else that can be refused), onlycap last (once onlycap is set,
 * it decides who may write the rest).  If the kernel refuses a write, what
 * was already written is put back as it was (smackctl-execute.c), so that
 * a failed apply or reload leaves the policy it found, but for what the
 * kernel cannot take back.
 *
 * Rules are written as the difference between the kernel's and the tree's:
 * the kernel ends with what clearing it and loading the tree would leave,
 * but a rule that stays is never rewritten, so it is never, even for a
 * moment, missing, as it would be if the kernel were cleared first.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackctl.h"

static int add_removal(void *data, const char *subject, const char *object,
		       const char *access, const char *deny)
{
	return smack_accesses_add(data, subject, object, "-");
}

/* Clearing: every rule the kernel has, with no access. */
static int plan_clear(struct plan *p)
{
	if (smack_accesses_new_from_kernel(&p->kernel_rules) < 0) {
		p->kernel_rules = NULL;
		cli_warn_errno("cannot read the kernel's rules");
		return -1;
	}
	if (smack_accesses_new(&p->rules) < 0 ||
	    smack_accesses_foreach(p->kernel_rules, add_removal,
				   p->rules) != 0) {
		cli_warn_errno("cannot compute the rules to write");
		return -1;
	}
	return 0;
}

/* Otherwise: only the pairs that change, and what they had. */
static int plan_changes(struct plan *p, const struct config_tree *tree)
{
	if (smack_accesses_diff_kernel(tree->rules, &p->rules,
				       &p->rules_undo) < 0) {
		p->rules = p->rules_undo = NULL;
		cli_warn_errno("cannot compare the kernel's rules with the"
			       " configuration");
		return -1;
	}
	return 0;
}

/*
 * A kernel that gives no pair an access (at boot, or after a clear) gets
 * the tree's rules as they are: there is nothing to compare them with,
 * and no copy of the whole policy to make.  status only counts, so it
 * always compares.
 */
static bool first_load(const struct plan *p)
{
	return p->mode != PLAN_DRIFT && smack_accesses_kernel_is_empty() == 1;
}

static int plan_rules(struct plan *p, const struct config_tree *tree)
{
	int ret;

	if (p->mode == PLAN_CLEAR) {
		ret = plan_clear(p);
	} else if (first_load(p)) {
		p->rules = tree->rules;
		p->rules_first_load = true;
		ret = 0;
	} else {
		ret = plan_changes(p, tree);
	}

	if (ret < 0)
		return -1;
	p->rules_changed = smack_accesses_count(p->rules);
	return 0;
}

/* ---- CIPSO */

/* A smack_cipso_fn: adds the label to the set, with the same mapping as
 * every other label. */
static int add_label(void *set, const char *label, int level,
		     const int *categories, int ncategories)
{
	return smack_cipso_add(set, label, 0, NULL, 0);
}

/* Each label given one and the same mapping, the difference of the two
 * sets is in their labels only: those that known lacks. */
int plan_cipso_new_labels(const struct smack_cipso *known,
			  const struct smack_cipso *set,
			  struct smack_cipso **labels)
{
	struct smack_cipso *a = NULL, *b = NULL;
	int ret = -1;

	if (smack_cipso_new(&a) == 0 && smack_cipso_new(&b) == 0 &&
	    smack_cipso_foreach(known, add_label, a) == 0 &&
	    smack_cipso_foreach(set, add_label, b) == 0)
		ret = smack_cipso_diff(a, b, labels);
	smack_cipso_free(a);
	smack_cipso_free(b);
	return ret;
}

/* A smack_cipso_fn: the rule that makes the label, which changes
 * nothing. */
static int add_label_rule(void *rules, const char *label, int level,
			  const int *categories, int ncategories)
{
	return smack_accesses_add(rules, label, label, "-");
}

/*
 * The labels that the mappings to write name and the kernel does not know
 * are made first (see smackctl-execute.c), so that the mapping the kernel
 * gives a new label, which a rollback puts back, can be read.
 */
static int plan_new_labels(struct plan *p)
{
	struct smack_cipso *labels;
	int ret;

	if (smack_accesses_new(&p->new_labels) < 0) {
		p->new_labels = NULL;
		return -1;
	}
	if (plan_cipso_new_labels(p->cipso_before, p->cipso, &labels) < 0)
		return -1;
	ret = smack_cipso_foreach(labels, add_label_rule, p->new_labels);
	smack_cipso_free(labels);
	return ret ? -1 : 0;
}

/*
 * Every label's mapping is read, to compare with the tree's and for a
 * rollback to put back (the direct level moves mappings too).  The list
 * grows with the labels the kernel ever had, so a tree that touches no
 * mapping does without it: at boot there are usually no mappings.
 */
static int plan_cipso(struct plan *p, const struct config_tree *tree)
{
	int ret;

	if (smack_cipso_count(tree->cipso) == 0 &&
	    (p->mode == PLAN_DRIFT || !tree->knobs[ctl_knob_index("direct")]))
		return 0;
	if (smack_cipso_new_from_kernel(&p->cipso_before) < 0) {
		p->cipso_before = NULL;
		cli_warn_errno("cannot read the kernel's CIPSO mappings");
		return -1;
	}
	ret = smack_cipso_diff(p->cipso_before, tree->cipso, &p->cipso);
	if (ret == 0 && p->mode != PLAN_DRIFT)
		ret = plan_new_labels(p);
	if (ret < 0)
		cli_warn_errno("cannot compute the CIPSO mappings to write");
	return ret;
}

/* ---- netlabel */

static int add_host(void *set, const char *host, const char *label)
{
	return smack_netlabel_add(set, host, label);
}

/* The way back: from what the kernel holds once p->netlabel is written
 * (its entries, then those) to what it holds now.  Its stale entries are
 * the new IPv4 ones, which it cannot delete: the difference has them
 * last, and so they are the last p->netlabel_no_undo of p->netlabel. */
static int plan_netlabel_undo(struct plan *p,
			      const struct smack_netlabel *kernel)
{
	struct smack_netlabel *none = NULL, *after = NULL;
	int ret = smack_netlabel_new(&none);

	if (ret == 0)
		ret = smack_netlabel_diff(none, kernel, &after, NULL);
	if (ret == 0 && smack_netlabel_foreach(p->netlabel, add_host, after))
		ret = -1;
	if (ret == 0)
		ret = smack_netlabel_diff(after, kernel, &p->netlabel_undo,
					  &p->netlabel_no_undo);
	smack_netlabel_free(none);
	smack_netlabel_free(after);
	return ret;
}

struct host_range {
	size_t skip, left;
	smack_netlabel_fn fn;
	void *data;
};

/* A smack_netlabel_fn: fn for the entries of the range. */
static int host_in_range(void *data, const char *host, const char *label)
{
	struct host_range *r = data;

	if (r->skip) {
		r->skip--;
		return 0;
	}
	if (r->left == 0)
		return 0;
	r->left--;
	return r->fn(r->data, host, label);
}

int plan_netlabel_range(const struct smack_netlabel *set, size_t first,
			size_t n, smack_netlabel_fn fn, void *data)
{
	struct host_range r = { first, n, fn, data };

	if (n == 0)
		return 0;
	return smack_netlabel_foreach(set, host_in_range, &r);
}

size_t plan_netlabel_first_new(const struct plan *p)
{
	return smack_netlabel_count(p->netlabel) - p->netlabel_no_undo;
}

/* A smack_netlabel_fn. */
static int warn_stale(void *data, const char *host, const char *label)
{
	cli_warn("netlabel entry %s %s is not in the configuration, but the"
		 " kernel cannot delete IPv4 entries", host, label);
	return 0;
}

/* Names the stale entries: the tree's difference to the kernel ends with
 * them. */
static int warn_stale_hosts(const struct plan *p,
			    const struct config_tree *tree,
			    const struct smack_netlabel *kernel)
{
	struct smack_netlabel *back;
	size_t n = p->netlabel_stale;

	if (p->mode != PLAN_RELOAD || n == 0)
		return 0;
	if (smack_netlabel_diff(tree->netlabel, kernel, &back, NULL) < 0)
		return -1;
	plan_netlabel_range(back, smack_netlabel_count(back) - n, n,
			    warn_stale, NULL);
	smack_netlabel_free(back);
	return 0;
}

/* The entries that differ from the kernel's, IPv6 ones the tree lacks
 * deleted (the kernel cannot delete IPv4 ones: they are counted). */
static int plan_netlabel(struct plan *p, const struct config_tree *tree)
{
	struct smack_netlabel *kernel;
	int ret;

	/* Without netlabel.d the entries belong to someone else. */
	if (!tree->has_netlabel)
		return 0;
	if (smack_netlabel_new_from_kernel(&kernel) < 0) {
		cli_warn_errno("cannot read the kernel's netlabel entries");
		return -1;
	}
	ret = smack_netlabel_diff(kernel, tree->netlabel, &p->netlabel,
				  &p->netlabel_stale);
	if (ret == 0)
		ret = plan_netlabel_undo(p, kernel);
	if (ret == 0)
		ret = warn_stale_hosts(p, tree, kernel);
	if (ret < 0)
		cli_warn_errno("cannot compute the netlabel entries to write");
	smack_netlabel_free(kernel);
	return ret;
}

/* ---- knobs */

static int plan_knob(struct plan *p, size_t i, const char *want,
		     bool force)
{
	const char *name = smack_knob_name(i);
	struct knob_change *c = &p->knobs[i];

	if (smack_knob_get(name, &c->old_value) < 0) {
		c->old_value = NULL;
		if (errno == ENOENT)
			cli_warn("the configuration sets %s, but this kernel"
				 " has no %s knob", name, name);
		else
			cli_warn_errno("cannot read %s", name);
		return -1;
	}
	if (ctl_knob_equal(c->old_value, want))
		return 0;
	if (strcmp(name, "onlycap") == 0 && ctl_guard_onlycap(want, force) < 0)
		return -1;
	c->new_value = strdup(want);
	if (!c->new_value) {
		cli_warn_errno("cannot compute the knobs to write");
		return -1;
	}
	c->change = true;
	p->knobs_changed++;
	return 0;
}

/* A knob that cannot be planned fails the plan, or with PLAN_KEEP_GOING
 * is left out, said, and the rest goes on. */
static int plan_knobs(struct plan *p, const struct config_tree *tree,
		      unsigned int flags)
{
	bool force = flags & PLAN_FORCE;
	int ret = 0;
	size_t i;

	for (i = 0; smack_knob_name(i); i++) {
		if (!tree->knobs[i] ||
		    plan_knob(p, i, tree->knobs[i], force) == 0)
			continue;
		if (!(flags & PLAN_KEEP_GOING)) {
			ret = -1;
			continue;
		}
		p->knob_left_out[i] = true;
		cli_warn("%s is left as the kernel has it", smack_knob_name(i));
	}
	return ret;
}

int plan_compute(struct plan *p, enum plan_mode mode,
		 const struct config_tree *tree, unsigned int flags)
{
	memset(p, 0, sizeof(*p));
	p->mode = mode;
	if (plan_rules(p, tree) < 0)
		return -1;
	if (mode == PLAN_CLEAR)
		return 0;
	if (plan_cipso(p, tree) < 0 || plan_netlabel(p, tree) < 0)
		return -1;
	return plan_knobs(p, tree, flags);
}

/* Stale IPv4 entries do not count: no write can remove them. */
size_t plan_size(const struct plan *p)
{
	size_t n = p->knobs_changed;

	if (p->rules)
		n += smack_accesses_count(p->rules);
	if (p->cipso)
		n += smack_cipso_count(p->cipso);
	if (p->netlabel)
		n += smack_netlabel_count(p->netlabel);
	return n;
}

void plan_free(struct plan *p)
{
	size_t i;

	smack_accesses_free(p->kernel_rules);
	if (!p->rules_first_load)
		smack_accesses_free(p->rules);
	smack_accesses_free(p->rules_undo);
	smack_cipso_free(p->cipso);
	smack_cipso_free(p->cipso_before);
	smack_accesses_free(p->new_labels);
	smack_cipso_free(p->cipso_created);
	smack_netlabel_free(p->netlabel);
	smack_netlabel_free(p->netlabel_undo);
	for (i = 0; i < CTL_KNOBS_MAX; i++) {
		free(p->knobs[i].old_value);
		free(p->knobs[i].new_value);
	}
	memset(p, 0, sizeof(*p));
}

/* ---- printing */

static int print_rule(void *data, const char *subject, const char *object,
		      const char *access, const char *deny)
{
	printf("rule %s %s %s%s%s\n", subject, object, access,
	       deny ? " " : "", deny ? deny : "");
	return 0;
}

static int print_cipso(void *data, const char *label, int level,
		       const int *categories, int ncategories)
{
	int i;

	printf("%s %s %d", (const char *)data, label, level);
	for (i = 0; i < ncategories; i++)
		printf(" %d", categories[i]);
	putchar('\n');
	return 0;
}

static int print_host(void *data, const char *host, const char *label)
{
	printf("%s %s %s\n", (const char *)data, host, label);
	return 0;
}

static void print_knob(const struct plan *p, size_t i)
{
	if (p->knobs[i].change)
		printf("knob %s %s\n", smack_knob_name(i),
		       p->knobs[i].new_value);
}

/* The rules a plan writes, each pair once with the access it ends with:
 * a first load writes the tree's rules, folded by the apply. */
static void print_rules(const struct plan *p)
{
	struct smack_accesses *none, *folded;

	if (!p->rules_first_load) {
		smack_accesses_foreach(p->rules, print_rule, NULL);
		return;
	}
	if (smack_accesses_new(&none) < 0)
		return;
	if (smack_accesses_diff(none, p->rules, &folded) == 0) {
		smack_accesses_foreach(folded, print_rule, NULL);
		smack_accesses_free(folded);
	}
	smack_accesses_free(none);
}

void plan_print(const struct plan *p)
{
	size_t i, onlycap = ctl_knob_index("onlycap");

	print_rules(p);
	if (p->mode == PLAN_CLEAR)
		return;
	smack_cipso_foreach(p->cipso, print_cipso, "cipso");
	plan_netlabel_range(p->netlabel, 0, plan_netlabel_first_new(p),
			    print_host, "netlabel");
	for (i = 0; smack_knob_name(i); i++)
		if (i != onlycap)
			print_knob(p, i);
	plan_netlabel_range(p->netlabel, plan_netlabel_first_new(p),
			    p->netlabel_no_undo, print_host, "netlabel");
	print_knob(p, onlycap);
}
