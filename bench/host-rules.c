// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * host-rules load DIR RULES
 * host-rules reload DIR RULES
 *
 * A host driver for profiling the library's rule code without a Smack
 * kernel (under perf, callgrind or strace -c): the library is pointed at
 * the plain directory DIR (smackfs_override) and
 *   load    parses RULES (a file or a directory) and applies it, which
 *           appends the records to DIR/load2;
 *   reload  parses RULES, compares it with DIR/load2 as the kernel's
 *           rules (put the merged policy there first) through
 *           smack_accesses_diff_kernel() and applies the changes, as
 *           smackctl reload does for rules.
 * It prints the time of each step on stderr.
 */
#include <stdio.h>
#include <string.h>

#include "bench-util.h"
#include "libsmack-internal.h"

static uint64_t lap_start;

static void lap(const char *step)
{
	uint64_t now = bench_now_ns();

	fprintf(stderr, "%-8s %8.2f ms\n", step, (now - lap_start) / 1e6);
	lap_start = now;
}

static void on_error(void *userdata, const char *file, unsigned int line,
		     unsigned int column, const char *message)
{
	fprintf(stderr, "%s:%u:%u: %s\n", file, line, column, message);
}

static struct smack_accesses *parse(const char *path)
{
	struct smack_accesses *rules;

	if (smack_accesses_new(&rules) < 0)
		bench_die_errno("smack_accesses_new");
	if (smack_accesses_parse_path(rules, path, on_error, NULL) < 0)
		bench_die_errno("%s", path);
	lap("parse");
	return rules;
}

static void apply(struct smack_accesses *rules)
{
	if (smack_accesses_apply(rules) < 0)
		bench_die_errno("smack_accesses_apply");
	lap("apply");
}

static void reload(const char *path)
{
	struct smack_accesses *want, *diff, *undo;

	want = parse(path);
	lap("parse");
	if (smack_accesses_diff_kernel(want, &diff, &undo) < 0)
		bench_die_errno("smack_accesses_diff_kernel");
	lap("diff");
	fprintf(stderr, "changes  %8zu\n", smack_accesses_count(diff));
	apply(diff);
	smack_accesses_free(undo);
	smack_accesses_free(diff);
	smack_accesses_free(want);
}

int main(int argc, char **argv)
{
	struct smack_accesses *rules;

	bench_set_name(argv[0]);
	if (argc != 4 || (strcmp(argv[1], "load") && strcmp(argv[1], "reload")))
		bench_die("usage: host-rules load|reload DIR RULES");
	if (smackfs_override(argv[2]) < 0)
		bench_die_errno("%s", argv[2]);
	lap_start = bench_now_ns();
	if (!strcmp(argv[1], "reload")) {
		reload(argv[3]);
	} else {
		rules = parse(argv[3]);
		apply(rules);
		smack_accesses_free(rules);
	}
	smackfs_override(NULL);
	return 0;
}
