/* gil.c: OS threads and the global interpreter lock (see gil.h). */
#include "gil.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../jit/safepoint.h"
#include "../jit/trace.h"
#include "../runtime.h"
#include "pending.h"

/* The record of a thread that runs Python code. `saved` holds its tstate
 * while another thread holds the lock. Records and saved states are
 * uncollectable memory (roots the collector scans), linked in `threads`
 * and freed when their thread ends. */
typedef struct PyThread {
    struct PyThread *next, *prev;
    ThreadState *saved;        /* uncollectable: scanned by the collector */
    pthread_t handle;
    uint64_t serial;
    bool is_main;
    void (*fn)(void *);
    void *arg;
} PyThread;

bool gil_threads_started, gil_finalizing;
double gil_switch_interval = 0.005;

static pthread_mutex_t gil_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gil_cond = PTHREAD_COND_INITIALIZER;     /* the lock was let go */
static pthread_cond_t switch_cond = PTHREAD_COND_INITIALIZER;  /* another thread took it */
static bool gil_locked;
static PyThread *gil_holder;
static uint64_t gil_switches;          /* times the lock changed hands */
static volatile int drop_request;
static int nwaiting;                   /* threads waiting for the lock */

static PyThread main_thread, *threads = &main_thread;
static _Thread_local PyThread *current;
static uint64_t next_serial = 1;
static int64_t nthreads;               /* besides the main one */
static size_t new_stack_size;

/* The signal a waiting thread sends the holder: its handler makes the
   holder reach a safe point soon, as a signal does. A real-time signal:
   nothing else in tpy or Boehm (SIGPWR, SIGXCPU) uses it. */
#define GIL_SWITCH_SIGNAL (SIGRTMIN + 3)

/* Does the running thread hold the lock (or run alone)? Compiled code is
   patched (safepoint_trip) only by the thread that holds the lock: another
   thread may be running it. Async-signal-safe (word reads). */
static bool holding(void) { return !gil_threads_started || gil_holder == current; }

bool gil_signal_may_patch(void) { return holding(); }

static void switch_signal_handler(int sig) {
    (void)sig;
    pending_request();
    /* the sender asked the holder; by now this thread may have let go */
    if (holding()) safepoint_trip();
}

/* ---- taking and letting go ------------------------------------------------------------ */

static void take_lock(PyThread *me) {
    pthread_mutex_lock(&gil_mutex);
    if (gil_locked) {
        nwaiting++;
        uint64_t seen = gil_switches;
        while (gil_locked) {
            struct timespec deadline;
            clock_gettime(CLOCK_REALTIME, &deadline);
            long ns = (long)(gil_switch_interval * 1e9);
            if (ns < 1000) ns = 1000;
            deadline.tv_sec += ns / 1000000000L;
            deadline.tv_nsec += ns % 1000000000L;
            if (deadline.tv_nsec >= 1000000000L) {
                deadline.tv_sec++;
                deadline.tv_nsec -= 1000000000L;
            }
            int r = pthread_cond_timedwait(&gil_cond, &gil_mutex, &deadline);
            if (r == ETIMEDOUT && gil_locked && seen == gil_switches && !drop_request) {
                /* the holder kept it a whole interval: ask it to yield */
                drop_request = 1;
                if (gil_holder) pthread_kill(gil_holder->handle, GIL_SWITCH_SIGNAL);
            }
            /* another thread got it meanwhile: that holder gets a whole
               interval too, then is asked (else a waiter that lost one race
               would never ask again, and a busy holder could keep it) */
            if (r == ETIMEDOUT) seen = gil_switches;
        }
        nwaiting--;
    }
    gil_locked = true;
    gil_holder = me;
    gil_switches++;
    drop_request = 0;
    pthread_cond_broadcast(&switch_cond);
    pthread_mutex_unlock(&gil_mutex);
    tstate = *me->saved;
}

static void let_go(PyThread *me) {
    *me->saved = tstate;
    pthread_mutex_lock(&gil_mutex);
    gil_locked = false;
    gil_holder = NULL;
    pthread_cond_signal(&gil_cond);
    pthread_mutex_unlock(&gil_mutex);
}

void gil_release(void) { let_go(current); }
void gil_acquire(void) { take_lock(current); }

bool gil_drop_requested(void) { return drop_request != 0; }

void gil_yield(void) {
    if (!gil_threads_started || gil_finalizing) return;
    if (jit.recording) jit_abort(ABORT_THREAD_SWITCH);
    PyThread *me = current;
    let_go(me);
    /* wait until another thread had its turn, so that this one does not
       take the lock straight back (CPython's FORCE_SWITCHING) */
    pthread_mutex_lock(&gil_mutex);
    uint64_t seen = gil_switches;
    while (nwaiting > 0 && gil_switches == seen) pthread_cond_wait(&switch_cond, &gil_mutex);
    pthread_mutex_unlock(&gil_mutex);
    take_lock(me);
}

bool gil_is_main_thread(void) { return current == &main_thread; }

void gil_wake_main_thread(void) {
    if (current != &main_thread) pthread_kill(main_thread.handle, GIL_SWITCH_SIGNAL);
}

int gil_thread_sigmask(int how, const sigset_t *set, sigset_t *old) {
    sigset_t s = *set;
    if (how != SIG_UNBLOCK) sigdelset(&s, GIL_SWITCH_SIGNAL);
    return gc_thread_sigmask(how, &s, old);
}

/* ---- threads ---------------------------------------------------------------------------- */

void frame_thread_init(void);   /* frame.c: a new thread's frame stack and C stack limits */
void frame_thread_fini(void);   /* frame.c: frees it when the thread ends */

static void *thread_main(void *p) {
    PyThread *me = p;
    current = me;
    /* the signal mask is the creating thread's, as CPython's threads have
       it (a signal that arrives here trips the main thread: c_handler);
       the switch request must get through */
    sigset_t sw;
    sigemptyset(&sw);
    sigaddset(&sw, GIL_SWITCH_SIGNAL);
    gc_thread_sigmask(SIG_UNBLOCK, &sw, NULL);
    take_lock(me);
    frame_thread_init();
    me->fn(me->arg);
    if (current != me) {
        /* this thread called fork() and is the child's only thread, now its
           main one (gil_after_fork_child freed `me`): the child ends with
           it, status 0 and no interpreter shutdown, as CPython's does when
           its last thread exits */
        fflush(NULL);
        _exit(0);
    }
    frame_thread_fini();
    /* the thread's last Python work is done: unlink and let go for good */
    me->prev->next = me->next;
    if (me->next) me->next->prev = me->prev;
    nthreads--;
    /* the thread's blocks go back while it still holds the lock (the
       allocation hooks, tracemalloc's, run under it), once no waiter can
       ask it to yield any more */
    pthread_mutex_lock(&gil_mutex);
    gil_holder = NULL;
    pthread_mutex_unlock(&gil_mutex);
    gc_free(me->saved);
    gc_free(me);
    pthread_mutex_lock(&gil_mutex);
    gil_locked = false;
    pthread_cond_signal(&gil_cond);
    pthread_mutex_unlock(&gil_mutex);
    return NULL;
}

int gil_start_thread(void (*fn)(void *), void *arg, uint64_t *ident_out) {
    /* uncollectable: scanned, so the argument it carries stays alive */
    PyThread *t = gc_alloc_uncollectable(sizeof *t);
    t->saved = gc_alloc_uncollectable(sizeof(ThreadState));
    /* the new thread shares the interpreter's modules; the rest is its own
       (frame_thread_init) */
    t->saved->builtins = tstate.builtins;
    t->saved->sys_modules = tstate.sys_modules;
    t->saved->main_module = tstate.main_module;
    t->saved->recursion_limit = tstate.recursion_limit;
    t->fn = fn;
    t->arg = arg;
    t->serial = next_serial++;
    if (!gil_threads_started) {
        gil_threads_started = true;
        gil_locked = true;
        gil_holder = current;
    }
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (new_stack_size) pthread_attr_setstacksize(&attr, new_stack_size);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    /* linked before it runs: it needs the lock, which this thread holds */
    t->next = threads->next;
    t->prev = threads;
    if (threads->next) threads->next->prev = t;
    threads->next = t;
    nthreads++;
    int r = gc_thread_create(&t->handle, &attr, thread_main, t);
    pthread_attr_destroy(&attr);
    if (r) {
        threads->next = t->next;
        if (t->next) t->next->prev = threads;
        nthreads--;
        gc_free(t->saved);
        gc_free(t);
        return r;
    }
    *ident_out = (uint64_t)t->handle;
    return 0;
}

int64_t gil_thread_count(void) { return nthreads; }
uint64_t gil_thread_ident(void) { return (uint64_t)pthread_self(); }
uint64_t gil_native_id(void) { return (uint64_t)syscall(SYS_gettid); }
uint64_t gil_thread_serial(void) { return current->serial; }

int gil_set_stack_size(int64_t size) {
    if (size != 0 && size < 32768) return -1;
    new_stack_size = (size_t)size;
    return 0;
}
int64_t gil_stack_size(void) { return (int64_t)new_stack_size; }

void gil_for_each_saved_chunk(void (*fn)(struct FrameChunk *)) {
    for (PyThread *t = threads; t; t = t->next)
        if (t != current && t->saved)
            for (FrameChunk *c = t->saved->chunk; c; c = c->prev) fn(c);
}

void gil_for_each_thread(void (*fn)(uint64_t ident, struct ThreadState *ts, void *ctx), void *ctx) {
    for (PyThread *t = threads; t; t = t->next) {
        if (t == current) fn((uint64_t)pthread_self(), &tstate, ctx);
        else if (t->saved) fn((uint64_t)t->handle, t->saved, ctx);
    }
}

/* The walk of faulthandler's dumps, from a signal handler or a thread
 * outside the interpreter: no lock taken, nothing allocated, so reads may
 * race with threads that run (CPython's dump takes the same risk). The
 * lock's holder has its live state in tstate, the others their saved
 * one. Order as CPython's thread list: newest first, the main thread
 * last. */
void gil_for_each_thread_unlocked(void (*fn)(uint64_t ident, const struct ThreadState *ts, bool is_caller,
                                             void *ctx),
                                  void *ctx) {
    PyThread *holder = gil_threads_started ? gil_holder : &main_thread;
    pthread_t self = pthread_self();
    for (PyThread *t = main_thread.next;; t = t->next) {
        if (!t) t = &main_thread;
        const ThreadState *ts = t == holder ? &tstate : t->saved;
        if (ts) fn((uint64_t)t->handle, ts, pthread_equal(t->handle, self) != 0, ctx);
        if (t == &main_thread) break;
    }
}

/* In the child of fork() only the forking thread exists: it becomes the
 * main thread (it runs signal handlers, with signals unblocked), the other
 * threads' records go, and the lock starts over unlocked and unused, as
 * before any thread started (CPython's PyOS_AfterFork_Child). */
void gil_after_fork_child(void) {
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t c = PTHREAD_COND_INITIALIZER;
    gil_mutex = m;
    gil_cond = c;
    switch_cond = c;
    PyThread *me = current;
    for (PyThread *t = threads->next, *next; t; t = next) {
        next = t->next;
        if (t == me) continue;
        gc_free(t->saved);
        gc_free(t);
    }
    if (me != &main_thread) {
        gc_free(main_thread.saved);
        main_thread.saved = me->saved;
        main_thread.serial = me->serial;
        gc_free(me);
        current = &main_thread;
    }
    main_thread.handle = pthread_self();
    main_thread.next = main_thread.prev = NULL;
    threads = &main_thread;
    nthreads = 0;
    gil_threads_started = false;
    gil_locked = false;
    gil_holder = NULL;
    nwaiting = 0;
    drop_request = 0;
}

void gil_init(void) {
    current = &main_thread;
    main_thread.is_main = true;
    main_thread.handle = pthread_self();
    main_thread.serial = 0;
    main_thread.saved = gc_alloc_uncollectable(sizeof(ThreadState));
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = switch_signal_handler;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(GIL_SWITCH_SIGNAL, &sa, NULL);
}
