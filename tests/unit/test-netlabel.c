// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Netlabel host entry sets (netlabel.c): host and label checks, parsing
 * with diagnostics, the exact bytes and write boundaries of netlabel and
 * ipv6host, and reading them back.  The library is pointed at a plain
 * directory (smackfs_override); the same against the kernel is in
 * tests/kernel/cases/netlabel-*.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "check-main.h"
#include "set-listing.h"

static char dir[] = "/tmp/test-netlabel.XXXXXX";

/* Every write() the library makes, records split by '|'. */
static char writes[8192];
static int nwrites;
static int fail_at;	/* 1-based write to refuse, 0 for none */

static ssize_t record_write(int fd, const void *buf, size_t len)
{
	size_t used = strlen(writes);

	if (++nwrites == fail_at) {
		errno = EPERM;
		return -1;
	}
	snprintf(writes + used, sizeof(writes) - used, "%s%.*s",
		 used ? "|" : "", (int)len, (const char *)buf);
	return write(fd, buf, len);
}

static void put_file(const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static void remove_file(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	ck_assert_int_eq(unlink(path), 0);
}

static void setup(void)
{
	ck_assert_ptr_nonnull(mkdtemp(dir));
	put_file("netlabel", "");
	put_file("ipv6host", "");
	ck_assert_int_eq(smackfs_override(dir), 0);
	writes[0] = '\0';
	nwrites = 0;
	fail_at = 0;
	smackfs_set_write_hook(record_write);
}

static void teardown(void)
{
	char cmd[300];

	smackfs_set_write_hook(NULL);
	smackfs_override(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	strcpy(dir, "/tmp/test-netlabel.XXXXXX");
}

static char errors[4096];

static void collect_error(void *userdata, const char *file, unsigned int line,
			  unsigned int column, const char *message)
{
	size_t used = strlen(errors);

	snprintf(errors + used, sizeof(errors) - used, "%s:%u:%u: %s\n",
		 file, line, column, message);
}

static int parse_text(struct smack_netlabel *n, const char *text)
{
	int fds[2], ret;

	errors[0] = '\0';
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], text, strlen(text)),
			 (ssize_t)strlen(text));
	close(fds[1]);
	ret = smack_netlabel_parse_fd(n, fds[0], "f", collect_error, NULL);
	close(fds[0]);
	return ret;
}

START_TEST(ipv4_written_one_entry_a_write)
{
	struct smack_netlabel *n;

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "10.0.0.0/8", "Net"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "192.168.1.7", "@"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "127.0.0.1", "-CIPSO"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "0.0.0.0/0", "World"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "010.001.0.255/032", "z"), 0);
	ck_assert_uint_eq(smack_netlabel_count(n), 5);
	ck_assert_int_eq(smack_netlabel_apply(n), 0);
	ck_assert_int_eq(nwrites, 5);
	ck_assert_str_eq(writes, "10.0.0.0/8 Net\n"
				 "|192.168.1.7/32 @\n"
				 "|127.0.0.1/32 -CIPSO\n"
				 "|0.0.0.0/0 World\n"
				 "|10.1.0.255/32 z\n");
	smack_netlabel_free(n);
}
END_TEST

START_TEST(ipv6_written_in_full)
{
	struct smack_netlabel *n;

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "::1", "Local6"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "2001:DB8::/32", "Doc"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "fe80::/10", "-DELETE"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "::ffff:10.1.2.3/128", "M"),
			 0);
	ck_assert_int_eq(smack_netlabel_add(n, "1.2.3.4", "v4"), 0);
	ck_assert_int_eq(smack_netlabel_apply(n), 0);
	ck_assert_str_eq(writes,
		"0000:0000:0000:0000:0000:0000:0000:0001/128 Local6\n"
		"|2001:0db8:0000:0000:0000:0000:0000:0000/32 Doc\n"
		"|fe80:0000:0000:0000:0000:0000:0000:0000/10 -DELETE\n"
		"|0000:0000:0000:0000:0000:ffff:0a01:0203/128 M\n"
		"|1.2.3.4/32 v4\n");
	smack_netlabel_free(n);
}
END_TEST

START_TEST(add_refuses_bad_hosts_and_labels)
{
	static const char *const bad_hosts[] = {
		"300.1.1.1", "1.2.3", "1.2.3.4.5", "1.2.3.4/33", "1.2.3.4/-1",
		"1.2.3.4/", "1.2.3.4/ab", "1..2.3", "-1.2.3.4", " 1.2.3.4",
		"1.2.3.4 ", "0x1.2.3.4", "1.2.3.4/8/8", "", "/8", "::1/129",
		"1:2:3", "::g", "1.2.3.4/1000", "1.2.3.1234",
		"1:2:3:4:5:6:7:8:9",
	};
	struct smack_netlabel *n;
	size_t i;

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	for (i = 0; i < sizeof(bad_hosts) / sizeof(bad_hosts[0]); i++) {
		errno = 0;
		if (smack_netlabel_add(n, bad_hosts[i], "L") != -1 ||
		    errno != EINVAL)
			ck_abort_msg("host \"%s\" was accepted", bad_hosts[i]);
	}
	ck_assert_int_eq(smack_netlabel_add(n, "1.2.3.4", "-DELETE"), -1);
	ck_assert_int_eq(smack_netlabel_add(n, "::1", "-CIPSO"), -1);
	ck_assert_int_eq(smack_netlabel_add(n, "1.2.3.4", "-cipso"), -1);
	ck_assert_int_eq(smack_netlabel_add(n, "1.2.3.4", "a/b"), -1);
	ck_assert_int_eq(smack_netlabel_add(n, "1.2.3.4", ""), -1);
	ck_assert_int_eq(smack_netlabel_add(n, "1.2.3.4", "a b"), -1);
	ck_assert_int_eq(smack_netlabel_add(n, "1.2.3.4", NULL), -1);
	ck_assert_int_eq(smack_netlabel_add(n, NULL, "L"), -1);
	ck_assert_int_eq(smack_netlabel_add(NULL, "1.2.3.4", "L"), -1);
	ck_assert_uint_eq(smack_netlabel_count(n), 0);
	ck_assert_int_eq(smack_netlabel_apply(n), 0);
	ck_assert_int_eq(nwrites, 0);
	smack_netlabel_free(n);
	smack_netlabel_free(NULL);
	ck_assert_int_eq(smack_netlabel_new(NULL), -1);
	ck_assert_int_eq(smack_netlabel_apply(NULL), -1);
	ck_assert_uint_eq(smack_netlabel_count(NULL), 0);
}
END_TEST

START_TEST(longest_label)
{
	struct smack_netlabel *n;
	char label[257], expect[300];

	memset(label, 'N', 256);
	label[256] = '\0';
	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "1.2.3.4", label), -1);
	label[255] = '\0';
	ck_assert_int_eq(smack_netlabel_add(n, "1.2.3.4", label), 0);
	ck_assert_int_eq(smack_netlabel_apply(n), 0);
	snprintf(expect, sizeof(expect), "1.2.3.4/32 %s\n", label);
	ck_assert_str_eq(writes, expect);
	smack_netlabel_free(n);
}
END_TEST

START_TEST(parse_good_file)
{
	struct smack_netlabel *n;

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(parse_text(n, "# hosts\n"
				       "10.0.0.0/8\tNet\n"
				       "\n"
				       "  127.0.0.1 -CIPSO\r\n"
				       "::1/128 Local6\n"
				       "192.168.0.1 @"), 0);
	ck_assert_str_eq(errors, "");
	ck_assert_str_eq(hosts(n),
		"10.0.0.0/8 Net;127.0.0.1/32 -CIPSO;"
		"0000:0000:0000:0000:0000:0000:0000:0001/128 Local6;"
		"192.168.0.1/32 @;");
	/* A descriptor that is none is an argument error, as elsewhere. */
	errno = 0;
	ck_assert_int_eq(smack_netlabel_parse_fd(n, -1, "f", NULL, NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	smack_netlabel_free(n);
}
END_TEST

START_TEST(parse_errors_name_line_and_column)
{
	struct smack_netlabel *n;

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "1.1.1.1", "kept"), 0);
	ck_assert_int_eq(parse_text(n, "10.0.0.0/8 Good\n"
				       "300.1.1.1 A\n"
				       "1.2.3.4/33 B\n"
				       "  1.2.3 C\n"
				       "1.2.3.4\n"
				       "1.2.3.4 D extra\n"
				       "1.2.3.4 a/b\n"
				       "1.2.3.4 -DELETE\n"
				       "::1 -CIPSO\n"
				       "1::2::3 E\n"
				       "1.2.3.4/x F\n"), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_str_eq(errors,
		"f:2:1: host \"300.1.1.1\": each number of an IPv4 address "
		"must be 0..255\n"
		"f:3:1: host \"1.2.3.4/33\": the mask must be 0..32\n"
		"f:4:3: host \"1.2.3\": an IPv4 address is 4 numbers "
		"separated by '.'\n"
		"f:5:8: a label must follow the host\n"
		"f:6:11: unexpected \"extra\" after the label\n"
		"f:7:9: label \"a/b\" contains '/'\n"
		"f:8:9: label \"-DELETE\": only \"-CIPSO\" may start with '-' "
		"for an IPv4 host\n"
		"f:9:5: label \"-CIPSO\": only \"-DELETE\" may start with '-' "
		"for an IPv6 host\n"
		"f:10:1: host \"1::2::3\": not a valid IPv6 address\n"
		"f:11:1: host \"1.2.3.4/x\": the mask after '/' is not a "
		"number\n");
	ck_assert_str_eq(hosts(n), "1.1.1.1/32 kept;");
	smack_netlabel_free(n);
}
END_TEST

START_TEST(parse_path_reads_a_directory_in_order)
{
	struct smack_netlabel *n;
	char sub[300];

	snprintf(sub, sizeof(sub), "%s/netlabel.d", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	put_file("netlabel.d/b", "2.2.2.2 B\n");
	put_file("netlabel.d/a", "1.1.1.1 A\n");
	put_file("netlabel.d/c.dpkg-old", "3.3.3.3 C\n");
	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_parse_path(n, sub, collect_error,
						   NULL), 0);
	ck_assert_str_eq(hosts(n), "1.1.1.1/32 A;2.2.2.2/32 B;");
	put_file("netlabel.d/d", "4.4.4.4/40 D\n");
	errors[0] = '\0';
	ck_assert_int_eq(smack_netlabel_parse_path(n, sub, collect_error,
						   NULL), -1);
	ck_assert_ptr_nonnull(strstr(errors, "netlabel.d/d:1:1: host"));
	ck_assert_uint_eq(smack_netlabel_count(n), 2);
	ck_assert_int_eq(smack_netlabel_parse_path(n, NULL, NULL, NULL), -1);
	smack_netlabel_free(n);
}
END_TEST

START_TEST(no_ipv6host_changes_nothing)
{
	struct smack_netlabel *n;

	remove_file("ipv6host");
	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "1.2.3.4", "A"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "::1", "B"), 0);
	ck_assert_int_eq(smack_netlabel_apply(n), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(nwrites, 0);
	smack_netlabel_free(n);
}
END_TEST

START_TEST(refusal_part_way_stops_there)
{
	struct smack_netlabel *n;

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "1.1.1.1", "A"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "::2", "B"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "3.3.3.3", "C"), 0);
	fail_at = 2;
	ck_assert_int_eq(smack_netlabel_apply(n), -1);
	ck_assert_int_eq(errno, EPERM);
	ck_assert_str_eq(writes, "1.1.1.1/32 A\n");
	ck_assert_int_eq(nwrites, 2);
	smack_netlabel_free(n);
}
END_TEST

START_TEST(read_back_from_kernel_format)
{
	struct smack_netlabel *n;

	put_file("netlabel", "192.168.1.1/32 @\n127.0.0.1/32 -CIPSO\n"
			     "10.0.0.0/8 Net\n");
	put_file("ipv6host",
		 "0000:0000:0000:0000:0000:0000:0000:0001/128 L6\n");
	ck_assert_int_eq(smack_netlabel_new_from_kernel(&n), 0);
	ck_assert_str_eq(hosts(n), "192.168.1.1/32 @;127.0.0.1/32 -CIPSO;"
				   "10.0.0.0/8 Net;"
				   "0000:0000:0000:0000:0000:0000:0000:0001/128 "
				   "L6;");
	smack_netlabel_free(n);

	/* A kernel without ipv6host has only IPv4 entries. */
	remove_file("ipv6host");
	ck_assert_int_eq(smack_netlabel_new_from_kernel(&n), 0);
	ck_assert_uint_eq(smack_netlabel_count(n), 3);
	smack_netlabel_free(n);

	put_file("netlabel", "garbage\n");
	ck_assert_int_eq(smack_netlabel_new_from_kernel(&n), -1);
	ck_assert_int_eq(errno, EPROTO);
	remove_file("netlabel");
	ck_assert_int_eq(smack_netlabel_new_from_kernel(&n), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(smack_netlabel_new_from_kernel(NULL), -1);
}
END_TEST

static int stop_at_second(void *userdata, const char *host,
			  const char *label)
{
	int *seen = userdata;

	return ++*seen == 2 ? 7 : 0;
}

START_TEST(foreach_stops_on_non_zero)
{
	struct smack_netlabel *n;
	int seen = 0;

	ck_assert_int_eq(smack_netlabel_new(&n), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "1.1.1.1", "A"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "2.2.2.2", "B"), 0);
	ck_assert_int_eq(smack_netlabel_add(n, "3.3.3.3", "C"), 0);
	ck_assert_int_eq(smack_netlabel_foreach(n, stop_at_second, &seen), 7);
	ck_assert_int_eq(seen, 2);
	ck_assert_int_eq(smack_netlabel_foreach(n, NULL, NULL), -1);
	ck_assert_int_eq(smack_netlabel_foreach(NULL, stop_at_second, &seen),
			 -1);
	smack_netlabel_free(n);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("netlabel");
	TCase *tc = tcase_create("netlabel");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, ipv4_written_one_entry_a_write);
	tcase_add_test(tc, ipv6_written_in_full);
	tcase_add_test(tc, add_refuses_bad_hosts_and_labels);
	tcase_add_test(tc, longest_label);
	tcase_add_test(tc, parse_good_file);
	tcase_add_test(tc, parse_errors_name_line_and_column);
	tcase_add_test(tc, parse_path_reads_a_directory_in_order);
	tcase_add_test(tc, no_ipv6host_changes_nothing);
	tcase_add_test(tc, refusal_part_way_stops_there);
	tcase_add_test(tc, read_back_from_kernel_format);
	tcase_add_test(tc, foreach_stops_on_non_zero);
	suite_add_tcase(s, tc);
	return s;
}
