/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A scratch configuration tree for the unit tests of smackctl and of the
 * tree reader (test-smackctl-plan): made under $TMPDIR
 * (or /tmp) before each test, removed with all it holds after it.  Errors
 * reported through a parse-error callback are collected as
 * "FILE:LINE:COLUMN: message" lines, FILE relative to the scratch root.
 */
#ifndef TREE_FIXTURE_H
#define TREE_FIXTURE_H

#include <check.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char scratch[256];
static char messages[16384];
static unsigned int message_count;

static inline void scratch_create(void)
{
	const char *base = getenv("TMPDIR");

	snprintf(scratch, sizeof(scratch), "%s/smackload-test.XXXXXX",
		 base && *base ? base : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(scratch));
	messages[0] = '\0';
	message_count = 0;
}

static inline int remove_entry(const char *path, const struct stat *st,
			       int type, struct FTW *ftw)
{
	return remove(path);
}

static inline void scratch_remove(void)
{
	nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The path of name under the scratch root (two static slots). */
static inline const char *at(const char *name)
{
	static char paths[2][PATH_MAX];
	static int slot;

	slot = !slot;
	snprintf(paths[slot], sizeof(paths[slot]), "%s/%s", scratch, name);
	return paths[slot];
}

static inline void make_dir(const char *name)
{
	ck_assert_int_eq(mkdir(at(name), 0700), 0);
}

/* Creates (or truncates) name with the string text. */
static inline void put(const char *name, const char *text)
{
	int fd = open(at(name), O_WRONLY | O_CREAT | O_TRUNC, 0600);
	size_t len = strlen(text);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, len), (ssize_t)len);
	close(fd);
}

/* The contents of name in a static buffer ("" when it cannot be read). */
static inline const char *get(const char *name)
{
	static char buf[8192];
	ssize_t n = -1;
	int fd = open(at(name), O_RDONLY);

	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

static inline void collect(void *userdata, const char *file,
			   unsigned int line, unsigned int column,
			   const char *message)
{
	size_t used = strlen(messages), root = strlen(scratch);

	if (strncmp(file, scratch, root) == 0 && file[root] == '/')
		file += root + 1;
	snprintf(messages + used, sizeof(messages) - used, "%s:%u:%u: %s\n",
		 file, line, column, message);
	message_count++;
}

#endif /* TREE_FIXTURE_H */
