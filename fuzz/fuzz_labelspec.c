// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The label specification of chsmack --restore (smack-labels(5)) read
 * into a policy (smack_policy_add_fd) and then matched against a few
 * paths of each file type, as chsmack does while it walks a tree.
 *
 * Invariants: a refused specification reported an error; an accepted one
 * reported none, and every line a match returns carries, for each
 * attribute it sets, a value chsmack could write.
 *
 * Patterns are compiled by glibc's regcomp(), which takes time and memory
 * exponential in the number of stacked repetition operators: a 31-byte
 * pattern "x*~+++...+." takes over 10 s.  That is a property of the C
 * library, not of the spec parser, so inputs that stack them ("++",
 * "*{", "}+", ...) are left out; a spec file is written by root.
 *
 * regcomp() also makes many allocations from many call stacks: with
 * ASan's default of 30 frames an allocation, storing those stacks took
 * most of the time of a long run.  Three frames say where in the harness
 * an allocation came from, which is all a leak report here needs.
 *
 * fuzz-sources: utils/chsmack-labels.c common/cli.c
 * fuzz-asan-options: malloc_context_size=3
 */
#include <sys/stat.h>

#include "chsmack-labels.h"
#include "fuzz-common.h"

static const char *const paths[] = {
	"/", "/usr", "/usr/bin/player", "/var/lib/app/data.db",
	"/tmp/a b", "/etc/smack/accesses.d/10-base",
};
static const mode_t types[] = { S_IFREG, S_IFDIR, S_IFLNK, S_IFIFO };

/* Two repetition operators in a row (see above). */
static int stacks_repetitions(const uint8_t *data, size_t size)
{
	size_t i;

	for (i = 1; i < size; i++)
		if (strchr("*+?}", data[i - 1]) && strchr("*+?{", data[i]) &&
		    data[i - 1] && data[i])
			return 1;
	return 0;
}

/* The messages of the policy, as the parse-error callback checks them. */
static void on_log(void *userdata, int priority, const char *file,
		   unsigned int line, unsigned int column, const char *message)
{
	FUZZ_ASSERT(priority >= 0 && priority <= 7);	/* syslog's */
	fuzz_on_error(userdata, file, line, column, message);
}

static void check_line(const struct smack_policy *spec, const char *path,
		       mode_t type)
{
	struct smack_policy_entry e;
	const char *reason;
	const char *labels[] = { NULL, NULL, NULL, NULL };
	int a;

	if (smack_policy_match_path(spec, path, type, &e) != 1 ||
	    (e.flags & SMACK_LABELS_NONE))
		return;
	labels[ATTR_ACCESS] = e.access_label;
	labels[ATTR_EXEC] = e.execute_label;
	labels[ATTR_MMAP] = e.mmap_label;
	if (e.flags & SMACK_LABELS_TRANSMUTE)
		labels[ATTR_TRANSMUTE] = "TRUE";
	for (a = 0; a < ATTR_COUNT; a++)
		if (labels[a])
			FUZZ_ASSERT(attr_validate(a, labels[a], &reason) == 0);
	FUZZ_ASSERT(e.file && strcmp(e.file, FUZZ_NAME) == 0 && e.line > 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_errors errors = { 0 };
	struct smack_policy *spec;
	size_t i, t;
	int fd, ret;

	if (stacks_repetitions(data, size))
		return 0;
	fd = fuzz_memfd(data, size);
	if (fd < 0)
		return 0;
	if (smack_policy_new(&spec) < 0) {
		close(fd);
		return 0;
	}
	smack_policy_set_log_fn(spec, on_log, &errors);
	ret = smack_policy_add_fd(spec, SMACK_POLICY_LABELS, fd, FUZZ_NAME, 0);
	if (ret != 0) {
		FUZZ_ASSERT(errors.count > 0 || errno == ENOMEM);
		FUZZ_ASSERT(smack_policy_count(spec, 0) == 0);
	} else {
		FUZZ_ASSERT(errors.count == 0);
		for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
			for (t = 0; t < sizeof(types) / sizeof(types[0]); t++)
				check_line(spec, paths[i], types[t]);
	}
	smack_policy_free(spec);
	close(fd);
	return 0;
}
