/* gen.h: generator and coroutine objects. A generator owns a heap frame
 * that the interpreter runs as an entry frame; YIELD_VALUE suspends it.
 * A coroutine (the call of an `async def` function) is the same object with
 * another type: its code has CO_COROUTINE besides CO_GENERATOR (which means
 * "runs in a heap frame" to the interpreter and the JIT), and `await` is
 * GET_AWAITABLE + YIELD_FROM, the delegation generators already have. */
#ifndef TPY_GEN_H
#define TPY_GEN_H

#include "../vm/interp.h"
#include "../vm/ops.h"
#include "misc.h"
#include "set.h"

typedef struct GenObject {
    Object hdr;
    Frame *frame;           /* NULL once finished */
    Value name, qualname;
    CodeObject *code;
    bool running;
    bool started;
    bool finalizable;       /* registered to be closed when unreachable */
    /* Compiled code that ran the generator's body inline exited in the
       middle of it: the frame holds the state at that point, and the next
       resumption continues there (GEN_JIT_CONTINUE) without pushing the
       sent value, or raises jit_throw there (GEN_JIT_RAISE). */
    uint8_t jit_resume_mode;
    Value handled;          /* exception being handled inside, while suspended */
    Value yield_from;       /* sub-iterator while delegating (for throw/close) */
    Value jit_throw;
    /* Only coroutines and async generators have the fields from here on: a
       plain generator is allocated GEN_PLAIN_SIZE bytes (a tree walk by
       `yield from` makes one per node, and allocation was most of a
       generator's cost), so these are read only after a type check. */
    /* coroutines: the caller's code and line at creation, where the "never
       awaited" warning points (CPython's is where the last reference
       went, the same line when the call's result is dropped at once) */
    CodeObject *origin_code;
    int origin_line;
    /* cr_origin: ((filename, lineno, function), ...) of the frames that
       created the coroutine, innermost first, as many as
       sys.set_coroutine_origin_tracking_depth() asked for; VNULL: None */
    Value origin;
    /* async generators (CPython's names): an asend/athrow awaitable is
       being iterated (what ag_running shows); aclose() ran or the body
       ended by StopAsyncIteration or GeneratorExit; the hooks were looked
       up (at the first __anext__/asend/athrow/aclose), and the finalizer
       hook current then, called instead of closing when unreachable */
    bool ag_running_async, ag_closed, ag_hooks_inited;
    Value ag_finalizer;
} GenObject;

enum { GEN_JIT_NONE, GEN_JIT_CONTINUE, GEN_JIT_RAISE };

/* The size of a plain generator (gen_type): the fields before origin_code. */
#define GEN_PLAIN_SIZE offsetof(GenObject, origin_code)

extern Type gen_type, coro_type, coro_wrapper_type, async_gen_type;

static inline bool gen_check(Value v) { return v && v_is_ptr(v) && V_OBJ(v)->type == &gen_type; }
static inline bool coro_check(Value v) { return v && v_is_ptr(v) && V_OBJ(v)->type == &coro_type; }
/* A generator or a coroutine: resumed by gen_send_ex and gen_throw. */
static inline bool genlike_check(Value v) {
    return v && v_is_ptr(v) && (V_OBJ(v)->type == &gen_type || V_OBJ(v)->type == &coro_type);
}

/* What `await v` iterates (GET_AWAITABLE): a coroutine, a generator whose
 * code is CO_ITERABLE_COROUTINE, or the iterator v.__await__() returns.
 * where: 0 plain await, 1 the result of __aenter__, 2 of __aexit__ (for
 * CPython's messages). VNULL with TypeError / RuntimeError set. */
Value coro_get_awaitable(Value v, int where);
/* GET_ANEXT: the awaitable of ait.__anext__() for `async for`. */
Value async_get_anext(Value ait);
/* sys.set_coroutine_origin_tracking_depth(): frames recorded in cr_origin */
extern int64_t coro_origin_tracking_depth;
/* frame.clear() of a suspended generator's frame: what the collector does to
   an unreachable one, now (close it; a coroutine that never ran warns) */
int gen_finalize_now(Value gen);
/* Throw exc into a generator or coroutine at its suspension point. */
Value gen_throw(Value g, Value exc);

static inline bool async_gen_check(Value v) { return v && v_is_ptr(v) && V_OBJ(v)->type == &async_gen_type; }

/* ASYNC_GEN_WRAP: marks a value an async generator yields (as opposed to
 * one an await inside it passes up to the event loop). */
Value async_gen_wrap(Value v);
/* sys.set_asyncgen_hooks / get_asyncgen_hooks state (VNULL: unset). */
extern Value asyncgen_firstiter, asyncgen_finalizer;
/* The builtins aiter() and anext() (mod/builtins.c's table). */
Value builtin_aiter(Value *args, size_t nargs, Value kwnames);
Value builtin_anext(Value *args, size_t nargs, Value kwnames);

/* A new generator for a frame set up by the caller (arguments bound). */
Value gen_new(Frame *f, FunctionObject *func);
/* Resume with `value` (VNULL: next()). Returns 1 with *out = yielded value,
 * 0 with *out = return value when the generator finished, -1 on error. */
int gen_send_ex(Value gen, Value value, Value *out);
/* The values after which a generator may run on at once for a consumer
 * (gen_send_batch, GenAheadIter): taking them runs no Python code, raises
 * nothing and does not end the consumer's loop, given the consumer's
 * state when it asked. An enum and an inline switch rather than a
 * function pointer: jit_gen_run_batch compiles its loop once per rule
 * (GEN_AHEAD_RULES), so the check is inline there, as set_key_is_plain
 * was for set(g) alone.
 *   NONE          no value: one at a time
 *   ANY           every value: filling a new list (list(g), tuple(g), sorted(g), str.join)
 *   SET_KEY       exact int, float or str: filling a new set (set_key_is_plain)
 *   NUMBER        exact int or float: min/max of numbers (they compare exactly)
 *   SMALL_NUMBER  small int or exact float: sum() of a small-int or float total
 *   PLAIN_TRUE    true without Python code (True, a nonzero number, a non-empty str): all()
 *   PLAIN_FALSE   false without Python code (False, None, zero, ''): any() */
#define GEN_AHEAD_RULES(_) _(NONE) _(ANY) _(SET_KEY) _(NUMBER) _(SMALL_NUMBER) _(PLAIN_TRUE) _(PLAIN_FALSE)
typedef enum GenAheadRule {
#define GEN_AHEAD_ENUM(name) GEN_AHEAD_##name,
    GEN_AHEAD_RULES(GEN_AHEAD_ENUM)
#undef GEN_AHEAD_ENUM
} GenAheadRule;

static inline bool gen_ahead_accepts(GenAheadRule rule, Value v) {
    switch (rule) {
    case GEN_AHEAD_NONE: return false;
    case GEN_AHEAD_ANY: return true;
    case GEN_AHEAD_SET_KEY: return set_key_is_plain(v);
    case GEN_AHEAD_NUMBER: return int_check_exact(v) || float_check_exact(v);
    case GEN_AHEAD_SMALL_NUMBER: return v_is_int(v) || float_check_exact(v);
    case GEN_AHEAD_PLAIN_TRUE:
        if (v == V_TRUE) return true;
        if (v_is_int(v)) return v_intval(v) != 0;
        if (float_check_exact(v)) return float_val(v) != 0.0;
        return str_check_exact(v) && str_len(v) > 0;
    case GEN_AHEAD_PLAIN_FALSE:
        if (v == V_FALSE || v == V_NONE) return true;
        if (v_is_int(v)) return v_intval(v) == 0;
        if (float_check_exact(v)) return float_val(v) == 0.0;
        return str_check_exact(v) && str_len(v) == 0;
    }
    return false;
}

/* next(gen) for a consumer that takes every item and whose taking an
 * exact int, float or str no program can see (set(gen) filling a new
 * set) or another value `rule` accepts: as gen_send_ex(gen, VNULL, out),
 * but compiled code may run the generator on past yields of such values
 * (jit_gen_run_batch), which then
 * come in ahead[0 .. *nahead) before *out, up to cap of them. The
 * consumer takes ahead[] first, then what gen_send_ex would have given. */
int gen_send_batch(Value gen, Value *ahead, int cap, int *nahead, Value *out, GenAheadRule rule);

/* A C consumer's loop over an iterator that, when it is a generator, may
 * take its values in batches (gen_send_batch): the builtins that fill a
 * new container or fold values (list(g), tuple(g), sum, min, max, any,
 * all). gen_ahead_next(ai, rule) is obj_next(it) (VNULL at the end, with
 * the exception set if one was raised), except that the generator may run
 * on past yields of values the rule accepts. It is for a consumer whose
 * taking of such values runs no Python code, raises nothing and ends
 * nothing (a value that ends the loop, as any()'s first true one, is one
 * the rule refuses), given the consumer's state when it asks: it passes a
 * rule other than GEN_AHEAD_NONE only while that state allows (sum's total
 * a small int or float, max's best so far a number). Values taken ahead
 * are given back first, in order, whatever the rule is then, and an exception the
 * generator raised after them is raised once they are taken. The struct
 * lives on the C stack, which the collector scans. */
#define GEN_AHEAD_CAP 32
typedef struct GenAheadIter {
    Value it;
    bool gen;     /* it is an exact generator: batches are possible */
    bool ended;   /* the generator finished or raised after buf's values */
    Value exc;    /* what it raised, raised after buf's values */
    int pos, n;   /* buf[pos .. n) are still to be given */
    Value buf[GEN_AHEAD_CAP + 1];
} GenAheadIter;
void gen_ahead_init(GenAheadIter *ai, Value it);
Value gen_ahead_refill(GenAheadIter *ai, GenAheadRule rule);
/* Will the next gen_ahead_next ask the generator for a batch (the rule
   matters)? A consumer whose rule depends on its state checks the state
   only then. */
static inline bool gen_ahead_will_refill(const GenAheadIter *ai) { return ai->gen && ai->pos >= ai->n; }
/* (inline: a consumer of another iterator, or with the JIT off, pays two
   compares per item over obj_next) */
static inline Value gen_ahead_next(GenAheadIter *ai, GenAheadRule rule) {
    if (ai->pos < ai->n) return ai->buf[ai->pos++];
    if (!ai->gen) return obj_next(ai->it);
    return gen_ahead_refill(ai, rule);
}

/* generator.send (the recorder runs a generator's body inline for it:
 * record.c record_gen_send). */
Value gen_send_method(Value *args, size_t nargs, Value kwnames);

/* next(gen): StopIteration(return value) when it finishes (the iternext
 * slot instead ends without an exception, as every iterator's does). */
Value gen_next_raising(Value gen);

/* For compiled code that runs a generator's body inline (record.c):
 * gen_jit_enter checks that g is suspended at instruction `pc` of `code`
 * (a fresh generator: pc 0 and `started` false) with nothing pending, and
 * marks it started; gen_jit_suspend does what a YIELD_VALUE leaves behind
 * (next instruction, stack depth, finalizer registration). */
int64_t gen_jit_enter(Value g, Value code, int64_t pc_started);
int64_t gen_jit_suspend(Value g, int64_t next_pc, int64_t depth);
/* A generator resume trace (the generator's own frame is the trace's root,
 * trace.c jit_gen_resume) yields: the frame's next instruction and stack
 * depth as YIELD_VALUE leaves them; the interpreter then returns the value
 * from the frame as YIELD_VALUE does (slots are stored by the trace). */
int64_t gen_jit_root_yield(Value frame, int64_t next_pc, int64_t depth);
/* The same at a RETURN_VALUE of the trace's root frame: the generator
 * finishes (the one before the frame's new ip is a RETURN_VALUE, which is
 * how jit_gen_run and the interpreter tell it from a yield). */
int64_t gen_jit_root_return(Value frame, int64_t next_pc, int64_t depth);

void gen_init(void);

#endif
