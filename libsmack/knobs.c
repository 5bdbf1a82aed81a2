// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The one-value smackfs files (ambient, syslog, unconfined, logging,
 * ptrace, doi, direct, mapped), onlycap and revoke-subject: each on its
 * own, and every knob of the table (knob.h) by its name.
 *
 * The kernel takes junk in several of these files (6.1 sets direct to -1)
 * and reads a bad label as its valid prefix, so every value is checked
 * here first.  Values are written without a newline, which none of the
 * files needs.  A file the running kernel lacks fails with ENOENT, as
 * smackfs_open() reports it.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "knob.h"
#include "label-list.h"
#include "parse.h"

/* ------------------------------------------------------------ labels */

/*
 * Reads a file that holds one label.  ambient, syslog and unconfined end
 * it with a NUL, which the read counts; an unset unconfined is just that
 * NUL, reported as ENODATA.
 */
static ssize_t label_knob_get(const char *name, char **label)
{
	char *text, *copy = NULL;
	size_t len;
	int err = 0;

	if (!label) {
		errno = EINVAL;
		return -1;
	}
	if (smackfs_read_file(name, &text) < 0)
		return -1;
	len = strlen(text);
	if (len > 0 && text[len - 1] == '\n')
		len--;
	if (len == 0)
		err = ENODATA;
	else if (label_validate_n(text, len, NULL) < 0)
		err = EPROTO;
	else if (!(copy = strndup(text, len)))
		err = errno;
	free(text);
	if (err) {
		errno = err;
		return -1;
	}
	*label = copy;
	return len;
}

static int label_knob_set(const char *name, const char *label)
{
	ssize_t len = smack_label_validate(label, NULL);

	if (len < 0)
		return -1;
	return smackfs_write_file(name, label, len);
}

SMACK_EXPORT
int smack_revoke_subject(const char *subject)
{
	return label_knob_set("revoke-subject", subject);
}

SMACK_EXPORT
ssize_t smack_ambient_get(char **label)
{
	return label_knob_get("ambient", label);
}

SMACK_EXPORT
int smack_ambient_set(const char *label)
{
	return label_knob_set("ambient", label);
}

SMACK_EXPORT
ssize_t smack_syslog_get(char **label)
{
	return label_knob_get("syslog", label);
}

SMACK_EXPORT
int smack_syslog_set(const char *label)
{
	return label_knob_set("syslog", label);
}

SMACK_EXPORT
ssize_t smack_unconfined_get(char **label)
{
	return label_knob_get("unconfined", label);
}

SMACK_EXPORT
int smack_unconfined_set(const char *label)
{
	return label_knob_set("unconfined", label);
}

/* ----------------------------------------------------------- onlycap */

SMACK_EXPORT
int smack_set_onlycap(const char **labels, int cnt)
{
	/* libsmack 1.3 documented NULL labels as the empty list, whatever
	 * cnt says. */
	if (!labels)
		cnt = 0;
	return label_list_write_knob("onlycap", labels, cnt);
}

/* All of fd as a string; a NUL byte in it would hide what follows it,
 * so it is EINVAL. */
static char *read_text(int fd)
{
	char *text;
	ssize_t n = parse_read_all(fd, &text);

	if (n < 0)
		return NULL;
	if (strlen(text) != (size_t)n) {
		free(text);
		errno = EINVAL;
		return NULL;
	}
	return text;
}

SMACK_EXPORT
int smack_set_onlycap_from_file(int fd)
{
	char *text = read_text(fd);
	char **labels;
	int cnt, ret, saved;

	if (!text)
		return -1;
	cnt = label_list_split(text, &labels);
	free(text);
	if (cnt < 0)
		return -1;
	ret = label_list_write_knob("onlycap", (const char *const *)labels,
				    cnt);
	saved = errno;
	smack_label_list_free(labels);
	errno = saved;
	return ret;
}

SMACK_EXPORT
int smack_onlycap_get(char ***labels)
{
	return label_list_read_knob("onlycap", labels);
}

/* ----------------------------------------------------------- numbers */

/* Reads a file that holds one decimal number ("1\n", "250"); a value
 * outside min..max cannot be stored by the caller and is EPROTO. */
static int number_knob_get(const char *name, long long min, long long max,
			   long long *value)
{
	char *text, *end;
	long long v;
	int ret = -1;

	if (!value) {
		errno = EINVAL;
		return -1;
	}
	if (smackfs_read_file(name, &text) < 0)
		return -1;
	errno = 0;
	v = strtoll(text, &end, 10);
	if (errno == 0 && end != text) {
		end += strspn(end, SMACK_SPACES);
		if (*end == '\0' && v >= min && v <= max) {
			*value = v;
			ret = 0;
		}
	}
	free(text);
	if (ret < 0)
		errno = EPROTO;
	return ret;
}

int knob_write_number(enum knob_id id, long long number)
{
	const struct knob *k = knob_get(id);
	char buf[24];
	int len;

	if (number < k->min || number > k->max) {
		errno = EINVAL;
		return -1;
	}
	len = snprintf(buf, sizeof(buf), "%lld", number);
	return smackfs_write_file(k->name, buf, len);
}

static int int_knob_get(const char *name, int *value)
{
	long long v;

	if (!value) {
		errno = EINVAL;
		return -1;
	}
	if (number_knob_get(name, INT_MIN, INT_MAX, &v) < 0)
		return -1;
	*value = (int)v;
	return 0;
}

SMACK_EXPORT
int smack_logging_get(int *mode)
{
	return int_knob_get("logging", mode);
}

SMACK_EXPORT
int smack_logging_set(int mode)
{
	return knob_write_number(KNOB_LOGGING, mode);
}

SMACK_EXPORT
int smack_ptrace_get(int *mode)
{
	return int_knob_get("ptrace", mode);
}

SMACK_EXPORT
int smack_ptrace_set(int mode)
{
	return knob_write_number(KNOB_PTRACE, mode);
}

SMACK_EXPORT
int smack_doi_get(unsigned long *doi)
{
	long long v;

	if (!doi) {
		errno = EINVAL;
		return -1;
	}
	if (number_knob_get("doi", 0, knob_get(KNOB_DOI)->max, &v) < 0)
		return -1;
	*doi = (unsigned long)v;
	return 0;
}

SMACK_EXPORT
int smack_doi_set(unsigned long doi)
{
	if ((unsigned long long)doi >
	    (unsigned long long)knob_get(KNOB_DOI)->max) {
		errno = EINVAL;
		return -1;
	}
	return knob_write_number(KNOB_DOI, (long long)doi);
}

SMACK_EXPORT
int smack_direct_get(int *level)
{
	return int_knob_get("direct", level);
}

SMACK_EXPORT
int smack_direct_set(int level)
{
	return knob_write_number(KNOB_DIRECT, level);
}

SMACK_EXPORT
int smack_mapped_get(int *level)
{
	return int_knob_get("mapped", level);
}

SMACK_EXPORT
int smack_mapped_set(int level)
{
	return knob_write_number(KNOB_MAPPED, level);
}

/* ------------------------------------------------------- by the table */

/* A number as knob_read_kernel() takes it: an int, or the doi's u32. */
static int read_number(const struct knob *k, long long *number)
{
	return number_knob_get(k->name, k->max > INT_MAX ? 0 : INT_MIN,
			       k->max > INT_MAX ? k->max : INT_MAX, number);
}

/* The labels of a list or label knob into v. */
static int read_labels(const struct knob *k, struct knob_value *v)
{
	char **list = NULL, *label;
	int ret = 0;

	if (k->kind == KNOB_LIST) {
		ret = label_list_read_knob(k->name, &list);
	} else if (label_knob_get(k->name, &label) >= 0) {
		list = malloc(2 * sizeof(*list));
		if (list) {
			list[0] = label;
			list[1] = NULL;
			ret = 1;
		} else {
			free(label);
			ret = -1;
		}
	} else {
		ret = -1;
	}
	if (ret < 0)
		return -1;
	v->labels = list;
	v->count = ret;
	return 0;
}

int knob_read_kernel(enum knob_id id, struct knob_value *v)
{
	const struct knob *k = knob_get(id);
	int ret;

	memset(v, 0, sizeof(*v));
	if (k->kind == KNOB_NUMBER)
		ret = read_number(k, &v->number);
	else
		ret = read_labels(k, v);
	if (ret < 0)
		return -1;
	v->set = true;
	return 0;
}

int knob_write_kernel(enum knob_id id, const struct knob_value *v)
{
	const struct knob *k = knob_get(id);

	if (k->kind == KNOB_NUMBER)
		return knob_write_number(id, v->number);
	if (k->kind == KNOB_LIST)
		return label_list_write_knob(k->name,
					     (const char *const *)v->labels,
					     v->count);
	if (v->count != 1) {
		errno = EINVAL;
		return -1;
	}
	return label_knob_set(k->name, v->labels[0]);
}

/* Whether list leaves out *self, which it reads (NULL if it cannot). */
static bool onlycap_leaves_out_self(const struct knob_value *list,
				    char **self)
{
	size_t i;

	if (list->count == 0)
		return false;
	if (smack_new_label_from_self(self) < 0) {
		*self = NULL;
		return true;
	}
	for (i = 0; i < list->count; i++)
		if (strcmp(list->labels[i], *self) == 0)
			return false;
	return true;
}

int knob_guard_onlycap(const struct knob_value *list, unsigned int flags,
		       char **self)
{
	*self = NULL;
	if ((flags & SMACK_PLAN_FORCE) || !onlycap_leaves_out_self(list, self)) {
		free(*self);
		*self = NULL;
		return 0;
	}
	errno = ECANCELED;
	return -1;
}

SMACK_EXPORT
int smack_knob_get(const char *name, char **value)
{
	enum knob_id id;
	struct knob_value v;
	int saved;

	if (!knob_find(name, &id) || !value) {
		errno = EINVAL;
		return -1;
	}
	if (knob_read_kernel(id, &v) < 0)
		return -1;
	*value = knob_value_format(knob_get(id), &v);
	saved = errno;
	knob_value_clear(&v);
	errno = saved;
	return *value ? 0 : -1;
}

SMACK_EXPORT
int smack_knob_set(const char *name, const char *value, unsigned int flags)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(name, NULL, NULL);
	enum knob_id id;
	struct knob_value v;
	char *self = NULL;
	int ret, saved;

	if (!knob_find(name, &id) || !value) {
		errno = EINVAL;
		return -1;
	}
	if (knob_parse_value(knob_get(id), value, &ctx, &v) < 0)
		return -1;
	ret = id == KNOB_ONLYCAP ? knob_guard_onlycap(&v, flags, &self) : 0;
	if (ret == 0 && !(flags & SMACK_KNOB_CHECK_ONLY))
		ret = knob_write_kernel(id, &v);
	saved = errno;
	free(self);
	knob_value_clear(&v);
	errno = saved;
	return ret;
}
