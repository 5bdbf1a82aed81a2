/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cipso.h - what cipso.c (the sets, cipso2) and cipso-parse.c (mapping
 * files) share.  Internal to libsmack.
 */
#ifndef LIBSMACK_CIPSO_H
#define LIBSMACK_CIPSO_H

#include <stddef.h>

#include "records.h"

/* The kernel's limits (CIPSO_MAX_LEVEL, CIPSO_MAX_CATEGORY: 23 bytes of
 * category bits), and the width of a number's column in cipso2. */
#define CIPSO_MAX_LEVEL 255
#define CIPSO_MAX_CATEGORY 184
#define CIPSO_COLUMN 4

struct cipso_mapping {
	char *label;
	int level;
	int ncats;
	int *cats;		/* ascending, no repeats */
};

struct smack_cipso {
	struct records maps;	/* of struct cipso_mapping */
};

/* Appends a mapping without checking it (callers do, or it came from the
 * kernel); the label (len bytes) and categories are copied, the categories
 * sorted and their repeats dropped.  -1 with errno ENOMEM. */
int cipso_append_mapping(struct records *set, const char *label, size_t len,
			 int level, const int *cats, int ncats);
/* Frees what the mappings of a set hold (a parse_records_ops release). */
void cipso_mappings_release(struct records *set);

/* smack_cipso_parse_path() without messages, reading a file that does not
 * say its form in list form, as libsmack 1.3 did: for its entry points
 * (smack_load_policy()). */
int cipso_parse_path_1_3(struct smack_cipso *handle, const char *path);

/* The parser of a mapping file as the tools read it: one that does not
 * say its form is read in list form, a line that could be either
 * refused. */
struct parse_records_ops;
extern const struct parse_records_ops cipso_file_parser;

#endif /* LIBSMACK_CIPSO_H */
