/* gen.c: generators and coroutines: send, throw, close, iteration,
 * yield-from delegation (which `await` is), coroutine wrappers. */
#include "gen.h"

#include "../runtime.h"
#include "../vm/opcodes.h"
#include "../vm/traceback.h"

void sys_write_stderr(const char *s, size_t n);   /* mod/sys.c */

Type gen_type, coro_type, coro_wrapper_type;

static void gen_finalize(void *p);

/* The noun CPython's messages use for g ("coroutine already executing"). */
static const char *gen_kind(GenObject *g) { return g->hdr.type == &coro_type ? "coroutine" : "generator"; }

Value gen_new(Frame *f, FunctionObject *func) {
    bool coro = (f->code->flags & CO_COROUTINE) != 0;
    GenObject *g = (GenObject *)obj_alloc(coro ? &coro_type : &gen_type, sizeof *g);
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
    }
    return v;
}

/* CPython's RuntimeWarning for a coroutine collected before it started,
 * written as its warnings module formats it (tpy has none), at the line
 * that created the coroutine (see GenObject.origin_line). It is printed
 * when the collector finds the coroutine unreachable, later than CPython. */
static void coro_warn_never_awaited(GenObject *g) {
    Buf out;
    buf_init(&out, 128);
    Value line = VNULL;
    if (g->origin_code) {
        CodeObject *co = g->origin_code;
        int lineno = g->origin_line;
        buf_printf(&out, "%s:%d: ", str_data(co->filename), lineno);
        line = traceback_source_line(co->filename, lineno);
        if (!line) err_clear();
    } else {
        buf_puts(&out, "sys:1: ");
    }
    buf_printf(&out, "RuntimeWarning: coroutine '%s' was never awaited\n", str_data(g->qualname));
    if (line) {
        const char *d = str_data(line);
        size_t n = (size_t)str_nbytes(line);
        while (n && (*d == ' ' || *d == '\t')) d++, n--;
        while (n && (d[n - 1] == '\n' || d[n - 1] == ' ' || d[n - 1] == '\r')) n--;
        buf_printf(&out, "  %.*s\n", (int)n, d);
    }
    buf_puts(&out, "RuntimeWarning: Enable tracemalloc to get the object allocation traceback\n");
    sys_write_stderr(out.data, out.len);
}

static Value gen_close_m(Value *args, size_t nargs, Value kwnames);

/* An unreachable suspended generator is closed, running its finally
 * blocks (from a finalizer: the exception state is the caller's). */
static void gen_finalize(void *p) {
    GenObject *g = p;
    if (g->hdr.type == &coro_type && g->frame && !g->started) {
        coro_warn_never_awaited(g);
        return;
    }
    if (!g->frame || !g->started || g->running) return;
    Value gv = V_FROM_PTR(g);
    Value saved = err_fetch();
    if (!gen_close_m(&gv, 1, VNULL) && err_occurred()) err_write_unraisable(err_fetch(), "", gv);
    err_restore(saved);
}

/* Run the frame once: returns like gen_send_ex. */
static int gen_run(GenObject *g, Value throw_exc, Value *out) {
    Frame *f = g->frame;
    g->running = true;
    g->started = true;
    Value caller_handled = tstate.handled;
    tstate.handled = g->handled ? g->handled : caller_handled;
    f->yielded = 0;
    Value r = eval_frame(f, throw_exc);
    g->handled = tstate.handled != caller_handled ? tstate.handled : VNULL;
    tstate.handled = caller_handled;
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
        }
        return -1;
    }
    *out = r;
    return 0;
}

static Value stop_with(Value v) {
    if (v == V_NONE) return err_set_value(&exc_StopIteration, VNULL);
    return err_stop_iteration(v);
}

int gen_send_ex(Value gv, Value value, Value *out) {
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
    if (!g->started) {
        if (value && value != V_NONE) {
            err_format(&exc_TypeError, "can't send non-None value to a just-started %s", gen_kind(g));
            return -1;
        }
    } else {
        *g->frame->sp++ = value ? value : V_NONE;
    }
    g->yield_from = VNULL;
    return gen_run(g, VNULL, out);
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

static Value gen_send_m(Value *args, size_t nargs, Value kwnames) {
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
        /* delegate to the sub-iterator */
        Value sub = g->yield_from;
        Value r;
        int st;
        if (type_is_subtype(type_of(exc), &exc_GeneratorExit)) {
            /* close the sub-iterator (if it can be), then raise here */
            Value cl = genlike_check(sub) ? VNULL : obj_getattr_opt(sub, NAME(close));
            Value cr = genlike_check(sub) ? obj_call_method(sub, "close", NULL, 0)
                       : cl ? obj_call0(cl) : (err_occurred() ? VNULL : V_NONE);
            if (!cr) exc = err_fetch();
            goto throw_here;
        }
        if (genlike_check(sub)) {
            r = gen_throw_exc(sub, exc);
            if (r) return r;   /* still suspended in the subgenerator */
        } else {
            Value thr = obj_getattr_opt(sub, NAME(throw));
            if (!thr) {
                if (err_occurred()) exc = err_fetch();
                goto throw_here;
            }
            r = obj_call1(thr, exc);
            if (r) return r;
        }
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
            if (st == 0) return stop_with(out);
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
        /* a just-started generator: the exception escapes immediately */
        g->started = true;
        g->frame = NULL;
        return err_set_exc(exc);
    }
    Value out;
    int st = gen_run(g, exc, &out);
    if (st == 1) return out;
    if (st == 0) return stop_with(out);
    return VNULL;
}

static Value gen_throw_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("throw", nargs - 1, 1, 3) < 0) return VNULL;
    Value typ = args[1], val = nargs > 2 ? args[2] : V_NONE;
    Value exc;
    if (exc_type_check(typ)) {
        if (val == V_NONE) exc = obj_call0(typ);
        else if (exc_check(val)) exc = val;
        else exc = tuple_check(val) ? obj_call_tuple_dict(typ, val, VNULL) : obj_call1(typ, val);
        if (!exc) return VNULL;
    } else if (exc_check(typ)) {
        if (val != V_NONE) return err_set(&exc_TypeError, "instance exception may not have a separate value");
        exc = typ;
    } else {
        return err_format(&exc_TypeError, "exceptions must be classes or instances deriving from BaseException, not %T",
                          typ);
    }
    if (nargs > 3 && args[3] != V_NONE) V_AS(ExcObject, exc)->traceback = args[3];
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
    if (err_matches(&exc_GeneratorExit) || err_matches(&exc_StopIteration)) {
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
static Value gen_get_frame(Value v) { return V_AS(GenObject, v)->frame ? v : V_NONE; }
static Value gen_get_code(Value v) { return V_FROM_PTR(V_AS(GenObject, v)->code); }
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
    {"__name__", gen_get_name, gen_set_name, NULL},
    {"__qualname__", gen_get_qualname, gen_set_qualname, NULL},
    {"gi_yieldfrom", gen_get_yieldfrom, NULL, NULL},
    {"gi_running", gen_get_running, NULL, NULL},
    {"gi_frame", gen_get_frame, NULL, NULL},
    {"gi_code", gen_get_code, NULL, NULL},
    {"gi_suspended", gen_get_suspended, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef gen_methods[] = {
    {"send", gen_send_m, 0, NULL},
    {"throw", gen_throw_m, 0, NULL},
    {"close", gen_close_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Type gen_type = {
    .tname = "generator",
    .basicsize = sizeof(GenObject),
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
    if (!a && err_matches(&exc_TypeError)) {
        /* CPython chains the awaitable's error as the cause */
        Value cause = err_fetch();
        err_format(&exc_TypeError, "'async for' received an invalid object from __anext__: %T", r);
        ExcObject *e = V_AS(ExcObject, tstate.exc);
        e->cause = cause;
        e->context = cause;
        e->suppress_context = true;
    }
    return a;
}

static const GetSetDef coro_getsets[] = {
    {"__name__", gen_get_name, gen_set_name, NULL},
    {"__qualname__", gen_get_qualname, gen_set_qualname, NULL},
    {"cr_await", gen_get_yieldfrom, NULL, NULL},
    {"cr_running", gen_get_running, NULL, NULL},
    {"cr_frame", gen_get_frame, NULL, NULL},
    {"cr_code", gen_get_code, NULL, NULL},
    {"cr_suspended", gen_get_suspended, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef coro_methods[] = {
    {"send", gen_send_m, 0, NULL},
    {"throw", gen_throw_m, 0, NULL},
    {"close", gen_close_m, 0, NULL},
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

void gen_init(void) {
    type_add_methods(&gen_type, gen_methods);
    type_add_getsets(&gen_type, gen_getsets);
    type_ready(&gen_type);
    type_add_methods(&coro_type, coro_methods);
    type_add_getsets(&coro_type, coro_getsets);
    type_ready(&coro_type);
    type_add_methods(&coro_wrapper_type, cw_methods);
    type_ready(&coro_wrapper_type);
}
