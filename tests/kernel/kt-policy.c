// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel tests of the policy tree: smack_load_policy() on a private
 * SYSCONFDIR, and the answers of smack_policy_have_access() checked
 * against the kernel's own (access2) for the same rules.  Run inside UML
 * by cases/lib-policy-kernel.sh.
 */
#include <errno.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "kt-rules-util.h"

/* ---------------------------------------------------------- load_policy */

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/*
 * A private tmpfs for SYSCONFDIR "/smack", in a mount namespace of our
 * own, so that the host's tree (seen through hostfs) is never touched.  It
 * goes over SYSCONFDIR or, when that does not exist, over its nearest
 * existing ancestor other than "/", with the missing part made inside.
 */
static void private_sysconfdir(void)
{
	char dir[] = SYSCONFDIR "/smack", *slash;
	struct stat st;

	ck_assert_int_eq(unshare(CLONE_NEWNS), 0);
	ck_assert_int_eq(mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL), 0);
	do {
		slash = strrchr(dir, '/');
		ck_assert_msg(slash && slash != dir,
			      "no place for a private " SYSCONFDIR);
		*slash = '\0';
	} while (stat(dir, &st) < 0);
	ck_assert_int_eq(mount("tmpfs", dir, "tmpfs", 0, NULL), 0);
	strcpy(dir, SYSCONFDIR "/smack");
	for (slash = dir + 1; (slash = strchr(slash, '/')); slash++) {
		*slash = '\0';
		mkdir(dir, 0755);
		*slash = '/';
	}
	ck_assert_int_eq(mkdir(dir, 0755), 0);
}

static char *cipso_line(const char *label)
{
	char *text = kernel_file("cipso2"), *line, *save = NULL, *found = NULL;
	size_t len = strlen(label);

	for (line = strtok_r(text, "\n", &save); line && !found;
	     line = strtok_r(NULL, "\n", &save))
		if (!strncmp(line, label, len) && line[len] == ' ')
			found = strdup(line);
	free(text);
	return found;
}

START_TEST(load_policy_whole_tree)
{
	char *onlycap, *mapping;

	apply_text("KtL1 KtL2 r\nKtL9 KtL8 rwx\n");
	private_sysconfdir();
	ck_assert_int_eq(mkdir(SYSCONFDIR "/smack/accesses.d", 0755), 0);
	ck_assert_int_eq(mkdir(SYSCONFDIR "/smack/cipso.d", 0755), 0);
	write_file(SYSCONFDIR "/smack/accesses.d/10-first",
		   "# the policy\nKtL1 KtL2 rw\r\nKtL3 KtL4 rwx\n");
	write_file(SYSCONFDIR "/smack/accesses.d/20-second",
		   "; later files win\nKtL3 KtL4 - w\nKtL5 KtL6 a\n");
	write_file(SYSCONFDIR "/smack/accesses.d/20-second~", "bad\n");
	write_file(SYSCONFDIR "/smack/cipso.d/labels", "KtLc 3 1 2\n");
	write_file(SYSCONFDIR "/smack/onlycap", "_\n");
	ck_assert_int_eq(smack_load_policy(), 0);
	ck_assert(has_rule("KtL1", "KtL2", "rw"));
	ck_assert(has_rule("KtL3", "KtL4", "rx"));
	ck_assert(has_rule("KtL5", "KtL6", "a"));
	/* Cleared: it was loaded, and the tree does not have it. */
	ck_assert(!has_pair("KtL9", "KtL8"));
	mapping = cipso_line("KtLc");
	ck_assert_ptr_nonnull(mapping);
	ck_assert_msg(strstr(mapping, "3/1,2") != NULL, "%s", mapping);
	free(mapping);
	onlycap = kernel_file("onlycap");
	ck_assert_str_eq(onlycap, "_ ");
	free(onlycap);
	ck_assert_int_eq(smackfs_write_file("onlycap", "-", 1), 0);
}
END_TEST

START_TEST(load_policy_optional_parts)
{
	char *onlycap;

	apply_text("KtM1 KtM2 r\n");
	private_sysconfdir();
	/* Nothing at all: every loaded rule is cleared. */
	ck_assert_int_eq(smack_load_policy(), 0);
	ck_assert(!has_pair("KtM1", "KtM2"));
	ck_assert_int_eq(mkdir(SYSCONFDIR "/smack/accesses.d", 0755), 0);
	write_file(SYSCONFDIR "/smack/accesses.d/rules", "KtM3 KtM4 rw\n");
	ck_assert_int_eq(smack_load_policy(), 0);
	ck_assert(has_rule("KtM3", "KtM4", "rw"));
	onlycap = kernel_file("onlycap");
	ck_assert_str_eq(onlycap, "");
	free(onlycap);
}
END_TEST


START_TEST(load_policy_bad_file_loads_nothing)
{
	char *before, *after;

	apply_text("KtX1 KtX2 r\n");
	private_sysconfdir();
	ck_assert_int_eq(mkdir(SYSCONFDIR "/smack/accesses.d", 0755), 0);
	write_file(SYSCONFDIR "/smack/accesses.d/1", "KtX3 KtX4 rw\n");
	write_file(SYSCONFDIR "/smack/accesses.d/2", "KtX5 KtX6 rwq\n");
	before = kernel_file("load2");
	errno = 0;
	ck_assert_int_eq(smack_load_policy(), -1);
	ck_assert_int_eq(errno, EINVAL);
	after = kernel_file("load2");
	ck_assert_str_eq(after, before);
	free(before);
	free(after);
}
END_TEST

/* A comment line of onlycap is a comment, as smackctl and smack-knobs(5)
 * have it (libsmack 1.3 took its words for labels). */
START_TEST(load_policy_onlycap_comment_lines)
{
	char *onlycap;

	private_sysconfdir();
	write_file(SYSCONFDIR "/smack/onlycap",
		   "# who may administer\n_\n  ; and @ too\n@ \n");
	ck_assert_int_eq(smack_load_policy(), 0);
	onlycap = kernel_file("onlycap");
	/* The kernel lists them in an order of its own. */
	ck_assert_msg(strcmp(onlycap, "_ @ ") == 0 ||
		      strcmp(onlycap, "@ _ ") == 0, "onlycap is %s", onlycap);
	free(onlycap);
	ck_assert_int_eq(smackfs_write_file("onlycap", "-", 1), 0);
}
END_TEST

/* The write hook: refuses (EPERM) every write to cipso2. */
static ssize_t refuse_cipso(int fd, const void *buf, size_t len)
{
	char link[64], path[256];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, path, sizeof(path) - 1);
	path[n < 0 ? 0 : n] = '\0';
	if (n > 7 && strcmp(path + n - 7, "/cipso2") == 0) {
		errno = EPERM;
		return -1;
	}
	return write(fd, buf, len);
}

/*
 * Written through the policy's plan: a refused write (the mapping, after
 * the rules) is taken back, so that the rules are those from before and
 * onlycap, which comes last, is not set; and only the parts the page
 * names are read: the ambient file and netlabel.d of the tree are left
 * alone, as they always were.
 */
START_TEST(load_policy_refusal_is_taken_back)
{
	char *ambient, *netlabel, *after;

	apply_text("KtR1 KtR2 r\nKtR3 KtR4 w\n");
	ambient = kernel_file("ambient");
	netlabel = kernel_file("netlabel");
	private_sysconfdir();
	ck_assert_int_eq(mkdir(SYSCONFDIR "/smack/accesses.d", 0755), 0);
	ck_assert_int_eq(mkdir(SYSCONFDIR "/smack/cipso.d", 0755), 0);
	ck_assert_int_eq(mkdir(SYSCONFDIR "/smack/netlabel.d", 0755), 0);
	write_file(SYSCONFDIR "/smack/accesses.d/rules", "KtR1 KtR2 rwx\n");
	write_file(SYSCONFDIR "/smack/cipso.d/map", "KtR1 3 7\n");
	write_file(SYSCONFDIR "/smack/netlabel.d/hosts",
		   "192.0.2.0/24 KtRNet\n");
	write_file(SYSCONFDIR "/smack/ambient", "KtRAmbient\n");
	write_file(SYSCONFDIR "/smack/onlycap", "_\n");
	smackfs_set_write_hook(refuse_cipso);
	errno = 0;
	ck_assert_int_eq(smack_load_policy(), -1);
	ck_assert_int_eq(errno, EPERM);
	smackfs_set_write_hook(NULL);
	ck_assert(has_rule("KtR1", "KtR2", "r"));
	ck_assert(has_rule("KtR3", "KtR4", "w"));
	after = kernel_file("onlycap");
	ck_assert_str_eq(after, "");
	free(after);
	/* Without the refusal: the tree's rules, the rest left alone. */
	ck_assert_int_eq(smack_load_policy(), 0);
	ck_assert(has_rule("KtR1", "KtR2", "rwx"));
	ck_assert(!has_pair("KtR3", "KtR4"));
	after = kernel_file("ambient");
	ck_assert_str_eq(after, ambient);
	free(after);
	after = kernel_file("netlabel");
	ck_assert_str_eq(after, netlabel);
	free(after);
	free(ambient);
	free(netlabel);
	ck_assert_int_eq(smackfs_write_file("onlycap", "-", 1), 0);
}
END_TEST

/* ------------------------------------------------- the policy's answers */

/* The last rule makes KtQ4 a label the kernel knows: it answers 0 for a
 * label it has never seen, which no process carries then. */
static const char policy_rules[] =
	"KtQ1 KtQ2 rw\nKtQ1 KtQ2 - w\nKtQ1 KtQ3 w\nKtQ3 KtQ1 -\n"
	"KtQ2 _ w\n^ KtQ2 a\nKtQ4 KtQ9 -\n";

static const char *const labels[] = { "KtQ1", "KtQ2", "KtQ3", "KtQ4", "_",
				      "^", "*", "@" };
static const char *const requests[] = { "-", "r", "w", "x", "a", "l", "rx",
					"rl", "rwxatl", "t" };

/* Every pair of labels and every request, asked of both. */
START_TEST(policy_have_access_agrees_with_the_kernel)
{
	struct smack_policy *policy;
	char path[] = "/tmp/kt-policy.XXXXXX";
	size_t s, o, a;
	int fd = mkstemp(path), want;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, policy_rules, strlen(policy_rules)),
			 (ssize_t)strlen(policy_rules));
	close(fd);
	apply_text(policy_rules);
	ck_assert_int_eq(smack_policy_new(&policy), 0);
	ck_assert_int_eq(smack_policy_add_path(policy, SMACK_POLICY_RULE,
					       path, 0), 0);
	unlink(path);
	for (s = 0; s < sizeof(labels) / sizeof(labels[0]); s++)
		for (o = 0; o < sizeof(labels) / sizeof(labels[0]); o++)
			for (a = 0; a < sizeof(requests) / sizeof(requests[0]);
			     a++) {
				want = raw_access2(labels[s], labels[o],
						   requests[a]);
				ck_assert_msg(smack_policy_have_access(policy,
					labels[s], labels[o], requests[a],
					NULL, NULL) == want,
					"%s %s %s: the kernel says %d",
					labels[s], labels[o], requests[a],
					want);
			}
	smack_policy_free(policy);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("kernel-policy");
	TCase *load = tcase_create("load_policy");
	TCase *query = tcase_create("query");

	tcase_add_test(load, load_policy_whole_tree);
	tcase_add_test(load, load_policy_optional_parts);
	tcase_add_test(load, load_policy_bad_file_loads_nothing);
	tcase_add_test(load, load_policy_onlycap_comment_lines);
	tcase_add_test(load, load_policy_refusal_is_taken_back);
	tcase_add_test(query, policy_have_access_agrees_with_the_kernel);
	suite_add_tcase(s, load);
	suite_add_tcase(s, query);
	return s;
}
