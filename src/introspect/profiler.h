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
 *     for the events that are timed);
 *   - entering a bridge, and a bridge jumping back to its own loop, only in
 *     mode PROF_BRIDGES (the seed's option 2); mode PROF_LOOPS (option 1)
 *     charges bridges to their loop.
 * Timing: reading the time stamp counter costs ~10 ns on the machines we
 * measured, more than many a loop iteration, and a loop that takes a
 * bridge every iteration makes two events per iteration. So every event is
 * counted, but by default (jit_prof_sample > 1) the machine code times
 * only a random sample: each trace's events go to C about once in
 * jit_prof_sample, which times that event and the next one of any trace,
 * so the interval between them, run by that trace, is measured exactly.
 * Events written in C are always timed, and so is the next one. The
 * writer then knows exactly the intervals that start with a timed event
 * and end with the next one, and the total time of all the others; it
 * splits that total between the traces by how many intervals each ran
 * (the counts) times its mean interval (the samples). docs/profiler.md,
 * "Sampled timing", shows the error. With jit_prof_sample == 1 (always in
 * the per-event form) every event is timed.
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

/* A timed event in the buffer. C writes them; with every event timed the
 * machine code does too (the layout is known to the backend). */
typedef struct ProfEvent {
    uint64_t tsc;
    uint32_t uid;           /* the trace it names (Trace.uid); 0: tracing pauses */
    uint32_t top;           /* sampled timing: the trace that ran until now (0: none) */
    uint8_t kind;           /* ProfEventKind */
    uint8_t exact;          /* no untimed event since the previous timed one */
    uint16_t unused;
} ProfEvent;

/* The buffer being filled: pos < end means room. With every event timed
 * the machine code appends to it too (pos at 0, end at 8). */
typedef struct ProfBuffer {
    ProfEvent *pos;
    ProfEvent *end;
} ProfBuffer;
extern ProfBuffer jit_prof_buf;

/* What the machine code touches: countdowns by uid, the events until that
 * trace's next timed one. For an event naming trace uid it does
 *     if ((*jit_prof_route)[uid]-- == 0) prof_slow_event(uid | kind << 32);
 * (two instructions and a branch, no call on the fast path). The array
 * in use is the live one; a sink of zeros when the next event must be
 * timed (every event goes to C); a mute array of countdowns that never run
 * out while events are suppressed (nothing goes to C, nothing is counted).
 * With every event timed (jit_prof_sample == 1) the live countdowns never
 * run out and the mute ones are zeros: past the countdown, the machine
 * code reads the clock and appends the event to jit_prof_buf itself, and
 * a suppressed event goes to C, which drops it.
 * jit_prof_route is a word in the page after the code region, which the
 * code loads RIP-relative (jit_prof_route_near), or else a global. */
#define PROF_MAX_UIDS (1u << 20)    /* traces beyond are not profiled */
extern uint64_t **jit_prof_route;
extern bool jit_prof_route_near;
extern int jit_profile_mode;
/* Mean number of a trace's events between two timed ones; 1: time them
 * all. Fixed when profiling starts (TPY_JIT_PROFILE_SAMPLE). */
extern int jit_prof_sample;
#define PROF_MAX_SAMPLE 100000

/* Which form of the profile PYPYLOG asks for (docs/profiler.md, "Which
 * form"): none (the profiler stays off), the summaries, or every event. */
enum ProfForm { PROF_FORM_NONE = 0, PROF_FORM_SUMMARY = 1, PROF_FORM_EVENTS = 2 };
int prof_form_wanted(void);
/* Turn profiling on (mode PROF_LOOPS or PROF_BRIDGES) in one form, once,
 * at start. */
void prof_start(int mode, int form);
/* A compiled trace gets its uid (the events' name for it). */
void prof_register(struct Trace *t);
/* Record an event now (C side): an entry from the interpreter, or an exit. */
void prof_event(struct Trace *t, ProfEventKind kind);
/* The machine code's cold path (arg: uid | kind << 32). */
void prof_slow_event(uint64_t uid_kind);
/* Nothing is recorded between these (call_assembler: charged to the
 * caller): the machine code uses the mute countdowns, C drops its events.
 * Inline, and a few instructions: compiled code calls in and out of them
 * for every call_assembler. begin returns what end restores (they nest). */
extern uint64_t *prof_mute;
static inline bool prof_suppressed(void) { return *jit_prof_route == prof_mute; }
static inline uint64_t *prof_suppress_begin(void) {
    uint64_t *was = *jit_prof_route;
    *jit_prof_route = prof_mute;
    return was;
}
static inline void prof_suppress_end(uint64_t *was) { *jit_prof_route = was; }
/* Write the buffered events to PYPYLOG (before any later section, so the
 * log stays in time order; and at exit). */
void prof_flush(void);
/* A jit-tracing section starts (true) or ends: the summary does not charge
 * compiled code for the time between (the report counts it as tracing). */
void prof_tracing(bool start);
/* At exit: the last events, and how many timestamp ticks make a second
 * (the jit-profile-calibration section the report reads). */
void prof_finish(void);
/* The time charged to t so far, in seconds, as the report would count it
 * from the summaries (flushing the buffered events first); -1 when the
 * profiler is off or writes every event instead of summaries. */
double prof_trace_seconds(const struct Trace *t);

#endif
