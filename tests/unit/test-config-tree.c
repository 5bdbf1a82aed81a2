// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The configuration tree and the knobs as smackctl reads them
 * (common/config-tree.c, common/config-knobs.c).  No kernel.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config-knobs.h"
#include "config-tree.h"
#include "smackctl.h"
#include "check-main.h"
#include "fail-alloc.h"
#include "tree-fixture.h"

/* ---- knob values */

static void parse_words(enum knob_id id, const char *words,
			struct knob_value *v)
{
	char *copy = strdup(words), *argv[16], *p;
	size_t n = 0;

	for (p = strtok(copy, " "); p && n < 16; p = strtok(NULL, " "))
		argv[n++] = p;
	ck_assert_int_eq(knob_parse_args(knob_get(id), v, argv, n), 0);
	free(copy);
}

START_TEST(knob_table)
{
	enum knob_id id;

	ck_assert_ptr_nonnull(knob_find("onlycap", &id));
	ck_assert_int_eq(id, KNOB_ONLYCAP);
	ck_assert_ptr_nonnull(knob_find("mapped", &id));
	ck_assert_int_eq(id, KNOB_MAPPED);
	ck_assert_ptr_null(knob_find("load2", &id));
	ck_assert_str_eq(knob_get(KNOB_LOGGING)->name, "logging");
	ck_assert_ptr_null(knob_get(KNOB_COUNT));
}
END_TEST

START_TEST(knob_numbers_and_words)
{
	struct knob_value v;
	const char *why, *label_why;

	parse_words(KNOB_LOGGING, "both", &v);
	ck_assert_int_eq(v.number, 3);
	knob_value_clear(&v);
	parse_words(KNOB_PTRACE, "draconian", &v);
	ck_assert_int_eq(v.number, 2);
	knob_value_clear(&v);
	parse_words(KNOB_DOI, "4294967295", &v);
	ck_assert_int_eq(v.number, 4294967295LL);
	knob_value_clear(&v);

	memset(&v, 0, sizeof(v));
	why = knob_add_word(knob_get(KNOB_LOGGING), &v, "4", 1, &label_why);
	ck_assert_str_eq(why, "is not 0, 1, 2, 3, none, denied, accepted or both");
	why = knob_add_word(knob_get(KNOB_DOI), &v, "0", 1, &label_why);
	ck_assert_str_eq(why, "is not a number from 1 to 4294967295");
	why = knob_add_word(knob_get(KNOB_DOI), &v, "42949672950", 11,
			    &label_why);
	ck_assert_ptr_nonnull(why);
	why = knob_add_word(knob_get(KNOB_DIRECT), &v, "25x", 3, &label_why);
	ck_assert_str_eq(why, "is not a number from 0 to 255");
	why = knob_add_word(knob_get(KNOB_DIRECT), &v, "255", 3, &label_why);
	ck_assert_ptr_null(why);
	why = knob_add_word(knob_get(KNOB_DIRECT), &v, "1", 1, &label_why);
	ck_assert_str_eq(why, "takes a single value");
	knob_value_clear(&v);
}
END_TEST

START_TEST(knob_labels)
{
	struct knob_value a, b;
	const char *why, *label_why;
	char *text;

	parse_words(KNOB_ONLYCAP, "b a b", &a);
	ck_assert_uint_eq(a.count, 2);		/* a repeat counts once */
	parse_words(KNOB_ONLYCAP, "a b", &b);
	ck_assert(knob_value_equal(knob_get(KNOB_ONLYCAP), &a, &b));
	text = knob_value_format(knob_get(KNOB_ONLYCAP), &a);
	ck_assert_str_eq(text, "b a");
	free(text);
	knob_value_clear(&b);
	parse_words(KNOB_ONLYCAP, "a", &b);
	ck_assert(!knob_value_equal(knob_get(KNOB_ONLYCAP), &a, &b));
	knob_value_clear(&b);

	/* "-" alone is the empty list. */
	parse_words(KNOB_ONLYCAP, "-", &b);
	ck_assert(b.set);
	ck_assert_uint_eq(b.count, 0);
	text = knob_value_format(knob_get(KNOB_ONLYCAP), &b);
	ck_assert_str_eq(text, "-");
	free(text);
	knob_value_clear(&b);
	knob_value_clear(&a);

	memset(&a, 0, sizeof(a));
	why = knob_add_word(knob_get(KNOB_AMBIENT), &a, "a/b", 3, &label_why);
	ck_assert_ptr_nonnull(why);
	ck_assert_str_eq(label_why, "contains '/'");
	why = knob_add_word(knob_get(KNOB_AMBIENT), &a, "-x", 2, &label_why);
	ck_assert_str_eq(label_why, "starts with '-'");
	ck_assert(!a.set);
	knob_value_clear(&a);
}
END_TEST

START_TEST(knob_guard)
{
	struct knob_value empty = { true, 0, NULL, 0 }, list;
	char *self = (char *)"unset";

	/* An empty list locks nobody out. */
	ck_assert(!knob_onlycap_locks_out(&empty, &self));
	ck_assert_ptr_null(self);
	ck_assert_int_eq(knob_guard_onlycap(&empty, false), 0);
	/* A list without our label (or with a label we cannot read, as on
	 * a host without Smack) is refused unless forced. */
	parse_words(KNOB_ONLYCAP, "NotMeAtAll", &list);
	ck_assert(knob_onlycap_locks_out(&list, &self));
	free(self);
	ck_assert_int_eq(knob_guard_onlycap(&list, false), -1);
	ck_assert_int_eq(knob_guard_onlycap(&list, true), 0);
	knob_value_clear(&list);
}
END_TEST

/* ---- knob files */

static int parse_knob(enum knob_id id, const char *text,
		      struct knob_value *v)
{
	put("knob", text);
	return config_parse_knob_file(knob_get(id), at("knob"), v, collect,
				      NULL);
}

START_TEST(knob_file_formats)
{
	struct knob_value v;

	ck_assert_int_eq(parse_knob(KNOB_ONLYCAP,
		"# who keeps the capabilities\r\n_ System\r\n\n; more\n  User\n",
		&v), 0);
	ck_assert_uint_eq(v.count, 3);
	ck_assert_str_eq(v.labels[2], "User");
	knob_value_clear(&v);

	/* A file with no labels is an empty list: it clears onlycap. */
	ck_assert_int_eq(parse_knob(KNOB_ONLYCAP, "# nobody\n", &v), 0);
	ck_assert(v.set);
	ck_assert_uint_eq(v.count, 0);
	knob_value_clear(&v);

	ck_assert_int_eq(parse_knob(KNOB_LOGGING, "\n  accepted  \n", &v), 0);
	ck_assert_int_eq(v.number, 2);
	knob_value_clear(&v);
	ck_assert_int_eq(parse_knob(KNOB_AMBIENT, "Net", &v), 0);
	ck_assert_str_eq(v.labels[0], "Net");
	knob_value_clear(&v);

	/* No file: not set, no error. */
	ck_assert_int_eq(config_parse_knob_file(knob_get(KNOB_AMBIENT),
		at("none"), &v, collect, NULL), 0);
	ck_assert(!v.set);
	ck_assert_uint_eq(message_count, 0);
}
END_TEST

START_TEST(knob_file_errors)
{
	struct knob_value v;

	ck_assert_int_eq(parse_knob(KNOB_AMBIENT, "# x\n\n", &v), -1);
	ck_assert_int_eq(parse_knob(KNOB_AMBIENT, "A\nB\n", &v), -1);
	ck_assert_int_eq(parse_knob(KNOB_LOGGING, "loud\n", &v), -1);
	ck_assert_int_eq(parse_knob(KNOB_ONLYCAP, "_ ok\nbad/label x\n", &v),
			 -1);
	ck_assert_str_eq(messages,
		"knob:0:0: has no value\n"
		"knob:2:1: ambient: \"B\" takes a single value\n"
		"knob:1:1: logging: \"loud\" is not 0, 1, 2, 3, none, denied,"
		" accepted or both\n"
		"knob:2:1: label \"bad/label\" contains '/'\n");
	ck_assert(!v.set);
	make_dir("adir");
	ck_assert_int_eq(config_parse_knob_file(knob_get(KNOB_AMBIENT),
		at("adir"), &v, collect, NULL), -1);
	ck_assert_ptr_nonnull(strstr(messages,
				     "adir:0:0: is a directory, not a file\n"));
}
END_TEST

/* The kernel takes onlycap in one write of a page: a longer list is an
 * error at the label from which on it is too long, before any write. */
START_TEST(knob_file_list_longer_than_a_page)
{
	size_t page = sysconf(_SC_PAGESIZE), used = 0, n = 0;
	char *text = malloc(page + 600), line[16];
	struct knob_value v;

	/* "_ " then 9-byte labels on lines of their own, up to page bytes. */
	used = sprintf(text, "# who\n_\n");
	while (2 + (n + 1) * 10 <= page + 1)
		used += sprintf(text + used, "L%08zu\n", n++);
	used += sprintf(text + used, "%.*s\n",
			(int)(page - (1 + n * 10)) - 1, "XXXXXXXXXXXX");
	ck_assert_int_eq(parse_knob(KNOB_ONLYCAP, text, &v), 0);
	ck_assert_uint_eq(knob_value_bytes(&v), page);
	knob_value_clear(&v);
	/* One byte more. */
	strcpy(text + used - 1, "Y\nZ\n");
	ck_assert_int_eq(parse_knob(KNOB_ONLYCAP, text, &v), -1);
	ck_assert(!v.set);
	snprintf(line, sizeof(line), "knob:%zu:1: ", n + 3);
	ck_assert_ptr_nonnull(strstr(messages, line));
	ck_assert_ptr_nonnull(strstr(messages, "onlycap: the list is"));
	ck_assert_ptr_nonnull(strstr(messages, "the kernel takes at most"));
	ck_assert_uint_eq(message_count, 1);
	free(text);
}
END_TEST

/* A FIFO or a device in place of a knob file: named for what it is,
 * never read (a FIFO would block, /dev/zero never ends). */
START_TEST(knob_file_not_regular)
{
	struct knob_value v;
	char path[512];

	ck_assert_int_eq(mkfifo(at("fifo"), 0600), 0);
	snprintf(path, sizeof(path), "%s", at("zero"));
	ck_assert_int_eq(symlink("/dev/zero", path), 0);
	ck_assert_int_eq(config_parse_knob_file(knob_get(KNOB_ONLYCAP),
		at("fifo"), &v, collect, NULL), -1);
	ck_assert_int_eq(config_parse_knob_file(knob_get(KNOB_ONLYCAP),
		at("zero"), &v, collect, NULL), -1);
	ck_assert(!v.set);
	ck_assert_str_eq(messages, "fifo:0:0: is not a regular file\n"
				   "zero:0:0: is not a regular file\n");
}
END_TEST

/* ---- the tree */

static void write_good_tree(void)
{
	make_dir("etc");
	make_dir("etc/accesses.d");
	make_dir("etc/cipso.d");
	make_dir("etc/netlabel.d");
	put("etc/accesses.d/10-a", "A B rwx\n# note\nA C r\n");
	put("etc/accesses.d/20-b", "A B r\r\nA C - r\n");
	put("etc/accesses.d/20-b.bak", "not a rule\n");
	put("etc/accesses.d/.hidden", "not a rule\n");
	put("etc/cipso.d/levels", "# format: list\nSecret 5 1 2\n");
	put("etc/netlabel.d/hosts", "10.0.0.0/8 Lan\n");
	put("etc/onlycap", "_\n");
	put("etc/logging", "both\n");
}

START_TEST(tree_loads_every_part)
{
	struct config_tree tree;

	write_good_tree();
	ck_assert_int_eq(config_tree_load(&tree, at("etc"), true, collect,
					  NULL), 0);
	ck_assert_str_eq(messages, "");
	ck_assert_uint_eq(smack_accesses_count(tree.rules), 4);
	ck_assert_uint_eq(smack_cipso_count(tree.cipso), 1);
	ck_assert_uint_eq(smack_netlabel_count(tree.netlabel), 1);
	ck_assert(tree.knobs[KNOB_ONLYCAP].set);
	ck_assert(tree.knobs[KNOB_LOGGING].set);
	ck_assert_int_eq(tree.knobs[KNOB_LOGGING].number, 3);
	ck_assert(!tree.knobs[KNOB_AMBIENT].set);
	ck_assert(!tree.dir_missing);
	config_tree_free(&tree);
}
END_TEST

/* Each allocation of the loader failing in turn (fail-alloc.h): the tree
 * of tree_loads_every_part, written once. */
static void write_good_tree_once(void)
{
	if (access(at("etc"), F_OK) != 0)
		write_good_tree();
	messages[0] = '\0';
}

static int load_good_tree(void)
{
	struct config_tree tree;
	int ret, saved;
	bool right;

	ret = config_tree_load(&tree, at("etc"), true, collect, NULL);
	saved = errno;
	right = ret < 0 ||
		(smack_accesses_count(tree.rules) == 4 &&
		 smack_cipso_count(tree.cipso) == 1 &&
		 smack_netlabel_count(tree.netlabel) == 1 &&
		 tree.knobs[KNOB_ONLYCAP].set &&
		 tree.knobs[KNOB_LOGGING].number == 3);
	config_tree_free(&tree);
	errno = saved;
	return right ? ret : WRONG_RESULT;
}

START_TEST(tree_survives_each_failed_allocation)
{
	static const struct scenario s = {
		"tree", write_good_tree_once, load_good_tree
	};

	fail_each_allocation(&s);
}
END_TEST

START_TEST(tree_optional_parts)
{
	struct config_tree tree;

	make_dir("empty");
	ck_assert_int_eq(config_tree_load(&tree, at("empty"), true, collect,
					  NULL), 0);
	ck_assert_uint_eq(smack_accesses_count(tree.rules), 0);
	config_tree_free(&tree);

	/* The default tree may be missing; a tree the user named may not. */
	ck_assert_int_eq(config_tree_load(&tree, at("gone"), false, collect,
					  NULL), 0);
	ck_assert(tree.dir_missing);
	config_tree_free(&tree);
	ck_assert_int_eq(config_tree_load(&tree, at("gone"), true, collect,
					  NULL), -1);
	ck_assert_uint_eq(tree.errors, 1);
	config_tree_free(&tree);
	ck_assert_str_eq(messages, "gone:0:0: No such file or directory\n");
}
END_TEST

START_TEST(tree_reports_every_error)
{
	struct config_tree tree;

	write_good_tree();
	put("etc/accesses.d/30-bad", "A B rwx\nA Q rwz\nA\n");
	put("etc/cipso.d/bad", "Secret 300\n");
	put("etc/netlabel.d/bad", "10.0.0.300 Lan\n");
	put("etc/ambient", "a/b\n");
	ck_assert_int_eq(config_tree_load(&tree, at("etc"), true, collect,
					  NULL), -1);
	ck_assert_uint_eq(tree.errors, 5);
	ck_assert_uint_eq(message_count, 5);
	ck_assert_ptr_nonnull(strstr(messages, "etc/accesses.d/30-bad:2:"));
	ck_assert_ptr_nonnull(strstr(messages, "etc/accesses.d/30-bad:3:"));
	ck_assert_ptr_nonnull(strstr(messages, "etc/cipso.d/bad:1:"));
	ck_assert_ptr_nonnull(strstr(messages, "etc/netlabel.d/bad:1:"));
	ck_assert_ptr_nonnull(strstr(messages,
		"etc/ambient:1:1: label \"a/b\" contains '/'"));
	/* Each file is all or nothing: the bad ones are left out and named,
	 * the others kept (for apply --keep-going). */
	ck_assert_uint_eq(smack_accesses_count(tree.rules), 4);
	ck_assert_uint_eq(smack_cipso_count(tree.cipso), 1);
	ck_assert_uint_eq(smack_netlabel_count(tree.netlabel), 1);
	ck_assert(!tree.knobs[KNOB_AMBIENT].set);
	ck_assert(tree.knobs[KNOB_ONLYCAP].set);
	ck_assert_uint_eq(tree.refused_count, 4);
	ck_assert_str_eq(tree.refused[0], at("etc/accesses.d/30-bad"));
	ck_assert_str_eq(tree.refused[1], at("etc/cipso.d/bad"));
	ck_assert_str_eq(tree.refused[2], at("etc/netlabel.d/bad"));
	ck_assert_str_eq(tree.refused[3], at("etc/ambient"));
	config_tree_free(&tree);
}
END_TEST

START_TEST(tree_directory_choice)
{
	bool explicit;

	unsetenv(CONFIG_DIR_ENV);
	ck_assert_str_eq(config_tree_dir(NULL, &explicit), SYSCONFDIR "/smack");
	ck_assert(!explicit);
	setenv(CONFIG_DIR_ENV, "/env/tree", 1);
	ck_assert_str_eq(config_tree_dir(NULL, &explicit), "/env/tree");
	ck_assert(explicit);
	ck_assert_str_eq(config_tree_dir("/opt/tree", &explicit), "/opt/tree");
	ck_assert(explicit);
	setenv(CONFIG_DIR_ENV, "", 1);
	ck_assert_str_eq(config_tree_dir(NULL, &explicit), SYSCONFDIR "/smack");
	unsetenv(CONFIG_DIR_ENV);
}
END_TEST

START_TEST(quoting)
{
	char buf[CONFIG_QUOTE_SIZE];
	char long_word[100];

	ck_assert_str_eq(config_quote(buf, "a\tb\x7f", 4), "\"a\\x09b\\x7f\"");
	memset(long_word, 'x', sizeof(long_word));
	config_quote(buf, long_word, sizeof(long_word));
	ck_assert_uint_eq(strlen(buf), 64 + 2 + 3);
	ck_assert_str_eq(buf + 64 + 2, "...");
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("config-tree");
	TCase *knobs = tcase_create("knobs");
	TCase *files = tcase_create("files");

	tcase_add_test(knobs, knob_table);
	tcase_add_test(knobs, knob_numbers_and_words);
	tcase_add_test(knobs, knob_labels);
	tcase_add_test(knobs, knob_guard);
	suite_add_tcase(s, knobs);

	tcase_add_checked_fixture(files, scratch_create, scratch_remove);
	tcase_add_test(files, knob_file_formats);
	tcase_add_test(files, knob_file_errors);
	tcase_add_test(files, knob_file_not_regular);
	tcase_add_test(files, knob_file_list_longer_than_a_page);
	tcase_add_test(files, tree_loads_every_part);
	tcase_add_test(files, tree_survives_each_failed_allocation);
	tcase_add_test(files, tree_optional_parts);
	tcase_add_test(files, tree_reports_every_error);
	tcase_add_test(files, tree_directory_choice);
	tcase_add_test(files, quoting);
	suite_add_tcase(s, files);
	return s;
}
