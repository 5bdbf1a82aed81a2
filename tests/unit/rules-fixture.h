/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the rule-set unit tests: a scratch directory that stands in
 * for smackfs (plain files, so the exact bytes written can be read back),
 * a parse-error collector, and file helpers.
 */
#ifndef RULES_FIXTURE_H
#define RULES_FIXTURE_H

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "sys/smack.h"

/* Not every test program uses every helper. */
#define FIXTURE_FN static __attribute__((unused))

static char fixture_dir[64];

/* A rule set parsed from text. */
FIXTURE_FN struct smack_accesses *fixture_set_of(const char *text)
{
	struct smack_accesses *a;

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_parse_buffer(a, text, strlen(text),
						     "t", NULL, NULL), 0);
	return a;
}

/* The rules of a set as text, one "s o a[ d]" line each, into a buffer
 * of FIXTURE_LISTING_SIZE bytes. */
#define FIXTURE_LISTING_SIZE 16384

FIXTURE_FN int fixture_append_rule(void *userdata, const char *s, const char *o,
			       const char *access, const char *deny)
{
	char *buf = userdata;
	size_t used = strlen(buf);

	snprintf(buf + used, FIXTURE_LISTING_SIZE - used, "%s %s %s%s%s\n", s,
		 o, access, deny ? " " : "", deny ? deny : "");
	return 0;
}

FIXTURE_FN void fixture_list(const struct smack_accesses *a, char *buf)
{
	buf[0] = '\0';
	ck_assert_int_eq(smack_accesses_foreach(a, fixture_append_rule, buf),
			 0);
}

/* The same into a buffer of its own, overwritten by the next call. */
FIXTURE_FN const char *fixture_listing(const struct smack_accesses *a)
{
	static char listing[FIXTURE_LISTING_SIZE];

	fixture_list(a, listing);
	return listing;
}

FIXTURE_FN void fixture_write(const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", fixture_dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* The whole of a scratch file, malloc'ed (the caller frees). */
FIXTURE_FN char *fixture_read(const char *name)
{
	char path[256], *buf;
	struct stat st;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", fixture_dir, name);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fstat(fileno(f), &st), 0);
	buf = calloc(1, st.st_size + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, st.st_size, f), (size_t)st.st_size);
	fclose(f);
	return buf;
}

#define ck_assert_file_eq(name, expected)				\
	do {								\
		char *got_ = fixture_read(name);			\
		ck_assert_str_eq(got_, expected);			\
		free(got_);						\
	} while (0)

FIXTURE_FN void fixture_path(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", fixture_dir, name);
}

/* A scratch smackfs: empty load2, change-rule and access2. */
FIXTURE_FN void fixture_setup(void)
{
	strcpy(fixture_dir, "/tmp/smack-unit.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(fixture_dir));
	fixture_write("load2", "");
	fixture_write("change-rule", "");
	fixture_write("access2", "");
	ck_assert_int_eq(smackfs_override(fixture_dir), 0);
}

FIXTURE_FN void remove_tree(const char *path)
{
	struct dirent *de;
	char sub[512];
	DIR *d = opendir(path);

	if (!d) {
		unlink(path);
		return;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		remove_tree(sub);
	}
	closedir(d);
	rmdir(path);
}

FIXTURE_FN void fixture_teardown(void)
{
	smackfs_set_write_hook(NULL);
	smackfs_override(NULL);
	remove_tree(fixture_dir);
}

/* Adds the n test cases of all to s, each test in a fresh scratch
 * directory and given a minute. */
FIXTURE_FN void fixture_add_tcases(Suite *s, TCase **all, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		tcase_add_checked_fixture(all[i], fixture_setup,
					  fixture_teardown);
		tcase_set_timeout(all[i], 60);
		suite_add_tcase(s, all[i]);
	}
}

/* A growing text, NUL-terminated once something is appended, for the
 * large generated policies and listings. */
struct fixture_text {
	char *s;
	size_t len, cap;
};

FIXTURE_FN __attribute__((format(printf, 2, 3)))
void fixture_append(struct fixture_text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->cap - t->len < 1024) {
		t->cap = t->cap ? t->cap * 2 : 1 << 16;
		t->s = realloc(t->s, t->cap);
		ck_assert_ptr_nonnull(t->s);
	}
	va_start(ap, fmt);
	n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	ck_assert(n >= 0 && (size_t)n < t->cap - t->len);
	t->len += n;
}

/* A pseudo-random number below 'below' from *seed (an LCG): generated
 * policies repeat from their seed. */
FIXTURE_FN unsigned int fixture_random(uint32_t *seed, unsigned int below)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 8) % below;
}

/* Parse errors, one "file:line:column: message" line each. */
struct errors {
	char text[8192];
	int count;
};

FIXTURE_FN void collect_error(void *userdata, const char *file,
			      unsigned int line, unsigned int column,
			      const char *message)
{
	struct errors *e = userdata;
	size_t used = strlen(e->text);

	snprintf(e->text + used, sizeof(e->text) - used, "%s:%u:%u: %s\n",
		 file, line, column, message);
	e->count++;
}

/* Open descriptors of this process, to catch leaks. */
FIXTURE_FN int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

#endif /* RULES_FIXTURE_H */
