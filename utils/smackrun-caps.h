/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * smackrun's capability handling: taking away the two capabilities that let
 * a process ignore Smack (CAP_MAC_OVERRIDE) or change its policy and its own
 * label (CAP_MAC_ADMIN), so that a command started under a label is really
 * confined by it.
 */
#ifndef SMACKRUN_CAPS_H
#define SMACKRUN_CAPS_H

/*
 * Removes CAP_MAC_ADMIN and CAP_MAC_OVERRIDE from the effective, permitted,
 * inheritable and ambient sets of the calling thread and, when it holds
 * CAP_SETPCAP, from its bounding set; then reads the sets back to make sure.
 * Other capabilities are left alone.  Returns 0, or -1 after printing why
 * (the caller must then not run the command).  Also -1 when a root process
 * cannot empty its bounding set of them: exec would give them back.
 */
int mac_caps_drop(void);

#endif /* SMACKRUN_CAPS_H */
