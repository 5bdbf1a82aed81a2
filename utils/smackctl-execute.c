// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Carrying out a plan (see smackctl-plan.c), and taking it back when the
 * kernel refuses a write part-way.
 *
 * Rules are put back by writing each changed pair's access from before
 * (after a clear: by reading the kernel's rules again and writing the
 * difference to the ones read before; after a first load: by taking every
 * pair's access away again): that is right however far the failed write
 * got.  Knobs and netlabel entries are put back from the values read
 * before they were changed, and every CIPSO mapping that differs from the
 * one read before the first write is written again.
 *
 * Two things the kernel cannot take back are said by name instead: the
 * labels it learned (it never forgets one; they are left with no rule and
 * the mapping of a new label) and the new IPv4 netlabel entries that were
 * written (it cannot delete one; they come after all else that can be
 * refused, so that only a refusal among them or of onlycap leaves any).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackctl.h"

/* How far the plan got, for taking it back. */
struct progress {
	bool rules;		/* rules were (perhaps partly) written */
	bool cipso;
	size_t netlabel;	/* netlabel entries written, but the new IPv4
				 * ones */
	size_t netlabel_new;	/* new IPv4 entries written */
	bool knobs[CTL_KNOBS_MAX];
};

/*
 * The labels that the CIPSO mappings name and the kernel does not know are
 * made first, each by a rule of the label to itself with no access (a
 * label has every access to itself anyway, and a pair without access is
 * not listed): the mapping the kernel gives a new label, which a rollback
 * puts back, can then be read.  It cannot be computed: a label of 24
 * characters or more gets one made from a number the kernel does not show.
 */
static int make_new_labels(struct plan *p)
{
	if (!p->new_labels || smack_accesses_count(p->new_labels) == 0)
		return 0;
	if (smack_accesses_apply(p->new_labels) == 0 &&
	    smack_cipso_new_from_kernel(&p->cipso_created) == 0)
		return 0;
	p->cipso_created = NULL;
	cli_warn_errno("cannot make the new labels of the CIPSO mappings");
	return -1;
}

static int write_rules(struct plan *p, struct progress *done)
{
	size_t applied = 0, total = smack_accesses_count(p->rules);

	if (total == 0)
		return 0;
	done->rules = true;
	if (smack_accesses_apply_report(p->rules, &applied) == 0)
		return 0;
	cli_warn_errno("%s rule %zu of the %zu to write",
		       cli_write_failure(errno), applied + 1, total);
	cli_warn_rule(p->rules, applied);
	return -1;
}

static int write_one_cipso(void *data, const char *label, int level,
			   const int *categories, int ncategories)
{
	struct smack_cipso *one = NULL;
	int ret;

	ret = smack_cipso_new(&one);
	if (ret == 0)
		ret = smack_cipso_add(one, label, level, categories,
				      ncategories);
	if (ret == 0)
		ret = smack_cipso_apply(one);
	if (ret < 0)
		cli_warn_errno("%s the CIPSO mapping of \"%s\" (level %d,"
			       " %d categories)", cli_write_failure(errno),
			       label, level, ncategories);
	smack_cipso_free(one);
	return ret < 0 ? -1 : 0;
}

/* One write per mapping and per entry (the kernel takes one at a time
 * anyway), so that a refusal names the one refused. */
static int write_cipso(struct plan *p, struct progress *done)
{
	if (!p->cipso || smack_cipso_count(p->cipso) == 0)
		return 0;
	done->cipso = true;
	return smack_cipso_foreach(p->cipso, write_one_cipso, NULL) ? -1 : 0;
}

static int write_one_host(void *data, const char *host, const char *label)
{
	size_t *written = data;
	struct smack_netlabel *one = NULL;
	int ret;

	ret = smack_netlabel_new(&one);
	if (ret == 0)
		ret = smack_netlabel_add(one, host, label);
	if (ret == 0)
		ret = smack_netlabel_apply(one);
	if (ret < 0)
		cli_warn_errno("%s the netlabel entry \"%s %s\"",
			       cli_write_failure(errno), host, label);
	else
		(*written)++;
	smack_netlabel_free(one);
	return ret < 0 ? -1 : 0;
}

/* The entries first .. first + n - 1 of the plan's. */
static int write_hosts(const struct plan *p, size_t first, size_t n,
		       size_t *written)
{
	return plan_netlabel_range(p->netlabel, first, n, write_one_host,
				   written) ? -1 : 0;
}

/* The guard was the plan's: a knob is written as it was planned. */
static int write_knob(struct plan *p, size_t i, struct progress *done)
{
	struct knob_change *c = &p->knobs[i];

	if (!c->change)
		return 0;
	done->knobs[i] = true;
	if (smack_knob_set(smack_knob_name(i), c->new_value,
			   SMACK_PLAN_FORCE) == 0)
		return 0;
	cli_warn_errno("%s %s \"%s\"", cli_write_failure(errno),
		       smack_knob_name(i), c->new_value);
	return -1;
}

/* In the order of plan_print(). */
static int write_plan(struct plan *p, struct progress *done)
{
	size_t i, first_new = plan_netlabel_first_new(p);
	size_t onlycap = ctl_knob_index("onlycap");

	if (make_new_labels(p) < 0 || write_rules(p, done) < 0 ||
	    write_cipso(p, done) < 0 ||
	    write_hosts(p, 0, first_new, &done->netlabel) < 0)
		return -1;
	for (i = 0; smack_knob_name(i); i++)
		if (i != onlycap && write_knob(p, i, done) < 0)
			return -1;
	if (write_hosts(p, first_new, p->netlabel_no_undo,
			&done->netlabel_new) < 0)
		return -1;
	return write_knob(p, onlycap, done);
}

/* ---- taking it back */

static int undo_rules(const struct plan *p)
{
	struct smack_accesses *now, *undo;
	int ret;

	/* Into a kernel without rules: every pair goes back to none. */
	if (p->rules_first_load)
		return smack_accesses_clear(p->rules);
	/* Each pair written gets back what it had; writing those not yet
	 * reached changes nothing. */
	if (p->rules_undo)
		return smack_accesses_count(p->rules_undo) ?
		       smack_accesses_apply(p->rules_undo) : 0;
	if (smack_accesses_new_from_kernel(&now) < 0)
		return -1;
	ret = smack_accesses_diff(now, p->kernel_rules, &undo);
	smack_accesses_free(now);
	if (ret < 0)
		return -1;
	ret = smack_accesses_count(undo) ? smack_accesses_apply(undo) : 0;
	smack_accesses_free(undo);
	return ret;
}

static int undo_knob(struct plan *p, const struct progress *done, size_t i)
{
	if (!done->knobs[i])
		return 0;
	return smack_knob_set(smack_knob_name(i), p->knobs[i].old_value,
			      SMACK_PLAN_FORCE);
}

static int undo_knobs(struct plan *p, const struct progress *done)
{
	size_t i, onlycap = ctl_knob_index("onlycap");
	int ret;

	/* Onlycap first: it decides whether the others can be written. */
	ret = undo_knob(p, done, onlycap);
	for (i = 0; smack_knob_name(i); i++)
		if (i != onlycap && undo_knob(p, done, i) < 0)
			ret = -1;
	return ret;
}

/*
 * Every label's mapping as it was read before the first write, whichever
 * write changed it: a changed direct level moves every label on the old
 * one too, and putting it back moves those on the new one.
 */
static int undo_cipso(const struct plan *p)
{
	const struct smack_cipso *before = p->cipso_created ?
					   p->cipso_created : p->cipso_before;
	struct smack_cipso *now, *back;
	int ret;

	if (smack_cipso_new_from_kernel(&now) < 0)
		return -1;
	ret = smack_cipso_diff(now, before, &back);
	smack_cipso_free(now);
	if (ret < 0)
		return -1;
	ret = smack_cipso_count(back) ? smack_cipso_apply(back) : 0;
	smack_cipso_free(back);
	return ret;
}

/* Returns whether all was put back; *cipso_ok tells it of the mappings. */
static bool undo_all(struct plan *p, const struct progress *done,
		     bool *cipso_ok)
{
	bool ok = true, direct;

	if (undo_knobs(p, done) < 0) {
		cli_warn_errno("cannot put the knobs back");
		ok = false;
	}
	if (done->netlabel && smack_netlabel_count(p->netlabel_undo) &&
	    smack_netlabel_apply(p->netlabel_undo) < 0) {
		cli_warn_errno("cannot put the netlabel entries back");
		ok = false;
	}
	*cipso_ok = true;
	direct = done->knobs[ctl_knob_index("direct")];
	if ((done->cipso || direct) && p->cipso_before &&
	    undo_cipso(p) < 0) {
		cli_warn_errno("cannot put the CIPSO mappings back");
		ok = *cipso_ok = false;
	}
	if (done->rules && undo_rules(p) < 0) {
		cli_warn_errno("cannot put the rules back");
		ok = false;
	}
	return ok;
}

/* ---- saying what is left */

/* A smack_netlabel_fn. */
static int name_left_entry(void *data, const char *host, const char *label)
{
	cli_warn("the netlabel entry \"%s %s\" stays: the kernel cannot"
		 " delete IPv4 entries", host, label);
	return 0;
}

/* How many labels are named without --verbose. */
#define LABELS_NAMED 8

/* "A B C", or "A B ... H and N more": malloc'ed, NULL when out of memory. */
static char *join_labels(char **names, size_t n, bool verbose)
{
	size_t i, shown = verbose || n <= LABELS_NAMED ? n : LABELS_NAMED;
	size_t len = 32;
	char *text, *end;

	for (i = 0; i < shown; i++)
		len += strlen(names[i]) + 1;
	text = malloc(len);
	if (!text)
		return NULL;
	end = text;
	for (i = 0; i < shown; i++)
		end += sprintf(end, "%s%s", i ? " " : "", names[i]);
	if (shown < n)
		sprintf(end, " and %zu more", n - shown);
	return text;
}

/* Names the labels the kernel knows now that it did not know before the
 * first write (it never forgets a label); returns how many there are.
 * Without the labels read before, says only that there may be some. */
struct label_names {
	char **names;
	size_t count;
};

/* A smack_cipso_fn: keeps the label (which lives as long as its set). */
static int keep_name(void *data, const char *label, int level,
		     const int *categories, int ncategories)
{
	struct label_names *l = data;

	l->names[l->count++] = (char *)label;
	return 0;
}

/* The labels of the kernel that it did not know before the first write,
 * in *learned; NULL when they cannot be read. */
static struct smack_cipso *learned_labels(const struct plan *p)
{
	struct smack_cipso *now, *learned = NULL;

	if (smack_cipso_new_from_kernel(&now) < 0)
		return NULL;
	if (plan_cipso_new_labels(p->cipso_before, now, &learned) < 0)
		learned = NULL;
	smack_cipso_free(now);
	return learned;
}

/* Names the labels the kernel knows now that it did not know before the
 * first write (it never forgets a label); returns how many there are.
 * Without the labels read before, says only that there may be some. */
static size_t name_new_labels(const struct plan *p, bool verbose,
			      bool cipso_ok)
{
	struct smack_cipso *learned;
	struct label_names l = { NULL, 0 };
	char *text = NULL;

	if (p->mode == PLAN_CLEAR)
		return 0;
	if (!p->cipso_before) {
		cli_warn("any label written that the kernel did not know"
			 " stays known to it (it never forgets a label), with"
			 " no access in any rule");
		return 1;
	}
	learned = learned_labels(p);
	if (smack_cipso_count(learned))
		l.names = malloc(smack_cipso_count(learned) * sizeof(char *));
	if (l.names && smack_cipso_foreach(learned, keep_name, &l) == 0)
		text = join_labels(l.names, l.count, verbose);
	if (text)
		cli_warn("the kernel keeps the %zu label%s it did not know"
			 " before (it never forgets a label), with no access"
			 " in any rule%s: %s", l.count, l.count == 1 ? "" : "s",
			 cipso_ok ? " and the CIPSO mapping of a new label" :
			 "", text);
	free(text);
	free(l.names);
	smack_cipso_free(learned);
	return l.count;
}

static void roll_back(struct plan *p, const struct progress *done,
		      bool verbose)
{
	bool cipso_ok, ok = undo_all(p, done, &cipso_ok);
	size_t labels;

	plan_netlabel_range(p->netlabel, plan_netlabel_first_new(p),
			    done->netlabel_new, name_left_entry, NULL);
	labels = name_new_labels(p, verbose, cipso_ok);
	if (!ok || done->netlabel_new)
		cli_warn("the kernel's policy is now partly changed: smackctl"
			 " status shows whether it differs from the"
			 " configuration, and reload puts it right");
	else if (labels)
		cli_warn("otherwise the kernel has the policy it had before");
	else
		cli_warn("nothing was changed: the kernel has the policy it"
			 " had before");
}

int plan_execute(struct plan *p, bool verbose)
{
	struct progress done;
	int saved;

	memset(&done, 0, sizeof(done));
	if (write_plan(p, &done) < 0) {
		saved = errno;
		roll_back(p, &done, verbose);
		errno = saved;
		return -1;
	}
	if (verbose)
		printf("wrote %zu rules, %zu CIPSO mappings, %zu netlabel"
		       " entries, %zu knobs\n",
		       smack_accesses_count(p->rules),
		       p->cipso ? smack_cipso_count(p->cipso) : 0,
		       p->netlabel ? smack_netlabel_count(p->netlabel) : 0,
		       p->knobs_changed);
	return 0;
}
