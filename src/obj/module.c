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

/* m's name for messages: its __name__ (an uninitialized module has none) */
static Value module_name_for_error(ModuleObject *m) {
    Value n = dict_get_str(m->dict, NAME(__name__));
    return n && str_check(n) ? n : VNULL;
}

/* m's code is running: tpy's importer's flag, or importlib's
 * (spec._initializing), as CPython's _PyModuleSpec_IsInitializing */
static bool module_importing(ModuleObject *m) {
    if (m->initializing) return true;
    Value spec = dict_get_str(m->dict, NAME(__spec__));
    Value flag = spec && spec != V_NONE ? obj_getattr_opt(spec, str_intern_cstr("_initializing")) : VNULL;
    bool r = flag && obj_truth(flag) > 0;
    err_clear();
    return r;
}

/* Submodule `name` of m (named mn) is being imported: by tpy's importer
 * (sys.modules has it, its code running) or by importlib (the spec's
 * _uninitialized_submodules, CPython's _PyModuleSpec_IsUninitializedSubmodule) */
static bool submodule_importing(ModuleObject *m, Value mn, Value name) {
    Value sub = tstate.sys_modules ? dict_get(tstate.sys_modules, str_printf("%U.%U", mn, name)) : VNULL;
    if (sub && module_check(sub) && V_AS(ModuleObject, sub)->initializing) return true;
    Value spec = dict_get_str(m->dict, NAME(__spec__));
    Value subs = spec && spec != V_NONE ? obj_getattr_opt(spec, str_intern_cstr("_uninitialized_submodules")) : VNULL;
    bool r = subs && obj_contains(subs, name) > 0;
    err_clear();
    return r;
}

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
    Value mn = module_name_for_error(m);
    if (!mn) return err_format(&exc_AttributeError, "module has no attribute '%U'", name);
    if (module_importing(m))
        return err_format(&exc_AttributeError,
                          "partially initialized module '%U' has no attribute '%U' (most likely due to a circular import)",
                          mn, name);
    if (submodule_importing(m, mn, name))
        return err_format(&exc_AttributeError,
                          "cannot access submodule '%U' of module '%U' (most likely due to a circular import)", name, mn);
    return err_format(&exc_AttributeError, "module '%U' has no attribute '%U'", mn, name);
}

static int module_setattr(Value v, Value name, Value x) {
    ModuleObject *m = V_AS(ModuleObject, v);
    /* the type's data descriptors first (__class__), as CPython's generic
       setattr; __dict__ is a read-only member there */
    Value d = type_lookup(type_of(v), name);
    if (d && v_is_ptr(d) && type_of(d)->descr_set) return type_of(d)->descr_set(d, v, x);
    if (name == NAME(__dict__)) {
        err_set(&exc_AttributeError, "readonly attribute");
        return -1;
    }
    if (x) return dict_set(m->dict, name, x);
    int r = dict_del(m->dict, name);
    if (r == 0) {
        Value mn = module_name_for_error(m);
        if (mn) err_format(&exc_AttributeError, "module '%U' has no attribute '%U'", mn, name);
        else err_format(&exc_AttributeError, "module has no attribute '%U'", name);
        return -1;
    }
    return r < 0 ? -1 : 0;
}

/* module.__new__(t): an empty namespace, no name yet (__init__ gives it) */
static Value module_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    ModuleObject *m = (ModuleObject *)obj_alloc(t, t->basicsize > sizeof(ModuleObject) ? t->basicsize
                                                                                     : sizeof(ModuleObject));
    m->dict = dict_new();
    V_AS(DictObject, m->dict)->cells = true;
    return V_FROM_PTR(m);
}

/* module(name, doc=None) */
static int module_init_slot(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"module", 0, 1, 0, {"name", "doc", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    if (!str_check(a[0])) {
        err_format(&exc_TypeError, "module() argument 'name' must be str, not %T", a[0]);
        return -1;
    }
    ModuleObject *m = V_AS(ModuleObject, self);
    m->name = str_intern(a[0]);
    Value d = m->dict;
    if (dict_set(d, NAME(__name__), m->name) < 0 || dict_set(d, NAME(__doc__), a[1] ? a[1] : V_NONE) < 0 ||
        dict_set(d, str_intern_cstr("__package__"), V_NONE) < 0 ||
        dict_set(d, str_intern_cstr("__loader__"), V_NONE) < 0 || dict_set(d, str_intern_cstr("__spec__"), V_NONE) < 0)
        return -1;
    return 0;
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

/* a read-only member, as CPython's: inspect.getattr_static reads it
   through object.__getattribute__ */
static Value module_get_dict_attr(Value v) { return V_AS(ModuleObject, v)->dict; }

static const GetSetDef module_members[] = {
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
    .init = module_init_slot,
};

void module_init(void) {
    type_add_methods(&module_type, module_methods);
    type_add_members(&module_type, module_members);
    type_ready(&module_type);
}
