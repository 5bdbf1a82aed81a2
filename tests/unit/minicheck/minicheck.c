// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * minicheck: see check.h.  Runs each test of each case in a child process
 * with the case's checked fixtures around it, and prints one TAP line per
 * test: "ok N - file:case:test: Passed" or "not ok N - ...: message".
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

struct test_ref {
	const TTest *test;
	int start, end;
};

struct TCase {
	const char *name;
	struct test_ref *tests;
	size_t ntests;
	SFun setup, teardown;		/* run in the child, around each test */
	SFun once_setup, once_teardown;	/* run in the parent, around the case */
	unsigned int timeout;
	TCase *next;
};

struct Suite {
	const char *name;
	TCase *first, *last;
	Suite *next;
};

struct SRunner {
	Suite *suites;
	int failed;
	int forking;
};

/* Where a failing child reports its message: a pipe to the parent. */
static int report_fd = -1;

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (!p) {
		perror("minicheck");
		exit(EXIT_FAILURE);
	}
	return p;
}

Suite *suite_create(const char *name)
{
	Suite *s = xcalloc(1, sizeof(*s));

	s->name = name;
	return s;
}

TCase *tcase_create(const char *name)
{
	TCase *tc = xcalloc(1, sizeof(*tc));
	const char *env = getenv("CK_DEFAULT_TIMEOUT");

	tc->name = name;
	tc->timeout = env ? (unsigned int)atoi(env) : 4;
	return tc;
}

void suite_add_tcase(Suite *s, TCase *tc)
{
	if (s->last)
		s->last->next = tc;
	else
		s->first = tc;
	s->last = tc;
}

void tcase_add_loop_test(TCase *tc, const TTest *t, int start, int end)
{
	struct test_ref *grown;

	grown = realloc(tc->tests, (tc->ntests + 1) * sizeof(*grown));
	if (!grown) {
		perror("minicheck");
		exit(EXIT_FAILURE);
	}
	tc->tests = grown;
	tc->tests[tc->ntests++] = (struct test_ref){ t, start, end };
}

void tcase_add_checked_fixture(TCase *tc, SFun setup, SFun teardown)
{
	tc->setup = setup;
	tc->teardown = teardown;
}

void tcase_add_unchecked_fixture(TCase *tc, SFun setup, SFun teardown)
{
	tc->once_setup = setup;
	tc->once_teardown = teardown;
}

void tcase_set_timeout(TCase *tc, double seconds)
{
	tc->timeout = seconds > 0 ? (unsigned int)(seconds + 0.999) : 0;
}

SRunner *srunner_create(Suite *s)
{
	SRunner *sr = xcalloc(1, sizeof(*sr));

	sr->suites = s;
	sr->forking = 1;
	return sr;
}

void srunner_add_suite(SRunner *sr, Suite *s)
{
	Suite **p = &sr->suites;

	while (*p)
		p = &(*p)->next;
	*p = s;
}

void srunner_set_tap(SRunner *sr, const char *fname)
{
	(void)sr;
	(void)fname;	/* TAP always goes to stdout */
}

void srunner_set_fork_status(SRunner *sr, int status)
{
	sr->forking = status;
}

void mc_mark(const char *file, int line)
{
	(void)file;
	(void)line;
}

void mc_fail(const char *file, int line, const char *fmt, ...)
{
	char msg[1024];
	int len;
	va_list ap;

	len = snprintf(msg, sizeof(msg), "%s:%d: ", file, line);
	va_start(ap, fmt);
	vsnprintf(msg + len, sizeof(msg) - len, fmt, ap);
	va_end(ap);
	if (report_fd >= 0 && write(report_fd, msg, strlen(msg)) < 0)
		perror("minicheck");
	_exit(1);
}

/* Runs one test in a child; returns NULL on success or a message. */
static const char *run_one(TCase *tc, const TTest *t, int i, char *msg,
			   size_t size)
{
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	fflush(stdout);
	if (pipe(fds) < 0)
		return "pipe failed";
	pid = fork();
	if (pid < 0)
		return "fork failed";
	if (pid == 0) {
		close(fds[0]);
		report_fd = fds[1];
		alarm(tc->timeout);
		if (tc->setup)
			tc->setup();
		t->fn(i);
		if (tc->teardown)
			tc->teardown();
		_exit(0);
	}
	close(fds[1]);
	n = read(fds[0], msg, size - 1);
	close(fds[0]);
	msg[n > 0 ? n : 0] = '\0';
	if (waitpid(pid, &status, 0) < 0)
		return "waitpid failed";
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return NULL;
	if (msg[0])
		return msg;
	if (WIFSIGNALED(status))
		snprintf(msg, size, "received signal %d (%s)", WTERMSIG(status),
			 WTERMSIG(status) == SIGALRM ? "timeout" :
			 strsignal(WTERMSIG(status)));
	else
		snprintf(msg, size, "exited with status %d",
			 WEXITSTATUS(status));
	return msg;
}

void srunner_run_all(SRunner *sr, enum print_output mode)
{
	char msg[1024];
	const char *why;
	unsigned int n = 0;
	Suite *s;
	TCase *tc;
	size_t k;
	int i;

	(void)mode;
	for (s = sr->suites; s; s = s->next) {
		for (tc = s->first; tc; tc = tc->next) {
			if (tc->once_setup)
				tc->once_setup();
			for (k = 0; k < tc->ntests; k++) {
				const struct test_ref *r = &tc->tests[k];

				for (i = r->start; i < r->end; i++) {
					why = run_one(tc, r->test, i, msg, sizeof(msg));
					n++;
					if (why)
						sr->failed++;
					printf("%s %u - %s:%s:%s: %s\n",
					       why ? "not ok" : "ok", n,
					       r->test->file, tc->name,
					       r->test->name, why ? why : "Passed");
				}
			}
			if (tc->once_teardown)
				tc->once_teardown();
		}
	}
	printf("1..%u\n", n);
	fflush(stdout);
}

int srunner_ntests_failed(SRunner *sr)
{
	return sr->failed;
}

void srunner_free(SRunner *sr)
{
	Suite *s, *next_s;
	TCase *tc, *next_tc;

	for (s = sr->suites; s; s = next_s) {
		next_s = s->next;
		for (tc = s->first; tc; tc = next_tc) {
			next_tc = tc->next;
			free(tc->tests);
			free(tc);
		}
		free(s);
	}
	free(sr);
}
