/* cmath.c: the cmath module, with CPython 3.11's results.
 *
 * Finite arguments go through formulas chosen for accuracy (Kahan's
 * "Branch cuts for complex elementary functions": the inverse functions
 * are built from two square roots so that the signs of zeros pick the side
 * of a branch cut; very large arguments use the asymptotic forms so that
 * nothing overflows early). An argument with an infinite or nan part takes
 * its value from C99 Annex G, which glibc's <complex.h> implements; the
 * specific values CPython tabulates are the Annex's, and test_cmath's data
 * (tests/lib/cmath_testcases.py) checks each of them, signed zeros included.
 *
 * Errors, as CPython: each function leaves cm_err EDOM ("math domain error",
 * ValueError) or ERANGE ("math range error", OverflowError); not errno,
 * which libm may set for a harmless underflow (tanh(710+0.5j)); a finite
 * argument whose result has an infinite part overflowed, except where a
 * function says the infinity is exact (log(0), atanh(1): EDOM).
 */
#include <complex.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "../runtime.h"

/* Thresholds: beyond LARGE a square would overflow, so the asymptotic
 * forms are used; a quarter of DBL_MAX leaves room for the sums. */
#define CM_LARGE_DOUBLE (DBL_MAX / 4.0)
#define CM_SQRT_LARGE_DOUBLE 6.7039039649712985e+153  /* sqrt(DBL_MAX / 4) */
#define CM_LOG_LARGE_DOUBLE 708.3964185322641          /* log(DBL_MAX / 4) */
#define CM_SQRT_DBL_MIN 1.4916681462400413e-154       /* sqrt(DBL_MIN) */
/* Scaling for subnormal square roots: an odd power of two up, half of it
 * (rounded) down. */
#define CM_SCALE_UP (2 * (DBL_MANT_DIG / 2) + 1)
#define CM_SCALE_DOWN (-(CM_SCALE_UP + 1) / 2)

static int cm_err;

static bool cfinite(Cplx z) { return isfinite(z.re) && isfinite(z.im); }
static Cplx from_c99(double complex c) { return (Cplx){creal(c), cimag(c)}; }
/* Not re + im * I, which turns an infinite part into nans, nor CMPLX,
 * which clang's headers lack: C11 lays a complex out as two doubles. */
static double complex to_c99(Cplx z) {
    double complex c;
    memcpy(&c, &z.re, sizeof(double));
    memcpy((char *)&c + sizeof(double), &z.im, sizeof(double));
    return c;
}

static Cplx c_sqrt(Cplx z) {
    if (!cfinite(z)) return from_c99(csqrt(to_c99(z)));
    if (z.re == 0.0 && z.im == 0.0) return (Cplx){0.0, z.im};
    double ax = fabs(z.re), ay = fabs(z.im), s;
    if (ax < DBL_MIN && ay < DBL_MIN) {
        /* hypot would be subnormal: scale up, then back */
        ax = ldexp(ax, CM_SCALE_UP);
        s = ldexp(sqrt(ax + hypot(ax, ldexp(ay, CM_SCALE_UP))), CM_SCALE_DOWN);
    } else {
        ax /= 8.0;   /* keeps ax + hypot from overflowing */
        s = 2.0 * sqrt(ax + hypot(ax, ay / 8.0));
    }
    double d = ay / (2.0 * s);
    if (z.re >= 0.0) return (Cplx){s, copysign(d, z.im)};
    return (Cplx){d, copysign(s, z.im)};
}

/* log|z| + i arg z; EDOM for 0 */
static Cplx c_log(Cplx z) {
    if (!cfinite(z)) return from_c99(clog(to_c99(z)));
    double ax = fabs(z.re), ay = fabs(z.im);
    Cplx r;
    if (ax > CM_LARGE_DOUBLE || ay > CM_LARGE_DOUBLE) {
        r.re = log(hypot(ax / 2.0, ay / 2.0)) + M_LN2;
    } else if (ax < DBL_MIN && ay < DBL_MIN) {
        if (ax > 0.0 || ay > 0.0) {
            r.re = log(hypot(ldexp(ax, DBL_MANT_DIG), ldexp(ay, DBL_MANT_DIG))) - DBL_MANT_DIG * M_LN2;
        } else {
            cm_err = EDOM;
            return (Cplx){-INFINITY, atan2(z.im, z.re)};
        }
    } else {
        double h = hypot(ax, ay);
        if (0.71 <= h && h <= 1.73) {
            /* near the unit circle log(h) loses digits: log1p(|z|^2 - 1)/2
               with the difference formed exactly */
            double am = ax > ay ? ax : ay, an = ax > ay ? ay : ax;
            r.re = log1p((am - 1) * (am + 1) + an * an) / 2.0;
        } else {
            r.re = log(h);
        }
    }
    r.im = atan2(z.im, z.re);
    return r;
}

static Cplx c_asinh(Cplx z);

static Cplx c_acos(Cplx z) {
    if (!cfinite(z)) return from_c99(cacos(to_c99(z)));
    Cplx r;
    if (fabs(z.re) > CM_LARGE_DOUBLE || fabs(z.im) > CM_LARGE_DOUBLE) {
        r.re = atan2(fabs(z.im), z.re);
        double l = log(hypot(z.re / 2.0, z.im / 2.0)) + M_LN2 * 2.0;
        r.im = z.re < 0 ? -copysign(l, z.im) : copysign(l, -z.im);
    } else {
        Cplx s1 = c_sqrt((Cplx){1.0 - z.re, -z.im});
        Cplx s2 = c_sqrt((Cplx){1.0 + z.re, z.im});
        r.re = 2.0 * atan2(s1.re, s2.re);
        r.im = asinh(s2.re * s1.im - s2.im * s1.re);
    }
    return r;
}

static Cplx c_acosh(Cplx z) {
    /* Annex G's second edition gives acosh(+-0 + i nan) the real part
       pi/2; Python keeps the first edition's nan + i nan */
    if (z.re == 0.0 && isnan(z.im)) return (Cplx){NAN, NAN};
    if (!cfinite(z)) return from_c99(cacosh(to_c99(z)));
    Cplx r;
    if (fabs(z.re) > CM_LARGE_DOUBLE || fabs(z.im) > CM_LARGE_DOUBLE) {
        r.re = log(hypot(z.re / 2.0, z.im / 2.0)) + M_LN2 * 2.0;
        r.im = atan2(z.im, z.re);
    } else {
        Cplx s1 = c_sqrt((Cplx){z.re - 1.0, z.im});
        Cplx s2 = c_sqrt((Cplx){z.re + 1.0, z.im});
        r.re = asinh(s1.re * s2.re + s1.im * s2.im);
        r.im = 2.0 * atan2(s1.im, s2.re);
    }
    return r;
}

static Cplx c_asinh(Cplx z) {
    if (!cfinite(z)) return from_c99(casinh(to_c99(z)));
    Cplx r;
    if (fabs(z.re) > CM_LARGE_DOUBLE || fabs(z.im) > CM_LARGE_DOUBLE) {
        double l = log(hypot(z.re / 2.0, z.im / 2.0)) + M_LN2 * 2.0;
        r.re = z.im >= 0.0 ? copysign(l, z.re) : -copysign(l, -z.re);
        r.im = atan2(z.im, fabs(z.re));
    } else {
        Cplx s1 = c_sqrt((Cplx){1.0 + z.im, -z.re});
        Cplx s2 = c_sqrt((Cplx){1.0 - z.im, z.re});
        r.re = asinh(s1.re * s2.im - s2.re * s1.im);
        r.im = atan2(z.im, s1.re * s2.re - s1.im * s2.im);
    }
    return r;
}

/* asin z = -i asinh(iz) */
static Cplx c_asin(Cplx z) {
    Cplx s = c_asinh((Cplx){-z.im, z.re});
    return (Cplx){s.im, -s.re};
}

static Cplx c_atanh(Cplx z) {
    if (!cfinite(z)) return from_c99(catanh(to_c99(z)));
    if (z.re < 0.0) {
        /* odd function: work on the right half plane */
        Cplx s = c_atanh((Cplx){-z.re, -z.im});
        return (Cplx){-s.re, -s.im};
    }
    double ay = fabs(z.im);
    Cplx r;
    if (z.re > CM_SQRT_LARGE_DOUBLE || ay > CM_SQRT_LARGE_DOUBLE) {
        /* 1/z, scaled so |z|^2 cannot overflow */
        double h = hypot(z.re / 2.0, z.im / 2.0);
        r.re = z.re / 4.0 / h / h;
        r.im = -copysign(M_PI / 2.0, -z.im);
    } else if (z.re == 1.0 && ay < CM_SQRT_DBL_MIN) {
        if (ay == 0.0) {
            cm_err = EDOM;
            return (Cplx){INFINITY, z.im};
        }
        r.re = -log(sqrt(ay) / sqrt(hypot(ay, 2.0)));
        r.im = copysign(atan2(2.0, -ay) / 2.0, z.im);
    } else {
        r.re = log1p(4.0 * z.re / ((1 - z.re) * (1 - z.re) + ay * ay)) / 4.0;
        r.im = -atan2(-2.0 * z.im, (1 - z.re) * (1 + z.re) - ay * ay) / 2.0;
    }
    return r;
}

/* atan z = -i atanh(iz) */
static Cplx c_atan(Cplx z) {
    Cplx s = c_atanh((Cplx){-z.im, z.re});
    return (Cplx){s.im, -s.re};
}

static Cplx c_exp(Cplx z) {
    if (!cfinite(z)) {
        /* an infinite imaginary part has no direction unless the modulus
           is 0 (-inf real part) or nan */
        if (isinf(z.im) && (isfinite(z.re) || (isinf(z.re) && z.re > 0))) cm_err = EDOM;
        return from_c99(cexp(to_c99(z)));
    }
    Cplx r;
    if (z.re > CM_LOG_LARGE_DOUBLE) {
        /* exp(x) would overflow before the cosine could shrink it */
        double l = exp(z.re - 1.0);
        r = (Cplx){l * cos(z.im) * M_E, l * sin(z.im) * M_E};
    } else {
        double l = exp(z.re);
        r = (Cplx){l * cos(z.im), l * sin(z.im)};
    }
    if (isinf(r.re) || isinf(r.im)) cm_err = ERANGE;
    return r;
}

static Cplx c_cosh(Cplx z) {
    if (!cfinite(z)) {
        if (isinf(z.im) && !isnan(z.re)) cm_err = EDOM;
        return from_c99(ccosh(to_c99(z)));
    }
    Cplx r;
    if (fabs(z.re) > CM_LOG_LARGE_DOUBLE) {
        double x1 = z.re - copysign(1.0, z.re);
        r = (Cplx){cos(z.im) * cosh(x1) * M_E, sin(z.im) * sinh(x1) * M_E};
    } else {
        r = (Cplx){cos(z.im) * cosh(z.re), sin(z.im) * sinh(z.re)};
    }
    if (isinf(r.re) || isinf(r.im)) cm_err = ERANGE;
    return r;
}

static Cplx c_sinh(Cplx z) {
    if (!cfinite(z)) {
        if (isinf(z.im) && !isnan(z.re)) cm_err = EDOM;
        return from_c99(csinh(to_c99(z)));
    }
    Cplx r;
    if (fabs(z.re) > CM_LOG_LARGE_DOUBLE) {
        double x1 = z.re - copysign(1.0, z.re);
        r = (Cplx){cos(z.im) * sinh(x1) * M_E, sin(z.im) * cosh(x1) * M_E};
    } else {
        r = (Cplx){cos(z.im) * sinh(z.re), sin(z.im) * cosh(z.re)};
    }
    if (isinf(r.re) || isinf(r.im)) cm_err = ERANGE;
    return r;
}

static Cplx c_tanh(Cplx z) {
    if (!cfinite(z)) {
        if (isinf(z.im) && isfinite(z.re)) cm_err = EDOM;
        /* as for acosh: tanh(+-0 + i nan) is nan + i nan in Python */
        if (z.re == 0.0 && isnan(z.im)) return (Cplx){NAN, NAN};
        return from_c99(ctanh(to_c99(z)));
    }
    if (fabs(z.re) > CM_LOG_LARGE_DOUBLE) {
        /* tanh(x) is +-1 to double precision; the imaginary part is
           sin(2y) e^(-2|x|), possibly subnormal */
        return (Cplx){copysign(1.0, z.re), 4.0 * sin(z.im) * cos(z.im) * exp(-2.0 * fabs(z.re))};
    }
    double tx = tanh(z.re), ty = tan(z.im), cx = 1.0 / cosh(z.re);
    double txty = tx * ty, denom = 1.0 + txty * txty;
    return (Cplx){tx * (1.0 + ty * ty) / denom, ((ty / denom) * cx) * cx};
}

/* cos z = cosh(iz); sin z = -i sinh(iz); tan z = -i tanh(iz) */
static Cplx c_cos(Cplx z) { return c_cosh((Cplx){-z.im, z.re}); }
static Cplx c_sin(Cplx z) {
    Cplx s = c_sinh((Cplx){-z.im, z.re});
    return (Cplx){s.im, -s.re};
}
static Cplx c_tan(Cplx z) {
    Cplx s = c_tanh((Cplx){-z.im, z.re});
    return (Cplx){s.im, -s.re};
}

static Cplx c_log10(Cplx z) {
    Cplx r = c_log(z);
    return (Cplx){r.re / M_LN10, r.im / M_LN10};
}

/* ---- the Python functions ---------------------------------------------------- */

static Value math_error(int e) {
    if (e == EDOM) return err_set(&exc_ValueError, "math domain error");
    return err_set(&exc_OverflowError, "math range error");
}

static Value cmath_1(Value *args, size_t nargs, const char *name, Cplx (*fn)(Cplx)) {
    if (arg_count(name, nargs, 1, 1) < 0) return VNULL;
    Cplx z;
    if (obj_as_cplx(args[0], &z) < 0) return VNULL;
    cm_err = 0;
    Cplx r = fn(z);
    if (cm_err) return math_error(cm_err);
    return complex_new_c(r);
}

#define CMATH_FUNC1(name)                                                  \
    static Value cm_##name(Value *args, size_t nargs, Value kwnames) {     \
        if (arg_nokw("cmath." #name, kwnames) < 0) return VNULL;           \
        return cmath_1(args, nargs, "cmath." #name, c_##name);             \
    }
CMATH_FUNC1(acos)
CMATH_FUNC1(acosh)
CMATH_FUNC1(asin)
CMATH_FUNC1(asinh)
CMATH_FUNC1(atan)
CMATH_FUNC1(atanh)
CMATH_FUNC1(cos)
CMATH_FUNC1(cosh)
CMATH_FUNC1(exp)
CMATH_FUNC1(log10)
CMATH_FUNC1(sin)
CMATH_FUNC1(sinh)
CMATH_FUNC1(sqrt)
CMATH_FUNC1(tan)
CMATH_FUNC1(tanh)
#undef CMATH_FUNC1

static Value cm_log(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("log", nargs, 1, 2) < 0) return VNULL;
    Cplx x, y;
    if (obj_as_cplx(args[0], &x) < 0) return VNULL;
    if (nargs > 1 && obj_as_cplx(args[1], &y) < 0) return VNULL;
    cm_err = 0;
    x = c_log(x);
    if (nargs > 1) {
        /* as in CPython, the base's logarithm clears the error of x's:
           log(0, 2) is -inf + nan j, only log(0) raises */
        cm_err = 0;
        y = c_log(y);
        errno = 0;
        x = cplx_quot(x, y);
        if (errno == EDOM) cm_err = EDOM;   /* base 1: a zero divisor */
    }
    if (cm_err) return math_error(cm_err);
    return complex_new_c(x);
}

static Value cm_phase(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("cmath.phase", nargs, 1, 1) < 0) return VNULL;
    Cplx z;
    if (obj_as_cplx(args[0], &z) < 0) return VNULL;
    return float_from_double(atan2(z.im, z.re));
}

static Value cm_polar(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("cmath.polar", nargs, 1, 1) < 0) return VNULL;
    Cplx z;
    if (obj_as_cplx(args[0], &z) < 0) return VNULL;
    double r = cplx_abs(z);
    if (isinf(r) && cfinite(z)) return math_error(ERANGE);   /* hypot overflowed */
    return tuple_pack(2, float_from_double(r), float_from_double(atan2(z.im, z.re)));
}

static bool get_real(Value v, double *out) {
    double d = obj_as_double(v);
    if (d == -1.0 && err_occurred()) return false;
    *out = d;
    return true;
}

static Value cm_rect(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("rect", nargs, 2, 2) < 0) return VNULL;
    double r, phi;
    if (!get_real(args[0], &r) || !get_real(args[1], &phi)) return VNULL;
    Cplx z;
    if (!isfinite(r) || !isfinite(phi)) {
        /* r e^(i phi) = exp(log r + i phi) for r > 0: Annex G's exp values;
           a negative r turns the result half a turn */
        if (isinf(phi) && !isnan(r) && r != 0.0) return err_set(&exc_ValueError, "math domain error");
        if (isinf(r) && isfinite(phi) && phi != 0.0) {
            double s = r > 0 ? 1.0 : -1.0;
            z = (Cplx){s * copysign(INFINITY, cos(phi)), s * copysign(INFINITY, sin(phi))};
        } else if (isnan(r)) {
            /* nan modulus: nan, except an exact zero angle keeps its zero */
            z = (Cplx){NAN, phi == 0.0 ? phi : NAN};
        } else if (r == 0.0) {
            /* the angle is inf or nan: zero of unknown direction */
            z = (Cplx){0.0, 0.0};
            if (isinf(phi)) z = (Cplx){copysign(0.0, r), copysign(0.0, r)};
        } else if (isinf(r)) {
            /* phi is 0 or nan */
            if (isnan(phi)) z = (Cplx){INFINITY, NAN};
            else z = (Cplx){r, r > 0 ? phi : -phi};
        } else {
            z = (Cplx){NAN, NAN};   /* finite nonzero r, nan angle */
        }
    } else if (phi == 0.0) {
        /* keep the angle's signed zero: r * 0.0, not r * sin(0) */
        z = (Cplx){r, r * phi};
    } else {
        z = (Cplx){r * cos(phi), r * sin(phi)};
    }
    return complex_new_c(z);
}

static bool get_cplx1(Value *args, size_t nargs, const char *name, Cplx *z) {
    if (arg_count(name, nargs, 1, 1) < 0) return false;
    return obj_as_cplx(args[0], z) == 0;
}

static Value cm_isfinite(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    Cplx z;
    if (!get_cplx1(args, nargs, "cmath.isfinite", &z)) return VNULL;
    return v_bool(cfinite(z));
}

static Value cm_isinf(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    Cplx z;
    if (!get_cplx1(args, nargs, "cmath.isinf", &z)) return VNULL;
    return v_bool(isinf(z.re) || isinf(z.im));
}

static Value cm_isnan(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    Cplx z;
    if (!get_cplx1(args, nargs, "cmath.isnan", &z)) return VNULL;
    return v_bool(isnan(z.re) || isnan(z.im));
}

static Value cm_isclose(Value *args, size_t nargs, Value kwnames) {
    if (nargs > 2)
        return err_format(&exc_TypeError, "isclose() takes exactly 2 positional arguments (%zd given)", (ssize_t)nargs);
    static const char *const kws[] = {"a", "b", "rel_tol", "abs_tol", NULL};
    if (arg_kw_allowed("isclose", kwnames, kws) < 0) return VNULL;
    Value va = nargs > 0 ? args[0] : arg_kw(args, nargs, kwnames, "a");
    Value vb = nargs > 1 ? args[1] : arg_kw(args, nargs, kwnames, "b");
    if (!va || !vb)
        return err_format(&exc_TypeError, "isclose() missing required argument '%s' (pos %d)", va ? "b" : "a", va ? 2 : 1);
    Cplx a, b;
    double rel = 1e-9, abst = 0.0;
    if (obj_as_cplx(va, &a) < 0 || obj_as_cplx(vb, &b) < 0) return VNULL;
    Value r = arg_kw(args, nargs, kwnames, "rel_tol"), t = arg_kw(args, nargs, kwnames, "abs_tol");
    if (r && !get_real(r, &rel)) return VNULL;
    if (t && !get_real(t, &abst)) return VNULL;
    if (rel < 0.0 || abst < 0.0) return err_set(&exc_ValueError, "tolerances must be non-negative");
    if (a.re == b.re && a.im == b.im) return V_TRUE;   /* exact, infinities included */
    if (isinf(a.re) || isinf(a.im) || isinf(b.re) || isinf(b.im)) return V_FALSE;
    double diff = cplx_abs(cplx_diff(a, b));   /* inf if it overflowed: then not close */
    return v_bool(diff <= rel * cplx_abs(b) || diff <= rel * cplx_abs(a) || diff <= abst);
}

#define F(name, flags) {#name, cm_##name, flags, NULL}
static const MethodDef cmath_functions[] = {
    /* MF_KEYWORDS only so that their "takes no keyword arguments" names
       them as CPython does (cmath.sqrt) */
    F(acos, MF_KEYWORDS), F(acosh, MF_KEYWORDS), F(asin, MF_KEYWORDS), F(asinh, MF_KEYWORDS),
    F(atan, MF_KEYWORDS), F(atanh, MF_KEYWORDS), F(cos, MF_KEYWORDS), F(cosh, MF_KEYWORDS),
    F(exp, MF_KEYWORDS), F(isclose, MF_KEYWORDS), F(isfinite, 0), F(isinf, 0), F(isnan, 0), F(log, 0),
    F(log10, MF_KEYWORDS), F(phase, 0), F(polar, 0), F(rect, 0), F(sin, MF_KEYWORDS), F(sinh, MF_KEYWORDS),
    F(sqrt, MF_KEYWORDS), F(tan, MF_KEYWORDS), F(tanh, MF_KEYWORDS),
    {NULL, NULL, 0, NULL},
};
#undef F

Value cmath_module_create(void) {
    Value m = module_new_cstr("cmath");
    module_add_functions(m, cmath_functions);
    module_add(m, "pi", float_from_double(M_PI));
    module_add(m, "e", float_from_double(M_E));
    module_add(m, "tau", float_from_double(2 * M_PI));
    module_add(m, "inf", float_from_double(INFINITY));
    module_add(m, "infj", complex_from(0.0, INFINITY));
    module_add(m, "nan", float_from_double(NAN));
    module_add(m, "nanj", complex_from(0.0, NAN));
    return m;
}
