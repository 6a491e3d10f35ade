/* tuple.c: the tuple type. Hashing follows CPython 3.11 (xxHash-style
 * lanes) so that hash(tuple) and set orders of tuples match CPython. */
#include "../runtime.h"

Type tuple_type;
Value tuple_empty;

Value tuple_new(int64_t n) {
    if (n == 0 && tuple_empty) return tuple_empty;
    TupleObject *t = (TupleObject *)obj_alloc(&tuple_type, sizeof(TupleObject) + sizeof(Value) * (size_t)n);
    t->size = n;
    return V_FROM_PTR(t);
}

static Value tuple_new_type(Type *type, int64_t n) {
    if (type == &tuple_type) return tuple_new(n);
    size_t extra = type->basicsize > sizeof(TupleObject) ? type->basicsize - sizeof(TupleObject) : 0;
    TupleObject *t = (TupleObject *)obj_alloc(type, sizeof(TupleObject) + sizeof(Value) * (size_t)n + extra);
    t->size = n;
    return V_FROM_PTR(t);
}

Value tuple_from_array(const Value *items, int64_t n) {
    if (n == 0) return tuple_empty;
    Value t = tuple_new(n);
    memcpy(tuple_items(t), items, sizeof(Value) * (size_t)n);
    return t;
}

Value tuple_pack(int64_t n, ...) {
    Value t = tuple_new(n);
    va_list ap;
    va_start(ap, n);
    for (int64_t i = 0; i < n; i++) tuple_items(t)[i] = va_arg(ap, Value);
    va_end(ap);
    return t;
}

Value tuple_from_iterable(Value it) {
    if (tuple_check_exact(it)) return it;
    if (list_check(it) && seq_fast_items(it)) {
        if (list_has_float_storage(V_AS(ListObject, it))) {
            /* read, not converted */
            Value t = tuple_new(list_size(it));
            for (int64_t i = 0; i < list_size(it); i++) tuple_items(t)[i] = list_get(it, i);
            return t;
        }
        return tuple_from_array(list_items(it), list_size(it));
    }
    if (tuple_check(it) && seq_fast_items(it)) return tuple_from_array(tuple_items(it), tuple_size(it));
    Value l = list_from_iterable(it);
    if (!l) return VNULL;
    return tuple_from_array(list_items(l), list_size(l));
}

Value tuple_slice(Value t, int64_t start, int64_t end) {
    if (start <= 0 && end >= tuple_size(t) && tuple_check_exact(t)) return t;
    if (end <= start) return tuple_empty;
    return tuple_from_array(tuple_items(t) + start, end - start);
}

Value tuple_repr(Value t) {
    int64_t n = tuple_size(t);
    if (n == 0) return str_from_cstr("()");
    int rr = repr_enter(t);
    if (rr < 0) return VNULL;
    if (rr > 0) return str_from_cstr("(...)");
    if (interp_enter_recursive(" while getting the repr of an object") < 0) {
        repr_leave(t);
        return VNULL;
    }
    Buf b;
    char b_mem[128];
    buf_init_local(&b, b_mem, sizeof b_mem);
    buf_putc(&b, '(');
    for (int64_t i = 0; i < n; i++) {
        if (i) buf_puts(&b, ", ");
        Value r = obj_repr(tuple_get(t, i));
        if (!r) {
            interp_leave_recursive();
            repr_leave(t);
            return VNULL;
        }
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    if (n == 1) buf_putc(&b, ',');
    buf_putc(&b, ')');
    interp_leave_recursive();
    repr_leave(t);
    return str_from_buf(&b);
}

#define XXPRIME_1 11400714785074694791ULL
#define XXPRIME_2 14029467366897019727ULL
#define XXPRIME_5 2870177450012600261ULL
#define XXROTATE(x) (((x) << 31) | ((x) >> 33))

int64_t tuple_hash(Value t) {
    int64_t n = tuple_size(t);
    uint64_t acc = XXPRIME_5;
    for (int64_t i = 0; i < n; i++) {
        int64_t lane = obj_hash(tuple_get(t, i));
        if (lane == -1) return -1;
        acc += (uint64_t)lane * XXPRIME_2;
        acc = XXROTATE(acc);
        acc *= XXPRIME_1;
    }
    acc += (uint64_t)n ^ (XXPRIME_5 ^ 3527539UL);
    if (acc == (uint64_t)-1) return 1546275796;
    return (int64_t)acc;
}

/* tuple.h */
int tuple_eq_exact(Value a, Value b) {
    if (a == b) return 1;
    int64_t n = tuple_size(a);
    if (n != tuple_size(b)) return 0;
    for (int64_t i = 0; i < n; i++) {
        int eq = obj_eq(tuple_get(a, i), tuple_get(b, i));
        if (eq <= 0) return eq;
    }
    return 1;
}

static int64_t tuple_len(Value t) { return tuple_size(t); }

Value tuple_richcompare(Value a, Value b, int op) {
    if (!tuple_check(a) || !tuple_check(b)) return V_NOTIMPL;
    int64_t na = tuple_size(a), nb = tuple_size(b);
    if ((op == CMP_EQ || op == CMP_NE) && na != nb) return v_bool(op == CMP_NE);
    int64_t i;
    for (i = 0; i < na && i < nb; i++) {
        int eq = obj_eq(tuple_get(a, i), tuple_get(b, i));
        if (eq < 0) return VNULL;
        if (!eq) break;
    }
    if (i >= na || i >= nb) {
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
    Value x = tuple_get(a, i), y = tuple_get(b, i);
    if (v_both_int(x, y)) {
        int64_t p = v_intval(x), q = v_intval(y);
        return v_bool(op == CMP_LT ? p < q : op == CMP_LE ? p <= q : op == CMP_GT ? p > q : p >= q);
    }
    return obj_richcompare(x, y, op);
}

Value tuple_getslice(Value t, Value start_v, Value stop_v, Value step_v) {
    int64_t start, stop, step;
    int64_t n = slice_bounds_indices(start_v, stop_v, step_v, tuple_size(t), &start, &stop, &step);
    if (n < 0) return VNULL;
    if (step == 1) return tuple_slice(t, start, stop);
    Value r = tuple_new(n);
    for (int64_t k = 0, i = start; k < n; k++, i += step) tuple_items(r)[k] = tuple_get(t, i);
    return r;
}

static Value tuple_getitem(Value t, Value key) {
    if (v_is_int(key)) {
        int64_t i = v_intval(key), n = tuple_size(t);
        if (i < 0) i += n;
        if (i < 0 || i >= n) return err_set(&exc_IndexError, "tuple index out of range");
        return tuple_get(t, i);
    }
    if (slice_check(key)) {
        SliceObject *so = V_AS(SliceObject, key);
        return tuple_getslice(t, so->start, so->stop, so->step);
    }
    if (!int_check(key) && (v_is_smallfloat(key) || !type_lookup(type_of(key), NAME(__index__))))
        return err_format(&exc_TypeError, "tuple indices must be integers or slices, not %T", key);
    /* an index that is not a small int (v_int() of it would wrap) */
    int64_t i = obj_index_i64(key), n = tuple_size(t);
    if (i == -1 && err_occurred()) return VNULL;
    if (i < 0) i += n;
    if ((uint64_t)i >= (uint64_t)n) return err_set(&exc_IndexError, "tuple index out of range");
    return tuple_get(t, i);
}

static int tuple_contains(Value t, Value item) {
    int64_t n = tuple_size(t);
    for (int64_t i = 0; i < n; i++) {
        int eq = obj_eq(tuple_get(t, i), item);
        if (eq) return eq;
    }
    return 0;
}

static Value tuple_iter(Value t) { return tupleiter_new(t); }

static Value tuple_binop(Value a, Value b, int op) {
    switch (BINOP_BASE(op)) {
    case BINOP_ADD: {
        if (!tuple_check(a)) return V_NOTIMPL;
        if (!tuple_check(b)) {
            if ((op & BINOP_REFLECTED) || type_has_flag(type_of(b), TF_HEAPTYPE)) return V_NOTIMPL;   /* __radd__ first */
            return err_format(&exc_TypeError, "can only concatenate tuple (not \"%T\") to tuple", b);
        }
        int64_t na = tuple_size(a), nb = tuple_size(b);
        if (nb == 0 && tuple_check_exact(a)) return a;
        if (na == 0 && tuple_check_exact(b)) return b;
        Value r = tuple_new(na + nb);
        memcpy(tuple_items(r), tuple_items(a), sizeof(Value) * (size_t)na);
        memcpy(tuple_items(r) + na, tuple_items(b), sizeof(Value) * (size_t)nb);
        return r;
    }
    case BINOP_MUL: {
        Value t = a, n = b;
        if (!tuple_check(t)) {
            t = b;
            n = a;
        }
        if (!tuple_check(t) || !int_check(n)) return V_NOTIMPL;
        int64_t k = int_repeat_count(n), sz = tuple_size(t);
        if (k < 0) return VNULL;
        if (k == 0 || sz == 0) return tuple_empty;
        if (k == 1 && tuple_check_exact(t)) return t;
        if (sz > ((int64_t)1 << 32) / k) return err_no_memory();
        Value r = tuple_new(sz * k);
        for (int64_t i = 0; i < k; i++) memcpy(tuple_items(r) + i * sz, tuple_items(t), sizeof(Value) * (size_t)sz);
        return r;
    }
    default: return V_NOTIMPL;
    }
}

static const ArgSpec tuple_args = {"tuple", 1, 0, 0, {"iterable=()", NULL}};
static Value tuple_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    /* keywords are for a subclass's own __init__ (CPython's rule) */
    if (kwnames && tuple_size(kwnames) &&
        (t == &tuple_type || type_lookup(t, NAME(__init__)) == type_lookup(&tuple_type, NAME(__init__))))
        return err_set(&exc_TypeError, "tuple() takes no keyword arguments");
    if (arg_parse(&tuple_args, args, nargs, VNULL, NULL) < 0) return VNULL;   /* keywords: above */
    Value r = nargs ? tuple_from_iterable(args[0]) : tuple_empty;
    if (!r || t == &tuple_type) return r;
    Value s = tuple_new_type(t, tuple_size(r));
    values_copy(tuple_items(s), tuple_items(r), (size_t)tuple_size(r));
    return s;
}

static const ArgSpec tuple_count_args = {"tuple.count", 1, 1, 0, {"value", NULL}};
static Value tuple_count_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&tuple_count_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    int64_t c = 0, n = tuple_size(args[0]);
    for (int64_t i = 0; i < n; i++) {
        int eq = obj_eq(tuple_get(args[0], i), args[1]);
        if (eq < 0) return VNULL;
        c += eq;
    }
    return v_int(c);
}

static const ArgSpec tuple_index_args = {"index", 3, 1, 0, {"value", "start=0", "stop=sys.maxsize", NULL}};
static Value tuple_index_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&tuple_index_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    int64_t n = tuple_size(args[0]), start = 0, stop = n;
    if (nargs > 2) {
        Value s = obj_index(args[2]);
        if (!s) return VNULL;
        start = int_as_i64_clamped(s, INT64_MIN / 2, INT64_MAX / 2);
        if (start < 0) start = start + n < 0 ? 0 : start + n;
    }
    if (nargs > 3) {
        Value s = obj_index(args[3]);
        if (!s) return VNULL;
        stop = int_as_i64_clamped(s, INT64_MIN / 2, INT64_MAX / 2);
        if (stop < 0) stop = stop + n < 0 ? 0 : stop + n;
    }
    for (int64_t i = start; i < stop && i < n; i++) {
        int eq = obj_eq(tuple_get(args[0], i), args[1]);
        if (eq < 0) return VNULL;
        if (eq) return v_int(i);
    }
    return err_set(&exc_ValueError, "tuple.index(x): x not in tuple");
}

static Value tuple_getnewargs(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return tuple_pack(1, tuple_from_array(tuple_items(args[0]), tuple_size(args[0])));
}

static const MethodDef tuple_methods[] = {
    {"count", tuple_count_m, 0, NULL, &tuple_count_args},
    {"index", tuple_index_m, 0, NULL, &tuple_index_args},
    {"__getnewargs__", tuple_getnewargs, 0, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

Type tuple_type = {
    .tname = "tuple",
    .sig = &tuple_args,
    .flags = TF_BASETYPE | TF_TUPLE_SUBCLASS | TF_MATCH_SEQUENCE,
    .basicsize = sizeof(TupleObject),
    .repr = tuple_repr,
    .hash = tuple_hash,
    .richcompare = tuple_richcompare,
    .binop = tuple_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_MUL) | BINOP_MASK_CONCAT,
    .len = tuple_len,
    .getitem = tuple_getitem,
    .contains = tuple_contains,
    .iter = tuple_iter,
    .new_ = tuple_new_slot,
};

void tuple_init(void) {
    TupleObject *t = (TupleObject *)obj_alloc(&tuple_type, sizeof(TupleObject));
    tuple_empty = V_FROM_PTR(t);
}

void tuple_init_type(void) {
    type_add_methods(&tuple_type, tuple_methods);
    type_ready(&tuple_type);
}
