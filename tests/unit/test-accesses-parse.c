// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rule files parsed into sets (accesses.c), with diagnostics, from a
 * buffer, a descriptor, a file and a directory; and the kernel's rules
 * read back from load2 (accesses-read.c), on a plain directory standing in
 * for smackfs.  The real kernel is tests/kernel's job.
 */
#include <errno.h>

#include "rules-fixture.h"
#include "check-main.h"

START_TEST(parse_accepts_what_systemd_accepts)
{
	static const char text[] =
		"# comment\r\n"
		"; another\n"
		"  # indented\n"
		"\t; indented\n"
		"\n"
		"   \t \n"
		"a b rwx\r\n"
		"\tc  d\t r   w \n"
		"e f -\n"
		"g h RwX";	/* no final newline */
	struct smack_accesses *a;
	struct errors e = { "", 0 };

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_parse_buffer(a, text, strlen(text),
						     "rules", collect_error,
						     &e), 0);
	ck_assert_str_eq(e.text, "");
	ck_assert_str_eq(fixture_listing(a),
			 "a b rwx\nc d r w\ne f -\ng h rwx\n");
	ck_assert_int_eq(smack_accesses_parse_buffer(a, "", 0, NULL, NULL,
						     NULL), 0);
	ck_assert_int_eq(smack_accesses_parse_buffer(a, NULL, 0, NULL, NULL,
						     NULL), 0);
	ck_assert_uint_eq(smack_accesses_count(a), 4);
	smack_accesses_free(a);
}
END_TEST

START_TEST(parse_reports_every_error_with_position)
{
	static const char text[] =
		"ok ok r\n"
		"a/b c rwx\n"
		"a b rwq\n"
		"a b\n"
		"a b r w x\n"
		"-x y r\n"
		"s o r w q\n"
		"\"q\" o rz Q\n"
		"s o\tr\tw!\n"
		"ok2 ok2 r\n";
	struct smack_accesses *a;
	struct errors e = { "", 0 };

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_add(a, "before", "parse", "r"), 0);
	errno = 0;
	ck_assert_int_eq(smack_accesses_parse_buffer(a, text, strlen(text),
						     "rules", collect_error,
						     &e), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_str_eq(e.text,
		"rules:2:1: label \"a/b\" contains '/'\n"
		"rules:3:5: unknown access letter 'q' in \"rwq\"\n"
		"rules:4:4: expected 3 or 4 fields, found 2\n"
		"rules:5:9: expected 3 or 4 fields, found 5\n"
		"rules:6:1: label \"-x\" starts with '-'\n"
		"rules:7:9: expected 3 or 4 fields, found 5\n"
		"rules:8:1: label \"\\042q\\042\" contains '\"'\n"
		"rules:8:7: unknown access letter 'z' in \"rz\"\n"
		"rules:8:10: unknown access letter 'Q' in \"Q\"\n"
		"rules:9:7: unknown access letter '!' in \"w!\"\n");
	ck_assert_int_eq(e.count, 10);
	/* All or nothing: only the rule from before is left. */
	ck_assert_str_eq(fixture_listing(a), "before parse r\n");
	smack_accesses_free(a);
}
END_TEST

/* Lines whose labels the set knows already take a quicker path: the same
 * rules must come out of it, and the same errors. */
START_TEST(parse_known_labels_the_same_way)
{
	static const char good[] =
		"a b r\n"
		"a b  w\n"
		"a  b x\n"
		"a b r \n"
		" a b l\n"
		"a b r w\n"
		"a b rw -\n"
		"a\tb a\n"
		"b a RwX";
	static const char bad[] =
		"a b r\n"
		"a b rwq\n"
		"a b r w x\n"
		"a b r -q\n"
		"a b\n"
		"a b ~\n";
	struct smack_accesses *a;
	struct errors e = { "", 0 };

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_parse_buffer(a, good, strlen(good),
						     "rules", collect_error,
						     &e), 0);
	ck_assert_str_eq(e.text, "");
	ck_assert_str_eq(fixture_listing(a),
			 "a b r\na b w\na b x\na b r\na b l\n"
			 "a b r w\na b rw -\na b a\nb a rwx\n");
	ck_assert_int_eq(smack_accesses_parse_buffer(a, bad, strlen(bad),
						     "rules", collect_error,
						     &e), -1);
	ck_assert_str_eq(e.text,
		"rules:2:5: unknown access letter 'q' in \"rwq\"\n"
		"rules:3:9: expected 3 or 4 fields, found 5\n"
		"rules:4:7: unknown access letter 'q' in \"-q\"\n"
		"rules:5:4: expected 3 or 4 fields, found 2\n"
		"rules:6:5: unknown access letter '~' in \"~\"\n");
	smack_accesses_free(a);
}
END_TEST

START_TEST(parse_reports_both_bad_labels)
{
	static const char text[] = "a/b c'd r\n";
	struct smack_accesses *a;
	struct errors e = { "", 0 };

	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_parse_buffer(a, text, strlen(text),
						     "f", collect_error,
						     &e), -1);
	ck_assert_str_eq(e.text, "f:1:1: label \"a/b\" contains '/'\n"
				 "f:1:5: label \"c'd\" contains \"'\"\n");
	smack_accesses_free(a);
}
END_TEST

START_TEST(parse_nul_and_long_labels)
{
	char text[600];
	struct smack_accesses *a;
	struct errors e = { "", 0 };
	size_t len;

	memcpy(text, "a b r\nc\0d e r\n", 14);
	len = 14;
	memset(text + len, 'L', 256);
	len += 256;
	memcpy(text + len, " o r\n", 5);
	len += 5;
	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_parse_buffer(a, text, len, "n",
						     collect_error, &e), -1);
	ck_assert_str_eq(e.text,
		"n:2:2: contains a NUL byte\n"
		"n:3:1: label \"LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLL"
		"LLLLLLLLLLLLLLLL\"... is longer than 255 characters\n");
	ck_assert_uint_eq(smack_accesses_count(a), 0);
	smack_accesses_free(a);
}
END_TEST

START_TEST(parse_255_character_labels)
{
	char text[600];
	struct smack_accesses *a;

	memset(text, 'S', 255);
	text[255] = ' ';
	memset(text + 256, 'O', 255);
	strcpy(text + 511, " rwxatlb\n");
	a = fixture_set_of(text);
	ck_assert_int_eq(smack_accesses_apply(a), 0);
	ck_assert_file_eq("load2", text);
	smack_accesses_free(a);
}
END_TEST

START_TEST(parse_fd_and_add_from_file)
{
	struct smack_accesses *a;
	struct errors e = { "", 0 };
	char path[256];
	int fd;

	fixture_write("rules", "a b r\n# x\nc d rw -\n");
	fixture_write("bad", "a b r\nc d\n");
	fixture_path(path, sizeof(path), "rules");
	ck_assert_int_eq(smack_accesses_new(&a), 0);
	fd = open(path, O_RDONLY);
	ck_assert_int_eq(smack_accesses_add_from_file(a, fd), 0);
	close(fd);
	ck_assert_str_eq(fixture_listing(a), "a b r\nc d rw -\n");
	fixture_path(path, sizeof(path), "bad");
	fd = open(path, O_RDONLY);
	ck_assert_int_eq(smack_accesses_add_from_file(a, fd), -1);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	ck_assert_int_eq(smack_accesses_parse_fd(a, fd, "bad", collect_error,
						 &e), -1);
	close(fd);
	ck_assert_str_eq(e.text, "bad:2:4: expected 3 or 4 fields, found 2\n");
	ck_assert_uint_eq(smack_accesses_count(a), 2);
	ck_assert_int_eq(smack_accesses_parse_fd(a, -1, "x", NULL, NULL), -1);
	smack_accesses_free(a);
}
END_TEST

START_TEST(parse_fd_reads_a_pipe_in_pieces)
{
	struct smack_accesses *a;
	int p[2];
	pid_t pid;
	size_t i;

	ck_assert_int_eq(pipe(p), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		FILE *f = fdopen(p[1], "w");

		close(p[0]);
		/* Lines cut across writes (and so across reads). */
		setvbuf(f, NULL, _IOFBF, 7);
		for (i = 0; i < 30000; i++)
			fprintf(f, "subject%zu object%zu rw\r\n", i % 50, i);
		fclose(f);
		_exit(0);
	}
	close(p[1]);
	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_parse_fd(a, p[0], "-", NULL, NULL), 0);
	close(p[0]);
	ck_assert_uint_eq(smack_accesses_count(a), 30000);
	smack_accesses_free(a);
}
END_TEST

START_TEST(parse_path_directory_in_order)
{
	struct smack_accesses *a;
	struct errors e = { "", 0 };
	char dir[256];

	fixture_path(dir, sizeof(dir), "accesses.d");
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	fixture_write("accesses.d/20-b", "x y w\n");
	fixture_write("accesses.d/10-a", "x y r\nq r x\n");
	fixture_write("accesses.d/30-c~", "bad\n");
	fixture_write("accesses.d/.hidden", "bad\n");
	fixture_write("accesses.d/40.bak", "bad\n");
	fixture_write("accesses.d/40.swp", "bad\n");
	fixture_write("accesses.d/40.dpkg-old", "bad\n");
	fixture_write("accesses.d/40.rpmnew", "bad\n");
	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_parse_path(a, dir, collect_error, &e),
			 0);
	ck_assert_str_eq(e.text, "");
	ck_assert_str_eq(fixture_listing(a), "x y r\nq r x\nx y w\n");
	smack_accesses_free(a);
}
END_TEST

START_TEST(parse_path_one_bad_file_loads_nothing)
{
	struct smack_accesses *a;
	struct errors e = { "", 0 };
	char dir[256], expected[1024];

	fixture_path(dir, sizeof(dir), "d");
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	fixture_write("d/1", "a b r\n");
	fixture_write("d/2", "a b r\n\na b rwz\n");
	fixture_write("d/3", "c d r\n- e r\n");
	ck_assert_int_eq(smack_accesses_new(&a), 0);
	ck_assert_int_eq(smack_accesses_parse_path(a, dir, collect_error, &e),
			 -1);
	snprintf(expected, sizeof(expected),
		 "%s/2:3:5: unknown access letter 'z' in \"rwz\"\n"
		 "%s/3:2:1: label \"-\" starts with '-'\n", dir, dir);
	ck_assert_str_eq(e.text, expected);
	ck_assert_uint_eq(smack_accesses_count(a), 0);
	smack_accesses_free(a);
}
END_TEST

START_TEST(parse_path_missing_file)
{
	struct smack_accesses *a;
	struct errors e = { "", 0 };
	char path[256], expected[512];

	fixture_path(path, sizeof(path), "nope");
	ck_assert_int_eq(smack_accesses_new(&a), 0);
	errno = 0;
	ck_assert_int_eq(smack_accesses_parse_path(a, path, collect_error,
						   &e), -1);
	ck_assert_int_eq(errno, ENOENT);
	snprintf(expected, sizeof(expected),
		 "%s:0:0: cannot open: No such file or directory\n", path);
	ck_assert_str_eq(e.text, expected);
	ck_assert_int_eq(smack_accesses_parse_path(a, NULL, NULL, NULL), -1);
	smack_accesses_free(a);
}
END_TEST

START_TEST(new_from_kernel_reads_load2)
{
	struct smack_accesses *a;

	fixture_write("load2", "b a rwxa\n_ x r\nfoo bar l\n");
	ck_assert_int_eq(smack_accesses_new_from_kernel(&a), 0);
	ck_assert_str_eq(fixture_listing(a), "b a rwxa\n_ x r\nfoo bar l\n");
	smack_accesses_free(a);
	fixture_write("load2", "");
	ck_assert_int_eq(smack_accesses_new_from_kernel(&a), 0);
	ck_assert_uint_eq(smack_accesses_count(a), 0);
	smack_accesses_free(a);
	fixture_write("load2", "a b\n");
	errno = 0;
	ck_assert_int_eq(smack_accesses_new_from_kernel(&a), -1);
	ck_assert_int_eq(errno, EPROTO);
	ck_assert_int_eq(smack_accesses_new_from_kernel(NULL), -1);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("accesses-parse");
	TCase *parse = tcase_create("parse");
	TCase *kernel = tcase_create("kernel");
	TCase *all[] = { parse, kernel };

	tcase_add_test(parse, parse_accepts_what_systemd_accepts);
	tcase_add_test(parse, parse_reports_every_error_with_position);
	tcase_add_test(parse, parse_known_labels_the_same_way);
	tcase_add_test(parse, parse_reports_both_bad_labels);
	tcase_add_test(parse, parse_nul_and_long_labels);
	tcase_add_test(parse, parse_255_character_labels);
	tcase_add_test(parse, parse_fd_and_add_from_file);
	tcase_add_test(parse, parse_fd_reads_a_pipe_in_pieces);
	tcase_add_test(parse, parse_path_directory_in_order);
	tcase_add_test(parse, parse_path_one_bad_file_loads_nothing);
	tcase_add_test(parse, parse_path_missing_file);
	tcase_add_test(kernel, new_from_kernel_reads_load2);
	fixture_add_tcases(s, all, sizeof(all) / sizeof(all[0]));
	return s;
}
