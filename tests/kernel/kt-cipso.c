// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel tests of the CIPSO and netlabel sets (cipso.c, netlabel.c) and
 * their differences (cipso-diff.c, netlabel-diff.c), run inside UML by
 * cases/lib-cipso.sh: what the library writes is read back from the
 * kernel exactly.  Hosts are in the documentation ranges
 * (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32): IPv4
 * entries cannot be deleted, and no other case sends packets there.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "check-main.h"

/* ---- CIPSO ---- */

struct found_mapping {
	const char *label;
	int level;
	char cats[2048];	/* "c,c,..." */
	bool found;
};

static int find_mapping(void *userdata, const char *label, int level,
			const int *cats, int ncats)
{
	struct found_mapping *f = userdata;
	size_t used = 0;
	int i;

	if (strcmp(label, f->label) != 0)
		return 0;
	f->found = true;
	f->level = level;
	f->cats[0] = '\0';
	for (i = 0; i < ncats; i++)
		used += snprintf(f->cats + used, sizeof(f->cats) - used,
				 "%s%d", i ? "," : "", cats[i]);
	return 1;
}

/* The kernel's mapping of label, as "LEVEL/c,c" ("LEVEL" alone). */
static const char *kernel_mapping(const char *label)
{
	static char text[2100];
	struct found_mapping f = { .label = label };
	struct smack_cipso *c;

	ck_assert_int_eq(smack_cipso_new_from_kernel(&c), 0);
	smack_cipso_foreach(c, find_mapping, &f);
	smack_cipso_free(c);
	if (!f.found)
		return "(none)";
	snprintf(text, sizeof(text), "%d%s%s", f.level, f.cats[0] ? "/" : "",
		 f.cats);
	return text;
}

static void apply_one(const char *label, int level, const int *cats,
		      int ncats)
{
	struct smack_cipso *c;

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(smack_cipso_add(c, label, level, cats, ncats), 0);
	ck_assert_int_eq(smack_cipso_apply(c), 0);
	smack_cipso_free(c);
}

START_TEST(cipso_columns_read_back_exactly)
{
	/* One-, two- and three-digit numbers: a free-form line would be
	 * misread (3/5,9 for "3 2 5 19"). */
	apply_one("KtCipA", 3, (int[]){ 19, 5 }, 2);
	ck_assert_str_eq(kernel_mapping("KtCipA"), "3/5,19");
	apply_one("KtCipB", 255, (int[]){ 184, 1, 100, 99, 10 }, 5);
	ck_assert_str_eq(kernel_mapping("KtCipB"), "255/1,10,99,100,184");
	apply_one("KtCipC", 0, NULL, 0);
	ck_assert_str_eq(kernel_mapping("KtCipC"), "0");
	/* A new mapping of a label replaces the old one. */
	apply_one("KtCipA", 7, (int[]){ 2 }, 1);
	ck_assert_str_eq(kernel_mapping("KtCipA"), "7/2");
}
END_TEST

START_TEST(cipso_several_mappings_one_apply)
{
	struct smack_cipso *c;
	int i;
	char label[32];

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	for (i = 0; i < 40; i++) {
		snprintf(label, sizeof(label), "KtMany%d", i);
		ck_assert_int_eq(smack_cipso_add(c, label, i, (int[]){ i + 1 },
						 1), 0);
	}
	ck_assert_int_eq(smack_cipso_apply(c), 0);
	smack_cipso_free(c);
	/* Every one landed, not only the first of a write. */
	ck_assert_str_eq(kernel_mapping("KtMany0"), "0/1");
	ck_assert_str_eq(kernel_mapping("KtMany39"), "39/40");
}
END_TEST

START_TEST(cipso_longest_label_most_categories)
{
	char label[256], expect[1000];
	int cats[184], i;
	size_t used;

	memset(label, 'K', 255);
	label[255] = '\0';
	used = snprintf(expect, sizeof(expect), "128/");
	for (i = 0; i < 184; i++) {
		cats[i] = i + 1;
		used += snprintf(expect + used, sizeof(expect) - used, "%s%d",
				 i ? "," : "", i + 1);
	}
	apply_one(label, 128, cats, 184);
	ck_assert_str_eq(kernel_mapping(label), expect);
}
END_TEST

static int writes_seen;

static ssize_t refuse_second_write(int fd, const void *buf, size_t len)
{
	if (++writes_seen == 2) {
		errno = ENOMEM;
		return -1;
	}
	return write(fd, buf, len);
}

START_TEST(cipso_refusal_part_way)
{
	struct smack_cipso *c;

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(smack_cipso_add(c, "KtPartA", 1, NULL, 0), 0);
	ck_assert_int_eq(smack_cipso_add(c, "KtPartB", 2, NULL, 0), 0);
	writes_seen = 0;
	smackfs_set_write_hook(refuse_second_write);
	ck_assert_int_eq(smack_cipso_apply(c), -1);
	smackfs_set_write_hook(NULL);
	ck_assert_int_eq(errno, ENOMEM);
	smack_cipso_free(c);
	ck_assert_str_eq(kernel_mapping("KtPartA"), "1");
	/* The refused mapping never reached the kernel: the label does not
	 * even exist. */
	ck_assert_str_eq(kernel_mapping("KtPartB"), "(none)");
}
END_TEST

START_TEST(cipso_default_mappings_listed)
{
	/* Labels without a mapping show the direct level and their bytes. */
	ck_assert_str_eq(kernel_mapping("_"), "250/2,4,5,6,7,8");
	ck_assert_str_eq(kernel_mapping("*"), "250/3,5,7");
}
END_TEST

/* ---- netlabel ---- */

struct wanted_entry {
	const char *host, *label;
	bool found;
};

static int match_entry(void *userdata, const char *host, const char *label)
{
	struct wanted_entry *w = userdata;

	if (strcmp(host, w->host) == 0 && strcmp(label, w->label) == 0)
		w->found = true;
	return 0;
}

/* The kernel lists host (as it keeps it) with label. */
static bool kernel_has_entry(const char *host, const char *label)
{
	struct wanted_entry w = { host, label, false };
	struct smack_netlabel *n;

	ck_assert_int_eq(smack_netlabel_new_from_kernel(&n), 0);
	ck_assert_int_eq(smack_netlabel_foreach(n, match_entry, &w), 0);
	smack_netlabel_free(n);
	return w.found;
}

START_TEST(netlabel_ipv4_read_back)
{
	struct smack_netlabel *n;

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "192.0.2.0/24", "KtNetA"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "198.51.100.7", "@"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "203.0.113.9/32", "-CIPSO"),
			 0);
	/* The kernel keeps only the prefix of a masked address. */
	ck_assert_int_eq(smack_netlabel_add(n, "203.0.113.77/28", "KtNetB"),
			 0);
	ck_assert_int_eq(smack_netlabel_apply(n), 0);
	smack_netlabel_free(n);
	ck_assert(kernel_has_entry("192.0.2.0/24", "KtNetA"));
	ck_assert(kernel_has_entry("198.51.100.7/32", "@"));
	ck_assert(kernel_has_entry("203.0.113.9/32", "-CIPSO"));
	ck_assert(kernel_has_entry("203.0.113.64/28", "KtNetB"));

	/* The same prefix again replaces its label. */
	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "192.0.2.0/24", "KtNetC"), 0);
	ck_assert_int_eq(smack_netlabel_apply(n), 0);
	smack_netlabel_free(n);
	ck_assert(kernel_has_entry("192.0.2.0/24", "KtNetC"));
	ck_assert(!kernel_has_entry("192.0.2.0/24", "KtNetA"));
}
END_TEST

START_TEST(netlabel_ipv6_read_back_and_delete)
{
	static const char host[] =
		"2001:0db8:0000:0000:0000:0000:0000:0042/128";
	struct smack_netlabel *n;

	if (access("/sys/fs/smackfs/ipv6host", F_OK) != 0)
		return;		/* a kernel without IPv6 host labels */
	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "2001:db8::42", "KtNet6"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "2001:db8:1::/48", "KtNet6b"),
			 0);
	ck_assert_int_eq(smack_netlabel_apply(n), 0);
	smack_netlabel_free(n);
	ck_assert(kernel_has_entry(host, "KtNet6"));
	ck_assert(kernel_has_entry(
		"2001:0db8:0001:0000:0000:0000:0000:0000/48", "KtNet6b"));

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "2001:db8::42", "-DELETE"), 0);
	ck_assert_int_eq(smack_netlabel_apply(n), 0);
	smack_netlabel_free(n);
	ck_assert(!kernel_has_entry(host, "KtNet6"));
}
END_TEST

START_TEST(netlabel_refusal_part_way)
{
	struct smack_netlabel *n;

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "198.51.100.64/26", "KtNetP"),
			 0);
	ck_assert_int_eq(smack_netlabel_add(n, "198.51.100.128/26", "KtNetQ"),
			 0);
	writes_seen = 0;
	smackfs_set_write_hook(refuse_second_write);
	ck_assert_int_eq(smack_netlabel_apply(n), -1);
	smackfs_set_write_hook(NULL);
	ck_assert_int_eq(errno, ENOMEM);
	smack_netlabel_free(n);
	ck_assert(kernel_has_entry("198.51.100.64/26", "KtNetP"));
	ck_assert(!kernel_has_entry("198.51.100.128/26", "KtNetQ"));
}
END_TEST

/* ---- differences: read the kernel, diff against a target, apply the
 * difference, and the kernel reads back as the target ---- */

/* A copy of every mapping of c, kernel encodings of long labels included
 * (smack_cipso_add() would refuse their categories over 184). */
static struct smack_cipso *cipso_copy(const struct smack_cipso *c)
{
	struct smack_cipso *none, *copy;

	ck_assert_int_eq(smack_cipso_new(&none), 0);
	ck_assert_int_eq(smack_cipso_diff(none, c, &copy), 0);
	smack_cipso_free(none);
	ck_assert_uint_eq(smack_cipso_count(copy), smack_cipso_count(c));
	return copy;
}

static size_t cipso_diff_count(const struct smack_cipso *from,
			       const struct smack_cipso *to)
{
	struct smack_cipso *d;
	size_t n;

	ck_assert_int_eq(smack_cipso_diff(from, to, &d), 0);
	n = smack_cipso_count(d);
	smack_cipso_free(d);
	return n;
}

START_TEST(cipso_diff_brings_the_kernel_to_a_target)
{
	struct smack_cipso *from, *target, *d, *now;

	apply_one("KtDfKept", 3, (int[]){ 5 }, 1);
	apply_one("KtDfOld", 3, (int[]){ 5 }, 1);
	ck_assert_int_eq(smack_cipso_new_from_kernel(&from), 0);
	target = cipso_copy(from);
	ck_assert_int_eq(smack_cipso_add(target, "KtDfOld", 9,
					 (int[]){ 8, 7 }, 2), 0);
	ck_assert_int_eq(smack_cipso_add(target, "KtDfNew", 4, (int[]){ 1 },
					 1), 0);
	ck_assert_int_eq(smack_cipso_add(target, "KtDfKept", 3, (int[]){ 5 },
					 1), 0);
	ck_assert_int_eq(smack_cipso_diff(from, target, &d), 0);
	ck_assert_uint_eq(smack_cipso_count(d), 2);
	ck_assert_int_eq(smack_cipso_apply(d), 0);
	smack_cipso_free(d);

	/* Every label of cipso2 is the target's, with its mapping. */
	ck_assert_int_eq(smack_cipso_new_from_kernel(&now), 0);
	ck_assert_uint_eq(cipso_diff_count(now, target), 0);
	ck_assert_uint_eq(cipso_diff_count(target, now), 0);
	ck_assert_str_eq(kernel_mapping("KtDfOld"), "9/7,8");
	ck_assert_str_eq(kernel_mapping("KtDfNew"), "4/1");

	/* The way back: from the kernel as it is now to what it was. */
	ck_assert_int_eq(smack_cipso_diff(now, from, &d), 0);
	ck_assert_uint_eq(smack_cipso_count(d), 1);
	ck_assert_int_eq(smack_cipso_apply(d), 0);
	smack_cipso_free(d);
	smack_cipso_free(now);
	ck_assert_int_eq(smack_cipso_new_from_kernel(&now), 0);
	ck_assert_uint_eq(cipso_diff_count(now, from), 0);
	/* The kernel keeps the new label, and its mapping. */
	ck_assert_uint_eq(cipso_diff_count(from, now), 1);
	ck_assert_str_eq(kernel_mapping("KtDfOld"), "3/5");
	smack_cipso_free(now);
	smack_cipso_free(target);
	smack_cipso_free(from);
}
END_TEST

START_TEST(cipso_diff_leaves_a_label_the_target_lacks)
{
	struct smack_cipso *from, *target, *d;

	apply_one("KtDfLeft", 6, (int[]){ 2 }, 1);
	ck_assert_int_eq(smack_cipso_new_from_kernel(&from), 0);
	ck_assert_int_eq(smack_cipso_new(&target), 0);
	ck_assert_int_eq(smack_cipso_add(target, "KtDfOther", 1, NULL, 0), 0);
	ck_assert_int_eq(smack_cipso_diff(from, target, &d), 0);
	ck_assert_uint_eq(smack_cipso_count(d), 1);
	ck_assert_int_eq(smack_cipso_apply(d), 0);
	smack_cipso_free(d);
	ck_assert_str_eq(kernel_mapping("KtDfLeft"), "6/2");
	ck_assert_str_eq(kernel_mapping("KtDfOther"), "1");
	smack_cipso_free(target);
	smack_cipso_free(from);
}
END_TEST

static void apply_hosts(const char *const *entries)
{
	struct smack_netlabel *n;

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	for (; *entries; entries += 2)
		ck_assert_int_eq(smack_netlabel_add(n, entries[0], entries[1]),
				 0);
	ck_assert_int_eq(smack_netlabel_apply(n), 0);
	smack_netlabel_free(n);
}

static struct smack_netlabel *hosts_copy(const struct smack_netlabel *n)
{
	struct smack_netlabel *none, *copy;

	ck_assert_int_eq(smack_netlabel_new(&none), 0);
	ck_assert_int_eq(smack_netlabel_diff(none, n, &copy, NULL), 0);
	smack_netlabel_free(none);
	return copy;
}

/* The entries smack_netlabel_diff(from, to) writes; *stale its count. */
static size_t hosts_diff_count(const struct smack_netlabel *from,
			       const struct smack_netlabel *to, size_t *stale)
{
	struct smack_netlabel *d;
	size_t n;

	ck_assert_int_eq(smack_netlabel_diff(from, to, &d, stale), 0);
	n = smack_netlabel_count(d);
	smack_netlabel_free(d);
	return n;
}

START_TEST(netlabel_diff_brings_the_kernel_to_a_target)
{
	static const char *const before[] = {
		"203.0.113.128/26", "KtDfOld",
		"2001:db8:d1f::/48", "KtDfSix",
		"2001:db8:d1f:1::/64", "KtDfGone", NULL
	};
	struct smack_netlabel *from, *target, *d, *now;
	size_t stale = 9;

	if (access("/sys/fs/smackfs/ipv6host", F_OK) != 0)
		return;		/* a kernel without IPv6 host labels */
	apply_hosts(before);
	ck_assert_int_eq(smack_netlabel_new_from_kernel(&from), 0);
	target = hosts_copy(from);
	/* A changed label (the address masked as the kernel masks it), an
	 * IPv6 entry deleted, two new entries, one entry as it is. */
	ck_assert_int_eq(smack_netlabel_add(target, "203.0.113.170/26",
					    "KtDfNew"), 0);
	ck_assert_int_eq(smack_netlabel_add(target, "2001:db8:d1f:1::/64",
					    "-DELETE"), 0);
	ck_assert_int_eq(smack_netlabel_add(target, "203.0.113.224/27",
					    "KtDfAdd"), 0);
	ck_assert_int_eq(smack_netlabel_add(target, "2001:db8:d1f:2::1",
					    "KtDfAdd6"), 0);
	ck_assert_int_eq(smack_netlabel_add(target, "2001:db8:d1f:ff::/48",
					    "KtDfSix"), 0);
	ck_assert_int_eq(smack_netlabel_diff(from, target, &d, &stale), 0);
	ck_assert_uint_eq(smack_netlabel_count(d), 4);
	ck_assert_uint_eq(stale, 0);
	ck_assert_int_eq(smack_netlabel_apply(d), 0);
	smack_netlabel_free(d);

	/* netlabel and ipv6host hold the target's entries, no other. */
	ck_assert_int_eq(smack_netlabel_new_from_kernel(&now), 0);
	ck_assert_uint_eq(hosts_diff_count(now, target, &stale), 0);
	ck_assert_uint_eq(stale, 0);
	ck_assert_uint_eq(hosts_diff_count(target, now, &stale), 0);
	ck_assert_uint_eq(stale, 0);
	ck_assert(kernel_has_entry("203.0.113.128/26", "KtDfNew"));
	ck_assert(kernel_has_entry("203.0.113.224/27", "KtDfAdd"));
	ck_assert(!kernel_has_entry(
		"2001:0db8:0d1f:0001:0000:0000:0000:0000/64", "KtDfGone"));

	/* The way back puts every entry back but the new IPv4 one. */
	ck_assert_int_eq(smack_netlabel_diff(now, from, &d, &stale), 0);
	ck_assert_uint_eq(smack_netlabel_count(d), 3);
	ck_assert_uint_eq(stale, 1);
	ck_assert_int_eq(smack_netlabel_apply(d), 0);
	smack_netlabel_free(d);
	smack_netlabel_free(now);
	ck_assert_int_eq(smack_netlabel_new_from_kernel(&now), 0);
	ck_assert_uint_eq(hosts_diff_count(now, from, &stale), 0);
	ck_assert_uint_eq(stale, 1);
	ck_assert(kernel_has_entry("203.0.113.128/26", "KtDfOld"));
	ck_assert(kernel_has_entry(
		"2001:0db8:0d1f:0001:0000:0000:0000:0000/64", "KtDfGone"));
	smack_netlabel_free(now);
	smack_netlabel_free(target);
	smack_netlabel_free(from);
}
END_TEST

/* Adds every entry but that of host to the set userdata. */
static int add_all_but_stale(void *userdata, const char *host,
			     const char *label)
{
	if (strcmp(host, "203.0.113.192/27") == 0)
		return 0;
	return smack_netlabel_add(userdata, host, label);
}

START_TEST(netlabel_diff_counts_an_ipv4_entry_it_cannot_delete)
{
	static const char *const before[] = {
		"203.0.113.192/27", "KtDfStale", NULL
	};
	struct smack_netlabel *from, *target, *now;
	size_t stale = 9;

	apply_hosts(before);
	ck_assert_int_eq(smack_netlabel_new_from_kernel(&from), 0);
	ck_assert_int_eq(smack_netlabel_new(&target), 0);
	ck_assert_int_eq(smack_netlabel_foreach(from, add_all_but_stale,
						target), 0);
	ck_assert_uint_eq(hosts_diff_count(from, target, &stale), 0);
	ck_assert_uint_eq(stale, 1);
	/* It stays: the way back writes it as it is, last. */
	ck_assert_int_eq(smack_netlabel_new_from_kernel(&now), 0);
	ck_assert(kernel_has_entry("203.0.113.192/27", "KtDfStale"));
	ck_assert_uint_eq(hosts_diff_count(target, now, &stale), 1);
	ck_assert_uint_eq(stale, 0);
	smack_netlabel_free(now);
	smack_netlabel_free(target);
	smack_netlabel_free(from);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("kernel-cipso");
	TCase *tc = tcase_create("cipso");

	tcase_add_test(tc, cipso_columns_read_back_exactly);
	tcase_add_test(tc, cipso_several_mappings_one_apply);
	tcase_add_test(tc, cipso_longest_label_most_categories);
	tcase_add_test(tc, cipso_refusal_part_way);
	tcase_add_test(tc, cipso_default_mappings_listed);
	tcase_add_test(tc, netlabel_ipv4_read_back);
	tcase_add_test(tc, netlabel_ipv6_read_back_and_delete);
	tcase_add_test(tc, netlabel_refusal_part_way);
	tcase_add_test(tc, cipso_diff_brings_the_kernel_to_a_target);
	tcase_add_test(tc, cipso_diff_leaves_a_label_the_target_lacks);
	tcase_add_test(tc, netlabel_diff_brings_the_kernel_to_a_target);
	tcase_add_test(tc,
		       netlabel_diff_counts_an_ipv4_entry_it_cannot_delete);
	suite_add_tcase(s, tc);
	return s;
}
