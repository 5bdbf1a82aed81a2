// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tools' side of the lock of the policy's writers (see cli.h).  A file
 * of its own, so that only the tools that write the policy link it.  The
 * message is the one the tools give when they refuse bad input; the text
 * of EBUSY after it says why.
 */
#include <errno.h>
#include <stdlib.h>

#include <sys/smack.h>

#include "cli.h"

void cli_lock_policy(bool no_wait)
{
	if (smack_policy_lock(no_wait ? SMACK_POLICY_LOCK_NOWAIT : 0) < 0)
		cli_die_errno(errno == EBUSY ? EXIT_BUSY : EXIT_FAILURE,
			      "nothing was written to the kernel");
}
