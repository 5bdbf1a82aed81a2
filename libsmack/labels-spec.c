// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Label specifications, labels.d (smack-labels(5)): which attributes the
 * files whose paths match a pattern carry, for chsmack --restore.
 *
 * A line is PATTERN [TYPE] ATTRIBUTE... with blanks between the fields.
 * PATTERN is a POSIX extended regular expression that must match the
 * whole absolute path; TYPE is "--", "-d", "-l", "-c", "-b", "-p" or "-s";
 * each ATTRIBUTE is access=LABEL, execute=LABEL (or exec=), mmap=LABEL or
 * transmute (a value may be quoted, as chsmack lists it), or the single
 * word <<none>>.  A field starting with '#' after the pattern starts a
 * comment.  A line gives all a file carries: the attributes it does not
 * name are to be removed.  The last matching line wins.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "libsmack-internal.h"
#include "policy.h"

#define LEAVE_ALONE "<<none>>"
#define TRANSMUTE_VALUE "TRUE"

enum { ATTR_ACCESS, ATTR_EXECUTE, ATTR_MMAP, ATTR_TRANSMUTE, ATTRS };

static const char attr_names[ATTRS][10] = {
	"access", "execute", "mmap", "transmute"
};

/* The file types a line may name: "-" and one of these letters, the type
 * of each at the same place. */
static const char type_letters[] = "-dlcbps";
static const mode_t file_types[] = {
	S_IFREG, S_IFDIR, S_IFLNK, S_IFCHR, S_IFBLK, S_IFIFO, S_IFSOCK,
};

/* One line being parsed. */
struct labels_line {
	struct parse_ctx *ctx;
	unsigned int number;
	struct labels_rule *rule;
	unsigned int given;	/* attributes named so far, a bit each */
	bool compiled;
	bool out_of_memory;
};

static void rule_free(struct labels_rule *rule, bool compiled)
{
	int i;

	if (compiled)
		regfree(&rule->regex);
	for (i = 0; i < 3; i++)
		free(rule->label[i]);
	free(rule->pattern);
	free(rule);
}

/* "what "TEXT" why" at the column of the field at fault. */
static void report(struct labels_line *l, const struct parse_field *at,
		   const char *what, const struct parse_field *text,
		   const char *why)
{
	char q[PARSE_QUOTE_SIZE];

	parse_error(l->ctx, l->number, at->column, "%s %s %s", what,
		    parse_quote(q, text->text, text->len), why);
}

static void report_oom(struct labels_line *l, const struct parse_field *f)
{
	l->out_of_memory = true;
	parse_error(l->ctx, l->number, f->column, "out of memory");
}

static void compile_pattern(struct labels_line *l, const struct parse_field *f)
{
	struct labels_rule *rule = l->rule;
	char *anchored, message[256], q[PARSE_QUOTE_SIZE];
	int ret;

	rule->pattern = strndup(f->text, f->len);
	anchored = malloc(f->len + 5);
	if (!rule->pattern || !anchored) {
		free(anchored);
		report_oom(l, f);
		return;
	}
	memcpy(anchored, "^(", 2);
	memcpy(anchored + 2, f->text, f->len);
	memcpy(anchored + 2 + f->len, ")$", 3);
	ret = regcomp(&rule->regex, anchored, REG_EXTENDED | REG_NOSUB);
	free(anchored);
	if (ret == 0) {
		l->compiled = true;
		return;
	}
	regerror(ret, &rule->regex, message, sizeof(message));
	parse_error(l->ctx, l->number, f->column, "bad pattern %s: %s",
		    parse_quote(q, f->text, f->len), message);
}

/* f starts with '-'. */
static void parse_type(struct labels_line *l, const struct parse_field *f)
{
	const char *letter = NULL;

	if (f->len == 2)
		letter = memchr(type_letters, f->text[1],
				sizeof(type_letters) - 1);
	if (letter) {
		l->rule->file_type = *letter;
		l->rule->type = file_types[letter - type_letters];
		return;
	}
	report(l, f, "unknown file type", f,
	       "(one of --, -d, -l, -c, -b, -p, -s)");
}

/* The attribute a key (len bytes) names, or -1. */
static int attr_of_key(const char *key, size_t len)
{
	int a;

	if (len == 4 && memcmp(key, "exec", 4) == 0)
		return ATTR_EXECUTE;
	for (a = 0; a < ATTRS; a++)
		if (strlen(attr_names[a]) == len &&
		    memcmp(key, attr_names[a], len) == 0)
			return a;
	return -1;
}

/* Why value (len bytes) cannot go into attribute a, or NULL. */
static const char *value_fault(int a, const char *value, size_t len)
{
	const char *why = NULL;

	if (a == ATTR_TRANSMUTE)
		return len == 4 && memcmp(value, TRANSMUTE_VALUE, 4) == 0 ?
		       NULL : "is not TRUE";
	if (label_validate_n(value, len, &why) < 0)
		return why;
	/* The kernel refuses these two for SMACK64EXEC and SMACK64MMAP:
	 * saying so now beats an EINVAL for every file of a tree. */
	if (a != ATTR_ACCESS && len == 1 && (*value == '*' || *value == '@'))
		return "is '*' or '@', which the kernel refuses here";
	return NULL;
}

static void set_value(struct labels_line *l, const struct parse_field *f,
		      int a, const struct parse_field *value)
{
	char what[32];
	const char *why = value_fault(a, value->text, value->len);

	if (why) {
		strcpy(stpcpy(what, attr_names[a]),
		       a == ATTR_TRANSMUTE ? " value" : " label");
		report(l, f, what, value, why);
		return;
	}
	if (a == ATTR_TRANSMUTE)
		l->rule->flags |= SMACK_LABELS_TRANSMUTE;
	else if (!(l->rule->label[a] = strndup(value->text, value->len)))
		report_oom(l, f);
}

/* "KEY=VALUE": the value without its quotes, if it has them; false when
 * they do not pair. */
static bool split_attribute(const struct parse_field *f, size_t *key_len,
			    struct parse_field *value)
{
	const char *eq = memchr(f->text, '=', f->len);

	*key_len = eq ? (size_t)(eq - f->text) : f->len;
	*value = *f;
	value->len = 0;
	if (!eq)
		return true;
	value->text = eq + 1;
	value->len = f->len - *key_len - 1;
	if (!value->len || *value->text != '"')
		return true;
	if (value->len < 2 || value->text[value->len - 1] != '"')
		return false;
	value->text++;
	value->len -= 2;
	return true;
}

/* The name of an attribute that is none, or a type in the wrong place. */
static void report_key(struct labels_line *l, const struct parse_field *f,
		       size_t key_len)
{
	struct parse_field key = *f;

	key.len = key_len;
	if (f->text[0] == '-')
		report(l, f, "the file type", &key, "must follow the pattern");
	else
		report(l, f, "unknown attribute", &key,
		       "(access, execute, mmap or transmute)");
}

static void parse_attribute(struct labels_line *l, const struct parse_field *f)
{
	struct parse_field value;
	size_t key_len;
	bool paired = split_attribute(f, &key_len, &value);
	int a = attr_of_key(f->text, key_len);

	if (a < 0) {
		report_key(l, f, key_len);
	} else if (l->given & (1u << a)) {
		parse_error(l->ctx, l->number, f->column, "%s given twice",
			    attr_names[a]);
	} else if (key_len == f->len && a != ATTR_TRANSMUTE) {
		parse_error(l->ctx, l->number, f->column,
			    "%s needs a label: %s=LABEL", attr_names[a],
			    attr_names[a]);
	} else if (!paired) {
		parse_error(l->ctx, l->number, f->column,
			    "%s value has an unmatched '\"'", attr_names[a]);
	} else if (key_len == f->len) {
		l->rule->flags |= SMACK_LABELS_TRANSMUTE;
	} else {
		set_value(l, f, a, &value);
	}
	if (a >= 0)
		l->given |= 1u << a;
}

static bool is_leave_alone(const struct parse_field *f)
{
	return f->len == sizeof(LEAVE_ALONE) - 1 &&
	       memcmp(f->text, LEAVE_ALONE, f->len) == 0;
}

/* The attributes after the pattern and type, from f on; end: the line's
 * end, for the column of a missing field. */
static void parse_attributes(struct labels_line *l,
			     const struct parse_line *line, size_t pos,
			     struct parse_field *f, bool more)
{
	bool alone = false;

	if (!more || f->text[0] == '#') {
		if (!more)
			f->column = line->len + 1;
		parse_error(l->ctx, l->number, f->column, "no attributes ("
			    LEAVE_ALONE " leaves matching files alone)");
		return;
	}
	do {
		if (f->text[0] == '#')
			break;
		if (is_leave_alone(f) && !l->given && !alone) {
			l->rule->flags |= SMACK_LABELS_NONE;
			alone = true;
		} else if (is_leave_alone(f) || alone) {
			parse_error(l->ctx, l->number, f->column,
				    LEAVE_ALONE " stands alone");
		} else {
			parse_attribute(l, f);
		}
	} while (parse_next_field(line, &pos, f));
}

static int keep_rule(struct smack_policy *p, struct labels_rule *rule)
{
	struct labels_rule **slot = records_slot(&p->labels, sizeof(*slot));

	if (!slot)
		return -1;
	*slot = rule;
	p->labels.count++;
	return 0;
}

/* A parse_line_fn: one line of a specification into arg, the policy. */
static int parse_line(void *arg, struct parse_ctx *ctx,
		      const struct parse_line *line)
{
	struct labels_line l = { ctx, line->number, NULL, 0, false, false };
	unsigned int errors = ctx->errors;
	struct parse_field f;
	size_t pos = 0;
	bool more;

	parse_next_field(line, &pos, &f);
	l.rule = calloc(1, sizeof(*l.rule));
	if (!l.rule) {
		report_oom(&l, &f);
		return -1;
	}
	compile_pattern(&l, &f);
	more = parse_next_field(line, &pos, &f);
	if (more && f.text[0] == '-') {
		parse_type(&l, &f);
		more = parse_next_field(line, &pos, &f);
	}
	parse_attributes(&l, line, pos, &f, more);
	if (ctx->errors == errors && keep_rule(arg, l.rule) == 0)
		return 0;
	rule_free(l.rule, l.compiled);
	if (ctx->errors != errors && !l.out_of_memory)
		return 0;
	errno = ENOMEM;
	return -1;
}

int labels_parse_fd(struct smack_policy *p, int fd, struct parse_ctx *ctx)
{
	return parse_lines(ctx, fd, 0, parse_line, p);
}

size_t labels_count(const struct smack_policy *p)
{
	return p->labels.count;
}

static void release_rules(struct records *set)
{
	size_t i;

	for (i = 0; i < set->count; i++)
		rule_free(RECORD(set, struct labels_rule *, i), true);
}

void labels_truncate(struct smack_policy *p, const struct policy_mark *m)
{
	records_truncate(&p->labels, m->count[SMACK_POLICY_LABELS],
			 sizeof(struct labels_rule *), release_rules);
}

void labels_fill(const struct smack_policy *p, size_t i,
		 struct smack_policy_entry *e, char *buf)
{
	const struct labels_rule *rule =
		RECORD(&p->labels, struct labels_rule *, i);

	e->pattern = rule->pattern;
	e->file_type = rule->file_type;
	e->flags = rule->flags;
	e->access_label = rule->label[ATTR_ACCESS];
	e->execute_label = rule->label[ATTR_EXECUTE];
	e->mmap_label = rule->label[ATTR_MMAP];
}

SMACK_EXPORT
int smack_policy_match_path(const struct smack_policy *policy,
			    const char *path, mode_t mode,
			    struct smack_policy_entry *entry)
{
	const struct labels_rule *rule;
	size_t i;

	if (!policy || !path || !entry) {
		errno = EINVAL;
		return -1;
	}
	for (i = policy->labels.count; i-- > 0;) {
		rule = RECORD(&policy->labels, struct labels_rule *, i);
		if (rule->type && rule->type != (mode & S_IFMT))
			continue;
		if (regexec(&rule->regex, path, 0, NULL, 0) == 0) {
			policy_entry(policy, SMACK_POLICY_LABELS, i, entry,
				     NULL);
			return 1;
		}
	}
	return 0;
}
