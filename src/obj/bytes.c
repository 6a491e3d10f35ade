/* bytes.c: immutable byte strings, and everything bytes and bytearray share.
 *
 * Every method here works on the raw contents of a bytes-like object
 * (byteslike_view) and builds its result with the kind of `self`: a bytes
 * method returns bytes (never a subclass), a bytearray method a new
 * bytearray. The same MethodDef table (bytes_common_methods) is registered
 * on both types; bytearray.c adds the mutating methods.
 *
 * The contents of a bytearray argument (or self) may change while a method
 * runs Python code (__index__ of an argument, an iterator in join()), so
 * methods take the views they work on after converting their arguments.
 * Old bytearray blocks are never freed explicitly (bytearray.h), so a view
 * taken earlier is stale at worst, never dangling.
 *
 * Semantics and messages follow CPython 3.11: whitespace is the six ASCII
 * characters " \t\n\v\f\r", case mapping and the is...() predicates only
 * know ASCII letters, and errors name bytes-like arguments as CPython's
 * buffer protocol does ("a bytes-like object is required, not 'str'").
 */
#include <limits.h>
#include <stdio.h>

#include "../runtime.h"
#include "../util/numfmt.h"
#include "codec.h"

Type bytes_type, bytesiter_type;

/* results beyond this many bytes raise MemoryError */
#define BYTES_MAX ((int64_t)1 << 40)

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* ---- construction ------------------------------------------------------------------ */

Value bytes_alloc(size_t n) {
    BytesObject *b = (BytesObject *)obj_alloc_atomic(&bytes_type, sizeof(BytesObject) + n + 1);
    b->hash = -1;
    b->size = (int64_t)n;
    b->data[n] = 0;
    return V_FROM_PTR(b);
}

Value bytes_try_alloc(size_t n) {
    if (n > PTRDIFF_MAX - sizeof(BytesObject) - 1) return err_no_memory();
    BytesObject *b = gc_try_alloc_atomic(sizeof(BytesObject) + n + 1);
    if (!b) return err_no_memory();
    b->hdr.type = &bytes_type;
    b->hash = -1;
    b->size = (int64_t)n;
    b->data[n] = 0;
    return V_FROM_PTR(b);
}

Value bytes_new(const char *data, size_t n) {
    Value r = bytes_alloc(n);
    if (n) memcpy(V_AS(BytesObject, r)->data, data, n);
    return r;
}

Value bytes_from_buf(const Buf *b) { return bytes_new(b->data, b->len); }

/* An instance of a subclass t of bytes holding d[0..n). It is allocated
 * scanned: its header keeps the (heap) class alive. */
static Value bytes_subtype_new(Type *t, const char *d, int64_t n) {
    size_t size = sizeof(BytesObject) + (size_t)n + 1;
    if (t->basicsize > sizeof(BytesObject)) size += t->basicsize - sizeof(BytesObject);
    BytesObject *b = (BytesObject *)obj_alloc(t, size);
    b->hash = -1;
    b->size = n;
    if (n) memcpy(b->data, d, (size_t)n);
    b->data[n] = 0;
    return V_FROM_PTR(b);
}

/* ---- helpers for methods shared with bytearray ---------------------------------------- */

static inline bool is_bytes(Value self) { return bytes_check(self); }
static inline const char *kind_name(Value self) { return is_bytes(self) ? "bytes" : "bytearray"; }

/* The contents of self (known to be bytes-like). */
static inline void self_view(Value self, const char **p, int64_t *n) {
    if (is_bytes(self)) {
        *p = bytes_data(self);
        *n = bytes_size(self);
    } else {
        *p = bytearray_data(self);
        *n = bytearray_size(self);
    }
}

/* A result of self's kind holding p[0..n). */
static Value mk(Value self, const char *p, int64_t n) {
    if (is_bytes(self)) return bytes_new(p, (size_t)n);
    return bytearray_new(p, (size_t)n);
}

static Value mk_buf(Value self, const Buf *b) { return mk(self, b->data, (int64_t)b->len); }

/* self unchanged: an exact bytes is returned as is, anything else copied. */
static Value same(Value self) {
    if (bytes_check_exact(self)) return self;
    const char *p;
    int64_t n;
    self_view(self, &p, &n);
    return mk(self, p, n);
}

/* A new result of self's kind with n bytes to fill in; *out points at them. */
static Value mk_alloc(Value self, int64_t n, char **out) {
    if (is_bytes(self)) {
        Value r = bytes_alloc((size_t)n);
        *out = V_AS(BytesObject, r)->data;
        return r;
    }
    Value r = bytearray_new(NULL, 0);
    if (bytearray_resize(r, n) < 0) return VNULL;
    *out = bytearray_data(r);
    return r;
}

/* A bytes-like argument, or TypeError as CPython's buffer protocol says. */
static bool need_view(Value v, const char **p, int64_t *n) {
    if (byteslike_view(v, p, n)) return true;
    err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", v);
    return false;
}

/* How Argument Clinic names the type of a bad argument: None is "None". */
static const char *clinic_tname(Value v) { return v == V_NONE ? "None" : type_of(v)->tname; }

/* METH_NOARGS / METH_O argument count errors, named after self's type. */
static bool no_args(Value *args, size_t nargs, const char *name) {
    if (nargs == 1) return true;
    err_format(&exc_TypeError, "%s.%s() takes no arguments (%zd given)", kind_name(args[0]), name, (ssize_t)nargs - 1);
    return false;
}

static bool one_arg(Value *args, size_t nargs, const char *name) {
    if (nargs == 2) return true;
    err_format(&exc_TypeError, "%s.%s() takes exactly one argument (%zd given)", kind_name(args[0]), name,
               (ssize_t)nargs - 1);
    return false;
}

/* Argument Clinic style positional-or-keyword parameters: args/nargs
 * exclude self; fills out[0..nparams) (VNULL when omitted). */
static int parse_args(const char *fname, Value *args, size_t nargs, Value kwnames, const char *const *kwlist,
                      size_t nparams, Value *out) {
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (nargs + nkw > nparams) {
        err_format(&exc_TypeError, "%s() takes at most %zd argument%s (%zd given)", fname, (ssize_t)nparams,
                   nparams == 1 ? "" : "s", (ssize_t)(nargs + nkw));
        return -1;
    }
    for (size_t i = 0; i < nparams; i++) out[i] = i < nargs ? args[i] : VNULL;
    for (size_t k = 0; k < nkw; k++) {
        Value name = tuple_get(kwnames, (int64_t)k);
        size_t i = 0;
        while (i < nparams && !str_eq_cstr(name, kwlist[i])) i++;
        if (i == nparams) {
            err_format(&exc_TypeError, "'%U' is an invalid keyword argument for %s()", name, fname);
            return -1;
        }
        if (i < nargs) {
            err_format(&exc_TypeError, "argument for %s() given by name ('%s') and position (%zd)", fname, kwlist[i],
                       (ssize_t)i + 1);
            return -1;
        }
        out[i] = args[nargs + k];
    }
    return 0;
}

/* An object with __index__ that raises TypeError is read as a buffer or an
   iterable instead (CPython's fallback, issues 29159 and 34974): false then,
   with the error cleared; true when __index__ works or fails otherwise. */
bool index_or_fallback(Value x) {
    Value iv = obj_index(x);
    if (iv) return true;
    if (!err_matches(&exc_TypeError)) return true;
    err_clear();
    return false;
}

/* Does v support __index__ (int, bool, or a class defining it)? */
static bool has_index(Value v) {
    if (int_check(v)) return true;
    return v_is_ptr(v) && v && type_lookup(V_OBJ(v)->type, NAME(__index__)) != VNULL;
}

/* An int argument as a C ssize_t (OverflowError if too big). */
static int ssize_arg(Value v, int64_t *out) {
    if (v_is_int(v)) {
        *out = v_intval(v);
        return 0;
    }
    Value iv = obj_index(v);
    if (!iv) return -1;
    if (v_is_int(iv)) {
        *out = v_intval(iv);
        return 0;
    }
    int64_t x = int_as_i64(iv);
    if (x == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    *out = x;
    return 0;
}

/* An int argument as a C int. */
static int int_arg(Value v, int *out) {
    int64_t x;
    if (v_is_int(v)) {
        x = v_intval(v);
    } else {
        Value iv = obj_index(v);
        if (!iv) return -1;
        x = v_is_int(iv) ? v_intval(iv) : int_sign(iv) < 0 ? INT64_MIN : INT64_MAX;
    }
    if (x < INT_MIN || x > INT_MAX) {
        err_set(&exc_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* An __index__ value clamped to the int64 range (PyNumber_AsSsize_t with no
 * overflow exception). */
static int index_clamped(Value v, int64_t *out) {
    if (v_is_int(v)) {
        *out = v_intval(v);
        return 0;
    }
    Value iv = obj_index(v);
    if (!iv) return -1;
    *out = int_as_i64_clamped(iv, INT64_MIN, INT64_MAX);
    return 0;
}

int bytes_item_value(Value v, const char *range_msg, int *out) {
    int64_t x;
    if (index_clamped(v, &x) < 0) return -1;
    if (x < 0 || x > 255) {
        err_set(&exc_ValueError, range_msg);
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* A start/end argument of find() & co.: None keeps the default; big
 * values are clamped, as slice indexes are. */
static int slice_arg(Value v, int64_t *out) {
    if (!v || v == V_NONE) return 0;
    if (v_is_int(v)) {
        *out = v_intval(v);
        return 0;
    }
    if (!has_index(v)) {
        err_set(&exc_TypeError, "slice indices must be integers or None or have an __index__ method");
        return -1;
    }
    Value iv = obj_index(v);
    if (!iv) return -1;
    *out = int_as_i64_clamped(iv, INT64_MIN / 4, INT64_MAX / 4);
    return 0;
}

/* Resolve start/end against the length as slicing does (start may stay
 * beyond the end). */
static void adjust_range(int64_t len, int64_t *start, int64_t *end) {
    if (*end > len) *end = len;
    else if (*end < 0) {
        *end += len;
        if (*end < 0) *end = 0;
    }
    if (*start < 0) {
        *start += len;
        if (*start < 0) *start = 0;
    }
}

int bytes_repeat_count(Value n, int64_t *out) {
    if (v_is_int(n)) {
        *out = v_intval(n) < 0 ? 0 : v_intval(n);
        return 0;
    }
    if (!has_index(n)) return 1;
    Value iv = obj_index(n);
    if (!iv) return -1;
    int64_t k = int_as_i64(iv);
    if (k == -1 && err_occurred()) {
        err_clear();
        err_format(&exc_OverflowError, "cannot fit '%T' into an index-sized integer", iv);
        return -1;
    }
    *out = k < 0 ? 0 : k;
    return 0;
}

bool bytes_defer_binop(Value other, int op) {
    Type *t = type_of(other);
    if (!type_has_flag(t, TF_HEAPTYPE)) return false;
    const char *name = op == BINOP_ADD ? "__radd__" : op == BINOP_MUL ? "__rmul__" : "__rmod__";
    return type_lookup_cstr(t, name) != VNULL;
}

/* ---- byte-level search ------------------------------------------------------------- */

const char *bytes_find_raw(const char *h, int64_t hn, const char *nd, int64_t nn) {
    if (nn > hn) return NULL;
    if (nn == 0) return h;
    if (nn == 1) return memchr(h, (unsigned char)nd[0], (size_t)hn);
    return memmem(h, (size_t)hn, nd, (size_t)nn);
}

const char *bytes_rfind_raw(const char *h, int64_t hn, const char *nd, int64_t nn) {
    if (nn > hn) return NULL;
    if (nn == 0) return h + hn;
    /* candidates are the occurrences of the first byte, right to left */
    int64_t limit = hn - nn + 1;
    while (limit > 0) {
        const char *p = memrchr(h, (unsigned char)nd[0], (size_t)limit);
        if (!p) return NULL;
        if (memcmp(p, nd, (size_t)nn) == 0) return p;
        limit = p - h;
    }
    return NULL;
}

int64_t bytes_count_raw(const char *h, int64_t hn, const char *nd, int64_t nn, int64_t max) {
    int64_t n = 0;
    const char *end = h + hn;
    while (n < max) {
        const char *p = bytes_find_raw(h, end - h, nd, nn);
        if (!p) break;
        n++;
        h = p + nn;
    }
    return n;
}

/* ---- character classes (ASCII only, as CPython's bytes) ------------------------------ */

static inline bool c_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static inline bool c_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
static inline bool c_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static inline bool c_alpha(unsigned char c) { return c_lower(c) || c_upper(c); }
static inline bool c_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* ---- repr, hash, comparison ------------------------------------------------------------ */

void bytes_repr_into(Buf *out, const char *p, int64_t n, bool escape_squote) {
    const unsigned char *d = (const unsigned char *)p;
    bool sq = memchr(d, '\'', (size_t)n) != NULL, dq = memchr(d, '"', (size_t)n) != NULL;
    char q = (sq && !dq) ? '"' : '\'';
    buf_reserve(out, (size_t)n + 3);
    buf_putc(out, 'b');
    buf_putc(out, q);
    static const char hex[] = "0123456789abcdef";
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = d[i];
        if (c == (unsigned char)q || c == '\\' || (c == '\'' && escape_squote)) {
            buf_putc(out, '\\');
            buf_putc(out, (char)c);
        } else if (c == '\n') buf_put(out, "\\n", 2);
        else if (c == '\r') buf_put(out, "\\r", 2);
        else if (c == '\t') buf_put(out, "\\t", 2);
        else if (c < 0x20 || c >= 0x7F) {
            char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
            buf_put(out, e, 4);
        } else buf_putc(out, (char)c);
    }
    buf_putc(out, q);
}

Value bytes_repr(Value v) {
    Buf b;
    buf_init(&b, (size_t)bytes_size(v) + 3);
    bytes_repr_into(&b, bytes_data(v), bytes_size(v), false);
    return str_from_buf(&b);
}


static int64_t bytes_hash(Value v) {
    BytesObject *b = V_AS(BytesObject, v);
    if (b->hash == -1) {
        int64_t h = b->size ? (int64_t)hash_bytes(b->data, (size_t)b->size) : 0;
        b->hash = h == -1 ? -2 : h;
    }
    return b->hash;
}

Value byteslike_richcompare(Value a, Value b, int op) {
    const char *pa, *pb;
    int64_t na, nb;
    if (!byteslike_view(a, &pa, &na) || !byteslike_view(b, &pb, &nb)) return V_NOTIMPL;
    if ((op == CMP_EQ || op == CMP_NE) && na != nb) return v_bool(op == CMP_NE);
    int c = na && nb ? memcmp(pa, pb, (size_t)(na < nb ? na : nb)) : 0;
    if (c == 0) c = (na > nb) - (na < nb);
    switch (op) {
    case CMP_LT: return v_bool(c < 0);
    case CMP_LE: return v_bool(c <= 0);
    case CMP_EQ: return v_bool(c == 0);
    case CMP_NE: return v_bool(c != 0);
    case CMP_GT: return v_bool(c > 0);
    default: return v_bool(c >= 0);
    }
}

/* bytes' own slot: only bytes with bytes (a bytearray operand answers
 * through its reflected comparison, as in CPython). */
static Value bytes_richcompare(Value a, Value b, int op) {
    if (!bytes_check(a) || !bytes_check(b)) return V_NOTIMPL;
    return byteslike_richcompare(a, b, op);
}

/* ---- sequence protocol ------------------------------------------------------------------- */

static int64_t bytes_len(Value v) { return bytes_size(v); }

static Value bytes_getitem(Value v, Value key) {
    int64_t i;
    if (v_is_int(key)) {
        i = v_intval(key);
    } else if (slice_check(key)) {
        int64_t a, b, c;
        int64_t n = slice_indices(key, bytes_size(v), &a, &b, &c);
        if (n < 0) return VNULL;
        if (c == 1) {
            if (n == bytes_size(v) && bytes_check_exact(v)) return v;
            return bytes_new(bytes_data(v) + a, (size_t)n);
        }
        Value r = bytes_alloc((size_t)n);
        char *o = V_AS(BytesObject, r)->data;
        for (int64_t k = 0, j = a; k < n; k++, j += c) o[k] = bytes_data(v)[j];
        return r;
    } else if (has_index(key)) {
        i = obj_index_i64(key);
        if (i == -1 && err_occurred()) return VNULL;
    } else {
        return err_format(&exc_TypeError, "byte indices must be integers or slices, not %T", key);
    }
    if (i < 0) i += bytes_size(v);
    if (i < 0 || i >= bytes_size(v)) return err_set(&exc_IndexError, "index out of range");
    return v_int((unsigned char)bytes_data(v)[i]);
}

int byteslike_contains(Value self, Value x) {
    if (has_index(x)) {
        int64_t c;
        if (index_clamped(x, &c) < 0) return -1;
        if (c < 0 || c > 255) {
            err_set(&exc_ValueError, "byte must be in range(0, 256)");
            return -1;
        }
        const char *p;
        int64_t n;
        self_view(self, &p, &n);
        return n > 0 && memchr(p, (int)c, (size_t)n) != NULL;
    }
    const char *q, *p;
    int64_t m, n;
    if (!need_view(x, &q, &m)) return -1;
    self_view(self, &p, &n);
    return bytes_find_raw(p, n, q, m) != NULL;
}

static Value bytes_binop(Value a, Value b, int op) {
    switch (BINOP_BASE(op)) {
    case BINOP_ADD: {
        if (!bytes_check(a)) return V_NOTIMPL;
        const char *pb;
        int64_t nb;
        if (!byteslike_view(b, &pb, &nb)) {
            if ((op & BINOP_REFLECTED) || bytes_defer_binop(b, BINOP_ADD)) return V_NOTIMPL;
            return err_format(&exc_TypeError, "can't concat %T to bytes", b);
        }
        int64_t na = bytes_size(a);
        if (nb == 0 && bytes_check_exact(a)) return a;
        if (na == 0 && bytes_check_exact(b)) return b;
        Value r = bytes_try_alloc((size_t)(na + nb));
        if (!r) return VNULL;
        memcpy(V_AS(BytesObject, r)->data, bytes_data(a), (size_t)na);
        memcpy(V_AS(BytesObject, r)->data + na, pb, (size_t)nb);
        return r;
    }
    case BINOP_MUL: {
        Value s, n;
        if (bytes_check(a) && !(op & BINOP_REFLECTED)) {
            s = a;
            n = b;
        } else if (bytes_check(b)) {
            s = b;
            n = a;
        } else {
            return V_NOTIMPL;
        }
        int64_t k;
        int rc = bytes_repeat_count(n, &k);
        if (rc < 0) return VNULL;
        if (rc > 0) return V_NOTIMPL;   /* "can't multiply sequence by non-int" */
        int64_t sz = bytes_size(s);
        if (k == 1 && bytes_check_exact(s)) return s;
        if (k == 0 || sz == 0) return bytes_new("", 0);
        if (sz > INT64_MAX / k) return err_set(&exc_OverflowError, "repeated bytes are too long");
        if (sz > BYTES_MAX / k) return err_no_memory();
        Value r = bytes_try_alloc((size_t)(sz * k));
        if (!r) return VNULL;
        char *o = V_AS(BytesObject, r)->data;
        for (int64_t i = 0; i < k; i++) memcpy(o + i * sz, bytes_data(s), (size_t)sz);
        return r;
    }
    case BINOP_MOD:
        if (!bytes_check(a) || (op & BINOP_REFLECTED)) return V_NOTIMPL;
        return byteslike_format(a, b);
    default: return V_NOTIMPL;
    }
}

typedef struct BytesIterObject {
    Object hdr;
    Value b;
    int64_t i;
} BytesIterObject;

static Value bytes_iter(Value v) {
    BytesIterObject *it = (BytesIterObject *)obj_alloc(&bytesiter_type, sizeof *it);
    it->b = v;
    return V_FROM_PTR(it);
}

static Value bytesiter_next(Value v) {
    BytesIterObject *it = V_AS(BytesIterObject, v);
    if (!it->b || it->i >= bytes_size(it->b)) {
        it->b = VNULL;
        return VNULL;
    }
    return v_int((unsigned char)bytes_data(it->b)[it->i++]);
}

/* pickling: (iter, (object,), index), or iter over b'' once exhausted, as
   CPython's; __setstate__ takes the index back (clamped at 0) */
static Value bytesiter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    BytesIterObject *it = V_AS(BytesIterObject, args[0]);
    if (!it->b) return iter_reduce(bytes_new("", 0), VNULL);
    return iter_reduce(it->b, int_from_i64(it->i));
}

static Value bytesiter_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    BytesIterObject *it = V_AS(BytesIterObject, args[0]);
    Value iv = obj_index(args[1]);
    if (!iv) return VNULL;
    if (it->b) it->i = int_as_i64_clamped(iv, 0, INT64_MAX);
    return V_NONE;
}

static Value bytesiter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    BytesIterObject *it = V_AS(BytesIterObject, args[0]);
    return v_int(it->b ? bytes_size(it->b) - it->i : 0);
}

static Value iter_self(Value v) { return v; }

/* ---- bytes() ------------------------------------------------------------------------------ */

int bytes_collect_iterable(Value src, const char *what, Buf *out) {
    const char *range_msg =
        !strcmp(what, "bytes") ? "bytes must be in range(0, 256)" : "byte must be in range(0, 256)";
    int c;
    if (list_check(src) || tuple_check(src)) {
        bool is_list = list_check(src);
        for (int64_t i = 0; i < (is_list ? list_size(src) : tuple_size(src)); i++) {
            Value x = is_list ? list_get(src, i) : tuple_get(src, i);
            if (bytes_item_value(x, range_msg, &c) < 0) return -1;
            buf_putc(out, (char)c);
        }
        return 0;
    }
    Value it = obj_iter(src);
    if (!it) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_format(&exc_TypeError, "cannot convert '%T' object to %s", src, what);
        }
        return -1;
    }
    for (;;) {
        Value x = obj_next(it);
        if (!x) return err_occurred() ? -1 : 0;
        if (bytes_item_value(x, range_msg, &c) < 0) return -1;
        buf_putc(out, (char)c);
    }
}

Value bytes_encode_str(Value s, Value encoding, Value errors) {
    Value a[2];
    size_t n = 0;
    a[n++] = encoding ? encoding : str_from_cstr("utf-8");
    if (errors) a[n++] = errors;
    Value encode = type_lookup_cstr(&str_type, "encode");
    Value args[3] = {s, a[0], n > 1 ? a[1] : VNULL};
    Value r = obj_call(encode, args, n + 1, VNULL);
    if (r && !bytes_check(r)) return err_format(&exc_TypeError, "encoder did not return a bytes object (type=%T)", r);
    return r;
}

static Value bytes_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const char *const kwlist[] = {"source", "encoding", "errors"};
    Value a[3];
    if (parse_args("bytes", args, nargs, kwnames, kwlist, 3, a) < 0) return VNULL;
    Value x = a[0], enc = a[1], errs = a[2];
    if (enc && !str_check(enc))
        return err_format(&exc_TypeError, "bytes() argument 'encoding' must be str, not %s", clinic_tname(enc));
    if (errs && !str_check(errs))
        return err_format(&exc_TypeError, "bytes() argument 'errors' must be str, not %s", clinic_tname(errs));
    Value r;
    if (!x) {
        if (enc || errs)
            return err_set(&exc_TypeError, enc ? "encoding without a string argument" : "errors without a string argument");
        r = bytes_new("", 0);
    } else if (enc) {
        if (!str_check(x)) return err_set(&exc_TypeError, "encoding without a string argument");
        r = bytes_encode_str(x, enc, errs);
    } else if (errs) {
        return err_set(&exc_TypeError,
                       str_check(x) ? "string argument without an encoding" : "errors without a string argument");
    } else if (bytes_check_exact(x)) {
        r = x;
    } else {
        bool found = false;
        r = VNULL;
        /* __bytes__ = None blocks the fallbacks: calling None fails */
        if (v_is_ptr(x) && x && type_lookup(type_of(x), NAME(__bytes__)) == V_NONE)
            return err_set(&exc_TypeError, "'NoneType' object is not callable");
        if (v_is_ptr(x) && x) r = obj_call_special(x, NAME(__bytes__), NULL, 0, &found);
        if (found) {
            if (!r) return VNULL;
            if (!bytes_check(r)) return err_format(&exc_TypeError, "__bytes__ returned non-bytes (type %T)", r);
        } else if (str_check(x)) {
            return err_set(&exc_TypeError, "string argument without an encoding");
        } else if (has_index(x) && !(bytes_check(x) || bytearray_check(x)) && index_or_fallback(x)) {
            Value iv = obj_index(x);
            if (!iv) return VNULL;
            int64_t n = int_as_i64(iv);
            if (n == -1 && err_occurred()) {
                err_clear();
                return err_format(&exc_OverflowError, "cannot fit '%T' into an index-sized integer", iv);
            }
            if (n < 0) return err_set(&exc_ValueError, "negative count");
            if (n > BYTES_MAX) return err_no_memory();
            r = bytes_try_alloc((size_t)n);
            if (!r) return VNULL;
            memset(V_AS(BytesObject, r)->data, 0, (size_t)n);
        } else {
            const char *p;
            int64_t n;
            if (byteslike_view(x, &p, &n)) {
                r = bytes_new(p, (size_t)n);
            } else {
                Buf b;
                buf_init(&b, 16);
                if (bytes_collect_iterable(x, "bytes", &b) < 0) return VNULL;
                r = bytes_from_buf(&b);
            }
        }
    }
    if (!r) return VNULL;
    if (t == &bytes_type) return r;
    return bytes_subtype_new(t, bytes_data(r), bytes_size(r));
}

/* ---- searching ----------------------------------------------------------------------------- */

/* A needle: a bytes-like object or a single byte given as an int. */
typedef struct Needle {
    const char *p;
    int64_t n;
    char byte;
} Needle;

/* Parse (sub[, start[, end]]) of find/index/count. The needle's view is
 * taken last; start/end are resolved by the caller (adjust_range). */
static int search_args(const char *fname, Value *args, size_t nargs, Needle *nd, int64_t *start, int64_t *end) {
    if (nargs < 2) {
        err_format(&exc_TypeError, "%s() takes at least 1 argument (0 given)", fname);
        return -1;
    }
    if (nargs > 4) {
        err_format(&exc_TypeError, "%s() takes at most 3 arguments (%zd given)", fname, (ssize_t)nargs - 1);
        return -1;
    }
    *start = 0;
    *end = INT64_MAX / 4;
    if (nargs > 2 && slice_arg(args[2], start) < 0) return -1;
    if (nargs > 3 && slice_arg(args[3], end) < 0) return -1;
    Value sub = args[1];
    if (byteslike_view(sub, &nd->p, &nd->n)) return 0;
    if (!has_index(sub)) {
        err_format(&exc_TypeError, "argument should be integer or bytes-like object, not '%T'", sub);
        return -1;
    }
    int64_t c;
    if (index_clamped(sub, &c) < 0) return -1;
    if (c < 0 || c > 255) {
        err_set(&exc_ValueError, "byte must be in range(0, 256)");
        return -1;
    }
    nd->byte = (char)c;
    nd->p = &nd->byte;
    nd->n = 1;
    return 0;
}

static Value find_common(const char *fname, Value *args, size_t nargs, bool reverse, bool raise) {
    Needle nd;
    int64_t start, end;
    if (search_args(fname, args, nargs, &nd, &start, &end) < 0) return VNULL;
    const char *p;
    int64_t n;
    self_view(args[0], &p, &n);
    adjust_range(n, &start, &end);
    int64_t r = -1;
    if (end - start >= nd.n) {
        if (nd.n == 0) {
            r = reverse ? end : start;
        } else {
            const char *q = reverse ? bytes_rfind_raw(p + start, end - start, nd.p, nd.n)
                                    : bytes_find_raw(p + start, end - start, nd.p, nd.n);
            if (q) r = q - p;
        }
    }
    if (r < 0 && raise) return err_set(&exc_ValueError, "subsection not found");
    return v_int(r);
}

static Value b_find(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return find_common("find", args, nargs, false, false);
}
static Value b_rfind(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return find_common("rfind", args, nargs, true, false);
}
static Value b_index(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return find_common("index", args, nargs, false, true);
}
static Value b_rindex(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return find_common("rindex", args, nargs, true, true);
}

static Value b_count(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    Needle nd;
    int64_t start, end;
    if (search_args("count", args, nargs, &nd, &start, &end) < 0) return VNULL;
    const char *p;
    int64_t n;
    self_view(args[0], &p, &n);
    adjust_range(n, &start, &end);
    if (end - start < nd.n) return v_int(0);
    if (nd.n == 0) return v_int(end - start + 1);
    return v_int(bytes_count_raw(p + start, end - start, nd.p, nd.n, INT64_MAX));
}

/* startswith/endswith of one affix within [start, end). */
static bool tail_match(const char *p, const char *sub, int64_t sn, int64_t start, int64_t end, bool at_end) {
    if (end - start < sn) return false;
    if (sn == 0) return true;
    return memcmp(p + (at_end ? end - sn : start), sub, (size_t)sn) == 0;
}

static Value starts_ends(const char *fname, Value *args, size_t nargs, bool at_end) {
    if (nargs < 2) return err_format(&exc_TypeError, "%s() takes at least 1 argument (0 given)", fname);
    if (nargs > 4)
        return err_format(&exc_TypeError, "%s() takes at most 3 arguments (%zd given)", fname, (ssize_t)nargs - 1);
    int64_t start = 0, end = INT64_MAX / 4;
    if (nargs > 2 && slice_arg(args[2], &start) < 0) return VNULL;
    if (nargs > 3 && slice_arg(args[3], &end) < 0) return VNULL;
    const char *p, *sp;
    int64_t n, sn;
    Value x = args[1];
    if (tuple_check(x)) {
        for (int64_t i = 0; i < tuple_size(x); i++) {
            if (!need_view(tuple_get(x, i), &sp, &sn)) return VNULL;
            self_view(args[0], &p, &n);
            int64_t s = start, e = end;
            adjust_range(n, &s, &e);
            if (tail_match(p, sp, sn, s, e, at_end)) return V_TRUE;
        }
        return V_FALSE;
    }
    if (!byteslike_view(x, &sp, &sn))
        return err_format(&exc_TypeError, "%s first arg must be bytes or a tuple of bytes, not %T", fname, x);
    self_view(args[0], &p, &n);
    adjust_range(n, &start, &end);
    return v_bool(tail_match(p, sp, sn, start, end, at_end));
}

static Value b_startswith(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return starts_ends("startswith", args, nargs, false);
}
static Value b_endswith(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return starts_ends("endswith", args, nargs, true);
}

/* ---- split, rsplit, splitlines, partition ---------------------------------------------------- */

static int split_args(const char *fname, Value *args, size_t nargs, Value kwnames, Value *sep, int64_t *maxsplit) {
    static const char *const kwlist[] = {"sep", "maxsplit"};
    Value a[2];
    if (parse_args(fname, args + 1, nargs - 1, kwnames, kwlist, 2, a) < 0) return -1;
    *maxsplit = -1;
    if (a[1] && ssize_arg(a[1], maxsplit) < 0) return -1;
    if (*maxsplit < 0) *maxsplit = INT64_MAX;
    *sep = a[0] && a[0] != V_NONE ? a[0] : VNULL;
    if (*sep) {
        const char *sp;
        int64_t sn;
        if (!need_view(*sep, &sp, &sn)) return -1;
        if (sn == 0) {
            err_set(&exc_ValueError, "empty separator");
            return -1;
        }
    }
    return 0;
}

static Value split_common(const char *fname, Value *args, size_t nargs, Value kwnames, bool reverse) {
    Value sepv;
    int64_t maxsplit;
    if (split_args(fname, args, nargs, kwnames, &sepv, &maxsplit) < 0) return VNULL;
    Value self = args[0];
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    Value list = list_new(0);
    if (!sepv) {
        if (!reverse) {
            int64_t i = 0;
            while (maxsplit-- > 0) {
                while (i < n && c_space((unsigned char)d[i])) i++;
                if (i == n) break;
                int64_t j = i;
                while (i < n && !c_space((unsigned char)d[i])) i++;
                list_append(list, (j == 0 && i == n) ? same(self) : mk(self, d + j, i - j));
            }
            while (i < n && c_space((unsigned char)d[i])) i++;
            if (i < n) list_append(list, i == 0 ? same(self) : mk(self, d + i, n - i));
        } else {
            int64_t i = n;
            while (maxsplit-- > 0) {
                while (i > 0 && c_space((unsigned char)d[i - 1])) i--;
                if (i == 0) break;
                int64_t j = i;
                while (i > 0 && !c_space((unsigned char)d[i - 1])) i--;
                list_append(list, (i == 0 && j == n) ? same(self) : mk(self, d + i, j - i));
            }
            while (i > 0 && c_space((unsigned char)d[i - 1])) i--;
            if (i > 0) list_append(list, i == n ? same(self) : mk(self, d, i));
            list_reverse(list);
        }
        return list;
    }
    const char *sd = NULL;
    int64_t sn = 1;
    byteslike_view(sepv, &sd, &sn);
    if (!reverse) {
        int64_t i = 0;
        while (maxsplit-- > 0) {
            const char *q = bytes_find_raw(d + i, n - i, sd, sn);
            if (!q) break;
            int64_t k = q - d;
            list_append(list, mk(self, d + i, k - i));
            i = k + sn;
        }
        list_append(list, i == 0 ? same(self) : mk(self, d + i, n - i));
    } else {
        int64_t i = n;
        while (maxsplit-- > 0) {
            const char *q = bytes_rfind_raw(d, i, sd, sn);
            if (!q) break;
            int64_t k = q - d;
            list_append(list, mk(self, d + k + sn, i - (k + sn)));
            i = k;
        }
        list_append(list, i == n ? same(self) : mk(self, d, i));
        list_reverse(list);
    }
    return list;
}

static Value b_split(Value *args, size_t nargs, Value kwnames) {
    return split_common("split", args, nargs, kwnames, false);
}
static Value b_rsplit(Value *args, size_t nargs, Value kwnames) {
    return split_common("rsplit", args, nargs, kwnames, true);
}

static Value b_splitlines(Value *args, size_t nargs, Value kwnames) {
    static const char *const kwlist[] = {"keepends"};
    Value a[1];
    if (parse_args("splitlines", args + 1, nargs - 1, kwnames, kwlist, 1, a) < 0) return VNULL;
    int keep = 0;
    if (a[0] && int_arg(a[0], &keep) < 0) return VNULL;
    Value self = args[0];
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    Value list = list_new(0);
    int64_t i = 0;
    while (i < n) {
        int64_t j = i;
        while (j < n && d[j] != '\n' && d[j] != '\r') j++;
        int64_t eol = j;
        if (j < n) j += (d[j] == '\r' && j + 1 < n && d[j + 1] == '\n') ? 2 : 1;
        if (keep) eol = j;
        list_append(list, (i == 0 && eol == n) ? same(self) : mk(self, d + i, eol - i));
        i = j;
    }
    return list;
}

static Value partition_common(const char *name, Value *args, size_t nargs, bool reverse) {
    if (!one_arg(args, nargs, name)) return VNULL;
    Value self = args[0], sep = args[1];
    const char *sp;
    int64_t sn;
    if (!need_view(sep, &sp, &sn)) return VNULL;
    if (sn == 0) return err_set(&exc_ValueError, "empty separator");
    /* bytes returns the separator argument itself; bytearray a copy */
    Value sepr = is_bytes(self) ? sep : bytearray_new(sp, (size_t)sn);
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    const char *q = reverse ? bytes_rfind_raw(d, n, sp, sn) : bytes_find_raw(d, n, sp, sn);
    if (!q) {
        if (reverse) return tuple_pack(3, mk(self, "", 0), mk(self, "", 0), same(self));
        return tuple_pack(3, same(self), mk(self, "", 0), mk(self, "", 0));
    }
    int64_t k = q - d;
    return tuple_pack(3, mk(self, d, k), sepr, mk(self, d + k + sn, n - k - sn));
}

static Value b_partition(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return partition_common("partition", args, nargs, false);
}
static Value b_rpartition(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return partition_common("rpartition", args, nargs, true);
}

/* ---- join ------------------------------------------------------------------------------------ */

static Value b_join(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!one_arg(args, nargs, "join")) return VNULL;
    Value self = args[0], seq = args[1];
    Value *items;
    int64_t n;
    if (list_check_exact(seq)) {
        items = list_items(seq);
        n = list_size(seq);
    } else if (tuple_check(seq)) {
        items = tuple_items(seq);
        n = tuple_size(seq);
    } else {
        Value it = obj_iter(seq);
        if (!it) {
            if (err_matches(&exc_TypeError)) {
                err_clear();
                return err_set(&exc_TypeError, "can only join an iterable");
            }
            return VNULL;
        }
        Value l = list_from_iterable(it);
        if (!l) return VNULL;
        items = list_items(l);
        n = list_size(l);
    }
    if (n == 1 && is_bytes(self) && bytes_check_exact(items[0])) return items[0];
    const char *sp, *xp = NULL;
    int64_t sn, xn = 0;
    for (int64_t i = 0; i < n; i++)
        if (!byteslike_check(items[i]))
            return err_format(&exc_TypeError, "sequence item %zd: expected a bytes-like object, %T found", (ssize_t)i,
                              items[i]);
    self_view(self, &sp, &sn);
    Buf b;
    buf_init(&b, 64);
    for (int64_t i = 0; i < n; i++) {
        if (i) buf_put(&b, sp, (size_t)sn);
        byteslike_view(items[i], &xp, &xn);
        buf_put(&b, xp, (size_t)xn);
        if ((int64_t)b.len > BYTES_MAX) return err_no_memory();
    }
    return mk_buf(self, &b);
}

/* ---- strip, removeprefix, removesuffix ----------------------------------------------------------- */

/* which: 1 left, 2 right, 3 both */
static Value strip_common(const char *name, Value *args, size_t nargs, int which) {
    if (arg_count(name, nargs - 1, 0, 1) < 0) return VNULL;
    Value self = args[0], chars = nargs > 1 ? args[1] : V_NONE;
    bool set[256] = {false};
    if (chars == V_NONE) {
        for (const char *s = " \t\n\v\f\r"; *s; s++) set[(unsigned char)*s] = true;
    } else {
        const char *cp;
        int64_t cn;
        if (!need_view(chars, &cp, &cn)) return VNULL;
        for (int64_t k = 0; k < cn; k++) set[(unsigned char)cp[k]] = true;
    }
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    int64_t i = 0, j = n;
    if (which & 1)
        while (i < j && set[(unsigned char)d[i]]) i++;
    if (which & 2)
        while (j > i && set[(unsigned char)d[j - 1]]) j--;
    if (i == 0 && j == n) return same(self);
    return mk(self, d + i, j - i);
}

static Value b_strip(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return strip_common("strip", args, nargs, 3);
}
static Value b_lstrip(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return strip_common("lstrip", args, nargs, 1);
}
static Value b_rstrip(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return strip_common("rstrip", args, nargs, 2);
}

static Value remove_affix(const char *name, Value *args, size_t nargs, bool suffix) {
    if (!one_arg(args, nargs, name)) return VNULL;
    const char *ap, *d;
    int64_t an, n;
    if (!need_view(args[1], &ap, &an)) return VNULL;
    self_view(args[0], &d, &n);
    if (an && an <= n && memcmp(suffix ? d + n - an : d, ap, (size_t)an) == 0)
        return mk(args[0], suffix ? d : d + an, n - an);
    return same(args[0]);
}

static Value b_removeprefix(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return remove_affix("removeprefix", args, nargs, false);
}
static Value b_removesuffix(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return remove_affix("removesuffix", args, nargs, true);
}

/* ---- replace ------------------------------------------------------------------------------------ */

static Value b_replace(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("replace", nargs - 1, 2, 3) < 0) return VNULL;
    Value self = args[0];
    const char *op, *np;
    int64_t on, nn;
    if (!need_view(args[1], &op, &on) || !need_view(args[2], &np, &nn)) return VNULL;
    int64_t count = -1;
    if (nargs > 3 && ssize_arg(args[3], &count) < 0) return VNULL;
    if (count < 0) count = INT64_MAX;
    byteslike_view(args[1], &op, &on);
    byteslike_view(args[2], &np, &nn);
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    if (count == 0) return same(self);
    if (on == 0) {
        /* insert new before every byte and at the end, count times */
        int64_t k = count < n + 1 ? count : n + 1;
        if (nn && k > (BYTES_MAX - n) / nn) return err_no_memory();
        char *o;
        Value r = mk_alloc(self, n + k * nn, &o);
        if (!r) return VNULL;
        int64_t i = 0;
        for (int64_t m = 0; m < k; m++) {
            memcpy(o, np, (size_t)nn);
            o += nn;
            if (i < n) *o++ = d[i++];
        }
        memcpy(o, d + i, (size_t)(n - i));
        return r;
    }
    int64_t k = bytes_count_raw(d, n, op, on, count);
    if (k == 0) return same(self);
    if (nn > on && k > (BYTES_MAX - n) / (nn - on)) return err_no_memory();
    char *o;
    Value r = mk_alloc(self, n + k * (nn - on), &o);
    if (!r) return VNULL;
    int64_t i = 0;
    for (int64_t m = 0; m < k; m++) {
        const char *q = bytes_find_raw(d + i, n - i, op, on);
        int64_t at = q - d;
        memcpy(o, d + i, (size_t)(at - i));
        o += at - i;
        memcpy(o, np, (size_t)nn);
        o += nn;
        i = at + on;
    }
    memcpy(o, d + i, (size_t)(n - i));
    return r;
}

/* ---- case mapping and predicates ---------------------------------------------------------------- */

/* how: 'u' upper, 'l' lower, 's' swapcase, 'c' capitalize, 't' title */
static Value case_map(Value *args, size_t nargs, const char *name, int how) {
    if (!no_args(args, nargs, name)) return VNULL;
    Value self = args[0];
    const char *p;
    int64_t n;
    self_view(self, &p, &n);
    const unsigned char *d = (const unsigned char *)p;
    char *out;
    Value r = mk_alloc(self, n, &out);
    if (!r) return VNULL;
    unsigned char *o = (unsigned char *)out;
    bool prev_cased = false;
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = d[i];
        bool up = c_upper(c), lo = c_lower(c);
        switch (how) {
        case 'u': o[i] = lo ? c - 32 : c; break;
        case 'l': o[i] = up ? c + 32 : c; break;
        case 's': o[i] = up ? c + 32 : lo ? c - 32 : c; break;
        case 'c': o[i] = i == 0 ? (lo ? c - 32 : c) : (up ? c + 32 : c); break;
        default:
            if (prev_cased) o[i] = up ? c + 32 : c;
            else o[i] = lo ? c - 32 : c;
            prev_cased = up || lo;
        }
    }
    return r;
}

static Value b_upper(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return case_map(args, nargs, "upper", 'u');
}
static Value b_lower(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return case_map(args, nargs, "lower", 'l');
}
static Value b_swapcase(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return case_map(args, nargs, "swapcase", 's');
}
static Value b_capitalize(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return case_map(args, nargs, "capitalize", 'c');
}
static Value b_title(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return case_map(args, nargs, "title", 't');
}

/* True when self is non-empty and every byte satisfies pred. */
static Value all_bytes(Value *args, size_t nargs, const char *name, bool (*pred)(unsigned char)) {
    if (!no_args(args, nargs, name)) return VNULL;
    const char *p;
    int64_t n;
    self_view(args[0], &p, &n);
    if (n == 0) return V_FALSE;
    for (int64_t i = 0; i < n; i++)
        if (!pred((unsigned char)p[i])) return V_FALSE;
    return V_TRUE;
}

static bool p_alnum(unsigned char c) { return c_alpha(c) || c_digit(c); }
static bool p_alpha(unsigned char c) { return c_alpha(c); }
static bool p_digit(unsigned char c) { return c_digit(c); }
static bool p_space(unsigned char c) { return c_space(c); }

static Value b_isalnum(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return all_bytes(args, nargs, "isalnum", p_alnum);
}
static Value b_isalpha(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return all_bytes(args, nargs, "isalpha", p_alpha);
}
static Value b_isdigit(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return all_bytes(args, nargs, "isdigit", p_digit);
}
static Value b_isspace(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return all_bytes(args, nargs, "isspace", p_space);
}

static Value b_isascii(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!no_args(args, nargs, "isascii")) return VNULL;
    const char *p;
    int64_t n;
    self_view(args[0], &p, &n);
    for (int64_t i = 0; i < n; i++)
        if ((unsigned char)p[i] >= 0x80) return V_FALSE;
    return V_TRUE;
}

/* islower / isupper: some cased byte, none of the other case. */
static Value cased_only(Value *args, size_t nargs, const char *name, bool upper) {
    if (!no_args(args, nargs, name)) return VNULL;
    const char *p;
    int64_t n;
    self_view(args[0], &p, &n);
    bool cased = false;
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (upper ? c_lower(c) : c_upper(c)) return V_FALSE;
        if (upper ? c_upper(c) : c_lower(c)) cased = true;
    }
    return v_bool(cased);
}

static Value b_islower(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return cased_only(args, nargs, "islower", false);
}
static Value b_isupper(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return cased_only(args, nargs, "isupper", true);
}

static Value b_istitle(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!no_args(args, nargs, "istitle")) return VNULL;
    const char *p;
    int64_t n;
    self_view(args[0], &p, &n);
    bool cased = false, prev_cased = false;
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c_upper(c)) {
            if (prev_cased) return V_FALSE;
            prev_cased = cased = true;
        } else if (c_lower(c)) {
            if (!prev_cased) return V_FALSE;
            prev_cased = cased = true;
        } else {
            prev_cased = false;
        }
    }
    return v_bool(cased);
}

/* ---- padding -------------------------------------------------------------------------------------- */

/* self padded with `left` and `right` copies of fill. */
static Value pad(Value self, int64_t left, int64_t right, char fill) {
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    if (left + right > BYTES_MAX) return err_no_memory();
    char *o;
    Value r = mk_alloc(self, n + left + right, &o);
    if (!r) return VNULL;
    memset(o, fill, (size_t)left);
    memcpy(o + left, d, (size_t)n);
    memset(o + left + n, fill, (size_t)right);
    return r;
}

/* how: 'l' ljust, 'r' rjust, 'c' center */
static Value justify(const char *name, Value *args, size_t nargs, int how) {
    if (arg_count(name, nargs - 1, 1, 2) < 0) return VNULL;
    int64_t width;
    if (ssize_arg(args[1], &width) < 0) return VNULL;
    char fill = ' ';
    if (nargs > 2) {
        const char *fp;
        int64_t fn;
        if (!byteslike_view(args[2], &fp, &fn) || fn != 1)
            return err_format(&exc_TypeError, "%s() argument 2 must be a byte string of length 1, not %T", name,
                              args[2]);
        fill = fp[0];
    }
    Value self = args[0];
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    if (n >= width) return same(self);
    int64_t marg = width - n;
    switch (how) {
    case 'l': return pad(self, 0, marg, fill);
    case 'r': return pad(self, marg, 0, fill);
    default: {
        /* the odd extra byte goes on the left when the width is odd */
        int64_t left = marg / 2 + (marg & width & 1);
        return pad(self, left, marg - left, fill);
    }
    }
}

static Value b_ljust(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return justify("ljust", args, nargs, 'l');
}
static Value b_rjust(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return justify("rjust", args, nargs, 'r');
}
static Value b_center(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return justify("center", args, nargs, 'c');
}

static Value b_zfill(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!one_arg(args, nargs, "zfill")) return VNULL;
    int64_t width;
    if (ssize_arg(args[1], &width) < 0) return VNULL;
    Value self = args[0];
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    if (n >= width) return same(self);
    int64_t fill = width - n;
    Value r = pad(self, fill, 0, '0');
    if (!r) return VNULL;
    char *p = is_bytes(r) ? V_AS(BytesObject, r)->data : bytearray_data(r);
    if (p[fill] == '+' || p[fill] == '-') {
        /* the sign goes in front of the zeros */
        p[0] = p[fill];
        p[fill] = '0';
    }
    return r;
}

static Value b_expandtabs(Value *args, size_t nargs, Value kwnames) {
    static const char *const kwlist[] = {"tabsize"};
    Value a[1];
    if (parse_args("expandtabs", args + 1, nargs - 1, kwnames, kwlist, 1, a) < 0) return VNULL;
    int tabsize = 8;
    if (a[0] && int_arg(a[0], &tabsize) < 0) return VNULL;
    Value self = args[0];
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    Buf b;
    buf_init(&b, (size_t)n + 16);
    int64_t col = 0;
    for (int64_t i = 0; i < n; i++) {
        char c = d[i];
        if (c == '\t') {
            if (tabsize > 0) {
                int64_t k = tabsize - col % tabsize;
                if ((int64_t)b.len + k > BYTES_MAX) return err_no_memory();
                buf_fill(&b, ' ', (size_t)k);
                col += k;
            }
        } else {
            buf_putc(&b, c);
            col = (c == '\n' || c == '\r') ? 0 : col + 1;
        }
    }
    return mk_buf(self, &b);
}

/* ---- translate / maketrans ----------------------------------------------------------------------- */

static Value b_translate(Value *args, size_t nargs, Value kwnames) {
    size_t npos = nargs - 1, nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (npos + nkw > 2)
        return err_format(&exc_TypeError, "translate() takes at most 2 arguments (%zd given)", (ssize_t)(npos + nkw));
    Value del = npos > 1 ? args[2] : VNULL;
    for (size_t k = 0; k < nkw; k++) {
        Value name = tuple_get(kwnames, (int64_t)k);
        if (!str_eq_cstr(name, "delete")) {
            if (str_eq_cstr(name, "table")) break;   /* positional-only: reported below */
            return err_format(&exc_TypeError, "'%U' is an invalid keyword argument for translate()", name);
        }
        if (npos > 1)
            return err_set(&exc_TypeError, "argument for translate() given by name ('delete') and position (2)");
        del = args[nargs + k];
    }
    if (npos < 1) return err_set(&exc_TypeError, "translate() takes at least 1 positional argument (0 given)");
    Value table = args[1];
    const char *tp = NULL, *dp = "";
    int64_t tn = 0, dn = 0;
    if (table != V_NONE && !need_view(table, &tp, &tn)) return VNULL;
    if (table != V_NONE && tn != 256) return err_set(&exc_ValueError, "translation table must be 256 characters long");
    if (del && !need_view(del, &dp, &dn)) return VNULL;
    bool drop[256] = {false};
    for (int64_t k = 0; k < dn; k++) drop[(unsigned char)dp[k]] = true;
    Value self = args[0];
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    if (!tp && dn == 0) return same(self);
    Buf b;
    buf_init(&b, (size_t)n + 1);
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)d[i];
        if (drop[c]) continue;
        buf_putc(&b, tp ? tp[c] : (char)c);
    }
    return mk_buf(self, &b);
}

static Value b_maketrans(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("maketrans", nargs, 2, 2) < 0) return VNULL;
    const char *fp, *tp;
    int64_t fn, tn;
    if (!need_view(args[0], &fp, &fn) || !need_view(args[1], &tp, &tn)) return VNULL;
    if (fn != tn) return err_set(&exc_ValueError, "maketrans arguments must have same length");
    Value r = bytes_alloc(256);
    char *o = V_AS(BytesObject, r)->data;
    for (int i = 0; i < 256; i++) o[i] = (char)i;
    for (int64_t i = 0; i < fn; i++) o[(unsigned char)fp[i]] = tp[i];
    return r;
}

/* ---- decode ------------------------------------------------------------------------------------- */

static Value b_decode(Value *args, size_t nargs, Value kwnames) {
    static const char *const kwlist[] = {"encoding", "errors"};
    Value a[2];
    if (parse_args("decode", args + 1, nargs - 1, kwnames, kwlist, 2, a) < 0) return VNULL;
    if (a[0] && !str_check(a[0]))
        return err_format(&exc_TypeError, "decode() argument 'encoding' must be str, not %s", clinic_tname(a[0]));
    if (a[1] && !str_check(a[1]))
        return err_format(&exc_TypeError, "decode() argument 'errors' must be str, not %s", clinic_tname(a[1]));
    if (codec_dev_check(a[0], a[1]) < 0) return VNULL;
    const char *p;
    int64_t n;
    self_view(args[0], &p, &n);
    if (n == 0) return str_empty;
    int codec = a[0] ? codec_lookup(a[0]) : CODEC_UTF8;
    /* the fast path: ASCII data is its own decoding */
    if (codec == CODEC_UTF8 || codec == CODEC_ASCII || codec == CODEC_LATIN1) {
        int64_t i = 0;
        while (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, p + i, 8);
            if (w & 0x8080808080808080ULL) break;
            i += 8;
        }
        while (i < n && (unsigned char)p[i] < 0x80) i++;
        if (i == n) return str_try_new_counted(p, (size_t)n, n);
    }
    return codec_decode_bytes(args[0], a[0], a[1]);
}

/* ---- hex / fromhex ------------------------------------------------------------------------------- */

static Value b_hex(Value *args, size_t nargs, Value kwnames) {
    static const char *const kwlist[] = {"sep", "bytes_per_sep"};
    Value a[2];
    if (parse_args("hex", args + 1, nargs - 1, kwnames, kwlist, 2, a) < 0) return VNULL;
    int per = 1;
    if (a[1] && int_arg(a[1], &per) < 0) return VNULL;
    int sep = -1;
    if (a[0]) {
        Value s = a[0];
        int64_t len = obj_len(s);
        if (len < 0) return VNULL;
        if (len != 1) return err_set(&exc_ValueError, "sep must be length 1.");
        uint32_t c;
        if (str_check(s)) c = str_char_at(s, 0);
        else if (bytes_check(s)) c = (unsigned char)bytes_data(s)[0];
        else return err_set(&exc_TypeError, "sep must be str or bytes.");
        if (c > 127) return err_set(&exc_ValueError, "sep must be ASCII.");
        sep = (int)c;
    }
    const char *p;
    int64_t n;
    self_view(args[0], &p, &n);
    const unsigned char *d = (const unsigned char *)p;
    static const char hex[] = "0123456789abcdef";
    Buf b;
    buf_init(&b, (size_t)n * 3 + 1);
    int64_t group = per < 0 ? -(int64_t)per : per;
    for (int64_t i = 0; i < n; i++) {
        if (sep >= 0 && group > 0 && i > 0 && (per < 0 ? i % group == 0 : (n - i) % group == 0))
            buf_putc(&b, (char)sep);
        char h[2] = {hex[d[i] >> 4], hex[d[i] & 15]};
        buf_put(&b, h, 2);
    }
    return str_from_buf(&b);
}

static int hex_digit(uint32_t c) {
    if (c >= '0' && c <= '9') return (int)(c - '0');
    if (c >= 'a' && c <= 'f') return (int)(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return (int)(c - 'A' + 10);
    return -1;
}

static Value b_fromhex(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    Type *cls = V_AS(Type, args[0]);
    if (nargs != 2)
        return err_format(&exc_TypeError, "%s.fromhex() takes exactly one argument (%zd given)",
                          type_is_subtype(cls, &bytearray_type) ? "bytearray" : "bytes", (ssize_t)nargs - 1);
    Value s = args[1];
    if (!str_check(s)) return err_format(&exc_TypeError, "fromhex() argument must be str, not %T", s);
    /* work on code points: positions in messages count them */
    int64_t len = str_len(s), nb = str_nbytes(s), bi = 0;
    const char *sd = str_data(s);
    Buf b;
    buf_init(&b, (size_t)len / 2 + 1);
    int64_t i = 0;
    uint32_t c = 0;
#define NEXT_CP()                                                           \
    do {                                                                    \
        if (bi < nb) {                                                      \
            int l_ = 1;                                                     \
            c = (unsigned char)sd[bi] < 0x80 ? (unsigned char)sd[bi] : utf8_decode(sd + bi, &l_); \
            bi += l_;                                                       \
        } else {                                                            \
            c = 0;                                                          \
        }                                                                   \
    } while (0)
    NEXT_CP();
    while (i < len) {
        if (c < 0x80 && c_space((unsigned char)c)) {
            i++;
            NEXT_CP();
            continue;
        }
        int hi = hex_digit(c);
        if (hi < 0) goto bad;
        i++;
        NEXT_CP();
        int lo = i < len ? hex_digit(c) : -1;
        if (lo < 0) goto bad;
        i++;
        NEXT_CP();
        buf_putc(&b, (char)(hi * 16 + lo));
    }
#undef NEXT_CP
    {
        Value r = bytes_from_buf(&b);
        if (cls == &bytes_type) return r;
        if (cls == &bytearray_type) return bytearray_new(b.data, b.len);
        return obj_call1(args[0], r);
    }
bad:
    return err_format(&exc_ValueError, "non-hexadecimal number found in fromhex() arg at position %zd", (ssize_t)i);
}

/* ---- bytes % args ---------------------------------------------------------------------------------- */

static Value raise_numfmt(const NumFmtError *e) {
    switch (e->type) {
    case 'O': return err_set(&exc_OverflowError, e->msg);
    case 'T': return err_set(&exc_TypeError, e->msg);
    case 'M': return err_no_memory();
    default: return err_set(&exc_ValueError, e->msg);
    }
}

/* Append p[0..n) truncated to prec bytes and padded to width. */
static int fmt_put(Buf *out, const char *p, int64_t n, int64_t width, int64_t prec, bool left) {
    if (width > BYTES_MAX) {
        err_no_memory();
        return -1;
    }
    if (prec >= 0 && prec < n) n = prec;
    if (width > n && !left) buf_fill(out, ' ', (size_t)(width - n));
    buf_put(out, p, (size_t)n);
    if (width > n && left) buf_fill(out, ' ', (size_t)(width - n));
    return 0;
}

/* The int %d/%x take from v, or VNULL with an error. */
static Value fmt_int_arg(Value v, char conv) {
    bool index_only = conv == 'o' || conv == 'x' || conv == 'X';
    if (int_check(v)) return v;
    if (float_check(v)) {
        if (index_only) goto wrongtype;
        return int_from_double(float_val(v));
    }
    if (v_is_ptr(v)) {
        bool found = false;
        Value r = VNULL;
        if (!index_only) r = obj_call_special(v, NAME(__int__), NULL, 0, &found);
        if (!found) r = obj_call_special(v, NAME(__index__), NULL, 0, &found);
        if (found) {
            if (!r) return VNULL;
            if (!int_check(r))
                return err_format(&exc_TypeError, "__%s__ returned non-int (type %T)", index_only ? "index" : "int", r);
            return r;
        }
    }
wrongtype:
    return err_format(&exc_TypeError, "%%%c format: %s is required, not %T", conv,
                      index_only ? "an integer" : "a real number", v);
}

/* The double %e/%f/%g take from v. */
static int fmt_float_arg(Value v, double *out) {
    if (float_check(v)) {
        *out = float_val(v);
        return 0;
    }
    double x = obj_as_double(v);
    if (x == -1.0 && err_occurred()) {
        err_clear();
        err_format(&exc_TypeError, "float argument required, not %T", v);
        return -1;
    }
    *out = x;
    return 0;
}

/* Arguments of %: a tuple's items or one value; %(key) replaces them. */
typedef struct FmtArgs {
    Value *items;
    int64_t n, next;
    Value single;
} FmtArgs;

static Value fmt_next(FmtArgs *a) {
    if (a->next < a->n) return a->items[a->next++];
    return err_set(&exc_TypeError, "not enough arguments for format string");
}

Value byteslike_format(Value self, Value args) {
    FmtArgs fa;
    fa.single = args;
    if (tuple_check(args)) {
        fa.items = tuple_items(args);
        fa.n = tuple_size(args);
    } else {
        fa.items = &fa.single;
        fa.n = 1;
    }
    fa.next = 0;
    /* a mapping: anything subscriptable but tuples, strings and bytes-likes */
    Value dict = VNULL;
    if (v_is_ptr(args) && args && type_of(args)->getitem && !tuple_check(args) && !str_check(args) &&
        !byteslike_check(args))
        dict = args;
    const char *d;
    int64_t n;
    self_view(self, &d, &n);
    /* the format is copied: bytearray contents may change under us */
    if (!is_bytes(self)) {
        char *copy = gc_alloc_atomic((size_t)n + 1);
        memcpy(copy, d, (size_t)n);
        d = copy;
    }
    int64_t i = 0;
    Buf out;
    buf_init(&out, (size_t)n + 16);
    while (i < n) {
        const char *pct = memchr(d + i, '%', (size_t)(n - i));
        if (!pct) {
            buf_put(&out, d + i, (size_t)(n - i));
            break;
        }
        buf_put(&out, d + i, (size_t)(pct - (d + i)));
        i = pct - d + 1;
        if (i >= n) return err_set(&exc_ValueError, "incomplete format");
        if (d[i] == '%') {
            buf_putc(&out, '%');
            i++;
            continue;
        }
        if (d[i] == '(') {
            if (!dict) return err_set(&exc_TypeError, "format requires a mapping");
            int depth = 1;
            int64_t ks = ++i;
            while (i < n && depth > 0) {
                if (d[i] == '(') depth++;
                else if (d[i] == ')') depth--;
                i++;
            }
            if (depth > 0) return err_set(&exc_ValueError, "incomplete format key");
            Value v = obj_getitem(dict, bytes_new(d + ks, (size_t)(i - 1 - ks)));
            if (!v) return VNULL;
            fa.single = v;
            fa.items = &fa.single;
            fa.n = 1;
            fa.next = 0;
        }
        PercentSpec ps = {.width = -1, .precision = -1};
        for (; i < n; i++) {
            char c = d[i];
            if (c == '-') ps.left = true;
            else if (c == '+') ps.plus = true;
            else if (c == ' ') ps.space = true;
            else if (c == '#') ps.alternate = true;
            else if (c == '0') ps.zero = true;
            else break;
        }
        if (i < n && d[i] == '*') {
            Value v = fmt_next(&fa);
            if (!v) return VNULL;
            if (!int_check(v)) return err_set(&exc_TypeError, "* wants int");
            int64_t w = v_is_int(v) ? v_intval(v) : int_as_i64(v);
            if (w == -1 && err_occurred()) {
                err_clear();
                return err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
            }
            if (w < 0) {
                ps.left = true;
                w = -w;
            }
            ps.width = w;
            i++;
        } else if (i < n && d[i] >= '0' && d[i] <= '9') {
            int64_t w = 0;
            for (; i < n && d[i] >= '0' && d[i] <= '9'; i++) {
                int dv = d[i] - '0';
                if (w > (INT64_MAX - dv) / 10) return err_set(&exc_ValueError, "width too big");
                w = w * 10 + dv;
            }
            ps.width = w;
        }
        if (i < n && d[i] == '.') {
            i++;
            int64_t p = 0;
            if (i < n && d[i] == '*') {
                Value v = fmt_next(&fa);
                if (!v) return VNULL;
                if (!int_check(v)) return err_set(&exc_TypeError, "* wants int");
                p = int_as_i64_clamped(v, INT64_MIN, INT64_MAX);
                if (!v_is_int(v) || p < INT_MIN || p > INT_MAX)
                    return err_set(&exc_OverflowError, "Python int too large to convert to C int");
                if (p < 0) p = 0;
                i++;
            } else {
                for (; i < n && d[i] >= '0' && d[i] <= '9'; i++) {
                    int dv = d[i] - '0';
                    if (p > (INT_MAX - dv) / 10) return err_set(&exc_ValueError, "precision too big");
                    p = p * 10 + dv;
                }
            }
            ps.precision = p;
        }
        if (i < n && (d[i] == 'h' || d[i] == 'l' || d[i] == 'L')) i++;
        if (i >= n) return err_set(&exc_ValueError, "incomplete format");
        int64_t conv_at = i;
        unsigned char conv = (unsigned char)d[i++];
        Value v = fmt_next(&fa);
        if (!v) return VNULL;
        switch (conv) {
        case 's':
        case 'b': {
            const char *vp;
            int64_t vn;
            if (!byteslike_view(v, &vp, &vn)) {
                bool found = false;
                Value r = VNULL;
                if (v_is_ptr(v) && v) r = obj_call_special(v, NAME(__bytes__), NULL, 0, &found);
                if (!found)
                    return err_format(&exc_TypeError,
                                      "%%b requires a bytes-like object, or an object that implements __bytes__, not '%T'",
                                      v);
                if (!r) return VNULL;
                if (!bytes_check(r)) return err_format(&exc_TypeError, "__bytes__ returned non-bytes (type %T)", r);
                vp = bytes_data(r);
                vn = bytes_size(r);
            }
            if (fmt_put(&out, vp, vn, ps.width, ps.precision, ps.left) < 0) return VNULL;
            break;
        }
        case 'r':
        case 'a': {
            Value s = obj_ascii(v);
            if (!s) return VNULL;
            if (fmt_put(&out, str_data(s), str_nbytes(s), ps.width, ps.precision, ps.left) < 0) return VNULL;
            break;
        }
        case 'c': {
            char ch;
            const char *vp;
            int64_t vn;
            if (byteslike_view(v, &vp, &vn) && vn == 1) {
                ch = vp[0];
            } else if (has_index(v)) {
                int64_t x;
                if (index_clamped(v, &x) < 0) return VNULL;
                if (x < 0 || x > 255) return err_set(&exc_OverflowError, "%c arg not in range(256)");
                ch = (char)x;
            } else {
                return err_set(&exc_TypeError, "%c requires an integer in range(256) or a single byte");
            }
            if (fmt_put(&out, &ch, 1, ps.width, -1, ps.left) < 0) return VNULL;
            break;
        }
        case 'd':
        case 'i':
        case 'u':
        case 'o':
        case 'x':
        case 'X':
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G': {
            ps.conv = (char)conv;
            NumFmtError e;
            int rc;
            if (strchr("eEfFgG", conv)) {
                double x;
                if (fmt_float_arg(v, &x) < 0) return VNULL;
                rc = numfmt_percent_double(x, &ps, &out, &e);
            } else {
                Value iv = fmt_int_arg(v, (char)conv);
                if (!iv) return VNULL;
                mpz_t z;
                mpz_init(z);
                int_to_mpz(iv, z);
                rc = numfmt_percent_int(z, &ps, &out, &e);
                mpz_clear(z);
            }
            if (rc < 0) return raise_numfmt(&e);
            break;
        }
        default:
            if (conv >= 0x80)   /* CPython 3.11 fails to format the message */
                return err_set(&exc_OverflowError, "character argument not in range(0x110000)");
            {
                char hx[8];
                snprintf(hx, sizeof hx, "%x", conv);
                return err_format(&exc_ValueError, "unsupported format character '%c' (0x%s) at index %zd",
                                  (conv >= 32 && conv < 127) ? (int)conv : '?', hx, (ssize_t)conv_at);
            }
        }
        if ((int64_t)out.len > BYTES_MAX) return err_no_memory();
    }
    if (fa.next < fa.n && !dict)
        return err_set(&exc_TypeError, "not all arguments converted during bytes formatting");
    return mk_buf(self, &out);
}

/* ---- bytes-only methods ------------------------------------------------------------------------------ */

static Value b_dunder_bytes(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!no_args(args, nargs, "__bytes__")) return VNULL;
    return same(args[0]);
}

static Value b_getnewargs(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!no_args(args, nargs, "__getnewargs__")) return VNULL;
    return tuple_pack(1, bytes_new(bytes_data(args[0]), (size_t)bytes_size(args[0])));
}

/* ---- tables ---------------------------------------------------------------------------------------- */

const MethodDef bytes_common_methods[] = {
    {"capitalize", b_capitalize, 0, NULL},
    {"center", b_center, 0, NULL},
    {"count", b_count, 0, NULL},
    {"decode", b_decode, MF_KEYWORDS, NULL},
    {"endswith", b_endswith, 0, NULL},
    {"expandtabs", b_expandtabs, MF_KEYWORDS, NULL},
    {"find", b_find, 0, NULL},
    {"fromhex", b_fromhex, MF_CLASS, NULL},
    {"hex", b_hex, MF_KEYWORDS, NULL},
    {"index", b_index, 0, NULL},
    {"isalnum", b_isalnum, 0, NULL},
    {"isalpha", b_isalpha, 0, NULL},
    {"isascii", b_isascii, 0, NULL},
    {"isdigit", b_isdigit, 0, NULL},
    {"islower", b_islower, 0, NULL},
    {"isspace", b_isspace, 0, NULL},
    {"istitle", b_istitle, 0, NULL},
    {"isupper", b_isupper, 0, NULL},
    {"join", b_join, 0, NULL},
    {"ljust", b_ljust, 0, NULL},
    {"lower", b_lower, 0, NULL},
    {"lstrip", b_lstrip, 0, NULL},
    {"maketrans", b_maketrans, MF_STATIC, NULL},
    {"partition", b_partition, 0, NULL},
    {"removeprefix", b_removeprefix, 0, NULL},
    {"removesuffix", b_removesuffix, 0, NULL},
    {"replace", b_replace, 0, NULL},
    {"rfind", b_rfind, 0, NULL},
    {"rindex", b_rindex, 0, NULL},
    {"rjust", b_rjust, 0, NULL},
    {"rpartition", b_rpartition, 0, NULL},
    {"rsplit", b_rsplit, MF_KEYWORDS, NULL},
    {"rstrip", b_rstrip, 0, NULL},
    {"split", b_split, MF_KEYWORDS, NULL},
    {"splitlines", b_splitlines, MF_KEYWORDS, NULL},
    {"startswith", b_startswith, 0, NULL},
    {"strip", b_strip, 0, NULL},
    {"swapcase", b_swapcase, 0, NULL},
    {"title", b_title, 0, NULL},
    {"translate", b_translate, MF_KEYWORDS, NULL},
    {"upper", b_upper, 0, NULL},
    {"zfill", b_zfill, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef bytes_own_methods[] = {
    {"__bytes__", b_dunder_bytes, 0, NULL},
    {"__getnewargs__", b_getnewargs, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef bytesiter_methods[] = {
    {"__length_hint__", bytesiter_length_hint, 0, NULL},
    {"__reduce__", bytesiter_reduce, 0, NULL},
    {"__setstate__", bytesiter_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static int bytes_getbuffer(Value self, BufferInfo *out) {
    out->data = (char *)bytes_data(self);
    out->len = bytes_size(self);
    out->itemsize = 1;
    out->format = "B";
    out->readonly = true;
    return 0;
}

Type bytes_type = {
    .tname = "bytes",
    .getbuffer = bytes_getbuffer,
    .flags = TF_BASETYPE | TF_BYTES_SUBCLASS,
    .basicsize = sizeof(BytesObject),
    .repr = bytes_repr,
    .str = bytes_repr,
    .hash = bytes_hash,
    .richcompare = bytes_richcompare,
    .binop = bytes_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_MUL) | (1u << BINOP_MOD) | BINOP_MASK_CONCAT,
    .len = bytes_len,
    .getitem = bytes_getitem,
    .contains = byteslike_contains,
    .iter = bytes_iter,
    .new_ = bytes_new_slot,
};

Type bytesiter_type = {
    .tname = "bytes_iterator",
    .basicsize = sizeof(BytesIterObject),
    .iter = iter_self,
    .iternext = bytesiter_next,
    .flags = TF_ABSTRACT_NEW,   /* made by iter() only */
};

void bytes_init(void) {
    type_add_methods(&bytes_type, bytes_common_methods);
    type_add_methods(&bytes_type, bytes_own_methods);
    type_ready(&bytes_type);
    dict_set_cstr(bytes_type.dict, "__doc__",
                  str_from_cstr("bytes(iterable_of_ints) -> bytes\n"
                                "bytes(string, encoding[, errors]) -> bytes\n"
                                "bytes(bytes_or_buffer) -> immutable copy of bytes_or_buffer\n"
                                "bytes(int) -> bytes of that many zero bytes\n"
                                "bytes() -> empty bytes object\n\n"
                                "An immutable sequence of bytes (integers in range(256)), built from an\n"
                                "iterable of such integers, a str encoded with the given encoding, a copy of\n"
                                "any object supporting the buffer protocol, or a count of zero bytes."));
    type_add_methods(&bytesiter_type, bytesiter_methods);
    type_ready(&bytesiter_type);
}
