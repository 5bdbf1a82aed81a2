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

void records_truncate(struct records *r, size_t count, size_t size,
		      void (*release)(struct records *set))
{
	struct records tail;

	/* An empty set may have no array at all: no offset from NULL. */
	if (count >= r->count)
		return;
	tail = (struct records){ (char *)r->items + count * size,
				 r->count - count, 0 };
	release(&tail);
	r->count = count;
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

/* Pointers to the records of r sorted with compare, of each key only the
 * last (NULL with errno ENOMEM); *count is set. */
static const void **last_by_key(const struct records *r, size_t size,
				records_compare_fn compare, size_t *count)
{
	const void **v = malloc((r->count ? r->count : 1) * sizeof(*v));
	const char *last;
	size_t i, j, n = 0;

	if (!v)
		return NULL;
	for (i = 0; i < r->count; i++)
		v[i] = (const char *)r->items + i * size;
	qsort(v, r->count, sizeof(*v), compare);
	/* qsort() is not stable, but equal keys end up side by side: the
	 * highest address among them is the last record. */
	for (i = 0; i < r->count; i = j) {
		last = v[i];
		for (j = i + 1; j < r->count && compare(&v[i], &v[j]) == 0; j++)
			if ((const char *)v[j] > last)
				last = v[j];
		v[n++] = last;
	}
	*count = n;
	return v;
}

int records_walk_keys(const struct records *a, const struct records *b,
		      size_t size, records_compare_fn compare,
		      records_pair_fn fn, void *userdata)
{
	const void **va, **vb = NULL;
	size_t na, nb, i = 0, j = 0;
	int c, ret = -1;

	va = last_by_key(a, size, compare, &na);
	if (va)
		vb = last_by_key(b, size, compare, &nb);
	if (vb)
		ret = 0;
	while (vb && ret == 0 && (i < na || j < nb)) {
		c = i == na ? 1 : j == nb ? -1 : compare(&va[i], &vb[j]);
		ret = fn(userdata, c <= 0 ? va[i++] : NULL,
			 c >= 0 ? vb[j++] : NULL);
	}
	free(va);
	free(vb);
	return ret;
}
