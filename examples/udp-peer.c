// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * udp-peer - one end of a UDP exchange on the loopback interface, for
 * showing how Smack labels datagrams (the demo and scenario 4).
 *
 *   udp-peer listen [SECONDS]   bind 127.0.0.1 on a free port, print the
 *                               port, then print the first datagram that
 *                               arrives within SECONDS (default 5)
 *   udp-peer send PORT MESSAGE  send MESSAGE to 127.0.0.1:PORT
 *   udp-peer loopback-up        bring up the interface lo (a fresh guest
 *                               kernel has it down; needs CAP_NET_ADMIN)
 *
 * Smack labels a socket with its creator's label and drops, on delivery, a
 * datagram whose sender may not write to the receiving socket.  The sender
 * is not told, so a denial shows as the listener timing out (exit 1).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#define EXIT_TIMEOUT 1
#define EXIT_USAGE 2

static const char *program = "udp-peer";

static void die(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", program, what, strerror(errno));
	exit(EXIT_FAILURE);
}

static void usage(void)
{
	fprintf(stderr, "usage: %s listen [SECONDS]\n"
		"       %s send PORT MESSAGE\n"
		"       %s loopback-up\n", program, program, program);
	exit(EXIT_USAGE);
}

static long parse_number(const char *s, long max)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (errno || end == s || *end || n < 1 || n > max)
		usage();
	return n;
}

static struct sockaddr_in loopback(unsigned short port)
{
	struct sockaddr_in addr;

	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_port = htons(port);
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return addr;
}

static int bound_socket(unsigned short *port)
{
	struct sockaddr_in addr = loopback(0);
	socklen_t len = sizeof(addr);
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		die("socket");
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)))
		die("bind 127.0.0.1");
	if (getsockname(fd, (struct sockaddr *)&addr, &len))
		die("getsockname");
	*port = ntohs(addr.sin_port);
	return fd;
}

static int listen_once(long seconds)
{
	char buf[1024];
	unsigned short port;
	struct pollfd pfd;
	ssize_t n;
	int ready;

	pfd.fd = bound_socket(&port);
	pfd.events = POLLIN;
	/* The port tells the caller that the socket is ready. */
	printf("%u\n", port);
	fflush(stdout);
	ready = poll(&pfd, 1, (int)(seconds * 1000));
	if (ready < 0)
		die("poll");
	if (ready == 0) {
		fprintf(stderr, "%s: no datagram within %ld s\n", program,
			seconds);
		return EXIT_TIMEOUT;
	}
	n = recv(pfd.fd, buf, sizeof(buf) - 1, 0);
	if (n < 0)
		die("recv");
	buf[n] = '\0';
	printf("%s\n", buf);
	close(pfd.fd);
	return EXIT_SUCCESS;
}

static int send_once(long port, const char *message)
{
	struct sockaddr_in addr = loopback((unsigned short)port);
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		die("socket");
	if (sendto(fd, message, strlen(message), 0, (struct sockaddr *)&addr,
		   sizeof(addr)) < 0)
		die("sendto");
	close(fd);
	return EXIT_SUCCESS;
}

/* So that the demo does not depend on iproute2 being installed. */
static int loopback_up(void)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		die("socket");
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr))
		die("cannot read the flags of lo");
	ifr.ifr_flags |= IFF_UP;
	if (ioctl(fd, SIOCSIFFLAGS, &ifr))
		die("cannot bring lo up");
	close(fd);
	return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && argc <= 3 && strcmp(argv[1], "listen") == 0)
		return listen_once(argc == 3 ? parse_number(argv[2], 600) : 5);
	if (argc == 4 && strcmp(argv[1], "send") == 0)
		return send_once(parse_number(argv[2], 65535), argv[3]);
	if (argc == 2 && strcmp(argv[1], "loopback-up") == 0)
		return loopback_up();
	usage();
}
