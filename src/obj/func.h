/* func.h: functions, cells, bound methods, builtin functions, descriptors
 * (staticmethod, classmethod, property, method descriptors). */
#ifndef TPY_FUNC_H
#define TPY_FUNC_H

#include "../vm/object.h"
#include "code.h"

typedef struct FunctionObject {
    Object hdr;
    CodeObject *code;
    Value globals;          /* dict (module namespace, cells dict) */
    Value builtins;         /* dict */
    Value name, qualname;   /* str */
    Value module;           /* str or None */
    Value defaults;         /* tuple or VNULL */
    Value kwdefaults;       /* dict or VNULL */
    Value closure;          /* tuple of cells or VNULL */
    Value doc;
    Value annotations;      /* dict or VNULL */
    Value dict;             /* function attributes, dict or VNULL */
} FunctionObject;

typedef struct CellObject {
    Object hdr;
    Value value;            /* VNULL: empty */
    /* 64-bit so compiled code can read and bump them with plain word loads */
    int64_t version;        /* bumped on every rebinding (JIT dependencies) */
    int64_t watched;        /* nonzero: compiled code assumed it constant */
} CellObject;

typedef struct BoundMethodObject {
    Object hdr;
    Value func;
    Value self;
} BoundMethodObject;

/* A C function exposed to Python; `self` is set for bound builtin methods
 * (e.g. [].append) and for module functions it is VNULL. */
typedef struct BuiltinFunctionObject {
    Object hdr;
    const MethodDef *def;
    Value self;
    Value module;           /* str or VNULL */
    Type *owner;            /* a builtin type's static method (str.maketrans): the type; else NULL */
} BuiltinFunctionObject;

/* A C method in a builtin type's dict (like list.append). */
typedef struct MethodDescrObject {
    Object hdr;
    const MethodDef *def;
    Type *owner;
} MethodDescrObject;

typedef struct GetSetDescrObject {
    Object hdr;
    const GetSetDef *def;
    Type *owner;
} GetSetDescrObject;

/* A slot wrapper: dunder methods of builtin types (int.__add__). */
typedef struct SlotWrapperObject {
    Object hdr;
    Type *owner;
    const char *name;
    int kind;               /* enum SlotKind in type.c */
    int op;
} SlotWrapperObject;

/* staticmethod and classmethod take attributes (functools.wraps copies
   __doc__ and friends onto them; typing.final sets __final__) */
typedef struct StaticMethodObject { Object hdr; Value func; InstanceAttrs attrs; } StaticMethodObject;
typedef struct ClassMethodObject { Object hdr; Value func; InstanceAttrs attrs; } ClassMethodObject;
typedef struct PropertyObject {
    Object hdr;
    Value fget, fset, fdel, doc;
} PropertyObject;

extern Type function_type, cell_type, method_type, builtin_function_type,
    method_descr_type, classmethod_descr_type, method_wrapper_type, getset_descr_type, slot_wrapper_type,
    staticmethod_type, classmethod_type, property_type, cmember_descr_type;

static inline bool function_check(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &function_type;
}
static inline bool cell_check(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &cell_type;
}

Value function_new(CodeObject *code, Value globals, Value qualname);
Value cell_new(Value v);
void jit_cell_changed(Value cell);   /* jit/trace.c */

/* Globals rebound more often than this are read from their cell by compiled
 * code instead of being assumed constant. */
#define CELL_REBIND_LIMIT 8

static inline void cell_set(Value cell, Value v) {
    CellObject *c = V_AS(CellObject, cell);
    c->value = v;
    c->version++;
    if (__builtin_expect(c->watched, 0)) jit_cell_changed(cell);
}
Value method_new(Value func, Value self);
Value builtin_function_new(const MethodDef *def, Value self, Value module);
Value method_descr_new(Type *owner, const MethodDef *def);
Value classmethod_descr_new(Type *owner, const MethodDef *def);
Value method_wrapper_new(Value wrapper, Value self);
Value getset_descr_new(Type *owner, const GetSetDef *def);
/* A `member_descriptor` of a builtin type (CPython's PyMemberDef: complex.real,
 * property.fget): a GetSetDescrObject whose missing setter means "readonly
 * attribute". The members __slots__ make (type.c) are a subtype of it. */
Value cmember_descr_new(Type *owner, const GetSetDef *def);
void cmember_type_init(void);   /* called by type_init: a base of slot members */

void func_init(void);

/* (getattr, (obj, name)): how pickle saves bound methods and descriptors */
Value reduce_as_getattr(Value obj, Value name);

#endif
