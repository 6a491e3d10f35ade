/* backend.h: IR -> x86-64 machine code.
 *
 * Calling convention of compiled code (System V):
 *
 *   GuardDescr *entry(Frame *frame);
 *
 * A loop or function trace is entered from the interpreter with its root
 * frame (input argument p0). It runs until an exit: a failing guard or a
 * `finish`. The exit path stores the exit's fail arguments, in order, into
 * jit_saved_area[] (raw words: Values, int64s, or double bits) and returns
 * the exit's GuardDescr; a function trace's return stores the result in
 * jit_saved_area[0] and returns &jit_done_descr.
 *
 * Machine frame. Every trace uses the same frame layout, so a loop, its
 * bridges and the loops they jump to all run in the frame the interpreter
 * entered: rbp-based, callee-saved registers pushed, then JIT_FRAME_SLOTS
 * 8-byte spill slots (slot 0 always holds p0, the root Frame *) and
 * JIT_SAVE_SLOTS slots where slow paths save registers around C calls.
 *
 * Locations. A value lives in a register and/or a spill slot; a Loc names
 * one: 0-15 general registers (asm_x64.h AsmReg numbers), 16-31 XMM
 * registers, 32+k spill slot k. GuardDescr.fail_locs and
 * TargetDescr.arg_locs hold Locs: a bridge starts with its inputs where
 * its guard had them, and a jump to a label moves values where the label
 * expects them.
 */
#ifndef TPY_JIT_BACKEND_H
#define TPY_JIT_BACKEND_H

#include "trace.h"

typedef int32_t Loc;
#define LOC_NONE (-1)
#define LOC_XMM0 16
#define LOC_SLOT0 32
#define loc_is_gpr(l) ((l) >= 0 && (l) < 16)
#define loc_is_xmm(l) ((l) >= 16 && (l) < 32)
#define loc_is_slot(l) ((l) >= 32)

/* Small, because recursion through call_assembler nests machine frames */
#define JIT_FRAME_SLOTS 100
#define JIT_SAVE_SLOTS 24

/* Compile a loop or function trace (t->ir); sets t->entry. */
bool backend_compile_loop(Trace *t);
/* Compile a bridge (t->ir: inputarg p0, then one inputarg per fail
 * argument of g) and attach it to guard g of g->owner. */
bool backend_compile_bridge(Trace *t, GuardDescr *g);
/* Free a trace's machine code (it must not be running or reachable). */
void backend_free(Trace *t);
/* Machine code memory: bytes reserved and in use. */
void backend_memory(size_t *reserved, size_t *used);

/* The saved[] area must have room for this many words. */
#define BACKEND_MAX_FAIL_ARGS 1024
extern uint64_t jit_saved_area[BACKEND_MAX_FAIL_ARGS];
/* Returned by a function trace that returned (result in jit_saved_area[0]). */
extern GuardDescr jit_done_descr;

/* During a residual call made from inlined frames (Frame.jit_call_mframe
 * is mframe): the call's guard_no_exception, whose snapshot describes the
 * frames, and (out, if not NULL: room for its nfail_args) the values of its
 * fail arguments, read from the machine frame. */
void backend_forced_values(void *mframe, GuardDescr **site, uint64_t *out);

void backend_init(void);

#endif
