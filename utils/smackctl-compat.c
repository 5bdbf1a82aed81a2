// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl check: what systemd's own loader would read differently.
 *
 * On a system whose systemd was built with Smack support, systemd loads
 * /etc/smack itself early at boot (src/core/smack-setup.c), before any
 * unit runs, from the same files as smackctl (it skips the same names).
 * It is simpler: it gives up at a line longer than 255 characters; it
 * skips a comment only when its '#' or ';' is the line's first byte (an
 * indented one is a rule in accesses.d, words for labels in onlycap); and
 * it writes each line of cipso.d and netlabel.d to the kernel as it is,
 * where the kernel takes no comment or blank line and reads cipso2 in its
 * own columns.  Such lines are valid here, so they are warnings, not
 * errors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "dir-names.h"
#include "smackctl.h"

/* systemd reads the lines of the directories into NAME_MAX characters. */
#define SYSTEMD_LINE_MAX 255

enum compat_kind { COMPAT_RULES, COMPAT_CIPSO, COMPAT_NETLABEL,
		   COMPAT_ONLYCAP, COMPAT_KINDS };

#define LONG_LINE "longer than 255 characters: systemd's loader gives up" \
		  " here and loads no later "
#define REFUSED ", which refuses it, and loads nothing more of this file"
#define INDENTED "an indented comment: systemd's loader skips only" \
		 " comments that start the line, and "
#define NETLABEL_COMMENT "a comment: systemd's loader writes it to" \
			 " netlabel" REFUSED

/* The warnings, by the kind of line; NULL where systemd reads it as
 * smackctl does. */
static const char *const long_line[COMPAT_KINDS] = {
	[COMPAT_RULES] = LONG_LINE "rule, nor any CIPSO mapping, netlabel"
			 " entry or onlycap",
	[COMPAT_CIPSO] = LONG_LINE "CIPSO mapping",
	[COMPAT_NETLABEL] = LONG_LINE "netlabel entry",
};
static const char *const blank_line[COMPAT_KINDS] = {
	[COMPAT_CIPSO] = "a line of blanks: systemd's loader writes it to"
			 " cipso2" REFUSED,
	[COMPAT_NETLABEL] = "a line of blanks: systemd's loader writes it to"
			    " netlabel" REFUSED,
};
static const char *const comment[COMPAT_KINDS] = {
	[COMPAT_NETLABEL] = NETLABEL_COMMENT,
};
static const char *const indented_comment[COMPAT_KINDS] = {
	[COMPAT_RULES] = INDENTED "reads this one as a rule",
	[COMPAT_CIPSO] = INDENTED "writes this one to cipso2" REFUSED,
	[COMPAT_NETLABEL] = NETLABEL_COMMENT,
	[COMPAT_ONLYCAP] = INDENTED "takes this one's words for labels",
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The number at p, blanks before it, that the kernel reads in a 4-byte
 * column of cipso2 (it must end within the column); false if none. */
static bool column_number(const char *p, long *value)
{
	size_t i = strspn(p, " \t"), start = i;

	*value = 0;
	while (i < 4 && p[i] >= '0' && p[i] <= '9')
		*value = *value * 10 + (p[i++] - '0');
	return i > start && (p[i] == '\0' || is_blank(p[i]));
}

/* Whether the kernel reads a cipso.d line as smackctl reads it in kernel
 * form: the label, one byte, then the level, the count and as many
 * categories as it says, each within its 4-byte column. */
static bool in_kernel_columns(const char *line)
{
	size_t len = strlen(line), at = strcspn(line, " \t") + 1;
	size_t columns = 0;
	long value, count = -1;

	if (at > len)
		return false;
	for (; at < len && line[at + strspn(line + at, " \t")]; at += 4) {
		if (!column_number(line + at, &value))
			return false;
		if (columns++ == 1)
			count = value;
	}
	return count >= 0 && (size_t)count + 2 == columns;
}

static size_t count_words(const char *line)
{
	size_t n = 0;

	for (line += strspn(line, " \t"); *line; n++) {
		line += strcspn(line, " \t");
		line += strspn(line, " \t");
	}
	return n;
}

/* What systemd's loader does otherwise with a line, or NULL. */
static const char *difference(enum compat_kind kind, const char *line,
			      size_t len)
{
	size_t lead = strspn(line, " \t");

	if (len > SYSTEMD_LINE_MAX && long_line[kind])
		return long_line[kind];
	if (line[lead] == '\0')
		return lead ? blank_line[kind] : NULL;
	if (line[lead] != '#' && line[lead] != ';')
		return NULL;
	if (!lead)
		return comment[kind];
	/* Fewer than 3 words it logs as a bad rule, and skips. */
	if (kind == COMPAT_RULES && count_words(line) < 3)
		return NULL;
	return indented_comment[kind];
}

/* The one warning for a cipso.d file's mappings that the kernel would
 * read otherwise: at the first, with how many there are. */
static void warn_mappings(const char *path, unsigned int first,
			  unsigned int count)
{
	cli_warn("%s:%u: warning: systemd's loader writes this line to cipso2"
		 " as it is, and the kernel, which reads \"LEVEL COUNT"
		 " CATEGORY...\" in 4-character columns, reads it otherwise"
		 " or refuses it (%u such line%s in the file; see"
		 " smack-cipso(5))", path, first, count, count == 1 ? "" : "s");
}

/* Warns about the lines of one file; returns how many warnings. */
static unsigned int scan_file(const char *path, enum compat_kind kind)
{
	unsigned int lineno = 0, warnings = 0, misread = 0, first = 0;
	const char *why;
	size_t cap = 0;
	ssize_t len;
	char *line = NULL;
	FILE *f = fopen(path, "re");

	if (!f)
		return 0;	/* check has reported it already */
	while ((len = getline(&line, &cap, f)) > 0) {
		lineno++;
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		why = difference(kind, line, len);
		if (why) {
			cli_warn("%s:%u: warning: %s", path, lineno, why);
			warnings++;
		} else if (kind == COMPAT_CIPSO && line[strspn(line, " \t")] &&
			   line[0] != '#' && line[0] != ';' &&
			   !in_kernel_columns(line) && !misread++) {
			first = lineno;
		}
	}
	free(line);
	fclose(f);
	if (misread)
		warn_mappings(path, first, misread);
	return warnings + (misread > 0);
}

/* The files of dir that systemd reads, in order. */
static unsigned int scan_dir(const char *dir, enum compat_kind kind)
{
	unsigned int warnings = 0;
	struct stat st;
	char **names, *path;
	size_t n, i;
	DIR *d = opendir(dir);

	if (!d)
		return 0;
	if (dir_names_sorted(d, &names, &n) < 0) {
		closedir(d);
		return 0;
	}
	closedir(d);
	for (i = 0; i < n; i++) {
		if (asprintf(&path, "%s/%s", dir, names[i]) < 0)
			break;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			warnings += scan_file(path, kind);
		free(path);
	}
	dir_names_free(names, n);
	return warnings;
}

unsigned int compat_check_tree(const char *dir)
{
	static const struct {
		const char *name;
		enum compat_kind kind;
	} parts[] = {
		{ "accesses.d", COMPAT_RULES },
		{ "cipso.d", COMPAT_CIPSO },
		{ "netlabel.d", COMPAT_NETLABEL },
	};
	unsigned int warnings = 0;
	size_t i;
	char *path;

	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		if (asprintf(&path, "%s/%s", dir, parts[i].name) < 0)
			return warnings;
		warnings += scan_dir(path, parts[i].kind);
		free(path);
	}
	if (asprintf(&path, "%s/onlycap", dir) >= 0) {
		warnings += scan_file(path, COMPAT_ONLYCAP);
		free(path);
	}
	return warnings;
}
