// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reading the kernel's rules back from load2 (smack_accesses_new_from_kernel).
 */
#include <errno.h>
#include <fcntl.h>
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
