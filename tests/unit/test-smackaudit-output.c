// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit's output of what came from outside the log: the path of the
 * policy tree that names a pair, in --rules' comments and in the report,
 * escaped as every other string.  The program is linked with
 * --wrap=audit_tree_origin (smackaudit.am): --rules gets a path as
 * hostile as a file name may be from this file's audit_tree_origin(),
 * until the library reads the tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check-main.h"
#include "smackaudit.h"

#define HOSTILE_TREE "/etc/smack/accesses.d/a\n\033[2Jb:3"
#define HOSTILE_TREE_ESCAPED "/etc/smack/accesses.d/a\\012\\033[2Jb:3"

char *__wrap_audit_tree_origin(const char *subject, const char *object);

char *__wrap_audit_tree_origin(const char *subject, const char *object)
{
	return strdup(HOSTILE_TREE);
}

/* A table of one entry, from one record of the kernel log. */
static struct audit_table *one_entry(void)
{
	static const char line[] = "audit: type=1400 audit(1796578856.378:5): "
		"lsm=SMACK fn=smack_inode_permission action=denied "
		"subject=\"Sub\" object=\"Obj\" requested=w pid=57 "
		"comm=\"cat\" name=\"f\" dev=\"tmpfs\" ino=2";
	struct audit_table *t = audit_table_new();
	struct audit_record r;
	unsigned long lost;
	const char *why;
	bool is_new;

	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(audit_parse_line(line, sizeof(line) - 1, NULL, &r,
					  &lost, &why), AUDIT_LINE_RECORD);
	ck_assert_ptr_nonnull(audit_table_add(t, &r, &is_new));
	return t;
}

/* What --rules writes for the table, read back from a file. */
static char *rules_of(struct audit_table *t)
{
	static const struct audit_totals totals = { .records = 1 };
	FILE *f = tmpfile();
	char *text = calloc(1, 65536);
	int saved = dup(STDOUT_FILENO);

	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_ge(saved, 0);
	fflush(stdout);
	ck_assert_int_ge(dup2(fileno(f), STDOUT_FILENO), 0);
	ck_assert(audit_rules(audit_table_sorted(t), audit_table_count(t),
			      NULL, &totals, false, false));
	fflush(stdout);
	ck_assert_int_ge(dup2(saved, STDOUT_FILENO), 0);
	close(saved);
	rewind(f);
	ck_assert_uint_gt(fread(text, 1, 65535, f), 0);
	fclose(f);
	return text;
}

/* In --rules' comments, and in the report. */
START_TEST(the_path_of_the_tree_is_escaped)
{
	struct audit_table *t = one_entry();
	char *text = rules_of(t), line[256] = "";
	FILE *f = tmpfile();

	ck_assert_msg(strstr(text, "#   /etc/smack: " HOSTILE_TREE_ESCAPED
			     " holds the pair's rule\n"), "%s", text);
	ck_assert_ptr_null(strchr(text, '\033'));
	free(text);
	audit_table_free(t);
	ck_assert_ptr_nonnull(f);
	audit_print_tree(f, "  in /etc/smack: ", HOSTILE_TREE, "\n");
	rewind(f);
	ck_assert_uint_gt(fread(line, 1, sizeof(line) - 1, f), 0);
	fclose(f);
	ck_assert_str_eq(line, "  in /etc/smack: " HOSTILE_TREE_ESCAPED "\n");
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("smackaudit-output");
	TCase *tc = tcase_create("output");

	tcase_add_test(tc, the_path_of_the_tree_is_escaped);
	suite_add_tcase(s, tc);
	return s;
}
