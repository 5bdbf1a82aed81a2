// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * File labels: the security.SMACK64* extended attributes.
 *
 * STUB: not implemented yet.
 */
#include <errno.h>
#include <stddef.h>

#include "libsmack-internal.h"

SMACK_EXPORT
ssize_t smack_new_label_from_path(const char *path, const char *xattr,
				  int follow, char **label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_set_label_for_path(const char *path, const char *xattr,
			     int follow, const char *label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_remove_label_for_path(const char *path, const char *xattr,
				int follow)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
ssize_t smack_new_label_from_file(int fd, const char *xattr, char **label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_set_label_for_file(int fd, const char *xattr, const char *label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_remove_label_for_file(int fd, const char *xattr)
{
	errno = ENOSYS;
	return -1;
}
