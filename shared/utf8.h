// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The one rule by which the library's messages (parse_quote() in
 * libsmack/parse.c) and the tools' output (cli_escape() in common/cli.c)
 * tell the characters of a text they may write as they are from the bytes
 * they escape.  A header of its own, used by both: the library prints
 * nothing and the tools use only its public interface, so neither can
 * call the other for it.
 */
#ifndef SMACK_SHARED_UTF8_H
#define SMACK_SHARED_UTF8_H

#include <stddef.h>

/*
 * The length of the UTF-8 character that starts at p (end - p bytes left)
 * when it may be written as it is: a valid sequence in its shortest form,
 * no surrogate, at most U+10FFFF, and no C1 control (which a terminal may
 * obey as ESC and a letter).  0 when the bytes are none such, and for an
 * ASCII byte, whose rule is each caller's.
 */
static inline size_t utf8_plain_length(const unsigned char *p,
				       const unsigned char *end)
{
	unsigned long c = *p;
	unsigned int lead;
	size_t n = 1;

	if (c < 0x80)
		return 0;
	/* Each 1 bit after the lead's first says a byte 10xxxxxx follows. */
	for (lead = c << 1; lead & 0x80; lead <<= 1, n++) {
		if (p + n >= end || (p[n] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[n] & 0x3f);
	}
	if (n == 1 || n > 4)
		return 0;
	c &= (1UL << (5 * n + 1)) - 1;	/* the lead's bits taken out */
	if (c < 0xa0 || c >> (5 * n - 4) == 0 ||
	    (c >= 0xd800 && c < 0xe000) || c > 0x10ffff)
		return 0;
	return n;
}

#endif
