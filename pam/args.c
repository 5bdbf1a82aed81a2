// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pam_smack's arguments.  Those of the module of smack-utils 1.3 keep
 * their meaning: USER=LABEL for a named user, =LABEL for everyone else,
 * the label User when neither names the user, an empty LABEL for "leave
 * the label as it is".  The new ones are words no argument of that module
 * could have meant a label with (it read only arguments with '=' in them),
 * except users=FILE, which a user named "users" can no longer be given a
 * label with.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include <sys/smack.h>

#include "pam_smack.h"

#define USERS_OPTION "users="

static bool is_users_option(const char *arg)
{
	return strncmp(arg, USERS_OPTION, strlen(USERS_OPTION)) == 0;
}

/* A USER=LABEL or =LABEL argument. */
static bool is_mapping(const char *arg)
{
	return strchr(arg, '=') && !is_users_option(arg);
}

static int set_users_file(struct pam_smack *ps, const char *arg)
{
	const char *file = arg + strlen(USERS_OPTION);

	if (ps->users) {
		pam_smack_log(ps, LOG_ERR, "argument \"%s\": users= given twice",
			      arg);
		return -1;
	}
	if (!*file) {
		pam_smack_log(ps, LOG_ERR, "argument \"%s\" names no file", arg);
		return -1;
	}
	ps->users = file;
	return 0;
}

int pam_smack_parse_args(struct pam_smack *ps, pam_handle_t *pamh, int argc,
			 const char **argv)
{
	int i;

	*ps = (struct pam_smack){ .pamh = pamh, .argc = argc, .argv = argv };
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "debug") == 0)
			ps->debug = true;
		else if (strcmp(argv[i], "nofail") == 0)
			ps->nofail = true;
		else if (is_users_option(argv[i])) {
			if (set_users_file(ps, argv[i]) < 0)
				return -1;
		} else if (is_mapping(argv[i]))
			ps->mapped = true;
		else
			pam_smack_log(ps, LOG_ERR,
				      "unknown argument \"%s\", ignored",
				      argv[i]);
	}
	if (ps->mapped && ps->users)
		pam_smack_log(ps, LOG_WARNING,
			      "users=%s is not read: the arguments map users to labels",
			      ps->users);
	return 0;
}

/* The argument that gives the user a label, as the 1.3 module chose it,
 * and in *value its label; NULL when none does. */
static const char *mapping_for(const struct pam_smack *ps, const char **value)
{
	size_t len = ps->user ? strlen(ps->user) : 0;
	const char *fallback = NULL, *arg;
	int i;

	for (i = 0; i < ps->argc; i++) {
		arg = ps->argv[i];
		if (!is_mapping(arg))
			continue;
		if (arg[0] == '=') {
			if (!fallback)
				fallback = arg;
		} else if (len && strncmp(arg, ps->user, len) == 0 &&
			   arg[len] == '=') {
			*value = arg + len + 1;
			return arg;
		}
	}
	if (fallback)
		*value = fallback + 1;
	return fallback;
}

static int copy_label(const struct pam_smack *ps, const char *label,
		      char **copy)
{
	*copy = strdup(label);
	if (*copy)
		return 1;
	pam_smack_log(ps, LOG_ERR, "memory ran out");
	return -1;
}

int pam_smack_args_label(const struct pam_smack *ps, char **label)
{
	const char *value = NULL, *arg = mapping_for(ps, &value), *reason;
	const char *user = ps->user ? ps->user : "";

	*label = NULL;
	if (!arg && !ps->mapped)
		return 0;
	if (!arg) {
		pam_smack_debug(ps, "user \"%s\": the default label \"%s\": no argument names the user",
				user, PAM_SMACK_DEFAULT_LABEL);
		return copy_label(ps, PAM_SMACK_DEFAULT_LABEL, label);
	}
	if (!*value) {
		pam_smack_debug(ps, "user \"%s\": the label is left as it is: the argument \"%s\" gives none",
				user, arg);
		return 1;
	}
	if (smack_label_validate(value, &reason) < 0) {
		pam_smack_log(ps, LOG_ERR, "argument \"%s\": \"%s\" is not a valid label: %s",
			      arg, value, reason);
		return -1;
	}
	pam_smack_debug(ps, "user \"%s\": the label \"%s\" of the argument \"%s\"",
			user, value, arg);
	return copy_label(ps, value, label);
}
