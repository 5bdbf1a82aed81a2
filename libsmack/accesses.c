// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Rule sets (struct smack_accesses): building them rule by rule,
 * counting and iterating them.  Rule files (parsing, saving) are in
 * accesses-file.c; merging, diffing and the kernel side in
 * accesses-merge.c and accesses-kernel.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/stat.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "parse.h"

/* The stored forms of a rule; bits is allow | deny << 7 | RULE_MODIFY. */
struct rule16 {
	uint16_t subject, object, bits;
};

struct rule32 {
	uint32_t subject, object;
	uint16_t bits;
};

#define RULE_MODIFY 0x4000u
#define MIN_RULES 256
/*
 * Past MIN_RULES the array jumps to a size that malloc serves from its own
 * mapping (over its 128 KiB threshold), which realloc then grows without
 * copying and which only costs memory for the pages used; growing through
 * the small sizes would leave a trail of freed copies in the heap.
 */
#define LARGE_RULES 32768

static uint16_t pack_bits(const struct rule *r)
{
	return r->allow | r->deny << 7 | (r->modify ? RULE_MODIFY : 0);
}

static void unpack_bits(uint16_t bits, struct rule *r)
{
	r->allow = bits & SMACK_ACCESS_ALL;
	r->deny = (bits >> 7) & SMACK_ACCESS_ALL;
	r->modify = bits & RULE_MODIFY;
}

void accesses_get(const struct smack_accesses *a, size_t i, struct rule *r)
{
	if (a->wide) {
		const struct rule32 *w = (const struct rule32 *)a->rules + i;

		r->subject = w->subject;
		r->object = w->object;
		unpack_bits(w->bits, r);
	} else {
		const struct rule16 *n = (const struct rule16 *)a->rules + i;

		r->subject = n->subject;
		r->object = n->object;
		unpack_bits(n->bits, r);
	}
}

static size_t rule_size(bool wide)
{
	return wide ? sizeof(struct rule32) : sizeof(struct rule16);
}

static int resize(struct smack_accesses *a, size_t cap, bool wide)
{
	void *grown;

	if (cap > SIZE_MAX / rule_size(wide)) {
		errno = ENOMEM;
		return -1;
	}
	grown = realloc(a->rules, cap * rule_size(wide));
	if (!grown)
		return -1;
	a->rules = grown;
	a->cap = cap;
	return 0;
}

static size_t next_cap(size_t cap)
{
	if (cap == 0)
		return MIN_RULES;
	if (cap < LARGE_RULES)
		return LARGE_RULES;
	return cap * 2;
}

void accesses_reserve(struct smack_accesses *a, size_t want)
{
	if (want > a->cap && want >= LARGE_RULES)
		resize(a, want, a->wide);
}

/* Turns the narrow array into a wide one in place, last rule first so
 * that no rule is overwritten before it has been read. */
static int widen(struct smack_accesses *a)
{
	struct rule32 *wide;
	struct rule16 n;
	size_t i;

	if (resize(a, a->cap, true) < 0)
		return -1;
	wide = a->rules;
	for (i = a->count; i-- > 0;) {
		n = ((struct rule16 *)a->rules)[i];
		wide[i].subject = n.subject;
		wide[i].object = n.object;
		wide[i].bits = n.bits;
	}
	a->wide = true;
	return 0;
}

int accesses_append(struct smack_accesses *a, const struct rule *r)
{
	if (a->count == a->cap && resize(a, next_cap(a->cap), a->wide) < 0)
		return -1;
	if (!a->wide && (r->subject >= ACCESSES_NARROW_LABELS ||
			 r->object >= ACCESSES_NARROW_LABELS) &&
	    widen(a) < 0)
		return -1;
	if (a->wide) {
		struct rule32 *w = (struct rule32 *)a->rules + a->count;

		w->subject = r->subject;
		w->object = r->object;
		w->bits = pack_bits(r);
	} else {
		struct rule16 *n = (struct rule16 *)a->rules + a->count;

		n->subject = r->subject;
		n->object = r->object;
		n->bits = pack_bits(r);
	}
	a->count++;
	return 0;
}

int accesses_add_n(struct smack_accesses *a, const char *subject,
		   size_t subject_len, const char *object, size_t object_len,
		   const struct rule *bits)
{
	struct rule r = *bits;
	long s, o;

	s = labeltab_intern(&a->labels, subject, subject_len, NULL);
	if (s < 0)
		return -1;
	o = labeltab_intern(&a->labels, object, object_len, NULL);
	if (o < 0)
		return -1;
	r.subject = s;
	r.object = o;
	return accesses_append(a, &r);
}

int accesses_add_access_n(struct smack_accesses *a, const char *subject,
			  size_t subject_len, const char *object,
			  size_t object_len, unsigned int access)
{
	struct rule bits = { .allow = access };

	return accesses_add_n(a, subject, subject_len, object, object_len,
			      &bits);
}

int accesses_add_plain(struct smack_accesses *a, const struct labeltab *t,
		       const struct rule *r, unsigned int access)
{
	return accesses_add_access_n(a, labeltab_text(t, r->subject),
				     labeltab_len(t, r->subject),
				     labeltab_text(t, r->object),
				     labeltab_len(t, r->object), access);
}

void accesses_truncate(struct smack_accesses *a, size_t rules,
		       uint32_t labels)
{
	if (rules < a->count)
		a->count = rules;
	labeltab_truncate(&a->labels, labels);
}

static char *put(char *p, const char *s, size_t len)
{
	memcpy(p, s, len);
	return p + len;
}

size_t accesses_format_n(char *buf, const char *subject, size_t subject_len,
			 const char *object, size_t object_len,
			 const char *allow, const char *deny)
{
	char *p = buf;

	p = put(p, subject, subject_len);
	*p++ = ' ';
	p = put(p, object, object_len);
	*p++ = ' ';
	p = put(p, allow, strlen(allow));
	if (deny) {
		*p++ = ' ';
		p = put(p, deny, strlen(deny));
	}
	*p++ = '\n';
	return p - buf;
}

size_t accesses_format(char *buf, const char *subject, const char *object,
		       const char *allow, const char *deny)
{
	return accesses_format_n(buf, subject, strlen(subject), object,
				 strlen(object), allow, deny);
}

/* ------------------------------------------------------------ the API */

SMACK_EXPORT
int smack_accesses_new(struct smack_accesses **handle)
{
	struct smack_accesses *a;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	a = calloc(1, sizeof(*a));
	if (!a)
		return -1;
	labeltab_init(&a->labels);
	*handle = a;
	return 0;
}

SMACK_EXPORT
void smack_accesses_free(struct smack_accesses *handle)
{
	if (!handle)
		return;
	labeltab_release(&handle->labels);
	free(handle->rules);
	free(handle);
}

/* Adds one rule given as strings; a failure leaves no trace. */
static int add_strings(struct smack_accesses *a, const char *subject,
		       const char *object, const struct rule *bits)
{
	uint32_t labels = a->labels.count;
	int saved;

	if (accesses_add_n(a, subject, label_length(subject),
			   object, label_length(object), bits) < 0) {
		saved = errno;
		labeltab_truncate(&a->labels, labels);
		errno = saved;
		return -1;
	}
	return 0;
}

SMACK_EXPORT
int smack_accesses_add(struct smack_accesses *handle, const char *subject,
		       const char *object, const char *access_type)
{
	struct rule bits = { 0 };
	unsigned int allow;

	if (!handle || !subject || !object ||
	    smack_access_from_string(access_type, &allow) < 0) {
		errno = EINVAL;
		return -1;
	}
	bits.allow = allow;
	return add_strings(handle, subject, object, &bits);
}

SMACK_EXPORT
int smack_accesses_add_modify(struct smack_accesses *handle,
			      const char *subject, const char *object,
			      const char *allow_access_type,
			      const char *deny_access_type)
{
	struct rule bits = { .modify = true };
	unsigned int allow, deny;

	/* libsmack 1.3 took a NULL deny for a plain rule, and
	 * smack_accesses_foreach() hands a plain rule out that way. */
	if (!deny_access_type)
		return smack_accesses_add(handle, subject, object,
					  allow_access_type);
	if (!handle || !subject || !object ||
	    smack_access_from_string(allow_access_type, &allow) < 0 ||
	    smack_access_from_string(deny_access_type, &deny) < 0) {
		errno = EINVAL;
		return -1;
	}
	bits.allow = allow;
	bits.deny = deny;
	return add_strings(handle, subject, object, &bits);
}

SMACK_EXPORT
size_t smack_accesses_count(const struct smack_accesses *handle)
{
	return handle ? handle->count : 0;
}

SMACK_EXPORT
int smack_accesses_foreach(const struct smack_accesses *handle,
			   smack_accesses_fn fn, void *userdata)
{
	char allow[SMACK_ACCESS_STRLEN], deny[SMACK_ACCESS_STRLEN];
	const struct labeltab *t;
	struct rule r;
	size_t i;
	int ret;

	if (!handle || !fn) {
		errno = EINVAL;
		return -1;
	}
	t = &handle->labels;
	for (i = 0; i < handle->count; i++) {
		accesses_get(handle, i, &r);
		smack_access_to_string(r.allow, allow);
		if (r.modify)
			smack_access_to_string(r.deny, deny);
		ret = fn(userdata, labeltab_text(t, r.subject),
			 labeltab_text(t, r.object), allow,
			 r.modify ? deny : NULL);
		if (ret)
			return ret;
	}
	return 0;
}
