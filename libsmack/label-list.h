/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Lists of labels as onlycap and relabel-self hold them: written as one
 * line of labels separated by spaces ("-" for none), read back the same
 * way.  Internal to libsmack.
 */
#ifndef LIBSMACK_LABEL_LIST_H
#define LIBSMACK_LABEL_LIST_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Checks the cnt labels and joins them with single spaces into a malloc'ed
 * string (no newline; the kernel needs none), or "-" when cnt is 0, which
 * empties a list.  labels may be NULL only when cnt is 0.  Returns the
 * length, or -1 with errno EINVAL (a bad label, or cnt < 0) or ENOMEM.
 */
ssize_t label_list_join(const char *const *labels, int cnt, char **out);

/*
 * Splits text at any whitespace into a malloc'ed, NULL-terminated array
 * of labels, each checked.  Returns the number of labels, or -1 with errno
 * EINVAL (a token that is no label) or ENOMEM.
 */
int label_list_split(const char *text, char ***labels);

/* Reads a smackfs list file (onlycap, relabel-self) into an array as
 * label_list_split() makes it; a non-label in the kernel's answer is
 * EPROTO. */
int label_list_read_knob(const char *name, char ***labels);

/* Writes cnt labels to a smackfs list file in one write. */
int label_list_write_knob(const char *name, const char *const *labels,
			  int cnt);

#endif /* LIBSMACK_LABEL_LIST_H */
