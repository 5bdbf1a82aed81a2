// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chsmack: reading, printing and changing the Smack attributes of one file.
 * See chsmack-labels.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>

#include <sys/smack.h>

#include "cli.h"
#include "chsmack-labels.h"

const char attr_xattr[ATTR_COUNT][sizeof("security.SMACK64TRANSMUTE")] = {
	[ATTR_ACCESS] = XATTR_NAME_SMACK,
	[ATTR_EXEC] = XATTR_NAME_SMACKEXEC,
	[ATTR_MMAP] = XATTR_NAME_SMACKMMAP,
	[ATTR_TRANSMUTE] = XATTR_NAME_SMACKTRANSMUTE,
};

const char attr_key[ATTR_COUNT][sizeof("transmute")] = {
	[ATTR_ACCESS] = "access",
	[ATTR_EXEC] = "execute",
	[ATTR_MMAP] = "mmap",
	[ATTR_TRANSMUTE] = "transmute",
};

char record_end = '\n';

/* Room for any valid label and its NUL before the first resize. */
#define INITIAL_BUFFER (SMACK_LABEL_LEN + 1)

const char *shown_cut(const char *s)
{
	return strlen(s) > SHOWN ? "..." : "";
}

int attr_validate(enum attr a, const char *value, const char **reason)
{
	if (a == ATTR_TRANSMUTE) {
		if (strcmp(value, TRANSMUTE_VALUE) == 0)
			return 0;
		*reason = "is not TRUE";
		return -1;
	}
	if (smack_label_validate(value, reason) < 0)
		return -1;
	/* The kernel refuses these two for SMACK64EXEC and SMACK64MMAP; saying
	 * so now beats an EINVAL for every file of a tree. */
	if ((a == ATTR_EXEC || a == ATTR_MMAP) &&
	    (strcmp(value, "*") == 0 || strcmp(value, "@") == 0)) {
		*reason = "is '*' or '@', which the kernel refuses here";
		return -1;
	}
	return 0;
}

void plan_set(struct label_plan *p, enum attr a, const char *value)
{
	p->op[a] = OP_SET;
	p->value[a] = value;
	p->len[a] = strlen(value);
}

void plan_remove(struct label_plan *p, enum attr a)
{
	p->op[a] = OP_REMOVE;
	p->value[a] = NULL;
	p->len[a] = 0;
}

bool plan_is_empty(const struct label_plan *p)
{
	int a;

	for (a = 0; a < ATTR_COUNT; a++)
		if (p->op[a] != OP_KEEP)
			return false;
	return true;
}

void label_reader_init(struct label_reader *r)
{
	memset(r, 0, sizeof(*r));
}

void label_reader_free(struct label_reader *r)
{
	int a;

	free(r->names);
	for (a = 0; a < ATTR_COUNT; a++)
		free(r->value[a]);
	label_reader_init(r);
}

/* getxattr of xattr, or listxattr when xattr is NULL. */
static ssize_t xattr_call(const char *name, const char *xattr, bool follow,
			  char *buf, size_t size)
{
	if (!xattr)
		return (follow ? listxattr : llistxattr)(name, buf, size);
	return (follow ? getxattr : lgetxattr)(name, xattr, buf, size);
}

/* The answer of xattr_call() into *buf, NUL-terminated, the buffer grown
 * when it does not fit (a size query and a retry, since the answer may
 * grow in between).  For the value of an absent attribute, -1 with
 * ENODATA. */
static ssize_t read_grown(char **buf, size_t *size, const char *name,
			  const char *xattr, bool follow)
{
	ssize_t len;

	if (buffer_reserve(buf, size, INITIAL_BUFFER) < 0)
		return -1;
	for (;;) {
		len = xattr_call(name, xattr, follow, *buf, *size - 1);
		if (len >= 0) {
			(*buf)[len] = '\0';
			return len;
		}
		if (errno != ERANGE)
			return -1;
		len = xattr_call(name, xattr, follow, NULL, 0);
		if (len < 0 || buffer_reserve(buf, size, len + 1) < 0)
			return -1;
	}
}

static int attr_of_xattr(const char *xattr)
{
	int a;

	for (a = 0; a < ATTR_COUNT; a++)
		if (strcmp(xattr, attr_xattr[a]) == 0)
			return a;
	return -1;
}

/* Reads attribute a into out.  An attribute that went away in the
 * meantime, or that the filesystem cannot hold, is absent; so is an empty
 * value, which no attribute can have: Smack kernels answer a read of
 * SMACK64TRANSMUTE on a file without the flag with one. */
static int fill_value(struct label_reader *r, enum attr a, const char *name,
		      bool follow, struct labels *out)
{
	ssize_t len = read_grown(&r->value[a], &r->value_size[a], name,
				 attr_xattr[a], follow);

	if (len < 0) {
		if (errno == ENODATA || errno == ENOTSUP)
			return 0;
		return -1;
	}
	if (len == 0)
		return 0;
	out->present[a] = true;
	out->value[a] = r->value[a];
	out->len[a] = len;
	return 0;
}

int labels_read_stored(struct label_reader *r, const char *name, bool follow,
		       struct labels *out)
{
	ssize_t len;
	const char *n, *end;
	int a;

	memset(out, 0, sizeof(*out));
	len = read_grown(&r->names, &r->names_size, name, NULL, follow);
	if (len < 0)
		return errno == ENOTSUP ? 0 : -1;
	end = r->names + len;
	for (n = r->names; n < end; n += strlen(n) + 1) {
		a = attr_of_xattr(n);
		if (a >= 0 && fill_value(r, a, name, follow, out) < 0)
			return -1;
	}
	return 0;
}

int labels_read_each(struct label_reader *r, const char *name, bool follow,
		     struct labels *out)
{
	int a;

	memset(out, 0, sizeof(*out));
	for (a = 0; a < ATTR_COUNT; a++)
		if (fill_value(r, a, name, follow, out) < 0)
			return -1;
	return 0;
}

/* A value in quotes, or - for none.  A space, quote, backslash or control
 * byte, which no Smack label has (possible only where no Smack kernel
 * checked the value), is written as \ooo: a record stays one line, its
 * quotes balanced, its values separated by spaces. */
static void print_value(FILE *out, bool present, const char *value,
			size_t len)
{
	if (!present) {
		fputc('-', out);
		return;
	}
	fputc('"', out);
	cli_escape(out, value, len, " " CLI_ESCAPE_FIELD);
	fputc('"', out);
}

/* The path that starts a record: escaped, so that it holds no newline and
 * no '"' (the first '"' of a line is a value's), or with -0 as it is, and
 * a NUL after it. */
static void print_path(FILE *out, const char *path)
{
	if (record_end)
		cli_escape(out, path, strlen(path), CLI_ESCAPE_FIELD);
	else
		fwrite(path, 1, strlen(path) + 1, out);
}

void labels_print(FILE *out, const char *path, const struct labels *l)
{
	bool any = false;
	int a;

	print_path(out, path);
	for (a = 0; a < ATTR_COUNT; a++) {
		if (!l->present[a])
			continue;
		fprintf(out, " %s=", attr_key[a]);
		print_value(out, true, l->value[a], l->len[a]);
		any = true;
	}
	if (!any)
		fputs(": No smack property found", out);
	fputc(record_end, out);
}

static bool same_value(const struct labels *cur, enum attr a,
		       const struct label_plan *plan)
{
	return cur->present[a] && cur->len[a] == plan->len[a] &&
	       memcmp(cur->value[a], plan->value[a], plan->len[a]) == 0;
}

bool plan_changes(const struct label_plan *plan, const struct labels *cur,
		  struct label_plan *changes)
{
	bool any = false;
	int a;

	memset(changes, 0, sizeof(*changes));
	for (a = 0; a < ATTR_COUNT; a++) {
		if (plan->op[a] == OP_SET && !same_value(cur, a, plan)) {
			changes->op[a] = OP_SET;
			changes->value[a] = plan->value[a];
			changes->len[a] = plan->len[a];
			any = true;
		} else if (plan->op[a] == OP_REMOVE && cur->present[a]) {
			changes->op[a] = OP_REMOVE;
			any = true;
		}
	}
	return any;
}

void plan_print_change(FILE *out, const char *path, enum attr a,
		       const struct label_plan *changes,
		       const struct labels *cur)
{
	print_path(out, path);
	fprintf(out, ": %s ", attr_key[a]);
	print_value(out, cur->present[a], cur->value[a], cur->len[a]);
	fputs(" -> ", out);
	print_value(out, changes->op[a] == OP_SET, changes->value[a],
		    changes->len[a]);
	fputc(record_end, out);
}

int plan_apply_attr(const struct label_plan *plan, enum attr a,
		    const char *name, bool follow)
{
	int ret;

	switch (plan->op[a]) {
	case OP_SET:
		if (follow)
			return setxattr(name, attr_xattr[a], plan->value[a],
					plan->len[a], 0);
		return lsetxattr(name, attr_xattr[a], plan->value[a],
				 plan->len[a], 0);
	case OP_REMOVE:
		ret = follow ? removexattr(name, attr_xattr[a]) :
			       lremovexattr(name, attr_xattr[a]);
		return ret < 0 && errno == ENODATA ? 0 : ret;
	default:
		return 0;
	}
}

int array_reserve(void **array, size_t *size, size_t need, size_t elem)
{
	size_t n = *size ? 2 * *size : 16;
	void *grown;

	if (need <= *size)
		return 0;
	if (n < need)
		n = need;
	grown = realloc(*array, n * elem);
	if (!grown)
		return -1;
	*array = grown;
	*size = n;
	return 0;
}

ssize_t path_append(char **buf, size_t *size, size_t len, const char *name)
{
	size_t name_len = strlen(name);
	bool slash = len && name_len && (*buf)[len - 1] != '/';

	if (buffer_reserve(buf, size, len + slash + name_len + 1) < 0)
		return -1;
	if (slash)
		(*buf)[len++] = '/';
	memcpy(*buf + len, name, name_len + 1);
	return len + name_len;
}
