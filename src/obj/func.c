/* func.c: functions, cells, bound methods, builtin functions and the
 * descriptor types (method descriptors, getset descriptors, staticmethod,
 * classmethod, property). Calling a Python function is in vm/interp.c. */
#include "../runtime.h"

Type function_type, cell_type, method_type, builtin_function_type, method_descr_type, classmethod_descr_type,
    method_wrapper_type, getset_descr_type,
    staticmethod_type, classmethod_type, property_type;

/* ---- functions ------------------------------------------------------------------ */

Value function_new(CodeObject *code, Value globals, Value qualname) {
    FunctionObject *f = (FunctionObject *)obj_alloc(&function_type, sizeof *f);
    f->code = code;
    code->jit_flags |= code->jit_flags & CODE_JIT_HAS_FUNCTION ? CODE_JIT_SEVERAL_FUNCTIONS : CODE_JIT_HAS_FUNCTION;
    f->globals = globals;
    f->builtins = tstate.builtins;
    f->name = code->name;
    f->qualname = qualname ? qualname : code->name;
    Value mod = dict_get_str(globals, NAME(__name__));
    f->module = mod ? mod : V_NONE;
    f->doc = V_NONE;
    if (code->flags & CO_HAS_DOC) f->doc = tuple_get(code->consts, 0);
    return V_FROM_PTR(f);
}

static Value function_repr(Value v) {
    FunctionObject *f = V_AS(FunctionObject, v);
    return str_printf("<function %U at %p>", f->qualname, (void *)(uintptr_t)v);
}

static Value function_call_slot(Value f, Value *args, size_t nargs, Value kwnames) {
    return function_call(f, args, nargs, kwnames);
}

static Value function_descr_get(Value f, Value obj, Value type) {
    (void)type;
    if (!obj) return f;
    return method_new(f, obj);
}

static Value fn_get_name(Value v) { return V_AS(FunctionObject, v)->name; }
static int fn_set_name(Value v, Value x) {
    if (!x || !str_check(x)) {
        err_set(&exc_TypeError, "__name__ must be set to a string object");
        return -1;
    }
    V_AS(FunctionObject, v)->name = x;
    return 0;
}
static Value fn_get_qualname(Value v) { return V_AS(FunctionObject, v)->qualname; }
static int fn_set_qualname(Value v, Value x) {
    if (!x || !str_check(x)) {
        err_set(&exc_TypeError, "__qualname__ must be set to a string object");
        return -1;
    }
    V_AS(FunctionObject, v)->qualname = x;
    return 0;
}
static Value fn_get_module(Value v) { return V_AS(FunctionObject, v)->module; }
static int fn_set_module(Value v, Value x) {
    V_AS(FunctionObject, v)->module = x ? x : V_NONE;
    return 0;
}
static Value fn_get_doc(Value v) { return V_AS(FunctionObject, v)->doc; }
static int fn_set_doc(Value v, Value x) {
    V_AS(FunctionObject, v)->doc = x ? x : V_NONE;
    return 0;
}
void jit_function_code_changed(Value fn);   /* jit/trace.c */
static Value fn_get_defaults(Value v) {
    Value d = V_AS(FunctionObject, v)->defaults;
    return d ? d : V_NONE;
}
static int fn_set_defaults(Value v, Value x) {
    if (x && x != V_NONE && !tuple_check(x)) {
        err_set(&exc_TypeError, "__defaults__ must be set to a tuple object");
        return -1;
    }
    V_AS(FunctionObject, v)->defaults = (x == V_NONE) ? VNULL : x;
    jit_function_code_changed(v);   /* traces that inlined v took its defaults as constants */
    return 0;
}
static Value fn_get_kwdefaults(Value v) {
    Value d = V_AS(FunctionObject, v)->kwdefaults;
    return d ? d : V_NONE;
}
static int fn_set_kwdefaults(Value v, Value x) {
    if (x && x != V_NONE && !dict_check(x)) {
        err_set(&exc_TypeError, "__kwdefaults__ must be set to a dict object");
        return -1;
    }
    V_AS(FunctionObject, v)->kwdefaults = (x == V_NONE) ? VNULL : x;
    jit_function_code_changed(v);   /* (as __defaults__) */
    return 0;
}
static Value fn_get_code(Value v) { return V_FROM_PTR(V_AS(FunctionObject, v)->code); }
/* Any code object with as many free variables as the closure has cells
 * (CPython's one check); compiled code that inlined the old code is
 * invalidated (it watches the function, jit/record.c). */
static int fn_set_code(Value v, Value x) {
    FunctionObject *f = V_AS(FunctionObject, v);
    if (!x || !code_check(x)) {
        err_set(&exc_TypeError, "__code__ must be set to a code object");
        return -1;
    }
    CodeObject *co = V_AS(CodeObject, x);
    int64_t nclosure = f->closure ? tuple_size(f->closure) : 0;
    if (co->nfrees != nclosure) {
        err_format(&exc_ValueError, "%U() requires a code object with %lld free vars, not %d", f->name,
                   (long long)nclosure, (int)co->nfrees);
        return -1;
    }
    if (co != f->code) {
        /* traces that inlined f watch f; those that inlined a function by
           its code (jit/record.c, "Calls by code") read the code once
           (a pure field) and watch the code they found */
        Value old = V_FROM_PTR(f->code);
        f->code = co;
        co->jit_flags |= co->jit_flags & CODE_JIT_HAS_FUNCTION ? CODE_JIT_SEVERAL_FUNCTIONS : CODE_JIT_HAS_FUNCTION;
        jit_function_code_changed(v);
        jit_function_code_changed(old);
        jit_function_code_changed(x);
    }
    return 0;
}
static Value fn_get_globals(Value v) { return V_AS(FunctionObject, v)->globals; }
static Value fn_get_closure(Value v) {
    Value c = V_AS(FunctionObject, v)->closure;
    return c ? c : V_NONE;
}
static Value fn_get_dict(Value v) {
    FunctionObject *f = V_AS(FunctionObject, v);
    if (!f->dict) f->dict = dict_new();
    return f->dict;
}
static int fn_set_dict(Value v, Value x) {
    if (!x) {
        err_set(&exc_TypeError, "cannot delete __dict__");
        return -1;
    }
    if (!dict_check(x)) {
        err_format(&exc_TypeError, "__dict__ must be set to a dictionary, not a '%T'", x);
        return -1;
    }
    V_AS(FunctionObject, v)->dict = x;
    return 0;
}
static Value fn_get_builtins(Value v) {
    FunctionObject *f = V_AS(FunctionObject, v);
    return f->builtins ? f->builtins : tstate.builtins;
}
static Value fn_get_annotations(Value v) {
    FunctionObject *f = V_AS(FunctionObject, v);
    if (!f->annotations) f->annotations = dict_new();
    return f->annotations;
}
static int fn_set_annotations(Value v, Value x) {
    V_AS(FunctionObject, v)->annotations = x;
    return 0;
}

static const GetSetDef function_getsets[] = {
    {"__name__", fn_get_name, fn_set_name, NULL},
    {"__qualname__", fn_get_qualname, fn_set_qualname, NULL},
    {"__module__", fn_get_module, fn_set_module, NULL},
    {"__doc__", fn_get_doc, fn_set_doc, NULL},
    {"__defaults__", fn_get_defaults, fn_set_defaults, NULL},
    {"__kwdefaults__", fn_get_kwdefaults, fn_set_kwdefaults, NULL},
    {"__code__", fn_get_code, fn_set_code, NULL},
    {"__dict__", fn_get_dict, fn_set_dict, NULL},
    {"__annotations__", fn_get_annotations, fn_set_annotations, NULL},
    {NULL, NULL, NULL, NULL},
};

/* read-only members in CPython (types.MemberDescriptorType is
   type(FunctionType.__globals__)) */
static const GetSetDef function_members[] = {
    {"__globals__", fn_get_globals, NULL, NULL},
    {"__closure__", fn_get_closure, NULL, NULL},
    {"__builtins__", fn_get_builtins, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* Functions keep arbitrary attributes in their own dict. */
static Value function_getattr(Value v, Value name) {
    Value r = generic_getattr_noerr(v, name);
    if (r || err_occurred()) return r;
    FunctionObject *f = V_AS(FunctionObject, v);
    if (f->dict) {
        r = dict_get_str(f->dict, name);
        if (r) return r;
    }
    return err_format(&exc_AttributeError, "'function' object has no attribute '%U'", name);
}

static int function_setattr(Value v, Value name, Value x) {
    Value descr = type_lookup(&function_type, name);
    if (descr && type_of(descr)->descr_set) return type_of(descr)->descr_set(descr, v, x);
    FunctionObject *f = V_AS(FunctionObject, v);
    if (!f->dict) f->dict = dict_new();
    if (x) return dict_set(f->dict, name, x);
    int r = dict_del(f->dict, name);
    if (r == 0) {
        err_format(&exc_AttributeError, "'function' object has no attribute '%U'", name);
        return -1;
    }
    return r < 0 ? -1 : 0;
}

/* ---- cells --------------------------------------------------------------------- */

Value cell_new(Value v) {
    CellObject *c = (CellObject *)obj_alloc(&cell_type, sizeof *c);
    c->value = v;
    return V_FROM_PTR(c);
}

static Value cell_repr(Value v) {
    CellObject *c = V_AS(CellObject, v);
    if (!c->value) return str_printf("<cell at %p: empty>", (void *)(uintptr_t)v);
    return str_printf("<cell at %p: %T object at %p>", (void *)(uintptr_t)v, c->value,
                      (void *)(uintptr_t)c->value);
}

static Value cell_get_contents(Value v) {
    CellObject *c = V_AS(CellObject, v);
    if (!c->value) return err_set(&exc_ValueError, "Cell is empty");
    return c->value;
}

static int cell_set_contents(Value v, Value x) {
    cell_set(v, x);
    return 0;
}

/* types.FunctionType(code, globals, name=None, argdefs=None, closure=None),
   CPython's checks and messages */
static Value function_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)t;
    static const ArgSpec spec = {"function", 0, 2, 0, {"code", "globals", "name", "argdefs", "closure", NULL}};
    Value a[5];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!code_check(a[0])) return err_format(&exc_TypeError, "function() argument 'code' must be code, not %T", a[0]);
    if (!dict_check(a[1])) return err_format(&exc_TypeError, "function() argument 'globals' must be dict, not %T", a[1]);
    if (AUDIT("function.__new__", 1, a[0]) < 0) return VNULL;
    CodeObject *co = V_AS(CodeObject, a[0]);
    Value name = a[2] && a[2] != V_NONE ? a[2] : VNULL, defs = a[3] && a[3] != V_NONE ? a[3] : VNULL;
    Value closure = a[4] && a[4] != V_NONE ? a[4] : VNULL;
    if (name && !str_check(name)) return err_set(&exc_TypeError, "arg 3 (name) must be None or string");
    if (defs && !tuple_check(defs)) return err_set(&exc_TypeError, "arg 4 (defaults) must be None or tuple");
    if (!closure && co->nfrees) return err_set(&exc_TypeError, "arg 5 (closure) must be tuple");
    if (closure && !tuple_check(closure)) return err_set(&exc_TypeError, "arg 5 (closure) must be None or tuple");
    int64_t nclosure = closure ? tuple_size(closure) : 0;
    if (nclosure != co->nfrees)
        return err_format(&exc_ValueError, "%U requires closure of length %zd, not %zd", co->name, (ssize_t)co->nfrees,
                          (ssize_t)nclosure);
    for (int64_t i = 0; i < nclosure; i++)
        if (!cell_check(tuple_get(closure, i)))
            return err_format(&exc_TypeError, "arg 5 (closure) expected cell, found %T", tuple_get(closure, i));
    /* the interpreter's globals hold cells (as exec's): convert in place */
    DictObject *g = V_AS(DictObject, a[1]);
    if (!g->cells) {
        Value copy = dict_copy(a[1]);
        dict_clear(a[1]);
        g->cells = true;
        if (dict_update(a[1], copy) < 0) return VNULL;
    }
    Value fn = function_new(co, a[1], co->qualname ? co->qualname : co->name);
    FunctionObject *f = V_AS(FunctionObject, fn);
    if (name) f->name = name;
    Value b = dict_get_str(a[1], NAME(__builtins__));
    if (b && module_check(b)) b = module_dict(b);
    if (b) f->builtins = b;   /* any object: see eval_module_code */
    /* no __builtins__ in the globals: the running frame's (bpo-42990) */
    else if (tstate.frame && tstate.frame->builtins) f->builtins = tstate.frame->builtins;
    f->defaults = defs && tuple_size(defs) ? defs : VNULL;
    f->closure = closure;
    return fn;
}

/* types.CellType([contents]) */
static Value cell_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("cell", kwnames) < 0 || arg_count("cell", nargs, 0, 1) < 0) return VNULL;
    return cell_new(nargs ? args[0] : VNULL);
}

/* cells compare by their contents; an empty cell is less than a full one */
static Value cell_richcompare(Value a, Value b, int op) {
    if (type_of(b) != &cell_type) return V_NOTIMPL;
    Value x = V_AS(CellObject, a)->value, y = V_AS(CellObject, b)->value;
    if (x && y) return obj_richcompare(x, y, op);
    int c = (x != VNULL) - (y != VNULL);
    bool r;
    switch (op) {
    case CMP_LT: r = c < 0; break;
    case CMP_LE: r = c <= 0; break;
    case CMP_EQ: r = c == 0; break;
    case CMP_NE: r = c != 0; break;
    case CMP_GT: r = c > 0; break;
    default: r = c >= 0; break;
    }
    return v_bool(r);
}

static const GetSetDef cell_getsets[] = {
    {"cell_contents", cell_get_contents, cell_set_contents, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- bound methods ---------------------------------------------------------------- */

/* a bound method or a method-wrapper: func with self */
static Value bound_new(Type *t, Value func, Value self) {
    BoundMethodObject *m = (BoundMethodObject *)obj_alloc(t, sizeof *m);
    m->func = func;
    m->self = self;
    return V_FROM_PTR(m);
}

Value method_new(Value func, Value self) { return bound_new(&method_type, func, self); }

static Value method_call(Value mv, Value *args, size_t nargs, Value kwnames) {
    BoundMethodObject *m = V_AS(BoundMethodObject, mv);
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    Value stackbuf[10];
    Value *a = nargs + nkw + 1 <= 10 ? stackbuf : gc_alloc(sizeof(Value) * (nargs + nkw + 1));
    a[0] = m->self;
    values_copy(a + 1, args, (nargs + nkw));
    return obj_call(m->func, a, nargs + 1, kwnames);
}

static Value method_repr(Value v) {
    BoundMethodObject *m = V_AS(BoundMethodObject, v);
    Value name = obj_getattr_opt(m->func, NAME(__qualname__));
    if (!name) {
        err_clear();
        name = obj_getattr_opt(m->func, NAME(__name__));
        if (!name) {
            err_clear();
            name = str_from_cstr("?");
        }
    }
    Value sr = obj_repr(m->self);
    if (!sr) return VNULL;
    return str_printf("<bound method %S of %U>", name, sr);
}

static Value method_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || V_OBJ(b)->type != &method_type || V_OBJ(a)->type != &method_type)
        return V_NOTIMPL;
    BoundMethodObject *x = V_AS(BoundMethodObject, a), *y = V_AS(BoundMethodObject, b);
    bool eq = x->self == y->self;
    if (eq) {
        int e = obj_eq(x->func, y->func);
        if (e < 0) return VNULL;
        eq = e;
    }
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int64_t method_hash(Value v) {
    BoundMethodObject *m = V_AS(BoundMethodObject, v);
    int64_t a = obj_hash(m->self);
    if (a == -1) {
        err_clear();
        a = (int64_t)(m->self >> 4);
    }
    int64_t b = obj_hash(m->func);
    if (b == -1) return -1;
    int64_t h = a ^ b;
    return h == -1 ? -2 : h;
}

/* types.MethodType(function, instance) */
static Value method_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("method", kwnames) < 0 || arg_count("method", nargs, 2, 2) < 0) return VNULL;
    if (!type_of(args[0])->call) return err_set(&exc_TypeError, "first argument must be callable");
    if (args[1] == V_NONE) return err_set(&exc_TypeError, "instance must not be None");
    return method_new(args[0], args[1]);
}

static Value method_getattr(Value v, Value name) {
    /* the function's docstring, not the method type's */
    if (name == NAME(__doc__)) return obj_getattr(V_AS(BoundMethodObject, v)->func, name);
    Value r = generic_getattr_noerr(v, name);
    if (r || err_occurred()) return r;
    return obj_getattr(V_AS(BoundMethodObject, v)->func, name);
}

static Value method_get_self(Value v) { return V_AS(BoundMethodObject, v)->self; }
static Value method_get_func(Value v) { return V_AS(BoundMethodObject, v)->func; }

/* also a descriptor, for the generic lookup (object.__getattribute__) */
static Value method_get_doc(Value v) { return obj_getattr(V_AS(BoundMethodObject, v)->func, NAME(__doc__)); }

static const GetSetDef method_getsets[] = {
    {"__doc__", method_get_doc, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const GetSetDef method_members[] = {
    {"__self__", method_get_self, NULL, "the instance to which a method is bound"},
    {"__func__", method_get_func, NULL, "the function (or other callable) implementing a method"},
    {NULL, NULL, NULL, NULL},
};

/* ---- builtin functions ------------------------------------------------------------ */

Value builtin_function_new(const MethodDef *def, Value self, Value module) {
    BuiltinFunctionObject *b = (BuiltinFunctionObject *)obj_alloc(&builtin_function_type, sizeof *b);
    b->def = def;
    b->self = self;
    b->module = module;
    return V_FROM_PTR(b);
}

static Value no_keywords(const char *name) {
    return err_format(&exc_TypeError, "%s() takes no keyword arguments", name);
}

static Value builtin_call(Value fv, Value *args, size_t nargs, Value kwnames) {
    BuiltinFunctionObject *b = V_AS(BuiltinFunctionObject, fv);
    if (kwnames && tuple_size(kwnames) && !(b->def->flags & MF_KEYWORDS)) {
        if (b->self && !module_check(b->self)) {
            Type *t = type_check(b->self) ? V_AS(Type, b->self) : type_of(b->self);
            return err_format(&exc_TypeError, "%s.%s() takes no keyword arguments", t->tname, b->def->name);
        }
        return no_keywords(b->def->name);
    }
    if (!b->self) return b->def->fn(args, nargs, kwnames);
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    Value stackbuf[10];
    Value *a = nargs + nkw + 1 <= 10 ? stackbuf : gc_alloc(sizeof(Value) * (nargs + nkw + 1));
    a[0] = b->self;
    values_copy(a + 1, args, (nargs + nkw));
    return b->def->fn(a, nargs + 1, kwnames);
}

static Value builtin_repr(Value v) {
    BuiltinFunctionObject *b = V_AS(BuiltinFunctionObject, v);
    if (!b->self || module_check(b->self))
        return str_printf("<built-in function %s>", b->def->name);
    if (type_check(b->self))
        return str_printf("<built-in method %s of type object at %p>", b->def->name, (void *)(uintptr_t)b->self);
    return str_printf("<built-in method %s of %T object at %p>", b->def->name, b->self, (void *)(uintptr_t)b->self);
}

static Value builtin_get_name(Value v) { return str_from_cstr(V_AS(BuiltinFunctionObject, v)->def->name); }
static Value builtin_get_qualname(Value v) {
    BuiltinFunctionObject *b = V_AS(BuiltinFunctionObject, v);
    if (b->self && !module_check(b->self)) {
        Type *t = type_check(b->self) ? V_AS(Type, b->self) : type_of(b->self);
        return str_printf("%s.%s", t->tname, b->def->name);
    }
    if (b->owner) return str_printf("%s.%s", b->owner->tname, b->def->name);
    return str_from_cstr(b->def->name);
}
static Value builtin_get_self(Value v) {
    BuiltinFunctionObject *b = V_AS(BuiltinFunctionObject, v);
    return b->self ? b->self : V_NONE;
}
static Value builtin_get_module(Value v) {
    BuiltinFunctionObject *b = V_AS(BuiltinFunctionObject, v);
    return b->module ? b->module : V_NONE;
}
static Value builtin_get_doc(Value v) {
    const char *d = V_AS(BuiltinFunctionObject, v)->def->doc;
    return d ? str_from_cstr(d) : V_NONE;
}

/* from the ArgSpec the function parses with: a method's self is "$self"
   ("$type" for a class method's); a module function has no self here
   (its __self__ is None, so inspect would keep a "$module") */
static Value builtin_get_text_signature(Value v) {
    BuiltinFunctionObject *b = V_AS(BuiltinFunctionObject, v);
    if (type_is_builtin_new(v)) return str_intern_cstr("($type, *args, **kwargs)");
    const char *self = NULL;
    if (b->def->flags & MF_CLASS) self = "$type";
    else if (b->self && !module_check(b->self)) self = "$self";
    return argspec_text_signature(b->def->spec, self);
}

static const GetSetDef builtin_getsets[] = {
    {"__text_signature__", builtin_get_text_signature, NULL, NULL},
    {"__name__", builtin_get_name, NULL, NULL},
    {"__qualname__", builtin_get_qualname, NULL, NULL},
    {"__self__", builtin_get_self, NULL, NULL},
    {"__module__", builtin_get_module, NULL, NULL},
    {"__doc__", builtin_get_doc, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* pickle's view of a builtin: a module-level function is saved by its
   name (pickle finds it through __module__), a bound method as
   getattr(self, name), as CPython's meth_reduce */
Value reduce_as_getattr(Value obj, Value name) {
    Value getattr = dict_get(tstate.builtins, str_intern_cstr("getattr"));
    if (!getattr) return err_occurred() ? VNULL : err_set(&exc_RuntimeError, "lost builtins.getattr");
    if (!name) return VNULL;
    Value inner[2] = {obj, name};
    Value t[2] = {getattr, tuple_from_array(inner, 2)};
    return tuple_from_array(t, 2);
}

static Value builtin_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    BuiltinFunctionObject *b = V_AS(BuiltinFunctionObject, args[0]);
    if (b->owner) return reduce_as_getattr(V_FROM_PTR(b->owner), str_from_cstr(b->def->name));
    if (!b->self || module_check(b->self)) return str_from_cstr(b->def->name);
    return reduce_as_getattr(b->self, str_from_cstr(b->def->name));
}

/* a bound method: getattr(self, name) (CPython's method.__reduce__) */
static Value method_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    BoundMethodObject *m = V_AS(BoundMethodObject, args[0]);
    return reduce_as_getattr(m->self, obj_getattr(m->func, NAME(__name__)));
}

/* list.append: getattr(list, 'append') */
static Value method_descr_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    MethodDescrObject *d = V_AS(MethodDescrObject, args[0]);
    return reduce_as_getattr(V_FROM_PTR(d->owner), str_from_cstr(d->def->name));
}

static const MethodDef method_methods[] = {
    {"__reduce__", method_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef method_descr_methods[] = {
    {"__reduce__", method_descr_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef builtin_methods[] = {
    {"__reduce__", builtin_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Value builtin_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || type_of(b) != &builtin_function_type) return V_NOTIMPL;
    BuiltinFunctionObject *x = V_AS(BuiltinFunctionObject, a), *y = V_AS(BuiltinFunctionObject, b);
    bool eq = x->def == y->def && x->self == y->self;
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int64_t builtin_hash(Value v) {
    BuiltinFunctionObject *b = V_AS(BuiltinFunctionObject, v);
    int64_t h = (int64_t)(((uintptr_t)b->def >> 4) ^ ((uintptr_t)b->self >> 3));
    return h == -1 ? -2 : h;
}

/* ---- method descriptors ----------------------------------------------------------- */

Value method_descr_new(Type *owner, const MethodDef *def) {
    MethodDescrObject *d = (MethodDescrObject *)obj_alloc(&method_descr_type, sizeof *d);
    d->def = def;
    d->owner = owner;
    return V_FROM_PTR(d);
}

static Value method_descr_call(Value dv, Value *args, size_t nargs, Value kwnames) {
    MethodDescrObject *d = V_AS(MethodDescrObject, dv);
    if (nargs < 1)
        return err_format(&exc_TypeError, "unbound method %s.%s() needs an argument", d->owner->tname, d->def->name);
    if (!(d->def->flags & MF_CLASS) && !type_is_subtype(type_of(args[0]), d->owner))
        return err_format(&exc_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%T' object",
                          d->def->name, d->owner->tname, args[0]);
    if (kwnames && tuple_size(kwnames) && !(d->def->flags & MF_KEYWORDS))
        return err_format(&exc_TypeError, "%s.%s() takes no keyword arguments", d->owner->tname, d->def->name);
    return d->def->fn(args, nargs, kwnames);
}

static Value method_descr_get(Value dv, Value obj, Value type) {
    (void)type;
    if (!obj) return dv;
    MethodDescrObject *d = V_AS(MethodDescrObject, dv);
    if (!type_is_subtype(type_of(obj), d->owner))
        return err_format(&exc_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%T' object",
                          d->def->name, d->owner->tname, obj);
    return builtin_function_new(d->def, obj, VNULL);
}

static Value method_descr_repr(Value v) {
    MethodDescrObject *d = V_AS(MethodDescrObject, v);
    return str_printf("<method '%s' of '%s' objects>", d->def->name, d->owner->tname);
}

static Value md_get_name(Value v) { return str_from_cstr(V_AS(MethodDescrObject, v)->def->name); }
static Value md_get_qualname(Value v) {
    MethodDescrObject *d = V_AS(MethodDescrObject, v);
    return str_printf("%s.%s", d->owner->tname, d->def->name);
}
static Value md_get_objclass(Value v) { return V_FROM_PTR(V_AS(MethodDescrObject, v)->owner); }
static Value md_get_doc(Value v) {
    const char *d = V_AS(MethodDescrObject, v)->def->doc;
    return d ? str_from_cstr(d) : V_NONE;
}

static Value md_get_text_signature(Value v) {
    const MethodDef *def = V_AS(MethodDescrObject, v)->def;
    return argspec_text_signature(def->spec, def->flags & MF_CLASS ? "$type" : "$self");
}

static const GetSetDef method_descr_getsets[] = {
    {"__text_signature__", md_get_text_signature, NULL, NULL},
    {"__name__", md_get_name, NULL, NULL},
    {"__qualname__", md_get_qualname, NULL, NULL},
    {"__objclass__", md_get_objclass, NULL, NULL},
    {"__doc__", md_get_doc, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- class method descriptors (dict.fromkeys) --------------------------------------- */

/* A builtin type's class method in its dict, as CPython's
 * classmethod_descriptor: bound to the class it is looked up on, a builtin
 * method whose __self__ is that class. */
Value classmethod_descr_new(Type *owner, const MethodDef *def) {
    MethodDescrObject *d = (MethodDescrObject *)obj_alloc(&classmethod_descr_type, sizeof *d);
    d->def = def;
    d->owner = owner;
    return V_FROM_PTR(d);
}

static Value classmethod_descr_get(Value dv, Value obj, Value type) {
    MethodDescrObject *d = V_AS(MethodDescrObject, dv);
    if (!type) {
        if (!obj)
            return err_format(&exc_TypeError, "descriptor '%s' for type '%s' needs either an object or a type",
                              d->def->name, d->owner->tname);
        type = V_FROM_PTR(type_of(obj));
    }
    if (!type_check(type))
        return err_format(&exc_TypeError, "descriptor '%s' for type '%s' needs a type, not a '%T' as arg 2",
                          d->def->name, d->owner->tname, type);
    if (!type_is_subtype(V_AS(Type, type), d->owner))
        return err_format(&exc_TypeError, "descriptor '%s' requires a subtype of '%s' but received '%s'",
                          d->def->name, d->owner->tname, V_AS(Type, type)->tname);
    return builtin_function_new(d->def, type, VNULL);
}

/* dict.__dict__['fromkeys'](dict, ...): bound to the first argument, called
   with the rest */
static Value classmethod_descr_call(Value dv, Value *args, size_t nargs, Value kwnames) {
    MethodDescrObject *d = V_AS(MethodDescrObject, dv);
    if (nargs < 1)
        return err_format(&exc_TypeError, "descriptor '%s' of '%s' object needs an argument", d->def->name,
                          d->owner->tname);
    Value bound = classmethod_descr_get(dv, VNULL, args[0]);
    if (!bound) return VNULL;
    return obj_call(bound, args + 1, nargs - 1, kwnames);
}

/* ---- method-wrapper: a slot wrapper bound to an instance ((1).__add__) ---------------- */

/* As CPython's method-wrapper: its name, signature and docstring are the
 * slot wrapper's (func); calling it calls the wrapper with self first. */
Value method_wrapper_new(Value wrapper, Value self) { return bound_new(&method_wrapper_type, wrapper, self); }

static Value mw_repr(Value v) {
    BoundMethodObject *m = V_AS(BoundMethodObject, v);
    Value name = obj_getattr(m->func, NAME(__name__));
    if (!name) return VNULL;
    return str_printf("<method-wrapper %R of %T object at %p>", name, m->self, (void *)(uintptr_t)m->self);
}

/* equal when the same wrapper is bound to the same object */
static Value mw_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || type_of(b) != &method_wrapper_type) return V_NOTIMPL;
    BoundMethodObject *x = V_AS(BoundMethodObject, a), *y = V_AS(BoundMethodObject, b);
    bool eq = x->func == y->func && x->self == y->self;
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int64_t mw_hash(Value v) {
    BoundMethodObject *m = V_AS(BoundMethodObject, v);
    int64_t h = (int64_t)(((uintptr_t)m->self >> 4) ^ ((uintptr_t)m->func >> 4));
    return h == -1 ? -2 : h;
}

static Value mw_get_self(Value v) { return V_AS(BoundMethodObject, v)->self; }
static Value mw_get_name(Value v) { return obj_getattr(V_AS(BoundMethodObject, v)->func, NAME(__name__)); }
static Value mw_get_qualname(Value v) { return obj_getattr(V_AS(BoundMethodObject, v)->func, NAME(__qualname__)); }
static Value mw_get_objclass(Value v) { return obj_getattr(V_AS(BoundMethodObject, v)->func, NAME(__objclass__)); }
static Value mw_get_doc(Value v) { return obj_getattr(V_AS(BoundMethodObject, v)->func, NAME(__doc__)); }
static Value mw_get_text_signature(Value v) {
    return obj_getattr(V_AS(BoundMethodObject, v)->func, str_intern_cstr("__text_signature__"));
}

static const GetSetDef method_wrapper_getsets[] = {
    {"__self__", mw_get_self, NULL, NULL},
    {"__name__", mw_get_name, NULL, NULL},
    {"__qualname__", mw_get_qualname, NULL, NULL},
    {"__objclass__", mw_get_objclass, NULL, NULL},
    {"__doc__", mw_get_doc, NULL, NULL},
    {"__text_signature__", mw_get_text_signature, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* (1).__add__: getattr(1, '__add__') */
static Value mw_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    BoundMethodObject *m = V_AS(BoundMethodObject, args[0]);
    return reduce_as_getattr(m->self, obj_getattr(m->func, NAME(__name__)));
}

static const MethodDef method_wrapper_methods[] = {
    {"__reduce__", mw_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- getset descriptors -------------------------------------------------------------- */

Value getset_descr_new(Type *owner, const GetSetDef *def) {
    GetSetDescrObject *d = (GetSetDescrObject *)obj_alloc(&getset_descr_type, sizeof *d);
    d->def = def;
    d->owner = owner;
    return V_FROM_PTR(d);
}

static Value getset_get(Value dv, Value obj, Value type) {
    (void)type;
    if (!obj) return dv;
    GetSetDescrObject *d = V_AS(GetSetDescrObject, dv);
    if (!type_is_subtype(type_of(obj), d->owner))
        return err_format(&exc_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%T' object",
                          d->def->name, d->owner->tname, obj);
    return d->def->get(obj);
}

static int getset_set(Value dv, Value obj, Value v) {
    GetSetDescrObject *d = V_AS(GetSetDescrObject, dv);
    if (!d->def->set) {
        err_format(&exc_AttributeError, "attribute '%s' of '%s' objects is not writable", d->def->name,
                   d->owner->tname);
        return -1;
    }
    return d->def->set(obj, v);
}

static Value getset_repr(Value v) {
    GetSetDescrObject *d = V_AS(GetSetDescrObject, v);
    return str_printf("<attribute '%s' of '%s' objects>", d->def->name, d->owner->tname);
}

static Value getset_get_name(Value v) { return str_intern_cstr(V_AS(GetSetDescrObject, v)->def->name); }
static Value getset_get_qualname(Value v) {
    GetSetDescrObject *d = V_AS(GetSetDescrObject, v);
    Value owner = d->owner->qualname ? d->owner->qualname : type_name(d->owner);
    return str_printf("%U.%s", owner, d->def->name);
}
static Value getset_get_objclass(Value v) { return V_FROM_PTR(V_AS(GetSetDescrObject, v)->owner); }
static Value getset_get_doc(Value v) {
    const char *doc = V_AS(GetSetDescrObject, v)->def->doc;
    return doc ? str_from_cstr(doc) : V_NONE;
}

static const GetSetDef getset_descr_getsets[] = {
    {"__name__", getset_get_name, NULL, NULL},
    {"__qualname__", getset_get_qualname, NULL, NULL},
    {"__objclass__", getset_get_objclass, NULL, NULL},
    {"__doc__", getset_get_doc, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- member descriptors of builtin types ------------------------------------------------ */

Value cmember_descr_new(Type *owner, const GetSetDef *def) {
    GetSetDescrObject *d = (GetSetDescrObject *)obj_alloc(&cmember_descr_type, sizeof *d);
    d->def = def;
    d->owner = owner;
    return V_FROM_PTR(d);
}

/* (the subtype for __slots__ has its own layout and slots: these apply to
   this exact type only) */
static Value cmember_get(Value dv, Value obj, Value type) {
    if (type_of(dv) != &cmember_descr_type) return err_set(&exc_TypeError, "descriptor applies to builtin members only");
    return getset_get(dv, obj, type);
}

static int cmember_set(Value dv, Value obj, Value v) {
    if (type_of(dv) != &cmember_descr_type) {
        err_set(&exc_TypeError, "descriptor applies to builtin members only");
        return -1;
    }
    GetSetDescrObject *d = V_AS(GetSetDescrObject, dv);
    if (!type_is_subtype(type_of(obj), d->owner)) {
        err_format(&exc_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%T' object", d->def->name,
                   d->owner->tname, obj);
        return -1;
    }
    if (!d->def->set) {
        err_set(&exc_AttributeError, "readonly attribute");
        return -1;
    }
    return d->def->set(obj, v);
}

static Value cmember_repr(Value v) {
    GetSetDescrObject *d = V_AS(GetSetDescrObject, v);
    return str_printf("<member '%s' of '%s' objects>", d->def->name, d->owner->tname);
}

void cmember_type_init(void) {
    type_add_getsets(&cmember_descr_type, getset_descr_getsets);
    type_ready(&cmember_descr_type);
}

/* ---- staticmethod, classmethod -------------------------------------------------------- */

/* The wrapped callable; VNULL with RuntimeError for one made by __new__
   alone, never initialised (CPython's message). */
static Value sm_func(Value v) {
    Value f = V_AS(StaticMethodObject, v)->func;
    return f ? f : err_format(&exc_RuntimeError, "uninitialized %s object", type_of(v)->tname);
}

static Value sm_get(Value dv, Value obj, Value type) {
    (void)obj;
    (void)type;
    return sm_func(dv);
}

static Value sm_call(Value dv, Value *args, size_t nargs, Value kwnames) {
    Value f = sm_func(dv);
    return f ? obj_call(f, args, nargs, kwnames) : VNULL;
}

/* staticmethod/classmethod: __new__ only allocates (CPython's generic new,
   which ignores its arguments); __init__ takes the callable, so that a
   subclass's __init__ can pass it on with super().__init__(f) */
/* As CPython 3.10+: the wrapped callable's __module__, __name__,
   __qualname__, __doc__ and __annotations__ are copied into the
   descriptor's own __dict__ (those it lacks are skipped) */
static int sm_copy_attrs(Value self, Value f) {
    static const char *const names[] = {"__module__", "__name__", "__qualname__", "__doc__", "__annotations__"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        Value name = str_intern_cstr(names[i]);
        Value v = obj_getattr_opt(f, name);
        if (!v) {
            if (err_occurred()) return -1;
            continue;
        }
        if (obj_setattr(self, name, v) < 0) return -1;
    }
    return 0;
}

static Value sm_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    StaticMethodObject *s = (StaticMethodObject *)obj_alloc(t, t->basicsize);
    if (nargs == 1 && !(kwnames && tuple_size(kwnames))) s->func = args[0];
    return V_FROM_PTR(s);
}

static int sm_init(Value self, Value *args, size_t nargs, Value kwnames) {
    const char *name = type_is_subtype(type_of(self), &classmethod_type) ? "classmethod" : "staticmethod";
    if (kwnames && tuple_size(kwnames)) {
        err_format(&exc_TypeError, "%s() takes no keyword arguments", name);
        return -1;
    }
    if (nargs != 1) {
        err_format(&exc_TypeError, "%s expected 1 argument, got %zd", name, (ssize_t)nargs);
        return -1;
    }
    V_AS(StaticMethodObject, self)->func = args[0];
    return sm_copy_attrs(self, args[0]);
}

static Value cm_get(Value dv, Value obj, Value type) {
    if (!type) type = V_FROM_PTR(type_of(obj));
    Value f = sm_func(dv);
    if (!f) return VNULL;
    /* chained descriptors (classmethod wrapping a property) as in 3.9-3.12:
       the class is both the instance and the owner (CPython's cm_descr_get) */
    Type *ft = type_of(f);
    if (ft != &function_type && ft != &method_descr_type && ft->descr_get)
        return ft->descr_get(f, type, type);
    return method_new(f, type);
}

static Value sm_get_func(Value v) {
    Value f = V_AS(StaticMethodObject, v)->func;
    return f ? f : V_NONE;
}

/* abstract when the wrapped callable is (abc.abstractmethod under it) */
static Value sm_get_isabstract(Value v) {
    Value f = V_AS(StaticMethodObject, v)->func;
    if (!f) return V_FALSE;
    Value a = obj_getattr_opt(f, str_intern_cstr("__isabstractmethod__"));
    if (!a) return err_occurred() ? VNULL : V_FALSE;
    int t = obj_truth(a);
    return t < 0 ? VNULL : v_bool(t);
}

static const GetSetDef sm_getsets[] = {
    {"__func__", sm_get_func, NULL, NULL},
    {"__wrapped__", sm_get_func, NULL, NULL},
    {"__isabstractmethod__", sm_get_isabstract, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Value sm_repr(Value v) {
    Value f = V_AS(StaticMethodObject, v)->func;
    Value fr = f ? obj_repr(f) : str_from_cstr("<NULL>");
    if (!fr) return VNULL;
    return str_printf("<%T(%U)>", v, fr);
}

/* ---- property --------------------------------------------------------------------------- */

/* fget/fset/fdel are VNULL when absent (None given); doc is VNULL when
 * unset. getter_doc: the doc was taken from fget, so a copy made by
 * getter() takes the new getter's doc (CPython's propertyobject). */
typedef struct PropertyFull {
    PropertyObject p;
    Value name;             /* from __set_name__, for error messages; or VNULL */
    bool getter_doc;
} PropertyFull;

#define PROP(v) ((PropertyFull *)V_AS(PropertyObject, v))

static Value none_if_null(Value v) { return v ? v : V_NONE; }

/* "property 'x' of 'C' object has no getter", with what is known */
static void prop_error(Value pv, Value obj, const char *what) {
    Value qualname = obj ? type_of(obj)->qualname : VNULL;
    Value n = PROP(pv)->name;
    if (n && qualname) err_format(&exc_AttributeError, "property %R of %R object has no %s", n, qualname, what);
    else if (qualname) err_format(&exc_AttributeError, "property of %R object has no %s", qualname, what);
    else err_format(&exc_AttributeError, "property has no %s", what);
}

static Value prop_get(Value pv, Value obj, Value type) {
    (void)type;
    if (!obj || obj == V_NONE) return pv;
    PropertyObject *p = V_AS(PropertyObject, pv);
    if (!p->fget) {
        prop_error(pv, obj, "getter");
        return VNULL;
    }
    return obj_call1(p->fget, obj);
}

static int prop_set(Value pv, Value obj, Value v) {
    PropertyObject *p = V_AS(PropertyObject, pv);
    Value f = v ? p->fset : p->fdel;
    if (!f) {
        prop_error(pv, obj, v ? "setter" : "deleter");
        return -1;
    }
    Value r = v ? obj_call2(f, obj, v) : obj_call1(f, obj);
    return r ? 0 : -1;
}

static Value prop_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    (void)kwnames;
    PropertyFull *p = (PropertyFull *)obj_alloc(t, t->basicsize > sizeof(PropertyFull) ? t->basicsize
                                                                                      : sizeof(PropertyFull));
    return V_FROM_PTR(p);
}

static const ArgSpec prop_args = {"property", 0, 0, 0, {"fget=None", "fset=None", "fdel=None", "doc=None", NULL}};
static int prop_init(Value self, Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    if (arg_parse(&prop_args, args, nargs, kwnames, a) < 0) return -1;
    PropertyFull *p = PROP(self);
    p->p.fget = a[0] == V_NONE ? VNULL : a[0];
    p->p.fset = a[1] == V_NONE ? VNULL : a[1];
    p->p.fdel = a[2] == V_NONE ? VNULL : a[2];
    p->p.doc = a[3];
    p->getter_doc = false;
    /* no doc given: the getter's, kept in the instance dict of a subclass
       (whose class's own __doc__ would hide the member) */
    if ((!a[3] || a[3] == V_NONE) && p->p.fget) {
        Value d = obj_getattr_opt(p->p.fget, NAME(__doc__));
        if (!d) return err_occurred() ? -1 : 0;
        if (V_OBJ(self)->type == &property_type) p->p.doc = d;
        else if (obj_setattr(self, NAME(__doc__), d) < 0) return -1;
        p->getter_doc = true;
    }
    return 0;
}

/* getter()/setter()/deleter(): type(self)(fget, fset, fdel, doc), so a
   subclass's __init__ runs; the name carries over */
static Value prop_copy(Value self, Value fget, Value fset, Value fdel) {
    PropertyFull *old = PROP(self);
    if (!fget || fget == V_NONE) fget = none_if_null(old->p.fget);
    if (!fset || fset == V_NONE) fset = none_if_null(old->p.fset);
    if (!fdel || fdel == V_NONE) fdel = none_if_null(old->p.fdel);
    Value doc = old->getter_doc && fget != V_NONE ? V_NONE : none_if_null(old->p.doc);
    Value a[4] = {fget, fset, fdel, doc};
    Value r = obj_call(V_FROM_PTR(type_of(self)), a, 4, VNULL);
    if (r && type_is_subtype(type_of(r), &property_type)) PROP(r)->name = old->name;
    return r;
}

static Value prop_getter(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("getter", nargs - 1, 1, 1) < 0) return VNULL;
    return prop_copy(args[0], args[1], VNULL, VNULL);
}
static Value prop_setter(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("setter", nargs - 1, 1, 1) < 0) return VNULL;
    return prop_copy(args[0], VNULL, args[1], VNULL);
}
static Value prop_deleter(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("deleter", nargs - 1, 1, 1) < 0) return VNULL;
    return prop_copy(args[0], VNULL, VNULL, args[1]);
}
static Value prop_set_name(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 3)
        return err_format(&exc_TypeError, "__set_name__() takes 2 positional arguments but %d were given",
                          (int)nargs - 1);
    PROP(args[0])->name = args[2];
    return V_NONE;
}

static const MethodDef prop_methods[] = {
    {"getter", prop_getter, 0, NULL},
    {"setter", prop_setter, 0, NULL},
    {"deleter", prop_deleter, 0, NULL},
    {"__set_name__", prop_set_name, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Value prop_get_fget(Value v) { return none_if_null(V_AS(PropertyObject, v)->fget); }
static Value prop_get_fset(Value v) { return none_if_null(V_AS(PropertyObject, v)->fset); }
static Value prop_get_fdel(Value v) { return none_if_null(V_AS(PropertyObject, v)->fdel); }
static Value prop_get_doc(Value v) { return none_if_null(V_AS(PropertyObject, v)->doc); }
static int prop_set_doc(Value v, Value d) {
    V_AS(PropertyObject, v)->doc = d;
    return 0;
}

/* abstract when any of its functions is (abc) */
static Value prop_get_isabstract(Value v) {
    PropertyObject *p = V_AS(PropertyObject, v);
    Value fs[3] = {p->fget, p->fset, p->fdel};
    for (int i = 0; i < 3; i++) {
        if (!fs[i]) continue;
        Value a = obj_getattr_opt(fs[i], str_intern_cstr("__isabstractmethod__"));
        if (!a) {
            if (err_occurred()) return VNULL;
            continue;
        }
        int t = obj_truth(a);
        if (t < 0) return VNULL;
        if (t) return V_TRUE;
    }
    return V_FALSE;
}

static const GetSetDef prop_members[] = {
    {"fget", prop_get_fget, NULL, NULL},
    {"fset", prop_get_fset, NULL, NULL},
    {"fdel", prop_get_fdel, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const GetSetDef prop_getsets[] = {
    {"__doc__", prop_get_doc, prop_set_doc, NULL},
    {"__isabstractmethod__", prop_get_isabstract, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* ---- types ---------------------------------------------------------------------------- */

Type function_type = {
    .tname = "function",
    .basicsize = sizeof(FunctionObject),
    .repr = function_repr,
    .getattr = function_getattr,
    .setattr = function_setattr,
    .call = function_call_slot,
    .descr_get = function_descr_get,
    .new_ = function_new_slot,
};

Type cell_type = {.tname = "cell", .basicsize = sizeof(CellObject), .repr = cell_repr,
                  .richcompare = cell_richcompare, .new_ = cell_new_slot};

Type method_type = {
    .tname = "method",
    .basicsize = sizeof(BoundMethodObject),
    .repr = method_repr,
    .hash = method_hash,
    .richcompare = method_richcompare,
    .getattr = method_getattr,
    .call = method_call,
    .new_ = method_new_slot,
};

Type builtin_function_type = {
    .tname = "builtin_function_or_method",
    .flags = TF_ABSTRACT_NEW,   /* made by the runtime only */
    .basicsize = sizeof(BuiltinFunctionObject),
    .repr = builtin_repr,
    .hash = builtin_hash,
    .richcompare = builtin_richcompare,
    .call = builtin_call,
};

Type method_descr_type = {
    .tname = "method_descriptor",
    .flags = TF_ABSTRACT_NEW,   /* made by the runtime only */
    .basicsize = sizeof(MethodDescrObject),
    .repr = method_descr_repr,
    .call = method_descr_call,
    .descr_get = method_descr_get,
};

Type classmethod_descr_type = {
    .tname = "classmethod_descriptor",
    .flags = TF_ABSTRACT_NEW,   /* made by the runtime only */
    .basicsize = sizeof(MethodDescrObject),
    .repr = method_descr_repr,
    .call = classmethod_descr_call,
    .descr_get = classmethod_descr_get,
};

Type method_wrapper_type = {
    .tname = "method-wrapper",
    .flags = TF_ABSTRACT_NEW,   /* made by the runtime only */
    .basicsize = sizeof(BoundMethodObject),
    .repr = mw_repr,
    .hash = mw_hash,
    .richcompare = mw_richcompare,
    .call = method_call,   /* a bound method's call: self first */
};

Type getset_descr_type = {
    .tname = "getset_descriptor",
    .flags = TF_ABSTRACT_NEW,   /* made by the runtime only */
    .basicsize = sizeof(GetSetDescrObject),
    .repr = getset_repr,
    .descr_get = getset_get,
    .descr_set = getset_set,
};

Type cmember_descr_type = {
    .tname = "member_descriptor",
    .flags = TF_ABSTRACT_NEW,   /* made by the runtime only */
    .basicsize = sizeof(GetSetDescrObject),
    .repr = cmember_repr,
    .descr_get = cmember_get,
    .descr_set = cmember_set,
};

Type staticmethod_type = {
    .tname = "staticmethod",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(StaticMethodObject),
    .attrs_offset = offsetof(StaticMethodObject, attrs),
    .repr = sm_repr,
    .call = sm_call,
    .descr_get = sm_get,
    .new_ = sm_new,
    .init = sm_init,
};

Type classmethod_type = {
    .tname = "classmethod",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(ClassMethodObject),
    .attrs_offset = offsetof(ClassMethodObject, attrs),
    .repr = sm_repr,
    .descr_get = cm_get,
    .new_ = sm_new,
    .init = sm_init,
};

Type property_type = {
    .tname = "property",
    .sig = &prop_args,
    .flags = TF_BASETYPE,
    .basicsize = sizeof(PropertyFull),
    .descr_get = prop_get,
    .descr_set = prop_set,
    .new_ = prop_new,
    .init = prop_init,
};

void func_init(void) {
    type_add_getsets(&function_type, function_getsets);
    type_add_members(&function_type, function_members);
    type_ready(&function_type);
    type_add_getsets(&cell_type, cell_getsets);
    type_ready(&cell_type);
    type_add_members(&method_type, method_members);
    type_add_getsets(&method_type, method_getsets);
    type_add_methods(&method_type, method_methods);
    type_ready(&method_type);
    type_add_getsets(&builtin_function_type, builtin_getsets);
    type_add_methods(&builtin_function_type, builtin_methods);
    type_ready(&builtin_function_type);
    type_add_getsets(&method_descr_type, method_descr_getsets);
    type_add_methods(&method_descr_type, method_descr_methods);
    type_ready(&method_descr_type);
    type_add_getsets(&classmethod_descr_type, method_descr_getsets);
    type_ready(&classmethod_descr_type);
    type_add_getsets(&method_wrapper_type, method_wrapper_getsets);
    type_add_methods(&method_wrapper_type, method_wrapper_methods);
    type_ready(&method_wrapper_type);
    type_add_getsets(&getset_descr_type, getset_descr_getsets);
    type_ready(&getset_descr_type);
    type_add_getsets(&staticmethod_type, sm_getsets);
    type_ready(&staticmethod_type);
    type_add_getsets(&classmethod_type, sm_getsets);
    type_ready(&classmethod_type);
    type_add_methods(&property_type, prop_methods);
    type_add_members(&property_type, prop_members);
    type_add_getsets(&property_type, prop_getsets);
    type_ready(&property_type);
}
