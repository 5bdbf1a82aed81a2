// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The files of a configuration directory, in the order they are read.
 * See dir-names.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dir-names.h"

/*
 * The names systemd's loader leaves out of /etc/smack (its
 * hidden_or_backup_file()), so that a tree it loads holds the same files
 * here: whole names, then the part after the last dot.  Each list is one
 * string of names ended by NULs, its end an empty name: unlike a table of
 * pointers, it needs no relocation in a position-independent program.
 */
static const char skipped_names[] =
	"lost+found\0aquota.user\0aquota.group\0";
static const char skipped_suffixes[] =
	"ignore\0swp\0bak\0old\0new\0rpmnew\0rpmsave\0rpmorig\0"
	"dpkg-old\0dpkg-new\0dpkg-tmp\0dpkg-dist\0dpkg-bak\0dpkg-backup\0"
	"dpkg-remove\0ucf-new\0ucf-old\0ucf-dist\0";

static bool in_list(const char *s, const char *list)
{
	for (; *list; list += strlen(list) + 1)
		if (strcmp(s, list) == 0)
			return true;
	return false;
}

bool dir_name_ignored(const char *name)
{
	size_t len = strlen(name);
	const char *dot;

	if (name[0] == '.' || (len && name[len - 1] == '~') ||
	    in_list(name, skipped_names))
		return true;
	dot = strrchr(name, '.');
	return dot && in_list(dot + 1, skipped_suffixes);
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
