// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gen-tree DIR NDIRS NFILES
 *
 * Creates DIR with NDIRS subdirectories d0000, d0001, ... of NFILES empty
 * regular files f00000, f00001, ... each: the tree that the chsmack
 * benchmark labels and lists.  One mknodat() a file keeps it fast.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench-util.h"

static void fill_dir(int top, unsigned long d, unsigned long nfiles)
{
	char name[32];
	unsigned long f;
	int dfd;

	snprintf(name, sizeof(name), "d%04lu", d);
	if (mkdirat(top, name, 0755) < 0)
		bench_die_errno("mkdir %s", name);
	dfd = openat(top, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		bench_die_errno("open %s", name);
	for (f = 0; f < nfiles; f++) {
		snprintf(name, sizeof(name), "f%05lu", f);
		if (mknodat(dfd, name, S_IFREG | 0644, 0) < 0)
			bench_die_errno("create %s", name);
	}
	close(dfd);
}

int main(int argc, char **argv)
{
	unsigned long ndirs, nfiles, d;
	int top;

	bench_set_name(argv[0]);
	if (argc != 4)
		bench_die("usage: gen-tree DIR NDIRS NFILES");
	ndirs = bench_parse_count(argv[2]);
	nfiles = bench_parse_count(argv[3]);
	if (mkdir(argv[1], 0755) < 0 && errno != EEXIST)
		bench_die_errno("mkdir %s", argv[1]);
	top = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (top < 0)
		bench_die_errno("open %s", argv[1]);
	for (d = 0; d < ndirs; d++)
		fill_dir(top, d, nfiles);
	close(top);
	return 0;
}
