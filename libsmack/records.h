/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * records.h - a growable array of records of one size.  The CIPSO and
 * netlabel sets keep their entries in one: filled a record at a time from
 * a file or the kernel, and a parsed file's records moved in whole from a
 * scratch set, so that a file with an error adds nothing.
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

#endif /* LIBSMACK_RECORDS_H */
