// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every allocation of the library failing in turn (fail-alloc.h), under
 * scenarios of the public calls on rule sets, CIPSO, netlabel and the
 * knobs; test-alloc-failure-policy.c has those of the policy tree.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "check-main.h"
#include "alloc-failure.h"

/* --------------------------------------------------------- rule sets */

static const char rules_text[] =
	"# a comment\n"
	"Subject Object rwx\n"
	"Subject Other r\n"
	"Other Subject -\n"
	"Subject Object rw at\n"
	"Third Fourth rwxatlb\r\n"
	"Fourth Third l";

static int count_rules(struct smack_accesses *h, int ret, size_t want)
{
	size_t n = ret == 0 ? smack_accesses_count(h) : 0;
	int saved = errno;

	smack_accesses_free(h);
	errno = saved;
	if (ret != 0)
		return -1;
	return n == want ? 0 : WRONG_RESULT;
}

static int rules_add(void)
{
	struct smack_accesses *h;
	char long_label[SMACK_LABEL_LEN + 1];
	int ret;

	memset(long_label, 'L', SMACK_LABEL_LEN);
	long_label[SMACK_LABEL_LEN] = '\0';
	if (smack_accesses_new(&h) < 0)
		return -1;
	ret = smack_accesses_add(h, "Subject", "Object", "rwx");
	if (ret == 0)
		ret = smack_accesses_add(h, long_label, "Object", "r");
	if (ret == 0)
		ret = smack_accesses_add_modify(h, "Subject", long_label,
						"rw", "x");
	return count_rules(h, ret, 3);
}

static int rules_parse_buffer(void)
{
	struct smack_accesses *h;
	int ret;

	if (smack_accesses_new(&h) < 0)
		return -1;
	ret = smack_accesses_parse_buffer(h, rules_text, strlen(rules_text),
					  "rules", ignore_error, NULL);
	return count_rules(h, ret, 6);
}

/* A rule file whose comment line is longer than the reader's window. */
static void put_long_rule_file(void)
{
	size_t len = 200 * 1024;
	char *text = __real_malloc(len + sizeof(rules_text));

	ck_assert_ptr_nonnull(text);
	text[0] = '#';
	memset(text + 1, 'x', len - 2);
	text[len - 1] = '\n';
	memcpy(text + len, rules_text, sizeof(rules_text));
	tmp_put("rules", text, len + sizeof(rules_text) - 1);
	free(text);
}

/* The scratch file "rules" read into a new set by read_fd. */
static int rules_read_tmp(int (*read_fd)(struct smack_accesses *, int))
{
	struct smack_accesses *h;
	int fd, ret;

	fd = open_tmp("rules");
	if (fd < 0)
		return WRONG_RESULT;
	if (smack_accesses_new(&h) < 0) {
		close(fd);
		return -1;
	}
	ret = read_fd(h, fd);
	close(fd);
	return count_rules(h, ret, 6);
}

static int parse_rules_fd(struct smack_accesses *h, int fd)
{
	return smack_accesses_parse_fd(h, fd, "rules", ignore_error, NULL);
}

static int rules_parse_fd(void)
{
	return rules_read_tmp(parse_rules_fd);
}

static void put_rule_dir(void)
{
	ck_assert_int_eq(mkdir(tmp_path("rules.d"), 0700) == 0 ||
			 errno == EEXIST, 1);
	tmp_put("rules.d/10-first", rules_text, strlen(rules_text));
	tmp_put("rules.d/20-second", "A B r\n", 6);
}

static int rules_parse_path(void)
{
	struct smack_accesses *h;
	int ret;

	if (smack_accesses_new(&h) < 0)
		return -1;
	ret = smack_accesses_parse_path(h, tmp_path("rules.d"), ignore_error,
					NULL);
	return count_rules(h, ret, 7);
}

/* The libsmack 1.3 reader. */
static int rules_add_from_file(void)
{
	return rules_read_tmp(smack_accesses_add_from_file);
}

static int set_of(const char *text, struct smack_accesses **h)
{
	if (smack_accesses_new(h) < 0)
		return -1;
	if (smack_accesses_parse_buffer(*h, text, strlen(text), "set",
					ignore_error, NULL) < 0) {
		int saved = errno;

		smack_accesses_free(*h);
		errno = saved;
		return -1;
	}
	return 0;
}

static int rules_diff(void)
{
	struct smack_accesses *from, *to, *diff;
	int ret;

	if (set_of("A B rwx\nA C r\nB C w\n", &from) < 0)
		return -1;
	if (set_of("A B rx\nB C w\nC A t\n", &to) < 0) {
		smack_accesses_free(from);
		return -1;
	}
	ret = smack_accesses_diff(from, to, &diff);
	smack_accesses_free(from);
	smack_accesses_free(to);
	return count_rules(ret == 0 ? diff : NULL, ret, 3);
}

static void put_load2(void)
{
	static const char load2[] = "A B rwx\nA C r\nB C w\n";

	tmp_put("load2", load2, strlen(load2));
	tmp_put("change-rule", "", 0);
}

static int rules_from_kernel(void)
{
	struct smack_accesses *h = NULL;
	int ret = smack_accesses_new_from_kernel(&h);

	return count_rules(ret == 0 ? h : NULL, ret, 3);
}

static int rules_diff_kernel(void)
{
	struct smack_accesses *target, *changes, *undo;
	size_t nchanges, nundo;
	int ret;

	if (set_of("A B rx\nB C w\nC A t\n", &target) < 0)
		return -1;
	ret = smack_accesses_diff_kernel(target, &changes, &undo);
	smack_accesses_free(target);
	if (ret < 0)
		return -1;
	nchanges = smack_accesses_count(changes);
	nundo = smack_accesses_count(undo);
	smack_accesses_free(changes);
	smack_accesses_free(undo);
	return nchanges == 3 && nundo == 3 ? 0 : WRONG_RESULT;
}

static int rules_apply(void)
{
	struct smack_accesses *h;
	int ret;

	if (set_of(rules_text, &h) < 0)
		return -1;
	ret = smack_accesses_apply(h);
	return count_rules(h, ret, 6);
}

/* The libsmack 1.3 calls: save to a file, clear the rules from the kernel. */
static int rules_save_and_clear(void)
{
	struct smack_accesses *h;
	int fd, ret;

	if (set_of(rules_text, &h) < 0)
		return -1;
	fd = open(tmp_path("saved"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
		  0600);
	if (fd < 0) {
		smack_accesses_free(h);
		return WRONG_RESULT;
	}
	ret = smack_accesses_save(h, fd);
	close(fd);
	if (ret == 0)
		ret = smack_accesses_clear(h);
	return count_rules(h, ret, 6);
}

/* ------------------------------------------------------ CIPSO, netlabel */

static const char cipso_text[] =
	"# format: list\n"
	"Secret 3 5 19\n"
	"Top 255 1 184\n"
	"bare 7\n";

/* The scratch file "cipso" read into a new set by read_fd. */
static int cipso_read_tmp(int (*read_fd)(struct smack_cipso *, int))
{
	struct smack_cipso *c;
	int fd, ret;
	size_t n;

	fd = open_tmp("cipso");
	if (fd < 0)
		return WRONG_RESULT;
	if (smack_cipso_new(&c) < 0) {
		close(fd);
		return -1;
	}
	ret = read_fd(c, fd);
	close(fd);
	n = smack_cipso_count(c);
	smack_cipso_free(c);
	if (ret < 0)
		return -1;
	return n == 3 ? 0 : WRONG_RESULT;
}

/* smack_cipso_parse_fd(), the parser with diagnostics, then the set
 * applied. */
static int parse_and_apply_cipso(struct smack_cipso *c, int fd)
{
	if (smack_cipso_parse_fd(c, fd, "cipso", ignore_error, NULL) < 0)
		return -1;
	return smack_cipso_apply(c);
}

static int cipso_parse_and_apply(void)
{
	return cipso_read_tmp(parse_and_apply_cipso);
}

/* The libsmack 1.3 reader. */
static int cipso_add_from_file(void)
{
	return cipso_read_tmp(smack_cipso_add_from_file);
}

static void put_cipso(void)
{
	static const char cipso2[] = "lab   3/5,19\nTop 255/1,184\nbare   7\n";

	tmp_put("cipso", cipso_text, strlen(cipso_text));
	tmp_put("cipso2", cipso2, strlen(cipso2));
}

static int cipso_from_kernel(void)
{
	struct smack_cipso *c;
	int categories[] = { 9, 2 };
	size_t n;
	int ret;

	if (smack_cipso_new_from_kernel(&c) < 0)
		return -1;
	ret = smack_cipso_add(c, "Added", 4, categories, 2);
	n = smack_cipso_count(c);
	smack_cipso_free(c);
	if (ret < 0)
		return -1;
	return n == 4 ? 0 : WRONG_RESULT;
}

/* The kernel's mappings against a set that repeats a label: one new
 * mapping; the other way round, "bare", which only the kernel maps. */
static int cipso_diff(void)
{
	struct smack_cipso *kernel, *c = NULL, *d = NULL, *back = NULL;
	int cats[] = { 19, 5 }, top[] = { 184, 1 }, ret = -1;
	size_t n;

	if (smack_cipso_new_from_kernel(&kernel) < 0)
		return -1;
	if (smack_cipso_new(&c) == 0 &&
	    smack_cipso_add(c, "Top", 254, cats, 1) == 0 &&
	    smack_cipso_add(c, "lab", 3, cats, 2) == 0 &&
	    smack_cipso_add(c, "New", 1, NULL, 0) == 0 &&
	    smack_cipso_add(c, "Top", 255, top, 2) == 0 &&
	    smack_cipso_diff(kernel, c, &d) == 0 &&
	    smack_cipso_diff(c, kernel, &back) == 0)
		ret = 0;
	n = smack_cipso_count(d) * 10 + smack_cipso_count(back);
	smack_cipso_free(kernel);
	smack_cipso_free(c);
	smack_cipso_free(d);
	smack_cipso_free(back);
	if (ret < 0)
		return -1;
	return n == 11 ? 0 : WRONG_RESULT;
}

static const char netlabel_text[] =
	"192.168.1.0/24 Net\n"
	"10.0.0.1 @\n"
	"::1/128 Local6\n";

static void put_netlabel(void)
{
	static const char netlabel[] = "192.168.1.1/32 @\n10.0.0.0/8 Net\n";
	static const char ipv6host[] =
		"0000:0000:0000:0000:0000:0000:0000:0001/128 L6\n";

	tmp_put("netlabel-in", netlabel_text, strlen(netlabel_text));
	tmp_put("netlabel", netlabel, strlen(netlabel));
	tmp_put("ipv6host", ipv6host, strlen(ipv6host));
}

static int netlabel_parse_and_apply(void)
{
	struct smack_netlabel *h;
	int fd, ret;
	size_t n;

	fd = open_tmp("netlabel-in");
	if (fd < 0)
		return WRONG_RESULT;
	if (smack_netlabel_new(&h) < 0) {
		close(fd);
		return -1;
	}
	ret = smack_netlabel_parse_fd(h, fd, "netlabel-in", ignore_error,
				      NULL);
	close(fd);
	if (ret == 0)
		ret = smack_netlabel_add(h, "172.16.0.0/12", "Added");
	if (ret == 0)
		ret = smack_netlabel_apply(h);
	n = smack_netlabel_count(h);
	smack_netlabel_free(h);
	if (ret < 0)
		return -1;
	return n == 4 ? 0 : WRONG_RESULT;
}

static int netlabel_from_kernel(void)
{
	struct smack_netlabel *h;
	size_t n;

	if (smack_netlabel_new_from_kernel(&h) < 0)
		return -1;
	n = smack_netlabel_count(h);
	smack_netlabel_free(h);
	return n == 3 ? 0 : WRONG_RESULT;
}

/* The kernel's entries against a file's: two new IPv4 entries and a
 * changed IPv6 one to write, one stale. */
static int netlabel_diff(void)
{
	struct smack_netlabel *kernel = NULL, *h = NULL, *d = NULL;
	size_t n, stale = 0;
	int fd, ret = -1;

	fd = open_tmp("netlabel-in");
	if (fd < 0)
		return WRONG_RESULT;
	if (smack_netlabel_new_from_kernel(&kernel) == 0 &&
	    smack_netlabel_new(&h) == 0 &&
	    smack_netlabel_parse_fd(h, fd, "netlabel-in", ignore_error,
				    NULL) == 0 &&
	    smack_netlabel_add(h, "10.9.9.9/8", "Net") == 0 &&
	    smack_netlabel_diff(kernel, h, &d, &stale) == 0)
		ret = 0;
	close(fd);
	n = smack_netlabel_count(d);
	smack_netlabel_free(kernel);
	smack_netlabel_free(h);
	smack_netlabel_free(d);
	if (ret < 0)
		return -1;
	return n == 3 && stale == 1 ? 0 : WRONG_RESULT;
}

/* ------------------------------------------------------------- knobs */


static int knobs_labels(void)
{
	const char *labels[] = { "Admin", "Boot" };
	char **list = NULL, *label = NULL;
	int n, fd, ret = 0;

	n = smack_onlycap_get(&list);
	if (n < 0)
		return -1;
	smack_label_list_free(list);
	if (n != 2)
		return WRONG_RESULT;
	n = smack_relabel_self_get(&list);
	if (n < 0)
		return -1;
	smack_label_list_free(list);
	if (n != 3)
		return WRONG_RESULT;
	if (smack_ambient_get(&label) < 0)
		return -1;
	if (strcmp(label, "Floor") != 0)
		ret = WRONG_RESULT;
	free(label);
	if (smack_set_onlycap(labels, 2) < 0 ||
	    smack_set_relabel_self(labels, 2) < 0)
		return -1;
	fd = open_tmp("onlycap-in");
	if (fd < 0)
		return WRONG_RESULT;
	if (smack_set_onlycap_from_file(fd) < 0)
		ret = -1;
	close(fd);
	return ret;
}

static const struct scenario scenarios[] = {
	SCENARIO(rules_add, NULL),
	SCENARIO(rules_parse_buffer, NULL),
	SCENARIO(rules_parse_fd, put_long_rule_file),
	SCENARIO(rules_parse_path, put_rule_dir),
	SCENARIO(rules_add_from_file, put_long_rule_file),
	SCENARIO(rules_diff, NULL),
	SCENARIO(rules_from_kernel, put_load2),
	SCENARIO(rules_diff_kernel, put_load2),
	SCENARIO(rules_apply, put_load2),
	SCENARIO(rules_save_and_clear, put_load2),
	SCENARIO(cipso_parse_and_apply, put_cipso),
	SCENARIO(cipso_add_from_file, put_cipso),
	SCENARIO(cipso_from_kernel, put_cipso),
	SCENARIO(netlabel_parse_and_apply, put_netlabel),
	SCENARIO(netlabel_from_kernel, put_netlabel),
	SCENARIO(cipso_diff, put_cipso),
	SCENARIO(netlabel_diff, put_netlabel),
	SCENARIO(knobs_labels, put_knobs),
};

Suite *make_suite(void)
{
	return alloc_failure_suite("alloc-failure", scenarios,
				   sizeof(scenarios) / sizeof(scenarios[0]));
}
