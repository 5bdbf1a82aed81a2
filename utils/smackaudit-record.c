// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit: one line of a log into one Smack record.
 *
 * The kernel writes a record as (security/smack/smack_access.c,
 * smack_log_callback(), then security/lsm_audit.c, common_lsm_audit()):
 *
 *   lsm=SMACK fn=HOOK action=denied|granted subject=S object=O
 *   requested=LETTERS|labels_differ pid=N comm=C [what the object is]
 *
 * where S, O, C and the names of the object are written by
 * audit_log_untrustedstring(): between double quotes, or as upper-case
 * hex of their bytes when they hold a space, a quote or a byte outside
 * printable ASCII.  The line around it depends on who kept it:
 *
 *   /dev/kmsg      6,812,4032155,-;audit: type=1400 audit(SEC.MS:N): ...
 *                  (and \xNN for such bytes and for a backslash)
 *   dmesg          [ 4.032155] audit: type=1400 audit(SEC.MS:N): ...
 *   journalctl     Dec 04 12:00:00 host kernel: audit: type=1400 ...
 *                  (or its other -o formats' times, or none for cat)
 *                  and, when journald reads the audit socket itself, a
 *                  copy: ... host audit[57]: AVC lsm=SMACK ... (no
 *                  audit(...); AUDIT_CHANNEL_JOURNALD)
 *   audit.log      [node=H ]type=AVC msg=audit(SEC.MS:N): ...[\x1d...]
 *
 * Kernels built with CONFIG_SECURITY_SMACK_BRINGUP add "(US)" or "(UO)"
 * to the letters of an access granted to or on the unconfined label, and
 * print lines of their own for accesses granted by a "b" rule:
 *
 *   Smack Bringup: (S O rw) inode=(tmpfs 42) cat
 *
 * Nothing here is guessed: a record that lacks a field the kernel always
 * writes, or is cut inside a value, is AUDIT_LINE_BAD.
 */
#include <string.h>
#include <sys/smack.h>

#include "smackaudit.h"

/* auditd's "enriched" format appends its own fields after this byte. */
#define ENRICHED_SEPARATOR '\x1d'

/* The fields a record always has, as bits of what was seen. */
enum {
	SEEN_FN = 1, SEEN_ACTION = 2, SEEN_SUBJECT = 4, SEEN_OBJECT = 8,
	SEEN_REQUESTED = 16, SEEN_PID = 32, SEEN_COMM = 64,
	SEEN_ALL = 127,
};

struct cursor {
	const char *at, *end;
	const char *why;
	unsigned int seen;
	unsigned int dev, ino, opid, ocomm;	/* how often each came */
};

/* A span is a word: a macro, so that the word's length is a constant
 * and the compare a few instructions (this runs for every field). */
#define span_is(s, word) \
	((s)->len == sizeof(word) - 1 && \
	 memcmp((s)->at, word, sizeof(word) - 1) == 0)

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* ---- the parts of a record */

/* A string the kernel writes with audit_log_untrustedstring(): quoted,
 * or whole hex. */
static bool untrusted_ok(const struct audit_span *v)
{
	return v->enc == AUDIT_QUOTED || v->enc == AUDIT_HEX;
}

/* A label, decoded.  Whether the kernel would take it is checked once
 * for each entry (audit_table_add()), not for each of its records. */
static bool set_label(struct cursor *c, const struct audit_span *v,
		      bool kmsg, char *label, size_t *len, const char *what)
{
	if (!untrusted_ok(v) || v->len > 2 * AUDIT_LABEL_MAX) {
		c->why = what;
		return false;
	}
	*len = audit_span_decode(v, kmsg, label);
	if (*len > AUDIT_LABEL_MAX || *len == 0) {
		c->why = what;
		return false;
	}
	return true;
}

/* "rwxatl" letters, and in bring-up kernels "(US)" or "(UO)" after them. */
static bool set_requested(struct audit_record *r, const struct audit_span *v)
{
	/* The bit of each of "rwxatl", by the letter's byte. */
	static const unsigned char bits[256] = {
		['r'] = SMACK_ACCESS_READ, ['w'] = SMACK_ACCESS_WRITE,
		['x'] = SMACK_ACCESS_EXEC, ['a'] = SMACK_ACCESS_APPEND,
		['t'] = SMACK_ACCESS_TRANSMUTE, ['l'] = SMACK_ACCESS_LOCK,
	};
	size_t i, n = v->len;
	unsigned int bit;

	if (n >= 4 && v->at[n - 4] == '(' && v->at[n - 1] == ')' &&
	    v->at[n - 3] == 'U' && (v->at[n - 2] == 'S' || v->at[n - 2] == 'O')) {
		r->verdict = AUDIT_UNCONFINED;
		n -= 4;
	}
	if (n == 0 || v->enc != AUDIT_BARE)
		return false;
	for (i = 0; i < n; i++) {
		bit = bits[(unsigned char)v->at[i]];
		if (!bit)
			return false;
		r->access |= bit;
	}
	return true;
}

static bool set_action(struct audit_record *r, const struct audit_span *v)
{
	if (span_is(v, "denied"))
		r->verdict = AUDIT_DENIED;
	else if (span_is(v, "granted"))
		r->verdict = r->verdict == AUDIT_UNCONFINED ?
			     AUDIT_UNCONFINED : AUDIT_GRANTED;
	else
		return false;
	return true;
}

static bool all_digits(const struct audit_span *v)
{
	size_t i;

	for (i = 0; i < v->len; i++)
		if (!is_digit(v->at[i]))
			return false;
	return v->len > 0;
}

/* Marks a field the record must have; false when it came twice. */
static bool see(struct cursor *c, unsigned int bit)
{
	if (c->seen & bit) {
		c->why = "a field of the record appears twice";
		return false;
	}
	c->seen |= bit;
	return true;
}

static bool keep_detail(struct audit_record *r, const struct audit_span *k,
			const struct audit_span *v)
{
	if (r->ndetails < AUDIT_DETAILS_MAX) {
		r->details[r->ndetails].key = *k;
		r->details[r->ndetails].value = *v;
		r->ndetails++;
	}
	return true;
}

/* The fields a record's parser tells apart. */
enum key {
	KEY_OTHER, KEY_FN, KEY_ACTION, KEY_SUBJECT, KEY_OBJECT, KEY_REQUESTED,
	KEY_PID, KEY_COMM,
	/* details */
	KEY_DEV, KEY_INO, KEY_OPID, KEY_OCOMM, KEY_PATH,
	KEY_STRING,	/* another name written as an untrusted string */
};

/* By length first: this runs for every field of every record. */
static enum key classify(const struct audit_span *k)
{
	switch (k->len) {
	case 2:
		return span_is(k, "fn") ? KEY_FN : KEY_OTHER;
	case 3:
		return span_is(k, "pid") ? KEY_PID : span_is(k, "dev") ?
		       KEY_DEV : span_is(k, "ino") ? KEY_INO : KEY_OTHER;
	case 4:
		return span_is(k, "comm") ? KEY_COMM : span_is(k, "name") ?
		       KEY_STRING : span_is(k, "path") ? KEY_PATH :
		       span_is(k, "opid") ? KEY_OPID : span_is(k, "kmod") ?
		       KEY_STRING : KEY_OTHER;
	case 5:
		return span_is(k, "ocomm") ? KEY_OCOMM : KEY_OTHER;
	case 6:
		return span_is(k, "action") ? KEY_ACTION :
		       span_is(k, "object") ? KEY_OBJECT : KEY_OTHER;
	case 7:
		return span_is(k, "subject") ? KEY_SUBJECT : KEY_OTHER;
	case 8:
		return span_is(k, "key_desc") ? KEY_STRING : KEY_OTHER;
	case 9:
		return span_is(k, "requested") ? KEY_REQUESTED : KEY_OTHER;
	}
	return KEY_OTHER;
}

/* The kernel writes these with audit_log_untrustedstring(). */
static bool is_string_key(enum key key)
{
	return key == KEY_SUBJECT || key == KEY_OBJECT || key == KEY_COMM ||
	       key == KEY_DEV || key == KEY_OCOMM || key == KEY_PATH ||
	       key == KEY_STRING;
}

static bool take_detail(struct cursor *c, struct audit_record *r,
			enum key key, const struct audit_span *k,
			const struct audit_span *v)
{
	c->dev += key == KEY_DEV;
	c->ino += key == KEY_INO;
	c->opid += key == KEY_OPID;
	c->ocomm += key == KEY_OCOMM;
	if (v->len == 0 && v->enc == AUDIT_BARE) {
		c->why = "a field has no value (the line is cut short)";
		return false;
	}
	/* d_path() writes "<too_long>" and the like unquoted. */
	if (is_string_key(key) && !untrusted_ok(v) &&
	    !(key == KEY_PATH && v->at[0] == '<')) {
		c->why = "a name is neither quoted nor hex";
		return false;
	}
	return keep_detail(r, k, v);
}

/* false, with c->why, for a field the record cannot have. */
static bool refuse(struct cursor *c, const char *why)
{
	if (!c->why)
		c->why = why;
	return false;
}

static bool take_field(struct cursor *c, struct audit_record *r,
		       enum key key, const struct audit_span *k,
		       const struct audit_span *v)
{
	static const unsigned int bits[] = {
		[KEY_FN] = SEEN_FN, [KEY_ACTION] = SEEN_ACTION,
		[KEY_SUBJECT] = SEEN_SUBJECT, [KEY_OBJECT] = SEEN_OBJECT,
		[KEY_REQUESTED] = SEEN_REQUESTED, [KEY_PID] = SEEN_PID,
		[KEY_COMM] = SEEN_COMM,
	};

	if (key != KEY_OTHER && key < KEY_DEV && !see(c, bits[key]))
		return false;
	switch (key) {
	case KEY_FN:
		r->fn = *v;
		return v->len > 0 || refuse(c, "fn= is empty");
	case KEY_ACTION:
		return set_action(r, v) ||
		       refuse(c, "action= is neither denied nor granted");
	case KEY_SUBJECT:
		return set_label(c, v, r->kmsg_escapes, r->subject,
				 &r->subject_len, "subject= is not a Smack label");
	case KEY_OBJECT:
		return set_label(c, v, r->kmsg_escapes, r->object,
				 &r->object_len, "object= is not a Smack label");
	case KEY_REQUESTED:
		return set_requested(r, v) ||
		       refuse(c, "requested= is not made of \"rwxatl\"");
	case KEY_PID:
		r->pid = *v;
		return all_digits(v) || refuse(c, "pid= is not a number");
	case KEY_COMM:
		r->comm = *v;
		return untrusted_ok(v) ||
		       refuse(c, "comm= is neither quoted nor hex");
	default:
		return take_detail(c, r, key, k, v);
	}
}

/* The next "key=value" (or a lone word) at c->at. */
/* What ends a key (' ', '='), and a bare value (' ', auditd's separator). */
enum { ENDS_KEY = 1, ENDS_VALUE = 2 };
static const unsigned char ends[256] = {
	[' '] = ENDS_KEY | ENDS_VALUE, ['='] = ENDS_KEY,
	[(unsigned char)ENRICHED_SEPARATOR] = ENDS_VALUE,
};

/* The bytes of w equal to the byte repeated in b, as their high bits
 * (exact up to the first one, which is all scan() needs). */
static uint64_t bytes_equal(uint64_t w, uint64_t b)
{
	uint64_t x = w ^ b;

	return (x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull;
}

/* The first byte at or after p that ends what, or end.  Eight bytes at a
 * time where the byte order allows: keys and values are short, but this
 * runs over every byte of every record. */
static inline __attribute__((always_inline)) const char *
scan(const char *p, const char *end, unsigned char what)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t w, hits, other = what == ENDS_KEY ? '=' : ENRICHED_SEPARATOR;

	for (; end - p >= 8; p += 8) {
		memcpy(&w, p, 8);
		hits = bytes_equal(w, 0x2020202020202020ull) |
		       bytes_equal(w, other * 0x0101010101010101ull);
		if (hits)
			return p + (__builtin_ctzll(hits) >> 3);
	}
#endif
	while (p < end && !(ends[(unsigned char)*p] & what))
		p++;
	return p;
}

static bool next_token(struct cursor *c, struct audit_span *k,
		       struct audit_span *v)
{
	const char *p = scan(c->at, c->end, ENDS_KEY), *e;

	*k = (struct audit_span){ c->at, (size_t)(p - c->at), AUDIT_BARE };
	*v = (struct audit_span){ p, 0, AUDIT_BARE };
	if (p == c->end || *p == ' ') {
		c->at = p;
		return true;		/* a lone word: v->at is k's end */
	}
	v->at = ++p;
	if (p < c->end && *p == '"') {
		e = memchr(p + 1, '"', (size_t)(c->end - p - 1));
		if (!e) {
			c->why = "the line ends inside a quoted value";
			return false;
		}
		*v = (struct audit_span){ p + 1, (size_t)(e - p - 1),
					  AUDIT_QUOTED };
		c->at = e + 1;
		return true;
	}
	c->at = scan(p, c->end, ENDS_VALUE);
	v->len = (size_t)(c->at - p);
	return true;
}

static bool parse_fields(struct cursor *c, struct audit_record *r)
{
	struct audit_span k, v;
	enum key key;

	while (c->at < c->end) {
		if (*c->at == ' ') {
			c->at++;
			continue;
		}
		if (*c->at == ENRICHED_SEPARATOR)
			break;
		if (!next_token(c, &k, &v))
			return false;
		if (v.at == k.at + k.len) {	/* no '=' */
			if (!span_is(&k, "labels_differ") || !see(c, SEEN_REQUESTED)) {
				c->why = c->why ? c->why : "a word without '='";
				return false;
			}
			r->labels_differ = true;
			continue;
		}
		key = classify(&k);
		if (v.enc == AUDIT_BARE && is_string_key(key) && audit_span_is_hex(&v))
			v.enc = AUDIT_HEX;
		if (!take_field(c, r, key, &k, &v))
			return false;
	}
	return true;
}

static bool check_whole(struct cursor *c)
{
	if ((c->seen & SEEN_ALL) != SEEN_ALL)
		c->why = "a field every record has is missing "
			 "(the line is cut short)";
	else if (c->dev != c->ino || c->opid != c->ocomm)
		c->why = "the description of the object is cut short";
	return c->why == NULL;
}

/* ---- the line around the record */

/* /dev/kmsg's "PRI,SEQ,USEC,FLAGS[,...];" before the message. */
static bool is_kmsg_line(const char *line, const char *rec)
{
	const char *p;
	int commas = 0;

	for (p = line; p < rec && *p != ';'; p++) {
		if (*p == ',')
			commas++;
		else if (commas < 3 && !is_digit(*p))
			return false;
	}
	return p < rec && commas >= 3;
}

/* "lsm=SMACK" where a record starts: after "): " of the audit header,
 * after journald's "AVC ", or at the start of the line; and followed by
 * a space or the end. */
static bool starts_record(const char *line, const char *p, const char *end)
{
	size_t n = (sizeof(AUDIT_MARKER_RECORD) - 1);

	return (p + n == end || p[n] == ' ') &&
	       (p == line || (p - line >= 2 && p[-1] == ' ' && p[-2] == ':') ||
		(p - line >= 4 && memcmp(p - 4, "AVC ", 4) == 0));
}

static const char *find_record(const char *line, const char *end,
			       const char *first)
{
	const char *p = first;

	for (; p; p = audit_find_marker(p + (sizeof(AUDIT_MARKER_RECORD) - 1), end, 0))
		if (starts_record(line, p, end))
			return p;
	return NULL;
}

static void record_init(struct audit_record *r)
{
	r->time_ms = AUDIT_TIME_UNKNOWN;
	r->verdict = AUDIT_DENIED;
	r->access = 0;
	r->labels_differ = false;
	r->kmsg_escapes = false;
	r->channel = AUDIT_CHANNEL_RECORD;
	r->fn.len = r->comm.len = r->pid.len = 0;
	r->fn.at = r->comm.at = r->pid.at = "";
	r->fn.enc = r->comm.enc = r->pid.enc = AUDIT_BARE;
	r->subject[0] = r->object[0] = '\0';
	r->subject_len = r->object_len = 0;
	r->ndetails = 0;
}

static enum audit_line parse_record(const char *line, size_t len,
				    const char *rec, struct audit_record *r,
				    const char **why)
{
	struct cursor c = { rec, line + len, NULL, 0, 0, 0, 0, 0 };

	r->kmsg_escapes = is_kmsg_line(line, rec);
	r->time_ms = audit_line_time(line, rec);
	c.at += (sizeof(AUDIT_MARKER_RECORD) - 1);
	if (!parse_fields(&c, r) || !check_whole(&c)) {
		*why = c.why;
		return AUDIT_LINE_BAD;
	}
	return AUDIT_LINE_RECORD;
}

/* ---- the other lines that matter */

static const struct {
	char prefix[sizeof("Smack Unconfined Subject: (")];
	enum audit_verdict verdict;
} bringup_kinds[] = {
	{ "Smack Bringup: (", AUDIT_BRINGUP },
	{ "Smack Unconfined Subject: (", AUDIT_UNCONFINED },
	{ "Smack Unconfined Object: (", AUDIT_UNCONFINED },
};

/* The next word of a bring-up line's "(S O rw)", as a label or letters. */
static bool bringup_word(const char **p, const char *end, char stop,
			 struct audit_span *w)
{
	const char *e = *p;

	while (e < end && *e != ' ' && *e != ')')
		e++;
	if (e >= end || *e != stop || e == *p)
		return false;
	w->at = *p;
	w->len = (size_t)(e - *p);
	w->enc = AUDIT_QUOTED;	/* as is: decoded like a quoted value */
	*p = e + 1;
	return true;
}

static enum audit_line parse_bringup(const char *line, const char *p,
				     const char *end, struct audit_record *r,
				     const char **why)
{
	struct cursor c = { p, end, NULL, 0, 0, 0, 0, 0 };
	struct audit_span s, o, a, note = { "note", 4, AUDIT_BARE }, rest;

	*why = "a bring-up line is cut short";
	if (!bringup_word(&p, end, ' ', &s) || !bringup_word(&p, end, ' ', &o) ||
	    !bringup_word(&p, end, ')', &a))
		return AUDIT_LINE_BAD;
	r->time_ms = audit_line_time(line, line);
	if (!set_label(&c, &s, false, r->subject, &r->subject_len, "") ||
	    !set_label(&c, &o, false, r->object, &r->object_len, "")) {
		*why = "a bring-up line names an invalid label";
		return AUDIT_LINE_BAD;
	}
	if (!(a.len == 1 && a.at[0] == '-')) {
		a.enc = AUDIT_BARE;
		if (!set_requested(r, &a)) {
			*why = "a bring-up line's letters are not \"rwxatl\"";
			return AUDIT_LINE_BAD;
		}
	}
	rest.at = p < end && *p == ' ' ? p + 1 : p;
	rest.len = (size_t)(end - rest.at);
	rest.enc = AUDIT_QUOTED;
	keep_detail(r, &note, &rest);
	*why = NULL;
	return AUDIT_LINE_RECORD;
}

static enum audit_line other_line(const char *line, size_t len,
				  struct audit_record *r, unsigned long *lost,
				  const char **why)
{
	const char *end = line + len, *p;
	size_t i, n;

	p = audit_find_marker(line, end, 1);
	for (i = 0; p && i < sizeof(bringup_kinds) / sizeof(bringup_kinds[0]);
	     i++) {
		n = strlen(bringup_kinds[i].prefix);
		if ((size_t)(end - p) > n &&
		    memcmp(p, bringup_kinds[i].prefix, n) == 0) {
			record_init(r);
			r->verdict = bringup_kinds[i].verdict;
			r->channel = AUDIT_CHANNEL_HOOK;
			r->kmsg_escapes = is_kmsg_line(line, p);
			return parse_bringup(line, p + n, end, r, why);
		}
	}
	p = audit_find_marker(line, end, 2);
	if (!p)
		return AUDIT_LINE_OTHER;
	p += (sizeof(AUDIT_MARKER_LOST) - 1);
	for (*lost = 0; p < end && is_digit(*p) && *lost < 1000000000; p++)
		*lost = *lost * 10 + (unsigned long)(*p - '0');
	return *lost ? AUDIT_LINE_LOST : AUDIT_LINE_OTHER;
}

enum audit_line audit_parse_line(const char *line, size_t len,
				 const char *first, struct audit_record *record,
				 unsigned long *lost, const char **why)
{
	const char *end = line + len;
	const char *rec = find_record(line, end, first ? first :
				      audit_find_marker(line, end, 0));

	*why = NULL;
	if (!rec)
		return other_line(line, len, record, lost, why);
	record_init(record);
	if (rec - line >= 4 && memcmp(rec - 4, "AVC ", 4) == 0)
		record->channel = AUDIT_CHANNEL_JOURNALD;
	return parse_record(line, len, rec, record, why);
}
