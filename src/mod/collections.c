/* collections.c: the _collections module, the C part of the standard
 * collections package:
 *
 *  - deque: a double-ended queue in a growable ring buffer (capacity a
 *    power of two), with an optional maxlen; `state` counts structural
 *    changes so iterators and searches detect mutation as CPython does.
 *  - defaultdict: a dict subclass calling default_factory for missing keys.
 *  - OrderedDict (with its odict_keys/values/items views and
 *    odict_iterator): a dict subclass whose order can be changed.
 *  - _tuplegetter: the field accessors of namedtuple classes.
 *  - _count_elements: Counter's counting loop.
 *
 * Messages, reprs and type names (tp_name "collections.deque") follow
 * CPython 3.11. */
#include "../runtime.h"
#include "modules.h"

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

/* deque.__reduce__(): (type, () or ((), maxlen), state, iterator over the
   items), as CPython (pickle's listitems extend the new deque) */
static Value deque_reduce_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (noargs("__reduce__", nargs) < 0) return VNULL;
    Value self = args[0];
    Value state = object_get_state(self);
    if (!state) return VNULL;
    Value it = obj_iter(self);
    if (!it) return VNULL;
    DequeObject *d = DQ(self);
    Value cargs = d->maxlen < 0 ? tuple_empty : tuple_pack(2, tuple_empty, int_from_i64(d->maxlen));
    return tuple_pack(4, V_FROM_PTR(type_of(self)), cargs, state, it);
}


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

/* _deque_iterator(deque, index=0) and its reverse: a fresh iterator
   advanced by index items, which is how they unpickle (__reduce__) */
static Value dequeiter_new_common(Type *t, Value *args, size_t nargs, Value kwnames, bool reverse) {
    static const ArgSpec fwd = {"_deque_iterator", 2, 1, 0, {"deque", "index", NULL}};
    static const ArgSpec rev = {"_deque_reverse_iterator", 2, 1, 0, {"deque", "index", NULL}};
    Value a[2];
    if (arg_parse(reverse ? &rev : &fwd, args, nargs, kwnames, a) < 0) return VNULL;
    if (!v_is_ptr(a[0]) || !type_is_subtype(type_of(a[0]), &deque_type))
        return err_format(&exc_TypeError, "argument 1 must be collections.deque, not %T", a[0]);
    int64_t index = 0;
    if (a[1]) {
        Value n = obj_index(a[1]);
        if (!n) return VNULL;
        index = int_as_i64(n);
        if (index == -1 && err_occurred()) return VNULL;
    }
    Value it = dequeiter_make(t, a[0], reverse);
    DequeIterObject *di = V_AS(DequeIterObject, it);
    /* as many items skipped as are left, at most */
    if (index > di->counter) index = di->counter;
    if (index > 0) {
        di->index += reverse ? -index : index;
        di->counter -= index;
    }
    return it;
}
static Value dequeiter_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return dequeiter_new_common(t, args, nargs, kwnames, false);
}
static Value dequereviter_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return dequeiter_new_common(t, args, nargs, kwnames, true);
}

/* (type, (deque, items already given)) */
static Value dequeiter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (noargs("__reduce__", nargs) < 0) return VNULL;
    DequeIterObject *it = V_AS(DequeIterObject, args[0]);
    int64_t given = DQ(it->deque)->size - it->counter;
    return tuple_pack(2, V_FROM_PTR(type_of(args[0])), tuple_pack(2, it->deque, int_from_i64(given)));
}

static Value dequeiter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return int_from_i64(V_AS(DequeIterObject, args[0])->counter);
}

static const MethodDef dequeiter_methods[] = {
    {"__length_hint__", dequeiter_length_hint, 0, NULL},
    {"__reduce__", dequeiter_reduce, 0, NULL},
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
    {"__reduce__", deque_reduce_m, 0, NULL},
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
    .flags = TF_BASETYPE | TF_MATCH_SEQUENCE | TF_WEAKREFABLE,
    .basicsize = sizeof(DequeObject),
    .repr = deque_repr,
    .richcompare = deque_richcompare,
    .binop = deque_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_MUL) | BINOP_MASK_CONCAT,
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
    .new_ = dequeiter_new,
};

static Type dequereviter_type = {
    .tname = "_collections._deque_reverse_iterator",
    .basicsize = sizeof(DequeIterObject),
    .iter = iter_self,
    .iternext = dequereviter_next,
    .new_ = dequereviter_new,
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

/* pickling: (type, (default_factory,) or (), None, None, iter(items())),
   as CPython (instance attributes of a subclass are not kept there) */
static Value dd_reduce_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    Value self = args[0];
    Value f = DD(self)->default_factory;
    Value fargs = f && f != V_NONE ? tuple_pack(1, f) : tuple_new(0);
    Value items = obj_call_method(self, "items", NULL, 0);
    Value it = items ? obj_iter(items) : VNULL;
    if (!it) return VNULL;
    Value r[5] = {V_FROM_PTR(type_of(self)), fargs, V_NONE, V_NONE, it};
    return tuple_from_array(r, 5);
}

static const MethodDef dd_methods[] = {
    {"__reduce__", dd_reduce_m, 0, NULL},
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

/* ---- OrderedDict ------------------------------------------------------------------- */

/* tpy's dict already keeps its entries in insertion order, so an
 * OrderedDict is a dict whose entry order *is* its order: setting a new key
 * appends, deleting leaves a hole, and only move_to_end and
 * popitem(last=False) need more. They work on the dict's tables directly
 * (obj/dict.h documents the layout):
 *  - moving an entry to the end copies it into the next free entry and
 *    points its index slot there, leaving a hole where it was;
 *  - moving one to the front puts it into the hole just before the first
 *    live entry; when there is none the tables are rebuilt with a gap of
 *    free entries in front.
 * So the order can never disagree with the dict, whatever writes to it
 * (dict.__setitem__(od, ...) included), and CPython's separate linked list
 * is not needed. `state` counts changes made through OrderedDict's own
 * methods, as CPython's od_state, for iterators to tell "mutated" (state)
 * from "changed size" (a plain dict method added or removed a key). */

extern Type dictkeys_type, dictvalues_type, dictitems_type;   /* obj/dict.c */
void jit_dict_changed(Value d);                                /* jit/trace.c */

#define OD_INLINE_ATTRS 2

typedef struct ODictObject {
    DictObject dict;
    uint64_t state;
    /* entries[0..front) of the array front_entries are holes. Valid while
       dict.entries == front_entries: a dict only ever appends to its
       entries array (popitem trims the tail back to a live entry), and any
       replacement of the array is a new allocation, distinct because this
       pointer keeps the old one alive. */
    DictEntry *front_entries;
    int64_t front;
    InstanceAttrs attrs;        /* __dict__; OD_INLINE_ATTRS slots follow */
} ODictObject;

static Type odict_type, odictkeys_type, odictvalues_type, odictitems_type, odictiter_type;

static inline ODictObject *OD(Value v) { return V_AS(ODictObject, v); }
static bool od_check(Value v) { return v_is_ptr(v) && v && type_is_subtype(V_OBJ(v)->type, &odict_type); }

/* Index of the first live entry (d->nentries when empty). */
static int64_t od_first(ODictObject *od) {
    DictObject *d = &od->dict;
    int64_t i = d->entries && d->entries == od->front_entries ? od->front : 0;
    while (i < d->nentries && !d->entries[i].key) i++;
    od->front_entries = d->entries;
    od->front = i;
    return i;
}

static int64_t od_last(DictObject *d) {
    int64_t i = d->nentries - 1;
    while (i >= 0 && !d->entries[i].key) i--;
    return i;
}

/* The index-table slot that holds entry e (it is on e's probe sequence,
 * the one dict.c's lookup follows). */
static size_t od_slot_of(DictObject *d, int64_t e) {
    int32_t *ix = (int32_t *)d->indices;
    size_t mask = (size_t)d->mask, i = (size_t)d->entries[e].hash & mask;
    uint64_t perturb = (uint64_t)d->entries[e].hash;
    while (ix[i] != (int32_t)e) {
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
    return i;
}

static void od_changed(DictObject *d) {
    d->version++;   /* entry positions moved: caches of them must miss */
    if (d->watched) jit_dict_changed(V_FROM_PTR(d));
}

/* Rebuild d's tables with `gap` free entries before the live ones and room
 * to grow; *track (an entry index) follows its entry. */
static int od_rebuild(ODictObject *od, int64_t gap, int64_t *track) {
    DictObject *d = &od->dict;
    int64_t need = gap + d->used;
    int64_t size = 8;
    while ((size << 1) / 3 < need + need / 2 + 1) size <<= 1;
    if (size > ((int64_t)1 << 31)) {
        err_no_memory();
        return -1;
    }
    int64_t cap = (size << 1) / 3;
    int32_t *ix = gc_alloc_atomic(sizeof(int32_t) * (size_t)size);
    memset(ix, 0xFF, sizeof(int32_t) * (size_t)size);
    DictEntry *ne = gc_alloc(sizeof(DictEntry) * (size_t)cap);
    int64_t j = gap, tracked = track ? *track : -1;
    for (int64_t i = 0; i < d->nentries; i++) {
        DictEntry *e = &d->entries[i];
        if (!e->key) continue;
        if (i == tracked) *track = j;
        ne[j] = *e;
        size_t s = (size_t)e->hash & (size_t)(size - 1);
        uint64_t perturb = (uint64_t)e->hash;
        while (ix[s] != -1) {
            perturb >>= 5;
            s = (s * 5 + perturb + 1) & (size_t)(size - 1);
        }
        ix[s] = (int32_t)j;
        j++;
    }
    d->indices = ix;
    d->entries = ne;
    d->mask = size - 1;
    d->capacity = cap;
    d->nentries = j;
    d->filled = j;   /* bounds live + dummy slots (there are no dummies) and nentries */
    od->front_entries = ne;
    od->front = gap;
    od_changed(d);
    return 0;
}

/* Move entry e to the end (last) or the front of the order. */
static int od_move(ODictObject *od, int64_t e, bool last) {
    DictObject *d = &od->dict;
    if (last) {
        if (e == od_last(d)) return 0;
        if (d->filled >= d->capacity || d->nentries >= d->capacity) {
            if (od_rebuild(od, 0, &e) < 0) return -1;
        }
        size_t s = od_slot_of(d, e);
        int64_t t = d->nentries++;
        d->filled++;
        d->entries[t] = d->entries[e];
        ((int32_t *)d->indices)[s] = (int32_t)t;
        d->entries[e].key = d->entries[e].value = VNULL;
    } else {
        int64_t first = od_first(od);
        if (e == first) return 0;
        if (first == 0) {
            if (od_rebuild(od, d->used / 2 + 4, &e) < 0) return -1;
            first = od->front;
        }
        size_t s = od_slot_of(d, e);
        int64_t t = first - 1;
        d->entries[t] = d->entries[e];
        ((int32_t *)d->indices)[s] = (int32_t)t;
        d->entries[e].key = d->entries[e].value = VNULL;
        od->front = t;
    }
    od->state++;
    od_changed(d);
    return 0;
}

static int od_set(Value self, Value key, Value v) {
    int64_t before = dict_size(self);
    if (dict_set(self, key, v) < 0) return -1;
    if (dict_size(self) != before) OD(self)->state++;
    return 0;
}

/* 1 deleted, 0 absent, -1 error */
static int od_del(Value self, Value key) {
    int r = dict_del(self, key);
    if (r > 0) OD(self)->state++;
    return r;
}

static int od_setitem(Value self, Value key, Value v) {
    if (v) return od_set(self, key, v);
    int r = od_del(self, key);
    if (r == 0) err_key(key);
    return r > 0 ? 0 : -1;
}

static Value od_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    (void)kwnames;
    Object *o = obj_alloc(t, t->basicsize);
    if (t->attrs_offset) instance_attrs(V_FROM_PTR(o), t)->map = t->root_map;
    return V_FROM_PTR(o);
}

/* Add (key, value) pairs from an iterable, through self[key] = value. */
static int od_add_pairs(Value self, Value seq) {
    Value it = obj_iter(seq);
    if (!it) return -1;
    for (;;) {
        Value item = obj_next(it);
        if (!item) return err_occurred() ? -1 : 0;
        Value kv[2];
        if (tuple_check(item) && tuple_size(item) == 2) {
            kv[0] = tuple_get(item, 0);
            kv[1] = tuple_get(item, 1);
        } else {
            Value pit = obj_iter(item);
            if (!pit) return -1;
            int n = 0;
            for (;;) {
                Value x = obj_next(pit);
                if (!x) {
                    if (err_occurred()) return -1;
                    break;
                }
                if (n == 2) {
                    err_set(&exc_ValueError, "too many values to unpack (expected 2)");
                    return -1;
                }
                kv[n++] = x;
            }
            if (n < 2) {
                err_format(&exc_ValueError, "need more than %d value%s to unpack", n, n == 1 ? "" : "s");
                return -1;
            }
        }
        if (obj_setitem(self, kv[0], kv[1]) < 0) return -1;
    }
}

/* MutableMapping.update's rules for one positional argument, as CPython's
 * C OrderedDict: a dict's items, else keys() and [], else items(), else
 * an iterable of pairs; every store goes through self[key] = value. */
static int od_update_arg(Value self, Value arg) {
    if (dict_check_exact(arg)) {
        Value items = list_new(dict_size(arg));
        int64_t pos = 0;
        Value k, v;
        while (dict_next(arg, &pos, &k, &v)) list_append(items, tuple_pack(2, k, v));
        for (int64_t i = 0; i < list_size(items); i++) {
            Value p = list_get(items, i);
            if (obj_setitem(self, tuple_get(p, 0), tuple_get(p, 1)) < 0) return -1;
        }
        return 0;
    }
    Value keys = obj_getattr_opt(arg, NAME(keys));
    if (!keys && err_occurred()) return -1;
    if (keys) {
        Value ks = obj_call0(keys);
        if (!ks) return -1;
        Value it = obj_iter(ks);
        if (!it) return -1;
        for (;;) {
            Value k = obj_next(it);
            if (!k) return err_occurred() ? -1 : 0;
            Value v = obj_getitem(arg, k);
            if (!v || obj_setitem(self, k, v) < 0) return -1;
        }
    }
    Value items = obj_getattr_opt(arg, str_intern_cstr("items"));
    if (!items && err_occurred()) return -1;
    if (items) {
        Value its = obj_call0(items);
        if (!its) return -1;
        return od_add_pairs(self, its);
    }
    return od_add_pairs(self, arg);
}

static int od_update_common(Value self, Value *args, size_t nargs, Value kwnames) {
    if (nargs == 1 && od_update_arg(self, args[0]) < 0) return -1;
    if (kwnames) {
        for (int64_t i = 0; i < tuple_size(kwnames); i++)
            if (obj_setitem(self, tuple_get(kwnames, i), args[nargs + (size_t)i]) < 0) return -1;
    }
    return 0;
}

static int od_init(Value self, Value *args, size_t nargs, Value kwnames) {
    if (nargs > 1) {
        err_format(&exc_TypeError, "expected at most 1 arguments, got %zd", (ssize_t)nargs);
        return -1;
    }
    return od_update_common(self, args, nargs, kwnames);
}

static Value od_update_m(Value *args, size_t nargs, Value kwnames) {
    if (nargs > 2)
        return err_format(&exc_TypeError, "update() takes at most 1 positional argument (%zd given)", (ssize_t)nargs - 1);
    if (od_update_common(args[0], args + 1, nargs - 1, kwnames) < 0) return VNULL;
    return V_NONE;
}

/* METH_NOARGS methods: CPython names them by qualified name */
static int od_noargs(const char *name, size_t nargs) {
    if (nargs == 1) return 0;
    err_format(&exc_TypeError, "OrderedDict.%s() takes no arguments (%zd given)", name, (ssize_t)nargs - 1);
    return -1;
}

/* Copy of od's items in order, as a list of pairs (exact OrderedDicts) or
 * via its items() method (subclasses may override it). */
static Value od_items_list(Value self) {
    if (V_OBJ(self)->type == &odict_type) {
        Value l = list_new(dict_size(self));
        int64_t pos = 0;
        Value k, v;
        while (dict_next(self, &pos, &k, &v)) list_append(l, tuple_pack(2, k, v));
        return l;
    }
    Value items = obj_call_method(self, "items", NULL, 0);
    if (!items) return VNULL;
    return list_from_iterable(items);
}

static Value od_repr(Value self) {
    Value name = type_name(type_of(self));
    if (dict_size(self) == 0) return str_printf("%U()", name);
    int rr = repr_enter(self);
    if (rr < 0) return VNULL;
    if (rr > 0) return str_from_cstr("...");
    Value l = od_items_list(self);
    Value r = l ? str_printf("%U(%R)", name, l) : VNULL;
    repr_leave(self);
    return r;
}

static Value od_richcompare(Value a, Value b, int op) {
    if ((op == CMP_EQ || op == CMP_NE) && od_check(a) && od_check(b)) {
        Value r = dict_type.richcompare(a, b, CMP_EQ);
        if (r != V_TRUE) return r == V_FALSE ? v_bool(op == CMP_NE) : r;
        /* same items: now the order */
        DictObject *x = &OD(a)->dict, *y = &OD(b)->dict;
        int64_t i = 0, j = 0;
        for (;;) {
            while (i < x->nentries && !x->entries[i].key) i++;
            while (j < y->nentries && !y->entries[j].key) j++;
            if (i >= x->nentries || j >= y->nentries) break;
            Value ka = x->entries[i].key, kb = y->entries[j].key;
            uint64_t sa = OD(a)->state, sb = OD(b)->state;
            int eq = obj_eq(ka, kb);
            if (eq < 0) return VNULL;
            if (OD(a)->state != sa || OD(b)->state != sb)
                return err_set(&exc_RuntimeError, "OrderedDict mutated during iteration");
            if (!eq) return v_bool(op == CMP_NE);
            i++;
            j++;
        }
        return v_bool(op == CMP_EQ);
    }
    return dict_type.richcompare(a, b, op);
}

/* type(od)(left) updated with right: od | other and other | od */
static Value od_binop(Value a, Value b, int op) {
    if (BINOP_BASE(op) != BINOP_OR) return V_NOTIMPL;
    if (op & BINOP_INPLACE) {
        if (!od_check(a)) return V_NOTIMPL;
        if (od_update_arg(a, b) < 0) return VNULL;
        return a;
    }
    Value self = od_check(a) ? a : b, other = self == a ? b : a;
    if (!dict_check(other)) return V_NOTIMPL;
    Value r = obj_call1(V_FROM_PTR(type_of(self)), a);
    if (!r) return VNULL;
    if (od_update_arg(r, b) < 0) return VNULL;
    return r;
}

static Value od_ior_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__ior__", nargs - 1, 1, 1) < 0) return VNULL;
    return od_binop(args[0], args[1], BINOP_OR | BINOP_INPLACE);
}

static const ArgSpec od_move_to_end_m_spec = {"move_to_end", 0, 1, 0, {"key", "last=True", NULL}};
static Value od_move_to_end_m(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&od_move_to_end_m_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int last = a[1] ? obj_truth(a[1]) : 1;
    if (last < 0) return VNULL;
    int64_t h = obj_hash(a[0]);
    if (h == -1) return VNULL;
    int64_t e = dict_lookup_index(args[0], a[0], h);
    if (e < 0) return err_occurred() ? VNULL : err_key(a[0]);
    if (od_move(OD(args[0]), e, last) < 0) return VNULL;
    return V_NONE;
}

static const ArgSpec od_popitem_m_spec = {"popitem", 0, 0, 0, {"last=True", NULL}};
static Value od_popitem_m(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&od_popitem_m_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int last = a[0] ? obj_truth(a[0]) : 1;
    if (last < 0) return VNULL;
    Value self = args[0];
    DictObject *d = &OD(self)->dict;
    if (d->used == 0) return err_set(&exc_KeyError, "dictionary is empty");
    int64_t e = last ? od_last(d) : od_first(OD(self));
    Value k = d->entries[e].key, v = d->entries[e].value;
    if (od_del(self, k) < 0) return VNULL;
    return tuple_pack(2, k, v);
}

static const ArgSpec od_setdefault_m_spec = {"setdefault", 0, 1, 0, {"key", "default=None", NULL}};
static Value od_setdefault_m(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&od_setdefault_m_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value self = args[0], dflt = a[1] ? a[1] : V_NONE;
    if (V_OBJ(self)->type == &odict_type) {
        Value v = dict_get(self, a[0]);
        if (v) return v;
        if (err_occurred() || od_set(self, a[0], dflt) < 0) return VNULL;
        return dflt;
    }
    int c = obj_contains(self, a[0]);
    if (c < 0) return VNULL;
    if (c) return obj_getitem(self, a[0]);
    if (obj_setitem(self, a[0], dflt) < 0) return VNULL;
    return dflt;
}

static Value od_pop_m(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"pop", 0, 1, 0, {"key", "default", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    /* as CPython 3.11.7: never through a subclass's __getitem__/__delitem__ */
    Value self = args[0];
    Value v = dict_get(self, a[0]);
    if (v) return od_del(self, a[0]) < 0 ? VNULL : v;
    if (err_occurred()) return VNULL;
    return a[1] ? a[1] : err_key(a[0]);
}

static const ArgSpec od_fromkeys_m_spec = {"fromkeys", 0, 1, 0, {"iterable", "value=None", NULL}};
static Value od_fromkeys_m(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&od_fromkeys_m_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value d = obj_call0(args[0]);
    if (!d) return VNULL;
    Value v = a[1] ? a[1] : V_NONE;
    Value it = obj_iter(a[0]);
    if (!it) return VNULL;
    for (;;) {
        Value k = obj_next(it);
        if (!k) return err_occurred() ? VNULL : d;
        if (obj_setitem(d, k, v) < 0) return VNULL;
    }
}

static Value od_clear_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (od_noargs("clear", nargs) < 0) return VNULL;
    dict_clear(args[0]);
    OD(args[0])->state++;
    return V_NONE;
}

static Value od_copy_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (od_noargs("copy", nargs) < 0) return VNULL;
    Value self = args[0];
    Type *t = type_of(self);
    if (t == &odict_type) {
        Value r = od_new(t, NULL, 0, VNULL);
        int64_t pos = 0;
        Value k, v;
        while (dict_next(self, &pos, &k, &v))
            if (dict_set(r, k, v) < 0) return VNULL;
        return r;
    }
    Value r = obj_call0(V_FROM_PTR(t));
    if (!r) return VNULL;
    Value keys = dict_keys_list(self);
    for (int64_t i = 0; i < list_size(keys); i++) {
        Value v = obj_getitem(self, list_get(keys, i));
        if (!v || obj_setitem(r, list_get(keys, i), v) < 0) return VNULL;
    }
    return r;
}

static Value od_sizeof_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (od_noargs("__sizeof__", nargs) < 0) return VNULL;
    DictObject *d = &OD(args[0])->dict;
    int64_t n = (int64_t)type_of(args[0])->basicsize;
    if (d->indices) n += (d->mask + 1) * (int64_t)sizeof(int32_t) + d->capacity * (int64_t)sizeof(DictEntry);
    return int_from_i64(n);
}

/* ---- iterators and views ---- */

enum { OD_KEYS, OD_VALUES, OD_ITEMS };

typedef struct ODictIterObject {
    Object hdr;
    Value od;               /* VNULL once exhausted */
    int64_t pos;            /* entry index of the next candidate */
    int64_t size;           /* the size it started with; -1 after a change */
    uint64_t state;
    int kind;
    bool reversed;
} ODictIterObject;

static Value odictiter_new(Value od, int kind, bool reversed) {
    ODictIterObject *it = (ODictIterObject *)obj_alloc(&odictiter_type, sizeof *it);
    it->od = od;
    it->kind = kind;
    it->reversed = reversed;
    it->size = dict_size(od);
    it->state = OD(od)->state;
    it->pos = reversed ? OD(od)->dict.nentries - 1 : 0;
    return V_FROM_PTR(it);
}

/* Next live entry index at or after (before) it->pos, or -1 */
static int64_t odictiter_scan(ODictIterObject *it, int64_t *pos) {
    DictObject *d = &OD(it->od)->dict;
    int64_t i = *pos;
    if (it->reversed) {
        if (i >= d->nentries) i = d->nentries - 1;
        while (i >= 0 && !d->entries[i].key) i--;
        if (i < 0) return -1;
        *pos = i - 1;
    } else {
        while (i < d->nentries && !d->entries[i].key) i++;
        if (i >= d->nentries) return -1;
        *pos = i + 1;
    }
    return i;
}

static Value odictiter_item(ODictIterObject *it, int64_t e) {
    DictEntry *ent = &OD(it->od)->dict.entries[e];
    switch (it->kind) {
    case OD_KEYS: return ent->key;
    case OD_VALUES: return ent->value;
    default: return tuple_pack(2, ent->key, ent->value);
    }
}

static Value odictiter_next(Value v) {
    ODictIterObject *it = V_AS(ODictIterObject, v);
    if (!it->od) return VNULL;
    if (OD(it->od)->state != it->state) {
        it->od = VNULL;
        return err_set(&exc_RuntimeError, "OrderedDict mutated during iteration");
    }
    if (it->size != dict_size(it->od)) {
        it->size = -1;
        return err_set(&exc_RuntimeError, "OrderedDict changed size during iteration");
    }
    int64_t e = odictiter_scan(it, &it->pos);
    if (e < 0) {
        it->od = VNULL;
        return VNULL;
    }
    return odictiter_item(it, e);
}

/* iter(list_of_what_is_left), without consuming this iterator */
static Value odictiter_reduce_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 1)
        return err_format(&exc_TypeError, "odict_iterator.__reduce__() takes no arguments (%zd given)", (ssize_t)nargs - 1);
    ODictIterObject *it = V_AS(ODictIterObject, args[0]);
    Value l = list_new(0);
    if (it->od && OD(it->od)->state == it->state && it->size == dict_size(it->od)) {
        int64_t pos = it->pos, e;
        while ((e = odictiter_scan(it, &pos)) >= 0) list_append(l, odictiter_item(it, e));
    }
    Value iter = dict_get_cstr(tstate.builtins, "iter");
    return tuple_pack(2, iter, tuple_pack(1, l));
}

typedef struct ODictViewObject {
    Object hdr;
    Value dict;             /* as obj/dict.c's views */
} ODictViewObject;

static Value odictview_new(Type *t, Value od) {
    ODictViewObject *v = (ODictViewObject *)obj_alloc(t, sizeof *v);
    v->dict = od;
    return V_FROM_PTR(v);
}

static int odictview_kind(Value view) {
    Type *t = type_of(view);
    return t == &odictkeys_type ? OD_KEYS : t == &odictvalues_type ? OD_VALUES : OD_ITEMS;
}

static Value odictview_iter(Value view) {
    return odictiter_new(V_AS(ODictViewObject, view)->dict, odictview_kind(view), false);
}

static Value odictview_reversed_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 1)
        return err_format(&exc_TypeError, "%s.__reversed__() takes no arguments (%zd given)", type_of(args[0])->tname,
                          (ssize_t)nargs - 1);
    return odictiter_new(V_AS(ODictViewObject, args[0])->dict, odictview_kind(args[0]), true);
}

static bool is_setlike_view(Value v) {
    if (!v_is_ptr(v) || !v) return false;
    Type *t = V_OBJ(v)->type;
    return set_check(v) || type_is_subtype(t, &dictkeys_type) || type_is_subtype(t, &dictitems_type);
}

/* keys and items views compare as sets (dict's own views only know each other) */
static Value odictview_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || !is_setlike_view(b)) return V_NOTIMPL;
    Value sa = set_from_iterable(a);
    if (!sa) return VNULL;
    Value sb = set_from_iterable(b);
    if (!sb) return VNULL;
    return obj_richcompare(sa, sb, op);
}

#define OD_VIEW_METHOD(fn, type, kind)                                       \
    static Value fn(Value *args, size_t nargs, Value kwnames) {             \
        (void)kwnames;                                                       \
        if (od_noargs(kind, nargs) < 0) return VNULL;                        \
        return odictview_new(&type, args[0]);                                \
    }
OD_VIEW_METHOD(od_keys_m, odictkeys_type, "keys")
OD_VIEW_METHOD(od_values_m, odictvalues_type, "values")
OD_VIEW_METHOD(od_items_m, odictitems_type, "items")
#undef OD_VIEW_METHOD

static Value od_iter(Value self) { return odictiter_new(self, OD_KEYS, false); }

static Value od_reversed_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (od_noargs("__reversed__", nargs) < 0) return VNULL;
    return odictiter_new(args[0], OD_KEYS, true);
}

/* (type, (), state, None, iter(items)); state is __getstate__()'s result
 * when a class defines one, else the instance __dict__ or None when empty */
static Value od_reduce_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (od_noargs("__reduce__", nargs) < 0) return VNULL;
    Value self = args[0];
    Value state = V_NONE;
    Value gs = type_lookup_cstr(type_of(self), "__getstate__");
    if (gs) {
        state = obj_call_method(self, "__getstate__", NULL, 0);
        if (!state) return VNULL;
    } else {
        Value d = instance_get_dict(self);
        if (d && dict_size(d) > 0) state = d;
        if (type_has_flag(type_of(self), TF_HAS_MEMBERS)) {
            /* (__dict__ or None, {slot: value}), as object.__getstate__ */
            Value copyreg = import_name(str_intern_cstr("copyreg"), V_NONE, v_int(0), VNULL);
            if (!copyreg) return VNULL;
            Value cls = V_FROM_PTR(type_of(self));
            Value names = obj_call_method(copyreg, "_slotnames", &cls, 1);
            if (!names) return VNULL;
            Value it = obj_iter(names), slots = dict_new();
            if (!it) return VNULL;
            for (Value n; (n = obj_next(it));) {
                Value v = obj_getattr_opt(self, n);
                if (v && dict_set(slots, n, v) < 0) return VNULL;
                if (err_occurred()) return VNULL;
            }
            if (err_occurred()) return VNULL;
            if (dict_size(slots)) state = tuple_pack(2, state, slots);
        }
    }
    Value items = obj_call_method(self, "items", NULL, 0);
    if (!items) return VNULL;
    Value it = obj_iter(items);
    if (!it) return VNULL;
    return tuple_pack(5, V_FROM_PTR(type_of(self)), tuple_empty, state, V_NONE, it);
}

static const MethodDef od_methods[] = {
    {"fromkeys", od_fromkeys_m, MF_CLASS | MF_KEYWORDS, NULL, &od_fromkeys_m_spec},
    {"__sizeof__", od_sizeof_m, 0, NULL},
    {"__reduce__", od_reduce_m, 0, NULL},
    {"setdefault", od_setdefault_m, MF_KEYWORDS, NULL, &od_setdefault_m_spec},
    {"pop", od_pop_m, MF_KEYWORDS, NULL},
    {"popitem", od_popitem_m, MF_KEYWORDS, NULL, &od_popitem_m_spec},
    {"keys", od_keys_m, 0, NULL},
    {"values", od_values_m, 0, NULL},
    {"items", od_items_m, 0, NULL},
    {"update", od_update_m, MF_KEYWORDS, NULL},
    {"clear", od_clear_m, 0, NULL},
    {"copy", od_copy_m, 0, NULL},
    {"__reversed__", od_reversed_m, 0, NULL},
    {"move_to_end", od_move_to_end_m, MF_KEYWORDS, NULL, &od_move_to_end_m_spec},
    {"__ior__", od_ior_m, 0, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef odictview_methods[] = {
    {"__reversed__", odictview_reversed_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef odictiter_methods[] = {
    {"__reduce__", odictiter_reduce_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type odict_type = {
    .tname = "collections.OrderedDict",
    .base = &dict_type,
    .flags = TF_BASETYPE,
    .basicsize = sizeof(ODictObject) + OD_INLINE_ATTRS * sizeof(Value),
    .attrs_offset = offsetof(ODictObject, attrs),
    .inline_slots = OD_INLINE_ATTRS,
    .repr = od_repr,
    .richcompare = od_richcompare,
    .binop = od_binop,
    .binop_mask = 1u << BINOP_OR,
    .setitem = od_setitem,
    .iter = od_iter,
    .new_ = od_new,
    .init = od_init,
};

static Type odictkeys_type = {
    .tname = "odict_keys",
    .base = &dictkeys_type,
    .basicsize = sizeof(ODictViewObject),
    .richcompare = odictview_richcompare,
    .iter = odictview_iter,
};

static Type odictvalues_type = {
    .tname = "odict_values",
    .base = &dictvalues_type,
    .basicsize = sizeof(ODictViewObject),
    .iter = odictview_iter,
};

static Type odictitems_type = {
    .tname = "odict_items",
    .base = &dictitems_type,
    .basicsize = sizeof(ODictViewObject),
    .richcompare = odictview_richcompare,
    .iter = odictview_iter,
};

static Type odictiter_type = {
    .tname = "odict_iterator",
    .basicsize = sizeof(ODictIterObject),
    .iter = iter_self,
    .iternext = odictiter_next,
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

static const ArgSpec m_count_elements_spec = {"_count_elements", 2, 2, 0, {"mapping", "iterable", NULL}};
static Value m_count_elements(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&m_count_elements_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
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
    {"_count_elements", m_count_elements, 0, NULL, &m_count_elements_spec},
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
        odict_type.name = str_intern_cstr("OrderedDict");
        odict_type.module = mod;
        type_add_methods(&odict_type, od_methods);
        type_ready(&odict_type);
        odict_type.hash = NULL;
        dict_set(odict_type.dict, NAME(__hash__), V_NONE);
        Type *views[3] = {&odictkeys_type, &odictvalues_type, &odictitems_type};
        for (int i = 0; i < 3; i++) {
            type_add_methods(views[i], odictview_methods);
            type_ready(views[i]);
            views[i]->hash = NULL;
        }
        type_add_methods(&odictiter_type, odictiter_methods);
        type_ready(&odictiter_type);
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
    module_add(m, "OrderedDict", V_FROM_PTR(&odict_type));
    module_add(m, "_deque_iterator", V_FROM_PTR(&dequeiter_type));
    module_add(m, "_deque_reverse_iterator", V_FROM_PTR(&dequereviter_type));
    return m;
}
