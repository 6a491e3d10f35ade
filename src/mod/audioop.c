/* audioop.c: the audioop module (deprecated in 3.11, as CPython warns on
 * import): operations on fragments of raw audio, signed samples of 1, 2, 3
 * or 4 bytes in native (little-endian) order, read from any bytes-like
 * object. Results, rounding and clipping follow CPython 3.11's module:
 * samples are C ints, float results are clipped to the width's range and
 * floored, and the G.711 u-law/A-law and Intel/DVI ADPCM codecs are the
 * classic ones (the decoding tables are computed at start-up from the G.711
 * rules). */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "../runtime.h"
#include "modules.h"

static Value audioop_error;   /* audioop.error, an Exception subclass */
#define AUDIOOP_ERROR V_AS(Type, audioop_error)

/* ---- samples ----------------------------------------------------------------------------- */

static const int32_t maxvals[] = {0, 0x7F, 0x7FFF, 0x7FFFFF, 0x7FFFFFFF};
static const int32_t minvals[] = {0, -0x80, -0x8000, -0x800000, INT32_MIN};

/* the sample of width w at p, sign-extended */
static inline int32_t get_raw(const unsigned char *p, int w) {
    switch (w) {
    case 1: return (int8_t)p[0];
    case 2: {
        int16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case 3: return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)(int32_t)(int8_t)p[2] << 16);
    default: {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    }
}

/* store the low w bytes of v */
static inline void set_raw(unsigned char *p, int w, int32_t v) {
    switch (w) {
    case 1: p[0] = (unsigned char)v; break;
    case 2: {
        int16_t s = (int16_t)v;
        memcpy(p, &s, 2);
        break;
    }
    case 3:
        p[0] = (unsigned char)v;
        p[1] = (unsigned char)(v >> 8);
        p[2] = (unsigned char)(v >> 16);
        break;
    default: memcpy(p, &v, 4); break;
    }
}

/* the sample scaled to 32 bits (its top bits), and back (arithmetic shift) */
static inline int32_t get32(const unsigned char *p, int w) {
    return (int32_t)((uint32_t)get_raw(p, w) << (32 - 8 * w));
}
static inline void set32(unsigned char *p, int w, int32_t v) { set_raw(p, w, v >> (32 - 8 * w)); }

/* A float result as a sample: clipped to [minval, maxval] (anything below
 * minval + 1 becomes minval) and floored. */
static inline int32_t clip_floor(double v, int w) {
    double hi = maxvals[w], lo = minvals[w];
    if (isnan(v)) return INT32_MIN;   /* what CPython's (int) cast gives on x86-64 */
    if (v > hi) v = hi;
    else if (v < lo + 1.0) v = lo;
    return (int32_t)floor(v);
}

/* ---- arguments --------------------------------------------------------------------------- */

typedef struct Frag {
    const unsigned char *p;
    int64_t len;
} Frag;

/* Bind positional-only arguments (Argument Clinic's messages; keywords are
 * refused naming the function audioop.NAME as CPython does). */
static int parse(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *out) {
    if (kwnames && tuple_size(kwnames)) {
        err_format(&exc_TypeError, "audioop.%s() takes no keyword arguments", spec->fname);
        return -1;
    }
    return arg_parse(spec, args, nargs, kwnames, out);
}

/* A bytes-like argument. Its memory is read again (frag_refresh) after the
 * other arguments are converted, since their __index__ may run Python code
 * that resizes a bytearray. */
static int get_frag(Value v, Frag *f) {
    BufferInfo b;
    if (buffer_get(v, &b, false) < 0) return -1;
    /* tpy's strided memoryviews export a copy; CPython's refuse a simple
       buffer */
    if (type_of(v) == &memoryview_type) {
        Value c = obj_getattr(v, str_intern_cstr("c_contiguous"));
        if (!c) return -1;
        if (c != V_TRUE) {
            err_set(&exc_BufferError, "memoryview: underlying buffer is not C-contiguous");
            return -1;
        }
    }
    f->p = (const unsigned char *)b.data;
    f->len = b.len;
    return 0;
}

static int64_t index_arg(Value v, int64_t lo, int64_t hi, const char *ctype) {
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = obj_index_i64(i);
    bool over = x == -1 && err_occurred();
    if (over) err_clear();
    /* (CPython says "too large" for negative numbers too) */
    if (over || x < lo || x > hi) {
        err_format(&exc_OverflowError, "Python int too large to convert to C %s", ctype);
        return -1;
    }
    return x;
}

/* Argument Clinic's int and Py_ssize_t converters */
static int int_arg(Value v, int *out) {
    int64_t x = index_arg(v, INT_MIN, INT_MAX, "int");
    if (x == -1 && err_occurred()) return -1;
    *out = (int)x;
    return 0;
}
static int ssize_arg(Value v, int64_t *out) {
    int64_t x = index_arg(v, INT64_MIN, INT64_MAX, "ssize_t");
    if (x == -1 && err_occurred()) return -1;
    *out = x;
    return 0;
}
static int double_arg(Value v, double *out) {
    double d = obj_as_double(v);
    if (d == -1.0 && err_occurred()) return -1;
    *out = d;
    return 0;
}

/* PyArg_ParseTuple's "i" (inside state tuples): its own overflow words */
static int tuple_int(Value v, int *out) {
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = obj_index_i64(i);
    if (x == -1 && err_occurred()) {
        err_clear();
        x = int_sign(i) < 0 ? INT64_MIN : INT64_MAX;
    }
    if (x > INT_MAX) {
        err_set(&exc_OverflowError, "signed integer is greater than maximum");
        return -1;
    }
    if (x < INT_MIN) {
        err_set(&exc_OverflowError, "signed integer is less than minimum");
        return -1;
    }
    *out = (int)x;
    return 0;
}

static int check_width(int w) {
    if (w < 1 || w > 4) {
        err_set(AUDIOOP_ERROR, "Size should be 1, 2, 3 or 4");
        return -1;
    }
    return 0;
}

static int check_frag(const Frag *f, int w) {
    if (check_width(w) < 0) return -1;
    if (f->len % w != 0) {
        err_set(AUDIOOP_ERROR, "not a whole number of frames");
        return -1;
    }
    return 0;
}

/* fragment, width (the common signature), with the width checked against
 * the fragment's length */
static int frag_width(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *a, Frag *f, int *w,
                      bool check) {
    if (parse(spec, args, nargs, kwnames, a) < 0) return -1;
    if (get_frag(a[0], f) < 0) return -1;
    if (int_arg(a[1], w) < 0) return -1;
    if (get_frag(a[0], f) < 0) return -1;
    return check ? check_frag(f, *w) : check_width(*w);
}

static Value new_bytes(int64_t n, unsigned char **out) {
    Value r = bytes_alloc((size_t)n);
    *out = (unsigned char *)bytes_data(r);
    memset(*out, 0, (size_t)n);
    return r;
}

/* ---- measurements ------------------------------------------------------------------------ */

static Value a_getsample(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getsample", 3, 3, 0, {"fragment", "width", "index", NULL}};
    Value a[3];
    Frag f;
    int w;
    int64_t i;
    if (parse(&spec, args, nargs, kwnames, a) < 0 || get_frag(a[0], &f) < 0 || int_arg(a[1], &w) < 0 ||
        ssize_arg(a[2], &i) < 0 || get_frag(a[0], &f) < 0 || check_frag(&f, w) < 0)
        return VNULL;
    if (i < 0 || i >= f.len / w) return err_set(AUDIOOP_ERROR, "Index out of range");
    return int_from_i64(get_raw(f.p + i * w, w));
}

static const ArgSpec max_spec = {"max", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_max(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&max_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    uint32_t m = 0;
    for (int64_t i = 0; i < f.len; i += w) {
        int64_t v = get_raw(f.p + i, w);
        uint32_t absval = (uint32_t)(v < 0 ? -v : v);
        if (absval > m) m = absval;
    }
    return int_from_i64(m);
}

static const ArgSpec minmax_spec = {"minmax", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_minmax(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&minmax_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    for (int64_t i = 0; i < f.len; i += w) {
        int32_t v = get_raw(f.p + i, w);
        if (v > hi) hi = v;
        if (v < lo) lo = v;
    }
    return tuple_pack(2, int_from_i64(lo), int_from_i64(hi));
}

static const ArgSpec avg_spec = {"avg", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_avg(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&avg_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    double sum = 0.0;
    for (int64_t i = 0; i < f.len; i += w) sum += get_raw(f.p + i, w);
    return int_from_i64(f.len ? (int32_t)floor(sum / (double)(f.len / w)) : 0);
}

static const ArgSpec rms_spec = {"rms", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_rms(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&rms_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    double sum = 0.0;
    for (int64_t i = 0; i < f.len; i += w) {
        double v = get_raw(f.p + i, w);
        sum += v * v;
    }
    return int_from_i64(f.len ? (uint32_t)sqrt(sum / (double)(f.len / w)) : 0);
}

/* sum of a[i] * b[i] over n 16-bit samples */
static double dot16(const unsigned char *a, const unsigned char *b, int64_t n) {
    double s = 0.0;
    for (int64_t i = 0; i < n; i++) s += (double)get_raw(a + 2 * i, 2) * (double)get_raw(b + 2 * i, 2);
    return s;
}

/* fragment, reference: two 16-bit fragments */
static int two_frags(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Frag *f, Frag *r) {
    Value a[2];
    if (parse(spec, args, nargs, kwnames, a) < 0 || get_frag(a[0], f) < 0 || get_frag(a[1], r) < 0) return -1;
    if ((f->len & 1) || (r->len & 1)) {
        err_set(AUDIOOP_ERROR, "Strings should be even-sized");
        return -1;
    }
    return 0;
}

/* The offset j where reference R best matches fragment A up to a factor:
 * minimises (sum(A[j+i]^2) * sum(R^2) - sum(A[j+i] R[i])^2) / sum(A[j+i]^2),
 * the residual energy relative to A's; the sum of squares is updated as the
 * window slides. Returns (j, the factor for that j). */
static Value a_findfit(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"findfit", 2, 2, 0, {"fragment", "reference", NULL}};
    Frag f, r;
    if (two_frags(&spec, args, nargs, kwnames, &f, &r) < 0) return VNULL;
    int64_t n1 = f.len / 2, n2 = r.len / 2;
    if (n1 < n2) return err_set(AUDIOOP_ERROR, "First sample should be longer");
    double rr = dot16(r.p, r.p, n2), aa = dot16(f.p, f.p, n2), ar = dot16(f.p, r.p, n2);
    double best = (rr * aa - ar * ar) / aa;
    int64_t best_j = 0;
    for (int64_t j = 1; j <= n1 - n2; j++) {
        double out = get_raw(f.p + 2 * (j - 1), 2), in = get_raw(f.p + 2 * (j + n2 - 1), 2);
        aa = aa + in * in - out * out;
        ar = dot16(f.p + 2 * j, r.p, n2);
        double res = (rr * aa - ar * ar) / aa;
        if (res < best) {
            best = res;
            best_j = j;
        }
    }
    double factor = dot16(f.p + 2 * best_j, r.p, n2) / rr;
    return tuple_pack(2, int_from_i64(best_j), float_from_double(factor));
}

static Value a_findfactor(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"findfactor", 2, 2, 0, {"fragment", "reference", NULL}};
    Frag f, r;
    if (two_frags(&spec, args, nargs, kwnames, &f, &r) < 0) return VNULL;
    if (f.len != r.len) return err_set(AUDIOOP_ERROR, "Samples should be same size");
    int64_t n = f.len / 2;
    return float_from_double(dot16(f.p, r.p, n) / dot16(r.p, r.p, n));
}

/* the offset of the window of `length` 16-bit samples with the most energy */
static Value a_findmax(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"findmax", 2, 2, 0, {"fragment", "length", NULL}};
    Value a[2];
    Frag f;
    int64_t length;
    if (parse(&spec, args, nargs, kwnames, a) < 0 || get_frag(a[0], &f) < 0 || ssize_arg(a[1], &length) < 0 ||
        get_frag(a[0], &f) < 0)
        return VNULL;
    if (f.len & 1) return err_set(AUDIOOP_ERROR, "Strings should be even-sized");
    int64_t n = f.len / 2;
    if (length < 0 || n < length) return err_set(AUDIOOP_ERROR, "Input sample should be longer");
    double e = dot16(f.p, f.p, length), best = e;
    int64_t best_j = 0;
    for (int64_t j = 1; j <= n - length; j++) {
        double out = get_raw(f.p + 2 * (j - 1), 2), in = get_raw(f.p + 2 * (j + length - 1), 2);
        e = e + in * in - out * out;
        if (e > best) {
            best = e;
            best_j = j;
        }
    }
    return int_from_i64(best_j);
}

/* Peak-to-peak: walk the samples, and at each change of direction (equal
 * neighbours do not count) measure the distance from the previous extreme.
 * The first extreme only starts the measure. */
static int64_t peaks(const Frag *f, int w, bool want_max) {
    if (f->len <= w) return 0;
    int32_t prev = get_raw(f->p, w), prev_extreme = 0;
    bool have_extreme = false;
    int prev_down = -1;   /* unknown direction */
    double sum = 0.0;
    uint32_t maxdiff = 0;
    int64_t count = 0;
    for (int64_t i = w; i < f->len; i += w) {
        int32_t v = get_raw(f->p + i, w);
        if (v == prev) continue;
        int down = v < prev;
        if (prev_down == !down) {
            if (have_extreme) {
                uint32_t d = prev < prev_extreme ? (uint32_t)prev_extreme - (uint32_t)prev
                                                 : (uint32_t)prev - (uint32_t)prev_extreme;
                sum += d;
                if (d > maxdiff) maxdiff = d;
                count++;
            }
            have_extreme = true;
            prev_extreme = prev;
        }
        prev = v;
        prev_down = down;
    }
    if (want_max) return maxdiff;
    return count ? (uint32_t)(sum / (double)count) : 0;
}

static const ArgSpec avgpp_spec = {"avgpp", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_avgpp(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&avgpp_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    return int_from_i64(peaks(&f, w, false));
}

static const ArgSpec maxpp_spec = {"maxpp", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_maxpp(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&maxpp_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    return int_from_i64(peaks(&f, w, true));
}

/* sign changes between consecutive samples (zero counts as positive) */
static const ArgSpec cross_spec = {"cross", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_cross(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&cross_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    int64_t n = 0;
    for (int64_t i = w; i < f.len; i += w) n += (get_raw(f.p + i, w) < 0) != (get_raw(f.p + i - w, w) < 0);
    return int_from_i64(f.len ? n : -1);
}

/* ---- transformations --------------------------------------------------------------------- */

static Value a_mul(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"mul", 3, 3, 0, {"fragment", "width", "factor", NULL}};
    Value a[3];
    Frag f;
    int w;
    double factor;
    if (parse(&spec, args, nargs, kwnames, a) < 0 || get_frag(a[0], &f) < 0 || int_arg(a[1], &w) < 0 ||
        double_arg(a[2], &factor) < 0 || get_frag(a[0], &f) < 0 || check_frag(&f, w) < 0)
        return VNULL;
    unsigned char *o;
    Value r = new_bytes(f.len, &o);
    for (int64_t i = 0; i < f.len; i += w) set_raw(o + i, w, clip_floor(get_raw(f.p + i, w) * factor, w));
    return r;
}

/* fragment, width, lfactor, rfactor */
static int stereo_args(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Frag *f, int *w, double *l,
                       double *r) {
    Value a[4];
    if (parse(spec, args, nargs, kwnames, a) < 0 || get_frag(a[0], f) < 0 || int_arg(a[1], w) < 0 ||
        double_arg(a[2], l) < 0 || double_arg(a[3], r) < 0 || get_frag(a[0], f) < 0)
        return -1;
    return check_frag(f, *w);
}

static Value a_tomono(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tomono", 4, 4, 0, {"fragment", "width", "lfactor", "rfactor", NULL}};
    Frag f;
    int w;
    double lf, rf;
    if (stereo_args(&spec, args, nargs, kwnames, &f, &w, &lf, &rf) < 0) return VNULL;
    if ((f.len / w) & 1) return err_set(AUDIOOP_ERROR, "not a whole number of frames");
    unsigned char *o;
    Value r = new_bytes(f.len / 2, &o);
    for (int64_t i = 0; i < f.len; i += 2 * w) {
        double v = (double)get_raw(f.p + i, w) * lf + (double)get_raw(f.p + i + w, w) * rf;
        set_raw(o + i / 2, w, clip_floor(v, w));
    }
    return r;
}

static Value a_tostereo(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tostereo", 4, 4, 0, {"fragment", "width", "lfactor", "rfactor", NULL}};
    Frag f;
    int w;
    double lf, rf;
    if (stereo_args(&spec, args, nargs, kwnames, &f, &w, &lf, &rf) < 0) return VNULL;
    unsigned char *o;
    Value r = new_bytes(f.len * 2, &o);
    for (int64_t i = 0; i < f.len; i += w) {
        double v = get_raw(f.p + i, w);
        set_raw(o + 2 * i, w, clip_floor(v * lf, w));
        set_raw(o + 2 * i + w, w, clip_floor(v * rf, w));
    }
    return r;
}

static Value a_add(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"add", 3, 3, 0, {"fragment1", "fragment2", "width", NULL}};
    Value a[3];
    Frag f1, f2;
    int w;
    if (parse(&spec, args, nargs, kwnames, a) < 0 || get_frag(a[0], &f1) < 0 || get_frag(a[1], &f2) < 0 ||
        int_arg(a[2], &w) < 0 || get_frag(a[0], &f1) < 0 || get_frag(a[1], &f2) < 0 || check_frag(&f1, w) < 0)
        return VNULL;
    if (f1.len != f2.len) return err_set(AUDIOOP_ERROR, "Lengths should be the same");
    unsigned char *o;
    Value r = new_bytes(f1.len, &o);
    for (int64_t i = 0; i < f1.len; i += w) {
        /* in 64 bits no sum overflows; then clipped to the width */
        int64_t v = (int64_t)get_raw(f1.p + i, w) + get_raw(f2.p + i, w);
        if (v > maxvals[w]) v = maxvals[w];
        else if (v < minvals[w]) v = minvals[w];
        set_raw(o + i, w, (int32_t)v);
    }
    return r;
}

/* adds bias to each sample, wrapping around modulo 2**(8*width) */
static Value a_bias(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"bias", 3, 3, 0, {"fragment", "width", "bias", NULL}};
    Value a[3];
    Frag f;
    int w, bias;
    if (parse(&spec, args, nargs, kwnames, a) < 0 || get_frag(a[0], &f) < 0 || int_arg(a[1], &w) < 0 ||
        int_arg(a[2], &bias) < 0 || get_frag(a[0], &f) < 0 || check_frag(&f, w) < 0)
        return VNULL;
    unsigned char *o;
    Value r = new_bytes(f.len, &o);
    for (int64_t i = 0; i < f.len; i += w)
        set_raw(o + i, w, (int32_t)((uint32_t)get_raw(f.p + i, w) + (uint32_t)bias));
    return r;
}

static const ArgSpec reverse_spec = {"reverse", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_reverse(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&reverse_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    unsigned char *o;
    Value r = new_bytes(f.len, &o);
    for (int64_t i = 0; i < f.len; i += w) memcpy(o + f.len - i - w, f.p + i, (size_t)w);
    return r;
}

static const ArgSpec byteswap_spec = {"byteswap", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_byteswap(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&byteswap_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    unsigned char *o;
    Value r = new_bytes(f.len, &o);
    for (int64_t i = 0; i < f.len; i += w)
        for (int j = 0; j < w; j++) o[i + w - 1 - j] = f.p[i + j];
    return r;
}

static Value a_lin2lin(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"lin2lin", 3, 3, 0, {"fragment", "width", "newwidth", NULL}};
    Value a[3];
    Frag f;
    int w, nw;
    if (parse(&spec, args, nargs, kwnames, a) < 0 || get_frag(a[0], &f) < 0 || int_arg(a[1], &w) < 0 ||
        int_arg(a[2], &nw) < 0 || get_frag(a[0], &f) < 0 || check_frag(&f, w) < 0 || check_width(nw) < 0)
        return VNULL;
    unsigned char *o;
    Value r = new_bytes(f.len / w * nw, &o);
    for (int64_t i = 0, j = 0; i < f.len; i += w, j += nw) set32(o + j, nw, get32(f.p + i, w));
    return r;
}

static int gcd(int a, int b) {
    while (b > 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* A state tuple's item count as PyArg_ParseTuple with a ';' message:
 * TypeError "FNAME(): illegal state argument" */
static int state_tuple(Value t, int64_t n, const char *fname) {
    if (!tuple_check(t) || tuple_size(t) != n) {
        err_format(&exc_TypeError, "%s(): illegal state argument", fname);
        return -1;
    }
    return 0;
}

/* Rate conversion by linear interpolation between input frames, each input
 * frame first passed through a one-pole filter (weightA, weightB). d counts
 * the phase: input frames are consumed while it is negative (adding
 * outrate), output frames produced while it is not (subtracting inrate).
 * The state (d, ((prev, cur) per channel)) continues a stream. */
static Value a_ratecv(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"ratecv", 8, 6, 0,
        {"fragment", "width", "nchannels", "inrate", "outrate", "state", "weightA", "weightB", NULL}};
    Value a[8];
    Frag f;
    int w, nch, inrate, outrate, wa = 1, wb = 0;
    if (parse(&spec, args, nargs, kwnames, a) < 0 || get_frag(a[0], &f) < 0 || int_arg(a[1], &w) < 0 ||
        int_arg(a[2], &nch) < 0 || int_arg(a[3], &inrate) < 0 || int_arg(a[4], &outrate) < 0 ||
        (a[6] && int_arg(a[6], &wa) < 0) || (a[7] && int_arg(a[7], &wb) < 0) || get_frag(a[0], &f) < 0)
        return VNULL;
    Value state = a[5];
    if (check_width(w) < 0) return VNULL;
    if (nch < 1) return err_set(AUDIOOP_ERROR, "# of channels should be >= 1");
    if (w > INT_MAX / nch) return err_set(&exc_OverflowError, "width * nchannels too big for a C int");
    int frame = w * nch;
    if (wa < 1 || wb < 0) return err_set(AUDIOOP_ERROR, "weightA should be >= 1, weightB should be >= 0");
    if (f.len % frame != 0) return err_set(AUDIOOP_ERROR, "not a whole number of frames");
    if (inrate <= 0 || outrate <= 0) return err_set(AUDIOOP_ERROR, "sampling rate not > 0");
    int g = gcd(inrate, outrate);
    inrate /= g;
    outrate /= g;
    g = gcd(wa, wb);
    wa /= g;
    wb /= g;
    int32_t *prev = gc_alloc_atomic(sizeof(int32_t) * (size_t)nch), *cur = gc_alloc_atomic(sizeof(int32_t) * (size_t)nch);
    int d;
    if (state == V_NONE) {
        d = -outrate;
        for (int c = 0; c < nch; c++) prev[c] = cur[c] = 0;
    } else {
        if (!tuple_check(state)) return err_set(&exc_TypeError, "state must be a tuple or None");
        if (state_tuple(state, 2, "ratecv") < 0) return VNULL;
        if (tuple_int(tuple_get(state, 0), &d) < 0) return VNULL;
        Value samps = tuple_get(state, 1);
        if (!tuple_check(samps)) return err_set(&exc_TypeError, "ratecv(): illegal state argument");
        if (tuple_size(samps) != nch) return err_set(AUDIOOP_ERROR, "illegal state argument");
        for (int c = 0; c < nch; c++) {
            Value s = tuple_get(samps, c);
            int pv, cv;
            if (state_tuple(s, 2, "ratecv") < 0 || tuple_int(tuple_get(s, 0), &pv) < 0 ||
                tuple_int(tuple_get(s, 1), &cv) < 0)
                return VNULL;
            prev[c] = pv;
            cur[c] = cv;
        }
    }
    if (get_frag(a[0], &f) < 0) return VNULL;   /* state's __index__ may have run */
    int64_t nframes = f.len / frame;
    /* at most ceil(nframes / inrate) * outrate output frames */
    int64_t cap = 0;
    if (nframes) {
        int64_t q = 1 + (nframes - 1) / inrate;
        if (outrate > INT64_MAX / q / frame) return err_set(&exc_MemoryError, "not enough memory for output buffer");
        cap = q * outrate * frame;
    }
    unsigned char *out = gc_alloc_atomic(cap ? (size_t)cap : 1), *o = out;
    const unsigned char *p = f.p;
    for (;;) {
        while (d < 0) {
            if (nframes == 0) {
                Value samps = tuple_new(nch);
                for (int c = 0; c < nch; c++)
                    tuple_items(samps)[c] = tuple_pack(2, int_from_i64(prev[c]), int_from_i64(cur[c]));
                Value data = bytes_new((const char *)out, (size_t)(o - out));
                return tuple_pack(2, data, tuple_pack(2, int_from_i64(d), samps));
            }
            for (int c = 0; c < nch; c++) {
                prev[c] = cur[c];
                int32_t v = get32(p, w);
                p += w;
                cur[c] = (int32_t)(((double)wa * v + (double)wb * prev[c]) / ((double)wa + (double)wb));
            }
            nframes--;
            d += outrate;
        }
        while (d >= 0) {
            for (int c = 0; c < nch; c++) {
                int32_t v = (int32_t)(((double)prev[c] * d + (double)cur[c] * (outrate - d)) / outrate);
                set32(o, w, v);
                o += w;
            }
            d -= inrate;
        }
    }
}

/* ---- G.711 u-law and A-law --------------------------------------------------------------- */

static int16_t ulaw_dec[256], alaw_dec[256];

/* the decoding tables, from G.711's definitions: u-law codes are stored
 * complemented, with a bias of 0x84 in the segment arithmetic; A-law codes
 * have their even bits inverted (0x55) */
static void g711_tables(void) {
    for (int i = 0; i < 256; i++) {
        int u = ~i & 0xFF;
        int t = (((u & 0x0F) << 3) + 0x84) << ((u & 0x70) >> 4);
        ulaw_dec[i] = (int16_t)((u & 0x80) ? 0x84 - t : t - 0x84);
        int x = i ^ 0x55, seg = (x & 0x70) >> 4;
        int m = (x & 0x0F) << 4;
        if (seg == 0) m += 8;
        else m = (m + 0x108) << (seg - 1);
        alaw_dec[i] = (int16_t)((x & 0x80) ? m : -m);
    }
}

/* segment of a magnitude: the first of the 8 end points it does not exceed */
static int segment(int v, int first_end) {
    int s = 0, end = first_end;
    while (s < 8 && v > end) {
        s++;
        end = end * 2 + 1;
    }
    return s;
}

/* a 14-bit linear value to u-law */
static unsigned char ulaw_enc(int v) {
    int mask = 0xFF;
    if (v < 0) {
        v = -v;
        mask = 0x7F;
    }
    if (v > 8159) v = 8159;   /* the largest magnitude before the bias */
    v += 0x84 >> 2;
    int seg = segment(v, 0x3F);
    if (seg >= 8) return (unsigned char)(0x7F ^ mask);
    return (unsigned char)(((seg << 4) | ((v >> (seg + 1)) & 0xF)) ^ mask);
}

/* a 13-bit linear value to A-law */
static unsigned char alaw_enc(int v) {
    int mask = 0xD5;
    if (v < 0) {
        mask = 0x55;
        v = -v - 1;
    }
    int seg = segment(v, 0x1F);
    if (seg >= 8) return (unsigned char)(0x7F ^ mask);
    int q = seg < 2 ? (v >> 1) & 0xF : (v >> seg) & 0xF;
    return (unsigned char)(((seg << 4) | q) ^ mask);
}

static const ArgSpec lin2ulaw_spec = {"lin2ulaw", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_lin2ulaw(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&lin2ulaw_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    unsigned char *o;
    Value r = new_bytes(f.len / w, &o);
    for (int64_t i = 0; i < f.len; i += w) *o++ = ulaw_enc(get32(f.p + i, w) >> 18);
    return r;
}

static const ArgSpec lin2alaw_spec = {"lin2alaw", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_lin2alaw(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(&lin2alaw_spec, args, nargs, kwnames, a, &f, &w, true) < 0) return VNULL;
    unsigned char *o;
    Value r = new_bytes(f.len / w, &o);
    for (int64_t i = 0; i < f.len; i += w) *o++ = alaw_enc(get32(f.p + i, w) >> 19);
    return r;
}

static Value law2lin(const ArgSpec *spec, const int16_t *table, Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    Frag f;
    int w;
    if (frag_width(spec, args, nargs, kwnames, a, &f, &w, false) < 0) return VNULL;
    if (f.len > INT64_MAX / w) return err_set(&exc_MemoryError, "not enough memory for output buffer");
    unsigned char *o;
    Value r = new_bytes(f.len * w, &o);
    for (int64_t i = 0; i < f.len; i++) set32(o + i * w, w, (int32_t)((uint32_t)(int32_t)table[f.p[i]] << 16));
    return r;
}

static const ArgSpec ulaw2lin_spec = {"ulaw2lin", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_ulaw2lin(Value *args, size_t nargs, Value kwnames) {
    return law2lin(&ulaw2lin_spec, ulaw_dec, args, nargs, kwnames);
}
static const ArgSpec alaw2lin_spec = {"alaw2lin", 2, 2, 0, {"fragment", "width", NULL}};
static Value a_alaw2lin(Value *args, size_t nargs, Value kwnames) {
    return law2lin(&alaw2lin_spec, alaw_dec, args, nargs, kwnames);
}

/* ---- Intel/DVI ADPCM --------------------------------------------------------------------- */

static const int adpcm_index_step[16] = {-1, -1, -1, -1, 2, 4, 6, 8, -1, -1, -1, -1, 2, 4, 6, 8};

/* the 89 quantiser step sizes: each about 1.1 times the previous */
static const int adpcm_steps[89] = {
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97,
    107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796,
    876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871,
    5358, 5894, 6484, 7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623,
    27086, 29794, 32767};

/* fragment, width, state: the state (predicted value, step index) or None */
static int adpcm_args(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Frag *f, int *w, bool check,
                      int *valpred, int *index) {
    Value a[3];
    if (parse(spec, args, nargs, kwnames, a) < 0 || get_frag(a[0], f) < 0 || int_arg(a[1], w) < 0) return -1;
    if (check ? check_frag(f, *w) < 0 : check_width(*w) < 0) return -1;
    Value state = a[2];
    if (state == V_NONE) {
        *valpred = *index = 0;
    } else {
        if (!tuple_check(state)) {
            err_set(&exc_TypeError, "state must be a tuple or None");
            return -1;
        }
        if (state_tuple(state, 2, spec->fname) < 0 || tuple_int(tuple_get(state, 0), valpred) < 0 ||
            tuple_int(tuple_get(state, 1), index) < 0)
            return -1;
        if (*valpred >= 0x8000 || *valpred < -0x8000 || *index < 0 || *index >= 89) {
            err_set(&exc_ValueError, "bad state");
            return -1;
        }
    }
    return get_frag(a[0], f);
}

static inline int clamp16(int v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : v; }

/* Each sample becomes a 4-bit code: a sign bit and three magnitude bits
 * measuring the difference from the prediction in quarters of the current
 * step (by successive halving, as the reference coder); two codes a byte,
 * the first in the high nibble. */
static Value a_lin2adpcm(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"lin2adpcm", 3, 3, 0, {"fragment", "width", "state", NULL}};
    Frag f;
    int w, valpred, index;
    if (adpcm_args(&spec, args, nargs, kwnames, &f, &w, true, &valpred, &index) < 0) return VNULL;
    unsigned char *o;
    Value r = new_bytes(f.len / (w * 2), &o);
    int step = adpcm_steps[index], high = 0;
    bool first = true;
    for (int64_t i = 0; i < f.len; i += w) {
        int v = get32(f.p + i, w) >> 16;
        int sign = v < valpred ? 8 : 0;
        int diff = sign ? valpred - v : v - valpred;
        int code = 0, vpdiff = step >> 3;
        if (diff >= step) {
            code = 4;
            diff -= step;
            vpdiff += step;
        }
        step >>= 1;
        if (diff >= step) {
            code |= 2;
            diff -= step;
            vpdiff += step;
        }
        step >>= 1;
        if (diff >= step) {
            code |= 1;
            vpdiff += step;
        }
        valpred = clamp16(sign ? valpred - vpdiff : valpred + vpdiff);
        code |= sign;
        index += adpcm_index_step[code];
        index = index < 0 ? 0 : index > 88 ? 88 : index;
        step = adpcm_steps[index];
        if (first) high = (code << 4) & 0xF0;
        else *o++ = (unsigned char)((code & 0x0F) | high);
        first = !first;
    }
    return tuple_pack(2, r, tuple_pack(2, int_from_i64(valpred), int_from_i64(index)));
}

static Value a_adpcm2lin(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"adpcm2lin", 3, 3, 0, {"fragment", "width", "state", NULL}};
    Frag f;
    int w, valpred, index;
    if (adpcm_args(&spec, args, nargs, kwnames, &f, &w, false, &valpred, &index) < 0) return VNULL;
    if (f.len > (INT64_MAX / 2) / w) return err_set(&exc_MemoryError, "not enough memory for output buffer");
    int64_t outlen = f.len * w * 2;
    unsigned char *o;
    Value r = new_bytes(outlen, &o);
    int step = adpcm_steps[index];
    for (int64_t i = 0; i < outlen; i += w) {
        int byte = f.p[i / (2 * w)];
        int code = (i / w) & 1 ? byte & 0xF : (byte >> 4) & 0xF;
        index += adpcm_index_step[code];
        index = index < 0 ? 0 : index > 88 ? 88 : index;
        int vpdiff = step >> 3;
        if (code & 4) vpdiff += step;
        if (code & 2) vpdiff += step >> 1;
        if (code & 1) vpdiff += step >> 2;
        valpred = clamp16(code & 8 ? valpred - vpdiff : valpred + vpdiff);
        step = adpcm_steps[index];
        set32(o + i, w, (int32_t)((uint32_t)valpred << 16));
    }
    return tuple_pack(2, r, tuple_pack(2, int_from_i64(valpred), int_from_i64(index)));
}

static const MethodDef audioop_functions[] = {
    {"max", a_max, MF_KEYWORDS, "Return the maximum of the absolute value of all samples in a fragment."},
    {"minmax", a_minmax, MF_KEYWORDS, "Return the minimum and maximum values of all samples in the sound fragment."},
    {"avg", a_avg, MF_KEYWORDS, "Return the average over all samples in the fragment."},
    {"maxpp", a_maxpp, MF_KEYWORDS, "Return the maximum peak-peak value in the sound fragment."},
    {"avgpp", a_avgpp, MF_KEYWORDS, "Return the average peak-peak value over all samples in the fragment."},
    {"rms", a_rms, MF_KEYWORDS, "Return the root-mean-square of the fragment, i.e. sqrt(sum(S_i^2)/n)."},
    {"findfit", a_findfit, MF_KEYWORDS, "Try to match reference as well as possible to a portion of fragment."},
    {"findmax", a_findmax, MF_KEYWORDS,
     "Search fragment for a slice of specified number of samples with maximum energy."},
    {"findfactor", a_findfactor, MF_KEYWORDS,
     "Return a factor F such that rms(add(fragment, mul(reference, -F))) is minimal."},
    {"cross", a_cross, MF_KEYWORDS, "Return the number of zero crossings in the fragment passed as an argument."},
    {"mul", a_mul, MF_KEYWORDS,
     "Return a fragment that has all samples in the original fragment multiplied by the floating-point value factor."},
    {"add", a_add, MF_KEYWORDS, "Return a fragment which is the addition of the two samples passed as parameters."},
    {"bias", a_bias, MF_KEYWORDS,
     "Return a fragment that is the original fragment with a bias added to each sample."},
    {"ulaw2lin", a_ulaw2lin, MF_KEYWORDS,
     "Convert sound fragments in u-LAW encoding to linearly encoded sound fragments."},
    {"lin2ulaw", a_lin2ulaw, MF_KEYWORDS, "Convert samples in the audio fragment to u-LAW encoding."},
    {"alaw2lin", a_alaw2lin, MF_KEYWORDS,
     "Convert sound fragments in a-LAW encoding to linearly encoded sound fragments."},
    {"lin2alaw", a_lin2alaw, MF_KEYWORDS, "Convert samples in the audio fragment to a-LAW encoding."},
    {"lin2lin", a_lin2lin, MF_KEYWORDS, "Convert samples between 1-, 2-, 3- and 4-byte formats."},
    {"adpcm2lin", a_adpcm2lin, MF_KEYWORDS, "Decode an Intel/DVI ADPCM coded fragment to a linear fragment."},
    {"lin2adpcm", a_lin2adpcm, MF_KEYWORDS, "Convert samples to 4 bit Intel/DVI ADPCM encoding."},
    {"tomono", a_tomono, MF_KEYWORDS, "Convert a stereo fragment to a mono fragment."},
    {"tostereo", a_tostereo, MF_KEYWORDS, "Generate a stereo fragment from a mono fragment."},
    {"getsample", a_getsample, MF_KEYWORDS, "Return the value of sample index from the fragment."},
    {"reverse", a_reverse, MF_KEYWORDS, "Reverse the samples in a fragment and returns the modified fragment."},
    {"byteswap", a_byteswap, MF_KEYWORDS, "Convert big-endian samples to little-endian and vice versa."},
    {"ratecv", a_ratecv, MF_KEYWORDS, "Convert the frame rate of the input fragment."},
    {NULL, NULL, 0, NULL},
};

Value audioop_module_create(void) {
    /* CPython 3.11 warns at every import that creates the module */
    if (warn_c(&exc_DeprecationWarning, str_from_cstr("'audioop' is deprecated and slated for removal in Python 3.13"),
               1) < 0)
        return VNULL;
    if (!audioop_error) {
        g711_tables();
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("audioop"));
        audioop_error = type_new_class(&type_type, str_from_cstr("error"),
                                       tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1), ns, VNULL);
        if (!audioop_error) return VNULL;
    }
    Value m = module_new_cstr("audioop");
    module_add_functions(m, audioop_functions);
    module_add(m, "error", audioop_error);
    return m;
}
