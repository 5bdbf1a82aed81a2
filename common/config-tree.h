/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The Smack configuration tree, <sysconfdir>/smack (see smack-config(5)):
 *
 *   accesses.d/   rule files            (smack-rules(5))
 *   cipso.d/      CIPSO label mappings
 *   netlabel.d/   netlabel host entries
 *   onlycap, ambient, logging, ...      knob files (smack-knobs(5))
 *
 * Every part is optional.  Loading the tree parses and checks all of it
 * and reports each error as FILE:LINE[:COLUMN]; nothing here touches the
 * kernel.
 */
#ifndef SMACK_CONFIG_TREE_H
#define SMACK_CONFIG_TREE_H

#include <stdbool.h>
#include <stddef.h>

#include <sys/smack.h>

#include "config-knobs.h"

/* The environment variable that names another tree. */
#define CONFIG_DIR_ENV "SMACK_CONFIG_DIR"

struct config_tree {
	char *dir;
	bool dir_missing;	/* the default tree does not exist */
	bool has_netlabel;	/* netlabel.d exists: the tree owns the
				 * kernel's netlabel entries */
	struct smack_accesses *rules;
	struct smack_cipso *cipso;
	struct smack_netlabel *netlabel;
	struct knob_value knobs[KNOB_COUNT];	/* .set when its file exists */
	unsigned int errors;
	char **refused;		/* the files with errors, left out */
	size_t refused_count;
};

/*
 * The tree to use: option (--config-dir) if not NULL, else $SMACK_CONFIG_DIR
 * if set and not empty, else SYSCONFDIR "/smack".  *explicit tells whether
 * the user named it (a missing tree is then an error).
 */
const char *config_tree_dir(const char *option, bool *explicit);

/*
 * Parses the whole tree at dir.  Errors go to on_error (with userdata);
 * tree->errors counts them.  Returns 0 when the tree is valid, else -1
 * with errno ENOMEM when memory ran out (for any part of it), EINVAL for
 * errors in the files, or the error of the tree's directory itself.  Free
 * with config_tree_free() in both cases.
 *
 * Each file is read on its own, all of it or nothing: after EINVAL the
 * tree holds every file that is valid, and tree->refused names the others
 * (a rule, CIPSO or netlabel file, a knob file, or a part that could not
 * be read), for smackctl apply --keep-going.
 */
int config_tree_load(struct config_tree *tree, const char *dir,
		     bool explicit, smack_parse_error_fn on_error,
		     void *userdata);
void config_tree_free(struct config_tree *tree);

/*
 * Parses one knob file (comment lines start with '#' or ';', values are
 * separated by blanks and line ends).  A file that does not exist leaves
 * v unset and is no error.  Returns 0, or -1 after reporting the errors.
 */
int config_parse_knob_file(const struct knob *k, const char *path,
			   struct knob_value *v, smack_parse_error_fn on_error,
			   void *userdata);

/* Prints 'prog: the rule was "S O A"' for the rule at index (0-based) of
 * rules, in the order they were added (after a kernel refusal). */
void config_warn_rule(const struct smack_accesses *rules, size_t index);

#endif /* SMACK_CONFIG_TREE_H */
