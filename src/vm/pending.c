/* pending.c: the pending-action word and the run of what waits (see
 * pending.h). */
#include "pending.h"

#include <signal.h>

#include "../runtime.h"
#include "../jit/safepoint.h"
#include "gil.h"

static volatile int64_t static_word;
volatile int64_t *pending_word = &static_word;
static bool word_near;
static volatile bool memory_error;

void pending_memory_error(void) {
    memory_error = true;
    pending_request();
    safepoint_trip();
}

int signals_run_pending(void);   /* mod/signal.c: Python handlers of tripped signals */
bool signals_tripped(void);

int pending_run(void) {
    if (!gil_is_main_thread()) {
        /* another thread: signal handlers wait for the main thread (the
           word stays set for it), the lock is handed over when asked */
        if (!signals_tripped()) {
            *pending_word = 0;
            safepoint_clear();
        }
        if (gil_drop_requested() || signals_tripped()) gil_yield();
        if (memory_error) {
            memory_error = false;
            err_no_memory();
            return -1;
        }
        return 0;
    }
    /* cleared before running, so that a signal arriving during the handlers
       requests another run instead of being lost; compiled loops made to
       leave (jit/safepoint.h) run again, handlers may use them */
    *pending_word = 0;
    safepoint_clear();
    if (gil_drop_requested()) gil_yield();
    if (memory_error) {
        memory_error = false;
        if (signals_tripped()) pending_request();
        err_no_memory();
        return -1;
    }
    int r = signals_run_pending();
    if (signals_tripped()) pending_request();   /* arrived during the run, or left by an error */
    return r;
}

void pending_place_word(volatile int64_t *near) {
    if (!near || word_near) return;
    /* a signal arriving while the word moves sets the old one; the tripped
       flags (signal.c) are the truth, the word only says "look" */
    pending_word = near;
    *near = static_word;
    if (signals_tripped()) *near = -1;
    word_near = true;
}

bool pending_word_is_near(void) { return word_near; }
