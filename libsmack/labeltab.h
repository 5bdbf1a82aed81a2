/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * labeltab.h - interned labels: each distinct label is validated and stored
 * once, and named by a small index from then on.  A policy of 100,000 rules
 * usually has only a few thousand labels, so rule sets keep two indexes a
 * rule instead of two strings, and compare labels by comparing numbers.
 */
#ifndef LIBSMACK_LABELTAB_H
#define LIBSMACK_LABELTAB_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct labeltab {
	char *text;		/* the labels, each followed by a NUL */
	size_t text_used, text_cap;
	uint32_t *offset;	/* index -> offset of the label in text */
	uint8_t *length;	/* index -> length (labels are 1..255 bytes) */
	uint32_t count, cap;
	uint32_t *slots;	/* open-addressing hash: index + 1, 0 free */
	uint32_t mask;		/* number of slots - 1 (a power of two) */
};

/* The most labels one table holds. */
#define LABELTAB_MAX (UINT32_MAX / 4)

/* An empty table; allocates nothing. */
void labeltab_init(struct labeltab *t);
void labeltab_release(struct labeltab *t);

/*
 * The index of the label in the len bytes at s, added if it is new.  A new
 * label is validated first (only new ones: a known one was valid when it
 * came); an invalid one gives -1 with errno EINVAL and *reason (if not
 * NULL) saying why.  -1 with ENOMEM when memory runs out.
 */
long labeltab_intern(struct labeltab *t, const char *s, size_t len,
		     const char **reason);
/* The index of a label already in the table, or -1. */
long labeltab_find(const struct labeltab *t, const char *s, size_t len);

static inline const char *labeltab_text(const struct labeltab *t,
					uint32_t index)
{
	return t->text + t->offset[index];
}

static inline size_t labeltab_len(const struct labeltab *t, uint32_t index)
{
	return t->length[index];
}

/* Forgets every label of index count or above (undoing a failed parse). */
void labeltab_truncate(struct labeltab *t, uint32_t count);

#endif /* LIBSMACK_LABELTAB_H */
