/* functools.c: the _functools module, the C part of the standard
 * functools.py:
 * reduce(), cmp_to_key() (the functools.KeyWrapper type),
 * _lru_cache_wrapper and partial, with CPython 3.11's messages. */
#include "../runtime.h"

/* ---- reduce ------------------------------------------------------------------------ */

static Value ft_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("reduce", nargs, 2, 3) < 0) return VNULL;
    Value func = args[0];
    Value it = obj_iter(args[1]);
    if (!it) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            return err_set(&exc_TypeError, "reduce() arg 2 must support iteration");
        }
        return VNULL;
    }
    Value acc = nargs == 3 ? args[2] : VNULL;
    Type *t = type_of(it);
    for (;;) {
        Value x = t->iternext(it);
        if (!x) {
            if (err_occurred()) return VNULL;
            break;
        }
        if (!acc) {
            acc = x;
            continue;
        }
        Value pair[2] = {acc, x};
        acc = obj_call(func, pair, 2, VNULL);
        if (!acc) return VNULL;
    }
    if (!acc) return err_set(&exc_TypeError, "reduce() of empty iterable with no initial value");
    return acc;
}

/* ---- cmp_to_key ------------------------------------------------------------------------ */

typedef struct KeyWrapperObject {
    Object hdr;
    Value cmp;
    Value obj;          /* VNULL for the key function itself */
} KeyWrapperObject;

static Type keywrapper_type;

static Value keywrapper_make(Value cmp, Value obj) {
    KeyWrapperObject *k = (KeyWrapperObject *)obj_alloc(&keywrapper_type, sizeof *k);
    k->cmp = cmp;
    k->obj = obj;
    return V_FROM_PTR(k);
}

static Value keywrapper_call(Value self, Value *args, size_t nargs, Value kwnames) {
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (nargs + nkw != 1)
        return err_format(&exc_TypeError, "K() takes exactly 1 argument (%zd given)", (ssize_t)(nargs + nkw));
    if (nkw && !str_eq_cstr(tuple_get(kwnames, 0), "obj"))
        return err_format(&exc_TypeError, "K() got an unexpected keyword argument '%U'", tuple_get(kwnames, 0));
    return keywrapper_make(V_AS(KeyWrapperObject, self)->cmp, args[0]);
}

static Value keywrapper_richcompare(Value a, Value b, int op) {
    if (type_of(b) != type_of(a)) return err_set(&exc_TypeError, "other argument must be K instance");
    KeyWrapperObject *x = V_AS(KeyWrapperObject, a), *y = V_AS(KeyWrapperObject, b);
    if (!x->obj || !y->obj) return err_set(&exc_AttributeError, "object");
    Value r = obj_call2(x->cmp, x->obj, y->obj);
    if (!r) return VNULL;
    if (v_is_int(r)) {
        int64_t c = v_intval(r);
        switch (op) {
        case CMP_LT: return v_bool(c < 0);
        case CMP_LE: return v_bool(c <= 0);
        case CMP_EQ: return v_bool(c == 0);
        case CMP_NE: return v_bool(c != 0);
        case CMP_GT: return v_bool(c > 0);
        default: return v_bool(c >= 0);
        }
    }
    return obj_richcompare(r, v_int(0), op);
}

static Value keywrapper_get_obj(Value self) {
    Value o = V_AS(KeyWrapperObject, self)->obj;
    if (!o) return err_set(&exc_AttributeError, "obj");
    return o;
}

static int keywrapper_set_obj(Value self, Value v) {
    V_AS(KeyWrapperObject, self)->obj = v;
    return 0;
}

static const GetSetDef keywrapper_getsets[] = {
    {"obj", keywrapper_get_obj, keywrapper_set_obj, "Value wrapped by a key function."},
    {NULL, NULL, NULL, NULL},
};

static Type keywrapper_type = {
    .tname = "functools.KeyWrapper",
    .basicsize = sizeof(KeyWrapperObject),
    .richcompare = keywrapper_richcompare,
    .call = keywrapper_call,
};

static Value ft_cmp_to_key(Value *args, size_t nargs, Value kwnames) {
    Value cmp = nargs > 0 ? args[0] : VNULL;
    if (kwnames) {
        for (int64_t i = 0; i < tuple_size(kwnames); i++) {
            Value k = tuple_get(kwnames, i);
            if (!str_eq_cstr(k, "mycmp"))
                return err_format(&exc_TypeError, "cmp_to_key() got an unexpected keyword argument '%U'", k);
            if (cmp)
                return err_set(&exc_TypeError, "argument for cmp_to_key() given by name ('mycmp') and position (1)");
            cmp = args[nargs + (size_t)i];
        }
    }
    if (nargs > 1)
        return err_format(&exc_TypeError, "cmp_to_key() takes at most 1 argument (%zd given)", (ssize_t)nargs);
    if (!cmp) return err_set(&exc_TypeError, "cmp_to_key() missing required argument 'mycmp' (pos 1)");
    return keywrapper_make(cmp, VNULL);
}

/* ---- _lru_cache_wrapper ---------------------------------------------------------------- */

/* The bounded cache keeps its entries in a circular doubly linked list in
 * recency order (root->next is the oldest); the dict maps each key to its
 * link. The unbounded cache maps keys straight to results. */
typedef struct LruLink {
    Object hdr;
    struct LruLink *prev, *next;
    Value key, result;
    int64_t hash;           /* key's: a key is hashed once per call (CPython) */
} LruLink;

#define LRU_INLINE_ATTRS 8

typedef struct LruObject {
    Object hdr;
    Value func;
    Value cache;            /* dict */
    Value cache_info_type;
    int64_t maxsize;        /* -1: unbounded */
    int64_t hits, misses;
    bool typed;
    LruLink root;           /* list head (not a real entry) */
    InstanceAttrs attrs;    /* __wrapped__, __name__, ... set by update_wrapper;
                               LRU_INLINE_ATTRS slots follow (basicsize) */
} LruObject;

static Type lru_type, lrulink_type;
static Value kwd_mark;

static void lru_unlink(LruLink *l) {
    l->prev->next = l->next;
    l->next->prev = l->prev;
}

static void lru_append(LruObject *c, LruLink *l) {
    LruLink *root = &c->root;
    l->prev = root->prev;
    l->next = root;
    root->prev->next = l;
    root->prev = l;
}

static void lru_reset(LruObject *c) {
    c->root.prev = c->root.next = &c->root;
}

static Value lru_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)t;
    if (arg_nokw("_lru_cache_wrapper", kwnames) < 0) return VNULL;
    if (nargs != 4) return err_format(&exc_TypeError, "_lru_cache_wrapper expected 4 arguments, got %zd", (ssize_t)nargs);
    if (!type_of(args[0])->call) return err_set(&exc_TypeError, "the first argument must be callable");
    int64_t maxsize = -1;
    if (args[1] != V_NONE) {
        if (!int_check(args[1])) return err_set(&exc_TypeError, "maxsize should be integer or None");
        maxsize = int_as_i64(args[1]);
        if (maxsize == -1 && err_occurred()) return VNULL;
        if (maxsize < 0) maxsize = 0;
    }
    int typed = obj_truth(args[2]);
    if (typed < 0) return VNULL;
    LruObject *c = V_AS(LruObject, instance_new(&lru_type));
    c->func = args[0];
    c->cache = dict_new();
    c->cache_info_type = args[3];
    c->maxsize = maxsize;
    c->typed = typed;
    c->root.hdr.type = &lrulink_type;
    lru_reset(c);
    return V_FROM_PTR(c);
}

/* The cache key, as CPython's C implementation builds it. */
static Value lru_make_key(LruObject *c, Value *args, size_t nargs, Value kwnames) {
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (!c->typed && nkw == 0) {
        if (nargs == 1) {
            Value k = args[0];
            if (v_is_int(k) || int_check_exact(k) || (str_check(k) && V_OBJ(k)->type == &str_type)) return k;
        }
        return tuple_from_array(args, (int64_t)nargs);
    }
    int64_t n = (int64_t)nargs + (nkw ? 1 + 2 * (int64_t)nkw : 0) + (c->typed ? (int64_t)(nargs + nkw) : 0);
    Value key = tuple_new(n);
    Value *k = tuple_items(key);
    int64_t j = 0;
    for (size_t i = 0; i < nargs; i++) k[j++] = args[i];
    if (nkw) {
        k[j++] = kwd_mark;
        for (size_t i = 0; i < nkw; i++) {
            k[j++] = tuple_get(kwnames, (int64_t)i);
            k[j++] = args[nargs + i];
        }
    }
    if (c->typed) {
        for (size_t i = 0; i < nargs + nkw; i++) k[j++] = V_FROM_PTR(type_of(args[i]));
    }
    return key;
}

static Value lru_call(Value self, Value *args, size_t nargs, Value kwnames) {
    LruObject *c = V_AS(LruObject, self);
    if (c->maxsize == 0) {
        c->misses++;
        return obj_call(c->func, args, nargs, kwnames);
    }
    Value key = lru_make_key(c, args, nargs, kwnames);
    /* __hash__ of the arguments runs once per call, whatever the cache does */
    int64_t hash = obj_hash(key);
    if (hash == -1) return VNULL;
    Value hit = dict_get_hash(c->cache, key, hash);
    if (!hit && err_occurred()) return VNULL;
    if (c->maxsize < 0) {
        if (hit) {
            c->hits++;
            return hit;
        }
        c->misses++;
        Value r = obj_call(c->func, args, nargs, kwnames);
        if (!r) return VNULL;
        if (dict_set_hash(c->cache, key, hash, r) < 0) return VNULL;
        return r;
    }
    if (hit) {
        LruLink *l = V_AS(LruLink, hit);
        lru_unlink(l);
        lru_append(c, l);
        c->hits++;
        return l->result;
    }
    c->misses++;
    Value r = obj_call(c->func, args, nargs, kwnames);
    if (!r) return VNULL;
    Value again = dict_get_hash(c->cache, key, hash);
    if (again) return r;    /* a recursive call cached this key meanwhile */
    if (err_occurred()) return VNULL;
    if (dict_size(c->cache) < c->maxsize || c->root.next == &c->root) {
        LruLink *l = (LruLink *)obj_alloc(&lrulink_type, sizeof *l);
        l->key = key;
        l->hash = hash;
        l->result = r;
        if (dict_set_hash(c->cache, key, hash, V_FROM_PTR(l)) < 0) return VNULL;
        lru_append(c, l);
        return r;
    }
    /* full: evict the oldest entry and reuse its link */
    LruLink *old = c->root.next;
    lru_unlink(old);
    if (dict_del_hash(c->cache, old->key, old->hash) < 0) return VNULL;
    old->key = key;
    old->hash = hash;
    old->result = r;
    if (dict_set_hash(c->cache, key, hash, V_FROM_PTR(old)) < 0) return VNULL;
    lru_append(c, old);
    return r;
}

static Value lru_descr_get(Value descr, Value obj, Value type) {
    (void)type;
    if (!obj || obj == V_NONE) return descr;
    return method_new(descr, obj);
}

static Value lru_cache_info_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 1) return err_format(&exc_TypeError, "cache_info() takes no arguments (%zd given)", (ssize_t)nargs - 1);
    LruObject *c = V_AS(LruObject, args[0]);
    Value info[4] = {int_from_i64(c->hits), int_from_i64(c->misses),
                     c->maxsize < 0 ? V_NONE : int_from_i64(c->maxsize), int_from_i64(dict_size(c->cache))};
    return obj_call(c->cache_info_type, info, 4, VNULL);
}

static Value lru_cache_clear_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 1) return err_format(&exc_TypeError, "cache_clear() takes no arguments (%zd given)", (ssize_t)nargs - 1);
    LruObject *c = V_AS(LruObject, args[0]);
    dict_clear(c->cache);
    lru_reset(c);
    c->hits = c->misses = 0;
    return V_NONE;
}

/* a cached function is pickled by reference (its qualified name) and is
   its own copy, as CPython's */
static Value lru_reduce_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0 || arg_nokw("__reduce__", kwnames) < 0) return VNULL;
    return obj_getattr_cstr(args[0], "__qualname__");
}
static Value lru_copy_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__copy__", nargs - 1, 0, 0) < 0 || arg_nokw("__copy__", kwnames) < 0) return VNULL;
    return args[0];
}
static Value lru_deepcopy_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__deepcopy__", nargs - 1, 1, 1) < 0 || arg_nokw("__deepcopy__", kwnames) < 0) return VNULL;
    return args[0];
}

static const MethodDef lru_methods[] = {
    {"cache_info", lru_cache_info_m, 0, NULL},
    {"cache_clear", lru_cache_clear_m, 0, NULL},
    {"__reduce__", lru_reduce_m, 0, NULL},
    {"__copy__", lru_copy_m, 0, NULL},
    {"__deepcopy__", lru_deepcopy_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type lru_type = {
    .tname = "functools._lru_cache_wrapper",
    .basicsize = sizeof(LruObject) + LRU_INLINE_ATTRS * sizeof(Value),
    .attrs_offset = offsetof(LruObject, attrs),
    .inline_slots = LRU_INLINE_ATTRS,
    .call = lru_call,
    .descr_get = lru_descr_get,
    .new_ = lru_new,
    .flags = TF_WEAKREFABLE,   /* as CPython's (a cached method's wrapper may be weakly referenced) */
};

static Type lrulink_type = {
    .tname = "functools._lru_list_elem",
    .basicsize = sizeof(LruLink),
};

/* ---- partial ------------------------------------------------------------------------ */

#define PARTIAL_INLINE_ATTRS 2

typedef struct PartialObject {
    Object hdr;
    Value fn;
    Value args;             /* tuple */
    Value kw;               /* dict (never shared with a caller) */
    InstanceAttrs attrs;    /* __dict__; PARTIAL_INLINE_ATTRS slots follow */
} PartialObject;

static Type partial_type;

static inline PartialObject *PA(Value v) { return V_AS(PartialObject, v); }

/* Has p no instance attributes (CPython: no __dict__ made yet)? */
static bool partial_attrs_empty(Value p) {
    Type *t = V_OBJ(p)->type;
    if (!t->attrs_offset) return true;
    InstanceAttrs *a = instance_attrs(p, t);
    if (!a->map || a->map == t->root_map) return true;
    if (a->map == &dict_mode_map) return dict_size(V_FROM_PTR(a->overflow)) == 0;
    return false;
}

static Value partial_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (nargs < 1) return err_set(&exc_TypeError, "type 'partial' takes at least one argument");
    Value func = args[0], pargs = VNULL, pkw = VNULL;
    /* flatten partial(partial(f, ...), ...): an object called by partial's
       own __call__ has its layout; CPython does it when it has no __dict__ */
    if (v_is_ptr(func) && type_is_subtype(type_of(func), &partial_type) &&
        type_lookup(type_of(func), NAME(__call__)) == dict_get_str(partial_type.dict, NAME(__call__)) &&
        partial_attrs_empty(func)) {
        pargs = PA(func)->args;
        pkw = PA(func)->kw;
        func = PA(func)->fn;
    }
    if (!type_of(func)->call) return err_set(&exc_TypeError, "the first argument must be callable");
    int64_t np = pargs ? tuple_size(pargs) : 0;
    Value a = tuple_new(np + (int64_t)nargs - 1);
    for (int64_t i = 0; i < np; i++) tuple_items(a)[i] = tuple_get(pargs, i);
    for (size_t i = 1; i < nargs; i++) tuple_items(a)[np + (int64_t)i - 1] = args[i];
    Value kw = pkw ? dict_copy(pkw) : dict_new();
    if (kwnames)
        for (int64_t i = 0; i < tuple_size(kwnames); i++)
            if (dict_set(kw, tuple_get(kwnames, i), args[nargs + (size_t)i]) < 0) return VNULL;
    PartialObject *p = V_AS(PartialObject, instance_new(t));
    p->fn = func;
    p->args = a;
    p->kw = kw;
    return V_FROM_PTR(p);
}

/* fn(*self.args, *args, **{**self.keywords, **kwargs}) without building the
 * tuple and dict: one argument array and a kwnames tuple */
static Value partial_call(Value self, Value *args, size_t nargs, Value kwnames) {
    PartialObject *p = PA(self);
    int64_t np = tuple_size(p->args), nsk = dict_size(p->kw);
    int64_t nkw = kwnames ? tuple_size(kwnames) : 0;
    if (np == 0 && nsk == 0) return obj_call(p->fn, args, nargs, kwnames);
    Value small[16];
    size_t total = (size_t)np + nargs + (size_t)nsk + (size_t)nkw;
    Value *a = total <= 16 ? small : gc_alloc(sizeof(Value) * total);
    memcpy(a, tuple_items(p->args), sizeof(Value) * (size_t)np);
    if (nargs) memcpy(a + np, args, sizeof(Value) * nargs);
    size_t npos = (size_t)np + nargs;
    if (nsk == 0) {
        if (nkw) memcpy(a + npos, args + nargs, sizeof(Value) * (size_t)nkw);
        return obj_call(p->fn, a, npos, kwnames);
    }
    /* {**stored, **call}: the stored keywords in their order (the call's
       value where it overrides one), then the call's other keywords */
    bool used_small[16];
    bool *used = nkw <= 16 ? used_small : gc_alloc_atomic((size_t)nkw);
    memset(used, 0, (size_t)nkw);
    Value kwn = tuple_new(nsk + nkw);
    int64_t j = 0, pos = 0;
    Value k, v;
    while (dict_next(p->kw, &pos, &k, &v)) {
        if (!str_check(k)) return err_set(&exc_TypeError, "keywords must be strings");
        for (int64_t i = 0; i < nkw; i++) {
            Value n = tuple_get(kwnames, i);
            if (!used[i] && (n == k || str_eq(n, k))) {
                used[i] = true;
                v = args[nargs + (size_t)i];
                break;
            }
        }
        tuple_items(kwn)[j] = k;
        a[npos + (size_t)j] = v;
        j++;
    }
    for (int64_t i = 0; i < nkw; i++) {
        if (used[i]) continue;
        tuple_items(kwn)[j] = tuple_get(kwnames, i);
        a[npos + (size_t)j] = args[nargs + (size_t)i];
        j++;
    }
    if (j < nsk + nkw) {
        Value n2 = tuple_new(j);
        memcpy(tuple_items(n2), tuple_items(kwn), sizeof(Value) * (size_t)j);
        kwn = n2;
    }
    return obj_call(p->fn, a, npos, j ? kwn : VNULL);
}

static Value partial_repr(Value self) {
    int rr = repr_enter(self);
    if (rr < 0) return VNULL;
    Type *t = type_of(self);
    /* CPython prints tp_name: "functools.partial", or a subclass's name */
    const char *name = t->tname;
    Value tn = type_has_flag(t, TF_HEAPTYPE) ? type_name(t) : VNULL;
    if (rr > 0) return str_from_cstr("...");
    PartialObject *p = PA(self);
    Value fn = p->fn, args = p->args, kw = p->kw;   /* a repr may change them */
    Buf b;
    buf_init(&b, 64);
    Value r = obj_repr(fn);
    if (!r) goto fail;
    buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    for (int64_t i = 0; i < tuple_size(args); i++) {
        r = obj_repr(tuple_get(args, i));
        if (!r) goto fail;
        buf_puts(&b, ", ");
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    int64_t pos = 0;
    Value k, v;
    kw = dict_copy(kw);
    while (dict_next(kw, &pos, &k, &v)) {
        Value ks = obj_str(k);
        if (!ks) goto fail;
        r = obj_repr(v);
        if (!r) goto fail;
        buf_puts(&b, ", ");
        buf_put(&b, str_data(ks), (size_t)str_nbytes(ks));
        buf_putc(&b, '=');
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    repr_leave(self);
    Value body = str_from_buf(&b);
    return tn ? str_printf("%U(%U)", tn, body) : str_printf("%s(%U)", name, body);
fail:
    repr_leave(self);
    return VNULL;
}

static Value partial_reduce_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 1)
        return err_format(&exc_TypeError, "partial.__reduce__() takes no arguments (%zd given)", (ssize_t)nargs - 1);
    Value self = args[0];
    PartialObject *p = PA(self);
    Value d = partial_attrs_empty(self) ? V_NONE : instance_get_dict(self);
    if (!d) d = V_NONE;
    return tuple_pack(3, V_FROM_PTR(type_of(self)), tuple_pack(1, p->fn), tuple_pack(4, p->fn, p->args, p->kw, d));
}

static int partial_set_dict(Value self, Value d);

static Value partial_setstate_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    Value self = args[0], state = args[1];
    if (!tuple_check(state) || tuple_size(state) != 4) return err_set(&exc_TypeError, "invalid partial state");
    Value fn = tuple_get(state, 0), fa = tuple_get(state, 1), kw = tuple_get(state, 2), d = tuple_get(state, 3);
    /* CPython accepts any __dict__ object here; tpy only a dict or None */
    if (!type_of(fn)->call || !tuple_check(fa) || (kw != V_NONE && !dict_check(kw)) || (d != V_NONE && !dict_check(d)))
        return err_set(&exc_TypeError, "invalid partial state");
    if (!tuple_check_exact(fa)) fa = tuple_from_array(tuple_items(fa), tuple_size(fa));
    if (kw == V_NONE) kw = dict_new();
    else if (!dict_check_exact(kw)) kw = dict_copy(kw);
    PartialObject *p = PA(self);
    p->fn = fn;
    p->args = fa;
    p->kw = kw;
    /* the state's dict becomes __dict__; None leaves no attributes */
    if (!partial_attrs_empty(self) || d != V_NONE) {
        if (partial_set_dict(self, d != V_NONE ? d : dict_new()) < 0) return VNULL;
    }
    return V_NONE;
}

static Value partial_get_func(Value self) { return PA(self)->fn; }
static Value partial_get_args(Value self) { return PA(self)->args; }
static Value partial_get_keywords(Value self) { return PA(self)->kw; }

/* func, args and keywords are read-only members in CPython */
static int partial_set_readonly(Value self, Value v) {
    (void)self;
    (void)v;
    err_set(&exc_AttributeError, "readonly attribute");
    return -1;
}

static Value partial_get_dict(Value self) {
    Value d = instance_get_dict(self);
    return d ? d : err_format(&exc_AttributeError, "'%T' object has no attribute '__dict__'", self);
}

/* p.__dict__ = d: the instance's attributes live in d from now on */
static int partial_set_dict(Value self, Value d) {
    if (!d) {
        err_set(&exc_TypeError, "cannot delete __dict__");
        return -1;
    }
    if (!dict_check(d)) {
        err_format(&exc_TypeError, "__dict__ must be set to a dictionary, not a '%T'", d);
        return -1;
    }
    if (!instance_get_dict(self)) {   /* dict mode: the attributes block holds a dict */
        err_format(&exc_AttributeError, "'%T' object has no attribute '__dict__'", self);
        return -1;
    }
    instance_attrs(self, V_OBJ(self)->type)->overflow = (Value *)(uintptr_t)d;
    return 0;
}

static const GetSetDef partial_getsets[] = {
    {"func", partial_get_func, partial_set_readonly, "function object to use in future partial calls"},
    {"args", partial_get_args, partial_set_readonly, "tuple of arguments to future partial calls"},
    {"keywords", partial_get_keywords, partial_set_readonly, "dictionary of keyword arguments to future partial calls"},
    {"__dict__", partial_get_dict, partial_set_dict, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef partial_methods[] = {
    {"__reduce__", partial_reduce_m, 0, NULL},
    {"__setstate__", partial_setstate_m, 0, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

static Type partial_type = {
    .tname = "functools.partial",
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .basicsize = sizeof(PartialObject) + PARTIAL_INLINE_ATTRS * sizeof(Value),
    .attrs_offset = offsetof(PartialObject, attrs),
    .inline_slots = PARTIAL_INLINE_ATTRS,
    .repr = partial_repr,
    .call = partial_call,
    .new_ = partial_new,
};

static const MethodDef functools_functions[] = {
    {"reduce", ft_reduce, 0, NULL},
    {"cmp_to_key", ft_cmp_to_key, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _functools_module_create(void) {
    if (!(keywrapper_type.flags & TF_READY)) {
        keywrapper_type.name = str_intern_cstr("KeyWrapper");
        keywrapper_type.module = str_intern_cstr("functools");
        type_add_getsets(&keywrapper_type, keywrapper_getsets);
        type_ready(&keywrapper_type);
        keywrapper_type.hash = NULL;
        dict_set(keywrapper_type.dict, NAME(__hash__), V_NONE);
        lru_type.name = str_intern_cstr("_lru_cache_wrapper");
        lru_type.module = str_intern_cstr("functools");
        type_add_methods(&lru_type, lru_methods);
        type_ready(&lru_type);
        type_ready(&lrulink_type);
        kwd_mark = instance_new(&object_type);
        partial_type.name = str_intern_cstr("partial");
        partial_type.module = str_intern_cstr("functools");
        type_add_methods(&partial_type, partial_methods);
        type_add_getsets(&partial_type, partial_getsets);
        type_ready(&partial_type);
    }
    Value m = module_new_cstr("_functools");
    module_add_functions(m, functools_functions);
    module_add(m, "KeyWrapper", V_FROM_PTR(&keywrapper_type));
    module_add(m, "_lru_cache_wrapper", V_FROM_PTR(&lru_type));
    module_add(m, "partial", V_FROM_PTR(&partial_type));
    return m;
}
