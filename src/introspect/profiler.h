/* profiler.h: the JIT-aware profiler (PyPy's design, seed 004): every entry
 * into and exit from compiled code is recorded with a TSC timestamp, and
 * written to PYPYLOG as jit-profile-enter / jit-profile-exit sections that
 * `tpy -m jitprof LOG` turns into a report of where the time went.
 *
 * Where events are recorded:
 *   - entering compiled code from the interpreter (right after compiling,
 *     or a compiled loop or function reached later) and leaving it (guard
 *     failure, an exit, a function trace's return, an exception): in C, by
 *     run_trace, so the machine code pays nothing for them;
 *   - a jump from one loop tree into another: by the machine code, a few
 *     instructions before the jump (no call, no I/O; a cold path calls C
 *     only when the buffer is full);
 *   - entering a bridge, and a bridge jumping back to its own loop, only in
 *     mode PROF_BRIDGES (the seed's option 2); mode PROF_LOOPS (option 1)
 *     charges bridges to their loop.
 * Time spent in a call_assembler (a trace running another function's trace
 * directly) is charged to the caller: nothing is recorded inside it.
 * Code compiled while profiling is off carries no instrumentation.
 */
#ifndef TPY_INTROSPECT_PROFILER_H
#define TPY_INTROSPECT_PROFILER_H

#include <stdbool.h>
#include <stdint.h>

struct Trace;

enum ProfMode { PROF_OFF = 0, PROF_LOOPS = 1, PROF_BRIDGES = 2 };

/* Event kinds (ProfEvent.kind), defined once: enum, section, text */
#define PROF_EVENT_DEF(_)                                              \
    _(PROF_ENTER, PL_PROFILE_ENTER, "from the interpreter")          \
    _(PROF_JUMP, PL_PROFILE_ENTER, "by a jump")                       \
    _(PROF_BRIDGE, PL_PROFILE_ENTER, "by a guard failure")           \
    _(PROF_EXIT_GUARD, PL_PROFILE_EXIT, "guard failure")             \
    _(PROF_EXIT_EXIT, PL_PROFILE_EXIT, "trace end")                  \
    _(PROF_EXIT_RETURN, PL_PROFILE_EXIT, "return")                   \
    _(PROF_EXIT_EXCEPTION, PL_PROFILE_EXIT, "exception")            \
    /* not about a trace (uid 0): tracing starts and ends, when the    \
       summary pauses charging compiled code */                        \
    _(PROF_PAUSE, PL_PROFILE_SUMMARY, "tracing starts")              \
    _(PROF_RESUME, PL_PROFILE_SUMMARY, "tracing ends")

typedef enum ProfEventKind {
#define PROF_EVENT_ENUM(e, section, text) e,
    PROF_EVENT_DEF(PROF_EVENT_ENUM)
#undef PROF_EVENT_ENUM
    PROF__COUNT
} ProfEventKind;

typedef struct ProfEvent {
    uint64_t tsc;
    uint32_t uid;           /* Trace.uid */
    uint32_t kind;          /* ProfEventKind */
} ProfEvent;

/* The buffer the machine code appends to: pos < end means room. The
 * layout (pos at 0, end at 8) is known to the backend. */
typedef struct ProfBuffer {
    ProfEvent *pos;
    ProfEvent *end;
} ProfBuffer;

extern ProfBuffer jit_prof_buf;
extern int jit_profile_mode;

/* Turn profiling on (mode PROF_LOOPS or PROF_BRIDGES); out: the log file
 * when PYPYLOG does not name one (NULL: PYPYLOG's). */
void prof_start(int mode);
/* A compiled trace gets its uid (the events' name for it). */
void prof_register(struct Trace *t);
/* Record an event now (C side). */
void prof_event(struct Trace *t, ProfEventKind kind);
/* The machine code's cold path: the buffer was full (arg: uid | kind << 32). */
void prof_slow_event(uint64_t uid_kind);
/* Nothing is recorded between these (call_assembler: charged to the caller).
 * Inline: compiled code calls in and out of them for every call_assembler. */
extern int prof_suppress_depth;
extern ProfEvent *prof_buf_limit;   /* the current buffer's end */
static inline bool prof_suppressed(void) { return prof_suppress_depth > 0; }
static inline void prof_suppress_begin(void) {
    prof_suppress_depth++;
    /* the machine code then takes its cold path, which drops events */
    jit_prof_buf.end = jit_prof_buf.pos;
}
static inline void prof_suppress_end(void) {
    if (--prof_suppress_depth == 0 && prof_buf_limit) jit_prof_buf.end = prof_buf_limit;
}
/* Write the buffered events to PYPYLOG (before any later section, so the
 * log stays in time order; and at exit). */
void prof_flush(void);
/* A jit-tracing section starts (true) or ends: the summary does not charge
 * compiled code for the time between (the report counts it as tracing). */
void prof_tracing(bool start);
/* At exit: the last events, and how many timestamp ticks make a second
 * (the jit-profile-calibration section the report reads). */
void prof_finish(void);

#endif
