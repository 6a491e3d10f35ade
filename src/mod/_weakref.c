/* _weakref.c: weak references (weakref.ref, proxies), the module under
 * CPython's weakref.py, WeakSet, WeakValueDictionary and finalize.
 *
 * A reference holds its referent as a disappearing link (gc_weak_set):
 * the collector clears it when the referent becomes unreachable. Callbacks
 * run as PyPy runs them, at a safe point after the collection that found
 * the referent dead, through a finalizer registered on the referent when
 * its first reference is made. The references to each referent are kept
 * in a table keyed by the referent's hidden address, as weak lists (a
 * reference nobody holds any more is dropped and its callback never runs,
 * as in CPython); the finalizer takes the referent's entry out of the table
 * and calls the callbacks of the references still alive, newest first.
 *
 * Invariant: an entry exists in the table exactly while its referent is
 * alive and has references (static objects, never collected, keep theirs).
 */
#include "../obj/gen.h"
#include "../runtime.h"

#include "modules.h"

typedef struct WeakrefObject {
    Object hdr;
    uintptr_t referent;   /* hidden, 0 once collected (gc_weak_get) */
    Value callback;       /* VNULL: none */
    int64_t hash;         /* -1 until first hashed */
} WeakrefObject;

Type weakref_type, weakproxy_type, weakcallableproxy_type;

static bool is_proxy(Value v) {
    return v_is_ptr(v) && (V_OBJ(v)->type == &weakproxy_type || V_OBJ(v)->type == &weakcallableproxy_type);
}
static bool is_ref(Value v) { return v_is_ptr(v) && type_is_subtype(V_OBJ(v)->type, &weakref_type); }

static Value referent_of(Value w) {
    void *p = gc_weak_get(&V_AS(WeakrefObject, w)->referent);
    return p ? V_FROM_PTR(p) : VNULL;
}

/* ---- the table: referent -> its references ---------------------------------------------- */

typedef struct RefEntry {
    uintptr_t key;        /* ~address of the referent; 0 empty, 1 removed */
    GcWeakList *refs;
} RefEntry;

static RefEntry *table;   /* scanned: holds the lists, keys are hidden */
static size_t table_cap, table_used, table_filled;
static void *table_root;  /* keeps the table reachable */

static size_t slot_of(uintptr_t key) { return (size_t)((key >> 4) * 0x9E3779B97F4A7C15ull); }

static RefEntry *table_find(uintptr_t key, bool insert) {
    if (insert && (table_filled + 1) * 4 >= table_cap * 3) {
        size_t ncap = table_cap ? (table_used * 4 > table_cap ? table_cap * 2 : table_cap) : 64;
        RefEntry *old = table;
        size_t ocap = table_cap;
        table = gc_alloc(sizeof(RefEntry) * ncap);
        table_root = table;
        table_cap = ncap;
        table_used = table_filled = 0;
        for (size_t i = 0; i < ocap; i++)
            if (old[i].key > 1) {
                RefEntry *e = table_find(old[i].key, true);
                *e = old[i];
                table_used++;
                table_filled++;
            }
    }
    if (!table_cap) return NULL;
    size_t mask = table_cap - 1, i = slot_of(key) & mask;
    RefEntry *removed = NULL;
    for (;;) {
        RefEntry *e = &table[i];
        if (e->key == key) return e;
        if (e->key == 0) {
            if (!insert) return NULL;
            if (removed) return removed;
            table_filled++;
            return e;
        }
        if (e->key == 1 && !removed) removed = e;
        i = (i + 1) & mask;
    }
}

static uintptr_t key_of(Value obj) { return ~(uintptr_t)V_OBJ(obj); }

static GcWeakList *refs_of(Value obj) {
    RefEntry *e = table_find(key_of(obj), false);
    return e ? e->refs : NULL;
}

static void run_callbacks(void *obj);

static void add_ref(Value obj, Value w) {
    RefEntry *e = table_find(key_of(obj), true);
    if (!e->refs) {
        e->key = key_of(obj);
        e->refs = gc_weak_list_new();
        table_used++;
        if (gc_heap_object(V_OBJ(obj))) gc_register_finalizer(V_OBJ(obj), run_callbacks);
    }
    gc_weak_list_add(e->refs, V_OBJ(w));
}

/* The referent died (its links are already cleared): its references'
   callbacks, newest first. An exception in one is reported and the
   others still run, as CPython. */
static void run_callbacks(void *obj) {
    RefEntry *e = table_find(~(uintptr_t)obj, false);
    if (!e) return;
    GcWeakList *refs = e->refs;
    e->key = 1;
    e->refs = NULL;
    table_used--;
    Value saved = err_fetch();
    for (size_t i = gc_weak_list_len(refs); i-- > 0;) {
        void *w = gc_weak_list_get(refs, i);
        if (!w) continue;
        WeakrefObject *wo = (WeakrefObject *)w;
        wo->referent = 0;
        Value cb = wo->callback;
        if (!cb) continue;
        wo->callback = VNULL;
        Value arg = V_FROM_PTR(w);
        if (!obj_call(cb, &arg, 1, VNULL)) err_write_unraisable(err_fetch(), NULL, cb);
    }
    err_restore(saved);
}

/* ---- which objects may be weakly referenced ------------------------------------------------ */

static int check_referable(Value obj) {
    if (v_is_ptr(obj) && obj && type_has_flag(V_OBJ(obj)->type, TF_WEAKREFABLE)) return 0;
    err_format(&exc_TypeError, "cannot create weak reference to '%s' object", type_of(obj)->tname);
    return -1;
}

/* ---- weakref.ref ------------------------------------------------------------------------------ */

static Value new_ref(Type *t, Value obj, Value callback) {
    if (check_referable(obj) < 0) return VNULL;
    if (callback == V_NONE) callback = VNULL;
    GcWeakList *refs = refs_of(obj);
    if (!callback && refs && (t == &weakref_type || t == &weakproxy_type || t == &weakcallableproxy_type)) {
        /* one plain reference (or proxy) per object, shared, as CPython */
        for (size_t i = 0; i < gc_weak_list_len(refs); i++) {
            WeakrefObject *w = gc_weak_list_get(refs, i);
            if (w && w->hdr.type == t && !w->callback && w->referent) return V_FROM_PTR(w);
        }
    }
    Value v = instance_new(t);
    WeakrefObject *w = V_AS(WeakrefObject, v);
    gc_weak_set(&w->referent, V_OBJ(obj));
    w->callback = callback;
    w->hash = -1;
    add_ref(obj, v);
    return v;
}

static Value ref_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__new__", 2, 1, 0, {"object", "callback", NULL}};
    Value a[2];
    /* a subclass's __init__ may take more: only the first two are ours */
    if (t != &weakref_type && nargs > 2) nargs = 2;
    if (t != &weakref_type) kwnames = VNULL;
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return new_ref(t, a[0], a[1] ? a[1] : V_NONE);
}

/* ref.__init__(ob, callback=None): __new__ did the work; only the
   argument count is checked, as CPython's (a subclass that takes more
   defines its own __init__) */
static int ref_init(Value self, Value *args, size_t nargs, Value kwnames) {
    (void)self, (void)args;
    if (kwnames && tuple_size(kwnames) > 0) {
        err_set(&exc_TypeError, "ref() takes no keyword arguments");
        return -1;
    }
    if (nargs < 1 || nargs > 2) {
        err_format(&exc_TypeError, "__init__ expected at %s %d argument%s, got %zd", nargs < 1 ? "least" : "most",
                   nargs < 1 ? 1 : 2, nargs < 1 ? "" : "s", (ssize_t)nargs);
        return -1;
    }
    return 0;
}

static Value ref_call(Value self, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("weakref", kwnames) < 0 || arg_count("weakref", nargs, 0, 0) < 0) return VNULL;
    Value r = referent_of(self);
    return r ? r : V_NONE;
}

static int64_t ref_hash(Value self) {
    WeakrefObject *w = V_AS(WeakrefObject, self);
    if (w->hash != -1) return w->hash;
    Value r = referent_of(self);
    if (!r) return err_set(&exc_TypeError, "weak object has gone away"), -1;
    w->hash = obj_hash(r);
    return w->hash;
}

static Value ref_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || !is_ref(b)) return V_NOTIMPL;
    Value x = referent_of(a), y = referent_of(b);
    if (!x || !y) {
        bool same = a == b;
        return v_bool(op == CMP_EQ ? same : !same);
    }
    return obj_richcompare(x, y, op);
}

static Value ref_repr(Value self) {
    Value r = referent_of(self);
    if (!r) return str_printf("<weakref at %p; dead>", (void *)V_OBJ(self));
    Value name = obj_getattr_opt(r, NAME(__name__));
    if (!name && err_occurred()) return VNULL;
    if (name && str_check(name))
        return str_printf("<weakref at %p; to '%s' at %p (%U)>", (void *)V_OBJ(self), type_of(r)->tname,
                          (void *)V_OBJ(r), name);
    return str_printf("<weakref at %p; to '%s' at %p>", (void *)V_OBJ(self), type_of(r)->tname, (void *)V_OBJ(r));
}

static Value ref_get_callback(Value self) {
    Value cb = V_AS(WeakrefObject, self)->callback;
    return cb ? cb : V_NONE;
}

static const GetSetDef ref_getsets[] = {
    {"__callback__", ref_get_callback, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef ref_methods[] = {
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

Type weakref_type = {
    .tname = "ReferenceType",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(WeakrefObject),
    .repr = ref_repr,
    .hash = ref_hash,
    .richcompare = ref_richcompare,
    .call = ref_call,
    .new_ = ref_new,
    .init = ref_init,
};

/* ---- proxies ---------------------------------------------------------------------------------- */

/* The live referent of a proxy, or ReferenceError */
static Value proxy_target(Value p) {
    Value r = referent_of(p);
    if (!r) err_set(&exc_ReferenceError, "weakly-referenced object no longer exists");
    return r;
}
/* An operand as the operation sees it: a proxy stands for its referent */
static Value unwrap(Value v) { return is_proxy(v) ? proxy_target(v) : v; }

static Value proxy_getattr(Value self, Value name) {
    Value r = proxy_target(self);
    return r ? obj_getattr(r, name) : VNULL;
}
static int proxy_setattr(Value self, Value name, Value v) {
    Value r = proxy_target(self);
    return r ? obj_setattr(r, name, v) : -1;
}
static Value proxy_str(Value self) {
    Value r = proxy_target(self);
    return r ? obj_str(r) : VNULL;
}
static Value proxy_repr(Value self) {
    Value r = referent_of(self);
    if (!r) return str_printf("<weakproxy at %p; dead>", (void *)V_OBJ(self));
    return str_printf("<weakproxy at %p; to '%s' at %p>", (void *)V_OBJ(self), type_of(r)->tname, (void *)V_OBJ(r));
}
static int proxy_truth(Value self) {
    Value r = proxy_target(self);
    return r ? obj_truth(r) : -1;
}
static int64_t proxy_len(Value self) {
    Value r = proxy_target(self);
    return r ? obj_len(r) : -1;
}
static Value proxy_getitem(Value self, Value key) {
    Value r = proxy_target(self);
    return r ? obj_getitem(r, key) : VNULL;
}
static int proxy_setitem(Value self, Value key, Value v) {
    Value r = proxy_target(self);
    if (!r) return -1;
    return v ? obj_setitem(r, key, v) : obj_delitem(r, key);
}
static int proxy_contains(Value self, Value item) {
    Value r = proxy_target(self);
    return r ? obj_contains(r, item) : -1;
}
static Value proxy_iter(Value self) {
    Value r = proxy_target(self);
    return r ? obj_iter(r) : VNULL;
}
static Value proxy_iternext(Value self) {
    Value r = proxy_target(self);
    if (!r) return VNULL;
    if (!type_of(r)->iternext)
        return err_format(&exc_TypeError, "Weakref proxy referenced a non-iterator '%s' object", type_of(r)->tname);
    return obj_next(r);
}
static Value proxy_binop(Value a, Value b, int op) {
    Value x = unwrap(a), y = x ? unwrap(b) : VNULL;
    if (!y) return VNULL;
    if (op & BINOP_INPLACE) {
        /* x op= y on the referent; the proxy's variable then holds the result */
        return obj_binop(x, y, op);
    }
    return obj_binop(x, y, BINOP_BASE(op));
}
static Value proxy_unop(Value self, int op) {
    Value r = proxy_target(self);
    return r ? obj_unop(r, op) : VNULL;
}
static Value proxy_richcompare(Value a, Value b, int op) {
    Value x = unwrap(a), y = x ? unwrap(b) : VNULL;
    if (!y) return VNULL;
    return obj_richcompare(x, y, op);
}
static int64_t proxy_hash(Value self) {
    err_format(&exc_TypeError, "unhashable type: '%s'", type_of(self)->tname);
    return -1;
}
static Value proxy_call(Value self, Value *args, size_t nargs, Value kwnames) {
    Value r = proxy_target(self);
    return r ? obj_call(r, args, nargs, kwnames) : VNULL;
}

static Value proxy_bytes_m(Value *args, size_t nargs, Value kwnames) {
    Value r = proxy_target(args[0]);
    return r ? obj_call_method(r, "__bytes__", NULL, 0) : VNULL;
}
static Value proxy_reversed_m(Value *args, size_t nargs, Value kwnames) {
    Value r = proxy_target(args[0]);
    return r ? obj_call_method(r, "__reversed__", NULL, 0) : VNULL;
}
static Value proxy_index_m(Value *args, size_t nargs, Value kwnames) {
    Value r = proxy_target(args[0]);
    return r ? obj_call_method(r, "__index__", NULL, 0) : VNULL;
}

static const MethodDef proxy_methods[] = {
    {"__bytes__", proxy_bytes_m, 0, NULL},
    {"__reversed__", proxy_reversed_m, 0, NULL},
    {"__index__", proxy_index_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

#define PROXY_SLOTS                                                                                        \
    .basicsize = sizeof(WeakrefObject), .repr = proxy_repr, .str = proxy_str, .hash = proxy_hash,          \
    .richcompare = proxy_richcompare, .binop = proxy_binop, .unop = proxy_unop, .truth = proxy_truth,      \
    .len = proxy_len, .getattr = proxy_getattr, .setattr = proxy_setattr, .getitem = proxy_getitem,       \
    .setitem = proxy_setitem, .contains = proxy_contains, .iter = proxy_iter, .iternext = proxy_iternext, \
    .flags = TF_ABSTRACT_NEW

Type weakproxy_type = {.tname = "ProxyType", PROXY_SLOTS};
Type weakcallableproxy_type = {.tname = "CallableProxyType", .call = proxy_call, PROXY_SLOTS};

/* ---- the module -------------------------------------------------------------------------------- */

static Value w_proxy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"proxy", 2, 1, 0, {"object", "callback", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (check_referable(a[0]) < 0) return VNULL;
    bool callable = type_of(a[0])->call != NULL;
    return new_ref(callable ? &weakcallableproxy_type : &weakproxy_type, a[0], a[1] ? a[1] : V_NONE);
}

static Value w_getweakrefcount(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getweakrefcount", 1, 1, 0, {"object", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!v_is_ptr(a[0]) || !a[0]) return v_int(0);
    GcWeakList *refs = refs_of(a[0]);
    int64_t n = 0;
    for (size_t i = 0; i < gc_weak_list_len(refs); i++) {
        WeakrefObject *w = gc_weak_list_get(refs, i);
        n += w && w->referent;
    }
    return v_int(n);
}

static Value w_getweakrefs(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getweakrefs", 1, 1, 0, {"object", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value out = list_new(0);
    if (!v_is_ptr(a[0]) || !a[0]) return out;
    /* CPython's list order: the shared plain reference, the shared plain
       proxy, then the others newest first (each is inserted after the
       plain ones); refs holds them oldest first */
    GcWeakList *refs = refs_of(a[0]);
    size_t n = gc_weak_list_len(refs);
    for (int pass = 0; pass < 3; pass++)
        for (size_t k = 0; k < n; k++) {
            WeakrefObject *w = gc_weak_list_get(refs, pass < 2 ? k : n - 1 - k);
            if (!w || !w->referent) continue;
            bool plain = !w->callback && (w->hdr.type == &weakref_type || w->hdr.type == &weakproxy_type ||
                                          w->hdr.type == &weakcallableproxy_type);
            if (pass == 0 ? plain && w->hdr.type == &weakref_type
                          : pass == 1 ? plain && w->hdr.type != &weakref_type : !plain)
                list_append(out, V_FROM_PTR(w));
        }
    return out;
}

/* _remove_dead_weakref(dict, key): del dict[key] if it holds a dead reference */
static Value w_remove_dead_weakref(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_remove_dead_weakref", 2, 2, 0, {"dct", "key", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!dict_check(a[0]))
        return err_format(&exc_TypeError, "_remove_dead_weakref() argument 1 must be dict, not %T", a[0]);
    Value v = dict_get(a[0], a[1]);
    if (!v) {
        if (err_occurred()) return VNULL;
        return V_NONE;
    }
    if (is_ref(v) && !referent_of(v) && dict_del(a[0], a[1]) < 0) {
        if (!err_matches(&exc_KeyError)) return VNULL;
        err_clear();
    }
    return V_NONE;
}

/* object.__weakref__ of instances of classes: the first reference, or None */
Value weakref_first_of(Value obj) {
    if (!v_is_ptr(obj) || !table_cap) return V_NONE;
    GcWeakList *refs = refs_of(obj);
    for (size_t i = 0; i < gc_weak_list_len(refs); i++) {
        WeakrefObject *w = gc_weak_list_get(refs, i);
        if (w && w->referent) return V_FROM_PTR(w);
    }
    return V_NONE;
}

static const MethodDef weakref_functions[] = {
    {"proxy", w_proxy, MF_KEYWORDS, "proxy(object[, callback]) -- create a proxy object that weakly references 'object'."},
    {"getweakrefcount", w_getweakrefcount, MF_KEYWORDS, "Return the number of weak references to 'object'."},
    {"getweakrefs", w_getweakrefs, MF_KEYWORDS, "Return a list of all weak reference objects pointing to 'object'."},
    {"_remove_dead_weakref", w_remove_dead_weakref, MF_KEYWORDS,
     "Atomically remove key from dict if it points to a dead weakref."},
    {NULL, NULL, 0, NULL},
};

Value _weakref_module_create(void) {
    static bool ready;
    if (!ready) {
        ready = true;
        /* the builtin types whose instances may be weakly referenced, as
           CPython's (those with a weak reference list); classes decide at
           creation (type.c), C modules' types in their definitions */
        Type *referable[] = {&type_type,  &function_type, &method_type, &builtin_function_type,
                             &set_type,   &frozenset_type, &module_type, &gen_type,
                             &coro_type,  &async_gen_type, &code_type};
        for (size_t i = 0; i < sizeof referable / sizeof *referable; i++) referable[i]->flags |= TF_WEAKREFABLE;
        type_add_getsets(&weakref_type, ref_getsets);
        type_add_methods(&weakref_type, ref_methods);
        type_ready(&weakref_type);
        type_add_methods(&weakproxy_type, proxy_methods);
        type_ready(&weakproxy_type);
        type_add_methods(&weakcallableproxy_type, proxy_methods);
        type_ready(&weakcallableproxy_type);
        Type *ts[] = {&weakref_type, &weakproxy_type, &weakcallableproxy_type};
        for (int i = 0; i < 3; i++) ts[i]->module = str_intern_cstr("weakref");
    }
    Value m = module_new_cstr("_weakref");
    module_add_functions(m, weakref_functions);
    module_add(m, "ref", V_FROM_PTR(&weakref_type));
    module_add(m, "ReferenceType", V_FROM_PTR(&weakref_type));
    module_add(m, "ProxyType", V_FROM_PTR(&weakproxy_type));
    module_add(m, "CallableProxyType", V_FROM_PTR(&weakcallableproxy_type));
    return m;
}
