// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaccess --who SUBJECT / --whom OBJECT: every label a subject may
 * reach, or that may reach an object, in a policy tree, with the lines or
 * the built-in rule that grant it.
 *
 * The labels are those the tree names anywhere (rules, CIPSO, netlabel,
 * knobs, labels.d) and the four system labels: a label the tree never
 * names gets no rule, so only the built-in rules could give it anything.
 * Each pair is asked once with an empty request, which tells the built-in
 * rule that decides it and what the pair's rules give; the lines come
 * from one pass over the rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "smackaccess.h"

struct label_set {
	char **items;		/* sorted, each once */
	size_t count, cap;
};

/* A rule line of the label asked about. */
struct line {
	size_t other;		/* the pair's other label, in the set */
	bool sets_all;		/* a three-field rule */
	const char *file;
	unsigned int line;
};

struct who_run {
	const struct who_request *r;
	const char *label;	/* being answered */
	struct label_set labels;
	struct line *lines;
	size_t nlines, cap;
	bool first;		/* of the JSON array */
};

/* ---- the labels of the tree ---- */

static void add_label(struct label_set *s, const char *label, size_t len)
{
	s->items = offline_grow(s->items, &s->cap, s->count, sizeof(*s->items));
	s->items[s->count] = strndup(label, len);
	if (!s->items[s->count])
		cli_die_errno(EXIT_FAILURE, "out of memory");
	s->count++;
}

/* A knob's list of labels ("a b", "-" for none). */
static void add_words(struct label_set *s, const char *list)
{
	size_t len;

	while (*(list += strspn(list, " \t"))) {
		len = strcspn(list, " \t");
		if (len != 1 || *list != '-')
			add_label(s, list, len);
		list += len;
	}
}

static void add_if(struct label_set *s, const char *label)
{
	/* netlabel's "-CIPSO" and "-DELETE" are no labels */
	if (label && smack_label_validate(label, NULL) >= 0)
		add_label(s, label, strlen(label));
}

static int add_entry(void *userdata, const struct smack_policy_entry *e)
{
	struct label_set *s = userdata;

	add_if(s, e->subject);
	add_if(s, e->object);
	/* A users file's label with %u in it is a pattern, not a label. */
	if (e->kind != SMACK_POLICY_USERS || !strchr(e->label, '%'))
		add_if(s, e->label);
	add_if(s, e->access_label);
	add_if(s, e->execute_label);
	add_if(s, e->mmap_label);
	if (e->kind == SMACK_POLICY_KNOB && !e->label &&
	    strcmp(e->knob, "onlycap") == 0)
		add_words(s, e->value);
	return 0;
}

static int compare_labels(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void collect_labels(const struct smack_policy *p, struct label_set *s)
{
	static const char system_labels[] = "_^*@";
	size_t i, kept = 0;

	for (i = 0; system_labels[i]; i++)
		add_label(s, &system_labels[i], 1);
	smack_policy_foreach(p, 0, add_entry, s);
	qsort(s->items, s->count, sizeof(*s->items), compare_labels);
	for (i = 0; i < s->count; i++) {
		if (kept && strcmp(s->items[kept - 1], s->items[i]) == 0)
			free(s->items[i]);
		else
			s->items[kept++] = s->items[i];
	}
	s->count = kept;
}

static size_t label_index(const struct label_set *s, const char *label)
{
	char **at = bsearch(&label, s->items, s->count, sizeof(*s->items),
			    compare_labels);

	return at ? (size_t)(at - s->items) : s->count;
}

/* ---- the rule lines of the label ---- */

static int add_rule_line(void *userdata, const struct smack_policy_entry *e)
{
	struct who_run *w = userdata;
	const char *mine = w->r->whom ? e->object : e->subject;
	const char *other = w->r->whom ? e->subject : e->object;
	struct line *l;

	if (strcmp(mine, w->label) != 0)
		return 0;
	w->lines = offline_grow(w->lines, &w->cap, w->nlines,
				sizeof(*w->lines));
	l = &w->lines[w->nlines++];
	l->other = label_index(&w->labels, other);
	l->sets_all = !e->deny;
	l->file = e->file;
	l->line = e->line;
	return 0;
}

/* The first line that decides the pair with label other: its last
 * three-field rule, or its first line. */
static size_t first_deciding(const struct who_run *w, size_t other)
{
	size_t i, first = w->nlines;

	for (i = 0; i < w->nlines; i++)
		if (w->lines[i].other == other &&
		    (first == w->nlines || w->lines[i].sets_all))
			first = i;
	return first;
}

/* ---- the answers ---- */

static const char *built_in_name(int reason)
{
	switch (reason) {
	case SMACK_REASON_WEB: return "web";
	case SMACK_REASON_STAR_OBJECT: return "star-object";
	case SMACK_REASON_SAME_LABEL: return "same-label";
	case SMACK_REASON_FLOOR_OBJECT: return "floor-object";
	case SMACK_REASON_HAT_SUBJECT: return "hat-subject";
	}
	return NULL;
}

static void json_field(const char *key, const char *value, bool more)
{
	printf("\"%s\":", key);
	cli_json_string(stdout, value, strlen(value));
	if (more)
		putchar(',');
}

/* "SUBJECT OBJECT LETTERS ", or the JSON object's start. */
static void start_answer(struct who_run *w, size_t other, unsigned int may)
{
	const char *label = w->labels.items[other];
	const char *s = w->r->whom ? label : w->label;
	const char *o = w->r->whom ? w->label : label;
	char letters[SMACK_ACCESS_STRLEN];

	smack_access_to_string(may, letters);
	if (!w->r->json) {
		printf("%s %s %s ", s, o, letters);
		return;
	}
	printf(w->first ? "\n{" : ",\n{");
	w->first = false;
	json_field("subject", s, true);
	json_field("object", o, true);
	json_field("access", letters, true);
}

static void print_built_in(struct who_run *w, size_t other, unsigned int may,
			   int reason)
{
	start_answer(w, other, may);
	if (w->r->json) {
		json_field("built_in", built_in_name(reason), false);
		putchar('}');
	} else {
		printf("built-in:%s\n", built_in_name(reason));
	}
}

static void print_lines(struct who_run *w, size_t other, unsigned int may)
{
	size_t i = first_deciding(w, other);
	bool json = w->r->json, more = false;

	start_answer(w, other, may);
	if (json)
		fputs("\"rules\":[", stdout);
	for (; i < w->nlines; i++) {
		if (w->lines[i].other != other)
			continue;
		fputs(more ? "," : "", stdout);
		more = true;
		if (!json) {
			offline_print_where(w->lines[i].file, w->lines[i].line,
					    CLI_ESCAPE_FIELD " ,");
			continue;
		}
		putchar('{');
		json_field("file", w->lines[i].file, true);
		printf("\"line\":%u}", w->lines[i].line);
	}
	fputs(json ? "]}" : "\n", stdout);
}

#define ALL_LETTERS SMACK_ACCESS_ALL
#define READ_EXEC_LOCK \
	(SMACK_ACCESS_READ | SMACK_ACCESS_EXEC | SMACK_ACCESS_LOCK)

static void answer_pair(struct smack_policy *p, struct who_run *w,
			size_t other)
{
	const char *label = w->labels.items[other];
	const char *s = w->r->whom ? label : w->label;
	const char *o = w->r->whom ? w->label : label;
	unsigned int granted = 0;
	int reason = 0;

	if (smack_policy_have_access(p, s, o, "-", &reason, &granted) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot answer \"%s %s\"", s, o);
	if (reason == SMACK_REASON_STAR_SUBJECT)
		return;
	if (reason == SMACK_REASON_FLOOR_OBJECT ||
	    reason == SMACK_REASON_HAT_SUBJECT)
		print_built_in(w, other, READ_EXEC_LOCK, reason);
	else if (built_in_name(reason))
		return print_built_in(w, other, ALL_LETTERS, reason);
	if (granted & SMACK_ACCESS_WRITE)
		granted |= SMACK_ACCESS_LOCK;
	if (granted)
		print_lines(w, other, granted);
}

static void answer_label(struct smack_policy *p, struct who_run *w,
			 const char *label)
{
	size_t i;

	w->label = label;
	w->nlines = 0;
	smack_policy_foreach(p, SMACK_POLICY_RULE, add_rule_line, w);
	for (i = 0; i < w->labels.count; i++)
		answer_pair(p, w, i);
}

/* ---- the labels asked ---- */

static bool check_label(const char *label, const char *where)
{
	const char *why;

	if (smack_label_validate(label, &why) >= 0)
		return true;
	cli_warn("%slabel \"%s\" %s", where, label, why);
	return false;
}

/* The first word of each line of name that is not blank or a comment;
 * every label checked before the first answer. */
static bool read_labels(const char *name, struct label_set *asked)
{
	bool from_stdin = strcmp(name, "-") == 0, ok = true;
	FILE *in = from_stdin ? stdin : fopen(name, "re");
	char *line = NULL, *word, *where;
	size_t cap = 0, number = 0;

	if (!in)
		cli_die_errno(EXIT_FAILURE, "%s", name);
	while (getline(&line, &cap, in) >= 0) {
		number++;
		word = line + strspn(line, " \t\r\n");
		word[strcspn(word, " \t\r\n")] = '\0';
		if (!*word || *word == '#')
			continue;
		if (asprintf(&where, "%s:%zu: ", from_stdin ? "<stdin>" : name,
			     number) < 0)
			cli_die_errno(EXIT_FAILURE, "out of memory");
		ok = check_label(word, where) && ok;
		free(where);
		add_label(asked, word, strlen(word));
	}
	if (ferror(in))
		cli_die_errno(EXIT_FAILURE, "%s", name);
	free(line);
	if (!from_stdin)
		fclose(in);
	return ok;
}

static void release(struct label_set *s)
{
	size_t i;

	for (i = 0; i < s->count; i++)
		free(s->items[i]);
	free(s->items);
}

int offline_who(struct smack_policy *p, const struct who_request *r)
{
	struct label_set asked = { NULL, 0, 0 };
	struct who_run w = { .r = r, .first = true };
	size_t i;

	if (r->file ? !read_labels(r->file, &asked) : !check_label(r->label,
								   "")) {
		release(&asked);
		return EXIT_FAILURE;
	}
	if (!r->file)
		add_label(&asked, r->label, strlen(r->label));
	/* The labels asked reach themselves, named in the tree or not. */
	for (i = 0; i < asked.count; i++)
		add_label(&w.labels, asked.items[i], strlen(asked.items[i]));
	collect_labels(p, &w.labels);
	if (r->json)
		putchar('[');
	for (i = 0; i < asked.count; i++)
		answer_label(p, &w, asked.items[i]);
	if (r->json)
		puts(w.first ? "]" : "\n]");
	release(&asked);
	release(&w.labels);
	free(w.lines);
	return EXIT_SUCCESS;
}
