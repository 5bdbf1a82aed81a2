#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The demo's init inside the Smack kernel (see demo.sh): mounts what Smack
# and the tools need, runs the walkthrough in a tmpfs (which keeps labels,
# unlike the host's files seen through hostfs), writes its transcript and
# exit status to $DEMO_OUT on the host, and powers off.
out=$DEMO_OUT
export PATH="$DEMO_BUILDDIR/utils:$DEMO_BUILDDIR/examples:/usr/sbin:/usr/bin:/sbin:/bin"
export HOME=/root LC_ALL=C

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t smackfs smackfs /sys/fs/smackfs
mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs -o mode=1777 tmpfs "$out/tmpfs"

sh "$DEMO_SRCDIR/examples/walkthrough.sh" "$out/tmpfs" > "$out/transcript" 2>&1
echo $? > "$out/status"
: > "$out/done"
sync
poweroff -f
