// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reading CIPSO mapping files into a struct smack_cipso (smack-cipso(5)).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cipso.h"
#include "libsmack-internal.h"
#include "parse.h"

/*
 * Parsing mapping files.  A line is in one of two forms:
 *
 *   list form     LABEL LEVEL [CATEGORY]...         (smack-utils 1.3)
 *   kernel form   LABEL LEVEL COUNT [CATEGORY]...   (cipso2's own, which
 *                 systemd's loader writes to the kernel as it is)
 *
 * "X 3 2 5 7" is 3/2,5,7 in one and 3/5,7 in the other, so the form is
 * never guessed: a comment line "# format: kernel" or "# format: list"
 * sets it for the lines after it (a misspelled one that names a form is an
 * error, not a plain comment), and in a file that has not said, the lines
 * are read in list form and a line that could be in kernel form is refused
 * (smack_cipso_add_from_file(), the 1.3 entry point, reads such a file in
 * list form, as 1.3 did).  Each number is a plain decimal; a sign, a
 * fraction or a hexadecimal prefix is refused rather than read the way
 * sscanf() would.
 */
enum cipso_form { FORM_UNSAID, FORM_LIST, FORM_KERNEL };

/* The value of a field of decimal digits (capped past max); false when
 * the field is not one. */
static bool field_value(const struct parse_field *f, long max, long *value)
{
	long v = 0;
	size_t i;

	for (i = 0; i < f->len; i++) {
		if (f->text[i] < '0' || f->text[i] > '9')
			return false;
		if (v <= max)
			v = v * 10 + (f->text[i] - '0');
	}
	*value = v;
	return true;
}

static bool parse_number(struct parse_ctx *ctx, unsigned int line,
			 const struct parse_field *f, const char *what,
			 long min, long max, long *value)
{
	char q[PARSE_QUOTE_SIZE];

	if (!field_value(f, max, value)) {
		parse_error(ctx, line, f->column, "%s %s is not a number",
			    what, parse_quote(q, f->text, f->len));
		return false;
	}
	if (*value < min || *value > max) {
		parse_error(ctx, line, f->column, "%s %s is out of range "
			    "(%ld..%ld)", what, parse_quote(q, f->text, f->len),
			    min, max);
		return false;
	}
	return true;
}

/* The category fields of a line, checked, into cats (room for max). */
static bool parse_categories(struct parse_ctx *ctx, unsigned int line,
			     const struct parse_field *f, size_t n, int *cats)
{
	bool ok = true;
	long cat;
	size_t i;

	for (i = 0; i < n; i++) {
		if (parse_number(ctx, line, &f[i], "category", 1,
				 CIPSO_MAX_CATEGORY, &cat))
			cats[i] = cat;
		else
			ok = false;
	}
	return ok;
}

/*
 * Whether fields could be a line in kernel form: its third field is the
 * number of fields after it, or the numbers are padded into cipso2's
 * columns (the kernel skips one byte after the label and reads each
 * number in the next 4 bytes), as they must be for systemd's loader.  A
 * line of single spaces and 3-digit numbers falls into the columns too,
 * but needs no padding.
 */
static bool could_be_kernel_form(const struct parse_field *f, size_t n)
{
	unsigned int column = f[0].column + f[0].len + 1;
	bool padded = false;
	long count;
	size_t i;

	if (n < 3)
		return false;
	if (field_value(&f[2], CIPSO_MAX_CATEGORY + 1, &count) &&
	    count == (long)(n - 3))
		return true;
	for (i = 1; i < n; i++, column += CIPSO_COLUMN) {
		if (f[i].column < column ||
		    f[i].column + f[i].len > column + CIPSO_COLUMN)
			return false;
		if (i + 1 < n && f[i + 1].column > f[i].column + f[i].len + 1)
			padded = true;
	}
	return padded;
}

/* Fields a line may have: label, level, count, the most categories. */
#define CIPSO_MAX_FIELDS (3 + CIPSO_MAX_CATEGORY)

/* What a file's lines share: room for the fields and categories of a
 * line, allocated once a file, and the form the file said it is in. */
struct line_room {
	struct records *set;
	struct parse_field *fields;
	int *cats;
	enum cipso_form form;
	bool refuse_unsaid;	/* refuse a line that could be either */
};

/* The first max fields of a comment line after its '#' or ';', with the
 * line's columns; returns how many there are in all. */
static size_t comment_fields(const struct parse_line *line,
			     struct parse_field *f, size_t max)
{
	struct parse_field field;
	size_t pos = parse_comment_text(line), n = 0;

	while (parse_next_field(line, &pos, &field)) {
		if (n < max)
			f[n] = field;
		n++;
	}
	return n;
}

/* Whether a word, in any case, starts with the name of a form. */
static bool starts_with_form(const char *text, size_t len)
{
	return (len >= 6 && strncasecmp(text, "kernel", 6) == 0) ||
	       (len >= 4 && strncasecmp(text, "list", 4) == 0);
}

/* Whether a comment means to say the form: its first word is "format",
 * or "format:" and more, in any case, and the form it names (the rest of
 * that word, or the next) starts with "kernel" or "list".  Any other
 * comment is a plain one, "# Format: LABEL LEVEL CATEGORY..." too. */
static bool is_form_line(const struct parse_field *f, size_t n)
{
	if (!(f[0].len == 6 || (f[0].len >= 7 && f[0].text[6] == ':')) ||
	    strncasecmp(f[0].text, "format", 6) != 0)
		return false;
	if (f[0].len > 7)
		return starts_with_form(f[0].text + 7, f[0].len - 7);
	return n >= 2 && starts_with_form(f[1].text, f[1].len);
}

/* What is wrong with the first word of a form line, or NULL. */
static const char *format_word_fault(const struct parse_field *f)
{
	if (memcmp(f->text, "format", 6) != 0)
		return "write \"format:\" in lower case";
	if (f->len == 6)
		return "a colon must follow \"format\"";
	if (f->len > 7)
		return "a blank must follow \"format:\"";
	return NULL;
}

/* The form a line "# format: FORM" says (fields f, n of them, after the
 * '#'; is_form_line() holds, so a form word is there), or FORM_UNSAID after
 * reporting what is wrong with it: a line meant
 * to say the form that does not is never taken for a plain comment, or
 * the file would be read in the form its author did not mean. */
static enum cipso_form checked_form(struct parse_ctx *ctx, unsigned int line,
				    const struct parse_field *f, size_t n)
{
	const char *fault = format_word_fault(&f[0]);
	char q[PARSE_QUOTE_SIZE];

	if (fault) {
		parse_error(ctx, line, f[0].column, "%s: %s",
			    parse_quote(q, f[0].text, f[0].len), fault);
		return FORM_UNSAID;
	}
	if (n > 2) {
		parse_error(ctx, line, f[2].column, "%s after the form: a form "
			    "line holds nothing else",
			    parse_quote(q, f[2].text, f[2].len));
		return FORM_UNSAID;
	}
	if (f[1].len == 6 && memcmp(f[1].text, "kernel", 6) == 0)
		return FORM_KERNEL;
	if (f[1].len == 4 && memcmp(f[1].text, "list", 4) == 0)
		return FORM_LIST;
	parse_error(ctx, line, f[1].column, "unknown form %s (kernel or list)",
		    parse_quote(q, f[1].text, f[1].len));
	return FORM_UNSAID;
}

/*
 * A comment line "# format: kernel" or "# format: list" sets the form; a
 * comment that means to say one (is_form_line()) otherwise is an error.
 * The entry points of 1.3 (!refuse_unsaid), which read any comment as one,
 * still do: their faults are counted in a scratch context and dropped.
 */
static void read_form(struct line_room *room, struct parse_ctx *ctx,
		      const struct parse_line *line)
{
	struct parse_ctx quiet = PARSE_CTX_INIT(ctx->name, NULL, NULL);
	struct parse_field f[3];
	enum cipso_form form;
	size_t n = comment_fields(line, f, 3);

	if (n == 0 || !is_form_line(f, n))
		return;
	form = checked_form(room->refuse_unsaid ? ctx : &quiet, line->number,
			    f, n);
	if (form != FORM_UNSAID)
		room->form = form;
}

static void report_unsaid(struct parse_ctx *ctx, unsigned int line,
			  const struct parse_field *f)
{
	parse_error(ctx, line, f[2].column,
		    "this line could be in list form (LABEL LEVEL CATEGORY...)"
		    " or in the kernel's (LABEL LEVEL COUNT CATEGORY..., the"
		    " form systemd loads), and the file does not say which:"
		    " put a line \"# format: list\" or \"# format: kernel\""
		    " before it");
}

/* The number of category fields fits the kernel, and in kernel form the
 * count says how many there are; false after reporting. */
static bool check_category_fields(struct parse_ctx *ctx, unsigned int line,
				  const struct parse_field *f, size_t n,
				  bool kernel)
{
	size_t first = kernel ? 3 : 2;
	long count;

	if (kernel && n < 3) {
		parse_error(ctx, line, f[1].column + f[1].len,
			    "a category count must follow the level (the"
			    " file is in kernel form)");
		return false;
	}
	if (n - first > CIPSO_MAX_CATEGORY) {
		parse_error(ctx, line, f[first + CIPSO_MAX_CATEGORY].column,
			    "%zu category fields: at most %d (the kernel's"
			    " limit; a repeated category counts too)",
			    n - first, CIPSO_MAX_CATEGORY);
		return false;
	}
	if (!kernel)
		return true;
	if (!parse_number(ctx, line, &f[2], "category count", 0,
			  CIPSO_MAX_CATEGORY, &count))
		return false;
	if (count == (long)(n - 3))
		return true;
	parse_error(ctx, line, f[2].column,
		    "category count %ld, but %zu categories follow it", count,
		    n - 3);
	return false;
}

/* A parse_line_fn: adds a line's mapping to the set of arg, a line_room,
 * or takes the form a comment line gives. */
static int parse_line(void *arg, struct parse_ctx *ctx,
		      const struct parse_line *line)
{
	struct line_room *room = arg;
	struct parse_field *f = room->fields;
	bool kernel = room->form == FORM_KERNEL, ok;
	size_t n, first = kernel ? 3 : 2;
	long level;

	if (parse_is_comment(line)) {
		read_form(room, ctx, line);
		return 0;
	}
	n = parse_split(line, f, CIPSO_MAX_FIELDS + 1);
	if (room->form == FORM_UNSAID && room->refuse_unsaid &&
	    could_be_kernel_form(f, n)) {
		report_unsaid(ctx, line->number, f);
		return 0;
	}
	ok = parse_check_label(ctx, line->number, &f[0]);
	if (n < 2) {
		parse_error(ctx, line->number, f[0].column + f[0].len,
			    "a level must follow the label");
		return 0;
	}
	if (!parse_number(ctx, line->number, &f[1], "level", 0,
			  CIPSO_MAX_LEVEL, &level))
		ok = false;
	if (!check_category_fields(ctx, line->number, f, n, kernel))
		return 0;
	if (!parse_categories(ctx, line->number, f + first, n - first,
			      room->cats))
		ok = false;
	if (!ok || ctx->errors)
		return 0;	/* nothing will be kept: save the copy */
	return cipso_append_mapping(room->set, f[0].text, f[0].len, level,
			      room->cats, n - first);
}

/* Adds the mappings of one file to set. */
static int parse_mappings(struct records *set, int fd, struct parse_ctx *ctx,
			  bool refuse_unsaid)
{
	struct line_room room = {
		.set = set,
		.fields = malloc((CIPSO_MAX_FIELDS + 1) * sizeof(*room.fields)),
		.cats = malloc(CIPSO_MAX_CATEGORY * sizeof(*room.cats)),
		.form = FORM_UNSAID,
		.refuse_unsaid = refuse_unsaid,
	};
	int ret = -1;

	if (room.fields && room.cats)
		ret = parse_lines(ctx, fd, PARSE_KEEP_COMMENTS, parse_line,
				  &room);
	free(room.fields);
	free(room.cats);
	return ret;
}

/* parse_file_fns: a file that does not say its form, as the tools read
 * it, and as smack_cipso_add_from_file() does. */
static int parse_file(void *arg, int fd, struct parse_ctx *ctx)
{
	return parse_mappings(arg, fd, ctx, true);
}

static int parse_file_1_3(void *arg, int fd, struct parse_ctx *ctx)
{
	return parse_mappings(arg, fd, ctx, false);
}

const struct parse_records_ops cipso_file_parser = {
	.record_size = sizeof(struct cipso_mapping),
	.parse = parse_file,
	.release = cipso_mappings_release,
};

static const struct parse_records_ops mapping_parser_1_3 = {
	.record_size = sizeof(struct cipso_mapping),
	.parse = parse_file_1_3,
	.release = cipso_mappings_release,
};

SMACK_EXPORT
int smack_cipso_parse_fd(struct smack_cipso *handle, int fd, const char *name,
			 smack_parse_error_fn on_error, void *userdata)
{
	if (!handle || fd < 0) {
		errno = EINVAL;
		return -1;
	}
	return parse_records_into(&handle->maps, &cipso_file_parser, NULL, fd,
				  name, on_error, userdata);
}

SMACK_EXPORT
int smack_cipso_parse_path(struct smack_cipso *handle, const char *path,
			   smack_parse_error_fn on_error, void *userdata)
{
	if (!handle || !path) {
		errno = EINVAL;
		return -1;
	}
	return parse_records_into(&handle->maps, &cipso_file_parser, path, -1,
				  NULL, on_error, userdata);
}

int cipso_parse_path_1_3(struct smack_cipso *handle, const char *path)
{
	return parse_records_into(&handle->maps, &mapping_parser_1_3, path,
				  -1, NULL, NULL, NULL);
}

SMACK_EXPORT
int smack_cipso_add_from_file(struct smack_cipso *handle, int fd)
{
	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	return parse_records_into(&handle->maps, &mapping_parser_1_3, NULL,
				  fd, NULL, NULL, NULL);
}
