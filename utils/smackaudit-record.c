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
 *                  or, when journald reads the audit socket itself,
 *                  ... host audit[57]: AVC lsm=SMACK ... (no audit(...))
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

#define LSM_SMACK "lsm=SMACK "
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

static bool span_is(const struct audit_span *s, const char *word)
{
	size_t n = strlen(word);

	return s->len == n && memcmp(s->at, word, n) == 0;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int hex_value(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* ---- decoding values */

static size_t decode_hex(const struct audit_span *s, char *out)
{
	size_t i, n = 0;

	for (i = 0; i + 1 < s->len; i += 2)
		out[n++] = (char)(hex_value(s->at[i]) * 16 +
				  hex_value(s->at[i + 1]));
	return n;
}

/* /dev/kmsg writes a byte it will not show as "\xNN". */
static size_t decode_kmsg(const struct audit_span *s, char *out)
{
	size_t i = 0, n = 0;

	while (i < s->len) {
		if (s->at[i] == '\\' && i + 3 < s->len &&
		    s->at[i + 1] == 'x' && hex_value(s->at[i + 2]) >= 0 &&
		    hex_value(s->at[i + 3]) >= 0) {
			out[n++] = (char)(hex_value(s->at[i + 2]) * 16 +
					  hex_value(s->at[i + 3]));
			i += 4;
		} else {
			out[n++] = s->at[i++];
		}
	}
	return n;
}

size_t audit_span_decode(const struct audit_span *s, bool kmsg, char *out)
{
	size_t n;

	if (s->enc == AUDIT_HEX)
		n = decode_hex(s, out);
	else if (kmsg)
		n = decode_kmsg(s, out);
	else {
		memcpy(out, s->at, s->len);
		n = s->len;
	}
	out[n] = '\0';
	return n;
}

/* ---- the parts of a record */

/* Upper-case hex, two digits a byte, as audit_log_n_hex() writes. */
static bool is_hex(const struct audit_span *v)
{
	size_t i;

	if (v->len == 0 || v->len % 2)
		return false;
	for (i = 0; i < v->len; i++)
		if (hex_value(v->at[i]) < 0 || v->at[i] >= 'a')
			return false;
	return true;
}

/* A string the kernel writes with audit_log_untrustedstring(): quoted,
 * or whole hex. */
static bool untrusted_ok(const struct audit_span *v)
{
	return v->enc == AUDIT_QUOTED || v->enc == AUDIT_HEX;
}

static bool set_label(struct cursor *c, const struct audit_span *v,
		      bool kmsg, char *label, const char *what)
{
	if (!untrusted_ok(v) || v->len > 2 * AUDIT_LABEL_MAX) {
		c->why = what;
		return false;
	}
	if (audit_span_decode(v, kmsg, label) > AUDIT_LABEL_MAX ||
	    smack_label_validate(label, NULL) < 0) {
		c->why = what;
		return false;
	}
	return true;
}

/* "rwxatl" letters, and in bring-up kernels "(US)" or "(UO)" after them. */
static bool set_requested(struct audit_record *r, const struct audit_span *v)
{
	static const char letters[] = "rwxatl";
	size_t i, n = v->len;
	const char *hit;

	if (n >= 4 && v->at[n - 4] == '(' && v->at[n - 1] == ')' &&
	    v->at[n - 3] == 'U' && (v->at[n - 2] == 'S' || v->at[n - 2] == 'O')) {
		r->verdict = AUDIT_UNCONFINED;
		n -= 4;
	}
	if (n == 0 || v->enc != AUDIT_BARE)
		return false;
	for (i = 0; i < n; i++) {
		hit = memchr(letters, v->at[i], sizeof(letters) - 1);
		if (!hit)
			return false;
		r->access |= 1u << (hit - letters);
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

/* Names of the object that the kernel writes as untrusted strings. */
static bool is_untrusted_key(const struct audit_span *k)
{
	static const char *const keys[] = {
		"name", "dev", "ocomm", "key_desc", "kmod",
	};
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (span_is(k, keys[i]))
			return true;
	return false;
}

static bool take_detail(struct cursor *c, struct audit_record *r,
			const struct audit_span *k, const struct audit_span *v)
{
	c->dev += span_is(k, "dev");
	c->ino += span_is(k, "ino");
	c->opid += span_is(k, "opid");
	c->ocomm += span_is(k, "ocomm");
	if (v->len == 0 && v->enc == AUDIT_BARE) {
		c->why = "a field has no value (the line is cut short)";
		return false;
	}
	/* d_path() writes "<too_long>" and the like unquoted. */
	if ((is_untrusted_key(k) || (span_is(k, "path") && v->at[0] != '<')) &&
	    !untrusted_ok(v)) {
		c->why = "a name is neither quoted nor hex";
		return false;
	}
	return keep_detail(r, k, v);
}

static bool take_field(struct cursor *c, struct audit_record *r,
		       const struct audit_span *k, const struct audit_span *v)
{
	if (span_is(k, "fn") && see(c, SEEN_FN)) {
		r->fn = *v;
		return v->len > 0 || (c->why = "fn= is empty", false);
	}
	if (span_is(k, "action") && see(c, SEEN_ACTION))
		return set_action(r, v) ||
		       (c->why = "action= is neither denied nor granted", false);
	if (span_is(k, "subject") && see(c, SEEN_SUBJECT))
		return set_label(c, v, r->kmsg_escapes, r->subject,
				 "subject= is not a valid Smack label");
	if (span_is(k, "object") && see(c, SEEN_OBJECT))
		return set_label(c, v, r->kmsg_escapes, r->object,
				 "object= is not a valid Smack label");
	if (span_is(k, "requested") && see(c, SEEN_REQUESTED))
		return set_requested(r, v) ||
		       (c->why = "requested= is not made of \"rwxatl\"", false);
	if (span_is(k, "pid") && see(c, SEEN_PID)) {
		r->pid = *v;
		return all_digits(v) || (c->why = "pid= is not a number", false);
	}
	if (span_is(k, "comm") && see(c, SEEN_COMM)) {
		r->comm = *v;
		return untrusted_ok(v) ||
		       (c->why = "comm= is neither quoted nor hex", false);
	}
	return c->why ? false : take_detail(c, r, k, v);
}

/* The next "key=value" (or a lone word) at c->at. */
static bool next_token(struct cursor *c, struct audit_span *k,
		       struct audit_span *v)
{
	const char *e;

	k->at = c->at;
	k->enc = AUDIT_BARE;
	while (c->at < c->end && *c->at != '=' && *c->at != ' ')
		c->at++;
	k->len = (size_t)(c->at - k->at);
	v->at = c->at;
	v->len = 0;
	v->enc = AUDIT_BARE;
	if (c->at == c->end || *c->at == ' ')
		return true;		/* a lone word: v->at == NULL below */
	v->at = ++c->at;
	if (c->at < c->end && *c->at == '"') {
		e = memchr(c->at + 1, '"', (size_t)(c->end - c->at - 1));
		if (!e) {
			c->why = "the line ends inside a quoted value";
			return false;
		}
		v->at = c->at + 1;
		v->len = (size_t)(e - v->at);
		v->enc = AUDIT_QUOTED;
		c->at = e + 1;
		return true;
	}
	while (c->at < c->end && *c->at != ' ' &&
	       *c->at != ENRICHED_SEPARATOR)
		c->at++;
	v->len = (size_t)(c->at - v->at);
	return true;
}

/* The fields the kernel writes with audit_log_untrustedstring(). */
static bool is_string_key(const struct audit_span *k)
{
	return is_untrusted_key(k) || span_is(k, "subject") ||
	       span_is(k, "object") || span_is(k, "comm") ||
	       span_is(k, "path");
}

static bool parse_fields(struct cursor *c, struct audit_record *r)
{
	struct audit_span k, v;

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
		if (v.enc == AUDIT_BARE && is_string_key(&k) && is_hex(&v))
			v.enc = AUDIT_HEX;
		if (!take_field(c, r, &k, &v))
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
 * after journald's "AVC ", or at the start of the line. */
static const char *find_record(const char *line, size_t len)
{
	const char *p = line, *end = line + len;
	size_t n = strlen(LSM_SMACK) - 1;

	while ((p = memmem(p, (size_t)(end - p), LSM_SMACK, n))) {
		if (p + n < end && p[n] != ' ') {
			p += n;
			continue;
		}
		if (p == line ||
		    (p - line >= 2 && p[-1] == ' ' && p[-2] == ':') ||
		    (p - line >= 4 && memcmp(p - 4, "AVC ", 4) == 0))
			return p;
		p += n;
	}
	return NULL;
}

static void record_init(struct audit_record *r)
{
	r->time_ms = AUDIT_TIME_UNKNOWN;
	r->verdict = AUDIT_DENIED;
	r->access = 0;
	r->labels_differ = false;
	r->kmsg_escapes = false;
	r->fn.len = r->comm.len = r->pid.len = 0;
	r->fn.at = r->comm.at = r->pid.at = "";
	r->fn.enc = r->comm.enc = r->pid.enc = AUDIT_BARE;
	r->subject[0] = r->object[0] = '\0';
	r->ndetails = 0;
}

static enum audit_line parse_record(const char *line, size_t len,
				    const char *rec, struct audit_record *r,
				    const char **why)
{
	struct cursor c = { rec, line + len, NULL, 0, 0, 0, 0, 0 };

	r->kmsg_escapes = is_kmsg_line(line, rec);
	r->time_ms = audit_line_time(line, rec);
	c.at += strlen(LSM_SMACK) - 1;
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
	if (!set_label(&c, &s, false, r->subject, "") ||
	    !set_label(&c, &o, false, r->object, "")) {
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
	static const char suppressed[] = "kauditd_printk_skb: ";
	const char *end = line + len, *p;
	size_t i, n;

	p = memmem(line, len, "Smack ", 6);
	for (i = 0; p && i < sizeof(bringup_kinds) / sizeof(bringup_kinds[0]);
	     i++) {
		n = strlen(bringup_kinds[i].prefix);
		if ((size_t)(end - p) > n &&
		    memcmp(p, bringup_kinds[i].prefix, n) == 0) {
			record_init(r);
			r->verdict = bringup_kinds[i].verdict;
			r->kmsg_escapes = is_kmsg_line(line, p);
			return parse_bringup(line, p + n, end, r, why);
		}
	}
	p = memmem(line, len, suppressed, sizeof(suppressed) - 1);
	if (!p)
		return AUDIT_LINE_OTHER;
	p += sizeof(suppressed) - 1;
	for (*lost = 0; p < end && is_digit(*p) && *lost < 1000000000; p++)
		*lost = *lost * 10 + (unsigned long)(*p - '0');
	return *lost ? AUDIT_LINE_LOST : AUDIT_LINE_OTHER;
}

enum audit_line audit_parse_line(const char *line, size_t len,
				 struct audit_record *record,
				 unsigned long *lost, const char **why)
{
	const char *rec = find_record(line, len);

	*why = NULL;
	if (!rec)
		return other_line(line, len, record, lost, why);
	record_init(record);
	return parse_record(line, len, rec, record, why);
}
