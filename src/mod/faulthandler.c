/* faulthandler.c: the faulthandler module, CPython 3.11's: Python
 * tracebacks written straight to a file descriptor on a fatal signal
 * (SIGSEGV, SIGFPE, SIGABRT, SIGBUS, SIGILL), on a user signal
 * (register), after a timeout (dump_traceback_later's watchdog thread)
 * or on demand (dump_traceback), in CPython's format:
 *
 *     Fatal Python error: Segmentation fault
 *
 *     Current thread 0x00007f2c5e3ff740 (most recent call first):
 *       File "x.py", line 3 in f
 *
 * Whatever runs in a signal handler or in the watchdog is async-signal-
 * safe: write(2) only, no allocation, no lock; it reads the interpreter's
 * frames as they are (Frame.code, .ip, .back). A frame running in the
 * interpreter saved its ip at its last call, which is where C code and
 * signal handlers see it; code compiled by the JIT updates it only when it
 * leaves, so a dump taken while a compiled loop runs shows the line the
 * interpreter last knew.
 *
 * The fatal handlers run on an alternate signal stack (sigaltstack, for
 * the thread that called enable()), so a stack overflow is reported too;
 * they put the previous disposition back and raise the signal again, so
 * the process dies as it would have.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"

extern Value sys_module;

/* ---- async-signal-safe output ------------------------------------------------------------- */

/* Write all of buf, ignoring errors (nothing can be reported from here). */
static void put_bytes(int fd, const char *buf, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return;
        }
        buf += w;
        n -= (size_t)w;
    }
}

static void put(int fd, const char *s) { put_bytes(fd, s, strlen(s)); }

static void put_dec(int fd, uint64_t v) {
    char buf[24], *p = buf + sizeof buf;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    put_bytes(fd, p, (size_t)(buf + sizeof buf - p));
}

/* v in lowercase hexadecimal, at least `width` digits */
static void put_hex(int fd, uint64_t v, int width) {
    char buf[20], *p = buf + sizeof buf;
    int n = 0;
    do {
        *--p = "0123456789abcdef"[v & 15];
        v >>= 4;
        n++;
    } while (v || n < width);
    put_bytes(fd, p, (size_t)(buf + sizeof buf - p));
}

/* At most this many characters of a name are written (then "..."). */
#define MAX_STRING_LENGTH 500
#define MAX_FRAME_DEPTH 100
#define MAX_NTHREADS 100

static bool is_str(Value v) { return v && v_is_ptr(v) && type_has_flag(V_OBJ(v)->type, TF_STR_SUBCLASS); }

/* A str as CPython's _Py_DumpASCII writes it: printable ASCII as is, other
 * code points escaped (\xNN, \uNNNN, \UNNNNNNNN), truncated. The UTF-8 is
 * decoded here: utf8_decode is a pure function, but it is not ours to
 * promise it stays one. */
static void put_str(int fd, Value s) {
    const unsigned char *p = (const unsigned char *)str_data(s);
    const unsigned char *end = p + str_nbytes(s);
    int64_t count = 0;
    while (p < end) {
        if (count++ >= MAX_STRING_LENGTH) {
            put(fd, "...");
            return;
        }
        uint32_t ch = *p;
        int len = 1;
        if (ch >= 0xF0 && end - p >= 4) {
            ch = ((ch & 7u) << 18) | ((p[1] & 63u) << 12) | ((p[2] & 63u) << 6) | (p[3] & 63u);
            len = 4;
        } else if (ch >= 0xE0 && end - p >= 3) {
            ch = ((ch & 15u) << 12) | ((p[1] & 63u) << 6) | (p[2] & 63u);
            len = 3;
        } else if (ch >= 0xC0 && end - p >= 2) {
            ch = ((ch & 31u) << 6) | (p[1] & 63u);
            len = 2;
        }
        p += len;
        if (ch >= ' ' && ch <= 126) {
            char c = (char)ch;
            put_bytes(fd, &c, 1);
        } else if (ch <= 0xff) {
            put(fd, "\\x");
            put_hex(fd, ch, 2);
        } else if (ch <= 0xffff) {
            put(fd, "\\u");
            put_hex(fd, ch, 4);
        } else {
            put(fd, "\\U");
            put_hex(fd, ch, 8);
        }
    }
}

/* ---- tracebacks ------------------------------------------------------------------------------ */

static void dump_frame(int fd, Frame *f) {
    CodeObject *co = f->code;
    put(fd, "  File ");
    if (is_str(co->filename)) {
        put(fd, "\"");
        put_str(fd, co->filename);
        put(fd, "\"");
    } else {
        put(fd, "???");
    }
    put(fd, ", line ");
    /* ip is NULL only in a frame being set up: its first line then */
    int line = f->ip ? code_line(co, frame_lasti(f)) : co->firstlineno;
    if (line >= 0) put_dec(fd, (uint64_t)line);
    else put(fd, "???");
    put(fd, " in ");
    if (is_str(co->name)) put_str(fd, co->name);
    else put(fd, "???");
    put(fd, "\n");
}

static void dump_stack(int fd, const ThreadState *ts, bool header) {
    if (header) put(fd, "Stack (most recent call first):\n");
    Frame *f = ts->frame;
    if (!f) {
        put(fd, "  <no Python frame>\n");
        return;
    }
    for (int depth = 0; f; f = f->back, depth++) {
        if (depth >= MAX_FRAME_DEPTH) {
            put(fd, "  ...\n");
            break;
        }
        dump_frame(fd, f);
    }
}

typedef struct DumpCtx {
    int fd;
    int nthreads;
    bool know_caller;   /* "Current thread" for the calling thread */
    bool all;           /* every thread; else the caller's stack only */
} DumpCtx;

static void dump_one_thread(uint64_t ident, const ThreadState *ts, bool is_caller, void *p) {
    DumpCtx *c = p;
    if (!c->all) {
        if (is_caller) dump_stack(c->fd, ts, true);
        return;
    }
    if (c->nthreads < 0) return;   /* past the limit */
    if (c->nthreads > 0) put(c->fd, "\n");
    if (c->nthreads >= MAX_NTHREADS) {
        put(c->fd, "...\n");
        c->nthreads = -1;
        return;
    }
    c->nthreads++;
    put(c->fd, is_caller && c->know_caller ? "Current thread 0x" : "Thread 0x");
    put_hex(c->fd, ident, (int)sizeof(unsigned long) * 2);
    put(c->fd, " (most recent call first):\n");
    if (is_caller && c->know_caller && gc_module_collecting) put(c->fd, "  Garbage-collecting\n");
    dump_stack(c->fd, ts, false);
}

/* The traceback of every Python thread (all) or of the calling thread's
 * (nothing when it runs no Python code). know_caller: the calling thread,
 * if it is a Python thread, is "Current thread" (signal handlers,
 * dump_traceback()); the watchdog says "Thread" for every one. */
static void dump_traceback(int fd, bool all, bool know_caller) {
    DumpCtx c = {fd, 0, know_caller, all};
    gil_for_each_thread_unlocked(dump_one_thread, &c);
}

/* The builtin modules are CPython's extension modules. */
static const char *const builtin_names[] = {
#define BUILTIN_NAME(name, fn) name,
    BUILTIN_MODULE_DEF(BUILTIN_NAME)
#undef BUILTIN_NAME
};

static bool str_is(Value s, const char *c) {
    size_t n = strlen(c);
    return (size_t)str_nbytes(s) == n && memcmp(str_data(s), c, n) == 0;
}

static bool str_same(Value a, Value b) {
    return str_nbytes(a) == str_nbytes(b) && memcmp(str_data(a), str_data(b), (size_t)str_nbytes(a)) == 0;
}

/* "Extension modules: a, b (total: 2)": the C modules in sys.modules that
 * sys.stdlib_module_names (when it is a frozenset) does not name, as
 * CPython's _Py_DumpExtensionModules; sys.modules is walked in place. */
static void dump_extension_modules(int fd) {
    Value modules = tstate.sys_modules;
    if (!modules || !v_is_ptr(modules) || !type_has_flag(V_OBJ(modules)->type, TF_DICT_SUBCLASS)) return;
    Value stdlib = VNULL, k, v;
    int64_t pos = 0;
    if (sys_module)
        while (dict_next(module_dict(sys_module), &pos, &k, &v))
            if (is_str(k) && str_is(k, "stdlib_module_names")) {
                stdlib = v;
                break;
            }
    if (stdlib && !(v_is_ptr(stdlib) && V_OBJ(stdlib)->type == &frozenset_type)) stdlib = VNULL;
    int64_t count = 0;
    pos = 0;
    while (dict_next(modules, &pos, &k, &v)) {
        if (!is_str(k) || !v || !v_is_ptr(v) || V_OBJ(v)->type != &module_type) continue;
        bool builtin = false;
        for (size_t i = 0; i < sizeof builtin_names / sizeof *builtin_names && !builtin; i++)
            builtin = str_is(k, builtin_names[i]);
        if (!builtin) continue;
        if (stdlib) {
            bool listed = false;
            int64_t spos = 0;
            Value item;
            while (!listed && set_next(stdlib, &spos, &item)) listed = is_str(item) && str_same(item, k);
            if (listed) continue;
        }
        put(fd, count ? ", " : "\nExtension modules: ");
        put_str(fd, k);
        count++;
    }
    if (count) {
        put(fd, " (total: ");
        put_dec(fd, (uint64_t)count);
        put(fd, ")\n");
    }
}

/* ---- the file argument ----------------------------------------------------------------------- */

/* file (VNULL or None: sys.stderr) as a descriptor, as CPython's
 * faulthandler_get_fileno: an int is the descriptor; an object gives its
 * fileno() and is flushed (a failing flush is ignored). *keep: the object
 * to keep alive while the descriptor is in use (VNULL for an int). */
static int file_fd(Value file, Value *keep) {
    *keep = VNULL;
    if (!file || file == V_NONE) {
        file = dict_get_cstr(module_dict(sys_module), "stderr");
        if (!file) {
            err_set(&exc_RuntimeError, "unable to get sys.stderr");
            return -1;
        }
        if (file == V_NONE) {
            err_set(&exc_RuntimeError, "sys.stderr is None");
            return -1;
        }
    } else if (int_check(file)) {
        int64_t fd = int_as_i64(file);
        if (fd == -1 && err_occurred()) return -1;
        if (fd < INT32_MIN || fd > INT32_MAX) {
            err_set(&exc_OverflowError, "Python int too large to convert to C int");
            return -1;
        }
        if (fd < 0) {
            /* sic: CPython 3.11's spelling */
            err_set(&exc_ValueError, "file is not a valid file descripter");
            return -1;
        }
        return (int)fd;
    }
    Value r = obj_call_method(file, "fileno", NULL, 0);
    if (!r) return -1;
    int64_t fd = -1;
    if (int_check(r)) {
        fd = int_as_i64(r);
        if (fd == -1 && err_occurred()) return -1;
    }
    if (fd < 0 || fd > INT32_MAX) {
        err_set(&exc_RuntimeError, "file.fileno() is not a valid file descriptor");
        return -1;
    }
    if (!obj_call_method(file, "flush", NULL, 0)) err_clear();
    *keep = file;
    return (int)fd;
}

/* A "p" argument (any object's truth); absent: dflt */
static int flag_arg(Value v, bool dflt, bool *out) {
    if (!v) {
        *out = dflt;
        return 0;
    }
    int t = obj_truth(v);
    if (t < 0) return -1;
    *out = t;
    return 0;
}

/* An "i" argument (__index__, a C int) */
static int int_arg(Value v, int *out) {
    int64_t n = obj_index_i64(v);
    if (n == -1 && err_occurred()) return -1;
    if (n < INT32_MIN || n > INT32_MAX) {
        err_set(&exc_OverflowError, n < 0 ? "signed integer is less than minimum"
                                          : "signed integer is greater than maximum");
        return -1;
    }
    *out = (int)n;
    return 0;
}

/* ---- fatal signals ---------------------------------------------------------------------------- */

typedef struct FatalSignal {
    int signum;
    const char *name;
    bool enabled;
    struct sigaction previous;
} FatalSignal;

static FatalSignal fatal_signals[] = {
    {SIGBUS, "Bus error", false},
    {SIGILL, "Illegal instruction", false},
    {SIGFPE, "Floating point exception", false},
    {SIGABRT, "Aborted", false},
    {SIGSEGV, "Segmentation fault", false},
};
#define NFATAL (sizeof fatal_signals / sizeof *fatal_signals)

/* What enable() chose; fatal_file keeps the file object alive (a static:
   a root of the collector). */
static struct {
    volatile sig_atomic_t enabled;
    int fd;
    bool all_threads;
} fatal;
static Value fatal_file;

static void fatal_restore(FatalSignal *h) {
    if (!h->enabled) return;
    h->enabled = false;
    sigaction(h->signum, &h->previous, NULL);
}

static void fatal_handler(int signum) {
    int saved_errno = errno;
    if (!fatal.enabled) return;
    FatalSignal *h = NULL;
    for (size_t i = 0; i < NFATAL; i++)
        if (fatal_signals[i].signum == signum) h = &fatal_signals[i];
    if (!h) return;
    /* the previous disposition back first: a fault while dumping, or the
       signal raised below, is the process's end */
    fatal_restore(h);
    int fd = fatal.fd;
    put(fd, "Fatal Python error: ");
    put(fd, h->name);
    put(fd, "\n\n");
    dump_traceback(fd, fatal.all_threads, true);
    dump_extension_modules(fd);
    errno = saved_errno;
    /* SA_NODEFER: delivered now, to the previous handler or the default
       action; a fault that returns here re-executes its instruction */
    raise(signum);
}

/* An alternate stack for the fatal handlers, so that a stack overflow is
 * reported (malloc'd: never collected, never moved). */
static void *alt_stack;

static int alt_stack_install(void) {
    if (alt_stack) return 0;
    size_t size = SIGSTKSZ * 2;
    if (size < 65536) size = 65536;
    alt_stack = malloc(size);
    if (!alt_stack) {
        err_no_memory();
        return -1;
    }
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = alt_stack;
    ss.ss_size = size;
    if (sigaltstack(&ss, NULL) != 0) {
        int e = errno;
        free(alt_stack);
        alt_stack = NULL;
        err_set_errno(&exc_OSError, e, VNULL);
        return -1;
    }
    return 0;
}

static int fatal_enable(void) {
    if (alt_stack_install() < 0) return -1;
    for (size_t i = 0; i < NFATAL; i++) {
        FatalSignal *h = &fatal_signals[i];
        if (h->enabled) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = fatal_handler;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_NODEFER | SA_ONSTACK;
        if (sigaction(h->signum, &sa, &h->previous) != 0) {
            err_set_errno(&exc_RuntimeError, errno, VNULL);
            return -1;
        }
        h->enabled = true;
    }
    fatal.enabled = 1;
    return 0;
}

static void fatal_disable(void) {
    if (!fatal.enabled) return;
    fatal.enabled = 0;
    for (size_t i = 0; i < NFATAL; i++) fatal_restore(&fatal_signals[i]);
}

static Value fh_enable(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"enable", 0, 0, 0, {"file", "all_threads", NULL}};
    Value a[2];
    bool all;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || flag_arg(a[1], true, &all) < 0) return VNULL;
    Value keep;
    int fd = file_fd(a[0], &keep);
    if (fd < 0) return VNULL;
    fatal_file = keep;
    fatal.fd = fd;
    fatal.all_threads = all;
    if (fatal_enable() < 0) return VNULL;
    return V_NONE;
}

static Value fh_disable(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("disable", kwnames) < 0 || arg_count("disable", nargs, 0, 0) < 0) return VNULL;
    if (!fatal.enabled) return V_FALSE;
    fatal_disable();
    fatal_file = VNULL;
    return V_TRUE;
}

static Value fh_is_enabled(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("is_enabled", kwnames) < 0 || arg_count("is_enabled", nargs, 0, 0) < 0) return VNULL;
    return v_bool(fatal.enabled);
}

static Value fh_dump_traceback(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"dump_traceback", 0, 0, 0, {"file", "all_threads", NULL}};
    Value a[2], keep;
    bool all;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || flag_arg(a[1], true, &all) < 0) return VNULL;
    int fd = file_fd(a[0], &keep);
    if (fd < 0) return VNULL;
    dump_traceback(fd, all, true);
    if (pending() && pending_run() < 0) return VNULL;
    return V_NONE;
}

/* ---- dump_traceback_later: the watchdog thread ------------------------------------------------ */

/* One thread, started by the first dump_traceback_later() and then kept:
 * it waits for an armed deadline and dumps every thread when it passes.
 * `generation` changes at every arming and cancelling, so a wait that
 * wakes up can tell that what it waited for was cancelled. The dump runs
 * under `wd_mu`, so cancel_dump_traceback_later() returns only once a
 * dump under way is written (as CPython's, which joins the thread). */
static pthread_mutex_t wd_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_cv;
static bool wd_started, wd_armed, wd_repeat, wd_exit;
static uint64_t wd_generation;
static int wd_fd;
static int64_t wd_timeout_us;
static struct timespec wd_deadline;   /* CLOCK_MONOTONIC */
static char wd_header[80];            /* "Timeout (0:00:01.500000)!\n" */
static Value wd_file;                 /* keeps the file object alive */

static void timespec_add_us(struct timespec *t, int64_t us) {
    t->tv_sec += (time_t)(us / 1000000);
    t->tv_nsec += (long)(us % 1000000) * 1000;
    if (t->tv_nsec >= 1000000000L) {
        t->tv_sec++;
        t->tv_nsec -= 1000000000L;
    }
}

static void *watchdog_main(void *arg) {
    (void)arg;
    /* signals are the main thread's business */
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    pthread_mutex_lock(&wd_mu);
    for (;;) {
        while (!wd_armed) pthread_cond_wait(&wd_cv, &wd_mu);
        uint64_t gen = wd_generation;
        int r = 0;
        while (wd_armed && wd_generation == gen && r != ETIMEDOUT)
            r = pthread_cond_timedwait(&wd_cv, &wd_mu, &wd_deadline);
        if (!wd_armed || wd_generation != gen) continue;
        put(wd_fd, wd_header);
        dump_traceback(wd_fd, true, false);
        if (wd_exit) _exit(1);
        if (wd_repeat) timespec_add_us(&wd_deadline, wd_timeout_us);
        else wd_armed = false;
    }
    return NULL;
}

/* In a child of fork() the watchdog thread is gone: start afresh. */
static void watchdog_after_fork_child(void) {
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    wd_mu = m;
    wd_started = wd_armed = false;
}

static int watchdog_start(void) {
    if (wd_started) return 0;
    static bool once;
    if (!once) {
        once = true;
        pthread_condattr_t ca;
        pthread_condattr_init(&ca);
        pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
        pthread_cond_init(&wd_cv, &ca);
        pthread_condattr_destroy(&ca);
        pthread_atfork(NULL, NULL, watchdog_after_fork_child);
    }
    pthread_t t;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    /* the dump needs little stack; it never touches the collector's heap
       but to read, so the collector need not know the thread */
    pthread_attr_setstacksize(&attr, 256 * 1024);
    int e = pthread_create(&t, &attr, watchdog_main, NULL);
    pthread_attr_destroy(&attr);
    if (e) {
        err_set(&exc_RuntimeError, "unable to start watchdog thread");
        return -1;
    }
    wd_started = true;
    return 0;
}

static void watchdog_cancel(void) {
    pthread_mutex_lock(&wd_mu);
    wd_armed = false;
    wd_generation++;
    pthread_cond_signal(&wd_cv);
    pthread_mutex_unlock(&wd_mu);
}

/* timeout in seconds as microseconds, rounded up, with CPython's errors
   (_PyTime_FromSecondsObject then _PyTime_AsMicroseconds) */
static int timeout_us_arg(Value v, int64_t *out) {
    double secs;
    if (float_check(v)) {
        secs = obj_as_double(v);
        if (isnan(secs)) {
            err_set(&exc_ValueError, "Invalid value NaN (not a number)");
            return -1;
        }
    } else {
        int64_t n = obj_index_i64(v);
        if (n == -1 && err_occurred()) {
            if (err_matches(&exc_OverflowError)) {
                err_clear();
                err_set(&exc_OverflowError, "timestamp too large to convert to C _PyTime_t");
            }
            return -1;
        }
        secs = (double)n;
    }
    if (!(fabs(secs) * 1e9 < 9.2e18)) {
        err_set(&exc_OverflowError, "timestamp too large to convert to C _PyTime_t");
        return -1;
    }
    double us = ceil(secs * 1e6);
    if (us <= 0) {
        err_set(&exc_ValueError, "timeout must be greater than 0");
        return -1;
    }
    if (us > 9223372036854775.0) {   /* PY_TIMEOUT_MAX */
        err_set(&exc_OverflowError, "timeout value is too large");
        return -1;
    }
    *out = (int64_t)us;
    return 0;
}

static Value fh_dump_traceback_later(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"dump_traceback_later", 0, 1, 0, {"timeout", "repeat", "file", "exit", NULL}};
    Value a[4], keep;
    bool repeat, exit_;
    int64_t us;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || timeout_us_arg(a[0], &us) < 0 ||
        flag_arg(a[1], false, &repeat) < 0 || flag_arg(a[3], false, &exit_) < 0)
        return VNULL;
    int fd = file_fd(a[2], &keep);
    if (fd < 0) return VNULL;
    /* the header is made here: the watchdog allocates nothing */
    uint64_t sec = (uint64_t)(us / 1000000), frac = (uint64_t)(us % 1000000);
    uint64_t min = sec / 60, hour = min / 60;
    sec %= 60;
    min %= 60;
    char header[sizeof wd_header];
    if (frac)
        snprintf(header, sizeof header, "Timeout (%llu:%02llu:%02llu.%06llu)!\n", (unsigned long long)hour,
                 (unsigned long long)min, (unsigned long long)sec, (unsigned long long)frac);
    else
        snprintf(header, sizeof header, "Timeout (%llu:%02llu:%02llu)!\n", (unsigned long long)hour,
                 (unsigned long long)min, (unsigned long long)sec);
    watchdog_cancel();
    if (watchdog_start() < 0) return VNULL;
    pthread_mutex_lock(&wd_mu);
    memcpy(wd_header, header, sizeof header);
    wd_fd = fd;
    wd_file = keep;
    wd_timeout_us = us;
    wd_repeat = repeat;
    wd_exit = exit_;
    clock_gettime(CLOCK_MONOTONIC, &wd_deadline);
    timespec_add_us(&wd_deadline, us);
    wd_armed = true;
    wd_generation++;
    pthread_cond_signal(&wd_cv);
    pthread_mutex_unlock(&wd_mu);
    return V_NONE;
}

static Value fh_cancel_dump_traceback_later(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("cancel_dump_traceback_later", kwnames) < 0 ||
        arg_count("cancel_dump_traceback_later", nargs, 0, 0) < 0)
        return VNULL;
    if (wd_started) watchdog_cancel();
    wd_file = VNULL;
    return V_NONE;
}

/* ---- register: user signals ------------------------------------------------------------------- */

typedef struct UserSignal {
    bool enabled, all_threads, chain;
    int fd;
    struct sigaction previous;
} UserSignal;

static UserSignal user_signals[NSIG];
static Value user_files[NSIG];   /* keep the file objects alive (a root) */

static int user_install(int signum, bool chain, struct sigaction *previous);

static void user_handler(int signum) {
    int saved_errno = errno;
    UserSignal *u = &user_signals[signum];
    if (!u->enabled) return;
    dump_traceback(u->fd, u->all_threads, true);
    if (u->chain) {
        /* the previous handler runs now (SA_NODEFER), then ours is back */
        sigaction(signum, &u->previous, NULL);
        errno = saved_errno;
        raise(signum);
        saved_errno = errno;
        user_install(signum, true, NULL);
    }
    errno = saved_errno;
}

static int user_install(int signum, bool chain, struct sigaction *previous) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = user_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = (chain ? SA_NODEFER : 0) | SA_ONSTACK;
    return sigaction(signum, &sa, previous);
}

static int check_signum(int signum) {
    for (size_t i = 0; i < NFATAL; i++)
        if (fatal_signals[i].signum == signum) {
            err_format(&exc_RuntimeError, "signal %d cannot be registered, use enable() instead", signum);
            return -1;
        }
    if (signum < 1 || signum >= NSIG) {
        err_set(&exc_ValueError, "signal number out of range");
        return -1;
    }
    return 0;
}

static Value fh_register(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"register", 0, 1, 0, {"signum", "file", "all_threads", "chain", NULL}};
    Value a[4], keep;
    int signum;
    bool all, chain;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || int_arg(a[0], &signum) < 0 ||
        flag_arg(a[2], true, &all) < 0 || flag_arg(a[3], false, &chain) < 0 || check_signum(signum) < 0)
        return VNULL;
    int fd = file_fd(a[1], &keep);
    if (fd < 0) return VNULL;
    UserSignal *u = &user_signals[signum];
    if (!u->enabled) {
        struct sigaction prev;
        if (user_install(signum, chain, &prev) != 0) return err_set_errno(&exc_OSError, errno, VNULL);
        u->previous = prev;
    }
    user_files[signum] = keep;
    u->fd = fd;
    u->all_threads = all;
    u->chain = chain;
    u->enabled = true;
    return V_NONE;
}

static Value fh_unregister(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"unregister", 1, 1, 0, {"signum", NULL}};
    Value a[1];
    int signum;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0 || int_arg(a[0], &signum) < 0 || check_signum(signum) < 0)
        return VNULL;
    UserSignal *u = &user_signals[signum];
    if (!u->enabled) return V_FALSE;
    u->enabled = false;
    sigaction(signum, &u->previous, NULL);
    user_files[signum] = VNULL;
    return V_TRUE;
}

/* ---- crashes on purpose (test_faulthandler's) --------------------------------------------------- */

/* A crash asked for is no bug to report: no core file (as CPython's
   faulthandler_suppress_crash_report) */
static void suppress_crash_report(void) {
    struct rlimit rl;
    if (getrlimit(RLIMIT_CORE, &rl) == 0) {
        rl.rlim_cur = 0;
        setrlimit(RLIMIT_CORE, &rl);
    }
}

/* the read must reach the processor: not caught by UBSan's null check in
   the sanitizer build */
__attribute__((no_sanitize("null"))) static Value fh_read_null(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_read_null", kwnames) < 0 || arg_count("_read_null", nargs, 0, 0) < 0) return VNULL;
    suppress_crash_report();
    volatile int *volatile p = NULL;
    return v_int(*p);
}

static Value fh_sigsegv(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("_sigsegv", kwnames) < 0 || arg_count("_sigsegv", nargs, 0, 1) < 0) return VNULL;
    int release = 0;
    if (nargs && int_arg(args[0], &release) < 0) return VNULL;
    suppress_crash_report();
    bool released = release ? gil_blocking_begin() : false;
    raise(SIGSEGV);
    gil_blocking_end(released);
    return V_NONE;
}

static Value fh_sigabrt(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_sigabrt", kwnames) < 0 || arg_count("_sigabrt", nargs, 0, 0) < 0) return VNULL;
    suppress_crash_report();
    abort();
}

static Value fh_sigfpe(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_sigfpe", kwnames) < 0 || arg_count("_sigfpe", nargs, 0, 0) < 0) return VNULL;
    suppress_crash_report();
    raise(SIGFPE);
    return V_NONE;
}

/* Py_FatalError as CPython writes it from a thread that runs no Python
 * code: the message, every thread's traceback, then abort() with the
 * fatal handlers off (the traceback is written once). */
static void *fatal_error_thread(void *arg) {
    (void)arg;
    put(2, "Fatal Python error: faulthandler_fatal_error_thread: in new thread\n"
           "Python runtime state: initialized\n\n");
    dump_traceback(2, true, true);
    dump_extension_modules(2);
    fatal_disable();
    abort();
}

static Value fh_fatal_error_c_thread(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_fatal_error_c_thread", kwnames) < 0 || arg_count("_fatal_error_c_thread", nargs, 0, 0) < 0)
        return VNULL;
    suppress_crash_report();
    pthread_t t;
    if (pthread_create(&t, NULL, fatal_error_thread, NULL) != 0)
        return err_set(&exc_RuntimeError, "unable to start the thread");
    bool released = gil_blocking_begin();
    pthread_join(t, NULL);
    gil_blocking_end(released);
    return V_NONE;
}

/* Recurse until the stack has grown by 100 MB, which no default stack
   limit allows: the fault comes first */
#define STACK_OVERFLOW_MAX (100 * 1024 * 1024)

static uintptr_t __attribute__((noinline)) stack_overflow(uintptr_t min_sp, uintptr_t max_sp, size_t *depth) {
    volatile unsigned char buffer[4096];
    uintptr_t sp = (uintptr_t)&buffer;
    *depth += 1;
    if (sp < min_sp || max_sp < sp) return sp;
    buffer[0] = 1;
    buffer[4095] = 0;
    return stack_overflow(min_sp, max_sp, depth) + buffer[0];
}

static Value fh_stack_overflow(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("_stack_overflow", kwnames) < 0 || arg_count("_stack_overflow", nargs, 0, 0) < 0) return VNULL;
    size_t depth = 0;
    uintptr_t sp = (uintptr_t)&depth;
    suppress_crash_report();
    uintptr_t stop = stack_overflow(sp > STACK_OVERFLOW_MAX ? sp - STACK_OVERFLOW_MAX : 0, sp + STACK_OVERFLOW_MAX,
                                    &depth);
    size_t used = sp > stop ? sp - stop : stop - sp;
    return err_format(&exc_RuntimeError,
                      "unable to raise a stack overflow (allocated %zu bytes on the stack, %zu recursive calls)",
                      used, depth);
}

/* ---- start-up ------------------------------------------------------------------------------- */

/* -X faulthandler, PYTHONFAULTHANDLER, -X dev: faulthandler.enable() at
 * start-up, as CPython's, once sys.stderr exists. An error is reported and
 * start-up goes on. */
void faulthandler_enable_at_start(void) {
    Value m = import_name(str_intern_cstr("faulthandler"), VNULL, v_int(0), VNULL);
    Value r = m ? obj_call_method(m, "enable", NULL, 0) : VNULL;
    if (!r) {
        err_print_exception(err_fetch());
        err_clear();
    }
}

static const MethodDef faulthandler_functions[] = {
    {"enable", fh_enable, MF_KEYWORDS, NULL},
    {"disable", fh_disable, 0, NULL},
    {"is_enabled", fh_is_enabled, 0, NULL},
    {"dump_traceback", fh_dump_traceback, MF_KEYWORDS | MF_FRAME, NULL},
    {"dump_traceback_later", fh_dump_traceback_later, MF_KEYWORDS, NULL},
    {"cancel_dump_traceback_later", fh_cancel_dump_traceback_later, 0, NULL},
    {"register", fh_register, MF_KEYWORDS, NULL},
    {"unregister", fh_unregister, MF_KEYWORDS, NULL},
    {"_read_null", fh_read_null, MF_FRAME, NULL},
    {"_sigsegv", fh_sigsegv, MF_FRAME, NULL},
    {"_sigabrt", fh_sigabrt, MF_FRAME, NULL},
    {"_sigfpe", fh_sigfpe, MF_FRAME, NULL},
    {"_fatal_error_c_thread", fh_fatal_error_c_thread, MF_FRAME, NULL},
    {"_stack_overflow", fh_stack_overflow, MF_FRAME, NULL},
    {NULL, NULL, 0, NULL},
};

Value faulthandler_module_create(void) {
    Value m = module_new_cstr("faulthandler");
    module_add(m, "__doc__", str_from_cstr("faulthandler module."));
    module_add_functions(m, faulthandler_functions);
    return m;
}
