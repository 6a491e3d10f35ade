/* hooks.h: calling user code (Python hooks of pypyjit, C callbacks of the
 * embedding API) from inside the JIT, safely.
 *
 * The contract, for every hook:
 *   - never re-entered: an event that happens while a hook runs reaches no
 *     hook (PyPy's rule: "jit hook is not reentrant");
 *   - the JIT keeps working while it runs, as PyPy's: code the hook runs
 *     is traced and compiled (without hook events). The trace the event is
 *     about is no longer being recorded (trace.c ends the recording before
 *     reporting it), and if the hook changes what that trace relies on (a
 *     watched global or class, releaseall() freeing the loop it jumps to
 *     or the guard it starts from) it is not compiled; a recording started
 *     by the hook's code and still running when the hook returns is
 *     aborted;
 *   - an exception pending when the event fired is kept aside and
 *     restored afterwards;
 *   - an exception raised by a hook is reported as PyPy reports it
 *     ("Exception ignored in: jit hook <hook>", through
 *     sys.unraisablehook) and the program goes on;
 *   - objects handed to a hook are copies (strings, tuples, ints): keeping
 *     them, or calling pypyjit.releaseall(), cannot reach freed JIT data.
 */
#ifndef TPY_INTROSPECT_HOOKS_H
#define TPY_INTROSPECT_HOOKS_H

#include "../jit/trace.h"

typedef struct HookScope {
    Value saved_exc;
    struct Recorder *saved_rec;     /* the recording when the hook started */
} HookScope;

/* Enter a hook; false (and nothing to undo) if one is already running. */
bool hook_enter(HookScope *s);
void hook_leave(HookScope *s);
bool hook_running(void);
/* While a hook runs: the innermost frame when it was called. That frame
 * and those outside it were interrupted wherever the JIT called the hook
 * (the recorder, mid-instruction), so their saved stack tops and
 * instruction pointers may be stale: gc.collect() leaves their value
 * stacks alone. NULL when no hook runs. */
extern struct Frame *hook_interrupted_frame;
/* Report the pending exception as unraisable: err_msg is PyPy's
 * ("Exception ignored in: jit hook " or "... jit hook"), obj the hook. */
void hook_report_exception(const char *err_msg, Value obj);

/* ---- the Python hooks (mod/pypyjit.c) ------------------------------------------- */
bool pyhooks_any(void);
void pyhooks_abort(AbortReason reason, CodeObject *code, int32_t pc, GuardDescr *g, const IRBuf *ops);
void pyhooks_too_long(CodeObject *code, int32_t pc);
void pyhooks_optimize(Trace *t);
void pyhooks_compiled(Trace *t);

/* ---- the C hooks (introspect/embed.c) ------------------------------------------- */
bool chooks_any(void);
void chooks_abort(AbortReason reason, CodeObject *code, int32_t pc, GuardDescr *g, const IRBuf *ops);
void chooks_too_long(CodeObject *code, int32_t pc);
void chooks_optimize(Trace *t);
void chooks_compiled(Trace *t);

#endif
