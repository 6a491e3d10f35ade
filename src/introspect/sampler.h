/* sampler.h: the sampling profiler that reaches source lines.
 *
 * A CPU-time timer (timer_create(CLOCK_PROCESS_CPUTIME_ID), SIGPROF, at
 * sampler_hz a second) interrupts the program; the handler reads the
 * interrupted RIP, RSP and RBP and a few VM globals and appends one fixed
 * record to a preallocated ring. It allocates nothing, takes no lock and
 * writes nothing but the ring and two counters (async-signal-safe). What
 * a sample is charged to, first rule that applies:
 *
 *   gc         a collection runs (the collector's start/end events)
 *   mcode      RIP is in the JIT's code region: the record keeps RIP
 *   helper     tpy_vmstate is VM_MCODE (compiled code runs, and called C):
 *              the frame-pointer chain from RBP (tpy and its machine code
 *              keep frame pointers) leads to the first return address in
 *              the code region, the instruction after the calling op's call
 *   compiling  tpy_vmstate is VM_COMPILING (optimizer and backend)
 *   tracing    a trace is being recorded (jit.recording)
 *   interp     the interpreter, in tstate.frame: its code, and the
 *              instruction the interpreter's `ip` register points after
 *              (found among the interrupted registers and the stack words
 *              saved below the innermost eval_frame activation)
 *   other      none of these (another thread, a full ring)
 *
 * Samples are resolved to names outside the handler (sampler_drain): a
 * code address to its trace and offset, a code object to its file, line
 * and function. The ring is drained before a trace's code is freed and at
 * every collection's start, so a sample never outlives what it names. At
 * exit (sampler_finish) the counts go to the profile log as one section:
 *
 *   [ts] {jit-profile-samples
 *   hz=1000
 *   mcode loop 3 +0x1c 12
 *   helper bridge 7 +0x40 5
 *   interp 40 /path/prog.py:14 words
 *   tracing 3
 *   compiling 2
 *   gc 7
 *   other 1
 *   [ts] jit-profile-samples}
 *
 * (docs/profiler.md, "Sampled source lines"; lib/jitprof.py reads it).
 */
#ifndef TPY_INTROSPECT_SAMPLER_H
#define TPY_INTROSPECT_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

struct Trace;

/* What a sample is charged to, defined once: enum, keyword in the log */
#define SAMPLE_KIND_DEF(_)          \
    _(SAMPLE_MCODE, "mcode")        \
    _(SAMPLE_HELPER, "helper")      \
    _(SAMPLE_INTERP, "interp")      \
    _(SAMPLE_TRACING, "tracing")    \
    _(SAMPLE_COMPILING, "compiling") \
    _(SAMPLE_GC, "gc")              \
    _(SAMPLE_OTHER, "other")

typedef enum SampleKind {
#define SAMPLE_KIND_ENUM(e, word) e,
    SAMPLE_KIND_DEF(SAMPLE_KIND_ENUM)
#undef SAMPLE_KIND_ENUM
    SAMPLE__COUNT
} SampleKind;

/* What the program is doing, as far as the handler cannot tell from RIP:
 * set around the runs of compiled code (run_trace), the interpreter's
 * activations (eval_frame) and compiling (compile_recorded); each saves
 * the state it found and restores it. */
enum VmState { VM_INTERP = 0, VM_MCODE = 1, VM_COMPILING = 2 };
extern volatile uint8_t tpy_vmstate;
/* The innermost eval_frame activation's frame address: the interpreter's
 * registers are saved below it. */
extern void *volatile sampler_interp_fp;

#define SAMPLER_DEFAULT_HZ 1000
#define SAMPLER_MAX_HZ 100000
extern int sampler_hz;      /* 0: off */

/* Parse a rate ("0" .. SAMPLER_MAX_HZ); -1 if it is not one. */
int sampler_parse_hz(const char *text);
/* Start sampling (with the profiler, prof_start) at TPY_JIT_PROFILE_HZ
 * or the default rate. */
void sampler_start(void);
/* Resolve the samples taken so far (main thread, or the thread that
 * collects; not in a signal handler). */
void sampler_drain(void);
/* A trace's machine code is placed / about to be freed. */
void sampler_code_added(const struct Trace *t);
void sampler_code_freed(const struct Trace *t);
/* Stop the timer and write the jit-profile-samples section. */
void sampler_finish(void);

#endif
