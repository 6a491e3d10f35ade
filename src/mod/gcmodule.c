/* gcmodule.c: the gc module. tpy's collector is Boehm's (gc/gc.c): collect()
 * runs a full collection and then the finalizers (__del__, generator
 * close) of what it found unreachable. There is no separate cycle
 * collector to switch off, so disable() only changes isenabled(); nor
 * generations, so the thresholds are kept and reported but tune nothing,
 * and `garbage` stays empty (no cycle is ever left uncollectable there). */
#include <string.h>

#include "../jit/trace.h"
#include "../runtime.h"
#include "../vm/opcodes.h"

static bool gc_enabled = true;

/* The value stacks of waiting frames still hold, above their tops, what
   they popped (the collector scans the frame stack conservatively): those
   slots are cleared first, so that an object the program dropped (`del x;
   gc.collect()`, also through a helper such as test.support.gc_collect())
   is found unreachable, as CPython's reference counts find it.
   A frame's saved top is trusted only where it is known to be current:
   - the frame that called collect(), stopped at the call instruction
     that saved its top (the arguments below it are live);
   - going outwards, a frame whose callee (the next frame in) it entered
     through its own call instruction, Python to Python: that call saved
     the top just below the callee function's slot, which still holds the
     function (the callee's args were copied out; a method call keeps
     (function, self) or (NULL, function) there). A frame whose saved top
     is stale (it called into Python from an instruction that did not save
     it, or was rebuilt by a guard failure and ran on since) fails that
     check with all but certainty: the slot at its old top has since been
     overwritten by that call's result. The walk stops at the first frame
     that does not pass, since a C call in between hides how it was
     entered.
   Nothing while a trace is being recorded or compiled code runs (which
   keeps some values in the frame and some in registers). */
static bool at_call(Frame *f) {
    if (!f->ip || f->ip <= f->code->code || f->ip > f->code->code + f->code->ncode) return false;
    int op = INSTR_OP(f->ip[-1]);
    return op == OP_CALL_FUNCTION || op == OP_CALL_FUNCTION_KW || op == OP_CALL_METHOD || op == OP_CALL_METHOD_KW ||
           op == OP_CALL_FUNCTION_EX;
}

static bool clear_above_top(Frame *f) {
    Value *base = frame_stack_base(f), *end = base + f->code->stacksize;
    if (f->sp < base || f->sp > end) return false;
    memset(f->sp, 0, (size_t)(end - f->sp) * sizeof(Value));
    return true;
}

/* f entered `callee` inline from the call instruction it is stopped at */
static bool called_inline(Frame *f, Frame *callee) {
    if (!callee->func || callee->on_heap || !at_call(f)) return false;
    int op = INSTR_OP(f->ip[-1]);
    if (op == OP_CALL_FUNCTION_EX) return false;   /* goes through C */
    Value *base = frame_stack_base(f), *end = base + f->code->stacksize;
    if (f->sp < base || f->sp + 2 > end) return false;
    Value fn = V_FROM_PTR(callee->func);
    if (op == OP_CALL_METHOD || op == OP_CALL_METHOD_KW) return f->sp[0] == fn || (!f->sp[0] && f->sp[1] == fn);
    return f->sp[0] == fn;
}

static void clear_dead_stack_slots(void) {
    Frame *f = tstate.frame;
    if (!f || jit.recording || jit.activations > 0) return;
    if (!at_call(f) || !clear_above_top(f)) return;
    for (; f->back && called_inline(f->back, f); f = f->back)
        if (!clear_above_top(f->back)) return;
}

/* Likewise the C stack below this function holds what earlier, deeper
   calls left there; the collection's own call chain runs in that memory
   and its uninitialised slots would be scanned as roots (an ended thread's
   Thread object stayed alive that way). It is zeroed first: up to 64 KiB,
   at most half of what is left above the thread's C stack limit. */
static __attribute__((noinline)) void clear_dead_c_stack(void) {
    char *here = __builtin_frame_address(0);
    ptrdiff_t room = tstate.c_stack_limit ? (here - tstate.c_stack_limit) / 2 : 0;
    size_t n = room > 64 * 1024 ? 64 * 1024 : room > 0 ? (size_t)room : 0;
    if (n < 256) return;
    volatile char area[n];
    memset((char *)area, 0, n);
    __asm__ volatile("" : : "r"(area) : "memory");
}

volatile int gc_module_collecting;

static Value g_collect(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (arg_count("collect", nargs, 0, 1) < 0) return VNULL;
    clear_dead_stack_slots();
    clear_dead_c_stack();
    gc_module_collecting++;
    gc_collect();
    gc_finalizers_pending = 1;
    gc_run_finalizers();
    gc_module_collecting--;
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

/* CPython's defaults */
static int64_t thresholds[3] = {700, 10, 10};

static Value g_get_threshold(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("get_threshold", kwnames) < 0 || arg_count("get_threshold", nargs, 0, 0) < 0) return VNULL;
    return tuple_pack(3, int_from_i64(thresholds[0]), int_from_i64(thresholds[1]), int_from_i64(thresholds[2]));
}

static Value g_set_threshold(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("set_threshold", kwnames) < 0) return VNULL;
    if (nargs < 1 || nargs > 3)   /* PyArg_ParseTuple's wording */
        return err_format(&exc_TypeError, "set_threshold() takes at %s %d argument%s (%zd given)", nargs ? "most" : "least",
                          nargs ? 3 : 1, nargs ? "s" : "", (ssize_t)nargs);
    int64_t t[3] = {thresholds[0], thresholds[1], thresholds[2]};
    for (size_t i = 0; i < nargs; i++) {
        if (float_check(args[i])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        t[i] = obj_index_i64(args[i]);
        if (t[i] == -1 && err_occurred()) return VNULL;
    }
    memcpy(thresholds, t, sizeof t);
    return V_NONE;
}

static const MethodDef gc_functions[] = {
    {"get_threshold", g_get_threshold, 0, NULL},
    {"set_threshold", g_set_threshold, 0, NULL},
    {"collect", g_collect, MF_KEYWORDS, NULL},
    {"enable", g_enable, 0, NULL},
    {"disable", g_disable, 0, NULL},
    {"isenabled", g_isenabled, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value gc_module_create(void) {
    Value m = module_new_cstr("gc");
    module_add_functions(m, gc_functions);
    dict_set_cstr(module_dict(m), "garbage", list_new(0));
    return m;
}
