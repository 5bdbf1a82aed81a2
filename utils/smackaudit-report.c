// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit: the default report, in text or JSON.  One entry a subject,
 * object, letters and verdict, most records first: how many, when, a few
 * examples, and why the running kernel denies it now.
 */
#include <string.h>
#include <sys/smack.h>

#include "cli.h"
#include "smackaudit.h"

static const char *const verdicts[] = {
	[AUDIT_DENIED] = "denied",
	[AUDIT_GRANTED] = "granted",
	[AUDIT_BRINGUP] = "bring-up",
	[AUDIT_UNCONFINED] = "unconfined",
};

static const char *const reasons[] = {
	[AUDIT_WHY_NOT_ASKED] = "not-asked",
	[AUDIT_WHY_ALLOWED_NOW] = "allowed-now",
	[AUDIT_WHY_STAR_SUBJECT] = "star-subject",
	[AUDIT_WHY_PTRACE_RULE] = "ptrace-rule",
	[AUDIT_WHY_NO_RULE] = "no-rule",
	[AUDIT_WHY_RULE_LACKS] = "rule-lacks",
	[AUDIT_WHY_DRIFT] = "drift",
};

static const char *const drifts[] = {
	[AUDIT_DRIFT_NONE] = NULL,
	[AUDIT_DRIFT_TREE_ALLOWS] = "tree-allows",
	[AUDIT_DRIFT_KERNEL_ALLOWS] = "kernel-allows",
	[AUDIT_DRIFT_RULE] = "rule-differs",
};

static bool all_digits(const struct audit_bytes *b)
{
	size_t i;

	for (i = 0; i < b->len; i++)
		if (b->at[i] < '0' || b->at[i] > '9')
			return false;
	return b->len > 0;
}

/* ---- text */

/* The details " key=value" each; a bring-up line's example has no
 * command, and its details then start with no space.  Every byte of
 * them as decoded, a NUL too (\000): none ends a key or a value early. */
void audit_print_details(FILE *out, const struct audit_example *x,
			 bool first)
{
	struct audit_bytes key, value;
	size_t pos = 0;

	for (; audit_example_detail(x, &pos, &key, &value); first = false) {
		if (!first)
			putc(' ', out);
		cli_escape(out, key.at, key.len, "=" CLI_ESCAPE_FIELD);
		putc('=', out);
		if (all_digits(&value)) {
			fwrite(value.at, 1, value.len, out);
		} else {
			putc('"', out);
			cli_escape(out, value.at, value.len, CLI_ESCAPE_FIELD);
			putc('"', out);
		}
	}
}

void audit_print_example(FILE *out, const struct audit_example *x)
{
	cli_escape(out, x->comm, x->comm_len, CLI_ESCAPE_FIELD);
	if (x->pid >= 0)
		fprintf(out, "[%ld]", x->pid);
	if (x->fn_len) {
		putc(' ', out);
		cli_escape(out, x->fn, x->fn_len, CLI_ESCAPE_FIELD);
	}
	audit_print_details(out, x, !x->comm_len && x->pid < 0 && !x->fn_len);
}

/* "Sub Obj rw", with the verdict when it is not a denial. */
static void print_key(const struct audit_entry *e)
{
	char letters[SMACK_ACCESS_STRLEN];

	printf("%s %s %s", e->subject, e->object,
	       smack_access_to_string(e->access, letters));
	if (e->labels_differ)
		fputs(" (labels differ)", stdout);
	if (e->verdict != AUDIT_DENIED)
		printf(" (%s)", verdicts[e->verdict]);
}

static void print_lines(const char *prefix, const char *text)
{
	const char *nl;

	while (text && *text) {
		nl = strchr(text, '\n');
		printf("  %s%.*s\n", prefix,
		       (int)(nl ? (size_t)(nl - text) : strlen(text)), text);
		text = nl ? nl + 1 : NULL;
	}
}

/* '  tree: the rule "S O x" (FILE:LINE) lacks "w"', where the pair's
 * rules decide. */
static void text_tree(const struct audit_entry *e,
		      const struct audit_tree_view *t)
{
	char letters[SMACK_ACCESS_STRLEN];
	const char *more = t->nlines > 1 ? "" : "s";

	if (!t->asked || (t->reason != SMACK_REASON_RULE &&
			  t->reason != SMACK_REASON_NO_RULE))
		return;
	if (!t->nlines) {
		printf("  tree: no rule \"%s %s ...\" is in the tree\n",
		       e->subject, e->object);
		return;
	}
	printf("  tree: the rule%s \"%s %s %s\" (", t->nlines > 1 ? "s" : "",
	       e->subject, e->object,
	       smack_access_to_string(t->granted, letters));
	audit_print_lines(stdout, t);
	if (t->allowed)
		printf(") grant%s it\n", more);
	else
		printf(") lack%s \"%s\"\n", more, smack_access_to_string(
			       e->access & ~audit_tree_may(t->granted), letters));
}

/* '"S O x"', or "none". */
static void print_rule(const struct audit_entry *e, bool has,
		       unsigned int access)
{
	char letters[SMACK_ACCESS_STRLEN];

	if (has)
		printf("\"%s %s %s\"", e->subject, e->object,
		       smack_access_to_string(access, letters));
	else
		fputs("none", stdout);
}

static void text_drift(const struct audit_entry *e,
		       const struct audit_explanation *why)
{
	if (why->drift == AUDIT_DRIFT_TREE_ALLOWS)
		puts("  drift: the tree allows it and the running kernel "
		     "denies it: the tree's rules are not what is loaded "
		     "(smackctl apply loads them)");
	if (why->drift == AUDIT_DRIFT_KERNEL_ALLOWS)
		puts("  drift: the running kernel allows it and the tree "
		     "denies it: a rule was loaded from outside the tree");
	if (why->drift != AUDIT_DRIFT_RULE)
		return;
	fputs("  drift: the pair's rule in the running kernel is ", stdout);
	print_rule(e, why->has_rule, why->have);
	fputs(", in the tree ", stdout);
	print_rule(e, why->tree.nlines > 0, why->tree.granted);
	putchar('\n');
}

static void text_entry(const struct audit_entry *e,
		       const struct audit_explanation *why)
{
	size_t i;

	print_key(e);
	printf(": %lu record%s, ", e->count, e->count == 1 ? "" : "s");
	audit_print_time(stdout, e->first_ms);
	if (e->last_ms != e->first_ms) {
		fputs(" to ", stdout);
		audit_print_time(stdout, e->last_ms);
	}
	putchar('\n');
	for (i = 0; i < e->nexamples; i++) {
		fputs("    ", stdout);
		audit_print_example(stdout, &e->examples[i]);
		putchar('\n');
	}
	print_lines("why: ", why->text);
	print_lines("note: ", why->notes);
	text_tree(e, &why->tree);
	text_drift(e, why);
}

void audit_print_totals(FILE *out, const struct audit_totals *t,
			const char *prefix)
{
	if (t->bad)
		fprintf(out, "%s%lu malformed record%s skipped (see the "
			"messages above)\n", prefix, t->bad,
			t->bad == 1 ? "" : "s");
	if (t->granted)
		fprintf(out, "%s%lu record%s of granted accesses left out\n",
			prefix, t->granted, t->granted == 1 ? "" : "s");
	if (t->lost)
		fprintf(out, "%sthe log dropped %lu audit record%s (printk's "
			"rate limit): this report may lack some\n", prefix,
			t->lost, t->lost == 1 ? "" : "s");
	if (t->overwritten)
		fprintf(out, "%sthe kernel log overwrote %lu record%s before "
			"they were read: this report may lack some\n", prefix,
			t->overwritten, t->overwritten == 1 ? "" : "s");
}

/* The kernel's explanation, and the tree's. */
static bool explain(struct audit_kernel *kernel,
		    const struct smack_policy *tree,
		    const struct audit_entry *e, struct audit_explanation *why)
{
	if (!audit_explain(kernel, e, why))
		return false;
	if (audit_tree_explain(tree, e, why))
		return true;
	audit_explanation_release(why);
	return false;
}

static bool text_report(struct audit_entry **entries, size_t n,
			struct audit_kernel *kernel,
			const struct smack_policy *tree,
			const struct audit_totals *totals)
{
	struct audit_explanation why;
	size_t i;

	if (n == 0)
		printf("no Smack records found\n");
	else
		printf("%zu entr%s from %lu record%s\n", n, n == 1 ? "y" : "ies",
		       totals->records, totals->records == 1 ? "" : "s");
	audit_print_totals(stdout, totals, "");
	for (i = 0; i < n; i++) {
		if (!explain(kernel, tree, entries[i], &why))
			return false;
		putchar('\n');
		text_entry(entries[i], &why);
		audit_explanation_release(&why);
	}
	return true;
}

/* ---- JSON */

void audit_json_string(const char *s)
{
	if (s)
		cli_json_string(stdout, s, strlen(s));
	else
		fputs("null", stdout);
}

static void json_details(const struct audit_example *x)
{
	struct audit_bytes key, value;
	size_t pos = 0;
	bool first = true;

	putchar('{');
	for (; audit_example_detail(x, &pos, &key, &value); first = false) {
		if (!first)
			putchar(',');
		cli_json_string(stdout, key.at, key.len);
		putchar(':');
		cli_json_string(stdout, value.at, value.len);
	}
	putchar('}');
}

void audit_json_example(const struct audit_example *x)
{
	fputs("{\"comm\":", stdout);
	cli_json_string(stdout, x->comm, x->comm_len);
	printf(",\"pid\":%ld,\"fn\":", x->pid);
	cli_json_string(stdout, x->fn, x->fn_len);
	fputs(",\"time\":", stdout);
	audit_print_json_time(stdout, x->time_ms);
	fputs(",\"details\":", stdout);
	json_details(x);
	putchar('}');
}

static void json_lines(const char *text)
{
	const char *nl;
	bool first = true;

	putchar('[');
	while (text && *text) {
		nl = strchr(text, '\n');
		if (!first)
			putchar(',');
		cli_json_string(stdout, text,
				nl ? (size_t)(nl - text) : strlen(text));
		text = nl ? nl + 1 : NULL;
		first = false;
	}
	putchar(']');
}

/* {"allowed":...,"rule":"x","lines":[...]}, or null without a tree. */
static void json_tree(const struct audit_tree_view *t)
{
	char letters[SMACK_ACCESS_STRLEN];

	if (!t->asked) {
		fputs("null", stdout);
		return;
	}
	printf("{\"allowed\":%s,\"rule\":", t->allowed ? "true" : "false");
	audit_json_string(t->nlines ?
			  smack_access_to_string(t->granted, letters) : NULL);
	fputs(",\"lines\":", stdout);
	audit_json_lines(t);
	putchar('}');
}

static void json_why(const struct audit_explanation *why)
{
	char letters[SMACK_ACCESS_STRLEN];

	printf("{\"reason\":\"%s\",\"text\":", reasons[why->why]);
	audit_json_string(why->text);
	fputs(",\"rule\":", stdout);
	audit_json_string(why->has_rule ?
			  smack_access_to_string(why->have, letters) : NULL);
	fputs(",\"missing\":", stdout);
	audit_json_string(why->why == AUDIT_WHY_RULE_LACKS ||
			  why->why == AUDIT_WHY_NO_RULE ?
			  smack_access_to_string(why->missing, letters) : NULL);
	fputs(",\"builtin\":", stdout);
	audit_json_string(why->builtin);
	fputs(",\"notes\":", stdout);
	json_lines(why->notes);
	fputs(",\"tree\":", stdout);
	json_tree(&why->tree);
	fputs(",\"drift\":", stdout);
	audit_json_string(drifts[why->drift]);
	putchar('}');
}

static void json_functions(const struct audit_entry *e)
{
	unsigned int i;
	bool first = true;

	putchar('[');
	for (i = 0; i < 64; i++) {
		if (!(e->functions >> i & 1))
			continue;
		if (!first)
			putchar(',');
		audit_json_string(audit_function_name(i) ?
				  audit_function_name(i) : "other");
		first = false;
	}
	putchar(']');
}

/* The fields every JSON entry has, without its closing brace. */
void audit_json_entry_head(const struct audit_entry *e)
{
	char letters[SMACK_ACCESS_STRLEN];
	size_t i;

	fputs("{\"subject\":", stdout);
	audit_json_string(e->subject);
	fputs(",\"object\":", stdout);
	audit_json_string(e->object);
	printf(",\"access\":\"%s\",\"labels_differ\":%s,\"verdict\":\"%s\","
	       "\"count\":%lu,\"first\":",
	       smack_access_to_string(e->access, letters),
	       e->labels_differ ? "true" : "false", verdicts[e->verdict],
	       e->count);
	audit_print_json_time(stdout, e->first_ms);
	fputs(",\"last\":", stdout);
	audit_print_json_time(stdout, e->last_ms);
	fputs(",\"functions\":", stdout);
	json_functions(e);
	fputs(",\"examples\":[", stdout);
	for (i = 0; i < e->nexamples; i++) {
		if (i)
			putchar(',');
		audit_json_example(&e->examples[i]);
	}
	putchar(']');
}

void audit_json_totals(const struct audit_totals *t)
{
	printf("\"records\":%lu,\"granted\":%lu,\"malformed\":%lu,"
	       "\"lost\":%lu,\"overwritten\":%lu", t->records, t->granted,
	       t->bad, t->lost, t->overwritten);
}

static bool json_report(struct audit_entry **entries, size_t n,
			struct audit_kernel *kernel,
			const struct smack_policy *tree,
			const struct audit_totals *totals)
{
	struct audit_explanation why;
	size_t i;

	putchar('{');
	audit_json_totals(totals);
	fputs(",\"entries\":[", stdout);
	for (i = 0; i < n; i++) {
		if (!explain(kernel, tree, entries[i], &why))
			return false;
		fputs(i ? ",\n" : "\n", stdout);
		audit_json_entry_head(entries[i]);
		fputs(",\"why\":", stdout);
		json_why(&why);
		putchar('}');
		audit_explanation_release(&why);
	}
	fputs("]}\n", stdout);
	return true;
}

bool audit_report(struct audit_table *table, struct audit_kernel *kernel,
		  const struct smack_policy *tree,
		  const struct audit_totals *totals, enum audit_mode mode,
		  bool json)
{
	struct audit_entry **entries = audit_table_sorted(table);
	size_t n = audit_table_count(table);

	if (mode != AUDIT_REPORT)
		return audit_rules(entries, n, kernel, tree, totals,
				   mode == AUDIT_MODIFY, json);
	if (json)
		return json_report(entries, n, kernel, tree, totals);
	return text_report(entries, n, kernel, tree, totals);
}

void audit_report_live(const struct audit_entry *e, bool json)
{
	if (json) {
		audit_json_entry_head(e);
		fputs("}\n", stdout);
	} else {
		print_key(e);
		if (e->nexamples) {
			fputs(": ", stdout);
			audit_print_example(stdout, &e->examples[0]);
		}
		putchar('\n');
	}
	fflush(stdout);
}
