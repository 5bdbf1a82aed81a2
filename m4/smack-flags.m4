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
dnl program links with it.
AC_DEFUN([SMACK_ADD_LDFLAG], [
	AC_MSG_CHECKING([whether the linker accepts $1])
	smack_saved_ldflags=$LDFLAGS
	LDFLAGS="$LDFLAGS -Werror $1"
	AC_LINK_IFELSE([AC_LANG_PROGRAM([], [])],
		[AC_MSG_RESULT([yes]); $2="${$2:+$$2 }$1"],
		[AC_MSG_RESULT([no])])
	LDFLAGS=$smack_saved_ldflags
])
