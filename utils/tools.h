/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The tools' entry points.  A tool built as a program of its own gets its
 * main() from CLI_TOOL_MAIN(name) at the end of its main file; in the
 * multi-call program smack-utils (configure --enable-multicall, which
 * defines SMACK_MULTICALL for it) utils/smack-utils.c calls them instead.
 */
#ifndef SMACK_TOOLS_H
#define SMACK_TOOLS_H

#include "cli.h"

int chsmack_main(int argc, char **argv);
int smackaccess_main(int argc, char **argv);
int smackaudit_main(int argc, char **argv);
int smackcipso_main(int argc, char **argv);
int smackctl_main(int argc, char **argv);
int smackload_main(int argc, char **argv);
int smacknetlabel_main(int argc, char **argv);
int smackrun_main(int argc, char **argv);

#ifdef SMACK_MULTICALL
#define CLI_TOOL_MAIN(tool)
#else
#define CLI_TOOL_MAIN(tool) \
	int main(int argc, char **argv) { cli_exit(tool##_main(argc, argv)); }
#endif

#endif /* SMACK_TOOLS_H */
