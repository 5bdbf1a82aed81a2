// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Access strings: the letters rwxatlb in either case, repeats allowed (as
 * the kernel allows them), '-' for none.  The kernel stops silently at an
 * unknown letter ("rwq" loads as "rw"), so anything else is refused here.
 */
#include <errno.h>
#include <string.h>

#include "libsmack-internal.h"

static const char access_letters[] = "rwxatlb";

/* A switch rather than a search of access_letters: this runs for every
 * letter of every rule a policy has. */
static int letter_bit(char c)
{
	switch (c | 0x20) {	/* either case */
	case 'r': return SMACK_ACCESS_READ;
	case 'w': return SMACK_ACCESS_WRITE;
	case 'x': return SMACK_ACCESS_EXEC;
	case 'a': return SMACK_ACCESS_APPEND;
	case 't': return SMACK_ACCESS_TRANSMUTE;
	case 'l': return SMACK_ACCESS_LOCK;
	case 'b': return SMACK_ACCESS_BRINGUP;
	default: return -1;
	}
}

int access_parse_n(const char *s, size_t len, unsigned int *mask)
{
	unsigned int m = 0;
	size_t i;
	int bit;

	if (len == 0) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < len; i++) {
		if (s[i] == '-')
			continue;
		bit = letter_bit(s[i]);
		if (bit < 0) {
			errno = EINVAL;
			return -1;
		}
		m |= bit;
	}
	*mask = m;
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
	int i;

	for (i = 0; access_letters[i]; i++)
		if (mask & (1u << i))
			*p++ = access_letters[i];
	if (p == buf)
		*p++ = '-';
	*p = '\0';
	return buf;
}
