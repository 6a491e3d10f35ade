/* array.c: the `array` module, CPython 3.11's behaviour and messages.
 *
 * An array is a growable block of C values of one type (its typecode):
 * `len` items of `d->size` bytes in `data`, room for `cap` items. The data
 * block holds no pointers (gc_alloc_atomic). Items are converted to and
 * from Python objects on every access, with CPython's range checks; each
 * conversion writes into a scratch word first, so a failed store leaves
 * the array as it was.
 *
 * Buffer exports: each memoryview made of an array counts itself in the
 * array's `exports` until it is released or collected (BufferInfo.exports,
 * obj/memoryview.c), and the length cannot change while one is alive
 * (BufferError, as CPython's). A view the program dropped still counts
 * until a collection finds it, so a resize that meets exports runs
 * gc.collect() once before refusing (as mmap's resize and close do).
 *
 * 'u' items are UCS-4 code points (wchar_t is 4 bytes on tpy's platforms);
 * the buffer format is then 'w', as CPython's. Machine format codes for
 * pickling are CPython's numbers, computed for this machine's byte order.
 */
#include <string.h>

#include "../runtime.h"
#include "modules.h"

/* ---- typecodes ----------------------------------------------------------------------------- */

enum { K_SIGNED, K_UNSIGNED, K_FLOAT, K_UNICODE };

/* CPython's machine format codes (array._array_reconstructor): the little
   endian code of each family; the big endian one is the next number */
enum {
    MF_UINT8 = 0, MF_INT8 = 1, MF_UINT16 = 2, MF_INT16 = 4, MF_UINT32 = 6, MF_INT32 = 8,
    MF_UINT64 = 10, MF_INT64 = 12, MF_FLOAT = 14, MF_DOUBLE = 16, MF_UTF16 = 18, MF_UTF32 = 20,
    MF_MAX = 21,
};
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define MF_NATIVE(le, size) ((size) == 1 ? (le) : (le) + 1)
#define NATIVE_BIG 1
#else
#define MF_NATIVE(le, size) (le)
#define NATIVE_BIG 0
#endif

typedef struct Descr {
    char code;
    int size;
    int kind;
    int mformat_le;     /* little endian machine format family */
    const char *format; /* buffer format */
} Descr;

/* In CPython's order: it decides which typecode _array_reconstructor picks */
static const Descr descrs[] = {
    {'b', 1, K_SIGNED, MF_INT8, "b"},     {'B', 1, K_UNSIGNED, MF_UINT8, "B"},
    {'u', 4, K_UNICODE, MF_UTF32, "w"},   {'h', 2, K_SIGNED, MF_INT16, "h"},
    {'H', 2, K_UNSIGNED, MF_UINT16, "H"}, {'i', 4, K_SIGNED, MF_INT32, "i"},
    {'I', 4, K_UNSIGNED, MF_UINT32, "I"}, {'l', 8, K_SIGNED, MF_INT64, "l"},
    {'L', 8, K_UNSIGNED, MF_UINT64, "L"}, {'q', 8, K_SIGNED, MF_INT64, "q"},
    {'Q', 8, K_UNSIGNED, MF_UINT64, "Q"}, {'f', 4, K_FLOAT, MF_FLOAT, "f"},
    {'d', 8, K_FLOAT, MF_DOUBLE, "d"},
};
#define NDESCRS ((int)(sizeof descrs / sizeof descrs[0]))

static Value iter_self(Value v) { return v; }

static const Descr *descr_for(uint32_t c) {
    for (int i = 0; i < NDESCRS; i++)
        if ((uint32_t)descrs[i].code == c) return &descrs[i];
    return NULL;
}

static int descr_mformat(const Descr *d) { return MF_NATIVE(d->mformat_le, d->size); }

/* ---- the object ---------------------------------------------------------------------------- */

typedef struct ArrayObject {
    Object hdr;
    char *data;         /* cap * d->size bytes; NULL when cap == 0 */
    int64_t len, cap;   /* in items */
    const Descr *d;
    int64_t exports;    /* live memoryviews of the array */
} ArrayObject;

typedef struct ArrayIterObject {
    Object hdr;
    Value arr;          /* VNULL when exhausted */
    int64_t index;
} ArrayIterObject;

static Type array_type, arrayiter_type;

/* memmove for spans that may be empty at a NULL data pointer (which
   memmove itself must not be given) */
static inline void mem_move(void *dst, const void *src, size_t n) {
    if (n) memmove(dst, src, n);
}

static inline ArrayObject *AR(Value v) { return V_AS(ArrayObject, v); }
static inline bool array_check(Value v) {
    return v_is_ptr(v) && v && type_is_subtype(V_OBJ(v)->type, &array_type);
}
static inline char *ar_item(ArrayObject *a, int64_t i) { return a->data + i * a->d->size; }

/* An empty array of type t with room for exactly n items */
static Value ar_new(Type *t, const Descr *d, int64_t n) {
    if (n < 0 || n > INT64_MAX / 16) return err_no_memory();
    ArrayObject *a = AR(instance_new(t));
    a->d = d;
    if (n > 0) {
        a->data = gc_try_alloc_atomic((size_t)(n * d->size));
        if (!a->data) return err_no_memory();
        a->cap = n;
    }
    return V_FROM_PTR(a);
}

/* 0 when no view of the array is alive; -1 with BufferError otherwise
   (after one collection to find dropped views: module comment) */
static int ar_check_unexported(ArrayObject *a) {
    if (a->exports <= 0) return 0;
    Value gc = import_name(str_intern_cstr("gc"), V_NONE, v_int(0), VNULL);
    Value collect = gc ? obj_getattr_cstr(gc, "collect") : VNULL;
    if (!collect || !obj_call(collect, NULL, 0, VNULL)) err_clear();
    if (a->exports <= 0) return 0;
    err_set(&exc_BufferError, "cannot resize an array that is exporting buffers");
    return -1;
}

/* 0 when the length may become n. Callers that move items before resizing
   ask first, so that a refused change leaves the array as it was. */
static int ar_check_resize(ArrayObject *a, int64_t n) {
    return n == a->len ? 0 : ar_check_unexported(a);
}

/* Set the length to n, growing with CPython's over-allocation (visible
   through __sizeof__ and buffer_info) */
static int ar_resize(ArrayObject *a, int64_t n) {
    if (ar_check_resize(a, n) < 0) return -1;
    if (a->cap >= n && a->len < n + 16 && a->data) {
        a->len = n;
        return 0;
    }
    if (n == 0) {
        a->data = NULL;
        a->cap = a->len = 0;
        return 0;
    }
    if (n > INT64_MAX / 16 / a->d->size) return err_no_memory(), -1;
    int64_t ncap = (n >> 4) + (a->len < 8 ? 3 : 7) + n;
    char *nd = gc_try_alloc_atomic((size_t)(ncap * a->d->size));
    if (!nd) return err_no_memory(), -1;
    int64_t keep = a->len < n ? a->len : n;
    if (keep) memcpy(nd, a->data, (size_t)(keep * a->d->size));
    a->data = nd;
    a->cap = ncap;
    a->len = n;
    return 0;
}

/* ---- item conversion ----------------------------------------------------------------------- */

static Value item_get(const Descr *d, const char *p) {
    switch (d->code) {
    case 'b': return v_int(*(const int8_t *)p);
    case 'B': return v_int(*(const uint8_t *)p);
    case 'h': { int16_t x; memcpy(&x, p, 2); return v_int(x); }
    case 'H': { uint16_t x; memcpy(&x, p, 2); return v_int(x); }
    case 'i': { int32_t x; memcpy(&x, p, 4); return v_int(x); }
    case 'I': { uint32_t x; memcpy(&x, p, 4); return v_int(x); }
    case 'l': case 'q': { int64_t x; memcpy(&x, p, 8); return int_from_i64(x); }
    case 'L': case 'Q': { uint64_t x; memcpy(&x, p, 8); return int_from_u64(x); }
    case 'f': { float x; memcpy(&x, p, 4); return float_from_double(x); }
    case 'd': { double x; memcpy(&x, p, 8); return float_from_double(x); }
    case 'u': {
        uint32_t c;
        memcpy(&c, p, 4);
        if (c > 0x10FFFF) return err_format(&exc_ValueError, "character U+%x is not in range [U+0000; U+10ffff]", c);
        return str_from_codepoint(c);
    }
    }
    return err_set(&exc_SystemError, "array: bad typecode");
}

static int overflow(const char *what, bool greater) {
    err_format(&exc_OverflowError, "%s is %s", what, greater ? "greater than maximum" : "less than minimum");
    return -1;
}

/* v as an int (through __index__) */
static Value as_int(Value v) {
    if (int_check(v)) return v;
    return obj_index(v);
}

/* v as a C long, with PyLong_AsLong's message */
static int as_long(Value v, int64_t *out) {
    if (!(v = as_int(v))) return -1;
    int64_t x = int_as_i64(v);
    if (x == -1 && err_occurred()) {
        if (!err_matches(&exc_OverflowError)) return -1;
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C long");
        return -1;
    }
    *out = x;
    return 0;
}

/* v as an unsigned 64-bit value; `neg` and `big` are the messages of the
   CPython converter that the typecode goes through */
static int as_u64(Value v, uint64_t *out, const char *neg, const char *big) {
    if (!(v = as_int(v))) return -1;
    if (int_sign(v) < 0) return err_set(&exc_OverflowError, neg), -1;
    if (v_is_int(v)) {
        *out = (uint64_t)v_intval(v);
        return 0;
    }
    Value max = int_from_u64(UINT64_MAX);
    if (int_compare(v, max) > 0) return err_set(&exc_OverflowError, big), -1;
    mpz_t z;
    mpz_init(z);
    int_to_mpz(v, z);
    uint64_t x = 0;
    mpz_export(&x, NULL, -1, sizeof x, 0, 0, z);
    mpz_clear(z);
    *out = x;
    return 0;
}

/* Convert v for descriptor d into out (d->size bytes) */
static int item_pack(const Descr *d, Value v, char *out) {
    int64_t x;
    uint64_t u;
    switch (d->code) {
    case 'b':
        /* CPython reads a short first, then narrows */
        if (as_long(v, &x) < 0) return -1;
        if (x < INT16_MIN || x > INT16_MAX) return overflow("signed short integer", x > 0);
        if (x < INT8_MIN || x > INT8_MAX) return overflow("signed char", x > 0);
        *(int8_t *)out = (int8_t)x;
        return 0;
    case 'B':
        if (as_long(v, &x) < 0) return -1;
        if (x < 0 || x > UINT8_MAX) return overflow("unsigned byte integer", x > 0);
        *(uint8_t *)out = (uint8_t)x;
        return 0;
    case 'h': {
        if (as_long(v, &x) < 0) return -1;
        if (x < INT16_MIN || x > INT16_MAX) return overflow("signed short integer", x > 0);
        int16_t s = (int16_t)x;
        memcpy(out, &s, 2);
        return 0;
    }
    case 'H': {
        /* CPython reads an int first, then narrows */
        if (as_long(v, &x) < 0) return -1;
        if (x < INT32_MIN || x > INT32_MAX) return overflow("signed integer", x > 0);
        if (x < 0 || x > UINT16_MAX) return overflow("unsigned short", x > 0);
        uint16_t s = (uint16_t)x;
        memcpy(out, &s, 2);
        return 0;
    }
    case 'i': {
        if (as_long(v, &x) < 0) return -1;
        if (x < INT32_MIN || x > INT32_MAX) return overflow("signed integer", x > 0);
        int32_t s = (int32_t)x;
        memcpy(out, &s, 4);
        return 0;
    }
    case 'I': {
        if (as_u64(v, &u, "can't convert negative value to unsigned int",
                   "Python int too large to convert to C unsigned long") < 0)
            return -1;
        if (u > UINT32_MAX) return overflow("unsigned int", true);
        uint32_t s = (uint32_t)u;
        memcpy(out, &s, 4);
        return 0;
    }
    case 'l':
        if (as_long(v, &x) < 0) return -1;
        memcpy(out, &x, 8);
        return 0;
    case 'L':
        if (as_u64(v, &u, "can't convert negative value to unsigned int",
                   "Python int too large to convert to C unsigned long") < 0)
            return -1;
        memcpy(out, &u, 8);
        return 0;
    case 'q':
        if (!(v = as_int(v))) return -1;
        x = int_as_i64(v);
        if (x == -1 && err_occurred()) {
            if (!err_matches(&exc_OverflowError)) return -1;
            err_clear();
            return err_set(&exc_OverflowError, "int too big to convert"), -1;
        }
        memcpy(out, &x, 8);
        return 0;
    case 'Q':
        if (as_u64(v, &u, "can't convert negative int to unsigned", "int too big to convert") < 0) return -1;
        memcpy(out, &u, 8);
        return 0;
    case 'f': case 'd': {
        double f = obj_as_double(v);
        if (f == -1.0 && err_occurred()) return -1;
        if (d->code == 'f') {
            float s = (float)f;
            memcpy(out, &s, 4);
        } else memcpy(out, &f, 8);
        return 0;
    }
    case 'u': {
        if (!str_check(v) || str_len(v) != 1)
            return err_set(&exc_TypeError, "array item must be unicode character"), -1;
        uint32_t c = str_char_at(v, 0);
        memcpy(out, &c, 4);
        return 0;
    }
    }
    return err_set(&exc_SystemError, "array: bad typecode"), -1;
}

static int ar_append(ArrayObject *a, Value v) {
    char tmp[8];
    if (item_pack(a->d, v, tmp) < 0) return -1;
    if (ar_resize(a, a->len + 1) < 0) return -1;
    memcpy(ar_item(a, a->len - 1), tmp, (size_t)a->d->size);
    return 0;
}

static int ar_extend_iter(ArrayObject *a, Value iterable) {
    Value it = obj_iter(iterable);
    if (!it) return -1;
    for (;;) {
        Value x = obj_next(it);
        if (!x) return err_occurred() ? -1 : 0;
        if (ar_append(a, x) < 0) return -1;
    }
}

static int ar_extend_bytes(ArrayObject *a, const char *p, int64_t n) {
    int sz = a->d->size;
    if (n % sz) return err_set(&exc_ValueError, "bytes length not a multiple of item size"), -1;
    int64_t old = a->len;
    /* p may point into a's own data, which a resize moves */
    char *copy = NULL;
    if (n && p >= a->data && p < a->data + a->len * sz) {
        copy = gc_alloc_atomic((size_t)n);
        memcpy(copy, p, (size_t)n);
        p = copy;
    }
    if (ar_resize(a, old + n / sz) < 0) return -1;
    if (n) memcpy(ar_item(a, old), p, (size_t)n);
    return 0;
}

static int ar_extend_array(ArrayObject *a, ArrayObject *b) {
    if (a->d != b->d) return err_set(&exc_TypeError, "can only extend with array of same kind"), -1;
    return ar_extend_bytes(a, b->data, b->len * b->d->size);
}

static int ar_extend_str(ArrayObject *a, Value s) {
    int64_t n = str_len(s), old = a->len;
    if (ar_resize(a, old + n) < 0) return -1;
    const char *p = str_data(s);
    for (int64_t i = 0; i < n; i++) {
        int k;
        uint32_t c = utf8_decode(p, &k);
        p += k;
        memcpy(ar_item(a, old + i), &c, 4);
    }
    return 0;
}

/* ---- construction -------------------------------------------------------------------------- */

static Value array_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (t == &array_type && kwnames && tuple_size(kwnames))
        return err_set(&exc_TypeError, "array.array() takes no keyword arguments");
    if (nargs < 1) return err_format(&exc_TypeError, "array() takes at least 1 argument (%zd given)", (ssize_t)nargs);
    if (nargs > 2) return err_format(&exc_TypeError, "array() takes at most 2 arguments (%zd given)", (ssize_t)nargs);
    Value tc = args[0], init = nargs > 1 ? args[1] : VNULL;
    if (!str_check(tc) || str_len(tc) != 1)
        return err_format(&exc_TypeError, "array() argument 1 must be a unicode character, not %T", tc);
    uint32_t c = str_char_at(tc, 0);
    if (AUDIT("array.__new__", 2, tc, init ? init : V_NONE) < 0) return VNULL;
    if (init && c != 'u') {
        if (str_check(init))
            return err_format(&exc_TypeError, "cannot use a str to initialize an array with typecode '%c'", (int)c);
        if (array_check(init) && AR(init)->d->code == 'u')
            return err_format(&exc_TypeError, "cannot use a unicode array to initialize an array with typecode '%c'",
                              (int)c);
    }
    const Descr *d = descr_for(c);
    if (!d) return err_set(&exc_ValueError, "bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)");
    if (!init) return ar_new(t, d, 0);
    if (list_check(init) || tuple_check(init)) {
        int64_t n = list_check(init) ? list_size(init) : tuple_size(init);
        Value r = ar_new(t, d, n);
        if (!r) return VNULL;
        ArrayObject *a = AR(r);
        for (int64_t i = 0; i < n; i++) {
            /* a list may shrink while its items convert */
            if (list_check(init) && i >= list_size(init)) break;
            Value x = list_check(init) ? list_get(init, i) : tuple_get(init, i);
            if (item_pack(d, x, ar_item(a, i)) < 0) return VNULL;
            a->len = i + 1;
        }
        return r;
    }
    Value r = ar_new(t, d, 0);
    if (!r) return VNULL;
    ArrayObject *a = AR(r);
    if (bytes_check(init) || bytearray_check(init)) {
        const char *p = NULL;
        int64_t n = 0;
        byteslike_view(init, &p, &n);
        if (ar_extend_bytes(a, p, n) < 0) return VNULL;
        return r;
    }
    if (str_check(init)) {   /* typecode 'u' here */
        if (ar_extend_str(a, init) < 0) return VNULL;
        return r;
    }
    if (array_check(init) && AR(init)->d == d) {
        if (ar_extend_array(a, AR(init)) < 0) return VNULL;
        return r;
    }
    if (ar_extend_iter(a, init) < 0) return VNULL;
    return r;
}

static Value m_tounicode(Value *args, size_t nargs, Value kwnames);

/* ---- sequence protocol --------------------------------------------------------------------- */

static int64_t array_len(Value self) { return AR(self)->len; }

static Value ar_slice_copy(ArrayObject *a, int64_t start, int64_t step, int64_t n) {
    Value r = ar_new(&array_type, a->d, n);
    if (!r) return VNULL;
    ArrayObject *b = AR(r);
    int sz = a->d->size;
    if (step == 1) {
        if (n) memcpy(b->data, ar_item(a, start), (size_t)(n * sz));
    } else {
        for (int64_t i = 0; i < n; i++) memcpy(ar_item(b, i), ar_item(a, start + i * step), (size_t)sz);
    }
    b->len = n;
    return r;
}

static int get_index(Value key, int64_t *out) {
    Value iv = int_check(key) ? key : obj_index(key);
    if (!iv) return -1;
    int64_t i = int_as_i64(iv);
    if (i == -1 && err_occurred()) {
        err_clear();
        err_format(&exc_IndexError, "cannot fit '%T' into an index-sized integer", key);
        return -1;
    }
    *out = i;
    return 0;
}

/* A Py_ssize_t argument (insert, pop, fromfile): OverflowError when it
   does not fit, where a subscript gets IndexError */
static int get_ssize(Value v, int64_t *out) {
    if (get_index(v, out) < 0) {
        if (err_matches(&exc_IndexError)) {
            err_clear();
            err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
        }
        return -1;
    }
    return 0;
}

static bool is_index(Value key) {
    return int_check(key) || (v_is_ptr(key) && type_lookup(type_of(key), NAME(__index__)));
}

static Value array_getitem(Value self, Value key) {
    ArrayObject *a = AR(self);
    if (is_index(key)) {
        int64_t i;
        if (get_index(key, &i) < 0) return VNULL;
        if (i < 0) i += a->len;
        if (i < 0 || i >= a->len) return err_set(&exc_IndexError, "array index out of range");
        return item_get(a->d, ar_item(a, i));
    }
    if (slice_check(key)) {
        int64_t start, stop, step;
        /* the length after the bounds' __index__ methods ran (misc.h, SliceBounds) */
        SliceBounds sb;
        if (slice_unpack_obj(key, &sb) < 0) return VNULL;
        int64_t n = slice_adjust(&sb, a->len, &start, &stop, &step);
        return ar_slice_copy(a, start, step, n);
    }
    return err_set(&exc_TypeError, "array indices must be integers");
}

static int ar_setslice(ArrayObject *a, Value key, Value v) {
    int64_t start, stop, step;
    SliceBounds sb;
    if (slice_unpack_obj(key, &sb) < 0) return -1;
    int64_t n = slice_adjust(&sb, a->len, &start, &stop, &step);
    ArrayObject *src = NULL;
    int64_t needed = 0;
    int sz = a->d->size;
    if (v) {
        if (!array_check(v)) {
            err_format(&exc_TypeError, "can only assign array (not \"%T\") to array slice", v);
            return -1;
        }
        src = AR(v);
        if (src->d != a->d) return err_set(&exc_TypeError, "bad argument type for built-in operation"), -1;
        needed = src->len;
        if (src == a) {   /* a[i:j] = a: read a copy */
            Value c = ar_slice_copy(a, 0, 1, a->len);
            if (!c) return -1;
            src = AR(c);
        }
    }
    if ((step > 0 && stop < start) || (step < 0 && stop > start)) stop = start;
    /* as CPython's: any deletion, even of nothing, counts as a resize */
    if ((needed == 0 || needed != n) && ar_check_unexported(a) < 0) return -1;
    if (step == 1) {
        int64_t old = a->len, tail = old - stop;
        if (needed < n) {
            mem_move(ar_item(a, start + needed), ar_item(a, stop), (size_t)(tail * sz));
            if (ar_resize(a, old - n + needed) < 0) return -1;
        } else if (needed > n) {
            if (ar_resize(a, old - n + needed) < 0) return -1;
            mem_move(ar_item(a, start + needed), ar_item(a, stop), (size_t)(tail * sz));
        }
        if (needed) memcpy(ar_item(a, start), src->data, (size_t)(needed * sz));
        return 0;
    }
    if (needed == 0) {
        /* delete an extended slice (CPython also does this for an empty
           array assigned to one) */
        if (n <= 0) return 0;
        if (step < 0) {
            stop = start + 1;
            start = stop + step * (n - 1) - 1;
            step = -step;
        }
        int64_t cur = start, i = 0;
        for (; cur < a->len && i < n; cur += step, i++) {
            int64_t lim = step - 1;
            if (cur + step >= a->len) lim = a->len - cur - 1;
            mem_move(ar_item(a, cur - i), ar_item(a, cur + 1), (size_t)(lim * sz));
        }
        cur = start + n * step;
        if (cur < a->len)
            mem_move(ar_item(a, cur - n), ar_item(a, cur), (size_t)((a->len - cur) * sz));
        return ar_resize(a, a->len - n);
    }
    if (needed != n) {
        err_format(&exc_ValueError, "attempt to assign array of size %zd to extended slice of size %zd",
                   (ssize_t)needed, (ssize_t)n);
        return -1;
    }
    for (int64_t i = 0; i < n; i++) memcpy(ar_item(a, start + i * step), ar_item(src, i), (size_t)sz);
    return 0;
}

static int array_setitem(Value self, Value key, Value v) {
    ArrayObject *a = AR(self);
    if (is_index(key)) {
        int64_t i;
        if (get_index(key, &i) < 0) return -1;
        if (i < 0) i += a->len;
        if (i < 0 || i >= a->len) return err_set(&exc_IndexError, "array assignment index out of range"), -1;
        if (!v) {
            if (ar_check_resize(a, a->len - 1) < 0) return -1;
            mem_move(ar_item(a, i), ar_item(a, i + 1), (size_t)((a->len - i - 1) * a->d->size));
            return ar_resize(a, a->len - 1);
        }
        char tmp[8];
        if (item_pack(a->d, v, tmp) < 0) return -1;
        memcpy(ar_item(a, i), tmp, (size_t)a->d->size);
        return 0;
    }
    if (slice_check(key)) return ar_setslice(a, key, v);
    return err_set(&exc_TypeError, "array indices must be integers"), -1;
}

/* 1 when item i equals v, 0 when not, -1 on error */
static int ar_item_eq(ArrayObject *a, int64_t i, Value v) {
    Value x = item_get(a->d, ar_item(a, i));
    if (!x) return -1;
    return obj_eq(x, v);
}

static int array_contains(Value self, Value v) {
    ArrayObject *a = AR(self);
    for (int64_t i = 0; i < a->len; i++) {
        int r = ar_item_eq(a, i, v);
        if (r != 0) return r;
    }
    return 0;
}

static Value ar_repeat(ArrayObject *a, int64_t k) {
    if (k < 0) k = 0;
    int64_t n = a->len;
    if (n && k > INT64_MAX / 16 / n / a->d->size) return err_no_memory();
    Value r = ar_new(&array_type, a->d, n * k);
    if (!r) return VNULL;
    ArrayObject *b = AR(r);
    size_t chunk = (size_t)(n * a->d->size);
    if (chunk)
        for (int64_t i = 0; i < k; i++) memcpy(b->data + i * chunk, a->data, chunk);
    b->len = n * k;
    return r;
}

static Value array_binop(Value a, Value b, int op) {
    switch (BINOP_BASE(op)) {
    case BINOP_ADD:
        if (!array_check(a) || (op & BINOP_REFLECTED)) return V_NOTIMPL;
        if (op & BINOP_INPLACE) {
            if (!array_check(b))
                return err_format(&exc_TypeError, "can only extend array with array (not \"%T\")", b);
            if (ar_extend_array(AR(a), AR(b)) < 0) return VNULL;
            return a;
        }
        if (!array_check(b)) {
            if (bytes_defer_binop(b, BINOP_ADD)) return V_NOTIMPL;
            return err_format(&exc_TypeError, "can only append array (not \"%T\") to array", b);
        }
        if (AR(a)->d != AR(b)->d) return err_set(&exc_TypeError, "bad argument type for built-in operation");
        {
            Value r = ar_slice_copy(AR(a), 0, 1, AR(a)->len);
            if (!r || ar_extend_array(AR(r), AR(b)) < 0) return VNULL;
            return r;
        }
    case BINOP_MUL: {
        Value s, n;
        if (array_check(a) && !(op & BINOP_REFLECTED)) {
            s = a;
            n = b;
        } else if (array_check(b) && !(op & BINOP_INPLACE)) {
            s = b;
            n = a;
        } else return V_NOTIMPL;
        int64_t k;
        int rc = bytes_repeat_count(n, &k);
        if (rc < 0) return VNULL;
        if (rc > 0) {
            if (!(op & BINOP_REFLECTED) && bytes_defer_binop(n, BINOP_MUL)) return V_NOTIMPL;
            if ((op & BINOP_REFLECTED) && (str_check(a) || list_check(a) || tuple_check(a) || bytes_check(a)))
                return V_NOTIMPL;
            return err_format(&exc_TypeError, "can't multiply sequence by non-int of type '%T'", n);
        }
        /* only whether the length changes matters to the check (the
           product may not fit) */
        int64_t len = AR(s)->len, grown = k <= 0 ? 0 : k == 1 ? len : len * 2;
        if ((op & BINOP_INPLACE) && ar_check_resize(AR(a), grown) < 0) return VNULL;
        Value r = ar_repeat(AR(s), k);
        if (!r || !(op & BINOP_INPLACE)) return r;
        AR(a)->data = AR(r)->data;
        AR(a)->len = AR(r)->len;
        AR(a)->cap = AR(r)->cap;
        return a;
    }
    default: return V_NOTIMPL;
    }
}

static Value array_richcompare(Value va, Value vb, int op) {
    if (!array_check(va) || !array_check(vb)) return V_NOTIMPL;
    ArrayObject *a = AR(va), *b = AR(vb);
    if (a->len != b->len && (op == CMP_EQ || op == CMP_NE)) return v_bool(op == CMP_NE);
    int64_t i = 0;
    Value x = VNULL, y = VNULL;
    for (; i < a->len && i < b->len; i++) {
        if (!(x = item_get(a->d, ar_item(a, i))) || !(y = item_get(b->d, ar_item(b, i)))) return VNULL;
        int eq = obj_eq(x, y);
        if (eq < 0) return VNULL;
        if (!eq) break;
    }
    if (i >= a->len || i >= b->len) {
        int64_t la = a->len, lb = b->len;
        bool r;
        switch (op) {
        case CMP_LT: r = la < lb; break;
        case CMP_LE: r = la <= lb; break;
        case CMP_EQ: r = la == lb; break;
        case CMP_NE: r = la != lb; break;
        case CMP_GT: r = la > lb; break;
        default: r = la >= lb; break;
        }
        return v_bool(r);
    }
    if (op == CMP_EQ) return V_FALSE;
    if (op == CMP_NE) return V_TRUE;
    return obj_richcompare(x, y, op);
}

static Value array_repr(Value self) {
    ArrayObject *a = AR(self);
    const char *tn = V_OBJ(self)->type == &array_type ? "array" : str_data(V_OBJ(self)->type->name);
    if (a->len == 0) return str_printf("%s('%c')", tn, a->d->code);
    Value inner;
    if (a->d->code == 'u') {
        Value s = m_tounicode(&self, 1, VNULL);
        if (!s) return VNULL;
        inner = obj_repr(s);
    } else {
        Value l = list_new(a->len);
        for (int64_t i = 0; i < a->len; i++) {
            Value x = item_get(a->d, ar_item(a, i));
            if (!x) return VNULL;
            list_append(l, x);
        }
        inner = obj_repr(l);
    }
    if (!inner) return VNULL;
    return str_printf("%s('%c', %U)", tn, a->d->code, inner);
}

/* ---- iteration ----------------------------------------------------------------------------- */

static Value array_iter(Value self) {
    ArrayIterObject *it = (ArrayIterObject *)obj_alloc(&arrayiter_type, sizeof *it);
    it->arr = self;
    return V_FROM_PTR(it);
}

static Value arrayiter_next(Value self) {
    ArrayIterObject *it = V_AS(ArrayIterObject, self);
    if (!it->arr) return VNULL;
    ArrayObject *a = AR(it->arr);
    if (it->index >= a->len) {
        it->arr = VNULL;
        return VNULL;
    }
    return item_get(a->d, ar_item(a, it->index++));
}

static Value arrayiter_reduce(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__reduce__", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    ArrayIterObject *it = V_AS(ArrayIterObject, args[0]);
    Value iter = dict_get(tstate.builtins, str_intern_cstr("iter"));
    if (!iter) return err_occurred() ? VNULL : err_set(&exc_RuntimeError, "lost builtins.iter");
    if (!it->arr) {
        Value inner[1] = {tuple_new(0)};
        Value t[2] = {iter, tuple_from_array(inner, 1)};
        return tuple_from_array(t, 2);
    }
    Value inner[1] = {it->arr};
    Value t[3] = {iter, tuple_from_array(inner, 1), int_from_i64(it->index)};
    return tuple_from_array(t, 3);
}

static Value arrayiter_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    ArrayIterObject *it = V_AS(ArrayIterObject, args[0]);
    int64_t i;
    if (get_ssize(args[1], &i) < 0) return VNULL;
    if (it->arr) {
        if (i < 0) i = 0;
        else if (i > AR(it->arr)->len) i = AR(it->arr)->len;
        it->index = i;
    }
    return V_NONE;
}

/* ---- methods ------------------------------------------------------------------------------- */

#define SELF AR(args[0])
/* Parse a method's arguments after self into `out` */
#define PARSE(spec, out) \
    if (no_keywords(&(spec), kwnames) < 0 || arg_parse(&(spec), args + 1, nargs - 1, kwnames, (out)) < 0) \
    return VNULL

/* Every method is positional-only; CPython names a keyword's culprit
   "array.name()" whatever its argument parser (hence MF_KEYWORDS on all) */
static int no_keywords(const ArgSpec *spec, Value kwnames) {
    if (!kwnames || !tuple_size(kwnames)) return 0;
    const char *f = spec->fname;
    if (!strncmp(f, "array.", 6)) f += 6;
    err_format(&exc_TypeError, "array.%s() takes no keyword arguments", f);
    return -1;
}

static Value m_append(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.append", 1, 1, 0, {"v", NULL}};
    Value a[1];
    PARSE(spec, a);
    if (ar_append(SELF, a[0]) < 0) return VNULL;
    return V_NONE;
}

static Value m_extend(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.extend", 1, 1, 0, {"bb", NULL}};
    Value a[1];
    PARSE(spec, a);
    int r = array_check(a[0]) ? ar_extend_array(SELF, AR(a[0])) : ar_extend_iter(SELF, a[0]);
    return r < 0 ? VNULL : V_NONE;
}

static Value m_insert(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"insert", 2, 2, 0, {"i", "v", NULL}};
    Value a[2];
    PARSE(spec, a);
    int64_t i;
    if (get_ssize(a[0], &i) < 0) return VNULL;
    ArrayObject *s = SELF;
    char tmp[8];
    if (item_pack(s->d, a[1], tmp) < 0) return VNULL;
    int64_t n = s->len;
    if (i < 0) {
        i += n;
        if (i < 0) i = 0;
    }
    if (i > n) i = n;
    if (ar_resize(s, n + 1) < 0) return VNULL;
    mem_move(ar_item(s, i + 1), ar_item(s, i), (size_t)((n - i) * s->d->size));
    memcpy(ar_item(s, i), tmp, (size_t)s->d->size);
    return V_NONE;
}

static Value m_pop(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"pop", 1, 0, 0, {"i", NULL}};
    Value a[1];
    PARSE(spec, a);
    int64_t i = -1;
    if (a[0] && get_ssize(a[0], &i) < 0) return VNULL;
    ArrayObject *s = SELF;
    if (s->len == 0) return err_set(&exc_IndexError, "pop from empty array");
    if (i < 0) i += s->len;
    if (i < 0 || i >= s->len) return err_set(&exc_IndexError, "pop index out of range");
    Value r = item_get(s->d, ar_item(s, i));
    if (!r || ar_check_resize(s, s->len - 1) < 0) return VNULL;
    mem_move(ar_item(s, i), ar_item(s, i + 1), (size_t)((s->len - i - 1) * s->d->size));
    if (ar_resize(s, s->len - 1) < 0) return VNULL;
    return r;
}

static Value m_remove(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.remove", 1, 1, 0, {"v", NULL}};
    Value a[1];
    PARSE(spec, a);
    ArrayObject *s = SELF;
    for (int64_t i = 0; i < s->len; i++) {
        int r = ar_item_eq(s, i, a[0]);
        if (r < 0) return VNULL;
        if (r) {
            if (ar_check_resize(s, s->len - 1) < 0) return VNULL;
            mem_move(ar_item(s, i), ar_item(s, i + 1), (size_t)((s->len - i - 1) * s->d->size));
            if (ar_resize(s, s->len - 1) < 0) return VNULL;
            return V_NONE;
        }
    }
    return err_set(&exc_ValueError, "array.remove(x): x not in array");
}

/* A start/stop bound of index(): an int clamped to the array as a slice's */
static int slice_bound(Value v, int64_t n, int64_t *out) {
    if (!is_index(v))
        return err_set(&exc_TypeError, "slice indices must be integers or have an __index__ method"), -1;
    Value iv = int_check(v) ? v : obj_index(v);
    if (!iv) return -1;
    int64_t i = int_as_i64_clamped(iv, INT64_MIN, INT64_MAX);
    if (i < 0) {
        i += n;
        if (i < 0) i = 0;
    }
    if (i > n) i = n;
    *out = i;
    return 0;
}

static Value m_index(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"index", 3, 1, 0, {"v", "start", "stop", NULL}};
    Value a[3];
    PARSE(spec, a);
    ArrayObject *s = SELF;
    int64_t start = 0, stop = s->len;
    if (a[1] && slice_bound(a[1], s->len, &start) < 0) return VNULL;
    if (a[2] && slice_bound(a[2], s->len, &stop) < 0) return VNULL;
    for (int64_t i = start; i < stop && i < s->len; i++) {
        int r = ar_item_eq(s, i, a[0]);
        if (r < 0) return VNULL;
        if (r) return int_from_i64(i);
    }
    return err_set(&exc_ValueError, "array.index(x): x not in array");
}

static Value m_count(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.count", 1, 1, 0, {"v", NULL}};
    Value a[1];
    PARSE(spec, a);
    ArrayObject *s = SELF;
    int64_t c = 0;
    for (int64_t i = 0; i < s->len; i++) {
        int r = ar_item_eq(s, i, a[0]);
        if (r < 0) return VNULL;
        c += r;
    }
    return int_from_i64(c);
}

static Value m_reverse(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.reverse", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    ArrayObject *s = SELF;
    int sz = s->d->size;
    char tmp[8];
    for (int64_t i = 0, j = s->len - 1; i < j; i++, j--) {
        memcpy(tmp, ar_item(s, i), (size_t)sz);
        memcpy(ar_item(s, i), ar_item(s, j), (size_t)sz);
        memcpy(ar_item(s, j), tmp, (size_t)sz);
    }
    return V_NONE;
}

static Value m_byteswap(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.byteswap", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    ArrayObject *s = SELF;
    int sz = s->d->size;
    for (int64_t i = 0; i < s->len; i++) {
        char *p = ar_item(s, i);
        for (int k = 0; k < sz / 2; k++) {
            char t = p[k];
            p[k] = p[sz - 1 - k];
            p[sz - 1 - k] = t;
        }
    }
    return V_NONE;
}

static Value m_buffer_info(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.buffer_info", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    ArrayObject *s = SELF;
    Value t[2] = {int_from_u64((uint64_t)(uintptr_t)s->data), int_from_i64(s->len)};
    return tuple_from_array(t, 2);
}

static Value m_frombytes(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"frombytes", 1, 1, 0, {"buffer", NULL}};
    Value a[1];
    PARSE(spec, a);
    BufferInfo b;
    if (buffer_get(a[0], &b, false) < 0) return VNULL;
    if (b.itemsize != 1) return err_set(&exc_TypeError, "a bytes-like object is required");
    /* the one export tracked: CPython holds the buffer of the argument while
       it resizes, so reading the array's own memory is refused */
    ArrayObject *s = SELF;
    if (a[0] == args[0] || (b.len && s->data && b.data >= s->data && b.data < s->data + s->len * s->d->size))
        return err_set(&exc_BufferError, "cannot resize an array that is exporting buffers");
    if (ar_extend_bytes(s, b.data, b.len) < 0) return VNULL;
    return V_NONE;
}

static Value m_tobytes(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.tobytes", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    ArrayObject *s = SELF;
    return bytes_new(s->data, (size_t)(s->len * s->d->size));
}

static Value m_fromlist(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.fromlist", 1, 1, 0, {"list", NULL}};
    Value a[1];
    PARSE(spec, a);
    if (!list_check(a[0])) return err_set(&exc_TypeError, "arg must be list");
    ArrayObject *s = SELF;
    int64_t old = s->len;
    for (int64_t i = 0; i < list_size(a[0]); i++) {
        if (ar_append(s, list_get(a[0], i)) < 0) {
            ar_resize(s, old);   /* all or nothing, as CPython */
            return VNULL;
        }
    }
    return V_NONE;
}

static Value m_tolist(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.tolist", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    ArrayObject *s = SELF;
    Value l = list_new(s->len);
    for (int64_t i = 0; i < s->len; i++) {
        Value x = item_get(s->d, ar_item(s, i));
        if (!x) return VNULL;
        list_append(l, x);
    }
    return l;
}

static Value m_fromunicode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"fromunicode", 1, 1, 0, {"ustr", NULL}};
    Value a[1];
    PARSE(spec, a);
    if (!str_check(a[0])) return err_format(&exc_TypeError, "fromunicode() argument must be str, not %T", a[0]);
    if (SELF->d->code != 'u')
        return err_set(&exc_ValueError, "fromunicode() may only be called on unicode type arrays");
    if (ar_extend_str(SELF, a[0]) < 0) return VNULL;
    return V_NONE;
}

static Value m_tounicode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.tounicode", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    ArrayObject *s = SELF;
    if (s->d->code != 'u') return err_set(&exc_ValueError, "tounicode() may only be called on unicode type arrays");
    Buf b;
    buf_init(&b, (size_t)s->len + 1);
    for (int64_t i = 0; i < s->len; i++) {
        uint32_t c;
        memcpy(&c, ar_item(s, i), 4);
        if (c > 0x10FFFF) return err_format(&exc_ValueError, "character U+%x is not in range [U+0000; U+10ffff]", c);
        char enc[4];
        int k = utf8_encode(c, enc);
        buf_put(&b, enc, (size_t)k);
    }
    return str_from_buf(&b);
}

static Value m_fromfile(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"fromfile", 2, 2, 0, {"f", "n", NULL}};
    Value a[2];
    PARSE(spec, a);
    int64_t n;
    if (get_ssize(a[1], &n) < 0) return VNULL;
    ArrayObject *s = SELF;
    if (n < 0) return err_set(&exc_ValueError, "negative count");
    if (n > INT64_MAX / s->d->size) return err_no_memory();
    Value nb = int_from_i64(n * s->d->size);
    Value b = obj_call_method(a[0], "read", &nb, 1);
    if (!b) return VNULL;
    if (!bytes_check(b)) return err_set(&exc_TypeError, "read() didn't return bytes");
    bool short_read = bytes_size(b) != n * s->d->size;
    if (ar_extend_bytes(s, bytes_data(b), bytes_size(b)) < 0) return VNULL;
    if (short_read) return err_set(&exc_EOFError, "read() didn't return enough bytes");
    return V_NONE;
}

static Value m_tofile(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.tofile", 1, 1, 0, {"f", NULL}};
    Value a[1];
    PARSE(spec, a);
    ArrayObject *s = SELF;
    const int64_t block = 64 * 1024;
    int64_t nbytes = s->len * s->d->size;
    /* the array may change under write(): re-read its data each block */
    for (int64_t off = 0; off < nbytes; off += block) {
        int64_t k = nbytes - off < block ? nbytes - off : block;
        if (off + k > s->len * s->d->size) break;
        Value chunk = bytes_new(s->data + off, (size_t)k);
        if (!obj_call_method(a[0], "write", &chunk, 1)) return VNULL;
    }
    return V_NONE;
}

static Value ar_copy(Value self) {
    ArrayObject *s = AR(self);
    Value r = ar_new(&array_type, s->d, s->len);   /* a plain array, as CPython */
    if (!r) return VNULL;
    if (s->len) memcpy(AR(r)->data, s->data, (size_t)(s->len * s->d->size));
    AR(r)->len = s->len;
    return r;
}

static Value m_copy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.__copy__", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    return ar_copy(args[0]);
}

static Value m_deepcopy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.__deepcopy__", 1, 1, 0, {"unused", NULL}};
    Value a[1];
    PARSE(spec, a);
    return ar_copy(args[0]);
}

static Value m_sizeof(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"array.__sizeof__", 0, 0, 0, {NULL}};
    PARSE(spec, NULL);
    ArrayObject *s = SELF;
    /* CPython's array header is 64 bytes on 64-bit machines */
    return int_from_i64(64 + s->cap * s->d->size);
}

static Value array_module_value(const char *name) {
    Value mod = import_name(str_intern_cstr("array"), V_NONE, v_int(0), VNULL);
    if (!mod) return VNULL;
    return obj_getattr_cstr(mod, name);
}

static Value m_reduce_ex(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2)
        return err_format(&exc_TypeError, "__reduce_ex__() takes exactly 1 positional argument (%zd given)",
                          (ssize_t)nargs - 1);
    Value self = args[0];
    ArrayObject *s = SELF;
    if (!int_check(args[1])) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", args[1]);
    int64_t protocol = int_as_i64_clamped(args[1], INT64_MIN, INT64_MAX);
    Value dict = obj_getattr_opt(self, str_intern_cstr("__dict__"));
    if (!dict) {
        if (err_occurred()) err_clear();
        dict = V_NONE;
    }
    Value type = V_FROM_PTR(V_OBJ(self)->type);
    Value tc = str_ascii_char(s->d->code);
    if (protocol < 3) {
        Value l = m_tolist(args, 1, VNULL);
        if (!l) return VNULL;
        Value inner[2] = {tc, l};
        Value t[3] = {type, tuple_from_array(inner, 2), dict};
        return tuple_from_array(t, 3);
    }
    Value recon = array_module_value("_array_reconstructor");
    if (!recon) return VNULL;
    Value inner[4] = {type, tc, v_int(descr_mformat(s->d)), bytes_new(s->data, (size_t)(s->len * s->d->size))};
    Value t[3] = {recon, tuple_from_array(inner, 4), dict};
    return tuple_from_array(t, 3);
}

static Value m_iadd(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__iadd__", nargs - 1, 1, 1) < 0) return VNULL;
    return array_binop(args[0], args[1], BINOP_ADD | BINOP_INPLACE);
}

static Value m_imul(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__imul__", nargs - 1, 1, 1) < 0) return VNULL;
    if (!is_index(args[1]))
        return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", args[1]);
    return array_binop(args[0], args[1], BINOP_MUL | BINOP_INPLACE);
}

/* a * n and n * a called as methods: CPython's sq_repeat wrappers want an
   index first */
static Value m_mul(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__mul__", nargs - 1, 1, 1) < 0) return VNULL;
    if (!is_index(args[1]))
        return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", args[1]);
    return array_binop(args[0], args[1], BINOP_MUL);
}

static Value m_rmul(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__rmul__", nargs - 1, 1, 1) < 0) return VNULL;
    if (!is_index(args[1]))
        return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", args[1]);
    return array_binop(args[0], args[1], BINOP_MUL);
}

static Value get_typecode(Value self) { return str_ascii_char(AR(self)->d->code); }
static Value get_itemsize(Value self) { return v_int(AR(self)->d->size); }

static int array_getbuffer(Value self, BufferInfo *out) {
    ArrayObject *a = AR(self);
    static char empty[8];
    out->data = a->data ? a->data : empty;
    out->len = a->len * a->d->size;
    out->itemsize = a->d->size;
    out->format = a->d->format;
    out->readonly = false;
    out->exports = &a->exports;
    return 0;
}

/* ---- _array_reconstructor ------------------------------------------------------------------ */

/* Decode n-byte integers of either byte order */
static Value decode_int(const unsigned char *p, int size, bool big, bool is_signed) {
    uint64_t x = 0;
    for (int k = 0; k < size; k++) x = (x << 8) | p[big ? k : size - 1 - k];
    if (is_signed && size < 8 && (x >> (size * 8 - 1)) & 1) x |= ~(uint64_t)0 << (size * 8);
    return is_signed ? int_from_i64((int64_t)x) : int_from_u64(x);
}

static Value fn_reconstructor(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_array_reconstructor", 4, 4, 0, {"arraytype", "typecode", "mformat_code", "items", NULL}};
    Value a[4];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!(v_is_ptr(a[0]) && a[0] && type_has_flag(V_OBJ(a[0])->type, TF_TYPE_SUBCLASS)))
        return err_format(&exc_TypeError, "first argument must be a type object, not %T", a[0]);
    Type *t = V_AS(Type, a[0]);
    if (!type_is_subtype(t, &array_type))
        return err_format(&exc_TypeError, "%s is not a subtype of array.array", t->tname);
    if (!str_check(a[1]) || str_len(a[1]) != 1)
        return err_format(&exc_TypeError, "_array_reconstructor() argument 2 must be a unicode character, not %T",
                          a[1]);
    const Descr *d = descr_for(str_char_at(a[1], 0));
    if (!d) return err_set(&exc_ValueError, "second argument must be a valid type code");
    if (!int_check(a[2]))
        return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", a[2]);
    int64_t mf = int_as_i64_clamped(a[2], INT64_MIN, INT64_MAX);
    if (mf < 0 || mf > MF_MAX) return err_set(&exc_ValueError, "third argument must be a valid machine format code.");
    Value items = a[3];
    if (!bytes_check(items)) return err_format(&exc_TypeError, "fourth argument should be bytes, not %T", items);
    Value tc = a[1];
    if (mf == descr_mformat(d)) {
        Value cargs[2] = {tc, items};
        return obj_call(a[0], cargs, 2, VNULL);
    }
    const unsigned char *p = (const unsigned char *)bytes_data(items);
    int64_t n = bytes_size(items);
    bool big = mf & 1 && mf > MF_INT8;
    Value conv;
    if (mf == MF_FLOAT || mf == MF_FLOAT + 1 || mf == MF_DOUBLE || mf == MF_DOUBLE + 1) {
        int size = mf >= MF_DOUBLE ? 8 : 4;
        conv = list_new(n / size);
        for (int64_t i = 0; i + size <= n; i += size) {
            unsigned char buf[8];
            for (int k = 0; k < size; k++) buf[k] = p[i + (big != NATIVE_BIG ? size - 1 - k : k)];
            double x;
            if (size == 4) {
                float f;
                memcpy(&f, buf, 4);
                x = f;
            } else memcpy(&x, buf, 8);
            list_append(conv, float_from_double(x));
        }
    } else if (mf >= MF_UTF16) {
        const char *enc = mf == MF_UTF16 ? "utf-16-le" : mf == MF_UTF16 + 1 ? "utf-16-be"
                        : mf == MF_UTF32 ? "utf-32-le" : "utf-32-be";
        Value e = str_from_cstr(enc);
        conv = obj_call_method(items, "decode", &e, 1);
        if (!conv) return VNULL;
    } else {
        static const struct { int size; bool is_signed; } fam[] = {
            {1, false}, {1, true}, {2, false}, {2, false}, {2, true}, {2, true}, {4, false}, {4, false},
            {4, true}, {4, true}, {8, false}, {8, false}, {8, true}, {8, true},
        };
        int size = fam[mf].size;
        bool is_signed = fam[mf].is_signed;
        /* the widest match of the same size and signedness, as CPython */
        for (int i = 0; i < NDESCRS; i++)
            if ((descrs[i].kind == K_SIGNED || descrs[i].kind == K_UNSIGNED) && descrs[i].size == size &&
                (descrs[i].kind == K_SIGNED) == is_signed)
                tc = str_ascii_char(descrs[i].code);
        conv = list_new(n / size);
        for (int64_t i = 0; i + size <= n; i += size) list_append(conv, decode_int(p + i, size, big, is_signed));
    }
    Value cargs[2] = {tc, conv};
    return obj_call(a[0], cargs, 2, VNULL);
}

/* ---- tables -------------------------------------------------------------------------------- */

static const MethodDef array_methods[] = {
    {"append", m_append, MF_KEYWORDS, NULL},
    {"buffer_info", m_buffer_info, MF_KEYWORDS, NULL},
    {"byteswap", m_byteswap, MF_KEYWORDS, NULL},
    {"count", m_count, MF_KEYWORDS, NULL},
    {"extend", m_extend, MF_KEYWORDS, NULL},
    {"frombytes", m_frombytes, MF_KEYWORDS, NULL},
    {"fromfile", m_fromfile, MF_KEYWORDS, NULL},
    {"fromlist", m_fromlist, MF_KEYWORDS, NULL},
    {"fromunicode", m_fromunicode, MF_KEYWORDS, NULL},
    {"index", m_index, MF_KEYWORDS, NULL},
    {"insert", m_insert, MF_KEYWORDS, NULL},
    {"pop", m_pop, MF_KEYWORDS, NULL},
    {"remove", m_remove, MF_KEYWORDS, NULL},
    {"reverse", m_reverse, MF_KEYWORDS, NULL},
    {"tobytes", m_tobytes, MF_KEYWORDS, NULL},
    {"tofile", m_tofile, MF_KEYWORDS, NULL},
    {"tolist", m_tolist, MF_KEYWORDS, NULL},
    {"tounicode", m_tounicode, MF_KEYWORDS, NULL},
    {"__copy__", m_copy, MF_KEYWORDS, NULL},
    {"__deepcopy__", m_deepcopy, MF_KEYWORDS, NULL},
    {"__reduce_ex__", m_reduce_ex, 0, NULL},
    {"__sizeof__", m_sizeof, MF_KEYWORDS, NULL},
    {"__iadd__", m_iadd, 0, NULL},
    {"__mul__", m_mul, 0, NULL},
    {"__rmul__", m_rmul, 0, NULL},
    {"__imul__", m_imul, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef array_getsets[] = {
    {"typecode", get_typecode, NULL, NULL},
    {"itemsize", get_itemsize, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef arrayiter_methods[] = {
    {"__reduce__", arrayiter_reduce, 0, NULL},
    {"__setstate__", arrayiter_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type array_type = {
    .tname = "array.array",
    .flags = TF_BASETYPE | TF_WEAKREFABLE | TF_MATCH_SEQUENCE,
    .basicsize = sizeof(ArrayObject),
    .repr = array_repr,
    .richcompare = array_richcompare,
    .binop = array_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_MUL),
    .len = array_len,
    .getitem = array_getitem,
    .setitem = array_setitem,
    .contains = array_contains,
    .iter = array_iter,
    .new_ = array_new,
    .getbuffer = array_getbuffer,
};

static Type arrayiter_type = {
    .tname = "array.arrayiterator",
    .basicsize = sizeof(ArrayIterObject),
    .iter = iter_self,
    .iternext = arrayiter_next,
};

static const MethodDef array_functions[] = {
    {"_array_reconstructor", fn_reconstructor, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value array_module_create(void) {
    if (!(array_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("array");
        array_type.name = str_intern_cstr("array");
        array_type.module = mod;
        type_add_methods(&array_type, array_methods);
        type_add_getsets(&array_type, array_getsets);
        type_ready(&array_type);
        array_type.hash = NULL;
        dict_set(array_type.dict, NAME(__hash__), V_NONE);
        /* concatenation is not reflected (CPython's sq_concat) */
        if (dict_del(array_type.dict, str_intern_cstr("__radd__")) < 0) err_clear();
        type_modified(&array_type);
        arrayiter_type.name = str_intern_cstr("arrayiterator");
        arrayiter_type.module = mod;
        type_add_methods(&arrayiter_type, arrayiter_methods);
        type_ready(&arrayiter_type);
    }
    /* as CPython: arrays are MutableSequences for isinstance() */
    Value abc = import_name(str_intern_cstr("collections.abc"), V_NONE, v_int(0), VNULL);
    if (abc) abc = obj_getattr_cstr(abc, "abc");
    Value ms = abc ? obj_getattr_cstr(abc, "MutableSequence") : VNULL;
    Value at = V_FROM_PTR(&array_type);
    if (!ms || !obj_call_method(ms, "register", &at, 1)) return VNULL;
    Value m = module_new_cstr("array");
    module_add_functions(m, array_functions);
    module_add(m, "array", V_FROM_PTR(&array_type));
    module_add(m, "ArrayType", V_FROM_PTR(&array_type));
    module_add(m, "typecodes", str_from_cstr("bBuhHiIlLqQfd"));
    return m;
}
