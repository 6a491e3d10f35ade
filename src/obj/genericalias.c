/* genericalias.c: types.GenericAlias, what `list[int]` evaluates to, and
 * types.UnionType, what `int | str` evaluates to.
 *
 * An alias records its origin (list) and arguments ((int,)); calling it
 * calls the origin, and its repr spells the subscription. The builtin
 * containers' __class_getitem__ is generic_alias_class_getitem(). Both
 * kinds take part in typing's protocol: their __parameters__ are the
 * type variables among their arguments (objects with __typing_subst__),
 * and subscripting substitutes them. */
#include "../runtime.h"

typedef struct GenericAliasObject {
    Object hdr;
    Value origin;
    Value args;         /* tuple */
    Value parameters;   /* tuple, computed on first use */
    bool starred;       /* *tuple[int]: what iterating an alias gives */
} GenericAliasObject;

Type generic_alias_type;

static Value ga_alloc(Type *t, Value origin, Value args) {
    GenericAliasObject *g = V_AS(GenericAliasObject, instance_new(t));
    g->origin = origin;
    g->args = tuple_check(args) ? args : tuple_pack(1, args);
    return V_FROM_PTR(g);
}

Value generic_alias_new(Value origin, Value args) {
    GenericAliasObject *g = (GenericAliasObject *)obj_alloc(&generic_alias_type, sizeof *g);
    g->origin = origin;
    g->args = tuple_check(args) ? args : tuple_pack(1, args);
    return V_FROM_PTR(g);
}

Value generic_alias_class_getitem(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__class_getitem__", nargs - 1, 1, 1) < 0) return VNULL;
    return generic_alias_new(args[0], args[1]);
}

/* How an argument reads inside the brackets: classes by qualified name,
 * `...` for Ellipsis, else repr. */
static int repr_item(Buf *b, Value v) {
    if (v == V_ELLIPSIS) {
        buf_puts(b, "...");
        return 0;
    }
    /* something like an alias (__origin__ and __args__): its repr */
    Value origin = obj_getattr_opt(v, str_intern_cstr("__origin__"));
    if (!origin && err_occurred()) return -1;
    Value args = origin ? obj_getattr_opt(v, str_intern_cstr("__args__")) : VNULL;
    if (!args && err_occurred()) return -1;
    if (!args) {
        /* something like a class: module.qualname */
        Value qn = obj_getattr_opt(v, NAME(__qualname__));
        if (!qn && err_occurred()) return -1;
        Value mod = qn ? obj_getattr_opt(v, NAME(__module__)) : VNULL;
        if (!mod && err_occurred()) return -1;
        if (qn && mod && mod != V_NONE) {
            Value r = str_check(mod) && str_eq_cstr(mod, "builtins") ? obj_str(qn) : str_printf("%S.%S", mod, qn);
            if (!r) return -1;
            buf_puts(b, str_data(r));
            return 0;
        }
    }
    Value r = obj_repr(v);
    if (!r) return -1;
    buf_puts(b, str_data(r));
    return 0;
}

static Value ga_repr(Value v) {
    GenericAliasObject *g = V_AS(GenericAliasObject, v);
    Buf b;
    buf_init(&b, 32);
    if (g->starred) buf_putc(&b, '*');
    if (repr_item(&b, g->origin) < 0) return VNULL;
    buf_putc(&b, '[');
    int64_t n = tuple_size(g->args);
    if (n == 0) buf_puts(&b, "()");
    for (int64_t i = 0; i < n; i++) {
        if (i) buf_puts(&b, ", ");
        if (repr_item(&b, tuple_get(g->args, i)) < 0) return VNULL;
    }
    buf_putc(&b, ']');
    return str_from_buf(&b);
}

/* __parameters__ of an argument tuple: the type variables in it (objects
   with __typing_subst__) and those of nested aliases, each once */
static Value make_parameters(Value args) {
    Value params = list_new(0);
    for (int64_t i = 0; i < tuple_size(args); i++) {
        Value t = tuple_get(args, i);
        if (type_check(t)) continue;   /* a class's __parameters__ is not its own */
        Value subst = obj_getattr_opt(t, str_intern_cstr("__typing_subst__"));
        if (!subst && err_occurred()) return VNULL;
        Value add = VNULL;
        if (subst) add = tuple_pack(1, t);
        else {
            Value sub = obj_getattr_opt(t, NAME(__parameters__));
            if (!sub && err_occurred()) return VNULL;
            if (sub && tuple_check(sub)) add = sub;
        }
        for (int64_t j = 0; add && j < tuple_size(add); j++) {
            Value p = tuple_get(add, j);
            bool seen = false;
            for (int64_t k = 0; k < list_size(params) && !seen; k++) seen = list_get(params, k) == p;
            if (!seen) list_append(params, p);
        }
    }
    return tuple_from_array(list_items(params), list_size(params));
}

static Value ga_parameters(GenericAliasObject *g) {
    if (!g->parameters) g->parameters = make_parameters(g->args);
    return g->parameters;
}

/* A TypeVarTuple parameter: iterable (CPython tests its type's tp_iter) */
static bool is_typevartuple(Value param) {
    return !type_check(param) && type_lookup(type_of(param), NAME(__iter__)) != VNULL;
}

/* is arg *Ts (an unpacked TypeVarTuple)? -1 on error */
static int is_unpacked_typevartuple(Value arg) {
    if (type_check(arg)) return 0;
    Value r = obj_getattr_opt(arg, str_intern_cstr("__typing_is_unpacked_typevartuple__"));
    if (!r) return err_occurred() ? -1 : 0;
    return obj_truth(r);
}

/* the arguments of *tuple[...] (VNULL without error when arg is not one) */
static Value unpacked_tuple_args(Value arg) {
    if (type_of(arg) == &generic_alias_type) {
        GenericAliasObject *g = V_AS(GenericAliasObject, arg);
        if (g->starred && g->origin == V_FROM_PTR(&tuple_type)) return g->args;
    }
    Value r = obj_getattr_opt(arg, str_intern_cstr("__typing_unpacked_tuple_args__"));
    if (!r || r == V_NONE) return VNULL;
    return r;
}

/* the subscription's items with each *tuple[a, b] of fixed length spliced
   in (a tuple) */
static Value unpack_args(Value item) {
    Value items = tuple_check(item) ? item : tuple_pack(1, item);
    Value out = list_new(tuple_size(items));
    for (int64_t i = 0; i < tuple_size(items); i++) {
        Value x = tuple_get(items, i);
        if (!type_check(x)) {
            Value sub = unpacked_tuple_args(x);
            if (!sub && err_occurred()) return VNULL;
            if (sub && tuple_check(sub) && !(tuple_size(sub) && tuple_get(sub, tuple_size(sub) - 1) == V_ELLIPSIS)) {
                for (int64_t j = 0; j < tuple_size(sub); j++) list_append(out, tuple_get(sub, j));
                continue;
            }
        }
        list_append(out, x);
    }
    return tuple_from_array(list_items(out), list_size(out));
}

static int64_t param_index(Value params, Value p) {
    for (int64_t k = 0; k < tuple_size(params); k++)
        if (tuple_get(params, k) == p) return k;
    return -1;
}

/* obj (an alias among the arguments) with its own parameters replaced */
static Value subs_tvars(Value obj, Value params, Value items) {
    Value sub = obj_getattr_opt(obj, NAME(__parameters__));
    if (!sub) return err_occurred() ? VNULL : obj;
    if (!tuple_check(sub) || tuple_size(sub) == 0) return obj;
    Value subargs = list_new(tuple_size(sub));
    for (int64_t j = 0; j < tuple_size(sub); j++) {
        Value arg = tuple_get(sub, j);
        int64_t k = param_index(params, arg);
        if (k >= 0) {
            Value param = tuple_get(params, k);
            arg = tuple_get(items, k);
            if (is_typevartuple(param) && tuple_check(arg)) {
                for (int64_t m = 0; m < tuple_size(arg); m++) list_append(subargs, tuple_get(arg, m));
                continue;
            }
        }
        list_append(subargs, arg);
    }
    return obj_getitem(obj, tuple_from_array(list_items(subargs), list_size(subargs)));
}

/* alias[item]: each parameter replaced by its argument in args, as
   CPython 3.11's _Py_subs_parameters (typing's protocol:
   __typing_prepare_subst__, __typing_subst__, unpacked tuples and
   TypeVarTuples, nested aliases' own subscription) */
static Value subs_parameters(Value self, Value args, Value params, Value item) {
    int64_t np = tuple_size(params);
    if (np == 0) return err_format(&exc_TypeError, "%R is not a generic class", self);
    Value items = unpack_args(item);
    if (!items) return VNULL;
    for (int64_t i = 0; i < np; i++) {
        Value prep = obj_getattr_opt(tuple_get(params, i), str_intern_cstr("__typing_prepare_subst__"));
        if (!prep && err_occurred()) return VNULL;
        if (prep && prep != V_NONE) {
            Value a[2] = {self, items};
            items = obj_call(prep, a, 2, VNULL);
            if (!items) return VNULL;
            if (!tuple_check(items)) items = tuple_pack(1, items);
        }
    }
    int64_t ni = tuple_size(items);
    if (ni != np)
        return err_format(&exc_TypeError, "Too %s arguments for %R; actual %zd, expected %zd", ni > np ? "many" : "few",
                          self, (ssize_t)ni, (ssize_t)np);
    Value out = list_new(tuple_size(args));
    for (int64_t i = 0; i < tuple_size(args); i++) {
        Value a = tuple_get(args, i);
        if (type_check(a)) {
            list_append(out, a);
            continue;
        }
        int unpack = is_unpacked_typevartuple(a);
        if (unpack < 0) return VNULL;
        Value subst = obj_getattr_opt(a, str_intern_cstr("__typing_subst__"));
        if (!subst && err_occurred()) return VNULL;
        Value r;
        if (subst) {
            int64_t k = param_index(params, a);
            Value x = tuple_get(items, k < 0 ? 0 : k);
            r = obj_call(subst, &x, 1, VNULL);
        } else {
            r = subs_tvars(a, params, items);
        }
        if (!r) return VNULL;
        if (unpack && tuple_check(r)) {
            for (int64_t m = 0; m < tuple_size(r); m++) list_append(out, tuple_get(r, m));
        } else {
            list_append(out, r);
        }
    }
    return tuple_from_array(list_items(out), list_size(out));
}

/* calling an alias calls its origin and records the alias on the result
   (its __orig_class__), when the result takes attributes */
static Value ga_call(Value self, Value *args, size_t nargs, Value kwnames) {
    Value r = obj_call(V_AS(GenericAliasObject, self)->origin, args, nargs, kwnames);
    if (r && obj_setattr(r, str_intern_cstr("__orig_class__"), self) < 0) {
        if (!err_matches(&exc_AttributeError) && !err_matches(&exc_TypeError)) return VNULL;
        err_clear();
    }
    return r;
}

static Value ga_getattr(Value self, Value name) {
    GenericAliasObject *g = V_AS(GenericAliasObject, self);
    if (str_eq_cstr(name, "__origin__")) return g->origin;
    if (str_eq_cstr(name, "__args__")) return g->args;
    if (str_eq_cstr(name, "__parameters__")) return ga_parameters(g);
    if (str_eq_cstr(name, "__unpacked__")) return v_bool(g->starred);
    if (str_eq_cstr(name, "__typing_unpacked_tuple_args__"))
        return g->starred && g->origin == V_FROM_PTR(&tuple_type) ? g->args : V_NONE;
    /* as CPython's ga_getattro: all but these few names are the origin's
       (list[int].append, list[int].__getitem__, dir() through __dict__) */
    static const char *const own[] = {"__class__", "__mro_entries__", "__reduce_ex__", "__reduce__",
                                      "__copy__", "__deepcopy__", NULL};
    for (const char *const *p = own; *p; p++)
        if (str_eq_cstr(name, *p)) {
            Value r = generic_getattr_noerr(self, name);
            if (r || err_occurred()) return r;
            Type *t = type_of(self);
            return err_format(&exc_AttributeError, "'%s' object has no attribute '%U'",
                              t == &generic_alias_type ? "types.GenericAlias" : t->tname, name);
        }
    return obj_getattr(g->origin, name);
}

static Value ga_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || !type_is_subtype(type_of(b), &generic_alias_type)) return V_NOTIMPL;
    GenericAliasObject *x = V_AS(GenericAliasObject, a), *y = V_AS(GenericAliasObject, b);
    int eq = x->origin == y->origin && x->starred == y->starred;
    if (eq) {
        eq = obj_richcompare_bool(x->args, y->args, CMP_EQ);
        if (eq < 0) return VNULL;
    }
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int64_t ga_hash(Value v) {
    GenericAliasObject *g = V_AS(GenericAliasObject, v);
    int64_t h1 = obj_hash(g->origin);
    if (h1 == -1) return -1;
    int64_t h2 = obj_hash(g->args);
    if (h2 == -1) return -1;
    int64_t h = h1 ^ h2;
    return h == -1 ? -2 : h;
}

static Value ga_getitem(Value self, Value key) {
    GenericAliasObject *g = V_AS(GenericAliasObject, self);
    Value params = ga_parameters(g);
    if (!params) return VNULL;
    Value args = subs_parameters(self, g->args, params, key);
    Value r = args ? generic_alias_new(g->origin, args) : VNULL;
    if (r) V_AS(GenericAliasObject, r)->starred = g->starred;
    return r;
}

/* iter(list[int]) gives *list[int] once: what `*tuple[int, ...]` unpacks */
typedef struct GenericAliasIterObject {
    Object hdr;
    Value alias;   /* VNULL once exhausted */
} GenericAliasIterObject;

static Type ga_iter_type;

static Value ga_iter(Value self) {
    GenericAliasIterObject *it = (GenericAliasIterObject *)obj_alloc(&ga_iter_type, sizeof *it);
    it->alias = self;
    return V_FROM_PTR(it);
}

static Value ga_iter_next(Value self) {
    GenericAliasIterObject *it = V_AS(GenericAliasIterObject, self);
    if (!it->alias) return VNULL;   /* StopIteration */
    GenericAliasObject *g = V_AS(GenericAliasObject, it->alias);
    it->alias = VNULL;
    Value star = generic_alias_new(g->origin, g->args);
    V_AS(GenericAliasObject, star)->starred = true;
    return star;
}

static Value ga_iter_self(Value v) { return v; }

static Value ga_iter_reduce(Value *args, size_t nargs, Value kwnames) {
    GenericAliasIterObject *it = V_AS(GenericAliasIterObject, args[0]);
    /* an exhausted one: iter(()) */
    return iter_reduce(it->alias ? it->alias : tuple_new(0), VNULL);
}

static const MethodDef ga_iter_methods[] = {
    {"__reduce__", ga_iter_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type ga_iter_type = {
    .tname = "generic_alias_iterator",
    .basicsize = sizeof(GenericAliasIterObject),
    .iter = ga_iter_self,
    .iternext = ga_iter_next,
};

static Value ga_mro_entries(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return tuple_pack(1, V_AS(GenericAliasObject, args[0])->origin);
}

static Value no_isinstance(Value *args, size_t nargs, Value kwnames) {
    return err_set(&exc_TypeError, "isinstance() argument 2 cannot be a parameterized generic");
}
static Value no_issubclass(Value *args, size_t nargs, Value kwnames) {
    return err_set(&exc_TypeError, "issubclass() argument 2 cannot be a parameterized generic");
}
static Value ga_reduce(Value *args, size_t nargs, Value kwnames) {
    GenericAliasObject *g = V_AS(GenericAliasObject, args[0]);
    if (g->starred) {
        /* next(iter(GenericAlias(origin, args))) */
        Value next = dict_get(tstate.builtins, str_intern_cstr("next"));
        if (!next) return err_occurred() ? VNULL : err_set(&exc_RuntimeError, "lost builtins.next");
        return tuple_pack(2, next, tuple_pack(1, ga_iter(generic_alias_new(g->origin, g->args))));
    }
    return tuple_pack(2, V_FROM_PTR(&generic_alias_type), tuple_pack(2, g->origin, g->args));
}
static Value ga_binop(Value a, Value b, int op) {
    if (BINOP_BASE(op) != BINOP_OR || (op & BINOP_INPLACE)) return V_NOTIMPL;
    return union_or(a, b);
}

static Value ga_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("GenericAlias", kwnames) < 0) return VNULL;   /* subclasses' too (CPython) */
    if (arg_count("GenericAlias", nargs, 2, 2) < 0) return VNULL;
    return ga_alloc(t, args[0], args[1]);
}
static int ga_init(Value self, Value *args, size_t nargs, Value kwnames) { return 0; }

/* dir(alias): the origin's names and the alias's own (CPython's ga_dir) */
static Value ga_dir(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__dir__", nargs - 1, 0, 0) < 0) return VNULL;
    GenericAliasObject *g = V_AS(GenericAliasObject, args[0]);
    Value dir = dict_get_str(tstate.builtins, str_intern_cstr("dir"));   /* builtins.dir(origin) */
    if (!dir) return err_set(&exc_RuntimeError, "lost builtins.dir");
    Value l = obj_call1(dir, g->origin);
    if (!l) return VNULL;
    static const char *const own[] = {"__class__", "__origin__", "__args__", "__unpacked__", "__parameters__",
                                      "__typing_unpacked_tuple_args__", "__mro_entries__", "__reduce_ex__",
                                      "__reduce__", "__copy__", "__deepcopy__", NULL};
    for (const char *const *p = own; *p; p++) {
        Value n = str_from_cstr(*p);
        int c = obj_contains(l, n);
        if (c < 0) return VNULL;
        if (!c) list_append(l, n);
    }
    return l;
}

static const MethodDef ga_methods[] = {
    {"__dir__", ga_dir, 0, NULL},
    {"__mro_entries__", ga_mro_entries, 0, NULL},
    {"__instancecheck__", no_isinstance, 0, NULL},
    {"__subclasscheck__", no_issubclass, 0, NULL},
    {"__reduce__", ga_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Type generic_alias_type = {
    .tname = "GenericAlias",
    .basicsize = sizeof(GenericAliasObject),
    .repr = ga_repr,
    .hash = ga_hash,
    .richcompare = ga_richcompare,
    .getattr = ga_getattr,
    .getitem = ga_getitem,
    .iter = ga_iter,
    .call = ga_call,
    .new_ = ga_new,
    .init = ga_init,
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .binop = ga_binop,
    .binop_mask = 1u << BINOP_OR,
};

/* ---- types.UnionType ------------------------------------------------------------------ */

typedef struct UnionObject {
    Object hdr;
    Value args;         /* tuple: flattened, without repeats, None as NoneType */
    Value parameters;   /* tuple, computed on first use */
} UnionObject;

Type union_type;

/* a GenericAlias, or an instance of a subclass (collections.abc's
   _CallableGenericAlias), as CPython's _PyGenericAlias_Check */
static bool ga_check(Value v) { return v_is_ptr(v) && v && type_is_subtype(type_of(v), &generic_alias_type); }

static bool is_unionable(Value v) {
    return v == V_NONE || type_check(v) || ga_check(v) || type_of(v) == &union_type;
}

static void union_collect(Value list, Value v) {
    if (type_of(v) == &union_type) {
        Value a = V_AS(UnionObject, v)->args;
        for (int64_t i = 0; i < tuple_size(a); i++) list_append(list, tuple_get(a, i));
    } else {
        list_append(list, v == V_NONE ? V_FROM_PTR(&none_type) : v);
    }
}

/* A union of the arguments in list (flattened), or the one argument left
   once repeats go: repeats are the same object, or equal aliases */
static Value union_from_list(Value all) {
    Value uniq = list_new(list_size(all));
    for (int64_t i = 0; i < list_size(all); i++) {
        Value x = list_get(all, i);
        bool dup = false;
        for (int64_t j = 0; j < list_size(uniq) && !dup; j++) {
            Value y = list_get(uniq, j);
            if (ga_check(x) && ga_check(y)) {
                int eq = obj_richcompare_bool(x, y, CMP_EQ);
                if (eq < 0) return VNULL;
                dup = eq;
            } else dup = x == y;
        }
        if (!dup) list_append(uniq, x);
    }
    if (list_size(uniq) == 1) return list_get(uniq, 0);
    UnionObject *u = (UnionObject *)obj_alloc(&union_type, sizeof *u);
    u->args = tuple_from_array(list_items(uniq), list_size(uniq));
    return V_FROM_PTR(u);
}

Value union_or(Value a, Value b) {
    if (!is_unionable(a) || !is_unionable(b)) return V_NOTIMPL;
    Value all = list_new(4);
    union_collect(all, a);
    union_collect(all, b);
    return union_from_list(all);
}

static Value union_repr(Value v) {
    Value args = V_AS(UnionObject, v)->args;
    Buf b;
    buf_init(&b, 32);
    for (int64_t i = 0; i < tuple_size(args); i++) {
        if (i) buf_puts(&b, " | ");
        Value a = tuple_get(args, i);
        if (a == V_FROM_PTR(&none_type)) buf_puts(&b, "None");
        else if (repr_item(&b, a) < 0) return VNULL;
    }
    return str_from_buf(&b);
}

static Value union_args_set(Value u) { return set_from_iterable(V_AS(UnionObject, u)->args); }

static Value union_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || type_of(b) != &union_type) return V_NOTIMPL;
    Value x = union_args_set(a), y = x ? union_args_set(b) : VNULL;
    if (!y) return VNULL;
    return obj_richcompare(x, y, op);
}

static int64_t union_hash(Value v) {
    Value fs = frozenset_new();
    if (set_update(fs, V_AS(UnionObject, v)->args) < 0) return -1;
    return obj_hash(fs);
}

static Value union_getattr(Value self, Value name) {
    UnionObject *u = V_AS(UnionObject, self);
    if (str_eq_cstr(name, "__args__")) return u->args;
    if (str_eq_cstr(name, "__parameters__")) {
        if (!u->parameters) u->parameters = make_parameters(u->args);
        return u->parameters;
    }
    /* as CPython's union_getattro: the class's __module__ (typing reads it) */
    if (str_eq_cstr(name, "__module__")) return obj_getattr(V_FROM_PTR(type_of(self)), name);
    return generic_getattr(self, name);
}

static Value union_getitem(Value self, Value key) {
    UnionObject *u = V_AS(UnionObject, self);
    Value params = union_getattr(self, NAME(__parameters__));
    if (!params) return VNULL;
    Value args = subs_parameters(self, u->args, params, key);
    if (!args) return VNULL;
    /* the new arguments are joined with |, as typing's objects may be */
    Value r = tuple_get(args, 0);
    for (int64_t i = 1; i < tuple_size(args); i++) {
        r = obj_binop(r, tuple_get(args, i), BINOP_OR);
        if (!r) return VNULL;
    }
    return r;
}

static Value union_binop(Value a, Value b, int op) {
    if (BINOP_BASE(op) != BINOP_OR || (op & BINOP_INPLACE)) return V_NOTIMPL;
    return union_or(a, b);
}

/* isinstance(x, int | str): the union's members in order (an alias among
   them raises when reached) */
static Value union_check(Value *args, size_t nargs, bool sub) {
    if (arg_count(sub ? "__subclasscheck__" : "__instancecheck__", nargs - 1, 1, 1) < 0) return VNULL;
    Value uargs = V_AS(UnionObject, args[0])->args;
    for (int64_t i = 0; i < tuple_size(uargs); i++) {
        int r = sub ? obj_issubclass(args[1], tuple_get(uargs, i)) : obj_isinstance(args[1], tuple_get(uargs, i));
        if (r < 0) return VNULL;
        if (r) return V_TRUE;
    }
    return V_FALSE;
}
static Value union_instancecheck(Value *args, size_t nargs, Value kwnames) { return union_check(args, nargs, false); }
static Value union_subclasscheck(Value *args, size_t nargs, Value kwnames) { return union_check(args, nargs, true); }

static const MethodDef union_methods[] = {
    {"__instancecheck__", union_instancecheck, 0, NULL},
    {"__subclasscheck__", union_subclasscheck, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Type union_type = {
    .tname = "UnionType",
    .basicsize = sizeof(UnionObject),
    .repr = union_repr,
    .hash = union_hash,
    .richcompare = union_richcompare,
    .getattr = union_getattr,
    .getitem = union_getitem,
    .binop = union_binop,
    .binop_mask = 1u << BINOP_OR,
    .flags = TF_ABSTRACT_NEW,
};

void generic_alias_init(void) {
    type_add_methods(&union_type, union_methods);
    type_ready(&union_type);
    union_type.module = str_intern_cstr("types");
    type_add_methods(&generic_alias_type, ga_methods);
    type_ready(&generic_alias_type);
    generic_alias_type.module = str_intern_cstr("types");
    type_add_methods(&ga_iter_type, ga_iter_methods);
    type_ready(&ga_iter_type);
}
