// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-run [-n COUNT] [-q | -o FILE] CMD [ARG...]
 *
 * Runs CMD COUNT times (default once), one after the other, and prints
 * "ns=TOTAL rss_kb=PEAK status=WORST user_ms=U sys_ms=S minflt=F": the
 * wall time of all runs, from before the first fork to after the last
 * wait, the largest peak resident set of a run (wait4's ru_maxrss), the
 * worst exit status (128+N for a signal), the CPU time the runs spent in
 * user space and in the kernel, and their page faults served without I/O
 * (in UML each costs far more than on the host).  -q sends CMD's standard
 * output to /dev/null, -o to FILE.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench-util.h"

struct run_result {
	long rss_kb, minflt;
	int status;
	double user_ms, sys_ms;
};

static void exec_child(char **argv, const char *output)
{
	int fd;

	if (output) {
		fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0)
			_exit(126);
		close(fd);
	}
	execvp(argv[0], argv);
	_exit(127);
}

static struct run_result run_once(char **argv, const char *output)
{
	struct run_result r = { 0 };
	struct rusage ru;
	int wstatus;
	pid_t pid = fork();

	if (pid < 0)
		bench_die_errno("fork");
	if (pid == 0)
		exec_child(argv, output);
	if (wait4(pid, &wstatus, 0, &ru) < 0)
		bench_die_errno("wait4");
	r.rss_kb = ru.ru_maxrss;
	r.minflt = ru.ru_minflt;
	r.user_ms = ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3;
	r.sys_ms = ru.ru_stime.tv_sec * 1e3 + ru.ru_stime.tv_usec / 1e3;
	if (WIFEXITED(wstatus))
		r.status = WEXITSTATUS(wstatus);
	else
		r.status = 128 + WTERMSIG(wstatus);
	return r;
}

int main(int argc, char **argv)
{
	unsigned long count = 1, i;
	struct run_result worst = { 0 }, r;
	uint64_t start;
	const char *output = NULL;
	int opt;

	bench_set_name(argv[0]);
	while ((opt = getopt(argc, argv, "+n:o:q")) != -1) {
		switch (opt) {
		case 'n':
			count = bench_parse_count(optarg);
			break;
		case 'o':
			output = optarg;
			break;
		case 'q':
			output = "/dev/null";
			break;
		default:
			bench_die("usage: bench-run [-n COUNT] [-q | -o FILE] CMD [ARG...]");
		}
	}
	if (optind >= argc)
		bench_die("usage: bench-run [-n COUNT] [-q | -o FILE] CMD [ARG...]");
	fflush(stdout);
	start = bench_now_ns();
	for (i = 0; i < count; i++) {
		r = run_once(argv + optind, output);
		if (r.rss_kb > worst.rss_kb)
			worst.rss_kb = r.rss_kb;
		if (r.status > worst.status)
			worst.status = r.status;
		worst.user_ms += r.user_ms;
		worst.sys_ms += r.sys_ms;
		worst.minflt += r.minflt;
	}
	printf("ns=%llu rss_kb=%ld status=%d user_ms=%.0f sys_ms=%.0f "
	       "minflt=%ld\n", (unsigned long long)(bench_now_ns() - start),
	       worst.rss_kb, worst.status, worst.user_ms, worst.sys_ms,
	       worst.minflt);
	return 0;
}
