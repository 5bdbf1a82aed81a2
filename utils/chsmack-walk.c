// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chsmack: the walk.  See chsmack-walk.h.
 *
 * How a file is reached.  Until Linux 6.13 (setxattrat) the xattr calls
 * have no form relative to a directory descriptor, and the f*xattr() ones
 * need the file open: that cannot be done without side effects for a
 * device or a FIFO, nor at all for a symbolic link (an O_PATH descriptor
 * is refused).  A "/proc/self/fd/N/name" path needs /proc and pays for a
 * magic link on every call.  So the walk opens each directory with
 * O_DIRECTORY|O_NOFOLLOW relative to its parent's descriptor, makes that
 * descriptor the current directory with fchdir(), and hands the visit
 * function the bare entry name for l*xattr().  The lookup is then one
 * component long: as cheap as it gets, and immune to renames and symbolic
 * links anywhere above, since the descriptor pins the directory.  An entry
 * replaced by a symbolic link after readdir() is not followed either: the
 * l*xattr() calls act on the link itself.  The price is an fchdir() when
 * entering and one when leaving each directory.
 *
 * Nothing is stat()ed that readdir()'s d_type already tells, so labelling
 * a tree costs a readdir share and one setxattr per file.  A stat is made
 * only when d_type is unknown, when -L must look through a link, and for
 * every entry with -x (a mount point, file or directory, is recognised by
 * its device).  Memory grows with the depth of the tree (one open
 * directory per level and the current path), never with its size.
 *
 * Every stat is an fstatat() and every open an openat(), as the walk needs
 * those anyway: each C library function a program calls costs it about 70
 * bytes of dynamic symbol, relocation and GOT entry.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "chsmack-labels.h"
#include "chsmack-walk.h"

/* One directory being read. */
struct frame {
	DIR *dir;
	int fd;			/* dir's */
	size_t path_len;	/* its path's length in walker.path */
	dev_t dev;		/* its identity, kept when following links */
	ino_t ino;
};

struct walker {
	struct walk_options opt;
	int start_fd;		/* the directory operands are relative to */
	char *path;
	size_t path_size;
	size_t rel_start;	/* where walk_entry.rel starts in path */
	struct frame *frames;
	size_t depth;
	size_t frames_size;
	dev_t root_dev;		/* the operand's filesystem, for -x */
	unsigned long failures;
	bool fd_limit_raised;
};

struct walker *walker_new(const struct walk_options *opt)
{
	struct walker *w = calloc(1, sizeof(*w));

	if (!w) {
		cli_warn_errno("cannot start the walk");
		return NULL;
	}
	w->opt = *opt;
	w->start_fd = openat(AT_FDCWD, ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (w->start_fd < 0) {
		cli_warn_errno("cannot open the current directory");
		free(w);
		return NULL;
	}
	return w;
}

static void leave_all(struct walker *w)
{
	while (w->depth)
		closedir(w->frames[--w->depth].dir);
}

void walker_free(struct walker *w)
{
	if (!w)
		return;
	leave_all(w);
	close(w->start_fd);
	free(w->frames);
	free(w->path);
	free(w);
}

/* Reports a failure about the file whose path is the first len bytes of
 * w->path ("what 'path': strerror(errno)"). */
static void fail_at(struct walker *w, size_t len, const char *what)
{
	w->path[len] = '\0';
	cli_warn_errno("%s '%s'", what, len ? w->path : ".");
	w->failures++;
}

static int set_path(struct walker *w, const char *path)
{
	ssize_t len = path_append(&w->path, &w->path_size, 0, path);

	if (len < 0)
		return -1;
	/* Below "dir/" the names follow at once; below "dir", after a '/'. */
	if (len == 0 || path[len - 1] == '/')
		w->rel_start = len;
	else
		w->rel_start = len + 1;
	return 0;
}

static int push_frame(struct walker *w, DIR *dir, int fd, size_t path_len,
		      const struct stat *st)
{
	if (array_reserve((void **)&w->frames, &w->frames_size, w->depth + 1,
			  sizeof(*w->frames)) < 0)
		return -1;
	w->frames[w->depth++] = (struct frame){
		.dir = dir,
		.fd = fd,
		.path_len = path_len,
		.dev = st ? st->st_dev : 0,
		.ino = st ? st->st_ino : 0,
	};
	return 0;
}

/* Starts reading the directory open on fd (its path: path_len bytes of
 * w->path), which becomes the current directory.  Takes fd. */
static void enter(struct walker *w, int fd, size_t path_len,
		  const struct stat *st)
{
	DIR *dir = fdopendir(fd);

	if (!dir) {
		fail_at(w, path_len, "cannot read directory");
		close(fd);
		return;
	}
	if (push_frame(w, dir, fd, path_len, st) < 0) {
		fail_at(w, path_len, "cannot read directory");
		closedir(dir);
		return;
	}
	if (fchdir(fd) < 0) {
		/* Still in the parent: carry on there. */
		fail_at(w, path_len, "cannot enter directory");
		closedir(w->frames[--w->depth].dir);
	}
}

/* Done with the innermost directory: back to its parent. */
static void leave(struct walker *w)
{
	struct frame *parent;

	closedir(w->frames[--w->depth].dir);
	if (!w->depth)
		return;
	parent = &w->frames[w->depth - 1];
	if (fchdir(parent->fd) < 0) {
		/* Names would now be looked up in the wrong place: give up on
		 * this operand rather than touch other files. */
		fail_at(w, parent->path_len, "cannot return to directory");
		leave_all(w);
	}
}

/* With many levels open, the soft limit of descriptors may be what stops
 * the walk: lift it to the hard limit, once. */
static bool raise_fd_limit(struct walker *w)
{
	struct rlimit rl;

	if (w->fd_limit_raised || prlimit(0, RLIMIT_NOFILE, NULL, &rl) < 0 ||
	    rl.rlim_cur >= rl.rlim_max)
		return false;
	w->fd_limit_raised = true;
	rl.rlim_cur = rl.rlim_max;
	return prlimit(0, RLIMIT_NOFILE, &rl, NULL) == 0;
}

static int open_directory(struct walker *w, int dfd, const char *name,
			  bool follow)
{
	int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY;
	int fd;

	if (!follow)
		flags |= O_NOFOLLOW;
	fd = openat(dfd, name, flags);
	if (fd < 0 && errno == EMFILE && raise_fd_limit(w))
		fd = openat(dfd, name, flags);
	return fd;
}

static bool is_open_above(const struct walker *w, const struct stat *st)
{
	size_t i;

	for (i = 0; i < w->depth; i++)
		if (w->frames[i].dev == st->st_dev &&
		    w->frames[i].ino == st->st_ino)
			return true;
	return false;
}

/* Goes into the directory name of the innermost one (dfd); its path is
 * the first len bytes of w->path. */
static void descend(struct walker *w, int dfd, const char *name, size_t len)
{
	bool check = w->opt.follow || w->opt.one_filesystem;
	struct stat st;
	int fd = open_directory(w, dfd, name, w->opt.follow);

	if (fd < 0) {
		/* Gone, or replaced by something else, since readdir(). */
		if (errno == ENOENT || errno == ENOTDIR || errno == ELOOP)
			return;
		fail_at(w, len, "cannot open directory");
		return;
	}
	if (check && fstatat(fd, "", &st, AT_EMPTY_PATH) < 0) {
		fail_at(w, len, "cannot access");
		close(fd);
		return;
	}
	if (check && w->opt.one_filesystem && st.st_dev != w->root_dev) {
		close(fd);
		return;
	}
	if (w->opt.follow && is_open_above(w, &st)) {
		/* Its files are being visited already, from further up. */
		w->path[len] = '\0';
		cli_warn("'%s': file system loop, not descending", w->path);
		close(fd);
		return;
	}
	enter(w, fd, len, check ? &st : NULL);
}

/* The S_IF* type of a d_type, which is that type shifted right by 12 bits
 * (DTTOIF() undoes it); 0 for DT_UNKNOWN, and for DT_WHT, the one other
 * value Linux has. */
static mode_t mode_of_dtype(unsigned char d_type)
{
	return d_type == DT_WHT ? 0 : DTTOIF(d_type);
}

/* Why fstatat() failed with ENOENT when following: a dangling link is a
 * failure, an entry that has gone is not. */
static bool is_dangling_link(int dfd, const char *name)
{
	struct stat st;

	return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/* The type of an entry when d_type is not enough; false when the entry is
 * to be skipped (gone, on another filesystem, or a failure reported). */
static bool look_up(struct walker *w, int dfd, const char *name, size_t len,
		    mode_t *type)
{
	struct stat st;
	int flags = w->opt.follow ? 0 : AT_SYMLINK_NOFOLLOW;

	if (fstatat(dfd, name, &st, flags) < 0) {
		if (errno != ENOENT)
			fail_at(w, len, "cannot access");
		else if (w->opt.follow && is_dangling_link(dfd, name))
			fail_at(w, len, "cannot follow the symbolic link");
		return false;
	}
	if (w->opt.one_filesystem && st.st_dev != w->root_dev)
		return false;
	*type = st.st_mode & S_IFMT;
	return true;
}

static void visit_child(struct walker *w, int dfd, size_t parent_len,
			const struct dirent *de)
{
	mode_t type = mode_of_dtype(de->d_type);
	ssize_t len = path_append(&w->path, &w->path_size, parent_len,
				  de->d_name);
	struct walk_entry e;

	if (len < 0) {
		fail_at(w, parent_len, "out of memory in");
		return;
	}
	if ((w->opt.one_filesystem || !type ||
	     (w->opt.follow && type == S_IFLNK)) &&
	    !look_up(w, dfd, de->d_name, len, &type))
		return;
	e = (struct walk_entry){
		.name = de->d_name,
		.path = w->path,
		.rel = w->path + w->rel_start,
		.type = type,
	};
	if (w->opt.visit(w->opt.ctx, &e) < 0)
		w->failures++;
	if (w->opt.recursive && type == S_IFDIR)
		descend(w, dfd, de->d_name, len);
}

static bool is_dot_or_dotdot(const char *name)
{
	return name[0] == '.' &&
	       (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
}

static void run(struct walker *w)
{
	struct frame *f;
	struct dirent *de;

	while (w->depth) {
		f = &w->frames[w->depth - 1];
		errno = 0;
		de = readdir(f->dir);
		if (!de) {
			if (errno)
				fail_at(w, f->path_len,
					"cannot read directory");
			leave(w);
			continue;
		}
		if (!is_dot_or_dotdot(de->d_name))
			visit_child(w, f->fd, f->path_len, de);
	}
}

static int back_to_start(struct walker *w)
{
	if (fchdir(w->start_fd) == 0)
		return 0;
	cli_warn_errno("cannot return to the starting directory");
	w->failures++;
	return -1;
}

/* Walks below the directory name (relative to the starting directory, the
 * current one), whose path is the first len bytes of w->path; through a
 * symbolic link if follow. */
static void walk_below(struct walker *w, const char *name, size_t len,
		       const struct stat *st, bool follow)
{
	int fd = open_directory(w, AT_FDCWD, name, follow);

	if (fd < 0) {
		fail_at(w, len, "cannot open directory");
		return;
	}
	w->root_dev = st->st_dev;
	enter(w, fd, len, st);
	run(w);
}

/* -r goes into a directory that an operand links to even without -L, as
 * chsmack 1.3 did and its manual promised; the links met below are not
 * followed.  If so, st (the link's) becomes the directory's. */
static bool is_link_to_directory(const char *operand, struct stat *st)
{
	struct stat target;

	if (!S_ISLNK(st->st_mode) ||
	    fstatat(AT_FDCWD, operand, &target, 0) < 0 ||
	    !S_ISDIR(target.st_mode))
		return false;
	*st = target;
	return true;
}

unsigned long walk_operand(struct walker *w, const char *operand)
{
	unsigned long before = w->failures;
	struct walk_entry e;
	struct stat st;
	size_t len = strlen(operand);

	if (back_to_start(w) < 0)
		return w->failures - before;
	if (set_path(w, operand) < 0) {
		cli_warn_errno("'%s'", operand);
		return ++w->failures - before;
	}
	if (fstatat(AT_FDCWD, operand, &st,
		    w->opt.follow ? 0 : AT_SYMLINK_NOFOLLOW) < 0) {
		fail_at(w, len, "cannot access");
		return w->failures - before;
	}
	e = (struct walk_entry){
		.name = operand,
		.path = w->path,
		.rel = w->path + len,
		.type = st.st_mode & S_IFMT,
		.operand = true,
	};
	if (w->opt.visit(w->opt.ctx, &e) < 0)
		w->failures++;
	if (!w->opt.recursive)
		return w->failures - before;
	if (S_ISDIR(st.st_mode))
		walk_below(w, operand, len, &st, w->opt.follow);
	else if (is_link_to_directory(operand, &st))
		walk_below(w, operand, len, &st, true);
	return w->failures - before;
}

unsigned long walk_current_directory(struct walker *w)
{
	unsigned long before = w->failures;
	struct stat st;

	/* The paths are "./NAME", byte for byte what chsmack 1.3 listed. */
	if (back_to_start(w) < 0 || set_path(w, ".") < 0)
		return w->failures - before;
	if (fstatat(AT_FDCWD, ".", &st, 0) < 0)
		fail_at(w, 1, "cannot open directory");
	else
		walk_below(w, ".", 1, &st, false);
	return w->failures - before;
}
