// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Label specifications, labels.d (libsmack/labels-spec.c), through the
 * policy: the lines smack_policy_match_path() finds, and the errors.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sys/smack.h>

#include "check-main.h"
#include "fail-alloc.h"

/* Every error of a parse, one "FILE:LINE:COL: message" a line. */
struct errors {
	char text[8192];
	int count;
};

static void collect(void *userdata, int priority, const char *file,
		    unsigned int line, unsigned int column, const char *message)
{
	struct errors *e = userdata;
	size_t used = strlen(e->text);

	snprintf(e->text + used, sizeof(e->text) - used, "%s:%u:%u: %s\n",
		 file, line, column, message);
	e->count++;
}

static struct errors errs;

/* The attributes of a line, in the order of chsmack's. */
enum attr { ATTR_ACCESS, ATTR_EXEC, ATTR_MMAP, ATTR_TRANSMUTE };

static struct smack_policy *spec_new(struct errors *e)
{
	struct smack_policy *spec;

	memset(e, 0, sizeof(*e));
	ck_assert_int_eq(smack_policy_new(&spec), 0);
	smack_policy_set_log_fn(spec, collect, e);
	return spec;
}

static int spec_add_path(struct smack_policy *spec, const char *path)
{
	return smack_policy_add_path(spec, SMACK_POLICY_LABELS, path, 0);
}

static size_t spec_rule_count(const struct smack_policy *spec)
{
	return smack_policy_count(spec, SMACK_POLICY_LABELS);
}

/* The text as the file "t". */
static struct smack_policy *parse(const char *text, int expect)
{
	struct smack_policy *spec = spec_new(&errs);
	FILE *f = tmpfile();

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, strlen(text), f), strlen(text));
	rewind(f);
	ck_assert_int_eq(smack_policy_add_fd(spec, SMACK_POLICY_LABELS,
					     fileno(f), "t", 0), expect);
	fclose(f);
	return spec;
}

/* The line matching path and type, or NULL. */
static const struct smack_policy_entry *spec_match(
	const struct smack_policy *spec, const char *path, mode_t type)
{
	static struct smack_policy_entry e;
	int ret = smack_policy_match_path(spec, path, type, &e);

	ck_assert_int_ge(ret, 0);
	return ret ? &e : NULL;
}

/* The line matching path and type, checked to be line. */
static const struct smack_policy_entry *matches(
	const struct smack_policy *spec, const char *path, mode_t type,
	unsigned int line)
{
	const struct smack_policy_entry *rule = spec_match(spec, path, type);

	ck_assert_msg(rule, "%s matches no rule", path);
	ck_assert_msg(rule->line == line, "%s matched line %u, not %u", path,
		      rule->line, line);
	return rule;
}

/* The value of attribute a, NULL when the line removes it. */
static const char *value_of(const struct smack_policy_entry *e, enum attr a)
{
	const char *labels[] = { e->access_label, e->execute_label,
				 e->mmap_label };

	if (a == ATTR_TRANSMUTE)
		return e->flags & SMACK_LABELS_TRANSMUTE ? "TRUE" : NULL;
	return labels[a];
}

static void assert_set(const struct smack_policy_entry *rule, enum attr a,
		       const char *value)
{
	ck_assert_pstr_eq(value_of(rule, a), value);
}

static void assert_removed(const struct smack_policy_entry *rule, enum attr a)
{
	ck_assert_ptr_null(value_of(rule, a));
}

static bool leave_alone(const struct smack_policy_entry *rule)
{
	return rule->flags & SMACK_LABELS_NONE;
}

START_TEST(spec_one_line)
{
	struct smack_policy *spec = parse("/a/b access=App\n", 0);
	const struct smack_policy_entry *rule;

	ck_assert_uint_eq(spec_rule_count(spec), 1);
	rule = matches(spec, "/a/b", S_IFREG, 1);
	assert_set(rule, ATTR_ACCESS, "App");
	/* A line gives all a file carries: the rest is removed. */
	assert_removed(rule, ATTR_EXEC);
	assert_removed(rule, ATTR_MMAP);
	assert_removed(rule, ATTR_TRANSMUTE);
	ck_assert(!leave_alone(rule));
	ck_assert_str_eq(rule->file, "t");
	smack_policy_free(spec);
}
END_TEST

START_TEST(spec_anchored)
{
	struct smack_policy *spec = parse("/a access=A\n/d(/.*)? access=D\n", 0);

	ck_assert_ptr_nonnull(spec_match(spec, "/a", S_IFREG));
	ck_assert_ptr_null(spec_match(spec, "/ab", S_IFREG));
	ck_assert_ptr_null(spec_match(spec, "/x/a", S_IFREG));
	ck_assert_ptr_null(spec_match(spec, "/a/b", S_IFREG));
	matches(spec, "/d", S_IFDIR, 2);
	matches(spec, "/d/e/f", S_IFREG, 2);
	ck_assert_ptr_null(spec_match(spec, "/de", S_IFREG));
	smack_policy_free(spec);
}
END_TEST

START_TEST(spec_last_match_wins)
{
	struct smack_policy *spec = parse(
		"/opt(/.*)?            access=General\n"
		"/opt/app(/.*)?        access=App\n"
		"/opt/app/bin/[^/]+ -- access=App execute=Run\n"
		"/opt(/.*)?         -d access=Dir transmute\n", 0);
	const struct smack_policy_entry *rule;

	matches(spec, "/opt/other", S_IFREG, 1);
	matches(spec, "/opt/app/x", S_IFREG, 2);
	rule = matches(spec, "/opt/app/bin/tool", S_IFREG, 3);
	assert_set(rule, ATTR_EXEC, "Run");
	/* A symbolic link in bin/ is not "--": the line before counts. */
	matches(spec, "/opt/app/bin/tool", S_IFLNK, 2);
	/* The last line is general, yet later: it wins for directories. */
	rule = matches(spec, "/opt/app/bin", S_IFDIR, 4);
	assert_set(rule, ATTR_TRANSMUTE, "TRUE");
	ck_assert_ptr_null(spec_match(spec, "/usr", S_IFDIR));
	smack_policy_free(spec);
}
END_TEST

START_TEST(spec_every_type)
{
	static const struct { const char *flag; mode_t type; } types[] = {
		{ "--", S_IFREG }, { "-d", S_IFDIR }, { "-l", S_IFLNK },
		{ "-c", S_IFCHR }, { "-b", S_IFBLK }, { "-p", S_IFIFO },
		{ "-s", S_IFSOCK },
	};
	char line[64];
	size_t i, j;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		struct smack_policy *spec;

		snprintf(line, sizeof(line), "/f %s access=T\n", types[i].flag);
		spec = parse(line, 0);
		for (j = 0; j < sizeof(types) / sizeof(types[0]); j++)
			ck_assert_msg((spec_match(spec, "/f", types[j].type) !=
				       NULL) == (i == j), "%s against %s",
				      types[i].flag, types[j].flag);
		smack_policy_free(spec);
	}
}
END_TEST

START_TEST(spec_attribute_spellings)
{
	struct smack_policy *spec = parse(
		"/q access=\"Quoted\" execute=\"E\" mmap=\"M\" transmute=\"TRUE\"\n"
		"/r exec=Alias transmute=TRUE\n"
		"/s transmute\n", 0);
	const struct smack_policy_entry *rule;

	rule = matches(spec, "/q", S_IFDIR, 1);
	assert_set(rule, ATTR_ACCESS, "Quoted");
	assert_set(rule, ATTR_EXEC, "E");
	assert_set(rule, ATTR_MMAP, "M");
	assert_set(rule, ATTR_TRANSMUTE, "TRUE");
	rule = matches(spec, "/r", S_IFDIR, 2);
	assert_set(rule, ATTR_EXEC, "Alias");
	assert_set(rule, ATTR_TRANSMUTE, "TRUE");
	assert_removed(rule, ATTR_ACCESS);
	rule = matches(spec, "/s", S_IFDIR, 3);
	assert_set(rule, ATTR_TRANSMUTE, "TRUE");
	smack_policy_free(spec);
}
END_TEST

START_TEST(spec_leave_alone)
{
	struct smack_policy *spec = parse(
		"/c(/.*)? access=C\n/c/cache(/.*)? <<none>>\n"
		"/c/cache/x -- <<none>> # why\n", 0);
	const struct smack_policy_entry *rule;

	ck_assert(!leave_alone(matches(spec, "/c/y", S_IFREG, 1)));
	rule = matches(spec, "/c/cache/z", S_IFREG, 2);
	ck_assert(leave_alone(rule));
	ck_assert(leave_alone(matches(spec, "/c/cache/x", S_IFREG, 3)));
	smack_policy_free(spec);
}
END_TEST

START_TEST(spec_comments_and_blanks)
{
	struct smack_policy *spec = parse(
		"# a comment\n"
		"\n"
		"   \t  \n"
		"  ; another\n"
		"\t/a\t\taccess=A\t# and a trailing one=x\n"
		"/b access=B\r\n"
		"/c access=C", 0);

	ck_assert_uint_eq(spec_rule_count(spec), 3);
	assert_set(matches(spec, "/a", S_IFREG, 5), ATTR_ACCESS, "A");
	assert_set(matches(spec, "/b", S_IFREG, 6), ATTR_ACCESS, "B");
	assert_set(matches(spec, "/c", S_IFREG, 7), ATTR_ACCESS, "C");
	smack_policy_free(spec);
}
END_TEST

START_TEST(spec_labels_at_the_limits)
{
	char text[600];
	struct smack_policy *spec;

	snprintf(text, sizeof(text), "/a access=%0255d\n", 7);
	spec = parse(text, 0);
	ck_assert_uint_eq(strlen(matches(spec, "/a", S_IFREG, 1)->access_label),
			  255);
	smack_policy_free(spec);
	snprintf(text, sizeof(text), "/a access=%0256d\n", 7);
	smack_policy_free(parse(text, -1));
	ck_assert_int_eq(errs.count, 1);
	ck_assert_ptr_nonnull(strstr(errs.text, "is longer than 255"));
	spec = parse("/a access=* execute=^ mmap=_\n", 0);
	smack_policy_free(spec);
}
END_TEST

START_TEST(spec_long_line)
{
	size_t n = 20000;
	char *text = malloc(n + 32);
	struct smack_policy *spec;
	char *path;

	ck_assert_ptr_nonnull(text);
	text[0] = '/';
	memset(text + 1, 'p', n);
	strcpy(text + 1 + n, " access=Long\n");
	spec = parse(text, 0);
	path = strndup(text, n + 1);
	matches(spec, path, S_IFREG, 1);
	free(path);
	free(text);
	smack_policy_free(spec);
}
END_TEST

/* One bad line: the error it gives, with its column. */
static void bad_line(const char *line, const char *expect)
{
	struct smack_policy *spec;
	char text[1024];

	snprintf(text, sizeof(text), "/ok access=Fine\n%s\n/ok2 access=Fine\n",
		 line);
	spec = parse(text, -1);
	ck_assert_msg(errs.count == 1, "'%s': %d errors:\n%s", line,
		      errs.count, errs.text);
	ck_assert_msg(strstr(errs.text, expect), "'%s': got '%s', not '%s'",
		      line, errs.text, expect);
	smack_policy_free(spec);
}

/* Every error is at the column where the field at fault starts (for an
 * attribute, its name, not its value), as in every parser of the tree. */
START_TEST(spec_errors)
{
	bad_line("/(x access=A", "t:2:1: bad pattern \"/(x\"");
	bad_line("/x -q access=A", "t:2:4: unknown file type \"-q\"");
	bad_line("/x access=A what=B", "t:2:13: unknown attribute \"what\"");
	bad_line("/x access=A access=B", "t:2:13: access given twice");
	bad_line("/x exec=A execute=B", "t:2:11: execute given twice");
	bad_line("/x access=a/b", "t:2:4: access label \"a/b\" contains '/'");
	bad_line("/x access=", "t:2:4: access label \"\" is empty");
	bad_line("/x access=-a", "t:2:4: access label \"-a\" starts with '-'");
	bad_line("/x access=\"a\"b\"", "t:2:4: access label \"a\\042b\" contains");
	bad_line("/x access=\"open", "t:2:4: access value has an unmatched");
	bad_line("/x access=\"", "t:2:4: access value has an unmatched");
	bad_line("/x execute=*", "t:2:4: execute label \"*\" is '*' or '@'");
	bad_line("/x mmap=@", "t:2:4: mmap label \"@\" is '*' or '@'");
	bad_line("/x mmap", "t:2:4: mmap needs a label: mmap=LABEL");
	bad_line("/x transmute=yes",
		 "t:2:4: transmute value \"yes\" is not TRUE");
	bad_line("/x", "t:2:3: no attributes (<<none>> leaves");
	bad_line("/x -d", "t:2:6: no attributes");
	bad_line("/x # nothing", "t:2:4: no attributes");
	bad_line("/x access=A -d", "t:2:13: the file type \"-d\" must follow");
	bad_line("/x <<none>> access=A", "t:2:13: <<none>> stands alone");
	bad_line("/x access=A <<none>>", "t:2:13: <<none>> stands alone");
}
END_TEST

/* Input quoted in a message is cut short: a huge line, a short message. */
START_TEST(spec_errors_short)
{
	size_t n = 1 << 20;
	char *text = malloc(n + 64);
	struct smack_policy *spec;

	ck_assert_ptr_nonnull(text);
	strcpy(text, "/x access=");
	memset(text + 10, 'L', n);
	strcpy(text + 10 + n, "\n");
	spec = parse(text, -1);
	ck_assert_int_eq(errs.count, 1);
	ck_assert_uint_lt(strlen(errs.text), 200);
	ck_assert_ptr_nonnull(strstr(errs.text, "LLL\"... is longer than 255"));
	smack_policy_free(spec);
	text[0] = '(';
	spec = parse(text, -1);
	ck_assert_int_eq(errs.count, 2);
	ck_assert_uint_lt(strlen(errs.text), 400);
	smack_policy_free(spec);
	free(text);
}
END_TEST

START_TEST(spec_errors_all_reported)
{
	struct smack_policy *spec = parse(
		"/a access=A\n"
		"/b -z access=B\n"
		"/c access=c/c what=x\n"
		"/d access=D\n", -1);

	ck_assert_int_eq(errs.count, 3);
	ck_assert_ptr_nonnull(strstr(errs.text, "t:2:4: "));
	ck_assert_ptr_nonnull(strstr(errs.text, "t:3:4: "));
	ck_assert_ptr_nonnull(strstr(errs.text, "t:3:15: "));
	/* A file is all or nothing: its good lines are not kept. */
	ck_assert_uint_eq(spec_rule_count(spec), 0);
	smack_policy_free(spec);
}
END_TEST

START_TEST(spec_nul_byte)
{
	static const char text[] = "/a access=A\n/b\0x access=B\n/c access=C\n";
	char path[] = "/tmp/test-policy-labels.XXXXXX";
	struct smack_policy *spec;
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, sizeof(text) - 1), sizeof(text) - 1);
	close(fd);
	spec = spec_new(&errs);
	ck_assert_int_eq(spec_add_path(spec, path), -1);
	ck_assert_int_eq(errs.count, 1);
	ck_assert_ptr_nonnull(strstr(errs.text, ":2:3: contains a NUL byte"));
	ck_assert_uint_eq(spec_rule_count(spec), 0);
	smack_policy_free(spec);
	unlink(path);
}
END_TEST

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(spec_directory)
{
	char dir[] = "/tmp/test-policy-labels.XXXXXX", sub[600];
	static const char *const skipped[] = {
		"30-x~", "30-x.bak", "30-x.swp", "30-x.dpkg-old",
		"30-x.dpkg-dist", "30-x.rpmnew", "30-x.rpmsave", ".hidden",
	};
	struct smack_policy *spec;
	size_t i;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	write_file(dir, "20-second", "/f access=Second\n");
	write_file(dir, "10-first", "/f access=First\n/g access=G\n");
	for (i = 0; i < sizeof(skipped) / sizeof(skipped[0]); i++)
		write_file(dir, skipped[i], "/f access=Skipped\n");
	snprintf(sub, sizeof(sub), "%s/99-dir", dir);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	spec = spec_new(&errs);
	ck_assert_int_eq(spec_add_path(spec, dir), 0);
	ck_assert_int_eq(errs.count, 0);
	ck_assert_uint_eq(spec_rule_count(spec), 3);
	assert_set(spec_match(spec, "/f", S_IFREG), ATTR_ACCESS, "Second");
	ck_assert_ptr_nonnull(strstr(spec_match(spec, "/g", S_IFREG)->file,
				     "/10-first"));
	smack_policy_free(spec);

	/* A bad file is named in its messages; the others are still read,
	 * and kept with SMACK_POLICY_KEEP_GOING. */
	write_file(dir, "15-bad", "/f access=a/b\n");
	spec = spec_new(&errs);
	ck_assert_int_eq(spec_add_path(spec, dir), -1);
	ck_assert_int_eq(errs.count, 1);
	ck_assert_ptr_nonnull(strstr(errs.text, "/15-bad:1:4: "));
	ck_assert_uint_eq(spec_rule_count(spec), 0);
	ck_assert_int_eq(smack_policy_add_path(spec, SMACK_POLICY_LABELS, dir,
					       SMACK_POLICY_KEEP_GOING), -1);
	ck_assert_uint_eq(spec_rule_count(spec), 3);
	smack_policy_free(spec);

	snprintf(sub, sizeof(sub), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(sub), 0);
}
END_TEST

START_TEST(spec_unreadable_paths)
{
	struct smack_policy *spec;
	char fifo[] = "/tmp/test-policy-labels.XXXXXX";

	spec = spec_new(&errs);
	ck_assert_int_eq(spec_add_path(spec, "/nonexistent/spec"), -1);
	ck_assert_str_eq(errs.text, "/nonexistent/spec:0:0: cannot open: "
		"No such file or directory\n");
	/* A FIFO is refused without blocking on it. */
	ck_assert_ptr_nonnull(mkdtemp(fifo));
	ck_assert_int_eq(rmdir(fifo), 0);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	memset(&errs, 0, sizeof(errs));
	ck_assert_int_eq(spec_add_path(spec, fifo), -1);
	ck_assert_ptr_nonnull(strstr(errs.text, "not a regular file"));
	unlink(fifo);
	smack_policy_free(spec);
}
END_TEST

/* Each allocation of the parser failing in turn (fail-alloc.h). */
static char spec_file[] = "/tmp/test-policy-labels.XXXXXX";

static void put_spec_file(void)
{
	static const char text[] =
		"# the system\n"
		"/usr(/.*)? access=System exec=Exec\n"
		"/var/lib/app/[^/]+ -d access=App transmute\n"
		"/home/.* access=User mmap=Lib\n"
		"/etc/secret -- <<none>>\n";
	int fd = open(spec_file, O_WRONLY | O_TRUNC);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, sizeof(text) - 1), sizeof(text) - 1);
	close(fd);
}

static int parse_spec_text(void)
{
	struct smack_policy *spec = NULL;
	size_t n;
	int ret;

	ret = smack_policy_new(&spec);
	if (ret == 0)
		ret = spec_add_path(spec, spec_file);
	n = ret == 0 ? spec_rule_count(spec) : 0;
	smack_policy_free(spec);
	if (ret < 0)
		return -1;
	return n == 4 ? 0 : WRONG_RESULT;
}

START_TEST(spec_survives_each_failed_allocation)
{
	static const struct scenario s = { "spec", put_spec_file,
					   parse_spec_text };
	int fd = mkstemp(spec_file);

	ck_assert_int_ge(fd, 0);
	close(fd);
	fail_each_allocation(&s);
	unlink(spec_file);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("policy-labels");
	TCase *tc = tcase_create("spec");

	tcase_add_test(tc, spec_one_line);
	tcase_add_test(tc, spec_anchored);
	tcase_add_test(tc, spec_last_match_wins);
	tcase_add_test(tc, spec_every_type);
	tcase_add_test(tc, spec_attribute_spellings);
	tcase_add_test(tc, spec_leave_alone);
	tcase_add_test(tc, spec_comments_and_blanks);
	tcase_add_test(tc, spec_labels_at_the_limits);
	tcase_add_test(tc, spec_long_line);
	tcase_add_test(tc, spec_errors);
	tcase_add_test(tc, spec_errors_short);
	tcase_add_test(tc, spec_errors_all_reported);
	tcase_add_test(tc, spec_nul_byte);
	tcase_add_test(tc, spec_directory);
	tcase_add_test(tc, spec_unreadable_paths);
	tcase_add_test(tc, spec_survives_each_failed_allocation);
	suite_add_tcase(s, tc);
	return s;
}
