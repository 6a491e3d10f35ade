/* trace.c: the trace lifecycle state machine (see trace.h), hot counters,
 * running compiled code, guard failure and resume.
 *
 * Resume contract: compiled code returns the failing guard and its fail
 * arguments (saved[i] holds the raw word of guard->fail_args[i]). Resume
 * writes the snapshot's frames back: the root frame in place (it is the
 * interpreter frame the trace was entered with), inlined frames as new
 * frames pushed on the frame stack; then the interpreter continues in the
 * innermost one.
 */
#include "trace.h"
#include "safepoint.h"
#include "../vm/pending.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"
#include "../obj/gen.h"
#include "backend.h"
#include "helpers.h"
#include "opt.h"
#include "params.h"
#include "record.h"
#include "resume.h"
#include "../introspect/profiler.h"
#include "../introspect/sampler.h"
#include "../vm/opcodes.h"
#include "../introspect/jitevents.h"

JitState jit;

const char *const jit_counter_names[CNT__COUNT] = {
#define JIT_COUNTER_NAME(name) #name,
    JIT_COUNTER_DEF(JIT_COUNTER_NAME)
#undef JIT_COUNTER_NAME
};
_Static_assert(ABORT_TOO_LONG == 0 && ABORT_SEGMENTED_TRACE == ABORT__PYPY_COUNT - 1 &&
                   CNT_ABORT_SEGMENTED_TRACE - CNT_ABORT_TOO_LONG == ABORT__PYPY_COUNT - 1,
               "PyPy's abort reasons and their counters must stay in the same order");

const char *const abort_names[ABORT__COUNT] = {
#define ABORT_NAME(name, text) #name,
    ABORT_DEF(ABORT_NAME)
#undef ABORT_NAME
};
const char *const abort_texts[ABORT__COUNT] = {
#define ABORT_TEXT(name, text) text,
    ABORT_DEF(ABORT_TEXT)
#undef ABORT_TEXT
};

/* Traces that assumed a watched object (cell, type, dict) stays unchanged.
 * The table holds neither: keys are addresses and entries trace pointers
 * as ints, so it keeps nothing alive. A trace's entries are removed when
 * it is freed (unwatch), before it can be collected; its `watched` list
 * keeps the objects alive meanwhile, so an address cannot be reused. */
static Value watch_table;   /* dict: id(object) -> list of Trace pointers (as ints) */

static void watch(Value obj, Trace *t) {
    /* the flags make the runtime call back when the object changes */
    if (cell_check(obj)) V_AS(CellObject, obj)->watched = 1;
    else if (dict_check(obj)) V_AS(DictObject, obj)->watched = 1;
    if (!watch_table) watch_table = dict_new();
    Value key = v_int((int64_t)(obj >> 3));
    Value l = dict_get(watch_table, key);
    if (!l) {
        l = list_new(2);
        dict_set(watch_table, key, l);
    }
    list_append(l, v_int((int64_t)((uintptr_t)t >> 3)));
}

static void unwatch(Trace *t) {
    if (!watch_table || !t->watched) return;
    Value me = v_int((int64_t)((uintptr_t)t >> 3));
    for (int64_t i = 0; i < list_size(t->watched); i++) {
        Value key = v_int((int64_t)(list_get(t->watched, i) >> 3));
        Value l = dict_get(watch_table, key);
        if (!l) continue;   /* invalidated: the entry went then */
        ListObject *lo = V_AS(ListObject, l);
        list_generic(lo);
        int64_t k = 0;
        for (int64_t j = 0; j < lo->size; j++)
            if (lo->items[j] != me) lo->items[k++] = lo->items[j];
        for (int64_t j = k; j < lo->size; j++) lo->items[j] = VNULL;
        lo->size = k;
        if (k == 0) dict_del(watch_table, key);
    }
    t->watched = VNULL;
}

/* A recording, or one being compiled, that assumed obj unchanged. */
static void break_assumption(Recorder *R, Value obj) {
    if (!R || R->assumption_broken) return;
    for (int64_t i = 0; i < list_size(R->watched); i++)
        if (list_get(R->watched, i) == obj) R->assumption_broken = true;
}

static void invalidate_watchers(Value obj) {
    break_assumption(jit.rec, obj);
    for (Recorder *R = jit.finishing; R; R = R->finishing_next) break_assumption(R, obj);
    if (!watch_table) return;
    Value key = v_int((int64_t)(obj >> 3));
    Value l = dict_get(watch_table, key);
    if (!l) return;
    for (int64_t i = 0; i < list_size(l); i++) {
        Trace *t = (Trace *)(uintptr_t)((uint64_t)v_intval(list_get(l, i)) << 3);
        t->invalid = 1;
    }
    dict_del(watch_table, key);
}

void jit_cell_changed(Value cell) {
    CellObject *c = V_AS(CellObject, cell);
    c->watched = 0;
    /* an assumption that it was constant broke: from now on treat it as a
       variable (PyPy's quasi-immutable fields do the same) */
    if (c->version <= CELL_REBIND_LIMIT) c->version = CELL_REBIND_LIMIT + 1;
    invalidate_watchers(cell);
}
void jit_type_changed(Type *t) { invalidate_watchers(V_FROM_PTR(t)); }
void jit_function_code_changed(Value fn) { invalidate_watchers(fn); }
void jit_dict_changed(Value d) {
    V_AS(DictObject, d)->watched = 0;
    invalidate_watchers(d);
}

/* ---- jit cells ----------------------------------------------------------------------- */

static JitCell *cells_for(CodeObject *co) {
    if (!co->jitcells) {
        co->jitcells = gc_alloc(sizeof(JitCell) * (size_t)co->ncode);
        for (int i = 0; i < co->ncode; i++) co->jitcells[i].counter = (int32_t)jit_params.threshold;
    }
    return co->jitcells;
}

JitCell *jit_cell(CodeObject *co, int32_t pc) { return &cells_for(co)[pc]; }

/* ---- aborts and completion -------------------------------------------------------------- */

void jit_counter_inc(int which) { jit.counters[which]++; }

static void end_recording(void) {
    jit.recording = false;
    jit.rec = NULL;
}

/* A spot that keeps aborting stops being traced. */
#define MAX_ABORTS 3
/* Bridges a recursive generator's resume tree may record before it is
 * dropped (run_trace_finish): permutations_of in bench/nqueens.py needs 3,
 * the branching `place` would take hundreds */
#define GEN_RECURSIVE_MAX_BRIDGES 16
#define MAX_BAD_LOOPS 20

static void report_abort(Recorder *R) {
    if (R->abort_reason < ABORT__PYPY_COUNT) jit.counters[CNT_ABORT_TOO_LONG + R->abort_reason]++;
    jitev_abort(R->abort_reason, R->kind, R->start_code, R->start_pc, R->from_guard, &R->ir);
    if (R->gen_resume) {
        JitCell *c = jit_cell(R->start_code, R->start_pc);
        c->flags &= (uint16_t)~JC_TRACING;
        if (++c->aborts >= MAX_ABORTS) c->flags |= JC_DONT_TRACE_HERE;
        c->counter = (int32_t)jit_params.threshold;
    } else if (R->kind == TRACE_LOOP) {
        JitCell *c = jit_cell(R->start_code, R->start_pc);
        c->flags &= (uint16_t)~JC_TRACING;
        if (R->abort_reason == ABORT_BAD_LOOP && c->bad_loops < MAX_BAD_LOOPS) {
            /* an unlucky iteration: record the next one */
            c->bad_loops++;
            c->counter = 1;
        } else {
            if (++c->aborts >= MAX_ABORTS) c->flags |= JC_DONT_TRACE_HERE;
            c->counter = (int32_t)jit_params.threshold;
        }
    } else if (R->kind == TRACE_FUNCTION) {
        CodeObject *co = R->start_code;
        co->jit_calls = 0;
        if (++co->jit_entry_aborts >= MAX_ABORTS) co->jit_flags |= CODE_JIT_NO_ENTRY_TRACE;
    } else {
        GuardDescr *g = R->from_guard;
        g->fail_count = 0;
        if (g->bridge_aborts < UINT16_MAX) g->bridge_aborts++;
        /* the guard sits in a call the tree inlined, whose loop a bridge
           cannot follow (the function is now called instead): retrace the
           tree, or the guard stays without a bridge for good */
        if (R->abort_reason == ABORT_INLINE_LOOP && g->owner->root) g->owner->root->invalid = 1;
        /* a generator's first-run trace (resume trace at pc 0) with a guard
           that fails and cannot get a bridge: the generator takes a path
           that cannot be compiled (it recurses, `place` and
           `permutations_of` in bench/nqueens.py) on many calls, and each
           leaves the trace by the guard, dearer than running the first run
           interpreted; drop the trace, and never trace there again */
        Trace *root = g->owner->root;
        if (root && root->gen_resume && root->pc == 0 && g->bridge_aborts >= MAX_ABORTS) {
            root->invalid = 1;
            jit_cell(root->code, 0)->flags |= JC_DONT_TRACE_HERE;
        }
    }
    if (getenv("TPY_JITDUMP"))
        fprintf(stderr, "--- abort (%s): %s at %s\n", R->kind == TRACE_LOOP ? "loop" : R->kind == TRACE_BRIDGE ? "bridge" : "function",
                abort_texts[R->abort_reason], R->abort_op ? R->abort_op : "?");
}

void jit_abort(AbortReason reason) {
    Recorder *R = jit.rec;
    if (!R) return;
    if (!R->aborted) {
        R->aborted = true;
        R->abort_reason = reason;
    }
    end_recording();   /* before the abort hook, which may trace code of its own */
    report_abort(R);
}

/* ---- releasing machine code ------------------------------------------------------------- */

/* Released traces are unreachable from the interpreter at once (their jit
 * cells forget them, and they are invalid so guard_not_invalidated exits);
 * their machine code is freed only when no compiled code is running, since
 * a running loop may still be in it or jump to it. Then the trace leaves
 * jit.doomed and the watch table, and the collector takes it with all it
 * owns (a frame or the C stack may still hold one of its guards for a
 * while: resume reads it after free_doomed). */

static void trace_list_add(Trace ***list, int32_t *n, int32_t *cap, Trace *t) {
    if (*n == *cap) {
        int32_t ncap = *cap ? *cap * 2 : 64;
        *list = gc_grow_uncollectable(*list, sizeof(Trace *) * (size_t)*cap, sizeof(Trace *) * (size_t)ncap);
        *cap = ncap;
    }
    (*list)[(*n)++] = t;
}

/* Shorten a list to n entries; the vacated ones must not keep traces alive. */
static void trace_list_cut(Trace **list, int32_t *n, int32_t new_n) {
    if (new_n < *n) memset(list + new_n, 0, sizeof(Trace *) * (size_t)(*n - new_n));
    *n = new_n;
}

static void live_add(Trace *t) { trace_list_add(&jit.live, &jit.nlive, &jit.caplive, t); }

static void free_doomed(void) {
    if (jit.activations > 0) return;
    for (int32_t i = 0; i < jit.ndoomed; i++) {
        Trace *t = jit.doomed[i];
        if (t->freed) continue;
        sampler_code_freed(t);
        backend_free(t);
        t->freed = 1;
        unwatch(t);
        jitev_freed(t);
    }
    trace_list_cut(jit.doomed, &jit.ndoomed, 0);
}

/* Unhook a trace from the interpreter and doom its code. */
static void release(Trace *t) {
    t->invalid = 1;
    t->released = 1;
    if (t->kind == TRACE_FUNCTION && !t->gen_resume) {
        if (t->code->jit_entry_trace == t) t->code->jit_entry_trace = NULL;
    } else if ((t->kind == TRACE_LOOP || t->kind == TRACE_FUNCTION) && t->code) {
        JitCell *c = jit_cell(t->code, t->pc);
        if (c->trace == t) c->trace = NULL;
        c->counter = (int32_t)jit_params.threshold;
    }
    if (t->jumps_to && t->jumps_to->incoming > 0) t->jumps_to->incoming--;
    trace_list_add(&jit.doomed, &jit.ndoomed, &jit.capdoomed, t);
}

void jit_releaseall(void) {
    /* (from a hook while a trace is finished, compile_finishing() drops
       that trace if it would patch or enter released code) */
    jitev_releaseall(jit.nlive);
    for (int32_t i = 0; i < jit.nlive; i++) release(jit.live[i]);
    trace_list_cut(jit.live, &jit.nlive, 0);
    free_doomed();
}

/* loop_longevity: free trees whose root was not entered for that many
 * compilations, unless other trees jump into them or they are running. */
static void free_cold_trees(void) {
    if (jit_params.loop_longevity <= 0) return;
    uint64_t limit = (uint64_t)jit_params.loop_longevity;
    bool any = false;
    for (int32_t i = 0; i < jit.nlive; i++) {
        Trace *r = jit.live[i];
        if (r->kind == TRACE_BRIDGE || r->active || r->incoming > 0) continue;
        if (jit.generation - r->generation > limit) r->freed = 2;   /* mark the tree */
        if (r->freed == 2) any = true;
    }
    if (!any) return;
    int32_t k = 0;
    for (int32_t i = 0; i < jit.nlive; i++) {
        Trace *t = jit.live[i];
        if (t->root->freed == 2) release(t);
        else jit.live[k++] = t;
    }
    for (int32_t i = 0; i < jit.ndoomed; i++)
        if (jit.doomed[i]->freed == 2) jit.doomed[i]->freed = 0;
    trace_list_cut(jit.live, &jit.nlive, k);
    free_doomed();
}

static Trace *trace_new(Recorder *R) {
    Trace *t = gc_alloc(sizeof *t);
    t->kind = R->kind;
    t->tree_kind = R->kind == TRACE_BRIDGE ? R->parent->tree_kind : R->kind;
    t->root = R->kind == TRACE_BRIDGE ? R->parent->root : t;
    t->generation = jit.generation;
    t->profile_mode = (uint8_t)jit_profile_mode;
    t->code = R->start_code;
    t->pc = R->start_pc;
    t->gen_resume = R->kind == TRACE_BRIDGE ? R->parent->gen_resume : R->gen_resume;
    if (R->gen_recursive) t->root->gen_recursive = 1;
    t->globals = R->kind == TRACE_BRIDGE ? R->parent->globals : R->root_globals;
    t->builtins = R->kind == TRACE_BRIDGE ? R->parent->builtins : R->root_builtins;
    t->noopt = R->ir;
    t->ir = R->ir;
    t->counting = jit.debug_counters;
    return t;
}

static void dump_trace(Trace *t, bool ok) {
    if (!getenv("TPY_JITDUMP")) return;
    const char *kind = t->kind == TRACE_LOOP ? "loop" : t->kind == TRACE_BRIDGE ? "bridge" : "function";
    fprintf(stderr, "--- %s %u noopt\n", kind, t->number);
    ir_print(&t->noopt, stderr, NULL);
    fprintf(stderr, "--- %s %u (%s)\n", kind, t->number, ok ? "compiled" : "failed");
    ir_print(&t->ir, stderr, NULL);
}

/* Has something the trace relies on changed since recording ended? Python
 * code run meanwhile (an optimize hook; the program itself, for a bridge
 * recorded while its tree was released) may change a watched object or
 * call releaseall(): the guard to patch or the loop to jump to may be in
 * freed code. */
static bool recording_outdated(Recorder *R) {
    return R->assumption_broken || (R->kind == TRACE_BRIDGE && R->parent->root->released) ||
           (R->jump_target && R->jump_target->released);
}

/* ---- what a compiled trace keeps alive (ir.h, KeepAlive) ---- */

typedef struct PtrSet {
    void **slots;       /* open addressing; NULL: empty. Atomic: every
                           object in it is kept otherwise meanwhile */
    size_t cap, n;      /* cap: a power of two */
} PtrSet;

/* Insert p; false if it was there. */
static bool ptrset_insert(PtrSet *s, void *p) {
    if (2 * (s->n + 1) > s->cap) {
        PtrSet bigger = {.cap = s->cap ? 2 * s->cap : 256};
        bigger.slots = gc_alloc_atomic(bigger.cap * sizeof(void *));
        memset(bigger.slots, 0, bigger.cap * sizeof(void *));
        for (size_t i = 0; i < s->cap; i++)
            if (s->slots[i]) ptrset_insert(&bigger, s->slots[i]);
        *s = bigger;
    }
    size_t mask = s->cap - 1, i = ((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15u >> 20 & mask;
    for (; s->slots[i]; i = (i + 1) & mask)
        if (s->slots[i] == p) return false;
    s->slots[i] = p;
    s->n++;
    return true;
}

typedef struct KeepWalk {
    Trace *t;
    PtrSet seen;
} KeepWalk;

static void keep(KeepWalk *w, void *p) {
    if (p && ptrset_insert(&w->seen, p)) keepalive_append(&w->t->keepalive, p);
}

static void keep_snapshot(KeepWalk *w, const Snapshot *s) {
    for (int32_t f = 0; s && f < s->nframes; f++) {
        keep(w, s->frames[f].code);
        keep(w, s->frames[f].func);
    }
}

/* The objects that b's operations point to (a descriptor or argument array
   may be static, or inside a larger heap object: gc_base finds its start),
   and those that its atomic records name. */
static void keep_ops(KeepWalk *w, const IRBuf *b, bool ops_atomic) {
    for (int32_t i = 0; i < b->nops; i++) {
        const IROp *op = &b->ops[i];
        if (ops_atomic && op->xargs) keep(w, gc_base(op->xargs));
        const Descr *d = op->descr;
        if (!d) continue;
        if (ops_atomic) keep(w, gc_base(d));
        if (d->kind == DESCR_POS) {
            keep(w, ((const PosDescr *)d)->code);
        } else if (d->kind == DESCR_GUARD) {
            const GuardDescr *g = (const GuardDescr *)d;
            keep_snapshot(w, g->snap);
            /* its facts for bridges (atomic, opt.c) */
            for (int32_t k = 0; k < g->nfacts; k++) keep(w, g->facts[k].cls);
            for (int32_t k = 0; k < g->nhfacts; k++) {
                keep(w, gc_base(g->hfacts[k].descr));
                if (g->hfacts[k].value == IR_NONE && g->hfacts[k].k.type == 'r' && v_is_ptr(g->hfacts[k].k.v.r))
                    keep(w, gc_base(V_OBJ(g->hfacts[k].k.v.r)));
            }
        } else if (d->kind == DESCR_TARGET) {
            /* a short preamble's own operations are scanned */
            const IRBuf *sp = ((const TargetDescr *)d)->short_preamble;
            if (sp && sp != b) keep_ops(w, sp, false);
        }
    }
}

/* Fill t->keepalive from its optimized operations, which may then be
   atomic. Its guards are kept by t->guards. */
static void trace_collect_keepalive(Trace *t) {
    KeepWalk w = {.t = t};
    for (int32_t i = 0; i < t->nguards; i++) ptrset_insert(&w.seen, t->guards[i]);
    keep_ops(&w, &t->ir, true);
}

/* The trace of a finished recording: optimized, compiled and attached, or
 * aborted. Hooks run meanwhile (optimize, compile, abort): code they run
 * is traced and compiled as usual, without hook events (hooks.h), while
 * R is on jit.finishing. */
static void compile_finishing(Recorder *R) {
    if (recording_outdated(R)) {
        R->aborted = true;
        R->abort_reason = ABORT_FORCE_QUASIIMMUT;
        report_abort(R);
        return;
    }
    Trace *t = trace_new(R);
    jitev_trace_done(t);
    /* the optimizer (opt.h); t->noopt keeps the recorded trace */
    IRBuf opt;
    bool optimized = R->kind == TRACE_BRIDGE ? optimize_bridge(&R->ir, &opt, R->from_guard)
                                             : optimize_trace(&R->ir, R->kind, &opt);
    if (!optimized && recorder_drop_short_preamble(R)) {
        t->noopt = t->ir = R->ir;
        optimized = R->kind == TRACE_BRIDGE ? optimize_bridge(&R->ir, &opt, R->from_guard)
                                            : optimize_trace(&R->ir, R->kind, &opt);
    }
    if (optimized) t->ir = opt;
    for (int32_t i = 0; i < t->ir.nops; i++)
        if (t->ir.ops[i].opcode == IR_label) ((TargetDescr *)t->ir.ops[i].descr)->trace = t;
    if (R->kind == TRACE_LOOP) {
        TargetDescr *td = (TargetDescr *)R->ir.ops[R->label].descr;
        t->number = td->id;
        td->trace = t;
    } else if (R->kind == TRACE_FUNCTION) {
        t->number = ++jit.next_loop_number;
        /* a generator resume trace's label (record.c) is this trace's */
        for (int32_t i = 0; i < t->ir.nops; i++)
            if (t->ir.ops[i].opcode == IR_label) ((TargetDescr *)t->ir.ops[i].descr)->id = t->number;
        if (R->label != IR_NONE) ((TargetDescr *)R->ir.ops[R->label].descr)->id = t->number;
    } else {
        t->parent = R->parent;
        t->from_guard = R->from_guard;
        t->number = R->from_guard->id;
    }
    jitev_before_assemble(t);
    bool outdated = recording_outdated(R);
    bool ok = !outdated && (R->kind == TRACE_BRIDGE ? backend_compile_bridge(t, R->from_guard) : backend_compile_loop(t));
    dump_trace(t, ok);
    if (!ok) {
        R->aborted = true;
        R->abort_reason = outdated ? ABORT_FORCE_QUASIIMMUT : ABORT_BACKEND;
        report_abort(R);
        return;
    }
    /* from here on, only the trace keeps alive what its atomic records name
       (R does until it is dropped) */
    trace_collect_keepalive(t);
    if (R->kind == TRACE_LOOP || R->gen_resume) {
        JitCell *c = jit_cell(R->start_code, R->start_pc);
        c->trace = t;
        c->flags &= (uint16_t)~JC_TRACING;
        jit.counters[CNT_TOTAL_COMPILED_LOOPS]++;
    } else if (R->kind == TRACE_FUNCTION) {
        R->start_code->jit_entry_trace = t;
        R->start_code->jit_calls = 0;
        jit.counters[CNT_TOTAL_COMPILED_LOOPS]++;
    } else {
        jit.counters[CNT_TOTAL_COMPILED_BRIDGES]++;
    }
    t->watched = R->watched;
    for (int64_t i = 0; i < list_size(R->watched); i++) watch(list_get(R->watched, i), t);
    if (R->jump_target && R->jump_target->root != t->root) {
        t->jumps_to = R->jump_target->root;
        t->jumps_to->incoming++;
    }
    live_add(t);
    sampler_code_added(t);
    jitev_compiled(t);
    /* a compiled trace keeps its optimized IR (the constants its machine
       code uses, guards and snapshots for resume and bridges), sized to
       fit; the recorded trace was only for the logs and hooks above */
    memset(&t->noopt, 0, sizeof t->noopt);
    irbuf_trim(&t->ir);
    irbuf_make_ops_atomic(&t->ir);
    if (t->kind != TRACE_BRIDGE) {
        jit.generation++;
        free_cold_trees();
    }
}

/* The marker of jit_call_retry(): an exception object nothing raises. */
static Value retry_marker;

Value jit_call_retry(void) {
    if (!retry_marker) {
        err_set(&exc_RecursionError, "C stack too deep for a call from compiled code");
        retry_marker = err_fetch();
    }
    err_restore(retry_marker);
    return VNULL;
}

/* Room for the frames compiled code may inline, plus `extra`, below the
 * recursion limit (see trace.h). */
static inline bool depth_room(int64_t extra) {
    return tstate.depth + extra + (REC_MAX_FRAMES - 1) <= tstate.recursion_limit;
}

static void compile_recorded(Recorder *R) {
    R->finishing_next = jit.finishing;
    jit.finishing = R;
    uint8_t vm_was = tpy_vmstate;
    tpy_vmstate = VM_COMPILING;
    compile_finishing(R);
    tpy_vmstate = vm_was;
    jit.finishing = R->finishing_next;   /* nested compilations finished first */
}

/* Is a bridge from g, or an entry trace of co, being compiled now (while a
 * hook runs)? Then no second one starts. (A loop's jit cell is marked
 * JC_TRACING until its trace is compiled.) */
static bool bridge_being_compiled(GuardDescr *g) {
    for (Recorder *R = jit.finishing; R; R = R->finishing_next)
        if (R->kind == TRACE_BRIDGE && R->from_guard == g) return true;
    return false;
}

static bool entry_being_compiled(CodeObject *co) {
    for (Recorder *R = jit.finishing; R; R = R->finishing_next)
        if (R->kind == TRACE_FUNCTION && R->start_code == co) return true;
    return false;
}

/* ---- the interpreter's entry points ------------------------------------------------------ */

static int run_trace(Frame *f, Trace *t, Value *result);

/* Was t recorded for frames with f's globals and builtins? */
static bool trace_fits(const Trace *t, const Frame *f) {
    return t->globals == f->globals && t->builtins == f->builtins;
}

Trace *jit_loop_at(CodeObject *code, int32_t pc) {
    if (!code->jitcells) return NULL;
    Trace *t = code->jitcells[pc].trace;
    /* (a generator resume trace's label is only for its own tree) */
    return t && !t->invalid && !t->gen_resume ? t : NULL;
}

/* A generator's code, not a coroutine's or an async generator's: a loop
 * in its (heap) frame is traced as any other, its yields leaving the
 * trace as a resume trace's do (record.c, gen_root_tree). */
static bool plain_generator(const CodeObject *co) {
    return (co->flags & (CO_GENERATOR | CO_COROUTINE | CO_ITERABLE_COROUTINE | CO_ASYNC_GENERATOR)) == CO_GENERATOR;
}

int jit_loop_header(Frame *f, int32_t pc, Value *result) {
    JitCell *c = jit_cell(f->code, pc);
    if (jit_recording_here()) return 0;
    if (c->trace) {
        /* a generator's first instruction can be a loop header (`while
           True:` first): its cell then holds the generator's first-run
           resume trace, which only the resumption may run */
        if (c->trace->gen_resume) return 0;
        if (!c->trace->invalid) return depth_room(0) && trace_fits(c->trace, f) ? run_trace(f, c->trace, result) : 0;
        c->trace = NULL;   /* an assumption broke: trace again later */
        c->counter = (int32_t)jit_params.threshold;
        return 0;
    }
    if (c->counter > 0) return 0;
    c->counter = (int32_t)jit_params.threshold;
    if (jit.recording || (c->flags & (JC_DONT_TRACE_HERE | JC_TRACING)) || (f->on_heap && !plain_generator(f->code)))
        return 0;
    jit.rec = recorder_new_loop(f, pc);
    jit.recording = true;
    jit.record_c_depth = tstate.c_depth;
    jit.record_nested_code = NULL;
    c->flags |= JC_TRACING;
    jit.counters[CNT_TRACING]++;
    jitev_trace_start(TRACE_LOOP, f->code, pc, NULL);
    return 1;
}

int jit_function_entry(Frame *f, Value *result) {
    CodeObject *co = f->code;
    if (jit_recording_here()) return 0;
    Trace *t = co->jit_entry_trace;
    if (t) {
        if (!t->invalid) return depth_room(0) && trace_fits(t, f) ? run_trace(f, t, result) : 0;
        co->jit_entry_trace = NULL;
        co->jit_calls = 0;
        return 0;
    }
    if (co->jit_calls < jit_params.function_threshold) return 0;
    co->jit_calls = 0;
    if (jit.recording || f->on_heap || (co->flags & CO_GENERATOR) || (co->jit_flags & CODE_JIT_NO_ENTRY_TRACE) ||
        entry_being_compiled(co))
        return 0;
    jit.rec = recorder_new_function(f);
    jit.recording = true;
    jit.record_c_depth = tstate.c_depth;
    jit.record_nested_code = NULL;
    jit.counters[CNT_TRACING]++;
    jitev_trace_start(TRACE_FUNCTION, co, 0, NULL);
    return 1;
}

/* Whether co delegates (`yield from`): a first-run resume trace of such a
 * generator ends where it would start delegating (GET_YIELD_FROM_ITER
 * aborts), so the only path it compiles is the one that does not, and
 * its guard fails, without a bridge, whenever the generator delegates:
 * bench/generators.py's inorder compiled `node is None` and failed the
 * guard every other call (1.7% more instructions on the whole program). */
static bool code_delegates(CodeObject *co) {
    for (int32_t i = 0; i < co->ncode; i++)
        if (INSTR_OP(co->code[i]) == OP_GET_YIELD_FROM_ITER) return true;
    return false;
}

int jit_gen_resume(Frame *f, Value *result) {
    CodeObject *co = f->code;
    int32_t pc = (int32_t)(f->ip - co->code);
    if (jit_recording_here()) return 0;
    JitCell *c = jit_cell(co, pc);
    Trace *t = c->trace;
    if (t && !t->gen_resume) return 0;   /* (a loop header: never right after a yield) */
    if (t) {
        if (!t->invalid) return depth_room(0) && trace_fits(t, f) ? run_trace(f, t, result) : 0;
        c->trace = NULL;   /* an assumption broke: trace again later */
        c->counter = (int32_t)jit_params.threshold;
        return 0;
    }
    if (--c->counter > 0) return 0;
    c->counter = (int32_t)jit_params.threshold;
    if (jit.recording || (c->flags & (JC_DONT_TRACE_HERE | JC_TRACING))) return 0;
    if (pc == 0 && code_delegates(co)) {
        c->flags |= JC_DONT_TRACE_HERE;
        return 0;
    }
    jit.rec = recorder_new_gen_resume(f, pc);
    jit.recording = true;
    jit.record_c_depth = tstate.c_depth;
    jit.record_nested_code = NULL;
    c->flags |= JC_TRACING;
    jit.counters[CNT_TRACING]++;
    jitev_trace_start(TRACE_FUNCTION, co, pc, NULL);
    return 1;
}

int jit_record(Frame *f, uint32_t *ip, Value *sp) {
    Recorder *R = jit.rec;
    if (!R) return 1;
    int r = recorder_step(R, f, ip, sp);
    if (r == 0) return 0;
    end_recording();   /* before the hooks, which may trace code of their own */
    if (r > 0) compile_recorded(R);
    else report_abort(R);
    return 1;
}

/* ---- resume ---------------------------------------------------------------------------------- */


/* The value of a snapshot slot: resume.c (fail arguments, constants,
 * virtuals the optimizer removed). */
static Value box_slot(const IRBuf *b, GuardDescr *g, uint64_t *saved, SnapSlot s) {
    return resume_slot(b, g, saved, s);
}

Frame *jit_resume(Frame *root, GuardDescr *g, uint64_t *saved, bool raise) {
    Snapshot *s = g->snap;
    const IRBuf *b = &g->owner->ir;
    resume_begin();
    /* frames built while a call ran (jit_force_frames): the callee may keep
       them (and objects read from their variables), so they go on running */
    ForcedFrames *forced = root->jit_forced;
    root->jit_forced = NULL;
    int32_t nforced = forced ? forced->n : 0;
    if (forced) resume_reuse_forced(forced);
    Frame *prev = NULL;
    Frame *built[REC_MAX_FRAMES];
    int nbuilt = 0;
    for (int fi = 0; fi < s->nframes; fi++) {
        SnapFrame *sf = &s->frames[fi];
        CodeObject *co = sf->code;
        /* a call inlined by code (record.c): its function is a value */
        FunctionObject *fn = sf->func_slot ? V_AS(FunctionObject, box_slot(b, g, saved, s->slots[sf->func_slot])) : sf->func;
        Frame *f;
        if (sf->generator) {
            /* a generator body run inline (record.c): its state goes into
               the generator's own frame, and the frame below re-runs the
               FOR_ITER (prev's top slot: the generator) or g.send(v) (the
               slot below the value) that resumes it.
               The frames above are generators too (a chain of them, each
               resumed by the FOR_ITER of the one below at its pc); only
               the innermost one stopped elsewhere, and raises. */
            GenObject *gen = V_AS(GenObject, prev->sp[-gen_resumer_depth(((CodeObject *)s->frames[fi - 1].code)->code, s->frames[fi - 1].pc)]);
            bool innermost = fi == s->nframes - 1;
            bool gen_raise = raise && innermost;
            f = gen->frame;
            SnapSlot *slots = s->slots + sf->first;
            for (int i = 0; i < sf->nlocals; i++) f->localsplus[i] = box_slot(b, g, saved, slots[i]);
            Value *stack = frame_stack_base(f);
            for (int i = 0; i < sf->nstack; i++) stack[i] = box_slot(b, g, saved, slots[sf->nlocals + i]);
            f->sp = stack + sf->nstack;
            /* raising: the instruction at pc raised (the traceback's line) */
            f->ip = co->code + sf->pc + (gen_raise ? 1 : 0);
            gen->running = false;   /* set by gen_enter; the FOR_ITER below runs it again */
            gen->jit_resume_mode = gen_raise ? GEN_JIT_RAISE : GEN_JIT_CONTINUE;
            gen->jit_throw = gen_raise ? err_fetch() : VNULL;
            prev = f;
            continue;
        }
        bool keep_locals = false;
        if (fi == 0) {
            f = root;
        } else if (fi - 1 < nforced && forced->frames[fi - 1]->code == co) {
            /* moved onto the frame stack; its variables are the call's,
               which no instruction since changed */
            Frame *h = forced->frames[fi - 1];
            f = frame_push(co);
            memcpy(f, h, frame_size(co));
            f->on_heap = 0;
            f->jit_forced_frame = 0;
            f->back = prev;
            if (f->fobj) sys_frame_moved(f);
            f->discard_result = sf->constructor ? FRAME_RESULT_INIT : sf->class_new ? FRAME_RESULT_NEW
                              : sf->len_result ? FRAME_RESULT_LEN
                              : sf->truth_jump ? FRAME_RESULT_TRUTH
                              : sf->compare_op >= 0 ? FRAME_RESULT_COMPARE
                              : sf->binop_step >= 0 ? FRAME_RESULT_BINOP + sf->binop_step : FRAME_RESULT_PLAIN;
            f->binop_op = sf->compare_op >= 0 ? (uint8_t)sf->compare_op : sf->binop_op;
            tstate.depth++;
            keep_locals = true;
        } else {
            nforced = 0;   /* another call now: the frames forced are gone */
            f = frame_push(co);
            f->func = fn;
            f->globals = fn->globals;
            f->builtins = fn->builtins;
            f->back = prev;
            f->discard_result = sf->constructor ? FRAME_RESULT_INIT : sf->class_new ? FRAME_RESULT_NEW
                              : sf->len_result ? FRAME_RESULT_LEN
                              : sf->truth_jump ? FRAME_RESULT_TRUTH
                              : sf->compare_op >= 0 ? FRAME_RESULT_COMPARE
                              : sf->iter_next ? FRAME_RESULT_ITERNEXT
                              : sf->binop_step >= 0 ? FRAME_RESULT_BINOP + sf->binop_step : FRAME_RESULT_PLAIN;
            f->binop_op = sf->compare_op >= 0 ? (uint8_t)sf->compare_op : sf->binop_op;
            tstate.depth++;
        }
        SnapSlot *slots = s->slots + sf->first;
        for (int i = 0; i < sf->nlocals; i++) {
            Value v = box_slot(b, g, saved, slots[i]);   /* in order: the fail-argument cursor */
            if (!keep_locals) f->localsplus[i] = v;
        }
        Value *stack = frame_stack_base(f);
        for (int i = 0; i < sf->nstack; i++) stack[i] = box_slot(b, g, saved, slots[sf->nlocals + i]);
        f->sp = stack + sf->nstack;
        f->ip = co->code + sf->pc;
        prev = f;
        built[nbuilt++] = f;
    }
    if (s->flags & SNAP_HANDLED) {
        /* the trace shadowed tstate.handled (record.c) */
        SnapSlot h = s->slots[s->nslots - 1];
        tstate.handled = h.kind == SK_NULL ? VNULL : box_slot(b, g, saved, h);
    }
    resume_fix_tracebacks(built, nbuilt);
    tstate.frame = built[nbuilt - 1];
    return built[nbuilt - 1];
}

/* A walk up the frame chain from `from` reached a root frame whose
 * compiled code is in a residual call made from inlined frames (its
 * jit_call_mframe, emit_x64.c): those frames are built (once per call, on
 * the heap: the frame stack above the root belongs to the callee) and put
 * between the root and the callee's frames. The call's guard_not_forced
 * then sends the trace to the interpreter, which goes on with them. */
Frame *jit_force_frames(Frame *from) {
    Frame *root = from->back;
    ForcedFrames *ff = root->jit_forced;
    if (!ff) {
        GuardDescr *g;
        backend_forced_values(root->jit_call_mframe, &g, NULL);
        /* not atomic: the words include Values the frames will hold */
        uint64_t *saved = gc_alloc(sizeof(uint64_t) * (size_t)(g->nfail_args + 1));
        backend_forced_values(root->jit_call_mframe, &g, saved);
        ff = resume_force_frames(root, g, saved);
        root->jit_forced = ff;
        jit.counters[CNT_FORCE_VIRTUALIZABLES]++;   /* PyPy counts its frames forced so */
    }
    Frame *inner = ff->n ? ff->frames[ff->n - 1] : root;
    from->back = inner;
    /* the callee's outermost frame, if it is another one (a generator's) */
    for (Frame *x = tstate.frame; x && x != root; x = x->back) {
        if (x->back == root && !x->jit_forced_frame) {
            x->back = inner;
            break;
        }
    }
    return inner;
}

/* The profiler's exit event: named after the trace the exit is in (in mode
 * PROF_LOOPS, which charges bridges to their loop, after its tree's root). */
static void profile_exit(Trace *entered, GuardDescr *g, bool raise) {
    if (g == &jit_done_descr) {
        prof_event(entered, PROF_EXIT_RETURN);
        return;
    }
    Trace *x = g->owner;
    if (jit_profile_mode == PROF_LOOPS) x = x->root;
    ProfEventKind k = raise ? PROF_EXIT_EXCEPTION
                    : g->owner->ir.nops > g->op_index && g->owner->ir.ops[g->op_index].opcode == IR_finish ? PROF_EXIT_EXIT
                    : PROF_EXIT_GUARD;
    prof_event(x, k);
}

/* Run compiled code entered at frame f. Returns 2 (frames rebuilt: go on
 * in tstate.frame), 3 (the same, and the instruction there raised), 4
 * (the same, and a bridge is being recorded from there), or 5 (a function
 * trace returned *result). */
typedef GuardDescr *(*TraceEntryFn)(Frame *);
static int run_trace_finish(Frame *f, Trace *t, GuardDescr *g, bool record, bool quiet, uint64_t *prof_was,
                            Value *result);

static int run_trace(Frame *f, Trace *t, Value *result) {
    typedef TraceEntryFn EntryFn;
    if (t->counts) t->counts->runs++;
    t->generation = jit.generation;
    /* the profiler charges an entry trace called from compiled code (through
       the interpreter) to its caller, as a call_assembler */
    bool quiet = false, record = false;
    uint64_t *prof_was = NULL;
    if (jit_profile_mode && !prof_suppressed()) {
        /* events only where they will be kept (not inside a suppressed call) */
        quiet = t->kind == TRACE_FUNCTION && jit.activations > 0;
        if (quiet) prof_was = prof_suppress_begin();
        else record = true;
    }
    t->active++;
    jit.activations++;
    if (record) prof_event(t, PROF_ENTER);
    uint8_t was_in_compiled = f->in_compiled, vm_was = tpy_vmstate;
    f->in_compiled = 1;
    tpy_vmstate = VM_MCODE;
    GuardDescr *g = ((EntryFn)t->entry)(f);
    tpy_vmstate = vm_was;
    f->in_compiled = was_in_compiled;
    return run_trace_finish(f, t, g, record, quiet, prof_was, result);
}

/* The second half of run_trace, once the compiled code has returned guard
 * g: profiler exit event, bookkeeping (t->active and jit.activations were
 * raised by the caller), the result or the rebuilt frames. */
static int run_trace_finish(Frame *f, Trace *t, GuardDescr *g, bool record, bool quiet, uint64_t *prof_was,
                            Value *result) {
    bool done = g == &jit_done_descr;
    /* a call there was no C stack for: nothing ran, the interpreter makes it */
    bool retry = !done && tstate.exc && tstate.exc == retry_marker;
    if (retry) err_clear();
    bool raise = !done && (g->snap->flags & SNAP_RAISE) && !retry;
    if (record) profile_exit(t, g, raise);
    jit.activations--;
    t->active--;
    if (quiet) prof_suppress_end(prof_was);
    if (jit.ndoomed && jit.activations == 0) free_doomed();
    if (done) {
        *result = (Value)jit_saved_area[0];
        jit_saved_area[0] = 0;   /* a root of the collector: keep nothing alive */
        return 5;
    }
    Frame *inner = jit_resume(f, g, jit_saved_area, raise);
    /* the saved words are a root of the collector: once resumed, they would
       only keep dead objects alive (a 700k-string list, measured) */
    memset(jit_saved_area, 0, sizeof(uint64_t) * (size_t)g->nfail_args);
    if (retry) return 2;   /* not a failure of the guard: no bridge from it */
    /* an exit of a loop made to leave for a pending action (safepoint.h)
       is no failure */
    bool real_failure = !safepoint_tripped();
    if (real_failure) g->fail_count++;
    /* inside a generator's body run inline, the interpreter re-runs the
       FOR_ITER that resumes the generator, which raises if it has to */
    bool in_gen = g->snap->frames[g->snap->nframes - 1].generator;
    if (raise && !in_gen) {
        /* the instruction at pc raised: continue as if it just did */
        inner->ip++;
        return 3;
    }
    bool gen_raise = in_gen && raise;   /* the generator raises: no bridge */
    /* a released tree's code may be freed already (a tree is released
       whole): no bridge for it */
    if (real_failure && g->fail_count >= jit_params.trace_eagerness && !g->bridge && g->bridge_aborts < MAX_ABORTS &&
        !gen_raise &&
        !(g->flags & GUARD_NO_BRIDGE) && !jit.recording && jit_params.enabled && !g->owner->root->released &&
        !bridge_being_compiled(g)) {
        Trace *root = g->owner->root;
        if (root->gen_recursive && root->bridges_started >= GEN_RECURSIVE_MAX_BRIDGES) {
            /* a recursive generator whose levels branch (bench/nqueens.py's
               `place`: 550 bridges in 6 rounds, each path through a few
               `continue`s its own bridge, and the rounds 1.7x slower than
               interpreted): drop the tree and leave the code to the
               interpreter, as if it had never been traced */
            root->invalid = 1;
            jit_cell(root->code, root->pc)->flags |= JC_DONT_TRACE_HERE;
            if (getenv("TPY_JITDUMP"))
                fprintf(stderr, "--- recursive generator's tree %u (pc %d) dropped after %d bridges\n", root->number, root->pc,
                        root->bridges_started);
            return 2;
        }
        root->bridges_started++;
        jit.rec = recorder_new_bridge(inner, g);
        jit.recording = true;
        jit.record_c_depth = tstate.c_depth;
        /* a bridge from inside a generator body starts recording when the
           FOR_ITER of `inner` resumes the generator, in a nested eval */
        jit.record_nested_code = in_gen ? (void *)g->snap->frames[snapshot_first_generator(g->snap)].code : NULL;
        jit.counters[CNT_TRACING]++;
        jitev_trace_start(TRACE_BRIDGE, jit.rec->start_code, jit.rec->start_pc, g);
        return 4;
    }
    return 2;
}

/* run_trace without what only the profiler and the backend counters need
 * (the caller has checked there is neither): the entry of a compiled call
 * (jit_call_assembler) and of a generator resume trace (jit_gen_run). For
 * a recursive call this was most of its cost outside compiled code (fib:
 * 3 of 4 cycles). Returns as run_trace. */
static inline int run_trace_plain(Frame *f, Trace *t, Value *result) {
    t->generation = jit.generation;
    t->active++;
    jit.activations++;
    uint8_t vm_was = tpy_vmstate;
    f->in_compiled = 1;
    tpy_vmstate = VM_MCODE;
    GuardDescr *g = ((TraceEntryFn)t->entry)(f);
    tpy_vmstate = vm_was;
    f->in_compiled = 0;
    if (__builtin_expect(g == &jit_done_descr && !jit.ndoomed, 1)) {
        jit.activations--;
        t->active--;
        *result = (Value)jit_saved_area[0];
        jit_saved_area[0] = 0;   /* a root of the collector: keep nothing alive */
        return 5;
    }
    return run_trace_finish(f, t, g, false, false, NULL, result);
}

/* The callee's new frame f becomes the running one (what the interpreter's
 * call does before running it). */
static inline void callee_frame_enter(Frame *f, FunctionObject *fn) {
    f->func = fn;
    f->globals = fn->globals;
    f->builtins = fn->builtins;
    f->back = tstate.frame;
    tstate.frame = f;
    tstate.depth++;
}

/* jit_call_assembler's way when the profiler or the backend counters are
 * on (the trace is entered through run_trace, the whole call charged to
 * the calling trace), or when the frame stack needs a new chunk. The
 * checks are the caller's; interp_enter_recursive() is done. */
static __attribute__((noinline)) Value call_assembler_slow(FunctionObject *fn, Trace *t, const Value *args,
                                                           int64_t nargs) {
    uint64_t *prof_was = jit_profile_mode ? prof_suppress_begin() : NULL;
    Frame *f = frame_push_args(fn->code, args, (size_t)nargs);
    callee_frame_enter(f, fn);
    Value result;
    int r = (!jit_profile_mode && !t->counts) ? run_trace_plain(f, t, &result) : run_trace(f, t, &result);
    interp_leave_recursive();
    Value v;
    if (r == 5) {
        tstate.frame = f->back;
        tstate.depth--;
        v = result;
    } else {
        v = eval_frame_resumed(f, r);
    }
    frame_pop(f);
    if (jit_profile_mode) prof_suppress_end(prof_was);
    return v;
}

/* call_assembler: compiled code calls a Python function that has an entry
 * trace (typically itself, recursively). The trace runs on a new frame
 * without going through the interpreter's loop; if it exits early the
 * interpreter finishes the call. Without an entry trace (yet), this is a
 * plain call. For recursive programs this entry is most of what a call
 * costs outside compiled code (bench/binary_trees.py: about 200
 * instructions a call before the frame push was inlined here and the
 * profiler's case went to call_assembler_slow), so its common case does
 * only what a call must: the checks, the frame, the trace, the pop. */
Value jit_call_assembler(Value fnv, int64_t nargs, Value a0, Value a1, Value a2, Value a3) {
    if (jit_c_stack_low()) return jit_call_retry();
    Value args[4] = {a0, a1, a2, a3};
    /* a function made on each pass of a loop is called without a guard on
       its identity (record.c, made_in_trace): the variable may hold
       another callable by now (test_datetime in the eager mode: a type),
       which is called as the interpreter would call it */
    if (!function_check(fnv)) return obj_call(fnv, args, (size_t)nargs, VNULL);
    FunctionObject *fn = V_AS(FunctionObject, fnv);
    CodeObject *co = fn->code;
    Trace *t = co->jit_entry_trace;
    /* near the recursion limit the interpreter runs the call (and raises) */
    if (!t || t->invalid || !(co->flags & CO_SIMPLE_ARGS) || nargs != co->argcount || !jit_params.enabled ||
        !depth_room(1) || t->globals != fn->globals || t->builtins != fn->builtins)
        return obj_call(fnv, args, (size_t)nargs, VNULL);
    if (interp_enter_recursive("") < 0) return VNULL;
    Frame *f;
    if (__builtin_expect(jit_profile_mode || t->counts, 0) ||
        __builtin_expect(!(f = frame_push_args_inline(co, args, (size_t)nargs)), 0))
        return call_assembler_slow(fn, t, args, nargs);
    callee_frame_enter(f, fn);
    Value result;
    int r = run_trace_plain(f, t, &result);
    interp_leave_recursive();
    if (__builtin_expect(r == 5, 1)) {
        tstate.frame = f->back;
        tstate.depth--;
        frame_pop(f);
        return result;
    }
    Value v = eval_frame_resumed(f, r);
    frame_pop(f);
    return v;
}

/* The compiled generator resume trace that can run frame f from where it
 * stands (f->ip), or NULL when there is none or anything unusual holds (no
 * trace, tracing, profiling, recording, the C stack limit near, a pending
 * action): then the interpreter's way (eval_frame, whose entry hook counts,
 * records, or runs the trace) must be taken. The Python depth is the
 * caller's to check (it differs between entering and staying entered). */
static inline Trace *gen_trace_runnable(Frame *f) {
    CodeObject *co = f->code;
    Trace *t = co->jitcells ? co->jitcells[f->ip - co->code].trace : NULL;
    if (!t || !t->gen_resume || t->invalid || t->counts || !jit_params.enabled || jit_profile_mode ||
        tstate.use_tracing || interp_save_ip || jit_recording_here() || !trace_fits(t, f) || pending() ||
        jit_c_stack_low())
        return NULL;
    return t;
}

/* gen_run's way into a generator frame that next()/send() resumes just
 * past a yield: with a compiled generator resume trace there, the trace
 * runs without the interpreter's loop (as call_assembler runs a function
 * trace), set up and left as eval_frame would for a yield; when it exits
 * early the interpreter goes on in the rebuilt frames. Anything unusual
 * goes through eval_frame (gen_trace_runnable).
 *
 * With `ahead` (jit_gen_run_batch), after a yield of a value the consumer
 * takes invisibly (gen_ahead_accepts: set_key_is_plain for set(g)) the frame stays entered and the trace at the new resume point
 * runs again at once, as next() would run it (None pushed as the sent
 * value), up to `cap` times: the values yielded before the last one go to
 * ahead[0 .. *nahead), and what is returned is the last run's outcome, as
 * without batching. */
/* The batch that jit_gen_run_batch is filling for one generator frame, or
 * NULL: a resume trace that loops back to its own start (record.c,
 * record_gen_batch_yield) gives it each value at its yield
 * (jit_gen_batch_push) instead of leaving. Per thread: another thread may
 * fill its own while this one waits at a safe point of such a loop. */
typedef struct GenBatch {
    Frame *frame;
    Value *items;
    int *n;
    int cap;
    GenAheadRule rule;
} GenBatch;
static _Thread_local GenBatch *gen_batch;

/* The helper gen_batch_push: takes value v that frame's compiled yield is
 * about to yield into the batch being filled for that frame (1), or
 * declines (0: no batch for it, the batch is full, the consumer's rule
 * does not take v, or anything for which gen_run_compiled's loop would
 * stop running ahead); then the trace's guard fails and the yield is an
 * ordinary one. Exactly the checks of that loop, so that a value taken here
 * is one the loop would have taken. */
int64_t jit_gen_batch_push(Value frame, Value v) {
    GenBatch *b = gen_batch;
    if (!b || V_AS(Frame, frame) != b->frame || *b->n >= b->cap || !gen_ahead_accepts(b->rule, v) ||
        gc_finalizers_pending || !depth_room(0) || !jit_params.enabled || jit_profile_mode || tstate.use_tracing ||
        interp_save_ip || jit_recording_here() || pending() || jit_c_stack_low())
        return 0;
    b->items[(*b->n)++] = v;
    return 1;
}

static inline __attribute__((always_inline)) Value gen_run_compiled(Frame *f, Value *ahead, int cap, int *nahead,
                                                                   int rule) {
    Trace *t = gen_trace_runnable(f);
    if (!t || !depth_room(1)) return eval_frame(f, VNULL);
    f->gen_sent = 0;
    if (interp_enter_recursive("") < 0) return VNULL;
    /* the trace itself may take values into the batch and go on */
    GenBatch batch = {f, ahead, nahead, cap, (GenAheadRule)rule}, *outer_batch = gen_batch;
    if (ahead) gen_batch = &batch;
    f->back = tstate.frame;
    f->is_entry = 1;
    f->executing = 1;
    tstate.frame = f;
    tstate.depth++;
    Value result;
    int r = run_trace_plain(f, t, &result);
    /* running ahead: each round is what leaving here, gen_run's return,
       the consumer's next() and entering again would do, less the state
       switches, which nothing between the two runs could see (the
       consumer only keeps a plain value, gc_run_finalizers' safe point
       is taken only when it has nothing to do) */
    while (ahead && r == 5 && *nahead < cap && INSTR_OP(f->ip[-1]) == OP_YIELD_VALUE &&
           gen_ahead_accepts((GenAheadRule)rule, result) && !gc_finalizers_pending && depth_room(0)) {
        Trace *next = gen_trace_runnable(f);
        if (!next) break;
        ahead[(*nahead)++] = result;
        *f->sp++ = V_NONE;   /* next()'s sent value, as gen_send_ex pushes it */
        f->yielded = 0;
        f->trace_called = 0;
        r = run_trace_plain(f, next, &result);
    }
    gen_batch = outer_batch;
    interp_leave_recursive();
    if (r == 5) {
        /* as YIELD_VALUE or RETURN_VALUE leaves it (the trace set ip and
           sp, gen_root_yield or gen_root_return): gen_run tells a yield
           from the generator's end by f->yielded */
        f->yielded = INSTR_OP(f->ip[-1]) == OP_YIELD_VALUE;
        f->executing = 0;
        tstate.frame = f->back;
        tstate.depth--;
        return result;
    }
    return eval_frame_resumed(f, r);
}

Value jit_gen_run(Frame *f) { return gen_run_compiled(f, NULL, 0, NULL, GEN_AHEAD_NONE); }

Value jit_gen_run_batch(Frame *f, Value *ahead, int cap, int *nahead, int rule) {
    /* one copy of the loop per rule, its check inline */
    switch ((GenAheadRule)rule) {
#define GEN_AHEAD_CASE(name) \
    case GEN_AHEAD_##name: return gen_run_compiled(f, ahead, cap, nahead, GEN_AHEAD_##name);
        GEN_AHEAD_RULES(GEN_AHEAD_CASE)
#undef GEN_AHEAD_CASE
    }
    return gen_run_compiled(f, ahead, cap, nahead, GEN_AHEAD_NONE);
}

/* TPY_JITDUMP: at exit, the guards that failed most (a debugging aid). */
static void dump_hot_guards(void) {
    GuardDescr *top[12] = {0};
    for (int32_t i = 0; i < jit.nlive; i++) {
        Trace *t = jit.live[i];
        for (int32_t k = 0; k < t->nguards; k++) {
            GuardDescr *g = t->guards[k];
            for (int j = 0; j < 12; j++) {
                if (!top[j] || g->fail_count > top[j]->fail_count) {
                    memmove(top + j + 1, top + j, sizeof(GuardDescr *) * (size_t)(11 - j));
                    top[j] = g;
                    break;
                }
            }
        }
    }
    fprintf(stderr, "--- most failing guards\n");
    for (int j = 0; j < 12 && top[j] && top[j]->fail_count; j++) {
        GuardDescr *g = top[j];
        Snapshot *s = g->snap;
        SnapFrame *sf = &s->frames[s->nframes - 1];
        CodeObject *co = sf->code;
        fprintf(stderr, "%8u  guard %u in %s %u (%s) at %s:%d pc %d %s%s\n", g->fail_count, g->id,
                g->owner->kind == TRACE_BRIDGE ? "bridge" : g->owner->kind == TRACE_LOOP ? "loop" : "function",
                g->owner->number, irop_info[g->owner->ir.ops[g->op_index].opcode].name, str_data(co->name),
                code_line(co, sf->pc), sf->pc, opcode_names[INSTR_OP(co->code[sf->pc])], g->bridge ? " [bridged]" : "");
    }
}

void jit_init(void) {
    if (getenv("TPY_JITDUMP")) atexit(dump_hot_guards);
    jit_helpers_init();
    backend_init();
    jit_done_descr.id = 0;
    jitev_init();
}
