/* collections.c: the _collections module, the C part of the standard
 * collections package:
 *
 *  - deque: a double-ended queue in a growable ring buffer (capacity a
 *    power of two), with an optional maxlen; `state` counts structural
 *    changes so iterators and searches detect mutation as CPython does.
 *  - defaultdict: a dict subclass calling default_factory for missing keys.
 *  - _tuplegetter: the field accessors of namedtuple classes.
 *  - _count_elements: Counter's counting loop.
 *
 * Messages, reprs and type names (tp_name "collections.deque") follow
 * CPython 3.11. */
#include "../runtime.h"

/* ---- deque ----------------------------------------------------------------------- */

typedef struct DequeObject {
    Object hdr;
    Value *items;       /* ring buffer of cap slots */
    int64_t cap;        /* 0 or a power of two */
    int64_t head;       /* physical index of item 0 */
    int64_t size;
    int64_t maxlen;     /* -1: unbounded */
    uint64_t state;     /* bumped by every structural change */
} DequeObject;

typedef struct DequeIterObject {
    Object hdr;
    Value deque;
    int64_t index;      /* logical index of the next item */
    int64_t counter;    /* items left */
    uint64_t state;
} DequeIterObject;

static Type deque_type, dequeiter_type, dequereviter_type;

static inline DequeObject *DQ(Value v) { return V_AS(DequeObject, v); }
static inline bool deque_check(Value v) {
    return v_is_ptr(v) && v && type_is_subtype(V_OBJ(v)->type, &deque_type);
}
static inline Value *dq_slot(DequeObject *d, int64_t i) { return &d->items[(d->head + i) & (d->cap - 1)]; }
static inline Value dq_get(DequeObject *d, int64_t i) { return *dq_slot(d, i); }

static void dq_grow(DequeObject *d) {
    int64_t ncap = d->cap ? d->cap * 2 : 8;
    Value *ni = gc_alloc(sizeof(Value) * (size_t)ncap);
    for (int64_t i = 0; i < d->size; i++) ni[i] = dq_get(d, i);
    d->items = ni;
    d->cap = ncap;
    d->head = 0;
}

static inline Value dq_popleft_raw(DequeObject *d) {
    Value *s = dq_slot(d, 0);
    Value v = *s;
    *s = VNULL;
    d->head = (d->head + 1) & (d->cap - 1);
    d->size--;
    return v;
}

static inline Value dq_pop_raw(DequeObject *d) {
    Value *s = dq_slot(d, d->size - 1);
    Value v = *s;
    *s = VNULL;
    d->size--;
    return v;
}

static inline void dq_append(DequeObject *d, Value v) {
    if (d->maxlen == 0) return;
    if (d->size == d->cap) dq_grow(d);
    *dq_slot(d, d->size) = v;
    d->size++;
    d->state++;
    if (d->maxlen >= 0 && d->size > d->maxlen) dq_popleft_raw(d);
}

static inline void dq_appendleft(DequeObject *d, Value v) {
    if (d->maxlen == 0) return;
    if (d->size == d->cap) dq_grow(d);
    d->head = (d->head - 1) & (d->cap - 1);
    d->items[d->head] = v;
    d->size++;
    d->state++;
    if (d->maxlen >= 0 && d->size > d->maxlen) dq_pop_raw(d);
}

static void dq_clear(DequeObject *d) {
    d->items = NULL;
    d->cap = 0;
    d->head = 0;
    d->size = 0;
    d->state++;
}

/* Remove the item at logical index i. */
static void dq_del(DequeObject *d, int64_t i) {
    if (i < d->size / 2) {
        for (int64_t j = i; j > 0; j--) *dq_slot(d, j) = dq_get(d, j - 1);
        dq_popleft_raw(d);
    } else {
        for (int64_t j = i; j < d->size - 1; j++) *dq_slot(d, j) = dq_get(d, j + 1);
        dq_pop_raw(d);
    }
    d->state++;
}

/* Rotate right by n steps (left when negative). */
static void dq_rotate(DequeObject *d, int64_t n) {
    int64_t len = d->size;
    if (len <= 1) return;
    n %= len;
    if (n < 0) n += len;
    if (n == 0) return;
    d->state++;
    int64_t mask = d->cap - 1;
    if (n <= len - n) {
        for (int64_t k = 0; k < n; k++) {
            int64_t last = (d->head + len - 1) & mask;
            Value v = d->items[last];
            d->items[last] = VNULL;
            d->head = (d->head - 1) & mask;
            d->items[d->head] = v;
        }
    } else {
        for (int64_t k = 0; k < len - n; k++) {
            Value v = d->items[d->head];
            d->items[d->head] = VNULL;
            d->head = (d->head + 1) & mask;
            d->items[(d->head + len - 1) & mask] = v;
        }
    }
}

static int dq_extend(Value self, Value iterable) {
    DequeObject *d = DQ(self);
    if (iterable == self) {
        iterable = list_from_iterable(iterable);
        if (!iterable) return -1;
    }
    if (list_check_exact(iterable)) {
        for (int64_t i = 0; i < list_size(iterable); i++) dq_append(d, list_get(iterable, i));
        return 0;
    }
    if (tuple_check_exact(iterable)) {
        for (int64_t i = 0; i < tuple_size(iterable); i++) dq_append(d, tuple_get(iterable, i));
        return 0;
    }
    Value it = obj_iter(iterable);
    if (!it) return -1;
    Type *t = type_of(it);
    for (;;) {
        Value x = t->iternext(it);
        if (!x) return err_occurred() ? -1 : 0;
        dq_append(d, x);
    }
}

static int dq_extendleft(Value self, Value iterable) {
    DequeObject *d = DQ(self);
    if (iterable == self) {
        iterable = list_from_iterable(iterable);
        if (!iterable) return -1;
    }
    Value it = obj_iter(iterable);
    if (!it) return -1;
    Type *t = type_of(it);
    for (;;) {
        Value x = t->iternext(it);
        if (!x) return err_occurred() ? -1 : 0;
        dq_appendleft(d, x);
    }
}

static Value deque_alloc(Type *t) {
    DequeObject *d = V_AS(DequeObject, instance_new(t));
    d->maxlen = -1;
    return V_FROM_PTR(d);
}

static Value deque_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    (void)kwnames;
    return deque_alloc(t);
}

static int parse_maxlen(Value v, int64_t *out) {
    if (!v || v == V_NONE) {
        *out = -1;
        return 0;
    }
    if (!int_check(v)) {
        if (!v_is_ptr(v) || !type_lookup(type_of(v), NAME(__index__))) {
            err_set(&exc_TypeError, "an integer is required");
            return -1;
        }
        v = obj_index(v);
        if (!v) return -1;
    }
    int64_t m = int_as_i64(v);
    if (m == -1 && err_occurred()) return -1;
    if (m < 0) {
        err_set(&exc_ValueError, "maxlen must be non-negative");
        return -1;
    }
    *out = m;
    return 0;
}

static int deque_init(Value self, Value *args, size_t nargs, Value kwnames) {
    if (nargs > 2) {
        err_format(&exc_TypeError, "deque() takes at most 2 arguments (%zd given)", (ssize_t)nargs);
        return -1;
    }
    Value iterable = nargs > 0 ? args[0] : VNULL, maxlenv = nargs > 1 ? args[1] : VNULL;
    if (kwnames) {
        for (int64_t i = 0; i < tuple_size(kwnames); i++) {
            Value k = tuple_get(kwnames, i);
            Value v = args[nargs + (size_t)i];
            if (str_eq_cstr(k, "iterable") && !iterable) iterable = v;
            else if (str_eq_cstr(k, "maxlen") && !maxlenv) maxlenv = v;
            else if (str_eq_cstr(k, "iterable") || str_eq_cstr(k, "maxlen")) {
                err_format(&exc_TypeError, "argument for deque() given by name ('%U') and position (%d)", k,
                           str_eq_cstr(k, "iterable") ? 1 : 2);
                return -1;
            } else {
                err_format(&exc_TypeError, "'%U' is an invalid keyword argument for deque()", k);
                return -1;
            }
        }
    }
    int64_t maxlen;
    if (parse_maxlen(maxlenv, &maxlen) < 0) return -1;
    DequeObject *d = DQ(self);
    d->maxlen = maxlen;
    if (d->size > 0) dq_clear(d);
    if (iterable) return dq_extend(self, iterable);
    return 0;
}

/* An index-like argument as int64 (OverflowError when it does not fit). */
static int get_ssize(Value v, int64_t *out) {
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

/* method argument checks, with CPython's messages */
static int noargs(const char *name, size_t nargs) {
    if (nargs == 1) return 0;
    err_format(&exc_TypeError, "deque.%s() takes no arguments (%zd given)", name, (ssize_t)nargs - 1);
    return -1;
}
static int onearg(const char *name, size_t nargs) {
    if (nargs == 2) return 0;
    err_format(&exc_TypeError, "deque.%s() takes exactly one argument (%zd given)", name, (ssize_t)nargs - 1);
    return -1;
}

static Value deque_append_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (onearg("append", nargs) < 0) return VNULL;
    dq_append(DQ(args[0]), args[1]);
    return V_NONE;
}

static Value deque_appendleft_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (onearg("appendleft", nargs) < 0) return VNULL;
    dq_appendleft(DQ(args[0]), args[1]);
    return V_NONE;
}

static Value deque_pop_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (noargs("pop", nargs) < 0) return VNULL;
    DequeObject *d = DQ(args[0]);
    if (d->size == 0) return err_set(&exc_IndexError, "pop from an empty deque");
    d->state++;
    return dq_pop_raw(d);
}

static Value deque_popleft_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (noargs("popleft", nargs) < 0) return VNULL;
    DequeObject *d = DQ(args[0]);
    if (d->size == 0) return err_set(&exc_IndexError, "pop from an empty deque");
    d->state++;
    return dq_popleft_raw(d);
}

static Value deque_extend_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (onearg("extend", nargs) < 0) return VNULL;
    return dq_extend(args[0], args[1]) < 0 ? VNULL : V_NONE;
}

static Value deque_extendleft_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (onearg("extendleft", nargs) < 0) return VNULL;
    return dq_extendleft(args[0], args[1]) < 0 ? VNULL : V_NONE;
}

static Value deque_clear_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (noargs("clear", nargs) < 0) return VNULL;
    dq_clear(DQ(args[0]));
    return V_NONE;
}

static Value deque_rotate_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs > 2)
        return err_format(&exc_TypeError, "deque.rotate expected at most 1 argument, got %zd", (ssize_t)nargs - 1);
    int64_t n = 1;
    if (nargs == 2) {
        if (get_ssize(args[1], &n) < 0) return VNULL;
    }
    dq_rotate(DQ(args[0]), n);
    return V_NONE;
}

static Value deque_reverse_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (noargs("reverse", nargs) < 0) return VNULL;
    DequeObject *d = DQ(args[0]);
    for (int64_t i = 0, j = d->size - 1; i < j; i++, j--) {
        Value t = dq_get(d, i);
        *dq_slot(d, i) = dq_get(d, j);
        *dq_slot(d, j) = t;
    }
    return V_NONE;
}

static Value deque_count_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (onearg("count", nargs) < 0) return VNULL;
    DequeObject *d = DQ(args[0]);
    uint64_t state = d->state;
    int64_t n = 0;
    for (int64_t i = 0; i < d->size; i++) {
        int eq = obj_eq(dq_get(d, i), args[1]);
        if (eq < 0) return VNULL;
        if (d->state != state) return err_set(&exc_RuntimeError, "deque mutated during iteration");
        n += eq;
    }
    return int_from_i64(n);
}

static int deque_contains(Value self, Value x) {
    DequeObject *d = DQ(self);
    uint64_t state = d->state;
    for (int64_t i = 0; i < d->size; i++) {
        int eq = obj_eq(dq_get(d, i), x);
        if (eq < 0) return -1;
        if (d->state != state) {
            err_set(&exc_RuntimeError, "deque mutated during iteration");
            return -1;
        }
        if (eq) return 1;
    }
    return 0;
}

/* A slice-like index argument clamped to [0, n] (negative counts from the end). */
static int index_arg(Value v, int64_t n, int64_t *out) {
    if (!int_check(v)) {
        if (v_is_smallfloat(v) || !type_lookup(type_of(v), NAME(__index__))) {
            err_set(&exc_TypeError, "slice indices must be integers or have an __index__ method");
            return -1;
        }
        v = obj_index(v);
        if (!v) return -1;
    }
    int64_t i = int_as_i64_clamped(v, INT64_MIN / 4, INT64_MAX / 4);
    if (i < 0) {
        i += n;
        if (i < 0) i = 0;
    }
    if (i > n) i = n;
    *out = i;
    return 0;
}

static Value deque_index_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs < 2 || nargs > 4) {
        if (nargs < 2)
            return err_format(&exc_TypeError, "index expected at least 1 argument, got %zd", (ssize_t)nargs - 1);
        return err_format(&exc_TypeError, "index expected at most 3 arguments, got %zd", (ssize_t)nargs - 1);
    }
    DequeObject *d = DQ(args[0]);
    int64_t start = 0, stop = d->size;
    if (nargs > 2 && index_arg(args[2], d->size, &start) < 0) return VNULL;
    if (nargs > 3 && index_arg(args[3], d->size, &stop) < 0) return VNULL;
    uint64_t state = d->state;
    for (int64_t i = start; i < stop && i < d->size; i++) {
        int eq = obj_eq(dq_get(d, i), args[1]);
        if (eq < 0) return VNULL;
        if (d->state != state) return err_set(&exc_RuntimeError, "deque mutated during iteration");
        if (eq) return int_from_i64(i);
    }
    return err_format(&exc_ValueError, "%R is not in deque", args[1]);
}

static Value deque_insert_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 3) return err_format(&exc_TypeError, "insert expected 2 arguments, got %zd", (ssize_t)nargs - 1);
    DequeObject *d = DQ(args[0]);
    int64_t i;
    if (get_ssize(args[1], &i) < 0) return VNULL;
    if (d->maxlen >= 0 && d->size >= d->maxlen) return err_set(&exc_IndexError, "deque already at its maximum size");
    int64_t n = d->size;
    if (i < 0) {
        i += n;
        if (i < 0) i = 0;
    }
    if (i > n) i = n;
    if (i == n) {
        dq_append(d, args[2]);
    } else if (i == 0) {
        dq_appendleft(d, args[2]);
    } else {
        /* append, then rotate the tail right by one to make room */
        dq_append(d, args[2]);
        for (int64_t j = d->size - 1; j > i; j--) *dq_slot(d, j) = dq_get(d, j - 1);
        *dq_slot(d, i) = args[2];
    }
    return V_NONE;
}

static Value deque_remove_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (onearg("remove", nargs) < 0) return VNULL;
    DequeObject *d = DQ(args[0]);
    int64_t n = d->size;
    uint64_t state = d->state;
    for (int64_t i = 0; i < n; i++) {
        int eq = obj_eq(dq_get(d, i), args[1]);
        if (d->size != n || d->state != state) {
            if (eq >= 0) err_set(&exc_IndexError, "deque mutated during iteration");
            return VNULL;
        }
        if (eq < 0) return VNULL;
        if (eq) {
            dq_del(d, i);
            return V_NONE;
        }
    }
    return err_format(&exc_ValueError, "%R is not in deque", args[1]);
}

static Value deque_copy_of(Value self) {
    Type *t = type_of(self);
    DequeObject *d = DQ(self);
    if (t == &deque_type) {
        Value r = deque_alloc(t);
        DequeObject *rd = DQ(r);
        rd->maxlen = d->maxlen;
        for (int64_t i = 0; i < d->size; i++) dq_append(rd, dq_get(d, i));
        return r;
    }
    if (d->maxlen < 0) return obj_call1(V_FROM_PTR(t), self);
    return obj_call2(V_FROM_PTR(t), self, int_from_i64(d->maxlen));
}

static Value deque_copy_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (noargs("copy", nargs) < 0) return VNULL;
    return deque_copy_of(args[0]);
}

static Value deque_reversed_m(Value *args, size_t nargs, Value kwnames);

static Value deque_get_maxlen(Value self) {
    DequeObject *d = DQ(self);
    return d->maxlen < 0 ? V_NONE : int_from_i64(d->maxlen);
}

static int64_t deque_len(Value self) { return DQ(self)->size; }

static int item_index(Value self, Value key, int64_t *out) {
    int64_t i;
    if (v_is_int(key)) {
        i = v_intval(key);
    } else {
        if (!int_check(key) && (v_is_smallfloat(key) || !type_lookup(type_of(key), NAME(__index__)))) {
            err_format(&exc_TypeError, "sequence index must be integer, not '%T'", key);
            return -1;
        }
        i = obj_index_i64(key);
        if (i == -1 && err_occurred()) return -1;
    }
    int64_t n = DQ(self)->size;
    if (i < 0) i += n;
    if (i < 0 || i >= n) {
        err_set(&exc_IndexError, "deque index out of range");
        return -1;
    }
    *out = i;
    return 0;
}

static Value deque_getitem(Value self, Value key) {
    int64_t i;
    if (item_index(self, key, &i) < 0) return VNULL;
    return dq_get(DQ(self), i);
}

static int deque_setitem(Value self, Value key, Value v) {
    int64_t i;
    if (item_index(self, key, &i) < 0) return -1;
    if (v) *dq_slot(DQ(self), i) = v;
    else dq_del(DQ(self), i);
    return 0;
}

static Value deque_repr(Value self) {
    int rc = repr_enter(self);
    if (rc < 0) return VNULL;
    if (rc) return str_from_cstr("[...]");
    DequeObject *d = DQ(self);
    Buf b;
    buf_init(&b, 64);
    Value name = type_name(type_of(self));
    buf_put(&b, str_data(name), (size_t)str_nbytes(name));
    buf_puts(&b, "([");
    Value snapshot = list_new(d->size);
    for (int64_t i = 0; i < d->size; i++) list_append(snapshot, dq_get(d, i));
    for (int64_t i = 0; i < list_size(snapshot); i++) {
        if (i) buf_puts(&b, ", ");
        Value r = obj_repr(list_get(snapshot, i));
        if (!r) {
            repr_leave(self);
            return VNULL;
        }
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    buf_putc(&b, ']');
    if (d->maxlen >= 0) buf_printf(&b, ", maxlen=%lld", (long long)d->maxlen);
    buf_putc(&b, ')');
    repr_leave(self);
    return str_from_buf(&b);
}

static Value deque_richcompare(Value a, Value b, int op) {
    if (!deque_check(a) || !deque_check(b)) return V_NOTIMPL;
    DequeObject *x = DQ(a), *y = DQ(b);
    if ((op == CMP_EQ || op == CMP_NE) && x->size != y->size) return v_bool(op == CMP_NE);
    int64_t i;
    for (i = 0; i < x->size && i < y->size; i++) {
        int eq = obj_eq(dq_get(x, i), dq_get(y, i));
        if (eq < 0) return VNULL;
        if (!eq) break;
    }
    if (i >= x->size || i >= y->size) {
        int64_t na = x->size, nb = y->size;
        int c = (na > nb) - (na < nb);
        switch (op) {
        case CMP_LT: return v_bool(c < 0);
        case CMP_LE: return v_bool(c <= 0);
        case CMP_EQ: return v_bool(c == 0);
        case CMP_NE: return v_bool(c != 0);
        case CMP_GT: return v_bool(c > 0);
        default: return v_bool(c >= 0);
        }
    }
    if (op == CMP_EQ) return V_FALSE;
    if (op == CMP_NE) return V_TRUE;
    return obj_richcompare(dq_get(x, i), dq_get(y, i), op);
}

static Value deque_binop(Value a, Value b, int op) {
    int base = BINOP_BASE(op);
    bool inplace = (op & BINOP_INPLACE) != 0;
    if (base == BINOP_ADD) {
        if (!deque_check(a)) return V_NOTIMPL;
        if (inplace) {
            if (dq_extend(a, b) < 0) return VNULL;
            return a;
        }
        if (!deque_check(b)) {
            if (op & BINOP_REFLECTED) return V_NOTIMPL;
            return err_format(&exc_TypeError, "can only concatenate deque (not \"%T\") to deque", b);
        }
        Value r = deque_copy_of(a);
        if (!r) return VNULL;
        if (dq_extend(r, b) < 0) return VNULL;
        return r;
    }
    if (base == BINOP_MUL) {
        Value dq = a, n = b;
        if (!deque_check(dq)) {
            if (inplace) return V_NOTIMPL;
            dq = b;
            n = a;
        }
        if (!deque_check(dq)) return V_NOTIMPL;
        if (!int_check(n)) {
            if (v_is_ptr(n) && type_lookup(type_of(n), NAME(__index__))) {
                n = obj_index(n);
                if (!n) return VNULL;
            } else if (dq == a && !(op & BINOP_REFLECTED) &&
                       !(type_has_flag(type_of(n), TF_HEAPTYPE) && type_lookup(type_of(n), str_intern_cstr("__rmul__")))) {
                return err_format(&exc_TypeError, "can't multiply sequence by non-int of type '%T'", n);
            } else {
                return V_NOTIMPL;
            }
        }
        Value target = dq;
        if (!inplace) {
            target = deque_copy_of(dq);
            if (!target) return VNULL;
        }
        DequeObject *d = DQ(target);
        int64_t k = int_as_i64_clamped(n, INT64_MIN / 4, INT64_MAX / 4);
        if (k <= 0 || d->size == 0) {
            if (k <= 0) dq_clear(d);
            return target;
        }
        int64_t size = d->size;
        if (d->maxlen >= 0 && k > d->maxlen / size + 2) k = d->maxlen / size + 2;
        if (size > ((int64_t)1 << 34) / k) return err_no_memory();
        Value snapshot = list_new(size);
        for (int64_t i = 0; i < size; i++) list_append(snapshot, dq_get(d, i));
        for (int64_t r = 1; r < k; r++)
            for (int64_t i = 0; i < size; i++) dq_append(d, list_get(snapshot, i));
        return target;
    }
    return V_NOTIMPL;
}

/* ---- deque iterators ---- */

static Value iter_self(Value v) { return v; }

static Value dequeiter_make(Type *t, Value dq, bool reverse) {
    DequeIterObject *it = (DequeIterObject *)obj_alloc(t, sizeof *it);
    DequeObject *d = DQ(dq);
    it->deque = dq;
    it->index = reverse ? d->size - 1 : 0;
    it->counter = d->size;
    it->state = d->state;
    return V_FROM_PTR(it);
}

static Value deque_iter(Value self) { return dequeiter_make(&dequeiter_type, self, false); }

static Value deque_reversed_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return dequeiter_make(&dequereviter_type, args[0], true);
}

static Value dequeiter_next(Value self) {
    DequeIterObject *it = V_AS(DequeIterObject, self);
    DequeObject *d = DQ(it->deque);
    if (d->state != it->state) {
        it->counter = 0;
        return err_set(&exc_RuntimeError, "deque mutated during iteration");
    }
    if (it->counter == 0) return VNULL;
    Value v = dq_get(d, it->index);
    it->index++;
    it->counter--;
    return v;
}

static Value dequereviter_next(Value self) {
    DequeIterObject *it = V_AS(DequeIterObject, self);
    DequeObject *d = DQ(it->deque);
    if (d->state != it->state) {
        it->counter = 0;
        return err_set(&exc_RuntimeError, "deque mutated during iteration");
    }
    if (it->counter == 0) return VNULL;
    Value v = dq_get(d, it->index);
    it->index--;
    it->counter--;
    return v;
}

static Value dequeiter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return int_from_i64(V_AS(DequeIterObject, args[0])->counter);
}

static const MethodDef dequeiter_methods[] = {
    {"__length_hint__", dequeiter_length_hint, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef deque_methods[] = {
    {"append", deque_append_m, 0, NULL},
    {"appendleft", deque_appendleft_m, 0, NULL},
    {"pop", deque_pop_m, 0, NULL},
    {"popleft", deque_popleft_m, 0, NULL},
    {"extend", deque_extend_m, 0, NULL},
    {"extendleft", deque_extendleft_m, 0, NULL},
    {"clear", deque_clear_m, 0, NULL},
    {"rotate", deque_rotate_m, 0, NULL},
    {"reverse", deque_reverse_m, 0, NULL},
    {"count", deque_count_m, 0, NULL},
    {"index", deque_index_m, 0, NULL},
    {"insert", deque_insert_m, 0, NULL},
    {"remove", deque_remove_m, 0, NULL},
    {"copy", deque_copy_m, 0, NULL},
    {"__copy__", deque_copy_m, 0, NULL},
    {"__reversed__", deque_reversed_m, 0, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef deque_getsets[] = {
    {"maxlen", deque_get_maxlen, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type deque_type = {
    .tname = "collections.deque",
    .flags = TF_BASETYPE | TF_MATCH_SEQUENCE,
    .basicsize = sizeof(DequeObject),
    .repr = deque_repr,
    .richcompare = deque_richcompare,
    .binop = deque_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_MUL),
    .len = deque_len,
    .getitem = deque_getitem,
    .setitem = deque_setitem,
    .contains = deque_contains,
    .iter = deque_iter,
    .new_ = deque_new,
    .init = deque_init,
};

static Type dequeiter_type = {
    .tname = "_collections._deque_iterator",
    .basicsize = sizeof(DequeIterObject),
    .iter = iter_self,
    .iternext = dequeiter_next,
};

static Type dequereviter_type = {
    .tname = "_collections._deque_reverse_iterator",
    .basicsize = sizeof(DequeIterObject),
    .iter = iter_self,
    .iternext = dequereviter_next,
};

/* ---- defaultdict ------------------------------------------------------------------ */

typedef struct DefaultDictObject {
    DictObject dict;
    Value default_factory;      /* VNULL: None */
} DefaultDictObject;

static Type defaultdict_type;

static inline DefaultDictObject *DD(Value v) { return V_AS(DefaultDictObject, v); }

static Value dd_missing(Value self, Value key) {
    Value f = DD(self)->default_factory;
    if (!f || f == V_NONE) return err_key(key);
    Value v = obj_call0(f);
    if (!v) return VNULL;
    if (obj_setitem(self, key, v) < 0) return VNULL;
    return v;
}

static Value dd_missing_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2)
        return err_format(&exc_TypeError, "defaultdict.__missing__() takes exactly one argument (%zd given)",
                          (ssize_t)nargs - 1);
    return dd_missing(args[0], args[1]);
}

static Value dd_getitem(Value self, Value key) {
    Value v = dict_get(self, key);
    if (v) return v;
    if (err_occurred()) return VNULL;
    if (V_OBJ(self)->type == &defaultdict_type) return dd_missing(self, key);
    bool found;
    Value r = obj_call_special(self, NAME(__missing__), &key, 1, &found);
    if (found) return r;
    return err_key(key);
}

static int dd_init(Value self, Value *args, size_t nargs, Value kwnames) {
    Value f = V_NONE;
    if (nargs > 0) {
        f = args[0];
        if (f != V_NONE && !type_of(f)->call) {
            err_set(&exc_TypeError, "first argument must be callable or None");
            return -1;
        }
        args++;
        nargs--;
    }
    DD(self)->default_factory = f;
    return dict_type.init(self, args, nargs, kwnames);
}

/* type(dd)(dd.default_factory, arg) */
static Value dd_new_like(Value dd, Value arg) {
    Value f = DD(dd)->default_factory ? DD(dd)->default_factory : V_NONE;
    Type *t = type_of(dd);
    if (t == &defaultdict_type) {
        Value r = dict_type.new_(t, NULL, 0, VNULL);
        if (!r) return VNULL;
        DD(r)->default_factory = f;
        if (dict_update(r, arg) < 0) return VNULL;
        return r;
    }
    return obj_call2(V_FROM_PTR(t), f, arg);
}

static Value dd_copy_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 1)
        return err_format(&exc_TypeError, "defaultdict.copy() takes no arguments (%zd given)", (ssize_t)nargs - 1);
    return dd_new_like(args[0], args[0]);
}

static Value dd_repr(Value self) {
    Value base = dict_repr(self);
    if (!base) return VNULL;
    Value f = DD(self)->default_factory;
    Value frepr;
    if (!f || f == V_NONE) {
        frepr = str_from_cstr("None");
    } else {
        int rc = repr_enter(f);
        if (rc < 0) return VNULL;
        if (rc) {
            frepr = str_from_cstr("...");
        } else {
            frepr = obj_repr(f);
            repr_leave(f);
            if (!frepr) return VNULL;
        }
    }
    return str_printf("%U(%U, %U)", type_name(type_of(self)), frepr, base);
}

static bool dd_check(Value v) { return v_is_ptr(v) && v && type_is_subtype(V_OBJ(v)->type, &defaultdict_type); }

static Value dd_binop(Value a, Value b, int op) {
    if (BINOP_BASE(op) == BINOP_OR && !(op & BINOP_INPLACE)) {
        Value self, other;
        if (dd_check(a)) {
            self = a;
            other = b;
        } else {
            self = b;
            other = a;
        }
        if (!dict_check(other)) return V_NOTIMPL;
        Value r = dd_new_like(self, a);
        if (!r) return VNULL;
        if (dict_update(r, b) < 0) return VNULL;
        return r;
    }
    return dict_type.binop(a, b, op);
}

static Value dd_get_factory(Value self) {
    Value f = DD(self)->default_factory;
    return f ? f : V_NONE;
}

static int dd_set_factory(Value self, Value v) {
    DD(self)->default_factory = v ? v : V_NONE;
    return 0;
}

static const MethodDef dd_methods[] = {
    {"__missing__", dd_missing_m, 0, NULL},
    {"copy", dd_copy_m, 0, NULL},
    {"__copy__", dd_copy_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef dd_getsets[] = {
    {"default_factory", dd_get_factory, dd_set_factory, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type defaultdict_type = {
    .tname = "collections.defaultdict",
    .base = &dict_type,
    .flags = TF_BASETYPE,
    .basicsize = sizeof(DefaultDictObject),
    .repr = dd_repr,
    .binop = dd_binop,
    .getitem = dd_getitem,
    .init = dd_init,
};

/* ---- _tuplegetter ------------------------------------------------------------------- */

typedef struct TupleGetterObject {
    Object hdr;
    int64_t index;
    Value doc;
} TupleGetterObject;

static Type tuplegetter_type;

static Value tuplegetter_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("_tuplegetter", kwnames) < 0) return VNULL;
    if (nargs != 2) return err_format(&exc_TypeError, "_tuplegetter expected 2 arguments, got %zd", (ssize_t)nargs);
    int64_t i = obj_index_i64(args[0]);
    if (i == -1 && err_occurred()) return VNULL;
    TupleGetterObject *g = V_AS(TupleGetterObject, instance_new(t));
    g->index = i;
    g->doc = args[1];
    return V_FROM_PTR(g);
}

static Value tuplegetter_get(Value descr, Value obj, Value type) {
    (void)type;
    TupleGetterObject *g = V_AS(TupleGetterObject, descr);
    if (!obj || obj == V_NONE) return descr;
    if (!tuple_check(obj))
        return err_format(&exc_TypeError,
                          "descriptor for index '%lld' for tuple subclasses doesn't apply to '%T' object",
                          (long long)g->index, obj);
    if (g->index < 0 || g->index >= tuple_size(obj)) return err_set(&exc_IndexError, "tuple index out of range");
    return tuple_get(obj, g->index);
}

static int tuplegetter_set(Value descr, Value obj, Value v) {
    (void)descr;
    (void)obj;
    err_set(&exc_AttributeError, v ? "can't set attribute" : "can't delete attribute");
    return -1;
}

static Value tuplegetter_get_doc(Value self) { return V_AS(TupleGetterObject, self)->doc; }
static int tuplegetter_set_doc(Value self, Value v) {
    V_AS(TupleGetterObject, self)->doc = v ? v : V_NONE;
    return 0;
}

static const GetSetDef tuplegetter_getsets[] = {
    {"__doc__", tuplegetter_get_doc, tuplegetter_set_doc, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type tuplegetter_type = {
    .tname = "_collections._tuplegetter",
    .basicsize = sizeof(TupleGetterObject),
    .descr_get = tuplegetter_get,
    .descr_set = tuplegetter_set,
    .new_ = tuplegetter_new,
};

/* ---- _count_elements ------------------------------------------------------------------- */

static Value m_count_elements(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("_count_elements", nargs, 2, 2) < 0) return VNULL;
    Value mapping = args[0];
    Value it = obj_iter(args[1]);
    if (!it) return VNULL;
    Type *t = type_of(mapping);
    /* the dict fast path, unless the mapping overrides get or __setitem__ */
    bool fast = dict_check(mapping) && type_lookup(t, NAME(get)) == dict_get_str(dict_type.dict, NAME(get)) &&
                type_lookup(t, NAME(__setitem__)) == dict_get_str(dict_type.dict, NAME(__setitem__));
    Value getm = VNULL;
    for (;;) {
        Value x = obj_next(it);
        if (!x) return err_occurred() ? VNULL : V_NONE;
        if (fast) {
            Value old = dict_get(mapping, x);
            if (!old && err_occurred()) return VNULL;
            Value nv = old ? (v_is_int(old) && v_intval(old) < SMALLINT_MAX ? v_int(v_intval(old) + 1)
                                                                          : obj_binop(old, v_int(1), BINOP_ADD))
                           : v_int(1);
            if (!nv || dict_set(mapping, x, nv) < 0) return VNULL;
        } else {
            if (!getm) {
                getm = obj_getattr(mapping, NAME(get));
                if (!getm) return VNULL;
            }
            Value old = obj_call2(getm, x, v_int(0));
            if (!old) return VNULL;
            Value nv = obj_binop(old, v_int(1), BINOP_ADD);
            if (!nv || obj_setitem(mapping, x, nv) < 0) return VNULL;
        }
    }
}

static const MethodDef collections_functions[] = {
    {"_count_elements", m_count_elements, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _collections_module_create(void) {
    if (!(deque_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("collections");
        deque_type.name = str_intern_cstr("deque");
        deque_type.module = mod;
        type_add_methods(&deque_type, deque_methods);
        type_add_getsets(&deque_type, deque_getsets);
        type_ready(&deque_type);
        deque_type.hash = NULL;
        dict_set(deque_type.dict, NAME(__hash__), V_NONE);
        dequeiter_type.name = str_intern_cstr("_deque_iterator");
        dequeiter_type.module = str_intern_cstr("_collections");
        type_add_methods(&dequeiter_type, dequeiter_methods);
        type_ready(&dequeiter_type);
        dequereviter_type.name = str_intern_cstr("_deque_reverse_iterator");
        dequereviter_type.module = str_intern_cstr("_collections");
        type_add_methods(&dequereviter_type, dequeiter_methods);
        type_ready(&dequereviter_type);
        defaultdict_type.name = str_intern_cstr("defaultdict");
        defaultdict_type.module = mod;
        type_add_methods(&defaultdict_type, dd_methods);
        type_add_getsets(&defaultdict_type, dd_getsets);
        type_ready(&defaultdict_type);
        defaultdict_type.hash = NULL;
        tuplegetter_type.name = str_intern_cstr("_tuplegetter");
        tuplegetter_type.module = str_intern_cstr("_collections");
        type_add_getsets(&tuplegetter_type, tuplegetter_getsets);
        type_ready(&tuplegetter_type);
    }
    Value m = module_new_cstr("_collections");
    module_add_functions(m, collections_functions);
    module_add(m, "deque", V_FROM_PTR(&deque_type));
    module_add(m, "defaultdict", V_FROM_PTR(&defaultdict_type));
    module_add(m, "_tuplegetter", V_FROM_PTR(&tuplegetter_type));
    module_add(m, "_deque_iterator", V_FROM_PTR(&dequeiter_type));
    module_add(m, "_deque_reverse_iterator", V_FROM_PTR(&dequereviter_type));
    return m;
}
