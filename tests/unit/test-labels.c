// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File, process and socket labels (file-label.c, process.c): every bad
 * input, which must fail with EINVAL before anything reaches the kernel,
 * and the answers on a host where Smack is not active.  Labels on real
 * files are in test-labels-files.c; the kernel's answers in
 * tests/kernel/kt-labels.c.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "check-main.h"

/* A path whose lookup would fail with ENOENT: a function that reports
 * EINVAL for it has refused the value before touching the file. */
#define NO_FILE "/nonexistent/smack-test"

static char label256[SMACK_LABEL_LEN + 2];

static void setup(void)
{
	memset(label256, 'L', SMACK_LABEL_LEN + 1);
	label256[SMACK_LABEL_LEN + 1] = '\0';
}

#define ck_assert_fails(call, err) do { \
	errno = 0; \
	ck_assert_int_eq((call), -1); \
	ck_assert_int_eq(errno, (err)); \
} while (0)

static const char *const bad_labels[] = {
	"", "-x", "a/b", "a b", "a\tb", "lab\n", "a\"b", "a\\b", "a'b",
	"a\x7f", "\xc3\xa9",
};
#define N_BAD (sizeof(bad_labels) / sizeof(bad_labels[0]))

START_TEST(file_setters_refuse_bad_labels)
{
	const char *xattrs[] = { XATTR_NAME_SMACK, XATTR_NAME_SMACKEXEC,
				 XATTR_NAME_SMACKMMAP, XATTR_NAME_SMACKIPIN,
				 XATTR_NAME_SMACKIPOUT };
	size_t i, x;

	for (x = 0; x < sizeof(xattrs) / sizeof(xattrs[0]); x++) {
		for (i = 0; i < N_BAD; i++) {
			ck_assert_fails(smack_set_label_for_path(NO_FILE,
					xattrs[x], 1, bad_labels[i]), EINVAL);
			ck_assert_fails(smack_set_label_for_path(NO_FILE,
					xattrs[x], 0, bad_labels[i]), EINVAL);
			ck_assert_fails(smack_set_label_for_file(0,
					xattrs[x], bad_labels[i]), EINVAL);
		}
		ck_assert_fails(smack_set_label_for_path(NO_FILE, xattrs[x],
							 1, label256), EINVAL);
		ck_assert_fails(smack_set_label_for_file(0, xattrs[x],
							 label256), EINVAL);
		ck_assert_fails(smack_set_label_for_path(NO_FILE, xattrs[x],
							 1, NULL), EINVAL);
	}
}
END_TEST

START_TEST(exec_and_mmap_refuse_star_and_web)
{
	ck_assert_fails(smack_set_label_for_path(NO_FILE,
			XATTR_NAME_SMACKEXEC, 1, "*"), EINVAL);
	ck_assert_fails(smack_set_label_for_path(NO_FILE,
			XATTR_NAME_SMACKEXEC, 0, "@"), EINVAL);
	ck_assert_fails(smack_set_label_for_file(0,
			XATTR_NAME_SMACKMMAP, "*"), EINVAL);
	ck_assert_fails(smack_set_label_for_file(0,
			XATTR_NAME_SMACKMMAP, "@"), EINVAL);
	/* They are fine labels for everything else, and longer labels that
	 * start with them are ordinary labels. */
	ck_assert_fails(smack_set_label_for_path(NO_FILE,
			XATTR_NAME_SMACK, 1, "*"), ENOENT);
	ck_assert_fails(smack_set_label_for_path(NO_FILE,
			XATTR_NAME_SMACKEXEC, 1, "**"), ENOENT);
}
END_TEST

START_TEST(transmute_takes_only_TRUE)
{
	const char *bad[] = { "true", "TRUE\n", "1", "TRUEX", "TRU", "",
			      "Floor", "yes" };
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_fails(smack_set_label_for_path(NO_FILE,
				XATTR_NAME_SMACKTRANSMUTE, 1, bad[i]), EINVAL);
		ck_assert_fails(smack_set_label_for_file(0,
				XATTR_NAME_SMACKTRANSMUTE, bad[i]), EINVAL);
	}
	ck_assert_fails(smack_set_label_for_path(NO_FILE,
			XATTR_NAME_SMACKTRANSMUTE, 1, NULL), EINVAL);
	ck_assert_fails(smack_set_label_for_path(NO_FILE,
			XATTR_NAME_SMACKTRANSMUTE, 1, "TRUE"), ENOENT);
}
END_TEST

START_TEST(file_functions_refuse_bad_arguments)
{
	char *label = NULL;

	/* Only Smack's attributes. */
	ck_assert_fails(smack_set_label_for_path(NO_FILE, "user.x", 1, "a"),
			EINVAL);
	ck_assert_fails(smack_set_label_for_path(NO_FILE, "security.SMACK",
						 1, "a"), EINVAL);
	ck_assert_fails(smack_new_label_from_path(NO_FILE, "user.x", 1,
						  &label), EINVAL);
	ck_assert_fails(smack_remove_label_for_path(NO_FILE, "security.selinux",
						    1), EINVAL);
	ck_assert_fails(smack_set_label_for_path(NO_FILE, NULL, 1, "a"),
			EINVAL);
	ck_assert_fails(smack_new_label_from_file(0, NULL, &label), EINVAL);
	ck_assert_fails(smack_remove_label_for_file(0, NULL), EINVAL);
	/* No path, no descriptor, nowhere to put the label. */
	ck_assert_fails(smack_set_label_for_path(NULL, XATTR_NAME_SMACK, 1,
						 "a"), EINVAL);
	ck_assert_fails(smack_new_label_from_path(NULL, XATTR_NAME_SMACK, 0,
						  &label), EINVAL);
	ck_assert_fails(smack_remove_label_for_path(NULL, XATTR_NAME_SMACK,
						    0), EINVAL);
	ck_assert_fails(smack_new_label_from_path(NO_FILE, XATTR_NAME_SMACK,
						  1, NULL), EINVAL);
	ck_assert_fails(smack_new_label_from_file(0, XATTR_NAME_SMACK, NULL),
			EINVAL);
	ck_assert_fails(smack_set_label_for_file(-1, XATTR_NAME_SMACK, "a"),
			EBADF);
	ck_assert_fails(smack_new_label_from_file(-1, XATTR_NAME_SMACK,
						  &label), EBADF);
	ck_assert_fails(smack_remove_label_for_file(-1, XATTR_NAME_SMACK),
			EBADF);
	ck_assert_ptr_null(label);
	/* A well-formed call reaches the file system. */
	ck_assert_fails(smack_new_label_from_path(NO_FILE, XATTR_NAME_SMACK,
						  1, &label), ENOENT);
	ck_assert_fails(smack_remove_label_for_path(NO_FILE, XATTR_NAME_SMACK,
						    0), ENOENT);
}
END_TEST

START_TEST(process_functions_refuse_bad_arguments)
{
	char *label = NULL;
	size_t i;

	for (i = 0; i < N_BAD; i++)
		ck_assert_fails(smack_set_label_for_self(bad_labels[i]),
				EINVAL);
	ck_assert_fails(smack_set_label_for_self(label256), EINVAL);
	ck_assert_fails(smack_set_label_for_self(NULL), EINVAL);
	/* No process may run with these. */
	ck_assert_fails(smack_set_label_for_self("*"), EINVAL);
	ck_assert_fails(smack_set_label_for_self("@"), EINVAL);
	ck_assert_fails(smack_new_label_from_self(NULL), EINVAL);
	ck_assert_fails(smack_new_label_from_process(getpid(), NULL), EINVAL);
	ck_assert_fails(smack_new_label_from_process(0, &label), EINVAL);
	ck_assert_fails(smack_new_label_from_process(-1, &label), EINVAL);
	ck_assert_fails(smack_new_label_from_socket(0, NULL), EINVAL);
	ck_assert_ptr_null(label);
}
END_TEST

START_TEST(gone_process_is_esrch)
{
	char *label = NULL;
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(0);
	ck_assert_int_eq(waitpid(pid, NULL, 0), pid);
	ck_assert_fails(smack_new_label_from_process(pid, &label), ESRCH);
	ck_assert_ptr_null(label);
}
END_TEST

/*
 * Without Smack, attr/current belongs to another LSM (or none) and its
 * answer must not be taken for a label.  Runs only on a host without
 * Smack; elsewhere the kernel tests cover these functions.
 */
START_TEST(no_smack_is_enoent)
{
	char *label = NULL;
	int sv[2];

	if (access("/sys/fs/smackfs", F_OK) == 0)
		return;		/* Smack is active here */
	ck_assert_fails(smack_new_label_from_self(&label), ENOENT);
	ck_assert_fails(smack_new_label_from_process(getpid(), &label),
			ENOENT);
	ck_assert_fails(smack_set_label_for_self("Foo"), ENOENT);
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	ck_assert_fails(smack_new_label_from_socket(sv[0], &label), ENOENT);
	close(sv[0]);
	close(sv[1]);
	ck_assert_ptr_null(label);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("labels");
	TCase *files = tcase_create("files");
	TCase *process = tcase_create("process");

	tcase_add_checked_fixture(files, setup, NULL);
	tcase_add_test(files, file_setters_refuse_bad_labels);
	tcase_add_test(files, exec_and_mmap_refuse_star_and_web);
	tcase_add_test(files, transmute_takes_only_TRUE);
	tcase_add_test(files, file_functions_refuse_bad_arguments);
	suite_add_tcase(s, files);

	tcase_add_checked_fixture(process, setup, NULL);
	tcase_add_test(process, process_functions_refuse_bad_arguments);
	tcase_add_test(process, gone_process_is_esrch);
	tcase_add_test(process, no_smack_is_enoent);
	suite_add_tcase(s, process);
	return s;
}
