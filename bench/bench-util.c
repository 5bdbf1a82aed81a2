// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Helpers shared by the benchmark programs (see bench-util.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench-util.h"

static const char *prog_name = "bench";

void bench_set_name(const char *argv0)
{
	const char *slash = strrchr(argv0, '/');

	prog_name = slash ? slash + 1 : argv0;
}

uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

BENCH_NORETURN BENCH_PRINTF(2, 0)
static void vdie(int with_errno, const char *fmt, va_list ap)
{
	int saved = errno;

	fprintf(stderr, "%s: ", prog_name);
	vfprintf(stderr, fmt, ap);
	if (with_errno)
		fprintf(stderr, ": %s", strerror(saved));
	fputc('\n', stderr);
	exit(1);
}

void bench_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdie(0, fmt, ap);
}

void bench_die_errno(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdie(1, fmt, ap);
}

char *bench_read_fd(int fd, size_t chunk, size_t *len)
{
	size_t size = 0, cap = 0;
	char *data = NULL;
	ssize_t n;

	for (;;) {
		if (cap - size < chunk + 1) {
			cap = cap ? cap * 2 : chunk + 1;
			if (cap - size < chunk + 1)
				cap = size + chunk + 1;
			data = realloc(data, cap);
			if (!data)
				bench_die_errno("out of memory");
		}
		n = read(fd, data + size, chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			bench_die_errno("read");
		if (n == 0)
			break;
		size += n;
	}
	data[size] = '\0';
	*len = size;
	return data;
}

char *bench_read_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *data;

	if (fd < 0)
		bench_die_errno("%s", path);
	data = bench_read_fd(fd, 1 << 20, len);
	close(fd);
	return data;
}

/* The longest run of whole rules at buf that fits in one write. */
static size_t packed_chunk(const char *buf, size_t len)
{
	const char *nl;

	if (len <= BENCH_WRITE_MAX)
		return len;
	nl = memrchr(buf, '\n', BENCH_WRITE_MAX);
	if (!nl)
		bench_die("a rule longer than %d bytes", BENCH_WRITE_MAX);
	return nl - buf + 1;
}

size_t bench_write_packed(int fd, const char *buf, size_t len)
{
	size_t off = 0, writes = 0;
	ssize_t n;

	while (off < len) {
		n = write(fd, buf + off, packed_chunk(buf + off, len - off));
		writes++;
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			bench_die_errno("write of rules at byte %zu", off);
		off += n;
	}
	return writes;
}

unsigned long bench_parse_count(const char *s)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || v == 0)
		bench_die("'%s' is not a positive count", s);
	return v;
}
