// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loading the configuration tree.  See config-tree.h.
 *
 * Rule, CIPSO and netlabel files are parsed by libsmack, so that smackload,
 * smackctl and every other user of the library read a file the same way;
 * the knob files, which only smackctl knows, are parsed here with the same
 * line rules (comments start with '#' or ';', CRLF line ends accepted).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "config-tree.h"
#include "dir-names.h"

/* A knob file is a few labels; anything this big is not one. */
#define KNOB_FILE_MAX (1024 * 1024)

/* Forwards errors to the caller's callback and counts them. */
struct reporter {
	smack_parse_error_fn fn;
	void *userdata;
	unsigned int count;
	bool out_of_memory;	/* a part failed for want of memory */
};

static void report(void *data, const char *file, unsigned int line,
		   unsigned int column, const char *message)
{
	struct reporter *r = data;

	r->count++;
	if (r->fn)
		r->fn(r->userdata, file, line, column, message);
}

/* A failure the parser did not report itself (an unreadable directory,
 * out of memory) is reported here, naming the path. */
static void report_errno(struct reporter *r, const char *path, int err)
{
	if (err == ENOMEM)
		r->out_of_memory = true;
	report(r, path, 0, 0, strerror(err));
}

const char *config_tree_dir(const char *option, bool *explicit)
{
	const char *env;

	*explicit = true;
	if (option)
		return option;
	env = getenv(CONFIG_DIR_ENV);
	if (env && *env)
		return env;
	*explicit = false;
	return SYSCONFDIR "/smack";
}

/*
 * Reads a small regular file whole, never blocking on a FIFO.  -1 with
 * errno, or with *what saying what the file is instead (a directory, a
 * device, a FIFO, a file too large to be a knob).
 */
static int read_small_file(const char *path, char **data, size_t *size,
			   const char **what)
{
	struct stat st;
	ssize_t n = 0;
	size_t got = 0;
	char *buf = NULL;
	int fd, err;

	*what = NULL;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0)
		goto fail;
	if (!S_ISREG(st.st_mode))
		*what = S_ISDIR(st.st_mode) ? "is a directory, not a file" :
			"is not a regular file";
	else if (st.st_size > KNOB_FILE_MAX)
		*what = "is larger than 1 MiB: not a knob file";
	if (*what || !(buf = malloc(st.st_size + 1)))
		goto fail;
	while (got < (size_t)st.st_size) {
		n = read(fd, buf + got, st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += n;
	}
	if (n < 0)
		goto fail;
	close(fd);
	buf[got] = '\0';
	*data = buf;
	*size = got;
	return 0;
fail:
	err = errno;
	free(buf);
	close(fd);
	errno = err;
	return -1;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* One knob file being read, and where its list first grew too long for
 * the kernel (line 0: it has not). */
struct knob_text {
	const struct knob *k;
	const char *path;
	struct knob_value *v;
	struct reporter *r;
	unsigned int long_line, long_column;
};

/* Reports one word's error; why and label_why as knob_add_word() said. */
static void report_word(struct knob_text *t, unsigned int lineno,
			const char *word, size_t len, size_t column,
			const char *why, const char *label_why)
{
	char quoted[CONFIG_QUOTE_SIZE], msg[CONFIG_QUOTE_SIZE + 128];

	if (why == knob_out_of_memory)
		t->r->out_of_memory = true;
	config_quote(quoted, word, len);
	if (label_why)
		snprintf(msg, sizeof(msg), "label %s %s", quoted, label_why);
	else
		snprintf(msg, sizeof(msg), "%s: %s %s", t->k->name, quoted,
			 why);
	report(t->r, t->path, lineno, column, msg);
}

/* Adds the words of one line to the value; false after reporting an
 * error. */
static bool parse_knob_line(struct knob_text *t, unsigned int lineno,
			    const char *line, size_t len)
{
	const char *why, *label_why;
	size_t i = 0, start;
	bool ok = true;

	while (i < len) {
		while (i < len && is_blank(line[i]))
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && !is_blank(line[i]))
			i++;
		why = knob_add_word(t->k, t->v, line + start, i - start,
				    &label_why);
		if (why) {
			report_word(t, lineno, line + start, i - start,
				    start + 1, why, label_why);
			ok = false;
		} else if (!t->long_line && !knob_value_fits(t->k, t->v)) {
			t->long_line = lineno;
			t->long_column = start + 1;
		}
	}
	return ok;
}

static bool is_comment_or_blank(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && is_blank(line[i]))
		i++;
	return i == len || line[i] == '#' || line[i] == ';';
}

/* The error of a list too long for one write, at the label that made it
 * so. */
static void report_too_long(struct knob_text *t)
{
	char msg[160];

	snprintf(msg, sizeof(msg), "%s: the list is %zu bytes long from this"
		 " label on; the kernel takes at most %zu in one write",
		 t->k->name, knob_value_bytes(t->v), knob_write_max());
	report(t->r, t->path, t->long_line, t->long_column, msg);
}

static int parse_knob_text(struct knob_text *t, const char *data,
			   size_t size)
{
	const char *line = data, *end = data + size, *nl;
	unsigned int lineno = 0;
	size_t len;
	bool ok = true;

	while (line < end) {
		nl = memchr(line, '\n', end - line);
		len = (nl ? nl : end) - line;
		lineno++;
		if (len && line[len - 1] == '\r')
			len--;
		if (!is_comment_or_blank(line, len) &&
		    !parse_knob_line(t, lineno, line, len))
			ok = false;
		if (!nl)
			break;
		line = nl + 1;
	}
	if (t->long_line) {
		report_too_long(t);
		ok = false;
	}
	if (ok && t->k->kind != KNOB_LIST && !t->v->set) {
		report(t->r, t->path, 0, 0, "has no value");
		ok = false;
	}
	/* An onlycap file without labels says "no onlycap list". */
	if (ok)
		t->v->set = true;
	return ok ? 0 : -1;
}

static int load_knob_file(const struct knob *k, const char *path,
			  struct knob_value *v, struct reporter *r)
{
	struct knob_text t = { k, path, v, r, 0, 0 };
	const char *what;
	char *data;
	size_t size;
	int ret;

	memset(v, 0, sizeof(*v));
	if (read_small_file(path, &data, &size, &what) < 0) {
		if (what)
			report(r, path, 0, 0, what);
		else if (errno == ENOENT)
			return 0;
		else
			report_errno(r, path, errno);
		return -1;
	}
	if (memchr(data, '\0', size)) {
		report(r, path, 0, 0, "contains a NUL byte");
		free(data);
		return -1;
	}
	ret = parse_knob_text(&t, data, size);
	free(data);
	if (ret < 0)
		knob_value_clear(v);
	return ret;
}

int config_parse_knob_file(const struct knob *k, const char *path,
			   struct knob_value *v, smack_parse_error_fn on_error,
			   void *userdata)
{
	struct reporter r = { on_error, userdata, 0, false };

	return load_knob_file(k, path, v, &r);
}

static char *join(const char *dir, const char *name)
{
	char *path;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		return NULL;
	return path;
}

static bool is_directory(const char *path, struct reporter *r)
{
	struct stat st;

	if (stat(path, &st) < 0) {
		report_errno(r, path, errno);
		return false;
	}
	if (!S_ISDIR(st.st_mode)) {
		report_errno(r, path, ENOTDIR);
		return false;
	}
	return true;
}

enum section { SECTION_RULES, SECTION_CIPSO, SECTION_NETLABEL };

/* Remembers a file that had errors: nothing of it is in the tree. */
static void refuse_file(struct config_tree *tree, const char *path,
			struct reporter *r)
{
	char **grown = realloc(tree->refused,
			       (tree->refused_count + 1) * sizeof(*grown));

	if (grown)
		tree->refused = grown;
	if (!grown || !(grown[tree->refused_count] = strdup(path))) {
		r->out_of_memory = true;
		return;
	}
	tree->refused_count++;
}

/* Parses one file, or a directory as the library reads it, into the
 * section's handle: all of it, or nothing when it has errors. */
static int parse_section(struct config_tree *tree, enum section which,
			 const char *path, struct reporter *r)
{
	unsigned int before = r->count;
	int ret;

	switch (which) {
	case SECTION_RULES:
		ret = smack_accesses_parse_path(tree->rules, path, report, r);
		break;
	case SECTION_CIPSO:
		ret = smack_cipso_parse_path(tree->cipso, path, report, r);
		break;
	default:
		ret = smack_netlabel_parse_path(tree->netlabel, path, report,
						r);
		break;
	}
	if (ret < 0 && errno == ENOMEM)
		r->out_of_memory = true;
	if (ret < 0 && r->count == before)
		report_errno(r, path, errno);
	if (ret < 0)
		refuse_file(tree, path, r);
	return ret;
}

/*
 * The files of a section's directory, each parsed on its own, so that
 * apply --keep-going can load those that are valid: the names and the
 * order of the library's walk (dir_names_sorted()), entries that are not
 * regular files skipped as it skips them (one that cannot be looked at is
 * left to the parser to report).
 */
static void parse_section_dir(struct config_tree *tree, enum section which,
			      const char *dir, struct reporter *r)
{
	struct stat st;
	char **names, *path;
	size_t n, i;
	DIR *d = opendir(dir);

	if (!d || dir_names_sorted(d, &names, &n) < 0) {
		report_errno(r, dir, errno);
		refuse_file(tree, dir, r);
		if (d)
			closedir(d);
		return;
	}
	closedir(d);
	for (i = 0; i < n; i++) {
		path = join(dir, names[i]);
		if (!path) {
			report_errno(r, dir, ENOMEM);
			break;
		}
		if (stat(path, &st) < 0 || S_ISREG(st.st_mode))
			parse_section(tree, which, path, r);
		free(path);
	}
	dir_names_free(names, n);
}

static int load_sections(struct config_tree *tree, struct reporter *r)
{
	static const char *const names[] = {
		[SECTION_RULES] = "accesses.d",
		[SECTION_CIPSO] = "cipso.d",
		[SECTION_NETLABEL] = "netlabel.d",
	};
	struct stat st;
	size_t i;
	char *path;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		path = join(tree->dir, names[i]);
		if (!path)
			return -1;
		if (stat(path, &st) == 0) {
			if (S_ISDIR(st.st_mode))
				parse_section_dir(tree, i, path, r);
			else
				parse_section(tree, i, path, r);
			if (i == SECTION_NETLABEL)
				tree->has_netlabel = true;
		} else if (errno != ENOENT) {
			report_errno(r, path, errno);
			refuse_file(tree, path, r);
		}
		free(path);
	}
	return 0;
}

static int load_knobs(struct config_tree *tree, struct reporter *r)
{
	size_t i;
	char *path;

	for (i = 0; i < KNOB_COUNT; i++) {
		path = join(tree->dir, knob_get(i)->name);
		if (!path)
			return -1;
		if (load_knob_file(knob_get(i), path, &tree->knobs[i], r) < 0)
			refuse_file(tree, path, r);
		free(path);
	}
	return 0;
}

static int new_handles(struct config_tree *tree)
{
	if (smack_accesses_new(&tree->rules) < 0) {
		tree->rules = NULL;
		return -1;
	}
	if (smack_cipso_new(&tree->cipso) < 0) {
		tree->cipso = NULL;
		return -1;
	}
	if (smack_netlabel_new(&tree->netlabel) < 0) {
		tree->netlabel = NULL;
		return -1;
	}
	return 0;
}

int config_tree_load(struct config_tree *tree, const char *dir,
		     bool explicit, smack_parse_error_fn on_error,
		     void *userdata)
{
	struct reporter r = { on_error, userdata, 0, false };
	struct stat st;

	memset(tree, 0, sizeof(*tree));
	tree->dir = strdup(dir);
	if (!tree->dir || new_handles(tree) < 0) {
		report_errno(&r, dir, ENOMEM);
		tree->errors = r.count;
		errno = ENOMEM;
		return -1;
	}
	if (stat(dir, &st) < 0 && errno == ENOENT && !explicit) {
		tree->dir_missing = true;
		return 0;
	}
	if (!is_directory(dir, &r)) {
		tree->errors = r.count;
		return -1;
	}
	if (load_sections(tree, &r) < 0 || load_knobs(tree, &r) < 0)
		report_errno(&r, dir, ENOMEM);
	tree->errors = r.count;
	if (!tree->errors)
		return 0;
	/* Whatever a part that failed left in errno is long gone. */
	errno = r.out_of_memory ? ENOMEM : EINVAL;
	return -1;
}

void config_tree_free(struct config_tree *tree)
{
	size_t i;

	smack_accesses_free(tree->rules);
	smack_cipso_free(tree->cipso);
	smack_netlabel_free(tree->netlabel);
	for (i = 0; i < KNOB_COUNT; i++)
		knob_value_clear(&tree->knobs[i]);
	for (i = 0; i < tree->refused_count; i++)
		free(tree->refused[i]);
	free(tree->refused);
	free(tree->dir);
	memset(tree, 0, sizeof(*tree));
}

struct nth_rule {
	size_t wanted, seen;
};

static int warn_nth(void *data, const char *subject, const char *object,
		    const char *access, const char *deny)
{
	struct nth_rule *n = data;

	if (n->seen++ < n->wanted)
		return 0;
	cli_warn("the rule was \"%s %s %s%s%s\"", subject, object, access,
		 deny ? " " : "", deny ? deny : "");
	return 1;
}

void config_warn_rule(const struct smack_accesses *rules, size_t index)
{
	struct nth_rule n = { index, 0 };
	int saved = errno;

	smack_accesses_foreach(rules, warn_nth, &n);
	errno = saved;
}
