// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Shared command-line helpers.  See cli.h.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char *program_name = "smack-utils";
int cli_failure_status = EXIT_FAILURE;

void cli_init(const char *argv0)
{
	const char *slash;

	if (argv0 && *argv0) {
		slash = strrchr(argv0, '/');
		program_name = slash ? slash + 1 : argv0;
	}
}

/*
 * Output that could not be written (a full disk, a closed pipe) must not
 * end in a successful exit status: scripts would trust a truncated list.
 * Checked here, on the one way out, rather than by an atexit() handler:
 * that would cost every program a PLT stub, its relocation and a dynamic
 * symbol (atexit() is libc's static wrapper of __cxa_atexit()).
 */
void cli_exit(int status)
{
	bool failed = ferror(stdout);

	if (fclose(stdout) != 0 && errno != EBADF)
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

void cli_say(int how, const char *fmt, ...)
{
	int saved = errno;
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", program_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
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

void cli_parse_error(void *userdata, const char *file, unsigned int line,
		     unsigned int column, const char *message)
{
	int *count = userdata;

	fflush(stdout);
	fprintf(stderr, "%s: %s", program_name, file);
	if (line || column)
		fprintf(stderr, ":%u", line);
	if (column)
		fprintf(stderr, ":%u", column);
	fprintf(stderr, ": %s\n", message);
	if (count)
		(*count)++;
}

int cli_getopt(int argc, char *const argv[], const char *shortopts,
	       const struct cli_option *options, size_t n)
{
	struct option longopts[CLI_OPTIONS_MAX + 1];
	size_t i;

	for (i = 0; i < n && i < CLI_OPTIONS_MAX; i++)
		longopts[i] = (struct option){ options[i].name,
					       options[i].has_arg, NULL,
					       options[i].val };
	longopts[i] = (struct option){ NULL, 0, NULL, 0 };
	return getopt_long(argc, argv, shortopts, longopts, NULL);
}

bool cli_parse_long(const char *s, long min, long max, long *value)
{
	char *end;
	long v;

	if (!s || !*s)
		return false;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return false;
	*value = v;
	return true;
}
