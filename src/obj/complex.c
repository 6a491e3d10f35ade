/* complex.c: Python complex. The arithmetic follows CPython's algorithms
 * (Smith's division, binary powering for small integer exponents, polar
 * form otherwise) so results agree to the last bit; ints mix in through
 * their exact conversion to double (OverflowError beyond DBL_MAX). */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "../runtime.h"
#include "../util/numfmt.h"
#include "../mod/modules.h"

Type complex_type;

Value complex_new_c(Cplx c) {
    ComplexObject *o = (ComplexObject *)obj_alloc_atomic(&complex_type, sizeof(ComplexObject));
    o->c = c;
    return V_FROM_PTR(o);
}

static Value complex_subtype(Type *t, Cplx c) {
    if (t == &complex_type) return complex_new_c(c);
    ComplexObject *o = (ComplexObject *)obj_alloc(t, t->basicsize);
    o->c = c;
    return V_FROM_PTR(o);
}

/* ---- arithmetic ---------------------------------------------------------------- */

Cplx cplx_sum(Cplx a, Cplx b) { return (Cplx){a.re + b.re, a.im + b.im}; }
Cplx cplx_diff(Cplx a, Cplx b) { return (Cplx){a.re - b.re, a.im - b.im}; }
/* The textbook product, not C99's Annex G one: Python does no inf/nan
 * recovery here, and (inf+0j)*(1+0j) is (inf+nanj) there too. */
Cplx cplx_prod(Cplx a, Cplx b) { return (Cplx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }

/* Smith's algorithm: scale by the larger component of the divisor so the
 * intermediate products neither overflow nor lose precision needlessly. */
Cplx cplx_quot(Cplx a, Cplx b) {
    double abr = fabs(b.re), abi = fabs(b.im);
    Cplx r;
    if (abr >= abi) {
        if (abr == 0.0) {
            errno = EDOM;
            return (Cplx){0.0, 0.0};
        }
        double ratio = b.im / b.re, denom = b.re + b.im * ratio;
        r.re = (a.re + a.im * ratio) / denom;
        r.im = (a.im - a.re * ratio) / denom;
    } else if (abi >= abr) {
        double ratio = b.re / b.im, denom = b.re * ratio + b.im;
        r.re = (a.re * ratio + a.im) / denom;
        r.im = (a.im * ratio - a.re) / denom;
    } else {
        r.re = r.im = NAN;   /* a nan in the divisor: neither comparison held */
    }
    return r;
}

Cplx cplx_pow(Cplx a, Cplx b) {
    if (b.re == 0.0 && b.im == 0.0) return (Cplx){1.0, 0.0};
    if (a.re == 0.0 && a.im == 0.0) {
        if (b.im != 0.0 || b.re < 0.0) errno = EDOM;
        return (Cplx){0.0, 0.0};
    }
    double vabs = hypot(a.re, a.im);
    double len = pow(vabs, b.re);
    double at = atan2(a.im, a.re);
    double phase = at * b.re;
    if (b.im != 0.0) {
        len /= exp(at * b.im);
        phase += b.im * log(vabs);
    }
    return (Cplx){len * cos(phase), len * sin(phase)};
}

/* x ** n for n >= 1 by squaring, as CPython does for |n| <= 100: exact
 * integer powers of exact values stay exact. */
static Cplx cplx_powu(Cplx x, long n) {
    Cplx r = {1.0, 0.0}, p = x;
    for (long mask = 1; mask > 0 && n >= mask; mask <<= 1) {
        if (n & mask) r = cplx_prod(r, p);
        p = cplx_prod(p, p);
    }
    return r;
}

double cplx_abs(Cplx a) {
    if (!isfinite(a.re) || !isfinite(a.im)) {
        /* an infinite part wins over a nan one (C99 hypot agrees) */
        if (isinf(a.re) || isinf(a.im)) return INFINITY;
        return NAN;
    }
    double r = hypot(a.re, a.im);
    /* only an overflow is an error: libm may flag a subnormal result */
    errno = isinf(r) ? ERANGE : 0;
    return r;
}

Value complex_power(Cplx a, Cplx b) {
    errno = 0;
    Cplx r;
    if (b.im == 0.0 && b.re == floor(b.re) && fabs(b.re) <= 100.0) {
        long n = (long)b.re;
        if (n > 0) r = cplx_powu(a, n);
        else if (n == 0) r = (Cplx){1.0, 0.0};
        else r = cplx_quot((Cplx){1.0, 0.0}, cplx_powu(a, -n));
    } else {
        r = cplx_pow(a, b);
    }
    /* as CPython: an infinite part is an overflow unless an error is already
       set; libm's underflow flag counts only if the result is not 0 */
    if (errno == 0) {
        if (isinf(r.re) || isinf(r.im)) errno = ERANGE;
    } else if (errno == ERANGE && r.re == 0.0 && r.im == 0.0) {
        errno = 0;
    }
    if (errno == EDOM) return err_set(&exc_ZeroDivisionError, "0.0 to a negative or complex power");
    if (errno == ERANGE) return err_set(&exc_OverflowError, "complex exponentiation");
    return complex_new_c(r);
}

/* An operand of a mixed operation: 1 converted, 0 not a number (the
 * operator returns NotImplemented), -1 error (an int too large). */
static int to_cplx(Value v, Cplx *out) {
    if (complex_check(v)) {
        *out = complex_val(v);
        return 1;
    }
    if (v_is_int(v)) {
        *out = (Cplx){(double)v_intval(v), 0.0};
        return 1;
    }
    if (float_check(v)) {
        *out = (Cplx){float_val(v), 0.0};
        return 1;
    }
    if (int_check(v)) {
        double d = int_as_double(v);
        if (d == -1.0 && err_occurred()) return -1;
        *out = (Cplx){d, 0.0};
        return 1;
    }
    return 0;
}

static Value complex_binop(Value a, Value b, int op) {
    Cplx x, y;
    int ra = to_cplx(a, &x);
    if (ra < 0) return VNULL;
    int rb = ra ? to_cplx(b, &y) : 0;
    if (rb < 0) return VNULL;
    if (!ra || !rb) return V_NOTIMPL;
    switch (BINOP_BASE(op)) {
    case BINOP_ADD: return complex_new_c(cplx_sum(x, y));
    case BINOP_SUB: return complex_new_c(cplx_diff(x, y));
    case BINOP_MUL: return complex_new_c(cplx_prod(x, y));
    case BINOP_TRUEDIV: {
        errno = 0;
        Cplx r = cplx_quot(x, y);
        if (errno == EDOM) return err_set(&exc_ZeroDivisionError, "complex division by zero");
        return complex_new_c(r);
    }
    case BINOP_POW: return complex_power(x, y);
    default: return V_NOTIMPL;
    }
}

static Value complex_unop(Value a, int op) {
    Cplx c = complex_val(a);
    switch (op) {
    case UNOP_NEG: return complex_from(-c.re, -c.im);
    case UNOP_POS: return complex_new_c(c);
    case UNOP_ABS: {
        errno = 0;
        double r = cplx_abs(c);
        if (errno == ERANGE) return err_set(&exc_OverflowError, "absolute value too large");
        return float_from_double(r);
    }
    default: return V_NOTIMPL;
    }
}

static int complex_truth(Value v) {
    Cplx c = complex_val(v);
    return c.re != 0.0 || c.im != 0.0;
}

/* Equality only: complex numbers are not ordered. An int compares exactly
 * (float's int comparison), never through a rounded double. */
static Value complex_richcompare(Value a, Value b, int op) {
    if (op != CMP_EQ && op != CMP_NE) return V_NOTIMPL;
    if (!complex_check(a)) {
        Value t = a;
        a = b;
        b = t;
    }
    Cplx c = complex_val(a);
    bool eq;
    if (complex_check(b)) {
        Cplx d = complex_val(b);
        eq = c.re == d.re && c.im == d.im;
    } else if (float_check(b)) {
        eq = c.im == 0.0 && c.re == float_val(b);
    } else if (int_check(b)) {
        if (c.im != 0.0) {
            eq = false;
        } else {
            Value r = float_richcompare(float_from_double(c.re), b, CMP_EQ);
            if (!r) return VNULL;
            eq = r == V_TRUE;
        }
    } else {
        return V_NOTIMPL;
    }
    return v_bool(op == CMP_EQ ? eq : !eq);
}

/* hash(re) + 1000003 * hash(im), wrapping: equal ints and floats hash the
 * same, as CPython's numeric hash requires. A nan part hashes by identity. */
static int64_t part_hash(Value v, double d) {
    if (isnan(d)) {
        uint64_t x = (uint64_t)v;
        return (int64_t)((x >> 4) | (x << 60));
    }
    return float_hash_double(d);
}

static int64_t complex_hash(Value v) {
    Cplx c = complex_val(v);
    uint64_t h = (uint64_t)part_hash(v, c.re) + 1000003u * (uint64_t)part_hash(v, c.im);
    int64_t r = (int64_t)h;
    return r == -1 ? -2 : r;
}

/* ---- repr and format ------------------------------------------------------------- */

/* A part as repr() writes it, without float's ".0": complex(1, 2) is (1+2j). */
static size_t part_repr(double d, char *out, bool plus) {
    char tmp[40];
    size_t n = numfmt_float_repr(d, tmp);
    if (n >= 2 && tmp[n - 2] == '.' && tmp[n - 1] == '0') n -= 2;
    size_t k = 0;
    if (plus && tmp[0] != '-') out[k++] = '+';
    memcpy(out + k, tmp, n);
    out[k + n] = 0;
    return k + n;
}

static Value complex_repr(Value v) {
    Cplx c = complex_val(v);
    char buf[96];
    size_t n;
    if (c.re == 0.0 && !signbit(c.re)) {
        n = part_repr(c.im, buf, false);
        buf[n++] = 'j';
    } else {
        buf[0] = '(';
        n = 1 + part_repr(c.re, buf + 1, false);
        n += part_repr(c.im, buf + n, true);
        buf[n++] = 'j';
        buf[n++] = ')';
    }
    return str_new(buf, n);
}

static Value raise_numfmt(const NumFmtError *e) {
    if (e->type == 'O') return err_set(&exc_OverflowError, e->msg);
    if (e->type == 'M') return err_no_memory();
    return err_set(&exc_ValueError, e->msg);
}

/* format(z, spec): each part formatted as a float without width, then the
 * whole padded. No type behaves as repr (real part dropped when +0, and
 * parentheses otherwise), with a precision as 'g'. */
static Value complex_format(Value v, Value spec) {
    if (str_nbytes(spec) == 0) return obj_str(v);
    FormatSpec fs;
    NumFmtError e;
    const char *tname = type_of(v)->tname;
    if (numfmt_parse_spec_for(str_data(spec), (size_t)str_nbytes(spec), &fs, tname, 0, &e) < 0)
        return raise_numfmt(&e);
    switch (fs.type) {
    case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': break;
    default:
        if ((unsigned char)fs.type > 32 && (unsigned char)fs.type < 128)
            return err_format(&exc_ValueError, "Unknown format code '%c' for object of type '%s'", fs.type, tname);
        return err_format(&exc_ValueError, "Unknown format code '\\x%x' for object of type '%s'",
                          (unsigned)(unsigned char)fs.type, tname);
    }
    if (fs.zero_pad) return err_set(&exc_ValueError, "Zero padding is not allowed in complex format specifier");
    if (fs.align == '=')
        return err_set(&exc_ValueError, "'=' alignment flag is not allowed in complex format specifier");
    Cplx c = complex_val(v);
    bool skip_re = false, parens = false, repr_mode = false;
    FormatSpec ps = fs;
    ps.width = -1;
    ps.align = 0;
    strcpy(ps.fill, " ");
    if (fs.type == 0) {
        if (c.re == 0.0 && !signbit(c.re)) skip_re = true;
        else parens = true;
        if (fs.precision < 0) repr_mode = true;   /* float's no-type form, minus its ".0" */
        else ps.type = 'g';
    } else if (fs.type == 'n') {
        ps.type = 'g';
    }
    Buf b;
    char b_mem[256];
    buf_init_local(&b, b_mem, sizeof b_mem);
    if (parens) buf_putc(&b, '(');
    for (int part = skip_re ? 1 : 0; part < 2; part++) {
        if (part == 1 && !skip_re) ps.sign = '+';
        size_t start = b.len;
        if (numfmt_format_double(part ? c.im : c.re, &ps, &b, &e) < 0) return raise_numfmt(&e);
        /* '#' keeps the point: 1.j */
        if (repr_mode && b.len - start >= 2 && b.data[b.len - 2] == '.' && b.data[b.len - 1] == '0')
            b.len -= fs.alternate ? 1 : 2;
    }
    buf_putc(&b, 'j');
    if (parens) buf_putc(&b, ')');
    /* every byte written so far is ASCII: the width counts bytes */
    int64_t len = (int64_t)b.len;
    if (fs.width <= len) return str_new(b.data, b.len);
    int64_t pad = fs.width - len, left;
    char align = fs.align ? fs.align : '>';
    left = align == '<' ? 0 : align == '^' ? pad / 2 : pad;
    Buf o;
    buf_init(&o, (size_t)fs.width + 16);
    size_t fl = numfmt_fill_len(&fs);
    for (int64_t i = 0; i < left; i++) buf_put(&o, fs.fill, fl);
    buf_put(&o, b.data, b.len);
    for (int64_t i = 0; i < pad - left; i++) buf_put(&o, fs.fill, fl);
    return str_from_buf(&o);
}

/* ---- construction ----------------------------------------------------------------- */

int unicode_decimal_value(uint32_t c);   /* str_methods.c */

static bool is_ws(unsigned char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); }

/* Length of the longest prefix of s[0..n) that is a float as the complex
 * parser reads one (sign, digits with a point, exponent, inf/infinity/nan);
 * 0 if none. Underscores were removed before. */
static size_t scan_float(const char *s, size_t n) {
    size_t i = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    static const char *const words[] = {"infinity", "inf", "nan"};
    for (int w = 0; w < 3; w++) {
        size_t wl = strlen(words[w]);
        if (n - i >= wl && strncasecmp(s + i, words[w], wl) == 0) return i + wl;
    }
    size_t digits = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++, digits++;
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++, digits++;
    }
    if (!digits) return 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        if (j < n && (s[j] == '+' || s[j] == '-')) j++;
        if (j < n && s[j] >= '0' && s[j] <= '9') {
            while (j < n && s[j] >= '0' && s[j] <= '9') j++;
            i = j;
        }
    }
    return i;
}

/* complex(str): [ws] ['('] [ws] (x | xj | x±yj | x±j | ±j | j) [ws] [')'] [ws],
 * x and y floats; underscores only between digits. -1 if malformed, -2 for a
 * misplaced underscore (CPython words that error differently). */
static int parse_complex(const char *src, size_t n0, Cplx *out) {
    char local[128];
    char *s = n0 < sizeof local ? local : gc_alloc_atomic(n0 + 1);
    size_t n = 0;
    for (size_t i = 0; i < n0; i++) {
        if (src[i] == '_') {
            bool ok = n > 0 && s[n - 1] >= '0' && s[n - 1] <= '9' && i + 1 < n0 && src[i + 1] >= '0' &&
                      src[i + 1] <= '9';
            if (!ok) return -2;
            continue;
        }
        if (!src[i]) return -1;
        s[n++] = src[i];
    }
    size_t i = 0;
    while (n > 0 && is_ws((unsigned char)s[n - 1])) n--;
    while (i < n && is_ws((unsigned char)s[i])) i++;
    bool paren = false;
    if (i < n && s[i] == '(') {
        if (s[n - 1] != ')') return -1;
        paren = true;
        i++;
        n--;
        while (n > i && is_ws((unsigned char)s[n - 1])) n--;
        while (i < n && is_ws((unsigned char)s[i])) i++;
    }
    (void)paren;
    double x = 0.0, y = 0.0;
    size_t k = scan_float(s + i, n - i);
    if (k) {
        double z;
        if (numfmt_parse_float(s + i, k, &z) < 0) return -1;
        i += k;
        if (i < n && (s[i] == 'j' || s[i] == 'J')) {
            y = z;
            i++;
        } else if (i < n && (s[i] == '+' || s[i] == '-')) {
            x = z;
            size_t k2 = scan_float(s + i, n - i);
            if (k2) {
                if (numfmt_parse_float(s + i, k2, &y) < 0) return -1;
                i += k2;
            } else {
                y = s[i] == '+' ? 1.0 : -1.0;
                i++;
            }
            if (!(i < n && (s[i] == 'j' || s[i] == 'J'))) return -1;
            i++;
        } else {
            x = z;
        }
    } else {
        y = 1.0;
        if (i < n && (s[i] == '+' || s[i] == '-')) {
            if (s[i] == '-') y = -1.0;
            i++;
        }
        if (!(i < n && (s[i] == 'j' || s[i] == 'J'))) return -1;
        i++;
    }
    if (i != n) return -1;
    *out = (Cplx){x, y};
    return 0;
}

/* r.__complex__() if r's type has one: 1 found (*out set), 0 not, -1 error. */
static int try_complex_special(Value r, Cplx *out) {
    bool found;
    Value res = obj_call_special(r, NAME(__complex__), NULL, 0, &found);
    if (!found) return 0;
    if (!res) return -1;
    if (!complex_check(res)) {
        err_format(&exc_TypeError, "__complex__ returned non-complex (type %T)", res);
        return -1;
    }
    if (!complex_check_exact(res)) {
        Value msg = str_printf("__complex__ returned non-complex (type %T).  The ability to return an instance of a "
                               "strict subclass of complex is deprecated, and may be removed in a future version of "
                               "Python.", res);
        if (!msg || warn_c(&exc_DeprecationWarning, msg, 1) < 0) return -1;
    }
    *out = complex_val(res);
    return 1;
}

/* Whether v is a number for complex(): float() would accept it. */
static bool has_float_or_index(Value v) {
    if (int_check(v) || float_check(v)) return true;
    Type *t = type_of(v);
    return type_lookup(t, NAME(__float__)) || type_lookup(t, NAME(__index__));
}

int obj_as_cplx(Value v, Cplx *out) {
    if (complex_check(v)) {
        *out = complex_val(v);
        return 0;
    }
    int r = try_complex_special(v, out);
    if (r) return r < 0 ? -1 : 0;
    double d = obj_as_double(v);
    if (d == -1.0 && err_occurred()) return -1;
    *out = (Cplx){d, 0.0};
    return 0;
}

static const ArgSpec complex_args = {"complex", 0, 0, 0, {"real=0", "imag=0", NULL}};
static Value complex_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value p[2];
    if (arg_parse(&complex_args, args, nargs, kwnames, p) < 0) return VNULL;
    Value r = p[0], i = p[1];
    if (!r) r = v_int(0);
    if (str_check(r)) {
        if (i) return err_set(&exc_TypeError, "complex() can't take second arg if first is a string");
        Cplx c;
        const char *text = str_data(r);
        size_t len = (size_t)str_nbytes(r);
        if (!str_is_ascii(r)) {
            /* as CPython: Unicode spaces read as ' ', decimal digits of any
               script as ASCII digits; anything else non-ASCII is malformed */
            char *a = gc_alloc_atomic(len + 1);
            size_t n = 0;
            for (size_t k = 0; k < len;) {
                int cl;
                uint32_t ch = utf8_decode(text + k, &cl);
                k += (size_t)cl;
                int dv;
                if (ch < 128) a[n++] = (char)ch;
                else if (unicode_isspace(ch)) a[n++] = ' ';
                else if ((dv = unicode_decimal_value(ch)) >= 0) a[n++] = (char)('0' + dv);
                else a[n++] = '?';
            }
            text = a;
            len = n;
        }
        int rc = parse_complex(text, len, &c);
        if (rc == -2) return err_format(&exc_ValueError, "could not convert string to complex: %R", r);
        if (rc < 0) return err_set(&exc_ValueError, "complex() arg is a malformed string");
        return complex_subtype(t, c);
    }
    if (i && str_check(i)) return err_set(&exc_TypeError, "complex() second arg can't be a string");
    if (complex_check_exact(r) && !i && t == &complex_type) return r;
    Cplx cr = {0.0, 0.0}, ci = {0.0, 0.0};
    bool cr_is_complex = false, ci_is_complex = false;
    int got = try_complex_special(r, &cr);
    if (got < 0) return VNULL;
    if (got) {
        cr_is_complex = true;
    } else if (complex_check(r)) {
        cr = complex_val(r);
        cr_is_complex = true;
    } else {
        if (!has_float_or_index(r))
            return err_format(&exc_TypeError, "complex() first argument must be a string or a number, not '%T'", r);
        cr.re = obj_as_double(r);
        if (cr.re == -1.0 && err_occurred()) return VNULL;
    }
    if (!i) {
        ci.re = cr.im;
    } else {
        if (complex_check(i)) {
            ci = complex_val(i);
            ci_is_complex = true;
        } else {
            if (!has_float_or_index(i))
                return err_format(&exc_TypeError, "complex() second argument must be a number, not '%T'", i);
            ci.re = obj_as_double(i);
            if (ci.re == -1.0 && err_occurred()) return VNULL;
        }
    }
    /* (a+bj) + (c+dj)*1j, adding only the terms that exist so the signs
       of zero parts survive (complex(-0.0) keeps its -0.0) */
    if (ci_is_complex) cr.re -= ci.im;
    if (cr_is_complex && i) ci.re += cr.im;
    return complex_subtype(t, (Cplx){cr.re, ci.re});
}

/* ---- methods ------------------------------------------------------------------- */

static Value complex_conjugate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("complex.conjugate", nargs - 1, 0, 0) < 0) return VNULL;
    Cplx c = complex_val(args[0]);
    return complex_from(c.re, -c.im);
}

static Value complex_getnewargs(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("complex.__getnewargs__", nargs - 1, 0, 0) < 0) return VNULL;
    Cplx c = complex_val(args[0]);
    return tuple_pack(2, float_from_double(c.re), float_from_double(c.im));
}

static Value complex_complex_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("complex.__complex__", nargs - 1, 0, 0) < 0) return VNULL;
    if (complex_check_exact(args[0])) return args[0];
    return complex_new_c(complex_val(args[0]));
}

static Value complex_format_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__format__", nargs - 1, 1, 1) < 0) return VNULL;
    if (!str_check(args[1])) return err_format(&exc_TypeError, "__format__() argument must be str, not %T", args[1]);
    return complex_format(args[0], args[1]);
}

static const MethodDef complex_methods[] = {
    {"conjugate", complex_conjugate, 0, NULL},
    {"__getnewargs__", complex_getnewargs, 0, NULL},
    {"__complex__", complex_complex_m, 0, NULL},
    {"__format__", complex_format_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Value complex_get_real(Value v) { return float_from_double(complex_val(v).re); }
static Value complex_get_imag(Value v) { return float_from_double(complex_val(v).im); }

/* CPython's parts are read-only members */
static const GetSetDef complex_members[] = {
    {"real", complex_get_real, NULL, "the real part of a complex number"},
    {"imag", complex_get_imag, NULL, "the imaginary part of a complex number"},
    {NULL, NULL, NULL, NULL},
};

Type complex_type = {
    .tname = "complex",
    .sig = &complex_args,
    .flags = TF_BASETYPE | TF_COMPLEX_SUBCLASS,
    .basicsize = sizeof(ComplexObject),
    .repr = complex_repr,
    .hash = complex_hash,
    .richcompare = complex_richcompare,
    .binop = complex_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_SUB) | (1u << BINOP_MUL) | (1u << BINOP_TRUEDIV) |
                  (1u << BINOP_POW),
    .unop = complex_unop,
    .unop_mask = (1u << UNOP_NEG) | (1u << UNOP_POS) | (1u << UNOP_ABS),
    .truth = complex_truth,
    .new_ = complex_new,
};

void complex_init(void) {
    type_add_methods(&complex_type, complex_methods);
    type_add_members(&complex_type, complex_members);
    type_ready(&complex_type);
}
