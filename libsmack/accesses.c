// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Rule sets (struct smack_accesses): building, parsing, applying, diffing.
 *
 * STUB: not implemented yet.
 */
#include <errno.h>
#include <stddef.h>

#include "libsmack-internal.h"

SMACK_EXPORT
int smack_accesses_new(struct smack_accesses **handle)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
void smack_accesses_free(struct smack_accesses *handle)
{
}

SMACK_EXPORT
int smack_accesses_save(struct smack_accesses *handle, int fd)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_apply(struct smack_accesses *handle)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_clear(struct smack_accesses *handle)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_add(struct smack_accesses *handle, const char *subject,
		       const char *object, const char *access_type)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_add_modify(struct smack_accesses *handle,
			      const char *subject, const char *object,
			      const char *allow_access_type,
			      const char *deny_access_type)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_add_from_file(struct smack_accesses *handle, int fd)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_parse_buffer(struct smack_accesses *handle,
				const char *buf, size_t len, const char *name,
				smack_parse_error_fn on_error, void *userdata)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_parse_fd(struct smack_accesses *handle, int fd,
			    const char *name, smack_parse_error_fn on_error,
			    void *userdata)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_parse_path(struct smack_accesses *handle, const char *path,
			      smack_parse_error_fn on_error, void *userdata)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_new_from_kernel(struct smack_accesses **handle)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
size_t smack_accesses_count(const struct smack_accesses *handle)
{
	errno = ENOSYS;
	return 0;
}

SMACK_EXPORT
int smack_accesses_foreach(const struct smack_accesses *handle,
			   smack_accesses_fn fn, void *userdata)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_diff(const struct smack_accesses *from,
			const struct smack_accesses *to,
			struct smack_accesses **diff)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_accesses_apply_report(struct smack_accesses *handle,
				size_t *applied)
{
	errno = ENOSYS;
	return -1;
}
