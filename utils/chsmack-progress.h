/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chsmack --progress: a line on standard error that says how far a walk
 * has come (entries visited, entries a second, the directory being
 * walked), redrawn in place.  See chsmack-progress.c.
 */
#ifndef CHSMACK_PROGRESS_H
#define CHSMACK_PROGRESS_H

#include <stdbool.h>

/* No --progress; --progress; --progress=always. */
enum progress_when { PROGRESS_NEVER, PROGRESS_AUTO, PROGRESS_ALWAYS };

/* The walk counts its entries and calls progress_tick() once every
 * PROGRESS_EVERY of them: the one cost of the line for each entry is the
 * count. */
#define PROGRESS_EVERY 64

/* Whether the line is to be shown: never, always, or (auto) when standard
 * error is a terminal.  From then on every message of the tool takes it
 * away first, so that the message starts a line of its own. */
bool progress_start(enum progress_when when);

/* done entries visited, path the one being visited: redraws the line, at
 * most four times a second. */
void progress_tick(unsigned long done, const char *path);

/* Takes the line away, if it is shown, until the next tick draws it. */
void progress_clear(void);

#endif /* CHSMACK_PROGRESS_H */
