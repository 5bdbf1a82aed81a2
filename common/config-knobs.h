/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one-value kernel knobs of Smack (onlycap, ambient, logging, ptrace,
 * ...) as smackctl sees them: one table saying what each knob holds, how
 * its value is written in a configuration file or on the command line, and
 * how it is read from and written to the kernel through libsmack.
 */
#ifndef SMACK_CONFIG_KNOBS_H
#define SMACK_CONFIG_KNOBS_H

#include <stdbool.h>
#include <stddef.h>

#include <sys/smack.h>

/* The library has its own knob table (libsmack/knob.h) until the tools
 * read the tree through it; the tools' copy keeps its own names. */
#define knob_get config_knob_get
#define knob_find config_knob_find
#define knob_value_clear config_knob_value_clear
#define knob_value_equal config_knob_value_equal
#define knob_value_copy config_knob_value_copy
#define knob_write_max config_knob_write_max
#define knob_value_bytes config_knob_value_bytes
#define knob_value_format config_knob_value_format
#define knob_read_kernel config_knob_read_kernel
#define knob_write_kernel config_knob_write_kernel
#define knob_onlycap_locks_out config_knob_onlycap_locks_out

/* In the order they are shown; onlycap is always written last. */
enum knob_id {
	KNOB_ONLYCAP,
	KNOB_AMBIENT,
	KNOB_LOGGING,
	KNOB_PTRACE,
	KNOB_SYSLOG,
	KNOB_UNCONFINED,
	KNOB_DOI,
	KNOB_DIRECT,
	KNOB_MAPPED,
	KNOB_COUNT
};

enum knob_kind {
	KNOB_LABEL,		/* one label */
	KNOB_LIST,		/* any number of labels, possibly none */
	KNOB_NUMBER,		/* a number in [min, max], or one of words */
};

struct knob {
	const char *name;	/* also the name of its file in the tree */
	enum knob_kind kind;
	long long min, max;
	const char *const *words;	/* words[i] names the number i */
	const char *summary;	/* one line for --help and messages */
};

/* A value of a knob: labels for KNOB_LABEL (exactly one) and KNOB_LIST,
 * number otherwise.  labels is NULL-terminated, or NULL when count is 0. */
struct knob_value {
	bool set;
	long long number;
	char **labels;
	size_t count;
};

const struct knob *knob_get(enum knob_id id);
/* The knob called name, or NULL. */
const struct knob *knob_find(const char *name, enum knob_id *id);

void knob_value_clear(struct knob_value *v);
bool knob_value_equal(const struct knob *k, const struct knob_value *a,
		      const struct knob_value *b);
/* Deep copy; false (dst cleared) when out of memory. */
bool knob_value_copy(struct knob_value *dst, const struct knob_value *src);

/*
 * Adds one word of text (len bytes) to v: a label (checked) or a number
 * or its name.  Returns NULL on success, else a static English reason,
 * such as "is not a number from 0 to 3"; *label_reason then tells why a
 * label was refused (NULL for other reasons).  A single-value knob given a
 * second word fails with "takes a single value".
 */
const char *knob_add_word(const struct knob *k, struct knob_value *v,
			  const char *text, size_t len,
			  const char **label_reason);
/* Out of memory is the one failure knob_add_word() reports this way. */
extern const char knob_out_of_memory[];

/*
 * The kernel takes a value in one write of at most a page (4096 bytes on
 * most systems; this system's page size): a list (onlycap) longer than
 * that is refused whole.  knob_value_bytes() is the length of the write
 * a value makes, knob_value_fits() whether the kernel takes it.
 */
size_t knob_write_max(void);
size_t knob_value_bytes(const struct knob_value *v);
bool knob_value_fits(const struct knob *k, const struct knob_value *v);

/* Quotes a word for a message: bytes outside printable ASCII as \xHH, so
 * that it stays on one line, cut after 64 bytes.  Returns buf. */
#define CONFIG_QUOTE_SIZE (64 * 4 + 8)
const char *config_quote(char buf[CONFIG_QUOTE_SIZE], const char *s,
			 size_t len);

/*
 * The words of the command line ("-" alone clears onlycap).  Returns 0,
 * or -1 after printing why the value is wrong (as "knob NAME: ..."),
 * which includes a list too long for the kernel.
 */
int knob_parse_args(const struct knob *k, struct knob_value *v,
		    char *const *words, size_t n);

/*
 * Reads the kernel's value.  Returns 0, or -1 with errno (ENOENT when this
 * kernel has no such knob).
 */
int knob_read_kernel(enum knob_id id, struct knob_value *v);
/* Writes v to the kernel; -1 with errno on a refusal. */
int knob_write_kernel(enum knob_id id, const struct knob_value *v);

/*
 * The value as text, as the command line takes it: labels separated by
 * spaces ("-" for an empty list) or the number.  Returns a malloc'ed
 * string or NULL when out of memory.
 */
char *knob_value_format(const struct knob *k, const struct knob_value *v);

/*
 * The onlycap guard.  A non-empty onlycap list without the label of the
 * process that writes it takes CAP_MAC_ADMIN away from that process and
 * from every other one without a listed label: nobody can undo it until
 * reboot.  Returns true when writing list would do that to the calling
 * process; *self is then its label (malloc'ed, or NULL when it could not
 * be read, which counts as unsafe too).
 */
bool knob_onlycap_locks_out(const struct knob_value *list, char **self);

/* The guard as the tools apply it: -1 after saying why, when list would
 * lock the caller out and force is false; 0 otherwise. */
int knob_guard_onlycap(const struct knob_value *list, bool force);

#endif /* SMACK_CONFIG_KNOBS_H */
