/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chsmack: what its files share.  chsmack-options.c reads and checks the
 * command line and turns it into a run; chsmack.c carries the run out
 * over each operand.
 */
#ifndef CHSMACK_H
#define CHSMACK_H

#include <stdbool.h>
#include <stddef.h>

#include <sys/smack.h>

#include "chsmack-labels.h"
#include "chsmack-progress.h"

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

/* Reads the command line into rq, or exits 2 (or 0 for --help and
 * --version). */
void chsmack_parse_command_line(struct request *rq, int argc, char **argv);
/* Turns the request into a run, or exits 2: everything that can be
 * wrong with the command line is found before any file is touched. */
void chsmack_prepare(struct run *run, const struct request *rq);

#endif /* CHSMACK_H */
