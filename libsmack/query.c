// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Access queries through access2.
 *
 * STUB: not implemented yet.
 */
#include <errno.h>
#include <stddef.h>

#include "libsmack-internal.h"

SMACK_EXPORT
int smack_have_access(const char *subject, const char *object,
		      const char *access_type)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_have_access_for_self(const char *object, const char *access_type)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_have_access_for_process(pid_t pid, const char *object,
				  const char *access_type)
{
	errno = ENOSYS;
	return -1;
}
