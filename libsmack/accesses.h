/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * accesses.h - inside struct smack_accesses, shared by accesses.c (building,
 * iterating), accesses-file.c (rule files), accesses-merge.c (per-pair merging),
 * accesses-diff.c (the difference of two sets), accesses-walk.c (each
 * pair once, in order), accesses-kernel.c (apply, clear) and
 * accesses-read.c (reading load2).
 *
 * A rule set is its interned labels and an array of rules in the order
 * added.  A rule is two label indexes and its access bits: 6 bytes while
 * the set has at most 65,535 labels ("narrow"), 12 bytes beyond that
 * ("wide"; the array is widened in place the moment the 65,536th label
 * comes).  No rule has a malloc of its own.
 */
#ifndef LIBSMACK_ACCESSES_H
#define LIBSMACK_ACCESSES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "labeltab.h"
#include "sys/smack.h"

/* One rule, decoded. */
struct rule {
	uint32_t subject, object;	/* label indexes */
	uint8_t allow;			/* the access of a plain rule */
	uint8_t deny;			/* 0 for a plain rule */
	bool modify;			/* a change-rule: allow on, deny off */
};

/* Labels a narrow set can have: its indexes are 16 bits, and 0xffff is
 * left out so that no pair key of a narrow set is all ones. */
#define ACCESSES_NARROW_LABELS 65535u

struct smack_accesses {
	struct labeltab labels;
	void *rules;		/* struct rule16[] or struct rule32[] */
	size_t count, cap;
	bool wide;
};

void accesses_get(const struct smack_accesses *a, size_t i, struct rule *r);
/* Appends a rule whose labels are already in a->labels; -1 ENOMEM. */
int accesses_append(struct smack_accesses *a, const struct rule *r);
/* Room for want rules at once, when that many is a large set (a file
 * about to be parsed); a failure is left to the appends. */
void accesses_reserve(struct smack_accesses *a, size_t want);
/* Adds a rule by label text, validating the labels that are new; -1 and
 * errno EINVAL or ENOMEM (a new valid label may then stay). */
int accesses_add_n(struct smack_accesses *a, const char *subject,
		   size_t subject_len, const char *object, size_t object_len,
		   const struct rule *bits);
/* Adds a plain rule with the given access by label text. */
int accesses_add_access_n(struct smack_accesses *a, const char *subject,
			  size_t subject_len, const char *object,
			  size_t object_len, unsigned int access);
/* The same for the pair of rule r, whose labels are indexes of t (another
 * set's labels, or a's own). */
int accesses_add_plain(struct smack_accesses *a, const struct labeltab *t,
		       const struct rule *r, unsigned int access);
/* Adds the pairs of vanished, sorted by subject then object (bytewise),
 * to changes without access and, when undo is not NULL, to undo with the
 * access they have in vanished. */
int accesses_append_vanished(struct smack_accesses *changes,
			     struct smack_accesses *undo,
			     const struct smack_accesses *vanished);
/* Undoes every rule and label added after the counts given. */
void accesses_truncate(struct smack_accesses *a, size_t rules,
		       uint32_t labels);

/*
 * Reads load2 and calls fn with the labels and the access of each rule
 * listed (including rules without access, which the kernel keeps).  fn
 * returns 0 to go on, -EPROTO for a line that cannot be the kernel's, or
 * -1 with errno.  0, or -1 with errno (EPROTO: not load2's format).
 */
struct parse_field;
typedef int (*load2_rule_fn)(void *arg, const struct parse_field *subject,
			     const struct parse_field *object,
			     unsigned int access);
int accesses_read_load2(load2_rule_fn fn, void *arg);

/* The longest record accesses_format() writes: "s o allow deny\n". */
#define ACCESSES_RECORD_MAX (2 * SMACK_LABEL_LEN + 2 * SMACK_ACCESS_STRLEN + 4)
/* Writes "subject object allow[ deny]\n" (no NUL); returns its length. */
size_t accesses_format(char *buf, const char *subject, const char *object,
		       const char *allow, const char *deny);
size_t accesses_format_n(char *buf, const char *subject, size_t subject_len,
			 const char *object, size_t object_len,
			 const char *allow, const char *deny);

struct parse_reader;
/* Adds the rule lines of r; errors go to r->ctx (nothing is undone). */
int accesses_parse_lines(struct smack_accesses *a, struct parse_reader *r);
/* The rules of one open file added to a (a large file gets room for them
 * at once); errors go to ctx, and nothing is undone. */
struct parse_ctx;
int accesses_parse_fd(struct smack_accesses *a, int fd, struct parse_ctx *ctx);
/* smack_accesses_parse_path() with parse_path() flags. */
int accesses_parse_path(struct smack_accesses *a, const char *path,
			unsigned int flags, smack_parse_error_fn on_error,
			void *userdata);

/*
 * The state of each pair of a set once the whole set has been applied in
 * order to a kernel without rules: one slot a pair, in a hash table sized
 * for the set's rule count so that it is built without rehashing.
 */
#define PAIR_ALLOW_SHIFT 0
#define PAIR_DENY_SHIFT 7
#define PAIR_MODIFY 0x4000u	/* only change-rules: write to change-rule */
#define PAIR_USED 0x8000u	/* the slot holds a pair */

struct pair_map {
	const struct smack_accesses *set;
	uint32_t *keys32;	/* subject << 16 | object, for a narrow set */
	uint64_t *keys64;	/* subject << 32 | object, for a wide one */
	uint16_t *state;	/* PAIR_USED | PAIR_MODIFY | deny | allow */
	size_t size;
	size_t keyed;		/* pairs given a slot by pair_map_add_key() */
	size_t modify_pairs;	/* pairs with PAIR_MODIFY */
};

#define PAIR_NONE ((size_t)-1)

/* The map of every pair of set. */
int pair_map_build(struct pair_map *m, const struct smack_accesses *set);
/* An empty map with room for the given number of pairs of set. */
int pair_map_init(struct pair_map *m, const struct smack_accesses *set,
		  size_t pairs);
void pair_map_release(struct pair_map *m);
/* The slot of the pair, or PAIR_NONE. */
size_t pair_map_find(const struct pair_map *m, uint32_t subject,
		     uint32_t object);

/* Building a map of chosen pairs only: pair_map_add_key() gives a pair a
 * slot with no state yet (once; the map grows as needed, -1 ENOMEM),
 * pair_map_keyed() is its slot (or PAIR_NONE for a pair never added),
 * pair_map_fold() folds one more of its rules in.  The slots move when
 * the map grows, so slots are only kept once every key is in. */
int pair_map_add_key(struct pair_map *m, uint32_t subject, uint32_t object);
/* The pair in a slot; false for a free slot. */
bool pair_map_slot_pair(const struct pair_map *m, size_t slot,
			uint32_t *subject, uint32_t *object);
size_t pair_map_keyed(const struct pair_map *m, uint32_t subject,
		      uint32_t object);
void pair_map_fold(struct pair_map *m, size_t slot, const struct rule *r);
/* A pair's state after one more rule (0: the pair had none). */
uint16_t pair_fold(uint16_t state, const struct rule *r);

static inline unsigned int pair_allow(uint16_t state)
{
	return (state >> PAIR_ALLOW_SHIFT) & SMACK_ACCESS_ALL;
}

static inline unsigned int pair_deny(uint16_t state)
{
	return (state >> PAIR_DENY_SHIFT) & SMACK_ACCESS_ALL;
}

/* The access a pair ends with in a kernel that had no rule for it. */
static inline unsigned int pair_final(uint16_t state)
{
	return pair_allow(state);
}

/* One bit a slot: pairs already visited by a walk in rule order. */
struct pair_marks {
	uint8_t *bits;
	size_t size;
};

int pair_marks_init(struct pair_marks *marks, const struct pair_map *m);
void pair_marks_clear(struct pair_marks *marks);
void pair_marks_release(struct pair_marks *marks);

/* Marks the slot; true when it was not marked before. */
static inline bool pair_marks_first(struct pair_marks *marks, size_t slot)
{
	uint8_t bit = 1u << (slot & 7);
	bool first = !(marks->bits[slot >> 3] & bit);

	marks->bits[slot >> 3] |= bit;
	return first;
}

/*
 * A walk of a set's rules in order that gives each pair once, at its first
 * rule, with the state all its rules fold into (accesses-walk.c): what
 * apply and clear write, with a map of the repeated pairs only.
 */
/* A Bloom filter of pairs: two bits a pair. */
struct pair_filter {
	uint64_t *words;
	uint64_t mask;		/* bits - 1, a power of two less one */
};

struct pair_walk {
	const struct smack_accesses *set;
	struct pair_filter suspects;	/* of the pairs in repeated */
	struct pair_map repeated;	/* the pairs with more than one rule
					 * (and a few with one) */
	struct pair_marks marks;	/* of repeated */
	size_t modify_pairs;		/* pairs of only change-rules */
};

int pair_walk_init(struct pair_walk *w, const struct smack_accesses *set);
void pair_walk_release(struct pair_walk *w);
/* Starts the walk again from the first rule. */
void pair_walk_rewind(struct pair_walk *w);
/* True, with the pair's state, when r (the next rule of the walk) is the
 * first rule of its pair; false for the pair's later rules. */
bool pair_walk_first(struct pair_walk *w, const struct rule *r,
		     uint16_t *state);

/*
 * The rules (subject, object, access) that one side has and the other
 * lacks (rule-delta.c): added with side +1 from one, with -1 from the
 * other; decoding gives what did not cancel out, if the difference fits.
 * Label indexes must be below 2^28 (rule_delta_fits()).
 */
struct rule_delta {
	uint64_t *keys;		/* XOR of the keys of each cell */
	uint64_t *checks;	/* XOR of their checks */
	int32_t *counts;	/* keys added less keys taken away */
	size_t part;		/* cells in each of the three parts */
};

/* Called for each rule left over, with the side (+1, -1) it came from;
 * a negative return stops the decoding. */
typedef int (*rule_delta_fn)(void *arg, uint32_t subject, uint32_t object,
			     unsigned int access, int side);

bool rule_delta_fits(const struct labeltab *labels);
/* A table sized for a difference of a few percent of the given rules. */
int rule_delta_init(struct rule_delta *t, size_t rules);
void rule_delta_release(struct rule_delta *t);
void rule_delta_add(struct rule_delta *t, uint32_t subject, uint32_t object,
		    unsigned int access, int side);
/* 0 when every left-over rule went to fn, 1 when the difference was too
 * large to decode (fn may have seen some of it), -1 when fn stopped it. */
int rule_delta_decode(struct rule_delta *t, rule_delta_fn fn, void *arg);

#endif /* LIBSMACK_ACCESSES_H */
