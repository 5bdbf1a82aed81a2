// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rule files through smack_accesses_parse_buffer(): lines of 3 fields
 * (subject object access) and 4 (subject object allow deny), comments,
 * blank lines, any bytes at all.
 *
 * Invariants checked on every input:
 *   - a failed parse reported at least one error and added nothing;
 *   - a successful one reported none, and every rule it holds has valid
 *     labels and access strings;
 *   - what smack_accesses_save() writes parses again, and saving that
 *     gives the same bytes (the text form is a fixed point);
 *   - the difference between a set and itself is empty.
 */
#include "fuzz-common.h"

struct rule_check {
	size_t rules;
};

static int check_rule(void *userdata, const char *subject, const char *object,
		      const char *access, const char *deny)
{
	struct rule_check *rc = userdata;

	FUZZ_ASSERT(subject && fuzz_label_ok(subject, strlen(subject)));
	FUZZ_ASSERT(object && fuzz_label_ok(object, strlen(object)));
	FUZZ_ASSERT(fuzz_access_ok(access));
	FUZZ_ASSERT(!deny || fuzz_access_ok(deny));
	rc->rules++;
	return 0;
}

/* The text smack_accesses_save() writes for h, malloc'ed (NUL-terminated,
 * length in *len), or NULL when it could not be saved. */
static char *saved_text(struct smack_accesses *h, size_t *len)
{
	int fd = memfd_create("saved", MFD_CLOEXEC);
	char *text = NULL;
	off_t end;

	if (fd < 0)
		return NULL;
	if (smack_accesses_save(h, fd) == 0) {
		end = lseek(fd, 0, SEEK_END);
		text = end >= 0 ? malloc((size_t)end + 1) : NULL;
		if (text && pread(fd, text, (size_t)end, 0) == end) {
			text[end] = '\0';
			*len = (size_t)end;
		} else {
			free(text);
			text = NULL;
		}
	}
	close(fd);
	return text;
}

static void check_round_trip(struct smack_accesses *h)
{
	struct smack_accesses *again;
	struct fuzz_errors errors = { 0 };
	char *first, *second;
	size_t first_len = 0, second_len = 0;

	first = saved_text(h, &first_len);
	if (!first)
		return;		/* out of memory: nothing to compare */
	if (smack_accesses_new(&again) == 0) {
		FUZZ_ASSERT(smack_accesses_parse_buffer(again, first, first_len,
							FUZZ_NAME, fuzz_on_error,
							&errors) == 0);
		FUZZ_ASSERT(errors.count == 0);
		second = saved_text(again, &second_len);
		if (second) {
			FUZZ_ASSERT(second_len == first_len);
			FUZZ_ASSERT(memcmp(first, second, first_len) == 0);
			free(second);
		}
		smack_accesses_free(again);
	}
	free(first);
}

static void check_self_diff(struct smack_accesses *h)
{
	struct smack_accesses *diff = NULL;

	if (smack_accesses_diff(h, h, &diff) != 0)
		return;
	FUZZ_ASSERT(smack_accesses_count(diff) == 0);
	smack_accesses_free(diff);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct smack_accesses *h;
	struct fuzz_errors errors = { 0 };
	struct rule_check rc = { 0 };
	int ret;

	if (smack_accesses_new(&h) != 0)
		return 0;
	ret = smack_accesses_parse_buffer(h, (const char *)data, size,
					  FUZZ_NAME, fuzz_on_error, &errors);
	if (ret != 0) {
		FUZZ_ASSERT(errno != ENOSYS);	/* not written yet */
		FUZZ_ASSERT(errors.count > 0 || errno == ENOMEM);
		FUZZ_ASSERT(smack_accesses_count(h) == 0);
	} else {
		FUZZ_ASSERT(errors.count == 0);
		FUZZ_ASSERT(smack_accesses_foreach(h, check_rule, &rc) == 0);
		FUZZ_ASSERT(rc.rules == smack_accesses_count(h));
		check_round_trip(h);
		check_self_diff(h);
	}
	smack_accesses_free(h);
	return 0;
}
