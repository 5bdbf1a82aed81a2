# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the loader's kernel cases after lib.sh.  In a shared build the
# tools on PATH are libtool wrapper scripts, which cost a third of a second
# a run inside UML; the cases that run smackctl dozens of times run the
# real programs instead, with the library next to them (unless the
# installed tools are under test: see INSTALLED in lib.sh).
if [ -z "${INSTALLED:-}" ] && [ -x "$BUILDDIR/utils/.libs/smackctl" ] &&
	[ -d "$BUILDDIR/libsmack/.libs" ]; then
	PATH=$BUILDDIR/utils/.libs:$PATH
	LD_LIBRARY_PATH=$BUILDDIR/libsmack/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	export PATH LD_LIBRARY_PATH
fi
