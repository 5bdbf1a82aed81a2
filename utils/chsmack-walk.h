/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chsmack: a walk of the files named on the command line and, with -r, of
 * everything below them, through directory descriptors.  Each file is
 * handed to a visit function with a name that the *xattr() calls can use
 * as it is: see chsmack-walk.c for how that stays both fast and safe.
 */
#ifndef CHSMACK_WALK_H
#define CHSMACK_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct walk_entry {
	/* For the *xattr() calls, relative to the current directory: the
	 * walk keeps that the directory holding the entry. */
	const char *name;
	/* The path to show the user: the operand, then the names below. */
	const char *path;
	/* The part of path below the operand: "" for the operand itself. */
	const char *rel;
	/* S_IFREG, S_IFDIR, ...: the file's own type, or its target's when
	 * links are followed. */
	mode_t type;
	/* True for a file named on the command line. */
	bool operand;
};

/* Returns 0, or -1 after reporting a failure of this file. */
typedef int (*walk_visit_fn)(void *ctx, const struct walk_entry *e);

struct walk_options {
	bool recursive;		/* -r: everything below a directory too */
	bool follow;		/* -L: symbolic links are followed */
	bool one_filesystem;	/* -x: stay on each operand's filesystem */
	walk_visit_fn visit;
	void *ctx;
};

struct walker;

/* NULL (after a message) when the current directory cannot be kept. */
struct walker *walker_new(const struct walk_options *opt);
void walker_free(struct walker *w);

/* Visits operand (relative to the directory the walker was made in) and,
 * when recursive, everything below it.  Returns the number of failures,
 * each of them reported. */
unsigned long walk_operand(struct walker *w, const char *operand);
/* Visits the entries of the current directory, not the directory itself,
 * as "./NAME", as chsmack 1.3 does without operands. */
unsigned long walk_current_directory(struct walker *w);

#endif /* CHSMACK_WALK_H */
