// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Access strings through smack_access_from_string() and back through
 * smack_access_to_string().
 *
 * Invariants: a string is accepted exactly when it is made of the letters
 * rwxatlb (either case) and '-', or empty (no access, as in libsmack 1.3);
 * the mask has only the bits of SMACK_ACCESS_ALL, one for each letter
 * present; formatting the mask gives letters in the order rwxatlb (or
 * "-") that parse to the same mask.
 */
#include "fuzz-common.h"

static unsigned int expected_mask(const char *s)
{
	static const char letters[] = "rwxatlb";
	unsigned int mask = 0;
	const char *p;

	for (; *s; s++) {
		char c = *s >= 'A' && *s <= 'Z' ? (char)(*s - 'A' + 'a') : *s;

		p = c != '-' ? strchr(letters, c) : NULL;
		if (p)
			mask |= 1u << (p - letters);
	}
	return mask;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[SMACK_ACCESS_STRLEN];
	unsigned int mask = 0xdeadbeef, again = 0;
	char *s = fuzz_strdup(data, size);
	int ret;

	if (!s)
		return 0;
	ret = smack_access_from_string(s, &mask);
	if (*s && !fuzz_access_ok(s)) {
		FUZZ_ASSERT(ret == -1);
		FUZZ_ASSERT(errno == EINVAL);
	} else {
		FUZZ_ASSERT(ret == 0);
		FUZZ_ASSERT((mask & ~SMACK_ACCESS_ALL) == 0);
		FUZZ_ASSERT(mask == expected_mask(s));
		FUZZ_ASSERT(smack_access_to_string(mask, buf) == buf);
		FUZZ_ASSERT(strlen(buf) < SMACK_ACCESS_STRLEN);
		FUZZ_ASSERT(smack_access_from_string(buf, &again) == 0);
		FUZZ_ASSERT(again == mask);
		FUZZ_ASSERT(mask != 0 || strcmp(buf, "-") == 0);
	}
	/* Any mask, even one with unknown bits, formats within the buffer. */
	if (size >= sizeof(unsigned int)) {
		memcpy(&mask, data, sizeof(mask));
		smack_access_to_string(mask, buf);
		FUZZ_ASSERT(strlen(buf) < SMACK_ACCESS_STRLEN);
	}
	free(s);
	return 0;
}
