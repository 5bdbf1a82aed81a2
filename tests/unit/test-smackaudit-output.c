// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit's output of what came from outside the log: the path of the
 * policy tree's file that holds a pair's rule, in --rules' comments and in
 * the report, escaped as every other string.  The tree is a real one,
 * read by the library, whose rules file has a name as hostile as a file
 * name may be.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/smack.h>
#include <unistd.h>

#include "check-main.h"
#include "smackaudit.h"
#include "tree-fixture.h"

#define HOSTILE_NAME "accesses.d/a\n\033[2Jb"
#define HOSTILE_ESCAPED "/accesses.d/a\\012\\033[2Jb:3"

/* The scratch tree: the pair's rule "Sub Obj r" on line 3 of a file with
 * a hostile name. */
static struct smack_policy *hostile_tree(void)
{
	struct smack_policy *tree;

	make_dir("accesses.d");
	put(HOSTILE_NAME, "# the pair\n\nSub Obj r\n");
	ck_assert_int_eq(smack_policy_new(&tree), 0);
	ck_assert_int_eq(smack_policy_load(tree, NULL, scratch, 0), 0);
	return tree;
}

/* text holds the line before, the scratch root, HOSTILE_ESCAPED, after. */
static void assert_has_line(const char *text, const char *before,
			    const char *after)
{
	char *line;

	ck_assert_int_gt(asprintf(&line, "%s%s" HOSTILE_ESCAPED "%s", before,
				  scratch, after), 0);
	ck_assert_msg(strstr(text, line), "no \"%s\" in:\n%s", line, text);
	ck_assert_ptr_null(strchr(text, '\033'));
	free(line);
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

/* What --rules (or the report) writes for the table from the tree,
 * read back from a file. */
static char *output_of(struct audit_table *t, const struct smack_policy *tree,
		       enum audit_mode mode)
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
	ck_assert(audit_report(t, NULL, tree, &totals, mode, false));
	fflush(stdout);
	ck_assert_int_ge(dup2(saved, STDOUT_FILENO), 0);
	close(saved);
	rewind(f);
	ck_assert_uint_gt(fread(text, 1, 65535, f), 0);
	fclose(f);
	return text;
}

/* In --rules' comments, with the line that replaces the tree's. */
START_TEST(the_path_of_the_tree_is_escaped)
{
	struct audit_table *t = one_entry();
	struct smack_policy *tree = hostile_tree();
	char *text = output_of(t, tree, AUDIT_RULES);

	assert_has_line(text, "\n#   the tree's rule \"Sub Obj r\" is at ",
			"; this line replaces it\nSub Obj rw\n");
	free(text);
	smack_policy_free(tree);
	audit_table_free(t);
}
END_TEST

/* And in the report's reason from the tree. */
START_TEST(the_path_of_the_tree_is_escaped_in_the_report)
{
	struct audit_table *t = one_entry();
	struct smack_policy *tree = hostile_tree();
	char *text = output_of(t, tree, AUDIT_REPORT);

	assert_has_line(text, "\n  tree: the rule \"Sub Obj r\" (",
			") lacks \"w\"\n");
	free(text);
	smack_policy_free(tree);
	audit_table_free(t);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("smackaudit-output");
	TCase *tc = tcase_create("output");

	tcase_add_checked_fixture(tc, scratch_create, scratch_remove);
	tcase_add_test(tc, the_path_of_the_tree_is_escaped);
	tcase_add_test(tc, the_path_of_the_tree_is_escaped_in_the_report);
	suite_add_tcase(s, tc);
	return s;
}
