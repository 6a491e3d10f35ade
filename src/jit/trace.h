/* trace.h: the trace lifecycle and the interpreter's interface to the JIT.
 *
 *   counting --(hot)--> recording --(loop closed)--> optimizing
 *       ^                   |                           |
 *       |               (abort: named reason)       compiling --> attached
 *       +-------------------+                                       |
 *   guard failures counted; a hot guard starts recording a bridge --+
 *
 * Hot spots are JitCells, one per (code, loop header pc), reached from the
 * interpreter's backward jumps. `trace_state` in trace.c is the one state
 * machine; hooks and logs observe its transitions.
 */
#ifndef TPY_JIT_TRACE_H
#define TPY_JIT_TRACE_H

#include "../vm/interp.h"
#include "ir.h"
#include "snapshot.h"

/* Abort reasons: PyPy's counter names first (they are also the names in
 * pypyjit's get_stats_snapshot()), then tpy's own, more precise ones. */
#define ABORT_DEF(_)                                                        \
    _(ABORT_TOO_LONG, "trace too long")                                     \
    _(ABORT_BRIDGE, "bridge aborted")                                       \
    _(ABORT_BAD_LOOP, "loop does not close")                                \
    _(ABORT_ESCAPE, "frame escaped")                                        \
    _(ABORT_FORCE_QUASIIMMUT, "quasi-immutable forced during tracing")      \
    _(ABORT_SEGMENTED_TRACE, "segmented trace")                             \
    _(ABORT_UNSUPPORTED_OPCODE, "bytecode not supported by the recorder")   \
    _(ABORT_EXCEPTION, "exception raised while tracing")                    \
    _(ABORT_LEFT_LOOP, "trace left the loop's frame")                       \
    _(ABORT_INLINE_DEPTH, "calls nested too deep to inline")                \
    _(ABORT_FRAME_INTROSPECTION, "call inspects the frame")                 \
    _(ABORT_GENERATOR, "generator frame")                                   \
    _(ABORT_INLINE_LOOP, "inlined call runs a loop (now called instead)")   \
    _(ABORT_BACKEND, "machine code generation failed")                      \
    _(ABORT_MATCH_PATTERN, "match statement's type, key or class test")     \
    _(ABORT_EXCEPT_STAR, "except* matching or re-raising")                  \
    _(ABORT_COROUTINE, "await, async for, async with or an async generator's yield") \
    _(ABORT_THREAD_SWITCH, "another thread took the interpreter lock during the trace") \
    _(ABORT_SYS_SETTRACE, "sys.settrace() installed a trace function")     \
    _(ABORT_RECORDER_BUG, "the recorder used a value it never computed (a tpy bug: please report)")

typedef enum AbortReason {
#define ABORT_ENUM(name, text) name,
    ABORT_DEF(ABORT_ENUM)
#undef ABORT_ENUM
    ABORT__COUNT
} AbortReason;

extern const char *const abort_names[ABORT__COUNT];
extern const char *const abort_texts[ABORT__COUNT];

typedef enum TraceKind { TRACE_LOOP, TRACE_BRIDGE, TRACE_FUNCTION } TraceKind;

/* PyPy's JIT counters, in PyPy's order: pypyjit.get_stats_snapshot()
 * shows them under these names, and jit-summary prints them. The six
 * ABORT_ counters come first in ABORT_DEF in the same order (checked in
 * trace.c), so an abort reason below ABORT__PYPY_COUNT has its counter. */
#define JIT_COUNTER_DEF(_)                                                   \
    _(TRACING) _(BACKEND) _(OPS) _(HEAPCACHED_OPS) _(RECORDED_OPS) _(GUARDS) \
    _(OPT_OPS) _(OPT_GUARDS) _(OPT_GUARDS_SHARED) _(OPT_FORCINGS)            \
    _(OPT_VECTORIZE_TRY) _(OPT_VECTORIZED) _(ABORT_TOO_LONG) _(ABORT_BRIDGE) \
    _(ABORT_BAD_LOOP) _(ABORT_ESCAPE) _(ABORT_FORCE_QUASIIMMUT)              \
    _(ABORT_SEGMENTED_TRACE) _(FORCE_VIRTUALIZABLES) _(NVIRTUALS) _(NVHOLES) \
    _(NVREUSED) _(TOTAL_COMPILED_LOOPS) _(TOTAL_COMPILED_BRIDGES)            \
    _(TOTAL_FREED_LOOPS) _(TOTAL_FREED_BRIDGES)

typedef enum JitCounter {
#define JIT_COUNTER_ENUM(name) CNT_##name,
    JIT_COUNTER_DEF(JIT_COUNTER_ENUM)
#undef JIT_COUNTER_ENUM
    CNT__COUNT
} JitCounter;

#define ABORT__PYPY_COUNT 6     /* ABORT_TOO_LONG .. ABORT_SEGMENTED_TRACE */
extern const char *const jit_counter_names[CNT__COUNT];

/* Run counts of a trace compiled while counting (pypyjit.enable_debug(),
 * jit-backend-counts). They outlive the trace: loop_run_times and the log's
 * jit-backend-counts list the traces freed since (jitevents.c keeps them). */
typedef struct TraceCounts {
    TraceKind kind;
    uint32_t number;            /* Trace.number */
    uint32_t label;             /* loops: the number of the label counted */
    uint64_t runs;              /* entries from the interpreter */
    uint64_t passes;            /* label passes / bridge entries, counted
                                   by the machine code */
} TraceCounts;

/* A compiled trace is ordinary collected memory, reachable while it lives
 * from jit.live (then jit.doomed until its machine code is freed), jit
 * cells, code objects and its tree's guards. It owns everything the
 * machine code refers to (constants in `ir`, descriptors, snapshots): the
 * machine code is not scanned by the collector. Once freed it is
 * unreachable but for its own tree and the stack, and all of it, with the
 * code objects and globals its constants name, is garbage. */
typedef struct Trace {
    TraceKind kind;
    TraceKind tree_kind;        /* kind of the loop or function at the root */
    uint32_t number;            /* loop number, or the bridge's guard id */
    CodeObject *code;           /* greenkey: code and pc of the loop header */
    int32_t pc;
    IRBuf noopt;                /* the trace as recorded (jit-log-noopt);
                                   empty once compiled */
    IRBuf ir;                   /* the optimized trace the backend compiled */
    uint8_t *mcode;             /* machine code */
    size_t mcode_len;
    int32_t *op_offsets;        /* machine code offset of each op (-1: none) */
    TargetDescr *target;        /* loops: the label jumped back to */
    uint8_t *entry;             /* loops: entry from the interpreter */
    struct Trace *parent;       /* bridges: the trace of the guard */
    GuardDescr *from_guard;     /* bridges: the guard they start at */
    GuardDescr **guards;
    int32_t nguards;
    uint8_t invalid;            /* set when an assumption broke: every
                                   guard_not_invalidated fails */
    uint8_t freed;
    uint8_t released;           /* unhooked by release(): its machine code is
                                   freed as soon as nothing runs it */
    int32_t active;             /* activations on the stack (releaseall) */
    struct TraceCounts *counts; /* run counts, when `counting` */
    uint8_t counting;           /* compiled with jit.debug_counters on */
    uint8_t profile_mode;       /* compiled while profiling (profiler.h) */
    uint32_t uid;               /* unique id (profiler events) */
    uint64_t generation;        /* roots: jit.generation when last entered */
    struct Trace *root;         /* the loop or function trace of the tree */
    struct Trace *jumps_to;     /* root of the tree this trace jumps into */
    int32_t incoming;           /* roots: traces of other trees jumping here */
    Value watched;              /* list of the objects watch() registered it for */
    /* the namespaces of the frame it was recorded in (a bridge: its
       root's): its globals and builtins are constants in it, so a frame
       of the same code with other ones (FunctionType(code, globals), exec
       of one code in two namespaces) does not enter it */
    Value globals, builtins;
    KeepAlive keepalive;        /* what its snapshots and positions name (ir.h) */
    /* backend: the machine-code frame shared by a loop and its bridges */
    int32_t slot_base;          /* first stack slot of this trace's values */
    int32_t slots_used;
    int32_t frame_slots;        /* slots the loop's frame has */
    uint8_t *epilogue;          /* the loop's common exit */
    uint8_t gen_resume;         /* a generator resume trace (jit_gen_resume), or a bridge of one */
    uint8_t gen_recursive;      /* roots: a trace of the tree resumes a generator of
                                   the root's code (a recursive generator) */
    int32_t bridges_started;    /* roots: bridges recorded for the tree */
} Trace;

typedef struct JitCell {
    int32_t counter;            /* counts down to 0: hot */
    uint16_t flags;
    uint8_t aborts;
    uint8_t bad_loops;          /* recorded iterations that left the loop */
    Trace *trace;               /* compiled loop entered here */
} JitCell;

enum JitCellFlags {
    JC_DONT_TRACE_HERE = 1,     /* never start tracing here (too many aborts) */
    JC_TRACING = 2,
};

/* JIT-wide state. */
typedef struct JitState {
    bool recording;             /* a trace is being recorded (jit.rec) */
    int64_t record_c_depth;     /* the eval_frame activation recording */
    /* the recorder follows a frame of this code that the instruction being
       recorded runs in a nested eval_frame (a generator's body, an
       __init__ called by type_call): that activation becomes the recording
       one when it starts (eval_frame_impl) */
    void *record_nested_code;
    struct Recorder *rec;
    /* recordings being optimized and compiled, innermost first: recording
       has ended, so hooks called meanwhile may trace and compile code of
       their own (nested, finished before the outer one) */
    struct Recorder *finishing;
    uint32_t next_loop_number;
    uint32_t next_guard_id;
    uint64_t counters[CNT__COUNT];  /* PyPy's counters (JIT_COUNTER_DEF) */
    bool debug_counters;        /* new traces count their runs (debug_count);
                                   pypyjit.enable_debug(), jit-backend-counts */
    /* Both lists are roots (uncollectable arrays, tails past n zeroed):
       they keep their traces alive, and only them. */
    struct Trace **live;        /* compiled traces not yet released */
    int32_t nlive, caplive;
    struct Trace **doomed;      /* released, machine code freed when no
                                   compiled code is running any more */
    int32_t ndoomed, capdoomed;
    int32_t activations;        /* compiled code running (nested entries) */
    uint64_t generation;        /* bumped per compiled loop (loop_longevity) */
} JitState;

extern JitState jit;

/* ---- the interpreter's interface ------------------------------------------------ */

/* Called on a backward jump to loop header `pc` of f's code (f's ip and sp
 * are saved). Returns:
 *   0: continue interpreting normally
 *   1: start recording: the caller switches to recording dispatch
 *   2: compiled code ran and the frame state (possibly several frames) was
 *      rebuilt: the caller reloads tstate.frame's registers and goes on */
int jit_loop_header(Frame *f, int32_t pc, Value *result);

/* Called when a frame starts at its first instruction and its code was
 * called function_threshold times (or has an entry trace). Returns like
 * jit_loop_header, or 5: the trace ran the whole function, whose result is
 * in *result (the caller returns it as RETURN_VALUE would). */
int jit_function_entry(Frame *f, Value *result);

/* Called when a generator frame is resumed by next()/send() just past a
 * YIELD_VALUE (Frame.gen_sent), the sent value on its stack: the hot spot
 * of a generator resume trace, from there to the body's next yield (a
 * function trace keyed by the jit cell of that instruction, Trace.gen_resume).
 * Returns like jit_loop_header, or 5: the trace ran to a yield, the frame's
 * ip and sp are past it and *result is the value yielded (the caller
 * finishes as YIELD_VALUE does). */
int jit_gen_resume(Frame *f, Value *result);
/* Run generator frame f, resumed by next()/send() (Frame.gen_sent): its
 * resume trace directly when there is one, else eval_frame(f). Returns as
 * eval_frame does. */
Value jit_gen_run(Frame *f);
/* jit_gen_run for a consumer whose taking of the values `rule` (a
 * GenAheadRule, gen.h) accepts no program can see (gen_send_batch): after
 * a yield of such a value, the
 * next resumption's trace runs at once, up to cap times; the values
 * yielded before the last go to ahead[0 .. *nahead) (the caller sets
 * *nahead to 0), the last outcome is returned as jit_gen_run returns it. */
Value jit_gen_run_batch(Frame *f, Value *ahead, int cap, int *nahead, int rule);
/* The helper by which a looping resume trace gives a value to the batch
 * jit_gen_run_batch fills for its frame (1), or declines (0). */
int64_t jit_gen_batch_push(Value frame, Value v);

/* The valid compiled loop whose header is (code, pc), or NULL. */
Trace *jit_loop_at(CodeObject *code, int32_t pc);

/* Recording: called before each instruction while recording. Returns 0 to
 * keep recording, 1 when recording stopped (finished or aborted). */
int jit_record(Frame *f, uint32_t *ip, Value *sp);

/* Abort the current recording (e.g. an exception unwound the frame). */
void jit_abort(AbortReason reason);

/* After compiled code returned a failing guard: rebuild the frames.
 * Returns the innermost frame to continue in (tstate.frame). raise: the
 * instruction at the guard raised the pending exception (a generator body
 * run inline gets it thrown in). */
Frame *jit_resume(Frame *root, GuardDescr *g, uint64_t *saved, bool raise);

/* Recursion and the C stack. Python code that compiled code calls sees the
 * interpreter's tstate.depth: around a call that may run Python code
 * (CALL_ANY) the machine code adds the inlined frames entered and not left
 * there (enter/leave_portal_frame; the backend counts them). Nothing else
 * needs them in the depth: wherever a trace exits it is the depth the
 * trace was entered with, and resume pushes the frames. It never enters compiled code with fewer than REC_MAX_FRAMES - 1
 * frames left below the recursion limit (inlined frames make no check):
 * there the interpreter runs and raises RecursionError exactly where it
 * would without the JIT. And a Python call from compiled code nests C
 * activations (machine frame, run_trace, eval_frame) where the
 * interpreter's calls nest none: below tstate.c_stack_jit_limit the call
 * helpers make no such call but return jit_call_retry(), whose marker
 * fails the call's guard_no_exception; run_trace then resumes *before* the
 * call instruction and the interpreter makes the call on its frame stack. */
static inline bool jit_c_stack_low(void) { return (char *)__builtin_frame_address(0) < tstate.c_stack_jit_limit; }
/* Nothing was called: set the marker and return VNULL (call helpers only,
 * before any side effect of their instruction). */
Value jit_call_retry(void);

/* Is the recorder following the interpreter activation running now? */
static inline bool jit_recording_here(void) { return jit.recording && tstate.c_depth == jit.record_c_depth; }
/* The exception now unwinding was recorded as a jump to its handler in the
 * trace (record.c): consumes that mark. */
bool jit_unwind_recorded(void);

void jit_init(void);

/* pypyjit.releaseall(): every compiled trace is dropped from its jit cell
 * and invalidated (its guard_not_invalidated fail); code still running
 * finishes. The backend frees the memory of released traces. */
void jit_releaseall(void);
/* The jit cell of (code, instruction index); allocated on first use. */
JitCell *jit_cell(CodeObject *co, int32_t pc);

#endif
