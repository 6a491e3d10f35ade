/* int.c: Python int (and bool) semantics over small ints and GMP.
 *
 * Every arithmetic entry point accepts any int-like value: a small int, a
 * BigIntObject (exact int or a subclass instance, which always holds its
 * value in `z`), or a bool. Results are normalised: a result that fits a
 * small int is returned as one.
 */
#include <math.h>
#include <stdio.h>

#include "../runtime.h"
#include "../util/numfmt.h"
#include "../vm/pending.h"
#include "../mod/modules.h"
#include "../vm/config.h"

/* CPython's limit on decimal conversions of huge ints (sys.int_info,
 * -X int_max_str_digits): 0 means none. */
int int_max_str_digits(void) { return tpy_config.int_max_str_digits < 0 ? INT_DEFAULT_MAX_STR_DIGITS : tpy_config.int_max_str_digits; }

static Value int_digits_over_limit(int limit) {
    return err_format(&exc_ValueError,
                      "Exceeds the limit (%d digits) for integer string conversion; "
                      "use sys.set_int_max_str_digits() to increase the limit",
                      limit);
}

Type int_type, bool_type;
BoolObject true_obj = {{&bool_type}, 1}, false_obj = {{&bool_type}, 0};

/* ---- conversions ----------------------------------------------------------- */

/* Results are computed into limbs allocated here as atomic (unscanned)
 * memory, sized so that GMP does not need to allocate: its own
 * allocations are scanned (see gc.c), which makes every collection read
 * through big numbers and zeroes them on allocation. GMP reallocates
 * (keeping the block atomic) if an estimate is short. */
static void mpz_init_limbs(mpz_t r, size_t n) {
    if (n < 1) n = 1;
    r->_mp_alloc = (int)n;
    r->_mp_size = 0;
    r->_mp_d = gc_alloc_atomic(n * sizeof(mp_limb_t));
}

static inline size_t mpz_limbs(const __mpz_struct *z) { return (size_t)(z->_mp_size < 0 ? -z->_mp_size : z->_mp_size); }

static Value big_alloc(Type *t) {
    BigIntObject *b = (BigIntObject *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(BigIntObject));
    mpz_init(b->z);
    return V_FROM_PTR(b);
}

Value int_from_i64(int64_t x) {
    if (smallint_fits(x)) return v_int(x);
    Value v = big_alloc(&int_type);
    mpz_init_limbs(V_AS(BigIntObject, v)->z, 1);
    mpz_set_si(V_AS(BigIntObject, v)->z, x);
    return v;
}

Value int_from_u64(uint64_t x) {
    if (x <= (uint64_t)SMALLINT_MAX) return v_int((int64_t)x);
    Value v = big_alloc(&int_type);
    mpz_init_limbs(V_AS(BigIntObject, v)->z, 1);
    mpz_set_ui(V_AS(BigIntObject, v)->z, x);
    return v;
}

/* Magnitudes below 2**128 without GMP's string conversions: the 19 to 38
 * digit numbers of fixed-point arithmetic (_pydecimal keeps a Decimal's
 * coefficient as a str of up to context.prec digits, 28 by default, and
 * converts it at every operation). */
__extension__ typedef unsigned __int128 u128;
#define POW10_19 10000000000000000000u

static Value int_from_u128(u128 x, bool neg) {
    /* canonical (int.h): -2**62 is small too */
    if (x <= (u128)SMALLINT_MAX || (neg && x == (u128)SMALLINT_MAX + 1))
        return v_int(neg ? -(int64_t)x : (int64_t)x);
    Value v = big_alloc(&int_type);
    mpz_ptr z = V_AS(BigIntObject, v)->z;
    mpz_init_limbs(z, 2);
    mp_limb_t *d = mpz_limbs_write(z, 2);
    d[0] = (mp_limb_t)x;
    d[1] = (mp_limb_t)(x >> 64);
    mpz_limbs_finish(z, neg ? -2 : 2);
    return v;
}

/* |z| when it is below 2**128 (two limbs at most). */
static bool mpz_get_u128(const __mpz_struct *z, u128 *out) {
    size_t n = mpz_limbs(z);
    if (n > 2) return false;
    const mp_limb_t *d = mpz_limbs_read(z);
    *out = (n > 0 ? (u128)d[0] : 0) | (n > 1 ? (u128)d[1] << 64 : 0);
    return true;
}

static size_t u64_dec(uint64_t x, char *out) {
    char tmp[20];
    size_t n = 0;
    do tmp[n++] = (char)('0' + x % 10);
    while ((x /= 10) != 0);
    for (size_t i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
    return n;
}

/* Decimal digits of x (no sign) into out, which has room for 39; returns
 * their count. */
static size_t u128_dec(u128 x, char *out) {
    uint64_t chunks[2];   /* base 10**19, least significant first */
    int n = 0;
    while (x >= POW10_19) {
        chunks[n++] = (uint64_t)(x % POW10_19);
        x /= POW10_19;
    }
    size_t len = u64_dec((uint64_t)x, out);
    while (n > 0) {
        uint64_t c = chunks[--n];
        for (int i = 18; i >= 0; i--, c /= 10) out[len + (size_t)i] = (char)('0' + c % 10);
        len += 19;
    }
    return len;
}

Value int_from_mpz(const mpz_t z) {
    if (mpz_fits_slong_p(z)) {
        long x = mpz_get_si(z);
        if (smallint_fits(x)) return v_int(x);
    }
    Value v = big_alloc(&int_type);
    mpz_ptr bz = V_AS(BigIntObject, v)->z;
    mpz_init_limbs(bz, mpz_limbs(z));
    mpz_set(bz, z);
    return v;
}

/* The int value of z, taking over z's limbs (z is left as a valid, small
 * mpz the caller still clears): saves copying big results. */
static Value int_from_mpz_steal(mpz_t z) {
    if (mpz_fits_slong_p(z)) {
        long x = mpz_get_si(z);
        if (smallint_fits(x)) return v_int(x);
    }
    Value v = big_alloc(&int_type);
    mpz_swap(V_AS(BigIntObject, v)->z, z);
    return v;
}

/* Is v a small int or a bool? Then *out is its value. */
static inline bool small_value(Value v, int64_t *out) {
    if (v & 1) {
        *out = v_intval(v);
        return true;
    }
    if (V_OBJ(v)->type == &bool_type) {
        *out = V_AS(BoolObject, v)->value;
        return true;
    }
    return false;
}

void int_to_mpz(Value v, mpz_t z) {
    int64_t x;
    if (small_value(v, &x)) mpz_set_si(z, x);
    else mpz_set(z, V_AS(BigIntObject, v)->z);
}

/* A read-only mpz view of an int: for big ints the object's own mpz; for
 * small values an mpz over one limb in the MpzView (no allocation). */
typedef struct MpzView {
    mpz_t z;
    mp_limb_t limb;
} MpzView;

static const __mpz_struct *mpz_view(Value v, MpzView *t) {
    int64_t x;
    if (small_value(v, &x)) {
        t->limb = x < 0 ? (mp_limb_t)0 - (mp_limb_t)x : (mp_limb_t)x;
        return mpz_roinit_n(t->z, &t->limb, x < 0 ? -1 : x > 0);
    }
    return V_AS(BigIntObject, v)->z;
}


/* int_as_i64 of what is not an int: C code that converts an argument to
   a C integer, as CPython's "l" converter does, through __index__ (a str
   raises TypeError "... cannot be interpreted as an integer") */
static __attribute__((noinline, cold)) int64_t index_as_i64(Value v) {
    Value i = obj_index(v);
    return i ? int_as_i64(i) : -1;
}

int64_t int_as_i64(Value v) {
    int64_t x;
    if (v & 1) return v_intval(v);
    if (!int_check(v)) return index_as_i64(v);   /* (floats may be immediate: no type word) */
    if (small_value(v, &x)) return x;
    const __mpz_struct *z = V_AS(BigIntObject, v)->z;
    if (mpz_fits_slong_p(z)) return mpz_get_si(z);
    err_set(&exc_OverflowError, "Python int too large to convert to C long");
    return -1;
}

int64_t int_repeat_count(Value n) {
    int64_t k = int_as_i64(n);
    if (k == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "cannot fit 'int' into an index-sized integer");
        return -1;
    }
    return k < 0 ? 0 : k;
}

int64_t int_as_i64_clamped(Value v, int64_t lo, int64_t hi) {
    int64_t x;
    if (small_value(v, &x)) return x < lo ? lo : x > hi ? hi : x;
    const __mpz_struct *z = V_AS(BigIntObject, v)->z;
    if (mpz_fits_slong_p(z)) {
        x = mpz_get_si(z);
        return x < lo ? lo : x > hi ? hi : x;
    }
    return mpz_sgn(z) < 0 ? lo : hi;
}

bool int_is_zero(Value v) {
    int64_t x;
    if (small_value(v, &x)) return x == 0;
    return mpz_sgn(V_AS(BigIntObject, v)->z) == 0;
}

int int_sign(Value v) {
    int64_t x;
    if (small_value(v, &x)) return (x > 0) - (x < 0);
    return mpz_sgn(V_AS(BigIntObject, v)->z);
}

/* Correctly rounded conversion (round half to even), as CPython. */
static double mpz_to_double_rounded(const mpz_t z, bool *overflow) {
    *overflow = false;
    size_t bits = mpz_sizeinbase(z, 2);
    if (bits <= 53) return mpz_get_d(z);    /* exact */
    mpz_t a, q;
    mpz_init(a);
    mpz_init(q);
    mpz_abs(a, z);
    size_t shift = bits - 54;               /* keep 54 bits: 53 + round bit */
    mpz_fdiv_q_2exp(q, a, shift);
    bool sticky = mpz_scan1(a, 0) < shift;
    uint64_t m = mpz_get_ui(q);             /* 54 bits */
    bool round_bit = m & 1;
    m >>= 1;
    if (round_bit && (sticky || (m & 1))) m++;
    double r = ldexp((double)m, (int)(shift + 1));
    if (isinf(r)) *overflow = true;
    mpz_clear(a);
    mpz_clear(q);
    return mpz_sgn(z) < 0 ? -r : r;
}

double int_as_double(Value v) {
    int64_t x;
    if (small_value(v, &x)) return (double)x;
    bool ovf;
    double d = mpz_to_double_rounded(V_AS(BigIntObject, v)->z, &ovf);
    if (ovf) {
        err_set(&exc_OverflowError, "int too large to convert to float");
        return -1.0;
    }
    return d;
}

Value int_from_double(double d) {
    if (isnan(d)) return err_set(&exc_ValueError, "cannot convert float NaN to integer");
    if (isinf(d)) return err_set(&exc_OverflowError, "cannot convert float infinity to integer");
    d = trunc(d);
    if (d >= -4e18 && d <= 4e18) return int_from_i64((int64_t)d);
    mpz_t z;
    mpz_init_set_d(z, d);
    Value r = int_from_mpz_steal(z);
    mpz_clear(z);
    return r;
}

/* ---- repr and hash -------------------------------------------------------------- */

Value int_repr(Value v) {
    int64_t x;
    if (small_value(v, &x)) {
        if ((uint64_t)x < 10) return str_ascii_char('0' + (int)x);
        char buf[24];
        size_t n = numfmt_i64_dec(x, buf);
        Value r = str_alloc(n);
        StrObject *so = V_AS(StrObject, r);
        memcpy(so->data, buf, n);
        so->ascii = 1;
        so->length = (int64_t)n;
        return r;
    }
    const __mpz_struct *z = V_AS(BigIntObject, v)->z;
    u128 mag;
    if (mpz_get_u128(z, &mag)) {
        /* at most 39 digits: under any digit limit (the least is 640) */
        char buf[41];
        size_t n = 0;
        if (mpz_sgn(z) < 0) buf[n++] = '-';
        n += u128_dec(mag, buf + n);
        Value r = str_alloc((int64_t)n);
        StrObject *so = V_AS(StrObject, r);
        memcpy(so->data, buf, n);
        so->ascii = 1;
        so->length = (int64_t)n;
        return r;
    }
    size_t n = mpz_sizeinbase(z, 10);
    /* mpz_sizeinbase may count one digit too many: the exact count decides */
    int limit = int_max_str_digits();
    if (limit && n > (size_t)limit + 1) return int_digits_over_limit(limit);
    char *buf = gc_alloc_atomic(n + 2);
    mpz_get_str(buf, 10, z);
    size_t len = strlen(buf);
    if (limit && len - (buf[0] == '-') > (size_t)limit) return int_digits_over_limit(limit);
    return str_new(buf, len);
}

#define HASH_MODULUS INT_HASH_MODULUS

int64_t int_hash(Value v) {
    int64_t x;
    if (small_value(v, &x)) {
        int64_t h;
        if (x < HASH_MODULUS && x > -HASH_MODULUS) h = x;   /* no division for most ints */
        else h = x >= 0 ? x % HASH_MODULUS : -((-x) % HASH_MODULUS);
        return h == -1 ? -2 : h;
    }
    const __mpz_struct *z = V_AS(BigIntObject, v)->z;
    unsigned long m = mpz_tdiv_ui(z, (unsigned long)HASH_MODULUS);   /* |z| mod M */
    int64_t h = (int64_t)m;
    if (mpz_sgn(z) < 0) h = -h;
    return h == -1 ? -2 : h;
}

static int64_t int_hash_slot(Value v) { return int_hash(v); }

/* ---- parsing ---------------------------------------------------------------------- */

/* CPython's "%.200R": the repr, cut after 200 code points */
static Value repr200(Value v) {
    Value r = obj_repr(v);
    if (!r || str_len(r) <= 200) return r;
    return str_getslice(r, v_int(0), v_int(200), V_NONE);
}

Value int_invalid_literal_message(Value x, int base) {
    Value r = repr200(x);
    if (!r) return VNULL;
    return str_printf("invalid literal for int() with base %d: %S", base, r);
}

static Value invalid_literal_of(Value x, int base) {
    Value m = int_invalid_literal_message(x, base);
    if (!m) return VNULL;
    return err_set_value(&exc_ValueError, m);
}

bool int_str_surely_invalid(Value s) {
    /* 640: sys.set_int_max_str_digits' smallest limit */
    if (!str_is_ascii(s) || str_nbytes(s) >= 640) return false;
    const char *p = str_data(s);
    for (int64_t i = 0; i < str_nbytes(s); i++) {
        char c = p[i];
        if (!((c >= '0' && c <= '9') || c == '_' || c == '+' || c == '-' || c == ' ' || c == '\t' || c == '\n' ||
              c == '\r' || c == '\f' || c == '\v'))
            return true;
    }
    return false;
}

static Value invalid_literal(const char *s, size_t len, int base) {
    return invalid_literal_of(str_new(s, len), base);
}

Value int_from_string(const char *s, size_t len, int base) {
    if (base == 10 && len - 1 < 18) {
        /* plain decimal digits, optionally signed: the common case */
        size_t i = s[0] == '-' || s[0] == '+';
        if (i < len) {
            int64_t x = 0;
            for (; i < len && (unsigned)(s[i] - '0') < 10; i++) x = x * 10 + (s[i] - '0');
            if (i == len) return v_int(s[0] == '-' ? -x : x);
        }
    } else if (base == 10 && len <= 39) {
        /* up to 38 digits, optionally signed: below 10**38 < 2**127 */
        size_t i = s[0] == '-' || s[0] == '+', digits = len - i;
        if (digits >= 18 && digits <= 38) {
            u128 x = 0;
            for (; i < len && (unsigned)(s[i] - '0') < 10; i++) x = x * 10 + (unsigned)(s[i] - '0');
            if (i == len) return int_from_u128(x, s[0] == '-');
        }
    }
    const char *orig = s;
    size_t origlen = len;
    int shown_base = base;
    /* strip whitespace */
    while (len && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\f' || *s == '\v')) s++, len--;
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\n' || s[len - 1] == '\r' ||
                   s[len - 1] == '\f' || s[len - 1] == '\v'))
        len--;
    bool neg = false;
    if (len && (*s == '+' || *s == '-')) {
        neg = *s == '-';
        s++, len--;
    }
    if (len >= 2 && s[0] == '0') {
        char p = (char)(s[1] | 0x20);
        int pb = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
        if (pb && (base == 0 || base == pb)) {
            base = pb;
            s += 2, len -= 2;
            if (len && *s == '_') s++, len--;   /* 0x_1f is allowed */
            else if (!len) return invalid_literal(orig, origlen, shown_base);
        }
    }
    if (base == 0) {
        /* decimal; leading zeros only if the value is zero */
        base = 10;
        if (len > 1 && s[0] == '0') {
            for (size_t i = 0; i < len; i++)
                if (s[i] != '0' && s[i] != '_') return invalid_literal(orig, origlen, 0);
        }
    }
    if (len == 0) return invalid_literal(orig, origlen, shown_base);
    /* validate digits and underscores, build a clean copy */
    char stackbuf[64];
    char *clean = len < sizeof stackbuf ? stackbuf : gc_alloc_atomic(len + 1);
    size_t n = 0;
    bool prev_us = true;   /* no leading underscore */
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '_') {
            if (prev_us) return invalid_literal(orig, origlen, shown_base);
            prev_us = true;
            continue;
        }
        int dv;
        if (c >= '0' && c <= '9') dv = c - '0';
        else if (c >= 'a' && c <= 'z') dv = c - 'a' + 10;
        else if (c >= 'A' && c <= 'Z') dv = c - 'A' + 10;
        else return invalid_literal(orig, origlen, shown_base);
        if (dv >= base) return invalid_literal(orig, origlen, shown_base);
        clean[n++] = c;
        prev_us = false;
    }
    if (prev_us) return invalid_literal(orig, origlen, shown_base);
    clean[n] = 0;
    int limit = int_max_str_digits();
    if ((base & (base - 1)) != 0 && limit && n > (size_t)limit)   /* any base but a power of two */
        return err_format(&exc_ValueError,
                          "Exceeds the limit (%d digits) for integer string conversion: value has %zd digits; "
                          "use sys.set_int_max_str_digits() to increase the limit",
                          limit, (ssize_t)n);
    if (n <= 18 && base == 10) {
        int64_t x = 0;
        for (size_t i = 0; i < n; i++) x = x * 10 + (clean[i] - '0');
        return int_from_i64(neg ? -x : x);
    }
    mpz_t z;
    mpz_init(z);
    mpz_set_str(z, clean, base);
    if (neg) mpz_neg(z, z);
    Value r = int_from_mpz_steal(z);
    mpz_clear(z);
    return r;
}

/* ---- arithmetic -------------------------------------------------------------------- */

typedef void (*MpzOp)(mpz_ptr, mpz_srcptr, mpz_srcptr);

/* How big a result of f can be, in limbs, for operands of na and nb limbs. */
enum { RS_SUM, RS_PRODUCT, RS_QUOTIENT, RS_REMAINDER };

static Value big_op(Value a, Value b, MpzOp f, int rsize) {
    MpzView ta, tb;
    const __mpz_struct *za = mpz_view(a, &ta), *zb = mpz_view(b, &tb);
    size_t na = mpz_limbs(za), nb = mpz_limbs(zb), n;
    switch (rsize) {
    case RS_SUM: n = (na > nb ? na : nb) + 1; break;
    case RS_PRODUCT: n = na + nb + 1; break;
    case RS_QUOTIENT: n = na > nb ? na - nb + 2 : 2; break;
    default: n = nb + 1; break;
    }
    mpz_t r;
    mpz_init_limbs(r, n);
    f(r, za, zb);
    Value v = int_from_mpz_steal(r);
    mpz_clear(r);
    return v;
}

Value int_add_slow(Value a, Value b) {
    int64_t x, y, r;
    if (small_value(a, &x) && small_value(b, &y) && !__builtin_add_overflow(x, y, &r)) return int_from_i64(r);
    return big_op(a, b, mpz_add, RS_SUM);
}

Value int_sub_slow(Value a, Value b) {
    int64_t x, y, r;
    if (small_value(a, &x) && small_value(b, &y) && !__builtin_sub_overflow(x, y, &r)) return int_from_i64(r);
    return big_op(a, b, mpz_sub, RS_SUM);
}

Value int_mul_slow(Value a, Value b) {
    int64_t x, y, r;
    if (small_value(a, &x) && small_value(b, &y) && !__builtin_mul_overflow(x, y, &r)) return int_from_i64(r);
    return big_op(a, b, mpz_mul, RS_PRODUCT);
}

static Value zero_div(const char *msg) { return err_set(&exc_ZeroDivisionError, msg); }

static Value int_floordiv(Value a, Value b) {
    int64_t x, y;
    if (small_value(a, &x) && small_value(b, &y)) {
        if (y == 0) return zero_div("integer division or modulo by zero");
        int64_t q = x / y;
        if ((x % y != 0) && ((x < 0) != (y < 0))) q--;
        return int_from_i64(q);
    }
    if (int_is_zero(b)) return zero_div("integer division or modulo by zero");
    return big_op(a, b, mpz_fdiv_q, RS_QUOTIENT);
}

static Value int_mod(Value a, Value b) {
    int64_t x, y;
    if (small_value(a, &x) && small_value(b, &y)) {
        if (y == 0) return zero_div("integer modulo by zero");
        int64_t r = x % y;
        if (r != 0 && ((r < 0) != (y < 0))) r += y;
        return v_int(r);
    }
    if (int_is_zero(b)) return zero_div("integer modulo by zero");
    return big_op(a, b, mpz_fdiv_r, RS_REMAINDER);
}

/* x / y correctly rounded, y != 0. Operands a double holds exactly
 * (|x|, |y| <= 2**53) need one IEEE division. Otherwise the magnitudes are
 * scaled so the integer quotient q has at least 55 bits: rounding q to 53
 * bits then depends on its round bit and on whether anything below it is
 * nonzero, and or-ing "remainder != 0" into q's lowest bit (below the
 * round bit) keeps exactly that information, so (double)q is the rounded
 * quotient; the power-of-two scale back is exact (the result lies within
 * [2**-63, 2**63]: no overflow, no subnormal). Compiled code calls this too. */
double int_truediv_i64(int64_t x, int64_t y) {
    if (x >= -(1LL << 53) && x <= (1LL << 53) && y >= -(1LL << 53) && y <= (1LL << 53))
        return (double)x / (double)y;
    bool neg = (x < 0) != (y < 0);
    uint64_t ax = x < 0 ? -(uint64_t)x : (uint64_t)x, ay = y < 0 ? -(uint64_t)y : (uint64_t)y;
    if (ax == 0) return neg ? -0.0 : 0.0;
    int lx = 64 - __builtin_clzll(ax), ly = 64 - __builtin_clzll(ay);
    int shift = ly - lx + 55;   /* the quotient gets 55 or 56 bits */
    if (shift < 0) shift = 0;   /* it has more already (at most 64) */
    __extension__ typedef unsigned __int128 u128;
    u128 n = (u128)ax << shift;   /* < 2**119 */
    uint64_t q = (uint64_t)(n / ay);
    if (n % ay != 0) q |= 1;
    double r = ldexp((double)q, -shift);
    return neg ? -r : r;
}

/* True division a / b, correctly rounded. */
static Value int_truediv(Value a, Value b) {
    int64_t x, y;
    if (small_value(a, &x) && small_value(b, &y)) {
        if (y == 0) return zero_div("division by zero");
        return float_from_double(int_truediv_i64(x, y));
    }
    if (int_is_zero(b)) return zero_div("division by zero");
    MpzView ta, tb;
    mpz_t na, nb, q, r;
    mpz_inits(na, nb, q, r, NULL);
    mpz_abs(na, mpz_view(a, &ta));
    mpz_abs(nb, mpz_view(b, &tb));
    bool neg = (int_sign(a) < 0) != (int_sign(b) < 0);
    double result;
    if (mpz_sgn(na) == 0) {
        result = 0.0;
    } else {
        long la = (long)mpz_sizeinbase(na, 2), lb = (long)mpz_sizeinbase(nb, 2);
        /* scale so the quotient has 55 or 56 bits */
        long shift = la - lb - 55;
        if (shift > 0) mpz_mul_2exp(nb, nb, (mp_bitcnt_t)shift);
        else if (shift < 0) mpz_mul_2exp(na, na, (mp_bitcnt_t)-shift);
        mpz_tdiv_qr(q, r, na, nb);
        bool sticky = mpz_sgn(r) != 0;
        long qbits = (long)mpz_sizeinbase(q, 2);
        long extra = qbits - 53;
        /* subnormal results keep fewer bits */
        long exp2 = shift + qbits;   /* value ~ 2^(exp2) */
        if (exp2 < -1021) extra += -1021 - exp2;
        if (extra > qbits) extra = qbits;
        if (extra > 0) {
            sticky = sticky || mpz_scan1(q, 0) < (mp_bitcnt_t)(extra - 1);
            bool half = mpz_tstbit(q, (mp_bitcnt_t)(extra - 1));
            mpz_fdiv_q_2exp(q, q, (mp_bitcnt_t)extra);
            if (half && (sticky || mpz_odd_p(q))) mpz_add_ui(q, q, 1);
        } else {
            extra = 0;
        }
        result = ldexp(mpz_get_d(q), (int)(shift + extra));
        if (isinf(result)) {
            mpz_clears(na, nb, q, r, NULL);
            return err_set(&exc_OverflowError, "integer division result too large for a float");
        }
    }
    mpz_clears(na, nb, q, r, NULL);
    return float_from_double(neg ? -result : result);
}

/* Results from this many bits take long enough (tens of milliseconds and
 * up) that a signal must be able to interrupt them. */
#define POW_POLL_BITS 4e6

/* r = z**e by squaring from the top bit, polling the pending-action word
 * (vm/pending.h) between multiplications: GMP's mpz_pow_ui is one call
 * that Ctrl-C cannot stop. 0, or -1 with the exception a handler raised. */
static int pow_polling(mpz_t r, const __mpz_struct *z, unsigned long e) {
    mpz_set_ui(r, 1);
    for (int bit = 63 - __builtin_clzl(e); bit >= 0; bit--) {
        /* GMP's allocations cannot fail (it aborts): make sure the memory
           for this step's product and its temporaries is there first */
        size_t need = 3 * (2 * mpz_size(r) + mpz_size(z)) * sizeof(mp_limb_t);
        void *probe = gc_try_alloc_atomic(need);
        if (!probe) {
            err_no_memory();
            return -1;
        }
        gc_free(probe);
        mpz_mul(r, r, r);
        if (e >> bit & 1) mpz_mul(r, r, z);
        if (pending_check() < 0) return -1;
    }
    return 0;
}

static Value int_pow(Value a, Value b) {
    if (int_sign(b) < 0) {
        double x = int_as_double(a);
        if (x == -1.0 && err_occurred()) return VNULL;
        double y = int_as_double(b);
        if (y == -1.0 && err_occurred()) return VNULL;
        if (x == 0.0) return zero_div("0.0 cannot be raised to a negative power");
        return float_pow(x, y);
    }
    int64_t x, y;
    if (small_value(a, &x) && small_value(b, &y)) {
        /* fast exponentiation while it fits */
        int64_t result = 1, base = x, e = y;
        bool ok = true;
        while (e > 0) {
            if (e & 1) {
                if (__builtin_mul_overflow(result, base, &result)) {
                    ok = false;
                    break;
                }
            }
            e >>= 1;
            if (e && __builtin_mul_overflow(base, base, &base)) {
                ok = false;
                break;
            }
        }
        if (ok) return int_from_i64(result);
    }
    if (!v_is_int(b) && !bool_check(b)) {
        const __mpz_struct *zb = V_AS(BigIntObject, b)->z;
        if (!mpz_fits_ulong_p(zb)) {
            if (small_value(a, &x) && (x == 0 || x == 1)) return v_int(x);
            if (small_value(a, &x) && x == -1) return v_int(mpz_odd_p(zb) ? -1 : 1);
            return err_no_memory();
        }
    }
    unsigned long e = v_is_int(b) ? (unsigned long)v_intval(b) : bool_check(b) ? (unsigned long)V_AS(BoolObject, b)->value
                                                                            : mpz_get_ui(V_AS(BigIntObject, b)->z);
    MpzView ta;
    const __mpz_struct *za = mpz_view(a, &ta);
    size_t abits = mpz_sizeinbase(za, 2);
    if (mpz_cmpabs_ui(za, 1) > 0 && (double)abits * (double)e > 1e10) return err_no_memory();
    size_t limbs = mpz_cmpabs_ui(za, 1) > 0 ? (size_t)(((double)abits * (double)e) / GMP_NUMB_BITS) + 2 : 1;
    if ((double)abits * (double)e >= POW_POLL_BITS) {
        /* as in pow_polling: GMP must not run out of memory */
        void *probe = gc_try_alloc_atomic(2 * limbs * sizeof(mp_limb_t));
        if (!probe) return err_no_memory();
        gc_free(probe);
    }
    mpz_t r;
    mpz_init_limbs(r, limbs);
    if ((double)abits * (double)e < POW_POLL_BITS) {
        mpz_pow_ui(r, za, e);
    } else if (pow_polling(r, za, e) < 0) {
        mpz_clear(r);
        return VNULL;
    }
    Value v = int_from_mpz_steal(r);
    mpz_clear(r);
    return v;
}

static Value int_shift(Value a, Value b, bool left) {
    if (int_sign(b) < 0) return err_set(&exc_ValueError, "negative shift count");
    int64_t x, s = 0;
    bool small_b = small_value(b, &s);
    if (small_value(a, &x)) {
        if (x == 0) return v_int(0);
        if (!left) {
            if (!small_b || s >= 63) return v_int(x < 0 ? -1 : 0);
            return v_int(x >> s);
        }
        if (small_b && s < 62) {
            int64_t r = (int64_t)((uint64_t)x << s);   /* no signed overflow (UB) */
            if ((r >> s) == x && smallint_fits(r)) return v_int(r);
        }
    }
    if (!small_b) {
        if (!left) return v_int(int_sign(a) < 0 ? -1 : 0);
        if (int_is_zero(a)) return v_int(0);
        /* CPython (30-bit digits): OverflowError when the result would have
           more digits than a Py_ssize_t can count, MemoryError below that */
        MpzView ta, tb;
        const __mpz_struct *za = mpz_view(a, &ta), *zb = mpz_view(b, &tb);
        mpz_t w;
        mpz_init(w);
        mpz_fdiv_q_ui(w, zb, 30);
        mpz_add_ui(w, w, (mpz_sizeinbase(za, 2) + 29) / 30 + 1);
        bool over = mpz_cmp_ui(w, 2305843009213693945UL) > 0;   /* (PY_SSIZE_T_MAX - 24) / 4 */
        mpz_clear(w);
        return over ? err_set(&exc_OverflowError, "too many digits in integer") : err_no_memory();
    }
    if (left && s > ((int64_t)1 << 40)) return err_no_memory();
    MpzView ta;
    const __mpz_struct *za = mpz_view(a, &ta);
    mpz_t r;
    mpz_init_limbs(r, mpz_limbs(za) + (left ? (size_t)s / GMP_NUMB_BITS + 1 : 1));
    if (left) mpz_mul_2exp(r, za, (mp_bitcnt_t)s);
    else mpz_fdiv_q_2exp(r, za, (mp_bitcnt_t)s);
    Value v = int_from_mpz_steal(r);
    mpz_clear(r);
    return v;
}

static Value int_bitop(Value a, Value b, int op) {
    int64_t x, y;
    if (small_value(a, &x) && small_value(b, &y)) {
        switch (op) {
        case BINOP_AND: return v_int(x & y);
        case BINOP_OR: return v_int(x | y);
        default: return v_int(x ^ y);
        }
    }
    return big_op(a, b, op == BINOP_AND ? mpz_and : op == BINOP_OR ? mpz_ior : mpz_xor, RS_SUM);
}

static Value int_divmod(Value a, Value b) {
    int64_t x, y;
    if (!(small_value(a, &x) && small_value(b, &y)) && !int_is_zero(b)) {
        /* one GMP division for both results */
        MpzView ta, tb;
        const __mpz_struct *za = mpz_view(a, &ta), *zb = mpz_view(b, &tb);
        size_t na = mpz_limbs(za), nb = mpz_limbs(zb);
        mpz_t q, r;
        mpz_init_limbs(q, na > nb ? na - nb + 2 : 2);
        mpz_init_limbs(r, nb + 1);
        mpz_fdiv_qr(q, r, za, zb);
        Value vq = int_from_mpz_steal(q), vr = int_from_mpz_steal(r);
        mpz_clear(q);
        mpz_clear(r);
        return tuple_pack(2, vq, vr);
    }
    Value q = int_floordiv(a, b);
    if (!q) return VNULL;
    Value r = int_mod(a, b);
    if (!r) return VNULL;
    return tuple_pack(2, q, r);
}

Value int_binop(Value a, Value b, int op) {
    if (!int_check(a) || !int_check(b)) return V_NOTIMPL;
    switch (BINOP_BASE(op)) {
    case BINOP_ADD: return int_add_slow(a, b);
    case BINOP_SUB: return int_sub_slow(a, b);
    case BINOP_MUL: return int_mul_slow(a, b);
    case BINOP_FLOORDIV: return int_floordiv(a, b);
    case BINOP_MOD: return int_mod(a, b);
    case BINOP_TRUEDIV: return int_truediv(a, b);
    case BINOP_POW: return int_pow(a, b);
    case BINOP_LSHIFT: return int_shift(a, b, true);
    case BINOP_RSHIFT: return int_shift(a, b, false);
    case BINOP_AND:
    case BINOP_OR:
    case BINOP_XOR: return int_bitop(a, b, BINOP_BASE(op));
    default: return V_NOTIMPL;
    }
}

int int_compare(Value a, Value b) {
    int64_t x, y;
    if (small_value(a, &x) && small_value(b, &y)) return (x > y) - (x < y);
    MpzView ta, tb;
    int c = mpz_cmp(mpz_view(a, &ta), mpz_view(b, &tb));
    return (c > 0) - (c < 0);
}

static Value cmp_result(int c, int op) {
    switch (op) {
    case CMP_LT: return v_bool(c < 0);
    case CMP_LE: return v_bool(c <= 0);
    case CMP_EQ: return v_bool(c == 0);
    case CMP_NE: return v_bool(c != 0);
    case CMP_GT: return v_bool(c > 0);
    default: return v_bool(c >= 0);
    }
}

Value int_richcompare(Value a, Value b, int op) {
    if (!int_check(a) || !int_check(b)) return V_NOTIMPL;
    return cmp_result(int_compare(a, b), op);
}

Value int_unop(Value a, int op) {
    int64_t x;
    if (small_value(a, &x)) {
        switch (op) {
        case UNOP_NEG: return int_from_i64(-x);
        case UNOP_POS: return v_int(x);
        case UNOP_INVERT: return v_int(~x);
        case UNOP_ABS: return int_from_i64(x < 0 ? -x : x);
        }
    }
    const __mpz_struct *z = V_AS(BigIntObject, a)->z;
    mpz_t r;
    mpz_init_limbs(r, mpz_limbs(z) + 1);
    switch (op) {
    case UNOP_NEG: mpz_neg(r, z); break;
    case UNOP_POS: mpz_set(r, z); break;
    case UNOP_INVERT: mpz_com(r, z); break;
    default: mpz_abs(r, z); break;
    }
    Value v = int_from_mpz_steal(r);
    mpz_clear(r);
    return v;
}

static int int_truth(Value v) { return !int_is_zero(v); }

/* ---- index protocol ----------------------------------------------------------------- */

/* CPython's DeprecationWarning for a strict subclass of int that __index__
 * or __int__ returned */
static int warn_int_subclass_result(const char *dunder, Value r) {
    Value msg = str_printf("%s returned non-int (type %T).  The ability to return an instance of a strict "
                           "subclass of int is deprecated, and may be removed in a future version of Python.",
                           dunder, r);
    return msg ? warn_c(&exc_DeprecationWarning, msg, 1) : -1;
}

int index_as_c_int(Value v, int *out) {
    Value i = obj_index(v);
    if (!i) return -1;
    if (!v_is_int(i) || v_intval(i) < INT_MIN || v_intval(i) > INT_MAX) {
        err_set(&exc_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    *out = (int)v_intval(i);
    return 0;
}

int64_t index_as_ssize(Value v) {
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = int_as_i64(i);
    if (x == -1 && err_occurred() && err_matches(&exc_OverflowError)) {
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
    }
    return x;
}

Value obj_index(Value v) {
    if (int_check(v)) {
        if (v_is_int(v) || V_OBJ(v)->type == &int_type) return v;
        int64_t x;
        if (small_value(v, &x)) return v_int(x);
        return int_from_mpz(V_AS(BigIntObject, v)->z);
    }
    if (!v_is_smallfloat(v)) {
        bool found;
        Value r = obj_call_special(v, NAME(__index__), NULL, 0, &found);
        if (found) {
            if (r && !int_check(r))
                return err_format(&exc_TypeError, "__index__ returned non-int (type %T)", r);
            if (r && !int_check_exact(r)) {
                /* a strict subclass of int (a bool): deprecated, and its int value */
                if (warn_int_subclass_result("__index__", r) < 0) return VNULL;
                return obj_index(r);
            }
            return r;
        }
    }
    return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", v);
}

int64_t obj_index_i64(Value v) {
    if (v_is_int(v)) return v_intval(v);
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = int_as_i64(i);
    if (x == -1 && err_occurred()) {
        err_clear();
        err_format(&exc_IndexError, "cannot fit '%T' into an index-sized integer", v);
    }
    return x;
}

/* ---- int() and methods ----------------------------------------------------------------- */

static Value int_subtype_new(Type *t, Value v) {
    if (t == &int_type) return v;
    Value r = big_alloc(t);
    int_to_mpz(v, V_AS(BigIntObject, r)->z);
    return r;
}

/* int(str, base): non-ASCII decimal digits and spaces count as their ASCII
 * counterparts; errors show the original text. */
static Value int_from_str(Value x, int base) {
    if (str_is_ascii(x)) return int_from_string(str_data(x), (size_t)str_nbytes(x), base);
    Buf b;
    buf_init(&b, (size_t)str_nbytes(x));
    const char *p = str_data(x), *end = p + str_nbytes(x);
    while (p < end) {
        int l;
        uint32_t c = utf8_decode(p, &l);
        int d = unicode_decimal_value(c);
        if (d >= 0) buf_putc(&b, (char)('0' + d));
        else if (c >= 128 && unicode_isspace(c)) buf_putc(&b, ' ');
        else buf_put(&b, p, (size_t)l);
        p += l;
    }
    Value r = int_from_string(b.data, b.len, base);
    if (!r && err_matches(&exc_ValueError)) {
        err_clear();
        return invalid_literal_of(x, base);
    }
    return r;
}

Value int_from_exact_str(Value s) { return int_from_str(s, 10); }

/* int(bytes-like, base): errors show the text as bytes */
static Value int_from_bytes(Value x, int base) {
    const char *p = "";
    int64_t n = 0;
    byteslike_view(x, &p, &n);
    Value r = int_from_string(p, (size_t)n, base);
    if (!r && err_matches(&exc_ValueError)) {
        err_clear();
        return invalid_literal_of(bytes_new(p, (size_t)n), base);
    }
    return r;
}

/* int(x) as CPython's PyNumber_Long: an exact int as is, then __int__
 * (a subclass of int or float may override it), __index__, __trunc__,
 * and strings and buffers */
static Value int_from_obj(Value x) {
    if (int_check_exact(x)) return x;
    if (float_check_exact(x)) return int_from_double(float_val(x));
    /* str has no __int__, __index__ or __trunc__, and its methods are fixed */
    if (str_check_exact(x)) return int_from_str(x, 10);
    bool found;
    Value r = obj_call_special(x, NAME(__int__), NULL, 0, &found);
    if (found) {
        if (r && !int_check(r)) return err_format(&exc_TypeError, "__int__ returned non-int (type %T)", r);
        if (r && !int_check_exact(r)) {
            if (warn_int_subclass_result("__int__", r) < 0) return VNULL;
            return obj_index(r);
        }
        return r;
    }
    if (!v_is_smallfloat(x) && type_lookup(type_of(x), NAME(__index__))) return obj_index(x);
    Value trunc = v_is_smallfloat(x) ? VNULL : type_lookup(type_of(x), NAME(__trunc__));
    if (trunc) {
        if (warn_c(&exc_DeprecationWarning, str_from_cstr("The delegation of int() to __trunc__ is deprecated."), 1) < 0)
            return VNULL;
        r = obj_call_special(x, NAME(__trunc__), NULL, 0, &found);
        if (!r || int_check_exact(r)) return r;
        if (!int_check(r) && !type_lookup(type_of(r), NAME(__index__)))
            return err_format(&exc_TypeError, "__trunc__ returned non-Integral (type %T)", r);
        return obj_index(r);
    }
    if (str_check(x)) return int_from_str(x, 10);
    if (byteslike_check(x)) return int_from_bytes(x, 10);
    return err_format(&exc_TypeError,
                      "int() argument must be a string, a bytes-like object or a real number, not '%T'", x);
}

static Value int_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value x = VNULL, base = VNULL;
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (nargs > 2) return err_format(&exc_TypeError, "int() takes at most 2 arguments (%zd given)", (ssize_t)nargs);
    if (nargs >= 1) x = args[0];
    if (nargs >= 2) base = args[1];
    for (size_t i = 0; i < nkw; i++) {
        Value k = tuple_get(kwnames, (int64_t)i);
        if (str_eq_cstr(k, "base")) base = args[nargs + i];
        else return err_format(&exc_TypeError, "'%U' is an invalid keyword argument for int()", k);
    }
    Value r;
    if (!x) {
        if (base) return err_set(&exc_TypeError, "int() missing string argument");
        r = v_int(0);
    } else if (!base) {
        r = int_from_obj(x);
    } else {
        /* any int is a base, and a huge one just a wrong one */
        Value bi = obj_index(base);
        if (!bi) return VNULL;
        int64_t b = v_is_int(bi) ? v_intval(bi) : 37;
        if ((b != 0 && b < 2) || b > 36) return err_set(&exc_ValueError, "int() base must be >= 2 and <= 36, or 0");
        /* with a base: str, bytes and bytearray only */
        if (str_check(x)) r = int_from_str(x, (int)b);
        else if (bytes_check(x) || bytearray_check(x)) r = int_from_bytes(x, (int)b);
        else return err_set(&exc_TypeError, "int() can't convert non-string with explicit base");
    }
    if (!r) return VNULL;
    return int_subtype_new(t, r);
}

static const ArgSpec int_bit_length_args = {"int.bit_length", 0, 0, 0, {NULL}};
static Value int_bit_length(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&int_bit_length_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    int64_t x;
    if (small_value(args[0], &x)) {
        uint64_t u = x < 0 ? (uint64_t)(-x) : (uint64_t)x;
        return v_int(u ? 64 - __builtin_clzll(u) : 0);
    }
    return v_int((int64_t)mpz_sizeinbase(V_AS(BigIntObject, args[0])->z, 2));
}

static const ArgSpec int_bit_count_args = {"int.bit_count", 0, 0, 0, {NULL}};
static Value int_bit_count(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&int_bit_count_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    int64_t x;
    if (small_value(args[0], &x)) {
        uint64_t u = x < 0 ? (uint64_t)(-x) : (uint64_t)x;
        return v_int(__builtin_popcountll(u));
    }
    mpz_t a;
    mpz_init(a);
    mpz_abs(a, V_AS(BigIntObject, args[0])->z);
    Value r = v_int((int64_t)mpz_popcount(a));
    mpz_clear(a);
    return r;
}

static Value int_self(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return obj_index(args[0]);
}

static Value int_float_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    double d = int_as_double(args[0]);
    if (d == -1.0 && err_occurred()) return VNULL;
    return float_from_double(d);
}

static Value int_round_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__round__", nargs - 1, 0, 1) < 0) return VNULL;
    Value self = obj_index(args[0]);
    if (nargs == 1 || args[1] == V_NONE) return self;
    Value nd = obj_index(args[1]);
    if (!nd) return VNULL;
    if (int_sign(nd) >= 0) return self;
    /* round to a multiple of 10**-nd, half to even */
    Value ten = v_int(10);
    Value negnd = int_unop(nd, UNOP_NEG);
    Value p = int_pow(ten, negnd);
    if (!p) return VNULL;
    Value q = int_floordiv(self, p), r = int_mod(self, p);
    if (!q || !r) return VNULL;
    Value twice = int_mul_slow(r, v_int(2));
    int c = int_compare(twice, p);
    if (c > 0 || (c == 0 && int_mod(q, v_int(2)) != v_int(0))) q = int_add_slow(q, v_int(1));
    return int_mul_slow(q, p);
}

static const ArgSpec int_format_args = {"int.__format__", 1, 1, 0, {"format_spec", NULL}};
static Value int_format_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&int_format_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    if (!str_check(args[1])) return err_format(&exc_TypeError, "__format__() argument must be str, not %T", args[1]);
    return obj_format_builtin(args[0], args[1]);
}

static Value int_conjugate(Value *args, size_t nargs, Value kwnames) { return int_self(args, nargs, kwnames); }

static const ArgSpec int_as_integer_ratio_args = {"int.as_integer_ratio", 0, 0, 0, {NULL}};
static Value int_as_integer_ratio(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&int_as_integer_ratio_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return tuple_pack(2, obj_index(args[0]), v_int(1));
}

static const ArgSpec int_to_bytes_args = {"to_bytes", 0, 0, 1, {"length=1", "byteorder='big'", "signed=False", NULL}};
static Value int_to_bytes_m(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&int_to_bytes_args, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value length = a[0], order = a[1], sgn = a[2];
    int64_t len = length ? obj_index_i64(length) : 1;
    if (len < 0) return err_occurred() ? VNULL : err_set(&exc_ValueError, "length argument must be non-negative");
    bool little = order && str_check(order) && str_eq_cstr(order, "little");
    if (order && (!str_check(order) || (!little && !str_eq_cstr(order, "big"))))
        return err_set(&exc_ValueError, "byteorder must be either 'little' or 'big'");
    bool is_signed = sgn && obj_truth(sgn) == 1;
    mpz_t z, mod;
    mpz_init(z);
    mpz_init(mod);
    int_to_mpz(args[0], z);
    if (mpz_sgn(z) < 0) {
        if (!is_signed) {
            mpz_clears(z, mod, NULL);
            return err_set(&exc_OverflowError, "can't convert negative int to unsigned");
        }
        mpz_ui_pow_ui(mod, 2, (unsigned long)(8 * len));
        mpz_add(z, z, mod);
    }
    size_t bits = mpz_sizeinbase(z, 2);
    if (mpz_sgn(z) == 0) bits = 0;
    bool too_big = (int64_t)bits > 8 * len;
    if (is_signed && !too_big && len > 0) {
        int neg = int_sign(args[0]) < 0;
        if (!neg && (int64_t)bits == 8 * len) too_big = true;
        if (neg && (int64_t)bits == 8 * len && !mpz_tstbit(z, (mp_bitcnt_t)(8 * len - 1))) too_big = true;
    }
    if (too_big) {
        mpz_clears(z, mod, NULL);
        return err_set(&exc_OverflowError, "int too big to convert");
    }
    char *buf = gc_alloc_atomic((size_t)len + 1);
    memset(buf, 0, (size_t)len);
    /* z fits in len bytes (checked above): its bytes in one pass, the
       padding zeros after (little) or before (big) them */
    size_t count = (size_t)(bits + 7) / 8;
    if (count) mpz_export(little ? buf : buf + (len - (int64_t)count), NULL, little ? -1 : 1, 1, 0, 0, z);
    mpz_clears(z, mod, NULL);
    return bytes_new(buf, (size_t)len);
}

static const ArgSpec int_from_bytes_args = {"from_bytes", 0, 1, 1, {"bytes", "byteorder='big'", "signed=False", NULL}};
static Value int_from_bytes_m(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&int_from_bytes_args, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value data = a[0], order = a[1], sgn = a[2];
    bool little = false;
    if (order) {
        if (!str_check(order))
            return err_format(&exc_TypeError, "from_bytes() argument 'byteorder' must be str, not %s",
                              order == V_NONE ? "None" : type_of(order)->tname);
        little = str_eq_cstr(order, "little");
        if (!little && !str_eq_cstr(order, "big"))
            return err_set(&exc_ValueError, "byteorder must be either 'little' or 'big'");
    }
    /* bytes(data) as CPython's PyObject_Bytes: __bytes__, a buffer, or an
       iterable of ints in range(256); never a str or a count */
    Value b = data;
    if (!bytes_check(b)) {
        const char *p;
        int64_t pn;
        if (v_is_ptr(data) && data && type_lookup(type_of(data), NAME(__bytes__))) {
            b = obj_call1(V_FROM_PTR(&bytes_type), data);
            if (!b) return VNULL;
        } else if (byteslike_view(data, &p, &pn)) {
            b = bytes_new(p, (size_t)pn);
        } else if (str_check(data)) {
            return err_format(&exc_TypeError, "cannot convert '%T' object to bytes", data);
        } else {
            Buf buf;
            buf_init(&buf, 16);
            if (bytes_collect_iterable(data, "bytes", &buf) < 0) return VNULL;
            b = bytes_from_buf(&buf);
        }
    }
    int64_t n = bytes_size(b);
    const unsigned char *d = (const unsigned char *)bytes_data(b);
    mpz_t z;
    mpz_init(z);
    for (int64_t i = 0; i < n; i++) {
        mpz_mul_2exp(z, z, 8);
        mpz_add_ui(z, z, d[little ? n - 1 - i : i]);
    }
    if (sgn && obj_truth(sgn) == 1 && n > 0 && (d[little ? n - 1 : 0] & 0x80)) {
        mpz_t m;
        mpz_init(m);
        mpz_ui_pow_ui(m, 2, (unsigned long)(8 * n));
        mpz_sub(z, z, m);
        mpz_clear(m);
    }
    Value r = int_from_mpz_steal(z);
    mpz_clear(z);
    Type *cls = V_AS(Type, args[0]);
    if (cls != &int_type) return obj_call1(args[0], r);
    return r;
}

static const ArgSpec int_getnewargs_args = {"int.__getnewargs__", 0, 0, 0, {NULL}};
static Value int_getnewargs(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&int_getnewargs_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return tuple_pack(1, obj_index(args[0]));
}

/* the wording of a slot wrapper's argument count */
static Value slot_arg_error(size_t nargs) {
    return err_format(&exc_TypeError, "expected 1 argument, got %zd", (ssize_t)nargs - 1);
}

/* int.__divmod__ / __rdivmod__ (CPython's nb_divmod): NotImplemented for
   a non-int */
Value int_divmod_values(Value a, Value b);
static Value int_divmod_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2) return slot_arg_error(nargs);
    return int_divmod_values(args[0], args[1]);
}
static Value int_rdivmod_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2) return slot_arg_error(nargs);
    return int_divmod_values(args[1], args[0]);
}

static const MethodDef int_methods[] = {
    {"__divmod__", int_divmod_m, 0, "Return divmod(self, value)."},
    {"__rdivmod__", int_rdivmod_m, 0, "Return divmod(value, self)."},
    {"bit_length", int_bit_length, 0, NULL, &int_bit_length_args},
    {"bit_count", int_bit_count, 0, NULL, &int_bit_count_args},
    {"conjugate", int_conjugate, 0, NULL},
    {"__index__", int_self, 0, NULL},
    {"__int__", int_self, 0, NULL},
    {"__trunc__", int_self, 0, NULL},
    {"__floor__", int_self, 0, NULL},
    {"__ceil__", int_self, 0, NULL},
    {"__float__", int_float_m, 0, NULL},
    {"__round__", int_round_m, 0, NULL},
    {"__format__", int_format_m, 0, NULL, &int_format_args},
    {"__getnewargs__", int_getnewargs, 0, NULL, &int_getnewargs_args},
    {"as_integer_ratio", int_as_integer_ratio, 0, NULL, &int_as_integer_ratio_args},
    {"to_bytes", int_to_bytes_m, MF_KEYWORDS, NULL, &int_to_bytes_args},
    {"from_bytes", int_from_bytes_m, MF_KEYWORDS | MF_CLASS, NULL, &int_from_bytes_args},
    {NULL, NULL, 0, NULL},
};

static Value int_get_self(Value v) { return obj_index(v); }
static Value int_get_zero(Value v) {
    (void)v;
    return v_int(0);
}
static Value int_get_one(Value v) {
    (void)v;
    return v_int(1);
}

static const GetSetDef int_getsets[] = {
    {"real", int_get_self, NULL, NULL},
    {"imag", int_get_zero, NULL, NULL},
    {"numerator", int_get_self, NULL, NULL},
    {"denominator", int_get_one, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* Binary operators for (int, int) including divmod via the generic path. */
static Value int_binop_slot(Value a, Value b, int op) { return int_binop(a, b, op); }

Value int_divmod_values(Value a, Value b) {
    if (!int_check(a) || !int_check(b)) return V_NOTIMPL;
    return int_divmod(a, b);
}

/* ---- bool ------------------------------------------------------------------------------- */

static Value bool_repr(Value v) { return str_intern_cstr(v == V_TRUE ? "True" : "False"); }

static Value bool_binop(Value a, Value b, int op) {
    int base = BINOP_BASE(op);
    if ((base == BINOP_AND || base == BINOP_OR || base == BINOP_XOR) && bool_check(a) && bool_check(b)) {
        bool x = a == V_TRUE, y = b == V_TRUE;
        return v_bool(base == BINOP_AND ? (x && y) : base == BINOP_OR ? (x || y) : (x != y));
    }
    return int_binop(a, b, op);
}

static Value bool_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)t;
    if (kwnames && tuple_size(kwnames)) return err_set(&exc_TypeError, "bool() takes no keyword arguments");
    if (nargs > 1) return err_format(&exc_TypeError, "bool expected at most 1 argument, got %zd", (ssize_t)nargs);
    if (nargs == 0) return V_FALSE;
    int r = obj_truth(args[0]);
    if (r < 0) return VNULL;
    return v_bool(r);
}

Type int_type = {
    .tname = "int",
    .flags = TF_BASETYPE | TF_INT_SUBCLASS,
    .basicsize = sizeof(BigIntObject),
    .repr = int_repr,
    .hash = int_hash_slot,
    .richcompare = int_richcompare,
    .binop = int_binop_slot,
    .binop_mask = 0x1FFF & ~(1u << BINOP_MATMUL),
    .unop = int_unop,
    .truth = int_truth,
    .new_ = int_new,
};

Type bool_type = {
    .tname = "bool",
    .base = &int_type,
    .flags = 0,
    .basicsize = sizeof(BoolObject),
    .repr = bool_repr,
    .binop = bool_binop,
    /* its own &, | and ^; the other operators are int's (bool.__add__ is int.__add__) */
    .binop_mask = (1u << BINOP_AND) | (1u << BINOP_OR) | (1u << BINOP_XOR),
    .new_ = bool_new,
};

void int_init(void) {
    type_add_methods(&int_type, int_methods);
    type_add_getsets(&int_type, int_getsets);
    type_ready(&int_type);
    type_ready(&bool_type);
    bool_type.flags &= ~(uint32_t)TF_BASETYPE;   /* bool cannot be subclassed */
    true_obj.hdr.type = &bool_type;
    false_obj.hdr.type = &bool_type;
}
