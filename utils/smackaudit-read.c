// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit: reading logs.  A file, standard input or the kernel log
 * (/dev/kmsg, one record a read) is read in large blocks and cut into
 * lines in place; a line is only copied when it spans two blocks.  Lines
 * longer than any record the kernel writes (audit's limit is under 9 KB)
 * are passed over up to LINE_LIMIT; past that they are skipped.
 *
 * --follow reads on at the end, as tail -F does: a file is polled for
 * what is appended, and read again from its start when it is truncated
 * or replaced (rotated); /dev/kmsg blocks until the kernel logs more; a
 * signal (SIGINT, SIGTERM, SIGHUP) ends it and the report is written.
 *
 * /dev/kmsg is a ring: records the kernel overwrites before they are
 * read are lost to the reader (a read fails with EPIPE, the next goes on
 * after them).  Its records are numbered, and the gap is counted.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "smackaudit.h"

#define KMSG_PATH "/dev/kmsg"
#define BLOCK (64 * 1024)
/* /dev/kmsg wants room for a whole record at each read. */
#define KMSG_ROOM 8192
#define LINE_LIMIT (4 * 1024 * 1024)
#define FOLLOW_POLL_NS 200000000L

static volatile sig_atomic_t stop_requested;

void audit_read_stop(void)
{
	stop_requested = 1;
}

struct source {
	int fd;
	const char *name;
	const char *path;	/* opened again when replaced, or NULL */
	bool kmsg, follow;
	unsigned long line;
	char *buf;
	size_t cap, start, end;
	bool overlong;		/* inside a line past LINE_LIMIT */
	bool overrun;		/* /dev/kmsg's read failed with EPIPE */
	bool numbered;		/* last_seq is /dev/kmsg's last record's */
	unsigned long long last_seq;
};

/* ---- one record */

/* Whether the len decoded bytes at s are text: a NUL among them (hex 00,
 * /dev/kmsg's \x00) makes them other than any text of the command line,
 * not the text before it. */
static bool bytes_are(const char *s, size_t len, const char *text)
{
	return strlen(text) == len && memcmp(s, text, len) == 0;
}

static bool span_equals(const struct audit_span *s, bool kmsg,
			const char *text)
{
	char small[64], *buf = s->len < sizeof(small) ? small : malloc(s->len + 1);
	bool same;

	if (!buf)
		return false;
	same = bytes_are(buf, audit_span_decode(s, kmsg, buf), text);
	if (buf != small)
		free(buf);
	return same;
}

static bool wanted(struct audit_reader *rd, const struct audit_record *r)
{
	const struct audit_filter *f = &rd->filter;

	if ((f->since_ms != AUDIT_TIME_UNKNOWN ||
	     f->until_ms != AUDIT_TIME_UNKNOWN) &&
	    r->time_ms == AUDIT_TIME_UNKNOWN) {
		/* A bring-up line is the only trace of its access (the record
		 * of it reads as granted): no timed copy stands in for it. */
		rd->untimed[r->verdict == AUDIT_BRINGUP ?
			    AUDIT_CHANNEL_RECORD : r->channel]++;
		return false;
	}
	if ((f->since_ms != AUDIT_TIME_UNKNOWN && r->time_ms < f->since_ms) ||
	    (f->until_ms != AUDIT_TIME_UNKNOWN && r->time_ms > f->until_ms))
		return false;
	if ((f->subject &&
	     !bytes_are(r->subject, r->subject_len, f->subject)) ||
	    (f->object && !bytes_are(r->object, r->object_len, f->object)) ||
	    (f->access && !(f->access & r->access)))
		return false;
	return !f->command || span_equals(&r->comm, r->kmsg_escapes,
					  f->command);
}

static void take_record(struct audit_reader *rd, const struct source *src,
			const struct audit_record *r)
{
	struct audit_entry *e;
	bool is_new;

	rd->channels_seen |= 1u << r->channel;
	if (r->verdict == AUDIT_GRANTED) {
		rd->totals.granted++;
		return;
	}
	if (!wanted(rd, r)) {
		rd->totals.filtered++;
		return;
	}
	e = audit_table_add(rd->table, r, &is_new);
	if (!e && errno == EINVAL) {
		rd->totals.bad++;
		cli_warn("%s:%lu: subject= or object= is not a valid Smack "
			 "label; record skipped", src->name, src->line);
		return;
	}
	if (!e)
		cli_die(EXIT_FAILURE, "out of memory");
	rd->totals.records = audit_table_accesses(rd->table);
	if (is_new && rd->follow)
		audit_report_live(e, rd->json);
}

static void take_line(struct audit_reader *rd, struct source *src,
		      const char *line, size_t len, const char *first)
{
	struct audit_record r;
	unsigned long lost;
	const char *why;

	switch (audit_parse_line(line, len, first, &r, &lost, &why)) {
	case AUDIT_LINE_OTHER:
		break;
	case AUDIT_LINE_LOST:
		rd->totals.lost += lost;
		break;
	case AUDIT_LINE_BAD:
		rd->totals.bad++;
		cli_warn("%s:%lu: %s; record skipped", src->name, src->line,
			 why);
		break;
	case AUDIT_LINE_RECORD:
		take_record(rd, src, &r);
		break;
	}
}

/* journald's copy of a record and a bring-up line of an access have no
 * time where the record itself has one: when the log holds the records,
 * those left out were copies. */
bool audit_read_untimed(const struct audit_reader *rd)
{
	return rd->untimed[AUDIT_CHANNEL_RECORD] ||
	       (!(rd->channels_seen & 1u << AUDIT_CHANNEL_RECORD) &&
		(rd->untimed[AUDIT_CHANNEL_JOURNALD] ||
		 rd->untimed[AUDIT_CHANNEL_HOOK]));
}

/* ---- lines */

/*
 * A line that holds none of audit_markers is no record and is passed
 * over.  Most lines of a kernel log are not Smack's, and most Smack lines
 * are records: the record's marker is looked for once over the data
 * rather than once a line (*next: where it stands next, or end), the
 * others only in the lines without it (a search over the data for them
 * costs more: their bytes are common in records).
 */
static bool line_has_marker(const char **next, const char *line,
			    const char *nl, const char *end)
{
	if (!*next || *next < line) {
		*next = audit_find_marker(line, end, 0);
		if (!*next)
			*next = end;
	}
	return *next < nl || audit_has_other_marker(line, nl);
}

/* The records /dev/kmsg overwrote before the one of line ("PRI,SEQ,...")
 * was read: the gap in its numbers, or at least one after an EPIPE. */
static void count_overwritten(struct audit_reader *rd, struct source *src,
			      const char *line, const char *nl)
{
	const char *p = memchr(line, ',', (size_t)(nl - line));
	unsigned long long seq = 0, gap = 0;

	if (!p || *line < '0' || *line > '9')
		return;		/* a line of the record's dictionary */
	for (p++; p < nl && *p >= '0' && *p <= '9'; p++)
		seq = seq * 10 + (unsigned long long)(*p - '0');
	if (src->numbered && seq > src->last_seq + 1)
		gap = seq - src->last_seq - 1;
	if (src->overrun && gap == 0)
		gap = 1;
	rd->totals.overwritten += (unsigned long)gap;
	src->last_seq = seq;
	src->numbered = true;
	src->overrun = false;
}

static void take_lines(struct audit_reader *rd, struct source *src)
{
	char *p = src->buf + src->start, *end = src->buf + src->end, *nl;
	const char *next = NULL;

	while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
		src->line++;
		if (src->kmsg)
			count_overwritten(rd, src, p, nl);
		if (src->overlong)
			src->overlong = false;	/* the end of a skipped line */
		else if (line_has_marker(&next, p, nl, end))
			take_line(rd, src, p, (size_t)(nl - p),
				  next < nl ? next : NULL);
		p = nl + 1;
	}
	src->start = (size_t)(p - src->buf);
}

/* A line past LINE_LIMIT: dropped, and reported when it looked like a
 * record. */
static void drop_overlong(struct audit_reader *rd, struct source *src)
{
	if (!src->overlong &&
	    memmem(src->buf, src->end, "lsm=SMACK", 9)) {
		rd->totals.bad++;
		cli_warn("%s:%lu: a line of more than %d MiB, longer than any "
			 "record the kernel writes; skipped", src->name,
			 src->line + 1, LINE_LIMIT >> 20);
	}
	src->start = src->end = 0;
	src->overlong = true;
}

/* Room for want bytes after the partial line kept at the front. */
static void make_room(struct audit_reader *rd, struct source *src,
		      size_t want)
{
	char *bigger;

	if (src->cap - src->end >= want)
		return;
	memmove(src->buf, src->buf + src->start, src->end - src->start);
	src->end -= src->start;
	src->start = 0;
	if (src->cap - src->end >= want)
		return;
	if (src->cap >= LINE_LIMIT) {
		drop_overlong(rd, src);
		return;
	}
	bigger = realloc(src->buf, src->cap * 2);
	if (!bigger)
		cli_die(EXIT_FAILURE, "out of memory");
	src->buf = bigger;
	src->cap *= 2;
}

/* ---- reading */

static ssize_t read_some(struct source *src)
{
	ssize_t n;

	for (;;) {
		n = read(src->fd, src->buf + src->end, src->cap - src->end);
		if (n >= 0)
			return n;
		if (errno == EINTR && stop_requested)
			return 0;
		/* /dev/kmsg: no more to read now, or records were
		 * overwritten before this read (the next goes on after
		 * them: count_overwritten() counts them). */
		if (src->kmsg && errno == EAGAIN)
			return 0;
		if (src->kmsg && errno == EPIPE)
			src->overrun = true;
		else if (errno != EINTR)
			return -1;
	}
}

/* A file read again from its start: a partial line kept from before is
 * no part of it. */
static void restart(struct source *src)
{
	src->start = src->end = 0;
	src->line = 0;
	src->overlong = false;
}

/* At the end of a file followed: one truncated (logrotate's copytruncate)
 * is read again from its start; one replaced by another of its name
 * (rotated, then created anew) is left for the new one. */
static void follow_rotation(struct source *src)
{
	struct stat open_st, path_st;
	int fd;

	if (fstat(src->fd, &open_st) < 0)
		return;
	if (open_st.st_size < lseek(src->fd, 0, SEEK_CUR)) {
		cli_warn("%s: file truncated; reading it from its start",
			 src->name);
		lseek(src->fd, 0, SEEK_SET);
		restart(src);
		return;
	}
	if (!src->path || stat(src->path, &path_st) < 0 ||
	    (path_st.st_dev == open_st.st_dev &&
	     path_st.st_ino == open_st.st_ino))
		return;
	fd = open(src->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;		/* tried again at the next poll */
	cli_warn("%s: file replaced; following the new file", src->name);
	close(src->fd);
	src->fd = fd;
	restart(src);
}

/* --follow at the end of a file: false when there is no more to wait
 * for (a pipe that ended, a signal). */
static bool wait_for_more(struct source *src, bool regular)
{
	struct timespec pause = { 0, FOLLOW_POLL_NS };

	if (!src->follow || !regular || stop_requested)
		return false;
	nanosleep(&pause, NULL);
	follow_rotation(src);
	return !stop_requested;
}

static bool read_source(struct audit_reader *rd, struct source *src,
			bool regular)
{
	ssize_t n;

	while (!stop_requested) {
		make_room(rd, src, src->kmsg ? KMSG_ROOM : BLOCK / 2);
		n = read_some(src);
		if (n < 0) {
			cli_warn_errno("%s", src->name);
			return false;
		}
		if (n == 0) {
			if (!wait_for_more(src, regular))
				break;
			continue;
		}
		src->end += (size_t)n;
		take_lines(rd, src);
	}
	/* A last line without its newline, unless a writer may still be
	 * in the middle of it. */
	if (src->end > src->start && !src->overlong && !src->follow) {
		src->line++;
		take_line(rd, src, src->buf + src->start,
			  src->end - src->start, NULL);
	}
	return true;
}

/* /dev/kmsg, whatever name it is given by (character device 1:11). */
static bool is_kmsg(const struct stat *st)
{
	return S_ISCHR(st->st_mode) && major(st->st_rdev) == 1 &&
	       minor(st->st_rdev) == 11;
}

static int open_source(struct source *src, const char *path, bool follow)
{
	if (!path) {
		src->name = KMSG_PATH;
		return open(KMSG_PATH, O_RDONLY | O_CLOEXEC |
			    (follow ? 0 : O_NONBLOCK));
	}
	src->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	if (strcmp(path, "-") == 0)
		return STDIN_FILENO;
	src->path = path;
	return open(path, O_RDONLY | O_CLOEXEC);
}

bool audit_read(struct audit_reader *rd, const char *path)
{
	struct source src = { .fd = -1, .follow = rd->follow, .cap = BLOCK };
	struct stat st;
	bool ok;

	src.fd = open_source(&src, path, rd->follow);
	if (src.fd < 0 || fstat(src.fd, &st) < 0) {
		cli_warn_errno("%s", src.name);
		return false;
	}
	src.kmsg = is_kmsg(&st);
	if (src.kmsg && path && !rd->follow)
		fcntl(src.fd, F_SETFL, fcntl(src.fd, F_GETFL) | O_NONBLOCK);
	src.buf = malloc(src.cap);
	if (!src.buf)
		cli_die(EXIT_FAILURE, "out of memory");
	ok = read_source(rd, &src, S_ISREG(st.st_mode));
	free(src.buf);
	if (src.fd != STDIN_FILENO)
		close(src.fd);
	return ok;
}
