/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * netlabel.h - what netlabel.c (the sets, netlabel and ipv6host) and
 * netlabel-diff.c (comparing two sets) share.  Internal to libsmack.
 */
#ifndef LIBSMACK_NETLABEL_H
#define LIBSMACK_NETLABEL_H

#include <stdbool.h>
#include <stddef.h>

#include "records.h"

#define NETLABEL_DELETE "-DELETE"

/*
 * A host entry, parsed once: the address as it was given (the kernel keeps
 * it masked to the prefix, and comparisons mask it), the prefix length,
 * and the label or option.
 */
struct netlabel_entry {
	char *label;
	unsigned char addr[16];	/* IPv4 in the first 4 bytes */
	unsigned char prefix;
	bool ipv6;
};

struct smack_netlabel {
	struct records entries;	/* of struct netlabel_entry */
};

/* Appends an entry for host (its label ignored) with label (len bytes,
 * copied).  -1 with errno ENOMEM. */
int netlabel_append(struct records *set, const struct netlabel_entry *host,
		    const char *label, size_t len);

#endif /* LIBSMACK_NETLABEL_H */
