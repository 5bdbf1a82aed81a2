// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every allocation of the library failing in turn (fail-alloc.h), under
 * scenarios of the policy API: a tree read and asked, invariants checked,
 * the users file read.
 */
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "check-main.h"
#include "alloc-failure.h"

/* Knob files (a tree's, smackfs's) and a file of each other kind. */
static void put_policy(void)
{
	put_knobs();
	PUT("rules", "# c\nS O rw\n\nS O - w\nT U r\n");
	PUT("maps", "# format: list\nSecret 3 5 1\n");
	PUT("hosts", "10.0.0.0/8 Net\n");
	PUT("spec", "/a(/.*)? access=A\n/a/b -- mmap=\"M\"\n");
}

static int sum_lines(void *userdata, const struct smack_policy_entry *e)
{
	*(size_t *)userdata += e->line;
	return 0;
}

/* Each question once, and the knobs by name. */
static int policy_queries(struct smack_policy *p)
{
	struct smack_policy_entry e;
	size_t lines = 0;
	char *value;
	int ret;

	if (smack_policy_foreach(p, 0, sum_lines, &lines) < 0 ||
	    smack_policy_foreach_pair(p, "S", "O", sum_lines, &lines) < 0 ||
	    smack_knob_set("onlycap", " Admin\tBoot", SMACK_PLAN_FORCE) < 0 ||
	    smack_knob_get("onlycap", &value) < 0)
		return -1;
	ret = strcmp(value, "Admin Boot") ? WRONG_RESULT : 0;
	free(value);
	if (smack_policy_have_access(p, "S", "O", "r", NULL, NULL) != 1 ||
	    smack_policy_match_path(p, "/a/b", S_IFREG, &e) != 1)
		return -1;
	/* onlycap, ambient; rules 2, 4, 5; 2; 1; 1, 2; the pair's 2, 4 */
	return ret == 0 && lines == 25 && e.line == 2 ? 0 : WRONG_RESULT;
}

static int policy_read(void)
{
	static const char *const parts[] = { "rules", "maps", "hosts", NULL,
					     "spec" };
	struct smack_policy *p;
	int kind, ret;

	if (smack_policy_new(&p) < 0)
		return -1;
	ret = smack_policy_load(p, "/", tmpdir, 0);
	for (kind = SMACK_POLICY_RULE; ret == 0 && kind < 6; kind++)
		if (parts[kind - 1])
			ret = smack_policy_add_path(p, kind,
						    tmp_path(parts[kind - 1]), 0);
	if (ret == 0)
		ret = policy_queries(p);
	smack_policy_free(p);
	return ret;
}

/* A rule file, CIPSO, an onlycap list and invariants that break. */
static void put_asserts(void)
{
	put_knobs();
	PUT("rules", "App::a Keys w\nApp::b Keys r\nX _ w\n");
	PUT("maps", "Secret 3 5\n");
	PUT("asserts", "never App::* Keys w\nalways App::b Keys rw\n"
	    "never * _ rw\nalways \\* Lone r\n");
}

static int count_break(void *userdata, const struct smack_policy_entry *inv,
		       const char *subject, const char *object,
		       const char *access, int reason,
		       const struct smack_policy_entry *rule)
{
	return 0;
}

static int policy_asserts(void)
{
	struct smack_policy *p;
	int ret;

	if (smack_policy_new(&p) < 0)
		return -1;
	ret = smack_policy_add_path(p, SMACK_POLICY_RULE, tmp_path("rules"),
				    0);
	if (ret == 0)
		ret = smack_policy_add_path(p, SMACK_POLICY_CIPSO,
					    tmp_path("maps"), 0);
	if (ret == 0)
		ret = smack_policy_add_path(p, SMACK_POLICY_KNOB,
					    tmp_path("onlycap"), 0);
	if (ret == 0)
		ret = smack_policy_add_path(p, SMACK_POLICY_ASSERT,
					    tmp_path("asserts"), 0);
	if (ret == 0)
		ret = smack_policy_check_asserts(p, count_break, NULL);
	smack_policy_free(p);
	/* App::a; App::b; X _ w, each label with _ (r), @; lone r */
	return ret < 0 ? -1 : ret == 15 ? 0 : WRONG_RESULT;
}

static void put_users(void)
{
	PUT("users", "# who\nbob Other\n@staff Team::%u\n* User::%u\n");
}

/* The users file read, and a user looked up with %u replaced. */
static int policy_users(void)
{
	static const char *const groups[] = { "carol", "staff" };
	struct smack_policy *p;
	char *label = NULL;
	int ret;

	if (smack_policy_new(&p) < 0)
		return -1;
	ret = smack_policy_add_path(p, SMACK_POLICY_USERS, tmp_path("users"),
				    0);
	if (ret == 0)
		ret = smack_policy_user_label(p, "carol", groups, 2, &label,
					      NULL);
	smack_policy_free(p);
	if (ret < 0)
		return -1;
	ret = ret == 1 && strcmp(label, "Team::carol") == 0 ? 0 : WRONG_RESULT;
	free(label);
	return ret;
}

static const struct scenario scenarios[] = {
	SCENARIO(policy_read, put_policy),
	SCENARIO(policy_asserts, put_asserts),
	SCENARIO(policy_users, put_users),
};

Suite *make_suite(void)
{
	return alloc_failure_suite("alloc-failure-policy", scenarios,
				   sizeof(scenarios) / sizeof(scenarios[0]));
}
