/* float.c: Python float semantics (IEEE doubles; Python's rules for //, %,
 * ** and comparisons with ints, which are exact). */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../runtime.h"
#include "../util/numfmt.h"
#include "../mod/modules.h"

Type float_type;

FloatObject float_zeros[2] = {{{&float_type}, 0.0}, {{&float_type}, -0.0}};

Value float_box(double d) {
    if (d == 0.0) return float_zero_value(d);
    FloatObject *f = (FloatObject *)obj_alloc_atomic(&float_type, sizeof(FloatObject));
    f->value = d;
    return V_FROM_PTR(f);
}

Value float_repr(Value v) {
    char buf[40];
    size_t n = numfmt_float_repr(float_val(v), buf);
    return str_new(buf, n);
}

/* hash(x) == hash(int(x)) for integral x: reduce the exact value modulo the
 * Mersenne prime 2**61 - 1, as CPython does. */
#define HASH_BITS 61
#define HASH_MODULUS (((uint64_t)1 << HASH_BITS) - 1)

int64_t float_hash_double(double v) {
    if (!isfinite(v)) {
        if (isinf(v)) return v > 0 ? 314159 : -314159;
        return 0;   /* nan: callers use the object identity instead */
    }
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m) {
        x = ((x << 28) & HASH_MODULUS) | x >> (HASH_BITS - 28);
        m *= 268435456.0; /* 2**28 */
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MODULUS) x -= HASH_MODULUS;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MODULUS) | x >> (HASH_BITS - e);
    int64_t h = (int64_t)x * sign;
    return h == -1 ? -2 : h;
}

static int64_t float_hash(Value v) {
    double d = float_val(v);
    if (isnan(d)) {
        uint64_t x = (uint64_t)v;
        int64_t h = (int64_t)((x >> 4) | (x << 60));
        return h == -1 ? -2 : h;
    }
    return float_hash_double(d);
}

/* Convert an operand to double; VNULL-like failure signalled by *ok. */
static inline bool to_double(Value v, double *out) {
    if (v_is_smallfloat(v)) {
        *out = v_smallfloat_val(v);
        return true;
    }
    if (v_is_int(v)) {
        *out = (double)v_intval(v);
        return true;
    }
    if (float_check(v)) {
        *out = float_val(v);
        return true;
    }
    if (int_check(v)) {
        *out = int_as_double(v);
        return !(*out == -1.0 && err_occurred());
    }
    return false;
}

double obj_as_double(Value v) {
    double d;
    if (to_double(v, &d)) return d;
    if (err_occurred()) return -1.0;
    bool found;
    Value r = obj_call_special(v, NAME(__float__), NULL, 0, &found);
    if (found) {
        if (!r) return -1.0;
        if (!float_check(r)) {
            err_format(&exc_TypeError, "%T.__float__ returned non-float (type %T)", v, r);
            return -1.0;
        }
        return float_val(r);
    }
    r = obj_call_special(v, NAME(__index__), NULL, 0, &found);
    if (found) {
        if (!r) return -1.0;
        return int_as_double(r);
    }
    err_format(&exc_TypeError, "must be real number, not %T", v);
    return -1.0;
}

double float_mod(double a, double b) {
    double mod = fmod(a, b);
    if (mod) {
        if ((b < 0) != (mod < 0)) mod += b;
    } else {
        mod = copysign(0.0, b);
    }
    return mod;
}

double float_floordiv(double a, double b) {
    double mod = fmod(a, b);
    double div = (a - mod) / b;
    if (mod) {
        if ((b < 0) != (mod < 0)) div -= 1.0;
    }
    double floordiv;
    if (div) {
        floordiv = floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
    } else {
        floordiv = copysign(0.0, a / b);
    }
    return floordiv;
}

Value float_pow(double a, double b) {
    if (b == 0) return float_from_double(1.0);
    if (isnan(a)) return float_from_double(a);
    if (isnan(b)) return float_from_double(a == 1.0 ? 1.0 : b);
    if (isinf(b)) {
        a = fabs(a);
        if (a == 1.0) return float_from_double(1.0);
        if ((b > 0) == (a > 1.0)) return float_from_double(fabs(b));
        return float_from_double(0.0);
    }
    if (isinf(a)) {
        bool odd = fmod(fabs(b), 2.0) == 1.0;
        if (b > 0) return float_from_double(odd ? a : fabs(a));
        return float_from_double(odd ? copysign(0.0, a) : 0.0);
    }
    if (a == 0.0) {
        bool odd = fmod(fabs(b), 2.0) == 1.0;
        if (b < 0) return err_set(&exc_ZeroDivisionError, "0.0 cannot be raised to a negative power");
        return float_from_double(odd ? a : 0.0);
    }
    bool negate = false;
    if (a < 0) {
        if (b != floor(b)) return complex_power((Cplx){a, 0.0}, (Cplx){b, 0.0});   /* a complex root */
        a = -a;
        negate = fmod(fabs(b), 2.0) == 1.0;
    }
    if (a == 1.0) return float_from_double(negate ? -1.0 : 1.0);
    errno = 0;
    double r = pow(a, b);
    if (negate) r = -r;
    if (isinf(r)) return err_format(&exc_OverflowError, "(34, 'Numerical result out of range')");
    return float_from_double(r);
}

Value float_binop(Value a, Value b, int op) {
    double x, y;
    if (!to_double(a, &x) || !to_double(b, &y)) return err_occurred() ? VNULL : V_NOTIMPL;
    if (!float_check(a) && !float_check(b)) return V_NOTIMPL;
    switch (BINOP_BASE(op)) {
    case BINOP_ADD: return float_from_double(x + y);
    case BINOP_SUB: return float_from_double(x - y);
    case BINOP_MUL: return float_from_double(x * y);
    case BINOP_TRUEDIV:
        if (y == 0.0) return err_set(&exc_ZeroDivisionError, "float division by zero");
        return float_from_double(x / y);
    case BINOP_FLOORDIV:
        if (y == 0.0) return err_set(&exc_ZeroDivisionError, "float floor division by zero");
        return float_from_double(float_floordiv(x, y));
    case BINOP_MOD:
        if (y == 0.0) return err_set(&exc_ZeroDivisionError, "float modulo");
        return float_from_double(float_mod(x, y));
    case BINOP_POW: return float_pow(x, y);
    default: return V_NOTIMPL;
    }
}

static Value cmp_bool(int c, int op) {
    switch (op) {
    case CMP_LT: return v_bool(c < 0);
    case CMP_LE: return v_bool(c <= 0);
    case CMP_EQ: return v_bool(c == 0);
    case CMP_NE: return v_bool(c != 0);
    case CMP_GT: return v_bool(c > 0);
    default: return v_bool(c >= 0);
    }
}

/* The sign of d - x, exactly (not (double)x, which rounds beyond 2**53).
 * Compares x with d's integer part, then d's fraction decides a tie.
 * Compiled code calls this too. */
int float_cmp_i64(double d, int64_t x) {
    if (d >= 0x1p63) return 1;
    if (d < -0x1p63) return -1;
    double t = trunc(d);
    int64_t ti = (int64_t)t;   /* exact: -2**63 <= t < 2**63 */
    if (ti != x) return ti > x ? 1 : -1;
    return (d > t) - (d < t);
}

/* Exact comparison of a double with an int. */
static int cmp_double_int(double d, Value i) {
    if (v_is_int(i)) return float_cmp_i64(d, v_intval(i));
    if (isinf(d)) return d > 0 ? 1 : -1;
    mpz_t z;
    mpz_init(z);
    int_to_mpz(i, z);
    int c = -mpz_cmp_d(z, d);
    mpz_clear(z);
    return (c > 0) - (c < 0);
}

Value float_richcompare(Value a, Value b, int op) {
    if (!float_check(a)) {
        /* int op float: swap */
        if (int_check(a) && float_check(b)) return float_richcompare(b, a, cmpop_swapped[op]);
        return V_NOTIMPL;
    }
    double x = float_val(a);
    if (float_check(b)) {
        double y = float_val(b);
        switch (op) {
        case CMP_LT: return v_bool(x < y);
        case CMP_LE: return v_bool(x <= y);
        case CMP_EQ: return v_bool(x == y);
        case CMP_NE: return v_bool(x != y);
        case CMP_GT: return v_bool(x > y);
        default: return v_bool(x >= y);
        }
    }
    if (int_check(b)) {
        if (isnan(x)) return v_bool(op == CMP_NE);
        return cmp_bool(cmp_double_int(x, b), op);
    }
    return V_NOTIMPL;
}

static Value float_unop(Value a, int op) {
    double x = float_val(a);
    switch (op) {
    case UNOP_NEG: return float_from_double(-x);
    case UNOP_POS: return float_from_double(x);
    case UNOP_ABS: return float_from_double(fabs(x));
    default: return V_NOTIMPL;
    }
}

static int float_truth(Value v) { return float_val(v) != 0.0; }

static Value float_subtype(Type *t, double d) {
    if (t == &float_type) return float_from_double(d);
    FloatObject *f = (FloatObject *)obj_alloc(t, t->basicsize);
    f->value = d;
    return V_FROM_PTR(f);
}

static const ArgSpec float_args = {"float", 1, 0, 0, {"x=0", NULL}};
static Value float_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw_unless_init("float", t, kwnames) < 0) return VNULL;
    if (arg_parse(&float_args, args, nargs, VNULL, NULL) < 0) return VNULL;   /* keywords: above */
    if (nargs == 0) return float_subtype(t, 0.0);
    Value x = args[0];
    if (float_check_exact(x)) return float_subtype(t, float_val(x));
    /* as CPython's PyNumber_Float: __float__ first (a float subclass may
       override it), then __index__ */
    if (!int_check(x) && !str_check_exact(x)) {
        bool found;
        Value r = obj_call_special(x, NAME(__float__), NULL, 0, &found);
        if (found) {
            if (!r) return VNULL;
            if (!float_check(r)) return err_format(&exc_TypeError, "%T.__float__ returned non-float (type %T)", x, r);
            if (!float_check_exact(r)) {
                Value msg = str_printf("%T.__float__ returned non-float (type %T).  The ability to return an instance "
                                       "of a strict subclass of float is deprecated, and may be removed in a future "
                                       "version of Python.", x, r);
                if (!msg || warn_c(&exc_DeprecationWarning, msg, 1) < 0) return VNULL;
            }
            return float_subtype(t, float_val(r));
        }
    }
    /* strings (a str subclass's __float__ came first) and buffers */
    if (str_check(x) || byteslike_check(x)) {
        const char *s = "";
        int64_t bn = 0;
        size_t n;
        if (str_check(x)) {
            s = str_data(x);
            n = (size_t)str_nbytes(x);
        } else {
            byteslike_view(x, &s, &bn);
            n = (size_t)bn;
        }
        double d;
        if (numfmt_parse_float(s, n, &d) < 0)
            return err_format(&exc_ValueError, "could not convert string to float: %R", x);
        return float_subtype(t, d);
    }
    double d = obj_as_double(x);
    if (d == -1.0 && err_occurred()) {
        if (err_matches(&exc_TypeError) && !int_check(x)) {
            err_clear();
            return err_format(&exc_TypeError, "float() argument must be a string or a real number, not '%T'", x);
        }
        return VNULL;
    }
    return float_subtype(t, d);
}

/* ---- methods ------------------------------------------------------------------- */

static const ArgSpec float_is_integer_args = {"float.is_integer", 0, 0, 0, {NULL}};
static Value float_is_integer(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&float_is_integer_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    double d = float_val(args[0]);
    return v_bool(isfinite(d) && floor(d) == d);
}

static Value float_int_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return int_from_double(float_val(args[0]));
}

static Value float_float_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return float_from_double(float_val(args[0]));
}

static Value float_floor_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return int_from_double(floor(float_val(args[0])));
}

static Value float_ceil_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return int_from_double(ceil(float_val(args[0])));
}

static const ArgSpec float_round_args = {"__round__", 1, 0, 0, {"ndigits=None", NULL}};
static Value float_round_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&float_round_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    double x = float_val(args[0]);
    if (nargs == 1 || args[1] == V_NONE) {
        double r = round(x);
        if (fabs(x - trunc(x)) == 0.5) r = 2.0 * round(x / 2.0);  /* half to even */
        return int_from_double(r);
    }
    /* any int: beyond the int64 range it is as good as the range's ends
       (CPython clips to Py_ssize_t the same way) */
    Value ndv = obj_index(args[1]);
    if (!ndv) return VNULL;
    int64_t nd;
    if (v_is_int(ndv)) {
        nd = v_intval(ndv);
    } else {
        int neg = obj_richcompare_bool(ndv, v_int(0), CMP_LT);
        if (neg < 0) return VNULL;
        nd = neg ? -(INT64_C(1) << 62) : INT64_C(1) << 62;
    }
    if (!isfinite(x) || x == 0.0) return float_from_double(x);
    double r;
    NumFmtError e;
    if (numfmt_round_double(x, nd, &r, &e) < 0) return err_set(&exc_OverflowError, e.msg);
    return float_from_double(r);
}

static const ArgSpec float_as_integer_ratio_args = {"float.as_integer_ratio", 0, 0, 0, {NULL}};
static Value float_as_integer_ratio(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&float_as_integer_ratio_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    double x = float_val(args[0]);
    if (isinf(x)) return err_set(&exc_OverflowError, "cannot convert Infinity to integer ratio");
    if (isnan(x)) return err_set(&exc_ValueError, "cannot convert NaN to integer ratio");
    int e;
    double m = frexp(x, &e);
    for (int i = 0; i < 300 && m != floor(m); i++) {
        m *= 2.0;
        e--;
    }
    mpz_t num, den;
    mpz_init_set_d(num, m);
    mpz_init_set_ui(den, 1);
    if (e > 0) mpz_mul_2exp(num, num, (mp_bitcnt_t)e);
    else mpz_mul_2exp(den, den, (mp_bitcnt_t)-e);
    Value r = tuple_pack(2, int_from_mpz(num), int_from_mpz(den));
    mpz_clears(num, den, NULL);
    return r;
}

static const ArgSpec float_format_args = {"float.__format__", 1, 1, 0, {"format_spec", NULL}};
static Value float_format_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&float_format_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    if (!str_check(args[1])) return err_format(&exc_TypeError, "__format__() argument must be str, not %T", args[1]);
    return obj_format_builtin(args[0], args[1]);
}

static const ArgSpec float_hex_args = {"float.hex", 0, 0, 0, {NULL}};
static Value float_hex_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&float_hex_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    double x = float_val(args[0]);
    if (isnan(x)) return str_from_cstr("nan");
    if (isinf(x)) return str_from_cstr(x > 0 ? "inf" : "-inf");
    if (x == 0) return str_from_cstr(signbit(x) ? "-0x0.0p+0" : "0x0.0p+0");
    char buf[64];
    int e;
    double m = frexp(fabs(x), &e);   /* m in [0.5, 1) */
    m *= 2.0;
    e -= 1;
    if (e < -1022) {  /* subnormal: CPython prints 0x0.xxxp-1022 */
        m = ldexp(m, e + 1022);
        e = -1022;
    }
    int lead = (int)m;
    m -= lead;
    char digits[16];
    for (int i = 0; i < 13; i++) {
        m *= 16.0;
        int d = (int)m;
        m -= d;
        digits[i] = "0123456789abcdef"[d];
    }
    digits[13] = 0;
    snprintf(buf, sizeof buf, "%s0x%d.%sp%+d", x < 0 ? "-" : "", lead, digits, e);
    return str_from_cstr(buf);
}

/* The value of hex digits [.digits] [p exponent] (s..s+n, no sign, no
 * 0x), correctly rounded half to even, subnormals included (glibc's strtod
 * rounds hex subnormals down). 0, -1 for bad syntax, -2 for overflow. */
static int parse_hex_float(const char *s, size_t n, double *out) {
    size_t i = 0;
    uint64_t m = 0;        /* the first 60 significant bits */
    int64_t e = 0;         /* value = m * 2**e, before the exponent part */
    bool sticky = false, digits = false, point = false;
    for (; i < n; i++) {
        int c = (unsigned char)s[i], v;
        if (c == '.' && !point) {
            point = true;
            continue;
        }
        if (c >= '0' && c <= '9') v = c - '0';
        else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
        else break;
        digits = true;
        if (m >> 56) {           /* no room: later digits only round */
            sticky |= v != 0;
            if (!point) e += 4;
        } else {
            m = m << 4 | (uint64_t)v;
            if (point) e -= 4;
        }
    }
    if (!digits) return -1;
    if (i < n && (s[i] == 'p' || s[i] == 'P')) {
        i++;
        bool neg = false;
        if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
        if (i == n) return -1;
        int64_t x = 0;
        for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
            if (x < (INT64_C(1) << 40)) x = x * 10 + (s[i] - '0');
        e += neg ? -x : x;
    }
    if (i != n) return -1;
    if (m == 0) {
        *out = 0.0;
        return 0;
    }
    /* normalize: top bit at 63; the value lies in [2**E, 2**(E+1)) */
    int lead = __builtin_clzll(m);
    m <<= lead;
    e -= lead;
    int64_t E = e + 63;
    if (E > 1024) return -2;
    /* bits kept: 53, fewer for subnormals (none below 2**-1075) */
    int64_t keep = E >= -1022 ? 53 : 53 - (-1022 - E);
    if (keep < 0) {
        *out = 0.0;   /* below half the smallest subnormal */
        return 0;
    }
    uint64_t kept, rest;   /* rest: the dropped bits, top-aligned */
    if (keep == 0) {
        kept = 0;
        rest = m;
    } else {
        kept = m >> (64 - keep);
        rest = m << keep;
    }
    bool half = rest >> 63, more = (rest << 1) != 0 || sticky;
    if (half && (more || (kept & 1))) kept++;
    double d = ldexp((double)kept, (int)(E - keep + 1));
    if (isinf(d)) return -2;
    *out = d;
    return 0;
}

static const ArgSpec float_fromhex_args = {"float.fromhex", 1, 1, 0, {"string", NULL}};
static Value float_fromhex_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&float_fromhex_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    if (!str_check(args[1])) return err_format(&exc_TypeError, "fromhex() argument must be str, not %T", args[1]);
    /* [sign] ['0x'] hexdigits ['.' hexdigits] ['p' exponent], or inf,
       infinity, nan; surrounding whitespace */
    const char *p = str_data(args[1]), *end_of = p + str_nbytes(args[1]);
    while (p < end_of && *p && strchr(" \t\n\r\f\v", *p)) p++;
    while (end_of > p && end_of[-1] && strchr(" \t\n\r\f\v", end_of[-1])) end_of--;
    size_t n = (size_t)(end_of - p), i = 0;
    bool neg = false;
    if (i < n && (p[i] == '+' || p[i] == '-')) neg = p[i++] == '-';
    double d = 0;
    static const char *const names[] = {"inf", "infinity", "nan"};
    int named = -1;
    for (int j = 0; j < 3; j++)
        if (n - i == strlen(names[j]) && strncasecmp(p + i, names[j], n - i) == 0) named = j;
    if (named >= 0) {
        d = named == 2 ? NAN : INFINITY;
    } else {
        if (n - i >= 2 && p[i] == '0' && (p[i + 1] == 'x' || p[i + 1] == 'X')) i += 2;
        int r = parse_hex_float(p + i, n - i, &d);
        if (r == -1) return err_set(&exc_ValueError, "invalid hexadecimal floating-point string");
        if (r == -2) return err_set(&exc_OverflowError, "hexadecimal value too large to represent as a float");
    }
    Value r = float_from_double(neg ? -d : d);
    if (V_AS(Type, args[0]) != &float_type) return obj_call1(args[0], r);
    return r;
}

static Value float_conjugate(Value *args, size_t nargs, Value kwnames) { return float_float_m(args, nargs, kwnames); }

static const ArgSpec float_getnewargs_args = {"float.__getnewargs__", 0, 0, 0, {NULL}};
static Value float_getnewargs(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&float_getnewargs_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return tuple_pack(1, float_from_double(float_val(args[0])));
}

/* float.__getformat__(typestr): how C doubles and floats are stored */
static const ArgSpec float_getformat_args = {"float.__getformat__", 1, 1, 0, {"typestr", NULL}};
static Value float_getformat_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&float_getformat_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value t = args[1];
    if (!str_check(t)) return err_format(&exc_TypeError, "__getformat__() argument must be str, not %T", t);
    if (!str_eq_cstr(t, "double") && !str_eq_cstr(t, "float"))
        return err_set(&exc_ValueError, "__getformat__() argument 1 must be 'double' or 'float'");
    return str_from_cstr("IEEE, little-endian");
}

/* the wording of a slot wrapper's argument count */
static Value slot_arg_error(size_t nargs) {
    return err_format(&exc_TypeError, "expected 1 argument, got %zd", (ssize_t)nargs - 1);
}

/* float.__divmod__ / __rdivmod__: with an int or float, else NotImplemented */
static Value float_divmod_values(Value a, Value b) {
    if (!(float_check(a) || int_check(a)) || !(float_check(b) || int_check(b))) return V_NOTIMPL;
    double x = obj_as_double(a), y = obj_as_double(b);
    if (err_occurred()) return VNULL;
    if (y == 0.0) return err_set(&exc_ZeroDivisionError, "float divmod()");
    return tuple_pack(2, float_from_double(float_floordiv(x, y)), float_from_double(float_mod(x, y)));
}
static Value float_divmod_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2) return slot_arg_error(nargs);
    return float_divmod_values(args[0], args[1]);
}
static Value float_rdivmod_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2) return slot_arg_error(nargs);
    return float_divmod_values(args[1], args[0]);
}

static const MethodDef float_methods[] = {
    {"__divmod__", float_divmod_m, 0, "Return divmod(self, value)."},
    {"__rdivmod__", float_rdivmod_m, 0, "Return divmod(value, self)."},
    {"__getformat__", float_getformat_m, MF_CLASS, NULL, &float_getformat_args},
    {"is_integer", float_is_integer, 0, NULL, &float_is_integer_args},
    {"__int__", float_int_m, 0, NULL},
    {"__trunc__", float_int_m, 0, NULL},
    {"__float__", float_float_m, 0, NULL},
    {"__floor__", float_floor_m, 0, NULL},
    {"__ceil__", float_ceil_m, 0, NULL},
    {"__round__", float_round_m, 0, NULL, &float_round_args},
    {"__format__", float_format_m, 0, NULL, &float_format_args},
    {"__getnewargs__", float_getnewargs, 0, NULL, &float_getnewargs_args},
    {"as_integer_ratio", float_as_integer_ratio, 0, NULL, &float_as_integer_ratio_args},
    {"hex", float_hex_m, 0, NULL, &float_hex_args},
    {"fromhex", float_fromhex_m, MF_CLASS, NULL, &float_fromhex_args},
    {"conjugate", float_conjugate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Value float_get_real(Value v) { return float_from_double(float_val(v)); }
static Value float_get_imag(Value v) {
    (void)v;
    return float_from_double(0.0);
}

static const GetSetDef float_getsets[] = {
    {"real", float_get_real, NULL, NULL},
    {"imag", float_get_imag, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

Type float_type = {
    .tname = "float",
    .sig = &float_args,
    .flags = TF_BASETYPE | TF_FLOAT_SUBCLASS,
    .basicsize = sizeof(FloatObject),
    .repr = float_repr,
    .hash = float_hash,
    .richcompare = float_richcompare,
    .binop = float_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_SUB) | (1u << BINOP_MUL) | (1u << BINOP_TRUEDIV) |
                  (1u << BINOP_FLOORDIV) | (1u << BINOP_MOD) | (1u << BINOP_POW),
    .unop = float_unop,
    .unop_mask = (1u << UNOP_NEG) | (1u << UNOP_POS) | (1u << UNOP_ABS),
    .truth = float_truth,
    .new_ = float_new,
};

void float_init(void) {
    type_add_methods(&float_type, float_methods);
    type_add_getsets(&float_type, float_getsets);
    type_ready(&float_type);
}
