/* ops.h: the abstract object API: what an operation means for any value.
 * The interpreter inlines fast paths for common types and calls these for
 * the rest; builtins and library code call them directly. */
#ifndef TPY_OPS_H
#define TPY_OPS_H

#include "object.h"

Value obj_repr(Value v);
Value obj_str(Value v);
Value obj_ascii(Value v);
int64_t obj_hash(Value v);                      /* -1: error */
int obj_truth(Value v);                         /* -1 0 1 */
int64_t obj_len(Value v);                       /* -1: error */

Value obj_getattr(Value obj, Value name);       /* name: str */
Value obj_getattr_cstr(Value obj, const char *name);
/* VNULL without exception when the attribute does not exist (AttributeError
 * swallowed); other errors propagate (VNULL with exception). */
Value obj_getattr_opt(Value obj, Value name);
int obj_setattr(Value obj, Value name, Value v);   /* v VNULL: delete */
int obj_hasattr(Value obj, Value name);         /* -1 0 1 */

Value obj_getitem(Value obj, Value key);
int obj_setitem(Value obj, Value key, Value v);
int obj_delitem(Value obj, Value key);
int obj_contains(Value container, Value item);  /* -1 0 1 */

Value obj_binop(Value a, Value b, int op);      /* op: enum BinOp (| BINOP_INPLACE) */
/* obj_binop's dispatch in steps, each calling one type's binop slot; a
 * slot's NotImplemented moves on to the next step. The JIT inlines the
 * Python dunder of one step and goes on with obj_binop_from(a, b, op,
 * binop_step_after(step)) when it returns NotImplemented. */
enum BinopStep {
    BINOP_STEP_INPLACE,              /* a.__iop__(b) (in-place operators only) */
    BINOP_STEP_SUBCLASS_FIRST,       /* b.__rop__(a), b's class a subclass of a's overriding it */
    BINOP_STEP_LEFT,                 /* a.__op__(b) */
    BINOP_STEP_LEFT_AFTER_SUBCLASS,  /* a.__op__(b), b.__rop__ tried already */
    BINOP_STEP_REFLECTED,            /* b.__rop__(a), b of another class */
    BINOP_STEP_FAIL,                 /* sequence repetition by __index__, or TypeError */
};
Value obj_binop_from(Value a, Value b, int op, int step);
int binop_step_after(int step);
/* Does b's reflected method get the first chance (BINOP_STEP_SUBCLASS_FIRST)? */
bool binop_subclass_first(Type *ta, Type *tb, int bop);
Value obj_unop(Value a, int op);                /* enum UnOp */
Value obj_richcompare(Value a, Value b, int op);
/* obj_richcompare's dispatch after a's slot returned NotImplemented, b's
 * reflected slot not tried first (the JIT inlines a's Python dunder) */
Value obj_richcompare_after_left(Value a, Value b, int op);
int obj_richcompare_bool(Value a, Value b, int op);  /* -1 0 1 */
/* Equality as containers use it: identity implies equality. */
static inline int obj_eq(Value a, Value b) {
    if (a == b) return 1;
    if (a & b & 1) return 0;   /* two different small ints */
    return obj_richcompare_bool(a, b, 2 /* CMP_EQ */);
}

/* Guard against infinite recursion in repr of self-containing containers:
 * 1 if v is already being repr'd (print "[...]"), 0 if not (then call
 * repr_leave when done), -1 on error. */
int repr_enter(Value v);
void repr_leave(Value v);

Value obj_iter(Value v);
/* Next item; VNULL without exception at the end. */
Value obj_next(Value it);

bool obj_isinstance_type(Value v, Type *t);
int obj_isinstance(Value v, Value cls);         /* cls may be a tuple; -1 0 1 */
int obj_issubclass(Value derived, Value cls);

/* Calls */
Value obj_call(Value f, Value *args, size_t nargs, Value kwnames);
Value obj_call0(Value f);
Value obj_call1(Value f, Value a);
Value obj_call2(Value f, Value a, Value b);
/* Call f(*args_tuple, **kwargs_dict) (kwargs may be VNULL). */
Value obj_call_tuple_dict(Value f, Value args, Value kwargs);
/* obj.name(*args) */
Value obj_call_method(Value obj, const char *name, Value *args, size_t nargs);
/* Look a dunder method up on the type only (as the interpreter does for
 * special methods) and call it bound to obj; VNULL without error if the
 * type lacks it: *found is set false then. */
Value obj_call_special(Value obj, Value name, Value *args, size_t nargs, bool *found);

/* Interned names used throughout the runtime (common dunders etc). */
#define NAME_DEF(_)                                                   \
    _(__init__) _(__new__) _(__repr__) _(__str__) _(__hash__)         \
    _(__eq__) _(__ne__) _(__lt__) _(__le__) _(__gt__) _(__ge__)       \
    _(__len__) _(__getitem__) _(__setitem__) _(__delitem__)           \
    _(__contains__) _(__iter__) _(__next__) _(__call__) _(__bool__)   \
    _(__getattr__) _(__getattribute__) _(__setattr__) _(__delattr__)  \
    _(__get__) _(__set__) _(__delete__) _(__name__) _(__qualname__)   \
    _(__module__) _(__doc__) _(__dict__) _(__class__) _(__index__)    \
    _(__int__) _(__float__) _(__neg__) _(__pos__) _(__invert__)       \
    _(__abs__) _(__enter__) _(__exit__) _(__format__) _(__reversed__) \
    _(__build_class__) _(__import__) _(__builtins__) _(__main__)      \
    _(__slots__) _(__mro__) _(__bases__) _(__base__) _(__round__)     \
    _(__trunc__) _(__floor__) _(__ceil__) _(__missing__)              \
    _(__init_subclass__) _(__set_name__) _(__class_getitem__)         \
    _(__annotations__) _(__all__) _(__file__) _(__spec__)             \
    _(__length_hint__) _(__cause__) _(__context__) _(__traceback__)   \
    _(__sizeof__) _(__reduce__) _(__objclass__) _(__self__)           \
    _(__func__) _(__wrapped__) _(__dir__) _(__instancecheck__)        \
    _(__subclasscheck__) _(__prepare__) _(__classcell__) _(__parameters__) _(__path__)            \
    _(__divmod__) _(__rdivmod__) _(__copy__) _(__deepcopy__)          \
    _(__complex__) _(__bytes__) _(__await__) _(__aiter__)             \
    _(__anext__) _(__aenter__) _(__aexit__) _(__match_args__)         \
    _(args) _(send) _(throw) _(close) _(keys) _(items) _(values)       \
    _(append) _(extend) _(join) _(format) _(write) _(flush) _(read)   \
    _(readline) _(update) _(get) _(sort) _(copy) _(self) _(value)     \
    _(name) _(msg) _(filename) _(lineno) _(offset) _(text)            \
    _(end_lineno) _(end_offset) _(print_file_and_line) _(code)        \
    _(errno) _(strerror) _(path) _(obj) _(stdout) _(stderr) _(stdin)  \
    _(argv) _(modules) _(excepthook) _(unraisablehook) _(metaclass)   \
    _(builtins) _(encoding) _(errors) _(fileno) _(mro) _(add_note)    \
    _(__notes__) _(__eq_hook__)

typedef struct Names {
#define NAME_FIELD(n) Value nm_##n;
    NAME_DEF(NAME_FIELD)
#undef NAME_FIELD
} Names;
extern Names names;
#define NAME(n) (names.nm_##n)

void ops_init(void);

#endif
