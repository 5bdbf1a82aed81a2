// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The boot-time policy tree under <sysconfdir>/smack (smack_load_policy).
 *
 * The whole tree is read and validated before anything is written, so a
 * bad file loads nothing.  Then, holding the writers' lock (lock.c), the
 * loaded rules are replaced by those of accesses.d, the mappings of
 * cipso.d are applied, and onlycap is set last (it can take the caller's
 * own privilege away), read as every reader of the tree reads a knob file
 * (knob-table.c).  Every part of the tree is optional: a system without
 * cipso.d or onlycap is normal.
 *
 * "Clear the loaded rules, then apply the tree" is done as the difference
 * between the two: the kernel ends with exactly the rules that clearing
 * and loading would leave, but a rule present before and after is never
 * taken away in between, and unchanged rules are not written at all.
 */
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "cipso.h"
#include "knob.h"
#include "parse.h"

#define POLICY_DIR SYSCONFDIR "/smack"

struct policy {
	struct smack_accesses *rules;
	struct smack_cipso *cipso;	/* NULL without cipso.d */
	struct knob_value onlycap;	/* .set when the file exists */
};

static void policy_release(struct policy *p)
{
	int saved = errno;

	smack_accesses_free(p->rules);
	smack_cipso_free(p->cipso);
	knob_value_clear(&p->onlycap);
	errno = saved;
}

static int read_cipso(struct policy *p, const char *dir)
{
	struct stat st;

	if (stat(dir, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	if (smack_cipso_new(&p->cipso) < 0)
		return -1;
	/* A 1.3 entry point: files read as 1.3 read them. */
	return cipso_parse_path_1_3(p->cipso, dir);
}

static int read_onlycap(struct policy *p, const char *path)
{
	struct parse_ctx ctx = PARSE_CTX_INIT(path, NULL, NULL);
	unsigned int line, column;
	int fd = parse_open_file(&ctx, path), ret;

	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	ret = knob_parse_file(knob_get(KNOB_ONLYCAP), fd, &ctx, &p->onlycap,
			      &line, &column);
	close(fd);
	return ret;
}

static int read_policy(struct policy *p)
{
	if (smack_accesses_new(&p->rules) < 0)
		return -1;
	if (accesses_parse_path(p->rules, POLICY_DIR "/accesses.d",
				PARSE_PATH_OPTIONAL, NULL, NULL) < 0)
		return -1;
	if (read_cipso(p, POLICY_DIR "/cipso.d") < 0)
		return -1;
	return read_onlycap(p, POLICY_DIR "/onlycap");
}

/* Makes the kernel's rules those of the policy: at boot, with no rule in
 * the kernel yet, by loading them as they are. */
static int replace_rules(struct smack_accesses *rules)
{
	struct smack_accesses *changes;
	int ret;

	if (smack_accesses_kernel_is_empty() == 1)
		return smack_accesses_apply(rules);
	if (smack_accesses_diff_kernel(rules, &changes, NULL) < 0)
		return -1;
	ret = smack_accesses_apply(changes);
	smack_accesses_free(changes);
	return ret;
}

static int write_policy(const struct policy *p)
{
	if (replace_rules(p->rules) < 0)
		return -1;
	if (p->cipso && smack_cipso_apply(p->cipso) < 0)
		return -1;
	if (p->onlycap.set &&
	    knob_write_kernel(KNOB_ONLYCAP, &p->onlycap) < 0)
		return -1;
	return 0;
}

SMACK_EXPORT
int smack_load_policy(void)
{
	struct policy p = { NULL };
	int ret = -1, saved;

	if (smackfs_dirfd() < 0)
		return -1;
	if (read_policy(&p) < 0)
		goto out;
	/* From the first read of the kernel's state to the last write. */
	if (smack_policy_lock(0) < 0)
		goto out;
	ret = write_policy(&p);
	saved = errno;
	smack_policy_unlock();
	errno = saved;
out:
	policy_release(&p);
	return ret;
}
