/* _struct.c: the _struct module (struct.py imports it): packing values to
 * bytes and back as described by a format string, with CPython 3.11's
 * sizes, alignment, range checks and messages.
 *
 * A format compiles once into a Struct object: a list of codes (format
 * character, offset, item size, repeat count) plus the total size and the
 * number of values it packs. The module functions look compiled Structs up
 * in a small cache keyed by the format object, as CPython's do.
 *
 * Byte orders: '@' (default) is native sizes and alignment; '=' and '<' are
 * standard sizes little-endian, '>' and '!' standard sizes big-endian. tpy
 * runs on little-endian x86-64 only, so native order is little-endian. As
 * in CPython, a little-endian code whose standard size equals its native
 * size behaves as the native code (which decides the error messages). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "../runtime.h"

enum { ORDER_NATIVE, ORDER_LE, ORDER_BE };

typedef struct Code {
    char fmt;           /* the format character */
    int64_t offset;     /* of the first item */
    int64_t size;       /* of one item; for 's' and 'p' the whole field */
    int64_t repeat;     /* items (1 for 's' and 'p') */
} Code;

typedef struct StructObject {
    Object hdr;
    Value format;       /* str, or bytes when given as bytes */
    int64_t size;       /* bytes packed */
    int64_t nitems;     /* values packed */
    int64_t ncodes;
    Code *codes;        /* collector memory without pointers */
    int order;
} StructObject;

static Type struct_type, unpackiter_type;
static Value struct_error;   /* struct.error */
static Value struct_cache;   /* dict: format -> Struct */
#define MAXCACHE 100

static Value struct_err(const char *msg) { return err_set(V_AS(Type, struct_error), msg); }

/* ---- compiling a format ---------------------------------------------------------------- */

/* The native (size) or standard size of a format character; 0 when the
 * character is not a format code in this mode. */
static int64_t code_size(int order, char c) {
    switch (c) {
    case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'q': case 'Q': case 'd': return 8;
    case 'l': case 'L': return order == ORDER_NATIVE ? 8 : 4;
    case 'n': case 'N': case 'P': return order == ORDER_NATIVE ? 8 : 0;
    default: return 0;
    }
}

/* Fill s from the format's ASCII text f[0..n). Errors are struct.error. */
static int struct_compile(StructObject *s, const char *f, int64_t n) {
    if (memchr(f, 0, (size_t)n)) {
        struct_err("embedded null character");
        return -1;
    }
    int64_t i = 0;
    int order = ORDER_NATIVE;
    if (n > 0) {
        switch (f[0]) {
        case '@': i = 1; break;
        case '=': case '<': order = ORDER_LE; i = 1; break;
        case '>': case '!': order = ORDER_BE; i = 1; break;
        }
    }
    /* two passes: count codes and check, then fill */
    int64_t ncodes = 0, size = 0, nitems = 0;
    Code *codes = NULL;
    for (int pass = 0; pass < 2; pass++) {
        int64_t k = i, nc = 0;
        size = 0;
        nitems = 0;
        while (k < n) {
            char c = f[k++];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') continue;
            int64_t num = 1;
            if (c >= '0' && c <= '9') {
                num = c - '0';
                while (k < n && f[k] >= '0' && f[k] <= '9') {
                    int d = f[k++] - '0';
                    if (num > (INT64_MAX - d) / 10) goto too_long;
                    num = num * 10 + d;
                }
                if (k == n) {
                    struct_err("repeat count given without format specifier");
                    return -1;
                }
                c = f[k++];
            }
            int64_t isz = code_size(order, c);
            if (isz == 0) {
                struct_err("bad char in struct format");
                return -1;
            }
            /* native alignment: the item's size (its alignment on x86-64) */
            if (order == ORDER_NATIVE && isz > 1) {
                int64_t rem = size % isz;
                if (rem) {
                    if (size > INT64_MAX - (isz - rem)) goto too_long;
                    size += isz - rem;
                }
            }
            bool field = c == 's' || c == 'p';
            if (num > (INT64_MAX - size) / isz) goto too_long;
            if (pass == 1 && c != 'x' && (field || num > 0))
                codes[nc] = (Code){c, size, field ? num : isz, field ? 1 : num};
            if (c != 'x' && (field || num > 0)) nc++;
            if (c != 'x') nitems += field ? 1 : num;
            size += num * isz;
        }
        if (pass == 0) {
            ncodes = nc;
            codes = gc_alloc_atomic(sizeof(Code) * (size_t)(nc ? nc : 1));
        }
    }
    s->codes = codes;
    s->ncodes = ncodes;
    s->size = size;
    s->nitems = nitems;
    s->order = order;
    return 0;
too_long:
    struct_err("total struct size too long");
    return -1;
}

/* (Re)initialise s from a format: str or bytes. */
static int struct_set_format(StructObject *s, Value format) {
    if (str_check(format)) {
        Value b = bytes_encode_str(format, str_from_cstr("ascii"), VNULL);
        if (!b) return -1;
        s->format = str_new(bytes_data(b), (size_t)bytes_size(b));
        return struct_compile(s, bytes_data(b), bytes_size(b));
    }
    if (bytes_check(format)) {
        /* as CPython, the format is replaced even when it does not compile
           (the codes stay); the getter decodes it */
        s->format = bytes_new(bytes_data(format), (size_t)bytes_size(format));
        return struct_compile(s, bytes_data(format), bytes_size(format));
    }
    err_format(&exc_TypeError, "Struct() argument 1 must be a str or bytes object, not %T", format);
    return -1;
}

/* An empty Struct: no codes, size and item count -1 (so that every
 * operation fails as on CPython's uninitialised Struct) */
static Value struct_alloc(Type *t) {
    StructObject *s = (StructObject *)obj_alloc(t, t->basicsize);
    s->codes = gc_alloc_atomic(sizeof(Code));
    s->format = str_empty;
    s->size = s->nitems = -1;
    return V_FROM_PTR(s);
}

/* The compiled Struct for a format, from the cache or made and cached. */
static Value cached_struct(Value format) {
    if (!struct_cache) struct_cache = dict_new();
    if (str_check(format) || bytes_check(format)) {
        Value s = dict_get(struct_cache, format);
        if (s) return s;
        if (err_occurred()) return VNULL;
    }
    Value s = struct_alloc(&struct_type);
    if (struct_set_format(V_AS(StructObject, s), format) < 0) return VNULL;
    if (dict_size(struct_cache) >= MAXCACHE) dict_clear(struct_cache);
    if (dict_set(struct_cache, format, s) < 0) return VNULL;
    return s;
}

/* ---- packing ---------------------------------------------------------------------------- */

static bool is_signed(char c) { return c == 'b' || c == 'h' || c == 'i' || c == 'l' || c == 'q' || c == 'n'; }

/* v as an int to pack: an int, or what its __index__ gives. */
static Value get_pylong(Value v) {
    if (int_check(v)) return v;
    if (type_lookup(type_of(v), NAME(__index__))) return obj_index(v);
    return struct_err("required argument is not an integer");
}

/* v as int64; struct.error "argument out of range" when it does not fit. */
static int get_long(Value v, int64_t *out) {
    v = get_pylong(v);
    if (!v) return -1;
    int64_t x = int_as_i64(v);
    if (x == -1 && err_occurred()) {
        if (!err_matches(&exc_OverflowError)) return -1;
        err_clear();
        struct_err("argument out of range");
        return -1;
    }
    *out = x;
    return 0;
}

/* v in [0, 2**64) as uint64: 0, or 1 when it is not (no error set), -1
 * on error. */
static int u64_of(Value v, uint64_t *out) {
    if (int_sign(v) < 0) return 1;
    if (v_is_int(v)) {
        *out = (uint64_t)v_intval(v);
        return 0;
    }
    mpz_t z;
    mpz_init(z);
    int_to_mpz(v, z);
    int r = 1;
    if (mpz_sizeinbase(z, 2) <= 64) {
        *out = (uint64_t)mpz_get_ui(z);
        r = 0;
    }
    mpz_clear(z);
    return r;
}

/* v as uint64; struct.error "argument out of range" when negative or too big. */
static int get_ulong(Value v, uint64_t *out) {
    v = get_pylong(v);
    if (!v) return -1;
    if (u64_of(v, out)) {
        struct_err("argument out of range");
        return -1;
    }
    return 0;
}

static void store_uint(char *p, uint64_t x, int64_t size, bool big) {
    for (int64_t k = 0; k < size; k++) {
        p[big ? size - 1 - k : k] = (char)(x & 0xff);
        x >>= 8;
    }
}

static uint64_t load_uint(const char *p, int64_t size, bool big) {
    uint64_t x = 0;
    for (int64_t k = 0; k < size; k++) x = (x << 8) | (unsigned char)p[big ? k : size - 1 - k];
    return x;
}

static int range_error_signed(char c, int64_t size) {
    int64_t hi = (int64_t)((UINT64_C(1) << (size * 8 - 1)) - 1);
    err_format(V_AS(Type, struct_error), "'%c' format requires %lld <= number <= %lld", c, (long long)(-hi - 1),
               (long long)hi);
    return -1;
}

static int range_error_unsigned(char c, int64_t size) {
    uint64_t hi = (UINT64_C(1) << (size * 8)) - 1;
    Value h = int_from_u64(hi);
    err_format(V_AS(Type, struct_error), "'%c' format requires 0 <= number <= %S", c, h);
    return -1;
}

/* Pack the integer v for code c of item size `size`. */
static int pack_int(int order, char c, int64_t size, char *p, Value v) {
    bool big = order == ORDER_BE;
    /* which of CPython's packers runs: the native one (b and B always, and
       little-endian codes whose standard size is the native size) or the
       standard one of that byte order */
    bool native = order == ORDER_NATIVE || c == 'b' || c == 'B' ||
                  (order == ORDER_LE && size == code_size(ORDER_NATIVE, c));
    if (native) {
        int64_t x;
        uint64_t u;
        switch (c) {
        case 'b':
            if (get_long(v, &x) < 0) return -1;
            if (x < -128 || x > 127) return struct_err("byte format requires -128 <= number <= 127"), -1;
            *p = (char)x;
            return 0;
        case 'B':
            if (get_long(v, &x) < 0) return -1;
            if (x < 0 || x > 255) return struct_err("ubyte format requires 0 <= number <= 255"), -1;
            *p = (char)x;
            return 0;
        case 'h':
            if (get_long(v, &x) < 0) return -1;
            if (x < -32768 || x > 32767) return struct_err("short format requires -32768 <= number <= 32767"), -1;
            break;
        case 'H':
            if (get_long(v, &x) < 0) return -1;
            if (x < 0 || x > 65535) return struct_err("ushort format requires 0 <= number <= 65535"), -1;
            break;
        case 'i':
            if (get_long(v, &x) < 0) return -1;
            if (x < INT32_MIN || x > INT32_MAX) return range_error_signed(c, 4);
            break;
        case 'I':
            if (get_ulong(v, &u) < 0) return -1;
            if (u > UINT32_MAX) return range_error_unsigned(c, 4);
            x = (int64_t)u;
            break;
        case 'l': case 'q': case 'n':
            if (get_long(v, &x) < 0) return -1;
            break;
        case 'P': {
            /* a pointer: unsigned when non-negative, else signed */
            Value iv = get_pylong(v);
            if (!iv) return -1;
            if (int_sign(iv) >= 0) {
                if (u64_of(iv, &u)) return struct_err("int too large to convert"), -1;
                x = (int64_t)u;
            } else {
                x = int_as_i64(iv);
                if (x == -1 && err_occurred()) {
                    err_clear();
                    return struct_err("int too large to convert"), -1;
                }
            }
            break;
        }
        default:   /* L Q N */
            if (get_ulong(v, &u) < 0) return -1;
            x = (int64_t)u;
            break;
        }
        store_uint(p, (uint64_t)x, size, false);
        return 0;
    }
    if (size == 8) {
        /* big-endian q and Q: any value that does not fit is one error */
        Value iv = get_pylong(v);
        if (!iv) return -1;
        uint64_t u;
        if (is_signed(c)) {
            int64_t x = int_as_i64(iv);
            if (x == -1 && err_occurred()) {
                err_clear();
                return struct_err("int too large to convert"), -1;
            }
            u = (uint64_t)x;
        } else if (u64_of(iv, &u)) {
            return struct_err("int too large to convert"), -1;
        }
        store_uint(p, u, size, big);
        return 0;
    }
    if (is_signed(c)) {
        int64_t x;
        if (get_long(v, &x) < 0) return -1;
        int64_t hi = (int64_t)((UINT64_C(1) << (size * 8 - 1)) - 1);
        if (x < -hi - 1 || x > hi) return range_error_signed(c, size);
        store_uint(p, (uint64_t)x, size, big);
    } else {
        uint64_t u;
        if (get_ulong(v, &u) < 0) return -1;
        if (u > (UINT64_C(1) << (size * 8)) - 1) return range_error_unsigned(c, size);
        store_uint(p, u, size, big);
    }
    return 0;
}

/* IEEE 754 binary16 from a double, rounding half to even, as CPython's
 * PyFloat_Pack2 (NaN packs as a quiet NaN with its sign). */
static int pack_half(double x, char *p, bool big) {
    unsigned sign = signbit(x) ? 1 : 0;
    unsigned e, bits;
    if (x == 0.0) {
        e = 0;
        bits = 0;
    } else if (isinf(x)) {
        e = 0x1f;
        bits = 0;
    } else if (isnan(x)) {
        e = 0x1f;
        bits = 512;
    } else {
        int ex;
        double f = frexp(fabs(x), &ex);   /* f in [0.5, 1) */
        f *= 2.0;
        ex--;                             /* f in [1, 2) */
        if (ex >= 16) goto overflow;
        if (ex < -25) {                   /* below half the smallest subnormal */
            f = 0.0;
            e = 0;
        } else if (ex < -14) {            /* subnormal */
            f = ldexp(f, 14 + ex);
            e = 0;
        } else {
            e = (unsigned)(ex + 15);
            f -= 1.0;
        }
        f *= 1024.0;
        bits = (unsigned)f;
        double rest = f - bits;
        if (rest > 0.5 || (rest == 0.5 && (bits & 1))) {
            bits++;
            if (bits == 1024) {           /* carried into the exponent */
                bits = 0;
                if (++e == 31) goto overflow;
            }
        }
    }
    store_uint(p, (uint64_t)((sign << 15) | (e << 10) | bits), 2, big);
    return 0;
overflow:
    err_set(&exc_OverflowError, "float too large to pack with e format");
    return -1;
}

static double unpack_half(const char *p, bool big) {
    unsigned h = (unsigned)load_uint(p, 2, big);
    int sign = (h >> 15) & 1;
    int e = (h >> 10) & 0x1f;
    unsigned f = h & 0x3ff;
    double x;
    if (e == 0x1f) x = f == 0 ? INFINITY : NAN;
    else if (e == 0) x = ldexp((double)f / 1024.0, -14);
    else x = ldexp(1.0 + (double)f / 1024.0, e - 15);
    return sign ? -x : x;
}

/* v as a double for e, f and d: any failure is struct.error */
static int get_double(Value v, double *out) {
    double d = obj_as_double(v);
    if (d == -1.0 && err_occurred()) {
        err_clear();
        struct_err("required argument is not a float");
        return -1;
    }
    *out = d;
    return 0;
}

/* Pack item v for code c at p. */
static int pack_item(int order, const Code *c, char *p, Value v) {
    bool big = order == ORDER_BE;
    switch (c->fmt) {
    case 'c':
        if (!bytes_check(v) || bytes_size(v) != 1)
            return struct_err("char format requires a bytes object of length 1"), -1;
        *p = bytes_data(v)[0];
        return 0;
    case '?': {
        int t = obj_truth(v);
        if (t < 0) return -1;
        *p = (char)t;
        return 0;
    }
    case 'e': {
        double d;
        if (get_double(v, &d) < 0) return -1;
        return pack_half(d, p, big);
    }
    case 'f': {
        double d;
        if (get_double(v, &d) < 0) return -1;
        float f = (float)d;
        /* the native code converts as C does (a huge value becomes inf);
           the standard ones refuse a finite value too large for a float */
        if (order != ORDER_NATIVE && isinf(f) && !isinf(d)) {
            err_set(&exc_OverflowError, "float too large to pack with f format");
            return -1;
        }
        uint32_t u;
        memcpy(&u, &f, 4);
        store_uint(p, u, 4, big);
        return 0;
    }
    case 'd': {
        double d;
        if (get_double(v, &d) < 0) return -1;
        uint64_t u;
        memcpy(&u, &d, 8);
        store_uint(p, u, 8, big);
        return 0;
    }
    case 's': case 'p': {
        const char *data;
        int64_t n;
        if (bytes_check(v)) {
            data = bytes_data(v);
            n = bytes_size(v);
        } else if (bytearray_check(v)) {
            data = bytearray_data(v);
            n = bytearray_size(v);
        } else {
            err_format(V_AS(Type, struct_error), "argument for '%c' must be a bytes object", c->fmt);
            return -1;
        }
        if (c->fmt == 's') {
            if (n > c->size) n = c->size;
            memcpy(p, data, (size_t)n);
        } else {
            /* Pascal string: a length byte (at most 255), then the data */
            if (n > c->size - 1) n = c->size - 1;
            if (n > 0) memcpy(p + 1, data, (size_t)n);
            if (c->size > 0) *p = (char)(n > 255 ? 255 : n);
        }
        return 0;
    }
    default:
        return pack_int(order, c->fmt, c->size, p, v);
    }
}

/* Pack args[0..nargs) (nargs == s->nitems) into buf (s->size bytes). As
 * CPython, the field is zeroed first and items are written in order. */
static int struct_pack_into_buf(StructObject *s, char *buf, Value *args) {
    memset(buf, 0, (size_t)s->size);
    int64_t a = 0;
    for (int64_t k = 0; k < s->ncodes; k++) {
        const Code *c = &s->codes[k];
        char *p = buf + c->offset;
        for (int64_t r = 0; r < c->repeat; r++, p += c->size) {
            Value v = args[a++];
            if (pack_item(s->order, c, p, v) < 0) {
                /* as CPython, an int that overflows any code (an 'e' too
                   large, say) is reported as one struct.error */
                if (int_check(v) && err_matches(&exc_OverflowError)) {
                    err_clear();
                    struct_err("int too large to convert");
                }
                return -1;
            }
        }
    }
    return 0;
}

static Value unpack_item(int order, const Code *c, const char *p) {
    bool big = order == ORDER_BE;
    switch (c->fmt) {
    case 'c': return bytes_new(p, 1);
    case '?': return v_bool(*p != 0);
    case 'e': return float_from_double(unpack_half(p, big));
    case 'f': {
        uint32_t u = (uint32_t)load_uint(p, 4, big);
        float f;
        memcpy(&f, &u, 4);
        return float_from_double((double)f);
    }
    case 'd': {
        uint64_t u = load_uint(p, 8, big);
        double d;
        memcpy(&d, &u, 8);
        return float_from_double(d);
    }
    case 's': return bytes_new(p, (size_t)c->size);
    case 'p': {
        int64_t n = c->size > 0 ? (unsigned char)*p : 0;
        if (n >= c->size) n = c->size - 1;
        return bytes_new(p + 1, (size_t)(n > 0 ? n : 0));
    }
    default: {
        uint64_t u = load_uint(p, c->size, big);
        if (is_signed(c->fmt)) {
            int shift = (int)(64 - c->size * 8);
            return int_from_i64(shift ? (int64_t)(u << shift) >> shift : (int64_t)u);
        }
        return int_from_u64(u);
    }
    }
}

static Value struct_unpack_buf(StructObject *s, const char *buf) {
    Value t = tuple_new(s->nitems);
    int64_t a = 0;
    for (int64_t k = 0; k < s->ncodes; k++) {
        const Code *c = &s->codes[k];
        const char *p = buf + c->offset;
        for (int64_t r = 0; r < c->repeat; r++, p += c->size) tuple_items(t)[a++] = unpack_item(s->order, c, p);
    }
    return t;
}

/* ---- the operations, on a compiled Struct ------------------------------------------------ */

static Value do_pack(StructObject *s, Value *args, size_t nargs) {
    if ((int64_t)nargs != s->nitems)
        return err_format(V_AS(Type, struct_error), "pack expected %zd items for packing (got %zd)",
                          (ssize_t)s->nitems, (ssize_t)nargs);
    Value b = bytes_try_alloc((size_t)s->size);
    if (!b) return VNULL;
    if (struct_pack_into_buf(s, V_AS(BytesObject, b)->data, args) < 0) return VNULL;
    return b;
}

/* pack_into(buffer, offset, *v): args holds them all */
static Value do_pack_into(StructObject *s, Value *args, size_t nargs) {
    if (nargs < 1) return struct_err("pack_into expected buffer argument");
    if (nargs < 2) return struct_err("pack_into expected offset argument");
    if ((int64_t)nargs - 2 != s->nitems)
        return err_format(V_AS(Type, struct_error), "pack_into expected %zd items for packing (got %zd)",
                          (ssize_t)s->nitems, (ssize_t)nargs - 2);
    BufferInfo bi;
    if (buffer_get(args[0], &bi, true) < 0) return VNULL;
    int64_t offset = obj_index_i64(args[1]);
    if (offset == -1 && err_occurred()) return VNULL;
    int64_t len = bi.len;
    if (offset < 0) {
        if (offset + s->size > 0)
            return err_format(V_AS(Type, struct_error), "no space to pack %zd bytes at offset %zd", (ssize_t)s->size,
                              (ssize_t)offset);
        if (offset + len < 0)
            return err_format(V_AS(Type, struct_error), "offset %zd out of range for %zd-byte buffer",
                              (ssize_t)offset, (ssize_t)len);
        offset += len;
    }
    if (len - offset < s->size)
        return err_format(V_AS(Type, struct_error),
                          "pack_into requires a buffer of at least %zu bytes for packing %zd bytes at offset %zd "
                          "(actual buffer size is %zd)",
                          (size_t)s->size + (size_t)offset, (ssize_t)s->size, (ssize_t)offset, (ssize_t)len);
    /* the values' __index__ may resize a bytearray: pack into a copy,
       then store it where the buffer is once they are all converted */
    char tmp[256];
    char *t = s->size <= (int64_t)sizeof tmp ? tmp : gc_alloc_atomic((size_t)s->size);
    int rc = struct_pack_into_buf(s, t, args + 2);
    if (buffer_get(args[0], &bi, true) < 0) return VNULL;
    if (bi.len - offset < s->size) return err_set(&exc_BufferError, "buffer changed size while packing");
    /* as CPython's, a failed pack leaves the field zeroed up to the item
       that failed */
    memcpy(bi.data + offset, t, (size_t)s->size);
    if (rc < 0) return VNULL;
    return V_NONE;
}

static bool get_view(Value buf, const char **p, int64_t *n) {
    BufferInfo bi;
    if (buffer_get(buf, &bi, false) < 0) return false;
    *p = bi.data;
    *n = bi.len;
    return true;
}

static Value do_unpack(StructObject *s, Value buf) {
    const char *p = NULL;
    int64_t n = 0;
    if (!get_view(buf, &p, &n)) return VNULL;
    if (n != s->size)
        return err_format(V_AS(Type, struct_error), "unpack requires a buffer of %zd bytes", (ssize_t)s->size);
    return struct_unpack_buf(s, p);
}

static Value do_unpack_from(StructObject *s, Value buf, Value off) {
    int64_t offset = 0;
    if (off) {
        offset = obj_index_i64(off);
        if (offset == -1 && err_occurred()) return VNULL;
    }
    const char *p = NULL;
    int64_t n = 0;
    if (!get_view(buf, &p, &n)) return VNULL;
    if (offset < 0) {
        if (offset + n < 0)
            return err_format(V_AS(Type, struct_error), "offset %zd out of range for %zd-byte buffer",
                              (ssize_t)offset, (ssize_t)n);
        if (offset + s->size > 0)
            return err_format(V_AS(Type, struct_error), "not enough data to unpack %zd bytes at offset %zd",
                              (ssize_t)s->size, (ssize_t)offset);
        offset += n;
    }
    if (n - offset < s->size)
        return err_format(V_AS(Type, struct_error),
                          "unpack_from requires a buffer of at least %zu bytes for unpacking %zd bytes at offset "
                          "%zd (actual buffer size is %zd)",
                          (size_t)s->size + (size_t)offset, (ssize_t)s->size, (ssize_t)offset, (ssize_t)n);
    return struct_unpack_buf(s, p + offset);
}

typedef struct UnpackIterObject {
    Object hdr;
    Value st;           /* the Struct */
    Value buf;          /* VNULL when exhausted */
    int64_t index;      /* byte offset of the next item */
} UnpackIterObject;

static Value do_iter_unpack(Value sv, Value buf) {
    StructObject *s = V_AS(StructObject, sv);
    const char *p = NULL;
    int64_t n = 0;
    /* (an uninitialised Struct, size -1, is refused too: CPython's would
       iterate forever) */
    if (s->size <= 0) return struct_err("cannot iteratively unpack with a struct of length 0");
    if (!get_view(buf, &p, &n)) return VNULL;
    if (n % s->size != 0)
        return err_format(V_AS(Type, struct_error), "iterative unpacking requires a buffer of a multiple of %zd bytes",
                          (ssize_t)s->size);
    UnpackIterObject *it = (UnpackIterObject *)obj_alloc(&unpackiter_type, sizeof(UnpackIterObject));
    it->st = sv;
    it->buf = buf;
    it->index = 0;
    return V_FROM_PTR(it);
}

static Value unpackiter_next(Value self) {
    UnpackIterObject *it = V_AS(UnpackIterObject, self);
    if (!it->buf) return VNULL;
    StructObject *s = V_AS(StructObject, it->st);
    const char *p = NULL;
    int64_t n = 0;
    byteslike_view(it->buf, &p, &n);
    if (it->index + s->size > n) {
        it->buf = VNULL;
        return VNULL;
    }
    Value r = struct_unpack_buf(s, p + it->index);
    it->index += s->size;
    return r;
}

static Value unpackiter_length_hint(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__length_hint__", 1, 1, 0, {"self", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    UnpackIterObject *it = V_AS(UnpackIterObject, a[0]);
    if (!it->buf) return v_int(0);
    const char *p = NULL;
    int64_t n = 0;
    byteslike_view(it->buf, &p, &n);
    int64_t left = (n - it->index) / V_AS(StructObject, it->st)->size;
    return int_from_i64(left > 0 ? left : 0);
}

static Value iter_self(Value v) { return v; }

/* ---- Struct ------------------------------------------------------------------------------ */

/* Struct.__new__ takes any arguments and makes an empty Struct (size -1,
 * format ''); __init__ compiles the format, so that a subclass's __init__
 * may take other arguments, as in CPython. */
static Value struct_new(Type *t, Value *args, size_t nargs, Value kwnames) { return struct_alloc(t); }

/* Struct.__init__(format): may run again on the same object */
static int struct_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Struct", 0, 1, 0, {"format", NULL}};
    Value a[1];
    /* PyArg_ParseTupleAndKeywords' wording, as CPython's Struct() */
    if (nargs > 1) {
        err_format(&exc_TypeError, "Struct() takes at most 1 argument (%zd given)", (ssize_t)nargs);
        return -1;
    }
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    return struct_set_format(V_AS(StructObject, self), a[0]);
}

static Value s_pack(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("Struct.pack", kwnames) < 0) return VNULL;
    return do_pack(V_AS(StructObject, args[0]), args + 1, nargs - 1);
}

static Value s_pack_into(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("Struct.pack_into", kwnames) < 0) return VNULL;
    return do_pack_into(V_AS(StructObject, args[0]), args + 1, nargs - 1);
}

static const ArgSpec s_unpack_spec = {"Struct.unpack", 1, 1, 0, {"buffer", NULL}};
static Value s_unpack(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&s_unpack_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return do_unpack(V_AS(StructObject, args[0]), a[0]);
}

static const ArgSpec s_unpack_from_spec = {"unpack_from", 0, 1, 0, {"buffer", "offset=0", NULL}};
static Value s_unpack_from(Value *args, size_t nargs, Value kwnames) {
    /* self is bound positionally; the buffer is parameter 1 of the message */
    Value a[2];
    if (arg_parse(&s_unpack_from_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return do_unpack_from(V_AS(StructObject, args[0]), a[0], a[1]);
}

static const ArgSpec s_iter_unpack_spec = {"Struct.iter_unpack", 1, 1, 0, {"buffer", NULL}};
static Value s_iter_unpack(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&s_iter_unpack_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return do_iter_unpack(args[0], a[0]);
}

static Value s_sizeof(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__sizeof__", 1, 1, 0, {"self", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    StructObject *s = V_AS(StructObject, a[0]);
    return v_int((int64_t)(sizeof(StructObject) + sizeof(Code) * (size_t)(s->ncodes + 1)));
}

/* the format as str (kept as bytes when given as bytes: decoded as UTF-8
 * here, as CPython's getter does) */
static Value s_get_format(Value self) {
    Value f = V_AS(StructObject, self)->format;
    return str_check(f) ? f : obj_call_method(f, "decode", NULL, 0);
}

static Value s_get_size(Value self) { return int_from_i64(V_AS(StructObject, self)->size); }

/* ---- module functions --------------------------------------------------------------------- */

static Value m_pack(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("_struct.pack", kwnames) < 0) return VNULL;
    if (nargs < 1) return err_set(&exc_TypeError, "missing format argument");
    Value s = cached_struct(args[0]);
    if (!s) return VNULL;
    return do_pack(V_AS(StructObject, s), args + 1, nargs - 1);
}

static Value m_pack_into(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("_struct.pack_into", kwnames) < 0) return VNULL;
    if (nargs < 1) return err_set(&exc_TypeError, "missing format argument");
    Value s = cached_struct(args[0]);
    if (!s) return VNULL;
    return do_pack_into(V_AS(StructObject, s), args + 1, nargs - 1);
}

static const ArgSpec m_unpack_spec = {"unpack", 2, 2, 0, {"format", "buffer", NULL}};
static Value m_unpack(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&m_unpack_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value s = cached_struct(a[0]);
    if (!s) return VNULL;
    return do_unpack(V_AS(StructObject, s), a[1]);
}

static const ArgSpec m_unpack_from_spec = {"unpack_from", 1, 2, 0, {"format", "buffer", "offset=0", NULL}};
static Value m_unpack_from(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&m_unpack_from_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value s = cached_struct(a[0]);
    if (!s) return VNULL;
    return do_unpack_from(V_AS(StructObject, s), a[1], a[2]);
}

static const ArgSpec m_iter_unpack_spec = {"iter_unpack", 2, 2, 0, {"format", "buffer", NULL}};
static Value m_iter_unpack(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&m_iter_unpack_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value s = cached_struct(a[0]);
    if (!s) return VNULL;
    return do_iter_unpack(s, a[1]);
}

static const ArgSpec m_calcsize_spec = {"_struct.calcsize", 1, 1, 0, {"format", NULL}};
static Value m_calcsize(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&m_calcsize_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value s = cached_struct(a[0]);
    if (!s) return VNULL;
    return int_from_i64(V_AS(StructObject, s)->size);
}

static const ArgSpec m_clearcache_spec = {"_clearcache", 0, 0, 0, {NULL}};
static Value m_clearcache(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&m_clearcache_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    if (struct_cache) dict_clear(struct_cache);
    return V_NONE;
}

static const MethodDef struct_methods[] = {
    {"pack", s_pack, MF_KEYWORDS, NULL},
    {"pack_into", s_pack_into, MF_KEYWORDS, NULL},
    {"unpack", s_unpack, MF_KEYWORDS, NULL, &s_unpack_spec},
    {"unpack_from", s_unpack_from, MF_KEYWORDS, NULL, &s_unpack_from_spec},
    {"iter_unpack", s_iter_unpack, MF_KEYWORDS, NULL, &s_iter_unpack_spec},
    {"__sizeof__", s_sizeof, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef struct_getsets[] = {
    {"format", s_get_format, NULL, NULL},
    {"size", s_get_size, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef unpackiter_methods[] = {
    {"__length_hint__", unpackiter_length_hint, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

static Type struct_type = {
    .tname = "_struct.Struct",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(StructObject),
    .new_ = struct_new,
    .init = struct_init,
};

static Type unpackiter_type = {
    .tname = "_struct.unpack_iterator",
    .basicsize = sizeof(UnpackIterObject),
    .flags = TF_ABSTRACT_NEW,
    .iter = iter_self,
    .iternext = unpackiter_next,
};

static const MethodDef struct_functions[] = {
    {"pack", m_pack, MF_KEYWORDS, NULL},
    {"pack_into", m_pack_into, MF_KEYWORDS, NULL},
    {"unpack", m_unpack, MF_KEYWORDS, NULL, &m_unpack_spec},
    {"unpack_from", m_unpack_from, MF_KEYWORDS, NULL, &m_unpack_from_spec},
    {"iter_unpack", m_iter_unpack, MF_KEYWORDS, NULL, &m_iter_unpack_spec},
    {"calcsize", m_calcsize, MF_KEYWORDS, NULL, &m_calcsize_spec},
    {"_clearcache", m_clearcache, MF_KEYWORDS, NULL, &m_clearcache_spec},
    {NULL, NULL, 0, NULL},
};

Value _struct_module_create(void) {
    if (!(struct_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("_struct");
        struct_type.name = str_intern_cstr("Struct");
        struct_type.module = mod;
        type_add_methods(&struct_type, struct_methods);
        type_add_getsets(&struct_type, struct_getsets);
        type_ready(&struct_type);
        unpackiter_type.name = str_intern_cstr("unpack_iterator");
        unpackiter_type.module = mod;
        type_add_methods(&unpackiter_type, unpackiter_methods);
        type_ready(&unpackiter_type);
    }
    if (!struct_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("struct"));
        struct_error = type_new_class(&type_type, str_from_cstr("error"), bases, ns, VNULL);
        if (!struct_error) return VNULL;
    }
    Value m = module_new_cstr("_struct");
    module_add_functions(m, struct_functions);
    module_add(m, "Struct", V_FROM_PTR(&struct_type));
    module_add(m, "error", struct_error);
    return m;
}
