// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reading the kernel's rules back from load2: as a set
 * (smack_accesses_new_from_kernel), or as its difference with a set
 * (smack_accesses_diff_kernel).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "accesses.h"
#include "parse.h"

SMACK_EXPORT
int smack_accesses_new_from_kernel(struct smack_accesses **handle)
{
	struct parse_ctx ctx = PARSE_CTX_INIT("load2", NULL, NULL);
	struct smack_accesses *a;
	struct parse_reader r;
	int fd, ret, saved;

	if (!handle) {
		errno = EINVAL;
		return -1;
	}
	fd = smackfs_open("load2", O_RDONLY);
	if (fd < 0)
		return -1;
	if (smack_accesses_new(&a) < 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	parse_reader_fd(&r, &ctx, fd);
	ret = accesses_parse_lines(a, &r);
	saved = errno;
	parse_reader_release(&r);
	close(fd);
	if (ret == 0 && ctx.errors) {
		/* Not the kernel's listing format: nothing to trust. */
		ret = -1;
		saved = EPROTO;
	}
	if (ret < 0) {
		smack_accesses_free(a);
		errno = saved;
		return -1;
	}
	*handle = a;
	return 0;
}

/* ------------------------------------------------ difference with load2 */

/*
 * smack_accesses_diff_kernel() gives what smack_accesses_diff() of the
 * kernel's rules and a target would, without making a set of the kernel's
 * rules: load2 is read line by line against the target's pair map, and
 * only what differs is kept.  Reading load2 is most of a reload's cost
 * already; a second set and its map, as large as the target's, would
 * double the memory and add a third of the time.
 */

struct kernel_diff {
	const struct smack_accesses *target;
	struct pair_map pairs;
	uint8_t *kernel;		/* per slot: the access load2 lists */
	struct pair_marks marks;
	struct smack_accesses *changes, *undo;
	/* Pairs the target lacks, kept apart: they come last. */
	struct smack_accesses *vanished, *vanished_undo;
};

/* A pair of load2 that the target does not have: it loses its access. */
static int kernel_only(struct kernel_diff *d, const struct parse_field *f,
		       unsigned int have)
{
	if (accesses_add_access_n(d->vanished, f[0].text, f[0].len, f[1].text,
				  f[1].len, 0) < 0 ||
	    (d->vanished_undo &&
	     accesses_add_access_n(d->vanished_undo, f[0].text, f[0].len,
				   f[1].text, f[1].len, have) < 0))
		return errno == EINVAL ? -EPROTO : -1;
	return 0;
}

/* One line of load2: "subject object access".  -EPROTO when it is not. */
static int kernel_line(struct kernel_diff *d, const struct parse_line *line)
{
	const struct labeltab *t = &d->target->labels;
	struct parse_field f[4];
	unsigned int have;
	long s, o;
	size_t slot = PAIR_NONE;

	if (parse_split(line, f, 4) != 3 ||
	    access_parse_n(f[2].text, f[2].len, &have) < 0)
		return -EPROTO;
	if (!have)
		return 0;	/* not a rule the kernel enforces */
	s = labeltab_find(t, f[0].text, f[0].len);
	o = s < 0 ? -1 : labeltab_find(t, f[1].text, f[1].len);
	if (o >= 0)
		slot = pair_map_find(&d->pairs, s, o);
	if (slot == PAIR_NONE)
		return kernel_only(d, f, have);
	d->kernel[slot] = have;
	return 0;
}

static int read_kernel(struct kernel_diff *d)
{
	struct parse_ctx ctx = PARSE_CTX_INIT("load2", NULL, NULL);
	struct parse_reader r;
	struct parse_line line;
	int fd, ret, saved;

	fd = smackfs_open("load2", O_RDONLY);
	if (fd < 0)
		return -1;
	parse_reader_fd(&r, &ctx, fd);
	while ((ret = parse_reader_next(&r, &line)) > 0)
		if ((ret = kernel_line(d, &line)) < 0)
			break;
	saved = ret == -EPROTO ? EPROTO : errno;
	if (ret == 0 && ctx.errors) {
		/* A NUL byte: not the kernel's listing format. */
		ret = -1;
		saved = EPROTO;
	}
	parse_reader_release(&r);
	close(fd);
	errno = saved;
	return ret < 0 ? -1 : 0;
}

/* The target's pairs, in its order, whose access the kernel lacks. */
static int target_changes(struct kernel_diff *d)
{
	const struct labeltab *t = &d->target->labels;
	unsigned int want, have;
	struct rule r;
	size_t i, slot;

	for (i = 0; i < d->target->count; i++) {
		accesses_get(d->target, i, &r);
		slot = pair_map_find(&d->pairs, r.subject, r.object);
		if (!pair_marks_first(&d->marks, slot))
			continue;
		want = pair_final(d->pairs.state[slot]);
		have = d->kernel[slot];
		if (want == have)
			continue;
		if (accesses_add_plain(d->changes, t, &r, want) < 0 ||
		    (d->undo && accesses_add_plain(d->undo, t, &r, have) < 0))
			return -1;
	}
	return 0;
}

static int copy_rule(void *userdata, const char *subject, const char *object,
		     const char *access, const char *deny)
{
	return smack_accesses_add(userdata, subject, object, access);
}

static int kernel_diff_run(struct kernel_diff *d)
{
	if (pair_map_build(&d->pairs, d->target) < 0)
		return -1;
	d->kernel = calloc(d->pairs.size ? d->pairs.size : 1, 1);
	if (!d->kernel || pair_marks_init(&d->marks, &d->pairs) < 0)
		return -1;
	if (read_kernel(d) < 0 || target_changes(d) < 0)
		return -1;
	if (smack_accesses_foreach(d->vanished, copy_rule, d->changes) != 0)
		return -1;
	if (d->undo &&
	    smack_accesses_foreach(d->vanished_undo, copy_rule, d->undo) != 0)
		return -1;
	return 0;
}

static void kernel_diff_release(struct kernel_diff *d)
{
	pair_map_release(&d->pairs);
	pair_marks_release(&d->marks);
	free(d->kernel);
	smack_accesses_free(d->vanished);
	smack_accesses_free(d->vanished_undo);
}

SMACK_EXPORT
int smack_accesses_diff_kernel(const struct smack_accesses *target,
			       struct smack_accesses **changes,
			       struct smack_accesses **undo)
{
	struct kernel_diff d = { .target = target };
	int ret = -1, saved;

	if (!target || !changes) {
		errno = EINVAL;
		return -1;
	}
	if (smack_accesses_new(&d.changes) < 0 ||
	    smack_accesses_new(&d.vanished) < 0)
		goto out;
	if (undo && (smack_accesses_new(&d.undo) < 0 ||
		     smack_accesses_new(&d.vanished_undo) < 0))
		goto out;
	ret = kernel_diff_run(&d);
out:
	saved = errno;
	kernel_diff_release(&d);
	if (ret < 0) {
		smack_accesses_free(d.changes);
		smack_accesses_free(d.undo);
		errno = saved;
		return -1;
	}
	*changes = d.changes;
	if (undo)
		*undo = d.undo;
	return 0;
}
