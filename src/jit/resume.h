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

#endif
