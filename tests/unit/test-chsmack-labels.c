// SPDX-License-Identifier: GPL-2.0-or-later
/* chsmack's attribute I/O and formats (utils/chsmack-labels.c). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <sys/smack.h>

#include "chsmack-labels.h"
#include "check-main.h"

static char dir[PATH_MAX];
static char file[PATH_MAX + 8];

static void setup(void)
{
	char tmpl[] = "/tmp/test-chsmack-labels.XXXXXX";
	int fd;

	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	snprintf(dir, sizeof(dir), "%s", tmpl);
	snprintf(file, sizeof(file), "%s/f", dir);
	fd = open(file, O_WRONLY | O_CREAT | O_EXCL, 0644);
	ck_assert_int_ge(fd, 0);
	close(fd);
}

static void teardown(void)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* Host filesystems keep security.* xattrs for root; without that (not
 * root, or a filesystem without them) the I/O tests are skipped. */
static bool can_set(const char *path, const char *name, const char *value)
{
	return lsetxattr(path, name, value, strlen(value), 0) == 0;
}

#define REQUIRE_XATTRS()						\
	do {								\
		if (!can_set(file, XATTR_NAME_SMACK, "Probe"))		\
			return;						\
		lremovexattr(file, XATTR_NAME_SMACK);			\
	} while (0)

/* What fn printed, in a buffer. */
static char *capture(void (*fn)(FILE *, void *), void *arg)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	fn(f, arg);
	ck_assert_int_eq(fclose(f), 0);
	return text;
}

static struct labels printed;

static void print_labels(FILE *f, void *path)
{
	labels_print(f, path, &printed);
}

static void labels_add(struct labels *l, enum attr a, const char *value,
		       size_t len)
{
	l->present[a] = true;
	l->value[a] = value;
	l->len[a] = len;
}

START_TEST(validate)
{
	const char *why = NULL;
	char long_label[300];

	ck_assert_int_eq(attr_validate(ATTR_ACCESS, "App", &why), 0);
	ck_assert_int_eq(attr_validate(ATTR_ACCESS, "*", &why), 0);
	ck_assert_int_eq(attr_validate(ATTR_ACCESS, "@", &why), 0);
	ck_assert_int_eq(attr_validate(ATTR_EXEC, "_", &why), 0);
	ck_assert_int_eq(attr_validate(ATTR_EXEC, "*", &why), -1);
	ck_assert_ptr_nonnull(strstr(why, "'*' or '@'"));
	ck_assert_int_eq(attr_validate(ATTR_MMAP, "@", &why), -1);
	ck_assert_int_eq(attr_validate(ATTR_MMAP, "**", &why), 0);
	ck_assert_int_eq(attr_validate(ATTR_ACCESS, "a/b", &why), -1);
	ck_assert_str_eq(why, "contains '/'");
	ck_assert_int_eq(attr_validate(ATTR_ACCESS, "", &why), -1);
	ck_assert_int_eq(attr_validate(ATTR_TRANSMUTE, "TRUE", &why), 0);
	ck_assert_int_eq(attr_validate(ATTR_TRANSMUTE, "true", &why), -1);
	ck_assert_str_eq(why, "is not TRUE");
	memset(long_label, 'x', 255);
	long_label[255] = '\0';
	ck_assert_int_eq(attr_validate(ATTR_ACCESS, long_label, &why), 0);
	long_label[255] = 'x';
	long_label[256] = '\0';
	ck_assert_int_eq(attr_validate(ATTR_ACCESS, long_label, &why), -1);
}
END_TEST

START_TEST(plans)
{
	struct label_plan p = { 0 };

	ck_assert(plan_is_empty(&p));
	plan_set(&p, ATTR_MMAP, "Lib");
	ck_assert(!plan_is_empty(&p));
	ck_assert_int_eq(p.op[ATTR_MMAP], OP_SET);
	ck_assert_uint_eq(p.len[ATTR_MMAP], 3);
	plan_remove(&p, ATTR_MMAP);
	ck_assert_int_eq(p.op[ATTR_MMAP], OP_REMOVE);
	ck_assert_ptr_null(p.value[ATTR_MMAP]);
}
END_TEST

START_TEST(print_format)
{
	char *text;

	memset(&printed, 0, sizeof(printed));
	text = capture(print_labels, "a/b");
	ck_assert_str_eq(text, "a/b: No smack property found\n");
	free(text);

	labels_add(&printed, ATTR_TRANSMUTE, "TRUE", 4);
	labels_add(&printed, ATTR_MMAP, "M", 1);
	labels_add(&printed, ATTR_ACCESS, "A", 1);
	labels_add(&printed, ATTR_EXEC, "E", 1);
	text = capture(print_labels, "d");
	ck_assert_str_eq(text,
		"d access=\"A\" execute=\"E\" mmap=\"M\" transmute=\"TRUE\"\n");
	free(text);

	memset(&printed, 0, sizeof(printed));
	labels_add(&printed, ATTR_MMAP, "only", 4);
	text = capture(print_labels, "x y");
	ck_assert_str_eq(text, "x y mmap=\"only\"\n");
	free(text);
}
END_TEST

START_TEST(print_escapes)
{
	char *text;

	memset(&printed, 0, sizeof(printed));
	labels_add(&printed, ATTR_ACCESS, "a b\"c\\d\n\xe9", 9);
	text = capture(print_labels, "f");
	ck_assert_str_eq(text,
		"f access=\"a\\040b\\042c\\134d\\012\\351\"\n");
	free(text);
	memset(&printed, 0, sizeof(printed));
	labels_add(&printed, ATTR_ACCESS, "a\0b", 3);
	text = capture(print_labels, "f");
	ck_assert_str_eq(text, "f access=\"a\\000b\"\n");
	free(text);
}
END_TEST

/* A path can hold any byte but NUL and forge nothing: no line break, no
 * terminal control, no '"' that would start a value. */
START_TEST(print_hostile_paths)
{
	char *text;

	memset(&printed, 0, sizeof(printed));
	labels_add(&printed, ATTR_ACCESS, "Real", 4);
	text = capture(print_labels, "a\n/etc/shadow access=\"Forged\"");
	ck_assert_str_eq(text, "a\\012/etc/shadow access=\\042Forged\\042"
			       " access=\"Real\"\n");
	free(text);
	text = capture(print_labels, "\033[2Jx\\y\xff caf\xc3\xa9");
	ck_assert_str_eq(text, "\\033[2Jx\\134y\\377 caf\xc3\xa9"
			       " access=\"Real\"\n");
	free(text);
	memset(&printed, 0, sizeof(printed));
	text = capture(print_labels, "b\rc");
	ck_assert_str_eq(text, "b\\015c: No smack property found\n");
	free(text);
}
END_TEST

/* -0: the path as it is and a NUL, then the rest of the line and a NUL. */
START_TEST(print_null)
{
	const char want[] = "a\nb\0 access=\"A\" mmap=\"M\"\0";
	const char none[] = "x\033\0: No smack property found\0";
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	memset(&printed, 0, sizeof(printed));
	labels_add(&printed, ATTR_ACCESS, "A", 1);
	labels_add(&printed, ATTR_MMAP, "M", 1);
	f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	record_end = '\0';
	labels_print(f, "a\nb", &printed);
	memset(&printed, 0, sizeof(printed));
	labels_print(f, "x\033", &printed);
	record_end = '\n';
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_uint_eq(len, sizeof(want) - 1 + sizeof(none) - 1);
	ck_assert_mem_eq(text, want, sizeof(want) - 1);
	ck_assert_mem_eq(text + sizeof(want) - 1, none, sizeof(none) - 1);
	free(text);
}
END_TEST

static struct label_plan changes;
static struct labels current;

static void print_changes(FILE *f, void *path)
{
	int a;

	for (a = 0; a < ATTR_COUNT; a++)
		if (changes.op[a] != OP_KEEP)
			plan_print_change(f, path, a, &changes, &current);
}

START_TEST(changes_only)
{
	struct label_plan p = { 0 };
	char *text;

	memset(&current, 0, sizeof(current));
	labels_add(&current, ATTR_ACCESS, "Same", 4);
	labels_add(&current, ATTR_EXEC, "Old", 3);
	labels_add(&current, ATTR_MMAP, "Gone", 4);
	plan_set(&p, ATTR_ACCESS, "Same");
	plan_set(&p, ATTR_EXEC, "New");
	plan_remove(&p, ATTR_MMAP);
	plan_remove(&p, ATTR_TRANSMUTE);
	ck_assert(plan_changes(&p, &current, &changes));
	ck_assert_int_eq(changes.op[ATTR_ACCESS], OP_KEEP);
	ck_assert_int_eq(changes.op[ATTR_EXEC], OP_SET);
	ck_assert_int_eq(changes.op[ATTR_MMAP], OP_REMOVE);
	ck_assert_int_eq(changes.op[ATTR_TRANSMUTE], OP_KEEP);
	text = capture(print_changes, "p");
	ck_assert_str_eq(text, "p: execute \"Old\" -> \"New\"\n"
			       "p: mmap \"Gone\" -> -\n");
	free(text);

	/* A prefix is not the same label. */
	memset(&p, 0, sizeof(p));
	plan_set(&p, ATTR_ACCESS, "Sam");
	ck_assert(plan_changes(&p, &current, &changes));
	plan_set(&p, ATTR_ACCESS, "Same");
	ck_assert(!plan_changes(&p, &current, &changes));
	memset(&p, 0, sizeof(p));
	plan_set(&p, ATTR_TRANSMUTE, "TRUE");
	ck_assert(plan_changes(&p, &current, &changes));
	text = capture(print_changes, "d");
	ck_assert_str_eq(text, "d: transmute - -> \"TRUE\"\n");
	free(text);
	text = capture(print_changes, "d\n/x: access");
	ck_assert_str_eq(text, "d\\012/x: access: transmute - -> \"TRUE\"\n");
	free(text);
	record_end = '\0';
	text = capture(print_changes, "d\n");
	record_end = '\n';
	ck_assert_mem_eq(text, "d\n\0: transmute - -> \"TRUE\"\0", 27);
	free(text);
}
END_TEST

START_TEST(read_stored)
{
	struct label_reader r;
	struct labels l;

	REQUIRE_XATTRS();
	label_reader_init(&r);
	ck_assert_int_eq(labels_read_stored(&r, file, false, &l), 0);
	ck_assert(!l.present[ATTR_ACCESS] && !l.present[ATTR_EXEC] &&
		  !l.present[ATTR_MMAP] && !l.present[ATTR_TRANSMUTE]);
	ck_assert(can_set(file, XATTR_NAME_SMACK, "Acc"));
	ck_assert(can_set(file, XATTR_NAME_SMACKMMAP, "Mm"));
	ck_assert_int_eq(labels_read_stored(&r, file, false, &l), 0);
	ck_assert(l.present[ATTR_ACCESS] && l.present[ATTR_MMAP]);
	ck_assert(!l.present[ATTR_EXEC] && !l.present[ATTR_TRANSMUTE]);
	ck_assert_str_eq(l.value[ATTR_ACCESS], "Acc");
	ck_assert_uint_eq(l.len[ATTR_ACCESS], 3);
	ck_assert_str_eq(l.value[ATTR_MMAP], "Mm");
	ck_assert_int_eq(labels_read_each(&r, file, false, &l), 0);
	ck_assert_str_eq(l.value[ATTR_ACCESS], "Acc");
	ck_assert(!l.present[ATTR_EXEC]);
	ck_assert_int_eq(labels_read_stored(&r, "/nonexistent", false, &l), -1);
	ck_assert_int_eq(errno, ENOENT);
	label_reader_free(&r);
}
END_TEST

/* Values and name lists larger than the first buffers (possible only
 * without a Smack kernel, or with many other xattrs) are read whole. */
START_TEST(read_grows)
{
	struct label_reader r;
	struct labels l;
	char big[2000], name[64];
	int i;

	REQUIRE_XATTRS();
	memset(big, 'v', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	if (!can_set(file, XATTR_NAME_SMACKEXEC, big))
		return;
	for (i = 0; i < 20; i++) {
		snprintf(name, sizeof(name),
			 "user.a-rather-long-attribute-name-%02d", i);
		if (!can_set(file, name, "x"))
			break;
	}
	label_reader_init(&r);
	ck_assert_int_eq(labels_read_stored(&r, file, false, &l), 0);
	ck_assert(l.present[ATTR_EXEC]);
	ck_assert_uint_eq(l.len[ATTR_EXEC], sizeof(big) - 1);
	ck_assert_str_eq(l.value[ATTR_EXEC], big);
	label_reader_free(&r);
}
END_TEST

START_TEST(apply)
{
	struct label_plan p = { 0 };
	struct label_reader r;
	struct labels l;
	char link[PATH_MAX + 8];

	REQUIRE_XATTRS();
	plan_set(&p, ATTR_ACCESS, "Set");
	plan_set(&p, ATTR_EXEC, "Ex");
	ck_assert_int_eq(plan_apply_attr(&p, ATTR_ACCESS, file, false), 0);
	ck_assert_int_eq(plan_apply_attr(&p, ATTR_EXEC, file, false), 0);
	ck_assert_int_eq(plan_apply_attr(&p, ATTR_MMAP, file, false), 0);
	label_reader_init(&r);
	ck_assert_int_eq(labels_read_stored(&r, file, false, &l), 0);
	ck_assert_str_eq(l.value[ATTR_ACCESS], "Set");
	ck_assert_str_eq(l.value[ATTR_EXEC], "Ex");
	ck_assert(!l.present[ATTR_MMAP]);
	/* Removing, twice: the second finds nothing and is no error. */
	plan_remove(&p, ATTR_EXEC);
	ck_assert_int_eq(plan_apply_attr(&p, ATTR_EXEC, file, false), 0);
	ck_assert_int_eq(plan_apply_attr(&p, ATTR_EXEC, file, false), 0);
	ck_assert_int_eq(labels_read_stored(&r, file, false, &l), 0);
	ck_assert(!l.present[ATTR_EXEC]);
	ck_assert_int_eq(plan_apply_attr(&p, ATTR_ACCESS, "/nonexistent/x",
					 false), -1);
	ck_assert_int_eq(errno, ENOENT);

	/* Through a link only when following. */
	snprintf(link, sizeof(link), "%s/l", dir);
	ck_assert_int_eq(symlink(file, link), 0);
	plan_set(&p, ATTR_ACCESS, "ViaLink");
	ck_assert_int_eq(plan_apply_attr(&p, ATTR_ACCESS, link, true), 0);
	ck_assert_int_eq(labels_read_stored(&r, file, false, &l), 0);
	ck_assert_str_eq(l.value[ATTR_ACCESS], "ViaLink");
	ck_assert_int_eq(labels_read_stored(&r, link, true, &l), 0);
	ck_assert_str_eq(l.value[ATTR_ACCESS], "ViaLink");
	if (plan_apply_attr(&p, ATTR_ACCESS, link, false) == 0) {
		plan_set(&p, ATTR_ACCESS, "OnLink");
		ck_assert_int_eq(plan_apply_attr(&p, ATTR_ACCESS, link, false),
				 0);
		ck_assert_int_eq(labels_read_stored(&r, file, false, &l), 0);
		ck_assert_str_eq(l.value[ATTR_ACCESS], "ViaLink");
		ck_assert_int_eq(labels_read_stored(&r, link, false, &l), 0);
		ck_assert_str_eq(l.value[ATTR_ACCESS], "OnLink");
	}
	label_reader_free(&r);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("chsmack-labels");
	TCase *formats = tcase_create("formats");
	TCase *io = tcase_create("io");

	tcase_add_test(formats, validate);
	tcase_add_test(formats, plans);
	tcase_add_test(formats, print_format);
	tcase_add_test(formats, print_escapes);
	tcase_add_test(formats, print_hostile_paths);
	tcase_add_test(formats, print_null);
	tcase_add_test(formats, changes_only);
	tcase_add_checked_fixture(io, setup, teardown);
	tcase_add_test(io, read_stored);
	tcase_add_test(io, read_grows);
	tcase_add_test(io, apply);
	suite_add_tcase(s, formats);
	suite_add_tcase(s, io);
	return s;
}
