/* jitevents.h: the one interface through which the JIT reports what it
 * does. The trace state machine (jit/trace.c) calls these at its state
 * changes, one line each; everything that watches the JIT is fed from
 * here, in this order:
 *
 *   counters and timers   pypyjit.get_stats_snapshot(), jit-summary
 *   PYPYLOG               pypylog.c
 *   Python hooks          pypyjit.set_*_hook (mod/pypyjit.c)
 *   C hooks               the embedding API (include/tpy.h, embed.c)
 *
 * Event order for one trace (a loop; bridges and function entries alike):
 *
 *   trace_start -> trace_done (noopt trace) -> before_assemble
 *       (the optimize hook may replace t->ir here) -> compiled
 *   trace_start -> abort (-> too long, when an inlined function is blamed)
 *
 * Hooks run with the JIT quiescent: no trace can start while one runs,
 * and a hook that is already running is never entered again.
 */
#ifndef TPY_INTROSPECT_JITEVENTS_H
#define TPY_INTROSPECT_JITEVENTS_H

#include "../jit/trace.h"

/* The events, defined once: name, what happened. */
#define JITEVENT_DEF(_)                                                      \
    _(TRACE_START, "tracing started at a hot loop, function or guard")      \
    _(TRACE_ABORT, "tracing aborted (reason, greenkey, ops so far)")        \
    _(TRACE_TOO_LONG, "a too long trace blamed an inlined function")        \
    _(TRACE_DONE, "the unoptimized trace is ready")                         \
    _(BEFORE_ASSEMBLE, "optimized, about to be assembled")                  \
    _(COMPILED, "machine code is ready and attached")                       \
    _(FREED, "a trace's machine code was freed")                            \
    _(RELEASEALL, "every trace was released")                               \
    _(EXIT, "the process exits")

typedef enum JitEvent {
#define JITEVENT_ENUM(name, text) JE_##name,
    JITEVENT_DEF(JITEVENT_ENUM)
#undef JITEVENT_ENUM
    JE__COUNT
} JitEvent;

void jitev_init(void);
/* Set by `tpy --jit-profile` before start-up (see jitev_set_debug). */
extern bool jitev_profile_cli;
void jitev_trace_start(TraceKind kind, CodeObject *code, int32_t pc, GuardDescr *from_guard);
/* ops: the trace recorded so far (unoptimized). from_guard: bridges. */
void jitev_abort(AbortReason reason, TraceKind kind, CodeObject *code, int32_t pc, GuardDescr *from_guard,
                 const IRBuf *ops);
void jitev_trace_done(Trace *t);
void jitev_before_assemble(Trace *t);
void jitev_compiled(Trace *t);
void jitev_freed(Trace *t);
void jitev_releaseall(int32_t ntraces);
void jitev_exit(void);

/* ---- what the watchers read ------------------------------------------------------ */

/* PyPy's names for trace kinds: "loop", "entry bridge", "bridge". */
const char *jitev_kind_name(TraceKind k);
/* The greenkey offset of an instruction index: code_offset() (obj/code.h),
 * the offset tpy --dis and the dis module show. */
static inline int32_t jitev_offset(CodeObject *co, int32_t pc) { return code_offset(co, pc); }
/* 'f;file.py:3-5~#12 FOR_ITER', PyPy's location string. */
void jitev_location(CodeObject *code, int32_t pc, void *buf /* Buf* */);
/* The loop number a trace belongs to (a bridge: its loop's). */
uint32_t jitev_loop_no(const Trace *t);
/* Run counts of every trace compiled while counting, in order. */
extern TraceCounts **jitev_counts;
extern int32_t jitev_ncounts;
/* counter_times: seconds spent tracing and in the backend. */
extern double jitev_time_tracing, jitev_time_backend;
/* Counting loop runs: pypyjit.enable_debug() or jit-backend-counts. */
void jitev_set_debug(bool on);

/* The optimize hook's replacement of a trace, shared by the Python and C
 * hooks: operation lines in the log syntax (ResOperation reprs) are parsed
 * against the trace and validated (known operations, argument counts and
 * types, SSA order, guards keeping their descriptors, every value a
 * guard's snapshot needs still computed). Returns the replacement, or NULL
 * with a message in *err. Nothing changes until jitev_apply_ops. */
struct OpsReplacement;
struct OpsReplacement *jitev_parse_ops(Trace *t, const char *const *lines, int nlines, const char **err);
void jitev_apply_ops(Trace *t, struct OpsReplacement *r);

#endif
