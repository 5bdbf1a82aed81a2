/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the kernel tests of rules (kt-rules.c), queries (kt-query.c) and
 * of the policy (kt-policy.c) read back from the kernel and load into it.
 */
#ifndef KT_RULES_UTIL_H
#define KT_RULES_UTIL_H

#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "check-main.h"

/* Not every suite that includes this asks for every helper. */
#define KT_MAYBE_UNUSED __attribute__((unused))

/* The whole of a smackfs file (the caller frees). */
static char *kernel_file(const char *name)
{
	char *text;

	ck_assert_int_ge(smackfs_read_file(name, &text), 0);
	return text;
}

/* load2 has a line that starts with "subject object " and, when access
 * is not NULL, is exactly "subject object access". */
static bool load2_has(const char *subject, const char *object,
		      const char *access)
{
	char line[600], *text = kernel_file("load2"), *p;
	bool found = false;

	snprintf(line, sizeof(line), "%s %s %s%s", subject, object,
		 access ? access : "", access ? "\n" : "");
	for (p = text; !found && (p = strstr(p, line)); p++)
		found = p == text || p[-1] == '\n';
	free(text);
	return found;
}

KT_MAYBE_UNUSED
static bool has_rule(const char *subject, const char *object,
		     const char *access)
{
	return load2_has(subject, object, access);
}

/* Pairs with no access left are not listed. */
KT_MAYBE_UNUSED
static bool has_pair(const char *subject, const char *object)
{
	return load2_has(subject, object, NULL);
}

/* access2, asked by hand: 1, 0, or -1. */
static int raw_access2(const char *subject, const char *object,
		       const char *access)
{
	char query[600], answer[2] = "";
	int fd = smackfs_open("access2", O_RDWR);
	ssize_t n;

	ck_assert_int_ge(fd, 0);
	n = snprintf(query, sizeof(query), "%s %s %s", subject, object,
		     access);
	if (write(fd, query, n) != n) {
		close(fd);
		return -1;
	}
	n = read(fd, answer, sizeof(answer));
	close(fd);
	ck_assert_int_ge(n, 1);
	return answer[0] == '1';
}

static struct smack_accesses *set_of(const char *text)
{
	struct smack_accesses *a;

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_parse_buffer(a, text, strlen(text),
						     "test", NULL, NULL), 0);
	return a;
}

static void apply_text(const char *text)
{
	struct smack_accesses *a = set_of(text);

	ck_assert_int_eq(smack_accesses_apply(a), 0);
	smack_accesses_free(a);
}

#endif /* KT_RULES_UTIL_H */
