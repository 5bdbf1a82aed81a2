// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Process and socket labels, and relabel-self.
 *
 * STUB: not implemented yet.
 */
#include <errno.h>
#include <stddef.h>

#include "libsmack-internal.h"

SMACK_EXPORT
ssize_t smack_new_label_from_self(char **label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
ssize_t smack_new_label_from_socket(int fd, char **label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_set_label_for_self(const char *label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_set_relabel_self(const char **labels, int cnt)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
ssize_t smack_new_label_from_process(pid_t pid, char **label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_relabel_self_get(char ***labels)
{
	errno = ENOSYS;
	return -1;
}
