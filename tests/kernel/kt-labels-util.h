/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the label and knob kernel tests (kt-labels.c,
 * kt-labels-knobs.c): child processes that report by exit status, giving
 * up the Smack capabilities, and reading raw kernel values.
 */
#ifndef KT_LABELS_UTIL_H
#define KT_LABELS_UTIL_H

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libsmack-internal.h"

#define ck_assert_fails(call, err) do { \
	errno = 0; \
	ck_assert_int_eq((call), -1); \
	ck_assert_int_eq(errno, (err)); \
} while (0)

/*
 * The capget/capset interface, declared here because not every C library
 * ships <linux/capability.h> (musl does not): version 3 takes two 32-bit
 * words per set, and both Smack capabilities are in the second.
 */
#define KT_CAP_VERSION_3 0x20080522
#define KT_CAP_MAC_OVERRIDE 32
#define KT_CAP_MAC_ADMIN 33

struct kt_cap_header {
	uint32_t version;
	int pid;
};

struct kt_cap_data {
	uint32_t effective, permitted, inheritable;
};

/*
 * Removes CAP_MAC_ADMIN and CAP_MAC_OVERRIDE from the calling process
 * (effective, permitted and inheritable), as capsh --drop does, so that
 * Smack's rules and privileges apply to it as to any other process.
 */
static inline int drop_mac_caps(void)
{
	struct kt_cap_header hdr = { .version = KT_CAP_VERSION_3 };
	struct kt_cap_data data[2];
	const uint32_t mask = 1u << (KT_CAP_MAC_OVERRIDE - 32) |
			      1u << (KT_CAP_MAC_ADMIN - 32);

	if (syscall(SYS_capget, &hdr, data) < 0)
		return -1;
	data[1].effective &= ~mask;
	data[1].permitted &= ~mask;
	data[1].inheritable &= ~mask;
	return syscall(SYS_capset, &hdr, data);
}

/*
 * Runs fn(arg) in a child process and returns its exit status.  A child
 * cannot report through Check, so fn returns 0 when all is well and a
 * distinct number for each step that went wrong.
 */
static inline int in_child(int (*fn)(void *), void *arg)
{
	int status;
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(fn(arg));
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status)
				 : 128 + WTERMSIG(status);
}

/* Whether label is s, then frees it (so checks can be one-liners). */
static inline int label_is(char *label, const char *s)
{
	int same = label && strcmp(label, s) == 0;

	free(label);
	return same;
}

/* The calling process's label as the kernel shows it, in a buffer that
 * the next call overwrites. */
static inline const char *raw_self_label(void)
{
	static char buf[SMACK_LABEL_LEN + 2];
	ssize_t n;
	int fd = open("/proc/self/attr/current", O_RDONLY);

	ck_assert_int_ge(fd, 0);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	ck_assert_int_ge(n, 0);
	buf[n] = '\0';
	return buf;
}

#endif /* KT_LABELS_UTIL_H */
