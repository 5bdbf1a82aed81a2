// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit: why the running kernel denies an entry now, and what it
 * will ask next.
 *
 * The answer is the kernel's own (access2); the reason is worked out from
 * what the kernel shows (its rules through load2, the onlycap, ptrace and
 * ambient knobs) following its order of checks (smk_access()): subject
 * '*' gets nothing, '@' on either side and object '*' get everything, the
 * same label gets everything, object '_' and subject '^' get r, x or l
 * asked alone, and otherwise the pair's rule must hold every letter
 * asked for (w bringing l).  Where that disagrees with access2 it says so
 * rather than guess.
 *
 * What the policy tree says of the entry, and where the kernel differs
 * from it, is smackaudit-tree.c's to add.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/smack.h>

#include "smackaudit.h"

#define R SMACK_ACCESS_READ
#define W SMACK_ACCESS_WRITE
#define X SMACK_ACCESS_EXEC
#define A SMACK_ACCESS_APPEND
#define L SMACK_ACCESS_LOCK

/* What the object of a hook is, for what comes next and what overrides. */
enum kind {
	KIND_INODE,	/* smack_inode_permission: the letters of an open */
	KIND_FILE,	/* other file and inode hooks */
	KIND_TASK,	/* signals, scheduling of another process */
	KIND_PTRACE,
	KIND_IPC,
	KIND_NET,	/* packets and hosts: no capability overrides */
	KIND_UNIX,	/* UNIX domain sockets */
	KIND_OTHER,
};

#define FUNCTION_OTHER 63

/* The hooks that log (security/smack/smack_lsm.c), sorted for bsearch();
 * a function's bit in an entry is its index here. */
static const struct function {
	char name[28];
	unsigned char kind;
} functions[] = {
	{ "smack_bprm_creds_for_exec", KIND_PTRACE },
	{ "smack_file_fcntl", KIND_FILE },
	{ "smack_file_ioctl", KIND_FILE },
	{ "smack_file_lock", KIND_FILE },
	{ "smack_file_open", KIND_FILE },
	{ "smack_file_receive", KIND_FILE },
	{ "smack_file_send_sigiotask", KIND_OTHER },
	{ "smack_inet_conn_request", KIND_NET },
	{ "smack_inode_get_acl", KIND_FILE },
	{ "smack_inode_getattr", KIND_FILE },
	{ "smack_inode_getxattr", KIND_FILE },
	{ "smack_inode_link", KIND_FILE },
	{ "smack_inode_permission", KIND_INODE },
	{ "smack_inode_remove_acl", KIND_FILE },
	{ "smack_inode_removexattr", KIND_FILE },
	{ "smack_inode_rename", KIND_FILE },
	{ "smack_inode_rmdir", KIND_FILE },
	{ "smack_inode_set_acl", KIND_FILE },
	{ "smack_inode_setattr", KIND_FILE },
	{ "smack_inode_setxattr", KIND_FILE },
	{ "smack_inode_unlink", KIND_FILE },
	{ "smack_ipc_permission", KIND_IPC },
	{ "smack_key_permission", KIND_OTHER },
	{ "smack_post_notification", KIND_NET },
	{ "smack_ptrace_access_check", KIND_PTRACE },
	{ "smack_ptrace_traceme", KIND_PTRACE },
	{ "smack_sb_statfs", KIND_FILE },
	{ "smack_socket_sock_rcv_skb", KIND_NET },
	{ "smack_task_getioprio", KIND_TASK },
	{ "smack_task_getpgid", KIND_TASK },
	{ "smack_task_getscheduler", KIND_TASK },
	{ "smack_task_getsid", KIND_TASK },
	{ "smack_task_kill", KIND_TASK },
	{ "smack_task_movememory", KIND_TASK },
	{ "smack_task_setioprio", KIND_TASK },
	{ "smack_task_setnice", KIND_TASK },
	{ "smack_task_setpgid", KIND_TASK },
	{ "smack_task_setscheduler", KIND_TASK },
	{ "smack_unix_may_send", KIND_UNIX },
	{ "smack_unix_stream_connect", KIND_UNIX },
	{ "smack_uring_cmd", KIND_FILE },
	{ "smack_watch_key", KIND_OTHER },
	{ "smk_curacc_msq", KIND_IPC },
	{ "smk_curacc_sem", KIND_IPC },
	{ "smk_curacc_shm", KIND_IPC },
	{ "smk_ipv4_check", KIND_NET },
	{ "smk_ipv6_check", KIND_NET },
};

#define NFUNCTIONS (sizeof(functions) / sizeof(functions[0]))

struct key {
	const char *at;
	size_t len;
};

static int compare_function(const void *k, const void *f)
{
	const struct key *key = k;
	const char *name = ((const struct function *)f)->name;
	int c = strncmp(key->at, name, key->len);

	return c ? c : -(name[key->len] != '\0');
}

unsigned int audit_function_index(const char *fn, size_t len)
{
	struct key key = { fn, len };
	const struct function *f;

	if (len >= sizeof(functions[0].name))
		return FUNCTION_OTHER;
	f = bsearch(&key, functions, NFUNCTIONS, sizeof(*functions),
		    compare_function);
	return f ? (unsigned int)(f - functions) : FUNCTION_OTHER;
}

bool audit_function_is(unsigned int index, const char *fn, size_t len)
{
	return index < NFUNCTIONS && len < sizeof(functions[0].name) &&
	       memcmp(functions[index].name, fn, len) == 0 &&
	       functions[index].name[len] == '\0';
}

const char *audit_function_name(unsigned int index)
{
	return index < NFUNCTIONS ? functions[index].name : NULL;
}

static bool entry_has(const struct audit_entry *e, const char *fn)
{
	unsigned int i = audit_function_index(fn, strlen(fn));

	return i != FUNCTION_OTHER && (e->functions >> i & 1);
}

/* The kinds of the hooks an entry was logged by, as bits. */
static unsigned int entry_kinds(const struct audit_entry *e)
{
	unsigned int i, kinds = 0;

	for (i = 0; i < 64; i++)
		if (e->functions >> i & 1)
			kinds |= 1u << (i < NFUNCTIONS ? functions[i].kind :
					KIND_OTHER);
	return kinds;
}

/* ---- what comes next */

/*
 * What the kernel asks once a hook's letters are granted, by the kind of
 * object where the record tells it, as seen in the UML kernel
 * (tests/kernel/cases/smackaudit-next.sh; the list is smackaudit(8)'s).
 * smack_inode_permission's record does not say whether its object is a
 * directory: an x alone is taken for a program run, whose open asks r,
 * and the comment says that a directory only searched needs none.
 */
static const struct next_rule {
	char fn[28];
	unsigned int any;		/* the entry has one of these */
	unsigned int all;		/* and all of these */
	unsigned int none;		/* and none of these */
	unsigned int rule;		/* and the pair's rule all of these */
	unsigned int letters;
	bool reverse;
	const char *why;
} next_rules[] = {
	{ "smack_inode_permission", W | A, 0, R | X, 0, R, false,
	  "the open that follows asks for it (smack_file_open)" },
	{ "smack_inode_permission", X, 0, R | W | A, 0, R, false,
	  "the open of a program run asks for it (smack_file_open); "
	  "a directory that is only searched needs no r" },
	{ "smack_inode_permission", 0, W | X, R, SMACK_ACCESS_TRANSMUTE, R,
	  false, "a file made in the transmuting directory carries its "
	  "label, and its open asks for it (smack_file_open)" },
	{ "smack_unix_stream_connect", W, 0, 0, 0, W, true,
	  "a stream connection is checked both ways "
	  "(smack_unix_stream_connect)" },
};

_Static_assert(sizeof(next_rules) / sizeof(next_rules[0]) <= AUDIT_NEXT_MAX,
	       "AUDIT_NEXT_MAX counts the rules of what comes next");

static bool next_applies(const struct next_rule *n,
			 const struct audit_entry *e, unsigned int rule)
{
	return entry_has(e, n->fn) && (!n->any || (e->access & n->any)) &&
	       (e->access & n->all) == n->all && !(e->access & n->none) &&
	       (rule & n->rule) == n->rule;
}

bool audit_next(const struct audit_entry *e, unsigned int rule, size_t *i,
		struct audit_next *out)
{
	const struct next_rule *n;

	/* What a bring-up rule or the unconfined label grants goes on, and
	 * what the kernel asks then is logged too. */
	if (e->verdict != AUDIT_DENIED || e->labels_differ)
		return false;
	for (; *i < sizeof(next_rules) / sizeof(next_rules[0]); (*i)++) {
		n = &next_rules[*i];
		if (!next_applies(n, e, rule))
			continue;
		out->letters = n->letters;
		out->reverse = n->reverse;
		out->why = n->why;
		(*i)++;
		return true;
	}
	return false;
}

/* ---- the kernel's view */

struct rule {
	const char *subject, *object;
	unsigned int access;
};

struct audit_kernel {
	struct smack_accesses *loaded;	/* owns the rules' strings */
	struct rule *rules;		/* sorted by subject, then object */
	size_t nrules;
	char **onlycap;			/* NULL-terminated; NULL: unread */
	char *ambient;
	int ptrace;
};

static int compare_rules(const void *a, const void *b)
{
	const struct rule *x = a, *y = b;
	int c = strcmp(x->subject, y->subject);

	return c ? c : strcmp(x->object, y->object);
}

static int collect_rule(void *userdata, const char *subject,
			const char *object, const char *access,
			const char *deny)
{
	struct audit_kernel *k = userdata;
	struct rule *r = &k->rules[k->nrules];

	if (smack_access_from_string(access, &r->access) < 0)
		return -1;
	r->subject = subject;
	r->object = object;
	k->nrules++;
	return 0;
}

static bool read_rules(struct audit_kernel *k)
{
	if (smack_accesses_new_from_kernel(&k->loaded) < 0)
		return false;
	k->rules = calloc(smack_accesses_count(k->loaded) + 1,
			  sizeof(*k->rules));
	if (!k->rules ||
	    smack_accesses_foreach(k->loaded, collect_rule, k) != 0)
		return false;
	qsort(k->rules, k->nrules, sizeof(*k->rules), compare_rules);
	return true;
}

struct audit_kernel *audit_kernel_open(bool ask)
{
	struct audit_kernel *k;

	if (!ask || !smack_smackfs_path())
		return NULL;
	k = calloc(1, sizeof(*k));
	if (!k)
		return NULL;
	if (!read_rules(k)) {
		audit_kernel_free(k);
		return NULL;
	}
	/* The knobs only add to the reasons: one that cannot be read is
	 * left out of them. */
	if (smack_onlycap_get(&k->onlycap) < 0)
		k->onlycap = NULL;
	if (smack_ambient_get(&k->ambient) < 0)
		k->ambient = NULL;
	if (smack_ptrace_get(&k->ptrace) < 0)
		k->ptrace = -1;
	return k;
}

void audit_kernel_free(struct audit_kernel *k)
{
	if (!k)
		return;
	smack_accesses_free(k->loaded);
	free(k->rules);
	smack_label_list_free(k->onlycap);
	free(k->ambient);
	free(k);
}

bool audit_kernel_rule(const struct audit_kernel *k, const char *subject,
		       const char *object, unsigned int *access)
{
	struct rule key = { subject, object, 0 };
	const struct rule *r;

	if (!k)
		return false;
	r = bsearch(&key, k->rules, k->nrules, sizeof(*k->rules),
		    compare_rules);
	if (r)
		*access = r->access;
	return r != NULL;
}

int audit_kernel_allows(const struct audit_kernel *k, const char *subject,
			const char *object, unsigned int access)
{
	char letters[SMACK_ACCESS_STRLEN];
	int allowed;

	if (!k)
		return -1;
	allowed = smack_have_access(subject, object,
				    smack_access_to_string(access, letters));
	return allowed < 0 ? -1 : allowed;
}

/* ---- the explanation */

static bool is_label(const char *label, char c)
{
	return label[0] == c && label[1] == '\0';
}

/* The kernel's decisions before the rules, in its order (smk_access());
 * NULL when the rules decide. */
static const char *builtin_decision(const char *s, const char *o,
				    unsigned int access, bool *allowed)
{
	*allowed = true;
	if (is_label(s, '*')) {
		*allowed = false;
		return "the subject is '*', which may access nothing";
	}
	if (is_label(s, '@') || is_label(o, '@'))
		return "'@' on either side gets every access";
	if (is_label(o, '*'))
		return "the object is '*', which anyone may access";
	if (strcmp(s, o) == 0)
		return "subject and object have the same label";
	if ((access & ~(R | X)) != 0 && access != L)
		return NULL;
	if (is_label(o, '_'))
		return "the object is '_', which anyone may read, execute "
		       "or lock";
	if (is_label(s, '^'))
		return "the subject is '^', which may read, execute or lock "
		       "anything";
	return NULL;
}

/* Appends a line to *notes; false when memory ran out. */
static bool add_note(char **notes, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static bool add_note(char **notes, const char *fmt, ...)
{
	char *line, *joined;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&line, fmt, ap);
	va_end(ap);
	if (n < 0)
		return false;
	if (!*notes) {
		*notes = line;
		return true;
	}
	if (asprintf(&joined, "%s\n%s", *notes, line) < 0)
		joined = NULL;
	free(line);
	if (!joined)
		return false;
	free(*notes);
	*notes = joined;
	return true;
}

static bool in_onlycap(const struct audit_kernel *k, const char *label)
{
	char **l;

	for (l = k->onlycap; l && *l; l++)
		if (strcmp(*l, label) == 0)
			return true;
	return false;
}

#define OVERRIDABLE (1u << KIND_INODE | 1u << KIND_FILE | 1u << KIND_TASK | \
		     1u << KIND_PTRACE | 1u << KIND_IPC | 1u << KIND_UNIX)

/* Capabilities, onlycap, the ambient label: what else decides. */
static bool capability_notes(const struct audit_kernel *k,
			     const struct audit_entry *e, char **notes)
{
	unsigned int kinds = entry_kinds(e);
	bool ok = true;

	if ((kinds & OVERRIDABLE) && k->onlycap && k->onlycap[0])
		ok = add_note(notes, in_onlycap(k, e->subject) ?
			      "'%s' is in onlycap: its processes with "
			      "CAP_MAC_OVERRIDE get past this check" :
			      "onlycap does not list '%s': its processes "
			      "cannot get past this check with "
			      "CAP_MAC_OVERRIDE", e->subject);
	else if ((kinds & OVERRIDABLE) && k->onlycap)
		ok = add_note(notes, "%s", "a process with CAP_MAC_OVERRIDE "
			      "gets past this check (onlycap is empty)");
	if (ok && (kinds & 1u << KIND_NET))
		ok = add_note(notes, "%s", "no capability gets a packet or "
			      "a host past this check");
	if (ok && (kinds & 1u << KIND_NET) && k->ambient &&
	    strcmp(k->ambient, e->subject) == 0)
		ok = add_note(notes, "packets with no CIPSO label carry the "
			      "ambient label '%s' (smackfs ambient)",
			      e->subject);
	return ok;
}

static bool verdict_notes(const struct audit_entry *e, char **notes)
{
	if (e->verdict == AUDIT_BRINGUP)
		return add_note(notes, "%s", "granted by a bring-up rule "
				"(\"b\"), which logs each access it grants");
	if (e->verdict == AUDIT_UNCONFINED)
		return add_note(notes, "%s", "granted only for the unconfined "
				"label (smackfs unconfined): the policy "
				"itself denies it");
	if ((is_label(e->object, '_') || is_label(e->subject, '^')) &&
	    (e->access & ~(R | X)) && e->access != L)
		return add_note(notes, "%s", "'_' objects and '^' subjects "
				"get r, x or l only when asked alone");
	return true;
}

static int explain_rules(const struct audit_kernel *k,
			 const struct audit_entry *e, int allowed,
			 struct audit_explanation *out)
{
	char have[SMACK_ACCESS_STRLEN], lack[SMACK_ACCESS_STRLEN];
	unsigned int may = out->have | (out->have & W ? L : 0);
	bool expected = out->has_rule && (e->access & ~may) == 0;

	smack_access_to_string(out->have, have);
	out->missing = e->access & ~may;
	smack_access_to_string(out->missing, lack);
	if (allowed != expected) {
		out->why = AUDIT_WHY_DRIFT;
		return asprintf(&out->text, allowed ?
				"allowed now, which the kernel's rules as "
				"read do not explain (%s %s %s)" :
				"the kernel denies it, although its rule "
				"\"%s %s %s\" grants it", e->subject,
				e->object, out->has_rule ? have : "-");
	}
	if (allowed) {
		out->why = AUDIT_WHY_ALLOWED_NOW;
		return asprintf(&out->text, "allowed now: the rule \"%s %s "
				"%s\" grants it (the policy changed since, or "
				"the process had a narrower load-self rule)",
				e->subject, e->object, have);
	}
	out->why = out->has_rule ? AUDIT_WHY_RULE_LACKS : AUDIT_WHY_NO_RULE;
	if (out->has_rule)
		return asprintf(&out->text, "the rule \"%s %s %s\" lacks "
				"\"%s\"", e->subject, e->object, have, lack);
	return asprintf(&out->text, "no rule \"%s %s ...\" is loaded",
			e->subject, e->object);
}

/* What no rule can change, and what was not asked; 1 when it decides. */
static int explain_fixed(const struct audit_kernel *k,
			 const struct audit_entry *e,
			 struct audit_explanation *out)
{
	const char *mode = !k ? "" : k->ptrace == 1 ? " is 1, exact" :
			   k->ptrace == 2 ? " is 2, draconian" : "";

	if (e->labels_differ) {
		out->why = AUDIT_WHY_PTRACE_RULE;
		return asprintf(&out->text, "the ptrace rule (smackfs "
				"ptrace%s) lets a process trace only its own "
				"label: no rule changes that", mode) < 0 ?
		       -1 : 1;
	}
	if (is_label(e->subject, '*')) {
		out->why = AUDIT_WHY_STAR_SUBJECT;
		out->text = strdup("the subject is '*', which may access "
				   "nothing: no rule changes that");
		return out->text ? 1 : -1;
	}
	if (k)
		return 0;
	out->why = AUDIT_WHY_NOT_ASKED;
	out->text = strdup("the running kernel was not asked");
	return out->text ? 1 : -1;
}

static int explain_builtin(const struct audit_entry *e, const char *why,
			   int allowed, struct audit_explanation *out)
{
	out->builtin = why;
	out->why = allowed ? AUDIT_WHY_ALLOWED_NOW : AUDIT_WHY_DRIFT;
	if (allowed)
		return asprintf(&out->text, "allowed now: %s (a load-self "
				"rule of the process may have narrowed it)",
				why);
	return asprintf(&out->text, "the kernel denies it, although %s",
			why);
}

static int explain_kernel(const struct audit_kernel *k,
			  const struct audit_entry *e,
			  struct audit_explanation *out)
{
	int allowed = audit_kernel_allows(k, e->subject, e->object,
					  e->access);
	const char *builtin;
	bool builtin_allows;

	if (allowed < 0) {
		out->why = AUDIT_WHY_NOT_ASKED;
		out->text = strdup("the running kernel could not be asked");
		return out->text ? 0 : -1;
	}
	out->kernel_allowed = allowed;
	out->has_rule = audit_kernel_rule(k, e->subject, e->object,
					  &out->have);
	builtin = builtin_decision(e->subject, e->object, e->access,
				   &builtin_allows);
	if (builtin)
		return explain_builtin(e, builtin, allowed, out);
	return explain_rules(k, e, allowed, out);
}

bool audit_explain(struct audit_kernel *k, const struct audit_entry *e,
		   struct audit_explanation *out)
{
	int rc;

	memset(out, 0, sizeof(*out));
	out->kernel_allowed = -1;
	rc = explain_fixed(k, e, out);
	if (rc == 0)
		rc = explain_kernel(k, e, out);
	if (rc < 0 || !verdict_notes(e, &out->notes))
		return false;
	if (k && out->why != AUDIT_WHY_ALLOWED_NOW &&
	    !capability_notes(k, e, &out->notes))
		return false;
	return true;
}

void audit_explanation_release(struct audit_explanation *e)
{
	free(e->text);
	free(e->notes);
	free(e->tree.lines);
}
