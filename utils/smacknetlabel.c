// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smacknetlabel - load netlabel host entries (the label of packets from a
 * host or network) into the kernel, check them, or list the ones it holds.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sys/smack.h>

#include "cli.h"
#include "tools.h"

#define DEFAULT_DIR SYSCONFDIR "/smack/netlabel.d"

static CLI_NORETURN void usage(void)
{
	printf("Usage: %s [OPTION]... [PATH]...\n"
	       "Load netlabel host entries, lines \"ADDRESS[/MASK] LABEL\", "
	       "from each PATH (a\n"
	       "file, a directory whose files are read in name order, or '-' "
	       "for standard\n"
	       "input) and from --add; with neither, from %s.\n"
	       "ADDRESS is IPv4 (A.B.C.D, MASK 0..32, LABEL a label or "
	       "-CIPSO) or IPv6\n"
	       "(MASK 0..128, LABEL a label or -DELETE).  Nothing is loaded "
	       "when any entry\n"
	       "is wrong.\n"
	       "\n"
	       "  -a, --add=ENTRY  also load ENTRY, \"ADDRESS[/MASK] LABEL\" "
	       "(may be repeated)\n"
	       "  -c, --check      check the entries and report every error; "
	       "load nothing\n"
	       "  -l, --list       print the entries the kernel holds\n"
	       "      --no-wait    exit 3 if another writer runs\n"
	       "  -h, --help       show this help and exit\n"
	       "  -v, --version    show the version and exit\n"
	       "\n"
	       "Exit status: 0 on success, 1 when an entry is wrong, Smack is "
	       "not active or\n"
	       "the kernel refuses an entry, 2 on bad usage, 3 when busy "
	       "(--no-wait).\n",
	       cli_name(), DEFAULT_DIR);
	cli_exit(EXIT_SUCCESS);
}

static void require_smack(void)
{
	if (!smack_smackfs_path())
		cli_die(EXIT_FAILURE, "Smack is not active (no smackfs found)");
}

static int print_entry(void *userdata, const char *host, const char *label)
{
	printf("%s %s\n", host, label);
	return 0;
}

static int list_entries(void)
{
	struct smack_netlabel *n;

	require_smack();
	if (smack_netlabel_new_from_kernel(&n) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot read the kernel's entries");
	smack_netlabel_foreach(n, print_entry, NULL);
	smack_netlabel_free(n);
	return EXIT_SUCCESS;
}

/* Errors in an --add entry: its text says more than a line number. */
static void add_error(void *userdata, const char *file, unsigned int line,
		      unsigned int column, const char *message)
{
	int *count = userdata;

	cli_warn("%s: %s", file, message);
	(*count)++;
}

/* An --add entry goes through the same parser as a file, so that it is
 * checked, and reported, the same way. */
static bool add_entry(struct smack_netlabel *n, const char *entry)
{
	size_t len = strlen(entry), before = smack_netlabel_count(n);
	int fd, errors = 0, ret;

	if (strchr(entry, '\n')) {
		cli_warn("--add \"%s\": one entry, without a line break",
			 entry);
		return false;
	}
	fd = memfd_create("smacknetlabel-add", MFD_CLOEXEC);
	if (fd < 0 || write(fd, entry, len) != (ssize_t)len ||
	    lseek(fd, 0, SEEK_SET) != 0)
		cli_die_errno(EXIT_FAILURE, "cannot read --add \"%s\"", entry);
	ret = smack_netlabel_parse_fd(n, fd, "--add", add_error, &errors);
	close(fd);
	if (ret < 0 && errors == 0)
		cli_warn_errno("--add \"%s\"", entry);
	if (ret == 0 && smack_netlabel_count(n) == before) {
		cli_warn("--add \"%s\": no entry", entry);
		return false;
	}
	return ret == 0;
}

static bool add_path(struct smack_netlabel *n, const char *path)
{
	int errors = 0, ret;

	if (strcmp(path, "-") == 0)
		ret = smack_netlabel_parse_fd(n, STDIN_FILENO, "<stdin>",
					      cli_parse_error, &errors);
	else
		ret = smack_netlabel_parse_path(n, path, cli_parse_error,
						&errors);
	if (ret < 0 && errors == 0)
		cli_warn_errno("%s", path);
	return ret == 0;
}

/* The default directory may be absent: there is then nothing to load. */
static bool add_default_dir(struct smack_netlabel *n)
{
	struct stat st;

	if (stat(DEFAULT_DIR, &st) < 0 && errno == ENOENT)
		return true;
	return add_path(n, DEFAULT_DIR);
}

/* One thing to load, as the command line names it. */
struct source {
	const char *text;	/* a PATH, or an --add entry */
	bool is_entry;
};

/* What to load: the PATHs and --add entries in the order given, so that
 * a later entry for a network replaces an earlier one (smacknetlabel(8)). */
struct sources {
	struct source *items;
	size_t count;
	bool no_wait;
};

static void add_source(struct sources *src, const char *text, bool is_entry)
{
	src->items[src->count++] = (struct source){ text, is_entry };
}

static bool add_in_order(struct smack_netlabel *n, const struct sources *src)
{
	const struct source *s;
	bool ok = true;

	for (s = src->items; s < src->items + src->count; s++)
		ok = (s->is_entry ? add_entry(n, s->text) :
		      add_path(n, s->text)) && ok;
	return ok;
}

static int load(const struct sources *src, bool check_only)
{
	struct smack_netlabel *all;
	bool ok;

	if (smack_netlabel_new(&all) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	if (src->count == 0)
		ok = add_default_dir(all);
	else
		ok = add_in_order(all, src);
	if (ok && !check_only) {
		require_smack();
		cli_lock_policy(src->no_wait);
		if (smack_netlabel_apply(all) < 0) {
			cli_warn_errno("%s an entry",
				       cli_write_failure(errno));
			ok = false;
		}
	}
	smack_netlabel_free(all);
	return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

enum { OPT_NO_WAIT = 256 };

int smacknetlabel_main(int argc, char **argv)
{
	static const struct cli_option options[] = {
		{ "add", required_argument, 'a' },
		{ "check", no_argument, 'c' },
		{ "list", no_argument, 'l' },
		{ "no-wait", no_argument, OPT_NO_WAIT },
		{ "help", no_argument, 'h' },
		{ "version", no_argument, 'v' },
	};
	struct sources src = { .no_wait = false };
	bool check_only = false, list = false;
	int c, status;

	cli_init(argv[0]);
	src.items = calloc(argc, sizeof(*src.items));
	if (!src.items)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	/* '-': getopt hands each PATH over (as 1) where it stands, rather
	 * than moving it after the options. */
	while ((c = cli_getopt(argc, argv, "-a:clhv", options,
			       CLI_OPTIONS_COUNT(options))) != -1) {
		switch (c) {
		case 1:
			add_source(&src, optarg, false);
			break;
		case 'a':
			add_source(&src, optarg, true);
			break;
		case 'c':
			check_only = true;
			break;
		case 'l':
			list = true;
			break;
		case OPT_NO_WAIT:
			src.no_wait = true;
			break;
		case 'h':
			usage();
		case 'v':
			cli_print_version();
		default:
			cli_try_help(EXIT_USAGE);
		}
	}
	/* The PATHs after "--". */
	for (; optind < argc; optind++)
		add_source(&src, argv[optind], false);
	if (list && (check_only || src.count))
		cli_die_usage(EXIT_USAGE,
			      "--list takes no --check, --add or PATH");
	status = list ? list_entries() : load(&src, check_only);
	free(src.items);
	return status;
}

CLI_TOOL_MAIN(smacknetlabel)
