/* _thread.c: the _thread module under CPython's threading.py: OS threads
 * (vm/gil.h), locks, re-entrant locks and thread-local data.
 *
 * A lock is a flag guarded by its own mutex: taking a free lock never
 * lets the interpreter lock go; waiting for a held one does, in slices of
 * at most 20 ms so that the main thread runs signal handlers (Ctrl-C
 * interrupts lock.acquire() and thread.join(), as in CPython).
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"

bool signals_tripped(void);      /* signal.c */
void signals_trip(int sig);      /* as if sig arrived */

/* ---- locks ---------------------------------------------------------------------------------- */

typedef struct LockObject {
    Object hdr;
    pthread_mutex_t *mu;   /* malloc'd: the collector never moves or scans them */
    pthread_cond_t *cv;
    bool locked;
    /* RLock */
    uint64_t owner;
    int64_t count;
} LockObject;

static Type lock_type, rlock_type;

static Value lock_alloc(Type *t) {
    LockObject *l = V_AS(LockObject, instance_new(t));
    l->mu = malloc(sizeof *l->mu);
    l->cv = malloc(sizeof *l->cv);
    if (!l->mu || !l->cv) return err_no_memory();
    pthread_mutex_init(l->mu, NULL);
    pthread_cond_init(l->cv, NULL);
    return V_FROM_PTR(l);
}

/* seconds of waiting for a lock before the first collection (lock_take) */
#define IDLE_COLLECTION_AFTER 1.0

/* timeout: -1 forever, else seconds. 1 taken, 0 timed out, -1 error (a
   signal handler raised while waiting) */
static int lock_take(LockObject *l, bool blocking, double timeout) {
    pthread_mutex_lock(l->mu);
    if (!l->locked) {
        l->locked = true;
        pthread_mutex_unlock(l->mu);
        return 1;
    }
    pthread_mutex_unlock(l->mu);
    if (!blocking) return 0;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    double next_collection = IDLE_COLLECTION_AFTER;
    for (;;) {
        /* a slice of the wait without the interpreter lock */
        double slice = 0.02;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double waited = (double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) * 1e-9;
        if (timeout >= 0) {
            double left = timeout - waited;
            if (left <= 0) return 0;
            if (left < slice) slice = left;
        }
        if (waited >= next_collection) {
            /* What reference counting would have freed at once may be
               what this wait is for: `del executor` and then joining its
               threads, which end when the executor's weak reference
               callback tells them to (concurrent.futures). Without
               reference counts only a collection finds it, and a program
               whose threads all wait allocates nothing that would start
               one. So a long wait collects, after 1 s, then 2, 4 ... up
               to every 64 s. */
            gc_collect_and_finalize();
            if (next_collection < 64) next_collection *= 2;
            else next_collection += 64;
            continue;   /* the finalizers may have released the lock */
        }
        bool released = gil_blocking_begin();
        pthread_mutex_lock(l->mu);
        if (l->locked) {
            struct timespec deadline;
            clock_gettime(CLOCK_REALTIME, &deadline);
            long ns = (long)(slice * 1e9);
            deadline.tv_nsec += ns;
            while (deadline.tv_nsec >= 1000000000L) {
                deadline.tv_sec++;
                deadline.tv_nsec -= 1000000000L;
            }
            pthread_cond_timedwait(l->cv, l->mu, &deadline);
        }
        bool got = false;
        if (!l->locked) {
            l->locked = true;
            got = true;
        }
        pthread_mutex_unlock(l->mu);
        gil_blocking_end(released);
        if (got) return 1;
        if (gil_is_main_thread() && signals_tripped() && pending_check() < 0) return -1;
    }
}

static void lock_give(LockObject *l) {
    pthread_mutex_lock(l->mu);
    l->locked = false;
    pthread_cond_signal(l->cv);
    pthread_mutex_unlock(l->mu);
}

static const ArgSpec acquire_args = {"acquire", 0, 0, 0, {"blocking", "timeout", NULL}};

/* blocking and timeout as CPython checks them */
static int parse_acquire(Value *args, size_t nargs, Value kwnames, bool *blocking, double *timeout) {
    Value a[2];
    if (arg_parse(&acquire_args, args, nargs, kwnames, a) < 0) return -1;
    *blocking = true;
    *timeout = -1;
    if (a[0]) {
        int b = obj_truth(a[0]);
        if (b < 0) return -1;
        *blocking = b;
    }
    if (a[1]) {
        *timeout = obj_as_double(a[1]);
        if (*timeout == -1.0 && err_occurred()) return -1;
    }
    if (!*blocking && *timeout != -1) {
        err_set(&exc_ValueError, "can't specify a timeout for a non-blocking call");
        return -1;
    }
    if (*timeout < 0 && *timeout != -1) {
        err_set(&exc_ValueError, "timeout value must be a non-negative number");
        return -1;
    }
    if (*timeout > 9223372036.0) {
        err_set(&exc_OverflowError, "timeout value is too large");
        return -1;
    }
    return 0;
}

static Value lock_acquire(Value *args, size_t nargs, Value kwnames) {
    bool blocking;
    double timeout;
    if (parse_acquire(args + 1, nargs - 1, kwnames, &blocking, &timeout) < 0) return VNULL;
    int r = lock_take(V_AS(LockObject, args[0]), blocking, timeout);
    return r < 0 ? VNULL : v_bool(r);
}

static Value lock_release(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("release", nargs - 1, 0, 0) < 0) return VNULL;
    LockObject *l = V_AS(LockObject, args[0]);
    if (!l->locked) return err_set(&exc_RuntimeError, "release unlocked lock");
    lock_give(l);
    return V_NONE;
}

static Value lock_exit(Value *args, size_t nargs, Value kwnames) {
    LockObject *l = V_AS(LockObject, args[0]);
    if (!l->locked) return err_set(&exc_RuntimeError, "release unlocked lock");
    lock_give(l);
    return V_NONE;
}

static Value lock_locked(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("locked", nargs - 1, 0, 0) < 0) return VNULL;
    return v_bool(V_AS(LockObject, args[0])->locked);
}

static Value lock_at_fork_reinit(Value *args, size_t nargs, Value kwnames) {
    LockObject *l = V_AS(LockObject, args[0]);
    pthread_mutex_init(l->mu, NULL);
    pthread_cond_init(l->cv, NULL);
    l->locked = false;
    l->owner = 0;
    l->count = 0;
    return V_NONE;
}

static Value lock_repr(Value self) {
    LockObject *l = V_AS(LockObject, self);
    Value mod = obj_getattr_opt(V_FROM_PTR(V_OBJ(self)->type), NAME(__module__));
    (void)mod;
    return str_printf("<%s %s object at %p>", l->locked ? "locked" : "unlocked",
                      V_OBJ(self)->type == &lock_type ? "_thread.lock" : V_OBJ(self)->type->tname,
                      (void *)V_OBJ(self));
}

static Value lock_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("lock", kwnames) < 0 || arg_count("lock", nargs, 0, 0) < 0) return VNULL;
    return lock_alloc(t);
}

static const MethodDef lock_methods[] = {
    {"acquire", lock_acquire, MF_KEYWORDS, NULL},
    {"acquire_lock", lock_acquire, MF_KEYWORDS, NULL},
    {"__enter__", lock_acquire, MF_KEYWORDS, NULL},
    {"release", lock_release, 0, NULL},
    {"release_lock", lock_release, 0, NULL},
    {"__exit__", lock_exit, 0, NULL},
    {"locked", lock_locked, 0, NULL},
    {"locked_lock", lock_locked, 0, NULL},
    {"_at_fork_reinit", lock_at_fork_reinit, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type lock_type = {
    .tname = "lock",
    .flags = TF_WEAKREFABLE,
    .basicsize = sizeof(LockObject),
    .repr = lock_repr,
    .new_ = lock_new,
};

/* ---- RLock -------------------------------------------------------------------------------- */

static Value rlock_acquire(Value *args, size_t nargs, Value kwnames) {
    bool blocking;
    double timeout;
    if (parse_acquire(args + 1, nargs - 1, kwnames, &blocking, &timeout) < 0) return VNULL;
    LockObject *l = V_AS(LockObject, args[0]);
    uint64_t me = gil_thread_ident();
    if (l->count > 0 && l->owner == me) {
        l->count++;
        return V_TRUE;
    }
    int r = lock_take(l, blocking, timeout);
    if (r < 0) return VNULL;
    if (r) {
        l->owner = me;
        l->count = 1;
    }
    return v_bool(r);
}

static Value rlock_release(Value *args, size_t nargs, Value kwnames) {
    LockObject *l = V_AS(LockObject, args[0]);
    if (l->count == 0 || l->owner != gil_thread_ident())
        return err_set(&exc_RuntimeError, "cannot release un-acquired lock");
    if (--l->count == 0) {
        l->owner = 0;
        lock_give(l);
    }
    return V_NONE;
}

static Value rlock_is_owned(Value *args, size_t nargs, Value kwnames) {
    LockObject *l = V_AS(LockObject, args[0]);
    return v_bool(l->count > 0 && l->owner == gil_thread_ident());
}

/* _release_save() / _acquire_restore(state): what Condition.wait uses */
static Value rlock_release_save(Value *args, size_t nargs, Value kwnames) {
    LockObject *l = V_AS(LockObject, args[0]);
    if (l->count == 0) return err_set(&exc_RuntimeError, "cannot release un-acquired lock");
    Value state = tuple_pack(2, int_from_i64(l->count), int_from_u64(l->owner));
    l->count = 0;
    l->owner = 0;
    lock_give(l);
    return state;
}

static Value rlock_acquire_restore(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("_acquire_restore", nargs - 1, 1, 1) < 0) return VNULL;
    LockObject *l = V_AS(LockObject, args[0]);
    Value st = args[1];
    if (!tuple_check(st) || tuple_size(st) != 2) return err_set(&exc_TypeError, "_acquire_restore() argument must be a 2-tuple");
    if (lock_take(l, true, -1) < 0) return VNULL;
    l->count = int_as_i64(tuple_get(st, 0));
    l->owner = gil_thread_ident();
    return V_NONE;
}

static Value rlock_repr(Value self) {
    LockObject *l = V_AS(LockObject, self);
    Value tn = V_OBJ(self)->type == &rlock_type ? str_from_cstr("_thread.RLock") : type_name(V_OBJ(self)->type);
    return str_printf("<%s %U object owner=%llu count=%lld at %p>", l->count ? "locked" : "unlocked", tn,
                      (unsigned long long)l->owner, (long long)l->count, (void *)V_OBJ(self));
}

static Value rlock_new(Type *t, Value *args, size_t nargs, Value kwnames) { return lock_alloc(t); }

static const MethodDef rlock_methods[] = {
    {"acquire", rlock_acquire, MF_KEYWORDS, NULL},
    {"__enter__", rlock_acquire, MF_KEYWORDS, NULL},
    {"release", rlock_release, 0, NULL},
    {"__exit__", rlock_release, 0, NULL},
    {"_is_owned", rlock_is_owned, 0, NULL},
    {"_release_save", rlock_release_save, 0, NULL},
    {"_acquire_restore", rlock_acquire_restore, 0, NULL},
    {"_at_fork_reinit", lock_at_fork_reinit, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type rlock_type = {
    .tname = "RLock",
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .basicsize = sizeof(LockObject),
    .repr = rlock_repr,
    .new_ = rlock_new,
};

/* ---- thread-local data --------------------------------------------------------------------- */

/* An instance's attributes per thread: a dict from the thread's serial
 * number (never reused, unlike thread idents) to its attribute dict. A new
 * thread's first access runs the class's __init__ with the arguments the
 * object was made with, as CPython. */
typedef struct LocalObject {
    Object hdr;
    Value dicts;   /* dict: serial -> dict */
    Value args, kwargs;
} LocalObject;

static Type local_type;

/* Every local object, weakly: a thread that ends drops its dicts from each
   (as CPython clears a thread state's locals), else they stayed alive for
   as long as the local object */
static GcWeakList *all_locals;

static void locals_drop_thread(uint64_t serial) {
    Value key = int_from_u64(serial);
    for (size_t i = 0; all_locals && i < gc_weak_list_len(all_locals); i++) {
        LocalObject *lo = gc_weak_list_get(all_locals, i);
        if (lo && lo->dicts && dict_del(lo->dicts, key) < 0) err_clear();
    }
}

static Value local_dict(Value self) {
    LocalObject *lo = V_AS(LocalObject, self);
    Value key = int_from_u64(gil_thread_serial());
    Value d = dict_get(lo->dicts, key);
    if (d) return d;
    d = dict_new();
    dict_set(lo->dicts, key, d);
    Type *t = V_OBJ(self)->type;
    Value init = type_lookup(t, NAME(__init__));
    if (t != &local_type && init && init != type_lookup(&object_type, NAME(__init__))) {
        Value r = obj_call_tuple_dict(obj_getattr(self, NAME(__init__)), lo->args, lo->kwargs);
        if (!r) {
            dict_del(lo->dicts, key);
            return VNULL;
        }
    }
    return d;
}

static Value local_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    bool any = nargs || (kwnames && tuple_size(kwnames));
    if (any && (t == &local_type || type_lookup(t, NAME(__init__)) == type_lookup(&object_type, NAME(__init__))))
        return err_set(&exc_TypeError, "Initialization arguments are not supported");
    LocalObject *lo = V_AS(LocalObject, instance_new(t));
    lo->dicts = dict_new();
    lo->args = tuple_from_array(args, (int64_t)nargs);
    lo->kwargs = dict_new();
    for (int64_t i = 0; kwnames && i < tuple_size(kwnames); i++)
        dict_set(lo->kwargs, tuple_get(kwnames, i), args[nargs + (size_t)i]);
    /* the creating thread's dict now, with __init__ run by type_call */
    dict_set(lo->dicts, int_from_u64(gil_thread_serial()), dict_new());
    if (!all_locals) all_locals = gc_weak_list_new();
    gc_weak_list_add(all_locals, lo);
    return V_FROM_PTR(lo);
}

static int local_init(Value self, Value *args, size_t nargs, Value kwnames) { return 0; }

static Value local_getattr(Value self, Value name) {
    Value d = local_dict(self);
    if (!d) return VNULL;
    if (str_eq_cstr(name, "__dict__")) return d;
    Type *t = type_of(self);
    Value descr = type_lookup(t, name);
    if (descr && type_of(descr)->descr_get && type_of(descr)->descr_set)
        return type_of(descr)->descr_get(descr, self, V_FROM_PTR(t));
    Value v = dict_get(d, name);
    if (v) return v;
    if (descr) {
        if (type_of(descr)->descr_get) return type_of(descr)->descr_get(descr, self, V_FROM_PTR(t));
        return descr;
    }
    Value ga = type_lookup(t, NAME(__getattr__));
    if (ga) {
        Value a[2] = {self, name};
        return obj_call(ga, a, 2, VNULL);
    }
    return err_format(&exc_AttributeError, "'%s' object has no attribute '%U'", t->tname, name);
}

static int local_setattr(Value self, Value name, Value v) {
    Value d = local_dict(self);
    if (!d) return -1;
    if (str_eq_cstr(name, "__dict__")) {
        err_format(&exc_AttributeError, "'%s' object attribute '__dict__' is read-only", type_of(self)->tname);
        return -1;
    }
    Value descr = type_lookup(type_of(self), name);
    if (descr && type_of(descr)->descr_set) return type_of(descr)->descr_set(descr, self, v);
    if (v) return dict_set(d, name, v);
    if (dict_del(d, name) < 0) {
        err_clear();
        err_format(&exc_AttributeError, "'%s' object has no attribute '%U'", type_of(self)->tname, name);
        return -1;
    }
    return 0;
}

static Type local_type = {
    .tname = "_local",
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .basicsize = sizeof(LocalObject),
    .getattr = local_getattr,
    .setattr = local_setattr,
    .new_ = local_new,
    .init = local_init,
};

/* ---- starting threads --------------------------------------------------------------------- */

typedef struct Bootstate {
    Value func, args, kwargs;
} Bootstate;

/* A thread's body. An uncaught exception other than SystemExit is
   reported with _thread._excepthook's fallback wording, as CPython's
   thread_run does. */
static void thread_body(void *p) {
    Bootstate *b = p;
    Value r = obj_call_tuple_dict(b->func, b->args, b->kwargs);
    if (!r) {
        if (err_matches(&exc_SystemExit)) err_clear();
        else err_write_unraisable(err_fetch(), "Exception ignored in thread started by", b->func);
    }
    b->func = b->args = b->kwargs = VNULL;
    /* before the sentinel lets join() return */
    locals_drop_thread(gil_thread_serial());
    sys_tracing_thread_exit();
    if (tstate.thread_sentinel) {
        if (V_AS(LockObject, tstate.thread_sentinel)->locked) lock_give(V_AS(LockObject, tstate.thread_sentinel));
        tstate.thread_sentinel = VNULL;
    }
}

static Value t_start_new_thread(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("start_new_thread", kwnames) < 0) return VNULL;
    if (nargs < 2 || nargs > 3) {
        if (arg_count("start_new_thread", nargs, 2, 3) < 0) return VNULL;
    }
    if (!type_of(args[0])->call) return err_set(&exc_TypeError, "first arg must be callable");
    if (!tuple_check(args[1])) return err_set(&exc_TypeError, "2nd arg must be a tuple");
    if (nargs == 3 && !dict_check(args[2])) return err_set(&exc_TypeError, "optional 3rd arg must be a dictionary");
    Bootstate *b = gc_alloc(sizeof *b);
    b->func = args[0];
    b->args = args[1];
    b->kwargs = nargs == 3 ? args[2] : VNULL;
    uint64_t ident = 0;
    int e = gil_start_thread(thread_body, b, &ident);
    if (e) return err_set(&exc_RuntimeError, "can't start new thread");
    return int_from_u64(ident);
}

static Value t_allocate_lock(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("allocate_lock", nargs, 0, 0) < 0) return VNULL;
    return lock_alloc(&lock_type);
}

static Value t_get_ident(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("get_ident", nargs, 0, 0) < 0) return VNULL;
    return int_from_u64(gil_thread_ident());
}

static Value t_get_native_id(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("get_native_id", nargs, 0, 0) < 0) return VNULL;
    return int_from_u64(gil_native_id());
}

static Value t_count(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("_count", nargs, 0, 0) < 0) return VNULL;
    return v_int(gil_thread_count());
}

static Value t_exit(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("exit", nargs, 0, 0) < 0) return VNULL;
    return err_set_value(&exc_SystemExit, VNULL);
}

static Value t_interrupt_main(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"interrupt_main", 0, 0, 0, {"signum", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t sig = a[0] ? int_as_i64(a[0]) : SIGINT;
    if (sig == -1 && err_occurred()) return VNULL;
    if (sig < 1 || sig >= NSIG) return err_set(&exc_ValueError, "signal number out of range");
    /* as if the signal arrived: its Python handler runs in the main thread */
    Value m = import_name(str_intern_cstr("_signal"), VNULL, v_int(0), VNULL);
    if (!m) return VNULL;
    Value f = obj_getattr_cstr(m, "raise_signal");
    if (!f) return VNULL;
    Value handler = obj_call1(obj_getattr_cstr(m, "getsignal"), v_int(sig));
    if (!handler) return VNULL;
    if (v_is_int(handler)) return V_NONE;   /* SIG_DFL / SIG_IGN: nothing, as CPython */
    signals_trip((int)sig);
    return V_NONE;
}

static Value t_stack_size(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("stack_size", nargs, 0, 1) < 0) return VNULL;
    int64_t old = gil_stack_size();
    if (nargs) {
        int64_t n = index_as_ssize(args[0]);
        if (n == -1 && err_occurred()) return VNULL;
        if (n < 0) return err_set(&exc_ValueError, "size must be 0 or a positive value");
        if (gil_set_stack_size(n) < 0) return err_format(&exc_ValueError, "size not valid: %lld bytes", (long long)n);
    }
    return int_from_i64(old);
}

static Value t_set_sentinel(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("_set_sentinel", nargs, 0, 0) < 0) return VNULL;
    /* a lock the thread takes (threading does) and holds until it ends:
       Thread.join waits on it; released when the thread's body returns */
    Value l = lock_alloc(&lock_type);
    tstate.thread_sentinel = l;
    return l;
}

static Value t_daemon_threads_allowed(Value *args, size_t nargs, Value kwnames) { return V_TRUE; }

static const MethodDef thread_functions[] = {
    {"start_new_thread", t_start_new_thread, 0, NULL},
    {"start_new", t_start_new_thread, 0, NULL},
    {"allocate_lock", t_allocate_lock, 0, NULL},
    {"allocate", t_allocate_lock, 0, NULL},
    {"get_ident", t_get_ident, 0, NULL},
    {"get_native_id", t_get_native_id, 0, NULL},
    {"_count", t_count, 0, NULL},
    {"exit", t_exit, 0, NULL},
    {"exit_thread", t_exit, 0, NULL},
    {"interrupt_main", t_interrupt_main, MF_KEYWORDS, NULL},
    {"stack_size", t_stack_size, 0, NULL},
    {"_set_sentinel", t_set_sentinel, 0, NULL},
    {"daemon_threads_allowed", t_daemon_threads_allowed, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _thread_module_create(void) {
    static bool ready;
    if (!ready) {
        ready = true;
        type_add_methods(&lock_type, lock_methods);
        type_ready(&lock_type);
        type_add_methods(&rlock_type, rlock_methods);
        type_ready(&rlock_type);
        type_ready(&local_type);
        lock_type.module = rlock_type.module = local_type.module = str_intern_cstr("_thread");
    }
    Value m = module_new_cstr("_thread");
    module_add_functions(m, thread_functions);
    module_add(m, "LockType", V_FROM_PTR(&lock_type));
    module_add(m, "lock", V_FROM_PTR(&lock_type));
    module_add(m, "RLock", V_FROM_PTR(&rlock_type));
    module_add(m, "_local", V_FROM_PTR(&local_type));
    module_add(m, "error", V_FROM_PTR(&exc_RuntimeError));
    module_add(m, "TIMEOUT_MAX", float_from_double(9223372036.0));
    return m;
}
