/* misc.c: None, NotImplemented, Ellipsis, range, slice and the iterator
 * types behind iter(), enumerate(), zip(), map(), filter(), reversed(). */
#include "../runtime.h"
#include "../mod/modules.h"

Type none_type, notimpl_type, ellipsis_type, range_type, slice_type, seqiter_type, rangeiter_type,
    enumerate_type, zip_type, map_type_, filter_type, reversed_type, calliter_type;
Object none_obj = {&none_type}, notimpl_obj = {&notimpl_type}, ellipsis_obj = {&ellipsis_type};

static Value iter_self(Value v) { return v; }

Value iter_reduce(Value arg, Value state) {
    Value iter = dict_get(tstate.builtins, str_intern_cstr("iter"));
    if (!iter) return err_occurred() ? VNULL : err_set(&exc_RuntimeError, "lost builtins.iter");
    Value r[3] = {iter, tuple_pack(1, arg), state};
    return tuple_from_array(r, state ? 3 : 2);
}

/* An iterator's __setstate__ argument as an index clamped to [lo, hi]
   (-1 with an error set when it is not an integer). */
static int setstate_index(Value state, int64_t lo, int64_t hi, int64_t *out) {
    Value iv = obj_index(state);
    if (!iv) return -1;
    *out = int_as_i64_clamped(iv, lo, hi);
    return 0;
}

/* ---- singletons ---------------------------------------------------------------------- */

static Value none_repr(Value v) {
    (void)v;
    return str_intern_cstr("None");
}
static int none_truth(Value v) {
    (void)v;
    return 0;
}
static Value notimpl_repr(Value v) {
    (void)v;
    return str_intern_cstr("NotImplemented");
}
static int notimpl_truth(Value v) {
    (void)v;
    /* 3.9+: deprecated, still true */
    if (warn_c(&exc_DeprecationWarning, str_from_cstr("NotImplemented should not be used in a boolean context"), 1) < 0)
        return -1;
    return 1;
}
static Value ellipsis_repr(Value v) {
    (void)v;
    return str_intern_cstr("Ellipsis");
}

static Value none_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (nargs || (kwnames && tuple_size(kwnames)))
        return err_format(&exc_TypeError, "%s takes no arguments", t == &ellipsis_type ? "EllipsisType" : t->tname);
    if (t == &none_type) return V_NONE;
    if (t == &notimpl_type) return V_NOTIMPL;
    return V_ELLIPSIS;
}

/* ---- slices ---------------------------------------------------------------------------- */

Value slice_new(Value start, Value stop, Value step) {
    SliceObject *s = (SliceObject *)obj_alloc(&slice_type, sizeof *s);
    s->start = start ? start : V_NONE;
    s->stop = stop ? stop : V_NONE;
    s->step = step ? step : V_NONE;
    return V_FROM_PTR(s);
}

/* Evaluate one slice bound to an int64 (clamping huge values). */
static inline int slice_bound(Value v, int64_t *out) {
    if (v_is_int(v)) {
        *out = v_intval(v);
        return 0;
    }
    if (!int_check(v)) {
        if (v_is_smallfloat(v) || !type_lookup(type_of(v), NAME(__index__))) {
            err_set(&exc_TypeError, "slice indices must be integers or None or have an __index__ method");
            return -1;
        }
        v = obj_index(v);
        if (!v) return -1;
    }
    *out = int_as_i64_clamped(v, INT64_MIN / 4, INT64_MAX / 4);
    return 0;
}

/* step, start, stop: the order CPython converts them in */
int slice_unpack(Value start, Value stop, Value step, SliceBounds *out) {
    out->step = 1;
    if (step != V_NONE) {
        if (slice_bound(step, &out->step) < 0) return -1;
        if (out->step == 0) {
            err_set(&exc_ValueError, "slice step cannot be zero");
            return -1;
        }
    }
    out->start = out->stop = SLICE_BOUND_NONE;
    if (start != V_NONE && slice_bound(start, &out->start) < 0) return -1;
    if (stop != V_NONE && slice_bound(stop, &out->stop) < 0) return -1;
    return 0;
}

int slice_unpack_obj(Value slice, SliceBounds *out) {
    SliceObject *s = V_AS(SliceObject, slice);
    return slice_unpack(s->start, s->stop, s->step, out);
}

int64_t slice_adjust(const SliceBounds *sb, int64_t length, int64_t *start_out, int64_t *stop_out,
                     int64_t *step_out) {
    int64_t st = sb->step;
    int64_t lower = st < 0 ? -1 : 0, upper = st < 0 ? length - 1 : length;
    int64_t a = sb->start, b = sb->stop;
    if (a == SLICE_BOUND_NONE) {
        a = st < 0 ? upper : lower;
    } else if (a < 0) {
        a += length;
        if (a < lower) a = lower;
    } else if (a > upper) {
        a = upper;
    }
    if (b == SLICE_BOUND_NONE) {
        b = st < 0 ? lower : upper;
    } else if (b < 0) {
        b += length;
        if (b < lower) b = lower;
    } else if (b > upper) {
        b = upper;
    }
    *start_out = a;
    *stop_out = b;
    *step_out = st;
    if (st > 0) return a < b ? (b - a - 1) / st + 1 : 0;
    return b < a ? (a - b - 1) / (-st) + 1 : 0;
}

int64_t slice_bounds_indices(Value start, Value stop, Value step, int64_t length, int64_t *start_out,
                             int64_t *stop_out, int64_t *step_out) {
    SliceBounds sb;
    if (slice_unpack(start, stop, step, &sb) < 0) return -1;
    return slice_adjust(&sb, length, start_out, stop_out, step_out);
}

int64_t slice_indices(Value sv, int64_t length, int64_t *start, int64_t *stop, int64_t *step) {
    SliceObject *s = V_AS(SliceObject, sv);
    return slice_bounds_indices(s->start, s->stop, s->step, length, start, stop, step);
}

/* One bound as an int of any size (the TypeError of slice_bound). */
static Value slice_bound_big(Value v) {
    if (!int_check(v) && (v_is_smallfloat(v) || !type_lookup(type_of(v), NAME(__index__))))
        return err_set(&exc_TypeError, "slice indices must be integers or None or have an __index__ method");
    return obj_index(v);
}

/* Clamp an int bound as slice.indices() does, in ints of any size. */
static Value clamp_bound(Value x, Value length, Value lower, Value upper) {
    if (int_sign(x) < 0) {
        x = obj_binop(x, length, BINOP_ADD);
        if (!x) return VNULL;
        if (int_compare(x, lower) < 0) x = lower;
    } else if (int_compare(x, upper) > 0) {
        x = upper;
    }
    return x;
}

int slice_indices_big(Value sv, Value length, Value *start_out, Value *stop_out, Value *step_out) {
    SliceObject *s = V_AS(SliceObject, sv);
    Value step = v_int(1);
    if (s->step != V_NONE) {
        step = slice_bound_big(s->step);
        if (!step) return -1;
        if (int_is_zero(step)) {
            err_set(&exc_ValueError, "slice step cannot be zero");
            return -1;
        }
    }
    bool neg = int_sign(step) < 0;
    Value lower = neg ? v_int(-1) : v_int(0);
    Value upper = neg ? obj_binop(length, v_int(-1), BINOP_ADD) : length;
    if (!upper) return -1;
    Value start = neg ? upper : lower, stop = neg ? lower : upper;
    if (s->start != V_NONE) {
        start = slice_bound_big(s->start);
        if (!start || !(start = clamp_bound(start, length, lower, upper))) return -1;
    }
    if (s->stop != V_NONE) {
        stop = slice_bound_big(s->stop);
        if (!stop || !(stop = clamp_bound(stop, length, lower, upper))) return -1;
    }
    *start_out = start;
    *stop_out = stop;
    *step_out = step;
    return 0;
}

static Value slice_repr(Value v) {
    SliceObject *s = V_AS(SliceObject, v);
    return str_printf("slice(%R, %R, %R)", s->start, s->stop, s->step);
}

static Value slice_richcompare(Value a, Value b, int op) {
    if (!slice_check(a) || !slice_check(b)) return V_NOTIMPL;
    SliceObject *x = V_AS(SliceObject, a), *y = V_AS(SliceObject, b);
    Value ta = tuple_pack(3, x->start, x->stop, x->step), tb = tuple_pack(3, y->start, y->stop, y->step);
    return obj_richcompare(ta, tb, op);
}

static Value slice_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)t;
    if (kwnames && tuple_size(kwnames)) return err_set(&exc_TypeError, "slice() takes no keyword arguments");
    if (nargs == 0) return err_set(&exc_TypeError, "slice expected at least 1 argument, got 0");
    if (nargs > 3) return err_format(&exc_TypeError, "slice expected at most 3 arguments, got %zd", (ssize_t)nargs);
    if (nargs == 1) return slice_new(V_NONE, args[0], V_NONE);
    return slice_new(args[0], args[1], nargs > 2 ? args[2] : V_NONE);
}

static Value slice_indices_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("indices", nargs - 1, 1, 1) < 0) return VNULL;
    Value len = obj_index(args[1]);
    if (!len) return VNULL;
    if (int_sign(len) < 0) return err_set(&exc_ValueError, "length should not be negative");
    Value a, b, c;
    if (slice_indices_big(args[0], len, &a, &b, &c) < 0) return VNULL;
    return tuple_pack(3, a, b, c);
}

static Value slice_reduce_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    SliceObject *s = V_AS(SliceObject, args[0]);
    Value r[2] = {V_FROM_PTR(&slice_type), tuple_pack(3, s->start, s->stop, s->step)};
    return tuple_from_array(r, 2);
}

static const MethodDef slice_methods[] = {
    {"indices", slice_indices_m, 0, NULL},
    {"__reduce__", slice_reduce_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Value slice_get_start(Value v) { return V_AS(SliceObject, v)->start; }
static Value slice_get_stop(Value v) { return V_AS(SliceObject, v)->stop; }
static Value slice_get_step(Value v) { return V_AS(SliceObject, v)->step; }

static const GetSetDef slice_getsets[] = {
    {"start", slice_get_start, NULL, NULL},
    {"stop", slice_get_stop, NULL, NULL},
    {"step", slice_get_step, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- range ------------------------------------------------------------------------------- */

Value range_new(int64_t start, int64_t stop, int64_t step) {
    RangeObject *r = (RangeObject *)obj_alloc(&range_type, sizeof *r);
    r->start = start;
    r->stop = stop;
    r->step = step;
    if (step > 0) r->length = start < stop ? (stop - start - 1) / step + 1 : 0;
    else r->length = stop < start ? (start - stop - 1) / (-step) + 1 : 0;
    return V_FROM_PTR(r);
}

static bool is_big(RangeObject *r) { return r->bstart != VNULL; }

/* Length of a big range as an int object. */
static Value big_len(RangeObject *r) {
    Value lo = r->bstart, hi = r->bstop, st = r->bstep;
    if (int_sign(st) < 0) {
        Value t = lo;
        lo = hi;
        hi = t;
        st = obj_unop(st, UNOP_NEG);
    }
    if (int_compare(lo, hi) >= 0) return v_int(0);
    /* (hi - lo - 1) // st + 1 */
    Value d = obj_binop(obj_binop(obj_binop(hi, lo, BINOP_SUB), v_int(1), BINOP_SUB), st, BINOP_FLOORDIV);
    return obj_binop(d, v_int(1), BINOP_ADD);
}

static Value range_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)t;
    if (kwnames && tuple_size(kwnames)) return err_set(&exc_TypeError, "range() takes no keyword arguments");
    if (nargs == 0) return err_set(&exc_TypeError, "range expected at least 1 argument, got 0");
    if (nargs > 3) return err_format(&exc_TypeError, "range expected at most 3 arguments, got %zd", (ssize_t)nargs);
    Value v[3] = {v_int(0), VNULL, v_int(1)};
    if (nargs == 1) {
        v[1] = args[0];
    } else {
        v[0] = args[0];
        v[1] = args[1];
        if (nargs == 3) v[2] = args[2];
    }
    bool small = true;
    for (int i = 0; i < 3; i++) {
        if (!v_is_int(v[i])) {
            Value iv = obj_index(v[i]);
            if (!iv) return VNULL;
            v[i] = iv;
            if (!v_is_int(iv)) small = false;
        }
    }
    if (int_is_zero(v[2])) return err_set(&exc_ValueError, "range() arg 3 must not be zero");
    if (small) {
        int64_t a = v_intval(v[0]), b = v_intval(v[1]), c = v_intval(v[2]);
        /* lengths must fit comfortably */
        if ((b - a) / (c > 0 ? c : -c) < ((int64_t)1 << 61)) return range_new(a, b, c);
    }
    RangeObject *r = (RangeObject *)obj_alloc(&range_type, sizeof *r);
    r->bstart = v[0];
    r->bstop = v[1];
    r->bstep = v[2];
    Value len = big_len(r);
    if (!len) return VNULL;
    /* -1: longer than a Py_ssize_t (len() raises OverflowError) */
    r->length = int_as_i64(len);
    if (r->length == -1) err_clear();
    return V_FROM_PTR(r);
}

static Value range_start_v(RangeObject *r) { return is_big(r) ? r->bstart : v_int(r->start); }
static Value range_stop_v(RangeObject *r) { return is_big(r) ? r->bstop : v_int(r->stop); }
static Value range_step_v(RangeObject *r) { return is_big(r) ? r->bstep : v_int(r->step); }

static Value range_repr(Value v) {
    RangeObject *r = V_AS(RangeObject, v);
    Value step = range_step_v(r);
    if (v_is_int(step) && v_intval(step) == 1)
        return str_printf("range(%R, %R)", range_start_v(r), range_stop_v(r));
    return str_printf("range(%R, %R, %R)", range_start_v(r), range_stop_v(r), step);
}

static int64_t range_len(Value v) {
    RangeObject *r = V_AS(RangeObject, v);
    if (r->length < 0) {
        err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    return r->length;
}

static int range_truth(Value v) {
    RangeObject *r = V_AS(RangeObject, v);
    return r->length != 0;
}

/* item i (0 <= i < length) */
static Value range_item(RangeObject *r, Value i) {
    if (!is_big(r) && v_is_int(i)) return int_from_i64(r->start + v_intval(i) * r->step);
    return obj_binop(range_start_v(r), obj_binop(i, range_step_v(r), BINOP_MUL), BINOP_ADD);
}

static Value range_getitem(Value v, Value key) {
    RangeObject *r = V_AS(RangeObject, v);
    if (slice_check(key)) {
        SliceObject *sl = V_AS(SliceObject, key);
        if (!is_big(r) && slice_bounds_simple(sl->start, sl->stop, sl->step)) {
            int64_t a, b, c, x, y, z;
            if (slice_indices(key, r->length, &a, &b, &c) < 0) return VNULL;
            if (!__builtin_mul_overflow(a, r->step, &x) && !__builtin_add_overflow(x, r->start, &x) &&
                !__builtin_mul_overflow(b, r->step, &y) && !__builtin_add_overflow(y, r->start, &y) &&
                !__builtin_mul_overflow(c, r->step, &z) && smallint_fits(x) && smallint_fits(y) && smallint_fits(z))
                return range_new(x, y, z);
        }
        /* in ints of any size: range(item(start), item(stop), step * slice step) */
        Value len = is_big(r) ? big_len(r) : int_from_i64(r->length);
        Value a, b, c;
        if (!len || slice_indices_big(key, len, &a, &b, &c) < 0) return VNULL;
        Value st = range_step_v(r);
        Value bounds[3] = {range_item(r, a), range_item(r, b), obj_binop(st, c, BINOP_MUL)};
        if (!bounds[0] || !bounds[1] || !bounds[2]) return VNULL;
        return range_new_slot(&range_type, bounds, 3, VNULL);
    }
    if (!int_check(key) && (v_is_smallfloat(key) || !type_lookup(type_of(key), NAME(__index__))))
        return err_format(&exc_TypeError, "range indices must be integers or slices, not %T", key);
    Value iv = obj_index(key);
    if (!iv) return VNULL;
    if (r->length >= 0 && v_is_int(iv)) {
        int64_t i = v_intval(iv);
        if (i < 0) i += r->length;
        if (i < 0 || i >= r->length) return err_set(&exc_IndexError, "range object index out of range");
        return range_item(r, int_from_i64(i));   /* i may exceed the small ints (big ranges) */
    }
    Value len = is_big(r) ? big_len(r) : v_int(r->length);
    if (int_sign(iv) < 0) iv = obj_binop(iv, len, BINOP_ADD);
    if (int_sign(iv) < 0 || int_compare(iv, len) >= 0) return err_set(&exc_IndexError, "range object index out of range");
    return range_item(r, iv);
}

static int range_contains(Value v, Value x) {
    RangeObject *r = V_AS(RangeObject, v);
    /* only exact ints and bools by arithmetic: a subclass may define == */
    if (!int_check_exact(x) && !bool_check(x)) {
        Value it = obj_iter(v);
        if (!it) return -1;
        for (;;) {
            Value y = obj_next(it);
            if (!y) return err_occurred() ? -1 : 0;
            int e = obj_eq(y, x);
            if (e) return e;
        }
    }
    if (!is_big(r) && v_is_int(x)) {
        int64_t i = v_intval(x);
        if (r->step > 0 ? (i < r->start || i >= r->stop) : (i > r->start || i <= r->stop)) return 0;
        return (i - r->start) % r->step == 0;
    }
    Value st = range_step_v(r), a = range_start_v(r), b = range_stop_v(r);
    if (int_sign(st) > 0) {
        if (int_compare(x, a) < 0 || int_compare(x, b) >= 0) return 0;
    } else {
        if (int_compare(x, a) > 0 || int_compare(x, b) <= 0) return 0;
    }
    Value m = obj_binop(obj_binop(x, a, BINOP_SUB), st, BINOP_MOD);
    if (!m) return -1;
    return int_is_zero(m);
}

static Value range_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || type_of(a) != &range_type || type_of(b) != &range_type) return V_NOTIMPL;
    RangeObject *x = V_AS(RangeObject, a), *y = V_AS(RangeObject, b);
    bool eq;
    Value lx = is_big(x) ? big_len(x) : v_int(x->length), ly = is_big(y) ? big_len(y) : v_int(y->length);
    if (int_compare(lx, ly) != 0) eq = false;
    else if (int_is_zero(lx)) eq = true;
    else if (int_compare(range_start_v(x), range_start_v(y)) != 0) eq = false;
    else if (v_is_int(lx) && v_intval(lx) == 1) eq = true;
    else eq = int_compare(range_step_v(x), range_step_v(y)) == 0;
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int64_t range_hash(Value v) {
    RangeObject *r = V_AS(RangeObject, v);
    Value len = is_big(r) ? big_len(r) : v_int(r->length);
    Value t;
    if (int_is_zero(len)) t = tuple_pack(3, len, V_NONE, V_NONE);
    else if (v_is_int(len) && v_intval(len) == 1) t = tuple_pack(3, len, range_start_v(r), V_NONE);
    else t = tuple_pack(3, len, range_start_v(r), range_step_v(r));
    return tuple_hash(t);
}

static Value range_iter(Value v) {
    RangeObject *r = V_AS(RangeObject, v);
    if (is_big(r) || r->length < 0 || !smallint_fits(r->start + (r->length ? (r->length - 1) * r->step : 0))) {
        /* general iteration through indexing */
        return seqiter_new(v);
    }
    RangeIterObject *it = (RangeIterObject *)obj_alloc(&rangeiter_type, sizeof *it);
    it->next = r->start;
    it->step = r->step;
    it->remaining = it->len = r->length;
    return V_FROM_PTR(it);
}

static Value rangeiter_next(Value v) {
    RangeIterObject *it = V_AS(RangeIterObject, v);
    if (it->remaining <= 0) return VNULL;
    int64_t x = it->next;
    it->next += it->step;
    it->remaining--;
    return v_int(x);
}

static Value rangeiter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return v_int(V_AS(RangeIterObject, args[0])->remaining);
}

static Value range_count_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("count", nargs - 1, 1, 1) < 0) return VNULL;
    if (int_check_exact(args[1]) || bool_check(args[1])) {
        int c = range_contains(args[0], args[1]);
        return c < 0 ? VNULL : v_int(c);
    }
    /* others by == with every item, as CPython's sequence search */
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    int64_t n = 0;
    for (;;) {
        Value y = obj_next(it);
        if (!y) return err_occurred() ? VNULL : int_from_i64(n);
        int e = obj_eq(y, args[1]);
        if (e < 0) return VNULL;
        n += e;
    }
}

static Value range_index_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("index", nargs - 1, 1, 1) < 0) return VNULL;
    if (!int_check_exact(args[1]) && !bool_check(args[1])) {
        Value it = obj_iter(args[0]);
        if (!it) return VNULL;
        for (int64_t i = 0;; i++) {
            Value y = obj_next(it);
            if (!y) return err_occurred() ? VNULL : err_set(&exc_ValueError, "sequence.index(x): x not in sequence");
            int e = obj_eq(y, args[1]);
            if (e < 0) return VNULL;
            if (e) return int_from_i64(i);
        }
    }
    int c = range_contains(args[0], args[1]);
    if (c < 0) return VNULL;
    if (!c) return err_format(&exc_ValueError, "%R is not in range", args[1]);
    RangeObject *r = V_AS(RangeObject, args[0]);
    return obj_binop(obj_binop(args[1], range_start_v(r), BINOP_SUB), range_step_v(r), BINOP_FLOORDIV);
}

static Value range_reversed_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    RangeObject *r = V_AS(RangeObject, args[0]);
    if (is_big(r)) {
        Value len = big_len(r);
        Value last = range_item(r, obj_binop(len, v_int(1), BINOP_SUB));
        Value nst = obj_unop(r->bstep, UNOP_NEG);
        Value a[3] = {last, obj_binop(range_start_v(r), r->bstep, BINOP_SUB), nst};
        Value nr = range_new_slot(&range_type, a, 3, VNULL);
        if (!nr) return VNULL;
        return range_iter(nr);
    }
    RangeIterObject *it = (RangeIterObject *)obj_alloc(&rangeiter_type, sizeof *it);
    it->next = r->start + (r->length - 1) * r->step;
    it->step = -r->step;
    it->remaining = it->len = r->length;
    return V_FROM_PTR(it);
}

/* pickling: range(start, stop, step) */
static Value range_reduce_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    RangeObject *r = V_AS(RangeObject, args[0]);
    Value a[2] = {V_FROM_PTR(&range_type), tuple_pack(3, range_start_v(r), range_stop_v(r), range_step_v(r))};
    return tuple_from_array(a, 2);
}

/* pickling as CPython: (iter, (range(first, first + len*step, step),), index),
   first being the item the iterator started at */
static Value rangeiter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    RangeIterObject *it = V_AS(RangeIterObject, args[0]);
    int64_t rem = it->remaining > 0 ? it->remaining : 0;
    int64_t len = it->len > rem ? it->len : rem, index = len - rem;
    /* |first|, |first + len*step| are at most about 2**62 + |step|: exact in ints */
    Value step = int_from_i64(it->step);
    Value first = obj_binop(int_from_i64(it->next), obj_binop(int_from_i64(index), step, BINOP_MUL), BINOP_SUB);
    if (!first) return VNULL;
    Value stop = obj_binop(first, obj_binop(int_from_i64(len), step, BINOP_MUL), BINOP_ADD);
    if (!stop) return VNULL;
    Value a[3] = {first, stop, step};
    Value range = range_new_slot(&range_type, a, 3, VNULL);
    if (!range) return VNULL;
    return iter_reduce(range, int_from_i64(index));
}

static Value rangeiter_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    RangeIterObject *it = V_AS(RangeIterObject, args[0]);
    int64_t rem = it->remaining > 0 ? it->remaining : 0;
    int64_t len = it->len > rem ? it->len : rem, index;
    if (setstate_index(args[1], 0, len, &index) < 0) return VNULL;
    int64_t first = it->next - (len - rem) * it->step;
    it->len = len;
    it->next = first + index * it->step;
    it->remaining = len - index;
    return V_NONE;
}

static const MethodDef range_methods[] = {
    {"__reduce__", range_reduce_m, 0, NULL},
    {"count", range_count_m, 0, NULL},
    {"index", range_index_m, 0, NULL},
    {"__reversed__", range_reversed_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef rangeiter_methods[] = {
    {"__length_hint__", rangeiter_length_hint, 0, NULL},
    {"__reduce__", rangeiter_reduce, 0, NULL},
    {"__setstate__", rangeiter_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Value range_get_start(Value v) { return range_start_v(V_AS(RangeObject, v)); }
static Value range_get_stop(Value v) { return range_stop_v(V_AS(RangeObject, v)); }
static Value range_get_step(Value v) { return range_step_v(V_AS(RangeObject, v)); }

static const GetSetDef range_getsets[] = {
    {"start", range_get_start, NULL, NULL},
    {"stop", range_get_stop, NULL, NULL},
    {"step", range_get_step, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- sequence iterator --------------------------------------------------------------------- */

/* the same iterator under CPython's names for tuples and big ranges */
Type tupleiter_type;
static Type longrangeiter_type;

/* iter() of a tuple, a subclass's too: its items, whatever the subclass's
 * __getitem__ does (as CPython's tuple iterator) */
Value tupleiter_new(Value t) {
    SeqIterObject *it = (SeqIterObject *)obj_alloc(&tupleiter_type, sizeof *it);
    it->seq = t;
    return V_FROM_PTR(it);
}

Value seqiter_new(Value seq) {
    Type *t = tuple_check_exact(seq) ? &tupleiter_type : v_is_ptr(seq) && V_OBJ(seq)->type == &range_type ? &longrangeiter_type : &seqiter_type;
    SeqIterObject *it = (SeqIterObject *)obj_alloc(t, sizeof *it);
    it->seq = seq;
    return V_FROM_PTR(it);
}

static Value seqiter_next(Value v) {
    SeqIterObject *it = V_AS(SeqIterObject, v);
    Value seq = it->seq;
    if (!seq) return VNULL;
    if (V_OBJ(v)->type == &tupleiter_type) {
        if (it->index < tuple_size(seq)) return tuple_get(seq, it->index++);
        it->seq = VNULL;
        return VNULL;
    }
    Value r = obj_getitem(seq, int_from_i64(it->index));
    if (!r) {
        if (err_matches(&exc_IndexError) || err_matches(&exc_StopIteration)) {
            err_clear();
            /* an exhausted range iterator still pickles as its range */
            if (V_OBJ(v)->type != &longrangeiter_type) it->seq = VNULL;
        }
        return VNULL;
    }
    it->index++;
    return r;
}

static Value seqiter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    SeqIterObject *it = V_AS(SeqIterObject, args[0]);
    if (!it->seq) return v_int(0);
    int64_t n = V_OBJ(args[0])->type == &tupleiter_type ? tuple_size(it->seq) : obj_len(it->seq);
    if (n < 0) {
        err_clear();
        return V_NOTIMPL;
    }
    return v_int(n > it->index ? n - it->index : 0);
}

/* pickling: (iter, (seq,), index), or an exhausted one over () */
static Value seqiter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    SeqIterObject *it = V_AS(SeqIterObject, args[0]);
    if (!it->seq) return iter_reduce(tuple_new(0), VNULL);
    return iter_reduce(it->seq, int_from_i64(it->index));
}

/* the index is clamped below at 0, and for tuples and ranges (whose length
   is known) above at their length, as CPython's */
static Value seqiter_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    SeqIterObject *it = V_AS(SeqIterObject, args[0]);
    int64_t hi = INT64_MAX;
    if (it->seq && V_OBJ(args[0])->type != &seqiter_type) {
        hi = V_OBJ(args[0])->type == &tupleiter_type ? tuple_size(it->seq) : obj_len(it->seq);
        if (hi < 0) return VNULL;
    }
    int64_t index;
    if (setstate_index(args[1], 0, hi, &index) < 0) return VNULL;
    if (it->seq) it->index = index;
    return V_NONE;
}

static const MethodDef seqiter_methods[] = {
    {"__length_hint__", seqiter_length_hint, 0, NULL},
    {"__reduce__", seqiter_reduce, 0, NULL},
    {"__setstate__", seqiter_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- enumerate, zip, map, filter, reversed, callable iterator ------------------------------- */


static const ArgSpec enumerate_args = {"enumerate", 0, 1, 0, {"iterable", "start=0", NULL}};
static Value enumerate_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&enumerate_args, args, nargs, kwnames, a) < 0) return VNULL;
    Value iterable = a[0], start = a[1];
    Value it = obj_iter(iterable);
    if (!it) return VNULL;
    EnumerateObject *e = (EnumerateObject *)obj_alloc(t, t->basicsize);
    e->it = it;
    if (start) {
        Value s = obj_index(start);
        if (!s) return VNULL;
        if (v_is_int(s)) e->index = v_intval(s);
        else e->bigindex = s;
    }
    return V_FROM_PTR(e);
}

static Value enumerate_next(Value v) {
    EnumerateObject *e = V_AS(EnumerateObject, v);
    Value x = obj_next(e->it);
    if (!x) return VNULL;
    Value idx;
    if (e->bigindex) {
        idx = e->bigindex;
        e->bigindex = obj_binop(idx, v_int(1), BINOP_ADD);
    } else {
        idx = int_from_i64(e->index);
        if (e->index == SMALLINT_MAX) e->bigindex = int_add_slow(idx, v_int(1));
        else e->index++;
    }
    return tuple_pack(2, idx, x);
}

/* (enumerate, (it, next index)) */
static Value enumerate_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("enumerate.__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    EnumerateObject *e = V_AS(EnumerateObject, args[0]);
    Value idx = e->bigindex ? e->bigindex : int_from_i64(e->index);
    return tuple_pack(2, V_FROM_PTR(type_of(args[0])), tuple_pack(2, e->it, idx));
}

static const MethodDef enumerate_methods[] = {
    {"__reduce__", enumerate_reduce, 0, "Return state information for pickling."},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, "See PEP 585"},
    {NULL, NULL, 0, NULL},
};

typedef struct ZipObject {
    Object hdr;
    Value iters;        /* tuple */
    bool strict;
} ZipObject;

static Value zip_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    bool strict = false;
    if (kwnames && tuple_size(kwnames)) {
        static const char *const kws[] = {"strict", NULL};
        if (arg_kw_allowed("zip", kwnames, kws) < 0) return VNULL;
        int r = obj_truth(arg_kw(args, nargs, kwnames, "strict"));
        if (r < 0) return VNULL;
        strict = r;
    }
    Value iters = tuple_new((int64_t)nargs);
    for (size_t i = 0; i < nargs; i++) {
        Value it = obj_iter(args[i]);   /* CPython 3.11: "'int' object is not iterable" */
        if (!it) return VNULL;
        tuple_items(iters)[i] = it;
    }
    ZipObject *z = (ZipObject *)obj_alloc(t, t->basicsize);
    z->iters = iters;
    z->strict = strict;
    return V_FROM_PTR(z);
}

static Value zip_next(Value v) {
    ZipObject *z = V_AS(ZipObject, v);
    int64_t n = tuple_size(z->iters);
    if (n == 0) return VNULL;
    Value r = tuple_new(n);
    for (int64_t i = 0; i < n; i++) {
        Value x = obj_next(tuple_get(z->iters, i));
        if (!x) {
            if (err_occurred()) return VNULL;
            if (z->strict) {
                if (i > 0)
                    return err_format(&exc_ValueError, "zip() argument %d is shorter than argument%s%d", (int)i + 1,
                                      i == 1 ? " " : "s 1-", (int)i);
                for (int64_t j = 1; j < n; j++) {
                    Value y = obj_next(tuple_get(z->iters, j));
                    if (y)
                        return err_format(&exc_ValueError, "zip() argument %d is longer than argument%s%d", (int)j + 1,
                                          j == 1 ? " " : "s 1-", (int)j);
                    if (err_occurred()) return VNULL;
                }
            }
            return VNULL;
        }
        tuple_items(r)[i] = x;
    }
    return r;
}

/* (zip, iterators) or, when strict, (zip, iterators, True) */
static Value zip_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("zip.__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    ZipObject *z = V_AS(ZipObject, args[0]);
    Value t = V_FROM_PTR(type_of(args[0]));
    return z->strict ? tuple_pack(3, t, z->iters, V_TRUE) : tuple_pack(2, t, z->iters);
}

static Value zip_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("zip.__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    int r = obj_truth(args[1]);
    if (r < 0) return VNULL;
    V_AS(ZipObject, args[0])->strict = r;
    return V_NONE;
}

static const MethodDef zip_methods[] = {
    {"__reduce__", zip_reduce, 0, "Return state information for pickling."},
    {"__setstate__", zip_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

typedef struct MapObject {
    Object hdr;
    Value func;
    Value iters;        /* tuple */
} MapObject;

static Value map_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw_unless_init("map", t, kwnames) < 0) return VNULL;
    if (nargs < 2) return err_set(&exc_TypeError, "map() must have at least two arguments.");
    Value iters = tuple_new((int64_t)nargs - 1);
    for (size_t i = 1; i < nargs; i++) {
        Value it = obj_iter(args[i]);
        if (!it) return VNULL;
        tuple_items(iters)[i - 1] = it;
    }
    MapObject *m = (MapObject *)obj_alloc(t, t->basicsize);
    m->func = args[0];
    m->iters = iters;
    return V_FROM_PTR(m);
}

static Value map_next(Value v) {
    MapObject *m = V_AS(MapObject, v);
    int64_t n = tuple_size(m->iters);
    Value stackbuf[8];
    Value *a = n <= 8 ? stackbuf : gc_alloc(sizeof(Value) * (size_t)n);
    for (int64_t i = 0; i < n; i++) {
        Value x = obj_next(tuple_get(m->iters, i));
        if (!x) return VNULL;
        a[i] = x;
    }
    return obj_call(m->func, a, (size_t)n, VNULL);
}

/* map(f, *its).__reduce__(): (type, (f, *its)), as CPython (pickle, copy) */
static Value map_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    MapObject *m = V_AS(MapObject, args[0]);
    int64_t n = tuple_size(m->iters);
    Value a = tuple_new(n + 1);
    tuple_items(a)[0] = m->func;
    for (int64_t i = 0; i < n; i++) tuple_items(a)[i + 1] = tuple_get(m->iters, i);
    return tuple_pack(2, V_FROM_PTR(type_of(args[0])), a);
}

static const MethodDef map_methods[] = {
    {"__reduce__", map_reduce, 0, "Return state information for pickling."},
    {NULL, NULL, 0, NULL},
};

typedef struct FilterObject {
    Object hdr;
    Value func;
    Value it;
} FilterObject;

static Value filter_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw_unless_init("filter", t, kwnames) < 0) return VNULL;
    if (nargs != 2) return err_format(&exc_TypeError, "filter expected 2 arguments, got %zd", (ssize_t)nargs);
    Value it = obj_iter(args[1]);
    if (!it) return VNULL;
    FilterObject *f = (FilterObject *)obj_alloc(t, t->basicsize);
    f->func = args[0];
    f->it = it;
    return V_FROM_PTR(f);
}

/* filter(f, it).__reduce__(): (type, (f, it)) */
static Value filter_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    FilterObject *f = V_AS(FilterObject, args[0]);
    return tuple_pack(2, V_FROM_PTR(type_of(args[0])), tuple_pack(2, f->func, f->it));
}

static const MethodDef filter_methods[] = {
    {"__reduce__", filter_reduce, 0, "Return state information for pickling."},
    {NULL, NULL, 0, NULL},
};

static Value filter_next(Value v) {
    FilterObject *f = V_AS(FilterObject, v);
    for (;;) {
        Value x = obj_next(f->it);
        if (!x) return VNULL;
        int ok;
        if (f->func == V_NONE || f->func == V_FROM_PTR(&bool_type)) {
            ok = obj_truth(x);
        } else {
            Value r = obj_call1(f->func, x);
            if (!r) return VNULL;
            ok = obj_truth(r);
        }
        if (ok < 0) return VNULL;
        if (ok) return x;
    }
}

typedef struct ReversedObject {
    Object hdr;
    Value seq;
    int64_t index;      /* next index to yield; -1 when done */
} ReversedObject;

static Value reversed_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (kwnames && tuple_size(kwnames)) return err_set(&exc_TypeError, "reversed() takes no keyword arguments");
    if (nargs != 1) return err_format(&exc_TypeError, "reversed expected 1 argument, got %zd", (ssize_t)nargs);
    Value seq = args[0];
    /* __reversed__ = None declares the type not reversible (Mapping) */
    if (type_lookup(type_of(seq), NAME(__reversed__)) == V_NONE)
        return err_format(&exc_TypeError, "'%T' object is not reversible", seq);
    bool found;
    Value r = obj_call_special(seq, NAME(__reversed__), NULL, 0, &found);
    if (found) return r;
    if (v_is_int(seq) || v_is_smallfloat(seq) || !type_of(seq)->getitem || !type_of(seq)->len ||
        dict_check(seq) || set_check(seq))
        return err_format(&exc_TypeError, "'%T' object is not reversible", seq);
    int64_t n = obj_len(seq);
    if (n < 0) return VNULL;
    ReversedObject *o = (ReversedObject *)obj_alloc(t, t->basicsize);
    o->seq = seq;
    o->index = n - 1;
    return V_FROM_PTR(o);
}

static Value reversed_next(Value v) {
    ReversedObject *o = V_AS(ReversedObject, v);
    if (o->index < 0 || !o->seq) {
        o->seq = VNULL;   /* exhausted: let the sequence go, as CPython */
        return VNULL;
    }
    Value r = obj_getitem(o->seq, int_from_i64(o->index));
    if (!r) {
        if (err_matches(&exc_IndexError) || err_matches(&exc_StopIteration)) err_clear();
        o->seq = VNULL;
        return VNULL;
    }
    o->index--;
    return r;
}

static Value reversed_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    ReversedObject *o = V_AS(ReversedObject, args[0]);
    if (!o->seq) return v_int(0);
    /* as CPython: the sequence may have shrunk (or fail to say its size) */
    int64_t size = obj_len(o->seq);
    if (size < 0) return VNULL;
    return int_from_i64(size < o->index + 1 ? 0 : o->index + 1);
}

/* pickling: (reversed, (seq,), index), or an exhausted one over () */
static Value reversed_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    ReversedObject *o = V_AS(ReversedObject, args[0]);
    Value t = V_FROM_PTR(V_OBJ(args[0])->type);
    if (!o->seq) {
        Value inner[1] = {tuple_new(0)};
        Value r[2] = {t, tuple_from_array(inner, 1)};
        return tuple_from_array(r, 2);
    }
    Value inner[1] = {o->seq};
    Value r[3] = {t, tuple_from_array(inner, 1), int_from_i64(o->index)};
    return tuple_from_array(r, 3);
}

static Value reversed_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    ReversedObject *o = V_AS(ReversedObject, args[0]);
    int64_t i = obj_index_i64(args[1]);
    if (i == -1 && err_occurred()) return VNULL;
    if (o->seq) {
        int64_t n = obj_len(o->seq);
        if (n < 0) return VNULL;
        if (i < -1) i = -1;
        else if (i > n - 1) i = n - 1;
        o->index = i;
    }
    return V_NONE;
}

static const MethodDef reversed_methods[] = {
    {"__length_hint__", reversed_length_hint, 0, NULL},
    {"__reduce__", reversed_reduce, 0, NULL},
    {"__setstate__", reversed_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

typedef struct CallIterObject {
    Object hdr;
    Value func, sentinel;
} CallIterObject;

Value calliter_new(Value func, Value sentinel) {
    CallIterObject *c = (CallIterObject *)obj_alloc(&calliter_type, sizeof *c);
    c->func = func;
    c->sentinel = sentinel;
    return V_FROM_PTR(c);
}

static Value calliter_next(Value v) {
    CallIterObject *c = V_AS(CallIterObject, v);
    if (!c->func) return VNULL;
    Value r = obj_call0(c->func);
    if (!r) {
        if (err_matches(&exc_StopIteration)) {
            err_clear();
            c->func = VNULL;
        }
        return VNULL;
    }
    int eq = obj_eq(r, c->sentinel);
    if (eq < 0) return VNULL;
    if (eq) {
        c->func = VNULL;
        return VNULL;
    }
    return r;
}

/* pickling: (iter, (func, sentinel)), or an exhausted one over () */
static Value calliter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    CallIterObject *c = V_AS(CallIterObject, args[0]);
    if (!c->func) return iter_reduce(tuple_new(0), VNULL);
    Value iter = dict_get(tstate.builtins, str_intern_cstr("iter"));
    if (!iter) return err_occurred() ? VNULL : err_set(&exc_RuntimeError, "lost builtins.iter");
    Value r[2] = {iter, tuple_pack(2, c->func, c->sentinel)};
    return tuple_from_array(r, 2);
}

static const MethodDef calliter_methods[] = {
    {"__reduce__", calliter_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- types ------------------------------------------------------------------------------------- */

Type none_type = {.tname = "NoneType", .repr = none_repr, .truth = none_truth, .new_ = none_new};
Type notimpl_type = {.tname = "NotImplementedType", .repr = notimpl_repr, .truth = notimpl_truth, .new_ = none_new};
Type ellipsis_type = {.tname = "ellipsis", .repr = ellipsis_repr, .new_ = none_new};

Type slice_type = {
    .tname = "slice",
    .basicsize = sizeof(SliceObject),
    .repr = slice_repr,
    .richcompare = slice_richcompare,
    .new_ = slice_new_slot,
};

Type range_type = {
    .tname = "range",
    .flags = TF_MATCH_SEQUENCE,
    .basicsize = sizeof(RangeObject),
    .repr = range_repr,
    .hash = range_hash,
    .richcompare = range_richcompare,
    .truth = range_truth,
    .len = range_len,
    .getitem = range_getitem,
    .contains = range_contains,
    .iter = range_iter,
    .new_ = range_new_slot,
};

Type rangeiter_type = {
    .tname = "range_iterator",
    .basicsize = sizeof(RangeIterObject),
    .iter = iter_self,
    .iternext = rangeiter_next,
};

Type seqiter_type = {
    .tname = "iterator",
    .basicsize = sizeof(SeqIterObject),
    .iter = iter_self,
    .iternext = seqiter_next,
};

Type enumerate_type = {
    .tname = "enumerate",
    .sig = &enumerate_args,
    .flags = TF_BASETYPE,
    .basicsize = sizeof(EnumerateObject),
    .iter = iter_self,
    .iternext = enumerate_next,
    .new_ = enumerate_new,
};

Type zip_type = {
    .tname = "zip",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(ZipObject),
    .iter = iter_self,
    .iternext = zip_next,
    .new_ = zip_new,
};

Type map_type_ = {
    .tname = "map",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(MapObject),
    .iter = iter_self,
    .iternext = map_next,
    .new_ = map_new,
};

Type filter_type = {
    .tname = "filter",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(FilterObject),
    .iter = iter_self,
    .iternext = filter_next,
    .new_ = filter_new,
};

Type reversed_type = {
    .tname = "reversed",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(ReversedObject),
    .iter = iter_self,
    .iternext = reversed_next,
    .new_ = reversed_new,
};

Type calliter_type = {
    .tname = "callable_iterator",
    .basicsize = sizeof(CallIterObject),
    .iter = iter_self,
    .iternext = calliter_next,
};

/* pickle and copy reduce the singletons to their names, as CPython */
static Value ellipsis_reduce(Value *args, size_t nargs, Value kwnames) { return str_from_cstr("Ellipsis"); }
static Value notimpl_reduce(Value *args, size_t nargs, Value kwnames) { return str_from_cstr("NotImplemented"); }
static const MethodDef ellipsis_methods[] = {{"__reduce__", ellipsis_reduce, 0, NULL}, {NULL, NULL, 0, NULL}};
static const MethodDef notimpl_methods[] = {{"__reduce__", notimpl_reduce, 0, NULL}, {NULL, NULL, 0, NULL}};

void misc_init(void) {
    type_ready(&none_type);
    type_add_methods(&notimpl_type, notimpl_methods);
    type_ready(&notimpl_type);
    type_add_methods(&ellipsis_type, ellipsis_methods);
    type_ready(&ellipsis_type);
    type_add_methods(&slice_type, slice_methods);
    type_add_getsets(&slice_type, slice_getsets);
    type_ready(&slice_type);
    slice_type.hash = NULL;
    dict_set(slice_type.dict, NAME(__hash__), V_NONE);
    type_add_methods(&range_type, range_methods);
    type_add_getsets(&range_type, range_getsets);
    type_ready(&range_type);
    type_add_methods(&rangeiter_type, rangeiter_methods);
    type_ready(&rangeiter_type);
    type_add_methods(&seqiter_type, seqiter_methods);
    type_ready(&seqiter_type);
    Type *clones[2] = {&tupleiter_type, &longrangeiter_type};
    const char *clone_names[2] = {"tuple_iterator", "longrange_iterator"};
    for (int i = 0; i < 2; i++) {
        clones[i]->tname = clone_names[i];
        clones[i]->basicsize = seqiter_type.basicsize;
        clones[i]->iter = seqiter_type.iter;
        clones[i]->iternext = seqiter_type.iternext;
        type_add_methods(clones[i], seqiter_methods);
        type_ready(clones[i]);
    }
    type_add_methods(&enumerate_type, enumerate_methods);
    type_ready(&enumerate_type);
    type_add_methods(&zip_type, zip_methods);
    type_ready(&zip_type);
    type_add_methods(&map_type_, map_methods);
    type_ready(&map_type_);
    type_add_methods(&filter_type, filter_methods);
    type_ready(&filter_type);
    type_add_methods(&reversed_type, reversed_methods);
    type_ready(&reversed_type);
    type_add_methods(&calliter_type, calliter_methods);
    type_ready(&calliter_type);
}
