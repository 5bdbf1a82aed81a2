/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * dir-names.h - which files of a configuration directory are read, and in
 * what order: every name but those systemd's loader skips (dot files,
 * names ending in "~", backups and package-manager leftovers such as
 * ".bak", ".old", ".rpmnew", ".dpkg-dist", ".ucf-old"; smack-config(5)
 * has the list), sorted with strcmp.  The library's parse_path(),
 * smackctl's configuration tree and chsmack's label specifications share
 * it, so that every reader of /etc/smack agrees on what a directory holds.
 */
#ifndef LIBSMACK_DIR_NAMES_H
#define LIBSMACK_DIR_NAMES_H

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>

/* True for a name that a directory walk leaves out. */
bool dir_name_ignored(const char *name);
/* The names of dir a walk reads, sorted, in a malloc'ed array of malloc'ed
 * strings; -1 with errno (kept across the clean-up) on error. */
int dir_names_sorted(DIR *dir, char ***names, size_t *count);
void dir_names_free(char **names, size_t count);

#endif /* LIBSMACK_DIR_NAMES_H */
