// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The growable record array of records.c, under the CIPSO and netlabel
 * sets: slots keep what was written as the array grows, a move appends
 * and empties its source, and a size that cannot be allocated is refused
 * with ENOMEM instead of wrapping around.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include <check.h>

#include "check-main.h"
#include "records.h"

struct point {
	int x, y;
};

static void fill(struct records *r, int from, int n)
{
	struct point *p;
	int i;

	for (i = from; i < from + n; i++) {
		p = records_slot(r, sizeof(*p));
		ck_assert_ptr_nonnull(p);
		p->x = i;
		p->y = -i;
		r->count++;
	}
}

static void check_run(const struct records *r, size_t at, int from, int n)
{
	const struct point *p = r->items;
	int i;

	for (i = 0; i < n; i++) {
		ck_assert_int_eq(p[at + i].x, from + i);
		ck_assert_int_eq(p[at + i].y, -(from + i));
	}
}

START_TEST(slots_keep_their_records_as_the_array_grows)
{
	struct records r = { 0 };

	fill(&r, 0, 1000);
	ck_assert_uint_eq(r.count, 1000);
	ck_assert_uint_ge(r.cap, 1000);
	check_run(&r, 0, 0, 1000);
	free(r.items);
}
END_TEST

START_TEST(move_appends_and_empties_the_source)
{
	struct records dst = { 0 }, src = { 0 };

	fill(&dst, 0, 5);
	fill(&src, 100, 37);
	ck_assert_int_eq(records_move(&dst, &src, sizeof(struct point)), 0);
	ck_assert_uint_eq(dst.count, 42);
	check_run(&dst, 0, 0, 5);
	check_run(&dst, 5, 100, 37);
	ck_assert_ptr_null(src.items);
	ck_assert_uint_eq(src.count, 0);
	ck_assert_uint_eq(src.cap, 0);
	free(dst.items);
}
END_TEST

START_TEST(move_of_or_into_nothing)
{
	struct records dst = { 0 }, src = { 0 };

	ck_assert_int_eq(records_move(&dst, &src, sizeof(struct point)), 0);
	ck_assert_uint_eq(dst.count, 0);
	fill(&src, 7, 3);
	ck_assert_int_eq(records_move(&dst, &src, sizeof(struct point)), 0);
	ck_assert_uint_eq(dst.count, 3);
	check_run(&dst, 0, 7, 3);
	ck_assert_int_eq(records_move(&dst, &src, sizeof(struct point)), 0);
	ck_assert_uint_eq(dst.count, 3);
	free(dst.items);
}
END_TEST

START_TEST(a_size_past_memory_is_enomem)
{
	struct records r = { 0 };

	errno = 0;
	ck_assert_ptr_null(records_slot(&r, SIZE_MAX / 2));
	ck_assert_int_eq(errno, ENOMEM);
	ck_assert_ptr_null(r.items);
	ck_assert_uint_eq(r.count, 0);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("records");
	TCase *t = tcase_create("records");

	tcase_add_test(t, slots_keep_their_records_as_the_array_grows);
	tcase_add_test(t, move_appends_and_empties_the_source);
	tcase_add_test(t, move_of_or_into_nothing);
	tcase_add_test(t, a_size_past_memory_is_enomem);
	suite_add_tcase(s, t);
	return s;
}
