// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit: times.  A record's own time is the audit header's
 * "audit(SECONDS.MS:SERIAL)", the wall clock when the kernel wrote it,
 * whatever kept the line afterwards; only journald's form of the audit
 * socket's records lacks it, and there journalctl's own time is taken
 * when it has a year (-o short-iso, short-iso-precise, short-unix).
 */
#include <string.h>
#include <time.h>

#include "smackaudit.h"

#define AUDIT_PREFIX "audit("
/* Seconds of at most this many digits (some 30 million years) still fit
 * in milliseconds of 64 bits. */
#define SECONDS_DIGITS 15

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* "audit(SEC.MS:SERIAL): " ending right before the record, read back
 * from its end (it is where a record starts, no search needed).  The
 * records of one second are many in a busy log: the seconds of the last
 * one are kept, with the 16 bytes before its dot ("audit(SEC" for the
 * usual 10 digits), and taken again when those are the same. */
static bool audit_time(const char *line, const char *rec, int64_t *ms)
{
	static char last[16];
	static size_t last_n;		/* 0: nothing kept */
	static int64_t last_sec;
	const char *p = rec - 3, *dot;
	int64_t sec = 0;
	size_t n;

	if (rec - line < (ptrdiff_t)sizeof("audit(0.000:): ") - 1 ||
	    memcmp(p, "): ", 3) != 0)
		return false;
	while (p - line > 5 && is_digit(p[-1]))		/* the serial */
		p--;
	dot = p - 5;
	if (dot - line < 7 || p[-1] != ':' || *dot != '.' ||
	    !is_digit(dot[1]) || !is_digit(dot[2]) || !is_digit(dot[3]))
		return false;
	*ms = (dot[1] - '0') * 100 + (dot[2] - '0') * 10 + (dot[3] - '0');
	if (last_n && dot - line >= (ptrdiff_t)(last_n + 6) &&
	    dot - line >= 16 && memcmp(dot - 16, last, 16) == 0 &&
	    memcmp(dot - last_n - 6, AUDIT_PREFIX, 6) == 0) {
		*ms += last_sec * 1000;
		return true;
	}
	for (p = dot; p > line && is_digit(p[-1]); p--)
		;
	n = (size_t)(dot - p);
	if (n == 0 || n > SECONDS_DIGITS || p - line < 6 ||
	    memcmp(p - 6, AUDIT_PREFIX, 6) != 0)
		return false;
	for (; p < dot; p++)
		sec = sec * 10 + (*p - '0');
	*ms += sec * 1000;
	last_n = dot - line >= 16 ? n : 0;
	if (last_n) {
		memcpy(last, dot - 16, 16);
		last_sec = sec;
	}
	return true;
}

/* Reads n digits at *p; false when they are not all there. */
static bool take_digits(const char **p, const char *end, int n, int *value)
{
	*value = 0;
	for (; n > 0; n--, (*p)++) {
		if (*p >= end || !is_digit(**p))
			return false;
		*value = *value * 10 + (**p - '0');
	}
	return true;
}

/* The days of month mo (1 to 12) of year y, in the Gregorian calendar. */
static int days_in_month(int y, int mo)
{
	static const unsigned char days[12] = { 31, 28, 31, 30, 31, 30,
						31, 31, 30, 31, 30, 31 };
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return days[mo - 1] + (mo == 2 && leap);
}

/* "YYYY-MM-DD" then sep then "HH:MM", and ":SS" unless seconds_optional
 * and they are not there.  A day the month does not have is refused:
 * mktime() and timegm() would move February 30 to March 2. */
static bool take_date_time(const char **p, const char *end, char sep,
			   bool seconds_optional, struct tm *tm)
{
	int y, mo, d, h, mi, s = 0;

	if (!take_digits(p, end, 4, &y) || *p >= end || *(*p)++ != '-' ||
	    !take_digits(p, end, 2, &mo) || *p >= end || *(*p)++ != '-' ||
	    !take_digits(p, end, 2, &d) || *p >= end || *(*p)++ != sep ||
	    !take_digits(p, end, 2, &h) || *p >= end || *(*p)++ != ':' ||
	    !take_digits(p, end, 2, &mi))
		return false;
	if (*p < end && **p == ':') {
		(*p)++;
		if (!take_digits(p, end, 2, &s))
			return false;
	} else if (!seconds_optional) {
		return false;
	}
	memset(tm, 0, sizeof(*tm));
	tm->tm_year = y - 1900;
	tm->tm_mon = mo - 1;
	tm->tm_mday = d;
	tm->tm_hour = h;
	tm->tm_min = mi;
	tm->tm_sec = s;
	tm->tm_isdst = -1;
	return mo >= 1 && mo <= 12 && d >= 1 && d <= days_in_month(y, mo) &&
	       h < 24 && mi < 60 && s <= 60;
}

/* Milliseconds of ".fff..." at *p (0 when there is no fraction). */
static int take_fraction(const char **p, const char *end)
{
	int ms = 0, n = 0;

	if (*p >= end || **p != '.')
		return 0;
	for ((*p)++; *p < end && is_digit(**p); (*p)++, n++)
		if (n < 3)
			ms = ms * 10 + (**p - '0');
	for (; n < 3; n++)
		ms *= 10;
	return ms;
}

/* journalctl -o short-iso[-precise]: "2026-12-04T12:00:00[.frac]+01:00". */
static bool journal_iso_time(const char *p, const char *end, int64_t *ms)
{
	struct tm tm;
	int frac, oh, om = 0, sign;

	if (!take_date_time(&p, end, 'T', false, &tm))
		return false;
	frac = take_fraction(&p, end);
	if (p < end && *p == 'Z') {
		oh = 0;
		sign = 1;
	} else if (p < end && (*p == '+' || *p == '-')) {
		sign = *p++ == '-' ? -1 : 1;
		if (!take_digits(&p, end, 2, &oh))
			return false;
		if (p < end && *p == ':')
			p++;
		if (!take_digits(&p, end, 2, &om))
			return false;
	} else {
		return false;
	}
	*ms = ((int64_t)timegm(&tm) - sign * (oh * 3600 + om * 60)) * 1000 +
	      frac;
	return true;
}

/* journalctl -o short-unix: "1796578856.378123 host ...". */
static bool journal_unix_time(const char *p, const char *end, int64_t *ms)
{
	int64_t sec = 0;
	int digits = 0;

	for (; p < end && is_digit(*p) && digits < SECONDS_DIGITS;
	     p++, digits++)
		sec = sec * 10 + (*p - '0');
	if (digits < 9 || p >= end || *p != '.')
		return false;
	*ms = sec * 1000 + take_fraction(&p, end);
	return p < end && *p == ' ';
}

/* The time of the line whose record starts at rec. */
int64_t audit_line_time(const char *line, const char *rec)
{
	int64_t ms;

	if (audit_time(line, rec, &ms) || journal_iso_time(line, rec, &ms) ||
	    journal_unix_time(line, rec, &ms))
		return ms;
	return AUDIT_TIME_UNKNOWN;
}

/* ---- times of the command line */

/* "YYYY-MM-DD", "YYYY-MM-DD HH:MM[:SS]" (or with 'T'), in local time. */
static bool parse_local_time(const char *text, int64_t *ms)
{
	char buf[sizeof("YYYY-MM-DD 00:00")];
	const char *p = text, *end = text + strlen(text);
	struct tm tm;
	time_t t;

	if (end - p == 10) {	/* a date alone: its midnight */
		memcpy(buf, text, 10);
		memcpy(buf + 10, " 00:00", sizeof(" 00:00"));
		p = buf;
		end = buf + sizeof(buf) - 1;
	}
	if (end - p < 16 ||
	    !take_date_time(&p, end, p[10] == 'T' ? 'T' : ' ', true, &tm) ||
	    p != end)
		return false;
	t = mktime(&tm);
	if (t == (time_t)-1)
		return false;
	*ms = (int64_t)t * 1000;
	return true;
}

bool audit_parse_time(const char *text, int64_t *ms)
{
	const char *p = text, *end = text + strlen(text);
	time_t now = time(NULL);
	struct tm tm;
	int64_t sec = 0;

	if (strcmp(text, "now") == 0) {
		*ms = (int64_t)now * 1000;
		return true;
	}
	if (*p == '@') {
		for (p++; p < end && is_digit(*p) && p - text <= SECONDS_DIGITS;
	     p++)
			sec = sec * 10 + (*p - '0');
		*ms = sec * 1000 + take_fraction(&p, end);
		return p == end && is_digit(text[1]);
	}
	if (strcmp(text, "today") == 0 || strcmp(text, "yesterday") == 0) {
		localtime_r(&now, &tm);
		tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
		tm.tm_mday -= text[0] == 'y';
		tm.tm_isdst = -1;
		*ms = (int64_t)mktime(&tm) * 1000;
		return true;
	}
	return parse_local_time(text, ms);
}
