// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackload - load Smack rules into the kernel, or remove them
 *
 * All the input is parsed and checked first, every error reported with its
 * file and line; only a policy without errors reaches the kernel.  If the
 * kernel then refuses a rule, the message names it and says how many of
 * the rules before it took effect.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sys/smack.h>

#include "cli.h"
#include "tools.h"

#define STDIN_NAME "(standard input)"

enum { OPT_CHECK = 256, OPT_VERBOSE, OPT_NO_WAIT };

static const struct cli_option long_options[] = {
	{ "clear", no_argument, 'c' },
	{ "check", no_argument, OPT_CHECK },
	{ "verbose", no_argument, OPT_VERBOSE },
	{ "no-wait", no_argument, OPT_NO_WAIT },
	{ "version", no_argument, 'v' },
	{ "help", no_argument, 'h' },
};

struct options {
	bool clear;
	bool check;
	bool verbose;
	bool no_wait;
};

static CLI_NORETURN void usage(void)
{
	printf("Usage: %s [OPTION]... [PATH]...\n"
	       "Load Smack rules (\"subject object access\" or \"subject object"
	       " allow deny\"\n"
	       "lines) into the kernel.  A PATH is a file or a directory of"
	       " files; without\n"
	       "one, or with -, the rules are read from standard input.  The"
	       " whole input is\n"
	       "checked before anything is written: one error and nothing is"
	       " loaded.\n"
	       "\n"
	       "  -c, --clear     remove the given rules instead of loading"
	       " them\n"
	       "      --check     only parse and check the rules; touch"
	       " nothing\n"
	       "      --verbose   say how many rules were loaded, and how"
	       " fast\n"
	       "      --no-wait   exit 3 if another writer runs\n"
	       "  -v, --version   print the version and exit\n"
	       "  -h, --help      print this help and exit\n"
	       "\n"
	       "Exit status: 0 success, 1 bad input or a kernel refusal,"
	       " 2 bad usage.\n"
	       "See smackload(8) and smack-rules(5).\n", cli_name());
	cli_exit(EXIT_SUCCESS);
}

static void parse_options(int argc, char **argv, struct options *o)
{
	int c;

	while ((c = cli_getopt(argc, argv, "cvh", long_options,
			       CLI_OPTIONS_COUNT(long_options))) != -1) {
		switch (c) {
		case 'c':
			o->clear = true;
			break;
		case OPT_CHECK:
			o->check = true;
			break;
		case OPT_VERBOSE:
			o->verbose = true;
			break;
		case OPT_NO_WAIT:
			o->no_wait = true;
			break;
		case 'v':
			cli_print_version();
		case 'h':
			usage();
		default:
			cli_try_help(EXIT_USAGE);
		}
	}
}

/* Parses one PATH ("-" is standard input) into rules; counts errors. */
static void parse_one(struct smack_accesses *rules, const char *path,
		      int *errors, bool verbose)
{
	size_t before = smack_accesses_count(rules);
	bool from_stdin = strcmp(path, "-") == 0;
	const char *name = from_stdin ? STDIN_NAME : path;
	int reported = *errors;
	int ret;

	if (from_stdin)
		ret = smack_accesses_parse_fd(rules, STDIN_FILENO, name,
					      cli_parse_error, errors);
	else
		ret = smack_accesses_parse_path(rules, path, cli_parse_error,
						errors);
	if (ret < 0 && *errors == reported) {
		cli_warn_errno("%s", name);
		(*errors)++;
	}
	if (ret == 0 && verbose) {
		cli_escape(stdout, name, strlen(name), CLI_ESCAPE_FIELD);
		printf(": %zu rules\n", smack_accesses_count(rules) - before);
	}
}

static int add_as_removal(void *data, const char *subject, const char *object,
			  const char *access, const char *deny)
{
	return smack_accesses_add(data, subject, object, "-");
}

/* The same pairs with no access: writing them removes the rules. */
static struct smack_accesses *removals_of(struct smack_accesses *rules)
{
	struct smack_accesses *removals;

	if (smack_accesses_new(&removals) < 0)
		return NULL;
	if (smack_accesses_foreach(rules, add_as_removal, removals) != 0) {
		smack_accesses_free(removals);
		return NULL;
	}
	return removals;
}

/* Says which rule the kernel refused and what had been done before. */
static void report_refusal(struct smack_accesses *rules, size_t applied,
			   size_t total, bool clear)
{
	cli_warn_errno("%s rule %zu of %zu (%zu %s before it)",
		       cli_write_failure(errno), applied + 1, total, applied,
		       clear ? "were removed" : "were loaded");
	cli_warn_rule(rules, applied);
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) +
	       (now.tv_nsec - start->tv_nsec) / 1e9;
}

static int write_rules(struct smack_accesses *rules, const struct options *o)
{
	struct smack_accesses *todo = rules;
	struct timespec start;
	size_t applied = 0, total;
	int ret;

	if (o->clear) {
		todo = removals_of(rules);
		if (!todo)
			cli_die_errno(EXIT_FAILURE, "cannot prepare the removal");
	}
	total = smack_accesses_count(todo);
	clock_gettime(CLOCK_MONOTONIC, &start);
	ret = total ? smack_accesses_apply_report(todo, &applied) : 0;
	if (ret < 0)
		report_refusal(todo, applied, total, o->clear);
	else if (o->verbose)
		printf("%s %zu rules in %.3f s\n",
		       o->clear ? "removed" : "loaded", total,
		       seconds_since(&start));
	if (todo != rules)
		smack_accesses_free(todo);
	return ret < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

int smackload_main(int argc, char **argv)
{
	static char *const stdin_only[] = { "-", NULL };
	struct options o = { false, false, false, false };
	struct smack_accesses *rules;
	char *const *paths;
	int errors = 0, status;

	cli_init(argv[0]);
	parse_options(argc, argv, &o);
	paths = optind < argc ? argv + optind : stdin_only;

	/* Before reading a large policy, say what would stop it anyway. */
	if (!o.check && !smack_smackfs_path())
		cli_die(EXIT_FAILURE, "SmackFS is not mounted: Smack is not"
			" active");
	if (smack_accesses_new(&rules) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot create a rule set");
	for (; *paths; paths++)
		parse_one(rules, *paths, &errors, o.verbose);

	if (errors) {
		cli_warn("%d error%s: %s", errors, errors == 1 ? "" : "s",
			 o.check ? "the rules are not valid" :
			 "nothing was written to the kernel");
		status = EXIT_FAILURE;
	} else if (o.check) {
		if (o.verbose)
			printf("%zu rules are valid\n",
			       smack_accesses_count(rules));
		status = EXIT_SUCCESS;
	} else {
		cli_lock_policy(o.no_wait);
		status = write_rules(rules, &o);
	}
	smack_accesses_free(rules);
	return status;
}

CLI_TOOL_MAIN(smackload)
