/* fcntl.c: the fcntl module: fcntl(), ioctl(), flock(), lockf() and the
 * constants, with CPython 3.11's argument rules and messages.
 *
 * A bytes-like (or str) third argument is copied into a 1024-byte buffer
 * the call may write into, and the buffer comes back as bytes; ioctl() on
 * a writable buffer with mutate_flag writes the result back into it. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "../runtime.h"
#include "modules.h"
#include "../vm/gil.h"
#include "../vm/pending.h"

#define ARG_BUFSZ 1024

/* a C int argument */
static int int_arg(Value v, int *out) {
    int64_t x = index_as_long(v);
    if (x == -1 && err_occurred()) return -1;
    if (x < INT_MIN) {
        err_set(&exc_OverflowError, "signed integer is less than minimum");
        return -1;
    }
    if (x > INT_MAX) {
        err_set(&exc_OverflowError, "signed integer is greater than maximum");
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* an unsigned int taken bitwise, as CPython's "I" format (fcntl's third
   argument: flags such as DN_MULTISHOT do not fit a C int) */
static int uint_mask_arg(Value v, unsigned int *out) {
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    Value i = obj_index(v);
    if (!i) return -1;
    Value m = obj_binop(i, int_from_i64(0xffffffff), BINOP_AND);
    if (!m) return -1;
    *out = (unsigned int)index_as_long(m);
    return 0;
}

/* str (as UTF-8) or a read-only bytes-like object: CPython's "s#" */
static bool readonly_bytes(Value v, const char **p, int64_t *n) {
    if (str_check(v)) {
        *p = str_data(v);
        *n = str_nbytes(v);
        return true;
    }
    if (bytes_check(v)) return byteslike_view(v, p, n);
    if (buffer_check(v)) {
        BufferInfo b;
        if (V_OBJ(v)->type->getbuffer(v, &b) < 0) {
            err_clear();
            return false;
        }
        if (!b.readonly) return false;
        *p = b.data;
        *n = b.len;
        return true;
    }
    return false;
}

static Value fc_fcntl(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("fcntl", kwnames) < 0 || arg_count("fcntl", nargs, 2, 3) < 0) return VNULL;
    int fd = fd_from_object(args[0]), cmd, iarg = 0, r;
    if (fd < 0 || int_arg(args[1], &cmd) < 0) return VNULL;
    if (nargs > 2) {
        const char *p;
        int64_t n;
        if (readonly_bytes(args[2], &p, &n)) {
            if (n > ARG_BUFSZ) return err_set(&exc_ValueError, "fcntl string arg too long");
            char buf[ARG_BUFSZ + 1];
            memcpy(buf, p, (size_t)n);
            for (;;) {
                bool released = gil_blocking_begin();
                r = fcntl(fd, cmd, buf);
                int e = errno;
                gil_blocking_end(released);
                if (r >= 0) break;
                if (e != EINTR) return err_set_errno(&exc_OSError, e, VNULL);
                if (pending_check() < 0) return VNULL;
            }
            return bytes_new(buf, (size_t)n);
        }
        unsigned int u;
        if (uint_mask_arg(args[2], &u) < 0) return VNULL;
        iarg = (int)u;
    }
    for (;;) {
        bool released = gil_blocking_begin();
        r = fcntl(fd, cmd, iarg);
        int e = errno;
        gil_blocking_end(released);
        if (r >= 0) break;
        if (e != EINTR) return err_set_errno(&exc_OSError, e, VNULL);
        if (pending_check() < 0) return VNULL;
    }
    return v_int(r);
}

static Value fc_ioctl(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("ioctl", kwnames) < 0 || arg_count("ioctl", nargs, 2, 4) < 0) return VNULL;
    int fd = fd_from_object(args[0]);
    if (fd < 0) return VNULL;
    /* the request is an unsigned int, taken bitwise (negative values wrap) */
    if (float_check(args[1])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    Value req = obj_index(args[1]);
    if (!req) return VNULL;
    int64_t reqv = index_as_long(req);
    if (reqv == -1 && err_occurred()) return VNULL;
    unsigned long code = (unsigned int)reqv;
    bool mutate = true;
    if (nargs > 3) {
        int t = obj_truth(args[3]);
        if (t < 0) return VNULL;
        mutate = t;
    }
    char buf[ARG_BUFSZ + 1];
    int r;
    if (nargs > 2) {
        Value a = args[2];
        BufferInfo b;
        bool writable = (bytearray_check(a) || buffer_check(a)) && !bytes_check(a) && buffer_get(a, &b, true) == 0;
        if (!writable) err_clear();
        if (writable) {
            char *arg = b.data;
            if (mutate && b.len <= ARG_BUFSZ) {
                memcpy(buf, b.data, (size_t)b.len);
                arg = buf;
            } else if (!mutate) {
                if (b.len > ARG_BUFSZ) return err_set(&exc_ValueError, "ioctl string arg too long");
                memcpy(buf, b.data, (size_t)b.len);
                arg = buf;
            }
            r = ioctl(fd, code, arg);
            if (r < 0) return err_set_errno(&exc_OSError, errno, VNULL);
            if (!mutate) return bytes_new(buf, (size_t)b.len);
            if (arg == buf) memcpy(b.data, buf, (size_t)b.len);
            return v_int(r);
        }
        const char *p;
        int64_t n;
        if (readonly_bytes(a, &p, &n)) {
            if (n > ARG_BUFSZ) return err_set(&exc_ValueError, "ioctl string arg too long");
            memcpy(buf, p, (size_t)n);
            buf[n] = 0;
            r = ioctl(fd, code, buf);
            if (r < 0) return err_set_errno(&exc_OSError, errno, VNULL);
            return bytes_new(buf, (size_t)n);
        }
        int iarg;
        if (int_arg(a, &iarg) < 0)
            return VNULL;
        r = ioctl(fd, code, iarg);
    } else {
        r = ioctl(fd, code, 0);
    }
    if (r < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return v_int(r);
}

static Value fc_flock(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("flock", kwnames) < 0 || arg_count("flock", nargs, 2, 2) < 0) return VNULL;
    int fd = fd_from_object(args[0]), op, r;
    if (fd < 0 || int_arg(args[1], &op) < 0) return VNULL;
    for (;;) {
        bool released = gil_blocking_begin();
        r = flock(fd, op);
        int e = errno;
        gil_blocking_end(released);
        if (r == 0) break;
        if (e != EINTR) return err_set_errno(&exc_OSError, e, VNULL);
        if (pending_check() < 0) return VNULL;
    }
    return V_NONE;
}

static int off_arg(Value v, off_t *out) {
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    int64_t x = index_as_long(v);
    if (x == -1 && err_occurred()) return -1;
    *out = (off_t)x;
    return 0;
}

static Value fc_lockf(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("lockf", kwnames) < 0 || arg_count("lockf", nargs, 2, 5) < 0) return VNULL;
    int fd = fd_from_object(args[0]), cmd, whence = 0, r;
    if (fd < 0 || int_arg(args[1], &cmd) < 0) return VNULL;
    off_t len = 0, start = 0;
    if (nargs > 2 && off_arg(args[2], &len) < 0) return VNULL;
    if (nargs > 3 && off_arg(args[3], &start) < 0) return VNULL;
    if (nargs > 4 && int_arg(args[4], &whence) < 0) return VNULL;
    struct flock l;
    memset(&l, 0, sizeof l);
    /* bits tested in CPython's order: any LOCK_SH bit means a read lock */
    if (cmd == LOCK_UN) l.l_type = F_UNLCK;
    else if (cmd & LOCK_SH) l.l_type = F_RDLCK;
    else if (cmd & LOCK_EX) l.l_type = F_WRLCK;
    else return err_set(&exc_ValueError, "unrecognized lockf argument");
    l.l_start = start;
    l.l_len = len;
    l.l_whence = (short)whence;
    for (;;) {
        bool released = gil_blocking_begin();
        r = fcntl(fd, (cmd & LOCK_NB) ? F_SETLK : F_SETLKW, &l);
        int e = errno;
        gil_blocking_end(released);
        if (r >= 0) break;
        if (e != EINTR) return err_set_errno(&exc_OSError, e, VNULL);
        if (pending_check() < 0) return VNULL;
    }
    return V_NONE;
}

static const MethodDef fcntl_functions[] = {
    {"fcntl", fc_fcntl, 0, NULL},
    {"ioctl", fc_ioctl, 0, NULL},
    {"flock", fc_flock, 0, NULL},
    {"lockf", fc_lockf, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value fcntl_module_create(void) {
    static const struct {
        const char *name;
        int64_t value;
    } consts[] = {
#ifdef DN_ACCESS
    {"DN_ACCESS", (int64_t)DN_ACCESS},
#endif
#ifdef DN_ATTRIB
    {"DN_ATTRIB", (int64_t)DN_ATTRIB},
#endif
#ifdef DN_CREATE
    {"DN_CREATE", (int64_t)DN_CREATE},
#endif
#ifdef DN_DELETE
    {"DN_DELETE", (int64_t)DN_DELETE},
#endif
#ifdef DN_MODIFY
    {"DN_MODIFY", (int64_t)DN_MODIFY},
#endif
#ifdef DN_MULTISHOT
    {"DN_MULTISHOT", (int64_t)DN_MULTISHOT},
#endif
#ifdef DN_RENAME
    {"DN_RENAME", (int64_t)DN_RENAME},
#endif
#ifdef FASYNC
    {"FASYNC", (int64_t)FASYNC},
#endif
#ifdef FD_CLOEXEC
    {"FD_CLOEXEC", (int64_t)FD_CLOEXEC},
#endif
#ifdef F_ADD_SEALS
    {"F_ADD_SEALS", (int64_t)F_ADD_SEALS},
#endif
#ifdef F_DUPFD
    {"F_DUPFD", (int64_t)F_DUPFD},
#endif
#ifdef F_DUPFD_CLOEXEC
    {"F_DUPFD_CLOEXEC", (int64_t)F_DUPFD_CLOEXEC},
#endif
#ifdef F_EXLCK
    {"F_EXLCK", (int64_t)F_EXLCK},
#endif
#ifdef F_GETFD
    {"F_GETFD", (int64_t)F_GETFD},
#endif
#ifdef F_GETFL
    {"F_GETFL", (int64_t)F_GETFL},
#endif
#ifdef F_GETLEASE
    {"F_GETLEASE", (int64_t)F_GETLEASE},
#endif
#ifdef F_GETLK
    {"F_GETLK", (int64_t)F_GETLK},
#endif
#ifdef F_GETLK64
    {"F_GETLK64", (int64_t)F_GETLK64},
#endif
#ifdef F_GETOWN
    {"F_GETOWN", (int64_t)F_GETOWN},
#endif
#ifdef F_GETPIPE_SZ
    {"F_GETPIPE_SZ", (int64_t)F_GETPIPE_SZ},
#endif
#ifdef F_GETSIG
    {"F_GETSIG", (int64_t)F_GETSIG},
#endif
#ifdef F_GET_SEALS
    {"F_GET_SEALS", (int64_t)F_GET_SEALS},
#endif
#ifdef F_NOTIFY
    {"F_NOTIFY", (int64_t)F_NOTIFY},
#endif
#ifdef F_OFD_GETLK
    {"F_OFD_GETLK", (int64_t)F_OFD_GETLK},
#endif
#ifdef F_OFD_SETLK
    {"F_OFD_SETLK", (int64_t)F_OFD_SETLK},
#endif
#ifdef F_OFD_SETLKW
    {"F_OFD_SETLKW", (int64_t)F_OFD_SETLKW},
#endif
#ifdef F_RDLCK
    {"F_RDLCK", (int64_t)F_RDLCK},
#endif
#ifdef F_SEAL_GROW
    {"F_SEAL_GROW", (int64_t)F_SEAL_GROW},
#endif
#ifdef F_SEAL_SEAL
    {"F_SEAL_SEAL", (int64_t)F_SEAL_SEAL},
#endif
#ifdef F_SEAL_SHRINK
    {"F_SEAL_SHRINK", (int64_t)F_SEAL_SHRINK},
#endif
#ifdef F_SEAL_WRITE
    {"F_SEAL_WRITE", (int64_t)F_SEAL_WRITE},
#endif
#ifdef F_SETFD
    {"F_SETFD", (int64_t)F_SETFD},
#endif
#ifdef F_SETFL
    {"F_SETFL", (int64_t)F_SETFL},
#endif
#ifdef F_SETLEASE
    {"F_SETLEASE", (int64_t)F_SETLEASE},
#endif
#ifdef F_SETLK
    {"F_SETLK", (int64_t)F_SETLK},
#endif
#ifdef F_SETLK64
    {"F_SETLK64", (int64_t)F_SETLK64},
#endif
#ifdef F_SETLKW
    {"F_SETLKW", (int64_t)F_SETLKW},
#endif
#ifdef F_SETLKW64
    {"F_SETLKW64", (int64_t)F_SETLKW64},
#endif
#ifdef F_SETOWN
    {"F_SETOWN", (int64_t)F_SETOWN},
#endif
#ifdef F_SETPIPE_SZ
    {"F_SETPIPE_SZ", (int64_t)F_SETPIPE_SZ},
#endif
#ifdef F_SETSIG
    {"F_SETSIG", (int64_t)F_SETSIG},
#endif
#ifdef F_SHLCK
    {"F_SHLCK", (int64_t)F_SHLCK},
#endif
#ifdef F_UNLCK
    {"F_UNLCK", (int64_t)F_UNLCK},
#endif
#ifdef F_WRLCK
    {"F_WRLCK", (int64_t)F_WRLCK},
#endif
#ifdef LOCK_EX
    {"LOCK_EX", (int64_t)LOCK_EX},
#endif
#ifdef LOCK_MAND
    {"LOCK_MAND", (int64_t)LOCK_MAND},
#endif
#ifdef LOCK_NB
    {"LOCK_NB", (int64_t)LOCK_NB},
#endif
#ifdef LOCK_READ
    {"LOCK_READ", (int64_t)LOCK_READ},
#endif
#ifdef LOCK_RW
    {"LOCK_RW", (int64_t)LOCK_RW},
#endif
#ifdef LOCK_SH
    {"LOCK_SH", (int64_t)LOCK_SH},
#endif
#ifdef LOCK_UN
    {"LOCK_UN", (int64_t)LOCK_UN},
#endif
#ifdef LOCK_WRITE
    {"LOCK_WRITE", (int64_t)LOCK_WRITE},
#endif
    };
    Value m = module_new_cstr("fcntl");
    module_add_functions(m, fcntl_functions);
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++) module_add(m, consts[i].name, int_from_i64(consts[i].value));
    return m;
}
