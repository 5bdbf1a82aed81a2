/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers shared by the libFuzzer harnesses of fuzz/: turning the fuzzer's
 * bytes into a C string or a file descriptor, checking the arguments of
 * the parse-error callback, and failing loudly when an invariant breaks
 * (abort() is what libFuzzer records as a crash, with the input saved).
 *
 * Each harness is one .c file that includes this header and is linked with
 * the library sources (see run.sh); none of this is part of libsmack.
 */
#ifndef SMACK_FUZZ_COMMON_H
#define SMACK_FUZZ_COMMON_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sys/smack.h"

/* Stops the run with a message; libFuzzer keeps the input as a crash. */
#define FUZZ_ASSERT(cond)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "%s:%d: invariant broken: %s\n",	\
				__FILE__, __LINE__, #cond);		\
			abort();					\
		}							\
	} while (0)

/* The name the harnesses give their input in diagnostics. */
#define FUZZ_NAME "fuzz-input"

/* A malloc'ed, NUL-terminated copy of the input (it may hold NULs, so
 * the string ends at the first of them); NULL only when out of memory. */
static inline char *fuzz_strdup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		return NULL;
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* A file descriptor open for reading at offset 0 whose content is the
 * input, backed by memory; -1 when one cannot be made. */
static inline int fuzz_memfd(const uint8_t *data, size_t size)
{
	size_t done = 0;
	ssize_t n;
	int fd = memfd_create("fuzz", MFD_CLOEXEC);

	if (fd < 0)
		return -1;
	while (done < size) {
		n = write(fd, data + done, size - done);
		if (n <= 0) {
			close(fd);
			return -1;
		}
		done += (size_t)n;
	}
	if (lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* A pipe holding the input, write end closed, so that the reader sees
 * a descriptor that cannot seek; -1 when the input does not fit in the
 * pipe's buffer (64 KiB by default) or no pipe can be made. */
static inline int fuzz_pipe(const uint8_t *data, size_t size)
{
	int fds[2];

	if (size > 65536 || pipe2(fds, O_CLOEXEC) != 0)
		return -1;
	if (size > 0 && write(fds[1], data, size) != (ssize_t)size) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	close(fds[1]);
	return fds[0];
}

/* Counts the errors the parser reports and checks what it passes: a file
 * name (the one given), and a message that is a non-empty line. */
struct fuzz_errors {
	unsigned int count;
};

static inline void fuzz_on_error(void *userdata, const char *file,
				 unsigned int line, unsigned int column,
				 const char *message)
{
	struct fuzz_errors *errors = userdata;

	FUZZ_ASSERT(file != NULL);
	FUZZ_ASSERT(strcmp(file, FUZZ_NAME) == 0);
	FUZZ_ASSERT(message != NULL);
	FUZZ_ASSERT(message[0] != '\0');
	FUZZ_ASSERT(strchr(message, '\n') == NULL);
	/* A column only makes sense on a line. */
	FUZZ_ASSERT(line > 0 || column == 0);
	errors->count++;
}

/* A label the kernel would take unchanged: 1..255 bytes of printable
 * ASCII but / " \ ', not starting with '-'.  Written from the kernel's
 * rules independently of label.c, to check it. */
static inline int fuzz_label_ok(const char *s, size_t len)
{
	size_t i;

	if (len == 0 || len > SMACK_LABEL_LEN || s[0] == '-')
		return 0;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c <= 0x20 || c >= 0x7f)
			return 0;
		if (c == '/' || c == '"' || c == '\\' || c == '\'')
			return 0;
	}
	return 1;
}

/* An access string the library accepts: one or more of rwxatlb (either
 * case) and '-'. */
static inline int fuzz_access_ok(const char *s)
{
	if (!s || !*s)
		return 0;
	for (; *s; s++)
		if (!strchr("rwxatlbRWXATLB-", *s))
			return 0;
	return 1;
}

#endif /* SMACK_FUZZ_COMMON_H */
