// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Interned labels (see labeltab.h).  The strings live in one growing block,
 * found through an open-addressing hash table of indexes kept at most half
 * full, so a lookup is one hash and usually one comparison.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "labeltab.h"

#define MIN_SLOTS 64

void labeltab_init(struct labeltab *t)
{
	memset(t, 0, sizeof(*t));
}

void labeltab_release(struct labeltab *t)
{
	free(t->text);
	free(t->offset);
	free(t->length);
	free(t->slots);
	labeltab_init(t);
}

static uint64_t load64(const char *s)
{
	uint64_t w;

	memcpy(&w, s, 8);
	return w;
}

static uint32_t load32(const char *s)
{
	uint32_t w;

	memcpy(&w, s, 4);
	return w;
}

/* The last 1..7 bytes as one word, with fixed-size loads only: a memcpy
 * of a variable length is a byte loop, and this runs twice a rule. */
static uint64_t tail_word(const char *s, size_t len, size_t total)
{
	if (total >= 8)		/* overlap the bytes already hashed */
		return load64(s + len - 8);
	if (len >= 4)
		return load32(s) | (uint64_t)load32(s + len - 4) << 32;
	return (uint64_t)(unsigned char)s[0] |
	       (uint64_t)(unsigned char)s[len / 2] << 8 |
	       (uint64_t)(unsigned char)s[len - 1] << 16;
}

/* Eight bytes a step (labels are short, and hashed once a rule), then a
 * final mix so that the low bits, which pick the slot, depend on all. */
static uint32_t hash_label(const char *s, size_t len)
{
	uint64_t h = len * 0x9e3779b97f4a7c15ull;
	size_t total = len;

	for (; len >= 8; s += 8, len -= 8) {
		h = (h ^ load64(s)) * 0xff51afd7ed558ccdull;
		h ^= h >> 29;
	}
	if (len)
		h = (h ^ tail_word(s, len, total)) * 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 32;
	h *= 0xff51afd7ed558ccdull;
	return (uint32_t)(h >> 32);
}

/* Labels of 8 to 16 bytes, most of them, are compared with two loads a
 * side (the first and the last eight bytes) instead of a call. */
static bool same_label(const struct labeltab *t, uint32_t index,
		       const char *s, size_t len)
{
	const char *l = labeltab_text(t, index);

	if (t->length[index] != len)
		return false;
	if (len < 8 || len > 16)
		return memcmp(l, s, len) == 0;
	return load64(l) == load64(s) &&
	       load64(l + len - 8) == load64(s + len - 8);
}

/* The slot holding the label, or the free slot where it would go. */
static uint32_t *find_slot(const struct labeltab *t, const char *s,
			   size_t len)
{
	uint32_t i = hash_label(s, len) & t->mask;

	while (t->slots[i] && !same_label(t, t->slots[i] - 1, s, len))
		i = (i + 1) & t->mask;
	return &t->slots[i];
}

long labeltab_find(const struct labeltab *t, const char *s, size_t len)
{
	uint32_t *slot;

	if (!t->slots || len == 0 || len > SMACK_LABEL_LEN)
		return -1;
	slot = find_slot(t, s, len);
	return *slot ? (long)*slot - 1 : -1;
}

static void rehash(struct labeltab *t)
{
	uint32_t i;

	memset(t->slots, 0, (t->mask + 1) * sizeof(*t->slots));
	for (i = 0; i < t->count; i++)
		*find_slot(t, labeltab_text(t, i), t->length[i]) = i + 1;
}

static int grow_slots(struct labeltab *t)
{
	uint32_t slots = t->slots ? (t->mask + 1) * 2 : MIN_SLOTS;
	uint32_t *grown = malloc(slots * sizeof(*grown));

	if (!grown)
		return -1;
	free(t->slots);
	t->slots = grown;
	t->mask = slots - 1;
	rehash(t);
	return 0;
}

static int grow_index(struct labeltab *t)
{
	uint32_t cap = t->cap ? t->cap * 2 : MIN_SLOTS / 2;
	uint32_t *offset;
	uint8_t *length;

	offset = realloc(t->offset, cap * sizeof(*offset));
	if (!offset)
		return -1;
	t->offset = offset;
	length = realloc(t->length, cap * sizeof(*length));
	if (!length)
		return -1;
	t->length = length;
	t->cap = cap;
	return 0;
}

static int grow_text(struct labeltab *t, size_t need)
{
	size_t cap = t->text_cap ? t->text_cap : 1024;
	char *grown;

	while (cap - t->text_used < need)
		cap *= 2;
	grown = realloc(t->text, cap);
	if (!grown)
		return -1;
	t->text = grown;
	t->text_cap = cap;
	return 0;
}

/* Room for one more label of len bytes, everywhere it is recorded. */
static int reserve(struct labeltab *t, size_t len)
{
	if (t->count >= LABELTAB_MAX || t->text_used > UINT32_MAX - len - 1) {
		errno = ENOMEM;
		return -1;
	}
	if (t->count == t->cap && grow_index(t) < 0)
		return -1;
	if (t->text_cap - t->text_used < len + 1 && grow_text(t, len + 1) < 0)
		return -1;
	/* At most half full, so probe sequences stay short. */
	if ((!t->slots || (t->count + 1) * 2 > t->mask + 1) &&
	    grow_slots(t) < 0)
		return -1;
	return 0;
}

long labeltab_intern(struct labeltab *t, const char *s, size_t len,
		     const char **reason)
{
	uint32_t *slot;
	long found = labeltab_find(t, s, len);

	if (found >= 0)
		return found;
	if (label_validate_n(s, len, reason) < 0)
		return -1;
	if (reserve(t, len) < 0)
		return -1;
	memcpy(t->text + t->text_used, s, len);
	t->text[t->text_used + len] = '\0';
	t->offset[t->count] = t->text_used;
	t->length[t->count] = len;
	t->text_used += len + 1;
	slot = find_slot(t, s, len);
	*slot = ++t->count;
	return (long)t->count - 1;
}

void labeltab_truncate(struct labeltab *t, uint32_t count)
{
	if (count >= t->count)
		return;
	t->text_used = t->offset[count];
	t->count = count;
	rehash(t);
}
