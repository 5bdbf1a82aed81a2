// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chsmack - list or change the Smack attributes of files
 *
 * This file carries out a run over each operand; the command line is read
 * and checked, every label before the first file is touched, in
 * chsmack-options.c; the walk itself is in chsmack-walk.c, the attribute
 * I/O in chsmack-labels.c; the label specifications (labels.d) are read
 * and matched by the library's policy (smack_policy_match_path(3)).
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
#include "chsmack.h"
#include "chsmack-walk.h"

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
	struct request rq = { 0 };
	struct run run = { 0 };
	unsigned long failures;
	bool out_tty;

	cli_init(argv[0]);
	chsmack_parse_command_line(&rq, argc, argv);
	chsmack_prepare(&run, &rq);
	out_tty = cli_buffer_stdout();
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
