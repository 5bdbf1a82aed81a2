/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pam_smack.h - the parts of pam_smack(8), internal to the module: its
 * arguments, its messages, and the users file.
 *
 * Every function that decides something about a session logs why at
 * LOG_DEBUG when the module has the debug argument, and says what went
 * wrong at LOG_ERR itself, so that the caller only maps the outcome to a
 * PAM return value.
 */
#ifndef PAM_SMACK_H
#define PAM_SMACK_H

#include <stdbool.h>
#include <sys/types.h>

#include <security/pam_modules.h>

/* The label of a session that nothing else names one for, as in the
 * module of smack-utils 1.3. */
#define PAM_SMACK_DEFAULT_LABEL "User"
/* The users file read when users= names none. */
#define PAM_SMACK_USERS_FILE SYSCONFDIR "/smack/users"

/* One session being opened: the module's arguments and its user. */
struct pam_smack {
	pam_handle_t *pamh;
	int argc;
	const char **argv;
	const char *users;	/* users=FILE, or NULL for the default */
	bool debug;		/* debug: say what was chosen and why */
	bool nofail;		/* nofail: go on when the label cannot be set */
	bool mapped;		/* a user=LABEL or =LABEL argument is given */
	const char *user;	/* PAM_USER, or NULL */
};

/* Messages to syslog (LOG_AUTHPRIV through pam_syslog()), the whole text
 * escaped as the tools escape theirs: a label or a name that came from a
 * file or a remote user cannot forge a line or drive a terminal. */
void pam_smack_log(const struct pam_smack *ps, int priority,
		   const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#define pam_smack_debug(ps, ...) \
	do { \
		if ((ps)->debug) \
			pam_smack_log((ps), LOG_DEBUG, __VA_ARGS__); \
	} while (0)

/* Reads the options among the arguments (debug, nofail, users=FILE) and
 * notes whether any argument maps users to labels.  -1 on an argument the
 * session cannot be opened with (logged). */
int pam_smack_parse_args(struct pam_smack *ps, pam_handle_t *pamh, int argc,
			 const char **argv);

/*
 * The label the arguments give ps->user: the first USER=LABEL argument
 * that names the user, else the first =LABEL argument, else, when some
 * argument maps a user, the default label.  1 when the arguments decide,
 * with *label a copy of the label or NULL for "leave the label as it is"
 * (an empty LABEL); 0 when they map nobody (the users file decides); -1
 * when the label they give is not valid or memory ran out (logged).
 */
int pam_smack_args_label(const struct pam_smack *ps, char **label);

/*
 * The label the users file gives ps->user, read and looked up by libsmack
 * (smack_policy_user_label(3)): 1 with *label (NULL: leave it), or -1
 * (logged: an entry in error at FILE:LINE:COL, a file that cannot be
 * read, no user).  A user no entry names gets the default label, as does
 * everyone when the default file does not exist; a file users= names
 * must exist.
 */
int pam_smack_users_label(const struct pam_smack *ps, char **label);

#endif
