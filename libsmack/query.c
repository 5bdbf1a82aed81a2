// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Access queries through access2.
 *
 * The kernel answers one query per open file, so a query is exactly what
 * the kernel needs: openat() on the kept smackfs directory, one write of
 * "subject object access", one read of the answer ("1" or "0" and a NUL),
 * close().  Everything is checked before the open, so a bad argument
 * costs no system call and leaks no descriptor.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "libsmack-internal.h"

/* "subject object access" and room for the NUL. */
#define QUERY_MAX (2 * SMACK_LABEL_LEN + SMACK_ACCESS_STRLEN + 2)

/* Appends a label checked to be valid; -1 EINVAL when it is not. */
static ssize_t put_label(char *p, const char *label)
{
	ssize_t len = smack_label_validate(label, NULL);

	if (len < 0)
		return -1;
	memcpy(p, label, len);
	p[len] = ' ';
	return len + 1;
}

/* Writes the query into buf; its length, or -1 with errno EINVAL. */
static ssize_t format_query(char buf[QUERY_MAX], const char *subject,
			    const char *object, const char *access_type)
{
	unsigned int mask;
	ssize_t s, o;

	if (smack_access_from_string(access_type, &mask) < 0)
		return -1;
	s = put_label(buf, subject);
	if (s < 0)
		return -1;
	o = put_label(buf + s, object);
	if (o < 0)
		return -1;
	/* The canonical letters, never what the kernel would stop at. */
	smack_access_to_string(mask, buf + s + o);
	return s + o + strlen(buf + s + o);
}

static int ask_access2(const char *query, size_t len)
{
	char answer[2];
	ssize_t n;
	int fd, saved;

	fd = smackfs_open("access2", O_RDWR);
	if (fd < 0)
		return -1;
	do
		n = write(fd, query, len);
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)len) {
		saved = n < 0 ? errno : EIO;
		close(fd);
		errno = saved;
		return -1;
	}
	n = read_once_and_close(fd, answer, sizeof(answer));
	if (n < 0)
		return -1;
	if (n < 1 || (answer[0] != '0' && answer[0] != '1')) {
		errno = EPROTO;
		return -1;
	}
	return answer[0] == '1';
}

SMACK_EXPORT
int smack_have_access(const char *subject, const char *object,
		      const char *access_type)
{
	char query[QUERY_MAX];
	ssize_t len = format_query(query, subject, object, access_type);

	if (len < 0)
		return -1;
	return ask_access2(query, len);
}

/*
 * Reads a process's Smack label into buf (NUL-terminated).  The Smack
 * subdirectory first: attr/current belongs to whichever LSM comes first,
 * and only kernels before 5.1 lack attr/smack.
 */
static int read_process_label(pid_t pid, char buf[SMACK_LABEL_LEN + 2])
{
	static const char *const names[] = { "attr/smack/current",
					     "attr/current" };
	char path[64];
	ssize_t n;
	size_t i;
	int fd = -1;

	for (i = 0; i < 2 && fd < 0; i++) {
		if (pid)
			snprintf(path, sizeof(path), "/proc/%ld/%s",
				 (long)pid, names[i]);
		else
			snprintf(path, sizeof(path), "/proc/self/%s",
				 names[i]);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 && errno != ENOENT)
			return -1;
	}
	if (fd < 0)
		return -1;
	n = read_once_and_close(fd, buf, SMACK_LABEL_LEN + 1);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	/* The kernel adds nothing, but tolerate a newline or a NUL. */
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static int process_has_access(pid_t pid, const char *object,
			      const char *access_type)
{
	char label[SMACK_LABEL_LEN + 2];

	/* Without Smack, attr/current may be another LSM's context. */
	if (smackfs_dirfd() < 0)
		return -1;
	if (read_process_label(pid, label) < 0)
		return -1;
	return smack_have_access(label, object, access_type);
}

SMACK_EXPORT
int smack_have_access_for_self(const char *object, const char *access_type)
{
	return process_has_access(0, object, access_type);
}

SMACK_EXPORT
int smack_have_access_for_process(pid_t pid, const char *object,
				  const char *access_type)
{
	if (pid <= 0) {
		errno = EINVAL;
		return -1;
	}
	return process_has_access(pid, object, access_type);
}
