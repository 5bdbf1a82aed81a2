// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pam_smack's messages.  pam_syslog() writes them to syslog at the
 * LOG_AUTHPRIV facility, prefixed with the module's and the service's
 * names; each is escaped whole by cli_escape(), the one escaper of the
 * project's tools, so that the labels, names and paths in it cannot add a
 * line to the log or drive the terminal of whoever reads it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include <security/pam_ext.h>

#include "cli.h"
#include "pam_smack.h"

/* text escaped, in memory of its own, or NULL when memory ran out. */
static char *escaped(const char *text)
{
	char *out = NULL;
	size_t size;
	FILE *f = open_memstream(&out, &size);

	if (!f)
		return NULL;
	cli_escape(f, text, strlen(text), "");
	if (fclose(f) != 0) {
		free(out);
		return NULL;
	}
	return out;
}

void pam_smack_log(const struct pam_smack *ps, int priority,
		   const char *fmt, ...)
{
	char *msg, *text = NULL;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	if (msg)
		text = escaped(msg);
	/* Out of memory, the format alone still says what went wrong. */
	pam_syslog(ps->pamh, priority, "%s", text ? text : fmt);
	free(text);
	free(msg);
}
