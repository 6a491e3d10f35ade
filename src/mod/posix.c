/* posix.c: the posix module (what os, posixpath, shutil, tempfile, glob and
 * pathlib stand on), with CPython 3.11's names, signatures and messages.
 *
 * Paths: a path argument is str, bytes or os.PathLike (and an fd where
 * CPython takes one); str is encoded as the file system encoding does
 * (UTF-8, surrogateescape) and results come back as the argument's kind.
 * Errors: every failed call raises through posix_error(), which makes the
 * OSError subclass of errno with CPython's "[Errno N] text: 'name'" (and
 * "'a' -> 'b'" for two names).
 * Blocking calls let the interpreter lock go while they wait and retry
 * after EINTR once the signal handlers ran (PEP 475): BLOCKING_CALL. */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <langinfo.h>
#include <limits.h>
#include <linux/limits.h>
#include <linux/memfd.h>
#include <locale.h>
#include <math.h>
#include <pty.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/times.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <sysexits.h>
#include <termios.h>
#include <unistd.h>
#include <utmp.h>

#include "../obj/structseq.h"
#include "../runtime.h"
#include "../vm/config.h"
#include "modules.h"
#include "../vm/gil.h"
#include "../vm/pending.h"

extern char **environ;

void signals_after_fork(void);   /* signal.c */

/* ---- errors and EINTR ------------------------------------------------------------ */

/* After a call failed: true to call it again (EINTR, and the signal
 * handlers ran without raising). A handler that raised leaves its
 * exception set, which posix_error() then keeps. */
static bool again(void) {
    if (errno != EINTR) return false;
    return pending_run() == 0;
}

/* A blocking system call: the interpreter lock is let go around it
 * (vm/gil.h), and the call is made again after EINTR once the signal
 * handlers ran (PEP 475). r gets the call's result, errno is the call's.
 * The call must not touch Python objects. */
#define BLOCKING_CALL(r, call)                                                                  \
    do {                                                                                        \
        bool released_ = gil_blocking_begin();                                                  \
        r = (call);                                                                             \
        int errno_ = errno;                                                                     \
        gil_blocking_end(released_);                                                            \
        errno = errno_;                                                                         \
    } while (r < 0 && again())

/* OSError subclass for errno with up to two file names (VNULL: none). */
static Value posix_error2(Value f1, Value f2) {
    if (err_occurred()) return VNULL;   /* a signal handler raised (again()) */
    int e = errno;
    if (!f2) return err_set_errno(&exc_OSError, e, f1);
    Value args[5] = {v_int(e), str_from_cstr(strerror(e)), f1, V_NONE, f2};
    Value exc = exc_new(&exc_OSError, args, 5);
    if (exc) err_set_exc(exc);
    return VNULL;
}
static Value posix_error(Value f) { return posix_error2(f, VNULL); }

/* ---- arguments ------------------------------------------------------------------- */

/* an integer argument (__index__) that fits 64 bits; ctype names the C
 * type in the OverflowError, as CPython's converters do */
static int index_i64(Value v, int64_t *out, const char *ctype) {
    Value i = obj_index(v);
    if (!i) return -1;
    if (!v_is_int(i) && (int_compare(i, int_from_i64(INT64_MAX)) > 0 || int_compare(i, int_from_i64(INT64_MIN)) < 0)) {
        err_format(&exc_OverflowError, "Python int too large to convert to C %s", ctype);
        return -1;
    }
    *out = int_as_i64(i);
    return 0;
}

static int to_int(Value v, int *out) {
    int64_t n;
    if (index_i64(v, &n, "int") < 0) return -1;
    if (n > INT_MAX || n < INT_MIN) {
        err_set(&exc_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    *out = (int)n;
    return 0;
}

static int to_i64(Value v, int64_t *out) { return index_i64(v, out, "long"); }
static int to_ssize(Value v, int64_t *out) { return index_i64(v, out, "ssize_t"); }

/* functions CPython parses with a format string (pid_t arguments): its
 * count message */
static int legacy_args(const char *fname, size_t nargs, Value kwnames, size_t n) {
    if (kwnames && tuple_size(kwnames)) {
        err_format(&exc_TypeError, "%s() takes no keyword arguments", fname);
        return -1;
    }
    if (nargs != n) {
        err_format(&exc_TypeError, "%s() takes exactly %zd arguments (%zd given)", fname, (ssize_t)n, (ssize_t)nargs);
        return -1;
    }
    return 0;
}

/* an fd: an int, or an object with fileno() (fsync and friends) */
static int to_fildes(Value v, int *out) {
    if (!int_check(v)) {
        Value f = obj_getattr_opt(v, NAME(fileno));
        if (!f) {
            if (!err_occurred())
                err_set(&exc_TypeError, "argument must be an int, or have a fileno() method.");
            return -1;
        }
        v = obj_call0(f);
        if (!v) return -1;
        if (!int_check(v)) {
            err_set(&exc_TypeError, "fileno() returned a non-integer");
            return -1;
        }
    }
    if (to_int(v, out) < 0) return -1;
    if (*out < 0) {
        err_format(&exc_ValueError, "file descriptor cannot be a negative integer (%d)", *out);
        return -1;
    }
    return 0;
}

static int to_bool(Value v, bool dflt, bool *out) {
    if (!v) {
        *out = dflt;
        return 0;
    }
    int t = obj_truth(v);
    if (t < 0) return -1;
    *out = t;
    return 0;
}

/* dir_fd=None (AT_FDCWD) or an int */
static int to_dir_fd(Value v, int *out) {
    if (!v || v == V_NONE) {
        *out = AT_FDCWD;
        return 0;
    }
    if (!int_check(v)) {
        err_format(&exc_TypeError, "argument should be integer or None, not %T", v);
        return -1;
    }
    return to_int(v, out);
}

/* A path argument (CPython's path_t). */
typedef struct Path {
    const char *fname, *argname;
    bool nullable, allow_fd;
    Value object;        /* the path as given (after __fspath__), for errors */
    Value bytes;         /* the encoded path (keeps narrow alive) */
    const char *narrow;  /* NUL-terminated bytes; NULL for None and fds */
    int fd;              /* -1 unless an fd was given */
    bool is_bytes;       /* results as bytes */
} Path;

#define PATH(f, a, nul, fd) {f, a, nul, fd, VNULL, VNULL, NULL, -1, false}

/* str -> its file system bytes (UTF-8 with surrogateescape) */
static Value fs_encode(Value s) {
    if (str_is_ascii(s)) return bytes_new(str_data(s), (size_t)str_nbytes(s));
    return bytes_encode_str(s, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
}

/* bytes from the system -> str (UTF-8 with surrogateescape) */
static Value fs_decode(const char *p, size_t n) {
    if (utf8_valid(p, n)) return str_new(p, n);
    Value b = bytes_new(p, n);
    Value args[2] = {str_from_cstr("utf-8"), str_from_cstr("surrogateescape")};
    return obj_call_method(b, "decode", args, 2);
}

/* a name from the system as the path argument's kind */
static Value path_result(const Path *p, const char *s, size_t n) {
    return p && p->is_bytes ? bytes_new(s, n) : fs_decode(s, n);
}

/* os.fspath(): str and bytes as they are, else __fspath__() */
static Value fspath(Value o, bool *found) {
    *found = true;
    if (str_check(o) || bytes_check(o)) return o;
    Value m = type_lookup_cstr(type_of(o), "__fspath__");
    if (!m) {
        *found = false;
        return VNULL;
    }
    Value r = obj_call1(m, o);
    if (!r) return VNULL;
    if (!str_check(r) && !bytes_check(r))
        return err_format(&exc_TypeError, "expected %s.__fspath__() to return str or bytes, not %T",
                          type_of(o)->tname, r);
    return r;
}

static int path_conv(Value o, Path *p) {
    p->fd = -1;
    p->narrow = NULL;
    p->is_bytes = false;
    if (!o || (o == V_NONE && p->nullable)) {
        p->object = o ? o : V_NONE;
        return 0;
    }
    if (p->allow_fd && int_check(o)) {
        p->object = o;
        return to_int(o, &p->fd);
    }
    bool found;
    Value v = fspath(o, &found);
    if (!v && found) return -1;
    if (!v && !p->fname) {
        /* arguments converted as CPython's PyUnicode_FSConverter (putenv) */
        err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", o);
        return -1;
    }
    Value given = v;   /* what errors name: the str or bytes, or the bytes-like object itself */
    if (!v) {
        given = o;
        const char *allowed = p->allow_fd && p->nullable ? "string, bytes, os.PathLike, integer or None"
                              : p->allow_fd             ? "string, bytes, os.PathLike or integer"
                              : p->nullable             ? "string, bytes, os.PathLike or None"
                                                        : "string, bytes or os.PathLike";
        Value msg = str_printf("%s%s%s should be %s, not %s", p->fname ? p->fname : "", p->fname ? ": " : "",
                               p->argname, allowed, type_of(o)->tname);
        const char *d;
        int64_t n;
        if (byteslike_view(o, &d, &n)) {
            /* other bytes-like objects: deprecated, but still a path (as bytes) */
            if (warn_c(&exc_DeprecationWarning, msg, 1) < 0) return -1;
            if (!byteslike_view(o, &d, &n)) return err_set_value(&exc_TypeError, msg), -1;
            v = bytes_new(d, (size_t)n);
        } else {
            err_set_value(&exc_TypeError, msg);
            return -1;
        }
    }
    p->object = given;
    Value b = v;
    if (str_check(v)) {
        b = fs_encode(v);
        if (!b) return -1;
    } else p->is_bytes = true;
    if (memchr(bytes_data(b), 0, (size_t)bytes_size(b))) {
        err_set(&exc_ValueError, "embedded null byte");
        return -1;
    }
    p->bytes = b;
    p->narrow = bytes_data(b);
    return 0;
}

/* fd -1 is "no fd" to CPython too: a function then has no path, and the
 * system call fails with EFAULT (listdir and scandir list "." instead).
 * True, with errno set, when p is such an argument. */
static bool no_path(const Path *p) {
    if (p->narrow || p->fd >= 0) return false;
    errno = EFAULT;
    return true;
}

/* the path or "." when None was given */
static const char *path_or_dot(const Path *p) { return p->narrow ? p->narrow : "."; }

static int check_dir_fd_fd(const Path *p, int dir_fd) {
    if (p->fd >= 0 && dir_fd != AT_FDCWD) {
        err_format(&exc_ValueError, "%s: can't specify dir_fd without matching path", p->fname);
        return -1;
    }
    return 0;
}
/* (fd 0 passes, as in CPython) */
static int check_fd_follow(const Path *p, bool follow) {
    if (p->fd > 0 && !follow) {
        err_format(&exc_ValueError, "%s: cannot use fd and follow_symlinks together", p->fname);
        return -1;
    }
    return 0;
}

/* ---- stat ------------------------------------------------------------------------ */

static Type *stat_result_type, *statvfs_result_type, *uname_result_type, *times_result_type,
    *terminal_size_type;

static Value ns_total(int64_t sec, long nsec) {
    Value s = int_from_i64(sec);
    Value b = obj_binop(s, int_from_i64(1000000000), BINOP_MUL);
    return b ? obj_binop(b, int_from_i64(nsec), BINOP_ADD) : VNULL;
}

static Value stat_value(const struct stat *st) {
    Value v[19];
    v[0] = int_from_i64(st->st_mode);
    v[1] = int_from_u64(st->st_ino);
    v[2] = int_from_i64((int64_t)st->st_dev);   /* dev_t: signed, as CPython */
    v[3] = int_from_i64((int64_t)st->st_nlink);
    v[4] = int_from_i64(st->st_uid);
    v[5] = int_from_i64(st->st_gid);
    v[6] = int_from_i64(st->st_size);
    const struct timespec *ts[3] = {&st->st_atim, &st->st_mtim, &st->st_ctim};
    for (int i = 0; i < 3; i++) {
        v[7 + i] = int_from_i64(ts[i]->tv_sec);
        v[10 + i] = float_from_double((double)ts[i]->tv_sec + (double)ts[i]->tv_nsec * 1e-9);
        v[13 + i] = ns_total(ts[i]->tv_sec, ts[i]->tv_nsec);
        if (!v[13 + i]) return VNULL;
    }
    v[16] = int_from_i64(st->st_blksize);
    v[17] = int_from_i64(st->st_blocks);
    v[18] = int_from_i64((int64_t)st->st_rdev);
    return structseq_new(stat_result_type, v);
}

/* os.stat_result(seq): the float times default to the int ones, as CPython */
static Value stat_result_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value r = structseq_type_new(t, args, nargs, kwnames);
    if (!r) return VNULL;
    for (int i = 0; i < 3; i++)
        if (structseq_get(r, 10 + i) == V_NONE) structseq_set(r, 10 + i, tuple_get(r, 7 + i));
    return r;
}

static const ArgSpec stat_spec = {"stat", 0, 1, 2, {"path", "dir_fd=None", "follow_symlinks=True", NULL}};
static const ArgSpec lstat_spec = {"lstat", 0, 1, 1, {"path", "dir_fd=None", NULL}};
static Value do_stat(const char *fname, Value *args, size_t nargs, Value kwnames, bool lstat_) {
    Value a[3] = {VNULL, VNULL, VNULL};
    if (arg_parse(lstat_ ? &lstat_spec : &stat_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Path p = PATH(fname, "path", false, !lstat_);
    int dir_fd;
    bool follow;
    if (path_conv(a[0], &p) < 0 || to_dir_fd(a[1], &dir_fd) < 0 || to_bool(a[2], !lstat_, &follow) < 0)
        return VNULL;
    if (check_dir_fd_fd(&p, dir_fd) < 0 || check_fd_follow(&p, follow) < 0) return VNULL;
    if (no_path(&p)) return posix_error(p.object);
    struct stat st;
    int r;
    if (p.fd >= 0) r = fstat(p.fd, &st);
    else if (dir_fd == AT_FDCWD && follow) r = stat(p.narrow, &st);
    else r = fstatat(dir_fd, p.narrow, &st, follow ? 0 : AT_SYMLINK_NOFOLLOW);
    if (r < 0) return posix_error(p.object);
    return stat_value(&st);
}

static Value p_stat(Value *args, size_t nargs, Value kwnames) { return do_stat("stat", args, nargs, kwnames, false); }
static Value p_lstat(Value *args, size_t nargs, Value kwnames) { return do_stat("lstat", args, nargs, kwnames, true); }

static const ArgSpec p_fstat_spec = {"fstat", 0, 1, 0, {"fd", NULL}};
static Value p_fstat(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int fd;
    if (arg_parse(&p_fstat_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0) return VNULL;
    struct stat st;
    int r;
    BLOCKING_CALL(r, fstat(fd, &st));
    if (r < 0) return posix_error(VNULL);
    return stat_value(&st);
}

static Value statvfs_value(const struct statvfs *s) {
    Value v[11] = {int_from_u64(s->f_bsize),  int_from_u64(s->f_frsize), int_from_u64(s->f_blocks),
                   int_from_u64(s->f_bfree),  int_from_u64(s->f_bavail), int_from_u64(s->f_files),
                   int_from_u64(s->f_ffree),  int_from_u64(s->f_favail), int_from_u64(s->f_flag),
                   int_from_u64(s->f_namemax), int_from_u64(s->f_fsid)};
    return structseq_new(statvfs_result_type, v);
}

static const ArgSpec p_statvfs_spec = {"statvfs", 0, 1, 0, {"path", NULL}};
static Value p_statvfs(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    Path p = PATH("statvfs", "path", false, true);
    if (arg_parse(&p_statvfs_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0) return VNULL;
    if (no_path(&p)) return posix_error(p.object);
    struct statvfs s;
    int r;
    BLOCKING_CALL(r, p.fd >= 0 ? fstatvfs(p.fd, &s) : statvfs(p.narrow, &s));
    if (r < 0) return posix_error(p.object);
    return statvfs_value(&s);
}

static const ArgSpec p_fstatvfs_spec = {"posix.fstatvfs", 1, 1, 0, {"fd", NULL}};
static Value p_fstatvfs(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int fd;
    if (arg_parse(&p_fstatvfs_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0) return VNULL;
    struct statvfs s;
    int r;
    BLOCKING_CALL(r, fstatvfs(fd, &s));
    if (r < 0) return posix_error(VNULL);
    return statvfs_value(&s);
}

/* ---- files and directories ------------------------------------------------------- */

static const ArgSpec p_access_spec = {"access", 0, 2, 3, {"path", "mode", "dir_fd=None", "effective_ids=False", "follow_symlinks=True", NULL}};
static Value p_access(Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    Path p = PATH("access", "path", false, false);
    int mode, dir_fd;
    bool eff, follow;
    if (arg_parse(&p_access_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_int(a[1], &mode) < 0 ||
        to_dir_fd(a[2], &dir_fd) < 0 || to_bool(a[3], false, &eff) < 0 || to_bool(a[4], true, &follow) < 0)
        return VNULL;
    int flags = (eff ? AT_EACCESS : 0) | (follow ? 0 : AT_SYMLINK_NOFOLLOW);
    int r = flags || dir_fd != AT_FDCWD ? faccessat(dir_fd, p.narrow, mode, flags) : access(p.narrow, mode);
    return v_bool(r == 0);
}

/* audit events give a dir_fd left out as -1, as CPython's */
static Value audit_dir_fd(int fd) { return int_from_i64(fd == AT_FDCWD ? -1 : fd); }

static const ArgSpec p_chdir_spec = {"chdir", 0, 1, 0, {"path", NULL}};
static Value p_chdir(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    Path p = PATH("chdir", "path", false, true);
    if (arg_parse(&p_chdir_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0) return VNULL;
    if (AUDIT("os.chdir", 1, a[0]) < 0) return VNULL;
    if (no_path(&p)) return posix_error(p.object);
    if ((p.fd >= 0 ? fchdir(p.fd) : chdir(p.narrow)) < 0) return posix_error(p.object);
    return V_NONE;
}

static const ArgSpec p_fchdir_spec = {"fchdir", 0, 1, 0, {"fd", NULL}};
static Value p_fchdir(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int fd;
    if (arg_parse(&p_fchdir_spec, args, nargs, kwnames, a) < 0 || to_fildes(a[0], &fd) < 0) return VNULL;
    int r;
    BLOCKING_CALL(r, fchdir(fd));
    if (r < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_chmod_spec = {"chmod", 0, 2, 2, {"path", "mode", "dir_fd=None", "follow_symlinks=True", NULL}};
static Value p_chmod(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    Path p = PATH("chmod", "path", false, true);
    int mode, dir_fd;
    bool follow;
    if (arg_parse(&p_chmod_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_int(a[1], &mode) < 0 ||
        to_dir_fd(a[2], &dir_fd) < 0 || to_bool(a[3], true, &follow) < 0)
        return VNULL;
    if (AUDIT("os.chmod", 3, a[0], int_from_i64(mode), audit_dir_fd(dir_fd)) < 0) return VNULL;
    if (check_dir_fd_fd(&p, dir_fd) < 0 || check_fd_follow(&p, follow) < 0) return VNULL;
    if (no_path(&p)) return posix_error(p.object);
    int r;
    if (p.fd >= 0) {
        BLOCKING_CALL(r, fchmod(p.fd, (mode_t)mode));
    } else if (dir_fd == AT_FDCWD && follow) r = chmod(p.narrow, (mode_t)mode);
    else {
        r = fchmodat(dir_fd, p.narrow, (mode_t)mode, follow ? 0 : AT_SYMLINK_NOFOLLOW);
        if (r < 0 && !follow && (errno == ENOTSUP || errno == EOPNOTSUPP))
            return err_set(&exc_NotImplementedError, "chmod: follow_symlinks unavailable on this platform");
    }
    if (r < 0) return posix_error(p.object);
    return V_NONE;
}

static const ArgSpec p_fchmod_spec = {"fchmod", 0, 2, 0, {"fd", "mode", NULL}};
static Value p_fchmod(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int fd, mode;
    if (arg_parse(&p_fchmod_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_int(a[1], &mode) < 0)
        return VNULL;
    int r;
    BLOCKING_CALL(r, fchmod(fd, (mode_t)mode));
    if (r < 0) return posix_error(VNULL);
    return V_NONE;
}

/* uid/gid arguments: -1 means "unchanged" */
/* __index__ then a C long: OverflowError (not obj_index_i64's IndexError)
   when it does not fit, as CPython's integer converters */
int64_t index_as_long(Value v) {
    Value i = obj_index(v);
    if (!i) return -1;
    return int_as_i64(i);
}

/* an fd: an int, or an object whose fileno() returns one (CPython's
   PyObject_AsFileDescriptor; fcntl, termios and select use it) */
int fd_from_object(Value v) {
    if (!int_check(v)) {
        Value f = obj_getattr_opt(v, str_intern_cstr("fileno"));
        if (!f) {
            if (!err_occurred()) err_set(&exc_TypeError, "argument must be an int, or have a fileno() method.");
            return -1;
        }
        v = obj_call0(f);
        if (!v) return -1;
        if (!int_check(v)) {
            err_set(&exc_TypeError, "fileno() returned a non-integer");
            return -1;
        }
    }
    int64_t x = index_as_long(v);
    if (x == -1 && err_occurred()) return -1;
    if (x > INT_MAX) {
        err_set(&exc_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    if (x < 0) {
        err_format(&exc_ValueError, "file descriptor cannot be a negative integer (%d)", (int)x);
        return -1;
    }
    return (int)x;
}

/* A uid or gid argument (what: "uid" or "gid") as CPython's
 * _Py_Uid_Converter takes it, quirks included: -1 means "unchanged"; a
 * value that fits a C long but not the 32-bit id is "less than minimum",
 * one beyond a C long "greater than maximum"; 2**32-1 reads as -1. */
int posix_id_converter(Value v, const char *what, int64_t *out) {
    Value i = obj_index(v);
    if (!i) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_format(&exc_TypeError, "%s should be integer, not %T", what, v);
        }
        return -1;
    }
    if (int_compare(i, int_from_i64(INT64_MAX)) > 0) {
        err_format(&exc_OverflowError, "%s is greater than maximum", what);
        return -1;
    }
    if (int_compare(i, int_from_i64(INT64_MIN)) < 0) {
        err_format(&exc_OverflowError, "%s is less than minimum", what);
        return -1;
    }
    int64_t n = int_as_i64(i);
    if (n == -1 || n == (int64_t)UINT32_MAX) {
        *out = -1;
        return 0;
    }
    if (n < 0 || n > (int64_t)UINT32_MAX) {
        err_format(&exc_OverflowError, "%s is less than minimum", what);
        return -1;
    }
    *out = n;
    return 0;
}

static int to_id(Value v, int64_t *out, const char *what) { return posix_id_converter(v, what, out); }

/* a dev_t (unsigned 64 bits) */
static int to_dev(Value v, int64_t *out) {
    Value i = obj_index(v);
    if (!i) return -1;
    if (int_sign(i) < 0) {
        err_set(&exc_OverflowError, "can't convert negative int to unsigned");
        return -1;
    }
    if (int_compare(i, int_from_u64(UINT64_MAX)) > 0) {
        err_set(&exc_OverflowError, "int too big to convert");
        return -1;
    }
    mpz_t z;
    mpz_init(z);
    int_to_mpz(i, z);
    *out = (int64_t)mpz_get_ui(z);
    mpz_clear(z);
    return 0;
}

static const ArgSpec p_chown_spec = {"chown", 0, 3, 2, {"path", "uid", "gid", "dir_fd=None", "follow_symlinks=True", NULL}};
static Value p_chown(Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    Path p = PATH("chown", "path", false, true);
    int64_t uid, gid;
    int dir_fd;
    bool follow;
    if (arg_parse(&p_chown_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_id(a[1], &uid, "uid") < 0 ||
        to_id(a[2], &gid, "gid") < 0 || to_dir_fd(a[3], &dir_fd) < 0 || to_bool(a[4], true, &follow) < 0)
        return VNULL;
    if (check_dir_fd_fd(&p, dir_fd) < 0 || check_fd_follow(&p, follow) < 0) return VNULL;
    if (no_path(&p)) return posix_error(p.object);
    int r;
    if (p.fd >= 0) r = fchown(p.fd, (uid_t)uid, (gid_t)gid);
    else r = fchownat(dir_fd, p.narrow, (uid_t)uid, (gid_t)gid, follow ? 0 : AT_SYMLINK_NOFOLLOW);
    if (r < 0) return posix_error(p.object);
    return V_NONE;
}

static const ArgSpec p_fchown_spec = {"fchown", 0, 3, 0, {"fd", "uid", "gid", NULL}};
static Value p_fchown(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    int fd;
    int64_t uid, gid;
    if (arg_parse(&p_fchown_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_id(a[1], &uid, "uid") < 0 ||
        to_id(a[2], &gid, "gid") < 0)
        return VNULL;
    int r;
    BLOCKING_CALL(r, fchown(fd, (uid_t)uid, (gid_t)gid));
    if (r < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_lchown_spec = {"lchown", 0, 3, 0, {"path", "uid", "gid", NULL}};
static Value p_lchown(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    Path p = PATH("lchown", "path", false, false);
    int64_t uid, gid;
    if (arg_parse(&p_lchown_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_id(a[1], &uid, "uid") < 0 ||
        to_id(a[2], &gid, "gid") < 0)
        return VNULL;
    if (lchown(p.narrow, (uid_t)uid, (gid_t)gid) < 0) return posix_error(p.object);
    return V_NONE;
}

static Value cwd(bool as_bytes) {
    size_t cap = 256;
    for (;;) {
        char *buf = gc_alloc_atomic(cap);
        if (getcwd(buf, cap)) return as_bytes ? bytes_new(buf, strlen(buf)) : fs_decode(buf, strlen(buf));
        if (errno != ERANGE) return posix_error(VNULL);
        cap *= 2;
    }
}
static const ArgSpec p_getcwd_spec = {"posix.getcwd", 0, 0, 0, {NULL}};
static Value p_getcwd(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_getcwd_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return cwd(false);
}
static const ArgSpec p_getcwdb_spec = {"posix.getcwdb", 0, 0, 0, {NULL}};
static Value p_getcwdb(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_getcwdb_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return cwd(true);
}

static const ArgSpec p_link_spec = {"link", 0, 2, 3, {"src", "dst", "src_dir_fd=None", "dst_dir_fd=None", "follow_symlinks=True", NULL}};
static Value p_link(Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    Path s = PATH("link", "src", false, false), d = PATH("link", "dst", false, false);
    int sfd, dfd;
    bool follow;
    if (arg_parse(&p_link_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &s) < 0 || path_conv(a[1], &d) < 0 ||
        to_dir_fd(a[2], &sfd) < 0 || to_dir_fd(a[3], &dfd) < 0 || to_bool(a[4], true, &follow) < 0)
        return VNULL;
    int r = sfd == AT_FDCWD && dfd == AT_FDCWD && follow ? link(s.narrow, d.narrow)
                                                          : linkat(sfd, s.narrow, dfd, d.narrow, follow ? AT_SYMLINK_FOLLOW : 0);
    if (r < 0) return posix_error2(s.object, d.object);
    return V_NONE;
}

/* The entries of a directory stream (not "." and ".."), as names of
 * `p`'s kind; closes the stream. */
static Value read_names(DIR *dir, const Path *p) {
    Value list = list_new(0);
    for (;;) {
        errno = 0;
        struct dirent *e = readdir(dir);
        if (!e) {
            if (errno) {
                Value r = posix_error(p->object);
                closedir(dir);
                return r;
            }
            break;
        }
        const char *n = e->d_name;
        if (n[0] == '.' && (!n[1] || (n[1] == '.' && !n[2]))) continue;
        Value name = path_result(p, n, strlen(n));
        if (!name || list_push(list, name) < 0) {
            closedir(dir);
            return VNULL;
        }
    }
    closedir(dir);
    return list;
}

/* opendir on a path or (a duplicate of) an fd, rewound */
static DIR *open_dir(const Path *p) {
    if (p->fd < 0) return opendir(path_or_dot(p));
    int fd = dup(p->fd);
    if (fd < 0) return NULL;
    DIR *d = fdopendir(fd);
    if (!d) {
        int e = errno;
        close(fd);
        errno = e;
        return NULL;
    }
    rewinddir(d);
    return d;
}

static const ArgSpec p_listdir_spec = {"listdir", 0, 0, 0, {"path=None", NULL}};
static Value p_listdir(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    Path p = PATH("listdir", "path", true, true);
    if (arg_parse(&p_listdir_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0) return VNULL;
    if (AUDIT("os.listdir", 1, a[0] ? a[0] : V_NONE) < 0) return VNULL;
    /* the name for errors, made before the call can set errno */
    Value name = p.narrow || p.fd >= 0 ? p.object : str_from_cstr(".");
    DIR *d = open_dir(&p);
    if (!d) return posix_error(name);
    return read_names(d, &p);
}

static const ArgSpec p_mkdir_spec = {"mkdir", 0, 1, 1, {"path", "mode=511", "dir_fd=None", NULL}};
static Value p_mkdir(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    Path p = PATH("mkdir", "path", false, false);
    int mode = 0777, dir_fd;
    if (arg_parse(&p_mkdir_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || (a[1] && to_int(a[1], &mode) < 0) ||
        to_dir_fd(a[2], &dir_fd) < 0)
        return VNULL;
    if (AUDIT("os.mkdir", 3, a[0], int_from_i64(mode), audit_dir_fd(dir_fd)) < 0) return VNULL;
    if (mkdirat(dir_fd, p.narrow, (mode_t)mode) < 0) return posix_error(p.object);
    return V_NONE;
}

static const ArgSpec p_mkfifo_spec = {"mkfifo", 0, 1, 1, {"path", "mode=438", "dir_fd=None", NULL}};
static Value p_mkfifo(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    Path p = PATH("mkfifo", "path", false, false);
    int mode = 0666, dir_fd;
    if (arg_parse(&p_mkfifo_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || (a[1] && to_int(a[1], &mode) < 0) ||
        to_dir_fd(a[2], &dir_fd) < 0)
        return VNULL;
    int r;
    BLOCKING_CALL(r, mkfifoat(dir_fd, p.narrow, (mode_t)mode));
    if (r < 0) return posix_error(p.object);
    return V_NONE;
}

static const ArgSpec p_rmdir_spec = {"rmdir", 0, 1, 1, {"path", "dir_fd=None", NULL}};
static Value p_rmdir(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Path p = PATH("rmdir", "path", false, false);
    int dir_fd;
    if (arg_parse(&p_rmdir_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_dir_fd(a[1], &dir_fd) < 0)
        return VNULL;
    if (AUDIT("os.rmdir", 2, a[0], audit_dir_fd(dir_fd)) < 0) return VNULL;
    if ((dir_fd == AT_FDCWD ? rmdir(p.narrow) : unlinkat(dir_fd, p.narrow, AT_REMOVEDIR)) < 0)
        return posix_error(p.object);
    return V_NONE;
}

static Value do_unlink(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Path p = PATH(spec->fname, "path", false, false);
    int dir_fd;
    if (arg_parse(spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_dir_fd(a[1], &dir_fd) < 0)
        return VNULL;
    /* unlink and remove raise the same event */
    if (AUDIT("os.remove", 2, a[0], audit_dir_fd(dir_fd)) < 0) return VNULL;
    if (unlinkat(dir_fd, p.narrow, 0) < 0) return posix_error(p.object);
    return V_NONE;
}
static Value p_unlink(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"unlink", 0, 1, 1, {"path", "dir_fd", NULL}};
    return do_unlink(&spec, args, nargs, kwnames);
}
static Value p_remove(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"remove", 0, 1, 1, {"path", "dir_fd", NULL}};
    return do_unlink(&spec, args, nargs, kwnames);
}

static Value do_rename(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    Path s = PATH(spec->fname, "src", false, false), d = PATH(spec->fname, "dst", false, false);
    int sfd, dfd;
    if (arg_parse(spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &s) < 0 || path_conv(a[1], &d) < 0 ||
        to_dir_fd(a[2], &sfd) < 0 || to_dir_fd(a[3], &dfd) < 0)
        return VNULL;
    /* rename and replace raise the same event */
    if (AUDIT("os.rename", 4, a[0], a[1], audit_dir_fd(sfd), audit_dir_fd(dfd)) < 0) return VNULL;
    if (renameat(sfd, s.narrow, dfd, d.narrow) < 0) return posix_error2(s.object, d.object);
    return V_NONE;
}
static Value p_rename(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"rename", 0, 2, 2, {"src", "dst", "src_dir_fd", "dst_dir_fd", NULL}};
    return do_rename(&spec, args, nargs, kwnames);
}
static Value p_replace(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"replace", 0, 2, 2, {"src", "dst", "src_dir_fd", "dst_dir_fd", NULL}};
    return do_rename(&spec, args, nargs, kwnames);
}

static const ArgSpec p_symlink_spec = {"symlink", 0, 2, 1, {"src", "dst", "target_is_directory=False", "dir_fd=None", NULL}};
static Value p_symlink(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    Path s = PATH("symlink", "src", false, false), d = PATH("symlink", "dst", false, false);
    int dir_fd;
    bool isdir;
    if (arg_parse(&p_symlink_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &s) < 0 || path_conv(a[1], &d) < 0 ||
        to_bool(a[2], false, &isdir) < 0 || to_dir_fd(a[3], &dir_fd) < 0)
        return VNULL;
    if (symlinkat(s.narrow, dir_fd, d.narrow) < 0) return posix_error2(s.object, d.object);
    return V_NONE;
}

static const ArgSpec p_readlink_spec = {"readlink", 0, 1, 1, {"path", "dir_fd=None", NULL}};
static Value p_readlink(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Path p = PATH("readlink", "path", false, false);
    int dir_fd;
    if (arg_parse(&p_readlink_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_dir_fd(a[1], &dir_fd) < 0)
        return VNULL;
    size_t cap = 256;
    for (;;) {
        char *buf = gc_alloc_atomic(cap);
        ssize_t n = readlinkat(dir_fd, p.narrow, buf, cap);
        if (n < 0) return posix_error(p.object);
        if ((size_t)n < cap) return path_result(&p, buf, (size_t)n);
        cap *= 2;
    }
}

/* a time in seconds (int or float) -> timespec, rounding toward -inf */
static int to_timespec(Value v, struct timespec *ts) {
    if (float_check(v)) {
        double d = float_val(v);
        if (d != d) return err_set(&exc_ValueError, "Invalid value NaN (not a number)"), -1;
        double ip = floor(d), fp = (d - ip) * 1e9;
        fp = floor(fp);
        if (fp >= 1e9) {
            fp -= 1e9;
            ip += 1;
        }
        if (ip < -9.2e18 || ip > 9.2e18)
            return err_set(&exc_OverflowError, "timestamp out of range for platform time_t"), -1;
        ts->tv_sec = (time_t)ip;
        ts->tv_nsec = (long)fp;
        return 0;
    }
    int64_t s;
    if (to_i64(v, &s) < 0) return -1;
    ts->tv_sec = (time_t)s;
    ts->tv_nsec = 0;
    return 0;
}

/* nanoseconds (an int of any size) -> timespec */
static int ns_to_timespec(Value v, struct timespec *ts) {
    if (!int_check(v)) return err_format(&exc_TypeError, "'%s' object cannot be interpreted as an integer", type_of(v)->tname), -1;
    Value billion = int_from_i64(1000000000);
    Value q = obj_binop(v, billion, BINOP_FLOORDIV), r = q ? obj_binop(v, billion, BINOP_MOD) : VNULL;
    if (!r) return -1;
    int64_t s;
    if (to_i64(q, &s) < 0) return -1;
    ts->tv_sec = (time_t)s;
    ts->tv_nsec = (long)int_as_i64(r);
    return 0;
}

static Value p_utime(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"utime", 0, 1, 3, {"path", "times", "ns", "dir_fd", "follow_symlinks", NULL}};
    Value a[5];
    Path p = PATH("utime", "path", false, true);
    int dir_fd;
    bool follow;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_dir_fd(a[3], &dir_fd) < 0 ||
        to_bool(a[4], true, &follow) < 0)
        return VNULL;
    struct timespec ts[2];
    struct timespec *tp = NULL;
    Value times = a[1] && a[1] != V_NONE ? a[1] : VNULL;
    if (times && a[2]) return err_set(&exc_ValueError, "utime: you may specify either 'times' or 'ns' but not both");
    if (times) {
        if (!tuple_check(times) || tuple_size(times) != 2)
            return err_set(&exc_TypeError, "utime: 'times' must be either a tuple of two ints or None");
        if (to_timespec(tuple_get(times, 0), &ts[0]) < 0 || to_timespec(tuple_get(times, 1), &ts[1]) < 0)
            return VNULL;
        tp = ts;
    } else if (a[2]) {
        if (!tuple_check(a[2]) || tuple_size(a[2]) != 2)
            return err_set(&exc_TypeError, "utime: 'ns' must be a tuple of two ints");
        if (ns_to_timespec(tuple_get(a[2], 0), &ts[0]) < 0 || ns_to_timespec(tuple_get(a[2], 1), &ts[1]) < 0)
            return VNULL;
        tp = ts;
    }
    if (check_dir_fd_fd(&p, dir_fd) < 0 || check_fd_follow(&p, follow) < 0) return VNULL;
    if (no_path(&p)) {
        errno = EINVAL;   /* utimensat's answer for no path, as CPython gets it */
        return posix_error(VNULL);
    }
    int r = p.fd >= 0 ? futimens(p.fd, tp) : utimensat(dir_fd, p.narrow, tp, follow ? 0 : AT_SYMLINK_NOFOLLOW);
    if (r < 0) return posix_error(VNULL);   /* CPython names no file here */
    return V_NONE;
}

static const ArgSpec p_umask_spec = {"posix.umask", 1, 1, 0, {"mask", NULL}};
static Value p_umask(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int mask;
    if (arg_parse(&p_umask_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &mask) < 0) return VNULL;
    return v_int((int64_t)umask((mode_t)mask));
}

static const ArgSpec p_truncate_spec = {"truncate", 0, 2, 0, {"path", "length", NULL}};
static Value p_truncate(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Path p = PATH("truncate", "path", false, true);
    int64_t len;
    if (arg_parse(&p_truncate_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_i64(a[1], &len) < 0)
        return VNULL;
    if (AUDIT("os.truncate", 2, a[0], int_from_i64(len)) < 0) return VNULL;
    if (no_path(&p)) return posix_error(p.object);
    int r;
    BLOCKING_CALL(r, p.fd >= 0 ? ftruncate(p.fd, (off_t)len) : truncate(p.narrow, (off_t)len));
    if (r < 0) return posix_error(p.object);
    return V_NONE;
}

/* ---- scandir --------------------------------------------------------------------- */

/* A directory entry: its name and path in the kind scandir() was given,
 * the d_type readdir reported, and stat results once asked for. */
typedef struct DirEntryObject {
    Object hdr;
    Value name, path;
    Value stat, lstat;       /* VNULL until computed */
    int dir_fd;              /* scandir(fd): stat relative to it; else -1 */
    unsigned char d_type;
    uint64_t ino;
} DirEntryObject;

typedef struct ScandirObject {
    Object hdr;
    DIR *dir;                /* NULL once closed */
    Path p;
    int fd;                  /* scandir(fd): the caller's fd; else -1 */
} ScandirObject;

static Type direntry_type, scandir_type;

static inline DirEntryObject *DE(Value v) { return V_AS(DirEntryObject, v); }

static Value direntry_fetch_stat(Value self, bool follow) {
    DirEntryObject *e = DE(self);
    struct stat st;
    int r;
    if (e->dir_fd >= 0) {
        Value b = bytes_check(e->name) ? e->name : fs_encode(e->name);
        if (!b) return VNULL;
        r = fstatat(e->dir_fd, bytes_data(b), &st, follow ? 0 : AT_SYMLINK_NOFOLLOW);
    } else {
        Value b = bytes_check(e->path) ? e->path : fs_encode(e->path);
        if (!b) return VNULL;
        r = follow ? stat(bytes_data(b), &st) : lstat(bytes_data(b), &st);
    }
    if (r < 0) return posix_error(e->path);
    return stat_value(&st);
}

static Value direntry_get_lstat(Value self) {
    DirEntryObject *e = DE(self);
    if (!e->lstat) e->lstat = direntry_fetch_stat(self, false);
    return e->lstat;
}

static bool direntry_is_link(DirEntryObject *e) { return e->d_type == DT_LNK; }

static Value direntry_get_stat(Value self, bool follow) {
    DirEntryObject *e = DE(self);
    if (!follow) return direntry_get_lstat(self);
    if (!e->stat) {
        bool link = e->d_type == DT_UNKNOWN ? true : direntry_is_link(e);
        if (e->d_type == DT_UNKNOWN) {
            Value l = direntry_get_lstat(self);
            if (!l) return VNULL;
            link = S_ISLNK(int_as_i64(tuple_get(l, 0)));
        }
        e->stat = link ? direntry_fetch_stat(self, true) : direntry_get_lstat(self);
    }
    return e->stat;
}

/* is_dir()/is_file(): from d_type when it is known and not a link to
 * follow; else from stat, a missing target meaning False */
static int direntry_test_mode(Value self, bool follow, mode_t want) {
    DirEntryObject *e = DE(self);
    if (e->d_type != DT_UNKNOWN && !(follow && direntry_is_link(e)))
        return want == S_IFDIR ? e->d_type == DT_DIR : e->d_type == DT_REG;
    Value st = direntry_get_stat(self, follow);
    if (!st) {
        if (err_matches(&exc_FileNotFoundError)) {
            err_clear();
            return 0;
        }
        return -1;
    }
    return (int_as_i64(tuple_get(st, 0)) & S_IFMT) == want;
}

static const ArgSpec follow_only_spec = {"is_dir", 0, 0, 1, {"follow_symlinks", NULL}};

static Value de_is_x(Value *args, size_t nargs, Value kwnames, const char *fname, mode_t want) {
    ArgSpec spec = follow_only_spec;
    spec.fname = fname;
    Value a[1];
    bool follow;
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0 || to_bool(a[0], true, &follow) < 0) return VNULL;
    int r = direntry_test_mode(args[0], follow, want);
    return r < 0 ? VNULL : v_bool(r);
}
static Value de_is_dir(Value *args, size_t nargs, Value kwnames) {
    return de_is_x(args, nargs, kwnames, "is_dir", S_IFDIR);
}
static Value de_is_file(Value *args, size_t nargs, Value kwnames) {
    return de_is_x(args, nargs, kwnames, "is_file", S_IFREG);
}
static Value de_is_symlink(Value *args, size_t nargs, Value kwnames) {
    /* CPython's wording for this method (it takes the defining class) */
    if (nargs > 1 || (kwnames && tuple_size(kwnames))) return err_set(&exc_TypeError, "is_symlink() takes no arguments");
    DirEntryObject *e = DE(args[0]);
    if (e->d_type != DT_UNKNOWN) return v_bool(e->d_type == DT_LNK);
    Value st = direntry_get_lstat(args[0]);
    if (!st) {
        if (err_matches(&exc_FileNotFoundError)) {
            err_clear();
            return V_FALSE;
        }
        return VNULL;
    }
    return v_bool(S_ISLNK(int_as_i64(tuple_get(st, 0))));
}
static Value de_stat(Value *args, size_t nargs, Value kwnames) {
    ArgSpec spec = follow_only_spec;
    spec.fname = "stat";
    Value a[1];
    bool follow;
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0 || to_bool(a[0], true, &follow) < 0) return VNULL;
    return direntry_get_stat(args[0], follow);
}
static const ArgSpec de_inode_spec = {"DirEntry.inode", 0, 0, 0, {NULL}};
static Value de_inode(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&de_inode_spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return int_from_u64(DE(args[0])->ino);
}
static const ArgSpec de_fspath_spec = {"DirEntry.__fspath__", 0, 0, 0, {NULL}};
static Value de_fspath(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&de_fspath_spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return DE(args[0])->path;
}
static Value de_repr(Value self) { return str_printf("<DirEntry %R>", DE(self)->name); }
static Value de_name(Value self) { return DE(self)->name; }
static Value de_path(Value self) { return DE(self)->path; }

static Value sd_next(Value self) {
    ScandirObject *s = V_AS(ScandirObject, self);
    while (s->dir) {
        errno = 0;
        struct dirent *d = readdir(s->dir);
        if (!d) {
            int e = errno;
            closedir(s->dir);
            s->dir = NULL;
            if (e) {
                errno = e;
                return posix_error(s->p.object);
            }
            return VNULL;
        }
        const char *n = d->d_name;
        if (n[0] == '.' && (!n[1] || (n[1] == '.' && !n[2]))) continue;
        DirEntryObject *e = (DirEntryObject *)obj_alloc(&direntry_type, sizeof(DirEntryObject));
        size_t nl = strlen(n);
        e->name = path_result(&s->p, n, nl);
        if (!e->name) return VNULL;
        e->d_type = d->d_type;
        e->ino = d->d_ino;
        e->dir_fd = s->fd;
        if (s->fd >= 0) e->path = e->name;
        else {
            /* path: the directory given joined with the name ("./" only when
               the directory was omitted, as CPython) */
            const char *dir = path_or_dot(&s->p);
            size_t dl = strlen(dir);
            char *buf = gc_alloc_atomic(dl + nl + 2);
            memcpy(buf, dir, dl);
            size_t k = dl;
            if (k && buf[k - 1] != '/') buf[k++] = '/';
            memcpy(buf + k, n, nl);
            e->path = path_result(&s->p, buf, k + nl);
            if (!e->path) return VNULL;
        }
        return V_FROM_PTR(e);
    }
    return VNULL;
}

static Value sd_iter(Value self) { return self; }

static void sd_close_dir(ScandirObject *s) {
    if (s->dir) {
        closedir(s->dir);
        s->dir = NULL;
    }
}

/* collected while its directory is open: CPython's ResourceWarning
   "unclosed scandir iterator", then the stream closed (errors dropped, as
   this runs from the collector; a warning made an error is unraisable) */
static void sd_finalize(void *obj) {
    ScandirObject *s = obj;
    if (!s->dir) return;
    Value self = V_FROM_PTR(s);
    Value saved = err_fetch();
    Value r = obj_repr(self);
    if (r && warn_source_c(&exc_ResourceWarning, str_printf("unclosed scandir iterator %U", r), 1, self) < 0 &&
        err_matches(&exc_Warning))
        err_write_unraisable(err_fetch(), NULL, self);
    err_clear();
    err_restore(saved);
    sd_close_dir(s);
}

static Value sd_close(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"ScandirIterator.close", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    sd_close_dir(V_AS(ScandirObject, args[0]));
    return V_NONE;
}
static Value sd_enter(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"ScandirIterator.__enter__", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return args[0];
}
static Value sd_exit(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    (void)nargs;
    sd_close_dir(V_AS(ScandirObject, args[0]));
    return V_NONE;
}

static const ArgSpec p_scandir_spec = {"scandir", 0, 0, 0, {"path=None", NULL}};
static Value p_scandir(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    ScandirObject *s = (ScandirObject *)obj_alloc(&scandir_type, sizeof(ScandirObject));
    s->p = (Path)PATH("scandir", "path", true, true);
    if (arg_parse(&p_scandir_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &s->p) < 0) return VNULL;
    if (AUDIT("os.scandir", 1, a[0] ? a[0] : V_NONE) < 0) return VNULL;
    s->fd = s->p.fd;
    Value name = s->p.narrow || s->fd >= 0 ? s->p.object : str_from_cstr(".");
    s->dir = open_dir(&s->p);
    if (!s->dir) return posix_error(name);
    /* a scandir iterator dropped unclosed closes its stream when collected */
    gc_register_finalizer(s, sd_finalize);
    return V_FROM_PTR(s);
}

/* ---- file descriptors ------------------------------------------------------------ */

static const ArgSpec p_open_spec = {"open", 0, 2, 1, {"path", "flags", "mode=511", "dir_fd=None", NULL}};
static Value p_open(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    Path p = PATH("open", "path", false, false);
    int flags, mode = 0777, dir_fd;
    if (arg_parse(&p_open_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_int(a[1], &flags) < 0 ||
        (a[2] && to_int(a[2], &mode) < 0) || to_dir_fd(a[3], &dir_fd) < 0)
        return VNULL;
    if (AUDIT("open", 3, a[0], V_NONE, int_from_i64(flags)) < 0) return VNULL;
    /* new fds are not inherited by exec'd programs (PEP 446) */
    int fd;
    BLOCKING_CALL(fd, openat(dir_fd, p.narrow, flags | O_CLOEXEC, mode));
    if (fd < 0) return posix_error(p.object);
    return v_int(fd);
}

/* fd functions of the form f(fd, /) and f(fd) */
static int one_fd(const char *fname, bool posonly, Value *args, size_t nargs, Value kwnames, int *fd) {
    ArgSpec spec = {fname, posonly, 1, 0, {"fd", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    return to_int(a[0], fd);
}

static Value p_close(Value *args, size_t nargs, Value kwnames) {
    int fd;
    if (one_fd("close", false, args, nargs, kwnames, &fd) < 0) return VNULL;
    /* no retry: on Linux the fd is released even when close says EINTR */
    if (close(fd) < 0 && errno != EINTR) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_closerange_spec = {"closerange", 2, 2, 0, {"fd_low", "fd_high", NULL}};
static Value p_closerange(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int lo, hi;
    if (arg_parse(&p_closerange_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &lo) < 0 || to_int(a[1], &hi) < 0) return VNULL;
    if (lo < 0) lo = 0;
    for (int fd = lo; fd < hi; fd++) close(fd);
    return V_NONE;
}

static const ArgSpec p_read_spec = {"read", 2, 2, 0, {"fd", "length", NULL}};
static Value p_read(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int fd;
    int64_t len;
    if (arg_parse(&p_read_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_ssize(a[1], &len) < 0) return VNULL;
    if (len < 0) {
        errno = EINVAL;
        return posix_error(VNULL);
    }
    Value b = bytes_try_alloc((size_t)len);
    if (!b) return VNULL;
    ssize_t n;
    BLOCKING_CALL(n, read(fd, V_AS(BytesObject, b)->data, (size_t)len));
    if (n < 0) return posix_error(VNULL);
    if (n == len) return b;
    return bytes_new(bytes_data(b), (size_t)n);
}

static const ArgSpec p_write_spec = {"write", 2, 2, 0, {"fd", "data", NULL}};
static Value p_write(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int fd;
    if (arg_parse(&p_write_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0) return VNULL;
    const char *d;
    int64_t n;
    if (!byteslike_view(a[1], &d, &n))
        return err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(a[1])->tname);
    ssize_t w;
    BLOCKING_CALL(w, write(fd, d, (size_t)n));
    if (w < 0) return posix_error(VNULL);
    return v_int(w);
}

static const ArgSpec p_pread_spec = {"pread", 3, 3, 0, {"fd", "length", "offset", NULL}};
static Value p_pread(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    int fd;
    int64_t len, off;
    if (arg_parse(&p_pread_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_ssize(a[1], &len) < 0 ||
        to_i64(a[2], &off) < 0)
        return VNULL;
    if (len < 0) {
        errno = EINVAL;
        return posix_error(VNULL);
    }
    Value b = bytes_try_alloc((size_t)len);
    if (!b) return VNULL;
    ssize_t n;
    BLOCKING_CALL(n, pread(fd, V_AS(BytesObject, b)->data, (size_t)len, (off_t)off));
    if (n < 0) return posix_error(VNULL);
    return n == len ? b : bytes_new(bytes_data(b), (size_t)n);
}

static const ArgSpec p_pwrite_spec = {"pwrite", 3, 3, 0, {"fd", "buffer", "offset", NULL}};
static Value p_pwrite(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    int fd;
    int64_t off;
    if (arg_parse(&p_pwrite_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_i64(a[2], &off) < 0)
        return VNULL;
    const char *d;
    int64_t n;
    if (!byteslike_view(a[1], &d, &n))
        return err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(a[1])->tname);
    ssize_t w;
    BLOCKING_CALL(w, pwrite(fd, d, (size_t)n, (off_t)off));
    if (w < 0) return posix_error(VNULL);
    return v_int(w);
}

static const ArgSpec p_lseek_spec = {"lseek", 3, 3, 0, {"fd", "position", "how", NULL}};
static Value p_lseek(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    int fd, how;
    int64_t pos;
    if (arg_parse(&p_lseek_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_i64(a[1], &pos) < 0 ||
        to_int(a[2], &how) < 0)
        return VNULL;
    off_t r = lseek(fd, (off_t)pos, how);
    if (r < 0) return posix_error(VNULL);
    return int_from_i64(r);
}

static const ArgSpec p_ftruncate_spec = {"ftruncate", 2, 2, 0, {"fd", "length", NULL}};
static Value p_ftruncate(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int fd;
    int64_t len;
    if (arg_parse(&p_ftruncate_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_i64(a[1], &len) < 0) return VNULL;
    int r;
    BLOCKING_CALL(r, ftruncate(fd, (off_t)len));
    if (r < 0) return posix_error(VNULL);
    return V_NONE;
}

static Value do_sync(const char *fname, Value *args, size_t nargs, Value kwnames, int (*fn)(int)) {
    ArgSpec spec = {fname, 0, 1, 0, {"fd", NULL}};
    Value a[1];
    int fd;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || to_fildes(a[0], &fd) < 0) return VNULL;
    int r;
    BLOCKING_CALL(r, fn(fd));
    if (r < 0) return posix_error(VNULL);
    return V_NONE;
}
static Value p_fsync(Value *args, size_t nargs, Value kwnames) { return do_sync("fsync", args, nargs, kwnames, fsync); }
static Value p_fdatasync(Value *args, size_t nargs, Value kwnames) {
    return do_sync("fdatasync", args, nargs, kwnames, fdatasync);
}
static const ArgSpec p_sync_spec = {"posix.sync", 0, 0, 0, {NULL}};
static Value p_sync(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_sync_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    sync();
    return V_NONE;
}

static Value p_dup(Value *args, size_t nargs, Value kwnames) {
    int fd;
    if (one_fd("posix.dup", true, args, nargs, kwnames, &fd) < 0) return VNULL;
    int r = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (r < 0) return posix_error(VNULL);
    return v_int(r);
}

static const ArgSpec p_dup2_spec = {"dup2", 0, 2, 0, {"fd", "fd2", "inheritable=True", NULL}};
static Value p_dup2(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    int fd, fd2;
    bool inh;
    if (arg_parse(&p_dup2_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_int(a[1], &fd2) < 0 ||
        to_bool(a[2], true, &inh) < 0)
        return VNULL;
    int r = inh ? dup2(fd, fd2) : dup3(fd, fd2, O_CLOEXEC);
    if (r < 0) return posix_error(VNULL);
    return v_int(r);
}

static Value pipe_result(int flags) {
    int fds[2];
    if (pipe2(fds, flags) < 0) return posix_error(VNULL);
    return tuple_pack(2, v_int(fds[0]), v_int(fds[1]));
}
static const ArgSpec p_pipe_spec = {"posix.pipe", 0, 0, 0, {NULL}};
static Value p_pipe(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_pipe_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return pipe_result(O_CLOEXEC);
}
static const ArgSpec p_pipe2_spec = {"posix.pipe2", 1, 1, 0, {"flags", NULL}};
static Value p_pipe2(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int flags;
    if (arg_parse(&p_pipe2_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &flags) < 0) return VNULL;
    return pipe_result(flags);
}

static Value p_isatty(Value *args, size_t nargs, Value kwnames) {
    int fd;
    if (one_fd("posix.isatty", true, args, nargs, kwnames, &fd) < 0) return VNULL;
    return v_bool(isatty(fd));
}

static Value p_ttyname(Value *args, size_t nargs, Value kwnames) {
    int fd;
    if (one_fd("posix.ttyname", true, args, nargs, kwnames, &fd) < 0) return VNULL;
    char buf[256];
    int e = ttyname_r(fd, buf, sizeof buf);
    if (e) {
        errno = e;
        return posix_error(VNULL);
    }
    return fs_decode(buf, strlen(buf));
}

static Value p_get_terminal_size(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"get_terminal_size", 1, 0, 0, {"fd", NULL}};
    Value a[1];
    int fd = STDOUT_FILENO;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || (a[0] && to_int(a[0], &fd) < 0)) return VNULL;
    struct winsize w;
    if (ioctl(fd, TIOCGWINSZ, &w) < 0) return posix_error(VNULL);
    Value v[2] = {v_int(w.ws_col), v_int(w.ws_row)};
    return structseq_new(terminal_size_type, v);
}

static Value p_get_inheritable(Value *args, size_t nargs, Value kwnames) {
    int fd;
    if (one_fd("posix.get_inheritable", true, args, nargs, kwnames, &fd) < 0) return VNULL;
    int f = fcntl(fd, F_GETFD);
    if (f < 0) return posix_error(VNULL);
    return v_bool(!(f & FD_CLOEXEC));
}

static const ArgSpec p_set_inheritable_spec = {"set_inheritable", 2, 2, 0, {"fd", "inheritable", NULL}};
static Value p_set_inheritable(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int fd, inh;
    if (arg_parse(&p_set_inheritable_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_int(a[1], &inh) < 0) return VNULL;
    int f = fcntl(fd, F_GETFD);
    if (f < 0) return posix_error(VNULL);
    int nf = inh ? f & ~FD_CLOEXEC : f | FD_CLOEXEC;
    if (nf != f && fcntl(fd, F_SETFD, nf) < 0) return posix_error(VNULL);
    return V_NONE;
}

static Value p_get_blocking(Value *args, size_t nargs, Value kwnames) {
    int fd;
    if (one_fd("posix.get_blocking", true, args, nargs, kwnames, &fd) < 0) return VNULL;
    int f = fcntl(fd, F_GETFL);
    if (f < 0) return posix_error(VNULL);
    return v_bool(!(f & O_NONBLOCK));
}

static const ArgSpec p_set_blocking_spec = {"set_blocking", 2, 2, 0, {"fd", "blocking", NULL}};
static Value p_set_blocking(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int fd, blk;
    if (arg_parse(&p_set_blocking_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_int(a[1], &blk) < 0) return VNULL;
    int f = fcntl(fd, F_GETFL);
    if (f < 0) return posix_error(VNULL);
    int nf = blk ? f & ~O_NONBLOCK : f | O_NONBLOCK;
    if (nf != f && fcntl(fd, F_SETFL, nf) < 0) return posix_error(VNULL);
    return V_NONE;
}

/* the encoding of a terminal: the user's locale's codeset; None otherwise */
static Value p_device_encoding(Value *args, size_t nargs, Value kwnames) {
    int fd;
    if (one_fd("device_encoding", false, args, nargs, kwnames, &fd) < 0) return VNULL;
    if (!isatty(fd)) return V_NONE;
    /* the locale encoding: UTF-8 mode's, else LC_CTYPE's codeset (main.c
       sets it from the environment, as CPython) */
    if (tpy_config.utf8_mode) return str_from_cstr("utf-8");
    const char *cs = nl_langinfo(CODESET);
    return str_from_cstr(cs && *cs ? cs : "UTF-8");
}

static const ArgSpec p_urandom_spec = {"posix.urandom", 1, 1, 0, {"size", NULL}};
static Value p_urandom(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int64_t n;
    if (arg_parse(&p_urandom_spec, args, nargs, kwnames, a) < 0 || to_ssize(a[0], &n) < 0) return VNULL;
    if (n < 0) return err_set(&exc_ValueError, "negative argument not allowed");
    Value b = bytes_try_alloc((size_t)n);
    if (!b) return VNULL;
    char *d = V_AS(BytesObject, b)->data;
    for (int64_t got = 0; got < n;) {
        ssize_t r = getrandom(d + got, (size_t)(n - got), 0);
        if (r < 0) {
            if (again()) continue;
            return posix_error(VNULL);
        }
        got += r;
    }
    return b;
}

static const ArgSpec p_getrandom_spec = {"getrandom", 0, 1, 0, {"size", "flags=0", NULL}};
static Value p_getrandom(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int64_t n;
    int flags = 0;
    if (arg_parse(&p_getrandom_spec, args, nargs, kwnames, a) < 0 || to_i64(a[0], &n) < 0 || (a[1] && to_int(a[1], &flags) < 0))
        return VNULL;
    if (n < 0) {
        errno = EINVAL;
        return posix_error(VNULL);
    }
    Value b = bytes_try_alloc((size_t)n);
    if (!b) return VNULL;
    ssize_t r;
    BLOCKING_CALL(r, getrandom(V_AS(BytesObject, b)->data, (size_t)n, (unsigned)flags));
    if (r < 0) return posix_error(VNULL);
    return r == n ? b : bytes_new(bytes_data(b), (size_t)r);
}

static const ArgSpec p_strerror_spec = {"posix.strerror", 1, 1, 0, {"code", NULL}};
static Value p_strerror(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int code;
    if (arg_parse(&p_strerror_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &code) < 0) return VNULL;
    return str_from_cstr(strerror(code));
}

/* ---- processes ------------------------------------------------------------------- */

static const ArgSpec p_uname_spec = {"posix.uname", 0, 0, 0, {NULL}};
static Value p_uname(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_uname_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    struct utsname u;
    if (uname(&u) < 0) return posix_error(VNULL);
    const char *f[5] = {u.sysname, u.nodename, u.release, u.version, u.machine};
    Value v[5];
    for (int i = 0; i < 5; i++)
        if (!(v[i] = fs_decode(f[i], strlen(f[i])))) return VNULL;
    return structseq_new(uname_result_type, v);
}

static const ArgSpec p_times_spec = {"posix.times", 0, 0, 0, {NULL}};
static Value p_times(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_times_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    struct tms t;
    clock_t c = times(&t);
    if (c == (clock_t)-1) return posix_error(VNULL);
    double tck = (double)sysconf(_SC_CLK_TCK);
    Value v[5] = {float_from_double((double)t.tms_utime / tck), float_from_double((double)t.tms_stime / tck),
                  float_from_double((double)t.tms_cutime / tck), float_from_double((double)t.tms_cstime / tck),
                  float_from_double((double)c / tck)};
    return structseq_new(times_result_type, v);
}

#define NOARG_INT(pyname, expr)                                                 \
    static Value p_##pyname(Value *args, size_t nargs, Value kwnames) {         \
        static const ArgSpec spec = {"posix." #pyname, 0, 0, 0, {NULL}};                 \
        if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;     \
        return int_from_i64((int64_t)(expr));                                   \
    }
NOARG_INT(getpid, getpid())
NOARG_INT(getppid, getppid())
NOARG_INT(getuid, getuid())
NOARG_INT(geteuid, geteuid())
NOARG_INT(getgid, getgid())
NOARG_INT(getegid, getegid())
NOARG_INT(getpgrp, getpgrp())

static const ArgSpec p_getgroups_spec = {"posix.getgroups", 0, 0, 0, {NULL}};
static Value p_getgroups(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_getgroups_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    int n = getgroups(0, NULL);
    if (n < 0) return posix_error(VNULL);
    gid_t *g = gc_alloc_atomic(sizeof(gid_t) * (size_t)(n + 1));
    n = getgroups(n, g);
    if (n < 0) return posix_error(VNULL);
    Value l = list_new(n);
    for (int i = 0; i < n; i++) list_append(l, int_from_i64(g[i]));
    return l;
}

static const ArgSpec p_getlogin_spec = {"posix.getlogin", 0, 0, 0, {NULL}};
static Value p_getlogin(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_getlogin_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    errno = 0;
    const char *n = getlogin();
    if (!n) {
        if (errno) return posix_error(VNULL);
        return err_set(&exc_OSError, "unable to determine login name");
    }
    return fs_decode(n, strlen(n));
}

/* f(a, b, /) with two ints to a call returning -1 on error */
static Value p_kill(Value *args, size_t nargs, Value kwnames) {
    Value *a = args;
    int64_t pid;
    int sig;
    if (legacy_args("kill", nargs, kwnames, 2) < 0 || to_i64(a[0], &pid) < 0 || to_int(a[1], &sig) < 0) return VNULL;
    if (AUDIT("os.kill", 2, int_from_i64(pid), int_from_i64(sig)) < 0) return VNULL;
    if (kill((pid_t)pid, sig) < 0) return posix_error(VNULL);
    /* a signal sent to ourselves runs its handler before kill() returns */
    if (pending_check() < 0) return VNULL;
    return V_NONE;
}

static Value p_killpg(Value *args, size_t nargs, Value kwnames) {
    Value *a = args;
    int64_t pid;
    int sig;
    if (legacy_args("killpg", nargs, kwnames, 2) < 0 || to_i64(a[0], &pid) < 0 || to_int(a[1], &sig) < 0) return VNULL;
    if (AUDIT("os.killpg", 2, int_from_i64(pid), int_from_i64(sig)) < 0) return VNULL;
    if (killpg((pid_t)pid, sig) < 0) return posix_error(VNULL);
    if (pending_check() < 0) return VNULL;
    return V_NONE;
}

/* register_at_fork's callables: lists, a static array so the collector sees them */
static Value at_fork[3];   /* before, after_in_child, after_in_parent */

static Value p_register_at_fork(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"register_at_fork", 0, 0, 3, {"before", "after_in_child", "after_in_parent", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!a[0] && !a[1] && !a[2]) return err_set(&exc_TypeError, "At least one argument is required.");
    for (int i = 0; i < 3; i++)
        if (a[i] && !type_of(a[i])->call)
            return err_format(&exc_TypeError, "'%s' must be callable, not %T", spec.names[i], a[i]);
    for (int i = 0; i < 3; i++) {
        if (!a[i]) continue;
        if (!at_fork[i]) at_fork[i] = list_new(0);
        list_append(at_fork[i], a[i]);
    }
    return V_NONE;
}

/* run one list of fork hooks; an exception is reported, not raised */
static void run_at_fork(int which, bool reverse) {
    Value l = at_fork[which];
    if (!l) return;
    l = list_slice(l, 0, list_size(l));   /* hooks may register hooks */
    int64_t n = list_size(l);
    for (int64_t k = 0; k < n; k++) {
        Value f = list_get(l, reverse ? n - 1 - k : k);
        if (!obj_call0(f)) err_write_unraisable(err_fetch(), "", f);
    }
}

/* the child's side of fork: the runtime first (one thread, the main
 * one), then the after_in_child hooks */
static void after_fork_child(void) {
    gil_after_fork_child();
    imp_lock_after_fork_child();
    imp_lock_release();   /* taken by before_fork() */
    import_after_fork_child();
    signals_after_fork();
    run_at_fork(1, false);
}

/* _posixsubprocess's fork with a preexec_fn: the same hooks, and in the
   child the runtime's own reset first (which 1) */
/* CPython's PyOS_BeforeFork / PyOS_AfterFork_Parent: the before hooks,
   then the import lock, so that no other thread is half-way through an
   import when the child is made (the child would see a partial module) */
static void before_fork(void) {
    run_at_fork(0, true);
    imp_lock_acquire();
}

static void after_fork_parent(void) {
    imp_lock_release();
    run_at_fork(2, false);
}

void posix_run_at_fork(int which) {
    if (which == 1) after_fork_child();
    else if (which == 0) before_fork();
    else after_fork_parent();
}

static const ArgSpec p_fork_spec = {"posix.fork", 0, 0, 0, {NULL}};
static Value p_fork(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_fork_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (AUDIT("os.fork", 0) < 0) return VNULL;
    before_fork();
    pid_t pid = fork();
    int e = errno;
    if (pid == 0) after_fork_child();
    else after_fork_parent();
    if (pid < 0) {
        errno = e;
        return posix_error(VNULL);
    }
    return int_from_i64(pid);
}

/* argv for exec and spawn: a list or tuple of paths, not empty, the
 * first not "" (exec only). Messages: execv's "f() arg 2 ..." or the
 * "f: argv ..." of execve and posix_spawn. */
enum { ARGV_EXECV, ARGV_EXECVE, ARGV_SPAWN };
static char **exec_argv(const char *fname, Value argv, int style) {
    bool execve_style = style != ARGV_EXECV;
    if (!list_check(argv) && !tuple_check(argv)) {
        if (execve_style) err_format(&exc_TypeError, "%s: argv must be a tuple or list", fname);
        else err_format(&exc_TypeError, "%s() arg 2 must be a tuple or list", fname);
        return NULL;
    }
    int64_t n = list_check(argv) ? list_size(argv) : tuple_size(argv);
    if (n < 1) {
        if (execve_style) err_format(&exc_ValueError, "%s: argv must not be empty", fname);
        else err_format(&exc_ValueError, "%s() arg 2 must not be empty", fname);
        return NULL;
    }
    /* the array holds each argument's bytes object after its pointers, so
       the strings stay alive without relying on interior pointers */
    char **out = gc_alloc(sizeof(char *) * (size_t)(n + 1) + sizeof(Value) * (size_t)n);
    Value *keep = (Value *)(out + n + 1);
    for (int64_t i = 0; i < n; i++) {
        Value item = list_check(argv) ? list_get(argv, i) : tuple_get(argv, i);
        Path p = PATH(NULL, "", false, false);
        if (path_conv(item, &p) < 0) {
            if (err_matches(&exc_TypeError)) {
                err_clear();
                err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", item);
            }
            return NULL;
        }
        if (i == 0 && !p.narrow[0] && style != ARGV_SPAWN) {
            if (execve_style) err_format(&exc_ValueError, "%s: argv first element cannot be empty", fname);
            else err_format(&exc_ValueError, "%s() arg 2 first element cannot be empty", fname);
            return NULL;
        }
        out[i] = (char *)p.narrow;
        keep[i] = p.bytes;
    }
    out[n] = NULL;
    return out;
}

/* "name=value" from a str/bytes/PathLike name and value */
static Value env_entry(Value key, Value val) {
    Path k = PATH(NULL, "", false, false), v = PATH(NULL, "", false, false);
    if (path_conv(key, &k) < 0 || path_conv(val, &v) < 0) return VNULL;
    if (!k.narrow[0] || strchr(k.narrow, '=')) return err_set(&exc_ValueError, "illegal environment variable name");
    Buf b;
    buf_init(&b, 64);
    buf_puts(&b, k.narrow);
    buf_putc(&b, '=');
    buf_puts(&b, v.narrow);
    buf_putc(&b, 0);
    return bytes_new(b.data, b.len);
}

/* envp from a mapping: "name=value" strings, kept alive by their bytes
 * objects stored after the pointers */
static char **exec_envp(const char *fname, Value env) {
    Value keys = obj_call_method(env, "keys", NULL, 0);
    if (!keys) {
        err_clear();
        err_format(&exc_TypeError, "%s: environment must be a mapping object", fname);
        return NULL;
    }
    Value kl = list_from_iterable(keys);
    if (!kl) return NULL;
    int64_t n = list_size(kl);
    char **envp = gc_alloc(sizeof(char *) * (size_t)(n + 1) + sizeof(Value) * (size_t)n);
    Value *keep = (Value *)(envp + n + 1);
    for (int64_t i = 0; i < n; i++) {
        Value k = list_get(kl, i), v = obj_getitem(env, k);
        if (!v) return NULL;
        Value e = env_entry(k, v);
        if (!e) return NULL;
        keep[i] = e;
        envp[i] = (char *)bytes_data(e);
    }
    envp[n] = NULL;
    return envp;
}

static const ArgSpec p_execv_spec = {"execv", 2, 2, 0, {"path", "argv", NULL}};
static Value p_execv(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Path p = PATH("execv", "path", false, false);
    if (arg_parse(&p_execv_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0) return VNULL;
    char **argv = exec_argv("execv", a[1], ARGV_EXECV);
    if (!argv) return VNULL;
    if (AUDIT("os.exec", 3, a[0], a[1], V_NONE) < 0) return VNULL;
    execv(p.narrow, argv);
    return posix_error(VNULL);
}

static const ArgSpec p_execve_spec = {"execve", 0, 3, 0, {"path", "argv", "env", NULL}};
static Value p_execve(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    Path p = PATH("execve", "path", false, true);
    if (arg_parse(&p_execve_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0) return VNULL;
    char **argv = exec_argv("execve", a[1], ARGV_EXECVE);
    char **envp = argv ? exec_envp("execve", a[2]) : NULL;
    if (!envp) return VNULL;
    if (AUDIT("os.exec", 3, a[0], a[1], a[2]) < 0) return VNULL;
    if (p.fd >= 0) fexecve(p.fd, argv, envp);
    else if (!no_path(&p)) execve(p.narrow, argv, envp);
    return posix_error(p.object);
}

static const ArgSpec p__exit_spec = {"_exit", 0, 1, 0, {"status", NULL}};
static Value p__exit(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int st;
    if (arg_parse(&p__exit_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &st) < 0) return VNULL;
    _exit(st);
}

static const ArgSpec p_abort_spec = {"posix.abort", 0, 0, 0, {NULL}};
static Value p_abort(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_abort_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    abort();
}

static const ArgSpec p_system_spec = {"system", 0, 1, 0, {"command", NULL}};
static Value p_system(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    Path p = PATH(NULL, "command", false, false);
    if (arg_parse(&p_system_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0) return VNULL;
    if (AUDIT("os.system", 1, bytes_new(p.narrow, strlen(p.narrow))) < 0) return VNULL;
    /* waits for the command: the lock is let go meanwhile */
    bool released = gil_blocking_begin();
    int r = system(p.narrow);
    gil_blocking_end(released);
    return v_int(r);
}

static Value p_waitpid(Value *args, size_t nargs, Value kwnames) {
    Value *a = args;
    int64_t pid;
    int opts;
    if (legacy_args("waitpid", nargs, kwnames, 2) < 0 || to_i64(a[0], &pid) < 0 || to_int(a[1], &opts) < 0)
        return VNULL;
    int st = 0;
    pid_t r;
    BLOCKING_CALL(r, waitpid((pid_t)pid, &st, opts));
    if (r < 0) return posix_error(VNULL);
    return tuple_pack(2, int_from_i64(r), v_int(st));
}

/* wait3's and wait4's result, (pid, status, resource.struct_rusage), from
 * what the C call returned and filled in */
static Value wait_rusage_result(pid_t r, int st, const struct rusage *ru) {
    if (r < 0) return posix_error(VNULL);
    if (!import_name(str_intern_cstr("resource"), VNULL, v_int(0), VNULL)) return VNULL;
    Value usage = resource_rusage_value(ru);
    if (!usage) return VNULL;
    return tuple_pack(3, int_from_i64(r), v_int(st), usage);
}

static const ArgSpec p_wait3_spec = {"wait3", 0, 1, 0, {"options", NULL}};
static Value p_wait3(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int opts;
    if (arg_parse(&p_wait3_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &opts) < 0) return VNULL;
    int st = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);   /* WNOHANG with no child to report leaves it unwritten */
    pid_t r;
    BLOCKING_CALL(r, wait3(&st, opts, &ru));
    return wait_rusage_result(r, st, &ru);
}

static const ArgSpec p_wait4_spec = {"wait4", 0, 2, 0, {"pid", "options", NULL}};
static Value p_wait4(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int64_t pid;
    int opts;
    if (arg_parse(&p_wait4_spec, args, nargs, kwnames, a) < 0 || to_i64(a[0], &pid) < 0 || to_int(a[1], &opts) < 0)
        return VNULL;
    int st = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);   /* as for wait3 */
    pid_t r;
    BLOCKING_CALL(r, wait4((pid_t)pid, &st, opts, &ru));
    return wait_rusage_result(r, st, &ru);
}

static const ArgSpec p_wait_spec = {"posix.wait", 0, 0, 0, {NULL}};
static Value p_wait(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_wait_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    int st = 0;
    pid_t r;
    BLOCKING_CALL(r, wait(&st));
    if (r < 0) return posix_error(VNULL);
    return tuple_pack(2, int_from_i64(r), v_int(st));
}

static int status_arg(const char *fname, Value *args, size_t nargs, Value kwnames, int *st) {
    ArgSpec spec = {fname, 0, 1, 0, {"status", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    return to_int(a[0], st);
}

static Value p_waitstatus_to_exitcode(Value *args, size_t nargs, Value kwnames) {
    int st;
    if (status_arg("waitstatus_to_exitcode", args, nargs, kwnames, &st) < 0) return VNULL;
    if (WIFEXITED(st)) return v_int(WEXITSTATUS(st));
    if (WIFSIGNALED(st)) return v_int(-WTERMSIG(st));
    if (WIFSTOPPED(st)) return err_format(&exc_ValueError, "process stopped by delivery of signal %d", WSTOPSIG(st));
    return err_format(&exc_ValueError, "invalid wait status: %d", st);
}

#define WMACRO(name, expr, boolean)                                              \
    static Value p_##name(Value *args, size_t nargs, Value kwnames) {           \
        int st;                                                                  \
        if (status_arg(#name, args, nargs, kwnames, &st) < 0) return VNULL;     \
        return boolean ? v_bool(expr) : v_int(expr);                             \
    }
WMACRO(WIFEXITED, WIFEXITED(st), true)
WMACRO(WEXITSTATUS, WEXITSTATUS(st), false)
WMACRO(WIFSIGNALED, WIFSIGNALED(st), true)
WMACRO(WTERMSIG, WTERMSIG(st), false)
WMACRO(WIFSTOPPED, WIFSTOPPED(st), true)
WMACRO(WSTOPSIG, WSTOPSIG(st), false)
WMACRO(WIFCONTINUED, WIFCONTINUED(st), true)
WMACRO(WCOREDUMP, WCOREDUMP(st), true)

static const ArgSpec p_setsid_spec = {"posix.setsid", 0, 0, 0, {NULL}};
static Value p_setsid(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_setsid_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (setsid() < 0) return posix_error(VNULL);
    return V_NONE;
}

static Value one_pid_call(const char *fname, Value *args, size_t nargs, Value kwnames, pid_t (*fn)(pid_t)) {
    /* getsid(pid, /) but getpgid(pid) */
    ArgSpec spec = {fname, fname[0] == 'p', 1, 0, {"pid", NULL}};
    Value a[1];
    int64_t pid;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || to_i64(a[0], &pid) < 0) return VNULL;
    pid_t r = fn((pid_t)pid);
    if (r < 0) return posix_error(VNULL);
    return int_from_i64(r);
}
static Value p_getsid(Value *args, size_t nargs, Value kwnames) { return one_pid_call("posix.getsid", args, nargs, kwnames, getsid); }
static Value p_getpgid(Value *args, size_t nargs, Value kwnames) {
    return one_pid_call("getpgid", args, nargs, kwnames, getpgid);
}

static Value p_setpgid(Value *args, size_t nargs, Value kwnames) {
    Value *a = args;
    int64_t pid, pg;
    if (legacy_args("setpgid", nargs, kwnames, 2) < 0 || to_i64(a[0], &pid) < 0 || to_i64(a[1], &pg) < 0) return VNULL;
    if (setpgid((pid_t)pid, (pid_t)pg) < 0) return posix_error(VNULL);
    return V_NONE;
}

/* set*id(id, /) */
static Value set_id(const char *fname, Value *args, size_t nargs, Value kwnames, int (*fn)(unsigned)) {
    ArgSpec spec = {fname, 1, 1, 0, {"id", NULL}};
    Value a[1];
    int64_t id;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || to_id(a[0], &id, strstr(fname, "uid") ? "uid" : "gid") < 0)
        return VNULL;
    if (fn((unsigned)id) < 0) return posix_error(VNULL);
    return V_NONE;
}
static int c_setuid(unsigned id) { return setuid((uid_t)id); }
static int c_setgid(unsigned id) { return setgid((gid_t)id); }
static int c_seteuid(unsigned id) { return seteuid((uid_t)id); }
static int c_setegid(unsigned id) { return setegid((gid_t)id); }
static Value p_setuid(Value *args, size_t nargs, Value kwnames) { return set_id("posix.setuid", args, nargs, kwnames, c_setuid); }
static Value p_setgid(Value *args, size_t nargs, Value kwnames) { return set_id("posix.setgid", args, nargs, kwnames, c_setgid); }
static Value p_seteuid(Value *args, size_t nargs, Value kwnames) { return set_id("posix.seteuid", args, nargs, kwnames, c_seteuid); }
static Value p_setegid(Value *args, size_t nargs, Value kwnames) { return set_id("posix.setegid", args, nargs, kwnames, c_setegid); }

static const ArgSpec p_getresuid_spec = {"posix.getresuid", 0, 0, 0, {NULL}};
static Value p_getresuid(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_getresuid_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    uid_t r, e, s;
    if (getresuid(&r, &e, &s) < 0) return posix_error(VNULL);
    return tuple_pack(3, int_from_i64(r), int_from_i64(e), int_from_i64(s));
}
static const ArgSpec p_getresgid_spec = {"posix.getresgid", 0, 0, 0, {NULL}};
static Value p_getresgid(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_getresgid_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    gid_t r, e, s;
    if (getresgid(&r, &e, &s) < 0) return posix_error(VNULL);
    return tuple_pack(3, int_from_i64(r), int_from_i64(e), int_from_i64(s));
}

static const ArgSpec p_nice_spec = {"posix.nice", 1, 1, 0, {"increment", NULL}};
static Value p_nice(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int inc;
    if (arg_parse(&p_nice_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &inc) < 0) return VNULL;
    errno = 0;
    int r = nice(inc);
    if (r == -1 && errno) return posix_error(VNULL);
    return v_int(r);
}

static const ArgSpec p_getpriority_spec = {"getpriority", 0, 2, 0, {"which", "who", NULL}};
static Value p_getpriority(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int which, who;
    if (arg_parse(&p_getpriority_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &which) < 0 || to_int(a[1], &who) < 0)
        return VNULL;
    errno = 0;
    int r = getpriority(which, (id_t)who);
    if (r == -1 && errno) return posix_error(VNULL);
    return v_int(r);
}

static const ArgSpec p_setpriority_spec = {"setpriority", 0, 3, 0, {"which", "who", "priority", NULL}};
static Value p_setpriority(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    int which, who, prio;
    if (arg_parse(&p_setpriority_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &which) < 0 || to_int(a[1], &who) < 0 ||
        to_int(a[2], &prio) < 0)
        return VNULL;
    if (setpriority(which, (id_t)who, prio) < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_cpu_count_spec = {"posix.cpu_count", 0, 0, 0, {NULL}};
static Value p_cpu_count(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_cpu_count_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? V_NONE : v_int(n);
}

static const ArgSpec p_sched_getaffinity_spec = {"posix.sched_getaffinity", 1, 1, 0, {"pid", NULL}};
static Value p_sched_getaffinity(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int64_t pid;
    if (arg_parse(&p_sched_getaffinity_spec, args, nargs, kwnames, a) < 0 || to_i64(a[0], &pid) < 0) return VNULL;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity((pid_t)pid, sizeof set, &set) < 0) return posix_error(VNULL);
    Value s = set_new();
    for (int i = 0; i < CPU_SETSIZE; i++)
        if (CPU_ISSET(i, &set) && set_add(s, v_int(i)) < 0) return VNULL;
    return s;
}

static const ArgSpec p_sched_yield_spec = {"posix.sched_yield", 0, 0, 0, {NULL}};
static Value p_sched_yield(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_sched_yield_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    sched_yield();
    return V_NONE;
}

static const ArgSpec p_getloadavg_spec = {"posix.getloadavg", 0, 0, 0, {NULL}};
static Value p_getloadavg(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_getloadavg_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double l[3];
    if (getloadavg(l, 3) != 3) return err_set(&exc_OSError, "Load averages are unobtainable");
    return tuple_pack(3, float_from_double(l[0]), float_from_double(l[1]), float_from_double(l[2]));
}

static const ArgSpec p_major_spec = {"posix.major", 1, 1, 0, {"device", NULL}};
static Value p_major(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int64_t d;
    if (arg_parse(&p_major_spec, args, nargs, kwnames, a) < 0 || to_dev(a[0], &d) < 0) return VNULL;
    return int_from_u64(major((dev_t)d));
}
static const ArgSpec p_minor_spec = {"posix.minor", 1, 1, 0, {"device", NULL}};
static Value p_minor(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int64_t d;
    if (arg_parse(&p_minor_spec, args, nargs, kwnames, a) < 0 || to_dev(a[0], &d) < 0) return VNULL;
    return int_from_u64(minor((dev_t)d));
}
static const ArgSpec p_makedev_spec = {"makedev", 2, 2, 0, {"major", "minor", NULL}};
static Value p_makedev(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int ma, mi;
    if (arg_parse(&p_makedev_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &ma) < 0 || to_int(a[1], &mi) < 0) return VNULL;
    /* a dev_t reads as a signed 64-bit number, as CPython's */
    return int_from_i64((int64_t)makedev((unsigned)ma, (unsigned)mi));
}

static const ArgSpec p_fspath_spec = {"fspath", 0, 1, 0, {"path", NULL}};
static Value p_fspath(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&p_fspath_spec, args, nargs, kwnames, a) < 0) return VNULL;
    bool found;
    Value r = fspath(a[0], &found);
    if (!r && !found)
        return err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", a[0]);
    return r;
}

static const ArgSpec p_memfd_create_spec = {"memfd_create", 0, 1, 0, {"name", "flags=MFD_CLOEXEC", NULL}};
static Value p_memfd_create(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Path p = PATH("memfd_create", "name", false, false);
    int flags = MFD_CLOEXEC;
    if (arg_parse(&p_memfd_create_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || (a[1] && to_int(a[1], &flags) < 0))
        return VNULL;
    int fd = memfd_create(p.narrow, (unsigned)flags);
    if (fd < 0) return posix_error(VNULL);
    return v_int(fd);
}

/* ---- the environment ------------------------------------------------------------- */

/* posix.environ: bytes to bytes, as the process started with */
static Value environ_dict(void) {
    Value d = dict_new();
    for (char **e = environ; e && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (!eq) continue;
        Value k = bytes_new(*e, (size_t)(eq - *e));
        /* the first of duplicated names wins, as in CPython */
        if (dict_contains(d, k) == 1) continue;
        dict_set(d, k, bytes_new(eq + 1, strlen(eq + 1)));
    }
    return d;
}

static const ArgSpec p_putenv_spec = {"putenv", 2, 2, 0, {"name", "value", NULL}};
static Value p_putenv(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Path k = PATH(NULL, "name", false, false), v = PATH(NULL, "value", false, false);
    if (arg_parse(&p_putenv_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &k) < 0 || path_conv(a[1], &v) < 0)
        return VNULL;
    /* "" is left to setenv (EINVAL), as CPython does */
    if (strchr(k.narrow, '=')) return err_set(&exc_ValueError, "illegal environment variable name");
    if (audit_enabled && sys_audit("os.putenv", 2, bytes_new(k.narrow, strlen(k.narrow)), bytes_new(v.narrow, strlen(v.narrow))) < 0)
        return VNULL;
    if (setenv(k.narrow, v.narrow, 1) < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_unsetenv_spec = {"posix.unsetenv", 1, 1, 0, {"name", NULL}};
static Value p_unsetenv(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    Path k = PATH(NULL, "name", false, false);
    if (arg_parse(&p_unsetenv_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &k) < 0) return VNULL;
    if (AUDIT("os.unsetenv", 1, bytes_new(k.narrow, strlen(k.narrow))) < 0) return VNULL;
    if (unsetenv(k.narrow) < 0) return posix_error(VNULL);
    return V_NONE;
}

/* ---- configuration values -------------------------------------------------------- */

typedef struct ConfName {
    const char *name;
    int value;
} ConfName;

#include "posix_tables.h"

/* a configuration name: an int, or a str of the table */
static int conf_name(Value v, const ConfName *table, int *out) {
    if (int_check(v)) return to_int(v, out);
    if (!str_check(v)) {
        err_set(&exc_TypeError, "configuration names must be strings or integers");
        return -1;
    }
    for (const ConfName *c = table; c->name; c++)
        if (str_eq_cstr(v, c->name)) {
            *out = c->value;
            return 0;
        }
    err_set(&exc_ValueError, "unrecognized configuration name");
    return -1;
}

static Value conf_dict(const ConfName *table) {
    Value d = dict_new();
    for (const ConfName *c = table; c->name; c++) dict_set_cstr(d, c->name, v_int(c->value));
    return d;
}

static const ArgSpec p_sysconf_spec = {"posix.sysconf", 1, 1, 0, {"name", NULL}};
static Value p_sysconf(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int name;
    if (arg_parse(&p_sysconf_spec, args, nargs, kwnames, a) < 0 || conf_name(a[0], sysconf_names, &name) < 0) return VNULL;
    errno = 0;
    long r = sysconf(name);
    if (r == -1 && errno) return posix_error(VNULL);
    return int_from_i64(r);
}

static const ArgSpec p_confstr_spec = {"posix.confstr", 1, 1, 0, {"name", NULL}};
static Value p_confstr(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int name;
    if (arg_parse(&p_confstr_spec, args, nargs, kwnames, a) < 0 || conf_name(a[0], confstr_names, &name) < 0) return VNULL;
    errno = 0;
    size_t n = confstr(name, NULL, 0);
    if (n == 0) {
        if (errno) return posix_error(VNULL);
        return V_NONE;
    }
    char *buf = gc_alloc_atomic(n);
    confstr(name, buf, n);
    return fs_decode(buf, n - 1);
}

static const ArgSpec p_pathconf_spec = {"pathconf", 0, 2, 0, {"path", "name", NULL}};
static Value p_pathconf(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Path p = PATH("pathconf", "path", false, true);
    int name;
    if (arg_parse(&p_pathconf_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 ||
        conf_name(a[1], pathconf_names, &name) < 0)
        return VNULL;
    if (no_path(&p)) return posix_error(p.object);
    errno = 0;
    long r = p.fd >= 0 ? fpathconf(p.fd, name) : pathconf(p.narrow, name);
    /* EINVAL may be the name's fault: CPython names no file then */
    if (r == -1 && errno) return posix_error(errno == EINVAL ? VNULL : p.object);
    return int_from_i64(r);
}

static const ArgSpec p_fpathconf_spec = {"fpathconf", 2, 2, 0, {"fd", "name", NULL}};
static Value p_fpathconf(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int fd, name;
    if (arg_parse(&p_fpathconf_spec, args, nargs, kwnames, a) < 0 || to_fildes(a[0], &fd) < 0 ||
        conf_name(a[1], pathconf_names, &name) < 0)
        return VNULL;
    errno = 0;
    long r = fpathconf(fd, name);
    if (r == -1 && errno) return posix_error(VNULL);
    return int_from_i64(r);
}

static const ArgSpec p_mknod_spec = {"mknod", 0, 1, 1, {"path", "mode=384", "device=0", "dir_fd=None", NULL}};
static Value p_mknod(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    Path p = PATH("mknod", "path", false, false);
    int mode = 0600, dir_fd;
    int64_t dev = 0;
    if (arg_parse(&p_mknod_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || (a[1] && to_int(a[1], &mode) < 0) ||
        (a[2] && to_dev(a[2], &dev) < 0) || to_dir_fd(a[3], &dir_fd) < 0)
        return VNULL;
    int r;
    BLOCKING_CALL(r, mknodat(dir_fd, p.narrow, (mode_t)mode, (dev_t)dev));
    if (r < 0) return posix_error(p.object);
    return V_NONE;
}

/* ---- more of CPython's posix functions ------------------------------------------- */

/* posixpath.normpath's C part: collapse separators, drop "." and resolve
 * ".." lexically; "//" at the start stays (POSIX leaves it to the system),
 * three or more become "/". An empty result is "" (posixpath turns it into
 * "."); "." alone stays ".", as CPython's. */
static const ArgSpec p__path_normpath_spec = {"_path_normpath", 0, 1, 0, {"path", NULL}};
static Value p__path_normpath(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&p__path_normpath_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "expected 'str', not '%s'", type_of(a[0])->tname);
    const char *s = str_data(a[0]);
    size_t n = (size_t)str_nbytes(a[0]);
    if (n == 1 && s[0] == '.') return a[0];
    Buf b;
    buf_init(&b, n + 1);
    size_t i = 0, roots = 0;
    while (i < n && s[i] == '/') i++;
    roots = i == 2 ? 2 : i > 0 ? 1 : 0;
    for (size_t k = 0; k < roots; k++) buf_putc(&b, '/');
    /* component start offsets in b, for popping on ".." */
    size_t *starts = gc_alloc_atomic(sizeof(size_t) * (n / 2 + 2));
    size_t depth = 0;   /* components in b that are not ".." */
    size_t ncomp = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && s[j] != '/') j++;
        size_t len = j - i;
        if (len == 0 || (len == 1 && s[i] == '.')) {
            /* empty or "." */
        } else if (len == 2 && s[i] == '.' && s[i + 1] == '.') {
            if (depth > 0) {
                b.len = starts[--ncomp];
                if (b.len > roots) b.len--;   /* the separator before it */
                depth--;
            } else if (!roots) {
                if (b.len > roots) buf_putc(&b, '/');
                starts[ncomp++] = b.len;
                buf_put(&b, "..", 2);
            }
        } else {
            if (b.len > roots) buf_putc(&b, '/');
            starts[ncomp++] = b.len;
            buf_put(&b, s + i, len);
            depth++;
        }
        i = j + 1;
    }
    return str_from_buf(&b);
}

static const ArgSpec p_sendfile_spec = {"sendfile", 0, 4, 0, {"out_fd", "in_fd", "offset", "count", NULL}};
static Value p_sendfile(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    int out, in;
    int64_t count, off = 0;
    if (arg_parse(&p_sendfile_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &out) < 0 || to_int(a[1], &in) < 0 ||
        (a[2] != V_NONE && to_i64(a[2], &off) < 0) || to_ssize(a[3], &count) < 0)
        return VNULL;
    off_t o = (off_t)off;
    ssize_t r;
    BLOCKING_CALL(r, sendfile(out, in, a[2] == V_NONE ? NULL : &o, (size_t)count));
    if (r < 0) return posix_error(VNULL);
    return int_from_i64(r);
}

static const ArgSpec p_copy_file_range_spec = {"copy_file_range", 0, 3, 0, {"src", "dst", "count", "offset_src=None", "offset_dst=None", NULL}};
static Value p_copy_file_range(Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    int src, dst;
    int64_t count, os_ = 0, od = 0;
    if (arg_parse(&p_copy_file_range_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &src) < 0 || to_int(a[1], &dst) < 0 ||
        to_ssize(a[2], &count) < 0 || (a[3] && a[3] != V_NONE && to_i64(a[3], &os_) < 0) ||
        (a[4] && a[4] != V_NONE && to_i64(a[4], &od) < 0))
        return VNULL;
    if (count < 0) return err_set(&exc_ValueError, "negative value for 'count' not allowed");
    loff_t ls = (loff_t)os_, ld = (loff_t)od;
    ssize_t r;
    loff_t *ps = a[3] && a[3] != V_NONE ? &ls : NULL, *pd = a[4] && a[4] != V_NONE ? &ld : NULL;
    BLOCKING_CALL(r, copy_file_range(src, ps, dst, pd, (size_t)count, 0));
    if (r < 0) return posix_error(VNULL);
    return int_from_i64(r);
}

/* the iovecs of a sequence of buffers (writable: bytearrays only) */
static struct iovec *buffers_iov(Value seq, bool writable, int *count) {
    Value l = list_from_iterable(seq);
    if (!l) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_set(&exc_TypeError, writable ? "readv() arg 2 must be a sequence" : "writev() arg 2 must be a sequence");
        }
        return NULL;
    }
    int64_t n = list_size(l);
    struct iovec *iov = gc_alloc(sizeof(struct iovec) * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        Value b = list_get(l, i);
        const char *p;
        int64_t len;
        if (writable) {
            /* readv fills the buffers: bytearray, writable memoryview */
            if (bytes_check(b)) {
                err_set(&exc_BufferError, "Object is not writable.");
                return NULL;
            }
            BufferInfo bi;
            if (buffer_get(b, &bi, true) < 0) return NULL;
            p = bi.data;
            len = bi.len;
        } else if (!byteslike_view(b, &p, &len)) {
            err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(b)->tname);
            return NULL;
        }
        iov[i].iov_base = (void *)p;
        iov[i].iov_len = (size_t)len;
    }
    *count = (int)n;
    return iov;
}

static const ArgSpec p_readv_spec = {"readv", 2, 2, 0, {"fd", "buffers", NULL}};
static Value p_readv(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int fd, cnt;
    if (arg_parse(&p_readv_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0) return VNULL;
    struct iovec *iov = buffers_iov(a[1], true, &cnt);
    if (!iov) return VNULL;
    ssize_t r;
    BLOCKING_CALL(r, readv(fd, iov, cnt));
    if (r < 0) return posix_error(VNULL);
    return int_from_i64(r);
}

static const ArgSpec p_writev_spec = {"writev", 2, 2, 0, {"fd", "buffers", NULL}};
static Value p_writev(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int fd, cnt;
    if (arg_parse(&p_writev_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0) return VNULL;
    struct iovec *iov = buffers_iov(a[1], false, &cnt);
    if (!iov) return VNULL;
    ssize_t r;
    BLOCKING_CALL(r, writev(fd, iov, cnt));
    if (r < 0) return posix_error(VNULL);
    return int_from_i64(r);
}

static const ArgSpec p_preadv_spec = {"preadv", 4, 3, 0, {"fd", "buffers", "offset", "flags=0", NULL}};
static Value p_preadv(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    int fd, cnt, flags = 0;
    int64_t off;
    if (arg_parse(&p_preadv_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_i64(a[2], &off) < 0 ||
        (a[3] && to_int(a[3], &flags) < 0))
        return VNULL;
    struct iovec *iov = buffers_iov(a[1], true, &cnt);
    if (!iov) return VNULL;
    ssize_t r;
    BLOCKING_CALL(r, preadv2(fd, iov, cnt, (off_t)off, flags));
    if (r < 0) return posix_error(VNULL);
    return int_from_i64(r);
}

static const ArgSpec p_pwritev_spec = {"pwritev", 4, 3, 0, {"fd", "buffers", "offset", "flags=0", NULL}};
static Value p_pwritev(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    int fd, cnt, flags = 0;
    int64_t off;
    if (arg_parse(&p_pwritev_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_i64(a[2], &off) < 0 ||
        (a[3] && to_int(a[3], &flags) < 0))
        return VNULL;
    struct iovec *iov = buffers_iov(a[1], false, &cnt);
    if (!iov) return VNULL;
    ssize_t r;
    BLOCKING_CALL(r, pwritev2(fd, iov, cnt, (off_t)off, flags));
    if (r < 0) return posix_error(VNULL);
    return int_from_i64(r);
}

static const ArgSpec p_splice_spec = {"splice", 0, 3, 0, {"src", "dst", "count", "offset_src=None", "offset_dst=None", "flags=0", NULL}};
static Value p_splice(Value *args, size_t nargs, Value kwnames) {
    Value a[6];
    int src, dst, flags = 0;
    int64_t count, os_ = 0, od = 0;
    if (arg_parse(&p_splice_spec, args, nargs, kwnames, a) < 0) return VNULL;
    bool have_s = a[3] && a[3] != V_NONE, have_d = a[4] && a[4] != V_NONE;
    if (to_int(a[0], &src) < 0 || to_int(a[1], &dst) < 0 || to_ssize(a[2], &count) < 0 ||
        (have_s && to_i64(a[3], &os_) < 0) || (have_d && to_i64(a[4], &od) < 0) || (a[5] && to_int(a[5], &flags) < 0))
        return VNULL;
    if (count < 0) return err_set(&exc_ValueError, "negative value for 'count' not allowed");
    loff_t ls = (loff_t)os_, ld = (loff_t)od;
    ssize_t r;
    BLOCKING_CALL(r, splice(src, have_s ? &ls : NULL, dst, have_d ? &ld : NULL, (size_t)count, (unsigned)flags));
    if (r < 0) return posix_error(VNULL);
    return int_from_i64(r);
}

/* ---- scheduling parameters ------------------------------------------------------- */

static Type *sched_param_type;

/* sched_param(sched_priority): the priority as given (checked when used) */
static Value sched_param_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"sched_param", 0, 1, 0, {"sched_priority", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return structseq_new(t, a);
}

static int to_sched_param(Value v, struct sched_param *out) {
    if (!v_is_ptr(v) || type_of(v) != sched_param_type) {
        err_set(&exc_TypeError, "must have a sched_param object");
        return -1;
    }
    int64_t prio;
    if (index_i64(structseq_get(v, 0), &prio, "long") < 0) return -1;
    if (prio > INT_MAX || prio < INT_MIN) {
        err_set(&exc_OverflowError, "sched_priority out of range");
        return -1;
    }
    out->sched_priority = (int)prio;
    return 0;
}

static const ArgSpec p_sched_getparam_spec = {"posix.sched_getparam", 1, 1, 0, {"pid", NULL}};
static Value p_sched_getparam(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int64_t pid;
    if (arg_parse(&p_sched_getparam_spec, args, nargs, kwnames, a) < 0 || to_i64(a[0], &pid) < 0) return VNULL;
    struct sched_param sp;
    if (sched_getparam((pid_t)pid, &sp) < 0) return posix_error(VNULL);
    Value v = v_int(sp.sched_priority);
    return structseq_new(sched_param_type, &v);
}

static Value p_sched_setparam(Value *args, size_t nargs, Value kwnames) {
    Value *a = args;
    int64_t pid;
    struct sched_param sp;
    if (legacy_args("sched_setparam", nargs, kwnames, 2) < 0 || to_i64(a[0], &pid) < 0 || to_sched_param(a[1], &sp) < 0)
        return VNULL;
    if (sched_setparam((pid_t)pid, &sp) < 0) return posix_error(VNULL);
    return V_NONE;
}

static Value p_sched_setscheduler(Value *args, size_t nargs, Value kwnames) {
    Value *a = args;
    int64_t pid;
    int policy;
    struct sched_param sp;
    if (legacy_args("sched_setscheduler", nargs, kwnames, 3) < 0 || to_i64(a[0], &pid) < 0 ||
        to_int(a[1], &policy) < 0 || to_sched_param(a[2], &sp) < 0)
        return VNULL;
    if (sched_setscheduler((pid_t)pid, policy, &sp) < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_sched_rr_get_interval_spec = {"posix.sched_rr_get_interval", 1, 1, 0, {"pid", NULL}};
static Value p_sched_rr_get_interval(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int64_t pid;
    if (arg_parse(&p_sched_rr_get_interval_spec, args, nargs, kwnames, a) < 0 || to_i64(a[0], &pid) < 0) return VNULL;
    struct timespec ts;
    if (sched_rr_get_interval((pid_t)pid, &ts) < 0) return posix_error(VNULL);
    return float_from_double((double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec);
}

static const ArgSpec p_chroot_spec = {"chroot", 0, 1, 0, {"path", NULL}};
static Value p_chroot(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    Path p = PATH("chroot", "path", false, false);
    if (arg_parse(&p_chroot_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0) return VNULL;
    if (chroot(p.narrow) < 0) return posix_error(p.object);
    return V_NONE;
}

static const ArgSpec p_ctermid_spec = {"posix.ctermid", 0, 0, 0, {NULL}};
static Value p_ctermid(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_ctermid_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    char buf[L_ctermid];
    const char *r = ctermid(buf);
    if (!r) return posix_error(VNULL);
    return fs_decode(r, strlen(r));
}

static const ArgSpec p_setpgrp_spec = {"posix.setpgrp", 0, 0, 0, {NULL}};
static Value p_setpgrp(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_setpgrp_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (setpgid(0, 0) < 0) return posix_error(VNULL);
    return V_NONE;
}

/* set{re,res}{u,g}id(ids..., /) */
static Value set_ids(const char *fname, const char *const *names, int n, Value *args, size_t nargs, Value kwnames,
                     bool gid) {
    ArgSpec spec = {fname, n, n, 0, {names[0], names[1], n > 2 ? names[2] : NULL, NULL}};
    Value a[3];
    int64_t id[3] = {-1, -1, -1};
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    for (int i = 0; i < n; i++)
        if (to_id(a[i], &id[i], gid ? "gid" : "uid") < 0) return VNULL;
    int r;
    if (!gid) r = n == 2 ? setreuid((uid_t)id[0], (uid_t)id[1]) : setresuid((uid_t)id[0], (uid_t)id[1], (uid_t)id[2]);
    else r = n == 2 ? setregid((gid_t)id[0], (gid_t)id[1]) : setresgid((gid_t)id[0], (gid_t)id[1], (gid_t)id[2]);
    if (r < 0) return posix_error(VNULL);
    return V_NONE;
}
static Value p_setreuid(Value *args, size_t nargs, Value kwnames) {
    static const char *const n[] = {"ruid", "euid"};
    return set_ids("setreuid", n, 2, args, nargs, kwnames, false);
}
static Value p_setregid(Value *args, size_t nargs, Value kwnames) {
    static const char *const n[] = {"rgid", "egid"};
    return set_ids("setregid", n, 2, args, nargs, kwnames, true);
}
static Value p_setresuid(Value *args, size_t nargs, Value kwnames) {
    static const char *const n[] = {"ruid", "euid", "suid"};
    return set_ids("setresuid", n, 3, args, nargs, kwnames, false);
}
static Value p_setresgid(Value *args, size_t nargs, Value kwnames) {
    static const char *const n[] = {"rgid", "egid", "sgid"};
    return set_ids("setresgid", n, 3, args, nargs, kwnames, true);
}

static const ArgSpec p_setgroups_spec = {"posix.setgroups", 1, 1, 0, {"groups", NULL}};
static Value p_setgroups(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&p_setgroups_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value l = list_from_iterable(a[0]);
    if (!l) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_set(&exc_TypeError, "setgroups argument must be a sequence");
        }
        return VNULL;
    }
    int64_t n = list_size(l);
    gid_t *g = gc_alloc_atomic(sizeof(gid_t) * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        int64_t v;
        if (!int_check(list_get(l, i))) return err_set(&exc_TypeError, "groups must be integers");
        if (to_id(list_get(l, i), &v, "gid") < 0) return VNULL;
        g[i] = (gid_t)v;
    }
    if (setgroups((size_t)n, g) < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_getgrouplist_spec = {"getgrouplist", 2, 2, 0, {"user", "group", NULL}};
static Value p_getgrouplist(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int64_t gid;
    if (arg_parse(&p_getgrouplist_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "getgrouplist() argument 1 must be str, not %T", a[0]);
    if (to_id(a[1], &gid, "gid") < 0) return VNULL;
    Value user = fs_encode(a[0]);
    if (!user) return VNULL;
    int n = 64;
    for (;;) {
        gid_t *g = gc_alloc_atomic(sizeof(gid_t) * (size_t)n);
        int got = n;
        if (getgrouplist(bytes_data(user), (gid_t)gid, g, &got) >= 0) {
            Value l = list_new(got);
            for (int i = 0; i < got; i++) list_append(l, int_from_i64(g[i]));
            return l;
        }
        n = got > n ? got : n * 2;
    }
}

static const ArgSpec p_initgroups_spec = {"initgroups", 2, 2, 0, {"username", "gid", NULL}};
static Value p_initgroups(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Path p = PATH(NULL, "username", false, false);
    int64_t gid;
    if (arg_parse(&p_initgroups_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_id(a[1], &gid, "gid") < 0)
        return VNULL;
    if (initgroups(p.narrow, (gid_t)gid) < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_lockf_spec = {"lockf", 3, 3, 0, {"fd", "command", "length", NULL}};
static Value p_lockf(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    int fd, cmd;
    int64_t len;
    if (arg_parse(&p_lockf_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_int(a[1], &cmd) < 0 ||
        to_i64(a[2], &len) < 0)
        return VNULL;
    int r;
    BLOCKING_CALL(r, lockf(fd, cmd, (off_t)len));
    if (r < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_posix_fallocate_spec = {"posix_fallocate", 3, 3, 0, {"fd", "offset", "length", NULL}};
static Value p_posix_fallocate(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    int fd;
    int64_t off, len;
    if (arg_parse(&p_posix_fallocate_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_i64(a[1], &off) < 0 ||
        to_i64(a[2], &len) < 0)
        return VNULL;
    int r;
    /* it returns the error number instead of setting errno */
    BLOCKING_CALL(r, (errno = posix_fallocate(fd, (off_t)off, (off_t)len)) ? -1 : 0);
    if (r < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_posix_fadvise_spec = {"posix_fadvise", 4, 4, 0, {"fd", "offset", "length", "advice", NULL}};
static Value p_posix_fadvise(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    int fd, adv;
    int64_t off, len;
    if (arg_parse(&p_posix_fadvise_spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &fd) < 0 || to_i64(a[1], &off) < 0 ||
        to_i64(a[2], &len) < 0 || to_int(a[3], &adv) < 0)
        return VNULL;
    int r;
    BLOCKING_CALL(r, (errno = posix_fadvise(fd, (off_t)off, (off_t)len, adv)) ? -1 : 0);
    if (r < 0) return posix_error(VNULL);
    return V_NONE;
}

static Value p_tcgetpgrp(Value *args, size_t nargs, Value kwnames) {
    int fd;
    if (one_fd("posix.tcgetpgrp", true, args, nargs, kwnames, &fd) < 0) return VNULL;
    pid_t r = tcgetpgrp(fd);
    if (r < 0) return posix_error(VNULL);
    return int_from_i64(r);
}

static Value p_tcsetpgrp(Value *args, size_t nargs, Value kwnames) {
    Value *a = args;
    int fd;
    int64_t pg;
    if (legacy_args("tcsetpgrp", nargs, kwnames, 2) < 0 || to_int(a[0], &fd) < 0 || to_i64(a[1], &pg) < 0)
        return VNULL;
    if (tcsetpgrp(fd, (pid_t)pg) < 0) return posix_error(VNULL);
    return V_NONE;
}

static Value sched_priority(const char *fname, Value *args, size_t nargs, Value kwnames, int (*fn)(int)) {
    ArgSpec spec = {fname, 0, 1, 0, {"policy", NULL}};
    Value a[1];
    int pol;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || to_int(a[0], &pol) < 0) return VNULL;
    int r = fn(pol);
    if (r < 0) return posix_error(VNULL);
    return v_int(r);
}
static Value p_sched_get_priority_max(Value *args, size_t nargs, Value kwnames) {
    return sched_priority("sched_get_priority_max", args, nargs, kwnames, sched_get_priority_max);
}
static Value p_sched_get_priority_min(Value *args, size_t nargs, Value kwnames) {
    return sched_priority("sched_get_priority_min", args, nargs, kwnames, sched_get_priority_min);
}

static const ArgSpec p_sched_getscheduler_spec = {"posix.sched_getscheduler", 1, 1, 0, {"pid", NULL}};
static Value p_sched_getscheduler(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int64_t pid;
    if (arg_parse(&p_sched_getscheduler_spec, args, nargs, kwnames, a) < 0 || to_i64(a[0], &pid) < 0) return VNULL;
    int r = sched_getscheduler((pid_t)pid);
    if (r < 0) return posix_error(VNULL);
    return v_int(r);
}

static Value p_sched_setaffinity(Value *args, size_t nargs, Value kwnames) {
    Value *a = args;
    int64_t pid;
    if (legacy_args("sched_setaffinity", nargs, kwnames, 2) < 0 || to_i64(a[0], &pid) < 0) return VNULL;
    Value it = obj_iter(a[1]);
    if (!it) return VNULL;
    cpu_set_t set;
    CPU_ZERO(&set);
    Value x;
    while ((x = obj_next(it))) {
        if (!int_check(x)) return err_format(&exc_TypeError, "expected an iterator of ints, but iterator yielded %R",
                              V_FROM_PTR(type_of(x)));
        int64_t cpu;
        if (to_i64(x, &cpu) < 0) return VNULL;
        if (cpu < 0) return err_set(&exc_ValueError, "negative CPU number");
        if (cpu >= CPU_SETSIZE) return err_set(&exc_OverflowError, "CPU number too large");
        CPU_SET((int)cpu, &set);
    }
    if (err_occurred()) return VNULL;
    if (sched_setaffinity((pid_t)pid, sizeof set, &set) < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_eventfd_spec = {"eventfd", 0, 1, 0, {"initval", "flags=EFD_CLOEXEC", NULL}};
static Value p_eventfd(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int64_t init;
    int flags = EFD_CLOEXEC;
    if (arg_parse(&p_eventfd_spec, args, nargs, kwnames, a) < 0 || to_i64(a[0], &init) < 0 || (a[1] && to_int(a[1], &flags) < 0))
        return VNULL;
    if (init < 0 || init > (int64_t)UINT32_MAX) return err_set(&exc_OverflowError, "Python int too large to convert to C unsigned int");
    int fd = eventfd((unsigned)init, flags);
    if (fd < 0) return posix_error(VNULL);
    return v_int(fd);
}

static const ArgSpec p_eventfd_read_spec = {"eventfd_read", 0, 1, 0, {"fd", NULL}};
static Value p_eventfd_read(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int fd;
    if (arg_parse(&p_eventfd_read_spec, args, nargs, kwnames, a) < 0 || to_fildes(a[0], &fd) < 0) return VNULL;
    eventfd_t v;
    int r;
    BLOCKING_CALL(r, eventfd_read(fd, &v));
    if (r < 0) return posix_error(VNULL);
    return int_from_u64(v);
}

static const ArgSpec p_eventfd_write_spec = {"eventfd_write", 0, 2, 0, {"fd", "value", NULL}};
static Value p_eventfd_write(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int fd;
    if (arg_parse(&p_eventfd_write_spec, args, nargs, kwnames, a) < 0 || to_fildes(a[0], &fd) < 0) return VNULL;
    if (!int_check(a[1])) return err_format(&exc_TypeError, "'%s' object cannot be interpreted as an integer", type_of(a[1])->tname);
    if (int_sign(a[1]) < 0 || int_compare(a[1], int_from_u64(UINT64_MAX)) > 0)
        return int_sign(a[1]) < 0 ? err_set(&exc_ValueError, "value must be positive")
                                  : err_set(&exc_OverflowError, "Python int too large to convert to C unsigned long");
    mpz_t z;
    mpz_init(z);
    int_to_mpz(a[1], z);
    eventfd_t v = (eventfd_t)mpz_get_ui(z);
    mpz_clear(z);
    int r;
    BLOCKING_CALL(r, eventfd_write(fd, v));
    if (r < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_pidfd_open_spec = {"pidfd_open", 0, 1, 0, {"pid", "flags=0", NULL}};
static Value p_pidfd_open(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int64_t pid;
    int flags = 0;
    if (arg_parse(&p_pidfd_open_spec, args, nargs, kwnames, a) < 0 || to_i64(a[0], &pid) < 0 || (a[1] && to_int(a[1], &flags) < 0))
        return VNULL;
    int fd = (int)syscall(SYS_pidfd_open, (pid_t)pid, (unsigned)flags);
    if (fd < 0) return posix_error(VNULL);
    return v_int(fd);
}

static Type *waitid_result_type;

static Value p_waitid(Value *args, size_t nargs, Value kwnames) {
    Value *a = args;
    int idtype, opts;
    int64_t id;
    if (legacy_args("waitid", nargs, kwnames, 3) < 0 || to_int(a[0], &idtype) < 0 || to_i64(a[1], &id) < 0 ||
        to_int(a[2], &opts) < 0)
        return VNULL;
    siginfo_t si;
    si.si_pid = 0;
    int r;
    BLOCKING_CALL(r, waitid((idtype_t)idtype, (id_t)id, &si, opts));
    if (r < 0) return posix_error(VNULL);
    if (si.si_pid == 0) return V_NONE;   /* WNOHANG and nothing waited */
    Value v[5] = {int_from_i64(si.si_pid), int_from_i64(si.si_uid), v_int(si.si_signo), v_int(si.si_status),
                  v_int(si.si_code)};
    return structseq_new(waitid_result_type, v);
}

static const ArgSpec p_openpty_spec = {"posix.openpty", 0, 0, 0, {NULL}};
static Value p_openpty(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_openpty_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    int m, s;
    if (openpty(&m, &s, NULL, NULL, NULL) < 0) return posix_error(VNULL);
    /* not inherited by exec'd programs (PEP 446) */
    if (fcntl(m, F_SETFD, FD_CLOEXEC) < 0 || fcntl(s, F_SETFD, FD_CLOEXEC) < 0) {
        Value r = posix_error(VNULL);
        close(m);
        close(s);
        return r;
    }
    return tuple_pack(2, v_int(m), v_int(s));
}

static const ArgSpec p_login_tty_spec = {"posix.login_tty", 1, 1, 0, {"fd", NULL}};
static Value p_login_tty(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    int fd;
    if (arg_parse(&p_login_tty_spec, args, nargs, kwnames, a) < 0 || to_fildes(a[0], &fd) < 0) return VNULL;
    if (login_tty(fd) < 0) return posix_error(VNULL);
    return V_NONE;
}

static const ArgSpec p_forkpty_spec = {"posix.forkpty", 0, 0, 0, {NULL}};
static Value p_forkpty(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&p_forkpty_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    int master = -1;
    before_fork();
    pid_t pid = forkpty(&master, NULL, NULL, NULL);
    int e = errno;
    if (pid == 0) after_fork_child();
    else after_fork_parent();
    if (pid < 0) {
        errno = e;
        return posix_error(VNULL);
    }
    return tuple_pack(2, int_from_i64(pid), v_int(master));
}

/* ---- posix_spawn ----------------------------------------------------------------- */

/* CPython's file_actions tags */
enum { SPAWN_OPEN, SPAWN_CLOSE, SPAWN_DUP2 };

/* a sigset from an iterable of signal numbers */
static int to_sigset(Value it_src, sigset_t *set) {
    Value it = obj_iter(it_src);
    if (!it) return -1;
    sigemptyset(set);
    Value x;
    while ((x = obj_next(it))) {
        int64_t sig;
        if (to_i64(x, &sig) < 0) return -1;
        if (sig < 1 || sig >= NSIG) {
            err_format(&exc_ValueError, "signal number %lld out of range [1; %d]", (long long)sig, NSIG - 1);
            return -1;
        }
        sigaddset(set, (int)sig);
    }
    return err_occurred() ? -1 : 0;
}

/* file_actions: a sequence of (OPEN, fd, path, flags, mode), (CLOSE, fd)
 * and (DUP2, fd, new_fd) tuples; the paths' objects go to keep (a list) */
static int spawn_file_actions(Value seq, posix_spawn_file_actions_t *fa, Value keep) {
    Value l = list_from_iterable(seq);
    if (!l) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_set(&exc_TypeError, "file_actions must be a sequence or None");
        }
        return -1;
    }
    for (int64_t i = 0; i < list_size(l); i++) {
        Value t = list_get(l, i);
        if (!tuple_check(t) || tuple_size(t) == 0) {
            err_set(&exc_TypeError, "Each file_actions element must be a non-empty tuple");
            return -1;
        }
        int tag, fd, fd2, flags, mode, e;
        if (to_int(tuple_get(t, 0), &tag) < 0) return -1;
        int64_t n = tuple_size(t);
        switch (tag) {
        case SPAWN_OPEN: {
            if (n != 5) {
                err_set(&exc_TypeError, "A open file_action tuple must have 5 elements");
                return -1;
            }
            Path p = PATH("posix_spawn", "path", false, false);
            if (to_int(tuple_get(t, 1), &fd) < 0 || path_conv(tuple_get(t, 2), &p) < 0 ||
                to_int(tuple_get(t, 3), &flags) < 0 || to_int(tuple_get(t, 4), &mode) < 0)
                return -1;
            list_append(keep, p.bytes);
            e = posix_spawn_file_actions_addopen(fa, fd, p.narrow, flags, (mode_t)mode);
            break;
        }
        case SPAWN_CLOSE:
            if (n != 2) {
                err_set(&exc_TypeError, "A close file_action tuple must have 2 elements");
                return -1;
            }
            if (to_int(tuple_get(t, 1), &fd) < 0) return -1;
            e = posix_spawn_file_actions_addclose(fa, fd);
            break;
        case SPAWN_DUP2:
            if (n != 3) {
                err_set(&exc_TypeError, "A dup2 file_action tuple must have 3 elements");
                return -1;
            }
            if (to_int(tuple_get(t, 1), &fd) < 0 || to_int(tuple_get(t, 2), &fd2) < 0) return -1;
            e = posix_spawn_file_actions_adddup2(fa, fd, fd2);
            break;
        default:
            err_set(&exc_TypeError, "Unknown file_actions identifier");
            return -1;
        }
        if (e) {
            errno = e;
            posix_error(VNULL);
            return -1;
        }
    }
    return 0;
}

static Value do_spawn(const ArgSpec *spec, bool use_path, Value *args, size_t nargs, Value kwnames) {
    Value a[10];
    const char *fname = spec->fname;
    Path p = PATH(fname, "path", false, false);
    if (arg_parse(spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0) return VNULL;
    char **argv = exec_argv(fname, a[1], ARGV_SPAWN);
    if (!argv) return VNULL;
    char **envp = exec_envp(fname, a[2]);
    if (!envp) return VNULL;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_t fa;
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_init(&fa);
    Value keep = list_new(0), result = VNULL;
    short flags = 0;
    int ib = 0;
    if (a[3] && a[3] != V_NONE && spawn_file_actions(a[3], &fa, keep) < 0) goto done;
    if (a[4]) {
        int64_t pg;
        if (to_i64(a[4], &pg) < 0) goto done;
        posix_spawnattr_setpgroup(&attr, (pid_t)pg);
        flags |= POSIX_SPAWN_SETPGROUP;
    }
    /* resetids and setsid are bools given as ints (CPython's
       bool(accept={int})): None or a str is a TypeError */
    if (a[5] && to_int(a[5], &ib) < 0) goto done;
    if (ib) flags |= POSIX_SPAWN_RESETIDS;
    ib = 0;
    if (a[6] && to_int(a[6], &ib) < 0) goto done;
    if (ib) flags |= POSIX_SPAWN_SETSID;
    if (a[7]) {
        sigset_t set;
        if (to_sigset(a[7], &set) < 0) goto done;
        posix_spawnattr_setsigmask(&attr, &set);
        flags |= POSIX_SPAWN_SETSIGMASK;
    }
    if (a[8]) {
        sigset_t set;
        if (to_sigset(a[8], &set) < 0) goto done;
        posix_spawnattr_setsigdefault(&attr, &set);
        flags |= POSIX_SPAWN_SETSIGDEF;
    }
    if (a[9]) {
        /* (policy or None, sched_param) */
        if (!tuple_check(a[9])) {
            err_set(&exc_SystemError, "new style getargs format but argument is not a tuple");
            goto done;
        }
        if (tuple_size(a[9]) != 2) {
            err_format(&exc_TypeError, "function takes exactly 2 arguments (%zd given)", (ssize_t)tuple_size(a[9]));
            goto done;
        }
        Value pol = tuple_get(a[9], 0);
        struct sched_param sp;
        int policy = 0;
        if ((pol != V_NONE && to_int(pol, &policy) < 0) || to_sched_param(tuple_get(a[9], 1), &sp) < 0) goto done;
        if (pol != V_NONE) {
            posix_spawnattr_setschedpolicy(&attr, policy);
            flags |= POSIX_SPAWN_SETSCHEDULER;
        }
        posix_spawnattr_setschedparam(&attr, &sp);
        flags |= POSIX_SPAWN_SETSCHEDPARAM;
    }
    posix_spawnattr_setflags(&attr, flags);
    pid_t pid;
    int e = use_path ? posix_spawnp(&pid, p.narrow, &fa, &attr, argv, envp)
                     : posix_spawn(&pid, p.narrow, &fa, &attr, argv, envp);
    if (e) {
        errno = e;
        posix_error(p.object);
        goto done;
    }
    result = int_from_i64(pid);
done:
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    (void)keep;
    return result;
}

static Value p_posix_spawn(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"posix_spawn", 3, 3, 7, {"path", "argv", "env", "file_actions", "setpgroup",
                                                          "resetids", "setsid", "setsigmask", "setsigdef",
                                                          "scheduler", NULL}};
    return do_spawn(&spec, false, args, nargs, kwnames);
}

static Value p_posix_spawnp(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"posix_spawnp", 3, 3, 7, {"path", "argv", "env", "file_actions", "setpgroup",
                                                           "resetids", "setsid", "setsigmask", "setsigdef",
                                                           "scheduler", NULL}};
    return do_spawn(&spec, true, args, nargs, kwnames);
}


/* ---- extended attributes --------------------------------------------------------- */

static const ArgSpec p_getxattr_spec = {"getxattr", 0, 2, 1, {"path", "attribute", "follow_symlinks=True", NULL}};
static Value p_getxattr(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    Path p = PATH("getxattr", "path", false, true), at = PATH("getxattr", "attribute", false, false);
    bool follow;
    if (arg_parse(&p_getxattr_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || path_conv(a[1], &at) < 0 ||
        to_bool(a[2], true, &follow) < 0 || check_fd_follow(&p, follow) < 0)
        return VNULL;
    if (no_path(&p)) return posix_error(p.object);
    for (size_t cap = 128;; cap *= 2) {
        Value b = bytes_alloc(cap);
        char *d = V_AS(BytesObject, b)->data;
        ssize_t r = p.fd >= 0 ? fgetxattr(p.fd, at.narrow, d, cap)
                    : follow  ? getxattr(p.narrow, at.narrow, d, cap)
                              : lgetxattr(p.narrow, at.narrow, d, cap);
        if (r >= 0) return bytes_new(d, (size_t)r);
        if (errno != ERANGE || cap >= XATTR_SIZE_MAX) return posix_error(p.object);
    }
}

static const ArgSpec p_setxattr_spec = {"setxattr", 0, 3, 1, {"path", "attribute", "value", "flags=0", "follow_symlinks=True", NULL}};
static Value p_setxattr(Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    Path p = PATH("setxattr", "path", false, true), at = PATH("setxattr", "attribute", false, false);
    int flags = 0;
    bool follow;
    if (arg_parse(&p_setxattr_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || path_conv(a[1], &at) < 0 ||
        (a[3] && to_int(a[3], &flags) < 0) || to_bool(a[4], true, &follow) < 0 || check_fd_follow(&p, follow) < 0)
        return VNULL;
    if (no_path(&p)) return posix_error(p.object);
    const char *d;
    int64_t n;
    if (!byteslike_view(a[2], &d, &n))
        return err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(a[2])->tname);
    int r = p.fd >= 0 ? fsetxattr(p.fd, at.narrow, d, (size_t)n, flags)
            : follow  ? setxattr(p.narrow, at.narrow, d, (size_t)n, flags)
                      : lsetxattr(p.narrow, at.narrow, d, (size_t)n, flags);
    if (r < 0) return posix_error(p.object);
    return V_NONE;
}

static const ArgSpec p_removexattr_spec = {"removexattr", 0, 2, 1, {"path", "attribute", "follow_symlinks=True", NULL}};
static Value p_removexattr(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    Path p = PATH("removexattr", "path", false, true), at = PATH("removexattr", "attribute", false, false);
    bool follow;
    if (arg_parse(&p_removexattr_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || path_conv(a[1], &at) < 0 ||
        to_bool(a[2], true, &follow) < 0 || check_fd_follow(&p, follow) < 0)
        return VNULL;
    if (no_path(&p)) return posix_error(p.object);
    int r = p.fd >= 0 ? fremovexattr(p.fd, at.narrow) : follow ? removexattr(p.narrow, at.narrow)
                                                                : lremovexattr(p.narrow, at.narrow);
    if (r < 0) return posix_error(p.object);
    return V_NONE;
}

static const ArgSpec p_listxattr_spec = {"listxattr", 0, 0, 1, {"path=None", "follow_symlinks=True", NULL}};
static Value p_listxattr(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Path p = PATH("listxattr", "path", true, true);
    bool follow;
    if (arg_parse(&p_listxattr_spec, args, nargs, kwnames, a) < 0 || path_conv(a[0], &p) < 0 || to_bool(a[1], true, &follow) < 0 ||
        check_fd_follow(&p, follow) < 0)
        return VNULL;
    const char *path = path_or_dot(&p);
    for (size_t cap = 256;; cap *= 2) {
        char *buf = gc_alloc_atomic(cap);
        ssize_t r = p.fd >= 0 ? flistxattr(p.fd, buf, cap) : follow ? listxattr(path, buf, cap) : llistxattr(path, buf, cap);
        if (r >= 0) {
            Value l = list_new(0);
            for (ssize_t i = 0; i < r;) {
                size_t len = strlen(buf + i);
                Value s = fs_decode(buf + i, len);
                if (!s) return VNULL;
                list_append(l, s);
                i += (ssize_t)len + 1;
            }
            return l;
        }
        if (errno != ERANGE || cap >= (size_t)XATTR_LIST_MAX) return posix_error(p.narrow || p.fd >= 0 ? p.object : V_NONE);
    }
}

/* ---- types and the module -------------------------------------------------------- */

static const MethodDef direntry_methods[] = {
    {"is_dir", de_is_dir, MF_KEYWORDS, NULL},
    {"is_file", de_is_file, MF_KEYWORDS, NULL},
    {"is_symlink", de_is_symlink, MF_KEYWORDS, NULL},
    {"stat", de_stat, MF_KEYWORDS, NULL},
    {"inode", de_inode, MF_KEYWORDS, NULL, &de_inode_spec},
    {"__fspath__", de_fspath, MF_KEYWORDS, NULL, &de_fspath_spec},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef direntry_getsets[] = {
    {"name", de_name, NULL, NULL},
    {"path", de_path, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type direntry_type = {
    .tname = "posix.DirEntry",
    .basicsize = sizeof(DirEntryObject),
    .repr = de_repr,
    .flags = TF_ABSTRACT_NEW,
};

static const MethodDef scandir_methods[] = {
    {"close", sd_close, MF_KEYWORDS, NULL},
    {"__enter__", sd_enter, MF_KEYWORDS, NULL},
    {"__exit__", sd_exit, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type scandir_type = {
    .tname = "posix.ScandirIterator",
    .basicsize = sizeof(ScandirObject),
    .iter = sd_iter,
    .iternext = sd_next,
    .flags = TF_ABSTRACT_NEW,
};

/* what this module implements of the optional features os.py asks about */
static const char *const have_functions[] = {
    "HAVE_FACCESSAT", "HAVE_FCHDIR",   "HAVE_FCHMOD",     "HAVE_FCHMODAT",    "HAVE_FCHOWN",
    "HAVE_FCHOWNAT",  "HAVE_FEXECVE",  "HAVE_FDOPENDIR",  "HAVE_FPATHCONF",   "HAVE_FSTATAT",
    "HAVE_FSTATVFS",  "HAVE_FTRUNCATE", "HAVE_FUTIMENS",  "HAVE_EVENTFD",  "HAVE_LINKAT",      "HAVE_LCHOWN",
    "HAVE_LSTAT",     "HAVE_MEMFD_CREATE", "HAVE_MKDIRAT", "HAVE_MKFIFOAT",   "HAVE_MKNODAT",
    "HAVE_OPENAT",    "HAVE_READLINKAT", "HAVE_RENAMEAT", "HAVE_SYMLINKAT",   "HAVE_UNLINKAT",
    "HAVE_UTIMENSAT", NULL,
};

static const MethodDef posix_functions[] = {
    {"stat", p_stat, MF_KEYWORDS, NULL, &stat_spec},
    {"lstat", p_lstat, MF_KEYWORDS, NULL, &lstat_spec},
    {"fstat", p_fstat, MF_KEYWORDS, NULL, &p_fstat_spec},
    {"statvfs", p_statvfs, MF_KEYWORDS, NULL, &p_statvfs_spec},
    {"fstatvfs", p_fstatvfs, MF_KEYWORDS, NULL, &p_fstatvfs_spec},
    {"access", p_access, MF_KEYWORDS, NULL, &p_access_spec},
    {"chdir", p_chdir, MF_KEYWORDS, NULL, &p_chdir_spec},
    {"fchdir", p_fchdir, MF_KEYWORDS, NULL, &p_fchdir_spec},
    {"chmod", p_chmod, MF_KEYWORDS, NULL, &p_chmod_spec},
    {"fchmod", p_fchmod, MF_KEYWORDS, NULL, &p_fchmod_spec},
    {"chown", p_chown, MF_KEYWORDS, NULL, &p_chown_spec},
    {"fchown", p_fchown, MF_KEYWORDS, NULL, &p_fchown_spec},
    {"lchown", p_lchown, MF_KEYWORDS, NULL, &p_lchown_spec},
    {"getcwd", p_getcwd, MF_KEYWORDS, NULL, &p_getcwd_spec},
    {"getcwdb", p_getcwdb, MF_KEYWORDS, NULL, &p_getcwdb_spec},
    {"link", p_link, MF_KEYWORDS, NULL, &p_link_spec},
    {"listdir", p_listdir, MF_KEYWORDS, NULL, &p_listdir_spec},
    {"scandir", p_scandir, MF_KEYWORDS, NULL, &p_scandir_spec},
    {"mkdir", p_mkdir, MF_KEYWORDS, NULL, &p_mkdir_spec},
    {"mkfifo", p_mkfifo, MF_KEYWORDS, NULL, &p_mkfifo_spec},
    {"mknod", p_mknod, MF_KEYWORDS, NULL, &p_mknod_spec},
    {"major", p_major, MF_KEYWORDS, NULL, &p_major_spec},
    {"minor", p_minor, MF_KEYWORDS, NULL, &p_minor_spec},
    {"makedev", p_makedev, MF_KEYWORDS, NULL, &p_makedev_spec},
    {"rmdir", p_rmdir, MF_KEYWORDS, NULL, &p_rmdir_spec},
    {"unlink", p_unlink, MF_KEYWORDS, NULL},
    {"remove", p_remove, MF_KEYWORDS, NULL},
    {"rename", p_rename, MF_KEYWORDS, NULL},
    {"replace", p_replace, MF_KEYWORDS, NULL},
    {"symlink", p_symlink, MF_KEYWORDS, NULL, &p_symlink_spec},
    {"readlink", p_readlink, MF_KEYWORDS, NULL, &p_readlink_spec},
    {"utime", p_utime, MF_KEYWORDS, NULL},
    {"umask", p_umask, MF_KEYWORDS, NULL, &p_umask_spec},
    {"truncate", p_truncate, MF_KEYWORDS, NULL, &p_truncate_spec},
    {"open", p_open, MF_KEYWORDS, NULL, &p_open_spec},
    {"close", p_close, MF_KEYWORDS, NULL},
    {"closerange", p_closerange, MF_KEYWORDS, NULL, &p_closerange_spec},
    {"read", p_read, MF_KEYWORDS, NULL, &p_read_spec},
    {"write", p_write, MF_KEYWORDS, NULL, &p_write_spec},
    {"pread", p_pread, MF_KEYWORDS, NULL, &p_pread_spec},
    {"pwrite", p_pwrite, MF_KEYWORDS, NULL, &p_pwrite_spec},
    {"lseek", p_lseek, MF_KEYWORDS, NULL, &p_lseek_spec},
    {"ftruncate", p_ftruncate, MF_KEYWORDS, NULL, &p_ftruncate_spec},
    {"fsync", p_fsync, MF_KEYWORDS, NULL},
    {"fdatasync", p_fdatasync, MF_KEYWORDS, NULL},
    {"sync", p_sync, MF_KEYWORDS, NULL, &p_sync_spec},
    {"dup", p_dup, MF_KEYWORDS, NULL},
    {"dup2", p_dup2, MF_KEYWORDS, NULL, &p_dup2_spec},
    {"pipe", p_pipe, MF_KEYWORDS, NULL, &p_pipe_spec},
    {"pipe2", p_pipe2, MF_KEYWORDS, NULL, &p_pipe2_spec},
    {"isatty", p_isatty, MF_KEYWORDS, NULL},
    {"ttyname", p_ttyname, MF_KEYWORDS, NULL},
    {"get_terminal_size", p_get_terminal_size, MF_KEYWORDS, NULL},
    {"get_inheritable", p_get_inheritable, MF_KEYWORDS, NULL},
    {"set_inheritable", p_set_inheritable, MF_KEYWORDS, NULL, &p_set_inheritable_spec},
    {"get_blocking", p_get_blocking, MF_KEYWORDS, NULL},
    {"set_blocking", p_set_blocking, MF_KEYWORDS, NULL, &p_set_blocking_spec},
    {"device_encoding", p_device_encoding, MF_KEYWORDS, NULL},
    {"urandom", p_urandom, MF_KEYWORDS, NULL, &p_urandom_spec},
    {"getrandom", p_getrandom, MF_KEYWORDS, NULL, &p_getrandom_spec},
    {"memfd_create", p_memfd_create, MF_KEYWORDS, NULL, &p_memfd_create_spec},
    {"strerror", p_strerror, MF_KEYWORDS, NULL, &p_strerror_spec},
    {"uname", p_uname, MF_KEYWORDS, NULL, &p_uname_spec},
    {"times", p_times, MF_KEYWORDS, NULL, &p_times_spec},
    {"getpid", p_getpid, MF_KEYWORDS, NULL},
    {"getppid", p_getppid, MF_KEYWORDS, NULL},
    {"getuid", p_getuid, MF_KEYWORDS, NULL},
    {"geteuid", p_geteuid, MF_KEYWORDS, NULL},
    {"getgid", p_getgid, MF_KEYWORDS, NULL},
    {"getegid", p_getegid, MF_KEYWORDS, NULL},
    {"getpgrp", p_getpgrp, MF_KEYWORDS, NULL},
    {"getgroups", p_getgroups, MF_KEYWORDS, NULL, &p_getgroups_spec},
    {"getlogin", p_getlogin, MF_KEYWORDS, NULL, &p_getlogin_spec},
    {"getresuid", p_getresuid, MF_KEYWORDS, NULL, &p_getresuid_spec},
    {"getresgid", p_getresgid, MF_KEYWORDS, NULL, &p_getresgid_spec},
    {"setuid", p_setuid, MF_KEYWORDS, NULL},
    {"setgid", p_setgid, MF_KEYWORDS, NULL},
    {"seteuid", p_seteuid, MF_KEYWORDS, NULL},
    {"setegid", p_setegid, MF_KEYWORDS, NULL},
    {"setsid", p_setsid, MF_KEYWORDS, NULL, &p_setsid_spec},
    {"getsid", p_getsid, MF_KEYWORDS, NULL},
    {"getpgid", p_getpgid, MF_KEYWORDS, NULL},
    {"setpgid", p_setpgid, MF_KEYWORDS, NULL},
    {"kill", p_kill, MF_KEYWORDS, NULL},
    {"killpg", p_killpg, MF_KEYWORDS, NULL},
    {"fork", p_fork, MF_KEYWORDS, NULL, &p_fork_spec},
    {"register_at_fork", p_register_at_fork, MF_KEYWORDS, NULL},
    {"execv", p_execv, MF_KEYWORDS, NULL, &p_execv_spec},
    {"execve", p_execve, MF_KEYWORDS, NULL, &p_execve_spec},
    {"_exit", p__exit, MF_KEYWORDS, NULL, &p__exit_spec},
    {"abort", p_abort, MF_KEYWORDS, NULL, &p_abort_spec},
    {"system", p_system, MF_KEYWORDS, NULL, &p_system_spec},
    {"waitpid", p_waitpid, MF_KEYWORDS, NULL},
    {"wait3", p_wait3, MF_KEYWORDS, NULL, &p_wait3_spec},
    {"wait4", p_wait4, MF_KEYWORDS, NULL, &p_wait4_spec},
    {"wait", p_wait, MF_KEYWORDS, NULL, &p_wait_spec},
    {"waitstatus_to_exitcode", p_waitstatus_to_exitcode, MF_KEYWORDS, NULL},
    {"WIFEXITED", p_WIFEXITED, MF_KEYWORDS, NULL},
    {"WEXITSTATUS", p_WEXITSTATUS, MF_KEYWORDS, NULL},
    {"WIFSIGNALED", p_WIFSIGNALED, MF_KEYWORDS, NULL},
    {"WTERMSIG", p_WTERMSIG, MF_KEYWORDS, NULL},
    {"WIFSTOPPED", p_WIFSTOPPED, MF_KEYWORDS, NULL},
    {"WSTOPSIG", p_WSTOPSIG, MF_KEYWORDS, NULL},
    {"WIFCONTINUED", p_WIFCONTINUED, MF_KEYWORDS, NULL},
    {"WCOREDUMP", p_WCOREDUMP, MF_KEYWORDS, NULL},
    {"nice", p_nice, MF_KEYWORDS, NULL, &p_nice_spec},
    {"getpriority", p_getpriority, MF_KEYWORDS, NULL, &p_getpriority_spec},
    {"setpriority", p_setpriority, MF_KEYWORDS, NULL, &p_setpriority_spec},
    {"cpu_count", p_cpu_count, MF_KEYWORDS, NULL, &p_cpu_count_spec},
    {"sched_getaffinity", p_sched_getaffinity, MF_KEYWORDS, NULL, &p_sched_getaffinity_spec},
    {"sched_yield", p_sched_yield, MF_KEYWORDS, NULL, &p_sched_yield_spec},
    {"getloadavg", p_getloadavg, MF_KEYWORDS, NULL, &p_getloadavg_spec},
    {"putenv", p_putenv, MF_KEYWORDS, NULL, &p_putenv_spec},
    {"unsetenv", p_unsetenv, MF_KEYWORDS, NULL, &p_unsetenv_spec},
    {"fspath", p_fspath, MF_KEYWORDS, NULL, &p_fspath_spec},
    {"sysconf", p_sysconf, MF_KEYWORDS, NULL, &p_sysconf_spec},
    {"confstr", p_confstr, MF_KEYWORDS, NULL, &p_confstr_spec},
    {"pathconf", p_pathconf, MF_KEYWORDS, NULL, &p_pathconf_spec},
    {"fpathconf", p_fpathconf, MF_KEYWORDS, NULL, &p_fpathconf_spec},
    {"_path_normpath", p__path_normpath, MF_KEYWORDS, NULL, &p__path_normpath_spec},
    {"sendfile", p_sendfile, MF_KEYWORDS, NULL, &p_sendfile_spec},
    {"copy_file_range", p_copy_file_range, MF_KEYWORDS, NULL, &p_copy_file_range_spec},
    {"readv", p_readv, MF_KEYWORDS, NULL, &p_readv_spec},
    {"writev", p_writev, MF_KEYWORDS, NULL, &p_writev_spec},
    {"chroot", p_chroot, MF_KEYWORDS, NULL, &p_chroot_spec},
    {"ctermid", p_ctermid, MF_KEYWORDS, NULL, &p_ctermid_spec},
    {"setpgrp", p_setpgrp, MF_KEYWORDS, NULL, &p_setpgrp_spec},
    {"setreuid", p_setreuid, MF_KEYWORDS, NULL},
    {"setregid", p_setregid, MF_KEYWORDS, NULL},
    {"setresuid", p_setresuid, MF_KEYWORDS, NULL},
    {"setresgid", p_setresgid, MF_KEYWORDS, NULL},
    {"setgroups", p_setgroups, MF_KEYWORDS, NULL, &p_setgroups_spec},
    {"getgrouplist", p_getgrouplist, MF_KEYWORDS, NULL, &p_getgrouplist_spec},
    {"initgroups", p_initgroups, MF_KEYWORDS, NULL, &p_initgroups_spec},
    {"lockf", p_lockf, MF_KEYWORDS, NULL, &p_lockf_spec},
    {"posix_fallocate", p_posix_fallocate, MF_KEYWORDS, NULL, &p_posix_fallocate_spec},
    {"posix_fadvise", p_posix_fadvise, MF_KEYWORDS, NULL, &p_posix_fadvise_spec},
    {"tcgetpgrp", p_tcgetpgrp, MF_KEYWORDS, NULL},
    {"tcsetpgrp", p_tcsetpgrp, MF_KEYWORDS, NULL},
    {"sched_get_priority_max", p_sched_get_priority_max, MF_KEYWORDS, NULL},
    {"sched_get_priority_min", p_sched_get_priority_min, MF_KEYWORDS, NULL},
    {"sched_getscheduler", p_sched_getscheduler, MF_KEYWORDS, NULL, &p_sched_getscheduler_spec},
    {"sched_setaffinity", p_sched_setaffinity, MF_KEYWORDS, NULL},
    {"eventfd", p_eventfd, MF_KEYWORDS, NULL, &p_eventfd_spec},
    {"eventfd_read", p_eventfd_read, MF_KEYWORDS, NULL, &p_eventfd_read_spec},
    {"eventfd_write", p_eventfd_write, MF_KEYWORDS, NULL, &p_eventfd_write_spec},
    {"pidfd_open", p_pidfd_open, MF_KEYWORDS, NULL, &p_pidfd_open_spec},
    {"waitid", p_waitid, MF_KEYWORDS, NULL},
    {"openpty", p_openpty, MF_KEYWORDS, NULL, &p_openpty_spec},
    {"login_tty", p_login_tty, MF_KEYWORDS, NULL, &p_login_tty_spec},
    {"forkpty", p_forkpty, MF_KEYWORDS, NULL, &p_forkpty_spec},
    {"getxattr", p_getxattr, MF_KEYWORDS, NULL, &p_getxattr_spec},
    {"setxattr", p_setxattr, MF_KEYWORDS, NULL, &p_setxattr_spec},
    {"removexattr", p_removexattr, MF_KEYWORDS, NULL, &p_removexattr_spec},
    {"listxattr", p_listxattr, MF_KEYWORDS, NULL, &p_listxattr_spec},
    {"posix_spawn", p_posix_spawn, MF_KEYWORDS, NULL},
    {"posix_spawnp", p_posix_spawnp, MF_KEYWORDS, NULL},
    {"preadv", p_preadv, MF_KEYWORDS, NULL, &p_preadv_spec},
    {"pwritev", p_pwritev, MF_KEYWORDS, NULL, &p_pwritev_spec},
    {"splice", p_splice, MF_KEYWORDS, NULL, &p_splice_spec},
    {"sched_getparam", p_sched_getparam, MF_KEYWORDS, NULL, &p_sched_getparam_spec},
    {"sched_setparam", p_sched_setparam, MF_KEYWORDS, NULL},
    {"sched_setscheduler", p_sched_setscheduler, MF_KEYWORDS, NULL},
    {"sched_rr_get_interval", p_sched_rr_get_interval, MF_KEYWORDS, NULL, &p_sched_rr_get_interval_spec},
    {NULL, NULL, 0, NULL},
};

Value posix_module_create(void) {
    if (!stat_result_type) {
        static const char *const stat_fields[] = {
            "st_mode", "st_ino", "st_dev", "st_nlink", "st_uid", "st_gid", "st_size", NULL, NULL, NULL,
            "st_atime", "st_mtime", "st_ctime", "st_atime_ns", "st_mtime_ns", "st_ctime_ns",
            "st_blksize", "st_blocks", "st_rdev"};
        stat_result_type = structseq_new_type("os", "stat_result", stat_fields, 10, 19);
        stat_result_type->new_ = stat_result_new;
        static const char *const statvfs_fields[] = {"f_bsize", "f_frsize", "f_blocks", "f_bfree",
                                                     "f_bavail", "f_files", "f_ffree", "f_favail",
                                                     "f_flag", "f_namemax", "f_fsid"};
        statvfs_result_type = structseq_new_type("os", "statvfs_result", statvfs_fields, 10, 11);
        static const char *const uname_fields[] = {"sysname", "nodename", "release", "version", "machine"};
        uname_result_type = structseq_new_type("posix", "uname_result", uname_fields, 5, 5);
        static const char *const times_fields[] = {"user", "system", "children_user", "children_system", "elapsed"};
        times_result_type = structseq_new_type("posix", "times_result", times_fields, 5, 5);
        static const char *const ts_fields[] = {"columns", "lines"};
        terminal_size_type = structseq_new_type("os", "terminal_size", ts_fields, 2, 2);
        static const char *const waitid_fields[] = {"si_pid", "si_uid", "si_signo", "si_status", "si_code"};
        waitid_result_type = structseq_new_type("posix", "waitid_result", waitid_fields, 5, 5);
        static const char *const sched_param_fields[] = {"sched_priority"};
        sched_param_type = structseq_new_type("posix", "sched_param", sched_param_fields, 1, 1);
        sched_param_type->new_ = sched_param_new;
        direntry_type.name = str_intern_cstr("DirEntry");
        direntry_type.module = str_intern_cstr("posix");
        type_add_methods(&direntry_type, direntry_methods);
        type_add_getsets(&direntry_type, direntry_getsets);
        type_ready(&direntry_type);
        scandir_type.name = str_intern_cstr("ScandirIterator");
        scandir_type.module = str_intern_cstr("posix");
        type_add_methods(&scandir_type, scandir_methods);
        type_ready(&scandir_type);
    }
    Value m = module_new_cstr("posix");
    module_add_functions(m, posix_functions);
    for (int i = 0; int_constants[i].name; i++) module_add(m, int_constants[i].name, int_from_i64(int_constants[i].value));
    module_add(m, "sysconf_names", conf_dict(sysconf_names));
    module_add(m, "confstr_names", conf_dict(confstr_names));
    module_add(m, "pathconf_names", conf_dict(pathconf_names));
    Value have = list_new(0);
    for (int i = 0; have_functions[i]; i++) list_append(have, str_from_cstr(have_functions[i]));
    module_add(m, "_have_functions", have);
    module_add(m, "environ", environ_dict());
    module_add(m, "error", V_FROM_PTR(&exc_OSError));
    module_add(m, "stat_result", V_FROM_PTR(stat_result_type));
    module_add(m, "statvfs_result", V_FROM_PTR(statvfs_result_type));
    module_add(m, "uname_result", V_FROM_PTR(uname_result_type));
    module_add(m, "times_result", V_FROM_PTR(times_result_type));
    module_add(m, "terminal_size", V_FROM_PTR(terminal_size_type));
    module_add(m, "waitid_result", V_FROM_PTR(waitid_result_type));
    module_add(m, "sched_param", V_FROM_PTR(sched_param_type));
    /* waitid's id types: an enum in glibc, not macros */
    module_add(m, "P_ALL", v_int(P_ALL));
    module_add(m, "P_PID", v_int(P_PID));
    module_add(m, "P_PGID", v_int(P_PGID));
    module_add(m, "P_PIDFD", v_int(P_PIDFD));
    module_add(m, "POSIX_SPAWN_OPEN", v_int(SPAWN_OPEN));
    module_add(m, "POSIX_SPAWN_CLOSE", v_int(SPAWN_CLOSE));
    module_add(m, "POSIX_SPAWN_DUP2", v_int(SPAWN_DUP2));
    module_add(m, "DirEntry", V_FROM_PTR(&direntry_type));
    return m;
}
