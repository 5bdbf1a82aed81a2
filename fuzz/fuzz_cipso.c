// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CIPSO files ("label level [category...]" lines) through
 * smack_cipso_parse_fd(), read from a pipe (a descriptor that cannot
 * seek, as standard input often is), and through the libsmack 1.3 call
 * smack_cipso_add_from_file().
 *
 * Invariants: a failed parse reported an error and added nothing; after a
 * successful one every mapping has a valid label, a level of 0..255 and
 * categories of 1..184 in ascending order without repeats, and adding it
 * again through smack_cipso_add() is accepted.
 */
#include "fuzz-common.h"

static int check_mapping(void *userdata, const char *label, int level,
			 const int *categories, int ncategories)
{
	struct smack_cipso *copy = userdata;
	int i;

	FUZZ_ASSERT(label && fuzz_label_ok(label, strlen(label)));
	FUZZ_ASSERT(level >= 0 && level <= 255);
	FUZZ_ASSERT(ncategories >= 0 && ncategories <= 184);
	FUZZ_ASSERT(ncategories == 0 || categories != NULL);
	for (i = 0; i < ncategories; i++) {
		FUZZ_ASSERT(categories[i] >= 1 && categories[i] <= 184);
		FUZZ_ASSERT(i == 0 || categories[i] > categories[i - 1]);
	}
	if (copy)
		FUZZ_ASSERT(smack_cipso_add(copy, label, level, categories,
					    ncategories) == 0 ||
			    errno == ENOMEM);
	return 0;
}

static void parse_from_pipe(const uint8_t *data, size_t size)
{
	struct smack_cipso *h, *copy = NULL;
	struct fuzz_errors errors = { 0 };
	int fd = fuzz_pipe(data, size);
	int ret;

	if (fd < 0)
		fd = fuzz_memfd(data, size);
	if (fd < 0)
		return;
	if (smack_cipso_new(&h) != 0) {
		close(fd);
		return;
	}
	ret = smack_cipso_parse_fd(h, fd, FUZZ_NAME, fuzz_on_error, &errors);
	if (ret != 0) {
		FUZZ_ASSERT(errno != ENOSYS);	/* not written yet */
		FUZZ_ASSERT(errors.count > 0 || errno == ENOMEM);
		FUZZ_ASSERT(smack_cipso_count(h) == 0);
	} else {
		FUZZ_ASSERT(errors.count == 0);
		if (smack_cipso_new(&copy) != 0)
			copy = NULL;
		FUZZ_ASSERT(smack_cipso_foreach(h, check_mapping, copy) == 0);
		if (copy)
			FUZZ_ASSERT(smack_cipso_count(copy) ==
				    smack_cipso_count(h));
		smack_cipso_free(copy);
	}
	smack_cipso_free(h);
	close(fd);
}

static void add_from_file(const uint8_t *data, size_t size)
{
	struct smack_cipso *h;
	int fd = fuzz_memfd(data, size);

	if (fd < 0)
		return;
	if (smack_cipso_new(&h) == 0) {
		if (smack_cipso_add_from_file(h, fd) == 0)
			FUZZ_ASSERT(smack_cipso_foreach(h, check_mapping,
							NULL) == 0);
		smack_cipso_free(h);
	}
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	parse_from_pipe(data, size);
	add_from_file(data, size);
	return 0;
}
