/* select.c: the select module: select(), poll objects, epoll objects and
 * their constants, with CPython 3.11's behaviour and messages.
 *
 * Every wait lets the interpreter lock go around the system call and, when
 * a signal interrupts it, runs the Python handlers (which may raise) and
 * waits again for what is left of the timeout (PEP 475). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

#include "../gc/gc.h"
#include "../runtime.h"
#include "modules.h"
#include "../vm/gil.h"
#include "../vm/pending.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A timeout argument: None (forever: *secs < 0 and *forever) or a number
 * of `unit`s (1 seconds, 1e-3 milliseconds), returned in seconds. Integers
 * and floats only (and __index__ objects), as CPython's _PyTime
 * converters. -1 with an error (the caller's TypeError message). */
static int timeout_arg(Value v, double unit, const char *type_msg, double *secs, bool *forever) {
    *forever = false;
    if (!v || v == V_NONE) {
        *forever = true;
        *secs = -1;
        return 0;
    }
    double d;
    if (float_check(v)) {
        d = float_val(v);
        if (isnan(d)) {
            err_set(&exc_ValueError, "Invalid value NaN (not a number)");
            return -1;
        }
    } else if (int_check(v) || type_lookup_cstr(type_of(v), "__index__")) {
        Value i = obj_index(v);
        if (!i) return -1;
        d = obj_as_double(i);
        if (d == -1.0 && err_occurred()) {
            err_clear();
            err_set(&exc_OverflowError, "timestamp too large to convert to C _PyTime_t");
            return -1;
        }
    } else {
        err_set(&exc_TypeError, type_msg);
        return -1;
    }
    d *= unit;
    if (fabs(d) > 9.2e9) {
        err_set(&exc_OverflowError, "timestamp too large to convert to C _PyTime_t");
        return -1;
    }
    *secs = d;
    return 0;
}

/* seconds left to a deadline as a poll timeout in milliseconds, rounded up
 * (a timeout never returns early) */
static int ms_ceil(double secs) {
    if (secs <= 0) return 0;
    double ms = ceil(secs * 1e3 - 1e-9);
    if (ms < 1) ms = 1;
    return ms > INT_MAX ? INT_MAX : (int)ms;
}

/* ---- select() ------------------------------------------------------------------------------- */

typedef struct FdList {
    int64_t n;
    int *fds;
    Value *objs;
} FdList;

static int fill_set(Value seq, FdList *l, fd_set *set, int *maxfd) {
    /* a list is read as it is while fileno() methods run (they may change
       it: CPython reads its current length at each step) */
    Value items = list_check(seq) ? seq : list_from_iterable(seq);
    if (!items) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_set(&exc_TypeError, "arguments 1-3 must be sequences");
        }
        return -1;
    }
    FD_ZERO(set);
    int64_t cap = list_size(items) + 1;
    l->n = 0;
    l->fds = gc_alloc_atomic(sizeof(int) * (size_t)cap);
    l->objs = gc_alloc(sizeof(Value) * (size_t)cap);
    for (int64_t i = 0; i < list_size(items); i++) {
        if (i >= cap) {
            int64_t ncap = cap * 2 + list_size(items);
            int *nf = gc_alloc_atomic(sizeof(int) * (size_t)ncap);
            Value *no = gc_alloc(sizeof(Value) * (size_t)ncap);
            memcpy(nf, l->fds, sizeof(int) * (size_t)cap);
            memcpy(no, l->objs, sizeof(Value) * (size_t)cap);
            l->fds = nf, l->objs = no, cap = ncap;
        }
        Value o = list_get(items, i);
        int fd = fd_from_object(o);
        if (fd < 0) return -1;
        if (fd >= FD_SETSIZE) {
            err_set(&exc_ValueError, "filedescriptor out of range in select()");
            return -1;
        }
        FD_SET(fd, set);
        if (fd > *maxfd) *maxfd = fd;
        l->fds[i] = fd;
        l->objs[i] = o;
        l->n = i + 1;
    }
    return 0;
}

static Value set_result(const FdList *l, const fd_set *set) {
    Value r = list_new(0);
    for (int64_t i = 0; i < l->n; i++)
        if (FD_ISSET(l->fds[i], set)) list_append(r, l->objs[i]);
    return r;
}

static Value sel_select(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("select", kwnames) < 0 || arg_count("select", nargs, 3, 4) < 0) return VNULL;
    double secs;
    bool forever;
    if (timeout_arg(nargs > 3 ? args[3] : VNULL, 1, "timeout must be a float or None", &secs, &forever) < 0)
        return VNULL;
    if (!forever && secs < 0) return err_set(&exc_ValueError, "timeout must be non-negative");
    FdList l[3];
    fd_set in[3], out[3];
    int maxfd = -1;
    for (int i = 0; i < 3; i++)
        if (fill_set(args[i], &l[i], &in[i], &maxfd) < 0) return VNULL;
    double deadline = forever ? 0 : now() + secs;
    int n;
    for (;;) {
        memcpy(out, in, sizeof in);
        struct timeval tv, *tvp = NULL;
        if (!forever) {
            /* rounded up to the microsecond */
            double us = ceil(secs * 1e6 - 1e-6);
            if (us < 0) us = 0;
            tv.tv_sec = (time_t)(us / 1e6);
            tv.tv_usec = (suseconds_t)(us - (double)tv.tv_sec * 1e6);
            tvp = &tv;
        }
        bool released = gil_blocking_begin();
        n = select(maxfd + 1, &out[0], &out[1], &out[2], tvp);
        int e = errno;
        gil_blocking_end(released);
        if (n >= 0) break;
        if (e != EINTR) return err_set_errno(&exc_OSError, e, VNULL);
        if (pending_check() < 0) return VNULL;
        if (!forever) {
            secs = deadline - now();
            if (secs < 0) {
                n = 0;
                for (int i = 0; i < 3; i++) FD_ZERO(&out[i]);
                break;
            }
        }
    }
    return tuple_pack(3, set_result(&l[0], &out[0]), set_result(&l[1], &out[1]), set_result(&l[2], &out[2]));
}

/* an event mask: poll's an unsigned short, checked; epoll's an unsigned
   int taken bitwise (-1 is all bits, as in CPython) */
static int mask_arg(Value v, bool bitwise, uint32_t *out) {
    if (bitwise) {
        if (float_check(v)) {
            err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
            return -1;
        }
        Value i = obj_index(v);
        if (!i) return -1;
        Value m = obj_binop(i, int_from_i64(0xffffffff), BINOP_AND);
        if (!m) return -1;
        *out = (uint32_t)index_as_long(m);
        return 0;
    }
    if (!int_check(v)) {
        err_set(&exc_TypeError, "an integer is required");
        return -1;
    }
    Value neg = obj_richcompare(v, v_int(0), CMP_LT);
    if (!neg) return -1;
    if (neg == V_TRUE) {
        err_set(&exc_ValueError, "value must be positive");
        return -1;
    }
    Value big = obj_richcompare(v, int_from_i64(USHRT_MAX), CMP_GT);
    if (!big) return -1;
    if (big == V_TRUE) {
        Value huge = obj_richcompare(v, obj_binop(v_int(1), v_int(64), BINOP_LSHIFT), CMP_GE);
        if (!huge) return -1;
        err_set(&exc_OverflowError, huge == V_TRUE ? "Python int too large to convert to C unsigned long"
                                                   : "Python int too large for C unsigned short");
        return -1;
    }
    *out = (uint32_t)index_as_long(v);
    return 0;
}

/* ---- poll objects --------------------------------------------------------------------------- */

typedef struct PollObject {
    Object hdr;
    Value fds;      /* dict fd -> event mask, in registration order */
    bool polling;   /* a poll() is running (another thread may not start one) */
} PollObject;

static Type poll_type;
#define POLL(v) V_AS(PollObject, v)

static Value poll_register(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("register", kwnames) < 0 || arg_count("register", nargs - 1, 1, 2) < 0) return VNULL;
    int fd = fd_from_object(args[1]);
    if (fd < 0) return VNULL;
    uint32_t mask = POLLIN | POLLPRI | POLLOUT;
    if (nargs > 2 && mask_arg(args[2], false, &mask) < 0) return VNULL;
    if (dict_set(POLL(args[0])->fds, v_int(fd), v_int(mask)) < 0) return VNULL;
    return V_NONE;
}

static Value poll_modify(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("modify", kwnames) < 0 || arg_count("modify", nargs - 1, 2, 2) < 0) return VNULL;
    int fd = fd_from_object(args[1]);
    if (fd < 0) return VNULL;
    uint32_t mask;
    if (mask_arg(args[2], false, &mask) < 0) return VNULL;
    Value d = POLL(args[0])->fds;
    int has = dict_contains(d, v_int(fd));
    if (has < 0) return VNULL;
    if (!has) return err_set_errno(&exc_OSError, ENOENT, VNULL);
    if (dict_set(d, v_int(fd), v_int(mask)) < 0) return VNULL;
    return V_NONE;
}

static Value poll_unregister(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("unregister", kwnames) < 0 || arg_count("unregister", nargs - 1, 1, 1) < 0) return VNULL;
    int fd = fd_from_object(args[1]);
    if (fd < 0) return VNULL;
    Value d = POLL(args[0])->fds;
    int has = dict_contains(d, v_int(fd));
    if (has < 0) return VNULL;
    if (!has) return err_set_value(&exc_KeyError, v_int(fd));
    if (dict_del(d, v_int(fd)) < 0) return VNULL;
    return V_NONE;
}

static Value poll_poll(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("poll", kwnames) < 0 || arg_count("poll", nargs - 1, 0, 1) < 0) return VNULL;
    PollObject *p = POLL(args[0]);
    double secs;
    bool forever;
    if (timeout_arg(nargs > 1 ? args[1] : VNULL, 1e-3, "timeout must be an integer or None", &secs, &forever) < 0)
        return VNULL;
    if (secs < 0) forever = true;   /* a negative timeout waits forever */
    if (p->polling) return err_set(&exc_RuntimeError, "concurrent poll() invocation");
    int64_t n = dict_size(p->fds);
    /* malloc'd: the lock is let go while the kernel fills it */
    struct pollfd *ufds = malloc(sizeof *ufds * (size_t)(n ? n : 1));
    if (!ufds) return err_no_memory();
    int64_t pos = 0, i = 0;
    Value k, v;
    while (dict_next(p->fds, &pos, &k, &v)) {
        ufds[i].fd = (int)int_as_i64(k);
        ufds[i].events = (short)int_as_i64(v);
        ufds[i].revents = 0;
        i++;
    }
    double deadline = forever ? 0 : now() + secs;
    int r;
    p->polling = true;
    for (;;) {
        bool released = gil_blocking_begin();
        r = poll(ufds, (nfds_t)n, forever ? -1 : ms_ceil(secs));
        int e = errno;
        gil_blocking_end(released);
        if (r >= 0) break;
        if (e != EINTR) {
            p->polling = false;
            free(ufds);
            return err_set_errno(&exc_OSError, e, VNULL);
        }
        if (pending_check() < 0) {
            p->polling = false;
            free(ufds);
            return VNULL;
        }
        if (!forever) {
            secs = deadline - now();
            if (secs < 0) {
                r = 0;
                break;
            }
        }
    }
    p->polling = false;
    Value out = list_new(0);
    for (int64_t j = 0; j < n && r > 0; j++) {
        if (!ufds[j].revents) continue;
        list_append(out, tuple_pack(2, v_int(ufds[j].fd), v_int(ufds[j].revents & 0xffff)));
        r--;
    }
    free(ufds);
    return out;
}

static const MethodDef poll_methods[] = {
    {"register", poll_register, 0, NULL},
    {"modify", poll_modify, 0, NULL},
    {"unregister", poll_unregister, 0, NULL},
    {"poll", poll_poll, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* made by select.poll() only */
static Type poll_type = {
    .tname = "select.poll",
    .flags = TF_ABSTRACT_NEW,
    .basicsize = sizeof(PollObject),
};

static Value sel_poll(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("poll", kwnames) < 0 || arg_count("poll", nargs, 0, 0) < 0) return VNULL;
    Value self = V_FROM_PTR(obj_alloc(&poll_type, sizeof(PollObject)));
    POLL(self)->fds = dict_new();
    return self;
}

/* ---- epoll objects -------------------------------------------------------------------------- */

typedef struct EpollObject {
    Object hdr;
    int epfd;   /* -1 once closed */
} EpollObject;

static Type epoll_type;
#define EPOLL(v) V_AS(EpollObject, v)

static void epoll_finalizer(void *p) {
    EpollObject *e = p;
    if (e->epfd >= 0) close(e->epfd);
    e->epfd = -1;
}

static Value epoll_wrap(Type *t, int fd) {
    Value self = instance_new(t);
    EPOLL(self)->epfd = fd;
    gc_register_finalizer(V_OBJ(self), epoll_finalizer);
    return self;
}

static Value epoll_closed_error(void) { return err_set(&exc_ValueError, "I/O operation on closed epoll object"); }

static Value epoll_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"epoll", 0, 0, 0, {"sizehint", "flags", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t sizehint = -1, flags = 0;
    if (a[0] && (sizehint = index_as_long(a[0])) == -1 && err_occurred()) return VNULL;
    if (a[1] && (flags = index_as_long(a[1])) == -1 && err_occurred()) return VNULL;
    if (sizehint != -1 && sizehint <= 0) return err_set(&exc_ValueError, "negative sizehint");
    if (flags && flags != EPOLL_CLOEXEC) return err_set_errno(&exc_OSError, EINVAL, VNULL);
    int fd = epoll_create1(EPOLL_CLOEXEC);
    if (fd < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return epoll_wrap(t, fd);
}

static Value epoll_fromfd(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("fromfd", kwnames) < 0 || arg_count("fromfd", nargs - 1, 1, 1) < 0) return VNULL;
    int64_t fd = index_as_long(args[1]);
    if (fd == -1 && err_occurred()) return VNULL;
    if (fd < INT_MIN || fd > INT_MAX) return err_set(&exc_OverflowError, "Python int too large to convert to C int");
    return epoll_wrap((Type *)V_OBJ(args[0]), (int)fd);
}

static Value epoll_close(Value *args, size_t nargs, Value kwnames) {
    EpollObject *e = EPOLL(args[0]);
    if (e->epfd >= 0) {
        int fd = e->epfd;
        e->epfd = -1;
        if (close(fd) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    }
    return V_NONE;
}

static Value epoll_get_closed(Value self) { return v_bool(EPOLL(self)->epfd < 0); }

static Value epoll_fileno(Value *args, size_t nargs, Value kwnames) {
    EpollObject *e = EPOLL(args[0]);
    if (e->epfd < 0) return epoll_closed_error();
    return v_int(e->epfd);
}

static Value epoll_ctl_call(Value self, int op, Value fdobj, Value maskobj) {
    EpollObject *e = EPOLL(self);
    int fd = fd_from_object(fdobj);
    if (fd < 0) return VNULL;
    uint32_t mask = EPOLLIN | EPOLLPRI | EPOLLOUT;
    if (maskobj && mask_arg(maskobj, true, &mask) < 0) return VNULL;
    if (e->epfd < 0) return epoll_closed_error();
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = mask;
    ev.data.fd = fd;
    if (epoll_ctl(e->epfd, op, fd, &ev) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return V_NONE;
}

static const ArgSpec epoll_register_spec = {"register", 0, 1, 0, {"fd", "eventmask=select.EPOLLIN | select.EPOLLPRI | select.EPOLLOUT", NULL}};
static Value epoll_register(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&epoll_register_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return epoll_ctl_call(args[0], EPOLL_CTL_ADD, a[0], a[1]);
}

static const ArgSpec epoll_modify_spec = {"modify", 0, 2, 0, {"fd", "eventmask", NULL}};
static Value epoll_modify(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&epoll_modify_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return epoll_ctl_call(args[0], EPOLL_CTL_MOD, a[0], a[1]);
}

static const ArgSpec epoll_unregister_spec = {"unregister", 0, 1, 0, {"fd", NULL}};
static Value epoll_unregister(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&epoll_unregister_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    EpollObject *e = EPOLL(args[0]);
    int fd = fd_from_object(a[0]);
    if (fd < 0) return VNULL;
    if (e->epfd < 0) return epoll_closed_error();
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    if (epoll_ctl(e->epfd, EPOLL_CTL_DEL, fd, &ev) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return V_NONE;
}

static const ArgSpec epoll_poll_spec = {"poll", 0, 0, 0, {"timeout=None", "maxevents=-1", NULL}};
static Value epoll_poll(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&epoll_poll_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    EpollObject *e = EPOLL(args[0]);
    if (e->epfd < 0) return epoll_closed_error();
    double secs;
    bool forever;
    if (timeout_arg(a[0], 1, "timeout must be an integer or None", &secs, &forever) < 0) return VNULL;
    if (secs < 0) forever = true;
    int64_t maxevents = -1;
    if (a[1] && (maxevents = index_as_long(a[1])) == -1 && err_occurred()) return VNULL;
    if (maxevents == -1) maxevents = FD_SETSIZE - 1;
    else if (maxevents < 1)
        return err_format(&exc_ValueError, "maxevents must be greater than 0, got %d", (int)maxevents);
    if (maxevents > INT_MAX) maxevents = INT_MAX;
    struct epoll_event *evs = malloc(sizeof *evs * (size_t)maxevents);
    if (!evs) return err_no_memory();
    double deadline = forever ? 0 : now() + secs;
    int n;
    for (;;) {
        bool released = gil_blocking_begin();
        n = epoll_wait(e->epfd, evs, (int)maxevents, forever ? -1 : ms_ceil(secs));
        int er = errno;
        gil_blocking_end(released);
        if (n >= 0) break;
        if (er != EINTR) {
            free(evs);
            return err_set_errno(&exc_OSError, er, VNULL);
        }
        if (pending_check() < 0) {
            free(evs);
            return VNULL;
        }
        if (!forever) {
            secs = deadline - now();
            if (secs < 0) {
                n = 0;
                break;
            }
        }
    }
    Value out = list_new(0);
    for (int i = 0; i < n; i++) list_append(out, tuple_pack(2, v_int(evs[i].data.fd), int_from_i64(evs[i].events)));
    free(evs);
    return out;
}

static Value epoll_enter(Value *args, size_t nargs, Value kwnames) {
    if (EPOLL(args[0])->epfd < 0) return epoll_closed_error();
    return args[0];
}

static Value epoll_exit(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__exit__", nargs - 1, 0, 3) < 0) return VNULL;
    return epoll_close(args, 1, VNULL);
}

static const MethodDef epoll_methods[] = {
    {"close", epoll_close, 0, NULL},
    {"fileno", epoll_fileno, 0, NULL},
    {"fromfd", epoll_fromfd, MF_CLASS, NULL},
    {"register", epoll_register, MF_KEYWORDS, NULL, &epoll_register_spec},
    {"modify", epoll_modify, MF_KEYWORDS, NULL, &epoll_modify_spec},
    {"unregister", epoll_unregister, MF_KEYWORDS, NULL, &epoll_unregister_spec},
    {"poll", epoll_poll, MF_KEYWORDS, NULL, &epoll_poll_spec},
    {"__enter__", epoll_enter, 0, NULL},
    {"__exit__", epoll_exit, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef epoll_getsets[] = {
    {"closed", epoll_get_closed, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type epoll_type = {
    .tname = "epoll",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(EpollObject),
    .new_ = epoll_new,
};

/* ---- the module ----------------------------------------------------------------------------- */

static const MethodDef select_functions[] = {
    {"select", sel_select, 0, NULL},
    {"poll", sel_poll, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value select_module_create(void) {
    static bool ready;
    if (!ready) {
        ready = true;
        type_add_methods(&poll_type, poll_methods);
        type_ready(&poll_type);
        poll_type.name = poll_type.qualname = str_intern_cstr("poll");
        type_add_methods(&epoll_type, epoll_methods);
        type_add_getsets(&epoll_type, epoll_getsets);
        type_ready(&epoll_type);
        poll_type.module = epoll_type.module = str_intern_cstr("select");
    }
    Value m = module_new_cstr("select");
    module_add_functions(m, select_functions);
    module_add(m, "error", V_FROM_PTR(&exc_OSError));
    module_add(m, "epoll", V_FROM_PTR(&epoll_type));
    static const struct {
        const char *name;
        long value;
    } consts[] = {
        {"PIPE_BUF", PIPE_BUF},
        {"POLLIN", POLLIN},
        {"POLLPRI", POLLPRI},
        {"POLLOUT", POLLOUT},
        {"POLLERR", POLLERR},
        {"POLLHUP", POLLHUP},
        {"POLLNVAL", POLLNVAL},
        {"POLLRDNORM", POLLRDNORM},
        {"POLLRDBAND", POLLRDBAND},
        {"POLLWRNORM", POLLWRNORM},
        {"POLLWRBAND", POLLWRBAND},
        {"POLLMSG", POLLMSG},
        {"POLLRDHUP", POLLRDHUP},
        {"EPOLLIN", EPOLLIN},
        {"EPOLLOUT", EPOLLOUT},
        {"EPOLLPRI", EPOLLPRI},
        {"EPOLLERR", EPOLLERR},
        {"EPOLLHUP", EPOLLHUP},
        {"EPOLLET", EPOLLET},
        {"EPOLLONESHOT", EPOLLONESHOT},
        {"EPOLLEXCLUSIVE", EPOLLEXCLUSIVE},
        {"EPOLLRDHUP", EPOLLRDHUP},
        {"EPOLLRDNORM", EPOLLRDNORM},
        {"EPOLLRDBAND", EPOLLRDBAND},
        {"EPOLLWRNORM", EPOLLWRNORM},
        {"EPOLLWRBAND", EPOLLWRBAND},
        {"EPOLLMSG", EPOLLMSG},
        {"EPOLL_CLOEXEC", EPOLL_CLOEXEC},
    };
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
        module_add(m, consts[i].name, int_from_i64((int64_t)(unsigned)consts[i].value));
    return m;
}
