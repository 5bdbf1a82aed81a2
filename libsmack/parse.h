/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * parse.h - the line and field reader that every parser of libsmack shares
 * (rules, CIPSO, netlabel, knob files, label specifications), so that they
 * all agree on what a line, a comment and a field are, and report errors
 * the same way.
 *
 * Input format, common to every file the library reads:
 *   - lines end in "\n" or "\r\n"; the last line may lack its line end;
 *   - lines are of any length (nothing is truncated; the buffer grows);
 *   - a line that is empty, only blanks, or whose first non-blank byte is
 *     '#' or ';' is skipped (systemd's loader skips only comments whose
 *     '#' or ';' is the first byte: smackctl check warns about the rest);
 *   - a NUL byte anywhere in a line is an error reported at its column,
 *     and the line is skipped;
 *   - fields are separated by runs of spaces and tabs; columns are 1-based
 *     byte offsets into the line.
 *
 * The column of an error, in every parser of the tree (and chsmack's
 * label specifications): where the field at fault starts, even when the
 * message names a letter inside it; for a field that is missing, just
 * past the last field of the line; for a NUL byte, the byte.
 *
 * Errors go through a struct parse_ctx: parse_error() formats a message
 * and calls the caller's smack_parse_error_fn with the file name, line and
 * column (0 when they do not apply), and counts it.  A parser keeps going
 * after an error so that a checker sees all of them, and adds nothing
 * unless ctx->errors is still 0 at the end.
 *
 * Typical use:
 *
 *	struct parse_ctx ctx = PARSE_CTX_INIT(name, on_error, userdata);
 *	struct parse_reader r;
 *	struct parse_line line;
 *	struct parse_field f[4];
 *	size_t n;
 *	int ret;
 *
 *	parse_reader_fd(&r, &ctx, fd);
 *	while ((ret = parse_reader_next(&r, &line)) > 0) {
 *		n = parse_split(&line, f, 4);
 *		...
 *	}
 *	parse_reader_release(&r);
 *	if (ret < 0 || ctx.errors) ... fail ...
 */
#ifndef LIBSMACK_PARSE_H
#define LIBSMACK_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "records.h"
#include "sys/smack.h"

/* The name used in messages when the caller gave none. */
#define PARSE_DEFAULT_NAME "(input)"

struct parse_origins;
struct parse_line;

/* Called with each comment line a reader meets, whether it returns it or
 * not, and the column of its '#' or ';'; -1 (errno ENOMEM) stops it. */
typedef int (*parse_comment_fn)(void *data, const struct parse_line *line,
				unsigned int column);

/* Where errors go, and how many there were. */
struct parse_ctx {
	const char *name;		/* file name as given, never NULL */
	smack_parse_error_fn on_error;	/* may be NULL: errors only counted */
	void *userdata;
	unsigned int errors;		/* errors reported so far */
	struct parse_origins *origins;	/* NULL, or where the entries of the
					 * lines read are recorded */
	parse_comment_fn on_comment;	/* NULL, or who keeps the comments */
	void *comment_data;
};

#define PARSE_CTX_INIT(file, fn, data) \
	{ .name = (file) ? (file) : PARSE_DEFAULT_NAME, .on_error = (fn), \
	  .userdata = (data), .errors = 0 }

/*
 * Formats a message (printf style) and hands it to ctx->on_error with
 * ctx->name, line and column; counts it in ctx->errors.  Never fails: if
 * the message cannot be formatted, a fixed one is reported instead.
 */
void parse_error(struct parse_ctx *ctx, unsigned int line,
		 unsigned int column, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * Quotes len bytes of s for a message: "text", escaped by the rule of the
 * tools' cli_escape() (common/cli.c): each control character, DEL, C1
 * control (U+0080 to U+009F) and byte that is not part of valid UTF-8,
 * and '"' and '\\', as a backslash and three octal digits (\033 for ESC,
 * \042 for '"', \134 for '\\'); valid printable UTF-8 as it is.  At most
 * PARSE_QUOTE_MAX bytes of s are quoted, ending on a character's boundary,
 * with "..." after the closing quote when some are left out.  Writes into
 * buf and returns it.
 */
#define PARSE_QUOTE_MAX 64
#define PARSE_QUOTE_SIZE (PARSE_QUOTE_MAX * 4 + 8)
const char *parse_quote(char buf[PARSE_QUOTE_SIZE], const char *s, size_t len);

/* One line, without its line end; valid until the next call on the
 * reader that returned it. */
struct parse_line {
	const char *text;
	size_t len;
	unsigned int number;		/* 1-based */
};

/* One whitespace-separated field of a line (not NUL-terminated). */
struct parse_field {
	const char *text;
	size_t len;
	unsigned int column;		/* 1-based */
};

/*
 * Splits a line into fields, stores the first max of them in fields and
 * returns how many there are in all (which may be more than max, so that
 * "expected 3 fields, found 5" can be said).
 */
size_t parse_split(const struct parse_line *line, struct parse_field *fields,
		   size_t max);

/* The field after *pos (a byte offset into the line, 0 at first), for a
 * line of any number of fields: true and *pos moved past it, or false at
 * the end of the line. */
bool parse_next_field(const struct parse_line *line, size_t *pos,
		      struct parse_field *f);

/*
 * parse_split() for a line in the plain form most lines have: fields between
 * single spaces, no blank before the first or after the last (a tab is
 * taken as part of a field, which no label or access string can have).
 * Returns the number of fields, or 0 when the line is not in that form or
 * has more than max fields (parse_split() then tells what it has).
 * Inline: it runs for every line of a policy.
 */
static inline size_t parse_split_plain(const struct parse_line *line,
				       struct parse_field *fields, size_t max)
{
	const char *s = line->text, *end = s + line->len, *p = s, *space;
	size_t n = 0;

	while (n < max) {
		space = memchr(p, ' ', end - p);
		if (!space)
			space = end;
		if (space == p)
			return 0;	/* a blank at an end, or two */
		fields[n].text = p;
		fields[n].len = space - p;
		fields[n].column = p - s + 1;
		n++;
		if (space == end)
			return n;
		p = space + 1;
	}
	return 0;
}

/*
 * Checks a field that must be a label; when it is not, reports
 * 'label "a/b" contains '/'' at the field's column and returns false.
 */
bool parse_check_label(struct parse_ctx *ctx, unsigned int line,
		       const struct parse_field *f);
/* Reports that field f is not a valid label, for the reason given (as
 * label_validate_n() says it), in the words of parse_check_label(). */
void parse_report_label(struct parse_ctx *ctx, unsigned int line,
			const struct parse_field *f, const char *reason);

/*
 * Parses a field that must be an access string into *mask; when it is
 * not one, reports e.g. 'unknown access letter 'q' in "rwq"' at the
 * field's column and returns false.
 */
bool parse_check_access(struct parse_ctx *ctx, unsigned int line,
			const struct parse_field *f, unsigned int *mask);

/*
 * Where each entry of a file comes from, for a parser that makes one entry
 * of each line that is neither blank nor a comment (rules, CIPSO mappings,
 * netlabel entries: every line of a file without errors).  The reader
 * records it as it returns the lines, whoever takes them, in runs: a run
 * says that the file's entry "entry" is at line and column, and each
 * entry after it, up to the next run, one line further at column 1.  A
 * file of entries on consecutive lines has no run at all; a comment or a
 * blank line costs one.  So the origins of a policy take a few bytes a
 * file, not a line number a rule.
 */
struct parse_run {
	uint32_t entry;		/* of its file, 0 for the first */
	uint32_t line, column;
};

struct parse_origins {
	struct parse_run *runs;	/* of every file, in the order read */
	size_t count, cap;
	size_t file_first;	/* the runs of the current file start here */
	uint32_t skipped;	/* lines of the current file with no entry */
	uint32_t skipped_at_run;
};

/* Starts the runs of another file. */
void parse_origins_start(struct parse_origins *o);
/* The line and column of the file's entry (0 its first) from its n runs. */
void parse_origins_find(const struct parse_run *runs, size_t n, size_t entry,
			unsigned int *line, unsigned int *column);

/* Flags of a reader's keep: the lines it returns besides entries. */
#define PARSE_KEEP_COMMENTS	0x1	/* comment lines */
#define PARSE_KEEP_BLANKS	0x2	/* empty lines and lines of blanks */

/* A line reader over a file descriptor or a buffer in memory. */
struct parse_reader {
	struct parse_ctx *ctx;
	int fd;			/* -1 when reading a buffer */
	const char *data;	/* the buffer, or window of what was read */
	char *window;		/* owned read buffer (fd mode), or NULL */
	size_t cap;		/* size of window */
	size_t start;		/* first byte not yet returned */
	size_t end;		/* end of valid bytes in data */
	unsigned int line;	/* number of the last line returned */
	bool eof;
	unsigned int keep;	/* PARSE_KEEP_*, set after init */
};

/* Reads len bytes of buf (which need not be NUL-terminated).  Cannot fail;
 * buf must outlive the reader. */
void parse_reader_buffer(struct parse_reader *r, struct parse_ctx *ctx,
			 const char *buf, size_t len);
/* Reads fd from its current offset to its end, in large chunks; the
 * window grows only for a line longer than it.  Does not close fd. */
void parse_reader_fd(struct parse_reader *r, struct parse_ctx *ctx, int fd);

/*
 * Returns 1 and the next line that is not blank, a comment (unless kept)
 * or in error; 0 at the end of the input; -1 with errno on a failed read
 * or allocation, which has then been reported through ctx.  Records the
 * origins of the lines when ctx->origins is set.
 */
int parse_reader_next(struct parse_reader *r, struct parse_line *line);
/* Frees what the reader allocated; the reader may be reused after init. */
void parse_reader_release(struct parse_reader *r);

/*
 * Parses one open file; name and errors are in ctx.  Returns 0, or -1 with
 * errno (EINVAL when the file had parse errors, already reported).
 */
typedef int (*parse_file_fn)(void *arg, int fd, struct parse_ctx *ctx);

/* Flags of parse_path(). */
#define PARSE_PATH_OPTIONAL	0x1	/* a path that does not exist is no
					 * error: nothing is read */
#define PARSE_PATH_FILE_ONLY	0x2	/* path must be a file, not a
					 * directory */

/*
 * Calls fn for path, if it is a file, or for each file of the directory
 * path, in strcmp() order of their names.  In a directory, the names
 * dir_name_ignored() leaves out (dot files, backups, package-manager
 * leftovers) are skipped, and so is every entry
 * that is not a regular file once symbolic links are followed (as systemd
 * does).  A path that is given by name and is not a regular file (a FIFO,
 * a device, or a directory with PARSE_PATH_FILE_ONLY) is an error, as is
 * a file that cannot be opened or read; each is reported through
 * on_error naming the path.  Every file is tried even after an error.
 *
 * Returns 0 when every call of fn returned 0, else -1 with the errno of
 * the first failure (EINVAL for parse errors).  Never reads a FIFO, so it
 * never blocks on one.
 */
int parse_path(const char *path, unsigned int flags, parse_file_fn fn,
	       void *arg, smack_parse_error_fn on_error, void *userdata);

/*
 * Calls fn for each line of fd that the reader returns (keep: PARSE_KEEP_*
 * for a format whose comments can say something, or a check of the lines
 * themselves) until it returns -1 (which is returned, its errno kept).
 * Returns 0, or -1 with errno EINVAL when a line had an error (reported
 * through ctx), or the errno of a failed read.
 */
typedef int (*parse_line_fn)(void *arg, struct parse_ctx *ctx,
			     const struct parse_line *line);
int parse_lines(struct parse_ctx *ctx, int fd, unsigned int keep,
		parse_line_fn fn, void *arg);
/* The one comment rule: the first non-blank byte of line is '#' or ';'. */
bool parse_is_comment(const struct parse_line *line);
/* Where the text of a comment line starts: just after its '#' or ';'. */
size_t parse_comment_text(const struct parse_line *line);

/*
 * All-or-nothing parsing into a set of records (records.h): path (a file
 * or a directory, as parse_path() reads it) or, when path is NULL, the open
 * fd named name, is parsed into a scratch set, whose records are moved to
 * the end of dst only when every file parsed; dst is unchanged on any
 * error.  parse is called with the scratch struct records as its arg;
 * release frees what the records of a set hold (not the array).
 */
struct parse_records_ops {
	size_t record_size;
	parse_file_fn parse;
	void (*release)(struct records *set);
};
int parse_records_into(struct records *dst,
		       const struct parse_records_ops *ops, const char *path,
		       int fd, const char *name, smack_parse_error_fn on_error,
		       void *userdata);
/* The same for one open file, with the caller's ctx. */
int parse_records_fd(struct records *dst, const struct parse_records_ops *ops,
		     int fd, struct parse_ctx *ctx);

/* Opens path for reading as parse_path() does for a file given by name:
 * -1 (reported through ctx, naming ctx->name) unless it is a regular
 * file.  For parsers of a single file (onlycap). */
int parse_open_file(struct parse_ctx *ctx, const char *path);

/* dir and name joined by a '/' (unless dir ends in one), malloc'ed. */
char *parse_join_path(const char *dir, const char *name);

/* Reads fd to its end into a malloc'ed, NUL-terminated *text: its length,
 * or -1 with errno.  The one whole-file reader (smackfs files, onlycap
 * from a descriptor). */
ssize_t parse_read_all(int fd, char **text);

#endif /* LIBSMACK_PARSE_H */
