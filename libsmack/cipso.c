// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * CIPSO label mappings (struct smack_cipso) and cipso2.
 *
 * STUB: not implemented yet.
 */
#include <errno.h>
#include <stddef.h>

#include "libsmack-internal.h"

SMACK_EXPORT
int smack_cipso_new(struct smack_cipso **handle)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
void smack_cipso_free(struct smack_cipso *handle)
{
}

SMACK_EXPORT
int smack_cipso_apply(struct smack_cipso *handle)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_cipso_add_from_file(struct smack_cipso *handle, int fd)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_cipso_add(struct smack_cipso *handle, const char *label, int level,
		    const int *categories, int ncategories)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_cipso_parse_fd(struct smack_cipso *handle, int fd, const char *name,
			 smack_parse_error_fn on_error, void *userdata)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_cipso_parse_path(struct smack_cipso *handle, const char *path,
			   smack_parse_error_fn on_error, void *userdata)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_cipso_new_from_kernel(struct smack_cipso **handle)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_cipso_foreach(const struct smack_cipso *handle, smack_cipso_fn fn,
			void *userdata)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
size_t smack_cipso_count(const struct smack_cipso *handle)
{
	errno = ENOSYS;
	return 0;
}
