/* module.c: module objects. */
#include "../runtime.h"
#include "../mod/modules.h"

Type module_type;

Value module_new(Value name) {
    ModuleObject *m = (ModuleObject *)obj_alloc(&module_type, sizeof *m);
    m->name = name;
    m->dict = dict_new();
    V_AS(DictObject, m->dict)->cells = true;
    dict_set(m->dict, NAME(__name__), name);
    dict_set(m->dict, NAME(__doc__), V_NONE);
    dict_set(m->dict, str_intern_cstr("__package__"), V_NONE);
    dict_set(m->dict, str_intern_cstr("__loader__"), V_NONE);
    dict_set(m->dict, str_intern_cstr("__spec__"), V_NONE);
    return V_FROM_PTR(m);
}

Value module_new_cstr(const char *name) { return module_new(str_intern_cstr(name)); }

int module_add(Value m, const char *name, Value v) { return dict_set(module_dict(m), str_intern_cstr(name), v); }

void module_add_functions(Value m, const MethodDef *defs) {
    Value modname = V_AS(ModuleObject, m)->name;
    for (; defs->name; defs++) module_add(m, defs->name, builtin_function_new(defs, VNULL, modname));
}

static Value module_repr(Value v) { return import_module_repr(v); }

static Value module_getattr(Value v, Value name) {
    ModuleObject *m = V_AS(ModuleObject, v);
    Value r = dict_get_str(m->dict, name);
    if (r) return r;
    if (str_eq_cstr(name, "__dict__")) {
        /* a subclass's own __dict__ attribute shadows the namespace */
        if (type_of(v) != &module_type && type_lookup(type_of(v), name)) return generic_getattr_noerr(v, name);
        return m->dict;
    }
    if (name == NAME(__annotations__)) {
        /* made on first use, as CPython 3.10+ */
        r = dict_new();
        dict_set(m->dict, name, r);
        return r;
    }
    r = generic_getattr_noerr(v, name);
    if (r || err_occurred()) return r;
    Value ga = dict_get_str(m->dict, NAME(__getattr__));
    if (ga) return obj_call1(ga, name);
    if (m->initializing)
        return err_format(&exc_AttributeError,
                          "partially initialized module '%U' has no attribute '%U' (most likely due to a circular import)",
                          m->name, name);
    return err_format(&exc_AttributeError, "module '%U' has no attribute '%U'", m->name, name);
}

static int module_setattr(Value v, Value name, Value x) {
    ModuleObject *m = V_AS(ModuleObject, v);
    if (x) return dict_set(m->dict, name, x);
    int r = dict_del(m->dict, name);
    if (r == 0) {
        err_format(&exc_AttributeError, "module '%U' has no attribute '%U'", m->name, name);
        return -1;
    }
    return r < 0 ? -1 : 0;
}

static Value module_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs < 1 || !str_check(args[0])) return err_set(&exc_TypeError, "module() argument 'name' must be str");
    Value m = module_new(str_intern(args[0]));
    if (t != &module_type) {
        /* a subclass (lazy loaders: pygments.lexers): same layout, its type */
        ModuleObject *sub = (ModuleObject *)obj_alloc(t, t->basicsize > sizeof(ModuleObject) ? t->basicsize
                                                                                             : sizeof(ModuleObject));
        sub->name = V_AS(ModuleObject, m)->name;
        sub->dict = V_AS(ModuleObject, m)->dict;
        m = V_FROM_PTR(sub);
    }
    if (nargs > 1) dict_set(V_AS(ModuleObject, m)->dict, NAME(__doc__), args[1]);
    return m;
}

/* module.__dir__: the names of __dict__ as an attribute (a subclass may
 * shadow it), or what a module-level __dir__ function returns (PEP 562) */
static Value module_dir_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__dir__", nargs - 1, 0, 0) < 0) return VNULL;
    Value d = obj_getattr(args[0], NAME(__dict__));
    if (!d) return VNULL;
    if (!dict_check(d)) return err_set(&exc_TypeError, "<module>.__dict__ is not a dictionary");
    Value fn = dict_get_str(d, NAME(__dir__));
    if (fn) return obj_call(fn, NULL, 0, VNULL);
    return dict_keys_list(d);
}

/* a descriptor too, as CPython's member: inspect.getattr_static reads it
   through object.__getattribute__ */
static Value module_get_dict_attr(Value v) { return V_AS(ModuleObject, v)->dict; }

static const GetSetDef module_getsets[] = {
    {"__dict__", module_get_dict_attr, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef module_methods[] = {
    {"__dir__", module_dir_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Type module_type = {
    .tname = "module",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(ModuleObject),
    .repr = module_repr,
    .getattr = module_getattr,
    .setattr = module_setattr,
    .new_ = module_new_slot,
};

void module_init(void) {
    type_add_methods(&module_type, module_methods);
    type_add_getsets(&module_type, module_getsets);
    type_ready(&module_type);
}
