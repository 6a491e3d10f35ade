/* _queue.c: the _queue module, CPython's C half of queue.py: SimpleQueue
 * (an unbounded FIFO queue for threads) and the Empty exception.
 *
 * The items are a ring buffer that only a thread holding the interpreter
 * lock touches, so the lock is the queue's lock: put() never blocks and
 * never runs Python code (it may be called reentrantly, from a __del__ or
 * a signal handler, as CPython allows). A get() that finds the queue
 * empty lets the interpreter lock go and waits on the queue's condition
 * variable for the put counter to move, in slices of at most 20 ms so that
 * the main thread runs signal handlers (as _thread's lock waits do).
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <time.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"

bool signals_tripped(void);   /* signal.c */

typedef struct SimpleQueueObject {
    Object hdr;
    Value *items;         /* ring buffer of cap slots; empty slots are VNULL */
    int64_t cap, head, count;
    /* `puts` counts put() calls; waiters read it under the interpreter
       lock, then wait under `mu` for it to change. The mutex and the
       condition variable live in the object (collector memory never
       moves); a waiter keeps the queue alive. */
    uint64_t puts;
    int nwaiting;
    pthread_mutex_t mu;
    pthread_cond_t cv;
} SimpleQueueObject;

static Type simplequeue_type;
static Value empty_error;   /* _queue.Empty */

static inline SimpleQueueObject *SQ(Value v) { return V_AS(SimpleQueueObject, v); }

static Value sq_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (nargs) return err_set(&exc_TypeError, "SimpleQueue() takes no positional arguments");
    if (kwnames && tuple_size(kwnames)) return err_set(&exc_TypeError, "SimpleQueue() takes no keyword arguments");
    SimpleQueueObject *q = V_AS(SimpleQueueObject, instance_new(t));
    pthread_mutex_init(&q->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&q->cv, &ca);
    pthread_condattr_destroy(&ca);
    return V_FROM_PTR(q);
}

static void sq_push(SimpleQueueObject *q, Value v) {
    if (q->count == q->cap) {
        int64_t ncap = q->cap ? q->cap * 2 : 8;
        Value *ni = gc_alloc(sizeof(Value) * (size_t)ncap);
        for (int64_t i = 0; i < q->count; i++) ni[i] = q->items[(q->head + i) % q->cap];
        q->items = ni;
        q->cap = ncap;
        q->head = 0;
    }
    q->items[(q->head + q->count) % q->cap] = v;
    q->count++;
    q->puts++;
    /* only when someone waits: the usual put takes no mutex */
    if (q->nwaiting) {
        pthread_mutex_lock(&q->mu);
        pthread_cond_broadcast(&q->cv);
        pthread_mutex_unlock(&q->mu);
    }
}

/* The first item, taken out: its slot forgets it, so the queue keeps no
   reference to an item that left */
static Value sq_pop(SimpleQueueObject *q) {
    Value v = q->items[q->head];
    q->items[q->head] = VNULL;
    q->head = (q->head + 1) % q->cap;
    q->count--;
    return v;
}

static const ArgSpec sq_put_spec = {"put", 0, 1, 0, {"item", "block=True", "timeout=None", NULL}};
static Value sq_put(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&sq_put_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    /* block and timeout are there for compatibility with Queue.put: an
       unbounded queue never blocks */
    sq_push(SQ(args[0]), a[0]);
    return V_NONE;
}

static const ArgSpec sq_put_nowait_spec = {"put_nowait", 0, 1, 0, {"item", NULL}};
static Value sq_put_nowait(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&sq_put_nowait_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    sq_push(SQ(args[0]), a[0]);
    return V_NONE;
}

static double now_mono(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* timeout < 0: wait forever. Raises Empty when nothing came in time. */
static Value sq_get_impl(SimpleQueueObject *q, bool block, double timeout) {
    double deadline = timeout >= 0 ? now_mono() + timeout : 0;
    for (;;) {
        if (q->count) return sq_pop(q);
        if (!block) break;
        double slice = 0.02;
        if (timeout >= 0) {
            double left = deadline - now_mono();
            if (left <= 0) break;
            if (left < slice) slice = left;
        }
        uint64_t seen = q->puts;
        q->nwaiting++;
        bool released = gil_blocking_begin();
        pthread_mutex_lock(&q->mu);
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        long ns = (long)(slice * 1e9);
        until.tv_nsec += ns;
        while (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        /* puts only moves under the interpreter lock, which this thread
           let go after reading it: a put since then is seen here, and
           its broadcast comes under mu after the read */
        int r = 0;
        while (q->puts == seen && r != ETIMEDOUT) r = pthread_cond_timedwait(&q->cv, &q->mu, &until);
        pthread_mutex_unlock(&q->mu);
        gil_blocking_end(released);
        q->nwaiting--;
        if (gil_is_main_thread() && signals_tripped() && pending_check() < 0) return VNULL;
    }
    return err_set_exc(exc_new(V_AS(Type, empty_error), NULL, 0));
}

static const ArgSpec sq_get_spec = {"get", 0, 0, 0, {"block=True", "timeout=None", NULL}};
static Value sq_get(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&sq_get_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    bool block = true;
    if (a[0]) {
        int b = obj_truth(a[0]);
        if (b < 0) return VNULL;
        block = b;
    }
    double timeout = -1;
    if (a[1] && a[1] != V_NONE) {
        /* a timeout counts only for a blocking get */
        if (float_check(a[1])) {
            timeout = obj_as_double(a[1]);
            if (isnan(timeout)) return err_set(&exc_ValueError, "Invalid value NaN (not a number)");
        } else {
            int64_t n = obj_index_i64(a[1]);
            if (n == -1 && err_occurred()) return VNULL;
            timeout = (double)n;
        }
        if (timeout < 0) return err_set(&exc_ValueError, "'timeout' must be a non-negative number");
    }
    return sq_get_impl(SQ(args[0]), block, block ? timeout : -1);
}

static Value sq_get_nowait(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("get_nowait", kwnames) < 0) return VNULL;
    /* CPython's message for this one (a defining_class method) has no count */
    if (nargs > 1) return err_set(&exc_TypeError, "get_nowait() takes no arguments");
    return sq_get_impl(SQ(args[0]), false, -1);
}

static Value sq_empty(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("SimpleQueue.empty", kwnames) < 0 || arg_count("SimpleQueue.empty", nargs - 1, 0, 0) < 0) return VNULL;
    return v_bool(SQ(args[0])->count == 0);
}

static Value sq_qsize(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("SimpleQueue.qsize", kwnames) < 0 || arg_count("SimpleQueue.qsize", nargs - 1, 0, 0) < 0) return VNULL;
    return int_from_i64(SQ(args[0])->count);
}

static const MethodDef simplequeue_methods[] = {
    {"empty", sq_empty, MF_KEYWORDS, "Return True if the queue is empty, False otherwise (not reliable!)."},
    {"get", sq_get, MF_KEYWORDS, "Remove and return an item from the queue.", &sq_get_spec},
    {"get_nowait", sq_get_nowait, MF_KEYWORDS, "Remove and return an item from the queue without blocking."},
    {"put", sq_put, MF_KEYWORDS, "Put the item on the queue.", &sq_put_spec},
    {"put_nowait", sq_put_nowait, MF_KEYWORDS, "Put an item into the queue without blocking.", &sq_put_nowait_spec},
    {"qsize", sq_qsize, MF_KEYWORDS, "Return the approximate size of the queue (not reliable!)."},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, "See PEP 585"},
    {NULL, NULL, 0, NULL},
};

static Type simplequeue_type = {
    .tname = "_queue.SimpleQueue",
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .basicsize = sizeof(SimpleQueueObject),
    .new_ = sq_new,
};

Value _queue_module_create(void) {
    if (!(simplequeue_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("_queue");
        simplequeue_type.name = str_intern_cstr("SimpleQueue");
        simplequeue_type.module = mod;
        simplequeue_type.doc = str_from_cstr("Simple, unbounded, reentrant FIFO queue.");
        type_add_methods(&simplequeue_type, simplequeue_methods);
        type_ready(&simplequeue_type);
    }
    if (!empty_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("_queue"));
        dict_set(ns, NAME(__doc__), str_from_cstr("Exception raised by Queue.get(block=0)/get_nowait()."));
        empty_error = type_new_class(&type_type, str_from_cstr("Empty"), bases, ns, VNULL);
        if (!empty_error) return VNULL;
    }
    Value m = module_new_cstr("_queue");
    module_add(m, "__doc__", str_from_cstr("C implementation of the Python queue module.\n"
                                           "This module is an implementation detail, please do not use it directly."));
    module_add(m, "SimpleQueue", V_FROM_PTR(&simplequeue_type));
    module_add(m, "Empty", empty_error);
    return m;
}
