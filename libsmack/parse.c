// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The line and field reader shared by every parser of the library, its
 * error reporter and the directory walker (see parse.h for the format).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dir-names.h"
#include "libsmack-internal.h"
#include "parse.h"

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

const char *parse_quote(char buf[PARSE_QUOTE_SIZE], const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, n = len < PARSE_QUOTE_MAX ? len : PARSE_QUOTE_MAX;
	char *p = buf;

	*p++ = '"';
	for (i = 0; i < n; i++) {
		unsigned char c = s[i];

		if (c < 0x20 || c >= 0x7f) {
			*p++ = '\\';
			*p++ = 'x';
			*p++ = hex[c >> 4];
			*p++ = hex[c & 0xf];
		} else {
			*p++ = c;
		}
	}
	*p++ = '"';
	if (len > n) {
		memcpy(p, "...", 3);
		p += 3;
	}
	*p = '\0';
	return buf;
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
	size_t i;

	if (access_parse_n(f->text, f->len, mask) == 0)
		return true;
	for (i = 0; i < f->len; i++)
		if (access_parse_n(f->text + i, 1, &ignored) < 0)
			break;
	if (i == f->len)	/* cannot happen for a non-empty field */
		i = 0;
	/* The letter is quoted like a label so a control byte shows; the
	 * column is the field's, as for every error about a field. */
	parse_quote(letter, f->text + i, 1);
	letter[0] = letter[strlen(letter) - 1] = '\'';
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

static bool is_skipped(const struct parse_reader *r,
		       const struct parse_line *line)
{
	if (first_non_blank(line) == line->len)
		return true;
	return !r->comments && parse_is_comment(line);
}

int parse_reader_next(struct parse_reader *r, struct parse_line *line)
{
	const char *nul;
	int ret;

	while ((ret = next_raw(r, line)) > 0) {
		if (line->len && line->text[line->len - 1] == '\r')
			line->len--;
		nul = memchr(line->text, '\0', line->len);
		if (nul) {
			parse_error(r->ctx, line->number,
				    nul - line->text + 1,
				    "contains a NUL byte");
			continue;
		}
		if (!is_skipped(r, line))
			return 1;
	}
	return ret;
}

/* ------------------------------------------------------- files and dirs */

static void report_errno(struct parse_ctx *ctx, const char *what, int err)
{
	parse_error(ctx, 0, 0, "%s: %s", what, strerror(err));
	errno = err;
}

/* Opens path without blocking on a FIFO; fills *st.  -1 and errno. */
static int open_nonblocking(const char *path, struct stat *st)
{
	int fd, saved;

	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -1;
	if (fstat(fd, st) < 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

/* Regular files only: anything else is refused with a message. */
static int require_regular(struct parse_ctx *ctx, int fd,
			   const struct stat *st)
{
	int flags;

	if (S_ISREG(st->st_mode)) {
		/* Reads from a regular file never block anyway; clearing the
		 * flag keeps fn's reads plain. */
		flags = fcntl(fd, F_GETFL);
		if (flags >= 0)
			fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
		return fd;
	}
	close(fd);
	if (S_ISDIR(st->st_mode)) {
		parse_error(ctx, 0, 0, "is a directory, not a file");
		errno = EISDIR;
	} else {
		parse_error(ctx, 0, 0, "is not a regular file");
		errno = EINVAL;
	}
	return -1;
}

int parse_open_file(struct parse_ctx *ctx, const char *path)
{
	struct stat st;
	int fd = open_nonblocking(path, &st);

	if (fd < 0) {
		report_errno(ctx, "cannot open", errno);
		return -1;
	}
	return require_regular(ctx, fd, &st);
}

/* Runs fn on an open regular file; closes it. */
static int run_file(int fd, parse_file_fn fn, void *arg,
		    struct parse_ctx *ctx)
{
	int ret, saved;

	ret = fn(arg, fd, ctx);
	saved = errno;
	close(fd);
	errno = saved;
	return ret;
}

/* One entry of a directory: a regular file is parsed, anything else
 * skipped; 1 when skipped. */
static int walk_entry(const char *path, parse_file_fn fn, void *arg,
		      struct parse_ctx *ctx)
{
	struct stat st;
	int fd;

	if (stat(path, &st) < 0) {
		report_errno(ctx, "cannot open", errno);
		return -1;
	}
	if (!S_ISREG(st.st_mode))
		return 1;
	fd = open_nonblocking(path, &st);
	if (fd < 0) {
		report_errno(ctx, "cannot open", errno);
		return -1;
	}
	/* It may have been replaced between stat() and open(). */
	fd = require_regular(ctx, fd, &st);
	if (fd < 0)
		return -1;
	return run_file(fd, fn, arg, ctx);
}

static char *join_path(const char *dir, const char *name)
{
	size_t dlen = strlen(dir), nlen = strlen(name);
	char *p = malloc(dlen + nlen + 2);

	if (!p)
		return NULL;
	memcpy(p, dir, dlen);
	if (dlen && dir[dlen - 1] != '/')
		p[dlen++] = '/';
	memcpy(p + dlen, name, nlen + 1);
	return p;
}

/* The sorted names a walk reads from dirfd (which it closes). */
static int sorted_entries(struct parse_ctx *dctx, int dirfd, char ***names,
			  size_t *n)
{
	DIR *dir = fdopendir(dirfd);
	int ret, saved;

	if (!dir) {
		saved = errno;
		close(dirfd);
		report_errno(dctx, "cannot read directory", saved);
		return -1;
	}
	ret = dir_names_sorted(dir, names, n);
	saved = errno;
	closedir(dir);
	if (ret < 0)
		report_errno(dctx, "cannot read directory", saved);
	return ret;
}

static int walk_dir(const char *path, int dirfd, parse_file_fn fn, void *arg,
		    smack_parse_error_fn on_error, void *userdata)
{
	struct parse_ctx dctx = PARSE_CTX_INIT(path, on_error, userdata);
	struct parse_ctx fctx;
	char **names, *file;
	size_t n, i;
	int first = 0;

	if (sorted_entries(&dctx, dirfd, &names, &n) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		file = join_path(path, names[i]);
		if (!file) {
			first = first ? first : errno;
			report_errno(&dctx, "cannot read directory", errno);
			break;
		}
		fctx = (struct parse_ctx)PARSE_CTX_INIT(file, on_error,
							userdata);
		if (walk_entry(file, fn, arg, &fctx) < 0 && !first)
			first = errno ? errno : EINVAL;
		free(file);
	}
	dir_names_free(names, n);
	if (!first)
		return 0;
	errno = first;
	return -1;
}

int parse_path(const char *path, unsigned int flags, parse_file_fn fn,
	       void *arg, smack_parse_error_fn on_error, void *userdata)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(path, on_error, userdata);
	struct stat st;
	int fd;

	if (!path || !fn) {
		errno = EINVAL;
		return -1;
	}
	fd = open_nonblocking(path, &st);
	if (fd < 0) {
		if (errno == ENOENT && (flags & PARSE_PATH_OPTIONAL))
			return 0;
		report_errno(&ctx, "cannot open", errno);
		return -1;
	}
	if (S_ISDIR(st.st_mode) && !(flags & PARSE_PATH_FILE_ONLY))
		return walk_dir(path, fd, fn, arg, on_error, userdata);
	fd = require_regular(&ctx, fd, &st);
	if (fd < 0)
		return -1;
	return run_file(fd, fn, arg, &ctx);
}

static int run_lines(struct parse_ctx *ctx, int fd, bool comments,
		     parse_line_fn fn, void *arg)
{
	struct parse_reader r;
	struct parse_line line;
	unsigned int errors = ctx->errors;
	int ret;

	parse_reader_fd(&r, ctx, fd);
	r.comments = comments;
	while ((ret = parse_reader_next(&r, &line)) > 0) {
		if (fn(arg, ctx, &line) < 0) {
			ret = -1;
			break;
		}
	}
	parse_reader_release(&r);
	if (ret == 0 && ctx->errors != errors) {
		errno = EINVAL;
		ret = -1;
	}
	return ret < 0 ? -1 : 0;
}

int parse_lines(struct parse_ctx *ctx, int fd, parse_line_fn fn, void *arg)
{
	return run_lines(ctx, fd, false, fn, arg);
}

int parse_lines_and_comments(struct parse_ctx *ctx, int fd, parse_line_fn fn,
			     void *arg)
{
	return run_lines(ctx, fd, true, fn, arg);
}

int parse_records_into(struct records *dst,
		       const struct parse_records_ops *ops, const char *path,
		       int fd, const char *name, smack_parse_error_fn on_error,
		       void *userdata)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(name, on_error, userdata);
	struct records scratch = { 0 };
	int ret, saved;

	if (path)
		ret = parse_path(path, 0, ops->parse, &scratch, on_error,
				 userdata);
	else
		ret = ops->parse(&scratch, fd, &ctx);
	if (ret == 0)
		ret = records_move(dst, &scratch, ops->record_size);
	if (ret < 0) {
		saved = errno;
		ops->release(&scratch);
		free(scratch.items);
		errno = saved;
	}
	return ret;
}
