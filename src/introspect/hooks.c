/* hooks.c: the safety contract of hooks (hooks.h). */
#include "hooks.h"

#include <string.h>

#include "../runtime.h"
#include "../vm/traceback.h"

/* mod/sys.c */
extern Value sys_module;
void sys_flush_all(void);
void sys_write_stderr(const char *s, size_t n);

static bool in_hook;

bool hook_running(void) { return in_hook; }

bool hook_enter(HookScope *s) {
    if (in_hook) return false;
    in_hook = true;
    s->saved_exc = err_fetch();
    /* normally no recording runs here (events come after it ended); if one
       does, it blocks new traces, and code the hook runs executes in a
       deeper C activation than the recorder's, so it is not recorded */
    s->saved_rec = jit.rec;
    return true;
}

void hook_leave(HookScope *s) {
    /* a trace the hook's code started and left (its frame is gone) */
    if (jit.rec && jit.rec != s->saved_rec) jit_abort(ABORT_ESCAPE);
    if (err_occurred()) err_clear();
    if (s->saved_exc) err_restore(s->saved_exc);
    in_hook = false;
}

/* ---- unraisable exceptions ---------------------------------------------------------- */

/* sys.unraisablehook's argument (CPython's UnraisableHookArgs). */
typedef struct UnraisableArgs {
    Object hdr;
    Value exc_type, exc_value, exc_traceback, err_msg, object;
} UnraisableArgs;

static Value ua_exc_type(Value s) { return V_AS(UnraisableArgs, s)->exc_type; }
static Value ua_exc_value(Value s) { return V_AS(UnraisableArgs, s)->exc_value; }
static Value ua_exc_traceback(Value s) { return V_AS(UnraisableArgs, s)->exc_traceback; }
static Value ua_err_msg(Value s) { return V_AS(UnraisableArgs, s)->err_msg; }
static Value ua_object(Value s) { return V_AS(UnraisableArgs, s)->object; }

static const GetSetDef ua_getsets[] = {
    {"exc_type", ua_exc_type, NULL, NULL},
    {"exc_value", ua_exc_value, NULL, NULL},
    {"exc_traceback", ua_exc_traceback, NULL, NULL},
    {"err_msg", ua_err_msg, NULL, NULL},
    {"object", ua_object, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type unraisable_args_type = {
    .tname = "UnraisableHookArgs",
    .basicsize = sizeof(UnraisableArgs),
};

/* Is sys.unraisablehook still tpy's own? Then print PyPy's text. */
static bool is_default_hook(Value h) {
    if (type_of(h) != &builtin_function_type) return false;
    return strcmp(V_AS(BuiltinFunctionObject, h)->def->name, "unraisablehook") == 0;
}

static void print_report(Value exc, const char *err_msg, Value obj) {
    Buf b;
    buf_init(&b, 128);
    buf_puts(&b, err_msg);
    if (obj && obj != V_NONE) {
        buf_putc(&b, ' ');
        Value r = obj_repr(obj);
        if (r) buf_put(&b, str_data(r), (size_t)str_nbytes(r));
        else err_clear();
    }
    buf_putc(&b, '\n');
    sys_flush_all();
    sys_write_stderr(b.data, b.len);
    Value rep = err_format_exception(exc);
    if (rep) sys_write_stderr(str_data(rep), (size_t)str_nbytes(rep));
    else err_clear();
}

void hook_report_exception(const char *err_msg, Value obj) {
    Value exc = err_fetch();
    if (!exc) return;
    Value hook = sys_module ? dict_get_cstr(module_dict(sys_module), "unraisablehook") : VNULL;
    if (!hook || is_default_hook(hook)) {
        print_report(exc, err_msg, obj);
        return;
    }
    if (!(unraisable_args_type.flags & TF_READY)) {
        unraisable_args_type.name = str_intern_cstr("UnraisableHookArgs");
        unraisable_args_type.module = str_intern_cstr("sys");
        type_add_getsets(&unraisable_args_type, ua_getsets);
        type_ready(&unraisable_args_type);
    }
    UnraisableArgs *a = V_AS(UnraisableArgs, instance_new(&unraisable_args_type));
    a->exc_type = V_FROM_PTR(type_of(exc));
    a->exc_value = exc;
    Value tb = V_AS(ExcObject, exc)->traceback;
    a->exc_traceback = tb ? tb : V_NONE;
    a->err_msg = str_from_cstr(err_msg);
    a->object = obj ? obj : V_NONE;
    if (!obj_call1(hook, V_FROM_PTR(a))) {
        /* as CPython: a failing hook falls back to the default report */
        Value exc2 = err_fetch();
        print_report(exc2, "Exception ignored in sys.unraisablehook:", hook);
        print_report(exc, err_msg, obj);
    }
}
