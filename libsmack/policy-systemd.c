// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * SMACK_POLICY_SYSTEMD: what systemd's own loader would read differently.
 *
 * On a system whose systemd was built with Smack support, systemd loads
 * /etc/smack itself early at boot (src/core/smack-setup.c), before any
 * unit runs, from the same files as the library (it skips the same
 * names).  It is simpler: it gives up at a line longer than 255
 * characters; it skips a comment only when its '#' or ';' is the line's
 * first byte (an indented one is a rule in accesses.d, words for labels in
 * onlycap); and it writes each line of cipso.d and netlabel.d to the
 * kernel as it is, where the kernel takes no comment or blank line and
 * reads cipso2 in its own columns.  Such lines are valid here, so they are
 * warnings (LOG_WARNING), given once a call has read its files without an
 * error.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "policy.h"

/* systemd reads the lines of the directories into NAME_MAX characters. */
#define SYSTEMD_LINE_MAX 255

enum compat_kind { COMPAT_RULES, COMPAT_CIPSO, COMPAT_NETLABEL,
		   COMPAT_ONLYCAP, COMPAT_KINDS, COMPAT_NONE = COMPAT_KINDS };

/* What a line is to systemd's loader when it reads it otherwise. */
enum situation { LONG_LINE, BLANK_LINE, COMMENT, INDENTED_COMMENT,
		 SITUATIONS, NO_WARNING = SITUATIONS };

/* A warning is its situation's lead, then what systemd's loader does in a
 * file of that kind (NULL where it reads the line as smackctl does);
 * what it writes of cipso.d or netlabel.d to the kernel, which takes no
 * comment or blank line, ends with REFUSED. */
static const char *const leads[SITUATIONS] = {
	[LONG_LINE] = "longer than 255 characters: systemd's loader gives up"
		      " here and loads no later ",
	[BLANK_LINE] = "a line of blanks: systemd's loader writes it to ",
	[COMMENT] = "a comment: systemd's loader writes it to ",
	[INDENTED_COMMENT] = "an indented comment: systemd's loader skips only"
			     " comments that start the line, and ",
};
static const char *const warnings[SITUATIONS][COMPAT_KINDS] = {
	[LONG_LINE] = {
		[COMPAT_RULES] = "rule, nor any CIPSO mapping, netlabel entry"
				 " or onlycap",
		[COMPAT_CIPSO] = "CIPSO mapping",
		[COMPAT_NETLABEL] = "netlabel entry",
	},
	[BLANK_LINE] = {
		[COMPAT_CIPSO] = "cipso2",
		[COMPAT_NETLABEL] = "netlabel",
	},
	[COMMENT] = {
		[COMPAT_NETLABEL] = "netlabel",
	},
	[INDENTED_COMMENT] = {
		[COMPAT_RULES] = "reads this one as a rule",
		[COMPAT_CIPSO] = "writes this one to cipso2",
		[COMPAT_ONLYCAP] = "takes this one's words for labels",
	},
};
#define REFUSED ", which refuses it, and loads nothing more of this file"

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

/* How systemd's loader reads a line otherwise, or NO_WARNING. */
static enum situation difference(enum compat_kind kind, const char *line,
				 size_t len)
{
	size_t lead = strspn(line, " \t");
	enum situation s;

	if (len > SYSTEMD_LINE_MAX && warnings[LONG_LINE][kind])
		return LONG_LINE;
	if (line[lead] == '\0')
		s = lead ? BLANK_LINE : NO_WARNING;
	else if (line[lead] != '#' && line[lead] != ';')
		s = NO_WARNING;
	/* It writes a netlabel.d comment to netlabel, indented or not. */
	else if (!lead || kind == COMPAT_NETLABEL)
		s = COMMENT;
	/* Fewer than 3 words it logs as a bad rule, and skips. */
	else if (kind == COMPAT_RULES && count_words(line) < 3)
		s = NO_WARNING;
	else
		s = INDENTED_COMMENT;
	return s != NO_WARNING && warnings[s][kind] ? s : NO_WARNING;
}

/* One line (NUL-terminated) of a file of kind: a warning, or one more
 * cipso.d line the kernel reads otherwise (the first kept in *first). */
static void check_line(const struct smack_policy *p, const char *file,
		       enum compat_kind kind, const struct parse_line *l,
		       const char *line, unsigned int *misread,
		       unsigned int *first)
{
	enum situation s = difference(kind, line, l->len);
	bool refused = kind == COMPAT_CIPSO || kind == COMPAT_NETLABEL;

	if (s != NO_WARNING) {
		policy_log(p, LOG_WARNING, file, l->number, 0, "%s%s%s",
			   leads[s], warnings[s][kind],
			   refused && s != LONG_LINE ? REFUSED : "");
		return;
	}
	if (kind == COMPAT_CIPSO && line[strspn(line, " \t")] &&
	    line[0] != '#' && line[0] != ';' && !in_kernel_columns(line) &&
	    !(*misread)++)
		*first = l->number;
}

/* The one warning for a cipso.d file's mappings that the kernel would
 * read otherwise: at the first, with how many there are. */
static void warn_mappings(const struct smack_policy *p, const char *file,
			  unsigned int first, unsigned int count)
{
	policy_log(p, LOG_WARNING, file, first, 0, "systemd's loader writes"
		   " this line to cipso2 as it is, and the kernel, which reads"
		   " \"LEVEL COUNT CATEGORY...\" in 4-character columns,"
		   " reads it otherwise or refuses it (%u such line%s in the"
		   " file; see smack-cipso(5))", count, count == 1 ? "" : "s");
}

/* The lines of one file, blank lines and comments included. */
static void scan_file(const struct smack_policy *p, const char *file,
		      enum compat_kind kind)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(file, NULL, NULL);
	unsigned int misread = 0, first = 0;
	struct parse_reader r;
	struct parse_line l;
	char *line;
	int fd = open(file, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

	if (fd < 0)
		return;		/* read a moment ago: nothing to say now */
	parse_reader_fd(&r, &ctx, fd);
	r.keep = PARSE_KEEP_COMMENTS | PARSE_KEEP_BLANKS;
	while (parse_reader_next(&r, &l) > 0) {
		line = strndup(l.text, l.len);
		if (!line)
			break;
		check_line(p, file, kind, &l, line, &misread, &first);
		free(line);
	}
	parse_reader_release(&r);
	close(fd);
	if (misread)
		warn_mappings(p, file, first, misread);
}

/* What systemd reads of a file of the policy. */
static enum compat_kind compat_kind(const struct policy_file *f)
{
	const char *base;

	switch (f->kind) {
	case SMACK_POLICY_RULE:
		return COMPAT_RULES;
	case SMACK_POLICY_CIPSO:
		return COMPAT_CIPSO;
	case SMACK_POLICY_NETLABEL:
		return COMPAT_NETLABEL;
	case SMACK_POLICY_KNOB:
		base = strrchr(f->name, '/');
		return strcmp(base ? base + 1 : f->name, "onlycap") ?
		       COMPAT_NONE : COMPAT_ONLYCAP;
	}
	return COMPAT_NONE;
}

void policy_warn_systemd(const struct smack_policy *p,
			 const struct policy_mark *since)
{
	const struct policy_file *f;
	enum compat_kind kind;
	size_t i;

	if (!p->log)
		return;
	for (i = since->files; i < p->files.count; i++) {
		f = &RECORD(&p->files, struct policy_file, i);
		kind = f->name ? compat_kind(f) : COMPAT_NONE;
		if (kind != COMPAT_NONE)
			scan_file(p, f->name, kind);
	}
}
