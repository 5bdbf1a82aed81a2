// SPDX-License-Identifier: GPL-2.0-or-later
/* The tools' shared helpers (common/cli.c): escaping what came from
 * outside, messages, and the stand-ins for closed standard descriptors. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "check-main.h"

/* What cli_escape() writes for the len bytes of s. */
static char *escaped(const char *s, size_t len, const char *also)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(f);
	cli_escape(f, s, len, also);
	ck_assert_int_eq(fclose(f), 0);
	return text;
}

static void expect_escaped(const char *s, size_t len, const char *also,
			   const char *want)
{
	char *text = escaped(s, len, also);

	ck_assert_str_eq(text, want);
	free(text);
}

#define EXPECT(s, want) expect_escaped(s, sizeof(s) - 1, "", want)

START_TEST(escape_controls)
{
	EXPECT("plain text, with 'quotes' and \"more\"",
	       "plain text, with 'quotes' and \"more\"");
	EXPECT("a\nb", "a\\012b");
	EXPECT("\033[31mred\033[0m", "\\033[31mred\\033[0m");
	EXPECT("tab\there\r", "tab\\011here\\015");
	EXPECT("del\177", "del\\177");
	EXPECT("nul\0byte", "nul\\000byte");
	EXPECT("", "");
	EXPECT("\n", "\\012");
}
END_TEST

START_TEST(escape_utf8)
{
	/* Valid UTF-8 of each length stays as it is. */
	EXPECT("caf\xc3\xa9", "caf\xc3\xa9");
	EXPECT("\xc2\xa0nbsp", "\xc2\xa0nbsp");
	EXPECT("\xe2\x82\xac euro", "\xe2\x82\xac euro");
	EXPECT("\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
	EXPECT("\xf4\x8f\xbf\xbf", "\xf4\x8f\xbf\xbf");
	EXPECT("\xed\x9f\xbf", "\xed\x9f\xbf");
	/* C1 controls: U+009B is CSI to a terminal that takes them. */
	EXPECT("\xc2\x9b" "31m", "\\302\\23331m");
	EXPECT("\xc2\x85", "\\302\\205");
	/* Bytes that are not valid UTF-8, each escaped. */
	EXPECT("bad\xffutf", "bad\\377utf");
	EXPECT("\x80", "\\200");
	EXPECT("\xc0\xaf", "\\300\\257");
	EXPECT("\xc1\xbf", "\\301\\277");
	EXPECT("\xe0\x80\xaf", "\\340\\200\\257");
	EXPECT("\xf0\x8f\xbf\xbf", "\\360\\217\\277\\277");
	EXPECT("\xed\xa0\x80", "\\355\\240\\200");
	EXPECT("\xf4\x90\x80\x80", "\\364\\220\\200\\200");
	EXPECT("\xf5\x80\x80\x80", "\\365\\200\\200\\200");
	EXPECT("\xf8\x88\x80\x80\x80", "\\370\\210\\200\\200\\200");
	/* Cut short, or followed by something else. */
	EXPECT("\xe2\x82", "\\342\\202");
	EXPECT("\xe2\x82x", "\\342\\202x");
	EXPECT("\xc3\xc3\xa9", "\\303\xc3\xa9");
}
END_TEST

START_TEST(escape_also)
{
	const char s[] = "a \"b\" c\\d";

	expect_escaped(s, sizeof(s) - 1, "", s);
	expect_escaped(s, sizeof(s) - 1, CLI_ESCAPE_FIELD,
		       "a \\042b\\042 c\\134d");
	expect_escaped(s, sizeof(s) - 1, " " CLI_ESCAPE_FIELD,
		       "a\\040\\042b\\042\\040c\\134d");
	/* Only the first len bytes. */
	expect_escaped("ab\ncd", 2, "", "ab");
}
END_TEST

/* Runs fn in a child with its standard error on a file, and returns what
 * it wrote there. */
static char *stderr_of(void (*fn)(void))
{
	static char text[4096];
	char path[] = "/tmp/test-cli.XXXXXX";
	int fd = mkstemp(path);
	ssize_t len;
	pid_t pid;
	int status;

	ck_assert_int_ge(fd, 0);
	unlink(path);
	fflush(stdout);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		dup2(fd, STDERR_FILENO);
		fn();
		fflush(stderr);
		_exit(0);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(status, 0);
	len = pread(fd, text, sizeof(text) - 1, 0);
	ck_assert_int_ge(len, 0);
	text[len] = '\0';
	close(fd);
	return text;
}

static void warn_hostile(void)
{
	cli_init("/usr/bin/tool");
	cli_warn("cannot read '%s'", "a\n/etc/shadow access=\"F\"");
	cli_warn("label \"%s\" %s", "\033]0;title\007", "is bad");
	errno = ENOENT;
	cli_warn_errno("'%s'", "x\xff");
}

START_TEST(messages_escaped)
{
	ck_assert_str_eq(stderr_of(warn_hostile),
		"tool: cannot read 'a\\012/etc/shadow access=\"F\"'\n"
		"tool: label \"\\033]0;title\\007\" is bad\n"
		"tool: 'x\\377': No such file or directory\n");
}
END_TEST

static void parse_errors(void)
{
	int count = 0;

	cli_init("tool");
	cli_parse_error(&count, "dir/f", 3, 7, "bad letter");
	cli_parse_error(&count, "dir/f", 3, 0, "too few fields");
	cli_parse_error(&count, "dir/f", 0, 0, "cannot read");
	cli_parse_error(NULL, "evil\n/f\033[2J", 1, 2, "message");
	if (count != 3)
		cli_warn("count %d", count);
}

START_TEST(parse_error_forms)
{
	ck_assert_str_eq(stderr_of(parse_errors),
		"tool: dir/f:3:7: bad letter\n"
		"tool: dir/f:3: too few fields\n"
		"tool: dir/f: cannot read\n"
		"tool: evil\\012/f\\033[2J:1:2: message\n");
}
END_TEST

/* In a child: closes the standard descriptors in closed (a bit each),
 * calls cli_init(), and checks what stands in for them. */
static void check_stand_ins(int closed)
{
	pid_t pid = fork();
	int status, fd, lowest, bad = 0;

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		/* The lowest number free above the standard three. */
		lowest = open("/", O_PATH);
		close(lowest);
		for (fd = 0; fd <= 2; fd++)
			if (closed & (1 << fd))
				close(fd);
		cli_init("tool");
		for (fd = 0; fd <= 2; fd++) {
			if (!(closed & (1 << fd)))
				continue;
			/* Open, closed on exec, and of no use for I/O. */
			if (fcntl(fd, F_GETFD) != FD_CLOEXEC)
				bad |= 1;
			if (write(fd, "x", 1) != -1 || errno != EBADF)
				bad |= 2;
			if (read(fd, &status, 1) != -1 || errno != EBADF)
				bad |= 4;
		}
		/* Nothing left open beyond them. */
		if (open("/", O_PATH) != lowest)
			bad |= 8;
		_exit(bad);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
}

START_TEST(closed_descriptors)
{
	int closed;

	for (closed = 0; closed < 8; closed++)
		check_stand_ins(closed);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *escape = tcase_create("escape");
	TCase *messages = tcase_create("messages");
	TCase *descriptors = tcase_create("descriptors");

	tcase_add_test(escape, escape_controls);
	tcase_add_test(escape, escape_utf8);
	tcase_add_test(escape, escape_also);
	tcase_add_test(messages, messages_escaped);
	tcase_add_test(messages, parse_error_forms);
	tcase_add_test(descriptors, closed_descriptors);
	suite_add_tcase(s, escape);
	suite_add_tcase(s, messages);
	suite_add_tcase(s, descriptors);
	return s;
}
