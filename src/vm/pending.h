/* pending.h: actions that wait for a safe point.
 *
 * Some events cannot be acted on where they happen: a signal arrives
 * between any two machine instructions, where running a Python handler
 * would break the interpreter's invariants. They set the pending word,
 * and the code that can act polls it at safe points:
 *
 *   - the interpreter: at every backward jump (JUMP_ABSOLUTE) and before
 *     every Python call, so no Python loop or recursion escapes it;
 *   - compiled code: at every loop back edge and function-trace entry, as
 *     PyPy does (`getfield_raw_i(word)`, `int_lt(.., 0)`, `guard_false`):
 *     a set word fails the guard and the interpreter resumes exactly
 *     there, at the JUMP_ABSOLUTE (or the function's first instruction),
 *     where it runs the actions;
 *   - long C operations (sorting, joining, big-int powers, sleeping,
 *     blocking reads): pending_check() every so often.
 *
 * The word is 0 when nothing waits and negative when something does (the
 * sign PyPy's traces test). It lives where machine code reaches it with
 * one RIP-relative load once the JIT has its code region
 * (pending_place_word()); before that in a static.
 *
 * pending_run() does the work and may raise (KeyboardInterrupt, or
 * whatever a signal handler raises): the caller treats -1 as an error at
 * the instruction it is executing. It runs only in the main thread. As in
 * CPython, a signal arriving while a Python handler runs is handled at the
 * handler's next safe point (handlers nest).
 */
#ifndef TPY_VM_PENDING_H
#define TPY_VM_PENDING_H

#include <stdbool.h>
#include <stdint.h>

extern volatile int64_t *pending_word;

/* Is an action waiting? One load and a test: cheap enough for any loop. */
static inline bool pending(void) { return __builtin_expect(*pending_word != 0, 0); }

/* Ask for pending_run() at the next safe point. Async-signal-safe. */
static inline void pending_request(void) { *pending_word = -1; }

/* Run what waits. 0, or -1 with an exception set. */
int pending_run(void);

/* The allocator took its reserve (gc.c): MemoryError at the next safe
 * point (installed as the collector's memory-error hook). */
void pending_memory_error(void);

/* For C loops: 0, or -1 with an exception set. */
static inline int pending_check(void) { return pending() ? pending_run() : 0; }

/* Move the word to `near` (8 bytes the JIT's code reaches RIP-relative),
 * keeping a request already made. */
void pending_place_word(volatile int64_t *near);

/* Whether the word is at the address the JIT placed it (mcode near data). */
bool pending_word_is_near(void);

#endif
