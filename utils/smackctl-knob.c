// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl knob [NAME [VALUE...]]: show every knob, show one, or set one.
 * Setting onlycap goes through the lock-out guard (see config-knobs.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackctl.h"

static int show_knob(enum knob_id id, bool with_name, bool missing_ok)
{
	const struct knob *k = knob_get(id);
	struct knob_value v;
	char *text;

	if (knob_read_kernel(id, &v) < 0) {
		if (errno == ENOENT && missing_ok)
			return 0;
		if (errno == ENOENT)
			cli_warn("this kernel has no %s knob", k->name);
		else
			cli_warn_errno("cannot read %s", k->name);
		return -1;
	}
	text = knob_value_format(k, &v);
	knob_value_clear(&v);
	if (!text) {
		cli_warn_errno("cannot show %s", k->name);
		return -1;
	}
	if (with_name)
		printf("%s %s\n", k->name, text);
	else
		printf("%s\n", text);
	free(text);
	return 0;
}

static int show_all(void)
{
	int status = EXIT_SUCCESS;
	size_t i;

	for (i = 0; i < KNOB_COUNT; i++)
		if (show_knob(i, true, true) < 0)
			status = EXIT_FAILURE;
	return status;
}

static int set_knob(const struct ctl_options *o, enum knob_id id,
		    char *const *words, size_t n)
{
	const struct knob *k = knob_get(id);
	struct knob_value v;
	int status = EXIT_FAILURE;
	char *text = NULL;

	if (knob_parse_args(k, &v, words, n) < 0)
		return EXIT_USAGE;
	if (ctl_require_smack() < 0)
		goto out;
	if (id == KNOB_ONLYCAP && knob_guard_onlycap(&v, o->force) < 0)
		goto out;
	text = knob_value_format(k, &v);
	if (o->dry_run) {
		printf("knob %s %s\n", k->name, text ? text : "?");
		status = EXIT_SUCCESS;
		goto out;
	}
	cli_lock_policy(o->no_wait);
	if (knob_write_kernel(id, &v) < 0) {
		if (errno == ENOENT)
			cli_warn("this kernel has no %s knob", k->name);
		else
			cli_warn_errno("%s %s \"%s\"",
				       cli_write_failure(errno), k->name,
				       text ? text : "?");
	} else {
		status = EXIT_SUCCESS;
	}
out:
	free(text);
	knob_value_clear(&v);
	return status;
}

int cmd_knob(const struct ctl_options *o, char *const *args, size_t n)
{
	enum knob_id id;

	if (n == 0) {
		if (ctl_require_smack() < 0)
			return EXIT_FAILURE;
		return show_all();
	}
	if (!knob_find(args[0], &id)) {
		cli_die_usage(EXIT_USAGE, "unknown knob \"%s\" (onlycap, "
			      "ambient, logging, ptrace, syslog, unconfined, "
			      "doi, direct, mapped)", args[0]);
	}
	if (n > 1)
		return set_knob(o, id, args + 1, n - 1);
	if (ctl_require_smack() < 0)
		return EXIT_FAILURE;
	return show_knob(id, false, false) < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
