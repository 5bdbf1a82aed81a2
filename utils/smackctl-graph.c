// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackctl graph: the rules of the tree as a Graphviz DOT graph, labels as
 * nodes and each pair's access as an edge, or an SVG drawn by Graphviz's
 * dot(1) when the output file's name ends in ".svg".
 *
 * An edge is what the pair's rules leave once applied in order (as
 * smack_policy_have_access(3) gives it), with the lines that decide as its
 * tooltip.  The built-in rules are left out: they join every label to the
 * system labels and would hide the policy.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "smackctl.h"

struct edge {
	const char *subject, *object;	/* the policy's */
	size_t order;			/* of its line in the tree */
	unsigned int access;
	const char *file;		/* of the pair's last line */
	unsigned int line;
};

struct graph {
	struct edge *edges;
	size_t count, cap;
};

static int add_edge(void *userdata, const struct smack_policy_entry *e)
{
	struct graph *g = userdata;

	if (g->count == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->edges = realloc(g->edges, g->cap * sizeof(*g->edges));
		if (!g->edges)
			cli_die_errno(EXIT_FAILURE, "out of memory");
	}
	g->edges[g->count] = (struct edge){ e->subject, e->object, g->count,
					    0, e->file, e->line };
	g->count++;
	return 0;
}

static int compare_pairs(const struct edge *x, const struct edge *y)
{
	int c = strcmp(x->subject, y->subject);

	return c ? c : strcmp(x->object, y->object);
}

static int compare_edges(const void *a, const void *b)
{
	const struct edge *x = a, *y = b;
	int c = compare_pairs(x, y);

	return c ? c : (x->order > y->order) - (x->order < y->order);
}

/* One edge a pair, with its last line and the access its rules leave. */
static void merge_pairs(const struct smack_policy *p, struct graph *g)
{
	size_t i, kept = 0;

	qsort(g->edges, g->count, sizeof(*g->edges), compare_edges);
	for (i = 0; i < g->count; i++) {
		if (kept && compare_pairs(&g->edges[kept - 1],
					  &g->edges[i]) == 0)
			kept--;
		g->edges[kept++] = g->edges[i];
	}
	g->count = kept;
	for (i = 0; i < g->count; i++)
		smack_policy_have_access(p, g->edges[i].subject,
					 g->edges[i].object, "-", NULL,
					 &g->edges[i].access);
}

/* ---- DOT ---- */

/* s as a DOT string: escaped as the tools' fields are (no byte of it can
 * end a line or drive a terminal, quotes and backslashes as octal too),
 * then each backslash doubled for DOT, which shows "\\012" as \012. */
static void dot_string(FILE *out, const char *s)
{
	char *text = NULL;
	size_t len = 0, i;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	cli_escape(mem, s, strlen(s), CLI_ESCAPE_FIELD);
	if (fclose(mem) != 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	putc('"', out);
	for (i = 0; i < len; i++) {
		if (text[i] == '\\')
			putc('\\', out);
		putc(text[i], out);
	}
	putc('"', out);
	free(text);
}

static bool keep_edge(const struct ctl_options *o, const struct edge *e,
		      unsigned int letters)
{
	if (o->graph_label && strcmp(e->subject, o->graph_label) != 0 &&
	    strcmp(e->object, o->graph_label) != 0)
		return false;
	return !letters || (e->access & letters);
}

static int compare_labels(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The labels of the edges kept (and --label), each once, sorted. */
static void write_nodes(FILE *out, const struct graph *g,
			const struct ctl_options *o, unsigned int letters)
{
	const char **labels = calloc(2 * g->count + 1, sizeof(*labels));
	size_t i, n = 0;

	if (!labels)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	if (o->graph_label)
		labels[n++] = o->graph_label;
	for (i = 0; i < g->count; i++) {
		if (!keep_edge(o, &g->edges[i], letters))
			continue;
		labels[n++] = g->edges[i].subject;
		labels[n++] = g->edges[i].object;
	}
	qsort(labels, n, sizeof(*labels), compare_labels);
	for (i = 0; i < n; i++) {
		if (i && strcmp(labels[i - 1], labels[i]) == 0)
			continue;
		putc('\t', out);
		dot_string(out, labels[i]);
		fputs(";\n", out);
	}
	free(labels);
}

static void write_edge(FILE *out, const struct edge *e)
{
	char letters[SMACK_ACCESS_STRLEN], *where;

	if (asprintf(&where, "%s:%u", e->file, e->line) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	putc('\t', out);
	dot_string(out, e->subject);
	fputs(" -> ", out);
	dot_string(out, e->object);
	fprintf(out, " [label=\"%s\"%s, tooltip=",
		smack_access_to_string(e->access, letters),
		e->access ? "" : ", style=dashed");
	dot_string(out, where);
	fputs("];\n", out);
	free(where);
}

static void write_dot(FILE *out, const struct graph *g,
		      const struct ctl_options *o, unsigned int letters)
{
	size_t i;

	fputs("digraph smack {\n"
	      "\trankdir=LR;\n"
	      "\tnode [shape=box, fontname=\"sans-serif\"];\n"
	      "\tedge [fontname=\"sans-serif\"];\n", out);
	write_nodes(out, g, o, letters);
	for (i = 0; i < g->count; i++)
		if (keep_edge(o, &g->edges[i], letters))
			write_edge(out, &g->edges[i]);
	fputs("}\n", out);
}

/* ---- where it goes ---- */

static bool wants_svg(const char *path)
{
	size_t len = path ? strlen(path) : 0;

	return len > 4 && strcmp(path + len - 4, ".svg") == 0;
}

/* dot -Tsvg -o path, reading the graph from a pipe; *pid is its. */
static FILE *start_dot(const char *path, pid_t *pid)
{
	int fds[2];
	FILE *out;

	if (pipe(fds) < 0 || (*pid = fork()) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot run dot");
	if (*pid == 0) {
		if (dup2(fds[0], STDIN_FILENO) < 0)
			_exit(126);
		close(fds[0]);
		close(fds[1]);
		execlp("dot", "dot", "-Tsvg", "-o", path, (char *)NULL);
		_exit(errno == ENOENT ? 127 : 126);
	}
	close(fds[0]);
	/* A dot that could not start or stopped early is told from its
	 * status, not from a signal that kills smackctl first. */
	signal(SIGPIPE, SIG_IGN);
	out = fdopen(fds[1], "w");
	if (!out)
		cli_die_errno(EXIT_FAILURE, "cannot run dot");
	return out;
}

static int finish_dot(FILE *out, pid_t pid, const char *path)
{
	int status, failed = fclose(out) != 0;

	if (waitpid(pid, &status, 0) < 0)
		cli_die_errno(EXIT_FAILURE, "cannot run dot");
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		cli_warn("cannot run dot: install Graphviz for %s, or leave "
			 "out -o for DOT", path);
		return EXIT_FAILURE;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || failed) {
		cli_warn("dot could not write %s", path);
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}

static int write_graph(const struct graph *g, const struct ctl_options *o,
		       unsigned int letters)
{
	const char *path = o->output;
	FILE *out = stdout;
	pid_t pid = -1;

	if (wants_svg(path))
		out = start_dot(path, &pid);
	else if (path && !(out = fopen(path, "we")))
		cli_die_errno(EXIT_FAILURE, "%s", path);
	write_dot(out, g, o, letters);
	if (pid > 0)
		return finish_dot(out, pid, path);
	if (out != stdout && fclose(out) != 0)
		cli_die_errno(EXIT_FAILURE, "%s", path);
	return EXIT_SUCCESS;
}

/* ---- the command ---- */

/* The tree as a policy: smackctl's other commands keep its sets, not the
 * policy, whose questions the graph asks. */
static struct smack_policy *load_policy(const struct ctl_options *o)
{
	struct smack_policy *p;
	bool explicit;
	const char *dir = cli_config_dir(o->config_dir, &explicit);

	if (smack_policy_new(&p) < 0)
		cli_die_errno(EXIT_FAILURE, "out of memory");
	smack_policy_set_log_fn(p, cli_policy_log, NULL);
	if (smack_policy_load(p, NULL, explicit ? dir : NULL, 0) < 0) {
		smack_policy_free(p);
		return NULL;
	}
	return p;
}

int cmd_graph(const struct ctl_options *o)
{
	struct graph g = { NULL, 0, 0 };
	struct smack_policy *p;
	unsigned int letters = 0;
	const char *why;
	int status;

	if (o->graph_label && smack_label_validate(o->graph_label, &why) < 0)
		cli_die(EXIT_FAILURE, "label \"%s\" %s", o->graph_label, why);
	if (o->graph_access &&
	    smack_access_from_string(o->graph_access, &letters) < 0)
		cli_die(EXIT_FAILURE, "access \"%s\" is not made of the "
			"letters \"rwxatlb\"", o->graph_access);
	p = load_policy(o);
	if (!p)
		return EXIT_FAILURE;
	smack_policy_foreach(p, SMACK_POLICY_RULE, add_edge, &g);
	merge_pairs(p, &g);
	status = write_graph(&g, o, letters);
	free(g.edges);
	smack_policy_free(p);
	return status;
}
