// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackrun - run a command under a Smack label.
 *
 * smackrun sets its own label, gives up the capabilities that would let the
 * command ignore or undo that label, and execs the command.  It fails
 * closed: if any step fails, the command is not run.  Exit codes follow
 * runcon(1) and env(1), so that a caller can tell smackrun's own failure
 * from the command's.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/smack.h>

#include "cli.h"
#include "tools.h"
#include "smackrun-caps.h"

#define EXIT_SMACKRUN_FAILED	125	/* smackrun itself failed */
#define EXIT_CANNOT_RUN		126	/* COMMAND found, but exec failed */
#define EXIT_NOT_FOUND		127	/* COMMAND not found */

struct options {
	bool keep_caps;
	bool show;
};

static void CLI_NORETURN usage(void)
{
	printf("Usage: %s [OPTION]... LABEL COMMAND [ARG]...\n"
	       "   or: %s --show [PID]\n"
	       "Run COMMAND with the Smack label LABEL, without the capabilities\n"
	       "CAP_MAC_ADMIN and CAP_MAC_OVERRIDE, so that Smack confines it.\n"
	       "\n"
	       "Options:\n"
	       "  -k, --keep-caps  keep CAP_MAC_ADMIN and CAP_MAC_OVERRIDE\n"
	       "  -s, --show       print the Smack label of the calling process\n"
	       "                   (or of process PID) and exit\n"
	       "  -h, --help       display this help and exit\n"
	       "  -v, --version    output version information and exit\n"
	       "\n"
	       "Exit status: that of COMMAND; 125 if smackrun itself fails (and\n"
	       "COMMAND was not run), 126 if COMMAND cannot be run, 127 if it\n"
	       "cannot be found.\n", cli_name(), cli_name());
	cli_exit(EXIT_SUCCESS);
}

static void parse_options(int argc, char **argv, struct options *opts)
{
	static const struct cli_option longopts[] = {
		{ "keep-caps", no_argument, 'k' },
		{ "show", no_argument, 's' },
		{ "help", no_argument, 'h' },
		{ "version", no_argument, 'v' },
	};
	int c;

	/* "+": options end at LABEL, so COMMAND's own options are left to it. */
	while ((c = cli_getopt(argc, argv, "+kshv", longopts,
			       CLI_OPTIONS_COUNT(longopts))) != -1) {
		switch (c) {
		case 'k':
			opts->keep_caps = true;
			break;
		case 's':
			opts->show = true;
			break;
		case 'h':
			usage();
		case 'v':
			cli_print_version();
		default:
			cli_try_help(EXIT_SMACKRUN_FAILED);
		}
	}
}

static int show_label(const char *pid_arg)
{
	char *label = NULL;
	ssize_t len;
	long pid;

	if (!pid_arg) {
		len = smack_new_label_from_self(&label);
		if (len < 0)
			cli_die_errno(EXIT_SMACKRUN_FAILED,
				      "cannot read the label of this process");
	} else {
		if (!cli_parse_long(pid_arg, 1, INT_MAX, &pid))
			cli_die(EXIT_SMACKRUN_FAILED,
				"invalid process ID '%s'", pid_arg);
		len = smack_new_label_from_process((pid_t)pid, &label);
		if (len < 0)
			cli_die_errno(EXIT_SMACKRUN_FAILED,
				      "cannot read the label of process %ld",
				      pid);
	}
	printf("%s\n", label);
	free(label);
	return EXIT_SUCCESS;
}

/* Checks the label in userspace first: the kernel would quietly cut "a/b"
 * down to "a" and run the command under a label nobody asked for. */
static void validate_label(const char *label)
{
	const char *reason = NULL;

	if (smack_label_validate(label, &reason) < 0)
		cli_die(EXIT_SMACKRUN_FAILED, "label \"%s\" %s", label,
			reason ? reason : "is not valid");
	if (strcmp(label, "*") == 0 || strcmp(label, "@") == 0)
		cli_die(EXIT_SMACKRUN_FAILED,
			"no process may run with the label \"%s\"", label);
}

static void set_label(const char *label)
{
	if (smack_set_label_for_self(label) == 0)
		return;
	if (errno == EPERM)
		cli_die(EXIT_SMACKRUN_FAILED,
			"not permitted to take the label \"%s\": that needs "
			"CAP_MAC_ADMIN (and a label on the onlycap list, if "
			"one is set) or \"%s\" on this process's relabel-self "
			"list", label, label);
	if (!smack_smackfs_path())
		cli_die(EXIT_SMACKRUN_FAILED,
			"cannot set the label \"%s\": Smack is not active",
			label);
	cli_die_errno(EXIT_SMACKRUN_FAILED, "cannot set the label \"%s\"",
		      label);
}

static void CLI_NORETURN run_command(char **argv)
{
	int status;

	execvp(argv[0], argv);
	status = errno == ENOENT ? EXIT_NOT_FOUND : EXIT_CANNOT_RUN;
	cli_die_errno(status, "cannot run '%s'", argv[0]);
}

int smackrun_main(int argc, char **argv)
{
	struct options opts = { false, false };
	char **operands;
	int count;

	cli_init(argv[0]);
	cli_failure_status = EXIT_SMACKRUN_FAILED;
	parse_options(argc, argv, &opts);
	operands = argv + optind;
	count = argc - optind;

	if (opts.show) {
		if (opts.keep_caps || count > 1)
			cli_die_usage(EXIT_SMACKRUN_FAILED, "--show takes no "
				      "other option and at most one process ID");
		return show_label(count ? operands[0] : NULL);
	}
	if (count < 2)
		cli_die_usage(EXIT_SMACKRUN_FAILED, count ? "missing command" :
			      "missing label and command");

	validate_label(operands[0]);
	set_label(operands[0]);
	if (!opts.keep_caps && mac_caps_drop())
		cli_exit(EXIT_SMACKRUN_FAILED);
	/* Nothing may be left in stdio's buffers for exec to throw away. */
	fflush(NULL);
	run_command(operands + 1);
}

CLI_TOOL_MAIN(smackrun)
