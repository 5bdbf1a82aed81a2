/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sys/smack.h - userspace interface to the Smack security module
 *
 * Functions of LIBSMACK_1.0 .. LIBSMACK_1.3 keep the signatures and return
 * conventions of libsmack 1.3: 0 (or a length) on success, a negative value
 * on failure with errno set.  LIBSMACK_1.4 adds the rest of what the kernel
 * offers, LIBSMACK_1.5 what loading a policy tree needs: the differences
 * of CIPSO and netlabel sets, and the writers' lock.  Every function is
 * described in its own section 3 manual page.
 */
#ifndef _SYS_SMACK_H
#define _SYS_SMACK_H

#include <stddef.h>
#include <sys/types.h>

/* Longest label, not counting the terminating NUL. */
#define SMACK_LABEL_LEN 255

#ifndef XATTR_NAME_SMACK
#define XATTR_NAME_SMACK          "security.SMACK64"
#endif
#ifndef XATTR_NAME_SMACKIPIN
#define XATTR_NAME_SMACKIPIN      "security.SMACK64IPIN"
#endif
#ifndef XATTR_NAME_SMACKIPOUT
#define XATTR_NAME_SMACKIPOUT     "security.SMACK64IPOUT"
#endif
#ifndef XATTR_NAME_SMACKEXEC
#define XATTR_NAME_SMACKEXEC      "security.SMACK64EXEC"
#endif
#ifndef XATTR_NAME_SMACKTRANSMUTE
#define XATTR_NAME_SMACKTRANSMUTE "security.SMACK64TRANSMUTE"
#endif
#ifndef XATTR_NAME_SMACKMMAP
#define XATTR_NAME_SMACKMMAP      "security.SMACK64MMAP"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque handles. */
struct smack_accesses;   /* an ordered set of access rules */
struct smack_cipso;      /* a set of CIPSO label mappings */
struct smack_netlabel;   /* a set of netlabel host entries (LIBSMACK_1.4) */

/* ---------------------------------------------------------------- 1.0 */

int smack_accesses_new(struct smack_accesses **handle);
void smack_accesses_free(struct smack_accesses *handle);
int smack_accesses_save(struct smack_accesses *handle, int fd);
int smack_accesses_apply(struct smack_accesses *handle);
int smack_accesses_clear(struct smack_accesses *handle);
int smack_accesses_add(struct smack_accesses *handle, const char *subject,
		       const char *object, const char *access_type);
int smack_accesses_add_modify(struct smack_accesses *handle,
			      const char *subject, const char *object,
			      const char *allow_access_type,
			      const char *deny_access_type);
int smack_accesses_add_from_file(struct smack_accesses *handle, int fd);
int smack_have_access(const char *subject, const char *object,
		      const char *access_type);

int smack_cipso_new(struct smack_cipso **handle);
void smack_cipso_free(struct smack_cipso *handle);
int smack_cipso_apply(struct smack_cipso *handle);
int smack_cipso_add_from_file(struct smack_cipso *handle, int fd);

const char *smack_smackfs_path(void);
ssize_t smack_new_label_from_self(char **label);
ssize_t smack_new_label_from_socket(int fd, char **label);
ssize_t smack_new_label_from_path(const char *path, const char *xattr,
				  int follow, char **label);
int smack_set_label_for_self(const char *label);
int smack_revoke_subject(const char *subject);

/* ---------------------------------------------------------------- 1.1 */

ssize_t smack_label_length(const char *label);
int smack_set_label_for_path(const char *path, const char *xattr,
			     int follow, const char *label);
int smack_remove_label_for_path(const char *path, const char *xattr,
				int follow);
int smack_load_policy(void);
ssize_t smack_new_label_from_file(int fd, const char *xattr, char **label);
int smack_set_label_for_file(int fd, const char *xattr, const char *label);
int smack_remove_label_for_file(int fd, const char *xattr);

/* ---------------------------------------------------------------- 1.2 */

int smack_set_relabel_self(const char **labels, int cnt);

/* ---------------------------------------------------------------- 1.3 */

int smack_set_onlycap(const char **labels, int cnt);
int smack_set_onlycap_from_file(int fd);
ssize_t smack_new_label_from_process(pid_t pid, char **label);

/* ---------------------------------------------------------------- 1.4 */

/* Access bits, in the kernel's order "rwxatlb". */
#define SMACK_ACCESS_READ     0x01u
#define SMACK_ACCESS_WRITE    0x02u
#define SMACK_ACCESS_EXEC     0x04u
#define SMACK_ACCESS_APPEND   0x08u
#define SMACK_ACCESS_TRANSMUTE 0x10u
#define SMACK_ACCESS_LOCK     0x20u
#define SMACK_ACCESS_BRINGUP  0x40u
#define SMACK_ACCESS_ALL      0x7fu
/* Longest access string smack_access_to_string() writes, with its NUL. */
#define SMACK_ACCESS_STRLEN   8

/*
 * Labels and access strings.  smack_label_validate() returns the length of
 * a valid label; otherwise -1 with errno EINVAL and, when reason is not
 * NULL, a static English sentence fragment such as "contains '/'".
 */
ssize_t smack_label_validate(const char *label, const char **reason);
int smack_access_from_string(const char *access, unsigned int *mask);
/* Writes "rwxatlb" letters (or "-" for none) into buf; returns buf. */
char *smack_access_to_string(unsigned int mask,
			     char buf[SMACK_ACCESS_STRLEN]);

/*
 * Parse diagnostics.  The parse functions below report each error through
 * this callback (file name as given, 1-based line and column, message) and
 * keep going, so that a checker can print every error of a file.  They add
 * nothing to the handle unless the whole input is valid, and then return 0;
 * otherwise -1 with errno EINVAL (or the errno of a failed read).
 */
typedef void (*smack_parse_error_fn)(void *userdata, const char *file,
				     unsigned int line, unsigned int column,
				     const char *message);

/* Rule sets. */
int smack_accesses_parse_buffer(struct smack_accesses *handle,
				const char *buf, size_t len, const char *name,
				smack_parse_error_fn on_error, void *userdata);
int smack_accesses_parse_fd(struct smack_accesses *handle, int fd,
			    const char *name, smack_parse_error_fn on_error,
			    void *userdata);
/* A file, or a directory of files read in sorted order, dot files,
 * backups and package-manager leftovers skipped (smack-config(5)). */
int smack_accesses_parse_path(struct smack_accesses *handle, const char *path,
			      smack_parse_error_fn on_error, void *userdata);
/* The rules the kernel holds now (load2). */
int smack_accesses_new_from_kernel(struct smack_accesses **handle);
/* Number of rules added (a modify rule counts as one). */
size_t smack_accesses_count(const struct smack_accesses *handle);
/* Calls fn for each rule in the order added; deny is NULL for a plain rule.
 * A non-zero return from fn stops the walk and is returned. */
typedef int (*smack_accesses_fn)(void *userdata, const char *subject,
				 const char *object, const char *access,
				 const char *deny);
int smack_accesses_foreach(const struct smack_accesses *handle,
			   smack_accesses_fn fn, void *userdata);
/* The set of plain rules that turns the state 'from' describes into the
 * state 'to' describes, each read as if loaded into a kernel without rules:
 * changed and new pairs with their new access, vanished pairs with "-". */
int smack_accesses_diff(const struct smack_accesses *from,
			const struct smack_accesses *to,
			struct smack_accesses **diff);
/* What smack_accesses_diff() of the kernel's rules (load2) and 'target'
 * gives, in *changes, read from load2 without making a set of it; and in
 * *undo (when undo is not NULL) the same pairs with the access the kernel
 * gives them now ("-" for none), which puts them back after a failed or
 * partial apply of *changes. */
int smack_accesses_diff_kernel(const struct smack_accesses *target,
			       struct smack_accesses **changes,
			       struct smack_accesses **undo);
/* 1 when no pair has an access in the kernel (load2 lists no rule: as at
 * boot, or after every rule was cleared), 0 when it lists at least one,
 * -1 with errno.  Into such a kernel a set is loaded as it is: there is
 * nothing to compare it with. */
int smack_accesses_kernel_is_empty(void);
/* Like smack_accesses_apply(); on failure *applied (if not NULL) tells how
 * many of the handle's rules, in order, took effect before it. */
int smack_accesses_apply_report(struct smack_accesses *handle,
				size_t *applied);

/* Access queries. */
int smack_have_access_for_self(const char *object, const char *access_type);
int smack_have_access_for_process(pid_t pid, const char *object,
				  const char *access_type);

/* CIPSO. */
int smack_cipso_add(struct smack_cipso *handle, const char *label, int level,
		    const int *categories, int ncategories);
int smack_cipso_parse_fd(struct smack_cipso *handle, int fd, const char *name,
			 smack_parse_error_fn on_error, void *userdata);
int smack_cipso_parse_path(struct smack_cipso *handle, const char *path,
			   smack_parse_error_fn on_error, void *userdata);
/* The mappings the kernel reports (cipso2), every known label included. */
int smack_cipso_new_from_kernel(struct smack_cipso **handle);
typedef int (*smack_cipso_fn)(void *userdata, const char *label, int level,
			      const int *categories, int ncategories);
int smack_cipso_foreach(const struct smack_cipso *handle, smack_cipso_fn fn,
			void *userdata);
size_t smack_cipso_count(const struct smack_cipso *handle);

/* Netlabel host entries: "A.B.C.D[/N] label" or an IPv6 address
 * "X:X:X:X:X:X:X:X[/N] label" ("::" shorthand accepted, written out in
 * full); label may be "-CIPSO" (IPv4) or "-DELETE" (IPv6). */
int smack_netlabel_new(struct smack_netlabel **handle);
void smack_netlabel_free(struct smack_netlabel *handle);
int smack_netlabel_add(struct smack_netlabel *handle, const char *host,
		       const char *label);
int smack_netlabel_parse_fd(struct smack_netlabel *handle, int fd,
			    const char *name, smack_parse_error_fn on_error,
			    void *userdata);
int smack_netlabel_parse_path(struct smack_netlabel *handle, const char *path,
			      smack_parse_error_fn on_error, void *userdata);
int smack_netlabel_apply(struct smack_netlabel *handle);
int smack_netlabel_new_from_kernel(struct smack_netlabel **handle);
typedef int (*smack_netlabel_fn)(void *userdata, const char *host,
				 const char *label);
int smack_netlabel_foreach(const struct smack_netlabel *handle,
			   smack_netlabel_fn fn, void *userdata);
size_t smack_netlabel_count(const struct smack_netlabel *handle);

/*
 * Kernel knobs.  Getters of labels return the length and a malloc'ed
 * string; list getters return the number of labels and a malloc'ed,
 * NULL-terminated array freed with smack_label_list_free().  A knob the
 * running kernel lacks fails with errno ENOENT.
 */
void smack_label_list_free(char **labels);
int smack_onlycap_get(char ***labels);
int smack_relabel_self_get(char ***labels);
ssize_t smack_ambient_get(char **label);
int smack_ambient_set(const char *label);
ssize_t smack_syslog_get(char **label);
int smack_syslog_set(const char *label);
ssize_t smack_unconfined_get(char **label);
int smack_unconfined_set(const char *label);
int smack_logging_get(int *mode);
int smack_logging_set(int mode);
int smack_ptrace_get(int *mode);
int smack_ptrace_set(int mode);
int smack_doi_get(unsigned long *doi);
int smack_doi_set(unsigned long doi);
int smack_direct_get(int *level);
int smack_direct_set(int level);
int smack_mapped_get(int *level);
int smack_mapped_set(int level);

/* ---------------------------------------------------------------- 1.5 */

/*
 * What to write to a kernel that holds 'from' so that it holds 'to', as
 * smack_accesses_diff() for rules: a new set in *diff.  In each set a
 * later entry for a label (CIPSO) or for an address and prefix (netlabel)
 * replaces an earlier one.  No write takes a CIPSO mapping away: a label
 * that only 'from' maps is left as it is.  IPv6 entries that only 'from'
 * has are deleted; the kernel cannot delete IPv4 ones, and *stale (if not
 * NULL) counts them.  New IPv4 entries come last.
 */
int smack_cipso_diff(const struct smack_cipso *from,
		     const struct smack_cipso *to, struct smack_cipso **diff);
int smack_netlabel_diff(const struct smack_netlabel *from,
			const struct smack_netlabel *to,
			struct smack_netlabel **diff, size_t *stale);

/*
 * The lock that every writer of the kernel's policy takes (flock(2) on the
 * smackfs directory), so that two of them never interleave; it belongs to
 * the process and nests.  SMACK_POLICY_LOCK_NOWAIT: fail with EBUSY instead
 * of waiting while another process holds it.
 */
#define SMACK_POLICY_LOCK_NOWAIT 0x1
int smack_policy_lock(int flags);
int smack_policy_unlock(void);

/*
 * The policy tree, /etc/smack (smack-config(5)), read into memory: rules
 * (accesses.d), CIPSO mappings (cipso.d), netlabel entries (netlabel.d),
 * the knob files (onlycap, ambient, ...: smack-knobs(5)), the label
 * specification (labels.d, smack-labels(5)), the invariants (assert.d)
 * and the users' labels (users, pam_smack(8)), each entry with the file,
 * line and column it was read from.  See smack_policy_new(3).
 */
struct smack_policy;

/* What a policy holds; also the kinds of its files. */
enum smack_policy_kind {
	SMACK_POLICY_RULE = 1,	/* accesses.d, smack-rules(5) */
	SMACK_POLICY_CIPSO,	/* cipso.d, smack-cipso(5) */
	SMACK_POLICY_NETLABEL,	/* netlabel.d, smack-netlabel(5) */
	SMACK_POLICY_KNOB,	/* onlycap, ambient, ...: smack-knobs(5) */
	SMACK_POLICY_LABELS,	/* labels.d, smack-labels(5) */
	SMACK_POLICY_ASSERT,	/* assert.d: invariants, smack-config(5) */
	SMACK_POLICY_USERS,	/* users: labels of sessions, pam_smack(8) */
};

/* Messages about the files: priority as syslog(3)'s (LOG_ERR for an
 * error, LOG_WARNING, LOG_INFO); line and column 0 when they do not
 * apply; file NULL for a message about no file. */
typedef void (*smack_policy_log_fn)(void *userdata, int priority,
				    const char *file, unsigned int line,
				    unsigned int column, const char *message);

int smack_policy_new(struct smack_policy **policy);
void smack_policy_free(struct smack_policy *policy);
void smack_policy_set_log_fn(struct smack_policy *policy,
			     smack_policy_log_fn fn, void *userdata);

/* Flags of the loaders. */
#define SMACK_POLICY_KEEP_GOING	0x1	/* a file with an error is left out
					 * whole, the others are kept; the
					 * call still fails (EINVAL) */
#define SMACK_POLICY_MISSING_OK	0x2	/* a path that does not exist is
					 * an empty part, not an error */
#define SMACK_POLICY_SYSTEMD	0x4	/* warn (LOG_WARNING) of the lines
					 * that systemd's own loader reads
					 * otherwise, once all was read */
#define SMACK_POLICY_COMMENTS	0x8	/* keep the comment lines, for
					 * smack_policy_foreach_comment() */

/* The whole tree: root (NULL or "/" for none) and dir (NULL: the
 * configured <sysconfdir>/smack).  All or nothing unless KEEP_GOING: on
 * error the policy holds nothing of this call.  A default tree that does
 * not exist is an empty policy. */
int smack_policy_load(struct smack_policy *policy, const char *root,
		      const char *dir, unsigned int flags);
/* One part: a file, or a directory of files read in name order, of one
 * kind; for SMACK_POLICY_KNOB the file's name names the knob.  fd: the
 * open file named name ("-" for standard input, say). */
int smack_policy_add_path(struct smack_policy *policy, int kind,
			  const char *path, unsigned int flags);
int smack_policy_add_fd(struct smack_policy *policy, int kind, int fd,
			const char *name, unsigned int flags);
/* A knob's value given as text, on one line (a command line's words
 * joined by blanks: "a b", "-" for an empty list, "3" or "denied"), as a
 * KNOB entry of no file; messages (file NULL) name the knob. */
int smack_policy_add_knob(struct smack_policy *policy, const char *knob,
			  const char *value);
/* The tree's directory as smack_policy_load() read it (root included),
 * or NULL. */
const char *smack_policy_dir(const struct smack_policy *policy);

/* One entry of a policy, with where it was read.  The library fills it;
 * fields a kind does not use are NULL or 0, and the strings are valid as
 * long as the policy (access, deny and host: during the call that gives
 * them).  Later versions may add fields at the end: never allocate one
 * yourself. */
struct smack_policy_entry {
	int kind;
	const char *file;
	unsigned int line, column;
	const char *subject, *object;	/* RULE; ASSERT: the patterns */
	const char *access;		/* RULE: letters, or "-"; ASSERT */
	const char *deny;		/* RULE: of a 4-field rule; else NULL */
	const char *label;		/* CIPSO, NETLABEL, KNOB of one label */
	int level;			/* CIPSO */
	const int *categories;		/* CIPSO, ascending */
	int ncategories;
	const char *host;		/* NETLABEL, as the kernel lists it */
	const char *knob;		/* KNOB: its name */
	const char *value;		/* KNOB: as the kernel's file takes
					 * it ("a b", "-" for an empty list,
					 * "3"); ASSERT: "never", "always" */
	const char *pattern;		/* LABELS: the regular expression */
	char file_type;			/* LABELS: '-', 'd', 'l', 'c', 'b', 'p',
					 * 's', or 0 for any */
	unsigned int flags;		/* LABELS: SMACK_LABELS_* */
	const char *access_label, *execute_label, *mmap_label; /* LABELS */
	const char *user;		/* USERS: "NAME", "@GROUP" or "*"
					 * (label: as written, "-" included) */
};
#define SMACK_LABELS_TRANSMUTE	0x1
#define SMACK_LABELS_NONE	0x2	/* <<none>>: leave matching files */

typedef int (*smack_policy_fn)(void *userdata,
			       const struct smack_policy_entry *entry);
/* fn for each entry of kind (0: every kind) in the order read, until it
 * returns non-zero (returned). */
int smack_policy_foreach(const struct smack_policy *policy, int kind,
			 smack_policy_fn fn, void *userdata);
size_t smack_policy_count(const struct smack_policy *policy, int kind);
/* Each rule entry that names the pair, in order. */
int smack_policy_foreach_pair(const struct smack_policy *policy,
			      const char *subject, const char *object,
			      smack_policy_fn fn, void *userdata);

/* The comment lines of the files read with SMACK_POLICY_COMMENTS, in
 * the order read: text from the line's '#' or ';' to its end (no line
 * end), at column.  fn until it returns non-zero (returned). */
typedef int (*smack_policy_comment_fn)(void *userdata, const char *file,
				       unsigned int line, unsigned int column,
				       const char *text);
int smack_policy_foreach_comment(const struct smack_policy *policy,
				 smack_policy_comment_fn fn, void *userdata);

/* Why the policy alone allows or denies an access, the built-in rules
 * applied as the kernel applies them. */
enum smack_policy_reason {
	SMACK_REASON_RULE = 1,		/* the pair's rules decide */
	SMACK_REASON_NO_RULE,		/* no rule names the pair */
	SMACK_REASON_STAR_SUBJECT,	/* subject "*": never allowed */
	SMACK_REASON_WEB,		/* "@" on either side: allowed */
	SMACK_REASON_STAR_OBJECT,	/* object "*": allowed */
	SMACK_REASON_SAME_LABEL,	/* allowed */
	SMACK_REASON_FLOOR_OBJECT,	/* object "_", only r, x or l asked */
	SMACK_REASON_HAT_SUBJECT,	/* subject "^", only r, x or l asked */
};
/* 1 allowed, 0 denied, -1 with errno (EINVAL: a bad label or access
 * string), as smack_have_access() answers for the kernel. */
int smack_policy_have_access(const struct smack_policy *policy,
			     const char *subject, const char *object,
			     const char *access, int *reason,
			     unsigned int *granted);

/* labels.d: the entry that decides the attributes of path (absolute) of
 * type mode (S_IF*): 1 and *entry filled, 0 when no line matches. */
int smack_policy_match_path(const struct smack_policy *policy,
			    const char *path, mode_t mode,
			    struct smack_policy_entry *entry);

/* assert.d: fn for each pair of labels that breaks an invariant, with
 * the letters it gets (never) or lacks (always) for one reason (enum
 * smack_policy_reason), and the rule that grants them (never) or the
 * pair's last rule (always); rule NULL when a built-in rule or no rule
 * decides.  Returns how many times fn was called (0: every invariant
 * holds), or -1 with errno; fn returning non-zero, or a NULL fn, stops
 * the check at that break. */
typedef int (*smack_policy_broken_fn)(
	void *userdata, const struct smack_policy_entry *invariant,
	const char *subject, const char *object, const char *access,
	int reason, const struct smack_policy_entry *rule);
int smack_policy_check_asserts(const struct smack_policy *policy,
			       smack_policy_broken_fn fn, void *userdata);

/* users: the label the first entry that names user gives its session,
 * %u replaced by the name: 1 with *label (malloc'ed; NULL for an entry
 * "-", which leaves the label as it is) and *entry (if not NULL) the
 * entry, 0 when no entry names the user.  groups: the names of the
 * groups the user is in, for the @GROUP entries, or NULL when they are
 * not known; the library asks no user or group database.  -1 with errno
 * EINVAL, and *entry the entry at fault with a message through the log
 * function, when the label with %u replaced is not valid or an @GROUP
 * entry is reached with groups NULL; ENOMEM. */
int smack_policy_user_label(const struct smack_policy *policy,
			    const char *user, const char *const *groups,
			    size_t ngroups, char **label,
			    struct smack_policy_entry *entry);

/* Flags of smack_knob_set() and of the plan (smack_policy_plan_new). */
#define SMACK_PLAN_CLEAR	0x1	/* take every rule away, write
					 * nothing else */
#define SMACK_PLAN_FORCE	0x2	/* allow an onlycap list that leaves
					 * out the caller's label */
#define SMACK_KNOB_CHECK_ONLY	0x20	/* smack_knob_set(): check the value
					 * and the onlycap guard, write
					 * nothing */

/* The knobs of smack-knobs(5), by name: smack_knob_name(i) for i = 0,
 * 1, ... until NULL.  Values are text as a knob file holds them (numbers
 * or their names, labels separated by blanks, "-" for an empty onlycap
 * list); smack_knob_get() gives the kernel's in that form. */
const char *smack_knob_name(unsigned int index);
/* What the knob holds (SMACK_KNOB_*), and for a number the names of its
 * values from 0 on (NULL-terminated; NULL when they have none). */
#define SMACK_KNOB_NUMBER	1
#define SMACK_KNOB_LABEL	2
#define SMACK_KNOB_LIST		3
int smack_knob_info(const char *name, int *kind, const char *const **words);
int smack_knob_get(const char *name, char **value);
int smack_knob_check(const char *name, const char *value);
int smack_knob_set(const char *name, const char *value, unsigned int flags);

/*
 * The plan: what to write to bring the kernel to a policy (rules, CIPSO
 * mappings, netlabel entries when the policy has netlabel.d, the knobs it
 * sets, onlycap last), computed from the kernel's state and written with
 * rollback.  See smack_policy_plan_new(3).  Flags of
 * smack_policy_plan_new(): SMACK_PLAN_CLEAR, SMACK_PLAN_FORCE and
 */
#define SMACK_PLAN_KEEP_GOING	0x4	/* leave out (a warning) a knob the
					 * kernel lacks or the onlycap guard
					 * refuses, rather than fail */
#define SMACK_PLAN_COMPARE	0x8	/* only to count what differs: rules
					 * compared even in a kernel without
					 * any, no label made for a mapping */
/* Flags of smack_policy_plan_apply(). */
#define SMACK_PLAN_ALL_LABELS	0x10	/* name every label a failed apply
					 * leaves, not only the first eight */
struct smack_policy_plan;

/* One write of a plan, or (SMACK_STEP_SKIPPED) what it leaves out.
 * Strings are valid during the call that gives them. */
struct smack_plan_step {
	int kind;			/* SMACK_POLICY_RULE, _CIPSO,
					 * _NETLABEL, _KNOB */
	unsigned int flags;		/* SMACK_STEP_* */
	const char *subject, *object;	/* RULE */
	const char *access, *deny;	/* RULE: letters or "-"; deny NULL */
	const char *label;		/* CIPSO, NETLABEL */
	int level;			/* CIPSO */
	const int *categories;
	int ncategories;
	const char *host;		/* NETLABEL, as the kernel lists it */
	const char *knob;		/* KNOB: its name */
	const char *value, *old_value;	/* KNOB: to write, and the kernel's */
};
#define SMACK_STEP_NO_UNDO	0x1	/* a new IPv4 netlabel entry: the
					 * kernel cannot delete it */
#define SMACK_STEP_SKIPPED	0x2	/* not written: an IPv4 entry the
					 * policy lacks (the kernel cannot
					 * delete it), a knob left out */
/* What a failed smack_policy_plan_apply() left in the kernel. */
enum smack_plan_rollback {
	SMACK_ROLLBACK_DONE = 0,	/* the policy it had before */
	SMACK_ROLLBACK_LABELS,		/* the same, but for the labels it
					 * learned (it never forgets one) */
	SMACK_ROLLBACK_PARTIAL,		/* not all could be put back */
};
typedef int (*smack_plan_step_fn)(void *userdata,
				  const struct smack_plan_step *step);
int smack_policy_plan_new(const struct smack_policy *policy,
			  unsigned int flags, struct smack_policy_plan **plan);
void smack_policy_plan_free(struct smack_policy_plan *plan);
/* fn for each step in the order written, then the skipped ones, until it
 * returns non-zero (returned). */
int smack_policy_plan_foreach(const struct smack_policy_plan *plan,
			      smack_plan_step_fn fn, void *userdata);
/* The writes of kind (0: all), skipped steps not counted. */
size_t smack_policy_plan_count(const struct smack_policy_plan *plan,
			       int kind);
int smack_policy_plan_apply(struct smack_policy_plan *plan,
			    unsigned int flags, int *rollback);

#ifdef __cplusplus
}
#endif

#endif /* _SYS_SMACK_H */
