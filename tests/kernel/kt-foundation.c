// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel tests of the foundation, run inside UML by
 * cases/lib-foundation.sh: smackfs discovery and the label length limit,
 * checked against what the kernel itself accepts.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "check-main.h"

START_TEST(smackfs_path_found)
{
	const char *path = smack_smackfs_path();

	ck_assert_ptr_nonnull(path);
	/* The string libsmack 1.3 returned, final slash included. */
	ck_assert_str_eq(path, "/sys/fs/smackfs/");
	ck_assert_int_ge(smackfs_dirfd(), 0);
}
END_TEST

/* Writes "subject object r" to load2 and returns write()'s result. */
static ssize_t load_rule_with_subject(const char *subject)
{
	char rule[600];
	ssize_t n;
	int fd = smackfs_open("load2", O_WRONLY);

	ck_assert_int_ge(fd, 0);
	snprintf(rule, sizeof(rule), "%s KtObject r\n", subject);
	n = write(fd, rule, strlen(rule));
	close(fd);
	return n;
}

START_TEST(label_length_matches_kernel)
{
	char label[257];

	memset(label, 'L', 256);
	label[255] = '\0';
	ck_assert_int_eq(smack_label_length(label), 255);
	ck_assert_int_gt(load_rule_with_subject(label), 0);

	label[255] = 'L';
	label[256] = '\0';
	ck_assert_int_lt(smack_label_length(label), 0);
	ck_assert_int_lt(load_rule_with_subject(label), 0);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("kernel-foundation");
	TCase *tc = tcase_create("foundation");

	tcase_add_test(tc, smackfs_path_found);
	tcase_add_test(tc, label_length_matches_kernel);
	suite_add_tcase(s, tc);
	return s;
}
