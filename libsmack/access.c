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

static int letter_bit(char c)
{
	const char *p;

	if (c >= 'A' && c <= 'Z')
		c = c - 'A' + 'a';
	p = strchr(access_letters, c);
	if (!p || c == '\0')
		return -1;
	return 1 << (p - access_letters);
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
