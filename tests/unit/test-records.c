// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The growable record array of records.c, under the CIPSO and netlabel
 * sets: slots keep what was written as the array grows, a move appends
 * and empties its source, and a size that cannot be allocated is refused
 * with ENOMEM instead of wrapping around.  Then the parsing into such a
 * set (parse.c): a line that fails stops the file with its errno, and a
 * failed parse leaves the set as it was.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check-main.h"
#include "parse.h"
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

/* A file holding text, open for reading at its start. */
static int text_fd(const char *text)
{
	FILE *f = tmpfile();
	int fd;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fflush(f), 0);
	fd = dup(fileno(f));
	ck_assert_int_ge(fd, 0);
	fclose(f);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	return fd;
}

/* A parse_line_fn adding each line's number as a point; the line "fail"
 * fails with ENOSPC, the line "bad" is reported as a parse error. */
static int add_line(void *arg, struct parse_ctx *ctx,
		    const struct parse_line *line)
{
	struct records *set = arg;
	struct point *p;

	if (line->len == 4 && memcmp(line->text, "fail", 4) == 0) {
		errno = ENOSPC;
		return -1;
	}
	if (line->len == 3 && memcmp(line->text, "bad", 3) == 0) {
		parse_error(ctx, line->number, 1, "bad line");
		return 0;
	}
	p = records_slot(set, sizeof(*p));
	if (!p)
		return -1;
	p->x = line->number;
	p->y = -p->x;
	set->count++;
	return 0;
}

static int add_file(void *arg, int fd, struct parse_ctx *ctx)
{
	return parse_lines(ctx, fd, 0, add_line, arg);
}

static int releases;

static void count_release(struct records *set)
{
	releases++;
	ck_assert_uint_gt(set->count, 0);
}

static const struct parse_records_ops point_parser = {
	.record_size = sizeof(struct point),
	.parse = add_file,
	.release = count_release,
};

START_TEST(a_failing_line_stops_the_file_with_its_errno)
{
	struct parse_ctx ctx = PARSE_CTX_INIT("t", NULL, NULL);
	struct records set = { 0 };
	int fd = text_fd("one\ntwo\nfail\nfour\n");

	errno = 0;
	ck_assert_int_eq(parse_lines(&ctx, fd, 0, add_line, &set), -1);
	ck_assert_int_eq(errno, ENOSPC);
	ck_assert_uint_eq(set.count, 2);
	close(fd);
	free(set.items);
}
END_TEST

START_TEST(a_parse_error_is_einval_after_the_whole_file)
{
	struct parse_ctx ctx = PARSE_CTX_INIT("t", NULL, NULL);
	struct records set = { 0 };
	int fd = text_fd("one\nbad\nthree\n");

	errno = 0;
	ck_assert_int_eq(parse_lines(&ctx, fd, 0, add_line, &set), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_uint_eq(ctx.errors, 1);
	ck_assert_uint_eq(set.count, 2);
	close(fd);
	free(set.items);
}
END_TEST

START_TEST(a_failed_parse_leaves_the_set_as_it_was)
{
	struct records set = { 0 };
	int fd;

	fill(&set, 100, 3);
	releases = 0;
	fd = text_fd("one\ntwo\nfail\n");
	ck_assert_int_eq(parse_records_into(&set, &point_parser, NULL, fd, "t",
					    NULL, NULL), -1);
	ck_assert_int_eq(errno, ENOSPC);
	ck_assert_uint_eq(set.count, 3);
	check_run(&set, 0, 100, 3);
	ck_assert_int_eq(releases, 1);	/* the two lines read before */
	close(fd);

	fd = text_fd("one\ntwo\n");
	ck_assert_int_eq(parse_records_into(&set, &point_parser, NULL, fd, "t",
					    NULL, NULL), 0);
	ck_assert_uint_eq(set.count, 5);
	check_run(&set, 0, 100, 3);
	check_run(&set, 3, 1, 2);
	close(fd);
	free(set.items);
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
	t = tcase_create("parse");
	tcase_add_test(t, a_failing_line_stops_the_file_with_its_errno);
	tcase_add_test(t, a_parse_error_is_einval_after_the_whole_file);
	tcase_add_test(t, a_failed_parse_leaves_the_set_as_it_was);
	suite_add_tcase(s, t);
	return s;
}
