// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Rule files: a set saved as one, and rule files parsed into a set, all
 * or nothing (the sets themselves are in accesses.c).
 *
 * Rule files hold "subject object access" (a load2 rule: the pair gets
 * exactly that access) and "subject object allow deny" (a change-rule:
 * letters of allow are added, those of deny taken away) lines, in the
 * common line format of parse.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/stat.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "parse.h"

/* ------------------------------------------------------------- saving */

static int write_all(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			return -1;
		}
		buf += n;
		len -= n;
	}
	return 0;
}

struct save_buffer {
	int fd;
	size_t used;
	char buf[16384];
};

static int save_rule(void *userdata, const char *subject, const char *object,
		     const char *access, const char *deny)
{
	struct save_buffer *out = userdata;

	if (sizeof(out->buf) - out->used < ACCESSES_RECORD_MAX) {
		if (write_all(out->fd, out->buf, out->used) < 0)
			return -1;
		out->used = 0;
	}
	out->used += accesses_format(out->buf + out->used, subject, object,
				     access, deny);
	return 0;
}

SMACK_EXPORT
int smack_accesses_save(struct smack_accesses *handle, int fd)
{
	struct save_buffer *out;
	int ret, saved;

	if (!handle || fd < 0) {
		errno = EINVAL;
		return -1;
	}
	out = malloc(sizeof(*out));
	if (!out)
		return -1;
	out->fd = fd;
	out->used = 0;
	ret = smack_accesses_foreach(handle, save_rule, out);
	if (ret == 0)
		ret = write_all(fd, out->buf, out->used);
	saved = errno;
	free(out);
	errno = saved;
	return ret ? -1 : 0;
}

/* ------------------------------------------------------------ parsing */

/* The error for a line that is not 3 or 4 fields. */
static void report_field_count(struct parse_ctx *ctx,
			       const struct parse_line *line,
			       const struct parse_field *f, size_t n)
{
	/* Point at the first field too many, or past the last one. */
	parse_error(ctx, line->number,
		    n > 4 ? f[4].column : f[n - 1].column + f[n - 1].len,
		    "expected 3 or 4 fields, found %zu", n);
}

/* A label field as an index; -1 when reported as bad (0 returned in
 * *fatal for that), or when memory ran out (*fatal set). */
static long parse_label_field(struct smack_accesses *a, struct parse_ctx *ctx,
			      unsigned int line, const struct parse_field *f,
			      bool *fatal)
{
	const char *why;
	long index = labeltab_intern(&a->labels, f->text, f->len, &why);

	if (index < 0) {
		if (errno != EINVAL)
			*fatal = true;
		else
			parse_report_label(ctx, line, f, why);
	}
	return index;
}

/* One rule line: added, or each of its errors reported, in column order.
 * -1 only when memory runs out. */
static int parse_rule_line(struct smack_accesses *a, struct parse_ctx *ctx,
			   const struct parse_line *line)
{
	struct parse_field f[5];
	struct rule r = { 0 };
	unsigned int allow = 0, deny = 0;
	bool fatal = false, ok;
	long s, o;
	size_t n = parse_split(line, f, 5);

	if (n != 3 && n != 4) {
		report_field_count(ctx, line, f, n);
		return 0;
	}
	s = parse_label_field(a, ctx, line->number, &f[0], &fatal);
	o = fatal ? -1 : parse_label_field(a, ctx, line->number, &f[1], &fatal);
	if (fatal)
		return -1;
	ok = parse_check_access(ctx, line->number, &f[2], &allow);
	if (n == 4)
		ok = parse_check_access(ctx, line->number, &f[3], &deny) && ok;
	if (!ok || s < 0 || o < 0)
		return 0;
	r.subject = s;
	r.object = o;
	r.allow = allow;
	r.deny = deny;
	r.modify = n == 4;
	return accesses_append(a, &r);
}

/*
 * Most lines of a policy are "subject object access" (or with a deny
 * field) between single spaces, with labels the set knows already: those
 * are added here, without the general path's field records and checks (a
 * label in the set was valid when it came, so finding it is checking it).
 * Anything else, a new label, other blanks and every line in error, is
 * left to parse_rule_line(), which reports what is wrong.
 */
static bool add_common_line(struct smack_accesses *a,
			    const struct parse_line *line)
{
	struct parse_field f[4];
	unsigned int allow, deny = 0;
	struct rule r = { 0 };
	size_t n = parse_split_plain(line, f, 4);
	long s, o;

	if (n < 3 ||
	    (s = labeltab_find(&a->labels, f[0].text, f[0].len)) < 0 ||
	    (o = labeltab_find(&a->labels, f[1].text, f[1].len)) < 0 ||
	    access_parse_n(f[2].text, f[2].len, &allow) < 0 ||
	    (n == 4 && access_parse_n(f[3].text, f[3].len, &deny) < 0))
		return false;
	r.subject = s;
	r.object = o;
	r.allow = allow;
	r.deny = deny;
	r.modify = n == 4;
	/* Out of memory: the general path runs into it too, and says so. */
	return accesses_append(a, &r) == 0;
}

int accesses_parse_lines(struct smack_accesses *a, struct parse_reader *r)
{
	struct parse_line line;
	int ret;

	while ((ret = parse_reader_next(r, &line)) > 0)
		if (!add_common_line(a, &line) &&
		    parse_rule_line(a, r->ctx, &line) < 0) {
			ret = errno;
			parse_error(r->ctx, line.number, 0,
				    "out of memory");
			errno = ret;
			return -1;
		}
	return ret;
}

/* What a parse call needs to undo itself. */
struct checkpoint {
	size_t rules;
	uint32_t labels;
};

static struct checkpoint checkpoint(const struct smack_accesses *a)
{
	return (struct checkpoint){ a->count, a->labels.count };
}

/* All or nothing: keeps the rules added since cp only when the parse
 * succeeded without a single error. */
static int finish_parse(struct smack_accesses *a, struct checkpoint cp,
			int ret, unsigned int errors)
{
	int saved = errno;

	if (ret == 0 && errors == 0)
		return 0;
	accesses_truncate(a, cp.rules, cp.labels);
	errno = ret < 0 ? saved : EINVAL;
	return -1;
}

SMACK_EXPORT
int smack_accesses_parse_buffer(struct smack_accesses *handle,
				const char *buf, size_t len, const char *name,
				smack_parse_error_fn on_error, void *userdata)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(name, on_error, userdata);
	struct checkpoint cp;
	struct parse_reader r;
	int ret;

	if (!handle || (!buf && len)) {
		errno = EINVAL;
		return -1;
	}
	cp = checkpoint(handle);
	parse_reader_buffer(&r, &ctx, buf, len);
	ret = accesses_parse_lines(handle, &r);
	parse_reader_release(&r);
	return finish_parse(handle, cp, ret, ctx.errors);
}

/*
 * A large rule file gets its array reserved at once, from the file's size:
 * grown step by step, the array is moved by realloc (mremap), and in a
 * User-Mode-Linux guest every page moved is faulted in again.  Lines of
 * real policies are longer than RULE_BYTES_GUESS, so this reserves more
 * than is used; malloc serves such sizes from a mapping of their own,
 * whose untouched pages cost nothing.  Failing, it leaves growth to
 * accesses_append().
 */
#define RULE_BYTES_GUESS 16

static void reserve_for_file(struct smack_accesses *a, int fd)
{
	struct stat st;
	size_t want;

	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (uintmax_t)st.st_size > SIZE_MAX / 2)
		return;
	want = a->count + (size_t)st.st_size / RULE_BYTES_GUESS;
	accesses_reserve(a, want);
}

int accesses_parse_fd(struct smack_accesses *a, int fd, struct parse_ctx *ctx)
{
	struct parse_reader r;
	int ret, saved;

	reserve_for_file(a, fd);
	parse_reader_fd(&r, ctx, fd);
	ret = accesses_parse_lines(a, &r);
	saved = errno;
	parse_reader_release(&r);
	errno = saved;
	return ret;
}

SMACK_EXPORT
int smack_accesses_parse_fd(struct smack_accesses *handle, int fd,
			    const char *name, smack_parse_error_fn on_error,
			    void *userdata)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(name, on_error, userdata);
	struct checkpoint cp;
	int ret;

	if (!handle || fd < 0) {
		errno = EINVAL;
		return -1;
	}
	cp = checkpoint(handle);
	ret = accesses_parse_fd(handle, fd, &ctx);
	return finish_parse(handle, cp, ret, ctx.errors);
}

SMACK_EXPORT
int smack_accesses_add_from_file(struct smack_accesses *handle, int fd)
{
	return smack_accesses_parse_fd(handle, fd, NULL, NULL, NULL);
}

/* parse_path() callback: one file of a tree. */
static int parse_file(void *arg, int fd, struct parse_ctx *ctx)
{
	unsigned int before = ctx->errors;

	if (accesses_parse_fd(arg, fd, ctx) < 0)
		return -1;
	if (ctx->errors != before) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

int accesses_parse_path(struct smack_accesses *a, const char *path,
			unsigned int flags, smack_parse_error_fn on_error,
			void *userdata)
{
	struct checkpoint cp;
	int ret;

	if (!a || !path) {
		errno = EINVAL;
		return -1;
	}
	cp = checkpoint(a);
	ret = parse_path(path, flags, parse_file, a, on_error, userdata);
	return finish_parse(a, cp, ret, 0);
}

SMACK_EXPORT
int smack_accesses_parse_path(struct smack_accesses *handle, const char *path,
			      smack_parse_error_fn on_error, void *userdata)
{
	return accesses_parse_path(handle, path, 0, on_error, userdata);
}
