// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The rules that one side has and the other lacks, found in memory that
 * grows with the difference instead of with the rules: an invertible
 * Bloom lookup table.
 *
 * A reload compares a policy with the kernel's rules, and the two mostly
 * agree.  Every rule of the target (subject, object, final access) is
 * added to the table, every rule the kernel lists is taken away, and what
 * does not cancel out is peeled off at the end.  A 100,000-rule policy
 * needs about 5,000 cells, 100 KB, where a map of its pairs takes 750 KB.
 * When more differs than the table can hold, decoding fails, and says so:
 * the caller then compares the exact way.
 *
 * A rule is one key: the subject's and the object's label indexes (28
 * bits each) and the access (7 bits).  Each key goes to one cell in each
 * of three parts; a cell holds the XOR of its keys, the XOR of a 64-bit
 * check of each key, and a count (+1 a key added, -1 a key taken away).
 * A cell left with one key has a count of 1 or -1 and a check that
 * matches its key, which two or more keys match only by a 64-bit chance.
 */
#include <errno.h>
#include <stdlib.h>

#include "libsmack-internal.h"
#include "accesses.h"

#define PARTS 3
/* Cells a rule: the table decodes a difference of up to about 80% of its
 * cells, so this is room for a change of 4% of the rules. */
#define RULES_A_CELL 20
#define MIN_PART_CELLS 64

#define INDEX_BITS 28
#define ACCESS_BITS 7

/* splitmix64's finalizer: every bit of the key moves every bit. */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

static uint64_t check_of(uint64_t key)
{
	return mix(key ^ 0x9e3779b97f4a7c15ull);
}

/* A 32-bit hash scaled to [0, n) without a division. */
static size_t scale(uint32_t h, size_t n)
{
	return (size_t)(((uint64_t)h * n) >> 32);
}

/* The key's cell in each part. */
static void cells_of(const struct rule_delta *t, uint64_t key,
		     size_t cell[PARTS])
{
	uint64_t h = mix(key), c = check_of(key);

	cell[0] = scale((uint32_t)h, t->part);
	cell[1] = t->part + scale((uint32_t)(h >> 32), t->part);
	cell[2] = 2 * t->part + scale((uint32_t)(c >> 32), t->part);
}

bool rule_delta_fits(const struct labeltab *labels)
{
	return labels->count <= (1u << INDEX_BITS);
}

int rule_delta_init(struct rule_delta *t, size_t rules)
{
	size_t part = rules / RULES_A_CELL / PARTS, cells;

	if (part < MIN_PART_CELLS)
		part = MIN_PART_CELLS;
	cells = part * PARTS;
	t->part = part;
	t->keys = calloc(cells, sizeof(*t->keys));
	t->checks = calloc(cells, sizeof(*t->checks));
	t->counts = calloc(cells, sizeof(*t->counts));
	if (!t->keys || !t->checks || !t->counts) {
		rule_delta_release(t);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

void rule_delta_release(struct rule_delta *t)
{
	free(t->keys);
	free(t->checks);
	free(t->counts);
	t->keys = t->checks = NULL;
	t->counts = NULL;
	t->part = 0;
}

static uint64_t key_of(uint32_t subject, uint32_t object, unsigned int access)
{
	return (uint64_t)subject << (INDEX_BITS + ACCESS_BITS) |
	       (uint64_t)object << ACCESS_BITS | access;
}

static void toggle(struct rule_delta *t, uint64_t key, int32_t count)
{
	uint64_t check = check_of(key);
	size_t cell[PARTS];
	int i;

	cells_of(t, key, cell);
	for (i = 0; i < PARTS; i++) {
		t->keys[cell[i]] ^= key;
		t->checks[cell[i]] ^= check;
		t->counts[cell[i]] += count;
	}
}

void rule_delta_add(struct rule_delta *t, uint32_t subject, uint32_t object,
		    unsigned int access, int side)
{
	toggle(t, key_of(subject, object, access), side);
}

static bool holds_one(const struct rule_delta *t, size_t i)
{
	return (t->counts[i] == 1 || t->counts[i] == -1) &&
	       t->checks[i] == check_of(t->keys[i]);
}

static bool is_empty(const struct rule_delta *t, size_t i)
{
	return !t->counts[i] && !t->keys[i] && !t->checks[i];
}

/*
 * Peels single keys off until none is left; every peel may leave another
 * cell with a single key, so the sweep repeats while it finds some.
 */
int rule_delta_decode(struct rule_delta *t, rule_delta_fn fn, void *arg)
{
	size_t cells = t->part * PARTS, i;
	const uint64_t index_mask = (1u << INDEX_BITS) - 1;
	bool peeled;
	uint64_t key;
	int32_t side;

	do {
		peeled = false;
		for (i = 0; i < cells; i++) {
			if (!holds_one(t, i))
				continue;
			key = t->keys[i];
			side = t->counts[i];
			if (fn(arg, key >> (INDEX_BITS + ACCESS_BITS),
			       (key >> ACCESS_BITS) & index_mask,
			       key & SMACK_ACCESS_ALL, side) < 0)
				return -1;
			toggle(t, key, -side);
			peeled = true;
		}
	} while (peeled);
	for (i = 0; i < cells; i++)
		if (!is_empty(t, i))
			return 1;
	return 0;
}
