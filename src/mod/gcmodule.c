/* gcmodule.c: the gc module. tpy's collector is Boehm's (gc/gc.c): collect()
 * runs a full collection and then the finalizers (__del__, generator
 * close) of what it found unreachable. There is no separate cycle
 * collector to switch off, so disable() only changes isenabled(). */
#include <string.h>

#include "../runtime.h"

static bool gc_enabled = true;

/* The value stacks of the running frames above their tops still hold
   what was popped (the collector scans the frame stack conservatively):
   an explicit collect() clears them first, so an object the program has
   dropped (`del x; gc.collect()`) is found unreachable, as CPython's
   reference counts find it. Every frame on the chain is suspended at a
   call, its stack top saved (compiled code keeps its values in its own
   registers and spill slots, and writes frames only when it leaves). */
static void clear_dead_stack_slots(void) {
    for (Frame *f = tstate.frame; f; f = f->back) {
        Value *base = frame_stack_base(f), *end = base + f->code->stacksize;
        if (f->sp >= base && f->sp <= end) memset(f->sp, 0, (size_t)(end - f->sp) * sizeof(Value));
    }
}

static Value g_collect(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (arg_count("collect", nargs, 0, 1) < 0) return VNULL;
    clear_dead_stack_slots();
    gc_collect();
    gc_finalizers_pending = 1;
    gc_run_finalizers();
    return v_int(0);
}

static Value g_enable(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("enable", kwnames) < 0 || arg_count("enable", nargs, 0, 0) < 0) return VNULL;
    gc_enabled = true;
    return V_NONE;
}

static Value g_disable(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("disable", kwnames) < 0 || arg_count("disable", nargs, 0, 0) < 0) return VNULL;
    gc_enabled = false;
    return V_NONE;
}

static Value g_isenabled(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("isenabled", kwnames) < 0 || arg_count("isenabled", nargs, 0, 0) < 0) return VNULL;
    return v_bool(gc_enabled);
}

static const MethodDef gc_functions[] = {
    {"collect", g_collect, MF_KEYWORDS, NULL},
    {"enable", g_enable, 0, NULL},
    {"disable", g_disable, 0, NULL},
    {"isenabled", g_isenabled, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value gc_module_create(void) {
    Value m = module_new_cstr("gc");
    module_add_functions(m, gc_functions);
    return m;
}
