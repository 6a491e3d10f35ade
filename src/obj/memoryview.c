/* memoryview.c: the buffer protocol's common entry, and memoryview.
 *
 * A memoryview is a window on another object's buffer: `count` items of
 * `itemsize` bytes, the first at byte `start`, each `step` bytes after
 * the last (a negative or wide step comes from slicing). It keeps the
 * exporter, not its data pointer: every access asks the exporter for its
 * buffer again, so a bytearray that grew (and moved its data) is read
 * where it is now, and one that shrank under the view is an error
 * instead of a read out of bounds. A cast of a contiguous one-dimensional
 * view may give it another shape (zero or more dimensions, C order): such
 * a view stays contiguous (step == itemsize, count the product of its
 * shape); tpy does not slice it or make sub-views of it.
 */
#include <stdio.h>
#include <string.h>

#include "../runtime.h"

typedef struct MemoryViewObject {
    Object hdr;
    Value obj;              /* the exporter (never a memoryview) */
    int64_t start, step, count, itemsize;
    int32_t ndim;           /* 1, or another shape's (then shape holds it) */
    int64_t *shape;         /* NULL when ndim is 1 (the shape is (count,)) */
    char format[4];
    bool readonly, released;
    int64_t hash;           /* -1: not computed */
    int64_t *exports;       /* the exporter's count of live views, or NULL
                               (BufferInfo.exports); this view is in it
                               while it is not released */
} MemoryViewObject;

Type memoryview_type;

static bool mv_check(Value v) { return v_is_ptr(v) && v && V_OBJ(v)->type == &memoryview_type; }

/* Views of a counting exporter: one count per unreleased view made of the
   exporter itself, given back by release() or when the collector finds the
   view unreachable. Views derived from a view (slices, casts) do not count:
   without reference counts, the temporaries a program slices would keep
   the exporter exported until a collection. Every view rereads the
   exporter's buffer, so none dangles whatever the count says. */
static void mv_unexport(MemoryViewObject *m) {
    if (m->exports && !m->released) (*m->exports)--;
    m->exports = NULL;
}
static void mv_finalize(void *p) { mv_unexport(p); }
static MemoryViewObject *mv_derived(MemoryViewObject *m) {
    m->exports = NULL;
    return m;
}
static MemoryViewObject *mv_export(MemoryViewObject *m) {
    if (m->exports && !m->released) {
        (*m->exports)++;
        gc_register_finalizer(m, mv_finalize);
    }
    return m;
}

int buffer_get(Value v, BufferInfo *out, bool writable) {
    if (!buffer_check(v)) {
        err_format(&exc_TypeError, writable ? "argument must be read-write bytes-like object, not %T"
                                            : "a bytes-like object is required, not '%T'", v);
        return -1;
    }
    if (V_OBJ(v)->type->getbuffer(v, out) < 0) return -1;
    if (writable && out->readonly) {
        err_format(&exc_TypeError, "argument must be read-write bytes-like object, not %T", v);
        return -1;
    }
    return 0;
}

/* The view's first byte, after checking the exporter still holds it all */
static char *mv_base(MemoryViewObject *m) {
    if (m->released) return err_set(&exc_ValueError, "operation forbidden on released memoryview object"), NULL;
    BufferInfo b;
    if (V_OBJ(m->obj)->type->getbuffer(m->obj, &b) < 0) return NULL;
    int64_t lo = m->start, hi = m->start;
    if (m->count > 0) {
        int64_t last = m->start + (m->count - 1) * m->step;
        if (last < lo) lo = last;
        if (last > hi) hi = last;
        hi += m->itemsize;
    }
    if (lo < 0 || hi > b.len)
        return err_set(&exc_IndexError, "memoryview: underlying buffer is smaller than the view"), NULL;
    return b.data;
}

static bool mv_contiguous(MemoryViewObject *m) { return m->step == m->itemsize || m->count <= 1; }

/* ---- items by format --------------------------------------------------------------------- */

static int64_t format_size(const char *f) {
    if (*f == '@') f++;
    if (!f[0] || f[1]) return -1;
    switch (f[0]) {
    case 'c': case 'b': case 'B': case '?': return 1;
    case 'h': case 'H': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': case 'q': case 'Q': case 'n': case 'N': case 'd': case 'P': return 8;
    default: return -1;
    }
}

static char format_code(MemoryViewObject *m) { return m->format[0] == '@' ? m->format[1] : m->format[0]; }

static Value unpack_item(MemoryViewObject *m, const char *p) {
    switch (format_code(m)) {
    case 'B': return v_int(*(const uint8_t *)p);
    case 'b': return v_int(*(const int8_t *)p);
    case 'c': return bytes_new(p, 1);
    case '?': return v_bool(*p != 0);
    case 'h': { int16_t x; memcpy(&x, p, 2); return v_int(x); }
    case 'H': { uint16_t x; memcpy(&x, p, 2); return v_int(x); }
    case 'i': { int32_t x; memcpy(&x, p, 4); return v_int(x); }
    case 'I': { uint32_t x; memcpy(&x, p, 4); return v_int(x); }
    case 'l': case 'q': case 'n': { int64_t x; memcpy(&x, p, 8); return int_from_i64(x); }
    case 'L': case 'Q': case 'N': case 'P': { uint64_t x; memcpy(&x, p, 8); return int_from_u64(x); }
    case 'f': { float x; memcpy(&x, p, 4); return float_from_double(x); }
    case 'd': { double x; memcpy(&x, p, 8); return float_from_double(x); }
    }
    return err_format(&exc_NotImplementedError, "memoryview: format %s not supported", m->format);
}

static int pack_item(MemoryViewObject *m, char *p, Value v) {
    char c = format_code(m);
    if (c == 'f' || c == 'd') {
        double d = obj_as_double(v);
        if (d == -1.0 && err_occurred()) {
            err_format(&exc_TypeError, "memoryview: invalid type for format '%s'", m->format);
            return -1;
        }
        if (c == 'f') {
            float f = (float)d;
            memcpy(p, &f, 4);
        } else memcpy(p, &d, 8);
        return 0;
    }
    if (c == 'c') {
        if (!bytes_check(v) || bytes_size(v) != 1) {
            err_format(&exc_ValueError, "memoryview: invalid value for format '%s'", m->format);
            return -1;
        }
        *p = bytes_data(v)[0];
        return 0;
    }
    if (c == '?') {
        int t = obj_truth(v);
        if (t < 0) return -1;
        *p = (char)t;
        return 0;
    }
    if (!int_check(v)) {
        /* anything with __index__, as struct's integer codes */
        v = obj_index(v);
        if (!v) {
            if (err_matches(&exc_TypeError)) {
                err_clear();
                err_format(&exc_TypeError, "memoryview: invalid type for format '%s'", m->format);
            }
            return -1;
        }
    }
    bool is_unsigned = c == 'B' || c == 'H' || c == 'I' || c == 'L' || c == 'Q' || c == 'N' || c == 'P';
    int64_t lo, hi;
    switch (m->itemsize) {
    case 1: lo = is_unsigned ? 0 : INT8_MIN; hi = is_unsigned ? UINT8_MAX : INT8_MAX; break;
    case 2: lo = is_unsigned ? 0 : INT16_MIN; hi = is_unsigned ? UINT16_MAX : INT16_MAX; break;
    case 4: lo = is_unsigned ? 0 : INT32_MIN; hi = is_unsigned ? (int64_t)UINT32_MAX : INT32_MAX; break;
    default: lo = is_unsigned ? 0 : INT64_MIN; hi = INT64_MAX; break;
    }
    /* (unsigned 8-byte items above 2**63 - 1 are refused: tpy stores them
       only through the struct module) */
    int64_t x;
    if (!v_is_int(v) || (x = v_intval(v)) < lo || x > hi) {
        err_format(&exc_ValueError, "memoryview: invalid value for format '%s'", m->format);
        return -1;
    }
    switch (m->itemsize) {
    case 1: *p = (char)x; break;
    case 2: { int16_t y = (int16_t)x; memcpy(p, &y, 2); break; }
    case 4: { int32_t y = (int32_t)x; memcpy(p, &y, 4); break; }
    default: memcpy(p, &x, 8); break;
    }
    return 0;
}

/* ---- making views ------------------------------------------------------------------------ */

static Value mv_from(Value obj) {
    if (mv_check(obj)) {
        MemoryViewObject *src = V_AS(MemoryViewObject, obj);
        if (src->released) return err_set(&exc_ValueError, "operation forbidden on released memoryview object");
        MemoryViewObject *m = (MemoryViewObject *)obj_alloc(&memoryview_type, sizeof *m);
        *m = *src;
        m->hash = -1;
        return V_FROM_PTR(mv_derived(m));
    }
    if (!buffer_check(obj))
        return err_format(&exc_TypeError, "memoryview: a bytes-like object is required, not '%T'", obj);
    BufferInfo b;
    b.owner = VNULL;
    b.exports = NULL;
    if (V_OBJ(obj)->type->getbuffer(obj, &b) < 0) return VNULL;
    if (b.owner) return mv_from(b.owner);
    MemoryViewObject *m = (MemoryViewObject *)obj_alloc(&memoryview_type, sizeof *m);
    m->obj = obj;
    m->itemsize = b.itemsize > 0 ? b.itemsize : 1;
    m->start = 0;
    m->step = m->itemsize;
    m->count = b.len / m->itemsize;
    m->ndim = 1;
    m->shape = NULL;
    snprintf(m->format, sizeof m->format, "%s", b.format ? b.format : "B");
    m->readonly = b.readonly;
    m->hash = -1;
    m->exports = b.exports;
    return V_FROM_PTR(mv_export(m));
}

Value memoryview_new(Value obj) { return mv_from(obj); }

static const ArgSpec mv_args = {"memoryview", 0, 1, 0, {"object", NULL}};
static Value mv_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&mv_args, args, nargs, kwnames, a) < 0) return VNULL;
    return mv_from(a[0]);
}

/* A memoryview's own buffer: contiguous views export their memory; others
   a read-only copy */
static Value mv_tobytes_raw(MemoryViewObject *m);
static int mv_getbuffer(Value self, BufferInfo *out) {
    MemoryViewObject *m = V_AS(MemoryViewObject, self);
    char *base = mv_base(m);
    if (!base) return -1;
    if (mv_contiguous(m)) {
        out->data = base + m->start;
        out->len = m->count * m->itemsize;
        out->readonly = m->readonly;
    } else {
        Value copy = mv_tobytes_raw(m);
        if (!copy) return -1;
        out->data = (char *)bytes_data(copy);
        out->len = bytes_size(copy);
        out->readonly = true;
    }
    out->itemsize = m->itemsize;
    out->format = m->format;
    return 0;
}

static Value mv_tobytes_raw(MemoryViewObject *m) {
    char *base = mv_base(m);
    if (!base) return VNULL;
    Value r = bytes_alloc((size_t)(m->count * m->itemsize));
    char *d = (char *)bytes_data(r);
    for (int64_t i = 0; i < m->count; i++) memcpy(d + i * m->itemsize, base + m->start + i * m->step, (size_t)m->itemsize);
    return r;
}

/* ---- the sequence protocol -------------------------------------------------------------- */

static int64_t mv_len(Value self) {
    MemoryViewObject *m = V_AS(MemoryViewObject, self);
    if (m->released) return err_set(&exc_ValueError, "operation forbidden on released memoryview object"), -1;
    return m->ndim == 1 ? m->count : m->ndim == 0 ? 1 : m->shape[0];
}

/* The item of a view of another shape at index tuple key (C order); -1
   with the error as CPython's */
static int mv_multi_index(MemoryViewObject *m, Value key, int64_t *flat) {
    int64_t n = tuple_size(key);
    if (n < m->ndim) return err_set(&exc_NotImplementedError, "sub-views are not implemented"), -1;
    if (n > m->ndim) {
        err_format(&exc_TypeError, "cannot index %d-dimension view with %zd-element tuple", (int)m->ndim, (ssize_t)n);
        return -1;
    }
    int64_t at = 0;
    for (int64_t k = 0; k < n; k++) {
        Value x = tuple_get(key, k);
        if (!int_check(x)) {
            x = obj_index(x);
            if (!x) {
                if (err_matches(&exc_TypeError)) {
                    err_clear();
                    err_set(&exc_TypeError, "memoryview: invalid slice key");
                }
                return -1;
            }
        }
        int64_t i = v_is_int(x) ? v_intval(x) : INT64_MAX, dim = m->shape[k];
        if (i < 0) i += dim;
        if (i < 0 || i >= dim) {
            err_format(&exc_IndexError, "index out of bounds on dimension %d", (int)k + 1);
            return -1;
        }
        at = at * dim + i;
    }
    *flat = at;
    return 0;
}

/* Indexing a view of another shape with anything but a full index tuple */
static int mv_shaped_key_error(MemoryViewObject *m, Value key) {
    if (slice_check(key))
        return err_set(&exc_NotImplementedError, "memoryview: tpy does not slice views of more or fewer than one dimension"), -1;
    if (m->ndim == 0) return err_set(&exc_TypeError, "invalid indexing of 0-dim memory"), -1;
    return err_set(&exc_NotImplementedError, "multi-dimensional sub-views are not implemented"), -1;
}

static int mv_index(MemoryViewObject *m, Value key, int64_t *out) {
    int64_t i;
    if (v_is_int(key)) i = v_intval(key);
    else {
        Value n = obj_index(key);
        if (!n) {
            if (err_matches(&exc_TypeError)) {
                err_clear();
                err_set(&exc_TypeError, "memoryview: invalid slice key");
            }
            return -1;
        }
        if (!v_is_int(n)) return err_set(&exc_IndexError, "index out of bounds on dimension 1"), -1;
        i = v_intval(n);
    }
    if (i < 0) i += m->count;
    if (i < 0 || i >= m->count) return err_set(&exc_IndexError, "index out of bounds on dimension 1"), -1;
    *out = i;
    return 0;
}

/* Indexes are converted first (__index__ may release the view), and the
   memory read after; a slice is a view taken before its bounds are
   converted, so it stays valid, as CPython's. */
static Value mv_getitem(Value self, Value key) {
    MemoryViewObject *m = V_AS(MemoryViewObject, self);
    char *base;
    if (m->released) return err_set(&exc_ValueError, "operation forbidden on released memoryview object");
    if (key == V_ELLIPSIS) {
        if (m->ndim == 0) return self;
        return err_set(&exc_TypeError, "memoryview: invalid slice key");
    }
    if (m->ndim != 1) {
        int64_t flat;
        if (!tuple_check(key)) return mv_shaped_key_error(m, key), VNULL;
        if (mv_multi_index(m, key, &flat) < 0 || !(base = mv_base(m))) return VNULL;
        return unpack_item(m, base + m->start + flat * m->step);
    }
    if (slice_check(key)) {
        int64_t a, b, st;
        int64_t n = slice_indices(key, m->count, &a, &b, &st);
        if (n < 0) return VNULL;
        MemoryViewObject *r = (MemoryViewObject *)obj_alloc(&memoryview_type, sizeof *r);
        *r = *m;
        r->start = m->start + a * m->step;
        r->step = m->step * st;
        r->count = n;
        r->hash = -1;
        r->released = false;
        if (!mv_base(r)) return VNULL;   /* the exporter may have shrunk */
        return V_FROM_PTR(mv_derived(r));
    }
    if (tuple_check(key)) return err_set(&exc_NotImplementedError, "multi-dimensional sub-views are not implemented");
    int64_t i;
    if (mv_index(m, key, &i) < 0 || !(base = mv_base(m))) return VNULL;
    return unpack_item(m, base + m->start + i * m->step);
}

static int mv_setitem(Value self, Value key, Value v) {
    MemoryViewObject *m = V_AS(MemoryViewObject, self);
    char *base = mv_base(m);
    if (!base) return -1;
    if (m->readonly) return err_set(&exc_TypeError, "cannot modify read-only memory"), -1;
    if (!v) return err_set(&exc_TypeError, "cannot delete memory"), -1;
    if (m->ndim != 1) {
        int64_t flat;
        if (!tuple_check(key)) return mv_shaped_key_error(m, key);
        if (mv_multi_index(m, key, &flat) < 0) return -1;
        char item[8];
        if (pack_item(m, item, v) < 0) return -1;
        base = mv_base(m);
        if (!base) return -1;
        memcpy(base + m->start + flat * m->step, item, (size_t)m->itemsize);
        return 0;
    }
    if (slice_check(key)) {
        int64_t a, b, st;
        int64_t n = slice_indices(key, m->count, &a, &b, &st);
        if (n < 0) return -1;
        BufferInfo src;
        if (buffer_get(v, &src, false) < 0) return -1;
        if (format_size(src.format ? src.format : "B") != m->itemsize || src.len != n * m->itemsize) {
            err_set(&exc_ValueError, "memoryview assignment: lvalue and rvalue have different structures");
            return -1;
        }
        /* the source may be this very memory: copy it out first */
        char *tmp = gc_alloc_atomic((size_t)src.len + 1);
        memcpy(tmp, src.data, (size_t)src.len);
        base = mv_base(m);
        if (!base) return -1;
        for (int64_t i = 0; i < n; i++)
            memcpy(base + m->start + (a + i * st) * m->step, tmp + i * m->itemsize, (size_t)m->itemsize);
        return 0;
    }
    int64_t i;
    if (mv_index(m, key, &i) < 0) return -1;
    char item[8];
    if (pack_item(m, item, v) < 0) return -1;
    base = mv_base(m);   /* packing ran Python code (__index__, __float__) */
    if (!base) return -1;
    memcpy(base + m->start + i * m->step, item, (size_t)m->itemsize);
    return 0;
}

/* the nested lists of dimension d on, from item *next on (C order) */
static Value mv_tolist_dim(MemoryViewObject *m, const char *base, int d, int64_t *next) {
    if (d == m->ndim) return unpack_item(m, base + m->start + (*next)++ * m->step);
    Value l = list_new(m->shape[d]);
    for (int64_t i = 0; i < m->shape[d]; i++) {
        Value x = mv_tolist_dim(m, base, d + 1, next);
        if (!x) return VNULL;
        list_append(l, x);
    }
    return l;
}

static Value mv_tolist_raw(MemoryViewObject *m) {
    char *base = mv_base(m);
    if (!base) return VNULL;
    if (m->ndim != 1) {
        int64_t next = 0;
        return mv_tolist_dim(m, base, 0, &next);
    }
    Value l = list_new(m->count);
    for (int64_t i = 0; i < m->count; i++) {
        Value x = unpack_item(m, base + m->start + i * m->step);
        if (!x) return VNULL;
        list_append(l, x);
    }
    return l;
}

static Value mv_iter(Value self) {
    MemoryViewObject *m = V_AS(MemoryViewObject, self);
    if (m->ndim == 0) return err_set(&exc_TypeError, "invalid indexing of 0-dim memory");
    if (m->ndim > 1) return err_set(&exc_NotImplementedError, "multi-dimensional sub-views are not implemented");
    Value l = mv_tolist_raw(m);
    return l ? obj_iter(l) : VNULL;
}

static Value mv_richcompare(Value a, Value b, int op) {
    if (op != CMP_EQ && op != CMP_NE) return V_NOTIMPL;
    if (!buffer_check(b)) return V_NOTIMPL;
    MemoryViewObject *m = V_AS(MemoryViewObject, a);
    if (m->released || (mv_check(b) && V_AS(MemoryViewObject, b)->released)) {
        bool same = a == b;
        return v_bool(op == CMP_EQ ? same : !same);
    }
    Value other = mv_check(b) ? b : mv_from(b);
    if (!other) return VNULL;
    MemoryViewObject *o = V_AS(MemoryViewObject, other);
    bool same_shape = m->ndim == o->ndim;
    for (int k = 0; same_shape && m->ndim != 1 && k < m->ndim; k++) same_shape = m->shape[k] == o->shape[k];
    if (m->ndim == 1 && same_shape) same_shape = m->count == o->count;
    if (!same_shape) return v_bool(op == CMP_NE);
    Value x = mv_tolist_raw(m), y = x ? mv_tolist_raw(V_AS(MemoryViewObject, other)) : VNULL;
    if (!y) return VNULL;
    return obj_richcompare(x, y, op);
}

static int64_t mv_hash(Value self) {
    MemoryViewObject *m = V_AS(MemoryViewObject, self);
    if (m->hash != -1) return m->hash;
    if (!m->readonly) return err_set(&exc_ValueError, "cannot hash writable memoryview object"), -1;
    if (obj_hash(m->obj) == -1 && err_occurred()) return -1;   /* the exporter must be hashable too */
    char c = format_code(m);
    if (c != 'B' && c != 'b' && c != 'c')
        return err_set(&exc_ValueError, "memoryview: hashing is restricted to formats 'B', 'b' or 'c'"), -1;
    Value bytes = mv_tobytes_raw(m);
    if (!bytes) return -1;
    m->hash = obj_hash(bytes);
    return m->hash;
}

static Value mv_repr(Value self) {
    MemoryViewObject *m = V_AS(MemoryViewObject, self);
    return str_printf(m->released ? "<released memory at %p>" : "<memory at %p>", (void *)V_OBJ(self));
}

/* ---- methods and attributes -------------------------------------------------------------- */

#define MV_SELF(name)                                                                  \
    MemoryViewObject *m = V_AS(MemoryViewObject, args[0]);                             \
    if (m->released) return err_set(&exc_ValueError, "operation forbidden on released memoryview object")

static Value mv_tobytes(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"tobytes", 0, 0, 0, {"order", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    MV_SELF("tobytes");
    return mv_tobytes_raw(m);
}

static Value mv_tolist(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("tolist", nargs - 1, 0, 0) < 0) return VNULL;
    MV_SELF("tolist");
    return mv_tolist_raw(m);
}

static Value mv_hex(Value *args, size_t nargs, Value kwnames) {
    MV_SELF("hex");
    Value b = mv_tobytes_raw(m);
    if (!b) return VNULL;
    Value hex = obj_getattr_cstr(b, "hex");
    return hex ? obj_call(hex, args + 1, nargs - 1, kwnames) : VNULL;
}

static Value mv_release(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("release", nargs - 1, 0, 0) < 0) return VNULL;
    mv_unexport(V_AS(MemoryViewObject, args[0]));
    V_AS(MemoryViewObject, args[0])->released = true;
    return V_NONE;
}

static Value mv_enter(Value *args, size_t nargs, Value kwnames) {
    MV_SELF("__enter__");
    (void)m;
    return args[0];
}

static Value mv_exit(Value *args, size_t nargs, Value kwnames) {
    mv_unexport(V_AS(MemoryViewObject, args[0]));
    V_AS(MemoryViewObject, args[0])->released = true;
    return V_NONE;
}

static Value mv_toreadonly(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("toreadonly", nargs - 1, 0, 0) < 0) return VNULL;
    MV_SELF("toreadonly");
    MemoryViewObject *r = (MemoryViewObject *)obj_alloc(&memoryview_type, sizeof *r);
    *r = *m;
    r->readonly = true;
    r->hash = -1;
    return V_FROM_PTR(mv_derived(r));
}

static Value shape_of(Value v) { return tuple_check(v) ? v : tuple_from_iterable(v); }

/* cast(format[, shape]): between a byte format and any other, from one
   dimension to a shape or from a shape to one dimension */
static Value mv_cast(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"cast", 0, 1, 0, {"format", "shape", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    MV_SELF("cast");
    if (!str_check(a[0])) return err_set(&exc_TypeError, "memoryview: format argument must be a string");
    if (!mv_contiguous(m)) return err_set(&exc_TypeError, "memoryview: casts are restricted to C-contiguous views");
    const char *f = str_data(a[0]);
    int64_t size = format_size(f);
    if (size < 0 || strlen(f) >= sizeof m->format)
        return err_set(&exc_ValueError,
                       "memoryview: destination format must be a native single character format prefixed with an optional '@'");
    char src = format_code(m), dst = f[0] == '@' ? f[1] : f[0];
    bool src_byte = src == 'B' || src == 'b' || src == 'c', dst_byte = dst == 'B' || dst == 'b' || dst == 'c';
    if (!src_byte && !dst_byte) return err_set(&exc_TypeError, "memoryview: cannot cast between two non-byte formats");
    int64_t nbytes = m->count * m->itemsize;
    if (nbytes % size) return err_set(&exc_TypeError, "memoryview: length is not a multiple of itemsize");
    if (a[1]) {
        if (!tuple_check(a[1]) && !list_check(a[1])) return err_set(&exc_TypeError, "shape must be a list or a tuple");
    }
    int64_t ndim = a[1] ? tuple_size(shape_of(a[1])) : 1;
    if (ndim > 64) return err_set(&exc_ValueError, "memoryview: number of dimensions must not exceed 64");
    if (m->ndim != 1 && ndim != 1) return err_set(&exc_TypeError, "memoryview: cast must be 1D -> ND or ND -> 1D");
    int64_t *dims = NULL;
    if (a[1]) {
        Value shape = shape_of(a[1]);
        dims = gc_alloc_atomic(sizeof(int64_t) * (size_t)(ndim ? ndim : 1));
        int64_t product = 1;
        for (int64_t k = 0; k < ndim; k++) {
            Value x = tuple_get(shape, k);
            if (!v_is_int(x) || v_intval(x) <= 0)
                return err_set(&exc_ValueError, "memoryview.cast(): elements of shape must be integers > 0");
            dims[k] = v_intval(x);
            if (product > INT64_MAX / dims[k]) return err_set(&exc_ValueError, "memoryview.cast(): product(shape) > SSIZE_MAX");
            product *= dims[k];
        }
        if (product * size != nbytes) return err_set(&exc_TypeError, "memoryview: product(shape) * itemsize != buffer size");
    }
    MemoryViewObject *r = (MemoryViewObject *)obj_alloc(&memoryview_type, sizeof *r);
    *r = *m;
    r->ndim = (int32_t)ndim;
    r->shape = ndim == 1 ? NULL : dims;
    snprintf(r->format, sizeof r->format, "%s", f);
    r->itemsize = size;
    r->step = size;
    r->count = nbytes / size;
    r->hash = -1;
    return V_FROM_PTR(mv_derived(r));
}

static Value mv_raw_obj(Value v) { return V_AS(MemoryViewObject, v)->obj; }
static Value mv_raw_nbytes(Value v) {
    MemoryViewObject *m = V_AS(MemoryViewObject, v);
    return int_from_i64(m->count * m->itemsize);
}
static Value mv_raw_readonly(Value v) { return v_bool(V_AS(MemoryViewObject, v)->readonly); }
static Value mv_raw_itemsize(Value v) { return v_int(V_AS(MemoryViewObject, v)->itemsize); }
static Value mv_raw_format(Value v) { return str_from_cstr(V_AS(MemoryViewObject, v)->format); }
static Value mv_raw_ndim(Value v) { return v_int(V_AS(MemoryViewObject, v)->ndim); }
static Value mv_raw_shape(Value v) {
    MemoryViewObject *m = V_AS(MemoryViewObject, v);
    if (m->ndim == 1) return tuple_pack(1, int_from_i64(m->count));
    Value t = list_new(m->ndim);
    for (int k = 0; k < m->ndim; k++) list_append(t, int_from_i64(m->shape[k]));
    return tuple_from_array(list_items(t), m->ndim);
}
/* C order: each dimension's stride is the product of the later ones */
static Value mv_raw_strides(Value v) {
    MemoryViewObject *m = V_AS(MemoryViewObject, v);
    if (m->ndim == 1) return tuple_pack(1, int_from_i64(m->step));
    Value t = list_new(m->ndim);
    int64_t stride = m->itemsize;
    for (int k = m->ndim - 1; k >= 0; k--) {
        list_append(t, int_from_i64(stride));
        stride *= m->shape[k];
    }
    list_reverse(t);
    return tuple_from_array(list_items(t), m->ndim);
}
/* Fortran order too when at most one dimension is longer than 1 */
static Value mv_raw_f_contiguous(Value v) {
    MemoryViewObject *m = V_AS(MemoryViewObject, v);
    if (m->ndim == 1) return v_bool(mv_contiguous(m));
    int longer = 0;
    for (int k = 0; k < m->ndim; k++) longer += m->shape[k] > 1;
    return v_bool(longer <= 1);
}
static Value mv_raw_suboffsets(Value v) { return tuple_empty; }
static Value mv_raw_contiguous(Value v) { return v_bool(mv_contiguous(V_AS(MemoryViewObject, v))); }
static Value mv_get_released(Value v) { return v_bool(V_AS(MemoryViewObject, v)->released); }

/* Every attribute but `released` is forbidden on a released view, as CPython's */
#define MV_CHECKED_GETTER(name)                                                        \
    static Value mv_get_##name(Value v) {                                              \
        if (V_AS(MemoryViewObject, v)->released)                                       \
            return err_set(&exc_ValueError, "operation forbidden on released memoryview object"); \
        return mv_raw_##name(v);                                                       \
    }
MV_CHECKED_GETTER(obj)
MV_CHECKED_GETTER(nbytes)
MV_CHECKED_GETTER(readonly)
MV_CHECKED_GETTER(itemsize)
MV_CHECKED_GETTER(format)
MV_CHECKED_GETTER(ndim)
MV_CHECKED_GETTER(shape)
MV_CHECKED_GETTER(strides)
MV_CHECKED_GETTER(f_contiguous)
MV_CHECKED_GETTER(suboffsets)
MV_CHECKED_GETTER(contiguous)

static const MethodDef mv_methods[] = {
    {"tobytes", mv_tobytes, MF_KEYWORDS, NULL},
    {"tolist", mv_tolist, 0, NULL},
    {"hex", mv_hex, MF_KEYWORDS, NULL},
    {"release", mv_release, 0, NULL},
    {"toreadonly", mv_toreadonly, 0, NULL},
    {"cast", mv_cast, MF_KEYWORDS, NULL},
    {"__enter__", mv_enter, 0, NULL},
    {"__exit__", mv_exit, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef mv_getsets[] = {
    {"obj", mv_get_obj, NULL, NULL},
    {"nbytes", mv_get_nbytes, NULL, NULL},
    {"readonly", mv_get_readonly, NULL, NULL},
    {"itemsize", mv_get_itemsize, NULL, NULL},
    {"format", mv_get_format, NULL, NULL},
    {"ndim", mv_get_ndim, NULL, NULL},
    {"shape", mv_get_shape, NULL, NULL},
    {"strides", mv_get_strides, NULL, NULL},
    {"suboffsets", mv_get_suboffsets, NULL, NULL},
    {"c_contiguous", mv_get_contiguous, NULL, NULL},
    {"f_contiguous", mv_get_f_contiguous, NULL, NULL},
    {"contiguous", mv_get_contiguous, NULL, NULL},
    {"released", mv_get_released, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

Type memoryview_type = {
    .tname = "memoryview",
    .sig = &mv_args,
    .flags = TF_WEAKREFABLE | TF_MATCH_SEQUENCE,
    .basicsize = sizeof(MemoryViewObject),
    .repr = mv_repr,
    .hash = mv_hash,
    .richcompare = mv_richcompare,
    .len = mv_len,
    .getitem = mv_getitem,
    .setitem = mv_setitem,
    .iter = mv_iter,
    .new_ = mv_new,
    .getbuffer = mv_getbuffer,
};

void memoryview_init(void) {
    type_add_methods(&memoryview_type, mv_methods);
    type_add_getsets(&memoryview_type, mv_getsets);
    type_ready(&memoryview_type);
}
