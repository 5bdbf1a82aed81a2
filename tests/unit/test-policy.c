// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * struct smack_policy, the read side: a tree of every kind read into
 * memory with the file, line and column of each entry; all or nothing,
 * SMACK_POLICY_KEEP_GOING and SMACK_POLICY_MISSING_OK; the log callback;
 * the questions (pairs, access with its reason, labels.d paths); and the
 * knobs by name, against a plain directory standing for smackfs.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "check-main.h"
#include "test-labels-tmpdir.h"

static struct smack_policy *policy;

/* What the log callback was given, a line a message. */
static char logged[4096];

static void log_message(void *userdata, int priority, const char *file,
			unsigned int line, unsigned int column,
			const char *message)
{
	size_t len = strlen(logged);

	snprintf(logged + len, sizeof(logged) - len, "%d %s:%u:%u: %s\n",
		 priority, file ? file : "-", line, column, message);
}

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	return remove(path);
}

static void setup(void)
{
	tmpdir_create();
	logged[0] = '\0';
	ck_assert_int_eq(smack_policy_new(&policy), 0);
	smack_policy_set_log_fn(policy, log_message, NULL);
}

static void teardown(void)
{
	smack_policy_free(policy);
	smackfs_override(NULL);
	nftw(tmpdir, remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

/* Creates name (a path in the scratch directory, its directories made)
 * holding text. */
static void put(const char *name, const char *text)
{
	char dir[PATH_MAX], *slash;

	snprintf(dir, sizeof(dir), "%s", tmp_path(name));
	for (slash = strchr(dir + strlen(tmpdir) + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(dir, 0700);
		*slash = '/';
	}
	tmp_put(name, text, strlen(text));
}

/* ------------------------------------------------------------ entries */

static char listed[4096];

/* Each entry as "KIND FILE:LINE:COL TEXT", FILE relative to tmpdir. */
static int list_entry(void *userdata, const struct smack_policy_entry *e)
{
	size_t len = strlen(listed), skip = strlen(tmpdir) + 1;
	char *out = listed + len;
	size_t room = sizeof(listed) - len;
	const char *file = e->file ? e->file : "(null)";
	int n, i;

	n = snprintf(out, room, "%d %s:%u:%u", e->kind,
		     strlen(file) > skip ? file + skip : file, e->line,
		     e->column);
	if (e->kind == SMACK_POLICY_RULE)
		n += snprintf(out + n, room - n, " %s %s %s%s%s", e->subject,
			      e->object, e->access, e->deny ? " " : "",
			      e->deny ? e->deny : "");
	else if (e->kind == SMACK_POLICY_CIPSO)
		n += snprintf(out + n, room - n, " %s %d", e->label, e->level);
	if (e->kind == SMACK_POLICY_CIPSO)
		for (i = 0; i < e->ncategories; i++)
			n += snprintf(out + n, room - n, " %d",
				      e->categories[i]);
	if (e->kind == SMACK_POLICY_NETLABEL)
		n += snprintf(out + n, room - n, " %s %s", e->host, e->label);
	if (e->kind == SMACK_POLICY_KNOB)
		n += snprintf(out + n, room - n, " %s=%s", e->knob, e->value);
	if (e->kind == SMACK_POLICY_LABELS)
		snprintf(out + n, room - n, " %s %c %u %s %s %s", e->pattern,
			 e->file_type ? e->file_type : '*', e->flags,
			 e->access_label ? e->access_label : "-",
			 e->execute_label ? e->execute_label : "-",
			 e->mmap_label ? e->mmap_label : "-");
	strcat(listed, "\n");
	return userdata ? *(int *)userdata : 0;
}

static const char *list_kind(int kind)
{
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach(policy, kind, list_entry, NULL),
			 0);
	return listed;
}

/* A tree with a file of every kind, comments and blank lines between the
 * entries, and blanks before some. */
static void put_tree(void)
{
	put("etc/smack/accesses.d/10-base",
	    "# the base\nSystem User rwx\n\n  User System r\n"
	    "\tSystem Other rw x\nOther System -\n");
	put("etc/smack/accesses.d/20-more", "App Data rw\nApp Data - w\n");
	put("etc/smack/cipso.d/maps", "# format: list\nSecret 3 5 1\n");
	put("etc/smack/netlabel.d/hosts", "\n192.168.1.0/24 Net\n");
	put("etc/smack/onlycap", "# who may administer\n  Admin\n# more\n"
	    "Admin2\n");
	put("etc/smack/logging", "denied\n");
	put("etc/smack/ambient", "Floor\n");
	put("etc/smack/labels.d/files",
	    "/data(/.*)? access=Data transmute # a comment\n"
	    "\n/data/bin/.* -- execute=\"App\" access=Data\n"
	    "/data/keep -d <<none>>\n");
}

START_TEST(tree_entries_say_where_they_were_read)
{
	put_tree();
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack", 0),
			 0);
	ck_assert_str_eq(logged, "");
	ck_assert_str_eq(list_kind(SMACK_POLICY_RULE),
		"1 etc/smack/accesses.d/10-base:2:1 System User rwx\n"
		"1 etc/smack/accesses.d/10-base:4:3 User System r\n"
		"1 etc/smack/accesses.d/10-base:5:2 System Other rw x\n"
		"1 etc/smack/accesses.d/10-base:6:1 Other System -\n"
		"1 etc/smack/accesses.d/20-more:1:1 App Data rw\n"
		"1 etc/smack/accesses.d/20-more:2:1 App Data - w\n");
	ck_assert_str_eq(list_kind(SMACK_POLICY_CIPSO),
		"2 etc/smack/cipso.d/maps:2:1 Secret 3 1 5\n");
	ck_assert_str_eq(list_kind(SMACK_POLICY_NETLABEL),
		"3 etc/smack/netlabel.d/hosts:2:1 192.168.1.0/24 Net\n");
	/* The knob files in the order of smack_knob_name(). */
	ck_assert_str_eq(list_kind(SMACK_POLICY_KNOB),
		"4 etc/smack/onlycap:2:3 onlycap=Admin Admin2\n"
		"4 etc/smack/ambient:1:1 ambient=Floor\n"
		"4 etc/smack/logging:1:1 logging=1\n");
	ck_assert_str_eq(list_kind(SMACK_POLICY_LABELS),
		"5 etc/smack/labels.d/files:1:1 /data(/.*)? * 1 Data - -\n"
		"5 etc/smack/labels.d/files:3:1 /data/bin/.* - 0 Data App -\n"
		"5 etc/smack/labels.d/files:4:1 /data/keep d 2 - - -\n");
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_RULE), 6);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_KNOB), 3);
	ck_assert_uint_eq(smack_policy_count(policy, 0), 14);
	ck_assert_str_eq(smack_policy_dir(policy), tmp_path("etc/smack"));
}
END_TEST

START_TEST(foreach_stops_and_refuses_bad_arguments)
{
	int stop = 7;

	put_tree();
	ck_assert_int_eq(smack_policy_load(policy, NULL,
					   tmp_path("etc/smack"), 0), 0);
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach(policy, 0, list_entry, &stop),
			 7);
	ck_assert_ptr_nonnull(strstr(listed, "System User rwx\n"));
	ck_assert_ptr_null(strchr(strchr(listed, '\n') + 1, '\n'));
	errno = 0;
	ck_assert_int_eq(smack_policy_foreach(policy, 99, list_entry, NULL),
			 -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_policy_foreach(NULL, 0, list_entry, NULL), -1);
	ck_assert_uint_eq(smack_policy_count(NULL, 0), 0);
	ck_assert_ptr_null(smack_policy_dir(NULL));
	ck_assert_int_eq(smack_policy_new(NULL), -1);
	ck_assert_int_eq(smack_policy_add_path(policy, 0, tmpdir, 0), -1);
	ck_assert_int_eq(errno, EINVAL);
	smack_policy_free(NULL);
}
END_TEST

START_TEST(foreach_pair_gives_each_rule_of_the_pair)
{
	put_tree();
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "etc/smack", 0),
			 0);
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach_pair(policy, "App", "Data",
						   list_entry, NULL), 0);
	ck_assert_str_eq(listed,
		"1 etc/smack/accesses.d/20-more:1:1 App Data rw\n"
		"1 etc/smack/accesses.d/20-more:2:1 App Data - w\n");
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach_pair(policy, "Data", "App",
						   list_entry, NULL), 0);
	ck_assert_int_eq(smack_policy_foreach_pair(policy, "Nobody", "App",
						   list_entry, NULL), 0);
	ck_assert_str_eq(listed, "");
}
END_TEST

/* ------------------------------------------------------------ access */

static void check_access(const char *s, const char *o, const char *a,
			 int want, int want_reason)
{
	int reason = 0;

	ck_assert_msg(smack_policy_have_access(policy, s, o, a, &reason,
					       NULL) == want,
		      "%s %s %s is not %d", s, o, a, want);
	ck_assert_msg(reason == want_reason, "%s %s %s: reason %d, not %d",
		      s, o, a, reason, want_reason);
}

START_TEST(have_access_gives_every_reason)
{
	unsigned int granted = 99;

	put("rules", "S O rw\nS O - w\nS None -\nW O rw\nS2 O2 w\n"
	    "* O rwx\nS _ w\n");
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       tmp_path("rules"), 0), 0);
	check_access("S", "O", "r", 1, SMACK_REASON_RULE);
	check_access("S", "O", "rw", 0, SMACK_REASON_RULE);
	check_access("S", "None", "", 0, SMACK_REASON_RULE);
	check_access("S2", "O2", "l", 1, SMACK_REASON_RULE);	/* w gives l */
	check_access("S", "Other", "r", 0, SMACK_REASON_NO_RULE);
	check_access("S", "Other", "", 0, SMACK_REASON_NO_RULE);
	check_access("*", "O", "r", 0, SMACK_REASON_STAR_SUBJECT);
	check_access("*", "*", "r", 0, SMACK_REASON_STAR_SUBJECT);
	check_access("@", "O", "rwx", 1, SMACK_REASON_WEB);
	check_access("S", "@", "w", 1, SMACK_REASON_WEB);
	check_access("S", "*", "rwxatl", 1, SMACK_REASON_STAR_OBJECT);
	check_access("S", "S", "rwxatl", 1, SMACK_REASON_SAME_LABEL);
	check_access("S", "_", "rx", 1, SMACK_REASON_FLOOR_OBJECT);
	check_access("S", "_", "l", 1, SMACK_REASON_FLOOR_OBJECT);
	/* Past the floor's letters, the pair's rules decide. */
	check_access("S", "_", "w", 1, SMACK_REASON_RULE);
	check_access("S", "_", "rl", 0, SMACK_REASON_RULE);
	check_access("S2", "_", "rl", 0, SMACK_REASON_NO_RULE);
	check_access("^", "O", "x", 1, SMACK_REASON_HAT_SUBJECT);
	check_access("^", "O", "w", 0, SMACK_REASON_NO_RULE);
	ck_assert_int_eq(smack_policy_have_access(policy, "S", "O", "r", NULL,
						  &granted), 1);
	ck_assert_uint_eq(granted, SMACK_ACCESS_READ);
	errno = 0;
	ck_assert_int_eq(smack_policy_have_access(policy, "S", "O", "q", NULL,
						  NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_policy_have_access(policy, "", "O", "r", NULL,
						  NULL), -1);
	ck_assert_int_eq(smack_policy_have_access(policy, "S", "O/", "r", NULL,
						  NULL), -1);
}
END_TEST

START_TEST(have_access_follows_rules_added_later)
{
	put("a", "S O r\n");
	put("b", "S O rw\n");
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       tmp_path("a"), 0), 0);
	check_access("S", "O", "w", 0, SMACK_REASON_RULE);
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       tmp_path("b"), 0), 0);
	check_access("S", "O", "w", 1, SMACK_REASON_RULE);
}
END_TEST

/* ------------------------------------------------------------ labels.d */

static const char *matched(const char *path, mode_t mode)
{
	struct smack_policy_entry e;
	int ret = smack_policy_match_path(policy, path, mode, &e);

	ck_assert_int_ge(ret, 0);
	if (ret == 0)
		return "none";
	listed[0] = '\0';
	list_entry(NULL, &e);
	return strchr(listed, ' ') + 1;
}

START_TEST(match_path_last_match_wins)
{
	put_tree();
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_LABELS,
			 tmp_path("etc/smack/labels.d"), 0), 0);
	ck_assert_str_eq(matched("/data/x", S_IFREG),
		"etc/smack/labels.d/files:1:1 /data(/.*)? * 1 Data - -\n");
	ck_assert_str_eq(matched("/data/bin/sh", S_IFREG),
		"etc/smack/labels.d/files:3:1 /data/bin/.* - 0 Data App -\n");
	/* The type of line 3 is a regular file's. */
	ck_assert_str_eq(matched("/data/bin/lib", S_IFDIR),
		"etc/smack/labels.d/files:1:1 /data(/.*)? * 1 Data - -\n");
	ck_assert_str_eq(matched("/data/keep", S_IFDIR),
		"etc/smack/labels.d/files:4:1 /data/keep d 2 - - -\n");
	/* Anchored at both ends. */
	ck_assert_str_eq(matched("/other/data", S_IFREG), "none");
	ck_assert_str_eq(matched("/database", S_IFREG), "none");
	ck_assert_int_eq(smack_policy_match_path(policy, NULL, 0, NULL), -1);
}
END_TEST

START_TEST(labels_errors_name_line_and_column)
{
	put("spec", "/a access=Good\n/b  access=\"Bad\n/c -q access=X\n"
	    "/d\n/e <<none>> access=Y\n/f execute=*\n");
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_LABELS,
					       tmp_path("spec"), 0), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_nonnull(strstr(logged, "spec:2:5: access value has an"
				     " unmatched '\"'\n"));
	ck_assert_ptr_nonnull(strstr(logged, "spec:3:4: unknown file type"));
	ck_assert_ptr_nonnull(strstr(logged, "spec:4:3: no attributes"));
	ck_assert_ptr_nonnull(strstr(logged, "spec:5:13: <<none>> stands"
				     " alone\n"));
	ck_assert_ptr_nonnull(strstr(logged, "spec:6:4: execute label"));
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_LABELS), 0);
}
END_TEST

/* ------------------------------------------------- all or nothing */

START_TEST(an_error_loads_nothing_of_the_call)
{
	put_tree();
	put("etc/smack/accesses.d/30-bad", "Good Rule r\nBad Rule q\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack", 0),
			 -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_nonnull(strstr(logged, "accesses.d/30-bad:2:10: "));
	ck_assert_uint_eq(smack_policy_count(policy, 0), 0);
	listed[0] = '\0';
	ck_assert_int_eq(smack_policy_foreach(policy, 0, list_entry, NULL), 0);
	ck_assert_str_eq(listed, "");
}
END_TEST

START_TEST(keep_going_keeps_the_files_without_errors)
{
	put_tree();
	put("etc/smack/accesses.d/30-bad", "Good Rule r\nBad Rule q\n");
	put("etc/smack/logging", "loud\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack",
					   SMACK_POLICY_KEEP_GOING), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_RULE), 6);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_KNOB), 2);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_LABELS), 3);
	check_access("Good", "Rule", "r", 0, SMACK_REASON_NO_RULE);
	ck_assert_str_eq(list_kind(SMACK_POLICY_KNOB),
		"4 etc/smack/onlycap:2:3 onlycap=Admin Admin2\n"
		"4 etc/smack/ambient:1:1 ambient=Floor\n");
}
END_TEST

START_TEST(missing_paths)
{
	errno = 0;
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       tmp_path("none"), 0), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_ptr_nonnull(strstr(logged, "none:0:0: cannot open"));
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       tmp_path("none"),
					       SMACK_POLICY_MISSING_OK), 0);
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/none", 0), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/none",
					   SMACK_POLICY_MISSING_OK), 0);
	ck_assert_uint_eq(smack_policy_count(policy, 0), 0);
	/* Every part of a tree may be missing. */
	put("etc/smack/logging", "0\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "etc/smack", 0), 0);
	ck_assert_uint_eq(smack_policy_count(policy, 0), 1);
}
END_TEST

START_TEST(log_callback_gets_errors_with_their_place)
{
	char want[2][PATH_MAX + 64];

	put("etc/smack/accesses.d/bad", "\n  S O q\n");
	put("etc/smack/onlycap", "Good Bad/\n");
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack",
					   SMACK_POLICY_KEEP_GOING), -1);
	snprintf(want[0], sizeof(want[0]), "%d %s:2:7: ", LOG_ERR,
		 tmp_path("etc/smack/accesses.d/bad"));
	snprintf(want[1], sizeof(want[1]), "%d %s:1:6: label \"Bad/\" ",
		 LOG_ERR, tmp_path("etc/smack/onlycap"));
	ck_assert_ptr_eq(strstr(logged, want[0]), logged);
	ck_assert_ptr_nonnull(strstr(logged, want[1]));
	/* Without a callback nothing is said, and the call fails alike. */
	smack_policy_set_log_fn(policy, NULL, NULL);
	logged[0] = '\0';
	ck_assert_int_eq(smack_policy_load(policy, tmpdir, "/etc/smack", 0),
			 -1);
	ck_assert_str_eq(logged, "");
}
END_TEST

START_TEST(add_fd_names_the_file_as_given)
{
	int fd;

	put("f", "# x\nA B r\n");
	fd = open(tmp_path("f"), O_RDONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(smack_policy_add_fd(policy, SMACK_POLICY_RULE, fd,
					     "-", 0), 0);
	close(fd);
	listed[0] = '\0';
	smack_policy_foreach(policy, SMACK_POLICY_RULE, list_entry, NULL);
	ck_assert_str_eq(listed, "1 -:2:1 A B r\n");
	ck_assert_int_eq(smack_policy_add_fd(policy, SMACK_POLICY_RULE, -1,
					     "-", 0), -1);
}
END_TEST

START_TEST(a_knob_file_is_named_by_its_name)
{
	put("onlycap", "; nobody\n-\n");
	put("ambient", "A B\n");
	put("unknown", "x\n");
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_KNOB,
					       tmp_path("onlycap"), 0), -1);
	ck_assert_ptr_nonnull(strstr(logged, "onlycap:2:1:"));
	logged[0] = '\0';
	put("onlycap", "; nobody\n");
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_KNOB,
					       tmp_path("onlycap"), 0), 0);
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_KNOB,
					       tmp_path("ambient"), 0), -1);
	ck_assert_ptr_nonnull(strstr(logged, "ambient:1:3: ambient: \"B\""
				     " takes a single value"));
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_KNOB,
					       tmp_path("unknown"), 0), -1);
	ck_assert_ptr_nonnull(strstr(logged, "unknown:0:0: is no knob's"));
	ck_assert_str_eq(list_kind(SMACK_POLICY_KNOB),
			 "4 onlycap:0:0 onlycap=-\n");
}
END_TEST

/* ------------------------------------------------------------ knobs */

START_TEST(add_knob_takes_a_command_line_value)
{
	char list[8192];
	size_t i;

	ck_assert_int_eq(smack_policy_add_knob(policy, "onlycap",
					       "B  A\tB _"), 0);
	ck_assert_int_eq(smack_policy_add_knob(policy, "logging", "both"), 0);
	ck_assert_int_eq(smack_policy_add_knob(policy, "onlycap", "-"), 0);
	ck_assert_str_eq(list_kind(SMACK_POLICY_KNOB),
			 "4 (null):0:0 onlycap=B A _\n"
			 "4 (null):0:0 logging=3\n"
			 "4 (null):0:0 onlycap=-\n");
	ck_assert_int_eq(smack_policy_add_knob(policy, "ambient", "a\nb/c"),
			 -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_str_eq(logged, "3 -:0:0: ambient: label \"a\\x0ab/c\""
			 " contains a line break\n");
	ck_assert_int_eq(smack_policy_add_knob(policy, "direct", "256"), -1);
	/* The kernel takes a list in one write of a page. */
	memset(list, 'L', sizeof(list) - 1);
	list[sizeof(list) - 1] = '\0';
	for (i = 200; i < sizeof(list) - 2; i += 201) {
		list[i] = ' ';
		list[i + 1] = 'A' + i / 201 % 26;	/* no repeats */
	}
	logged[0] = '\0';
	ck_assert_int_eq(smack_policy_add_knob(policy, "onlycap", list), -1);
	ck_assert_ptr_nonnull(strstr(logged, "-:0:0: onlycap: the list is "));
	list[4000] = '\0';
	ck_assert_int_eq(smack_knob_check("onlycap", list), 0);
	ck_assert_int_eq(smack_policy_add_knob(policy, "nothing", "1"), -1);
	ck_assert_uint_eq(smack_policy_count(policy, SMACK_POLICY_KNOB), 3);
}
END_TEST

START_TEST(knob_names_and_checks)
{
	const char *const *words;
	unsigned int i;
	int kind;

	for (i = 0; smack_knob_name(i); i++)
		;
	ck_assert_uint_eq(i, 9);
	ck_assert_str_eq(smack_knob_name(0), "onlycap");
	ck_assert_int_eq(smack_knob_info("logging", &kind, &words), 0);
	ck_assert_int_eq(kind, SMACK_KNOB_NUMBER);
	ck_assert_str_eq(words[1], "denied");
	ck_assert_int_eq(smack_knob_info("onlycap", &kind, &words), 0);
	ck_assert_int_eq(kind, SMACK_KNOB_LIST);
	ck_assert_ptr_null(words);
	ck_assert_int_eq(smack_knob_info("ambient", &kind, NULL), 0);
	ck_assert_int_eq(kind, SMACK_KNOB_LABEL);
	ck_assert_int_eq(smack_knob_info("none", NULL, NULL), -1);
	ck_assert_int_eq(smack_knob_check("logging", "both"), 0);
	ck_assert_int_eq(smack_knob_check("logging", "3"), 0);
	ck_assert_int_eq(smack_knob_check("logging", "4"), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_knob_check("doi", "0"), -1);
	ck_assert_int_eq(smack_knob_check("doi", "4294967295"), 0);
	ck_assert_int_eq(smack_knob_check("onlycap", "-"), 0);
	ck_assert_int_eq(smack_knob_check("onlycap", "A  B\tC"), 0);
	ck_assert_int_eq(smack_knob_check("onlycap", "A B/"), -1);
	ck_assert_int_eq(smack_knob_check("ambient", "A B"), -1);
	ck_assert_int_eq(smack_knob_check("ambient", ""), -1);
	ck_assert_int_eq(smack_knob_check("nothing", "1"), -1);
	ck_assert_int_eq(smack_knob_check("logging", NULL), -1);
}
END_TEST

START_TEST(knob_get_and_set_through_smackfs)
{
	char *value;

	ck_assert_int_eq(smackfs_override(tmpdir), 0);
	tmp_put("logging", "", 0);
	tmp_put("onlycap", "", 0);
	ck_assert_int_eq(smack_knob_set("logging", "accepted", 0), 0);
	ck_assert_str_eq(tmp_get("logging", NULL), "2");
	ck_assert_int_eq(smack_knob_get("logging", &value), 0);
	ck_assert_str_eq(value, "2");
	free(value);
	tmp_put("onlycap", "A B\n", 4);
	ck_assert_int_eq(smack_knob_get("onlycap", &value), 0);
	ck_assert_str_eq(value, "A B");
	free(value);
	/* The guard: this process has no label in the list (on the host,
	 * none at all). */
	errno = 0;
	ck_assert_int_eq(smack_knob_set("onlycap", "Admin", 0), -1);
	ck_assert_int_eq(errno, ECANCELED);
	ck_assert_int_eq(smack_knob_set("onlycap", "Admin",
					SMACK_PLAN_FORCE), 0);
	ck_assert_int_eq(smack_knob_set("onlycap", "-", 0), 0);
	ck_assert_int_eq(smack_knob_set("ambient", "a/b", 0), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_knob_get("ptrace", &value), -1);
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_int_eq(smack_knob_get("none", &value), -1);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("policy");
	TCase *tc = tcase_create("read");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, tree_entries_say_where_they_were_read);
	tcase_add_test(tc, foreach_stops_and_refuses_bad_arguments);
	tcase_add_test(tc, foreach_pair_gives_each_rule_of_the_pair);
	tcase_add_test(tc, an_error_loads_nothing_of_the_call);
	tcase_add_test(tc, keep_going_keeps_the_files_without_errors);
	tcase_add_test(tc, missing_paths);
	tcase_add_test(tc, log_callback_gets_errors_with_their_place);
	tcase_add_test(tc, add_fd_names_the_file_as_given);
	tcase_add_test(tc, a_knob_file_is_named_by_its_name);
	suite_add_tcase(s, tc);
	tc = tcase_create("questions");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, have_access_gives_every_reason);
	tcase_add_test(tc, have_access_follows_rules_added_later);
	tcase_add_test(tc, match_path_last_match_wins);
	tcase_add_test(tc, labels_errors_name_line_and_column);
	suite_add_tcase(s, tc);
	tc = tcase_create("knobs");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, knob_names_and_checks);
	tcase_add_test(tc, add_knob_takes_a_command_line_value);
	tcase_add_test(tc, knob_get_and_set_through_smackfs);
	suite_add_tcase(s, tc);
	return s;
}
