// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * struct smack_policy, the read side: a tree of every kind read into
 * memory with the file, line and column of each entry; all or nothing,
 * SMACK_POLICY_KEEP_GOING, SMACK_POLICY_MISSING_OK and
 * SMACK_POLICY_SYSTEMD; the log callback; the questions (pairs, access
 * with its reason, labels.d paths).  The knobs: test-policy-knobs.c.
 */
#include "test-policy.h"

/* A tree with a file of every kind, comments and blank lines between the
 * entries, and blanks before some. */
static void put_tree(void)
{
	put("etc/smack/accesses.d/10-base",
	    "# the base\nSystem User rwx\n\n  User System r\n"
	    "\tSystem Other rw x\nOther System -\n");
	put("etc/smack/accesses.d/20-more", "App Data rw\nApp Data - w\n");
	put("etc/smack/cipso.d/maps", "# format: list\nSecret 3 5 1\n");
	put("etc/smack/netlabel.d/hosts", "\n192.168.1.0/24 Net\n");
	put("etc/smack/onlycap", "# who may administer\n  Admin\n# more\n"
	    "Admin2\n");
	put("etc/smack/logging", "denied\n");
	put("etc/smack/ambient", "Floor\n");
	put("etc/smack/labels.d/files",
	    "/data(/.*)? access=Data transmute # a comment\n"
	    "\n/data/bin/.* -- execute=\"App\" access=Data\n"
	    "/data/keep -d <<none>>\n");
}

START_TEST(tree_entries_say_where_they_were_read)
{
	put_tree();
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack", 0),
			 0);
	ck_assert_str_eq(logged, "");
	ck_assert_str_eq(list_kind(SMACK_POLICY_RULE),
		"1 etc/smack/accesses.d/10-base:2:1 System User rwx\n"
		"1 etc/smack/accesses.d/10-base:4:3 User System r\n"
		"1 etc/smack/accesses.d/10-base:5:2 System Other rw x\n"
		"1 etc/smack/accesses.d/10-base:6:1 Other System -\n"
		"1 etc/smack/accesses.d/20-more:1:1 App Data rw\n"
		"1 etc/smack/accesses.d/20-more:2:1 App Data - w\n");
	ck_assert_str_eq(list_kind(SMACK_POLICY_CIPSO),
		"2 etc/smack/cipso.d/maps:2:1 Secret 3 1 5\n");
	ck_assert_str_eq(list_kind(SMACK_POLICY_NETLABEL),
		"3 etc/smack/netlabel.d/hosts:2:1 192.168.1.0/24 Net\n");
	/* The knob files in the order of smack_knob_name(). */
	ck_assert_str_eq(list_kind(SMACK_POLICY_KNOB),
		"4 etc/smack/onlycap:2:3 onlycap=Admin Admin2\n"
		"4 etc/smack/ambient:1:1 ambient=Floor\n"
		"4 etc/smack/logging:1:1 logging=1\n");
	ck_assert_str_eq(list_kind(SMACK_POLICY_LABELS),
		"5 etc/smack/labels.d/files:1:1 /data(/.*)? * 1 Data - -\n"
		"5 etc/smack/labels.d/files:3:1 /data/bin/.* - 0 Data App -\n"
		"5 etc/smack/labels.d/files:4:1 /data/keep d 2 - - -\n");
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_RULE), 6);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_KNOB), 3);
	ck_assert_uint_eq(smack_policy_count(policy, 0), 14);
	ck_assert_str_eq(smack_policy_dir(policy), tmp_path("etc/smack"));
}
END_TEST

START_TEST(foreach_stops_and_refuses_bad_arguments)
{
	int stop = 7;

	put_tree();
	ck_assert_int_eq(smack_policy_load(policy, NULL,
					   tmp_path("etc/smack"), 0), 0);
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach(policy, 0, list_entry, &stop),
			 7);
	ck_assert_ptr_nonnull(strstr(listed, "System User rwx\n"));
	ck_assert_ptr_null(strchr(strchr(listed, '\n') + 1, '\n'));
	errno = 0;
	ck_assert_int_eq(smack_policy_foreach(policy, 99, list_entry, NULL),
			 -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_policy_foreach(NULL, 0, list_entry, NULL), -1);
	ck_assert_uint_eq(smack_policy_count(NULL, 0), 0);
	ck_assert_ptr_null(smack_policy_dir(NULL));
	ck_assert_int_eq(smack_policy_new(NULL), -1);
	ck_assert_int_eq(smack_policy_add_path(policy, 0, tmpdir, 0), -1);
	ck_assert_int_eq(errno, EINVAL);
	smack_policy_free(NULL);
}
END_TEST

START_TEST(foreach_pair_gives_each_rule_of_the_pair)
{
	put_tree();
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "etc/smack", 0),
			 0);
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach_pair(policy, "App", "Data",
						   list_entry, NULL), 0);
	ck_assert_str_eq(listed,
		"1 etc/smack/accesses.d/20-more:1:1 App Data rw\n"
		"1 etc/smack/accesses.d/20-more:2:1 App Data - w\n");
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach_pair(policy, "Data", "App",
						   list_entry, NULL), 0);
	ck_assert_int_eq(smack_policy_foreach_pair(policy, "Nobody", "App",
						   list_entry, NULL), 0);
	ck_assert_str_eq(listed, "");
}
END_TEST

/* ------------------------------------------------------------ access */

static void check_access(const char *s, const char *o, const char *a,
			 int want, int want_reason)
{
	int reason = 0;

	ck_assert_msg(smack_policy_have_access(policy, s, o, a, &reason,
					       NULL) == want,
		      "%s %s %s is not %d", s, o, a, want);
	ck_assert_msg(reason == want_reason, "%s %s %s: reason %d, not %d",
		      s, o, a, reason, want_reason);
}

START_TEST(have_access_gives_every_reason)
{
	unsigned int granted = 99;

	put("rules", "S O rw\nS O - w\nS None -\nW O rw\nS2 O2 w\n"
	    "* O rwx\nS _ w\n");
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       tmp_path("rules"), 0), 0);
	check_access("S", "O", "r", 1, SMACK_REASON_RULE);
	check_access("S", "O", "rw", 0, SMACK_REASON_RULE);
	check_access("S", "None", "", 0, SMACK_REASON_RULE);
	check_access("S2", "O2", "l", 1, SMACK_REASON_RULE);	/* w gives l */
	check_access("S", "Other", "r", 0, SMACK_REASON_NO_RULE);
	check_access("S", "Other", "", 0, SMACK_REASON_NO_RULE);
	check_access("*", "O", "r", 0, SMACK_REASON_STAR_SUBJECT);
	check_access("*", "*", "r", 0, SMACK_REASON_STAR_SUBJECT);
	check_access("@", "O", "rwx", 1, SMACK_REASON_WEB);
	check_access("S", "@", "w", 1, SMACK_REASON_WEB);
	check_access("S", "*", "rwxatl", 1, SMACK_REASON_STAR_OBJECT);
	check_access("S", "S", "rwxatl", 1, SMACK_REASON_SAME_LABEL);
	check_access("S", "_", "rx", 1, SMACK_REASON_FLOOR_OBJECT);
	check_access("S", "_", "l", 1, SMACK_REASON_FLOOR_OBJECT);
	/* Past the floor's letters, the pair's rules decide. */
	check_access("S", "_", "w", 1, SMACK_REASON_RULE);
	check_access("S", "_", "rl", 0, SMACK_REASON_RULE);
	check_access("S2", "_", "rl", 0, SMACK_REASON_NO_RULE);
	check_access("^", "O", "x", 1, SMACK_REASON_HAT_SUBJECT);
	check_access("^", "O", "w", 0, SMACK_REASON_NO_RULE);
	ck_assert_int_eq(smack_policy_have_access(policy, "S", "O", "r", NULL,
						  &granted), 1);
	ck_assert_uint_eq(granted, SMACK_ACCESS_READ);
	errno = 0;
	ck_assert_int_eq(smack_policy_have_access(policy, "S", "O", "q", NULL,
						  NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_policy_have_access(policy, "", "O", "r", NULL,
						  NULL), -1);
	ck_assert_int_eq(smack_policy_have_access(policy, "S", "O/", "r", NULL,
						  NULL), -1);
}
END_TEST

START_TEST(have_access_follows_rules_added_later)
{
	put("a", "S O r\n");
	put("b", "S O rw\n");
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       tmp_path("a"), 0), 0);
	check_access("S", "O", "w", 0, SMACK_REASON_RULE);
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       tmp_path("b"), 0), 0);
	check_access("S", "O", "w", 1, SMACK_REASON_RULE);
}
END_TEST

/* ------------------------------------------------------------ labels.d */

static const char *matched(const char *path, mode_t mode)
{
	struct smack_policy_entry e;
	int ret = smack_policy_match_path(policy, path, mode, &e);

	ck_assert_int_ge(ret, 0);
	if (ret == 0)
		return "none";
	listed[0] = '\0';
	list_entry(NULL, &e);
	return strchr(listed, ' ') + 1;
}

START_TEST(match_path_last_match_wins)
{
	put_tree();
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_LABELS,
			 tmp_path("etc/smack/labels.d"), 0), 0);
	ck_assert_str_eq(matched("/data/x", S_IFREG),
		"etc/smack/labels.d/files:1:1 /data(/.*)? * 1 Data - -\n");
	ck_assert_str_eq(matched("/data/bin/sh", S_IFREG),
		"etc/smack/labels.d/files:3:1 /data/bin/.* - 0 Data App -\n");
	/* The type of line 3 is a regular file's. */
	ck_assert_str_eq(matched("/data/bin/lib", S_IFDIR),
		"etc/smack/labels.d/files:1:1 /data(/.*)? * 1 Data - -\n");
	ck_assert_str_eq(matched("/data/keep", S_IFDIR),
		"etc/smack/labels.d/files:4:1 /data/keep d 2 - - -\n");
	/* Anchored at both ends. */
	ck_assert_str_eq(matched("/other/data", S_IFREG), "none");
	ck_assert_str_eq(matched("/database", S_IFREG), "none");
	ck_assert_int_eq(smack_policy_match_path(policy, NULL, 0, NULL), -1);
}
END_TEST

START_TEST(labels_errors_name_line_and_column)
{
	put("spec", "/a access=Good\n/b  access=\"Bad\n/c -q access=X\n"
	    "/d\n/e <<none>> access=Y\n/f execute=*\n");
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_LABELS,
					       tmp_path("spec"), 0), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_nonnull(strstr(logged, "spec:2:5: access value has an"
				     " unmatched '\"'\n"));
	ck_assert_ptr_nonnull(strstr(logged, "spec:3:4: unknown file type"));
	ck_assert_ptr_nonnull(strstr(logged, "spec:4:3: no attributes"));
	ck_assert_ptr_nonnull(strstr(logged, "spec:5:13: <<none>> stands"
				     " alone\n"));
	ck_assert_ptr_nonnull(strstr(logged, "spec:6:4: execute label"));
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_LABELS), 0);
}
END_TEST

/* ------------------------------------------------- all or nothing */

START_TEST(an_error_loads_nothing_of_the_call)
{
	put_tree();
	put("etc/smack/accesses.d/30-bad", "Good Rule r\nBad Rule q\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack", 0),
			 -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_nonnull(strstr(logged, "accesses.d/30-bad:2:10: "));
	ck_assert_uint_eq(smack_policy_count(policy, 0), 0);
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach(policy, 0, list_entry, NULL), 0);
	ck_assert_str_eq(listed, "");
}
END_TEST

START_TEST(keep_going_keeps_the_files_without_errors)
{
	put_tree();
	put("etc/smack/accesses.d/30-bad", "Good Rule r\nBad Rule q\n");
	put("etc/smack/logging", "loud\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack",
					   SMACK_POLICY_KEEP_GOING), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_RULE), 6);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_KNOB), 2);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_LABELS), 3);
	check_access("Good", "Rule", "r", 0, SMACK_REASON_NO_RULE);
	ck_assert_str_eq(list_kind(SMACK_POLICY_KNOB),
		"4 etc/smack/onlycap:2:3 onlycap=Admin Admin2\n"
		"4 etc/smack/ambient:1:1 ambient=Floor\n");
}
END_TEST

START_TEST(missing_paths)
{
	errno = 0;
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       tmp_path("none"), 0), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_ptr_nonnull(strstr(logged, "none:0:0: cannot open"));
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       tmp_path("none"),
					       SMACK_POLICY_MISSING_OK), 0);
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/none", 0), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/none",
					   SMACK_POLICY_MISSING_OK), 0);
	ck_assert_uint_eq(smack_policy_count(policy, 0), 0);
	/* The default tree may be missing below a root, not the root. */
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, NULL, 0), 0);
	ck_assert_int_eq(smack_policy_load(policy, tmp_path("none"), NULL, 0),
			 -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(smack_policy_load(policy, tmp_path("none"), NULL,
					   SMACK_POLICY_MISSING_OK), -1);
	/* Every part of a tree may be missing. */
	put("etc/smack/logging", "0\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "etc/smack", 0), 0);
	ck_assert_uint_eq(smack_policy_count(policy, 0), 1);
}
END_TEST

START_TEST(log_callback_gets_errors_with_their_place)
{
	char want[2][PATH_MAX + 64];

	put("etc/smack/accesses.d/bad", "\n  S O q\n");
	put("etc/smack/onlycap", "Good Bad/\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack",
					   SMACK_POLICY_KEEP_GOING), -1);
	snprintf(want[0], sizeof(want[0]), "%d %s:2:7: ", LOG_ERR,
		 tmp_path("etc/smack/accesses.d/bad"));
	snprintf(want[1], sizeof(want[1]), "%d %s:1:6: label \"Bad/\" ",
		 LOG_ERR, tmp_path("etc/smack/onlycap"));
	ck_assert_ptr_eq(strstr(logged, want[0]), logged);
	ck_assert_ptr_nonnull(strstr(logged, want[1]));
	/* Without a callback nothing is said, and the call fails alike. */
	smack_policy_set_log_fn(policy, NULL, NULL);
	logged[0] = '\0';
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack", 0),
			 -1);
	ck_assert_str_eq(logged, "");
}
END_TEST

/* SMACK_POLICY_SYSTEMD: a warning for each line systemd reads otherwise,
 * once the call read everything. */
START_TEST(systemd_warnings_name_file_and_line)
{
	put("etc/smack/accesses.d/r", "A B r\n  # a web server\n# first\n");
	put("etc/smack/cipso.d/c", "Secret 5 1 2 3\nOther 3 4\n");
	put("etc/smack/netlabel.d/n", "# the lan\n10.0.0.0/8 Lan\n");
	put("etc/smack/onlycap", "_\n\t; indented\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack",
					   SMACK_POLICY_SYSTEMD), 0);
	ck_assert_ptr_nonnull(strstr(logged, "/accesses.d/r:2:0: an indented"
				     " comment: "));
	ck_assert_ptr_nonnull(strstr(logged, "/cipso.d/c:1:0: systemd's"
				     " loader writes this line to cipso2"));
	ck_assert_ptr_nonnull(strstr(logged, "(2 such lines in the file;"));
	ck_assert_ptr_nonnull(strstr(logged, "/netlabel.d/n:1:0: a comment"));
	ck_assert_ptr_nonnull(strstr(logged, "/onlycap:2:0: an indented"));
	ck_assert_ptr_eq(strstr(logged, "4 "), logged);	/* LOG_WARNING */
	ck_assert_ptr_null(strstr(logged, "\n3 "));
	/* Nothing when a file has an error. */
	put("etc/smack/accesses.d/s", "A B q\n");
	logged[0] = '\0';
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack",
					   SMACK_POLICY_SYSTEMD), -1);
	ck_assert_ptr_null(strstr(logged, "indented"));
}
END_TEST

START_TEST(add_fd_names_the_file_as_given)
{
	int fd;

	put("f", "# x\nA B r\n");
	fd = open(tmp_path("f"), O_RDONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(smack_policy_add_fd(policy, SMACK_POLICY_RULE, fd,
					     "-", 0), 0);
	close(fd);
	listed[0] = '\0';
	smack_policy_foreach(policy, SMACK_POLICY_RULE, list_entry, NULL);
	ck_assert_str_eq(listed, "1 -:2:1 A B r\n");
	ck_assert_int_eq(smack_policy_add_fd(policy, SMACK_POLICY_RULE, -1,
					     "-", 0), -1);
}
END_TEST

START_TEST(a_knob_file_is_named_by_its_name)
{
	put("onlycap", "; nobody\n-\n");
	put("ambient", "A B\n");
	put("unknown", "x\n");
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_KNOB,
					       tmp_path("onlycap"), 0), -1);
	ck_assert_ptr_nonnull(strstr(logged, "onlycap:2:1:"));
	logged[0] = '\0';
	put("onlycap", "; nobody\n");
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_KNOB,
					       tmp_path("onlycap"), 0), 0);
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_KNOB,
					       tmp_path("ambient"), 0), -1);
	ck_assert_ptr_nonnull(strstr(logged, "ambient:1:3: ambient: \"B\""
				     " takes a single value"));
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_KNOB,
					       tmp_path("unknown"), 0), -1);
	ck_assert_ptr_nonnull(strstr(logged, "unknown:0:0: is no knob's"));
	ck_assert_str_eq(list_kind(SMACK_POLICY_KNOB),
			 "4 onlycap:0:0 onlycap=-\n");
}
END_TEST

/* Each comment as "FILE:LINE:COL TEXT", FILE relative to tmpdir. */
static int list_comment(void *userdata, const char *file, unsigned int line,
			unsigned int column, const char *text)
{
	size_t len = strlen(listed);

	snprintf(listed + len, sizeof(listed) - len, "%s:%u:%u %s\n",
		 file + strlen(tmpdir) + 1, line, column, text);
	return 0;
}

START_TEST(comments_are_kept_with_where_they_were_read)
{
	put("etc/smack/accesses.d/a", "# lint: ignore duplicate\nA B r\n"
	    "\t ; indented\r\nC D r\n");
	put("etc/smack/accesses.d/b", "# gone with its file\nA B q\n");
	put("etc/smack/cipso.d/c", "#c\nL 1 2\n");
	put("etc/smack/onlycap", "# admins\nA\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack",
					   SMACK_POLICY_KEEP_GOING |
					   SMACK_POLICY_COMMENTS), -1);
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach_comment(policy, list_comment,
						      NULL), 0);
	ck_assert_str_eq(listed,
			 "etc/smack/accesses.d/a:1:1 # lint: ignore duplicate\n"
			 "etc/smack/accesses.d/a:3:3 ; indented\n"
			 "etc/smack/cipso.d/c:1:1 #c\n"
			 "etc/smack/onlycap:1:1 # admins\n");
	ck_assert_int_eq(smack_policy_foreach_comment(NULL, list_comment,
						      NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_policy_foreach_comment(policy, NULL, NULL), -1);
	/* Without the flag, none are kept. */
	smack_policy_free(policy);
	ck_assert_int_eq(smack_policy_new(&policy), 0);
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
			 tmp_path("etc/smack/accesses.d/a"), 0), 0);
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach_comment(policy, list_comment,
						      NULL), 0);
	ck_assert_str_eq(listed, "");
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("policy");
	TCase *tc = tcase_create("read");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, tree_entries_say_where_they_were_read);
	tcase_add_test(tc, comments_are_kept_with_where_they_were_read);
	tcase_add_test(tc, foreach_stops_and_refuses_bad_arguments);
	tcase_add_test(tc, foreach_pair_gives_each_rule_of_the_pair);
	tcase_add_test(tc, an_error_loads_nothing_of_the_call);
	tcase_add_test(tc, keep_going_keeps_the_files_without_errors);
	tcase_add_test(tc, missing_paths);
	tcase_add_test(tc, log_callback_gets_errors_with_their_place);
	tcase_add_test(tc, add_fd_names_the_file_as_given);
	tcase_add_test(tc, systemd_warnings_name_file_and_line);
	tcase_add_test(tc, a_knob_file_is_named_by_its_name);
	suite_add_tcase(s, tc);
	tc = tcase_create("questions");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, have_access_gives_every_reason);
	tcase_add_test(tc, have_access_follows_rules_added_later);
	tcase_add_test(tc, match_path_last_match_wins);
	tcase_add_test(tc, labels_errors_name_line_and_column);
	suite_add_tcase(s, tc);
	return s;
}
