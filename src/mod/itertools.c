/* itertools.c: the itertools module: iterator types with iternext slots,
 * producing the same items in the same order as CPython 3.11, with its
 * argument handling and error messages.
 *
 * Every type may be subclassed (objects are made with instance_new, which
 * allocates the subclass's size). Iterators that wrap others drop their
 * reference (set it to VNULL) once exhausted, so they stay exhausted. */
#include "../runtime.h"

static Value iter_self(Value v) { return v; }

/* ---- argument parsing like CPython's argument clinic ----------------------------------- */

/* Match args/kwnames against the parameter names: out[i] receives the
 * value of parameter i (VNULL if not given). nreq parameters are required;
 * at most maxpos may be positional (the rest are keyword-only). */
static int parse_args(const char *fname, Value *args, size_t nargs, Value kwnames, const char *const *params,
                      int nparams, int nreq, int maxpos, Value *out) {
    for (int i = 0; i < nparams; i++) out[i] = VNULL;
    if ((int)nargs > maxpos) {
        if (maxpos < nparams)
            err_format(&exc_TypeError, "%s() takes at most %d positional argument%s (%zd given)", fname, maxpos,
                       maxpos == 1 ? "" : "s", (ssize_t)nargs);
        else if (nreq == maxpos)
            err_format(&exc_TypeError, "%s() takes exactly %d argument%s (%zd given)", fname, maxpos,
                       maxpos == 1 ? "" : "s", (ssize_t)nargs);
        else
            err_format(&exc_TypeError, "%s() takes at most %d argument%s (%zd given)", fname, maxpos,
                       maxpos == 1 ? "" : "s", (ssize_t)nargs);
        return -1;
    }
    for (size_t i = 0; i < nargs; i++) out[i] = args[i];
    if (kwnames) {
        for (int64_t k = 0; k < tuple_size(kwnames); k++) {
            Value name = tuple_get(kwnames, k);
            int found = -1;
            for (int i = 0; i < nparams; i++)
                if (str_eq_cstr(name, params[i])) found = i;
            if (found < 0) {
                err_format(&exc_TypeError, "'%U' is an invalid keyword argument for %s()", name, fname);
                return -1;
            }
            if (out[found]) {
                err_format(&exc_TypeError, "argument for %s() given by name ('%s') and position (%d)", fname,
                           params[found], found + 1);
                return -1;
            }
            out[found] = args[nargs + (size_t)k];
        }
    }
    for (int i = 0; i < nreq; i++) {
        if (!out[i]) {
            err_format(&exc_TypeError, "%s() missing required argument '%s' (pos %d)", fname, params[i], i + 1);
            return -1;
        }
    }
    return 0;
}

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
    static const char *const params[] = {"start", "step"};
    Value a[2];
    if (parse_args("count", args, nargs, kwnames, params, 2, 0, 2, a) < 0) return VNULL;
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
    int64_t index;
} CycleObject;

static Type cycle_type;

static Value cycle_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (t == &cycle_type && arg_nokw("cycle", kwnames) < 0) return VNULL;
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
            list_append(c->saved, x);
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
    static const char *const params[] = {"object", "times"};
    Value a[2];
    if (parse_args("repeat", args, nargs, kwnames, params, 2, 1, 2, a) < 0) return VNULL;
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

static const MethodDef repeat_methods[] = {
    {"__length_hint__", repeat_length_hint, 0, NULL},
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
    static const char *const params[] = {"iterable", "func", "initial"};
    Value a[3];
    if (parse_args("accumulate", args, nargs, kwnames, params, 3, 1, 2, a) < 0) return VNULL;
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

static Type chain_type;

static Value chain_make(Type *t, Value source) {
    ChainObject *c = V_AS(ChainObject, new_obj(t));
    c->source = source;
    return V_FROM_PTR(c);
}

static Value chain_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (t == &chain_type && arg_nokw("chain", kwnames) < 0) return VNULL;
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

static const MethodDef chain_methods[] = {
    {"from_iterable", chain_from_iterable, MF_CLASS, NULL},
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
    static const char *const params[] = {"data", "selectors"};
    Value a[2];
    if (parse_args("compress", args, nargs, kwnames, params, 2, 2, 2, a) < 0) return VNULL;
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

static Value pred_make(Type *t, const char *name, Value *args, size_t nargs, Value kwnames, Type *exact) {
    if (t == exact && arg_nokw(name, kwnames) < 0) return VNULL;
    if (nargs != 2) return err_format(&exc_TypeError, "%s expected 2 arguments, got %zd", name, (ssize_t)nargs);
    Value it = obj_iter(args[1]);
    if (!it) return VNULL;
    PredObject *p = V_AS(PredObject, new_obj(t));
    p->func = args[0];
    p->it = it;
    return V_FROM_PTR(p);
}

static Value dropwhile_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return pred_make(t, "dropwhile", args, nargs, kwnames, &dropwhile_type);
}
static Value takewhile_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return pred_make(t, "takewhile", args, nargs, kwnames, &takewhile_type);
}
static Value filterfalse_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return pred_make(t, "filterfalse", args, nargs, kwnames, &filterfalse_type);
}
static Value starmap_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return pred_make(t, "starmap", args, nargs, kwnames, &starmap_type);
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

static Value groupby_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const char *const params[] = {"iterable", "key"};
    Value a[2];
    if (parse_args("groupby", args, nargs, kwnames, params, 2, 1, 2, a) < 0) return VNULL;
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
    GrouperObject *gr = (GrouperObject *)obj_alloc(&grouper_type, sizeof *gr);
    gr->parent = self;
    gr->tgtkey = g->tgtkey;
    g->currgrouper = V_FROM_PTR(gr);
    return tuple_pack(2, g->currkey, V_FROM_PTR(gr));
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
};

/* ---- islice ---------------------------------------------------------------------------------------- */

typedef struct ISliceObject {
    Object hdr;
    Value it;           /* VNULL when done */
    int64_t next, stop, step, cnt;  /* stop -1: no limit */
} ISliceObject;

static Type islice_type;

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
    if (t == &islice_type && arg_nokw("islice", kwnames) < 0) return VNULL;
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

static const MethodDef tee_methods[] = {
    {"__copy__", tee_copy_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type tee_type = {
    .tname = "itertools._tee",
    .basicsize = sizeof(TeeObject),
    .iter = iter_self,
    .iternext = tee_next,
    .new_ = tee_new,
};

static Type teedata_type = {
    .tname = "itertools._tee_dataobject",
    .basicsize = sizeof(TeeData),
};

static Value it_tee(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("tee", nargs, 1, 2) < 0) return VNULL;
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
    if (t == &pairwise_type && arg_nokw("pairwise", kwnames) < 0) return VNULL;
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
static Value comb_setup(Type *t, const char *fname, Value *args, size_t nargs, Value kwnames, bool r_required,
                        bool perm_r) {
    static const char *const params[] = {"iterable", "r"};
    Value a[2];
    if (parse_args(fname, args, nargs, kwnames, params, 2, r_required ? 2 : 1, 2, a) < 0) return VNULL;
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
    Value v = comb_setup(t, "permutations", args, nargs, kwnames, false, true);
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
    Value v = comb_setup(t, "combinations", args, nargs, kwnames, true, false);
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
    Value v = comb_setup(t, "combinations_with_replacement", args, nargs, kwnames, true, false);
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
    {"tee", it_tee, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value itertools_module_create(void) {
    ready(&count_type, NULL);
    ready(&cycle_type, NULL);
    ready(&repeat_type, repeat_methods);
    ready(&accumulate_type, NULL);
    ready(&chain_type, chain_methods);
    ready(&compress_type, NULL);
    ready(&dropwhile_type, NULL);
    ready(&takewhile_type, NULL);
    ready(&filterfalse_type, NULL);
    ready(&starmap_type, NULL);
    ready(&groupby_type, NULL);
    ready(&grouper_type, NULL);
    ready(&islice_type, NULL);
    ready(&tee_type, tee_methods);
    ready(&teedata_type, NULL);
    ready(&ziplongest_type, NULL);
    ready(&pairwise_type, NULL);
    ready(&product_type, NULL);
    ready(&permutations_type, NULL);
    ready(&combinations_type, NULL);
    ready(&cwr_type, NULL);
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
