// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * File labels: the security.SMACK64* extended attributes of a file named
 * by path (the symlink itself, or what it points to) or by descriptor.
 *
 * A value is checked here with the kernel's rules for its attribute before
 * it is written, because the kernel stores the valid prefix of a bad label
 * ("a/b" becomes "a") instead of refusing it.  Values are written without
 * a NUL, as the kernel keeps them, and read into a buffer with room for the
 * longest label and one NUL: a value that does not fit is no label.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>

#include "libsmack-internal.h"

#define SMACK_XATTR_PREFIX "security.SMACK64"

/* A file named by path, following a final symlink or not, or by fd. */
struct xattr_target {
	bool use_fd;
	const char *path;
	int fd;
	bool follow;
};

static struct xattr_target by_path(const char *path, int follow)
{
	return (struct xattr_target){ .use_fd = false, .path = path,
				      .fd = -1, .follow = follow != 0 };
}

static struct xattr_target by_fd(int fd)
{
	return (struct xattr_target){ .use_fd = true, .fd = fd };
}

static ssize_t target_get(const struct xattr_target *t, const char *name,
			  char *buf, size_t size)
{
	if (t->use_fd)
		return fgetxattr(t->fd, name, buf, size);
	if (t->follow)
		return getxattr(t->path, name, buf, size);
	return lgetxattr(t->path, name, buf, size);
}

static int target_set(const struct xattr_target *t, const char *name,
		      const char *value, size_t len)
{
	if (t->use_fd)
		return fsetxattr(t->fd, name, value, len, 0);
	if (t->follow)
		return setxattr(t->path, name, value, len, 0);
	return lsetxattr(t->path, name, value, len, 0);
}

static int target_remove(const struct xattr_target *t, const char *name)
{
	if (t->use_fd)
		return fremovexattr(t->fd, name);
	if (t->follow)
		return removexattr(t->path, name);
	return lremovexattr(t->path, name);
}

/* Only Smack's own attributes are handled, so that this API cannot be
 * used to write arbitrary attributes under the guise of a label. */
static bool usable_target(const struct xattr_target *t, const char *name)
{
	if (t->use_fd && t->fd < 0) {
		errno = EBADF;
		return false;
	}
	if ((!t->use_fd && !t->path) || !name ||
	    strncmp(name, SMACK_XATTR_PREFIX, strlen(SMACK_XATTR_PREFIX)) != 0) {
		errno = EINVAL;
		return false;
	}
	return true;
}

static bool is_exec_like(const char *name)
{
	return strcmp(name, XATTR_NAME_SMACKEXEC) == 0 ||
	       strcmp(name, XATTR_NAME_SMACKMMAP) == 0;
}

/*
 * The length of value if attribute name may hold it, else -1 with errno
 * EINVAL: SMACK64TRANSMUTE holds exactly "TRUE"; a process may never run
 * with "*" or "@", so SMACK64EXEC and SMACK64MMAP refuse them; every other
 * attribute holds any valid label.
 */
static ssize_t check_value(const char *name, const char *value)
{
	ssize_t len;

	if (strcmp(name, XATTR_NAME_SMACKTRANSMUTE) == 0) {
		if (value && strcmp(value, "TRUE") == 0)
			return 4;
		errno = EINVAL;
		return -1;
	}
	len = smack_label_validate(value, NULL);
	if (len == 1 && is_exec_like(name) &&
	    (value[0] == '*' || value[0] == '@')) {
		errno = EINVAL;
		return -1;
	}
	return len;
}

static ssize_t get_label(const struct xattr_target *t, const char *name,
			 char **label)
{
	char buf[SMACK_LABEL_LEN + 1];
	ssize_t len;
	char *copy;

	if (!usable_target(t, name))
		return -1;
	if (!label) {
		errno = EINVAL;
		return -1;
	}
	len = target_get(t, name, buf, sizeof(buf));
	if (len < 0) {
		/* The value is longer than any label could be. */
		if (errno == ERANGE)
			errno = EINVAL;
		return -1;
	}
	/* Smack stores no NUL, but other writers may have added one. */
	if (len > 0 && buf[len - 1] == '\0')
		len--;
	if (label_validate_n(buf, len, NULL) < 0)
		return -1;
	copy = strndup(buf, len);
	if (!copy)
		return -1;
	*label = copy;
	return len;
}

static int set_label(const struct xattr_target *t, const char *name,
		     const char *label)
{
	ssize_t len;

	if (!usable_target(t, name))
		return -1;
	len = check_value(name, label);
	if (len < 0)
		return -1;
	return target_set(t, name, label, len);
}

static int remove_label(const struct xattr_target *t, const char *name)
{
	if (!usable_target(t, name))
		return -1;
	return target_remove(t, name);
}

SMACK_EXPORT
ssize_t smack_new_label_from_path(const char *path, const char *xattr,
				  int follow, char **label)
{
	struct xattr_target t = by_path(path, follow);

	return get_label(&t, xattr, label);
}

SMACK_EXPORT
int smack_set_label_for_path(const char *path, const char *xattr,
			     int follow, const char *label)
{
	struct xattr_target t = by_path(path, follow);

	return set_label(&t, xattr, label);
}

SMACK_EXPORT
int smack_remove_label_for_path(const char *path, const char *xattr,
				int follow)
{
	struct xattr_target t = by_path(path, follow);

	return remove_label(&t, xattr);
}

SMACK_EXPORT
ssize_t smack_new_label_from_file(int fd, const char *xattr, char **label)
{
	struct xattr_target t = by_fd(fd);

	return get_label(&t, xattr, label);
}

SMACK_EXPORT
int smack_set_label_for_file(int fd, const char *xattr, const char *label)
{
	struct xattr_target t = by_fd(fd);

	return set_label(&t, xattr, label);
}

SMACK_EXPORT
int smack_remove_label_for_file(int fd, const char *xattr)
{
	struct xattr_target t = by_fd(fd);

	return remove_label(&t, xattr);
}
