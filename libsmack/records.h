/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * records.h - a growable array of records of one size.  The CIPSO and
 * netlabel sets keep their entries in one: filled a record at a time from
 * a file or the kernel, and a parsed file's records moved in whole from a
 * scratch set, so that a file with an error adds nothing; walked key by
 * key when two sets are compared.
 */
#ifndef LIBSMACK_RECORDS_H
#define LIBSMACK_RECORDS_H

#include <stddef.h>

struct records {
	void *items;
	size_t count;
	size_t cap;
};

/* The slot after the last record, grown as needed; NULL (errno ENOMEM)
 * when memory runs out.  The caller fills it, then counts it. */
void *records_slot(struct records *r, size_t size);
/* Moves src's records to the end of dst and empties src; -1 with errno
 * ENOMEM (both unchanged) when memory runs out. */
int records_move(struct records *dst, struct records *src, size_t size);

/* Drops the records from index count on, release (as a parse_records_ops
 * has it) freeing what they hold. */
void records_truncate(struct records *r, size_t count, size_t size,
		      void (*release)(struct records *set));

/* Orders two records given pointers to pointers to them, as qsort()
 * passes the elements of an array of pointers. */
typedef int (*records_compare_fn)(const void *a, const void *b);
/* Called with the record of a key in each of two sets (NULL where a set
 * has none); non-zero stops the walk. */
typedef int (*records_pair_fn)(void *userdata, const void *a, const void *b);
/*
 * Walks sets a and b (records of size bytes) key by key, in the order of
 * compare, and calls fn for each key either has with the last record of
 * that key in each: a later record of a key replaces an earlier one, as a
 * later write of it to the kernel does.  Returns what fn returned to stop
 * the walk, 0, or -1 with errno ENOMEM.
 */
int records_walk_keys(const struct records *a, const struct records *b,
		      size_t size, records_compare_fn compare,
		      records_pair_fn fn, void *userdata);

#endif /* LIBSMACK_RECORDS_H */
