/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * smackctl lint: what its files share.  smackctl-lint.c runs the command:
 * it reads the tree with the library (its errors, the systemd warnings,
 * the comments), keeps the findings and prints those no "# lint: ignore"
 * silences; smackctl-lint-rules.c checks the rules (conflict, duplicate,
 * no-effect); smackctl-lint-labels.c the labels wherever the tree names
 * them (typo, onlycap); smackctl-lint-maps.c the CIPSO mappings, the
 * netlabel entries and labels.d (cipso, netlabel, labels).
 */
#ifndef SMACKCTL_LINT_H
#define SMACKCTL_LINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sys/smack.h>

enum lint_check {
	LINT_CONFLICT,
	LINT_DUPLICATE,
	LINT_NO_EFFECT,
	LINT_TYPO,
	LINT_ONLYCAP,
	LINT_CIPSO,
	LINT_NETLABEL,
	LINT_LABELS,
	LINT_SYSTEMD,
	LINT_CHECKS
};

/* A place the tree names: file (the policy's), line and column. */
struct lint_place {
	const char *file;
	unsigned int line, column;
};

struct lint;

/* The check called name (its index), or -1. */
int lint_check_index(const char *name);
const char *lint_check_name(int check);

/* A finding of check at where, the message printf style; nothing when
 * the check is off. */
void lint_report(struct lint *l, int check, const struct lint_place *where,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The other place the finding reported last involves, and what it is
 * there (nothing when that finding's check is off; one place a
 * finding). */
void lint_note(struct lint *l, const struct lint_place *where,
	       const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The file an entry names its place with ("-" for standard input). */
static inline const char *lint_file_of(const struct smack_policy_entry *e)
{
	return e->file ? e->file : "-";
}
/* A struct lint_place of an entry. */
struct lint_place lint_place_of(const struct smack_policy_entry *e);

/* smackctl-lint-intern.c: a number for each label, from 0 in the order
 * first seen, the same for the same bytes wherever they are. */
struct lint_intern {
	struct by_address *addresses;
	size_t address_mask, addresses_count;
	uint32_t *by_text;
	size_t text_mask;
	const char **texts;	/* by id: the first address seen */
	uint64_t *hashes;
	size_t count, cap;
};
/* s must last as long as in: its address stands for it. */
uint32_t lint_intern(struct lint_intern *in, const char *s);
/* The slot lint_intern(in, s) starts from, into the cache. */
void lint_intern_prefetch(const struct lint_intern *in, const char *s);
/* The id of the bytes of s, or -1: s may be any string. */
long lint_intern_find(const struct lint_intern *in, const char *s);
void lint_intern_free(struct lint_intern *in);

/* A label of the tree, counted wherever it is named. */
struct lint_label {
	const char *text;	/* the policy's, or a copy */
	size_t len;
	uint64_t bytes;		/* a bit for each byte value mod 64 */
	unsigned int count, others;	/* all names; those but onlycap's */
	struct lint_place first;
};

struct lint_note_entry {
	struct lint_place where;
	char *text;
};

/* Each check names at most one other place. */
struct lint_finding {
	int check;
	struct lint_place where;
	char *text;
	struct lint_note_entry notes[1];
	size_t notes_count;
};

struct ignores;

struct lint {
	struct smack_policy *policy;
	bool enabled[LINT_CHECKS];
	bool json;
	struct ignores *ignores;	/* the "# lint: ignore" comments */
	bool streaming;		/* findings printed as they come */
	struct lint_finding current;	/* the one being made */
	bool pending;		/* current is one */
	char *text, *note;	/* its texts */
	size_t text_cap, note_cap;
	struct lint_finding *findings;	/* kept until streaming */
	size_t count, cap;
	size_t shown, quiet;	/* printed, silenced */
	struct lint_intern in;	/* every label's number */
	struct lint_label *labels;	/* by number, counted (the rules'
					 * names once lint_rules() ends) */
	uint32_t *rule_names;	/* by number: rules' names not yet counted */
	size_t labels_count, labels_cap;
};

/* One more name of label s (lasting as long as the policy) at where,
 * counted apart for onlycap: its number. */
uint32_t lint_count_label(struct lint *l, const char *s,
			  const struct lint_place *where, bool onlycap);
/* The same for a rule's label, counted in l->rule_names until
 * lint_count_rule_names() adds them up: a large tree's label records do
 * not stay in the caches, a number a label does. */
uint32_t lint_count_rule_label(struct lint *l, const char *s,
			       const struct lint_place *where);
void lint_count_rule_names(struct lint *l);

/* "_", "*", "^", "@". */
bool lint_is_system(const char *label);
/* smackctl-lint-typo.c: the labels named once that are an edit or two
 * from one named often. */
void lint_typos(struct lint *l, const struct lint_label *labels, size_t n);

/* smackctl-lint-rules.c: conflict, duplicate, no-effect. */
void lint_rules(struct lint *l);
/* smackctl-lint-labels.c: typo, onlycap. */
void lint_labels(struct lint *l);
/* smackctl-lint-maps.c: cipso, netlabel, labels. */
void lint_maps(struct lint *l);

/* Dies on a failed allocation; p otherwise. */
void *lint_alloc(void *p);

#endif /* SMACKCTL_LINT_H */
