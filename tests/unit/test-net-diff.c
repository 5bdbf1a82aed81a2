// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The differences of CIPSO sets and of netlabel sets (cipso-diff.c,
 * netlabel-diff.c): which entries are written, in what order, and what
 * is counted as stale.  No kernel: the same against the kernel is in
 * tests/kernel/kt-cipso.c (cases/lib-cipso.sh); allocation failures in
 * test-alloc-failure.
 */
#include <errno.h>

#include <sys/smack.h>

#include "check-main.h"
#include "set-listing.h"

/* Each case starts with empty sets: two of mappings, two of entries. */
static struct smack_cipso *from, *to;
static struct smack_netlabel *have, *want;

static void setup(void)
{
	ck_assert_int_eq(smack_cipso_new(&from), 0);
	ck_assert_int_eq(smack_cipso_new(&to), 0);
	ck_assert_int_eq(smack_netlabel_new(&have), 0);
	ck_assert_int_eq(smack_netlabel_new(&want), 0);
}

static void teardown(void)
{
	smack_cipso_free(from);
	smack_cipso_free(to);
	smack_netlabel_free(have);
	smack_netlabel_free(want);
}

/* ---- CIPSO */

static void map(struct smack_cipso *c, const char *label, int level,
		const int *cats, int ncats)
{
	ck_assert_int_eq(smack_cipso_add(c, label, level, cats, ncats), 0);
}

/* smack_cipso_diff(from, to), listed. */
static const char *cipso_diff(void)
{
	struct smack_cipso *d = NULL;
	const char *text;

	ck_assert_int_eq(smack_cipso_diff(from, to, &d), 0);
	text = maps(d);
	smack_cipso_free(d);
	return text;
}

START_TEST(cipso_identical_sets_give_nothing)
{
	int a[] = { 19, 5 }, b[] = { 5, 19, 5 };

	ck_assert_str_eq(cipso_diff(), "");
	map(from, "Lab", 3, a, 2);
	map(from, "Bare", 7, NULL, 0);
	/* The same categories in another order, with a repeat. */
	map(to, "Bare", 7, NULL, 0);
	map(to, "Lab", 3, b, 3);
	ck_assert_str_eq(cipso_diff(), "");
}
END_TEST

START_TEST(cipso_new_and_changed_labels_by_label)
{
	int a[] = { 5, 19 }, b[] = { 5 }, c[] = { 1, 184 };

	map(from, "Same", 3, a, 2);
	map(from, "Level", 3, a, 2);
	map(from, "Cats", 3, a, 2);
	map(to, "Same", 3, a, 2);
	map(to, "Zulu", 255, c, 2);
	map(to, "Level", 4, a, 2);
	map(to, "Cats", 3, b, 1);
	map(to, "Alpha", 0, NULL, 0);
	ck_assert_str_eq(cipso_diff(), "Alpha 0;Cats 3 5;Level 4 5,19;"
				       "Zulu 255 1,184;");
}
END_TEST

START_TEST(cipso_last_mapping_of_a_label_wins)
{
	int a[] = { 5 }, b[] = { 6 };

	map(to, "Lab", 3, a, 1);
	map(to, "Lab", 4, b, 1);
	map(from, "Lab", 3, a, 1);
	ck_assert_str_eq(cipso_diff(), "Lab 4 6;");
	/* In from as well: its last mapping is what the kernel has. */
	map(from, "Lab", 4, b, 1);
	ck_assert_str_eq(cipso_diff(), "");
	map(from, "Lab", 3, a, 1);
	ck_assert_str_eq(cipso_diff(), "Lab 4 6;");
}
END_TEST

START_TEST(cipso_label_only_from_maps_is_left)
{
	int a[] = { 5 };

	/* As cipso2 lists every label the kernel knows. */
	map(from, "Kept", 3, a, 1);
	map(from, "_", 250, a, 1);
	ck_assert_str_eq(cipso_diff(), "");
	map(to, "New", 1, a, 1);
	ck_assert_str_eq(cipso_diff(), "New 1 5;");
}
END_TEST

START_TEST(cipso_bad_arguments)
{
	struct smack_cipso *d = NULL;

	ck_assert_int_eq(smack_cipso_diff(NULL, to, &d), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_cipso_diff(from, NULL, &d), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_cipso_diff(from, to, NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_null(d);
}
END_TEST

/* ---- netlabel */

static void host(struct smack_netlabel *n, const char *address,
		 const char *label)
{
	ck_assert_int_eq(smack_netlabel_add(n, address, label), 0);
}

static size_t stale;

/* smack_netlabel_diff(a, b), listed; sets stale. */
static const char *netlabel_diff(const struct smack_netlabel *a,
				 const struct smack_netlabel *b)
{
	struct smack_netlabel *d = NULL;
	const char *text;

	stale = 99;
	ck_assert_int_eq(smack_netlabel_diff(a, b, &d, &stale), 0);
	text = hosts(d);
	smack_netlabel_free(d);
	return text;
}

START_TEST(netlabel_identical_sets_give_nothing)
{
	ck_assert_str_eq(netlabel_diff(have, want), "");
	ck_assert_uint_eq(stale, 0);
	/* The kernel's way of writing them, and others. */
	host(have, "10.0.0.0/8", "Net");
	host(have, "192.0.2.1/32", "-CIPSO");
	host(have, "2001:0db8:0000:0000:0000:0000:0000:0000/32", "Six");
	host(want, "2001:db8::/32", "Six");
	host(want, "192.0.2.1", "-CIPSO");
	host(want, "10.1.2.3/8", "Net");
	ck_assert_str_eq(netlabel_diff(have, want), "");
	ck_assert_uint_eq(stale, 0);
	ck_assert_str_eq(netlabel_diff(want, have), "");
	ck_assert_uint_eq(stale, 0);
}
END_TEST

START_TEST(netlabel_last_entry_of_an_address_wins)
{
	host(want, "10.1.2.3/16", "First");
	host(want, "10.1.0.0/16", "Last");
	host(have, "10.1.0.0/16", "First");
	ck_assert_str_eq(netlabel_diff(have, want), "10.1.0.0/16 Last;");
	host(have, "10.1.255.255/16", "Last");
	ck_assert_str_eq(netlabel_diff(have, want), "");
	/* A delete after an entry leaves none, an entry after a delete
	 * is there. */
	host(want, "2001:db8::/32", "Six");
	host(want, "2001:db8::/32", "-DELETE");
	host(want, "2001:db8:1::/48", "-DELETE");
	host(want, "2001:db8:1::/48", "Back");
	ck_assert_str_eq(netlabel_diff(have, want),
			 "2001:0db8:0001:0000:0000:0000:0000:0000/48 Back;");
}
END_TEST

START_TEST(netlabel_addresses_masked_to_their_prefix)
{
	/* Not on a byte boundary: /12 keeps 4 bits of the second byte. */
	host(have, "172.16.0.0/12", "A");
	host(want, "172.31.255.255/12", "A");
	ck_assert_str_eq(netlabel_diff(have, want), "");
	ck_assert_uint_eq(stale, 0);
	host(want, "172.32.0.0/12", "B");
	ck_assert_str_eq(netlabel_diff(have, want), "172.32.0.0/12 B;");
	/* The same address with another prefix is another entry. */
	host(have, "2001:db8::/36", "C");
	host(have, "0.0.0.0/0", "D");
	host(want, "2001:db8:fff::1/36", "C");
	host(want, "2001:db8::/35", "C");
	host(want, "9.9.9.9/0", "D");
	ck_assert_str_eq(netlabel_diff(have, want),
			 "2001:0db8:0000:0000:0000:0000:0000:0000/35 C;"
			 "172.32.0.0/12 B;");
}
END_TEST

START_TEST(netlabel_ipv4_entries_only_from_has_are_stale)
{
	struct smack_netlabel *d;

	host(have, "192.0.2.0/24", "Old");
	host(have, "198.51.100.7", "-CIPSO");
	host(have, "10.0.0.0/8", "Net");
	host(want, "10.0.0.0/8", "Net");
	ck_assert_str_eq(netlabel_diff(have, want), "");
	ck_assert_uint_eq(stale, 2);
	ck_assert_int_eq(smack_netlabel_diff(have, want, &d, NULL), 0);
	ck_assert_uint_eq(smack_netlabel_count(d), 0);
	smack_netlabel_free(d);
}
END_TEST

START_TEST(netlabel_ipv6_entries_only_from_has_are_deleted)
{
	host(have, "2001:db8::1", "One");
	host(have, "2001:db8::2", "Two");
	host(have, "2001:db8::3", "-DELETE");	/* no entry */
	host(want, "2001:db8::2", "-DELETE");
	host(want, "2001:db8::3", "-DELETE");
	host(want, "2001:db8::4", "-DELETE");
	ck_assert_str_eq(netlabel_diff(have, want),
			 "2001:0db8:0000:0000:0000:0000:0000:0001/128 -DELETE;"
			 "2001:0db8:0000:0000:0000:0000:0000:0002/128 -DELETE;");
	ck_assert_uint_eq(stale, 0);
}
END_TEST

START_TEST(netlabel_new_ipv4_entries_come_last)
{
	host(have, "10.0.0.0/8", "Net");
	host(have, "2001:db8::1", "One");
	host(have, "198.51.100.0/24", "Gone");
	host(want, "203.0.113.9", "New");
	host(want, "2001:db8::9", "Nine");
	host(want, "10.0.0.0/8", "Changed");
	host(want, "192.0.2.0/24", "-CIPSO");
	ck_assert_str_eq(netlabel_diff(have, want),
			 "10.0.0.0/8 Changed;"
			 "2001:0db8:0000:0000:0000:0000:0000:0001/128 -DELETE;"
			 "2001:0db8:0000:0000:0000:0000:0000:0009/128 Nine;"
			 "192.0.2.0/24 -CIPSO;203.0.113.9/32 New;");
	ck_assert_uint_eq(stale, 1);
	/* The other way round, the entries that cannot be deleted, last, are
	 * the stale entries of the first way. */
	ck_assert_str_eq(netlabel_diff(want, have),
			 "10.0.0.0/8 Net;"
			 "2001:0db8:0000:0000:0000:0000:0000:0001/128 One;"
			 "2001:0db8:0000:0000:0000:0000:0000:0009/128 -DELETE;"
			 "198.51.100.0/24 Gone;");
	ck_assert_uint_eq(stale, 2);
}
END_TEST

START_TEST(netlabel_bad_arguments)
{
	struct smack_netlabel *d = NULL;

	ck_assert_int_eq(smack_netlabel_diff(NULL, want, &d, &stale), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_netlabel_diff(have, NULL, &d, &stale), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_netlabel_diff(have, want, NULL, &stale), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_null(d);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("net-diff");
	TCase *cipso = tcase_create("cipso");
	TCase *netlabel = tcase_create("netlabel");

	tcase_add_checked_fixture(cipso, setup, teardown);
	tcase_add_test(cipso, cipso_identical_sets_give_nothing);
	tcase_add_test(cipso, cipso_new_and_changed_labels_by_label);
	tcase_add_test(cipso, cipso_last_mapping_of_a_label_wins);
	tcase_add_test(cipso, cipso_label_only_from_maps_is_left);
	tcase_add_test(cipso, cipso_bad_arguments);
	suite_add_tcase(s, cipso);

	tcase_add_checked_fixture(netlabel, setup, teardown);
	tcase_add_test(netlabel, netlabel_identical_sets_give_nothing);
	tcase_add_test(netlabel, netlabel_last_entry_of_an_address_wins);
	tcase_add_test(netlabel, netlabel_addresses_masked_to_their_prefix);
	tcase_add_test(netlabel, netlabel_ipv4_entries_only_from_has_are_stale);
	tcase_add_test(netlabel,
		       netlabel_ipv6_entries_only_from_has_are_deleted);
	tcase_add_test(netlabel, netlabel_new_ipv4_entries_come_last);
	tcase_add_test(netlabel, netlabel_bad_arguments);
	suite_add_tcase(s, netlabel);
	return s;
}
