// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaccess - ask the kernel whether a subject label may access an
 * object label, and optionally why.
 *
 * The answer always comes from the kernel (access2).  --explain works the
 * reason out from what the kernel shows (the labels it knows, through
 * cipso2, and its rules, through load2), following the kernel's own order
 * of checks, and says so when the two disagree rather than guess.
 *
 * With --config-dir or --root the answers come from a policy tree instead,
 * with no kernel (smackaccess-offline.c, smackaccess-who.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/smack.h>

#include "cli.h"
#include "smackaccess.h"
#include "tools.h"

struct rule {
	const char *subject, *object;
	unsigned int access;
};

/* What --explain needs from the kernel, read once for every query. */
struct kernel_view {
	char **labels;		/* sorted */
	size_t nlabels;
	struct rule *rules;	/* sorted by subject, then object */
	size_t nrules;
	struct smack_accesses *loaded;	/* owns the rule strings */
	/* A policy without rules: the library's built-in rules, applied as
	 * the kernel applies them, for the steps before the rules. */
	struct smack_policy *no_rules;
	bool ready;
	/* --config-dir or --root: every answer comes from this tree. */
	struct smack_policy *tree;
};

static CLI_NORETURN void usage(void)
{
	printf("Usage: %s [OPTION]... SUBJECT OBJECT ACCESS\n"
	       "  or:  %s [OPTION]... -f FILE\n"
	       "  or:  %s --config-dir=DIR [-j] --who SUBJECT|--whom OBJECT\n"
	       "Print 1 when the kernel's Smack policy lets a process labeled "
	       "SUBJECT\n"
	       "access an object labeled OBJECT in the ways ACCESS lists "
	       "(letters of\n"
	       "\"rwxatlb\", or \"-\"), and 0 when it does not.\n"
	       "\n"
	       "  -e, --explain    after the answer, say which check of the "
	       "kernel decides it\n"
	       "  -f, --file=FILE  answer the queries \"SUBJECT OBJECT "
	       "ACCESS\" of FILE, one a\n"
	       "                   line ('-' for standard input), one answer "
	       "a line\n"
	       "      --config-dir=DIR  answer from the policy tree DIR, "
	       "with no kernel\n"
	       "      --root=DIR   answer from the tree under DIR, as if DIR "
	       "were /\n"
	       "      --who        list every object SUBJECT may access, and "
	       "what grants it\n"
	       "      --whom       list every subject that may access OBJECT\n"
	       "  -j, --json       --who and --whom as a JSON array\n"
	       "  -h, --help       show this help and exit\n"
	       "  -v, --version    show the version and exit\n"
	       "\n"
	       "Exit status: 0 when every query was answered, 1 on an invalid "
	       "label or\n"
	       "access string, an error in the tree, when Smack is not active "
	       "or on any\nother error, 2 on bad usage.\n",
	       cli_name(), cli_name(), cli_name());
	cli_exit(EXIT_SUCCESS);
}

/* ---- the kernel's view, for --explain ---- */

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int compare_rules(const void *a, const void *b)
{
	const struct rule *x = a, *y = b;
	int c = strcmp(x->subject, y->subject);

	return c ? c : strcmp(x->object, y->object);
}

static int collect_label(void *userdata, const char *label, int level,
			 const int *categories, int ncategories)
{
	struct kernel_view *v = userdata;

	v->labels[v->nlabels] = strdup(label);
	if (!v->labels[v->nlabels])
		return -1;
	v->nlabels++;
	return 0;
}

/* cipso2 lists every label the kernel knows, mapped or not. */
static void read_known_labels(struct kernel_view *v)
{
	struct smack_cipso *c;

	if (smack_cipso_new_from_kernel(&c) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot read the kernel's labels");
	v->labels = calloc(smack_cipso_count(c) + 1, sizeof(*v->labels));
	if (!v->labels || smack_cipso_foreach(c, collect_label, v) != 0)
		cli_die_errno(EXIT_FAILURE, "cannot read the kernel's labels");
	smack_cipso_free(c);
	qsort(v->labels, v->nlabels, sizeof(*v->labels), compare_strings);
}

static int collect_rule(void *userdata, const char *subject,
			const char *object, const char *access,
			const char *deny)
{
	struct kernel_view *v = userdata;
	struct rule *r = &v->rules[v->nrules];

	if (smack_access_from_string(access, &r->access) < 0)
		return -1;
	r->subject = subject;
	r->object = object;
	v->nrules++;
	return 0;
}

static void read_rules(struct kernel_view *v)
{
	if (smack_accesses_new_from_kernel(&v->loaded) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot read the kernel's rules");
	v->rules = calloc(smack_accesses_count(v->loaded) + 1,
			  sizeof(*v->rules));
	if (!v->rules ||
	    smack_accesses_foreach(v->loaded, collect_rule, v) != 0)
		cli_die_errno(EXIT_FAILURE, "cannot read the kernel's rules");
	qsort(v->rules, v->nrules, sizeof(*v->rules), compare_rules);
}

static void kernel_view_load(struct kernel_view *v)
{
	if (v->ready)
		return;
	read_known_labels(v);
	read_rules(v);
	if (smack_policy_new(&v->no_rules) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	v->ready = true;
}

static void kernel_view_release(struct kernel_view *v)
{
	size_t i;

	for (i = 0; i < v->nlabels; i++)
		free(v->labels[i]);
	free(v->labels);
	free(v->rules);
	smack_accesses_free(v->loaded);
	smack_policy_free(v->no_rules);
	smack_policy_free(v->tree);
}

static bool label_is_known(const struct kernel_view *v, const char *label)
{
	return bsearch(&label, v->labels, v->nlabels, sizeof(*v->labels),
		       compare_strings) != NULL;
}

static const struct rule *find_rule(const struct kernel_view *v,
				    const char *subject, const char *object)
{
	struct rule key = { subject, object, 0 };

	return bsearch(&key, v->rules, v->nrules, sizeof(*v->rules),
		       compare_rules);
}

/* ---- the explanation ---- */

const char *smackaccess_built_in(int reason, const char *object)
{
	switch (reason) {
	case SMACK_REASON_STAR_SUBJECT:
		return "the subject is '*', which may access nothing";
	case SMACK_REASON_WEB:
		/* The kernel looks at the object first. */
		if (strcmp(object, "@") == 0)
			return "the object is '@', which anyone may access";
		return "the subject is '@', which may access anything";
	case SMACK_REASON_STAR_OBJECT:
		return "the object is '*', which anyone may access";
	case SMACK_REASON_SAME_LABEL:
		return "subject and object have the same label";
	case SMACK_REASON_FLOOR_OBJECT:
		return "the object is '_', which anyone may read, execute or "
		       "lock";
	case SMACK_REASON_HAT_SUBJECT:
		return "the subject is '^', which may read, execute or lock "
		       "anything";
	}
	return NULL;
}

/* The last step: the pair's rule must hold every letter asked for, where
 * write also grants lock. */
static int explain_rule(const struct kernel_view *v, const char *s,
			const char *o, unsigned int request, char **reason)
{
	char have[SMACK_ACCESS_STRLEN], lack[SMACK_ACCESS_STRLEN];
	const struct rule *r = find_rule(v, s, o);
	unsigned int may, missing;

	if (!r)
		return asprintf(reason, "no rule \"%s %s ...\" is loaded",
				s, o) < 0 ? -1 : 0;
	may = r->access;
	if (may & SMACK_ACCESS_WRITE)
		may |= SMACK_ACCESS_LOCK;
	smack_access_to_string(r->access, have);
	missing = request & ~may;
	if (missing == 0)
		return asprintf(reason, "the rule \"%s %s %s\" grants it",
				s, o, have) < 0 ? -1 : 1;
	smack_access_to_string(missing, lack);
	return asprintf(reason, "the rule \"%s %s %s\" lacks \"%s\"",
			s, o, have, lack) < 0 ? -1 : 0;
}

/*
 * Works out the kernel's decision: labels it does not know get nothing
 * (access2 answers 0 for them), then the built-in labels, the same label,
 * and the rules.  Returns 1 or 0 and a malloc'ed reason, or -1.
 */
static int explain(const struct kernel_view *v, const struct query *q,
		   unsigned int request, char **reason)
{
	const char *s = q->subject, *o = q->object, *built_in;
	int why = 0, allowed;

	if (!label_is_known(v, s) || !label_is_known(v, o))
		return asprintf(reason, "label \"%s\" is unknown to the "
				"kernel, so no access is granted",
				label_is_known(v, s) ? o : s) < 0 ? -1 : 0;
	allowed = smack_policy_have_access(v->no_rules, s, o, q->access,
					   &why, NULL);
	built_in = smackaccess_built_in(why, o);
	if (allowed >= 0 && built_in) {
		*reason = strdup(built_in);
		return *reason ? allowed : -1;
	}
	return allowed < 0 ? -1 : explain_rule(v, s, o, request, reason);
}

/* ---- queries ---- */

static bool check_label(const char *what, const char *label,
			const char *where)
{
	const char *why;

	if (smack_label_validate(label, &why) >= 0)
		return true;
	cli_warn("%s%s label \"%s\" %s", where, what, label, why);
	return false;
}

/* Checks one query; messages start with where (a "FILE:LINE: " or ""). */
static bool check_query(const struct query *q, const char *where)
{
	unsigned int mask;
	bool ok = check_label("subject", q->subject, where);

	ok = check_label("object", q->object, where) && ok;
	if (smack_access_from_string(q->access, &mask) < 0) {
		cli_warn("%saccess \"%s\" is not made of the letters "
			 "\"rwxatlb\" or \"-\"", where, q->access);
		ok = false;
	}
	return ok;
}

static int answer(struct kernel_view *v, const struct query *q,
		  bool want_reason)
{
	unsigned int request;
	char *reason;
	int allowed, explained;

	if (v->tree)
		return offline_answer(v->tree, q, want_reason);
	allowed = smack_have_access(q->subject, q->object, q->access);
	if (allowed < 0) {
		cli_warn_errno("cannot ask the kernel about \"%s %s %s\"",
			       q->subject, q->object, q->access);
		return -1;
	}
	if (!want_reason) {
		printf("%d\n", allowed);
		return 0;
	}
	kernel_view_load(v);
	smack_access_from_string(q->access, &request);
	explained = explain(v, q, request, &reason);
	if (explained < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	if (explained != allowed) {
		printf("%d the kernel's answer, which its rules as read do "
		       "not explain (%s)\n", allowed, reason);
		cli_warn("the kernel answered %d for \"%s %s %s\" but %s",
			 allowed, q->subject, q->object, q->access, reason);
		free(reason);
		return -1;
	}
	printf("%d %s\n", allowed, reason);
	free(reason);
	return 0;
}

/* ---- queries from a file ---- */

struct query_list {
	struct query *items;
	size_t count, cap;
};

static void query_list_push(struct query_list *l, const struct query *q)
{
	if (l->count == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->items = realloc(l->items, l->cap * sizeof(*l->items));
		if (!l->items)
			cli_die_errno(EXIT_FAILURE, "out of memory");
	}
	l->items[l->count++] = *q;
}

static void query_list_release(struct query_list *l)
{
	size_t i;

	for (i = 0; i < l->count; i++) {
		free(l->items[i].subject);
		free(l->items[i].object);
		free(l->items[i].access);
	}
	free(l->items);
}

static const char blanks[] = " \t\r";

/* Splits a line into the three words of a query; false when it has
 * another number of words (*words: 0 for a blank or '#' line). */
static bool split_query(char *line, struct query *q, int *words)
{
	char *save = NULL, *word, **slot[3] = { &q->subject, &q->object,
						&q->access };

	*words = 0;
	for (word = strtok_r(line, blanks, &save); word;
	     word = strtok_r(NULL, blanks, &save)) {
		if (*words == 0 && word[0] == '#')
			break;
		if (*words < 3) {
			*slot[*words] = strdup(word);
			if (!*slot[*words])
				cli_die_errno(EXIT_FAILURE, "out of memory");
		}
		(*words)++;
	}
	return *words == 3;
}

/* Reads and checks every query before the first is answered, so that a
 * bad line does not leave a script with half its answers. */
static bool read_queries(FILE *in, const char *name, struct query_list *l)
{
	char *line = NULL, *where;
	size_t cap = 0, number = 0;
	ssize_t len;
	bool ok = true;
	int words;

	while ((len = getline(&line, &cap, in)) >= 0) {
		struct query q = { NULL, NULL, NULL };

		number++;
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = '\0';
		if (asprintf(&where, "%s:%zu: ", name, number) < 0)
			cli_die_errno(EXIT_FAILURE, "out of memory");
		if (split_query(line, &q, &words)) {
			if (!check_query(&q, where))
				ok = false;
		} else if (words) {
			cli_warn("%sexpected \"SUBJECT OBJECT ACCESS\", "
				 "found %d word%s", where, words,
				 words == 1 ? "" : "s");
			ok = false;
		}
		free(where);
		if (q.access)
			query_list_push(l, &q);
		else {
			free(q.subject);
			free(q.object);
		}
	}
	if (ferror(in))
		cli_die_errno(EXIT_FAILURE, "%s", name);
	free(line);
	return ok;
}

static void require_smack(void)
{
	if (!smack_smackfs_path())
		cli_die(EXIT_FAILURE, "Smack is not active (no smackfs found)");
}

static int answer_file(const char *path, struct kernel_view *v,
		       bool want_reason)
{
	struct query_list list = { NULL, 0, 0 };
	bool from_stdin = strcmp(path, "-") == 0;
	const char *name = from_stdin ? "<stdin>" : path;
	FILE *in = from_stdin ? stdin : fopen(path, "re");
	int status = EXIT_SUCCESS;
	size_t i;

	if (!in)
		cli_die_errno(EXIT_FAILURE, "%s", path);
	if (!read_queries(in, name, &list))
		status = EXIT_FAILURE;
	if (!from_stdin)
		fclose(in);
	if (status == EXIT_SUCCESS && list.count && !v->tree)
		require_smack();
	for (i = 0; status == EXIT_SUCCESS && i < list.count; i++)
		if (answer(v, &list.items[i], want_reason) < 0)
			status = EXIT_FAILURE;
	query_list_release(&list);
	return status;
}

static int answer_one(char **words, struct kernel_view *v, bool want_reason)
{
	struct query q = { words[0], words[1], words[2] };

	if (!check_query(&q, ""))
		return EXIT_FAILURE;
	if (!v->tree)
		require_smack();
	return answer(v, &q, want_reason) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

enum {
	OPT_CONFIG_DIR = 256,
	OPT_ROOT,
	OPT_WHO,
	OPT_WHOM,
};

struct options {
	const char *file, *config_dir, *root;
	bool want_reason, who, whom, json;
};

static void parse_options(int argc, char **argv, struct options *o)
{
	static const struct cli_option options[] = {
		{ "config-dir", required_argument, OPT_CONFIG_DIR },
		{ "explain", no_argument, 'e' },
		{ "file", required_argument, 'f' },
		{ "help", no_argument, 'h' },
		{ "json", no_argument, 'j' },
		{ "root", required_argument, OPT_ROOT },
		{ "version", no_argument, 'v' },
		{ "who", no_argument, OPT_WHO },
		{ "whom", no_argument, OPT_WHOM },
	};
	int c;

	while ((c = cli_getopt(argc, argv, "ef:hjv", options,
			       CLI_OPTIONS_COUNT(options))) != -1) {
		switch (c) {
		case OPT_CONFIG_DIR: o->config_dir = optarg; break;
		case OPT_ROOT: o->root = optarg; break;
		case OPT_WHO: o->who = true; break;
		case OPT_WHOM: o->whom = true; break;
		case 'e': o->want_reason = true; break;
		case 'f': o->file = optarg; break;
		case 'j': o->json = true; break;
		case 'h': usage();
		case 'v': cli_print_version();
		default: cli_try_help(EXIT_USAGE);
		}
	}
}

/* --who or --whom: one LABEL, or -f FILE of labels, from a tree. */
static void check_who_usage(const struct options *o, int args)
{
	const char *name = o->whom ? "whom" : "who";

	if (o->who && o->whom)
		cli_die_usage(EXIT_USAGE,
			      "--who and --whom exclude each other");
	if (!o->config_dir && !o->root)
		cli_die_usage(EXIT_USAGE, "--%s reads a tree: give --config-dir"
			      " or --root", name);
	if (o->want_reason)
		cli_die_usage(EXIT_USAGE, "--explain is for SUBJECT OBJECT "
			      "ACCESS");
	if (o->file ? args != 0 : args != 1)
		cli_die_usage(EXIT_USAGE, "--%s takes one %s, or -f FILE",
			      name, o->whom ? "OBJECT" : "SUBJECT");
}

static void check_usage(const struct options *o, int args)
{
	if (o->who || o->whom)
		check_who_usage(o, args);
	else if (o->json)
		cli_die_usage(EXIT_USAGE, "--json is for --who and --whom");
	else if (o->file && args != 0)
		cli_die_usage(EXIT_USAGE,
			      "--file takes no SUBJECT OBJECT ACCESS");
	else if (!o->file && args != 3)
		cli_die_usage(EXIT_USAGE, "expected SUBJECT OBJECT ACCESS");
}

int smackaccess_main(int argc, char **argv)
{
	struct kernel_view view = { .ready = false };
	struct options o = { NULL };
	struct who_request who;
	int status;

	cli_init(argv[0]);
	parse_options(argc, argv, &o);
	check_usage(&o, argc - optind);
	if (o.config_dir || o.root)
		view.tree = offline_load(o.root, o.config_dir);
	if (o.who || o.whom) {
		who = (struct who_request){ o.whom, o.json,
					    o.file ? NULL : argv[optind],
					    o.file };
		status = offline_who(view.tree, &who);
	} else if (o.file) {
		status = answer_file(o.file, &view, o.want_reason);
	} else {
		status = answer_one(argv + optind, &view, o.want_reason);
	}
	kernel_view_release(&view);
	return status;
}

CLI_TOOL_MAIN(smackaccess)
