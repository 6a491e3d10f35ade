/* resume.h: the values of a failing guard's snapshot: fail arguments,
 * constants, and the objects whose allocation the optimizer removed
 * (snapshot virtuals). */
#ifndef TPY_JIT_RESUME_H
#define TPY_JIT_RESUME_H

#include "trace.h"

/* Start resuming from one guard failure: forget objects built for the last. */
void resume_begin(void);
/* The Python value of snapshot slot s at g's failure (building virtuals). */
Value resume_slot(const IRBuf *b, GuardDescr *g, const uint64_t *saved, SnapSlot s);
/* The object for virtual ref `ref` of g's snapshot (snap_ref_is_virtual),
 * built on first use; saved[] holds g's fail arguments. */
Value resume_virtual(const IRBuf *b, GuardDescr *g, const uint64_t *saved, IRRef ref);
/* After the frames are rebuilt (frames[0..n), outermost first): the
 * exceptions built in this resume whose traceback field holds the
 * recorder's recipe (record.c: raised and caught in one trace) get the
 * traceback the interpreter would have made. */
void resume_fix_tracebacks(Frame *const *frames, int n);

/* The frames compiled code inlined around a residual call, made real while
 * the call runs (jit_force_frames() in trace.c): frames[0..n) outermost
 * first, heap frames (on_heap, jit_forced_frame) whose chain ends at the
 * root frame; and the objects built for the snapshot's virtuals then, which
 * the resume after the call reuses (one object, whoever saw it). */
typedef struct ForcedFrames {
    int32_t n;
    Frame **frames;
    int32_t nmemo;
    IRRef *memo_refs;
    Value *memo_vals;
} ForcedFrames;

/* Build the inlined frames of g's snapshot (g: the guard_no_exception of the
 * call now running, saved[]: its fail arguments' values) and write the
 * root frame's variables, which compiled code keeps in registers. */
ForcedFrames *resume_force_frames(Frame *root, GuardDescr *g, const uint64_t *saved);
/* After resume_begin(): the objects ff's force built stand for their refs. */
void resume_reuse_forced(const ForcedFrames *ff);

#endif
