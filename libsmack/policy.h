/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * policy.h - inside struct smack_policy, shared by policy-load.c (reading
 * the tree, the files of each kind, all or nothing), policy-kinds.c (what
 * each kind of file holds), labels-spec.c (labels.d), policy-assert.c
 * (assert.d), policy-users.c (the users file), policy-query.c (the
 * entries, pairs and access questions) and policy-systemd.c (what
 * systemd's own loader would read otherwise).
 *
 * Each kind keeps its entries in its own set, in the order read: rules in
 * a struct smack_accesses (a few bytes a rule), CIPSO mappings and
 * netlabel entries in theirs, knob values, label specification lines,
 * invariants and users' entries in records.  Where an entry came from is a table of files, each with
 * the index of its first entry in its kind's set, and the runs of
 * parse.h: a few bytes a file, whatever its size.  Adding a kind is an
 * entry of policy_kinds[], a set and a parser.
 */
#ifndef LIBSMACK_POLICY_H
#define LIBSMACK_POLICY_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "knob.h"
#include "parse.h"
#include "records.h"
#include "sys/smack.h"

/* The kinds are 1 .. POLICY_KINDS - 1. */
#define POLICY_KINDS (SMACK_POLICY_USERS + 1)

struct policy_file {
	char *name;		/* as read: the tree's path and the file's */
	int kind;
	size_t first, count;	/* its entries in its kind's set */
	size_t run, runs;	/* its runs in origins.runs */
};

/* A knob's value from its file. */
struct knob_entry {
	enum knob_id id;
	struct knob_value value;
	char *text;		/* value as text, for the entries */
	unsigned int line, column;	/* of its first word */
};

/* A line of labels.d (smack-labels(5)). */
struct labels_rule {
	regex_t regex;		/* the pattern, anchored at both ends */
	char *pattern;		/* as written */
	char file_type;		/* as the entry has it */
	mode_t type;		/* S_IF*, 0 for any */
	unsigned int flags;	/* SMACK_LABELS_* */
	char *label[3];		/* access, execute, mmap; NULL if not given */
};

struct pair_map;

struct smack_policy {
	smack_policy_log_fn log;
	void *log_data;
	char *dir;
	bool has_netlabel;	/* the tree owns the kernel's netlabel
				 * entries */
	struct smack_accesses *rules;
	struct smack_cipso *cipso;
	struct smack_netlabel *netlabel;
	struct records knobs;	/* of struct knob_entry */
	struct records labels;	/* of struct labels_rule *, which the regex
				 * keeps in place */
	struct records asserts;	/* of policy-assert.c's invariants */
	struct records users;	/* of policy-users.c's entries */
	struct records files;	/* of struct policy_file */
	struct records comments;	/* of struct policy_comment, kept
					 * with SMACK_POLICY_COMMENTS */
	struct parse_origins origins;
	struct pair_map *pairs;	/* the rules' pairs, made by the first
				 * question that needs them */
};

/* How far a policy was, to go back there when a file or a call fails. */
struct policy_mark {
	size_t count[POLICY_KINDS];
	uint32_t rule_labels;
	size_t files, runs, comments;
	bool has_netlabel;
};

/* What the loader and the questions need of a kind. */
struct policy_kind {
	const char *part;	/* its place in the tree; NULL for the knobs,
				 * a file each */
	bool one_a_line;	/* each line an entry: its origins are runs */
	/* Adds the entries of one file; errors through ctx.  0, or -1 with
	 * errno (the caller goes back to its mark). */
	int (*parse)(struct smack_policy *p, int fd, struct parse_ctx *ctx);
	size_t (*count)(const struct smack_policy *p);
	void (*truncate)(struct smack_policy *p, const struct policy_mark *m);
	/* The fields of entry i of the kind's set, every one the kind has
	 * (the entry may hold the previous one); buf has room for a
	 * host. */
	void (*fill)(const struct smack_policy *p, size_t i,
		     struct smack_policy_entry *e, char *buf);
};

/* Indexed by kind; policy_kinds[0] is no kind. */
extern const struct policy_kind policy_kinds[POLICY_KINDS];
/* The room fill() needs in buf. */
#define POLICY_ENTRY_BUF 64

/* labels-spec.c: the parser and the fields of labels.d lines. */
int labels_parse_fd(struct smack_policy *p, int fd, struct parse_ctx *ctx);
size_t labels_count(const struct smack_policy *p);
void labels_truncate(struct smack_policy *p, const struct policy_mark *m);
void labels_fill(const struct smack_policy *p, size_t i,
		 struct smack_policy_entry *e, char *buf);

/* policy-assert.c: the parser and the fields of assert.d lines. */
int asserts_parse_fd(struct smack_policy *p, int fd, struct parse_ctx *ctx);
size_t asserts_count(const struct smack_policy *p);
void asserts_truncate(struct smack_policy *p, const struct policy_mark *m);
void asserts_fill(const struct smack_policy *p, size_t i,
		  struct smack_policy_entry *e, char *buf);

/* policy-users.c: the parser and the fields of the users file. */
int users_parse_fd(struct smack_policy *p, int fd, struct parse_ctx *ctx);
size_t users_count(const struct smack_policy *p);
void users_truncate(struct smack_policy *p, const struct policy_mark *m);
void users_fill(const struct smack_policy *p, size_t i,
		struct smack_policy_entry *e, char *buf);

/* policy-load.c */
void policy_mark(const struct smack_policy *p, struct policy_mark *m);
void policy_truncate(struct smack_policy *p, const struct policy_mark *m);
/* Sends a message to the policy's log function (printf style). */
void policy_log(const struct smack_policy *p, int priority, const char *file,
		unsigned int line, unsigned int column, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* An element of a set of records of the given size. */
#define RECORD(set, type, i) (((type *)(set)->items)[i])

/* policy-query.c: forgets the pairs, when the rules change. */
void policy_forget_pairs(struct smack_policy *p);
/* Entry i of kind, with where it came from. */
void policy_entry(const struct smack_policy *p, int kind, size_t i,
		  struct smack_policy_entry *e, char *buf);

/* A comment line of a file (SMACK_POLICY_COMMENTS). */
struct policy_comment {
	size_t file;		/* its index in files */
	unsigned int line, column;
	char *text;		/* from its '#' or ';' on */
};

/* policy-comments.c: a parse_comment_fn keeping the comments of the file
 * that the policy's table of files enters next; going back to a mark. */
int policy_note_comment(void *policy, const struct parse_line *line,
			unsigned int column);
void policy_truncate_comments(struct smack_policy *p, size_t count);

/* policy-systemd.c: warns of the lines of the files read since mark that
 * systemd's own loader reads otherwise (SMACK_POLICY_SYSTEMD). */
void policy_warn_systemd(const struct smack_policy *p,
			 const struct policy_mark *since);

#endif /* LIBSMACK_POLICY_H */
