/* time.c: the time module (clocks, sleep, a few conversions). */
#include <errno.h>
#include <math.h>
#include <time.h>

#include "../runtime.h"
#include "../vm/gil.h"
#include "../vm/pending.h"

static double clock_secs(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static Value clock_ns(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return int_from_i64((int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec);
}

#define NOARGS(name)                                                        \
    do {                                                                    \
        (void)args;                                                         \
        if (arg_nokw(name, kwnames) < 0 || arg_count(name, nargs, 0, 0) < 0) \
            return VNULL;                                                   \
    } while (0)

static Value t_time(Value *args, size_t nargs, Value kwnames) {
    NOARGS("time");
    return float_from_double(clock_secs(CLOCK_REALTIME));
}
static Value t_time_ns(Value *args, size_t nargs, Value kwnames) {
    NOARGS("time_ns");
    return clock_ns(CLOCK_REALTIME);
}
static Value t_perf_counter(Value *args, size_t nargs, Value kwnames) {
    NOARGS("perf_counter");
    return float_from_double(clock_secs(CLOCK_MONOTONIC));
}
static Value t_perf_counter_ns(Value *args, size_t nargs, Value kwnames) {
    NOARGS("perf_counter_ns");
    return clock_ns(CLOCK_MONOTONIC);
}
static Value t_process_time(Value *args, size_t nargs, Value kwnames) {
    NOARGS("process_time");
    return float_from_double(clock_secs(CLOCK_PROCESS_CPUTIME_ID));
}
static Value t_process_time_ns(Value *args, size_t nargs, Value kwnames) {
    NOARGS("process_time_ns");
    return clock_ns(CLOCK_PROCESS_CPUTIME_ID);
}

static Value t_sleep(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("sleep", kwnames) < 0 || arg_count("sleep", nargs, 1, 1) < 0) return VNULL;
    double s = obj_as_double(args[0]);
    if (s == -1.0 && err_occurred()) return VNULL;
    if (s < 0) return err_set(&exc_ValueError, "sleep length must be non-negative");
    if (isnan(s)) return err_set(&exc_ValueError, "Invalid value NaN (not a number)");
    if (s > 9.2e18) return err_set(&exc_OverflowError, "timestamp out of range for platform time_t");
    /* to a deadline on the monotonic clock, so that a sleep interrupted by a
       signal runs the handlers (which may raise) and sleeps only what is
       left (PEP 475) */
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    double whole = floor(s);
    deadline.tv_sec += (time_t)whole;
    deadline.tv_nsec += (long)((s - whole) * 1e9);
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    int e;
    for (;;) {
        bool released = gil_blocking_begin();
        e = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL);
        gil_blocking_end(released);
        if (e == 0) break;
        if (e != EINTR) return err_set_errno(&exc_OSError, e, VNULL);
        if (pending_check() < 0) return VNULL;
    }
    return V_NONE;
}

static Value t_ctime(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("ctime", kwnames) < 0 || arg_count("ctime", nargs, 0, 1) < 0) return VNULL;
    time_t t = nargs && args[0] != V_NONE ? (time_t)obj_as_double(args[0]) : time(NULL);
    char buf[64];
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y", &tm);
    return str_from_cstr(buf);
}

static Value t_strftime(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("strftime", kwnames) < 0 || arg_count("strftime", nargs, 1, 2) < 0) return VNULL;
    if (!str_check(args[0])) return err_format(&exc_TypeError, "strftime() argument 1 must be str, not %T", args[0]);
    if (nargs > 1) return err_set(&exc_NotImplementedError, "time.strftime with a time tuple is not supported by tpy");
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    char buf[512];
    size_t n = strftime(buf, sizeof buf, str_data(args[0]), &tm);
    return str_new(buf, n);
}

static const MethodDef time_functions[] = {
    {"time", t_time, 0, NULL},
    {"time_ns", t_time_ns, 0, NULL},
    {"perf_counter", t_perf_counter, 0, NULL},
    {"perf_counter_ns", t_perf_counter_ns, 0, NULL},
    {"monotonic", t_perf_counter, 0, NULL},
    {"monotonic_ns", t_perf_counter_ns, 0, NULL},
    {"process_time", t_process_time, 0, NULL},
    {"process_time_ns", t_process_time_ns, 0, NULL},
    {"sleep", t_sleep, 0, NULL},
    {"ctime", t_ctime, 0, NULL},
    {"strftime", t_strftime, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value time_module_create(void) {
    Value m = module_new_cstr("time");
    module_add_functions(m, time_functions);
    return m;
}
