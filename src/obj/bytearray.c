/* bytearray.c: mutable byte strings: the type, item and slice assignment,
 * in-place operators and the mutating methods (append, extend, pop,
 * remove, insert, clear, copy, reverse). The methods shared with bytes
 * (find, split, upper, decode, ...) come from bytes.c. */
#include "../runtime.h"

Type bytearray_type, bytearrayiter_type;

/* sizes beyond this raise MemoryError */
#define BA_MAX ((int64_t)1 << 40)

static inline ByteArrayObject *BA(Value v) { return V_AS(ByteArrayObject, v); }

static Value ba_alloc(Type *t, int64_t cap) {
    ByteArrayObject *o = (ByteArrayObject *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(ByteArrayObject));
    o->data = gc_alloc_atomic((size_t)cap + 1);
    o->data[0] = 0;
    o->capacity = cap;
    o->size = 0;
    return V_FROM_PTR(o);
}

Value bytearray_new(const char *data, size_t n) {
    Value v = ba_alloc(&bytearray_type, (int64_t)n);
    if (n) memcpy(BA(v)->data, data, n);
    BA(v)->size = (int64_t)n;
    BA(v)->data[n] = 0;
    return v;
}

/* Room for `need` bytes. A new block is allocated and the old one left to
 * the collector (see bytearray.h). */
static int ba_reserve(Value v, int64_t need) {
    ByteArrayObject *o = BA(v);
    if (need <= o->capacity) return 0;
    if (need > BA_MAX) {
        err_no_memory();
        return -1;
    }
    int64_t cap = o->capacity + (o->capacity >> 1) + 16;
    if (cap < need) cap = need;
    char *nd = gc_try_alloc_atomic((size_t)cap + 1);
    if (!nd) {
        /* short of memory: an eighth more (still geometric), as CPython */
        cap = o->capacity + (o->capacity >> 3) + 16;
        if (cap < need) cap = need;
        nd = gc_try_alloc_atomic((size_t)cap + 1);
    }
    if (!nd) {
        err_no_memory();
        return -1;
    }
    memcpy(nd, o->data, (size_t)o->size);
    nd[o->size] = 0;
    o->data = nd;
    o->capacity = cap;
    return 0;
}

int bytearray_resize(Value v, int64_t n) {
    if (n < 0) n = 0;
    if (ba_reserve(v, n) < 0) return -1;
    BA(v)->size = n;
    BA(v)->data[n] = 0;
    return 0;
}

/* Replace bytes [lo, hi) by p[0..m) (p must not point into v). */
static int ba_splice(Value v, int64_t lo, int64_t hi, const char *p, int64_t m) {
    ByteArrayObject *o = BA(v);
    int64_t n = o->size, tail = n - hi, nn = n - (hi - lo) + m;
    if (ba_reserve(v, nn) < 0) return -1;
    char *d = o->data;
    memmove(d + lo + m, d + hi, (size_t)tail);
    if (m) memcpy(d + lo, p, (size_t)m);
    o->size = nn;
    d[nn] = 0;
    return 0;
}

static int ba_append_bytes(Value v, const char *p, int64_t m) {
    return ba_splice(v, BA(v)->size, BA(v)->size, p, m);
}

/* A private copy of a bytes-like object's contents (it may be v itself). */
static const char *copy_view(const char *p, int64_t n) {
    char *c = gc_alloc_atomic((size_t)n + 1);
    if (n) memcpy(c, p, (size_t)n);
    return c;
}

static bool has_index(Value v) {
    if (int_check(v)) return true;
    return v_is_ptr(v) && v && type_lookup(V_OBJ(v)->type, NAME(__index__)) != VNULL;
}

/* ---- slots ------------------------------------------------------------------------------- */

static Value ba_repr(Value v) {
    Buf b;
    buf_init(&b, (size_t)BA(v)->size + 16);
    buf_puts(&b, type_of(v)->tname);
    buf_putc(&b, '(');
    bytes_repr_into(&b, BA(v)->data, BA(v)->size, true);
    buf_putc(&b, ')');
    return str_from_buf(&b);
}

static int64_t ba_len(Value v) { return BA(v)->size; }

/* An index key as an int64 (IndexError for huge ones), or -1 with an
 * error when key is no index at all. */
static int ba_index_key(Value key, int64_t *out) {
    if (v_is_int(key)) {
        *out = v_intval(key);
        return 0;
    }
    if (!has_index(key)) {
        err_format(&exc_TypeError, "bytearray indices must be integers or slices, not %T", key);
        return -1;
    }
    int64_t i = obj_index_i64(key);
    if (i == -1 && err_occurred()) return -1;
    *out = i;
    return 0;
}

static Value ba_getitem(Value v, Value key) {
    if (slice_check(key)) {
        int64_t a, b, c;
        /* the size after the bounds' __index__ methods ran (misc.h, SliceBounds) */
        SliceBounds sb;
        if (slice_unpack_obj(key, &sb) < 0) return VNULL;
        int64_t n = slice_adjust(&sb, BA(v)->size, &a, &b, &c);
        Value r = bytearray_new(NULL, 0);
        if (bytearray_resize(r, n) < 0) return VNULL;
        char *o = BA(r)->data;
        const char *d = BA(v)->data;
        for (int64_t k = 0, j = a; k < n; k++, j += c) o[k] = d[j];
        return r;
    }
    int64_t i;
    if (ba_index_key(key, &i) < 0) return VNULL;
    if (i < 0) i += BA(v)->size;
    if (i < 0 || i >= BA(v)->size) return err_set(&exc_IndexError, "bytearray index out of range");
    return v_int((unsigned char)BA(v)->data[i]);
}

/* The bytes a slice assignment stores: a private copy. */
static const char *slice_source(Value v, Value val, int64_t *m) {
    const char *p;
    if (byteslike_view(val, &p, m)) return copy_view(p, *m);
    if (int_check(val) || float_check(val) || str_check(val) || has_index(val)) {
        err_set(&exc_TypeError, "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
        return NULL;
    }
    (void)v;
    Buf b;
    buf_init(&b, 16);
    if (bytes_collect_iterable(val, "bytearray", &b) < 0) return NULL;
    *m = (int64_t)b.len;
    return b.data;
}

static int ba_ass_slice(Value v, Value key, Value val) {
    const char *src = NULL;
    int64_t m = 0;
    if (val) {
        src = slice_source(v, val, &m);
        if (!src) return -1;
    }
    int64_t start, stop, step;
    SliceBounds sb;
    if (slice_unpack_obj(key, &sb) < 0) return -1;
    int64_t len = slice_adjust(&sb, BA(v)->size, &start, &stop, &step);
    if (step == 1) return ba_splice(v, start, start + len, src, m);
    ByteArrayObject *o = BA(v);
    if (m == 0) {
        /* deleting an extended slice (also by assigning b'') */
        if (len == 0) return 0;
        if (step < 0) {
            /* the same items, walked upwards */
            start += step * (len - 1);
            step = -step;
        }
        int64_t w = start;
        for (int64_t r = start, k = 0; r < o->size; r++) {
            if (k < len && r == start + k * step) {
                k++;
                continue;
            }
            o->data[w++] = o->data[r];
        }
        o->size = w;
        o->data[w] = 0;
        return 0;
    }
    if (m != len) {
        err_format(&exc_ValueError, "attempt to assign bytes of size %zd to extended slice of size %zd", (ssize_t)m,
                   (ssize_t)len);
        return -1;
    }
    for (int64_t k = 0, j = start; k < len; k++, j += step) o->data[j] = src[k];
    return 0;
}

static int ba_setitem(Value v, Value key, Value val) {
    if (slice_check(key)) return ba_ass_slice(v, key, val);
    int64_t i;
    if (ba_index_key(key, &i) < 0) return -1;
    int c = 0;
    if (val && bytes_item_value(val, "byte must be in range(0, 256)", &c) < 0) return -1;
    ByteArrayObject *o = BA(v);
    if (i < 0) i += o->size;
    if (i < 0 || i >= o->size) {
        err_set(&exc_IndexError, "bytearray index out of range");
        return -1;
    }
    if (val) {
        o->data[i] = (char)c;
    } else {
        memmove(o->data + i, o->data + i + 1, (size_t)(o->size - i - 1));
        o->size--;
        o->data[o->size] = 0;
    }
    return 0;
}

static Value ba_repeat(Value v, int64_t k) {
    int64_t sz = BA(v)->size;
    Value r = bytearray_new(NULL, 0);
    if (k == 0 || sz == 0) return r;
    if (sz > BA_MAX / k) return err_no_memory();
    if (bytearray_resize(r, sz * k) < 0) return VNULL;
    for (int64_t i = 0; i < k; i++) memcpy(BA(r)->data + i * sz, BA(v)->data, (size_t)sz);
    return r;
}

static Value ba_binop(Value a, Value b, int op) {
    switch (BINOP_BASE(op)) {
    case BINOP_ADD: {
        if (!bytearray_check(a)) return V_NOTIMPL;
        const char *pb;
        int64_t nb;
        if (!byteslike_view(b, &pb, &nb)) {
            if ((op & (BINOP_REFLECTED | BINOP_INPLACE)) || bytes_defer_binop(b, BINOP_ADD)) return V_NOTIMPL;
            return err_format(&exc_TypeError, "can't concat %T to bytearray", b);
        }
        if (op & BINOP_INPLACE) {
            if (b == a)   /* CPython: self is exported as the buffer being read */
                return err_set(&exc_BufferError, "Existing exports of data: object cannot be re-sized");
            if (ba_append_bytes(a, copy_view(pb, nb), nb) < 0) return VNULL;
            return a;
        }
        Value r = bytearray_new(BA(a)->data, (size_t)BA(a)->size);
        if (ba_append_bytes(r, pb, nb) < 0) return VNULL;
        return r;
    }
    case BINOP_MUL: {
        Value s, n;
        if (bytearray_check(a) && !(op & BINOP_REFLECTED)) {
            s = a;
            n = b;
        } else if (bytearray_check(b) && !(op & BINOP_INPLACE)) {
            s = b;
            n = a;
        } else {
            return V_NOTIMPL;
        }
        int64_t k;
        int rc = bytes_repeat_count(n, &k);
        if (rc < 0) return VNULL;
        if (rc > 0) {
            if ((op & BINOP_INPLACE) || (!(op & BINOP_REFLECTED) && bytes_defer_binop(n, BINOP_MUL)))
                return V_NOTIMPL;
            /* a sequence on the left: the generic error names this array */
            if ((op & BINOP_REFLECTED) && (str_check(a) || list_check(a) || tuple_check(a) || bytes_check(a)))
                return V_NOTIMPL;
            return err_format(&exc_TypeError, "can't multiply sequence by non-int of type '%T'", n);
        }
        Value r = ba_repeat(s, k);
        if (!r || !(op & BINOP_INPLACE)) return r;
        BA(a)->data = BA(r)->data;
        BA(a)->size = BA(r)->size;
        BA(a)->capacity = BA(r)->capacity;
        return a;
    }
    case BINOP_MOD:
        if (!bytearray_check(a) || (op & BINOP_REFLECTED)) return V_NOTIMPL;
        return byteslike_format(a, b);
    default: return V_NOTIMPL;
    }
}

/* ---- iteration --------------------------------------------------------------------------------- */

typedef struct ByteArrayIterObject {
    Object hdr;
    Value ba;       /* VNULL when exhausted */
    int64_t i;
} ByteArrayIterObject;

static Value ba_iter(Value v) {
    ByteArrayIterObject *it = (ByteArrayIterObject *)obj_alloc(&bytearrayiter_type, sizeof *it);
    it->ba = v;
    return V_FROM_PTR(it);
}

static Value baiter_next(Value v) {
    ByteArrayIterObject *it = V_AS(ByteArrayIterObject, v);
    if (!it->ba || it->i >= BA(it->ba)->size) {
        it->ba = VNULL;
        return VNULL;
    }
    return v_int((unsigned char)BA(it->ba)->data[it->i++]);
}

/* pickling: (iter, (object,), index), or iter over b'' once exhausted, as
   CPython's; __setstate__ takes the index back (clamped at 0) */
static Value baiter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    ByteArrayIterObject *it = V_AS(ByteArrayIterObject, args[0]);
    if (!it->ba) return iter_reduce(bytes_new("", 0), VNULL);
    return iter_reduce(it->ba, int_from_i64(it->i));
}

static Value baiter_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    ByteArrayIterObject *it = V_AS(ByteArrayIterObject, args[0]);
    Value iv = obj_index(args[1]);
    if (!iv) return VNULL;
    if (it->ba) it->i = int_as_i64_clamped(iv, 0, INT64_MAX);
    return V_NONE;
}

static Value baiter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    ByteArrayIterObject *it = V_AS(ByteArrayIterObject, args[0]);
    int64_t n = it->ba ? BA(it->ba)->size - it->i : 0;
    return v_int(n < 0 ? 0 : n);
}

static Value iter_self(Value v) { return v; }

/* ---- construction --------------------------------------------------------------------------------- */

static Value ba_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    (void)kwnames;
    return ba_alloc(t, 0);
}

static const char *clinic_tname(Value v) { return v == V_NONE ? "None" : type_of(v)->tname; }

static int ba_init_slot(Value self, Value *args, size_t nargs, Value kwnames) {
    static const char *const kwlist[] = {"source", "encoding", "errors"};
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    Value a[3] = {VNULL, VNULL, VNULL};
    if (nargs + nkw > 3) {
        err_format(&exc_TypeError, "bytearray() takes at most 3 arguments (%zd given)", (ssize_t)(nargs + nkw));
        return -1;
    }
    for (size_t i = 0; i < nargs; i++) a[i] = args[i];
    for (size_t k = 0; k < nkw; k++) {
        Value name = tuple_get(kwnames, (int64_t)k);
        size_t i = 0;
        while (i < 3 && !str_eq_cstr(name, kwlist[i])) i++;
        if (i == 3) {
            err_format(&exc_TypeError, "'%U' is an invalid keyword argument for bytearray()", name);
            return -1;
        }
        if (i < nargs) {
            err_format(&exc_TypeError, "argument for bytearray() given by name ('%s') and position (%zd)", kwlist[i],
                       (ssize_t)i + 1);
            return -1;
        }
        a[i] = args[nargs + k];
    }
    Value x = a[0], enc = a[1], errs = a[2];
    if (enc && !str_check(enc)) {
        err_format(&exc_TypeError, "bytearray() argument 'encoding' must be str, not %s", clinic_tname(enc));
        return -1;
    }
    if (errs && !str_check(errs)) {
        err_format(&exc_TypeError, "bytearray() argument 'errors' must be str, not %s", clinic_tname(errs));
        return -1;
    }
    /* __init__ on an existing array starts over */
    if (bytearray_resize(self, 0) < 0) return -1;
    if (!x) {
        if (enc || errs) {
            err_set(&exc_TypeError, enc ? "encoding without a string argument" : "errors without a string argument");
            return -1;
        }
        return 0;
    }
    if (str_check(x)) {
        if (!enc) {
            err_set(&exc_TypeError, "string argument without an encoding");
            return -1;
        }
        Value r = bytes_encode_str(x, enc, errs);
        if (!r) return -1;
        return ba_append_bytes(self, bytes_data(r), bytes_size(r));
    }
    if (enc || errs) {
        err_set(&exc_TypeError, enc ? "encoding without a string argument" : "errors without a string argument");
        return -1;
    }
    if (has_index(x) && index_or_fallback(x)) {
        Value iv = obj_index(x);
        if (!iv) return -1;
        int64_t n = int_as_i64(iv);
        if (n == -1 && err_occurred()) {
            err_clear();
            err_format(&exc_OverflowError, "cannot fit '%T' into an index-sized integer", iv);
            return -1;
        }
        if (n < 0) {
            err_set(&exc_ValueError, "negative count");
            return -1;
        }
        if (bytearray_resize(self, n) < 0) return -1;
        memset(BA(self)->data, 0, (size_t)n);
        return 0;
    }
    const char *p;
    int64_t n;
    if (byteslike_view(x, &p, &n)) return ba_append_bytes(self, copy_view(p, n), n);
    if (list_check(x) || tuple_check(x)) {
        Buf b;
        buf_init(&b, 16);
        if (bytes_collect_iterable(x, "bytearray", &b) < 0) return -1;
        return ba_append_bytes(self, b.data, (int64_t)b.len);
    }
    /* Any other iterable: each item is appended as it comes, so the
       iterator sees the array grow (as CPython's). */
    Value it = obj_iter(x);
    if (!it) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_format(&exc_TypeError, "cannot convert '%T' object to bytearray", x);
        }
        return -1;
    }
    for (;;) {
        Value item = obj_next(it);
        if (!item) return err_occurred() ? -1 : 0;
        int c;
        if (bytes_item_value(item, "byte must be in range(0, 256)", &c) < 0) return -1;
        char ch = (char)c;
        if (ba_append_bytes(self, &ch, 1) < 0) return -1;
    }
}

/* ---- methods --------------------------------------------------------------------------------------- */

static bool no_args(const char *name, size_t nargs) {
    if (nargs == 1) return true;
    err_format(&exc_TypeError, "bytearray.%s() takes no arguments (%zd given)", name, (ssize_t)nargs - 1);
    return false;
}

static bool one_arg(const char *name, size_t nargs) {
    if (nargs == 2) return true;
    err_format(&exc_TypeError, "bytearray.%s() takes exactly one argument (%zd given)", name, (ssize_t)nargs - 1);
    return false;
}

/* An index argument as a C ssize_t. */
static int ssize_arg(Value v, int64_t *out) {
    if (v_is_int(v)) {
        *out = v_intval(v);
        return 0;
    }
    Value iv = obj_index(v);
    if (!iv) return -1;
    int64_t x = int_as_i64(iv);
    if (x == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    *out = x;
    return 0;
}

static Value ba_append_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!one_arg("append", nargs)) return VNULL;
    int c;
    if (bytes_item_value(args[1], "byte must be in range(0, 256)", &c) < 0) return VNULL;
    char ch = (char)c;
    if (ba_append_bytes(args[0], &ch, 1) < 0) return VNULL;
    return V_NONE;
}

static Value ba_extend_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!one_arg("extend", nargs)) return VNULL;
    Value self = args[0], x = args[1];
    const char *p;
    int64_t n;
    if (byteslike_view(x, &p, &n)) {
        if (ba_append_bytes(self, copy_view(p, n), n) < 0) return VNULL;
        return V_NONE;
    }
    Value it = obj_iter(x);
    if (!it) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_format(&exc_TypeError, "can't extend bytearray with %T", x);
        }
        return VNULL;
    }
    /* CPython sizes its buffer by the length hint: a class's __len__ or
       __length_hint__ runs, and its errors propagate */
    if (type_has_flag(type_of(x), TF_HEAPTYPE) && !obj_length_hint(x, 64)) return VNULL;
    Buf b;
    buf_init(&b, 16);
    if (bytes_collect_iterable(it, "bytearray", &b) < 0) return VNULL;
    if (ba_append_bytes(self, b.data, (int64_t)b.len) < 0) return VNULL;
    return V_NONE;
}

static Value ba_pop_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("pop", nargs - 1, 0, 1) < 0) return VNULL;
    int64_t i = -1;
    if (nargs > 1 && ssize_arg(args[1], &i) < 0) return VNULL;
    ByteArrayObject *o = BA(args[0]);
    if (o->size == 0) return err_set(&exc_IndexError, "pop from empty bytearray");
    if (i < 0) i += o->size;
    if (i < 0 || i >= o->size) return err_set(&exc_IndexError, "pop index out of range");
    int c = (unsigned char)o->data[i];
    memmove(o->data + i, o->data + i + 1, (size_t)(o->size - i - 1));
    o->size--;
    o->data[o->size] = 0;
    return v_int(c);
}

static Value ba_remove_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!one_arg("remove", nargs)) return VNULL;
    int c;
    if (bytes_item_value(args[1], "byte must be in range(0, 256)", &c) < 0) return VNULL;
    ByteArrayObject *o = BA(args[0]);
    char *q = o->size ? memchr(o->data, c, (size_t)o->size) : NULL;
    if (!q) return err_set(&exc_ValueError, "value not found in bytearray");
    int64_t i = q - o->data;
    memmove(o->data + i, o->data + i + 1, (size_t)(o->size - i - 1));
    o->size--;
    o->data[o->size] = 0;
    return V_NONE;
}

static Value ba_insert_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("insert", nargs - 1, 2, 2) < 0) return VNULL;
    int64_t i;
    if (ssize_arg(args[1], &i) < 0) return VNULL;
    int c;
    if (bytes_item_value(args[2], "byte must be in range(0, 256)", &c) < 0) return VNULL;
    int64_t n = BA(args[0])->size;
    if (i < 0) {
        i += n;
        if (i < 0) i = 0;
    }
    if (i > n) i = n;
    char ch = (char)c;
    if (ba_splice(args[0], i, i, &ch, 1) < 0) return VNULL;
    return V_NONE;
}

static Value ba_clear_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!no_args("clear", nargs)) return VNULL;
    ByteArrayObject *o = BA(args[0]);
    o->data = gc_alloc_atomic(1);
    o->data[0] = 0;
    o->size = 0;
    o->capacity = 0;
    return V_NONE;
}

static Value ba_copy_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!no_args("copy", nargs)) return VNULL;
    return bytearray_new(BA(args[0])->data, (size_t)BA(args[0])->size);
}

static Value ba_reverse_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!no_args("reverse", nargs)) return VNULL;
    ByteArrayObject *o = BA(args[0]);
    for (int64_t i = 0, j = o->size - 1; i < j; i++, j--) {
        char t = o->data[i];
        o->data[i] = o->data[j];
        o->data[j] = t;
    }
    return V_NONE;
}

static Value ba_alloc_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!no_args("__alloc__", nargs)) return VNULL;
    ByteArrayObject *o = BA(args[0]);
    return v_int(o->capacity ? o->capacity + 1 : 0);
}

/* __iadd__ / __imul__, which heap subclasses reach through their dunder
 * lookup: the in-place operators of the slot, with their errors. */
static Value ba_inplace(Value *args, size_t nargs, int op) {
    if (nargs != 2)
        return err_format(&exc_TypeError, "expected 1 argument, got %zd", (ssize_t)nargs - 1);
    Value r = ba_binop(args[0], args[1], op | BINOP_INPLACE);
    if (r != V_NOTIMPL) return r;
    if (op == BINOP_ADD) return err_format(&exc_TypeError, "can't concat %T to bytearray", args[1]);
    return obj_index(args[1]);   /* not an index: its TypeError */
}

static Value ba_iadd_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return ba_inplace(args, nargs, BINOP_ADD);
}

static Value ba_imul_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return ba_inplace(args, nargs, BINOP_MUL);
}

/* pickling: (type, (contents...), state), the contents as a latin-1 str
   below protocol 3 (Python 2 could read it), as bytes from 3 on */
static Value ba_reduce_common(Value self, int64_t proto) {
    Value state = object_get_state(self);
    if (!state) return VNULL;
    Value cls = V_FROM_PTR(type_of(self));
    int64_t n = bytearray_size(self);
    if (n == 0) return tuple_pack(3, cls, tuple_pack(0), state);
    const unsigned char *d = (const unsigned char *)bytearray_data(self);
    if (proto >= 3) return tuple_pack(3, cls, tuple_pack(1, bytes_new((const char *)d, (size_t)n)), state);
    Buf b;
    buf_init(&b, (size_t)n + 16);
    for (int64_t i = 0; i < n; i++) {
        if (d[i] < 0x80) {
            buf_putc(&b, (char)d[i]);
        } else {
            buf_putc(&b, (char)(0xC0 | (d[i] >> 6)));
            buf_putc(&b, (char)(0x80 | (d[i] & 0x3F)));
        }
    }
    return tuple_pack(3, cls, tuple_pack(2, str_from_buf(&b), str_intern_cstr("latin-1")), state);
}

static Value ba_reduce_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0 || arg_nokw("__reduce__", kwnames) < 0) return VNULL;
    return ba_reduce_common(args[0], 2);
}

static Value ba_reduce_ex_m(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__reduce_ex__", 0, 1, 0, {"proto", NULL}};
    Value a[1] = {VNULL};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int proto = 0;
    if (a[0] && index_as_c_int(a[0], &proto) < 0) return VNULL;
    return ba_reduce_common(args[0], proto);
}

static const MethodDef bytearray_methods[] = {
    {"__reduce__", ba_reduce_m, 0, NULL},
    {"__reduce_ex__", ba_reduce_ex_m, 0, NULL},
    {"append", ba_append_m, 0, NULL},
    {"extend", ba_extend_m, 0, NULL},
    {"pop", ba_pop_m, 0, NULL},
    {"remove", ba_remove_m, 0, NULL},
    {"insert", ba_insert_m, 0, NULL},
    {"clear", ba_clear_m, 0, NULL},
    {"copy", ba_copy_m, 0, NULL},
    {"reverse", ba_reverse_m, 0, NULL},
    {"__alloc__", ba_alloc_m, 0, NULL},
    {"__iadd__", ba_iadd_m, 0, NULL},
    {"__imul__", ba_imul_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef bytearrayiter_methods[] = {
    {"__length_hint__", baiter_length_hint, 0, NULL},
    {"__reduce__", baiter_reduce, 0, NULL},
    {"__setstate__", baiter_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static int ba_getbuffer(Value self, BufferInfo *out) {
    out->data = bytearray_data(self);
    out->len = bytearray_size(self);
    out->itemsize = 1;
    out->format = "B";
    out->readonly = false;
    return 0;
}

Type bytearray_type = {
    .tname = "bytearray",
    .getbuffer = ba_getbuffer,
    .flags = TF_BASETYPE,
    .basicsize = sizeof(ByteArrayObject),
    .repr = ba_repr,
    .str = ba_repr,
    .richcompare = byteslike_richcompare,
    .binop = ba_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_MUL) | (1u << BINOP_MOD) | BINOP_MASK_CONCAT,
    .len = ba_len,
    .getitem = ba_getitem,
    .setitem = ba_setitem,
    .contains = byteslike_contains,
    .iter = ba_iter,
    .new_ = ba_new_slot,
    .init = ba_init_slot,
};

Type bytearrayiter_type = {
    .tname = "bytearray_iterator",
    .basicsize = sizeof(ByteArrayIterObject),
    .iter = iter_self,
    .iternext = baiter_next,
    .flags = TF_ABSTRACT_NEW,   /* made by iter() only */
};

void bytearray_init(void) {
    type_add_methods(&bytearray_type, bytes_common_methods);
    type_add_methods(&bytearray_type, bytearray_methods);
    type_ready(&bytearray_type);
    dict_set_cstr(bytearray_type.dict, "__doc__",
                  str_from_cstr("bytearray(iterable_of_ints) -> bytearray\n"
                                "bytearray(string, encoding[, errors]) -> bytearray\n"
                                "bytearray(bytes_or_buffer) -> mutable copy of bytes_or_buffer\n"
                                "bytearray(int) -> bytearray of that many zero bytes\n"
                                "bytearray() -> empty bytearray\n\n"
                                "A mutable sequence of bytes (integers in range(256)), built from an iterable\n"
                                "of such integers, a str encoded with the given encoding, a copy of any\n"
                                "object supporting the buffer protocol, or a count of zero bytes."));
    bytearray_type.hash = NULL;
    dict_set(bytearray_type.dict, NAME(__hash__), V_NONE);
    type_add_methods(&bytearrayiter_type, bytearrayiter_methods);
    type_ready(&bytearrayiter_type);
}
