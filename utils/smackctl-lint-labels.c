// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl lint: the labels wherever the tree names them (rules, CIPSO
 * mappings, netlabel entries, knobs, labels.d), counted once for the
 * whole tree: a label named once and an edit or two from one named often
 * is likely a typo, and an onlycap label nothing else names likely one
 * too (the typo check itself is in smackctl-lint-typo.c).
 * A finding names the line that names the label (a rule's, for its
 * object too).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackctl-lint.h"

#define label_rec lint_label

struct labels {
	struct lint *lint;
	char **words;		/* copies of knob list words */
	size_t words_count;
	const char *ambient;
};

bool lint_is_system(const char *s)
{
	return s[1] == '\0' && strchr("_*^@", s[0]);
}

/* The record of a label not seen before, number labels_count. */
static void new_label(struct lint *l, const char *s,
		      const struct lint_place *where)
{
	struct label_rec *x;
	const char *c;

	if (l->labels_count == l->labels_cap) {
		l->labels_cap = l->labels_cap ? 2 * l->labels_cap : 1024;
		l->labels = lint_alloc(realloc(l->labels, l->labels_cap *
					       sizeof(*l->labels)));
		l->rule_names = lint_alloc(realloc(l->rule_names,
						   l->labels_cap *
						   sizeof(*l->rule_names)));
	}
	l->rule_names[l->labels_count] = 0;
	x = &l->labels[l->labels_count++];
	memset(x, 0, sizeof(*x));
	x->text = s;
	x->len = strlen(s);
	for (c = s; *c; c++)
		x->bytes |= 1ull << (*c & 63);
	x->first = *where;
}

/* The number of label s, its record made (first named at where) if it
 * is new. */
static uint32_t label_number(struct lint *l, const char *s,
			     const struct lint_place *where)
{
	uint32_t id = lint_intern(&l->in, s);

	if (id >= l->labels_count)
		new_label(l, s, where);
	return id;
}

uint32_t lint_count_label(struct lint *l, const char *s,
			  const struct lint_place *where, bool onlycap)
{
	uint32_t id = label_number(l, s, where);

	l->labels[id].count++;
	l->labels[id].others += !onlycap;
	return id;
}

uint32_t lint_count_rule_label(struct lint *l, const char *s,
			       const struct lint_place *where)
{
	uint32_t id = label_number(l, s, where);

	l->rule_names[id]++;
	return id;
}

void lint_count_rule_names(struct lint *l)
{
	size_t i;

	for (i = 0; i < l->labels_count; i++) {
		l->labels[i].count += l->rule_names[i];
		l->labels[i].others += l->rule_names[i];
		l->rule_names[i] = 0;
	}
}

static void count_label(struct labels *t, const char *s,
			const struct lint_place *where, bool onlycap)
{
	lint_count_label(t->lint, s, where, onlycap);
}

static const struct label_rec *find_label(const struct labels *t,
					  const char *s)
{
	long id = lint_intern_find(&t->lint->in, s);

	return id < 0 ? NULL : &t->lint->labels[id];
}

/* The words of a knob's list, each counted (copies kept in t). */
static void count_words(struct labels *t, const char *list,
			const struct lint_place *where, bool onlycap)
{
	const char *w;
	size_t n;

	if (strcmp(list, "-") == 0)
		return;
	for (w = list; *(w += strspn(w, " ")); w += n) {
		n = strcspn(w, " ");
		t->words = lint_alloc(realloc(t->words, (t->words_count + 1) *
					      sizeof(*t->words)));
		t->words[t->words_count] = lint_alloc(strndup(w, n));
		count_label(t, t->words[t->words_count++], where, onlycap);
	}
}

static void count_knob(struct labels *t, const struct smack_policy_entry *e,
		       const struct lint_place *where)
{
	int kind = 0;

	if (smack_knob_info(e->knob, &kind, NULL) < 0)
		return;
	if (kind == SMACK_KNOB_LABEL && e->label) {
		count_label(t, e->label, where, false);
		if (strcmp(e->knob, "ambient") == 0)
			t->ambient = e->label;
	} else if (kind == SMACK_KNOB_LIST) {
		count_words(t, e->value, where, strcmp(e->knob, "onlycap") == 0);
	}
}

/* A smack_policy_fn: the labels of each entry. */
static int count_entry(void *data, const struct smack_policy_entry *e)
{
	struct labels *t = data;
	struct lint_place where = lint_place_of(e);
	const char *const l3[3] = { e->access_label, e->execute_label,
				    e->mmap_label };
	int i;

	switch (e->kind) {
	case SMACK_POLICY_CIPSO:
	case SMACK_POLICY_NETLABEL:
		count_label(t, e->label, &where, false);
		break;
	case SMACK_POLICY_KNOB:
		count_knob(t, e, &where);
		break;
	case SMACK_POLICY_LABELS:
		for (i = 0; i < 3; i++)
			if (l3[i])
				count_label(t, l3[i], &where, false);
		break;
	}
	return 0;
}

/* ---- typo ---- */

static void check_typos(struct labels *t)
{
	if (t->lint->enabled[LINT_TYPO])
		lint_typos(t->lint, t->lint->labels, t->lint->labels_count);
}

/* ---- onlycap ---- */

static bool has_word(const char *list, const char *word)
{
	size_t n, len = strlen(word);
	const char *w;

	for (w = list; *(w += strspn(w, " ")); w += n) {
		n = strcspn(w, " ");
		if (n == len && strncmp(w, word, n) == 0)
			return true;
	}
	return false;
}

static void check_onlycap_words(struct labels *t, const char *list,
				const struct lint_place *where)
{
	const struct label_rec *x;
	const char *w;
	size_t n;
	char word[SMACK_LABEL_LEN + 1];

	for (w = list; *(w += strspn(w, " ")); w += n) {
		n = strcspn(w, " ");
		if (n >= sizeof(word))
			continue;
		memcpy(word, w, n);
		word[n] = '\0';
		x = find_label(t, word);
		if (x && !x->others && !lint_is_system(word))
			lint_report(t->lint, LINT_ONLYCAP, where, "onlycap "
				    "names \"%s\", which no rule, CIPSO "
				    "mapping, netlabel entry, label "
				    "specification or other knob of the tree"
				    " names", word);
	}
}

/* A smack_policy_fn for the knobs. */
static int check_onlycap(void *data, const struct smack_policy_entry *e)
{
	struct labels *t = data;
	struct lint_place where = lint_place_of(e);
	const char *boot = t->ambient ? t->ambient : "_";

	if (strcmp(e->knob, "onlycap") != 0 || strcmp(e->value, "-") == 0)
		return 0;
	if (!has_word(e->value, boot))
		lint_report(t->lint, LINT_ONLYCAP, &where, "onlycap leaves "
			    "out \"%s\", the label of the init that applies "
			    "the tree at boot (%s): it loses CAP_MAC_ADMIN "
			    "once smackctl apply sets the list", boot, t->ambient ?
			    "the tree's ambient label" : "the floor label");
	check_onlycap_words(t, e->value, &where);
	return 0;
}

void lint_labels(struct lint *l)
{
	struct labels t = { .lint = l };
	size_t i;

	/* The rules' labels were counted in their pass (lint_rules()). */
	smack_policy_foreach(l->policy, SMACK_POLICY_CIPSO, count_entry, &t);
	smack_policy_foreach(l->policy, SMACK_POLICY_NETLABEL, count_entry,
			     &t);
	smack_policy_foreach(l->policy, SMACK_POLICY_KNOB, count_entry, &t);
	smack_policy_foreach(l->policy, SMACK_POLICY_LABELS, count_entry, &t);
	check_typos(&t);
	if (l->enabled[LINT_ONLYCAP])
		smack_policy_foreach(l->policy, SMACK_POLICY_KNOB,
				     check_onlycap, &t);
	for (i = 0; i < t.words_count; i++)
		free(t.words[i]);
	free(t.words);
}
