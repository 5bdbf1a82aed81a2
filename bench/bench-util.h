/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers shared by the benchmark programs of bench/: a monotonic clock,
 * fatal errors, whole-file reads, and the packed writer that is the
 * kernel's floor for loading rules (whole rules, fewest writes under one
 * page).
 */
#ifndef SMACK_BENCH_UTIL_H
#define SMACK_BENCH_UTIL_H

#include <stddef.h>
#include <stdint.h>

#define BENCH_NORETURN __attribute__((noreturn))
#define BENCH_PRINTF(f, a) __attribute__((format(printf, f, a)))

/* Where the benchmarks expect smackfs (the guest mounts it there). */
#define BENCH_SMACKFS "/sys/fs/smackfs"

/* The largest write load2 parses whole: it cuts anything longer to its
 * first 4095 bytes and then back to the last newline in them. */
#define BENCH_WRITE_MAX 4095

uint64_t bench_now_ns(void);

/* "prog: message[: strerror(errno)]" on stderr, then exit(1). */
void bench_die(const char *fmt, ...) BENCH_NORETURN BENCH_PRINTF(1, 2);
void bench_die_errno(const char *fmt, ...) BENCH_NORETURN BENCH_PRINTF(1, 2);
void bench_set_name(const char *argv0);

/* The whole of path (or of fd) in a malloc'ed, NUL-terminated buffer;
 * exits on error.  *len gets its size. */
char *bench_read_file(const char *path, size_t *len);
char *bench_read_fd(int fd, size_t chunk, size_t *len);

/* Writes len bytes of newline-terminated rules to fd in the fewest writes
 * of whole rules below one page, following short counts; returns the
 * number of write() calls.  Exits on a kernel refusal. */
size_t bench_write_packed(int fd, const char *buf, size_t len);

/* Parses a positive decimal count or exits. */
unsigned long bench_parse_count(const char *s);

#endif /* SMACK_BENCH_UTIL_H */
