// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rule files read from a file descriptor: smack_accesses_parse_fd() (the
 * reader that grows its window for long lines) and the libsmack 1.3 call
 * smack_accesses_add_from_file(), on the same bytes.
 *
 * Invariants: parse_fd() adds nothing unless it reports no error, and it
 * agrees with smack_accesses_parse_buffer() on the same bytes (same result,
 * same number of errors, same number of rules).
 */
#include "fuzz-common.h"

static int parse_fd(const uint8_t *data, size_t size, size_t *rules,
		    unsigned int *nerrors)
{
	struct smack_accesses *h;
	struct fuzz_errors errors = { 0 };
	int fd, ret;

	fd = fuzz_memfd(data, size);
	if (fd < 0)
		return -2;
	if (smack_accesses_new(&h) != 0) {
		close(fd);
		return -2;
	}
	ret = smack_accesses_parse_fd(h, fd, FUZZ_NAME, fuzz_on_error, &errors);
	FUZZ_ASSERT(ret == 0 || errno != ENOSYS);
	if (ret != 0)
		FUZZ_ASSERT(smack_accesses_count(h) == 0);
	else
		FUZZ_ASSERT(errors.count == 0);
	*rules = smack_accesses_count(h);
	*nerrors = errors.count;
	smack_accesses_free(h);
	close(fd);
	return ret;
}

static int parse_buffer(const uint8_t *data, size_t size, size_t *rules,
			unsigned int *nerrors)
{
	struct smack_accesses *h;
	struct fuzz_errors errors = { 0 };
	int ret;

	if (smack_accesses_new(&h) != 0)
		return -2;
	ret = smack_accesses_parse_buffer(h, (const char *)data, size,
					  FUZZ_NAME, fuzz_on_error, &errors);
	*rules = smack_accesses_count(h);
	*nerrors = errors.count;
	smack_accesses_free(h);
	return ret;
}

static void add_from_file(const uint8_t *data, size_t size)
{
	struct smack_accesses *h;
	int fd = fuzz_memfd(data, size);

	if (fd < 0)
		return;
	if (smack_accesses_new(&h) == 0) {
		if (smack_accesses_add_from_file(h, fd) != 0)
			FUZZ_ASSERT(errno != ENOSYS);
		smack_accesses_free(h);
	}
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t fd_rules = 0, buf_rules = 0;
	unsigned int fd_errors = 0, buf_errors = 0;
	int fd_ret, buf_ret;

	fd_ret = parse_fd(data, size, &fd_rules, &fd_errors);
	buf_ret = parse_buffer(data, size, &buf_rules, &buf_errors);
	if (fd_ret != -2 && buf_ret != -2) {
		FUZZ_ASSERT(fd_ret == buf_ret);
		FUZZ_ASSERT(fd_errors == buf_errors);
		FUZZ_ASSERT(fd_rules == buf_rules);
	}
	add_from_file(data, size);
	return 0;
}
