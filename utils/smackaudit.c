// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit - read the kernel's Smack audit records, say why each access
 * was denied, and write the smallest rules that would have allowed it.
 *
 * The pieces are listed in smackaudit.h.  The records are read from logs
 * (the kernel log by default); the explanations ask the running kernel
 * and the policy tree (/etc/smack, or --config-dir).
 */
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/smack.h>

#include "cli.h"
#include "tools.h"
#include "smackaudit.h"

/* Long options without a letter. */
enum { OPT_CONFIG_DIR = 256 };

struct options {
	enum audit_mode mode;
	bool ask_kernel;
	const char *config_dir;
};

static CLI_NORETURN void usage(void)
{
	printf("Usage: %s [OPTION]... [FILE]...\n"
	       "Read the Smack audit records of the kernel log, or of each "
	       "FILE ('-' for\n"
	       "standard input), and report each denied access: how often, "
	       "when, by whom,\n"
	       "and why the running kernel and the policy tree deny it now.\n"
	       "\n"
	       "  -r, --rules           write the rules that allow what was "
	       "denied\n"
	       "  -m, --modify          the same as \"subject object add -\" "
	       "lines\n"
	       "  -j, --json            write JSON\n"
	       "  -f, --follow          keep reading what is appended; report "
	       "at a signal\n"
	       "  -s, --since=TIME      only records from TIME on\n"
	       "  -u, --until=TIME      only records up to TIME\n"
	       "  -S, --subject=LABEL   only records of this subject\n"
	       "  -O, --object=LABEL    only records of this object\n"
	       "  -a, --access=LETTERS  only records asking for one of "
	       "LETTERS\n"
	       "  -c, --command=COMM    only records of this command\n"
	       "  -K, --no-kernel       do not ask the running kernel\n"
	       "      --config-dir=DIR  the policy tree to ask (default: "
	       "$" CLI_CONFIG_DIR_ENV ",\n"
	       "                        else " SYSCONFDIR "/smack)\n"
	       "  -h, --help            show this help and exit\n"
	       "  -v, --version         show the version and exit\n"
	       "\n"
	       "TIME is @SECONDS, YYYY-MM-DD [HH:MM[:SS]] (local time), now, "
	       "today or\n"
	       "yesterday.\n"
	       "\n"
	       "Exit status: 0 when the logs were read (with or without "
	       "records), 1 on an\n"
	       "error, 2 on bad usage.\n", cli_name());
	cli_exit(EXIT_SUCCESS);
}

static void set_time(const char *text, int64_t *ms, const char *option)
{
	if (!audit_parse_time(text, ms))
		cli_die_usage(EXIT_USAGE, "%s: '%s' is not a time", option,
			      text);
}

static const char *label_option(const char *text, const char *option)
{
	const char *why;

	if (smack_label_validate(text, &why) < 0)
		cli_die_usage(EXIT_USAGE, "%s: label '%s' %s", option, text,
			      why);
	return text;
}

static unsigned int access_option(const char *text)
{
	unsigned int mask;

	if (smack_access_from_string(text, &mask) < 0 || mask == 0 ||
	    strspn(text, "rwxatlRWXATL") != strlen(text))
		cli_die_usage(EXIT_USAGE, "--access: '%s' is not made of the "
			      "letters \"rwxatl\"", text);
	return mask;
}

static void take_option(int c, struct options *o, struct audit_reader *rd)
{
	struct audit_filter *f = &rd->filter;

	switch (c) {
	case 'r': o->mode = o->mode == AUDIT_MODIFY ? o->mode : AUDIT_RULES;
		break;
	case 'm': o->mode = AUDIT_MODIFY; break;
	case 'j': rd->json = true; break;
	case 'f': rd->follow = true; break;
	case 's': set_time(optarg, &f->since_ms, "--since"); break;
	case 'u': set_time(optarg, &f->until_ms, "--until"); break;
	case 'S': f->subject = label_option(optarg, "--subject"); break;
	case 'O': f->object = label_option(optarg, "--object"); break;
	case 'a': f->access = access_option(optarg); break;
	case 'c': f->command = optarg; break;
	case 'K': o->ask_kernel = false; break;
	case OPT_CONFIG_DIR: o->config_dir = optarg; break;
	case 'h': usage();
	case 'v': cli_print_version();
	default: cli_try_help(EXIT_USAGE);
	}
}

static void parse_options(int argc, char **argv, struct options *o,
			  struct audit_reader *rd)
{
	static const struct cli_option options[] = {
		{ "rules", no_argument, 'r' },
		{ "modify", no_argument, 'm' },
		{ "json", no_argument, 'j' },
		{ "follow", no_argument, 'f' },
		{ "since", required_argument, 's' },
		{ "until", required_argument, 'u' },
		{ "subject", required_argument, 'S' },
		{ "object", required_argument, 'O' },
		{ "access", required_argument, 'a' },
		{ "command", required_argument, 'c' },
		{ "no-kernel", no_argument, 'K' },
		{ "config-dir", required_argument, OPT_CONFIG_DIR },
		{ "help", no_argument, 'h' },
		{ "version", no_argument, 'v' },
	};
	int c;

	while ((c = cli_getopt(argc, argv, "rmjfs:u:S:O:a:c:Khv", options,
			       CLI_OPTIONS_COUNT(options))) != -1)
		take_option(c, o, rd);
	if (rd->follow && argc - optind > 1)
		cli_die_usage(EXIT_USAGE, "--follow reads one file at a time");
}

static void on_signal(int signal)
{
	audit_read_stop();
}

/* --follow ends at a signal, and then reports. */
static void catch_signals(void)
{
	static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: reads end */
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		sigaction(signals[i], &sa, NULL);
}

static bool read_all(struct audit_reader *rd, int argc, char **argv)
{
	bool ok = true;
	int i;

	if (optind == argc)
		return audit_read(rd, NULL);
	for (i = optind; i < argc; i++)
		ok = audit_read(rd, argv[i]) && ok;
	return ok;
}

int smackaudit_main(int argc, char **argv)
{
	struct options o = { AUDIT_REPORT, true, NULL };
	struct audit_reader rd = { .filter = { .since_ms = AUDIT_TIME_UNKNOWN,
					       .until_ms = AUDIT_TIME_UNKNOWN } };
	struct audit_kernel *kernel;
	struct smack_policy *tree;
	bool ok, tree_errors = false;

	cli_init(argv[0]);
	parse_options(argc, argv, &o, &rd);
	tree = audit_tree_open(o.config_dir, &tree_errors);
	rd.table = audit_table_new();
	if (!rd.table)
		cli_die(EXIT_FAILURE, "out of memory");
	if (rd.follow)
		catch_signals();
	ok = read_all(&rd, argc, argv);
	if (audit_read_untimed(&rd))
		cli_warn("records without a time were left out by --since or "
			 "--until (journald's copies of the records have a year "
			 "only with journalctl -o short-iso, short-iso-precise "
			 "or short-unix)");
	kernel = audit_kernel_open(o.ask_kernel);
	if (!audit_report(rd.table, kernel, tree, &rd.totals, o.mode,
			  rd.json))
		cli_die(EXIT_FAILURE, "out of memory");
	audit_kernel_free(kernel);
	smack_policy_free(tree);
	audit_table_free(rd.table);
	return ok && !tree_errors ? EXIT_SUCCESS : EXIT_FAILURE;
}

CLI_TOOL_MAIN(smackaudit)
