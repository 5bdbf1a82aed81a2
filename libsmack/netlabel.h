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

/* "xxxx:" * 8 + "/128" and a NUL */
#define NETLABEL_HOST_MAX 48

/* Appends an entry for host (its label ignored) with label (len bytes,
 * copied).  -1 with errno ENOMEM. */
int netlabel_append(struct records *set, const struct netlabel_entry *host,
		    const char *label, size_t len);

/*
 * The host of e in the one form both kernel files read exactly, and list
 * their entries in: "A.B.C.D/N", or eight 4-digit groups and "/N".  out
 * has NETLABEL_HOST_MAX bytes; returns the length.
 */
size_t netlabel_format_host(const struct netlabel_entry *e, char *out);
/* Frees what the entries of a set hold (a parse_records_ops release). */
void netlabel_entries_release(struct records *set);

/* The parser of a netlabel file (smack-netlabel(5)). */
struct parse_records_ops;
extern const struct parse_records_ops netlabel_file_parser;

#endif /* LIBSMACK_NETLABEL_H */
