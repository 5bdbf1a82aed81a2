// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The libsmack 1.3 ABI as programs in the field were compiled against it.
 *
 * Each function is declared again below exactly as the 1.3 header had it:
 * a C compiler refuses a redeclaration with a different type, so this file
 * compiling at all proves sys/smack.h kept every signature.  At run time
 * each function is then looked up in the built libsmack.so.1 under its
 * version node, as the dynamic linker does for an old binary.  Prints TAP.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#include "sys/smack.h"

/* LIBSMACK_1.0 */
int smack_accesses_new(struct smack_accesses **handle);
void smack_accesses_free(struct smack_accesses *handle);
int smack_accesses_save(struct smack_accesses *handle, int fd);
int smack_accesses_apply(struct smack_accesses *handle);
int smack_accesses_clear(struct smack_accesses *handle);
int smack_accesses_add(struct smack_accesses *handle, const char *subject,
		       const char *object, const char *access_type);
int smack_accesses_add_modify(struct smack_accesses *handle,
			      const char *subject, const char *object,
			      const char *allow_access_type,
			      const char *deny_access_type);
int smack_accesses_add_from_file(struct smack_accesses *handle, int fd);
int smack_have_access(const char *subject, const char *object,
		      const char *access_type);
int smack_cipso_new(struct smack_cipso **handle);
void smack_cipso_free(struct smack_cipso *handle);
int smack_cipso_apply(struct smack_cipso *handle);
int smack_cipso_add_from_file(struct smack_cipso *handle, int fd);
const char *smack_smackfs_path(void);
ssize_t smack_new_label_from_self(char **label);
ssize_t smack_new_label_from_socket(int fd, char **label);
ssize_t smack_new_label_from_path(const char *path, const char *xattr,
				  int follow, char **label);
int smack_set_label_for_self(const char *label);
int smack_revoke_subject(const char *subject);

/* LIBSMACK_1.1 */
ssize_t smack_label_length(const char *label);
int smack_set_label_for_path(const char *path, const char *xattr,
			     int follow, const char *label);
int smack_remove_label_for_path(const char *path, const char *xattr,
				int follow);
int smack_load_policy(void);
ssize_t smack_new_label_from_file(int fd, const char *xattr, char **label);
int smack_set_label_for_file(int fd, const char *xattr, const char *label);
int smack_remove_label_for_file(int fd, const char *xattr);

/* LIBSMACK_1.2 */
int smack_set_relabel_self(const char **labels, int cnt);

/* LIBSMACK_1.3 */
int smack_set_onlycap(const char **labels, int cnt);
int smack_set_onlycap_from_file(int fd);
ssize_t smack_new_label_from_process(pid_t pid, char **label);

struct abi_entry {
	const char *name;
	const char *node;
};

static const struct abi_entry abi13[] = {
	{ "smack_accesses_new", "LIBSMACK_1.0" },
	{ "smack_accesses_free", "LIBSMACK_1.0" },
	{ "smack_accesses_save", "LIBSMACK_1.0" },
	{ "smack_accesses_apply", "LIBSMACK_1.0" },
	{ "smack_accesses_clear", "LIBSMACK_1.0" },
	{ "smack_accesses_add", "LIBSMACK_1.0" },
	{ "smack_accesses_add_modify", "LIBSMACK_1.0" },
	{ "smack_accesses_add_from_file", "LIBSMACK_1.0" },
	{ "smack_have_access", "LIBSMACK_1.0" },
	{ "smack_cipso_new", "LIBSMACK_1.0" },
	{ "smack_cipso_free", "LIBSMACK_1.0" },
	{ "smack_cipso_apply", "LIBSMACK_1.0" },
	{ "smack_cipso_add_from_file", "LIBSMACK_1.0" },
	{ "smack_smackfs_path", "LIBSMACK_1.0" },
	{ "smack_new_label_from_self", "LIBSMACK_1.0" },
	{ "smack_new_label_from_socket", "LIBSMACK_1.0" },
	{ "smack_new_label_from_path", "LIBSMACK_1.0" },
	{ "smack_set_label_for_self", "LIBSMACK_1.0" },
	{ "smack_revoke_subject", "LIBSMACK_1.0" },
	{ "smack_label_length", "LIBSMACK_1.1" },
	{ "smack_set_label_for_path", "LIBSMACK_1.1" },
	{ "smack_remove_label_for_path", "LIBSMACK_1.1" },
	{ "smack_load_policy", "LIBSMACK_1.1" },
	{ "smack_new_label_from_file", "LIBSMACK_1.1" },
	{ "smack_set_label_for_file", "LIBSMACK_1.1" },
	{ "smack_remove_label_for_file", "LIBSMACK_1.1" },
	{ "smack_set_relabel_self", "LIBSMACK_1.2" },
	{ "smack_set_onlycap", "LIBSMACK_1.3" },
	{ "smack_set_onlycap_from_file", "LIBSMACK_1.3" },
	{ "smack_new_label_from_process", "LIBSMACK_1.3" },
};

#define ABI13_COUNT (sizeof(abi13) / sizeof(abi13[0]))

#ifdef __GLIBC__
/* Looks each function up under its node in the library at path; returns
 * the number of failures. */
static int check_versions(const char *path)
{
	void *lib;
	int failures = 0;
	size_t i;

	if (access(path, F_OK) != 0) {
		printf("ok 3 # SKIP no shared library in this build\n");
		return 0;
	}
	lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		printf("not ok 3 - dlopen %s: %s\n", path, dlerror());
		return 1;
	}
	for (i = 0; i < ABI13_COUNT; i++) {
		if (dlvsym(lib, abi13[i].name, abi13[i].node))
			continue;
		printf("# %s@%s not found\n", abi13[i].name, abi13[i].node);
		failures++;
	}
	dlclose(lib);
	printf("%sok 3 - the %zu functions resolve under their 1.3 version nodes\n",
	       failures ? "not " : "", ABI13_COUNT);
	return failures;
}
#else
/* dlvsym() is a GNU extension; the symbol list test covers the nodes. */
static int check_versions(const char *path)
{
	printf("ok 3 # SKIP no dlvsym() in this C library\n");
	return 0;
}
#endif

int main(void)
{
	const char *builddir = getenv("abs_top_builddir");
	char path[4096];
	int failures = 0;

	printf("ok 1 - the %zu libsmack 1.3 prototypes match sys/smack.h\n",
	       ABI13_COUNT);
	if (SMACK_LABEL_LEN == 255) {
		printf("ok 2 - SMACK_LABEL_LEN is 255\n");
	} else {
		printf("not ok 2 - SMACK_LABEL_LEN is 255\n");
		failures++;
	}
	if (!builddir) {
		printf("not ok 3 - abs_top_builddir is not set\n");
		failures++;
	} else if ((size_t)snprintf(path, sizeof(path),
				    "%s/libsmack/.libs/libsmack.so.1",
				    builddir) >= sizeof(path)) {
		printf("not ok 3 - build directory path too long\n");
		failures++;
	} else {
		failures += check_versions(path);
	}
	printf("1..3\n");
	return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
