// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Dropping CAP_MAC_ADMIN and CAP_MAC_OVERRIDE before smackrun execs its
 * command.  See smackrun-caps.h.
 *
 * Clearing the effective and permitted sets alone is not enough: at exec the
 * kernel recomputes the permitted set from the inheritable, ambient and
 * bounding sets, and a root process (without SECBIT_NOROOT) gets its whole
 * bounding set back.  So every set is cleared, and the result is read back,
 * because a capability left by mistake would silently unconfine the command.
 */
#include <stdbool.h>
#include <sys/capability.h>
#include <unistd.h>
#include <linux/securebits.h>

#include "cli.h"
#include "smackrun-caps.h"

static const cap_value_t mac_caps[] = { CAP_MAC_ADMIN, CAP_MAC_OVERRIDE };
#define N_MAC_CAPS ((int)(sizeof(mac_caps) / sizeof(mac_caps[0])))

static const cap_flag_t process_sets[] = {
	CAP_EFFECTIVE, CAP_PERMITTED, CAP_INHERITABLE
};
#define N_PROCESS_SETS ((int)(sizeof(process_sets) / sizeof(process_sets[0])))

static const char *cap_label(cap_value_t cap)
{
	return cap == CAP_MAC_ADMIN ? "CAP_MAC_ADMIN" : "CAP_MAC_OVERRIDE";
}

static const char *set_label(cap_flag_t set)
{
	switch (set) {
	case CAP_EFFECTIVE:
		return "effective";
	case CAP_PERMITTED:
		return "permitted";
	default:
		return "inheritable";
	}
}

/* 1 when the thread has cap in its effective set, 0 when not, -1 on error. */
static int has_effective(cap_value_t cap)
{
	cap_flag_value_t value = CAP_CLEAR;
	cap_t caps = cap_get_proc();
	int ret;

	if (!caps)
		return -1;
	ret = cap_get_flag(caps, cap, CAP_EFFECTIVE, &value);
	cap_free(caps);
	if (ret)
		return -1;
	return value == CAP_SET;
}

/* Dropping from the bounding set needs CAP_SETPCAP; without it the set is
 * left as it is here and judged by verify_bounding(). */
static int drop_from_bounding(void)
{
	int can_setpcap = has_effective(CAP_SETPCAP);
	int i;

	if (can_setpcap < 0) {
		cli_warn_errno("cannot read the capability sets");
		return -1;
	}
	for (i = 0; can_setpcap && i < N_MAC_CAPS; i++) {
		if (cap_get_bound(mac_caps[i]) <= 0)
			continue;
		if (cap_drop_bound(mac_caps[i])) {
			cli_warn_errno("cannot drop %s from the bounding set",
				       cap_label(mac_caps[i]));
			return -1;
		}
	}
	return 0;
}

/* cap_get_ambient() fails on kernels without ambient capabilities (before
 * 4.3), where there is nothing to drop. */
static int drop_from_ambient(void)
{
	int i;

	for (i = 0; i < N_MAC_CAPS; i++) {
		if (cap_get_ambient(mac_caps[i]) <= 0)
			continue;
		if (cap_set_ambient(mac_caps[i], CAP_CLEAR)) {
			cli_warn_errno("cannot drop %s from the ambient set",
				       cap_label(mac_caps[i]));
			return -1;
		}
	}
	return 0;
}

/* Lowering capabilities needs no privilege, so this fails only on a broken
 * system; it is checked all the same. */
static int drop_from_process_sets(void)
{
	cap_t caps = cap_get_proc();
	int ret = 0;
	int i;

	if (!caps) {
		cli_warn_errno("cannot read the capability sets");
		return -1;
	}
	for (i = 0; !ret && i < N_PROCESS_SETS; i++)
		ret = cap_set_flag(caps, process_sets[i], N_MAC_CAPS, mac_caps,
				   CAP_CLEAR);
	if (!ret)
		ret = cap_set_proc(caps);
	if (ret)
		cli_warn_errno("cannot drop CAP_MAC_ADMIN and CAP_MAC_OVERRIDE");
	cap_free(caps);
	return ret ? -1 : 0;
}

static int verify_process_sets(void)
{
	cap_flag_value_t value;
	cap_t caps = cap_get_proc();
	int i, j;

	if (!caps) {
		cli_warn_errno("cannot read the capability sets");
		return -1;
	}
	for (i = 0; i < N_MAC_CAPS; i++) {
		for (j = 0; j < N_PROCESS_SETS; j++) {
			if (cap_get_flag(caps, mac_caps[i], process_sets[j],
					 &value) == 0 && value == CAP_CLEAR)
				continue;
			cli_warn("%s is still in the %s set",
				 cap_label(mac_caps[i]),
				 set_label(process_sets[j]));
			cap_free(caps);
			return -1;
		}
	}
	cap_free(caps);
	return 0;
}

/* Whether exec grants a process the whole bounding set: real or effective
 * user ID 0 without SECBIT_NOROOT (see capabilities(7)). */
static bool root_gets_bounding_set(void)
{
	if (getuid() != 0 && geteuid() != 0)
		return false;
	return !(cap_get_secbits() & SECBIT_NOROOT);
}

/* A capability left in the bounding set matters only if exec can hand it
 * out again; for root it does, so that is a failure, not a warning. */
static int verify_bounding_and_ambient(void)
{
	int i;

	for (i = 0; i < N_MAC_CAPS; i++) {
		if (cap_get_ambient(mac_caps[i]) > 0) {
			cli_warn("%s is still in the ambient set",
				 cap_label(mac_caps[i]));
			return -1;
		}
		if (cap_get_bound(mac_caps[i]) > 0 &&
		    root_gets_bounding_set()) {
			cli_warn("cannot drop %s from the bounding set without "
				 "CAP_SETPCAP, and as root the command would "
				 "get it back", cap_label(mac_caps[i]));
			return -1;
		}
	}
	return 0;
}

int mac_caps_drop(void)
{
	if (drop_from_bounding() || drop_from_ambient() ||
	    drop_from_process_sets())
		return -1;
	if (verify_process_sets() || verify_bounding_and_ambient())
		return -1;
	return 0;
}
