// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel tests of rule sets, run inside UML by cases/lib-rules-kernel.sh
 * (access queries are kt-query.c's, smack_load_policy and the policy's
 * questions kt-policy.c's).  Every expectation is checked
 * against what the kernel itself shows: load2 read back, and access2 asked
 * directly.  Each test uses labels of its own, so the order does not
 * matter.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kt-rules-util.h"

/* Rules of load2 whose subject starts with prefix. */
static size_t count_rules(const char *prefix)
{
	char *text = kernel_file("load2"), *line, *save = NULL;
	size_t n = 0, len = strlen(prefix);

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		n += strncmp(line, prefix, len) == 0;
	free(text);
	return n;
}

/* ------------------------------------------------------ apply and clear */

START_TEST(apply_then_clear)
{
	struct smack_accesses *a = set_of("KtA1 KtA2 rwx\n"
					  "KtA1 KtA3 r\n"
					  "KtA4 KtA5 rw -\n"
					  "KtA6 KtA7 rwxatlb\n");

	ck_assert_int_eq(smack_accesses_apply(a), 0);
	ck_assert(has_rule("KtA1", "KtA2", "rwx"));
	ck_assert(has_rule("KtA1", "KtA3", "r"));
	ck_assert(has_rule("KtA4", "KtA5", "rw"));
	ck_assert(has_rule("KtA6", "KtA7", "rwxatlb"));
	ck_assert_int_eq(smack_accesses_clear(a), 0);
	ck_assert(!has_pair("KtA1", "KtA2"));
	ck_assert(!has_pair("KtA1", "KtA3"));
	ck_assert(!has_pair("KtA4", "KtA5"));
	ck_assert(!has_pair("KtA6", "KtA7"));
	ck_assert_uint_eq(count_rules("KtA"), 0);
	smack_accesses_free(a);
}
END_TEST

/* What a test set and the kernel disagree about, among labels starting
 * with prefix: the rules of diff(kernel, expected) with that prefix. */
static size_t disagreements(const struct smack_accesses *expected,
			    const char *prefix);

static const char *const access_cycle[] = {
	"r", "rw", "rwx", "rwxa", "rwxat", "rwxatl", "a", "l", "x", "wt",
	"rwxatlb",
};

START_TEST(ten_thousand_rules)
{
	struct smack_accesses *a;
	char s[32], o[32];
	size_t i, n = sizeof(access_cycle) / sizeof(access_cycle[0]);

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	for (i = 0; i < 10000; i++) {
		snprintf(s, sizeof(s), "KtT%zu", i % 100);
		snprintf(o, sizeof(o), "KtTo%zu", i);
		ck_assert_int_eq(smack_accesses_add(a, s, o,
						    access_cycle[i % n]), 0);
	}
	ck_assert_int_eq(smack_accesses_apply(a), 0);
	ck_assert_uint_eq(count_rules("KtT"), 10000);
	ck_assert_uint_eq(disagreements(a, "KtT"), 0);
	ck_assert(has_rule("KtT99", "KtTo9999", access_cycle[9999 % n]));
	smack_accesses_free(a);
}
END_TEST

START_TEST(later_rule_wins)
{
	apply_text("KtW1 KtW2 r\n"
		   "KtW3 KtW4 rw\n"
		   "KtW1 KtW2 rwx\n"
		   "KtW5 KtW6 rwxa\n"
		   "KtW1 KtW2 a\n"
		   "KtW3 KtW4 x w\n"	/* folds into the plain rule */
		   "KtW5 KtW6 -\n");
	ck_assert(has_rule("KtW1", "KtW2", "a"));
	ck_assert(has_rule("KtW3", "KtW4", "rx"));
	ck_assert(!has_pair("KtW5", "KtW6"));
	ck_assert_int_eq(raw_access2("KtW5", "KtW6", "r"), 0);
}
END_TEST

START_TEST(labels_of_255_characters)
{
	char s[300], o[300], text[700];
	struct smack_accesses *a;

	memset(s, 'S', 255);
	s[255] = '\0';
	memset(o, 'O', 255);
	o[254] = '1';
	o[255] = '\0';
	snprintf(text, sizeof(text), "%s %s rwx\n", s, o);
	apply_text(text);
	ck_assert(has_rule(s, o, "rwx"));
	ck_assert_int_eq(smack_have_access(s, o, "rx"), 1);
	ck_assert_int_eq(smack_have_access(s, o, "a"), 0);
	/* One more character: refused before the kernel sees it. */
	s[255] = 'S';
	s[256] = '\0';
	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_add(a, s, o, "r"), -1);
	ck_assert_int_eq(smack_have_access(s, o, "r"), -1);
	smack_accesses_free(a);
}
END_TEST

/* ---------------------------------------------------------- change-rule */

START_TEST(change_rule_semantics)
{
	apply_text("KtC1 KtC2 rwx\nKtC5 KtC6 rw\n");
	apply_text("KtC1 KtC2 a w\n"	/* on an existing rule */
		   "KtC3 KtC4 rw w\n"	/* creates allow & ~deny */
		   "KtC5 KtC6 - rwxatlb\n"	/* takes everything */
		   "KtC7 KtC8 r -\n"
		   "KtC7 KtC8 x r\n");	/* composes: allow x, deny r */
	ck_assert(has_rule("KtC1", "KtC2", "rxa"));
	ck_assert(has_rule("KtC3", "KtC4", "r"));
	ck_assert(!has_pair("KtC5", "KtC6"));
	ck_assert(has_rule("KtC7", "KtC8", "x"));
	apply_text("KtC7 KtC8 r -\n");
	ck_assert(has_rule("KtC7", "KtC8", "rx"));
}
END_TEST

/* --------------------------------------------------- reading and diffs */

static size_t disagreements(const struct smack_accesses *expected,
			    const char *prefix)
{
	struct smack_accesses *kernel, *d;
	char line[700];
	size_t n = 0;
	FILE *f;

	ck_assert_int_eq(smack_accesses_new_from_kernel(&kernel), 0);
	ck_assert_int_eq(smack_accesses_diff(kernel, expected, &d), 0);
	f = tmpfile();
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(smack_accesses_save(d, fileno(f)), 0);
	rewind(f);
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, prefix, strlen(prefix)) == 0) {
			n++;
			fprintf(stderr, "# differs: %s", line);
		}
	fclose(f);
	smack_accesses_free(d);
	smack_accesses_free(kernel);
	return n;
}

START_TEST(new_from_kernel_then_diff_makes_target)
{
	struct smack_accesses *kernel, *target, *d;

	apply_text("KtD1 KtD2 r\nKtD3 KtD4 w\nKtD5 KtD6 x\n");
	target = set_of("KtD3 KtD4 rw\nKtD7 KtD8 a\nKtD5 KtD6 x\n"
			"KtD9 KtD10 rw r\n");
	ck_assert_int_eq(smack_accesses_new_from_kernel(&kernel), 0);
	ck_assert_uint_ge(smack_accesses_count(kernel), 3);
	ck_assert_int_eq(smack_accesses_diff(kernel, target, &d), 0);
	/* Only the changes: KtD3 KtD4, KtD7 KtD8, KtD9 KtD10, KtD1 KtD2 gone,
	 * and every rule of other tests gone. */
	ck_assert_uint_ge(smack_accesses_count(d), 4);
	ck_assert_int_eq(smack_accesses_apply(d), 0);
	ck_assert(!has_pair("KtD1", "KtD2"));
	ck_assert(has_rule("KtD3", "KtD4", "rw"));
	ck_assert(has_rule("KtD5", "KtD6", "x"));
	ck_assert(has_rule("KtD7", "KtD8", "a"));
	ck_assert(has_rule("KtD9", "KtD10", "w"));
	ck_assert_uint_eq(disagreements(target, "KtD"), 0);
	/* The whole kernel now is the target. */
	ck_assert_uint_eq(disagreements(target, ""), 0);
	smack_accesses_free(d);
	smack_accesses_free(kernel);
	smack_accesses_free(target);
}
END_TEST

/* The same through smack_accesses_diff_kernel(), and its undo set. */
START_TEST(diff_kernel_makes_target_and_undo_restores)
{
	struct smack_accesses *before, *target, *changes, *undo;

	apply_text("KtK1 KtK2 r\nKtK3 KtK4 w\nKtK5 KtK6 x\n");
	ck_assert_int_eq(smack_accesses_new_from_kernel(&before), 0);
	target = set_of("KtK3 KtK4 rw\nKtK7 KtK8 a\nKtK5 KtK6 x\n"
			"KtK9 KtK10 rw r\n");
	ck_assert_int_eq(smack_accesses_diff_kernel(target, &changes, &undo),
			 0);
	ck_assert_uint_eq(smack_accesses_count(changes),
			  smack_accesses_count(undo));
	ck_assert_int_eq(smack_accesses_apply(changes), 0);
	ck_assert(!has_pair("KtK1", "KtK2"));
	ck_assert(has_rule("KtK3", "KtK4", "rw"));
	ck_assert(has_rule("KtK5", "KtK6", "x"));
	ck_assert(has_rule("KtK7", "KtK8", "a"));
	ck_assert(has_rule("KtK9", "KtK10", "w"));
	ck_assert_uint_eq(disagreements(target, ""), 0);
	/* Nothing left to change. */
	smack_accesses_free(changes);
	ck_assert_int_eq(smack_accesses_diff_kernel(target, &changes, NULL),
			 0);
	ck_assert_uint_eq(smack_accesses_count(changes), 0);
	/* The undo set brings back what the kernel had. */
	ck_assert_int_eq(smack_accesses_apply(undo), 0);
	ck_assert(has_rule("KtK1", "KtK2", "r"));
	ck_assert(has_rule("KtK3", "KtK4", "w"));
	ck_assert(!has_pair("KtK7", "KtK8"));
	ck_assert_uint_eq(disagreements(before, ""), 0);
	smack_accesses_free(changes);
	smack_accesses_free(undo);
	smack_accesses_free(before);
	smack_accesses_free(target);
}
END_TEST

/* ---------------------------------------------------- refusal part-way */

static int refuse_write;	/* the number of the write the kernel refuses */
static int write_count;

static ssize_t refusing_write(int fd, const void *buf, size_t len)
{
	if (++write_count == refuse_write) {
		errno = EPERM;
		return -1;
	}
	return write(fd, buf, len);
}

/* The capget/capset interface (version 3: two 32-bit words a set),
 * declared here since not every C library has <linux/capability.h>. */
#define CAPS_VERSION_3 0x20080522
#define CAP_MAC_ADMIN_BIT (33 - 32)	/* in the second word */

struct caps_header {
	uint32_t version;
	int pid;
};

struct caps_data {
	uint32_t effective, permitted, inheritable;
};

/* Takes CAP_MAC_ADMIN away before the given write, so that the kernel
 * itself refuses it. */
static ssize_t dropping_write(int fd, const void *buf, size_t len)
{
	struct caps_header head = { .version = CAPS_VERSION_3 };
	struct caps_data caps[2];

	if (++write_count == refuse_write) {
		ck_assert_int_eq(syscall(SYS_capget, &head, caps), 0);
		caps[1].effective &= ~(1u << CAP_MAC_ADMIN_BIT);
		ck_assert_int_eq(syscall(SYS_capset, &head, caps), 0);
	}
	return write(fd, buf, len);
}

static struct smack_accesses *many(const char *prefix, size_t n)
{
	struct smack_accesses *a;
	char s[64], o[64];
	size_t i;

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	for (i = 0; i < n; i++) {
		snprintf(s, sizeof(s), "%s%zu", prefix, i % 10);
		snprintf(o, sizeof(o), "%so%zu", prefix, i);
		ck_assert_int_eq(smack_accesses_add(a, s, o, "rwx"), 0);
	}
	return a;
}

/* Ends a forked child, freeing its copy of the set first (for valgrind). */
static void child_exit(struct smack_accesses *a, int status)
{
	smack_accesses_free(a);
	_exit(status);
}

static void check_refusal(smackfs_write_fn hook, const char *prefix)
{
	struct smack_accesses *a = many(prefix, 3000);
	size_t applied = 0;
	int status;
	pid_t pid = fork();

	/* In a child: the hook and the dropped capability stay there. */
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		write_count = 0;
		refuse_write = 4;
		smackfs_set_write_hook(hook);
		if (smack_accesses_apply_report(a, &applied) != -1 ||
		    errno != EPERM)
			child_exit(a, 1);
		smackfs_set_write_hook(NULL);
		/* Exactly what went in is reported. */
		if (applied == 0 || applied >= 3000 ||
		    applied != count_rules(prefix))
			child_exit(a, 2);
		child_exit(a, 0);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(status, 0);
	ck_assert_uint_gt(count_rules(prefix), 0);
	ck_assert_uint_lt(count_rules(prefix), 3000);
	/* Whoever knows the state rolls back: apply again in full. */
	ck_assert_int_eq(smack_accesses_apply_report(a, &applied), 0);
	ck_assert_uint_eq(applied, 3000);
	ck_assert_uint_eq(count_rules(prefix), 3000);
	smack_accesses_free(a);
}

START_TEST(refusal_by_hook_reports_progress)
{
	check_refusal(refusing_write, "KtF");
}
END_TEST

START_TEST(refusal_by_dropped_privilege_reports_progress)
{
	check_refusal(dropping_write, "KtG");
}
END_TEST

START_TEST(no_privilege_changes_nothing)
{
	struct smack_accesses *a = many("KtU", 100);
	size_t applied = 7;
	int status;
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		write_count = 0;
		refuse_write = 1;
		smackfs_set_write_hook(dropping_write);
		if (smack_accesses_apply_report(a, &applied) != -1 ||
		    errno != EPERM || applied != 0)
			child_exit(a, 1);
		child_exit(a, 0);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(status, 0);
	ck_assert_uint_eq(count_rules("KtU"), 0);
	smack_accesses_free(a);
}
END_TEST

/* Whatever the kernel holds: empty exactly when load2 lists nothing (the
 * boot-first-load case runs this before and after its apply). */
START_TEST(kernel_is_empty_agrees_with_load2)
{
	char *listed = kernel_file("load2");

	ck_assert_int_eq(smack_accesses_kernel_is_empty(), listed[0] == '\0');
	free(listed);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("kernel-rules");
	TCase *rules = tcase_create("rules");
	TCase *refusal = tcase_create("refusal");
	TCase *empty = tcase_create("empty");

	tcase_add_test(rules, apply_then_clear);
	tcase_add_test(rules, ten_thousand_rules);
	tcase_add_test(rules, later_rule_wins);
	tcase_add_test(rules, labels_of_255_characters);
	tcase_add_test(rules, change_rule_semantics);
	tcase_add_test(rules, new_from_kernel_then_diff_makes_target);
	tcase_add_test(rules, diff_kernel_makes_target_and_undo_restores);
	tcase_add_test(refusal, refusal_by_hook_reports_progress);
	tcase_add_test(refusal, refusal_by_dropped_privilege_reports_progress);
	tcase_add_test(refusal, no_privilege_changes_nothing);
	tcase_add_test(empty, kernel_is_empty_agrees_with_load2);
	tcase_set_timeout(rules, 120);
	suite_add_tcase(s, rules);
	suite_add_tcase(s, refusal);
	suite_add_tcase(s, empty);
	return s;
}
