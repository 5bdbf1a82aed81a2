/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * smackaudit: the pieces of the tool and what they share.
 *
 *   smackaudit-record.c   one line of a log -> one record (no I/O)
 *   smackaudit-span.c     markers of the lines that matter; decoding values
 *   smackaudit-time.c     the times of records and of --since/--until
 *   smackaudit-read.c     files, standard input, /dev/kmsg, --follow
 *   smackaudit-table.c    records -> entries (subject, object, letters)
 *   smackaudit-explain.c  why the running kernel denies an entry now,
 *                         and which letters the kernel will ask next
 *   smackaudit-tree.c     what the policy tree (/etc/smack) says of it
 *   smackaudit-report.c   the default report (text or JSON)
 *   smackaudit-rules.c    --rules and --modify (text or JSON)
 *   smackaudit-print.c    times, in text and JSON
 *   smackaudit.c          options and main
 */
#ifndef SMACKAUDIT_H
#define SMACKAUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A record's time in milliseconds since the epoch, or this when the line
 * gives none (journalctl's short format, the bring-up lines). */
#define AUDIT_TIME_UNKNOWN INT64_MIN

/* The longest label the kernel has (SMK_LONGLABEL less its NUL). */
#define AUDIT_LABEL_MAX 255

/* The details a record may carry beyond subject, object and comm. */
#define AUDIT_DETAILS_MAX 8

/* A piece of the line; how it is written there. */
enum audit_encoding {
	AUDIT_BARE,		/* as is: numbers, addresses, fn names */
	AUDIT_QUOTED,		/* between double quotes */
	AUDIT_HEX,		/* audit's hex of a string with odd bytes */
};

struct audit_span {
	const char *at;
	size_t len;
	enum audit_encoding enc;
};

struct audit_detail {
	struct audit_span key, value;
};

/*
 * The ways one access reaches a log, each at most once: the kernel's
 * audit record (printed to the kernel log when no auditd takes it, or
 * written by auditd), journald's own copy of it from the audit socket
 * (a journal with the kernel log holds both), and a bring-up kernel's
 * line of the hook.  An entry counts the most of any one way.
 */
enum audit_channel {
	AUDIT_CHANNEL_RECORD,
	AUDIT_CHANNEL_JOURNALD,
	AUDIT_CHANNEL_HOOK,
	AUDIT_CHANNELS
};

/* What the kernel did, as the record says. */
enum audit_verdict {
	AUDIT_DENIED,
	AUDIT_GRANTED,
	AUDIT_BRINGUP,		/* granted by a rule with "b" (bring-up) */
	AUDIT_UNCONFINED,	/* granted because of the unconfined label */
};

/*
 * One Smack record.  Spans point into the line it was read from; labels
 * are decoded (they are short and needed for every record), the rest only
 * when printed.
 */
struct audit_record {
	int64_t time_ms;
	enum audit_verdict verdict;
	unsigned int access;		/* SMACK_ACCESS_* letters asked for */
	bool labels_differ;		/* ptrace's same-label check, no letters */
	bool kmsg_escapes;		/* /dev/kmsg's \xNN escapes in the line */
	enum audit_channel channel;
	struct audit_span fn, comm, pid;
	char subject[AUDIT_LABEL_MAX + 1], object[AUDIT_LABEL_MAX + 1];
	size_t subject_len, object_len;
	struct audit_detail details[AUDIT_DETAILS_MAX];
	size_t ndetails;
};

/* What a line is. */
enum audit_line {
	AUDIT_LINE_OTHER,	/* not a Smack record: skipped */
	AUDIT_LINE_RECORD,	/* a record, in *record */
	AUDIT_LINE_LOST,	/* the log says it dropped *lost records */
	AUDIT_LINE_BAD,		/* a Smack record cut short or malformed */
};

/* Every line that is more than AUDIT_LINE_OTHER holds one of these: a
 * reader may pass over a line that holds none without parsing it
 * (smackaudit-span.c).  What starts a record (followed by a space), a
 * bring-up line, and the log's count of records it dropped. */
#define AUDIT_MARKER_RECORD "lsm=SMACK"
#define AUDIT_MARKER_BRINGUP "Smack "
#define AUDIT_MARKER_LOST "kauditd_printk_skb: "
#define AUDIT_MARKERS 3
extern const char audit_markers[AUDIT_MARKERS][24];
/* Where marker which first stands in [p, end), or NULL. */
const char *audit_find_marker(const char *p, const char *end,
			      unsigned int which);
/* Whether a marker other than the record's stands in [p, end). */
bool audit_has_other_marker(const char *p, const char *end);

/* Reads one line (without its newline).  first: where the line's first
 * audit_markers[0] stands, when the caller found it, or NULL.  For
 * AUDIT_LINE_BAD, *why is a static phrase saying what is wrong. */
enum audit_line audit_parse_line(const char *line, size_t len,
				 const char *first, struct audit_record *record,
				 unsigned long *lost, const char **why);

/* Upper-case hex, two digits a byte, as audit writes an odd string. */
bool audit_span_is_hex(const struct audit_span *span);

/* Decodes a span into out (size bytes at least span->len + 1: no form
 * grows); returns the decoded length, which is what ends the bytes: a NUL
 * may be among them (hex 00, \x00), and one follows them.  kmsg: undo
 * /dev/kmsg's escapes. */
size_t audit_span_decode(const struct audit_span *span, bool kmsg,
			 char *out);

/* The time of a line whose record starts at rec (smackaudit-time.c). */
int64_t audit_line_time(const char *line, const char *rec);

/* Parses "TIME" of --since/--until: "@SECONDS", "YYYY-MM-DD[ HH:MM[:SS]]"
 * (local time), "now", "today" or "yesterday".  False when it is none. */
bool audit_parse_time(const char *text, int64_t *ms);

/* ---- the table of entries (smackaudit-table.c) */

/* An entry keeps this many examples of its records. */
#define AUDIT_EXAMPLES 3

/* Bytes decoded from a record: any byte, a NUL too, so never a C string
 * (a NUL would cut it short, and a crafted log could fake a field). */
struct audit_bytes {
	const char *at;
	size_t len;
};

/* comm, fn and the details as decoded, each with its length; details:
 * each key, then its value, as a size_t length and then its bytes
 * (read them with audit_example_detail()). */
struct audit_example {
	char *comm, *fn, *details;
	size_t comm_len, fn_len, details_len;
	long pid;
	int64_t time_ms;
};

/* The next key and value of x's details from *pos on (start at 0);
 * false after the last. */
bool audit_example_detail(const struct audit_example *x, size_t *pos,
			  struct audit_bytes *key, struct audit_bytes *value);

/* What every record of the entry touches comes first, its labels right
 * after it in the same allocation (label_bytes), the examples apart: a
 * record of a known entry reads two cache lines. */
struct audit_entry {
	unsigned int access;
	bool labels_differ;
	enum audit_verdict verdict;
	size_t subject_len, object_len;
	unsigned long count;		/* the most of channels[] */
	unsigned long channels[AUDIT_CHANNELS];
	int64_t first_ms, last_ms;
	uint64_t functions;		/* bits of audit_function_index() */
	unsigned int last_function;	/* of the last record */
	size_t nexamples;
	struct audit_example *examples;	/* AUDIT_EXAMPLES of them */
	const char *subject, *object;	/* in label_bytes */
	char label_bytes[];
};

struct audit_table;

struct audit_table *audit_table_new(void);
void audit_table_free(struct audit_table *table);
/* Counts a record into its entry (e->count grows by one, or by nothing
 * for an access counted already); returns the entry, or NULL with errno
 * EINVAL when its subject or object is no valid label, ENOMEM when
 * memory ran out.  *is_new: the record made a new entry. */
struct audit_entry *audit_table_add(struct audit_table *table,
				    const struct audit_record *record,
				    bool *is_new);
size_t audit_table_count(const struct audit_table *table);
/* The sum of the entries' counts. */
unsigned long audit_table_accesses(const struct audit_table *table);
/* The entries, most records first (then by subject, object, letters);
 * valid until the next add.  NULL when memory ran out. */
struct audit_entry **audit_table_sorted(struct audit_table *table);

/* ---- what the kernel asks, and why it denies (smackaudit-explain.c) */

/* A bit a known hook function (63: any other); names of the bits. */
unsigned int audit_function_index(const char *fn, size_t len);
/* Whether fn is the function of that index (quicker than the search). */
bool audit_function_is(unsigned int index, const char *fn, size_t len);
const char *audit_function_name(unsigned int index);

struct audit_kernel;

/* Reads what explanations need from the running kernel; NULL when Smack
 * is not active here (or ask is false). */
struct audit_kernel *audit_kernel_open(bool ask);
void audit_kernel_free(struct audit_kernel *kernel);

enum audit_why {
	AUDIT_WHY_NOT_ASKED,	/* the kernel was not asked */
	AUDIT_WHY_ALLOWED_NOW,	/* the policy allows it now */
	AUDIT_WHY_STAR_SUBJECT,	/* subject '*' may access nothing */
	AUDIT_WHY_PTRACE_RULE,	/* ptrace exact/draconian: labels differ */
	AUDIT_WHY_NO_RULE,	/* no rule for the pair */
	AUDIT_WHY_RULE_LACKS,	/* the pair's rule lacks letters */
	AUDIT_WHY_DRIFT,	/* access2 disagrees with load2 as read */
};

/* How the running kernel and the tree disagree on an entry. */
enum audit_drift {
	AUDIT_DRIFT_NONE,
	AUDIT_DRIFT_TREE_ALLOWS,	/* the tree allows, the kernel denies */
	AUDIT_DRIFT_KERNEL_ALLOWS,	/* the kernel allows, the tree denies */
	AUDIT_DRIFT_RULE,		/* same answer, the pair's rules differ */
};

struct cli_rule_line;

/* What the policy tree says of an access (smackaudit-tree.c). */
struct audit_tree_view {
	bool asked;			/* a tree was read and asked */
	int allowed;			/* its answer, 1 or 0 */
	int reason;			/* enum smack_policy_reason */
	unsigned int granted;		/* what the pair's rules leave */
	struct cli_rule_line *lines;	/* the lines that decide the pair */
	size_t nlines;			/* 0: no rule of the tree names it */
};

struct audit_explanation {
	enum audit_why why;
	unsigned int have;		/* the pair's rule now (load2) */
	bool has_rule;
	int kernel_allowed;		/* access2's answer; -1: not asked */
	unsigned int missing;		/* letters the kernel denies now */
	const char *builtin;		/* a built-in rule that decides, or NULL */
	char *text;			/* the sentence (malloc'ed) */
	char *notes;			/* more, one a line, or NULL */
	struct audit_tree_view tree;	/* filled by audit_tree_explain() */
	enum audit_drift drift;
};

/* Explains an entry by the running kernel; false when memory ran out. */
bool audit_explain(struct audit_kernel *kernel,
		   const struct audit_entry *entry,
		   struct audit_explanation *out);
void audit_explanation_release(struct audit_explanation *e);

/* Letters the kernel asks next, once an entry's are granted. */
struct audit_next {
	unsigned int letters;
	bool reverse;		/* of the reversed pair (object subject) */
	const char *why;	/* a static sentence */
};

/* The next of them from *i on (start at 0); false when there are no
 * more.  rule: the letters the pair's rule will have (its t matters).
 * There are AUDIT_NEXT_MAX at most. */
#define AUDIT_NEXT_MAX 4
bool audit_next(const struct audit_entry *entry, unsigned int rule,
		size_t *i, struct audit_next *out);

/* The letters of the pair's rule in the kernel now; false when it has
 * none (or the kernel was not asked). */
bool audit_kernel_rule(const struct audit_kernel *kernel,
		       const char *subject, const char *object,
		       unsigned int *access);
/* access2's answer for the letters: 1, 0, or -1 when not asked. */
int audit_kernel_allows(const struct audit_kernel *kernel,
			const char *subject, const char *object,
			unsigned int access);

/* ---- the policy tree (smackaudit-tree.c) */

struct smack_policy;

/* The tree of --config-dir (dir, or NULL), else of $SMACK_CONFIG_DIR,
 * else the configured /etc/smack; NULL when no tree was named and the
 * default one does not exist.  Its files with errors are left out, each
 * error said on standard error and *errors set; a tree named that cannot
 * be read ends the program (status 1). */
struct smack_policy *audit_tree_open(const char *dir, bool *errors);
/* What tree (NULL: none) says of access of subject to object; false when
 * memory ran out.  out->asked is false without a tree. */
bool audit_tree_ask(const struct smack_policy *tree, const char *subject,
		    const char *object, unsigned int access,
		    struct audit_tree_view *out);
void audit_tree_release(struct audit_tree_view *view);
/* Adds to an explanation what the tree says, and how the running kernel
 * differs from it; false when memory ran out. */
bool audit_tree_explain(const struct smack_policy *tree,
			const struct audit_entry *entry,
			struct audit_explanation *why);
/* Letters a pair's rules leave, with the l that w brings. */
unsigned int audit_tree_may(unsigned int granted);

/* ---- output (smackaudit-print.c) */

/* "YYYY-MM-DD HH:MM:SS.mmm" in local time, or "unknown time". */
void audit_print_time(FILE *out, int64_t ms);
/* The time for JSON: a number of seconds, or null. */
void audit_print_json_time(FILE *out, int64_t ms);
/* The lines of the tree that decide a pair, "FILE:LINE, FILE:LINE",
 * escaped: a path of the tree may hold any byte a file name can.  JSON:
 * an array of {"file":...,"line":N}. */
void audit_print_lines(FILE *out, const struct audit_tree_view *view);
void audit_json_lines(const struct audit_tree_view *view);

/* ---- the report (smackaudit-report.c) */

enum audit_mode { AUDIT_REPORT, AUDIT_RULES, AUDIT_MODIFY };

struct audit_totals {
	unsigned long records, granted, bad, lost, filtered;
	unsigned long overwritten;	/* /dev/kmsg's records lost to us */
};

/* Writes the report of mode on stdout; false when memory ran out. */
bool audit_report(struct audit_table *table, struct audit_kernel *kernel,
		  const struct smack_policy *tree,
		  const struct audit_totals *totals, enum audit_mode mode,
		  bool json);
/* Writes one line for a new entry (--follow). */
void audit_report_live(const struct audit_entry *entry, bool json);

/* Pieces of the report that --rules shares. */
void audit_print_details(FILE *out, const struct audit_example *x,
			 bool first);
void audit_print_example(FILE *out, const struct audit_example *x);
void audit_print_totals(FILE *out, const struct audit_totals *t,
			const char *prefix);
void audit_json_string(const char *s);
void audit_json_example(const struct audit_example *x);
void audit_json_entry_head(const struct audit_entry *e);
void audit_json_totals(const struct audit_totals *t);

/* --rules and --modify (smackaudit-rules.c). */
bool audit_rules(struct audit_entry **entries, size_t n,
		 struct audit_kernel *kernel, const struct smack_policy *tree,
		 const struct audit_totals *totals, bool modify, bool json);

/* ---- reading (smackaudit-read.c) */

struct audit_filter {
	const char *subject, *object, *command;
	unsigned int access;		/* 0: any */
	int64_t since_ms, until_ms;
};

struct audit_reader {
	struct audit_table *table;
	struct audit_totals totals;
	struct audit_filter filter;
	bool follow, json;
	/* Records left out by --since or --until for want of a time, and
	 * the channels the records came by. */
	unsigned long untimed[AUDIT_CHANNELS];
	unsigned int channels_seen;
};

/* Reads a file ("-": standard input, NULL: the kernel log); false on an
 * error already reported. */
bool audit_read(struct audit_reader *reader, const char *path);
/* Whether records that may be no copy of another were left out by
 * --since or --until for want of a time. */
bool audit_read_untimed(const struct audit_reader *reader);
/* Stops --follow (from a signal handler). */
void audit_read_stop(void);

#endif /* SMACKAUDIT_H */
