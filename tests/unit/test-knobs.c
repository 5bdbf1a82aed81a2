// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The smackfs knob functions (knobs.c, relabel-self in process.c),
 * pointed with smackfs_override() at a plain directory: the exact bytes
 * each setter writes, what each getter makes of the kernel's formats, and
 * every bad input, which must leave the file untouched.  The kernel's own
 * answers are checked in tests/kernel/kt-labels.c.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "libsmack-internal.h"
#include "check-main.h"
#include "test-labels-tmpdir.h"

static char long_label[SMACK_LABEL_LEN + 2];

static void setup(void)
{
	tmpdir_create();
	ck_assert_int_eq(smackfs_override(tmpdir), 0);
	memset(long_label, 'L', SMACK_LABEL_LEN);
	long_label[SMACK_LABEL_LEN] = '\0';
}

static void teardown(void)
{
	smackfs_override(NULL);
	tmpdir_remove();
}

/* Empties name, so that what a setter writes is all it holds. */
static void reset(const char *name)
{
	tmp_put(name, "", 0);
}

#define ck_assert_file(name, expected) \
	ck_assert_str_eq(tmp_get(name, NULL), expected)

#define ck_assert_fails(call, err) do { \
	errno = 0; \
	ck_assert_int_eq((call), -1); \
	ck_assert_int_eq(errno, (err)); \
} while (0)

/* ------------------------------------------------------------ numbers */

START_TEST(logging_set_writes_the_mode)
{
	int mode;

	for (mode = 0; mode <= 3; mode++) {
		char want[2] = { (char)('0' + mode), '\0' };

		reset("logging");
		ck_assert_int_eq(smack_logging_set(mode), 0);
		ck_assert_file("logging", want);
	}
	reset("logging");
	ck_assert_fails(smack_logging_set(4), EINVAL);
	ck_assert_fails(smack_logging_set(-1), EINVAL);
	ck_assert_fails(smack_logging_set(INT_MAX), EINVAL);
	ck_assert_file("logging", "");
}
END_TEST

START_TEST(ptrace_set_writes_the_mode)
{
	reset("ptrace");
	ck_assert_int_eq(smack_ptrace_set(2), 0);
	ck_assert_file("ptrace", "2");
	reset("ptrace");
	ck_assert_int_eq(smack_ptrace_set(0), 0);
	ck_assert_file("ptrace", "0");
	reset("ptrace");
	ck_assert_fails(smack_ptrace_set(3), EINVAL);
	ck_assert_fails(smack_ptrace_set(-1), EINVAL);
	ck_assert_file("ptrace", "");
}
END_TEST

START_TEST(doi_set_takes_1_to_uint32_max)
{
	reset("doi");
	ck_assert_int_eq(smack_doi_set(1), 0);
	ck_assert_file("doi", "1");
	reset("doi");
	ck_assert_int_eq(smack_doi_set(4294967295UL), 0);
	ck_assert_file("doi", "4294967295");
	reset("doi");
	ck_assert_fails(smack_doi_set(0), EINVAL);
	if (sizeof(unsigned long) > 4)
		ck_assert_fails(smack_doi_set((unsigned long)-1), EINVAL);
	ck_assert_file("doi", "");
}
END_TEST

START_TEST(levels_set_take_0_to_255)
{
	reset("direct");
	ck_assert_int_eq(smack_direct_set(0), 0);
	ck_assert_file("direct", "0");
	reset("mapped");
	ck_assert_int_eq(smack_mapped_set(255), 0);
	ck_assert_file("mapped", "255");
	reset("direct");
	reset("mapped");
	/* 6.1 would store both of these. */
	ck_assert_fails(smack_direct_set(-1), EINVAL);
	ck_assert_fails(smack_direct_set(256), EINVAL);
	ck_assert_fails(smack_mapped_set(-1), EINVAL);
	ck_assert_fails(smack_mapped_set(256), EINVAL);
	ck_assert_file("direct", "");
	ck_assert_file("mapped", "");
}
END_TEST

START_TEST(number_getters_read_the_kernel_formats)
{
	unsigned long doi;
	int v;

	tmp_put("logging", "1\n", 2);
	ck_assert_int_eq(smack_logging_get(&v), 0);
	ck_assert_int_eq(v, 1);
	tmp_put("ptrace", "2\n", 2);
	ck_assert_int_eq(smack_ptrace_get(&v), 0);
	ck_assert_int_eq(v, 2);
	tmp_put("direct", "250", 3);
	ck_assert_int_eq(smack_direct_get(&v), 0);
	ck_assert_int_eq(v, 250);
	/* 6.1 keeps any int here: the getter reports it as it is. */
	tmp_put("mapped", "-1", 2);
	ck_assert_int_eq(smack_mapped_get(&v), 0);
	ck_assert_int_eq(v, -1);
	tmp_put("doi", "3", 1);
	ck_assert_int_eq(smack_doi_get(&doi), 0);
	ck_assert_uint_eq(doi, 3);
	tmp_put("doi", "4294967295", 10);
	ck_assert_int_eq(smack_doi_get(&doi), 0);
	ck_assert_uint_eq(doi, 4294967295UL);
}
END_TEST

START_TEST(number_getters_refuse_junk)
{
	const char *junk[] = { "", "\n", "abc", "7x", "1 2", "-", "+",
			       "99999999999999999999999" };
	unsigned long doi;
	size_t i;
	int v;

	for (i = 0; i < sizeof(junk) / sizeof(junk[0]); i++) {
		tmp_put("logging", junk[i], strlen(junk[i]));
		ck_assert_fails(smack_logging_get(&v), EPROTO);
	}
	tmp_put("direct", "4294967296", 10);
	ck_assert_fails(smack_direct_get(&v), EPROTO);
	tmp_put("doi", "-3", 2);
	ck_assert_fails(smack_doi_get(&doi), EPROTO);
	tmp_put("doi", "4294967296", 10);
	ck_assert_fails(smack_doi_get(&doi), EPROTO);
	ck_assert_fails(smack_logging_get(NULL), EINVAL);
	ck_assert_fails(smack_ptrace_get(NULL), EINVAL);
	ck_assert_fails(smack_doi_get(NULL), EINVAL);
	ck_assert_fails(smack_direct_get(NULL), EINVAL);
	ck_assert_fails(smack_mapped_get(NULL), EINVAL);
}
END_TEST

START_TEST(missing_knob_is_enoent)
{
	char *label = NULL, **list = NULL;
	unsigned long doi;
	int v;

	ck_assert_fails(smack_unconfined_get(&label), ENOENT);
	ck_assert_fails(smack_unconfined_set("Dev"), ENOENT);
	ck_assert_fails(smack_ambient_get(&label), ENOENT);
	ck_assert_fails(smack_logging_get(&v), ENOENT);
	ck_assert_fails(smack_logging_set(1), ENOENT);
	ck_assert_fails(smack_doi_get(&doi), ENOENT);
	ck_assert_fails(smack_onlycap_get(&list), ENOENT);
	ck_assert_fails(smack_set_onlycap(NULL, 0), ENOENT);
	ck_assert_fails(smack_revoke_subject("S"), ENOENT);
	ck_assert_ptr_null(label);
	ck_assert_ptr_null(list);
	/* A write does not create the file. */
	ck_assert_ptr_null(tmp_get("logging", NULL));
}
END_TEST

/* ------------------------------------------------------------- labels */

START_TEST(label_setters_write_the_bare_label)
{
	reset("ambient");
	ck_assert_int_eq(smack_ambient_set("Network"), 0);
	ck_assert_file("ambient", "Network");
	reset("syslog");
	ck_assert_int_eq(smack_syslog_set("_"), 0);
	ck_assert_file("syslog", "_");
	reset("unconfined");
	ck_assert_int_eq(smack_unconfined_set(long_label), 0);
	ck_assert_file("unconfined", long_label);
	reset("revoke-subject");
	ck_assert_int_eq(smack_revoke_subject("App:x"), 0);
	ck_assert_file("revoke-subject", "App:x");
}
END_TEST

START_TEST(label_setters_refuse_bad_labels)
{
	const char *bad[] = { "", "-x", "a/b", "a b", "lab\n", "a\"b",
			      "a\\b", "a'b", "\xc3\xa9" };
	size_t i;

	long_label[SMACK_LABEL_LEN] = 'L';	/* 256 characters */
	reset("ambient");
	reset("syslog");
	reset("unconfined");
	reset("revoke-subject");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_fails(smack_ambient_set(bad[i]), EINVAL);
		ck_assert_fails(smack_syslog_set(bad[i]), EINVAL);
		ck_assert_fails(smack_unconfined_set(bad[i]), EINVAL);
		ck_assert_fails(smack_revoke_subject(bad[i]), EINVAL);
	}
	ck_assert_fails(smack_ambient_set(long_label), EINVAL);
	ck_assert_fails(smack_revoke_subject(long_label), EINVAL);
	ck_assert_fails(smack_ambient_set(NULL), EINVAL);
	ck_assert_fails(smack_syslog_set(NULL), EINVAL);
	ck_assert_fails(smack_unconfined_set(NULL), EINVAL);
	ck_assert_fails(smack_revoke_subject(NULL), EINVAL);
	ck_assert_file("ambient", "");
	ck_assert_file("syslog", "");
	ck_assert_file("unconfined", "");
	ck_assert_file("revoke-subject", "");
}
END_TEST

START_TEST(label_getters_drop_the_nul)
{
	char *label;

	tmp_put("ambient", "_", 2);		/* "_" and its NUL */
	ck_assert_int_eq(smack_ambient_get(&label), 1);
	ck_assert_str_eq(label, "_");
	free(label);
	tmp_put("syslog", "*", 2);
	ck_assert_int_eq(smack_syslog_get(&label), 1);
	ck_assert_str_eq(label, "*");
	free(label);
	tmp_put("unconfined", long_label, SMACK_LABEL_LEN + 1);
	ck_assert_int_eq(smack_unconfined_get(&label), SMACK_LABEL_LEN);
	ck_assert_str_eq(label, long_label);
	free(label);
	tmp_put("ambient", "Net\n", 4);
	ck_assert_int_eq(smack_ambient_get(&label), 3);
	ck_assert_str_eq(label, "Net");
	free(label);
}
END_TEST

START_TEST(label_getters_refuse_junk)
{
	char *label = NULL;

	/* An unset unconfined reads as a lone NUL. */
	tmp_put("unconfined", "", 1);
	ck_assert_fails(smack_unconfined_get(&label), ENODATA);
	tmp_put("ambient", "", 0);
	ck_assert_fails(smack_ambient_get(&label), ENODATA);
	tmp_put("ambient", "a b", 4);
	ck_assert_fails(smack_ambient_get(&label), EPROTO);
	long_label[SMACK_LABEL_LEN] = 'L';
	tmp_put("syslog", long_label, SMACK_LABEL_LEN + 2);
	ck_assert_fails(smack_syslog_get(&label), EPROTO);
	ck_assert_ptr_null(label);
	ck_assert_fails(smack_ambient_get(NULL), EINVAL);
	ck_assert_fails(smack_syslog_get(NULL), EINVAL);
	ck_assert_fails(smack_unconfined_get(NULL), EINVAL);
}
END_TEST

/* ---------------------------------------------------- onlycap, relabel */

START_TEST(onlycap_set_writes_one_line)
{
	const char *two[] = { "_", "Admin" };
	const char *one[] = { long_label };

	reset("onlycap");
	ck_assert_int_eq(smack_set_onlycap(two, 2), 0);
	ck_assert_file("onlycap", "_ Admin");
	reset("onlycap");
	ck_assert_int_eq(smack_set_onlycap(one, 1), 0);
	ck_assert_file("onlycap", long_label);
	/* NULL/0 clears the list. */
	reset("onlycap");
	ck_assert_int_eq(smack_set_onlycap(NULL, 0), 0);
	ck_assert_file("onlycap", "-");
	reset("onlycap");
	ck_assert_int_eq(smack_set_onlycap(two, 0), 0);
	ck_assert_file("onlycap", "-");
}
END_TEST

START_TEST(onlycap_set_refuses_bad_lists)
{
	const char *bad_later[] = { "_", "a/b" };
	const char *bad_first[] = { "-", "Admin" };
	const char *has_null[] = { "_", NULL };
	const char *has_space[] = { "a b" };

	reset("onlycap");
	ck_assert_fails(smack_set_onlycap(bad_later, -1), EINVAL);
	ck_assert_fails(smack_set_onlycap(bad_later, 2), EINVAL);
	ck_assert_fails(smack_set_onlycap(bad_first, 2), EINVAL);
	ck_assert_fails(smack_set_onlycap(has_null, 2), EINVAL);
	ck_assert_fails(smack_set_onlycap(has_space, 1), EINVAL);
	ck_assert_file("onlycap", "");
}
END_TEST

/* An fd open on a file holding text. */
static int text_fd(const char *text, size_t len)
{
	tmp_put("input", text, len);
	return open(tmp_path("input"), O_RDONLY);
}

START_TEST(onlycap_from_file_takes_any_whitespace)
{
	static const char text[] = "_\nOcB\tOcC  \n\n  OcD\r\n";
	int fd = text_fd(text, strlen(text));

	reset("onlycap");
	ck_assert_int_eq(smack_set_onlycap_from_file(fd), 0);
	close(fd);
	ck_assert_file("onlycap", "_ OcB OcC OcD");

	fd = text_fd("", 0);
	reset("onlycap");
	ck_assert_int_eq(smack_set_onlycap_from_file(fd), 0);
	close(fd);
	ck_assert_file("onlycap", "-");
}
END_TEST

START_TEST(onlycap_from_file_reads_a_long_file)
{
	char text[4000], want[4000];
	size_t i, n = 0;
	int fd;

	/* 600 labels, more than one read's worth. */
	for (i = 0; i < 600; i++)
		n += sprintf(text + n, "L%03zu\n", i);
	for (i = 0; i < n; i++)
		want[i] = text[i] == '\n' ? ' ' : text[i];
	want[n - 1] = '\0';
	fd = text_fd(text, n);
	reset("onlycap");
	ck_assert_int_eq(smack_set_onlycap_from_file(fd), 0);
	close(fd);
	ck_assert_msg(strcmp(tmp_get("onlycap", NULL), want) == 0,
		      "onlycap does not hold the 600 labels");
}
END_TEST

START_TEST(onlycap_from_file_validates_first)
{
	static const char bad_label[] = "_\nOk\nfo/o\n";
	static const char nul_byte[] = "_\0Hidden\n";
	int fd;

	reset("onlycap");
	fd = text_fd(bad_label, strlen(bad_label));
	ck_assert_fails(smack_set_onlycap_from_file(fd), EINVAL);
	close(fd);
	fd = text_fd(nul_byte, sizeof(nul_byte) - 1);
	ck_assert_fails(smack_set_onlycap_from_file(fd), EINVAL);
	close(fd);
	fd = text_fd("-\n", 2);
	ck_assert_fails(smack_set_onlycap_from_file(fd), EINVAL);
	close(fd);
	ck_assert_fails(smack_set_onlycap_from_file(-1), EBADF);
	ck_assert_file("onlycap", "");
}
END_TEST

START_TEST(list_getters_read_the_kernel_format)
{
	char **list;

	/* The kernel lists the newest label first, each followed by a
	 * space. */
	tmp_put("onlycap", "l2 l1 ", 6);
	ck_assert_int_eq(smack_onlycap_get(&list), 2);
	ck_assert_str_eq(list[0], "l2");
	ck_assert_str_eq(list[1], "l1");
	ck_assert_ptr_null(list[2]);
	smack_label_list_free(list);

	tmp_put("relabel-self", "", 0);
	ck_assert_int_eq(smack_relabel_self_get(&list), 0);
	ck_assert_ptr_null(list[0]);
	smack_label_list_free(list);

	tmp_put("relabel-self", "RelB RelA \n", 11);
	ck_assert_int_eq(smack_relabel_self_get(&list), 2);
	ck_assert_str_eq(list[0], "RelB");
	ck_assert_str_eq(list[1], "RelA");
	ck_assert_ptr_null(list[2]);
	smack_label_list_free(list);
	smack_label_list_free(NULL);
}
END_TEST

START_TEST(list_getters_refuse_junk)
{
	char **list = NULL;

	tmp_put("onlycap", "ok a/b ", 7);
	ck_assert_fails(smack_onlycap_get(&list), EPROTO);
	tmp_put("relabel-self", "-x ", 3);
	ck_assert_fails(smack_relabel_self_get(&list), EPROTO);
	ck_assert_ptr_null(list);
	ck_assert_fails(smack_onlycap_get(NULL), EINVAL);
	ck_assert_fails(smack_relabel_self_get(NULL), EINVAL);
}
END_TEST

START_TEST(relabel_self_set_writes_one_line)
{
	const char *labels[] = { "RelA", "RelB", "RelC" };
	const char *bad[] = { "RelA", "*/" };

	reset("relabel-self");
	ck_assert_int_eq(smack_set_relabel_self(labels, 3), 0);
	ck_assert_file("relabel-self", "RelA RelB RelC");
	reset("relabel-self");
	ck_assert_int_eq(smack_set_relabel_self(NULL, 0), 0);
	ck_assert_file("relabel-self", "-");
	reset("relabel-self");
	ck_assert_fails(smack_set_relabel_self(bad, 2), EINVAL);
	ck_assert_fails(smack_set_relabel_self(NULL, 2), EINVAL);
	ck_assert_fails(smack_set_relabel_self(labels, -2), EINVAL);
	ck_assert_file("relabel-self", "");
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("knobs");
	TCase *numbers = tcase_create("numbers");
	TCase *labels = tcase_create("labels");
	TCase *lists = tcase_create("lists");

	tcase_add_checked_fixture(numbers, setup, teardown);
	tcase_add_test(numbers, logging_set_writes_the_mode);
	tcase_add_test(numbers, ptrace_set_writes_the_mode);
	tcase_add_test(numbers, doi_set_takes_1_to_uint32_max);
	tcase_add_test(numbers, levels_set_take_0_to_255);
	tcase_add_test(numbers, number_getters_read_the_kernel_formats);
	tcase_add_test(numbers, number_getters_refuse_junk);
	tcase_add_test(numbers, missing_knob_is_enoent);
	suite_add_tcase(s, numbers);

	tcase_add_checked_fixture(labels, setup, teardown);
	tcase_add_test(labels, label_setters_write_the_bare_label);
	tcase_add_test(labels, label_setters_refuse_bad_labels);
	tcase_add_test(labels, label_getters_drop_the_nul);
	tcase_add_test(labels, label_getters_refuse_junk);
	suite_add_tcase(s, labels);

	tcase_add_checked_fixture(lists, setup, teardown);
	tcase_add_test(lists, onlycap_set_writes_one_line);
	tcase_add_test(lists, onlycap_set_refuses_bad_lists);
	tcase_add_test(lists, onlycap_from_file_takes_any_whitespace);
	tcase_add_test(lists, onlycap_from_file_reads_a_long_file);
	tcase_add_test(lists, onlycap_from_file_validates_first);
	tcase_add_test(lists, list_getters_read_the_kernel_format);
	tcase_add_test(lists, list_getters_refuse_junk);
	tcase_add_test(lists, relabel_self_set_writes_one_line);
	suite_add_tcase(s, lists);
	return s;
}
