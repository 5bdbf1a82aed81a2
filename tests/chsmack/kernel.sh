# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the chsmack kernel cases (tests/kernel/cases/chsmack-*.sh)
# after tests/kernel/lib.sh: $CHSMACK is the tool.  In a shared build
# utils/chsmack is libtool's bash wrapper, whose start costs more in the
# guest than chsmack's work: the program it wraps is run directly.
CHSMACK=chsmack
if [ -x "$BUILDDIR/utils/.libs/chsmack" ]; then
	CHSMACK=$BUILDDIR/utils/.libs/chsmack
	_libs=$BUILDDIR/libsmack/.libs
	export LD_LIBRARY_PATH="$_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
