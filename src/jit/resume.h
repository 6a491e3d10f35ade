/* resume.h: rebuilding the objects whose allocation the optimizer removed
 * (snapshot virtuals) when a guard fails. */
#ifndef TPY_JIT_RESUME_H
#define TPY_JIT_RESUME_H

#include "trace.h"

/* Start resuming from one guard failure: forget objects built for the last. */
void resume_begin(void);
/* The object for virtual ref `ref` of g's snapshot (snap_ref_is_virtual),
 * built on first use; saved[] holds g's fail arguments. */
Value resume_virtual(const IRBuf *b, GuardDescr *g, const uint64_t *saved, IRRef ref);

#endif
