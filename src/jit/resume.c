/* resume.c: materializing snapshot virtuals (resume.h).
 *
 * A SnapVirtual says how to build an object the optimized trace never
 * allocated: its type, its size, and each field's value as a snapshot slot
 * (raw fail arguments, constants, or other virtuals). Objects are built on
 * first use during one resume and remembered by ref, so an object that
 * several slots (or fields) name is built once and shared, and cycles
 * close: the object is remembered before its fields are filled.
 * A virtual of dict_type is a dict of constant keys (opt_virtualize.c),
 * rebuilt by inserting its pairs.
 */
#include "resume.h"

#include "../runtime.h"
#include "../vm/traceback.h"
#include "helpers.h"

/* refs and objects built during the current resume (GC-visible via the
 * static pointers) */
static IRRef *memo_refs;
static Value *memo_vals;
static int32_t memo_n, memo_cap;

/* Fail arguments are the snapshot's distinct refs in first-use order
 * (snapshot_fail_args), and resume visits the slots in that same order: the
 * next new ref is fail_args[cursor], so a lookup is O(1) but for repeats. */
static int32_t cursor;

static void memo_reserve(void) {
    if (memo_n < memo_cap) return;
    int32_t cap = memo_cap ? memo_cap * 2 : 16;
    IRRef *nr = gc_alloc_atomic(sizeof(IRRef) * (size_t)cap);
    Value *nv = gc_alloc(sizeof(Value) * (size_t)cap);
    if (memo_n) {
        memcpy(nr, memo_refs, sizeof(IRRef) * (size_t)memo_n);
        memcpy(nv, memo_vals, sizeof(Value) * (size_t)memo_n);
    }
    memo_refs = nr;
    memo_vals = nv;
    memo_cap = cap;
}

void resume_begin(void) {
    memo_n = 0;
    cursor = 0;
}

/* The raw word of ref r (a fail argument or a constant). */
static uint64_t raw_word(const IRBuf *b, GuardDescr *g, const uint64_t *saved, IRRef r) {
    if (ir_is_const(r)) {
        const IRConst *k = ir_const(b, r);
        return k->type == 'f' ? double_bits(k->v.f) : (uint64_t)k->v.i;
    }
    if (cursor < g->nfail_args && g->fail_args[cursor] == r) return saved[cursor++];
    for (int32_t i = 0; i < g->nfail_args; i++)
        if (g->fail_args[i] == r) return saved[i];
    return 0;   /* not a fail argument: cannot happen for a valid snapshot */
}

Value resume_slot(const IRBuf *b, GuardDescr *g, const uint64_t *saved, SnapSlot s) {
    if (s.kind == SK_NULL || s.ref == IR_NONE) return VNULL;
    if (snap_ref_is_virtual(s.ref)) return resume_virtual(b, g, saved, s.ref);
    uint64_t w = raw_word(b, g, saved, s.ref);
    switch (s.kind) {
    case SK_INT: return int_from_i64((int64_t)w);
    case SK_BOOL: return v_bool(w != 0);
    case SK_FLOAT: return float_from_double(bits_double(w));
    default: return (Value)w;
    }
}

/* A deferred pure call (opt_virtualize.c): made now, its result memoized
 * as an object would be. Out of memory, the call's MemoryError cannot
 * propagate from here: None stands for the value, as for a corrupt
 * snapshot. */
static Value resume_deferred_call(const IRBuf *b, GuardDescr *g, const uint64_t *saved, const SnapVirtual *sv) {
    int64_t helper = -1;
    Value arg = VNULL;
    for (int32_t i = 0; i < sv->nfields; i++) {
        const SnapField *f = &sv->fields[i];
        if (f->offset == (int32_t)offsetof(DeferredCall, helper)) helper = (int64_t)raw_word(b, g, saved, f->value.ref);
        else if (f->offset == (int32_t)offsetof(DeferredCall, arg)) arg = resume_slot(b, g, saved, f->value);
    }
    if (helper < 0 || helper >= JH__COUNT || !arg) return V_NONE;   /* never produced */
    Value (*fn)(Value) = (Value (*)(Value))jit_helper_fn((JitHelper)helper);
    Value r = fn(arg);
    if (!r) {
        err_clear();
        r = V_NONE;
    }
    memo_reserve();
    memo_refs[memo_n] = sv->ref;
    memo_vals[memo_n++] = r;
    return r;
}

Value resume_virtual(const IRBuf *b, GuardDescr *g, const uint64_t *saved, IRRef ref) {
    for (int32_t i = 0; i < memo_n; i++)
        if (memo_refs[i] == ref) return memo_vals[i];
    const SnapVirtual *sv = snapshot_virtual(g->snap, ref);
    if (!sv) return V_NONE;   /* a corrupt snapshot; never produced */
    if (sv->type == &jit_deferred_call_type) return resume_deferred_call(b, g, saved, sv);
    /* a dict of constant keys (opt_virtualize.c): key i at 16i, value i at
       16i + 8, insertion order; its values never refer back to it */
    bool dict = sv->type == &dict_type;
    Object *o = dict ? V_OBJ(dict_new_sized(sv->size / 16)) : obj_alloc(sv->type, (size_t)sv->size);
    memo_reserve();
    memo_refs[memo_n] = ref;
    memo_vals[memo_n++] = V_FROM_PTR(o);
    if (dict) {
        for (int32_t i = 0; i + 1 < sv->nfields; i += 2) {
            const SnapField *k = &sv->fields[i], *v = &sv->fields[i + 1];
            if (k->offset + 8 != v->offset) return V_NONE;   /* pairs are stored in order: never */
            dict_set(V_FROM_PTR(o), resume_slot(b, g, saved, k->value), resume_slot(b, g, saved, v->value));
        }
        return V_FROM_PTR(o);
    }
    for (int32_t i = 0; i < sv->nfields; i++) {
        const SnapField *f = &sv->fields[i];
        char *p = (char *)o + f->offset;
        if (f->type == 'r') {
            Value v = resume_slot(b, g, saved, f->value);
            memcpy(p, &v, sizeof v);
        } else {
            /* raw fields take the raw word */
            uint64_t w = f->value.kind == SK_NULL ? 0 : raw_word(b, g, saved, f->value.ref);
            memcpy(p, &w, sizeof w);
        }
    }
    return V_FROM_PTR(o);
}

/* The recipe is a tuple of (frame index, code, lasti, function), innermost
 * first, the handler's frame last. A frame the exception left (or that has
 * returned since) gets an entry without its locals: the trace never kept
 * them. */
void resume_fix_tracebacks(Frame *const *frames, int n) {
    for (int32_t i = 0; i < memo_n; i++) {
        Value v = memo_vals[i];
        if (!exc_check(v)) continue;
        ExcObject *e = V_AS(ExcObject, v);
        Value recipe = e->traceback;
        if (!recipe || !tuple_check_exact(recipe)) continue;
        e->traceback = VNULL;
        for (int64_t k = 0; k < tuple_size(recipe); k++) {
            Value entry = tuple_get(recipe, k);
            int64_t fi = v_intval(tuple_get(entry, 0));
            CodeObject *code = V_AS(CodeObject, tuple_get(entry, 1));
            int lasti = (int)v_intval(tuple_get(entry, 2));
            Value fn = tuple_get(entry, 3);
            /* only the handler's frame (the last entry) still runs; the
               frames the exception left are gone, even if a later call of
               the same code now sits at their index */
            bool last = k == tuple_size(recipe) - 1;
            if (last && fi < n && frames[fi]->code == code) {
                traceback_add(v, frames[fi], lasti);
            } else {
                Value globals = fn != V_NONE ? V_AS(FunctionObject, fn)->globals : frames[0]->globals;
                traceback_add_exited(v, code, lasti, globals);
            }
        }
    }
}

/* ---- frames forced while a call runs ------------------------------------------------------- */

ForcedFrames *resume_force_frames(Frame *root, GuardDescr *g, const uint64_t *saved) {
    const Snapshot *s = g->snap;
    const IRBuf *b = &g->owner->ir;
    resume_begin();
    ForcedFrames *ff = gc_alloc(sizeof *ff);
    ff->n = s->nframes - 1;
    ff->frames = gc_alloc(sizeof(Frame *) * (size_t)(ff->n + 1));
    Frame *prev = root;
    for (int fi = 0; fi < s->nframes; fi++) {
        const SnapFrame *sf = &s->frames[fi];
        const SnapSlot *slots = s->slots + sf->first;
        if (fi == 0) {
            /* only the variables: the trace reads none of the root frame's
               slots after its entry, and resume writes them all again */
            for (int i = 0; i < sf->nlocals; i++) root->localsplus[i] = resume_slot(b, g, saved, slots[i]);
            continue;
        }
        CodeObject *co = sf->code;
        /* a call inlined by code (record.c): its function is a value */
        FunctionObject *fn = sf->func_slot ? V_AS(FunctionObject, resume_slot(b, g, saved, s->slots[sf->func_slot])) : sf->func;
        Frame *f = frame_new_heap(co);
        f->func = fn;
        f->globals = fn->globals;
        f->builtins = fn->builtins;
        f->back = prev;
        f->jit_forced_frame = 1;
        for (int i = 0; i < sf->nlocals; i++) f->localsplus[i] = resume_slot(b, g, saved, slots[i]);
        Value *stack = frame_stack_base(f);
        for (int i = 0; i < sf->nstack; i++) stack[i] = resume_slot(b, g, saved, slots[sf->nlocals + i]);
        f->sp = stack + sf->nstack;
        /* the innermost frame runs its call instruction (the snapshot is
           before it: SNAP_RAISE); the others are past theirs already */
        f->ip = co->code + sf->pc + (fi == s->nframes - 1 ? 1 : 0);
        ff->frames[fi - 1] = f;
        prev = f;
    }
    ff->nmemo = memo_n;
    ff->memo_refs = gc_alloc_atomic(sizeof(IRRef) * (size_t)(memo_n + 1));
    ff->memo_vals = gc_alloc(sizeof(Value) * (size_t)(memo_n + 1));
    if (memo_n) {   /* (the arrays are NULL until something is memoized) */
        memcpy(ff->memo_refs, memo_refs, sizeof(IRRef) * (size_t)memo_n);
        memcpy(ff->memo_vals, memo_vals, sizeof(Value) * (size_t)memo_n);
    }
    memo_n = 0;
    return ff;
}

void resume_reuse_forced(const ForcedFrames *ff) {
    for (int32_t i = 0; i < ff->nmemo; i++) {
        memo_reserve();
        memo_refs[memo_n] = ff->memo_refs[i];
        memo_vals[memo_n++] = ff->memo_vals[i];
    }
}
