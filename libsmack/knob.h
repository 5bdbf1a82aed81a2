/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * knob.h - the knobs of smack-knobs(5) (onlycap, ambient, logging, ...):
 * the one table of their names, what each holds and its range
 * (knob-table.c, with their values as text), and their kernel I/O
 * (knobs.c).  Internal to libsmack; the tools reach them through
 * smack_knob_*() and the policy.
 */
#ifndef LIBSMACK_KNOB_H
#define LIBSMACK_KNOB_H

#include <stdbool.h>
#include <stddef.h>

struct parse_ctx;

/* In the order they are listed; onlycap is always written last. */
enum knob_id {
	KNOB_ONLYCAP,
	KNOB_AMBIENT,
	KNOB_LOGGING,
	KNOB_PTRACE,
	KNOB_SYSLOG,
	KNOB_UNCONFINED,
	KNOB_DOI,
	KNOB_DIRECT,
	KNOB_MAPPED,
	KNOB_COUNT
};

enum knob_kind {
	KNOB_LABEL,		/* one label */
	KNOB_LIST,		/* any number of labels, possibly none */
	KNOB_NUMBER,		/* a number in [min, max], or one of words */
};

struct knob {
	char name[12];		/* its smackfs file, and its file in the tree */
	enum knob_kind kind;
	long long min, max;
	const char *const *words;	/* words[i] names the number i */
	const char *range;	/* what a bad number is not, for messages */
};

/* A value: labels for KNOB_LABEL (exactly one) and KNOB_LIST, number
 * otherwise.  labels is NULL-terminated, or NULL when count is 0. */
struct knob_value {
	bool set;
	long long number;
	char **labels;
	size_t count;
};

const struct knob *knob_get(enum knob_id id);
/* The knob called name, or NULL. */
const struct knob *knob_find(const char *name, enum knob_id *id);

void knob_value_clear(struct knob_value *v);
/* Lists compare as sets: the kernel reads onlycap back in its own order. */
bool knob_value_equal(const struct knob *k, const struct knob_value *a,
		      const struct knob_value *b);
/* Deep copy; -1 ENOMEM (dst cleared). */
int knob_value_copy(struct knob_value *dst, const struct knob_value *src);
/* The value as text: labels separated by spaces ("-" for an empty list),
 * or the number.  malloc'ed; NULL when out of memory. */
char *knob_value_format(const struct knob *k, const struct knob_value *v);

/*
 * The kernel takes a value in one write of at most a page: a list longer
 * than that is refused whole.  knob_value_bytes() is the length of the
 * write a value makes.
 */
size_t knob_write_max(void);
size_t knob_value_bytes(const struct knob_value *v);

/*
 * A knob file read by ctx's reader conventions (lines, comments, blanks
 * between the words): 0 and the value in v, *line and *column where its
 * first word is (0 for an empty list); or -1 with errno after each error
 * was reported through ctx (EINVAL) or memory ran out (ENOMEM).
 */
int knob_parse_file(const struct knob *k, int fd, struct parse_ctx *ctx,
		    struct knob_value *v, unsigned int *line,
		    unsigned int *column);
/* A value given as text, on one line: words separated by blanks, "-"
 * alone for an empty list.  The same returns; messages name the knob. */
int knob_parse_value(const struct knob *k, const char *text,
		     struct parse_ctx *ctx, struct knob_value *v);

/* The kernel's value; -1 with errno (ENOENT: this kernel has no such
 * knob). */
int knob_read_kernel(enum knob_id id, struct knob_value *v);
/* Writes v; -1 with errno on a refusal. */
int knob_write_kernel(enum knob_id id, const struct knob_value *v);
/* A number knob's value checked against the table, and written. */
int knob_write_number(enum knob_id id, long long number);

/*
 * The onlycap guard of smack_knob_set() and of the plan.  A non-empty
 * onlycap list without the label of the process that writes it takes
 * CAP_MAC_ADMIN away from that process and from every other one without
 * a listed label: nobody can undo it until reboot.  -1 with errno
 * ECANCELED when writing list would do that to the calling process and
 * flags lack SMACK_PLAN_FORCE; *self is then its label for the caller's
 * message (malloc'ed, or NULL when it could not be read, which counts as
 * unsafe too).  0 otherwise, *self NULL.
 */
int knob_guard_onlycap(const struct knob_value *list, unsigned int flags,
		       char **self);

#endif /* LIBSMACK_KNOB_H */
