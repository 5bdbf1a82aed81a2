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

enum { OPT_CHECK = 256, OPT_VERBOSE, OPT_NO_WAIT, OPT_CONFIG_DIR };

static const struct cli_option long_options[] = {
	{ "clear", no_argument, 'c' },
	{ "check", no_argument, OPT_CHECK },
	{ "verbose", no_argument, OPT_VERBOSE },
	{ "no-wait", no_argument, OPT_NO_WAIT },
	{ "config-dir", required_argument, OPT_CONFIG_DIR },
	{ "version", no_argument, 'v' },
	{ "help", no_argument, 'h' },
};

struct options {
	bool clear;
	bool check;
	bool verbose;
	bool no_wait;
	const char *config_dir;
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
	       "      --config-dir=DIR  load the rules of DIR/accesses.d (or"
	       " the PATHs),\n"
	       "                  refused if they break an invariant of"
	       " DIR/assert.d\n"
	       "  -v, --version   print the version and exit\n"
	       "  -h, --help      print this help and exit\n"
	       "\n"
	       "Exit status: 0 success, 1 bad input or a kernel refusal,"
	       " 2 bad usage,\n"
	       "3 another process is changing the policy (--no-wait).\n"
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
		case OPT_CONFIG_DIR:
			o->config_dir = optarg;
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

/* ------------------------------------------------- --config-dir */

/* Adds path (kind) to policy; counts an error it did not report. */
static void add_to_policy(struct smack_policy *policy, int kind,
			  const char *path, unsigned int flags, int *errors)
{
	int reported = *errors, ret;

	if (strcmp(path, "-") == 0)
		ret = smack_policy_add_fd(policy, kind, STDIN_FILENO,
					  STDIN_NAME, flags);
	else
		ret = smack_policy_add_path(policy, kind, path, flags);
	if (ret < 0 && *errors == reported) {
		cli_warn_errno("%s", path);
		(*errors)++;
	}
}

static void add_part(struct smack_policy *policy, int kind, const char *dir,
		     const char *part, int *errors)
{
	size_t len = strlen(dir) + strlen(part) + 2;
	char *path = malloc(len);

	if (!path)
		cli_die_errno(EXIT_FAILURE, "%s", dir);
	snprintf(path, len, "%s/%s", dir, part);
	add_to_policy(policy, kind, path, SMACK_POLICY_MISSING_OK, errors);
	free(path);
}

static int copy_rule(void *rules, const struct smack_policy_entry *e)
{
	if (e->deny)
		return smack_accesses_add_modify(rules, e->subject, e->object,
						 e->access, e->deny);
	return smack_accesses_add(rules, e->subject, e->object, e->access);
}

/* The rules of the tree at dir (or of paths), read with its invariants
 * (assert.d), which they must keep: each break is an error. */
static void parse_tree(struct smack_accesses *rules, const char *dir,
		       char *const *paths, int *errors)
{
	struct smack_policy *policy;
	int broken = 0;

	if (access(dir, F_OK) < 0) {
		cli_warn_errno("%s", dir);
		(*errors)++;
		return;
	}
	if (smack_policy_new(&policy) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot create a policy");
	smack_policy_set_log_fn(policy, cli_policy_log, errors);
	if (!*paths)
		add_part(policy, SMACK_POLICY_RULE, dir, "accesses.d", errors);
	for (; *paths; paths++)
		add_to_policy(policy, SMACK_POLICY_RULE, *paths, 0, errors);
	add_part(policy, SMACK_POLICY_ASSERT, dir, "assert.d", errors);
	if (!*errors)
		broken = smack_policy_check_asserts(policy, cli_policy_broken,
						    NULL);
	if (broken < 0 || (!*errors && !broken &&
	    smack_policy_foreach(policy, SMACK_POLICY_RULE, copy_rule, rules)))
		cli_die_errno(EXIT_FAILURE, "cannot read the rules");
	if (broken)
		cli_warn("the rules break the invariants of %s (%d time%s)",
			 dir, broken, broken == 1 ? "" : "s");
	*errors += broken;
	smack_policy_free(policy);
}

/* ---------------------------------------------------------- removal */

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
	struct options o = { false, false, false, false, NULL };
	struct smack_accesses *rules;
	char *const *paths;
	int errors = 0, status;

	cli_init(argv[0]);
	parse_options(argc, argv, &o);
	/* A tree needs no standard input: its accesses.d is the input. */
	paths = optind < argc || o.config_dir ? argv + optind : stdin_only;

	/* Before reading a large policy, say what would stop it anyway. */
	if (!o.check && !smack_smackfs_path())
		cli_die(EXIT_FAILURE, "SmackFS is not mounted: Smack is not"
			" active");
	if (smack_accesses_new(&rules) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot create a rule set");
	if (o.config_dir)
		parse_tree(rules, o.config_dir, paths, &errors);
	for (; !o.config_dir && *paths; paths++)
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
