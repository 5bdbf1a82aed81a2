// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Finding smackfs and talking to it.
 *
 * The mount is looked up once per process, under pthread_once, and kept as
 * an O_PATH directory descriptor (close-on-exec, so children do not inherit
 * it) for as long as the library is loaded.  Every other file of the
 * library reaches the kernel through here.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <mntent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "parse.h"

#define SMACK_MAGIC 0x43415D53	/* "SMAC" */

/* As libsmack 1.3 spelled them, since smack_smackfs_path() returns them and
 * old programs print or compare the string. */
static const char *const default_mounts[] = { "/sys/fs/smackfs/", "/smack" };

static pthread_once_t discovery_once = PTHREAD_ONCE_INIT;
static char *mount_path;	/* NULL when Smack is not active */
static int mount_dirfd = -1;
static smackfs_write_fn write_hook;

static int open_if_smackfs(const char *path)
{
	struct statfs sfs;
	int fd;

	fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstatfs(fd, &sfs) < 0 || (unsigned long)sfs.f_type != SMACK_MAGIC) {
		close(fd);
		return -1;
	}
	return fd;
}

static bool adopt(const char *path)
{
	int fd = open_if_smackfs(path);

	if (fd < 0)
		return false;
	mount_path = strdup(path);
	if (!mount_path) {
		close(fd);
		return false;
	}
	mount_dirfd = fd;
	return true;
}

/* A smackfs mounted somewhere unusual is still found through the mount
 * table. */
static void search_mount_table(void)
{
	struct mntent ent;
	char strings[PATH_MAX * 2];
	FILE *f = setmntent("/proc/mounts", "re");

	if (!f)
		return;
	while (getmntent_r(f, &ent, strings, sizeof(strings)))
		if (strcmp(ent.mnt_type, "smackfs") == 0 && adopt(ent.mnt_dir))
			break;
	endmntent(f);
}

static void discover(void)
{
	size_t i;

	if (mount_path)		/* set by smackfs_override() */
		return;
	for (i = 0; i < sizeof(default_mounts) / sizeof(default_mounts[0]); i++)
		if (adopt(default_mounts[i]))
			return;
	search_mount_table();
}

int smackfs_override(const char *dir)
{
	int fd = -1;
	char *copy = NULL;

	if (dir) {
		fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0)
			return -1;
		copy = strdup(dir);
		if (!copy) {
			close(fd);
			return -1;
		}
	}
	if (mount_dirfd >= 0)
		close(mount_dirfd);
	free(mount_path);
	mount_path = copy;
	mount_dirfd = fd;
	/* discover() leaves an override alone; without one, discover again. */
	if (!dir)
		discovery_once = (pthread_once_t)PTHREAD_ONCE_INIT;
	return 0;
}

/* A library that a plug-in loads (a PAM module, through dlopen()) is
 * unloaded with it: what discover() kept would be left behind at each
 * unload, a string and an open descriptor. */
__attribute__((destructor)) static void forget_mount(void)
{
	if (mount_dirfd >= 0)
		close(mount_dirfd);
	free(mount_path);
	mount_dirfd = -1;
	mount_path = NULL;
}

SMACK_EXPORT
const char *smack_smackfs_path(void)
{
	pthread_once(&discovery_once, discover);
	return mount_path;
}

int smackfs_dirfd(void)
{
	pthread_once(&discovery_once, discover);
	if (mount_dirfd < 0)
		errno = ENOENT;
	return mount_dirfd;
}

int smackfs_open(const char *name, int flags)
{
	int dirfd = smackfs_dirfd();

	if (dirfd < 0)
		return -1;
	return openat(dirfd, name, flags | O_CLOEXEC);
}

ssize_t read_once_and_close(int fd, void *buf, size_t size)
{
	ssize_t n;
	int saved;

	do
		n = read(fd, buf, size);
	while (n < 0 && errno == EINTR);
	saved = errno;
	close(fd);
	errno = saved;
	return n;
}

ssize_t smackfs_read_file(const char *name, char **buf)
{
	int fd = smackfs_open(name, O_RDONLY), saved;
	ssize_t n;

	if (fd < 0)
		return -1;
	n = parse_read_all(fd, buf);
	saved = errno;
	close(fd);
	errno = saved;
	return n;
}

int smackfs_read_lines(const char *name, smackfs_line_fn fn, void *arg)
{
	char *text, *line, *end;
	int ret = 0;

	if (smackfs_read_file(name, &text) < 0)
		return -1;
	for (line = text; *line && ret == 0; line = end + (*end != '\0')) {
		end = line + strcspn(line, "\n");
		if (end > line)
			ret = fn(arg, line, end);
	}
	free(text);
	return ret;
}

int smackfs_write_file(const char *name, const char *buf, size_t len)
{
	int fd = smackfs_open(name, O_WRONLY);
	ssize_t n;
	int saved;

	if (fd < 0)
		return -1;
	do
		n = write(fd, buf, len);
	while (n < 0 && errno == EINTR);
	saved = errno;
	close(fd);
	if (n < 0) {
		errno = saved;
		return -1;
	}
	if ((size_t)n != len) {
		errno = EIO;
		return -1;
	}
	return 0;
}

void smackfs_set_write_hook(smackfs_write_fn fn)
{
	write_hook = fn;
}

int smackfs_batch_open(struct smackfs_batch *b, const char *name)
{
	b->used = 0;
	b->records_written = 0;
	b->records_pending = 0;
	b->fd = smackfs_open(name, O_WRONLY);
	return b->fd < 0 ? -1 : 0;
}

static size_t count_records(const char *p, size_t len)
{
	size_t n = 0;
	const char *end = p + len;

	while ((p = memchr(p, '\n', end - p))) {
		n++;
		p++;
	}
	return n;
}

/*
 * The kernel parses each write on its own and may take less than it was
 * given (only whole records inside its first page), so we continue from the
 * count it returns.
 */
int smackfs_batch_flush(struct smackfs_batch *b)
{
	size_t off = 0, taken;
	ssize_t n;

	while (off < b->used) {
		if (write_hook)
			n = write_hook(b->fd, b->buf + off, b->used - off);
		else
			n = write(b->fd, b->buf + off, b->used - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			/* Drop what was not taken, keep the count of what was. */
			memmove(b->buf, b->buf + off, b->used - off);
			b->used -= off;
			b->records_pending = count_records(b->buf, b->used);
			return -1;
		}
		if ((size_t)n == b->used - off) {
			/* Most writes are taken whole: no lines to count. */
			b->records_written += b->records_pending;
			b->records_pending = 0;
		} else {
			taken = count_records(b->buf + off, n);
			b->records_written += taken;
			b->records_pending -= taken;
		}
		off += n;
	}
	b->used = 0;
	b->records_pending = 0;
	return 0;
}

int smackfs_batch_add(struct smackfs_batch *b, const char *rec, size_t len)
{
	char *room;

	if (len == 0 || len >= SMACKFS_BATCH_MAX || rec[len - 1] != '\n') {
		errno = EINVAL;
		return -1;
	}
	room = smackfs_batch_room(b, len);
	if (!room)
		return -1;
	memcpy(room, rec, len);
	smackfs_batch_commit(b, len);
	return 0;
}

char *smackfs_batch_room(struct smackfs_batch *b, size_t len)
{
	if (b->used + len > sizeof(b->buf) && smackfs_batch_flush(b) < 0)
		return NULL;
	return b->buf + b->used;
}

void smackfs_batch_commit(struct smackfs_batch *b, size_t len)
{
	b->used += len;
	b->records_pending++;
}

int smackfs_batch_close(struct smackfs_batch *b)
{
	int ret = 0, saved = 0;

	if (b->fd < 0)
		return 0;
	if (b->used && smackfs_batch_flush(b) < 0) {
		ret = -1;
		saved = errno;
	}
	close(b->fd);
	b->fd = -1;
	if (ret)
		errno = saved;
	return ret;
}
