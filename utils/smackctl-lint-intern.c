// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl lint: a number for each label, the same for the same bytes.
 * A large tree names its labels hundreds of thousands of times, mostly
 * through the same few strings of the policy, so a label is first looked
 * up by its address (one multiplication, no byte read), and only an
 * address not seen before is hashed and compared as text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "smackctl-lint.h"

struct by_address {
	const char *address;
	uint32_t id;
};

static uint64_t hash_text(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	h *= 0x9e3779b97f4a7c15ull;
	return h ^ (h >> 32);
}

static size_t hash_address(const char *s)
{
	uint64_t h = (uintptr_t)s * 0x9e3779b97f4a7c15ull;

	return h ^ (h >> 32);
}

/* A table of n slots of size bytes, n a power of two. */
static void *slots_of(size_t n, size_t size)
{
	return lint_alloc(calloc(n, size));
}

static void grow_addresses(struct lint_intern *in)
{
	size_t n = in->address_mask ? 2 * (in->address_mask + 1) : 4096, i, at;
	struct by_address *old = in->addresses, *slots = slots_of(n,
								 sizeof(*old));

	for (i = 0; old && i <= in->address_mask; i++) {
		if (!old[i].address)
			continue;
		for (at = hash_address(old[i].address) & (n - 1);
		     slots[at].address; at = (at + 1) & (n - 1))
			;
		slots[at] = old[i];
	}
	free(old);
	in->addresses = slots;
	in->address_mask = n - 1;
}

static void grow_texts(struct lint_intern *in)
{
	size_t n = in->text_mask ? 2 * (in->text_mask + 1) : 4096, i, at;
	uint32_t *slots = slots_of(n, sizeof(*slots));

	for (i = 0; i < in->count; i++) {
		for (at = in->hashes[i] & (n - 1); slots[at];
		     at = (at + 1) & (n - 1))
			;
		slots[at] = i + 1;
	}
	free(in->by_text);
	in->by_text = slots;
	in->text_mask = n - 1;
}

/* The id of text s, new or not. */
static uint32_t by_text(struct lint_intern *in, const char *s)
{
	uint64_t h = hash_text(s);
	size_t at;

	if (2 * (in->count + 1) > in->text_mask + 1)
		grow_texts(in);
	for (at = h & in->text_mask; in->by_text[at];
	     at = (at + 1) & in->text_mask)
		if (in->hashes[in->by_text[at] - 1] == h &&
		    strcmp(in->texts[in->by_text[at] - 1], s) == 0)
			return in->by_text[at] - 1;
	if (in->count == in->cap) {
		in->cap = in->cap ? 2 * in->cap : 1024;
		in->texts = lint_alloc(realloc(in->texts, in->cap *
					       sizeof(*in->texts)));
		in->hashes = lint_alloc(realloc(in->hashes, in->cap *
						sizeof(*in->hashes)));
	}
	in->texts[in->count] = s;
	in->hashes[in->count] = h;
	in->by_text[at] = ++in->count;
	return in->count - 1;
}

uint32_t lint_intern(struct lint_intern *in, const char *s)
{
	size_t at;
	uint32_t id;

	if (2 * (in->addresses_count + 1) > in->address_mask + 1)
		grow_addresses(in);
	for (at = hash_address(s) & in->address_mask;
	     in->addresses[at].address; at = (at + 1) & in->address_mask)
		if (in->addresses[at].address == s)
			return in->addresses[at].id;
	id = by_text(in, s);
	in->addresses[at] = (struct by_address){ s, id };
	in->addresses_count++;
	return id;
}

void lint_intern_prefetch(const struct lint_intern *in, const char *s)
{
	if (in->addresses)
		__builtin_prefetch(&in->addresses[hash_address(s) &
						  in->address_mask]);
}

long lint_intern_find(const struct lint_intern *in, const char *s)
{
	uint64_t h = hash_text(s);
	size_t at;

	for (at = h & in->text_mask; in->by_text && in->by_text[at];
	     at = (at + 1) & in->text_mask)
		if (in->hashes[in->by_text[at] - 1] == h &&
		    strcmp(in->texts[in->by_text[at] - 1], s) == 0)
			return in->by_text[at] - 1;
	return -1;
}

void lint_intern_free(struct lint_intern *in)
{
	free(in->addresses);
	free(in->by_text);
	free(in->texts);
	free(in->hashes);
	memset(in, 0, sizeof(*in));
}
