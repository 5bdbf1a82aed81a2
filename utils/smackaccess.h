/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * smackaccess: what its kernel mode (smackaccess.c) and its answers from a
 * policy tree with no kernel (smackaccess-offline.c, smackaccess-who.c)
 * share.
 */
#ifndef SMACKACCESS_H
#define SMACKACCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/smack.h>

struct query {
	char *subject, *object, *access;
};

/* The sentence --explain gives for a built-in rule (a SMACK_REASON_* of
 * smack_policy_have_access(3)), or NULL when the pair's rules decide. */
const char *smackaccess_built_in(int reason, const char *object);

/* The tree at root + dir (smack_policy_load(3)); exits on an error. */
struct smack_policy *offline_load(const char *root, const char *dir);
/* Prints the answer to q from the policy, as the kernel mode does. */
int offline_answer(struct smack_policy *p, const struct query *q,
		   bool want_reason);
/* items with room for one more than count (of size bytes each), grown by
 * doubling *cap; exits when memory runs out. */
void *offline_grow(void *items, size_t *cap, size_t count, size_t size);
/* Writes "FILE:LINE" of a policy entry, escaped (also: more bytes to
 * escape, as cli_escape() takes them). */
void offline_print_where(const char *file, unsigned int line,
			 const char *also);

/* --who (whom false) or --whom of one label, or of the labels of file
 * (a label a line) when file is not NULL. */
struct who_request {
	bool whom, json;
	const char *label, *file;
};
int offline_who(struct smack_policy *p, const struct who_request *r);

#endif /* SMACKACCESS_H */
