// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl - load, reload, check and report the system's Smack policy
 *
 * The policy is the configuration tree <sysconfdir>/smack (smack-config(5)).
 * This file reads the command line and runs one command; see smackctl.h
 * for where each command lives.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tools.h"
#include "smackctl.h"

enum {
	OPT_CONFIG_DIR = 256,
	OPT_KEEP_GOING,
	OPT_VERBOSE,
	OPT_NO_WAIT,
	OPT_LABEL,
	OPT_ACCESS,
	OPT_ROOT,
	OPT_WERROR,
};

static const struct cli_option long_options[] = {
	{ "config-dir", required_argument, OPT_CONFIG_DIR },
	{ "dry-run", no_argument, 'n' },
	{ "force", no_argument, 'f' },
	{ "json", no_argument, 'j' },
	{ "keep-going", no_argument, OPT_KEEP_GOING },
	{ "key-value", no_argument, 'k' },
	{ "verbose", no_argument, OPT_VERBOSE },
	{ "no-wait", no_argument, OPT_NO_WAIT },
	{ "label", required_argument, OPT_LABEL },
	{ "access", required_argument, OPT_ACCESS },
	{ "output", required_argument, 'o' },
	{ "root", required_argument, OPT_ROOT },
	{ "werror", no_argument, OPT_WERROR },
	{ "version", no_argument, 'v' },
	{ "help", no_argument, 'h' },
};

/* The options half of --help: the commands are in usage(). */
static void print_options(void)
{
	fputs("Options:\n"
	      "      --config-dir=DIR  use the tree in DIR\n"
	      "  -n, --dry-run   print what apply, reload, clear or knob"
	      " would write\n"
	      "  -f, --force     knob: set an onlycap list that leaves out"
	      " this process's label\n"
	      "      --keep-going  apply: load every valid file, leave out"
	      " the others\n"
	      "                  (exit 1 when any is left out)\n"
	      "  -j, --json      status or lint as one JSON object\n"
	      "  -k, --key-value status as key=value lines\n"
	      "      --verbose   say what was read and written\n"
	      "      --no-wait   exit 3 if another writer runs\n"
	      "      --label=LABEL   graph: only LABEL and its neighbours\n"
	      "      --access=LETTERS  graph: only edges with one of LETTERS\n"
	      "  -o, --output=FILE  graph: write to FILE (SVG if FILE.svg)\n"
	      "      --root=DIR  lint: read the tree under DIR, as if DIR"
	      " were /\n"
	      "  -W NAME, -Wno-NAME  lint: turn check NAME (or all) on or"
	      " off\n"
	      "      --werror    lint: exit 1 on warnings too\n"
	      "  -v, --version   print the version and exit\n"
	      "  -h, --help      print this help and exit\n"
	      "\n", stdout);
}

static CLI_NORETURN void usage(void)
{
	printf("Usage: %s [OPTION]... COMMAND [ARGUMENT]...\n"
	       "Load the Smack policy of the configuration tree into the"
	       " kernel, keep it\n"
	       "there, and report on it.  The tree is %s/smack, or\n"
	       "$" CLI_CONFIG_DIR_ENV ", or the directory of --config-dir.\n"
	       "\n"
	       "Commands:\n"
	       "  apply           load the whole tree (at boot)\n"
	       "  reload          make the kernel equal to the tree, writing"
	       " only changes\n"
	       "  clear           remove every rule from the kernel\n"
	       "  check           check the whole tree; touch nothing\n"
	       "  status          report Smack's state and drift from the"
	       " tree\n"
	       "  test            exit 0 if smackfs is mounted, 2 if not\n"
	       "  knob [NAME [VALUE...]]\n"
	       "                  show the knobs, one knob, or set one\n"
	       "  graph           the tree's rules as a Graphviz graph\n"
	       "  lint            report what the tree's files mean together"
	       " that is likely\n"
	       "                  a mistake (checks: conflict, duplicate,"
	       " no-effect, typo,\n"
	       "                  onlycap, cipso, netlabel, labels, systemd)\n"
	       "\n", cli_name(), SYSCONFDIR);
	print_options();
	fputs("Exit status: 0 success, 1 failure, 2 bad usage or (test)"
	      " smackfs not mounted,\n"
	      "3 another process is changing the policy (--no-wait).\n"
	      "See smackctl(8), smack-config(5), smack-knobs(5).\n", stdout);
	cli_exit(EXIT_SUCCESS);
}

/* The options that only switch something on; false if C is not one. */
static bool set_switch(int c, struct ctl_options *o)
{
	switch (c) {
	case 'n':
		o->dry_run = true;
		break;
	case 'f':
		o->force = true;
		break;
	case OPT_KEEP_GOING:
		o->keep_going = true;
		break;
	case OPT_VERBOSE:
		o->verbose = true;
		break;
	case OPT_NO_WAIT:
		o->no_wait = true;
		break;
	case OPT_WERROR:
		o->lint_werror = true;
		break;
	default:
		return false;
	}
	return true;
}

static void parse_options(int argc, char **argv, struct ctl_options *o)
{
	int c;

	while ((c = cli_getopt(argc, argv, "nfjkvho:W:", long_options,
			       CLI_OPTIONS_COUNT(long_options))) != -1) {
		if (set_switch(c, o))
			continue;
		switch (c) {
		case OPT_CONFIG_DIR:
			o->config_dir = optarg;
			break;
		case 'j':
			o->format = FORMAT_JSON;
			break;
		case 'k':
			o->format = FORMAT_KEY_VALUE;
			break;
		case OPT_LABEL:
			o->graph_label = optarg;
			break;
		case OPT_ACCESS:
			o->graph_access = optarg;
			break;
		case 'o':
			o->output = optarg;
			break;
		case OPT_ROOT:
			o->root = optarg;
			break;
		case 'W':
			if (o->lint_warn_count == 32)
				cli_die_usage(EXIT_USAGE, "too many -W");
			o->lint_warn[o->lint_warn_count++] = optarg;
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

static void no_arguments(const char *command, int extra)
{
	if (extra > 0)
		cli_die_usage(EXIT_USAGE, "%s takes no arguments", command);
}

int smackctl_main(int argc, char **argv)
{
	struct ctl_options o = { .format = FORMAT_TEXT };
	const char *command;
	int extra;

	cli_init(argv[0]);
	parse_options(argc, argv, &o);
	if (optind >= argc)
		cli_die_usage(EXIT_USAGE, "no command given");
	command = argv[optind];
	extra = argc - optind - 1;
	if (o.keep_going && strcmp(command, "apply") != 0)
		cli_die_usage(EXIT_USAGE, "--keep-going is for apply only");
	if ((o.graph_label || o.graph_access || o.output) &&
	    strcmp(command, "graph") != 0)
		cli_die_usage(EXIT_USAGE, "--label, --access and -o are for "
			      "graph only");
	if ((o.root || o.lint_warn_count || o.lint_werror) &&
	    strcmp(command, "lint") != 0)
		cli_die_usage(EXIT_USAGE, "--root, -W and --werror are for "
			      "lint only");
	if (strcmp(command, "knob") == 0)
		return cmd_knob(&o, argv + optind + 1, extra);
	no_arguments(command, extra);
	if (strcmp(command, "apply") == 0)
		return cmd_apply(&o, PLAN_APPLY);
	if (strcmp(command, "reload") == 0)
		return cmd_apply(&o, PLAN_RELOAD);
	if (strcmp(command, "clear") == 0)
		return cmd_apply(&o, PLAN_CLEAR);
	if (strcmp(command, "check") == 0)
		return cmd_check(&o);
	if (strcmp(command, "status") == 0)
		return cmd_status(&o);
	if (strcmp(command, "test") == 0)
		return cmd_test();
	if (strcmp(command, "graph") == 0)
		return cmd_graph(&o);
	if (strcmp(command, "lint") == 0)
		return cmd_lint(&o);
	cli_die_usage(EXIT_USAGE, "unknown command \"%s\"", command);
}

CLI_TOOL_MAIN(smackctl)
