// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Label validation, with the kernel's own rules (smk_parse_smack): 1 to 255
 * bytes of printable ASCII other than / " \ ' and not starting with '-'.
 * The kernel silently truncates a label at the first bad byte, so this check
 * is what stops "a/b" from quietly becoming "a".
 */
#include <errno.h>
#include <string.h>

#include "libsmack-internal.h"

static const char *bad_byte_reason(unsigned char c)
{
	switch (c) {
	case '/':
		return "contains '/'";
	case '"':
		return "contains '\"'";
	case '\\':
		return "contains '\\'";
	case '\'':
		return "contains \"'\"";
	case ' ':
		return "contains a space";
	case '\t':
		return "contains a tab";
	case '\n':
	case '\r':
		return "contains a line break";
	case '\0':
		return "contains a NUL byte";
	default:
		if (c < 0x20 || c == 0x7f)
			return "contains a control character";
		if (c > 0x7f)
			return "contains a byte outside printable ASCII";
		return NULL;
	}
}

ssize_t label_validate_n(const char *s, size_t len, const char **reason)
{
	const char *why = NULL;
	size_t i;

	if (len == 0)
		why = "is empty";
	else if (s[0] == '-')
		why = "starts with '-'";
	else if (len > SMACK_LABEL_LEN)
		why = "is longer than 255 characters";
	for (i = 0; !why && i < len; i++)
		why = bad_byte_reason((unsigned char)s[i]);
	if (why) {
		if (reason)
			*reason = why;
		errno = EINVAL;
		return -1;
	}
	return len;
}

/* A loop rather than strnlen(): with link-time optimisation GCC warns
 * wherever a caller's buffer is shorter than strnlen()'s bound, though the
 * string's NUL comes first. */
size_t label_length(const char *s)
{
	size_t n = 0;

	while (n <= SMACK_LABEL_LEN && s[n])
		n++;
	return n;
}

SMACK_EXPORT
ssize_t smack_label_validate(const char *label, const char **reason)
{
	if (!label) {
		if (reason)
			*reason = "is missing";
		errno = EINVAL;
		return -1;
	}
	return label_validate_n(label, label_length(label), reason);
}

SMACK_EXPORT
ssize_t smack_label_length(const char *label)
{
	return smack_label_validate(label, NULL);
}
