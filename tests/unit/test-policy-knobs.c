// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The knobs by name (smack_knob_*), against a plain directory standing
 * for smackfs, and a knob's value read into a policy
 * (smack_policy_add_knob).
 */
#include "test-policy.h"

START_TEST(add_knob_takes_a_command_line_value)
{
	char list[8192];
	size_t i;

	ck_assert_int_eq(smack_policy_add_knob(policy, "onlycap",
					       "B  A\tB _"), 0);
	ck_assert_int_eq(smack_policy_add_knob(policy, "logging", "both"), 0);
	ck_assert_int_eq(smack_policy_add_knob(policy, "onlycap", "-"), 0);
	ck_assert_str_eq(list_kind(SMACK_POLICY_KNOB),
			 "4 (null):0:0 onlycap=B A _\n"
			 "4 (null):0:0 logging=3\n"
			 "4 (null):0:0 onlycap=-\n");
	ck_assert_int_eq(smack_policy_add_knob(policy, "ambient", "a\nb/c"),
			 -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_str_eq(logged, "3 -:0:0: ambient: label \"a\\012b/c\""
			 " contains a line break\n");
	ck_assert_int_eq(smack_policy_add_knob(policy, "direct", "256"), -1);
	/* The kernel takes a list in one write of a page. */
	memset(list, 'L', sizeof(list) - 1);
	list[sizeof(list) - 1] = '\0';
	for (i = 200; i < sizeof(list) - 2; i += 201) {
		list[i] = ' ';
		list[i + 1] = 'A' + i / 201 % 26;	/* no repeats */
	}
	logged[0] = '\0';
	ck_assert_int_eq(smack_policy_add_knob(policy, "onlycap", list), -1);
	ck_assert_ptr_nonnull(strstr(logged, "-:0:0: onlycap: the list is "));
	list[4000] = '\0';
	ck_assert_int_eq(smack_knob_check("onlycap", list), 0);
	ck_assert_int_eq(smack_policy_add_knob(policy, "nothing", "1"), -1);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_KNOB), 3);
}
END_TEST

START_TEST(knob_names_and_checks)
{
	const char *const *words;
	unsigned int i;
	int kind;

	for (i = 0; smack_knob_name(i); i++)
		;
	ck_assert_uint_eq(i, 9);
	ck_assert_str_eq(smack_knob_name(0), "onlycap");
	ck_assert_int_eq(smack_knob_info("logging", &kind, &words), 0);
	ck_assert_int_eq(kind, SMACK_KNOB_NUMBER);
	ck_assert_str_eq(words[1], "denied");
	ck_assert_int_eq(smack_knob_info("onlycap", &kind, &words), 0);
	ck_assert_int_eq(kind, SMACK_KNOB_LIST);
	ck_assert_ptr_null(words);
	ck_assert_int_eq(smack_knob_info("ambient", &kind, NULL), 0);
	ck_assert_int_eq(kind, SMACK_KNOB_LABEL);
	ck_assert_int_eq(smack_knob_info("none", NULL, NULL), -1);
	ck_assert_int_eq(smack_knob_check("logging", "both"), 0);
	ck_assert_int_eq(smack_knob_check("logging", "3"), 0);
	ck_assert_int_eq(smack_knob_check("logging", "4"), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_knob_check("doi", "0"), -1);
	ck_assert_int_eq(smack_knob_check("doi", "4294967295"), 0);
	ck_assert_int_eq(smack_knob_check("onlycap", "-"), 0);
	ck_assert_int_eq(smack_knob_check("onlycap", "A  B\tC"), 0);
	ck_assert_int_eq(smack_knob_check("onlycap", "A B/"), -1);
	ck_assert_int_eq(smack_knob_check("ambient", "A B"), -1);
	ck_assert_int_eq(smack_knob_check("ambient", ""), -1);
	ck_assert_int_eq(smack_knob_check("nothing", "1"), -1);
	ck_assert_int_eq(smack_knob_check("logging", NULL), -1);
}
END_TEST

START_TEST(knob_get_and_set_through_smackfs)
{
	char *value;

	ck_assert_int_eq(smackfs_override(tmpdir), 0);
	tmp_put("logging", "", 0);
	tmp_put("onlycap", "", 0);
	ck_assert_int_eq(smack_knob_set("logging", "accepted", 0), 0);
	ck_assert_str_eq(tmp_get("logging", NULL), "2");
	ck_assert_int_eq(smack_knob_get("logging", &value), 0);
	ck_assert_str_eq(value, "2");
	free(value);
	tmp_put("onlycap", "A B\n", 4);
	ck_assert_int_eq(smack_knob_get("onlycap", &value), 0);
	ck_assert_str_eq(value, "A B");
	free(value);
	/* The guard: this process has no label in the list (on the host,
	 * none at all). */
	errno = 0;
	ck_assert_int_eq(smack_knob_set("onlycap", "Admin", 0), -1);
	ck_assert_int_eq(errno, ECANCELED);
	ck_assert_int_eq(smack_knob_set("onlycap", "Admin",
					SMACK_PLAN_FORCE), 0);
	ck_assert_int_eq(smack_knob_set("onlycap", "-", 0), 0);
	ck_assert_int_eq(smack_knob_set("ambient", "a/b", 0), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_knob_get("ptrace", &value), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(smack_knob_get("none", &value), -1);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

START_TEST(knob_check_only_guards_and_writes_nothing)
{
	ck_assert_int_eq(smackfs_override(tmpdir), 0);
	tmp_put("logging", "0\n", 2);
	tmp_put("onlycap", "", 0);
	ck_assert_int_eq(smack_knob_set("logging", "accepted",
					SMACK_KNOB_CHECK_ONLY), 0);
	ck_assert_str_eq(tmp_get("logging", NULL), "0\n");
	ck_assert_int_eq(smack_knob_set("logging", "9",
					SMACK_KNOB_CHECK_ONLY), -1);
	ck_assert_int_eq(errno, EINVAL);
	errno = 0;
	ck_assert_int_eq(smack_knob_set("onlycap", "Admin",
					SMACK_KNOB_CHECK_ONLY), -1);
	ck_assert_int_eq(errno, ECANCELED);
	ck_assert_int_eq(smack_knob_set("onlycap", "Admin",
					SMACK_KNOB_CHECK_ONLY |
					SMACK_PLAN_FORCE), 0);
	ck_assert_str_eq(tmp_get("onlycap", NULL), "");
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("policy-knobs");
	TCase *tc = tcase_create("knobs");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, knob_names_and_checks);
	tcase_add_test(tc, add_knob_takes_a_command_line_value);
	tcase_add_test(tc, knob_get_and_set_through_smackfs);
	tcase_add_test(tc, knob_check_only_guards_and_writes_nothing);
	suite_add_tcase(s, tc);
	return s;
}
