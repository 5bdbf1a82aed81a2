dnl SPDX-License-Identifier: GPL-2.0-or-later
dnl
dnl SMACK_ADD_CFLAG(FLAG, VARIABLE): appends FLAG to VARIABLE when the C
dnl compiler accepts it (with -Werror, so that a flag it only warns about
dnl does not slip through).  Cross compilers lacking a flag still configure.
AC_DEFUN([SMACK_ADD_CFLAG], [
	AC_MSG_CHECKING([whether $CC accepts $1])
	smack_saved_cflags=$CFLAGS
	CFLAGS="$CFLAGS -Werror $1"
	AC_COMPILE_IFELSE([AC_LANG_PROGRAM([], [])],
		[AC_MSG_RESULT([yes]); $2="${$2:+$$2 }$1"],
		[AC_MSG_RESULT([no])])
	CFLAGS=$smack_saved_cflags
])

dnl SMACK_ADD_LDFLAG(FLAG, VARIABLE): appends FLAG to VARIABLE when a
dnl program links with it and the linker does not warn about it (ld.lld
dnl only warns about a -z keyword it does not know).
AC_DEFUN([SMACK_ADD_LDFLAG], [
	AC_MSG_CHECKING([whether the linker accepts $1])
	smack_saved_ldflags=$LDFLAGS
	LDFLAGS="$LDFLAGS -Werror -Wl,--fatal-warnings $1"
	AC_LINK_IFELSE([AC_LANG_PROGRAM([], [])],
		[AC_MSG_RESULT([yes]); $2="${$2:+$$2 }$1"],
		[AC_MSG_RESULT([no])])
	LDFLAGS=$smack_saved_ldflags
])

dnl SMACK_CHECK_LTO(VARIABLE): appends the flag for link-time optimisation
dnl to VARIABLE when objects compiled with it still link out of a static
dnl archive, as the library's internals and the CLI helpers are linked: an
dnl $AR without the compiler's LTO plugin writes such an archive without a
dnl symbol index, and every link against it would fail.  -flto=auto (GCC)
dnl runs the link-time jobs in parallel without a warning; Clang takes -flto.
AC_DEFUN([SMACK_CHECK_LTO], [
	AC_MSG_CHECKING([for link-time optimisation through $AR])
	smack_lto=no
	echo 'int smack_probe(int x) { return x + 1; }' > conftest-lto.c
	echo 'int smack_probe(int x); int main(void) { return smack_probe(-1); }' \
		> conftest-main.c
	for smack_flag in -flto=auto -flto; do
		rm -f libconftest-lto.a
		AS_IF([$CC $CFLAGS -Werror $smack_flag -c conftest-lto.c \
			-o conftest-lto.$ac_objext >&AS_MESSAGE_LOG_FD 2>&1 &&
		       $AR cr libconftest-lto.a conftest-lto.$ac_objext \
			>&AS_MESSAGE_LOG_FD 2>&1 &&
		       $RANLIB libconftest-lto.a >&AS_MESSAGE_LOG_FD 2>&1 &&
		       $CC $CFLAGS -Werror $smack_flag $LDFLAGS \
			-o conftest-lto$ac_exeext conftest-main.c \
			libconftest-lto.a >&AS_MESSAGE_LOG_FD 2>&1],
			[smack_lto=$smack_flag; break])
	done
	rm -f conftest-lto* conftest-main.c libconftest-lto.a
	AC_MSG_RESULT([$smack_lto])
	AS_IF([test "x$smack_lto" != xno], [$1="${$1:+$$1 }$smack_lto"])
])
