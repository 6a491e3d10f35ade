/* gil.h: OS threads and the global interpreter lock.
 *
 * Python code runs on real OS threads, one at a time: a thread runs
 * Python code, allocates from the runtime's heap and touches the JIT's
 * data only while it holds the lock (CPython 3.11's and PyPy's model).
 *
 * The running thread's state lives in the global `tstate` (interp.h),
 * where the interpreter and machine code find it at a fixed address; a
 * thread that lets the lock go saves it in its own record, and the thread
 * that takes the lock loads its own. Nothing else is per-thread.
 *
 * Handing over: a thread that waits for the lock longer than the switch
 * interval (sys.setswitchinterval, 5 ms) asks the holder to let it go.
 * The request reaches the holder as a signal (GIL_SWITCH_SIGNAL), whose
 * handler does what any signal does: it sets the pending word and trips
 * compiled loops (vm/pending.h), so the holder yields at its next safe
 * point, compiled loops included. The holder then waits until another
 * thread has taken the lock before competing for it again.
 *
 * Blocking calls (sleep, reads and writes, lock waits, select, waitpid)
 * let the lock go around the call: gil_blocking_begin/end. Until a second
 * thread starts these are two tests of a flag.
 *
 * Signals are delivered to the main thread only (the others block them),
 * and Python signal handlers run there, as in CPython.
 */
#ifndef TPY_VM_GIL_H
#define TPY_VM_GIL_H

#include <stdbool.h>
#include <stdint.h>

/* Has a second thread ever started? Until then the lock is never taken. */
extern bool gil_threads_started;
/* Set at shutdown: the main thread keeps the lock from then on. */
extern bool gil_finalizing;

/* A thread about to block lets the lock go; it takes it back after. Code
 * between the two must not touch Python objects or the heap. */
void gil_release(void);
void gil_acquire(void);
static inline bool gil_blocking_begin(void) {
    if (!gil_threads_started || gil_finalizing) return false;
    gil_release();
    return true;
}
static inline void gil_blocking_end(bool released) {
    if (released) gil_acquire();
}

/* Called by pending_run(): a waiting thread asked for the lock; yield it.
 * Also aborts a trace being recorded (it would see the other thread's
 * execution). */
bool gil_drop_requested(void);
void gil_yield(void);

/* Is the running thread the main thread (the one that runs signal
 * handlers)? */
bool gil_is_main_thread(void);

/* From a signal handler running in another thread (async-signal-safe):
 * the main thread, which runs the Python handlers, is interrupted so that
 * it reaches a safe point (its blocking call returns EINTR; its compiled
 * loops are tripped there if it holds the lock) */
void gil_wake_main_thread(void);
/* From a signal handler: may this thread patch compiled code (it holds the
 * lock, or no other thread ever started)? */
bool gil_signal_may_patch(void);

/* pthread_sigmask for Python's signal.pthread_sigmask: tpy's switch
 * signal and the collector's signals are never blocked */
#include <signal.h>
int gil_thread_sigmask(int how, const sigset_t *set, sigset_t *old);

/* Start a thread running fn(arg) with the lock; the thread's record and
 * tstate are made here. 0, or an errno value. */
int gil_start_thread(void (*fn)(void *), void *arg, uint64_t *ident_out);
/* Live Python threads besides the main one (_thread._count()). */
int64_t gil_thread_count(void);
/* An identifier of the running thread (pthread_self, as CPython) and its
 * kernel thread id. */
uint64_t gil_thread_ident(void);
uint64_t gil_native_id(void);
/* A number no other thread of this process has or had (thread-local data). */
uint64_t gil_thread_serial(void);
/* The stack size for new threads (0: the default); -1 if refused. */
int gil_set_stack_size(int64_t size);
int64_t gil_stack_size(void);
/* The switch interval in seconds (sys.getswitchinterval). */
extern double gil_switch_interval;

/* Calls fn for every thread running Python code: its identifier
 * (threading.get_ident()) and its state (the live one for the calling
 * thread, the saved one for the others). Under the lock. */
struct ThreadState;
void gil_for_each_thread(void (*fn)(uint64_t ident, struct ThreadState *ts, void *ctx), void *ctx);

/* The same without the lock and without allocating, for faulthandler
 * (signal handlers, its watchdog thread): newest thread first, the main
 * thread last; is_caller: the thread calling this. */
void gil_for_each_thread_unlocked(void (*fn)(uint64_t ident, const struct ThreadState *ts, bool is_caller,
                                             void *ctx),
                                  void *ctx);

/* Every thread's saved frame-stack chunks, for the collector hook that
 * clears their dead parts (frame.c): calls fn(chunk) for each thread not
 * running. */
struct FrameChunk;
void gil_for_each_saved_chunk(void (*fn)(struct FrameChunk *));

/* In a child of fork(), before it runs Python code: the forking thread
 * is the only and main thread. */
void gil_after_fork_child(void);

void gil_init(void);

#endif
