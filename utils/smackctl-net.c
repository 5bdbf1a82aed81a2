// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CIPSO mappings and netlabel host entries as comparable lists, so that
 * reload writes only those that differ from the kernel's.  The kernel
 * writes hosts back its own way (a masked address, IPv6 groups padded with
 * zeros, "/32" added), so hosts are compared as addresses, not as text.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "smackctl.h"

static int compare_ints(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static int compare_cipso(const void *a, const void *b)
{
	const struct net_cipso *x = a, *y = b;

	return strcmp(x->label, y->label);
}

static void cipso_clear(struct net_cipso *c)
{
	free(c->label);
	free(c->categories);
}

static int fill_cipso(struct net_cipso *c, const char *label, int level,
		      const int *categories, int ncategories)
{
	c->label = strdup(label);
	c->level = level;
	c->ncategories = ncategories;
	c->categories = malloc((ncategories ? ncategories : 1) * sizeof(int));
	if (!c->label || !c->categories) {
		cipso_clear(c);
		return -1;
	}
	if (ncategories)
		memcpy(c->categories, categories, ncategories * sizeof(int));
	qsort(c->categories, ncategories, sizeof(int), compare_ints);
	return 0;
}

static int collect_cipso(void *data, const char *label, int level,
			 const int *categories, int ncategories)
{
	struct net_cipso_list *list = data;
	struct net_cipso *grown;

	grown = realloc(list->items, (list->count + 1) * sizeof(*grown));
	if (!grown)
		return -1;
	list->items = grown;
	if (fill_cipso(&grown[list->count], label, level, categories,
		       ncategories) < 0)
		return -1;
	list->count++;
	return 0;
}

/* In a list sorted stably by label, keeps the last mapping of each label:
 * a later line for a label replaces an earlier one, as in the kernel. */
static void keep_last_cipso(struct net_cipso_list *list)
{
	size_t i, out = 0;

	if (list->count < 2)
		return;
	for (i = 0; i + 1 < list->count; i++) {
		if (strcmp(list->items[i].label, list->items[i + 1].label) != 0) {
			list->items[out++] = list->items[i];
			continue;
		}
		cipso_clear(&list->items[i]);
	}
	list->items[out++] = list->items[list->count - 1];
	list->count = out;
}

/* qsort() is not stable: each item carries its input position. */
struct tagged {
	struct net_cipso c;
	size_t position;
};

static int compare_tagged(const void *a, const void *b)
{
	const struct tagged *x = a, *y = b;
	int c = compare_cipso(&x->c, &y->c);

	if (c)
		return c;
	return (x->position > y->position) - (x->position < y->position);
}

static int stable_sort_cipso(struct net_cipso_list *list)
{
	struct tagged *t;
	size_t i;

	if (list->count < 2)
		return 0;
	t = malloc(list->count * sizeof(*t));
	if (!t)
		return -1;
	for (i = 0; i < list->count; i++) {
		t[i].c = list->items[i];
		t[i].position = i;
	}
	qsort(t, list->count, sizeof(*t), compare_tagged);
	for (i = 0; i < list->count; i++)
		list->items[i] = t[i].c;
	free(t);
	return 0;
}

int net_cipso_list_of(const struct smack_cipso *handle,
		      struct net_cipso_list *list)
{
	list->items = NULL;
	list->count = 0;
	errno = 0;
	if (smack_cipso_foreach(handle, collect_cipso, list) != 0 ||
	    stable_sort_cipso(list) < 0) {
		net_cipso_list_free(list);
		if (!errno)
			errno = ENOMEM;
		return -1;
	}
	keep_last_cipso(list);
	return 0;
}

const struct net_cipso *net_cipso_find(const struct net_cipso_list *list,
				       const char *label)
{
	struct net_cipso key = { (char *)label, 0, NULL, 0 };

	if (!list->count)
		return NULL;
	return bsearch(&key, list->items, list->count, sizeof(key),
		       compare_cipso);
}

bool net_cipso_equal(const struct net_cipso *a, const struct net_cipso *b)
{
	return a->level == b->level && a->ncategories == b->ncategories &&
	       memcmp(a->categories, b->categories,
		      a->ncategories * sizeof(int)) == 0;
}

void net_cipso_list_free(struct net_cipso_list *list)
{
	size_t i;

	for (i = 0; i < list->count; i++)
		cipso_clear(&list->items[i]);
	free(list->items);
	list->items = NULL;
	list->count = 0;
}

/* ---- netlabel hosts */

static void mask_address(unsigned char *addr, size_t size,
			 unsigned int prefix)
{
	size_t i;

	for (i = 0; i < size; i++) {
		if (prefix >= 8) {
			prefix -= 8;
			continue;
		}
		addr[i] &= (unsigned char)(0xff00 >> prefix);
		prefix = 0;
	}
}

/* "A.B.C.D[/N]" or "X:...:X[/N]" into family, masked address, prefix. */
static int parse_host(const char *text, struct net_host *h)
{
	char address[INET6_ADDRSTRLEN + 8];
	const char *slash = strchr(text, '/');
	size_t len = slash ? (size_t)(slash - text) : strlen(text);
	unsigned long prefix;
	char *end;

	if (len >= sizeof(address))
		goto bad;
	memcpy(address, text, len);
	address[len] = '\0';
	memset(h->addr, 0, sizeof(h->addr));
	if (inet_pton(AF_INET, address, h->addr) == 1)
		h->family = AF_INET;
	else if (inet_pton(AF_INET6, address, h->addr) == 1)
		h->family = AF_INET6;
	else
		goto bad;
	prefix = h->family == AF_INET ? 32 : 128;
	if (slash) {
		errno = 0;
		prefix = strtoul(slash + 1, &end, 10);
		if (errno || end == slash + 1 || *end ||
		    prefix > (h->family == AF_INET ? 32u : 128u))
			goto bad;
	}
	h->prefix = prefix;
	mask_address(h->addr, h->family == AF_INET ? 4 : 16, prefix);
	return 0;
bad:
	errno = EINVAL;
	return -1;
}

static bool same_host(const struct net_host *a, const struct net_host *b)
{
	return a->family == b->family && a->prefix == b->prefix &&
	       memcmp(a->addr, b->addr, sizeof(a->addr)) == 0;
}

static int collect_host(void *data, const char *host, const char *label)
{
	struct net_host_list *list = data;
	struct net_host h, *old, *grown;

	if (parse_host(host, &h) < 0)
		return -1;
	h.host = strdup(host);
	h.label = strdup(label);
	if (!h.host || !h.label)
		goto fail;
	old = (struct net_host *)net_host_find(list, &h);
	if (old) {
		/* A later entry for the same network replaces it, as in the
		 * kernel. */
		free(old->host);
		free(old->label);
		*old = h;
		return 0;
	}
	grown = realloc(list->items, (list->count + 1) * sizeof(*grown));
	if (!grown)
		goto fail;
	list->items = grown;
	list->items[list->count++] = h;
	return 0;
fail:
	free(h.host);
	free(h.label);
	errno = ENOMEM;
	return -1;
}

int net_host_list_of(const struct smack_netlabel *handle,
		     struct net_host_list *list)
{
	list->items = NULL;
	list->count = 0;
	errno = 0;
	if (smack_netlabel_foreach(handle, collect_host, list) != 0) {
		if (!errno)
			errno = EINVAL;
		net_host_list_free(list);
		return -1;
	}
	return 0;
}

const struct net_host *net_host_find(const struct net_host_list *list,
				     const struct net_host *key)
{
	size_t i;

	for (i = 0; i < list->count; i++)
		if (same_host(&list->items[i], key))
			return &list->items[i];
	return NULL;
}

void net_host_list_free(struct net_host_list *list)
{
	size_t i;

	for (i = 0; i < list->count; i++) {
		free(list->items[i].host);
		free(list->items[i].label);
	}
	free(list->items);
	list->items = NULL;
	list->count = 0;
}
