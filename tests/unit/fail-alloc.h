/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Allocation failures on demand, for a test program linked with
 *   -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup
 * (UNIT_WRAP_ALLOC in tests/Makemodule.am): the code under test calls the
 * __wrap_ functions below, which fail the allocation chosen and pass the
 * others on.  fail_each_allocation() runs a scenario with its first
 * allocation failing, then its second, and so on until a run makes no
 * allocation that was to fail.  Each run must either fail with ENOMEM or
 * succeed with the right result; the valgrind and ASan stages of the test
 * command find the leaks and bad frees of those paths.  Include it in one
 * file of a program: it defines the wrappers.  A scenario must not call
 * ck_assert(): the Check library's own allocations would fail too.
 */
#ifndef FAIL_ALLOC_H
#define FAIL_ALLOC_H

#include <check.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The allocation that fails: 0 the next one, 1 the one after, and so on;
 * -1 none.  Only one fails, so that the code cleaning up can allocate. */
static long fail_countdown = -1;
static bool failure_injected;

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

static bool must_fail(void)
{
	if (fail_countdown < 0 || fail_countdown-- > 0)
		return false;
	failure_injected = true;
	errno = ENOMEM;
	return true;
}

void *__wrap_malloc(size_t size)
{
	return must_fail() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
	return must_fail() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
	return must_fail() ? NULL : __real_realloc(p, size);
}

char *__wrap_strdup(const char *s)
{
	return must_fail() ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
	return must_fail() ? NULL : __real_strndup(s, n);
}

/* ---------------------------------------------------------- the runs */

/* What a scenario returns besides 0 and -1 (with errno): it succeeded,
 * but its result is not what it should be. */
#define WRONG_RESULT 1

struct scenario {
	const char *name;
	void (*prepare)(void);	/* before each run, nothing failing */
	int (*run)(void);
};

/* Runs s with its 1st, 2nd, ... allocation failing, then with none. */
static void fail_each_allocation(const struct scenario *s)
{
	long n;
	int ret, err;
	bool injected;

	for (n = 0;; n++) {
		if (s->prepare)
			s->prepare();
		failure_injected = false;
		errno = 0;
		fail_countdown = n;
		ret = s->run();
		err = errno;
		injected = failure_injected;
		fail_countdown = -1;
		ck_assert_msg(ret != WRONG_RESULT,
			      "%s: a wrong result with allocation %ld failing",
			      s->name, n + 1);
		if (!injected) {
			ck_assert_msg(ret == 0,
				      "%s: fails (%s) with no failed allocation",
				      s->name, strerror(err));
			ck_assert_msg(n > 0, "%s allocates nothing", s->name);
			return;
		}
		ck_assert_msg(ret == 0 || err == ENOMEM,
			      "%s: allocation %ld failing gave %d, errno %d (%s)",
			      s->name, n + 1, ret, err, strerror(err));
	}
}

#endif
