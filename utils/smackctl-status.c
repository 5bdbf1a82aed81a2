// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl status and test: is Smack active, what does the kernel hold,
 * and does it still match the configuration tree ("drift")?
 *
 * status prints the line of smackctl 1.3 first, byte for byte ("SmackFS
 * is mounted to PATH", PATH as smack_smackfs_path() gives it, or "SmackFS
 * is not mounted."), then one "key: value" line each; --json and
 * --key-value give the same facts for scripts.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "smackctl.h"

/* Where the kernel offers smackfs when Smack is the active LSM. */
#define SMACKFS_MOUNT_POINT "/sys/fs/smackfs"

enum drift { DRIFT_NO, DRIFT_YES, DRIFT_UNKNOWN };

struct report {
	const char *smackfs;
	long long rules, labels;	/* -1 when they could not be read */
	char *knobs[CTL_KNOBS_MAX];	/* as read; NULL when not */
	const char *config;
	enum drift drift;
	size_t changes;
	size_t stale;		/* IPv4 netlabel entries the tree lacks */
	unsigned int config_errors;
	bool broken;		/* the tree breaks an invariant of assert.d */
};

/* Smack is active when the kernel made its mount point, even if nothing
 * is mounted there. */
bool ctl_smack_active(void)
{
	struct stat st;

	return smack_smackfs_path() ||
	       (stat(SMACKFS_MOUNT_POINT, &st) == 0 && S_ISDIR(st.st_mode));
}

/* 2 without smackfs, active or not, as smackctl 1.3 had it (boot scripts
 * mount it on 2); only the message tells the two apart. */
int cmd_test(void)
{
	if (smack_smackfs_path())
		return EXIT_SUCCESS;
	if (ctl_smack_active())
		ctl_say_unmounted();
	return EXIT_INACTIVE;
}

void ctl_say_unmounted(void)
{
	cli_warn("Smack is active, but smackfs is not mounted (mount -t"
		 " smackfs smackfs %s)", SMACKFS_MOUNT_POINT);
}

static long long count_labels(void)
{
	struct smack_cipso *all;
	long long n;

	/* cipso2 lists every label the kernel knows. */
	if (smack_cipso_new_from_kernel(&all) < 0)
		return -1;
	n = smack_cipso_count(all);
	smack_cipso_free(all);
	return n;
}

static long long count_kernel_rules(void)
{
	struct smack_accesses *rules;
	long long n;

	if (smack_accesses_new_from_kernel(&rules) < 0)
		return -1;
	n = smack_accesses_count(rules);
	smack_accesses_free(rules);
	return n;
}

/* A smack_plan_step_fn: counts the IPv4 entries the tree lacks. */
static int count_stale(void *data, const struct smack_plan_step *s)
{
	if (s->kind == SMACK_POLICY_NETLABEL && (s->flags & SMACK_STEP_SKIPPED))
		++*(size_t *)data;
	return 0;
}

/* Compares the kernel with the tree: the plan of a reload, only
 * counted. */
static void measure_drift(const struct ctl_options *o, struct report *r)
{
	struct config_tree tree;
	struct smack_policy_plan *plan;
	bool explicit;

	r->config = cli_config_dir(o->config_dir, &explicit);
	r->drift = DRIFT_UNKNOWN;
	if (config_tree_load(&tree, r->config, explicit,
			     CTL_TREE_QUIET) < 0) {
		r->config_errors = tree.errors;
		config_tree_free(&tree);
		return;
	}
	/* Such a tree is refused whole: there is nothing to compare. */
	r->broken = smack_policy_check_asserts(tree.policy, NULL, NULL) != 0;
	if (r->broken) {
		config_tree_free(&tree);
		return;
	}
	smack_policy_set_log_fn(tree.policy, ctl_plan_log, NULL);
	if (smack_policy_plan_new(tree.policy, SMACK_PLAN_COMPARE |
				  SMACK_PLAN_FORCE, &plan) == 0) {
		r->changes = smack_policy_plan_count(plan, 0);
		smack_policy_plan_foreach(plan, count_stale, &r->stale);
		r->drift = r->changes ? DRIFT_YES : DRIFT_NO;
		smack_policy_plan_free(plan);
	}
	config_tree_free(&tree);
}

static void gather(const struct ctl_options *o, struct report *r)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	r->rules = r->labels = -1;
	r->smackfs = smack_smackfs_path();
	if (!r->smackfs) {
		bool explicit;

		r->config = cli_config_dir(o->config_dir, &explicit);
		r->drift = DRIFT_UNKNOWN;
		return;
	}
	measure_drift(o, r);
	if (r->rules < 0)
		r->rules = count_kernel_rules();
	r->labels = count_labels();
	for (i = 0; smack_knob_name(i); i++)
		if (smack_knob_get(smack_knob_name(i), &r->knobs[i]) < 0)
			r->knobs[i] = NULL;
}

static const char *drift_word(enum drift d)
{
	return d == DRIFT_NO ? "no" : d == DRIFT_YES ? "yes" : "unknown";
}

/* "key<sep>N", or "key<sep>unknown" when it could not be read. */
static void print_count(const char *key, const char *sep, long long n)
{
	if (n < 0)
		printf("%s%sunknown\n", key, sep);
	else
		printf("%s%s%lld\n", key, sep, n);
}

/* A number with a name is shown with it: "logging: 1 (denied)". */
static void print_text_knob(const char *name, const char *value)
{
	const char *const *words = NULL;
	char *end;
	long n = strtol(value, &end, 10);
	long i;

	printf("%s: %s", name, value);
	smack_knob_info(name, NULL, &words);
	for (i = 0; words && words[i] && end != value && !*end; i++)
		if (i == n)
			printf(" (%s)", words[i]);
	putchar('\n');
}

/* key, path escaped as cli_escape() does, then end: a path (a directory
 * given with --config-dir, a mount point) may hold any byte. */
static void print_path(const char *key, const char *path, const char *end)
{
	fputs(key, stdout);
	cli_escape(stdout, path, strlen(path), CLI_ESCAPE_FIELD);
	fputs(end, stdout);
}

static void print_text(const struct report *r)
{
	size_t i;

	if (!r->smackfs) {
		printf("SmackFS is not mounted.\n");
		printf("smack: %s\n", ctl_smack_active() ?
		       "active, smackfs not mounted" : "inactive");
		print_path("config: ", r->config, "\n");
		return;
	}
	print_path("SmackFS is mounted to ", r->smackfs, "\n");
	printf("smack: active\n");
	print_path("smackfs: ", r->smackfs, "\n");
	print_count("rules", ": ", r->rules);
	print_count("labels", ": ", r->labels);
	for (i = 0; smack_knob_name(i); i++)
		if (r->knobs[i])
			print_text_knob(smack_knob_name(i), r->knobs[i]);
	print_path("config: ", r->config, "\n");
	if (r->drift == DRIFT_YES)
		printf("drift: yes (%zu changes to make: see smackctl reload"
		       " --dry-run)\n", r->changes);
	else if (r->config_errors)
		printf("drift: unknown (the configuration has %u error%s: see"
		       " smackctl check)\n", r->config_errors,
		       r->config_errors == 1 ? "" : "s");
	else if (r->broken)
		printf("drift: unknown (the configuration breaks its"
		       " invariants: see smackctl check)\n");
	else
		printf("drift: %s\n", drift_word(r->drift));
	if (r->stale)
		printf("stale netlabel entries: %zu (IPv4 entries not in the"
		       " configuration; the kernel cannot delete them)\n",
		       r->stale);
}

static void print_key_value(const struct report *r)
{
	size_t i;

	printf("smack=%s\n", r->smackfs ? "active" :
	       ctl_smack_active() ? "unmounted" : "inactive");
	print_path("smackfs=", r->smackfs ? r->smackfs : "", "\n");
	print_count("rules", "=", r->rules);
	print_count("labels", "=", r->labels);
	for (i = 0; smack_knob_name(i); i++)
		if (r->knobs[i])
			printf("%s=%s\n", smack_knob_name(i), r->knobs[i]);
	print_path("config=", r->config, "\n");
	printf("drift=%s\n", drift_word(r->drift));
	printf("drift_changes=%zu\n", r->changes);
	printf("netlabel_stale=%zu\n", r->stale);
}

static void json_string(const char *s)
{
	cli_json_string(stdout, s, strlen(s));
}

/* A list as an array of its labels ("-" is none). */
static void json_list(const char *value)
{
	const char *w = strcmp(value, "-") ? value : "";
	size_t n;

	putchar('[');
	for (w += strspn(w, " "); *w; w += n + strspn(w + n, " ")) {
		n = strcspn(w, " ");
		if (w != value)
			printf(", ");
		cli_json_string(stdout, w, n);
	}
	putchar(']');
}

static void json_knob(const char *name, const char *value)
{
	int kind = SMACK_KNOB_LABEL;

	smack_knob_info(name, &kind, NULL);
	printf(", \"%s\": ", name);
	if (kind == SMACK_KNOB_NUMBER)
		printf("%s", value);
	else if (kind == SMACK_KNOB_LABEL)
		json_string(value);
	else
		json_list(value);
}

static void json_count(const char *key, long long n)
{
	if (n < 0)
		printf(", \"%s\": null", key);
	else
		printf(", \"%s\": %lld", key, n);
}

static void print_json(const struct report *r)
{
	size_t i;

	/* Active even when smackfs is not mounted: "smackfs" is null then. */
	printf("{\"active\": %s, \"smackfs\": ",
	       ctl_smack_active() ? "true" : "false");
	if (r->smackfs)
		json_string(r->smackfs);
	else
		printf("null");
	json_count("rules", r->rules);
	json_count("labels", r->labels);
	for (i = 0; smack_knob_name(i); i++)
		if (r->knobs[i])
			json_knob(smack_knob_name(i), r->knobs[i]);
	printf(", \"config\": ");
	json_string(r->config);
	printf(", \"drift\": ");
	if (r->drift == DRIFT_UNKNOWN)
		printf("null");
	else
		printf("%s", r->drift == DRIFT_YES ? "true" : "false");
	printf(", \"drift_changes\": %zu, \"netlabel_stale\": %zu}\n",
	       r->changes, r->stale);
}

int cmd_status(const struct ctl_options *o)
{
	struct report r;
	size_t i;

	gather(o, &r);
	if (o->format == FORMAT_JSON)
		print_json(&r);
	else if (o->format == FORMAT_KEY_VALUE)
		print_key_value(&r);
	else
		print_text(&r);
	for (i = 0; i < CTL_KNOBS_MAX; i++)
		free(r.knobs[i]);
	return EXIT_SUCCESS;
}
