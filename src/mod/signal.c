/* signal.c: the _signal module, CPython's names and behaviour, and the C
 * side of signals.
 *
 * The C handler only records: it marks the signal tripped, sets the
 * pending word (vm/pending.h) and writes the signal's number to the
 * wakeup fd if there is one. The Python handler runs later, in the main
 * thread, at the next safe point (signals_run_pending(), from
 * pending_run()): the interpreter's backward jumps and calls, compiled
 * code's loop back edges (through a guard failure), and long C operations.
 * A handler that raises makes that safe point raise; SIGINT's default
 * handler, default_int_handler, raises KeyboardInterrupt.
 *
 * Blocking calls (time.sleep, reads) retry on EINTR after running the
 * handlers (PEP 475): signals_eintr().
 *
 * `signal` itself is lib/signal.py, which wraps these in CPython's enums.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "../runtime.h"
#include "../obj/structseq.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "../jit/safepoint.h"


/* Flags written by the C handler, read and cleared by the main thread. */
static volatile sig_atomic_t tripped[NSIG];
static volatile sig_atomic_t any_tripped;
/* The wakeup fd: errno of a failed write, reported at the next safe point. */
static volatile sig_atomic_t wakeup_fd = -1;
static volatile sig_atomic_t wakeup_errno;
static bool wakeup_warn = true;

/* The Python-level handler of each signal: SIG_DFL (int 0), SIG_IGN (int 1),
 * a callable, or VNULL (None: installed by something other than Python).
 * A static array: a root of the collector. */
static Value handlers[NSIG];
static Value default_int_handler_fn;
static Value itimer_error;
static pthread_t main_thread;
/* handlers[] describes the dispositions (the module was created); before
 * that, a tripped SIGINT can only be the default handler's */
static bool handlers_ready;

static void c_handler(int sig) {
    int saved = errno;
    tripped[sig] = 1;
    any_tripped = 1;
    pending_request();
    /* compiled loops leave at their next iteration; code is patched only
       by the thread holding the lock (another may be running it) */
    if (gil_signal_may_patch()) safepoint_trip();
    if (!gil_is_main_thread()) gil_wake_main_thread();
    int fd = wakeup_fd;
    if (fd >= 0) {
        unsigned char b = (unsigned char)sig;
        if (write(fd, &b, 1) < 0 && (wakeup_warn || (errno != EAGAIN && errno != EWOULDBLOCK))) {
            wakeup_errno = errno;
            pending_request();
        }
    }
    errno = saved;
}

bool signals_tripped(void) { return any_tripped || wakeup_errno; }

/* _thread.interrupt_main(): as if sig had arrived */
void signals_trip(int sig) {
    tripped[sig] = 1;
    any_tripped = 1;
    pending_request();
    safepoint_trip();
}

int signals_run_pending(void) {
    if (wakeup_errno) {
        int e = wakeup_errno;
        wakeup_errno = 0;
        Value saved = err_fetch();
        err_set_errno(&exc_OSError, e, VNULL);
        err_write_unraisable_msg(err_fetch(), "when trying to write to the signal wakeup fd");
        err_restore(saved);
    }
    if (!any_tripped || !pthread_equal(pthread_self(), main_thread)) return 0;
    any_tripped = 0;
    for (int sig = 1; sig < NSIG; sig++) {
        if (!tripped[sig]) continue;
        tripped[sig] = 0;
        if (!handlers_ready) {
            /* before `import signal`, only SIGINT has a handler: the default
               one, which raises KeyboardInterrupt */
            if (sig != SIGINT) continue;
            any_tripped = 1;   /* the others run at the next safe point */
            err_set_exc(exc_new(&exc_KeyboardInterrupt, NULL, 0));
            return -1;
        }
        Value h = handlers[sig];
        /* a handler set back to SIG_DFL/SIG_IGN after the signal arrived, or
           one not installed from Python: nothing to run */
        if (!h || h == V_TRUE || h == V_FALSE) continue;
        if (v_is_int(h)) {
            /* as CPython: say that the signal was lost to the race */
            Value saved = err_fetch();
            err_format(&exc_OSError, "Signal %d ignored due to race condition", sig);
            err_write_unraisable(err_fetch(), NULL, VNULL);
            err_restore(saved);
            continue;
        }
        Value frame = tstate.frame ? sys_frame_object(tstate.frame) : V_NONE;
        Value args[2] = {v_int(sig), frame};
        if (!obj_call(h, args, 2, VNULL)) {
            any_tripped = 1;   /* the others run at the next safe point */
            return -1;
        }
    }
    return 0;
}

int signals_eintr(void) { return pending_run(); }

/* ---- arguments ------------------------------------------------------------------------- */

static int signal_number(Value v, int *out) {
    int64_t n = obj_index_i64(v);
    if (n == -1 && err_occurred()) return -1;
    if (n < 1 || n >= NSIG) {
        err_set(&exc_ValueError, "signal number out of range");
        return -1;
    }
    *out = (int)n;
    return 0;
}

/* SIG_DFL and SIG_IGN are compared by value, as CPython does (True is 1). */
static int handler_kind(Value h) {
    int64_t n;
    if (v_is_int(h)) n = v_intval(h);
    else if (h == V_TRUE || h == V_FALSE) n = h == V_TRUE;
    else if (int_check(h)) {
        n = obj_index_i64(h);
        if (n == -1 && err_occurred()) err_clear();
    } else return 2;
    return n == 0 ? 0 : n == 1 ? 1 : -1;
}

static int sigset_from_iterable(Value it, sigset_t *set) {
    sigemptyset(set);
    Value iter = obj_iter(it);
    if (!iter) return -1;
    Value item;
    while ((item = obj_next(iter))) {
        Value iv = obj_index(item);
        if (!iv) return -1;
        /* out of a C long: CPython's converter reports it as -1 */
        int64_t n = int_as_i64(iv);
        if (n == -1 && err_occurred()) {
            if (!err_matches(&exc_OverflowError)) return -1;
            err_clear();
        }
        if (n < 1 || n >= NSIG) {
            err_format(&exc_ValueError, "signal number %lld out of range [1; %d]", (long long)n, NSIG - 1);
            return -1;
        }
        sigaddset(set, (int)n);
    }
    return err_occurred() ? -1 : 0;
}

static Value set_from_sigset(const sigset_t *set) {
    Value s = set_new();
    for (int sig = 1; sig < NSIG; sig++) {
        if (sigismember(set, sig) == 1 && set_add(s, v_int(sig)) < 0) return VNULL;
    }
    return s;
}

static bool in_main_thread(const char *what) {
    if (pthread_equal(pthread_self(), main_thread)) return true;
    err_format(&exc_ValueError, "%s only works in main thread of the main interpreter", what);
    return false;
}

/* ---- functions ------------------------------------------------------------------------- */

static int install(int sig, void (*fn)(int), bool restart) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fn;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_ONSTACK | (restart ? SA_RESTART : 0);
    return sigaction(sig, &sa, NULL);
}

/* siginterrupt(sig, False) was called: system calls restart after sig.
 * By default they fail with EINTR, as in CPython, so that blocking calls
 * run the Python handler and retry (PEP 475) instead of waiting on. */
static bool restart_calls[NSIG];

static Value s_signal(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("signal", kwnames) < 0) return VNULL;
    if (nargs != 2) return err_format(&exc_TypeError, "signal() takes 2 positional arguments but %zu were given", nargs);
    int sig;
    if (signal_number(args[0], &sig) < 0) return VNULL;
    if (!in_main_thread("signal")) return VNULL;
    Value h = args[1];
    int kind = handler_kind(h);
    if (kind == 2 && !type_of(h)->call) kind = -1;
    if (kind < 0)
        return err_set(&exc_TypeError,
                       "signal handler must be signal.SIG_IGN, signal.SIG_DFL, or a callable object");
    void (*fn)(int) = kind == 0 ? SIG_DFL : kind == 1 ? SIG_IGN : c_handler;
    /* signals that came run their handlers before the handler changes */
    if (pending_check() < 0) return VNULL;
    if (install(sig, fn, restart_calls[sig] && kind == 2) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    Value old = handlers[sig];
    handlers[sig] = h;
    return old ? old : V_NONE;
}

static Value s_getsignal(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("getsignal", kwnames) < 0 || arg_count("getsignal", nargs, 1, 1) < 0) return VNULL;
    int sig;
    if (signal_number(args[0], &sig) < 0) return VNULL;
    return handlers[sig] ? handlers[sig] : V_NONE;
}

static Value s_default_int_handler(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("default_int_handler", kwnames) < 0) return VNULL;
    if (nargs != 2) return err_format(&exc_TypeError, "default_int_handler expected 2 arguments, got %zu", nargs);
    int64_t n = obj_index_i64(args[0]);
    if (n == -1 && err_occurred()) return VNULL;
    return err_set_exc(exc_new(&exc_KeyboardInterrupt, NULL, 0));
}

static Value s_raise_signal(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("raise_signal", kwnames) < 0 || arg_count("raise_signal", nargs, 1, 1) < 0) return VNULL;
    int sig;
    if (signal_number(args[0], &sig) < 0) return VNULL;
    if (raise(sig) != 0) return err_set_errno(&exc_OSError, errno, VNULL);
    if (pending_check() < 0) return VNULL;
    return V_NONE;
}

static Value s_strsignal(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("strsignal", kwnames) < 0 || arg_count("strsignal", nargs, 1, 1) < 0) return VNULL;
    int sig;
    if (signal_number(args[0], &sig) < 0) return VNULL;
    const char *s = strsignal(sig);
    if (!s || strstr(s, "Unknown signal")) return V_NONE;
    return str_from_cstr(s);
}

static Value s_valid_signals(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("valid_signals", kwnames) < 0 || arg_count("valid_signals", nargs, 0, 0) < 0) return VNULL;
    sigset_t set;
    sigfillset(&set);
    return set_from_sigset(&set);
}

static Value s_alarm(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("alarm", kwnames) < 0 || arg_count("alarm", nargs, 1, 1) < 0) return VNULL;
    int64_t n = obj_index_i64(args[0]);
    if (n == -1 && err_occurred()) return VNULL;
    return v_int(alarm((unsigned)n));
}

static Value s_pause(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("pause", kwnames) < 0 || arg_count("pause", nargs, 0, 0) < 0) return VNULL;
    pause();
    if (pending_check() < 0) return VNULL;
    return V_NONE;
}

static Value s_siginterrupt(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("siginterrupt", kwnames) < 0 || arg_count("siginterrupt", nargs, 2, 2) < 0) return VNULL;
    int sig;
    if (signal_number(args[0], &sig) < 0) return VNULL;
    int flag = obj_truth(args[1]);
    if (flag < 0) return VNULL;
    struct sigaction sa;
    if (sigaction(sig, NULL, &sa) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    if (flag) sa.sa_flags &= ~SA_RESTART;
    else sa.sa_flags |= SA_RESTART;
    if (sigaction(sig, &sa, NULL) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    restart_calls[sig] = flag == 0;
    return V_NONE;
}

static Value s_set_wakeup_fd(Value *args, size_t nargs, Value kwnames) {
    static const char *const allowed[] = {"warn_on_full_buffer", NULL};
    if (arg_kw_allowed("set_wakeup_fd", kwnames, allowed) < 0) return VNULL;
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (arg_count("set_wakeup_fd", nargs, 1, 1) < 0) return VNULL;
    bool warn = true;
    if (nkw) {
        int t = obj_truth(args[nargs]);
        if (t < 0) return VNULL;
        warn = t != 0;
    }
    int64_t fd = obj_index_i64(args[0]);
    if (fd == -1 && err_occurred()) return VNULL;
    if (!in_main_thread("set_wakeup_fd")) return VNULL;
    if (fd != -1) {
        struct stat st;
        if (fd < 0 || fd > INT32_MAX || fstat((int)fd, &st) != 0) return err_set_errno(&exc_OSError, EBADF, VNULL);
        int fl = fcntl((int)fd, F_GETFL);
        if (fl < 0) return err_set_errno(&exc_OSError, errno, VNULL);
        if (!(fl & O_NONBLOCK)) return err_format(&exc_ValueError, "the fd %d must be in non-blocking mode", (int)fd);
    }
    int old = wakeup_fd;
    wakeup_warn = warn;
    wakeup_fd = (int)fd;
    return v_int(old);
}

static int which_timer(Value v, int *out) {
    int64_t n = obj_index_i64(v);
    if (n == -1 && err_occurred()) return -1;
    *out = (int)n;
    if (n != (int)n) *out = -1;   /* setitimer fails with EINVAL */
    return 0;
}

static Value timer_tuple(const struct itimerval *t) {
    Value items[2] = {float_from_double((double)t->it_value.tv_sec + (double)t->it_value.tv_usec * 1e-6),
                      float_from_double((double)t->it_interval.tv_sec + (double)t->it_interval.tv_usec * 1e-6)};
    return tuple_from_array(items, 2);
}

static Value itimer_fail(int e) { return err_set_errno(V_AS(Type, itimer_error), e, VNULL); }

/* Seconds as a timeval, rounded to the microsecond; a positive time never
 * becomes 0 (which would disarm the timer). */
static int to_timeval(Value v, struct timeval *tv) {
    double d = obj_as_double(v);
    if (d == -1.0 && err_occurred()) return -1;
    if (isnan(d) || d > 9.2e18 || d < -9.2e18) {
        err_set(&exc_OverflowError, "timestamp out of range for platform time_t");
        return -1;
    }
    double sec = floor(d);
    double usec = round((d - sec) * 1e6);
    if (usec >= 1e6) {
        sec += 1;
        usec -= 1e6;
    }
    tv->tv_sec = (time_t)sec;
    tv->tv_usec = (suseconds_t)usec;
    if (d > 0 && tv->tv_sec == 0 && tv->tv_usec == 0) tv->tv_usec = 1;
    return 0;
}

static Value s_setitimer(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("setitimer", kwnames) < 0 || arg_count("setitimer", nargs, 2, 3) < 0) return VNULL;
    int which;
    if (which_timer(args[0], &which) < 0) return VNULL;
    struct itimerval nv, old;
    memset(&nv, 0, sizeof nv);
    if (to_timeval(args[1], &nv.it_value) < 0) return VNULL;
    if (nargs > 2 && to_timeval(args[2], &nv.it_interval) < 0) return VNULL;
    if (setitimer(which, &nv, &old) != 0) return itimer_fail(errno);
    return timer_tuple(&old);
}

static Value s_getitimer(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("getitimer", kwnames) < 0 || arg_count("getitimer", nargs, 1, 1) < 0) return VNULL;
    int which;
    if (which_timer(args[0], &which) < 0) return VNULL;
    struct itimerval t;
    if (getitimer(which, &t) != 0) return itimer_fail(errno);
    return timer_tuple(&t);
}

static Value s_pthread_sigmask(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("pthread_sigmask", kwnames) < 0 || arg_count("pthread_sigmask", nargs, 2, 2) < 0) return VNULL;
    int64_t how = obj_index_i64(args[0]);
    if (how == -1 && err_occurred()) return VNULL;
    sigset_t set, old;
    if (sigset_from_iterable(args[1], &set) < 0) return VNULL;
    int e = gil_thread_sigmask((int)how, &set, &old);
    if (e != 0) return err_set_errno(&exc_OSError, e, VNULL);
    /* unblocking may have delivered signals: their handlers run now */
    if (pending_check() < 0) return VNULL;
    return set_from_sigset(&old);
}

static Value s_sigpending(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("sigpending", kwnames) < 0 || arg_count("sigpending", nargs, 0, 0) < 0) return VNULL;
    sigset_t set;
    if (sigpending(&set) != 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return set_from_sigset(&set);
}

/* sigwait() and its kin wait with the interpreter lock released: the
   thread that sends the signal may need it */
static Value s_sigwait(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("sigwait", kwnames) < 0 || arg_count("sigwait", nargs, 1, 1) < 0) return VNULL;
    sigset_t set;
    if (sigset_from_iterable(args[0], &set) < 0) return VNULL;
    int sig = 0;
    bool released = gil_blocking_begin();
    int e = sigwait(&set, &sig);
    gil_blocking_end(released);
    if (e != 0) return err_set_errno(&exc_OSError, e, VNULL);
    return v_int(sig);
}

static Type *siginfo_type;

static Value siginfo_from(const siginfo_t *si) {
    if (!siginfo_type) {
        static const char *const fields[] = {"si_signo", "si_code", "si_errno", "si_pid",
                                             "si_uid",   "si_status", "si_band", NULL};
        siginfo_type = structseq_new_type("signal", "struct_siginfo", fields, 7, 7);
        if (!siginfo_type) return VNULL;
    }
    Value v[7] = {v_int(si->si_signo), v_int(si->si_code),   v_int(si->si_errno),         v_int(si->si_pid),
                  int_from_u64(si->si_uid), v_int(si->si_status), int_from_i64((int64_t)si->si_band)};
    return structseq_new(siginfo_type, v);
}

static Value s_sigwaitinfo(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("sigwaitinfo", kwnames) < 0 || arg_count("sigwaitinfo", nargs, 1, 1) < 0) return VNULL;
    sigset_t set;
    if (sigset_from_iterable(args[0], &set) < 0) return VNULL;
    siginfo_t si;
    for (;;) {
        bool released = gil_blocking_begin();
        int r = sigwaitinfo(&set, &si);
        int e = errno;
        gil_blocking_end(released);
        if (r >= 0) break;
        if (e != EINTR) return err_set_errno(&exc_OSError, e, VNULL);
        if (pending_check() < 0) return VNULL;   /* PEP 475: handlers, then again */
    }
    return siginfo_from(&si);
}

static double monotonic_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static Value s_sigtimedwait(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("sigtimedwait", kwnames) < 0 || arg_count("sigtimedwait", nargs, 2, 2) < 0) return VNULL;
    sigset_t set;
    if (sigset_from_iterable(args[0], &set) < 0) return VNULL;
    double timeout;
    if (v_is_int(args[1]) || int_check(args[1])) {
        timeout = int_as_double(args[1]);
        if (timeout == -1.0 && err_occurred()) return VNULL;
    } else if (float_check(args[1])) {
        timeout = float_val(args[1]);
        if (timeout != timeout) return err_set(&exc_ValueError, "Invalid value NaN (not a number)");
    } else {
        return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer or float", args[1]);
    }
    if (timeout < 0) return err_set(&exc_ValueError, "timeout must be non-negative");
    double deadline = monotonic_now() + timeout;
    siginfo_t si;
    for (;;) {
        struct timespec ts;
        ts.tv_sec = (time_t)timeout;
        ts.tv_nsec = (long)((timeout - (double)ts.tv_sec) * 1e9);
        bool released = gil_blocking_begin();
        int r = sigtimedwait(&set, &si, &ts);
        int e = errno;
        gil_blocking_end(released);
        if (r >= 0) break;
        if (e == EAGAIN) return V_NONE;
        if (e != EINTR) return err_set_errno(&exc_OSError, e, VNULL);
        if (pending_check() < 0) return VNULL;
        timeout = deadline - monotonic_now();
        if (timeout < 0) timeout = 0;
    }
    return siginfo_from(&si);
}

struct ThreadLookup {
    uint64_t ident;
    bool found;
};

static void match_thread(uint64_t ident, struct ThreadState *ts, void *ctx) {
    (void)ts;
    struct ThreadLookup *l = ctx;
    if (ident == l->ident) l->found = true;
}

/* Only the threads tpy runs are asked: another id names no thread (ESRCH;
 * pthread_kill on a made-up handle could crash) */
static Value s_pthread_kill(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("pthread_kill", kwnames) < 0 || arg_count("pthread_kill", nargs, 2, 2) < 0) return VNULL;
    int64_t tid = obj_index_i64(args[0]);
    if (tid == -1 && err_occurred()) return VNULL;
    int64_t sig = obj_index_i64(args[1]);
    if (sig == -1 && err_occurred()) return VNULL;
    struct ThreadLookup l = {(uint64_t)tid, (uint64_t)tid == (uint64_t)main_thread};
    if (!l.found) gil_for_each_thread(match_thread, &l);
    if (!l.found) return err_set_errno(&exc_OSError, ESRCH, VNULL);
    int e = pthread_kill((pthread_t)tid, (int)sig);
    if (e != 0) return err_set_errno(&exc_OSError, e, VNULL);
    if (pending_check() < 0) return VNULL;
    return V_NONE;
}

/* ---- start-up ---------------------------------------------------------------------------- */

/* What a program gets without asking, as CPython sets it up: SIGPIPE and
 * SIGXFSZ ignored (a write to a closed pipe raises BrokenPipeError, a too
 * large file raises OSError), SIGINT raising KeyboardInterrupt unless it
 * was ignored when tpy started (nohup, background jobs). The command line
 * calls this; a program embedding tpy keeps its own dispositions. */
void signals_install_default(void) {
    main_thread = pthread_self();
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
    struct sigaction sa;
    if (sigaction(SIGINT, NULL, &sa) == 0 && sa.sa_handler == SIG_DFL) install(SIGINT, c_handler, false);
}

/* In a child of fork(): the forking thread is the main thread now, and
 * signals that arrived in the parent are not the child's to handle. */
void signals_after_fork(void) {
    main_thread = pthread_self();
    for (int sig = 1; sig < NSIG; sig++) tripped[sig] = 0;
    any_tripped = 0;
}

/* Back to the default disposition (to die by SIGINT after an uncaught
 * KeyboardInterrupt). */
void signals_default_sigint(void) { signal(SIGINT, SIG_DFL); }

static void handlers_init(void) {
    if (!handlers_ready) main_thread = pthread_self();
    handlers_ready = true;
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction sa;
        if (sigaction(sig, NULL, &sa) != 0) continue;
        if (sa.sa_handler == SIG_DFL) handlers[sig] = v_int(0);
        else if (sa.sa_handler == SIG_IGN) handlers[sig] = v_int(1);
        else if (sa.sa_handler == c_handler && sig == SIGINT) handlers[sig] = default_int_handler_fn;
        else handlers[sig] = VNULL;
    }
}

static const MethodDef signal_functions[] = {
    {"signal", s_signal, 0, NULL},
    {"getsignal", s_getsignal, 0, NULL},
    {"default_int_handler", s_default_int_handler, 0, NULL},
    {"raise_signal", s_raise_signal, 0, NULL},
    {"strsignal", s_strsignal, 0, NULL},
    {"valid_signals", s_valid_signals, 0, NULL},
    {"alarm", s_alarm, 0, NULL},
    {"pause", s_pause, 0, NULL},
    {"siginterrupt", s_siginterrupt, 0, NULL},
    {"set_wakeup_fd", s_set_wakeup_fd, MF_KEYWORDS, NULL},
    {"setitimer", s_setitimer, 0, NULL},
    {"getitimer", s_getitimer, 0, NULL},
    {"pthread_sigmask", s_pthread_sigmask, 0, NULL},
    {"pthread_kill", s_pthread_kill, 0, NULL},
    {"sigpending", s_sigpending, 0, NULL},
    {"sigwait", s_sigwait, 0, NULL},
    {"sigwaitinfo", s_sigwaitinfo, 0, NULL},
    {"sigtimedwait", s_sigtimedwait, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* The signal names of Linux, with their aliases. */
#define SIGNAL_NAME_DEF(_)                                                                              \
    _(SIGHUP) _(SIGINT) _(SIGQUIT) _(SIGILL) _(SIGTRAP) _(SIGABRT) _(SIGIOT) _(SIGBUS) _(SIGFPE)       \
    _(SIGKILL) _(SIGUSR1) _(SIGSEGV) _(SIGUSR2) _(SIGPIPE) _(SIGALRM) _(SIGTERM) _(SIGSTKFLT)          \
    _(SIGCHLD) _(SIGCLD) _(SIGCONT) _(SIGSTOP) _(SIGTSTP) _(SIGTTIN) _(SIGTTOU) _(SIGURG) _(SIGXCPU)   \
    _(SIGXFSZ) _(SIGVTALRM) _(SIGPROF) _(SIGWINCH) _(SIGIO) _(SIGPOLL) _(SIGPWR) _(SIGSYS)

Value _signal_module_create(void) {
    Value m = module_new_cstr("_signal");
    module_add_functions(m, signal_functions);
    default_int_handler_fn = dict_get_cstr(module_dict(m), "default_int_handler");
    if (!handlers_ready) handlers_init();
#define ADD_SIGNAL(name) module_add(m, #name, v_int(name));
    SIGNAL_NAME_DEF(ADD_SIGNAL)
#undef ADD_SIGNAL
    module_add(m, "SIGRTMIN", v_int(SIGRTMIN));
    module_add(m, "SIGRTMAX", v_int(SIGRTMAX));
    module_add(m, "NSIG", v_int(NSIG));
    module_add(m, "SIG_DFL", v_int(0));
    module_add(m, "SIG_IGN", v_int(1));
    module_add(m, "SIG_BLOCK", v_int(SIG_BLOCK));
    module_add(m, "SIG_UNBLOCK", v_int(SIG_UNBLOCK));
    module_add(m, "SIG_SETMASK", v_int(SIG_SETMASK));
    module_add(m, "ITIMER_REAL", v_int(ITIMER_REAL));
    module_add(m, "ITIMER_VIRTUAL", v_int(ITIMER_VIRTUAL));
    module_add(m, "ITIMER_PROF", v_int(ITIMER_PROF));
    if (!itimer_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_OSError)}, 1);
        Value ns = dict_new();
        dict_set(ns, str_intern_cstr("__module__"), str_from_cstr("signal"));
        itimer_error = type_new_class(&type_type, str_from_cstr("itimer_error"), bases, ns, VNULL);
        if (!itimer_error) return VNULL;
    }
    module_add(m, "ItimerError", itimer_error);
    return m;
}
