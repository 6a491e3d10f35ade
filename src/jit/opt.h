/* opt.h: the trace optimizer, between the recorder and the backend.
 *
 * optimize_trace() turns a recorded trace (the "noopt" trace that
 * jit-log-noopt-* shows) into the trace the backend compiles. Passes are
 * named as PyPy's enable_opts names them (params.h JIT_OPT_DEF) and each
 * runs only when its bit is set in jit_params.opts_mask.
 *
 * Input (recorder output; see record.c):
 *   loop:   inputarg_r p0 (the root Frame *), getarrayitem_gc_r loads of
 *           the frame's slots, label(p0, slots...) [TargetDescr], body,
 *           jump(p0, values...) to that label's TargetDescr.
 *   bridge: inputarg_i/f/r per fail argument of the guard it starts at
 *           (in GuardDescr.fail_args order), body, then a jump to some
 *           loop's first label (with 'r' arguments) or finish.
 * Every guard's GuardDescr.snap refers to refs of the input buffer.
 *
 * Output (what the backend accepts):
 *   - SSA over existing IROP_DEF operations; arguments are earlier ops or
 *     constants of the output buffer.
 *   - a loop keeps its first label (bridges from other traces jump there
 *     with boxed 'r' arguments); unrolling adds a second label with its own
 *     TargetDescr (typed arguments) that the final jump targets.
 *   - guards keep their GuardDescr, with a snapshot (snapshot_copy) whose
 *     refs are output refs; removed allocations appear in snap->virtuals.
 * Returns false (and leaves *out unspecified) only on an internal limit;
 * the caller then compiles the input unchanged.
 */
#ifndef TPY_JIT_OPT_H
#define TPY_JIT_OPT_H

#include "trace.h"

bool optimize_trace(const IRBuf *in, TraceKind kind, IRBuf *out);
/* A bridge from guard `from` (kind TRACE_BRIDGE): its inputs after the
 * frame are from's fail arguments, and start with what the parent's
 * optimizer knew of them there (GuardDescr.facts). */
bool optimize_bridge(const IRBuf *in, IRBuf *out, const GuardDescr *from);

#endif
