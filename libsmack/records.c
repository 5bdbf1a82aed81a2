// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A growable array of records of one size (records.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"

/* Room for at least need records; the array at least doubles, so that
 * filling it a record at a time costs amortised constant time. */
static int records_reserve(struct records *r, size_t size, size_t need)
{
	size_t cap = r->cap ? r->cap : 8;
	void *grown;

	if (need <= r->cap)
		return 0;
	while (cap < need && cap <= SIZE_MAX / 2)
		cap *= 2;
	if (cap < need || cap > SIZE_MAX / size) {
		errno = ENOMEM;
		return -1;
	}
	grown = realloc(r->items, cap * size);
	if (!grown)
		return -1;
	r->items = grown;
	r->cap = cap;
	return 0;
}

void *records_slot(struct records *r, size_t size)
{
	if (records_reserve(r, size, r->count + 1) < 0)
		return NULL;
	return (char *)r->items + r->count * size;
}

int records_move(struct records *dst, struct records *src, size_t size)
{
	if (records_reserve(dst, size, dst->count + src->count) < 0)
		return -1;
	if (src->count)
		memcpy((char *)dst->items + dst->count * size, src->items,
		       src->count * size);
	dst->count += src->count;
	free(src->items);
	*src = (struct records){ 0 };
	return 0;
}
