// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Preloaded into Debian 12's User-Mode-Linux kernel (6.1) by the scripts
 * that boot it, so that it runs on hosts with AMX.
 *
 * UML saves and restores each guest process's extended CPU state with
 * PTRACE_GETREGSET/PTRACE_SETREGSET of NT_X86_XSTATE, in an area sized for
 * the CPU features a process uses without asking (2,696 bytes on an
 * AVX-512 host).  The host kernel reads back only what fits, but sets the
 * state only from an area of its full size, AMX's tiles included (11,008
 * bytes): anything shorter is refused with EFAULT, and UML panics at its
 * first process ("ptrace set fp regs failed, errno = 14").
 *
 * The state past UML's area belongs to features a process must ask the
 * kernel for (arch_prctl ARCH_REQ_XCOMP_PERM), which UML does not pass
 * through: in a guest process they are always in their initial state.  So
 * UML's area is copied into one of the host's size and those components
 * are marked initial in the XSAVE header.  Should a component past UML's
 * area not be one of those, the host's current values are read first and
 * kept (one more ptrace call), so that nothing is ever zeroed under a
 * guest process.  Elsewhere the shim only forwards.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>

typedef long (*ptrace_fn)(enum __ptrace_request, pid_t, void *, void *);

#if defined(__x86_64__)
#include <cpuid.h>
#include <elf.h>

/* The XSAVE header: the bitmap of components that are not initial. */
#define XSTATE_BV_OFFSET 512
/* The first component past the legacy area and the header (AVX). */
#define FIRST_EXTENDED 2
#define LAST_COMPONENT 63
/* AMX: its configuration and its tiles, granted on request only. */
#define ON_REQUEST ((1ull << 17) | (1ull << 18))

static struct {
	unsigned char *area;	/* the host's size; what lies past UML's is 0 */
	size_t size;		/* the host's size, 0 until learned */
	size_t uml_size;	/* UML's size the area was prepared for */
	uint64_t past_uml;	/* components lying (partly) past UML's area */
} host;

/* The components whose standard-format place ends past `size` bytes. */
static uint64_t components_past(size_t size)
{
	unsigned int eax, ebx, ecx, edx, i;
	uint64_t past = 0;

	for (i = FIRST_EXTENDED; i <= LAST_COMPONENT; i++) {
		__cpuid_count(0xd, i, eax, ebx, ecx, edx);
		if (eax && (size_t)ebx + eax > size)
			past |= 1ull << i;
	}
	return past;
}

/* Learns the host's size from a read of the whole area of `pid`. */
static int learn_host_size(ptrace_fn real, pid_t pid, size_t uml_size)
{
	size_t room = 1 << 16;
	struct iovec whole;

	if (!host.area) {
		host.area = calloc(1, room);
		if (!host.area)
			return -1;
	}
	whole.iov_base = host.area;
	whole.iov_len = room;
	if (real(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &whole) < 0)
		return -1;
	host.size = whole.iov_len;
	host.uml_size = uml_size;
	host.past_uml = components_past(uml_size);
	memset(host.area, 0, room);
	return 0;
}

static long set_xstate(ptrace_fn real, pid_t pid, struct iovec *iov)
{
	struct iovec whole;
	uint64_t bv;

	if (!host.size || host.uml_size != iov->iov_len) {
		if (learn_host_size(real, pid, iov->iov_len) < 0)
			return -1;
	}
	if (iov->iov_len >= host.size ||
	    iov->iov_len < XSTATE_BV_OFFSET + sizeof(bv))
		return real(PTRACE_SETREGSET, pid, (void *)NT_X86_XSTATE, iov);
	whole.iov_base = host.area;
	whole.iov_len = host.size;
	if (host.past_uml & ~ON_REQUEST &&
	    real(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &whole) < 0)
		return -1;
	memcpy(host.area, iov->iov_base, iov->iov_len);
	memcpy(&bv, host.area + XSTATE_BV_OFFSET, sizeof(bv));
	bv &= ~(host.past_uml & ON_REQUEST);
	memcpy(host.area + XSTATE_BV_OFFSET, &bv, sizeof(bv));
	return real(PTRACE_SETREGSET, pid, (void *)NT_X86_XSTATE, &whole);
}
#endif

long ptrace(enum __ptrace_request request, ...)
{
	static ptrace_fn real;
	void *addr, *data;
	va_list ap;
	pid_t pid;

	va_start(ap, request);
	pid = va_arg(ap, pid_t);
	addr = va_arg(ap, void *);
	data = va_arg(ap, void *);
	va_end(ap);
	if (!real) {
		real = (ptrace_fn)dlsym(RTLD_NEXT, "ptrace");
		if (!real) {
			errno = ENOSYS;
			return -1;
		}
	}
#if defined(__x86_64__)
	if (request == PTRACE_SETREGSET && (uintptr_t)addr == NT_X86_XSTATE)
		return set_xstate(real, pid, data);
#endif
	return real(request, pid, addr, data);
}
