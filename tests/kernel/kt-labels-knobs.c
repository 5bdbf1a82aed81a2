// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The smackfs knobs, onlycap and revoke-subject against a real Smack
 * kernel, run inside UML by cases/lib-labels-knobs.sh.  Every knob is set,
 * read back and put back as the harness expects it (guest-init.sh resets
 * them between cases too).  syslog cannot be unset once set, so it is left
 * at "_", the label of every unconfined process of the guest.
 */
#include <stdio.h>

#include "check-main.h"
#include "kt-labels-util.h"

/* Whether load2 lists the rule "subject object access". */
static int has_rule(const char *subject, const char *object,
		    const char *access)
{
	char *rules, *p, line[600];
	int found = 0;

	ck_assert_int_ge(smackfs_read_file("load2", &rules), 0);
	snprintf(line, sizeof(line), "%s %s %s\n", subject, object, access);
	for (p = rules; !found && (p = strstr(p, line)); p++)
		found = p == rules || p[-1] == '\n';
	free(rules);
	return found;
}

static void load_rule(const char *rule)
{
	ck_assert_int_eq(smackfs_write_file("load2", rule, strlen(rule)), 0);
}

/* Whether list holds exactly the n labels of want, in any order, and
 * frees it. */
static int list_is(char **list, int n, const char *const *want)
{
	int i, j, found, ok = list != NULL;

	for (i = 0; ok && i < n; i++) {
		for (found = 0, j = 0; list[j]; j++)
			found |= strcmp(list[j], want[i]) == 0;
		ok = found;
	}
	for (j = 0; ok && list[j]; j++)
		;
	ok = ok && j == n;
	smack_label_list_free(list);
	return ok;
}

/* ----------------------------------------------------------- onlycap */

START_TEST(onlycap_set_and_read_back)
{
	const char *two[] = { "_", "KtOc" };
	char **list;

	ck_assert_int_eq(smack_onlycap_get(&list), 0);
	ck_assert(list_is(list, 0, NULL));
	/* "_" stays on the list: this process must keep its privilege. */
	ck_assert_int_eq(smack_set_onlycap(two, 2), 0);
	ck_assert_int_eq(smack_onlycap_get(&list), 2);
	ck_assert(list_is(list, 2, two));
	ck_assert_fails(smack_set_onlycap((const char *[]){ "_", "Kt/x" }, 2),
			EINVAL);
	ck_assert_int_eq(smack_onlycap_get(&list), 2);
	ck_assert(list_is(list, 2, two));
	ck_assert_int_eq(smack_set_onlycap(NULL, 0), 0);
	ck_assert_int_eq(smack_onlycap_get(&list), 0);
	ck_assert(list_is(list, 0, NULL));
}
END_TEST

/* A file in the case's tmpfs holding text, opened for reading. */
static int text_fd(const char *name, const char *text)
{
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	fd = open(name, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	return fd;
}

START_TEST(onlycap_from_file)
{
	const char *three[] = { "_", "KtOcB", "KtOcC" };
	char **list;
	int fd;

	/* The kernel splits on spaces only; newlines and tabs work here. */
	fd = text_fd("onlycap.txt", "_\nKtOcB\tKtOcC\n");
	ck_assert_int_eq(smack_set_onlycap_from_file(fd), 0);
	close(fd);
	ck_assert_int_eq(smack_onlycap_get(&list), 3);
	ck_assert(list_is(list, 3, three));
	/* A bad label anywhere: nothing is written. */
	fd = text_fd("bad-onlycap.txt", "_\nKtOcD\nKt/Bad\n");
	ck_assert_fails(smack_set_onlycap_from_file(fd), EINVAL);
	close(fd);
	ck_assert_int_eq(smack_onlycap_get(&list), 3);
	ck_assert(list_is(list, 3, three));
	/* An empty file clears the list. */
	fd = text_fd("empty-onlycap.txt", "");
	ck_assert_int_eq(smack_set_onlycap_from_file(fd), 0);
	close(fd);
	ck_assert_int_eq(smack_onlycap_get(&list), 0);
	ck_assert(list_is(list, 0, NULL));
}
END_TEST

/* Root with every capability, but labeled KtOther while onlycap names
 * only "_": no Smack privilege left. */
static int unlisted_admin(void *unused)
{
	if (smack_set_label_for_self("KtOther") < 0)
		return 1;
	if (smack_ambient_set("KtOther") == 0 || errno != EPERM)
		return 2;
	if (smack_set_onlycap(NULL, 0) == 0 || errno != EPERM)
		return 3;
	if (smack_set_label_for_self("_") == 0 || errno != EPERM)
		return 4;
	return 0;
}

START_TEST(onlycap_limits_the_privilege)
{
	const char *floor_only[] = { "_" };
	char **list;
	int status;

	/* "_" is listed, so this process and the harness (also "_") keep
	 * their privilege and nothing can be locked out. */
	ck_assert_int_eq(smack_set_onlycap(floor_only, 1), 0);
	status = in_child(unlisted_admin, NULL);
	ck_assert_int_eq(smack_set_onlycap(NULL, 0), 0);
	ck_assert_int_eq(status, 0);
	ck_assert_int_eq(smack_onlycap_get(&list), 0);
	ck_assert(list_is(list, 0, NULL));
}
END_TEST

/* ---------------------------------------------------- revoke-subject */

START_TEST(revoke_subject_empties_its_rules)
{
	load_rule("KtRvS KtRvO rwx\nKtRvS KtRvO2 r\nKtRvX KtRvO r\n");
	ck_assert(has_rule("KtRvS", "KtRvO", "rwx"));
	ck_assert_int_eq(smack_revoke_subject("KtRvS"), 0);
	ck_assert(!has_rule("KtRvS", "KtRvO", "rwx"));
	ck_assert(!has_rule("KtRvS", "KtRvO2", "r"));
	ck_assert(has_rule("KtRvX", "KtRvO", "r"));
	/* The kernel would revoke "KtRvX" for this. */
	ck_assert_fails(smack_revoke_subject("KtRvX/y"), EINVAL);
	ck_assert(has_rule("KtRvX", "KtRvO", "r"));
	/* An unknown subject has no rules to lose. */
	ck_assert_int_eq(smack_revoke_subject("KtNeverSeen"), 0);
}
END_TEST

/* ------------------------------------------------------------ labels */

START_TEST(ambient_set_and_read_back)
{
	char *label;

	ck_assert_int_eq(smack_ambient_get(&label), 1);
	ck_assert(label_is(label, "_"));
	ck_assert_int_eq(smack_ambient_set("KtAmbient"), 0);
	ck_assert_int_eq(smack_ambient_get(&label), 9);
	ck_assert(label_is(label, "KtAmbient"));
	ck_assert_fails(smack_ambient_set("Kt Amb"), EINVAL);
	ck_assert_int_eq(smack_ambient_set("_"), 0);
	ck_assert_int_eq(smack_ambient_get(&label), 1);
	ck_assert(label_is(label, "_"));
}
END_TEST

START_TEST(syslog_set_and_read_back)
{
	char *label;

	ck_assert_int_gt(smack_syslog_get(&label), 0);
	free(label);
	ck_assert_int_eq(smack_syslog_set("KtSyslog"), 0);
	ck_assert_int_eq(smack_syslog_get(&label), 8);
	ck_assert(label_is(label, "KtSyslog"));
	ck_assert_fails(smack_syslog_set("-x"), EINVAL);
	ck_assert_int_eq(smack_syslog_set("_"), 0);
	ck_assert_int_eq(smack_syslog_get(&label), 1);
	ck_assert(label_is(label, "_"));
}
END_TEST

START_TEST(unconfined_where_the_kernel_has_it)
{
	char *label = NULL;

	if (access("/sys/fs/smackfs/unconfined", F_OK) < 0) {
		/* Only kernels built with CONFIG_SECURITY_SMACK_BRINGUP. */
		ck_assert_fails(smack_unconfined_get(&label), ENOENT);
		ck_assert_fails(smack_unconfined_set("KtDev"), ENOENT);
		return;
	}
	ck_assert_int_eq(smack_unconfined_set("KtDev"), 0);
	ck_assert_int_eq(smack_unconfined_get(&label), 5);
	ck_assert(label_is(label, "KtDev"));
}
END_TEST

/* ----------------------------------------------------------- numbers */

START_TEST(logging_set_and_read_back)
{
	int mode;

	for (mode = 0; mode <= 3; mode++) {
		int got = -1;

		ck_assert_int_eq(smack_logging_set(mode), 0);
		ck_assert_int_eq(smack_logging_get(&got), 0);
		ck_assert_int_eq(got, mode);
	}
	ck_assert_int_eq(smack_logging_set(1), 0);
	ck_assert_fails(smack_logging_set(4), EINVAL);
	ck_assert_int_eq(smack_logging_get(&mode), 0);
	ck_assert_int_eq(mode, 1);
}
END_TEST

START_TEST(ptrace_set_and_read_back)
{
	int mode;

	for (mode = 2; mode >= 0; mode--) {
		int got = -1;

		ck_assert_int_eq(smack_ptrace_set(mode), 0);
		ck_assert_int_eq(smack_ptrace_get(&got), 0);
		ck_assert_int_eq(got, mode);
	}
	ck_assert_fails(smack_ptrace_set(3), EINVAL);
	ck_assert_int_eq(smack_ptrace_get(&mode), 0);
	ck_assert_int_eq(mode, 0);
}
END_TEST

START_TEST(doi_set_and_read_back)
{
	unsigned long doi;

	ck_assert_int_eq(smack_doi_get(&doi), 0);
	ck_assert_uint_eq(doi, 3);
	ck_assert_int_eq(smack_doi_set(7), 0);
	ck_assert_int_eq(smack_doi_get(&doi), 0);
	ck_assert_uint_eq(doi, 7);
	ck_assert_int_eq(smack_doi_set(4294967295UL), 0);
	ck_assert_int_eq(smack_doi_get(&doi), 0);
	ck_assert_uint_eq(doi, 4294967295UL);
	ck_assert_int_eq(smack_doi_set(3), 0);
	ck_assert_fails(smack_doi_set(0), EINVAL);
	ck_assert_int_eq(smack_doi_get(&doi), 0);
	ck_assert_uint_eq(doi, 3);
}
END_TEST

START_TEST(levels_set_and_read_back)
{
	int level;

	ck_assert_int_eq(smack_direct_get(&level), 0);
	ck_assert_int_eq(level, 250);
	ck_assert_int_eq(smack_mapped_get(&level), 0);
	ck_assert_int_eq(level, 251);
	ck_assert_int_eq(smack_direct_set(200), 0);
	ck_assert_int_eq(smack_mapped_set(201), 0);
	ck_assert_int_eq(smack_direct_get(&level), 0);
	ck_assert_int_eq(level, 200);
	ck_assert_int_eq(smack_mapped_get(&level), 0);
	ck_assert_int_eq(level, 201);
	/* 6.1 would take both. */
	ck_assert_fails(smack_direct_set(-1), EINVAL);
	ck_assert_fails(smack_mapped_set(256), EINVAL);
	ck_assert_int_eq(smack_direct_set(250), 0);
	ck_assert_int_eq(smack_mapped_set(251), 0);
	ck_assert_int_eq(smack_direct_get(&level), 0);
	ck_assert_int_eq(level, 250);
	ck_assert_int_eq(smack_mapped_get(&level), 0);
	ck_assert_int_eq(level, 251);
}
END_TEST

static int knobs_unprivileged(void *unused)
{
	int mode;

	if (drop_mac_caps() < 0)
		return 1;
	if (smack_logging_set(2) == 0 || errno != EPERM)
		return 2;
	if (smack_ambient_set("KtNo") == 0 || errno != EPERM)
		return 3;
	if (smack_revoke_subject("KtNo") == 0 || errno != EPERM)
		return 4;
	if (smack_set_onlycap(NULL, 0) == 0 || errno != EPERM)
		return 5;
	/* Reading needs no privilege. */
	if (smack_logging_get(&mode) < 0 || mode != 1)
		return 6;
	return 0;
}

START_TEST(knobs_need_cap_mac_admin)
{
	ck_assert_int_eq(in_child(knobs_unprivileged, NULL), 0);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("kernel-knobs");
	TCase *tc = tcase_create("knobs");

	/* A slow, shared machine must not cut a test off half-way. */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, onlycap_set_and_read_back);
	tcase_add_test(tc, onlycap_from_file);
	tcase_add_test(tc, onlycap_limits_the_privilege);
	tcase_add_test(tc, revoke_subject_empties_its_rules);
	tcase_add_test(tc, ambient_set_and_read_back);
	tcase_add_test(tc, syslog_set_and_read_back);
	tcase_add_test(tc, unconfined_where_the_kernel_has_it);
	tcase_add_test(tc, logging_set_and_read_back);
	tcase_add_test(tc, ptrace_set_and_read_back);
	tcase_add_test(tc, doi_set_and_read_back);
	tcase_add_test(tc, levels_set_and_read_back);
	tcase_add_test(tc, knobs_need_cap_mac_admin);
	suite_add_tcase(s, tc);
	return s;
}
