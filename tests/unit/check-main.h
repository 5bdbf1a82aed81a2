/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One main() for every Check unit-test program: it runs the suite that the
 * program's make_suite() builds and reports each case as a TAP line, which
 * Automake's TAP driver counts.
 */
#ifndef SMACK_CHECK_MAIN_H
#define SMACK_CHECK_MAIN_H

#include <check.h>
#include <stdlib.h>

Suite *make_suite(void);

int main(void)
{
	SRunner *runner = srunner_create(make_suite());
	int failed;

	srunner_set_tap(runner, "-");
	srunner_run_all(runner, CK_SILENT);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
