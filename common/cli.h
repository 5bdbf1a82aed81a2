/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers shared by the smack-utils command-line tools: messages prefixed
 * with the program name, --version, "try --help", a checked stdout, and
 * the escaping of what the tools print that came from outside, in text and
 * in JSON.
 */
#ifndef SMACK_CLI_H
#define SMACK_CLI_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/smack.h>

/* Exit codes common to the tools (each man page lists its own). */
#define EXIT_USAGE 2
/* --no-wait, and another process holds the lock of the policy's writers. */
#define EXIT_BUSY 3

#define CLI_NORETURN __attribute__((noreturn))
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))

/* Sets the program name used in messages, and gives each standard
 * descriptor that was closed a stand-in that can neither be read nor
 * written, so that no file the tool opens takes its place. */
void cli_init(const char *argv0);
const char *cli_name(void);
/* The tools' one way out: exit(status), or exit(cli_failure_status) with
 * a message when standard output could not be written.  A tool returns
 * from its main or calls this (or a function below that exits), never
 * exit() itself (tests/checks/stdout-errors.sh). */
void cli_exit(int status) CLI_NORETURN;
/* Standard output written in 64 KiB pieces when it is not a terminal, so
 * that a long listing or report costs few write()s; a terminal keeps its
 * line buffering.  Whether it is a terminal. */
bool cli_buffer_stdout(void);
/* EXIT_FAILURE, unless a tool's own failures have a status of their own
 * (smackrun's 125, since its command's status may be 1). */
extern int cli_failure_status;

/* How a message ends: CLI_ERRNO adds ": strerror(errno)"; CLI_EXIT then
 * exits (cli_exit()) with the status in the low byte of how, and CLI_HELP
 * does so after the line of cli_try_help(). */
#define CLI_ERRNO 0x100
#define CLI_EXIT 0x200
#define CLI_HELP (0x400 | CLI_EXIT)

/* "prog: message" on stderr, ended as how says, the message escaped as
 * cli_escape() does with nothing more: the paths, labels and lines it quotes
 * cannot break it into lines or drive the terminal.  Every kind of message
 * goes through this one function: a variadic function spills every
 * argument register in its prologue, so there is one such prologue. */
void cli_say(int how, const char *fmt, ...) CLI_PRINTF(2, 3);

/* When set, called by cli_say() before anything else: a tool that keeps
 * a status line on the terminal (chsmack --progress) takes it away there,
 * so that the message starts a line of its own. */
extern void (*cli_before_message)(void);

#define cli_warn(...) cli_say(0, __VA_ARGS__)
#define cli_warn_errno(...) cli_say(CLI_ERRNO, __VA_ARGS__)
/* A message, then exit(status): cli_say() that the compiler knows does not
 * return. */
#define cli_die(status, ...) \
	(cli_say((status) | CLI_EXIT, __VA_ARGS__), __builtin_unreachable())
#define cli_die_errno(status, ...) cli_die((status) | CLI_ERRNO, __VA_ARGS__)

/* A mistake on the command line: the message, then the line of
 * cli_try_help(), then exit(status). */
#define cli_die_usage(status, ...) cli_die((status) | CLI_HELP, __VA_ARGS__)

/* How a message names a failed write into smackfs (err: its errno): the
 * kernel's verdict on what was written, unless memory ran out, which may
 * be the program's own before the write as much as the kernel's. */
static inline const char *cli_write_failure(int err)
{
	return err == ENOMEM ? "memory ran out for" : "the kernel refused";
}

/*
 * Writes the len bytes of s to out with each byte that could end a line or
 * drive a terminal written as a backslash and three octal digits (a
 * newline as \012, ESC as \033): control characters, DEL, the C1
 * controls of UTF-8 (U+0080 to U+009F), every byte that is not part of
 * valid UTF-8, and the ASCII characters in also.  What a script splits
 * escapes CLI_ESCAPE_FIELD too, so that the text can be told from the
 * quotes around it and decoded back.
 */
#define CLI_ESCAPE_FIELD "\\\""
void cli_escape(FILE *out, const char *s, size_t len, const char *also);

/*
 * Writes the len bytes of s to out as a JSON string, quotes included: '"'
 * and '\\' as \" and \\, every other byte outside printable ASCII as
 * \u00XX of its value, valid UTF-8 too.  Whatever the bytes, the document
 * is valid JSON in ASCII, and each character of the decoded string is one
 * byte of s: encoded as ISO 8859-1 it gives s back.  Were valid UTF-8
 * written as characters, the two bytes of U+00E9 and a lone byte 0xe9
 * (which is not UTF-8) would decode alike.  In common/cli-json.c.
 */
void cli_json_string(FILE *out, const char *s, size_t len);

/* "Try 'prog --help' for more information." then exit(status). */
void cli_try_help(int status) CLI_NORETURN;
/* "prog (smack-utils) VERSION" on stdout, then exit(0). */
void cli_print_version(void) CLI_NORETURN;

/* A libsmack parse-error callback printing "FILE:LINE:COL: message" (the
 * column is left out when 0); userdata, if not NULL, is an int counter. */
/* A smack_policy_broken_fn (smack_policy_check_asserts(3)): the
 * invariant's FILE:LINE:COL, the pair, and the rule or built-in rule that
 * breaks it. */
int cli_policy_broken(void *userdata,
		      const struct smack_policy_entry *invariant,
		      const char *subject, const char *object,
		      const char *access, int reason,
		      const struct smack_policy_entry *rule);
void cli_parse_error(void *userdata, const char *file, unsigned int line,
		     unsigned int column, const char *message);
/* The environment variable that names another configuration tree. */
#define CLI_CONFIG_DIR_ENV "SMACK_CONFIG_DIR"
/* The tree to read: option (--config-dir) if not NULL, else
 * $SMACK_CONFIG_DIR if set and not empty, else the configured
 * <sysconfdir>/smack.  *explicit: the user named it. */
const char *cli_config_dir(const char *option, bool *explicit);

/* 'prog: the rule was "S O A"' for the rule at index (from 0) of rules,
 * in the order they were added (after a kernel refusal).  Inline, so that
 * the tools that do not load rules need not link what it calls. */
struct cli_nth_rule {
	size_t wanted, seen;
};

static inline int cli_warn_nth_rule(void *data, const char *subject,
				    const char *object, const char *access,
				    const char *deny)
{
	struct cli_nth_rule *n = (struct cli_nth_rule *)data;

	if (n->seen++ < n->wanted)
		return 0;
	cli_warn("the rule was \"%s %s %s%s%s\"", subject, object, access,
		 deny ? " " : "", deny ? deny : "");
	return 1;
}

static inline void cli_warn_rule(const struct smack_accesses *rules,
				 size_t index)
{
	struct cli_nth_rule n = { index, 0 };
	int saved = errno;

	smack_accesses_foreach(rules, cli_warn_nth_rule, &n);
	errno = saved;
}

/* A line of a policy tree: the file as the policy read it, and its line. */
struct cli_rule_line {
	const char *file;	/* the policy's: valid as long as it */
	unsigned int line;
};

/* The lines of policy that decide the pair subject object: its last
 * three-field rule and the four-field rules after it, in the order read,
 * in *lines (malloc'ed; NULL and *count 0 when no rule names the pair).
 * 0, or -1 with errno (ENOMEM).  In common/cli-pair.c. */
int cli_pair_lines(const struct smack_policy *policy, const char *subject,
		   const char *object, struct cli_rule_line **lines,
		   size_t *count);

/* A smack_policy_log_fn printing the policy's messages the same way (a
 * warning says so); userdata, if not NULL, is an int counting errors. */
void cli_policy_log(void *userdata, int priority, const char *file,
		    unsigned int line, unsigned int column,
		    const char *message);

/*
 * A long option for cli_getopt(): struct option without pointers, so that
 * a position-independent program's table of them is plain read-only data,
 * with no relocation for the dynamic loader to apply at each start.
 */
struct cli_option {
	char name[16];			/* at most 15 bytes and a NUL */
	unsigned short has_arg : 2;	/* no_argument, required_argument, ... */
	unsigned short val : 14;	/* what getopt_long() returns for it */
};

/* At most this many options a table. */
#define CLI_OPTIONS_MAX 32

/* The number of options in table (an array, not a pointer), for
 * cli_getopt(); a table larger than CLI_OPTIONS_MAX, whose last options
 * cli_getopt() would leave out, does not compile. */
#define CLI_OPTIONS_COUNT(table)					\
	(sizeof(table) / sizeof((table)[0]) +				\
	 0 * sizeof(struct {						\
		 _Static_assert(sizeof(table) / sizeof((table)[0]) <=	\
				CLI_OPTIONS_MAX, "too many options");	\
		 char unused;						\
	 }))

/* getopt_long(argc, argv, shortopts, ...) with the n options given, but
 * glibc's own messages are left out: an unknown option, a missing or an
 * unwanted argument is said by cli_warn() in GNU's words ("prog: invalid
 * option -- 'x'", the option escaped) and returns '?', after which the
 * tool gives cli_try_help()'s line and exits. */
int cli_getopt(int argc, char *const argv[], const char *shortopts,
	       const struct cli_option *options, size_t n);

/*
 * Takes the lock of the policy's writers (smack_policy_lock(3)) before a
 * tool's first read of the kernel's state for a change: waits for it, or
 * with no_wait exits EXIT_BUSY ("nothing was written to the kernel: Device
 * or resource busy").  The process holds it until it exits.
 */
void cli_lock_policy(bool no_wait);

/* Parses a decimal integer in [min, max], digits only (no blank, no '+');
 * false when s is not one. */
bool cli_parse_long(const char *s, long min, long max, long *value);

#endif /* SMACK_CLI_H */
