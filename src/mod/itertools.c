/* itertools.c: the itertools module: iterator types with iternext slots,
 * producing the same items in the same order as CPython 3.11, with its
 * argument handling and error messages.
 *
 * Every type may be subclassed (objects are made with instance_new, which
 * allocates the subclass's size). Iterators that wrap others drop their
 * reference (set it to VNULL) once exhausted, so they stay exhausted.
 *
 * Every iterator copies and pickles as CPython 3.11's: __reduce__ gives the
 * same (type, args[, state]) tuple, __setstate__ takes it back with the
 * same checks, so pickles cross between the two implementations. */
#include <stdio.h>

#include "../runtime.h"

static Value iter_self(Value v) { return v; }

/* An int argument as int64 (TypeError for non-integers, OverflowError when
 * it does not fit). */
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

static Value new_obj(Type *t) { return instance_new(t); }

/* ---- pickling: each type's __reduce__/__setstate__ give and take the same
 * tuples as CPython 3.11's, so pickles and copies are interchangeable. ---- */

static Value type_v(Value self) { return V_FROM_PTR(type_of(self)); }

/* An iterator over nothing: stands for an input this module dropped when it
 * was exhausted (CPython keeps the exhausted iterator). */
static Value empty_iter(void) { return obj_iter(tuple_empty); }

/* A __setstate__ state that must be a tuple of min..max items, with the
 * messages of CPython's PyArg_ParseTuple. */
static int state_tuple(Value st, int64_t min, int64_t max) {
    if (!tuple_check(st)) {
        err_set(&exc_TypeError, "state is not a tuple");
        return -1;
    }
    int64_t n = tuple_size(st);
    if (n >= min && n <= max) return 0;
    const char *how = min == max ? "exactly" : n < min ? "at least" : "at most";
    int64_t want = n < min ? min : max;
    err_format(&exc_TypeError, "function takes %s %lld argument%s (%lld given)", how, (long long)want,
               want == 1 ? "" : "s", (long long)n);
    return -1;
}

/* A state item that must be of type t ("argument N must be list, not tuple"). */
static int state_type(Value v, int pos, Type *t) {
    if (type_is_subtype(type_of(v), t)) return 0;
    err_format(&exc_TypeError, "argument %d must be %s, not %T", pos, t->tname, v);
    return -1;
}

/* A state item read as a C int (PyArg "i": any __index__ object). */
static int state_int(Value v, int *out) {
    Value iv = obj_index(v);
    if (!iv) return -1;
    int64_t x = int_as_i64(iv);
    if (x == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C long");
        return -1;
    }
    if (x > INT32_MAX || x < INT32_MIN) {
        err_set(&exc_OverflowError, x > 0 ? "signed integer is greater than maximum"
                                           : "signed integer is less than minimum");
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* A state index: an int proper (PyLong_AsSsize_t), clamped to [lo, hi]. */
static int state_index(Value v, int64_t lo, int64_t hi, int64_t *out) {
    if (!int_check(v)) {
        err_set(&exc_TypeError, "an integer is required");
        return -1;
    }
    int64_t x = int_as_i64(v);
    if (x == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    *out = x < lo ? lo : x > hi ? hi : x;
    return 0;
}

/* A method's argument count check; messages name it after the itertools
 * type defining it ("count.__reduce__() takes no arguments (1 given)"). */
static int method_args(Value self, const char *m, size_t nargs, size_t want) {
    if (nargs - 1 == want) return 0;
    Type *t = type_of(self);
    while (type_has_flag(t, TF_HEAPTYPE) && t->base) t = t->base;
    const char *dot = strchr(t->tname, '.');
    char name[96];
    snprintf(name, sizeof name, "%s.%s", dot ? dot + 1 : t->tname, m);
    return arg_count(name, nargs - 1, want, want);
}

/* methods taking no argument / the state (args[0] is self) */
#define NOARGS(m)                                                          \
    do {                                                                   \
        (void)kwnames;                                                     \
        if (method_args(args[0], m, nargs, 0) < 0) return VNULL;           \
    } while (0)
#define ONEARG(m)                                                          \
    do {                                                                   \
        (void)kwnames;                                                     \
        if (method_args(args[0], m, nargs, 1) < 0) return VNULL;           \
    } while (0)

/* Set the module of every type and make it ready. */
static void ready(Type *t, const MethodDef *methods) {
    if (t->flags & TF_READY) return;
    /* tp_name is "itertools.X" (error messages); __name__ is "X" */
    t->module = str_intern_cstr("itertools");
    t->name = str_intern_cstr(strchr(t->tname, '.') + 1);
    if (methods) type_add_methods(t, methods);
    type_ready(t);
}

/* ---- count ------------------------------------------------------------------------------ */

typedef struct CountObject {
    Object hdr;
    int64_t cnt;        /* fast mode: an int counter stepping by 1 */
    Value vcnt;         /* slow mode: the current value (VNULL in fast mode) */
    Value step;
} CountObject;

static Type count_type;

static bool is_number(Value v) {
    if (int_check(v) || float_check(v)) return true;
    Type *t = type_of(v);
    return type_lookup(t, NAME(__index__)) || type_lookup(t, NAME(__int__)) || type_lookup(t, NAME(__float__)) ||
           type_lookup(t, NAME(__complex__));
}

static Value count_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"count", 0, 0, 0, {"start", "step", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value start = a[0] ? a[0] : v_int(0), step = a[1] ? a[1] : v_int(1);
    if (!is_number(start) || !is_number(step)) return err_set(&exc_TypeError, "a number is required");
    CountObject *c = V_AS(CountObject, new_obj(t));
    bool step_one = int_check(step) && int_compare(step, v_int(1)) == 0;
    if (int_check(start) && step_one) {
        int64_t s = int_as_i64(start);
        if (!(s == -1 && err_occurred()) && s >= SMALLINT_MIN && s < SMALLINT_MAX) {
            c->cnt = s;
            c->step = v_int(1);
            return V_FROM_PTR(c);
        }
        err_clear();
    }
    c->vcnt = start;
    c->step = step;
    return V_FROM_PTR(c);
}

static Value count_next(Value self) {
    CountObject *c = V_AS(CountObject, self);
    if (!c->vcnt) {
        int64_t x = c->cnt;
        if (x < SMALLINT_MAX) {
            c->cnt = x + 1;
            return v_int(x);
        }
        c->vcnt = v_int(x);
    }
    Value r = c->vcnt;
    Value n = obj_binop(r, c->step, BINOP_ADD);
    if (!n) return VNULL;
    c->vcnt = n;
    return r;
}

static Value count_repr(Value self) {
    CountObject *c = V_AS(CountObject, self);
    Value name = type_name(type_of(self));
    if (!c->vcnt) return str_printf("%U(%lld)", name, (long long)c->cnt);
    bool step_one = int_check(c->step) && int_compare(c->step, v_int(1)) == 0;
    if (step_one) return str_printf("%U(%R)", name, c->vcnt);
    return str_printf("%U(%R, %R)", name, c->vcnt, c->step);
}

/* count(n) while counting by one in C's ssize_t range, else count(n, step)
 * (CPython's fast and slow modes). */
static Value count_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    CountObject *c = V_AS(CountObject, args[0]);
    if (!c->vcnt) return tuple_pack(2, type_v(args[0]), tuple_pack(1, v_int(c->cnt)));
    if (int_check(c->vcnt) && int_check(c->step) && int_compare(c->step, v_int(1)) == 0) {
        int64_t x = int_as_i64(c->vcnt);
        if (x == -1 && err_occurred()) err_clear();
        else if (x != INT64_MAX) return tuple_pack(2, type_v(args[0]), tuple_pack(1, int_from_i64(x)));
    }
    return tuple_pack(2, type_v(args[0]), tuple_pack(2, c->vcnt, c->step));
}

static const MethodDef count_methods[] = {
    {"__reduce__", count_reduce, 0, "Return state information for pickling."},
    {NULL, NULL, 0, NULL},
};

static Type count_type = {
    .tname = "itertools.count",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(CountObject),
    .repr = count_repr,
    .iter = iter_self,
    .iternext = count_next,
    .new_ = count_new,
};

/* ---- cycle -------------------------------------------------------------------------------- */

typedef struct CycleObject {
    Object hdr;
    Value it;           /* VNULL after the first pass */
    Value saved;        /* list */
    int64_t index;      /* next in saved; may equal its size (then 0) */
    bool firstpass;     /* set by __setstate__: saved already holds its items */
} CycleObject;

static Type cycle_type;

static Value cycle_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw_unless_init("cycle", t, kwnames) < 0) return VNULL;
    if (nargs != 1) return err_format(&exc_TypeError, "cycle expected 1 argument, got %zd", (ssize_t)nargs);
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    CycleObject *c = V_AS(CycleObject, new_obj(t));
    c->it = it;
    c->saved = list_new(0);
    return V_FROM_PTR(c);
}

static Value cycle_next(Value self) {
    CycleObject *c = V_AS(CycleObject, self);
    if (c->it) {
        Value x = obj_next(c->it);
        if (x) {
            if (!c->firstpass) list_append(c->saved, x);
            return x;
        }
        if (err_occurred()) return VNULL;
        c->it = VNULL;
    }
    int64_t n = list_size(c->saved);
    if (n == 0) return VNULL;
    if (c->index >= n) c->index = 0;
    return list_get(c->saved, c->index++);
}

/* (cycle, (it,), (saved, firstpass)); after the first pass `it` is an
 * iterator over saved positioned at the next item. */
static Value cycle_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    CycleObject *c = V_AS(CycleObject, args[0]);
    if (c->it)
        return tuple_pack(3, type_v(args[0]), tuple_pack(1, c->it), tuple_pack(2, c->saved, v_bool(c->firstpass)));
    Value it = obj_iter(c->saved);
    if (!it) return VNULL;
    int64_t n = list_size(c->saved);
    if (n && c->index % n) {
        Value idx = v_int(c->index % n);
        if (!obj_call_method(it, "__setstate__", &idx, 1)) return VNULL;
    }
    return tuple_pack(3, type_v(args[0]), tuple_pack(1, it), tuple_pack(2, c->saved, V_TRUE));
}

static Value cycle_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    CycleObject *c = V_AS(CycleObject, args[0]);
    Value st = args[1];
    int first;
    /* old pickles have 1/0 for firstpass, new ones True/False */
    if (state_tuple(st, 2, 2) < 0 || state_type(tuple_get(st, 0), 1, &list_type) < 0 ||
        state_int(tuple_get(st, 1), &first) < 0)
        return VNULL;
    c->saved = tuple_get(st, 0);
    c->firstpass = first != 0;
    c->index = 0;
    return V_NONE;
}

static const MethodDef cycle_methods[] = {
    {"__reduce__", cycle_reduce, 0, "Return state information for pickling."},
    {"__setstate__", cycle_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

static Type cycle_type = {
    .tname = "itertools.cycle",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(CycleObject),
    .iter = iter_self,
    .iternext = cycle_next,
    .new_ = cycle_new,
};

/* ---- repeat --------------------------------------------------------------------------------- */

typedef struct RepeatObject {
    Object hdr;
    Value obj;
    int64_t cnt;        /* -1: forever */
} RepeatObject;

static Type repeat_type;

static Value repeat_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"repeat", 0, 1, 0, {"object", "times", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t cnt = -1;
    if (a[1]) {
        if (get_ssize(a[1], &cnt) < 0) return VNULL;
        if (cnt < 0) cnt = 0;
    }
    RepeatObject *r = V_AS(RepeatObject, new_obj(t));
    r->obj = a[0];
    r->cnt = cnt;
    return V_FROM_PTR(r);
}

static Value repeat_next(Value self) {
    RepeatObject *r = V_AS(RepeatObject, self);
    if (r->cnt == 0) return VNULL;
    if (r->cnt > 0) r->cnt--;
    return r->obj;
}

static Value repeat_repr(Value self) {
    RepeatObject *r = V_AS(RepeatObject, self);
    Value name = type_name(type_of(self));
    if (r->cnt < 0) return str_printf("%U(%R)", name, r->obj);
    return str_printf("%U(%R, %lld)", name, r->obj, (long long)r->cnt);
}

static Value repeat_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    RepeatObject *r = V_AS(RepeatObject, args[0]);
    if (r->cnt < 0) return err_set(&exc_TypeError, "len() of unsized object");
    return int_from_i64(r->cnt);
}

static Value repeat_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    RepeatObject *r = V_AS(RepeatObject, args[0]);
    if (r->cnt < 0) return tuple_pack(2, type_v(args[0]), tuple_pack(1, r->obj));
    return tuple_pack(2, type_v(args[0]), tuple_pack(2, r->obj, int_from_i64(r->cnt)));
}

static const MethodDef repeat_methods[] = {
    {"__length_hint__", repeat_length_hint, 0, NULL},
    {"__reduce__", repeat_reduce, 0, "Return state information for pickling."},
    {NULL, NULL, 0, NULL},
};

static Type repeat_type = {
    .tname = "itertools.repeat",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(RepeatObject),
    .repr = repeat_repr,
    .iter = iter_self,
    .iternext = repeat_next,
    .new_ = repeat_new,
};

static Type chain_type, islice_type;
static Value chain_make(Type *t, Value source);

/* ---- accumulate ------------------------------------------------------------------------------- */

typedef struct AccumulateObject {
    Object hdr;
    Value it;
    Value func;         /* VNULL: addition */
    Value total;        /* VNULL: nothing yet */
    Value initial;      /* to yield first; VNULL once yielded */
} AccumulateObject;

static Type accumulate_type;

static Value accumulate_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"accumulate", 0, 1, 1, {"iterable", "func", "initial", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value it = obj_iter(a[0]);
    if (!it) return VNULL;
    AccumulateObject *o = V_AS(AccumulateObject, new_obj(t));
    o->it = it;
    o->func = a[1] && a[1] != V_NONE ? a[1] : VNULL;
    o->initial = a[2] && a[2] != V_NONE ? a[2] : VNULL;
    return V_FROM_PTR(o);
}

static Value accumulate_next(Value self) {
    AccumulateObject *o = V_AS(AccumulateObject, self);
    if (o->initial) {
        o->total = o->initial;
        o->initial = VNULL;
        return o->total;
    }
    if (!o->it) return VNULL;
    Value x = obj_next(o->it);
    if (!x) {
        if (!err_occurred()) o->it = VNULL;
        return VNULL;
    }
    if (!o->total) {
        o->total = x;
        return x;
    }
    Value r = o->func ? obj_call2(o->func, o->total, x) : obj_binop(o->total, x, BINOP_ADD);
    if (!r) return VNULL;
    o->total = r;
    return r;
}

/* (accumulate, (it, func), total); an initial value not yet yielded goes
 * in front of `it` (a chain); a total that is None cannot be a state (None
 * means no state), so it becomes islice(accumulate(chain((None,), it)), 1). */
static Value accumulate_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    AccumulateObject *o = V_AS(AccumulateObject, args[0]);
    Value func = o->func ? o->func : V_NONE;
    Value it = o->it ? o->it : empty_iter();
    if (!it) return VNULL;
    if (o->initial || o->total == V_NONE) {
        Value first = o->initial ? o->initial : V_NONE;
        Value src = obj_iter(tuple_pack(2, tuple_pack(1, first), it));
        if (!src) return VNULL;
        Value ch = chain_make(&chain_type, src);
        if (o->initial) return tuple_pack(3, type_v(args[0]), tuple_pack(2, ch, func), V_NONE);
        Value a[2] = {ch, func};
        Value acc = obj_call(type_v(args[0]), a, 2, VNULL);
        if (!acc) return VNULL;
        return tuple_pack(2, V_FROM_PTR(&islice_type), tuple_pack(3, acc, v_int(1), V_NONE));
    }
    return tuple_pack(3, type_v(args[0]), tuple_pack(2, it, func), o->total ? o->total : V_NONE);
}

static Value accumulate_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    V_AS(AccumulateObject, args[0])->total = args[1];
    return V_NONE;
}

static const MethodDef accumulate_methods[] = {
    {"__reduce__", accumulate_reduce, 0, "Return state information for pickling."},
    {"__setstate__", accumulate_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

static Type accumulate_type = {
    .tname = "itertools.accumulate",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(AccumulateObject),
    .iter = iter_self,
    .iternext = accumulate_next,
    .new_ = accumulate_new,
};

/* ---- chain ------------------------------------------------------------------------------------- */

typedef struct ChainObject {
    Object hdr;
    Value source;       /* iterator over the iterables; VNULL when done */
    Value active;       /* current iterator or VNULL */
} ChainObject;

static Value chain_make(Type *t, Value source) {
    ChainObject *c = V_AS(ChainObject, new_obj(t));
    c->source = source;
    return V_FROM_PTR(c);
}

static Value chain_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw_unless_init("chain", t, kwnames) < 0) return VNULL;
    Value source = obj_iter(tuple_from_array(args, (int64_t)nargs));
    if (!source) return VNULL;
    return chain_make(t, source);
}

static Value chain_from_iterable(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2)
        return err_format(&exc_TypeError, "chain.from_iterable() takes exactly one argument (%zd given)",
                          (ssize_t)nargs - 1);
    Value source = obj_iter(args[1]);
    if (!source) return VNULL;
    return chain_make(V_AS(Type, args[0]), source);
}

static Value chain_next(Value self) {
    ChainObject *c = V_AS(ChainObject, self);
    for (;;) {
        if (c->active) {
            Value x = obj_next(c->active);
            if (x) return x;
            if (err_occurred()) return VNULL;
            c->active = VNULL;
        }
        if (!c->source) return VNULL;
        Value iterable = obj_next(c->source);
        if (!iterable) {
            if (!err_occurred()) c->source = VNULL;
            return VNULL;
        }
        Value it = obj_iter(iterable);
        if (!it) return VNULL;
        c->active = it;
    }
}

/* (chain, (), (source[, active])), or (chain, ()) once exhausted */
static Value chain_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    ChainObject *c = V_AS(ChainObject, args[0]);
    if (!c->source) return tuple_pack(2, type_v(args[0]), tuple_empty);
    Value st = c->active ? tuple_pack(2, c->source, c->active) : tuple_pack(1, c->source);
    return tuple_pack(3, type_v(args[0]), tuple_empty, st);
}

static bool is_iterator(Value v) { return type_of(v)->iternext != NULL; }

static Value chain_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    ChainObject *c = V_AS(ChainObject, args[0]);
    Value st = args[1];
    if (state_tuple(st, 1, 2) < 0) return VNULL;
    Value source = tuple_get(st, 0), active = tuple_size(st) > 1 ? tuple_get(st, 1) : VNULL;
    if (!is_iterator(source) || (active && !is_iterator(active)))
        return err_set(&exc_TypeError, "Arguments must be iterators.");
    c->source = source;
    c->active = active;
    return V_NONE;
}

static const MethodDef chain_methods[] = {
    {"from_iterable", chain_from_iterable, MF_CLASS, NULL},
    {"__reduce__", chain_reduce, 0, "Return state information for pickling."},
    {"__setstate__", chain_setstate, 0, "Set state information for unpickling."},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, "See PEP 585"},
    {NULL, NULL, 0, NULL},
};

static Type chain_type = {
    .tname = "itertools.chain",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(ChainObject),
    .iter = iter_self,
    .iternext = chain_next,
    .new_ = chain_new,
};

/* ---- compress ------------------------------------------------------------------------------------ */

typedef struct CompressObject {
    Object hdr;
    Value data, selectors;
} CompressObject;

static Type compress_type;

static Value compress_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"compress", 0, 2, 0, {"data", "selectors", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value d = obj_iter(a[0]);
    if (!d) return VNULL;
    Value s = obj_iter(a[1]);
    if (!s) return VNULL;
    CompressObject *c = V_AS(CompressObject, new_obj(t));
    c->data = d;
    c->selectors = s;
    return V_FROM_PTR(c);
}

static Value compress_next(Value self) {
    CompressObject *c = V_AS(CompressObject, self);
    if (!c->data) return VNULL;
    for (;;) {
        Value x = obj_next(c->data);
        if (!x) break;
        Value s = obj_next(c->selectors);
        if (!s) break;
        int ok = obj_truth(s);
        if (ok < 0) return VNULL;
        if (ok) return x;
    }
    if (!err_occurred()) c->data = VNULL;
    return VNULL;
}

static Value compress_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    CompressObject *c = V_AS(CompressObject, args[0]);
    Value d = c->data, s = c->selectors;
    if (!d) {
        d = s = empty_iter();
        if (!d) return VNULL;
    }
    return tuple_pack(2, type_v(args[0]), tuple_pack(2, d, s));
}

static const MethodDef compress_methods[] = {
    {"__reduce__", compress_reduce, 0, "Return state information for pickling."},
    {NULL, NULL, 0, NULL},
};

static Type compress_type = {
    .tname = "itertools.compress",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(CompressObject),
    .iter = iter_self,
    .iternext = compress_next,
    .new_ = compress_new,
};

/* ---- dropwhile, takewhile, filterfalse, starmap -------------------------------------------------- */

typedef struct PredObject {
    Object hdr;
    Value func;
    Value it;
    int state;          /* dropwhile: 1 once dropping stopped; takewhile: 1 once done */
} PredObject;

static Type dropwhile_type, takewhile_type, filterfalse_type, starmap_type;

static Value pred_make(Type *t, const char *name, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw_unless_init(name, t, kwnames) < 0) return VNULL;
    if (nargs != 2) return err_format(&exc_TypeError, "%s expected 2 arguments, got %zd", name, (ssize_t)nargs);
    Value it = obj_iter(args[1]);
    if (!it) return VNULL;
    PredObject *p = V_AS(PredObject, new_obj(t));
    p->func = args[0];
    p->it = it;
    return V_FROM_PTR(p);
}

static Value dropwhile_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return pred_make(t, "dropwhile", args, nargs, kwnames);
}
static Value takewhile_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return pred_make(t, "takewhile", args, nargs, kwnames);
}
static Value filterfalse_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return pred_make(t, "filterfalse", args, nargs, kwnames);
}
static Value starmap_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return pred_make(t, "starmap", args, nargs, kwnames);
}

static int call_pred(Value func, Value x) {
    Value r = obj_call1(func, x);
    if (!r) return -1;
    return obj_truth(r);
}

static Value dropwhile_next(Value self) {
    PredObject *p = V_AS(PredObject, self);
    for (;;) {
        Value x = obj_next(p->it);
        if (!x) return VNULL;
        if (p->state) return x;
        int ok = call_pred(p->func, x);
        if (ok < 0) return VNULL;
        if (!ok) {
            p->state = 1;
            return x;
        }
    }
}

static Value takewhile_next(Value self) {
    PredObject *p = V_AS(PredObject, self);
    if (p->state) return VNULL;
    Value x = obj_next(p->it);
    if (!x) return VNULL;
    int ok = call_pred(p->func, x);
    if (ok < 0) return VNULL;
    if (ok) return x;
    p->state = 1;
    return VNULL;
}

static Value filterfalse_next(Value self) {
    PredObject *p = V_AS(PredObject, self);
    for (;;) {
        Value x = obj_next(p->it);
        if (!x) return VNULL;
        int ok;
        if (p->func == V_NONE || p->func == V_FROM_PTR(&bool_type)) ok = obj_truth(x);
        else ok = call_pred(p->func, x);
        if (ok < 0) return VNULL;
        if (!ok) return x;
    }
}

static Value starmap_next(Value self) {
    PredObject *p = V_AS(PredObject, self);
    Value x = obj_next(p->it);
    if (!x) return VNULL;
    if (!tuple_check_exact(x)) {
        x = tuple_from_iterable(x);
        if (!x) return VNULL;
    }
    return obj_call(p->func, tuple_items(x), (size_t)tuple_size(x), VNULL);
}

/* (type, (func, it)) and, for dropwhile and takewhile, the state flag */
static Value pred_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    PredObject *p = V_AS(PredObject, args[0]);
    Value a = tuple_pack(2, p->func, p->it);
    if (type_is_subtype(type_of(args[0]), &dropwhile_type) || type_is_subtype(type_of(args[0]), &takewhile_type))
        return tuple_pack(3, type_v(args[0]), a, v_int(p->state));
    return tuple_pack(2, type_v(args[0]), a);
}

static Value pred_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    int r = obj_truth(args[1]);
    if (r < 0) return VNULL;
    V_AS(PredObject, args[0])->state = r;
    return V_NONE;
}

static const MethodDef pred_methods[] = {
    {"__reduce__", pred_reduce, 0, "Return state information for pickling."},
    {"__setstate__", pred_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

static const MethodDef map_like_methods[] = {
    {"__reduce__", pred_reduce, 0, "Return state information for pickling."},
    {NULL, NULL, 0, NULL},
};

static Type dropwhile_type = {
    .tname = "itertools.dropwhile",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(PredObject),
    .iter = iter_self,
    .iternext = dropwhile_next,
    .new_ = dropwhile_new,
};

static Type takewhile_type = {
    .tname = "itertools.takewhile",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(PredObject),
    .iter = iter_self,
    .iternext = takewhile_next,
    .new_ = takewhile_new,
};

static Type filterfalse_type = {
    .tname = "itertools.filterfalse",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(PredObject),
    .iter = iter_self,
    .iternext = filterfalse_next,
    .new_ = filterfalse_new,
};

static Type starmap_type = {
    .tname = "itertools.starmap",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(PredObject),
    .iter = iter_self,
    .iternext = starmap_next,
    .new_ = starmap_new,
};

/* ---- groupby ---------------------------------------------------------------------------------------- */

typedef struct GroupByObject {
    Object hdr;
    Value it;
    Value keyfunc;      /* None: identity */
    Value tgtkey, currkey, currvalue;   /* VNULL when unset */
    Value currgrouper;  /* the only _grouper still allowed to advance */
} GroupByObject;

typedef struct GrouperObject {
    Object hdr;
    Value parent;
    Value tgtkey;
} GrouperObject;

static Type groupby_type, grouper_type;
static Value grouper_make(Value parent, Value tgtkey);

static Value groupby_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"groupby", 0, 1, 0, {"iterable", "key", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value it = obj_iter(a[0]);
    if (!it) return VNULL;
    GroupByObject *g = V_AS(GroupByObject, new_obj(t));
    g->it = it;
    g->keyfunc = a[1] ? a[1] : V_NONE;
    return V_FROM_PTR(g);
}

/* Read the next value and its key: 1 ok, 0 exhausted, -1 error. */
static int groupby_step(GroupByObject *g) {
    Value v = obj_next(g->it);
    if (!v) return err_occurred() ? -1 : 0;
    Value k = v;
    if (g->keyfunc != V_NONE) {
        k = obj_call1(g->keyfunc, v);
        if (!k) return -1;
    }
    g->currvalue = v;
    g->currkey = k;
    return 1;
}

static Value groupby_next(Value self) {
    GroupByObject *g = V_AS(GroupByObject, self);
    g->currgrouper = VNULL;
    for (;;) {
        if (g->currkey) {
            if (!g->tgtkey) break;
            int eq = obj_richcompare_bool(g->tgtkey, g->currkey, CMP_EQ);
            if (eq < 0) return VNULL;
            if (!eq) break;
        }
        int r = groupby_step(g);
        if (r <= 0) return VNULL;
    }
    g->tgtkey = g->currkey;
    Value gr = grouper_make(self, g->tgtkey);
    return tuple_pack(2, g->currkey, gr);
}

static Value grouper_next(Value self) {
    GrouperObject *gr = V_AS(GrouperObject, self);
    GroupByObject *g = V_AS(GroupByObject, gr->parent);
    if (g->currgrouper != self) return VNULL;
    if (!g->currvalue) {
        int r = groupby_step(g);
        if (r <= 0) return VNULL;
    }
    int eq = obj_richcompare_bool(gr->tgtkey, g->currkey, CMP_EQ);
    if (eq <= 0) return VNULL;
    Value v = g->currvalue;
    g->currvalue = VNULL;
    g->currkey = VNULL;
    return v;
}

/* (groupby, (it, keyfunc)) plus (currkey, currvalue, tgtkey) while a value
 * is pending */
static Value groupby_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    GroupByObject *g = V_AS(GroupByObject, args[0]);
    Value a = tuple_pack(2, g->it, g->keyfunc);
    if (g->tgtkey && g->currkey && g->currvalue)
        return tuple_pack(3, type_v(args[0]), a, tuple_pack(3, g->currkey, g->currvalue, g->tgtkey));
    return tuple_pack(2, type_v(args[0]), a);
}

static Value groupby_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    GroupByObject *g = V_AS(GroupByObject, args[0]);
    Value st = args[1];
    if (state_tuple(st, 3, 3) < 0) return VNULL;
    g->currkey = tuple_get(st, 0);
    g->currvalue = tuple_get(st, 1);
    g->tgtkey = tuple_get(st, 2);
    return V_NONE;
}

static const MethodDef groupby_methods[] = {
    {"__reduce__", groupby_reduce, 0, "Return state information for pickling."},
    {"__setstate__", groupby_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

/* A group for key tgtkey, which becomes parent's current one (a parent has
 * at most one group that may advance). */
static Value grouper_make(Value parent, Value tgtkey) {
    GrouperObject *gr = (GrouperObject *)obj_alloc(&grouper_type, sizeof *gr);
    gr->parent = parent;
    gr->tgtkey = tgtkey;
    V_AS(GroupByObject, parent)->currgrouper = V_FROM_PTR(gr);
    return V_FROM_PTR(gr);
}

static Value grouper_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)t;
    if (arg_nokw("_grouper", kwnames) < 0 || arg_count("_grouper", nargs, 2, 2) < 0) return VNULL;
    if (!type_is_subtype(type_of(args[0]), &groupby_type))
        return err_format(&exc_TypeError, "_grouper() argument 1 must be itertools.groupby, not %T", args[0]);
    return grouper_make(args[0], args[1]);
}

/* a group its parent has moved past pickles as an empty iterator */
static Value grouper_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    GrouperObject *gr = V_AS(GrouperObject, args[0]);
    if (V_AS(GroupByObject, gr->parent)->currgrouper != args[0]) return iter_reduce(tuple_empty, VNULL);
    return tuple_pack(2, type_v(args[0]), tuple_pack(2, gr->parent, gr->tgtkey));
}

static const MethodDef grouper_methods[] = {
    {"__reduce__", grouper_reduce, 0, "Return state information for pickling."},
    {NULL, NULL, 0, NULL},
};

static Type groupby_type = {
    .tname = "itertools.groupby",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(GroupByObject),
    .iter = iter_self,
    .iternext = groupby_next,
    .new_ = groupby_new,
};

static Type grouper_type = {
    .tname = "itertools._grouper",
    .basicsize = sizeof(GrouperObject),
    .iter = iter_self,
    .iternext = grouper_next,
    .new_ = grouper_new,
};

/* ---- islice ---------------------------------------------------------------------------------------- */

typedef struct ISliceObject {
    Object hdr;
    Value it;           /* VNULL when done */
    int64_t next, stop, step, cnt;  /* stop -1: no limit */
} ISliceObject;

/* A slice argument as a non-negative int64, or -1 (error cleared) when it
 * is not an int in range. */
static int64_t islice_arg(Value v) {
    if (v_is_int(v)) return v_intval(v);
    if (!int_check(v) && (v_is_smallfloat(v) || !type_lookup(type_of(v), NAME(__index__)))) return -1;
    Value iv = obj_index(v);
    if (!iv) {
        err_clear();
        return -1;
    }
    int64_t x = int_as_i64(iv);
    if (x == -1 && err_occurred()) {
        err_clear();
        return -1;
    }
    return x;
}

static Value islice_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw_unless_init("islice", t, kwnames) < 0) return VNULL;
    if (nargs < 2) return err_format(&exc_TypeError, "islice expected at least 2 arguments, got %zd", (ssize_t)nargs);
    if (nargs > 4) return err_format(&exc_TypeError, "islice expected at most 4 arguments, got %zd", (ssize_t)nargs);
    static const char stop_msg[] = "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    int64_t start = 0, stop = -1, step = 1;
    if (nargs == 2) {
        if (args[1] != V_NONE) {
            stop = islice_arg(args[1]);
            if (stop == -1) return err_set(&exc_ValueError, stop_msg);
        }
    } else {
        if (args[1] != V_NONE) start = islice_arg(args[1]);
        if (args[2] != V_NONE) {
            stop = islice_arg(args[2]);
            if (stop == -1) return err_set(&exc_ValueError, stop_msg);
        }
    }
    if (start < 0 || stop < -1)
        return err_set(&exc_ValueError,
                       "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
    if (nargs == 4 && args[3] != V_NONE) step = islice_arg(args[3]);
    if (step < 1) return err_set(&exc_ValueError, "Step for islice() must be a positive integer or None.");
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    ISliceObject *s = V_AS(ISliceObject, new_obj(t));
    s->it = it;
    s->next = start;
    s->stop = stop;
    s->step = step;
    return V_FROM_PTR(s);
}

static Value islice_next(Value self) {
    ISliceObject *s = V_AS(ISliceObject, self);
    Value it = s->it;
    if (!it) return VNULL;
    Type *t = type_of(it);
    while (s->cnt < s->next) {
        Value x = t->iternext(it);
        if (!x) goto empty;
        s->cnt++;
    }
    if (s->stop != -1 && s->cnt >= s->stop) goto empty;
    Value x = t->iternext(it);
    if (!x) goto empty;
    s->cnt++;
    int64_t old = s->next;
    /* past the end (or past INT64_MAX, which CPython sees as a wrap): stop */
    if (s->step > INT64_MAX - old || (s->stop != -1 && old + s->step > s->stop)) s->next = s->stop;
    else s->next = old + s->step;
    return x;
empty:
    if (!err_occurred()) s->it = VNULL;
    return VNULL;
}

/* (islice, (it, next, stop, step), cnt): the same bounds from where it is */
static Value islice_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    ISliceObject *s = V_AS(ISliceObject, args[0]);
    if (!s->it) {
        Value it = obj_iter(list_new(0));
        if (!it) return VNULL;
        return tuple_pack(3, type_v(args[0]), tuple_pack(2, it, v_int(0)), v_int(0));
    }
    Value stop = s->stop == -1 ? V_NONE : int_from_i64(s->stop);
    return tuple_pack(3, type_v(args[0]),
                      tuple_pack(4, s->it, int_from_i64(s->next), stop, int_from_i64(s->step)),
                      int_from_i64(s->cnt));
}

static Value islice_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    int64_t cnt;
    if (state_index(args[1], INT64_MIN, INT64_MAX, &cnt) < 0) return VNULL;
    V_AS(ISliceObject, args[0])->cnt = cnt;
    return V_NONE;
}

static const MethodDef islice_methods[] = {
    {"__reduce__", islice_reduce, 0, "Return state information for pickling."},
    {"__setstate__", islice_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

static Type islice_type = {
    .tname = "itertools.islice",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(ISliceObject),
    .iter = iter_self,
    .iternext = islice_next,
    .new_ = islice_new,
};

/* ---- tee ---------------------------------------------------------------------------------------------- */

#define TEE_BLOCK 57

typedef struct TeeData {
    Object hdr;
    Value it;
    int numread;
    bool running;
    struct TeeData *next;
    Value values[TEE_BLOCK];
} TeeData;

typedef struct TeeObject {
    Object hdr;
    TeeData *data;
    int index;
} TeeObject;

static Type tee_type, teedata_type;

static TeeData *teedata_new(Value it) {
    TeeData *d = (TeeData *)obj_alloc(&teedata_type, sizeof *d);
    d->it = it;
    return d;
}

static Value tee_make(TeeData *d, int index) {
    TeeObject *t = (TeeObject *)obj_alloc(&tee_type, sizeof *t);
    t->data = d;
    t->index = index;
    return V_FROM_PTR(t);
}

static Value tee_next(Value self) {
    TeeObject *t = V_AS(TeeObject, self);
    if (t->index >= TEE_BLOCK) {
        TeeData *d = t->data;
        if (!d->next) d->next = teedata_new(d->it);
        t->data = d->next;
        t->index = 0;
    }
    TeeData *d = t->data;
    if (t->index < d->numread) return d->values[t->index++];
    if (d->running) return err_set(&exc_RuntimeError, "cannot re-enter the tee iterator");
    d->running = true;
    Value x = obj_next(d->it);
    d->running = false;
    if (!x) return VNULL;
    d->values[d->numread++] = x;
    t->index++;
    return x;
}

static Value tee_copy_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    TeeObject *t = V_AS(TeeObject, args[0]);
    return tee_make(t->data, t->index);
}

static Value tee_new(Type *tp, Value *args, size_t nargs, Value kwnames) {
    (void)tp;
    if (arg_nokw("_tee", kwnames) < 0) return VNULL;
    if (nargs != 1) return err_format(&exc_TypeError, "_tee expected 1 argument, got %zd", (ssize_t)nargs);
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    if (type_of(it) == &tee_type) return tee_copy_m(&it, 1, VNULL);
    return tee_make(teedata_new(it), 0);
}

/* (_tee, ((),), (dataobject, index)) */
static Value tee_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    TeeObject *t = V_AS(TeeObject, args[0]);
    return tuple_pack(3, type_v(args[0]), tuple_pack(1, tuple_empty),
                      tuple_pack(2, V_FROM_PTR(t->data), v_int(t->index)));
}

static Value tee_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    TeeObject *t = V_AS(TeeObject, args[0]);
    Value st = args[1];
    int index;
    if (state_tuple(st, 2, 2) < 0 || state_type(tuple_get(st, 0), 1, &teedata_type) < 0 ||
        state_int(tuple_get(st, 1), &index) < 0)
        return VNULL;
    if (index < 0 || index > TEE_BLOCK) return err_set(&exc_ValueError, "Index out of range");
    t->data = V_AS(TeeData, tuple_get(st, 0));
    t->index = index;
    return V_NONE;
}

/* _tee_dataobject(it, values, next): a block of values read from it and
 * the next block (only when this one is full). */
static Value teedata_new_m(Type *tp, Value *args, size_t nargs, Value kwnames) {
    (void)tp;
    if (arg_nokw("teedataobject", kwnames) < 0 || arg_count("teedataobject", nargs, 3, 3) < 0) return VNULL;
    Value values = args[1], next = args[2];
    if (!list_check(values))
        return err_format(&exc_TypeError, "teedataobject() argument 2 must be list, not %T", values);
    int64_t n = list_size(values);
    bool ok = n < TEE_BLOCK ? next == V_NONE
                            : n == TEE_BLOCK && (next == V_NONE || type_of(next) == &teedata_type);
    if (!ok) return err_set(&exc_ValueError, "Invalid arguments");
    TeeData *d = teedata_new(args[0]);
    for (int64_t i = 0; i < n; i++) d->values[i] = list_get(values, i);
    d->numread = (int)n;
    if (next != V_NONE) d->next = V_AS(TeeData, next);
    return V_FROM_PTR(d);
}

static Value teedata_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    TeeData *d = V_AS(TeeData, args[0]);
    Value values = list_new(0);
    for (int i = 0; i < d->numread; i++) list_append(values, d->values[i]);
    return tuple_pack(2, type_v(args[0]), tuple_pack(3, d->it, values, d->next ? V_FROM_PTR(d->next) : V_NONE));
}

static const MethodDef teedata_methods[] = {
    {"__reduce__", teedata_reduce, 0, "Return state information for pickling."},
    {NULL, NULL, 0, NULL},
};

static const MethodDef tee_methods[] = {
    {"__copy__", tee_copy_m, 0, NULL},
    {"__reduce__", tee_reduce, 0, "Return state information for pickling."},
    {"__setstate__", tee_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

static Type tee_type = {
    .tname = "itertools._tee",
    .flags = TF_WEAKREFABLE,
    .basicsize = sizeof(TeeObject),
    .iter = iter_self,
    .iternext = tee_next,
    .new_ = tee_new,
};

static Type teedata_type = {
    .tname = "itertools._tee_dataobject",
    .basicsize = sizeof(TeeData),
    .new_ = teedata_new_m,
};

static const ArgSpec it_tee_spec = {"tee", 2, 1, 0, {"iterable", "n=2", NULL}};
static Value it_tee(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&it_tee_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    int64_t n = 2;
    if (nargs == 2 && get_ssize(args[1], &n) < 0) return VNULL;
    if (n < 0) return err_set(&exc_ValueError, "n must be >= 0");
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    Value result = tuple_new(n);
    if (n == 0) return result;
    Value copyfunc = VNULL;
    if (type_of(it) != &tee_type) {
        copyfunc = obj_getattr_opt(it, NAME(__copy__));
        if (!copyfunc && err_occurred()) return VNULL;
    }
    Value first;
    if (type_of(it) == &tee_type) {
        first = it;
    } else if (copyfunc) {
        first = it;
    } else {
        first = tee_make(teedata_new(it), 0);
    }
    tuple_items(result)[0] = first;
    for (int64_t i = 1; i < n; i++) {
        Value c;
        if (type_of(first) == &tee_type) {
            c = tee_copy_m(&first, 1, VNULL);
        } else {
            c = obj_call0(copyfunc);
            if (!c) return VNULL;
        }
        tuple_items(result)[i] = c;
    }
    return result;
}

/* ---- zip_longest ------------------------------------------------------------------------------------ */

typedef struct ZipLongestObject {
    Object hdr;
    Value iters;        /* tuple; exhausted entries become VNULL */
    int64_t numactive;
    Value fill;
} ZipLongestObject;

static Type ziplongest_type;

static Value ziplongest_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value fill = V_NONE;
    if (kwnames && tuple_size(kwnames)) {
        fill = arg_kw(args, nargs, kwnames, "fillvalue");
        if (!fill || tuple_size(kwnames) > 1)
            return err_set(&exc_TypeError, "zip_longest() got an unexpected keyword argument");
    }
    Value iters = tuple_new((int64_t)nargs);
    for (size_t i = 0; i < nargs; i++) {
        Value it = obj_iter(args[i]);
        if (!it) return VNULL;
        tuple_items(iters)[i] = it;
    }
    ZipLongestObject *z = V_AS(ZipLongestObject, new_obj(t));
    z->iters = iters;
    z->numactive = (int64_t)nargs;
    z->fill = fill;
    return V_FROM_PTR(z);
}

static Value ziplongest_next(Value self) {
    ZipLongestObject *z = V_AS(ZipLongestObject, self);
    int64_t n = tuple_size(z->iters);
    if (n == 0 || z->numactive == 0) return VNULL;
    Value r = tuple_new(n);
    for (int64_t i = 0; i < n; i++) {
        Value it = tuple_get(z->iters, i);
        Value x;
        if (!it) {
            x = z->fill;
        } else {
            x = obj_next(it);
            if (!x) {
                if (err_occurred()) {
                    z->numactive = 0;
                    return VNULL;
                }
                z->numactive--;
                if (z->numactive == 0) return VNULL;
                tuple_items(z->iters)[i] = VNULL;
                x = z->fill;
            }
        }
        tuple_items(r)[i] = x;
    }
    return r;
}

/* (zip_longest, iterators with () for the exhausted ones, fillvalue) */
static Value ziplongest_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    ZipLongestObject *z = V_AS(ZipLongestObject, args[0]);
    int64_t n = tuple_size(z->iters);
    Value a = tuple_new(n);
    for (int64_t i = 0; i < n; i++) {
        Value it = tuple_get(z->iters, i);
        tuple_items(a)[i] = it ? it : tuple_empty;
    }
    return tuple_pack(3, type_v(args[0]), a, z->fill);
}

static Value ziplongest_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    V_AS(ZipLongestObject, args[0])->fill = args[1];
    return V_NONE;
}

static const MethodDef ziplongest_methods[] = {
    {"__reduce__", ziplongest_reduce, 0, "Return state information for pickling."},
    {"__setstate__", ziplongest_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

static Type ziplongest_type = {
    .tname = "itertools.zip_longest",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(ZipLongestObject),
    .iter = iter_self,
    .iternext = ziplongest_next,
    .new_ = ziplongest_new,
};

/* ---- pairwise ---------------------------------------------------------------------------------------- */

typedef struct PairwiseObject {
    Object hdr;
    Value it;
    Value old;
} PairwiseObject;

static Type pairwise_type;

static Value pairwise_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw_unless_init("pairwise", t, kwnames) < 0) return VNULL;
    if (nargs != 1) return err_format(&exc_TypeError, "pairwise expected 1 argument, got %zd", (ssize_t)nargs);
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    PairwiseObject *p = V_AS(PairwiseObject, new_obj(t));
    p->it = it;
    return V_FROM_PTR(p);
}

static Value pairwise_next(Value self) {
    PairwiseObject *p = V_AS(PairwiseObject, self);
    if (!p->it) return VNULL;
    if (!p->old) {
        p->old = obj_next(p->it);
        if (!p->old) {
            if (!err_occurred()) p->it = VNULL;
            return VNULL;
        }
    }
    Value x = obj_next(p->it);
    if (!x) {
        if (!err_occurred()) {
            p->it = VNULL;
            p->old = VNULL;
        }
        return VNULL;
    }
    Value r = tuple_pack(2, p->old, x);
    p->old = x;
    return r;
}

static Type pairwise_type = {
    .tname = "itertools.pairwise",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(PairwiseObject),
    .iter = iter_self,
    .iternext = pairwise_next,
    .new_ = pairwise_new,
};

/* ---- combinatorics: product, permutations, combinations, combinations_with_replacement ------------- */

typedef struct CombObject {
    Object hdr;
    Value pool;         /* tuple (product: tuple of tuples) */
    int64_t n, r;
    int64_t *indices;
    int64_t *cycles;    /* permutations */
    Value result;       /* the last tuple yielded, or VNULL before the first */
    bool stopped;
} CombObject;

static Type product_type, permutations_type, combinations_type, cwr_type;

static int64_t *index_array(int64_t n) {
    int64_t *a = gc_alloc_atomic(sizeof(int64_t) * (size_t)(n > 0 ? n : 1));
    memset(a, 0, sizeof(int64_t) * (size_t)(n > 0 ? n : 1));
    return a;
}

static Value product_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    int64_t repeat = 1;
    if (kwnames && tuple_size(kwnames)) {
        for (int64_t i = 0; i < tuple_size(kwnames); i++) {
            Value k = tuple_get(kwnames, i);
            if (!str_eq_cstr(k, "repeat"))
                return err_format(&exc_TypeError, "'%U' is an invalid keyword argument for product()", k);
        }
        Value rv = arg_kw(args, nargs, kwnames, "repeat");
        if (get_ssize(rv, &repeat) < 0) return VNULL;
        if (repeat < 0) return err_set(&exc_ValueError, "repeat argument cannot be negative");
    }
    int64_t npools = (int64_t)nargs * repeat;
    if (repeat && (int64_t)nargs > INT64_MAX / 8 / repeat) return err_set(&exc_OverflowError, "repeat argument too large");
    Value pools = tuple_new(npools);
    for (size_t i = 0; i < nargs; i++) {
        Value p = tuple_from_iterable(args[i]);
        if (!p) return VNULL;
        for (int64_t j = 0; j < repeat; j++) tuple_items(pools)[j * (int64_t)nargs + (int64_t)i] = p;
    }
    CombObject *c = V_AS(CombObject, new_obj(t));
    c->pool = pools;
    c->r = npools;
    c->indices = index_array(npools);
    return V_FROM_PTR(c);
}

static Value product_next(Value self) {
    CombObject *c = V_AS(CombObject, self);
    if (c->stopped) return VNULL;
    int64_t np = c->r;
    Value pools = c->pool;
    if (!c->result) {
        Value r = tuple_new(np);
        for (int64_t i = 0; i < np; i++) {
            Value p = tuple_get(pools, i);
            if (tuple_size(p) == 0) {
                c->stopped = true;
                return VNULL;
            }
            tuple_items(r)[i] = tuple_get(p, 0);
        }
        c->result = r;
        return r;
    }
    if (np == 0) {
        c->stopped = true;
        return VNULL;
    }
    Value r = tuple_from_array(tuple_items(c->result), np);
    int64_t i;
    for (i = np - 1; i >= 0; i--) {
        Value p = tuple_get(pools, i);
        c->indices[i]++;
        if (c->indices[i] == tuple_size(p)) {
            c->indices[i] = 0;
            tuple_items(r)[i] = tuple_get(p, 0);
        } else {
            tuple_items(r)[i] = tuple_get(p, c->indices[i]);
            break;
        }
    }
    if (i < 0) {
        c->stopped = true;
        return VNULL;
    }
    c->result = r;
    return r;
}

/* the pool tuple and r for permutations/combinations */
static Value comb_setup(Type *t, const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, bool perm_r) {
    Value a[2];
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value pool = tuple_from_iterable(a[0]);
    if (!pool) return VNULL;
    int64_t n = tuple_size(pool), r = n;
    if (a[1] && a[1] != V_NONE) {
        if (perm_r && !int_check(a[1])) return err_set(&exc_TypeError, "Expected int as r");
        if (get_ssize(a[1], &r) < 0) return VNULL;
        if (r < 0) return err_set(&exc_ValueError, "r must be non-negative");
    } else if (a[1] == V_NONE && !perm_r) {
        return err_set(&exc_TypeError, "'NoneType' object cannot be interpreted as an integer");
    }
    CombObject *c = V_AS(CombObject, new_obj(t));
    c->pool = pool;
    c->n = n;
    c->r = r;
    return V_FROM_PTR(c);
}

static Value pick(CombObject *c) {
    Value r = tuple_new(c->r);
    for (int64_t i = 0; i < c->r; i++) tuple_items(r)[i] = tuple_get(c->pool, c->indices[i]);
    return r;
}

static Value permutations_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"permutations", 0, 1, 0, {"iterable", "r", NULL}};
    Value v = comb_setup(t, &spec, args, nargs, kwnames, true);
    if (!v) return VNULL;
    CombObject *c = V_AS(CombObject, v);
    c->indices = index_array(c->n);
    for (int64_t i = 0; i < c->n; i++) c->indices[i] = i;
    c->cycles = index_array(c->r);
    for (int64_t i = 0; i < c->r; i++) c->cycles[i] = c->n - i;
    if (c->r > c->n) c->stopped = true;
    return v;
}

static Value permutations_next(Value self) {
    CombObject *c = V_AS(CombObject, self);
    if (c->stopped) return VNULL;
    if (!c->result) {
        c->result = pick(c);
        return c->result;
    }
    int64_t n = c->n, r = c->r;
    if (n == 0) goto done;
    for (int64_t i = r - 1; i >= 0; i--) {
        c->cycles[i]--;
        if (c->cycles[i] == 0) {
            /* rotate indices[i:] left by one */
            int64_t first = c->indices[i];
            for (int64_t j = i; j < n - 1; j++) c->indices[j] = c->indices[j + 1];
            c->indices[n - 1] = first;
            c->cycles[i] = n - i;
        } else {
            int64_t j = c->cycles[i];
            int64_t tmp = c->indices[i];
            c->indices[i] = c->indices[n - j];
            c->indices[n - j] = tmp;
            c->result = pick(c);
            return c->result;
        }
    }
done:
    c->stopped = true;
    return VNULL;
}

static Value combinations_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"combinations", 0, 2, 0, {"iterable", "r", NULL}};
    Value v = comb_setup(t, &spec, args, nargs, kwnames, false);
    if (!v) return VNULL;
    CombObject *c = V_AS(CombObject, v);
    c->indices = index_array(c->r);
    for (int64_t i = 0; i < c->r; i++) c->indices[i] = i;
    if (c->r > c->n) c->stopped = true;
    return v;
}

static Value combinations_next(Value self) {
    CombObject *c = V_AS(CombObject, self);
    if (c->stopped) return VNULL;
    if (!c->result) {
        c->result = pick(c);
        return c->result;
    }
    int64_t n = c->n, r = c->r, i;
    for (i = r - 1; i >= 0; i--)
        if (c->indices[i] != i + n - r) break;
    if (i < 0) {
        c->stopped = true;
        return VNULL;
    }
    c->indices[i]++;
    for (int64_t j = i + 1; j < r; j++) c->indices[j] = c->indices[j - 1] + 1;
    c->result = pick(c);
    return c->result;
}

static Value cwr_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"combinations_with_replacement", 0, 2, 0, {"iterable", "r", NULL}};
    Value v = comb_setup(t, &spec, args, nargs, kwnames, false);
    if (!v) return VNULL;
    CombObject *c = V_AS(CombObject, v);
    c->indices = index_array(c->r);
    if (c->n == 0 && c->r > 0) c->stopped = true;
    return v;
}

static Value cwr_next(Value self) {
    CombObject *c = V_AS(CombObject, self);
    if (c->stopped) return VNULL;
    if (!c->result) {
        c->result = pick(c);
        return c->result;
    }
    int64_t n = c->n, r = c->r, i;
    for (i = r - 1; i >= 0; i--)
        if (c->indices[i] != n - 1) break;
    if (i < 0) {
        c->stopped = true;
        return VNULL;
    }
    int64_t v = c->indices[i] + 1;
    for (int64_t j = i; j < r; j++) c->indices[j] = v;
    c->result = pick(c);
    return c->result;
}

/* ---- their pickling: (type, (pool, r)) before the first item, (type, ((), r))
 * when exhausted, else with the indices (and permutations' cycles) as state;
 * __setstate__ clamps indices into range as CPython does. ---- */

static Value index_tuple(const int64_t *a, int64_t n) {
    Value t = tuple_new(n);
    for (int64_t i = 0; i < n; i++) tuple_items(t)[i] = int_from_i64(a[i]);
    return t;
}

static Value product_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    CombObject *c = V_AS(CombObject, args[0]);
    if (c->stopped) return tuple_pack(2, type_v(args[0]), tuple_pack(1, tuple_empty));
    if (!c->result) return tuple_pack(2, type_v(args[0]), c->pool);
    return tuple_pack(3, type_v(args[0]), c->pool, index_tuple(c->indices, c->r));
}

static Value product_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    CombObject *c = V_AS(CombObject, args[0]);
    Value st = args[1];
    int64_t n = c->r;
    if (!tuple_check(st) || tuple_size(st) != n) return err_set(&exc_ValueError, "invalid arguments");
    for (int64_t i = 0; i < n; i++) {
        int64_t x, size = tuple_size(tuple_get(c->pool, i));
        if (state_index(tuple_get(st, i), INT64_MIN, INT64_MAX, &x) < 0) return VNULL;
        if (size == 0) {
            c->stopped = true;
            return V_NONE;
        }
        c->indices[i] = x < 0 ? 0 : x > size - 1 ? size - 1 : x;
    }
    Value r = tuple_new(n);
    for (int64_t i = 0; i < n; i++) tuple_items(r)[i] = tuple_get(tuple_get(c->pool, i), c->indices[i]);
    c->result = r;
    return V_NONE;
}

static Value comb_reduce(Value self, bool with_cycles) {
    CombObject *c = V_AS(CombObject, self);
    Value r = int_from_i64(c->r);
    if (!c->result) return tuple_pack(2, type_v(self), tuple_pack(2, c->pool, r));
    if (c->stopped) return tuple_pack(2, type_v(self), tuple_pack(2, tuple_empty, r));
    Value st = with_cycles ? tuple_pack(2, index_tuple(c->indices, c->n), index_tuple(c->cycles, c->r))
                           : index_tuple(c->indices, c->r);
    return tuple_pack(3, type_v(self), tuple_pack(2, c->pool, r), st);
}

static Value permutations_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    return comb_reduce(args[0], true);
}

static Value combinations_reduce(Value *args, size_t nargs, Value kwnames) {
    NOARGS("__reduce__");
    return comb_reduce(args[0], false);
}

/* combinations (cwr false): indices[i] in [0, i+n-r]; with replacement: [0, n-1] */
static Value comb_setstate(Value self, Value st, bool cwr) {
    CombObject *c = V_AS(CombObject, self);
    int64_t n = c->n, r = c->r;
    if (!tuple_check(st) || tuple_size(st) != r) return err_set(&exc_ValueError, "invalid arguments");
    for (int64_t i = 0; i < r; i++) {
        int64_t x, max = cwr ? n - 1 : i + n - r;
        if (state_index(tuple_get(st, i), INT64_MIN, INT64_MAX, &x) < 0) return VNULL;
        if (x > max) x = max;
        if (x < 0) x = 0;
        c->indices[i] = x;
    }
    /* an iterator with nothing to pick from is stopped for good */
    if (!c->stopped) c->result = pick(c);
    return V_NONE;
}

static Value combinations_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    return comb_setstate(args[0], args[1], false);
}

static Value cwr_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    return comb_setstate(args[0], args[1], true);
}

static Value permutations_setstate(Value *args, size_t nargs, Value kwnames) {
    ONEARG("__setstate__");
    CombObject *c = V_AS(CombObject, args[0]);
    Value st = args[1];
    int64_t n = c->n, r = c->r;
    if (state_tuple(st, 2, 2) < 0 || state_type(tuple_get(st, 0), 1, &tuple_type) < 0 ||
        state_type(tuple_get(st, 1), 2, &tuple_type) < 0)
        return VNULL;
    Value idx = tuple_get(st, 0), cyc = tuple_get(st, 1);
    if (tuple_size(idx) != n || tuple_size(cyc) != r) return err_set(&exc_ValueError, "invalid arguments");
    for (int64_t i = 0; i < n; i++)
        if (state_index(tuple_get(idx, i), 0, n - 1, &c->indices[i]) < 0) return VNULL;
    for (int64_t i = 0; i < r; i++)
        if (state_index(tuple_get(cyc, i), 1, n - i, &c->cycles[i]) < 0) return VNULL;
    if (!c->stopped) c->result = pick(c);
    return V_NONE;
}

static const MethodDef product_methods[] = {
    {"__reduce__", product_reduce, 0, "Return state information for pickling."},
    {"__setstate__", product_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

static const MethodDef permutations_methods[] = {
    {"__reduce__", permutations_reduce, 0, "Return state information for pickling."},
    {"__setstate__", permutations_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

static const MethodDef combinations_methods[] = {
    {"__reduce__", combinations_reduce, 0, "Return state information for pickling."},
    {"__setstate__", combinations_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

static const MethodDef cwr_methods[] = {
    {"__reduce__", combinations_reduce, 0, "Return state information for pickling."},
    {"__setstate__", cwr_setstate, 0, "Set state information for unpickling."},
    {NULL, NULL, 0, NULL},
};

static Type product_type = {
    .tname = "itertools.product",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(CombObject),
    .iter = iter_self,
    .iternext = product_next,
    .new_ = product_new,
};

static Type permutations_type = {
    .tname = "itertools.permutations",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(CombObject),
    .iter = iter_self,
    .iternext = permutations_next,
    .new_ = permutations_new,
};

static Type combinations_type = {
    .tname = "itertools.combinations",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(CombObject),
    .iter = iter_self,
    .iternext = combinations_next,
    .new_ = combinations_new,
};

static Type cwr_type = {
    .tname = "itertools.combinations_with_replacement",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(CombObject),
    .iter = iter_self,
    .iternext = cwr_next,
    .new_ = cwr_new,
};

/* ---- the module ------------------------------------------------------------------------------------ */

static const MethodDef itertools_functions[] = {
    {"tee", it_tee, 0, NULL, &it_tee_spec},
    {NULL, NULL, 0, NULL},
};

Value itertools_module_create(void) {
    ready(&count_type, count_methods);
    ready(&cycle_type, cycle_methods);
    ready(&repeat_type, repeat_methods);
    ready(&accumulate_type, accumulate_methods);
    ready(&chain_type, chain_methods);
    ready(&compress_type, compress_methods);
    ready(&dropwhile_type, pred_methods);
    ready(&takewhile_type, pred_methods);
    ready(&filterfalse_type, map_like_methods);
    ready(&starmap_type, map_like_methods);
    ready(&groupby_type, groupby_methods);
    ready(&grouper_type, grouper_methods);
    ready(&islice_type, islice_methods);
    ready(&tee_type, tee_methods);
    ready(&teedata_type, teedata_methods);
    ready(&ziplongest_type, ziplongest_methods);
    ready(&pairwise_type, NULL);
    ready(&product_type, product_methods);
    ready(&permutations_type, permutations_methods);
    ready(&combinations_type, combinations_methods);
    ready(&cwr_type, cwr_methods);
    Value m = module_new_cstr("itertools");
    module_add_functions(m, itertools_functions);
    module_add(m, "count", V_FROM_PTR(&count_type));
    module_add(m, "cycle", V_FROM_PTR(&cycle_type));
    module_add(m, "repeat", V_FROM_PTR(&repeat_type));
    module_add(m, "accumulate", V_FROM_PTR(&accumulate_type));
    module_add(m, "chain", V_FROM_PTR(&chain_type));
    module_add(m, "compress", V_FROM_PTR(&compress_type));
    module_add(m, "dropwhile", V_FROM_PTR(&dropwhile_type));
    module_add(m, "takewhile", V_FROM_PTR(&takewhile_type));
    module_add(m, "filterfalse", V_FROM_PTR(&filterfalse_type));
    module_add(m, "starmap", V_FROM_PTR(&starmap_type));
    module_add(m, "groupby", V_FROM_PTR(&groupby_type));
    module_add(m, "_grouper", V_FROM_PTR(&grouper_type));
    module_add(m, "islice", V_FROM_PTR(&islice_type));
    module_add(m, "_tee", V_FROM_PTR(&tee_type));
    module_add(m, "_tee_dataobject", V_FROM_PTR(&teedata_type));
    module_add(m, "zip_longest", V_FROM_PTR(&ziplongest_type));
    module_add(m, "pairwise", V_FROM_PTR(&pairwise_type));
    module_add(m, "product", V_FROM_PTR(&product_type));
    module_add(m, "permutations", V_FROM_PTR(&permutations_type));
    module_add(m, "combinations", V_FROM_PTR(&combinations_type));
    module_add(m, "combinations_with_replacement", V_FROM_PTR(&cwr_type));
    return m;
}
