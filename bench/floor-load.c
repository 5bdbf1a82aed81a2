// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * floor-load [-r] [-v] RULES
 * floor-load -c RULES
 *
 * The kernel's floor for loading rules: reads RULES (newline-terminated
 * "subject object access" lines, already merged so that each pair appears
 * once) in one go and writes them to load2 in the fewest writes of whole
 * rules below one page.  With -r it first reads all of load2 with 1 MiB
 * reads, which is the floor of a reload (read the kernel's rules, write
 * only the difference).  -v prints the number of writes and the bytes read
 * from load2 on stderr.  -c only counts: it prints "writes=N bytes=M" for
 * RULES and writes nothing.  The benchmark also uses it, untimed, to set
 * up and clear kernel state.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench-util.h"

static size_t read_load2(void)
{
	int fd = open(BENCH_SMACKFS "/load2", O_RDONLY | O_CLOEXEC);
	size_t len;
	char *rules;

	if (fd < 0)
		bench_die_errno(BENCH_SMACKFS "/load2");
	rules = bench_read_fd(fd, 1 << 20, &len);
	close(fd);
	free(rules);
	return len;
}

static void count_writes(const char *path)
{
	size_t len, writes;
	char *rules = bench_read_file(path, &len);
	int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		bench_die_errno("/dev/null");
	writes = bench_write_packed(fd, rules, len);
	close(fd);
	printf("writes=%zu bytes=%zu\n", writes, len);
	free(rules);
}

int main(int argc, char **argv)
{
	int read_first = 0, verbose = 0, count = 0, opt, fd;
	size_t len, writes, kernel_bytes = 0;
	char *rules;

	bench_set_name(argv[0]);
	while ((opt = getopt(argc, argv, "crv")) != -1) {
		switch (opt) {
		case 'c':
			count = 1;
			break;
		case 'r':
			read_first = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			bench_die("usage: floor-load [-c | -r] [-v] RULES");
		}
	}
	if (optind + 1 != argc)
		bench_die("usage: floor-load [-c | -r] [-v] RULES");
	if (count) {
		count_writes(argv[optind]);
		return 0;
	}
	if (read_first)
		kernel_bytes = read_load2();
	rules = bench_read_file(argv[optind], &len);
	fd = open(BENCH_SMACKFS "/load2", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		bench_die_errno(BENCH_SMACKFS "/load2");
	writes = bench_write_packed(fd, rules, len);
	if (close(fd) < 0)
		bench_die_errno("close load2");
	if (verbose)
		fprintf(stderr, "writes=%zu bytes=%zu load2_read=%zu\n",
			writes, len, kernel_bytes);
	free(rules);
	return 0;
}
