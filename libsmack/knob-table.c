// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The knobs of smack-knobs(5): the one table of their names, kinds and
 * ranges, their values, and the one parser of a value's text, whether it
 * comes from a knob file of the tree or from a caller (smack_knob_check(),
 * smackctl knob).  See knob.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "knob.h"
#include "parse.h"

static const char *const logging_words[] = {
	"none", "denied", "accepted", "both", NULL
};
static const char *const ptrace_words[] = {
	"default", "exact", "draconian", NULL
};

#define LEVEL_RANGE "is not a number from 0 to 255"

static const struct knob knobs[KNOB_COUNT] = {
	[KNOB_ONLYCAP] = { "onlycap", KNOB_LIST, 0, 0, NULL, NULL },
	[KNOB_AMBIENT] = { "ambient", KNOB_LABEL, 0, 0, NULL, NULL },
	[KNOB_LOGGING] = { "logging", KNOB_NUMBER, 0, 3, logging_words,
		"is not 0, 1, 2, 3, none, denied, accepted or both" },
	[KNOB_PTRACE] = { "ptrace", KNOB_NUMBER, 0, 2, ptrace_words,
		"is not 0, 1, 2, default, exact or draconian" },
	[KNOB_SYSLOG] = { "syslog", KNOB_LABEL, 0, 0, NULL, NULL },
	[KNOB_UNCONFINED] = { "unconfined", KNOB_LABEL, 0, 0, NULL, NULL },
	/* A CIPSO domain of interpretation is 32 bits; 0 means none. */
	[KNOB_DOI] = { "doi", KNOB_NUMBER, 1, 4294967295LL, NULL,
		"is not a number from 1 to 4294967295" },
	/* The kernel keeps any int in direct and mapped (6.1), but a CIPSO
	 * level is 0..255, which later kernels enforce. */
	[KNOB_DIRECT] = { "direct", KNOB_NUMBER, 0, 255, NULL, LEVEL_RANGE },
	[KNOB_MAPPED] = { "mapped", KNOB_NUMBER, 0, 255, NULL, LEVEL_RANGE },
};

/* A knob file is a few labels; anything this big is not one. */
#define KNOB_FILE_MAX (1024 * 1024)

const struct knob *knob_get(enum knob_id id)
{
	return id < KNOB_COUNT ? &knobs[id] : NULL;
}

const struct knob *knob_find(const char *name, enum knob_id *id)
{
	size_t i;

	for (i = 0; name && i < KNOB_COUNT; i++) {
		if (strcmp(knobs[i].name, name) == 0) {
			if (id)
				*id = i;
			return &knobs[i];
		}
	}
	return NULL;
}

/* ------------------------------------------------------------ values */

void knob_value_clear(struct knob_value *v)
{
	size_t i;

	for (i = 0; i < v->count; i++)
		free(v->labels[i]);
	free(v->labels);
	memset(v, 0, sizeof(*v));
}

static bool list_contains(const struct knob_value *v, const char *label,
			  size_t len)
{
	size_t i;

	for (i = 0; i < v->count; i++)
		if (strncmp(v->labels[i], label, len) == 0 &&
		    v->labels[i][len] == '\0')
			return true;
	return false;
}

static bool list_within(const struct knob_value *a, const struct knob_value *b)
{
	size_t i;

	for (i = 0; i < a->count; i++)
		if (!list_contains(b, a->labels[i], strlen(a->labels[i])))
			return false;
	return true;
}

bool knob_value_equal(const struct knob *k, const struct knob_value *a,
		      const struct knob_value *b)
{
	if (k->kind == KNOB_NUMBER)
		return a->number == b->number;
	return list_within(a, b) && list_within(b, a);
}

/* Adds a copy of label (len bytes) to the list; a repeat is dropped. */
static int append_label(struct knob_value *v, const char *label, size_t len)
{
	char **grown, *copy;

	if (list_contains(v, label, len))
		return 0;
	grown = realloc(v->labels, (v->count + 2) * sizeof(*grown));
	if (!grown)
		return -1;
	v->labels = grown;
	copy = strndup(label, len);
	if (!copy)
		return -1;
	grown[v->count++] = copy;
	grown[v->count] = NULL;
	return 0;
}

int knob_value_copy(struct knob_value *dst, const struct knob_value *src)
{
	size_t i;

	memset(dst, 0, sizeof(*dst));
	dst->set = src->set;
	dst->number = src->number;
	for (i = 0; i < src->count; i++) {
		if (append_label(dst, src->labels[i],
				 strlen(src->labels[i])) < 0) {
			knob_value_clear(dst);
			errno = ENOMEM;
			return -1;
		}
	}
	return 0;
}

size_t knob_write_max(void)
{
	long page = sysconf(_SC_PAGESIZE);

	return page > 0 ? (size_t)page : 4096;
}

/* Labels are written joined by single spaces. */
size_t knob_value_bytes(const struct knob_value *v)
{
	size_t i, n = 0;

	for (i = 0; i < v->count; i++)
		n += strlen(v->labels[i]) + 1;
	return n ? n - 1 : 0;
}

char *knob_value_format(const struct knob *k, const struct knob_value *v)
{
	char *text, *p;
	size_t i;

	if (k->kind == KNOB_NUMBER) {
		text = malloc(24);
		if (text)
			snprintf(text, 24, "%lld", v->number);
		return text;
	}
	if (v->count == 0)
		return strdup("-");
	text = malloc(knob_value_bytes(v) + 1);
	if (!text)
		return NULL;
	for (p = text, i = 0; i < v->count; i++) {
		if (i)
			*p++ = ' ';
		p = stpcpy(p, v->labels[i]);
	}
	return text;
}

/* ------------------------------------------------------------ parsing */

/* One value being parsed, and where its list first grew too long for
 * the kernel. */
struct knob_text {
	const struct knob *k;
	struct knob_value *v;
	struct parse_ctx *ctx;
	bool in_file;		/* messages of a value name its knob */
	unsigned int line, column;	/* of the first word */
	bool too_long;
	unsigned int long_line, long_column;
	unsigned int errors;
};

/* A number or its word into v; NULL, or why it is not one. */
static const char *add_number(const struct knob *k, struct knob_value *v,
			      const struct parse_field *f)
{
	long long n = 0;
	size_t i;

	for (i = 0; k->words && k->words[i]; i++) {
		if (strlen(k->words[i]) == f->len &&
		    memcmp(k->words[i], f->text, f->len) == 0) {
			v->number = i;
			return NULL;
		}
	}
	/* At most 10 digits: enough for 4294967295, no overflow. */
	if (f->len == 0 || f->len > 10)
		return k->range;
	for (i = 0; i < f->len; i++) {
		if (f->text[i] < '0' || f->text[i] > '9')
			return k->range;
		n = n * 10 + (f->text[i] - '0');
	}
	if (n < k->min || n > k->max)
		return k->range;
	v->number = n;
	return NULL;
}

/* The word's error: why (and the label's own reason, label_why). */
static void report_word(struct knob_text *t, unsigned int line,
			const struct parse_field *f, const char *why,
			const char *label_why)
{
	/* A value given as text has no place in a file. */
	unsigned int column = t->in_file ? f->column : 0;
	char q[PARSE_QUOTE_SIZE];

	parse_quote(q, f->text, f->len);
	if (label_why)
		parse_error(t->ctx, line, column, "%s%slabel %s %s",
			    t->in_file ? "" : t->k->name,
			    t->in_file ? "" : ": ", q, label_why);
	else
		parse_error(t->ctx, line, column, "%s: %s %s", t->k->name,
			    q, why);
}

/* Adds one word to the value, or reports it; -1 only when memory runs
 * out. */
static int add_word(struct knob_text *t, unsigned int line,
		    const struct parse_field *f)
{
	const char *why = NULL, *label_why = NULL;

	if (t->k->kind != KNOB_LIST && t->v->set)
		why = "takes a single value";
	else if (t->k->kind == KNOB_NUMBER)
		why = add_number(t->k, t->v, f);
	else if (label_validate_n(f->text, f->len, &label_why) < 0)
		why = label_why;
	else if (append_label(t->v, f->text, f->len) < 0)
		return -1;
	if (why) {
		report_word(t, line, f, why, label_why);
		return 0;
	}
	if (!t->v->set) {
		t->line = line;
		t->column = f->column;
	}
	t->v->set = true;
	if (!t->too_long && knob_value_bytes(t->v) > knob_write_max()) {
		t->too_long = true;
		t->long_line = line;
		t->long_column = f->column;
	}
	return 0;
}

/* A parse_line_fn: the words of one line. */
static int add_line(void *arg, struct parse_ctx *ctx,
		    const struct parse_line *line)
{
	struct knob_text *t = arg;
	struct parse_field f;
	size_t pos = 0;

	while (parse_next_field(line, &pos, &f))
		if (add_word(t, line->number, &f) < 0) {
			parse_error(ctx, line->number, f.column,
				    "out of memory");
			errno = ENOMEM;
			return -1;
		}
	return 0;
}

/* What is wrong with the value as a whole, once every word is in. */
static void check_whole(struct knob_text *t)
{
	size_t max = knob_write_max();

	if (t->too_long && t->in_file)
		parse_error(t->ctx, t->long_line, t->long_column,
			    "%s: the list is %zu bytes long from this label on;"
			    " the kernel takes at most %zu in one write",
			    t->k->name, knob_value_bytes(t->v), max);
	else if (t->too_long)
		parse_error(t->ctx, 0, 0, "%s: the list is %zu bytes long; the"
			    " kernel takes at most %zu in one write",
			    t->k->name, knob_value_bytes(t->v), max);
	if (t->k->kind != KNOB_LIST && !t->v->set)
		parse_error(t->ctx, 0, 0, "%s%shas no value",
			    t->in_file ? "" : t->k->name,
			    t->in_file ? "" : ": ");
}

/* The end of a parse: v kept, or cleared after an error. */
static int finish(struct knob_text *t, int ret)
{
	int saved = errno;

	if (ret == 0 && t->ctx->errors == t->errors)
		check_whole(t);
	if (ret == 0 && t->ctx->errors == t->errors) {
		/* A list without labels says "no onlycap list". */
		t->v->set = true;
		return 0;
	}
	knob_value_clear(t->v);
	errno = ret < 0 ? saved : EINVAL;
	return -1;
}

/* Says what a knob file is instead, when it cannot be one. */
static int check_size(struct parse_ctx *ctx, int fd)
{
	off_t size = lseek(fd, 0, SEEK_END);

	if (size < 0 || lseek(fd, 0, SEEK_SET) < 0)
		return 0;	/* the read says what is wrong */
	if (size <= KNOB_FILE_MAX)
		return 0;
	parse_error(ctx, 0, 0, "is larger than 1 MiB: not a knob file");
	errno = EINVAL;
	return -1;
}

int knob_parse_file(const struct knob *k, int fd, struct parse_ctx *ctx,
		    struct knob_value *v, unsigned int *line,
		    unsigned int *column)
{
	struct knob_text t = { k, v, ctx, true, 0, 0, false, 0, 0,
				ctx->errors };
	int ret;

	memset(v, 0, sizeof(*v));
	ret = check_size(ctx, fd);
	if (ret == 0)
		ret = parse_lines(ctx, fd, 0, add_line, &t);
	if (ret < 0 && errno == EINVAL)
		ret = 0;	/* the errors are counted in ctx */
	*line = t.line;
	*column = t.column;
	return finish(&t, ret);
}

int knob_parse_value(const struct knob *k, const char *text,
		     struct parse_ctx *ctx, struct knob_value *v)
{
	struct knob_text t = { k, v, ctx, false, 0, 0, false, 0, 0,
				ctx->errors };
	struct parse_line line = { text, strlen(text), 0 };
	struct parse_field f;
	size_t pos = 0;
	int ret;

	memset(v, 0, sizeof(*v));
	/* "-" alone is the kernel's own way to say "an empty list". */
	if (k->kind == KNOB_LIST && parse_next_field(&line, &pos, &f) &&
	    f.len == 1 && f.text[0] == '-' &&
	    !parse_next_field(&line, &pos, &f))
		return finish(&t, 0);
	ret = add_line(&t, ctx, &line);
	return finish(&t, ret);
}

/* ------------------------------------------------------------ the API */

SMACK_EXPORT
const char *smack_knob_name(unsigned int index)
{
	return index < KNOB_COUNT ? knobs[index].name : NULL;
}

SMACK_EXPORT
int smack_knob_info(const char *name, int *kind, const char *const **words)
{
	static const int kinds[] = {
		[KNOB_LABEL] = SMACK_KNOB_LABEL,
		[KNOB_LIST] = SMACK_KNOB_LIST,
		[KNOB_NUMBER] = SMACK_KNOB_NUMBER,
	};
	const struct knob *k = knob_find(name, NULL);

	if (!k) {
		errno = EINVAL;
		return -1;
	}
	if (kind)
		*kind = kinds[k->kind];
	if (words)
		*words = k->words;
	return 0;
}

SMACK_EXPORT
int smack_knob_check(const char *name, const char *value)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(name, NULL, NULL);
	const struct knob *k = knob_find(name, NULL);
	struct knob_value v;

	if (!k || !value) {
		errno = EINVAL;
		return -1;
	}
	if (knob_parse_value(k, value, &ctx, &v) < 0)
		return -1;
	knob_value_clear(&v);
	return 0;
}
