// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-access lib|floor COUNT PAIRS
 *
 * Asks COUNT access queries, cycling through the "subject object access"
 * lines of PAIRS, and prints "ns=TIME allowed=N" for the queries alone
 * (after one untimed query that lets the library find smackfs):
 *   lib    smack_have_access() for each query;
 *   floor  the raw access2 floor: openat() on a directory descriptor of
 *          smackfs kept open, write, read, close (the kernel answers one
 *          query per open file), with the query strings formatted once.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench-util.h"
#include "sys/smack.h"

#define MAX_PAIRS 1024

struct pair {
	char *subject, *object, *access;
	char *query;		/* "subject object access" */
	size_t query_len;
};

static size_t load_pairs(const char *path, struct pair *pairs)
{
	size_t len, n = 0;
	char *text = bench_read_file(path, &len), *line, *save = NULL;

	for (line = strtok_r(text, "\n", &save); line && n < MAX_PAIRS;
	     line = strtok_r(NULL, "\n", &save)) {
		pairs[n].query = strdup(line);
		pairs[n].query_len = strlen(line);
		pairs[n].subject = strtok(line, " ");
		pairs[n].object = strtok(NULL, " ");
		pairs[n].access = strtok(NULL, " ");
		if (!pairs[n].query || !pairs[n].access)
			bench_die("%s: bad line %zu", path, n + 1);
		n++;
	}
	if (!n)
		bench_die("%s: no pairs", path);
	return n;
}

static int ask_library(const struct pair *p, int unused)
{
	int r = smack_have_access(p->subject, p->object, p->access);

	if (r < 0)
		bench_die_errno("smack_have_access");
	return r;
}

static int ask_floor(const struct pair *p, int dirfd)
{
	char answer[2];
	int fd = openat(dirfd, "access2", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		bench_die_errno("open access2");
	if (write(fd, p->query, p->query_len) != (ssize_t)p->query_len)
		bench_die_errno("write access2");
	if (read(fd, answer, sizeof(answer)) != sizeof(answer))
		bench_die_errno("read access2");
	close(fd);
	return answer[0] == '1';
}

int main(int argc, char **argv)
{
	static struct pair pairs[MAX_PAIRS];
	int (*ask)(const struct pair *, int);
	unsigned long count, i, allowed = 0;
	size_t n;
	uint64_t start, elapsed;
	int dirfd;

	bench_set_name(argv[0]);
	if (argc != 4)
		bench_die("usage: bench-access lib|floor COUNT PAIRS");
	if (!strcmp(argv[1], "lib"))
		ask = ask_library;
	else if (!strcmp(argv[1], "floor"))
		ask = ask_floor;
	else
		bench_die("unknown mode '%s'", argv[1]);
	count = bench_parse_count(argv[2]);
	n = load_pairs(argv[3], pairs);
	dirfd = open(BENCH_SMACKFS, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0)
		bench_die_errno(BENCH_SMACKFS);
	ask(&pairs[0], dirfd);
	start = bench_now_ns();
	for (i = 0; i < count; i++)
		allowed += ask(&pairs[i % n], dirfd);
	elapsed = bench_now_ns() - start;
	printf("ns=%llu allowed=%lu\n", (unsigned long long)elapsed, allowed);
	return 0;
}
