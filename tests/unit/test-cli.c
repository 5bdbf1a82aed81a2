// SPDX-License-Identifier: GPL-2.0-or-later
/* The tools' shared helpers (common/cli.c, cli-json.c): escaping what came
 * from outside, in text and in JSON strings, messages, and the stand-ins
 * for closed standard descriptors. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <syslog.h>
#include <unistd.h>

#include "cli.h"
#include "check-main.h"

/* What cli_escape() writes for the len bytes of s, or with also NULL what
 * cli_json_string() writes. */
static char *escaped(const char *s, size_t len, const char *also)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(f);
	if (also)
		cli_escape(f, s, len, also);
	else
		cli_json_string(f, s, len);
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

static int hex_digit(char c)
{
	const char *digits = "0123456789abcdef0123456789ABCDEF";
	const char *at = c ? strchr(digits, c) : NULL;

	return at ? (at - digits) % 16 : -1;
}

/* The value of the JSON escape \uXXXX at p (after the "\u"), or -1. */
static long json_u_escape(const char *p)
{
	long value = 0;
	int i, d;

	for (i = 0; i < 4; i++) {
		d = hex_digit(p[i]);
		if (d < 0)
			return -1;
		value = value * 16 + d;
	}
	return value;
}

/*
 * Decodes text as one JSON string by RFC 8259's grammar (and nothing after
 * it) into out, one byte a character, which is how cli_json_string() says
 * it is read back: fails on anything JSON refuses (a raw control
 * character, an unknown escape), and on what it would accept that the
 * writer never writes (a character above U+00FF, a byte outside ASCII).
 * Returns the number of bytes, or -1.
 */
static long json_decode(const char *text, char *out)
{
	const char *p = text, *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
	long n = 0, c;

	if (*p++ != '"')
		return -1;
	for (; *p != '"'; n++) {
		c = (unsigned char)*p++;
		if (c < 0x20 || c >= 0x7f)
			return -1;
		if (c == '\\' && *p == 'u') {
			c = json_u_escape(p + 1);
			p += 5;
		} else if (c == '\\') {
			c = *p && strchr(from, *p) ?
			    to[strchr(from, *p) - from] : -1;
			p++;
		}
		if (c < 0 || c > 0xff)
			return -1;
		out[n] = (char)c;
	}
	return p[1] == '\0' ? n : -1;
}

/* cli_json_string() writes want (unless NULL) for the len bytes of s,
 * valid JSON that decodes to s again. */
static void expect_json(const char *s, size_t len, const char *want)
{
	char *text = escaped(s, len, NULL), back[256];

	if (want)
		ck_assert_str_eq(text, want);
	ck_assert_uint_le(len, sizeof(back));
	ck_assert_int_eq(json_decode(text, back), (long)len);
	ck_assert_mem_eq(back, s, len);
	free(text);
}

#define EXPECT_JSON(s, want) expect_json(s, sizeof(s) - 1, want)

START_TEST(json_every_byte)
{
	char all[256];
	int i;

	EXPECT_JSON("", "\"\"");
	EXPECT_JSON("/etc/smack", "\"/etc/smack\"");
	EXPECT_JSON("\"quoted\" back\\slash /",
		    "\"\\\"quoted\\\" back\\\\slash /\"");
	/* Each of the 256 bytes, and back. */
	for (i = 0; i < 256; i++)
		all[i] = (char)i;
	expect_json(all, sizeof(all), NULL);
}
END_TEST

START_TEST(json_hostile)
{
	/* A path with each kind: line break, ESC, NUL, DEL, a C1 control
	 * (CSI, U+009B, in UTF-8), bytes that are not UTF-8 (a lone 0xff, an
	 * overlong '/', a surrogate, a sequence cut short), a quote. */
	EXPECT_JSON("/srv/a\nb\033[2J\0c\177d\xc2\x9b" "31m\xff/\xc0\xaf"
		    "\xed\xa0\x80\xe2\x82\"",
		    "\"/srv/a\\u000ab\\u001b[2J\\u0000c\\u007fd\\u00c2\\u009b"
		    "31m\\u00ff/\\u00c0\\u00af\\u00ed\\u00a0\\u0080"
		    "\\u00e2\\u0082\\\"\"");
	/* A label-like value (a command name, a detail of a record). */
	EXPECT_JSON("App\r\t\x85x\x1b]0;t\x07", "\"App\\u000d\\u0009\\u0085x"
		    "\\u001b]0;t\\u0007\"");
	/* Valid UTF-8 byte by byte too: U+00E9 is not a lone 0xe9. */
	EXPECT_JSON("caf\xc3\xa9", "\"caf\\u00c3\\u00a9\"");
	EXPECT_JSON("caf\xe9", "\"caf\\u00e9\"");
	EXPECT_JSON("\xe2\x82\xac", "\"\\u00e2\\u0082\\u00ac\"");
	/* Only the first len bytes. */
	expect_json("ab\ncd", 2, "\"ab\"");
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

/* The policy's messages: a warning says so and is not counted; a message
 * about no file has no place. */
static void policy_messages(void)
{
	int count = 0;

	cli_init("tool");
	cli_policy_log(&count, LOG_ERR, "dir/f", 3, 7, "bad letter");
	cli_policy_log(&count, LOG_WARNING, "dir/f", 2, 0, "systemd");
	cli_policy_log(&count, LOG_ERR, NULL, 0, 0, "ambient: bad");
	if (count != 2)
		cli_warn("count %d", count);
}

START_TEST(policy_log_forms)
{
	ck_assert_str_eq(stderr_of(policy_messages),
		"tool: dir/f:3:7: bad letter\n"
		"tool: dir/f:2: warning: systemd\n"
		"tool: ambient: bad\n");
}
END_TEST

/* --config-dir, else $SMACK_CONFIG_DIR if not empty, else the default. */
START_TEST(config_dir_choice)
{
	bool explicit;

	unsetenv(CLI_CONFIG_DIR_ENV);
	ck_assert_str_eq(cli_config_dir(NULL, &explicit), SYSCONFDIR "/smack");
	ck_assert(!explicit);
	setenv(CLI_CONFIG_DIR_ENV, "", 1);
	ck_assert_str_eq(cli_config_dir(NULL, &explicit), SYSCONFDIR "/smack");
	setenv(CLI_CONFIG_DIR_ENV, "/env", 1);
	ck_assert_str_eq(cli_config_dir(NULL, &explicit), "/env");
	ck_assert(explicit);
	ck_assert_str_eq(cli_config_dir("/opt", &explicit), "/opt");
	ck_assert(explicit);
	unsetenv(CLI_CONFIG_DIR_ENV);
}
END_TEST

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
	TCase *json_strings = tcase_create("json");
	TCase *messages = tcase_create("messages");
	TCase *descriptors = tcase_create("descriptors");

	tcase_add_test(escape, escape_controls);
	tcase_add_test(escape, escape_utf8);
	tcase_add_test(escape, escape_also);
	tcase_add_test(json_strings, json_every_byte);
	tcase_add_test(json_strings, json_hostile);
	tcase_add_test(messages, messages_escaped);
	tcase_add_test(messages, parse_error_forms);
	tcase_add_test(messages, policy_log_forms);
	tcase_add_test(messages, config_dir_choice);
	tcase_add_test(descriptors, closed_descriptors);
	suite_add_tcase(s, escape);
	suite_add_tcase(s, json_strings);
	suite_add_tcase(s, messages);
	suite_add_tcase(s, descriptors);
	return s;
}
