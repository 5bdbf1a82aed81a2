// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The one-value smackfs files: onlycap, ambient, logging, ptrace, doi and the rest, and revoke-subject.
 *
 * STUB: not implemented yet.
 */
#include <errno.h>
#include <stddef.h>

#include "libsmack-internal.h"

SMACK_EXPORT
int smack_revoke_subject(const char *subject)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_set_onlycap(const char **labels, int cnt)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_set_onlycap_from_file(int fd)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
void smack_label_list_free(char **labels)
{
}

SMACK_EXPORT
int smack_onlycap_get(char ***labels)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
ssize_t smack_ambient_get(char **label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_ambient_set(const char *label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
ssize_t smack_syslog_get(char **label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_syslog_set(const char *label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
ssize_t smack_unconfined_get(char **label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_unconfined_set(const char *label)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_logging_get(int *mode)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_logging_set(int mode)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_ptrace_get(int *mode)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_ptrace_set(int mode)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_doi_get(unsigned long *doi)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_doi_set(unsigned long doi)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_direct_get(int *level)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_direct_set(int level)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_mapped_get(int *level)
{
	errno = ENOSYS;
	return -1;
}

SMACK_EXPORT
int smack_mapped_set(int level)
{
	errno = ENOSYS;
	return -1;
}
