// SPDX-License-Identifier: GPL-2.0-or-later
/* Label validation and access strings (label.c, access.c). */
#include <errno.h>
#include <string.h>

#include "libsmack-internal.h"
#include "check-main.h"

static char *repeat(char c, size_t n)
{
	static char buf[1024];

	memset(buf, c, n);
	buf[n] = '\0';
	return buf;
}

START_TEST(label_lengths)
{
	ck_assert_int_eq(smack_label_length("a"), 1);
	ck_assert_int_eq(smack_label_length("Viewer"), 6);
	ck_assert_int_eq(smack_label_length(repeat('x', 255)), 255);
	ck_assert_int_eq(smack_label_length(repeat('x', 256)), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_label_length(""), -1);
	ck_assert_int_eq(smack_label_length(NULL), -1);
}
END_TEST

START_TEST(label_special_and_punctuation)
{
	const char *ok[] = { "_", "^", "*", "@", "?", "a:b", "a,b", "~", "!",
			     "#", "a-b", "System::Shared" };
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		ck_assert_int_eq(smack_label_length(ok[i]),
				 (ssize_t)strlen(ok[i]));
}
END_TEST

START_TEST(label_forbidden)
{
	struct { const char *label, *reason; } bad[] = {
		{ "a/b", "contains '/'" },
		{ "a\"b", "contains '\"'" },
		{ "a\\b", "contains '\\'" },
		{ "a'b", "contains \"'\"" },
		{ "a b", "contains a space" },
		{ "a\tb", "contains a tab" },
		{ "a\nb", "contains a line break" },
		{ "a\x01", "contains a control character" },
		{ "a\x7f", "contains a control character" },
		{ "a\xc3\xa9", "contains a byte outside printable ASCII" },
		{ "-a", "starts with '-'" },
		{ "", "is empty" },
	};
	const char *why;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why = NULL;
		ck_assert_int_eq(smack_label_validate(bad[i].label, &why), -1);
		ck_assert_str_eq(why, bad[i].reason);
	}
	ck_assert_int_eq(smack_label_validate(repeat('y', 300), &why), -1);
	ck_assert_str_eq(why, "is longer than 255 characters");
}
END_TEST

START_TEST(access_strings)
{
	unsigned int m;
	char buf[SMACK_ACCESS_STRLEN];

	ck_assert_int_eq(smack_access_from_string("rwxatlb", &m), 0);
	ck_assert_uint_eq(m, SMACK_ACCESS_ALL);
	ck_assert_str_eq(smack_access_to_string(m, buf), "rwxatlb");
	ck_assert_int_eq(smack_access_from_string("RWX", &m), 0);
	ck_assert_str_eq(smack_access_to_string(m, buf), "rwx");
	ck_assert_int_eq(smack_access_from_string("rRrRr", &m), 0);
	ck_assert_str_eq(smack_access_to_string(m, buf), "r");
	ck_assert_int_eq(smack_access_from_string("-", &m), 0);
	ck_assert_uint_eq(m, 0);
	ck_assert_str_eq(smack_access_to_string(0, buf), "-");
	ck_assert_int_eq(smack_access_from_string("r-x", &m), 0);
	ck_assert_str_eq(smack_access_to_string(m, buf), "rx");
	ck_assert_int_eq(smack_access_from_string("tl", &m), 0);
	ck_assert_str_eq(smack_access_to_string(m, buf), "tl");
	ck_assert_int_eq(smack_access_from_string("rwq", &m), -1);
	/* The empty string is no access, as in libsmack 1.3. */
	m = SMACK_ACCESS_ALL;
	ck_assert_int_eq(smack_access_from_string("", &m), 0);
	ck_assert_uint_eq(m, 0);
	ck_assert_int_eq(smack_access_from_string("r w", &m), -1);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("label");
	TCase *tc = tcase_create("label");

	tcase_add_test(tc, label_lengths);
	tcase_add_test(tc, label_special_and_punctuation);
	tcase_add_test(tc, label_forbidden);
	tcase_add_test(tc, access_strings);
	suite_add_tcase(s, tc);
	return s;
}
