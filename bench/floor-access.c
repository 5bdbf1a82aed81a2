// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * floor-access SUBJECT OBJECT ACCESS
 *
 * The floor of one smackaccess run: a program linked with nothing but the
 * C library that asks access2 once (open, write, read, close) and prints
 * the kernel's answer, 1 or 0, as smackaccess does.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench-util.h"

int main(int argc, char **argv)
{
	char query[3 * 256 + 3], answer[2];
	int fd, len;

	bench_set_name(argv[0]);
	if (argc != 4)
		bench_die("usage: floor-access SUBJECT OBJECT ACCESS");
	len = snprintf(query, sizeof(query), "%s %s %s", argv[1], argv[2],
		       argv[3]);
	if (len < 0 || (size_t)len >= sizeof(query))
		bench_die("query too long");
	fd = open(BENCH_SMACKFS "/access2", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		bench_die_errno(BENCH_SMACKFS "/access2");
	if (write(fd, query, len) != len)
		bench_die_errno("write access2");
	if (read(fd, answer, sizeof(answer)) != sizeof(answer))
		bench_die_errno("read access2");
	close(fd);
	printf("%c\n", answer[0]);
	return 0;
}
