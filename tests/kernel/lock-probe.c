// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lock-probe try | hold DIR | load-policy | nest
 *
 * The writers' lock (smack_policy_lock(3)) from a program of its own, for
 * the kernel cases:
 *   try          takes it without waiting: exit 0 when it was free, 3 when
 *                another process holds it
 *   hold DIR     takes it (waiting), creates DIR/held, waits until DIR/go
 *                exists, releases it
 *   load-policy  smack_load_policy(), which takes it, waiting: exit 0 or 1
 *   nest         takes it, then smack_load_policy() takes it again, which
 *                must not wait for the process itself; then releases it
 *                and checks that a release too many fails with ENOLCK
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sys/smack.h>

static int hold(const char *dir)
{
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	char path[4096];
	int fd;

	if (smack_policy_lock(0) < 0)
		return 1;
	snprintf(path, sizeof(path), "%s/held", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0)
		return 1;
	close(fd);
	snprintf(path, sizeof(path), "%s/go", dir);
	while (access(path, F_OK) != 0)
		nanosleep(&pause, NULL);
	return smack_policy_unlock() == 0 ? 0 : 1;
}

static int nest(void)
{
	if (smack_policy_lock(SMACK_POLICY_LOCK_NOWAIT) < 0 ||
	    smack_load_policy() < 0 || smack_policy_unlock() < 0)
		return 1;
	return smack_policy_unlock() < 0 && errno == ENOLCK ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "try") == 0) {
		if (smack_policy_lock(SMACK_POLICY_LOCK_NOWAIT) == 0)
			return 0;
		return errno == EBUSY ? 3 : 1;
	}
	if (argc == 3 && strcmp(argv[1], "hold") == 0)
		return hold(argv[2]);
	if (argc == 2 && strcmp(argv[1], "load-policy") == 0)
		return smack_load_policy() == 0 ? 0 : 1;
	if (argc == 2 && strcmp(argv[1], "nest") == 0)
		return nest();
	fprintf(stderr, "usage: lock-probe try | hold DIR | load-policy |"
		" nest\n");
	return 2;
}
