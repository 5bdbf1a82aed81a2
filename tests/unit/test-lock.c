// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lock of the policy's writers (lock.c), on a plain directory standing
 * for smackfs (smackfs_override()).  A flock(2) on a descriptor of its own
 * conflicts with the library's even in the same process, so it stands for
 * another process that holds the lock.  Two real processes meet it in the
 * kernel case tests/kernel/cases/policy-lock.sh.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "check-main.h"
#include "test-labels-tmpdir.h"

static void setup(void)
{
	tmpdir_create();
	ck_assert_int_eq(smackfs_override(tmpdir), 0);
}

static void teardown(void)
{
	smackfs_override(NULL);
	tmpdir_remove();
}

/* Another holder's try: 0 when it got the lock (then released), or -1 with
 * flock()'s errno, EWOULDBLOCK. */
static int other_try(void)
{
	int fd = open(tmpdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int ret;

	ck_assert_int_ge(fd, 0);
	ret = flock(fd, LOCK_EX | LOCK_NB);
	close(fd);
	return ret;
}

START_TEST(the_lock_nests)
{
	ck_assert_int_eq(smack_policy_lock(0), 0);
	ck_assert_int_eq(smack_policy_lock(SMACK_POLICY_LOCK_NOWAIT), 0);
	ck_assert_int_eq(smack_policy_unlock(), 0);
	/* Taken twice, released once: still held. */
	ck_assert_int_eq(other_try(), -1);
	ck_assert_int_eq(errno, EWOULDBLOCK);
	ck_assert_int_eq(smack_policy_unlock(), 0);
	ck_assert_int_eq(other_try(), 0);
	errno = 0;
	ck_assert_int_eq(smack_policy_unlock(), -1);
	ck_assert_int_eq(errno, ENOLCK);
}
END_TEST

START_TEST(another_holder_makes_nowait_fail)
{
	int fd = open(tmpdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(flock(fd, LOCK_EX), 0);
	errno = 0;
	ck_assert_int_eq(smack_policy_lock(SMACK_POLICY_LOCK_NOWAIT), -1);
	ck_assert_int_eq(errno, EBUSY);
	/* A failed try holds nothing. */
	ck_assert_int_eq(smack_policy_unlock(), -1);
	close(fd);
	ck_assert_int_eq(smack_policy_lock(SMACK_POLICY_LOCK_NOWAIT), 0);
	ck_assert_int_eq(smack_policy_unlock(), 0);
}
END_TEST

START_TEST(unknown_flags_are_refused)
{
	errno = 0;
	ck_assert_int_eq(smack_policy_lock(2), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_policy_lock(-1), -1);
	ck_assert_int_eq(other_try(), 0);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("lock");
	TCase *tc = tcase_create("lock");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, the_lock_nests);
	tcase_add_test(tc, another_holder_makes_nowait_fail);
	tcase_add_test(tc, unknown_flags_are_refused);
	suite_add_tcase(s, tc);
	return s;
}
