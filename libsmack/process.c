// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Process and socket labels, and relabel-self.
 *
 * A task's Smack label is in /proc/PID/attr/smack/current (Linux 5.1 and
 * later).  Older kernels have only attr/current, which belongs to whatever
 * LSM is active: under AppArmor or SELinux it reads fine and means nothing
 * to Smack, so it is used only once Smack is known to be active.  A label
 * belongs to a thread, so "self" is the calling thread.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "label-list.h"

/* SO_PEERSEC answers of other LSMs can be longer than a Smack label; past
 * this the answer is not worth growing the buffer for. */
#define PEERSEC_MAX 4096

static pthread_once_t active_once = PTHREAD_ONCE_INIT;
static bool smack_active;

/* Keeps errno across a close() on an error path. */
static void close_keep_errno(int fd)
{
	int saved = errno;

	close(fd);
	errno = saved;
}

/*
 * Reading attr/smack/current fails with EINVAL when Smack is built in but
 * not active.  Without attr/smack (before 5.1) only one major LSM runs, and
 * the kernel creates the smackfs mount point only when that LSM is Smack.
 * The set of active LSMs is fixed at boot, so the answer is kept.
 */
static void probe_smack_active(void)
{
	int fd = open("/proc/self/attr/smack/current", O_RDONLY | O_CLOEXEC);
	char c;

	if (fd >= 0) {
		smack_active = read(fd, &c, 1) >= 0 || errno != EINVAL;
		close(fd);
		return;
	}
	smack_active = access("/sys/fs/smackfs", F_OK) == 0 ||
		       smackfs_dirfd() >= 0;
}

static bool smack_is_active(void)
{
	pthread_once(&active_once, probe_smack_active);
	return smack_active;
}

/* The attr directory of process pid, or of the calling thread for 0. */
static int open_attr_dir(pid_t pid)
{
	const int flags = O_PATH | O_DIRECTORY | O_CLOEXEC;
	char path[64];
	int fd;

	if (pid == 0) {
		fd = open("/proc/thread-self/attr", flags);
		if (fd >= 0 || errno != ENOENT)
			return fd;
		/* Linux before 3.17 has no thread-self. */
		return open("/proc/self/attr", flags);
	}
	snprintf(path, sizeof(path), "/proc/%ld/attr", (long)pid);
	fd = open(path, flags);
	if (fd < 0 && errno == ENOENT)
		errno = ESRCH;
	return fd;
}

/* Opens Smack's "current" file in an attr directory; ENOENT when Smack is
 * not active. */
static int open_current(int attr_dirfd, int flags)
{
	int fd = openat(attr_dirfd, "smack/current", flags | O_CLOEXEC);

	if (fd >= 0 || errno != ENOENT)
		return fd;
	if (!smack_is_active()) {
		errno = ENOENT;
		return -1;
	}
	return openat(attr_dirfd, "current", flags | O_CLOEXEC);
}

static int open_task_current(pid_t pid, int flags)
{
	int dirfd = open_attr_dir(pid);
	int fd;

	if (dirfd < 0)
		return -1;
	fd = open_current(dirfd, flags);
	close_keep_errno(dirfd);
	return fd;
}

/*
 * Reads a label from an attr file.  6.1 writes it bare; a trailing newline
 * or NUL, as other kernels have written, is dropped.  The buffer holds the
 * longest label, that terminator and one byte more, to tell an over-long
 * answer from a label.
 */
static ssize_t read_attr_label(int fd, char **label)
{
	char buf[SMACK_LABEL_LEN + 2];
	size_t len = 0;
	ssize_t n;
	char *copy;

	while (len < sizeof(buf)) {
		n = read(fd, buf + len, sizeof(buf) - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			/* attr/smack/current of a kernel where Smack is off */
			if (errno == EINVAL)
				errno = ENOENT;
			return -1;
		}
		if (n == 0)
			break;
		len += n;
	}
	if (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\0'))
		len--;
	if (label_validate_n(buf, len, NULL) < 0) {
		errno = EPROTO;
		return -1;
	}
	copy = strndup(buf, len);
	if (!copy)
		return -1;
	*label = copy;
	return len;
}

static ssize_t task_label(pid_t pid, char **label)
{
	ssize_t len;
	int fd;

	if (!label) {
		errno = EINVAL;
		return -1;
	}
	fd = open_task_current(pid, O_RDONLY);
	if (fd < 0)
		return -1;
	len = read_attr_label(fd, label);
	close_keep_errno(fd);
	return len;
}

SMACK_EXPORT
ssize_t smack_new_label_from_self(char **label)
{
	return task_label(0, label);
}

SMACK_EXPORT
ssize_t smack_new_label_from_process(pid_t pid, char **label)
{
	if (pid <= 0) {
		errno = EINVAL;
		return -1;
	}
	return task_label(pid, label);
}

/* getsockopt(SO_PEERSEC) into a malloc'ed buffer with room for a NUL after
 * the answer; *len is the answer's length. */
static char *peersec(int fd, socklen_t *len)
{
	socklen_t size = SMACK_LABEL_LEN + 1;
	char *buf = NULL, *grown;

	for (;;) {
		grown = realloc(buf, size + 1);
		if (!grown)
			break;
		buf = grown;
		*len = size;
		if (getsockopt(fd, SOL_SOCKET, SO_PEERSEC, buf, len) == 0)
			return buf;
		/* ERANGE tells the size needed; a Smack label always fits the
		 * first buffer, so this is another LSM's long answer. */
		if (errno != ERANGE || *len <= size || *len > PEERSEC_MAX)
			break;
		size = *len;
	}
	free(buf);
	return NULL;
}

SMACK_EXPORT
ssize_t smack_new_label_from_socket(int fd, char **label)
{
	socklen_t answer;
	size_t len;
	char *buf;

	if (!label) {
		errno = EINVAL;
		return -1;
	}
	if (!smack_is_active()) {
		errno = ENOENT;
		return -1;
	}
	buf = peersec(fd, &answer);
	if (!buf)
		return -1;
	/* The kernel counts the label's NUL in the answer. */
	len = strnlen(buf, answer);
	buf[len] = '\0';
	if (len == 0) {
		/* e.g. the connecting end of TCP, which got no label */
		free(buf);
		errno = ENODATA;
		return -1;
	}
	if (label_validate_n(buf, len, NULL) < 0) {
		free(buf);
		errno = EPROTO;
		return -1;
	}
	*label = buf;
	return len;
}

SMACK_EXPORT
int smack_set_label_for_self(const char *label)
{
	ssize_t len = smack_label_validate(label, NULL), n;
	int fd;

	if (len < 0)
		return -1;
	/* No process may run with these; the kernel's answer varies with its
	 * version (EPERM on 6.1, EINVAL later). */
	if (len == 1 && (label[0] == '*' || label[0] == '@')) {
		errno = EINVAL;
		return -1;
	}
	fd = open_task_current(0, O_WRONLY);
	if (fd < 0)
		return -1;
	/* No newline: with one, a 255-character label is a byte too long. */
	do
		n = write(fd, label, len);
	while (n < 0 && errno == EINTR);
	if (n < 0 && errno == EINVAL && !smack_is_active())
		errno = ENOENT;
	else if (n >= 0 && n != len)
		errno = EIO;
	close_keep_errno(fd);
	return n == len ? 0 : -1;
}

SMACK_EXPORT
int smack_set_relabel_self(const char **labels, int cnt)
{
	return label_list_write_knob("relabel-self", labels, cnt);
}

SMACK_EXPORT
int smack_relabel_self_get(char ***labels)
{
	return label_list_read_knob("relabel-self", labels);
}
