// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The kinds of a policy's files (policy_kinds[], see policy.h): how a file
 * of each is parsed into the policy's set of that kind, how many entries
 * the set has, how it goes back to a mark, and the fields of an entry.
 * The parsers are those of the library's sets (rules, CIPSO, netlabel),
 * of the knob table and of labels.d; here they only meet the policy.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "cipso.h"
#include "netlabel.h"
#include "policy.h"

/* ------------------------------------------------------------ rules */

static int rules_parse(struct smack_policy *p, int fd, struct parse_ctx *ctx)
{
	return accesses_parse_fd(p->rules, fd, ctx);
}

static size_t rules_count(const struct smack_policy *p)
{
	return p->rules->count;
}

static void rules_truncate(struct smack_policy *p, const struct policy_mark *m)
{
	accesses_truncate(p->rules, m->count[SMACK_POLICY_RULE],
			  m->rule_labels);
}

/* buf holds the access strings. */
static void rules_fill(const struct smack_policy *p, size_t i,
		       struct smack_policy_entry *e, char *buf)
{
	const struct labeltab *t = &p->rules->labels;
	struct rule r;

	accesses_get(p->rules, i, &r);
	e->subject = labeltab_text(t, r.subject);
	e->object = labeltab_text(t, r.object);
	e->access = smack_access_to_string(r.allow, buf);
	e->deny = r.modify ? smack_access_to_string(r.deny,
						    buf + SMACK_ACCESS_STRLEN)
			   : NULL;
}

/* ------------------------------------------------------------ CIPSO */

static int cipso_parse(struct smack_policy *p, int fd, struct parse_ctx *ctx)
{
	return parse_records_fd(&p->cipso->maps, &cipso_file_parser, fd, ctx);
}

static size_t cipso_count(const struct smack_policy *p)
{
	return p->cipso->maps.count;
}

static void cipso_truncate(struct smack_policy *p, const struct policy_mark *m)
{
	records_truncate(&p->cipso->maps, m->count[SMACK_POLICY_CIPSO],
			 sizeof(struct cipso_mapping), cipso_mappings_release);
}

static void cipso_fill(const struct smack_policy *p, size_t i,
		       struct smack_policy_entry *e, char *buf)
{
	const struct cipso_mapping *m =
		&RECORD(&p->cipso->maps, struct cipso_mapping, i);

	e->label = m->label;
	e->level = m->level;
	e->categories = m->cats;
	e->ncategories = m->ncats;
}

/* ---------------------------------------------------------- netlabel */

static int netlabel_parse(struct smack_policy *p, int fd,
			  struct parse_ctx *ctx)
{
	return parse_records_fd(&p->netlabel->entries, &netlabel_file_parser,
				fd, ctx);
}

static size_t netlabel_count(const struct smack_policy *p)
{
	return p->netlabel->entries.count;
}

static void netlabel_truncate(struct smack_policy *p,
			      const struct policy_mark *m)
{
	records_truncate(&p->netlabel->entries,
			 m->count[SMACK_POLICY_NETLABEL],
			 sizeof(struct netlabel_entry),
			 netlabel_entries_release);
}

/* buf holds the host. */
static void netlabel_fill(const struct smack_policy *p, size_t i,
			  struct smack_policy_entry *e, char *buf)
{
	const struct netlabel_entry *n =
		&RECORD(&p->netlabel->entries, struct netlabel_entry, i);

	netlabel_format_host(n, buf);
	e->host = buf;
	e->label = n->label;
}

/* ------------------------------------------------------------ knobs */

/* The knob a file is for: its name's last part. */
static const struct knob *knob_of_file(const char *name, enum knob_id *id)
{
	const char *slash = strrchr(name, '/');

	return knob_find(slash ? slash + 1 : name, id);
}

static void knob_entries_release(struct records *set)
{
	size_t i;

	for (i = 0; i < set->count; i++) {
		knob_value_clear(&RECORD(set, struct knob_entry, i).value);
		free(RECORD(set, struct knob_entry, i).text);
	}
}

static int knob_parse(struct smack_policy *p, int fd, struct parse_ctx *ctx)
{
	struct knob_entry *e;
	const struct knob *k;
	enum knob_id id;

	k = knob_of_file(ctx->name, &id);
	if (!k) {
		parse_error(ctx, 0, 0,
			    "is no knob's file (see smack-knobs(5))");
		errno = EINVAL;
		return -1;
	}
	e = records_slot(&p->knobs, sizeof(*e));
	if (!e)
		return -1;
	memset(e, 0, sizeof(*e));
	e->id = id;
	if (knob_parse_file(k, fd, ctx, &e->value, &e->line, &e->column) < 0)
		return -1;
	p->knobs.count++;
	e->text = knob_value_format(k, &e->value);
	return e->text ? 0 : -1;
}

static size_t knob_count(const struct smack_policy *p)
{
	return p->knobs.count;
}

static void knob_truncate(struct smack_policy *p, const struct policy_mark *m)
{
	records_truncate(&p->knobs, m->count[SMACK_POLICY_KNOB],
			 sizeof(struct knob_entry), knob_entries_release);
}

static void knob_fill(const struct smack_policy *p, size_t i,
		      struct smack_policy_entry *e, char *buf)
{
	const struct knob_entry *k = &RECORD(&p->knobs, struct knob_entry, i);

	e->knob = knob_get(k->id)->name;
	e->value = k->text;
	e->label = knob_get(k->id)->kind == KNOB_LABEL ?
		   k->value.labels[0] : NULL;
	e->line = k->line;
	e->column = k->column;
}

/* ------------------------------------------------------------ table */

const struct policy_kind policy_kinds[POLICY_KINDS] = {
	[SMACK_POLICY_RULE] = { "accesses.d", true, rules_parse, rules_count,
				rules_truncate, rules_fill },
	[SMACK_POLICY_CIPSO] = { "cipso.d", true, cipso_parse, cipso_count,
				 cipso_truncate, cipso_fill },
	[SMACK_POLICY_NETLABEL] = { "netlabel.d", true, netlabel_parse,
				    netlabel_count, netlabel_truncate,
				    netlabel_fill },
	[SMACK_POLICY_KNOB] = { NULL, false, knob_parse, knob_count,
				knob_truncate, knob_fill },
	[SMACK_POLICY_LABELS] = { "labels.d", true, labels_parse_fd,
				  labels_count, labels_truncate,
				  labels_fill },
	[SMACK_POLICY_ASSERT] = { "assert.d", true, asserts_parse_fd,
				  asserts_count, asserts_truncate,
				  asserts_fill },
	[SMACK_POLICY_USERS] = { "users", true, users_parse_fd, users_count,
				 users_truncate, users_fill },
};
