/* ops.c: the abstract object API (ops.h): what each operation means for any
 * value, dispatching to type slots, plus calls and argument helpers. */
#include <stdio.h>
#include <string.h>

#include "../obj/bytearray.h"
#include "../runtime.h"
#include "pending.h"

Names names;

const char *const binop_symbols[BINOP__COUNT] = {
#define BS(name, sym, d, r, i) sym,
    BINOP_DEF(BS)
#undef BS
};
const char *const cmpop_symbols[CMP__COUNT] = {
#define CS(name, sym, d, sw) sym,
    CMPOP_DEF(CS)
#undef CS
};
const int cmpop_swapped[CMP__COUNT] = {
#define CW(name, sym, d, sw) CMP_##sw,
    CMPOP_DEF(CW)
#undef CW
};

/* ---- repr, str, hash, truth, len ------------------------------------------------- */

Value obj_repr(Value v) {
    if (v_is_int(v)) return int_repr(v);
    Type *t = type_of(v);
    if (!t->repr) return err_format(&exc_TypeError, "'%s' object has no repr", t->tname);
    if (interp_enter_recursive(" while getting the repr of an object") < 0) return VNULL;
    Value r = t->repr(v);
    interp_leave_recursive();
    return r;
}

Value obj_str(Value v) {
    if (str_check_exact(v)) return v;
    if (v_is_int(v)) return int_repr(v);
    Type *t = type_of(v);
    UnaryFunc f = t->str ? t->str : t->repr;
    if (interp_enter_recursive(" while getting the str of an object") < 0) return VNULL;
    Value r = f(v);
    interp_leave_recursive();
    if (r && !str_check(r)) return err_format(&exc_TypeError, "__str__ returned non-string (type %T)", r);
    return r;
}

Value obj_ascii(Value v) {
    Value r = obj_repr(v);
    if (!r || str_is_ascii(r)) return r;
    Buf b;
    char b_mem[256];
    buf_init_local(&b, b_mem, sizeof b_mem);
    const char *p = str_data(r), *end = p + str_nbytes(r);
    while (p < end) {
        int l;
        uint32_t c = utf8_decode(p, &l);
        p += l;
        if (c < 0x80) buf_putc(&b, (char)c);
        else if (c < 0x100) buf_printf(&b, "\\x%02x", c);
        else if (c < 0x10000) buf_printf(&b, "\\u%04x", c);
        else buf_printf(&b, "\\U%08x", c);
    }
    return str_from_buf(&b);
}

int64_t obj_hash(Value v) {
    if (v_is_int(v)) {
        /* int_hash's common case inline: tuple and dict keys hash their
           small ints here */
        int64_t x = v_intval(v);
        if (x < INT_HASH_MODULUS && x > -INT_HASH_MODULUS) return x == -1 ? -2 : x;
        return int_hash(v);
    }
    if (v_is_smallfloat(v)) return float_hash_double(v_smallfloat_val(v));
    Type *t = V_OBJ(v)->type;
    if (t == &str_type) return str_hash(v);
    if (!t->hash) {
        err_format(&exc_TypeError, "unhashable type: '%s'", t->tname);
        return -1;
    }
    return t->hash(v);
}

int obj_truth(Value v) {
    if (v == V_TRUE) return 1;
    if (v == V_FALSE || v == V_NONE) return 0;
    if (v_is_int(v)) return v != v_int(0);
    if (v_is_smallfloat(v)) return v_smallfloat_val(v) != 0.0;
    Type *t = V_OBJ(v)->type;
    if (t->truth) return t->truth(v);
    if (t->len) {
        int64_t n = t->len(v);
        return n < 0 ? -1 : n > 0;
    }
    return 1;
}

int64_t obj_len(Value v) {
    Type *t = type_of(v);
    if (!t->len) {
        err_format(&exc_TypeError, "object of type '%s' has no len()", t->tname);
        return -1;
    }
    return t->len(v);
}

/* Objects whose repr is in progress (innermost last). */
static Value repr_active;

int repr_enter(Value v) {
    if (!repr_active) repr_active = list_new(8);
    for (int64_t i = 0; i < list_size(repr_active); i++)
        if (list_get(repr_active, i) == v) return 1;
    list_append(repr_active, v);
    return 0;
}

void repr_leave(Value v) {
    for (int64_t i = list_size(repr_active) - 1; i >= 0; i--) {
        if (list_get(repr_active, i) == v) {
            list_pop(repr_active, i);
            return;
        }
    }
}

/* ---- attributes ------------------------------------------------------------------ */

static Value intern_name(Value name) {
    if (V_AS(StrObject, name)->interned) return name;
    return str_intern(name);
}

Value obj_getattr(Value obj, Value name) {
    if (!str_check(name)) return err_format(&exc_TypeError, "attribute name must be string, not '%T'", name);
    name = intern_name(name);
    Type *t = type_of(obj);
    Value r = t->getattr ? t->getattr(obj, name) : generic_getattr(obj, name);
    if (!r) err_attribute_context(obj, name);
    return r;
}

Value obj_getattr_cstr(Value obj, const char *name) { return obj_getattr(obj, str_intern_cstr(name)); }

Value obj_getattr_opt(Value obj, Value name) {
    name = intern_name(name);
    Type *t = type_of(obj);
    /* an AttributeError raised by a descriptor (a property, a getset)
       also means "absent", as CPython's _PyObject_LookupAttr */
    Value r = t->getattr == generic_getattr || !t->getattr ? generic_getattr_noerr(obj, name) : t->getattr(obj, name);
    if (!r && err_matches(&exc_AttributeError)) err_clear();
    return r;
}

int obj_setattr(Value obj, Value name, Value v) {
    if (!str_check(name)) {
        err_format(&exc_TypeError, "attribute name must be string, not '%T'", name);
        return -1;
    }
    name = intern_name(name);
    Type *t = type_of(obj);
    if (!t->setattr) {
        if (t->getattr)
            err_format(&exc_AttributeError, "'%s' object has no attribute '%U'", t->tname, name);
        else
            err_format(&exc_TypeError, "'%s' object has only read-only attributes", t->tname);
        return -1;
    }
    return t->setattr(obj, name, v);
}

int obj_hasattr(Value obj, Value name) {
    Value r = obj_getattr_opt(obj, name);
    if (r) return 1;
    return err_occurred() ? -1 : 0;
}

/* ---- items -------------------------------------------------------------------------- */

Value obj_getitem(Value obj, Value key) {
    Type *t = type_of(obj);
    if (t->getitem) return t->getitem(obj, key);
    if (type_check(obj)) {
        /* type[int]; its subclasses have no __class_getitem__ (CPython) */
        if (obj == V_FROM_PTR(&type_type)) return generic_alias_new(obj, key);
        Value cgi = type_lookup(V_AS(Type, obj), NAME(__class_getitem__));
        if (cgi && cgi != V_NONE) {   /* None blocks it */
            Type *ct = type_of(cgi);
            Value bound = ct->descr_get ? ct->descr_get(cgi, VNULL, obj) : cgi;
            if (!bound) return VNULL;
            return obj_call1(bound, key);
        }
        return err_format(&exc_TypeError, "type '%s' is not subscriptable", V_AS(Type, obj)->tname);
    }
    return err_format(&exc_TypeError, "'%s' object is not subscriptable", t->tname);
}

/* The sequence protocol's conversion of an integer key comes before the
 * TypeError of a type without item assignment: IndexError beyond 64 bits. */
static bool is_index(Value key) {
    return int_check(key) || (!v_is_smallfloat(key) && type_lookup(type_of(key), NAME(__index__)));
}

static bool seq_key_too_big(Type *t, Value key) {
    bool seq = (t->flags & TF_HEAPTYPE) || t->len || t->contains;
    return seq && is_index(key) && obj_index_i64(key) == -1 && err_occurred();
}

int obj_setitem(Value obj, Value key, Value v) {
    Type *t = type_of(obj);
    if (t->setitem) return t->setitem(obj, key, v);
    if (seq_key_too_big(t, key)) return -1;
    err_format(&exc_TypeError, "'%s' object does not support item assignment", t->tname);
    return -1;
}

int obj_delitem(Value obj, Value key) {
    Type *t = type_of(obj);
    if (t->setitem) return t->setitem(obj, key, VNULL);
    /* CPython's two messages: PySequence_DelItem's for a type with the
     * sequence protocol (containers, every class statement's type) and an
     * integer key, PyObject_DelItem's otherwise */
    bool seq = (t->flags & TF_HEAPTYPE) || t->len || t->contains;
    if (seq_key_too_big(t, key)) return -1;
    err_format(&exc_TypeError, seq && is_index(key) ? "'%s' object doesn't support item deletion"
                                                     : "'%s' object does not support item deletion", t->tname);
    return -1;
}

int obj_contains(Value container, Value item) {
    Type *t = type_of(container);
    if (t->contains) return t->contains(container, item);
    Value it = obj_iter(container);
    if (!it) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_format(&exc_TypeError, "argument of type '%s' is not iterable", t->tname);
        }
        return -1;
    }
    for (;;) {
        Value x = obj_next(it);
        if (!x) return err_occurred() ? -1 : 0;
        int eq = obj_eq(x, item);
        if (eq) return eq;
    }
}

/* ---- operators ------------------------------------------------------------------------ */

static bool is_sequence(Value v) {
    return str_check(v) || list_check(v) || tuple_check(v) || bytes_check(v) || bytearray_check(v);
}

static Value binop_type_error(Value a, Value b, int op) {
    const char *sym = binop_symbols[BINOP_BASE(op)];
    if (BINOP_BASE(op) == BINOP_ADD && (str_check(a) || list_check(a) || tuple_check(a))) {
        /* the sequence's concatenation refused b (after b's __radd__) */
        const char *n = str_check(a) ? "str" : list_check(a) ? "list" : "tuple";
        return err_format(&exc_TypeError, "can only concatenate %s (not \"%T\") to %s", n, b, n);
    }
    if (BINOP_BASE(op) == BINOP_MUL && (is_sequence(a) || is_sequence(b)))
        return err_format(&exc_TypeError, "can't multiply sequence by non-int of type '%T'", is_sequence(a) ? b : a);
    if (BINOP_BASE(op) == BINOP_POW && !(op & BINOP_INPLACE))
        return err_format(&exc_TypeError, "unsupported operand type(s) for ** or pow(): '%T' and '%T'", a, b);
    if (op & BINOP_INPLACE)
        return err_format(&exc_TypeError, "unsupported operand type(s) for %s=: '%T' and '%T'", sym, a, b);
    if (BINOP_BASE(op) == BINOP_RSHIFT && type_of(a) == &builtin_function_type &&
        strcmp(V_AS(BuiltinFunctionObject, a)->def->name, "print") == 0) {
        /* print >> f: CPython's hint (for print only) */
        return err_format(&exc_TypeError,
                          "unsupported operand type(s) for >>: '%T' and '%T'. Did you mean \"print(<message>, "
                          "file=<output_stream>)\"?",
                          a, b);
    }
    return err_format(&exc_TypeError, "unsupported operand type(s) for %s: '%T' and '%T'", sym, a, b);
}

bool binop_subclass_first(Type *ta, Type *tb, int bop) {
    /* between two classes, only if the subclass's reflected method is not
       the base's (CPython's method_is_overloaded) */
    return tb != ta && tb->binop && type_is_subtype(tb, ta) &&
           (tb->binop != ta->binop ||
            (type_has_flag(tb, TF_HEAPTYPE) &&
             (!type_has_flag(ta, TF_HEAPTYPE) || type_lookup(tb, binop_name(bop, 1)) != type_lookup(ta, binop_name(bop, 1)))));
}

int binop_step_after(int step) {
    switch (step) {
    case BINOP_STEP_INPLACE: return BINOP_STEP_SUBCLASS_FIRST;
    case BINOP_STEP_SUBCLASS_FIRST: return BINOP_STEP_LEFT_AFTER_SUBCLASS;
    case BINOP_STEP_LEFT: return BINOP_STEP_REFLECTED;
    default: return BINOP_STEP_FAIL;
    }
}

Value obj_binop_from(Value a, Value b, int op, int step) {
    Type *ta = type_of(a), *tb = type_of(b);
    if (step <= BINOP_STEP_INPLACE && (op & BINOP_INPLACE) && ta->binop) {
        Value r = ta->binop(a, b, op);
        if (r != V_NOTIMPL) return r;
    }
    int bop = BINOP_BASE(op);
    bool tried_b = step == BINOP_STEP_LEFT_AFTER_SUBCLASS;
    if (step <= BINOP_STEP_SUBCLASS_FIRST && binop_subclass_first(ta, tb, bop)) {
        Value r = tb->binop(a, b, bop | BINOP_REFLECTED);
        if (r != V_NOTIMPL) return r;
        tried_b = true;
    }
    if (step <= BINOP_STEP_LEFT_AFTER_SUBCLASS && ta->binop) {
        Value r = ta->binop(a, b, bop);
        if (r != V_NOTIMPL) return r;
    }
    /* two operands of one class: its left method only (CPython) */
    if (step <= BINOP_STEP_REFLECTED && !tried_b && tb != ta && tb->binop) {
        Value r = tb->binop(a, b, bop | BINOP_REFLECTED);
        if (r != V_NOTIMPL) return r;
    }
    if (bop == BINOP_MUL && is_sequence(a) != is_sequence(b)) {
        /* sequence repetition accepts any count with __index__ */
        Value n = is_sequence(a) ? b : a;
        if (!int_check(n) && type_lookup(type_of(n), NAME(__index__))) {
            Value k = obj_index(n);
            if (!k) return VNULL;
            return n == b ? obj_binop(a, k, op) : obj_binop(k, b, op);
        }
    }
    return binop_type_error(a, b, op);
}

Value obj_binop(Value a, Value b, int op) { return obj_binop_from(a, b, op, BINOP_STEP_INPLACE); }

Value obj_unop(Value a, int op) {
    Type *t = type_of(a);
    if (t->unop) {
        Value r = t->unop(a, op);
        /* a class's own dunder may return NotImplemented: that is the
           result (CPython); heap types raise themselves when it is missing */
        if (r != V_NOTIMPL || type_has_flag(t, TF_HEAPTYPE)) return r;
    }
    static const char *const what[UNOP__COUNT] = {"unary -", "unary +", "unary ~", "abs()"};
    return err_format(&exc_TypeError, "bad operand type for %s: '%s'", what[op], t->tname);
}

/* x OP y for a CmpOp, on machine ints and on doubles */
#define CMP_BY_OP(NAME, T)                                   \
    static inline bool NAME(T x, T y, int op) {              \
        switch (op) {                                        \
        case CMP_LT: return x < y;                           \
        case CMP_LE: return x <= y;                          \
        case CMP_EQ: return x == y;                          \
        case CMP_NE: return x != y;                          \
        case CMP_GT: return x > y;                           \
        default: return x >= y;                              \
        }                                                    \
    }
CMP_BY_OP(cmp_i64, int64_t)
CMP_BY_OP(cmp_double, double)
#undef CMP_BY_OP

/* The end of obj_richcompare's dispatch once a's slot declined: b's
 * reflected slot (unless it had the first chance), then identity for ==
 * and !=, else the TypeError. */
static Value richcompare_fallback(Value a, Value b, int op, bool try_reverse) {
    Type *ta = type_of(a), *tb = type_of(b);
    if (try_reverse && tb->richcompare) {
        Value r = tb->richcompare(b, a, cmpop_swapped[op]);
        if (r != V_NOTIMPL) return r;
    }
    switch (op) {
    case CMP_EQ: return v_bool(a == b);
    case CMP_NE: return v_bool(a != b);
    default:
        return err_format(&exc_TypeError, "'%s' not supported between instances of '%s' and '%s'", cmpop_symbols[op],
                          ta->tname, tb->tname);
    }
}

Value obj_richcompare(Value a, Value b, int op) {
    /* immediate ints and floats compare without dispatch (no subclass
       can be involved) */
    if (v_both_int(a, b)) return v_bool(cmp_i64(v_intval(a), v_intval(b), op));
    if (v_is_smallfloat(a) && v_is_smallfloat(b)) return v_bool(cmp_double(v_smallfloat_val(a), v_smallfloat_val(b), op));
    Type *ta = type_of(a), *tb = type_of(b);
    bool checked_reverse = false;
    if (interp_enter_recursive(" in comparison") < 0) return VNULL;
    Value r;
    if (tb != ta && tb->richcompare && type_is_subtype(tb, ta) &&
        (tb->richcompare != ta->richcompare || type_has_flag(tb, TF_HEAPTYPE))) {
        checked_reverse = true;
        r = tb->richcompare(b, a, cmpop_swapped[op]);
        if (r != V_NOTIMPL) goto done;
    }
    if (ta->richcompare) {
        r = ta->richcompare(a, b, op);
        if (r != V_NOTIMPL) goto done;
    }
    r = richcompare_fallback(a, b, op, !checked_reverse);
done:
    interp_leave_recursive();
    return r;
}

Value obj_richcompare_after_left(Value a, Value b, int op) {
    if (interp_enter_recursive(" in comparison") < 0) return VNULL;
    Value r = richcompare_fallback(a, b, op, true);
    interp_leave_recursive();
    return r;
}

int obj_richcompare_bool(Value a, Value b, int op) {
    if (op == CMP_EQ && a == b) return 1;
    if (op == CMP_NE && a == b) return 0;
    if (v_both_int(a, b)) return cmp_i64(v_intval(a), v_intval(b), op);
    if (v_is_smallfloat(a) && v_is_smallfloat(b)) return cmp_double(v_smallfloat_val(a), v_smallfloat_val(b), op);
    if (str_check_exact(a) && str_check_exact(b)) {
        if (op == CMP_EQ) return str_eq(a, b);
        if (op == CMP_NE) return !str_eq(a, b);
    }
    Value r = obj_richcompare(a, b, op);
    if (!r) return -1;
    if (r == V_TRUE) return 1;
    if (r == V_FALSE) return 0;
    return obj_truth(r);
}

/* ---- iteration --------------------------------------------------------------------------- */

Value obj_iter(Value v) {
    Type *t = type_of(v);
    if (t->iter) {
        Value it = t->iter(v);
        if (it && !type_of(it)->iternext)
            return err_format(&exc_TypeError, "iter() returned non-iterator of type '%T'", it);
        return it;
    }
    if (t->getitem && !dict_check(v)) return seqiter_new(v);
    return err_format(&exc_TypeError, "'%s' object is not iterable", t->tname);
}

Value obj_next(Value it) {
    Type *t = type_of(it);
    if (!t->iternext) return err_format(&exc_TypeError, "'%s' object is not an iterator", t->tname);
    /* C code consuming an iterator (list(it), sum, sorted, set, dict...)
       can run long without reaching the interpreter: a safe point */
    if (pending() && pending_run() < 0) return VNULL;
    return t->iternext(it);
}

/* ---- isinstance / issubclass ---------------------------------------------------------------- */

bool obj_isinstance_type(Value v, Type *t) { return type_is_subtype(type_of(v), t); }

/* The abstract class protocol (CPython's abstract.c): an object whose
 * __bases__ is a tuple stands for a class, and an instance's __class__
 * may differ from its type (a property, a proxy). */

/* Entering a nested tuple or __bases__ walk: CPython 3.11 counts these
   with the Python frames against one limit (the C recursion check alone
   allows recursionlimit + 50); leave with interp_leave_recursive() */
static int enter_nested(const char *where) {
    if (tstate.depth + tstate.c_depth >= tstate.recursion_limit) {
        err_format(&exc_RecursionError, "maximum recursion depth exceeded%s", where);
        return -1;
    }
    return interp_enter_recursive(where);
}

/* obj.__bases__ when it is a tuple; VNULL otherwise, with an error only
   when reading it raised something other than AttributeError */
static Value abstract_bases(Value obj) {
    Value b = obj_getattr_opt(obj, NAME(__bases__));
    return b && tuple_check(b) ? b : VNULL;
}

/* derived reaches cls through __bases__: -1 0 1 */
static int abstract_issubclass(Value derived, Value cls) {
    for (;;) {
        if (derived == cls) return 1;
        Value bases = abstract_bases(derived);
        if (!bases) return err_occurred() ? -1 : 0;
        int64_t n = tuple_size(bases);
        if (n == 0) return 0;
        if (n == 1) {   /* single inheritance: a loop, not a recursion */
            derived = tuple_get(bases, 0);
            continue;
        }
        for (int64_t i = 0; i < n; i++) {
            if (enter_nested(" in __issubclass__") < 0) return -1;
            int r = abstract_issubclass(tuple_get(bases, i), cls);
            interp_leave_recursive();
            if (r) return r;
        }
        return 0;
    }
}

/* 0 when cls stands for a class, else -1 with TypeError(msg) (or the
   error reading __bases__ raised) */
static int check_class(Value cls, const char *msg) {
    if (abstract_bases(cls)) return 0;
    if (!err_occurred()) err_set(&exc_TypeError, msg);
    return -1;
}

/* Can v's __class__ differ from its type? Only through a C type's
   getattr (weakref proxies) or a class that overrides __class__ or
   __getattribute__ (a cached lookup decides: negative isinstance() on
   instances of classes is common) */
static bool class_may_differ(Type *t) {
    if (!type_has_flag(t, TF_HEAPTYPE)) return t->getattr && t->getattr != generic_getattr;
    if (type_has_flag(t, TF_HAS_GETATTRIBUTE)) return true;
    /* the last class found plain, at its version (a change of the class
       or a base changes it; versions are not reused); hidden from the
       collector so that it does not keep the class alive */
    static uintptr_t plain;
    static uint32_t plain_version;
    if (~(uintptr_t)t == plain && t->version == plain_version && plain_version) return false;
    static Value object_class;
    if (!object_class) object_class = type_lookup(&object_type, NAME(__class__));
    if (type_lookup(t, NAME(__class__)) != object_class) return true;
    plain = ~(uintptr_t)t;
    plain_version = type_version(t);
    return false;
}

/* isinstance(v, cls) without __instancecheck__, when cls is a type that
   type(v) does not derive from, or not a type: -1 0 1 */
static int plain_isinstance(Value v, Value cls) {
    if (type_check(cls)) {
        if (!class_may_differ(type_of(v))) return 0;
        Value icls = obj_getattr_opt(v, NAME(__class__));
        if (!icls) return err_occurred() ? -1 : 0;
        if (icls != V_FROM_PTR(type_of(v)) && type_check(icls))
            return type_is_subtype(V_AS(Type, icls), V_AS(Type, cls));
        return 0;
    }
    if (check_class(cls, "isinstance() arg 2 must be a type, a tuple of types, or a union") < 0) return -1;
    Value icls = obj_getattr_opt(v, NAME(__class__));
    if (!icls) return err_occurred() ? -1 : 0;
    return abstract_issubclass(icls, cls);
}

/* cls.__instancecheck__(arg) or __subclasscheck__ (found on cls's type, as
   special methods are: a descriptor there is bound first) */
static int call_check(Value check, Value name, Value cls, Value arg, const char *where) {
    if (interp_enter_recursive(where) < 0) return -1;
    Value r;
    if (type_of(check) == &function_type) {
        Value a[2] = {cls, arg};
        r = obj_call(check, a, 2, VNULL);
    } else {
        bool found;
        r = obj_call_special(cls, name, &arg, 1, &found);
    }
    interp_leave_recursive();
    return r ? obj_truth(r) : -1;
}

int obj_isinstance(Value v, Value cls) {
    if (type_check(cls)) {
        Type *ct = V_AS(Type, cls);
        if (type_is_subtype(type_of(v), ct)) return 1;
        if (type_has_flag(type_of(cls), TF_HEAPTYPE)) {
            Value ic = type_lookup(type_of(cls), NAME(__instancecheck__));
            if (ic) return call_check(ic, NAME(__instancecheck__), cls, v, " in __instancecheck__");
        }
        return plain_isinstance(v, cls);
    }
    if (tuple_check(cls)) {
        /* only a nested tuple recurses here */
        for (int64_t i = 0; i < tuple_size(cls); i++) {
            Value c = tuple_get(cls, i);
            bool nested = tuple_check(c);
            if (nested && enter_nested(" in __instancecheck__") < 0) return -1;
            int r = obj_isinstance(v, c);
            if (nested) interp_leave_recursive();
            if (r) return r;
        }
        return 0;
    }
    /* any object may answer through its class's __instancecheck__ (a
       types.UnionType, typing's special forms) */
    Value ic = type_lookup(type_of(cls), NAME(__instancecheck__));
    if (ic) return call_check(ic, NAME(__instancecheck__), cls, v, " in __instancecheck__");
    return plain_isinstance(v, cls);
}

int obj_issubclass(Value derived, Value cls) {
    if (tuple_check(cls)) {
        for (int64_t i = 0; i < tuple_size(cls); i++) {
            Value c = tuple_get(cls, i);
            bool nested = tuple_check(c);
            if (nested && enter_nested(" in __subclasscheck__") < 0) return -1;
            int r = obj_issubclass(derived, c);
            if (nested) interp_leave_recursive();
            if (r) return r;
        }
        return 0;
    }
    if (!type_check(cls) || type_has_flag(type_of(cls), TF_HEAPTYPE)) {
        Value sc = type_lookup(type_of(cls), NAME(__subclasscheck__));
        if (sc) return call_check(sc, NAME(__subclasscheck__), cls, derived, " in __subclasscheck__");
    }
    if (type_check(derived) && type_check(cls)) return type_is_subtype(V_AS(Type, derived), V_AS(Type, cls));
    if (check_class(derived, "issubclass() arg 1 must be a class") < 0) return -1;
    if (check_class(cls, "issubclass() arg 2 must be a class, a tuple of classes, or a union") < 0) return -1;
    return abstract_issubclass(derived, cls);
}

/* ---- calls -------------------------------------------------------------------------------------- */

Value obj_call(Value f, Value *args, size_t nargs, Value kwnames) {
    Type *t = type_of(f);
    if (t == &function_type) return function_call(f, args, nargs, kwnames);
    if (!t->call) return err_format(&exc_TypeError, "'%s' object is not callable", t->tname);
    if (interp_enter_recursive(" while calling a Python object") < 0) return VNULL;
    Value r = t->call(f, args, nargs, kwnames);
    interp_leave_recursive();
    if (!r && !err_occurred()) return err_format(&exc_SystemError, "%s returned NULL without setting an exception", t->tname);
    return r;
}

Value obj_call0(Value f) { return obj_call(f, NULL, 0, VNULL); }
Value obj_call1(Value f, Value a) { return obj_call(f, &a, 1, VNULL); }
Value obj_call2(Value f, Value a, Value b) {
    Value args[2] = {a, b};
    return obj_call(f, args, 2, VNULL);
}

Value obj_call_tuple_dict(Value f, Value args, Value kwargs) {
    int64_t n = tuple_size(args);
    int64_t nkw = kwargs ? dict_size(kwargs) : 0;
    if (nkw == 0) return obj_call(f, tuple_items(args), (size_t)n, VNULL);
    Value *a = gc_alloc(sizeof(Value) * (size_t)(n + nkw));
    memcpy(a, tuple_items(args), sizeof(Value) * (size_t)n);
    Value kwnames = tuple_new(nkw);
    int64_t pos = 0, j = 0;
    Value k, v;
    while (dict_next(kwargs, &pos, &k, &v)) {
        if (!str_check(k)) return err_set(&exc_TypeError, "keywords must be strings");
        tuple_items(kwnames)[j] = k;
        a[n + j] = v;
        j++;
    }
    return obj_call(f, a, (size_t)n, kwnames);
}

Value obj_call_method(Value obj, const char *name, Value *args, size_t nargs) {
    Value m = obj_getattr(obj, str_intern_cstr(name));
    if (!m) return VNULL;
    return obj_call(m, args, nargs, VNULL);
}

Value slot_wrapper_call_direct(Value w, Value *args, size_t nargs);   /* type.c */

Value obj_call_special(Value obj, Value name, Value *args, size_t nargs, bool *found) {
    Type *t = type_of(obj);
    Value f = type_lookup(t, name);
    if (!f || f == V_NONE) {
        *found = false;
        return VNULL;
    }
    *found = true;
    Type *ft = type_of(f);
    Value stackbuf[6];
    Value *a = nargs + 1 <= 6 ? stackbuf : gc_alloc(sizeof(Value) * (nargs + 1));
    a[0] = obj;
    if (nargs) values_copy(a + 1, args, nargs);
    if (ft == &function_type) return function_call(f, a, nargs + 1, VNULL);
    if (ft == &method_descr_type || ft == &slot_wrapper_type) return obj_call(f, a, nargs + 1, VNULL);
    if (ft->descr_get) {
        Value bound = ft->descr_get(f, obj, V_FROM_PTR(t));
        if (!bound) return VNULL;
        return obj_call(bound, args, nargs, VNULL);
    }
    return obj_call(f, args, nargs, VNULL);
}

/* ---- argument helpers --------------------------------------------------------------------------- */

int arg_count(const char *fname, size_t nargs, size_t min, size_t max) {
    if (nargs >= min && nargs <= max) return 0;
    if (min == max) {
        if (min == 0) err_format(&exc_TypeError, "%s() takes no arguments (%zd given)", fname, (ssize_t)nargs);
        else if (min == 1) err_format(&exc_TypeError, "%s() takes exactly one argument (%zd given)", fname, (ssize_t)nargs);
        else err_format(&exc_TypeError, "%s expected %zd arguments, got %zd", fname, (ssize_t)min, (ssize_t)nargs);
    } else if (nargs < min) {
        err_format(&exc_TypeError, "%s expected at least %zd argument%s, got %zd", fname, (ssize_t)min,
                   min == 1 ? "" : "s", (ssize_t)nargs);
    } else {
        err_format(&exc_TypeError, "%s expected at most %zd argument%s, got %zd", fname, (ssize_t)max,
                   max == 1 ? "" : "s", (ssize_t)nargs);
    }
    return -1;
}

const char *arg_str_utf8(Value v, const char *fname, int argno) {
    if (!str_check(v)) {
        err_format(&exc_TypeError, "%s() argument %d must be str, not %T", fname, argno, v);
        return NULL;
    }
    Value b = bytes_encode_str(v, str_from_cstr("utf-8"), str_from_cstr("strict"));
    if (!b) return NULL;
    if (memchr(bytes_data(b), 0, (size_t)bytes_size(b))) {
        err_set(&exc_ValueError, "embedded null character");
        return NULL;
    }
    return bytes_data(b);
}

int arg_nokw(const char *fname, Value kwnames) {
    if (!kwnames || tuple_size(kwnames) == 0) return 0;
    err_format(&exc_TypeError, "%s() takes no keyword arguments", fname);
    return -1;
}

int arg_nokw_unless_init(const char *fname, Type *t, Value kwnames) {
    if (!kwnames || tuple_size(kwnames) == 0) return 0;
    if (type_lookup(t, NAME(__init__)) != type_lookup(&object_type, NAME(__init__))) return 0;
    return arg_nokw(fname, kwnames);
}

Value arg_kw(Value *args, size_t nargs, Value kwnames, const char *name) {
    if (!kwnames) return VNULL;
    for (int64_t i = 0; i < tuple_size(kwnames); i++)
        if (str_eq_cstr(tuple_get(kwnames, i), name)) return args[nargs + (size_t)i];
    return VNULL;
}

int arg_kw_allowed(const char *fname, Value kwnames, const char *const *allowed) {
    if (!kwnames) return 0;
    for (int64_t i = 0; i < tuple_size(kwnames); i++) {
        Value k = tuple_get(kwnames, i);
        bool ok = false;
        for (const char *const *a = allowed; *a; a++)
            if (str_eq_cstr(k, *a)) ok = true;
        if (!ok) {
            err_format(&exc_TypeError, "'%U' is an invalid keyword argument for %s()", k, fname);
            return -1;
        }
    }
    return 0;
}

/* Does keyword k name parameter `name` (its part before a default's '=')? */
static bool arg_name_is(Value k, const char *name) {
    size_t n = strcspn(name, "=");
    return (size_t)str_nbytes(k) == n && memcmp(str_data(k), name, n) == 0;
}

/* A parameter's name without its default, for messages. */
static const char *arg_bare_name(const char *name, char *buf, size_t size) {
    size_t n = strcspn(name, "=");
    if (!name[n]) return name;
    if (n >= size) n = size - 1;
    memcpy(buf, name, n);
    buf[n] = 0;
    return buf;
}

int arg_parse(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *out) {
    /* the common call: every parameter given by position */
    if ((!kwnames || !tuple_size(kwnames)) && nargs <= ARGSPEC_MAX && !spec->names[nargs] && !spec->nkwonly &&
        (nargs == 0 || spec->names[nargs - 1])) {
        if (out) values_copy(out, args, nargs);
        return 0;
    }
    int n = 0;
    while (spec->names[n]) n++;
    int maxpos = n - spec->nkwonly;
    int64_t nkw = kwnames ? tuple_size(kwnames) : 0;
    const char *f = spec->fname;
    if (spec->nposonly == n) {
        /* positional-only: Argument Clinic's METH_O / METH_NOARGS /
           _PyArg_CheckPositional wording */
        if (nkw) return err_format(&exc_TypeError, "%s() takes no keyword arguments", f), -1;
        if (n == spec->nrequired && n <= 1) {
            if (arg_count(f, nargs, (size_t)n, (size_t)n) < 0) return -1;
        } else if (nargs < (size_t)spec->nrequired) {
            err_format(&exc_TypeError, "%s expected %s%d argument%s, got %zd", f, spec->nrequired == n ? "" : "at least ",
                       spec->nrequired, spec->nrequired == 1 ? "" : "s", (ssize_t)nargs);
            return -1;
        } else if (nargs > (size_t)n) {
            err_format(&exc_TypeError, "%s expected %s%d argument%s, got %zd", f, spec->nrequired == n ? "" : "at most ",
                       n, n == 1 ? "" : "s", (ssize_t)nargs);
            return -1;
        }
        if (out)
            for (int i = 0; i < n; i++) out[i] = (size_t)i < nargs ? args[i] : VNULL;
        return 0;
    }
    if (nargs + (size_t)nkw > (size_t)n) {
        /* Argument Clinic counts all arguments first ("keyword" when only
           keywords were given) */
        err_format(&exc_TypeError, "%s() takes at most %d %sargument%s (%zd given)", f, n, nargs ? "" : "keyword ",
                   n == 1 ? "" : "s", (ssize_t)(nargs + (size_t)nkw));
        return -1;
    }
    if (nargs > (size_t)maxpos) {
        if (maxpos == 0) err_format(&exc_TypeError, "%s() takes no positional arguments", f);
        else
            err_format(&exc_TypeError, "%s() takes %s %d positional argument%s (%zd given)", f,
                       spec->nrequired < maxpos ? "at most" : "exactly", maxpos, maxpos == 1 ? "" : "s", (ssize_t)nargs);
        return -1;
    }
    for (int i = 0; i < n; i++) out[i] = (size_t)i < nargs ? args[i] : VNULL;
    /* in Argument Clinic's order: missing positional-only arguments, a
       missing argument, one given by name and position, an unknown keyword */
    int npos_required = spec->nrequired < spec->nposonly ? spec->nrequired : spec->nposonly;
    for (int i = 0; i < npos_required; i++) {
        if (out[i]) continue;
        err_format(&exc_TypeError, "%s() takes %s %d positional argument%s (%zd given)", f,
                   spec->nrequired < maxpos ? "at least" : "exactly", npos_required, npos_required == 1 ? "" : "s",
                   (ssize_t)nargs);
        return -1;
    }
    for (int i = 0; i < spec->nrequired; i++) {
        if (out[i] || i < spec->nposonly) continue;
        bool found = false;
        for (int64_t k = 0; k < nkw && !found; k++) found = arg_name_is(tuple_get(kwnames, k), spec->names[i]);
        if (found) continue;
        if (i < maxpos)
            err_format(&exc_TypeError, "%s() missing required argument '%s' (pos %d)", f, spec->names[i], i + 1);
        else err_format(&exc_TypeError, "%s() missing required keyword-only argument '%s'", f, spec->names[i]);
        return -1;
    }
    for (int64_t k = 0; k < nkw; k++) {
        Value name = tuple_get(kwnames, k);
        int i = spec->nposonly;
        while (i < n && !arg_name_is(name, spec->names[i])) i++;
        if (i < n && out[i]) {
            char buf[64];
            err_format(&exc_TypeError, "argument for %s() given by name ('%s') and position (%d)", f,
                       arg_bare_name(spec->names[i], buf, sizeof buf), i + 1);
            return -1;
        }
        if (i < n) out[i] = args[nargs + (size_t)k];
    }
    for (int64_t k = 0; k < nkw; k++) {
        Value name = tuple_get(kwnames, k);
        int i = spec->nposonly;
        while (i < n && !arg_name_is(name, spec->names[i])) i++;
        if (i == n) return err_format(&exc_TypeError, "'%U' is an invalid keyword argument for %s()", name, f), -1;
    }
    return 0;
}

Value argspec_text_signature(const ArgSpec *spec, const char *self_name) {
    if (!spec) return V_NONE;
    int n = 0;
    while (spec->names[n]) n++;
    /* "/" follows the positional-only ones (self is always one), "*"
       precedes the keyword-only ones */
    int nposonly = spec->nposonly + (self_name ? 1 : 0), kwstart = n - spec->nkwonly;
    Buf b;
    buf_init(&b, 64);
    buf_putc(&b, '(');
    int item = 0;
    if (self_name) {
        buf_puts(&b, self_name);
        item++;
    }
    for (int i = 0; i <= n; i++) {
        if (item == nposonly && nposonly > 0) buf_puts(&b, ", /");
        if (i == n) break;
        if (i == kwstart) buf_puts(&b, item ? ", *" : "*");
        const char *name = spec->names[i];
        /* a nameless parameter, or an optional one with no default
           written, has no signature to show */
        if (!*name || *name == '=' || (i >= spec->nrequired && !strchr(name, '='))) return V_NONE;
        if (item || i == kwstart) buf_puts(&b, ", ");
        buf_puts(&b, name);
        item++;
    }
    buf_putc(&b, ')');
    return str_from_buf(&b);
}

void ops_init(void) {
#define NAME_INIT(n) names.nm_##n = str_intern_cstr(#n);
    NAME_DEF(NAME_INIT)
#undef NAME_INIT
}
