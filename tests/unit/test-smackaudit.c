// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit's record parser and table, on small samples in the formats
 * the kernel's records reach users in: /dev/kmsg, dmesg with and without
 * its timestamps, journalctl (the kernel's lines and journald's own form
 * of the audit socket), auditd's audit.log with hex fields; the bring-up
 * lines; records cut short or malformed; lines of a megabyte; bytes that
 * are no text at all.  Then the table over records of two boots, what
 * the kernel asks next, and the times of --since and --until.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/smack.h>

#include "check-main.h"
#include "smackaudit.h"

#define REC "lsm=SMACK fn=smack_inode_permission action=denied " \
	"subject=\"Sub\" object=\"Obj\" requested=w pid=57 comm=\"cat\" " \
	"name=\"f\" dev=\"tmpfs\" ino=2"
#define T1 "audit(1796578856.378:5): "
#define T1_MS INT64_C(1796578856378)

static struct audit_record record;
static unsigned long lost;
static const char *why;

static enum audit_line parse(const char *line)
{
	return audit_parse_line(line, strlen(line), NULL, &record, &lost, &why);
}

static void expect_record(const char *line, int64_t ms)
{
	ck_assert_msg(parse(line) == AUDIT_LINE_RECORD, "%s: %s", line,
		      why ? why : "not a record");
	ck_assert_str_eq(record.subject, "Sub");
	ck_assert_str_eq(record.object, "Obj");
	ck_assert_uint_eq(record.access, SMACK_ACCESS_WRITE);
	ck_assert_int_eq(record.verdict, AUDIT_DENIED);
	ck_assert_msg(record.time_ms == ms, "%s: time %lld", line,
		      (long long)record.time_ms);
}

static void decoded(const struct audit_span *s, const char *expected)
{
	char *buf = malloc(s->len + 1);

	ck_assert_ptr_nonnull(buf);
	audit_span_decode(s, record.kmsg_escapes, buf);
	ck_assert_str_eq(buf, expected);
	free(buf);
}

START_TEST(every_format_of_the_kernel_log)
{
	static const char *const lines[] = {
		"6,812,4032155,-;audit: type=1400 " T1 REC,
		"[    4.032155] audit: type=1400 " T1 REC,
		"audit: type=1400 " T1 REC,
		"Dec 04 12:00:00 host kernel: audit: type=1400 " T1 REC,
		"type=AVC msg=" T1 REC,
		"node=dev1 type=AVC msg=" T1 REC "\x1dUID=\"root\"",
	};
	size_t i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		expect_record(lines[i], T1_MS);
		decoded(&record.comm, "cat");
		ck_assert_uint_eq(record.ndetails, 3);
	}
}
END_TEST

START_TEST(journald_form_takes_journalctl_time)
{
	expect_record("2026-12-04T12:00:00+0100 host audit[57]: AVC " REC,
		      INT64_C(1796382000000));
	expect_record("2026-12-04T11:00:00.250000+00:00 host audit[57]: AVC "
		      REC, INT64_C(1796382000250));
	expect_record("1796578856.378123 host audit[57]: AVC " REC, T1_MS);
	expect_record("Dec 04 12:00:00 host audit[57]: AVC " REC,
		      AUDIT_TIME_UNKNOWN);
}
END_TEST

/* The seconds of the last header are kept for the next one: only a whole
 * header of the same second takes them. */
START_TEST(the_time_of_each_header_its_own)
{
	expect_record("audit: " T1 REC, T1_MS);
	expect_record("audit: audit(1796578856.001:6): " REC,
		      INT64_C(1796578856001));
	expect_record("audit: oudit(1796578856.001:6): " REC,
		      AUDIT_TIME_UNKNOWN);
	expect_record("audit(12345678901796578856.001:6): " REC,
		      AUDIT_TIME_UNKNOWN);
	expect_record("audit(1796578857.000:7): " REC, INT64_C(1796578857000));
	expect_record("audit(1.000:7): " REC, INT64_C(1000));
}
END_TEST

START_TEST(hex_fields_and_kmsg_escapes)
{
	ck_assert_int_eq(parse("type=AVC msg=" T1 "lsm=SMACK fn=smack_file_open "
			       "action=denied subject=\"Sub\" object=\"Obj\" "
			       "requested=r pid=9 comm=6D7920617070 "
			       "path=2F746D702F6120620A dev=\"tmpfs\" ino=4"),
			 AUDIT_LINE_RECORD);
	decoded(&record.comm, "my app");
	decoded(&record.details[0].value, "/tmp/a b\n");
	ck_assert_int_eq(parse("6,1,2,-;audit: " T1 "lsm=SMACK fn=smack_file_open "
			       "action=denied subject=\"Sub\" object=\"Obj\" "
			       "requested=r pid=9 comm=\"x\" path=\"/a\\x5cb\" "
			       "dev=\"tmpfs\" ino=4"), AUDIT_LINE_RECORD);
	decoded(&record.details[0].value, "/a\\b");
	/* A comm of digits is hex too: the kernel quotes every plain one. */
	ck_assert_int_eq(parse(T1 "lsm=SMACK fn=f action=denied subject=\"S\" "
			       "object=\"O\" requested=r pid=1 comm=3132"),
			 AUDIT_LINE_RECORD);
	decoded(&record.comm, "12");
}
END_TEST

START_TEST(other_hooks_and_kernels)
{
	ck_assert_int_eq(parse(T1 "lsm=SMACK fn=smack_ptrace_access_check "
			       "action=denied subject=\"A\" object=\"B\" "
			       "labels_differ pid=3 comm=\"gdb\" opid=4 "
			       "ocomm=\"app\""), AUDIT_LINE_RECORD);
	ck_assert(record.labels_differ);
	ck_assert_uint_eq(record.access, 0);
	/* IPC ends in a space; the unconfined label of bring-up kernels. */
	ck_assert_int_eq(parse(T1 "lsm=SMACK fn=smk_curacc_shm action=granted "
			       "subject=\"A\" object=\"B\" requested=rw(US) "
			       "pid=3 comm=\"a\" ipc_key=5 "), AUDIT_LINE_RECORD);
	ck_assert_int_eq(record.verdict, AUDIT_UNCONFINED);
	ck_assert_uint_eq(record.access, SMACK_ACCESS_READ | SMACK_ACCESS_WRITE);
	ck_assert_int_eq(parse(T1 "lsm=SMACK fn=smack_file_open action=granted "
			       "subject=\"A\" object=\"B\" requested=r pid=3 "
			       "comm=\"a\""), AUDIT_LINE_RECORD);
	ck_assert_int_eq(record.verdict, AUDIT_GRANTED);
	ck_assert_int_eq(parse("[  9.1] Smack Bringup: (Sub Obj rw) "
			       "inode=(tmpfs 42) cat"), AUDIT_LINE_RECORD);
	ck_assert_int_eq(record.verdict, AUDIT_BRINGUP);
	ck_assert_str_eq(record.object, "Obj");
	ck_assert_int_eq(parse("kauditd_printk_skb: 12 callbacks suppressed"),
			 AUDIT_LINE_LOST);
	ck_assert_uint_eq(lost, 12);
}
END_TEST

/* The forms of kernels built with CONFIG_SECURITY_SMACK_BRINGUP
 * (security/smack/smack_lsm.c, smk_bu_*(); smack_access.c, smack_log()):
 * a line of its own for each access a "b" rule or the unconfined label
 * grants, with what the hook knows of the object after the labels. */
START_TEST(bring_up_and_unconfined_annotations)
{
	static const struct {
		const char *line;
		enum audit_verdict verdict;
		unsigned int access;
		const char *note;
	} lines[] = {
		{ "[ 9.1] Smack Bringup: (Sub Obj w) UDS connect",
		  AUDIT_BRINGUP, SMACK_ACCESS_WRITE, "UDS connect" },
		{ "6,90,9100,-;Smack Bringup: (Sub Obj rw) ipcs shm",
		  AUDIT_BRINGUP, SMACK_ACCESS_READ | SMACK_ACCESS_WRITE,
		  "ipcs shm" },
		{ "Smack Unconfined Subject: (Sub Obj w) kill to sleep",
		  AUDIT_UNCONFINED, SMACK_ACCESS_WRITE, "kill to sleep" },
		{ "Dec 06 10:12:04 dev kernel: Smack Unconfined Object: "
		  "(Sub Obj wa) inode=(tmpfs 42) sh", AUDIT_UNCONFINED,
		  SMACK_ACCESS_WRITE | SMACK_ACCESS_APPEND,
		  "inode=(tmpfs 42) sh" },
		{ "[ 9.3] Smack Bringup: (Sub Obj r) file=(sda1 7 /a b) cat",
		  AUDIT_BRINGUP, SMACK_ACCESS_READ, "file=(sda1 7 /a b) cat" },
		{ "[ 9.4] Smack Bringup: (Sub Obj -) x", AUDIT_BRINGUP, 0, "x" },
		{ T1 "lsm=SMACK fn=smack_task_kill action=granted "
		  "subject=\"Sub\" object=\"Obj\" requested=w(UO) pid=3 "
		  "comm=\"kill\" opid=4 ocomm=\"sleep\"", AUDIT_UNCONFINED,
		  SMACK_ACCESS_WRITE, NULL },
	};
	size_t i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		ck_assert_msg(parse(lines[i].line) == AUDIT_LINE_RECORD,
			      "%s: %s", lines[i].line, why);
		ck_assert_str_eq(record.subject, "Sub");
		ck_assert_str_eq(record.object, "Obj");
		ck_assert_int_eq(record.verdict, lines[i].verdict);
		ck_assert_uint_eq(record.access, lines[i].access);
		if (lines[i].note)
			decoded(&record.details[0].value, lines[i].note);
	}
	/* No labels: a warning of the kernel, no record. */
	ck_assert_int_eq(parse("Smack Unconfined Corruption: inode=(tmpfs 42) "
			       "sh"), AUDIT_LINE_OTHER);
	ck_assert_int_eq(parse("Smack Bringup: (Sub Obj rz) x"), AUDIT_LINE_BAD);
	ck_assert_int_eq(parse("Smack Bringup: (Sub Obj) x"), AUDIT_LINE_BAD);
}
END_TEST

START_TEST(lines_that_are_not_records)
{
	static const char *const lines[] = {
		"",
		("audit: type=1400 audit(1.000:1): apparmor=\"DENIED\" "
		 "comm=\"lsm=SMACK\""),
		"[    0.000000] Linux version 6.1.0",
		"lsm=SMACKING fn=x",
		"smack: nothing",
	};
	size_t i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		ck_assert_msg(parse(lines[i]) == AUDIT_LINE_OTHER, "%s",
			      lines[i]);
}
END_TEST

START_TEST(records_cut_short_or_malformed)
{
	static const char *const lines[] = {
		T1 "lsm=SMACK fn=smack_inode_permission action=denied "
		"subject=\"Sub\" object=\"Obj\" requested=w pid=57 comm=\"ca",
		T1 "lsm=SMACK fn=smack_inode_permission action=denied "
		"subject=\"Sub\" object=\"Obj\" requested=w pid=57",
		T1 REC " dev=\"tmpfs\"",
		T1 "lsm=SMACK fn=x action=denied subject=\"Sub\" object=\"Obj\" "
		"requested=w pid=57 comm=\"c\" name=\"f\" dev=\"tmpfs\" ino=",
		T1 "lsm=SMACK",
		T1 "lsm=SMACK fn=f action=maybe subject=\"S\" object=\"O\" "
		"requested=r pid=1 comm=\"c\"",
		T1 "lsm=SMACK fn=f action=denied subject=\"S\" object=\"O\" "
		"requested=rz pid=1 comm=\"c\"",
		T1 "lsm=SMACK fn=f action=denied subject=\"S\" object=\"O\" "
		"requested=r pid=1 comm=ABC",
		T1 "lsm=SMACK fn=f action=denied subject=\"S\" subject=\"S\" "
		"object=\"O\" requested=r pid=1 comm=\"c\"",
		"[ 1.0] Smack Bringup: (Sub Obj",
	};
	size_t i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		ck_assert_msg(parse(lines[i]) == AUDIT_LINE_BAD, "%s",
			      lines[i]);
		ck_assert_ptr_nonnull(why);
	}
}
END_TEST

START_TEST(lines_of_a_megabyte_and_binary_bytes)
{
	size_t n = 1 << 20, i;
	char *line = malloc(n + 200);

	ck_assert_ptr_nonnull(line);
	memset(line, 'a', n);
	ck_assert_int_eq(audit_parse_line(line, n, NULL, &record, &lost, &why),
			 AUDIT_LINE_OTHER);
	i = (size_t)sprintf(line, T1 "lsm=SMACK fn=f action=denied subject="
			    "\"S\" object=\"O\" requested=r pid=1 comm=\"c\" "
			    "path=\"");
	memset(line + i, 'p', n);
	memcpy(line + i + n, "\"", 2);
	ck_assert_int_eq(parse(line), AUDIT_LINE_RECORD);
	ck_assert_uint_eq(record.details[0].value.len, n);
	srand(1);
	for (i = 0; i < n; i++)
		line[i] = (char)rand();
	memcpy(line + n / 2, "lsm=SMACK fn=", 13);
	ck_assert_int_ne(audit_parse_line(line, n, NULL, &record, &lost, &why),
			 AUDIT_LINE_RECORD);
	free(line);
}
END_TEST

/* ---- the table */

static struct audit_entry *add(struct audit_table *t, const char *line)
{
	struct audit_entry *e;
	bool is_new;

	ck_assert_msg(parse(line) == AUDIT_LINE_RECORD, "%s", line);
	e = audit_table_add(t, &record, &is_new);
	ck_assert_ptr_nonnull(e);
	return e;
}

/* One access reaches a log twice: a bring-up kernel's access that the
 * unconfined label grants, as the record marked (US) and as the hook's
 * own line, in either order; without auditd, each record in the kernel's
 * line and in journald's copy from the audit socket. */
START_TEST(an_access_logged_twice_counts_once)
{
	struct audit_table *t = audit_table_new();
	struct audit_entry *e, *j;

	ck_assert_ptr_nonnull(t);
	add(t, "[ 9.0] Smack Unconfined Subject: (Sub Obj w) "
	    "inode=(tmpfs 2) cat");
	e = add(t, "[ 9.0] audit: " T1 "lsm=SMACK fn=smack_inode_permission "
		"action=granted subject=\"Sub\" object=\"Obj\" "
		"requested=w(US) pid=57 comm=\"cat\" name=\"f\" "
		"dev=\"tmpfs\" ino=2");
	j = add(t, "Dec 06 10:12:01 dev audit[57]: AVC " REC);
	add(t, "Dec 06 10:12:01 dev kernel: audit: type=1400 " T1 REC);
	ck_assert_uint_eq(e->count, 1);
	ck_assert_uint_eq(j->count, 1);
	add(t, "[ 9.2] audit: " T1 "lsm=SMACK fn=smack_inode_permission "
	    "action=granted subject=\"Sub\" object=\"Obj\" "
	    "requested=w(US) pid=58 comm=\"cat\" name=\"f\" "
	    "dev=\"tmpfs\" ino=2");
	add(t, "Dec 06 10:12:02 dev kernel: audit: type=1400 " T1 REC);
	add(t, "[ 9.2] Smack Unconfined Subject: (Sub Obj w) "
	    "inode=(tmpfs 2) cat");
	add(t, "Dec 06 10:12:02 dev audit[57]: AVC " REC);
	ck_assert_uint_eq(e->count, 2);
	ck_assert_uint_eq(j->count, 2);
	/* A log without the audit records (auditd takes them) has only the
	 * hook's lines. */
	e = add(t, "[ 9.3] Smack Unconfined Object: (Sub Other w) kill to x");
	add(t, "[ 9.4] Smack Unconfined Object: (Sub Other w) kill to x");
	ck_assert_uint_eq(e->count, 2);
	ck_assert_uint_eq(audit_table_count(t), 3);
	ck_assert_uint_eq(audit_table_accesses(t), 6);
	audit_table_free(t);
}
END_TEST

START_TEST(records_of_two_boots_make_one_entry)
{
	struct audit_table *t = audit_table_new();
	struct audit_entry **sorted, *e;

	ck_assert_ptr_nonnull(t);
	add(t, "[   4.1] audit: " T1 REC);
	add(t, "[   2.0] audit: audit(1796600000.000:3): " REC);
	e = add(t, "[   5.0] audit: audit(1796500000.000:9): "
		"lsm=SMACK fn=smack_inode_permission action=denied "
		"subject=\"Sub\" object=\"Obj\" requested=w pid=70 "
		"comm=\"sh\" name=\"g\" dev=\"tmpfs\" ino=3");
	add(t, "[   5.1] audit: " T1 "lsm=SMACK fn=smack_task_kill "
	    "action=denied subject=\"Sub\" object=\"Victim\" requested=w "
	    "pid=71 comm=\"kill\" opid=72 ocomm=\"sleep\"");
	ck_assert_uint_eq(audit_table_count(t), 2);
	ck_assert_uint_eq(e->count, 3);
	ck_assert(e->first_ms == INT64_C(1796500000000));
	ck_assert(e->last_ms == INT64_C(1796600000000));
	ck_assert_uint_eq(e->nexamples, 2);	/* cat on f, sh on g */
	sorted = audit_table_sorted(t);
	ck_assert_ptr_eq(sorted[0], e);
	ck_assert_str_eq(sorted[1]->object, "Victim");
	audit_table_free(t);
}
END_TEST

/* The letters the kernel asks next of the pair (reverse: false) or of
 * the reversed pair (true). */
static unsigned int next_after(const struct audit_entry *e, unsigned int rule,
			       bool reverse, const char **reason)
{
	struct audit_next next;
	unsigned int letters = 0;
	size_t i = 0;

	while (audit_next(e, rule, &i, &next)) {
		ck_assert_ptr_nonnull(next.why);
		if (reason)
			*reason = next.why;
		if (next.reverse == reverse)
			letters |= next.letters;
	}
	return letters;
}

static unsigned int next_letters(const struct audit_entry *e, bool reverse)
{
	return next_after(e, 0, reverse, NULL);
}

START_TEST(an_entry_needs_labels_the_kernel_takes)
{
	struct audit_table *t = audit_table_new();
	bool is_new;

	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(parse(T1 "lsm=SMACK fn=f action=denied subject=\"-S\" "
			       "object=\"O\" requested=r pid=1 comm=\"c\""),
			 AUDIT_LINE_RECORD);
	ck_assert_ptr_null(audit_table_add(t, &record, &is_new));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(parse(T1 "lsm=SMACK fn=f action=denied subject=2F "
			       "object=\"O\" requested=r pid=1 comm=\"c\""),
			 AUDIT_LINE_RECORD);
	ck_assert_ptr_null(audit_table_add(t, &record, &is_new));
	/* hex of "a\0b": a label that a NUL would cut short */
	ck_assert_int_eq(parse(T1 "lsm=SMACK fn=f action=denied subject=610062 "
			       "object=\"O\" requested=r pid=1 comm=\"c\""),
			 AUDIT_LINE_RECORD);
	ck_assert_ptr_null(audit_table_add(t, &record, &is_new));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_uint_eq(audit_table_count(t), 0);
	audit_table_free(t);
}
END_TEST

START_TEST(the_kernel_asks_r_after_an_open)
{
	struct audit_table *t = audit_table_new();
	struct audit_entry *e;

	ck_assert_ptr_nonnull(t);
	e = add(t, T1 REC);
	ck_assert_uint_eq(next_letters(e, false), SMACK_ACCESS_READ);
	ck_assert_uint_eq(next_letters(e, true), 0);
	e = add(t, T1 "lsm=SMACK fn=smack_socket_sock_rcv_skb action=denied "
		"subject=\"Sub\" object=\"Recv\" requested=w pid=1 comm=\"u\" "
		"saddr=127.0.0.1 src=4000 daddr=127.0.0.1 dest=5000 netif=lo");
	ck_assert_uint_eq(next_letters(e, false) | next_letters(e, true), 0);
	e = add(t, T1 "lsm=SMACK fn=smack_inode_permission action=denied "
		"subject=\"Sub\" object=\"Dir\" requested=wx pid=1 comm=\"c\" "
		"name=\"d\" dev=\"tmpfs\" ino=5");
	ck_assert_uint_eq(next_letters(e, false) | next_letters(e, true), 0);
	/* The same letters of the same pair by another hook: both follow. */
	e = add(t, T1 "lsm=SMACK fn=smack_unix_stream_connect action=denied "
		"subject=\"Sub\" object=\"Obj\" requested=w pid=1 comm=\"c\" "
		"path=\"/run/s\"");
	ck_assert_uint_eq(e->count, 2);
	ck_assert_uint_eq(next_letters(e, false), SMACK_ACCESS_READ);
	ck_assert_uint_eq(next_letters(e, true), SMACK_ACCESS_WRITE);
	audit_table_free(t);
}
END_TEST

/* An inode's record of each kind of object, by its letters. */
static struct audit_entry *inode_entry(struct audit_table *t,
				       const char *object, const char *letters)
{
	char line[512];

	snprintf(line, sizeof(line), T1 "lsm=SMACK fn=smack_inode_permission "
		 "action=denied subject=\"Sub\" object=\"%s\" requested=%s "
		 "pid=1 comm=\"c\" name=\"n\" dev=\"tmpfs\" ino=5", object,
		 letters);
	return add(t, line);
}

START_TEST(what_follows_by_the_kind_of_object)
{
	struct audit_table *t = audit_table_new();
	struct audit_entry *e;
	const char *said = NULL;

	ck_assert_ptr_nonnull(t);
	/* An open to append asks r next, as one to write. */
	e = inode_entry(t, "Append", "wa");
	ck_assert_uint_eq(next_after(e, 0, false, NULL), SMACK_ACCESS_READ);
	/* x alone: a program run, whose open asks r; the comment says a
	 * directory only searched needs none. */
	e = inode_entry(t, "Prog", "x");
	ck_assert_uint_eq(next_after(e, 0, false, &said), SMACK_ACCESS_READ);
	ck_assert_ptr_nonnull(strstr(said, "a directory that is only searched "
				     "needs no r"));
	/* An open to read or to read and write asks nothing more. */
	ck_assert_uint_eq(next_after(inode_entry(t, "Rw", "rw"), 0, false,
				     NULL), 0);
	/* A directory's entry made: nothing, unless the new file carries
	 * the directory's label, its rule having t. */
	e = inode_entry(t, "Dir", "wx");
	ck_assert_uint_eq(next_after(e, 0, false, NULL), 0);
	ck_assert_uint_eq(next_after(e, SMACK_ACCESS_WRITE | SMACK_ACCESS_EXEC |
				     SMACK_ACCESS_TRANSMUTE, false, &said),
			  SMACK_ACCESS_READ);
	ck_assert_ptr_nonnull(strstr(said, "transmuting directory"));
	/* A stat, a chmod: nothing. */
	e = add(t, T1 "lsm=SMACK fn=smack_inode_getattr action=denied "
		"subject=\"Sub\" object=\"Stat\" requested=r pid=1 "
		"comm=\"c\" path=\"/a\" dev=\"tmpfs\" ino=5");
	ck_assert_uint_eq(next_after(e, 0, false, NULL), 0);
	e = add(t, T1 "lsm=SMACK fn=smack_inode_setattr action=denied "
		"subject=\"Sub\" object=\"Chmod\" requested=w pid=1 "
		"comm=\"c\" name=\"a\" dev=\"tmpfs\" ino=5");
	ck_assert_uint_eq(next_after(e, 0, false, NULL), 0);
	/* What a bring-up kernel let through asks on in the log itself. */
	e = add(t, T1 "lsm=SMACK fn=smack_inode_permission action=granted "
		"subject=\"Sub\" object=\"Obj\" requested=w(US) pid=1 "
		"comm=\"c\" name=\"n\" dev=\"tmpfs\" ino=5");
	ck_assert_uint_eq(next_after(e, 0, false, NULL), 0);
	audit_table_free(t);
}
END_TEST

START_TEST(every_hook_is_found_by_its_name)
{
	const char *name;
	unsigned int i;

	for (i = 0; (name = audit_function_name(i)); i++)
		ck_assert_uint_eq(audit_function_index(name, strlen(name)), i);
	ck_assert_uint_eq(audit_function_index("smack_x", 7), 63);
	ck_assert_uint_eq(audit_function_index("smack_file", 10), 63);
}
END_TEST

START_TEST(times_of_the_command_line)
{
	int64_t ms;

	ck_assert(audit_parse_time("@1796578856", &ms));
	ck_assert(ms == INT64_C(1796578856000));
	ck_assert(audit_parse_time("@1796578856.5", &ms));
	ck_assert(ms == INT64_C(1796578856500));
	ck_assert(audit_parse_time("2026-12-04", &ms));
	ck_assert(audit_parse_time("2026-12-04 12:00", &ms));
	ck_assert(audit_parse_time("2026-12-04T12:00:30", &ms));
	ck_assert(audit_parse_time("today", &ms));
	ck_assert(!audit_parse_time("@", &ms));
	ck_assert(!audit_parse_time("@99999999999999999999", &ms));
	ck_assert(!audit_parse_time("2026-13-04", &ms));
	ck_assert(!audit_parse_time("tomorrow", &ms));
	ck_assert(!audit_parse_time("2026-12-04 12", &ms));
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("smackaudit");
	TCase *tc = tcase_create("records");

	tcase_add_test(tc, every_format_of_the_kernel_log);
	tcase_add_test(tc, journald_form_takes_journalctl_time);
	tcase_add_test(tc, the_time_of_each_header_its_own);
	tcase_add_test(tc, hex_fields_and_kmsg_escapes);
	tcase_add_test(tc, other_hooks_and_kernels);
	tcase_add_test(tc, bring_up_and_unconfined_annotations);
	tcase_add_test(tc, lines_that_are_not_records);
	tcase_add_test(tc, records_cut_short_or_malformed);
	tcase_add_test(tc, lines_of_a_megabyte_and_binary_bytes);
	tcase_add_test(tc, records_of_two_boots_make_one_entry);
	tcase_add_test(tc, an_access_logged_twice_counts_once);
	tcase_add_test(tc, an_entry_needs_labels_the_kernel_takes);
	tcase_add_test(tc, the_kernel_asks_r_after_an_open);
	tcase_add_test(tc, what_follows_by_the_kind_of_object);
	tcase_add_test(tc, every_hook_is_found_by_its_name);
	tcase_add_test(tc, times_of_the_command_line);
	suite_add_tcase(s, tc);
	return s;
}
