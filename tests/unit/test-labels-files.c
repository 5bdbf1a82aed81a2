// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File labels on real files of the host (file-label.c): by path, with and
 * without following a symlink, and by descriptor.  Setting security.*
 * attributes needs root and a file system that keeps them (ext4 and tmpfs
 * do, even without Smack); elsewhere the whole program is skipped.  The
 * kernel's own rules (Smack active) are checked in tests/kernel/kt-labels.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>

#include "libsmack-internal.h"
#include "check-main.h"
#include "test-labels-tmpdir.h"

static char label255[SMACK_LABEL_LEN + 1];

static void setup(void)
{
	tmpdir_create();
	tmp_put("file", "data\n", 5);
	ck_assert_int_eq(symlink("file", tmp_path("link")), 0);
	memset(label255, 'L', SMACK_LABEL_LEN);
	label255[SMACK_LABEL_LEN] = '\0';
}

static void teardown(void)
{
	tmpdir_remove();
}

#define ck_assert_fails(call, err) do { \
	errno = 0; \
	ck_assert_int_eq((call), -1); \
	ck_assert_int_eq(errno, (err)); \
} while (0)

/* The raw value of an attribute, as the file system holds it, in a static
 * buffer; NULL when it has none. */
static const char *raw(const char *name, const char *xattr)
{
	static char buf[1024];
	ssize_t n = lgetxattr(tmp_path(name), xattr, buf, sizeof(buf) - 1);

	if (n < 0)
		return NULL;
	buf[n] = '\0';
	return buf;
}

/* The label of name through the library, freed by the next call. */
static const char *label_of(const char *name, int follow)
{
	static char *label;
	ssize_t len;

	free(label);
	label = NULL;
	len = smack_new_label_from_path(tmp_path(name), XATTR_NAME_SMACK,
					follow, &label);
	if (len < 0)
		return NULL;
	ck_assert_int_eq(len, (ssize_t)strlen(label));
	return label;
}

START_TEST(path_label_round_trip)
{
	char *label;

	ck_assert_int_eq(smack_set_label_for_path(tmp_path("file"),
			 XATTR_NAME_SMACK, 1, "Host:File"), 0);
	/* Stored without a NUL, as the kernel keeps it. */
	ck_assert_str_eq(raw("file", XATTR_NAME_SMACK), "Host:File");
	ck_assert_int_eq(smack_new_label_from_path(tmp_path("file"),
			 XATTR_NAME_SMACK, 0, &label), 9);
	ck_assert_str_eq(label, "Host:File");
	free(label);
	ck_assert_int_eq(smack_remove_label_for_path(tmp_path("file"),
			 XATTR_NAME_SMACK, 1), 0);
	ck_assert_ptr_null(raw("file", XATTR_NAME_SMACK));
	ck_assert_fails(smack_remove_label_for_path(tmp_path("file"),
			XATTR_NAME_SMACK, 1), ENODATA);
	ck_assert_fails(smack_new_label_from_path(tmp_path("file"),
			XATTR_NAME_SMACK, 1, &label), ENODATA);
}
END_TEST

START_TEST(follow_labels_the_target)
{
	ck_assert_int_eq(smack_set_label_for_path(tmp_path("link"),
			 XATTR_NAME_SMACK, 1, "Target"), 0);
	ck_assert_str_eq(raw("file", XATTR_NAME_SMACK), "Target");
	ck_assert_ptr_null(raw("link", XATTR_NAME_SMACK));
	ck_assert_str_eq(label_of("link", 1), "Target");
	ck_assert_ptr_null(label_of("link", 0));
	ck_assert_int_eq(smack_remove_label_for_path(tmp_path("link"),
			 XATTR_NAME_SMACK, 1), 0);
	ck_assert_ptr_null(raw("file", XATTR_NAME_SMACK));
}
END_TEST

START_TEST(no_follow_labels_the_link)
{
	if (smack_set_label_for_path(tmp_path("link"), XATTR_NAME_SMACK, 0,
				     "Link") < 0) {
		/* Some file systems keep no attributes on symlinks. */
		ck_assert_int_eq(errno, EPERM);
		return;
	}
	ck_assert_str_eq(raw("link", XATTR_NAME_SMACK), "Link");
	ck_assert_ptr_null(raw("file", XATTR_NAME_SMACK));
	ck_assert_str_eq(label_of("link", 0), "Link");
	ck_assert_ptr_null(label_of("link", 1));
	ck_assert_int_eq(smack_remove_label_for_path(tmp_path("link"),
			 XATTR_NAME_SMACK, 0), 0);
	ck_assert_ptr_null(raw("link", XATTR_NAME_SMACK));
}
END_TEST

START_TEST(fd_label_round_trip)
{
	int fd = open(tmp_path("file"), O_RDONLY);
	char *label;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(smack_set_label_for_file(fd, XATTR_NAME_SMACK,
						  label255), 0);
	ck_assert_str_eq(raw("file", XATTR_NAME_SMACK), label255);
	ck_assert_int_eq(smack_new_label_from_file(fd, XATTR_NAME_SMACK,
						   &label), SMACK_LABEL_LEN);
	ck_assert_str_eq(label, label255);
	free(label);
	ck_assert_int_eq(smack_set_label_for_file(fd, XATTR_NAME_SMACKEXEC,
						  "Exec"), 0);
	ck_assert_int_eq(smack_new_label_from_file(fd, XATTR_NAME_SMACKEXEC,
						   &label), 4);
	ck_assert_str_eq(label, "Exec");
	free(label);
	ck_assert_int_eq(smack_remove_label_for_file(fd, XATTR_NAME_SMACK), 0);
	ck_assert_ptr_null(raw("file", XATTR_NAME_SMACK));
	ck_assert_fails(smack_remove_label_for_file(fd, XATTR_NAME_SMACK),
			ENODATA);
	close(fd);
}
END_TEST

START_TEST(transmute_on_a_directory)
{
	char *label;

	ck_assert_int_eq(mkdir(tmp_path("dir"), 0700), 0);
	ck_assert_int_eq(smack_set_label_for_path(tmp_path("dir"),
			 XATTR_NAME_SMACKTRANSMUTE, 0, "TRUE"), 0);
	ck_assert_str_eq(raw("dir", XATTR_NAME_SMACKTRANSMUTE), "TRUE");
	ck_assert_int_eq(smack_new_label_from_path(tmp_path("dir"),
			 XATTR_NAME_SMACKTRANSMUTE, 0, &label), 4);
	ck_assert_str_eq(label, "TRUE");
	free(label);
	ck_assert_fails(smack_set_label_for_path(tmp_path("dir"),
			XATTR_NAME_SMACKTRANSMUTE, 0, "true"), EINVAL);
	ck_assert_str_eq(raw("dir", XATTR_NAME_SMACKTRANSMUTE), "TRUE");
}
END_TEST

START_TEST(bad_labels_leave_the_file_alone)
{
	ck_assert_int_eq(smack_set_label_for_path(tmp_path("file"),
			 XATTR_NAME_SMACK, 1, "Kept"), 0);
	/* The kernel would have stored "a" for "a/b". */
	ck_assert_fails(smack_set_label_for_path(tmp_path("file"),
			XATTR_NAME_SMACK, 1, "a/b"), EINVAL);
	ck_assert_fails(smack_set_label_for_path(tmp_path("file"),
			XATTR_NAME_SMACK, 1, "Kept\n"), EINVAL);
	ck_assert_fails(smack_set_label_for_path(tmp_path("file"),
			XATTR_NAME_SMACKEXEC, 1, "*"), EINVAL);
	ck_assert_str_eq(raw("file", XATTR_NAME_SMACK), "Kept");
	ck_assert_ptr_null(raw("file", XATTR_NAME_SMACKEXEC));
}
END_TEST

/* Without Smack the file system keeps whatever was written: the getters
 * hand back only valid labels. */
START_TEST(getters_refuse_stored_junk)
{
	char big[300], *label = NULL;
	const char *path = tmp_path("file");

	ck_assert_int_eq(setxattr(path, XATTR_NAME_SMACK, "a b", 3, 0), 0);
	ck_assert_fails(smack_new_label_from_path(path, XATTR_NAME_SMACK, 1,
						  &label), EINVAL);
	ck_assert_int_eq(setxattr(path, XATTR_NAME_SMACK, "", 0, 0), 0);
	ck_assert_fails(smack_new_label_from_path(path, XATTR_NAME_SMACK, 1,
						  &label), EINVAL);
	memset(big, 'B', sizeof(big));
	ck_assert_int_eq(setxattr(path, XATTR_NAME_SMACK, big, 256, 0), 0);
	ck_assert_fails(smack_new_label_from_path(path, XATTR_NAME_SMACK, 1,
						  &label), EINVAL);
	ck_assert_int_eq(setxattr(path, XATTR_NAME_SMACK, big, sizeof(big),
				  0), 0);
	ck_assert_fails(smack_new_label_from_path(path, XATTR_NAME_SMACK, 1,
						  &label), EINVAL);
	ck_assert_ptr_null(label);
	/* A label stored with its NUL is still a label. */
	ck_assert_int_eq(setxattr(path, XATTR_NAME_SMACK, "Nul", 4, 0), 0);
	ck_assert_str_eq(label_of("file", 1), "Nul");
}
END_TEST

START_TEST(missing_files)
{
	char *label = NULL;

	ck_assert_fails(smack_new_label_from_path(tmp_path("none"),
			XATTR_NAME_SMACK, 1, &label), ENOENT);
	ck_assert_fails(smack_set_label_for_path(tmp_path("none"),
			XATTR_NAME_SMACK, 0, "X"), ENOENT);
	ck_assert_fails(smack_remove_label_for_path(tmp_path("none"),
			XATTR_NAME_SMACK, 0), ENOENT);
	/* A dangling link: following it finds nothing. */
	ck_assert_int_eq(symlink("none", tmp_path("dangling")), 0);
	ck_assert_fails(smack_set_label_for_path(tmp_path("dangling"),
			XATTR_NAME_SMACK, 1, "X"), ENOENT);
	ck_assert_ptr_null(label);
}
END_TEST

/* Whether this host keeps security.SMACK64 on a file here, for root. */
static int host_keeps_labels(void)
{
	const char *base = getenv("TMPDIR");
	char path[PATH_MAX];
	int fd, ok;

	snprintf(path, sizeof(path), "%s/smack-probe.XXXXXX",
		 base && *base ? base : "/tmp");
	fd = mkstemp(path);
	if (fd < 0)
		return 0;
	ok = fsetxattr(fd, XATTR_NAME_SMACK, "Probe", 5, 0) == 0;
	close(fd);
	unlink(path);
	return ok;
}

Suite *make_suite(void)
{
	Suite *s = suite_create("labels-files");
	TCase *tc = tcase_create("files");

	if (access("/sys/fs/smackfs", F_OK) == 0) {
		/* Smack would answer with in-core labels instead. */
		printf("1..0 # SKIP Smack is active on this host; "
		       "the kernel tests check file labels under it\n");
		exit(0);
	}
	if (!host_keeps_labels()) {
		printf("1..0 # SKIP security.SMACK64 cannot be set here "
		       "(needs root and a file system with security "
		       "attributes, such as ext4 or tmpfs)\n");
		exit(0);
	}
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, path_label_round_trip);
	tcase_add_test(tc, follow_labels_the_target);
	tcase_add_test(tc, no_follow_labels_the_link);
	tcase_add_test(tc, fd_label_round_trip);
	tcase_add_test(tc, transmute_on_a_directory);
	tcase_add_test(tc, bad_labels_leave_the_file_alone);
	tcase_add_test(tc, getters_refuse_stored_junk);
	tcase_add_test(tc, missing_files);
	suite_add_tcase(s, tc);
	return s;
}
