/* type.h: the `type` and `object` types, user classes, maps and instances.
 *
 * Instances of user classes keep attributes in an InstanceAttrs block
 * (vm/object.h) described by a Map ("hidden class"): maps form a transition
 * tree rooted at type->root_map; adding attribute `x` to an instance whose
 * map is M moves it to M's child for `x`, so instances built the same way
 * share one map, and a map identity check plus a fixed-offset load reads an
 * attribute (inline caches and the JIT rely on this). Maps are immutable.
 */
#ifndef TPY_TYPE_H
#define TPY_TYPE_H

#include "../vm/object.h"

struct Map {
    Object hdr;
    Type *owner;            /* the type whose instances use this map */
    Map *parent;
    Value name;             /* attribute added by this transition (root: 0) */
    int32_t index;          /* its slot (root: -1) */
    int32_t nattrs;         /* attributes described */
    Value *names;           /* names[i]: name of slot i (nattrs entries) */
    Map **children;
    int32_t nchildren, capchildren;
};

/* Maps with this value as `owner` mark dict mode: attrs->overflow is a dict. */
extern Map dict_mode_map;

extern Type type_type, object_type, map_type;

static inline bool type_check(Value v) {
    return v_is_ptr(v) && v && type_has_flag(V_OBJ(v)->type, TF_TYPE_SUBCLASS);
}

bool type_is_subtype_slow(Type *a, Type *b);
static inline bool type_is_subtype(Type *a, Type *b) { return a == b || type_is_subtype_slow(a, b); }
/* Look `name` up along the MRO; VNULL if absent (never sets an error).
 * Cached by (type version, name). */
Value type_lookup(Type *t, Value name);
/* the dunder of binary operator op: which 0 plain, 1 reflected, 2 in-place */
Value binop_name(int op, int which);
/* the dunder of unary operator op (enum UnOp), interned */
Value unop_name(int op);
/* When calling class t means instance_new(t) then its __init__, a Python
 * function (no __new__, __del__, metaclass or builtin base in the way):
 * that function; else NULL. The JIT inlines such instantiations. */
struct FunctionObject *type_plain_init(Type *t);
/* len() of an instance of t calls the __len__ its class defines (the JIT
 * inlines a Python one), and turns the result into the length as
 * type_len_result does: an int, or VNULL with the exception. */
bool type_len_is_dunder(Type *t);
/* Is t's truth heap_truth (a class statement's class: __bool__, else
 * __len__, looked up on its MRO)? */
bool type_truth_is_dunder(Type *t);
/* Is t's comparison heap_richcompare (a class statement's class: the
 * dunder looked up on its MRO)? */
bool type_richcompare_is_dunder(Type *t);
bool type_iternext_is_dunder(Type *t);   /* next() calls the class's __next__ (heap_iternext) */
bool type_iter_is_dunder(Type *t);       /* iter() calls the class's __iter__ (heap_iter) */
Value type_len_result(Value r);
/* object.__new__(t), with no other argument, is instance_new(t): t is a
 * class statement's class (metaclass type) with object's layout, not
 * abstract, whose __new__ below its Python ones is object's. The JIT
 * allocates the instance in the trace (_pydecimal's Decimal.__new__). */
bool type_object_new_is_plain(Type *t);
/* calling t runs only its Python __new__ (record.c inlines it) */
struct FunctionObject *type_plain_new(Type *t);
void type_new_result_tail(Value obj);
Value type_lookup_cstr(Type *t, const char *name);
/* Is v a builtin type's __new__ (int.__new__: a builtin method bound to the type)? */
bool type_is_builtin_new(Value v);
/* The type's version for caches; assigns one if needed. */
uint32_t type_version(Type *t);
/* Invalidate caches after t's dict changed (and all subclasses). */
void type_modified(Type *t);
/* type(name, bases, dict) and the class statement. */
Value type_new_class(Type *meta, Value name, Value bases, Value dict, Value kwargs);
Value type_name(Type *t);    /* str */

/* Maps */
int32_t map_lookup(Map *m, Value name);     /* slot index or -1 */
Map *map_add(Map *m, Value name);           /* transition (cached) */
Map *map_new_root(Type *owner);

/* Generic attribute access for objects (object.__getattribute__). */
Value generic_getattr(Value obj, Value name);
/* Same, but returns VNULL without an exception when the attribute is
 * missing (used by getattr with default, hasattr, __getattr__ fallback). */
Value generic_getattr_noerr(Value obj, Value name);
int generic_setattr(Value obj, Value name, Value v);
/* Instance attribute slot access (no descriptors). VNULL if absent. */
Value instance_get_attr(Value obj, Value name);
int instance_set_attr(Value obj, Value name, Value v);
/* The instance's __dict__ (switches the instance to dict mode); VNULL
 * without an exception when instances of its type have none. */
Value instance_get_dict(Value obj);
/* May an instance of t get a new attribute `name` (false: __slots__)? */
bool instance_may_add_attr(Type *t, Value name);

/* The descriptors of the names in __slots__. */
extern Type member_descr_type;

/* Build the default `object` instance of a heap type. */
Value instance_new(Type *t);
/* The most derived of meta and the bases' metaclasses (NULL with
   TypeError on a conflict), as class creation picks it */
Type *type_calculate_meta(Type *meta, Value bases);

void type_init(void);

/* The state pickle saves for self: its __getstate__() (object's default:
 * the instance dict or None, plus the __slots__ values), for the __reduce__
 * of builtin types that keep attributes (CPython's _PyObject_GetState). */
Value object_get_state(Value self);

#endif
