// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A fault injector for the kernel cases, preloaded into a tool in the guest
 * (LD_PRELOAD; a static build ignores it, which a case sees from its log).
 * The tools check their input before they write, so the kernel has no
 * reason left to refuse a write part-way; this makes one, at a chosen
 * write, to see what the tool then leaves in the kernel.
 *
 * It replaces write(2).  Writes to the smackfs file named by
 * SMACK_FAULT_FILE (a base name: "load2", "cipso2", "onlycap", ...) are
 * counted from 1, and from the one numbered SMACK_FAULT_AT on, for
 * SMACK_FAULT_COUNT writes (default 1; 0 for all the rest):
 *
 *   SMACK_FAULT_DO=errno (the default)  the write fails with
 *       SMACK_FAULT_ERRNO (default EINVAL) and reaches no kernel;
 *   SMACK_FAULT_DO=privilege  the write reaches the kernel with
 *       CAP_MAC_ADMIN out of the effective set, so that the kernel itself
 *       refuses it (EPERM); the capability is raised again after it;
 *   SMACK_FAULT_DO=kill  the process kills itself (SIGKILL) instead of
 *       writing, as a tool killed part-way;
 *   SMACK_FAULT_DO=hold  the process creates SMACK_FAULT_DIR/held, waits
 *       until SMACK_FAULT_DIR/go exists, then writes: a writer caught in
 *       the middle, for tests of the writers' lock.
 *
 * Each fault appends "FILE N DO" to SMACK_FAULT_LOG, if set.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#define SMACK_MAGIC 0x43415D53

static unsigned long writes_seen;

static long env_number(const char *name, long fallback)
{
	const char *value = getenv(name);

	return value && *value ? strtol(value, NULL, 10) : fallback;
}

/* Whether fd is the smackfs file the fault is for. */
static int is_target(int fd, const char *name)
{
	char link[64], path[4096];
	const char *base;
	struct statfs sfs;
	ssize_t n;

	if (fstatfs(fd, &sfs) < 0 || (unsigned long)sfs.f_type != SMACK_MAGIC)
		return 0;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, path, sizeof(path) - 1);
	if (n < 0)
		return 0;
	path[n] = '\0';
	base = strrchr(path, '/');
	return strcmp(base ? base + 1 : path, name) == 0;
}

static void note(const char *file, const char *what)
{
	const char *log = getenv("SMACK_FAULT_LOG");
	char line[256];
	int fd, len;

	if (!log)
		return;
	fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0)
		return;
	len = snprintf(line, sizeof(line), "%s %lu %s\n", file, writes_seen,
		       what);
	syscall(SYS_write, fd, line, len);
	close(fd);
}

static int set_mac_admin(int on)
{
	struct __user_cap_header_struct head = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];
	unsigned int bit = CAP_TO_MASK(CAP_MAC_ADMIN);
	int word = CAP_TO_INDEX(CAP_MAC_ADMIN);

	if (syscall(SYS_capget, &head, data) < 0)
		return -1;
	if (on)
		data[word].effective |= bit;
	else
		data[word].effective &= ~bit;
	return syscall(SYS_capset, &head, data);
}

static void wait_for_go(void)
{
	const char *dir = getenv("SMACK_FAULT_DIR");
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	char path[4096];
	int fd;

	if (!dir)
		return;
	snprintf(path, sizeof(path), "%s/held", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
	if (fd >= 0)
		close(fd);
	snprintf(path, sizeof(path), "%s/go", dir);
	while (access(path, F_OK) != 0)
		nanosleep(&pause, NULL);
}

/* The fault for this write: NULL for none. */
static const char *fault_now(int fd, const char **file)
{
	long at = env_number("SMACK_FAULT_AT", 0);
	long count = env_number("SMACK_FAULT_COUNT", 1);
	const char *what = getenv("SMACK_FAULT_DO");

	*file = getenv("SMACK_FAULT_FILE");
	if (!*file || at <= 0 || !is_target(fd, *file))
		return NULL;
	writes_seen++;
	if ((long)writes_seen < at ||
	    (count > 0 && (long)writes_seen >= at + count))
		return NULL;
	return what && *what ? what : "errno";
}

ssize_t write(int fd, const void *buf, size_t len)
{
	const char *file, *what = fault_now(fd, &file);
	ssize_t n;
	int saved;

	if (!what)
		return syscall(SYS_write, fd, buf, len);
	note(file, what);
	if (strcmp(what, "kill") == 0)
		raise(SIGKILL);
	if (strcmp(what, "hold") == 0)
		wait_for_go();
	if (strcmp(what, "privilege") == 0 && set_mac_admin(0) == 0) {
		n = syscall(SYS_write, fd, buf, len);
		saved = errno;
		set_mac_admin(1);
		errno = saved;
		return n;
	}
	if (strcmp(what, "errno") != 0)
		return syscall(SYS_write, fd, buf, len);
	errno = (int)env_number("SMACK_FAULT_ERRNO", EINVAL);
	return -1;
}
