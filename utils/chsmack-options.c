// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chsmack's command line: the options of the old chsmack (including its
 * greedy optional labels: "-a LABEL" is "-a" with the label LABEL), plus
 * --reference, --restore, -x, -n and --verbose, read and checked, then
 * turned into a run: every label is checked before the first file is
 * touched.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/smack.h>

#include "cli.h"
#include "chsmack.h"

#define DEFAULT_SPEC SYSCONFDIR "/smack/labels.d"

enum {
	OPT_VERBOSE = CHAR_MAX + 1,
	OPT_REFERENCE,
	OPT_RESTORE,
	OPT_SPEC,
	OPT_ROOT,
	OPT_PROGRESS,
};

static const char short_options[] = "+a::e::m::tLDAEMTrxn0dvh";

/* The options setting and dropping each attribute come first, in the order
 * of enum attr: messages name them from here. */
static const struct cli_option long_options[] = {
	{ "access", optional_argument, 'a' },
	{ "exec", optional_argument, 'e' },
	{ "mmap", optional_argument, 'm' },
	{ "transmute", no_argument, 't' },
	{ "drop-access", no_argument, 'A' },
	{ "drop-exec", no_argument, 'E' },
	{ "drop-mmap", no_argument, 'M' },
	{ "drop-transmute", no_argument, 'T' },
	{ "dereference", no_argument, 'L' },
	{ "drop", no_argument, 'D' },
	{ "recursive", no_argument, 'r' },
	{ "one-file-system", no_argument, 'x' },
	{ "dry-run", no_argument, 'n' },
	{ "verbose", no_argument, OPT_VERBOSE },
	{ "progress", optional_argument, OPT_PROGRESS },
	{ "null", no_argument, '0' },
	{ "reference", required_argument, OPT_REFERENCE },
	{ "restore", no_argument, OPT_RESTORE },
	{ "spec", required_argument, OPT_SPEC },
	{ "root", required_argument, OPT_ROOT },
	{ "remove", no_argument, 'd' },
	{ "version", no_argument, 'v' },
	{ "help", no_argument, 'h' },
};

/* The long name of each attribute's setting and dropping options. */
#define SET_OPTION(a) long_options[a].name
#define DROP_OPTION(a) long_options[ATTR_COUNT + (a)].name

CLI_NORETURN
static void usage(void)
{
	fprintf(stdout, "Usage: %1$s [OPTION]... [FILE]...\n"
	       "       %1$s [OPTION]... --reference=RFILE FILE...\n"
	       "       %1$s [OPTION]... --restore [--spec=SPEC] FILE...\n"
	       "List the Smack attributes of each FILE, or change them.\n"
	       "\n"
	       "Changing (LABEL may also be the next argument):\n"
	       "  -a, --access=LABEL     set the access label (security.SMACK64)\n"
	       "  -e, --exec=LABEL       set the execute label (security.SMACK64EXEC)\n"
	       "  -m, --mmap=LABEL       set the mmap label (security.SMACK64MMAP)\n"
	       "  -t, --transmute        set the transmute flag of directories\n"
	       "  -A, --drop-access      remove the access label\n"
	       "  -E, --drop-exec        remove the execute label\n"
	       "  -M, --drop-mmap        remove the mmap label\n"
	       "  -T, --drop-transmute   remove the transmute flag\n"
	       "  -D, --drop             remove every attribute not set by this command\n"
	       "      --reference=RFILE  make the attributes those of RFILE\n"
	       "      --restore          set the attributes a label specification gives\n"
	       "      --spec=SPEC        the specification: a file or a directory of files\n"
	       "                         (default " DEFAULT_SPEC ")\n"
	       "      --root=DIR         match paths as if DIR were /\n"
	       "\n"
	       "Walking:\n"
	       "  -r, --recursive        also every file below each directory\n"
	       "  -L, --dereference      follow symbolic links\n"
	       "  -x, --one-file-system  do not go into other filesystems\n"
	       "\n"
	       "Reporting:\n"
	       "  -n, --dry-run          print what would change, change nothing\n"
	       "      --verbose          print what changes\n"
	       "      --progress         show progress on a terminal (=always: anywhere)\n"
	       "  -0, --null             NUL after each path and record, paths raw\n"
	       "  -h, --help             print this help and exit\n"
	       "  -v, --version          print the version and exit\n"
	       "\n"
	       "Obsolete:\n"
	       "  -d, --remove           remove the attributes -a, -e, -m and -t name\n"
	       "                         without a label (all of them without any)\n"
	       "\n"
	       "Exit status: 0 done, 1 some file failed, 2 usage error (nothing changed).\n",
	       cli_name());
	cli_exit(EXIT_SUCCESS);
}

/* A mistake on the command line: nothing has been changed. */
#define usage_error(...) cli_die(EXIT_USAGE | CLI_HELP, __VA_ARGS__)

/* --progress[=always]: on a terminal, or always. */
static enum progress_when progress_when(const char *arg)
{
	if (!arg)
		return PROGRESS_AUTO;
	if (strcmp(arg, "always") != 0)
		usage_error("--progress takes no value but 'always', not '%s'",
			    arg);
	return PROGRESS_ALWAYS;
}

/* The attribute of -a, -e, -m, -t and of -A, -E, -M, -T: the letters in
 * the order of enum attr, in either case. */
static int attr_of_option(int c)
{
	static const char letters[] = "aemt";

	return strchr(letters, c | ('a' - 'A')) - letters;
}

/* -a, -e, -m: the label is optional (it is left out with -d), and the old
 * chsmack took the next argument as the label when it does not start with
 * '-'.  Without permutation ('+' in short_options) argv[optind] is that
 * argument on every libc. */
static void take_label(struct request *rq, int c, int argc, char **argv)
{
	enum attr a = attr_of_option(c);

	if (rq->named[a])
		usage_error("--%s given twice", SET_OPTION(a));
	rq->named[a] = true;
	if (!optarg && optind < argc && argv[optind][0] != '-')
		optarg = argv[optind++];
	rq->label[a] = optarg;
}

static void take_option(struct request *rq, int c, int argc, char **argv)
{
	switch (c) {
	case 'a': case 'e': case 'm':
		take_label(rq, c, argc, argv);
		break;
	case 't':
		rq->named[ATTR_TRANSMUTE] = true;
		break;
	case 'A': case 'E': case 'M': case 'T':
		rq->drop[attr_of_option(c)] = true;
		break;
	case 'D': rq->drop_unset = true; break;
	case 'd': rq->remove = true; break;
	case 'L': rq->follow = true; break;
	case 'r': rq->recursive = true; break;
	case 'x': rq->one_filesystem = true; break;
	case 'n': rq->dry_run = true; break;
	case OPT_VERBOSE: rq->verbose = true; break;
	case '0': rq->null = true; break;
	case OPT_REFERENCE: rq->reference = optarg; break;
	case OPT_RESTORE: rq->restore = true; break;
	case OPT_SPEC: rq->spec = optarg; break;
	case OPT_ROOT: rq->root = optarg; break;
	case OPT_PROGRESS: rq->progress = progress_when(optarg); break;
	case 'v': cli_print_version();
	case 'h': usage();
	default: cli_try_help(EXIT_USAGE);
	}
}

/*
 * Options and operands may come in any order; "--" ends the options.  The
 * operands are gathered at the front of argv (argv[1] on), in order: each
 * goes to a slot the loop has already read, so nothing is allocated, and
 * a usage error found later has nothing to give back.  getopt() is only
 * called with an option at optind, so it never moves operands itself.
 */
void chsmack_parse_command_line(struct request *rq, int argc, char **argv)
{
	int c;

	rq->operands = (const char **)argv + 1;
	while (optind < argc) {
		if (strcmp(argv[optind], "--") == 0) {
			optind++;
			break;
		}
		if (argv[optind][0] != '-' || argv[optind][1] == '\0') {
			rq->operands[rq->noperands++] = argv[optind++];
			continue;
		}
		c = cli_getopt(argc, argv, short_options, long_options,
			       CLI_OPTIONS_COUNT(long_options));
		if (c == -1)
			break;
		take_option(rq, c, argc, argv);
	}
	while (optind < argc)
		rq->operands[rq->noperands++] = argv[optind++];
}

static bool asks_to_set(const struct request *rq)
{
	int a;

	for (a = 0; a < ATTR_COUNT; a++)
		if (rq->named[a] || rq->drop[a])
			return true;
	return rq->drop_unset || rq->remove;
}

/* -d: -a, -e, -m and -t name what to remove; all four without them. */
static void plan_removal(const struct request *rq, struct label_plan *p)
{
	bool any = false;
	int a;

	if (rq->drop_unset)
		usage_error("--remove and --drop contradict each other");
	for (a = 0; a < ATTR_COUNT; a++) {
		if (rq->label[a])
			usage_error("--%s takes no label with --remove",
				    SET_OPTION(a));
		any |= rq->named[a] || rq->drop[a];
	}
	for (a = 0; a < ATTR_COUNT; a++)
		if (!any || rq->named[a] || rq->drop[a])
			plan_remove(p, a);
}

static void plan_setting(const struct request *rq, struct label_plan *p)
{
	const char *why;
	int a;

	for (a = 0; a < ATTR_COUNT; a++) {
		if (rq->named[a] && rq->drop[a])
			usage_error("--%s and --%s contradict each other",
				    SET_OPTION(a), DROP_OPTION(a));
		if (rq->drop[a] || (rq->drop_unset && !rq->named[a])) {
			plan_remove(p, a);
			continue;
		}
		if (!rq->named[a])
			continue;
		if (a == ATTR_TRANSMUTE) {
			plan_set(p, a, TRANSMUTE_VALUE);
			continue;
		}
		if (!rq->label[a])
			usage_error("--%s needs a label", SET_OPTION(a));
		if (attr_validate(a, rq->label[a], &why) < 0)
			usage_error("invalid %s label \"%.*s%s\": %s",
				    attr_key[a], SHOW(rq->label[a]), why);
		plan_set(p, a, rq->label[a]);
	}
}

/* --reference: RFILE's attributes, as Smack reports them (the label of a
 * file without a stored one is its fallback), each checked. */
static void plan_reference(struct run *run, const char *rfile)
{
	struct labels ref;
	const char *why;
	int a;

	if (labels_read_each(&run->reader, rfile, true, &ref) < 0)
		cli_die_errno(EXIT_USAGE, "cannot read the labels of '%s'",
			      rfile);
	for (a = 0; a < ATTR_COUNT; a++) {
		if (!ref.present[a]) {
			plan_remove(&run->plan, a);
			continue;
		}
		if (attr_validate(a, ref.value[a], &why) < 0)
			cli_die(EXIT_USAGE, "'%s' has an invalid %s: \"%.*s%s\" %s",
				rfile, attr_key[a], SHOW(ref.value[a]), why);
		run->reference_value[a] = strdup(ref.value[a]);
		if (!run->reference_value[a])
			cli_die_errno(EXIT_FAILURE, "cannot read '%s'", rfile);
		plan_set(&run->plan, a, run->reference_value[a]);
	}
}

static void load_spec(struct run *run, const char *path)
{
	if (smack_policy_new(&run->spec) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot read '%s'", path);
	smack_policy_set_log_fn(run->spec, cli_policy_log, NULL);
	if (smack_policy_add_path(run->spec, SMACK_POLICY_LABELS, path,
				  0) == 0)
		return;
	if (errno == ENOMEM)
		cli_die_errno(EXIT_FAILURE, "cannot read '%s'", path);
	cli_die(EXIT_USAGE, "nothing changed: '%s' has errors", path);
}

static void check_combinations(const struct request *rq)
{
	bool setting = asks_to_set(rq);

	if (rq->reference && rq->restore)
		usage_error("--reference and --restore contradict each other");
	if ((rq->reference || rq->restore) && setting)
		usage_error("--%s takes no other label option",
			    rq->reference ? "reference" : "restore");
	if ((rq->spec || rq->root) && !rq->restore)
		usage_error("--%s goes with --restore",
			    rq->spec ? "spec" : "root");
	if ((rq->dry_run || rq->verbose) &&
	    !(setting || rq->reference || rq->restore))
		usage_error("--%s needs something to change",
			    rq->dry_run ? "dry-run" : "verbose");
	if (rq->noperands == 0 && (setting || rq->reference || rq->restore))
		usage_error("missing file operand");
}

void chsmack_prepare(struct run *run, const struct request *rq)
{
	check_combinations(rq);
	run->follow = rq->follow;
	run->recursive = rq->recursive;
	run->dry_run = rq->dry_run;
	run->verbose = rq->verbose;
	if (rq->null)
		record_end = '\0';
	label_reader_init(&run->reader);
	if (rq->remove)
		plan_removal(rq, &run->plan);
	else if (asks_to_set(rq))
		plan_setting(rq, &run->plan);
	else if (rq->reference)
		plan_reference(run, rq->reference);
	else if (rq->restore)
		load_spec(run, rq->spec ? rq->spec : DEFAULT_SPEC);
	else
		run->listing = true;
	if (rq->root) {
		run->root = realpath(rq->root, NULL);
		if (!run->root)
			cli_die_errno(EXIT_USAGE, "cannot use --root '%s'",
				      rq->root);
		if (strcmp(run->root, "/") == 0) {
			free(run->root);
			run->root = NULL;
		}
	}
}
