// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl check: what systemd's own loader would read differently.
 *
 * On a system whose systemd was built with Smack support, systemd loads
 * /etc/smack itself early at boot (src/core/smack-setup.c), before any
 * unit runs.  Its rule files are the ones smackctl reads, but it is
 * simpler: it stops at a rule line longer than 255 characters, writes
 * cipso.d lines to the kernel as they are (where cipso2 wants the
 * kernel's column format) and netlabel.d lines too, comments and all, and
 * joins the lines of onlycap, comments included.  Such lines are valid here, so they are
 * warnings, not errors.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "smackctl.h"

/* systemd reads rule lines into a buffer of NAME_MAX characters. */
#define SYSTEMD_LINE_MAX 255

enum compat_kind { COMPAT_RULES, COMPAT_CIPSO, COMPAT_NETLABEL,
		   COMPAT_ONLYCAP };

static bool is_comment_or_blank(const char *line)
{
	line += strspn(line, " \t\r\n");
	return *line == '\0' || *line == '#' || *line == ';';
}

/* Warns about the lines of one file; returns how many warnings. */
static unsigned int scan_file(const char *path, enum compat_kind kind)
{
	unsigned int lineno = 0, warnings = 0, mappings = 0;
	size_t cap = 0;
	ssize_t len;
	char *line = NULL;
	FILE *f = fopen(path, "re");

	if (!f)
		return 0;	/* check has reported it already */
	while ((len = getline(&line, &cap, f)) > 0) {
		lineno++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (kind == COMPAT_RULES && len > SYSTEMD_LINE_MAX &&
		    !is_comment_or_blank(line)) {
			cli_warn("%s:%u: warning: longer than %d characters:"
				 " systemd's loader stops reading here",
				 path, lineno, SYSTEMD_LINE_MAX);
			warnings++;
		} else if (kind == COMPAT_CIPSO) {
			mappings += !is_comment_or_blank(line);
		} else if (kind != COMPAT_RULES && is_comment_or_blank(line)) {
			cli_warn("%s:%u: warning: systemd's loader does not"
				 " skip comment or blank lines here: it %s",
				 path, lineno, kind == COMPAT_ONLYCAP ?
				 "takes their words for labels" :
				 "writes them to the kernel");
			warnings++;
		}
	}
	free(line);
	fclose(f);
	if (mappings) {
		cli_warn("%s: warning: systemd's loader writes each line to"
			 " cipso2 as it is, where the kernel reads a category"
			 " count and numbers in 4-character columns: it reads"
			 " these mappings differently", path);
		warnings++;
	}
	return warnings;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular files of dir that systemd reads, in order. */
static unsigned int scan_dir(const char *dir, enum compat_kind kind)
{
	unsigned int warnings = 0;
	struct dirent **entries;
	struct stat st;
	char *path;
	int n, i;

	n = scandir(dir, &entries, NULL, NULL);
	if (n < 0)
		return 0;
	qsort(entries, n, sizeof(*entries), compare_names);
	for (i = 0; i < n; i++) {
		if (entries[i]->d_name[0] != '.' &&
		    asprintf(&path, "%s/%s", dir, entries[i]->d_name) >= 0) {
			if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
				warnings += scan_file(path, kind);
			free(path);
		}
		free(entries[i]);
	}
	free(entries);
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
