/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chsmack: label specifications for --restore, the format of
 * smack-labels(5).  Each line says: paths matching this pattern (and of
 * this type) carry these attributes.  The last matching line wins.
 */
#ifndef CHSMACK_SPEC_H
#define CHSMACK_SPEC_H

#include <regex.h>
#include <stdbool.h>
#include <sys/smack.h>
#include <sys/types.h>

#include "chsmack-labels.h"

struct spec_rule {
	regex_t pattern;	/* anchored at both ends */
	mode_t type;		/* S_IFREG, S_IFDIR, ...; 0 for any */
	bool leave_alone;	/* <<none>>: matching files are not touched */
	/* Every attribute SET or REMOVE: the line says all a file carries. */
	struct label_plan plan;
	char *value[ATTR_COUNT];	/* what plan.value points to */
	const char *file;	/* where the line is */
	unsigned int line;
};

struct label_spec;

/* Errors are reported through on_error (cli_parse_error for the tool). */
struct label_spec *spec_new(smack_parse_error_fn on_error, void *userdata);
void spec_free(struct label_spec *spec);

/*
 * Adds the lines of a file, or of the files of a directory in the order of
 * their names (dot files and backups such as "x~", "x.bak", "x.swp",
 * "x.dpkg-old" or "x.rpmnew" skipped).  Every bad line is reported; then
 * -1, and the rules added so far stay (the caller is expected to give up).
 * 0 on success.
 */
int spec_add_path(struct label_spec *spec, const char *path);
/* The same for text in memory, named name in messages. */
int spec_add_text(struct label_spec *spec, const char *name,
		  const char *text);

size_t spec_rule_count(const struct label_spec *spec);

/* The rule for path (absolute) of type (S_IF*): the last line whose
 * pattern matches all of path and whose type, if any, is type. */
const struct spec_rule *spec_match(const struct label_spec *spec,
				   const char *path, mode_t type);

#endif /* CHSMACK_SPEC_H */
