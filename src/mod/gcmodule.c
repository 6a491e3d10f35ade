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
#include "../front/compiler.h"
#include "../introspect/hooks.h"

static bool gc_enabled = true;

/* The value stacks of the running frames still hold, above their tops,
   what they popped (the collector scans the frame stack conservatively):
   those slots are cleared first, so that an object the program dropped
   (`del x; gc.collect()`, or an exception handled and done with) is found
   unreachable, as CPython's reference counts find it.

   The frame that called collect() is stopped at the call instruction that
   saved its stack top. An outer frame's saved top may be stale (an
   instruction that called into Python without saving it, a frame rebuilt
   by a guard failure and run on since), and clearing above a stale top
   destroyed live values (the hooks fuzzer found it): for those frames the
   live depth comes from the code itself, the depth before the instruction
   they are executing or after it, whichever is greater (the compiler's
   stack analysis; no instruction holds more while it runs; not under
   sys.settrace, whose 'line' events come between instructions). Not the
   frames compiled code runs (in_compiled: it keeps some values in the frame
   and some in registers); the frames the interpreter runs above or below
   them are stopped at a call as without the JIT. collect() reads the
   frames, so a trace never calls it (MF_FRAME: the recorder leaves the
   call to the interpreter). */
static void clear_innermost_dead_slots(Frame *f) {
    int op = INSTR_OP(f->ip[-1]);
    if (op != OP_CALL_FUNCTION && op != OP_CALL_FUNCTION_KW && op != OP_CALL_METHOD && op != OP_CALL_METHOD_KW &&
        op != OP_CALL_FUNCTION_EX)
        return;
    Value *base = frame_stack_base(f), *end = base + f->code->stacksize;
    if (f->sp >= base && f->sp <= end) memset(f->sp, 0, (size_t)(end - f->sp) * sizeof(Value));
}

static void clear_outer_dead_slots(Frame *f) {
    CodeObject *co = f->code;
    int i = (int)(f->ip - co->code) - 1;
    int *depth = gc_alloc_atomic(sizeof(int) * (size_t)(co->ncode + 1));
    if (code_stack_depths(co->code, co->ncode, co->exctable, co->nexctable, depth) < 0 || depth[i] < 0) return;
    uint32_t w = co->code[i];
    int after = depth[i] + op_stack_effect(INSTR_OP(w), (int)INSTR_ARG(w), 0);
    int live = after > depth[i] ? after : depth[i];
    if (live > co->stacksize) return;
    Value *base = frame_stack_base(f);
    memset(base + live, 0, (size_t)(co->stacksize - live) * sizeof(Value));
}

static void clear_dead_stack_slots(void) {
    /* (a hook's caller and its callers: see hook_interrupted_frame) */
    for (Frame *f = tstate.frame; f && f != hook_interrupted_frame; f = f->back) {
        if (f->in_compiled) continue;
        if (!f->ip || f->ip <= f->code->code || f->ip > f->code->code + f->code->ncode) continue;
        if (f == tstate.frame) clear_innermost_dead_slots(f);
        else if (!tstate.use_tracing) clear_outer_dead_slots(f);   /* a trace function runs between instructions */
    }
}

/* Likewise the C stack below this function holds what earlier, deeper
   calls left there; the collection's own call chain runs in that memory
   and its uninitialised slots would be scanned as roots (an ended thread's
   Thread object stayed alive that way). It is zeroed first: up to 64 KiB,
   at most half of what is left above the thread's C stack limit. collect()
   does it, and the interpreter does it before calling collect() (MF_COLLECTS):
   collect()'s own frame has slots it never writes (alignment), above what
   collect() can clear, which held an object a deeper call had used
   (tests/lib/gc_collect_from_compiled_code.py). */
__attribute__((noinline)) void gc_clear_dead_c_stack(void) {
    char *here = __builtin_frame_address(0);
    ptrdiff_t room = tstate.c_stack_limit ? (here - tstate.c_stack_limit) / 2 : 0;
    size_t n = room > 64 * 1024 ? 64 * 1024 : room > 0 ? (size_t)room : 0;
    if (n < 256) return;
    volatile char area[n];
    memset((char *)area, 0, n);
    __asm__ volatile("" : : "r"(area) : "memory");
}

volatile int gc_module_collecting;

/* Inline into its callers: gc_clear_dead_c_stack() clears the C stack
   below the frame that calls it, and what gc.collect()'s caller left there
   (the exception a `with` block swallowed, tests/lang/
   with_exit_exception_freed.py) must be below that frame, not in it. */
static inline __attribute__((always_inline)) void collect_and_finalize(void) {
    clear_dead_stack_slots();
    gc_clear_dead_c_stack();
    gc_module_collecting++;
    gc_collect();
    gc_finalizers_pending = 1;
    gc_run_finalizers();
    gc_module_collecting--;
}

void gc_collect_and_finalize(void) { collect_and_finalize(); }

static Value g_collect(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)kwnames;
    if (arg_count("collect", nargs, 0, 1) < 0) return VNULL;
    collect_and_finalize();
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
    {"collect", g_collect, MF_KEYWORDS | MF_FRAME | MF_COLLECTS, NULL},
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
