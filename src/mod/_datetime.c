/* _datetime.c: the C half of the standard library's datetime (CPython's
 * _datetime): timedelta, date, time, datetime, tzinfo, timezone.
 *
 * Values are kept as small C integers, as CPython's: a timedelta is
 * normalised to (days, seconds, microseconds) with 0 <= seconds < 86400 and
 * 0 <= microseconds < 10**6; dates are proleptic Gregorian (year 1..9999).
 * Arithmetic on a timedelta's total microseconds is done in __int128 (the
 * largest timedelta is about 8.64e19 us, beyond int64) and, where a Python
 * int or float of any size enters, with Python ints so that results are
 * exact and round half to even as CPython's. Pickles use CPython's byte
 * string states, so they load on either implementation. strftime rewrites
 * %z, %Z and %f and hands the rest to time.strftime; strptime calls
 * _strptime; local time comes from the C library (localtime_r/mktime-free
 * probing as CPython's local_to_seconds). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../obj/structseq.h"
#include "../runtime.h"
#include "modules.h"

typedef __int128 i128;

#define MINYEAR 1
#define MAXYEAR 9999
#define MAX_DELTA_DAYS 999999999
#define MAX_ORDINAL 3652059   /* date(9999, 12, 31).toordinal() */
#define US_PER_SECOND 1000000LL
#define US_PER_DAY 86400000000LL
#define SECS_PER_DAY 86400

typedef struct DeltaObject {
    Object hdr;
    int32_t days, seconds, us;
} DeltaObject;

/* datetime extends date: a DateTimeObject starts with a DateObject so that
 * date's methods read its date part. */
typedef struct DateObject {
    Object hdr;
    int32_t year;
    uint8_t month, day;
} DateObject;

typedef struct TimeObject {
    Object hdr;
    uint8_t hour, minute, second, fold;
    int32_t us;
    Value tzinfo;   /* None or a tzinfo */
} TimeObject;

typedef struct DateTimeObject {
    DateObject d;
    uint8_t hour, minute, second, fold;
    int32_t us;
    Value tzinfo;
} DateTimeObject;

typedef struct TimezoneObject {
    Object hdr;
    Value offset;   /* a timedelta strictly within a day */
    Value name;     /* str, or VNULL: no name given */
} TimezoneObject;

static Type delta_type, date_type, time_type, datetime_type, tzinfo_type, timezone_type;
static Type *isocal_type;
static Value utc_tz;            /* timezone.utc */
static Value epoch_utc;         /* datetime(1970, 1, 1, tzinfo=timezone.utc) */

#define DELTA(v) V_AS(DeltaObject, v)
#define DATE(v) V_AS(DateObject, v)
#define TIME(v) V_AS(TimeObject, v)
#define DT(v) V_AS(DateTimeObject, v)
#define TZ(v) V_AS(TimezoneObject, v)

static inline bool is_ptr_of(Value v, Type *t) { return v_is_ptr(v) && obj_isinstance_type(v, t); }
static inline bool delta_check(Value v) { return is_ptr_of(v, &delta_type); }
static inline bool date_check(Value v) { return is_ptr_of(v, &date_type); }
static inline bool time_check(Value v) { return is_ptr_of(v, &time_type); }
static inline bool datetime_check(Value v) { return is_ptr_of(v, &datetime_type); }
static inline bool tzinfo_check(Value v) { return is_ptr_of(v, &tzinfo_type); }
static inline bool timezone_check(Value v) { return v_is_ptr(v) && type_of(v) == &timezone_type; }

static Object *new_instance(Type *t) {
    Object *o = obj_alloc(t, t->basicsize);
    if (t->attrs_offset) instance_attrs(V_FROM_PTR(o), t)->map = t->root_map;
    return o;
}

/* ---- the proleptic Gregorian calendar -------------------------------------------- */

static const int days_in_month_tbl[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
static const int days_before_month_tbl[13] = {0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};

static bool is_leap(int y) { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }
static int days_in_month(int y, int m) { return m == 2 && is_leap(y) ? 29 : days_in_month_tbl[m]; }
static int days_before_month(int y, int m) { return days_before_month_tbl[m] + (m > 2 && is_leap(y)); }
static int64_t days_before_year(int64_t y) {
    int64_t n = y - 1;
    return n * 365 + n / 4 - n / 100 + n / 400;
}
/* ordinal of (y, m, d): 0001-01-01 is day 1 */
static int64_t ymd_to_ord(int y, int m, int d) { return days_before_year(y) + days_before_month(y, m) + d; }

#define DI400Y 146097
#define DI100Y 36524
#define DI4Y 1461

static void ord_to_ymd(int64_t n, int *y, int *m, int *d) {
    n -= 1;
    int64_t n400 = n / DI400Y;
    n %= DI400Y;
    int64_t year = n400 * 400 + 1;
    int64_t n100 = n / DI100Y;
    n %= DI100Y;
    int64_t n4 = n / DI4Y;
    n %= DI4Y;
    int64_t n1 = n / 365;
    n %= 365;
    year += n100 * 100 + n4 * 4 + n1;
    if (n1 == 4 || n100 == 4) {
        *y = (int)year - 1;
        *m = 12;
        *d = 31;
        return;
    }
    *y = (int)year;
    bool leap = n1 == 3 && (n4 != 24 || n100 == 3);
    int month = (int)((n + 50) >> 5);
    int preceding = days_before_month_tbl[month] + (month > 2 && leap);
    if (preceding > n) {
        month--;
        preceding -= days_in_month_tbl[month] + (month == 2 && leap);
    }
    *m = month;
    *d = (int)(n - preceding) + 1;
}

static int weekday_of(int y, int m, int d) { return (int)((ymd_to_ord(y, m, d) + 6) % 7); }

/* ordinal of the Monday starting ISO week 1 of year */
static int64_t iso_week1_monday(int year) {
    int64_t first = ymd_to_ord(year, 1, 1);
    int64_t wd = (first + 6) % 7;
    int64_t monday = first - wd;
    if (wd > 3) monday += 7;
    return monday;
}

static int check_date_args(int y, int m, int d) {
    if (y < MINYEAR || y > MAXYEAR) {
        err_format(&exc_ValueError, "year %d is out of range", y);
        return -1;
    }
    if (m < 1 || m > 12) {
        err_set(&exc_ValueError, "month must be in 1..12");
        return -1;
    }
    if (d < 1 || d > days_in_month(y, m)) {
        err_set(&exc_ValueError, "day is out of range for month");
        return -1;
    }
    return 0;
}

static int check_time_args(int h, int mi, int s, int us, int fold) {
    if (h < 0 || h > 23) {
        err_set(&exc_ValueError, "hour must be in 0..23");
        return -1;
    }
    if (mi < 0 || mi > 59) {
        err_set(&exc_ValueError, "minute must be in 0..59");
        return -1;
    }
    if (s < 0 || s > 59) {
        err_set(&exc_ValueError, "second must be in 0..59");
        return -1;
    }
    if (us < 0 || us > 999999) {
        err_set(&exc_ValueError, "microsecond must be in 0..999999");
        return -1;
    }
    if (fold != 0 && fold != 1) {
        err_set(&exc_ValueError, "fold must be either 0 or 1");
        return -1;
    }
    return 0;
}

static int check_tzinfo(Value tz) {
    if (tz == V_NONE || tzinfo_check(tz)) return 0;
    err_format(&exc_TypeError, "tzinfo argument must be None or of a tzinfo subclass, not type '%T'", tz);
    return -1;
}

/* An int argument as CPython's "i" converter takes it (no floats) */
static int int_arg(Value v, int *out) {
    if (v_is_int(v)) {
        int64_t x = v_intval(v);
        if (x > INT_MAX || x < INT_MIN) goto overflow;
        *out = (int)x;
        return 0;
    }
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    return index_as_c_int(v, out);
overflow:
    err_set(&exc_OverflowError, v_intval(v) > 0 ? "signed integer is greater than maximum"
                                                : "signed integer is less than minimum");
    return -1;
}

/* ---- Python int helpers ------------------------------------------------------------- */

static Value int_from_i128(i128 x) {
    if (x >= INT64_MIN && x <= INT64_MAX) return int_from_i64((int64_t)x);
    int64_t q = (int64_t)(x / US_PER_DAY), r = (int64_t)(x % US_PER_DAY);
    Value a = obj_binop(int_from_i64(q), int_from_i64(US_PER_DAY), BINOP_MUL);
    if (!a) return VNULL;
    return obj_binop(a, int_from_i64(r), BINOP_ADD);
}

static int pyint_is_odd(Value x) {
    if (v_is_int(x)) return (int)(v_intval(x) & 1);
    Value r = obj_binop(x, v_int(1), BINOP_AND);
    if (!r) return -1;
    return !int_is_zero(r);
}

/* round(a / b) half to even, a and b Python ints (b != 0) */
static Value divide_nearest(Value a, Value b) {
    Value q = obj_binop(a, b, BINOP_FLOORDIV);
    if (!q) return VNULL;
    Value r = obj_binop(a, b, BINOP_MOD);
    if (!r) return VNULL;
    Value r2 = obj_binop(r, v_int(2), BINOP_MUL);
    if (!r2) return VNULL;
    int bpos = int_sign(b) > 0;
    int cmp = int_compare(r2, b);
    int up = bpos ? cmp > 0 : cmp < 0;
    if (cmp == 0) {
        int odd = pyint_is_odd(q);
        if (odd < 0) return VNULL;
        up = odd;
    }
    if (up) q = obj_binop(q, v_int(1), BINOP_ADD);
    return q;
}

/* ---- timedelta ------------------------------------------------------------------------- */

static Value delta_new_raw(Type *t, int64_t days, int64_t secs, int64_t us) {
    DeltaObject *d = (DeltaObject *)new_instance(t);
    d->days = (int32_t)days;
    d->seconds = (int32_t)secs;
    d->us = (int32_t)us;
    return V_FROM_PTR(d);
}

static Value days_overflow(i128 days) {
    char buf[64];
    long long dd = days > INT64_MAX ? INT64_MAX : days < INT64_MIN ? INT64_MIN : (long long)days;
    if (dd > INT_MAX || dd < INT_MIN) return err_set(&exc_OverflowError, "Python int too large to convert to C int");
    snprintf(buf, sizeof buf, "days=%lld; must have magnitude <= %d", dd, MAX_DELTA_DAYS);
    return err_set(&exc_OverflowError, buf);
}

/* A timedelta of type t from a count of microseconds */
static Value delta_from_us128(Type *t, i128 us) {
    i128 days = us / US_PER_DAY, rem = us % US_PER_DAY;
    if (rem < 0) {
        rem += US_PER_DAY;
        days--;
    }
    if (days > MAX_DELTA_DAYS || days < -MAX_DELTA_DAYS) return days_overflow(days);
    int64_t r = (int64_t)rem;
    return delta_new_raw(t, (int64_t)days, r / US_PER_SECOND, r % US_PER_SECOND);
}

static i128 delta_to_us128(Value v) {
    DeltaObject *d = DELTA(v);
    return (i128)d->days * US_PER_DAY + (i128)d->seconds * US_PER_SECOND + d->us;
}

static Value delta_to_pyus(Value v) { return int_from_i128(delta_to_us128(v)); }

/* From a Python int count of microseconds, any size */
static Value delta_from_pyus(Type *t, Value us) {
    if (v_is_int(us)) return delta_from_us128(t, v_intval(us));
    if (!int_check(us)) {
        us = obj_index(us);
        if (!us) return VNULL;
    }
    Value q = obj_binop(us, int_from_i64(US_PER_SECOND), BINOP_FLOORDIV);
    if (!q) return VNULL;
    Value r = obj_binop(us, int_from_i64(US_PER_SECOND), BINOP_MOD);
    if (!r) return VNULL;
    int64_t secs = int_as_i64(q);
    if (secs == -1 && err_occurred()) {
        err_clear();
        return err_set(&exc_OverflowError, "Python int too large to convert to C int");
    }
    int64_t days = secs / SECS_PER_DAY, s = secs % SECS_PER_DAY;
    if (s < 0) {
        s += SECS_PER_DAY;
        days--;
    }
    if (days > MAX_DELTA_DAYS || days < -MAX_DELTA_DAYS) return days_overflow(days);
    return delta_new_raw(t, days, s, v_intval(r));
}

static Value new_delta(int64_t days, int64_t secs, int64_t us) {
    return delta_from_us128(&delta_type, (i128)days * US_PER_DAY + (i128)secs * US_PER_SECOND + us);
}

/* Adds num * factor (factor in microseconds) to the Python int sofar; a
 * float's fraction beyond whole microseconds goes to *leftover. */
static Value delta_accum(const char *tag, Value sofar, Value num, int64_t factor, double *leftover) {
    if (int_check(num)) {
        Value p = obj_binop(num, int_from_i64(factor), BINOP_MUL);
        if (!p) return VNULL;
        return obj_binop(sofar, p, BINOP_ADD);
    }
    if (float_check(num)) {
        double dnum = float_val(num), ip;
        double frac = modf(dnum, &ip);
        Value x = int_from_double(ip);
        if (!x) return VNULL;
        Value p = obj_binop(x, int_from_i64(factor), BINOP_MUL);
        if (!p) return VNULL;
        Value sum = obj_binop(sofar, p, BINOP_ADD);
        if (!sum || frac == 0.0) return sum;
        dnum = (double)factor * frac;
        frac = modf(dnum, &ip);
        x = int_from_double(ip);
        if (!x) return VNULL;
        *leftover += frac;
        return obj_binop(sum, x, BINOP_ADD);
    }
    return err_format(&exc_TypeError, "unsupported type for timedelta %s component: %T", tag, num);
}

static const ArgSpec delta_spec = {"timedelta", 0, 0, 0,
    {"days", "seconds", "microseconds", "milliseconds", "minutes", "hours", "weeks", NULL}};

static Value delta_tp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value a[7];
    if (arg_parse(&delta_spec, args, nargs, kwnames, a) < 0) return VNULL;
    /* the common case: small ints only, exact in __int128 */
    bool small = true;
    for (int i = 0; i < 7; i++)
        if (a[i] && !(v_is_int(a[i]) && v_intval(a[i]) < (1LL << 40) && v_intval(a[i]) > -(1LL << 40))) small = false;
    static const int order[7] = {2, 3, 1, 4, 5, 0, 6};   /* us, ms, s, min, h, d, weeks */
    static const int64_t factors[7] = {US_PER_DAY, US_PER_SECOND, 1, 1000, 60 * US_PER_SECOND,
                                       3600 * US_PER_SECOND, 7 * US_PER_DAY};
    static const char *const tags[7] = {"days", "seconds", "microseconds", "milliseconds", "minutes", "hours", "weeks"};
    if (small) {
        i128 us = 0;
        for (int i = 0; i < 7; i++)
            if (a[i]) us += (i128)v_intval(a[i]) * factors[i];
        return delta_from_us128(t, us);
    }
    Value x = v_int(0);
    double leftover = 0.0;
    for (int k = 0; k < 7; k++) {
        int i = order[k];
        if (!a[i]) continue;
        x = delta_accum(tags[i], x, a[i], factors[i], &leftover);
        if (!x) return VNULL;
    }
    if (leftover != 0.0) {
        double whole = round(leftover);
        if (fabs(whole - leftover) == 0.5) {
            int odd = pyint_is_odd(x);
            if (odd < 0) return VNULL;
            whole = 2.0 * round((leftover + odd) * 0.5) - odd;
        }
        Value w = int_from_double(whole);
        if (!w) return VNULL;
        x = obj_binop(x, w, BINOP_ADD);
        if (!x) return VNULL;
    }
    return delta_from_pyus(t, x);
}

static Value delta_repr(Value self) {
    DeltaObject *d = DELTA(self);
    Buf b;
    buf_init(&b, 64);
    Type *t = type_of(self);
    if (t == &delta_type) buf_puts(&b, "datetime.timedelta(");
    else {
        buf_puts(&b, str_data(t->name));
        buf_putc(&b, '(');
    }
    const char *sep = "";
    char tmp[64];
    if (d->days) {
        snprintf(tmp, sizeof tmp, "days=%d", d->days);
        buf_puts(&b, tmp);
        sep = ", ";
    }
    if (d->seconds) {
        snprintf(tmp, sizeof tmp, "%sseconds=%d", sep, d->seconds);
        buf_puts(&b, tmp);
        sep = ", ";
    }
    if (d->us) {
        snprintf(tmp, sizeof tmp, "%smicroseconds=%d", sep, d->us);
        buf_puts(&b, tmp);
        sep = ", ";
    }
    if (!*sep) buf_putc(&b, '0');
    buf_putc(&b, ')');
    return str_from_buf(&b);
}

static Value delta_str(Value self) {
    DeltaObject *d = DELTA(self);
    char tmp[96];
    int n = 0;
    if (d->days) n = snprintf(tmp, sizeof tmp, "%d day%s, ", d->days, (d->days == 1 || d->days == -1) ? "" : "s");
    n += snprintf(tmp + n, sizeof tmp - n, "%d:%02d:%02d", d->seconds / 3600, d->seconds / 60 % 60, d->seconds % 60);
    if (d->us) snprintf(tmp + n, sizeof tmp - n, ".%06d", d->us);
    return str_from_cstr(tmp);
}

static int64_t fix_hash(int64_t h) { return h == -1 ? -2 : h; }

static int64_t delta_hash(Value self) {
    DeltaObject *d = DELTA(self);
    Value t = tuple_pack(3, v_int(d->days), v_int(d->seconds), v_int(d->us));
    return tuple_hash(t);
}

static Value delta_richcompare(Value a, Value b, int op) {
    if (!delta_check(a) || !delta_check(b)) return V_NOTIMPL;
    i128 x = delta_to_us128(a), y = delta_to_us128(b);
    int c = x < y ? -1 : x > y;
    bool r;
    switch (op) {
    case CMP_LT: r = c < 0; break;
    case CMP_LE: r = c <= 0; break;
    case CMP_EQ: r = c == 0; break;
    case CMP_NE: r = c != 0; break;
    case CMP_GT: r = c > 0; break;
    default: r = c >= 0; break;
    }
    return v_bool(r);
}

static Value diff_to_bool(int c, int op) {
    bool r;
    switch (op) {
    case CMP_LT: r = c < 0; break;
    case CMP_LE: r = c <= 0; break;
    case CMP_EQ: r = c == 0; break;
    case CMP_NE: r = c != 0; break;
    case CMP_GT: r = c > 0; break;
    default: r = c >= 0; break;
    }
    return v_bool(r);
}

/* delta * float (or / float when divide): exact through the float's ratio */
static Value delta_mul_float(Value delta, Value f, bool divide) {
    Value ratio = obj_call_method(f, "as_integer_ratio", NULL, 0);
    if (!ratio) return VNULL;
    if (!tuple_check(ratio))
        return err_format(&exc_TypeError, "unexpected return type from as_integer_ratio(): expected tuple, got '%T'",
                          ratio);
    if (tuple_size(ratio) != 2) return err_set(&exc_ValueError, "as_integer_ratio() must return a 2-tuple");
    Value us = delta_to_pyus(delta);
    Value num = tuple_get(ratio, divide ? 1 : 0), den = tuple_get(ratio, divide ? 0 : 1);
    if (divide && int_is_zero(den)) return err_set(&exc_ZeroDivisionError, "integer division or modulo by zero");
    Value p = obj_binop(us, num, BINOP_MUL);
    if (!p) return VNULL;
    Value q = divide_nearest(p, den);
    if (!q) return VNULL;
    return delta_from_pyus(&delta_type, q);
}

static Value delta_binop(Value a, Value b, int op) {
    bool da = delta_check(a), db = delta_check(b);
    switch (BINOP_BASE(op)) {
    case BINOP_ADD:
        if (da && db) return delta_from_us128(&delta_type, delta_to_us128(a) + delta_to_us128(b));
        break;
    case BINOP_SUB:
        if (da && db) return delta_from_us128(&delta_type, delta_to_us128(a) - delta_to_us128(b));
        break;
    case BINOP_MUL: {
        Value d = da ? a : b, o = da ? b : a;
        if (!da && !db) break;
        if (int_check(o)) {
            if (v_is_int(o) && v_intval(o) < (1LL << 30) && v_intval(o) > -(1LL << 30))
                return delta_from_us128(&delta_type, delta_to_us128(d) * v_intval(o));
            Value p = obj_binop(delta_to_pyus(d), o, BINOP_MUL);
            if (!p) return VNULL;
            return delta_from_pyus(&delta_type, p);
        }
        if (float_check(o)) return delta_mul_float(d, o, false);
        break;
    }
    case BINOP_TRUEDIV:
        if (!da) break;
        if (db) {
            i128 y = delta_to_us128(b);
            if (y == 0) return err_set(&exc_ZeroDivisionError, "division by zero");
            return obj_binop(delta_to_pyus(a), delta_to_pyus(b), BINOP_TRUEDIV);
        }
        if (int_check(b)) {
            if (int_is_zero(b)) return err_set(&exc_ZeroDivisionError, "integer division or modulo by zero");
            Value q = divide_nearest(delta_to_pyus(a), b);
            if (!q) return VNULL;
            return delta_from_pyus(&delta_type, q);
        }
        if (float_check(b)) return delta_mul_float(a, b, true);
        break;
    case BINOP_FLOORDIV:
        if (!da) break;
        if (db) {
            if (delta_to_us128(b) == 0) return err_set(&exc_ZeroDivisionError, "integer division or modulo by zero");
            return obj_binop(delta_to_pyus(a), delta_to_pyus(b), BINOP_FLOORDIV);
        }
        if (int_check(b)) {
            if (int_is_zero(b)) return err_set(&exc_ZeroDivisionError, "integer division or modulo by zero");
            Value q = obj_binop(delta_to_pyus(a), b, BINOP_FLOORDIV);
            if (!q) return VNULL;
            return delta_from_pyus(&delta_type, q);
        }
        break;
    case BINOP_MOD:
        if (da && db) {
            i128 y = delta_to_us128(b);
            if (y == 0) return err_set(&exc_ZeroDivisionError, "integer modulo by zero");
            i128 x = delta_to_us128(a), r = x % y;
            if (r != 0 && ((r < 0) != (y < 0))) r += y;
            return delta_from_us128(&delta_type, r);
        }
        break;
    default:
        break;
    }
    return V_NOTIMPL;
}

static Value delta_divmod(Value *args, size_t nargs, Value kwnames) {
    if (nargs != 2) return err_format(&exc_TypeError, "expected 1 argument, got %zd", (ssize_t)nargs - 1);
    Value a = args[0], b = args[1];
    if (!delta_check(b)) return V_NOTIMPL;
    i128 y = delta_to_us128(b);
    if (y == 0) return err_set(&exc_ZeroDivisionError, "integer division or modulo by zero");
    i128 x = delta_to_us128(a), q = x / y, r = x % y;
    if (r != 0 && ((r < 0) != (y < 0))) {
        r += y;
        q--;
    }
    Value rd = delta_from_us128(&delta_type, r);
    if (!rd) return VNULL;
    return tuple_pack(2, int_from_i128(q), rd);
}

static Value delta_rdivmod(Value *args, size_t nargs, Value kwnames) {
    if (nargs != 2) return err_format(&exc_TypeError, "expected 1 argument, got %zd", (ssize_t)nargs - 1);
    if (!delta_check(args[1])) return V_NOTIMPL;
    Value a[2] = {args[1], args[0]};
    return delta_divmod(a, 2, VNULL);
}

static Value delta_unop(Value self, int op) {
    switch (op) {
    case UNOP_NEG: return delta_from_us128(&delta_type, -delta_to_us128(self));
    case UNOP_POS: return delta_new_raw(&delta_type, DELTA(self)->days, DELTA(self)->seconds, DELTA(self)->us);
    case UNOP_ABS:
        if (DELTA(self)->days < 0) return delta_from_us128(&delta_type, -delta_to_us128(self));
        return delta_new_raw(&delta_type, DELTA(self)->days, DELTA(self)->seconds, DELTA(self)->us);
    default: return V_NOTIMPL;
    }
}

static int delta_truth(Value self) {
    DeltaObject *d = DELTA(self);
    return d->days != 0 || d->seconds != 0 || d->us != 0;
}

static Value delta_total_seconds(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("timedelta.total_seconds", nargs - 1, 0, 0) < 0) return VNULL;
    return obj_binop(delta_to_pyus(args[0]), int_from_i64(US_PER_SECOND), BINOP_TRUEDIV);
}

static Value delta_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("timedelta.__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    DeltaObject *d = DELTA(args[0]);
    return tuple_pack(2, V_FROM_PTR(type_of(args[0])), tuple_pack(3, v_int(d->days), v_int(d->seconds), v_int(d->us)));
}

static Value delta_get_days(Value self) { return v_int(DELTA(self)->days); }
static Value delta_get_seconds(Value self) { return v_int(DELTA(self)->seconds); }
static Value delta_get_us(Value self) { return v_int(DELTA(self)->us); }

static const MethodDef delta_methods[] = {
    {"total_seconds", delta_total_seconds, 0, "Total seconds in the duration."},
    {"__reduce__", delta_reduce, 0, "__reduce__() -> (cls, state)"},
    {"__divmod__", delta_divmod, 0, NULL},
    {"__rdivmod__", delta_rdivmod, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef delta_members[] = {
    {"days", delta_get_days, NULL, "Number of days."},
    {"seconds", delta_get_seconds, NULL, "Number of seconds (>= 0 and less than 1 day)."},
    {"microseconds", delta_get_us, NULL, "Number of microseconds (>= 0 and less than 1 second)."},
    {NULL, NULL, NULL, NULL},
};

static Type delta_type = {
    .tname = "datetime.timedelta",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(DeltaObject),
    .new_ = delta_tp_new,
    .repr = delta_repr,
    .str = delta_str,
    .hash = delta_hash,
    .richcompare = delta_richcompare,
    .binop = delta_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_SUB) | (1u << BINOP_MUL) | (1u << BINOP_TRUEDIV) |
                  (1u << BINOP_FLOORDIV) | (1u << BINOP_MOD),
    .unop = delta_unop,
    .unop_mask = (1u << UNOP_NEG) | (1u << UNOP_POS) | (1u << UNOP_ABS),
    .truth = delta_truth,
};

/* ---- shared helpers: type names, the time module ----------------------------------------- */

/* The name repr shows: "datetime.date" for the builtin types, the bare
 * class name for subclasses (CPython's tp_name) */
static void put_type_name(Buf *b, Value self, Type *base, const char *builtin) {
    Type *t = type_of(self);
    if (t == base) buf_puts(b, builtin);
    else buf_puts(b, str_data(t->name));
}

static Value time_module_attr(const char *name) {
    Value m = import_name(str_intern_cstr("time"), VNULL, v_int(0), VNULL);
    if (!m) return VNULL;
    return obj_getattr_cstr(m, name);
}

/* time.struct_time((y, m, d, hh, mm, ss, wday, yday, dst)) */
static Value build_struct_time(int y, int m, int d, int hh, int mm, int ss, int dst) {
    Value st = time_module_attr("struct_time");
    if (!st) return VNULL;
    int yday = days_before_month(y, m) + d;
    Value t = tuple_new(9);
    Value *it = tuple_items(t);
    it[0] = v_int(y);
    it[1] = v_int(m);
    it[2] = v_int(d);
    it[3] = v_int(hh);
    it[4] = v_int(mm);
    it[5] = v_int(ss);
    it[6] = v_int(weekday_of(y, m, d));
    it[7] = v_int(yday);
    it[8] = v_int(dst);
    return obj_call1(st, t);
}

static Value call_tzinfo_method(Value tzinfo, const char *name, Value arg);
static Value call_utcoffset(Value tzinfo, Value arg);
static Value call_tzname(Value tzinfo, Value arg);
static Value new_datetime_ex(Type *t, int y, int m, int d, int hh, int mi, int ss, int us, Value tz, int fold);
static Value new_time_ex(Type *t, int hh, int mi, int ss, int us, Value tz, int fold);

/* Append utcoffset as [+-]HH<sep>MM[<sep>SS[.ffffff]] (nothing for None) */
static int format_utcoffset(Buf *b, const char *sep, Value tzinfo, Value tzarg) {
    if (tzinfo == V_NONE) return 0;
    Value off = call_utcoffset(tzinfo, tzarg);
    if (!off) return -1;
    if (off == V_NONE) return 0;
    i128 us = delta_to_us128(off);
    char sign = '+';
    if (us < 0) {
        sign = '-';
        us = -us;
    }
    int64_t u = (int64_t)us;
    int64_t secs = u / US_PER_SECOND, micro = u % US_PER_SECOND;
    int hh = (int)(secs / 3600), mm = (int)(secs / 60 % 60), ss = (int)(secs % 60);
    buf_printf(b, "%c%02d%s%02d", sign, hh, sep, mm);
    if (ss || micro) {
        buf_printf(b, "%s%02d", sep, ss);
        if (micro) buf_printf(b, ".%06d", (int)micro);
    }
    return 0;
}

/* a lone surrogate is kept as its 3-byte form ED A0..BF xx */
static bool has_surrogate(Value s) {
    const unsigned char *p = (const unsigned char *)str_data(s);
    for (int64_t i = 0, n = str_nbytes(s); i + 1 < n; i++)
        if (p[i] == 0xED && p[i + 1] >= 0xA0) return true;
    return false;
}

/* CPython's wrap_strftime: %z, %Z and %f are expanded here, the rest by
 * time.strftime(format, timetuple). tzinfo/tzarg give %z and %Z (None:
 * empty); us gives %f. */
static Value wrap_strftime(Value fmt, Value timetuple, Value tzinfo, Value tzarg, int us) {
    const char *s = str_data(fmt);
    int64_t n = str_nbytes(fmt);
    Buf b;
    buf_init(&b, (size_t)n + 16);
    for (int64_t i = 0; i < n; i++) {
        char c = s[i];
        if (c != '%' || i + 1 >= n) {
            buf_putc(&b, c);
            continue;
        }
        char f = s[++i];
        if (f == 'z') {
            if (format_utcoffset(&b, "", tzinfo, tzarg) < 0) return VNULL;
        } else if (f == 'Z') {
            if (tzinfo != V_NONE) {
                Value name = call_tzname(tzinfo, tzarg);
                if (!name) return VNULL;
                if (name != V_NONE && has_surrogate(name)) {
                    /* CPython encodes the name to UTF-8 here: a lone surrogate fails */
                    Value r = obj_call_method(name, "encode", NULL, 0);
                    if (!r) return VNULL;
                }
                if (name != V_NONE && !str_check_exact(name)) {
                    /* a str subclass is escaped through its own replace(), as CPython's */
                    Value a[2] = {str_from_cstr("%"), str_from_cstr("%%")};
                    name = obj_call_method(name, "replace", a, 2);
                    if (!name) return VNULL;
                    if (!str_check(name)) return err_set(&exc_TypeError, "tzname.replace() did not return a string");
                    buf_put(&b, str_data(name), (size_t)str_nbytes(name));
                } else if (name != V_NONE) {
                    const char *p = str_data(name);
                    for (int64_t k = 0; k < str_nbytes(name); k++) {
                        if (p[k] == '%') buf_putc(&b, '%');
                        buf_putc(&b, p[k]);
                    }
                }
            }
        } else if (f == 'f') {
            buf_printf(&b, "%06d", us);
        } else {
            buf_putc(&b, '%');
            buf_putc(&b, f);
        }
    }
    Value newfmt = str_from_buf(&b);
    if (!newfmt) return VNULL;
    Value strftime = time_module_attr("strftime");
    if (!strftime) return VNULL;
    return obj_call2(strftime, newfmt, timetuple);
}

static const ArgSpec strftime_spec = {"strftime", 0, 1, 0, {"format", NULL}};
static const ArgSpec format_spec = {"__format__", 1, 1, 0, {"format", NULL}};

static int get_strftime_format(Value *args, size_t nargs, Value kwnames, Value *fmt) {
    if (arg_parse(&strftime_spec, args + 1, nargs - 1, kwnames, fmt) < 0) return -1;
    if (!str_check(*fmt)) {
        err_format(&exc_TypeError, "strftime() argument 1 must be str, not %T", *fmt);
        return -1;
    }
    return 0;
}

/* __format__ of date, time and datetime: '' is str(self), else strftime */
static Value dt_format(Value *args, size_t nargs, Value kwnames) {
    Value fmt;
    if (arg_parse(&format_spec, args + 1, nargs - 1, kwnames, &fmt) < 0) return VNULL;
    if (!str_check(fmt)) return err_format(&exc_TypeError, "__format__() argument 1 must be str, not %T", fmt);
    if (str_len(fmt) == 0) return obj_str(args[0]);
    return obj_call_method(args[0], "strftime", &fmt, 1);
}

/* ---- date ---------------------------------------------------------------------------------- */

static Value new_date_ex(Type *t, int y, int m, int d) {
    if (check_date_args(y, m, d) < 0) return VNULL;
    DateObject *o = (DateObject *)new_instance(t);
    o->year = y;
    o->month = (uint8_t)m;
    o->day = (uint8_t)d;
    return V_FROM_PTR(o);
}

/* A date (or datetime's date part) of class cls: exact types directly, a
 * subclass through cls(y, m, d) so that its __new__/__init__ run */
static Value date_of_class(Value cls, int y, int m, int d) {
    if (cls == V_FROM_PTR(&date_type)) return new_date_ex(&date_type, y, m, d);
    if (cls == V_FROM_PTR(&datetime_type)) return new_datetime_ex(&datetime_type, y, m, d, 0, 0, 0, 0, V_NONE, 0);
    return obj_call(cls, (Value[]){v_int(y), v_int(m), v_int(d)}, 3, VNULL);
}

static Value date_from_ordinal(Value cls, int64_t ord) {
    if (ord < 1 || ord > MAX_ORDINAL) return err_set(&exc_OverflowError, "date value out of range");
    int y, m, d;
    ord_to_ymd(ord, &y, &m, &d);
    return date_of_class(cls, y, m, d);
}

/* A pickle state: bytes, or a str of code points < 256 (a Python 2 pickle
 * loaded with encoding='latin1'), of len bytes whose byte at check_at
 * (masked) lies in lo..hi; copied to out. 1: a state, 0: not one, -1: a
 * str state that is not latin-1 (ValueError, as CPython's) */
static int read_state(Value v, int len, int check_at, int mask, int lo, int hi, const char *what, unsigned char *out) {
    if (bytes_check(v)) {
        if (bytes_size(v) != len) return 0;
        memcpy(out, bytes_data(v), (size_t)len);
        int c = out[check_at] & mask;
        return c >= lo && c <= hi;
    }
    if (!str_check(v) || str_len(v) != len) return 0;
    int c = (int)(str_char_at(v, check_at) & (uint32_t)mask);
    if (c < lo || c > hi) return 0;
    for (int i = 0; i < len; i++) {
        uint32_t ch = str_char_at(v, i);
        if (ch > 255) {
            err_format(&exc_ValueError,
                       "Failed to encode latin1 string when unpickling a %s object. "
                       "pickle.load(data, encoding='latin1') is assumed.", what);
            return -1;
        }
        out[i] = (unsigned char)ch;
    }
    return 1;
}

/* CPython's argument parser converts the positional arguments it is given,
 * in order, before it finds one missing: so do the int ones here */
static int precheck_ints(Value *args, size_t nargs, int nints) {
    int dummy;
    for (size_t i = 0; i < nargs && i < (size_t)nints; i++)
        if (int_arg(args[i], &dummy) < 0) return -1;
    return 0;
}

static const ArgSpec date_spec = {"date", 0, 3, 0, {"year", "month", "day", NULL}};

static Value date_tp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    unsigned char p[10];
    if (nargs == 1 && !kwnames) {
        int st = read_state(args[0], 4, 2, 0xFF, 1, 12, "date", p);
        if (st < 0) return VNULL;
        if (st) {
            DateObject *o = (DateObject *)new_instance(t);
            o->year = p[0] * 256 + p[1];
            o->month = p[2];
            o->day = p[3];
            return V_FROM_PTR(o);
        }
    }
    Value a[3];
    if (precheck_ints(args, nargs, 3) < 0 || arg_parse(&date_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int y, m, d;
    if (int_arg(a[0], &y) < 0 || int_arg(a[1], &m) < 0 || int_arg(a[2], &d) < 0) return VNULL;
    return new_date_ex(t, y, m, d);
}

static Value date_get_year(Value self) { return v_int(DATE(self)->year); }
static Value date_get_month(Value self) { return v_int(DATE(self)->month); }
static Value date_get_day(Value self) { return v_int(DATE(self)->day); }

static int64_t date_ord(Value self) { return ymd_to_ord(DATE(self)->year, DATE(self)->month, DATE(self)->day); }

static Value date_repr(Value self) {
    Buf b;
    buf_init(&b, 48);
    put_type_name(&b, self, &date_type, "datetime.date");
    buf_printf(&b, "(%d, %d, %d)", DATE(self)->year, DATE(self)->month, DATE(self)->day);
    return str_from_buf(&b);
}

static Value date_isoformat(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("date.isoformat", nargs - 1, 0, 0) < 0) return VNULL;
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%04d-%02d-%02d", DATE(args[0])->year, DATE(args[0])->month, DATE(args[0])->day);
    return str_from_cstr(tmp);
}

static Value date_str(Value self) { return obj_call_method(self, "isoformat", NULL, 0); }

static const char *const day_names[7] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
static const char *const month_names[13] = {"", "Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

static Value format_ctime(int y, int m, int d, int hh, int mi, int ss) {
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%s %s %2d %02d:%02d:%02d %04d", day_names[weekday_of(y, m, d)], month_names[m], d, hh,
             mi, ss, y);
    return str_from_cstr(tmp);
}

static Value date_ctime(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("date.ctime", nargs - 1, 0, 0) < 0) return VNULL;
    DateObject *o = DATE(args[0]);
    return format_ctime(o->year, o->month, o->day, 0, 0, 0);
}

static Value date_strftime(Value *args, size_t nargs, Value kwnames) {
    Value fmt;
    if (get_strftime_format(args, nargs, kwnames, &fmt) < 0) return VNULL;
    Value tt = obj_call_method(args[0], "timetuple", NULL, 0);
    if (!tt) return VNULL;
    return wrap_strftime(fmt, tt, V_NONE, V_NONE, 0);
}

static Value date_timetuple(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("date.timetuple", nargs - 1, 0, 0) < 0) return VNULL;
    DateObject *o = DATE(args[0]);
    return build_struct_time(o->year, o->month, o->day, 0, 0, 0, -1);
}

static Value date_toordinal(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("date.toordinal", nargs - 1, 0, 0) < 0) return VNULL;
    return int_from_i64(date_ord(args[0]));
}
static Value date_weekday(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("date.weekday", nargs - 1, 0, 0) < 0) return VNULL;
    return v_int((date_ord(args[0]) + 6) % 7);
}
static Value date_isoweekday(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("date.isoweekday", nargs - 1, 0, 0) < 0) return VNULL;
    return v_int((date_ord(args[0]) + 6) % 7 + 1);
}

static Value date_isocalendar(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("date.isocalendar", nargs - 1, 0, 0) < 0) return VNULL;
    DateObject *o = DATE(args[0]);
    int year = o->year;
    int64_t ord = date_ord(args[0]);
    int64_t week1 = iso_week1_monday(year);
    int64_t diff = ord - week1;
    int64_t week = diff >= 0 ? diff / 7 : -((-diff + 6) / 7);
    int64_t day = diff - week * 7;
    if (week < 0) {
        year--;
        week1 = iso_week1_monday(year);
        diff = ord - week1;
        week = diff / 7;
        day = diff % 7;
    } else if (week >= 52 && year < MAXYEAR + 1 && ord >= iso_week1_monday(year + 1)) {
        year++;
        week = 0;
    }
    Value v[3] = {v_int(year), v_int(week + 1), v_int(day + 1)};
    return structseq_new(isocal_type, v);
}

static Value isocal_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("IsoCalendarDate.__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    Value t = tuple_new(3);
    for (int i = 0; i < 3; i++) tuple_items(t)[i] = structseq_get(args[0], i);
    return tuple_pack(2, V_FROM_PTR(&tuple_type), tuple_pack(1, t));
}

static const ArgSpec date_replace_spec = {"replace", 0, 0, 0, {"year", "month", "day", NULL}};

static Value date_replace(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&date_replace_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    DateObject *o = DATE(args[0]);
    int y = o->year, m = o->month, d = o->day;
    if ((a[0] && int_arg(a[0], &y) < 0) || (a[1] && int_arg(a[1], &m) < 0) || (a[2] && int_arg(a[2], &d) < 0))
        return VNULL;
    return date_of_class(V_FROM_PTR(type_of(args[0])), y, m, d);
}

static Value date_state(Value self) {
    DateObject *o = DATE(self);
    char b[4] = {(char)(o->year >> 8), (char)(o->year & 0xFF), (char)o->month, (char)o->day};
    return bytes_new(b, 4);
}

static Value date_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("date.__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    return tuple_pack(2, V_FROM_PTR(type_of(args[0])), tuple_pack(1, date_state(args[0])));
}

/* naive values hash their state bytes, as CPython's: randomized by
 * PYTHONHASHSEED as bytes are */
static int64_t date_hash(Value self) { return obj_hash(date_state(self)); }

static Value date_richcompare(Value a, Value b, int op) {
    if (!date_check(a) || !date_check(b)) return V_NOTIMPL;
    /* datetime's own comparison refuses a date (and runs first, as the
       subclass); date.__eq__(a_datetime) called directly compares dates */
    int64_t x = date_ord(a), y = date_ord(b);
    return diff_to_bool(x < y ? -1 : x > y, op);
}

static Value date_binop(Value a, Value b, int op) {
    if (datetime_check(a) || datetime_check(b)) return V_NOTIMPL;
    switch (BINOP_BASE(op)) {
    case BINOP_ADD: {
        Value d = date_check(a) ? a : b, td = date_check(a) ? b : a;
        if (!date_check(d) || !delta_check(td)) break;
        return date_from_ordinal(V_FROM_PTR(type_of(d)), date_ord(d) + DELTA(td)->days);
    }
    case BINOP_SUB:
        if (!date_check(a)) break;
        if (date_check(b)) return new_delta(date_ord(a) - date_ord(b), 0, 0);
        if (delta_check(b)) return date_from_ordinal(V_FROM_PTR(type_of(a)), date_ord(a) - DELTA(b)->days);
        break;
    default:
        break;
    }
    return V_NOTIMPL;
}

static Value date_today(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("date.today", nargs - 1, 0, 0) < 0) return VNULL;
    Value tm = time_module_attr("time");
    if (!tm) return VNULL;
    Value now = obj_call0(tm);
    if (!now) return VNULL;
    return obj_call_method(args[0], "fromtimestamp", &now, 1);
}

/* seconds since the epoch (int or float) split into time_t and microseconds,
 * rounded half to even as CPython's _PyTime_ObjectToTimeval */
static int timestamp_split(Value v, time_t *secs, int *us) {
    if (!float_check(v)) {
        v = obj_index(v);
        if (!v) return -1;
        int64_t x = int_as_i64(v);
        if (x == -1 && err_occurred()) {
            err_clear();
            err_set(&exc_OverflowError, "timestamp out of range for platform time_t");
            return -1;
        }
        *secs = (time_t)x;
        *us = 0;
        return 0;
    }
    double d = obj_as_double(v);
    if (d == -1.0 && err_occurred()) return -1;
    if (isnan(d)) {
        err_set(&exc_ValueError, "Invalid value NaN (not a number)");
        return -1;
    }
    double ip, frac = modf(d, &ip);
    double f = frac * 1e6;
    double r = nearbyint(f);   /* default rounding mode: half to even */
    if (fabs(f - trunc(f)) == 0.5) r = 2.0 * nearbyint(f / 2.0);
    if (r >= 1e6) {
        r -= 1e6;
        ip += 1.0;
    } else if (r < 0) {
        r += 1e6;
        ip -= 1.0;
    }
    if (!(ip >= -9.2e18 && ip < 9.2e18)) {
        err_set(&exc_OverflowError, "timestamp out of range for platform time_t");
        return -1;
    }
    *secs = (time_t)ip;
    *us = (int)r;
    return 0;
}

static Value date_fromtimestamp(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("fromtimestamp", nargs - 1, 1, 1) < 0) return VNULL;
    time_t t;
    int us;
    Value ts = args[1];
    if (float_check(ts)) {
        /* a date's timestamp is floored (CPython's _PyTime_ROUND_FLOOR) */
        double d = float_val(ts);
        if (!isnan(d)) ts = float_from_double(floor(d));
    }
    if (timestamp_split(ts, &t, &us) < 0) return VNULL;
    struct tm tm;
    errno = 0;
    if (!localtime_r(&t, &tm)) {
        if (errno == 0 || errno == EOVERFLOW) return err_set(&exc_OverflowError, "timestamp out of range for platform time_t");
        return err_set_errno(&exc_OSError, errno, VNULL);
    }
    return date_of_class(args[0], tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

static Value date_fromordinal(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("fromordinal", nargs - 1, 1, 1) < 0) return VNULL;
    int o;
    if (int_arg(args[1], &o) < 0) return VNULL;
    if (o < 1) return err_set(&exc_ValueError, "ordinal must be >= 1");
    if (o > MAX_ORDINAL) return err_format(&exc_ValueError, "year %d is out of range", 10000);
    return date_from_ordinal(args[0], o);
}

/* ISO week date (year, week, day) to a Gregorian (y, m, d) */
static int isoweek_to_ymd(int year, int week, int day, int *y, int *m, int *d) {
    if (year < MINYEAR || year > MAXYEAR) {
        err_format(&exc_ValueError, "Year is out of range: %d", year);
        return -1;
    }
    if (week <= 0 || week >= 53) {
        bool bad = true;
        if (week == 53) {
            int64_t fw = ymd_to_ord(year, 1, 1) % 7;
            if (fw == 4 || (fw == 3 && is_leap(year))) bad = false;
        }
        if (bad) {
            err_format(&exc_ValueError, "Invalid week: %d", week);
            return -1;
        }
    }
    if (day <= 0 || day >= 8) {
        err_format(&exc_ValueError, "Invalid day: %d (range is [1, 7])", day);
        return -1;
    }
    int64_t ord = iso_week1_monday(year) + (week - 1) * 7 + (day - 1);
    ord_to_ymd(ord, y, m, d);
    return 0;
}

static const ArgSpec fromisocal_spec = {"fromisocalendar", 0, 3, 0, {"year", "week", "day", NULL}};

static Value date_fromisocalendar(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&fromisocal_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int year, week, day, y, m, d;
    if (int_arg(a[0], &year) < 0 || int_arg(a[1], &week) < 0 || int_arg(a[2], &day) < 0) {
        if (err_matches(&exc_OverflowError)) {
            err_clear();
            err_set(&exc_ValueError, "ISO calendar component out of range");
        }
        return VNULL;
    }
    if (isoweek_to_ymd(year, week, day, &y, &m, &d) < 0) return VNULL;
    return date_of_class(args[0], y, m, d);
}

static inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

static int parse_digits(const char *p, int n, int *out) {
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (!is_digit(p[i])) return -1;
        v = v * 10 + (p[i] - '0');
    }
    *out = v;
    return 0;
}

/* YYYY-MM-DD, YYYYMMDD, YYYY-Www[-D], YYYYWww[D]: 0, or -1 (no error set) */
static int parse_isoformat_date(const char *s, int64_t len, int *y, int *m, int *d) {
    if (len < 7) return -1;
    if (parse_digits(s, 4, y) < 0) return -1;
    bool sep = s[4] == '-';
    int64_t pos = 4 + sep;
    if (pos < len && s[pos] == 'W') {
        pos++;
        int week, day = 1;
        if (pos + 2 > len || parse_digits(s + pos, 2, &week) < 0) return -1;
        pos += 2;
        if (pos < len) {
            if ((s[pos] == '-') != sep) return -1;
            pos += sep;
            if (pos + 1 != len || parse_digits(s + pos, 1, &day) < 0) return -1;
            pos++;
        }
        if (pos != len) return -1;
        int yy = *y;
        if (isoweek_to_ymd(yy, week, day, y, m, d) < 0) {
            err_clear();
            return -1;
        }
        return 0;
    }
    if (pos + 2 > len || parse_digits(s + pos, 2, m) < 0) return -1;
    pos += 2;
    if (pos >= len || (s[pos] == '-') != sep) return -1;
    pos += sep;
    if (pos + 2 != len || parse_digits(s + pos, 2, d) < 0) return -1;
    return 0;
}

static Value invalid_isoformat(Value s) { return err_format(&exc_ValueError, "Invalid isoformat string: %R", s); }

static bool str_is_ascii_only(Value s) { return str_is_ascii(s); }

static Value date_fromisoformat(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("fromisoformat", nargs - 1, 1, 1) < 0) return VNULL;
    Value s = args[1];
    if (!str_check(s)) return err_set(&exc_TypeError, "fromisoformat: argument must be str");
    int64_t len = str_nbytes(s);
    int y, m, d;
    if (!str_is_ascii_only(s) || (len != 7 && len != 8 && len != 10) ||
        parse_isoformat_date(str_data(s), len, &y, &m, &d) < 0)
        return invalid_isoformat(s);
    /* a well-formed string out of range gets the constructor's error */
    return date_of_class(args[0], y, m, d);
}

static const MethodDef date_methods[] = {
    {"fromtimestamp", date_fromtimestamp, MF_CLASS, NULL},
    {"fromordinal", date_fromordinal, MF_CLASS, NULL},
    {"fromisoformat", date_fromisoformat, MF_CLASS, NULL},
    {"fromisocalendar", date_fromisocalendar, MF_CLASS | MF_KEYWORDS, NULL, &fromisocal_spec},
    {"today", date_today, MF_CLASS, NULL},
    {"ctime", date_ctime, 0, NULL},
    {"strftime", date_strftime, MF_KEYWORDS, NULL, &strftime_spec},
    {"__format__", dt_format, 0, NULL},
    {"timetuple", date_timetuple, 0, NULL},
    {"isocalendar", date_isocalendar, 0, NULL},
    {"isoformat", date_isoformat, 0, NULL},
    {"isoweekday", date_isoweekday, 0, NULL},
    {"toordinal", date_toordinal, 0, NULL},
    {"weekday", date_weekday, 0, NULL},
    {"replace", date_replace, MF_KEYWORDS, NULL, &date_replace_spec},
    {"__reduce__", date_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef date_getsets[] = {
    {"year", date_get_year, NULL, NULL},
    {"month", date_get_month, NULL, NULL},
    {"day", date_get_day, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type date_type = {
    .tname = "datetime.date",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(DateObject),
    .new_ = date_tp_new,
    .repr = date_repr,
    .str = date_str,
    .hash = date_hash,
    .richcompare = date_richcompare,
    .binop = date_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_SUB),
};

/* ---- tzinfo ------------------------------------------------------------------------------- */

static Value tzinfo_tp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    (void)kwnames;
    return V_FROM_PTR(new_instance(t));
}

static Value tzinfo_nyi(const char *name) {
    return err_format(&exc_NotImplementedError, "a tzinfo subclass must implement %s()", name);
}
static Value tzinfo_tzname(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("tzname", nargs - 1, 1, 1) < 0) return VNULL;
    return tzinfo_nyi("tzname");
}
static Value tzinfo_utcoffset(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("utcoffset", nargs - 1, 1, 1) < 0) return VNULL;
    return tzinfo_nyi("utcoffset");
}
static Value tzinfo_dst(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("dst", nargs - 1, 1, 1) < 0) return VNULL;
    return tzinfo_nyi("dst");
}

static Value dt_add_delta(Value dt, i128 us, Type *t);

static Value tzinfo_fromutc(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("fromutc", nargs - 1, 1, 1) < 0) return VNULL;
    Value self = args[0], dt = args[1];
    if (!datetime_check(dt)) return err_set(&exc_TypeError, "fromutc: argument must be a datetime");
    if (DT(dt)->tzinfo != self) return err_set(&exc_ValueError, "fromutc: dt.tzinfo is not self");
    Value off = call_utcoffset(self, dt);
    if (!off) return VNULL;
    if (off == V_NONE) return err_set(&exc_ValueError, "fromutc: non-None utcoffset() result required");
    Value dst = call_tzinfo_method(self, "dst", dt);
    if (!dst) return VNULL;
    if (dst == V_NONE) return err_set(&exc_ValueError, "fromutc: non-None dst() result required");
    Value res = dt_add_delta(dt, delta_to_us128(off) - delta_to_us128(dst), type_of(dt));
    if (!res) return VNULL;
    dst = call_tzinfo_method(DT(res)->tzinfo, "dst", res);
    if (!dst) return VNULL;
    if (dst == V_NONE) return err_set(&exc_ValueError, "fromutc: tz.dst() gave inconsistent results; cannot convert");
    if (delta_truth(dst)) res = dt_add_delta(res, delta_to_us128(dst), type_of(res));
    return res;
}

static Value tzinfo_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("tzinfo.__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    Value self = args[0];
    Value gia = obj_getattr_opt(self, str_intern_cstr("__getinitargs__"));
    Value iargs;
    if (gia == VNULL && err_occurred()) return VNULL;
    if (gia) {
        iargs = obj_call0(gia);
        if (!iargs) return VNULL;
    } else {
        iargs = tuple_empty;
    }
    Value state = obj_call_method(self, "__getstate__", NULL, 0);
    if (!state) return VNULL;
    return tuple_pack(3, V_FROM_PTR(type_of(self)), iargs, state);
}

static const MethodDef tzinfo_methods[] = {
    {"tzname", tzinfo_tzname, 0, NULL},
    {"utcoffset", tzinfo_utcoffset, 0, NULL},
    {"dst", tzinfo_dst, 0, NULL},
    {"fromutc", tzinfo_fromutc, 0, NULL},
    {"__reduce__", tzinfo_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type tzinfo_type = {
    .tname = "datetime.tzinfo",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(Object),
    .new_ = tzinfo_tp_new,
};

/* tzinfo.<name>(arg), checked as CPython's call_utcoffset/call_dst:
 * None or a timedelta strictly within a day */
static Value call_tzinfo_method(Value tzinfo, const char *name, Value arg) {
    if (tzinfo == V_NONE) return V_NONE;
    Value off = obj_call_method(tzinfo, name, &arg, 1);
    if (!off) return VNULL;
    if (off == V_NONE) return off;
    if (!delta_check(off))
        return err_format(&exc_TypeError, "tzinfo.%s() must return None or timedelta, not '%T'", name, off);
    DeltaObject *d = DELTA(off);
    if ((d->days == -1 && d->seconds == 0 && d->us < 1) || d->days < -1 || d->days >= 1)
        return err_set(&exc_ValueError,
                       "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).");
    return off;
}

static Value call_utcoffset(Value tzinfo, Value arg) { return call_tzinfo_method(tzinfo, "utcoffset", arg); }

static Value call_tzname(Value tzinfo, Value arg) {
    if (tzinfo == V_NONE) return V_NONE;
    Value r = obj_call_method(tzinfo, "tzname", &arg, 1);
    if (!r) return VNULL;
    if (r != V_NONE && !str_check(r))
        return err_format(&exc_TypeError, "tzinfo.tzname() must return None or a string, not '%T'", r);
    return r;
}

/* ---- timezone ------------------------------------------------------------------------------ */

static Value timezone_make(Value offset, Value name) {
    TimezoneObject *tz = (TimezoneObject *)new_instance(&timezone_type);
    tz->offset = offset;
    tz->name = name;
    return V_FROM_PTR(tz);
}

/* timezone(offset[, name]) with CPython's checks; the utc singleton for a
 * nameless zero offset */
static Value new_timezone(Value offset, Value name) {
    DeltaObject *d = DELTA(offset);
    if (!name && utc_tz && d->days == 0 && d->seconds == 0 && d->us == 0) return utc_tz;
    if ((d->days == -1 && d->seconds == 0 && d->us < 1) || d->days < -1 || d->days >= 1)
        return err_format(&exc_ValueError,
                          "offset must be a timedelta strictly between -timedelta(hours=24) and "
                          "timedelta(hours=24), not %R.", offset);
    if (type_of(offset) != &delta_type) offset = delta_new_raw(&delta_type, d->days, d->seconds, d->us);
    return timezone_make(offset, name);
}

static const ArgSpec timezone_spec = {"timezone", 0, 1, 0, {"offset", "name", NULL}};

static Value timezone_tp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&timezone_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!delta_check(a[0]))
        return err_format(&exc_TypeError, "timezone() argument 1 must be datetime.timedelta, not %T", a[0]);
    if (a[1] && !str_check(a[1])) return err_format(&exc_TypeError, "timezone() argument 2 must be str, not %T", a[1]);
    return new_timezone(a[0], a[1]);
}

static int check_tzargument(Value dt, const char *meth) {
    if (dt == V_NONE || datetime_check(dt)) return 0;
    err_format(&exc_TypeError, "%s(dt) argument must be a datetime instance or None, not %T", meth, dt);
    return -1;
}

static Value timezone_str_of(Value self) {
    TimezoneObject *tz = TZ(self);
    if (tz->name) return tz->name;
    if (self == utc_tz) return str_from_cstr("UTC");
    i128 us = delta_to_us128(tz->offset);
    char sign = '+';
    if (us < 0) {
        sign = '-';
        us = -us;
    }
    int64_t u = (int64_t)us;
    int64_t secs = u / US_PER_SECOND, micro = u % US_PER_SECOND;
    if (secs == 0 && micro == 0) return str_from_cstr("UTC");
    char tmp[48];
    int n = snprintf(tmp, sizeof tmp, "UTC%c%02d:%02d", sign, (int)(secs / 3600), (int)(secs / 60 % 60));
    if (secs % 60 || micro) n += snprintf(tmp + n, sizeof tmp - n, ":%02d", (int)(secs % 60));
    if (micro) snprintf(tmp + n, sizeof tmp - n, ".%06d", (int)micro);
    return str_from_cstr(tmp);
}

static Value timezone_tzname(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("tzname", nargs - 1, 1, 1) < 0) return VNULL;
    if (check_tzargument(args[1], "tzname") < 0) return VNULL;
    return timezone_str_of(args[0]);
}
static Value timezone_utcoffset(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("utcoffset", nargs - 1, 1, 1) < 0) return VNULL;
    if (check_tzargument(args[1], "utcoffset") < 0) return VNULL;
    return TZ(args[0])->offset;
}
static Value timezone_dst(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("dst", nargs - 1, 1, 1) < 0) return VNULL;
    if (check_tzargument(args[1], "dst") < 0) return VNULL;
    return V_NONE;
}
static Value timezone_fromutc(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("fromutc", nargs - 1, 1, 1) < 0) return VNULL;
    Value dt = args[1];
    if (!datetime_check(dt)) return err_set(&exc_TypeError, "fromutc: argument must be a datetime");
    if (DT(dt)->tzinfo != args[0]) return err_set(&exc_ValueError, "fromutc: dt.tzinfo is not self");
    return dt_add_delta(dt, delta_to_us128(TZ(args[0])->offset), type_of(dt));
}
static Value timezone_getinitargs(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("timezone.__getinitargs__", nargs - 1, 0, 0) < 0) return VNULL;
    TimezoneObject *tz = TZ(args[0]);
    return tz->name ? tuple_pack(2, tz->offset, tz->name) : tuple_pack(1, tz->offset);
}

static Value timezone_repr(Value self) {
    TimezoneObject *tz = TZ(self);
    if (self == utc_tz) return str_from_cstr("datetime.timezone.utc");
    Value r = obj_repr(tz->offset);
    if (!r) return VNULL;
    if (tz->name) {
        Value n = obj_repr(tz->name);
        if (!n) return VNULL;
        return str_printf("datetime.timezone(%s, %s)", str_data(r), str_data(n));
    }
    return str_printf("datetime.timezone(%s)", str_data(r));
}
static Value timezone_str(Value self) { return timezone_str_of(self); }

static Value timezone_richcompare(Value a, Value b, int op) {
    if (op != CMP_EQ && op != CMP_NE) return V_NOTIMPL;
    if (!timezone_check(a) || !timezone_check(b)) return V_NOTIMPL;
    return delta_richcompare(TZ(a)->offset, TZ(b)->offset, op);
}
static int64_t timezone_hash(Value self) { return delta_hash(TZ(self)->offset); }

static const MethodDef timezone_methods[] = {
    {"tzname", timezone_tzname, 0, NULL},
    {"utcoffset", timezone_utcoffset, 0, NULL},
    {"dst", timezone_dst, 0, NULL},
    {"fromutc", timezone_fromutc, 0, NULL},
    {"__getinitargs__", timezone_getinitargs, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type timezone_type = {
    .tname = "datetime.timezone",
    .base = &tzinfo_type,
    .basicsize = sizeof(TimezoneObject),
    .new_ = timezone_tp_new,
    .repr = timezone_repr,
    .str = timezone_str,
    .hash = timezone_hash,
    .richcompare = timezone_richcompare,
};

/* ---- time ---------------------------------------------------------------------------------- */

static Value new_time_ex(Type *t, int hh, int mi, int ss, int us, Value tz, int fold) {
    if (check_time_args(hh, mi, ss, us, fold) < 0 || check_tzinfo(tz) < 0) return VNULL;
    TimeObject *o = (TimeObject *)new_instance(t);
    o->hour = (uint8_t)hh;
    o->minute = (uint8_t)mi;
    o->second = (uint8_t)ss;
    o->us = us;
    o->fold = (uint8_t)fold;
    o->tzinfo = tz;
    return V_FROM_PTR(o);
}

static Value time_of_class(Type *t, int hh, int mi, int ss, int us, Value tz, int fold) {
    if (t == &time_type) return new_time_ex(t, hh, mi, ss, us, tz, fold);
    /* a subclass is called with fold= only when it is set, as CPython's */
    Value a[6] = {v_int(hh), v_int(mi), v_int(ss), v_int(us), tz, v_int(fold)};
    return obj_call(V_FROM_PTR(t), a, 5, fold ? tuple_pack(1, str_intern_cstr("fold")) : VNULL);
}

static const ArgSpec time_spec = {"time", 0, 0, 1,
    {"hour", "minute", "second", "microsecond", "tzinfo", "fold", NULL}};

static Value time_tp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    unsigned char p[6];
    int st = (nargs == 1 || nargs == 2) && !kwnames ? read_state(args[0], 6, 0, 0x7F, 0, 23, "time", p) : 0;
    if (st < 0) return VNULL;
    if (st) {
        Value tz = nargs == 2 ? args[1] : V_NONE;
        if (tz != V_NONE && !tzinfo_check(tz)) return err_set(&exc_TypeError, "bad tzinfo state arg");
        int us = (p[3] << 16) | (p[4] << 8) | p[5];
        if (p[2] > 59 || p[1] > 59 || us > 999999)
            return err_set(&exc_ValueError, "Failed to encode latin1 string when unpickling a time object");
        TimeObject *o = (TimeObject *)new_instance(t);
        o->hour = p[0] & 0x7F;
        o->fold = p[0] >> 7;
        o->minute = p[1];
        o->second = p[2];
        o->us = us;
        o->tzinfo = tz;
        return V_FROM_PTR(o);
    }
    Value a[6];
    if (precheck_ints(args, nargs, 4) < 0 || arg_parse(&time_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int v[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 4; i++)
        if (a[i] && int_arg(a[i], &v[i]) < 0) return VNULL;
    if (a[5] && int_arg(a[5], &v[4]) < 0) return VNULL;
    return new_time_ex(t, v[0], v[1], v[2], v[3], a[4] ? a[4] : V_NONE, v[4]);
}

static Value time_get_hour(Value self) { return v_int(TIME(self)->hour); }
static Value time_get_minute(Value self) { return v_int(TIME(self)->minute); }
static Value time_get_second(Value self) { return v_int(TIME(self)->second); }
static Value time_get_us(Value self) { return v_int(TIME(self)->us); }
static Value time_get_tzinfo(Value self) { return TIME(self)->tzinfo; }
static Value time_get_fold(Value self) { return v_int(TIME(self)->fold); }

static void append_tz_fold(Buf *b, Value tz, int fold, bool *ok) {
    if (tz != V_NONE) {
        Value r = obj_repr(tz);
        if (!r) {
            *ok = false;
            return;
        }
        buf_puts(b, ", tzinfo=");
        buf_put(b, str_data(r), (size_t)str_nbytes(r));
    }
    if (fold) buf_printf(b, ", fold=%d", fold);
}

static Value time_repr(Value self) {
    TimeObject *o = TIME(self);
    Buf b;
    buf_init(&b, 64);
    put_type_name(&b, self, &time_type, "datetime.time");
    if (o->us) buf_printf(&b, "(%d, %d, %d, %d", o->hour, o->minute, o->second, o->us);
    else if (o->second) buf_printf(&b, "(%d, %d, %d", o->hour, o->minute, o->second);
    else buf_printf(&b, "(%d, %d", o->hour, o->minute);
    bool ok = true;
    append_tz_fold(&b, o->tzinfo, o->fold, &ok);
    if (!ok) return VNULL;
    buf_putc(&b, ')');
    return str_from_buf(&b);
}

/* HH:MM:SS[.ffffff] per timespec; -1 with ValueError for a bad one */
static int format_time_part(Buf *b, int hh, int mi, int ss, int us, Value timespec) {
    const char *spec = timespec ? str_data(timespec) : "auto";
    if (!strcmp(spec, "auto")) spec = us ? "microseconds" : "seconds";
    if (!strcmp(spec, "hours")) buf_printf(b, "%02d", hh);
    else if (!strcmp(spec, "minutes")) buf_printf(b, "%02d:%02d", hh, mi);
    else if (!strcmp(spec, "seconds")) buf_printf(b, "%02d:%02d:%02d", hh, mi, ss);
    else if (!strcmp(spec, "milliseconds")) buf_printf(b, "%02d:%02d:%02d.%03d", hh, mi, ss, us / 1000);
    else if (!strcmp(spec, "microseconds")) buf_printf(b, "%02d:%02d:%02d.%06d", hh, mi, ss, us);
    else {
        err_set(&exc_ValueError, "Unknown timespec value");
        return -1;
    }
    return 0;
}

static const ArgSpec time_isoformat_spec = {"isoformat", 0, 0, 0, {"timespec", NULL}};

static Value time_isoformat(Value *args, size_t nargs, Value kwnames) {
    Value ts;
    if (arg_parse(&time_isoformat_spec, args + 1, nargs - 1, kwnames, &ts) < 0) return VNULL;
    if (ts && !str_check(ts)) return err_format(&exc_TypeError, "isoformat() argument 1 must be str, not %T", ts);
    TimeObject *o = TIME(args[0]);
    Buf b;
    buf_init(&b, 40);
    if (format_time_part(&b, o->hour, o->minute, o->second, o->us, ts) < 0) return VNULL;
    if (format_utcoffset(&b, ":", o->tzinfo, V_NONE) < 0) return VNULL;
    return str_from_buf(&b);
}

static Value time_str(Value self) { return obj_call_method(self, "isoformat", NULL, 0); }

static Value time_strftime(Value *args, size_t nargs, Value kwnames) {
    Value fmt;
    if (get_strftime_format(args, nargs, kwnames, &fmt) < 0) return VNULL;
    TimeObject *o = TIME(args[0]);
    Value tt = build_struct_time(1900, 1, 1, o->hour, o->minute, o->second, -1);
    if (!tt) return VNULL;
    return wrap_strftime(fmt, tt, o->tzinfo, V_NONE, o->us);
}

static Value time_utcoffset(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("time.utcoffset", nargs - 1, 0, 0) < 0) return VNULL;
    return call_utcoffset(TIME(args[0])->tzinfo, V_NONE);
}
static Value time_dst(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("time.dst", nargs - 1, 0, 0) < 0) return VNULL;
    return call_tzinfo_method(TIME(args[0])->tzinfo, "dst", V_NONE);
}
static Value time_tzname(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("time.tzname", nargs - 1, 0, 0) < 0) return VNULL;
    return call_tzname(TIME(args[0])->tzinfo, V_NONE);
}

static const ArgSpec time_replace_spec = {"replace", 0, 0, 1,
    {"hour", "minute", "second", "microsecond", "tzinfo", "fold", NULL}};

static Value time_replace(Value *args, size_t nargs, Value kwnames) {
    Value a[6];
    if (arg_parse(&time_replace_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    TimeObject *o = TIME(args[0]);
    int v[5] = {o->hour, o->minute, o->second, o->us, o->fold};
    for (int i = 0; i < 4; i++)
        if (a[i] && int_arg(a[i], &v[i]) < 0) return VNULL;
    if (a[5] && int_arg(a[5], &v[4]) < 0) return VNULL;
    Value tz = a[4] ? a[4] : o->tzinfo;
    if (check_time_args(v[0], v[1], v[2], v[3], v[4]) < 0 || check_tzinfo(tz) < 0) return VNULL;
    return time_of_class(type_of(args[0]), v[0], v[1], v[2], v[3], tz, v[4]);
}

static Value time_state(Value self, int proto) {
    TimeObject *o = TIME(self);
    char b[6] = {(char)(o->hour | (proto > 3 && o->fold ? 0x80 : 0)), (char)o->minute, (char)o->second,
                 (char)(o->us >> 16), (char)((o->us >> 8) & 0xFF), (char)(o->us & 0xFF)};
    Value s = bytes_new(b, 6);
    return o->tzinfo == V_NONE ? tuple_pack(1, s) : tuple_pack(2, s, o->tzinfo);
}

static Value time_reduce_ex(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce_ex__", nargs - 1, 1, 1) < 0) return VNULL;
    int proto;
    if (int_arg(args[1], &proto) < 0) return VNULL;
    return tuple_pack(2, V_FROM_PTR(type_of(args[0])), time_state(args[0], proto));
}
static Value time_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("time.__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    return tuple_pack(2, V_FROM_PTR(type_of(args[0])), time_state(args[0], 2));
}

/* microseconds since midnight minus the UTC offset: equal for equal times */
static int time_utc_us(Value self, Value off, i128 *out) {
    TimeObject *o = TIME(self);
    i128 us = ((i128)o->hour * 3600 + o->minute * 60 + o->second) * US_PER_SECOND + o->us;
    if (off != V_NONE) us -= delta_to_us128(off);
    *out = us;
    return 0;
}

static int64_t time_hash(Value self) {
    TimeObject *o = TIME(self);
    /* the offset does not depend on fold: a time's tzinfo gets None */
    Value off = call_utcoffset(o->tzinfo, V_NONE);
    if (!off) return -1;
    if (off == V_NONE) return obj_hash(tuple_get(time_state(self, 2), 0));
    i128 us;
    time_utc_us(self, off, &us);
    return fix_hash(int_hash(int_from_i128(us)));
}

static Value time_richcompare(Value a, Value b, int op) {
    if (!time_check(a) || !time_check(b)) return V_NOTIMPL;
    TimeObject *x = TIME(a), *y = TIME(b);
    Value ox = V_NONE, oy = V_NONE;
    if (x->tzinfo != y->tzinfo) {
        ox = call_utcoffset(x->tzinfo, V_NONE);
        if (!ox) return VNULL;
        oy = call_utcoffset(y->tzinfo, V_NONE);
        if (!oy) return VNULL;
    }
    if ((ox == V_NONE) != (oy == V_NONE)) {
        if (op == CMP_EQ) return V_FALSE;
        if (op == CMP_NE) return V_TRUE;
        return err_set(&exc_TypeError, "can't compare offset-naive and offset-aware times");
    }
    i128 ux, uy;
    bool same = ox == V_NONE || delta_to_us128(ox) == delta_to_us128(oy);
    time_utc_us(a, same ? V_NONE : ox, &ux);
    time_utc_us(b, same ? V_NONE : oy, &uy);
    return diff_to_bool(ux < uy ? -1 : ux > uy, op);
}

/* HH[:MM[:SS[.f+]]] (or without colons); -1 when malformed */
static int parse_hh_mm_ss_ff(const char *s, int64_t len, int *c) {
    int64_t pos = 0;
    bool sep = false;
    c[0] = c[1] = c[2] = c[3] = 0;
    for (int comp = 0; comp < 3; comp++) {
        if (len - pos < 2) return -1;
        if (parse_digits(s + pos, 2, &c[comp]) < 0) return -1;
        pos += 2;
        if (pos >= len) return 0;
        char next = s[pos];
        if (comp == 0) sep = next == ':';
        if (comp >= 2) break;
        if (sep && next != ':') return -1;
        pos += sep;
    }
    if (pos < len) {
        if (s[pos] != '.' && s[pos] != ',') return -1;
        pos++;
        int64_t rem = len - pos;
        int n = rem >= 6 ? 6 : (int)rem;
        if (n == 0) return -1;
        if (parse_digits(s + pos, n, &c[3]) < 0) return -1;
        static const int corr[6] = {100000, 10000, 1000, 100, 10, 1};
        c[3] *= corr[n - 1];
        for (int64_t i = pos + n; i < len; i++)
            if (!is_digit(s[i])) return -1;
    }
    return 0;
}

/* a time string with an optional UTC offset: comps[0..3] and *tz (None or a
 * timezone); -1 when malformed (no error set), -2 with an error set */
static int parse_isoformat_time(const char *s, int64_t len, int *c, Value *tz) {
    if (len < 2) return -1;
    int64_t tzpos = -1;
    for (int64_t i = 0; i < len; i++)
        if (s[i] == '-' || s[i] == '+' || s[i] == 'Z') {
            tzpos = i;
            break;
        }
    if (parse_hh_mm_ss_ff(s, tzpos >= 0 ? tzpos : len, c) < 0) return -1;
    *tz = V_NONE;
    if (tzpos < 0) return 0;
    if (s[tzpos] == 'Z') {
        if (tzpos != len - 1) return -1;
        *tz = utc_tz;
        return 0;
    }
    int64_t tzlen = len - tzpos - 1;
    if (tzlen == 0 || tzlen == 1 || tzlen == 3) return -1;
    int tc[4];
    if (parse_hh_mm_ss_ff(s + tzpos + 1, tzlen, tc) < 0) return -1;
    if (tc[0] == 0 && tc[1] == 0 && tc[2] == 0 && tc[3] == 0) {
        *tz = utc_tz;
        return 0;
    }
    i128 us = ((i128)tc[0] * 3600 + tc[1] * 60 + tc[2]) * US_PER_SECOND + tc[3];
    if (s[tzpos] == '-') us = -us;
    Value off = delta_from_us128(&delta_type, us);
    if (!off) return -2;
    *tz = new_timezone(off, VNULL);
    return *tz ? 0 : -2;
}

static Value time_fromisoformat(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("fromisoformat", nargs - 1, 1, 1) < 0) return VNULL;
    Value s = args[1];
    if (!str_check(s)) return err_set(&exc_TypeError, "fromisoformat: argument must be str");
    const char *p = str_data(s);
    int64_t len = str_nbytes(s);
    if (len > 0 && p[0] == 'T') {
        p++;
        len--;
    }
    int c[4];
    Value tz;
    if (!str_is_ascii_only(s)) return invalid_isoformat(s);
    int r = parse_isoformat_time(p, len, c, &tz);
    if (r == -2) return VNULL;
    if (r < 0) return invalid_isoformat(s);
    if (args[0] == V_FROM_PTR(&time_type)) return new_time_ex(&time_type, c[0], c[1], c[2], c[3], tz, 0);
    return obj_call(args[0], (Value[]){v_int(c[0]), v_int(c[1]), v_int(c[2]), v_int(c[3]), tz}, 5, VNULL);
}

static const MethodDef time_methods[] = {
    {"isoformat", time_isoformat, MF_KEYWORDS, NULL, &time_isoformat_spec},
    {"strftime", time_strftime, MF_KEYWORDS, NULL, &strftime_spec},
    {"__format__", dt_format, 0, NULL},
    {"utcoffset", time_utcoffset, 0, NULL},
    {"tzname", time_tzname, 0, NULL},
    {"dst", time_dst, 0, NULL},
    {"replace", time_replace, MF_KEYWORDS, NULL, &time_replace_spec},
    {"fromisoformat", time_fromisoformat, MF_CLASS, NULL},
    {"__reduce_ex__", time_reduce_ex, 0, NULL},
    {"__reduce__", time_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef time_getsets[] = {
    {"hour", time_get_hour, NULL, NULL},
    {"minute", time_get_minute, NULL, NULL},
    {"second", time_get_second, NULL, NULL},
    {"microsecond", time_get_us, NULL, NULL},
    {"tzinfo", time_get_tzinfo, NULL, NULL},
    {"fold", time_get_fold, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type time_type = {
    .tname = "datetime.time",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(TimeObject),
    .new_ = time_tp_new,
    .repr = time_repr,
    .str = time_str,
    .hash = time_hash,
    .richcompare = time_richcompare,
};

/* ---- datetime ------------------------------------------------------------------------------ */

static Value new_datetime_ex(Type *t, int y, int m, int d, int hh, int mi, int ss, int us, Value tz, int fold) {
    if (check_date_args(y, m, d) < 0 || check_time_args(hh, mi, ss, us, fold) < 0 || check_tzinfo(tz) < 0)
        return VNULL;
    DateTimeObject *o = (DateTimeObject *)new_instance(t);
    o->d.year = y;
    o->d.month = (uint8_t)m;
    o->d.day = (uint8_t)d;
    o->hour = (uint8_t)hh;
    o->minute = (uint8_t)mi;
    o->second = (uint8_t)ss;
    o->us = us;
    o->fold = (uint8_t)fold;
    o->tzinfo = tz;
    return V_FROM_PTR(o);
}

/* a datetime of class cls: a subclass is called, with fold= only when set */
static Value datetime_of_class(Value cls, int y, int m, int d, int hh, int mi, int ss, int us, Value tz, int fold) {
    if (cls == V_FROM_PTR(&datetime_type)) return new_datetime_ex(&datetime_type, y, m, d, hh, mi, ss, us, tz, fold);
    Value a[9] = {v_int(y), v_int(m), v_int(d), v_int(hh), v_int(mi), v_int(ss), v_int(us), tz, v_int(fold)};
    return obj_call(cls, a, 8, fold ? tuple_pack(1, str_intern_cstr("fold")) : VNULL);
}

static const ArgSpec datetime_spec = {"datetime", 0, 3, 1,
    {"year", "month", "day", "hour", "minute", "second", "microsecond", "tzinfo", "fold", NULL}};

static Value datetime_tp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    unsigned char p[10];
    int st = (nargs == 1 || nargs == 2) && !kwnames ? read_state(args[0], 10, 2, 0x7F, 1, 12, "datetime", p) : 0;
    if (st < 0) return VNULL;
    if (st) {
        Value tz = nargs == 2 ? args[1] : V_NONE;
        if (tz != V_NONE && !tzinfo_check(tz)) return err_set(&exc_TypeError, "bad tzinfo state arg");
        DateTimeObject *o = (DateTimeObject *)new_instance(t);
        o->d.year = p[0] * 256 + p[1];
        o->d.month = p[2] & 0x7F;
        o->fold = p[2] >> 7;
        o->d.day = p[3];
        o->hour = p[4];
        o->minute = p[5];
        o->second = p[6];
        o->us = (p[7] << 16) | (p[8] << 8) | p[9];
        o->tzinfo = tz;
        return V_FROM_PTR(o);
    }
    Value a[9];
    if (precheck_ints(args, nargs, 7) < 0 || arg_parse(&datetime_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int v[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 7; i++)
        if (a[i] && int_arg(a[i], &v[i]) < 0) return VNULL;
    if (a[8] && int_arg(a[8], &v[7]) < 0) return VNULL;
    return new_datetime_ex(t, v[0], v[1], v[2], v[3], v[4], v[5], v[6], a[7] ? a[7] : V_NONE, v[7]);
}

static Value dt_get_hour(Value self) { return v_int(DT(self)->hour); }
static Value dt_get_minute(Value self) { return v_int(DT(self)->minute); }
static Value dt_get_second(Value self) { return v_int(DT(self)->second); }
static Value dt_get_us(Value self) { return v_int(DT(self)->us); }
static Value dt_get_tzinfo(Value self) { return DT(self)->tzinfo; }
static Value dt_get_fold(Value self) { return v_int(DT(self)->fold); }

/* microseconds since 0001-01-01T00:00 of the local fields */
static i128 dt_total_us(Value self) {
    DateTimeObject *o = DT(self);
    int64_t ord = ymd_to_ord(o->d.year, o->d.month, o->d.day);
    return ((i128)ord * SECS_PER_DAY + o->hour * 3600 + o->minute * 60 + o->second) * US_PER_SECOND + o->us;
}

/* fields from microseconds since 0001-01-01 (ordinal 1 at 0) */
static int split_total_us(i128 total, int *f) {
    if (total < (i128)US_PER_DAY || total >= (i128)(MAX_ORDINAL + 1) * US_PER_DAY) {
        err_set(&exc_OverflowError, "date value out of range");
        return -1;
    }
    int64_t ord = (int64_t)(total / US_PER_DAY), rem = (int64_t)(total % US_PER_DAY);
    ord_to_ymd(ord, &f[0], &f[1], &f[2]);
    int64_t secs = rem / US_PER_SECOND;
    f[3] = (int)(secs / 3600);
    f[4] = (int)(secs / 60 % 60);
    f[5] = (int)(secs % 60);
    f[6] = (int)(rem % US_PER_SECOND);
    return 0;
}

/* dt + us microseconds, keeping tzinfo, as a datetime of class t */
static Value dt_add_delta(Value dt, i128 us, Type *t) {
    int f[7];
    if (split_total_us(dt_total_us(dt) + us, f) < 0) return VNULL;
    return datetime_of_class(V_FROM_PTR(t), f[0], f[1], f[2], f[3], f[4], f[5], f[6], DT(dt)->tzinfo, 0);
}

static Value dt_utcoffset_of(Value self) { return call_utcoffset(DT(self)->tzinfo, self); }

static Value datetime_repr(Value self) {
    DateTimeObject *o = DT(self);
    Buf b;
    buf_init(&b, 80);
    put_type_name(&b, self, &datetime_type, "datetime.datetime");
    buf_printf(&b, "(%d, %d, %d, %d, %d", o->d.year, o->d.month, o->d.day, o->hour, o->minute);
    if (o->us) buf_printf(&b, ", %d, %d", o->second, o->us);
    else if (o->second) buf_printf(&b, ", %d", o->second);
    /* datetime puts fold before tzinfo, time after it (as CPython's) */
    if (o->fold) buf_printf(&b, ", fold=%d", o->fold);
    bool ok = true;
    append_tz_fold(&b, o->tzinfo, 0, &ok);
    if (!ok) return VNULL;
    buf_putc(&b, ')');
    return str_from_buf(&b);
}

static const ArgSpec dt_isoformat_spec = {"isoformat", 0, 0, 0, {"sep", "timespec", NULL}};

static Value datetime_isoformat(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&dt_isoformat_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (a[0] && (!str_check(a[0]) || str_len(a[0]) != 1)) {
        return err_format(&exc_TypeError, "isoformat() argument 1 must be a unicode character, not %T", a[0]);
    }
    if (a[1] && !str_check(a[1])) return err_format(&exc_TypeError, "isoformat() argument 2 must be str, not %T", a[1]);
    DateTimeObject *o = DT(args[0]);
    Buf b;
    buf_init(&b, 48);
    buf_printf(&b, "%04d-%02d-%02d", o->d.year, o->d.month, o->d.day);
    if (a[0]) buf_put(&b, str_data(a[0]), (size_t)str_nbytes(a[0]));
    else buf_putc(&b, 'T');
    if (format_time_part(&b, o->hour, o->minute, o->second, o->us, a[1]) < 0) return VNULL;
    if (format_utcoffset(&b, ":", o->tzinfo, args[0]) < 0) return VNULL;
    return str_from_buf(&b);
}

static Value datetime_str(Value self) {
    Value sep = str_from_cstr(" ");
    return obj_call_method(self, "isoformat", &sep, 1);
}

static Value datetime_ctime(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.ctime", nargs - 1, 0, 0) < 0) return VNULL;
    DateTimeObject *o = DT(args[0]);
    return format_ctime(o->d.year, o->d.month, o->d.day, o->hour, o->minute, o->second);
}

static Value datetime_timetuple(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.timetuple", nargs - 1, 0, 0) < 0) return VNULL;
    DateTimeObject *o = DT(args[0]);
    int dst = -1;
    if (o->tzinfo != V_NONE) {
        Value d = call_tzinfo_method(o->tzinfo, "dst", args[0]);
        if (!d) return VNULL;
        if (d != V_NONE) dst = delta_truth(d);
    }
    return build_struct_time(o->d.year, o->d.month, o->d.day, o->hour, o->minute, o->second, dst);
}

static Value datetime_utctimetuple(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.utctimetuple", nargs - 1, 0, 0) < 0) return VNULL;
    Value self = args[0];
    DateTimeObject *o = DT(self);
    if (o->tzinfo != V_NONE) {
        Value off = dt_utcoffset_of(self);
        if (!off) return VNULL;
        if (off != V_NONE) {
            int f[7];
            if (split_total_us(dt_total_us(self) - delta_to_us128(off), f) < 0) return VNULL;
            return build_struct_time(f[0], f[1], f[2], f[3], f[4], f[5], 0);
        }
    }
    return build_struct_time(o->d.year, o->d.month, o->d.day, o->hour, o->minute, o->second, 0);
}

static Value datetime_strftime(Value *args, size_t nargs, Value kwnames) {
    Value fmt;
    if (get_strftime_format(args, nargs, kwnames, &fmt) < 0) return VNULL;
    Value tt = obj_call_method(args[0], "timetuple", NULL, 0);
    if (!tt) return VNULL;
    return wrap_strftime(fmt, tt, DT(args[0])->tzinfo, args[0], DT(args[0])->us);
}

static Value datetime_utcoffset(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.utcoffset", nargs - 1, 0, 0) < 0) return VNULL;
    return dt_utcoffset_of(args[0]);
}
static Value datetime_dst(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.dst", nargs - 1, 0, 0) < 0) return VNULL;
    return call_tzinfo_method(DT(args[0])->tzinfo, "dst", args[0]);
}
static Value datetime_tzname(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.tzname", nargs - 1, 0, 0) < 0) return VNULL;
    return call_tzname(DT(args[0])->tzinfo, args[0]);
}

static Value datetime_date(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.date", nargs - 1, 0, 0) < 0) return VNULL;
    DateTimeObject *o = DT(args[0]);
    return new_date_ex(&date_type, o->d.year, o->d.month, o->d.day);
}
static Value datetime_time(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.time", nargs - 1, 0, 0) < 0) return VNULL;
    DateTimeObject *o = DT(args[0]);
    return new_time_ex(&time_type, o->hour, o->minute, o->second, o->us, V_NONE, o->fold);
}
static Value datetime_timetz(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.timetz", nargs - 1, 0, 0) < 0) return VNULL;
    DateTimeObject *o = DT(args[0]);
    return new_time_ex(&time_type, o->hour, o->minute, o->second, o->us, o->tzinfo, o->fold);
}

static const ArgSpec dt_replace_spec = {"replace", 0, 0, 1,
    {"year", "month", "day", "hour", "minute", "second", "microsecond", "tzinfo", "fold", NULL}};

static Value datetime_replace(Value *args, size_t nargs, Value kwnames) {
    Value a[9];
    if (arg_parse(&dt_replace_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    DateTimeObject *o = DT(args[0]);
    int v[8] = {o->d.year, o->d.month, o->d.day, o->hour, o->minute, o->second, o->us, o->fold};
    for (int i = 0; i < 7; i++)
        if (a[i] && int_arg(a[i], &v[i]) < 0) return VNULL;
    if (a[8] && int_arg(a[8], &v[7]) < 0) return VNULL;
    Value tz = a[7] ? a[7] : o->tzinfo;
    if (check_date_args(v[0], v[1], v[2]) < 0 || check_time_args(v[3], v[4], v[5], v[6], v[7]) < 0 ||
        check_tzinfo(tz) < 0)
        return VNULL;
    return datetime_of_class(V_FROM_PTR(type_of(args[0])), v[0], v[1], v[2], v[3], v[4], v[5], v[6], tz, v[7]);
}

static Value datetime_state(Value self, int proto) {
    DateTimeObject *o = DT(self);
    char b[10] = {(char)(o->d.year >> 8), (char)(o->d.year & 0xFF),
                  (char)(o->d.month | (proto > 3 && o->fold ? 0x80 : 0)), (char)o->d.day, (char)o->hour,
                  (char)o->minute, (char)o->second, (char)(o->us >> 16), (char)((o->us >> 8) & 0xFF),
                  (char)(o->us & 0xFF)};
    Value s = bytes_new(b, 10);
    return o->tzinfo == V_NONE ? tuple_pack(1, s) : tuple_pack(2, s, o->tzinfo);
}

static Value datetime_reduce_ex(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce_ex__", nargs - 1, 1, 1) < 0) return VNULL;
    int proto;
    if (int_arg(args[1], &proto) < 0) return VNULL;
    return tuple_pack(2, V_FROM_PTR(type_of(args[0])), datetime_state(args[0], proto));
}
static Value datetime_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    return tuple_pack(2, V_FROM_PTR(type_of(args[0])), datetime_state(args[0], 2));
}

/* PEP 495: an aware datetime in a fold or gap (its utcoffset changes with
 * fold) is never equal to a datetime in another zone */
static int flip_fold_differs(Value self, Value off) {
    DateTimeObject *o = DT(self);
    Value flip = new_datetime_ex(type_of(self), o->d.year, o->d.month, o->d.day, o->hour, o->minute, o->second,
                                 o->us, o->tzinfo, !o->fold);
    if (!flip) return -1;
    Value f = dt_utcoffset_of(flip);
    if (!f) return -1;
    if (f == off) return 0;
    if (f == V_NONE || off == V_NONE) return 1;
    return delta_to_us128(f) != delta_to_us128(off);
}

static Value datetime_richcompare(Value a, Value b, int op) {
    if (!datetime_check(a) || !datetime_check(b)) {
        if (datetime_check(a) && date_check(b)) {
            if (op == CMP_EQ) return V_FALSE;
            if (op == CMP_NE) return V_TRUE;
            return err_format(&exc_TypeError, "can't compare %s to %s", type_of(a)->tname, type_of(b)->tname);
        }
        return V_NOTIMPL;
    }
    DateTimeObject *x = DT(a), *y = DT(b);
    if (x->tzinfo == y->tzinfo) {
        i128 ux = dt_total_us(a), uy = dt_total_us(b);
        return diff_to_bool(ux < uy ? -1 : ux > uy, op);
    }
    Value o1 = dt_utcoffset_of(a);
    if (!o1) return VNULL;
    Value o2 = dt_utcoffset_of(b);
    if (!o2) return VNULL;
    int diff;
    if ((o1 == V_NONE && o2 == V_NONE) ||
        (o1 != V_NONE && o2 != V_NONE && delta_to_us128(o1) == delta_to_us128(o2))) {
        i128 ux = dt_total_us(a), uy = dt_total_us(b);
        diff = ux < uy ? -1 : ux > uy;
    } else if (o1 != V_NONE && o2 != V_NONE) {
        i128 ux = dt_total_us(a) - delta_to_us128(o1), uy = dt_total_us(b) - delta_to_us128(o2);
        diff = ux < uy ? -1 : ux > uy;
    } else {
        if (op == CMP_EQ) return V_FALSE;
        if (op == CMP_NE) return V_TRUE;
        return err_set(&exc_TypeError, "can't compare offset-naive and offset-aware datetimes");
    }
    if ((op == CMP_EQ || op == CMP_NE) && diff == 0 && o1 != V_NONE) {
        int ex = flip_fold_differs(a, o1);
        if (ex < 0) return VNULL;
        if (!ex) ex = flip_fold_differs(b, o2);
        if (ex < 0) return VNULL;
        if (ex) diff = 1;
    }
    return diff_to_bool(diff, op);
}

static int64_t datetime_hash(Value self) {
    DateTimeObject *o = DT(self);
    Value s0 = self;
    if (o->fold) {
        s0 = new_datetime_ex(type_of(self), o->d.year, o->d.month, o->d.day, o->hour, o->minute, o->second, o->us,
                             o->tzinfo, 0);
        if (!s0) return -1;
    }
    Value off = dt_utcoffset_of(s0);
    if (!off) return -1;
    if (off == V_NONE) return obj_hash(tuple_get(datetime_state(s0, 2), 0));
    i128 us = dt_total_us(self) - delta_to_us128(off);
    return fix_hash(int_hash(int_from_i128(us)));
}

static Value datetime_binop(Value a, Value b, int op) {
    switch (BINOP_BASE(op)) {
    case BINOP_ADD: {
        Value d = datetime_check(a) ? a : b, td = datetime_check(a) ? b : a;
        if (!datetime_check(d) || !delta_check(td)) break;
        return dt_add_delta(d, delta_to_us128(td), type_of(d));
    }
    case BINOP_SUB:
        if (!datetime_check(a)) break;
        if (delta_check(b)) return dt_add_delta(a, -delta_to_us128(b), type_of(a));
        if (datetime_check(b)) {
            i128 ux = dt_total_us(a), uy = dt_total_us(b);
            if (DT(a)->tzinfo != DT(b)->tzinfo) {
                Value o1 = dt_utcoffset_of(a);
                if (!o1) return VNULL;
                Value o2 = dt_utcoffset_of(b);
                if (!o2) return VNULL;
                if ((o1 == V_NONE) != (o2 == V_NONE))
                    return err_set(&exc_TypeError, "can't subtract offset-naive and offset-aware datetimes");
                if (o1 != V_NONE) {
                    ux -= delta_to_us128(o1);
                    uy -= delta_to_us128(o2);
                }
            }
            return delta_from_us128(&delta_type, ux - uy);
        }
        break;
    default:
        break;
    }
    return V_NOTIMPL;
}

/* ---- datetime: local time and timestamps ------------------------------------------------- */

#define EPOCH_SECONDS (719163LL * SECS_PER_DAY)   /* 1970-01-01 since 0001-01-01, less a day */
#define MAX_FOLD_SECONDS SECS_PER_DAY

static int64_t utc_to_seconds(int y, int m, int d, int hh, int mi, int ss, bool *err) {
    if (y < MINYEAR || y > MAXYEAR) {
        err_format(&exc_ValueError, "year %d is out of range", y);
        *err = true;
        return -1;
    }
    int64_t ord = ymd_to_ord(y, m, d);
    return ((ord * 24 + hh) * 60 + mi) * 60 + ss;
}

static int local_tm(time_t t, struct tm *tm) {
    errno = 0;
    if (!localtime_r(&t, tm)) {
        int e = errno ? errno : EINVAL;
        if (e == EOVERFLOW) err_set(&exc_OverflowError, "timestamp out of range for platform time_t");
        else err_set_errno(&exc_OSError, e, VNULL);
        return -1;
    }
    return 0;
}

/* the local wall clock at u (seconds in utc_to_seconds' scale) */
static int64_t local_at(int64_t u, bool *err) {
    struct tm tm;
    if (local_tm((time_t)(u - EPOCH_SECONDS), &tm) < 0) {
        *err = true;
        return -1;
    }
    return utc_to_seconds(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, err);
}

/* Solve local(u) == the given wall time for u; fold picks among two
 * solutions, and a time in a gap maps by the offset before (fold=0) or
 * after it. */
static int64_t local_to_seconds(int y, int m, int d, int hh, int mi, int ss, int fold, bool *err) {
    int64_t t = utc_to_seconds(y, m, d, hh, mi, ss, err);
    if (*err) return -1;
    int64_t lt = local_at(t, err);
    if (*err) return -1;
    int64_t a = lt - t, u1 = t - a, b;
    int64_t t1 = local_at(u1, err);
    if (*err) return -1;
    if (t1 == t) {
        int64_t u2 = fold ? u1 + MAX_FOLD_SECONDS : u1 - MAX_FOLD_SECONDS;
        lt = local_at(u2, err);
        if (*err) return -1;
        b = lt - u2;
        if (a == b) return u1;
    } else {
        b = t1 - u1;
    }
    int64_t u2 = t - b;
    int64_t t2 = local_at(u2, err);
    if (*err) return -1;
    if (t2 == t) return u2;
    if (t1 == t) return u1;
    return fold ? (u1 < u2 ? u1 : u2) : (u1 > u2 ? u1 : u2);
}

/* a datetime of class cls from a time_t and microseconds, through
 * localtime (local: with fold detection) or gmtime */
static Value dt_from_timet(Value cls, bool local, time_t t, int us, Value tz) {
    struct tm tm;
    if (local) {
        if (local_tm(t, &tm) < 0) return VNULL;
    } else {
        errno = 0;
        if (!gmtime_r(&t, &tm)) {
            if (errno == EOVERFLOW || errno == 0)
                return err_set(&exc_OverflowError, "timestamp out of range for platform time_t");
            return err_set_errno(&exc_OSError, errno, VNULL);
        }
    }
    int y = tm.tm_year + 1900, m = tm.tm_mon + 1, d = tm.tm_mday, hh = tm.tm_hour, mi = tm.tm_min;
    int ss = tm.tm_sec > 59 ? 59 : tm.tm_sec, fold = 0;
    if (local && tz == V_NONE) {
        bool err = false;
        int64_t result = utc_to_seconds(y, m, d, hh, mi, ss, &err);
        if (err) return VNULL;
        int64_t probe = local_at(EPOCH_SECONDS + (int64_t)t - MAX_FOLD_SECONDS, &err);
        if (err) return VNULL;
        int64_t transition = result - probe - MAX_FOLD_SECONDS;
        if (transition < 0) {
            probe = local_at(EPOCH_SECONDS + (int64_t)t + transition, &err);
            if (err) return VNULL;
            if (probe == result) fold = 1;
        }
    }
    return datetime_of_class(cls, y, m, d, hh, mi, ss, us, tz, fold);
}

static Value local_timezone_from_timestamp(time_t t) {
    struct tm tm;
    if (local_tm(t, &tm) < 0) return VNULL;
    Value off = new_delta(0, tm.tm_gmtoff, 0);
    if (!off) return VNULL;
    Value name = tm.tm_zone ? str_from_cstr(tm.tm_zone) : VNULL;
    if (!name) return new_timezone(off, VNULL);
    return new_timezone(off, name);
}

static Value local_timezone_from_local(Value dt) {
    DateTimeObject *o = DT(dt);
    bool err = false;
    int64_t secs = local_to_seconds(o->d.year, o->d.month, o->d.day, o->hour, o->minute, o->second, o->fold, &err);
    if (err) return VNULL;
    return local_timezone_from_timestamp((time_t)(secs - EPOCH_SECONDS));
}

static const ArgSpec fromts_spec = {"fromtimestamp", 0, 1, 0, {"timestamp", "tz", NULL}};

static Value datetime_fromtimestamp(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&fromts_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value tz = a[1] ? a[1] : V_NONE;
    if (check_tzinfo(tz) < 0) return VNULL;
    time_t t;
    int us;
    if (timestamp_split(a[0], &t, &us) < 0) return VNULL;
    Value r = dt_from_timet(args[0], tz == V_NONE, t, us, tz);
    if (!r || tz == V_NONE) return r;
    return obj_call_method(tz, "fromutc", &r, 1);
}

static Value datetime_utcfromtimestamp(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("utcfromtimestamp", nargs - 1, 1, 1) < 0) return VNULL;
    time_t t;
    int us;
    if (timestamp_split(args[1], &t, &us) < 0) return VNULL;
    return dt_from_timet(args[0], false, t, us, V_NONE);
}

static const ArgSpec now_spec = {"now", 0, 0, 0, {"tz", NULL}};

static Value datetime_now(Value *args, size_t nargs, Value kwnames) {
    Value tz;
    if (arg_parse(&now_spec, args + 1, nargs - 1, kwnames, &tz) < 0) return VNULL;
    if (!tz) tz = V_NONE;
    if (check_tzinfo(tz) < 0) return VNULL;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    Value r = dt_from_timet(args[0], tz == V_NONE, ts.tv_sec, (int)(ts.tv_nsec / 1000), tz);
    if (!r || tz == V_NONE) return r;
    return obj_call_method(tz, "fromutc", &r, 1);
}

static Value datetime_utcnow(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.utcnow", nargs - 1, 0, 0) < 0) return VNULL;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return dt_from_timet(args[0], false, ts.tv_sec, (int)(ts.tv_nsec / 1000), V_NONE);
}

static Value datetime_timestamp(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("datetime.timestamp", nargs - 1, 0, 0) < 0) return VNULL;
    Value self = args[0];
    DateTimeObject *o = DT(self);
    if (o->tzinfo != V_NONE) {
        Value off = dt_utcoffset_of(self);
        if (!off) return VNULL;
        if (off != V_NONE) {
            i128 us = dt_total_us(self) - delta_to_us128(off) - (i128)EPOCH_SECONDS * US_PER_SECOND;
            return obj_binop(int_from_i128(us), int_from_i64(US_PER_SECOND), BINOP_TRUEDIV);
        }
    }
    bool err = false;
    int64_t secs = local_to_seconds(o->d.year, o->d.month, o->d.day, o->hour, o->minute, o->second, o->fold, &err);
    if (err) return VNULL;
    return float_from_double((double)(secs - EPOCH_SECONDS) + o->us / 1e6);
}

static const ArgSpec astz_spec = {"astimezone", 0, 0, 0, {"tz", NULL}};

static Value datetime_astimezone(Value *args, size_t nargs, Value kwnames) {
    Value self = args[0], tz;
    if (arg_parse(&astz_spec, args + 1, nargs - 1, kwnames, &tz) < 0) return VNULL;
    if (!tz) tz = V_NONE;
    if (check_tzinfo(tz) < 0) return VNULL;
    Value mytz = DT(self)->tzinfo, off;
    if (mytz == V_NONE) {
    naive:
        mytz = local_timezone_from_local(self);
        if (!mytz) return VNULL;
    }
    if (mytz == tz) return self;
    off = call_utcoffset(mytz, self);
    if (!off) return VNULL;
    if (off == V_NONE) goto naive;
    int f[7];
    if (split_total_us(dt_total_us(self) - delta_to_us128(off), f) < 0) return VNULL;
    Value utc = new_datetime_ex(type_of(self), f[0], f[1], f[2], f[3], f[4], f[5], f[6], utc_tz, 0);
    if (!utc) return VNULL;
    if (tz == V_NONE) {
        i128 us = dt_total_us(utc) - (i128)EPOCH_SECONDS * US_PER_SECOND;
        i128 secs = us / US_PER_SECOND;
        if (us % US_PER_SECOND < 0) secs--;
        tz = local_timezone_from_timestamp((time_t)secs);
        if (!tz) return VNULL;
    }
    DT(utc)->tzinfo = tz;
    return obj_call_method(tz, "fromutc", &utc, 1);
}

static const ArgSpec combine_spec = {"combine", 0, 2, 0, {"date", "time", "tzinfo", NULL}};

static Value datetime_combine(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&combine_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!date_check(a[0])) return err_format(&exc_TypeError, "combine() argument 1 must be datetime.date, not %T", a[0]);
    if (!time_check(a[1])) return err_format(&exc_TypeError, "combine() argument 2 must be datetime.time, not %T", a[1]);
    DateObject *d = DATE(a[0]);
    TimeObject *t = TIME(a[1]);
    Value tz = a[2] ? a[2] : t->tzinfo;
    if (check_tzinfo(tz) < 0) return VNULL;
    return datetime_of_class(args[0], d->year, d->month, d->day, t->hour, t->minute, t->second, t->us, tz, t->fold);
}

static Value datetime_strptime(Value *args, size_t nargs, Value kwnames) {
    if (nargs != 3) return err_format(&exc_TypeError, "strptime() takes exactly 2 arguments (%zd given)", (ssize_t)nargs - 1);
    if (!str_check(args[1])) return err_format(&exc_TypeError, "strptime() argument 1 must be str, not %T", args[1]);
    if (!str_check(args[2])) return err_format(&exc_TypeError, "strptime() argument 2 must be str, not %T", args[2]);
    Value m = import_name(str_intern_cstr("_strptime"), VNULL, v_int(0), VNULL);
    if (!m) return VNULL;
    Value f = obj_getattr_cstr(m, "_strptime_datetime");
    if (!f) return VNULL;
    return obj_call(f, (Value[]){args[0], args[1], args[2]}, 3, VNULL);
}

/* where the date part of an ISO datetime ends (CPython's rule) */
static int64_t iso_separator(const char *s, int64_t len) {
    if (len == 7) return 7;
    if (s[4] == '-') {
        if (s[5] == 'W') {
            if (len < 8) return -1;
            if (len > 8 && s[8] == '-') {
                if (len == 9) return -1;
                if (len > 10 && is_digit(s[10])) return 8;
                return 10;
            }
            return 8;
        }
        return 10;
    }
    if (s[4] == 'W') {
        int64_t idx = 7;
        while (idx < len && is_digit(s[idx])) idx++;
        if (idx < 9) return idx;
        return idx % 2 == 0 ? 7 : 8;
    }
    return 8;
}

static Value datetime_fromisoformat(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("fromisoformat", nargs - 1, 1, 1) < 0) return VNULL;
    Value s = args[1];
    if (!str_check(s)) return err_set(&exc_TypeError, "fromisoformat: argument must be str");
    const char *p = str_data(s);
    int64_t len = str_nbytes(s);
    if (len < 7) return invalid_isoformat(s);
    int64_t sep = iso_separator(p, len);
    if (sep < 0 || sep > len) return invalid_isoformat(s);
    for (int64_t i = 0; i < sep; i++)
        if ((unsigned char)p[i] >= 0x80) return invalid_isoformat(s);
    int y, m, d, c[4] = {0, 0, 0, 0};
    Value tz = V_NONE;
    if (parse_isoformat_date(p, sep, &y, &m, &d) < 0) return invalid_isoformat(s);
    if (sep < len) {
        /* the separator is any one character (possibly several bytes) */
        unsigned char lead = (unsigned char)p[sep];
        int n = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        const char *tp = p + sep + n;
        int64_t tlen = len - sep - n;
        if (tlen < 0) return invalid_isoformat(s);
        for (int64_t i = 0; i < tlen; i++)
            if ((unsigned char)tp[i] >= 0x80) return invalid_isoformat(s);
        int r = parse_isoformat_time(tp, tlen, c, &tz);
        if (r == -2) return VNULL;
        if (r < 0) return invalid_isoformat(s);
    }
    return datetime_of_class(args[0], y, m, d, c[0], c[1], c[2], c[3], tz, 0);
}

static const MethodDef datetime_methods[] = {
    {"now", datetime_now, MF_CLASS | MF_KEYWORDS, NULL, &now_spec},
    {"utcnow", datetime_utcnow, MF_CLASS, NULL},
    {"fromtimestamp", datetime_fromtimestamp, MF_CLASS | MF_KEYWORDS, NULL, &fromts_spec},
    {"utcfromtimestamp", datetime_utcfromtimestamp, MF_CLASS, NULL},
    {"strptime", datetime_strptime, MF_CLASS, NULL},
    {"combine", datetime_combine, MF_CLASS | MF_KEYWORDS, NULL, &combine_spec},
    {"fromisoformat", datetime_fromisoformat, MF_CLASS, NULL},
    {"date", datetime_date, 0, NULL},
    {"time", datetime_time, 0, NULL},
    {"timetz", datetime_timetz, 0, NULL},
    {"ctime", datetime_ctime, 0, NULL},
    {"timetuple", datetime_timetuple, 0, NULL},
    {"timestamp", datetime_timestamp, 0, NULL},
    {"utctimetuple", datetime_utctimetuple, 0, NULL},
    {"isoformat", datetime_isoformat, MF_KEYWORDS, NULL, &dt_isoformat_spec},
    {"strftime", datetime_strftime, MF_KEYWORDS, NULL, &strftime_spec},
    {"utcoffset", datetime_utcoffset, 0, NULL},
    {"tzname", datetime_tzname, 0, NULL},
    {"dst", datetime_dst, 0, NULL},
    {"replace", datetime_replace, MF_KEYWORDS, NULL, &dt_replace_spec},
    {"astimezone", datetime_astimezone, MF_KEYWORDS, NULL, &astz_spec},
    {"__reduce_ex__", datetime_reduce_ex, 0, NULL},
    {"__reduce__", datetime_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef datetime_getsets[] = {
    {"hour", dt_get_hour, NULL, NULL},
    {"minute", dt_get_minute, NULL, NULL},
    {"second", dt_get_second, NULL, NULL},
    {"microsecond", dt_get_us, NULL, NULL},
    {"tzinfo", dt_get_tzinfo, NULL, NULL},
    {"fold", dt_get_fold, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type datetime_type = {
    .tname = "datetime.datetime",
    .base = &date_type,
    .flags = TF_BASETYPE,
    .basicsize = sizeof(DateTimeObject),
    .new_ = datetime_tp_new,
    .repr = datetime_repr,
    .str = datetime_str,
    .hash = datetime_hash,
    .richcompare = datetime_richcompare,
    .binop = datetime_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_SUB),
};

/* ---- for _zoneinfo ------------------------------------------------------------------------------ */

bool datetime_fields(Value v, DateTimeFields *f) {
    if (!datetime_check(v)) return false;
    const DateTimeObject *o = DT(v);
    *f = (DateTimeFields){o->d.year, o->d.month, o->d.day, o->hour, o->minute, o->second, o->us, o->fold,
                          type_of(v) == &datetime_type, o->tzinfo};
    return true;
}

Value datetime_exact_add_seconds(Value dt, int64_t seconds, int fold) {
    int f[7];
    if (split_total_us(dt_total_us(dt) + (i128)seconds * US_PER_SECOND, f) < 0) return VNULL;
    return new_datetime_ex(&datetime_type, f[0], f[1], f[2], f[3], f[4], f[5], f[6], DT(dt)->tzinfo, fold);
}

/* ---- the module ----------------------------------------------------------------------------- */

static const MethodDef isocal_methods[] = {
    {"__reduce__", isocal_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static void set_class_attr(Type *t, const char *name, Value v) {
    dict_set_cstr(t->dict, name, v);
    type_modified(t);
}

static void ready_type(Type *t, const char *name, const MethodDef *methods, const GetSetDef *getsets) {
    t->module = str_intern_cstr("datetime");
    t->name = str_intern_cstr(name);
    if (methods) type_add_methods(t, methods);
    if (getsets) type_add_getsets(t, getsets);
    type_ready(t);
}

static bool types_ready;

static void datetime_types_init(void) {
    if (types_ready) return;
    types_ready = true;
    type_add_members(&delta_type, delta_members);   /* member descriptors, as CPython's */
    ready_type(&delta_type, "timedelta", delta_methods, NULL);
    ready_type(&date_type, "date", date_methods, date_getsets);
    ready_type(&tzinfo_type, "tzinfo", tzinfo_methods, NULL);
    ready_type(&timezone_type, "timezone", timezone_methods, NULL);
    ready_type(&time_type, "time", time_methods, time_getsets);
    ready_type(&datetime_type, "datetime", datetime_methods, datetime_getsets);
    static const char *const isocal_fields[] = {"year", "week", "weekday", NULL};
    isocal_type = structseq_new_type("datetime", "IsoCalendarDate", isocal_fields, 3, 3);
    type_add_methods(isocal_type, isocal_methods);
    type_modified(isocal_type);

    set_class_attr(&delta_type, "min", delta_new_raw(&delta_type, -MAX_DELTA_DAYS, 0, 0));
    set_class_attr(&delta_type, "max", delta_new_raw(&delta_type, MAX_DELTA_DAYS, SECS_PER_DAY - 1, 999999));
    set_class_attr(&delta_type, "resolution", delta_new_raw(&delta_type, 0, 0, 1));
    set_class_attr(&date_type, "min", new_date_ex(&date_type, 1, 1, 1));
    set_class_attr(&date_type, "max", new_date_ex(&date_type, MAXYEAR, 12, 31));
    set_class_attr(&date_type, "resolution", delta_new_raw(&delta_type, 1, 0, 0));
    set_class_attr(&time_type, "min", new_time_ex(&time_type, 0, 0, 0, 0, V_NONE, 0));
    set_class_attr(&time_type, "max", new_time_ex(&time_type, 23, 59, 59, 999999, V_NONE, 0));
    set_class_attr(&time_type, "resolution", delta_new_raw(&delta_type, 0, 0, 1));
    set_class_attr(&datetime_type, "min", new_datetime_ex(&datetime_type, 1, 1, 1, 0, 0, 0, 0, V_NONE, 0));
    set_class_attr(&datetime_type, "max",
                   new_datetime_ex(&datetime_type, MAXYEAR, 12, 31, 23, 59, 59, 999999, V_NONE, 0));
    set_class_attr(&datetime_type, "resolution", delta_new_raw(&delta_type, 0, 0, 1));
    utc_tz = timezone_make(delta_new_raw(&delta_type, 0, 0, 0), VNULL);
    set_class_attr(&timezone_type, "utc", utc_tz);
    set_class_attr(&timezone_type, "min", timezone_make(new_delta(0, -(23 * 3600 + 59 * 60), 0), VNULL));
    set_class_attr(&timezone_type, "max", timezone_make(new_delta(0, 23 * 3600 + 59 * 60, 0), VNULL));
    epoch_utc = new_datetime_ex(&datetime_type, 1970, 1, 1, 0, 0, 0, 0, utc_tz, 0);
}

Value _datetime_module_create(void) {
    datetime_types_init();
    Value m = module_new_cstr("_datetime");
    module_add(m, "__doc__", str_from_cstr("Fast implementation of the datetime type."));
    module_add(m, "MINYEAR", v_int(MINYEAR));
    module_add(m, "MAXYEAR", v_int(MAXYEAR));
    module_add(m, "timedelta", V_FROM_PTR(&delta_type));
    module_add(m, "date", V_FROM_PTR(&date_type));
    module_add(m, "time", V_FROM_PTR(&time_type));
    module_add(m, "datetime", V_FROM_PTR(&datetime_type));
    module_add(m, "tzinfo", V_FROM_PTR(&tzinfo_type));
    module_add(m, "timezone", V_FROM_PTR(&timezone_type));
    module_add(m, "UTC", utc_tz);
    return m;
}
