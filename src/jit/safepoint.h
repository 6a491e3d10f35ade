/* safepoint.h: compiled loops see a pending action (vm/pending.h) without
 * testing for it on their hot path.
 *
 * Each compiled loop registers one conditional jump of its loop body (the
 * code after its last label): the jcc of its first guard that is
 * GUARD_REPLAYABLE. The body is straight-line code, so that jcc runs in
 * every iteration. When an action is requested, safepoint_trip() rewrites
 * every registered jcc into an unconditional jump to the same guard's exit
 * (past the jump a bridge would take: nothing failed). The loop leaves at
 * its next iteration, exactly (the guard's snapshot is the state before its
 * instruction, which the interpreter then runs), and the interpreter runs
 * the actions at its next safe point; pending_run() calls
 * safepoint_clear() first, which restores the bytes. While tripped, guard
 * exits are not failures (no fail count, no bridge).
 *
 *     before:  0F 8x <rel32>        jcc  stub            (6 bytes)
 *     tripped: E9 <rel32'> 90       jmp  stub + 5 ; nop
 *
 * A loop with no replayable guard in its body, a bridge, a function trace
 * (recursion) keep the explicit poll of the pending word (three IR ops, one
 * compare with the word in memory and a branch).
 *
 * safepoint_trip() runs in signal handlers: it allocates nothing and only
 * writes the registered bytes (with mprotect around them). The main thread
 * brackets everything that writes machine code or edits the sites with
 * safepoint_busy_begin/end; a trip that finds it busy is done by
 * safepoint_busy_end().
 */
#ifndef TPY_JIT_SAFEPOINT_H
#define TPY_JIT_SAFEPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Room for one more site: false if memory is short (the loop then keeps
 * its poll). Call before compiling a loop; then safepoint_register() of
 * one site cannot fail. */
bool safepoint_reserve(void);
/* jcc: the first byte (0x0F) of a placed `jcc rel32` to a guard's stub. */
void safepoint_register(uint8_t *jcc);
/* The code in [start, start+len) is being freed: forget its sites. */
void safepoint_forget(const uint8_t *start, size_t len);

/* Make every registered loop leave at its next iteration. Async-signal-safe. */
void safepoint_trip(void);
/* Restore the loops (main thread, at a safe point). */
void safepoint_clear(void);
bool safepoint_tripped(void);

/* Around writing machine code and editing the sites (main thread). Nests. */
void safepoint_busy_begin(void);
void safepoint_busy_end(void);

#endif
