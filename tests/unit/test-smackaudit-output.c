// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * smackaudit's output of what came from outside the log: the path of the
 * policy tree's file that holds a pair's rule, in --rules' comments and in
 * the report, escaped as every other string.  The tree is a real one,
 * read by the library, whose rules file has a name as hostile as a file
 * name may be.  And a record's values that decode to a NUL: kept whole
 * in the examples of its entry, and written escaped in every output,
 * text and JSON.
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

/* The entry of a record of a log, added to t. */
static struct audit_entry *add(struct audit_table *t, const char *line)
{
	struct audit_entry *e;
	struct audit_record r;
	unsigned long lost;
	const char *why;
	bool is_new;

	ck_assert_int_eq(audit_parse_line(line, strlen(line), NULL, &r,
					  &lost, &why), AUDIT_LINE_RECORD);
	e = audit_table_add(t, &r, &is_new);
	ck_assert_ptr_nonnull(e);
	return e;
}

/* A table of one entry, from one record of a log. */
static struct audit_table *entry_of(const char *line)
{
	struct audit_table *t = audit_table_new();

	ck_assert_ptr_nonnull(t);
	add(t, line);
	return t;
}

static struct audit_table *one_entry(void)
{
	return entry_of("audit: type=1400 audit(1796578856.378:5): "
			"lsm=SMACK fn=smack_inode_permission action=denied "
			"subject=\"Sub\" object=\"Obj\" requested=w pid=57 "
			"comm=\"cat\" name=\"f\" dev=\"tmpfs\" ino=2");
}

/* What --rules (or the report) writes for the table from the tree,
 * read back from a file. */
static char *json_output_of(struct audit_table *t,
			    const struct smack_policy *tree,
			    enum audit_mode mode, bool json)
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
	ck_assert(audit_report(t, NULL, tree, &totals, mode, json));
	fflush(stdout);
	ck_assert_int_ge(dup2(saved, STDOUT_FILENO), 0);
	close(saved);
	rewind(f);
	ck_assert_uint_gt(fread(text, 1, 65535, f), 0);
	fclose(f);
	return text;
}

static char *output_of(struct audit_table *t, const struct smack_policy *tree,
		       enum audit_mode mode)
{
	return json_output_of(t, tree, mode, false);
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

/* A record whose values decode to a NUL: audit's hex 00 in audit.log,
 * /dev/kmsg's \x00 (there in fn= and a detail's name too). */
#define NUL_AUDITD(comm) \
	"type=AVC msg=audit(1.000:1): lsm=SMACK fn=f action=denied " \
	"subject=\"S\" object=\"O\" requested=r pid=1 comm=" comm \
	" path=610062"
#define NUL_KMSG(comm) \
	"5,1,0,-;audit: type=1400 audit(1.000:1): lsm=SMACK fn=f\\x00x " \
	"action=denied subject=\"S\" object=\"O\" requested=r pid=1 " \
	"comm=\"" comm "\" path=\"a\\x00b\" k\\x00y=v\\x00w"

/* n bytes at at are those of the literal want, a NUL among them or not. */
#define assert_bytes(at, n, want) \
	do { \
		ck_assert_uint_eq((n), sizeof(want) - 1); \
		ck_assert(memcmp((at), (want), sizeof(want) - 1) == 0); \
	} while (0)

/* audit's hex 00 and /dev/kmsg's \x00 decode to a NUL: an example keeps
 * it with the rest, each value with its length (the NUL ended it, and
 * what followed read as a detail of its own: path=610062 as path="a"
 * b=""). */
START_TEST(an_example_keeps_the_nul_it_decodes)
{
	static const char *const lines[][2] = {
		{ NUL_AUDITD("630064"), NUL_AUDITD("630065") },
		{ NUL_KMSG("c\\x00d"), NUL_KMSG("c\\x00e") },
	};
	struct audit_table *t;
	const struct audit_example *x;
	struct audit_entry *e;
	struct audit_bytes k, v;
	size_t i, pos;

	for (i = 0; i < 2; i++) {
		t = entry_of(lines[i][0]);
		e = audit_table_sorted(t)[0];
		x = &e->examples[0];
		assert_bytes(x->comm, x->comm_len, "c\0d");
		if (i)
			assert_bytes(x->fn, x->fn_len, "f\0x");
		else
			assert_bytes(x->fn, x->fn_len, "f");
		pos = 0;
		ck_assert(audit_example_detail(x, &pos, &k, &v));
		assert_bytes(k.at, k.len, "path");
		assert_bytes(v.at, v.len, "a\0b");
		if (i) {
			ck_assert(audit_example_detail(x, &pos, &k, &v));
			assert_bytes(k.at, k.len, "k\0y");
			assert_bytes(v.at, v.len, "v\0w");
		}
		ck_assert(!audit_example_detail(x, &pos, &k, &v));
		/* a command that differs after its NUL is another one */
		ck_assert_ptr_eq(add(t, lines[i][1]), e);
		ck_assert_uint_eq(e->nexamples, 2);
		assert_bytes(e->examples[1].comm, e->examples[1].comm_len,
			     "c\0e");
		audit_table_free(t);
	}
}
END_TEST

/* The example of a record whose values decode to a NUL (audit's hex 00,
 * /dev/kmsg's \x00), in the report, --rules and --modify, in text and in
 * JSON: each NUL is \000 (\u0000), not the end of its value. */
static void assert_nul_example(const char *line, const char *text,
			       const char *json)
{
	static const enum audit_mode modes[] = {
		AUDIT_REPORT, AUDIT_RULES, AUDIT_MODIFY,
	};
	struct audit_table *t = entry_of(line);
	char *out;
	size_t i;

	for (i = 0; i < 3; i++) {
		out = output_of(t, NULL, modes[i]);
		ck_assert_msg(strstr(out, text), "no \"%s\" in:\n%s", text, out);
		free(out);
		out = json_output_of(t, NULL, modes[i], true);
		ck_assert_msg(strstr(out, json), "no \"%s\" in:\n%s", json, out);
		free(out);
	}
	audit_table_free(t);
}

START_TEST(a_nul_of_a_value_is_escaped)
{
	assert_nul_example(NUL_AUDITD("630064"),
			   "c\\000d[1] f path=\"a\\000b\"\n",
			   "{\"comm\":\"c\\u0000d\",\"pid\":1,\"fn\":\"f\","
			   "\"time\":1.000,\"details\":{\"path\":\"a\\u0000b\"}}");
	assert_nul_example(NUL_KMSG("c\\x00d"),
			   "c\\000d[1] f\\000x path=\"a\\000b\" "
			   "k\\000y=\"v\\000w\"\n",
			   "{\"comm\":\"c\\u0000d\",\"pid\":1,\"fn\":\"f\\u0000x\","
			   "\"time\":1.000,\"details\":{\"path\":\"a\\u0000b\","
			   "\"k\\u0000y\":\"v\\u0000w\"}}");
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("smackaudit-output");
	TCase *tc = tcase_create("output");

	tcase_add_checked_fixture(tc, scratch_create, scratch_remove);
	tcase_add_test(tc, the_path_of_the_tree_is_escaped);
	tcase_add_test(tc, the_path_of_the_tree_is_escaped_in_the_report);
	tcase_add_test(tc, an_example_keeps_the_nul_it_decodes);
	tcase_add_test(tc, a_nul_of_a_value_is_escaped);
	suite_add_tcase(s, tc);
	return s;
}
