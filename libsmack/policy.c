// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The boot-time policy tree under /etc/smack (smack_load_policy).
 *
 * STUB: not implemented yet.
 */
#include <errno.h>
#include <stddef.h>

#include "libsmack-internal.h"

SMACK_EXPORT
int smack_load_policy(void)
{
	errno = ENOSYS;
	return -1;
}
