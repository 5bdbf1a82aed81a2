// SPDX-License-Identifier: GPL-2.0-or-later
/* chsmack's walk (utils/chsmack-walk.c), on a scratch tree. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chsmack-walk.h"
#include "check-main.h"
#include "fail-alloc.h"

#define MAX_SEEN 64

/* What a walk visited, in order. */
struct seen {
	char path[MAX_SEEN][PATH_MAX];
	char rel[MAX_SEEN][PATH_MAX];
	mode_t type[MAX_SEEN];
	bool operand[MAX_SEEN];
	int count;
	/* Set by a test: what the visit does besides recording. */
	const char *fail_on;		/* a path whose visit fails */
	const char *remove_on;		/* a path prefix whose first visit */
	const char *remove_cmd;		/* runs this shell command */
	bool name_mismatch;		/* name and path were not one file */
};

static char base[512];		/* the scratch directory, absolute */
static char top[1024];		/* the tree walked: base/top */
static char start[PATH_MAX];	/* the directory the test runs in */

static int record(void *ctx, const struct walk_entry *e)
{
	struct seen *s = ctx;
	struct stat by_name, by_path;

	ck_assert_int_lt(s->count, MAX_SEEN);
	snprintf(s->path[s->count], PATH_MAX, "%s", e->path);
	snprintf(s->rel[s->count], PATH_MAX, "%s", e->rel);
	s->type[s->count] = e->type;
	s->operand[s->count] = e->operand;
	s->count++;
	/* The name works from the current directory, as the xattr calls
	 * need: it is the same file as the absolute path. */
	if (e->path[0] == '/' &&
	    (lstat(e->name, &by_name) < 0 || lstat(e->path, &by_path) < 0 ||
	     by_name.st_ino != by_path.st_ino))
		s->name_mismatch = true;
	if (s->remove_on &&
	    strncmp(e->path, s->remove_on, strlen(s->remove_on)) == 0) {
		ck_assert_int_eq(system(s->remove_cmd), 0);
		s->remove_on = NULL;
	}
	return s->fail_on && strcmp(e->path, s->fail_on) == 0 ? -1 : 0;
}

static int find(const struct seen *s, const char *path)
{
	int i;

	for (i = 0; i < s->count; i++)
		if (strcmp(s->path[i], path) == 0)
			return i;
	return -1;
}

/* The absolute path of name in the scratch tree (a static buffer). */
static const char *at(const char *name)
{
	static char buf[4][PATH_MAX];
	static int next;
	char *p = buf[next++ % 4];

	snprintf(p, PATH_MAX, "%s%s%s", top, *name ? "/" : "", name);
	return p;
}

static void make_dir(const char *name)
{
	ck_assert_int_eq(mkdir(at(name), 0755), 0);
}

static void make_file(const char *name)
{
	int fd = open(at(name), O_WRONLY | O_CREAT | O_EXCL, 0644);

	ck_assert_int_ge(fd, 0);
	close(fd);
}

static void make_link(const char *target, const char *name)
{
	ck_assert_int_eq(symlink(target, at(name)), 0);
}

/*
 * base/
 *   outside/
 *     o
 *   top/
 *     f
 *     d/
 *       g
 *       up -> ..          (a loop when followed)
 *       e/
 *         h
 *     out -> ../outside   (outside the tree)
 *     ld -> d
 *     dangling -> nowhere
 */
static void setup(void)
{
	char tmpl[] = "/tmp/test-chsmack-walk.XXXXXX";
	char *real;

	ck_assert_ptr_nonnull(getcwd(start, sizeof(start)));
	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	/* realpath() would write up to PATH_MAX bytes into a buffer. */
	real = realpath(tmpl, NULL);
	ck_assert_ptr_nonnull(real);
	ck_assert_int_lt(snprintf(base, sizeof(base), "%s", real), sizeof(base));
	free(real);
	snprintf(top, sizeof(top), "%s/top", base);
	ck_assert_int_eq(mkdir(top, 0755), 0);
	make_dir("../outside");
	make_file("../outside/o");
	make_file("f");
	make_dir("d");
	make_file("d/g");
	make_link("..", "d/up");
	make_dir("d/e");
	make_file("d/e/h");
	make_link("../outside", "out");
	make_link("d", "ld");
	make_link("nowhere", "dangling");
}

static void teardown(void)
{
	char cmd[PATH_MAX + 16];

	ck_assert_int_eq(chdir(start), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", base);
	ck_assert_int_eq(system(cmd), 0);
}

static unsigned long walk(struct seen *s, const char *operand,
			  bool recursive, bool follow)
{
	struct walk_options opt = {
		.recursive = recursive,
		.follow = follow,
		.visit = record,
		.ctx = s,
	};
	struct walker *w = walker_new(&opt);
	unsigned long failures;

	ck_assert_ptr_nonnull(w);
	failures = walk_operand(w, operand);
	walker_free(w);
	return failures;
}

START_TEST(walk_operand_only)
{
	static struct seen s;

	ck_assert_uint_eq(walk(&s, at("d"), false, false), 0);
	ck_assert_int_eq(s.count, 1);
	ck_assert_str_eq(s.path[0], at("d"));
	ck_assert_str_eq(s.rel[0], "");
	ck_assert_uint_eq(s.type[0], S_IFDIR);
	ck_assert(s.operand[0]);
	ck_assert(!s.name_mismatch);
}
END_TEST

START_TEST(walk_recursive_physical)
{
	static const struct { const char *name; mode_t type; } want[] = {
		{ "", S_IFDIR }, { "f", S_IFREG }, { "d", S_IFDIR },
		{ "d/g", S_IFREG }, { "d/up", S_IFLNK }, { "d/e", S_IFDIR },
		{ "d/e/h", S_IFREG }, { "out", S_IFLNK }, { "ld", S_IFLNK },
		{ "dangling", S_IFLNK },
	};
	static struct seen s;
	size_t i;
	int k;

	ck_assert_uint_eq(walk(&s, top, true, false), 0);
	ck_assert_int_eq(s.count, sizeof(want) / sizeof(want[0]));
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		k = find(&s, at(want[i].name));
		ck_assert_msg(k >= 0, "%s not visited", want[i].name);
		ck_assert_str_eq(s.rel[k], want[i].name);
		ck_assert_uint_eq(s.type[k], want[i].type);
		ck_assert(s.operand[k] == (i == 0));
	}
	/* The operand first, each directory before what it holds. */
	ck_assert_int_eq(find(&s, top), 0);
	ck_assert_int_lt(find(&s, at("d")), find(&s, at("d/e")));
	ck_assert_int_lt(find(&s, at("d/e")), find(&s, at("d/e/h")));
	ck_assert(!s.name_mismatch);
}
END_TEST

START_TEST(walk_recursive_follow)
{
	static struct seen s;

	/* From d, up leads to top, ld back to d (a loop), out outside. */
	ck_assert_uint_eq(walk(&s, at("d"), true, true), 1);
	ck_assert_uint_eq(s.type[find(&s, at("d/up"))], S_IFDIR);
	ck_assert_int_ge(find(&s, at("d/up/f")), 0);
	ck_assert_int_ge(find(&s, at("d/up/out/o")), 0);
	ck_assert_uint_eq(s.type[find(&s, at("d/up/out"))], S_IFDIR);
	/* The loops are visited, not entered: d is being walked already. */
	ck_assert_uint_eq(s.type[find(&s, at("d/up/d"))], S_IFDIR);
	ck_assert_uint_eq(s.type[find(&s, at("d/up/ld"))], S_IFDIR);
	ck_assert_int_lt(find(&s, at("d/up/d/g")), 0);
	ck_assert_int_lt(find(&s, at("d/up/ld/g")), 0);
	/* The dangling link is the one failure, and is not visited. */
	ck_assert_int_lt(find(&s, at("d/up/dangling")), 0);
	ck_assert_int_ge(find(&s, at("d/e/h")), 0);
	ck_assert_int_eq(s.count, 10);
	ck_assert(!s.name_mismatch);
}
END_TEST

START_TEST(walk_follow_links)
{
	static struct seen s;

	ck_assert_int_eq(unlink(at("d/up")), 0);
	/* ld -> d and out are followed; dangling is a failure. */
	ck_assert_uint_eq(walk(&s, top, true, true), 1);
	ck_assert_int_ge(find(&s, at("ld/e/h")), 0);
	ck_assert_uint_eq(s.type[find(&s, at("ld"))], S_IFDIR);
	ck_assert_int_ge(find(&s, at("out/o")), 0);
	ck_assert_int_lt(find(&s, at("dangling")), 0);
	ck_assert(!s.name_mismatch);
}
END_TEST

START_TEST(walk_link_operand)
{
	static struct seen s;

	/* As chsmack 1.3: the link itself, then the tree it leads to, whose
	 * own links are not followed. */
	ck_assert_uint_eq(walk(&s, at("ld"), true, false), 0);
	ck_assert_int_eq(s.count, 5);
	ck_assert_uint_eq(s.type[0], S_IFLNK);
	ck_assert_int_ge(find(&s, at("ld/e/h")), 0);
	ck_assert_uint_eq(s.type[find(&s, at("ld/up"))], S_IFLNK);
	memset(&s, 0, sizeof(s));
	/* Followed: d, and top through d/up, where dangling fails. */
	ck_assert_uint_eq(walk(&s, at("ld"), true, true), 1);
	ck_assert_uint_eq(s.type[0], S_IFDIR);
	ck_assert_int_ge(find(&s, at("ld/e/h")), 0);
}
END_TEST

START_TEST(walk_missing_operand)
{
	static struct seen s;

	ck_assert_uint_eq(walk(&s, at("nope"), true, false), 1);
	ck_assert_int_eq(s.count, 0);
}
END_TEST

START_TEST(walk_failing_visit)
{
	static struct seen s;

	s.fail_on = at("d/g");
	ck_assert_uint_eq(walk(&s, top, true, false), 1);
	/* The walk goes on after it. */
	ck_assert_int_eq(s.count, 10);
}
END_TEST

START_TEST(walk_directory_vanishes)
{
	static struct seen s;
	static char cmd[PATH_MAX + 16], d[PATH_MAX];

	/* While "d" is visited, before it is entered, it is removed. */
	snprintf(d, sizeof(d), "%s", at("d"));
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", d);
	s.remove_on = d;
	s.remove_cmd = cmd;
	ck_assert_uint_eq(walk(&s, top, true, false), 0);
	ck_assert_int_lt(find(&s, at("d/g")), 0);
	ck_assert_int_ge(find(&s, at("f")), 0);
}
END_TEST

/* Files readdir() has returned are removed before they are looked at:
 * with -x each is stat()ed, and the walk skips them quietly. */
START_TEST(walk_files_vanish)
{
	struct walk_options opt = { .recursive = true, .one_filesystem = true,
				    .visit = record };
	static struct seen s;
	static char cmd[PATH_MAX + 32], prefix[PATH_MAX];
	struct walker *w;
	char name[32];
	int i;

	for (i = 0; i < 40; i++) {
		snprintf(name, sizeof(name), "d/e/x%02d", i);
		make_file(name);
	}
	/* The first file of d/e to be visited removes them all. */
	snprintf(prefix, sizeof(prefix), "%s/", at("d/e"));
	snprintf(cmd, sizeof(cmd), "rm -f '%s'/*", at("d/e"));
	s.remove_on = prefix;
	s.remove_cmd = cmd;
	opt.ctx = &s;
	w = walker_new(&opt);
	ck_assert_ptr_nonnull(w);
	ck_assert_uint_eq(walk_operand(w, top), 0);
	walker_free(w);
	/* d/e and one file in it were visited, the others not. */
	ck_assert_int_ge(find(&s, at("d/e")), 0);
	ck_assert_int_eq(s.count, 10);
}
END_TEST

START_TEST(walk_trailing_slash)
{
	static struct seen s;
	char operand[PATH_MAX];

	snprintf(operand, sizeof(operand), "%s/", at("d"));
	ck_assert_uint_eq(walk(&s, operand, true, false), 0);
	ck_assert_str_eq(s.path[0], operand);
	ck_assert_int_ge(find(&s, at("d/e/h")), 0);
	ck_assert_str_eq(s.rel[find(&s, at("d/e/h"))], "e/h");
}
END_TEST

START_TEST(walk_relative_operands)
{
	static struct seen s;
	struct walk_options opt = { .recursive = true, .visit = record,
				    .ctx = &s };
	struct walker *w;

	ck_assert_int_eq(chdir(top), 0);
	w = walker_new(&opt);
	ck_assert_ptr_nonnull(w);
	/* After a walk inside d, the next relative operand still works. */
	ck_assert_uint_eq(walk_operand(w, "d"), 0);
	ck_assert_uint_eq(walk_operand(w, "f"), 0);
	ck_assert_uint_eq(walk_operand(w, "d/e"), 0);
	walker_free(w);
	ck_assert_int_ge(find(&s, "d/e/h"), 0);
	ck_assert_int_ge(find(&s, "f"), 0);
	ck_assert_str_eq(s.path[s.count - 1], "d/e/h");
	ck_assert_str_eq(s.rel[s.count - 1], "h");
}
END_TEST

START_TEST(walk_current)
{
	static struct seen s;
	struct walk_options opt = { .visit = record, .ctx = &s };
	struct walker *w;

	ck_assert_int_eq(chdir(at("d")), 0);
	w = walker_new(&opt);
	ck_assert_ptr_nonnull(w);
	ck_assert_uint_eq(walk_current_directory(w), 0);
	walker_free(w);
	/* The entries as ./NAME (chsmack 1.3's listing), not the directory,
	 * not recursive. */
	ck_assert_int_eq(s.count, 3);
	ck_assert_int_ge(find(&s, "./g"), 0);
	ck_assert_int_ge(find(&s, "./up"), 0);
	ck_assert_int_ge(find(&s, "./e"), 0);
	ck_assert_str_eq(s.rel[find(&s, "./e")], "e");
}
END_TEST

START_TEST(walk_deep)
{
	static struct seen s;
	char name[256];
	struct walk_options opt = { .recursive = true, .visit = record,
				    .ctx = &s };
	struct walker *w;
	int i;

	/* 40 levels of 200 characters: 8000 bytes, beyond PATH_MAX. */
	memset(name, 'n', 200);
	name[200] = '\0';
	ck_assert_int_eq(chdir(at("d/e")), 0);
	for (i = 0; i < 40; i++) {
		ck_assert_int_eq(mkdir(name, 0755), 0);
		ck_assert_int_eq(chdir(name), 0);
	}
	ck_assert_int_eq(chdir(start), 0);
	w = walker_new(&opt);
	ck_assert_ptr_nonnull(w);
	ck_assert_uint_eq(walk_operand(w, at("d/e")), 0);
	walker_free(w);
	/* e, h and every level. */
	ck_assert_int_eq(s.count, 42);
}
END_TEST

/* Each allocation of the walk failing in turn (fail-alloc.h).  A walk
 * counts what it could not do instead of returning an errno: a run with
 * a failure is taken as one for want of memory, since the same walk with
 * nothing failing has none.  Either way the walker must still walk the
 * next operand, as chsmack's next one, in full. */
static int count_visit(void *ctx, const struct walk_entry *e)
{
	(*(int *)ctx)++;	/* no ck_assert: Check allocates */
	return 0;
}

static int walk_twice(void)
{
	int visits = 0;
	struct walk_options opt = {
		.recursive = true, .visit = count_visit, .ctx = &visits,
	};
	struct walker *w = walker_new(&opt);
	unsigned long first, second;

	if (!w)
		return -1;
	first = walk_operand(w, "top");
	fail_countdown = -1;	/* the next operand: memory to spare again */
	visits = 0;
	second = walk_operand(w, "top");
	walker_free(w);
	if (second != 0 || visits != 10)
		return WRONG_RESULT;
	if (first == 0)
		return 0;
	errno = ENOMEM;
	return -1;
}

/* A walk ends in the last directory it read: each run starts again from
 * the scratch directory, where "top" is. */
static void back_to_base(void)
{
	ck_assert_int_eq(chdir(base), 0);
}

START_TEST(walk_survives_each_failed_allocation)
{
	static const struct scenario sc = { "walk", back_to_base, walk_twice };

	fail_each_allocation(&sc);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("chsmack-walk");
	TCase *tc = tcase_create("walk");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, walk_operand_only);
	tcase_add_test(tc, walk_recursive_physical);
	tcase_add_test(tc, walk_recursive_follow);
	tcase_add_test(tc, walk_follow_links);
	tcase_add_test(tc, walk_link_operand);
	tcase_add_test(tc, walk_missing_operand);
	tcase_add_test(tc, walk_failing_visit);
	tcase_add_test(tc, walk_directory_vanishes);
	tcase_add_test(tc, walk_files_vanish);
	tcase_add_test(tc, walk_trailing_slash);
	tcase_add_test(tc, walk_relative_operands);
	tcase_add_test(tc, walk_current);
	tcase_add_test(tc, walk_deep);
	tcase_add_test(tc, walk_survives_each_failed_allocation);
	suite_add_tcase(s, tc);
	return s;
}
