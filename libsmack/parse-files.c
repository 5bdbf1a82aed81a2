// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Files and directories for the parsers (see parse.h): opening a file
 * without blocking on a FIFO, walking a configuration directory in the
 * order and with the names every reader of /etc/smack agrees on, reading
 * a file whole, and parsing a file into a set all or nothing.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dir-names.h"
#include "libsmack-internal.h"
#include "parse.h"

/* A whole file is read in chunks of at least this size. */
#define READ_ALL_CHUNK 65536

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

char *parse_join_path(const char *dir, const char *name)
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
		file = parse_join_path(path, names[i]);
		if (!file) {
			first = first ? first : errno;
			report_errno(&dctx, "cannot read directory", errno);
			break;
		}
		fctx = (struct parse_ctx)PARSE_CTX_INIT(file, on_error,
							userdata);
		/* A file of the directory that cannot be read (a link to
		 * nothing, say) is an error of the input, named like the
		 * others: the directory, which was named, was read. */
		if (walk_entry(file, fn, arg, &fctx) < 0 && !first)
			first = errno == ENOMEM ? ENOMEM : EINVAL;
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

int parse_lines(struct parse_ctx *ctx, int fd, unsigned int keep,
		parse_line_fn fn, void *arg)
{
	struct parse_reader r;
	struct parse_line line;
	unsigned int errors = ctx->errors;
	int ret;

	parse_reader_fd(&r, ctx, fd);
	r.keep = keep;
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

/* Moves what a parse gave into dst when it succeeded, else frees it. */
static int finish_records(struct records *dst,
			  const struct parse_records_ops *ops,
			  struct records *scratch, int ret)
{
	int saved;

	if (ret == 0)
		ret = records_move(dst, scratch, ops->record_size);
	if (ret < 0) {
		saved = errno;
		ops->release(scratch);
		free(scratch->items);
		errno = saved;
	}
	return ret;
}

int parse_records_fd(struct records *dst, const struct parse_records_ops *ops,
		     int fd, struct parse_ctx *ctx)
{
	struct records scratch = { 0 };
	int ret = ops->parse(&scratch, fd, ctx);

	return finish_records(dst, ops, &scratch, ret);
}

int parse_records_into(struct records *dst,
		       const struct parse_records_ops *ops, const char *path,
		       int fd, const char *name, smack_parse_error_fn on_error,
		       void *userdata)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(name, on_error, userdata);
	struct records scratch = { 0 };
	int ret;

	if (!path)
		return parse_records_fd(dst, ops, fd, &ctx);
	ret = parse_path(path, 0, ops->parse, &scratch, on_error, userdata);
	return finish_records(dst, ops, &scratch, ret);
}

ssize_t parse_read_all(int fd, char **text)
{
	size_t size = 0, cap = 0;
	char *data = NULL, *grown;
	ssize_t n;
	int saved;

	for (;;) {
		if (cap - size < READ_ALL_CHUNK) {
			cap = cap ? cap * 2 : READ_ALL_CHUNK + 1;
			grown = realloc(data, cap);
			if (!grown)
				goto fail;
			data = grown;
		}
		n = read(fd, data + size, cap - size - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto fail;
		if (n == 0)
			break;
		size += n;
	}
	data[size] = '\0';
	*text = data;
	return size;
fail:
	saved = errno;
	free(data);
	errno = saved;
	return -1;
}
