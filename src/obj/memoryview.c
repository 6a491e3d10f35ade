/* memoryview.c: one-dimensional views of bytes and bytearray contents.
 *
 * A view names its exporter (bytes, bytearray), a byte offset, a count of
 * items and the distance between items (`stride`, a multiple of the item
 * size when the view is a strided slice). Items are read and written with
 * a native single-character struct format (B by default; cast() changes
 * it). The exporter's data pointer is read at each access: a bytearray may
 * move its contents when it grows, and tpy does not lock it while views
 * exist (CPython raises BufferError instead), so accesses are clamped to
 * the exporter's current size.
 *
 * Not here: multi-dimensional shapes (cast with a shape of more than one
 * dimension), other exporters (array, mmap), and the buffer protocol
 * towards the methods of bytes (bytes(view) iterates the items).
 */
#include <stdio.h>

#include "../runtime.h"

typedef struct MemoryViewObject {
    Object hdr;
    Value obj;          /* the exporter */
    int64_t offset;     /* bytes from the start of the exporter's data */
    int64_t len;        /* items */
    int64_t stride;     /* bytes from one item to the next (> 0 or < 0) */
    int itemsize;
    char fmt[3];        /* "B", or "@B" as given to cast() */
    bool readonly;
    bool released;
} MemoryViewObject;

Type memoryview_type;

static inline MemoryViewObject *MV(Value v) { return V_AS(MemoryViewObject, v); }

static char fmt_char(const MemoryViewObject *m) { return m->fmt[0] == '@' ? m->fmt[1] : m->fmt[0]; }

static int fmt_itemsize(const char *f) {
    if (f[0] == '@') f++;
    if (!f[0] || f[1]) return 0;
    switch (f[0]) {
    case 'c': case 'b': case 'B': case '?': return 1;
    case 'h': case 'H': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': case 'q': case 'Q': case 'n': case 'N': case 'd': case 'P': return 8;
    }
    return 0;
}

static Value released_error(void) { return err_set(&exc_ValueError, "operation forbidden on released memoryview object"); }

/* The exporter's bytes now: base pointer and size. */
static void exporter_data(Value obj, char **p, int64_t *n) {
    const char *d = NULL;
    *n = 0;
    byteslike_view(obj, &d, n);
    *p = (char *)d;
}

/* Pointer to item i, or NULL (IndexError set) when the exporter has
 * shrunk below it. */
static char *item_ptr(MemoryViewObject *m, int64_t i) {
    char *base;
    int64_t n;
    exporter_data(m->obj, &base, &n);
    int64_t at = m->offset + i * m->stride;
    if (at < 0 || at + m->itemsize > n) {
        err_set(&exc_IndexError, "memoryview: the exporter has shrunk");
        return NULL;
    }
    return base + at;
}

static Value unpack(char f, const char *p) {
    switch (f) {
    case 'c': return bytes_new(p, 1);
    case 'b': return v_int((int8_t)p[0]);
    case 'B': return v_int((uint8_t)p[0]);
    case '?': return v_bool(p[0] != 0);
    case 'h': { int16_t x; memcpy(&x, p, 2); return v_int(x); }
    case 'H': { uint16_t x; memcpy(&x, p, 2); return v_int(x); }
    case 'i': { int32_t x; memcpy(&x, p, 4); return v_int(x); }
    case 'I': { uint32_t x; memcpy(&x, p, 4); return int_from_i64(x); }
    case 'l': case 'q': case 'n': { int64_t x; memcpy(&x, p, 8); return int_from_i64(x); }
    case 'L': case 'Q': case 'N': case 'P': { uint64_t x; memcpy(&x, p, 8); return int_from_u64(x); }
    case 'f': { float x; memcpy(&x, p, 4); return float_from_double(x); }
    case 'd': { double x; memcpy(&x, p, 8); return float_from_double(x); }
    }
    return err_set(&exc_NotImplementedError, "memoryview: unsupported format");
}

static int pack(const MemoryViewObject *m, char *p, Value v) {
    char f = fmt_char(m);
    if (f == 'c') {
        if (!bytes_check(v) || bytes_size(v) != 1) goto invalid_type;
        p[0] = bytes_data(v)[0];
        return 0;
    }
    if (f == '?') {
        int t = obj_truth(v);
        if (t < 0) return -1;
        p[0] = (char)t;
        return 0;
    }
    if (f == 'f' || f == 'd') {
        if (!int_check(v) && !type_has_flag(type_of(v), TF_FLOAT_SUBCLASS)) goto invalid_type;
        double d = obj_as_double(v);
        if (d == -1.0 && err_occurred()) return -1;
        if (f == 'f') {
            float x = (float)d;
            memcpy(p, &x, 4);
        } else {
            memcpy(p, &d, 8);
        }
        return 0;
    }
    if (!int_check(v)) goto invalid_type;
    bool is_unsigned = f == 'B' || f == 'H' || f == 'I' || f == 'L' || f == 'Q' || f == 'N' || f == 'P';
    int size = m->itemsize;
    if (is_unsigned && size == 8) {
        if (int_sign(v) < 0) goto invalid_value;
        Value lim = int_from_u64(UINT64_MAX);
        if (int_compare(v, lim) > 0) goto invalid_value;
        mpz_t z;
        mpz_init(z);
        int_to_mpz(v, z);
        uint64_t x = mpz_get_ui(z);
        mpz_clear(z);
        memcpy(p, &x, 8);
        return 0;
    }
    int64_t x = int_as_i64(v);
    if (x == -1 && err_occurred()) {
        err_clear();
        goto invalid_value;
    }
    int64_t lo, hi;
    if (is_unsigned) {
        lo = 0;
        hi = size == 1 ? 0xFF : size == 2 ? 0xFFFF : 0xFFFFFFFFLL;
    } else {
        hi = size == 1 ? 0x7F : size == 2 ? 0x7FFF : size == 4 ? 0x7FFFFFFFLL : INT64_MAX;
        lo = -hi - 1;
    }
    if (x < lo || x > hi) goto invalid_value;
    switch (size) {
    case 1: p[0] = (char)x; break;
    case 2: { int16_t y = (int16_t)x; memcpy(p, &y, 2); break; }
    case 4: { int32_t y = (int32_t)x; memcpy(p, &y, 4); break; }
    default: memcpy(p, &x, 8); break;
    }
    return 0;
invalid_type:
    err_format(&exc_TypeError, "memoryview: invalid type for format '%s'", m->fmt);
    return -1;
invalid_value:
    err_format(&exc_ValueError, "memoryview: invalid value for format '%s'", m->fmt);
    return -1;
}

static Value view_new(Value obj, int64_t offset, int64_t len, int64_t stride, int itemsize, const char *fmt,
                      bool readonly) {
    MemoryViewObject *m = (MemoryViewObject *)obj_alloc(&memoryview_type, sizeof(MemoryViewObject));
    m->obj = obj;
    m->offset = offset;
    m->len = len;
    m->stride = stride;
    m->itemsize = itemsize;
    snprintf(m->fmt, sizeof m->fmt, "%s", fmt);
    m->readonly = readonly;
    return V_FROM_PTR(m);
}

static Value mv_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"memoryview", 0, 1, 0, {"object", NULL}};
    Value out[1];
    (void)t;
    if (arg_parse(&spec, args, nargs, kwnames, out) < 0) return VNULL;
    Value o = out[0];
    if (v_is_ptr(o) && o && type_of(o) == &memoryview_type) {
        MemoryViewObject *m = MV(o);
        if (m->released) return released_error();
        return view_new(m->obj, m->offset, m->len, m->stride, m->itemsize, m->fmt, m->readonly);
    }
    const char *d;
    int64_t n;
    if (!byteslike_view(o, &d, &n))
        return err_format(&exc_TypeError, "memoryview: a bytes-like object is required, not '%s'", type_of(o)->tname);
    return view_new(o, 0, n, 1, 1, "B", bytes_check(o));
}

static MemoryViewObject *live(Value self) {
    MemoryViewObject *m = MV(self);
    if (m->released) {
        released_error();
        return NULL;
    }
    return m;
}

static int64_t mv_len(Value self) {
    MemoryViewObject *m = live(self);
    return m ? m->len : -1;
}

static Value mv_getitem(Value self, Value key) {
    MemoryViewObject *m = live(self);
    if (!m) return VNULL;
    if (slice_check(key)) {
        int64_t start, stop, step;
        int64_t n = slice_indices(key, m->len, &start, &stop, &step);
        if (n < 0) return VNULL;
        return view_new(m->obj, m->offset + start * m->stride, n, m->stride * step, m->itemsize, m->fmt, m->readonly);
    }
    if (!int_check(key) && !type_lookup(type_of(key), str_intern_cstr("__index__")))
        return err_set(&exc_TypeError, "memoryview: invalid slice key");
    int64_t i = obj_index_i64(key);
    if (i == -1 && err_occurred()) return VNULL;
    if (i < 0) i += m->len;
    if (i < 0 || i >= m->len) return err_set(&exc_IndexError, "index out of bounds on dimension 1");
    char *p = item_ptr(m, i);
    return p ? unpack(fmt_char(m), p) : VNULL;
}

static int mv_setitem(Value self, Value key, Value v) {
    MemoryViewObject *m = live(self);
    if (!m) return -1;
    if (m->readonly) {
        err_set(&exc_TypeError, "cannot modify read-only memory");
        return -1;
    }
    if (!v) {
        err_set(&exc_TypeError, "cannot delete memory");
        return -1;
    }
    if (slice_check(key)) {
        int64_t start, stop, step;
        int64_t n = slice_indices(key, m->len, &start, &stop, &step);
        if (n < 0) return -1;
        /* the source's items, read before any is written (they may overlap) */
        Value src = v;
        if (v_is_ptr(v) && v && type_of(v) == &memoryview_type) {
            MemoryViewObject *s = live(v);
            if (!s) return -1;
            if (strcmp(&s->fmt[s->fmt[0] == '@'], &m->fmt[m->fmt[0] == '@']) || s->len != n) {
                err_set(&exc_ValueError, "memoryview assignment: lvalue and rvalue have different structures");
                return -1;
            }
        } else {
            const char *d;
            int64_t sn;
            if (!byteslike_view(v, &d, &sn)) {
                err_format(&exc_TypeError, "a bytes-like object is required, not '%s'", type_of(v)->tname);
                return -1;
            }
            if (fmt_char(m) != 'B' || sn != n) {
                err_set(&exc_ValueError, "memoryview assignment: lvalue and rvalue have different structures");
                return -1;
            }
        }
        Value items = list_new(n);
        for (int64_t k = 0; k < n; k++) {
            Value x = obj_getitem(src, v_int(k));
            if (!x) return -1;
            list_append(items, x);
        }
        for (int64_t k = 0; k < n; k++) {
            char *p = item_ptr(m, start + k * step);
            if (!p || pack(m, p, list_get(items, k)) < 0) return -1;
        }
        return 0;
    }
    int64_t i = obj_index_i64(key);
    if (i == -1 && err_occurred()) return -1;
    if (i < 0) i += m->len;
    if (i < 0 || i >= m->len) {
        err_set(&exc_IndexError, "index out of bounds on dimension 1");
        return -1;
    }
    char *p = item_ptr(m, i);
    return p ? pack(m, p, v) : -1;
}

static Value mv_tolist(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("tolist", nargs - 1, 0, 0) < 0) return VNULL;
    MemoryViewObject *m = live(args[0]);
    if (!m) return VNULL;
    Value l = list_new(m->len);
    for (int64_t i = 0; i < m->len; i++) {
        char *p = item_ptr(m, i);
        Value x = p ? unpack(fmt_char(m), p) : VNULL;
        if (!x) return VNULL;
        list_append(l, x);
    }
    return l;
}

static Value mv_tobytes(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tobytes", 0, 0, 0, {"order", NULL}};
    Value out[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, out) < 0) return VNULL;
    MemoryViewObject *m = live(args[0]);
    if (!m) return VNULL;
    Value b = bytes_try_alloc((size_t)(m->len * m->itemsize));
    if (!b) return VNULL;
    char *dst = (char *)bytes_data(b);
    for (int64_t i = 0; i < m->len; i++) {
        char *p = item_ptr(m, i);
        if (!p) return VNULL;
        memcpy(dst + i * m->itemsize, p, (size_t)m->itemsize);
    }
    return b;
}

static Value mv_hex(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("hex", nargs - 1, 0, 0) < 0) return VNULL;
    Value b = mv_tobytes(args, 1, VNULL);
    if (!b) return VNULL;
    return obj_call_method(b, "hex", NULL, 0);
}

static Value mv_cast(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"cast", 0, 1, 0, {"format", "shape", NULL}};
    Value out[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, out) < 0) return VNULL;
    MemoryViewObject *m = live(args[0]);
    if (!m) return VNULL;
    if (!str_check(out[0]))
        return err_format(&exc_TypeError, "memoryview: format argument must be a string");
    const char *f = str_data(out[0]);
    int size = fmt_itemsize(f);
    if (!size || str_nbytes(out[0]) > 2)
        return err_set(&exc_ValueError,
                       "memoryview: destination format must be a native single character format prefixed with an "
                       "optional '@'");
    if (m->stride != m->itemsize && m->len > 1)
        return err_set(&exc_TypeError, "memoryview: casts are restricted to C-contiguous views");
    char src = fmt_char(m), dst = f[f[0] == '@'];
    bool src_byte = src == 'B' || src == 'b' || src == 'c', dst_byte = dst == 'B' || dst == 'b' || dst == 'c';
    if (!src_byte && !dst_byte) return err_set(&exc_TypeError, "memoryview: cannot cast between two non-byte formats");
    int64_t nbytes = m->len * m->itemsize;
    if (nbytes % size) return err_set(&exc_TypeError, "memoryview: length is not a multiple of itemsize");
    int64_t len = nbytes / size;
    if (out[1]) {
        /* one dimension only: the shape must say the length */
        Value shape = out[1];
        if (!list_check(shape) && !tuple_check(shape))
            return err_set(&exc_TypeError, "shape must be a list or a tuple");
        int64_t nd = obj_len(shape);
        if (nd != 1 || !int_check(obj_getitem(shape, v_int(0))))
            return err_set(&exc_NotImplementedError, "memoryview: tpy's views are one-dimensional");
        if (int_as_i64(obj_getitem(shape, v_int(0))) != len)
            return err_set(&exc_TypeError, "memoryview: product(shape) * itemsize != buffer size");
    }
    return view_new(m->obj, m->offset, len, size, size, f, m->readonly);
}

static Value mv_release(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("release", nargs - 1, 0, 0) < 0) return VNULL;
    MV(args[0])->released = true;
    return V_NONE;
}

static Value mv_enter(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__enter__", nargs - 1, 0, 0) < 0) return VNULL;
    if (!live(args[0])) return VNULL;
    return args[0];
}

static Value mv_exit(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    MV(args[0])->released = true;
    (void)nargs;
    return V_NONE;
}

static Value mv_toreadonly(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("toreadonly", nargs - 1, 0, 0) < 0) return VNULL;
    MemoryViewObject *m = live(args[0]);
    if (!m) return VNULL;
    return view_new(m->obj, m->offset, m->len, m->stride, m->itemsize, m->fmt, true);
}

/* The items of v for comparisons: a list, VNULL (no error) when v is
 * neither a view nor bytes-like. */
static Value items_of(Value v) {
    if (v_is_ptr(v) && v && type_of(v) == &memoryview_type) {
        Value a[1] = {v};
        return mv_tolist(a, 1, VNULL);
    }
    const char *d;
    int64_t n;
    if (!byteslike_view(v, &d, &n)) return VNULL;
    Value l = list_new(n);
    for (int64_t i = 0; i < n; i++) list_append(l, v_int((uint8_t)d[i]));
    return l;
}

static Value mv_richcompare(Value a, Value b, int op) {
    if (op != CMP_EQ && op != CMP_NE) return V_NOTIMPL;
    if (MV(a)->released || (v_is_ptr(b) && b && type_of(b) == &memoryview_type && MV(b)->released))
        return v_bool((a == b) == (op == CMP_EQ));
    Value x = items_of(a);
    if (!x) return VNULL;
    Value y = items_of(b);
    if (!y) {
        if (err_occurred()) return VNULL;
        return V_NOTIMPL;
    }
    int eq = obj_richcompare_bool(x, y, CMP_EQ);
    if (eq < 0) return VNULL;
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int64_t mv_hash(Value self) {
    MemoryViewObject *m = live(self);
    if (!m) return -1;
    if (!m->readonly) {
        err_set(&exc_ValueError, "cannot hash writable memoryview object");
        return -1;
    }
    char f = fmt_char(m);
    if (f != 'B' && f != 'b' && f != 'c') {
        err_set(&exc_ValueError, "memoryview: hashing is restricted to formats 'B', 'b' or 'c'");
        return -1;
    }
    Value a[1] = {self};
    Value b = mv_tobytes(a, 1, VNULL);
    return b ? obj_hash(b) : -1;
}

static Value mv_repr(Value self) {
    char buf[64];
    snprintf(buf, sizeof buf, MV(self)->released ? "<released memory at %p>" : "<memory at %p>", (void *)V_OBJ(self));
    return str_from_cstr(buf);
}

#define LIVE_GET(name, expr)                                   \
    static Value name(Value self) {                            \
        MemoryViewObject *m = live(self);                      \
        if (!m) return VNULL;                                  \
        return expr;                                           \
    }
LIVE_GET(mv_get_obj, m->obj)
LIVE_GET(mv_get_nbytes, int_from_i64(m->len * m->itemsize))
LIVE_GET(mv_get_readonly, v_bool(m->readonly))
LIVE_GET(mv_get_itemsize, v_int(m->itemsize))
LIVE_GET(mv_get_format, str_from_cstr(m->fmt))
LIVE_GET(mv_get_ndim, v_int(1))
LIVE_GET(mv_get_shape, tuple_pack(1, int_from_i64(m->len)))
LIVE_GET(mv_get_strides, tuple_pack(1, int_from_i64(m->stride)))
LIVE_GET(mv_get_suboffsets, tuple_new(0))
LIVE_GET(mv_get_contiguous, v_bool(m->len <= 1 || m->stride == m->itemsize))
#undef LIVE_GET

static const MethodDef mv_methods[] = {
    {"tolist", mv_tolist, 0, "Return the data in the buffer as a list of elements."},
    {"tobytes", mv_tobytes, MF_KEYWORDS, "Return the data in the buffer as a byte string."},
    {"hex", mv_hex, 0, "Return the data in the buffer as a str of hexadecimal numbers."},
    {"cast", mv_cast, MF_KEYWORDS, "Cast a memoryview to a new format or shape."},
    {"release", mv_release, 0, "Release the underlying buffer exposed by the memoryview object."},
    {"toreadonly", mv_toreadonly, 0, "Return a readonly version of the memoryview."},
    {"__enter__", mv_enter, 0, NULL},
    {"__exit__", mv_exit, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef mv_getsets[] = {
    {"obj", mv_get_obj, NULL, "The underlying object of the memoryview."},
    {"nbytes", mv_get_nbytes, NULL, "The amount of space in bytes that the array would use in a contiguous representation."},
    {"readonly", mv_get_readonly, NULL, "A bool indicating whether the memory is read only."},
    {"itemsize", mv_get_itemsize, NULL, "The size in bytes of each element of the memoryview."},
    {"format", mv_get_format, NULL, "A string containing the format (in struct module style) for each element in the view."},
    {"ndim", mv_get_ndim, NULL, "An integer indicating how many dimensions of a multi-dimensional array the memory represents."},
    {"shape", mv_get_shape, NULL, "A tuple of ndim integers giving the shape of the memory as an N-dimensional array."},
    {"strides", mv_get_strides, NULL, "A tuple of ndim integers giving the size in bytes to access each element for each dimension of the array."},
    {"suboffsets", mv_get_suboffsets, NULL, "A tuple of integers used internally for PIL-style arrays."},
    {"c_contiguous", mv_get_contiguous, NULL, "A bool indicating whether the memory is C contiguous."},
    {"f_contiguous", mv_get_contiguous, NULL, "A bool indicating whether the memory is Fortran contiguous."},
    {"contiguous", mv_get_contiguous, NULL, "A bool indicating whether the memory is contiguous."},
    {NULL, NULL, NULL, NULL},
};

Type memoryview_type = {
    .tname = "memoryview",
    .basicsize = sizeof(MemoryViewObject),
    .repr = mv_repr,
    .hash = mv_hash,
    .richcompare = mv_richcompare,
    .len = mv_len,
    .getitem = mv_getitem,
    .setitem = mv_setitem,
    .new_ = mv_new,
};

void memoryview_init(void) {
    type_add_methods(&memoryview_type, mv_methods);
    type_add_getsets(&memoryview_type, mv_getsets);
    type_ready(&memoryview_type);
}
