// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Access strings: the letters rwxatlb in either case, repeats allowed (as
 * the kernel allows them), '-' for none.  The kernel stops silently at an
 * unknown letter ("rwq" loads as "rw"), so anything else is refused here.
 * The empty string is no access, as '-' is: libsmack 1.3 took it so, and
 * its clients pass it (smack_accesses_add_modify(h, s, o, "rx", "")).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "libsmack-internal.h"

static const char access_letters[] = "rwxatlb";

/* Each byte's access bit with LETTER_OK added, LETTER_OK alone for '-',
 * 0 for a byte that is no access letter: a table rather than a search of
 * access_letters, since this runs for every letter of every rule. */
#define LETTER_OK 0x80
#define LETTER(c, bit) [c] = (bit) | LETTER_OK, [(c) - 'a' + 'A'] = (bit) | LETTER_OK

static const uint8_t letter_bits[256] = {
	LETTER('r', SMACK_ACCESS_READ),
	LETTER('w', SMACK_ACCESS_WRITE),
	LETTER('x', SMACK_ACCESS_EXEC),
	LETTER('a', SMACK_ACCESS_APPEND),
	LETTER('t', SMACK_ACCESS_TRANSMUTE),
	LETTER('l', SMACK_ACCESS_LOCK),
	LETTER('b', SMACK_ACCESS_BRINGUP),
	['-'] = LETTER_OK,
};

int access_parse_n(const char *s, size_t len, unsigned int *mask)
{
	unsigned int m = 0, ok = LETTER_OK, bits;
	size_t i;

	for (i = 0; i < len; i++) {
		bits = letter_bits[(unsigned char)s[i]];
		ok &= bits;
		m |= bits;
	}
	if (!ok) {
		errno = EINVAL;
		return -1;
	}
	*mask = m & SMACK_ACCESS_ALL;
	return 0;
}

SMACK_EXPORT
int smack_access_from_string(const char *access, unsigned int *mask)
{
	if (!access || !mask) {
		errno = EINVAL;
		return -1;
	}
	return access_parse_n(access, strlen(access), mask);
}

SMACK_EXPORT
char *smack_access_to_string(unsigned int mask, char buf[SMACK_ACCESS_STRLEN])
{
	char *p = buf;

	/* Only the bits that are set, lowest first: most rules have a few
	 * letters, and every entry a tree's reader is given is written so. */
	for (mask &= SMACK_ACCESS_ALL; mask; mask &= mask - 1)
		*p++ = access_letters[__builtin_ctz(mask)];
	if (p == buf)
		*p++ = '-';
	*p = '\0';
	return buf;
}
