/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Internal interfaces shared by the files of libsmack.  Nothing here is
 * exported from libsmack.so.1; unit tests reach it by linking the
 * convenience library libsmack-internal.la.
 */
#ifndef LIBSMACK_INTERNAL_H
#define LIBSMACK_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "sys/smack.h"

#define SMACK_EXPORT __attribute__((visibility("default")))

/* White space as isspace() has it in the C locale, whatever the caller's
 * locale (for strspn() and strcspn()). */
#define SMACK_SPACES " \t\n\v\f\r"

/* smackfs.c: discovery of the smackfs mount and kernel I/O. */

/* The directory descriptor of smackfs (O_PATH|O_CLOEXEC, kept while the
 * library is loaded), or -1 with errno ENOENT when Smack is not active. */
int smackfs_dirfd(void);
/* Opens a smackfs file relative to smackfs_dirfd(); -1 and errno on error. */
int smackfs_open(const char *name, int flags);
/*
 * Points the library at a directory other than the kernel's smackfs (unit
 * tests check the exact bytes written to plain files there).  NULL goes
 * back to discovery.  Not thread-safe; call before any other function.
 */
int smackfs_override(const char *dir);
/* One read() of fd (again when interrupted), then fd closed: the count, or
 * -1 with the read's errno.  For the files whose first read says it all
 * (access2, a process's label, the first byte of load2). */
ssize_t read_once_and_close(int fd, void *buf, size_t size);
/* Reads a whole smackfs file into a malloc'ed, NUL-terminated buffer. */
ssize_t smackfs_read_file(const char *name, char **buf);
/* Calls fn for each non-empty line of a smackfs file (line..end, without
 * the newline) until it returns non-zero, which is returned; -1 with errno
 * when the file cannot be read. */
typedef int (*smackfs_line_fn)(void *arg, const char *line, const char *end);
int smackfs_read_lines(const char *name, smackfs_line_fn fn, void *arg);
/* Writes buf to name in one write() (for the one-value knob files). */
int smackfs_write_file(const char *name, const char *buf, size_t len);

/*
 * A batching writer for the multi-rule files (load2, change-rule, cipso2):
 * whole newline-terminated records are gathered into writes of less than
 * one page, and short counts are followed up from where the kernel stopped.
 * Every record must end in '\n' and be shorter than SMACKFS_BATCH_MAX.
 */
#define SMACKFS_BATCH_MAX 4095
struct smackfs_batch {
	int fd;
	size_t used;
	size_t records_written;	/* records the kernel has taken */
	size_t records_pending;	/* records in buf */
	char buf[SMACKFS_BATCH_MAX];
};
int smackfs_batch_open(struct smackfs_batch *b, const char *name);
/* Appends one record; may flush.  -1 with errno on a kernel refusal. */
int smackfs_batch_add(struct smackfs_batch *b, const char *rec, size_t len);
/* The same in two steps, for a record formatted in place: room for up to
 * len bytes (NULL with errno when a flush fails), then the record's real
 * length, which ends in '\n'. */
char *smackfs_batch_room(struct smackfs_batch *b, size_t len);
void smackfs_batch_commit(struct smackfs_batch *b, size_t len);
int smackfs_batch_flush(struct smackfs_batch *b);
/* Flushes and closes; returns the first error. */
int smackfs_batch_close(struct smackfs_batch *b);
/* The batch writer's write(): a test-only hook may replace it (NULL
 * restores write(2)), to force a refusal part-way through a load. */
typedef ssize_t (*smackfs_write_fn)(int fd, const void *buf, size_t len);
void smackfs_set_write_hook(smackfs_write_fn fn);

/* label.c */
/* Length of the valid label at the start of s, which ends at len bytes or a
 * NUL, or -1 (with *reason set) when those bytes are not one valid label. */
ssize_t label_validate_n(const char *s, size_t len, const char **reason);
/* The length of the string s, but at most SMACK_LABEL_LEN + 1: enough to
 * refuse a longer label without reading all of it. */
size_t label_length(const char *s);

/* access.c */
/* Parses len bytes of access letters; -1 when any byte is not one. */
int access_parse_n(const char *s, size_t len, unsigned int *mask);

#endif /* LIBSMACK_INTERNAL_H */
