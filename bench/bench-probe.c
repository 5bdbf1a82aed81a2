// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-probe PAIRS READY
 *
 * The background prober of the reload benchmark: asks access2, over and
 * over, for the "subject object access" lines of PAIRS (pairs that a
 * reload must leave alone), until SIGTERM or SIGINT.  It creates the file
 * READY once it has asked for every pair, and at the end prints
 * "probes=N denied=D errors=E longest_denied_ms=T": how many queries were
 * denied, and the longest time one pair stayed denied (from its first
 * denied query to its next granted one, or to the end).
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench-util.h"

#define MAX_PROBES 1024

struct probe {
	char *query;
	size_t len;
	uint64_t denied_since;	/* 0: granted at the last query */
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = 1;
}

static size_t load_probes(const char *path, struct probe *probes)
{
	size_t len, n = 0;
	char *text = bench_read_file(path, &len), *line, *save = NULL;

	for (line = strtok_r(text, "\n", &save); line && n < MAX_PROBES;
	     line = strtok_r(NULL, "\n", &save)) {
		probes[n].query = line;
		probes[n].len = strlen(line);
		n++;
	}
	if (!n)
		bench_die("%s: no pairs", path);
	return n;
}

/* 1 allowed, 0 denied; an error that a signal caused counts as neither. */
static int ask(int dirfd, const struct probe *p)
{
	char answer[2];
	int fd = openat(dirfd, "access2", O_RDWR | O_CLOEXEC);
	int ok;

	if (fd < 0)
		return -1;
	ok = write(fd, p->query, p->len) == (ssize_t)p->len &&
	     read(fd, answer, sizeof(answer)) == sizeof(answer);
	close(fd);
	if (!ok)
		return -1;
	return answer[0] == '1';
}

static void signal_ready(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		bench_die_errno("%s", path);
	close(fd);
}

/* Counts one answer for p; returns how long p has been denied when a
 * grant ends a denial, else 0. */
static uint64_t account(struct probe *p, int granted, unsigned long *denied)
{
	uint64_t now, window = 0;

	if (!granted) {
		(*denied)++;
		if (!p->denied_since)
			p->denied_since = bench_now_ns();
		return 0;
	}
	if (p->denied_since) {
		now = bench_now_ns();
		window = now - p->denied_since;
		p->denied_since = 0;
	}
	return window;
}

int main(int argc, char **argv)
{
	static struct probe probes[MAX_PROBES];
	unsigned long total = 0, denied = 0, errors = 0;
	uint64_t longest = 0, window;
	struct sigaction sa;
	size_t n, i = 0, j;
	int dirfd, r;

	bench_set_name(argv[0]);
	if (argc != 3)
		bench_die("usage: bench-probe PAIRS READY");
	n = load_probes(argv[1], probes);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	dirfd = open(BENCH_SMACKFS, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0)
		bench_die_errno(BENCH_SMACKFS);
	while (!stop) {
		j = i++ % n;
		r = ask(dirfd, &probes[j]);
		if (r < 0) {
			errors++;
			continue;
		}
		if (++total == n)
			signal_ready(argv[2]);
		window = account(&probes[j], r, &denied);
		if (window > longest)
			longest = window;
	}
	for (j = 0; j < n; j++) {
		window = account(&probes[j], 1, &denied);
		if (window > longest)
			longest = window;
	}
	printf("probes=%lu denied=%lu errors=%lu longest_denied_ms=%.1f\n",
	       total, denied, errors, longest / 1e6);
	return 0;
}
