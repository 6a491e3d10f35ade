/* interp.c: the bytecode interpreter.
 *
 * One C activation of eval_frame() runs an entry frame and every Python
 * frame it calls (they are pushed and popped without C recursion); it
 * returns when the entry frame returns, yields (generators) or lets an
 * exception escape. Dispatch is by computed goto over the opcode table.
 *
 * Register state: f (frame), co (its code), ip (next instruction), sp
 * (value stack top), locals (f->localsplus). Whenever control leaves f for
 * another frame, f->ip and f->sp are saved; a frame that is not running
 * is thus fully described by its fields (the JIT's resume relies on this).
 *
 * Inline caches (code->caches, see obj/code.h) make attribute and global
 * access cheap: each records the type version, map or dict version its
 * answer is valid for.
 */
#include <math.h>
#include <stdio.h>

#include "../introspect/sampler.h"
#include "../jit/params.h"
#include "../jit/trace.h"
#include "../mod/modules.h"
#include "../obj/gen.h"
#include "../runtime.h"
#include "opcodes.h"
#include "pending.h"
#include "traceback.h"

/* Inside eval_frame_impl: the pending actions after a call returned (a
   safe point; sys.settrace() and sys.setprofile() also switch to the
   tracing dispatch here) */
#define SAFE_POINT_AFTER_CALL()                                                   \
    do {                                                                          \
        if (pending()) {                                                          \
            SAVE_REGS();                                                          \
            if (pending_run() < 0) goto error;                                    \
            if (tstate.use_tracing || (interp_save_ip && dispatch == labels)) dispatch = trace_labels; \
        }                                                                         \
    } while (0)

bool interp_save_ip;

Value import_name_stmt(Value name, Value fromlist, Value level, Value globals, Value locals,
                       Value builtins);   /* mod/import.c */
Value import_from(Value module, Value name);
int import_star(Value module, Value locals_or_globals);
Value builtins_build_class_fn(void);                                        /* mod/builtins.c */
int sys_displayhook(Value v);                                               /* mod/sys.c */

/* Inline cache kinds */
enum {
    IC_EMPTY,
    IC_ATTR_SLOT,        /* instance attribute: key type, key2 map, index slot */
    IC_ATTR_CLASS,       /* class attribute, not shadowed: key type, key2 map (or NULL), value */
    IC_ATTR_METHOD,      /* function in the class: bound on access */
    IC_ATTR_MODULE,      /* module global: key module dict, value cell */
    IC_ATTR_TYPE,        /* attribute of a type object: key type, value */
    IC_ATTR_GETSET,      /* builtin getset descriptor: key type, value descr */
    IC_ATTR_PROPERTY,    /* property with a Python getter: key type, value property */
    IC_METHOD,           /* LOAD_METHOD: key type, key2 map or NULL, value function/descr */
    IC_STORE_SLOT,       /* STORE_ATTR existing slot: key type, key2 map, index */
    IC_STORE_ADD,        /* STORE_ATTR adding a slot: key type, key2 old map, value new map */
    IC_GLOBAL_MODULE,    /* LOAD_GLOBAL: key globals dict, value cell */
    IC_GLOBAL_BUILTIN,   /* LOAD_GLOBAL: key globals dict, index globals version, value builtins cell */
};

/* ---- helpers ------------------------------------------------------------------------- */

static inline Value *slot_addr(Type *t, InstanceAttrs *a, int64_t idx) {
    if ((uint64_t)idx < t->inline_slots) return &a->slots[idx];
    return &a->overflow[idx - (int64_t)t->inline_slots];
}

/* NameError, with what CPython's hint searches: the code's local variable
 * names (not the frame's values), the globals, the builtins */
static Value name_error(Frame *f, Value name) {
    err_name_error(name);
    err_name_error_scope(f->code->varnames, f->globals, f->builtins ? f->builtins : tstate.builtins);
    return VNULL;
}

/* A name in a namespace that is not a plain dict (a dict subclass given to
   exec(), any object as its __builtins__): by subscription, as CPython's
   slow paths; VNULL with no error when it is missing (KeyError) */
static Value mapping_lookup(Value ns, Value name) {
    if (dict_check_exact(ns)) return dict_get(ns, name);
    Value v = obj_getitem(ns, name);
    if (!v && err_matches(&exc_KeyError)) err_clear();
    return v;
}

/* LOAD_GLOBAL when the globals or the builtins are not plain dicts: nothing
   is cached (the inline cache and compiled code assume plain dicts) */
static Value load_global_mapping(Frame *f, Value name, Value b) {
    Value v = mapping_lookup(f->globals, name);
    if (!v && !err_occurred()) v = mapping_lookup(b, name);
    if (!v && !err_occurred()) name_error(f, name);
    return v;
}

static Value load_global_slow(Frame *f, InlineCache *ic) {
    Value name = ic->name;
    Value builtins = f->builtins ? f->builtins : tstate.builtins;
    if (!dict_check_exact(f->globals) || !dict_check_exact(builtins)) return load_global_mapping(f, name, builtins);
    DictObject *g = V_AS(DictObject, f->globals);
    Value cell = g->cells ? dict_get_cell(f->globals, name, false) : VNULL;
    if (cell && V_AS(CellObject, cell)->value) {
        ic->kind = IC_GLOBAL_MODULE;
        ic->key = g;
        ic->value = cell;
        return V_AS(CellObject, cell)->value;
    }
    if (!g->cells) {
        Value v = dict_get(f->globals, name);
        if (v) return v;
    }
    Value b = f->builtins;
    if (!b) b = tstate.builtins;
    Value bcell = V_AS(DictObject, b)->cells ? dict_get_cell(b, name, false) : VNULL;
    if (bcell && V_AS(CellObject, bcell)->value) {
        if (g->cells) {
            ic->kind = IC_GLOBAL_BUILTIN;
            ic->key = g;
            ic->index = (int64_t)g->version;
            ic->value = bcell;
        }
        return V_AS(CellObject, bcell)->value;
    }
    Value v = dict_get(b, name);
    if (v) return v;
    if (err_occurred()) return VNULL;
    return name_error(f, name);
}

static Value load_attr_slow_(Value obj, InlineCache *ic);

/* LOAD_ATTR slow path: compute and (when possible) cache. */
static Value load_attr_slow(Value obj, InlineCache *ic) {
    Value r = load_attr_slow_(obj, ic);
    if (!r) err_attribute_context(obj, ic->name);
    return r;
}

static Value load_attr_slow_(Value obj, InlineCache *ic) {
    Value name = ic->name;
    Type *t = type_of(obj);
    if (ic->misses < 250) ic->misses++;
    if (t->getattr == generic_getattr || (type_has_flag(t, TF_HEAPTYPE) && !type_has_flag(t, TF_HAS_GETATTRIBUTE) &&
                                          t->getattr != NULL && !type_check(obj))) {
        Value descr = type_lookup(t, name);
        Type *dt = descr ? type_of(descr) : NULL;
        uint32_t ver = type_version(t);
        bool data_descr = dt && dt->descr_get && dt->descr_set;
        if (dt == &property_type && V_AS(PropertyObject, descr)->fget &&
            function_check(V_AS(PropertyObject, descr)->fget) && type_has_flag(t, TF_HEAPTYPE) &&
            !type_has_flag(t, TF_HAS_GETATTR | TF_HAS_GETATTRIBUTE | TF_TYPE_SUBCLASS)) {
            /* a property wins over the instance's attributes (a data
               descriptor) and, with no __getattr__, its getter's result
               (or error) is the attribute's: the hit calls the getter
               directly, without the lookup (properties are immutable;
               the class's version covers replacing it) */
            ic->kind = IC_ATTR_PROPERTY;
            ic->key = t;
            ic->version = ver;
            ic->value = descr;
        }
        if (!data_descr && t->attrs_offset && v_is_ptr(obj)) {
            InstanceAttrs *a = instance_attrs(obj, t);
            Map *m = a->map;
            if (m && m != &dict_mode_map) {
                int32_t idx = map_lookup(m, name);
                if (idx >= 0) {
                    ic->kind = IC_ATTR_SLOT;
                    ic->key = t;
                    ic->version = ver;
                    ic->key2 = m;
                    ic->index = idx;
                    return *slot_addr(t, a, idx);
                }
                if (descr && (!dt->descr_get || dt == &function_type)) {
                    ic->kind = dt == &function_type ? IC_ATTR_METHOD : IC_ATTR_CLASS;
                    ic->key = t;
                    ic->version = ver;
                    ic->key2 = m;
                    ic->value = descr;
                }
            }
        } else if (descr && !t->attrs_offset && !type_has_flag(t, TF_VAR_DICT) &&
                   (!dt->descr_get || dt == &function_type)) {
            /* (a TF_VAR_DICT instance's own dict may shadow the class
               attribute: not cached) */
            ic->kind = dt == &function_type ? IC_ATTR_METHOD : IC_ATTR_CLASS;
            ic->key = t;
            ic->version = ver;
            ic->key2 = NULL;
            ic->value = descr;
        } else if (descr && (dt == &getset_descr_type || dt == &cmember_descr_type) && !t->attrs_offset) {
            ic->kind = IC_ATTR_GETSET;
            ic->key = t;
            ic->version = ver;
            ic->value = descr;
        }
        Value r = t->getattr ? t->getattr(obj, name) : generic_getattr(obj, name);
        return r;
    }
    if (t == &module_type) {
        Value d = module_dict(obj);
        Value cell = dict_get_cell(d, name, false);
        if (cell && V_AS(CellObject, cell)->value) {
            ic->kind = IC_ATTR_MODULE;
            ic->key = V_AS(DictObject, d);
            ic->value = cell;
            return V_AS(CellObject, cell)->value;
        }
    }
    if (type_check(obj) && V_OBJ(obj)->type == &type_type) {
        Type *ot = V_AS(Type, obj);
        Value attr = type_lookup(ot, name);
        /* (__annotations__ is the class's own, never inherited: type_getattr) */
        if (attr && !type_lookup(&type_type, name) && name != NAME(__annotations__)) {
            Type *at = type_of(attr);
            if (!at->descr_get || at == &function_type) {
                ic->kind = IC_ATTR_TYPE;
                ic->key = ot;
                ic->version = type_version(ot);
                ic->value = attr;
                return attr;
            }
        }
    }
    return obj_getattr(obj, name);
}

/* LOAD_METHOD slow path: pushes (meth, self) or (NULL, attr). */
static int load_method_slow(Value obj, InlineCache *ic, Value *meth, Value *self) {
    Value name = ic->name;
    Type *t = type_of(obj);
    if (t == &module_type || t == &type_type) {
        /* math.sqrt(x), Class.method(x): a plain attribute, cached as
           LOAD_ATTR caches it (IC_ATTR_MODULE, IC_ATTR_TYPE; LOAD_METHOD
           tries those kinds too) */
        Value r = load_attr_slow(obj, ic);
        if (!r) return -1;
        *meth = VNULL;
        *self = r;
        return 0;
    }
    if ((t->getattr == generic_getattr || (type_has_flag(t, TF_HEAPTYPE) && !type_has_flag(t, TF_HAS_GETATTRIBUTE))) &&
        !type_check(obj)) {
        Value descr = type_lookup(t, name);
        Type *dt = descr ? type_of(descr) : NULL;
        if (descr && (dt == &function_type || dt == &method_descr_type)) {
            Map *m = NULL;
            bool shadowed = false;
            bool var_dict = type_has_flag(t, TF_VAR_DICT) && v_is_ptr(obj);
            if (t->attrs_offset && v_is_ptr(obj)) {
                InstanceAttrs *a = instance_attrs(obj, t);
                m = a->map;
                if (m == &dict_mode_map) shadowed = dict_get(V_FROM_PTR(a->overflow), name) != VNULL;
                else if (m) shadowed = map_lookup(m, name) >= 0;
            } else if (var_dict) {
                shadowed = instance_get_attr(obj, name) != VNULL;
            }
            if (!shadowed) {
                /* a TF_VAR_DICT instance's dict may gain the name: not cached */
                if (m != &dict_mode_map && (m || !t->attrs_offset) && !var_dict) {
                    ic->kind = IC_METHOD;
                    ic->key = t;
                    ic->version = type_version(t);
                    ic->key2 = m;
                    ic->value = descr;
                }
                *meth = descr;
                *self = obj;
                return 0;
            }
        }
    }
    Value r = obj_getattr(obj, name);   /* sets the AttributeError's context */
    if (!r) return -1;
    *meth = VNULL;
    *self = r;
    return 0;
}

/* What LOAD_METHOD pushes for (obj, name), without touching caches: true
 * with *meth set to a function or method descriptor when the method form
 * applies (the JIT recorder mirrors the interpreter with it). */
bool interp_lookup_method(Value obj, Value name, Value *meth, Value *self) {
    Type *t = type_of(obj);
    *meth = VNULL;
    *self = obj;
    if ((t->getattr == generic_getattr || (type_has_flag(t, TF_HEAPTYPE) && !type_has_flag(t, TF_HAS_GETATTRIBUTE))) &&
        !type_check(obj)) {
        Value descr = type_lookup(t, name);
        Type *dt = descr ? type_of(descr) : NULL;
        if (descr && (dt == &function_type || dt == &method_descr_type)) {
            bool shadowed = false;
            if (t->attrs_offset && v_is_ptr(obj)) {
                InstanceAttrs *a = instance_attrs(obj, t);
                Map *m = a->map;
                if (m == &dict_mode_map) shadowed = dict_get(V_FROM_PTR(a->overflow), name) != VNULL;
                else if (m) shadowed = map_lookup(m, name) >= 0;
            } else if (type_has_flag(t, TF_VAR_DICT) && v_is_ptr(obj)) {
                shadowed = instance_get_attr(obj, name) != VNULL;
            }
            if (!shadowed) {
                *meth = descr;
                return true;
            }
        }
    }
    return false;
}

static int store_attr_slow(Value obj, Value v, InlineCache *ic) {
    Value name = ic->name;
    Type *t = type_of(obj);
    if (t->attrs_offset && v_is_ptr(obj) && !type_has_flag(t, TF_HAS_SETATTR) &&
        (t->setattr == generic_setattr || type_has_flag(t, TF_HEAPTYPE))) {
        Value descr = type_lookup(t, name);
        if (!descr || !type_of(descr)->descr_set) {
            InstanceAttrs *a = instance_attrs(obj, t);
            Map *m = a->map ? a->map : t->root_map;
            if (m != &dict_mode_map) {
                int32_t idx = map_lookup(m, name);
                if (idx >= 0) {
                    ic->kind = IC_STORE_SLOT;
                    ic->key = t;
                    ic->version = type_version(t);
                    ic->key2 = m;
                    ic->index = idx;
                } else if (m->nattrs < 100 && instance_may_add_attr(t, name)) {
                    Map *nm = map_add(m, name);
                    ic->kind = IC_STORE_ADD;
                    ic->key = t;
                    ic->version = type_version(t);
                    ic->key2 = m;
                    ic->value = V_FROM_PTR(nm);
                }
            }
            return instance_set_attr(obj, name, v);
        }
    }
    return obj_setattr(obj, name, v);
}

/* ---- polymorphic attribute caches ----------------------------------------------------
 * An attribute instruction's cache holds one entry; when a miss is about to
 * replace it, the old entry moves to a second one (ic->alt), which the
 * instruction also tries before its slow path. A site that sees two types
 * (a method called on instances of two classes) then always hits. */

static void ic_keep_alt(InlineCache *ic) {
    if (ic->kind == IC_EMPTY) return;
    InlineCache *alt = ic->alt;
    if (!alt) alt = ic->alt = gc_alloc(sizeof(InlineCache));
    alt->name = ic->name;
    alt->kind = ic->kind;
    alt->version = ic->version;
    alt->key = ic->key;
    alt->key2 = ic->key2;
    alt->value = ic->value;
    alt->index = ic->index;
}

/* LOAD_ATTR from a cache entry: 1 and *out on a hit, 2 and *out the
 * getset descriptor to call, 0 on a miss. */
static inline __attribute__((always_inline)) int ic_load_attr(InlineCache *ic, Value obj, Type *t, Value *out) {
    switch (ic->kind) {
    case IC_ATTR_SLOT:
        if (ic->key == t && ic->version == t->version) {
            InstanceAttrs *a = instance_attrs(obj, t);
            if (a->map == ic->key2) {
                *out = *slot_addr(t, a, ic->index);
                return 1;
            }
        }
        return 0;
    case IC_ATTR_METHOD:
        if (ic->key == t && ic->version == t->version && (!ic->key2 || instance_attrs(obj, t)->map == ic->key2)) {
            *out = method_new(ic->value, obj);
            return 1;
        }
        return 0;
    case IC_ATTR_CLASS:
        if (ic->key == t && ic->version == t->version && (!ic->key2 || instance_attrs(obj, t)->map == ic->key2)) {
            *out = ic->value;
            return 1;
        }
        return 0;
    case IC_ATTR_MODULE:
        if (t == &module_type && ic->key == V_AS(DictObject, module_dict(obj))) {
            Value v = V_AS(CellObject, ic->value)->value;
            if (v) {
                *out = v;
                return 1;
            }
        }
        return 0;
    case IC_ATTR_TYPE:
        if (ic->key == V_AS(Type, obj) && V_AS(Type, obj)->version == ic->version && t == &type_type) {
            *out = ic->value;
            return 1;
        }
        return 0;
    case IC_ATTR_GETSET:
        if (ic->key == t && ic->version == t->version) {
            *out = ic->value;   /* the caller calls the getter */
            return 2;
        }
        return 0;
    case IC_ATTR_PROPERTY:
        if (ic->key == t && ic->version == t->version) {
            *out = ic->value;   /* the caller calls the property's getter */
            return 3;
        }
        return 0;
    }
    return 0;
}

/* STORE_ATTR through a cache entry: true when done. */
static inline __attribute__((always_inline)) bool ic_store_attr(InlineCache *ic, Value obj, Type *t, Value v) {
    if (ic->key != t || ic->version != t->version) return false;
    if (ic->kind == IC_STORE_SLOT) {
        InstanceAttrs *a = instance_attrs(obj, t);
        if (a->map == ic->key2) {
            *slot_addr(t, a, ic->index) = v;
            return true;
        }
    } else if (ic->kind == IC_STORE_ADD) {
        InstanceAttrs *a = instance_attrs(obj, t);
        if (a->map == ic->key2) {
            Map *nm = V_AS(Map, ic->value);
            int32_t idx = nm->index;
            if ((uint32_t)idx < t->inline_slots) {
                a->slots[idx] = v;
                a->map = nm;
                return true;
            }
        }
    }
    return false;
}

/* LOAD_METHOD from a cache entry: the method, or VNULL on a miss. */
static inline __attribute__((always_inline)) Value ic_load_method(InlineCache *ic, Value obj) {
    if (ic->kind != IC_METHOD) return VNULL;
    if (v_is_ptr(obj)) {
        Type *t = V_OBJ(obj)->type;
        if (ic->key == t && ic->version == t->version && (!ic->key2 || instance_attrs(obj, t)->map == ic->key2))
            return ic->value;
    } else if (ic->key == type_of(obj) && ic->version == type_of(obj)->version) {
        return ic->value;
    }
    return VNULL;
}

/* The second entries, out of line (the first is inlined in the loop). */
static __attribute__((noinline)) int ic_load_attr_alt(InlineCache *ic, Value obj, Type *t, Value *out) {
    return ic->alt ? ic_load_attr(ic->alt, obj, t, out) : 0;
}
static __attribute__((noinline)) bool ic_store_attr_alt(InlineCache *ic, Value obj, Type *t, Value v) {
    return ic->alt && ic_store_attr(ic->alt, obj, t, v);
}
static __attribute__((noinline)) Value ic_load_method_alt(InlineCache *ic, Value obj) {
    return ic->alt ? ic_load_method(ic->alt, obj) : VNULL;
}

static Value format_value(Value v, int conv, Value spec) {
    if (!spec && conv != FVC_REPR && conv != FVC_ASCII && v_is_int(v)) return int_repr(v);
    switch (conv) {
    case FVC_STR: v = obj_str(v); break;
    case FVC_REPR: v = obj_repr(v); break;
    case FVC_ASCII: v = obj_ascii(v); break;
    default: break;
    }
    if (!v) return VNULL;
    if (!spec && str_check_exact(v)) return v;
    return obj_format(v, spec ? spec : str_empty);
}

static int unpack_iterable(Value seq, int before, int after, Value *out /* top of stack area */) {
    /* Items go to out[...] in reverse order: out[n-1] = first item. */
    bool star = after >= 0;
    int n = before + (star ? after + 1 : 0);
    if (!star) n = before;
    if ((tuple_check_exact(seq) || list_check_exact(seq)) && !star) {
        int64_t sz = tuple_check_exact(seq) ? tuple_size(seq) : list_size(seq);
        Value *items = tuple_check_exact(seq) ? tuple_items(seq) : list_items(seq);
        if (sz != n) {
            if (sz < n)
                err_format(&exc_ValueError, "not enough values to unpack (expected %d, got %lld)", n, (long long)sz);
            else
                err_format(&exc_ValueError, "too many values to unpack (expected %d)", n);
            return -1;
        }
        for (int i = 0; i < n; i++) out[n - 1 - i] = items[i];
        return 0;
    }
    Value it = obj_iter(seq);
    if (!it) {
        if (err_matches(&exc_TypeError) && !type_of(seq)->iter && !type_of(seq)->getitem) {
            err_clear();
            err_format(&exc_TypeError, "cannot unpack non-iterable %T object", seq);
        }
        return -1;
    }
    int i;
    for (i = 0; i < before; i++) {
        Value x = obj_next(it);
        if (!x) {
            if (err_occurred()) return -1;
            if (star)
                err_format(&exc_ValueError, "not enough values to unpack (expected at least %d, got %d)",
                           before + after, i);
            else
                err_format(&exc_ValueError, "not enough values to unpack (expected %d, got %d)", before, i);
            return -1;
        }
        out[n - 1 - i] = x;
    }
    if (!star) {
        Value x = obj_next(it);
        if (x) {
            err_format(&exc_ValueError, "too many values to unpack (expected %d)", before);
            return -1;
        }
        return err_occurred() ? -1 : 0;
    }
    Value rest = list_from_iterable(it);
    if (!rest) return -1;
    int64_t rn = list_size(rest);
    if (rn < after) {
        err_format(&exc_ValueError, "not enough values to unpack (expected at least %d, got %lld)", before + after,
                   (long long)(before + rn));
        return -1;
    }
    for (int k = 0; k < after; k++) out[after - 1 - k] = list_get(rest, rn - after + k);
    V_AS(ListObject, rest)->size = rn - after;
    out[after] = rest;
    return 0;
}

bool interp_exc_match(Value exc, Value type, int *err) {
    *err = 0;
    if (tuple_check(type)) {
        /* every element is checked before any matches (as CPython) */
        for (int64_t i = 0; i < tuple_size(type); i++) {
            if (!exc_type_check(tuple_get(type, i))) {
                err_set(&exc_TypeError, "catching classes that do not inherit from BaseException is not allowed");
                *err = 1;
                return false;
            }
        }
        for (int64_t i = 0; i < tuple_size(type); i++)
            if (type_is_subtype(type_of(exc), V_AS(Type, tuple_get(type, i)))) return true;
        return false;
    }
    if (!exc_type_check(type)) {
        err_set(&exc_TypeError, "catching classes that do not inherit from BaseException is not allowed");
        *err = 1;
        return false;
    }
    return type_is_subtype(type_of(exc), V_AS(Type, type));
}

/* raise exc [from cause]: set the exception; returns -1 always. */
static int do_raise(Value exc, Value cause) {
    Value inst;
    if (exc_type_check(exc)) {
        inst = obj_call0(exc);
        if (!inst) return -1;
        if (!exc_check(inst)) {
            err_format(&exc_TypeError, "calling %R should have returned an instance of BaseException, not %T", exc, inst);
            return -1;
        }
    } else if (exc_check(exc)) {
        inst = exc;
    } else {
        err_set(&exc_TypeError, "exceptions must derive from BaseException");
        return -1;
    }
    if (cause) {
        Value c;
        if (cause == V_NONE) {
            c = VNULL;
        } else if (exc_type_check(cause)) {
            c = obj_call0(cause);
            if (!c) return -1;
        } else if (exc_check(cause)) {
            c = cause;
        } else {
            err_set(&exc_TypeError, "exception causes must derive from BaseException");
            return -1;
        }
        ExcObject *e = V_AS(ExcObject, inst);
        e->cause = c;
        e->suppress_context = true;
    }
    err_set_exc(inst);
    return -1;
}

/* How CPython names a callable in argument errors: "module.qualname()". */
Value func_str(Value f) {
    Value saved = err_fetch();
    Value qn = obj_getattr_opt(f, NAME(__qualname__));
    if (!qn || !str_check(qn)) {
        err_clear();
        Value r = obj_str(f);
        if (!r) err_clear();
        err_restore(saved);
        return r ? r : str_from_cstr("?");
    }
    Value mod = obj_getattr_opt(f, NAME(__module__));
    err_clear();
    err_restore(saved);
    if (mod && str_check(mod) && !str_eq_cstr(mod, "builtins")) return str_printf("%U.%U()", mod, qn);
    return str_printf("%U()", qn);
}

/* Call with a tuple and optional dict (CALL_FUNCTION_EX). */
static Value call_ex(Value f, Value args, Value kwargs) {
    if (!tuple_check_exact(args)) {
        Value t = tuple_from_iterable(args);
        if (!t) {
            if (err_matches(&exc_TypeError) && !type_of(args)->iter && !type_of(args)->getitem) {
                err_clear();
                return err_format(&exc_TypeError, "%U argument after * must be an iterable, not %T", func_str(f),
                                  args);
            }
            return VNULL;
        }
        args = t;
    }
    if (kwargs && !dict_check(kwargs)) {
        Value d = dict_new();
        if (dict_merge_nodup(d, kwargs, f) < 0) return VNULL;
        kwargs = d;
    }
    return obj_call_tuple_dict(f, args, kwargs);
}

static Value make_function(CodeObject *co, Frame *f, Value *extras, int flags) {
    FunctionObject *fn = V_AS(FunctionObject, function_new(co, f->globals, co->qualname));
    fn->builtins = f->builtins;
    int k = 0;
    if (flags & MKF_DEFAULTS) fn->defaults = extras[k++];
    if (flags & MKF_KWDEFAULTS) fn->kwdefaults = extras[k++];
    if (flags & MKF_ANNOTATIONS) fn->annotations = extras[k++];
    if (flags & MKF_CLOSURE) fn->closure = extras[k++];
    return V_FROM_PTR(fn);
}

/* ---- the loop ---------------------------------------------------------------------------- */

/* LIST_EXTEND ([*a]) and DICT_UPDATE ({**d}) with their error messages
 * (also called by compiled traces). */
int interp_list_extend(Value list, Value it) {
    if (list_extend(list, it) < 0) {
        if (err_matches(&exc_TypeError) && !type_of(it)->iter && !type_of(it)->getitem) {
            err_clear();
            err_format(&exc_TypeError, "Value after * must be an iterable, not %T", it);
        }
        return -1;
    }
    return 0;
}

int interp_dict_update(Value d, Value other) {
    /* {**x} takes mappings only (dict.update would take pairs too) */
    if (!dict_check(other)) {
        Value keys = obj_getattr_opt(other, NAME(keys));
        if (!keys) {
            if (!err_occurred()) err_format(&exc_TypeError, "'%T' object is not a mapping", other);
            return -1;
        }
    }
    if (dict_update(d, other) < 0) {
        if (err_matches(&exc_AttributeError) || (err_matches(&exc_TypeError) && !dict_check(other))) {
            err_clear();
            err_format(&exc_TypeError, "'%T' object is not a mapping", other);
        }
        return -1;
    }
    return 0;
}

/* The interpreter loop. jit_resume: 0 for a normal start of f; otherwise
 * compiled code entered at f (the caller already linked f and counted its
 * depth) exited and rebuilt the frames up to tstate.frame, where
 * interpretation goes on: 2 normally, 3 by raising the pending exception,
 * 4 while recording a bridge (jit/trace.h's codes). */
/* ---- pattern matching (the match statement) -------------------------------------- */

/* The builtins whose class pattern takes one positional sub-pattern that
 * matches the subject itself (CPython's _Py_TPFLAGS_MATCH_SELF), inherited
 * by their subclasses. */
static bool match_self_type(Type *t) {
    Value mro = t->mro;
    int64_t n = mro ? tuple_size(mro) : 1;
    for (int64_t i = 0; i < n; i++) {
        Type *b = mro ? V_AS(Type, tuple_get(mro, i)) : t;
        if (b == &bool_type || b == &bytearray_type || b == &bytes_type || b == &dict_type || b == &float_type ||
            b == &frozenset_type || b == &int_type || b == &list_type || b == &set_type || b == &str_type ||
            b == &tuple_type)
            return true;
    }
    return false;
}

/* One attribute of a class pattern: VNULL without exception when the
 * subject lacks it (no match), VNULL with one on an error. */
static Value match_class_attr(Value subject, Type *cls, Value name, Value seen) {
    int r = set_contains(seen, name);
    if (r < 0) return VNULL;
    if (r) {
        Value rep = obj_repr(name);
        if (rep) err_format(&exc_TypeError, "%s() got multiple sub-patterns for attribute %s", cls->tname, str_data(rep));
        return VNULL;
    }
    if (set_add(seen, name) < 0) return VNULL;
    return obj_getattr_opt(subject, name);
}

/* MATCH_CLASS: a tuple of the attributes the sub-patterns match, or None
 * when the subject is no instance of cls or lacks one; VNULL on error. */
Value interp_match_class(Value subject, Value cls, Value names, int64_t nargs) {
    if (!type_check(cls)) {
        err_format(&exc_TypeError, "called match pattern must be a type");
        return VNULL;
    }
    Type *t = V_AS(Type, cls);
    int r = obj_isinstance(subject, cls);
    if (r < 0) return VNULL;
    if (!r) return V_NONE;
    Value seen = set_new();
    int64_t nkw = tuple_size(names);
    Value attrs = list_new(nargs + nkw);
    if (nargs) {
        bool match_self = false;
        Value margs = obj_getattr_opt(cls, str_intern_cstr("__match_args__"));
        if (margs) {
            if (!tuple_check_exact(margs)) {
                err_format(&exc_TypeError, "%s.__match_args__ must be a tuple (got %s)", t->tname,
                           type_of(margs)->tname);
                return VNULL;
            }
        } else {
            if (err_occurred()) return VNULL;
            /* __match_args__ defined anywhere hides the builtins' self match */
            margs = tuple_new(0);
            match_self = match_self_type(t);
        }
        int64_t allowed = match_self ? 1 : tuple_size(margs);
        if (allowed < nargs) {
            err_format(&exc_TypeError, "%s() accepts %d positional sub-pattern%s (%d given)", t->tname, (int)allowed,
                       allowed == 1 ? "" : "s", (int)nargs);
            return VNULL;
        }
        if (match_self) {
            list_append(attrs, subject);
        } else {
            for (int64_t i = 0; i < nargs; i++) {
                Value name = tuple_get(margs, i);
                if (!str_check_exact(name)) {
                    err_format(&exc_TypeError, "__match_args__ elements must be strings (got %s)",
                               type_of(name)->tname);
                    return VNULL;
                }
                Value a = match_class_attr(subject, t, name, seen);
                if (!a) return err_occurred() ? VNULL : V_NONE;
                list_append(attrs, a);
            }
        }
    }
    for (int64_t i = 0; i < nkw; i++) {
        Value a = match_class_attr(subject, t, tuple_get(names, i), seen);
        if (!a) return err_occurred() ? VNULL : V_NONE;
        list_append(attrs, a);
    }
    return tuple_from_iterable(attrs);
}

/* MATCH_KEYS: the values of keys in the mapping, looked up with its `get`
 * (so no __missing__ runs), or None when one is absent; VNULL on error. */
Value interp_match_keys(Value map, Value keys) {
    static Value dummy;   /* a default no mapping can hold */
    int64_t n = tuple_size(keys);
    if (!n) return tuple_new(0);
    if (!dummy) dummy = list_new(0);
    Value get = obj_getattr(map, str_intern_cstr("get"));
    if (!get) return VNULL;
    Value seen = set_new();
    Value values = list_new(n);
    for (int64_t i = 0; i < n; i++) {
        Value k = tuple_get(keys, i);
        int r = set_contains(seen, k);
        if (r < 0) return VNULL;
        if (r) {
            Value rep = obj_repr(k);
            if (rep) err_format(&exc_ValueError, "mapping pattern checks duplicate key (%s)", str_data(rep));
            return VNULL;
        }
        if (set_add(seen, k) < 0) return VNULL;
        Value v = obj_call2(get, k, dummy);
        if (!v) return VNULL;
        if (v == dummy) return V_NONE;
        list_append(values, v);
    }
    return tuple_from_iterable(values);
}

static Value eval_frame_impl(Frame *f, Value throw_exc, int jit_resume);

/* A __next__ frame rebuilt from compiled code that had inlined it at its
 * caller's FOR_ITER (FRAME_RESULT_ITERNEXT; that FOR_ITER is the
 * instruction before the caller's ip) is left by the exception being
 * unwound: StopIteration ends the caller's loop, as FOR_ITER's call of the
 * iterator would have. Clears it and pops the frame (the caller then goes
 * on as its FOR_ITER does with an exhausted iterator); false (nothing
 * done) for any other exception. Out of line, and the caller reuses
 * FOR_ITER's own code: eval_frame_impl's frame layout stays as it was
 * (gc.collect() scans that frame conservatively, and
 * tests/lib/gc_collect_from_compiled_code.py shows how a new path through
 * it can leave a dropped object referenced). */
static __attribute__((noinline)) bool iternext_frame_ends_loop(Frame *f) {
    if (!err_matches(&exc_StopIteration)) return false;
    err_clear();
    tstate.depth--;
    tstate.frame = f->back;
    frame_pop(f);
    return true;
}


/* sys.settrace's 'exception' event for the exception being raised in f
   (which stays set; a trace function that raises replaces it: -1) */
static int trace_exception(Frame *f) {
    Value e = tstate.exc;
    if (!e || tstate.in_trace || !tstate.trace_func) return 0;
    ExcObject *x = V_AS(ExcObject, e);
    Value info = tuple_pack(3, V_FROM_PTR(type_of(e)), e, x->traceback ? x->traceback : V_NONE);
    return sys_trace_event(f, TRACE_EXCEPTION, info);
}

/* sys.setprofile: the 'c_call' event's argument for a call of callable
   (args: its arguments; ex: args[0] is CALL_FUNCTION_EX's sequence), or
   VNULL when the call has no events. As CPython's, only builtin functions
   and methods have them (not types, not Python functions); a method
   descriptor called with self is shown bound to it. VNULL with an
   exception if binding failed. */
static Value profiled_builtin(Value callable, Value *args, size_t nargs, bool ex) {
    Type *ct = type_of(callable);
    if (ct == &builtin_function_type) return callable;
    /* a builtin type's classmethod (dict.fromkeys) is bound as a method */
    if (ct == &method_type) {
        Type *ft = type_of(V_AS(BoundMethodObject, callable)->func);
        return ft == &builtin_function_type || ft == &method_descr_type ? callable : VNULL;
    }
    if (ct != &method_descr_type) return VNULL;
    Value self;
    if (ex) {
        if (!tuple_check(args[0]) || tuple_size(args[0]) == 0) return VNULL;
        self = tuple_get(args[0], 0);
    } else {
        if (nargs == 0) return VNULL;
        self = args[0];
    }
    return ct->descr_get(callable, self, V_FROM_PTR(type_of(self)));
}

/* An address-taken local of eval_frame_impl has one stack slot for the
   whole activation, which runs many Python frames (calls between Python
   functions stay in it): the value it held last would stay a root of the
   conservative collector until the activation ends, keeping an object the
   program dropped alive through gc.collect(), its finalizer and its weak
   references' callbacks not run (CPython's test_array, test_io, test_dict
   test_weakref-style tests). Each is forgotten once used. */
#define FORGET(v) (*(volatile Value *)&(v) = VNULL)

/* The sampling profiler's view (introspect/sampler.h): the interpreter
   runs, and its registers are saved below this activation's frame. */
#define SAMPLED_AS_INTERPRETER(call)                                     \
    do {                                                                 \
        uint8_t vm_was_ = tpy_vmstate;                                   \
        void *fp_was_ = sampler_interp_fp;                               \
        sampler_interp_fp = __builtin_frame_address(0);                  \
        tpy_vmstate = VM_INTERP;                                         \
        Value r_ = call;                                                 \
        tpy_vmstate = vm_was_;                                           \
        sampler_interp_fp = fp_was_;                                     \
        return r_;                                                       \
    } while (0)

Value eval_frame(Frame *f, Value throw_exc) { SAMPLED_AS_INTERPRETER(eval_frame_impl(f, throw_exc, 0)); }

Value eval_frame_resumed(Frame *entry, int how) { SAMPLED_AS_INTERPRETER(eval_frame_impl(entry, VNULL, how)); }

static Value eval_frame_impl(Frame *f, Value throw_exc, int jit_resume) {
    static void *const labels[OP__COUNT] = {
#define OP_LABEL(name, flags) &&L_##name,
        OPCODE_DEF(OP_LABEL)
#undef OP_LABEL
    };
    /* while this activation records a trace, every instruction first goes
       through L_RECORD */
    static void *const record_labels[OP__COUNT] = {
#define OP_RECORD(name, flags) &&L_RECORD,
        OPCODE_DEF(OP_RECORD)
#undef OP_RECORD
    };
    /* while a trace or profile function is set (sys.settrace,
       sys.setprofile), every instruction first goes through L_TRACE */
    static void *const trace_labels[OP__COUNT] = {
#define OP_TRACE(name, flags) &&L_TRACE,
        OPCODE_DEF(OP_TRACE)
#undef OP_TRACE
    };
    void *const *dispatch = labels;
    CodeObject *co;
    uint32_t *ip;
    Value *sp;
    Value *locals;
    Value *consts;
    uint32_t w;
    Frame *entry = f;
    Frame *saved_frame = jit_resume ? f->back : tstate.frame;
    /* RERAISE with the instruction index the handler saved: the frame's last
       instruction if the exception leaves it (f_lineno shows the line that
       raised, not the cleanup code, as CPython's); -1 when none */
    int reraise_lasti = -1;

    if (interp_enter_recursive("") < 0) return VNULL;
    /* a safe point for calls from C (map(f, ...), sorted(key=f)...) */
    if (!jit_resume && pending() && pending_run() < 0) {
        interp_leave_recursive();
        return VNULL;
    }
    /* a generator resumed by an instruction being recorded: the recorder
       follows its body (record.c, record_gen_resume) */
    if (__builtin_expect(jit.recording, 0) && jit.record_nested_code == (void *)f->code &&
        tstate.c_depth > jit.record_c_depth) {
        jit.record_c_depth = tstate.c_depth;
        jit.record_nested_code = NULL;
        dispatch = record_labels;
    }
    f->back = saved_frame;
    f->is_entry = 1;
    f->executing = 1;
    if (!jit_resume) {
        tstate.frame = f;
        tstate.depth++;
    }
    if (tstate.depth > tstate.recursion_limit) {
        tstate.depth--;
        interp_leave_recursive();
        tstate.frame = saved_frame;
        f->executing = 0;
        err_set(&exc_RecursionError, "maximum recursion depth exceeded");
        return VNULL;
    }

#define LOAD_REGS()                              \
    do {                                         \
        co = f->code;                            \
        ip = f->ip;                              \
        sp = f->sp;                              \
        locals = f->localsplus;                  \
        consts = tuple_items(co->consts);        \
    } while (0)
#define SAVE_REGS()       \
    do {                  \
        f->ip = ip;       \
        f->sp = sp;       \
    } while (0)
#define NEXT()                         \
    do {                               \
        w = *ip++;                     \
        goto *dispatch[w & 0xFF];      \
    } while (0)
#define TARGET(op) L_##op:
/* A frame starting at its first instruction: the JIT's function entry hot
   spot (counts calls; runs or records a trace from here). */
#define FUNCTION_ENTRY_HOOK()                                                            \
    do {                                                                                 \
        if (jit_params.enabled &&                                                        \
            (co->jit_entry_trace || ++co->jit_calls >= jit_params.function_threshold)) { \
            SAVE_REGS();                                                                 \
            Value jit_result_;                                                           \
            int jr_ = jit_function_entry(f, &jit_result_);                               \
            if (jr_ == 1) {                                                              \
                dispatch = record_labels;                                                \
            } else if (jr_ == 5) {                                                       \
                PUSH(jit_result_);                                                       \
                FORGET(jit_result_);                                                     \
                goto L_RETURN_VALUE;                                                     \
            } else if (jr_ >= 2) {                                                       \
                f = tstate.frame;                                                        \
                LOAD_REGS();                                                             \
                if (jr_ == 3) goto error;                                                \
                if (jr_ == 4) dispatch = record_labels;                                  \
            }                                                                            \
        }                                                                                \
    } while (0)
/* A generator resumed just past its YIELD_VALUE: the JIT's generator
   resume hot spot (jit_gen_resume; 5: the trace ran to the next yield). */
#define GEN_RESUME_HOOK()                                                                \
    do {                                                                                 \
        SAVE_REGS();                                                                     \
        Value jit_result_;                                                               \
        int jr_ = jit_gen_resume(f, &jit_result_);                                       \
        if (jr_ == 1) {                                                                  \
            dispatch = record_labels;                                                    \
        } else if (jr_ == 5) {                                                           \
            LOAD_REGS();                                                                 \
            PUSH(jit_result_);                                                           \
            FORGET(jit_result_);                                                         \
            /* the trace ended at a yield or at the generator's return */                \
            if (INSTR_OP(ip[-1]) == OP_RETURN_VALUE) goto L_RETURN_VALUE;                 \
            goto L_YIELD_VALUE;                                                          \
        } else if (jr_ >= 2) {                                                           \
            f = tstate.frame;                                                            \
            LOAD_REGS();                                                                 \
            if (jr_ == 3) goto error;                                                    \
            if (jr_ == 4) dispatch = record_labels;                                      \
        }                                                                                \
    } while (0)
#define ARG ((int)(w >> 8))
#define PUSH(v) (*sp++ = (v))
#define POP() (*--sp)
#define TOP() (sp[-1])
#define SECOND() (sp[-2])
#define PEEK(n) (sp[-(n)])
#define LASTI() ((int)(ip - co->code) - 1)

    LOAD_REGS();
    if (throw_exc) {
        err_set_exc(throw_exc);
        if (__builtin_expect(tstate.use_tracing, 0)) {
            /* as CPython's: a generator resumed by throw() (or close())
               is a 'call', and its exit a 'return' */
            dispatch = trace_labels;
            f->trace_called = 1;
            sys_trace_event(f, TRACE_CALL, V_NONE);
        }
        goto error;
    }
    if (jit_resume) {
        /* compiled code exited: go on in the innermost rebuilt frame */
        f = tstate.frame;
        LOAD_REGS();
        if (jit_resume == 3) goto error;
        if (jit_resume == 4) dispatch = record_labels;
        NEXT();
    }
    bool gen_sent = f->gen_sent;
    f->gen_sent = 0;
    if (__builtin_expect(tstate.use_tracing || interp_save_ip, 0)) dispatch = trace_labels;
    else if (ip == co->code && !f->on_heap) FUNCTION_ENTRY_HOOK();
    else if (gen_sent && jit_params.enabled) GEN_RESUME_HOOK();
    NEXT();

    TARGET(NOP) NEXT();
    TARGET(POP_TOP) {
        sp--;
        NEXT();
    }
    TARGET(SWAP) {
        Value t = TOP();
        TOP() = PEEK(ARG);
        PEEK(ARG) = t;
        NEXT();
    }
    TARGET(COPY) {
        Value v = PEEK(ARG);
        PUSH(v);
        NEXT();
    }
    TARGET(LOAD_CONST) {
        PUSH(consts[ARG]);
        NEXT();
    }
    TARGET(LOAD_FAST) {
        Value v = locals[ARG];
        if (__builtin_expect(!v, 0)) {
            err_format(&exc_UnboundLocalError, "cannot access local variable '%U' where it is not associated with a value",
                       tuple_get(co->varnames, ARG));
            goto error;
        }
        PUSH(v);
        NEXT();
    }
    TARGET(STORE_FAST) {
        locals[ARG] = POP();
        NEXT();
    }
    TARGET(DELETE_FAST) {
        if (!locals[ARG]) {
            err_format(&exc_UnboundLocalError, "cannot access local variable '%U' where it is not associated with a value",
                       tuple_get(co->varnames, ARG));
            goto error;
        }
        locals[ARG] = VNULL;
        NEXT();
    }
    TARGET(LOAD_DEREF) {
        Value cell = locals[co->nlocals + ARG];
        Value v = V_AS(CellObject, cell)->value;
        if (!v) {
            int i = ARG;
            if (i < co->ncells)
                err_format(&exc_UnboundLocalError,
                           "cannot access local variable '%U' where it is not associated with a value",
                           tuple_get(co->cellvars, i));
            else
                err_format(&exc_NameError,
                           "cannot access free variable '%U' where it is not associated with a value in enclosing scope",
                           tuple_get(co->freevars, i - co->ncells));
            goto error;
        }
        PUSH(v);
        NEXT();
    }
    TARGET(STORE_DEREF) {
        cell_set(locals[co->nlocals + ARG], POP());
        NEXT();
    }
    TARGET(DELETE_DEREF) {
        Value cell = locals[co->nlocals + ARG];
        if (!V_AS(CellObject, cell)->value) {
            err_format(&exc_NameError, "cannot access free variable where it is not associated with a value");
            goto error;
        }
        cell_set(cell, VNULL);
        NEXT();
    }
    TARGET(LOAD_CLOSURE) {
        PUSH(locals[co->nlocals + ARG]);
        NEXT();
    }
    TARGET(LOAD_CLASSDEREF) {
        int i = ARG;
        Value name = i < co->ncells ? tuple_get(co->cellvars, i) : tuple_get(co->freevars, i - co->ncells);
        SAVE_REGS();
        Value v = f->locals ? (dict_check(f->locals) ? dict_get(f->locals, name) : obj_getitem(f->locals, name)) : VNULL;
        if (!v) {
            if (err_occurred()) {
                if (!err_matches(&exc_KeyError)) goto error;
                err_clear();
            }
            v = V_AS(CellObject, locals[co->nlocals + i])->value;
            if (!v) {
                err_format(&exc_NameError,
                           "cannot access free variable '%U' where it is not associated with a value in enclosing scope",
                           name);
                goto error;
            }
        }
        PUSH(v);
        NEXT();
    }
    TARGET(LOAD_GLOBAL) {
        InlineCache *ic = &co->caches[ARG];
        if (ic->kind == IC_GLOBAL_MODULE && ic->key == V_AS(DictObject, f->globals)) {
            Value v = V_AS(CellObject, ic->value)->value;
            if (v) {
                PUSH(v);
                NEXT();
            }
        } else if (ic->kind == IC_GLOBAL_BUILTIN && ic->key == V_AS(DictObject, f->globals) &&
                   (int64_t)V_AS(DictObject, f->globals)->version == ic->index) {
            Value v = V_AS(CellObject, ic->value)->value;
            if (v) {
                PUSH(v);
                NEXT();
            }
        }
        SAVE_REGS();
        Value v = load_global_slow(f, ic);
        if (!v) goto error;
        PUSH(v);
        NEXT();
    }
    TARGET(STORE_GLOBAL) {
        Value v = POP();
        SAVE_REGS();
        if (dict_set(f->globals, tuple_get(co->names, ARG), v) < 0) goto error;
        NEXT();
    }
    TARGET(DELETE_GLOBAL) {
        Value name = tuple_get(co->names, ARG);
        int r = dict_del(f->globals, name);
        if (r < 0) goto error;
        if (r == 0) {
            name_error(f, name);
            goto error;
        }
        NEXT();
    }
    TARGET(LOAD_NAME) {
        Value name = tuple_get(co->names, ARG);
        Value v = VNULL;
        SAVE_REGS();
        if (f->locals) {
            if (dict_check_exact(f->locals)) {
                v = dict_get(f->locals, name);
            } else {
                v = obj_getitem(f->locals, name);
                if (!v) {
                    if (!err_matches(&exc_KeyError)) goto error;
                    err_clear();
                }
            }
        }
        if (!v) v = dict_get(f->globals, name);
        if (!v) v = mapping_lookup(f->builtins ? f->builtins : tstate.builtins, name);
        if (!v) {
            if (!err_occurred()) name_error(f, name);
            goto error;
        }
        PUSH(v);
        NEXT();
    }
    TARGET(STORE_NAME) {
        Value name = tuple_get(co->names, ARG);
        Value v = POP();
        SAVE_REGS();
        Value ns = f->locals ? f->locals : f->globals;
        int r = dict_check_exact(ns) ? dict_set(ns, name, v) : obj_setitem(ns, name, v);
        if (r < 0) goto error;
        NEXT();
    }
    TARGET(DELETE_NAME) {
        Value name = tuple_get(co->names, ARG);
        Value ns = f->locals ? f->locals : f->globals;
        SAVE_REGS();
        if (dict_check_exact(ns)) {
            int r = dict_del(ns, name);
            if (r < 0) goto error;
            if (r == 0) {
                name_error(f, name);
                goto error;
            }
        } else if (obj_delitem(ns, name) < 0) {
            if (err_matches(&exc_KeyError)) {
                err_clear();
                name_error(f, name);
            }
            goto error;
        }
        NEXT();
    }
    TARGET(LOAD_ATTR) {
        InlineCache *ic = &co->caches[ARG];
        Value obj = TOP();
        Value r;
        if (v_is_ptr(obj)) {
            Type *t = V_OBJ(obj)->type;
            int hit = ic_load_attr(ic, obj, t, &r);
            if (!hit) hit = ic_load_attr_alt(ic, obj, t, &r);
            if (hit) {
                if (hit == 2) {
                    SAVE_REGS();
                    r = V_AS(GetSetDescrObject, r)->def->get(obj);
                    if (!r) goto error;
                } else if (hit == 3) {
                    SAVE_REGS();
                    r = obj_call1(V_AS(PropertyObject, r)->fget, obj);
                    if (!r) {
                        err_attribute_context(obj, ic->name);   /* as load_attr_slow */
                        goto error;
                    }
                }
                TOP() = r;
                FORGET(r);
                NEXT();
            }
            ic_keep_alt(ic);
        }
        SAVE_REGS();
        r = load_attr_slow(obj, ic);
        if (!r) goto error;
        TOP() = r;
        FORGET(r);
        NEXT();
    }
    TARGET(STORE_ATTR) {
        InlineCache *ic = &co->caches[ARG];
        Value obj = TOP();
        Value v = SECOND();
        if (v_is_ptr(obj)) {
            Type *t = V_OBJ(obj)->type;
            if (ic_store_attr(ic, obj, t, v) || ic_store_attr_alt(ic, obj, t, v)) {
                sp -= 2;
                NEXT();
            }
            ic_keep_alt(ic);
        }
        SAVE_REGS();
        if (store_attr_slow(obj, v, ic) < 0) goto error;
        sp -= 2;
        NEXT();
    }
    TARGET(DELETE_ATTR) {
        Value obj = POP();
        SAVE_REGS();
        if (obj_setattr(obj, tuple_get(co->names, ARG), VNULL) < 0) goto error;
        NEXT();
    }
    TARGET(LOAD_METHOD) {
        InlineCache *ic = &co->caches[ARG];
        Value obj = TOP();
        Value m = ic_load_method(ic, obj);
        if (!m) m = ic_load_method_alt(ic, obj);
        if (m) {
            TOP() = m;
            PUSH(obj);
            NEXT();
        }
        if ((ic->kind == IC_ATTR_MODULE || ic->kind == IC_ATTR_TYPE) && v_is_ptr(obj) &&
            ic_load_attr(ic, obj, V_OBJ(obj)->type, &m) == 1) {
            TOP() = VNULL;
            PUSH(m);
            FORGET(m);
            NEXT();
        }
        ic_keep_alt(ic);
        SAVE_REGS();
        Value s;
        if (load_method_slow(obj, ic, &m, &s) < 0) goto error;
        TOP() = m;
        PUSH(s);
        FORGET(m);
        FORGET(s);
        NEXT();
    }
    TARGET(BINARY_SUBSCR) {
        Value key = POP(), c = TOP();
        if (v_is_int(key) && v_is_ptr(c)) {
            Type *t = V_OBJ(c)->type;
            int64_t i = v_intval(key);
            if (t == &str_type) {
                StrObject *so = V_AS(StrObject, c);
                if (i < 0) i += so->length;
                if ((uint64_t)i < (uint64_t)so->length) {
                    TOP() = so->ascii ? str_ascii_chars[(unsigned char)so->data[i]]
                                      : str_from_codepoint(str_char_at(c, i));
                    NEXT();
                }
            } else if (t == &list_type) {
                int64_t n = list_size(c);
                if (i < 0) i += n;
                if ((uint64_t)i < (uint64_t)n) {
                    TOP() = list_get(c, i);
                    NEXT();
                }
            } else if (t == &tuple_type) {
                int64_t n = tuple_size(c);
                if (i < 0) i += n;
                if ((uint64_t)i < (uint64_t)n) {
                    TOP() = tuple_get(c, i);
                    NEXT();
                }
            }
        }
        SAVE_REGS();
        Value r;
        if (v_is_ptr(c) && V_OBJ(c)->type == &dict_type) {
            r = dict_get(c, key);
            if (!r && !err_occurred()) err_key(key);
        } else {
            r = obj_getitem(c, key);
        }
        if (!r) goto error;
        TOP() = r;
        NEXT();
    }
    TARGET(STORE_SUBSCR) {
        Value key = TOP(), c = SECOND(), v = PEEK(3);
        sp -= 3;
        if (v_is_int(key) && v_is_ptr(c) && V_OBJ(c)->type == &list_type) {
            int64_t i = v_intval(key), n = list_size(c);
            if (i < 0) i += n;
            if ((uint64_t)i < (uint64_t)n) {
                list_set_item(c, i, v);
                NEXT();
            }
        }
        SAVE_REGS();
        int r = (v_is_ptr(c) && V_OBJ(c)->type == &dict_type) ? dict_set(c, key, v) : obj_setitem(c, key, v);
        if (r < 0) goto error;
        NEXT();
    }
    TARGET(DELETE_SUBSCR) {
        Value key = POP(), c = POP();
        SAVE_REGS();
        if (obj_delitem(c, key) < 0) goto error;
        NEXT();
    }
    TARGET(BUILD_SLICE) {
        Value step = ARG == 3 ? POP() : V_NONE;
        Value stop = POP(), start = TOP();
        /* c[a:b:s] and c[a:b:s] = v on an exact str, list or tuple with
           int or None bounds: done here without a slice object. Not while
           recording, where every instruction must go through L_RECORD. */
        if (dispatch == labels && slice_bounds_simple(start, stop, step) && v_is_ptr(SECOND())) {
            int next_op = (int)(*ip & 0xFF);
            Type *ct = V_OBJ(SECOND())->type;
            if (next_op == OP_BINARY_SUBSCR && (ct == &str_type || ct == &list_type || ct == &tuple_type)) {
                Value c = SECOND();
                ip++;
                SAVE_REGS();
                Value r = ct == &str_type    ? str_getslice(c, start, stop, step)
                          : ct == &list_type ? list_getslice(c, start, stop, step)
                                             : tuple_getslice(c, start, stop, step);
                if (!r) goto error;
                sp--;
                TOP() = r;
                NEXT();
            }
            if (next_op == OP_STORE_SUBSCR && ct == &list_type) {
                Value c = SECOND(), v = PEEK(3);
                ip++;
                SAVE_REGS();
                if (list_setslice(c, start, stop, step, v) < 0) goto error;
                sp -= 3;
                NEXT();
            }
        }
        TOP() = slice_new(start, stop, step);
        NEXT();
    }

#define BINOP_SLOW(op)                          \
    do {                                        \
        SAVE_REGS();                            \
        Value r_ = obj_binop(a, b, (op));       \
        if (!r_) goto error;                    \
        TOP() = r_;                             \
        NEXT();                                 \
    } while (0)

    TARGET(BINARY_ADD)
    TARGET(INPLACE_ADD) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b)) {
            int64_t r;
            if (!__builtin_add_overflow((int64_t)a, (int64_t)(b - 1), &r)) {
                TOP() = (Value)r;
                NEXT();
            }
        } else if (v_is_smallfloat(a) && v_is_smallfloat(b)) {
            TOP() = float_from_double(v_smallfloat_val(a) + v_smallfloat_val(b));
            NEXT();
        } else if (str_check_exact(a) && str_check_exact(b)) {
            Value r = str_concat(a, b);
            if (!r) goto error;
            TOP() = r;
            NEXT();
        } else if ((w & 0xFF) == OP_BINARY_ADD && list_check_exact(a) && list_check_exact(b)) {
            /* (in place, a list extends itself: the slow path) */
            Value r = list_concat(a, b);
            if (!r) goto error;
            TOP() = r;
            NEXT();
        }
        BINOP_SLOW(BINOP_ADD | ((w & 0xFF) == OP_INPLACE_ADD ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_SUBTRACT)
    TARGET(INPLACE_SUBTRACT) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b)) {
            int64_t r;
            if (!__builtin_sub_overflow((int64_t)a, (int64_t)(b - 1), &r)) {
                TOP() = (Value)r;
                NEXT();
            }
        } else if (v_is_smallfloat(a) && v_is_smallfloat(b)) {
            TOP() = float_from_double(v_smallfloat_val(a) - v_smallfloat_val(b));
            NEXT();
        }
        BINOP_SLOW(BINOP_SUB | ((w & 0xFF) == OP_INPLACE_SUBTRACT ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_MULTIPLY)
    TARGET(INPLACE_MULTIPLY) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b)) {
            int64_t r;
            if (!__builtin_mul_overflow(v_intval(a), (int64_t)(b - 1), &r)) {
                TOP() = (Value)(r + 1);
                NEXT();
            }
        } else if (v_is_smallfloat(a) && v_is_smallfloat(b)) {
            TOP() = float_from_double(v_smallfloat_val(a) * v_smallfloat_val(b));
            NEXT();
        }
        BINOP_SLOW(BINOP_MUL | ((w & 0xFF) == OP_INPLACE_MULTIPLY ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_TRUE_DIVIDE)
    TARGET(INPLACE_TRUE_DIVIDE) {
        Value b = POP(), a = TOP();
        if (v_is_smallfloat(a) && v_is_smallfloat(b)) {
            double y = v_smallfloat_val(b);
            if (y != 0.0) {
                TOP() = float_from_double(v_smallfloat_val(a) / y);
                NEXT();
            }
        } else if (v_both_int(a, b) && b != v_int(0)) {
            int64_t x = v_intval(a), y = v_intval(b);
            if (x > -(1LL << 53) && x < (1LL << 53) && y > -(1LL << 53) && y < (1LL << 53)) {
                TOP() = float_from_double((double)x / (double)y);
                NEXT();
            }
        }
        BINOP_SLOW(BINOP_TRUEDIV | ((w & 0xFF) == OP_INPLACE_TRUE_DIVIDE ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_FLOOR_DIVIDE)
    TARGET(INPLACE_FLOOR_DIVIDE) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b) && b != v_int(0)) {
            int64_t x = v_intval(a), y = v_intval(b);
            int64_t q = x / y;
            if ((x % y != 0) && ((x < 0) != (y < 0))) q--;
            if (smallint_fits(q)) {
                TOP() = v_int(q);
                NEXT();
            }
        }
        BINOP_SLOW(BINOP_FLOORDIV | ((w & 0xFF) == OP_INPLACE_FLOOR_DIVIDE ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_MODULO)
    TARGET(INPLACE_MODULO) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b) && b != v_int(0)) {
            int64_t x = v_intval(a), y = v_intval(b);
            int64_t r = x % y;
            if (r != 0 && ((r < 0) != (y < 0))) r += y;
            TOP() = v_int(r);
            NEXT();
        }
        if (str_check_exact(a) && !(v_is_ptr(b) && type_has_flag(V_OBJ(b)->type, TF_STR_SUBCLASS) && !str_check_exact(b))) {
            /* (a str subclass on the right may override __rmod__) */
            SAVE_REGS();
            Value r = str_mod(a, b);
            if (!r) goto error;
            TOP() = r;
            NEXT();
        }
        BINOP_SLOW(BINOP_MOD | ((w & 0xFF) == OP_INPLACE_MODULO ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_POWER)
    TARGET(INPLACE_POWER) {
        Value b = POP(), a = TOP();
        BINOP_SLOW(BINOP_POW | ((w & 0xFF) == OP_INPLACE_POWER ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_MATRIX_MULTIPLY)
    TARGET(INPLACE_MATRIX_MULTIPLY) {
        Value b = POP(), a = TOP();
        BINOP_SLOW(BINOP_MATMUL | ((w & 0xFF) == OP_INPLACE_MATRIX_MULTIPLY ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_LSHIFT)
    TARGET(INPLACE_LSHIFT) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b)) {
            int64_t x = v_intval(a), s = v_intval(b);
            if (s >= 0 && s < 62) {
                int64_t r = (int64_t)((uint64_t)x << s);   /* no signed overflow (UB) */
                if ((r >> s) == x && smallint_fits(r)) {
                    TOP() = v_int(r);
                    NEXT();
                }
            }
        }
        BINOP_SLOW(BINOP_LSHIFT | ((w & 0xFF) == OP_INPLACE_LSHIFT ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_RSHIFT)
    TARGET(INPLACE_RSHIFT) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b)) {
            int64_t x = v_intval(a), s = v_intval(b);
            if (s >= 0) {
                TOP() = v_int(s >= 63 ? (x < 0 ? -1 : 0) : x >> s);
                NEXT();
            }
        }
        BINOP_SLOW(BINOP_RSHIFT | ((w & 0xFF) == OP_INPLACE_RSHIFT ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_AND)
    TARGET(INPLACE_AND) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b)) {
            TOP() = a & b;
            NEXT();
        }
        BINOP_SLOW(BINOP_AND | ((w & 0xFF) == OP_INPLACE_AND ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_OR)
    TARGET(INPLACE_OR) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b)) {
            TOP() = a | b;
            NEXT();
        }
        BINOP_SLOW(BINOP_OR | ((w & 0xFF) == OP_INPLACE_OR ? BINOP_INPLACE : 0));
    }
    TARGET(BINARY_XOR)
    TARGET(INPLACE_XOR) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b)) {
            TOP() = (a ^ b) | 1;
            NEXT();
        }
        BINOP_SLOW(BINOP_XOR | ((w & 0xFF) == OP_INPLACE_XOR ? BINOP_INPLACE : 0));
    }
    TARGET(UNARY_NEGATIVE) {
        Value a = TOP();
        if (v_is_int(a) && a != v_int(SMALLINT_MIN)) {
            TOP() = v_int(-v_intval(a));
            NEXT();
        }
        if (v_is_smallfloat(a)) {
            TOP() = float_from_double(-v_smallfloat_val(a));
            NEXT();
        }
        SAVE_REGS();
        Value r = obj_unop(a, UNOP_NEG);
        if (!r) goto error;
        TOP() = r;
        NEXT();
    }
    TARGET(UNARY_POSITIVE) {
        SAVE_REGS();
        Value r = obj_unop(TOP(), UNOP_POS);
        if (!r) goto error;
        TOP() = r;
        NEXT();
    }
    TARGET(UNARY_INVERT) {
        Value a = TOP();
        if (v_is_int(a)) {
            TOP() = v_int(~v_intval(a));
            NEXT();
        }
        SAVE_REGS();
        Value r = obj_unop(a, UNOP_INVERT);
        if (!r) goto error;
        TOP() = r;
        NEXT();
    }
    TARGET(UNARY_NOT) {
        Value a = TOP();
        if (a == V_TRUE) {
            TOP() = V_FALSE;
            NEXT();
        }
        if (a == V_FALSE) {
            TOP() = V_TRUE;
            NEXT();
        }
        SAVE_REGS();
        int t = obj_truth(a);
        if (t < 0) goto error;
        TOP() = v_bool(!t);
        NEXT();
    }
    TARGET(COMPARE_OP) {
        Value b = POP(), a = TOP();
        if (v_both_int(a, b)) {
            int64_t x = (int64_t)a, y = (int64_t)b;
            bool r;
            switch (ARG) {
            case CMP_LT: r = x < y; break;
            case CMP_LE: r = x <= y; break;
            case CMP_EQ: r = x == y; break;
            case CMP_NE: r = x != y; break;
            case CMP_GT: r = x > y; break;
            default: r = x >= y; break;
            }
            TOP() = v_bool(r);
            NEXT();
        }
        if (v_is_smallfloat(a) && v_is_smallfloat(b)) {
            double x = v_smallfloat_val(a), y = v_smallfloat_val(b);
            bool r;
            switch (ARG) {
            case CMP_LT: r = x < y; break;
            case CMP_LE: r = x <= y; break;
            case CMP_EQ: r = x == y; break;
            case CMP_NE: r = x != y; break;
            case CMP_GT: r = x > y; break;
            default: r = x >= y; break;
            }
            TOP() = v_bool(r);
            NEXT();
        }
        if (str_check_exact(a) && str_check_exact(b)) {
            bool r;
            if (ARG == CMP_EQ) r = str_eq(a, b);
            else if (ARG == CMP_NE) r = !str_eq(a, b);
            else {
                int c = str_compare(a, b);
                r = ARG == CMP_LT ? c < 0 : ARG == CMP_LE ? c <= 0 : ARG == CMP_GT ? c > 0 : c >= 0;
            }
            TOP() = v_bool(r);
            NEXT();
        }
        SAVE_REGS();
        Value r = tuple_check_exact(a) && tuple_check_exact(b) ? tuple_richcompare(a, b, ARG)
                                                                 : obj_richcompare(a, b, ARG);
        if (!r) goto error;
        TOP() = r;
        NEXT();
    }
    TARGET(IS_OP) {
        Value b = POP(), a = TOP();
        TOP() = v_bool((a == b) != (ARG == 1));
        NEXT();
    }
    TARGET(CONTAINS_OP) {
        Value b = POP(), a = TOP();
        if (str_check_exact(b) && str_check_exact(a) && str_nbytes(a) == 1) {
            /* ch in "abc" */
            TOP() = v_bool((memchr(str_data(b), str_data(a)[0], (size_t)str_nbytes(b)) != NULL) != ARG);
            NEXT();
        }
        SAVE_REGS();
        /* x in a_set, k in a_dict: no slot dispatch (a subclass may
           override __contains__, so exact types only) */
        int r = set_check_exact_any(b) ? set_contains(b, a) : dict_check_exact(b) ? dict_contains(b, a) : obj_contains(b, a);
        if (r < 0) goto error;
        TOP() = v_bool(r != ARG);
        NEXT();
    }
    TARGET(JUMP_FORWARD) {
        ip = co->code + ARG;
        NEXT();
    }
    TARGET(JUMP_ABSOLUTE)
    jump_backward: {
        /* backward jump: a safe point (pending.h), and its target is a loop
           header, the JIT's hot spot. Also the conditional jumps taken
           backward (a comprehension's `if` goes straight back to its
           FOR_ITER), from their instruction (w, ip past it). */
        if (pending()) {
            SAVE_REGS();
            if (pending_run() < 0) goto error;
        }
        ip = co->code + ARG;
        if (jit_params.enabled) {
            struct JitCell *cells = co->jitcells;
            if (!cells || --cells[ARG].counter <= 0 || cells[ARG].trace) {
                SAVE_REGS();
                Value jit_result;
                int r = jit_loop_header(f, ARG, &jit_result);
                if (r == 1) {
                    dispatch = record_labels;
                } else if (r == 5 && f->on_heap) {
                    /* a generator's loop trace left at a yield or at the
                       generator's return (record.c gen_root_tree), which
                       set the frame's ip and stack */
                    LOAD_REGS();
                    PUSH(jit_result);
                    FORGET(jit_result);
                    if (INSTR_OP(ip[-1]) == OP_RETURN_VALUE) goto L_RETURN_VALUE;
                    goto L_YIELD_VALUE;
                } else if (r == 5) {
                    /* a bridge returned from this frame */
                    PUSH(jit_result);
                    FORGET(jit_result);
                    goto L_RETURN_VALUE;
                } else if (r >= 2) {
                    /* compiled code ran; a guard failed and the frames
                       were rebuilt: go on in the innermost one */
                    f = tstate.frame;
                    LOAD_REGS();
                    if (r == 3) goto error;   /* the instruction raised */
                    if (r == 4) dispatch = record_labels;   /* a bridge */
                }
            }
        }
        NEXT();
    }
    TARGET(POP_JUMP_IF_FALSE) {
        Value v = POP();
        if (v == V_FALSE || v == V_NONE || v == v_int(0)) {
            if (co->code + ARG < ip) goto jump_backward;
            ip = co->code + ARG;
            NEXT();
        }
        if (v == V_TRUE || v_is_int(v)) NEXT();
        SAVE_REGS();
        int t = obj_truth(v);
        if (t < 0) goto error;
        if (!t) {
            if (co->code + ARG < ip) goto jump_backward;
            ip = co->code + ARG;
        }
        NEXT();
    }
    TARGET(POP_JUMP_IF_TRUE) {
        Value v = POP();
        if (v == V_TRUE) {
            if (co->code + ARG < ip) goto jump_backward;
            ip = co->code + ARG;
            NEXT();
        }
        if (v == V_FALSE || v == V_NONE) NEXT();
        SAVE_REGS();
        int t = obj_truth(v);
        if (t < 0) goto error;
        if (t) {
            if (co->code + ARG < ip) goto jump_backward;
            ip = co->code + ARG;
        }
        NEXT();
    }
    TARGET(JUMP_IF_FALSE_OR_POP) {
        Value v = TOP();
        int t = v == V_TRUE ? 1 : v == V_FALSE ? 0 : obj_truth(v);
        if (t < 0) goto error;
        if (!t) ip = co->code + ARG;
        else sp--;
        NEXT();
    }
    TARGET(JUMP_IF_TRUE_OR_POP) {
        Value v = TOP();
        int t = v == V_TRUE ? 1 : v == V_FALSE ? 0 : obj_truth(v);
        if (t < 0) goto error;
        if (t) ip = co->code + ARG;
        else sp--;
        NEXT();
    }
    TARGET(JUMP_IF_NOT_EXC_MATCH) {
        Value t = POP(), e = TOP();
        int err;
        bool m = interp_exc_match(e, t, &err);
        if (err) goto error;
        if (!m) ip = co->code + ARG;
        NEXT();
    }
    TARGET(GET_ITER) {
        Value v = TOP();
        SAVE_REGS();
        Value it = obj_iter(v);
        if (!it) goto error;
        TOP() = it;
        NEXT();
    }
    TARGET(FOR_ITER) {
        Value it = TOP();
        Type *t = V_OBJ(it)->type;
        Value x;
        if (t == &rangeiter_type) {
            RangeIterObject *r = V_AS(RangeIterObject, it);
            if (r->remaining > 0) {
                x = v_int(r->next);
                r->next += r->step;
                r->remaining--;
                PUSH(x);
                NEXT();
            }
            sp--;
            ip = co->code + ARG;
            NEXT();
        }
        if (t == &listiter_type) {
            /* (an exhausted one takes the generic path, which forgets its list) */
            ListIterObject *li = V_AS(ListIterObject, it);
            if (li->list && li->index < list_size(li->list)) {
                PUSH(list_get(li->list, li->index++));
                NEXT();
            }
        }
        SAVE_REGS();
        if (__builtin_expect(dispatch == trace_labels, 0) && t == &gen_type && tstate.trace_func && !tstate.in_trace) {
            /* CPython's generator iterator raises StopIteration for a
               return value other than None, which a traced FOR_ITER
               reports as an 'exception' event */
            Value sent;
            int st = gen_send_ex(it, VNULL, &sent);
            if (st < 0) goto error;
            if (st == 1) {
                PUSH(sent);
                FORGET(sent);
                NEXT();
            }
            if (sent != V_NONE) {
                Value stop = exc_new(&exc_StopIteration, &sent, 1);
                FORGET(sent);
                if (!stop) goto error;
                err_set_exc(stop);
                if (trace_exception(f) < 0) goto error;
                err_clear();
            }
            sp--;
            ip = co->code + ARG;
            NEXT();
        }
        x = t->iternext(it);
        if (x) {
            PUSH(x);
            NEXT();
        }
        if (err_occurred()) {
            if (!err_matches(&exc_StopIteration)) goto error;
            /* traced: the StopIteration an iterator raised is an 'exception' event */
            if (__builtin_expect(dispatch == trace_labels, 0) && trace_exception(f) < 0) goto error;
            err_clear();
        }
    for_iter_exhausted:
        sp--;
        ip = co->code + ARG;
        NEXT();
    }

    /* Calls. A Python function is run in this same C activation: its frame
       is pushed and the loop continues there. */
    {
        Value callable, self_or_null;
        Value *args;
        size_t nargs;
        Value kwnames;
        int pop_count;

    TARGET(CALL_FUNCTION) {
        nargs = (size_t)ARG;
        args = sp - nargs;
        callable = args[-1];
        if (callable == V_FROM_PTR(&super_type) && nargs == 0 && INSTR_OP(*ip) == OP_LOAD_METHOD &&
            dispatch == labels) {
            /* `super().name(...)`: the LOAD_METHOD that follows gets what
               the super object would give, without one (or the bound
               method super_getattr makes). Not while recording or tracing:
               they see every instruction. */
            Value meth, self;
            if (super_method_in_frame(f, co->caches[INSTR_ARG(*ip)].name, &meth, &self)) {
                ip++;
                TOP() = meth;
                PUSH(self);
                FORGET(meth);
                FORGET(self);
                NEXT();
            }
        }
        kwnames = VNULL;
        pop_count = (int)nargs + 1;
        goto do_call;
    }
    TARGET(CALL_FUNCTION_KW) {
        kwnames = POP();
        int total = ARG;
        nargs = (size_t)(total - (int)tuple_size(kwnames));
        args = sp - total;
        callable = args[-1];
        pop_count = total + 1;
        goto do_call;
    }
    TARGET(CALL_METHOD) {
        nargs = (size_t)ARG;
        args = sp - nargs;
        self_or_null = args[-1];
        callable = args[-2];
        kwnames = VNULL;
        pop_count = (int)nargs + 2;
        if (callable) {
            args--;
            nargs++;
        } else {
            callable = self_or_null;
        }
        goto do_call;
    }
    TARGET(CALL_METHOD_KW) {
        kwnames = POP();
        int total = ARG;
        nargs = (size_t)(total - (int)tuple_size(kwnames));
        args = sp - total;
        self_or_null = args[-1];
        callable = args[-2];
        pop_count = total + 2;
        if (callable) {
            args--;
            nargs++;
        } else {
            callable = self_or_null;
        }
        goto do_call;
    }

    /* The slots a call popped (callable, self, arguments, keyword names)
       are zeroed: the collector scans the value stack conservatively, and
       an argument left above the top would keep an object the program
       dropped alive (`x = None; gc.collect()` after `f(x)`). */
/* (The asm hides the trip count: a call is 1 to 4 slots, which gcc would
   otherwise hand to a memset call costing more than the stores.) */
#define DROP_CALL_SLOTS()                                                         \
    do {                                                                          \
        for (int drop_ = pop_count + (kwnames ? 1 : 0) - 1; drop_ >= 0; drop_--) { \
            __asm__("" : "+r"(drop_));                                            \
            sp[drop_] = VNULL;                                                    \
        }                                                                         \
    } while (0)
    do_call: {
        Type *ct = type_of(callable);
        if (ct == &function_type) {
            FunctionObject *fn = V_AS(FunctionObject, callable);
            CodeObject *c2 = fn->code;
            Frame *nf;
            SAVE_REGS();
            /* a safe point: recursion polls here (the exception is the call's) */
            if (pending() && pending_run() < 0) goto error;
            if ((c2->flags & CO_SIMPLE_ARGS) && nargs == (size_t)c2->argcount && !kwnames) {
                /* (frame_push's memset and the copy, as plain stores) */
                nf = frame_push_args(c2, args, nargs);
                nf->func = fn;
                nf->globals = fn->globals;
                nf->builtins = fn->builtins;
            } else if (c2->flags & CO_GENERATOR) {
                Frame *gf = frame_setup_call(fn, args, nargs, kwnames, true);
                if (!gf) goto error;
                Value g = gen_new(gf, fn);
                sp -= pop_count;
                PUSH(g);
                NEXT();
            } else {
                nf = frame_setup_call(fn, args, nargs, kwnames, false);
                if (!nf) goto error;
            }
            sp -= pop_count;
            f->sp = sp;
            DROP_CALL_SLOTS();
            if (++tstate.depth > tstate.recursion_limit) {
                tstate.depth--;
                frame_pop(nf);
                err_set(&exc_RecursionError, "maximum recursion depth exceeded");
                goto error;
            }
            nf->back = f;
            f = nf;
            tstate.frame = f;
            LOAD_REGS();
            FUNCTION_ENTRY_HOOK();
            NEXT();
        }
        if (ct == &method_type) {
            /* bound method: put self in front of the arguments */
            BoundMethodObject *bm = V_AS(BoundMethodObject, callable);
            if (type_of(bm->func) == &function_type) {
                if (args[-1] == callable) {
                    /* the callable's stack slot can hold self */
                    args[-1] = bm->self;
                    args--;
                    nargs++;
                    callable = bm->func;
                    goto do_call;
                }
            }
        }
        SAVE_REGS();
        Value r;
        if (ct == &builtin_function_type) {
            BuiltinFunctionObject *b = V_AS(BuiltinFunctionObject, callable);
            if (__builtin_expect(b->def->flags & MF_COLLECTS, 0)) gc_clear_dead_c_stack();
            if (!b->self && (!kwnames || (b->def->flags & MF_KEYWORDS))) r = b->def->fn(args, nargs, kwnames);
            else r = obj_call(callable, args, nargs, kwnames);
        } else if (ct == &method_descr_type && nargs >= 1 &&
                   type_is_subtype(type_of(args[0]), V_AS(MethodDescrObject, callable)->owner) &&
                   (!kwnames || (V_AS(MethodDescrObject, callable)->def->flags & MF_KEYWORDS))) {
            r = V_AS(MethodDescrObject, callable)->def->fn(args, nargs, kwnames);
        } else {
            r = obj_call(callable, args, nargs, kwnames);
        }
        if (!r) goto error;
        sp -= pop_count;
        DROP_CALL_SLOTS();
        PUSH(r);
        /* a safe point after C code, as CPython's CALL: a signal that came
           while it ran (a blocking read) is handled before the next line;
           sys.settrace() asks for one to switch to the tracing dispatch */
        SAFE_POINT_AFTER_CALL();
        NEXT();
    }
    }
    TARGET(CALL_FUNCTION_EX) {
        Value kwargs = (ARG & 1) ? POP() : VNULL;
        Value args = POP(), fn = TOP();
        SAVE_REGS();
        Value r = call_ex(fn, args, kwargs);
        if (!r) goto error;
        TOP() = r;
        SAFE_POINT_AFTER_CALL();   /* as CALL's */
        NEXT();
    }
    TARGET(MAKE_FUNCTION) {
        Value code = POP();
        int flags = ARG;
        int n = __builtin_popcount((unsigned)flags);
        Value extras[4];
        for (int i = n - 1; i >= 0; i--) extras[i] = POP();
        PUSH(make_function(V_AS(CodeObject, code), f, extras, flags));
        NEXT();
    }
    TARGET(RETURN_VALUE) {
        Value retval = POP();
        if (__builtin_expect(dispatch == trace_labels, 0)) {
            SAVE_REGS();
            if (sys_trace_event(f, TRACE_RETURN, retval) < 0) goto error;
        }
        if (f == entry) {
            f->sp = sp;
            f->ip = ip;
            goto exit_frame;
        }
        Frame *caller = f->back;
        f->ip = ip;   /* a frame object outliving the frame reports the return's line */
        /* an __init__ frame rebuilt by a guard failure in compiled code that
           had inlined the instantiation: the call's result is the instance */
        bool bad_result = false;
        if (f->discard_result == FRAME_RESULT_INIT) {
            bad_result = retval != V_NONE;
            if (bad_result) err_format(&exc_TypeError, "__init__() should return None, not '%T'", retval);
            retval = f->localsplus[0];
        } else if (f->discard_result == FRAME_RESULT_NEW) {
            type_new_result_tail(retval);
        } else if (f->discard_result == FRAME_RESULT_LEN) {
            retval = type_len_result(retval);
            bad_result = !retval;
        }
        int binop_step = f->discard_result - FRAME_RESULT_BINOP, binop_op = f->binop_op;
        bool truth_jump = f->discard_result == FRAME_RESULT_TRUTH;
        bool compare = f->discard_result == FRAME_RESULT_COMPARE;
        tstate.depth--;
        frame_pop(f);
        f = caller;
        tstate.frame = f;
        if (truth_jump) {
            /* the jump instruction is the caller's last one (heap_truth's check) */
            uint32_t jump = f->ip[-1];
            if (retval != V_TRUE && retval != V_FALSE) {
                err_format(&exc_TypeError, "__bool__ should return bool, returned %T", retval);
                LOAD_REGS();
                goto error;
            }
            if ((retval == V_TRUE) == (INSTR_OP(jump) == OP_POP_JUMP_IF_TRUE)) f->ip = f->code->code + INSTR_ARG(jump);
            LOAD_REGS();
            NEXT();
        }
        if (compare) {
            /* the comparison's operands are the caller's two top slots */
            Value b = f->sp[-1], a = f->sp[-2];
            f->sp -= 2;
            if (retval == V_NOTIMPL) {
                retval = obj_richcompare_after_left(a, b, binop_op);
                bad_result = !retval;
            }
        }
        if (binop_step >= 0) {
            /* the operator's operands are the caller's two top slots */
            Value b = f->sp[-1], a = f->sp[-2];
            f->sp -= 2;
            if (retval == V_NOTIMPL) {
                retval = obj_binop_from(a, b, binop_op, binop_step_after(binop_step));
                bad_result = !retval;
            }
        }
        LOAD_REGS();
        if (bad_result) goto error;
        PUSH(retval);
        NEXT();
    exit_frame:
        tstate.depth--;
        tstate.frame = saved_frame;
        f->executing = 0;
        interp_leave_recursive();
        return retval;
    }
    TARGET(BUILD_TUPLE) {
        int n = ARG;
        if (INSTR_OP(*ip) == OP_UNPACK_SEQUENCE && INSTR_ARG(*ip) == (uint32_t)n && dispatch == labels) {
            /* `a, b = b, a`: the tuple would only be unpacked again, which
               leaves its items reversed on the stack; no tuple is built.
               (Not while recording or tracing: they see every instruction.) */
            ip++;
            for (Value *lo = sp - n, *hi = sp - 1; lo < hi; lo++, hi--) {
                Value t = *lo;
                *lo = *hi;
                *hi = t;
            }
            NEXT();
        }
        Value t = tuple_new(n);
        sp -= n;
        memcpy(tuple_items(t), sp, sizeof(Value) * (size_t)n);
        PUSH(t);
        NEXT();
    }
    TARGET(BUILD_LIST) {
        int n = ARG;
        sp -= n;
        Value l = list_from_display(sp, n);
        PUSH(l);
        NEXT();
    }
    TARGET(BUILD_SET) {
        int n = ARG;
        Value s = set_new();
        SAVE_REGS();
        for (int i = n; i >= 1; i--)
            if (set_add(s, PEEK(i)) < 0) goto error;
        sp -= n;
        PUSH(s);
        NEXT();
    }
    TARGET(BUILD_MAP) {
        int n = ARG;
        Value d = dict_new_sized(n);
        SAVE_REGS();
        for (int i = 2 * n; i >= 2; i -= 2)
            if (dict_set(d, PEEK(i), PEEK(i - 1)) < 0) goto error;
        sp -= 2 * n;
        PUSH(d);
        NEXT();
    }
    TARGET(LIST_APPEND) {
        Value v = POP();
        if (__builtin_expect(list_push(PEEK(ARG), v) < 0, 0)) goto error;
        NEXT();
    }
    TARGET(SET_ADD) {
        Value v = POP();
        SAVE_REGS();
        if (set_add(PEEK(ARG), v) < 0) goto error;
        NEXT();
    }
    TARGET(MAP_ADD) {
        Value v = POP(), k = POP();
        SAVE_REGS();
        if (dict_set(PEEK(ARG), k, v) < 0) goto error;
        NEXT();
    }
    TARGET(LIST_EXTEND) {
        Value it = POP();
        SAVE_REGS();
        if (interp_list_extend(PEEK(ARG), it) < 0) goto error;
        NEXT();
    }
    TARGET(SET_UPDATE) {
        Value it = POP();
        SAVE_REGS();
        if (set_update(PEEK(ARG), it) < 0) goto error;
        NEXT();
    }
    TARGET(DICT_UPDATE) {
        Value d = POP();
        SAVE_REGS();
        if (interp_dict_update(PEEK(ARG), d) < 0) goto error;
        NEXT();
    }
    TARGET(DICT_MERGE) {
        Value d = POP();
        SAVE_REGS();
        Value fn = PEEK(ARG + 2);
        if (dict_merge_nodup(PEEK(ARG), d, fn) < 0) goto error;
        NEXT();
    }
    TARGET(LIST_TO_TUPLE) {
        Value l = TOP();
        TOP() = tuple_from_array(list_items(l), list_size(l));
        NEXT();
    }
    TARGET(UNPACK_SEQUENCE) {
        Value seq = POP();
        int n = ARG;
        if (tuple_check_exact(seq) && tuple_size(seq) == n) {
            for (int i = n - 1; i >= 0; i--) PUSH(tuple_get(seq, i));
            NEXT();
        }
        if (list_check_exact(seq) && list_size(seq) == n) {
            for (int i = n - 1; i >= 0; i--) PUSH(list_get(seq, i));
            NEXT();
        }
        SAVE_REGS();
        if (unpack_iterable(seq, n, -1, sp) < 0) goto error;
        sp += n;
        NEXT();
    }
    TARGET(UNPACK_EX) {
        Value seq = POP();
        int before = ARG & 0xFFF, after = ARG >> 12;
        SAVE_REGS();
        if (unpack_iterable(seq, before, after, sp) < 0) goto error;
        sp += before + after + 1;
        NEXT();
    }
    TARGET(FORMAT_VALUE) {
        Value spec = (ARG & FVS_HAVE_SPEC) ? POP() : VNULL;
        Value v = TOP();
        SAVE_REGS();
        Value r = format_value(v, ARG & 3, spec);
        if (!r) goto error;
        TOP() = r;
        NEXT();
    }
    TARGET(BUILD_STRING) {
        int n = ARG;
        size_t total = 0;
        int64_t length = 0;
        bool ascii = true;
        for (int i = n; i >= 1; i--) {
            total += (size_t)str_nbytes(PEEK(i));
            length += str_len(PEEK(i));
            ascii = ascii && str_is_ascii(PEEK(i));
        }
        Value s = str_alloc(total);
        StrObject *so = V_AS(StrObject, s);
        char *d = so->data;
        for (int i = n; i >= 1; i--) {
            size_t k = (size_t)str_nbytes(PEEK(i));
            memcpy(d, str_data(PEEK(i)), k);
            d += k;
        }
        /* the parts' counts add up (as in str_concat): no rescan */
        so->ascii = ascii;
        so->length = length;
        sp -= n;
        PUSH(s);
        NEXT();
    }
    TARGET(RAISE_VARARGS) {
        SAVE_REGS();
        if (ARG == 0) {
            Value exc = exc_handled();
            if (!exc) {
                err_set(&exc_RuntimeError, "No active exception to reraise");
                goto error;
            }
            tstate.exc = exc;
            goto exception_unwind;
        }
        Value cause = ARG == 2 ? POP() : VNULL;
        Value exc = POP();
        do_raise(exc, cause);
        goto error;
    }
    TARGET(RERAISE) {
        Value exc = POP();
        if (ARG && v_is_int(PEEK(ARG))) reraise_lasti = (int)v_intval(PEEK(ARG));
        tstate.exc = exc;
        goto exception_unwind;
    }
    TARGET(PUSH_EXC_INFO) {
        Value exc = TOP();
        TOP() = tstate.handled ? tstate.handled : V_NONE;
        tstate.handled = exc;
        PUSH(exc);
        NEXT();
    }
    TARGET(POP_EXCEPT) {
        Value prev = POP();
        tstate.handled = prev == V_NONE ? VNULL : prev;
        NEXT();
    }
    TARGET(CHECK_EXC_MATCH) {
        Value t = POP(), e = TOP();
        int err;
        bool m = interp_exc_match(e, t, &err);
        if (err) goto error;
        PUSH(v_bool(m));
        NEXT();
    }
    TARGET(GET_LEN) {
        SAVE_REGS();
        int64_t n = obj_len(TOP());
        if (n < 0) goto error;
        PUSH(int_from_i64(n));
        NEXT();
    }
    TARGET(MATCH_MAPPING) {
        bool m = type_has_flag(type_of(TOP()), TF_MATCH_MAPPING);
        PUSH(v_bool(m));
        NEXT();
    }
    TARGET(MATCH_SEQUENCE) {
        bool m = type_has_flag(type_of(TOP()), TF_MATCH_SEQUENCE);
        PUSH(v_bool(m));
        NEXT();
    }
    TARGET(MATCH_KEYS) {
        SAVE_REGS();
        Value v = interp_match_keys(PEEK(2), TOP());
        if (!v) goto error;
        PUSH(v);
        NEXT();
    }
    TARGET(MATCH_CLASS) {
        SAVE_REGS();
        Value v = interp_match_class(PEEK(3), PEEK(2), TOP(), ARG);
        if (!v) goto error;
        sp -= 2;
        TOP() = v;
        NEXT();
    }
    TARGET(CHECK_EG_MATCH) {
        Value t = POP(), e = TOP();
        Value match, rest;
        SAVE_REGS();
        if (excgroup_match_star(e, t, &match, &rest) < 0) goto error;
        if (match == V_NONE) {
            PUSH(V_NONE);
        } else {
            TOP() = rest;
            PUSH(match);
            /* the clause runs with the matched part as the exception being
             * handled (its context for what it raises) */
            tstate.handled = match;
        }
        FORGET(match);
        FORGET(rest);
        NEXT();
    }
    TARGET(PREP_RERAISE_STAR) {
        Value list = POP(), orig = TOP();
        SAVE_REGS();
        Value r = excgroup_prep_reraise_star(orig, list);
        if (!r) goto error;
        TOP() = r;
        NEXT();
    }
    TARGET(LOAD_ASSERTION_ERROR) {
        PUSH(V_FROM_PTR(&exc_AssertionError));
        NEXT();
    }
    TARGET(BEFORE_WITH) {
        Value mgr = TOP();
        SAVE_REGS();
        Type *t = type_of(mgr);
        Value enter = type_lookup(t, NAME(__enter__));
        Value exitf = type_lookup(t, NAME(__exit__));
        if (!enter || !exitf) {
            err_format(&exc_TypeError, "'%s' object does not support the context manager protocol%s", t->tname,
                       enter ? " (missed __exit__ method)" : "");
            goto error;
        }
        Type *et = type_of(exitf);
        Value bound_exit = et->descr_get ? et->descr_get(exitf, mgr, V_FROM_PTR(t)) : exitf;
        if (!bound_exit) goto error;
        bool found;
        Value res = obj_call_special(mgr, NAME(__enter__), NULL, 0, &found);
        if (!res) goto error;
        TOP() = bound_exit;
        PUSH(res);
        NEXT();
    }
    TARGET(WITH_EXCEPT_START) {
        /* [exit lasti prev exc] -> [exit lasti prev exc res] */
        Value exc = TOP(), exitf = PEEK(4);
        SAVE_REGS();
        ExcObject *e = V_AS(ExcObject, exc);
        Value a[3] = {V_FROM_PTR(type_of(exc)), exc, e->traceback ? e->traceback : V_NONE};
        Value r = obj_call(exitf, a, 3, VNULL);
        /* this C frame runs on under every Python call it makes inline, and
           the collector scans it: the exception and its traceback (so every
           frame's locals) would stay alive in `a` until the next with-block
           error (unittest's test_no_exception_leak); the barrier keeps the
           clearing from being dropped as a dead store */
        memset(a, 0, sizeof a);
        __asm__ volatile("" : : "r"(a) : "memory");
        if (!r) goto error;
        if (ARG == 1) {
            /* async with: the awaitable __aexit__ returned, awaited next */
            PUSH(r);
            NEXT();
        }
        int t = obj_truth(r);
        if (t < 0) goto error;
        PUSH(v_bool(t));
        NEXT();
    }
    TARGET(GEN_START) NEXT();
    TARGET(RETURN_GENERATOR) NEXT();
    TARGET(YIELD_VALUE) {
        Value v = POP();
        if (__builtin_expect(dispatch == trace_labels, 0)) {
            SAVE_REGS();
            if (sys_trace_event(f, TRACE_RETURN, v) < 0) goto error;
        }
        f->ip = ip;
        f->sp = sp;
        f->yielded = 1;
        tstate.depth--;
        tstate.frame = saved_frame;
        f->executing = 0;
        interp_leave_recursive();
        return v;
    }
    TARGET(GET_AWAITABLE) {
        SAVE_REGS();
        Value a = coro_get_awaitable(TOP(), (int)ARG);
        if (!a) goto error;
        TOP() = a;
        NEXT();
    }
    TARGET(BEFORE_ASYNC_WITH) {
        Value mgr = TOP();
        SAVE_REGS();
        Type *t = type_of(mgr);
        Value enter = type_lookup(t, NAME(__aenter__));
        Value exitf = type_lookup(t, NAME(__aexit__));
        if (!enter || !exitf) {
            err_format(&exc_TypeError, "'%s' object does not support the asynchronous context manager protocol%s",
                       t->tname, enter ? " (missed __aexit__ method)" : "");
            goto error;
        }
        Type *et = type_of(exitf);
        Value bound_exit = et->descr_get ? et->descr_get(exitf, mgr, V_FROM_PTR(t)) : exitf;
        if (!bound_exit) goto error;
        bool found;
        Value res = obj_call_special(mgr, NAME(__aenter__), NULL, 0, &found);
        if (!res) goto error;
        TOP() = bound_exit;
        PUSH(res);
        NEXT();
    }
    TARGET(ASYNC_GEN_WRAP) {
        TOP() = async_gen_wrap(TOP());
        NEXT();
    }
    TARGET(GET_AITER) {
        Value obj = TOP();
        SAVE_REGS();
        bool found;
        Value it = obj_call_special(obj, NAME(__aiter__), NULL, 0, &found);
        if (!found && !err_occurred())
            err_format(&exc_TypeError, "'async for' requires an object with __aiter__ method, got %T", obj);
        if (!it) goto error;
        if (!type_lookup(type_of(it), NAME(__anext__))) {
            err_format(&exc_TypeError,
                       "'async for' received an object from __aiter__ that does not implement __anext__: %T", it);
            goto error;
        }
        TOP() = it;
        NEXT();
    }
    TARGET(GET_ANEXT) {
        Value ait = TOP();
        SAVE_REGS();
        Value a = async_get_anext(ait);
        if (!a) goto error;
        PUSH(a);
        NEXT();
    }
    TARGET(END_ASYNC_FOR) {
        Value exc = POP();
        if (type_is_subtype(type_of(exc), &exc_StopAsyncIteration)) {
            (void)POP();   /* the async iterator */
            NEXT();
        }
        tstate.exc = exc;
        goto exception_unwind;
    }
    TARGET(GET_YIELD_FROM_ITER) {
        Value v = TOP();
        if (coro_check(v)) {
            /* only a generator-based coroutine may delegate to a coroutine */
            if (!(co->flags & (CO_COROUTINE | CO_ITERABLE_COROUTINE))) {
                SAVE_REGS();
                err_set(&exc_TypeError, "cannot 'yield from' a coroutine object in a non-coroutine generator");
                goto error;
            }
        } else if (!gen_check(v)) {
            SAVE_REGS();
            Value it = obj_iter(v);
            if (!it) goto error;
            TOP() = it;
        }
        NEXT();
    }
    TARGET(YIELD_FROM) {
        Value v = POP(), recv = TOP();
        Value out;
        int st;
        SAVE_REGS();
        if (genlike_check(recv)) {
            st = gen_send_ex(recv, v == V_NONE ? VNULL : v, &out);
        } else if (v == V_NONE) {
            /* a class's __next__ is called directly: its StopIteration
               carries the return value, which its slot would clear */
            if (type_has_flag(type_of(recv), TF_HEAPTYPE)) {
                bool found;
                out = obj_call_special(recv, NAME(__next__), NULL, 0, &found);
                if (!found && !err_occurred()) err_format(&exc_TypeError, "'%T' object is not an iterator", recv);
            } else {
                out = obj_next(recv);
            }
            if (out) st = 1;
            else if (err_occurred()) {
                if (err_matches(&exc_StopIteration)) {
                    Value e = err_fetch();
                    out = V_AS(ExcObject, e)->value ? V_AS(ExcObject, e)->value : V_NONE;
                    st = 0;
                } else {
                    st = -1;
                }
            } else {
                out = V_NONE;
                st = 0;
            }
        } else {
            out = obj_call_method(recv, "send", &v, 1);
            if (out) st = 1;
            else if (err_matches(&exc_StopIteration)) {
                Value e = err_fetch();
                out = V_AS(ExcObject, e)->value ? V_AS(ExcObject, e)->value : V_NONE;
                st = 0;
            } else {
                st = -1;
            }
        }
        if (st < 0) goto error;
        if (st == 0) {
            if (__builtin_expect(dispatch == trace_labels, 0) && tstate.trace_func && !tstate.in_trace) {
                /* CPython 3.11's SEND raises the delegate's return as
                   StopIteration when tracing: an 'exception' event here */
                Value stop = exc_new(&exc_StopIteration, &out, out == V_NONE ? 0 : 1);
                if (!stop) goto error;
                Value info = tuple_pack(3, V_FROM_PTR(&exc_StopIteration), stop, V_NONE);
                if (sys_trace_event(f, TRACE_EXCEPTION, info) < 0) goto error;
            }
            TOP() = out;
            FORGET(out);
            FORGET(v);
            NEXT();
        }
        /* suspend; re-run this instruction on resume with the sent value */
        if (f->gen) V_AS(GenObject, f->gen)->yield_from = recv;
        ip--;
        f->ip = ip;
        f->sp = sp;
        f->yielded = 1;
        tstate.depth--;
        tstate.frame = saved_frame;
        f->executing = 0;
        interp_leave_recursive();
        return out;
    }
    TARGET(IMPORT_NAME) {
        Value fromlist = POP(), level = TOP();
        SAVE_REGS();
        /* the locals builtins.__import__ receives: a module body's are its globals */
        Value ns = f->locals ? f->locals : (co->flags & CO_MODULE) ? f->globals : VNULL;
        Value m = import_name_stmt(tuple_get(co->names, ARG), fromlist, level, f->globals, ns, f->builtins);
        if (!m) goto error;
        TOP() = m;
        NEXT();
    }
    TARGET(IMPORT_FROM) {
        SAVE_REGS();
        Value r = import_from(TOP(), tuple_get(co->names, ARG));
        if (!r) goto error;
        PUSH(r);
        NEXT();
    }
    TARGET(IMPORT_STAR) {
        Value m = POP();
        SAVE_REGS();
        if (import_star(m, f->locals ? f->locals : f->globals) < 0) goto error;
        NEXT();
    }
    TARGET(LOAD_BUILD_CLASS) {
        SAVE_REGS();
        Value bc = mapping_lookup(f->builtins ? f->builtins : tstate.builtins, NAME(__build_class__));
        if (!bc) {
            if (!err_occurred()) err_set(&exc_NameError, "__build_class__ not found");
            goto error;
        }
        PUSH(bc);
        NEXT();
    }
    TARGET(SETUP_ANNOTATIONS) {
        Value ns = f->locals ? f->locals : f->globals;
        SAVE_REGS();
        if (dict_check_exact(ns)) {
            if (!dict_get_str(ns, NAME(__annotations__))) dict_set(ns, NAME(__annotations__), dict_new());
        } else {
            /* a mapping given to exec() or by __prepare__ */
            Value a = obj_getitem(ns, NAME(__annotations__));
            if (!a) {
                if (!err_matches(&exc_KeyError)) goto error;
                err_clear();
                if (obj_setitem(ns, NAME(__annotations__), dict_new()) < 0) goto error;
            }
        }
        NEXT();
    }
    TARGET(PRINT_EXPR) {
        Value v = POP();
        SAVE_REGS();
        if (sys_displayhook(v) < 0) goto error;
        NEXT();
    }
    TARGET(LOAD_LOCALS) {
        PUSH(f->locals ? f->locals : f->globals);
        NEXT();
    }
    TARGET(DICT_TO_KWARGS) NEXT();

L_RECORD:
    if (jit.recording && tstate.c_depth == jit.record_c_depth) {
        if (jit_record(f, ip - 1, sp)) dispatch = labels;
    } else {
        /* recording ended, perhaps aborted by sys.settrace() in a call
           (whose safe point then found this loop recording): trace from
           here on */
        dispatch = tstate.use_tracing || interp_save_ip ? trace_labels : labels;
    }
    goto *labels[w & 0xFF];

L_TRACE:
    if (!tstate.use_tracing) {
        if (interp_save_ip) SAVE_REGS();
        else dispatch = labels;
    } else if (!tstate.in_trace) {
        SAVE_REGS();
        if (!f->trace_called) {
            f->trace_called = 1;
            if (sys_trace_event(f, TRACE_CALL, V_NONE) < 0) goto error;
            if (LASTI() > 0) {
                /* a generator resumed: after its yield (the instruction
                   last run), or at the YIELD_FROM it runs again */
                int last = LASTI();
                if (INSTR_OP(co->code[last - 1]) == OP_YIELD_VALUE) last--;
                sys_trace_resumed(f, last);
            }
        }
        if (tstate.trace_func && sys_trace_line(f, LASTI()) < 0) goto error;
        if (__builtin_expect(f->ip != ip, 0)) {
            /* the trace function jumped (frame.f_lineno = N): go on there,
               with the stack it popped to */
            ip = f->ip - 1;
            sp = f->sp;
            NEXT();
        }
        if (tstate.profile_func) {
            /* a call of a builtin: the profile function sees it */
            int op = (int)(w & 0xFF), total = ARG;
            Value *base = sp;   /* the call's operands, from the callable on */
            Value *bottom = sp; /* the stack after the call's pops */
            Value kwnames = VNULL;
            size_t nargs = 0;
            Value callable = VNULL;
            switch (op) {
            case OP_CALL_FUNCTION_KW:
            case OP_CALL_METHOD_KW:
                kwnames = TOP();
                base--;
                nargs = (size_t)(total - (int)tuple_size(kwnames));
                /* fallthrough */
            case OP_CALL_FUNCTION:
            case OP_CALL_METHOD:
                if (!kwnames) nargs = (size_t)total;
                base -= total + 1;
                if (op == OP_CALL_METHOD || op == OP_CALL_METHOD_KW) {
                    base--;
                    bottom = base;
                    /* [method self args] or [NULL callable args] */
                    if (base[0]) nargs++;
                    else base++;
                } else {
                    bottom = base;
                }
                callable = base[0];
                break;
            case OP_CALL_FUNCTION_EX:
                base -= (ARG & 1) ? 3 : 2;
                bottom = base;
                callable = base[0];
                break;
            }
            Value ev = callable ? profiled_builtin(callable, base + 1, nargs, op == OP_CALL_FUNCTION_EX) : VNULL;
            if (ev == VNULL && err_occurred()) goto error;
            if (ev) {
                if (sys_profile_event(f, PROFILE_C_CALL, ev) < 0) goto error;
                Value r = op == OP_CALL_FUNCTION_EX ? call_ex(callable, base[1], (ARG & 1) ? base[2] : VNULL)
                                                    : obj_call(callable, base + 1, nargs, kwnames);
                if (!r) {
                    sys_profile_event(f, PROFILE_C_EXCEPTION, ev);
                    goto error;
                }
                if (sys_profile_event(f, PROFILE_C_RETURN, ev) < 0) goto error;
                sp = bottom;
                PUSH(r);
                SAFE_POINT_AFTER_CALL();
                NEXT();
            }
        }
    }
    goto *labels[w & 0xFF];

error:
    /* tstate.exc is set: record this frame in the traceback. (A path that
       came here without one is a tpy bug: CPython's SystemError, rather
       than a crash.) */
    if (__builtin_expect(!tstate.exc, 0)) err_set(&exc_SystemError, "error return without exception set");
    traceback_add(tstate.exc, f, LASTI());
    if (__builtin_expect(dispatch == trace_labels, 0) && trace_exception(f) < 0) traceback_add(tstate.exc, f, LASTI());
exception_unwind:
    if (__builtin_expect(jit.recording, 0) && tstate.c_depth == jit.record_c_depth && !jit_unwind_recorded()) {
        jit_abort(ABORT_EXCEPTION);
        dispatch = tstate.use_tracing || interp_save_ip ? trace_labels : labels;
    }
    for (;;) {
        int lasti = LASTI();
        const ExcTableEntry *h = code_find_handler(co, lasti);
        if (h) {
            /* the handler saves the frame's last instruction: a re-raise's
               restored one (CPython's f_lasti), else the one that raised */
            sp = frame_stack_base(f) + h->depth;
            if (h->lasti) PUSH(v_int(reraise_lasti >= 0 ? reraise_lasti : lasti));
            reraise_lasti = -1;
            Value exc_ = err_fetch();
            PUSH(exc_);
            ip = co->code + h->target;
            NEXT();
        }
        /* no handler: leave this frame, its last instruction saved */
        if (reraise_lasti >= 0 && reraise_lasti < co->ncode) ip = co->code + reraise_lasti + 1;
        reraise_lasti = -1;
        f->ip = ip;
        if (__builtin_expect(dispatch == trace_labels, 0)) {
            /* 'return' with None (the exception stays set) */
            Value exc_ = err_fetch();
            int tr_ = sys_trace_event(f, TRACE_RETURN, V_NONE);
            if (tr_ < 0) traceback_add(tstate.exc, f, LASTI());
            else err_restore(exc_);
        }
        traceback_frame_exit(tstate.exc, f, LASTI());
        if (f == entry) {
            f->sp = frame_stack_base(f);
            tstate.depth--;
            tstate.frame = saved_frame;
            f->executing = 0;
            interp_leave_recursive();
            return VNULL;
        }
        Frame *caller = f->back;
        if (__builtin_expect(f->discard_result == FRAME_RESULT_ITERNEXT, 0) && iternext_frame_ends_loop(f)) {
            f = caller;
            LOAD_REGS();
            w = ip[-1];   /* the FOR_ITER */
            goto for_iter_exhausted;
        }
        tstate.depth--;
        frame_pop(f);
        f = caller;
        tstate.frame = f;
        LOAD_REGS();
        traceback_add(tstate.exc, f, LASTI());
        if (__builtin_expect(dispatch == trace_labels, 0) && trace_exception(f) < 0)
            traceback_add(tstate.exc, f, LASTI());
    }
#undef LOAD_REGS
#undef SAVE_REGS
#undef NEXT
#undef TARGET
#undef ARG
#undef PUSH
#undef POP
#undef TOP
#undef SECOND
#undef PEEK
#undef LASTI
}

/* ---- entry points ---------------------------------------------------------------------------- */

Value function_call(Value func, Value *args, size_t nargs, Value kwnames) {
    FunctionObject *fn = V_AS(FunctionObject, func);
    CodeObject *co = fn->code;
    if (co->flags & CO_GENERATOR) {
        Frame *gf = frame_setup_call(fn, args, nargs, kwnames, true);
        if (!gf) return VNULL;
        return gen_new(gf, fn);
    }
    Frame *f;
    if ((co->flags & CO_SIMPLE_ARGS) && nargs == (size_t)co->argcount && (!kwnames || tuple_size(kwnames) == 0)) {
        f = frame_push(co);
        f->func = fn;
        f->globals = fn->globals;
        f->builtins = fn->builtins;
        values_copy(f->localsplus, args, nargs);
    } else {
        f = frame_setup_call(fn, args, nargs, kwnames, false);
        if (!f) return VNULL;
    }
    Value r = eval_frame(f, VNULL);
    frame_pop(f);
    return r;
}

Value eval_module_code(CodeObject *co, Value globals, Value locals) {
    Frame *f = frame_push(co);
    f->func = NULL;
    f->globals = globals;
    /* any object may stand for the builtins: one that is not a dict is
       subscripted at each lookup (and fails there), as CPython's */
    Value b = dict_get_str(globals, NAME(__builtins__));
    if (b && module_check(b)) b = module_dict(b);
    f->builtins = b ? b : tstate.builtins;
    f->locals = locals;
    Value r = eval_frame(f, VNULL);
    frame_pop(f);
    return r;
}

Value eval_class_body(Value func, Value ns) {
    FunctionObject *fn = V_AS(FunctionObject, func);
    Frame *f = frame_setup_call(fn, NULL, 0, VNULL, false);
    if (!f) return VNULL;
    f->locals = ns;
    Value r = eval_frame(f, VNULL);
    frame_pop(f);
    return r;
}

void interp_init(void) {}
