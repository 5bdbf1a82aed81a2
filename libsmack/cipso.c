// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * CIPSO label mappings (struct smack_cipso) and cipso2.
 *
 * A mapping ties a label to a CIPSO level and category set.  The kernel
 * reads a cipso2 write as the label, one separator byte, then numbers that
 * each sit in a 4-byte column (level, category count, categories): it
 * steps 4 bytes at a time whatever the text holds, so a free-form "3 2 5
 * 19" is misread.  It takes one mapping per write and keeps only the first
 * of several.  Mappings are checked when added, so apply never sends the
 * kernel a value it would misread or refuse half-way.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cipso.h"
#include "libsmack-internal.h"

/* label, separator, level, count, categories, newline, NUL */
#define CIPSO_RECORD_MAX (SMACK_LABEL_LEN + 1 + \
			  CIPSO_COLUMN * (2 + CIPSO_MAX_CATEGORY) + 2)

SMACK_EXPORT
int smack_cipso_new(struct smack_cipso **handle)
{
	struct smack_cipso *c;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	c = calloc(1, sizeof(*c));
	if (!c)
		return -1;
	*handle = c;
	return 0;
}

void cipso_mappings_release(struct records *set)
{
	struct cipso_mapping *maps = set->items;
	size_t i;

	for (i = 0; i < set->count; i++) {
		free(maps[i].label);
		free(maps[i].cats);
	}
}

SMACK_EXPORT
void smack_cipso_free(struct smack_cipso *handle)
{
	if (!handle)
		return;
	cipso_mappings_release(&handle->maps);
	free(handle->maps.items);
	free(handle);
}

static const char *check_level(long level)
{
	if (level < 0 || level > CIPSO_MAX_LEVEL)
		return "level must be 0..255";
	return NULL;
}

static const char *check_category(long cat)
{
	if (cat < 1 || cat > CIPSO_MAX_CATEGORY)
		return "category must be 1..184";
	return NULL;
}

static int compare_ints(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* Sorts and drops repeats, as the kernel's bitmap would; returns the new
 * count. */
static int normalise_categories(int *cats, int n)
{
	int i, out = 0;

	qsort(cats, n, sizeof(*cats), compare_ints);
	for (i = 0; i < n; i++)
		if (out == 0 || cats[out - 1] != cats[i])
			cats[out++] = cats[i];
	return out;
}

int cipso_append_mapping(struct records *set, const char *label,
			 size_t len, int level, const int *cats, int ncats)
{
	struct cipso_mapping *m = records_slot(set, sizeof(*m));

	if (!m)
		return -1;
	m->label = strndup(label, len);
	m->cats = malloc((ncats ? ncats : 1) * sizeof(*m->cats));
	if (!m->label || !m->cats) {
		free(m->label);
		free(m->cats);
		return -1;
	}
	if (ncats)
		memcpy(m->cats, cats, ncats * sizeof(*cats));
	m->level = level;
	m->ncats = normalise_categories(m->cats, ncats);
	set->count++;
	return 0;
}

SMACK_EXPORT
int smack_cipso_add(struct smack_cipso *handle, const char *label, int level,
		    const int *categories, int ncategories)
{
	int i;

	if (!handle || smack_label_validate(label, NULL) < 0 ||
	    check_level(level) || ncategories < 0 ||
	    ncategories > CIPSO_MAX_CATEGORY ||
	    (ncategories > 0 && !categories)) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < ncategories; i++) {
		if (check_category(categories[i])) {
			errno = EINVAL;
			return -1;
		}
	}
	return cipso_append_mapping(&handle->maps, label, strlen(label), level,
			      categories, ncategories);
}

/*
 * A mapping read back from the kernel may not be one the kernel would take
 * (a label without a mapping shows the bytes of the label as categories,
 * beyond 184 for a long label), so apply checks every mapping again.
 */
static bool mapping_is_loadable(const struct cipso_mapping *m)
{
	int i;

	if (smack_label_validate(m->label, NULL) < 0 ||
	    check_level(m->level) || m->ncats > CIPSO_MAX_CATEGORY)
		return false;
	for (i = 0; i < m->ncats; i++)
		if (check_category(m->cats[i]))
			return false;
	return true;
}

/* "label LLL CCC NNN NNN ...\n", every number left-aligned in a 4-byte
 * column: the numbers have at most 3 digits, so each column ends in a
 * space and the kernel's scan of one column never runs into the next. */
static size_t format_mapping(const struct cipso_mapping *m, char *buf,
			     size_t size)
{
	size_t len;
	int i;

	len = snprintf(buf, size, "%s %-4d%-4d", m->label, m->level, m->ncats);
	for (i = 0; i < m->ncats && len < size; i++)
		len += snprintf(buf + len, size - len, "%-4d", m->cats[i]);
	if (len + 1 < size) {
		buf[len++] = '\n';
		buf[len] = '\0';
	}
	return len;
}

SMACK_EXPORT
int smack_cipso_apply(struct smack_cipso *handle)
{
	const struct cipso_mapping *maps;
	struct smackfs_batch batch;
	char rec[CIPSO_RECORD_MAX];
	size_t i, len;
	int saved;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	maps = handle->maps.items;
	for (i = 0; i < handle->maps.count; i++) {
		if (!mapping_is_loadable(&maps[i])) {
			errno = EINVAL;
			return -1;
		}
	}
	if (handle->maps.count == 0)
		return 0;
	if (smackfs_batch_open(&batch, "cipso2") < 0)
		return -1;
	for (i = 0; i < handle->maps.count; i++) {
		len = format_mapping(&maps[i], rec, sizeof(rec));
		/* The kernel reads one mapping a write: flush each. */
		if (smackfs_batch_add(&batch, rec, len) < 0 ||
		    smackfs_batch_flush(&batch) < 0)
			goto fail;
	}
	return smackfs_batch_close(&batch);
fail:
	saved = errno;
	batch.used = 0;	/* do not retry the refused mapping on close */
	smackfs_batch_close(&batch);
	errno = saved;
	return -1;
}

/* Reads a decimal number at *p, moving *p past it; -1 when there is none
 * or it is absurdly long. */
static long read_number(const char **p, const char *end)
{
	long v = 0;
	int digits = 0;

	while (*p < end && **p >= '0' && **p <= '9' && digits < 9) {
		v = v * 10 + (**p - '0');
		(*p)++;
		digits++;
	}
	return digits ? v : -1;
}

/* Reads "/c,c,..." at *p (nothing at all is no categories) into a
 * malloc'ed array; the number read, or -1 (errno EPROTO when malformed). */
static int read_kernel_categories(const char **p, const char *end,
				  int **cats)
{
	size_t room = 1, n = 0;
	const char *q;
	long cat;

	for (q = *p; q < end; q++)
		room += *q == ',';
	*cats = malloc(room * sizeof(**cats));
	if (!*cats)
		return -1;
	if (*p < end && **p == '/') {
		do {
			(*p)++;
			cat = read_number(p, end);
			if (cat < 0)
				goto bad;
			(*cats)[n++] = cat;
		} while (*p < end && **p == ',' && n < room);
	}
	if (*p != end)
		goto bad;
	return n;
bad:
	free(*cats);
	errno = EPROTO;
	return -1;
}

/* One line of cipso2: "label LLL[/c,c...]", the level as "%3d"; arg is
 * the set (a smackfs_line_fn). */
static int add_kernel_line(void *arg, const char *line, const char *end)
{
	const char *p = memchr(line, ' ', end - line);
	size_t label_len = p ? (size_t)(p - line) : 0;
	int *cats, ncats, ret;
	long level;

	if (label_len == 0) {
		errno = EPROTO;
		return -1;
	}
	while (p < end && *p == ' ')
		p++;
	level = read_number(&p, end);
	if (level < 0) {
		errno = EPROTO;
		return -1;
	}
	ncats = read_kernel_categories(&p, end, &cats);
	if (ncats < 0)
		return -1;
	ret = cipso_append_mapping(arg, line, label_len, level, cats, ncats);
	free(cats);
	return ret;
}

SMACK_EXPORT
int smack_cipso_new_from_kernel(struct smack_cipso **handle)
{
	struct smack_cipso *c;
	int saved;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	if (smack_cipso_new(&c) < 0)
		return -1;
	if (smackfs_read_lines("cipso2", add_kernel_line, &c->maps) < 0) {
		saved = errno;
		smack_cipso_free(c);
		errno = saved;
		return -1;
	}
	*handle = c;
	return 0;
}

SMACK_EXPORT
int smack_cipso_foreach(const struct smack_cipso *handle, smack_cipso_fn fn,
			void *userdata)
{
	const struct cipso_mapping *m;
	size_t i;
	int ret;

	if (!handle || !fn) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < handle->maps.count; i++) {
		m = (const struct cipso_mapping *)handle->maps.items + i;

		ret = fn(userdata, m->label, m->level, m->cats, m->ncats);
		if (ret)
			return ret;
	}
	return 0;
}

SMACK_EXPORT
size_t smack_cipso_count(const struct smack_cipso *handle)
{
	return handle ? handle->maps.count : 0;
}
