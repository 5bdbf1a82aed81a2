// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tools' one writer of JSON strings (see cli.h).  An object of its
 * own in libcommon, so that the linker leaves it out of the programs that
 * write no JSON.
 */
#include "cli.h"

void cli_json_string(FILE *out, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	putc('"', out);
	for (; p < end; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p >= ' ' && *p < 0x7f)
			putc(*p, out);
		else
			fprintf(out, "\\u%04x", *p);
	}
	putc('"', out);
}
