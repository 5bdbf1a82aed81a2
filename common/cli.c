// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shared command-line helpers.  See cli.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "cli.h"
#include "utf8.h"

static const char *program_name = "smack-utils";
int cli_failure_status = EXIT_FAILURE;
void (*cli_before_message)(void);

void cli_init(const char *argv0)
{
	const char *slash;
	int fd;

	if (argv0 && *argv0) {
		slash = strrchr(argv0, '/');
		program_name = slash ? slash + 1 : argv0;
	}
	/* open() takes the lowest free number: with standard output closed,
	 * the first directory of a walk would become it, and the listing
	 * would go nowhere without an error; with standard error closed, a
	 * message could go into a smackfs file.  An O_PATH descriptor fails
	 * every read and write (EBADF), and exec closes it: a command run by
	 * smackrun finds the descriptor closed, as it was given. */
	do
		fd = openat(AT_FDCWD, "/", O_PATH | O_CLOEXEC);
	while (fd >= 0 && fd <= STDERR_FILENO);
	if (fd >= 0)
		close(fd);
}

bool cli_buffer_stdout(void)
{
	static char buffer[1 << 16];

	if (isatty(STDOUT_FILENO))
		return true;
	setvbuf(stdout, buffer, _IOFBF, sizeof(buffer));
	return false;
}

/*
 * Output that could not be written (a full disk, standard output closed,
 * a pipe whose reader has gone while SIGPIPE is ignored) must not end in
 * a successful exit status: scripts would trust a truncated list.  A
 * closed standard output is cli_init()'s stand-in, so fclose() fails only
 * when there was output to write.
 * Checked here, on the one way out, rather than by an atexit() handler:
 * that would cost every program a PLT stub, its relocation and a dynamic
 * symbol (atexit() is libc's static wrapper of __cxa_atexit()).
 */
void cli_exit(int status)
{
	bool failed = ferror(stdout);

	if (fclose(stdout) != 0)
		failed = true;
	if (failed) {
		fprintf(stderr, "%s: write error on standard output\n",
			program_name);
		_exit(cli_failure_status);
	}
	if (fclose(stderr) != 0)
		_exit(cli_failure_status);
	exit(status);
}

const char *cli_name(void)
{
	return program_name;
}

/* How many bytes at p (end - p of them left) cli_escape() may write as
 * they are: 0, or 1 for a printable ASCII character not in also, or the
 * length of a character shared/utf8.h lets be. */
static size_t plain_length(const unsigned char *p, const unsigned char *end,
			   const char *also)
{
	if (*p < 0x80)
		return *p >= ' ' && *p != 0x7f && !strchr(also, *p);
	return utf8_plain_length(p, end);
}

void cli_escape(FILE *out, const char *s, size_t len, const char *also)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	const unsigned char *run = p;
	size_t n;

	while (p < end) {
		n = plain_length(p, end, also);
		if (n) {
			p += n;
			continue;
		}
		/* The run before it in the same write: stderr is unbuffered.
		 * A run holds no NUL, which is escaped. */
		fprintf(out, "%.*s\\%03o", (int)(p - run), run, *p);
		run = ++p;
	}
	fwrite(run, 1, p - run, out);
}

void cli_say(int how, const char *fmt, ...)
{
	int saved = errno;
	const char *text = fmt;
	char *msg;
	va_list ap;

	if (cli_before_message)
		cli_before_message();
	fflush(stdout);
	va_start(ap, fmt);
	/* Out of memory, the format still says what went wrong. */
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	else
		text = msg;
	va_end(ap);
	fprintf(stderr, "%s: ", program_name);
	cli_escape(stderr, text, strlen(text), "");
	free(msg);
	/* One call for both endings (strerror() is cheap). */
	fprintf(stderr, how & CLI_ERRNO ? ": %s\n" : "\n", strerror(saved));
	if (how & CLI_HELP & ~CLI_EXIT)
		cli_try_help(how & 0xff);
	if (how & CLI_EXIT)
		cli_exit(how & 0xff);
	errno = saved;
}

void cli_try_help(int status)
{
	fprintf(stderr, "Try '%s --help' for more information.\n",
		program_name);
	cli_exit(status);
}

void cli_print_version(void)
{
	/* Not printf(): chsmack calls nothing else that would import it. */
	fprintf(stdout, "%s (" PACKAGE_NAME ") " PACKAGE_VERSION "\n",
		program_name);
	cli_exit(EXIT_SUCCESS);
}

const char *cli_config_dir(const char *option, bool *explicit)
{
	const char *env;

	*explicit = true;
	if (option)
		return option;
	env = getenv(CLI_CONFIG_DIR_ENV);
	if (env && *env)
		return env;
	*explicit = false;
	return SYSCONFDIR "/smack";
}

void cli_policy_log(void *userdata, int priority, const char *file,
		    unsigned int line, unsigned int column,
		    const char *message)
{
	const char *what = priority > LOG_ERR ? "warning: " : "";
	int *count = userdata;

	if (file)
		cli_warn(column ? "%s:%u:%u: %s%s" : line ? "%s:%u%.0u: %s%s" :
			 "%s%.0u%.0u: %s%s", file, line, column, what,
			 message);
	else
		cli_warn("%s%s", what, message);
	if (count && priority <= LOG_ERR)
		(*count)++;
}

/* What each built-in rule, or the lack of a rule, gives: the end of the
 * message of a break that no rule decides. */
static const char *const not_by_rule[] = {
	[SMACK_REASON_NO_RULE] = "no rule names the pair",
	[SMACK_REASON_STAR_SUBJECT] = "subject \"*\" gets nothing",
	[SMACK_REASON_WEB] = "\"@\" gets and gives every access",
	[SMACK_REASON_STAR_OBJECT] = "object \"*\" is open to every label",
	[SMACK_REASON_SAME_LABEL] = "a label has every access to itself",
	[SMACK_REASON_FLOOR_OBJECT] = "object \"_\" is open to r, x and l",
	[SMACK_REASON_HAT_SUBJECT] = "subject \"^\" gets r, x and l",
};

int cli_policy_broken(void *userdata,
		      const struct smack_policy_entry *invariant,
		      const char *subject, const char *object,
		      const char *access, int reason,
		      const struct smack_policy_entry *rule)
{
	const struct smack_policy_entry *i = invariant;
	bool always = strcmp(i->value, "always") == 0;

	if (rule)
		cli_warn("%s:%u:%u: \"%s %s %s %s\" is broken: \"%s\" %s %s"
			 " on \"%s\"%s%s:%u:%u", i->file, i->line, i->column,
			 i->value, i->subject, i->object, i->access, subject,
			 always ? "lacks" : "gets", access, object,
			 always ? ": the pair's last rule is " : " by ",
			 rule->file, rule->line, rule->column);
	else
		cli_warn("%s:%u:%u: \"%s %s %s %s\" is broken: \"%s\" %s %s"
			 " on \"%s\": %s%s", i->file, i->line, i->column,
			 i->value, i->subject, i->object, i->access, subject,
			 always ? "lacks" : "gets", access, object,
			 reason == SMACK_REASON_NO_RULE ? "" :
			 "a built-in rule: ", not_by_rule[reason]);
	return 0;
}

void cli_parse_error(void *userdata, const char *file, unsigned int line,
		     unsigned int column, const char *message)
{
	cli_policy_log(userdata, LOG_ERR, file, line, column, message);
}

/* The long option that arg ("--NAME" or "--NAME=VALUE") names, as
 * getopt_long() finds it: the one called NAME, else the first whose name
 * NAME abbreviates; NULL if none. */
static const struct cli_option *long_option(const struct cli_option *options,
					    size_t n, const char *arg)
{
	const struct cli_option *first = NULL;
	size_t len = strcspn(arg + 2, "="), i;

	for (i = 0; i < n; i++) {
		if (strncmp(options[i].name, arg + 2, len) != 0)
			continue;
		if (!options[i].name[len])
			return &options[i];
		if (!first)
			first = &options[i];
	}
	return first;
}

/* "option '--x' is ambiguous; possibilities: '--xa' '--xb'", as GNU. */
static void say_ambiguous(const struct cli_option *options, size_t n,
			  const char *arg)
{
	char list[CLI_OPTIONS_MAX * (sizeof(options->name) + 5) + 1] = "";
	size_t len = strcspn(arg + 2, "="), used = 0, i;

	for (i = 0; i < n; i++)
		if (strncmp(options[i].name, arg + 2, len) == 0)
			used += snprintf(list + used, sizeof(list) - used,
					 " '--%.*s'", (int)sizeof(options->name),
					 options[i].name);
	cli_warn("option '%s' is ambiguous; possibilities:%s", arg, list);
}

/*
 * getopt_long()'s error c ('?' or ':') in GNU's words, but through
 * cli_warn(): the short name first, what came from argv escaped.  A long
 * option's error always ends at argv[optind - 1]; a short option's may be
 * inside argv[optind], but then argv[optind - 1] is not a "--NAME=VALUE"
 * of an option without a value, which would have been an error already.
 */
static void say_getopt_error(int c, int argc, char *const argv[],
			     const struct cli_option *options, size_t n)
{
	/* musl leaves optind past argc when the last option lacks its
	 * argument; that option is the last argument. */
	const char *arg = argv[optind - 1 < argc ? optind - 1 : argc - 1];
	const struct cli_option *o = NULL;
	char name[sizeof(o->name) + 1] = "";

	if (strncmp(arg, "--", 2) == 0 && (o = long_option(options, n, arg)))
		memcpy(name, o->name, sizeof(o->name));
	if (c == ':' && o)
		cli_warn("option '--%s' requires an argument", name);
	else if (c == ':')
		cli_warn("option requires an argument -- '%c'", optopt);
	else if (!optopt && o)
		say_ambiguous(options, n, arg);
	else if (!optopt)
		cli_warn("unrecognized option '%s'", arg);
	else if (o && o->val == optopt && !o->has_arg && strchr(arg, '='))
		cli_warn("option '--%s' doesn't allow an argument", name);
	else
		cli_warn("invalid option -- '%c'", optopt);
}

int cli_getopt(int argc, char *const argv[], const char *shortopts,
	       const struct cli_option *options, size_t n)
{
	struct option longopts[CLI_OPTIONS_MAX + 1];
	/* '+' or '-', ':', and every printable letter with "::" at most */
	char spec[3 + 3 * ('~' - ' ')];
	size_t i, order = *shortopts == '+' || *shortopts == '-';
	int c;

	for (i = 0; i < n && i < CLI_OPTIONS_MAX; i++)
		longopts[i] = (struct option){ options[i].name,
					       options[i].has_arg, NULL,
					       options[i].val };
	longopts[n = i] = (struct option){ NULL, 0, NULL, 0 };
	/* A ':' after the order: ':' for a missing argument, not '?'. */
	if (snprintf(spec, sizeof(spec), "%.*s:%s", (int)order, shortopts,
		     shortopts + order) < (int)sizeof(spec))
		shortopts = spec;
	opterr = 0;
	c = getopt_long(argc, argv, shortopts, longopts, NULL);
	if (c != '?' && c != ':')
		return c;
	say_getopt_error(c, argc, argv, options, n);
	return '?';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

bool cli_parse_long(const char *s, long min, long max, long *value)
{
	char *end;
	long v;

	/* Digits only, a '-' first for a negative range: strtol() would
	 * take " +1" for 1. */
	if (!s)
		return false;
	if (!is_digit(*s) && !(*s == '-' && min < 0 && is_digit(s[1])))
		return false;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return false;
	*value = v;
	return true;
}
