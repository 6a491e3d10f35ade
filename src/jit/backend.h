/* backend.h: IR -> x86-64 machine code.
 *
 * Calling convention of compiled code (System V):
 *
 *   GuardDescr *entry(Frame *frame, uint64_t *saved);
 *
 * A loop is entered from the interpreter with the frame of its loop header
 * (input argument p0). It runs until a guard fails; the failure path
 * stores the guard's fail arguments, in order, into saved[] (raw words:
 * Values, int64s, or double bits) and returns the GuardDescr. A `finish`
 * returns the special FINISH descriptor with the result in saved[0].
 *
 * Bridges are compiled to run inside their parent's machine-code frame:
 * they receive the fail arguments where the parent's guard had them
 * (GuardDescr.fail_locs) and the guard's jump is patched to them.
 */
#ifndef TPY_JIT_BACKEND_H
#define TPY_JIT_BACKEND_H

#include "trace.h"

/* Compile a loop (ir: inputargs, loads, label, body, jump). */
bool backend_compile_loop(Trace *t);
/* Compile a bridge starting at guard g of trace g->owner and attach it. */
bool backend_compile_bridge(Trace *t, GuardDescr *g);
/* Free a trace's machine code (it must not be running). */
void backend_free(Trace *t);
/* Machine code memory: bytes reserved and in use. */
void backend_memory(size_t *reserved, size_t *used);

/* The saved[] area must have room for this many words. */
#define BACKEND_MAX_FAIL_ARGS 1024

void backend_init(void);

#endif
