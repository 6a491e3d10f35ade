/* hooks.c: the safety contract of hooks (hooks.h). */
#include "hooks.h"

#include <string.h>

#include "../runtime.h"
#include "../vm/traceback.h"

/* mod/sys.c */
extern Value sys_module;
void sys_flush_all(void);
void sys_write_stderr(const char *s, size_t n);

static bool in_hook;
/* The innermost frame when the running hook was called (NULL: none runs). */
Frame *hook_interrupted_frame;

bool hook_running(void) { return in_hook; }

bool hook_enter(HookScope *s) {
    if (in_hook) return false;
    in_hook = true;
    s->saved_exc = err_fetch();
    /* normally no recording runs here (events come after it ended); if one
       does, it blocks new traces, and code the hook runs executes in a
       deeper C activation than the recorder's, so it is not recorded */
    s->saved_rec = jit.rec;
    hook_interrupted_frame = tstate.frame;
    return true;
}

void hook_leave(HookScope *s) {
    /* a trace the hook's code started and left (its frame is gone) */
    if (jit.rec && jit.rec != s->saved_rec) jit_abort(ABORT_ESCAPE);
    if (err_occurred()) err_clear();
    if (s->saved_exc) err_restore(s->saved_exc);
    hook_interrupted_frame = NULL;
    in_hook = false;
}

/* ---- unraisable exceptions ---------------------------------------------------------- */

static void print_report(Value exc, const char *err_msg, Value obj) {
    Buf b;
    buf_init(&b, 128);
    buf_puts(&b, err_msg);
    if (obj && obj != V_NONE) {
        buf_putc(&b, ' ');
        Value r = obj_repr(obj);
        if (r) buf_put(&b, str_data(r), (size_t)str_nbytes(r));
        else err_clear();
    }
    buf_putc(&b, '\n');
    sys_flush_all();
    sys_write_stderr(b.data, b.len);
    Value rep = err_format_exception(exc);
    if (rep) sys_write_stderr(str_data(rep), (size_t)str_nbytes(rep));
    else err_clear();
}

void hook_report_exception(const char *err_msg, Value obj) {
    Value exc = err_fetch();
    if (!exc) return;
    if (!err_call_unraisablehook(exc, str_from_cstr(err_msg), obj)) print_report(exc, err_msg, obj);
}
