// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reading a policy: the tree (smack_policy_load), one part of it
 * (smack_policy_add_path, smack_policy_add_fd) or a knob's value
 * (smack_policy_add_knob).
 *
 * Every file is read by its kind's parser (policy-kinds.c) with the walk
 * of parse_path(): the names and order every reader of /etc/smack keeps.
 * A file is all or nothing on its own: one with an error adds nothing,
 * which is what SMACK_POLICY_KEEP_GOING keeps; without it, a call that
 * met an error goes back to where it started.  Messages go to the
 * caller's log function; the library prints nothing.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "cipso.h"
#include "netlabel.h"
#include "policy.h"

#define DEFAULT_TREE SYSCONFDIR "/smack"

/* One call of a loader: its policy, the kind it reads, what went wrong. */
struct load_call {
	struct smack_policy *p;
	int kind;
	unsigned int errors;
	bool out_of_memory;
	bool no_file;		/* a value, not a file: messages name none */
	int tree_error;		/* the errno of a path that cannot be read */
	unsigned int flags;	/* SMACK_POLICY_* */
};

void policy_log(const struct smack_policy *p, int priority, const char *file,
		unsigned int line, unsigned int column, const char *fmt, ...)
{
	char message[512];
	va_list ap;

	if (!p->log)
		return;
	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	p->log(p->log_data, priority, file, line, column, message);
}

/* A smack_parse_error_fn: the parsers' errors, counted and logged. */
static void log_error(void *data, const char *file, unsigned int line,
		      unsigned int column, const char *message)
{
	struct load_call *c = data;

	c->errors++;
	if (c->p->log)
		c->p->log(c->p->log_data, LOG_ERR, c->no_file ? NULL : file,
			  line, column, message);
}

/* ------------------------------------------------------------ marks */

void policy_mark(const struct smack_policy *p, struct policy_mark *m)
{
	int kind;

	memset(m, 0, sizeof(*m));
	for (kind = 1; kind < POLICY_KINDS; kind++)
		m->count[kind] = policy_kinds[kind].count(p);
	m->rule_labels = p->rules->labels.count;
	m->files = p->files.count;
	m->runs = p->origins.count;
	m->comments = p->comments.count;
	m->has_netlabel = p->has_netlabel;
}

static void release_files(struct records *set)
{
	size_t i;

	for (i = 0; i < set->count; i++)
		free(RECORD(set, struct policy_file, i).name);
}

void policy_truncate(struct smack_policy *p, const struct policy_mark *m)
{
	int kind;

	for (kind = 1; kind < POLICY_KINDS; kind++)
		policy_kinds[kind].truncate(p, m);
	records_truncate(&p->files, m->files, sizeof(struct policy_file),
			 release_files);
	p->origins.count = m->runs;
	policy_truncate_comments(p, m->comments);
	p->has_netlabel = m->has_netlabel;
	policy_forget_pairs(p);
}

/* ------------------------------------------------------------ files */

/* Enters the file that gave the entries since m in the table. */
static int add_file(struct smack_policy *p, int kind, const char *name,
		    const struct policy_mark *m)
{
	struct policy_file *f = records_slot(&p->files, sizeof(*f));

	if (!f)
		return -1;
	f->name = NULL;
	if (name && !(f->name = strdup(name)))
		return -1;
	f->kind = kind;
	f->first = m->count[kind];
	f->count = policy_kinds[kind].count(p) - f->first;
	f->run = m->runs;
	f->runs = p->origins.count - m->runs;
	p->files.count++;
	if (kind == SMACK_POLICY_RULE)
		policy_forget_pairs(p);
	return 0;
}

/* A parse_file_fn: one file of the call's kind, all or nothing. */
static int load_file(void *arg, int fd, struct parse_ctx *ctx)
{
	struct load_call *c = arg;
	const struct policy_kind *k = &policy_kinds[c->kind];
	struct policy_mark m;
	unsigned int errors = ctx->errors;
	int ret;

	policy_mark(c->p, &m);
	parse_origins_start(&c->p->origins);
	ctx->origins = k->one_a_line ? &c->p->origins : NULL;
	if (c->flags & SMACK_POLICY_COMMENTS) {
		ctx->on_comment = policy_note_comment;
		ctx->comment_data = c->p;
	}
	ret = k->parse(c->p, fd, ctx);
	if (ret == 0 && ctx->errors == errors)
		ret = add_file(c->p, c->kind, ctx->name, &m);
	if (ret == 0 && ctx->errors == errors)
		return 0;
	if (ret < 0 && errno == ENOMEM)
		c->out_of_memory = true;
	policy_truncate(c->p, &m);
	errno = c->out_of_memory ? ENOMEM : EINVAL;
	return -1;
}

/* A file, or a directory of files, of the call's kind. */
static void load_path(struct load_call *c, int kind, const char *path,
		      unsigned int parse_flags)
{
	struct stat st;

	/* A knob's file, and the users file, whose entries' order is the
	 * order of their lines: one file, never a directory of them. */
	if (kind == SMACK_POLICY_KNOB || kind == SMACK_POLICY_USERS)
		parse_flags |= PARSE_PATH_FILE_ONLY;
	c->kind = kind;
	if (parse_path(path, parse_flags, load_file, c, log_error, c) < 0) {
		if (errno == ENOMEM)
			c->out_of_memory = true;
		else if (errno != EINVAL && !c->tree_error)
			c->tree_error = errno;	/* a path that cannot be read */
	}
	/* Only with netlabel.d does the tree own the kernel's entries. */
	if (kind == SMACK_POLICY_NETLABEL && stat(path, &st) == 0)
		c->p->has_netlabel = true;
}

/* What a call ends with: the systemd warnings when it read everything,
 * else back to m unless the files without errors are to be kept. */
static int finish_call(struct load_call *c, const struct policy_mark *m,
		       unsigned int flags)
{
	if (!c->errors && !c->out_of_memory) {
		if (flags & SMACK_POLICY_SYSTEMD)
			policy_warn_systemd(c->p, m);
		return 0;
	}
	if (c->out_of_memory || !(flags & SMACK_POLICY_KEEP_GOING))
		policy_truncate(c->p, m);
	errno = c->out_of_memory ? ENOMEM : c->tree_error ? c->tree_error :
		EINVAL;
	return -1;
}

static bool valid_kind(int kind)
{
	return kind > 0 && kind < POLICY_KINDS;
}

/* ------------------------------------------------------------ the tree */

/* Whether root names no directory of its own (NULL, "/", "//"...). */
static bool no_root(const char *root)
{
	return !root || strspn(root, "/") == strlen(root);
}

/* root and dir as one path: root's trailing slashes and dir's leading
 * ones make one. */
static char *tree_path(const char *root, const char *dir)
{
	size_t len;
	char *base, *path;

	if (!dir)
		dir = DEFAULT_TREE;
	if (no_root(root))
		return strdup(dir);
	len = strlen(root);
	while (root[len - 1] == '/')
		len--;
	base = strndup(root, len);
	if (!base)
		return NULL;
	path = parse_join_path(base, dir + strspn(dir, "/"));
	free(base);
	return path;
}

/* 0 when the tree is a directory, 1 when it is missing and may be, -1
 * after saying why it cannot be read. */
static int open_tree(struct load_call *c, const char *path,
		     unsigned int flags)
{
	struct stat st;
	int err = ENOTDIR;

	if (stat(path, &st) < 0) {
		err = errno;
		if (err == ENOENT && (flags & SMACK_POLICY_MISSING_OK))
			return 1;
	} else if (S_ISDIR(st.st_mode)) {
		return 0;
	}
	log_error(c, path, 0, 0, strerror(err));
	c->tree_error = err;
	return -1;
}

static void load_part(struct load_call *c, int kind, const char *tree,
		      const char *name)
{
	char *path = parse_join_path(tree, name);

	if (!path) {
		c->out_of_memory = true;
		return;
	}
	load_path(c, kind, path, PARSE_PATH_OPTIONAL);
	free(path);
}

/* The parts of smack-config(5), in the order of policy_kinds[]: a
 * directory (or file) of each kind, a file of each knob. */
static void load_tree(struct load_call *c, const char *tree)
{
	const char *name;
	unsigned int i;
	int kind;

	for (kind = 1; kind < POLICY_KINDS; kind++) {
		name = policy_kinds[kind].part;
		if (name) {
			load_part(c, kind, tree, name);
			continue;
		}
		for (i = 0; (name = smack_knob_name(i)); i++)
			load_part(c, kind, tree, name);
	}
}

SMACK_EXPORT
int smack_policy_load(struct smack_policy *policy, const char *root,
		      const char *dir, unsigned int flags)
{
	struct load_call c = { .p = policy, .flags = flags };
	struct policy_mark m;
	char *path;
	int ret;

	if (!policy) {
		errno = EINVAL;
		return -1;
	}
	path = tree_path(root, dir);
	if (!path)
		return -1;
	free(policy->dir);
	policy->dir = path;
	policy_mark(policy, &m);
	/* A root that is not a directory is a mistake (a typo, an image not
	 * yet unpacked); the default tree below it may be missing: a system
	 * without a policy. */
	ret = no_root(root) ? 0 : open_tree(&c, root, 0);
	if (ret == 0)
		ret = open_tree(&c, path, dir ? flags :
				flags | SMACK_POLICY_MISSING_OK);
	if (ret == 0)
		load_tree(&c, path);
	return finish_call(&c, &m, flags);
}

SMACK_EXPORT
int smack_policy_add_path(struct smack_policy *policy, int kind,
			  const char *path, unsigned int flags)
{
	struct load_call c = { .p = policy, .flags = flags };
	struct policy_mark m;

	if (!policy || !valid_kind(kind) || !path) {
		errno = EINVAL;
		return -1;
	}
	policy_mark(policy, &m);
	load_path(&c, kind, path, flags & SMACK_POLICY_MISSING_OK ?
		  PARSE_PATH_OPTIONAL : 0);
	return finish_call(&c, &m, flags);
}

SMACK_EXPORT
int smack_policy_add_fd(struct smack_policy *policy, int kind, int fd,
			const char *name, unsigned int flags)
{
	struct load_call c = { .p = policy, .kind = kind, .flags = flags };
	struct parse_ctx ctx = PARSE_CTX_INIT(name, log_error, &c);
	struct policy_mark m;

	if (!policy || !valid_kind(kind) || fd < 0) {
		errno = EINVAL;
		return -1;
	}
	policy_mark(policy, &m);
	load_file(&c, fd, &ctx);
	return finish_call(&c, &m, flags);
}

/* ------------------------------------------------------------ knobs */

/* The value's entry, with no file: messages name the knob instead. */
static int add_value(struct load_call *c, enum knob_id id, const char *value)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(NULL, log_error, c);
	struct knob_entry *e = records_slot(&c->p->knobs, sizeof(*e));

	if (!e)
		return -1;
	memset(e, 0, sizeof(*e));
	e->id = id;
	if (knob_parse_value(knob_get(id), value, &ctx, &e->value) < 0)
		return -1;
	c->p->knobs.count++;
	e->text = knob_value_format(knob_get(id), &e->value);
	return e->text ? 0 : -1;
}

SMACK_EXPORT
int smack_policy_add_knob(struct smack_policy *policy, const char *knob,
			  const char *value)
{
	struct load_call c = { .p = policy, .no_file = true };
	struct policy_mark m;
	enum knob_id id;

	if (!policy || !knob_find(knob, &id) || !value) {
		errno = EINVAL;
		return -1;
	}
	policy_mark(policy, &m);
	if (add_value(&c, id, value) < 0 ||
	    add_file(policy, SMACK_POLICY_KNOB, NULL, &m) < 0)
		c.out_of_memory = errno == ENOMEM;
	return finish_call(&c, &m, 0);
}

/* ------------------------------------------------------------ handles */

SMACK_EXPORT
int smack_policy_new(struct smack_policy **policy)
{
	struct smack_policy *p;

	if (!policy) {
		errno = EINVAL;
		return -1;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return -1;
	if (smack_accesses_new(&p->rules) < 0 ||
	    smack_cipso_new(&p->cipso) < 0 ||
	    smack_netlabel_new(&p->netlabel) < 0) {
		smack_policy_free(p);
		errno = ENOMEM;
		return -1;
	}
	*policy = p;
	return 0;
}

SMACK_EXPORT
void smack_policy_free(struct smack_policy *policy)
{
	struct policy_mark none = { .count = { 0 } };

	if (!policy)
		return;
	if (policy->rules && policy->cipso && policy->netlabel)
		policy_truncate(policy, &none);
	smack_accesses_free(policy->rules);
	smack_cipso_free(policy->cipso);
	smack_netlabel_free(policy->netlabel);
	free(policy->knobs.items);
	free(policy->labels.items);
	free(policy->asserts.items);
	free(policy->users.items);
	free(policy->files.items);
	free(policy->comments.items);
	free(policy->origins.runs);
	free(policy->dir);
	free(policy);
}

SMACK_EXPORT
void smack_policy_set_log_fn(struct smack_policy *policy,
			     smack_policy_log_fn fn, void *userdata)
{
	if (!policy)
		return;
	policy->log = fn;
	policy->log_data = userdata;
}

SMACK_EXPORT
const char *smack_policy_dir(const struct smack_policy *policy)
{
	return policy ? policy->dir : NULL;
}
