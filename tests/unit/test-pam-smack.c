// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pam_smack's decisions without PAM or a kernel: its arguments, the label
 * they give a user, the users file as libsmack reads it for the module
 * (smack_policy_user_label(3) has its own tests), and its messages.
 * libpam's functions the module calls are stood in for here: messages are
 * kept for the checks, and the user database holds alice (primary group
 * 2001, named alice) and the group staff (3000).  Setting labels and the
 * real PAM stack are the kernel cases' (tests/kernel/cases/pam-*.sh).
 */
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

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

struct group *pam_modutil_getgrgid(pam_handle_t *pamh, gid_t gid)
{
	static struct group alice = { .gr_name = "alice", .gr_gid = 2001 };
	static struct group staff = { .gr_name = "staff", .gr_gid = 3000 };

	if (gid == 2001)
		return &alice;
	return gid == 3000 ? &staff : NULL;
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

/* The scratch users file of a test: made by its first put_users(),
 * removed by drop_users(). */
static char users_file[64];

static void put_users(const char *text)
{
	int fd;

	if (!users_file[0]) {
		strcpy(users_file, "/tmp/test-pam-smack-XXXXXX");
		fd = mkstemp(users_file);
	} else {
		fd = open(users_file, O_WRONLY | O_TRUNC);
	}
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

static void drop_users(void)
{
	unlink(users_file);
	users_file[0] = '\0';
}

/* The label the users file gives user ("(leave)" for NULL), rc checked;
 * the arguments: debug and users=FILE. */
static char *users_label(const char *user, int want_rc)
{
	char arg[128], *label = (char *)"unset";

	snprintf(arg, sizeof(arg), "users=%s", users_file);
	ARGS(user, "debug", arg);
	ck_assert_int_eq(pam_smack_users_label(&ps, &label), want_rc);
	if (want_rc < 0)
		ck_assert_ptr_null(label);
	return label ? label : strdup("(leave)");
}

/* message: what is logged, each %s the users file. */
static void expect_users_label(const char *user, const char *want,
			       const char *message)
{
	char *label = users_label(user, 1), full[512];
	const char *at = strstr(message, "%s");

	ck_assert_str_eq(label, want);
	free(label);
	ck_assert_ptr_nonnull(at);
	snprintf(full, sizeof(full), "%.*s%s%s", (int)(at - message), message,
		 users_file, at + 2);
	ck_assert_str_eq(messages, full);
}

START_TEST(users_file_entries)
{
	put_users("# who\nbob Other\n@staff Team\n@alice Own::%u\n"
		  "carol -\n* User::%u\n");
	expect_users_label("alice", "Own::alice",
			   "user \"alice\": the label \"Own::alice\" of %s:4 (@alice)\n");
	expect_users_label("bob", "Other",
			   "user \"bob\" is not in the user database: its groups are not known\n"
			   "user \"bob\": the label \"Other\" of %s:2 (bob)\n");
	put_users("carol -\n* User::%u\n");
	expect_users_label("carol", "(leave)",
			   "user \"carol\" is not in the user database: its groups are not known\n"
			   "user \"carol\": the label is left as it is: \"-\" at %s:1 (carol)\n");
	put_users("bob Other\n");
	expect_users_label("alice", PAM_SMACK_DEFAULT_LABEL,
			   "user \"alice\": the default label \"User\": %s has no entry for the user\n");
	drop_users();
}
END_TEST

START_TEST(users_file_errors)
{
	char want[512];

	put_users("bob Other\nalice a/b\n");
	free(users_label("bob", -1));
	snprintf(want, sizeof(want), "%s:2:7: label \"a/b\" contains '/'\n",
		 users_file);
	ck_assert_str_eq(messages, want);
	ck_assert_int_eq(last_priority, LOG_ERR);
	put_users("@staff Team\n* User\n");
	free(users_label("nosuchuser", -1));
	snprintf(want, sizeof(want), "user \"nosuchuser\" is not in the user database: its groups are not known\n"
		 "%s:1:1: the groups of user \"nosuchuser\" are not known: whether it is in group \"staff\" cannot be told\n",
		 users_file);
	ck_assert_str_eq(messages, want);
	put_users("* User::%u\n");
	free(users_label("a/b", -1));
	snprintf(want, sizeof(want), "user \"a/b\" is not in the user database: its groups are not known\n"
		 "%s:1:3: the label \"User::a/b\" for user \"a/b\" contains '/'\n",
		 users_file);
	ck_assert_str_eq(messages, want);
	free(users_label(NULL, -1));
	drop_users();
}
END_TEST

START_TEST(users_file_missing)
{
	char *label = NULL;

	ARGS("alice", "users=/nonexistent/users");
	ck_assert_int_eq(pam_smack_users_label(&ps, &label), -1);
	ck_assert_ptr_null(label);
	ck_assert_str_eq(messages, "/nonexistent/users: cannot open: No such file or directory\n");
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
	tcase_add_test(tc, users_file_entries);
	tcase_add_test(tc, users_file_errors);
	tcase_add_test(tc, users_file_missing);
	suite_add_tcase(s, tc);
	return s;
}
