/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chsmack: the four Smack attributes of a file, read, printed and changed
 * with plain xattr system calls on a name (see chsmack-walk.h for why a
 * name, not a full path, is enough).
 */
#ifndef CHSMACK_LABELS_H
#define CHSMACK_LABELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

enum attr { ATTR_ACCESS, ATTR_EXEC, ATTR_MMAP, ATTR_TRANSMUTE, ATTR_COUNT };

/* The extended attribute of each, and its name in listings and specs
 * (arrays, not pointers: a table of pointers is relocated at start-up). */
extern const char attr_xattr[ATTR_COUNT][sizeof("security.SMACK64TRANSMUTE")];
extern const char attr_key[ATTR_COUNT][sizeof("transmute")];

/* Input quoted in a message is cut to SHOWN bytes and "...": a 1 MiB
 * line still gives a short message.  Use as "%.*s%s" with SHOW(s). */
#define SHOWN 64
#define SHOW(s) SHOWN, (s), shown_cut(s)
/* "..." when s is longer than SHOWN bytes, else "". */
const char *shown_cut(const char *s);

/* The only value the kernel takes for SMACK64TRANSMUTE. */
#define TRANSMUTE_VALUE "TRUE"

/* What one file carries.  The values point into a label_reader. */
struct labels {
	bool present[ATTR_COUNT];
	const char *value[ATTR_COUNT];
	size_t len[ATTR_COUNT];
};

/* Buffers that grow to the largest value seen and are reused from file to
 * file, so that listing a tree takes the same memory whatever its size. */
struct label_reader {
	char *names;
	size_t names_size;
	char *value[ATTR_COUNT];
	size_t value_size[ATTR_COUNT];
};

enum attr_op { OP_KEEP, OP_SET, OP_REMOVE };

/* What to do with each attribute of a file. */
struct label_plan {
	enum attr_op op[ATTR_COUNT];
	const char *value[ATTR_COUNT];	/* for OP_SET */
	size_t len[ATTR_COUNT];
};

/* 0 when value may go into attribute a; otherwise -1 and *reason (a
 * fragment such as "contains '/'"). */
int attr_validate(enum attr a, const char *value, const char **reason);

void plan_set(struct label_plan *p, enum attr a, const char *value);
void plan_remove(struct label_plan *p, enum attr a);
bool plan_is_empty(const struct label_plan *p);

void label_reader_init(struct label_reader *r);
void label_reader_free(struct label_reader *r);

/*
 * The attributes stored on name: one listxattr, then one getxattr for each
 * Smack attribute the list holds.  A filesystem without extended
 * attributes has none.  0, or -1 with errno.
 */
int labels_read_stored(struct label_reader *r, const char *name, bool follow,
		       struct labels *out);
/*
 * The attributes as Smack reports them, by asking for each of the four:
 * also the label a file without a stored one falls back to.  For a
 * reference file, read once.  0, or -1 with errno.
 */
int labels_read_each(struct label_reader *r, const char *name, bool follow,
		     struct labels *out);

/* How each record printed ends: '\n', or '\0' for -0 (a setting of the
 * whole run, as the listing's format is). */
extern char record_end;

/*
 * A line is the path, escaped, and its attributes: "path access="L"
 * execute="L" mmap="L" transmute="TRUE"", or "path: No smack property
 * found", as chsmack 1.3 lists files, for the scripts that parse it.  With
 * -0 the path is as it is, and a NUL comes between it and the rest:
 * "path\0 access="L"\0".
 */
void labels_print(FILE *out, const char *path, const struct labels *l);

/*
 * The part of plan that would change cur (SET of another value or of an
 * absent attribute, REMOVE of a present one) into *changes; false when
 * nothing would change.
 */
bool plan_changes(const struct label_plan *plan, const struct labels *cur,
		  struct label_plan *changes);
/* "path: access "OLD" -> "NEW"" for one changed attribute ('-' for none),
 * the path and the end as in labels_print(). */
void plan_print_change(FILE *out, const char *path, enum attr a,
		       const struct label_plan *changes,
		       const struct labels *cur);

/*
 * Applies attribute a of plan to name.  Removing an absent attribute is no
 * error.  0, or -1 with errno (ENOENT: name has gone).
 */
int plan_apply_attr(const struct label_plan *plan, enum attr a,
		    const char *name, bool follow);

/* ------------------------------------------------------------ buffers */

/*
 * Makes room for need elements of elem bytes in the malloc'ed *array of
 * *size elements, growing it to at least twice its size and 16 elements.
 * 0, or -1 (ENOMEM).  Every array and buffer of chsmack that grows goes
 * through it.
 */
int array_reserve(void **array, size_t *size, size_t need, size_t elem);

static inline int buffer_reserve(char **buf, size_t *size, size_t need)
{
	return array_reserve((void **)buf, size, need, 1);
}

/*
 * Appends name to the path in the first len bytes of *buf (*size bytes),
 * after a '/' unless the path or name is empty or the path ends in one;
 * returns the new length, or -1 (ENOMEM).
 */
ssize_t path_append(char **buf, size_t *size, size_t len, const char *name);

#endif /* CHSMACK_LABELS_H */
