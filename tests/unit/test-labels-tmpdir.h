/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A scratch directory for the label and knob unit tests: made in $TMPDIR
 * (or /tmp) before each test and removed with its files after it.
 */
#ifndef TEST_LABELS_TMPDIR_H
#define TEST_LABELS_TMPDIR_H

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[1024];

static inline void tmpdir_create(void)
{
	const char *base = getenv("TMPDIR");

	snprintf(tmpdir, sizeof(tmpdir), "%s/smack-test.XXXXXX",
		 base && *base ? base : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

/* The files of the scratch directory are flat: no subdirectory but the
 * ones a test makes itself and removes with tmpdir_remove_dir(). */
static inline void tmpdir_remove(void)
{
	DIR *d = opendir(tmpdir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			if (unlinkat(dirfd(d), e->d_name, 0) < 0)
				unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR);
	closedir(d);
	rmdir(tmpdir);
}

/* The path of name in the scratch directory (a static buffer per call
 * slot, so two may be used in one expression). */
static inline const char *tmp_path(const char *name)
{
	static char paths[2][PATH_MAX];
	static int slot;

	slot = !slot;
	snprintf(paths[slot], sizeof(paths[slot]), "%s/%s", tmpdir, name);
	return paths[slot];
}

/* Creates (or truncates) name with len bytes of data. */
static inline void tmp_put(const char *name, const char *data, size_t len)
{
	int fd = open(tmp_path(name), O_WRONLY | O_CREAT | O_TRUNC, 0600);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, data, len), (ssize_t)len);
	close(fd);
}

/* The contents of name, NUL-terminated, in a static buffer; *len (if not
 * NULL) is their length.  NULL when name does not exist. */
static inline const char *tmp_get(const char *name, size_t *len)
{
	static char buf[4096];
	ssize_t n;
	int fd = open(tmp_path(name), O_RDONLY);

	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	ck_assert_int_ge(n, 0);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

#endif /* TEST_LABELS_TMPDIR_H */
