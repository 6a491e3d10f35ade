/* time.c: the time module: clocks, sleep, and calendar time (struct_time,
 * gmtime, localtime, mktime, strftime, strptime through _strptime.py). */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../obj/structseq.h"
#include "../runtime.h"
#include "../vm/gil.h"
#include "../vm/pending.h"
#include "modules.h"

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

/* ---- calendar time: struct_time, gmtime, localtime, mktime, strftime -------------------- */

static Type *struct_time_type;

/* secs (a number or None: now) as time_t, with CPython's errors */
static int parse_secs(Value v, time_t *out) {
    if (!v || v == V_NONE) {
        *out = time(NULL);
        return 0;
    }
    if (v_is_int(v)) {
        *out = (time_t)v_intval(v);
        return 0;
    }
    double d = obj_as_double(v);
    if (d == -1.0 && err_occurred()) return -1;
    if (isnan(d)) {
        err_set(&exc_ValueError, "Invalid value NaN (not a number)");
        return -1;
    }
    d = trunc(d);
    if (!(d >= -9.2e18 && d <= 9.2e18)) {
        err_set(&exc_OverflowError, "timestamp out of range for platform time_t");
        return -1;
    }
    *out = (time_t)d;
    return 0;
}

static Value tm_to_struct(const struct tm *tm) {
    Value v[11] = {v_int(tm->tm_year + 1900), v_int(tm->tm_mon + 1), v_int(tm->tm_mday), v_int(tm->tm_hour),
                   v_int(tm->tm_min), v_int(tm->tm_sec), v_int((tm->tm_wday + 6) % 7), v_int(tm->tm_yday + 1),
                   v_int(tm->tm_isdst), tm->tm_zone ? str_from_cstr(tm->tm_zone) : V_NONE, int_from_i64(tm->tm_gmtoff)};
    return structseq_new(struct_time_type, v);
}

static Value t_gmtime(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("gmtime", kwnames) < 0 || arg_count("gmtime", nargs, 0, 1) < 0) return VNULL;
    time_t t;
    if (parse_secs(nargs ? args[0] : VNULL, &t) < 0) return VNULL;
    struct tm tm;
    if (!gmtime_r(&t, &tm)) return err_set_errno(&exc_OSError, errno ? errno : EOVERFLOW, VNULL);
    return tm_to_struct(&tm);
}

static Value t_localtime(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("localtime", kwnames) < 0 || arg_count("localtime", nargs, 0, 1) < 0) return VNULL;
    time_t t;
    if (parse_secs(nargs ? args[0] : VNULL, &t) < 0) return VNULL;
    struct tm tm;
    if (!localtime_r(&t, &tm)) return err_set_errno(&exc_OSError, errno ? errno : EOVERFLOW, VNULL);
    return tm_to_struct(&tm);
}

/* A 9-tuple or struct_time as struct tm (CPython's gettmarg) */
static int tm_from_tuple(Value v, struct tm *tm, const char *fname) {
    if (!tuple_check(v)) {
        err_set(&exc_TypeError, "Tuple or struct_time argument required");
        return -1;
    }
    if (tuple_size(v) != 9) {
        err_format(&exc_TypeError, "%s(): illegal time tuple argument", fname);
        return -1;
    }
    int64_t x[9];
    for (int i = 0; i < 9; i++) {
        Value it = tuple_get(v, i);
        if (!int_check(it)) {
            err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", it);
            return -1;
        }
        x[i] = int_as_i64(it);
        if (x[i] == -1 && err_occurred()) return -1;
        if (x[i] < INT32_MIN || x[i] > INT32_MAX) {
            err_set(&exc_OverflowError, x[i] < 0 ? "signed integer is less than minimum"
                                                 : "signed integer is greater than maximum");
            return -1;
        }
    }
    /* tm_year counts from 1900 in a C int */
    if (x[0] < (int64_t)INT32_MIN + 1900) {
        err_set(&exc_OverflowError, "year out of range");
        return -1;
    }
    memset(tm, 0, sizeof *tm);
    tm->tm_year = (int)(x[0] - 1900);
    tm->tm_mon = (int)x[1] - 1;
    tm->tm_mday = (int)x[2];
    tm->tm_hour = (int)x[3];
    tm->tm_min = (int)x[4];
    tm->tm_sec = (int)x[5];
    /* C's remainder: -1 becomes Sunday, below that negative (checked by
       check_tm) */
    tm->tm_wday = (int)((x[6] + 1) % 7);
    tm->tm_yday = (int)x[7] - 1;
    tm->tm_isdst = (int)x[8];
    if (V_OBJ(v)->type == struct_time_type) {
        Value zone = structseq_get(v, 9), off = structseq_get(v, 10);
        if (zone && str_check(zone)) tm->tm_zone = str_data(zone);
        if (off && v_is_int(off)) tm->tm_gmtoff = (long)v_intval(off);
    }
    return 0;
}

/* the range checks strftime and asctime make (CPython's checktm); a zero
   month, day of month or day of year stands for the first */
static int check_tm(struct tm *tm) {
    if (tm->tm_mon == -1) tm->tm_mon = 0;
    else if (tm->tm_mon < 0 || tm->tm_mon > 11) return err_set(&exc_ValueError, "month out of range"), -1;
    if (tm->tm_mday == 0) tm->tm_mday = 1;
    else if (tm->tm_mday < 0 || tm->tm_mday > 31) return err_set(&exc_ValueError, "day of month out of range"), -1;
    if (tm->tm_hour < 0 || tm->tm_hour > 23) return err_set(&exc_ValueError, "hour out of range"), -1;
    if (tm->tm_min < 0 || tm->tm_min > 59) return err_set(&exc_ValueError, "minute out of range"), -1;
    if (tm->tm_sec < 0 || tm->tm_sec > 61) return err_set(&exc_ValueError, "seconds out of range"), -1;
    if (tm->tm_wday < 0) return err_set(&exc_ValueError, "day of week out of range"), -1;
    if (tm->tm_yday == -1) tm->tm_yday = 0;
    else if (tm->tm_yday < 0 || tm->tm_yday > 365) return err_set(&exc_ValueError, "day of year out of range"), -1;
    return 0;
}

static Value t_mktime(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("mktime", kwnames) < 0 || arg_count("mktime", nargs, 1, 1) < 0) return VNULL;
    struct tm tm;
    if (tm_from_tuple(args[0], &tm, "mktime") < 0) return VNULL;
    tm.tm_wday = -1;   /* mktime sets it: -1 after means an error */
    time_t t = mktime(&tm);
    if (t == (time_t)-1 && tm.tm_wday == -1) return err_set(&exc_OverflowError, "mktime argument out of range");
    return float_from_double((double)t);
}

static Value asctime_of(const struct tm *tm) {
    static const char wd[][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char mo[][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    char buf[64];
    snprintf(buf, sizeof buf, "%s %s%3d %.2d:%.2d:%.2d %d", wd[tm->tm_wday], mo[tm->tm_mon], tm->tm_mday, tm->tm_hour,
             tm->tm_min, tm->tm_sec, 1900 + tm->tm_year);
    return str_from_cstr(buf);
}

static Value t_asctime(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("asctime", kwnames) < 0 || arg_count("asctime", nargs, 0, 1) < 0) return VNULL;
    struct tm tm;
    if (nargs) {
        if (tm_from_tuple(args[0], &tm, "asctime") < 0 || check_tm(&tm) < 0) return VNULL;
    } else {
        time_t t = time(NULL);
        localtime_r(&t, &tm);
    }
    return asctime_of(&tm);
}

static Value t_ctime(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("ctime", kwnames) < 0 || arg_count("ctime", nargs, 0, 1) < 0) return VNULL;
    time_t t;
    if (parse_secs(nargs ? args[0] : VNULL, &t) < 0) return VNULL;
    struct tm tm;
    if (!localtime_r(&t, &tm)) return err_set_errno(&exc_OSError, errno ? errno : EOVERFLOW, VNULL);
    return asctime_of(&tm);
}

static Value t_strftime(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("strftime", kwnames) < 0 || arg_count("strftime", nargs, 1, 2) < 0) return VNULL;
    if (!str_check(args[0])) return err_format(&exc_TypeError, "strftime() argument 1 must be str, not %T", args[0]);
    struct tm tm;
    if (nargs > 1) {
        if (tm_from_tuple(args[1], &tm, "strftime") < 0 || check_tm(&tm) < 0) return VNULL;
        if (tm.tm_isdst < -1) tm.tm_isdst = -1;
        else if (tm.tm_isdst > 1) tm.tm_isdst = 1;
    } else {
        time_t t = time(NULL);
        localtime_r(&t, &tm);
    }
    const char *fmt = str_data(args[0]);
    size_t flen = (size_t)str_nbytes(args[0]);
    if (strlen(fmt) != flen) return err_set(&exc_ValueError, "embedded null character");
    if (flen == 0) return str_empty;
    /* grow the buffer until the result fits (an empty result for a
       non-empty format may be a format that expands to nothing) */
    for (size_t size = 1024; size <= 256 * flen + 4096; size *= 2) {
        char *buf = gc_alloc_atomic(size);
        size_t n = strftime(buf, size, fmt, &tm);
        if (n > 0 || size >= 256 * flen) return str_new(buf, n);
    }
    return str_empty;
}

static Value t_strptime(Value *args, size_t nargs, Value kwnames) {
    Value m = import_name(str_intern_cstr("_strptime"), VNULL, v_int(0), VNULL);
    if (!m) return VNULL;
    Value f = obj_getattr_cstr(m, "_strptime_time");
    return f ? obj_call(f, args, nargs, kwnames) : VNULL;
}

/* timezone, altzone, daylight, tzname: from this year's January and July
   (CPython's init_timezone) */
static void set_timezone_attrs(Value m) {
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    int year = tm.tm_year;
    struct tm jan = {.tm_year = year, .tm_mon = 0, .tm_mday = 1, .tm_isdst = -1};
    struct tm jul = {.tm_year = year, .tm_mon = 6, .tm_mday = 1, .tm_isdst = -1};
    time_t tj = mktime(&jan), tl = mktime(&jul);
    localtime_r(&tj, &jan);
    localtime_r(&tl, &jul);
    long janoff = -jan.tm_gmtoff, juloff = -jul.tm_gmtoff;
    const char *janname = jan.tm_zone ? jan.tm_zone : "", *julname = jul.tm_zone ? jul.tm_zone : "";
    Value tzname;
    if (janoff < juloff) {   /* southern hemisphere: DST in January */
        module_add(m, "timezone", int_from_i64(juloff));
        module_add(m, "altzone", int_from_i64(janoff));
        module_add(m, "daylight", v_int(janoff != juloff));
        tzname = tuple_pack(2, str_from_cstr(julname), str_from_cstr(janname));
    } else {
        module_add(m, "timezone", int_from_i64(janoff));
        module_add(m, "altzone", int_from_i64(juloff));
        module_add(m, "daylight", v_int(janoff != juloff));
        tzname = tuple_pack(2, str_from_cstr(janname), str_from_cstr(julname));
    }
    module_add(m, "tzname", tzname);
}

static Value time_module;

static Value t_tzset(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("tzset", nargs, 0, 0) < 0) return VNULL;
    tzset();
    if (time_module) set_timezone_attrs(time_module);
    return V_NONE;
}

/* ---- clocks by id ---------------------------------------------------------------------------- */

static int clock_id_arg(Value v, clockid_t *out) {
    int64_t id = int_as_i64(v);
    if (id == -1 && err_occurred()) return -1;
    *out = (clockid_t)id;
    return 0;
}

static Value t_clock_gettime(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("clock_gettime", nargs, 1, 1) < 0) return VNULL;
    clockid_t id;
    if (clock_id_arg(args[0], &id) < 0) return VNULL;
    struct timespec ts;
    if (clock_gettime(id, &ts) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return float_from_double((double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
}

static Value t_clock_gettime_ns(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("clock_gettime_ns", nargs, 1, 1) < 0) return VNULL;
    clockid_t id;
    if (clock_id_arg(args[0], &id) < 0) return VNULL;
    struct timespec ts;
    if (clock_gettime(id, &ts) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return int_from_i64((int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec);
}

static Value t_clock_getres(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("clock_getres", nargs, 1, 1) < 0) return VNULL;
    clockid_t id;
    if (clock_id_arg(args[0], &id) < 0) return VNULL;
    struct timespec ts;
    if (clock_getres(id, &ts) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return float_from_double((double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
}

/* clock_settime(clk_id, time, /): seconds as a float, floored to
   nanoseconds as CPython's _PyTime_ROUND_FLOOR */
static Value t_clock_settime(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"clock_settime", 2, 2, 0, {"clk_id", "time", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    clockid_t id;
    if (clock_id_arg(a[0], &id) < 0) return VNULL;
    double secs = obj_as_double(a[1]);
    if (secs == -1.0 && err_occurred()) return VNULL;
    if (isnan(secs)) return err_set(&exc_ValueError, "Invalid value NaN (not a number)");
    double whole = floor(secs);
    if (!(whole >= -9.2e18 && whole <= 9.2e18))
        return err_set(&exc_OverflowError, "timestamp too large to convert to C _PyTime_t");
    struct timespec ts = {(time_t)whole, (long)floor((secs - whole) * 1e9)};
    if (ts.tv_nsec >= 1000000000) ts.tv_sec++, ts.tv_nsec -= 1000000000;
    if (clock_settime(id, &ts) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return V_NONE;
}

/* clock_settime_ns(clk_id, time, /): an int of nanoseconds */
static Value t_clock_settime_ns(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"clock_settime_ns", 2, 2, 0, {"clk_id", "time", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    clockid_t id;
    if (clock_id_arg(a[0], &id) < 0) return VNULL;
    if (!int_check(a[1])) return err_format(&exc_TypeError, "expect int, got %T", a[1]);
    int64_t ns = int_as_i64(a[1]);
    if (ns == -1 && err_occurred()) return VNULL;
    /* floor division: a negative time keeps a non-negative tv_nsec */
    int64_t sec = ns / 1000000000, rem = ns % 1000000000;
    if (rem < 0) sec--, rem += 1000000000;
    struct timespec ts = {(time_t)sec, (long)rem};
    if (clock_settime(id, &ts) < 0) return err_set_errno(&exc_OSError, errno, VNULL);
    return V_NONE;
}

/* pthread_getcpuclockid(thread_id, /): the CPU-time clock of a thread given
   by threading.get_ident() (its pthread_t) */
static Value t_pthread_getcpuclockid(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"pthread_getcpuclockid", 1, 1, 0, {"thread_id", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!int_check(a[0])) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", a[0]);
    if (int_sign(a[0]) < 0) return err_set(&exc_OverflowError, "can't convert negative value to unsigned int");
    int64_t tid = int_as_i64(a[0]);
    if (tid == -1 && err_occurred()) return VNULL;
    clockid_t id;
    int e = pthread_getcpuclockid((pthread_t)tid, &id);
    if (e) return err_set_errno(&exc_OSError, e, VNULL);
    return v_int(id);
}

static Value t_thread_time(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("thread_time", nargs, 0, 0) < 0) return VNULL;
    return float_from_double(clock_secs(CLOCK_THREAD_CPUTIME_ID));
}
static Value t_thread_time_ns(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("thread_time_ns", nargs, 0, 0) < 0) return VNULL;
    return clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

/* get_clock_info(name): which clock answers each function, as CPython on Linux */
static Value t_get_clock_info(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("get_clock_info", nargs, 1, 1) < 0) return VNULL;
    if (!str_check(args[0])) return err_format(&exc_TypeError, "get_clock_info() argument 1 must be str, not %T", args[0]);
    static const struct {
        const char *name, *impl;
        clockid_t id;
        bool monotonic, adjustable;
    } clocks[] = {
        {"time", "clock_gettime(CLOCK_REALTIME)", CLOCK_REALTIME, false, true},
        {"monotonic", "clock_gettime(CLOCK_MONOTONIC)", CLOCK_MONOTONIC, true, false},
        {"perf_counter", "clock_gettime(CLOCK_MONOTONIC)", CLOCK_MONOTONIC, true, false},
        {"process_time", "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)", CLOCK_PROCESS_CPUTIME_ID, true, false},
        {"thread_time", "clock_gettime(CLOCK_THREAD_CPUTIME_ID)", CLOCK_THREAD_CPUTIME_ID, true, false},
    };
    for (size_t i = 0; i < sizeof clocks / sizeof *clocks; i++) {
        if (!str_eq_cstr(args[0], clocks[i].name)) continue;
        struct timespec res;
        clock_getres(clocks[i].id, &res);
        Value d = dict_new();
        dict_set_cstr(d, "implementation", str_from_cstr(clocks[i].impl));
        dict_set_cstr(d, "monotonic", v_bool(clocks[i].monotonic));
        dict_set_cstr(d, "adjustable", v_bool(clocks[i].adjustable));
        dict_set_cstr(d, "resolution", float_from_double((double)res.tv_sec + (double)res.tv_nsec * 1e-9));
        return namespace_new(d);
    }
    return err_set(&exc_ValueError, "unknown clock");
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
    {"strptime", t_strptime, MF_KEYWORDS, NULL},
    {"gmtime", t_gmtime, 0, NULL},
    {"localtime", t_localtime, 0, NULL},
    {"mktime", t_mktime, 0, NULL},
    {"asctime", t_asctime, 0, NULL},
    {"tzset", t_tzset, 0, NULL},
    {"clock_gettime", t_clock_gettime, 0, NULL},
    {"clock_gettime_ns", t_clock_gettime_ns, 0, NULL},
    {"clock_getres", t_clock_getres, 0, NULL},
    {"clock_settime", t_clock_settime, 0, NULL},
    {"clock_settime_ns", t_clock_settime_ns, 0, NULL},
    {"pthread_getcpuclockid", t_pthread_getcpuclockid, 0, NULL},
    {"thread_time", t_thread_time, 0, NULL},
    {"thread_time_ns", t_thread_time_ns, 0, NULL},
    {"get_clock_info", t_get_clock_info, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value time_module_create(void) {
    if (!struct_time_type) {
        static const char *const fields[] = {"tm_year", "tm_mon",  "tm_mday", "tm_hour",  "tm_min",  "tm_sec",
                                             "tm_wday", "tm_yday", "tm_isdst", "tm_zone", "tm_gmtoff"};
        struct_time_type = structseq_new_type("time", "struct_time", fields, 9, 11);
    }
    Value m = time_module = module_new_cstr("time");
    module_add_functions(m, time_functions);
    module_add(m, "struct_time", V_FROM_PTR(struct_time_type));
    module_add(m, "_STRUCT_TM_ITEMS", v_int(11));
    tzset();
    set_timezone_attrs(m);
    static const struct {
        const char *name;
        clockid_t id;
    } ids[] = {{"CLOCK_REALTIME", CLOCK_REALTIME},   {"CLOCK_MONOTONIC", CLOCK_MONOTONIC},
               {"CLOCK_MONOTONIC_RAW", CLOCK_MONOTONIC_RAW}, {"CLOCK_PROCESS_CPUTIME_ID", CLOCK_PROCESS_CPUTIME_ID},
               {"CLOCK_THREAD_CPUTIME_ID", CLOCK_THREAD_CPUTIME_ID}, {"CLOCK_BOOTTIME", CLOCK_BOOTTIME},
               {"CLOCK_TAI", CLOCK_TAI}};
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) module_add(m, ids[i].name, v_int(ids[i].id));
    return m;
}
