// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel tests of access queries (smack_have_access and its forms for
 * this process and another), run inside UML by cases/lib-query-kernel.sh:
 * every answer is checked against access2 asked directly.  Each test uses
 * labels of its own, so the order does not matter.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kt-rules-util.h"

START_TEST(have_access_allowed_and_denied)
{
	static const char *const asks[] = { "r", "w", "x", "a", "t", "l",
					    "rw", "rx", "rwx", "-", "RW" };
	size_t i;

	apply_text("KtH1 KtH2 rw\nKtH2 KtH1 l\n");
	ck_assert_int_eq(smack_have_access("KtH1", "KtH2", "r"), 1);
	ck_assert_int_eq(smack_have_access("KtH1", "KtH2", "rw"), 1);
	ck_assert_int_eq(smack_have_access("KtH1", "KtH2", "rwx"), 0);
	ck_assert_int_eq(smack_have_access("KtH1", "KtH2", "x"), 0);
	ck_assert_int_eq(smack_have_access("KtH2", "KtH1", "r"), 0);
	ck_assert_int_eq(smack_have_access("KtH2", "KtH1", "l"), 1);
	ck_assert_int_eq(smack_have_access("KtHnew", "KtH1", "r"), 0);
	for (i = 0; i < sizeof(asks) / sizeof(asks[0]); i++) {
		ck_assert_int_eq(smack_have_access("KtH1", "KtH2", asks[i]),
				 raw_access2("KtH1", "KtH2", asks[i]));
		ck_assert_int_eq(smack_have_access("KtH2", "KtH1", asks[i]),
				 raw_access2("KtH2", "KtH1", asks[i]));
	}
	errno = 0;
	ck_assert_int_eq(smack_have_access("KtH1", "KtH2", "rwq"), -1);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

START_TEST(have_access_builtin_labels)
{
	static const char *const labels[] = { "_", "^", "*", "@", "?",
					      "KtB1" };
	static const char *const asks[] = { "r", "x", "rx", "l", "rl", "w",
					    "a", "t", "rwxatl" };
	size_t s, o, i;
	int want, got, allowed = 0, denied = 0;

	/* Known to the kernel: an unknown label is denied everything. */
	apply_text("KtB1 KtBx r\n");
	ck_assert_int_eq(smack_have_access("KtBunknown", "@", "r"), 0);
	for (s = 0; s < 6; s++)
		for (o = 0; o < 6; o++)
			for (i = 0; i < sizeof(asks) / sizeof(asks[0]); i++) {
				want = raw_access2(labels[s], labels[o],
						   asks[i]);
				got = smack_have_access(labels[s], labels[o],
							asks[i]);
				ck_assert_msg(got == want, "%s %s %s: %d, "
					      "access2 says %d", labels[s],
					      labels[o], asks[i], got, want);
				allowed += want == 1;
				denied += want == 0;
			}
	/* The kernel's own rules, spot-checked. */
	ck_assert_int_eq(smack_have_access("*", "@", "r"), 0);
	ck_assert_int_eq(smack_have_access("KtB1", "@", "w"), 1);
	ck_assert_int_eq(smack_have_access("KtB1", "*", "w"), 1);
	ck_assert_int_eq(smack_have_access("KtB1", "_", "rx"), 1);
	ck_assert_int_eq(smack_have_access("KtB1", "_", "w"), 0);
	ck_assert_int_eq(smack_have_access("^", "KtB1", "r"), 1);
	ck_assert_int_eq(smack_have_access("^", "KtB1", "w"), 0);
	ck_assert_int_gt(allowed, 0);
	ck_assert_int_gt(denied, 0);
}
END_TEST

START_TEST(have_access_keeps_no_descriptor)
{
	char path[64];
	int i, fd;

	apply_text("KtN1 KtN2 r\n");
	for (i = 0; i < 2000; i++) {
		ck_assert_int_eq(smack_have_access("KtN1", "KtN2", "r"), 1);
		ck_assert_int_eq(smack_have_access("KtN1", "KtN2", "rwz"), -1);
	}
	/* The next descriptor is still a low one. */
	fd = open("/dev/null", O_RDONLY);
	snprintf(path, sizeof(path), "%d", fd);
	ck_assert_int_lt(fd, 10);
	close(fd);
}
END_TEST

/* Runs in a child labeled label until told to go (the parent asks about
 * it meanwhile). */
static pid_t spawn_labeled(const char *label, int *go)
{
	int to_child[2], ready[2];
	char c;
	pid_t pid;

	ck_assert_int_eq(pipe(to_child), 0);
	ck_assert_int_eq(pipe(ready), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int fd = open("/proc/self/attr/current", O_WRONLY);

		if (fd < 0 || write(fd, label, strlen(label)) < 0)
			_exit(2);
		close(fd);
		if (smack_have_access_for_self("KtP2", "r") != 1 ||
		    smack_have_access_for_self("KtP2", "w") != 0 ||
		    smack_have_access_for_self("KtP2", "rwq") != -1)
			_exit(3);
		if (write(ready[1], "r", 1) != 1 ||
		    read(to_child[0], &c, 1) != 1)
			_exit(4);
		_exit(0);
	}
	close(to_child[0]);
	close(ready[1]);
	ck_assert_int_eq(read(ready[0], &c, 1), 1);
	close(ready[0]);
	*go = to_child[1];
	return pid;
}

START_TEST(have_access_for_self_and_process)
{
	int go, status;
	pid_t pid;

	apply_text("KtP1 KtP2 r\n");
	pid = spawn_labeled("KtP1", &go);
	ck_assert_int_eq(smack_have_access_for_process(pid, "KtP2", "r"), 1);
	ck_assert_int_eq(smack_have_access_for_process(pid, "KtP2", "rw"), 0);
	/* "" asks for no access, as in smack_have_access(): granted where
	 * the pair has a rule, not where it has none. */
	ck_assert_int_eq(smack_have_access_for_process(pid, "KtP2", ""), 1);
	ck_assert_int_eq(smack_have_access_for_self("KtP2", ""), 0);
	/* The caller is root, labeled "_": no rule gives it KtP2. */
	ck_assert_int_eq(smack_have_access_for_self("KtP2", "w"), 0);
	ck_assert_int_eq(smack_have_access_for_self("_", "rwx"), 1);
	ck_assert_int_eq(write(go, "g", 1), 1);
	close(go);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(status, 0);
	errno = 0;
	ck_assert_int_eq(smack_have_access_for_process(pid, "KtP2", "r"), -1);
	ck_assert_int_eq(errno, ENOENT);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("kernel-query");
	TCase *query = tcase_create("query");

	tcase_add_test(query, have_access_allowed_and_denied);
	tcase_add_test(query, have_access_builtin_labels);
	tcase_add_test(query, have_access_keeps_no_descriptor);
	tcase_add_test(query, have_access_for_self_and_process);
	/* Thousands of queries, under valgrind on a loaded machine. */
	tcase_set_timeout(query, 120);
	suite_add_tcase(s, query);
	return s;
}
