/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The fixture of the allocation-failure programs (test-alloc-failure,
 * test-alloc-failure-policy): each scenario runs in a fresh scratch
 * directory that the library takes for smackfs (smackfs_override), and
 * the programs' suites are one loop over their scenarios.  Include it in
 * one file of a program: it includes fail-alloc.h.
 */
#ifndef ALLOC_FAILURE_H
#define ALLOC_FAILURE_H

#include <fcntl.h>

#include "libsmack-internal.h"
#include "fail-alloc.h"
#include "test-labels-tmpdir.h"

#define PUT(name, text) tmp_put(name, text, sizeof(text) - 1)
#define SCENARIO(fn, prep) { #fn, prep, fn }

static void setup(void)
{
	tmpdir_create();
	ck_assert_int_eq(smackfs_override(tmpdir), 0);
}

static void teardown(void)
{
	fail_countdown = -1;
	smackfs_override(NULL);
	tmpdir_remove();
}

static inline void ignore_error(void *userdata, const char *file,
				unsigned int line, unsigned int column,
				const char *message)
{
}

/* fd open for reading on the scratch file name. */
static inline int open_tmp(const char *name)
{
	return open(tmp_path(name), O_RDONLY | O_CLOEXEC);
}

/* Knob files, as smackfs holds them and as a tree's file. */
static inline void put_knobs(void)
{
	PUT("onlycap", "Admin Boot\n");
	PUT("relabel-self", "One Two Three\n");
	PUT("ambient", "Floor\n");
	PUT("onlycap-in", "# who may\nAdmin\nBoot Other\n");
}

static const struct scenario *suite_scenarios;

START_TEST(scenario_survives_each_failed_allocation)
{
	fail_each_allocation(&suite_scenarios[_i]);
}
END_TEST

/* One case for each of the n scenarios: a failure names its scenario. */
static inline Suite *alloc_failure_suite(const char *name,
					 const struct scenario *scenarios,
					 int n)
{
	Suite *s = suite_create(name);
	TCase *tc = tcase_create("each allocation failing");

	suite_scenarios = scenarios;
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, scenario_survives_each_failed_allocation, 0,
			    n);
	suite_add_tcase(s, tc);
	return s;
}

#endif
