// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chsmack --progress.  See chsmack-progress.h.
 *
 * The line is a carriage return, the counts, the directory and ESC [ K
 * (ECMA-48's "erase to the end of the line", which every terminal since
 * the VT100 obeys), which takes away what a longer line before it left.
 * The directory is escaped as every path a tool prints (cli_escape()), so
 * that a file name cannot drive the terminal, and cut so that the line
 * fits the terminal's width: a line that wrapped could not be redrawn in
 * place.  The first tick draws it at once, so that a walk of more than
 * PROGRESS_EVERY entries always shows it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "chsmack-progress.h"

#define NS_PER_S 1000000000ULL
/* Redrawn at most four times a second: enough to look alive. */
#define INTERVAL_NS (NS_PER_S / 4)

static struct {
	unsigned long long start;	/* when the walk started, in ns */
	unsigned long long next;	/* the earliest time of a redraw */
	bool shown;			/* the line is on the screen */
} line;

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * NS_PER_S + ts.tv_nsec;
}

bool progress_start(enum progress_when when)
{
	if (when == PROGRESS_NEVER ||
	    (when == PROGRESS_AUTO && !isatty(STDERR_FILENO)))
		return false;
	line.start = now_ns();
	cli_before_message = progress_clear;
	return true;
}

void progress_clear(void)
{
	if (line.shown)
		fputs("\r\033[K", stderr);
	line.shown = false;
}

/* The columns the line may take: the terminal's but its last (a character
 * written there wraps on some terminals), 79 when standard error is no
 * terminal (--progress=always into a pipe or a file). */
static size_t columns(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col)
		return ws.ws_col - 1;
	return 79;
}

/* How many of the len bytes at s cli_escape() writes in room columns.  It
 * writes a printable ASCII character as itself and every other byte as
 * \ooo or as part of a UTF-8 character, which takes at most two columns
 * for two to four bytes: four columns a byte is never too few.  The cut
 * falls between UTF-8 characters, not inside one. */
static size_t fit(const char *s, size_t len, size_t room)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n, used = 0;

	for (n = 0; n < len; n++) {
		used += p[n] >= ' ' && p[n] < 0x7f ? 1 : 4;
		if (used > room)
			break;
	}
	while (n > 0 && n < len && (p[n] & 0xc0) == 0x80)
		n--;
	return n;
}

static void draw(unsigned long done, unsigned long long ns, const char *path)
{
	/* The directory: what comes before the last '/' ("/" below the
	 * root), or "." for a bare name. */
	const char *slash = strrchr(path, '/');
	const char *dir = slash ? path : ".";
	size_t len = slash ? (size_t)(slash - path) + (slash == path) : 1;
	size_t width = columns();
	/* Only a terminal narrower than the counts (some 30 columns) wraps
	 * them. */
	size_t n = fprintf(stderr, "\r%lu entries, %llu/s, ", done,
			   done * NS_PER_S / (ns ? ns : 1)) - 1;

	cli_escape(stderr, dir, fit(dir, len, n < width ? width - n : 0), "");
	fputs("\033[K", stderr);
	line.shown = true;
}

void progress_tick(unsigned long done, const char *path)
{
	unsigned long long now = now_ns();

	if (now < line.next)
		return;
	line.next = now + INTERVAL_NS;
	draw(done, now - line.start, path);
}
