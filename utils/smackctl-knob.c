// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl knob [NAME [VALUE...]]: show every knob, show one, or set one.
 * A value is read by the library (smack_policy_add_knob), which says what
 * is wrong with it; setting onlycap goes through the lock-out guard.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackctl.h"

static int show_knob(const char *name, bool with_name, bool missing_ok)
{
	char *value;

	if (smack_knob_get(name, &value) < 0) {
		if (errno == ENOENT && missing_ok)
			return 0;
		if (errno == ENOENT)
			cli_warn("this kernel has no %s knob", name);
		else
			cli_warn_errno("cannot read %s", name);
		return -1;
	}
	if (with_name)
		printf("%s %s\n", name, value);
	else
		printf("%s\n", value);
	free(value);
	return 0;
}

static int show_all(void)
{
	int status = EXIT_SUCCESS;
	size_t i;

	for (i = 0; smack_knob_name(i); i++)
		if (show_knob(smack_knob_name(i), true, true) < 0)
			status = EXIT_FAILURE;
	return status;
}

static int take_value(void *data, const struct smack_policy_entry *e)
{
	*(char **)data = strdup(e->value);
	return 1;
}

/* The words as one value, checked and as the kernel will hold it
 * (malloc'ed); NULL after saying what is wrong, errno EINVAL for a bad
 * value. */
static char *value_of(const char *name, char *const *words, size_t n)
{
	struct smack_policy *policy;
	char *joined, *value = NULL;
	size_t i, len = 1;
	int ret = -1, err = ENOMEM;

	for (i = 0; i < n; i++)
		len += strlen(words[i]) + 1;
	joined = calloc(1, len);
	if (!joined || smack_policy_new(&policy) < 0) {
		free(joined);
		return NULL;
	}
	for (i = 0; i < n; i++)
		strcat(strcat(joined, i ? " " : ""), words[i]);
	smack_policy_set_log_fn(policy, cli_policy_log, NULL);
	if (smack_policy_add_knob(policy, name, joined) == 0)
		ret = smack_policy_foreach(policy, SMACK_POLICY_KNOB,
					   take_value, &value);
	else
		err = errno;
	smack_policy_free(policy);
	free(joined);
	errno = err;
	return ret == 1 ? value : NULL;
}

/* Why the library's onlycap guard refused value (smack_knob_set(3)). */
static void say_onlycap_refused(const char *value)
{
	char *self = NULL;

	if (smack_new_label_from_self(&self) < 0)
		cli_warn_errno("refusing onlycap \"%s\": cannot read this"
			       " process's label to check that it is listed;"
			       " use --force to set it anyway", value);
	else
		cli_warn("refusing onlycap \"%s\": it leaves out this"
			 " process's label \"%s\", which would lose"
			 " CAP_MAC_ADMIN for good (so would every process"
			 " without a listed label); use --force if that is"
			 " what you want", value, self);
	free(self);
}

static void say_set_failed(const char *name, const char *value)
{
	if (errno == ECANCELED)
		say_onlycap_refused(value);
	else if (errno == ENOENT)
		cli_warn("this kernel has no %s knob", name);
	else
		cli_warn_errno("%s %s \"%s\"", cli_write_failure(errno),
			       name, value);
}

/* The library checks the value and guards onlycap, also for --dry-run
 * (SMACK_KNOB_CHECK_ONLY), which then shows the write it would make. */
static int set_knob(const struct ctl_options *o, const char *name,
		    char *const *words, size_t n)
{
	char *value = value_of(name, words, n);
	unsigned int flags = o->force ? SMACK_PLAN_FORCE : 0;
	int status = EXIT_FAILURE;

	/* A bad value is a usage error: its message, then the hint. */
	if (!value && errno == EINVAL)
		cli_try_help(EXIT_USAGE);
	if (!value)
		return EXIT_FAILURE;
	if (ctl_require_smack() < 0)
		goto out;
	if (o->dry_run)
		flags |= SMACK_KNOB_CHECK_ONLY;
	else
		cli_lock_policy(o->no_wait);
	if (smack_knob_set(name, value, flags) < 0) {
		say_set_failed(name, value);
		goto out;
	}
	if (o->dry_run)
		printf("knob %s %s\n", name, value);
	status = EXIT_SUCCESS;
out:
	free(value);
	return status;
}

int cmd_knob(const struct ctl_options *o, char *const *args, size_t n)
{
	if (n == 0) {
		if (ctl_require_smack() < 0)
			return EXIT_FAILURE;
		return show_all();
	}
	if (smack_knob_info(args[0], NULL, NULL) < 0) {
		cli_die_usage(EXIT_USAGE, "unknown knob \"%s\" (onlycap, "
			      "ambient, logging, ptrace, syslog, unconfined, "
			      "doi, direct, mapped)", args[0]);
	}
	if (n > 1)
		return set_knob(o, args[0], args + 1, n - 1);
	if (ctl_require_smack() < 0)
		return EXIT_FAILURE;
	return show_knob(args[0], false, false) < 0 ? EXIT_FAILURE :
	       EXIT_SUCCESS;
}
