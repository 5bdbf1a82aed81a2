// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pam-session: a PAM application for the kernel cases of pam_smack(8).
 *
 *	pam-session SERVICE USER [COMMAND [ARG]...]
 *
 * Opens a session of SERVICE (its stack in /etc/pam.d/SERVICE) for USER
 * and, as su(1) does after pam_open_session(), forks a child that takes
 * USER's identity (when the user database knows USER; else it keeps the
 * caller's) and executes COMMAND; then waits for it and closes the
 * session.  Exit status: COMMAND's (128 + the signal that killed it); 2
 * when the session could not be opened (the PAM error on standard error,
 * COMMAND not run); 3 when a descriptor of smackfs is still open after
 * pam_end(), which unloaded the module and its libsmack; 1 on another
 * failure.
 */
#include <dirent.h>
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <security/pam_appl.h>

/* No module of the cases' stacks asks anything. */
static int no_conversation(int n, const struct pam_message **msg,
			   struct pam_response **resp, void *data)
{
	return PAM_CONV_ERR;
}

static void become(const char *user)
{
	struct passwd *pw = getpwnam(user);

	if (!pw)
		return;
	if (initgroups(user, pw->pw_gid) < 0 || setgid(pw->pw_gid) < 0 ||
	    setuid(pw->pw_uid) < 0) {
		perror("pam-session: cannot take the user's identity");
		_exit(1);
	}
}

static int run(const char *user, char **command)
{
	pid_t pid = fork();
	int status;

	if (pid < 0) {
		perror("pam-session: fork");
		return 1;
	}
	if (pid == 0) {
		become(user);
		execvp(command[0], command);
		perror(command[0]);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* 1 when a descriptor of this process is open on smackfs. */
static int smackfs_left_open(void)
{
	DIR *dir = opendir("/proc/self/fd");
	struct dirent *d;
	struct statfs sfs;
	int found = 0;

	if (!dir)
		return 0;
	while (!found && (d = readdir(dir)))
		found = d->d_name[0] != '.' &&
			fstatfs(atoi(d->d_name), &sfs) == 0 &&
			(unsigned long)sfs.f_type == 0x43415D53; /* "SMAC" */
	closedir(dir);
	return found;
}

int main(int argc, char **argv)
{
	struct pam_conv conv = { no_conversation, NULL };
	pam_handle_t *pamh;
	int rc, status = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: pam-session SERVICE USER [COMMAND [ARG]...]\n");
		return 1;
	}
	rc = pam_start(argv[1], argv[2], &conv, &pamh);
	if (rc != PAM_SUCCESS) {
		fprintf(stderr, "pam-session: pam_start: %s\n",
			pam_strerror(NULL, rc));
		return 1;
	}
	rc = pam_open_session(pamh, 0);
	if (rc != PAM_SUCCESS) {
		fprintf(stderr, "pam-session: pam_open_session: %s\n",
			pam_strerror(pamh, rc));
		pam_end(pamh, rc);
		return 2;
	}
	if (argc > 3)
		status = run(argv[2], argv + 3);
	pam_end(pamh, pam_close_session(pamh, 0));
	if (smackfs_left_open()) {
		fprintf(stderr, "pam-session: a descriptor of smackfs is still open after pam_end()\n");
		return 3;
	}
	return status;
}
