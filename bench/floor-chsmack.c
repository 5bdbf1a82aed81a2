// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * floor-chsmack set LABEL DIR
 * floor-chsmack list DIR
 *
 * The kernel's floors for chsmack -r: a walk of DIR that takes each
 * entry's type from readdir (no stat) and then makes
 *   set:  one lsetxattr(security.SMACK64) per entry, DIR itself included;
 *   list: one llistxattr per entry and one lgetxattr per Smack attribute
 *         present, printed as chsmack prints it:
 *         path access="L" execute="L" mmap="L" transmute="TRUE"
 * The walk works inside each directory (fchdir to it), so that every call
 * names the entry by itself and the kernel looks up one path component,
 * never the whole path.  Symbolic links are labelled and listed, never
 * followed.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "bench-util.h"

/* The attributes chsmack lists, in its order. */
static const struct {
	const char *xattr;
	const char *key;
} listed[] = {
	{ "security.SMACK64", "access" },
	{ "security.SMACK64EXEC", "execute" },
	{ "security.SMACK64MMAP", "mmap" },
	{ "security.SMACK64TRANSMUTE", "transmute" },
};
#define N_LISTED (sizeof(listed) / sizeof(listed[0]))

/* name is what the calls use (relative to the current directory, or the
 * top directory as given); path is what the listing prints. */
struct walk {
	char path[PATH_MAX];
	const char *name;
	const char *label;	/* NULL: list */
};

static void set_label(struct walk *w)
{
	if (lsetxattr(w->name, listed[0].xattr, w->label, strlen(w->label),
		      0) < 0)
		bench_die_errno("lsetxattr %s", w->path);
}

static void list_labels(struct walk *w)
{
	char names[1024], value[N_LISTED][256];
	ssize_t len, vlen[N_LISTED] = { 0 };
	const char *name;
	size_t i;

	len = llistxattr(w->name, names, sizeof(names));
	if (len < 0)
		bench_die_errno("llistxattr %s", w->path);
	for (name = names; name < names + len; name += strlen(name) + 1)
		for (i = 0; i < N_LISTED; i++) {
			if (strcmp(name, listed[i].xattr) != 0)
				continue;
			vlen[i] = lgetxattr(w->name, name, value[i],
					    sizeof(value[i]));
			if (vlen[i] < 0)
				bench_die_errno("lgetxattr %s", w->path);
		}
	fputs(w->path, stdout);
	for (i = 0; i < N_LISTED; i++)
		if (vlen[i] > 0)
			printf(" %s=\"%.*s\"", listed[i].key, (int)vlen[i],
			       value[i]);
	putchar('\n');
}

static void visit(struct walk *w)
{
	if (w->label)
		set_label(w);
	else
		list_labels(w);
}

/* Visits every entry of the directory open as fd, whose path is w->path;
 * returns with the current directory back at parent. */
static void descend(struct walk *w, int fd, int parent)
{
	size_t len = strlen(w->path);
	struct dirent *de;
	struct stat st;
	DIR *dir = fdopendir(fd);
	int is_dir, sub;

	if (!dir || fchdir(fd) < 0)
		bench_die_errno("opendir %s", w->path);
	while ((de = readdir(dir))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (len + 1 + strlen(de->d_name) >= sizeof(w->path))
			bench_die("%s/%s: path too long", w->path, de->d_name);
		w->path[len] = '/';
		strcpy(w->path + len + 1, de->d_name);
		w->name = de->d_name;
		visit(w);
		is_dir = de->d_type == DT_DIR;
		/* Only a filesystem without d_type costs a stat. */
		if (de->d_type == DT_UNKNOWN && lstat(de->d_name, &st) == 0)
			is_dir = S_ISDIR(st.st_mode);
		if (is_dir) {
			sub = openat(fd, de->d_name, O_RDONLY | O_DIRECTORY |
				     O_NOFOLLOW | O_CLOEXEC);
			if (sub < 0)
				bench_die_errno("open %s", w->path);
			descend(w, sub, fd);
		}
		w->path[len] = '\0';
	}
	closedir(dir);
	if (fchdir(parent) < 0)
		bench_die_errno("fchdir");
}

int main(int argc, char **argv)
{
	static char outbuf[1 << 16];
	struct walk *w = calloc(1, sizeof(*w));
	const char *dir;
	int top, start;

	bench_set_name(argv[0]);
	if (!w)
		bench_die_errno("out of memory");
	if (argc == 4 && !strcmp(argv[1], "set")) {
		w->label = argv[2];
		dir = argv[3];
	} else if (argc == 3 && !strcmp(argv[1], "list")) {
		dir = argv[2];
	} else {
		bench_die("usage: floor-chsmack set LABEL DIR | list DIR");
	}
	if (strlen(dir) >= sizeof(w->path))
		bench_die("%s: path too long", dir);
	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	strcpy(w->path, dir);
	w->name = dir;
	visit(w);
	top = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	start = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (top < 0 || start < 0)
		bench_die_errno("open %s", dir);
	descend(w, top, start);
	close(start);
	if (fflush(stdout) != 0)
		bench_die_errno("stdout");
	free(w);
	return 0;
}
