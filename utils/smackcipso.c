// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackcipso - load CIPSO label mappings into the kernel, check them, or
 * list the ones it holds.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/smack.h>

#include "cli.h"
#include "tools.h"

static CLI_NORETURN void usage(void)
{
	printf("Usage: %s [OPTION]... [PATH]\n"
	       "Load CIPSO label mappings, lines "
	       "\"LABEL LEVEL [CATEGORY]...\", from PATH (a file,\n"
	       "or a directory whose files are read in name order) or from "
	       "standard input\n"
	       "when PATH is missing or '-'.  LEVEL is 0..255, each CATEGORY "
	       "1..184.  Nothing\n"
	       "is loaded when any line is wrong.\n"
	       "\n"
	       "  -c, --check    check the input and report every error; load "
	       "nothing\n"
	       "  -l, --list     print the mappings the kernel holds, in the "
	       "input format\n"
	       "  -a, --all      with --list, also the labels that have no "
	       "mapping of their own\n"
	       "      --no-wait  exit 3 if another writer runs\n"
	       "  -h, --help     show this help and exit\n"
	       "  -v, --version  show the version and exit\n"
	       "\n"
	       "Exit status: 0 on success, 1 when the input has errors, Smack "
	       "is not active or\n"
	       "the kernel refuses a mapping, 2 on bad usage, 3 when busy "
	       "(--no-wait).\n",
	       cli_name());
	cli_exit(EXIT_SUCCESS);
}

static void require_smack(void)
{
	if (!smack_smackfs_path())
		cli_die(EXIT_FAILURE, "Smack is not active (no smackfs found)");
}

/* ---- --list ---- */

struct list_options {
	bool all;
	int direct;	/* the level of short labels without a mapping */
	int mapped;	/* the level of long labels without a mapping */
};

/* The length from which the kernel no longer encodes a label's own bytes
 * (SMK_CIPSOLEN): 23 bytes fill the most categories a CIPSO option has. */
#define CIPSO_DIRECT_LEN 24

/* The highest category of a secid's bits: the kernel encodes the 32 bits
 * of a long label's secid as categories 1..32. */
#define SECID_CATEGORIES 32

/*
 * A short label the kernel has no mapping for is shown at the direct level
 * with the bits of its own bytes as categories (category 1 is the top bit
 * of the first byte).  An explicit mapping identical to that changes
 * nothing, so leaving both out loses nothing.
 */
static bool is_direct_mapping(const char *label, size_t len, const int *cats,
			      int ncats)
{
	size_t byte;
	int bit, next = 0;

	for (byte = 0; byte < len; byte++) {
		for (bit = 0; bit < 8; bit++) {
			if (!((unsigned char)label[byte] & (0x80 >> bit)))
				continue;
			if (next >= ncats ||
			    (size_t)cats[next] != byte * 8 + bit + 1)
				return false;
			next++;
		}
	}
	return next == ncats;
}

/*
 * A long label without a mapping is shown at the mapped level with the
 * bits of its secid, which userspace cannot read, as categories: all that
 * can be checked is that they fit in 32 bits.  An explicit mapping at the
 * mapped level within categories 1..32 looks the same and is left out too
 * (smackcipso(8) says so).
 */
static bool is_secid_mapping(const int *cats, int ncats)
{
	/* The categories come sorted: the last is the highest. */
	return ncats == 0 || cats[ncats - 1] <= SECID_CATEGORIES;
}

static bool is_default_mapping(const struct list_options *o,
			       const char *label, int level, const int *cats,
			       int ncats)
{
	size_t len = strlen(label);

	if (len < CIPSO_DIRECT_LEN)
		return level == o->direct &&
		       is_direct_mapping(label, len, cats, ncats);
	return level == o->mapped && is_secid_mapping(cats, ncats);
}

static int print_mapping(void *userdata, const char *label, int level,
			 const int *cats, int ncats)
{
	const struct list_options *o = userdata;
	int i;

	if (!o->all && is_default_mapping(o, label, level, cats, ncats))
		return 0;
	printf("%s %d", label, level);
	for (i = 0; i < ncats; i++)
		printf(" %d", cats[i]);
	putchar('\n');
	return 0;
}

static int list_mappings(bool all)
{
	struct list_options o = { .all = all };
	struct smack_cipso *c;

	require_smack();
	if (!all && smack_direct_get(&o.direct) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot read the direct level");
	if (!all && smack_mapped_get(&o.mapped) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot read the mapped level");
	if (smack_cipso_new_from_kernel(&c) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot read the kernel's "
			      "mappings");
	/* The form of the lines, so that they load again as they are. */
	puts("# format: list");
	smack_cipso_foreach(c, print_mapping, &o);
	smack_cipso_free(c);
	return EXIT_SUCCESS;
}

/* ---- loading ---- */

static int load(const char *path, bool check_only, bool no_wait)
{
	bool from_stdin = !path || strcmp(path, "-") == 0;
	struct smack_cipso *c;
	int errors = 0, ret;

	if (from_stdin)
		path = "<stdin>";
	if (smack_cipso_new(&c) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	if (from_stdin)
		ret = smack_cipso_parse_fd(c, STDIN_FILENO, path,
					   cli_parse_error, &errors);
	else
		ret = smack_cipso_parse_path(c, path, cli_parse_error,
					     &errors);
	if (ret < 0) {
		/* A failure the parser did not report itself. */
		if (errors == 0)
			cli_warn_errno("%s", path);
		smack_cipso_free(c);
		return EXIT_FAILURE;
	}
	if (!check_only) {
		require_smack();
		cli_lock_policy(no_wait);
		if (smack_cipso_apply(c) < 0) {
			cli_warn_errno("%s a mapping",
				       cli_write_failure(errno));
			smack_cipso_free(c);
			return EXIT_FAILURE;
		}
	}
	smack_cipso_free(c);
	return EXIT_SUCCESS;
}

enum { OPT_NO_WAIT = 256 };

int smackcipso_main(int argc, char **argv)
{
	static const struct cli_option options[] = {
		{ "all", no_argument, 'a' },
		{ "check", no_argument, 'c' },
		{ "list", no_argument, 'l' },
		{ "no-wait", no_argument, OPT_NO_WAIT },
		{ "help", no_argument, 'h' },
		{ "version", no_argument, 'v' },
	};
	bool all = false, check_only = false, list = false, no_wait = false;
	int c;

	cli_init(argv[0]);
	while ((c = cli_getopt(argc, argv, "aclhv", options,
			       CLI_OPTIONS_COUNT(options))) != -1) {
		switch (c) {
		case 'a':
			all = true;
			break;
		case 'c':
			check_only = true;
			break;
		case 'l':
			list = true;
			break;
		case OPT_NO_WAIT:
			no_wait = true;
			break;
		case 'h':
			usage();
		case 'v':
			cli_print_version();
		default:
			cli_try_help(EXIT_USAGE);
		}
	}
	if (list && (check_only || optind != argc))
		cli_die_usage(EXIT_USAGE,
			      "--list takes neither --check nor a PATH");
	if (all && !list)
		cli_die_usage(EXIT_USAGE, "--all goes with --list");
	if (argc - optind > 1)
		cli_die_usage(EXIT_USAGE, "only one PATH may be given");
	if (list)
		return list_mappings(all);
	return load(optind < argc ? argv[optind] : NULL, check_only, no_wait);
}

CLI_TOOL_MAIN(smackcipso)
