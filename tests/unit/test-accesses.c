// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rule sets (accesses*.c) against a plain directory standing in for
 * smackfs: building and iteration, the exact bytes and write() boundaries
 * of apply and clear, diff and queries.  Parsing and reading load2 back
 * are in test-accesses-parse.c.  The real kernel is tests/kernel's job.
 */
#include <errno.h>

#include "rules-fixture.h"
#include "check-main.h"

/* ------------------------------------------------------------ building */

START_TEST(new_add_count_free)
{
	struct smack_accesses *a;

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_uint_eq(smack_accesses_count(a), 0);
	ck_assert_int_eq(smack_accesses_add(a, "Viewer", "CNN", "rx"), 0);
	ck_assert_int_eq(smack_accesses_add(a, "Viewer", "ESPN", "RWXATLB"), 0);
	ck_assert_int_eq(smack_accesses_add(a, "a", "b", "-"), 0);
	ck_assert_int_eq(smack_accesses_add(a, "a", "b", "rr--r"), 0);
	ck_assert_int_eq(smack_accesses_add_modify(a, "a", "c", "w", "x"), 0);
	ck_assert_uint_eq(smack_accesses_count(a), 5);
	ck_assert_str_eq(fixture_listing(a),
			 "Viewer CNN rx\nViewer ESPN rwxatlb\n"
			 "a b -\na b r\na c w x\n");
	smack_accesses_free(a);
	smack_accesses_free(NULL);
	ck_assert_uint_eq(smack_accesses_count(NULL), 0);
}
END_TEST

START_TEST(add_refuses_bad_input)
{
	static const char *const bad_labels[] = {
		"", "-a", "a/b", "a b", "a\"b", "a\\b", "a'b", "a\tb", "a\nb",
		"\xc3\xa9",
	};
	struct smack_accesses *a;
	char long_label[300];
	size_t i;

	memset(long_label, 'x', 256);
	long_label[256] = '\0';
	ck_assert_int_eq(smack_accesses_new(&a), 0);
	for (i = 0; i < sizeof(bad_labels) / sizeof(bad_labels[0]); i++) {
		errno = 0;
		ck_assert_int_eq(smack_accesses_add(a, bad_labels[i], "o",
						    "r"), -1);
		ck_assert_int_eq(errno, EINVAL);
		ck_assert_int_eq(smack_accesses_add(a, "s", bad_labels[i],
						    "r"), -1);
	}
	ck_assert_int_eq(smack_accesses_add(a, long_label, "o", "r"), -1);
	long_label[255] = '\0';
	ck_assert_int_eq(smack_accesses_add(a, long_label, "o", "r"), 0);
	ck_assert_int_eq(smack_accesses_add(a, "s", "o", "rwq"), -1);
	ck_assert_int_eq(smack_accesses_add(a, "s", "o", NULL), -1);
	ck_assert_int_eq(smack_accesses_add(a, NULL, "o", "r"), -1);
	ck_assert_int_eq(smack_accesses_add(NULL, "s", "o", "r"), -1);
	ck_assert_int_eq(smack_accesses_add_modify(a, "s", "o", "r", "z"), -1);
	ck_assert_int_eq(smack_accesses_add_modify(a, "s", "o", NULL, "r"), -1);
	ck_assert_uint_eq(smack_accesses_count(a), 1);
	ck_assert_int_eq(smack_accesses_new(NULL), -1);
	smack_accesses_free(a);
}
END_TEST

static int stop_at_second(void *userdata, const char *s, const char *o,
			  const char *access, const char *deny)
{
	int *calls = userdata;

	return ++*calls == 2 ? 42 : 0;
}

START_TEST(foreach_stops)
{
	struct smack_accesses *a = fixture_set_of("a b r\nc d w\ne f x\n");
	int calls = 0;

	ck_assert_int_eq(smack_accesses_foreach(a, stop_at_second, &calls), 42);
	ck_assert_int_eq(calls, 2);
	ck_assert_int_eq(smack_accesses_foreach(a, NULL, NULL), -1);
	ck_assert_int_eq(smack_accesses_foreach(NULL, stop_at_second, &calls),
			 -1);
	smack_accesses_free(a);
}
END_TEST

START_TEST(save_writes_rules_in_order)
{
	struct smack_accesses *a =
		fixture_set_of("b a rwx\na b r\nb a -\nc d r W\n");
	char path[256];
	int fd;

	fixture_path(path, sizeof(path), "saved");
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(smack_accesses_save(a, fd), 0);
	close(fd);
	ck_assert_file_eq("saved", "b a rwx\na b r\nb a -\nc d r w\n");
	ck_assert_int_eq(smack_accesses_save(a, -1), -1);
	smack_accesses_free(a);
}
END_TEST

/* Many labels: past 65,536 the set stores wide rules. */
START_TEST(more_labels_than_narrow_rules_hold)
{
	struct smack_accesses *a;
	char s[32], o[32];
	size_t i, n = 70000;

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	for (i = 0; i < n; i++) {
		snprintf(s, sizeof(s), "s%zu", i);
		snprintf(o, sizeof(o), "o%zu", i % 10);
		ck_assert_int_eq(smack_accesses_add(a, s, o, "r"), 0);
	}
	ck_assert_int_eq(smack_accesses_add(a, "s0", "o0", "w"), 0);
	ck_assert_int_eq(smack_accesses_add(a, "s69999", "o9", "x"), 0);
	ck_assert_uint_eq(smack_accesses_count(a), n + 2);
	ck_assert_int_eq(smack_accesses_apply(a), 0);
	{
		char *got = fixture_read("load2");

		/* First appearance order; later rules win. */
		ck_assert(strncmp(got, "s0 o0 w\ns1 o1 r\n", 16) == 0);
		ck_assert_ptr_nonnull(strstr(got, "\ns65536 o6 r\n"));
		ck_assert_ptr_nonnull(strstr(got, "\ns69999 o9 x\n"));
		ck_assert_ptr_null(strstr(got, "s69999 o9 r"));
		free(got);
	}
	smack_accesses_free(a);
}
END_TEST

/* ------------------------------------------------------------ applying */

START_TEST(apply_merges_each_pair_once)
{
	struct smack_accesses *a = fixture_set_of(
		"a b r\n"
		"x y rw\n"
		"a b w\n"		/* later plain rule wins */
		"x y x r\n"		/* modify folds into the plain rule */
		"c d r w\n"		/* only modifies: change-rule */
		"c d x r\n"		/* composes: allow x, deny r and w */
		"e f r w\n"
		"e f a\n"		/* plain after modify: plain */
		"g h -\n");
	ck_assert_int_eq(smack_accesses_apply(a), 0);
	ck_assert_file_eq("load2", "a b w\nx y wx\ne f a\ng h -\n");
	ck_assert_file_eq("change-rule", "c d x rw\n");
	smack_accesses_free(a);
}
END_TEST

START_TEST(modify_deny_wins_over_allow)
{
	struct smack_accesses *a =
		fixture_set_of("a b rw w\na c rwx\na c w rx\n");

	ck_assert_int_eq(smack_accesses_apply(a), 0);
	ck_assert_file_eq("load2", "a c w\n");
	ck_assert_file_eq("change-rule", "a b r w\n");
	smack_accesses_free(a);
}
END_TEST

/* libsmack 1.3 took "" for no access, and its clients still pass it:
 * Tizen's privilege-control adds (app, label, "rx", "") pairs. */
START_TEST(empty_access_is_none)
{
	struct smack_accesses *a;

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_add(a, "s", "o", ""), 0);
	ck_assert_int_eq(smack_accesses_add_modify(a, "s", "p", "rx", ""), 0);
	ck_assert_int_eq(smack_accesses_add_modify(a, "s", "q", "", "w"), 0);
	ck_assert_int_eq(smack_accesses_add_modify(a, "s", "q", "", "z"), -1);
	ck_assert_uint_eq(smack_accesses_count(a), 3);
	ck_assert_int_eq(smack_accesses_apply(a), 0);
	ck_assert_file_eq("load2", "s o -\n");
	ck_assert_file_eq("change-rule", "s p rx -\ns q - w\n");
	smack_accesses_free(a);
}
END_TEST

START_TEST(apply_without_modify_leaves_change_rule_alone)
{
	struct smack_accesses *a = fixture_set_of("a b r\n");
	char path[256];

	/* Not even opened: a kernel without change-rule would do. */
	fixture_path(path, sizeof(path), "change-rule");
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(smack_accesses_apply(a), 0);
	ck_assert_file_eq("load2", "a b r\n");
	smack_accesses_free(a);
}
END_TEST

START_TEST(apply_empty_set_writes_nothing)
{
	struct smack_accesses *a;

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_apply(a), 0);
	ck_assert_int_eq(smack_accesses_clear(a), 0);
	ck_assert_file_eq("load2", "");
	ck_assert_int_eq(smack_accesses_apply(NULL), -1);
	ck_assert_int_eq(smack_accesses_clear(NULL), -1);
	smack_accesses_free(a);
}
END_TEST

START_TEST(clear_writes_each_pair_with_dash)
{
	struct smack_accesses *a =
		fixture_set_of("a b r\nc d r w\na b w\ne f -\n");

	ck_assert_int_eq(smack_accesses_clear(a), 0);
	ck_assert_file_eq("load2", "a b -\nc d -\ne f -\n");
	ck_assert_file_eq("change-rule", "");
	smack_accesses_free(a);
}
END_TEST

START_TEST(apply_fails_without_smackfs)
{
	struct smack_accesses *a = fixture_set_of("a b r\n");
	char path[256];

	fixture_path(path, sizeof(path), "load2");
	ck_assert_int_eq(unlink(path), 0);
	errno = 0;
	ck_assert_int_eq(smack_accesses_apply(a), -1);
	ck_assert_int_eq(errno, ENOENT);
	smack_accesses_free(a);
}
END_TEST

/* Write boundaries as the batch writer made them. */
static size_t write_sizes[4096];
static size_t writes;
static size_t kernel_page_limit;	/* act like load2 when not 0 */
static size_t refuse_at_write;		/* 1-based; 0 never */
static size_t kept_when_refused;	/* records of it taken first */

/* The kernel applies a write's records in turn: those before the one it
 * refuses stay, though the write fails. */
static ssize_t refuse_write(int fd, const char *p, size_t len)
{
	size_t n = 0, kept;

	for (kept = 0; kept < kept_when_refused && n < len; kept++)
		n += strchr(p + n, '\n') - (p + n) + 1;
	ck_assert_int_eq(write(fd, p, n), (ssize_t)n);
	errno = ENOMEM;
	return -1;
}

static ssize_t recording_write(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	size_t n = len;

	if (refuse_at_write && writes + 1 == refuse_at_write)
		return refuse_write(fd, p, len);
	/* The kernel takes whole records inside its first page only. */
	if (kernel_page_limit && n >= kernel_page_limit) {
		n = kernel_page_limit - 1;
		while (n && p[n - 1] != '\n')
			n--;
	}
	ck_assert_uint_lt(writes, sizeof(write_sizes) / sizeof(*write_sizes));
	write_sizes[writes++] = len;
	return write(fd, buf, n);
}

static void reset_recording(void)
{
	writes = 0;
	kernel_page_limit = 0;
	refuse_at_write = 0;
	kept_when_refused = 0;
	smackfs_set_write_hook(recording_write);
}

/* Recording anew, with write number at (from 1) refused after the kernel
 * took its first kept records. */
static void record_refusing(size_t at, size_t kept)
{
	reset_recording();
	refuse_at_write = at;
	kept_when_refused = kept;
}

/* 2,000 rules with long labels, and the expected load2 text. */
static struct smack_accesses *many_rules(char **expected)
{
	struct smack_accesses *a;
	char s[300], o[64];
	size_t i, used = 0, cap = 2000 * 300;

	*expected = malloc(cap);
	ck_assert_ptr_nonnull(*expected);
	ck_assert_int_eq(smack_accesses_new(&a), 0);
	memset(s, 'S', 200);
	for (i = 0; i < 2000; i++) {
		snprintf(s + 200, sizeof(s) - 200, "%zu", i % 37);
		snprintf(o, sizeof(o), "object-%zu", i);
		ck_assert_int_eq(smack_accesses_add(a, s, o, "rwxa"), 0);
		used += snprintf(*expected + used, cap - used, "%s %s rwxa\n",
				 s, o);
	}
	return a;
}

START_TEST(batches_whole_rules_under_a_page)
{
	char *expected, *got, *p;
	struct smack_accesses *a = many_rules(&expected);
	size_t i, total = 0;

	reset_recording();
	ck_assert_int_eq(smack_accesses_apply(a), 0);
	got = fixture_read("load2");
	ck_assert_str_eq(got, expected);
	ck_assert_uint_gt(writes, 1);
	for (i = 0, p = got; i < writes; i++) {
		ck_assert_uint_lt(write_sizes[i], 4096);
		/* Every write ends a record... */
		ck_assert_int_eq(p[write_sizes[i] - 1], '\n');
		/* ...and is as full as the next record allows. */
		if (i + 1 < writes)
			ck_assert_uint_ge(write_sizes[i] +
					  (strchr(p + write_sizes[i], '\n') -
					   (p + write_sizes[i]) + 1), 4096);
		p += write_sizes[i];
		total += write_sizes[i];
	}
	ck_assert_uint_eq(total, strlen(expected));
	free(got);
	free(expected);
	smack_accesses_free(a);
}
END_TEST

START_TEST(short_counts_are_continued)
{
	char *expected;
	struct smack_accesses *a = many_rules(&expected);

	reset_recording();
	/* A page of 1,000 bytes: every write is cut short. */
	kernel_page_limit = 1000;
	ck_assert_int_eq(smack_accesses_apply(a), 0);
	ck_assert_file_eq("load2", expected);
	free(expected);
	smack_accesses_free(a);
}
END_TEST

static size_t lines_of(const char *name)
{
	char *text = fixture_read(name), *p;
	size_t n = 0;

	for (p = text; (p = strchr(p, '\n')); p++)
		n++;
	free(text);
	return n;
}

START_TEST(refusal_part_way_reports_progress)
{
	char *expected;
	struct smack_accesses *a = many_rules(&expected);
	size_t applied = 12345;

	record_refusing(3, 0);
	errno = 0;
	ck_assert_int_eq(smack_accesses_apply_report(a, &applied), -1);
	ck_assert_int_eq(errno, ENOMEM);
	/* Two writes went in; nothing after the refusal was tried. */
	ck_assert_uint_eq(writes, 2);
	ck_assert_uint_eq(applied, lines_of("load2"));
	ck_assert_uint_gt(applied, 0);
	ck_assert_uint_lt(applied, 2000);
	{
		char *got = fixture_read("load2");

		/* What went in is the beginning of the whole set. */
		ck_assert(strncmp(got, expected, strlen(got)) == 0);
		free(got);
	}
	free(expected);
	smack_accesses_free(a);
}
END_TEST

START_TEST(refusal_at_first_write_applies_nothing)
{
	struct smack_accesses *a = fixture_set_of("a b r\nc d r w\n");
	size_t applied = 99;

	record_refusing(1, 0);
	ck_assert_int_eq(smack_accesses_apply_report(a, &applied), -1);
	ck_assert_uint_eq(applied, 0);
	ck_assert_file_eq("change-rule", "");
	smack_accesses_free(a);
}
END_TEST

START_TEST(refusal_in_change_rule_counts_plain_pairs)
{
	/* load2 takes a b and e f; change-rule refuses c d. */
	struct smack_accesses *a =
		fixture_set_of("a b r\nc d r w\ne f x\nc d w -\n");
	size_t applied = 99;

	record_refusing(2, 0);
	ck_assert_int_eq(smack_accesses_apply_report(a, &applied), -1);
	ck_assert_file_eq("load2", "a b r\ne f x\n");
	/* The first rule whose pair did not go in is rule 1 (c d). */
	ck_assert_uint_eq(applied, 1);
	smack_accesses_free(a);
}
END_TEST

START_TEST(refusal_counts_no_rule_of_the_refused_write)
{
	/* One write of three records; the kernel keeps two, refuses e f. */
	struct smack_accesses *a = fixture_set_of("a b r\nc d w\ne f x\n");
	size_t applied = 99;

	record_refusing(1, 2);
	ck_assert_int_eq(smack_accesses_apply_report(a, &applied), -1);
	/* No write was taken, so no rule is counted; yet the rule at the
	 * count, and the one after it, are in the kernel. */
	ck_assert_uint_eq(applied, 0);
	ck_assert_file_eq("load2", "a b r\nc d w\n");
	smack_accesses_free(a);
}
END_TEST

START_TEST(apply_report_on_success)
{
	struct smack_accesses *a = fixture_set_of("a b r\nc d r w\na b w\n");
	size_t applied = 0;

	ck_assert_int_eq(smack_accesses_apply_report(a, &applied), 0);
	ck_assert_uint_eq(applied, 3);
	ck_assert_int_eq(smack_accesses_apply_report(NULL, &applied), -1);
	smack_accesses_free(a);
}
END_TEST

/* ------------------------------------------------ -------------- diff */

static void check_diff(const char *from_text, const char *to_text,
		       const char *expected)
{
	struct smack_accesses *from = fixture_set_of(from_text);
	struct smack_accesses *to = fixture_set_of(to_text);
	struct smack_accesses *d;

	ck_assert_int_eq(smack_accesses_diff(from, to, &d), 0);
	ck_assert_str_eq(fixture_listing(d), expected);
	smack_accesses_free(d);
	smack_accesses_free(from);
	smack_accesses_free(to);
}

START_TEST(diff_is_minimal)
{
	check_diff("", "", "");
	check_diff("a b r\n", "a b r\n", "");
	check_diff("a b r\n", "a b rw\n", "a b rw\n");
	check_diff("a b r\n", "", "a b -\n");
	check_diff("", "a b r\n", "a b r\n");
	/* A pair with no access is the same as no pair. */
	check_diff("", "a b -\n", "");
	check_diff("a b -\n", "", "");
	/* Each side as loaded into an empty kernel. */
	check_diff("a b r\n", "a b rw r\n", "a b w\n");
	check_diff("a b rw\na b x\n", "a b x\n", "");
	check_diff("a b r\nc d w\ne f x\n", "e f x\nn m r\nc d rw\n",
		   "n m r\nc d rw\na b -\n");
	/* Labels only one side knows. */
	check_diff("only from r\n", "only to r\n", "only to r\nonly from -\n");
}
END_TEST

START_TEST(diff_applied_makes_target)
{
	struct smack_accesses *from = fixture_set_of("a b r\nc d w\n");
	struct smack_accesses *to = fixture_set_of("c d rw\ne f x\n");
	struct smack_accesses *d;

	ck_assert_int_eq(smack_accesses_diff(from, to, &d), 0);
	ck_assert_int_eq(smack_accesses_apply(d), 0);
	ck_assert_file_eq("load2", "c d rw\ne f x\na b -\n");
	ck_assert_int_eq(smack_accesses_diff(NULL, to, &d), -1);
	ck_assert_int_eq(smack_accesses_diff(from, to, NULL), -1);
	smack_accesses_free(d);
	smack_accesses_free(from);
	smack_accesses_free(to);
}
END_TEST

/* ------------------------------------------------------------- queries */

START_TEST(have_access_refuses_bad_input_without_fd_leak)
{
	int before = count_fds();
	char long_label[300];

	memset(long_label, 'x', 256);
	long_label[256] = '\0';
	errno = 0;
	ck_assert_int_eq(smack_have_access("a", "b", "rwq"), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_have_access("a/b", "b", "r"), -1);
	ck_assert_int_eq(smack_have_access("a", "", "r"), -1);
	ck_assert_int_eq(smack_have_access(NULL, "b", "r"), -1);
	ck_assert_int_eq(smack_have_access("a", "b", NULL), -1);
	ck_assert_int_eq(smack_have_access(long_label, "b", "r"), -1);
	ck_assert_int_eq(smack_have_access_for_self("a b", "r"), -1);
	ck_assert_int_eq(smack_have_access_for_process(0, "b", "r"), -1);
	ck_assert_int_eq(smack_have_access_for_process(-1, "b", "r"), -1);
	/* A plain file answers nothing: an error, and no leak either. */
	errno = 0;
	ck_assert_int_eq(smack_have_access("a", "b", "r"), -1);
	ck_assert_int_eq(errno, EPROTO);
	ck_assert_file_eq("access2", "a b r");
	ck_assert_int_eq(count_fds(), before);
}
END_TEST

/* "" asks for no access, as in libsmack 1.3: the kernel gets "-". */
START_TEST(have_access_empty_asks_for_none)
{
	ck_assert_int_eq(smack_have_access("a", "b", ""), -1);
	ck_assert_int_eq(errno, EPROTO);
	ck_assert_file_eq("access2", "a b -");
}
END_TEST

START_TEST(load_policy_without_a_tree)
{
	struct stat st;

	if (stat(SYSCONFDIR "/smack", &st) == 0)
		return;		/* this host has a real policy tree */
	fixture_write("load2", "old rule rw\n");
	ck_assert_int_eq(smack_load_policy(), 0);
	/* What was loaded and is not in the (empty) tree is cleared (the
	 * write starts at offset 0 of the plain file, over the old rule). */
	ck_assert_file_eq("load2", "old rule -\n\n");
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("accesses");
	TCase *build = tcase_create("build");
	TCase *apply = tcase_create("apply");
	TCase *diff = tcase_create("diff");
	TCase *query = tcase_create("query");
	TCase *all[] = { build, apply, diff, query };

	tcase_add_test(build, new_add_count_free);
	tcase_add_test(build, add_refuses_bad_input);
	tcase_add_test(build, foreach_stops);
	tcase_add_test(build, save_writes_rules_in_order);
	tcase_add_test(build, more_labels_than_narrow_rules_hold);
	tcase_add_test(apply, apply_merges_each_pair_once);
	tcase_add_test(apply, modify_deny_wins_over_allow);
	tcase_add_test(apply, empty_access_is_none);
	tcase_add_test(apply, apply_without_modify_leaves_change_rule_alone);
	tcase_add_test(apply, apply_empty_set_writes_nothing);
	tcase_add_test(apply, clear_writes_each_pair_with_dash);
	tcase_add_test(apply, apply_fails_without_smackfs);
	tcase_add_test(apply, batches_whole_rules_under_a_page);
	tcase_add_test(apply, short_counts_are_continued);
	tcase_add_test(apply, refusal_part_way_reports_progress);
	tcase_add_test(apply, refusal_at_first_write_applies_nothing);
	tcase_add_test(apply, refusal_in_change_rule_counts_plain_pairs);
	tcase_add_test(apply, refusal_counts_no_rule_of_the_refused_write);
	tcase_add_test(apply, apply_report_on_success);
	tcase_add_test(diff, diff_is_minimal);
	tcase_add_test(diff, diff_applied_makes_target);
	tcase_add_test(query, have_access_refuses_bad_input_without_fd_leak);
	tcase_add_test(query, have_access_empty_asks_for_none);
	tcase_add_test(query, load_policy_without_a_tree);
	fixture_add_tcases(s, all, sizeof(all) / sizeof(all[0]));
	return s;
}
