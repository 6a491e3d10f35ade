/* type.c: `type`, `object`, user classes, maps, instances, slot wrappers.
 *
 * Invariants:
 *  - type->mro[0] is the type itself; every type's MRO ends with object.
 *  - A type's version is 0 ("unassigned") or a number no other type state
 *    ever had. Changing a type's dict (or its bases) resets the version of
 *    the type and of all its subclasses, so any cache keyed on
 *    (type, version) misses afterwards.
 *  - Maps are immutable and per type; an instance's map says which of its
 *    attribute slots holds which name.
 */
#include <stdio.h>

#include "../front/symtable.h"
#include "../mod/modules.h"
#include "../runtime.h"
#include "bytes.h"
#include "gen.h"

Type type_type, object_type, map_type;
Map dict_mode_map;

/* ---- versions and the method cache ---------------------------------------- */

static uint32_t next_type_version = 1;

uint32_t type_version(Type *t) {
    if (t->version == 0) {
        if (next_type_version == 0) next_type_version = 1;  /* wrapped: very rare */
        t->version = next_type_version++;
    }
    return t->version;
}

static void subclasses_modified(Type *t, int depth) {
    t->version = 0;
    if (!t->subclasses || depth > 100) return;
    for (size_t i = 0; i < gc_weak_list_len(t->subclasses); i++) {
        Type *sub = gc_weak_list_get(t->subclasses, i);
        if (sub) subclasses_modified(sub, depth + 1);
    }
}

void jit_type_changed(Type *t);   /* jit/trace.c */

static void subclasses_changed(Type *t, int depth) {
    jit_type_changed(t);
    if (!t->subclasses || depth > 100) return;
    for (size_t i = 0; i < gc_weak_list_len(t->subclasses); i++) {
        Type *sub = gc_weak_list_get(t->subclasses, i);
        if (sub) subclasses_changed(sub, depth + 1);
    }
}

void type_modified(Type *t) {
    subclasses_modified(t, 0);
    subclasses_changed(t, 0);
}

#define MCACHE_BITS 12
#define MCACHE_SIZE (1 << MCACHE_BITS)
typedef struct MCacheEntry {
    uint32_t version;
    Value name;
    Value value;        /* VNULL: known absent */
} MCacheEntry;
static MCacheEntry mcache[MCACHE_SIZE];

static Value type_lookup_uncached(Type *t, Value name) {
    Value mro = t->mro;
    if (!mro) {
        /* during bootstrap: walk bases */
        for (Type *b = t; b; b = b->base) {
            if (b->dict) {
                Value v = dict_get_str(b->dict, name);
                if (v) return v;
            }
        }
        return VNULL;
    }
    int64_t n = tuple_size(mro);
    for (int64_t i = 0; i < n; i++) {
        Type *b = V_AS(Type, tuple_get(mro, i));
        if (!b->dict) continue;
        Value v = dict_get_str(b->dict, name);
        if (v) return v;
    }
    return VNULL;
}

/* The cache would keep what it found alive (a method, its globals, the
 * class of a dropped generation of exec'd code): it is emptied when a
 * collection starts (a hook: it must not allocate), and refills. */
static void mcache_clear(void) { memset(mcache, 0, sizeof mcache); }

Value type_lookup(Type *t, Value name) {
    uint32_t ver = type_version(t);
    uint32_t h = (uint32_t)((ver * 2654435761u) ^ (uint32_t)(name >> 3)) & (MCACHE_SIZE - 1);
    MCacheEntry *e = &mcache[h];
    if (e->version == ver && e->name == name) return e->value;
    Value v = type_lookup_uncached(t, name);
    if (t->version == ver) {   /* a lookup never modifies types, but be safe */
        e->version = ver;
        e->name = name;
        e->value = v;
    }
    return v;
}

Value type_lookup_cstr(Type *t, const char *name) {
    return type_lookup(t, str_intern_cstr(name));
}

bool type_is_subtype_slow(Type *a, Type *b) {
    if (a == b) return true;
    if (b == &object_type) return true;
    Value mro = a->mro;
    if (mro) {
        int64_t n = tuple_size(mro);
        for (int64_t i = 0; i < n; i++)
            if (V_AS(Type, tuple_get(mro, i)) == b) return true;
        return false;
    }
    for (Type *x = a->base; x; x = x->base)
        if (x == b) return true;
    return false;
}

Value type_name(Type *t) {
    if (!t->name) t->name = str_intern_cstr(t->tname);
    return t->name;
}

/* ---- MRO (C3 linearization) ------------------------------------------------ */

static bool in_tail(Value seq, int64_t start, Value item) {
    for (int64_t i = start + 1; i < list_size(seq); i++)
        if (list_get(seq, i) == item) return true;
    return false;
}

static Value compute_mro(Type *t) {
    Value bases = t->bases;
    int64_t nb = tuple_size(bases);
    if (nb == 1) {
        Type *b = V_AS(Type, tuple_get(bases, 0));
        int64_t n = tuple_size(b->mro);
        Value mro = tuple_new(n + 1);
        tuple_items(mro)[0] = V_FROM_PTR(t);
        memcpy(tuple_items(mro) + 1, tuple_items(b->mro), (size_t)n * sizeof(Value));
        return mro;
    }
    if (nb == 0) {
        return tuple_pack(1, V_FROM_PTR(t));
    }
    for (int64_t i = 0; i < nb; i++)
        for (int64_t j = 0; j < i; j++)
            if (tuple_get(bases, i) == tuple_get(bases, j))
                return err_format(&exc_TypeError, "duplicate base class %s", V_AS(Type, tuple_get(bases, i))->tname);
    /* sequences to merge: each base's MRO, then the list of bases */
    Value seqs = list_new(nb + 1);
    for (int64_t i = 0; i < nb; i++) {
        Type *b = V_AS(Type, tuple_get(bases, i));
        list_append(seqs, list_from_array(tuple_items(b->mro), tuple_size(b->mro)));
    }
    list_append(seqs, list_from_array(tuple_items(bases), nb));
    Value result = list_new(8);
    list_append(result, V_FROM_PTR(t));
    int64_t *heads = gc_alloc_atomic(sizeof(int64_t) * (size_t)(nb + 1));
    memset(heads, 0, sizeof(int64_t) * (size_t)(nb + 1));
    for (;;) {
        bool all_empty = true;
        Value candidate = VNULL;
        for (int64_t i = 0; i <= nb; i++) {
            Value s = list_get(seqs, i);
            if (heads[i] >= list_size(s)) continue;
            all_empty = false;
            Value c = list_get(s, heads[i]);
            bool bad = false;
            for (int64_t j = 0; j <= nb && !bad; j++) {
                Value s2 = list_get(seqs, j);
                if (heads[j] < list_size(s2) && in_tail(s2, heads[j], c)) bad = true;
            }
            if (!bad) {
                candidate = c;
                break;
            }
        }
        if (all_empty) break;
        if (!candidate) {
            Buf b;
            buf_init(&b, 64);
            buf_puts(&b, "Cannot create a consistent method resolution\norder (MRO) for bases");
            /* name the heads of the sequences left to merge, once each */
            Value heads_seen = list_new(0);
            for (int64_t i = 0; i <= nb; i++) {
                Value s = list_get(seqs, i);
                if (heads[i] >= list_size(s)) continue;
                Value h = list_get(s, heads[i]);
                bool dup = false;
                for (int64_t j = 0; j < list_size(heads_seen); j++) dup |= list_get(heads_seen, j) == h;
                if (dup) continue;
                buf_puts(&b, list_size(heads_seen) ? ", " : " ");
                buf_puts(&b, V_AS(Type, h)->tname);
                list_append(heads_seen, h);
            }
            return err_set(&exc_TypeError, b.data);
        }
        list_append(result, candidate);
        for (int64_t i = 0; i <= nb; i++) {
            Value s = list_get(seqs, i);
            if (heads[i] < list_size(s) && list_get(s, heads[i]) == candidate) heads[i]++;
        }
    }
    return tuple_from_array(list_items(result), list_size(result));
}

static Type *solid_base(Type *t);
static Value type_mro_descr;   /* type.__dict__['mro'] */

/* t's MRO as its metaclass computes it: C3 unless the metaclass overrides
   mro(), whose result must be a non-empty sequence of classes whose
   layouts t's instances have (CPython's mro_invoke and mro_check) */
static bool custom_mro(Type *t) {
    Type *meta = V_OBJ(V_FROM_PTR(t))->type;
    if (meta == &type_type) return false;
    Value f = type_lookup(meta, NAME(mro));
    return f && f != type_mro_descr;
}

static Value mro_invoke(Type *t) {
    if (!custom_mro(t)) return compute_mro(t);
    bool found;
    Value r = obj_call_special(V_FROM_PTR(t), NAME(mro), NULL, 0, &found);
    if (!r) return VNULL;
    Value mro = tuple_from_iterable(r);
    if (!mro) return VNULL;
    if (tuple_size(mro) == 0) return err_set(&exc_TypeError, "type MRO must not be empty");
    Type *solid = solid_base(t);
    for (int64_t i = 0; i < tuple_size(mro); i++) {
        Value b = tuple_get(mro, i);
        if (!type_check(b)) return err_format(&exc_TypeError, "mro() returned a non-class ('%T')", b);
        if (!type_is_subtype(solid, solid_base(V_AS(Type, b))))
            return err_format(&exc_TypeError, "mro() returned base with unsuitable layout ('%s')",
                              V_AS(Type, b)->tname);
    }
    return mro;
}

/* ---- slot wrappers: builtin slots seen as dunder methods -------------------- */

enum SlotKind {
    SK_REPR, SK_STR, SK_HASH, SK_RICHCMP, SK_BINOP, SK_RBINOP, SK_IBINOP,
    SK_UNOP, SK_BOOL, SK_LEN, SK_GETATTRIBUTE, SK_SETATTR, SK_DELATTR,
    SK_GETITEM, SK_SETITEM, SK_DELITEM, SK_CONTAINS, SK_ITER, SK_NEXT,
    SK_CALL, SK_GET, SK_SET, SK_DELETE, SK_INIT,
};

Type slot_wrapper_type;

static const char *const binop_dunders[BINOP__COUNT][3] = {
#define BD(name, sym, d, r, i) {d, r, i},
    BINOP_DEF(BD)
#undef BD
};
static const char *const cmp_dunders[CMP__COUNT] = {
#define CD(name, sym, d, sw) d,
    CMPOP_DEF(CD)
#undef CD
};
static const char *const unop_dunders[UNOP__COUNT] = {
#define UD(name, sym, d) d,
    UNOP_DEF(UD)
#undef UD
};

static Value heap_new(Type *t, Value *args, size_t nargs, Value kwnames);
static Value tp_new_wrapper(Value *args, size_t nargs, Value kwnames);

/* A builtin type's __new__: a builtin method whose __self__ is the type
 * (CPython's tp_new_wrapper), one MethodDef for all. */
static const MethodDef tp_new_def = {"__new__", tp_new_wrapper, MF_KEYWORDS,
                                     "Create and return a new object.  See help(type) for accurate signature."};

bool type_is_builtin_new(Value v) {
    return v && v_is_ptr(v) && V_OBJ(v)->type == &builtin_function_type &&
           V_AS(BuiltinFunctionObject, v)->def == &tp_new_def;
}

/* The new_ a class instantiates with below its Python __new__s: the
 * builtin __new__ it inherits; *at is the class that has it (CPython
 * walks the bases while tp_new is slot_tp_new). */
static Type *static_new_base(Type *t, Value (**new_)(Type *, Value *, size_t, Value)) {
    while (t && t->new_ == heap_new) {
        Value nf = type_lookup(t, NAME(__new__));
        if (type_is_builtin_new(nf)) {
            *new_ = V_AS(Type, V_AS(BuiltinFunctionObject, nf)->self)->new_;
            return t;
        }
        t = t->base;
    }
    if (t) *new_ = t->new_;
    return t;
}

/* int.__new__(cls, ...): args[0] is the type owning the __new__ */
static Value tp_new_wrapper(Value *args, size_t nargs, Value kwnames) {
    Type *owner = V_AS(Type, args[0]);
    if (nargs < 2) return err_format(&exc_TypeError, "%s.__new__(): not enough arguments", owner->tname);
    Value self = args[1];
    if (!type_check(self)) return err_format(&exc_TypeError, "%s.__new__(X): X is not a type object (%T)", owner->tname, self);
    Type *sub = V_AS(Type, self);
    if (!type_is_subtype(sub, owner))
        return err_format(&exc_TypeError, "%s.__new__(%s): %s is not a subtype of %s", owner->tname, sub->tname,
                          sub->tname, owner->tname);
    /* the most derived base not made by a class statement with its own
       __new__ must be created by this very __new__ (no object.__new__(dict),
       int.__new__(bool)) */
    Value (*base_new)(Type *, Value *, size_t, Value) = NULL;
    Type *staticbase = static_new_base(sub, &base_new);
    if (staticbase && base_new != owner->new_)
        return err_format(&exc_TypeError, "%s.__new__(%s) is not safe, use %s.__new__()", owner->tname, sub->tname,
                          staticbase->tname);
    return owner->new_(sub, args + 2, nargs - 2, kwnames);
}

static void add_wrapper(Type *t, const char *name, int kind, int op) {
    Value key = str_intern_cstr(name);
    if (dict_get_str(t->dict, key)) return;   /* explicit methods win */
    SlotWrapperObject *w = (SlotWrapperObject *)obj_alloc(&slot_wrapper_type, sizeof *w);
    w->owner = t;
    w->name = name;
    w->kind = kind;
    w->op = op;
    dict_set(t->dict, key, V_FROM_PTR(w));
}

/* Does t define slot s itself (not just inherit it from its base)? */
#define OWN_SLOT(t, s) ((t)->s && (!(t)->base || (t)->base->s != (t)->s))

static void add_slot_wrappers(Type *t) {
    if (OWN_SLOT(t, repr)) add_wrapper(t, "__repr__", SK_REPR, 0);
    if (OWN_SLOT(t, str)) add_wrapper(t, "__str__", SK_STR, 0);
    if (OWN_SLOT(t, hash)) add_wrapper(t, "__hash__", SK_HASH, 0);
    if (OWN_SLOT(t, richcompare))
        for (int op = 0; op < CMP__COUNT; op++) add_wrapper(t, cmp_dunders[op], SK_RICHCMP, op);
    if (OWN_SLOT(t, binop)) {
        for (int op = 0; op < BINOP__COUNT; op++) {
            if (t->binop_mask && !(t->binop_mask & (1u << op))) continue;
            add_wrapper(t, binop_dunders[op][0], SK_BINOP, op);
            if (op == BINOP_ADD && (t->binop_mask & BINOP_MASK_CONCAT)) continue;
            add_wrapper(t, binop_dunders[op][1], SK_RBINOP, op);
        }
    }
    if (OWN_SLOT(t, unop))
        for (int op = 0; op < UNOP__COUNT; op++) {
            if (t->unop_mask && !(t->unop_mask & (1u << op))) continue;
            add_wrapper(t, unop_dunders[op], SK_UNOP, op);
        }
    if (OWN_SLOT(t, truth)) add_wrapper(t, "__bool__", SK_BOOL, 0);
    if (OWN_SLOT(t, len)) add_wrapper(t, "__len__", SK_LEN, 0);
    if (OWN_SLOT(t, getattr)) add_wrapper(t, "__getattribute__", SK_GETATTRIBUTE, 0);
    if (OWN_SLOT(t, setattr)) {
        add_wrapper(t, "__setattr__", SK_SETATTR, 0);
        add_wrapper(t, "__delattr__", SK_DELATTR, 0);
    }
    if (OWN_SLOT(t, getitem)) add_wrapper(t, "__getitem__", SK_GETITEM, 0);
    if (OWN_SLOT(t, setitem)) {
        add_wrapper(t, "__setitem__", SK_SETITEM, 0);
        add_wrapper(t, "__delitem__", SK_DELITEM, 0);
    }
    if (OWN_SLOT(t, contains)) add_wrapper(t, "__contains__", SK_CONTAINS, 0);
    if (OWN_SLOT(t, iter)) add_wrapper(t, "__iter__", SK_ITER, 0);
    if (OWN_SLOT(t, iternext)) add_wrapper(t, "__next__", SK_NEXT, 0);
    if (OWN_SLOT(t, call)) add_wrapper(t, "__call__", SK_CALL, 0);
    if (OWN_SLOT(t, descr_get)) add_wrapper(t, "__get__", SK_GET, 0);
    if (OWN_SLOT(t, descr_set)) {
        add_wrapper(t, "__set__", SK_SET, 0);
        add_wrapper(t, "__delete__", SK_DELETE, 0);
    }
    if (OWN_SLOT(t, init)) add_wrapper(t, "__init__", SK_INIT, 0);
    if (OWN_SLOT(t, new_) && !dict_get_str(t->dict, NAME(__new__)))
        dict_set(t->dict, NAME(__new__), builtin_function_new(&tp_new_def, V_FROM_PTR(t), VNULL));
}


static Value wrapper_bad_self(SlotWrapperObject *w, Value self) {
    return err_format(&exc_TypeError, "descriptor '%s' requires a '%s' object but received a '%T'",
                      w->name, w->owner->tname, self);
}

static Value int_result(int64_t r) { return r < 0 && err_occurred() ? VNULL : int_from_i64(r); }
static Value bool_result(int r) { return r < 0 ? VNULL : v_bool(r); }
static Value none_result(int r) { return r < 0 ? VNULL : V_NONE; }

static Value slot_wrapper_invoke(SlotWrapperObject *w, Value *args, size_t nargs, Value kwnames) {
    const char *n = w->name;
    if (nargs < 1) return err_format(&exc_TypeError, "descriptor '%s' of '%s' object needs an argument", n, w->owner->tname);
    Value self = args[0];
    Type *st = type_of(self);
    if (!type_is_subtype(st, w->owner)) return wrapper_bad_self(w, self);
    if (w->kind == SK_CALL) return w->owner->call(self, args + 1, nargs - 1, kwnames);
    if (w->kind == SK_INIT) return none_result(w->owner->init(self, args + 1, nargs - 1, kwnames));
    if (arg_nokw(n, kwnames) < 0) return VNULL;
    size_t want = 0;
    switch (w->kind) {
    case SK_RICHCMP: case SK_BINOP: case SK_RBINOP: case SK_GETATTRIBUTE: case SK_DELATTR:
    case SK_GETITEM: case SK_DELITEM: case SK_CONTAINS: case SK_DELETE:
        want = 1;
        break;
    case SK_SETATTR: case SK_SETITEM: case SK_SET:
        want = 2;
        break;
    case SK_GET:
        if (nargs < 2 || nargs > 3)   /* (sic: CPython's message has no function name) */
            return err_format(&exc_TypeError, " expected at %s, got %zd", nargs < 2 ? "least 1 argument" : "most 2 arguments",
                              (ssize_t)nargs - 1);
        want = nargs - 1;
        break;
    default:
        want = 0;
    }
    if (nargs - 1 != want) {
        if (want == 0) return err_format(&exc_TypeError, "expected 0 arguments, got %zd", (ssize_t)nargs - 1);
        return err_format(&exc_TypeError, "expected %d argument%s, got %zd", (int)want, want == 1 ? "" : "s",
                          (ssize_t)nargs - 1);
    }
    Type *o = w->owner;
    switch (w->kind) {
    case SK_REPR: return o->repr(self);
    case SK_STR: return o->str(self);
    case SK_HASH: return int_result(o->hash(self));
    case SK_RICHCMP: return o->richcompare(self, args[1], w->op);
    case SK_BINOP:
    case SK_RBINOP:
        if (w->op == BINOP_MUL && (o == &list_type || o == &tuple_type || o == &str_type || o == &bytes_type ||
                                   o == &bytearray_type)) {
            /* a sequence's __mul__/__rmul__ is its repeat: the count goes
               through __index__, anything else is a TypeError (CPython's
               sq_repeat wrapper), never NotImplemented */
            Value count = obj_index(args[1]);
            if (!count) return VNULL;
            return o->binop(self, count, BINOP_MUL);
        }
        if (w->kind == SK_BINOP) return o->binop(self, args[1], w->op);
        return o->binop(args[1], self, w->op | BINOP_REFLECTED);
    case SK_UNOP: return o->unop(self, w->op);
    case SK_BOOL: return bool_result(o->truth(self));
    case SK_LEN: return int_result(o->len(self));
    case SK_GETATTRIBUTE:
        if (!str_check(args[1]))
            return err_format(&exc_TypeError, "attribute name must be string, not '%T'", args[1]);
        {
            Value name = str_intern(args[1]);
            Value r = o->getattr(self, name);
            if (!r) err_attribute_context(self, name);   /* the error's name and obj */
            return r;
        }
    case SK_SETATTR:
    case SK_DELATTR:
        if (!str_check(args[1]))
            return err_format(&exc_TypeError, "attribute name must be string, not '%T'", args[1]);
        {
            /* no object.__setattr__(cls, ...) past type's own checks (CPython's
               hackcheck, "Carlo Verre's hack"): a class's attributes are set by
               its metaclass's builtin base, type */
            Type *d = st;
            while (d && type_has_flag(d, TF_HEAPTYPE)) d = d->base;
            if (d && type_has_flag(d, TF_TYPE_SUBCLASS) && d->setattr != o->setattr)
                return err_format(&exc_TypeError, "can't apply this %s to %s object", n, st->tname);
        }
        return none_result(o->setattr(self, str_intern(args[1]), w->kind == SK_SETATTR ? args[2] : VNULL));
    case SK_GETITEM: return o->getitem(self, args[1]);
    case SK_SETITEM: return none_result(o->setitem(self, args[1], args[2]));
    case SK_DELITEM: return none_result(o->setitem(self, args[1], VNULL));
    case SK_CONTAINS: return bool_result(o->contains(self, args[1]));
    case SK_ITER: return o->iter(self);
    case SK_NEXT: {
        if (gen_check(self)) return gen_next_raising(self);
        Value r = o->iternext(self);
        if (!r && !err_occurred()) return err_set_value(&exc_StopIteration, VNULL);
        return r;
    }
    case SK_GET: {
        Value obj = args[1], type = nargs > 2 && args[2] != V_NONE ? args[2] : VNULL;
        if (obj == V_NONE) obj = VNULL;
        if (!obj && !type) return err_set(&exc_TypeError, "__get__(None, None) is invalid");
        return o->descr_get(self, obj, type ? type : (obj ? V_FROM_PTR(type_of(obj)) : VNULL));
    }
    case SK_SET: return none_result(o->descr_set(self, args[1], args[2]));
    case SK_DELETE: return none_result(o->descr_set(self, args[1], VNULL));
    }
    return err_set(&exc_SystemError, "bad slot wrapper");
}

static Value slot_wrapper_call(Value callable, Value *args, size_t nargs, Value kwnames) {
    return slot_wrapper_invoke(V_AS(SlotWrapperObject, callable), args, nargs, kwnames);
}

static Value slot_wrapper_get(Value descr, Value obj, Value type) {
    (void)type;
    if (!obj) return descr;
    return method_wrapper_new(descr, obj);
}

static Value slot_wrapper_repr(Value v) {
    SlotWrapperObject *w = V_AS(SlotWrapperObject, v);
    return str_printf("<slot wrapper '%s' of '%s' objects>", w->name, w->owner->tname);
}

/* Call a wrapper directly from C (used by heap slots when the MRO lookup
 * lands on a builtin's slot): the same as calling it from Python. */
Value slot_wrapper_call_direct(Value w, Value *args, size_t nargs) {
    return slot_wrapper_invoke(V_AS(SlotWrapperObject, w), args, nargs, VNULL);
}

/* ---- maps ------------------------------------------------------------------ */

Map *map_new_root(Type *owner) {
    Map *m = (Map *)obj_alloc(&map_type, sizeof(Map));
    m->owner = owner;
    m->index = -1;
    return m;
}

int32_t map_lookup(Map *m, Value name) {
    Value *names_ = m->names;
    for (int32_t i = m->nattrs - 1; i >= 0; i--)
        if (names_[i] == name) return i;
    return -1;
}

Map *map_add(Map *m, Value name) {
    for (int32_t i = 0; i < m->nchildren; i++)
        if (m->children[i]->name == name) return m->children[i];
    Map *c = (Map *)obj_alloc(&map_type, sizeof(Map));
    c->owner = m->owner;
    c->parent = m;
    c->name = name;
    c->index = m->nattrs;
    c->nattrs = m->nattrs + 1;
    c->names = gc_alloc(sizeof(Value) * (size_t)c->nattrs);
    if (m->nattrs) memcpy(c->names, m->names, sizeof(Value) * (size_t)m->nattrs);
    c->names[m->nattrs] = name;
    if (m->nchildren == m->capchildren) {
        int32_t cap = m->capchildren ? m->capchildren * 2 : 2;
        Map **nc = gc_alloc(sizeof(Map *) * (size_t)cap);
        if (m->nchildren) memcpy(nc, m->children, sizeof(Map *) * (size_t)m->nchildren);
        m->children = nc;
        m->capchildren = cap;
    }
    m->children[m->nchildren++] = c;
    return c;
}

/* ---- instances --------------------------------------------------------------- */

/* Beyond this many attributes an instance keeps them in a dict. */
#define MAP_MAX_ATTRS 128

static int64_t overflow_capacity(int64_t n) {
    int64_t c = 4;
    while (c < n) c *= 2;
    return c;
}

static inline Value *attr_slot(Value obj, Type *t, InstanceAttrs *a, int32_t idx) {
    (void)obj;
    if ((uint32_t)idx < t->inline_slots) return &a->slots[idx];
    return &a->overflow[idx - (int32_t)t->inline_slots];
}

static Value attrs_dict(InstanceAttrs *a) { return (Value)(uintptr_t)a->overflow; }

/* A name in __slots__. Its value lives in the instance's attribute storage
 * like any other attribute while the instance uses maps (so the fast paths
 * need not know about slots); in dict mode it lives in inline slot `index`,
 * outside the dict, as __dict__ must not show it. */
typedef struct MemberDescrObject {
    Object hdr;
    Type *owner;
    Value name;
    Value doc;   /* the value of a __slots__ dict, or VNULL */
    int32_t index;
} MemberDescrObject;

Type member_descr_type;

static MemberDescrObject *slot_member(Type *t, Value name) {
    Value d = type_lookup(t, name);
    return d && type_of(d) == &member_descr_type ? V_AS(MemberDescrObject, d) : NULL;
}

/* Move an instance's attributes into a dict (slot members aside). */
static Value to_dict_mode(Value obj, Type *t, InstanceAttrs *a) {
    if (a->map == &dict_mode_map) return attrs_dict(a);
    Value d = dict_new();
    Map *m = a->map;
    bool members = type_has_flag(t, TF_HAS_MEMBERS);
    Value *keep = members ? gc_alloc(sizeof(Value) * (t->inline_slots + 1)) : NULL;
    if (m) {
        for (int32_t i = 0; i < m->nattrs; i++) {
            Value v = *attr_slot(obj, t, a, i);
            if (!v) continue;
            MemberDescrObject *md = members ? slot_member(t, m->names[i]) : NULL;
            if (md && (uint32_t)md->index < t->inline_slots) keep[md->index] = v;
            else dict_set(d, m->names[i], v);
        }
    }
    for (uint32_t i = 0; i < t->inline_slots; i++) a->slots[i] = keep ? keep[i] : VNULL;
    a->map = &dict_mode_map;
    a->overflow = (Value *)(uintptr_t)d;
    return d;
}

/* The builtin base that fixes the instance layout of t. */
static Type *solid_base(Type *t) {
    while (type_has_flag(t, TF_HEAPTYPE)) t = t->base;
    if (type_has_flag(t, TF_EXC_SUBCLASS)) return exc_layout_base(t);
    return t;
}

/* Instances of TF_VAR_DICT types (heap subclasses of str, tuple, bytes) keep
 * a dict pointer (or 0) in the first aligned word after their items; such a
 * type's basicsize is its base's plus VAR_DICT_EXTRA, which the allocators
 * of those builtins add to every instance. */
#define VAR_DICT_EXTRA 16u

static Value *var_dict_slot(Value obj, Type *t) {
    Type *sb = solid_base(t);
    size_t off;
    if (sb == &str_type) off = offsetof(StrObject, data) + (size_t)V_AS(StrObject, obj)->nbytes + 1;
    else if (sb == &bytes_type) off = offsetof(BytesObject, data) + (size_t)V_AS(BytesObject, obj)->size + 1;
    else off = offsetof(TupleObject, items) + sizeof(Value) * (size_t)V_AS(TupleObject, obj)->size;
    off = (off + 7u) & ~(size_t)7u;
    return (Value *)((char *)V_OBJ(obj) + off);
}

static Value var_dict(Value obj, Type *t, bool create) {
    Value *slot = var_dict_slot(obj, t);
    if (!*slot && create) *slot = dict_new();
    return *slot;
}

/* Instances of a TF_NO_DICT type may only hold the names of its slots. */
static bool slot_allowed(Type *t, Value name) { return slot_member(t, name) != NULL; }

static int no_attr_error(Type *t, Value name) {
    err_format(&exc_AttributeError, "'%s' object has no attribute '%U'", t->tname, name);
    return -1;
}

static int not_a_slot_error(Type *t, Value name) {
    if (type_lookup(t, name)) {
        err_format(&exc_AttributeError, "'%s' object attribute '%U' is read-only", t->tname, name);
        return -1;
    }
    return no_attr_error(t, name);
}


Value instance_get_attr(Value obj, Value name) {
    Type *t = V_OBJ(obj)->type;
    if (!t->attrs_offset) {
        if (!type_has_flag(t, TF_VAR_DICT)) return VNULL;
        Value d = var_dict(obj, t, false);
        return d ? dict_get(d, name) : VNULL;
    }
    InstanceAttrs *a = instance_attrs(obj, t);
    Map *m = a->map;
    if (!m) return VNULL;
    if (m == &dict_mode_map) {
        Value v = dict_get(attrs_dict(a), name);
        if (!v && type_has_flag(t, TF_HAS_MEMBERS)) {
            MemberDescrObject *md = slot_member(t, name);
            if (md && (uint32_t)md->index < t->inline_slots) v = a->slots[md->index];
        }
        return v;
    }
    int32_t i = map_lookup(m, name);
    if (i < 0) return VNULL;
    return *attr_slot(obj, t, a, i);
}

int instance_set_attr(Value obj, Value name, Value v) {
    Type *t = V_OBJ(obj)->type;
    if (!t->attrs_offset) {
        if (!type_has_flag(t, TF_VAR_DICT)) return no_attr_error(t, name);
        Value d = var_dict(obj, t, true);
        if (v) return dict_set(d, name, v);
        int r = dict_del(d, name);
        return r == 0 ? no_attr_error(t, name) : r < 0 ? -1 : 0;
    }
    InstanceAttrs *a = instance_attrs(obj, t);
    Map *m = a->map;
    if (!m) m = a->map = t->root_map;
    if (m == &dict_mode_map) {
        MemberDescrObject *md = type_has_flag(t, TF_HAS_MEMBERS) ? slot_member(t, name) : NULL;
        if (md && (uint32_t)md->index < t->inline_slots) {
            if (!v && !a->slots[md->index]) return no_attr_error(t, name);
            a->slots[md->index] = v;
            return 0;
        }
        if (v) {
            if (type_has_flag(t, TF_NO_DICT) && !slot_allowed(t, name)) return not_a_slot_error(t, name);
            return dict_set(attrs_dict(a), name, v);
        }
        int r = dict_del(attrs_dict(a), name);
        if (r == 0) return no_attr_error(t, name);
        return r < 0 ? -1 : 0;
    }
    int32_t i = map_lookup(m, name);
    if (i >= 0) {
        if (v) {
            *attr_slot(obj, t, a, i) = v;
            return 0;
        }
        /* deletion: fall back to a dict */
        to_dict_mode(obj, t, a);
        return instance_set_attr(obj, name, VNULL);
    }
    /* (a class attribute of an instance without __dict__ is read-only) */
    if (type_has_flag(t, TF_NO_DICT) && !slot_allowed(t, name)) return not_a_slot_error(t, name);
    if (!v) return no_attr_error(t, name);
    if (m->nattrs >= MAP_MAX_ATTRS) {
        Value d = to_dict_mode(obj, t, a);
        return dict_set(d, name, v);
    }
    Map *nm = map_add(m, name);
    int32_t idx = nm->index;
    if ((uint32_t)idx >= t->inline_slots) {
        int64_t oi = idx - (int64_t)t->inline_slots;
        int64_t cap = oi == 0 ? 0 : overflow_capacity(oi);
        if (oi >= cap) {
            int64_t ncap = overflow_capacity(oi + 1);
            Value *no = gc_alloc(sizeof(Value) * (size_t)ncap);
            if (oi) memcpy(no, a->overflow, sizeof(Value) * (size_t)oi);
            a->overflow = no;
        }
    }
    *attr_slot(obj, t, a, idx) = v;
    a->map = nm;
    return 0;
}

bool instance_may_add_attr(Type *t, Value name) {
    return !type_has_flag(t, TF_NO_DICT) || slot_allowed(t, name);
}

Value instance_get_dict(Value obj) {
    Type *t = V_OBJ(obj)->type;
    if (type_has_flag(t, TF_NO_DICT)) return VNULL;
    if (!t->attrs_offset) return type_has_flag(t, TF_VAR_DICT) ? var_dict(obj, t, true) : VNULL;
    InstanceAttrs *a = instance_attrs(obj, t);
    if (!a->map) a->map = t->root_map;
    return to_dict_mode(obj, t, a);
}

/* obj.__dict__ = d */
static int instance_set_dict(Value obj, Value d) {
    Type *t = type_of(obj);
    if (!d) {
        /* del obj.__dict__: the attributes go; a new dict comes on use */
        if (!t->attrs_offset) {
            *var_dict_slot(obj, t) = VNULL;
            return 0;
        }
        d = dict_new();
    }
    if (!dict_check(d)) {
        err_format(&exc_TypeError, "__dict__ must be set to a dictionary, not a '%T'", d);
        return -1;
    }
    if (!t->attrs_offset) {
        *var_dict_slot(obj, t) = d;
        return 0;
    }
    InstanceAttrs *a = instance_attrs(obj, t);
    if (!a->map) a->map = t->root_map;
    to_dict_mode(obj, t, a);   /* keeps slot members */
    a->overflow = (Value *)(uintptr_t)d;
    return 0;
}

/* ---- member descriptors: the names in __slots__ ------------------------------------- */

/* A slot's value lives in the instance's attribute storage like any other
 * attribute (maps keep it fast); the descriptor gives the class its
 * `member_descriptor` entry and an AttributeError for an unset slot. It
 * has no descr_set slot so attribute lookup treats it as a non-data
 * descriptor: the instance storage holds the only copy of the value, so
 * the lookup order cannot change the result. */

static Value member_check_obj(MemberDescrObject *m, Value obj) {
    if (!type_is_subtype(type_of(obj), m->owner))
        return err_format(&exc_TypeError, "descriptor '%U' for '%s' objects doesn't apply to a '%T' object", m->name,
                          m->owner->tname, obj);
    return V_NONE;
}

static Value member_get(Value descr, Value obj, Value type) {
    (void)type;
    MemberDescrObject *m = V_AS(MemberDescrObject, descr);
    if (!obj) return descr;
    if (!member_check_obj(m, obj)) return VNULL;
    Value v = instance_get_attr(obj, m->name);
    if (!v && !err_occurred()) no_attr_error(type_of(obj), m->name);
    return v;
}

static Value member_set_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__set__", nargs - 1, 2, 2) < 0) return VNULL;
    MemberDescrObject *m = V_AS(MemberDescrObject, args[0]);
    if (!member_check_obj(m, args[1])) return VNULL;
    return instance_set_attr(args[1], m->name, args[2]) < 0 ? VNULL : V_NONE;
}

static Value member_delete_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__delete__", nargs - 1, 1, 1) < 0) return VNULL;
    MemberDescrObject *m = V_AS(MemberDescrObject, args[0]);
    if (!member_check_obj(m, args[1])) return VNULL;
    if (!instance_get_attr(args[1], m->name)) return err_set_value(&exc_AttributeError, m->name);
    return instance_set_attr(args[1], m->name, VNULL) < 0 ? VNULL : V_NONE;
}

static Value member_repr(Value v) {
    MemberDescrObject *m = V_AS(MemberDescrObject, v);
    return str_printf("<member '%U' of '%s' objects>", m->name, m->owner->tname);
}

static Value member_get_name(Value v) { return V_AS(MemberDescrObject, v)->name; }
static Value member_get_objclass(Value v) { return V_FROM_PTR(V_AS(MemberDescrObject, v)->owner); }
static Value member_get_qualname(Value v) {
    MemberDescrObject *m = V_AS(MemberDescrObject, v);
    return str_printf("%U.%U", m->owner->qualname ? m->owner->qualname : type_name(m->owner), m->name);
}

static const MethodDef member_methods[] = {
    {"__set__", member_set_m, 0, NULL},
    {"__delete__", member_delete_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Value member_get_doc(Value v) {
    Value d = V_AS(MemberDescrObject, v)->doc;
    return d ? d : V_NONE;
}

static const GetSetDef member_getsets[] = {
    {"__name__", member_get_name, NULL, NULL},
    {"__doc__", member_get_doc, NULL, NULL},
    {"__qualname__", member_get_qualname, NULL, NULL},
    {"__objclass__", member_get_objclass, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

Type member_descr_type = {
    .tname = "member_descriptor",
    .basicsize = sizeof(MemberDescrObject),
    .repr = member_repr,
    .descr_get = member_get,
};

Value instance_new(Type *t) {
    Object *o = obj_alloc(t, t->basicsize);
    if (t->attrs_offset) instance_attrs(V_FROM_PTR(o), t)->map = t->root_map;
    return V_FROM_PTR(o);
}

/* ---- generic attribute access ------------------------------------------------ */

static inline bool is_data_descr(Value d) {
    return !v_is_int(d) && !v_is_smallfloat(d) && V_OBJ(d)->type->descr_set != NULL;
}

Value generic_getattr_noerr(Value obj, Value name) {
    Type *t = type_of(obj);
    Value descr = type_lookup(t, name);
    Type *dt = NULL;
    if (descr) {
        dt = type_of(descr);
        if (dt->descr_get && dt->descr_set) return dt->descr_get(descr, obj, V_FROM_PTR(t));
    }
    if (v_is_ptr(obj) && (t->attrs_offset || type_has_flag(t, TF_VAR_DICT))) {
        Value v = instance_get_attr(obj, name);
        if (v) return v;
    } else if (t == &module_type) {
        /* a module's namespace is its instance dict, as CPython's: what
           object.__getattribute__(module, name) finds (pydoc's) */
        Value v = dict_get_str(module_dict(obj), name);
        if (v) return v;
    }
    if (descr) {
        if (dt->descr_get) return dt->descr_get(descr, obj, V_FROM_PTR(t));
        return descr;
    }
    return VNULL;
}

Value generic_getattr(Value obj, Value name) {
    Value v = generic_getattr_noerr(obj, name);
    if (!v && !err_occurred())
        return err_format(&exc_AttributeError, "'%s' object has no attribute '%U'", type_of(obj)->tname, name);
    return v;
}

int generic_setattr(Value obj, Value name, Value v) {
    Type *t = type_of(obj);
    Value descr = type_lookup(t, name);
    if (descr && is_data_descr(descr)) return type_of(descr)->descr_set(descr, obj, v);
    if (v_is_ptr(obj) && (t->attrs_offset || type_has_flag(t, TF_VAR_DICT))) {
        return instance_set_attr(obj, name, v);
    }
    if (descr)
        err_format(&exc_AttributeError, "'%s' object attribute '%U' is read-only", t->tname, name);
    else
        err_format(&exc_AttributeError, "'%s' object has no attribute '%U'", t->tname, name);
    return -1;
}

/* ---- object ------------------------------------------------------------------ */

static Value object_repr(Value self) {
    Type *t = type_of(self);
    Value mod = t->module;
    if (mod && str_check(mod) && !str_eq_cstr(mod, "builtins"))
        return str_printf("<%U.%U object at %p>", mod, t->qualname ? t->qualname : type_name(t),
                          (void *)(uintptr_t)self);
    return str_printf("<%s object at %p>", t->tname, (void *)(uintptr_t)self);
}

static Value heap_repr(Value self);

/* object.__str__ calls the repr slot, and str() checks what it got: as in
 * CPython, a __repr__ returning a non-string is "__str__ returned
 * non-string" through str(), "%s" and format(). */
static Value object_str(Value self) {
    if (type_of(self)->repr == heap_repr) {
        bool found;
        Value r = obj_call_special(self, NAME(__repr__), NULL, 0, &found);
        if (found) return r;
    }
    return obj_repr(self);
}

static int64_t object_hash(Value self) {
    uint64_t x = (uint64_t)self;
    int64_t h = (int64_t)((x >> 4) | (x << 60));
    return h == -1 ? -2 : h;
}

static Value object_richcompare(Value a, Value b, int op) {
    switch (op) {
    case CMP_EQ: return a == b ? V_TRUE : V_NOTIMPL;
    case CMP_NE: {
        Type *t = type_of(a);
        if (!t->richcompare) return V_NOTIMPL;
        Value r = t->richcompare(a, b, CMP_EQ);
        if (!r || r == V_NOTIMPL) return r;
        int tr = obj_truth(r);
        if (tr < 0) return VNULL;
        return v_bool(!tr);
    }
    default: return V_NOTIMPL;
    }
}

static bool excess_args(size_t nargs, Value kwnames) {
    return nargs > 0 || (kwnames && tuple_size(kwnames) > 0);
}

static Value object_init_descr, object_new_descr;

/* "Can't instantiate abstract class C with abstract methods f, g" (sorted) */
static Value abstract_instantiation_error(Type *t) {
    Value am = dict_get_cstr(t->dict, "__abstractmethods__");
    if (!am) return err_occurred() ? VNULL : err_format(&exc_TypeError, "Can't instantiate abstract class %s", t->tname);
    Value names = list_from_iterable(am);
    if (!names || list_sort(names, VNULL, false) < 0) return VNULL;
    Value sep = str_intern_cstr(", ");
    Value joined = obj_call_method(sep, "join", &names, 1);
    if (!joined) return VNULL;
    return err_format(&exc_TypeError, "Can't instantiate abstract class %s with abstract method%s %U", t->tname,
                      list_size(names) > 1 ? "s" : "", joined);
}

/* object()'s signature: no arguments, which object_new's excess-args
   check below enforces (with CPython's own message, not arg_parse's) */
static const ArgSpec object_args = {"object", 0, 0, 0, {NULL}};

/* CPython's "tp_new != object_new": a class of t's MRO has a __new__ other
   than object's (object.__new__ stored in a class keeps the inherited one) */
static bool new_overridden(Type *t) {
    Value mro = t->mro;
    for (int64_t i = 0; mro && i < tuple_size(mro); i++) {
        Type *b = V_AS(Type, tuple_get(mro, i));
        if (b == &object_type) break;
        Value d = b->dict ? dict_get_str(b->dict, NAME(__new__)) : VNULL;
        if (d && d != object_new_descr) return true;
    }
    return false;
}

static Value object_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    /* A C type directly under object that did not give a constructor
       (dict_keys, iterators) has a layout object.__new__ cannot fill: as
       CPython's type_ready, it is not instantiable. */
    Type *s = t;
    while (s && type_has_flag(s, TF_HEAPTYPE)) s = s->base;
    if (s && s != &object_type && s->base == &object_type && s->new_ == object_new)
        return err_format(&exc_TypeError, "cannot create '%s' instances", s->tname);
    if (excess_args(nargs, kwnames)) {
        if (new_overridden(t))
            return err_set(&exc_TypeError, "object.__new__() takes exactly one argument (the type to instantiate)");
        if (type_lookup(t, NAME(__init__)) == object_init_descr)
            return err_format(&exc_TypeError, "%s() takes no arguments", t->tname);
    }
    if (type_has_flag(t, TF_ABSTRACT_NEW))
        return err_format(&exc_TypeError, "cannot create '%s' instances", t->tname);
    if (type_has_flag(t, TF_IS_ABSTRACT)) return abstract_instantiation_error(t);
    return instance_new(t);
}

static int object_init(Value self, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (excess_args(nargs, kwnames)) {
        Type *t = type_of(self);
        if (type_lookup(t, NAME(__init__)) != object_init_descr) {
            err_set(&exc_TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
            return -1;
        }
        if (!new_overridden(t)) {
            err_format(&exc_TypeError, "%s.__init__() takes exactly one argument (the instance to initialize)",
                       t->tname);
            return -1;
        }
    }
    return 0;
}

static Value object_get_class(Value self) { return V_FROM_PTR(type_of(self)); }

/* The __slots__ members of t's instances, by slot index (a list of names,
   None where no member sits). */
static Value member_layout(Type *t) {
    Value names = list_new(0);
    if (!type_has_flag(t, TF_HAS_MEMBERS)) return names;
    for (int64_t j = 0; j < tuple_size(t->mro); j++) {
        Type *mt = V_AS(Type, tuple_get(t->mro, j));
        int64_t pos = 0;
        Value k, d;
        while (mt->dict && dict_next(mt->dict, &pos, &k, &d)) {
            if (!v_is_ptr(d) || type_of(d) != &member_descr_type) continue;
            MemberDescrObject *md = V_AS(MemberDescrObject, d);
            if (md->owner != mt || md->index < 0) continue;
            while (list_size(names) <= md->index) list_append(names, V_NONE);
            list_items(names)[md->index] = md->name;
        }
    }
    return names;
}

/* Does heap class t lay its instances out as its base does (no __slots__
   member, attribute storage, __dict__ or __weakref__ of its own)? */
static bool same_layout_as_base(Type *t) {
    Type *b = t->base;
    if (!type_has_flag(t, TF_HEAPTYPE) || !b || t->attrs_offset != b->attrs_offset ||
        ((t->flags ^ b->flags) & TF_VAR_DICT))
        return false;
    if (type_has_flag(b, TF_HEAPTYPE) && ((t->flags ^ b->flags) & (TF_NO_DICT | TF_WEAKREFABLE))) return false;
    int64_t pos = 0;
    Value k, d;
    while (dict_next(t->dict, &pos, &k, &d))
        if (v_is_ptr(d) && type_of(d) == &member_descr_type && V_AS(MemberDescrObject, d)->owner == t) return false;
    return true;
}

/* May an instance of a become an instance of b (the __class__ and
   __bases__ assignments)? As CPython: past the classes that add nothing
   to their base's layout, both are the same class, or two classes of one
   base adding the same things (the same __slots__ members at the same
   indices, the same __dict__ and __weakref__ support). */
static bool layouts_compatible(Type *a, Type *b) {
    while (same_layout_as_base(a)) a = a->base;
    while (same_layout_as_base(b)) b = b->base;
    if (a == b) return true;
    if (!type_has_flag(a, TF_HEAPTYPE) || !type_has_flag(b, TF_HEAPTYPE) || a->base != b->base ||
        a->attrs_offset != b->attrs_offset || ((a->flags ^ b->flags) & (TF_VAR_DICT | TF_NO_DICT | TF_WEAKREFABLE)))
        return false;
    Value ma = member_layout(a), mb = member_layout(b);
    if (list_size(ma) != list_size(mb)) return false;
    for (int64_t i = 0; i < list_size(ma); i++)
        if (list_get(ma, i) != list_get(mb, i)) return false;
    return true;
}

static int object_set_class(Value self, Value v) {
    if (!v) return err_set(&exc_TypeError, "can't delete __class__ attribute"), -1;
    if (!type_check(v)) {
        err_format(&exc_TypeError, "__class__ must be set to a class, not '%T' object", v);
        return -1;
    }
    if (AUDIT("object.__setattr__", 3, self, str_intern_cstr("__class__"), v) < 0) return -1;
    Type *old = type_of(self), *nt = V_AS(Type, v);
    /* builtin types' instances may be shared (small ints, interned
       strings): only classes' instances, and modules, change class */
    bool modules = type_is_subtype(old, &module_type) && type_is_subtype(nt, &module_type);
    if (!modules && (!type_has_flag(old, TF_HEAPTYPE) || !type_has_flag(nt, TF_HEAPTYPE))) {
        err_set(&exc_TypeError, "__class__ assignment only supported for mutable types or ModuleType subclasses");
        return -1;
    }
    if (!layouts_compatible(old, nt)) {
        err_format(&exc_TypeError, "__class__ assignment: '%s' object layout differs from '%s'", nt->tname,
                   old->tname);
        return -1;
    }
    /* maps are per type: the attributes move to a dict first (slot members
       stay at their index, which both classes share) */
    if (old->attrs_offset) {
        InstanceAttrs *a = instance_attrs(self, old);
        if (!a->map) a->map = old->root_map;
        to_dict_mode(self, old, a);
    }
    V_OBJ(self)->type = nt;
    /* compiled code that guarded an object's class keeps the fact across
       calls, and code inlined a method of the class after that guard:
       what assumed old's instances stay old's is invalid now */
    jit_type_changed(old);
    return 0;
}

static Value type_get_dict(Value self);

static Value object_get_dict(Value self) {
    /* a class's or a module's own dict, when a class statement's __dict__
       descriptor is found first (class M(Base, type), class N(Base, module)) */
    if (type_check(self)) return type_get_dict(self);
    if (v_is_ptr(self) && solid_base(type_of(self)) == &module_type) return module_dict(self);
    Value d = v_is_ptr(self) ? instance_get_dict(self) : VNULL;
    if (!d) return err_format(&exc_AttributeError, "'%T' object has no attribute '__dict__'", self);
    return d;
}

static int object_set_dict(Value self, Value d) {
    Type *t = type_of(self);
    /* the builtin base's own __dict__ decides (CPython's subtype_setdict) */
    if (type_check(self)) {
        err_set(&exc_AttributeError, "attribute '__dict__' of 'type' objects is not writable");
        return -1;
    }
    if (v_is_ptr(self) && solid_base(t) == &module_type) {
        err_set(&exc_AttributeError, "readonly attribute");
        return -1;
    }
    if (!v_is_ptr(self) || type_has_flag(t, TF_NO_DICT) || (!t->attrs_offset && !type_has_flag(t, TF_VAR_DICT))) {
        err_format(&exc_AttributeError, "'%T' object has no attribute '__dict__'", self);
        return -1;
    }
    /* a builtin base's dict (exceptions, functions) may not be deleted */
    if (!d && solid_base(t)->attrs_offset) {
        err_set(&exc_TypeError, "cannot delete __dict__");
        return -1;
    }
    return instance_set_dict(self, d);
}

/* obj.__dict__ = d for builtin types with attribute storage */
static int builtin_set_dict(Value self, Value d) {
    if (!d) {
        err_set(&exc_TypeError, "cannot delete __dict__");
        return -1;
    }
    return instance_set_dict(self, d);
}

static Value object_get_weakref(Value self) { return weakref_first_of(self); }

static Value object_format_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__format__", nargs - 1, 1, 1) < 0) return VNULL;
    if (!str_check(args[1]))
        return err_format(&exc_TypeError, "__format__() argument must be str, not %T", args[1]);
    if (str_len(args[1]) > 0)
        return err_format(&exc_TypeError, "unsupported format string passed to %T.__format__", args[0]);
    return obj_str(args[0]);
}

/* CPython's merge_class_dict: a class's __dict__, then its __bases__'
   recursively, each found by getattr (either may be missing) */
static int dir_merge_class(Value result, Value cls) {
    Value d = obj_getattr_opt(cls, NAME(__dict__));
    if (!d && err_occurred()) return -1;
    if (d && dict_update(result, d) < 0) return -1;
    Value bases = obj_getattr_opt(cls, NAME(__bases__));
    if (!bases) return err_occurred() ? -1 : 0;
    if (!tuple_check(bases)) return 0;
    for (int64_t i = 0; i < tuple_size(bases); i++)
        if (dir_merge_class(result, tuple_get(bases, i)) < 0) return -1;
    return 0;
}

/* object.__dir__ as CPython's: the names in the instance's __dict__ (when
   that is a dict) and in what its __class__ attribute reaches, both looked
   up as attributes (a proxy's __class__ names the class it stands for; one
   that cannot be read leaves the instance's names alone) */
static Value object_dir_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    (void)nargs;
    Value self = args[0];
    Value result = dict_new();
    Value d = obj_getattr_opt(self, NAME(__dict__));
    if (!d && err_occurred()) return VNULL;
    if (d && dict_check(d) && dict_update(result, d) < 0) return VNULL;
    Value cls = obj_getattr_opt(self, NAME(__class__));
    if (!cls && err_occurred()) return VNULL;
    if (cls && dir_merge_class(result, cls) < 0) return VNULL;
    return dict_keys_list(result);
}

static Value object_init_subclass_m(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    if (kwnames && tuple_size(kwnames))
        return err_format(&exc_TypeError, "%U.__init_subclass__() takes no keyword arguments",
                          type_name(V_AS(Type, args[0])));
    return V_NONE;
}

static Value object_sizeof_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    Type *t = type_of(args[0]);
    return int_from_i64(t->basicsize ? t->basicsize : 16);
}

/* ---- pickling and copying: CPython's object.__reduce_ex__ protocol ------------------ */

static Value copyreg_attr(const char *name) {
    Value m = import_name(str_intern_cstr("copyreg"), VNULL, v_int(0), VNULL);
    return m ? obj_getattr_cstr(m, name) : VNULL;
}

/* object.__getstate__'s default: the instance dict (None when empty), and
   the __slots__ values as a second dict; `required`: an object whose C
   layout holds more than object's has no default state */
static Value object_getstate_default(Value self, bool required) {
    Type *t = type_of(self);
    if (required && solid_base(t) != &object_type)
        return err_format(&exc_TypeError, "cannot pickle '%s' object", t->tname);
    Value d = VNULL;
    if (v_is_ptr(self) && (t->attrs_offset || type_has_flag(t, TF_VAR_DICT))) {
        d = instance_get_dict(self);
        if (!d) err_clear();
    }
    Value state = d && dict_check(d) && dict_size(d) > 0 ? d : V_NONE;
    Value slotnames_fn = copyreg_attr("_slotnames");
    if (!slotnames_fn) return VNULL;
    Value names = obj_call1(slotnames_fn, V_FROM_PTR(t));
    if (!names) return VNULL;
    if (list_check(names) && list_size(names) > 0) {
        Value slots = dict_new();
        for (int64_t i = 0; i < list_size(names); i++) {
            Value n = list_get(names, i);
            Value v = obj_getattr_opt(self, n);
            if (!v) {
                if (err_occurred()) return VNULL;
                continue;
            }
            dict_set(slots, n, v);
        }
        if (dict_size(slots) > 0) state = tuple_pack(2, state, slots);
    }
    return state;
}

static Value get_state(Value self, bool required);

static Value object_getstate_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__getstate__", nargs - 1, 0, 0) < 0) return VNULL;
    return object_getstate_default(args[0], false);
}

Value object_get_state(Value self) { return get_state(self, false); }

static Value get_state(Value self, bool required) {
    Value gs = type_lookup_cstr(type_of(self), "__getstate__");
    if (!gs || gs == type_lookup_cstr(&object_type, "__getstate__")) return object_getstate_default(self, required);
    return obj_call_method(self, "__getstate__", NULL, 0);
}

/* protocol 2+: (copyreg.__newobj__, (cls, *args), state, listitems, dictitems) */
static Value reduce_newobj(Value self) {
    Type *t = type_of(self);
    if (!t->new_) return err_format(&exc_TypeError, "cannot pickle '%s' object", t->tname);
    Value args = VNULL, kwargs = VNULL;
    /* looked up on the type, as special methods are (an instance's
       __getattr__ is not asked) */
    bool found;
    Value nx = obj_call_special(self, str_intern_cstr("__getnewargs_ex__"), NULL, 0, &found);
    if (found) {
        if (!nx) return VNULL;
        if (!tuple_check(nx)) return err_format(&exc_TypeError, "__getnewargs_ex__ should return a tuple, not '%T'", nx);
        if (tuple_size(nx) != 2)
            return err_format(&exc_ValueError, "__getnewargs_ex__ should return a tuple of length 2, not %zd",
                              (ssize_t)tuple_size(nx));
        args = tuple_get(nx, 0);
        kwargs = tuple_get(nx, 1);
        if (!tuple_check(args))
            return err_format(&exc_TypeError,
                              "first item of the tuple returned by __getnewargs_ex__ must be a tuple, not '%T'", args);
        if (!dict_check(kwargs))
            return err_format(&exc_TypeError,
                              "second item of the tuple returned by __getnewargs_ex__ must be a dict, not '%T'", kwargs);
    } else {
        if (err_occurred()) return VNULL;
        args = obj_call_special(self, str_intern_cstr("__getnewargs__"), NULL, 0, &found);
        if (found) {
            if (!args) return VNULL;
            if (!tuple_check(args)) return err_format(&exc_TypeError, "__getnewargs__ should return a tuple, not '%T'", args);
        } else if (err_occurred()) {
            return VNULL;
        }
    }
    bool hasargs = args != VNULL;
    Value newobj, newargs;
    if (!kwargs || dict_size(kwargs) == 0) {
        newobj = copyreg_attr("__newobj__");
        int64_t n = args ? tuple_size(args) : 0;
        Value l = list_new(n + 1);
        list_append(l, V_FROM_PTR(t));
        for (int64_t i = 0; i < n; i++) list_append(l, tuple_get(args, i));
        newargs = tuple_from_array(list_items(l), list_size(l));
    } else {
        newobj = copyreg_attr("__newobj_ex__");
        newargs = tuple_pack(3, V_FROM_PTR(t), args, kwargs);
    }
    if (!newobj) return VNULL;
    Value state = get_state(self, !(hasargs || list_check(self) || dict_check(self)));
    if (!state) return VNULL;
    Value listitems = V_NONE, dictitems = V_NONE;
    if (list_check(self)) {
        listitems = obj_iter(self);
        if (!listitems) return VNULL;
    }
    if (dict_check(self)) {
        Value items = obj_call_method(self, "items", NULL, 0);
        dictitems = items ? obj_iter(items) : VNULL;
        if (!dictitems) return VNULL;
    }
    Value r[5] = {newobj, newargs, state, listitems, dictitems};
    return tuple_from_array(r, 5);
}

static Value common_reduce(Value self, int64_t protocol) {
    if (protocol >= 2) return reduce_newobj(self);
    Value f = copyreg_attr("_reduce_ex");
    if (!f) return VNULL;
    Value a[2] = {self, int_from_i64(protocol)};
    return obj_call(f, a, 2, VNULL);
}

static Value object_reduce_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    return common_reduce(args[0], 0);
}

/* obj.__reduce_ex__(protocol): the class's own __reduce__ if it has one,
   else the copyreg protocol */
static Value object_reduce_ex_m(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__reduce_ex__", 1, 1, 0, {"protocol", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!int_check(a[0])) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", a[0]);
    int64_t protocol = int_as_i64(a[0]);
    if (protocol == -1 && err_occurred()) return VNULL;
    Value r = type_lookup_cstr(type_of(args[0]), "__reduce__");
    if (r && r != type_lookup_cstr(&object_type, "__reduce__")) return obj_call_method(args[0], "__reduce__", NULL, 0);
    if (err_occurred()) return VNULL;
    return common_reduce(args[0], protocol);
}

/* object.__subclasshook__(*args, **kw): NotImplemented, for ABCs to override */
static Value object_subclasshook_m(Value *args, size_t nargs, Value kwnames) { return V_NOTIMPL; }

static const MethodDef object_methods[] = {
    {"__format__", object_format_m, 0, NULL},
    {"__dir__", object_dir_m, 0, NULL},
    {"__init_subclass__", object_init_subclass_m, MF_CLASS | MF_KEYWORDS, NULL},
    {"__subclasshook__", object_subclasshook_m, MF_CLASS | MF_KEYWORDS, NULL},
    {"__sizeof__", object_sizeof_m, 0, NULL},
    {"__reduce_ex__", object_reduce_ex_m, MF_KEYWORDS, NULL},
    {"__reduce__", object_reduce_m, 0, NULL},
    {"__getstate__", object_getstate_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef object_getsets[] = {
    {"__class__", object_get_class, object_set_class, NULL},
    {NULL, NULL, NULL, NULL},
};

static const GetSetDef instance_dict_getset[] = {
    {"__dict__", object_get_dict, builtin_set_dict, NULL},
    {NULL, NULL, NULL, NULL},
};

/* what a class statement adds to the first class of a hierarchy with a
   dict, and with weak references */
static const GetSetDef heap_dict_getsets[] = {
    /* their docs are CPython's: pydoc shows them */
    {"__dict__", object_get_dict, object_set_dict, "dictionary for instance variables (if defined)"},
    {"__weakref__", object_get_weakref, NULL, "list of weak references to the object (if defined)"},
    {NULL, NULL, NULL, NULL},
};

/* ---- heap types: slots that look dunders up -------------------------------- */

static Value call_dunder(Value self, Value name, Value *args, size_t nargs, bool *found) {
    return obj_call_special(self, name, args, nargs, found);
}

/* A class that sets __repr__ or __str__ to None blocks it: calling the None
   is the TypeError (CPython's slots call what they find) */
static Value none_not_callable(void) { return err_set(&exc_TypeError, "'NoneType' object is not callable"); }

static Value heap_repr(Value self) {
    bool found;
    Value r = call_dunder(self, NAME(__repr__), NULL, 0, &found);
    if (!found) return type_lookup(type_of(self), NAME(__repr__)) == V_NONE ? none_not_callable() : object_repr(self);
    if (r && !str_check(r)) return err_format(&exc_TypeError, "__repr__ returned non-string (type %T)", r);
    return r;
}

static Value heap_str(Value self) {
    bool found;
    Value r = call_dunder(self, NAME(__str__), NULL, 0, &found);
    if (!found) return type_lookup(type_of(self), NAME(__str__)) == V_NONE ? none_not_callable() : heap_repr(self);
    if (r && !str_check(r)) return err_format(&exc_TypeError, "__str__ returned non-string (type %T)", r);
    return r;
}

static int64_t heap_hash(Value self) {
    Type *t = type_of(self);
    Value h = type_lookup(t, NAME(__hash__));
    if (!h || h == V_NONE) {
        err_format(&exc_TypeError, "unhashable type: '%s'", t->tname);
        return -1;
    }
    if (type_of(h) == &slot_wrapper_type && V_AS(SlotWrapperObject, h)->kind == SK_HASH &&
        type_is_subtype(t, V_AS(SlotWrapperObject, h)->owner))
        return V_AS(SlotWrapperObject, h)->owner->hash(self);   /* inherited from a builtin */
    bool found;
    Value r = call_dunder(self, NAME(__hash__), NULL, 0, &found);
    if (!r) return -1;
    if (!int_check(r)) {
        err_set(&exc_TypeError, "__hash__ method should return an integer");
        return -1;
    }
    /* a result that fits in 64 bits is the hash; a bigger one is reduced
       as int's hash reduces it */
    int64_t x = int_as_i64(r);
    if (x == -1 && err_occurred()) {
        err_clear();
        x = int_hash(r);
    }
    return x == -1 ? -2 : x;
}

static Value heap_richcompare(Value a, Value b, int op) {
    bool found;
    Value names_[CMP__COUNT] = {NAME(__lt__), NAME(__le__), NAME(__eq__), NAME(__ne__), NAME(__gt__), NAME(__ge__)};
    Value f = type_lookup(type_of(a), names_[op]);
    /* __eq__ = None blocks the comparison (and the fallback to the
       reflected method or identity): CPython's slot calls the None */
    if (f == V_NONE) return none_not_callable();
    Type *ft = f ? type_of(f) : NULL;
    if (ft && ft->descr_get && ft != &function_type && ft != &method_descr_type && ft != &slot_wrapper_type) {
        /* as CPython's slot: a descriptor that fails to give the method
           (a property raising) means NotImplemented */
        Value bound = ft->descr_get(f, a, V_FROM_PTR(type_of(a)));
        if (!bound) {
            err_clear();
            return V_NOTIMPL;
        }
        return obj_call(bound, &b, 1, VNULL);
    }
    Value r = call_dunder(a, names_[op], &b, 1, &found);
    if (!found) return object_richcompare(a, b, op);
    return r;
}

Value binop_name(int op, int which) {
    static Value cache[BINOP__COUNT][3];
    Value *slot = &cache[op][which];
    if (!*slot) *slot = str_intern_cstr(binop_dunders[op][which]);
    return *slot;
}

/* A dunder set to None is called as CPython's slot calls it: the TypeError of
   calling None, not a fallback to the other operand or __add__. */
static Value heap_binop_call(Value self, Value name, Value other) {
    bool found;
    Value r = call_dunder(self, name, &other, 1, &found);
    if (found) return r;
    return type_lookup(type_of(self), name) == V_NONE ? none_not_callable() : V_NOTIMPL;
}

static Value heap_binop(Value a, Value b, int op) {
    int base = op & 31;
    if (op & BINOP_INPLACE) return heap_binop_call(a, binop_name(base, 2), b);
    if (op & BINOP_REFLECTED) {
        if (!type_has_flag(type_of(b), TF_HEAPTYPE)) return V_NOTIMPL;
        return heap_binop_call(b, binop_name(base, 1), a);
    }
    if (!type_has_flag(type_of(a), TF_HEAPTYPE)) return V_NOTIMPL;
    return heap_binop_call(a, binop_name(base, 0), b);
}

Value unop_name(int op) {
    static Value cache[UNOP__COUNT];
    if (!cache[op]) cache[op] = str_intern_cstr(unop_dunders[op]);
    return cache[op];
}

static Value heap_unop(Value a, int op) {
    bool found;
    Value r = call_dunder(a, unop_name(op), NULL, 0, &found);
    if (!found)
        return err_format(&exc_TypeError, "bad operand type for %s: '%T'", op == UNOP_ABS ? "abs()" :
                          op == UNOP_NEG ? "unary -" : op == UNOP_POS ? "unary +" : "unary ~", a);
    return r;
}

static int heap_truth(Value self) {
    bool found;
    if (type_lookup(type_of(self), NAME(__bool__)) == V_NONE) {
        err_set(&exc_TypeError, "'NoneType' object is not callable");
        return -1;
    }
    Value r = call_dunder(self, NAME(__bool__), NULL, 0, &found);
    if (found) {
        if (!r) return -1;
        if (r == V_TRUE) return 1;
        if (r == V_FALSE) return 0;
        err_format(&exc_TypeError, "__bool__ should return bool, returned %T", r);
        return -1;
    }
    r = call_dunder(self, NAME(__len__), NULL, 0, &found);
    if (!found) return 1;
    if (!r) return -1;
    int64_t n = obj_index_i64(r);
    if (n < 0) {
        if (!err_occurred()) err_set(&exc_ValueError, "__len__() should return >= 0");
        return -1;
    }
    return n != 0;
}

/* What len() makes of the value __len__ returned: a length >= 0, or -1
 * with the exception. */
static int64_t len_from_dunder(Value r) {
    if (!int_check(r)) {
        err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", r);
        return -1;
    }
    /* the sign first, as CPython: a huge negative length is a ValueError */
    if (int_sign(r) < 0) {
        err_set(&exc_ValueError, "__len__() should return >= 0");
        return -1;
    }
    int64_t n = int_as_i64(r);
    if (n == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "cannot fit 'int' into an index-sized integer");
        return -1;
    }
    return n;
}

Value type_len_result(Value r) {
    int64_t n = len_from_dunder(r);
    return n < 0 ? VNULL : int_from_i64(n);
}

static int64_t heap_len(Value self) {
    bool found;
    Value r = call_dunder(self, NAME(__len__), NULL, 0, &found);
    if (!found) {
        err_format(&exc_TypeError, "object of type '%T' has no len()", self);
        return -1;
    }
    if (!r) return -1;
    return len_from_dunder(r);
}

bool type_len_is_dunder(Type *t) { return t->len == heap_len; }

bool type_truth_is_dunder(Type *t) { return t->truth == heap_truth; }

bool type_richcompare_is_dunder(Type *t) { return t->richcompare == heap_richcompare; }

static Value type_getattr(Value self, Value name);
static int type_setattr(Value self, Value name, Value v);
static void refresh_class(Type *t, int depth);
static void refresh_pruned_slots(Type *t, int depth);
static bool names_pruned_slot(Value name);

static Value heap_getattr(Value self, Value name) {
    Type *t = type_of(self);
    Value r;
    if (type_has_flag(t, TF_TYPE_SUBCLASS) && !type_has_flag(t, TF_HAS_GETATTRIBUTE))
        return type_getattr(self, name);   /* a metaclass: classes look along their MRO */
    if (type_has_flag(t, TF_HAS_GETATTRIBUTE)) {
        bool found;
        r = call_dunder(self, NAME(__getattribute__), &name, 1, &found);
    } else {
        r = generic_getattr_noerr(self, name);
        if (r) return r;
        if (err_occurred() && !err_matches(&exc_AttributeError)) return VNULL;
        if (!err_occurred() && !type_has_flag(t, TF_HAS_GETATTR))
            return err_format(&exc_AttributeError, "'%s' object has no attribute '%U'", t->tname, name);
    }
    if (r || !type_has_flag(t, TF_HAS_GETATTR)) return r;
    if (!err_matches(&exc_AttributeError) && err_occurred()) return VNULL;
    err_clear();
    bool found;
    r = call_dunder(self, NAME(__getattr__), &name, 1, &found);
    if (!found) return err_format(&exc_AttributeError, "'%s' object has no attribute '%U'", t->tname, name);
    return r;
}

static int heap_setattr(Value self, Value name, Value v) {
    Type *t = type_of(self);
    if (!type_has_flag(t, TF_HAS_SETATTR)) {
        if (type_has_flag(t, TF_TYPE_SUBCLASS)) return type_setattr(self, name, v);
        /* a module subclass stores into the module's namespace */
        if (solid_base(t) == &module_type) return module_type.setattr(self, name, v);
        return generic_setattr(self, name, v);
    }
    bool found;
    Value r;
    if (v) {
        Value a[2] = {name, v};
        r = call_dunder(self, NAME(__setattr__), a, 2, &found);
    } else {
        r = call_dunder(self, NAME(__delattr__), &name, 1, &found);
    }
    if (!found)
        return type_has_flag(t, TF_TYPE_SUBCLASS) ? type_setattr(self, name, v) : generic_setattr(self, name, v);
    return r ? 0 : -1;
}

static Value heap_getitem(Value self, Value key) {
    bool found;
    Value r = call_dunder(self, NAME(__getitem__), &key, 1, &found);
    if (!found) return err_format(&exc_TypeError, "'%T' object is not subscriptable", self);
    return r;
}

static int heap_setitem(Value self, Value key, Value v) {
    bool found;
    Value r;
    if (v) {
        Value a[2] = {key, v};
        r = call_dunder(self, NAME(__setitem__), a, 2, &found);
        if (!found) {
            /* the class defines __delitem__ only: CPython's slot looks
             * __setitem__ up and fails with AttributeError */
            err_set(&exc_AttributeError, "__setitem__");
            return -1;
        }
    } else {
        r = call_dunder(self, NAME(__delitem__), &key, 1, &found);
        if (!found) {
            err_set(&exc_AttributeError, "__delitem__");
            return -1;
        }
    }
    return r ? 0 : -1;
}

static int heap_contains(Value self, Value item) {
    bool found;
    Value r = call_dunder(self, NAME(__contains__), &item, 1, &found);
    if (found) {
        if (!r) return -1;
        return obj_truth(r);
    }
    /* __contains__ = None blocks the fallback to iteration */
    if (type_lookup(type_of(self), NAME(__contains__)) == V_NONE) {
        err_format(&exc_TypeError, "'%T' object is not a container", self);
        return -1;
    }
    /* fall back to iteration */
    if (!type_of(self)->iter) {
        err_format(&exc_TypeError, "argument of type '%T' is not iterable", self);
        return -1;
    }
    Value it = obj_iter(self);
    if (!it) return -1;
    for (;;) {
        Value x = obj_next(it);
        if (!x) return err_occurred() ? -1 : 0;
        int eq = obj_eq(x, item);
        if (eq != 0) return eq;
    }
}

static Value heap_iter(Value self) {
    bool found;
    /* __iter__ = None: not iterable, even with a __getitem__ */
    if (type_lookup(type_of(self), NAME(__iter__)) == V_NONE)
        return err_format(&exc_TypeError, "'%T' object is not iterable", self);
    Value r = call_dunder(self, NAME(__iter__), NULL, 0, &found);
    if (found) {
        if (r && !type_of(r)->iternext)
            return err_format(&exc_TypeError, "iter() returned non-iterator of type '%T'", r);
        return r;
    }
    if (type_lookup(type_of(self), NAME(__getitem__))) return seqiter_new(self);
    return err_format(&exc_TypeError, "'%T' object is not iterable", self);
}

static Value heap_iternext(Value self) {
    bool found;
    Value r = call_dunder(self, NAME(__next__), NULL, 0, &found);
    if (!found) return err_format(&exc_TypeError, "'%T' object is not an iterator", self);
    if (!r && err_matches(&exc_StopIteration)) err_clear();
    return r;
}

bool type_iternext_is_dunder(Type *t) { return t->iternext == heap_iternext; }
bool type_iter_is_dunder(Type *t) { return t->iter == heap_iter; }

static Value heap_call(Value self, Value *args, size_t nargs, Value kwnames) {
    Value f = type_lookup(type_of(self), NAME(__call__));
    if (!f) return err_format(&exc_TypeError, "'%T' object is not callable", self);
    /* bind self in front of the arguments */
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    Value stackbuf[8];
    Value *a = nargs + nkw + 1 <= 8 ? stackbuf : gc_alloc(sizeof(Value) * (nargs + nkw + 1));
    a[0] = self;
    values_copy(a + 1, args, (nargs + nkw));
    Type *ft = type_of(f);
    if (ft == &function_type || ft == &slot_wrapper_type || ft == &method_descr_type)
        return obj_call(f, a, nargs + 1, kwnames);
    Value bound = ft->descr_get ? ft->descr_get(f, self, V_FROM_PTR(type_of(self))) : f;
    if (!bound) return VNULL;
    return obj_call(bound, args, nargs, kwnames);
}

static Value heap_descr_get(Value descr, Value obj, Value type) {
    Value f = type_lookup(type_of(descr), NAME(__get__));
    if (!f) return descr;
    Value a[3] = {descr, obj ? obj : V_NONE, type ? type : V_NONE};
    return obj_call(f, a, 3, VNULL);
}

static int heap_descr_set(Value descr, Value obj, Value v) {
    bool found;
    Value r;
    if (v) {
        Value a[2] = {obj, v};
        r = call_dunder(descr, NAME(__set__), a, 2, &found);
    } else {
        r = call_dunder(descr, NAME(__delete__), &obj, 1, &found);
    }
    if (!found) {
        err_format(&exc_AttributeError, v ? "__set__" : "__delete__");
        return -1;
    }
    return r ? 0 : -1;
}

static Value heap_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    Value nf = type_lookup(t, NAME(__new__));
    if (nf && function_check(nf)) {
        /* user __new__(cls, *args) */
        size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
        Value *a = gc_alloc(sizeof(Value) * (nargs + nkw + 1));
        a[0] = V_FROM_PTR(t);
        values_copy(a + 1, args, (nargs + nkw));
        return obj_call(nf, a, nargs + 1, kwnames);
    }
    if (nf && V_OBJ(nf)->type == &staticmethod_type && V_AS(StaticMethodObject, nf)->func) {
        size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
        Value *a = gc_alloc(sizeof(Value) * (nargs + nkw + 1));
        a[0] = V_FROM_PTR(t);
        values_copy(a + 1, args, (nargs + nkw));
        return obj_call(V_AS(StaticMethodObject, nf)->func, a, nargs + 1, kwnames);
    }
    if (type_is_builtin_new(nf)) return V_AS(Type, V_AS(BuiltinFunctionObject, nf)->self)->new_(t, args, nargs, kwnames);
    if (nf && !v_is_int(nf)) {
        /* any other callable (an lru_cache wrapper, a classmethod...): as
           CPython's slot_tp_new, getattr(cls, '__new__')(cls, *args) */
        Value f = obj_getattr(V_FROM_PTR(t), NAME(__new__));
        if (!f) return VNULL;
        size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
        Value *a = gc_alloc(sizeof(Value) * (nargs + nkw + 1));
        a[0] = V_FROM_PTR(t);
        values_copy(a + 1, args, (nargs + nkw));
        return obj_call(f, a, nargs + 1, kwnames);
    }
    Type *sb = solid_base(t);
    return sb->new_(t, args, nargs, kwnames);
}

static int heap_init(Value self, Value *args, size_t nargs, Value kwnames) {
    Type *t = type_of(self);
    Value f = type_lookup(t, NAME(__init__));
    if (!f || f == object_init_descr) return object_init(self, args, nargs, kwnames);
    Type *ft = type_of(f);
    Value r;
    if (ft == &function_type || ft == &method_descr_type || ft == &slot_wrapper_type) {
        size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
        Value stackbuf[8];
        Value *a = nargs + nkw + 1 <= 8 ? stackbuf : gc_alloc(sizeof(Value) * (nargs + nkw + 1));
        a[0] = self;
        values_copy(a + 1, args, (nargs + nkw));
        r = obj_call(f, a, nargs + 1, kwnames);
    } else {
        /* another descriptor binds first (a property's getter may raise);
           a plain callable is called as it is (CPython's slot_tp_init) */
        Value bound = ft->descr_get ? ft->descr_get(f, self, V_FROM_PTR(t)) : f;
        if (!bound) return -1;
        r = obj_call(bound, args, nargs, kwnames);
    }
    if (!r) return -1;
    if (r != V_NONE) {
        err_format(&exc_TypeError, "__init__() should return None, not '%T'", r);
        return -1;
    }
    return 0;
}

FunctionObject *type_plain_init(Type *t) {
    if (!type_has_flag(t, TF_HEAPTYPE) || type_has_flag(t, TF_HAS_DEL) || V_OBJ(V_FROM_PTR(t))->type != &type_type ||
        t->new_ != heap_new || t->init != heap_init || !t->attrs_offset || solid_base(t) != &object_type ||
        type_has_flag(t, TF_IS_ABSTRACT))
        return NULL;
    if (type_lookup(t, NAME(__new__)) != object_new_descr) return NULL;
    Value init = type_lookup(t, NAME(__init__));
    if (!init || !function_check(init)) return NULL;
    return V_AS(FunctionObject, init);
}

bool type_object_new_is_plain(Type *t) {
    if (!type_has_flag(t, TF_HEAPTYPE) || V_OBJ(V_FROM_PTR(t))->type != &type_type || solid_base(t) != &object_type ||
        type_has_flag(t, TF_IS_ABSTRACT) || type_has_flag(t, TF_ABSTRACT_NEW))
        return false;
    /* tp_new_wrapper's safety check: object's __new__ is the one below
       the class's Python __new__s */
    Value (*base_new)(Type *, Value *, size_t, Value) = NULL;
    Type *staticbase = static_new_base(t, &base_new);
    return !staticbase || base_new == object_new;
}

/* The __new__ written in Python of class t when calling t runs just that
 * function one eval level down (heap_new) and nothing else of Python's:
 * metaclass type, no __del__ to register, object's __init__. NULL when
 * calling t does anything else. */
static void instance_finalize(void *p);

FunctionObject *type_plain_new(Type *t) {
    if (!type_has_flag(t, TF_HEAPTYPE) || type_has_flag(t, TF_HAS_DEL) || V_OBJ(V_FROM_PTR(t))->type != &type_type ||
        t->new_ != heap_new || t->init != heap_init)
        return NULL;
    Value init = type_lookup(t, NAME(__init__));
    if (init && init != object_init_descr) return NULL;
    Value nf = type_lookup(t, NAME(__new__));
    if (nf && v_is_ptr(nf) && V_OBJ(nf)->type == &staticmethod_type) nf = V_AS(StaticMethodObject, nf)->func;
    if (!nf || !function_check(nf)) return NULL;
    return V_AS(FunctionObject, nf);
}

/* What type_call does with the object a __new__ returned when that object
 * is not an instance of the class called: __del__ registered (record.c
 * calls it after an inlined __new__). */
void type_new_result_tail(Value obj) {
    if (v_is_ptr(obj) && obj && type_has_flag(type_of(obj), TF_HAS_DEL)) gc_register_finalizer(V_OBJ(obj), instance_finalize);
}

/* ---- type objects -------------------------------------------------------------- */

static Value type_repr(Value self) {
    Type *t = V_AS(Type, self);
    Value mod = t->module;
    if (mod && str_check(mod) && !str_eq_cstr(mod, "builtins"))
        return str_printf("<class '%U.%U'>", mod, t->qualname ? t->qualname : type_name(t));
    return str_printf("<class '%s'>", t->tname);
}

/* Run __del__ (from a finalizer: the exception state is the caller's). */
static void instance_finalize(void *p) {
    Value self = V_FROM_PTR(p);
    Value saved = err_fetch();
    Value del = type_lookup(type_of(self), str_intern_cstr("__del__"));
    if (del && del != V_NONE) {
        bool found;
        Value r = obj_call_special(self, str_intern_cstr("__del__"), NULL, 0, &found);
        if (!r && err_occurred()) err_write_unraisable(err_fetch(), "", del);
    }
    err_restore(saved);
}

static Value type_call(Value callable, Value *args, size_t nargs, Value kwnames) {
    Type *t = V_AS(Type, callable);
    if (t == &type_type && nargs == 1 && (!kwnames || tuple_size(kwnames) == 0))
        return V_FROM_PTR(type_of(args[0]));
    if (nargs == 1 && !kwnames) {
        /* str(x), int(x), float(x): their __init__ is object's, which
           accepts the argument since __new__ is overridden */
        if (t == &str_type) return v_is_int(args[0]) ? int_repr(args[0]) : obj_str(args[0]);
        if (t == &int_type || t == &float_type) return t->new_(t, args, nargs, VNULL);
        /* set(it): set's __new__ and __init__, on a set nothing else holds
           (set_from_iterable may let a generator run ahead of the adds) */
        if (t == &set_type) return set_from_iterable(args[0]);
        /* list(g): the same for a new list (list_from_iterable may let a
           generator run ahead of the appends) */
        if (t == &list_type && gen_check(args[0])) return list_from_iterable(args[0]);
    }
    if (!t->new_) return err_format(&exc_TypeError, "cannot create '%s' instances", t->tname);
    if (type_has_flag(t, TF_HEAPTYPE)) gc_run_finalizers();   /* a safe point */
    Value obj = t->new_(t, args, nargs, kwnames);
    if (!obj) return VNULL;
    if (v_is_ptr(obj) && type_has_flag(type_of(obj), TF_HAS_DEL)) gc_register_finalizer(V_OBJ(obj), instance_finalize);
    if (t == &type_type) return obj;
    Type *ot = type_of(obj);
    /* range(a, b), set(it), tuple(it): a built-in type whose own __new__
       took the arguments keeps object.__init__, which accepts them exactly
       when __new__ is overridden, so it has nothing to check. (Built-in
       types' dicts cannot change, so the slots say what lookups would.) */
    if (ot == t && ot->init == object_init && ot->new_ != object_new && !type_has_flag(ot, TF_HEAPTYPE)) return obj;
    if (!type_is_subtype(ot, t)) return obj;
    if (ot->init && ot->init(obj, args, nargs, kwnames) < 0) return VNULL;
    return obj;
}

Type *type_calculate_meta(Type *meta, Value bases) {
    Type *winner = meta;
    for (int64_t i = 0; i < tuple_size(bases); i++) {
        Type *bt = type_of(tuple_get(bases, i));
        if (type_is_subtype(winner, bt)) continue;
        if (type_is_subtype(bt, winner)) {
            winner = bt;
            continue;
        }
        err_set(&exc_TypeError, "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass "
                                "of the metaclasses of all its bases");
        return NULL;
    }
    return winner;
}

/* a lone surrogate in str's WTF-8: ED A0..BF xx */
static bool wtf8_has_surrogate(const char *p, size_t n) {
    for (size_t i = 0; i + 1 < n; i++)
        if ((unsigned char)p[i] == 0xED && (unsigned char)p[i + 1] >= 0xA0) return true;
    return false;
}

/* A class name is a C string in CPython: no NUL, no lone surrogate. */
static int type_name_check(Value name) {
    if (memchr(str_data(name), 0, (size_t)str_nbytes(name))) {
        err_set(&exc_ValueError, "type name must not contain null characters");
        return -1;
    }
    if (wtf8_has_surrogate(str_data(name), (size_t)str_nbytes(name)) && !obj_call_method(name, "encode", NULL, 0))
        return -1;
    return 0;
}

static Value type_new_slot(Type *meta, Value *args, size_t nargs, Value kwnames) {
    if (nargs == 1 && (!kwnames || tuple_size(kwnames) == 0) && meta == &type_type)
        return V_FROM_PTR(type_of(args[0]));
    if (nargs != 3) {
        if (meta == &type_type) return err_set(&exc_TypeError, "type() takes 1 or 3 arguments");
        return err_format(&exc_TypeError, "type.__new__() takes exactly 3 arguments (%zd given)", (ssize_t)nargs);
    }
    if (!str_check(args[0]))
        return err_format(&exc_TypeError, "type.__new__() argument 1 must be str, not %T", args[0]);
    if (!tuple_check(args[1]))
        return err_format(&exc_TypeError, "type.__new__() argument 2 must be tuple, not %T", args[1]);
    if (!dict_check(args[2]))
        return err_format(&exc_TypeError, "type.__new__() argument 3 must be dict, not %T", args[2]);
    if (type_name_check(args[0]) < 0) return VNULL;
    /* only the class statement (and types.new_class) resolve __mro_entries__ */
    for (int64_t i = 0; i < tuple_size(args[1]); i++) {
        Value b = tuple_get(args[1], i);
        if (type_check(b)) continue;
        Value me = obj_getattr_opt(b, str_intern_cstr("__mro_entries__"));
        if (me) return err_set(&exc_TypeError, "type() doesn't support MRO entry resolution; use types.new_class()");
        if (err_occurred()) return VNULL;
    }
    /* CPython keeps a str __doc__ as UTF-8 too: a lone surrogate fails */
    Value doc = dict_get_str(args[2], NAME(__doc__));
    if (doc && str_check(doc) && wtf8_has_surrogate(str_data(doc), (size_t)str_nbytes(doc)) && !obj_call_method(doc, "encode", NULL, 0)) return VNULL;
    /* type(name, bases, ns) whose bases have a more derived metaclass with
       its own __new__ (enum's _simple_enum): that one makes the class */
    Type *winner = type_calculate_meta(meta, args[1]);
    if (!winner) return VNULL;
    if (winner != meta && winner->new_ != type_new_slot) return winner->new_(winner, args, nargs, kwnames);
    if (winner != meta) meta = winner;
    Value kw = VNULL;
    if (kwnames && tuple_size(kwnames)) {
        kw = dict_new();
        for (int64_t i = 0; i < tuple_size(kwnames); i++) dict_set(kw, tuple_get(kwnames, i), args[nargs + (size_t)i]);
    }
    return type_new_class(meta, args[0], args[1], args[2], kw);
}

static int type_init_slot(Value self, Value *args, size_t nargs, Value kwnames) {
    (void)self;
    (void)args;
    (void)kwnames;
    if (nargs != 1 && nargs != 3) {
        err_set(&exc_TypeError, "type.__init__() takes 1 or 3 arguments");
        return -1;
    }
    return 0;
}

static Value type_getattr(Value self, Value name) {
    Type *t = V_AS(Type, self);
    static Value abstractmethods;
    if (!abstractmethods) abstractmethods = str_intern_cstr("__abstractmethods__");
    if (name == abstractmethods) {
        /* a class's own, never a base's (CPython's is a getset of type
           reading the class's dict): inspect.isabstract tells by it
           whether ABCMeta.__new__ has finished */
        Value a = t == &type_type ? VNULL : dict_get_str(t->dict, name);
        return a ? a : err_set(&exc_AttributeError, "__abstractmethods__");
    }
    if (name == NAME(__annotations__) && !type_lookup(V_OBJ(self)->type, name)) {
        /* a class's own annotations, never a base's: made empty on first
           use for a class statement's class; builtin types have none */
        Value a = dict_get_str(t->dict, name);
        if (a) {
            Type *at = type_of(a);
            return at->descr_get ? at->descr_get(a, VNULL, self) : a;
        }
        if (!type_has_flag(t, TF_HEAPTYPE))
            return err_format(&exc_AttributeError, "type object '%s' has no attribute '__annotations__'", t->tname);
        a = dict_new();
        dict_set(t->dict, name, a);
        type_modified(t);
        return a;
    }
    Type *meta = V_OBJ(self)->type;
    Value meta_attr = type_lookup(meta, name);
    Type *mt = NULL;
    if (meta_attr) {
        mt = type_of(meta_attr);
        if (mt->descr_get && mt->descr_set) return mt->descr_get(meta_attr, self, V_FROM_PTR(meta));
    }
    Value attr = type_lookup(t, name);
    if (attr) {
        Type *at = type_of(attr);
        if (!at->descr_get) return attr;
        Value r = at->descr_get(attr, VNULL, self);
        /* a descriptor's AttributeError (types.DynamicClassAttribute's)
           falls back to the metaclass's __getattr__, as CPython's hook */
        if (r || !type_has_flag(meta, TF_HEAPTYPE) || !err_matches(&exc_AttributeError)) return r;
        Value ga = type_lookup(meta, NAME(__getattr__));
        if (!ga) return VNULL;
        err_clear();
        Value a[2] = {self, name};
        return obj_call(ga, a, 2, VNULL);
    }
    if (meta_attr) {
        if (mt->descr_get) return mt->descr_get(meta_attr, self, V_FROM_PTR(meta));
        return meta_attr;
    }
    if (type_has_flag(meta, TF_HEAPTYPE)) {
        Value ga = type_lookup(meta, NAME(__getattr__));
        if (ga) {
            Value a[2] = {self, name};
            return obj_call(ga, a, 2, VNULL);
        }
    }
    return err_format(&exc_AttributeError, "type object '%s' has no attribute '%U'", t->tname, name);
}

static int type_setattr(Value self, Value name, Value v) {
    Type *t = V_AS(Type, self);
    Type *meta = V_OBJ(self)->type;
    Value meta_attr = type_lookup(meta, name);
    if (meta_attr && is_data_descr(meta_attr)) return type_of(meta_attr)->descr_set(meta_attr, self, v);
    if (!type_has_flag(t, TF_HEAPTYPE)) {
        err_format(&exc_TypeError, "cannot set '%U' attribute of immutable type '%s'", name, t->tname);
        return -1;
    }
    int r;
    if (v) {
        r = dict_set(t->dict, name, v);
    } else {
        r = dict_del(t->dict, name);
        if (r == 0) {
            err_format(&exc_AttributeError, "type object '%s' has no attribute '%U'", t->tname, name);
            return -1;
        }
        r = r < 0 ? -1 : 0;
    }
    type_modified(t);
    /* keep the fast flags right, here and below */
    const char *n = str_data(name);
    if (n[0] == '_' && n[1] == '_') {
        if (str_eq_cstr(name, "__del__") || str_eq_cstr(name, "__getattr__") || str_eq_cstr(name, "__setattr__") ||
            str_eq_cstr(name, "__delattr__") || str_eq_cstr(name, "__getattribute__"))
            refresh_class(t, 0);
        if (str_eq_cstr(name, "__abstractmethods__") && r == 0) {
            int abstract = v ? obj_truth(v) : 0;
            if (abstract < 0) return -1;
            if (abstract) t->flags |= TF_IS_ABSTRACT;
            else t->flags &= ~(uint32_t)TF_IS_ABSTRACT;
        }
        if (names_pruned_slot(name)) refresh_pruned_slots(t, 0);
    }
    return r;
}

static Value type_get_name(Value self) { return type_name(V_AS(Type, self)); }
static int type_set_name(Value self, Value v) {
    Type *t = V_AS(Type, self);
    if (!v || !str_check(v)) {
        err_format(&exc_TypeError, "can only assign string to %s.__name__, not '%T'", t->tname, v ? v : V_NONE);
        return -1;
    }
    if (!type_has_flag(t, TF_HEAPTYPE)) {
        err_format(&exc_TypeError, "cannot set '__name__' attribute of immutable type '%s'", t->tname);
        return -1;
    }
    if (AUDIT("object.__setattr__", 3, self, str_intern_cstr("__name__"), v) < 0) return -1;
    if (type_name_check(v) < 0) return -1;
    t->name = str_intern(v);
    t->tname = str_data(t->name);
    return 0;
}
static Value type_get_qualname(Value self) {
    Type *t = V_AS(Type, self);
    return t->qualname ? t->qualname : type_name(t);
}
static int type_set_qualname(Value self, Value v) {
    Type *t = V_AS(Type, self);
    if (!type_has_flag(t, TF_HEAPTYPE)) {
        err_format(&exc_TypeError, "cannot %s '__qualname__' attribute of immutable type '%s'", v ? "set" : "delete",
                   t->tname);
        return -1;
    }
    if (!v) {
        err_format(&exc_TypeError, "cannot delete '__qualname__' attribute of immutable type '%s'", t->tname);
        return -1;
    }
    if (!str_check(v)) {
        err_format(&exc_TypeError, "can only assign string to %s.__qualname__, not '%T'", t->tname, v);
        return -1;
    }
    V_AS(Type, self)->qualname = v;
    return 0;
}
static Value type_get_module(Value self) {
    Type *t = V_AS(Type, self);
    if (type_has_flag(t, TF_HEAPTYPE)) {
        Value m = dict_get_str(t->dict, NAME(__module__));
        if (m) return m;
    }
    return t->module ? t->module : str_intern_cstr("builtins");
}
static int type_set_module(Value self, Value v) {
    Type *t = V_AS(Type, self);
    t->module = v;
    if (type_has_flag(t, TF_HEAPTYPE)) dict_set(t->dict, NAME(__module__), v ? v : V_NONE);
    return 0;
}
static Value type_get_mro(Value self) {
    Value mro = V_AS(Type, self)->mro;
    return mro ? mro : V_NONE;   /* None while a metaclass's mro() computes it */
}
static Value type_get_bases(Value self) { return V_AS(Type, self)->bases; }

/* __flags__: CPython's Py_TPFLAGS_* bits for what copyreg and inspect test
   (heap type, base type, abstract, the fast subclass bits) */
/* __basicsize__: the bytes of an instance, as object.__sizeof__ counts
   them; __itemsize__: the bytes each item adds to the instances of the
   variable-sized layouts (tuple's values, bytes' characters), else 0 */
static Value type_get_basicsize(Value self) {
    Type *t = V_AS(Type, self);
    return int_from_i64(t->basicsize ? t->basicsize : 16);
}
static Value type_get_itemsize(Value self) {
    Type *t = V_AS(Type, self);
    if (type_is_subtype(t, &tuple_type)) return v_int((int64_t)sizeof(Value));
    if (type_is_subtype(t, &bytes_type)) return v_int(1);
    return v_int(0);
}

static Value type_get_flags(Value self) {
    Type *t = V_AS(Type, self);
    int64_t f = 1 << 12 | 1 << 18;   /* READY, HAVE_VERSION_TAG */
    if (type_has_flag(t, TF_HEAPTYPE)) f |= 1 << 9;
    else f |= 1 << 8;   /* IMMUTABLETYPE */
    if (type_has_flag(t, TF_BASETYPE)) f |= 1 << 10;
    Value am = t->dict ? dict_get_cstr(t->dict, "__abstractmethods__") : VNULL;
    if (am) {
        int truth = obj_truth(am);
        if (truth > 0) f |= 1 << 20;
        err_clear();
    }
    if (type_has_flag(t, TF_MATCH_SEQUENCE)) f |= 1 << 5;
    if (type_has_flag(t, TF_MATCH_MAPPING)) f |= 1 << 6;
    if (type_has_flag(t, TF_INT_SUBCLASS)) f |= (int64_t)1 << 24;
    if (type_has_flag(t, TF_LIST_SUBCLASS)) f |= (int64_t)1 << 25;
    if (type_has_flag(t, TF_TUPLE_SUBCLASS)) f |= (int64_t)1 << 26;
    if (type_has_flag(t, TF_BYTES_SUBCLASS)) f |= (int64_t)1 << 27;
    if (type_has_flag(t, TF_STR_SUBCLASS)) f |= (int64_t)1 << 28;
    if (type_has_flag(t, TF_DICT_SUBCLASS)) f |= (int64_t)1 << 29;
    if (type_has_flag(t, TF_EXC_SUBCLASS)) f |= (int64_t)1 << 30;
    if (type_has_flag(t, TF_TYPE_SUBCLASS)) f |= (int64_t)1 << 31;
    return int_from_i64(f);
}

static Value best_base(Value bases);
static Type *solid_base(Type *t);


/* Does a's chain of layout bases reach b? (A reentrant __bases__
   assignment from a custom mro() sets base before the MROs catch up.) */
static bool base_chain_reaches(Type *a, Type *b) {
    for (; a; a = a->base)
        if (a == b) return true;
    return false;
}

/* Give t the MRO its metaclass computes now. 1: done, *old is the MRO it
   replaced; 0: a reentrant assignment (from a custom mro()) replaced t's
   MRO meanwhile, which wins; -1: error. */
static int mro_update(Type *t, Value *old) {
    Value prev = t->mro;
    Value mro = mro_invoke(t);
    if (!mro) return -1;
    if (t->mro != prev) return 0;
    t->mro = mro;
    type_modified(t);
    *old = prev;
    return 1;
}

/* New MROs for t and every class below it; each change goes on `undo` as
   (class, new MRO, old MRO) so that a failure can restore them all. */
static int mro_update_hierarchy(Type *t, Value undo, int depth) {
    Value old;
    int r = mro_update(t, &old);
    if (r <= 0) return r;
    list_append(undo, tuple_pack(3, V_FROM_PTR(t), t->mro, old));
    if (depth > 100) return r;
    /* a custom mro() may change the subclass list: walk a copy */
    Value subs = list_new(0);
    for (size_t i = 0; t->subclasses && i < gc_weak_list_len(t->subclasses); i++) {
        Type *sub = gc_weak_list_get(t->subclasses, i);
        if (sub) list_append(subs, V_FROM_PTR(sub));
    }
    for (int64_t i = 0; i < list_size(subs) && r >= 0; i++)
        r = mro_update_hierarchy(V_AS(Type, list_get(subs, i)), undo, depth + 1);
    return r;
}

static bool layouts_compatible(Type *a, Type *b);

/* C.__bases__ = (...): a heap class may change its bases when the instance
   layout stays the same; its MRO and its subclasses' are recomputed (the
   metaclasses' mro() may run, and may even assign __bases__ again) */
static int type_set_bases(Value self, Value v) {
    Type *t = V_AS(Type, self);
    if (!type_has_flag(t, TF_HEAPTYPE)) {
        err_format(&exc_TypeError, "cannot set '__bases__' attribute of immutable type '%s'", t->tname);
        return -1;
    }
    if (v && AUDIT("object.__setattr__", 3, self, str_intern_cstr("__bases__"), v) < 0) return -1;
    if (!v) {
        err_format(&exc_TypeError, "cannot delete '__bases__' attribute of immutable type '%s'", t->tname);
        return -1;
    }
    if (!tuple_check(v)) {
        err_format(&exc_TypeError, "can only assign tuple to %s.__bases__, not %T", t->tname, v);
        return -1;
    }
    if (tuple_size(v) == 0) {
        err_format(&exc_TypeError, "can only assign non-empty tuple to %s.__bases__, not ()", t->tname);
        return -1;
    }
    for (int64_t i = 0; i < tuple_size(v); i++) {
        Value b = tuple_get(v, i);
        if (!type_check(b)) {
            err_format(&exc_TypeError, "%s.__bases__ must be tuple of classes, not '%T'", t->tname, b);
            return -1;
        }
        if (type_is_subtype(V_AS(Type, b), t) || base_chain_reaches(V_AS(Type, b), t)) {
            err_set(&exc_TypeError, "a __bases__ item causes an inheritance cycle");
            return -1;
        }
    }
    Value nb = best_base(v);
    if (!nb) return -1;
    Type *new_base = V_AS(Type, nb);
    if (!layouts_compatible(t->base, new_base)) {
        /* CPython names the deallocator between object and a class */
        bool dealloc = type_has_flag(t->base, TF_HEAPTYPE) != type_has_flag(new_base, TF_HEAPTYPE) &&
                       (t->base == &object_type || new_base == &object_type);
        err_format(&exc_TypeError, "__bases__ assignment: '%s' %s differs from '%s'", new_base->tname,
                   dealloc ? "deallocator" : "object layout", t->base->tname);
        return -1;
    }
    Value old_bases = t->bases;
    Type *old_base = t->base;
    t->bases = v;
    t->base = new_base;
    Value undo = list_new(0);
    if (mro_update_hierarchy(t, undo, 0) < 0) {
        /* restore, newest first, each MRO nobody replaced since */
        for (int64_t i = list_size(undo) - 1; i >= 0; i--) {
            Value u = list_get(undo, i);
            Type *c = V_AS(Type, tuple_get(u, 0));
            if (c->mro == tuple_get(u, 1)) {
                c->mro = tuple_get(u, 2);
                type_modified(c);
            }
        }
        if (t->bases == v) {
            t->bases = old_bases;
            t->base = old_base;
        }
        return -1;
    }
    /* a reentrant assignment that replaced the bases did this already */
    if (t->bases == v) {
        for (int64_t i = 0; i < tuple_size(old_bases); i++) {
            Type *b = V_AS(Type, tuple_get(old_bases, i));
            gc_weak_list_remove(b->subclasses, t);
            if (type_has_flag(b, TF_HEAPTYPE)) jit_type_changed(b);
        }
        for (int64_t i = 0; i < tuple_size(v); i++) {
            Type *b = V_AS(Type, tuple_get(v, i));
            if (!b->subclasses) b->subclasses = gc_weak_list_new();
            gc_weak_list_add(b->subclasses, t);
            if (type_has_flag(b, TF_HEAPTYPE)) jit_type_changed(b);
        }
        refresh_class(t, 0);
        type_modified(t);
    }
    return 0;
}
static Value type_get_base(Value self) {
    Type *b = V_AS(Type, self)->base;
    return b ? V_FROM_PTR(b) : V_NONE;
}
static Value type_get_dict(Value self) { return mappingproxy_new(V_AS(Type, self)->dict); }
static Value type_get_doc(Value self) {
    Type *t = V_AS(Type, self);
    Value d = dict_get_str(t->dict, NAME(__doc__));
    if (d) {
        /* a class's __doc__ may be a descriptor (a property of the metaclass's instances) */
        Type *dt = type_of(d);
        if (type_has_flag(t, TF_HEAPTYPE) && dt->descr_get && !str_check(d)) return dt->descr_get(d, VNULL, self);
        /* a builtin type whose instances have their own __doc__ (methods) */
        if (!type_has_flag(t, TF_HEAPTYPE) && dt->descr_get) return t->doc ? t->doc : V_NONE;
        return d;
    }
    return t->doc ? t->doc : V_NONE;
}


/* C.__doc__ = ...: a class's docstring lives in its dict (namedtuple
   classes get theirs assigned after creation: selectors.SelectorKey);
   builtin types' are fixed */
static int type_set_doc(Value self, Value v) {
    Type *t = V_AS(Type, self);
    if (!type_has_flag(t, TF_HEAPTYPE)) {
        err_format(&exc_TypeError, "cannot set '__doc__' attribute of immutable type '%s'", t->tname);
        return -1;
    }
    if (!v) {
        err_format(&exc_TypeError, "cannot delete '__doc__' attribute of immutable type '%s'", t->tname);
        return -1;
    }
    if (dict_set(t->dict, NAME(__doc__), v) < 0) return -1;
    type_modified(t);
    return 0;
}

/* type.mro(): the C3 linearization of the class's bases, computed afresh
   (a metaclass's mro() override calls it; __mro__ is what is in use) */
static const ArgSpec type_mro_args = {"mro", 0, 0, 0, {NULL}};
static Value type_mro_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&type_mro_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Type *t = V_AS(Type, args[0]);
    Value mro = t->bases ? compute_mro(t) : t->mro;
    if (!mro) return VNULL;
    return list_from_array(tuple_items(mro), tuple_size(mro));
}

static Value type_subclasses_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    GcWeakList *w = V_AS(Type, args[0])->subclasses;
    Value l = list_new(0);
    for (size_t i = 0; i < gc_weak_list_len(w); i++) {
        Type *sub = gc_weak_list_get(w, i);
        if (sub) list_append(l, V_FROM_PTR(sub));
    }
    return l;
}

static Value type_instancecheck_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__instancecheck__", nargs - 1, 1, 1) < 0) return VNULL;
    return v_bool(type_is_subtype(type_of(args[1]), V_AS(Type, args[0])));
}

static Value type_subclasscheck_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__subclasscheck__", nargs - 1, 1, 1) < 0) return VNULL;
    if (!type_check(args[1])) return err_set(&exc_TypeError, "issubclass() arg 1 must be a class");
    return v_bool(type_is_subtype(V_AS(Type, args[1]), V_AS(Type, args[0])));
}

/* type.__prepare__(name, bases, **kwds): the class body's namespace */
static Value type_prepare_m(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    (void)kwnames;
    return dict_new();
}

static const MethodDef type_methods[] = {
    {"mro", type_mro_m, 0, NULL, &type_mro_args},
    {"__prepare__", type_prepare_m, MF_CLASS | MF_KEYWORDS, NULL},
    {"__subclasses__", type_subclasses_m, 0, NULL},
    {"__instancecheck__", type_instancecheck_m, 0, NULL},
    {"__subclasscheck__", type_subclasscheck_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* a type's own, not inherited (CPython's reads the type's own tp_doc): a
   builtin type's from its constructor's ArgSpec; a class's from a
   docstring starting "Name(...)\n--\n\n", as CPython's internal docs */
static Value type_get_text_signature(Value v) {
    Type *t = V_AS(Type, v);
    if (!(t->flags & TF_HEAPTYPE)) return argspec_text_signature(t->sig, NULL);
    Value doc = dict_get_str(t->dict, NAME(__doc__));
    if (!doc || !str_check(doc)) return V_NONE;
    const char *d = str_data(doc), *name = strrchr(t->tname, '.');
    name = name ? name + 1 : t->tname;
    size_t n = strlen(name);
    if (strncmp(d, name, n) != 0 || d[n] != '(') return V_NONE;
    const char *end = strstr(d + n, ")\n--\n\n");
    /* a blank line ends the search */
    const char *blank = strstr(d + n, "\n\n");
    if (!end || blank < end) return V_NONE;
    return str_new(d + n, (size_t)(end + 1 - (d + n)));
}

static const GetSetDef type_getsets[] = {
    {"__name__", type_get_name, type_set_name, NULL},
    {"__qualname__", type_get_qualname, type_set_qualname, NULL},
    {"__module__", type_get_module, type_set_module, NULL},
    {"__mro__", type_get_mro, NULL, NULL},
    {"__bases__", type_get_bases, type_set_bases, NULL},
    {"__flags__", type_get_flags, NULL, NULL},
    {"__basicsize__", type_get_basicsize, NULL, NULL},
    {"__itemsize__", type_get_itemsize, NULL, NULL},
    {"__base__", type_get_base, NULL, NULL},
    {"__dict__", type_get_dict, NULL, NULL},
    {"__doc__", type_get_doc, type_set_doc, NULL},
    {"__text_signature__", type_get_text_signature, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- type_ready: finishing builtin types ------------------------------------ */

#define INHERIT(s) \
    if (!t->s) t->s = b->s

void type_ready(Type *t) {
    if (t->flags & TF_READY) return;
    t->hdr.type = &type_type;
    Type *b = t->base;
    if (!b && t != &object_type) b = t->base = &object_type;
    if (b) {
        type_ready(b);
        INHERIT(repr);
        INHERIT(str);
        INHERIT(hash);
        INHERIT(richcompare);
        INHERIT(getattr);
        INHERIT(setattr);
        INHERIT(descr_get);
        INHERIT(init);
        INHERIT(new_);
        /* number/sequence behaviour is inherited by subclasses too */
        INHERIT(binop);
        INHERIT(unop);
        INHERIT(truth);
        INHERIT(len);
        INHERIT(getitem);
        INHERIT(setitem);
        INHERIT(contains);
        INHERIT(iter);
        INHERIT(iternext);
        INHERIT(call);
        if (!t->binop_mask) t->binop_mask = b->binop_mask;
        if (!t->unop_mask) t->unop_mask = b->unop_mask;
        t->flags |= b->flags & TF_INHERITED_MASK;
        if (!t->basicsize) t->basicsize = b->basicsize;
        if (!t->attrs_offset && b->attrs_offset) {
            t->attrs_offset = b->attrs_offset;
            t->inline_slots = b->inline_slots;
        }
    }
    t->flags |= TF_READY;
    if (!t->name) t->name = str_intern_cstr(t->tname);
    if (!t->qualname) t->qualname = t->name;
    if (!t->dict) t->dict = dict_new();
    t->bases = b ? tuple_pack(1, V_FROM_PTR(b)) : tuple_empty;
    t->mro = compute_mro(t);
    if (b) {
        if (!b->subclasses) b->subclasses = gc_weak_list_new();
        gc_weak_list_add(b->subclasses, t);
    }
    add_slot_wrappers(t);
    if (t->attrs_offset && !t->root_map) t->root_map = map_new_root(t);
    if (t->attrs_offset && !dict_get_str(t->dict, NAME(__dict__))) type_add_getsets(t, instance_dict_getset);
    if (t->doc == VNULL && !dict_get_str(t->dict, NAME(__doc__))) dict_set(t->dict, NAME(__doc__), V_NONE);
    type_modified(t);
}

void type_add_methods(Type *t, const MethodDef *defs) {
    if (!t->dict) t->dict = dict_new();
    for (; defs->name; defs++) {
        Value d;
        if (defs->flags & MF_STATIC) {
            StaticMethodObject *sm = (StaticMethodObject *)obj_alloc(&staticmethod_type, sizeof *sm);
            sm->func = builtin_function_new(defs, VNULL, VNULL);
            V_AS(BuiltinFunctionObject, sm->func)->owner = t;
            d = V_FROM_PTR(sm);
        } else if (defs->flags & MF_CLASS) {
            d = classmethod_descr_new(t, defs);
        } else {
            d = method_descr_new(t, defs);
        }
        dict_set(t->dict, str_intern_cstr(defs->name), d);
    }
}

void type_add_getsets(Type *t, const GetSetDef *defs) {
    if (!t->dict) t->dict = dict_new();
    for (; defs->name; defs++) dict_set(t->dict, str_intern_cstr(defs->name), getset_descr_new(t, defs));
}

void type_add_members(Type *t, const GetSetDef *defs) {
    if (!t->dict) t->dict = dict_new();
    for (; defs->name; defs++) dict_set(t->dict, str_intern_cstr(defs->name), cmember_descr_new(t, defs));
}

/* ---- class creation ----------------------------------------------------------- */

static Value best_base(Value bases) {
    /* the base whose layout (solid base) is most derived */
    Type *winner = NULL, *wsolid = NULL;
    for (int64_t i = 0; i < tuple_size(bases); i++) {
        Value bv = tuple_get(bases, i);
        if (!type_check(bv)) return err_format(&exc_TypeError, "bases must be types");
        Type *bt = V_AS(Type, bv);
        if (!type_has_flag(bt, TF_BASETYPE)) {
            /* a C module's type by its dotted name, as CPython's tp_name */
            if (bt->module && str_check(bt->module) && !str_eq_cstr(bt->module, "builtins")) {
                /* most C types' tname has the module in it already */
                size_t ml = (size_t)str_nbytes(bt->module);
                if (strncmp(bt->tname, str_data(bt->module), ml) == 0 && bt->tname[ml] == '.')
                    return err_format(&exc_TypeError, "type '%s' is not an acceptable base type", bt->tname);
                return err_format(&exc_TypeError, "type '%U.%s' is not an acceptable base type", bt->module, bt->tname);
            }
            return err_format(&exc_TypeError, "type '%s' is not an acceptable base type", bt->tname);
        }
        if (!bt->mro)   /* its metaclass's mro() is still running */
            return err_format(&exc_TypeError, "Cannot extend an incomplete type '%s'", bt->tname);
        Type *s = solid_base(bt);
        if (!winner) {
            winner = bt;
            wsolid = s;
        } else if (type_is_subtype(wsolid, s)) {
            /* keep */
        } else if (type_is_subtype(s, wsolid)) {
            winner = bt;
            wsolid = s;
        } else {
            return err_set(&exc_TypeError, "multiple bases have instance lay-out conflict");
        }
    }
    return V_FROM_PTR(winner);
}

static void set_heap_slots(Type *t) {
    t->repr = heap_repr;
    t->str = heap_str;
    t->hash = heap_hash;
    t->richcompare = heap_richcompare;
    t->binop = heap_binop;
    t->binop_mask = 0;
    t->unop = heap_unop;
    t->truth = heap_truth;
    t->len = heap_len;
    t->getattr = heap_getattr;
    t->setattr = heap_setattr;
    t->getitem = heap_getitem;
    t->setitem = heap_setitem;
    t->contains = heap_contains;
    t->iter = heap_iter;
    t->iternext = heap_iternext;
    t->call = heap_call;
    t->descr_get = NULL;
    t->descr_set = NULL;
    t->new_ = heap_new;
    t->init = heap_init;
}

/* Slots a heap type should not advertise unless the dunder exists anywhere
 * in its MRO: callable(), iterators, descriptors, len(), etc. test the slot
 * pointer directly. */
static void prune_heap_slots(Type *t) {
#define NEED(field, name) \
    if (!type_lookup(t, str_intern_cstr(name))) t->field = NULL
    NEED(call, "__call__");
    NEED(iternext, "__next__");
    NEED(len, "__len__");
    NEED(getitem, "__getitem__");
    if (!type_lookup(t, NAME(__setitem__)) && !type_lookup(t, NAME(__delitem__))) t->setitem = NULL;
    if (!type_lookup(t, NAME(__iter__)) && !type_lookup(t, NAME(__getitem__))) t->iter = NULL;
    if (type_lookup(t, NAME(__get__))) t->descr_get = heap_descr_get;
    if (type_lookup(t, NAME(__set__)) || type_lookup(t, NAME(__delete__))) t->descr_set = heap_descr_set;
#undef NEED
}

/* A dunder that decides a pruned slot was set on or deleted from a class
 * after its creation (A.__len__ = f): the slot is derived again, for the
 * class and every heap subclass. */
/* The iternext of a class whose __next__ was deleted after it made
   iterators: loops already holding one (FOR_ITER, list(it), ... read the
   slot once) get CPython's TypeError instead of a NULL slot. */
static Value heap_iternext_deleted(Value self) {
    return err_format(&exc_TypeError, "'%T' object is not iterable", self);
}

static void refresh_pruned_slots(Type *t, int depth) {
    if (!type_has_flag(t, TF_HEAPTYPE) || depth > 100) return;
    bool had_next = t->iternext != NULL;
    t->call = heap_call;
    t->iternext = heap_iternext;
    t->len = heap_len;
    t->getitem = heap_getitem;
    t->setitem = heap_setitem;
    t->iter = heap_iter;
    t->descr_get = NULL;
    t->descr_set = NULL;
    prune_heap_slots(t);
    if (had_next && !t->iternext) t->iternext = heap_iternext_deleted;
    if (!t->subclasses) return;
    for (size_t i = 0; i < gc_weak_list_len(t->subclasses); i++) {
        Type *sub = gc_weak_list_get(t->subclasses, i);
        if (sub) refresh_pruned_slots(sub, depth + 1);
    }
}

static bool names_pruned_slot(Value name) {
    static const char *const names[] = {"__call__", "__next__", "__len__", "__getitem__", "__setitem__",
                                        "__delitem__", "__iter__", "__get__", "__set__", "__delete__"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (str_eq_cstr(name, names[i])) return true;
    return false;
}

static Value object_setattr_descr;

/* The flags saying which attribute dunders a heap class overrides, from
   its MRO (derived again when a class or its bases change). */
static void set_dunder_flags(Type *t) {
    t->flags &= ~(uint32_t)(TF_HAS_GETATTR | TF_HAS_DEL | TF_HAS_SETATTR | TF_HAS_GETATTRIBUTE);
    if (type_lookup(t, NAME(__getattr__))) t->flags |= TF_HAS_GETATTR;
    if (type_lookup_cstr(t, "__del__")) t->flags |= TF_HAS_DEL;
    Value sa = type_lookup(t, NAME(__setattr__));
    Value da = type_lookup(t, NAME(__delattr__));
    if ((sa && sa != object_setattr_descr) || (da && type_of(da) != &slot_wrapper_type)) t->flags |= TF_HAS_SETATTR;
    Value ga = type_lookup(t, NAME(__getattribute__));
    if (ga && type_of(ga) != &slot_wrapper_type) t->flags |= TF_HAS_GETATTRIBUTE;
    /* a builtin base with its own attribute lookup (_thread._local, super,
       module...): its __getattribute__ wrapper, not the generic lookup */
    Type *solid = t->base;
    while (solid && type_has_flag(solid, TF_HEAPTYPE)) solid = solid->base;
    if (ga && solid && solid->getattr && solid->getattr != generic_getattr && solid->getattr != type_getattr)
        t->flags |= TF_HAS_GETATTRIBUTE;
}

/* A class's dict or MRO changed: the flags and slots derived from its
   MRO are derived again, for it and every class below it. */
static void refresh_class(Type *t, int depth) {
    if (depth > 100) return;
    if (type_has_flag(t, TF_HEAPTYPE)) set_dunder_flags(t);
    refresh_pruned_slots(t, 100);   /* this class only: the walk below does the rest */
    for (size_t i = 0; t->subclasses && i < gc_weak_list_len(t->subclasses); i++) {
        Type *sub = gc_weak_list_get(t->subclasses, i);
        if (sub) refresh_class(sub, depth + 1);
    }
}

Value type_new_class(Type *meta, Value name, Value bases, Value ns, Value kwargs) {
    if (tuple_size(bases) == 0) bases = tuple_pack(1, V_FROM_PTR(&object_type));
    for (int64_t i = 0; i < tuple_size(bases); i++)
        for (int64_t j = 0; j < i; j++)
            if (tuple_get(bases, i) == tuple_get(bases, j) && type_check(tuple_get(bases, i)))
                return err_format(&exc_TypeError, "duplicate base class %s", V_AS(Type, tuple_get(bases, i))->tname);
    Value bb = best_base(bases);
    if (!bb) return VNULL;
    Type *base = V_AS(Type, bb);
    /* classes have a heap kind of their own (gc.c, "walking the heap") */
    Type *t = gc_alloc_type(meta->basicsize > sizeof(Type) ? meta->basicsize : sizeof(Type));
    t->hdr.type = meta;
    t->name = str_intern(name);
    t->tname = str_data(t->name);
    Value qn = dict_get_str(ns, NAME(__qualname__));
    if (qn) {
        if (!str_check(qn)) return err_format(&exc_TypeError, "type __qualname__ must be a str, not %T", qn);
        t->qualname = qn;
    } else {
        t->qualname = t->name;
    }
    t->base = base;
    t->bases = bases;
    t->flags = TF_HEAPTYPE | TF_BASETYPE | TF_READY | (base->flags & TF_INHERITED_MASK);
    for (int64_t i = 0; i < tuple_size(bases); i++)
        t->flags |= V_AS(Type, tuple_get(bases, i))->flags & TF_INHERITED_MASK;
    t->dict = dict_copy(ns);
    if (qn) dict_del(t->dict, NAME(__qualname__));
    Value cellv = dict_get_str(t->dict, NAME(__classcell__));
    if (cellv) {
        if (!cell_check(cellv))
            return err_format(&exc_TypeError, "__classcell__ must be a nonlocal cell, not %R",
                              V_FROM_PTR(type_of(cellv)));
        dict_del(t->dict, NAME(__classcell__));
    }
    t->module = dict_get_str(t->dict, NAME(__module__));
    if (!t->module && tstate.frame && tstate.frame->globals) {
        /* type(name, bases, dict) called from Python code: its module */
        Value mn = dict_get_str(tstate.frame->globals, NAME(__name__));
        if (mn) {
            t->module = mn;
            dict_set(t->dict, NAME(__module__), mn);
        }
    }
    /* __doc__ defaults to None, unless __slots__ name it (typing's
       _SpecialForm): CPython checks slots against the class body itself */
    bool doc_defaulted = !dict_get_str(t->dict, NAME(__doc__));
    if (doc_defaulted) dict_set(t->dict, NAME(__doc__), V_NONE);
    /* layout */
    Value slots = dict_get_str(t->dict, NAME(__slots__));
    int32_t hint = 0;
    Value hv = dict_get_cstr(t->dict, "__tpy_attr_hint__");
    if (hv) {
        hint = (int32_t)v_intval(hv);
        dict_del(t->dict, str_intern_cstr("__tpy_attr_hint__"));
    }
    bool bases_have_dict = false;
    for (int64_t i = 0; i < tuple_size(bases); i++) {
        Type *bt = V_AS(Type, tuple_get(bases, i));
        if (type_has_flag(bt, TF_TYPE_SUBCLASS) || solid_base(bt) == &module_type ||   /* their own dict */
            (type_has_flag(bt, TF_HEAPTYPE) ? !type_has_flag(bt, TF_NO_DICT)
                                            : bt->attrs_offset != 0 || type_has_flag(bt, TF_VAR_DICT)))
            bases_have_dict = true;
    }
    bool bases_have_weakref = false;
    for (int64_t i = 0; i < tuple_size(bases); i++)
        bases_have_weakref |= type_has_flag(V_AS(Type, tuple_get(bases, i)), TF_WEAKREFABLE);
    int32_t base_members = 0;   /* slot members of the bases, numbered first */
    for (int64_t i = 0; i < tuple_size(bases); i++) {
        Type *bt = V_AS(Type, tuple_get(bases, i));
        if (!type_has_flag(bt, TF_HAS_MEMBERS)) continue;
        t->flags |= TF_HAS_MEMBERS;
        for (int64_t j = 0; j < tuple_size(bt->mro); j++) {
            Type *mt = V_AS(Type, tuple_get(bt->mro, j));
            int64_t pos = 0;
            Value k, v;
            while (mt->dict && dict_next(mt->dict, &pos, &k, &v))
                if (v_is_ptr(v) && type_of(v) == &member_descr_type && V_AS(MemberDescrObject, v)->owner == mt &&
                    V_AS(MemberDescrObject, v)->index + 1 > base_members)
                    base_members = V_AS(MemberDescrObject, v)->index + 1;
        }
    }
    Type *sb = solid_base(base);
    bool var_size = sb == &str_type || sb == &tuple_type || sb == &bytes_type;
    Value slot_names = VNULL;   /* list of the (mangled) member names */
    bool slots_dict = false, slots_weakref = false;
    if (slots) {
        Value items = str_check(slots) ? tuple_pack(1, slots) : tuple_from_iterable(slots);
        if (!items) return VNULL;
        slot_names = list_new(0);
        for (int64_t i = 0; i < tuple_size(items); i++) {
            Value n = tuple_get(items, i);
            if (!str_check(n)) return err_format(&exc_TypeError, "__slots__ items must be strings, not '%T'", n);
            if (str_eq_cstr(n, "__dict__")) {
                if (bases_have_dict || slots_dict)
                    return err_set(&exc_TypeError, "__dict__ slot disallowed: we already got one");
                slots_dict = true;
                continue;
            }
            if (str_eq_cstr(n, "__weakref__")) {
                if (slots_weakref || bases_have_weakref)
                    return err_set(&exc_TypeError,
                                   "__weakref__ slot disallowed: either we already got one, or __itemsize__ != 0");
                slots_weakref = true;
                continue;
            }
            Value ident = obj_call_method(n, "isidentifier", NULL, 0);
            if (!ident) return VNULL;
            if (ident != V_TRUE) return err_set(&exc_TypeError, "__slots__ must be identifiers");
            list_append(slot_names, str_intern(str_from_cstr(mangle_name(t->tname, str_data(n)))));
        }
        /* CPython's rule for its variable-size int, bytes and tuple (tpy's
           str is variable-size too, and shares the limitation) */
        if ((var_size || sb == &int_type) && list_size(slot_names))
            return err_format(&exc_TypeError, "nonempty __slots__ not supported for subtype of '%s'", sb->tname);
        if (list_size(slot_names)) t->flags |= TF_HAS_MEMBERS;
        /* members are numbered in sorted order, as CPython lays them out:
           classes naming the same slots in another order stay compatible
           for __class__ assignment */
        if (list_sort(slot_names, VNULL, false) < 0) return VNULL;
    }
    int32_t nmembers = base_members + (slot_names ? (int32_t)list_size(slot_names) : 0);
    bool no_dict = slots && !slots_dict && !bases_have_dict;
    if (no_dict) t->flags |= TF_NO_DICT;
    /* weakly referable: unless __slots__ leave out __weakref__ and no base
       is; never for the variable-size int, tuple and bytes (CPython's rule) */
    bool bases_weak = false;
    for (int64_t i = 0; i < tuple_size(bases); i++)
        bases_weak |= type_has_flag(V_AS(Type, tuple_get(bases, i)), TF_WEAKREFABLE);
    if (bases_weak || ((!slots || slots_weakref) && sb != &int_type && sb != &tuple_type && sb != &bytes_type))
        t->flags |= TF_WEAKREFABLE;
    if (hint > 16) hint = 16;
    if (hint < nmembers) hint = nmembers;   /* dict mode keeps members inline */
    if (base->attrs_offset) {
        /* the attrs block is the tail of the object: a subclass may widen
           its inline part (maps are per type, so slot numbers stay valid) */
        t->attrs_offset = base->attrs_offset;
        t->inline_slots = (uint32_t)hint > base->inline_slots ? (uint32_t)hint : base->inline_slots;
    } else if (type_has_flag(sb, TF_TYPE_SUBCLASS) || sb == &module_type) {
        /* a metaclass, a module subclass: instances keep attributes in the
           dict they already have (the module's namespace) */
        t->attrs_offset = 0;
        t->inline_slots = 0;
    } else if (var_size) {
        t->attrs_offset = 0;   /* variable-size layouts: attributes in a trailing dict */
        t->inline_slots = 0;
        if (!no_dict) t->flags |= TF_VAR_DICT;
    } else {
        t->attrs_offset = (sb->basicsize + 7u) & ~7u;
        t->inline_slots = (uint32_t)(hint > 0 ? hint : 2);
    }
    t->basicsize = t->attrs_offset ? t->attrs_offset + (uint32_t)sizeof(InstanceAttrs) + 8u * t->inline_slots
                                   : sb->basicsize + (type_has_flag(t, TF_VAR_DICT) ? VAR_DICT_EXTRA : 0u);
    /* the slots' descriptors, and __dict__ where a hierarchy first gets one */
    /* checked against the class body's names before any member is added:
       a name may repeat in __slots__ (datetime's date.__slots__ +
       time.__slots__ both hold '_hashcode'); the last one wins, as CPython */
    if (doc_defaulted && slot_names) {
        for (int64_t i = 0; i < list_size(slot_names); i++)
            if (list_get(slot_names, i) == NAME(__doc__)) dict_del(t->dict, NAME(__doc__));
    }
    for (int64_t i = 0; slot_names && i < list_size(slot_names); i++)
        if (dict_get_str(t->dict, list_get(slot_names, i)))
            return err_format(&exc_ValueError, "%R in __slots__ conflicts with class variable", list_get(slot_names, i));
    for (int64_t i = 0; slot_names && i < list_size(slot_names); i++) {
        Value n = list_get(slot_names, i);
        MemberDescrObject *md = (MemberDescrObject *)obj_alloc(&member_descr_type, sizeof *md);
        md->owner = t;
        md->name = n;
        md->index = base_members + (int32_t)i;
        /* __slots__ = {'name': 'its docstring'} */
        if (dict_check(slots)) {
            md->doc = dict_get(slots, n);
            if (!md->doc && err_occurred()) return VNULL;
        }
        dict_set(t->dict, n, V_FROM_PTR(md));
    }
    /* __dict__ where the hierarchy first gets a dict, __weakref__ where it
       first becomes weakly referable (__slots__ may give either alone) */
    if (!no_dict && !bases_have_dict && !dict_get_str(t->dict, NAME(__dict__)))
        dict_set(t->dict, NAME(__dict__), getset_descr_new(t, &heap_dict_getsets[0]));
    if (type_has_flag(t, TF_WEAKREFABLE) && !bases_weak && !dict_get_cstr(t->dict, "__weakref__"))
        dict_set(t->dict, str_intern_cstr("__weakref__"), getset_descr_new(t, &heap_dict_getsets[1]));
    set_heap_slots(t);
    /* the solid base's memory stays exportable (ctypes instances, arrays) */
    if (!t->getbuffer) t->getbuffer = base->getbuffer;
    t->mro = compute_mro(t);
    if (!t->mro) return VNULL;
    /* the class body's __class__ is set before a metaclass's mro() runs
       (which may call the class's functions) */
    if (cellv && cell_check(cellv)) cell_set(cellv, V_FROM_PTR(t));
    if (custom_mro(t)) {
        /* a metaclass's mro() runs while the class has no MRO yet (its
           __mro__ is None; lookups walk its bases); it may assign the
           class's __bases__, which sets an MRO that then stays */
        t->mro = VNULL;
        Value mro = mro_invoke(t);
        if (!mro) return VNULL;
        if (!t->mro) t->mro = mro;
        t->version = 0;
    }
    /* what match patterns accept: the first class of the MRO that is a
       sequence or a mapping decides (CPython's inherit_patma_flags); an
       ABC's __abc_tpflags__ sets it later (_abc.c) */
    t->flags &= ~(uint32_t)(TF_MATCH_SEQUENCE | TF_MATCH_MAPPING);
    for (int64_t i = 1; i < tuple_size(t->mro); i++) {
        Value b = tuple_get(t->mro, i);
        uint32_t f = type_check(b) ? V_AS(Type, b)->flags & (TF_MATCH_SEQUENCE | TF_MATCH_MAPPING) : 0;
        if (f) {
            t->flags |= f;
            break;
        }
    }
    t->hdr.type = meta;
    if (t->attrs_offset) t->root_map = map_new_root(t);
    set_dunder_flags(t);
    prune_heap_slots(t);
    /* __eq__ without __hash__ makes instances unhashable */
    if (dict_get_str(t->dict, NAME(__eq__)) && !dict_get_str(t->dict, NAME(__hash__)))
        dict_set(t->dict, NAME(__hash__), V_NONE);
    /* __new__ given as a plain function is a static method */
    Value nf = dict_get_str(t->dict, NAME(__new__));
    if (nf && function_check(nf)) {
        StaticMethodObject *sm = (StaticMethodObject *)obj_alloc(&staticmethod_type, sizeof *sm);
        sm->func = nf;
        dict_set(t->dict, NAME(__new__), V_FROM_PTR(sm));
    }
    /* __init_subclass__ and __class_getitem__ are implicit classmethods */
    Value isc = dict_get_str(t->dict, NAME(__init_subclass__));
    if (isc && function_check(isc)) {
        ClassMethodObject *cm = (ClassMethodObject *)obj_alloc(&classmethod_type, sizeof *cm);
        cm->func = isc;
        dict_set(t->dict, NAME(__init_subclass__), V_FROM_PTR(cm));
    }
    Value cgi = dict_get_str(t->dict, NAME(__class_getitem__));
    if (cgi && function_check(cgi)) {
        ClassMethodObject *cm = (ClassMethodObject *)obj_alloc(&classmethod_type, sizeof *cm);
        cm->func = cgi;
        dict_set(t->dict, NAME(__class_getitem__), V_FROM_PTR(cm));
    }
    for (int64_t i = 0; i < tuple_size(bases); i++) {
        Type *bt = V_AS(Type, tuple_get(bases, i));
        if (!bt->subclasses) bt->subclasses = gc_weak_list_new();
        gc_weak_list_add(bt->subclasses, t);
        /* traces that inlined a call of bt assumed it had no subclass
           (record.c, record_class_new) */
        if (type_has_flag(bt, TF_HEAPTYPE)) jit_type_changed(bt);
    }
    type_version(t);
    /* __set_name__ on descriptors */
    int64_t pos = 0;
    Value k, v;
    Value snapshot = dict_copy(t->dict);
    while (dict_next(snapshot, &pos, &k, &v)) {
        if (v_is_int(v) || v_is_smallfloat(v)) continue;
        Value sn = type_lookup(type_of(v), NAME(__set_name__));
        if (sn) {
            Value a[3] = {v, V_FROM_PTR(t), k};
            if (!obj_call(sn, a, 3, VNULL)) {
                /* CPython 3.11 wraps the error, the original as its cause */
                Value cause = err_fetch();
                err_format(&exc_RuntimeError, "Error calling __set_name__ on '%s' instance %R in '%s'",
                           type_of(v)->tname, k, t->tname);
                err_chain_cause(cause);
                return VNULL;
            }
        }
    }
    /* __init_subclass__ of the parent */
    Value parent_isc = VNULL;
    {
        /* as super(t, t) finds it: after t in t's MRO (which a custom
           mro() may have left t out of) */
        Value mro = t->mro;
        int64_t start = 0;
        while (start < tuple_size(mro) && V_AS(Type, tuple_get(mro, start)) != t) start++;
        if (start == tuple_size(mro))
            return err_set(&exc_TypeError, "super(type, obj): obj must be an instance or subtype of type");
        for (int64_t i = start + 1; i < tuple_size(mro); i++) {
            Type *b = V_AS(Type, tuple_get(mro, i));
            parent_isc = dict_get_str(b->dict, NAME(__init_subclass__));
            if (parent_isc) break;
        }
    }
    /* a Python classmethod, or a C type's own (_zoneinfo.ZoneInfo's);
       object's takes no keywords and does nothing */
    Value isc_callable = VNULL;
    if (parent_isc && V_OBJ(parent_isc)->type == &classmethod_type &&
        function_check(V_AS(ClassMethodObject, parent_isc)->func))
        isc_callable = V_AS(ClassMethodObject, parent_isc)->func;
    else if (parent_isc && V_OBJ(parent_isc)->type == &classmethod_descr_type &&
             V_AS(MethodDescrObject, parent_isc)->def->fn != object_init_subclass_m)
        isc_callable = parent_isc;
    if (isc_callable) {
        Value f = isc_callable;
        int64_t nkw = kwargs ? dict_size(kwargs) : 0;
        Value *a = gc_alloc(sizeof(Value) * (size_t)(1 + nkw));
        a[0] = V_FROM_PTR(t);
        Value kwn = VNULL;
        if (nkw) {
            kwn = tuple_new(nkw);
            int64_t p = 0, j = 0;
            while (dict_next(kwargs, &p, &k, &v)) {
                tuple_items(kwn)[j] = k;
                a[1 + j] = v;
                j++;
            }
        }
        if (!obj_call(f, a, 1, kwn)) return VNULL;
    } else if (kwargs && dict_size(kwargs)) {
        return err_format(&exc_TypeError, "%s.__init_subclass__() takes no keyword arguments", t->tname);
    }
    return V_FROM_PTR(t);
}

/* ---- init ----------------------------------------------------------------------- */

static Value map_repr(Value v) {
    return str_printf("<map of %d attrs>", (int)V_AS(Map, v)->nattrs);
}

Type object_type = {
    .tname = "object",
    .sig = &object_args,
    .flags = TF_BASETYPE,
    .basicsize = sizeof(Object),
    .repr = object_repr,
    .str = object_str,
    .hash = object_hash,
    .richcompare = object_richcompare,
    .getattr = generic_getattr,
    .setattr = generic_setattr,
    .new_ = object_new,
    .init = object_init,
};

/* class | class: a types.UnionType */
static Value type_binop(Value a, Value b, int op) {
    if (BINOP_BASE(op) != BINOP_OR || (op & BINOP_INPLACE)) return V_NOTIMPL;
    return union_or(a, b);
}

Type type_type = {
    .tname = "type",
    .binop = type_binop,
    .binop_mask = 1u << BINOP_OR,
    .base = &object_type,
    .flags = TF_BASETYPE | TF_TYPE_SUBCLASS,
    .basicsize = sizeof(Type),
    .repr = type_repr,
    .getattr = type_getattr,
    .setattr = type_setattr,
    .call = type_call,
    .new_ = type_new_slot,
    .init = type_init_slot,
};

Type map_type = {.tname = "map", .basicsize = sizeof(Map), .repr = map_repr};

static Value sw_get_name(Value v) { return str_intern_cstr(V_AS(SlotWrapperObject, v)->name); }
static Value sw_get_qualname(Value v) {
    SlotWrapperObject *s = V_AS(SlotWrapperObject, v);
    return str_printf("%U.%s", s->owner->qualname ? s->owner->qualname : type_name(s->owner), s->name);
}
static Value sw_get_objclass(Value v) { return V_FROM_PTR(V_AS(SlotWrapperObject, v)->owner); }

/* the signature inspect reads, as CPython's slot table gives; None where
   tpy's wrapper takes other arguments than CPython's (__pow__'s modulus) */
static Value sw_get_text_signature(Value v) {
    SlotWrapperObject *s = V_AS(SlotWrapperObject, v);
    const char *sig = NULL;
    switch (s->kind) {
    case SK_REPR: case SK_STR: case SK_HASH: case SK_UNOP: case SK_BOOL: case SK_LEN: case SK_ITER: case SK_NEXT:
        sig = "($self, /)";
        break;
    case SK_RICHCMP: case SK_BINOP: case SK_RBINOP: case SK_IBINOP:
        if (s->kind == SK_IBINOP || s->op != BINOP_POW) sig = "($self, value, /)";
        break;
    case SK_GETATTRIBUTE: case SK_DELATTR: sig = "($self, name, /)"; break;
    case SK_SETATTR: sig = "($self, name, value, /)"; break;
    case SK_GETITEM: case SK_DELITEM: case SK_CONTAINS: sig = "($self, key, /)"; break;
    case SK_SETITEM: sig = "($self, key, value, /)"; break;
    case SK_CALL: case SK_INIT: sig = "($self, /, *args, **kwargs)"; break;
    case SK_GET: sig = "($self, instance, owner=None, /)"; break;
    case SK_SET: sig = "($self, instance, value, /)"; break;
    case SK_DELETE: sig = "($self, instance, /)"; break;
    }
    return sig ? str_intern_cstr(sig) : V_NONE;
}
/* A slot wrapper's docstring: the one CPython's slot table gives the slot
   of that name (help() and doctests show it), sorted by name */
static const struct { const char *name, *doc; } slot_docs[] = {
    {"__abs__", "abs(self)"},
    {"__add__", "Return self+value."},
    {"__and__", "Return self&value."},
    {"__await__", "Return an iterator to be used in await expression."},
    {"__bool__", "True if self else False"},
    {"__call__", "Call self as a function."},
    {"__contains__", "Return key in self."},
    {"__delattr__", "Implement delattr(self, name)."},
    {"__delete__", "Delete an attribute of instance."},
    {"__delitem__", "Delete self[key]."},
    {"__divmod__", "Return divmod(self, value)."},
    {"__eq__", "Return self==value."},
    {"__float__", "float(self)"},
    {"__floordiv__", "Return self//value."},
    {"__ge__", "Return self>=value."},
    {"__get__", "Return an attribute of instance, which is of type owner."},
    {"__getattribute__", "Return getattr(self, name)."},
    {"__getitem__", "Return self[key]."},
    {"__gt__", "Return self>value."},
    {"__hash__", "Return hash(self)."},
    {"__iadd__", "Implement self+=value."},
    {"__iand__", "Return self&=value."},
    {"__ifloordiv__", "Return self//=value."},
    {"__ilshift__", "Return self<<=value."},
    {"__imatmul__", "Return self@=value."},
    {"__imod__", "Return self%=value."},
    {"__imul__", "Implement self*=value."},
    {"__index__", "Return self converted to an integer, if self is suitable for use as an index into a list."},
    {"__init__", "Initialize self.  See help(type(self)) for accurate signature."},
    {"__int__", "int(self)"},
    {"__invert__", "~self"},
    {"__ior__", "Return self|=value."},
    {"__ipow__", "Return self**=value."},
    {"__irshift__", "Return self>>=value."},
    {"__isub__", "Return self-=value."},
    {"__iter__", "Implement iter(self)."},
    {"__itruediv__", "Return self/=value."},
    {"__ixor__", "Return self^=value."},
    {"__le__", "Return self<=value."},
    {"__len__", "Return len(self)."},
    {"__lshift__", "Return self<<value."},
    {"__lt__", "Return self<value."},
    {"__matmul__", "Return self@value."},
    {"__mod__", "Return self%value."},
    {"__mul__", "Return self*value."},
    {"__ne__", "Return self!=value."},
    {"__neg__", "-self"},
    {"__next__", "Implement next(self)."},
    {"__or__", "Return self|value."},
    {"__pos__", "+self"},
    {"__pow__", "Return pow(self, value, mod)."},
    {"__radd__", "Return value+self."},
    {"__rand__", "Return value&self."},
    {"__rdivmod__", "Return divmod(value, self)."},
    {"__repr__", "Return repr(self)."},
    {"__rfloordiv__", "Return value//self."},
    {"__rlshift__", "Return value<<self."},
    {"__rmatmul__", "Return value@self."},
    {"__rmod__", "Return value%self."},
    {"__rmul__", "Return value*self."},
    {"__ror__", "Return value|self."},
    {"__rpow__", "Return pow(value, self, mod)."},
    {"__rrshift__", "Return value>>self."},
    {"__rshift__", "Return self>>value."},
    {"__rsub__", "Return value-self."},
    {"__rtruediv__", "Return value/self."},
    {"__rxor__", "Return value^self."},
    {"__set__", "Set an attribute of instance to value."},
    {"__setattr__", "Implement setattr(self, name, value)."},
    {"__setitem__", "Set self[key] to value."},
    {"__str__", "Return str(self)."},
    {"__sub__", "Return self-value."},
    {"__truediv__", "Return self/value."},
    {"__xor__", "Return self^value."},
};

static Value sw_get_doc(Value v) {
    const char *name = V_AS(SlotWrapperObject, v)->name;
    size_t lo = 0, hi = sizeof slot_docs / sizeof slot_docs[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(name, slot_docs[mid].name);
        if (c == 0) return str_intern_cstr(slot_docs[mid].doc);
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return V_NONE;
}

static const GetSetDef slot_wrapper_getsets[] = {
    {"__name__", sw_get_name, NULL, NULL},
    {"__qualname__", sw_get_qualname, NULL, NULL},
    {"__objclass__", sw_get_objclass, NULL, NULL},
    {"__doc__", sw_get_doc, NULL, NULL},
    {"__text_signature__", sw_get_text_signature, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* int.__add__: getattr(int, '__add__') */
static Value slot_wrapper_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    SlotWrapperObject *w = V_AS(SlotWrapperObject, args[0]);
    return reduce_as_getattr(V_FROM_PTR(w->owner), str_from_cstr(w->name));
}

static const MethodDef slot_wrapper_methods[] = {
    {"__reduce__", slot_wrapper_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Type slot_wrapper_type = {
    .tname = "wrapper_descriptor",
    .flags = TF_ABSTRACT_NEW,   /* made by the runtime only */
    .basicsize = sizeof(SlotWrapperObject),
    .repr = slot_wrapper_repr,
    .call = slot_wrapper_call,
    .descr_get = slot_wrapper_get,
};

void type_init(void) {
    gc_set_collect_hook(mcache_clear);
    /* bootstrap: object and type refer to each other */
    object_type.hdr.type = &type_type;
    type_type.hdr.type = &type_type;
    type_add_methods(&object_type, object_methods);
    type_add_getsets(&object_type, object_getsets);
    type_ready(&object_type);
    type_add_methods(&type_type, type_methods);
    type_add_getsets(&type_type, type_getsets);
    type_ready(&type_type);
    type_ready(&map_type);
    type_add_getsets(&slot_wrapper_type, slot_wrapper_getsets);
    type_add_methods(&slot_wrapper_type, slot_wrapper_methods);
    type_ready(&slot_wrapper_type);
    /* slot members are member_descriptors as builtin types' members are
       (types.MemberDescriptorType), with their own storage and slots */
    cmember_type_init();
    member_descr_type.base = &cmember_descr_type;
    type_add_methods(&member_descr_type, member_methods);
    type_add_getsets(&member_descr_type, member_getsets);
    type_ready(&member_descr_type);
    object_init_descr = dict_get_str(object_type.dict, NAME(__init__));
    object_new_descr = dict_get_str(object_type.dict, NAME(__new__));
    object_setattr_descr = dict_get_str(object_type.dict, NAME(__setattr__));
    type_mro_descr = dict_get_str(type_type.dict, NAME(mro));
    dict_mode_map.hdr.type = &map_type;
    dict_mode_map.index = -1;
}
