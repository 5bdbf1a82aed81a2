// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CIPSO mapping sets (cipso.c): checking, parsing with diagnostics, the
 * exact bytes and write boundaries of cipso2, and reading cipso2 back.
 * The library is pointed at a plain directory (smackfs_override); the
 * same behaviour against the kernel is in tests/kernel/cases/lib-cipso-*.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "libsmack-internal.h"
#include "check-main.h"
#include "set-listing.h"

static char dir[] = "/tmp/test-cipso.XXXXXX";

/* Every write() the library makes, as one string, records split by '|'. */
static char writes[16384];
static int nwrites;
static int fail_at;	/* 1-based write to refuse, 0 for none */

static ssize_t record_write(int fd, const void *buf, size_t len)
{
	size_t used = strlen(writes);

	if (++nwrites == fail_at) {
		errno = ENOMEM;
		return -1;
	}
	snprintf(writes + used, sizeof(writes) - used, "%s%.*s",
		 used ? "|" : "", (int)len, (const char *)buf);
	return write(fd, buf, len);
}

static void put_file(const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static char *read_back(const char *name)
{
	static char text[16384];
	char path[256];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	n = read(fd, text, sizeof(text) - 1);
	ck_assert_int_ge(n, 0);
	text[n] = '\0';
	close(fd);
	return text;
}

static void setup(void)
{
	ck_assert_ptr_nonnull(mkdtemp(dir));
	put_file("cipso2", "");
	ck_assert_int_eq(smackfs_override(dir), 0);
	writes[0] = '\0';
	nwrites = 0;
	fail_at = 0;
	smackfs_set_write_hook(record_write);
}

static void teardown(void)
{
	char cmd[300];

	smackfs_set_write_hook(NULL);
	smackfs_override(NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	strcpy(dir, "/tmp/test-cipso.XXXXXX");
}

/* Parse errors, collected as "LINE:COL: message\n". */
static char errors[4096];

static void collect_error(void *userdata, const char *file, unsigned int line,
			  unsigned int column, const char *message)
{
	size_t used = strlen(errors);

	snprintf(errors + used, sizeof(errors) - used, "%s:%u:%u: %s\n",
		 file, line, column, message);
}

/* Parses text as a file named "f" into c. */
static int parse_text(struct smack_cipso *c, const char *text)
{
	int fds[2], ret;

	errors[0] = '\0';
	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], text, strlen(text)),
			 (ssize_t)strlen(text));
	close(fds[1]);
	ret = smack_cipso_parse_fd(c, fds[0], "f", collect_error, NULL);
	close(fds[0]);
	return ret;
}

START_TEST(apply_writes_fixed_columns)
{
	struct smack_cipso *c;
	int cats[] = { 19, 5 };

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(smack_cipso_add(c, "lab", 3, cats, 2), 0);
	ck_assert_int_eq(smack_cipso_add(c, "none", 255, NULL, 0), 0);
	ck_assert_int_eq(smack_cipso_add(c, "big", 0, (int[]){ 184, 100 }, 2),
			 0);
	ck_assert_uint_eq(smack_cipso_count(c), 3);
	ck_assert_int_eq(smack_cipso_apply(c), 0);
	/* One mapping a write, each number in a 4-byte column. */
	ck_assert_int_eq(nwrites, 3);
	ck_assert_str_eq(writes, "lab 3   2   5   19  \n"
				 "|none 255 0   \n"
				 "|big 0   2   100 184 \n");
	smack_cipso_free(c);
}
END_TEST

START_TEST(categories_sorted_and_repeats_dropped)
{
	struct smack_cipso *c;
	int cats[] = { 7, 3, 7, 1 };

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(smack_cipso_add(c, "a", 1, cats, 4), 0);
	ck_assert_str_eq(maps(c), "a 1 1,3,7;");
	ck_assert_int_eq(smack_cipso_apply(c), 0);
	ck_assert_str_eq(read_back("cipso2"), "a 1   3   1   3   7   \n");
	smack_cipso_free(c);
}
END_TEST

START_TEST(add_refuses_what_the_kernel_would_not_take)
{
	struct smack_cipso *c;
	int many[185], i;

	for (i = 0; i < 185; i++)
		many[i] = i % 184 + 1;
	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(smack_cipso_add(c, "a", -1, NULL, 0), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(smack_cipso_add(c, "a", 256, NULL, 0), -1);
	ck_assert_int_eq(smack_cipso_add(c, "a", 1, (int[]){ 0 }, 1), -1);
	ck_assert_int_eq(smack_cipso_add(c, "a", 1, (int[]){ 185 }, 1), -1);
	ck_assert_int_eq(smack_cipso_add(c, "a", 1, many, 185), -1);
	ck_assert_int_eq(smack_cipso_add(c, "a", 1, many, 184), 0);
	ck_assert_int_eq(smack_cipso_add(c, "a", 1, NULL, 1), -1);
	ck_assert_int_eq(smack_cipso_add(c, "a", 1, NULL, -1), -1);
	ck_assert_int_eq(smack_cipso_add(c, "a/b", 1, NULL, 0), -1);
	ck_assert_int_eq(smack_cipso_add(c, "-a", 1, NULL, 0), -1);
	ck_assert_int_eq(smack_cipso_add(c, "", 1, NULL, 0), -1);
	ck_assert_int_eq(smack_cipso_add(c, NULL, 1, NULL, 0), -1);
	ck_assert_int_eq(smack_cipso_add(NULL, "a", 1, NULL, 0), -1);
	ck_assert_uint_eq(smack_cipso_count(c), 1);
	smack_cipso_free(c);
	ck_assert_int_eq(smack_cipso_new(NULL), -1);
	ck_assert_int_eq(smack_cipso_apply(NULL), -1);
	ck_assert_uint_eq(smack_cipso_count(NULL), 0);
	smack_cipso_free(NULL);
}
END_TEST

START_TEST(longest_label_and_most_categories)
{
	struct smack_cipso *c;
	char label[256], *expect, *p;
	int cats[184], i;

	memset(label, 'L', 255);
	label[255] = '\0';
	for (i = 0; i < 184; i++)
		cats[i] = 184 - i;
	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(smack_cipso_add(c, label, 255, cats, 184), 0);
	ck_assert_int_eq(smack_cipso_apply(c), 0);
	expect = malloc(2000);
	p = expect + sprintf(expect, "%s %-4d%-4d", label, 255, 184);
	for (i = 1; i <= 184; i++)
		p += sprintf(p, "%-4d", i);
	strcpy(p, "\n");
	ck_assert_str_eq(read_back("cipso2"), expect);
	ck_assert_int_eq(nwrites, 1);
	free(expect);
	smack_cipso_free(c);
}
END_TEST

START_TEST(parse_good_file)
{
	struct smack_cipso *c;

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(parse_text(c, "# mappings\n"
				       "\n"
				       "Secret 5 1 2 3\r\n"
				       "  \tPublic\t0\n"
				       "; also a comment\n"
				       "Top 255 184 1"), 0);
	ck_assert_str_eq(errors, "");
	ck_assert_str_eq(maps(c), "Secret 5 1,2,3;Public 0;Top 255 1,184;");
	/* A descriptor that is none is an argument error, as elsewhere. */
	errno = 0;
	ck_assert_int_eq(smack_cipso_parse_fd(c, -1, "f", NULL, NULL), -1);
	ck_assert_int_eq(errno, EINVAL);
	smack_cipso_free(c);
}
END_TEST

START_TEST(parse_errors_name_line_and_column)
{
	struct smack_cipso *c;

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(smack_cipso_add(c, "kept", 1, NULL, 0), 0);
	ck_assert_int_eq(parse_text(c, "good 1 2\n"
				       "lvl 256\n"
				       "neg -1\n"
				       "cat 3 0 185\n"
				       "word 3 x\n"
				       "hex 0x3\n"
				       "a/b 1\n"
				       "-lead 1\n"
				       "alone\n"
				       "plus 1 +2\n"), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_str_eq(errors,
		"f:2:5: level \"256\" is out of range (0..255)\n"
		"f:3:5: level \"-1\" is not a number\n"
		"f:4:7: category \"0\" is out of range (1..184)\n"
		"f:4:9: category \"185\" is out of range (1..184)\n"
		"f:5:8: category \"x\" is not a number\n"
		"f:6:5: level \"0x3\" is not a number\n"
		"f:7:1: label \"a/b\" contains '/'\n"
		"f:8:1: label \"-lead\" starts with '-'\n"
		"f:9:6: a level must follow the label\n"
		"f:10:8: category \"+2\" is not a number\n");
	/* Nothing of the file was added, not even its good line. */
	ck_assert_str_eq(maps(c), "kept 1;");
	smack_cipso_free(c);
}
END_TEST

START_TEST(parse_refuses_more_categories_than_the_kernel)
{
	struct smack_cipso *c;
	char *text, *p;
	int i;

	text = malloc(2000);
	p = text + sprintf(text, "many 1");
	for (i = 1; i <= 185; i++)
		p += sprintf(p, " %d", i > 184 ? 1 : i);
	strcpy(p, "\n");
	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(parse_text(c, text), -1);
	/* The 185th category field is the one at fault, though it repeats
	 * the first: the kernel takes no count over 184 either. */
	ck_assert_str_eq(errors, "f:1:636: 185 category fields: at most 184 "
				 "(the kernel's limit; a repeated category "
				 "counts too)\n");
	/* 184 of them is the limit, and fine. */
	strcpy(strrchr(text, ' '), "\n");
	ck_assert_int_eq(parse_text(c, text), 0);
	ck_assert_uint_eq(smack_cipso_count(c), 1);
	free(text);
	smack_cipso_free(c);
}
END_TEST

/* A line "X 3 2 5 7" is 3/2,5,7 in list form and 3/5,7 in the kernel's
 * form, the one systemd loads: a file says which, or such a line is
 * refused; nothing is ever guessed. */
START_TEST(parse_forms_list_and_kernel)
{
	struct smack_cipso *c;

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(parse_text(c, "CX12 25  2   5   7\n"), -1);
	ck_assert_str_eq(errors, "f:1:10: this line could be in list form "
		"(LABEL LEVEL CATEGORY...) or in the kernel's (LABEL LEVEL "
		"COUNT CATEGORY..., the form systemd loads), and the file "
		"does not say which: put a line \"# format: list\" or "
		"\"# format: kernel\" before it\n");
	ck_assert_int_eq(parse_text(c, "X 3 2 5 7\n"), -1);
	/* A wrong count padded into the kernel's columns, too. */
	ck_assert_int_eq(parse_text(c, "CX12 25  3   5   7\n"), -1);
	ck_assert_ptr_nonnull(strstr(errors, "f:1:10: this line could be"));
	ck_assert_uint_eq(smack_cipso_count(c), 0);

	/* Lines that cannot be in kernel form need no word about it. */
	ck_assert_int_eq(parse_text(c, "A 3\nB 3 5\nC 3 5 19\n"
				       "D 255 184 1\nE 9  1 2 3\n"), 0);
	ck_assert_str_eq(maps(c), "A 3;B 3 5;C 3 5,19;D 255 1,184;"
				  "E 9 1,2,3;");
	smack_cipso_free(c);

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(parse_text(c, "# format: kernel\n"
				       "CX12 25  2   5   7\n"
				       "K0 3 0\n"
				       "Kf 3 2 7 5\n"
				       ";format:\tlist\n"
				       "L 25 2 5 7\n"), 0);
	ck_assert_str_eq(errors, "");
	ck_assert_str_eq(maps(c), "CX12 25 5,7;K0 3;Kf 3 5,7;L 25 2,5,7;");
	smack_cipso_free(c);

	/* Comments that only mention the word are plain ones. */
	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(parse_text(c, "# formats: see smack-cipso(5)\n"
				       "# the format: list\n#\n;\n"
				       "X 3 2 5\n"), 0);
	ck_assert_str_eq(errors, "");
	ck_assert_str_eq(maps(c), "X 3 2,5;");
	smack_cipso_free(c);
}
END_TEST

/* A comment meant to say the form that does not say it exactly is an
 * error: taken for a plain comment, it would have the file read in list
 * form when its author meant the kernel's. */
START_TEST(parse_misspelled_form_line)
{
	struct smack_cipso *c;

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(parse_text(c, "# format:kernel\n"
				       "# Format: kernel\n"
				       "# format: kernel # note\n"
				       "# format: kernelx\n"
				       " ;FORMAT: list\n"
				       "#format kernel\n"
				       "# format: Kernel\n"
				       "A 3 5\n"), -1);
	ck_assert_str_eq(errors,
		"f:1:3: \"format:kernel\": a blank must follow \"format:\"\n"
		"f:2:3: \"Format:\": write \"format:\" in lower case\n"
		"f:3:18: \"#\" after the form: a form line holds nothing else\n"
		"f:4:11: unknown form \"kernelx\" (kernel or list)\n"
		"f:5:3: \"FORMAT:\": write \"format:\" in lower case\n"
		"f:6:2: \"format\": a colon must follow \"format\"\n"
		"f:7:11: unknown form \"Kernel\" (kernel or list)\n");
	ck_assert_uint_eq(smack_cipso_count(c), 0);
	/* What names no form is a plain comment: a heading, the columns. */
	ck_assert_int_eq(parse_text(c, "# format: foo\n# Format:\n"
				       "# Format: LABEL LEVEL CATEGORY...\n"
				       "# Format of this file: list\n"
				       "A 3 5\n"), 0);
	ck_assert_uint_eq(smack_cipso_count(c), 1);
	smack_cipso_free(c);
}
END_TEST

START_TEST(parse_kernel_form_errors)
{
	struct smack_cipso *c;
	char *text, *p;
	int i;

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(parse_text(c, "# format: kernel\n"
				       "few 3 2 5\n"
				       "many 3 1 5 7\n"
				       "none 3\n"
				       "big 3 185\n"
				       "word 3 x 5\n"), -1);
	ck_assert_str_eq(errors,
		"f:2:7: category count 2, but 1 categories follow it\n"
		"f:3:8: category count 1, but 2 categories follow it\n"
		"f:4:7: a category count must follow the level (the file is "
		"in kernel form)\n"
		"f:5:7: category count \"185\" is out of range (0..184)\n"
		"f:6:8: category count \"x\" is not a number\n");
	/* 185 fields in kernel form: refused whatever the count says. */
	text = malloc(2000);
	p = text + sprintf(text, "# format: kernel\nmany 1 185");
	for (i = 1; i <= 185; i++)
		p += sprintf(p, " %d", i > 184 ? 1 : i);
	strcpy(p, "\n");
	ck_assert_int_eq(parse_text(c, text), -1);
	ck_assert_ptr_nonnull(strstr(errors, "f:2:640: 185 category fields"));
	ck_assert_uint_eq(smack_cipso_count(c), 0);
	free(text);
	smack_cipso_free(c);
}
END_TEST

START_TEST(parse_path_reads_a_directory_in_order)
{
	struct smack_cipso *c;
	char sub[300];

	snprintf(sub, sizeof(sub), "%s/cipso.d", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	put_file("cipso.d/20-b", "b 2\n");
	put_file("cipso.d/10-a", "a 1\n");
	put_file("cipso.d/30-c~", "c 3\n");
	put_file("cipso.d/.hidden", "d 4\n");
	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(smack_cipso_parse_path(c, sub, collect_error, NULL),
			 0);
	ck_assert_str_eq(maps(c), "a 1;b 2;");

	/* An error in any file: nothing from any of them. */
	put_file("cipso.d/40-bad", "ok 1\nbad 999\n");
	errors[0] = '\0';
	ck_assert_int_eq(smack_cipso_parse_path(c, sub, collect_error, NULL),
			 -1);
	ck_assert_ptr_nonnull(strstr(errors, "cipso.d/40-bad:2:5: level"));
	ck_assert_str_eq(maps(c), "a 1;b 2;");
	ck_assert_int_eq(smack_cipso_parse_path(c, NULL, NULL, NULL), -1);
	smack_cipso_free(c);
}
END_TEST

START_TEST(add_from_file_is_the_old_entry_point)
{
	struct smack_cipso *c;
	int fd;

	put_file("in", "x 1 2\ny 3\n");
	ck_assert_int_eq(smack_cipso_new(&c), 0);
	fd = openat(smackfs_dirfd(), "in", O_RDONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(smack_cipso_add_from_file(c, fd), 0);
	close(fd);
	ck_assert_str_eq(maps(c), "x 1 2;y 3;");
	/* The 1.3 reader takes a file that does not say its form as 1.3
	 * did, in list form; one that says is read as it says. */
	put_file("in", "CX12 25  2   5   7\n");
	fd = openat(smackfs_dirfd(), "in", O_RDONLY);
	ck_assert_int_eq(smack_cipso_add_from_file(c, fd), 0);
	close(fd);
	put_file("in", "# format: kernel\nCX13 25  2   5   7\n");
	fd = openat(smackfs_dirfd(), "in", O_RDONLY);
	ck_assert_int_eq(smack_cipso_add_from_file(c, fd), 0);
	close(fd);
	ck_assert_str_eq(maps(c), "x 1 2;y 3;CX12 25 2,5,7;CX13 25 5,7;");
	/* Nor does it refuse a comment that 1.3 took for one, though it
	 * says nothing of the form. */
	put_file("in", "# Format: LABEL LEVEL CATEGORY...\nCX14 25 2 5\n");
	fd = openat(smackfs_dirfd(), "in", O_RDONLY);
	ck_assert_int_eq(smack_cipso_add_from_file(c, fd), 0);
	close(fd);
	put_file("in", "x 1 2\ny 300\n");
	fd = openat(smackfs_dirfd(), "in", O_RDONLY);
	ck_assert_int_eq(smack_cipso_add_from_file(c, fd), -1);
	close(fd);
	ck_assert_uint_eq(smack_cipso_count(c), 5);
	smack_cipso_free(c);
}
END_TEST

START_TEST(refusal_part_way_stops_there)
{
	struct smack_cipso *c;

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(smack_cipso_add(c, "one", 1, NULL, 0), 0);
	ck_assert_int_eq(smack_cipso_add(c, "two", 2, NULL, 0), 0);
	ck_assert_int_eq(smack_cipso_add(c, "three", 3, NULL, 0), 0);
	fail_at = 2;
	ck_assert_int_eq(smack_cipso_apply(c), -1);
	ck_assert_int_eq(errno, ENOMEM);
	ck_assert_str_eq(read_back("cipso2"), "one 1   0   \n");
	ck_assert_int_eq(nwrites, 2);
	smack_cipso_free(c);
}
END_TEST

START_TEST(read_back_from_kernel_format)
{
	struct smack_cipso *c;

	put_file("cipso2", "lab   3/5,19\n"
			   "Top 255/1,184\n"
			   "bare   7\n"
			   "_ 250/2,4,5,6,7,8\n");
	ck_assert_int_eq(smack_cipso_new_from_kernel(&c), 0);
	ck_assert_str_eq(maps(c), "lab 3 5,19;Top 255 1,184;bare 7;"
				  "_ 250 2,4,5,6,7,8;");
	ck_assert_uint_eq(smack_cipso_count(c), 4);
	smack_cipso_free(c);

	put_file("cipso2", "lab   3/5,\n");
	ck_assert_int_eq(smack_cipso_new_from_kernel(&c), -1);
	ck_assert_int_eq(errno, EPROTO);
	put_file("cipso2", "lab 3/\n");
	ck_assert_int_eq(smack_cipso_new_from_kernel(&c), -1);
	ck_assert_int_eq(errno, EPROTO);
	put_file("cipso2", "lab 3 x\n");
	ck_assert_int_eq(smack_cipso_new_from_kernel(&c), -1);
	put_file("cipso2", "nolevel\n");
	ck_assert_int_eq(smack_cipso_new_from_kernel(&c), -1);
	ck_assert_int_eq(smack_cipso_new_from_kernel(NULL), -1);
}
END_TEST

START_TEST(read_back_mapping_that_cannot_be_loaded)
{
	struct smack_cipso *c;

	/* What the kernel shows for a long label without a mapping. */
	put_file("cipso2", "fine   1/2\n"
			   "long 250/2,3,200,300\n");
	ck_assert_int_eq(smack_cipso_new_from_kernel(&c), 0);
	put_file("cipso2", "");
	ck_assert_int_eq(smack_cipso_apply(c), -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(nwrites, 0);
	smack_cipso_free(c);
}
END_TEST

static int stop_at_second(void *userdata, const char *label, int level,
			  const int *cats, int ncats)
{
	int *seen = userdata;

	return ++*seen == 2 ? 42 : 0;
}

START_TEST(foreach_stops_on_non_zero)
{
	struct smack_cipso *c;
	int seen = 0;

	ck_assert_int_eq(smack_cipso_new(&c), 0);
	ck_assert_int_eq(smack_cipso_add(c, "a", 1, NULL, 0), 0);
	ck_assert_int_eq(smack_cipso_add(c, "b", 1, NULL, 0), 0);
	ck_assert_int_eq(smack_cipso_add(c, "c", 1, NULL, 0), 0);
	ck_assert_int_eq(smack_cipso_foreach(c, stop_at_second, &seen), 42);
	ck_assert_int_eq(seen, 2);
	ck_assert_int_eq(smack_cipso_foreach(c, NULL, NULL), -1);
	ck_assert_int_eq(smack_cipso_foreach(NULL, stop_at_second, &seen), -1);
	smack_cipso_free(c);
}
END_TEST

Suite *make_suite(void)
{
	Suite *s = suite_create("cipso");
	TCase *tc = tcase_create("cipso");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, apply_writes_fixed_columns);
	tcase_add_test(tc, categories_sorted_and_repeats_dropped);
	tcase_add_test(tc, add_refuses_what_the_kernel_would_not_take);
	tcase_add_test(tc, longest_label_and_most_categories);
	tcase_add_test(tc, parse_good_file);
	tcase_add_test(tc, parse_errors_name_line_and_column);
	tcase_add_test(tc, parse_refuses_more_categories_than_the_kernel);
	tcase_add_test(tc, parse_forms_list_and_kernel);
	tcase_add_test(tc, parse_misspelled_form_line);
	tcase_add_test(tc, parse_kernel_form_errors);
	tcase_add_test(tc, parse_path_reads_a_directory_in_order);
	tcase_add_test(tc, add_from_file_is_the_old_entry_point);
	tcase_add_test(tc, refusal_part_way_stops_there);
	tcase_add_test(tc, read_back_from_kernel_format);
	tcase_add_test(tc, read_back_mapping_that_cannot_be_loaded);
	tcase_add_test(tc, foreach_stops_on_non_zero);
	suite_add_tcase(s, tc);
	return s;
}
