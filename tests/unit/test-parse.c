// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shared line reader, error reporter and directory walker (parse.c),
 * which every parser of the library relies on.
 */
#include <errno.h>
#include <sys/wait.h>

#include "parse.h"
#include "rules-fixture.h"
#include "check-main.h"

/* The lines a reader returns, as "N:text|" each. */
static char seen[1 << 16];

static int read_all(struct parse_reader *r)
{
	struct parse_line line;
	size_t used = 0;
	int ret;

	seen[0] = '\0';
	while ((ret = parse_reader_next(r, &line)) > 0) {
		ck_assert_uint_lt(used + line.len + 16, sizeof(seen));
		used += snprintf(seen + used, sizeof(seen) - used, "%u:%.*s|",
				 line.number, (int)line.len, line.text);
	}
	return ret;
}

static int read_buffer(const char *buf, size_t len, struct errors *e)
{
	struct parse_ctx ctx = PARSE_CTX_INIT("buf", collect_error, e);
	struct parse_reader r;
	int ret;

	parse_reader_buffer(&r, &ctx, buf, len);
	ret = read_all(&r);
	parse_reader_release(&r);
	ck_assert_int_eq(ctx.errors, e->count);
	return ret;
}

START_TEST(lines_comments_and_line_ends)
{
	static const char text[] = "one\r\n#c\n;c\n  # c\n\t; c\n\n \t \r\n"
				   "two  \n three\r\nlast";
	struct errors e = { "", 0 };

	ck_assert_int_eq(read_buffer(text, strlen(text), &e), 0);
	ck_assert_str_eq(seen, "1:one|8:two  |9: three|10:last|");
	ck_assert_int_eq(read_buffer("", 0, &e), 0);
	ck_assert_str_eq(seen, "");
	ck_assert_int_eq(read_buffer("\n\n\n", 3, &e), 0);
	ck_assert_str_eq(seen, "");
	/* A lone CR is kept: only CRLF is a line end. */
	ck_assert_int_eq(read_buffer("a\rb\n", 4, &e), 0);
	ck_assert_str_eq(seen, "1:a\rb|");
	ck_assert_int_eq(e.count, 0);
}
END_TEST

START_TEST(nul_bytes_are_errors)
{
	struct errors e = { "", 0 };

	ck_assert_int_eq(read_buffer("ok\nab\0c\n\0\nok2", 13, &e), 0);
	ck_assert_str_eq(seen, "1:ok|4:ok2|");
	ck_assert_str_eq(e.text, "buf:2:3: contains a NUL byte\n"
				 "buf:3:1: contains a NUL byte\n");
}
END_TEST

START_TEST(fields_and_columns)
{
	struct parse_line line = { " a\tbb  ccc ", 11, 1 };
	struct parse_field f[2];

	ck_assert_uint_eq(parse_split(&line, f, 2), 3);
	ck_assert_uint_eq(f[0].column, 2);
	ck_assert_uint_eq(f[0].len, 1);
	ck_assert_uint_eq(f[1].column, 4);
	ck_assert(f[1].len == 2 && !strncmp(f[1].text, "bb", 2));
	line.len = 0;
	ck_assert_uint_eq(parse_split(&line, f, 2), 0);
	line.text = "x";
	line.len = 1;
	ck_assert_uint_eq(parse_split(&line, NULL, 0), 1);
}
END_TEST

START_TEST(quote_and_checks)
{
	struct errors e = { "", 0 };
	struct parse_ctx ctx = PARSE_CTX_INIT(NULL, collect_error, &e);
	struct parse_field good = { "ok", 2, 3 }, bad = { "a\x01\xff", 3, 5 };
	struct parse_field acc = { "rW-x\x7f", 5, 10 };
	char q[PARSE_QUOTE_SIZE], big[200];
	unsigned int mask = 0;

	ck_assert_str_eq(parse_quote(q, "plain", 5), "\"plain\"");
	/* The tools' rule (cli_escape()): \ooo for what could end a line,
	 * drive a terminal or end the quote; valid UTF-8 as it is. */
	ck_assert_str_eq(parse_quote(q, "a\nb\x80", 4), "\"a\\012b\\200\"");
	ck_assert_str_eq(parse_quote(q, "a\x01z", 3), "\"a\\001z\"");
	ck_assert_str_eq(parse_quote(q, "\033[2J", 4), "\"\\033[2J\"");
	ck_assert_str_eq(parse_quote(q, "a\x7f", 2), "\"a\\177\"");
	ck_assert_str_eq(parse_quote(q, "\xc2\x9b" "31m", 5),
			 "\"\\302\\23331m\"");
	ck_assert_str_eq(parse_quote(q, "caf\xc3\xa9", 5), "\"caf\xc3\xa9\"");
	ck_assert_str_eq(parse_quote(q, "\xc2\xa0\xe2\x82\xac", 5),
			 "\"\xc2\xa0\xe2\x82\xac\"");
	ck_assert_str_eq(parse_quote(q, "a\xff" "b", 3), "\"a\\377b\"");
	ck_assert_str_eq(parse_quote(q, "\xc3", 1), "\"\\303\"");
	ck_assert_str_eq(parse_quote(q, "\xc0\xaf", 2), "\"\\300\\257\"");
	ck_assert_str_eq(parse_quote(q, "\xed\xa0\x80", 3),
			 "\"\\355\\240\\200\"");
	ck_assert_str_eq(parse_quote(q, "a\"b\\c", 5), "\"a\\042b\\134c\"");
	ck_assert_str_eq(parse_quote(q, "'", 1), "\"'\"");
	ck_assert_str_eq(parse_quote(q, "a\0b", 3), "\"a\\000b\"");
	/* Long fields: PARSE_QUOTE_MAX bytes, then "...". */
	memset(big, 'x', sizeof(big));
	ck_assert_str_eq(parse_quote(q, big, 3), "\"xxx\"");
	parse_quote(q, big, PARSE_QUOTE_MAX);
	ck_assert_uint_eq(strlen(q), PARSE_QUOTE_MAX + 2);
	parse_quote(q, big, sizeof(big));
	ck_assert_uint_eq(strlen(q), PARSE_QUOTE_MAX + 5);
	ck_assert_str_eq(q + PARSE_QUOTE_MAX + 1, "\"...");
	/* A character the limit would cut is left out whole, not shown as
	 * the bytes of its first part. */
	memcpy(big + PARSE_QUOTE_MAX - 1, "\xc3\xa9", 2);
	parse_quote(q, big, sizeof(big));
	ck_assert_uint_eq(strlen(q), PARSE_QUOTE_MAX + 4);
	ck_assert_str_eq(q + PARSE_QUOTE_MAX, "\"...");
	memcpy(big + PARSE_QUOTE_MAX - 2, "\xc3\xa9", 2);
	parse_quote(q, big, PARSE_QUOTE_MAX + 1);
	ck_assert_str_eq(q + PARSE_QUOTE_MAX - 1, "\xc3\xa9\"...");
	/* Escapes are whole, and the longest quote fits. */
	memset(big, 0x01, sizeof(big));
	parse_quote(q, big, sizeof(big));
	ck_assert_uint_eq(strlen(q), PARSE_QUOTE_MAX * 4 + 5);
	ck_assert_str_eq(q + PARSE_QUOTE_MAX * 4 - 3, "\\001\"...");
	ck_assert_uint_lt(strlen(q), PARSE_QUOTE_SIZE);
	ck_assert(parse_check_label(&ctx, 1, &good));
	ck_assert(!parse_check_label(&ctx, 2, &bad));
	ck_assert(!parse_check_access(&ctx, 3, &acc, &mask));
	acc.len = 4;
	ck_assert(parse_check_access(&ctx, 4, &acc, &mask));
	ck_assert_uint_eq(mask, SMACK_ACCESS_READ | SMACK_ACCESS_WRITE |
				SMACK_ACCESS_EXEC);
	/* The letter that is not one is quoted whole. */
	acc.text = "rw\xc3\xa9";
	ck_assert(!parse_check_access(&ctx, 5, &acc, &mask));
	acc.text = "r\"";
	acc.len = 2;
	ck_assert(!parse_check_access(&ctx, 6, &acc, &mask));
	/* As the double quote in a double-quoted field, the single quote
	 * that delimits the letter is escaped. */
	acc.text = "r'";
	ck_assert(!parse_check_access(&ctx, 7, &acc, &mask));
	ck_assert_str_eq(e.text,
		"(input):2:5: label \"a\\001\\377\" contains a control "
		"character\n"
		"(input):3:10: unknown access letter '\\177' in "
		"\"rW-x\\177\"\n"
		"(input):5:10: unknown access letter '\xc3\xa9' in "
		"\"rw\xc3\xa9\"\n"
		"(input):6:10: unknown access letter '\\042' in "
		"\"r\\042\"\n"
		"(input):7:10: unknown access letter '\\047' in "
		"\"r'\"\n");
}
END_TEST

START_TEST(long_messages_are_not_cut)
{
	struct errors e = { "", 0 };
	struct parse_ctx ctx = PARSE_CTX_INIT("f", collect_error, &e);
	char big[2000];

	memset(big, 'm', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	parse_error(&ctx, 7, 0, "%s", big);
	ck_assert_uint_eq(strlen(e.text), strlen("f:7:0: \n") + 1999);
	ctx.on_error = NULL;
	parse_error(&ctx, 1, 1, "counted only");
	ck_assert_uint_eq(ctx.errors, 2);
}
END_TEST

/* A child writes lines in pieces, one of them 1 MiB long. */
START_TEST(fd_reader_any_line_length)
{
	struct parse_ctx ctx = PARSE_CTX_INIT("pipe", NULL, NULL);
	struct parse_reader r;
	struct parse_line line;
	int p[2], status, n = 0;
	size_t longest = 0;
	pid_t pid;

	ck_assert_int_eq(pipe(p), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		static char big[1 << 20];

		close(p[0]);
		memset(big, 'z', sizeof(big));
		if (write(p[1], "first\r\n", 7) != 7 ||
		    write(p[1], big, sizeof(big)) != sizeof(big) ||
		    write(p[1], "\nla", 3) != 3 || write(p[1], "st", 2) != 2)
			_exit(1);
		_exit(0);
	}
	close(p[1]);
	parse_reader_fd(&r, &ctx, p[0]);
	while (parse_reader_next(&r, &line) > 0) {
		n++;
		if (line.len > longest)
			longest = line.len;
		if (n == 3)
			ck_assert(line.len == 4 && !memcmp(line.text, "last", 4));
	}
	parse_reader_release(&r);
	close(p[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(status, 0);
	ck_assert_int_eq(n, 3);
	ck_assert_uint_eq(longest, 1 << 20);
	ck_assert_uint_eq(ctx.errors, 0);
}
END_TEST

START_TEST(fd_reader_read_error)
{
	struct errors e = { "", 0 };
	struct parse_ctx ctx = PARSE_CTX_INIT("dir", collect_error, &e);
	struct parse_reader r;
	int fd = open("/", O_RDONLY | O_DIRECTORY);

	parse_reader_fd(&r, &ctx, fd);
	errno = 0;
	ck_assert_int_eq(read_all(&r), -1);
	ck_assert_int_eq(errno, EISDIR);
	ck_assert_str_eq(e.text, "dir:0:0: cannot read: Is a directory\n");
	parse_reader_release(&r);
	close(fd);
}
END_TEST

/* parse_path() callback: records each file's name and first line. */
static char walked[4096];

static int walk_file(void *arg, int fd, struct parse_ctx *ctx)
{
	struct parse_reader r;
	struct parse_line line;
	size_t used = strlen(walked);
	const char *base = strrchr(ctx->name, '/');

	parse_reader_fd(&r, ctx, fd);
	if (parse_reader_next(&r, &line) > 0)
		snprintf(walked + used, sizeof(walked) - used, "%s=%.*s ",
			 base ? base + 1 : ctx->name, (int)line.len,
			 line.text);
	parse_reader_release(&r);
	if (arg && strstr(ctx->name, (const char *)arg)) {
		parse_error(ctx, 1, 1, "refused");
		errno = EINVAL;
		return -1;
	}
	return 0;
}

static void make_dir(const char *name)
{
	char path[256];

	fixture_path(path, sizeof(path), name);
	ck_assert_int_eq(mkdir(path, 0700), 0);
}

START_TEST(walk_sorted_skipping_leftovers)
{
	static const char *const skipped[] = {
		/* systemd's hidden_or_backup_file() list, whole. */
		".dot", "a~", "b.bak", "c.swp", "d.dpkg-old", "e.dpkg-new",
		"f.rpmnew", "g.rpmsave", "h.rpmorig", "i.old", "j.new",
		"k.ignore", "l.dpkg-tmp", "m.dpkg-dist", "n.dpkg-bak",
		"o.dpkg-backup", "p.dpkg-remove", "q.ucf-new", "r.ucf-old",
		"s.ucf-dist", "lost+found", "aquota.user", "aquota.group",
		"t.rules.bak",
	};
	struct errors e = { "", 0 };
	char path[256], name[64];
	size_t i;

	make_dir("d");
	for (i = 0; i < sizeof(skipped) / sizeof(skipped[0]); i++) {
		snprintf(name, sizeof(name), "d/%s", skipped[i]);
		fixture_write(name, "skipped\n");
	}
	fixture_write("d/B", "B\n");
	fixture_write("d/a", "a\n");
	fixture_write("d/10", "10\n");
	fixture_write("d/9", "9\n");
	fixture_write("d/file.rules", "rules\n");
	/* Suffixes systemd does not know are read, as it reads them. */
	fixture_write("d/x.dpkg-custom", "custom\n");
	fixture_write("d/x.rpmfoo", "rpmfoo\n");
	fixture_write("d/x.bak.d", "bakd\n");
	make_dir("d/subdir");
	fixture_path(path, sizeof(path), "d/fifo");
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	fixture_path(path, sizeof(path), "d/link");
	ck_assert_int_eq(symlink("a", path), 0);
	fixture_path(path, sizeof(path), "d");
	walked[0] = '\0';
	ck_assert_int_eq(parse_path(path, 0, walk_file, NULL, collect_error,
				    &e), 0);
	/* strcmp order, symlinks to files followed, others left out. */
	ck_assert_str_eq(walked, "10=10 9=9 B=B a=a file.rules=rules "
				 "link=a x.bak.d=bakd x.dpkg-custom=custom "
				 "x.rpmfoo=rpmfoo ");
	ck_assert_str_eq(e.text, "");
}
END_TEST

START_TEST(walk_reports_and_goes_on)
{
	struct errors e = { "", 0 };
	char path[256], expected[1024];

	make_dir("d");
	fixture_write("d/1", "one\n");
	fixture_write("d/2-bad", "two\n");
	fixture_write("d/3", "three\n");
	fixture_path(path, sizeof(path), "d/2-dangling");
	ck_assert_int_eq(symlink("nowhere", path), 0);
	fixture_path(path, sizeof(path), "d");
	walked[0] = '\0';
	errno = 0;
	ck_assert_int_eq(parse_path(path, 0, walk_file, "bad", collect_error,
				    &e), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_str_eq(walked, "1=one 2-bad=two 3=three ");
	snprintf(expected, sizeof(expected),
		 "%s/2-bad:1:1: refused\n"
		 "%s/2-dangling:0:0: cannot open: No such file or directory\n",
		 path, path);
	ck_assert_str_eq(e.text, expected);
}
END_TEST

/* A link to nothing is an error of the input, not a missing path. */
START_TEST(walk_dangling_link_is_input_error)
{
	struct errors e = { "", 0 };
	char path[256];

	make_dir("dl");
	fixture_write("dl/1", "one\n");
	fixture_path(path, sizeof(path), "dl/2");
	ck_assert_int_eq(symlink("nowhere", path), 0);
	fixture_path(path, sizeof(path), "dl");
	walked[0] = '\0';
	ck_assert_int_eq(parse_path(path, 0, walk_file, "bad", collect_error,
				    &e), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_str_eq(walked, "1=one ");
	ck_assert_int_eq(e.count, 1);
}
END_TEST

START_TEST(path_kinds)
{
	struct errors e = { "", 0 };
	char path[256], expected[1024];
	size_t used;

	fixture_write("file", "content\n");
	make_dir("empty");
	fixture_path(path, sizeof(path), "file");
	walked[0] = '\0';
	ck_assert_int_eq(parse_path(path, PARSE_PATH_FILE_ONLY, walk_file,
				    NULL, collect_error, &e), 0);
	ck_assert_str_eq(walked, "file=content ");
	fixture_path(path, sizeof(path), "empty");
	ck_assert_int_eq(parse_path(path, 0, walk_file, NULL, collect_error,
				    &e), 0);
	errno = 0;
	ck_assert_int_eq(parse_path(path, PARSE_PATH_FILE_ONLY, walk_file,
				    NULL, collect_error, &e), -1);
	ck_assert_int_eq(errno, EISDIR);
	snprintf(expected, sizeof(expected),
		 "%s:0:0: is a directory, not a file\n", path);
	ck_assert_str_eq(e.text, expected);
	used = strlen(e.text);
	fixture_path(path, sizeof(path), "fifo");
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	/* Refused without blocking on the FIFO that has no writer. */
	ck_assert_int_eq(parse_path(path, 0, walk_file, NULL, collect_error,
				    &e), -1);
	ck_assert_ptr_nonnull(strstr(e.text + used, "is not a regular file"));
	fixture_path(path, sizeof(path), "missing");
	ck_assert_int_eq(parse_path(path, PARSE_PATH_OPTIONAL, walk_file,
				    NULL, collect_error, &e), 0);
	errno = 0;
	ck_assert_int_eq(parse_path(path, 0, walk_file, NULL, collect_error,
				    &e), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(parse_path(NULL, 0, walk_file, NULL, NULL, NULL), -1);
	ck_assert_int_eq(e.count, 3);
}
END_TEST

START_TEST(open_file)
{
	struct errors e = { "", 0 };
	struct parse_ctx ctx = PARSE_CTX_INIT("onlycap", collect_error, &e);
	char path[256];
	int fd;

	fixture_write("onlycap", "a b\n");
	fixture_path(path, sizeof(path), "onlycap");
	fd = parse_open_file(&ctx, path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(fcntl(fd, F_GETFL) & O_NONBLOCK, 0);
	close(fd);
	errno = 0;
	ck_assert_int_eq(parse_open_file(&ctx, fixture_dir), -1);
	ck_assert_int_eq(errno, EISDIR);
	ck_assert_str_eq(e.text, "onlycap:0:0: is a directory, not a file\n");
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("parse");
	TCase *lines = tcase_create("lines");
	TCase *paths = tcase_create("paths");

	tcase_add_test(lines, lines_comments_and_line_ends);
	tcase_add_test(lines, nul_bytes_are_errors);
	tcase_add_test(lines, fields_and_columns);
	tcase_add_test(lines, quote_and_checks);
	tcase_add_test(lines, long_messages_are_not_cut);
	tcase_add_test(lines, fd_reader_any_line_length);
	tcase_add_test(lines, fd_reader_read_error);
	tcase_add_checked_fixture(paths, fixture_setup, fixture_teardown);
	tcase_add_test(paths, walk_sorted_skipping_leftovers);
	tcase_add_test(paths, walk_reports_and_goes_on);
	tcase_add_test(paths, walk_dangling_link_is_input_error);
	tcase_add_test(paths, path_kinds);
	tcase_add_test(paths, open_file);
	suite_add_tcase(s, lines);
	suite_add_tcase(s, paths);
	return s;
}
