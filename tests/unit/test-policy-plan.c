// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The library's plan (policy-plan.c, policy-plan-steps.c, policy-apply.c)
 * against a fake smackfs: a plain directory whose files stand for the
 * kernel's, so that the bytes written can be checked, and a write hook
 * that makes the "kernel" refuse part-way, so that the rollback can be
 * seen.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "policy-plan.h"
#include "check-main.h"
#include "set-listing.h"
#include "fail-alloc.h"
#include "tree-fixture.h"

/* Writes of the batching writer, counted; the one numbered fail_at (from
 * 1) fails with fail_errno: EINVAL by default, a refusal of a rule part-way
 * through the write (the kernel keeps the rules before it), or EPERM, the
 * kernel's refusal of a caller without the privilege, before any rule.  The first one is kept, and
 * those after the refusal (the rollback's), each ended by '|'.  After
 * write N, cipso2 holds cipso2_after[N] when it is set: a plain file does
 * not take a mapping, nor learn a label, as the kernel does. */
static unsigned int writes, fail_at;
static int fail_errno;
static char first_write[64], rollback_writes[256];
static const char *cipso2_after[8];

static void note_write(const void *buf, size_t len, unsigned int n)
{
	size_t used = strlen(rollback_writes);

	if (n == 1)
		snprintf(first_write, sizeof(first_write), "%.*s", (int)len,
			 (const char *)buf);
	if (fail_at && n > fail_at)
		snprintf(rollback_writes + used, sizeof(rollback_writes) - used,
			 "%.*s|", (int)len, (const char *)buf);
}

static ssize_t counting_write(int fd, const void *buf, size_t len)
{
	ssize_t ret = -1;

	note_write(buf, len, ++writes);
	if (writes == fail_at)
		errno = fail_errno;
	else
		ret = write(fd, buf, len);
	if (writes < sizeof(cipso2_after) / sizeof(*cipso2_after) &&
	    cipso2_after[writes])
		put("fs/cipso2", cipso2_after[writes]);
	return ret;
}

static void fake_kernel(void)
{
	static const char *const files[] = {
		"load2", "change-rule", "cipso2", "netlabel", "ipv6host",
	};
	size_t i;

	scratch_create();
	make_dir("fs");
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char name[64];

		snprintf(name, sizeof(name), "fs/%s", files[i]);
		put(name, "");
	}
	put("fs/logging", "1\n");
	put("fs/onlycap", "");
	make_dir("etc");
	make_dir("etc/accesses.d");
	ck_assert_int_eq(smackfs_override(at("fs")), 0);
	writes = fail_at = 0;
	fail_errno = EINVAL;
	rollback_writes[0] = '\0';
	memset(cipso2_after, 0, sizeof(cipso2_after));
	smackfs_set_write_hook(counting_write);
}

static void real_kernel(void)
{
	smackfs_set_write_hook(NULL);
	smackfs_override(NULL);
	scratch_remove();
}

static struct smack_policy *empty_policy(void)
{
	struct smack_policy *policy;

	ck_assert_int_eq(smack_policy_new(&policy), 0);
	return policy;
}

static struct smack_policy *load_tree(void)
{
	struct smack_policy *policy = empty_policy();

	ck_assert_int_eq(smack_policy_load(policy, NULL, at("etc"), 0), 0);
	return policy;
}

START_TEST(reload_writes_only_changes)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	put("fs/load2", "A B rwx\nA C r\nA E w\n");
	put("etc/accesses.d/rules", "A B rwx\nA D w\nA E rw\nA E - r\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	/* A B stays as it is: it is not written at all. */
	ck_assert_uint_eq(smack_accesses_count(plan->rules), 2);
	ck_assert_uint_eq(smack_policy_plan_count(plan, 0), 2);
	put("fs/load2", "");
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), 0);
	ck_assert_ptr_null(strstr(get("fs/load2"), "A B"));
	ck_assert_ptr_nonnull(strstr(get("fs/load2"), "A C -"));
	ck_assert_ptr_nonnull(strstr(get("fs/load2"), "A D w"));
	/* A E ends with w, which it has already. */
	ck_assert_ptr_null(strstr(get("fs/load2"), "A E"));
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

START_TEST(nothing_to_do)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	put("fs/load2", "A B rwx\n");
	put("etc/accesses.d/rules", "A B rwx\n");
	put("etc/logging", "denied\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	ck_assert_uint_eq(smack_policy_plan_count(plan, 0), 0);
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), 0);
	ck_assert_uint_eq(writes, 0);
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

START_TEST(knobs_are_written)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	put("etc/logging", "both\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	ck_assert_uint_eq(plan->knobs_changed, 1);
	ck_assert(plan->knobs[KNOB_LOGGING].change);
	ck_assert_int_eq(atoi(plan->knobs[KNOB_LOGGING].old_text), 1);
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), 0);
	ck_assert_str_eq(get("fs/logging"), "3\n");
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

START_TEST(missing_knob_is_refused_before_writing)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	put("etc/accesses.d/rules", "A B r\n");
	put("etc/ambient", "Net\n");	/* the fake kernel has no ambient */
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), -1);
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
	ck_assert_uint_eq(writes, 0);
}
END_TEST

START_TEST(onlycap_guard)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	/* Without Smack this process's label cannot be read, so any list
	 * is a possible lock-out. */
	put("etc/onlycap", "Keeper\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), -1);
	smack_policy_plan_free(plan);
	ck_assert_int_eq(smack_policy_plan_new(policy, SMACK_PLAN_FORCE, &plan),
			 0);
	ck_assert(plan->knobs[KNOB_ONLYCAP].change);
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), 0);
	ck_assert_str_eq(get("fs/onlycap"), "Keeper");
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

/* A smack_policy_log_fn: counts the errors. */
static void count_errors(void *data, int priority, const char *file,
			 unsigned int line, unsigned int column,
			 const char *message)
{
	if (priority <= LOG_ERR)
		++*(int *)data;
}

/* apply --keep-going: a knob that cannot be set is left out, said as a
 * warning (not an error), and the rest of the plan stays. */
START_TEST(keep_going_leaves_out_a_knob)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;
	int errors = 0;

	put("etc/accesses.d/rules", "A B r\n");
	put("etc/ambient", "Net\n");	/* the fake kernel has no ambient */
	put("etc/onlycap", "Keeper\n");
	put("etc/logging", "both\n");
	policy = load_tree();
	smack_policy_set_log_fn(policy, count_errors, &errors);
	ck_assert_int_eq(smack_policy_plan_new(policy, SMACK_PLAN_KEEP_GOING,
					       &plan), 0);
	ck_assert_int_eq(errors, 0);
	ck_assert(plan->knobs[KNOB_AMBIENT].left_out);
	ck_assert(plan->knobs[KNOB_ONLYCAP].left_out);
	ck_assert(!plan->knobs[KNOB_LOGGING].left_out);
	ck_assert(!plan->knobs[KNOB_ONLYCAP].change);
	ck_assert(plan->knobs[KNOB_LOGGING].change);
	ck_assert_uint_eq(smack_policy_plan_count(plan, 0), 2);
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
	ck_assert_uint_eq(writes, 0);
}
END_TEST

/* A plan that changes two rules and a knob, its first write refused with
 * err; returns what smack_policy_plan_apply() says was left. */
static int refuse_first_write(int err)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;
	int rollback = -1;

	put("fs/load2", "A B r\n");
	put("etc/accesses.d/rules", "A B rwx\nA C w\n");
	put("etc/logging", "both\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	fail_at = 1;
	fail_errno = err;
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, &rollback), -1);
	ck_assert_int_eq(errno, err);
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
	return rollback;
}

START_TEST(refusal_of_the_rules)
{
	refuse_first_write(EINVAL);
	/* Nothing was taken.  The rollback writes back what each pair to
	 * change had (the kernel may have taken part of a refused write),
	 * which leaves A B at r and A C without access; the knob that comes
	 * after the rules was never written. */
	ck_assert_str_eq(get("fs/load2"), "A B r\nA C -\n");
	ck_assert_str_eq(get("fs/logging"), "1\n");
}
END_TEST

/* A caller without the privilege: the first write is refused whole, so
 * there is nothing to put back, and nothing is written to try. */
START_TEST(refusal_of_the_caller_changes_nothing)
{
	ck_assert_int_eq(refuse_first_write(EPERM), SMACK_ROLLBACK_DONE);
	ck_assert_uint_eq(writes, 1);
	ck_assert_str_eq(get("fs/load2"), "A B r\n");
	ck_assert_str_eq(get("fs/logging"), "1\n");
}
END_TEST

START_TEST(refusal_after_the_rules_rolls_them_back)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	make_dir("etc/cipso.d");
	put("etc/accesses.d/rules", "A B rwx\n");
	put("etc/cipso.d/map", "Secret 5 1\n");
	put("fs/cipso2", "Secret 250/1\n");	/* a label it knows */
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	/* Write 1: the rules.  Write 2: the CIPSO mapping, refused. */
	fail_at = 2;
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), -1);
	/* The rules were put back: "A B" written again with no access. */
	ck_assert_uint_eq(writes, 3);
	ck_assert_ptr_nonnull(strstr(get("fs/load2"), "A B -"));
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

START_TEST(a_label_new_to_the_kernel_is_made_first)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	make_dir("etc/cipso.d");
	put("fs/load2", "A B r\n");
	put("fs/cipso2", "A 250/2\nB 250/3\n");
	put("etc/accesses.d/rules", "A B rw\n");
	put("etc/cipso.d/map", "Fresh 5 1\nA 4 2\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	/* Fresh is made by a rule to itself with no access, which is not
	 * part of the plan; A is known already. */
	ck_assert_uint_eq(smack_accesses_count(plan->new_labels), 1);
	ck_assert_uint_eq(smack_policy_plan_count(plan, 0), 3);
	fail_at = 2;	/* the rules, after the new label */
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), -1);
	ck_assert_str_eq(first_write, "Fresh Fresh -\n");
	ck_assert_uint_eq(writes, 3);	/* and the rollback of the rules */
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

START_TEST(first_load_writes_the_tree_as_it_is)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	put("etc/accesses.d/rules", "A B r\nA B w\nA C rw x\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	ck_assert(plan->rules_first_load);
	ck_assert_ptr_eq(plan->rules, policy->rules);
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), 0);
	ck_assert_str_eq(get("fs/load2"), "A B w\n");
	ck_assert_str_eq(get("fs/change-rule"), "A C rw x\n");
	smack_policy_plan_free(plan);
	/* status compares even then: it only counts. */
	put("fs/load2", "");
	put("fs/change-rule", "");
	ck_assert_int_eq(smack_policy_plan_new(policy, SMACK_PLAN_COMPARE |
					       SMACK_PLAN_FORCE, &plan), 0);
	ck_assert(!plan->rules_first_load);
	ck_assert_uint_eq(smack_policy_plan_count(plan, 0), 2);
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

START_TEST(refused_first_load_takes_every_pair_back)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	make_dir("etc/cipso.d");
	put("etc/accesses.d/rules", "A B r\nA C w\n");
	put("etc/cipso.d/map", "Secret 5 1\n");
	put("fs/cipso2", "Secret 250/1\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	ck_assert(plan->rules_first_load);
	fail_at = 2;	/* the CIPSO mapping, after the rules */
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), -1);
	/* Each open of the plain file writes from its start: the clear is
	 * what is left. */
	ck_assert_str_eq(get("fs/load2"), "A B -\nA C -\n");
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

START_TEST(clear_removes_every_rule)
{
	struct smack_policy *policy = empty_policy();
	struct smack_policy_plan *plan;

	put("fs/load2", "A B rwx\nC D r\n");
	ck_assert_int_eq(smack_policy_plan_new(policy, SMACK_PLAN_CLEAR, &plan), 0);
	ck_assert_uint_eq(smack_policy_plan_count(plan, 0), 2);
	put("fs/load2", "");
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), 0);
	ck_assert_ptr_nonnull(strstr(get("fs/load2"), "A B -"));
	ck_assert_ptr_nonnull(strstr(get("fs/load2"), "C D -"));
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

START_TEST(netlabel_entries)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	make_dir("etc/netlabel.d");
	put("fs/netlabel", "10.0.0.0/8 Lan\n192.168.0.0/16 Old\n");
	put("fs/ipv6host",
	    "2001:0db8:0000:0000:0000:0000:0000:0000/32 Six\n");
	put("etc/netlabel.d/hosts", "10.1.2.3/8 Lan\n172.16.0.0/12 New\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	/* 10/8 is there already; 172.16/12 is new, and since it cannot be
	 * deleted it comes last, to be written after the rest; the IPv6
	 * entry is deleted; the stale IPv4 one cannot be. */
	ck_assert_str_eq(hosts(plan->netlabel),
			 "2001:0db8:0000:0000:0000:0000:0000:0000/32 -DELETE;"
			 "172.16.0.0/12 New;");
	ck_assert_uint_eq(plan->netlabel_no_undo, 1);
	ck_assert_uint_eq(plan_netlabel_first_new(plan), 1);
	ck_assert_uint_eq(smack_policy_plan_count(plan, 0), 2);
	ck_assert_uint_eq(smack_netlabel_count(plan->stale), 1);
	/* The way back puts the IPv6 entry back, and nothing else. */
	ck_assert_str_eq(hosts(plan->netlabel_undo),
			 "2001:0db8:0000:0000:0000:0000:0000:0000/32 Six;");
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

/* The new IPv4 entries, which no write can take back, are the last
 * netlabel_no_undo entries of the plan's: written after all else but
 * onlycap, and left when one of them is refused. */
START_TEST(new_ipv4_entries_come_last)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	make_dir("etc/netlabel.d");
	put("fs/netlabel", "10.0.0.0/8 Lan\n192.168.0.0/16 Old\n");
	put("fs/ipv6host",
	    "2001:0db8:0000:0000:0000:0000:0000:0000/32 Six\n");
	put("etc/netlabel.d/hosts", "172.16.0.0/12 NewB\n10.0.0.0/8 Lan2\n"
	    "9.0.0.0/8 NewA\n2001:db8:1::/48 Six2\n192.168.0.0/16 Old\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	ck_assert_str_eq(hosts(plan->netlabel), "10.0.0.0/8 Lan2;"
			 "2001:0db8:0000:0000:0000:0000:0000:0000/32 -DELETE;"
			 "2001:0db8:0001:0000:0000:0000:0000:0000/48 Six2;"
			 "9.0.0.0/8 NewA;172.16.0.0/12 NewB;");
	ck_assert_uint_eq(plan->netlabel_no_undo, 2);
	ck_assert_uint_eq(plan_netlabel_first_new(plan), 3);
	/* NewB is refused: the three others are put back, NewA stays. */
	fail_at = 5;
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), -1);
	ck_assert_str_eq(rollback_writes, "10.0.0.0/8 Lan\n|"
			 "2001:0db8:0000:0000:0000:0000:0000:0000/32 Six\n|"
			 "2001:0db8:0001:0000:0000:0000:0000:0000/48 -DELETE\n|");
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

START_TEST(cipso_mappings_and_their_way_back)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	make_dir("etc/cipso.d");
	/* cipso2 lists every label the kernel knows. */
	put("fs/cipso2", "Old   3/5\nKeep   3/5\nbare   7\n");
	put("etc/cipso.d/map", "Old 4 5\nNew 1\nKeep 3 5\n");
	make_dir("etc/netlabel.d");
	put("etc/netlabel.d/hosts", "2001:db8::/32 Six\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	ck_assert_str_eq(maps(plan->cipso), "New 1;Old 4 5;");
	/* Write 1 makes New, which the kernel gives a mapping of its own;
	 * 2 and 3 map New and Old; 4, the netlabel entry, is refused. */
	cipso2_after[1] = "Old   3/5\nKeep   3/5\nbare   7\nNew   7/1\n";
	cipso2_after[3] = "Old   4/5\nKeep   3/5\nbare   7\nNew   1\n";
	fail_at = 4;
	ck_assert_int_eq(smack_policy_plan_apply(plan, 0, NULL), -1);
	/* The rollback writes the two mappings that differ from those
	 * before, New's as the kernel made it; Keep and bare are not
	 * written. */
	ck_assert_str_eq(rollback_writes,
			 "New 7   1   1   \n|Old 3   1   5   \n|");
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

START_TEST(netlabel_left_alone_without_netlabel_d)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;

	put("fs/netlabel", "10.0.0.0/8 Lan\n");
	put("fs/ipv6host",
	    "2001:0db8:0000:0000:0000:0000:0000:0000/32 Six\n");
	policy = load_tree();
	ck_assert_int_eq(smack_policy_plan_new(policy, 0, &plan), 0);
	ck_assert_uint_eq(smack_netlabel_count(plan->netlabel), 0);
	ck_assert_uint_eq(smack_netlabel_count(plan->stale), 0);
	ck_assert_uint_eq(smack_policy_plan_count(plan, 0), 0);
	smack_policy_plan_free(plan);
	smack_policy_free(policy);
}
END_TEST

/* Each allocation failing in turn (fail-alloc.h) while a tree is loaded,
 * planned against the kernel and written.  A run that fails must leave
 * the kernel as it was: the knob, written last, still has its old value. */
static void write_reload(void)
{
	if (access(at("etc/cipso.d"), F_OK) != 0) {
		make_dir("etc/cipso.d");
		make_dir("etc/netlabel.d");
	}
	put("fs/load2", "A B rwx\nA C r\nA E w\n");
	put("fs/change-rule", "");
	put("fs/cipso2", "");
	put("fs/netlabel", "10.0.0.0/8 Lan\n");
	put("fs/logging", "1\n");
	put("etc/accesses.d/rules", "A B rwx\nA D w\nA E rw\nA E - r\n");
	put("etc/cipso.d/map", "Secret 5 1\n");
	put("etc/netlabel.d/hosts", "10.0.0.0/8 Lan\n172.16.0.0/12 New\n");
	put("etc/logging", "2\n");
}

static int reload(void)
{
	struct smack_policy *policy;
	struct smack_policy_plan *plan;
	int ret, saved;

	if (smack_policy_new(&policy) < 0)
		return -1;
	ret = smack_policy_load(policy, NULL, at("etc"), 0);
	if (ret == 0) {
		ret = smack_policy_plan_new(policy, 0, &plan);
		if (ret == 0)
			ret = smack_policy_plan_apply(plan, 0, NULL);
		saved = errno;
		if (ret == 0 || plan)
			smack_policy_plan_free(plan);
		errno = saved;
	}
	saved = errno;
	smack_policy_free(policy);
	errno = saved;
	if (get("fs/logging")[0] != (ret == 0 ? '2' : '1'))
		return WRONG_RESULT;
	return ret;
}

START_TEST(reload_survives_each_failed_allocation)
{
	static const struct scenario s = { "reload", write_reload, reload };

	fail_each_allocation(&s);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("policy-plan");
	TCase *tc = tcase_create("plan");

	tcase_add_checked_fixture(tc, fake_kernel, real_kernel);
	/* Each allocation failing in turn, under ASan on a loaded machine,
	 * takes longer than Check's default 4 s. */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, reload_writes_only_changes);
	tcase_add_test(tc, nothing_to_do);
	tcase_add_test(tc, knobs_are_written);
	tcase_add_test(tc, missing_knob_is_refused_before_writing);
	tcase_add_test(tc, onlycap_guard);
	tcase_add_test(tc, keep_going_leaves_out_a_knob);
	tcase_add_test(tc, refusal_of_the_rules);
	tcase_add_test(tc, refusal_of_the_caller_changes_nothing);
	tcase_add_test(tc, refusal_after_the_rules_rolls_them_back);
	tcase_add_test(tc, a_label_new_to_the_kernel_is_made_first);
	tcase_add_test(tc, first_load_writes_the_tree_as_it_is);
	tcase_add_test(tc, refused_first_load_takes_every_pair_back);
	tcase_add_test(tc, clear_removes_every_rule);
	tcase_add_test(tc, netlabel_entries);
	tcase_add_test(tc, netlabel_left_alone_without_netlabel_d);
	tcase_add_test(tc, new_ipv4_entries_come_last);
	tcase_add_test(tc, cipso_mappings_and_their_way_back);
	tcase_add_test(tc, reload_survives_each_failed_allocation);
	suite_add_tcase(s, tc);
	return s;
}
