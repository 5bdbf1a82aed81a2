// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Netlabel host entries (struct smack_netlabel): netlabel and ipv6host.
 *
 * STUB: not implemented yet.
 */
#include <errno.h>
#include <stddef.h>

#include "libsmack-internal.h"

SMACK_EXPORT
int smack_netlabel_new(struct smack_netlabel **handle)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
void smack_netlabel_free(struct smack_netlabel *handle)
{
}

SMACK_EXPORT
int smack_netlabel_add(struct smack_netlabel *handle, const char *host,
		       const char *label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_netlabel_parse_fd(struct smack_netlabel *handle, int fd,
			    const char *name, smack_parse_error_fn on_error,
			    void *userdata)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_netlabel_parse_path(struct smack_netlabel *handle, const char *path,
			      smack_parse_error_fn on_error, void *userdata)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_netlabel_apply(struct smack_netlabel *handle)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_netlabel_new_from_kernel(struct smack_netlabel **handle)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_netlabel_foreach(const struct smack_netlabel *handle,
			   smack_netlabel_fn fn, void *userdata)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
size_t smack_netlabel_count(const struct smack_netlabel *handle)
{
	errno = ENOSYS;
	return 0;
}
