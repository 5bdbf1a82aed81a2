// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Applying sets large enough that the walk's Bloom filter gives false
 * alarms (accesses-walk.c): every pair is written once, at its first
 * rule, with what all its rules fold into, as computed here by a plain
 * model of the kernel's rules.  Narrow and wide sets, apply and clear,
 * and a set of a few pairs repeated over and over (almost every rule a
 * suspect, so the map of repeated pairs grows from its first guess).
 */
#include "rules-fixture.h"
#include "check-main.h"

#define LABELS 150
#define RULES 40000

/* What the kernel holds for a pair after the rules so far. */
struct model_pair {
	bool seen, modify;
	unsigned int allow, deny;
	unsigned int order;	/* first appearance, counted from 0 */
};

struct model {
	struct model_pair pair[LABELS][LABELS];
	unsigned int pairs;
	struct fixture_text rules;	/* one a line */
	uint32_t seed;
};

static unsigned int next_random(struct model *m, unsigned int below)
{
	return fixture_random(&m->seed, below);
}

/* The kernel's fold, written out: a plain rule replaces, a change-rule
 * adds its allow and then takes away its deny. */
static void model_fold(struct model_pair *p, bool modify, unsigned int allow,
		       unsigned int deny)
{
	if (!modify) {
		p->allow = allow;
		p->deny = 0;
		p->modify = false;
	} else if (!p->seen) {
		p->allow = allow & ~deny;
		p->deny = deny;
		p->modify = true;
	} else if (!p->modify) {
		p->allow = (p->allow | allow) & ~deny;
	} else {
		p->deny = deny | (p->deny & ~allow);
		p->allow = (p->allow | allow) & ~deny;
	}
}

/* RULES random rules over the first `labels` of LABELS labels, about a
 * fifth of them change-rules; "s" and "o" label prefixes. */
static void model_generate(struct model *m, uint32_t seed, unsigned int labels)
{
	char a[SMACK_ACCESS_STRLEN], d[SMACK_ACCESS_STRLEN];
	unsigned int i, s, o, allow, deny;
	struct model_pair *p;
	bool modify;

	memset(m, 0, sizeof(*m));
	m->seed = seed;
	for (i = 0; i < RULES; i++) {
		s = next_random(m, labels);
		o = next_random(m, labels);
		allow = next_random(m, SMACK_ACCESS_ALL + 1);
		modify = next_random(m, 5) == 0;
		deny = modify ? next_random(m, SMACK_ACCESS_ALL + 1) : 0;
		smack_access_to_string(allow, a);
		smack_access_to_string(deny, d);
		if (modify)
			fixture_append(&m->rules, "s%u o%u %s %s\n", s, o, a,
				       d);
		else
			fixture_append(&m->rules, "s%u o%u %s\n", s, o, a);
		p = &m->pair[s][o];
		if (!p->seen)
			p->order = m->pairs++;
		model_fold(p, modify, allow, deny);
		p->seen = true;
	}
}

/* What apply (or clear) writes to load2 and change-rule, by the model. */
static void model_expect(const struct model *m, bool clear, char **load2,
			 char **change_rule)
{
	const struct model_pair **by_order;
	const struct model_pair *p;
	char a[SMACK_ACCESS_STRLEN], d[SMACK_ACCESS_STRLEN];
	struct fixture_text out[2] = { { NULL, 0, 0 }, { NULL, 0, 0 } };
	unsigned int s, o, i;

	by_order = calloc(m->pairs, sizeof(*by_order));
	ck_assert_ptr_nonnull(by_order);
	for (s = 0; s < LABELS; s++)
		for (o = 0; o < LABELS; o++)
			if (m->pair[s][o].seen)
				by_order[m->pair[s][o].order] = &m->pair[s][o];
	fixture_append(&out[0], "%s", "");
	fixture_append(&out[1], "%s", "");
	for (i = 0; i < m->pairs; i++) {
		p = by_order[i];
		s = (p - &m->pair[0][0]) / LABELS;
		o = (p - &m->pair[0][0]) % LABELS;
		smack_access_to_string(clear ? 0 : p->allow, a);
		smack_access_to_string(p->deny, d);
		if (!clear && p->modify)
			fixture_append(&out[1], "s%u o%u %s %s\n", s, o, a, d);
		else
			fixture_append(&out[0], "s%u o%u %s\n", s, o, a);
	}
	free(by_order);
	*load2 = out[0].s;
	*change_rule = out[1].s;
}

/* A set of the model's rules, after `filler` rules of as many labels of
 * their own ("f0 f0 r", ...) that make the set wide past 65,535. */
static struct smack_accesses *set_of(const struct model *m, unsigned int filler,
				     struct fixture_text *fill_text)
{
	struct smack_accesses *a;
	unsigned int i;

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	memset(fill_text, 0, sizeof(*fill_text));
	fixture_append(fill_text, "%s", "");
	for (i = 0; i < filler; i++) {
		char label[16];

		snprintf(label, sizeof(label), "f%u", i);
		ck_assert_int_eq(smack_accesses_add(a, label, label, "r"), 0);
		fixture_append(fill_text, "f%u f%u r\n", i, i);
	}
	ck_assert_int_eq(smack_accesses_parse_buffer(a, m->rules.s,
						     m->rules.len, "t",
						     NULL, NULL), 0);
	ck_assert_uint_eq(smack_accesses_count(a), filler + RULES);
	return a;
}

static void check_apply(uint32_t seed, unsigned int labels,
			unsigned int filler, bool clear)
{
	static struct model m;
	struct fixture_text fill;
	struct smack_accesses *a;
	char *load2, *change_rule, *want, *got;

	model_generate(&m, seed, labels);
	a = set_of(&m, filler, &fill);
	model_expect(&m, clear, &load2, &change_rule);
	if (clear)
		ck_assert_int_eq(smack_accesses_clear(a), 0);
	else
		ck_assert_int_eq(smack_accesses_apply(a), 0);

	/* The filler's pairs come first, each once. */
	want = malloc(fill.len + strlen(load2) + 1);
	ck_assert_ptr_nonnull(want);
	strcpy(want, fill.s);
	if (clear)
		for (char *p = want; (p = strstr(p, " r\n")); p += 3)
			p[1] = '-';
	strcat(want, load2);
	got = fixture_read("load2");
	ck_assert_uint_eq(strlen(got), strlen(want));
	ck_assert(strcmp(got, want) == 0);
	free(got);
	got = fixture_read("change-rule");
	ck_assert(strcmp(got, change_rule) == 0);
	free(got);

	free(want);
	free(load2);
	free(change_rule);
	free(fill.s);
	free(m.rules.s);
	smack_accesses_free(a);
}

START_TEST(apply_folds_repeated_pairs_among_many)
{
	check_apply(1, LABELS, 0, false);
	fixture_write("load2", "");
	fixture_write("change-rule", "");
	check_apply(0xdeadbeef, LABELS, 0, false);
}
END_TEST

START_TEST(clear_writes_each_of_many_pairs_once)
{
	check_apply(7, LABELS, 0, true);
}
END_TEST

START_TEST(apply_folds_few_pairs_repeated_over_and_over)
{
	check_apply(11, 3, 0, false);
	fixture_write("load2", "");
	fixture_write("change-rule", "");
	check_apply(12, 3, 0, true);
}
END_TEST

START_TEST(apply_folds_repeated_pairs_of_a_wide_set)
{
	check_apply(3, LABELS, 65600, false);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("accesses-walk");
	TCase *t = tcase_create("walk");

	tcase_add_test(t, apply_folds_repeated_pairs_among_many);
	tcase_add_test(t, clear_writes_each_of_many_pairs_once);
	tcase_add_test(t, apply_folds_repeated_pairs_of_a_wide_set);
	tcase_add_test(t, apply_folds_few_pairs_repeated_over_and_over);
	tcase_add_checked_fixture(t, fixture_setup, fixture_teardown);
	tcase_set_timeout(t, 120);
	suite_add_tcase(s, t);
	return s;
}
