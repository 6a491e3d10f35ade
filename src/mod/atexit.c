/* atexit.c: the atexit module: functions to call at interpreter exit.
 *
 * As CPython's: callbacks run last registered first, after the main
 * module ends and before the streams are flushed (main.c calls
 * atexit_run_exitfuncs); an exception from one is reported as "Exception
 * ignored in atexit callback: <func>" with its traceback, SystemExit
 * included, and the others still run. unregister() leaves a hole in the
 * table (so _ncallbacks() still counts it) until the table is cleared. */
#include "../runtime.h"
#include "modules.h"

/* a list of (func, args tuple, kwargs dict or None) tuples; None: removed */
static Value callbacks;

static Value callback_list(void) {
    if (!callbacks) callbacks = list_new(4);
    return callbacks;
}

/* Empty the table in place (a run in progress sees it empty). */
static void clear_list(Value l) {
    ListObject *o = V_AS(ListObject, l);
    list_generic(o);
    for (int64_t i = 0; i < o->size; i++) o->items[i] = VNULL;
    o->size = 0;
}

/* Run the callbacks present now, newest first, then forget them all
 * (those registered meanwhile included). Never leaves an exception set. */
static void run_exitfuncs(void) {
    Value l = callback_list();
    for (int64_t i = list_size(l) - 1; i >= 0; i--) {
        /* the table may shrink under us (a callback calling _clear) */
        if (i >= list_size(l)) continue;
        Value cb = list_get(l, i);
        if (cb == V_NONE) continue;
        Value func = tuple_get(cb, 0);
        Value kwargs = tuple_get(cb, 2);
        Value r = obj_call_tuple_dict(func, tuple_get(cb, 1), kwargs == V_NONE ? VNULL : kwargs);
        if (!r) err_write_unraisable_msg_obj(err_fetch(), "in atexit callback", func);
    }
    clear_list(l);
}

void atexit_run_exitfuncs(void) {
    if (callbacks) run_exitfuncs();
}

static Value ae_register(Value *args, size_t nargs, Value kwnames) {
    /* register(func, *args, **kwargs): arg_parse has no *args, so the
       count and the first argument are checked here */
    if (nargs < 1) return err_format(&exc_TypeError, "register() takes at least 1 argument (0 given)");
    Value func = args[0];
    if (!type_of(func)->call) return err_set(&exc_TypeError, "the first argument must be callable");
    Value kw = V_NONE;
    int64_t nkw = kwnames ? tuple_size(kwnames) : 0;
    if (nkw) {
        kw = dict_new();
        for (int64_t k = 0; k < nkw; k++)
            if (dict_set(kw, tuple_get(kwnames, k), args[nargs + (size_t)k]) < 0) return VNULL;
    }
    Value cb = tuple_pack(3, func, tuple_from_array(args + 1, (int64_t)nargs - 1), kw);
    if (list_push(callback_list(), cb) < 0) return VNULL;
    return func;
}

static Value ae_unregister(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"atexit.unregister", 1, 1, 0, {"func", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value l = callback_list();
    for (int64_t i = 0; i < list_size(l); i++) {
        Value cb = list_get(l, i);
        if (cb == V_NONE) continue;
        int eq = obj_eq(tuple_get(cb, 0), a[0]);
        if (eq < 0) return VNULL;
        /* the comparison may have changed the table */
        if (eq && i < list_size(l) && list_get(l, i) == cb) list_items(l)[i] = V_NONE;
    }
    return V_NONE;
}

static Value ae_run_exitfuncs(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"atexit._run_exitfuncs", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    run_exitfuncs();
    return V_NONE;
}

static Value ae_clear(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"atexit._clear", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    clear_list(callback_list());
    return V_NONE;
}

static Value ae_ncallbacks(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"atexit._ncallbacks", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return v_int(list_size(callback_list()));
}

static const MethodDef atexit_functions[] = {
    {"register", ae_register, MF_KEYWORDS, NULL},
    {"unregister", ae_unregister, MF_KEYWORDS, NULL},
    {"_run_exitfuncs", ae_run_exitfuncs, MF_KEYWORDS, NULL},
    {"_clear", ae_clear, MF_KEYWORDS, NULL},
    {"_ncallbacks", ae_ncallbacks, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value atexit_module_create(void) {
    Value m = module_new_cstr("atexit");
    module_add_functions(m, atexit_functions);
    return m;
}
