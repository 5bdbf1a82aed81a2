// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smack_accesses_diff_kernel() against a plain directory standing in for
 * smackfs: it must give exactly what reading load2 into a set and
 * smack_accesses_diff() give, and an undo set that puts the pairs back.
 * The real kernel is tests/kernel's job (cases smackctl-reload*).
 */
#include <errno.h>
#include <sys/smack.h>

#include "rules-fixture.h"
#include "check-main.h"

/* The rules of a set as text (malloc'ed). */
static char *list(const struct smack_accesses *a)
{
	char *buf = malloc(FIXTURE_LISTING_SIZE);

	ck_assert_ptr_nonnull(buf);
	fixture_list(a, buf);
	return buf;
}

/* What the slow way gives: load2 as a set, then the set difference. */
static char *slow_diff(const struct smack_accesses *target)
{
	struct smack_accesses *kernel, *d;
	char *text;

	ck_assert_int_eq(smack_accesses_new_from_kernel(&kernel), 0);
	ck_assert_int_eq(smack_accesses_diff(kernel, target, &d), 0);
	text = list(d);
	smack_accesses_free(d);
	smack_accesses_free(kernel);
	return text;
}

/* diff_kernel with load2 holding 'loaded' and a target parsed from
 * 'target' gives 'changes' (the slow way's result too) and 'undo'. */
static void check(const char *loaded, const char *target,
		  const char *changes, const char *undo)
{
	struct smack_accesses *t = fixture_set_of(target), *c, *u;
	char *got, *slow;

	fixture_write("load2", loaded);
	ck_assert_int_eq(smack_accesses_diff_kernel(t, &c, &u), 0);
	got = list(c);
	ck_assert_str_eq(got, changes);
	slow = slow_diff(t);
	ck_assert_str_eq(got, slow);
	free(got);
	free(slow);
	got = list(u);
	ck_assert_str_eq(got, undo);
	free(got);
	smack_accesses_free(c);
	smack_accesses_free(u);
	/* Without undo, the same changes. */
	ck_assert_int_eq(smack_accesses_diff_kernel(t, &c, NULL), 0);
	got = list(c);
	ck_assert_str_eq(got, changes);
	free(got);
	smack_accesses_free(c);
	smack_accesses_free(t);
}

START_TEST(same_as_reading_and_diffing)
{
	check("", "", "", "");
	check("a b r\n", "a b r\n", "", "");
	check("a b r\n", "a b rw\n", "a b rw\n", "a b r\n");
	check("a b r\n", "", "a b -\n", "a b r\n");
	check("", "a b r\n", "a b r\n", "a b -\n");
	/* A pair with no access is the same as no pair. */
	check("", "a b -\n", "", "");
	/* The target as loaded into an empty kernel. */
	check("a b r\n", "a b rw r\n", "a b w\n", "a b r\n");
	check("a b x\n", "a b rw\na b x\n", "", "");
	/* Changed and new pairs in the target's order, then vanished ones
	 * sorted by subject and object. */
	check("a b r\nc d w\ne f x\ng h l\n", "e f x\nn m r\nc d rw\n",
	      "n m r\nc d rw\na b -\ng h -\n",
	      "n m -\nc d w\na b r\ng h l\n");
	check("g h r\nc d w\na b x\nc a l\n", "",
	      "a b -\nc a -\nc d -\ng h -\n", "a b x\nc a l\nc d w\ng h r\n");
	/* Nothing wanted: every rule of the kernel goes. */
	check("L001 L002 rwx\nK001 L002 r\nL001 L001 -\n", "",
	      "K001 L002 -\nL001 L002 -\n", "K001 L002 r\nL001 L002 rwx\n");
	/* A pair load2 lists twice (no kernel does) is taken as listed
	 * last: no decoding of the delta table explains it, and the exact
	 * way runs. */
	check("a b r\nc d x\na b w\n", "a b r\nc d x\n", "a b r\n", "a b w\n");
	/* Labels only one side knows. */
	check("only kernel r\n", "only target r\n",
	      "only target r\nonly kernel -\n",
	      "only target -\nonly kernel r\n");
	/* A subject the target knows with an object it does not. */
	check("a zz r\n", "a b r\n", "a b r\na zz -\n", "a b -\na zz r\n");
}
END_TEST

START_TEST(undo_puts_the_kernel_back)
{
	const char *before = "a b r\nc d w\n";
	struct smack_accesses *t = fixture_set_of("c d rw\ne f x\n");
	struct smack_accesses *c, *u, *now;
	char *got;

	fixture_write("load2", before);
	ck_assert_int_eq(smack_accesses_diff_kernel(t, &c, &u), 0);
	/* A plain file does not merge what is written to it: look at the
	 * changes and at the undo apart, then at what they add up to. */
	ck_assert_int_eq(smack_accesses_apply(c), 0);
	ck_assert_file_eq("load2", "c d rw\ne f x\na b -\n");
	fixture_write("load2", "");
	ck_assert_int_eq(smack_accesses_apply(u), 0);
	ck_assert_file_eq("load2", "c d w\ne f -\na b r\n");
	fixture_write("load2", "a b r\nc d w\n");
	ck_assert_int_eq(smack_accesses_new_from_kernel(&now), 0);
	got = list(now);
	ck_assert_str_eq(got, before);
	free(got);
	smack_accesses_free(now);
	smack_accesses_free(c);
	smack_accesses_free(u);
	smack_accesses_free(t);
}
END_TEST

START_TEST(refuses_what_is_not_load2)
{
	static const char *const bad[] = {
		"a b\n", "a b r x\n", "a b q\n", "a/b c r\n",
		"x y r\n a b c d e\n",
	};
	struct smack_accesses *t = fixture_set_of("a b r\n");
	struct smack_accesses *c = NULL, *u = NULL;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		fixture_write("load2", bad[i]);
		errno = 0;
		ck_assert_int_eq(smack_accesses_diff_kernel(t, &c, &u), -1);
		ck_assert_int_eq(errno, EPROTO);
		ck_assert_ptr_null(c);
		ck_assert_ptr_null(u);
	}
	errno = 0;
	ck_assert_int_eq(smack_accesses_diff_kernel(NULL, &c, &u), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_accesses_diff_kernel(t, NULL, &u), -1);
	ck_assert_int_eq(errno, EINVAL);
	smack_accesses_free(t);
}
END_TEST

START_TEST(kernel_is_empty_reads_load2)
{
	char path[256];

	fixture_write("load2", "");
	ck_assert_int_eq(smack_accesses_kernel_is_empty(), 1);
	fixture_write("load2", "a b -\n");
	ck_assert_int_eq(smack_accesses_kernel_is_empty(), 0);
	fixture_write("load2", "a b rwx\n");
	ck_assert_int_eq(smack_accesses_kernel_is_empty(), 0);
	fixture_path(path, sizeof(path), "load2");
	ck_assert_int_eq(unlink(path), 0);
	errno = 0;
	ck_assert_int_eq(smack_accesses_kernel_is_empty(), -1);
	ck_assert_int_eq(errno, ENOENT);
}
END_TEST

START_TEST(fails_without_load2)
{
	struct smack_accesses *t = fixture_set_of("a b r\n"), *c = NULL;
	char path[256];

	fixture_path(path, sizeof(path), "load2");
	ck_assert_int_eq(unlink(path), 0);
	errno = 0;
	ck_assert_int_eq(smack_accesses_diff_kernel(t, &c, NULL), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_ptr_null(c);
	smack_accesses_free(t);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("accesses-diff-kernel");
	TCase *tc = tcase_create("diff_kernel");

	tcase_add_checked_fixture(tc, fixture_setup, fixture_teardown);
	tcase_add_test(tc, same_as_reading_and_diffing);
	tcase_add_test(tc, undo_puts_the_kernel_back);
	tcase_add_test(tc, refuses_what_is_not_load2);
	tcase_add_test(tc, fails_without_load2);
	tcase_add_test(tc, kernel_is_empty_reads_load2);
	suite_add_tcase(s, tc);
	return s;
}
