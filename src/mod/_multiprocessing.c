/* _multiprocessing.c: the _multiprocessing module under multiprocessing's
 * synchronize.py, as CPython builds it on Linux: SemLock, a lock or
 * semaphore on a POSIX named semaphore (sem_open) that processes share,
 * sem_unlink, and the flags dict.
 *
 * A SemLock of kind RECURSIVE_MUTEX (0) counts the acquisitions of its
 * owner thread (`count` and `last_tid`; owned: count > 0 and last_tid is
 * the caller), so that the owner takes it again without touching the
 * semaphore and only the last release posts it. A SEMAPHORE (1) counts
 * acquire()s minus release()s of this process in `count`, and refuses a
 * release that would take the value to maxvalue or above.
 *
 * A blocking acquire first tries without letting the interpreter lock go;
 * then waits in sem_wait/sem_timedwait without it. Signals interrupt those
 * waits (they are never restarted): the handlers run, and a handler that
 * raises (KeyboardInterrupt) ends the wait with its exception (PEP 475).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"

enum { RECURSIVE_MUTEX = 0, SEMAPHORE = 1 };

typedef struct SemLockObject {
    Object hdr;
    sem_t *handle;      /* from sem_open; SEM_FAILED: none */
    int kind;
    int maxvalue;
    int count;          /* acquisitions not yet released, by this process */
    uint64_t last_tid;  /* thread that acquired last */
    Value name;         /* str, or VNULL when the name was unlinked at once */
    bool doomed;        /* its finalizer ran once and put off the close */
} SemLockObject;

static Type semlock_type;

static inline SemLockObject *SL(Value v) { return V_AS(SemLockObject, v); }

static inline bool semlock_is_mine(SemLockObject *s) {
    return s->count > 0 && s->last_tid == gil_thread_ident();
}

/* The semaphore is closed when the object goes (not unlinked: the name,
   if any, belongs to whoever made it). Finalizers run in no order, and
   another one (a Pool's __del__ putting to its queue) may still use this
   lock after this one ran: the first run only puts the close off to the
   next collection that finds the object unreachable, when the finalizers
   queued with it have run. A use in between (a resurrection) puts it off
   again. */
static void semlock_finalize(void *obj) {
    SemLockObject *s = obj;
    if (!s->doomed) {
        s->doomed = true;
        gc_register_finalizer(s, semlock_finalize);
        return;
    }
    if (s->handle != SEM_FAILED) sem_close(s->handle);
    s->handle = SEM_FAILED;
}

/* The object's semaphore, or NULL with ValueError once closed (only a
   finalizer running after the close can see that) */
static sem_t *semlock_handle(SemLockObject *s) {
    s->doomed = false;
    if (s->handle == SEM_FAILED) {
        err_set(&exc_ValueError, "semaphore or lock is closed");
        return NULL;
    }
    return s->handle;
}

static Value semlock_make(Type *t, sem_t *handle, int kind, int maxvalue, Value name) {
    SemLockObject *s = V_AS(SemLockObject, instance_new(t));
    s->handle = handle;
    s->kind = kind;
    s->maxvalue = maxvalue;
    s->count = 0;
    s->last_tid = 0;
    s->name = name;
    gc_register_finalizer(s, semlock_finalize);
    return V_FROM_PTR(s);
}


/* a str argument as C text (CPython's "str" converter) */
static const char *str_arg(const char *fname, const char *what, Value v) {
    if (!str_check(v)) {
        if (what)
            err_format(&exc_TypeError, "%s() argument '%s' must be str, not %T", fname, what, v);
        else
            err_format(&exc_TypeError, "%s() argument must be str, not %T", fname, v);
        return NULL;
    }
    const char *s = str_data(v);
    if (strlen(s) != (size_t)str_nbytes(v)) {
        err_set(&exc_ValueError, "embedded null character");
        return NULL;
    }
    return s;
}

/* SemLock(kind, value, maxvalue, name, unlink) */
static Value semlock_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"SemLock", 0, 5, 0, {"kind", "value", "maxvalue", "name", "unlink", NULL}};
    Value a[5];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int kind, value, maxvalue, unlink;
    if (index_as_c_int(a[0], &kind) < 0 || index_as_c_int(a[1], &value) < 0 || index_as_c_int(a[2], &maxvalue) < 0) return VNULL;
    const char *name = str_arg("SemLock", "name", a[3]);
    if (!name || index_as_c_int(a[4], &unlink) < 0) return VNULL;
    if (kind != RECURSIVE_MUTEX && kind != SEMAPHORE) return err_set(&exc_ValueError, "unrecognized kind");
    /* O_EXCL: a name in use fails with FileExistsError, and
       synchronize.py tries another */
    sem_t *h = sem_open(name, O_CREAT | O_EXCL, 0600, (unsigned)value);
    if (h == SEM_FAILED) return err_set_errno(&exc_OSError, errno, VNULL);
    if (unlink && sem_unlink(name) < 0) {
        int e = errno;
        sem_close(h);
        return err_set_errno(&exc_OSError, e, VNULL);
    }
    return semlock_make(t, h, kind, maxvalue, unlink ? VNULL : str_new(name, strlen(name)));
}

/* acquire(block=True, timeout=None) -> bool */
static Value semlock_acquire_impl(SemLockObject *s, bool blocking, Value timeout_obj) {
    sem_t *h = semlock_handle(s);
    if (!h) return VNULL;
    if (s->kind == RECURSIVE_MUTEX && semlock_is_mine(s)) {
        s->count++;
        return V_TRUE;
    }
    bool use_deadline = timeout_obj != V_NONE;
    struct timespec deadline = {0, 0};
    if (use_deadline) {
        double timeout = obj_as_double(timeout_obj);
        if (timeout == -1.0 && err_occurred()) return VNULL;
        if (timeout < 0.0) timeout = 0.0;
        /* sem_timedwait's deadline is on the real-time clock */
        struct timeval now;
        gettimeofday(&now, NULL);
        long sec = (long)timeout;
        long nsec = (long)(1e9 * (timeout - (double)sec) + 0.5);
        deadline.tv_sec = now.tv_sec + sec;
        deadline.tv_nsec = now.tv_usec * 1000 + nsec;
        deadline.tv_sec += deadline.tv_nsec / 1000000000L;
        deadline.tv_nsec %= 1000000000L;
    }
    /* first without letting the interpreter lock go */
    int r, e;
    for (;;) {
        r = sem_trywait(h);
        e = errno;
        if (r == 0 || e != EINTR) break;
        if (pending_check() < 0) return VNULL;
    }
    if (r < 0 && e == EAGAIN && blocking) {
        for (;;) {
            bool released = gil_blocking_begin();
            r = use_deadline ? sem_timedwait(h, &deadline) : sem_wait(h);
            e = errno;
            gil_blocking_end(released);
            if (r == 0 || e != EINTR) break;
            /* a signal: its handler may raise (KeyboardInterrupt) */
            if (gil_is_main_thread() && pending_check() < 0) return VNULL;
        }
    }
    if (r < 0) {
        if (e == EAGAIN || e == ETIMEDOUT) return V_FALSE;
        return err_set_errno(&exc_OSError, e, VNULL);
    }
    s->count++;
    s->last_tid = gil_thread_ident();
    return V_TRUE;
}

/* CPython's bool(accept={int}) converter: an int, taken as true when
   nonzero */
static int bool_int_arg(Value v, bool *out) {
    int x;
    if (index_as_c_int(v, &x) < 0) return -1;
    *out = x != 0;
    return 0;
}

static const ArgSpec semlock_acquire_spec = {"acquire", 0, 0, 0, {"block=True", "timeout=None", NULL}};
static Value semlock_acquire(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&semlock_acquire_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    bool blocking = true;
    if (a[0] && bool_int_arg(a[0], &blocking) < 0) return VNULL;
    return semlock_acquire_impl(SL(args[0]), blocking, a[1] ? a[1] : V_NONE);
}

static Value semlock_enter(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("SemLock.__enter__", kwnames) < 0 || arg_count("SemLock.__enter__", nargs - 1, 0, 0) < 0) return VNULL;
    return semlock_acquire_impl(SL(args[0]), true, V_NONE);
}

static Value semlock_release_impl(SemLockObject *s) {
    sem_t *h = semlock_handle(s);
    if (!h) return VNULL;
    if (s->kind == RECURSIVE_MUTEX) {
        if (!semlock_is_mine(s))
            return err_set(&exc_AssertionError, "attempt to release recursive lock not owned by thread");
        if (s->count > 1) {
            s->count--;
            return V_NONE;
        }
    } else {
        /* not a guarantee (another process may post meanwhile), as in
           CPython: a check against the obvious mistake */
        int sval;
        if (sem_getvalue(h, &sval) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
        if (sval >= s->maxvalue) return err_set(&exc_ValueError, "semaphore or lock released too many times");
    }
    if (sem_post(h) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    s->count--;
    return V_NONE;
}

static Value semlock_release(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("SemLock.release", kwnames) < 0 || arg_count("SemLock.release", nargs - 1, 0, 0) < 0) return VNULL;
    return semlock_release_impl(SL(args[0]));
}

/* __exit__(exc_type=None, exc_value=None, exc_tb=None, /) */
static const ArgSpec semlock_exit_spec = {"__exit__", 3, 0, 0, {"exc_type=None", "exc_value=None", "exc_tb=None", NULL}};
static Value semlock_exit(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&semlock_exit_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return semlock_release_impl(SL(args[0]));
}

#define NOARGS(fname)                                                                          \
    do {                                                                                       \
        if (arg_nokw(fname, kwnames) < 0 || arg_count(fname, nargs - 1, 0, 0) < 0) return VNULL; \
    } while (0)

static Value semlock_count(Value *args, size_t nargs, Value kwnames) {
    NOARGS("SemLock._count");
    return v_int(SL(args[0])->count);
}

static Value semlock_ismine(Value *args, size_t nargs, Value kwnames) {
    NOARGS("SemLock._is_mine");
    return v_bool(semlock_is_mine(SL(args[0])));
}

static Value semlock_get_value(Value *args, size_t nargs, Value kwnames) {
    NOARGS("SemLock._get_value");
    sem_t *h = semlock_handle(SL(args[0]));
    if (!h) return VNULL;
    int sval;
    if (sem_getvalue(h, &sval) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    /* POSIX allows a negative value counting the waiters */
    return v_int(sval < 0 ? 0 : sval);
}

static Value semlock_is_zero(Value *args, size_t nargs, Value kwnames) {
    NOARGS("SemLock._is_zero");
    sem_t *h = semlock_handle(SL(args[0]));
    if (!h) return VNULL;
    int sval;
    if (sem_getvalue(h, &sval) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return v_bool(sval == 0);
}

static Value semlock_after_fork(Value *args, size_t nargs, Value kwnames) {
    NOARGS("SemLock._after_fork");
    /* the child owns nothing its parent acquired */
    SL(args[0])->count = 0;
    return V_NONE;
}

/* _rebuild(handle, kind, maxvalue, name, /): the SemLock of another
   process, by name when it has one (a handle is valid in a forked child
   only) */
static const ArgSpec semlock_rebuild_spec = {"_rebuild", 4, 4, 0, {"handle", "kind", "maxvalue", "name", NULL}};
static Value semlock_rebuild(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    if (arg_parse(&semlock_rebuild_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value hv = obj_index(a[0]);
    if (!hv) return VNULL;
    int64_t hi = int_as_i64(hv);
    if (hi == -1 && err_occurred()) return VNULL;
    int kind, maxvalue;
    if (index_as_c_int(a[1], &kind) < 0 || index_as_c_int(a[2], &maxvalue) < 0) return VNULL;
    sem_t *h = (sem_t *)(intptr_t)hi;
    Value name = VNULL;
    if (a[3] != V_NONE) {
        if (!str_check(a[3]))
            return err_format(&exc_TypeError, "_rebuild() argument 4 must be str or None, not %T", a[3]);
        const char *cname = str_arg("_rebuild", NULL, a[3]);
        if (!cname) return VNULL;
        h = sem_open(cname, 0);
        if (h == SEM_FAILED) return err_set_errno(&exc_OSError, errno, VNULL);
        name = str_new(cname, strlen(cname));
    }
    return semlock_make(V_AS(Type, args[0]), h, kind, maxvalue, name);
}

static Value semlock_get_handle(Value self) { return int_from_i64((int64_t)(intptr_t)SL(self)->handle); }
static Value semlock_get_kind(Value self) { return v_int(SL(self)->kind); }
static Value semlock_get_maxvalue(Value self) { return v_int(SL(self)->maxvalue); }
static Value semlock_get_name(Value self) { return SL(self)->name ? SL(self)->name : V_NONE; }

static const GetSetDef semlock_getsets[] = {
    {"handle", semlock_get_handle, NULL, NULL},
    {"kind", semlock_get_kind, NULL, NULL},
    {"maxvalue", semlock_get_maxvalue, NULL, NULL},
    {"name", semlock_get_name, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef semlock_methods[] = {
    {"acquire", semlock_acquire, MF_KEYWORDS, "Acquire the semaphore/lock.", &semlock_acquire_spec},
    {"release", semlock_release, MF_KEYWORDS, "Release the semaphore/lock."},
    {"__enter__", semlock_enter, MF_KEYWORDS, "Enter the semaphore/lock."},
    {"__exit__", semlock_exit, MF_KEYWORDS, "Exit the semaphore/lock.", &semlock_exit_spec},
    {"_count", semlock_count, MF_KEYWORDS, "Num of `acquire()`s minus num of `release()`s for this process."},
    {"_is_mine", semlock_ismine, MF_KEYWORDS, "Whether the lock is owned by this thread."},
    {"_get_value", semlock_get_value, MF_KEYWORDS, "Get the value of the semaphore."},
    {"_is_zero", semlock_is_zero, MF_KEYWORDS, "Return whether semaphore has value zero."},
    {"_rebuild", semlock_rebuild, MF_KEYWORDS | MF_CLASS, NULL, &semlock_rebuild_spec},
    {"_after_fork", semlock_after_fork, MF_KEYWORDS, "Rezero the net acquisition count after fork()."},
    {NULL, NULL, 0, NULL},
};

static Type semlock_type = {
    .tname = "_multiprocessing.SemLock",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(SemLockObject),
    .new_ = semlock_new,
};

/* sem_unlink(name, /) */
static Value mp_sem_unlink(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"sem_unlink", 1, 1, 0, {"name", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *name = str_arg("sem_unlink", NULL, a[0]);
    if (!name) return VNULL;
    if (sem_unlink(name) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return V_NONE;
}

static const MethodDef multiprocessing_functions[] = {
    {"sem_unlink", mp_sem_unlink, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _multiprocessing_module_create(void) {
    if (!(semlock_type.flags & TF_READY)) {
        semlock_type.name = str_intern_cstr("SemLock");
        semlock_type.module = str_intern_cstr("_multiprocessing");
        semlock_type.doc = str_from_cstr("Semaphore/Mutex type");
        type_add_methods(&semlock_type, semlock_methods);
        type_add_getsets(&semlock_type, semlock_getsets);
        type_ready(&semlock_type);
        dict_set_cstr(semlock_type.dict, "SEM_VALUE_MAX", v_int(SEM_VALUE_MAX));
    }
    Value m = module_new_cstr("_multiprocessing");
    module_add(m, "__doc__", V_NONE);
    module_add_functions(m, multiprocessing_functions);
    module_add(m, "SemLock", V_FROM_PTR(&semlock_type));
    Value flags = dict_new();
    dict_set_cstr(flags, "HAVE_SEM_OPEN", v_int(1));
    dict_set_cstr(flags, "HAVE_SEM_TIMEDWAIT", v_int(1));
    module_add(m, "flags", flags);
    return m;
}
