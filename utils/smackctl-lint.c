// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl lint: what the tree means once its files are read together,
 * in the compilers' form "FILE:LINE:COL: warning: text [check]", each
 * other place a finding involves on a "note:" line after it, or as one
 * JSON object.
 *
 * The library reads the tree (its errors are errors: exit 1), warns of
 * what systemd's loader reads otherwise (SMACK_POLICY_SYSTEMD: the
 * systemd check) and keeps the comment lines (SMACK_POLICY_COMMENTS): a
 * comment "# lint: ignore NAME..." silences the findings of those checks
 * that name the line after it.  Once the tree is read, and its comments
 * known, each finding is printed as soon as it is made, from a buffer
 * that every finding reuses.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "cli.h"
#include "smackctl.h"
#include "smackctl-lint.h"

static const char *const check_names[LINT_CHECKS] = {
	[LINT_CONFLICT] = "conflict",	[LINT_DUPLICATE] = "duplicate",
	[LINT_NO_EFFECT] = "no-effect",	[LINT_TYPO] = "typo",
	[LINT_ONLYCAP] = "onlycap",	[LINT_CIPSO] = "cipso",
	[LINT_NETLABEL] = "netlabel",	[LINT_LABELS] = "labels",
	[LINT_SYSTEMD] = "systemd",
};

/* A "# lint: ignore" comment: the checks it silences on the next line. */
struct ignore {
	const char *file;
	unsigned int line;	/* the line it silences */
	unsigned int checks;	/* a bit a check */
};

struct ignores {
	struct ignore *items;
	size_t count, cap;
};

int lint_check_index(const char *name)
{
	int i;

	for (i = 0; i < LINT_CHECKS; i++)
		if (strcmp(check_names[i], name) == 0)
			return i;
	return -1;
}

const char *lint_check_name(int check)
{
	return check_names[check];
}

void *lint_alloc(void *p)
{
	if (!p)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	return p;
}

struct lint_place lint_place_of(const struct smack_policy_entry *e)
{
	return (struct lint_place){ lint_file_of(e), e->line, e->column };
}

/* fmt into *buf, grown as needed: a finding is printed before the next
 * one is made, and its text needs no allocation of its own. */
static CLI_PRINTF(3, 0) char *format_into(char **buf, size_t *cap,
					   const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(*buf, *cap, fmt, ap);
	if (n >= 0 && (size_t)n >= *cap) {
		*cap = n + 256;
		*buf = lint_alloc(realloc(*buf, *cap));
		n = vsnprintf(*buf, *cap, fmt, again);
	}
	va_end(again);
	if (n < 0)
		cli_die_errno(EXIT_FAILURE, "cannot format a finding");
	return *buf;
}

static void emit(struct lint *l, const struct lint_finding *f);

/* The finding being made goes out: printed, or kept while the comments
 * that may silence it are not known yet (the systemd warnings, given as
 * the tree is read). */
static void flush(struct lint *l)
{
	struct lint_finding *f = &l->current;

	if (!l->pending)
		return;
	l->pending = false;
	if (l->streaming) {
		emit(l, f);
		return;
	}
	if (l->count == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->findings = lint_alloc(realloc(l->findings,
						 l->cap * sizeof(*f)));
	}
	l->findings[l->count] = *f;
	l->findings[l->count].text = lint_alloc(strdup(f->text));
	if (f->notes_count)
		l->findings[l->count].notes[0].text =
			lint_alloc(strdup(f->notes[0].text));
	l->count++;
}

void lint_report(struct lint *l, int check, const struct lint_place *where,
		 const char *fmt, ...)
{
	struct lint_finding *f = &l->current;
	va_list ap;

	flush(l);
	if (!l->enabled[check])
		return;
	l->pending = true;
	f->check = check;
	f->where = *where;
	f->notes_count = 0;
	va_start(ap, fmt);
	f->text = format_into(&l->text, &l->text_cap, fmt, ap);
	va_end(ap);
}

void lint_note(struct lint *l, const struct lint_place *where,
	       const char *fmt, ...)
{
	struct lint_finding *f = &l->current;
	va_list ap;

	if (!l->pending || f->notes_count == 1)
		return;
	f->notes[0].where = *where;
	va_start(ap, fmt);
	f->notes[0].text = format_into(&l->note, &l->note_cap, fmt, ap);
	va_end(ap);
	f->notes_count = 1;
}

/* ---- the tree ---- */

struct load_state {
	struct lint *lint;
	int errors;
};

/* A smack_policy_log_fn: errors as the other commands print them, the
 * systemd warnings as findings. */
static void log_message(void *data, int priority, const char *file,
			unsigned int line, unsigned int column,
			const char *message)
{
	struct load_state *s = data;
	struct lint_place where;

	if (priority <= LOG_ERR || !file) {
		cli_policy_log(&s->errors, priority, file, line, column,
			       message);
		return;
	}
	/* The library's file names last as long as the policy. */
	where = (struct lint_place){ file, line, column ? column : 1 };
	lint_report(s->lint, LINT_SYSTEMD, &where, "%s", message);
}

static int load_tree(const struct ctl_options *o, struct lint *l)
{
	struct load_state s = { l, 0 };
	bool explicit;
	const char *dir = cli_config_dir(o->config_dir, &explicit);
	int ret;

	if (smack_policy_new(&l->policy) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	smack_policy_set_log_fn(l->policy, log_message, &s);
	ret = smack_policy_load(l->policy, o->root, explicit ? dir : NULL,
				SMACK_POLICY_KEEP_GOING |
				SMACK_POLICY_SYSTEMD | SMACK_POLICY_COMMENTS);
	/* The library's message, when it gave one, names the file. */
	if (ret < 0 && errno != EINVAL && s.errors)
		cli_exit(EXIT_FAILURE);
	if (ret < 0 && errno != EINVAL)
		cli_die_errno(EXIT_FAILURE, "cannot read the tree %s",
			      smack_policy_dir(l->policy) ?
			      smack_policy_dir(l->policy) : dir);
	smack_policy_set_log_fn(l->policy, cli_policy_log, NULL);
	return ret < 0 || s.errors ? -1 : 0;
}

/* ---- "# lint: ignore NAME..." ---- */

static const char *skip_blanks(const char *p)
{
	return p + strspn(p, " \t");
}

/* The checks a comment's text names after "lint: ignore", or 0. */
static unsigned int ignored_checks(const char *text)
{
	const char *p = skip_blanks(text + 1);
	unsigned int checks = 0;
	char name[32];
	size_t n;
	int i;

	if (strncmp(p, "lint:", 5) != 0)
		return 0;
	p = skip_blanks(p + 5);
	if (strncmp(p, "ignore", 6) != 0 || !strchr(" \t", p[6]))
		return 0;
	for (p += 6; *(p += strspn(p, " \t,")); p += n) {
		n = strcspn(p, " \t,");
		if (n >= sizeof(name))
			continue;
		memcpy(name, p, n);
		name[n] = '\0';
		i = lint_check_index(name);
		if (i >= 0)
			checks |= 1u << i;
		else if (strcmp(name, "all") == 0)
			checks = ~0u;
	}
	return checks;
}

/* A smack_policy_comment_fn. */
static int add_ignore(void *data, const char *file, unsigned int line,
		      unsigned int column, const char *text)
{
	struct ignores *ig = data;
	unsigned int checks = ignored_checks(text);

	(void)column;
	if (!checks)
		return 0;
	if (ig->count == ig->cap) {
		ig->cap = ig->cap ? 2 * ig->cap : 16;
		ig->items = lint_alloc(realloc(ig->items, ig->cap *
						sizeof(*ig->items)));
	}
	ig->items[ig->count++] = (struct ignore){ file, line + 1, checks };
	return 0;
}

static bool ignored_at(const struct ignores *ig, int check,
		       const struct lint_place *p)
{
	size_t i;

	for (i = 0; i < ig->count; i++)
		if (ig->items[i].line == p->line &&
		    (ig->items[i].checks & (1u << check)) &&
		    strcmp(ig->items[i].file, p->file) == 0)
			return true;
	return false;
}

/* Whether a comment silences f: at its line or at a note's. */
static bool silenced(const struct ignores *ig, const struct lint_finding *f)
{
	size_t i;

	if (!ig->count)
		return false;
	if (ignored_at(ig, f->check, &f->where))
		return true;
	for (i = 0; i < f->notes_count; i++)
		if (ignored_at(ig, f->check, &f->notes[i].where))
			return true;
	return false;
}

/* ---- output ---- */

/* s as cli_escape() writes it; most text has nothing to escape, and is
 * written at once. */
static void put_text(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p >= 0x20 && *p < 0x7f)
		p++;
	if (*p)
		cli_escape(stdout, s, strlen(s), "");
	else
		fwrite(s, 1, (const char *)p - s, stdout);
}

/* The digits of v, ending at end; where they start. */
static char *digits_before(char *end, unsigned int v)
{
	do
		*--end = '0' + v % 10;
	while (v /= 10);
	return end;
}

static void print_place(const struct lint_place *p)
{
	char buf[2 * 10 + 4], *end = buf + sizeof(buf), *q = end;

	*--q = ' ';
	*--q = ':';
	q = digits_before(q, p->column);
	*--q = ':';
	q = digits_before(q, p->line);
	*--q = ':';
	put_text(p->file);
	fwrite(q, 1, end - q, stdout);
}

static void print_text(const struct lint_finding *f)
{
	size_t i;

	print_place(&f->where);
	fputs("warning: ", stdout);
	put_text(f->text);
	fputs(" [", stdout);
	fputs(check_names[f->check], stdout);
	fputs("]\n", stdout);
	for (i = 0; i < f->notes_count; i++) {
		print_place(&f->notes[i].where);
		fputs("note: ", stdout);
		put_text(f->notes[i].text);
		putchar('\n');
	}
}

static void json_place(const struct lint_place *p, const char *text)
{
	fputs("\"file\":", stdout);
	cli_json_string(stdout, p->file, strlen(p->file));
	printf(",\"line\":%u,\"column\":%u,\"message\":", p->line,
	       p->column);
	cli_json_string(stdout, text, strlen(text));
}

static void print_json(const struct lint_finding *f, bool first)
{
	size_t i;

	printf("%s{\"check\":\"%s\",\"severity\":\"warning\",",
	       first ? "" : ",", check_names[f->check]);
	json_place(&f->where, f->text);
	fputs(",\"notes\":[", stdout);
	for (i = 0; i < f->notes_count; i++) {
		fputs(i ? ",{" : "{", stdout);
		json_place(&f->notes[i].where, f->notes[i].text);
		putchar('}');
	}
	fputs("]}", stdout);
}

/* A finding, unless a comment silences it. */
static void emit(struct lint *l, const struct lint_finding *f)
{
	if (silenced(l->ignores, f)) {
		l->quiet++;
		return;
	}
	if (l->json)
		print_json(f, l->shown == 0);
	else
		print_text(f);
	l->shown++;
}

/* From now on each finding is printed as soon as it is whole: the
 * comments are known, and those kept so far go first. */
static void start_streaming(struct lint *l)
{
	size_t i;

	flush(l);
	if (l->json)
		fputs("{\"findings\":[", stdout);
	for (i = 0; i < l->count; i++) {
		emit(l, &l->findings[i]);
		free(l->findings[i].text);
		if (l->findings[i].notes_count)
			free(l->findings[i].notes[0].text);
	}
	free(l->findings);
	l->findings = NULL;
	l->streaming = true;
}

/* ---- the command ---- */

/* -W NAME, -Wno-NAME ("all" for every check), in the order given. */
static void set_checks(struct lint *l, const struct ctl_options *o)
{
	const char *name;
	bool on;
	size_t i;
	int c;

	for (c = 0; c < LINT_CHECKS; c++)
		l->enabled[c] = true;
	for (i = 0; i < o->lint_warn_count; i++) {
		name = o->lint_warn[i];
		on = lint_check_index(name) >= 0 || strcmp(name, "all") == 0 ||
		     strncmp(name, "no-", 3) != 0;
		name += on ? 0 : 3;
		c = lint_check_index(name);
		if (c >= 0) {
			l->enabled[c] = on;
			continue;
		}
		if (strcmp(name, "all") != 0)
			cli_die_usage(EXIT_USAGE, "-W %s: no such check",
				      o->lint_warn[i]);
		for (c = 0; c < LINT_CHECKS; c++)
			l->enabled[c] = on;
	}
}

int cmd_lint(const struct ctl_options *o)
{
	struct ignores ig = { NULL, 0, 0 };
	struct lint l = { .ignores = &ig, .json = o->format == FORMAT_JSON };
	int errors;

	set_checks(&l, o);
	cli_buffer_stdout();	/* a large tree's findings: thousands of lines */
	errors = load_tree(o, &l) < 0;
	smack_policy_foreach_comment(l.policy, add_ignore, &ig);
	start_streaming(&l);
	lint_rules(&l);
	lint_labels(&l);
	lint_maps(&l);
	flush(&l);
	if (l.json)
		printf("],\"warnings\":%zu,\"silenced\":%zu,\"errors\":%s}\n",
		       l.shown, l.quiet, errors ? "true" : "false");
	free(ig.items);
	free(l.text);
	free(l.note);
	free(l.labels);
	free(l.rule_names);
	lint_intern_free(&l.in);
	smack_policy_free(l.policy);
	if (errors)
		return EXIT_FAILURE;
	return l.shown && o->lint_werror ? EXIT_FAILURE : EXIT_SUCCESS;
}
