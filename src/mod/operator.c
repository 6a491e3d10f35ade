/* operator.c: the operator module (also importable as _operator): the
 * operators as functions, and the itemgetter, attrgetter and methodcaller
 * callables, with CPython 3.11's names, reprs and error messages. */
#include "../runtime.h"
#include "modules.h"

/* ---- functions of one and two arguments --------------------------------------- */

static int one_arg(const char *name, size_t nargs) {
    if (nargs == 1) return 0;
    err_format(&exc_TypeError, "_operator.%s() takes exactly one argument (%zd given)", name, (ssize_t)nargs);
    return -1;
}

static int two_args(const char *name, size_t nargs) { return arg_count(name, nargs, 2, 2); }

#define BINARY(fname, pyname, op)                                         \
    static Value fname(Value *args, size_t nargs, Value kwnames) {       \
        (void)kwnames;                                                    \
        if (two_args(pyname, nargs) < 0) return VNULL;                    \
        return obj_binop(args[0], args[1], op);                           \
    }

BINARY(op_add, "add", BINOP_ADD)
BINARY(op_sub, "sub", BINOP_SUB)
BINARY(op_mul, "mul", BINOP_MUL)
BINARY(op_matmul, "matmul", BINOP_MATMUL)
BINARY(op_truediv, "truediv", BINOP_TRUEDIV)
BINARY(op_floordiv, "floordiv", BINOP_FLOORDIV)
BINARY(op_mod, "mod", BINOP_MOD)
BINARY(op_pow, "pow", BINOP_POW)
BINARY(op_lshift, "lshift", BINOP_LSHIFT)
BINARY(op_rshift, "rshift", BINOP_RSHIFT)
BINARY(op_and, "and_", BINOP_AND)
BINARY(op_or, "or_", BINOP_OR)
BINARY(op_xor, "xor", BINOP_XOR)
BINARY(op_iadd, "iadd", BINOP_ADD | BINOP_INPLACE)
BINARY(op_isub, "isub", BINOP_SUB | BINOP_INPLACE)
BINARY(op_imul, "imul", BINOP_MUL | BINOP_INPLACE)
BINARY(op_imatmul, "imatmul", BINOP_MATMUL | BINOP_INPLACE)
BINARY(op_itruediv, "itruediv", BINOP_TRUEDIV | BINOP_INPLACE)
BINARY(op_ifloordiv, "ifloordiv", BINOP_FLOORDIV | BINOP_INPLACE)
BINARY(op_imod, "imod", BINOP_MOD | BINOP_INPLACE)
BINARY(op_ipow, "ipow", BINOP_POW | BINOP_INPLACE)
BINARY(op_ilshift, "ilshift", BINOP_LSHIFT | BINOP_INPLACE)
BINARY(op_irshift, "irshift", BINOP_RSHIFT | BINOP_INPLACE)
BINARY(op_iand, "iand", BINOP_AND | BINOP_INPLACE)
BINARY(op_ior, "ior", BINOP_OR | BINOP_INPLACE)
BINARY(op_ixor, "ixor", BINOP_XOR | BINOP_INPLACE)

#define COMPARE(fname, pyname, op)                                        \
    static Value fname(Value *args, size_t nargs, Value kwnames) {       \
        (void)kwnames;                                                    \
        if (two_args(pyname, nargs) < 0) return VNULL;                    \
        return obj_richcompare(args[0], args[1], op);                     \
    }

COMPARE(op_lt, "lt", CMP_LT)
COMPARE(op_le, "le", CMP_LE)
COMPARE(op_eq, "eq", CMP_EQ)
COMPARE(op_ne, "ne", CMP_NE)
COMPARE(op_gt, "gt", CMP_GT)
COMPARE(op_ge, "ge", CMP_GE)

#define UNARY(fname, pyname, op)                                          \
    static Value fname(Value *args, size_t nargs, Value kwnames) {       \
        (void)kwnames;                                                    \
        if (one_arg(pyname, nargs) < 0) return VNULL;                     \
        return obj_unop(args[0], op);                                     \
    }

UNARY(op_neg, "neg", UNOP_NEG)
UNARY(op_pos, "pos", UNOP_POS)
UNARY(op_invert, "invert", UNOP_INVERT)
UNARY(op_inv, "inv", UNOP_INVERT)
UNARY(op_abs, "abs", UNOP_ABS)

static Value op_not(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (one_arg("not_", nargs) < 0) return VNULL;
    int r = obj_truth(args[0]);
    return r < 0 ? VNULL : v_bool(!r);
}

static Value op_truth(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (one_arg("truth", nargs) < 0) return VNULL;
    int r = obj_truth(args[0]);
    return r < 0 ? VNULL : v_bool(r);
}

static Value op_index(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (one_arg("index", nargs) < 0) return VNULL;
    return obj_index(args[0]);
}

static Value op_is(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (two_args("is_", nargs) < 0) return VNULL;
    return v_bool(args[0] == args[1]);
}

static Value op_is_not(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (two_args("is_not", nargs) < 0) return VNULL;
    return v_bool(args[0] != args[1]);
}

static bool is_sequence(Value v) {
    if (v_is_int(v) || v_is_smallfloat(v) || dict_check(v)) return false;
    return type_of(v)->getitem != NULL;
}

static Value op_concat(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (two_args("concat", nargs) < 0) return VNULL;
    if (!is_sequence(args[0])) return err_format(&exc_TypeError, "'%T' object can't be concatenated", args[0]);
    return obj_binop(args[0], args[1], BINOP_ADD);
}

static Value op_iconcat(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (two_args("iconcat", nargs) < 0) return VNULL;
    if (!is_sequence(args[0])) return err_format(&exc_TypeError, "'%T' object can't be concatenated", args[0]);
    return obj_binop(args[0], args[1], BINOP_ADD | BINOP_INPLACE);
}

static Value op_contains(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (two_args("contains", nargs) < 0) return VNULL;
    int r = obj_contains(args[0], args[1]);
    return r < 0 ? VNULL : v_bool(r);
}

/* iter(seq) for countOf/indexOf, with their error message */
static Value search_iter(Value seq) {
    Value it = obj_iter(seq);
    if (!it && err_matches(&exc_TypeError)) {
        err_clear();
        err_format(&exc_TypeError, "argument of type '%T' is not iterable", seq);
    }
    return it;
}

static Value op_countof(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (two_args("countOf", nargs) < 0) return VNULL;
    Value it = search_iter(args[0]);
    if (!it) return VNULL;
    int64_t n = 0;
    for (;;) {
        Value x = obj_next(it);
        if (!x) return err_occurred() ? VNULL : int_from_i64(n);
        int eq = obj_eq(x, args[1]);
        if (eq < 0) return VNULL;
        n += eq;
    }
}

static Value op_indexof(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (two_args("indexOf", nargs) < 0) return VNULL;
    Value it = search_iter(args[0]);
    if (!it) return VNULL;
    for (int64_t i = 0;; i++) {
        Value x = obj_next(it);
        if (!x) {
            if (err_occurred()) return VNULL;
            return err_set(&exc_ValueError, "sequence.index(x): x not in sequence");
        }
        int eq = obj_eq(x, args[1]);
        if (eq < 0) return VNULL;
        if (eq) return int_from_i64(i);
    }
}

static Value op_getitem(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (two_args("getitem", nargs) < 0) return VNULL;
    return obj_getitem(args[0], args[1]);
}

static Value op_setitem(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("setitem", nargs, 3, 3) < 0) return VNULL;
    return obj_setitem(args[0], args[1], args[2]) < 0 ? VNULL : V_NONE;
}

static Value op_delitem(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (two_args("delitem", nargs) < 0) return VNULL;
    return obj_delitem(args[0], args[1]) < 0 ? VNULL : V_NONE;
}

static Value op_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("length_hint", nargs, 1, 2) < 0) return VNULL;
    int64_t dflt = 0;
    if (nargs == 2) {
        if (!int_check(args[1]))
            return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", args[1]);
        dflt = int_as_i64(args[1]);
        if (dflt == -1 && err_occurred()) return VNULL;
    }
    return obj_length_hint(args[0], dflt);
}

static Value op_call(Value *args, size_t nargs, Value kwnames) {
    if (nargs < 1) return err_format(&exc_TypeError, "call expected at least 1 argument, got %zd", (ssize_t)nargs);
    return obj_call(args[0], args + 1, nargs - 1, kwnames);
}

/* ---- itemgetter, attrgetter, methodcaller ------------------------------------------ */

static Type itemgetter_type, attrgetter_type, methodcaller_type;

typedef struct GetterObject {
    Object hdr;
    Value items;        /* tuple: keys (itemgetter) or tuples of attribute names */
    Value orig;         /* attrgetter: the names as given, for repr */
} GetterObject;

static Value itemgetter_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("itemgetter", kwnames) < 0) return VNULL;
    if (nargs < 1) return err_set(&exc_TypeError, "itemgetter expected 1 argument, got 0");
    GetterObject *g = (GetterObject *)obj_alloc(t, t->basicsize);
    g->items = tuple_from_array(args, (int64_t)nargs);
    return V_FROM_PTR(g);
}

static Value itemgetter_call(Value self, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("itemgetter", kwnames) < 0) return VNULL;
    if (nargs != 1) return err_format(&exc_TypeError, "itemgetter expected 1 argument, got %zd", (ssize_t)nargs);
    GetterObject *g = V_AS(GetterObject, self);
    Value obj = args[0];
    int64_t n = tuple_size(g->items);
    if (n == 1) {
        Value k = tuple_get(g->items, 0);
        if (v_is_int(k)) {
            int64_t i = v_intval(k);
            if (list_check_exact(obj) && i >= 0 && i < list_size(obj)) return list_get(obj, i);
            if (tuple_check_exact(obj) && i >= 0 && i < tuple_size(obj)) return tuple_get(obj, i);
        }
        return obj_getitem(obj, k);
    }
    Value r = tuple_new(n);
    for (int64_t i = 0; i < n; i++) {
        Value x = obj_getitem(obj, tuple_get(g->items, i));
        if (!x) return VNULL;
        tuple_items(r)[i] = x;
    }
    return r;
}

static Value getter_repr_args(Value self, const char *tname, Value items) {
    int rc = repr_enter(self);
    if (rc < 0) return VNULL;
    if (rc) return str_printf("%s(...)", tname);
    Buf b;
    buf_init(&b, 64);
    buf_puts(&b, tname);
    buf_putc(&b, '(');
    for (int64_t i = 0; i < tuple_size(items); i++) {
        if (i) buf_puts(&b, ", ");
        Value r = obj_repr(tuple_get(items, i));
        if (!r) {
            repr_leave(self);
            return VNULL;
        }
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    buf_putc(&b, ')');
    repr_leave(self);
    return str_from_buf(&b);
}

static Value itemgetter_repr(Value self) {
    return getter_repr_args(self, "operator.itemgetter", V_AS(GetterObject, self)->items);
}

static Value attrgetter_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("attrgetter", kwnames) < 0) return VNULL;
    if (nargs < 1) return err_set(&exc_TypeError, "attrgetter expected 1 argument, got 0");
    Value items = tuple_new((int64_t)nargs);
    for (size_t i = 0; i < nargs; i++) {
        Value name = args[i];
        if (!str_check(name)) return err_set(&exc_TypeError, "attribute name must be a string");
        /* split dotted names */
        const char *s = str_data(name);
        int64_t parts = 1;
        for (const char *p = s; *p; p++) parts += *p == '.';
        Value chain = tuple_new(parts);
        const char *start = s;
        int64_t k = 0;
        for (const char *p = s;; p++) {
            if (*p == '.' || *p == 0) {
                tuple_items(chain)[k++] = str_intern(str_new(start, (size_t)(p - start)));
                if (*p == 0) break;
                start = p + 1;
            }
        }
        tuple_items(items)[i] = chain;
    }
    GetterObject *g = (GetterObject *)obj_alloc(t, t->basicsize);
    g->items = items;
    g->orig = tuple_from_array(args, (int64_t)nargs);
    return V_FROM_PTR(g);
}

static Value attr_chain(Value obj, Value chain) {
    for (int64_t i = 0; i < tuple_size(chain); i++) {
        obj = obj_getattr(obj, tuple_get(chain, i));
        if (!obj) return VNULL;
    }
    return obj;
}

static Value attrgetter_call(Value self, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("attrgetter", kwnames) < 0) return VNULL;
    if (nargs != 1) return err_format(&exc_TypeError, "attrgetter expected 1 argument, got %zd", (ssize_t)nargs);
    GetterObject *g = V_AS(GetterObject, self);
    int64_t n = tuple_size(g->items);
    if (n == 1) return attr_chain(args[0], tuple_get(g->items, 0));
    Value r = tuple_new(n);
    for (int64_t i = 0; i < n; i++) {
        Value x = attr_chain(args[0], tuple_get(g->items, i));
        if (!x) return VNULL;
        tuple_items(r)[i] = x;
    }
    return r;
}

static Value attrgetter_repr(Value self) {
    return getter_repr_args(self, "operator.attrgetter", V_AS(GetterObject, self)->orig);
}

typedef struct MethodCallerObject {
    Object hdr;
    Value name;
    Value args;         /* tuple: positional arguments then keyword values */
    Value kwnames;      /* tuple or VNULL */
    int64_t npos;
} MethodCallerObject;

static Value methodcaller_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (nargs < 1) return err_set(&exc_TypeError, "methodcaller needs at least one argument, the method name");
    if (!str_check(args[0])) return err_set(&exc_TypeError, "method name must be a string");
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    MethodCallerObject *m = (MethodCallerObject *)obj_alloc(t, t->basicsize);
    m->name = str_intern(args[0]);
    m->args = tuple_from_array(args + 1, (int64_t)(nargs - 1 + nkw));
    m->kwnames = nkw ? kwnames : VNULL;
    m->npos = (int64_t)nargs - 1;
    return V_FROM_PTR(m);
}

static Value methodcaller_call(Value self, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("methodcaller", kwnames) < 0) return VNULL;
    if (nargs != 1) return err_format(&exc_TypeError, "methodcaller expected 1 argument, got %zd", (ssize_t)nargs);
    MethodCallerObject *m = V_AS(MethodCallerObject, self);
    Value f = obj_getattr(args[0], m->name);
    if (!f) return VNULL;
    return obj_call(f, tuple_items(m->args), (size_t)m->npos, m->kwnames);
}

static Value methodcaller_repr(Value self) {
    MethodCallerObject *m = V_AS(MethodCallerObject, self);
    int rc = repr_enter(self);
    if (rc < 0) return VNULL;
    if (rc) return str_from_cstr("operator.methodcaller(...)");
    Buf b;
    buf_init(&b, 64);
    buf_puts(&b, "operator.methodcaller(");
    Value r = obj_repr(m->name);
    if (!r) goto fail;
    buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    for (int64_t i = 0; i < tuple_size(m->args); i++) {
        buf_puts(&b, ", ");
        if (i >= m->npos) {
            Value k = tuple_get(m->kwnames, i - m->npos);
            buf_put(&b, str_data(k), (size_t)str_nbytes(k));
            buf_putc(&b, '=');
        }
        r = obj_repr(tuple_get(m->args, i));
        if (!r) goto fail;
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    buf_putc(&b, ')');
    repr_leave(self);
    return str_from_buf(&b);
fail:
    repr_leave(self);
    return VNULL;
}

/* pickling: the constructor and its arguments (methodcaller with keyword
   arguments: functools.partial(methodcaller, name, **kwargs) and the
   positional ones), as CPython's */
static Value getter_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0 || arg_nokw("__reduce__", kwnames) < 0) return VNULL;
    GetterObject *g = V_AS(GetterObject, args[0]);
    Type *t = type_of(args[0]);
    return tuple_pack(2, V_FROM_PTR(t), t == &attrgetter_type || type_is_subtype(t, &attrgetter_type) ? g->orig : g->items);
}

static Value methodcaller_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0 || arg_nokw("__reduce__", kwnames) < 0) return VNULL;
    MethodCallerObject *m = V_AS(MethodCallerObject, args[0]);
    Value t = V_FROM_PTR(type_of(args[0]));
    Value pos = tuple_new(m->npos);
    for (int64_t i = 0; i < m->npos; i++) tuple_items(pos)[i] = tuple_get(m->args, i);
    if (!m->kwnames) {
        Value all = tuple_new(m->npos + 1);
        tuple_items(all)[0] = m->name;
        for (int64_t i = 0; i < m->npos; i++) tuple_items(all)[i + 1] = tuple_get(m->args, i);
        return tuple_pack(2, t, all);
    }
    Value ft = import_name(str_intern_cstr("functools"), VNULL, v_int(0), VNULL);
    Value partial = ft ? obj_getattr_cstr(ft, "partial") : VNULL;
    if (!partial) return VNULL;
    int64_t nkw = tuple_size(m->kwnames);
    Value *pa = gc_alloc(sizeof(Value) * (size_t)(2 + nkw));
    pa[0] = t;
    pa[1] = m->name;
    for (int64_t i = 0; i < nkw; i++) pa[2 + i] = tuple_get(m->args, m->npos + i);
    Value ctor = obj_call(partial, pa, 2, m->kwnames);
    return ctor ? tuple_pack(2, ctor, pos) : VNULL;
}

static const MethodDef getter_methods[] = {
    {"__reduce__", getter_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef methodcaller_methods[] = {
    {"__reduce__", methodcaller_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type itemgetter_type = {
    .tname = "operator.itemgetter",
    .basicsize = sizeof(GetterObject),
    .repr = itemgetter_repr,
    .call = itemgetter_call,
    .new_ = itemgetter_new,
};

static Type attrgetter_type = {
    .tname = "operator.attrgetter",
    .basicsize = sizeof(GetterObject),
    .repr = attrgetter_repr,
    .call = attrgetter_call,
    .new_ = attrgetter_new,
};

static Type methodcaller_type = {
    .tname = "operator.methodcaller",
    .basicsize = sizeof(MethodCallerObject),
    .repr = methodcaller_repr,
    .call = methodcaller_call,
    .new_ = methodcaller_new,
};

/* ---- the module ------------------------------------------------------------------- */

#define OPS(_)                                                  \
    _("abs", op_abs) _("add", op_add) _("and_", op_and)         \
    _("concat", op_concat) _("contains", op_contains)           \
    _("countOf", op_countof) _("delitem", op_delitem)           \
    _("eq", op_eq) _("floordiv", op_floordiv) _("ge", op_ge)    \
    _("getitem", op_getitem) _("gt", op_gt) _("iadd", op_iadd)  \
    _("iand", op_iand) _("iconcat", op_iconcat)                 \
    _("ifloordiv", op_ifloordiv) _("ilshift", op_ilshift)       \
    _("imatmul", op_imatmul) _("imod", op_imod)                 \
    _("imul", op_imul) _("index", op_index)                     \
    _("indexOf", op_indexof) _("inv", op_inv)                   \
    _("invert", op_invert) _("ior", op_ior) _("ipow", op_ipow)  \
    _("irshift", op_irshift) _("is_", op_is)                    \
    _("is_not", op_is_not) _("isub", op_isub)                   \
    _("itruediv", op_itruediv) _("ixor", op_ixor) _("le", op_le)\
    _("lshift", op_lshift) _("lt", op_lt) _("matmul", op_matmul)\
    _("mod", op_mod) _("mul", op_mul) _("ne", op_ne)            \
    _("neg", op_neg) _("not_", op_not) _("or_", op_or)          \
    _("pos", op_pos) _("pow", op_pow) _("rshift", op_rshift)    \
    _("setitem", op_setitem) _("sub", op_sub)                   \
    _("truediv", op_truediv) _("truth", op_truth)               \
    _("xor", op_xor)

static const MethodDef operator_functions[] = {
    {"_compare_digest", hashlib_compare_digest, MF_KEYWORDS, NULL},
#define OP_DEF(name, fn) {name, fn, 0, NULL},
    OPS(OP_DEF)
#undef OP_DEF
    {"length_hint", op_length_hint, 0, NULL},
    {"call", op_call, MF_KEYWORDS, NULL},
    {"_abs", op_abs, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* dunder aliases: operator.__add__ is operator.add, and so on */
static const char *const dunder_aliases[][2] = {
    {"__abs__", "abs"}, {"__add__", "add"}, {"__and__", "and_"}, {"__concat__", "concat"},
    {"__contains__", "contains"}, {"__delitem__", "delitem"}, {"__eq__", "eq"},
    {"__floordiv__", "floordiv"}, {"__ge__", "ge"}, {"__getitem__", "getitem"}, {"__gt__", "gt"},
    {"__iadd__", "iadd"}, {"__iand__", "iand"}, {"__iconcat__", "iconcat"},
    {"__ifloordiv__", "ifloordiv"}, {"__ilshift__", "ilshift"}, {"__imatmul__", "imatmul"},
    {"__imod__", "imod"}, {"__imul__", "imul"}, {"__index__", "index"}, {"__inv__", "inv"},
    {"__invert__", "invert"}, {"__ior__", "ior"}, {"__ipow__", "ipow"}, {"__irshift__", "irshift"},
    {"__isub__", "isub"}, {"__itruediv__", "itruediv"}, {"__ixor__", "ixor"}, {"__le__", "le"},
    {"__lshift__", "lshift"}, {"__lt__", "lt"}, {"__matmul__", "matmul"}, {"__mod__", "mod"},
    {"__mul__", "mul"}, {"__ne__", "ne"}, {"__neg__", "neg"}, {"__not__", "not_"}, {"__or__", "or_"},
    {"__pos__", "pos"}, {"__pow__", "pow"}, {"__rshift__", "rshift"}, {"__setitem__", "setitem"},
    {"__sub__", "sub"}, {"__truediv__", "truediv"}, {"__xor__", "xor"}, {"__call__", "call"},
};

static Value make_operator_module(const char *name) {
    if (!(itemgetter_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("operator");
        itemgetter_type.module = attrgetter_type.module = methodcaller_type.module = mod;
        itemgetter_type.name = str_intern_cstr("itemgetter");
        attrgetter_type.name = str_intern_cstr("attrgetter");
        methodcaller_type.name = str_intern_cstr("methodcaller");
        type_add_methods(&itemgetter_type, getter_methods);
        type_add_methods(&attrgetter_type, getter_methods);
        type_add_methods(&methodcaller_type, methodcaller_methods);
        type_ready(&itemgetter_type);
        type_ready(&attrgetter_type);
        type_ready(&methodcaller_type);
    }
    Value m = module_new_cstr(name);
    module_add_functions(m, operator_functions);
    for (size_t i = 0; i < sizeof dunder_aliases / sizeof dunder_aliases[0]; i++)
        module_add(m, dunder_aliases[i][0], dict_get_cstr(module_dict(m), dunder_aliases[i][1]));
    module_add(m, "itemgetter", V_FROM_PTR(&itemgetter_type));
    module_add(m, "attrgetter", V_FROM_PTR(&attrgetter_type));
    module_add(m, "methodcaller", V_FROM_PTR(&methodcaller_type));
    return m;
}

/* `operator` is the standard library's operator.py, which takes these
   functions (`from _operator import *`), as CPython's */
Value _operator_module_create(void) { return make_operator_module("_operator"); }
