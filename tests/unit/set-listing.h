/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A CIPSO or netlabel set as one string, to compare with the one a test
 * expects: "label level c,c;" for each mapping (no categories: "label
 * level;"), "host label;" for each entry, in the set's order.  The string
 * is overwritten by the next listing.
 */
#ifndef SET_LISTING_H
#define SET_LISTING_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include <sys/smack.h>

static char listing[16384];

static inline int listing_add_mapping(void *userdata, const char *label,
				      int level, const int *cats, int ncats)
{
	size_t used = strlen(listing);
	int i;

	used += snprintf(listing + used, sizeof(listing) - used, "%s %d",
			 label, level);
	for (i = 0; i < ncats; i++)
		used += snprintf(listing + used, sizeof(listing) - used, "%c%d",
				 i ? ',' : ' ', cats[i]);
	snprintf(listing + used, sizeof(listing) - used, ";");
	return 0;
}

static inline int listing_add_host(void *userdata, const char *host,
				   const char *label)
{
	size_t used = strlen(listing);

	snprintf(listing + used, sizeof(listing) - used, "%s %s;", host,
		 label);
	return 0;
}

static inline const char *maps(const struct smack_cipso *c)
{
	listing[0] = '\0';
	ck_assert_int_eq(smack_cipso_foreach(c, listing_add_mapping, NULL), 0);
	return listing;
}

static inline const char *hosts(const struct smack_netlabel *n)
{
	listing[0] = '\0';
	ck_assert_int_eq(smack_netlabel_foreach(n, listing_add_host, NULL), 0);
	return listing;
}

#endif
