// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Labels through smack_label_validate() and smack_label_length().
 *
 * Invariants: a label is accepted exactly when the kernel would take it
 * unchanged (1..255 bytes of printable ASCII but / " \ ', no leading
 * '-'), the length returned is its length, and a refusal comes with
 * errno EINVAL and a reason.
 */
#include "fuzz-common.h"

static void check_one(const char *s)
{
	const char *reason = NULL;
	size_t len = strlen(s);
	ssize_t ret;

	errno = 0;
	ret = smack_label_validate(s, &reason);
	if (fuzz_label_ok(s, len)) {
		FUZZ_ASSERT(ret == (ssize_t)len);
		FUZZ_ASSERT(smack_label_length(s) == (ssize_t)len);
	} else {
		FUZZ_ASSERT(ret == -1);
		FUZZ_ASSERT(errno == EINVAL);
		FUZZ_ASSERT(reason != NULL && reason[0] != '\0');
		FUZZ_ASSERT(smack_label_length(s) < 0);
	}
	FUZZ_ASSERT(smack_label_validate(s, NULL) == ret);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_strdup(data, size);

	if (!s)
		return 0;
	check_one(s);
	free(s);
	return 0;
}
