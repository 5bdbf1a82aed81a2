// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The difference of two netlabel sets (smack_netlabel_diff): the entries
 * to write to a kernel that holds one so that it holds the other.  The
 * kernel knows an entry by its family, prefix and address masked to the
 * prefix, and a write for one replaces it; so does a later entry for one
 * in a set, and "-DELETE" there means no entry.  The kernel deletes IPv6
 * entries but has no delete for IPv4 ones: an IPv4 entry that only 'from'
 * has stays (it is counted as stale), and a new IPv4 entry cannot be
 * taken back, so those come last.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "libsmack-internal.h"
#include "netlabel.h"

/* A records_compare_fn: entries by family, prefix and masked address. */
static int compare_hosts(const void *pa, const void *pb)
{
	const struct netlabel_entry *a = *(const void *const *)pa;
	const struct netlabel_entry *b = *(const void *const *)pb;
	unsigned int whole = a->prefix / 8, shift = 8 - a->prefix % 8;
	int c;

	if (a->ipv6 != b->ipv6)
		return a->ipv6 - b->ipv6;
	if (a->prefix != b->prefix)
		return a->prefix - b->prefix;
	c = memcmp(a->addr, b->addr, whole);
	if (c || shift == 8)
		return c;
	return (a->addr[whole] >> shift) - (b->addr[whole] >> shift);
}

struct host_diff {
	struct records *out;
	struct records *later;	/* new IPv4 entries */
	size_t stale;
};

/* e, or NULL when it says there is no entry. */
static const struct netlabel_entry *live(const struct netlabel_entry *e)
{
	return e && strcmp(e->label, NETLABEL_DELETE) != 0 ? e : NULL;
}

static int add(struct records *set, const struct netlabel_entry *host,
	       const char *label)
{
	return netlabel_append(set, host, label, strlen(label));
}

/* A records_pair_fn: what one key needs, given its entries in from and
 * to. */
static int diff_host(void *arg, const void *in_from, const void *in_to)
{
	const struct netlabel_entry *have = live(in_from), *want = live(in_to);
	struct host_diff *d = arg;

	if (!have && !want)
		return 0;
	if (!want && !have->ipv6) {
		d->stale++;
		return 0;
	}
	if (!want)
		return add(d->out, have, NETLABEL_DELETE);
	if (have && strcmp(have->label, want->label) == 0)
		return 0;
	return add(have || want->ipv6 ? d->out : d->later, want, want->label);
}

SMACK_EXPORT
int smack_netlabel_diff(const struct smack_netlabel *from,
			const struct smack_netlabel *to,
			struct smack_netlabel **diff, size_t *stale)
{
	size_t size = sizeof(struct netlabel_entry);
	struct smack_netlabel *out = NULL, *later = NULL;
	struct host_diff d = { 0 };
	int ret = -1, saved;

	if (!from || !to || !diff) {
		errno = EINVAL;
		return -1;
	}
	if (smack_netlabel_new(&out) == 0 && smack_netlabel_new(&later) == 0) {
		d.out = &out->entries;
		d.later = &later->entries;
		ret = records_walk_keys(&from->entries, &to->entries, size,
					compare_hosts, diff_host, &d);
	}
	if (ret == 0)
		ret = records_move(d.out, d.later, size);
	saved = errno;
	smack_netlabel_free(later);
	if (ret != 0) {
		smack_netlabel_free(out);
		errno = saved;
		return -1;
	}
	*diff = out;
	if (stale)
		*stale = d.stale;
	return 0;
}
