// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access-probe STOPFILE "SUBJECT OBJECT ACCESS"...
 *
 * Asks the kernel (access2) about each query in turn, as fast as it can,
 * until STOPFILE exists; then prints "QUERIES DENIED" and exits 0.  Once
 * it has asked each query, it creates STOPFILE.ready: a test waits for
 * that rather than for a time, which a probe started under valgrind
 * could take many times over.  The
 * reload test runs it in the background to catch a persisting rule that
 * is missing, even for a moment.  It talks to smackfs itself so that it
 * checks the tools without depending on them.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ACCESS2 "/sys/fs/smackfs/access2"

/* 1 allowed, 0 denied, -1 when the query itself failed. */
static int ask(const char *query)
{
	char answer[2] = "";
	int fd = open(ACCESS2, O_RDWR | O_CLOEXEC);
	int ret = -1;

	if (fd < 0)
		return -1;
	if (write(fd, query, strlen(query)) == (ssize_t)strlen(query) &&
	    read(fd, answer, sizeof(answer)) > 0)
		ret = answer[0] == '1';
	close(fd);
	return ret;
}

/* Creates STOPFILE.ready; 0 or -1. */
static int say_ready(const char *stopfile)
{
	size_t len = strlen(stopfile);
	char *ready = malloc(len + sizeof(".ready"));
	int fd = -1;

	if (ready) {
		memcpy(ready, stopfile, len);
		memcpy(ready + len, ".ready", sizeof(".ready"));
		fd = open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
		free(ready);
	}
	if (fd < 0) {
		perror("access-probe: cannot create STOPFILE.ready");
		return -1;
	}
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long queries = 0, denied = 0;
	int i;

	if (argc < 3) {
		fprintf(stderr, "usage: %s STOPFILE QUERY...\n", argv[0]);
		return 2;
	}
	while (access(argv[1], F_OK) != 0) {
		for (i = 2; i < argc; i++) {
			queries++;
			if (ask(argv[i]) != 1)
				denied++;
		}
		if (queries == (unsigned long)argc - 2 && say_ready(argv[1]) < 0)
			return 1;
	}
	printf("%lu %lu\n", queries, denied);
	return 0;
}
