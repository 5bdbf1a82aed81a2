// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The files of a configuration directory, in the order they are read.
 * See dir-names.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dir-names.h"

bool dir_name_ignored(const char *name)
{
	size_t len = strlen(name);
	/* The last 4 bytes, for the suffixes ".bak" and ".swp". */
	const char *last4 = name + (len >= 4 ? len - 4 : len);

	return name[0] == '.' || (len && name[len - 1] == '~') ||
	       strcmp(last4, ".bak") == 0 || strcmp(last4, ".swp") == 0 ||
	       strstr(name, ".dpkg-") || strstr(name, ".rpm");
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void dir_names_free(char **names, size_t n)
{
	while (n)
		free(names[--n]);
	free(names);
}

int dir_names_sorted(DIR *dir, char ***names, size_t *count)
{
	char **list = NULL, **grown;
	size_t n = 0, cap = 0;
	struct dirent *de;
	int saved;

	for (;;) {
		errno = 0;
		de = readdir(dir);
		if (!de)
			break;
		if (dir_name_ignored(de->d_name))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			grown = realloc(list, cap * sizeof(*list));
			if (!grown)
				goto fail;
			list = grown;
		}
		list[n] = strdup(de->d_name);
		if (!list[n])
			goto fail;
		n++;
	}
	if (errno)
		goto fail;
	if (n)
		qsort(list, n, sizeof(*list), compare_names);
	*names = list;
	*count = n;
	return 0;
fail:
	saved = errno;
	dir_names_free(list, n);
	errno = saved;
	return -1;
}
