/* gen.h: generator objects. A generator owns a heap frame that the
 * interpreter runs as an entry frame; YIELD_VALUE suspends it. */
#ifndef TPY_GEN_H
#define TPY_GEN_H

#include "../vm/interp.h"

typedef struct GenObject {
    Object hdr;
    Frame *frame;           /* NULL once finished */
    Value name, qualname;
    CodeObject *code;
    bool running;
    bool started;
    bool finalizable;       /* registered to be closed when unreachable */
    Value handled;          /* exception being handled inside, while suspended */
    Value yield_from;       /* sub-iterator while delegating (for throw/close) */
} GenObject;

extern Type gen_type;

static inline bool gen_check(Value v) { return v && v_is_ptr(v) && V_OBJ(v)->type == &gen_type; }

/* A new generator for a frame set up by the caller (arguments bound). */
Value gen_new(Frame *f, FunctionObject *func);
/* Resume with `value` (VNULL: next()). Returns 1 with *out = yielded value,
 * 0 with *out = return value when the generator finished, -1 on error. */
int gen_send_ex(Value gen, Value value, Value *out);

/* next(gen): StopIteration(return value) when it finishes (the iternext
 * slot instead ends without an exception, as every iterator's does). */
Value gen_next_raising(Value gen);

void gen_init(void);

#endif
