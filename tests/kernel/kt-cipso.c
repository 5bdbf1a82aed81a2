// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel tests of the CIPSO and netlabel sets (cipso.c, netlabel.c), run
 * inside UML by cases/lib-cipso.sh: what the library writes is read back
 * from the kernel exactly.  Hosts are in the documentation ranges
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
	suite_add_tcase(s, tc);
	return s;
}
