// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Invariants, assert.d (smack-config(5)): what a policy must never or must
 * always allow, and the check of a policy against them.
 *
 * A line is "never SUBJECT OBJECT ACCESS" or "always SUBJECT OBJECT
 * ACCESS".  SUBJECT and OBJECT are label patterns: '*' stands for any run
 * of characters, none included, and "\*" for the character '*' itself
 * (no label holds a '\', so the escape cannot hide one); so "\*" names
 * the system label "*" and "*" every label.  Each letter of ACCESS is
 * asked on its own, with the built-in rules, as smack_policy_have_access()
 * answers: a "never" is broken by a pair that gets one of them, an
 * "always" by a pair that lacks one.
 *
 * The labels a pattern is matched against are those the tree names (in
 * rules, CIPSO, netlabel, knobs, labels.d), the system labels and the
 * invariants' own patterns without a glob.  A "never" needs only the
 * pairs that can get anything: those a rule names, a label with itself,
 * and pairs with a system label on a side; any other pair of two labels
 * has no rule and no built-in rule, so the kernel denies it everything.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "policy.h"

/* One line of assert.d. */
struct assert_rule {
	char *subject, *object;	/* the patterns as written */
	unsigned int access;
	bool always;
};

static const char *const assert_words[] = { "never", "always" };

/* ------------------------------------------------------------ patterns */

/* Whether label matches pattern (checked as read: a '\' is before a
 * '*'). */
static bool glob_match(const char *pattern, const char *label)
{
	const char *star = NULL, *resume = NULL;
	size_t step;

	while (*label) {
		if (*pattern == '*') {
			star = ++pattern;
			resume = label;
			continue;
		}
		step = *pattern == '\\' ? 1 : 0;
		if (*pattern && pattern[step] == *label) {
			pattern += step + 1;
			label++;
		} else if (star) {
			pattern = star;
			label = ++resume;
		} else {
			return false;
		}
	}
	while (*pattern == '*')
		pattern++;
	return !*pattern;
}

static bool has_glob(const char *pattern)
{
	for (; *pattern; pattern++) {
		if (*pattern == '*')
			return true;
		if (*pattern == '\\')
			pattern++;
	}
	return false;
}

/* Why the len bytes at s cannot be a pattern of labels, or NULL: the
 * characters other than the globs must be those of a label. */
static const char *pattern_fault(const char *s, size_t len)
{
	char pair[2] = { 'x', 0 };
	const char *why = NULL;
	size_t i, chars = 0;

	for (i = 0; i < len && !why; i++) {
		if (s[i] == '*')
			continue;
		if (s[i] == '\\' && i + 1 < len && s[i + 1] == '*')
			i++;
		chars++;
		pair[1] = s[i];
		if (i == 0 && s[i] == '-')
			why = "starts with '-'";
		else if (label_validate_n(pair, 2, &why) >= 0)
			why = NULL;
	}
	if (!why && chars > SMACK_LABEL_LEN)
		why = "is longer than 255 characters";
	return why;
}

/* The label a pattern without a glob names, "\*" made '*'. */
static void unescape(char *label, const char *pattern)
{
	for (; *pattern; pattern++)
		*label++ = *pattern == '\\' ? *++pattern : *pattern;
	*label = 0;
}

/* ------------------------------------------------------------ parsing */

static bool check_pattern(struct parse_ctx *ctx, unsigned int line,
			  const struct parse_field *f)
{
	char q[PARSE_QUOTE_SIZE];
	const char *why = pattern_fault(f->text, f->len);

	if (!why)
		return true;
	parse_error(ctx, line, f->column, "label pattern %s %s",
		    parse_quote(q, f->text, f->len), why);
	return false;
}

/* The word of a line: 0 never, 1 always, -1 (reported) neither. */
static int check_word(struct parse_ctx *ctx, unsigned int line,
		      const struct parse_field *f)
{
	char q[PARSE_QUOTE_SIZE];
	int i;

	for (i = 0; i < 2; i++)
		if (strlen(assert_words[i]) == f->len &&
		    memcmp(assert_words[i], f->text, f->len) == 0)
			return i;
	parse_error(ctx, line, f->column, "unknown word %s (never or always)",
		    parse_quote(q, f->text, f->len));
	return -1;
}

static bool check_letters(struct parse_ctx *ctx, unsigned int line,
			  const struct parse_field *f, unsigned int *access)
{
	if (!parse_check_access(ctx, line, f, access))
		return false;
	if (*access)
		return true;
	parse_error(ctx, line, f->column, "access \"-\" names no letter");
	return false;
}

static int keep_rule(struct smack_policy *p, int word,
		     const struct parse_field *f, unsigned int access)
{
	struct assert_rule *a = records_slot(&p->asserts, sizeof(*a));

	if (!a)
		return -1;
	a->always = word == 1;
	a->access = access;
	a->subject = strndup(f[1].text, f[1].len);
	a->object = strndup(f[2].text, f[2].len);
	p->asserts.count++;
	return a->subject && a->object ? 0 : -1;
}

/* A parse_line_fn: one invariant into arg, the policy.  -1 only when
 * memory runs out. */
static int parse_line(void *arg, struct parse_ctx *ctx,
		      const struct parse_line *line)
{
	struct parse_field f[5];
	unsigned int access = 0;
	size_t n = parse_split(line, f, 5);
	int word;
	bool ok;

	if (n != 4) {
		parse_error(ctx, line->number, n > 4 ? f[4].column :
			    f[n - 1].column + f[n - 1].len,
			    "expected 4 fields (never or always, SUBJECT, "
			    "OBJECT, ACCESS), found %zu", n);
		return 0;
	}
	word = check_word(ctx, line->number, &f[0]);
	ok = check_pattern(ctx, line->number, &f[1]);
	ok = check_pattern(ctx, line->number, &f[2]) && ok;
	ok = check_letters(ctx, line->number, &f[3], &access) && ok;
	if (!ok || word < 0)
		return 0;
	return keep_rule(arg, word, f, access);
}

int asserts_parse_fd(struct smack_policy *p, int fd, struct parse_ctx *ctx)
{
	return parse_lines(ctx, fd, 0, parse_line, p);
}

size_t asserts_count(const struct smack_policy *p)
{
	return p->asserts.count;
}

static void release_rules(struct records *set)
{
	size_t i;

	for (i = 0; i < set->count; i++) {
		free(RECORD(set, struct assert_rule, i).subject);
		free(RECORD(set, struct assert_rule, i).object);
	}
}

void asserts_truncate(struct smack_policy *p, const struct policy_mark *m)
{
	records_truncate(&p->asserts, m->count[SMACK_POLICY_ASSERT],
			 sizeof(struct assert_rule), release_rules);
}

/* buf holds the access string. */
void asserts_fill(const struct smack_policy *p, size_t i,
		  struct smack_policy_entry *e, char *buf)
{
	const struct assert_rule *a =
		&RECORD(&p->asserts, struct assert_rule, i);

	e->subject = a->subject;
	e->object = a->object;
	e->access = smack_access_to_string(a->access, buf);
	e->value = assert_words[a->always];
}

/* ------------------------------------------------------------ the check */

#define REASONS (SMACK_REASON_HAT_SUBJECT + 1)

static const char system_labels[][2] = { "_", "^", "*", "@" };
#define SYSTEM_LABELS 4

/* A check of a policy against its invariants. */
struct check {
	const struct smack_policy *p;
	smack_policy_broken_fn fn;
	void *userdata;
	size_t broken;
	struct labeltab labels;	/* every label named; the rules' first, at
				 * their own indexes */
	uint32_t rule_labels;	/* how many of them the rules name */
	uint32_t system[SYSTEM_LABELS];
	struct pair_map pairs;	/* of the rules */
	struct pair_marks marks;
	bool *subjects, *objects;	/* the labels the invariant's
					 * patterns match */
	const struct assert_rule *rule;
	struct smack_policy_entry invariant;
	char invariant_buf[POLICY_ENTRY_BUF];
};

/* The rule of a pair that decides what breaks an invariant. */
struct deciding_rule {
	unsigned int letters;	/* of a never: a rule that grants one */
	bool found;
	struct smack_policy_entry entry;
	char access[SMACK_ACCESS_STRLEN], deny[SMACK_ACCESS_STRLEN];
};

/* A smack_policy_fn over a pair's rules: the last that grants one of the
 * letters, or the last of all. */
static int last_rule(void *userdata, const struct smack_policy_entry *e)
{
	struct deciding_rule *d = userdata;
	unsigned int allow;

	smack_access_from_string(e->access, &allow);
	if (allow & SMACK_ACCESS_WRITE)
		allow |= SMACK_ACCESS_LOCK;
	if (d->letters && !(allow & d->letters))
		return 0;
	d->entry = *e;
	d->entry.access = strcpy(d->access, e->access);
	if (e->deny)
		d->entry.deny = strcpy(d->deny, e->deny);
	d->found = true;
	return 0;
}

/* Calls the caller's function for a pair and the letters one reason
 * decides: 0 to go on, 1 to stop. */
static int report(struct check *c, const char *subject, const char *object,
		  unsigned int letters, int reason)
{
	struct deciding_rule d = { .letters = c->rule->always ? 0 : letters };
	char access[SMACK_ACCESS_STRLEN];

	if (reason == SMACK_REASON_RULE)
		smack_policy_foreach_pair(c->p, subject, object, last_rule, &d);
	c->broken++;
	if (!c->fn)
		return 1;
	return c->fn(c->userdata, &c->invariant, subject, object,
		     smack_access_to_string(letters, access), reason,
		     d.found ? &d.entry : NULL) ? 1 : 0;
}

/* Asks each letter of the invariant for the pair: 0, 1 to stop, -1. */
static int check_pair(struct check *c, uint32_t s, uint32_t o)
{
	const char *subject = labeltab_text(&c->labels, s);
	const char *object = labeltab_text(&c->labels, o);
	unsigned int breaks[REASONS] = { 0 }, bit;
	char letter[SMACK_ACCESS_STRLEN];
	int reason, ret;

	for (bit = 1; bit <= SMACK_ACCESS_ALL; bit <<= 1) {
		if (!(c->rule->access & bit))
			continue;
		ret = smack_policy_have_access(c->p, subject, object,
					       smack_access_to_string(bit,
								      letter),
					       &reason, NULL);
		if (ret < 0)
			return -1;
		if (ret != c->rule->always)
			breaks[reason] |= bit;
	}
	for (reason = 1; reason < REASONS; reason++)
		if (breaks[reason] &&
		    report(c, subject, object, breaks[reason], reason))
			return 1;
	return 0;
}

/* ------------------------------------------------------------ pairs */

static bool is_system(const struct check *c, uint32_t label)
{
	int i;

	for (i = 0; i < SYSTEM_LABELS; i++)
		if (c->system[i] == label)
			return true;
	return false;
}

static bool rule_pair(const struct check *c, uint32_t s, uint32_t o)
{
	return s < c->rule_labels && o < c->rule_labels &&
	       pair_map_find(&c->pairs, s, o) != PAIR_NONE;
}

/* never: the pairs the rules name, each once, at its first rule. */
static int never_rule_pairs(struct check *c)
{
	struct rule r;
	size_t i;
	int ret;

	pair_marks_clear(&c->marks);
	for (i = 0; i < c->p->rules->count; i++) {
		accesses_get(c->p->rules, i, &r);
		if (!c->subjects[r.subject] || !c->objects[r.object] ||
		    !pair_marks_first(&c->marks, pair_map_find(&c->pairs,
							       r.subject,
							       r.object)))
			continue;
		ret = check_pair(c, r.subject, r.object);
		if (ret)
			return ret;
	}
	return 0;
}

/* A pair no rule names, if the object pattern matches. */
static int check_unnamed(struct check *c, uint32_t s, uint32_t o)
{
	if (!c->objects[o] || rule_pair(c, s, o))
		return 0;
	return check_pair(c, s, o);
}

/* never: the pairs no rule names where a built-in rule may grant: a
 * label with itself and with each system label, a system label (as
 * subject) with every label. */
static int never_built_in_pairs(struct check *c)
{
	uint32_t s, o;
	int i, ret = 0;

	for (s = 0; s < c->labels.count && !ret; s++) {
		if (!c->subjects[s])
			continue;
		if (is_system(c, s)) {
			for (o = 0; o < c->labels.count && !ret; o++)
				ret = check_unnamed(c, s, o);
			continue;
		}
		ret = check_unnamed(c, s, s);
		for (i = 0; i < SYSTEM_LABELS && !ret; i++)
			ret = check_unnamed(c, s, c->system[i]);
	}
	return ret;
}

/* always: every pair the patterns match. */
static int always_pairs(struct check *c)
{
	uint32_t s, o;
	int ret = 0;

	for (s = 0; s < c->labels.count && !ret; s++)
		for (o = 0; c->subjects[s] && o < c->labels.count && !ret; o++)
			if (c->objects[o])
				ret = check_pair(c, s, o);
	return ret;
}

static int check_invariant(struct check *c, size_t i)
{
	const char *label;
	uint32_t n;
	int ret;

	c->rule = &RECORD(&c->p->asserts, struct assert_rule, i);
	policy_entry(c->p, SMACK_POLICY_ASSERT, i, &c->invariant,
		     c->invariant_buf);
	for (n = 0; n < c->labels.count; n++) {
		label = labeltab_text(&c->labels, n);
		c->subjects[n] = glob_match(c->rule->subject, label);
		c->objects[n] = glob_match(c->rule->object, label);
	}
	if (c->rule->always)
		return always_pairs(c);
	ret = never_rule_pairs(c);
	return ret ? ret : never_built_in_pairs(c);
}

/* ------------------------------------------------------------ labels */

/* Adds the len bytes at s to the labels named, unless they are none. */
static int name_label(struct check *c, const char *s, size_t len)
{
	if (labeltab_intern(&c->labels, s, len, NULL) >= 0 || errno == EINVAL)
		return 0;
	return -1;
}

/* A smack_policy_fn: the labels an entry names (a list knob's too). */
static int name_entry_labels(void *userdata,
			     const struct smack_policy_entry *e)
{
	const char *const named[] = { e->label, e->access_label,
				      e->execute_label, e->mmap_label };
	struct check *c = userdata;
	const char *s;
	size_t i, len;
	int kind;

	for (i = 0; i < 4; i++)
		if (named[i] && name_label(c, named[i], strlen(named[i])) < 0)
			return -1;
	if (e->kind != SMACK_POLICY_KNOB ||
	    smack_knob_info(e->knob, &kind, NULL) < 0 ||
	    kind != SMACK_KNOB_LIST)
		return 0;
	for (s = e->value; *s; s += strspn(s, " ")) {
		len = strcspn(s, " ");
		if (name_label(c, s, len) < 0)
			return -1;
		s += len;
	}
	return 0;
}

/* The labels the invariants name by patterns without a glob. */
static int name_assert_labels(struct check *c)
{
	const struct assert_rule *a;
	char label[SMACK_LABEL_LEN + 1];
	size_t i;

	for (i = 0; i < c->p->asserts.count; i++) {
		a = &RECORD(&c->p->asserts, struct assert_rule, i);
		if (!has_glob(a->subject)) {
			unescape(label, a->subject);
			if (name_label(c, label, strlen(label)) < 0)
				return -1;
		}
		if (!has_glob(a->object)) {
			unescape(label, a->object);
			if (name_label(c, label, strlen(label)) < 0)
				return -1;
		}
	}
	return 0;
}

/* Every label named, the rules' at their own indexes. */
static int name_labels(struct check *c)
{
	const struct labeltab *t = &c->p->rules->labels;
	static const int kinds[] = { SMACK_POLICY_CIPSO,
				     SMACK_POLICY_NETLABEL, SMACK_POLICY_KNOB,
				     SMACK_POLICY_LABELS };
	long index;
	uint32_t i;

	for (i = 0; i < t->count; i++)
		if (name_label(c, labeltab_text(t, i), labeltab_len(t, i)) < 0)
			return -1;
	c->rule_labels = t->count;
	for (i = 0; i < SYSTEM_LABELS; i++) {
		index = labeltab_intern(&c->labels, system_labels[i], 1, NULL);
		if (index < 0)
			return -1;
		c->system[i] = index;
	}
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (smack_policy_foreach(c->p, kinds[i], name_entry_labels,
					 c) < 0)
			return -1;
	return name_assert_labels(c);
}

static int check_start(struct check *c)
{
	labeltab_init(&c->labels);
	if (name_labels(c) < 0 || pair_map_build(&c->pairs, c->p->rules) < 0 ||
	    pair_marks_init(&c->marks, &c->pairs) < 0)
		return -1;
	c->subjects = calloc(c->labels.count, sizeof(*c->subjects));
	c->objects = calloc(c->labels.count, sizeof(*c->objects));
	return c->subjects && c->objects ? 0 : -1;
}

static void check_release(struct check *c)
{
	labeltab_release(&c->labels);
	pair_map_release(&c->pairs);
	pair_marks_release(&c->marks);
	free(c->subjects);
	free(c->objects);
}

SMACK_EXPORT
int smack_policy_check_asserts(const struct smack_policy *policy,
			       smack_policy_broken_fn fn, void *userdata)
{
	struct check c = { .p = policy, .fn = fn, .userdata = userdata };
	size_t i;
	int ret;

	if (!policy) {
		errno = EINVAL;
		return -1;
	}
	if (!policy->asserts.count)
		return 0;
	ret = check_start(&c);
	for (i = 0; ret == 0 && i < policy->asserts.count; i++)
		ret = check_invariant(&c, i);
	check_release(&c);
	if (ret < 0) {
		errno = ENOMEM;
		return -1;
	}
	return c.broken > INT_MAX ? INT_MAX : (int)c.broken;
}
