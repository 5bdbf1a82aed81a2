// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chsmack: label specifications (smack-labels(5)).  See chsmack-spec.h.
 *
 * A line is: PATTERN [TYPE] ATTRIBUTE...  with blanks between the fields.
 * PATTERN is a POSIX extended regular expression that must match the
 * whole absolute path; TYPE is "--", "-d", "-l", "-c", "-b", "-p" or "-s";
 * each ATTRIBUTE is access=LABEL, execute=LABEL, mmap=LABEL or transmute
 * (the values may be quoted as chsmack lists them), or the single word
 * <<none>>.  Blank lines and lines starting with '#' or ';' are skipped; a
 * field starting with '#' after the pattern starts a comment.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chsmack-spec.h"
#include "dir-names.h"

struct label_spec {
	struct spec_rule **rules;
	size_t count;
	size_t size;
	char **files;		/* the names rules point to */
	size_t nfiles;
	size_t files_size;
	smack_parse_error_fn on_error;
	void *userdata;
};

/* Where a parse is, for its messages. */
struct parser {
	struct label_spec *spec;
	const char *file;
	unsigned int line;
	unsigned int errors;
	char *start;		/* of the line, for columns */
};

/* The file types a line may name: "-" and one of these letters ('-' for
 * a regular file), the type of each at the same place. */
static const char type_letters[] = "-dlcbps";
static const mode_t file_types[] = {
	S_IFREG, S_IFDIR, S_IFLNK, S_IFCHR, S_IFBLK, S_IFIFO, S_IFSOCK,
};

#define LEAVE_ALONE "<<none>>"

struct label_spec *spec_new(smack_parse_error_fn on_error, void *userdata)
{
	struct label_spec *spec = calloc(1, sizeof(*spec));

	if (spec) {
		spec->on_error = on_error;
		spec->userdata = userdata;
	}
	return spec;
}

static void rule_free(struct spec_rule *rule, bool compiled)
{
	int a;

	if (compiled)
		regfree(&rule->pattern);
	for (a = 0; a < ATTR_COUNT; a++)
		free(rule->value[a]);
	free(rule);
}

void spec_free(struct label_spec *spec)
{
	size_t i;

	if (!spec)
		return;
	for (i = 0; i < spec->count; i++)
		rule_free(spec->rules[i], true);
	for (i = 0; i < spec->nfiles; i++)
		free(spec->files[i]);
	free(spec->rules);
	free(spec->files);
	free(spec);
}

size_t spec_rule_count(const struct label_spec *spec)
{
	return spec->count;
}

__attribute__((format(printf, 3, 4)))
static void report(struct parser *p, const char *at, const char *fmt, ...)
{
	unsigned int column = at ? at - p->start + 1 : 0;
	char *message;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&message, fmt, ap);
	va_end(ap);
	if (p->spec->on_error)
		p->spec->on_error(p->spec->userdata, p->file, p->line, column,
				  ret < 0 ? "out of memory" : message);
	if (ret >= 0)
		free(message);
	p->errors++;
}

/* A copy of name that lives as long as the spec (rules point to it). */
static const char *keep_name(struct label_spec *spec, const char *name)
{
	char *copy;

	if (array_reserve((void **)&spec->files, &spec->files_size,
			  spec->nfiles + 1, sizeof(*spec->files)) < 0)
		return NULL;
	copy = strdup(name);
	if (copy)
		spec->files[spec->nfiles++] = copy;
	return copy;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The next blank-separated field of *s, NUL-terminated in place; NULL at
 * the end of the line. */
static char *next_field(char **s)
{
	char *p = *s, *start;

	while (is_blank(*p))
		p++;
	if (!*p)
		return NULL;
	start = p;
	while (*p && !is_blank(*p))
		p++;
	if (*p)
		*p++ = '\0';
	*s = p;
	return start;
}

static void compile_pattern(struct parser *p, struct spec_rule *rule,
			    const char *pattern, bool *compiled)
{
	char *anchored, message[256];
	int ret;

	if (asprintf(&anchored, "^(%s)$", pattern) < 0) {
		report(p, pattern, "out of memory");
		return;
	}
	ret = regcomp(&rule->pattern, anchored, REG_EXTENDED | REG_NOSUB);
	free(anchored);
	if (ret == 0) {
		*compiled = true;
		return;
	}
	regerror(ret, &rule->pattern, message, sizeof(message));
	report(p, pattern, "bad pattern \"%.*s%s\": %s", SHOW(pattern),
	       message);
}

/* field starts with '-'. */
static void parse_type(struct parser *p, struct spec_rule *rule,
		       const char *field)
{
	const char *letter = field[1] ? strchr(type_letters, field[1]) : NULL;

	if (letter && !field[2]) {
		rule->type = file_types[letter - type_letters];
		return;
	}
	report(p, field,
	       "unknown file type \"%.*s%s\" (one of --, -d, -l, -c, -b, -p, -s)",
	       SHOW(field));
}

static int attr_of_key(const char *key)
{
	int a;

	if (strcmp(key, "exec") == 0)
		return ATTR_EXEC;
	for (a = 0; a < ATTR_COUNT; a++)
		if (strcmp(key, attr_key[a]) == 0)
			return a;
	return -1;
}

/* Strips the quotes of "value" in place; -1 when they do not pair. */
static int unquote(char **value)
{
	size_t len = strlen(*value);

	if (**value != '"')
		return 0;
	if (len < 2 || (*value)[len - 1] != '"')
		return -1;
	(*value)[len - 1] = '\0';
	(*value)++;
	return 0;
}

static void set_value(struct parser *p, struct spec_rule *rule, enum attr a,
		      const char *value, const char *at)
{
	const char *why;

	if (attr_validate(a, value, &why) < 0) {
		report(p, at, "%s %s \"%.*s%s\" %s", attr_key[a],
		       a == ATTR_TRANSMUTE ? "value" : "label", SHOW(value),
		       why);
		return;
	}
	rule->value[a] = strdup(value);
	if (!rule->value[a]) {
		report(p, at, "out of memory");
		return;
	}
	plan_set(&rule->plan, a, rule->value[a]);
}

static void parse_attribute(struct parser *p, struct spec_rule *rule,
			    char *field, unsigned int *given)
{
	char *value = strchr(field, '=');
	int a;

	if (value)
		*value++ = '\0';
	a = attr_of_key(field);
	if (a < 0) {
		if (field[0] == '-')
			report(p, field,
			       "the file type \"%.*s%s\" must follow the pattern",
			       SHOW(field));
		else
			report(p, field,
			       "unknown attribute \"%.*s%s\" (access, execute, mmap or transmute)",
			       SHOW(field));
		return;
	}
	if (*given & (1u << a)) {
		report(p, field, "%s given twice", attr_key[a]);
		return;
	}
	*given |= 1u << a;
	if (!value && a != ATTR_TRANSMUTE) {
		report(p, field, "%s needs a label: %s=LABEL", attr_key[a],
		       attr_key[a]);
		return;
	}
	if (!value) {
		set_value(p, rule, a, TRANSMUTE_VALUE, field);
		return;
	}
	/* An error is at the attribute's column, not its value's. */
	if (unquote(&value) < 0) {
		report(p, field, "%s value has an unmatched '\"'", attr_key[a]);
		return;
	}
	set_value(p, rule, a, value, field);
}

/* The attributes after the pattern and type: all of a file's labels, so
 * those not named are to be removed. */
static void parse_attributes(struct parser *p, struct spec_rule *rule,
			     char *field, char **rest, const char *line_end)
{
	unsigned int given = 0;
	int a;

	for (a = 0; a < ATTR_COUNT; a++)
		plan_remove(&rule->plan, a);
	if (!field || field[0] == '#') {
		report(p, field ? field : line_end,
		       "no attributes (" LEAVE_ALONE
		       " leaves matching files alone)");
		return;
	}
	if (strcmp(field, LEAVE_ALONE) == 0) {
		rule->leave_alone = true;
		field = next_field(rest);
		if (field && field[0] != '#')
			report(p, field, LEAVE_ALONE " stands alone");
		return;
	}
	for (; field && field[0] != '#'; field = next_field(rest)) {
		if (strcmp(field, LEAVE_ALONE) == 0)
			report(p, field, LEAVE_ALONE " stands alone");
		else
			parse_attribute(p, rule, field, &given);
	}
}

static int add_rule(struct label_spec *spec, struct spec_rule *rule)
{
	if (array_reserve((void **)&spec->rules, &spec->size, spec->count + 1,
			  sizeof(*spec->rules)) < 0)
		return -1;
	spec->rules[spec->count++] = rule;
	return 0;
}

/* One line, without its newline, modified in place. */
static void parse_line(struct parser *p, char *line)
{
	char *rest = line, *field, *end = line + strlen(line);
	unsigned int errors = p->errors;
	struct spec_rule *rule;
	bool compiled = false;

	p->start = line;
	field = next_field(&rest);
	if (!field || field[0] == '#' || field[0] == ';')
		return;
	rule = calloc(1, sizeof(*rule));
	if (!rule) {
		report(p, NULL, "out of memory");
		return;
	}
	rule->file = p->file;
	rule->line = p->line;
	compile_pattern(p, rule, field, &compiled);
	field = next_field(&rest);
	if (field && field[0] == '-') {
		parse_type(p, rule, field);
		field = next_field(&rest);
	}
	parse_attributes(p, rule, field, &rest, end);
	if (p->errors == errors && add_rule(p->spec, rule) == 0)
		return;
	if (p->errors == errors)
		report(p, NULL, "out of memory");
	rule_free(rule, compiled);
}

/* Takes one line of len bytes (newline stripped) that may hold NULs. */
static void parse_raw_line(struct parser *p, char *line, size_t len)
{
	size_t nul;

	if (len && line[len - 1] == '\r')
		line[--len] = '\0';
	nul = strlen(line);
	if (nul < len) {
		p->start = line;
		report(p, line + nul, "contains a NUL byte");
		return;
	}
	parse_line(p, line);
}

static int parse_stream(struct label_spec *spec, const char *name, FILE *f)
{
	struct parser p = { .spec = spec, .file = keep_name(spec, name) };
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	if (!p.file) {
		p.file = name;
		report(&p, NULL, "out of memory");
		return -1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		p.line++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		parse_raw_line(&p, line, len);
	}
	if (ferror(f)) {
		p.line = 0;
		report(&p, NULL, "cannot read: %s", strerror(errno));
	}
	free(line);
	return p.errors ? -1 : 0;
}

int spec_add_text(struct label_spec *spec, const char *name,
		  const char *text)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int ret;

	if (!f) {
		struct parser p = { .spec = spec, .file = name };

		report(&p, NULL, "cannot read: %s", strerror(errno));
		return -1;
	}
	ret = parse_stream(spec, name, f);
	fclose(f);
	return ret;
}

static void report_errno(struct label_spec *spec, const char *name,
			 const char *what, int err)
{
	struct parser p = { .spec = spec, .file = name };

	report(&p, NULL, "%s: %s", what, strerror(err));
}

/* Parses the open fd (a regular file); takes fd. */
static int parse_fd(struct label_spec *spec, const char *name, int fd)
{
	FILE *f = fdopen(fd, "r");
	int ret;

	if (!f) {
		report_errno(spec, name, "cannot read", errno);
		close(fd);
		return -1;
	}
	ret = parse_stream(spec, name, f);
	fclose(f);
	return ret;
}

static int add_dir(struct label_spec *spec, const char *path, int fd);

/* Adds name, in the directory dfd, named path in messages: the lines of a
 * regular file.  A file named by the caller (top) may also be a directory,
 * whose files are read, and is anything else an error; a file found in a
 * directory that is not a regular one is skipped. */
static int add_file(struct label_spec *spec, int dfd, const char *name,
		    const char *path, bool top)
{
	struct stat st;
	int fd = openat(dfd, name, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

	/* fstatat() and openat() only, as in the walk (chsmack-walk.c). */
	if (fd < 0 || fstatat(fd, "", &st, AT_EMPTY_PATH) < 0) {
		report_errno(spec, path, "cannot open", errno);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (S_ISREG(st.st_mode))
		return parse_fd(spec, path, fd);
	if (top && S_ISDIR(st.st_mode))
		return add_dir(spec, path, fd);
	close(fd);
	if (!top)
		return 0;
	{
		struct parser p = { .spec = spec, .file = path };

		report(&p, NULL, "not a regular file or a directory");
	}
	return -1;
}

/* One file of a directory: regular files are read, others skipped. */
static int add_dir_entry(struct label_spec *spec, int dfd, const char *dir,
			 const char *name)
{
	char *path;
	int ret;

	if (asprintf(&path, "%s%s%s", dir,
		     dir[strlen(dir) - 1] == '/' ? "" : "/", name) < 0) {
		report_errno(spec, dir, "cannot read directory", ENOMEM);
		return -1;
	}
	ret = add_file(spec, dfd, name, path, false);
	free(path);
	return ret;
}

static int add_dir(struct label_spec *spec, const char *path, int fd)
{
	DIR *dir = fdopendir(fd);
	char **names;
	size_t n, i;
	int ret = 0;

	if (!dir) {
		report_errno(spec, path, "cannot read directory", errno);
		close(fd);
		return -1;
	}
	if (dir_names_sorted(dir, &names, &n) < 0) {
		report_errno(spec, path, "cannot read directory", errno);
		closedir(dir);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (add_dir_entry(spec, fd, path, names[i]) < 0)
			ret = -1;
	dir_names_free(names, n);
	closedir(dir);
	return ret;
}

int spec_add_path(struct label_spec *spec, const char *path)
{
	return add_file(spec, AT_FDCWD, path, path, true);
}

const struct spec_rule *spec_match(const struct label_spec *spec,
				   const char *path, mode_t type)
{
	const struct spec_rule *rule;
	size_t i;

	for (i = spec->count; i-- > 0;) {
		rule = spec->rules[i];
		if (rule->type && rule->type != type)
			continue;
		if (regexec(&rule->pattern, path, 0, NULL, 0) == 0)
			return rule;
	}
	return NULL;
}
