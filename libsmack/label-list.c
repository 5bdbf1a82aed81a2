// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Lists of labels: the one-line, space-separated form of onlycap and
 * relabel-self, and the NULL-terminated arrays the getters hand out.
 *
 * The kernel splits these files on spaces only and clears the list when
 * the first token is not a label, so a list is joined here from labels
 * checked one by one, and never ends in a newline.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "libsmack-internal.h"
#include "label-list.h"

SMACK_EXPORT
void smack_label_list_free(char **labels)
{
	char **p;

	if (!labels)
		return;
	for (p = labels; *p; p++)
		free(*p);
	free(labels);
}

ssize_t label_list_join(const char *const *labels, int cnt, char **out)
{
	size_t total = 0, len;
	char *buf, *p;
	int i;

	if (cnt < 0 || (cnt > 0 && !labels)) {
		errno = EINVAL;
		return -1;
	}
	if (cnt == 0) {
		*out = strdup("-");
		return *out ? 1 : -1;
	}
	/* Each label takes at most SMACK_LABEL_LEN bytes and a separator. */
	if ((size_t)cnt > SIZE_MAX / (SMACK_LABEL_LEN + 1)) {
		errno = ENOMEM;
		return -1;
	}
	for (i = 0; i < cnt; i++) {
		if (smack_label_validate(labels[i], NULL) < 0)
			return -1;
		total += strlen(labels[i]) + 1;
	}
	buf = malloc(total);
	if (!buf)
		return -1;
	p = buf;
	for (i = 0; i < cnt; i++) {
		if (i > 0)
			*p++ = ' ';
		len = strlen(labels[i]);
		memcpy(p, labels[i], len);
		p += len;
	}
	*p = '\0';
	*out = buf;
	return p - buf;
}

static size_t count_tokens(const char *s)
{
	size_t n = 0;

	for (s += strspn(s, SMACK_SPACES); *s; s += strspn(s, SMACK_SPACES)) {
		n++;
		s += strcspn(s, SMACK_SPACES);
	}
	return n;
}

int label_list_split(const char *text, char ***labels)
{
	size_t n = count_tokens(text), i = 0, len;
	const char *start;
	char **list;

	if (n >= (size_t)INT_MAX) {
		errno = ENOMEM;
		return -1;
	}
	list = calloc(n + 1, sizeof(*list));
	if (!list)
		return -1;
	while (i < n) {
		start = text + strspn(text, SMACK_SPACES);
		len = strcspn(start, SMACK_SPACES);
		text = start + len;
		if (label_validate_n(start, len, NULL) < 0)
			goto fail;
		list[i] = strndup(start, len);
		if (!list[i])
			goto fail;
		i++;
	}
	*labels = list;
	return (int)n;
fail:
	len = errno;
	smack_label_list_free(list);
	errno = len;
	return -1;
}

int label_list_read_knob(const char *name, char ***labels)
{
	char *text;
	int n;

	if (!labels) {
		errno = EINVAL;
		return -1;
	}
	if (smackfs_read_file(name, &text) < 0)
		return -1;
	n = label_list_split(text, labels);
	if (n < 0 && errno == EINVAL)
		errno = EPROTO;
	free(text);
	return n;
}

int label_list_write_knob(const char *name, const char *const *labels,
			  int cnt)
{
	char *line;
	ssize_t len = label_list_join(labels, cnt, &line);
	int ret, saved;

	if (len < 0)
		return -1;
	ret = smackfs_write_file(name, line, len);
	saved = errno;
	free(line);
	errno = saved;
	return ret;
}
