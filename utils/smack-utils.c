// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smack-utils: the multi-call program of configure --enable-multicall.
 * It holds the tools named in MULTICALL_TOOLS and runs the one its own
 * name names (chsmack, a link to it), or the one its first argument
 * names (smack-utils chsmack ...).  A device then holds one set of ELF
 * headers and dynamic tables, and one copy of the shared command-line
 * code, for all the tools it holds.
 *
 * The tools are found by a chain of comparisons, and listed from strings,
 * that MULTICALL_TOOLS expands to: unlike a table of names and functions,
 * they need no relocation in the position-independent program.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tools.h"

/* Runs the tool called name, if this program holds it. */
static bool run_tool(const char *name, int argc, char **argv, int *status)
{
#define TOOL(tool)						\
	if (strcmp(name, #tool) == 0) {				\
		*status = tool##_main(argc, argv);		\
		return true;					\
	}
	MULTICALL_TOOLS
#undef TOOL
	return false;
}

#define TOOL(tool) #tool "\n"
static const char tool_list[] = MULTICALL_TOOLS;
#undef TOOL

#define TOOL(tool) "  " #tool "\n"
static const char usage[] =
	"Usage: smack-utils TOOL [ARGUMENT]...\n"
	"Run TOOL, one of those below (a link named TOOL runs it too).\n"
	"\n"
	"  -l, --list     list the tools, one a line\n"
	"  -h, --help     show this help and exit\n"
	"  -V, --version  show the version and exit\n"
	"\n"
	"Tools:\n"
	MULTICALL_TOOLS;
#undef TOOL

/* Called as smack-utils (or under any name that is not a tool's): the
 * first argument is an option of its own or the tool to run. */
static int run_named_by_argument(int argc, char **argv)
{
	const char *arg = argv[1];
	int status;

	if (!arg)
		cli_die_usage(EXIT_USAGE, "no tool named");
	if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
		fputs(usage, stdout);
		return EXIT_SUCCESS;
	}
	if (strcmp(arg, "-V") == 0 || strcmp(arg, "--version") == 0)
		cli_print_version();
	if (strcmp(arg, "-l") == 0 || strcmp(arg, "--list") == 0) {
		fputs(tool_list, stdout);
		return EXIT_SUCCESS;
	}
	if (!run_tool(arg, argc - 1, argv + 1, &status))
		cli_die_usage(EXIT_USAGE, "'%s' is not a tool of this program",
			      arg);
	return status;
}

int main(int argc, char **argv)
{
	int status;

	if (argc < 1 || !argv[0])
		cli_die_usage(EXIT_USAGE, "no tool named");
	/* The name it was run under, as messages give it (the tool it runs
	 * sets it again). */
	cli_init(argv[0]);
	if (!run_tool(cli_name(), argc, argv, &status))
		status = run_named_by_argument(argc, argv);
	cli_exit(status);
}
