// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit: the bytes of a log line.  Where the lines that matter are
 * (the markers), and the values of a record as the kernel and the logs
 * write them: between quotes, as audit's hex of a string with odd bytes
 * (audit_log_n_hex()), with /dev/kmsg's \xNN for a byte it will not show.
 */
#include <string.h>

#include "smackaudit.h"

/* What starts a record, a bring-up line and the log's count of dropped
 * records (the record's "lsm=SMACK" must be followed by a space). */
const char audit_markers[AUDIT_MARKERS][24] = {
	AUDIT_MARKER_RECORD, AUDIT_MARKER_BRINGUP, AUDIT_MARKER_LOST,
};

/* A byte of each marker that few lines hold elsewhere ('K' of SMACK, 'S'
 * of Smack, '_'): a search looks for it with memchr() (tens of bytes a
 * cycle) and compares the rest where it stands, several times faster
 * than memmem() on a kernel log. */
static const unsigned char marker_anchor[AUDIT_MARKERS] = { 8, 0, 7 };
static const unsigned char marker_length[AUDIT_MARKERS] = {
	sizeof(AUDIT_MARKER_RECORD) - 1, sizeof(AUDIT_MARKER_BRINGUP) - 1,
	sizeof(AUDIT_MARKER_LOST) - 1,
};

const char *audit_find_marker(const char *p, const char *end,
			      unsigned int which)
{
	const char *marker = audit_markers[which], *a;
	size_t n = marker_length[which], k = marker_anchor[which];

	while ((size_t)(end - p) >= n) {
		a = memchr(p + k, marker[k], (size_t)(end - p) - k);
		if (!a || (size_t)(end - (a - k)) < n)
			return NULL;
		if (memcmp(a - k, marker, n) == 0)
			return a - k;
		p = a - k + 1;
	}
	return NULL;
}
/* The other markers, "Smack " and "kauditd_printk_skb: ", share a 'k',
 * a byte that few lines of a kernel log hold: one search for it finds
 * either, where a search for each would pass over the line twice. */
bool audit_has_other_marker(const char *p, const char *end)
{
	const char *start = p, *k;

	while ((k = memchr(p, 'k', (size_t)(end - p)))) {
		if (k - start >= 4 && end - k >= 2 &&
		    memcmp(k - 4, AUDIT_MARKER_BRINGUP,
			   sizeof(AUDIT_MARKER_BRINGUP) - 1) == 0)
			return true;
		if ((size_t)(end - k) >= sizeof(AUDIT_MARKER_LOST) - 1 &&
		    memcmp(k, AUDIT_MARKER_LOST,
			   sizeof(AUDIT_MARKER_LOST) - 1) == 0)
			return true;
		p = k + 1;
	}
	return false;
}

/* ---- values */

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

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

/* Upper-case hex, two digits a byte, as audit_log_n_hex() writes. */
bool audit_span_is_hex(const struct audit_span *v)
{
	size_t i;

	if (v->len == 0 || v->len % 2)
		return false;
	for (i = 0; i < v->len; i++)
		if (hex_value(v->at[i]) < 0 || v->at[i] >= 'a')
			return false;
	return true;
}

