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

#ifdef __cplusplus
}
#endif

#endif /* _SYS_SMACK_H */
