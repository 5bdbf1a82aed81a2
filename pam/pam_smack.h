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

/* A user as the users file's @GROUP entries match it: every group the
 * user belongs to (getgrouplist(3): the primary group and the others). */
struct pam_smack_user {
	gid_t *groups;
	int ngroups;
};

/* One entry of the users file as its reader gives it: who ("NAME",
 * "@GROUP" or "*"), its label as written, and where it was read. */
struct pam_smack_entry {
	const char *who;
	const char *label;
	const char *file;
	unsigned int line;
};

/* A look-up of ps->user in the users file, entry after entry.  The user's
 * groups are read from the user database at the first @GROUP entry: a
 * user it does not know can still be named, or matched by "*". */
struct pam_smack_lookup {
	const struct pam_smack *ps;
	bool loaded;		/* user holds the user's groups */
	struct pam_smack_user user;
	bool matched;
	bool failed;		/* an entry was in error (logged) */
	char *label;		/* the match's label, %u given its value;
				 * NULL for "-" (leave the label) */
};

/*
 * Takes the next entry of the file: 0 when it does not name the user, 1
 * when it does (the first match wins: lookup->matched and ->label are
 * set), -1 when its label, %u replaced, is not a valid label (logged at
 * FILE:LINE), when the user database does not know a user an @GROUP
 * entry is asked about, or when memory ran out (logged).
 */
int pam_smack_lookup_entry(struct pam_smack_lookup *lookup,
			   const struct pam_smack_entry *entry);
void pam_smack_lookup_release(struct pam_smack_lookup *lookup);

/* LABEL with each %u replaced by the user's name and each %% by %, in
 * memory of its own; NULL when memory ran out. */
char *pam_smack_expand(const char *label, const char *user);

/*
 * The label the users file gives ps->user: 1 with *label (NULL: leave
 * it), or -1 (logged).  A user no entry names gets the default label, as
 * does everyone when the default file does not exist; a file users=
 * names must exist.
 */
int pam_smack_users_label(const struct pam_smack *ps, char **label);

#endif
