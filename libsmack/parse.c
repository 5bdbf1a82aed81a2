// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The line and field reader shared by every parser of the library, its
 * error reporter and its quoting (see parse.h for the format); files and
 * directories are in parse-files.c.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "parse.h"
#include "utf8.h"

/* Reads from a file go in chunks of this size: few system calls, and a
 * small enough window that a large policy is never held in memory whole. */
#define READ_CHUNK 65536

void parse_error(struct parse_ctx *ctx, unsigned int line,
		 unsigned int column, const char *fmt, ...)
{
	char small[512], *big = NULL;
	const char *msg = small;
	va_list ap;
	int len;

	ctx->errors++;
	if (!ctx->on_error)
		return;
	va_start(ap, fmt);
	len = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (len < 0) {
		msg = "malformed input";
	} else if ((size_t)len >= sizeof(small)) {
		/* On failure the message is cut short rather than lost. */
		big = malloc(len + 1);
		if (big) {
			va_start(ap, fmt);
			vsnprintf(big, len + 1, fmt, ap);
			va_end(ap);
			msg = big;
		}
	}
	ctx->on_error(ctx->userdata, ctx->name, line, column, msg);
	free(big);
}

/*
 * Quoting follows the one escaping rule of every message of the project,
 * cli_escape() of common/cli.c for the tools, both taking the characters
 * that may be written as they are from shared/utf8.h: a control
 * character, DEL, a C1 control (U+0080 to U+009F, which a terminal may
 * obey as ESC and a letter) and each byte that is not part of valid UTF-8
 * is written as \ooo, three octal digits, and so are '"' and '\\'
 * (CLI_ESCAPE_FIELD), and the '\'' around an access letter, so that a
 * quoted field cannot forge its own end; valid printable UTF-8 is written
 * as it is.
 */

/* How many bytes at p (end - p of them left) a quote between two delim
 * writes as they are: 1 for a printable ASCII character other than '"',
 * '\\' and delim, the length of a character shared/utf8.h lets be, or 0
 * for a byte written \ooo. */
static size_t quote_plain_length(const unsigned char *p,
				 const unsigned char *end, char delim)
{
	if (*p < 0x80)
		return *p >= ' ' && *p != 0x7f && *p != '"' && *p != '\\' &&
		       *p != delim;
	return utf8_plain_length(p, end);
}

/* At most PARSE_QUOTE_MAX bytes of s, each written as at most 4, the two
 * quotes, "..." and the NUL. */
_Static_assert(PARSE_QUOTE_SIZE >= PARSE_QUOTE_MAX * 4 + sizeof("\"\"..."),
	       "PARSE_QUOTE_SIZE holds the longest quote");

/* parse_quote() between two delim, which is escaped like '"'. */
static const char *quote_with(char buf[PARSE_QUOTE_SIZE], const char *s,
			      size_t len, char delim)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	const unsigned char *stop = len < PARSE_QUOTE_MAX ? end :
					p + PARSE_QUOTE_MAX;
	char *out = buf;
	size_t n;

	*out++ = delim;
	while (p < stop) {
		/* Judged on the whole field, so that a character the limit
		 * cuts is left for the "..." rather than shown as bytes. */
		n = quote_plain_length(p, end, delim);
		if (n > (size_t)(stop - p))
			break;
		if (n) {
			memcpy(out, p, n);
			out += n;
			p += n;
			continue;
		}
		*out++ = '\\';
		*out++ = '0' + (*p >> 6);
		*out++ = '0' + (*p >> 3 & 7);
		*out++ = '0' + (*p++ & 7);
	}
	*out++ = delim;
	if (p < end) {
		memcpy(out, "...", 3);
		out += 3;
	}
	*out = '\0';
	return buf;
}

const char *parse_quote(char buf[PARSE_QUOTE_SIZE], const char *s, size_t len)
{
	return quote_with(buf, s, len, '"');
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

#define BYTES_OF(c) (0x0101010101010101ull * (unsigned char)(c))

/* The blanks among the eight bytes of w, as the top bit of each byte that
 * is one: the classic test for a zero byte, on w with the blank's bits
 * flipped away.  Exact up to the first blank, which is all that is used. */
static uint64_t word_blanks(uint64_t w)
{
	uint64_t sp = w ^ BYTES_OF(' '), tab = w ^ BYTES_OF('\t');

	return (((sp - BYTES_OF(1)) & ~sp) | ((tab - BYTES_OF(1)) & ~tab)) &
	       BYTES_OF(0x80);
}

/* The end of the field starting at p: eight bytes a step (labels make up
 * most of a policy's bytes). */
static const char *field_end(const char *p, const char *end)
{
	uint64_t w, blanks;

	while (end - p >= 8) {
		memcpy(&w, p, 8);
		blanks = word_blanks(w);
		if (blanks) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			return p + __builtin_ctzll(blanks) / 8;
#else
			break;	/* the byte loop finds it */
#endif
		}
		p += 8;
	}
	while (p < end && !is_blank(*p))
		p++;
	return p;
}

size_t parse_split(const struct parse_line *line, struct parse_field *fields,
		   size_t max)
{
	const char *s = line->text, *end = s + line->len, *p = s;
	size_t n = 0;

	for (;;) {
		while (p < end && is_blank(*p))
			p++;
		if (p == end)
			return n;
		if (n < max) {
			fields[n].text = p;
			fields[n].column = p - s + 1;
		}
		p = field_end(p, end);
		if (n < max)
			fields[n].len = p - fields[n].text;
		n++;
	}
}

bool parse_next_field(const struct parse_line *line, size_t *pos,
		      struct parse_field *f)
{
	const char *s = line->text, *end = s + line->len, *p = s + *pos;

	while (p < end && is_blank(*p))
		p++;
	if (p == end)
		return false;
	f->text = p;
	f->column = p - s + 1;
	p = field_end(p, end);
	f->len = p - f->text;
	*pos = p - s;
	return true;
}

void parse_report_label(struct parse_ctx *ctx, unsigned int line,
			const struct parse_field *f, const char *reason)
{
	char q[PARSE_QUOTE_SIZE];

	parse_error(ctx, line, f->column, "label %s %s",
		    parse_quote(q, f->text, f->len), reason);
}

bool parse_check_label(struct parse_ctx *ctx, unsigned int line,
		       const struct parse_field *f)
{
	const char *why;

	if (label_validate_n(f->text, f->len, &why) >= 0)
		return true;
	parse_report_label(ctx, line, f, why);
	return false;
}

bool parse_check_access(struct parse_ctx *ctx, unsigned int line,
			const struct parse_field *f, unsigned int *mask)
{
	char q[PARSE_QUOTE_SIZE], letter[PARSE_QUOTE_SIZE];
	unsigned int ignored;
	size_t i, n;

	if (access_parse_n(f->text, f->len, mask) == 0)
		return true;
	for (i = 0; i < f->len; i++)
		if (access_parse_n(f->text + i, 1, &ignored) < 0)
			break;
	if (i == f->len)	/* cannot happen for a non-empty field */
		i = 0;
	/* The letter is quoted like a label, in single quotes, so a
	 * control byte or a quote shows as \ooo, a whole UTF-8 character
	 * if it starts one; the column is the field's, as for every error
	 * about a field. */
	n = quote_plain_length((const unsigned char *)f->text + i,
			       (const unsigned char *)f->text + f->len, '\'');
	quote_with(letter, f->text + i, n ? n : 1, '\'');
	parse_error(ctx, line, f->column, "unknown access letter %s in %s",
		    letter, parse_quote(q, f->text, f->len));
	return false;
}

void parse_reader_buffer(struct parse_reader *r, struct parse_ctx *ctx,
			 const char *buf, size_t len)
{
	memset(r, 0, sizeof(*r));
	r->ctx = ctx;
	r->fd = -1;
	r->data = buf;
	r->end = len;
	r->eof = true;
}

void parse_reader_fd(struct parse_reader *r, struct parse_ctx *ctx, int fd)
{
	memset(r, 0, sizeof(*r));
	r->ctx = ctx;
	r->fd = fd;
}

void parse_reader_release(struct parse_reader *r)
{
	free(r->window);
	r->window = NULL;
	r->data = NULL;
	r->cap = r->start = r->end = 0;
}

/* Makes room for at least READ_CHUNK more bytes after the unread ones. */
static int make_room(struct parse_reader *r)
{
	size_t unread = r->end - r->start, cap;
	char *grown;

	if (r->start > 0) {
		memmove(r->window, r->window + r->start, unread);
		r->start = 0;
		r->end = unread;
	}
	if (r->cap - r->end >= READ_CHUNK / 2 && r->cap)
		return 0;
	cap = r->cap ? r->cap * 2 : READ_CHUNK;
	if (cap < r->cap) {
		errno = ENOMEM;
		return -1;
	}
	grown = realloc(r->window, cap);
	if (!grown)
		return -1;
	r->window = grown;
	r->data = grown;
	r->cap = cap;
	return 0;
}

/* Reads more input; 0 when some came or at end of input, -1 on error. */
static int fill(struct parse_reader *r)
{
	ssize_t n;

	if (make_room(r) < 0)
		return -1;
	do
		n = read(r->fd, r->window + r->end, r->cap - r->end);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	if (n == 0)
		r->eof = true;
	r->end += n;
	return 0;
}

/* The next raw line: 1, 0 at the end of input, -1 on error. */
static int next_raw(struct parse_reader *r, struct parse_line *line)
{
	const char *nl;
	size_t scanned = 0;

	for (;;) {
		nl = NULL;
		if (r->end > r->start + scanned)
			nl = memchr(r->data + r->start + scanned, '\n',
				    r->end - r->start - scanned);
		if (nl || r->eof)
			break;
		scanned = r->end - r->start;
		if (fill(r) < 0) {
			int saved = errno;

			parse_error(r->ctx, 0, 0, "cannot read: %s",
				    strerror(saved));
			errno = saved;
			return -1;
		}
	}
	if (!nl && r->start == r->end)
		return 0;
	line->text = r->data + r->start;
	line->len = (nl ? nl : r->data + r->end) - line->text;
	line->number = ++r->line;
	r->start += line->len + (nl != NULL);
	return 1;
}

/* The offset of the first byte of line that is not a blank. */
static size_t first_non_blank(const struct parse_line *line)
{
	size_t i = 0;

	while (i < line->len && is_blank(line->text[i]))
		i++;
	return i;
}

bool parse_is_comment(const struct parse_line *line)
{
	size_t i = first_non_blank(line);

	return i < line->len && (line->text[i] == '#' || line->text[i] == ';');
}

size_t parse_comment_text(const struct parse_line *line)
{
	return first_non_blank(line) + 1;
}

/* ------------------------------------------------------------ origins */

void parse_origins_start(struct parse_origins *o)
{
	o->file_first = o->count;
	o->skipped = o->skipped_at_run = 0;
}

/* The line of an entry, at column: a run when it is not where the last
 * run puts it (lines that make no entry came in between, or blanks
 * before it).  -1 ENOMEM. */
static int note_entry(struct parse_origins *o, unsigned int line,
		      unsigned int column)
{
	struct parse_run *grown;
	size_t cap;

	if (o->skipped == o->skipped_at_run && column == 1)
		return 0;
	if (o->count == o->cap) {
		cap = o->cap ? o->cap * 2 : 16;
		grown = realloc(o->runs, cap * sizeof(*grown));
		if (!grown)
			return -1;
		o->runs = grown;
		o->cap = cap;
	}
	o->runs[o->count++] = (struct parse_run){
		.entry = line - 1 - o->skipped, .line = line, .column = column
	};
	o->skipped_at_run = o->skipped;
	return 0;
}

void parse_origins_find(const struct parse_run *runs, size_t n, size_t entry,
			unsigned int *line, unsigned int *column)
{
	size_t lo = 0, hi = n, mid;

	/* The last run at or before the entry. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (runs[mid].entry <= entry)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0) {
		*line = entry + 1;
		*column = 1;
		return;
	}
	*line = runs[lo - 1].line + (entry - runs[lo - 1].entry);
	*column = entry == runs[lo - 1].entry ? runs[lo - 1].column : 1;
}

/* ------------------------------------------------------------ lines */

/* Whether the reader passes line on, and whether it makes an entry;
 * keeps count of the lines that make none. */
static bool keep_line(struct parse_reader *r, const struct parse_line *line,
		      size_t lead, bool *entry)
{
	struct parse_origins *o = r->ctx->origins;
	bool blank = lead == line->len, comment;

	comment = !blank && parse_is_comment(line);
	*entry = !blank && !comment;
	if (!*entry && o)
		o->skipped++;
	if (blank)
		return r->keep & PARSE_KEEP_BLANKS;
	return !comment || (r->keep & PARSE_KEEP_COMMENTS);
}

/* A line that has a NUL byte is reported and skipped. */
static bool has_nul(struct parse_reader *r, const struct parse_line *line)
{
	const char *nul = memchr(line->text, '\0', line->len);

	if (!nul)
		return false;
	parse_error(r->ctx, line->number, nul - line->text + 1,
		    "contains a NUL byte");
	if (r->ctx->origins)
		r->ctx->origins->skipped++;
	return true;
}

/* A comment line to the ctx's keeper of comments, if it has one. */
static int note_comment(struct parse_reader *r, const struct parse_line *line,
			size_t lead)
{
	struct parse_ctx *ctx = r->ctx;

	if (!ctx->on_comment || !parse_is_comment(line) ||
	    ctx->on_comment(ctx->comment_data, line, lead + 1) == 0)
		return 0;
	parse_error(ctx, line->number, 0, "out of memory");
	errno = ENOMEM;
	return -1;
}

int parse_reader_next(struct parse_reader *r, struct parse_line *line)
{
	size_t lead;
	bool entry;
	int ret;

	while ((ret = next_raw(r, line)) > 0) {
		if (line->len && line->text[line->len - 1] == '\r')
			line->len--;
		if (has_nul(r, line))
			continue;
		lead = first_non_blank(line);
		if (note_comment(r, line, lead) < 0)
			return -1;
		if (!keep_line(r, line, lead, &entry))
			continue;
		if (entry && r->ctx->origins &&
		    note_entry(r->ctx->origins, line->number, lead + 1) < 0) {
			parse_error(r->ctx, line->number, 0, "out of memory");
			errno = ENOMEM;
			return -1;
		}
		return 1;
	}
	return ret;
}
