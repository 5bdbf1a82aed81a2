// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A program written for libsmack 1.3: it calls the functions of the
 * LIBSMACK_1.0 .. 1.3 nodes and nothing newer (compat13.sh checks its
 * imports), and checks what the 1.3 library documented and what its
 * clients rely on: the return values, the strings it returns, the rule
 * files it reads and the meaning of "" as an access string.
 *
 *   compat13 host DIR     what needs no Smack: labels, rule and CIPSO sets
 *                         built, saved and read back, and (on a machine
 *                         without Smack) the kernel's functions failing
 *   compat13 kernel DIR   the kernel's functions against a Smack kernel
 *                         (tests/kernel/cases/compat-13.sh)
 *
 * DIR is a scratch directory.  Prints "ok - WHAT" or "not ok - WHAT" for
 * each check, without numbers or a plan (the callers count them), and
 * exits 1 when one failed.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sys/smack.h>

#define SMACK64 "security.SMACK64"
#define SMACK64EXEC "security.SMACK64EXEC"

static const char *dir;
static int failures;

static void check(bool passed, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void check(bool passed, const char *fmt, ...)
{
	va_list ap;

	printf(passed ? "ok - " : "not ok - ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!passed)
		failures++;
}

/* A file of DIR: created empty when text is NULL, else holding text;
 * returns a descriptor open for reading and writing, at offset 0. */
static int scratch(const char *name, const char *text)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		perror(path);
		exit(99);
	}
	if (text && write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		exit(99);
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/* The whole of a file from offset 0, NUL-terminated, in a static buffer. */
static const char *contents(int fd)
{
	static char buf[65536];
	ssize_t n;

	n = pread(fd, buf, sizeof(buf) - 1, 0);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

/* What smack_accesses_save() writes for a set, as a string. */
static const char *saved(struct smack_accesses *h, const char *name)
{
	int fd = scratch(name, NULL);
	int ret = smack_accesses_save(h, fd);
	const char *text = contents(fd);

	close(fd);
	return ret == 0 ? text : "(smack_accesses_save failed)";
}

/* A new rule set (rules) or CIPSO set (cipso) read from text with its
 * add_from_file() function, whose result is returned. */
static int read_set(const char *text, struct smack_accesses **rules,
		    struct smack_cipso **cipso)
{
	int fd = scratch("input", text), ret = -1;

	if (rules && smack_accesses_new(rules) == 0)
		ret = smack_accesses_add_from_file(*rules, fd);
	if (cipso && smack_cipso_new(cipso) == 0)
		ret = smack_cipso_add_from_file(*cipso, fd);
	close(fd);
	return ret;
}

static int read_rules(const char *text, struct smack_accesses **h)
{
	return read_set(text, h, NULL);
}

static int read_cipso(const char *text, struct smack_cipso **c)
{
	return read_set(text, NULL, c);
}

/* ---------------------------------------------------------------- host */

static void labels(void)
{
	static const char *const bad[][2] = {
		{ "", "an empty label" }, { "-a", "a leading '-'" },
		{ "a b", "a space" }, { "a/b", "'/'" }, { "a\"b", "'\"'" },
		{ "a\\b", "'\\'" }, { "a'b", "\"'\"" }, { "a\tb", "a tab" },
		{ "a\177", "DEL" },
	};
	static const char *const builtin[] = { "_", "^", "*", "@" };
	char label[257];
	size_t i;

	check(smack_label_length("Label") == 5, "smack_label_length: 5");
	memset(label, 'L', 256);
	label[255] = '\0';
	check(smack_label_length(label) == 255,
	      "smack_label_length: 255 characters");
	label[255] = 'L';
	label[256] = '\0';
	check(smack_label_length(label) < 0,
	      "smack_label_length: 256 characters are too many");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		check(smack_label_length(bad[i][0]) < 0,
		      "smack_label_length refuses %s", bad[i][1]);
	for (i = 0; i < sizeof(builtin) / sizeof(builtin[0]); i++)
		check(smack_label_length(builtin[i]) == 1,
		      "smack_label_length: \"%s\" is a label", builtin[i]);
}

static void build_set(struct smack_accesses *h)
{
	check(smack_accesses_add(h, "CmA", "CmB", "rx") == 0,
	      "smack_accesses_add: 0");
	check(smack_accesses_add(h, "CmA", "CmC", "") == 0,
	      "smack_accesses_add with \"\" (no access): 0");
	check(smack_accesses_add_modify(h, "CmA", "CmD", "rx", "") == 0,
	      "smack_accesses_add_modify(\"rx\", \"\"): 0");
	check(smack_accesses_add_modify(h, "CmA", "CmE", "", "w") == 0,
	      "smack_accesses_add_modify(\"\", \"w\"): 0");
	check(smack_accesses_add(h, "CmA", "CmF", "RWXATL") == 0,
	      "smack_accesses_add: upper case");
	check(smack_accesses_add(h, "CmA", "CmG", "-") == 0,
	      "smack_accesses_add: \"-\"");
	check(smack_accesses_add(h, "CmA", "CmB", "rwq") < 0,
	      "smack_accesses_add refuses an unknown letter");
	check(smack_accesses_add(h, "a/b", "CmB", "r") < 0,
	      "smack_accesses_add refuses a bad label");
	check(smack_accesses_add_modify(h, "CmA", "CmB", "r", "q") < 0,
	      "smack_accesses_add_modify refuses an unknown letter");
}

/* The save format is documented in smack_accesses_save(3): one rule a
 * line, as added; not the merged six-column form of libsmack 1.3, whose
 * files are read too. */
static void save_and_read_back(void)
{
	static const char expected[] = "CmA CmB rx\nCmA CmC -\nCmA CmD rx -\n"
				       "CmA CmE - w\nCmA CmF rwxatl\n"
				       "CmA CmG -\n";
	struct smack_accesses *h = NULL, *again;
	char first[sizeof(expected) + 64];

	check(smack_accesses_new(&h) == 0 && h, "smack_accesses_new: 0");
	build_set(h);
	snprintf(first, sizeof(first), "%s", saved(h, "saved"));
	check(strcmp(first, expected) == 0,
	      "smack_accesses_save: the documented bytes");
	check(read_rules(first, &again) == 0,
	      "smack_accesses_add_from_file reads what was saved");
	check(strcmp(saved(again, "again"), first) == 0,
	      "... and saves it again byte for byte");
	smack_accesses_free(again);
	smack_accesses_free(h);
	smack_accesses_free(NULL);
}

/* libsmack 1.3 took a NULL deny for a plain rule, and clients pass the
 * deny of smack_accesses_foreach() (NULL for a plain rule) through. */
static void null_deny(void)
{
	struct smack_accesses *h = NULL;

	check(smack_accesses_new(&h) == 0 &&
	      smack_accesses_add_modify(h, "CmA", "CmB", "rx", NULL) == 0 &&
	      strcmp(saved(h, "saved"), "CmA CmB rx\n") == 0,
	      "smack_accesses_add_modify with a NULL deny adds a plain rule");
	smack_accesses_free(h);
}

static void old_rule_files(void)
{
	struct smack_accesses *h;

	check(read_rules("CmA CmB r-x---\n\nCmA CmD r-x--- ------\n"
			 "CmA CmE ------ -w----\n", &h) == 0,
	      "smack_accesses_add_from_file reads libsmack 1.3's saved form");
	check(strcmp(saved(h, "saved"),
		     "CmA CmB rx\nCmA CmD rx -\nCmA CmE - w\n") == 0,
	      "... with the same meaning");
	smack_accesses_free(h);
}

/* Files the 1.3 functions fail on, and why. */
static const char *const bad_files[][3] = {
	{ "rules", "CmA CmB\n", "two fields" },
	{ "rules", "CmA CmB r w x\n", "five fields" },
	{ "rules", "CmA CmB rq\n", "an unknown letter" },
	{ "cipso", "CmCip 256 1\n", "a level over 255" },
	{ "cipso", "CmCip 3 185\n", "a category over 184" },
};

static void bad_input_files(void)
{
	struct smack_accesses *h;
	struct smack_cipso *c;
	size_t i;
	bool rules;

	for (i = 0; i < sizeof(bad_files) / sizeof(bad_files[0]); i++) {
		rules = strcmp(bad_files[i][0], "rules") == 0;
		check(read_set(bad_files[i][1], rules ? &h : NULL,
			       rules ? NULL : &c) < 0,
		      "smack_%s_add_from_file fails on %s",
		      rules ? "accesses" : "cipso", bad_files[i][2]);
		if (rules)
			smack_accesses_free(h);
		else
			smack_cipso_free(c);
	}
}

static void cipso_sets(void)
{
	struct smack_cipso *c = NULL;

	check(smack_cipso_new(&c) == 0 && c, "smack_cipso_new: 0");
	smack_cipso_free(c);
	smack_cipso_free(NULL);
	check(read_cipso("CmCip 3 1 2\n", &c) == 0,
	      "smack_cipso_add_from_file: 0");
	smack_cipso_free(c);
}

/* Every function that needs the kernel fails when Smack is not there. */
static void without_smack(void)
{
	const char *labels[] = { "_" };
	struct smack_accesses *h;
	struct smack_cipso *c;
	int fd = scratch("onlycap", "_\n");

	check(smack_smackfs_path() == NULL, "smack_smackfs_path: NULL");
	check(read_rules("CmA CmB r\n", &h) == 0 &&
	      smack_accesses_apply(h) < 0 && smack_accesses_clear(h) < 0,
	      "smack_accesses_apply and _clear fail");
	smack_accesses_free(h);
	check(read_cipso("CmCip 3 1\n", &c) == 0 && smack_cipso_apply(c) < 0,
	      "smack_cipso_apply fails");
	smack_cipso_free(c);
	check(smack_have_access("CmA", "CmB", "r") < 0,
	      "smack_have_access fails");
	check(smack_revoke_subject("CmA") < 0, "smack_revoke_subject fails");
	check(smack_load_policy() < 0, "smack_load_policy fails");
	check(smack_set_relabel_self(labels, 1) < 0,
	      "smack_set_relabel_self fails");
	check(smack_set_onlycap(labels, 1) < 0 &&
	      smack_set_onlycap_from_file(fd) < 0, "smack_set_onlycap fails");
	close(fd);
}

static void host(void)
{
	labels();
	save_and_read_back();
	null_deny();
	old_rule_files();
	cipso_sets();
	bad_input_files();
	if (smack_smackfs_path())
		printf("ok - without Smack # SKIP Smack is active here\n");
	else
		without_smack();
}

/* -------------------------------------------------------------- kernel */

/* A file of smackfs read directly, not through the library. */
static const char *smackfs_file(const char *name)
{
	char path[256];
	const char *text;
	int fd;

	snprintf(path, sizeof(path), "/sys/fs/smackfs/%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return "";
	text = contents(fd);
	close(fd);
	return text;
}

static bool has_line(const char *text, const char *line)
{
	size_t len = strlen(line);
	const char *end;

	for (;;) {
		if (strncmp(text, line, len) == 0 &&
		    (text[len] == '\n' || text[len] == '\0'))
			return true;
		end = strchr(text, '\n');
		if (!end)
			return false;
		text = end + 1;
	}
}

/* The labels of a smackfs list file run together, as "CmR1CmR2". */
static const char *list_file(const char *name)
{
	static char joined[4096];
	const char *p = smackfs_file(name);
	size_t n = 0;

	for (; *p && n < sizeof(joined) - 1; p++)
		if (*p != ' ' && *p != '\n')
			joined[n++] = *p;
	joined[n] = '\0';
	return joined;
}

static void apply_in_order(void)
{
	struct smack_accesses *h;

	check(read_rules("CmA CmB rx\nCmA CmC rwx\nCmA CmC r\nCmA CmD w\n",
			 &h) == 0 && smack_accesses_apply(h) == 0,
	      "smack_accesses_apply: 0");
	check(smack_have_access("CmA", "CmB", "rx") == 1,
	      "smack_have_access: 1 for an access granted");
	check(smack_have_access("CmA", "CmB", "w") == 0,
	      "smack_have_access: 0 for one denied");
	check(smack_have_access("CmA", "CmC", "w") == 0 &&
	      smack_have_access("CmA", "CmC", "r") == 1,
	      "rules are applied in the order added");
	check(smack_have_access("CmA", "CmB", "") == 1,
	      "smack_have_access: \"\" is granted to a pair with a rule");
	check(smack_have_access("CmB", "CmA", "") == 0,
	      "smack_have_access: \"\" is denied to a pair without one");
	check(smack_have_access("CmA", "CmB", "rq") < 0 &&
	      smack_have_access("a/b", "CmB", "r") < 0,
	      "smack_have_access fails on bad input");
	check(smack_accesses_clear(h) == 0 &&
	      smack_have_access("CmA", "CmC", "r") == 0 &&
	      !strstr(smackfs_file("load2"), "CmA "),
	      "smack_accesses_clear: 0, and the rules are gone");
	check(smack_accesses_apply(h) == 0 &&
	      smack_revoke_subject("CmA") == 0 &&
	      smack_have_access("CmA", "CmB", "r") == 0,
	      "smack_revoke_subject: 0, and the subject has nothing");
	smack_accesses_free(h);
}

/* Tizen's privilege-control: add_modify(h, app, label, "rx", ""). */
static void empty_access(void)
{
	struct smack_accesses *h;

	check(read_rules("CmA CmB rx\nCmA CmD w\n", &h) == 0 &&
	      smack_accesses_apply(h) == 0, "rules to change");
	smack_accesses_free(h);
	check(smack_accesses_new(&h) == 0 &&
	      smack_accesses_add(h, "CmA", "CmB", "") == 0 &&
	      smack_accesses_add_modify(h, "CmA", "CmD", "rx", "") == 0 &&
	      smack_accesses_apply(h) == 0, "\"\" rules applied: 0");
	check(smack_have_access("CmA", "CmB", "r") == 0 &&
	      !strstr(smackfs_file("load2"), "CmA CmB "),
	      "smack_accesses_add with \"\" leaves the pair no access");
	check(has_line(smackfs_file("load2"), "CmA CmD rwx"),
	      "smack_accesses_add_modify(\"rx\", \"\") adds rx, takes nothing");
	smack_accesses_free(h);
}

static void cipso_apply(void)
{
	struct smack_cipso *c;
	const char *line;
	int level = -1;
	char cats[64] = "";

	check(read_cipso("CmCip 3 1 2\n", &c) == 0 &&
	      smack_cipso_apply(c) == 0, "smack_cipso_apply: 0");
	smack_cipso_free(c);
	line = strstr(smackfs_file("cipso2"), "CmCip ");
	if (line)
		sscanf(line, "CmCip %d/%63[0-9,]", &level, cats);
	check(level == 3 && strcmp(cats, "1,2") == 0,
	      "... and the kernel has the mapping");
}

/* *label is read here, after the call that set it has returned. */
static void expect_label(ssize_t ret, char **label, const char *want,
			 const char *what)
{
	check(ret == (ssize_t)strlen(want) && *label &&
	      strcmp(*label, want) == 0, "%s: %zd, \"%s\"", what, ret,
	      *label ? *label : "(none)");
	free(*label);
	*label = NULL;
}

static void file_labels(void)
{
	char path[4096], link[4096], *label = NULL;
	int fd = scratch("file", NULL);

	snprintf(path, sizeof(path), "%s/file", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	check(smack_set_label_for_path(path, SMACK64, 0, "CmFile") == 0,
	      "smack_set_label_for_path: 0");
	expect_label(smack_new_label_from_path(path, SMACK64, 0, &label),
		     &label, "CmFile", "smack_new_label_from_path");
	check(symlink(path, link) == 0 &&
	      smack_set_label_for_path(link, SMACK64, 1, "CmViaLink") == 0,
	      "smack_set_label_for_path through a link it follows: 0");
	expect_label(smack_new_label_from_path(link, SMACK64, 1, &label),
		     &label, "CmViaLink", "... the file has it");
	check(smack_set_label_for_path(path, SMACK64, 0, "a/b") < 0,
	      "smack_set_label_for_path refuses a bad label");
	check(smack_set_label_for_file(fd, SMACK64, "CmFd") == 0,
	      "smack_set_label_for_file: 0");
	expect_label(smack_new_label_from_file(fd, SMACK64, &label), &label,
		     "CmFd", "smack_new_label_from_file");
	check(smack_set_label_for_path(path, SMACK64EXEC, 0, "CmExec") == 0 &&
	      smack_remove_label_for_path(path, SMACK64EXEC, 0) == 0 &&
	      smack_new_label_from_path(path, SMACK64EXEC, 0, &label) < 0,
	      "smack_remove_label_for_path: 0, and the label is gone");
	check(smack_set_label_for_file(fd, SMACK64EXEC, "CmExec") == 0 &&
	      smack_remove_label_for_file(fd, SMACK64EXEC) == 0 &&
	      smack_new_label_from_file(fd, SMACK64EXEC, &label) < 0,
	      "smack_remove_label_for_file: 0, and the label is gone");
	close(fd);
}

static void process_labels(void)
{
	char *label = NULL;
	int sv[2];

	expect_label(smack_new_label_from_self(&label), &label, "_",
		     "smack_new_label_from_self");
	expect_label(smack_new_label_from_process(getpid(), &label), &label,
		     "_", "smack_new_label_from_process");
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		exit(99);
	expect_label(smack_new_label_from_socket(sv[0], &label), &label, "_",
		     "smack_new_label_from_socket");
	close(sv[0]);
	close(sv[1]);
}

/* Changes this process's label: done in a child. */
static void set_label_for_self(void)
{
	char *label = NULL;
	pid_t pid;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		failures = 0;
		check(smack_set_label_for_self("a/b") < 0,
		      "smack_set_label_for_self refuses a bad label");
		check(smack_set_label_for_self("CmSelf") == 0,
		      "smack_set_label_for_self: 0");
		expect_label(smack_new_label_from_self(&label), &label,
			     "CmSelf", "... and the process has it");
		fflush(stdout);
		_exit(failures ? 1 : 0);
	}
	check(pid > 0 && waitpid(pid, &status, 0) == pid &&
	      WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "the child that relabeled itself passed");
}

static void capability_lists(void)
{
	const char *relabel[] = { "CmR1", "CmR2" }, *only[] = { "_" };
	int fd = scratch("onlycap", "_\n");

	/* The kernel lists them in the reverse order. */
	check(smack_set_relabel_self(relabel, 2) == 0 &&
	      strcmp(list_file("relabel-self"), "CmR2CmR1") == 0,
	      "smack_set_relabel_self: 0, and the kernel has the list");
	check(smack_set_onlycap(only, 1) == 0 &&
	      strcmp(list_file("onlycap"), "_") == 0,
	      "smack_set_onlycap: 0, and the kernel has the list");
	check(smack_set_onlycap(NULL, 0) == 0 &&
	      strcmp(list_file("onlycap"), "") == 0,
	      "smack_set_onlycap(NULL, 0): 0, and the list is empty");
	check(smack_set_onlycap_from_file(fd) == 0 &&
	      strcmp(list_file("onlycap"), "_") == 0,
	      "smack_set_onlycap_from_file: 0, and the kernel has the list");
	close(fd);
	/* 1.3 returned 0 here, against its documentation. */
	fd = scratch("onlycap", "_\na/b\n");
	check(smack_set_onlycap_from_file(fd) < 0 &&
	      strcmp(list_file("onlycap"), "_") == 0,
	      "smack_set_onlycap_from_file fails on a bad label, list kept");
	/* 1.3 documented NULL labels as the empty list. */
	check(smack_set_onlycap(only, 1) == 0 &&
	      smack_set_onlycap(NULL, 1) == 0 &&
	      strcmp(list_file("onlycap"), "") == 0,
	      "smack_set_onlycap(NULL, 1): 0, and the list is empty");
	check(smack_set_onlycap(NULL, 0) == 0, "onlycap emptied again");
	close(fd);
}

static void kernel(void)
{
	const char *path = smack_smackfs_path();

	check(path && strcmp(path, "/sys/fs/smackfs/") == 0,
	      "smack_smackfs_path: \"/sys/fs/smackfs/\" (\"%s\")",
	      path ? path : "(null)");
	apply_in_order();
	empty_access();
	cipso_apply();
	file_labels();
	process_labels();
	capability_lists();
	set_label_for_self();
}

int main(int argc, char **argv)
{
	if (argc != 3 ||
	    (strcmp(argv[1], "host") != 0 && strcmp(argv[1], "kernel") != 0)) {
		fprintf(stderr, "usage: compat13 host|kernel DIR\n");
		return 2;
	}
	dir = argv[2];
	if (strcmp(argv[1], "host") == 0)
		host();
	else
		kernel();
	return failures ? 1 : 0;
}
