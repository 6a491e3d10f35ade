/* gen.c: generators and coroutines: send, throw, close, iteration,
 * yield-from delegation (which `await` is), coroutine wrappers. */
#include "gen.h"

#include "../mod/modules.h"
#include "../runtime.h"
#include "../vm/opcodes.h"
#include "../vm/traceback.h"
#include "../jit/params.h"
#include "../jit/trace.h"

Type gen_type, coro_type, coro_wrapper_type, async_gen_type;

static void gen_finalize(void *p);
static Value coro_origin_of(Frame *f);

/* The noun CPython's messages use for g ("coroutine already executing"). */
static const char *gen_kind(GenObject *g) {
    return g->hdr.type == &coro_type ? "coroutine" : g->hdr.type == &async_gen_type ? "async generator" : "generator";
}

Value gen_new(Frame *f, FunctionObject *func) {
    bool coro = (f->code->flags & CO_COROUTINE) != 0;
    Type *t = coro ? &coro_type : (f->code->flags & CO_ASYNC_GENERATOR) ? &async_gen_type : &gen_type;
    GenObject *g = (GenObject *)obj_alloc(t, t == &gen_type ? GEN_PLAIN_SIZE : sizeof *g);
    g->frame = f;
    g->name = func->name;
    g->qualname = func->qualname;
    g->code = f->code;
    Value v = V_FROM_PTR(g);
    f->gen = v;
    if (coro) {
        /* an unreachable coroutine that never ran is reported (as CPython's
           "was never awaited" warning); one that did run is closed */
        g->finalizable = true;
        gc_register_finalizer(g, gen_finalize);
        Frame *cf = tstate.frame;
        if (cf && cf->code) {
            g->origin_code = cf->code;
            g->origin_line = code_line(cf->code, (int)(cf->ip - cf->code->code) - 1);
        }
        if (coro_origin_tracking_depth > 0 && (f->code->flags & CO_COROUTINE)) g->origin = coro_origin_of(cf);
    }
    return v;
}

int64_t coro_origin_tracking_depth;

/* cr_origin: the innermost frames from f out, up to the tracking depth */
static Value coro_origin_of(Frame *f) {
    Value l = list_new(0);
    for (int64_t n = 0; f && n < coro_origin_tracking_depth; f = frame_back(f)) {
        if (!f->code) continue;
        list_append(l, tuple_pack(3, f->code->filename, v_int(code_line(f->code, frame_lasti(f))), f->code->name));
        n++;
    }
    return tuple_from_array(list_items(l), list_size(l));
}

/* The warning's text: CPython's warnings._warn_unawaited_coroutine's, with
   the frames of cr_origin (outermost first) as a traceback shows them */
static Value never_awaited_message(GenObject *g) {
    Value msg = str_printf("coroutine '%U' was never awaited", g->qualname);
    if (!msg || !g->origin) return msg;
    Value linecache = import_name(str_intern_cstr("linecache"), V_NONE, v_int(0), VNULL);
    Value traceback = linecache ? import_name(str_intern_cstr("traceback"), V_NONE, v_int(0), VNULL) : VNULL;
    if (!traceback) return VNULL;
    int64_t n = tuple_size(g->origin);
    Value entries = list_new(0);
    for (int64_t i = n - 1; i >= 0; i--) {
        Value *o = tuple_items(tuple_items(g->origin)[i]);
        Value gl_args[2] = {o[0], o[1]};
        Value line = obj_call(obj_getattr_cstr(linecache, "getline"), gl_args, 2, VNULL);
        if (!line) return VNULL;
        list_append(entries, tuple_pack(4, o[0], o[1], o[2], line));
    }
    Value fl = obj_getattr_cstr(traceback, "format_list");
    Value lines = fl ? obj_call1(fl, entries) : VNULL;
    if (!lines) return VNULL;
    Value parts = list_new(0);
    list_append(parts, str_concat(msg, str_from_cstr("\n")));
    list_append(parts, str_from_cstr("Coroutine created at (most recent call last)\n"));
    Value head = obj_call_method(str_empty, "join", &parts, 1);
    Value tail = head ? obj_call_method(str_empty, "join", &lines, 1) : VNULL;
    Value joined = tail ? str_concat(head, tail) : VNULL;
    if (!joined) return VNULL;
    Value strip_arg = str_from_cstr("\n");
    return obj_call_method(joined, "rstrip", &strip_arg, 1);
}

/* CPython's RuntimeWarning for a coroutine collected before it started,
 * through the warnings filters (catch_warnings records it, "error" makes it
 * an unraisable exception, as CPython's), at the line that created the
 * coroutine (GenObject.origin_line: where CPython, which frees it when its
 * last reference goes, usually reports it). It comes when the collector
 * finds the coroutine unreachable, later than CPython. */
static void coro_warn_never_awaited(GenObject *g) {
    Value gv = V_FROM_PTR(g);
    Value saved = err_fetch();
    /* CPython imports the warnings module for this warning: its formatting
       (the tracemalloc hint for the source) is the one shown */
    if (!import_name(str_intern_cstr("warnings"), V_NONE, v_int(0), VNULL)) err_clear();
    Value msg = never_awaited_message(g);
    Value filename = g->origin_code ? g->origin_code->filename : str_from_cstr("sys");
    int64_t lineno = g->origin_code ? g->origin_line : 1;
    if (!msg || warn_explicit_source_c(&exc_RuntimeWarning, msg, filename, lineno, gv) < 0)
        err_write_unraisable(err_fetch(), "", gv);
    err_restore(saved);
}

static Value gen_close_m(Value *args, size_t nargs, Value kwnames);

int gen_finalize_now(Value gen) {
    GenObject *g = V_AS(GenObject, gen);
    if (g->hdr.type == &coro_type && g->frame && !g->started) {
        coro_warn_never_awaited(g);
        g->frame = NULL;   /* finished: the collector's finalizer has nothing left to report */
        return 0;
    }
    return obj_call_method(gen, "close", NULL, 0) ? 0 : -1;
}

/* An unreachable suspended generator is closed, running its finally
 * blocks (from a finalizer: the exception state is the caller's). */
static void gen_finalize(void *p) {
    GenObject *g = p;
    if (g->hdr.type == &coro_type && g->frame && !g->started) {
        coro_warn_never_awaited(g);
        return;
    }
    if (g->hdr.type == &async_gen_type && g->frame && g->ag_finalizer && !g->ag_closed) {
        /* the event loop's hook closes it (by scheduling aclose()) */
        Value gv = V_FROM_PTR(g);
        Value saved = err_fetch();
        if (!obj_call1(g->ag_finalizer, gv)) err_write_unraisable(err_fetch(), "", gv);
        err_restore(saved);
        return;
    }
    if (!g->frame || !g->started || g->running) return;
    Value gv = V_FROM_PTR(g);
    Value saved = err_fetch();
    if (!gen_close_m(&gv, 1, VNULL) && err_occurred()) err_write_unraisable(err_fetch(), "", gv);
    err_restore(saved);
}

/* A finished generator's frame is still an object on the heap, and the
 * conservative collector may find a stale pointer to it (a callee-saved
 * register of a caller, a slot a C function never rewrote): its locals
 * would stay alive through it. CPython clears the frame of a generator that
 * returns; this does the same. */
static void gen_frame_forget_values(Frame *f) {
    CodeObject *co = f->code;
    size_t n = (size_t)(co->nlocals + co->ncells + co->nfrees + co->stacksize);
    memset(f->localsplus, 0, n * sizeof(Value));
}

/* The frame of a generator that just finished (g->frame already NULL).
 * Its frame object, if one was made (gi_frame, sys._getframe, tracing),
 * keeps the last locals and line, with no f_back, as CPython's: before,
 * it showed the locals and line of when it was made. Then, unless the
 * recorder is recording a trace (which may hold the frame), the frame
 * goes back to frame.c's cache for the next generator. A traceback keeps
 * only the frame's address and, once the exception left the frame, a
 * copy of its locals (errors.c traceback_frame_exit), as for the frame
 * stack's frames, whose memory the next call takes as well. */
static void gen_frame_done(Frame *f) {
    if (f->fobj) {
        f->back = NULL;
        sys_frame_detach(f);
    }
    if (jit.recording || f->jit_forced || f->jit_call_mframe) {
        gen_frame_forget_values(f);
        return;
    }
    frame_release_heap(f);
}

/* Run the frame once: returns like gen_send_ex. With ahead (gen_send_batch,
 * only when next() resumes it), compiled code may run it on past yields,
 * leaving the values yielded before the last in ahead[0 .. *nahead). */
static inline __attribute__((always_inline)) int gen_run_ahead(GenObject *g, Value throw_exc, Value *out, Value *ahead,
                                                            int cap, int *nahead, GenAheadRule rule) {
    Frame *f = g->frame;
    g->running = true;
    g->started = true;
    /* the generator's frame handles its own exceptions; what the caller
       handles shows through while it handles none */
    Value caller_handled = tstate.handled, caller_outer = tstate.handled_outer;
    tstate.handled_outer = exc_handled();
    tstate.handled = g->handled;
    f->yielded = 0;
    f->trace_called = 0;   /* a resumed generator is a new 'call' for sys.settrace */
    Value r = !f->gen_sent || throw_exc ? eval_frame(f, throw_exc)
              : ahead             ? jit_gen_run_batch(f, ahead, cap, nahead, rule)
                                  : jit_gen_run(f);
    g->handled = tstate.handled;
    tstate.handled = caller_handled;
    tstate.handled_outer = caller_outer;
    g->running = false;
    if (r && f->yielded) {
        /* suspended where a try or with block may wait for close() */
        if (!g->finalizable && f->code->nexctable) {
            g->finalizable = true;
            gc_register_finalizer(g, gen_finalize);
        }
        *out = r;
        return 1;
    }
    g->frame = NULL;   /* finished */
    g->yield_from = VNULL;
    if (!r) {
        if (err_matches(&exc_StopIteration)) {
            /* PEP 479 */
            Value e = err_fetch();
            err_format(&exc_RuntimeError, "%s raised StopIteration", gen_kind(g));
            V_AS(ExcObject, tstate.exc)->cause = e;
            V_AS(ExcObject, tstate.exc)->context = e;
            V_AS(ExcObject, tstate.exc)->suppress_context = true;
        } else if (g->hdr.type == &async_gen_type && err_matches(&exc_StopAsyncIteration)) {
            Value e = err_fetch();
            err_set(&exc_RuntimeError, "async generator raised StopAsyncIteration");
            V_AS(ExcObject, tstate.exc)->cause = e;
            V_AS(ExcObject, tstate.exc)->context = e;
            V_AS(ExcObject, tstate.exc)->suppress_context = true;
        }
        gen_frame_done(f);
        return -1;
    }
    /* returned: nothing can read its values any more (gi_frame is None),
       unless a frame object was made for it (a traceback, sys._getframe) */
    gen_frame_done(f);
    *out = r;
    return 0;
}

static int gen_run(GenObject *g, Value throw_exc, Value *out) {
    return gen_run_ahead(g, throw_exc, out, NULL, 0, NULL, GEN_AHEAD_NONE);
}

static Value stop_with(Value v) {
    if (v == V_NONE) return err_set_value(&exc_StopIteration, VNULL);
    return err_stop_iteration(v);
}

/* The exception that says g returned v: an async generator's end is
 * StopAsyncIteration (it can only return None). */
static Value gen_stop(GenObject *g, Value v) {
    if (g->hdr.type == &async_gen_type) return err_set_value(&exc_StopAsyncIteration, VNULL);
    return stop_with(v);
}

/* `yield from` delegation without running the delegating frame.
 *
 * A generator suspended in YIELD_FROM on another generator does nothing
 * with a resumption but pass it on: its frame would be entered, dispatch
 * YIELD_FROM, call gen_send_ex on the sub-generator and suspend again.
 * A recursive `yield from` chain of depth d paid that d times per item
 * (bench/generators.py's tree walk: an eval_frame per level and item).
 * Here the value goes to the sub-generator directly, the way
 * gen_throw_exc delegates throw(): while it runs, the delegating
 * generator is running and its frame is the sub-generator's f_back (what
 * tracebacks, sys._getframe() and gi_running show is what the
 * interpreter's path shows), and the Python and C depths count one level
 * for it. Only when the sub-generator finishes or raises is the frame
 * entered: past its YIELD_FROM with the return value on its stack, or
 * raising at the YIELD_FROM what the sub-generator raised (the traceback
 * entry and handlers of the interpreter's error path).
 *
 * Not taken (the caller goes the interpreter's way) for coroutines and
 * async generators on either side, a delegate that is not a generator,
 * a generator handling an exception (tstate.handled would be its, gen_run
 * swaps it), while sys.settrace/setprofile or tracemalloc watch every
 * frame (the delegating frame's call/return events), or one level short
 * of the recursion limits (the interpreter's path raises RecursionError
 * at the same depth as without this).
 *
 * A chain is walked down in a loop rather than by recursion (a recursive
 * walk paid gen_send_ex's prologue and a C call per level and item, 19% of
 * the tree walk's instructions): each level is entered as above, then the
 * innermost delegate runs, then the levels are left innermost first, each
 * either still suspended in its YIELD_FROM or, when its delegate finished
 * or raised, running its frame as the recursion did (so the order of
 * everything a program can see is the recursion's). At most
 * GEN_DELEGATE_BATCH levels are walked in one loop; a deeper chain
 * recurses once per batch.
 * Returns like gen_send_ex, or 2 when not taken (nothing was done). */
#define GEN_DELEGATE_BATCH 32

/* Whether g, suspended in a YIELD_FROM, can pass a resumption straight to
 * its delegate (the checks that do not depend on g are the caller's). */
static inline bool gen_delegates_plainly(GenObject *g) {
    return g->hdr.type == &gen_type && gen_check(g->yield_from) && g->started && !g->handled;
}

/* Whether gen_send_ex on g would go straight to gen_delegate_send: it is
 * suspended in a delegation, not running, not finished, not left mid-way
 * by compiled code. */
static inline bool gen_resumes_into_delegate(GenObject *g) {
    return !g->running && g->frame && g->jit_resume_mode == GEN_JIT_NONE && g->yield_from &&
           gen_delegates_plainly(g);
}

static int gen_delegate_send(GenObject *g, Value value, Value *out) {
    if (!gen_delegates_plainly(g) || tstate.use_tracing || interp_save_ip ||
        (char *)__builtin_frame_address(0) < tstate.c_stack_limit)
        return 2;
    /* levels the recursion limits leave room for (each counts one level
       of Python and of C depth, as the interpreter's path does) */
    int64_t room = tstate.recursion_limit - tstate.depth;
    if (tstate.recursion_limit + 50 - tstate.c_depth < room) room = tstate.recursion_limit + 50 - tstate.c_depth;
    if (room < 1) return 2;
    if (room > GEN_DELEGATE_BATCH) room = GEN_DELEGATE_BATCH;
    GenObject *level[GEN_DELEGATE_BATCH];
    Frame *const caller_frame = tstate.frame;
    const int64_t depth0 = tstate.depth, c_depth0 = tstate.c_depth;
    /* enter each level as the interpreter's path would: running, no
       gi_yieldfrom, its frame the f_back of the next one's; the walk
       stops at the first delegate that gen_send_ex would not pass on */
    Frame *back = caller_frame;
    int levels = 0;
    Value innermost;
    for (GenObject *cur = g;;) {
        level[levels++] = cur;
        cur->frame->back = back;
        back = cur->frame;
        cur->running = true;
        innermost = cur->yield_from;
        cur->yield_from = VNULL;   /* gi_yieldfrom of a running generator is None */
        GenObject *sub = V_AS(GenObject, innermost);
        if (levels == room || !gen_resumes_into_delegate(sub)) break;
        cur = sub;
    }
    tstate.frame = back;
    tstate.depth = depth0 + levels;
    tstate.c_depth = c_depth0 + levels;
    Value result;
    int st = gen_send_ex(innermost, value == V_NONE ? VNULL : value, &result);
    /* leave the levels innermost first; level i's delegate is level i+1
       (the last one's is `innermost`), its f_back level i-1's frame */
    for (int i = levels - 1; i >= 0; i--) {
        GenObject *lv = level[i];
        lv->running = false;
        if (st == 1) {
            /* still suspended in the same YIELD_FROM */
            lv->yield_from = i + 1 < levels ? V_FROM_PTR(level[i + 1]) : innermost;
            continue;
        }
        /* its delegate finished or raised: run lv's frame with the state
           the recursion had there. lv's ip is at the YIELD_FROM (it re-runs
           on resume), the delegate on top of the stack: continue as the
           instruction would */
        tstate.frame = i > 0 ? level[i - 1]->frame : caller_frame;
        tstate.depth = depth0 + i;
        tstate.c_depth = c_depth0 + i;
        Frame *f = lv->frame;
        f->ip++;
        if (st == 0) {
            f->sp[-1] = result;
            st = gen_run(lv, VNULL, &result);
        } else {
            st = gen_run(lv, err_fetch(), &result);
        }
    }
    tstate.frame = caller_frame;
    tstate.depth = depth0;
    tstate.c_depth = c_depth0;
    if (st >= 0) *out = result;
    return st;
}

static inline __attribute__((always_inline)) int gen_send_ahead(Value gv, Value value, Value *out, Value *ahead, int cap,
                                                             int *nahead, GenAheadRule rule) {
    gc_run_finalizers();   /* a safe point (before g's state is looked at) */
    GenObject *g = V_AS(GenObject, gv);
    if (g->running) {
        err_format(&exc_ValueError, "%s already executing", gen_kind(g));
        return -1;
    }
    if (!g->frame) {
        if (g->hdr.type == &coro_type) {
            err_set(&exc_RuntimeError, "cannot reuse already awaited coroutine");
            return -1;
        }
        *out = V_NONE;
        return 0;
    }
    if (g->jit_resume_mode != GEN_JIT_NONE) {
        /* compiled code left the body mid-way (see GenObject): the value
           sent now is the one the inline resumption already used */
        int mode = g->jit_resume_mode;
        g->jit_resume_mode = GEN_JIT_NONE;
        g->yield_from = VNULL;
        if (mode == GEN_JIT_RAISE) {
            Value e = g->jit_throw;
            g->jit_throw = VNULL;
            return gen_run(g, e, out);
        }
        return gen_run(g, VNULL, out);
    }
    if (g->yield_from) {
        int st = gen_delegate_send(g, value, out);
        if (st != 2) return st;
    }
    if (!g->started) {
        if (value && value != V_NONE) {
            err_format(&exc_TypeError, "can't send non-None value to a just-started %s", gen_kind(g));
            return -1;
        }
        /* a generator's first run is a resume hot spot too (at its first
           instruction, nothing pushed): a short generator expression runs
           compiled from its creation on. Not once the JIT gave up there
           (a recursive or delegating generator): the hook would only cost */
        CodeObject *co = g->frame->code;
        if (g->hdr.type == &gen_type && !(co->jitcells && (co->jitcells[0].flags & JC_DONT_TRACE_HERE)))
            g->frame->gen_sent = 1;
    } else {
        *g->frame->sp++ = value ? value : V_NONE;
        g->frame->gen_sent = 1;
    }
    g->yield_from = VNULL;
    return gen_run_ahead(g, VNULL, out, ahead, cap, nahead, rule);
}

int gen_send_ex(Value gv, Value value, Value *out) { return gen_send_ahead(gv, value, out, NULL, 0, NULL, GEN_AHEAD_NONE); }

int gen_send_batch(Value gv, Value *ahead, int cap, int *nahead, Value *out, GenAheadRule rule) {
    *nahead = 0;
    return gen_send_ahead(gv, VNULL, out, ahead, cap, nahead, rule);
}

void gen_ahead_init(GenAheadIter *ai, Value it) {
    ai->it = it;
    ai->gen = gen_check(it) && jit_params.enabled;   /* only compiled code runs ahead */
    ai->ended = false;
    ai->exc = VNULL;
    ai->pos = ai->n = 0;
}

/* gen_ahead_next once the batch's values are taken, for a generator */
Value gen_ahead_refill(GenAheadIter *ai, GenAheadRule rule) {
    if (ai->pos < ai->n) return ai->buf[ai->pos++];
    if (ai->ended) {
        /* what ended the batch, once its values were taken */
        if (ai->exc) err_restore(ai->exc);
        ai->exc = VNULL;
        return VNULL;
    }
    if (rule == GEN_AHEAD_NONE) return obj_next(ai->it);
    int nahead;
    Value out;
    int st = gen_send_batch(ai->it, ai->buf, GEN_AHEAD_CAP, &nahead, &out, rule);
    if (st == 1) {
        ai->buf[nahead++] = out;
    } else {
        /* finished (its value is of no interest to an iterator's consumer)
           or raised: the consumer takes the values before first, with no
           exception pending meanwhile */
        ai->ended = true;
        if (st < 0) ai->exc = err_fetch();
    }
    ai->pos = 0;
    ai->n = nahead;
    return gen_ahead_refill(ai, GEN_AHEAD_NONE);
}

int64_t gen_jit_enter(Value gv, Value code, int64_t pc_started) {
    if (!gen_check(gv)) return 0;
    GenObject *g = V_AS(GenObject, gv);
    Frame *f = g->frame;
    int64_t pc = pc_started >> 1;
    bool started = pc_started & 1;
    if (!f || g->running || g->yield_from || g->handled || g->jit_resume_mode || V_FROM_PTR(f->code) != code ||
        g->started != started)
        return 0;
    if (!started) {
        if (pc != 0 || f->ip != f->code->code) return 0;
        g->started = true;
        g->running = true;
        return 1;
    }
    if (f->ip != f->code->code + pc) return 0;
    g->running = true;   /* as gen_run: a nested next() on it raises */
    return 1;
}

int64_t gen_jit_suspend(Value gv, int64_t next_pc, int64_t depth) {
    GenObject *g = V_AS(GenObject, gv);
    Frame *f = g->frame;
    g->running = false;
    f->ip = f->code->code + next_pc;
    f->sp = frame_stack_base(f) + depth;
    if (!g->finalizable && f->code->nexctable) {
        g->finalizable = true;
        gc_register_finalizer(g, gen_finalize);
    }
    return 0;
}

int64_t gen_jit_root_yield(Value frame, int64_t next_pc, int64_t depth) {
    Frame *f = V_AS(Frame, frame);
    f->ip = f->code->code + next_pc;
    f->sp = frame_stack_base(f) + depth;
    return 0;
}

int64_t gen_jit_root_return(Value frame, int64_t next_pc, int64_t depth) {
    return gen_jit_root_yield(frame, next_pc, depth);
}

/* The iternext slot: a finished generator is exhausted without an
 * exception, whatever it returned (builtin consumers ignore the value). */
static Value gen_iternext(Value gv) {
    Value out;
    int st = gen_send_ex(gv, VNULL, &out);
    if (st == 1) return out;
    return VNULL;
}

Value gen_next_raising(Value gv) {
    Value out;
    int st = gen_send_ex(gv, VNULL, &out);
    if (st == 1) return out;
    if (st == 0) return stop_with(out);
    return VNULL;
}

Value gen_send_method(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("send", nargs - 1, 1, 1) < 0) return VNULL;
    Value out;
    int st = gen_send_ex(args[0], args[1], &out);
    if (st == 1) return out;
    if (st == 0) return stop_with(out);
    return VNULL;
}

/* Throw exc into the generator at its suspension point. */
static Value gen_throw_exc(Value gv, Value exc) {
    GenObject *g = V_AS(GenObject, gv);
    if (g->running) return err_format(&exc_ValueError, "%s already executing", gen_kind(g));
    if (!g->frame) {
        if (g->hdr.type == &coro_type) return err_set(&exc_RuntimeError, "cannot reuse already awaited coroutine");
        return err_set_exc(exc);
    }
    if (g->yield_from) {
        /* delegate to the sub-iterator; meanwhile the generator runs (as
           CPython's): its frame is the sub-iterator's f_back */
        Value sub = g->yield_from;
        Value r = VNULL;
        int st;
        Frame *saved_frame = tstate.frame;
        g->frame->back = saved_frame;
        tstate.frame = g->frame;
        g->running = true;
        bool raise_here = false;
        if (type_is_subtype(type_of(exc), &exc_GeneratorExit)) {
            /* close the sub-iterator (if it can be), then raise here */
            Value cl = genlike_check(sub) ? VNULL : obj_getattr_opt(sub, NAME(close));
            /* failing to look close up is only reported (CPython's
               gen_close_iter); close() failing raises its error here */
            if (!genlike_check(sub) && !cl && err_occurred()) err_write_unraisable(err_fetch(), "", sub);
            Value cr = genlike_check(sub) ? obj_call_method(sub, "close", NULL, 0) : cl ? obj_call0(cl) : V_NONE;
            if (!cr) exc = err_fetch();
            raise_here = true;
        } else if (genlike_check(sub)) {
            r = gen_throw_exc(sub, exc);
        } else {
            Value thr = obj_getattr_opt(sub, NAME(throw));
            if (!thr && err_occurred()) {
                /* the lookup's error goes to throw()'s caller; the
                   generator stays suspended (as CPython's _gen_throw) */
                tstate.frame = saved_frame;
                g->running = false;
                return VNULL;
            }
            if (!thr) {
                raise_here = true;
            } else {
                r = obj_call1(thr, exc);
            }
        }
        tstate.frame = saved_frame;
        g->running = false;
        if (raise_here) goto throw_here;
        if (r) return r;   /* still suspended in the sub-iterator */
        /* the sub-iterator finished or raised */
        if (err_matches(&exc_StopIteration)) {
            Value e = err_fetch();
            Value v = V_AS(ExcObject, e)->value ? V_AS(ExcObject, e)->value : V_NONE;
            /* resume after YIELD_FROM with v as its result */
            Frame *f = g->frame;
            f->sp[-1] = v;
            f->ip++;
            g->yield_from = VNULL;
            Value out;
            st = gen_run(g, VNULL, &out);
            if (st == 1) return out;
            if (st == 0) return gen_stop(g, out);
            return VNULL;
        }
        exc = err_fetch();
    }
throw_here:;
    Frame *f = g->frame;
    if (g->yield_from) {
        /* raise at the YIELD_FROM instruction: skip past it is wrong; pop the
           sub-iterator so the handler depth logic sees the right stack */
        g->yield_from = VNULL;
        f->ip++;
    }
    if (!g->started) {
        /* a just-started generator: the exception escapes immediately,
           through the frame (its traceback names the def line, as CPython's) */
        g->started = true;
        g->frame = NULL;
        if (exc_check(exc)) {
            traceback_add(exc, f, -1);
            traceback_frame_exit(exc, f, -1);
        }
        return err_set_exc(exc);
    }
    Value out;
    int st = gen_run(g, exc, &out);
    if (st == 1) return out;
    if (st == 0) return gen_stop(g, out);
    return VNULL;
}

/* what throw() refuses before touching the generator */
static int check_throw_args(Value *args, size_t nargs) {
    Value typ = args[0], val = nargs > 1 ? args[1] : V_NONE;
    if (nargs > 2 && args[2] != V_NONE && !traceback_check(args[2])) {
        err_set(&exc_TypeError, "throw() third argument must be a traceback object");
        return -1;
    }
    if (exc_type_check(typ)) return 0;
    if (exc_check(typ)) {
        if (val != V_NONE) {
            err_set(&exc_TypeError, "instance exception may not have a separate value");
            return -1;
        }
        return 0;
    }
    err_format(&exc_TypeError, "exceptions must be classes or instances deriving from BaseException, not %T", typ);
    return -1;
}

/* The exception throw(typ[, val[, tb]]) raises: an instance, or typ
 * called with val. Normalizing can fail (typ() raising, or returning
 * something that is not an exception): VNULL with that error set, which
 * throw() then raises inside the generator, as CPython does. */
static Value exc_from_throw_args(Value *args, size_t nargs) {
    if (check_throw_args(args, nargs) < 0) return VNULL;
    Value typ = args[0], val = nargs > 1 ? args[1] : V_NONE;
    Value exc;
    if (exc_type_check(typ)) {
        if (val == V_NONE) exc = obj_call0(typ);
        /* an instance of typ is thrown as it is; anything else, another
           exception included, is typ's argument (CPython rewraps it) */
        else if (exc_check(val) && type_is_subtype(type_of(val), V_AS(Type, typ))) exc = val;
        else exc = tuple_check(val) ? obj_call_tuple_dict(typ, val, VNULL) : obj_call1(typ, val);
        if (!exc) return VNULL;
        if (!exc_check(exc))
            return err_format(&exc_TypeError, "calling %R should have returned an instance of BaseException, not %T",
                              typ, exc);
    } else {
        exc = typ;
    }
    if (nargs > 2 && args[2] != V_NONE) V_AS(ExcObject, exc)->traceback = args[2];
    return exc;
}


static Value gen_throw_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("throw", nargs - 1, 1, 3) < 0) return VNULL;
    if (check_throw_args(args + 1, nargs - 1) < 0) return VNULL;
    Value exc = exc_from_throw_args(args + 1, nargs - 1);
    if (!exc) exc = err_fetch();   /* the failure to make it is what gets thrown */
    return gen_throw_exc(args[0], exc);
}

static Value gen_close_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    GenObject *g = V_AS(GenObject, args[0]);
    if (!g->frame) return V_NONE;
    if (!g->started) {
        g->frame = NULL;
        return V_NONE;
    }
    Value ge = exc_new(&exc_GeneratorExit, NULL, 0);
    Value r = gen_throw_exc(args[0], ge);
    if (r) {
        g->frame = NULL;
        return err_format(&exc_RuntimeError, "%s ignored GeneratorExit", gen_kind(g));
    }
    if (err_matches(&exc_GeneratorExit) || err_matches(&exc_StopIteration) ||
        (g->hdr.type == &async_gen_type && err_matches(&exc_StopAsyncIteration))) {
        err_clear();
        return V_NONE;
    }
    return VNULL;
}

static Value gen_repr(Value v) {
    GenObject *g = V_AS(GenObject, v);
    return str_printf("<generator object %U at %p>", g->qualname, (void *)(uintptr_t)v);
}

static Value iter_self(Value v) { return v; }

static Value gen_get_name(Value v) { return V_AS(GenObject, v)->name; }
static Value gen_get_qualname(Value v) { return V_AS(GenObject, v)->qualname; }
static Value gen_get_running(Value v) { return v_bool(V_AS(GenObject, v)->running); }
static Value gen_get_frame(Value v) {
    GenObject *g = V_AS(GenObject, v);
    return g->frame ? sys_gen_frame_object(v, g->frame) : V_NONE;
}
static Value gen_get_code(Value v) { return V_FROM_PTR(V_AS(GenObject, v)->code); }
static Value coro_get_origin(Value v) {
    GenObject *g = V_AS(GenObject, v);
    return g->origin ? g->origin : V_NONE;
}
static Value gen_get_yieldfrom(Value v) {
    GenObject *g = V_AS(GenObject, v);
    return g->frame && g->yield_from ? g->yield_from : V_NONE;
}
static int gen_set_name(Value v, Value name) {
    if (!name || !str_check(name)) {
        err_set(&exc_TypeError, "__name__ must be set to a string object");
        return -1;
    }
    V_AS(GenObject, v)->name = name;
    return 0;
}
static int gen_set_qualname(Value v, Value name) {
    if (!name || !str_check(name)) {
        err_set(&exc_TypeError, "__qualname__ must be set to a string object");
        return -1;
    }
    V_AS(GenObject, v)->qualname = name;
    return 0;
}
static Value gen_get_suspended(Value v) {
    GenObject *g = V_AS(GenObject, v);
    return v_bool(g->frame && g->started && !g->running);
}

static const GetSetDef gen_getsets[] = {
    {"__name__", gen_get_name, gen_set_name, "the name the generator shows (its function's, unless set)"},
    {"__qualname__", gen_get_qualname, gen_set_qualname, "the qualified name the generator shows"},
    {"gi_yieldfrom", gen_get_yieldfrom, NULL, NULL},
    {"gi_running", gen_get_running, NULL, NULL},
    {"gi_frame", gen_get_frame, NULL, NULL},
    {"gi_code", gen_get_code, NULL, NULL},
    {"gi_suspended", gen_get_suspended, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef gen_methods[] = {
    {"send", gen_send_method, 0, "send(arg): resume the generator with 'arg' as the value of its yield;\nreturns what it yields next, or raises StopIteration."},
    {"throw", gen_throw_m, 0,
     "throw(value) or throw(type[, value[, tb]]): make the paused yield raise the\nexception in generator code; returns what it yields next, or raises."},
    {"close", gen_close_m, 0, "close(): raise GeneratorExit inside generator code so that it ends."},
    {NULL, NULL, 0, NULL},
};

Type gen_type = {
    .tname = "generator",
    .basicsize = GEN_PLAIN_SIZE,
    .repr = gen_repr,
    .iter = iter_self,
    .iternext = gen_iternext,
};

/* ---- coroutines ------------------------------------------------------------------------ */

Value gen_throw(Value g, Value exc) { return gen_throw_exc(g, exc); }

static Value coro_repr(Value v) {
    GenObject *g = V_AS(GenObject, v);
    return str_printf("<coroutine object %U at %p>", g->qualname, (void *)(uintptr_t)v);
}

/* The iterator coroutine.__await__() returns: next/send/throw/close act on
 * the coroutine (so a plain yield-from loop can drive one). */
typedef struct {
    Object hdr;
    Value coro;
} CoroWrapper;

static Value coro_await_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__await__", nargs - 1, 0, 0) < 0) return VNULL;
    CoroWrapper *w = (CoroWrapper *)obj_alloc(&coro_wrapper_type, sizeof *w);
    w->coro = args[0];
    return V_FROM_PTR(w);
}

static Value cw_iternext(Value v) { return gen_next_raising(V_AS(CoroWrapper, v)->coro); }

static Value cw_forward(const char *name, Value *args, size_t nargs) {
    Value coro = V_AS(CoroWrapper, args[0])->coro;
    return obj_call_method(coro, name, args + 1, nargs - 1);
}
static Value cw_send_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return cw_forward("send", args, nargs);
}
static Value cw_throw_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return cw_forward("throw", args, nargs);
}
static Value cw_close_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return cw_forward("close", args, nargs);
}

Value coro_get_awaitable(Value v, int where) {
    if (coro_check(v)) {
        if (V_AS(GenObject, v)->yield_from && V_AS(GenObject, v)->frame)
            return err_set(&exc_RuntimeError, "coroutine is being awaited already");
        return v;
    }
    if (gen_check(v) && (V_AS(GenObject, v)->code->flags & CO_ITERABLE_COROUTINE)) return v;
    bool found;
    Value it = obj_call_special(v, NAME(__await__), NULL, 0, &found);
    if (!found) {
        if (err_occurred()) return VNULL;
        if (where == 1)
            return err_format(&exc_TypeError,
                              "'async with' received an object from __aenter__ that does not implement __await__: %T", v);
        if (where == 2)
            return err_format(&exc_TypeError,
                              "'async with' received an object from __aexit__ that does not implement __await__: %T", v);
        return err_format(&exc_TypeError, "object %T can't be used in 'await' expression", v);
    }
    if (!it) return VNULL;
    if (coro_check(it) || (gen_check(it) && (V_AS(GenObject, it)->code->flags & CO_ITERABLE_COROUTINE)))
        return err_set(&exc_TypeError, "__await__() returned a coroutine");
    if (!type_of(it)->iternext)
        return err_format(&exc_TypeError, "__await__() returned non-iterator of type '%T'", it);
    return it;
}

Value async_get_anext(Value ait) {
    bool found;
    Value r = obj_call_special(ait, NAME(__anext__), NULL, 0, &found);
    if (!found && !err_occurred())
        return err_format(&exc_TypeError, "'async for' requires an iterator with __anext__ method, got %T", ait);
    if (!r) return VNULL;
    Value a = coro_get_awaitable(r, 0);
    if (!a) {
        /* any error getting the awaitable: CPython chains it as the cause */
        Value cause = err_fetch();
        err_format(&exc_TypeError, "'async for' received an invalid object from __anext__: %T", r);
        err_chain_cause(cause);
    }
    return a;
}

static const GetSetDef coro_getsets[] = {
    {"__name__", gen_get_name, gen_set_name, "the name of the coroutine (its function's, unless set)"},
    {"__qualname__", gen_get_qualname, gen_set_qualname, "the qualified name of the coroutine"},
    {"cr_await", gen_get_yieldfrom, NULL, NULL},
    {"cr_running", gen_get_running, NULL, NULL},
    {"cr_frame", gen_get_frame, NULL, NULL},
    {"cr_code", gen_get_code, NULL, NULL},
    {"cr_origin", coro_get_origin, NULL, NULL},
    {"cr_suspended", gen_get_suspended, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef coro_methods[] = {
    {"send", gen_send_method, 0, "send(arg): resume with 'arg' sent into coroutine code (the value of its await);\nreturns the next value it passes out, or raises StopIteration."},
    {"throw", gen_throw_m, 0,
     "throw(value) or throw(type[, value[, traceback]]): raise the exception in coroutine\ncode where it is suspended; returns the next value it passes out, or raises."},
    {"close", gen_close_m, 0, "close(): raise GeneratorExit inside coroutine code so that it ends."},
    {"__await__", coro_await_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef cw_methods[] = {
    {"send", cw_send_m, 0, NULL},
    {"throw", cw_throw_m, 0, NULL},
    {"close", cw_close_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Type coro_type = {
    .tname = "coroutine",
    .basicsize = sizeof(GenObject),
    .repr = coro_repr,
};

Type coro_wrapper_type = {
    .tname = "coroutine_wrapper",
    .basicsize = sizeof(CoroWrapper),
    .iter = iter_self,
    .iternext = cw_iternext,
};

/* ---- asynchronous generators ------------------------------------------------------------ *
 * An async generator is a generator object of type async_generator whose
 * code is CO_ASYNC_GENERATOR. Its frame suspends for two reasons: an
 * `await` passes a value up to the event loop (YIELD_FROM), or a `yield`
 * produces an item, which ASYNC_GEN_WRAP marks first. __anext__/asend and
 * athrow/aclose return awaitables (async_generator_asend / _athrow) that
 * resume the frame when the loop iterates them: a wrapped value ends the
 * awaitable with StopIteration(item), an unwrapped one goes on up to the
 * loop, and the generator's end is StopAsyncIteration. */

Value asyncgen_firstiter, asyncgen_finalizer;

Type async_gen_wrapped_type, async_gen_asend_type, async_gen_athrow_type, anext_awaitable_type;

typedef struct {
    Object hdr;
    Value value;
} AsyncGenWrapped;

Value async_gen_wrap(Value v) {
    AsyncGenWrapped *w = (AsyncGenWrapped *)obj_alloc(&async_gen_wrapped_type, sizeof *w);
    w->value = v;
    return V_FROM_PTR(w);
}

static bool is_wrapped(Value v) { return v_is_ptr(v) && V_OBJ(v)->type == &async_gen_wrapped_type; }

enum { AW_INIT, AW_ITER, AW_CLOSED };

/* async_generator_asend (args[0] the value to send) and
 * async_generator_athrow (is_close: aclose(); else the exception). */
typedef struct {
    Object hdr;
    Value gen;
    Value sendval;
    Value throw_args[3];        /* athrow's typ, val, tb (VNULL: absent) */
    size_t nthrow_args;
    uint8_t state;
    bool is_close;
} AGAwaitable;

static GenObject *agw_gen(AGAwaitable *a) { return V_AS(GenObject, a->gen); }

/* The first __anext__/asend/athrow/aclose looks the hooks up: the
 * finalizer is remembered, firstiter is called with the generator. */
static bool ag_init_hooks(Value gv) {
    GenObject *g = V_AS(GenObject, gv);
    if (g->ag_hooks_inited) return true;
    g->ag_hooks_inited = true;
    if (asyncgen_finalizer) {
        g->ag_finalizer = asyncgen_finalizer;
        if (!g->finalizable) {
            g->finalizable = true;
            gc_register_finalizer(g, gen_finalize);
        }
    }
    if (asyncgen_firstiter && !obj_call1(asyncgen_firstiter, gv)) return false;
    return true;
}

/* What a resumption of the generator means to the awaitable: r is what it
 * yielded, or VNULL with the exception (its end: StopAsyncIteration). */
static Value ag_unwrap(GenObject *g, Value r) {
    if (!r) {
        if (!err_occurred()) err_set_value(&exc_StopAsyncIteration, VNULL);
        if (err_matches(&exc_StopAsyncIteration) || err_matches(&exc_GeneratorExit)) g->ag_closed = true;
        g->ag_running_async = false;
        return VNULL;
    }
    if (is_wrapped(r)) {
        g->ag_running_async = false;
        return stop_with(V_AS(AsyncGenWrapped, r)->value);
    }
    return r;
}

/* Resume g with v (VNULL: next): the yielded value, or VNULL with the
 * exception, its end being StopAsyncIteration. */
static Value ag_resume(Value gv, Value v) {
    Value out;
    int st = gen_send_ex(gv, v, &out);
    if (st == 1) return out;
    if (st == 0) return err_set_value(&exc_StopAsyncIteration, VNULL);
    return VNULL;
}

static Value ag_new_awaitable(Type *t, Value gv, Value sendval, Value *throw_args, size_t n, bool is_close) {
    if (!ag_init_hooks(gv)) return VNULL;
    AGAwaitable *a = (AGAwaitable *)obj_alloc(t, sizeof *a);
    a->gen = gv;
    a->sendval = sendval;
    for (size_t i = 0; i < n; i++) a->throw_args[i] = throw_args[i];
    a->nthrow_args = n;
    a->is_close = is_close;
    a->state = AW_INIT;
    return V_FROM_PTR(a);
}

static Value ag_anext_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__anext__", nargs - 1, 0, 0) < 0) return VNULL;
    return ag_new_awaitable(&async_gen_asend_type, args[0], V_NONE, NULL, 0, false);
}

static Value ag_asend_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("asend", nargs - 1, 1, 1) < 0) return VNULL;
    return ag_new_awaitable(&async_gen_asend_type, args[0], args[1], NULL, 0, false);
}

/* The exception throw(typ[, val[, tb]]) raises, as generator.throw builds
 * it (VNULL with TypeError for a bad combination). */

static Value ag_athrow_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("athrow", nargs - 1, 1, 3) < 0) return VNULL;
    /* the exception is made (and checked) when the awaitable first runs */
    return ag_new_awaitable(&async_gen_athrow_type, args[0], VNULL, args + 1, nargs - 1, false);
}

static Value ag_aclose_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("aclose", nargs - 1, 0, 0) < 0) return VNULL;
    return ag_new_awaitable(&async_gen_athrow_type, args[0], VNULL, NULL, 0, true);
}

/* asend.send(v) */
static Value asend_send(AGAwaitable *a, Value v) {
    GenObject *g = agw_gen(a);
    if (a->state == AW_CLOSED) return err_set(&exc_RuntimeError, "cannot reuse already awaited __anext__()/asend()");
    if (a->state == AW_INIT) {
        if (g->ag_running_async)
            return err_set(&exc_RuntimeError, "anext(): asynchronous generator is already running");
        if (!v || v == V_NONE) v = a->sendval;
        a->state = AW_ITER;
    }
    g->ag_running_async = true;
    Value r = ag_unwrap(g, ag_resume(a->gen, v == V_NONE ? VNULL : v));
    if (!r) a->state = AW_CLOSED;
    return r;
}

static Value asend_iternext(Value v) { return asend_send(V_AS(AGAwaitable, v), VNULL); }

static Value asend_send_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("send", nargs - 1, 1, 1) < 0) return VNULL;
    return asend_send(V_AS(AGAwaitable, args[0]), args[1]);
}

static Value asend_throw_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("throw", nargs - 1, 1, 3) < 0) return VNULL;
    AGAwaitable *a = V_AS(AGAwaitable, args[0]);
    if (a->state == AW_CLOSED) return err_set(&exc_RuntimeError, "cannot reuse already awaited __anext__()/asend()");
    Value exc = exc_from_throw_args(args + 1, nargs - 1);
    Value r = exc ? ag_unwrap(agw_gen(a), gen_throw_exc(a->gen, exc)) : VNULL;
    if (!r) a->state = AW_CLOSED;
    return r;
}

static Value agaw_close_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("close", nargs - 1, 0, 0) < 0) return VNULL;
    V_AS(AGAwaitable, args[0])->state = AW_CLOSED;
    return V_NONE;
}

static Value agaw_await_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__await__", nargs - 1, 0, 0) < 0) return VNULL;
    return args[0];
}

/* aclose(): a yield while closing, or the end of the close */
static Value athrow_close_yield(AGAwaitable *a) {
    agw_gen(a)->ag_running_async = false;
    a->state = AW_CLOSED;
    return err_set(&exc_RuntimeError, "async generator ignored GeneratorExit");
}

static Value athrow_close_error(AGAwaitable *a) {
    agw_gen(a)->ag_running_async = false;
    a->state = AW_CLOSED;
    if (a->is_close && (err_matches(&exc_StopAsyncIteration) || err_matches(&exc_GeneratorExit))) {
        /* the generator is closed: this await is done */
        err_clear();
        return err_set_value(&exc_StopIteration, VNULL);
    }
    return VNULL;
}

static Value athrow_send(AGAwaitable *a, Value v) {
    GenObject *g = agw_gen(a);
    if (a->state == AW_CLOSED) return err_set(&exc_RuntimeError, "cannot reuse already awaited aclose()/athrow()");
    if (!g->frame) {
        a->state = AW_CLOSED;
        return err_set_value(&exc_StopIteration, VNULL);
    }
    Value r;
    if (a->state == AW_INIT) {
        if (g->ag_running_async) {
            a->state = AW_CLOSED;
            return err_set(&exc_RuntimeError, a->is_close ? "aclose(): asynchronous generator is already running"
                                                          : "athrow(): asynchronous generator is already running");
        }
        if (g->ag_closed) {
            a->state = AW_CLOSED;
            return err_set_value(&exc_StopAsyncIteration, VNULL);
        }
        if (v && v != V_NONE) return err_set(&exc_RuntimeError, "can't send non-None value to a just-started coroutine");
        a->state = AW_ITER;
        g->ag_running_async = true;
        if (a->is_close) {
            g->ag_closed = true;
            r = gen_throw_exc(a->gen, exc_new(&exc_GeneratorExit, NULL, 0));
            if (r && is_wrapped(r)) return athrow_close_yield(a);
        } else {
            Value exc = exc_from_throw_args(a->throw_args, a->nthrow_args);
            r = ag_unwrap(g, exc ? gen_throw_exc(a->gen, exc) : VNULL);
        }
        return r ? r : athrow_close_error(a);
    }
    r = ag_resume(a->gen, v == V_NONE ? VNULL : v);
    if (!a->is_close) return ag_unwrap(g, r);
    if (!r) return athrow_close_error(a);
    if (is_wrapped(r)) return athrow_close_yield(a);
    return r;
}

static Value athrow_iternext(Value v) { return athrow_send(V_AS(AGAwaitable, v), VNULL); }

static Value athrow_send_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("send", nargs - 1, 1, 1) < 0) return VNULL;
    return athrow_send(V_AS(AGAwaitable, args[0]), args[1]);
}

static Value athrow_throw_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("throw", nargs - 1, 1, 3) < 0) return VNULL;
    AGAwaitable *a = V_AS(AGAwaitable, args[0]);
    GenObject *g = agw_gen(a);
    if (a->state == AW_CLOSED) return err_set(&exc_RuntimeError, "cannot reuse already awaited aclose()/athrow()");
    Value exc = exc_from_throw_args(args + 1, nargs - 1);
    if (!exc) return VNULL;
    Value r = gen_throw_exc(a->gen, exc);
    if (!a->is_close) return ag_unwrap(g, r);
    if (r && is_wrapped(r)) return athrow_close_yield(a);
    if (!r && (err_matches(&exc_StopAsyncIteration) || err_matches(&exc_GeneratorExit))) {
        err_clear();
        return err_set_value(&exc_StopIteration, VNULL);
    }
    return r;
}

static Value ag_repr(Value v) {
    GenObject *g = V_AS(GenObject, v);
    return str_printf("<async_generator object %U at %p>", g->qualname, (void *)(uintptr_t)v);
}

static Value ag_get_running(Value v) { return v_bool(V_AS(GenObject, v)->ag_running_async); }

static const GetSetDef ag_getsets[] = {
    {"__name__", gen_get_name, gen_set_name, NULL},
    {"__qualname__", gen_get_qualname, gen_set_qualname, NULL},
    {"ag_await", gen_get_yieldfrom, NULL, NULL},
    {"ag_running", ag_get_running, NULL, NULL},
    {"ag_frame", gen_get_frame, NULL, NULL},
    {"ag_code", gen_get_code, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Value ag_aiter(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__aiter__", nargs - 1, 0, 0) < 0) return VNULL;
    return args[0];
}

static const MethodDef ag_methods[] = {
    {"__anext__", ag_anext_m, 0, NULL},
    {"asend", ag_asend_m, 0, NULL},
    {"athrow", ag_athrow_m, 0, NULL},
    {"aclose", ag_aclose_m, 0, NULL},
    {"__aiter__", ag_aiter, 0, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, "See PEP 585"},
    {NULL, NULL, 0, NULL},
};

static const MethodDef asend_methods[] = {
    {"send", asend_send_m, 0, NULL},
    {"throw", asend_throw_m, 0, NULL},
    {"close", agaw_close_m, 0, NULL},
    {"__await__", agaw_await_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef athrow_methods[] = {
    {"send", athrow_send_m, 0, NULL},
    {"throw", athrow_throw_m, 0, NULL},
    {"close", agaw_close_m, 0, NULL},
    {"__await__", agaw_await_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Type async_gen_type = {
    .tname = "async_generator",
    .basicsize = sizeof(GenObject),
    .repr = ag_repr,
};

Type async_gen_wrapped_type = {
    .tname = "async_generator_wrapped_value",
    .basicsize = sizeof(AsyncGenWrapped),
};

Type async_gen_asend_type = {
    .tname = "async_generator_asend",
    .basicsize = sizeof(AGAwaitable),
    .iter = iter_self,
    .iternext = asend_iternext,
};

Type async_gen_athrow_type = {
    .tname = "async_generator_athrow",
    .basicsize = sizeof(AGAwaitable),
    .iter = iter_self,
    .iternext = athrow_iternext,
};

/* ---- aiter() and anext() ---------------------------------------------------------------- */

Value builtin_aiter(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("aiter", nargs, 1, 1) < 0) return VNULL;
    bool found;
    Value it = obj_call_special(args[0], NAME(__aiter__), NULL, 0, &found);
    if (!found && !err_occurred()) return err_format(&exc_TypeError, "'%T' object is not an async iterable", args[0]);
    if (!it) return VNULL;
    if (!type_lookup(type_of(it), NAME(__anext__)))
        return err_format(&exc_TypeError, "aiter() returned not an async iterator of type '%T'", it);
    return it;
}

/* anext(ait, default): an awaitable for ait.__anext__() that ends with
 * StopIteration(default) instead of StopAsyncIteration. */
typedef struct {
    Object hdr;
    Value wrapped, dflt;
} AnextAwaitable;

Value builtin_anext(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("anext", nargs, 1, 2) < 0) return VNULL;
    Type *t = type_of(args[0]);
    if (!type_lookup(t, NAME(__anext__))) return err_format(&exc_TypeError, "'%s' object is not an async iterator", t->tname);
    Value aw = obj_call_method(args[0], "__anext__", NULL, 0);
    if (!aw || nargs == 1) return aw;
    AnextAwaitable *a = (AnextAwaitable *)obj_alloc(&anext_awaitable_type, sizeof *a);
    a->wrapped = aw;
    a->dflt = args[1];
    return V_FROM_PTR(a);
}

/* The iterator that awaiting the wrapped awaitable drives. */
static Value anext_iter(AnextAwaitable *a) {
    if (coro_check(a->wrapped)) return a->wrapped;
    return coro_get_awaitable(a->wrapped, 0);
}

static Value anext_result(AnextAwaitable *a, Value r) {
    if (!r && err_matches(&exc_StopAsyncIteration)) {
        err_clear();
        return stop_with(a->dflt);
    }
    return r;
}

static Value anext_forward(Value self, const char *name, Value *args, size_t nargs) {
    AnextAwaitable *a = V_AS(AnextAwaitable, self);
    Value it = anext_iter(a);
    if (!it) return VNULL;
    return anext_result(a, obj_call_method(it, name, args, nargs));
}

static Value anext_iternext(Value self) {
    AnextAwaitable *a = V_AS(AnextAwaitable, self);
    Value it = anext_iter(a);
    if (!it) return VNULL;
    /* a generator-based coroutine (types.coroutine) returns its result in
       StopIteration, which obj_next() would drop */
    Value r = genlike_check(it) ? gen_next_raising(it) : obj_next(it);
    if (!r && !err_occurred()) err_set_value(&exc_StopIteration, VNULL);
    return anext_result(a, r);
}

static Value anext_send_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("send", nargs - 1, 1, 1) < 0) return VNULL;
    return anext_forward(args[0], "send", args + 1, 1);
}
static Value anext_throw_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("throw", nargs - 1, 1, 3) < 0) return VNULL;
    return anext_forward(args[0], "throw", args + 1, nargs - 1);
}
static Value anext_close_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("close", nargs - 1, 0, 0) < 0) return VNULL;
    return anext_forward(args[0], "close", NULL, 0);
}

static const MethodDef anext_methods[] = {
    {"send", anext_send_m, 0, NULL},
    {"throw", anext_throw_m, 0, NULL},
    {"close", anext_close_m, 0, NULL},
    {"__await__", agaw_await_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Type anext_awaitable_type = {
    .tname = "anext_awaitable",
    .basicsize = sizeof(AnextAwaitable),
    .iter = iter_self,
    .iternext = anext_iternext,
};


void gen_init(void) {
    type_add_methods(&gen_type, gen_methods);
    type_add_getsets(&gen_type, gen_getsets);
    type_ready(&gen_type);
    type_add_methods(&coro_type, coro_methods);
    type_add_getsets(&coro_type, coro_getsets);
    type_ready(&coro_type);
    type_add_methods(&coro_wrapper_type, cw_methods);
    type_ready(&coro_wrapper_type);
    type_add_methods(&async_gen_type, ag_methods);
    type_add_getsets(&async_gen_type, ag_getsets);
    type_ready(&async_gen_type);
    type_ready(&async_gen_wrapped_type);
    type_add_methods(&async_gen_asend_type, asend_methods);
    type_ready(&async_gen_asend_type);
    type_add_methods(&async_gen_athrow_type, athrow_methods);
    type_ready(&async_gen_athrow_type);
    type_add_methods(&anext_awaitable_type, anext_methods);
    type_ready(&anext_awaitable_type);
}
