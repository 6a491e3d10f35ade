/* _abc.c: the _abc module, abc.ABCMeta's machinery in C (CPython's
 * Modules/_abc.c behaviour; _py_abc.py is the same algorithm in Python).
 *
 * Each ABC holds an _abc_data object as cls._abc_impl with three weak sets
 * of classes: the registry (virtual subclasses given to register()), the
 * positive cache and the negative cache of issubclass() answers. One global
 * counter (get_cache_token()) goes up on every register(); a negative cache
 * filled under an older count is stale and is emptied before its next use.
 *
 * The weak sets are open-addressing hash tables of disappearing links keyed
 * by the class's address (a class is identified by identity, as CPython's
 * weak references to classes hash and compare). A class that dies is
 * cleared from its slot by the collector and so leaves every set; its slot
 * stays a tombstone, so probe chains through it still reach later entries,
 * until the next resize drops it. A cache hit thus reads two words and
 * runs no Python code.
 */
#include "../runtime.h"

#include "modules.h"

/* ---- weak sets of classes ------------------------------------------------------------------ */

typedef struct WeakSlot {
    uintptr_t link;   /* gc_weak_set link; 0 when empty or its class died */
    uintptr_t used;   /* 1 once the slot held an entry: probing goes on past it */
} WeakSlot;

typedef struct WeakSet {
    WeakSlot *slots;  /* atomic memory: the links keep nothing alive */
    size_t cap;       /* a power of two, or 0 */
    size_t filled;    /* slots with used set (live entries and tombstones) */
} WeakSet;

static size_t ws_hash(const void *p) { return (size_t)(((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull); }

static bool ws_contains(const WeakSet *ws, const void *p) {
    if (!ws->cap) return false;
    size_t mask = ws->cap - 1;
    for (size_t i = ws_hash(p) & mask;; i = (i + 1) & mask) {
        WeakSlot *s = &ws->slots[i];
        if (!s->used) return false;
        if (s->link && gc_weak_get(&s->link) == p) return true;
    }
}

/* Drop every link of a slot array (before it is let go) */
static void ws_unlink_all(WeakSlot *slots, size_t cap) {
    for (size_t i = 0; i < cap; i++)
        if (slots[i].link) gc_weak_unset(&slots[i].link);
}

static void ws_insert_fresh(WeakSet *ws, void *p) {
    size_t mask = ws->cap - 1, i = ws_hash(p) & mask;
    while (ws->slots[i].used) i = (i + 1) & mask;
    ws->slots[i].used = 1;
    gc_weak_set(&ws->slots[i].link, p);
    ws->filled++;
}

static void ws_add(WeakSet *ws, void *p) {
    if (ws_contains(ws, p)) return;
    if ((ws->filled + 1) * 4 > ws->cap * 3) {
        /* rebuild from the live entries; tombstones go */
        size_t live = 0;
        for (size_t i = 0; i < ws->cap; i++) live += ws->slots[i].link != 0;
        size_t ncap = 8;
        while (ncap < (live + 1) * 2) ncap *= 2;
        WeakSlot *old = ws->slots;
        size_t ocap = ws->cap;
        ws->slots = gc_alloc_atomic(sizeof(WeakSlot) * ncap);
        memset(ws->slots, 0, sizeof(WeakSlot) * ncap);
        ws->cap = ncap;
        ws->filled = 0;
        for (size_t i = 0; i < ocap; i++) {
            void *q = old[i].link ? gc_weak_get(&old[i].link) : NULL;
            if (q) ws_insert_fresh(ws, q);
        }
        ws_unlink_all(old, ocap);
    }
    ws_insert_fresh(ws, p);
}

static void ws_clear(WeakSet *ws) {
    ws_unlink_all(ws->slots, ws->cap);
    ws->slots = NULL;
    ws->cap = ws->filled = 0;
}

/* The live entries, as a list (a snapshot: the set may change while the
   caller runs Python code over it) */
static Value ws_list(const WeakSet *ws) {
    Value out = list_new(0);
    for (size_t i = 0; i < ws->cap; i++) {
        void *p = ws->slots[i].link ? gc_weak_get(&ws->slots[i].link) : NULL;
        if (p) list_append(out, V_FROM_PTR(p));
    }
    return out;
}

/* ---- _abc_data ----------------------------------------------------------------------------- */

typedef struct AbcData {
    Object hdr;
    WeakSet registry, cache, negative_cache;
    uint64_t negative_cache_version;
} AbcData;

static Type abc_data_type;

/* get_cache_token(): bumped by every register() of any ABC */
static uint64_t invalidation_counter;

static Value abc_data_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    AbcData *d = (AbcData *)obj_alloc(t, sizeof(AbcData));
    d->negative_cache_version = invalidation_counter;
    return V_FROM_PTR(d);
}

static Type abc_data_type = {
    .tname = "_abc._abc_data",
    .basicsize = sizeof(AbcData),
    .new_ = abc_data_new,
};

static Value s_abc_impl, s_abstractmethods, s_isabstractmethod, s_subclasshook, s_abc_tpflags;

static AbcData *get_impl(Value cls) {
    Value impl = obj_getattr(cls, s_abc_impl);
    if (!impl) return NULL;
    if (type_of(impl) != &abc_data_type) {
        err_set(&exc_TypeError, "_abc_impl is set to a wrong type");
        return NULL;
    }
    return V_AS(AbcData, impl);
}

/* A class as the weak sets hold it: only classes enter them, so anything
   else is simply absent */
static void *class_key(Value v) { return type_check(v) ? (void *)V_OBJ(v) : NULL; }

/* ---- _abc_init ----------------------------------------------------------------------------- */

/* getattr(v, "__isabstractmethod__", False), as a truth value: -1 0 1 */
static int is_abstract(Value v) {
    Value r = obj_getattr_opt(v, s_isabstractmethod);
    if (!r) return err_occurred() ? -1 : 0;
    return obj_truth(r);
}

/* cls.__abstractmethods__ = the names abstract in cls's own namespace, and
   those abstract in a base that cls still resolves to an abstract value */
static int compute_abstract_methods(Value cls) {
    Value abstracts = frozenset_new();
    Value ns = obj_getattr(cls, NAME(__dict__));
    if (!ns) return -1;
    /* a snapshot of the items: reading __isabstractmethod__ may run code
       that changes the namespace */
    Value items = obj_call_method(ns, "items", NULL, 0);
    if (!items) return -1;
    Value list = list_from_iterable(items);
    if (!list) return -1;
    for (int64_t i = 0; i < list_size(list); i++) {
        Value item = list_get(list, i);
        if (!tuple_check(item) || tuple_size(item) != 2) {
            err_set(&exc_TypeError, "items() returned item which is not a 2-tuple");
            return -1;
        }
        int r = is_abstract(tuple_get(item, 1));
        if (r < 0 || (r && set_add(abstracts, tuple_get(item, 0)) < 0)) return -1;
    }
    Value bases = obj_getattr(cls, NAME(__bases__));
    if (!bases) return -1;
    if (!tuple_check(bases)) {
        err_set(&exc_TypeError, "__bases__ is not tuple");
        return -1;
    }
    for (int64_t i = 0; i < tuple_size(bases); i++) {
        Value base_abstracts = obj_getattr_opt(tuple_get(bases, i), s_abstractmethods);
        if (!base_abstracts) {
            if (err_occurred()) return -1;
            continue;
        }
        Value it = obj_iter(base_abstracts);
        if (!it) return -1;
        Value name;
        while ((name = obj_next(it))) {
            Value v = obj_getattr_opt(cls, name);
            if (!v) {
                if (err_occurred()) return -1;
                continue;
            }
            int r = is_abstract(v);
            if (r < 0 || (r && set_add(abstracts, name) < 0)) return -1;
        }
        if (err_occurred()) return -1;
    }
    /* through setattr: type.c keeps TF_IS_ABSTRACT in step with it */
    return obj_setattr(cls, s_abstractmethods, abstracts);
}

#define COLLECTION_FLAGS (TF_MATCH_SEQUENCE | TF_MATCH_MAPPING)

static const ArgSpec abc_init_spec = {"_abc._abc_init", 1, 1, 0, {"self", NULL}};
static Value abc_init(Value *args, size_t nargs, Value kwnames) {
    Value cls;
    if (arg_parse(&abc_init_spec, args, nargs, kwnames, &cls) < 0) return VNULL;
    if (compute_abstract_methods(cls) < 0) return VNULL;
    if (type_check(cls)) {
        /* collections.abc's Sequence and Mapping declare what match
           patterns accept (CPython's Py_TPFLAGS_SEQUENCE 1<<5, MAPPING
           1<<6) in the class body; the declaration goes from the dict */
        Type *t = V_AS(Type, cls);
        Value flags = t->dict ? dict_get(t->dict, s_abc_tpflags) : VNULL;
        if (flags) {
            if (int_check_exact(flags)) {
                int64_t f = int_as_i64(flags);
                if (f == -1 && err_occurred()) return VNULL;
                if ((f & (3 << 5)) == (3 << 5))
                    return err_set(&exc_TypeError,
                                   "__abc_tpflags__ cannot be both Py_TPFLAGS_SEQUENCE and Py_TPFLAGS_MAPPING");
                if (f & (1 << 5)) t->flags |= TF_MATCH_SEQUENCE;
                if (f & (1 << 6)) t->flags |= TF_MATCH_MAPPING;
            }
            if (dict_del(t->dict, s_abc_tpflags) < 0) return VNULL;
            type_modified(t);
        } else if (err_occurred()) {
            return VNULL;
        }
    }
    Value data = abc_data_new(&abc_data_type, NULL, 0, VNULL);
    if (obj_setattr(cls, s_abc_impl, data) < 0) return VNULL;
    return V_NONE;
}

/* ---- _abc_register ------------------------------------------------------------------------- */

/* A registered class (and its subclasses) takes the ABC's match-pattern
   flag in place of the one it had, unless it is a builtin type */
static void set_collection_flag_recursive(Type *t, uint32_t flag, int depth) {
    if (!type_has_flag(t, TF_HEAPTYPE) || (t->flags & COLLECTION_FLAGS) == flag || depth > 1000) return;
    t->flags = (t->flags & ~(uint32_t)COLLECTION_FLAGS) | flag;
    type_modified(t);
    for (size_t i = 0; t->subclasses && i < gc_weak_list_len(t->subclasses); i++) {
        Type *sub = gc_weak_list_get(t->subclasses, i);
        if (sub) set_collection_flag_recursive(sub, flag, depth + 1);
    }
}

static Value abc_register(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_abc_register", 2, 2, 0, {"self", "subclass", NULL}};
    Value a[2];
    if (arg_nokw("_abc._abc_register", kwnames) < 0 || arg_parse(&spec, args, nargs, VNULL, a) < 0) return VNULL;
    Value cls = a[0], sub = a[1];
    if (!type_check(sub)) return err_set(&exc_TypeError, "Can only register classes");
    int r = obj_issubclass(sub, cls);
    if (r < 0) return VNULL;
    if (r) return sub;   /* already a subclass */
    /* only now the cycle test: X.register(X) is allowed, as a no-op */
    r = obj_issubclass(cls, sub);
    if (r < 0) return VNULL;
    if (r) return err_set(&exc_RuntimeError, "Refusing to create an inheritance cycle");
    AbcData *impl = get_impl(cls);
    if (!impl) return VNULL;
    ws_add(&impl->registry, V_OBJ(sub));
    invalidation_counter++;   /* every negative cache is stale now */
    if (type_check(cls)) {
        uint32_t flag = V_AS(Type, cls)->flags & COLLECTION_FLAGS;
        if (flag) set_collection_flag_recursive(V_AS(Type, sub), flag, 0);
    }
    return sub;
}

/* ---- _abc_instancecheck / _abc_subclasscheck ----------------------------------------------- */

static Value call_subclasscheck(Value cls, Value sub) {
    Value f = obj_getattr(cls, NAME(__subclasscheck__));
    return f ? obj_call(f, &sub, 1, VNULL) : VNULL;
}

static Value abc_instancecheck(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_abc_instancecheck", 2, 2, 0, {"self", "instance", NULL}};
    Value a[2];
    if (arg_nokw("_abc._abc_instancecheck", kwnames) < 0 || arg_parse(&spec, args, nargs, VNULL, a) < 0) return VNULL;
    Value cls = a[0], inst = a[1];
    AbcData *impl = get_impl(cls);
    if (!impl) return VNULL;
    Value sub = obj_getattr(inst, NAME(__class__));
    if (!sub) return VNULL;
    void *key = class_key(sub);
    if (key && ws_contains(&impl->cache, key)) return V_TRUE;
    Value subtype = V_FROM_PTR(type_of(inst));
    if (subtype == sub) {
        if (impl->negative_cache_version == invalidation_counter && key && ws_contains(&impl->negative_cache, key))
            return V_FALSE;
        return call_subclasscheck(cls, sub);
    }
    /* __class__ differs from the type (a proxy): either may answer */
    Value r = call_subclasscheck(cls, sub);
    if (!r) return VNULL;
    int t = obj_truth(r);
    if (t < 0) return VNULL;
    if (t) return r;
    return call_subclasscheck(cls, subtype);
}

/* Is sub a subclass of a class in the registry? Adds it to the positive
   cache when found through a registered class's own check. -1 0 1 */
static int check_registry(AbcData *impl, Value sub) {
    if (ws_contains(&impl->registry, V_OBJ(sub))) return 1;
    if (!impl->registry.cap) return 0;
    Value snapshot = ws_list(&impl->registry);
    if (!snapshot) return -1;
    for (int64_t i = 0; i < list_size(snapshot); i++) {
        int r = obj_issubclass(sub, list_get(snapshot, i));
        if (r < 0) return -1;
        if (r) {
            ws_add(&impl->cache, V_OBJ(sub));
            return 1;
        }
    }
    return 0;
}

static Value abc_subclasscheck(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_abc_subclasscheck", 2, 2, 0, {"self", "subclass", NULL}};
    Value a[2];
    if (arg_nokw("_abc._abc_subclasscheck", kwnames) < 0 || arg_parse(&spec, args, nargs, VNULL, a) < 0) return VNULL;
    Value cls = a[0], sub = a[1];
    if (!type_check(sub)) return err_set(&exc_TypeError, "issubclass() arg 1 must be a class");
    AbcData *impl = get_impl(cls);
    if (!impl) return VNULL;
    void *key = V_OBJ(sub);
    /* 1. the positive cache */
    if (ws_contains(&impl->cache, key)) return V_TRUE;
    /* 2. the negative cache, emptied first if a register() made it stale */
    if (impl->negative_cache_version < invalidation_counter) {
        ws_clear(&impl->negative_cache);
        impl->negative_cache_version = invalidation_counter;
    } else if (ws_contains(&impl->negative_cache, key)) {
        return V_FALSE;
    }
    /* 3. the class's own hook */
    Value hook = obj_getattr(cls, s_subclasshook);
    Value ok = hook ? obj_call(hook, &sub, 1, VNULL) : VNULL;
    if (!ok) return VNULL;
    if (ok == V_TRUE) {
        ws_add(&impl->cache, key);
        return V_TRUE;
    }
    if (ok == V_FALSE) {
        ws_add(&impl->negative_cache, key);
        return V_FALSE;
    }
    if (ok != V_NOTIMPL)
        return err_set(&exc_AssertionError, "__subclasshook__ must return either False, True, or NotImplemented");
    /* 4. a real subclass */
    Value mro = V_AS(Type, sub)->mro;
    for (int64_t i = 0; mro && i < tuple_size(mro); i++)
        if (tuple_get(mro, i) == cls) {
            ws_add(&impl->cache, key);
            return V_TRUE;
        }
    /* 5. a subclass of a registered class */
    int r = check_registry(impl, sub);
    if (r < 0) return VNULL;
    if (r) return V_TRUE;
    /* 6. a subclass of one of cls's subclasses (they may be ABCs with
       registries of their own) */
    Value subclasses = obj_call_method(cls, "__subclasses__", NULL, 0);
    if (!subclasses) return VNULL;
    if (!list_check(subclasses)) return err_set(&exc_TypeError, "__subclasses__() must return a list");
    for (int64_t i = 0; i < list_size(subclasses); i++) {
        r = obj_issubclass(sub, list_get(subclasses, i));
        if (r < 0) return VNULL;
        if (r) {
            ws_add(&impl->cache, key);
            return V_TRUE;
        }
    }
    ws_add(&impl->negative_cache, key);
    return V_FALSE;
}

/* ---- the rest ------------------------------------------------------------------------------ */

static Value abc_get_cache_token(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_abc.get_cache_token", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return int_from_u64(invalidation_counter);
}

/* A set of weak references to a weak set's classes, as CPython's sets */
static Value weakref_set(const WeakSet *ws, Value ref_type) {
    Value classes = ws_list(ws);
    if (!classes) return VNULL;
    Value out = set_new();
    for (int64_t i = 0; i < list_size(classes); i++) {
        Value w = obj_call1(ref_type, list_get(classes, i));
        if (!w || set_add(out, w) < 0) return VNULL;
    }
    return out;
}

static Value abc_get_dump(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_abc._get_dump", 1, 1, 0, {"self", NULL}};
    Value cls;
    if (arg_parse(&spec, args, nargs, kwnames, &cls) < 0) return VNULL;
    AbcData *impl = get_impl(cls);
    if (!impl) return VNULL;
    if (!(weakref_type.flags & TF_READY) && !_weakref_module_create()) return VNULL;
    Value ref_type = V_FROM_PTR(&weakref_type);
    Value items[4];
    if (!(items[0] = weakref_set(&impl->registry, ref_type)) || !(items[1] = weakref_set(&impl->cache, ref_type)) ||
        !(items[2] = weakref_set(&impl->negative_cache, ref_type)))
        return VNULL;
    items[3] = int_from_u64(impl->negative_cache_version);
    return tuple_from_array(items, 4);
}

static const ArgSpec abc_reset_registry_spec = {"_abc._reset_registry", 1, 1, 0, {"self", NULL}};
static Value abc_reset_registry(Value *args, size_t nargs, Value kwnames) {
    Value cls;
    if (arg_parse(&abc_reset_registry_spec, args, nargs, kwnames, &cls) < 0) return VNULL;
    AbcData *impl = get_impl(cls);
    if (!impl) return VNULL;
    ws_clear(&impl->registry);
    return V_NONE;
}

static const ArgSpec abc_reset_caches_spec = {"_abc._reset_caches", 1, 1, 0, {"self", NULL}};
static Value abc_reset_caches(Value *args, size_t nargs, Value kwnames) {
    Value cls;
    if (arg_parse(&abc_reset_caches_spec, args, nargs, kwnames, &cls) < 0) return VNULL;
    AbcData *impl = get_impl(cls);
    if (!impl) return VNULL;
    ws_clear(&impl->cache);
    /* the version stays: the emptied negative cache is still current */
    ws_clear(&impl->negative_cache);
    return V_NONE;
}

static const MethodDef abc_functions[] = {
    {"get_cache_token", abc_get_cache_token, MF_KEYWORDS,
     "Returns the current ABC cache token.\n\nThe token is an opaque object (supporting equality testing) identifying "
     "the\ncurrent version of the ABC cache for virtual subclasses. The token changes\nwith every call to "
     "register() on any ABC."},
    {"_abc_init", abc_init, MF_KEYWORDS, "Internal ABC helper for class set-up. Should be never used outside abc module.", &abc_init_spec},
    {"_abc_register", abc_register, MF_KEYWORDS, "Internal ABC helper for subclasss registration. Should be never used outside abc module."},
    {"_abc_instancecheck", abc_instancecheck, MF_KEYWORDS, "Internal ABC helper for instance checks. Should be never used outside abc module."},
    {"_abc_subclasscheck", abc_subclasscheck, MF_KEYWORDS, "Internal ABC helper for subclasss checks. Should be never used outside abc module."},
    {"_get_dump", abc_get_dump, MF_KEYWORDS, "Internal ABC helper for cache and registry debugging.\n\nReturn shallow copies of registry, of both caches, and\nnegative cache version. Don't call this function directly,\ninstead use ABC._dump_registry() for a nice repr."},
    {"_reset_registry", abc_reset_registry, MF_KEYWORDS, "Internal ABC helper to reset registry of a given class.\n\nShould be only used by refleak.py", &abc_reset_registry_spec},
    {"_reset_caches", abc_reset_caches, MF_KEYWORDS, "Internal ABC helper to reset both caches of a given class.\n\nShould be only used by refleak.py", &abc_reset_caches_spec},
    {NULL, NULL, 0, NULL},
};

Value _abc_module_create(void) {
    if (!(abc_data_type.flags & TF_READY)) {
        s_abc_impl = str_intern_cstr("_abc_impl");
        s_abstractmethods = str_intern_cstr("__abstractmethods__");
        s_isabstractmethod = str_intern_cstr("__isabstractmethod__");
        s_subclasshook = str_intern_cstr("__subclasshook__");
        s_abc_tpflags = str_intern_cstr("__abc_tpflags__");
        abc_data_type.name = str_intern_cstr("_abc_data");
        abc_data_type.module = str_intern_cstr("_abc");
        abc_data_type.doc = str_intern_cstr("Internal state held by ABC machinery.");
        type_ready(&abc_data_type);
    }
    Value m = module_new_cstr("_abc");
    module_add_functions(m, abc_functions);
    return m;
}
