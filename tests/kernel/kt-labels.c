// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File, process and socket labels against a real Smack kernel, run inside
 * UML by cases/lib-labels-files.sh (tcase "files") and
 * cases/lib-labels-process.sh (tcase "process").  The working directory
 * is the case's fresh tmpfs.  Check runs each test in a process of its
 * own, so a test may change its own label and capabilities.
 */
#include <pthread.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/xattr.h>

#include "check-main.h"
#include "kt-labels-util.h"

static char label255[SMACK_LABEL_LEN + 1];
static char label256[SMACK_LABEL_LEN + 2];

static void setup(void)
{
	memset(label255, 'K', SMACK_LABEL_LEN);
	label255[SMACK_LABEL_LEN] = '\0';
	memset(label256, 'K', SMACK_LABEL_LEN + 1);
	label256[SMACK_LABEL_LEN + 1] = '\0';
}

/* A fresh file, or one whose label the tests left behind. */
static const char *new_file(const char *name)
{
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	ck_assert_int_ge(fd, 0);
	close(fd);
	return name;
}

/* An attribute as the kernel reports it, not through the library; "" when
 * there is none.  Overwritten by the next call. */
static const char *raw(const char *path, const char *xattr)
{
	static char buf[SMACK_LABEL_LEN + 2];
	ssize_t n = lgetxattr(path, xattr, buf, sizeof(buf) - 1);

	buf[n < 0 ? 0 : n] = '\0';
	return buf;
}

static char *path_label(const char *path, const char *xattr, int follow)
{
	char *label = NULL;
	ssize_t n = smack_new_label_from_path(path, xattr, follow, &label);

	if (n < 0)
		return NULL;
	ck_assert_int_eq(n, (ssize_t)strlen(label));
	return label;
}

/* ------------------------------------------------------------- files */

START_TEST(path_label_follows_or_not)
{
	new_file("target");
	ck_assert_int_eq(symlink("target", "link"), 0);
	/* Follow: the target is labeled, the link keeps its own label. */
	ck_assert_int_eq(smack_set_label_for_path("link", XATTR_NAME_SMACK, 1,
						  "KtTarget"), 0);
	ck_assert_str_eq(raw("target", XATTR_NAME_SMACK), "KtTarget");
	ck_assert_str_eq(raw("link", XATTR_NAME_SMACK), "_");
	ck_assert(label_is(path_label("link", XATTR_NAME_SMACK, 1),
			   "KtTarget"));
	ck_assert(label_is(path_label("link", XATTR_NAME_SMACK, 0), "_"));
	/* No follow: the link itself. */
	ck_assert_int_eq(smack_set_label_for_path("link", XATTR_NAME_SMACK, 0,
						  "KtLink"), 0);
	ck_assert_str_eq(raw("link", XATTR_NAME_SMACK), "KtLink");
	ck_assert_str_eq(raw("target", XATTR_NAME_SMACK), "KtTarget");
	ck_assert(label_is(path_label("link", XATTR_NAME_SMACK, 0),
			   "KtLink"));
	ck_assert(label_is(path_label("link", XATTR_NAME_SMACK, 1),
			   "KtTarget"));
	/* Removing through the link removes the target's label, which falls
	 * back to the file system's default. */
	ck_assert_int_eq(smack_remove_label_for_path("link", XATTR_NAME_SMACK,
						     1), 0);
	ck_assert_str_eq(raw("target", XATTR_NAME_SMACK), "_");
	ck_assert_str_eq(raw("link", XATTR_NAME_SMACK), "KtLink");
	ck_assert_int_eq(smack_remove_label_for_path("link", XATTR_NAME_SMACK,
						     0), 0);
	ck_assert_str_eq(raw("link", XATTR_NAME_SMACK), "_");
}
END_TEST

START_TEST(fd_label_round_trip)
{
	int fd = open(new_file("fdfile"), O_RDONLY);
	char *label;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(smack_new_label_from_file(fd, XATTR_NAME_SMACK,
						   &label), 1);
	ck_assert(label_is(label, "_"));
	ck_assert_int_eq(smack_set_label_for_file(fd, XATTR_NAME_SMACK,
						  "KtFd"), 0);
	ck_assert_str_eq(raw("fdfile", XATTR_NAME_SMACK), "KtFd");
	ck_assert_int_eq(smack_new_label_from_file(fd, XATTR_NAME_SMACK,
						   &label), 4);
	ck_assert(label_is(label, "KtFd"));
	ck_assert_int_eq(smack_remove_label_for_file(fd, XATTR_NAME_SMACK),
			 0);
	ck_assert_str_eq(raw("fdfile", XATTR_NAME_SMACK), "_");
	close(fd);
}
END_TEST

START_TEST(longest_label_on_a_file)
{
	const char *f = new_file("longfile");

	ck_assert_int_eq(smack_set_label_for_path(f, XATTR_NAME_SMACK, 1,
						  label255), 0);
	ck_assert_str_eq(raw(f, XATTR_NAME_SMACK), label255);
	ck_assert(label_is(path_label(f, XATTR_NAME_SMACK, 1), label255));
	ck_assert_fails(smack_set_label_for_path(f, XATTR_NAME_SMACK, 1,
						 label256), EINVAL);
	ck_assert_str_eq(raw(f, XATTR_NAME_SMACK), label255);
}
END_TEST

START_TEST(bad_labels_never_reach_the_kernel)
{
	const char *f = new_file("badfile");

	ck_assert_int_eq(smack_set_label_for_path(f, XATTR_NAME_SMACK, 1,
						  "KtKept"), 0);
	/* The kernel would store "Kt" for each of these. */
	ck_assert_fails(smack_set_label_for_path(f, XATTR_NAME_SMACK, 1,
						 "Kt/Bad"), EINVAL);
	ck_assert_fails(smack_set_label_for_path(f, XATTR_NAME_SMACK, 1,
						 "Kt Bad"), EINVAL);
	ck_assert_fails(smack_set_label_for_path(f, XATTR_NAME_SMACK, 1,
						 "Kt\n"), EINVAL);
	ck_assert_str_eq(raw(f, XATTR_NAME_SMACK), "KtKept");
}
END_TEST

START_TEST(exec_and_mmap_labels)
{
	const char *f = new_file("execfile");

	ck_assert_int_eq(smack_set_label_for_path(f, XATTR_NAME_SMACKEXEC, 1,
						  "KtExec"), 0);
	ck_assert_int_eq(smack_set_label_for_path(f, XATTR_NAME_SMACKMMAP, 1,
						  "KtMmap"), 0);
	ck_assert(label_is(path_label(f, XATTR_NAME_SMACKEXEC, 1), "KtExec"));
	ck_assert(label_is(path_label(f, XATTR_NAME_SMACKMMAP, 0), "KtMmap"));
	/* The kernel refuses these too (EINVAL); they must not get there. */
	ck_assert_fails(smack_set_label_for_path(f, XATTR_NAME_SMACKEXEC, 1,
						 "*"), EINVAL);
	ck_assert_fails(smack_set_label_for_path(f, XATTR_NAME_SMACKMMAP, 1,
						 "@"), EINVAL);
	ck_assert_str_eq(raw(f, XATTR_NAME_SMACKEXEC), "KtExec");
	ck_assert_str_eq(raw(f, XATTR_NAME_SMACKMMAP), "KtMmap");
	ck_assert_int_eq(smack_remove_label_for_path(f, XATTR_NAME_SMACKEXEC,
						     1), 0);
	ck_assert_str_eq(raw(f, XATTR_NAME_SMACKEXEC), "");
	ck_assert_fails(smack_new_label_from_path(f, XATTR_NAME_SMACKEXEC, 1,
						  &(char *){ NULL }), ENODATA);
	/* "*" is a fine label for SMACK64 itself. */
	ck_assert_int_eq(smack_set_label_for_path(f, XATTR_NAME_SMACK, 1,
						  "*"), 0);
	ck_assert_str_eq(raw(f, XATTR_NAME_SMACK), "*");
}
END_TEST

START_TEST(transmute_on_directories_only)
{
	char *label;

	ck_assert_int_eq(mkdir("tdir", 0755), 0);
	ck_assert_int_eq(smack_set_label_for_path("tdir",
			 XATTR_NAME_SMACKTRANSMUTE, 0, "TRUE"), 0);
	ck_assert_int_eq(smack_new_label_from_path("tdir",
			 XATTR_NAME_SMACKTRANSMUTE, 0, &label), 4);
	ck_assert(label_is(label, "TRUE"));
	ck_assert_fails(smack_set_label_for_path("tdir",
			XATTR_NAME_SMACKTRANSMUTE, 0, "true"), EINVAL);
	/* The kernel's own refusal, passed on. */
	ck_assert_fails(smack_set_label_for_path(new_file("tfile"),
			XATTR_NAME_SMACKTRANSMUTE, 0, "TRUE"), EINVAL);
	ck_assert_int_eq(smack_remove_label_for_path("tdir",
			 XATTR_NAME_SMACKTRANSMUTE, 0), 0);
	ck_assert_str_eq(raw("tdir", XATTR_NAME_SMACKTRANSMUTE), "");
}
END_TEST

START_TEST(socket_ip_labels_by_fd)
{
	int fd = socket(AF_INET, SOCK_DGRAM, 0);
	char *label;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(smack_set_label_for_file(fd, XATTR_NAME_SMACKIPIN,
						  "KtIn"), 0);
	ck_assert_int_eq(smack_set_label_for_file(fd, XATTR_NAME_SMACKIPOUT,
						  "KtOut"), 0);
	ck_assert_int_eq(smack_new_label_from_file(fd, XATTR_NAME_SMACKIPIN,
						   &label), 4);
	ck_assert(label_is(label, "KtIn"));
	ck_assert_int_eq(smack_new_label_from_file(fd, XATTR_NAME_SMACKIPOUT,
						   &label), 5);
	ck_assert(label_is(label, "KtOut"));
	close(fd);
}
END_TEST

static int set_label_unprivileged(void *path)
{
	if (drop_mac_caps() < 0)
		return 1;
	if (smack_set_label_for_path(path, XATTR_NAME_SMACK, 1, "KtNo") == 0)
		return 2;
	if (errno != EPERM)
		return 3;
	if (smack_remove_label_for_path(path, XATTR_NAME_SMACK, 1) == 0)
		return 4;
	return errno == EPERM ? 0 : 5;
}

START_TEST(labeling_needs_cap_mac_admin)
{
	const char *f = new_file("privfile");

	ck_assert_int_eq(smack_set_label_for_path(f, XATTR_NAME_SMACK, 1,
						  "KtPriv"), 0);
	ck_assert_int_eq(in_child(set_label_unprivileged, (void *)f), 0);
	ck_assert_str_eq(raw(f, XATTR_NAME_SMACK), "KtPriv");
}
END_TEST

/* ----------------------------------------------------------- process */

START_TEST(self_label_set_and_read)
{
	char *label;

	ck_assert_int_eq(smack_new_label_from_self(&label), 1);
	ck_assert(label_is(label, "_"));
	ck_assert_int_eq(smack_set_label_for_self("KtSelf"), 0);
	ck_assert_str_eq(raw_self_label(), "KtSelf");
	ck_assert_int_eq(smack_new_label_from_self(&label), 6);
	ck_assert(label_is(label, "KtSelf"));
	ck_assert_int_eq(smack_new_label_from_process(getpid(), &label), 6);
	ck_assert(label_is(label, "KtSelf"));
	/* Hat and floor are labels a process may have. */
	ck_assert_int_eq(smack_set_label_for_self("^"), 0);
	ck_assert_str_eq(raw_self_label(), "^");
}
END_TEST

START_TEST(self_label_of_255_characters)
{
	char *label;

	/* With a newline this would be 256 bytes, which the kernel refuses. */
	ck_assert_int_eq(smack_set_label_for_self(label255), 0);
	ck_assert_str_eq(raw_self_label(), label255);
	ck_assert_int_eq(smack_new_label_from_self(&label), SMACK_LABEL_LEN);
	ck_assert(label_is(label, label255));
	ck_assert_fails(smack_set_label_for_self(label256), EINVAL);
	ck_assert_str_eq(raw_self_label(), label255);
}
END_TEST

START_TEST(self_label_refuses_star_web_and_junk)
{
	ck_assert_int_eq(smack_set_label_for_self("KtBefore"), 0);
	ck_assert_fails(smack_set_label_for_self("*"), EINVAL);
	ck_assert_fails(smack_set_label_for_self("@"), EINVAL);
	/* The kernel would take "Kt" from these. */
	ck_assert_fails(smack_set_label_for_self("Kt/x"), EINVAL);
	ck_assert_fails(smack_set_label_for_self("Kt x"), EINVAL);
	ck_assert_str_eq(raw_self_label(), "KtBefore");
}
END_TEST

static void *label_this_thread(void *arg)
{
	char *label = NULL;

	if (smack_set_label_for_self("KtThread") < 0 ||
	    smack_new_label_from_self(&label) < 0)
		return (void *)(long)errno;
	return (void *)(long)!label_is(label, "KtThread");
}

START_TEST(self_is_the_calling_thread)
{
	pthread_t thread;
	void *result;
	char *label;

	ck_assert_int_eq(pthread_create(&thread, NULL, label_this_thread,
					NULL), 0);
	ck_assert_int_eq(pthread_join(thread, &result), 0);
	ck_assert_int_eq((long)result, 0);
	ck_assert_int_eq(smack_new_label_from_self(&label), 1);
	ck_assert(label_is(label, "_"));
}
END_TEST

START_TEST(label_of_another_process)
{
	int ready[2], go[2], status;
	char *label, c;
	pid_t pid;

	ck_assert_int_eq(pipe(ready), 0);
	ck_assert_int_eq(pipe(go), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		c = smack_set_label_for_self("KtChild") == 0 ? 'y' : 'n';
		if (write(ready[1], &c, 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(1);
		_exit(0);
	}
	ck_assert_int_eq(read(ready[0], &c, 1), 1);
	ck_assert_int_eq(c, 'y');
	ck_assert_int_eq(smack_new_label_from_process(pid, &label), 7);
	ck_assert(label_is(label, "KtChild"));
	ck_assert_int_eq(write(go[1], "x", 1), 1);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_fails(smack_new_label_from_process(pid, &label), ESRCH);
}
END_TEST

START_TEST(socketpair_peer_label)
{
	char *label;
	int sv[2];

	ck_assert_int_eq(smack_set_label_for_self("KtPair"), 0);
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	ck_assert_int_eq(smack_new_label_from_socket(sv[0], &label), 6);
	ck_assert(label_is(label, "KtPair"));
	ck_assert_int_eq(smack_new_label_from_socket(sv[1], &label), 6);
	ck_assert(label_is(label, "KtPair"));
	close(sv[0]);
	close(sv[1]);
}
END_TEST

static struct sockaddr_un socket_address(void)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };

	strcpy(addr.sun_path, "kt-labels.sock");
	return addr;
}

/* The client: labeled KtClient, it checks that it sees the server's label
 * and then tells the server it is done. */
static int unix_client(void *unused)
{
	struct sockaddr_un addr = socket_address();
	char *label = NULL;
	int fd;

	if (smack_set_label_for_self("KtClient") < 0)
		return 1;
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0)
		return 2;
	if (smack_new_label_from_socket(fd, &label) != 8)
		return 3;
	if (!label_is(label, "KtServer"))
		return 4;
	if (write(fd, "x", 1) != 1)
		return 5;
	close(fd);
	return 0;
}

START_TEST(unix_socket_between_two_labels)
{
	struct sockaddr_un addr = socket_address();
	int lfd, cfd, status;
	char *label, c;
	pid_t pid;

	ck_assert_int_eq(smack_set_label_for_self("KtServer"), 0);
	lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	ck_assert_int_ge(lfd, 0);
	ck_assert_int_eq(bind(lfd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	ck_assert_int_eq(listen(lfd, 1), 0);
	/* An unconnected socket has no peer label. */
	ck_assert_fails(smack_new_label_from_socket(lfd, &label), ENODATA);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(unix_client(NULL));
	cfd = accept(lfd, NULL, NULL);
	ck_assert_int_ge(cfd, 0);
	ck_assert_int_eq(smack_new_label_from_socket(cfd, &label), 8);
	ck_assert(label_is(label, "KtClient"));
	ck_assert_int_eq(read(cfd, &c, 1), 1);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	close(cfd);
	close(lfd);
	unlink(addr.sun_path);
	/* Not a socket at all. */
	ck_assert_fails(smack_new_label_from_socket(0, &label), ENOTSOCK);
}
END_TEST

static int relabel_without_privilege(void *unused)
{
	char **list;
	char *label;

	if (drop_mac_caps() < 0)
		return 1;
	/* Not on the list: refused. */
	if (smack_set_label_for_self("KtRelC") == 0 || errno != EPERM)
		return 2;
	if (strcmp(raw_self_label(), "_") != 0)
		return 3;
	/* On the list: once. */
	if (smack_set_label_for_self("KtRelB") < 0)
		return 4;
	if (smack_new_label_from_self(&label) != 6 ||
	    !label_is(label, "KtRelB"))
		return 5;
	/* The change emptied the list. */
	if (smack_set_label_for_self("KtRelA") == 0 || errno != EPERM)
		return 6;
	if (smack_relabel_self_get(&list) != 0 || list[0])
		return 7;
	smack_label_list_free(list);
	/* Setting the list needs CAP_MAC_ADMIN. */
	if (smack_set_relabel_self((const char *[]){ "KtRelA" }, 1) == 0 ||
	    errno != EPERM)
		return 8;
	return 0;
}

START_TEST(relabel_self_without_cap_mac_admin)
{
	const char *labels[] = { "KtRelA", "KtRelB" };
	char **list;

	ck_assert_int_eq(smack_set_relabel_self(labels, 2), 0);
	ck_assert_int_eq(smack_relabel_self_get(&list), 2);
	/* The kernel lists the newest first. */
	ck_assert(strcmp(list[0], "KtRelA") == 0 ||
		  strcmp(list[1], "KtRelA") == 0);
	ck_assert(strcmp(list[0], "KtRelB") == 0 ||
		  strcmp(list[1], "KtRelB") == 0);
	ck_assert_ptr_null(list[2]);
	smack_label_list_free(list);
	/* The list is inherited by the child, which drops its privilege. */
	ck_assert_int_eq(in_child(relabel_without_privilege, NULL), 0);

	ck_assert_int_eq(smack_set_relabel_self(NULL, 0), 0);
	ck_assert_int_eq(smack_relabel_self_get(&list), 0);
	ck_assert_ptr_null(list[0]);
	smack_label_list_free(list);
	ck_assert_fails(smack_set_relabel_self((const char *[]){ "Kt/x" }, 1),
			EINVAL);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("kernel-labels");
	TCase *files = tcase_create("files");
	TCase *process = tcase_create("process");

	/* A slow, shared machine must not cut a test off half-way. */
	tcase_set_timeout(files, 60);
	tcase_set_timeout(process, 60);
	tcase_add_checked_fixture(files, setup, NULL);
	tcase_add_test(files, path_label_follows_or_not);
	tcase_add_test(files, fd_label_round_trip);
	tcase_add_test(files, longest_label_on_a_file);
	tcase_add_test(files, bad_labels_never_reach_the_kernel);
	tcase_add_test(files, exec_and_mmap_labels);
	tcase_add_test(files, transmute_on_directories_only);
	tcase_add_test(files, socket_ip_labels_by_fd);
	tcase_add_test(files, labeling_needs_cap_mac_admin);
	suite_add_tcase(s, files);

	tcase_add_checked_fixture(process, setup, NULL);
	tcase_add_test(process, self_label_set_and_read);
	tcase_add_test(process, self_label_of_255_characters);
	tcase_add_test(process, self_label_refuses_star_web_and_junk);
	tcase_add_test(process, self_is_the_calling_thread);
	tcase_add_test(process, label_of_another_process);
	tcase_add_test(process, socketpair_peer_label);
	tcase_add_test(process, unix_socket_between_two_labels);
	tcase_add_test(process, relabel_self_without_cap_mac_admin);
	suite_add_tcase(s, process);
	return s;
}
