// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit: writing what came from the log.  Commands, paths and names
 * in a record are whatever a process chose (audit hex-encodes the odd
 * ones, and smackaudit decodes them), so nothing of theirs reaches the
 * output as is: in text a byte that is not printable ASCII, a backslash
 * and the quote around the value become \xNN, so that a name can neither
 * end a line nor drive a terminal; in JSON every byte outside printable
 * ASCII is a \u00XX escape of its own, which keeps the document valid
 * whatever the bytes (Latin-1 for the odd ones, not UTF-8).
 *
 * (A local helper: common/cli.c is to get the tools' shared one.)
 */
#include <stdio.h>
#include <time.h>

#include "smackaudit.h"

void audit_print_escaped(FILE *out, const char *s, size_t len, char quote)
{
	size_t i;
	unsigned char c;

	for (i = 0; i < len; i++) {
		c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f && c != '\\' && c != (unsigned char)quote)
			putc(c, out);
		else
			fprintf(out, "\\x%02x", c);
	}
}

void audit_print_json(FILE *out, const char *s, size_t len)
{
	size_t i;
	unsigned char c;

	putc('"', out);
	for (i = 0; i < len; i++) {
		c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c >= 0x20 && c < 0x7f)
			putc(c, out);
		else
			fprintf(out, "\\u%04x", c);
	}
	putc('"', out);
}

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
