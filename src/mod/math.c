/* math.c: the math module, with CPython's error behaviour (ValueError "math
 * domain error", OverflowError "math range error") and exact integer
 * functions on GMP. */
#include <errno.h>
#include <float.h>
#include <math.h>

#include "../runtime.h"

static Value domain_error(void) { return err_set(&exc_ValueError, "math domain error"); }
static Value range_error(void) { return err_set(&exc_OverflowError, "math range error"); }

static bool get_double(Value v, double *out) {
    if (v_is_smallfloat(v)) {
        *out = v_smallfloat_val(v);
        return true;
    }
    if (v_is_int(v)) {
        *out = (double)v_intval(v);
        return true;
    }
    double d = obj_as_double(v);
    if (d == -1.0 && err_occurred()) return false;
    *out = d;
    return true;
}

/* Wrap a libm function of one argument. can_overflow: a finite argument
 * may give an infinite result (then OverflowError). */
static Value math_1(Value *args, size_t nargs, Value kwnames, const ArgSpec *spec, double (*fn)(double),
                    bool can_overflow) {
    if (arg_parse(spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    errno = 0;
    double r = fn(x);
    if (isnan(r) && !isnan(x)) return domain_error();
    if (isinf(r) && isfinite(x)) {
        if (can_overflow) return range_error();
        return domain_error();
    }
    return float_from_double(r);
}

#define MATH_FUNC1(pyname, cfn, ovf)                                                   \
    static const ArgSpec m_##pyname##_spec = {"math." #pyname, 1, 1, 0, {"x", NULL}};  \
    static Value m_##pyname(Value *args, size_t nargs, Value kwnames) {                \
        return math_1(args, nargs, kwnames, &m_##pyname##_spec, cfn, ovf);             \
    }

MATH_FUNC1(sin, sin, false)
MATH_FUNC1(cos, cos, false)
MATH_FUNC1(tan, tan, false)
MATH_FUNC1(asin, asin, false)
MATH_FUNC1(acos, acos, false)
MATH_FUNC1(atan, atan, false)
MATH_FUNC1(sinh, sinh, true)
MATH_FUNC1(cosh, cosh, true)
MATH_FUNC1(tanh, tanh, false)
MATH_FUNC1(asinh, asinh, false)
MATH_FUNC1(acosh, acosh, false)
MATH_FUNC1(atanh, atanh, false)
MATH_FUNC1(exp, exp, true)
MATH_FUNC1(exp2, exp2, true)
MATH_FUNC1(expm1, expm1, true)
MATH_FUNC1(fabs, fabs, false)
MATH_FUNC1(erf, erf, false)
MATH_FUNC1(erfc, erfc, false)
MATH_FUNC1(cbrt, cbrt, false)

static const ArgSpec m_sqrt_spec = {"math.sqrt", 1, 1, 0, {"x", NULL}};
static Value m_sqrt(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_sqrt_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    if (x < 0) return domain_error();
    return float_from_double(sqrt(x));
}

static const ArgSpec m_gamma_spec = {"math.gamma", 1, 1, 0, {"x", NULL}};
static Value m_gamma(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_gamma_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    if (isnan(x)) return float_from_double(x);
    if (x == INFINITY) return float_from_double(x);
    if (x == -INFINITY || (x <= 0 && x == floor(x))) return domain_error();
    double r = tgamma(x);
    if (isinf(r)) return range_error();
    return float_from_double(r);
}

static const ArgSpec m_lgamma_spec = {"math.lgamma", 1, 1, 0, {"x", NULL}};
static Value m_lgamma(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_lgamma_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    if (isnan(x)) return float_from_double(x);
    if (isinf(x)) return float_from_double(INFINITY);
    if (x <= 0 && x == floor(x)) return domain_error();
    double r = lgamma(x);
    if (isinf(r)) return range_error();
    return float_from_double(r);
}

/* floor/ceil/trunc return ints; objects may define __floor__ etc. */
static Value round_to_int(Value *args, size_t nargs, Value kwnames, const ArgSpec *spec, Value dunder,
                          double (*fn)(double)) {
    if (arg_parse(spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value x = args[0];
    if (v_is_smallfloat(x) || float_check_exact(x)) return int_from_double(fn(float_val(x)));
    if (int_check(x)) return obj_index(x);
    bool found;
    Value r = obj_call_special(x, dunder, NULL, 0, &found);
    if (found) return r;
    if (dunder == NAME(__trunc__)) return err_format(&exc_TypeError, "type %T doesn't define __trunc__ method", x);
    double d;
    if (!get_double(x, &d)) return VNULL;
    return int_from_double(fn(d));
}

static const ArgSpec m_floor_spec = {"math.floor", 1, 1, 0, {"x", NULL}};
static Value m_floor(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return round_to_int(args, nargs, kwnames, &m_floor_spec, NAME(__floor__), floor);
}
static const ArgSpec m_ceil_spec = {"math.ceil", 1, 1, 0, {"x", NULL}};
static Value m_ceil(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return round_to_int(args, nargs, kwnames, &m_ceil_spec, NAME(__ceil__), ceil);
}
static const ArgSpec m_trunc_spec = {"math.trunc", 1, 1, 0, {"x", NULL}};
static Value m_trunc(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return round_to_int(args, nargs, kwnames, &m_trunc_spec, NAME(__trunc__), trunc);
}

/* log of an int, including ones too big for a double */
static bool log_of(Value v, double *out, double (*fn)(double)) {
    if (int_check(v) && !v_is_int(v)) {
        if (int_sign(v) <= 0) {
            domain_error();
            return false;
        }
        mpz_t z;
        mpz_init(z);
        int_to_mpz(v, z);
        long e;
        double m = mpz_get_d_2exp(&e, z);
        mpz_clear(z);
        /* log(m * 2**e) = log(m) + e*log(2) */
        *out = fn(m) + (double)e * fn(2.0);
        return true;
    }
    double x;
    if (!get_double(v, &x)) return false;
    if (x <= 0 || isnan(x)) {
        if (isnan(x)) {
            *out = x;
            return true;
        }
        domain_error();
        return false;
    }
    *out = fn(x);
    return true;
}

static Value m_log(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("log", nargs, 1, 2) < 0) return VNULL;
    double num;
    if (!log_of(args[0], &num, log)) return VNULL;
    if (nargs == 1) return float_from_double(num);
    double den;
    if (!log_of(args[1], &den, log)) return VNULL;
    if (den == 0) return err_set(&exc_ZeroDivisionError, "float division by zero");
    return float_from_double(num / den);
}

static const ArgSpec m_log10_spec = {"math.log10", 1, 1, 0, {"x", NULL}};
static Value m_log10(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_log10_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double r;
    if (!log_of(args[0], &r, log10)) return VNULL;
    return float_from_double(r);
}

static const ArgSpec m_log2_spec = {"math.log2", 1, 1, 0, {"x", NULL}};
static Value m_log2(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_log2_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double r;
    if (!log_of(args[0], &r, log2)) return VNULL;
    return float_from_double(r);
}

static const ArgSpec m_log1p_spec = {"math.log1p", 1, 1, 0, {"x", NULL}};
static Value m_log1p(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_log1p_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    if (x <= -1.0) return domain_error();
    return float_from_double(log1p(x));
}

static const ArgSpec m_pow_spec = {"pow", 2, 2, 0, {"x", "y", NULL}};
static Value m_pow(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_pow_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x, y;
    if (!get_double(args[0], &x) || !get_double(args[1], &y)) return VNULL;
    if (x == 0.0 && y < 0 && isfinite(y)) return domain_error();
    if (x < 0 && isfinite(x) && isfinite(y) && y != floor(y)) return domain_error();
    double r = pow(x, y);
    if (isinf(r) && isfinite(x) && isfinite(y)) return range_error();
    return float_from_double(r);
}

static const ArgSpec m_atan2_spec = {"atan2", 2, 2, 0, {"y", "x", NULL}};
static Value m_atan2(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_atan2_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double y, x;
    if (!get_double(args[0], &y) || !get_double(args[1], &x)) return VNULL;
    return float_from_double(atan2(y, x));
}

static const ArgSpec m_fmod_spec = {"fmod", 2, 2, 0, {"x", "y", NULL}};
static Value m_fmod(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_fmod_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x, y;
    if (!get_double(args[0], &x) || !get_double(args[1], &y)) return VNULL;
    if (isinf(y) && isfinite(x)) return float_from_double(x);
    if (y == 0 || isinf(x)) {
        if (isnan(x) || isnan(y)) return float_from_double(NAN);
        return domain_error();
    }
    return float_from_double(fmod(x, y));
}

static const ArgSpec m_remainder_spec = {"remainder", 2, 2, 0, {"x", "y", NULL}};
static Value m_remainder(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_remainder_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x, y;
    if (!get_double(args[0], &x) || !get_double(args[1], &y)) return VNULL;
    if (isnan(x) || isnan(y)) return float_from_double(NAN);
    if (isinf(x) || y == 0) return domain_error();
    return float_from_double(remainder(x, y));
}

static const ArgSpec m_copysign_spec = {"copysign", 2, 2, 0, {"x", "y", NULL}};
static Value m_copysign(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_copysign_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x, y;
    if (!get_double(args[0], &x) || !get_double(args[1], &y)) return VNULL;
    return float_from_double(copysign(x, y));
}

/* The Euclidean norm of n >= 2 finite non-negative values whose largest is
   maxv > 0, correctly rounded in all but rare halfway cases (CPython's hypot
   and dist promise this). The values are scaled by a power of two (exact) so
   the largest lies in [0.5, 1); each square is split exactly into p + pl with
   fma, and the squares are summed in double-double (TwoSum, with the rounding
   errors gathered in lo). The square root of that sum is then corrected by
   one Newton step whose residual is computed exactly with fma. */
static double vector_norm(double *v, size_t n, double maxv) {
    int e;
    frexp(maxv, &e);
    if (e < -1023) {
        /* A subnormal largest value: 2**-e would overflow. Scale everything
           up by 2**1022 first (exact: no value is then above 1). */
        for (size_t i = 0; i < n; i++) v[i] /= DBL_MIN;
        return DBL_MIN * vector_norm(v, n, maxv / DBL_MIN);
    }
    double scale = ldexp(1.0, -e);
    double hi = 0.0, lo = 0.0;
    for (size_t i = 0; i < n; i++) {
        double x = v[i] * scale;
        double p = x * x, pl = fma(x, x, -p);
        double s = hi + p, bp = s - hi;
        lo += (hi - (s - bp)) + (p - bp) + pl;
        hi = s;
    }
    double sum = hi + lo;
    lo -= sum - hi;
    hi = sum;
    double h = sqrt(hi);
    double sq = h * h, sql = fma(h, h, -sq);
    double resid = ((hi - sq) - sql) + lo;
    h += resid / (2.0 * h);
    return h / scale;
}

static Value m_hypot(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    double maxv = 0;
    double *vals = gc_alloc_atomic(sizeof(double) * (nargs + 1));
    bool found_nan = false, found_inf = false;
    for (size_t i = 0; i < nargs; i++) {
        if (!get_double(args[i], &vals[i])) return VNULL;
        vals[i] = fabs(vals[i]);
        if (isnan(vals[i])) found_nan = true;
        if (isinf(vals[i])) found_inf = true;
        if (vals[i] > maxv) maxv = vals[i];
    }
    if (found_inf) return float_from_double(INFINITY);
    if (found_nan) return float_from_double(NAN);
    if (maxv == 0 || nargs == 1) return float_from_double(maxv);
    return float_from_double(vector_norm(vals, nargs, maxv));
}

static const ArgSpec m_dist_spec = {"dist", 2, 2, 0, {"p", "q", NULL}};
static Value m_dist(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_dist_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value p = tuple_from_iterable(args[0]), q = tuple_from_iterable(args[1]);
    if (!p || !q) return VNULL;
    if (tuple_size(p) != tuple_size(q)) return err_set(&exc_ValueError, "both points must have the same number of dimensions");
    int64_t n = tuple_size(p);
    Value *diffs = gc_alloc(sizeof(Value) * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        double a, b;
        if (!get_double(tuple_get(p, i), &a) || !get_double(tuple_get(q, i), &b)) return VNULL;
        diffs[i] = float_from_double(a - b);
    }
    return m_hypot(diffs, (size_t)n, VNULL);
}

static const ArgSpec m_degrees_spec = {"math.degrees", 1, 1, 0, {"x", NULL}};
static Value m_degrees(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_degrees_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    return float_from_double(x * (180.0 / M_PI));
}

static const ArgSpec m_radians_spec = {"math.radians", 1, 1, 0, {"x", NULL}};
static Value m_radians(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_radians_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    return float_from_double(x * (M_PI / 180.0));
}

static const ArgSpec m_isnan_spec = {"math.isnan", 1, 1, 0, {"x", NULL}};
static Value m_isnan(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_isnan_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    return v_bool(isnan(x));
}

static const ArgSpec m_isinf_spec = {"math.isinf", 1, 1, 0, {"x", NULL}};
static Value m_isinf(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_isinf_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    return v_bool(isinf(x));
}

static const ArgSpec m_isfinite_spec = {"math.isfinite", 1, 1, 0, {"x", NULL}};
static Value m_isfinite(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_isfinite_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    return v_bool(isfinite(x));
}

static Value m_isclose(Value *args, size_t nargs, Value kwnames) {
    if (nargs != 2) return err_format(&exc_TypeError, "isclose() takes exactly 2 positional arguments (%zd given)", (ssize_t)nargs);
    static const char *const kws[] = {"rel_tol", "abs_tol", NULL};
    if (arg_kw_allowed("isclose", kwnames, kws) < 0) return VNULL;
    double a, b, rel = 1e-9, abst = 0.0;
    if (!get_double(args[0], &a) || !get_double(args[1], &b)) return VNULL;
    Value r = arg_kw(args, nargs, kwnames, "rel_tol"), t = arg_kw(args, nargs, kwnames, "abs_tol");
    if (r && !get_double(r, &rel)) return VNULL;
    if (t && !get_double(t, &abst)) return VNULL;
    if (rel < 0.0 || abst < 0.0) return err_set(&exc_ValueError, "tolerances must be non-negative");
    if (a == b) return V_TRUE;
    if (isinf(a) || isinf(b)) return V_FALSE;
    double diff = fabs(b - a);
    return v_bool(((diff <= fabs(rel * b)) || (diff <= fabs(rel * a))) || (diff <= abst));
}

static const ArgSpec m_modf_spec = {"math.modf", 1, 1, 0, {"x", NULL}};
static Value m_modf(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_modf_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x, ip;
    if (!get_double(args[0], &x)) return VNULL;
    if (isinf(x)) return tuple_pack(2, float_from_double(copysign(0.0, x)), float_from_double(x));
    double fp = modf(x, &ip);
    return tuple_pack(2, float_from_double(fp), float_from_double(ip));
}

static const ArgSpec m_frexp_spec = {"math.frexp", 1, 1, 0, {"x", NULL}};
static Value m_frexp(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_frexp_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    int e = 0;
    double m = (isnan(x) || isinf(x) || x == 0) ? x : frexp(x, &e);
    return tuple_pack(2, float_from_double(m), v_int(e));
}

static const ArgSpec m_ldexp_spec = {"ldexp", 2, 2, 0, {"x", "i", NULL}};
static Value m_ldexp(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_ldexp_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    if (!int_check(args[1])) return err_set(&exc_TypeError, "Expected an int as second argument to ldexp.");
    int64_t e = int_as_i64_clamped(args[1], -100000, 100000);
    if (x == 0 || !isfinite(x)) return float_from_double(x);
    double r = ldexp(x, (int)e);
    if (isinf(r)) return range_error();
    return float_from_double(r);
}

/* exact float sum: running list of non-overlapping partials */
static const ArgSpec m_fsum_spec = {"math.fsum", 1, 1, 0, {"seq", NULL}};
static Value m_fsum(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_fsum_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    size_t n = 0, cap = 32;
    double *p = gc_alloc_atomic(sizeof(double) * cap);
    double special = 0.0, inf_sum = 0.0;
    bool have_special = false;
    for (;;) {
        Value v = obj_next(it);
        if (!v) {
            if (err_occurred()) return VNULL;
            break;
        }
        double x;
        if (!get_double(v, &x)) return VNULL;
        if (!isfinite(x)) {
            if (isinf(x)) inf_sum += x;
            special += x;
            have_special = true;
            continue;
        }
        size_t i = 0;
        for (size_t j = 0; j < n; j++) {
            double y = p[j];
            if (fabs(x) < fabs(y)) {
                double t = x;
                x = y;
                y = t;
            }
            double hi = x + y;
            double lo = y - (hi - x);
            if (lo != 0.0) p[i++] = lo;
            x = hi;
        }
        n = i;
        if (isinf(x)) return err_set(&exc_OverflowError, "intermediate overflow in fsum");
        if (x == 0.0) continue;   /* as CPython 3.11: a sum of zeros is +0.0, even of -0.0s */
        if (n == cap) {
            double *np = gc_alloc_atomic(sizeof(double) * cap * 2);
            memcpy(np, p, sizeof(double) * n);
            p = np;
            cap *= 2;
        }
        p[n++] = x;
    }
    if (have_special) {
        if (isnan(inf_sum)) return err_set(&exc_ValueError, "-inf + inf in fsum");
        return float_from_double(special);
    }
    double hi = 0.0;
    if (n > 0) {
        hi = p[--n];
        double lo = 0;
        while (n > 0) {
            double x = hi, y = p[--n];
            hi = x + y;
            double yr = hi - x;
            lo = y - yr;
            if (lo != 0.0) break;
        }
        /* round-half-even correction */
        if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
            double y = lo * 2.0;
            double x = hi + y;
            double yr = x - hi;
            if (y == yr) hi = x;
        }
    }
    return float_from_double(hi);
}

/* ---- integer functions -------------------------------------------------------------- */

static Value need_int(Value v) {
    if (float_check(v)) return err_format(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    return obj_index(v);
}

static const ArgSpec m_factorial_spec = {"math.factorial", 1, 1, 0, {"n", NULL}};
static Value m_factorial(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_factorial_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value n = need_int(args[0]);
    if (!n) return VNULL;
    if (int_sign(n) < 0) return err_set(&exc_ValueError, "factorial() not defined for negative values");
    int64_t k = int_as_i64(n);
    if (k == -1 && err_occurred()) {
        err_clear();
        return err_set(&exc_OverflowError, "factorial() argument should not exceed 9223372036854775807");
    }
    if (k > 1000000) return err_no_memory();
    mpz_t z;
    mpz_init(z);
    mpz_fac_ui(z, (unsigned long)k);
    Value r = int_from_mpz(z);
    mpz_clear(z);
    return r;
}

static Value m_gcd(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    mpz_t g, t;
    mpz_init(g);
    mpz_init(t);
    for (size_t i = 0; i < nargs; i++) {
        Value v = need_int(args[i]);
        if (!v) {
            mpz_clears(g, t, NULL);
            return VNULL;
        }
        int_to_mpz(v, t);
        mpz_gcd(g, g, t);
    }
    Value r = int_from_mpz(g);
    mpz_clears(g, t, NULL);
    return r;
}

static Value m_lcm(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    mpz_t l, t;
    mpz_init_set_ui(l, 1);
    mpz_init(t);
    for (size_t i = 0; i < nargs; i++) {
        Value v = need_int(args[i]);
        if (!v) {
            mpz_clears(l, t, NULL);
            return VNULL;
        }
        int_to_mpz(v, t);
        mpz_lcm(l, l, t);
    }
    Value r = int_from_mpz(l);
    mpz_clears(l, t, NULL);
    return r;
}

static const ArgSpec m_isqrt_spec = {"math.isqrt", 1, 1, 0, {"n", NULL}};
static Value m_isqrt(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_isqrt_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value n = need_int(args[0]);
    if (!n) return VNULL;
    if (int_sign(n) < 0) return err_set(&exc_ValueError, "isqrt() argument must be nonnegative");
    mpz_t z;
    mpz_init(z);
    int_to_mpz(n, z);
    mpz_sqrt(z, z);
    Value r = int_from_mpz(z);
    mpz_clear(z);
    return r;
}

static const ArgSpec m_comb_spec = {"comb", 2, 2, 0, {"n", "k", NULL}};
static Value m_comb(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_comb_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value n = need_int(args[0]), k = need_int(args[1]);
    if (!n || !k) return VNULL;
    if (int_sign(n) < 0) return err_set(&exc_ValueError, "n must be a non-negative integer");
    if (int_sign(k) < 0) return err_set(&exc_ValueError, "k must be a non-negative integer");
    if (int_compare(k, n) > 0) return v_int(0);
    /* comb(n, k) == comb(n, n - k): the smaller one is the loop count. */
    Value nk = int_sub_slow(n, k);
    if (!nk) return VNULL;
    if (int_compare(nk, k) < 0) k = nk;
    int64_t kk = int_as_i64(k);
    if (kk == -1 && err_occurred()) {
        err_clear();
        return err_format(&exc_OverflowError, "min(n - k, k) must not exceed %lld", (long long)INT64_MAX);
    }
    mpz_t z, nz;
    mpz_init(z);
    mpz_init(nz);
    int_to_mpz(n, nz);
    mpz_bin_ui(z, nz, (unsigned long)kk);
    Value r = int_from_mpz(z);
    mpz_clears(z, nz, NULL);
    return r;
}

static const ArgSpec m_perm_spec = {"perm", 2, 1, 0, {"n", "k=None", NULL}};
static Value m_perm(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_perm_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value n = need_int(args[0]);
    if (!n) return VNULL;
    Value k = nargs > 1 && args[1] != V_NONE ? need_int(args[1]) : n;
    if (!k) return VNULL;
    if (int_sign(n) < 0) return err_set(&exc_ValueError, "n must be a non-negative integer");
    if (int_sign(k) < 0) return err_set(&exc_ValueError, "k must be a non-negative integer");
    if (int_compare(k, n) > 0) return v_int(0);
    int64_t kk = int_as_i64(k);
    if (kk == -1 && err_occurred()) {
        err_clear();
        return err_format(&exc_OverflowError, "k must not exceed %lld", (long long)INT64_MAX);
    }
    mpz_t z, f;
    mpz_init_set_ui(z, 1);
    mpz_init(f);
    int_to_mpz(n, f);
    for (int64_t i = 0; i < kk; i++) {
        mpz_mul(z, z, f);
        mpz_sub_ui(f, f, 1);
    }
    Value r = int_from_mpz(z);
    mpz_clears(z, f, NULL);
    return r;
}

static Value m_prod(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("prod", nargs, 1, 1) < 0) return VNULL;
    Value start = arg_kw(args, nargs, kwnames, "start");
    Value acc = start ? start : v_int(1);
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    for (;;) {
        Value x = obj_next(it);
        if (!x) return err_occurred() ? VNULL : acc;
        acc = obj_binop(acc, x, BINOP_MUL);
        if (!acc) return VNULL;
    }
}

static const ArgSpec m_ulp_spec = {"math.ulp", 1, 1, 0, {"x", NULL}};
static Value m_ulp(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_ulp_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x;
    if (!get_double(args[0], &x)) return VNULL;
    if (isnan(x)) return float_from_double(x);
    x = fabs(x);
    if (isinf(x)) return float_from_double(x);
    double x2 = nextafter(x, INFINITY);
    if (isinf(x2)) {
        x2 = nextafter(x, -INFINITY);
        return float_from_double(x - x2);
    }
    return float_from_double(x2 - x);
}

static const ArgSpec m_nextafter_spec = {"nextafter", 2, 2, 0, {"x", "y", NULL}};
static Value m_nextafter(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_nextafter_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    double x, y;
    if (!get_double(args[0], &x) || !get_double(args[1], &y)) return VNULL;
    return float_from_double(nextafter(x, y));
}

#define F(name, flags) {#name, m_##name, flags, NULL}
#define FS(name, flags) {#name, m_##name, flags, NULL, &m_##name##_spec}   /* with its ArgSpec */
static const MethodDef math_functions[] = {
    FS(sin, 0), FS(cos, 0), FS(tan, 0), FS(asin, 0), FS(acos, 0), FS(atan, 0), FS(atan2, 0), FS(sinh, 0), FS(cosh, 0),
    FS(tanh, 0), FS(asinh, 0), FS(acosh, 0), FS(atanh, 0), FS(exp, 0), FS(exp2, 0), FS(expm1, 0), FS(fabs, 0),
    FS(erf, 0), FS(erfc, 0), FS(cbrt, 0), FS(sqrt, 0), FS(gamma, 0), FS(lgamma, 0), FS(floor, 0), FS(ceil, 0),
    FS(trunc, 0), F(log, 0), FS(log10, 0), FS(log2, 0), FS(log1p, 0), FS(pow, 0), FS(fmod, 0), FS(remainder, 0),
    FS(copysign, 0), F(hypot, 0), FS(dist, 0), FS(degrees, 0), FS(radians, 0), FS(isnan, 0), FS(isinf, 0),
    FS(isfinite, 0), F(isclose, MF_KEYWORDS), FS(modf, 0), FS(frexp, 0), FS(ldexp, 0), FS(fsum, 0),
    FS(factorial, 0), F(gcd, 0), F(lcm, 0), FS(isqrt, 0), FS(comb, 0), FS(perm, 0), F(prod, MF_KEYWORDS),
    FS(ulp, 0), FS(nextafter, 0),
    {NULL, NULL, 0, NULL},
};
#undef F
#undef FS

Value math_module_create(void) {
    Value m = module_new_cstr("math");
    module_add_functions(m, math_functions);
    module_add(m, "pi", float_from_double(M_PI));
    module_add(m, "e", float_from_double(M_E));
    module_add(m, "tau", float_from_double(2 * M_PI));
    module_add(m, "inf", float_from_double(INFINITY));
    module_add(m, "nan", float_from_double(NAN));
    return m;
}

/* The JIT's view of math's one-argument float functions: the helper
 * number jh_math1 computes it with (0 sqrt, 1 sin, 2 cos, 3 exp, 4 log,
 * 5 fabs, 6 tan, 7 atan), or -1. */
int math_jit_unary(CFunction fn) {
    if (fn == m_sqrt) return 0;
    if (fn == m_sin) return 1;
    if (fn == m_cos) return 2;
    if (fn == m_exp) return 3;
    if (fn == m_log) return 4;
    if (fn == m_fabs) return 5;
    if (fn == m_tan) return 6;
    if (fn == m_atan) return 7;
    return -1;
}

/* The JIT's view of math's float-to-int roundings: 0 floor, 1 ceil,
 * 2 trunc, or -1. */
int math_jit_rounding(CFunction fn) {
    if (fn == m_floor) return 0;
    if (fn == m_ceil) return 1;
    if (fn == m_trunc) return 2;
    return -1;
}
