// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Netlabel host entries (struct smack_netlabel): netlabel and ipv6host.
 *
 * An entry gives every packet from a host or network one label (or, with
 * "-CIPSO", says the IPv4 host speaks CIPSO).  The kernel's parsers are
 * lenient in ways that change meaning: netlabel reads each octet into a
 * byte (300.1.1.1 becomes 44.1.1.1) and ipv6host wants all 8 groups.  So
 * every host is checked here and written in the one form both read
 * exactly: "A.B.C.D/N label" and eight 4-digit groups "/N label", one entry
 * per write (the kernel ignores anything after the first).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "parse.h"

#define CIPSO_OPTION "-CIPSO"
#define DELETE_OPTION "-DELETE"
/* "xxxx:" * 8 + "/128" and a NUL */
#define HOST_MAX 48
/* host, space, label, newline, NUL */
#define ENTRY_MAX (HOST_MAX + 1 + SMACK_LABEL_LEN + 2)

struct netlabel_entry {
	char host[HOST_MAX];	/* as the kernel is given it */
	char *label;
	bool ipv6;
};

struct smack_netlabel {
	struct netlabel_entry *entries;
	size_t count;
	size_t cap;
};

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

SMACK_EXPORT
void smack_netlabel_free(struct smack_netlabel *handle)
{
	size_t i;

	if (!handle)
		return;
	for (i = 0; i < handle->count; i++)
		free(handle->entries[i].label);
	free(handle->entries);
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

/* Dotted decimal, each number 0..255; *bad is the offset of what is
 * wrong. */
static const char *parse_ipv4(const char *s, size_t len, char *out,
			      size_t *bad)
{
	unsigned int octet[4], i;
	size_t off = 0, used;

	for (i = 0; i < 4; i++) {
		*bad = off;
		if (i > 0) {
			if (off >= len || s[off] != '.')
				return IPV4_SHAPE;
			*bad = ++off;
		}
		used = read_decimal(s + off, len - off, 4, &octet[i]);
		if (used == 0)
			return IPV4_SHAPE;
		if (octet[i] > 255)
			return "each number of an IPv4 address must be 0..255";
		off += used;
	}
	*bad = off;
	if (off != len)
		return IPV4_SHAPE;
	snprintf(out, HOST_MAX, "%u.%u.%u.%u", octet[0], octet[1], octet[2],
		 octet[3]);
	return NULL;
}

static const char *parse_ipv6(const char *s, size_t len, char *out)
{
	char text[INET6_ADDRSTRLEN];
	struct in6_addr a;
	unsigned int i;
	size_t off = 0;

	if (len >= sizeof(text))
		return "not a valid IPv6 address";
	memcpy(text, s, len);
	text[len] = '\0';
	if (inet_pton(AF_INET6, text, &a) != 1)
		return "not a valid IPv6 address";
	for (i = 0; i < 8; i++)
		off += snprintf(out + off, HOST_MAX - off, "%s%02x%02x",
				i ? ":" : "", a.s6_addr[2 * i],
				a.s6_addr[2 * i + 1]);
	return NULL;
}

/*
 * Checks a host ("address[/mask]", len bytes) and writes it in the form the
 * kernel reads exactly into out; returns NULL, or why it is not one with
 * *bad the offset of the fault.
 */
static const char *parse_host(const char *s, size_t len, char *out,
			      bool *ipv6, size_t *bad)
{
	const char *slash = memchr(s, '/', len);
	size_t addr_len = slash ? (size_t)(slash - s) : len;
	unsigned int mask;
	const char *why;
	size_t off;

	*bad = 0;
	*ipv6 = memchr(s, ':', addr_len) != NULL;
	if (addr_len == 0)
		return "the address is missing";
	why = *ipv6 ? parse_ipv6(s, addr_len, out) :
		      parse_ipv4(s, addr_len, out, bad);
	if (why)
		return why;
	mask = *ipv6 ? 128 : 32;
	if (slash) {
		*bad = addr_len + 1;
		why = parse_mask(slash + 1, len - addr_len - 1, mask, &mask);
		if (why)
			return why;
	}
	off = strlen(out);
	snprintf(out + off, HOST_MAX - off, "/%u", mask);
	return NULL;
}

/* The label of an entry: a label, or the option its family allows. */
static const char *check_entry_label(const char *label, size_t len,
				     bool ipv6)
{
	const char *option = ipv6 ? DELETE_OPTION : CIPSO_OPTION;
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

static int append_entry(struct smack_netlabel *n, const char *host,
			bool ipv6, const char *label, size_t label_len)
{
	struct netlabel_entry *e;

	if (n->count == n->cap) {
		size_t cap = n->cap ? n->cap * 2 : 16;

		e = realloc(n->entries, cap * sizeof(*e));
		if (!e)
			return -1;
		n->entries = e;
		n->cap = cap;
	}
	e = &n->entries[n->count];
	e->label = strndup(label, label_len);
	if (!e->label)
		return -1;
	snprintf(e->host, sizeof(e->host), "%s", host);
	e->ipv6 = ipv6;
	n->count++;
	return 0;
}

SMACK_EXPORT
int smack_netlabel_add(struct smack_netlabel *handle, const char *host,
		       const char *label)
{
	char canonical[HOST_MAX];
	size_t bad;
	bool ipv6;

	if (!handle || !host || !label ||
	    parse_host(host, strlen(host), canonical, &ipv6, &bad) ||
	    check_entry_label(label, strnlen(label, SMACK_LABEL_LEN + 1),
			      ipv6)) {
		errno = EINVAL;
		return -1;
	}
	return append_entry(handle, canonical, ipv6, label, strlen(label));
}

/* Opens the files the entries need before the first write, so that a
 * kernel without ipv6host changes nothing. */
static int open_targets(const struct smack_netlabel *n,
			struct smackfs_batch *v4, struct smackfs_batch *v6)
{
	bool want_v4 = false, want_v6 = false;
	size_t i;

	v4->fd = v6->fd = -1;
	for (i = 0; i < n->count; i++) {
		if (n->entries[i].ipv6)
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
	struct smackfs_batch v4, v6, *b;
	char rec[ENTRY_MAX];
	size_t i, len;
	int ret = 0, saved = 0;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	if (handle->count == 0)
		return 0;
	if (open_targets(handle, &v4, &v6) < 0)
		return -1;
	for (i = 0; i < handle->count; i++) {
		const struct netlabel_entry *e = &handle->entries[i];

		b = e->ipv6 ? &v6 : &v4;
		len = snprintf(rec, sizeof(rec), "%s %s\n", e->host, e->label);
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

/* One line of netlabel or ipv6host: "host/N label". */
static int add_kernel_line(struct smack_netlabel *n, const char *line,
			   const char *end, bool ipv6)
{
	const char *space = memchr(line, ' ', end - line);
	char host[HOST_MAX];
	size_t host_len = space ? (size_t)(space - line) : 0;

	if (host_len == 0 || host_len >= HOST_MAX || space + 1 >= end) {
		errno = EPROTO;
		return -1;
	}
	memcpy(host, line, host_len);
	host[host_len] = '\0';
	return append_entry(n, host, ipv6, space + 1, end - space - 1);
}

/* Adds the entries of one kernel listing; a file the kernel lacks adds
 * nothing when optional. */
static int add_kernel_file(struct smack_netlabel *n, const char *name,
			   bool ipv6, bool optional)
{
	char *text, *line, *nl;
	int ret = 0;

	if (smackfs_read_file(name, &text) < 0)
		return optional && errno == ENOENT ? 0 : -1;
	for (line = text; *line && ret == 0; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			nl = line + strlen(line);
		if (nl > line)
			ret = add_kernel_line(n, line, nl, ipv6);
		if (!*nl)
			break;
	}
	free(text);
	return ret;
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
	if (add_kernel_file(n, "netlabel", false, false) < 0 ||
	    add_kernel_file(n, "ipv6host", true, true) < 0) {
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
	size_t i;
	int ret;

	if (!handle || !fn) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < handle->count; i++) {
		ret = fn(userdata, handle->entries[i].host,
			 handle->entries[i].label);
		if (ret)
			return ret;
	}
	return 0;
}

SMACK_EXPORT
size_t smack_netlabel_count(const struct smack_netlabel *handle)
{
	return handle ? handle->count : 0;
}


/*
 * Parsing "address[/mask] label" lines.
 */
static int parse_line(struct smack_netlabel *n, struct parse_ctx *ctx,
		      const struct parse_line *line)
{
	struct parse_field f[3];
	char host[HOST_MAX], q[PARSE_QUOTE_SIZE];
	size_t count = parse_split(line, f, 3), bad;
	const char *why;
	bool ipv6, ok = true;

	why = parse_host(f[0].text, f[0].len, host, &ipv6, &bad);
	if (why) {
		parse_error(ctx, line->number, f[0].column + bad,
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
		why = check_entry_label(f[1].text, f[1].len, ipv6);
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
	return append_entry(n, host, ipv6, f[1].text, f[1].len);
}

/* A parse_file_fn: adds the entries of one file to arg. */
static int parse_file(void *arg, int fd, struct parse_ctx *ctx)
{
	struct parse_reader r;
	struct parse_line line;
	unsigned int errors = ctx->errors;
	int ret;

	parse_reader_fd(&r, ctx, fd);
	while ((ret = parse_reader_next(&r, &line)) > 0)
		if (parse_line(arg, ctx, &line) < 0)
			break;
	parse_reader_release(&r);
	if (ret == 0 && ctx->errors != errors) {
		errno = EINVAL;
		ret = -1;
	}
	return ret < 0 ? -1 : 0;
}

/* Moves every entry of src to the end of dst; src is freed. */
static int take_entries(struct smack_netlabel *dst,
			struct smack_netlabel *src)
{
	struct netlabel_entry *grown;
	size_t need = dst->count + src->count;

	if (need > dst->cap) {
		grown = realloc(dst->entries, need * sizeof(*grown));
		if (!grown) {
			smack_netlabel_free(src);
			return -1;
		}
		dst->entries = grown;
		dst->cap = need;
	}
	if (src->count)
		memcpy(dst->entries + dst->count, src->entries,
		       src->count * sizeof(*src->entries));
	dst->count = need;
	free(src->entries);
	free(src);
	return 0;
}

/* Parses into a scratch set, so the handle is untouched on any error. */
static int parse_into(struct smack_netlabel *handle, const char *path,
		      int fd, const char *name, smack_parse_error_fn on_error,
		      void *userdata)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(name, on_error, userdata);
	struct smack_netlabel *scratch;
	int ret, saved;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	if (smack_netlabel_new(&scratch) < 0)
		return -1;
	if (path)
		ret = parse_path(path, 0, parse_file, scratch, on_error,
				 userdata);
	else
		ret = parse_file(scratch, fd, &ctx);
	if (ret < 0) {
		saved = errno;
		smack_netlabel_free(scratch);
		errno = saved;
		return -1;
	}
	return take_entries(handle, scratch);
}

SMACK_EXPORT
int smack_netlabel_parse_fd(struct smack_netlabel *handle, int fd,
			    const char *name, smack_parse_error_fn on_error,
			    void *userdata)
{
	return parse_into(handle, NULL, fd, name, on_error, userdata);
}

SMACK_EXPORT
int smack_netlabel_parse_path(struct smack_netlabel *handle, const char *path,
			      smack_parse_error_fn on_error, void *userdata)
{
	if (!path) {
		errno = EINVAL;
		return -1;
	}
	return parse_into(handle, path, -1, NULL, on_error, userdata);
}
