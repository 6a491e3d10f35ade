/* object.h: the object model shared by every type.
 *
 * A heap object starts with a pointer to its Type. Types carry C "slots"
 * (function pointers) for the operations the interpreter performs often;
 * a NULL slot means the type does not support that operation. User classes
 * (heap types, TF_HEAPTYPE) get generic slots that look the matching dunder
 * method up in the MRO at call time, so they stay right when a class is
 * changed after creation.
 *
 * Error convention (one for the whole runtime):
 *  - functions returning Value return VNULL when an exception is set;
 *  - functions returning int or int64_t return -1 when an exception is set
 *    (predicates return 0/1, or -1 on error);
 *  - iternext returns VNULL *without* an exception when the iterator is
 *    exhausted (no StopIteration object is made on the fast path).
 *
 * Calling convention ("vectorcall"): a callable receives an array of
 * positional arguments followed by the values of keyword arguments, the
 * count of positional ones, and kwnames, a tuple of the keywords' names
 * (or VNULL when there are none).
 */
#ifndef TPY_OBJECT_H
#define TPY_OBJECT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "../gc/gc.h"
#include "value.h"

typedef struct Type Type;
typedef struct Map Map;

typedef struct Object {
    Type *type;
} Object;

/* ---- operator tables (each list is defined once, here) ------------------- */

/* Binary operators: name, symbol, dunder, reflected dunder, in-place dunder */
#define BINOP_DEF(_)                                                  \
    _(ADD, "+", "__add__", "__radd__", "__iadd__")                    \
    _(SUB, "-", "__sub__", "__rsub__", "__isub__")                    \
    _(MUL, "*", "__mul__", "__rmul__", "__imul__")                    \
    _(MATMUL, "@", "__matmul__", "__rmatmul__", "__imatmul__")        \
    _(TRUEDIV, "/", "__truediv__", "__rtruediv__", "__itruediv__")    \
    _(FLOORDIV, "//", "__floordiv__", "__rfloordiv__", "__ifloordiv__") \
    _(MOD, "%", "__mod__", "__rmod__", "__imod__")                    \
    _(POW, "**", "__pow__", "__rpow__", "__ipow__")                   \
    _(LSHIFT, "<<", "__lshift__", "__rlshift__", "__ilshift__")       \
    _(RSHIFT, ">>", "__rshift__", "__rrshift__", "__irshift__")       \
    _(AND, "&", "__and__", "__rand__", "__iand__")                    \
    _(OR, "|", "__or__", "__ror__", "__ior__")                        \
    _(XOR, "^", "__xor__", "__rxor__", "__ixor__")

enum BinOp {
#define BINOP_ENUM(name, sym, d, r, i) BINOP_##name,
    BINOP_DEF(BINOP_ENUM)
#undef BINOP_ENUM
    BINOP__COUNT
};
/* An in-place operator is its binary operator with this bit set. */
#define BINOP_INPLACE 32
/* Set when a type's binop slot is called on behalf of the right operand
 * (builtin types ignore it: they check both operands' types). */
#define BINOP_REFLECTED 64
#define BINOP_BASE(op) ((op) & 31)

/* Comparison operators, in CPython's order: name, symbol, dunder, swapped */
#define CMPOP_DEF(_)                    \
    _(LT, "<", "__lt__", GT)            \
    _(LE, "<=", "__le__", GE)           \
    _(EQ, "==", "__eq__", EQ)           \
    _(NE, "!=", "__ne__", NE)           \
    _(GT, ">", "__gt__", LT)            \
    _(GE, ">=", "__ge__", LE)

enum CmpOp {
#define CMPOP_ENUM(name, sym, d, sw) CMP_##name,
    CMPOP_DEF(CMPOP_ENUM)
#undef CMPOP_ENUM
    CMP__COUNT
};

/* Unary operators (`not` is obj_truth) */
#define UNOP_DEF(_)                \
    _(NEG, "-", "__neg__")         \
    _(POS, "+", "__pos__")         \
    _(INVERT, "~", "__invert__")   \
    _(ABS, "abs", "__abs__")

enum UnOp {
#define UNOP_ENUM(name, sym, d) UNOP_##name,
    UNOP_DEF(UNOP_ENUM)
#undef UNOP_ENUM
    UNOP__COUNT
};

extern const char *const binop_symbols[BINOP__COUNT];
extern const char *const cmpop_symbols[CMP__COUNT];
extern const int cmpop_swapped[CMP__COUNT];

/* ---- types ----------------------------------------------------------------- */

typedef Value (*UnaryFunc)(Value);
typedef Value (*VectorFunc)(Value callable, Value *args, size_t nargs, Value kwnames);
typedef Value (*NewFunc)(Type *type, Value *args, size_t nargs, Value kwnames);
typedef int (*InitFunc)(Value self, Value *args, size_t nargs, Value kwnames);

enum TypeFlags {
    TF_HEAPTYPE = 1 << 0,       /* created by a class statement */
    TF_BASETYPE = 1 << 1,       /* may be subclassed */
    TF_READY = 1 << 2,          /* type_ready() has run */
    TF_ABSTRACT_NEW = 1 << 3,   /* cannot be instantiated from Python */
    TF_HAS_GETATTR = 1 << 4,    /* heap type with __getattr__ in its MRO */
    TF_HAS_SETATTR = 1 << 5,    /* heap type with __setattr__ overridden */
    TF_HAS_GETATTRIBUTE = 1 << 6, /* heap type overriding __getattribute__ */
    TF_NO_DICT = 1 << 7,        /* heap type whose __slots__ give instances
                                   no __dict__: only slot names may be set */
    /* fast subclass tests, inherited by every subtype */
    TF_INT_SUBCLASS = 1 << 8,
    TF_STR_SUBCLASS = 1 << 9,
    TF_TUPLE_SUBCLASS = 1 << 10,
    TF_LIST_SUBCLASS = 1 << 11,
    TF_DICT_SUBCLASS = 1 << 12,
    TF_EXC_SUBCLASS = 1 << 13,  /* BaseException and subclasses */
    TF_TYPE_SUBCLASS = 1 << 14,
    TF_FLOAT_SUBCLASS = 1 << 15,
    TF_SET_SUBCLASS = 1 << 16,
    TF_BYTES_SUBCLASS = 1 << 17,
    /* heap subclass of a variable-size builtin (str, tuple, bytes): its
       instances keep attributes in a dict in a word after their items */
    TF_VAR_DICT = 1 << 18,
    /* heap type with __slots__ names in its MRO (member descriptors) */
    TF_HAS_MEMBERS = 1 << 19,
    /* heap type with __del__: its instances get a finalizer */
    TF_HAS_DEL = 1 << 20,
    TF_COMPLEX_SUBCLASS = 1 << 21,
    /* what a match statement's sequence and mapping patterns accept
       (CPython's Py_TPFLAGS_SEQUENCE and Py_TPFLAGS_MAPPING) */
    TF_MATCH_SEQUENCE = 1 << 22,
    TF_MATCH_MAPPING = 1 << 23,
    TF_WEAKREFABLE = 1 << 24,   /* instances may be weakly referenced */
    /* __abstractmethods__ set (true) on this very type: it cannot be
       instantiated (CPython's Py_TPFLAGS_IS_ABSTRACT; not inherited) */
    TF_IS_ABSTRACT = 1 << 25,
};
#define TF_INHERITED_MASK (0x3FF00u | TF_COMPLEX_SUBCLASS | TF_MATCH_SEQUENCE | TF_MATCH_MAPPING)

struct BufferInfo;   /* obj/bytes.h */

#define BINOP_MASK_CONCAT (1u << 31)   /* see Type.binop_mask */

struct Type {
    Object hdr;                 /* type of a type: type_type */
    const char *tname;          /* C string name ("int", "MyClass") */
    Value name;                 /* str */
    Value qualname;             /* str */
    Value module;               /* str or VNULL (builtins) */
    Value doc;                  /* str or VNULL */
    Type *base;                 /* the base that fixes the C layout */
    Value bases;                /* tuple of types */
    Value mro;                  /* tuple of types, starting with this one */
    Value dict;                 /* dict: class attributes and methods */
    uint32_t flags;
    uint32_t version;           /* changes whenever this type or a base
                                   changes; caches key on it. 0: none yet */
    uint32_t basicsize;         /* bytes in an instance, attrs block included */
    uint32_t attrs_offset;      /* offset of the InstanceAttrs block; 0: none */
    uint32_t inline_slots;      /* attribute slots stored inline in instances */
    Map *root_map;              /* empty map of this type's instances */
    struct GcWeakList *subclasses;   /* direct subclasses (weak: a class made and
                                        dropped by a program is collected), or NULL */

    /* slots; NULL = unsupported. The generic API in vm/ops.c calls them. */
    UnaryFunc repr;
    UnaryFunc str;
    int64_t (*hash)(Value self);                      /* -1 = error */
    Value (*richcompare)(Value a, Value b, int op);   /* may be NotImplemented */
    Value (*binop)(Value a, Value b, int op);         /* may be NotImplemented;
                                        called for either operand's type */
    Value (*unop)(Value self, int op);
    int (*truth)(Value self);
    int64_t (*len)(Value self);
    Value (*getattr)(Value self, Value name);         /* name: interned str */
    int (*setattr)(Value self, Value name, Value v);  /* v == VNULL: delete */
    Value (*getitem)(Value self, Value key);
    int (*setitem)(Value self, Value key, Value v);   /* v == VNULL: delete */
    int (*contains)(Value self, Value item);
    Value (*iter)(Value self);
    Value (*iternext)(Value self);                    /* VNULL, no exc: done */
    VectorFunc call;
    Value (*descr_get)(Value descr, Value obj, Value type); /* obj VNULL: on class */
    int (*descr_set)(Value descr, Value obj, Value v); /* v VNULL: delete */
    NewFunc new_;
    InitFunc init;
    /* which operators `binop`/`unop` implement (bit per enum BinOp/UnOp);
       type_ready() makes dunder wrappers only for these. 0 = all.
       BINOP_MASK_CONCAT: + is a sequence's concatenation (CPython's
       sq_concat), which has __add__ but no __radd__. */
    uint32_t binop_mask;
    uint32_t unop_mask;
    /* CPython's buffer protocol, one-dimensional (obj/bytes.h): fill *out
       with the object's memory; -1 with an error set */
    int (*getbuffer)(Value self, struct BufferInfo *out);
    /* a builtin type's constructor's ArgSpec, its __text_signature__
       (inspect.signature(list)); NULL: none */
    const struct ArgSpec *sig;
};

/* Attribute storage of instances that can hold arbitrary attributes, at
 * type->attrs_offset. `map` describes which slot holds which name; slots
 * beyond type->inline_slots live in `overflow`. When map == &dict_mode_map
 * the attributes live in the dict stored in `overflow` instead. */
typedef struct InstanceAttrs {
    Map *map;
    Value *overflow;
    Value slots[];
} InstanceAttrs;

static inline InstanceAttrs *instance_attrs(Value obj, Type *t) {
    return (InstanceAttrs *)((char *)V_OBJ(obj) + t->attrs_offset);
}

/* Builtin types with immediate representations */
extern Type int_type, float_type, bool_type;

static inline Type *type_of(Value v) {
    if (v & 1) return &int_type;
    if (v & 2) return &float_type;
    return V_OBJ(v)->type;
}

static inline bool type_has_flag(Type *t, uint32_t f) { return (t->flags & f) != 0; }

/* Allocate an object of `size` bytes with its type set; memory is zeroed. */
static inline Object *obj_alloc(Type *t, size_t size) {
    Object *o = (Object *)gc_alloc_object(size);
    o->type = t;
    return o;
}
/* Same for objects holding no pointers besides the type (strings, floats):
 * the caller must initialise every byte it reads back. */
static inline Object *obj_alloc_atomic(Type *t, size_t size) {
    Object *o = (Object *)gc_alloc_atomic(size);
    o->type = t;
    return o;
}

/* ---- builtin functions and methods ---------------------------------------- */

/* A C function's signature, written once and checked by arg_parse, as
 * Argument Clinic's: parameters in order; the first nposonly are
 * positional-only, the first nrequired must be given, the last nkwonly are
 * keyword-only. An optional parameter's name may carry its default as
 * Python source after '=' ("mode='r'"): arg_parse matches keywords on the
 * part before it, and the text signature (__text_signature__, what
 * inspect.signature reads) shows the whole. E.g. open(file, mode='r', ...):
 *   static const ArgSpec open_args = {"open", 0, 1, 0,
 *       {"file", "mode='r'", "buffering=-1", ..., NULL}};
 * and sleep(secs, /): {"sleep", 1, 1, 0, {"secs", NULL}}. A MethodDef
 * whose function parses with a spec points at it (self excluded) to give
 * the function its signature; an optional parameter without a default
 * leaves the function without one, as Argument Clinic's optional groups. */
#define ARGSPEC_MAX 16
typedef struct ArgSpec {
    const char *fname;   /* messages say "fname()" as CPython */
    int nposonly, nrequired, nkwonly;
    const char *names[ARGSPEC_MAX + 1];   /* NULL-terminated */
} ArgSpec;

/* C functions callable from Python. For methods args[0] is self and nargs
 * counts it. Keyword arguments follow the positional ones; kwnames is a
 * tuple of their names or VNULL. A function without MF_KEYWORDS never sees
 * keywords (the caller raises TypeError for it). */
typedef Value (*CFunction)(Value *args, size_t nargs, Value kwnames);

enum MethodFlags {
    MF_KEYWORDS = 1 << 0,   /* accepts keyword arguments */
    MF_STATIC = 1 << 1,     /* staticmethod in a type dict */
    MF_CLASS = 1 << 2,      /* classmethod: args[0] is the type */
    MF_FRAME = 1 << 3,      /* reads the calling frame (locals(), super()...):
                               the JIT must not call it from inlined code */
    MF_COLLECTS = 1 << 4,   /* runs a full collection (gc.collect): the
                               interpreter zeroes the dead C stack below
                               itself first (gc_clear_dead_c_stack) */
};

typedef struct MethodDef {
    const char *name;
    CFunction fn;
    int flags;
    const char *doc;
    const ArgSpec *spec;   /* the one fn parses with, or NULL: no signature */
} MethodDef;

typedef struct GetSetDef {
    const char *name;
    Value (*get)(Value self);
    int (*set)(Value self, Value v);  /* NULL: read-only; v VNULL: delete */
    const char *doc;
} GetSetDef;

/* Register methods / properties in a builtin type's dict (before use). */
void type_add_methods(Type *t, const MethodDef *defs);
void type_add_getsets(Type *t, const GetSetDef *defs);
/* The same as `member_descriptor`s (CPython's PyMemberDef attributes); a
 * member without a setter is a "readonly attribute". */
void type_add_members(Type *t, const GetSetDef *defs);
/* Finish a builtin type: mro, dict, slot wrappers (__add__ ...), version. */
void type_ready(Type *t);

/* Argument checking helpers; each returns -1 with TypeError set. */
int arg_count(const char *fname, size_t nargs, size_t min, size_t max);
int arg_nokw(const char *fname, Value kwnames);
/* arg_nokw for a constructor of type t, as CPython's for map(), chain()...:
 * keywords pass when t is a subclass with its own __init__ (which gets them). */
int arg_nokw_unless_init(const char *fname, Type *t, Value kwnames);
/* Find keyword `name` among kwnames; returns its value or VNULL. */
Value arg_kw(Value *args, size_t nargs, Value kwnames, const char *name);
/* Raise TypeError if kwnames holds a name outside the NULL-terminated list. */
int arg_kw_allowed(const char *fname, Value kwnames, const char *const *allowed);

/* Argument argno (1-based) of fname as the `str`/`s` converter takes it:
 * its UTF-8, strict, in collected memory that lives as long as the caller
 * keeps the pointer; NULL with CPython's TypeError ("fname() argument N
 * must be str, not T"), ValueError ("embedded null character") or
 * UnicodeEncodeError set. */
const char *arg_str_utf8(Value v, const char *fname, int argno);

/* Bind args (nargs positional, then kwnames' values) to spec's parameters:
 * out[i] is the i-th parameter's value, VNULL when not given. Returns -1
 * with TypeError set, with CPython's messages, on a bad call. */
int arg_parse(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *out);
/* The text signature of a function parsing with spec, CPython's
 * __text_signature__: "($self, /, sep=None, maxsplit=-1)"; self_name is
 * "$self", "$type" or NULL. None when spec is NULL or incomplete. */
Value argspec_text_signature(const ArgSpec *spec, const char *self_name);

#endif
