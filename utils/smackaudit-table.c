// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit: the entries, one for each subject, object, letters and
 * verdict, in a hash table.  A record costs a hash and a compare; the
 * memory grows with the entries, never with the records: an entry keeps
 * its counts, times, the hook functions seen and a few examples, taken
 * from its first records.  A new entry's labels are checked as the
 * kernel would (smack_label_validate()); its other records have the same.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/smack.h>

#include "smackaudit.h"

/* An entry looks for examples of other commands or objects among its
 * first records only, so that a flood of one record costs no more. */
#define EXAMPLE_SEARCH 32

struct slot {
	struct audit_entry *entry;
	uint64_t hash;
};

struct audit_table {
	struct slot *slots;
	size_t nslots;			/* a power of two */
	struct audit_entry **entries;	/* in the order they came */
	size_t count, cap;
	unsigned long accesses;		/* the sum of the entries' counts */
};

struct audit_table *audit_table_new(void)
{
	struct audit_table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->nslots = 64;
	t->slots = calloc(t->nslots, sizeof(*t->slots));
	if (!t->slots) {
		free(t);
		return NULL;
	}
	return t;
}

static void example_free(struct audit_example *x)
{
	free(x->comm);
	free(x->fn);
	free(x->details);
}

static void entry_free(struct audit_entry *e)
{
	size_t i;

	for (i = 0; i < e->nexamples; i++)
		example_free(&e->examples[i]);
	free(e->examples);
	free(e);
}

void audit_table_free(struct audit_table *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->count; i++)
		entry_free(t->entries[i]);
	free(t->entries);
	free(t->slots);
	free(t);
}

size_t audit_table_count(const struct audit_table *t)
{
	return t->count;
}

unsigned long audit_table_accesses(const struct audit_table *t)
{
	return t->accesses;
}

/* A hash of a label from its length and its first and last eight bytes
 * (labels of one policy tend to share a prefix, and differ in their
 * tail): equal labels hash alike, which is all the table needs; others
 * that collide cost a compare. */
static uint64_t hash_label(uint64_t h, const char *s, size_t n)
{
	uint64_t head = 0, tail = 0;
	size_t i;

	if (n >= 8) {
		memcpy(&head, s, 8);
		memcpy(&tail, s + n - 8, 8);
	} else {
		for (i = 0; i < n; i++)
			head = head << 8 | (unsigned char)s[i];
	}
	h = (h ^ head ^ n) * 0x9e3779b97f4a7c15ull;
	h = (h ^ tail) * 0x9e3779b97f4a7c15ull;
	return h ^ h >> 31;
}

static uint64_t record_hash(const struct audit_record *r)
{
	uint64_t h = hash_label(0, r->subject, r->subject_len);

	h = hash_label(h, r->object, r->object_len);
	return h ^ (r->access | (unsigned int)r->labels_differ << 8 |
		    (unsigned int)r->verdict << 9);
}

static bool same_key(const struct audit_entry *e, const struct audit_record *r)
{
	return e->access == r->access && e->verdict == r->verdict &&
	       e->labels_differ == r->labels_differ &&
	       e->subject_len == r->subject_len &&
	       e->object_len == r->object_len &&
	       memcmp(e->label_bytes, r->subject, r->subject_len) == 0 &&
	       memcmp(e->label_bytes + r->subject_len + 1, r->object,
		      r->object_len) == 0;
}

static bool grow(struct audit_table *t)
{
	size_t n = t->nslots * 2, i, j;
	struct slot *s = calloc(n, sizeof(*s));

	if (!s)
		return false;
	for (i = 0; i < t->nslots; i++) {
		if (!t->slots[i].entry)
			continue;
		for (j = t->slots[i].hash & (n - 1); s[j].entry;
		     j = (j + 1) & (n - 1))
			;
		s[j] = t->slots[i];
	}
	free(t->slots);
	t->slots = s;
	t->nslots = n;
	return true;
}

static struct audit_entry *entry_new(const struct audit_record *r)
{
	struct audit_entry *e = calloc(1, sizeof(*e) + r->subject_len +
					  r->object_len + 2);

	if (!e)
		return NULL;
	e->examples = calloc(AUDIT_EXAMPLES, sizeof(*e->examples));
	if (!e->examples) {
		free(e);
		return NULL;
	}
	memcpy(e->label_bytes, r->subject, r->subject_len + 1);
	memcpy(e->label_bytes + r->subject_len + 1, r->object,
	       r->object_len + 1);
	e->subject = e->label_bytes;
	e->object = e->label_bytes + r->subject_len + 1;
	e->subject_len = r->subject_len;
	e->object_len = r->object_len;
	e->access = r->access;
	e->labels_differ = r->labels_differ;
	e->verdict = r->verdict;
	e->first_ms = e->last_ms = r->time_ms;
	return e;
}

static bool append(struct audit_table *t, struct audit_entry *e)
{
	struct audit_entry **list;

	if (t->count == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 64;
		list = realloc(t->entries, t->cap * sizeof(*list));
		if (!list)
			return false;
		t->entries = list;
	}
	t->entries[t->count++] = e;
	return true;
}

/* The entry of the record's key, made when there is none. */
static struct audit_entry *find_or_make(struct audit_table *t,
					const struct audit_record *r,
					bool *is_new)
{
	uint64_t h = record_hash(r);
	size_t i;

	*is_new = false;
	for (i = h & (t->nslots - 1); t->slots[i].entry;
	     i = (i + 1) & (t->nslots - 1))
		if (t->slots[i].hash == h && same_key(t->slots[i].entry, r))
			return t->slots[i].entry;
	/* Records of an entry have its labels: checking them once is enough.
	 * A NUL (hex 00 in the record) would end one early as a string. */
	if (strlen(r->subject) != r->subject_len ||
	    strlen(r->object) != r->object_len ||
	    smack_label_validate(r->subject, NULL) < 0 ||
	    smack_label_validate(r->object, NULL) < 0) {
		errno = EINVAL;
		return NULL;
	}
	if ((t->count + 1) * 4 > t->nslots * 3) {
		if (!grow(t))
			return NULL;
		return find_or_make(t, r, is_new);
	}
	t->slots[i].entry = entry_new(r);
	if (!t->slots[i].entry || !append(t, t->slots[i].entry)) {
		if (t->slots[i].entry)
			entry_free(t->slots[i].entry);
		t->slots[i].entry = NULL;
		errno = ENOMEM;
		return NULL;
	}
	t->slots[i].hash = h;
	*is_new = true;
	return t->slots[i].entry;
}

/* ---- examples */

/* One piece of the details at out: its decoded length, then its bytes
 * (audit_span_decode()'s NUL after them is the next piece's to cover). */
static size_t put_piece(char *out, const struct audit_span *s, bool kmsg)
{
	size_t n = audit_span_decode(s, kmsg, out + sizeof(n));

	memcpy(out, &n, sizeof(n));
	return sizeof(n) + n;
}

static void take_piece(const char *details, size_t *pos,
		       struct audit_bytes *b)
{
	memcpy(&b->len, details + *pos, sizeof(b->len));
	b->at = details + *pos + sizeof(b->len);
	*pos += sizeof(b->len) + b->len;
}

bool audit_example_detail(const struct audit_example *x, size_t *pos,
			  struct audit_bytes *key, struct audit_bytes *value)
{
	if (*pos >= x->details_len)
		return false;
	take_piece(x->details, pos, key);
	take_piece(x->details, pos, value);
	return true;
}

/* The record's details, decoded: keys as well as values, for /dev/kmsg's
 * \xNN may stand in either.  Each with its length: a value may decode to
 * a NUL (audit's hex 00, /dev/kmsg's \x00), which must not end it. */
static char *record_details(const struct audit_record *r, size_t *len)
{
	size_t i, n = 0, size = 1;
	char *out;

	for (i = 0; i < r->ndetails; i++)
		size += r->details[i].key.len + r->details[i].value.len +
			2 * sizeof(size_t);
	out = malloc(size);
	if (!out)
		return NULL;
	for (i = 0; i < r->ndetails; i++) {
		n += put_piece(out + n, &r->details[i].key, r->kmsg_escapes);
		n += put_piece(out + n, &r->details[i].value, r->kmsg_escapes);
	}
	*len = n;
	return out;
}

static char *span_bytes(const struct audit_span *s, bool kmsg, size_t *len)
{
	char *out = malloc(s->len + 1);

	if (out)
		*len = audit_span_decode(s, kmsg, out);
	return out;
}

static bool is_known_example(const struct audit_entry *e,
			     const struct audit_example *x)
{
	const struct audit_example *y;
	size_t i;

	for (i = 0; i < e->nexamples; i++) {
		y = &e->examples[i];
		if (y->comm_len == x->comm_len &&
		    memcmp(y->comm, x->comm, x->comm_len) == 0 &&
		    y->details_len == x->details_len &&
		    memcmp(y->details, x->details, x->details_len) == 0)
			return true;
	}
	return false;
}

static bool add_example(struct audit_entry *e, const struct audit_record *r)
{
	struct audit_example x = { .time_ms = r->time_ms };
	char *end;

	x.comm = span_bytes(&r->comm, r->kmsg_escapes, &x.comm_len);
	x.fn = span_bytes(&r->fn, r->kmsg_escapes, &x.fn_len);
	x.details = record_details(r, &x.details_len);
	if (!x.comm || !x.fn || !x.details) {
		example_free(&x);
		return false;
	}
	x.pid = r->pid.len ? strtol(r->pid.at, &end, 10) : -1;
	if (is_known_example(e, &x))
		example_free(&x);
	else
		e->examples[e->nexamples++] = x;
	return true;
}

struct audit_entry *audit_table_add(struct audit_table *t,
				    const struct audit_record *r,
				    bool *is_new)
{
	struct audit_entry *e = find_or_make(t, r, is_new);

	if (!e)
		return NULL;
	if (++e->channels[r->channel] > e->count) {
		e->count++;
		t->accesses++;
	}
	if (r->time_ms != AUDIT_TIME_UNKNOWN) {
		if (e->first_ms == AUDIT_TIME_UNKNOWN || r->time_ms < e->first_ms)
			e->first_ms = r->time_ms;
		if (e->last_ms == AUDIT_TIME_UNKNOWN || r->time_ms > e->last_ms)
			e->last_ms = r->time_ms;
	}
	/* An entry's records mostly come from one hook. */
	if (!audit_function_is(e->last_function, r->fn.at, r->fn.len))
		e->last_function = audit_function_index(r->fn.at, r->fn.len);
	e->functions |= 1ull << e->last_function;
	if (e->nexamples < AUDIT_EXAMPLES && e->count <= EXAMPLE_SEARCH &&
	    !add_example(e, r)) {
		errno = ENOMEM;
		return NULL;
	}
	return e;
}

/* ---- order */

static int compare_entries(const void *a, const void *b)
{
	const struct audit_entry *x = *(struct audit_entry *const *)a;
	const struct audit_entry *y = *(struct audit_entry *const *)b;
	int c;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	c = strcmp(x->subject, y->subject);
	if (!c)
		c = strcmp(x->object, y->object);
	if (!c && x->access != y->access)
		c = x->access < y->access ? -1 : 1;
	if (!c && x->verdict != y->verdict)
		c = x->verdict < y->verdict ? -1 : 1;
	return c;
}

struct audit_entry **audit_table_sorted(struct audit_table *t)
{
	if (t->count)
		qsort(t->entries, t->count, sizeof(*t->entries),
		      compare_entries);
	return t->entries;
}
