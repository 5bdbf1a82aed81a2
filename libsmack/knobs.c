// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The one-value smackfs files (ambient, syslog, unconfined, logging,
 * ptrace, doi, direct, mapped), onlycap and revoke-subject.
 *
 * The kernel takes junk in several of these files (6.1 sets direct to -1)
 * and reads a bad label as its valid prefix, so every value is checked
 * here first.  Values are written without a newline, which none of the
 * files needs.  A file the running kernel lacks fails with ENOENT, as
 * smackfs_open() reports it.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "label-list.h"

/* CIPSO domains of interpretation are 32-bit; 0 means "unknown". */
#define DOI_MIN 1
#define DOI_MAX 4294967295LL
#define LEVEL_MAX 255

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
	return label_list_write_knob("onlycap", labels, cnt);
}

/* Reads all of fd into a NUL-terminated, malloc'ed string; a NUL byte in
 * the input would hide what follows it, so it is EINVAL. */
static char *read_text(int fd)
{
	size_t size = 0, cap = 0;
	char *buf = NULL, *grown;
	ssize_t n;
	int saved;

	for (;;) {
		if (cap - size < 2) {
			cap = cap ? cap * 2 : 1024;
			grown = realloc(buf, cap);
			if (!grown)
				goto fail;
			buf = grown;
		}
		n = read(fd, buf + size, cap - size - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto fail;
		if (n == 0)
			break;
		size += n;
	}
	buf[size] = '\0';
	if (strlen(buf) != size) {
		errno = EINVAL;
		goto fail;
	}
	return buf;
fail:
	saved = errno;
	free(buf);
	errno = saved;
	return NULL;
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
		while (isspace((unsigned char)*end))
			end++;
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

static int number_knob_set(const char *name, long long min, long long max,
			   long long value)
{
	char buf[24];
	int len;

	if (value < min || value > max) {
		errno = EINVAL;
		return -1;
	}
	len = snprintf(buf, sizeof(buf), "%lld", value);
	return smackfs_write_file(name, buf, len);
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

/* 0 logs nothing, 1 denials, 2 grants, 3 both. */
SMACK_EXPORT
int smack_logging_set(int mode)
{
	return number_knob_set("logging", 0, 3, mode);
}

SMACK_EXPORT
int smack_ptrace_get(int *mode)
{
	return int_knob_get("ptrace", mode);
}

/* 0 the rules decide, 1 exact (same label only), 2 draconian. */
SMACK_EXPORT
int smack_ptrace_set(int mode)
{
	return number_knob_set("ptrace", 0, 2, mode);
}

SMACK_EXPORT
int smack_doi_get(unsigned long *doi)
{
	long long v;

	if (!doi) {
		errno = EINVAL;
		return -1;
	}
	if (number_knob_get("doi", 0, DOI_MAX, &v) < 0)
		return -1;
	*doi = (unsigned long)v;
	return 0;
}

SMACK_EXPORT
int smack_doi_set(unsigned long doi)
{
	if (doi > (unsigned long long)DOI_MAX) {
		errno = EINVAL;
		return -1;
	}
	return number_knob_set("doi", DOI_MIN, DOI_MAX, (long long)doi);
}

/* The kernel keeps any int in direct and mapped (6.1), but a CIPSO level
 * is 0..255, which later kernels enforce. */
SMACK_EXPORT
int smack_direct_get(int *level)
{
	return int_knob_get("direct", level);
}

SMACK_EXPORT
int smack_direct_set(int level)
{
	return number_knob_set("direct", 0, LEVEL_MAX, level);
}

SMACK_EXPORT
int smack_mapped_get(int *level)
{
	return int_knob_get("mapped", level);
}

SMACK_EXPORT
int smack_mapped_set(int level)
{
	return number_knob_set("mapped", 0, LEVEL_MAX, level);
}
