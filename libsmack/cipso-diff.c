// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The difference of two CIPSO sets (smack_cipso_diff): the mappings to
 * write to a kernel that holds one so that it holds the other.  A label
 * has one mapping, and a write replaces it, so a later mapping of a label
 * in a set replaces an earlier one.  No write takes a mapping away: the
 * kernel keeps every label it has seen, and lists each in cipso2 with a
 * mapping (its own encoding of the label when it was never given one).
 * So a label that only 'from' maps is left as it is.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "cipso.h"
#include "libsmack-internal.h"

/* A records_compare_fn: mappings by label. */
static int compare_labels(const void *pa, const void *pb)
{
	const struct cipso_mapping *a = *(const void *const *)pa;
	const struct cipso_mapping *b = *(const void *const *)pb;

	return strcmp(a->label, b->label);
}

/* Categories are kept sorted without repeats, so equal sets are equal
 * arrays. */
static bool same_mapping(const struct cipso_mapping *a,
			 const struct cipso_mapping *b)
{
	return a->level == b->level && a->ncats == b->ncats &&
	       memcmp(a->cats, b->cats, a->ncats * sizeof(*a->cats)) == 0;
}

/* A records_pair_fn: adds to out the mapping of want, unless have maps
 * its label alike. */
static int diff_label(void *out, const void *have, const void *want)
{
	const struct cipso_mapping *m = want;

	if (!m || (have && same_mapping(have, m)))
		return 0;
	return cipso_append_mapping(out, m->label, strlen(m->label), m->level,
				    m->cats, m->ncats);
}

SMACK_EXPORT
int smack_cipso_diff(const struct smack_cipso *from,
		     const struct smack_cipso *to, struct smack_cipso **diff)
{
	struct smack_cipso *out;
	int saved;

	if (!from || !to || !diff) {
		errno = EINVAL;
		return -1;
	}
	if (smack_cipso_new(&out) < 0)
		return -1;
	if (records_walk_keys(&from->maps, &to->maps,
			      sizeof(struct cipso_mapping), compare_labels,
			      diff_label, &out->maps) != 0) {
		saved = errno;
		smack_cipso_free(out);
		errno = saved;
		return -1;
	}
	*diff = out;
	return 0;
}
