/* _contextvars.c: context variables (PEP 567), the module under
 * contextvars.py, used by decimal and asyncio.
 *
 * A Context is an immutable mapping from ContextVar to value; setting a
 * variable replaces the running context's mapping by a copy with the new
 * binding (CPython shares structure with a HAMT; contexts here are small,
 * and a copy keeps the same semantics). Each thread runs in its own
 * context (tstate.context), made on first use.
 */
#include "../runtime.h"
#include "modules.h"

typedef struct ContextObject {
    Object hdr;
    Value vars;        /* dict ContextVar -> value; never mutated once shared */
    Value prev;        /* the context that was current when this one was entered */
    bool entered;
} ContextObject;

typedef struct ContextVarObject {
    Object hdr;
    Value name;
    Value deflt;       /* VNULL: none */
} ContextVarObject;

typedef struct TokenObject {
    Object hdr;
    Value ctx, var, old;   /* old: VNULL for Token.MISSING */
    bool used;
} TokenObject;

static Type context_type, contextvar_type, token_type, missing_type;
static Value token_missing;

static Value context_alloc(Value vars) {
    ContextObject *c = (ContextObject *)obj_alloc(&context_type, sizeof *c);
    c->vars = vars;
    return V_FROM_PTR(c);
}

static Value current_context(void) {
    if (!tstate.context) tstate.context = context_alloc(dict_new());
    return tstate.context;
}

/* ---- Context ------------------------------------------------------------------------------ */

static Value context_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (nargs || (kwnames && tuple_size(kwnames))) return err_set(&exc_TypeError, "Context() does not accept any arguments");
    return context_alloc(dict_new());
}

static Value context_run(Value *args, size_t nargs, Value kwnames) {
    if (nargs < 2) return err_set(&exc_TypeError, "run() missing 1 required positional argument");
    ContextObject *c = V_AS(ContextObject, args[0]);
    if (c->entered) return err_format(&exc_RuntimeError, "cannot enter context: %R is already entered", args[0]);
    c->prev = current_context();
    c->entered = true;
    tstate.context = args[0];
    Value r = obj_call(args[1], args + 2, nargs - 2, kwnames);
    tstate.context = c->prev;
    c->prev = VNULL;
    c->entered = false;
    return r;
}

static Value context_copy(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("copy", nargs - 1, 0, 0) < 0) return VNULL;
    return context_alloc(V_AS(ContextObject, args[0])->vars);
}

static int check_var(Value key) {
    if (v_is_ptr(key) && key && V_OBJ(key)->type == &contextvar_type) return 0;
    err_format(&exc_TypeError, "a ContextVar key was expected, got %R", key);
    return -1;
}

static Value context_getitem(Value self, Value key) {
    if (check_var(key) < 0) return VNULL;
    Value v = dict_get(V_AS(ContextObject, self)->vars, key);
    return v ? v : err_key(key);
}

static const ArgSpec context_get_spec = {"get", 2, 1, 0, {"key", "default=None", NULL}};
static Value context_get(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&context_get_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (check_var(a[0]) < 0) return VNULL;
    Value v = dict_get(V_AS(ContextObject, args[0])->vars, a[0]);
    return v ? v : a[1] ? a[1] : V_NONE;
}

static int context_contains(Value self, Value key) {
    if (check_var(key) < 0) return -1;
    return dict_get(V_AS(ContextObject, self)->vars, key) != VNULL;
}

static int64_t context_len(Value self) { return dict_size(V_AS(ContextObject, self)->vars); }
static Value context_iter(Value self) { return obj_iter(V_AS(ContextObject, self)->vars); }

static Value context_view(Value self, const char *what) {
    return obj_call_method(V_AS(ContextObject, self)->vars, what, NULL, 0);
}
static Value context_keys(Value *args, size_t nargs, Value kwnames) { return context_view(args[0], "keys"); }
static Value context_values(Value *args, size_t nargs, Value kwnames) { return context_view(args[0], "values"); }
static Value context_items(Value *args, size_t nargs, Value kwnames) { return context_view(args[0], "items"); }

static Value context_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || type_of(b) != &context_type) return V_NOTIMPL;
    return obj_richcompare(V_AS(ContextObject, a)->vars, V_AS(ContextObject, b)->vars, op);
}

static const MethodDef context_methods[] = {
    {"run", context_run, MF_KEYWORDS, NULL},
    {"copy", context_copy, 0, NULL},
    {"get", context_get, MF_KEYWORDS, NULL, &context_get_spec},
    {"keys", context_keys, 0, NULL},
    {"values", context_values, 0, NULL},
    {"items", context_items, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type context_type = {
    .tname = "Context",
    .basicsize = sizeof(ContextObject),
    .richcompare = context_richcompare,
    .getitem = context_getitem,
    .contains = context_contains,
    .len = context_len,
    .iter = context_iter,
    .new_ = context_new,
};

/* ---- ContextVar --------------------------------------------------------------------------- */

static Value var_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    /* name is positional-only, as CPython's kwlist {"", "default"} */
    static const ArgSpec spec = {"ContextVar", 1, 1, 1, {"name", "default", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_set(&exc_TypeError, "context variable name must be a str");
    ContextVarObject *v = (ContextVarObject *)obj_alloc(&contextvar_type, sizeof *v);
    v->name = a[0];
    v->deflt = a[1];
    return V_FROM_PTR(v);
}

static Value var_get(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("get", kwnames) < 0 || arg_count("get", nargs - 1, 0, 1) < 0) return VNULL;
    ContextVarObject *v = V_AS(ContextVarObject, args[0]);
    Value r = dict_get(V_AS(ContextObject, current_context())->vars, args[0]);
    if (r) return r;
    if (nargs == 2) return args[1];
    if (v->deflt) return v->deflt;
    return err_set_value(&exc_LookupError, args[0]);
}

/* the running context gets a new mapping: contexts that share the old one
   (copies) keep it */
static void context_bind(Value var, Value value) {
    ContextObject *c = V_AS(ContextObject, current_context());
    Value d = dict_copy(c->vars);
    if (value) dict_set(d, var, value);
    else dict_del(d, var);
    c->vars = d;
}

static Value var_set(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("set", kwnames) < 0 || arg_count("set", nargs - 1, 1, 1) < 0) return VNULL;
    Value ctx = current_context();
    TokenObject *t = (TokenObject *)obj_alloc(&token_type, sizeof *t);
    t->ctx = ctx;
    t->var = args[0];
    t->old = dict_get(V_AS(ContextObject, ctx)->vars, args[0]);
    context_bind(args[0], args[1]);
    return V_FROM_PTR(t);
}

static Value var_reset(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("reset", kwnames) < 0 || arg_count("reset", nargs - 1, 1, 1) < 0) return VNULL;
    Value tok = args[1];
    if (!v_is_ptr(tok) || !tok || V_OBJ(tok)->type != &token_type)
        return err_format(&exc_TypeError, "expected an instance of Token, got %R", tok);
    TokenObject *t = V_AS(TokenObject, tok);
    if (t->used) return err_format(&exc_RuntimeError, "%R has already been used once", tok);
    if (t->var != args[0]) return err_format(&exc_ValueError, "%R was created by a different ContextVar", tok);
    if (t->ctx != current_context()) return err_format(&exc_ValueError, "%R was created in a different Context", tok);
    t->used = true;
    context_bind(args[0], t->old);
    return V_NONE;
}

static Value var_repr(Value self) {
    ContextVarObject *v = V_AS(ContextVarObject, self);
    Value nr = obj_repr(v->name);
    if (!nr) return VNULL;
    if (v->deflt) {
        Value dr = obj_repr(v->deflt);
        if (!dr) return VNULL;
        return str_printf("<ContextVar name=%U default=%U at %p>", nr, dr, (void *)V_OBJ(self));
    }
    return str_printf("<ContextVar name=%U at %p>", nr, (void *)V_OBJ(self));
}

static Value var_get_name(Value self) { return V_AS(ContextVarObject, self)->name; }

static const MethodDef var_methods[] = {
    {"get", var_get, 0, NULL},
    {"set", var_set, 0, NULL},
    {"reset", var_reset, 0, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef var_getsets[] = {
    {"name", var_get_name, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type contextvar_type = {
    .tname = "ContextVar",
    .basicsize = sizeof(ContextVarObject),
    .repr = var_repr,
    .new_ = var_new,
};

/* ---- Token ---------------------------------------------------------------------------------- */

static Value token_repr(Value self) {
    TokenObject *t = V_AS(TokenObject, self);
    Value vr = obj_repr(t->var);
    if (!vr) return VNULL;
    return str_printf("<Token%s var=%U at %p>", t->used ? " used" : "", vr, (void *)V_OBJ(self));
}
static Value token_get_var(Value self) { return V_AS(TokenObject, self)->var; }
static Value token_get_old(Value self) {
    Value o = V_AS(TokenObject, self)->old;
    return o ? o : token_missing;
}
static Value token_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return err_set(&exc_RuntimeError, "Tokens can only be created by ContextVars");
}

static const GetSetDef token_getsets[] = {
    {"var", token_get_var, NULL, NULL},
    {"old_value", token_get_old, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};
static const MethodDef token_methods[] = {
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

static Type token_type = {
    .tname = "Token",
    .basicsize = sizeof(TokenObject),
    .repr = token_repr,
    .new_ = token_new,
};

static Value missing_repr(Value self) { return str_from_cstr("<Token.MISSING>"); }
static Type missing_type = {.tname = "Token.MISSING", .basicsize = sizeof(Object), .repr = missing_repr};

/* ---- the module ---------------------------------------------------------------------------- */

static const ArgSpec cv_copy_context_spec = {"copy_context", 0, 0, 0, {NULL}};
static Value cv_copy_context(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&cv_copy_context_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return context_alloc(V_AS(ContextObject, current_context())->vars);
}

static const MethodDef contextvars_functions[] = {
    {"copy_context", cv_copy_context, 0, NULL, &cv_copy_context_spec},
    {NULL, NULL, 0, NULL},
};

Value _contextvars_module_create(void) {
    static bool ready;
    if (!ready) {
        ready = true;
        type_add_methods(&context_type, context_methods);
        type_ready(&context_type);
        type_add_methods(&contextvar_type, var_methods);
        type_add_getsets(&contextvar_type, var_getsets);
        type_ready(&contextvar_type);
        type_add_methods(&token_type, token_methods);
        type_add_getsets(&token_type, token_getsets);
        type_ready(&token_type);
        type_ready(&missing_type);
        token_missing = V_FROM_PTR(obj_alloc(&missing_type, sizeof(Object)));
        dict_set_cstr(token_type.dict, "MISSING", token_missing);
        Type *ts[] = {&context_type, &contextvar_type, &token_type};
        for (int i = 0; i < 3; i++) ts[i]->module = str_intern_cstr("_contextvars");
    }
    Value m = module_new_cstr("_contextvars");
    module_add_functions(m, contextvars_functions);
    module_add(m, "Context", V_FROM_PTR(&context_type));
    module_add(m, "ContextVar", V_FROM_PTR(&contextvar_type));
    module_add(m, "Token", V_FROM_PTR(&token_type));
    return m;
}
