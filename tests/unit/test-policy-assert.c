// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Invariants, assert.d (libsmack/policy-assert.c): the lines read with
 * where they were, their errors, and smack_policy_check_asserts() on
 * never and always, globs, the built-in rules and the escaped '*'.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>

#include <sys/smack.h>

#include "check-main.h"
#include "test-labels-tmpdir.h"

static struct smack_policy *policy;
static char logged[4096];	/* a line a message */
static char breaks[8192];	/* a line a break */

static void log_message(void *userdata, int priority, const char *file,
			unsigned int line, unsigned int column,
			const char *message)
{
	size_t len = strlen(logged);

	snprintf(logged + len, sizeof(logged) - len, "%s:%u:%u: %s\n",
		 file ? file : "-", line, column, message);
}

static void setup(void)
{
	logged[0] = breaks[0] = '\0';
	ck_assert_int_eq(smack_policy_new(&policy), 0);
	smack_policy_set_log_fn(policy, log_message, NULL);
}

static void teardown(void)
{
	smack_policy_free(policy);
}

/* text read as a file of kind named name. */
static int add(int kind, const char *name, const char *text)
{
	FILE *f = tmpfile();
	int ret;

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, strlen(text), f), strlen(text));
	rewind(f);
	ret = smack_policy_add_fd(policy, kind, fileno(f), name, 0);
	fclose(f);
	return ret;
}

static void rules(const char *text)
{
	ck_assert_int_eq(add(SMACK_POLICY_RULE, "rules", text), 0);
}

static void asserts(const char *text)
{
	ck_assert_int_eq(add(SMACK_POLICY_ASSERT, "asserts", text), 0);
}

static const char *const reasons[] = {
	"?", "rule", "no-rule", "star-subject", "web", "star-object", "same",
	"floor-object", "hat-subject",
};

/* Each break as "INVARIANT-LINE SUBJECT OBJECT LETTERS REASON RULE", RULE
 * "FILE:LINE" or "-". */
static int record(void *userdata, const struct smack_policy_entry *inv,
		  const char *subject, const char *object, const char *access,
		  int reason, const struct smack_policy_entry *rule)
{
	size_t len = strlen(breaks);
	char where[64] = "-";

	ck_assert_int_eq(inv->kind, SMACK_POLICY_ASSERT);
	if (rule)
		snprintf(where, sizeof(where), "%s:%u", rule->file,
			 rule->line);
	snprintf(breaks + len, sizeof(breaks) - len, "%u %s %s %s %s %s\n",
		 inv->line, subject, object, access, reasons[reason], where);
	return userdata ? *(int *)userdata : 0;
}

/* The breaks of the policy's invariants; their count is checked. */
static const char *check(void)
{
	int ret = smack_policy_check_asserts(policy, record, NULL);
	const char *p;
	int lines = 0;

	for (p = breaks; (p = strchr(p, '\n')); p++)
		lines++;
	ck_assert_int_eq(ret, lines);
	return breaks;
}

/* ------------------------------------------------------------ reading */

static char listed[2048];

static int list_entry(void *userdata, const struct smack_policy_entry *e)
{
	size_t len = strlen(listed);

	snprintf(listed + len, sizeof(listed) - len, "%s:%u:%u %s %s %s %s\n",
		 e->file, e->line, e->column, e->value, e->subject, e->object,
		 e->access);
	return 0;
}

START_TEST(lines_are_read_with_where_they_were)
{
	asserts("# platform keys\nnever App::* System::Keys rwa\n\n"
		"  always\tBrowser Network w\nnever \\* a\\*b rw\n");
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_ASSERT), 3);
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach(policy, SMACK_POLICY_ASSERT,
					      list_entry, NULL), 0);
	ck_assert_str_eq(listed,
			 "asserts:2:1 never App::* System::Keys rwa\n"
			 "asserts:4:3 always Browser Network w\n"
			 "asserts:5:1 never \\* a\\*b rw\n");
}
END_TEST

START_TEST(the_tree_reads_assert_d_in_name_order)
{
	char path[PATH_MAX];

	tmpdir_create();
	snprintf(path, sizeof(path), "%s/assert.d", tmpdir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	tmp_put("assert.d/20-b", "always B C r\n", 13);
	tmp_put("assert.d/10-a", "never A B w\n", 12);
	tmp_put("assert.d/30-c~", "bad line\n", 9);
	tmp_put("assert.d/.hidden", "bad line\n", 9);
	ck_assert_int_eq(smack_policy_load(policy, "/", tmpdir, 0), 0);
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach(policy, SMACK_POLICY_ASSERT,
					      list_entry, NULL), 0);
	snprintf(path, sizeof(path),
		 "%s/assert.d/10-a:1:1 never A B w\n"
		 "%s/assert.d/20-b:1:1 always B C r\n", tmpdir, tmpdir);
	ck_assert_str_eq(listed, path);
	ck_assert_str_eq(logged, "");
	unlink(tmp_path("assert.d/10-a"));
	unlink(tmp_path("assert.d/20-b"));
	unlink(tmp_path("assert.d/30-c~"));
	unlink(tmp_path("assert.d/.hidden"));
	snprintf(path, sizeof(path), "%s/assert.d", tmpdir);
	rmdir(path);
	tmpdir_remove();
}
END_TEST

START_TEST(errors_name_file_line_and_column_and_load_nothing)
{
	errno = 0;
	ck_assert_int_eq(add(SMACK_POLICY_ASSERT, "bad",
			     "never A B r\n"
			     "sometimes A B r\n"
			     "never A\n"
			     "never A B r x\n"
			     "never a/b* B r\n"
			     "always A\\b B r\n"
			     "never -* B r\n"
			     "never A B -\n"
			     "always A B q\n"), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_str_eq(logged,
		"bad:2:1: unknown word \"sometimes\" (never or always)\n"
		"bad:3:8: expected 4 fields (never or always, SUBJECT, "
		"OBJECT, ACCESS), found 2\n"
		"bad:4:13: expected 4 fields (never or always, SUBJECT, "
		"OBJECT, ACCESS), found 5\n"
		"bad:5:7: label pattern \"a/b*\" contains '/'\n"
		"bad:6:8: label pattern \"A\\134b\" contains '\\'\n"
		"bad:7:7: label pattern \"-*\" starts with '-'\n"
		"bad:8:11: access \"-\" names no letter\n"
		"bad:9:12: unknown access letter 'q' in \"q\"\n");
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_ASSERT), 0);
	ck_assert_int_eq(smack_policy_check_asserts(policy, record, NULL), 0);
}
END_TEST

START_TEST(a_pattern_may_be_as_long_as_a_label)
{
	char line[3 * SMACK_LABEL_LEN];

	memset(line, 0, sizeof(line));
	strcpy(line, "never *");
	memset(line + 7, 'L', SMACK_LABEL_LEN);
	strcat(line, "\\* B r\n");
	ck_assert_int_eq(add(SMACK_POLICY_ASSERT, "long", line), -1);
	ck_assert_ptr_nonnull(strstr(logged, "long:1:7: label pattern"));
	ck_assert_ptr_nonnull(strstr(logged, "is longer than 255"));
	logged[0] = '\0';
	strcpy(line + 7 + SMACK_LABEL_LEN, "* B r\n");
	asserts(line);
	ck_assert_str_eq(logged, "");
}
END_TEST

/* ------------------------------------------------------------ never */

START_TEST(never_names_the_rule_that_breaks_it)
{
	rules("App::a System::Keys r\nApp::b System::Keys w\n"
	      "Other System::Keys rwa\nApp::b System::Keys rx\n"
	      "App::c System::Keys w\n");
	asserts("never App::* System::Keys wa\n");
	/* App::b's last rule takes w away; App::c keeps it. */
	ck_assert_str_eq(check(), "1 App::c System::Keys w rule rules:5\n");
}
END_TEST

START_TEST(never_holds_when_nothing_grants)
{
	rules("App::a System::Keys r\nSystem::Keys App::a rwa\n");
	asserts("never App::* System::Keys wa\nnever App::a Other rwxatlb\n");
	ck_assert_str_eq(check(), "");
}
END_TEST

START_TEST(never_counts_lock_from_write)
{
	rules("A B w\nA B rw\n");
	asserts("never A B l\n");
	ck_assert_str_eq(check(), "1 A B l rule rules:2\n");
}
END_TEST

START_TEST(never_counts_the_built_in_rules)
{
	rules("X Y r\n");
	/* X is named; Lone only by its invariant. */
	asserts("never X _ rwl\n"
		"never Lone \\* w\n"
		"never @ Y a\n"
		"never Y @ a\n"
		"never ^ Y rw\n"
		"never \\* Y rwxatlb\n"
		"never Y Y t\n");
	ck_assert_str_eq(check(),
			 "1 X _ rl floor-object -\n"
			 "2 Lone * w star-object -\n"
			 "3 @ Y a web -\n"
			 "4 Y @ a web -\n"
			 "5 ^ Y r hat-subject -\n"
			 "7 Y Y t same -\n");
}
END_TEST

START_TEST(never_over_globs_reaches_every_label_and_the_system_ones)
{
	rules("App::a Data rw\nApp::b Data r\nSvc App::a w\n");
	asserts("never * Data w\n");
	/* Data with itself; "@" and "^" (no: w) as subjects. */
	ck_assert_str_eq(check(),
			 "1 App::a Data w rule rules:1\n"
			 "1 Data Data w same -\n"
			 "1 @ Data w web -\n");
}
END_TEST

START_TEST(a_break_of_two_reasons_is_two_reports)
{
	rules("X _ w\n");
	asserts("never X _ rw\n");
	ck_assert_str_eq(check(),
			 "1 X _ w rule rules:1\n"
			 "1 X _ r floor-object -\n");
}
END_TEST

/* ------------------------------------------------------------ always */

START_TEST(always_says_what_the_pair_lacks)
{
	rules("Browser Network r\nBrowser Network rw\nBrowser Disk r\n"
	      "Browser Disk -\n");
	asserts("always Browser Network rw\nalways Browser Disk r\n"
		"always Browser Camera x\nalways \\* Browser r\n");
	ck_assert_str_eq(check(),
			 "2 Browser Disk r rule rules:4\n"
			 "3 Browser Camera x no-rule -\n"
			 "4 * Browser r star-subject -\n");
}
END_TEST

START_TEST(always_over_globs_asks_every_pair)
{
	rules("App::a Net w\nApp::b Net r\nUser::App::c Net w\n");
	asserts("always App::* Net w\nalways *App::* Net w\n");
	ck_assert_str_eq(check(),
			 "1 App::b Net w rule rules:2\n"
			 "2 App::b Net w rule rules:2\n");
}
END_TEST

/* ------------------------------------------------------------ globs */

START_TEST(escaped_star_names_the_star_label_only)
{
	rules("A B r\n");
	/* Subject "*" alone, not every label: one break. */
	asserts("always \\* B w\n");
	ck_assert_str_eq(check(), "1 * B w star-subject -\n");
	breaks[0] = '\0';
	ck_assert_int_eq(smack_policy_check_asserts(policy, record, NULL), 1);
}
END_TEST

START_TEST(globs_match_any_run_and_a_star_inside_a_label)
{
	rules("a*b X w\naxyb X w\nab X w\naxb Y w\nxab X w\n");
	asserts("never a\\*b X w\nnever a*b X w\nnever *a X w\n");
	ck_assert_str_eq(check(),
			 "1 a*b X w rule rules:1\n"
			 "2 a*b X w rule rules:1\n"
			 "2 axyb X w rule rules:2\n"
			 "2 ab X w rule rules:3\n");
}
END_TEST

/* ------------------------------------------------------------ calls */

START_TEST(a_callback_stops_the_check)
{
	int stop = 1;

	rules("A B w\nC B w\n");
	asserts("never * B w\n");
	ck_assert_int_eq(smack_policy_check_asserts(policy, record, &stop), 1);
	ck_assert_str_eq(breaks, "1 A B w rule rules:1\n");
	ck_assert_int_eq(smack_policy_check_asserts(policy, NULL, NULL), 1);
	ck_assert_int_eq(smack_policy_check_asserts(NULL, NULL, NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("policy-assert");
	TCase *tc = tcase_create("assert.d");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, lines_are_read_with_where_they_were);
	tcase_add_test(tc, the_tree_reads_assert_d_in_name_order);
	tcase_add_test(tc, errors_name_file_line_and_column_and_load_nothing);
	tcase_add_test(tc, a_pattern_may_be_as_long_as_a_label);
	tcase_add_test(tc, never_names_the_rule_that_breaks_it);
	tcase_add_test(tc, never_holds_when_nothing_grants);
	tcase_add_test(tc, never_counts_lock_from_write);
	tcase_add_test(tc, never_counts_the_built_in_rules);
	tcase_add_test(tc,
		       never_over_globs_reaches_every_label_and_the_system_ones);
	tcase_add_test(tc, a_break_of_two_reasons_is_two_reports);
	tcase_add_test(tc, always_says_what_the_pair_lacks);
	tcase_add_test(tc, always_over_globs_asks_every_pair);
	tcase_add_test(tc, escaped_star_names_the_star_label_only);
	tcase_add_test(tc, globs_match_any_run_and_a_star_inside_a_label);
	tcase_add_test(tc, a_callback_stops_the_check);
	suite_add_tcase(s, tc);
	return s;
}
