// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit: the times of its output, and the lines of the policy tree
 * that decide a pair.  What came from the log (commands, paths, names) or
 * from the tree's file names is escaped by the tools' shared writers,
 * cli_escape() in text and cli_json_string() in JSON (common/cli.h).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "smackaudit.h"

void audit_print_time(FILE *out, int64_t ms)
{
	char text[sizeof("YYYY-MM-DD HH:MM:SS") + 8];
	time_t sec;
	struct tm tm;

	if (ms == AUDIT_TIME_UNKNOWN) {
		fputs("unknown time", out);
		return;
	}
	sec = (time_t)(ms / 1000);
	if (!localtime_r(&sec, &tm) ||
	    !strftime(text, sizeof(text), "%Y-%m-%d %H:%M:%S", &tm)) {
		fprintf(out, "@%lld", (long long)sec);
		return;
	}
	fprintf(out, "%s.%03d", text, (int)(ms % 1000));
}

void audit_print_json_time(FILE *out, int64_t ms)
{
	if (ms == AUDIT_TIME_UNKNOWN)
		fputs("null", out);
	else
		fprintf(out, "%lld.%03d", (long long)(ms / 1000),
			(int)(ms % 1000));
}

void audit_print_lines(FILE *out, const struct audit_tree_view *view)
{
	const struct cli_rule_line *l;
	size_t i;

	for (i = 0; i < view->nlines; i++) {
		l = &view->lines[i];
		if (i)
			fputs(", ", out);
		cli_escape(out, l->file, strlen(l->file), "");
		fprintf(out, ":%u", l->line);
	}
}

void audit_json_lines(const struct audit_tree_view *view)
{
	const struct cli_rule_line *l;
	size_t i;

	putchar('[');
	for (i = 0; i < view->nlines; i++) {
		l = &view->lines[i];
		fputs(i ? ",{\"file\":" : "{\"file\":", stdout);
		cli_json_string(stdout, l->file, strlen(l->file));
		printf(",\"line\":%u}", l->line);
	}
	putchar(']');
}
