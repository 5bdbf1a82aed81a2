// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The delta table of rule-delta.c, and smack_accesses_diff_kernel() on
 * large generated policies, checked against a plain model of the kernel:
 * small changes (decoded from the delta table), large ones (too much for
 * the table: the exact way) and an empty kernel.  The real kernel is
 * tests/kernel's job (smackctl-reload, lib-rules-kernel).
 */
#include "rules-fixture.h"
#include "check-main.h"
#include "accesses.h"

#define LABELS 200
#define KERNEL_ONLY_LABELS 20

/* ------------------------------------------------------ the delta table */

struct decoded {
	uint32_t subject[64], object[64];
	unsigned int access[64];
	int side[64];
	int n;
};

static int take(void *arg, uint32_t subject, uint32_t object,
		unsigned int access, int side)
{
	struct decoded *d = arg;

	ck_assert_int_lt(d->n, 64);
	d->subject[d->n] = subject;
	d->object[d->n] = object;
	d->access[d->n] = access;
	d->side[d->n] = side;
	d->n++;
	return 0;
}

START_TEST(delta_gives_back_what_does_not_cancel)
{
	struct rule_delta t = { 0 };
	struct decoded d = { .n = 0 };
	uint32_t i;

	ck_assert_int_eq(rule_delta_init(&t, 100000), 0);
	for (i = 0; i < 100000; i++)
		rule_delta_add(&t, i % 1000, i / 1000, i % 127 + 1, 1);
	for (i = 0; i < 100000; i++)
		if (i != 4242 && i != 777)
			rule_delta_add(&t, i % 1000, i / 1000, i % 127 + 1,
				       -1);
	/* The other side has 777's pair with another access, and one more. */
	rule_delta_add(&t, 777 % 1000, 777 / 1000, 3, -1);
	rule_delta_add(&t, (1u << 28) - 1, 5, 0x7f, -1);
	ck_assert_int_eq(rule_delta_decode(&t, take, &d), 0);
	ck_assert_int_eq(d.n, 4);
	for (i = 0; i < (uint32_t)d.n; i++) {
		if (d.side[i] > 0) {
			ck_assert(d.subject[i] == 242 || d.subject[i] == 777);
			ck_assert_uint_eq(d.access[i],
					  (d.subject[i] + d.object[i] * 1000) %
					  127 + 1);
		} else if (d.object[i] == 5) {
			ck_assert_uint_eq(d.subject[i], (1u << 28) - 1);
			ck_assert_uint_eq(d.access[i], 0x7f);
		} else {
			ck_assert_uint_eq(d.subject[i], 777);
			ck_assert_uint_eq(d.access[i], 3);
		}
	}
	rule_delta_release(&t);
}
END_TEST

static int count(void *arg, uint32_t subject, uint32_t object,
		 unsigned int access, int side)
{
	(*(unsigned int *)arg)++;
	return 0;
}

START_TEST(delta_says_when_the_difference_is_too_large)
{
	struct rule_delta t = { 0 };
	unsigned int peeled = 0;
	uint32_t i;

	/* The smallest table: 192 cells, and 2,000 keys in it. */
	ck_assert_int_eq(rule_delta_init(&t, 10), 0);
	for (i = 0; i < 2000; i++)
		rule_delta_add(&t, i, i, 1, 1);
	ck_assert_int_eq(rule_delta_decode(&t, count, &peeled), 1);
	ck_assert_uint_lt(peeled, 2000);
	rule_delta_release(&t);
}
END_TEST

/* -------------------------------------------------------- generated sets */

static int append_rule(void *userdata, const char *s, const char *o,
		       const char *access, const char *deny)
{
	fixture_append(userdata, "%s %s %s\n", s, o, access);
	return 0;
}

static char *listing(const struct smack_accesses *a)
{
	struct fixture_text t = { 0 };

	fixture_append(&t, "%s", "");
	ck_assert_int_eq(smack_accesses_foreach(a, append_rule, &t), 0);
	return t.s;
}

/* Labels L000.. (both sides) and K000.. (the kernel only). */
#define ALL_LABELS (LABELS + KERNEL_ONLY_LABELS)

struct model {
	/* The kernel's access per pair (0: none), and the target's fold. */
	uint8_t kernel[ALL_LABELS][LABELS];
	uint8_t target[LABELS][LABELS];
	bool in_target[LABELS][LABELS];
	unsigned int order[LABELS * LABELS][2];	/* target pairs, in order */
	unsigned int pairs;
	struct fixture_text load2, rules;
	uint32_t seed;
};

static unsigned int next_random(struct model *m, unsigned int below)
{
	return fixture_random(&m->seed, below);
}

static void label(char buf[16], unsigned int i)
{
	if (i < LABELS)
		snprintf(buf, 16, "L%03u", i);
	else
		snprintf(buf, 16, "K%03u", i - LABELS);
}

static const char *letters(unsigned int access, char buf[SMACK_ACCESS_STRLEN])
{
	ck_assert_ptr_nonnull(smack_access_to_string(access, buf));
	return buf;
}

/* One rule of the target, folded into the model as the kernel would. */
static void target_rule(struct model *m, unsigned int s, unsigned int o)
{
	char sl[16], ol[16], a[SMACK_ACCESS_STRLEN], d[SMACK_ACCESS_STRLEN];
	unsigned int allow = next_random(m, SMACK_ACCESS_ALL + 1), deny;

	label(sl, s);
	label(ol, o);
	if (!m->in_target[s][o]) {
		m->in_target[s][o] = true;
		m->order[m->pairs][0] = s;
		m->order[m->pairs][1] = o;
		m->pairs++;
	}
	if (next_random(m, 5) == 0) {
		deny = next_random(m, SMACK_ACCESS_ALL + 1);
		m->target[s][o] = (m->target[s][o] | allow) & ~deny;
		fixture_append(&m->rules, "%s %s %s %s\n", sl, ol,
			       letters(allow, a), letters(deny, d));
	} else {
		m->target[s][o] = allow;
		fixture_append(&m->rules, "%s %s %s\n", sl, ol,
			       letters(allow, a));
	}
}

/*
 * A target of 'rules' rules, and a kernel that has what the target gives
 * each pair except for 'changed' pairs in every thousand (another access,
 * or none), plus 'extra' pairs in every thousand of its own; or, with
 * changed above 1000, a kernel without a rule.
 */
static void generate(struct model *m, uint32_t seed, unsigned int rules,
		     unsigned int changed, unsigned int extra)
{
	char sl[16], ol[16], a[SMACK_ACCESS_STRLEN];
	unsigned int i, s, o;

	memset(m, 0, sizeof(*m));
	m->seed = seed;
	fixture_append(&m->load2, "%s", "");
	fixture_append(&m->rules, "%s", "");
	for (i = 0; i < rules; i++)
		target_rule(m, next_random(m, LABELS), next_random(m, LABELS));
	for (s = 0; s < LABELS && changed <= 1000; s++)
		for (o = 0; o < LABELS; o++) {
			m->kernel[s][o] = m->target[s][o];
			if (next_random(m, 1000) >= changed)
				continue;
			m->kernel[s][o] = next_random(m, 3) ?
				next_random(m, SMACK_ACCESS_ALL + 1) : 0;
		}
	for (s = 0; s < ALL_LABELS; s++)
		for (o = 0; o < LABELS; o++)
			if (!m->kernel[s][o] && next_random(m, 1000) < extra)
				m->kernel[s][o] =
					next_random(m, SMACK_ACCESS_ALL) + 1;
	/* load2 lists a subject's rules together, with the ones without
	 * access the kernel keeps. */
	for (s = ALL_LABELS; s-- > 0;)
		for (o = 0; o < LABELS; o++) {
			if (!m->kernel[s][o] && next_random(m, 50))
				continue;
			label(sl, s);
			label(ol, o);
			fixture_append(&m->load2, "%s %s %s\n", sl, ol,
			       letters(m->kernel[s][o], a));
		}
}

/* What diff_kernel must give: the target's pairs whose access the kernel
 * lacks, in order, then the kernel's pairs the target does not name,
 * sorted (K... before L..., then by number). */
static void expect(const struct model *m, struct fixture_text *changes,
		   struct fixture_text *undo)
{
	char sl[16], ol[16], a[SMACK_ACCESS_STRLEN], b[SMACK_ACCESS_STRLEN];
	unsigned int i, s, o, order[ALL_LABELS];

	fixture_append(changes, "%s", "");
	fixture_append(undo, "%s", "");
	for (i = 0; i < m->pairs; i++) {
		s = m->order[i][0];
		o = m->order[i][1];
		if (m->target[s][o] == m->kernel[s][o])
			continue;
		label(sl, s);
		label(ol, o);
		fixture_append(changes, "%s %s %s\n", sl, ol,
		       letters(m->target[s][o], a));
		fixture_append(undo, "%s %s %s\n", sl, ol,
			       letters(m->kernel[s][o], b));
	}
	for (i = 0; i < ALL_LABELS; i++)
		order[i] = i < KERNEL_ONLY_LABELS ? LABELS + i :
			   i - KERNEL_ONLY_LABELS;
	for (i = 0; i < ALL_LABELS; i++)
		for (o = 0; o < LABELS; o++) {
			s = order[i];
			if (!m->kernel[s][o] ||
			    (s < LABELS && m->in_target[s][o]))
				continue;
			label(sl, s);
			label(ol, o);
			fixture_append(changes, "%s %s -\n", sl, ol);
			fixture_append(undo, "%s %s %s\n", sl, ol,
			       letters(m->kernel[s][o], b));
		}
}

static void check_diff(uint32_t seed, unsigned int rules,
		       unsigned int changed, unsigned int extra)
{
	static struct model m;
	struct fixture_text want_changes = { 0 }, want_undo = { 0 };
	struct smack_accesses *target, *changes, *undo;
	char *got;

	generate(&m, seed, rules, changed, extra);
	fixture_write("load2", m.load2.s);
	target = fixture_set_of(m.rules.s);
	expect(&m, &want_changes, &want_undo);
	ck_assert_int_eq(smack_accesses_diff_kernel(target, &changes, &undo),
			 0);
	got = listing(changes);
	ck_assert_str_eq(got, want_changes.s);
	free(got);
	got = listing(undo);
	ck_assert_str_eq(got, want_undo.s);
	free(got);
	smack_accesses_free(changes);
	smack_accesses_free(undo);
	ck_assert_int_eq(smack_accesses_diff_kernel(target, &changes, NULL),
			 0);
	got = listing(changes);
	ck_assert_str_eq(got, want_changes.s);
	free(got);
	smack_accesses_free(changes);
	smack_accesses_free(target);
	free(want_changes.s);
	free(want_undo.s);
	free(m.load2.s);
	free(m.rules.s);
}

START_TEST(a_small_change_among_many_rules)
{
	check_diff(1, 40000, 10, 2);
	check_diff(2, 40000, 0, 0);
	check_diff(3, 40000, 0, 5);
	check_diff(4, 3000, 1, 0);
}
END_TEST

START_TEST(a_change_too_large_for_the_delta)
{
	check_diff(5, 40000, 300, 50);
	check_diff(6, 2000, 1000, 1000);
}
END_TEST

START_TEST(an_empty_kernel)
{
	/* Everything the target gives is new. */
	check_diff(7, 40000, 1001, 0);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("rule delta");
	TCase *t = tcase_create("delta");

	tcase_add_test(t, delta_gives_back_what_does_not_cancel);
	tcase_add_test(t, delta_says_when_the_difference_is_too_large);
	suite_add_tcase(s, t);
	t = tcase_create("diff_kernel");
	tcase_add_test(t, a_small_change_among_many_rules);
	tcase_add_test(t, a_change_too_large_for_the_delta);
	tcase_add_test(t, an_empty_kernel);
	tcase_add_checked_fixture(t, fixture_setup, fixture_teardown);
	tcase_set_timeout(t, 120);
	suite_add_tcase(s, t);
	return s;
}
