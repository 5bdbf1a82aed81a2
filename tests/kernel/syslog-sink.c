// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * syslog-sink: the syslog daemon of the kernel cases of pam_smack(8).
 *
 *	syslog-sink SOCKET FILE
 *
 * Binds a datagram socket at SOCKET (/dev/log in the guest) and appends
 * each message it receives, as it came and then a newline, to FILE, until
 * SIGTERM; then it writes what is still queued, removes SOCKET and exits.
 * As syslog daemons on Smack systems do, the socket takes messages from
 * processes of any label (its SMACK64IPIN is "*").
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/xattr.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	stop = 1;
}

static int open_socket(const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int s = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (s < 0 || strlen(path) >= sizeof(addr.sun_path))
		return -1;
	strcpy(addr.sun_path, path);
	if (fsetxattr(s, "security.SMACK64IPIN", "*", 1, 0) < 0 ||
	    bind(s, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		close(s);
		return -1;
	}
	return s;
}

/* Every message queued now; 0, or -1 when FILE cannot be written. */
static int drain(int s, int out)
{
	char buf[8193];
	ssize_t n;

	while ((n = recv(s, buf, sizeof(buf) - 1, MSG_DONTWAIT)) >= 0) {
		buf[n] = '\n';
		if (write(out, buf, n + 1) != n + 1)
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_term };
	struct pollfd pfd = { .events = POLLIN };
	sigset_t block, unblocked;
	int out;

	if (argc != 3) {
		fprintf(stderr, "usage: syslog-sink SOCKET FILE\n");
		return 1;
	}
	/* SIGTERM only while waiting, so that it cannot come between the
	 * test of stop and the wait and be lost. */
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, &unblocked);
	sigaction(SIGTERM, &sa, NULL);
	out = open(argv[2], O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	pfd.fd = open_socket(argv[1]);
	if (out < 0 || pfd.fd < 0) {
		perror("syslog-sink");
		return 1;
	}
	while (!stop) {
		if (ppoll(&pfd, 1, NULL, &unblocked) < 0 && errno != EINTR)
			break;
		if (drain(pfd.fd, out) < 0)
			break;
	}
	drain(pfd.fd, out);
	unlink(argv[1]);
	return 0;
}
