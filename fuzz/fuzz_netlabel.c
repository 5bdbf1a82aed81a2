// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Netlabel files ("address[/prefix] label" lines, IPv4 and IPv6) through
 * smack_netlabel_parse_fd().
 *
 * Invariants: a failed parse reported an error and added nothing; after a
 * successful one every entry's host is a well-formed address with a
 * prefix length in range (checked with inet_pton(3), independently of the
 * library), its label is a valid label or -CIPSO (IPv4) or -DELETE
 * (IPv6), and smack_netlabel_add() accepts the entry as listed.
 */
#include <arpa/inet.h>

#include "fuzz-common.h"

/* host is "ADDRESS/N" with ADDRESS of the family inet_pton() accepts and
 * N within that family's bits; returns 4, 6 or 0. */
static int host_family(const char *host)
{
	unsigned char addr[16];
	char buf[64];
	const char *slash = strchr(host, '/');
	size_t len;
	char *end;
	long bits;

	if (!slash || (len = (size_t)(slash - host)) >= sizeof(buf))
		return 0;
	memcpy(buf, host, len);
	buf[len] = '\0';
	errno = 0;
	bits = strtol(slash + 1, &end, 10);
	if (errno || *end || end == slash + 1 || bits < 0)
		return 0;
	if (inet_pton(AF_INET, buf, addr) == 1)
		return bits <= 32 ? 4 : 0;
	if (inet_pton(AF_INET6, buf, addr) == 1)
		return bits <= 128 ? 6 : 0;
	return 0;
}

static int check_entry(void *userdata, const char *host, const char *label)
{
	struct smack_netlabel *copy = userdata;
	int family;

	FUZZ_ASSERT(host && label);
	family = host_family(host);
	FUZZ_ASSERT(family == 4 || family == 6);
	if (strcmp(label, "-CIPSO") == 0)
		FUZZ_ASSERT(family == 4);
	else if (strcmp(label, "-DELETE") == 0)
		FUZZ_ASSERT(family == 6);
	else
		FUZZ_ASSERT(fuzz_label_ok(label, strlen(label)));
	FUZZ_ASSERT(smack_netlabel_add(copy, host, label) == 0 ||
		    errno == ENOMEM);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct smack_netlabel *h, *copy;
	struct fuzz_errors errors = { 0 };
	int fd, ret;

	fd = fuzz_memfd(data, size);
	if (fd < 0)
		return 0;
	if (smack_netlabel_new(&h) != 0) {
		close(fd);
		return 0;
	}
	ret = smack_netlabel_parse_fd(h, fd, FUZZ_NAME, fuzz_on_error, &errors);
	if (ret != 0) {
		FUZZ_ASSERT(errno != ENOSYS);	/* not written yet */
		FUZZ_ASSERT(errors.count > 0 || errno == ENOMEM);
		FUZZ_ASSERT(smack_netlabel_count(h) == 0);
	} else if (smack_netlabel_new(&copy) == 0) {
		FUZZ_ASSERT(errors.count == 0);
		FUZZ_ASSERT(smack_netlabel_foreach(h, check_entry, copy) == 0);
		FUZZ_ASSERT(smack_netlabel_count(copy) ==
			    smack_netlabel_count(h));
		smack_netlabel_free(copy);
	}
	smack_netlabel_free(h);
	close(fd);
	return 0;
}
