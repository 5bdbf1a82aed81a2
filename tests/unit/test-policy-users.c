// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The users file (libsmack/policy-users.c): its entries read with where
 * they were, its errors at FILE:LINE:COL, the file in the tree, and
 * smack_policy_user_label(): NAME, @GROUP, *, %u, the first match, "-",
 * the label checked once %u is replaced, a user whose groups are not
 * known.
 */
#include "test-policy.h"

/* Reads text as the users file "users" of the scratch directory. */
static int users(const char *text)
{
	put("users", text);
	logged[0] = '\0';
	return smack_policy_add_path(policy, SMACK_POLICY_USERS,
				     tmp_path("users"), 0);
}

static const char *const staff[] = { "alice", "staff" };

/* The label user gets with groups (NULL: not known); "(leave)" for an
 * entry "-", "(none)" when no entry names the user, "(error)"; the entry
 * as "LINE:COL WHO LABEL". */
static char got[512];

static const char *lookup(const char *user, const char *const *groups,
			  size_t ngroups)
{
	struct smack_policy_entry e;
	char *label = (char *)"unset";
	int ret;

	logged[0] = '\0';
	ret = smack_policy_user_label(policy, user, groups, ngroups, &label,
				      &e);
	if (ret <= 0)
		ck_assert_ptr_null(label);
	if (ret == 0)
		ck_assert(!e.file && !e.user && !e.line);
	else
		ck_assert_int_eq(e.kind, SMACK_POLICY_USERS);
	snprintf(got, sizeof(got), "%s %u:%u %s %s",
		 ret < 0 ? "(error)" : ret == 0 ? "(none)" :
		 label ? label : "(leave)", e.line, e.column,
		 e.user ? e.user : "-", e.label ? e.label : "-");
	free(label);
	return got;
}

START_TEST(entries_say_where_they_were_read)
{
	ck_assert_int_eq(users("# Users and their labels.\n"
			       "alice\tStaff\n\n"
			       "  @staff   Team::%u\n"
			       "carol -\r\n"
			       "; the rest\n"
			       "*\tUser::%u"), 0);
	ck_assert_str_eq(logged, "");
	ck_assert_str_eq(list_kind(SMACK_POLICY_USERS),
		"7 users:2:1 alice Staff\n"
		"7 users:4:3 @staff Team::%u\n"
		"7 users:5:1 carol -\n"
		"7 users:7:1 * User::%u\n");
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_USERS), 4);
}
END_TEST

START_TEST(a_file_with_an_error_adds_nothing)
{
	char line[300];

	ck_assert_int_eq(users("alice Staff\nbob\n"), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_USERS), 0);
	ck_assert_str_eq(lookup("alice", NULL, 0), "(none) 0:0 - -");
	memset(line, 'L', sizeof(line));
	memcpy(line, "* ", 2);
	line[258] = '\0';
	ck_assert_int_eq(users(line), -1);
	ck_assert_ptr_nonnull(strstr(logged, ":1:3: label \"LLL"));
	ck_assert_ptr_nonnull(strstr(logged,
				     " is longer than 255 characters\n"));
}
END_TEST

/* Each error at its line and column: the field at fault, or just past
 * the last one for a field missing. */
START_TEST(errors_name_line_and_column)
{
	char want[2048];
	const char *f = tmp_path("users");

	ck_assert_int_eq(users("bob\n@ Team\ndave a/b\n"), -1);
	snprintf(want, sizeof(want),
		 "3 %s:1:4: expected 2 fields (NAME, @GROUP or *, then LABEL or -), found 1\n"
		 "3 %s:2:1: \"@\" names no group\n"
		 "3 %s:3:6: label \"a/b\" contains '/'\n", f, f, f);
	ck_assert_str_eq(logged, want);
	ck_assert_int_eq(users("*x User\nerin -x\ncarol Staff Other\n"), -1);
	snprintf(want, sizeof(want),
		 "3 %s:1:1: \"*x\": '*' is a field of its own (anyone)\n"
		 "3 %s:2:6: label \"-x\" starts with '-'\n"
		 "3 %s:3:13: expected 2 fields (NAME, @GROUP or *, then LABEL or -), found 3\n",
		 f, f, f);
	ck_assert_str_eq(logged, want);
}
END_TEST

START_TEST(the_first_entry_that_names_the_user_wins)
{
	ck_assert_int_eq(users("alice Staff\n"
			       "@staff Team::%u\n"
			       "carol -\n"
			       "bob Other\n"
			       "* User::%u\n"), 0);
	ck_assert_str_eq(lookup("alice", staff, 2), "Staff 1:1 alice Staff");
	ck_assert_str_eq(lookup("bob", staff, 2),
			 "Team::bob 2:1 @staff Team::%u");
	ck_assert_str_eq(lookup("bob", staff, 1), "Other 4:1 bob Other");
	ck_assert_str_eq(lookup("carol", staff, 0), "(leave) 3:1 carol -");
	ck_assert_str_eq(lookup("dave", NULL, 0),
			 "(error) 2:1 @staff Team::%u");
	ck_assert_str_eq(lookup("dave", staff, 0),
			 "User::dave 5:1 * User::%u");
	ck_assert_str_eq(logged, "");
}
END_TEST

START_TEST(no_entry_names_the_user)
{
	ck_assert_str_eq(lookup("alice", NULL, 0), "(none) 0:0 - -");
	ck_assert_int_eq(users("bob Other\n@staff Team\n"), 0);
	ck_assert_str_eq(lookup("alice", staff + 1, 0), "(none) 0:0 - -");
	ck_assert_str_eq(lookup("alice", (const char *const[]){ "other" }, 1),
			 "(none) 0:0 - -");
	ck_assert_str_eq(lookup("bobby", staff, 1), "(none) 0:0 - -");
}
END_TEST

START_TEST(percent_u_is_the_users_name)
{
	ck_assert_int_eq(users("a U::%u%u\nb 100%%\nc %%u\nd %x%\ne %u\n"),
			 0);
	ck_assert_str_eq(lookup("a", NULL, 0), "U::aa 1:1 a U::%u%u");
	ck_assert_str_eq(lookup("b", NULL, 0), "100% 2:1 b 100%%");
	ck_assert_str_eq(lookup("c", NULL, 0), "%u 3:1 c %%u");
	ck_assert_str_eq(lookup("d", NULL, 0), "%x% 4:1 d %x%");
	ck_assert_str_eq(lookup("e", NULL, 0), "e 5:1 e %u");
}
END_TEST

START_TEST(the_label_is_checked_once_expanded)
{
	char user[300], want[1024];

	ck_assert_int_eq(users("alice Staff\n*  User::%u\n"), 0);
	ck_assert_str_eq(lookup("a/b", NULL, 0), "(error) 2:1 * User::%u");
	snprintf(want, sizeof(want), "3 %s:2:4: the label \"User::a/b\" for"
		 " user \"a/b\" contains '/'\n", tmp_path("users"));
	ck_assert_str_eq(logged, want);
	ck_assert_str_eq(lookup("ev\033il", NULL, 0),
			 "(error) 2:1 * User::%u");
	ck_assert_ptr_nonnull(strstr(logged, "\"User::ev\\033il\" for user"
				     " \"ev\\033il\" contains a control"));
	memset(user, 'u', sizeof(user));
	user[250] = '\0';
	ck_assert_str_eq(lookup(user, NULL, 0), "(error) 2:1 * User::%u");
	ck_assert_ptr_nonnull(strstr(logged, "is longer than 255 characters"));
	user[249] = '\0';	/* 6 + 249 */
	ck_assert_int_eq(strlen(lookup(user, NULL, 0)), 255 + 15);
	/* A bad entry of another user is not this one's. */
	ck_assert_str_eq(lookup("alice", NULL, 0), "Staff 1:1 alice Staff");
}
END_TEST

START_TEST(groups_not_known)
{
	char want[1024];

	ck_assert_int_eq(users("alice Staff\n@staff Team\n* User\n"), 0);
	ck_assert_str_eq(lookup("alice", NULL, 0), "Staff 1:1 alice Staff");
	ck_assert_str_eq(lookup("nosuchuser", NULL, 0),
			 "(error) 2:1 @staff Team");
	ck_assert_int_eq(errno, EINVAL);
	snprintf(want, sizeof(want), "3 %s:2:1: the groups of user"
		 " \"nosuchuser\" are not known: whether it is in group"
		 " \"staff\" cannot be told\n", tmp_path("users"));
	ck_assert_str_eq(logged, want);
	ck_assert_str_eq(lookup("nosuchuser", staff, 0), "User 3:1 * User");
}
END_TEST

START_TEST(bad_arguments)
{
	char *label;

	ck_assert_int_eq(users("* User\n"), 0);
	ck_assert_int_eq(smack_policy_user_label(NULL, "a", NULL, 0, &label,
						 NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_policy_user_label(policy, NULL, NULL, 0,
						 &label, NULL), -1);
	ck_assert_int_eq(smack_policy_user_label(policy, "", NULL, 0, &label,
						 NULL), -1);
	ck_assert_int_eq(smack_policy_user_label(policy, "a", NULL, 0, NULL,
						 NULL), -1);
	ck_assert_int_eq(smack_policy_user_label(policy, "a", NULL, 2, &label,
						 NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_policy_user_label(policy, "a", NULL, 0, &label,
						 NULL), 1);
	ck_assert_str_eq(label, "User");
	free(label);
}
END_TEST

START_TEST(the_file_in_the_tree)
{
	put("etc/smack/accesses.d/rules", "Staff Data r\n");
	put("etc/smack/users", "alice Staff\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack", 0),
			 0);
	ck_assert_str_eq(list_kind(SMACK_POLICY_USERS),
			 "7 etc/smack/users:1:1 alice Staff\n");
	ck_assert_str_eq(lookup("alice", NULL, 0), "Staff 1:1 alice Staff");
	/* A bad label in it is an error of the tree, as anywhere else. */
	put("etc/smack/users", "alice a/b\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack", 0),
			 -1);
	ck_assert_ptr_nonnull(strstr(logged, "etc/smack/users:1:7: label"
				     " \"a/b\" contains '/'"));
	/* A file, never a directory. */
	put("dir/users/10-a", "alice Staff\n");
	logged[0] = '\0';
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_USERS,
					       tmp_path("dir/users"), 0), -1);
	ck_assert_str_ne(logged, "");
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_USERS), 1);
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_USERS,
					       tmp_path("none"), 0), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_USERS,
					       tmp_path("none"),
					       SMACK_POLICY_MISSING_OK), 0);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("policy-users");
	TCase *tc = tcase_create("users");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, entries_say_where_they_were_read);
	tcase_add_test(tc, a_file_with_an_error_adds_nothing);
	tcase_add_test(tc, errors_name_line_and_column);
	tcase_add_test(tc, the_first_entry_that_names_the_user_wins);
	tcase_add_test(tc, no_entry_names_the_user);
	tcase_add_test(tc, percent_u_is_the_users_name);
	tcase_add_test(tc, the_label_is_checked_once_expanded);
	tcase_add_test(tc, groups_not_known);
	tcase_add_test(tc, bad_arguments);
	tcase_add_test(tc, the_file_in_the_tree);
	suite_add_tcase(s, tc);
	return s;
}
