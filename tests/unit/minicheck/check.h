/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * minicheck: the part of the Check unit-test API that smack-utils' tests
 * use, for toolchains that have no Check library (a musl cross build).
 * Each test runs in a forked child, as with Check's default CK_FORK=yes;
 * results are reported as TAP.  configure --with-minicheck selects it.
 */
#ifndef SMACK_MINICHECK_H
#define SMACK_MINICHECK_H

#include <stdint.h>
#include <string.h>

typedef struct TTest {
	const char *name;
	void (*fn)(int);
	const char *file;
	int line;
} TTest;

typedef struct Suite Suite;
typedef struct TCase TCase;
typedef struct SRunner SRunner;
typedef void (*SFun)(void);

enum print_output { CK_SILENT, CK_MINIMAL, CK_NORMAL, CK_VERBOSE, CK_ENV };

#define START_TEST(__testname) \
	static void __testname##_fn(int _i __attribute__((unused))); \
	static const TTest __testname##_ttest = { \
		#__testname, __testname##_fn, __FILE__, __LINE__ }; \
	static const TTest *__testname = &__testname##_ttest; \
	static void __testname##_fn(int _i __attribute__((unused)))
#define END_TEST

Suite *suite_create(const char *name);
TCase *tcase_create(const char *name);
void suite_add_tcase(Suite *s, TCase *tc);
void tcase_add_loop_test(TCase *tc, const TTest *t, int start, int end);
#define tcase_add_test(tc, t) tcase_add_loop_test(tc, t, 0, 1)
void tcase_add_checked_fixture(TCase *tc, SFun setup, SFun teardown);
void tcase_add_unchecked_fixture(TCase *tc, SFun setup, SFun teardown);
void tcase_set_timeout(TCase *tc, double seconds);

SRunner *srunner_create(Suite *s);
void srunner_add_suite(SRunner *sr, Suite *s);
void srunner_set_tap(SRunner *sr, const char *fname);
void srunner_set_fork_status(SRunner *sr, int status);
void srunner_run_all(SRunner *sr, enum print_output mode);
int srunner_ntests_failed(SRunner *sr);
void srunner_free(SRunner *sr);
#define CK_FORK 1
#define CK_NOFORK 0

void mc_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));
void mc_mark(const char *file, int line);

#define mark_point() mc_mark(__FILE__, __LINE__)
#define ck_abort() mc_fail(__FILE__, __LINE__, "aborted")
#define ck_abort_msg(...) mc_fail(__FILE__, __LINE__, __VA_ARGS__)
#define ck_assert_msg(expr, ...) \
	((expr) ? (void)0 : mc_fail(__FILE__, __LINE__, __VA_ARGS__))
#define ck_assert(expr) \
	ck_assert_msg(expr, "Assertion '%s' failed", #expr)

#define mc_cmp(type, fmt, x, op, y) do { \
	type _x = (x); type _y = (y); \
	ck_assert_msg(_x op _y, "Assertion '%s' failed: %s == " fmt \
		      ", %s == " fmt, #x " " #op " " #y, #x, _x, #y, _y); \
} while (0)
#define ck_assert_int_eq(x, y) mc_cmp(intmax_t, "%jd", x, ==, y)
#define ck_assert_int_ne(x, y) mc_cmp(intmax_t, "%jd", x, !=, y)
#define ck_assert_int_lt(x, y) mc_cmp(intmax_t, "%jd", x, <, y)
#define ck_assert_int_le(x, y) mc_cmp(intmax_t, "%jd", x, <=, y)
#define ck_assert_int_gt(x, y) mc_cmp(intmax_t, "%jd", x, >, y)
#define ck_assert_int_ge(x, y) mc_cmp(intmax_t, "%jd", x, >=, y)
#define ck_assert_uint_eq(x, y) mc_cmp(uintmax_t, "%ju", x, ==, y)
#define ck_assert_uint_ne(x, y) mc_cmp(uintmax_t, "%ju", x, !=, y)
#define ck_assert_uint_lt(x, y) mc_cmp(uintmax_t, "%ju", x, <, y)
#define ck_assert_uint_le(x, y) mc_cmp(uintmax_t, "%ju", x, <=, y)
#define ck_assert_uint_gt(x, y) mc_cmp(uintmax_t, "%ju", x, >, y)
#define ck_assert_uint_ge(x, y) mc_cmp(uintmax_t, "%ju", x, >=, y)
#define ck_assert_ptr_eq(x, y) mc_cmp(const void *, "%p", x, ==, y)
#define ck_assert_ptr_ne(x, y) mc_cmp(const void *, "%p", x, !=, y)
#define ck_assert_ptr_null(x) ck_assert_ptr_eq(x, NULL)
#define ck_assert_ptr_nonnull(x) ck_assert_ptr_ne(x, NULL)

#define mc_str(x, op, y) do { \
	const char *_x = (x), *_y = (y); \
	ck_assert_msg(_x && _y && strcmp(_x, _y) op 0, \
		      "Assertion '%s' failed: %s == \"%s\", %s == \"%s\"", \
		      #x " " #op " " #y, #x, _x ? _x : "(null)", #y, \
		      _y ? _y : "(null)"); \
} while (0)
#define ck_assert_str_eq(x, y) mc_str(x, ==, y)
#define ck_assert_str_ne(x, y) mc_str(x, !=, y)
#define ck_assert_pstr_eq(x, y) do { \
	const char *_px = (x), *_py = (y); \
	if (_px || _py) ck_assert_str_eq(_px, _py); \
} while (0)
#define ck_assert_mem_eq(x, y, n) \
	ck_assert_msg(memcmp((x), (y), (n)) == 0, \
		      "Assertion '%s' failed", "memcmp(" #x ", " #y ") == 0")

#endif /* SMACK_MINICHECK_H */
