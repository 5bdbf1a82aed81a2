// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The lock of the policy's writers (smack_policy_lock(3)).
 *
 * It is flock(2) on the smackfs directory itself.  Every mount of smackfs
 * is the same directory of the same filesystem, so every writer of this
 * kernel's policy meets the same lock, from any mount point and any mount
 * namespace; it needs no writable /run at early boot and leaves no file
 * behind; and the kernel drops it when its holder exits, however it ends.
 *
 * The lock belongs to the process: a second smack_policy_lock() in the
 * same process (a tool holding it calls smack_load_policy(), say) only
 * counts, since a second flock() on a new descriptor of the directory
 * would wait for the first.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/file.h>
#include <unistd.h>

#include "libsmack-internal.h"

static pthread_mutex_t lock_mutex = PTHREAD_MUTEX_INITIALIZER;
static int lock_fd = -1;
static unsigned int lock_depth;

static int take_lock(int flags)
{
	int fd = smackfs_open(".", O_RDONLY | O_DIRECTORY);
	int ret, saved;

	if (fd < 0)
		return -1;
	/* Not again after EINTR: a signal (an alarm(2), say) is how a
	 * caller gives up waiting. */
	ret = flock(fd, LOCK_EX |
		    (flags & SMACK_POLICY_LOCK_NOWAIT ? LOCK_NB : 0));
	if (ret < 0) {
		/* As pthread_mutex_trylock(): its text says what happened. */
		saved = errno == EWOULDBLOCK ? EBUSY : errno;
		close(fd);
		errno = saved;
		return -1;
	}
	lock_fd = fd;
	return 0;
}

SMACK_EXPORT
int smack_policy_lock(int flags)
{
	int ret = 0;

	if (flags & ~SMACK_POLICY_LOCK_NOWAIT) {
		errno = EINVAL;
		return -1;
	}
	pthread_mutex_lock(&lock_mutex);
	if (lock_depth == 0)
		ret = take_lock(flags);
	if (ret == 0)
		lock_depth++;
	pthread_mutex_unlock(&lock_mutex);
	return ret;
}

SMACK_EXPORT
int smack_policy_unlock(void)
{
	int ret = 0;

	pthread_mutex_lock(&lock_mutex);
	if (lock_depth == 0) {
		errno = ENOLCK;
		ret = -1;
	} else if (--lock_depth == 0) {
		/* Released for a child that shares the descriptor too. */
		flock(lock_fd, LOCK_UN);
		close(lock_fd);
		lock_fd = -1;
	}
	pthread_mutex_unlock(&lock_mutex);
	return ret;
}
