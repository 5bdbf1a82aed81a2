// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Onlycap files (whitespace-separated labels) through
 * smack_set_onlycap_from_file(), with the library pointed at a plain
 * directory instead of smackfs (smackfs_override()), so that what it would
 * write to the kernel can be read back.
 *
 * Invariants: a refused file writes nothing; an accepted one writes a
 * single line of valid labels separated by single spaces, which
 * smack_onlycap_get() reads back as that many labels, or "-" for an empty
 * list.
 */
#include <fcntl.h>
#include <sys/stat.h>

#include "fuzz-common.h"
#include "libsmack-internal.h"

static char dir[] = "/tmp/smack-fuzz-onlycap.XXXXXX";
static char knob[sizeof(dir) + 16];

static void remove_dir(void)
{
	unlink(knob);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int fd;

	if (!mkdtemp(dir))
		abort();
	snprintf(knob, sizeof(knob), "%s/onlycap", dir);
	fd = open(knob, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
	if (fd < 0)
		abort();
	close(fd);
	atexit(remove_dir);
	if (smackfs_override(dir) != 0)
		abort();
	return 0;
}

/* What the library wrote, NUL-terminated, or NULL. */
static char *written(size_t *len)
{
	char *text = NULL;
	struct stat st;
	int fd = open(knob, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && (text = malloc((size_t)st.st_size + 1))) {
		if (read(fd, text, (size_t)st.st_size) == st.st_size) {
			text[st.st_size] = '\0';
			*len = (size_t)st.st_size;
		} else {
			free(text);
			text = NULL;
		}
	}
	close(fd);
	return text;
}

/* Checks the written list and returns how many labels it holds. */
static int check_list(const char *text, size_t len)
{
	const char *p = text, *space;
	int n = 0;

	if (strcmp(text, "-") == 0)
		return 0;
	FUZZ_ASSERT(len > 0 && text[0] != ' ' && text[len - 1] != ' ');
	for (;;) {
		space = strchr(p, ' ');
		FUZZ_ASSERT(fuzz_label_ok(p, space ? (size_t)(space - p)
						   : strlen(p)));
		n++;
		if (!space)
			return n;
		p = space + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char **labels = NULL, *text;
	size_t len = 0;
	int fd, ret, n, got;

	if (truncate(knob, 0) != 0)
		abort();
	fd = fuzz_memfd(data, size);
	if (fd < 0)
		return 0;
	ret = smack_set_onlycap_from_file(fd);
	close(fd);
	text = written(&len);
	if (!text)
		return 0;
	if (ret != 0) {
		FUZZ_ASSERT(errno != ENOSYS);	/* not written yet */
		FUZZ_ASSERT(len == 0);
	} else {
		n = check_list(text, len);
		/* The kernel empties the list on "-"; a plain file keeps
		 * the "-", so only a list of labels is read back. */
		if (n > 0) {
			got = smack_onlycap_get(&labels);
			FUZZ_ASSERT(got == n || (got < 0 && errno == ENOMEM));
			if (got >= 0)
				smack_label_list_free(labels);
		}
	}
	free(text);
	return 0;
}
