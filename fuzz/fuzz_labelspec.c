// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The label specification of chsmack --restore (smack-labels(5)) through
 * its parser, spec_add_text(), and then matched against a few paths of
 * each file type, as chsmack does while it walks a tree.
 *
 * Invariants: a refused specification reported an error; an accepted one
 * reported none, and every rule a match returns carries, for each
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
 * fuzz-sources: utils/chsmack-spec.c utils/chsmack-labels.c common/cli.c
 * fuzz-asan-options: malloc_context_size=3
 */
#include <sys/stat.h>

#include "chsmack-spec.h"
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

static void check_rule(const struct spec_rule *rule)
{
	const char *reason;
	int a;

	if (!rule || rule->leave_alone)
		return;
	for (a = 0; a < ATTR_COUNT; a++) {
		if (rule->plan.op[a] != OP_SET)
			continue;
		FUZZ_ASSERT(rule->plan.value[a] != NULL);
		FUZZ_ASSERT(attr_validate(a, rule->plan.value[a], &reason) == 0);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_errors errors = { 0 };
	struct label_spec *spec;
	size_t i, t;
	char *text;
	int ret;

	if (stacks_repetitions(data, size))
		return 0;
	text = fuzz_strdup(data, size);
	if (!text)
		return 0;
	spec = spec_new(fuzz_on_error, &errors);
	if (!spec) {
		free(text);
		return 0;
	}
	ret = spec_add_text(spec, FUZZ_NAME, text);
	if (ret != 0) {
		FUZZ_ASSERT(errors.count > 0 || errno == ENOMEM);
	} else {
		FUZZ_ASSERT(errors.count == 0);
		for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
			for (t = 0; t < sizeof(types) / sizeof(types[0]); t++)
				check_rule(spec_match(spec, paths[i], types[t]));
	}
	spec_free(spec);
	free(text);
	return 0;
}
