// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_rules_fd on long inputs: lines longer than the 64 KiB the reader
 * takes at a time, so that its window has to grow and lines straddle
 * reads.  A harness of its own because inputs this size run twenty times
 * slower, and would hold back the short ones.
 *
 * fuzz-max-len: 140000
 */
#include "fuzz_rules_fd.c"
