// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chsmack - list or change the Smack attributes of files
 *
 * The command line of the old chsmack (including its greedy optional
 * labels: "-a LABEL" is "-a" with the label LABEL), plus --reference,
 * --restore from a label specification, -x, -n and --verbose.  Every label
 * is checked before the first file is touched; the walk itself is in
 * chsmack-walk.c, the attribute I/O in chsmack-labels.c; the label
 * specifications (labels.d) are read and matched by the library's policy
 * (smack_policy_match_path(3)).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sys/smack.h>

#include "cli.h"
#include "tools.h"
#include "chsmack-labels.h"
#include "chsmack-progress.h"
#include "chsmack-walk.h"

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

/* What the command line asks for, before it is checked. */
struct request {
	bool named[ATTR_COUNT];		/* -a -e -m -t given */
	const char *label[ATTR_COUNT];	/* their labels, if any */
	bool drop[ATTR_COUNT];		/* -A -E -M -T */
	bool drop_unset;		/* -D */
	bool remove;			/* -d */
	const char *reference;
	bool restore;
	const char *spec;
	const char *root;
	bool recursive;
	bool follow;
	bool one_filesystem;
	bool dry_run;
	bool verbose;
	bool null;
	enum progress_when progress;
	const char **operands;
	int noperands;
};

/* What a run does, once the request is checked. */
struct run {
	bool follow;
	bool recursive;
	bool dry_run;
	bool verbose;
	bool listing;
	bool progress;			/* the progress line is shown */
	bool progress_on_tty;		/* ... on the records' terminal */
	unsigned long visited;		/* entries, for the progress line */
	struct label_plan plan;		/* unless restoring */
	struct smack_policy *spec;	/* when restoring: labels.d */
	struct label_plan restore;	/* the plan of the last match */
	char *root;			/* --root, canonical; NULL for / */
	char *base;			/* the operand's path for the spec */
	char *match;			/* the path matched against the spec */
	size_t match_size;
	char *reference_value[ATTR_COUNT];
	struct label_reader reader;
	unsigned long transmute_skipped;
};

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
static void parse_command_line(struct request *rq, int argc, char **argv)
{
	int c;

	rq->operands = (const char **)argv + 1;
	/* getopt's own messages name argv[0]: make it the short name. */
	argv[0] = (char *)cli_name();
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

/* Turns the request into a run, or exits 2: everything that can be
 * wrong with the command line is found before any file is touched. */
static void prepare(struct run *run, const struct request *rq)
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

/* ------------------------------------------------------------ visiting */

/* A record written to the terminal of the progress line starts a line of
 * its own. */
static void before_record(const struct run *run)
{
	if (run->progress_on_tty)
		progress_clear();
}

static int report_read_failure(const struct walk_entry *e)
{
	/* A file that went away during the walk is no failure. */
	if (errno == ENOENT && !e->operand)
		return 0;
	cli_warn_errno("cannot read the labels of '%s'", e->path);
	return -1;
}

static int visit_list(struct run *run, const struct walk_entry *e)
{
	struct labels l;

	if (labels_read_stored(&run->reader, e->name, run->follow, &l) < 0)
		return report_read_failure(e);
	before_record(run);
	labels_print(stdout, e->path, &l);
	return 0;
}

static void report_apply_failure(const struct label_plan *p, enum attr a,
				 const char *path)
{
	if (p->op[a] == OP_SET)
		cli_warn_errno("cannot set %s=\"%s\" on '%s'", attr_key[a],
			       p->value[a], path);
	else
		cli_warn_errno("cannot remove %s from '%s'", attr_key[a],
			       path);
}

/* Applies what p says.  With -n or --verbose the attributes are read
 * first, and only the changes are printed (and made); otherwise p is
 * applied without looking: the fast path. */
static int apply_plan(struct run *run, const struct label_plan *p,
		      const struct walk_entry *e)
{
	bool reporting = run->dry_run || run->verbose;
	struct label_plan changes;
	struct labels cur;
	int ret = 0;
	int a;

	if (reporting) {
		if (labels_read_stored(&run->reader, e->name, run->follow,
				       &cur) < 0)
			return report_read_failure(e);
		if (!plan_changes(p, &cur, &changes))
			return 0;
		p = &changes;
	}
	for (a = 0; a < ATTR_COUNT; a++) {
		if (p->op[a] == OP_KEEP)
			continue;
		if (!run->dry_run &&
		    plan_apply_attr(p, a, e->name, run->follow) < 0) {
			if (errno == ENOENT && !e->operand)
				return 0;
			report_apply_failure(p, a, e->path);
			ret = -1;
			continue;
		}
		if (reporting) {
			before_record(run);
			plan_print_change(stdout, e->path, a, p, &cur);
		}
	}
	return ret;
}

/* The path a specification is matched against: the operand's absolute
 * path (below --root) and the names below it. */
static const char *match_path(struct run *run, const struct walk_entry *e)
{
	ssize_t len = path_append(&run->match, &run->match_size, 0,
				  run->base);

	if (len < 0 ||
	    path_append(&run->match, &run->match_size, len, e->rel) < 0)
		return NULL;
	return run->match;
}

/* A line of labels.d says all a file carries: what it does not give is
 * removed. */
static void plan_of_entry(struct label_plan *p,
			  const struct smack_policy_entry *e)
{
	const char *labels[] = { e->access_label, e->execute_label,
				 e->mmap_label };
	int a;

	for (a = ATTR_ACCESS; a <= ATTR_MMAP; a++) {
		if (labels[a])
			plan_set(p, a, labels[a]);
		else
			plan_remove(p, a);
	}
	if (e->flags & SMACK_LABELS_TRANSMUTE)
		plan_set(p, ATTR_TRANSMUTE, "TRUE");
	else
		plan_remove(p, ATTR_TRANSMUTE);
}

/* The plan for e: the command line's, or its specification line's; NULL
 * when e is to be left alone. */
static const struct label_plan *plan_for(struct run *run,
					 const struct walk_entry *e)
{
	struct smack_policy_entry line;
	const char *path;

	if (!run->spec)
		return &run->plan;
	path = match_path(run, e);
	if (!path) {
		cli_warn_errno("'%s'", e->path);
		return NULL;
	}
	if (smack_policy_match_path(run->spec, path, e->type, &line) != 1 ||
	    (line.flags & SMACK_LABELS_NONE))
		return NULL;
	plan_of_entry(&run->restore, &line);
	return &run->restore;
}

static int visit_change(struct run *run, const struct walk_entry *e)
{
	const struct label_plan *planned = plan_for(run, e);
	struct label_plan p;
	int ret = 0;

	if (!planned)
		return 0;
	p = *planned;
	/* Only a directory can transmute: in a tree that is expected of its
	 * other files (one warning at the end), for a named file an error. */
	if (p.op[ATTR_TRANSMUTE] == OP_SET && e->type != S_IFDIR) {
		p.op[ATTR_TRANSMUTE] = OP_KEEP;
		if (run->recursive) {
			run->transmute_skipped++;
		} else {
			cli_warn("cannot set transmute on '%s': not a directory",
				 e->path);
			ret = -1;
		}
	}
	if (apply_plan(run, &p, e) < 0)
		ret = -1;
	return ret;
}

static int visit(void *ctx, const struct walk_entry *e)
{
	struct run *run = ctx;

	if (run->progress && ++run->visited % PROGRESS_EVERY == 0)
		progress_tick(run->visited, e->path);
	return run->listing ? visit_list(run, e) : visit_change(run, e);
}

/* ------------------------------------------------------------ operands */

/* The absolute path of operand without following its last component
 * (unless links are followed, or it is ".", ".." or ends in '/'). */
static char *absolute_path(const char *operand, bool follow)
{
	const char *slash = strrchr(operand, '/');
	const char *last = slash ? slash + 1 : operand;
	char *copy, *path;
	size_t size;

	if (follow || !*last || !strcmp(last, ".") || !strcmp(last, ".."))
		return realpath(operand, NULL);
	copy = strdup(operand);
	if (!copy)
		return NULL;
	if (slash)
		copy[slash - operand] = '\0';
	path = realpath(!slash ? "." : slash == operand ? "/" : copy, NULL);
	free(copy);
	size = path ? strlen(path) + 1 : 0;
	if (path && path_append(&path, &size, size - 1, last) < 0) {
		free(path);
		return NULL;
	}
	return path;
}

/* run->base for operand: its absolute path, below --root if given. */
static int prepare_base(struct run *run, const char *operand)
{
	char *abs = absolute_path(operand, run->follow);
	size_t n = run->root ? strlen(run->root) : 0;

	free(run->base);
	run->base = NULL;
	if (!abs) {
		cli_warn_errno("cannot access '%s'", operand);
		return -1;
	}
	if (!run->root) {
		run->base = abs;
		return 0;
	}
	if (strlen(abs) < n || memcmp(abs, run->root, n) != 0 ||
	    (abs[n] && abs[n] != '/')) {
		cli_warn("'%s' is not below the root '%s'", operand, run->root);
		free(abs);
		return -1;
	}
	run->base = strdup(abs[n] ? abs + n : "/");
	free(abs);
	if (!run->base) {
		cli_warn_errno("'%s'", operand);
		return -1;
	}
	return 0;
}

static unsigned long walk_all(struct run *run, const struct request *rq)
{
	struct walk_options wo = {
		.recursive = rq->recursive,
		.follow = rq->follow,
		.one_filesystem = rq->one_filesystem,
		.visit = visit,
		.ctx = run,
	};
	struct walker *w = walker_new(&wo);
	unsigned long failures = 0;
	int i;

	if (!w)
		return 1;
	if (rq->noperands == 0)
		failures += walk_current_directory(w);
	for (i = 0; i < rq->noperands; i++) {
		if (run->spec && prepare_base(run, rq->operands[i]) < 0) {
			failures++;
			continue;
		}
		failures += walk_operand(w, rq->operands[i]);
	}
	walker_free(w);
	return failures;
}

static void run_free(struct run *run)
{
	int a;

	smack_policy_free(run->spec);
	label_reader_free(&run->reader);
	for (a = 0; a < ATTR_COUNT; a++)
		free(run->reference_value[a]);
	free(run->root);
	free(run->base);
	free(run->match);
}

int chsmack_main(int argc, char **argv)
{
	static char out_buffer[1 << 16];
	struct request rq = { 0 };
	struct run run = { 0 };
	unsigned long failures;
	bool out_tty;

	cli_init(argv[0]);
	parse_command_line(&rq, argc, argv);
	prepare(&run, &rq);
	/* A listing of a big tree is written in few large pieces. */
	out_tty = isatty(STDOUT_FILENO);
	if (!out_tty)
		setvbuf(stdout, out_buffer, _IOFBF, sizeof(out_buffer));
	run.progress = progress_start(rq.progress);
	run.progress_on_tty = run.progress && out_tty &&
			      isatty(STDERR_FILENO);
	failures = walk_all(&run, &rq);
	progress_clear();
	if (run.transmute_skipped)
		cli_warn("transmute is for directories: not set on %lu other file%s",
			 run.transmute_skipped,
			 run.transmute_skipped == 1 ? "" : "s");
	run_free(&run);
	return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}

CLI_TOOL_MAIN(chsmack)
