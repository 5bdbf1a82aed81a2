// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Carrying out a plan (see smackctl-plan.c), and taking it back when the
 * kernel refuses a write part-way.
 *
 * Rules are put back by writing each changed pair's access from before
 * (after a clear: by reading the kernel's rules again and writing the
 * difference to the ones read before; after a first load: by taking every
 * pair's access away again): that is right however far the failed write
 * got.  CIPSO mappings, netlabel entries and knobs are put
 * back from the values read before they were changed.
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
	size_t netlabel;	/* netlabel entries written */
	bool knobs[KNOB_COUNT];
};

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
	config_warn_rule(p->rules, applied);
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

static int write_netlabel(struct plan *p, struct progress *done)
{
	if (!p->netlabel || smack_netlabel_count(p->netlabel) == 0)
		return 0;
	return smack_netlabel_foreach(p->netlabel, write_one_host,
				      &done->netlabel) ? -1 : 0;
}

static int write_knob(struct plan *p, enum knob_id id, struct progress *done)
{
	struct knob_change *c = &p->knobs[id];
	char *text;
	int saved;

	if (!c->change)
		return 0;
	done->knobs[id] = true;
	if (knob_write_kernel(id, &c->new_value) == 0)
		return 0;
	saved = errno;
	text = knob_value_format(knob_get(id), &c->new_value);
	errno = saved;
	cli_warn_errno("%s %s \"%s\"", cli_write_failure(errno),
		       knob_get(id)->name, text ? text : "?");
	free(text);
	return -1;
}

static int write_knobs(struct plan *p, struct progress *done)
{
	size_t i;

	for (i = 0; i < KNOB_COUNT; i++)
		if (i != KNOB_ONLYCAP && write_knob(p, i, done) < 0)
			return -1;
	return write_knob(p, KNOB_ONLYCAP, done);
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

static int undo_knobs(struct plan *p, const struct progress *done)
{
	int ret = 0;
	size_t i;

	/* Onlycap first: it decides whether the others can be written. */
	if (done->knobs[KNOB_ONLYCAP] &&
	    knob_write_kernel(KNOB_ONLYCAP,
			      &p->knobs[KNOB_ONLYCAP].old_value) < 0)
		ret = -1;
	for (i = 0; i < KNOB_COUNT; i++)
		if (i != KNOB_ONLYCAP && done->knobs[i] &&
		    knob_write_kernel(i, &p->knobs[i].old_value) < 0)
			ret = -1;
	return ret;
}

static void roll_back(struct plan *p, const struct progress *done)
{
	bool ok = true;

	if (undo_knobs(p, done) < 0) {
		cli_warn_errno("cannot put the knobs back");
		ok = false;
	}
	if (done->netlabel && smack_netlabel_count(p->netlabel_undo) &&
	    smack_netlabel_apply(p->netlabel_undo) < 0) {
		cli_warn_errno("cannot put the netlabel entries back");
		ok = false;
	}
	if (done->netlabel && p->netlabel_no_undo) {
		cli_warn("the new IPv4 netlabel entries that were written stay:"
			 " the kernel cannot delete IPv4 entries");
		ok = false;
	}
	if (done->cipso && smack_cipso_count(p->cipso_undo) &&
	    smack_cipso_apply(p->cipso_undo) < 0) {
		cli_warn_errno("cannot put the CIPSO mappings back");
		ok = false;
	}
	if (done->rules && undo_rules(p) < 0) {
		cli_warn_errno("cannot put the rules back");
		ok = false;
	}
	if (ok)
		cli_warn("nothing was changed: the kernel has the policy it"
			 " had before");
	else
		cli_warn("the kernel's policy is now partly changed");
}

int plan_execute(struct plan *p, bool verbose)
{
	struct progress done;

	memset(&done, 0, sizeof(done));
	if (write_rules(p, &done) < 0 || write_cipso(p, &done) < 0 ||
	    write_netlabel(p, &done) < 0 || write_knobs(p, &done) < 0) {
		roll_back(p, &done);
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
