// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smack_accesses_diff_kernel() and the load2 reader, against the slow way
 * (load2 read into a set, then smack_accesses_diff()), with the library
 * pointed at a plain directory (smackfs_override()).  The input is a
 * target policy, a NUL byte, and the rules the kernel holds (without a
 * NUL, the input is both); those rules are written to load2 as the kernel
 * lists them, each pair once, so that small inputs take the delta table's
 * way and larger ones its exact way.
 *
 * Invariants: for a target that parses, diff_kernel succeeds and gives the
 * slow way's rules in the slow way's order; its undo set names the same
 * pairs in the same order, each with the access load2 gave it.
 */
#include <fcntl.h>

#include "fuzz-common.h"
#include "libsmack-internal.h"

static char dir[] = "/tmp/smack-fuzz-diff.XXXXXX";
static char load2[sizeof(dir) + 16];

static void remove_dir(void)
{
	unlink(load2);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	if (!mkdtemp(dir))
		abort();
	snprintf(load2, sizeof(load2), "%s/load2", dir);
	atexit(remove_dir);
	if (smackfs_override(dir) != 0)
		abort();
	return 0;
}

/* A growing text. */
struct text {
	char *s;
	size_t len, cap;
	int failed;
};

static void add(struct text *t, const char *s)
{
	size_t n = strlen(s);
	char *grown;

	if (t->failed)
		return;
	if (t->cap - t->len <= n) {
		t->cap = (t->cap + n) * 2;
		grown = realloc(t->s, t->cap);
		if (!grown) {
			t->failed = 1;
			return;
		}
		t->s = grown;
	}
	memcpy(t->s + t->len, s, n + 1);
	t->len += n;
}

static int add_rule(void *userdata, const char *s, const char *o,
		    const char *access, const char *deny)
{
	struct text *t = userdata;

	add(t, s);
	add(t, " ");
	add(t, o);
	add(t, " ");
	add(t, access);
	add(t, "\n");
	return 0;
}

/* The rules of a set, one "s o access" line each (no deny: only plain
 * rules are compared). */
static int listing(const struct smack_accesses *a, struct text *t)
{
	add(t, "");
	if (smack_accesses_foreach(a, add_rule, t) != 0 || t->failed) {
		free(t->s);
		return -1;
	}
	return 0;
}

/* load2 as the kernel lists the rules of text: each pair once, with the
 * access they fold into; -1 when text is no rule file or memory runs out. */
static int write_load2(const char *text, size_t len)
{
	struct smack_accesses *kernel = NULL, *none = NULL, *pairs = NULL;
	struct text out = { 0 };
	int fd, ret = -1;

	if (smack_accesses_new(&kernel) != 0 ||
	    smack_accesses_new(&none) != 0 ||
	    smack_accesses_parse_buffer(kernel, text, len, FUZZ_NAME, NULL,
					NULL) != 0 ||
	    smack_accesses_diff(none, kernel, &pairs) != 0 ||
	    listing(pairs, &out) != 0)
		goto out;
	fd = open(load2, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd >= 0) {
		if (write(fd, out.s, out.len) == (ssize_t)out.len)
			ret = 0;
		close(fd);
	}
	free(out.s);
out:
	smack_accesses_free(kernel);
	smack_accesses_free(none);
	smack_accesses_free(pairs);
	return ret;
}

/* The length of "subject object" at the start of a listing line. */
static size_t pair_len(const char *line)
{
	const char *p = strchr(line, '\n');

	while (p > line && p[-1] != ' ')
		p--;
	return (size_t)(p - line) - 1;
}

static void compare_lists(const struct smack_accesses *changes,
			  const struct smack_accesses *undo,
			  const struct smack_accesses *slow)
{
	struct text got = { 0 }, want = { 0 }, back = { 0 };
	const char *g, *b;
	size_t n;

	if (listing(changes, &got) == 0 && listing(slow, &want) == 0 &&
	    listing(undo, &back) == 0) {
		FUZZ_ASSERT(strcmp(got.s, want.s) == 0);
		FUZZ_ASSERT(smack_accesses_count(undo) ==
			    smack_accesses_count(changes));
		for (g = got.s, b = back.s; *g;
		     g = strchr(g, '\n') + 1, b = strchr(b, '\n') + 1) {
			n = pair_len(g);
			FUZZ_ASSERT(n == pair_len(b) && strncmp(g, b, n) == 0);
		}
	}
	free(got.s);
	free(want.s);
	free(back.s);
}

static void compare(const struct smack_accesses *target)
{
	struct smack_accesses *changes, *undo, *kernel, *slow;

	if (smack_accesses_diff_kernel(target, &changes, &undo) != 0) {
		FUZZ_ASSERT(errno == ENOMEM);
		return;
	}
	if (smack_accesses_new_from_kernel(&kernel) == 0) {
		if (smack_accesses_diff(kernel, target, &slow) == 0) {
			compare_lists(changes, undo, slow);
			smack_accesses_free(slow);
		}
		smack_accesses_free(kernel);
	}
	smack_accesses_free(changes);
	smack_accesses_free(undo);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *nul = memchr(data, '\0', size);
	size_t target_len = nul ? (size_t)(nul - text) : size;
	struct smack_accesses *target;

	if (nul ? write_load2(nul + 1, size - target_len - 1) != 0
		: write_load2(text, size) != 0)
		return 0;
	if (smack_accesses_new(&target) != 0)
		return 0;
	if (smack_accesses_parse_buffer(target, text, target_len, FUZZ_NAME,
					NULL, NULL) == 0)
		compare(target);
	smack_accesses_free(target);
	return 0;
}
