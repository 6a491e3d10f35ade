/* interp.h: frames, the thread state and the bytecode interpreter.
 *
 * Frames of ordinary calls live on a frame stack (chunks that never move)
 * and are popped on return; generator frames live in the heap. A frame is
 * laid out as the header below, then `localsplus`: the code's locals, then
 * its cells, then its free variables, then the value stack.
 *
 *   +--------+----------+-------+-------+------------------+
 *   | header | locals.. | cells | frees | value stack ...  |
 *   +--------+----------+-------+-------+------------------+
 *                                        ^stack      sp^
 *
 * While a frame is not running (it called another frame, or it is a
 * suspended generator), `ip` is the next instruction and `sp` the stack
 * top; a guard failure in compiled code rebuilds exactly these fields.
 */
#ifndef TPY_INTERP_H
#define TPY_INTERP_H

#include "../obj/code.h"
#include "../obj/func.h"
#include "object.h"

/* Frame.discard_result: what the return of a frame rebuilt by a guard
 * failure does in place of the class call (type_call) it was inlined from */
enum {
    FRAME_RESULT_PLAIN = 0,
    FRAME_RESULT_INIT = 1,   /* __init__: the call's result is self */
    FRAME_RESULT_NEW = 2,    /* __new__: type_new_result_tail on the result */
    FRAME_RESULT_LEN = 3,    /* __len__ of len(): the call's result is the length (type_len_result) */
    /* __next__ of a FOR_ITER (the caller's top slot is the iterator): its
       return is the item; StopIteration leaving it ends the caller's loop
       (the iterator popped, the caller goes on at the FOR_ITER's target) */
    FRAME_RESULT_ITERNEXT = 4,
    /* __bool__ of the caller's POP_JUMP_IF_FALSE / POP_JUMP_IF_TRUE, which
       popped the tested value already (the caller's ip is past the jump):
       its return must be a bool (else TypeError at the jump) and makes
       that jump */
    FRAME_RESULT_TRUTH = 5,
    /* the Python dunder (__lt__...) a comparison's dispatch called on its
       left operand first: the operands are still on the caller's stack,
       the comparison (enum CmpOp) is in binop_op; NotImplemented goes on
       with the dispatch (obj_richcompare_after_left) */
    FRAME_RESULT_COMPARE = 6,
    /* (last: a range) FRAME_RESULT_BINOP + step (enum BinopStep): the dunder a binary
       operator's dispatch called at that step; the operands are still on
       the caller's stack, the operator is in binop_op; NotImplemented goes
       on with the next step (obj_binop_from) */
    FRAME_RESULT_BINOP = 7,
};

typedef struct Frame {
    CodeObject *code;
    FunctionObject *func;       /* VNULL-equivalent NULL for module code */
    struct Frame *back;
    Value globals;              /* cells dict */
    Value builtins;             /* dict */
    Value locals;               /* dict for class bodies; else VNULL */
    uint32_t *ip;               /* next instruction (valid while suspended) */
    Value *sp;                  /* stack top (valid while suspended) */
    Value gen;                  /* owning generator, or VNULL */
    uint8_t is_entry;           /* eval returns when this frame returns */
    uint8_t on_heap;            /* generator frame: not on the frame stack */
    uint8_t executing;
    uint8_t yielded;            /* set when a generator frame suspends */
    uint8_t discard_result;     /* FRAME_RESULT_*: a frame rebuilt from compiled code that
                                   ran a class call's __init__ or __new__ inline */
    uint8_t trace_called;       /* sys.settrace: the 'call' event was sent for this run */
    uint8_t in_compiled;        /* compiled code entered here runs (jit/trace.c run_trace):
                                   its slots may be stale, the live values in registers */
    uint8_t binop_op;           /* enum BinOp (| BINOP_INPLACE) of a FRAME_RESULT_BINOP frame,
                                   enum CmpOp of a FRAME_RESULT_COMPARE one */
    uint8_t jit_forced_frame;   /* built by jit_force_frames() from a call inlined by compiled code
                                   that is still running (its back is real already) */
    uint8_t gen_sent;           /* a generator frame resumed by next()/send() just past its
                                   YIELD_VALUE, the value sent pushed: the JIT's generator
                                   resume entry may run (gen.c sets it, the interpreter's
                                   entry consumes it) */
    /* Compiled code running in this frame (as its root) inside a residual
       call made from inlined frames: the machine frame where the values of
       those frames are (emit_x64.c writes it before the call, clears it
       after), and, once someone walked the frame chain through it, the
       frames jit_force_frames() built for them. Both NULL otherwise. */
    void *jit_call_mframe;
    void *jit_forced;
    Value fobj;                 /* its frame object (sys._getframe, tracing), or VNULL */
    Value localsplus[];
} Frame;

static inline Value *frame_stack_base(Frame *f) {
    CodeObject *co = f->code;
    return f->localsplus + co->nlocals + co->ncells + co->nfrees;
}
/* Frames of calls compiled code inlined around the residual call now
 * running, made real on the first walk through them (jit/trace.c). */
Frame *jit_force_frames(Frame *from);
/* The caller of f as the interpreter would have it: every walk up the frame
 * chain (f_back, sys._getframe, warnings, tracebacks' stacks) goes through
 * here, so that frames compiled code inlined exist when someone looks. */
static inline Frame *frame_back(Frame *f) {
    Frame *b = f->back;
    if (__builtin_expect(b && b->jit_call_mframe && !f->jit_forced_frame, 0)) return jit_force_frames(f);
    return b;
}
static inline size_t frame_size(CodeObject *co) {
    return sizeof(Frame) + sizeof(Value) * (size_t)(co->nlocals + co->ncells +
                                                    co->nfrees + co->stacksize);
}
/* Index of the instruction a frame is executing (or last executed). */
static inline int frame_lasti(Frame *f) {
    return (int)(f->ip - f->code->code) - 1;
}

typedef struct FrameChunk {
    struct FrameChunk *prev;
    char *top, *limit;
    char *high;             /* highest top since frame_clear_dead() */
    char data[];
} FrameChunk;

typedef struct ThreadState {
    Value exc;                  /* exception being raised, or VNULL */
    /* The exception being handled (sys.exc_info()) is `handled`, or when
       that is VNULL, `handled_outer`: what the frames outside the innermost
       running generator handle. A generator keeps its own `handled` while
       suspended (CPython's gi_exc_state), so that an exception it handles
       is never taken for the caller's, even when it is the same object. */
    Value handled;
    Value handled_outer;
    Frame *frame;               /* innermost running frame */
    int64_t depth;              /* Python call depth */
    int64_t recursion_limit;
    char *c_stack_limit;        /* below this, C recursion raises RecursionError */
    /* below this, compiled code makes no Python call: each one nests C
       activations where the interpreter nests none (jit_call_retry()) */
    char *c_stack_jit_limit;
    FrameChunk *chunk;          /* frame stack */
    Value builtins;             /* builtins module dict */
    Value sys_modules;          /* dict */
    Value main_module;
    int64_t c_depth;            /* nested eval_frame calls */
    Value thread_sentinel;      /* _thread._set_sentinel()'s lock, released when the thread ends */
    Value context;              /* contextvars: the running Context, VNULL until first used */
    Value trace_func;           /* sys.settrace's function, or VNULL */
    /* sys.setprofile's hook (a C function, as CPython's c_profilefunc) and
       its object (sys.getprofile's answer), or NULL/VNULL */
    int (*profile_func)(Value obj, Frame *f, int what, Value arg);
    Value profile_obj;
    /* trace_func or profile_func set: the interpreter runs the tracing
       dispatch (the only flag the ordinary dispatch looks at) */
    bool use_tracing;
    bool in_trace;              /* a trace or profile function runs: no events */
} ThreadState;

extern ThreadState tstate;

/* The exception sys.exc_info() reports, or VNULL. */
static inline Value exc_handled(void) {
    return tstate.handled ? tstate.handled : tstate.handled_outer;
}

/* Set while tracemalloc traces: the interpreter runs the tracing dispatch
 * (as for sys.settrace) and saves each frame's ip before every
 * instruction, so that the line of the innermost frame is known at any
 * allocation. The running loops switch at their next safe point
 * (pending_request()). */
extern bool interp_save_ip;
/* While anything needs every line of every frame (a trace function,
 * tracemalloc), the JIT neither enters compiled code nor records:
 * sys_jit_suspend(true) once for each such user, (false) when it ends
 * (mod/sys.c). */
void sys_jit_suspend(bool suspend);

/* Run frame f (an entry frame) until it returns or, for a generator
 * frame, yields. throw_exc: raise this exception at the resume point. */
Value eval_frame(Frame *f, Value throw_exc);
/* Continue interpreting after compiled code entered at `entry` exited
 * (jit/trace.c call_assembler); how: 2, 3 or 4 as jit_loop_header returns. */
Value eval_frame_resumed(Frame *entry, int how);
int interp_list_extend(Value list, Value it);
/* `except type` matching exc (a class or a tuple of them); *err set with
   TypeError raised when type holds something else */
bool interp_exc_match(Value exc, Value type, int *err);
/* "f()" style name of a callable, for argument error messages */
Value func_str(Value f);
int interp_dict_update(Value d, Value other);
/* The match statement's MATCH_CLASS and MATCH_KEYS (also called from
 * compiled traces): a tuple of the matched values, None when the pattern
 * does not match, VNULL with an exception on error. */
Value interp_match_class(Value subject, Value cls, Value names, int64_t nargs);
Value interp_match_keys(Value map, Value keys);
/* Set up a frame for calling func with vectorcall arguments (binding
 * parameters, defaults, *args, **kwargs, cells); NULL on error. heap: for
 * generators. */
Frame *frame_setup_call(FunctionObject *func, Value *args, size_t nargs, Value kwnames, bool heap);
/* f's local variables as CPython's locals() and f_locals give them: the
 * namespace itself for module and class frames; for a function frame its
 * one dict (kept by its frame object), updated from the variables at each
 * call, so that keys a debugger added stay. mod/builtins.c */
Value frame_locals_dict(Frame *f);
/* The same variables in a new dict (a traceback's copy of a frame that
 * exits). mod/builtins.c */
Value frame_locals_copy(Frame *f);
/* The function frame's own locals dict, brought up to date (sys.c) */
Value sys_frame_locals(Frame *f);
/* CPython's FastToLocals: f's variables into dict d, in place (sys.c) */
void sys_fast_to_locals(Frame *f, Value d);
/* Frame objects (mod/sys.c): a snapshot of running frame f; one of the
 * frame raw (NULL: none) ran code in, for a traceback entry at instruction
 * lasti, showing `locals` once raw has returned (VNULL: an empty dict) */
Value sys_frame_object(Frame *f);
Value sys_gen_frame_object(Value gen, Frame *f);   /* gi_frame and the like */
/* sys.settrace (sys.c): the events sent to trace functions */
enum TraceEvent { TRACE_CALL, TRACE_EXCEPTION, TRACE_LINE, TRACE_RETURN };
/* Send event `what` for frame f (arg: the return value, or the exception
 * for TRACE_EXCEPTION). 0, or -1 with the trace function's exception set
 * (tracing is then turned off, as CPython). */
int sys_trace_event(Frame *f, int what, Value arg);
/* A 'line' event if instruction i of f starts a line (or jumps back). */
int sys_trace_line(Frame *f, int i);
/* A generator resumed mid-body under sys.settrace: the line of the
   instruction it resumes at has begun (CPython's instr_prev is the yield),
   so it gets no 'line' event of its own. */
void sys_trace_resumed(Frame *f, int i);
/* sys.setprofile's events (CPython's PyTrace_CALL... numbering) */
enum ProfileEvent { PROFILE_CALL = 0, PROFILE_RETURN = 3, PROFILE_C_CALL = 4, PROFILE_C_EXCEPTION = 5, PROFILE_C_RETURN = 6 };
/* A profile function fn(obj, f, what, arg), as CPython's Py_tracefunc: arg
 * is the return value (None when the frame raised or yields nothing) or
 * the builtin being called. 0, or -1 with an exception set (the function
 * is then removed). */
typedef int (*ProfileFunc)(Value obj, Frame *f, int what, Value arg);
/* Install (fn NULL: remove) this thread's profile function, as
 * PyEval_SetProfile; the JIT stays off while any thread profiles. */
void sys_set_profile(ProfileFunc fn, Value obj);
/* A thread ends: its trace and profile functions go (sys.c) */
void sys_tracing_thread_exit(void);
/* Send profile event `what` (no event inside a trace or profile function). */
int sys_profile_event(Frame *f, int what, Value arg);
/* frame_pop(): a frame object made for f keeps what f held */
void sys_frame_detach(Frame *f);
void sys_frame_moved(Frame *f);
Value sys_frame_object_at(Frame *raw, CodeObject *code, Value globals, Value locals, int lasti);
Value sys_frame_object_running(Frame *raw, CodeObject *code);
bool sys_frame_check(Value v);
CodeObject *sys_frame_code(Value v);
/* Run a module code object in `globals` (a cells dict). */
Value eval_module_code(CodeObject *co, Value globals, Value locals);
/* Call a Python function with vectorcall arguments. */
Value function_call(Value func, Value *args, size_t nargs, Value kwnames);
/* Execute a class body code object with a namespace dict. */
Value eval_class_body(Value func, Value ns);
/* Entering a C-level recursion (repr, comparison, a call from C): checks
 * the C stack and nesting depth; -1 with RecursionError set when too deep.
 * On success the caller must call interp_leave_recursive() afterwards. */
int interp_recursion_error(const char *where);
static inline int interp_enter_recursive(const char *where) {
    if (__builtin_expect(++tstate.c_depth > tstate.recursion_limit + 50 ||
                             (char *)__builtin_frame_address(0) < tstate.c_stack_limit, 0))
        return interp_recursion_error(where);
    return 0;
}
static inline void interp_leave_recursive(void) { tstate.c_depth--; }
void interp_init(void);

/* A new frame's fields but its slots (frame_push, frame_push_args,
 * frame_push_args_inline) */
static inline void frame_init_header(Frame *f, CodeObject *co) {
    f->code = co;
    f->back = NULL;
    f->locals = VNULL;
    f->gen = VNULL;
    f->is_entry = 0;
    f->on_heap = 0;
    f->executing = 0;
    f->yielded = 0;
    f->discard_result = 0;
    f->trace_called = 0;
    f->in_compiled = 0;
    f->jit_forced_frame = 0;
    f->jit_call_mframe = NULL;
    f->jit_forced = NULL;
    f->fobj = VNULL;
    f->ip = co->code;
}

/* frame_push_args' common case inline, for the hottest callers (compiled
 * code's calls of compiled functions, jit_call_assembler): the frame, its
 * first nargs slots from args, the other locals, cells and free variables
 * cleared; NULL (nothing changed) when the current chunk has no room, and
 * then frame_push_args() must be used. */
static inline Frame *frame_push_args_inline(CodeObject *co, const Value *args, size_t nargs) {
    size_t size = frame_size(co);
    FrameChunk *c = tstate.chunk;
    if (__builtin_expect(c->top + size > c->limit, 0)) return NULL;
    Frame *f = (Frame *)c->top;
    c->top += size;
    if (c->top > c->high) c->high = c->top;
    frame_init_header(f, co);
    size_t nslots = (size_t)(co->nlocals + co->ncells + co->nfrees);
    for (size_t i = 0; i < nargs; i++) f->localsplus[i] = args[i];
    for (size_t i = nargs; i < nslots; i++) f->localsplus[i] = VNULL;
    f->sp = f->localsplus + nslots;
    return f;
}
/* A frame taken from the frame stack for a code object (locals zeroed). */
Frame *frame_push(CodeObject *co);
/* A frame outside the frame stack (collected memory, on_heap): a generator's, or one jit_force_frames() builds. */
Frame *frame_new_heap(CodeObject *co);
/* f, a heap frame that nothing refers to any more (a finished generator's
   without a frame object), may be handed out again by frame_new_heap. */
void frame_release_heap(Frame *f);
/* The same, with the first nargs locals set to args (nargs <= co->nlocals). */
Frame *frame_push_args(CodeObject *co, const Value *args, size_t nargs);
void frame_pop(Frame *f);

#endif
