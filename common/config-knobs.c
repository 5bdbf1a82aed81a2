// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel knobs: their table, values, and kernel I/O through libsmack.
 * See config-knobs.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "config-knobs.h"

static const char *const logging_words[] = {
	"none", "denied", "accepted", "both", NULL
};
static const char *const ptrace_words[] = {
	"default", "exact", "draconian", NULL
};

static const struct knob knobs[KNOB_COUNT] = {
	[KNOB_ONLYCAP] = { "onlycap", KNOB_LIST, 0, 0, NULL,
		"labels that keep CAP_MAC_ADMIN and CAP_MAC_OVERRIDE" },
	[KNOB_AMBIENT] = { "ambient", KNOB_LABEL, 0, 0, NULL,
		"label of unlabeled network packets" },
	[KNOB_LOGGING] = { "logging", KNOB_NUMBER, 0, 3, logging_words,
		"audit: 0 none, 1 denied, 2 accepted, 3 both" },
	[KNOB_PTRACE] = { "ptrace", KNOB_NUMBER, 0, 2, ptrace_words,
		"ptrace: 0 default, 1 exact, 2 draconian" },
	[KNOB_SYSLOG] = { "syslog", KNOB_LABEL, 0, 0, NULL,
		"label a process needs to use syslog(2)" },
	[KNOB_UNCONFINED] = { "unconfined", KNOB_LABEL, 0, 0, NULL,
		"label whose denials are only logged (bring-up kernels)" },
	[KNOB_DOI] = { "doi", KNOB_NUMBER, 1, 4294967295LL, NULL,
		"CIPSO domain of interpretation" },
	[KNOB_DIRECT] = { "direct", KNOB_NUMBER, 0, 255, NULL,
		"CIPSO level of directly mapped labels" },
	[KNOB_MAPPED] = { "mapped", KNOB_NUMBER, 0, 255, NULL,
		"CIPSO level of labels with a cipso mapping" },
};

const char knob_out_of_memory[] = "cannot be stored: out of memory";

const struct knob *knob_get(enum knob_id id)
{
	return id < KNOB_COUNT ? &knobs[id] : NULL;
}

const struct knob *knob_find(const char *name, enum knob_id *id)
{
	size_t i;

	for (i = 0; i < KNOB_COUNT; i++) {
		if (strcmp(knobs[i].name, name) == 0) {
			if (id)
				*id = i;
			return &knobs[i];
		}
	}
	return NULL;
}

void knob_value_clear(struct knob_value *v)
{
	size_t i;

	for (i = 0; i < v->count; i++)
		free(v->labels[i]);
	free(v->labels);
	memset(v, 0, sizeof(*v));
}

static bool list_contains(const struct knob_value *v, const char *label)
{
	size_t i;

	for (i = 0; i < v->count; i++)
		if (strcmp(v->labels[i], label) == 0)
			return true;
	return false;
}

/* Lists compare as sets: the kernel reads onlycap back in its own order. */
bool knob_value_equal(const struct knob *k, const struct knob_value *a,
		      const struct knob_value *b)
{
	size_t i;

	if (k->kind == KNOB_NUMBER)
		return a->number == b->number;
	for (i = 0; i < a->count; i++)
		if (!list_contains(b, a->labels[i]))
			return false;
	for (i = 0; i < b->count; i++)
		if (!list_contains(a, b->labels[i]))
			return false;
	return true;
}

/* Takes copy (a malloc'ed label) into the list; a repeat is dropped. */
static bool append_label(struct knob_value *v, char *copy)
{
	char **grown;

	if (list_contains(v, copy)) {
		free(copy);
		return true;
	}
	grown = realloc(v->labels, (v->count + 2) * sizeof(*grown));
	if (!grown) {
		free(copy);
		return false;
	}
	grown[v->count++] = copy;
	grown[v->count] = NULL;
	v->labels = grown;
	return true;
}

bool knob_value_copy(struct knob_value *dst, const struct knob_value *src)
{
	char *copy;
	size_t i;

	memset(dst, 0, sizeof(*dst));
	dst->set = src->set;
	dst->number = src->number;
	for (i = 0; i < src->count; i++) {
		copy = strdup(src->labels[i]);
		if (!copy || !append_label(dst, copy)) {
			knob_value_clear(dst);
			return false;
		}
	}
	return true;
}

static const char *add_number(const struct knob *k, struct knob_value *v,
			      const char *text, size_t len)
{
	static const char *const reasons[] = {
		[KNOB_LOGGING] = "is not 0, 1, 2, 3, none, denied, accepted or both",
		[KNOB_PTRACE] = "is not 0, 1, 2, default, exact or draconian",
		[KNOB_DOI] = "is not a number from 1 to 4294967295",
		[KNOB_DIRECT] = "is not a number from 0 to 255",
		[KNOB_MAPPED] = "is not a number from 0 to 255",
	};
	long long n = 0;
	size_t i;

	for (i = 0; k->words && k->words[i]; i++) {
		if (strlen(k->words[i]) == len &&
		    memcmp(k->words[i], text, len) == 0) {
			v->number = i;
			return NULL;
		}
	}
	/* At most 10 digits: enough for 4294967295, no overflow. */
	if (len == 0 || len > 10)
		return reasons[k - knobs];
	for (i = 0; i < len; i++) {
		if (text[i] < '0' || text[i] > '9')
			return reasons[k - knobs];
		n = n * 10 + (text[i] - '0');
	}
	if (n < k->min || n > k->max)
		return reasons[k - knobs];
	v->number = n;
	return NULL;
}

const char *knob_add_word(const struct knob *k, struct knob_value *v,
			  const char *text, size_t len,
			  const char **label_reason)
{
	const char *why = NULL;
	char *copy;

	*label_reason = NULL;
	if (k->kind != KNOB_LIST && v->set)
		return "takes a single value";
	if (k->kind == KNOB_NUMBER) {
		why = add_number(k, v, text, len);
	} else {
		copy = strndup(text, len);
		if (!copy)
			return knob_out_of_memory;
		if (memchr(text, '\0', len) ||
		    smack_label_validate(copy, label_reason) < 0) {
			if (!*label_reason)
				*label_reason = "contains a NUL byte";
			free(copy);
			why = "is not a valid label";
		} else if (!append_label(v, copy)) {
			why = knob_out_of_memory;
		}
	}
	if (!why)
		v->set = true;
	return why;
}

size_t knob_write_max(void)
{
	long page = sysconf(_SC_PAGESIZE);

	return page > 0 ? (size_t)page : 4096;
}

/* Labels are written joined by single spaces (label_list_join()). */
size_t knob_value_bytes(const struct knob_value *v)
{
	size_t i, n = 0;

	for (i = 0; i < v->count; i++)
		n += strlen(v->labels[i]) + 1;
	return n ? n - 1 : 0;
}

bool knob_value_fits(const struct knob *k, const struct knob_value *v)
{
	return k->kind == KNOB_NUMBER ||
	       knob_value_bytes(v) <= knob_write_max();
}

const char *config_quote(char buf[CONFIG_QUOTE_SIZE], const char *s,
			 size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, cut = len > 64 ? 64 : len;
	char *p = buf;

	*p++ = '"';
	for (i = 0; i < cut; i++) {
		unsigned char c = s[i];

		if (c < 0x20 || c >= 0x7f) {
			*p++ = '\\';
			*p++ = 'x';
			*p++ = hex[c >> 4];
			*p++ = hex[c & 15];
		} else {
			*p++ = c;
		}
	}
	*p++ = '"';
	if (cut < len)
		p = stpcpy(p, "...");
	*p = '\0';
	return buf;
}

int knob_parse_args(const struct knob *k, struct knob_value *v,
		    char *const *words, size_t n)
{
	char quoted[CONFIG_QUOTE_SIZE];
	const char *why, *label_why;
	size_t i;

	memset(v, 0, sizeof(*v));
	v->set = true;
	/* "-" alone is the kernel's own way to say "an empty list". */
	if (k->kind == KNOB_LIST && n == 1 && strcmp(words[0], "-") == 0)
		return 0;
	v->set = false;
	for (i = 0; i < n; i++) {
		why = knob_add_word(k, v, words[i], strlen(words[i]),
				    &label_why);
		if (!why)
			continue;
		config_quote(quoted, words[i], strlen(words[i]));
		if (label_why)
			cli_warn("%s: label %s %s", k->name, quoted, label_why);
		else
			cli_warn("%s: %s %s", k->name, quoted, why);
		knob_value_clear(v);
		return -1;
	}
	if (!knob_value_fits(k, v)) {
		cli_warn("%s: the list is %zu bytes long; the kernel takes at"
			 " most %zu in one write", k->name,
			 knob_value_bytes(v), knob_write_max());
		knob_value_clear(v);
		return -1;
	}
	return 0;
}

static int read_label(enum knob_id id, char **label)
{
	switch (id) {
	case KNOB_AMBIENT:
		return smack_ambient_get(label) < 0 ? -1 : 0;
	case KNOB_SYSLOG:
		return smack_syslog_get(label) < 0 ? -1 : 0;
	case KNOB_UNCONFINED:
		return smack_unconfined_get(label) < 0 ? -1 : 0;
	default:
		errno = EINVAL;
		return -1;
	}
}

static int read_number(enum knob_id id, long long *number)
{
	unsigned long doi;
	int n, ret;

	switch (id) {
	case KNOB_LOGGING:
		ret = smack_logging_get(&n);
		break;
	case KNOB_PTRACE:
		ret = smack_ptrace_get(&n);
		break;
	case KNOB_DIRECT:
		ret = smack_direct_get(&n);
		break;
	case KNOB_MAPPED:
		ret = smack_mapped_get(&n);
		break;
	case KNOB_DOI:
		ret = smack_doi_get(&doi);
		if (ret >= 0)
			*number = doi;
		return ret < 0 ? -1 : 0;
	default:
		errno = EINVAL;
		return -1;
	}
	if (ret >= 0)
		*number = n;
	return ret < 0 ? -1 : 0;
}

int knob_read_kernel(enum knob_id id, struct knob_value *v)
{
	char **list = NULL;
	char *label = NULL;
	size_t i;
	int n;

	memset(v, 0, sizeof(*v));
	switch (knobs[id].kind) {
	case KNOB_NUMBER:
		if (read_number(id, &v->number) < 0)
			return -1;
		break;
	case KNOB_LABEL:
		if (read_label(id, &label) < 0)
			return -1;
		if (!append_label(v, label))
			goto nomem;
		break;
	case KNOB_LIST:
		n = smack_onlycap_get(&list);
		if (n < 0)
			return -1;
		for (i = 0; list && list[i]; i++) {
			label = list[i];
			list[i] = NULL;
			if (!append_label(v, label))
				goto nomem;
		}
		smack_label_list_free(list);
		break;
	}
	v->set = true;
	return 0;
nomem:
	if (list)
		smack_label_list_free(list);
	knob_value_clear(v);
	errno = ENOMEM;
	return -1;
}

static int write_number(enum knob_id id, long long number)
{
	switch (id) {
	case KNOB_LOGGING:
		return smack_logging_set(number);
	case KNOB_PTRACE:
		return smack_ptrace_set(number);
	case KNOB_DIRECT:
		return smack_direct_set(number);
	case KNOB_MAPPED:
		return smack_mapped_set(number);
	case KNOB_DOI:
		return smack_doi_set(number);
	default:
		errno = EINVAL;
		return -1;
	}
}

int knob_write_kernel(enum knob_id id, const struct knob_value *v)
{
	int ret;

	switch (knobs[id].kind) {
	case KNOB_NUMBER:
		ret = write_number(id, v->number);
		break;
	case KNOB_LIST:
		ret = smack_set_onlycap((const char **)v->labels, v->count);
		break;
	default:
		if (v->count != 1) {
			errno = EINVAL;
			return -1;
		}
		if (id == KNOB_AMBIENT)
			ret = smack_ambient_set(v->labels[0]);
		else if (id == KNOB_SYSLOG)
			ret = smack_syslog_set(v->labels[0]);
		else
			ret = smack_unconfined_set(v->labels[0]);
		break;
	}
	return ret < 0 ? -1 : 0;
}

char *knob_value_format(const struct knob *k, const struct knob_value *v)
{
	size_t i, len = 0;
	char *text, *p;

	if (k->kind == KNOB_NUMBER) {
		if (asprintf(&text, "%lld", v->number) < 0)
			return NULL;
		return text;
	}
	if (v->count == 0)
		return strdup("-");
	for (i = 0; i < v->count; i++)
		len += strlen(v->labels[i]) + 1;
	text = malloc(len);
	if (!text)
		return NULL;
	p = text;
	for (i = 0; i < v->count; i++) {
		if (i)
			*p++ = ' ';
		p = stpcpy(p, v->labels[i]);
	}
	return text;
}

bool knob_onlycap_locks_out(const struct knob_value *list, char **self)
{
	*self = NULL;
	if (list->count == 0)
		return false;
	if (smack_new_label_from_self(self) < 0) {
		*self = NULL;
		return true;
	}
	return !list_contains(list, *self);
}

int knob_guard_onlycap(const struct knob_value *list, bool force)
{
	char *self = NULL, *text;
	bool unsafe = !force && knob_onlycap_locks_out(list, &self);
	int err = errno;

	if (!unsafe) {
		free(self);
		return 0;
	}
	text = knob_value_format(&knobs[KNOB_ONLYCAP], list);
	errno = err;
	if (self)
		cli_warn("refusing onlycap \"%s\": it leaves out this"
			 " process's label \"%s\", which would lose"
			 " CAP_MAC_ADMIN for good (so would every process"
			 " without a listed label); use --force if that is"
			 " what you want", text ? text : "", self);
	else
		cli_warn_errno("refusing onlycap \"%s\": cannot read this"
			       " process's label to check that it is listed;"
			       " use --force to set it anyway",
			       text ? text : "");
	free(text);
	free(self);
	return -1;
}
