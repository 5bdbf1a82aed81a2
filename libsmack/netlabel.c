// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Netlabel host entries (struct smack_netlabel): netlabel and ipv6host.
 *
 * An entry gives every packet from a host or network one label (or, with
 * "-CIPSO", says the IPv4 host speaks CIPSO).  The kernel's parsers are
 * lenient in ways that change meaning: netlabel reads each octet into a
 * byte (300.1.1.1 becomes 44.1.1.1) and ipv6host wants all 8 groups.  So
 * every host is checked here, kept as an address and prefix, and written
 * in the one form both read exactly: "A.B.C.D/N label" and eight 4-digit
 * groups "/N label", one entry per write (the kernel ignores anything
 * after the first).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "netlabel.h"
#include "parse.h"

#define CIPSO_OPTION "-CIPSO"
#define HOST_MAX NETLABEL_HOST_MAX
/* host, space, label, newline, NUL */
#define ENTRY_MAX (HOST_MAX + 1 + SMACK_LABEL_LEN + 2)

SMACK_EXPORT
int smack_netlabel_new(struct smack_netlabel **handle)
{
	struct smack_netlabel *n;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	n = calloc(1, sizeof(*n));
	if (!n)
		return -1;
	*handle = n;
	return 0;
}

void netlabel_entries_release(struct records *set)
{
	struct netlabel_entry *entries = set->items;
	size_t i;

	for (i = 0; i < set->count; i++)
		free(entries[i].label);
}

SMACK_EXPORT
void smack_netlabel_free(struct smack_netlabel *handle)
{
	if (!handle)
		return;
	netlabel_entries_release(&handle->entries);
	free(handle->entries.items);
	free(handle);
}

/* Reads 1 to max_digits decimal digits at s (len bytes) into *value;
 * returns the number of bytes used, 0 when there is no number. */
static size_t read_decimal(const char *s, size_t len, size_t max_digits,
			   unsigned int *value)
{
	unsigned int v = 0;
	size_t i;

	for (i = 0; i < len && i < max_digits && s[i] >= '0' && s[i] <= '9';
	     i++)
		v = v * 10 + (s[i] - '0');
	*value = v;
	return i;
}

/* The "/N" suffix (the whole of s), N in 0..max. */
static const char *parse_mask(const char *s, size_t len, unsigned int max,
			      unsigned int *mask)
{
	size_t used;

	used = read_decimal(s, len, 3, mask);
	if (used == 0 || used != len)
		return "the mask after '/' is not a number";
	if (*mask > max)
		return max == 32 ? "the mask must be 0..32" :
				   "the mask must be 0..128";
	return NULL;
}

#define IPV4_SHAPE "an IPv4 address is 4 numbers separated by '.'"

/* Dotted decimal, each number 0..255. */
static const char *parse_ipv4(const char *s, size_t len, unsigned char *out)
{
	unsigned int octet, i;
	size_t off = 0, used;

	for (i = 0; i < 4; i++) {
		if (i > 0) {
			if (off >= len || s[off] != '.')
				return IPV4_SHAPE;
			off++;
		}
		used = read_decimal(s + off, len - off, 4, &octet);
		if (used == 0)
			return IPV4_SHAPE;
		if (octet > 255)
			return "each number of an IPv4 address must be 0..255";
		out[i] = octet;
		off += used;
	}
	if (off != len)
		return IPV4_SHAPE;
	return NULL;
}

static const char *parse_ipv6(const char *s, size_t len, unsigned char *out)
{
	char text[INET6_ADDRSTRLEN];

	if (len >= sizeof(text))
		return "not a valid IPv6 address";
	memcpy(text, s, len);
	text[len] = '\0';
	if (inet_pton(AF_INET6, text, out) != 1)
		return "not a valid IPv6 address";
	return NULL;
}

/*
 * Checks a host ("address[/mask]", len bytes) and fills in the address,
 * prefix and family of e; returns NULL, or why it is not one.
 */
static const char *parse_host(const char *s, size_t len,
			      struct netlabel_entry *e)
{
	const char *slash = memchr(s, '/', len);
	size_t addr_len = slash ? (size_t)(slash - s) : len;
	unsigned int mask;
	const char *why;

	memset(e, 0, sizeof(*e));
	e->ipv6 = memchr(s, ':', addr_len) != NULL;
	if (addr_len == 0)
		return "the address is missing";
	why = e->ipv6 ? parse_ipv6(s, addr_len, e->addr) :
			parse_ipv4(s, addr_len, e->addr);
	if (why)
		return why;
	mask = e->ipv6 ? 128 : 32;
	if (slash) {
		why = parse_mask(slash + 1, len - addr_len - 1, mask, &mask);
		if (why)
			return why;
	}
	e->prefix = mask;
	return NULL;
}

size_t netlabel_format_host(const struct netlabel_entry *e, char *out)
{
	const unsigned char *a = e->addr;
	size_t off = 0;
	unsigned int i;

	if (!e->ipv6)
		off = snprintf(out, HOST_MAX, "%u.%u.%u.%u", a[0], a[1], a[2],
			       a[3]);
	for (i = 0; e->ipv6 && i < 8; i++)
		off += snprintf(out + off, HOST_MAX - off, "%s%02x%02x",
				i ? ":" : "", a[2 * i], a[2 * i + 1]);
	return off + snprintf(out + off, HOST_MAX - off, "/%u", e->prefix);
}

/* The label of an entry: a label, or the option its family allows. */
static const char *check_entry_label(const char *label, size_t len,
				     bool ipv6)
{
	const char *option = ipv6 ? NETLABEL_DELETE : CIPSO_OPTION;
	const char *why;

	if (len > 0 && label[0] == '-') {
		if (len == strlen(option) && memcmp(label, option, len) == 0)
			return NULL;
		return ipv6 ? "only \"-DELETE\" may start with '-' for an "
			      "IPv6 host" :
			      "only \"-CIPSO\" may start with '-' for an "
			      "IPv4 host";
	}
	if (label_validate_n(label, len, &why) < 0)
		return why;
	return NULL;
}

int netlabel_append(struct records *set, const struct netlabel_entry *host,
		    const char *label, size_t len)
{
	struct netlabel_entry *e = records_slot(set, sizeof(*e));

	if (!e)
		return -1;
	*e = *host;
	e->label = strndup(label, len);
	if (!e->label)
		return -1;
	set->count++;
	return 0;
}

SMACK_EXPORT
int smack_netlabel_add(struct smack_netlabel *handle, const char *host,
		       const char *label)
{
	struct netlabel_entry e;

	if (!handle || !host || !label ||
	    parse_host(host, strlen(host), &e) ||
	    check_entry_label(label, label_length(label), e.ipv6)) {
		errno = EINVAL;
		return -1;
	}
	return netlabel_append(&handle->entries, &e, label, strlen(label));
}

/* Opens the files the entries need before the first write, so that a
 * kernel without ipv6host changes nothing. */
static int open_targets(const struct records *set, struct smackfs_batch *v4,
			struct smackfs_batch *v6)
{
	const struct netlabel_entry *entries = set->items;
	bool want_v4 = false, want_v6 = false;
	size_t i;

	v4->fd = v6->fd = -1;
	for (i = 0; i < set->count; i++) {
		if (entries[i].ipv6)
			want_v6 = true;
		else
			want_v4 = true;
	}
	if (want_v4 && smackfs_batch_open(v4, "netlabel") < 0)
		return -1;
	if (want_v6 && smackfs_batch_open(v6, "ipv6host") < 0) {
		smackfs_batch_close(v4);
		return -1;
	}
	return 0;
}

SMACK_EXPORT
int smack_netlabel_apply(struct smack_netlabel *handle)
{
	const struct netlabel_entry *e;
	struct smackfs_batch v4, v6, *b;
	char rec[ENTRY_MAX];
	size_t i, len;
	int ret = 0, saved = 0;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	if (handle->entries.count == 0)
		return 0;
	if (open_targets(&handle->entries, &v4, &v6) < 0)
		return -1;
	for (i = 0; i < handle->entries.count; i++) {
		e = (const struct netlabel_entry *)handle->entries.items + i;

		b = e->ipv6 ? &v6 : &v4;
		len = netlabel_format_host(e, rec);
		len += snprintf(rec + len, sizeof(rec) - len, " %s\n", e->label);
		/* One entry a write: the kernel reads only the first. */
		if (smackfs_batch_add(b, rec, len) < 0 ||
		    smackfs_batch_flush(b) < 0) {
			ret = -1;
			saved = errno;
			b->used = 0;	/* not again on close */
			break;
		}
	}
	smackfs_batch_close(&v4);
	smackfs_batch_close(&v6);
	if (ret)
		errno = saved;
	return ret;
}

/* One line of netlabel or ipv6host, "host/N label"; arg is the set (a
 * smackfs_line_fn). */
static int add_kernel_line(void *arg, const char *line, const char *end)
{
	const char *space = memchr(line, ' ', end - line);
	struct netlabel_entry host;

	if (!space || space + 1 >= end ||
	    parse_host(line, space - line, &host)) {
		errno = EPROTO;
		return -1;
	}
	return netlabel_append(arg, &host, space + 1, end - space - 1);
}

SMACK_EXPORT
int smack_netlabel_new_from_kernel(struct smack_netlabel **handle)
{
	struct smack_netlabel *n;
	int saved;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	if (smack_netlabel_new(&n) < 0)
		return -1;
	/* A kernel without IPv6 support has no ipv6host: nothing to add. */
	if (smackfs_read_lines("netlabel", add_kernel_line, &n->entries) < 0 ||
	    (smackfs_read_lines("ipv6host", add_kernel_line, &n->entries) < 0 &&
	     errno != ENOENT)) {
		saved = errno;
		smack_netlabel_free(n);
		errno = saved;
		return -1;
	}
	*handle = n;
	return 0;
}

SMACK_EXPORT
int smack_netlabel_foreach(const struct smack_netlabel *handle,
			   smack_netlabel_fn fn, void *userdata)
{
	const struct netlabel_entry *e;
	char host[HOST_MAX];
	size_t i;
	int ret;

	if (!handle || !fn) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < handle->entries.count; i++) {
		e = (const struct netlabel_entry *)handle->entries.items + i;
		netlabel_format_host(e, host);
		ret = fn(userdata, host, e->label);
		if (ret)
			return ret;
	}
	return 0;
}

SMACK_EXPORT
size_t smack_netlabel_count(const struct smack_netlabel *handle)
{
	return handle ? handle->entries.count : 0;
}


/*
 * Parsing "address[/mask] label" lines.
 */
/* A parse_line_fn: adds a line's entry to arg, a set. */
static int parse_line(void *arg, struct parse_ctx *ctx,
		      const struct parse_line *line)
{
	struct parse_field f[3];
	struct netlabel_entry host;
	char q[PARSE_QUOTE_SIZE];
	size_t count = parse_split(line, f, 3);
	const char *why;
	bool ok = true;

	why = parse_host(f[0].text, f[0].len, &host);
	if (why) {
		parse_error(ctx, line->number, f[0].column,
			    "host %s: %s", parse_quote(q, f[0].text, f[0].len),
			    why);
		ok = false;
	}
	if (count < 2) {
		parse_error(ctx, line->number, f[0].column + f[0].len,
			    "a label must follow the host");
		return 0;
	}
	if (count > 2) {
		parse_error(ctx, line->number, f[2].column,
			    "unexpected %s after the label",
			    parse_quote(q, f[2].text, f[2].len));
		ok = false;
	}
	if (f[1].len > 0 && f[1].text[0] == '-') {
		why = check_entry_label(f[1].text, f[1].len, host.ipv6);
		if (why) {
			parse_error(ctx, line->number, f[1].column,
				    "label %s: %s",
				    parse_quote(q, f[1].text, f[1].len), why);
			ok = false;
		}
	} else if (!parse_check_label(ctx, line->number, &f[1])) {
		ok = false;
	}
	if (!ok || ctx->errors)
		return 0;	/* nothing will be kept: save the copy */
	return netlabel_append(arg, &host, f[1].text, f[1].len);
}

/* A parse_file_fn: adds the entries of one file to arg, a set. */
static int parse_file(void *arg, int fd, struct parse_ctx *ctx)
{
	return parse_lines(ctx, fd, 0, parse_line, arg);
}

const struct parse_records_ops netlabel_file_parser = {
	.record_size = sizeof(struct netlabel_entry),
	.parse = parse_file,
	.release = netlabel_entries_release,
};

SMACK_EXPORT
int smack_netlabel_parse_fd(struct smack_netlabel *handle, int fd,
			    const char *name, smack_parse_error_fn on_error,
			    void *userdata)
{
	if (!handle || fd < 0) {
		errno = EINVAL;
		return -1;
	}
	return parse_records_into(&handle->entries, &netlabel_file_parser,
				  NULL, fd, name, on_error, userdata);
}

SMACK_EXPORT
int smack_netlabel_parse_path(struct smack_netlabel *handle, const char *path,
			      smack_parse_error_fn on_error, void *userdata)
{
	if (!handle || !path) {
		errno = EINVAL;
		return -1;
	}
	return parse_records_into(&handle->entries, &netlabel_file_parser,
				  path, -1, NULL, on_error, userdata);
}
