// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pam_smack's decisions without PAM or a kernel: its arguments, the label
 * they give a user, the entries of the users file, %u, and its messages.
 * libpam's functions the module calls are stood in for here: messages are
 * kept for the checks, and the user database holds alice (primary group
 * 2001) and the group staff (3000).  Setting labels and the real PAM
 * stack are the kernel cases' (tests/kernel/cases/pam-*.sh).
 */
#include <grp.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include <security/pam_ext.h>
#include <security/pam_modutil.h>

#include "check-main.h"
#include "pam_smack.h"

static char messages[4096];
static int last_priority;

void pam_syslog(const pam_handle_t *pamh, int priority, const char *fmt, ...)
{
	size_t used = strlen(messages);
	va_list ap;

	last_priority = priority;
	va_start(ap, fmt);
	vsnprintf(messages + used, sizeof(messages) - used, fmt, ap);
	va_end(ap);
	used = strlen(messages);
	snprintf(messages + used, sizeof(messages) - used, "\n");
}

struct passwd *pam_modutil_getpwnam(pam_handle_t *pamh, const char *user)
{
	static struct passwd alice = { .pw_name = "alice", .pw_uid = 2001,
				       .pw_gid = 2001 };

	return strcmp(user, "alice") == 0 ? &alice : NULL;
}

struct group *pam_modutil_getgrnam(pam_handle_t *pamh, const char *group)
{
	static struct group alice = { .gr_name = "alice", .gr_gid = 2001 };
	static struct group staff = { .gr_name = "staff", .gr_gid = 3000 };

	if (strcmp(group, "alice") == 0)
		return &alice;
	return strcmp(group, "staff") == 0 ? &staff : NULL;
}

static struct pam_smack ps;
/* libpam declares its handles never NULL; the stand-ins do not read it. */
static char handle;

/* The module's arguments, the session's user. */
static int args(const char *user, const char *const *argv)
{
	int argc = 0;

	while (argv[argc])
		argc++;
	messages[0] = '\0';
	if (pam_smack_parse_args(&ps, (pam_handle_t *)(void *)&handle, argc,
				 (const char **)argv) < 0)
		return -1;
	ps.user = user;
	return 0;
}

#define ARGS(user, ...) args(user, (const char *const[]){ __VA_ARGS__, NULL })

/* The label the arguments give; "(none)" for 0, "(leave)" for NULL. */
static char *label_of(int want_rc)
{
	char *label = NULL;

	ck_assert_int_eq(pam_smack_args_label(&ps, &label), want_rc);
	if (want_rc <= 0)
		ck_assert_ptr_null(label);
	return label ? label : strdup(want_rc == 1 ? "(leave)" : "(none)");
}

static void expect_label(const char *want)
{
	char *label = label_of(1);

	ck_assert_str_eq(label, want);
	free(label);
}

START_TEST(options)
{
	ck_assert_int_eq(ARGS("alice", "debug", "nofail", "users=/u"), 0);
	ck_assert(ps.debug && ps.nofail && !ps.mapped);
	ck_assert_str_eq(ps.users, "/u");
	ck_assert_str_eq(messages, "");
	ck_assert_int_eq(ARGS("alice", "alice=Staff"), 0);
	ck_assert(ps.mapped && !ps.debug && !ps.nofail && !ps.users);
	ck_assert_int_eq(ARGS("alice", "frob", "=Staff"), 0);
	ck_assert_str_eq(messages, "unknown argument \"frob\", ignored\n");
	ck_assert_int_eq(ARGS("alice", "users="), -1);
	ck_assert_str_eq(messages, "argument \"users=\" names no file\n");
	ck_assert_int_eq(ARGS("alice", "users=/a", "users=/b"), -1);
	ck_assert_str_eq(messages, "argument \"users=/b\": users= given twice\n");
	ck_assert_int_eq(ARGS("alice", "users=/a", "=X"), 0);
	ck_assert_int_eq(last_priority, LOG_WARNING);
}
END_TEST

START_TEST(arguments_as_in_1_3)
{
	ARGS("alice", "=Guest", "bob=Other", "alice=Staff", "alice=Other");
	expect_label("Staff");
	ARGS("carol", "=Guest", "bob=Other", "=Else");
	expect_label("Guest");
	ARGS("alice", "alicex=Other", "=Guest");
	expect_label("Guest");
	ARGS("bob", "alice=Staff");
	expect_label(PAM_SMACK_DEFAULT_LABEL);
	ARGS(NULL, "alice=Staff", "=Guest");
	expect_label("Guest");
	ARGS("alice", "debug", "users=/u");
	free(label_of(0));
}
END_TEST

START_TEST(empty_label_leaves)
{
	ARGS("alice", "alice=", "=Guest");
	free(label_of(1));
	ARGS("bob", "alice=Staff", "=");
	free(label_of(1));
	ARGS("alice", "debug", "alice=");
	free(label_of(1));
	ck_assert_str_eq(messages, "user \"alice\": the label is left as it is: the argument \"alice=\" gives none\n");
}
END_TEST

START_TEST(bad_label)
{
	ARGS("alice", "alice=a/b", "=Guest");
	free(label_of(-1));
	ck_assert_str_eq(messages, "argument \"alice=a/b\": \"a/b\" is not a valid label: contains '/'\n");
	ck_assert_int_eq(last_priority, LOG_ERR);
	/* Only the argument chosen is read, as in 1.3. */
	ARGS("alice", "bob=a/b", "alice=Staff");
	expect_label("Staff");
}
END_TEST

START_TEST(messages_escaped)
{
	ARGS("ev\033il\nroot", "debug", "=Staff");
	expect_label("Staff");
	ck_assert_str_eq(messages, "user \"ev\\033il\\012root\": the label \"Staff\" of the argument \"=Staff\"\n");
	ARGS("alice", "=St\001ff");
	free(label_of(-1));
	ck_assert_str_eq(messages, "argument \"=St\\001ff\": \"St\\001ff\" is not a valid label: contains a control character\n");
}
END_TEST

START_TEST(expand)
{
	static const char *const cases[][2] = {
		{ "User::%u", "User::alice" },
		{ "%u%u", "alicealice" },
		{ "100%%", "100%" },
		{ "%%u", "%u" },
		{ "%x%", "%x%" },
		{ "Plain", "Plain" },
	};
	char *got;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = pam_smack_expand(cases[i][0], "alice");
		ck_assert_str_eq(got, cases[i][1]);
		free(got);
	}
}
END_TEST

static struct pam_smack_lookup lookup;

static int entry(const char *who, const char *label, unsigned int line)
{
	struct pam_smack_entry e = { who, label, "/etc/smack/users", line };

	return pam_smack_lookup_entry(&lookup, &e);
}

static void new_lookup(const char *user)
{
	ARGS(user, "debug");
	pam_smack_lookup_release(&lookup);
	free(lookup.label);
	lookup = (struct pam_smack_lookup){ .ps = &ps };
}

START_TEST(entries)
{
	new_lookup("alice");
	ck_assert_int_eq(entry("bob", "Other", 1), 0);
	ck_assert_int_eq(entry("@staff", "Team", 2), 0);
	ck_assert(lookup.loaded && !lookup.matched);
	ck_assert_int_eq(entry("@nosuchgroup", "Team", 3), 0);
	ck_assert_int_eq(entry("@alice", "Own::%u", 4), 1);
	ck_assert(lookup.matched);
	ck_assert_str_eq(lookup.label, "Own::alice");
	ck_assert_str_eq(messages, "user \"alice\": the label \"Own::alice\" of /etc/smack/users:4 (@alice)\n");

	new_lookup("alice");
	ck_assert_int_eq(entry("alice", "Staff", 1), 1);
	ck_assert_str_eq(lookup.label, "Staff");
	ck_assert(!lookup.loaded);
	new_lookup("nosuchuser");
	ck_assert_int_eq(entry("alice", "Staff", 1), 0);
	ck_assert_int_eq(entry("*", "User::%u", 2), 1);
	ck_assert_str_eq(lookup.label, "User::nosuchuser");
	new_lookup("alice");
	ck_assert_int_eq(entry("*", "-", 7), 1);
	ck_assert(lookup.matched);
	ck_assert_ptr_null(lookup.label);
	ck_assert_str_eq(messages, "user \"alice\": the label is left as it is: \"-\" at /etc/smack/users:7 (*)\n");
	new_lookup("alice");
}
END_TEST

START_TEST(bad_entries)
{
	new_lookup("nosuchuser");
	ck_assert_int_eq(entry("@staff", "Team", 3), -1);
	ck_assert(lookup.failed && !lookup.matched);
	ck_assert_str_eq(messages, "/etc/smack/users:3: user \"nosuchuser\" is not in the user database: whether it belongs to @staff is not known\n");
	new_lookup("a/b");
	ck_assert_int_eq(entry("*", "User::%u", 5), -1);
	ck_assert(lookup.failed);
	ck_assert_str_eq(messages, "/etc/smack/users:5: the label \"User::a/b\" for user \"a/b\" is not valid: contains '/'\n");
	ck_assert_int_eq(last_priority, LOG_ERR);
	new_lookup("alice");
}
END_TEST

START_TEST(users_file_missing)
{
	char *label = NULL;

	ARGS("alice", "users=/nonexistent/users");
	ck_assert_int_eq(pam_smack_users_label(&ps, &label), -1);
	ck_assert_ptr_null(label);
	ck_assert_str_eq(messages, "cannot read /nonexistent/users: No such file or directory\n");
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("pam_smack");
	TCase *tc = tcase_create("decisions");

	tcase_add_test(tc, options);
	tcase_add_test(tc, arguments_as_in_1_3);
	tcase_add_test(tc, empty_label_leaves);
	tcase_add_test(tc, bad_label);
	tcase_add_test(tc, messages_escaped);
	tcase_add_test(tc, expand);
	tcase_add_test(tc, entries);
	tcase_add_test(tc, bad_entries);
	tcase_add_test(tc, users_file_missing);
	suite_add_tcase(s, tc);
	return s;
}
