// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reading the kernel's rules back from load2: as a set
 * (smack_accesses_new_from_kernel), rule by rule for a caller that keeps
 * only what it needs (accesses_read_load2, for
 * smack_accesses_diff_kernel), or just whether there are any
 * (smack_accesses_kernel_is_empty).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "parse.h"

SMACK_EXPORT
int smack_accesses_new_from_kernel(struct smack_accesses **handle)
{
	struct parse_ctx ctx = PARSE_CTX_INIT("load2", NULL, NULL);
	struct smack_accesses *a;
	struct parse_reader r;
	int fd, ret, saved;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	fd = smackfs_open("load2", O_RDONLY);
	if (fd < 0)
		return -1;
	if (smack_accesses_new(&a) < 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	parse_reader_fd(&r, &ctx, fd);
	ret = accesses_parse_lines(a, &r);
	saved = errno;
	parse_reader_release(&r);
	close(fd);
	if (ret == 0 && ctx.errors) {
		/* Not the kernel's listing format: nothing to trust. */
		ret = -1;
		saved = EPROTO;
	}
	if (ret < 0) {
		smack_accesses_free(a);
		errno = saved;
		return -1;
	}
	*handle = a;
	return 0;
}

/* ------------------------------------------------------ rule by rule */

/* One line of load2: "subject object access".  -EPROTO when it is not. */
static int load2_line(const struct parse_line *line, load2_rule_fn fn,
		      void *arg)
{
	struct parse_field f[4];
	unsigned int access;

	/* The kernel writes single spaces; parse_split() is for the odd
	 * line, to say it has the wrong number of fields. */
	if ((parse_split_plain(line, f, 3) != 3 &&
	     parse_split(line, f, 4) != 3) ||
	    access_parse_n(f[2].text, f[2].len, &access) < 0)
		return -EPROTO;
	return fn(arg, &f[0], &f[1], access);
}

int accesses_read_load2(load2_rule_fn fn, void *arg)
{
	struct parse_ctx ctx = PARSE_CTX_INIT("load2", NULL, NULL);
	struct parse_reader r;
	struct parse_line line;
	int fd, ret, saved;

	fd = smackfs_open("load2", O_RDONLY);
	if (fd < 0)
		return -1;
	parse_reader_fd(&r, &ctx, fd);
	while ((ret = parse_reader_next(&r, &line)) > 0)
		if ((ret = load2_line(&line, fn, arg)) < 0)
			break;
	saved = ret == -EPROTO ? EPROTO : errno;
	if (ret == 0 && ctx.errors) {
		/* A NUL byte: not the kernel's listing format. */
		ret = -1;
		saved = EPROTO;
	}
	parse_reader_release(&r);
	close(fd);
	errno = saved;
	return ret < 0 ? -1 : 0;
}

/* ------------------------------------------------------ an empty kernel */

/* One byte is enough: the kernel formats the first rule it has, or finds
 * it has none at the end of its label list. */
SMACK_EXPORT
int smack_accesses_kernel_is_empty(void)
{
	char byte;
	ssize_t n;
	int fd;

	fd = smackfs_open("load2", O_RDONLY);
	if (fd < 0)
		return -1;
	n = read_once_and_close(fd, &byte, 1);
	if (n < 0)
		return -1;
	return n == 0;
}
