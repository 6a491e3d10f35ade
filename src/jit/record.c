/* record.c: the trace recorder (see record.h).
 *
 * Contract of record_instr(): it is called before the interpreter executes
 * the instruction at pc, with the concrete operands on the live stack. It
 * first emits every guard the instruction needs (all with the snapshot of
 * the state before the instruction, so a failing guard re-executes it in
 * the interpreter), then the operations computing its effect, and only then
 * updates the shadow frames. After a call that may raise comes
 * guard_no_exception, whose snapshot is marked SNAP_RAISE: the interpreter
 * resumes by raising the pending exception at pc. Whatever the recorder
 * cannot handle aborts the trace with a named reason.
 */
#include "record.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../jit/params.h"
#include "../obj/gen.h"
#include "../runtime.h"
#include "../vm/opcodes.h"
#include "../vm/pending.h"
#include "backend.h"
#include "helpers.h"
#include "mcode.h"
#include "../mod/modules.h"

/* ---- descriptors of the runtime's fields -------------------------------------------- */

static ArrayDescr *frame_slots_descr;      /* Frame.localsplus[i] */
static FieldDescr *list_size_descr, *list_items_descr, *list_capacity_descr, *tuple_size_descr;
static ArrayDescr *tuple_items_descr, *values_descr, *float_items_descr;
/* The items of a tuple the trace owns and rewrites (OP_BUILD_STRING's parts) */
static ArrayDescr *scratch_items_descr;
static FieldDescr *rangeiter_next_descr, *rangeiter_step_descr, *rangeiter_remaining_descr;
static FieldDescr *listiter_list_descr, *listiter_index_descr;
static FieldDescr *cell_value_descr, *cell_watched_descr, *cell_version_descr, *map_descr_cache[64];
/* a global rebound more often than this is not assumed constant */
static FieldDescr *boundmethod_func_descr, *boundmethod_self_descr;
static FieldDescr *super_type_descr, *super_obj_descr, *super_objtype_descr;
static FieldDescr *str_length_descr, *dict_used_descr, *set_used_descr, *gen_frame_descr;
static FieldDescr *str_nbytes_descr;
static ArrayDescr *str_bytes_descr, *ascii_chars_descr;
static FieldDescr *seqiter_seq_descr, *seqiter_index_descr, *enum_it_descr, *enum_index_descr, *enum_bigindex_descr;

static void descrs_init(void) {
    if (frame_slots_descr) return;
    frame_slots_descr = descr_array((int32_t)offsetof(Frame, localsplus), 'r', false, "Frame.localsplus");
    list_size_descr = descr_field((int32_t)offsetof(ListObject, size), 'i', false, "ListObject.size");
    list_items_descr = descr_field((int32_t)offsetof(ListObject, items), 'r', false, "ListObject.items");
    list_capacity_descr = descr_field((int32_t)offsetof(ListObject, capacity), 'i', false, "ListObject.capacity");
    tuple_size_descr = descr_field((int32_t)offsetof(TupleObject, size), 'i', true, "TupleObject.size");
    tuple_items_descr = descr_array((int32_t)offsetof(TupleObject, items), 'r', true, "TupleObject.items");
    values_descr = descr_array(0, 'r', false, "Value[]");
    float_items_descr = descr_array(0, 'f', false, "double[]");   /* a list's float storage */
    scratch_items_descr = descr_array((int32_t)offsetof(TupleObject, items), 'r', false, "TupleObject.items");
    rangeiter_next_descr = descr_field((int32_t)offsetof(RangeIterObject, next), 'i', false, "RangeIter.next");
    rangeiter_step_descr = descr_field((int32_t)offsetof(RangeIterObject, step), 'i', true, "RangeIter.step");
    rangeiter_remaining_descr =
        descr_field((int32_t)offsetof(RangeIterObject, remaining), 'i', false, "RangeIter.remaining");
    cell_value_descr = descr_field((int32_t)offsetof(CellObject, value), 'r', false, "Cell.value");
    cell_watched_descr = descr_field((int32_t)offsetof(CellObject, watched), 'i', false, "Cell.watched");
    cell_version_descr = descr_field((int32_t)offsetof(CellObject, version), 'i', false, "Cell.version");
    listiter_list_descr = descr_field((int32_t)offsetof(ListIterObject, list), 'r', false, "ListIter.list");
    listiter_index_descr = descr_field((int32_t)offsetof(ListIterObject, index), 'i', false, "ListIter.index");
    str_length_descr = descr_field((int32_t)offsetof(StrObject, length), 'i', true, "StrObject.length");
    str_nbytes_descr = descr_field((int32_t)offsetof(StrObject, nbytes), 'i', true, "StrObject.nbytes");
    str_bytes_descr = descr_byte_array((int32_t)offsetof(StrObject, data), "StrObject.data");
    /* the shared one-character strings: a static table, never written
       after start-up */
    ascii_chars_descr = descr_array(0, 'r', true, "str_ascii_chars");
    seqiter_seq_descr = descr_field((int32_t)offsetof(SeqIterObject, seq), 'r', false, "SeqIter.seq");
    seqiter_index_descr = descr_field((int32_t)offsetof(SeqIterObject, index), 'i', false, "SeqIter.index");
    enum_it_descr = descr_field((int32_t)offsetof(EnumerateObject, it), 'r', true, "Enumerate.it");
    enum_index_descr = descr_field((int32_t)offsetof(EnumerateObject, index), 'i', false, "Enumerate.index");
    enum_bigindex_descr = descr_field((int32_t)offsetof(EnumerateObject, bigindex), 'r', false, "Enumerate.bigindex");
    gen_frame_descr = descr_field((int32_t)offsetof(GenObject, frame), 'r', false, "Generator.frame");
    dict_used_descr = descr_field((int32_t)offsetof(DictObject, used), 'i', false, "DictObject.used");
    set_used_descr = descr_field((int32_t)offsetof(SetObject, used), 'i', false, "SetObject.used");
    boundmethod_func_descr = descr_field((int32_t)offsetof(BoundMethodObject, func), 'r', true, "Method.func");
    boundmethod_self_descr = descr_field((int32_t)offsetof(BoundMethodObject, self), 'r', true, "Method.self");
    /* an exact super object is never rebound (super_init) */
    super_type_descr = descr_field((int32_t)offsetof(SuperObject, type), 'r', true, "Super.type");
    super_obj_descr = descr_field((int32_t)offsetof(SuperObject, obj), 'r', true, "Super.obj");
    super_objtype_descr = descr_field((int32_t)offsetof(SuperObject, obj_type), 'r', true, "Super.obj_type");
}

/* Field descriptors for instance attributes: by offset (shared by types). */
static FieldDescr *attr_field_descr(int32_t offset) {
    int idx = offset / 8;
    if (idx >= 0 && idx < 64) {
        if (!map_descr_cache[idx]) {
            char *name = gc_alloc_atomic(32);
            snprintf(name, 32, "Instance.%d", offset);
            map_descr_cache[idx] = descr_field(offset, 'r', false, name);
        }
        return map_descr_cache[idx];
    }
    char *name = gc_alloc_atomic(32);
    snprintf(name, 32, "Instance.%d", offset);
    return descr_field(offset, 'r', false, name);
}

/* ---- facts --------------------------------------------------------------------------- */

static void facts_grow(Recorder *R) {
    int32_t need = R->ir.nops + 1;
    if (need <= R->capfacts) return;
    int32_t cap = R->capfacts ? R->capfacts * 2 : 256;
    while (cap < need) cap *= 2;
    void **kc = gc_alloc(sizeof(void *) * (size_t)cap);
    IRRef *ub = gc_alloc_atomic(sizeof(IRRef) * (size_t)cap);
    uint8_t *nn = gc_alloc_atomic((size_t)cap);
    memset(ub, 0xFF, sizeof(IRRef) * (size_t)cap);
    memset(nn, 0, (size_t)cap);
    if (R->capfacts) {
        memcpy(kc, R->known_class, sizeof(void *) * (size_t)R->capfacts);
        memcpy(ub, R->unboxed, sizeof(IRRef) * (size_t)R->capfacts);
        memcpy(nn, R->nonnull, (size_t)R->capfacts);
    }
    R->known_class = kc;
    R->unboxed = ub;
    R->nonnull = nn;
    R->capfacts = cap;
}

/* ---- emitting ---------------------------------------------------------------------------- */

static bool too_long(Recorder *R) {
    if (R->ir.nops > jit_params.trace_limit) {
        if (!R->aborted) {
            R->aborted = true;
            R->abort_reason = ABORT_TOO_LONG;
        }
        return true;
    }
    return false;
}

static void rec_abort(Recorder *R, AbortReason why);

static void exc_handled_flush(Recorder *R);

/* A call may read tstate.handled (sys.exc_info(), the __context__ of an
 * exception it raises) unless it cannot raise, or the recorder knows it
 * runs no Python code and cannot fail (exc_call_safe). */
static bool exc_call_reads_handled(Recorder *R, int op, Descr *d) {
    if (!(irop_info[op].flags & IRF_CALL) || (irop_info[op].flags & IRF_PURE) || R->exc_call_safe) return false;
    if (op == IR_call_assembler_r || !d || d->kind != DESCR_CALL) return true;
    return ((CallDescr *)d)->effect != CALL_NO_RAISE && ((CallDescr *)d)->effect != CALL_PURE;
}

static IRRef emit(Recorder *R, int op, int nargs, const IRRef *args, Descr *d) {
    /* an operand the recorder never computed is a recorder bug: the trace
       is dropped (named, counted) rather than compiled into wrong code */
    for (int i = 0; i < nargs; i++)
        if (args[i] == IR_NONE) rec_abort(R, ABORT_RECORDER_BUG);
    if (R->exc_handled_shadow && exc_call_reads_handled(R, op, d)) exc_handled_flush(R);
    if (irop_info[op].flags & IRF_CALL) {
        R->ncalls++;
        if (R->nframes > 1 && d && d->kind == DESCR_CALL && ((CallDescr *)d)->effect == CALL_ANY) R->force_check = true;
    }
    if ((irop_info[op].flags & (IRF_CALL | IRF_STORE)) && !(irop_info[op].flags & IRF_PURE)) R->effects = true;
    IRRef r = ir_emit(&R->ir, op, nargs, args, d);
    facts_grow(R);
    too_long(R);
    return r;
}
static IRRef emit0(Recorder *R, int op, Descr *d) { return emit(R, op, 0, NULL, d); }
static IRRef emit1(Recorder *R, int op, IRRef a, Descr *d) { return emit(R, op, 1, &a, d); }
static IRRef emit2(Recorder *R, int op, IRRef a, IRRef b, Descr *d) {
    IRRef args[2] = {a, b};
    return emit(R, op, 2, args, d);
}
static IRRef emit3(Recorder *R, int op, IRRef a, IRRef b, IRRef c, Descr *d) {
    IRRef args[3] = {a, b, c};
    return emit(R, op, 3, args, d);
}

static IRRef kint(Recorder *R, int64_t v) { return ir_const_int(&R->ir, v); }
static IRRef kref(Recorder *R, Value v) { return ir_const_ref(&R->ir, v); }
static IRRef kfloat(Recorder *R, double d) { return ir_const_float(&R->ir, d); }

static bool is_const_ref(Recorder *R, IRRef r, Value v) {
    return ir_is_const(r) && ir_const(&R->ir, r)->type == 'r' && ir_const(&R->ir, r)->v.r == v;
}

static void rec_abort(Recorder *R, AbortReason why) {
    if (!R->aborted) {
        R->aborted = true;
        R->abort_reason = why;
        if (R->pc >= 0 && R->nframes > 0 && R->pc < R->frames[R->nframes - 1].code->ncode)
            R->abort_op = opcode_names[INSTR_OP(R->frames[R->nframes - 1].code->code[R->pc])];
    }
}

/* ---- snapshots ------------------------------------------------------------------------- */

/* The snapshot of the state before the current instruction (pc), shared by
 * every guard of the instruction. */
static Snapshot *take_snapshot(Recorder *R, int32_t pc, uint32_t flags) {
    if (R->exc_handled_shadow) flags |= SNAP_HANDLED;
    if (R->snap_valid && R->snap_pc == pc && R->snap && R->snap->flags == flags) return R->snap;
    Snapshot *s = gc_alloc(sizeof *s);
    s->nframes = R->nframes;
    s->frames = snap_frames_new(R->nframes);
    int32_t total = 0;
    for (int i = 0; i < R->nframes; i++) total += R->frames[i].nlocals + R->frames[i].sp + (R->frames[i].func_ref != IR_NONE);
    bool handled = flags & SNAP_HANDLED;
    s->slots = snap_slots_new(total + handled);
    s->nslots = total + handled;
    if (handled) s->slots[total] = R->exc_handled;
    int32_t k = 0;
    for (int i = 0; i < R->nframes; i++) {
        RecFrame *rf = &R->frames[i];
        SnapFrame *sf = &s->frames[i];
        sf->code = rf->code;
        /* the root frame is the live frame resume starts from: naming its
           function here would keep the function alive as long as the trace
           (a compiled function that can never be collected) */
        sf->func = i == 0 || rf->func_ref != IR_NONE ? NULL : rf->func;
        sf->func_slot = 0;
        if (rf->func_ref != IR_NONE) {
            /* before the frame's slots: resume reads it first, in the order
               of the fail arguments */
            sf->func_slot = k;
            s->slots[k++] = (SnapSlot){rf->func_ref, SK_VALUE};
        }
        sf->pc = i == R->nframes - 1 ? pc : R->frames[i + 1].return_pc;
        sf->nlocals = rf->nlocals;
        sf->nstack = rf->sp;
        sf->first = k;
        sf->generator = rf->generator;
        sf->constructor = rf->constructor;
        sf->class_new = rf->class_new;
        sf->len_result = rf->len_result;
        sf->iter_next = rf->iter_next;
        sf->truth_jump = rf->truth_jump;
        sf->compare_op = rf->compare_op;
        sf->binop_step = rf->binop_step;
        sf->binop_op = rf->binop_op;
        memcpy(s->slots + k, rf->slots, sizeof(SnapSlot) * (size_t)(rf->nlocals + rf->sp));
        k += rf->nlocals + rf->sp;
    }
    s->flags = flags;
    R->snap = s;
    R->snap_pc = pc;
    R->snap_valid = true;
    return s;
}

static int32_t cur_pc(Recorder *R);

/* A snapshot of the other outcome of a decision already taken: the top
 * frame continues at pc with `extra` pushed (or, if pop, its top slot
 * removed) relative to the current shadow state. */
static Snapshot *take_snapshot_alt(Recorder *R, int32_t pc, bool pop_top, SnapSlot extra) {
    RecFrame *rf = &R->frames[R->nframes - 1];
    int32_t saved_sp = rf->sp;
    SnapSlot saved_top = rf->sp < rf->code->stacksize ? rf->slots[rf->nlocals + rf->sp] : (SnapSlot){IR_NONE, SK_NULL};
    if (pop_top) rf->sp--;
    else if (extra.kind != SK_NULL || extra.ref != IR_NONE) rf->slots[rf->nlocals + rf->sp++] = extra;
    R->snap_valid = false;
    Snapshot *s = take_snapshot(R, pc, 0);
    R->snap_valid = false;
    rf->sp = saved_sp;
    if (!pop_top && (extra.kind != SK_NULL || extra.ref != IR_NONE)) rf->slots[rf->nlocals + saved_sp] = saved_top;
    return s;
}

static IRRef emit_guard_snap(Recorder *R, int op, IRRef a, Snapshot *snap) {
    GuardDescr *g = gc_alloc(sizeof *g);
    g->d.kind = DESCR_GUARD;
    g->snap = snap;
    g->id = ++jit.next_guard_id;
    return emit(R, op, 1, &a, &g->d);
}

static IRRef emit_guard(Recorder *R, int op, int nargs, IRRef a, IRRef b, uint32_t flags) {
    GuardDescr *g = gc_alloc(sizeof *g);
    g->d.kind = DESCR_GUARD;
    g->snap = take_snapshot(R, cur_pc(R), flags);
    /* the snapshot is the state before the instruction: running it again
       is exact only while nothing of it has happened yet */
    if (flags == 0 && !R->effects) g->flags = GUARD_REPLAYABLE;
    g->id = ++jit.next_guard_id;
    IRRef args[2] = {a, b};
    return emit(R, op, nargs, args, &g->d);
}

static void guard1(Recorder *R, int op, IRRef a) { emit_guard(R, op, 1, a, IR_NONE, 0); }
static void guard2(Recorder *R, int op, IRRef a, IRRef b) { emit_guard(R, op, 2, a, b, 0); }
static void guard0(Recorder *R, int op) { emit_guard(R, op, 0, IR_NONE, IR_NONE, 0); }
static void guard_no_exc(Recorder *R) { emit_guard(R, IR_guard_no_exception, 0, IR_NONE, IR_NONE, SNAP_RAISE); }

/* After a call that may run Python code inside inlined frames, at the start
 * of the next instruction (its snapshot has the call's result): code the
 * call ran walked the frame chain, so jit_force_frames() built the inlined
 * frames, and the interpreter goes on with those. Never bridged: a bridge
 * would go on with the frames virtual again. */
static void guard_not_forced(Recorder *R) {
    R->force_check = false;
    GuardDescr *g = gc_alloc(sizeof *g);
    g->d.kind = DESCR_GUARD;
    g->snap = take_snapshot(R, cur_pc(R), 0);
    g->flags = GUARD_NO_BRIDGE;
    g->id = ++jit.next_guard_id;
    emit0(R, IR_guard_not_forced, &g->d);
}

/* ---- frames and slots ---------------------------------------------------------------- */

static RecFrame *top(Recorder *R) { return &R->frames[R->nframes - 1]; }
static int32_t cur_pc(Recorder *R) { return R->pc; }

static void push_frame(Recorder *R, Frame *f, CodeObject *co, FunctionObject *fn) {
    RecFrame *rf = &R->frames[R->nframes++];
    rf->frame = f;
    rf->code = co;
    rf->func = fn;
    rf->func_ref = IR_NONE;
    /* snapshots and position descriptors name them from atomic memory */
    keepalive_add(&R->keepalive, co);
    keepalive_add(&R->keepalive, fn);
    rf->nlocals = co->nlocals + co->ncells + co->nfrees;
    rf->slots = snap_slots_new(rf->nlocals + co->stacksize);
    for (int i = 0; i < rf->nlocals + co->stacksize; i++) rf->slots[i] = (SnapSlot){IR_NONE, SK_NULL};
    rf->sp = 0;
    rf->call_id = R->next_call_id++;
    rf->generator = false;
    rf->constructor = rf->nested = false;
    rf->class_new = false;
    rf->new_class = NULL;   /* (a bridge's frames: unknown, the call stays) */
    rf->len_result = false;
    rf->iter_next = false;
    rf->truth_jump = false;
    rf->compare_op = -1;
    rf->binop_step = -1;
}

static SnapSlot *stack_slot(RecFrame *rf, int depth_from_top) { return &rf->slots[rf->nlocals + rf->sp - depth_from_top]; }

static void push(Recorder *R, IRRef ref, int kind) {
    RecFrame *rf = top(R);
    rf->slots[rf->nlocals + rf->sp++] = (SnapSlot){ref, (uint8_t)kind};
}

static SnapSlot pop(Recorder *R) {
    RecFrame *rf = top(R);
    return rf->slots[rf->nlocals + --rf->sp];
}

/* The IR value of a slot as a Value ('r'). */
static bool exc_needs_traceback(Recorder *R, IRRef r);

static IRRef as_ref(Recorder *R, SnapSlot s) {
    switch (s.kind) {
    case SK_VALUE:
        /* a virtual exception used as an object: it would need its
           traceback (see "exceptions raised and caught in one trace") */
        if (exc_needs_traceback(R, s.ref)) rec_abort(R, ABORT_EXCEPTION);
        return s.ref;
    case SK_INT: {
        if (ir_is_const(s.ref)) {
            int64_t v = ir_const(&R->ir, s.ref)->v.i;
            if (smallint_fits(v)) return kref(R, v_int(v));
        }
        IRRef r = emit1(R, IR_box_int, s.ref, NULL);
        R->known_class[r] = &int_type;
        R->nonnull[r] = 1;
        R->unboxed[r] = s.ref;
        return r;
    }
    case SK_FLOAT: {
        if (ir_is_const(s.ref)) {
            Value v = float_value_unallocated(ir_const(&R->ir, s.ref)->v.f);
            if (v) return kref(R, v);
        }
        IRRef r = emit1(R, IR_box_float, s.ref, NULL);
        R->known_class[r] = &float_type;
        R->nonnull[r] = 1;
        R->unboxed[r] = s.ref;
        return r;
    }
    case SK_BOOL: {
        if (ir_is_const(s.ref)) return kref(R, v_bool(ir_const(&R->ir, s.ref)->v.i != 0));
        IRRef r = emit1(R, IR_bool_from_int, s.ref, NULL);
        R->known_class[r] = &bool_type;
        R->nonnull[r] = 1;
        return r;
    }
    default: return kref(R, VNULL);
    }
}

static bool ref_is_nonnull(Recorder *R, IRRef r) {
    if (ir_is_const(r)) return ir_const(&R->ir, r)->v.r != VNULL;
    return R->nonnull[r];
}

/* Guard that a Value slot holds a small int; returns its raw value. */
static IRRef as_int(Recorder *R, SnapSlot s) {
    if (s.kind == SK_INT || s.kind == SK_BOOL) return s.ref;
    IRRef r = s.ref;
    if (ir_is_const(r)) return kint(R, v_intval(ir_const(&R->ir, r)->v.r));
    if (R->unboxed[r] != IR_NONE && R->known_class[r] == &int_type) return R->unboxed[r];
    if (R->known_class[r] != &int_type) {
        guard1(R, IR_guard_is_int, r);
        R->known_class[r] = &int_type;
        R->nonnull[r] = 1;
    }
    IRRef u = emit1(R, IR_unbox_int, r, NULL);
    R->unboxed[r] = u;
    return u;
}

static IRRef as_float(Recorder *R, SnapSlot s, Value concrete) {
    if (s.kind == SK_FLOAT) return s.ref;
    if (s.kind == SK_INT || s.kind == SK_BOOL) return emit1(R, IR_cast_int_to_float, s.ref, NULL);
    IRRef r = s.ref;
    if (v_is_int(concrete)) return emit1(R, IR_cast_int_to_float, as_int(R, s), NULL);
    if (ir_is_const(r)) return kfloat(R, float_val(ir_const(&R->ir, r)->v.r));
    if (R->unboxed[r] != IR_NONE && R->known_class[r] == &float_type) return R->unboxed[r];
    if (R->known_class[r] != &float_type) {
        guard1(R, IR_guard_is_float, r);
        R->known_class[r] = &float_type;
        R->nonnull[r] = 1;
    }
    IRRef u = emit1(R, IR_unbox_float, r, NULL);
    R->unboxed[r] = u;
    return u;
}

/* Int operands of operations whose CPython result is exact, not that of
 * (double)x (int true division, int-float comparisons), become doubles only
 * while the conversion is exact: a constant that converts back unchanged,
 * anything else guarded to stay within +-2**53. int_exact_double() says
 * whether the recorded value allows that path (else the caller records the
 * exact helper instead); int_to_exact_double() emits it. */
static bool int_exact_double(Recorder *R, IRRef i, Value concrete) {
    if (ir_is_const(i)) {
        int64_t c = ir_const(&R->ir, i)->v.i;
        double d = (double)c;
        return d < 0x1p63 && (int64_t)d == c;   /* (2**63 would not convert back) */
    }
    int64_t x = v_intval(concrete);
    return x >= -(1LL << 53) && x <= (1LL << 53);
}

static IRRef int_to_exact_double(Recorder *R, IRRef i) {
    if (ir_is_const(i)) return kfloat(R, (double)ir_const(&R->ir, i)->v.i);
    guard1(R, IR_guard_true, emit2(R, IR_int_ge, i, kint(R, -(1LL << 53)), NULL));
    guard1(R, IR_guard_true, emit2(R, IR_int_le, i, kint(R, 1LL << 53), NULL));
    return emit1(R, IR_cast_int_to_float, i, NULL);
}

/* Guard the exact type of a heap object. */
static void guard_type(Recorder *R, IRRef r, Type *t) {
    if (ir_is_const(r)) return;
    if (R->known_class[r] == t) return;
    /* an exact float is an immediate or a FloatObject (+-0.0, huge, tiny:
       value.h) whatever this one was: the guard takes both, as as_float's */
    if (t == &float_type) guard1(R, IR_guard_is_float, r);
    else guard2(R, IR_guard_nonnull_class, r, kref(R, V_FROM_PTR(t)));
    R->known_class[r] = t;
    R->nonnull[r] = 1;
}

/* Guard a value to be exactly the constant v; returns the constant ref. */
static IRRef guard_const(Recorder *R, IRRef r, Value v) {
    if (is_const_ref(R, r, v)) return r;
    guard2(R, IR_guard_value, r, kref(R, v));
    return kref(R, v);
}

/* Call a helper; returns the result ref. */
static IRRef call_helper(Recorder *R, JitHelper h, int n, const IRRef *args) {
    CallDescr *cd = jit_helper_descr(h);
    IRRef a[8];
    a[0] = ir_const_int(&R->ir, (int64_t)(uintptr_t)jit_helper_fn(h));
    for (int i = 0; i < n; i++) a[i + 1] = args[i];
    int op = cd->ret == 'r' ? IR_call_r : cd->ret == 'i' ? IR_call_i : cd->ret == 'f' ? IR_call_f : IR_call_n;
    if (cd->effect == CALL_PURE) op = cd->ret == 'r' ? IR_call_pure_r : cd->ret == 'i' ? IR_call_pure_i : IR_call_pure_f;
    return emit(R, op, n + 1, a, &cd->d);
}

/* A helper returning a Value or VNULL-with-exception. */
static IRRef call_value(Recorder *R, JitHelper h, int n, const IRRef *args) {
    IRRef r = call_helper(R, h, n, args);
    guard_no_exc(R);
    R->nonnull[r] = 1;
    return r;
}

/* A helper returning an int, -1 meaning error. */
static IRRef call_int(Recorder *R, JitHelper h, int n, const IRRef *args) {
    IRRef r = call_helper(R, h, n, args);
    guard_no_exc(R);
    return r;
}

/* ---- the loop and bridge starts -------------------------------------------------------- */

static IRRef record_str_concat_slice(Recorder *R, IRRef a, IRRef b);
static IRRef record_str_mod(Recorder *R, IRRef fmt, IRRef t);

/* ---- f-strings ----------------------------------------------------------------------- */

/* FORMAT_VALUE without a format spec of a value the trace can format
 * without format(): an exact str (with no conversion or !s) is itself,
 * under a class guard; an int (no conversion or !s) that the trace holds
 * raw, or that is a small int (guarded), is call_pure_r(str_of_int_piece).
 * The BUILD_STRING that takes that piece passes the int instead
 * (string_part), so the call's result is left to snapshots, and the
 * optimizer defers it (opt_virtualize.c): the digits are written straight
 * into the f-string's result. IR_NONE: anything else (format() is called). */
static IRRef record_format_plain(Recorder *R, SnapSlot v, Value concrete, int conversion) {
    if (conversion != FVC_NONE && conversion != FVC_STR) return IR_NONE;
    if (v.kind == SK_VALUE && str_check_exact(concrete)) {
        guard_type(R, v.ref, &str_type);
        return v.ref;
    }
    if (v.kind == SK_INT || (v.kind == SK_VALUE && v_is_int(concrete))) {
        IRRef raw = as_int(R, v);
        IRRef boxed = as_ref(R, (SnapSlot){raw, SK_INT});
        IRRef r = call_helper(R, JH_str_of_int_piece, 1, &boxed);
        R->nonnull[r] = 1;
        return r;
    }
    return IR_NONE;
}

/* A BUILD_STRING part: the int itself for a str_of_int_piece call (see
 * record_format_plain), else the str. */
static IRRef string_part(Recorder *R, SnapSlot s) {
    IRRef r = as_ref(R, s);
    if (r >= 0 && !ir_is_const(r) && r < R->ir.nops) {
        const IROp *op = &R->ir.ops[r];
        if (op->opcode == IR_call_pure_r && op->descr == &jit_helper_descr(JH_str_of_int_piece)->d) return op->arg[1];
    }
    return r;
}

/* Was loop t recorded for frames with the globals and builtins of the
   frame this trace runs in (trace.h: Trace.globals)? */
static bool same_namespaces(Recorder *R, Trace *t) {
    Value g = R->kind == TRACE_BRIDGE ? R->parent->globals : R->root_globals;
    Value b = R->kind == TRACE_BRIDGE ? R->parent->builtins : R->root_builtins;
    return t->globals == g && t->builtins == b;
}

static Recorder *recorder_alloc(void) {
    descrs_init();
    /* reachable from jit.rec while recording; garbage after compiling */
    Recorder *R = gc_alloc(sizeof *R);
    irbuf_init(&R->ir);
    facts_grow(R);
    R->watched = list_new(4);
    R->assumption_broken = false;
    R->slice_ref = IR_NONE;
    R->slice_read.result = IR_NONE;
    for (int i = 0; i < 4; i++) R->sizes[i].ref = IR_NONE;
    return R;
}

Recorder *recorder_new_loop(Frame *f, int32_t pc) {
    Recorder *R = recorder_alloc();
    R->kind = TRACE_LOOP;
    R->start_code = f->code;
    R->root_globals = f->globals;
    R->root_builtins = f->builtins;
    R->start_pc = pc;
    R->root = f;
    R->frame_ref = emit0(R, IR_inputarg_r, NULL);
    R->nonnull[R->frame_ref] = 1;
    push_frame(R, f, f->code, f->func);
    RecFrame *rf = top(R);
    /* the header's state comes from the frame: load every slot */
    rf->sp = (int32_t)(f->sp - frame_stack_base(f));
    for (int i = 0; i < rf->nlocals + rf->sp; i++) {
        IRRef r = emit2(R, IR_getarrayitem_gc_r, R->frame_ref, kint(R, i), &frame_slots_descr->d);
        rf->slots[i] = (SnapSlot){r, SK_VALUE};
    }
    /* the loop label takes them all */
    int n = rf->nlocals + rf->sp;
    IRRef *args = gc_alloc_atomic(sizeof(IRRef) * (size_t)(n + 1));
    args[0] = R->frame_ref;
    for (int i = 0; i < n; i++) args[i + 1] = rf->slots[i].ref;
    TargetDescr *t = gc_alloc(sizeof *t);
    t->d.kind = DESCR_TARGET;
    t->id = ++jit.next_loop_number;
    R->label = emit(R, IR_label, n + 1, args, &t->d);
    /* label arguments are new SSA values in the loop body */
    return R;
}

static void emit_pending_poll(Recorder *R);

/* A function trace: from the first instruction of f's code to its return. */
Recorder *recorder_new_function(Frame *f) {
    Recorder *R = recorder_alloc();
    R->kind = TRACE_FUNCTION;
    R->start_code = f->code;
    R->root_globals = f->globals;
    R->root_builtins = f->builtins;
    R->start_pc = 0;
    R->root = f;
    R->frame_ref = emit0(R, IR_inputarg_r, NULL);
    R->nonnull[R->frame_ref] = 1;
    push_frame(R, f, f->code, f->func);
    RecFrame *rf = top(R);
    rf->sp = 0;
    for (int i = 0; i < rf->nlocals; i++) {
        IRRef r = emit2(R, IR_getarrayitem_gc_r, R->frame_ref, kint(R, i), &frame_slots_descr->d);
        rf->slots[i] = (SnapSlot){r, SK_VALUE};
    }
    R->label = IR_NONE;
    /* recursion through call_assembler never passes the interpreter's
       poll at calls: poll here */
    emit_pending_poll(R);
    return R;
}

/* A generator resume trace: the generator's frame is the root, entered by
 * the interpreter when next()/send() resumes it just past the YIELD_VALUE
 * before pc (the value sent on the stack), so that a generator consumed
 * from C (sum(), list(), a residual iternext) runs its body compiled, one
 * trace run per item. Its locals and stack come from the frame; its
 * YIELD_VALUE stores back what changed and finishes with the value
 * (record_gen_root_yield); the jump back to the body's loop goes on to the
 * next yield (polling there, as the interpreter's backward jump does);
 * the generator returning aborts (the interpreter finishes it). */
Recorder *recorder_new_gen_resume(Frame *f, int32_t pc) {
    Recorder *R = recorder_alloc();
    R->kind = TRACE_FUNCTION;
    R->gen_resume = true;
    R->start_code = f->code;
    R->root_globals = f->globals;
    R->root_builtins = f->builtins;
    R->start_pc = pc;
    R->pc = pc;
    R->root = f;
    R->frame_ref = emit0(R, IR_inputarg_r, NULL);
    R->nonnull[R->frame_ref] = 1;
    push_frame(R, f, f->code, f->func);
    RecFrame *rf = top(R);
    rf->sp = (int32_t)(f->sp - frame_stack_base(f));
    int32_t n = rf->nlocals + rf->sp;
    rf->gen_initial = snap_slots_new(n);
    rf->gen_initial_n = n;
    for (int32_t k = 0; k < n; k++) {
        IRRef r = emit2(R, IR_getarrayitem_gc_r, R->frame_ref, kint(R, k), &frame_slots_descr->d);
        rf->slots[k] = rf->gen_initial[k] = (SnapSlot){r, SK_VALUE};
        if (k >= rf->nlocals) R->nonnull[r] = 1;
    }
    /* a label taking them all, as a loop's: a yield whose value goes to a
       consumer's batch jumps back here (record_gen_batch_yield); its
       number is the trace's (compile_finishing) */
    IRRef *args = gc_alloc_atomic(sizeof(IRRef) * (size_t)(n + 1));
    args[0] = R->frame_ref;
    for (int32_t k = 0; k < n; k++) args[k + 1] = rf->slots[k].ref;
    TargetDescr *t = gc_alloc(sizeof *t);
    t->d.kind = DESCR_TARGET;
    R->label = emit(R, IR_label, n + 1, args, &t->d);
    return R;
}

/* Is this a generator resume trace, or a bridge of one? */
static bool gen_resume_tree(Recorder *R) {
    return R->kind == TRACE_BRIDGE ? R->parent->gen_resume : R->gen_resume;
}

/* Is the root frame a generator's (a resume trace, a loop in a
 * generator's body, or a bridge of either)? A yield or return there
 * leaves the trace with the frame suspended or finished
 * (record_gen_root_end), for whoever ran it to complete: jit_gen_run, or
 * the interpreter's GEN_RESUME_HOOK or backward jump (interp.c). Only a
 * plain generator's frame is ever a root (trace.c, plain_generator). */
static bool gen_root_tree(Recorder *R) {
    return (R->frames[0].code->flags & CO_GENERATOR) != 0;
}

/* ---- bridges: the parent's snapshot becomes the starting state ----------------------- */

typedef struct BridgeMap {
    const IRBuf *parent;
    const Snapshot *snap;
    GuardDescr *g;
    IRRef *in;                  /* bridge input of fail argument k */
    IRRef *virt;                /* materialized virtual per snapshot virtual */
} BridgeMap;

static FieldDescr *raw_field_descr(int32_t offset, char type) {
    static FieldDescr *cache[3][64];
    int t = type == 'r' ? 0 : type == 'i' ? 1 : 2;
    int idx = offset / 8;
    if (offset % 8 == 0 && idx >= 0 && idx < 64 && cache[t][idx]) return cache[t][idx];
    char *name = gc_alloc_atomic(32);
    snprintf(name, 32, "Object.%d", offset);
    FieldDescr *d = descr_field(offset, type, false, name);
    if (offset % 8 == 0 && idx >= 0 && idx < 64) cache[t][idx] = d;
    return d;
}

static SnapSlot bridge_slot(Recorder *R, BridgeMap *m, SnapSlot s);

static IRRef bridge_ref(Recorder *R, BridgeMap *m, IRRef r);

/* A virtual dict of constant keys (opt_virtualize.c: fields 16i and
 * 16i + 8 are key and value i) rebuilt as the recorder first built it,
 * which the optimizer makes virtual again. With distinct str keys
 * build_map can only fail for lack of memory: no guard (the bridge has no
 * snapshot yet). */
static IRRef bridge_dict(Recorder *R, BridgeMap *m, const SnapVirtual *v) {
    IRRef arr = emit1(R, IR_new_array_clear, kint(R, v->nfields), NULL);
    R->nonnull[arr] = 1;
    for (int k = 0; k < v->nfields; k++) {
        SnapSlot val = bridge_slot(R, m, v->fields[k].value);
        emit3(R, IR_setarrayitem_gc, arr, kint(R, v->fields[k].offset / 8), as_ref(R, val), &values_descr->d);
    }
    IRRef a[2] = {arr, kint(R, v->nfields / 2)};
    IRRef d = call_helper(R, JH_build_map, 2, a);
    R->nonnull[d] = 1;
    R->known_class[d] = &dict_type;
    return d;
}

/* A deferred pure call of the parent (opt_virtualize.c): the call again,
 * which this trace's optimizer defers in its turn. */
static IRRef bridge_deferred_call(Recorder *R, BridgeMap *m, const SnapVirtual *v) {
    int64_t helper = -1;
    IRRef arg = IR_NONE;
    for (int k = 0; k < v->nfields; k++) {
        const SnapField *fld = &v->fields[k];
        if (fld->offset == (int32_t)offsetof(DeferredCall, helper) && ir_is_const(fld->value.ref))
            helper = ir_const(m->parent, fld->value.ref)->v.i;
        else if (fld->offset == (int32_t)offsetof(DeferredCall, arg))
            arg = as_ref(R, bridge_slot(R, m, fld->value));
    }
    if (helper < 0 || helper >= JH__COUNT || arg == IR_NONE) {   /* never produced */
        rec_abort(R, ABORT_BRIDGE);
        return kref(R, V_NONE);
    }
    IRRef r = call_helper(R, (JitHelper)helper, 1, &arg);
    R->nonnull[r] = 1;
    return r;
}

static IRRef bridge_ref(Recorder *R, BridgeMap *m, IRRef r) {
    if (r == IR_NONE) return IR_NONE;
    if (ir_is_const(r)) {
        const IRConst *k = ir_const(m->parent, r);
        return k->type == 'i' ? kint(R, k->v.i) : k->type == 'f' ? kfloat(R, k->v.f) : kref(R, k->v.r);
    }
    for (int i = 0; i < m->snap->nvirtuals; i++) {
        const SnapVirtual *v = &m->snap->virtuals[i];
        if (v->ref != r) continue;
        if (m->virt[i] != IR_NONE) return m->virt[i];
        if (v->type == &dict_type) return m->virt[i] = bridge_dict(R, m, v);
        if (v->type == &jit_deferred_call_type) return m->virt[i] = bridge_deferred_call(R, m, v);
        SizeDescr *sd = descr_size(v->type, v->size, false);
        IRRef obj = emit0(R, IR_new_with_vtable, &sd->d);
        m->virt[i] = obj;
        R->known_class[obj] = v->type;
        R->nonnull[obj] = 1;
        for (int k = 0; k < v->nfields; k++) {
            const SnapField *fld = &v->fields[k];
            SnapSlot val = bridge_slot(R, m, fld->value);
            IRRef vr = fld->type == 'r' ? as_ref(R, val) : val.ref;
            emit2(R, IR_setfield_gc, obj, vr, &raw_field_descr(fld->offset, fld->type)->d);
        }
        return obj;
    }
    for (int k = 0; k < m->g->nfail_args; k++)
        if (m->g->fail_args[k] == r) return m->in[k];
    rec_abort(R, ABORT_BRIDGE);
    return kref(R, VNULL);
}

static SnapSlot bridge_slot(Recorder *R, BridgeMap *m, SnapSlot s) {
    if (s.kind == SK_NULL) return s;
    return (SnapSlot){bridge_ref(R, m, s.ref), s.kind};
}

/* A bridge from guard g, whose failure just rebuilt the interpreter frames
 * (innermost: `inner`). The bridge's inputs are p0 and g's fail arguments,
 * where the parent's code left them. */
Recorder *recorder_new_bridge(Frame *inner, GuardDescr *g) {
    Recorder *R = recorder_alloc();
    Snapshot *s = g->snap;
    R->kind = TRACE_BRIDGE;
    R->from_guard = g;
    R->parent = g->owner;
    R->start_code = s->frames[s->nframes - 1].code;
    R->start_pc = s->frames[s->nframes - 1].pc;
    R->frame_ref = emit0(R, IR_inputarg_r, NULL);
    R->nonnull[R->frame_ref] = 1;
    BridgeMap m = {&g->owner->ir, s, g, NULL, NULL};
    m.in = gc_alloc_atomic(sizeof(IRRef) * (size_t)(g->nfail_args + 1));
    m.virt = gc_alloc_atomic(sizeof(IRRef) * (size_t)(s->nvirtuals + 1));
    for (int i = 0; i < s->nvirtuals; i++) m.virt[i] = IR_NONE;
    for (int k = 0; k < g->nfail_args; k++) {
        char t = ir_type(m.parent, g->fail_args[k]);
        m.in[k] = emit0(R, t == 'i' ? IR_inputarg_i : t == 'f' ? IR_inputarg_f : IR_inputarg_r, NULL);
    }
    /* the frames, outermost first (generators' frames, always last, are
       not on the frame chain: inner is the frame whose FOR_ITER resumes
       the first, and each resumes the next with the FOR_ITER its top
       stack slot is the iterator of) */
    Frame *frames[REC_MAX_FRAMES];
    int first_gen = snapshot_first_generator(s);
    Frame *f = inner;
    for (int i = first_gen - 1; i >= 0; i--) {
        frames[i] = f;
        f = f ? f->back : NULL;
    }
    for (int i = first_gen; i < s->nframes; i++) {
        int depth = gen_resumer_depth(((CodeObject *)s->frames[i - 1].code)->code, s->frames[i - 1].pc);
        frames[i] = V_AS(GenObject, frames[i - 1]->sp[-depth])->frame;
    }
    R->root = frames[0];
    for (int i = 0; i < s->nframes; i++) {
        SnapFrame *sf = &s->frames[i];
        if (i > 0) R->frames[R->nframes].return_pc = s->frames[i - 1].pc;
        /* a frame inlined by code runs the function resume put in it */
        push_frame(R, frames[i], sf->code, i == 0 || sf->func_slot ? frames[i]->func : sf->func);
        RecFrame *rf = top(R);
        if (i > 0) rf->return_pc = s->frames[i - 1].pc;
        if (sf->func_slot) rf->func_ref = bridge_ref(R, &m, s->slots[sf->func_slot].ref);
        for (int k = 0; k < sf->nlocals + sf->nstack; k++) rf->slots[k] = bridge_slot(R, &m, s->slots[sf->first + k]);
        rf->sp = sf->nstack;
        if (sf->constructor) {
            /* resumed frames run in the same eval loop as their caller */
            rf->constructor = true;
            rf->ctor_obj = as_ref(R, rf->slots[0]);
        }
        rf->class_new = sf->class_new;   /* its return still finishes the class call */
        rf->len_result = sf->len_result;   /* and len()'s check */
        rf->iter_next = sf->iter_next;     /* and the loop its StopIteration ends */
        rf->truth_jump = sf->truth_jump;   /* and the jump its bool decides */
        rf->compare_op = sf->compare_op;   /* and the comparison's dispatch */
        rf->binop_step = sf->binop_step;   /* and the operator's dispatch */
        rf->binop_op = sf->binop_op;
        if (sf->generator) {
            /* the generator is the FOR_ITER's iterator, on top of the frame
               below, or the receiver of its g.send(v) */
            RecFrame *below = &R->frames[R->nframes - 2];
            int depth = gen_resumer_depth(below->code->code, s->frames[i - 1].pc);
            rf->generator = true;
            rf->gen_ref = as_ref(R, below->slots[below->nlocals + below->sp - depth]);
            rf->gen_frame_ref = emit1(R, IR_getfield_gc_r, rf->gen_ref, &gen_frame_descr->d);
            R->nonnull[rf->gen_frame_ref] = 1;
            rf->gen_initial = NULL;
            rf->gen_initial_n = 0;   /* every slot is stored back at the yield */
            /* the first generator's caller records at this depth; an inner
               one's caller, a generator, once it runs (bridge_gen_step) */
            rf->outer_c_depth = tstate.c_depth;
        }
    }
    if (s->flags & SNAP_HANDLED) {
        /* the parent shadowed tstate.handled: so does the bridge */
        R->exc_handled_shadow = true;
        R->exc_handled = bridge_slot(R, &m, s->slots[s->nslots - 1]);
    }
    R->label = IR_NONE;
    return R;
}

/* ---- safe points ------------------------------------------------------------------------- */

/* The poll of the pending-action word (vm/pending.h) at a loop's back edge
 * or a function trace's entry, in PyPy's shape:
 *
 *   i1 = getfield_raw_i(&word, descr=<FieldS pypysig_long_struct.c_value 0>)
 *   i2 = int_lt(i1, 0)
 *   guard_false(i2)
 *
 * (one load and a fused compare-and-branch in machine code). A signal
 * fails the guard, which resumes the interpreter at pc (the JUMP_ABSOLUTE
 * or the function's first instruction) with the exact state, and the
 * interpreter runs the handlers there. The guard never gets a bridge. */
static void emit_pending_poll(Recorder *R) {
    static FieldDescr *word_descr;
    if (!word_descr) {
        /* first use: the word moves beside the machine code (RIP-relative) */
        pending_place_word(mcode_near_data(sizeof(int64_t)));
        word_descr = descr_field(0, 'i', false, "pypysig_long_struct.c_value");
    }
    IRRef w = emit1(R, IR_getfield_raw_i, kint(R, (int64_t)(uintptr_t)pending_word), &word_descr->d);
    IRRef lt = emit2(R, IR_int_lt, w, kint(R, 0), NULL);
    IRRef g = emit_guard(R, IR_guard_false, 1, lt, IR_NONE, 0);
    ((GuardDescr *)R->ir.ops[g].descr)->flags |= GUARD_NO_BRIDGE;
}

/* ---- ends of traces ---------------------------------------------------------------------- */

/* Leave the trace for the interpreter, which continues at pc of the top
 * frame with the current state (a guard that always fails; it can get a
 * bridge like one). */
static void emit_exit(Recorder *R, int32_t pc) {
    GuardDescr *g = gc_alloc(sizeof *g);
    g->d.kind = DESCR_GUARD;
    R->snap_valid = false;
    g->snap = take_snapshot(R, pc, 0);
    R->snap_valid = false;
    g->id = ++jit.next_guard_id;
    emit(R, IR_finish, 0, NULL, &g->d);
}

/* Jump to a loop's label with the root frame's state. */
static void exc_handled_flush(Recorder *R);

static void emit_jump_to(Recorder *R, TargetDescr *td) {
    exc_handled_flush(R);   /* the loop starts with tstate.handled in memory */
    RecFrame *rf = &R->frames[0];
    int n = rf->nlocals + rf->sp;
    IRRef *args = gc_alloc_atomic(sizeof(IRRef) * (size_t)(n + 1));
    args[0] = R->frame_ref;
    for (int i = 0; i < n; i++) args[i + 1] = as_ref(R, rf->slots[i]);
    emit(R, IR_jump, n + 1, args, &td->d);
}

/* Jump to loop t (another loop, or a bridge's own) at header pc: to its
 * peeled body T1 through its short preamble (opt_unroll.c) when it has
 * one, else to T0. The short preamble's guards resume at the header with
 * the state the jump passes; its guard_not_invalidated speaks of the
 * loop's assumptions, so the trace takes them on too. */
static void emit_jump_into_loop(Recorder *R, Trace *t, int32_t pc) {
    const IRBuf *sp = t->target->short_preamble;
    static int limit = -2;
    if (limit == -2) limit = getenv("TPY_SHORTPRE_LIMIT") ? atoi(getenv("TPY_SHORTPRE_LIMIT")) : -1;
    if (sp && limit >= 0) {
        if (limit == 0) sp = NULL;
        else limit--;
    }
    if (!sp || t->watched == VNULL) {
        emit_jump_to(R, t->target);
        return;
    }
    exc_handled_flush(R);
    RecFrame *rf = &R->frames[0];
    int32_t n = rf->nlocals + rf->sp + 1;
    IRRef *args = gc_alloc_atomic(sizeof(IRRef) * (size_t)(n + 1));
    args[0] = R->frame_ref;
    for (int32_t i = 1; i < n; i++) args[i] = as_ref(R, rf->slots[i - 1]);
    R->short_t0 = t->target;
    R->short_cut = R->ir.nops;
    R->short_args = args;
    R->short_nargs = n;
    R->snap_valid = false;
    Snapshot *snap = take_snapshot(R, pc, 0);
    R->snap_valid = false;
    IRRef *map = gc_alloc_atomic(sizeof(IRRef) * (size_t)(sp->nops + 1));
    IRRef abuf[8];
    int32_t ninputs = 0;
    for (int32_t i = 0; i < sp->nops; i++) {
        const IROp *op = &sp->ops[i];
        if (op->opcode == IR_inputarg_i || op->opcode == IR_inputarg_f || op->opcode == IR_inputarg_r) {
            map[i] = ninputs < n ? args[ninputs] : IR_NONE;
            ninputs++;
            continue;
        }
        IRRef *a = op->nargs <= 8 ? abuf : gc_alloc_atomic(sizeof(IRRef) * (size_t)op->nargs);
        for (int k = 0; k < op->nargs; k++) {
            IRRef r = ir_arg(op, k);
            if (!ir_is_const(r)) {
                a[k] = map[r];
                continue;
            }
            const IRConst *c = ir_const(sp, r);
            a[k] = c->type == 'i' ? kint(R, c->v.i) : c->type == 'f' ? kfloat(R, c->v.f) : kref(R, c->v.r);
        }
        Descr *d = op->descr;
        if (irop_is_guard(op->opcode)) {
            GuardDescr *g = gc_alloc(sizeof *g);
            g->d.kind = DESCR_GUARD;
            g->snap = snap;
            g->flags = GUARD_SHORT_PREAMBLE;
            g->id = ++jit.next_guard_id;
            d = &g->d;
        }
        map[i] = emit(R, op->opcode, op->nargs, a, d);
    }
    if (ninputs != n) rec_abort(R, ABORT_ESCAPE);   /* cannot happen: T0 has the frame's slots */
    for (int64_t i = 0; i < list_size(t->watched); i++) {
        Value obj = list_get(t->watched, i);
        bool have = false;
        for (int64_t j = 0; j < list_size(R->watched) && !have; j++) have = list_get(R->watched, j) == obj;
        if (!have) list_append(R->watched, obj);
    }
}

bool recorder_drop_short_preamble(Recorder *R) {
    if (!R->short_t0) return false;
    R->ir.nops = R->short_cut;
    emit(R, IR_jump, R->short_nargs, R->short_args, &R->short_t0->d);
    R->short_t0 = NULL;
    return true;
}

/* The root frame is about to continue at loop header `target`: close the
 * loop, jump to the loop compiled there, or exit to the interpreter. */
static int end_at_header(Recorder *R, int32_t target) {
    RecFrame *rf = &R->frames[0];
    if (R->kind == TRACE_LOOP && rf->code == R->start_code && target == R->start_pc) {
        emit_pending_poll(R);
        emit_jump_to(R, (TargetDescr *)R->ir.ops[R->label].descr);
        return 1;
    }
    if (R->kind == TRACE_LOOP && rf->code == R->start_code && target < R->start_pc) {
        /* the recorded iteration left the loop (an exhausted iterator, a
           break) for an enclosing one: not the path worth compiling; the
           next iteration is recorded instead */
        rec_abort(R, ABORT_BAD_LOOP);
        return -1;
    }
    Trace *t = jit_loop_at(rf->code, target);
    if (t && t->target && t->target->nargs == rf->nlocals + rf->sp + 1 && same_namespaces(R, t)) {
        emit_pending_poll(R);
        emit_jump_into_loop(R, t, target);
        R->jump_target = t;
        return 1;
    }
    /* (the interpreter polls at its next backward jump) */
    emit_exit(R, target);
    return 1;
}

/* ---- recording instructions --------------------------------------------------------------- */

static Value concrete_stack(Value *sp, int depth) { return sp[-depth]; }

/* Position descriptors come in atomic chunks: a compiled trace keeps one
   per recorded instruction, and the collector marks a chunk as one object
   (the trace's operations point into it; its keepalive list names it). */
#define POS_CHUNK 128

static void dmp(Recorder *R, int32_t pc) {
    RecFrame *rf = top(R);
    if (R->pos_left == 0) {
        R->pos_chunk = gc_alloc_atomic(sizeof(PosDescr) * POS_CHUNK);
        R->pos_left = POS_CHUNK;
    }
    PosDescr *p = &R->pos_chunk[POS_CHUNK - R->pos_left--];
    descr_pos_init(p, rf->code, pc, R->nframes - 1, rf->call_id);
    emit0(R, IR_debug_merge_point, &p->d);
}

static IRRef bool_to_branch(Recorder *R, SnapSlot s, Value concrete, bool *truth) {
    /* returns an 'i' 0/1 ref for the truth of a value, guarding its type */
    if (s.kind == SK_BOOL) {
        *truth = concrete == V_TRUE;
        return s.ref;
    }
    if (s.kind == SK_INT) {
        *truth = !int_is_zero(concrete);
        return emit1(R, IR_int_is_true, s.ref, NULL);
    }
    if (s.kind == SK_FLOAT) {
        *truth = float_val(concrete) != 0.0;
        return emit2(R, IR_float_ne, s.ref, kfloat(R, 0.0), NULL);
    }
    IRRef r = s.ref;
    if (concrete == V_TRUE || concrete == V_FALSE) {
        *truth = concrete == V_TRUE;
        if (ir_is_const(r)) return kint(R, *truth);
        guard_type(R, r, &bool_type);
        return emit2(R, IR_ptr_eq, r, kref(R, V_TRUE), NULL);
    }
    if (concrete == V_NONE) {
        *truth = false;
        guard_const(R, r, V_NONE);
        return kint(R, 0);
    }
    if (v_is_int(concrete)) {
        *truth = concrete != v_int(0);
        return emit1(R, IR_int_is_true, as_int(R, s), NULL);
    }
    if (list_check_exact(concrete)) {
        /* an exact list is true when not empty (`if not frames:` in an
           interpreter's dispatch loop): its size, no call */
        *truth = list_size(concrete) != 0;
        guard_type(R, r, &list_type);
        return emit1(R, IR_int_is_true, emit1(R, IR_getfield_gc_i, r, &list_size_descr->d), NULL);
    }
    /* generic truth (may run __bool__): not evaluated here; the caller
       records a residual call and resolves the branch afterwards */
    *truth = false;
    return IR_NONE;
}

/* bool_to_branch for a conditional jump (or a `not` right before one): a bool object (an attribute, a
 * list item: a value of unknown class) takes one guard_value on the bool
 * it is, instead of guard_class(bool), ptr_eq(True) and a guard on that
 * (3 operations, one a load of the class): the branch resolves now and
 * the returned truth is a constant. Either guard fails for the other bool
 * and for any other object alike, so bridges go where they went. Only for
 * jumps: the result of a `not` kept as data (`x = not flag`) is not
 * guarded, which would specialize the trace on it. */
static IRRef bool_branch(Recorder *R, SnapSlot s, Value concrete, bool *truth) {
    if (s.kind == SK_VALUE && (concrete == V_TRUE || concrete == V_FALSE)) {
        *truth = concrete == V_TRUE;
        guard_const(R, s.ref, concrete);
        return kint(R, *truth);
    }
    return bool_to_branch(R, s, concrete, truth);
}

/* The number a slot holds when it is a trace constant (an int or a
 * float), else NAN. */
static double const_number(Recorder *R, SnapSlot s) {
    if (!ir_is_const(s.ref)) return NAN;
    const IRConst *c = ir_const(&R->ir, s.ref);
    switch (s.kind) {
    case SK_INT: return (double)c->v.i;
    case SK_FLOAT: return c->v.f;
    case SK_VALUE:
        if (v_is_int(c->v.r)) return (double)v_intval(c->v.r);
        if (float_check_exact(c->v.r)) return float_val(c->v.r);
        return NAN;
    default: return NAN;
    }
}

/* Emit the int binary operation; returns false if the operation is not
 * handled on raw ints (the caller falls back). */
static bool rec_int_binop(Recorder *R, int op, SnapSlot a, SnapSlot b, Value va, Value vb) {
    int64_t x = v_intval(va), y = v_intval(vb);
    IRRef ra, rb, r;
    switch (op) {
    case BINOP_ADD:
    case BINOP_SUB:
    case BINOP_MUL: {
        int64_t res;
        bool ovf = op == BINOP_ADD ? __builtin_add_overflow(x, y, &res)
                 : op == BINOP_SUB ? __builtin_sub_overflow(x, y, &res) : __builtin_mul_overflow(x, y, &res);
        if (ovf) return false;
        ra = as_int(R, a);
        rb = as_int(R, b);
        r = emit2(R, op == BINOP_ADD ? IR_int_add_ovf : op == BINOP_SUB ? IR_int_sub_ovf : IR_int_mul_ovf, ra, rb, NULL);
        guard0(R, IR_guard_no_overflow);
        break;
    }
    case BINOP_FLOORDIV:
    case BINOP_MOD:
        if (y == 0) return false;
        ra = as_int(R, a);
        rb = as_int(R, b);
        /* the trace's ints are 64-bit, so INT64_MIN // -1 could fault in
           the machine's division: -1 gets its own path */
        if (y == -1) {
            if (!ir_is_const(rb)) guard2(R, IR_guard_value, rb, kint(R, -1));
            if (op == BINOP_MOD) {
                r = kint(R, 0);
            } else {
                r = emit2(R, IR_int_sub_ovf, kint(R, 0), ra, NULL);
                guard0(R, IR_guard_no_overflow);
            }
            break;
        }
        if (!ir_is_const(rb)) {
            IRRef z = emit1(R, IR_int_is_zero, rb, NULL);
            guard1(R, IR_guard_false, z);
            IRRef m1 = emit2(R, IR_int_eq, rb, kint(R, -1), NULL);
            guard1(R, IR_guard_false, m1);
        }
        r = emit2(R, op == BINOP_FLOORDIV ? IR_int_py_floordiv : IR_int_py_mod, ra, rb, NULL);
        break;
    case BINOP_POW: {
        /* i ** 2: one multiplication (other powers: the generic path) */
        int64_t sq;
        if (const_number(R, b) != 2.0 || __builtin_mul_overflow(x, x, &sq)) return false;
        ra = as_int(R, a);
        r = emit2(R, IR_int_mul_ovf, ra, ra, NULL);
        guard0(R, IR_guard_no_overflow);
        break;
    }
    case BINOP_AND: r = emit2(R, IR_int_and, as_int(R, a), as_int(R, b), NULL); break;
    case BINOP_OR: r = emit2(R, IR_int_or, as_int(R, a), as_int(R, b), NULL); break;
    case BINOP_XOR: r = emit2(R, IR_int_xor, as_int(R, a), as_int(R, b), NULL); break;
    case BINOP_RSHIFT:
        if (y < 0 || y > 63) return false;
        rb = as_int(R, b);
        ra = as_int(R, a);
        if (!ir_is_const(rb)) {
            guard2(R, IR_guard_value, rb, kint(R, y));
            rb = kint(R, y);
        }
        r = emit2(R, IR_int_rshift, ra, rb, NULL);
        break;
    case BINOP_LSHIFT: {
        if (y < 0 || y > 62) return false;
        int64_t res = (int64_t)((uint64_t)x << y);   /* no signed overflow (UB) */
        if ((res >> y) != x) return false;
        rb = as_int(R, b);
        ra = as_int(R, a);
        if (!ir_is_const(rb)) {
            guard2(R, IR_guard_value, rb, kint(R, y));
            rb = kint(R, y);
        }
        /* overflow check: shift back and compare */
        r = emit2(R, IR_int_lshift, ra, rb, NULL);
        IRRef back = emit2(R, IR_int_rshift, r, rb, NULL);
        IRRef same = emit2(R, IR_int_eq, back, ra, NULL);
        guard1(R, IR_guard_true, same);
        break;
    }
    default: return false;
    }
    pop(R);
    pop(R);
    push(R, r, SK_INT);
    return true;
}

static bool rec_float_binop(Recorder *R, int op, SnapSlot a, SnapSlot b, Value va, Value vb) {
    double y = float_val(v_is_int(vb) ? float_from_double((double)v_intval(vb)) : vb);
    IRRef r;
    switch (op) {
    case BINOP_ADD: r = emit2(R, IR_float_add, as_float(R, a, va), as_float(R, b, vb), NULL); break;
    case BINOP_SUB: r = emit2(R, IR_float_sub, as_float(R, a, va), as_float(R, b, vb), NULL); break;
    case BINOP_MUL: r = emit2(R, IR_float_mul, as_float(R, a, va), as_float(R, b, vb), NULL); break;
    case BINOP_TRUEDIV: {
        if (y == 0.0) return false;
        IRRef fa = as_float(R, a, va), fb = as_float(R, b, vb);
        if (!ir_is_const(fb)) {
            IRRef z = emit2(R, IR_float_eq, fb, kfloat(R, 0.0), NULL);
            guard1(R, IR_guard_false, z);
        }
        r = emit2(R, IR_float_truediv, fa, fb, NULL);
        break;
    }
    case BINOP_POW: {
        /* x ** 2 is x * x: libm's pow is correctly rounded, so is the one
           multiplication. Other exponents: the float helper (the same
           float_pow the interpreter runs: a complex result, or an error) */
        IRRef fa = as_float(R, a, va);
        double x = v_is_int(va) ? (double)v_intval(va) : float_val(va);
        if (const_number(R, b) == 2.0 && !(isfinite(x) && fabs(x * x) > DBL_MAX)) {
            r = emit2(R, IR_float_mul, fa, fa, NULL);
            /* pow raises OverflowError where a finite x squares to inf */
            IRRef big = emit2(R, IR_float_gt, emit1(R, IR_float_abs, r, NULL), kfloat(R, DBL_MAX), NULL);
            IRRef fin = emit2(R, IR_float_le, emit1(R, IR_float_abs, fa, NULL), kfloat(R, DBL_MAX), NULL);
            guard1(R, IR_guard_false, emit2(R, IR_int_and, big, fin, NULL));
            break;
        }
        IRRef fb = as_float(R, b, vb);
        IRRef args[2] = {fa, fb};
        IRRef v = call_value(R, JH_float_pow, 2, args);
        pop(R);
        pop(R);
        push(R, v, SK_VALUE);
        return true;
    }
    case BINOP_FLOORDIV:
    case BINOP_MOD: {
        if (y == 0.0) return false;
        IRRef fa = as_float(R, a, va), fb = as_float(R, b, vb);
        if (!ir_is_const(fb)) {
            IRRef z = emit2(R, IR_float_eq, fb, kfloat(R, 0.0), NULL);
            guard1(R, IR_guard_false, z);
        }
        IRRef args[2] = {fa, fb};
        r = call_helper(R, op == BINOP_MOD ? JH_float_mod : JH_float_floordiv, 2, args);
        break;
    }
    default: return false;
    }
    pop(R);
    pop(R);
    push(R, r, SK_FLOAT);
    return true;
}

/* Does x take the fast path recorded for math function fn (record_call)? */
static bool math_fast_input(int fn, Value v) {
    double x = v_is_int(v) ? (double)v_intval(v) : float_val(v);
    switch (fn) {
    case 0: return x >= 0.0;                      /* sqrt */
    case 1: case 2: case 6: return x >= -DBL_MAX && x <= DBL_MAX;   /* sin cos tan: finite */
    case 3: return x < 709.0;                     /* exp */
    case 4: return x > 0.0;                       /* log */
    default: return true;                         /* fabs atan */
    }
}

static void generic_binop(Recorder *R, int op, SnapSlot a, SnapSlot b) {
    IRRef args[3] = {as_ref(R, a), as_ref(R, b), kint(R, op)};
    IRRef r = call_value(R, JH_binop, 3, args);
    pop(R);
    pop(R);
    push(R, r, SK_VALUE);
}

static bool record_binop_dunder(Recorder *R, int op, Value *sp);

/* `(x * K + C) & M` and the like: int arithmetic whose result is masked
 * by a non-negative constant. Z -> Z/2**64 keeps +, -, * and the bitwise
 * operations (two's complement), and `& M` with 0 <= M < 2**63 reads only
 * the low 64 bits, so the chain computed with wrapping 64-bit operations
 * gives Python's exact result even where the intermediate values are big
 * ints: no overflow guard, no big int. The chain is the current
 * instruction (+, - or * of two ints) and up to MASKED_CHAIN_MAX pairs
 * `LOAD_CONST k; BINARY_op` (k a small int, op one of + - * & | ^) that end
 * with `LOAD_CONST M; BINARY_AND`. No guard can fail inside it (constants
 * only), so its instructions are recorded as one: the interpreter runs
 * them unrecorded up to fused_end_pc, and the stack then holds the one
 * value pushed here. */
enum { MASKED_CHAIN_MAX = 8 };

static int masked_chain_irop(int opcode) {
    switch (opcode) {
    case OP_BINARY_ADD: return IR_int_add;
    case OP_BINARY_SUBTRACT: return IR_int_sub;
    case OP_BINARY_MULTIPLY: return IR_int_mul;
    case OP_BINARY_AND: return IR_int_and;
    case OP_BINARY_OR: return IR_int_or;
    case OP_BINARY_XOR: return IR_int_xor;
    default: return -1;
    }
}

static bool record_masked_int_chain(Recorder *R, int base, SnapSlot a, SnapSlot b) {
    if (base != BINOP_ADD && base != BINOP_SUB && base != BINOP_MUL) return false;
    RecFrame *rf = top(R);
    const CodeObject *co = rf->code;
    int32_t pc = R->pc;
    if (masked_chain_irop(INSTR_OP(co->code[pc])) < 0) return false;   /* INPLACE_*: a variable's update */
    int32_t end = -1;
    for (int32_t i = pc + 1, n = 0; n < MASKED_CHAIN_MAX && i + 1 < co->ncode; i += 2, n++) {
        if (INSTR_OP(co->code[i]) != OP_LOAD_CONST) return false;
        Value k = tuple_get(co->consts, (int)INSTR_ARG(co->code[i]));
        int irop = masked_chain_irop(INSTR_OP(co->code[i + 1]));
        if (!v_is_int(k) || irop < 0) return false;
        if (irop == IR_int_and && v_intval(k) >= 0) {
            end = i + 2;
            break;
        }
    }
    if (end < 0) return false;
    static const int first_op[] = {[BINOP_ADD] = IR_int_add, [BINOP_SUB] = IR_int_sub, [BINOP_MUL] = IR_int_mul};
    IRRef r = emit2(R, first_op[base], as_int(R, a), as_int(R, b), NULL);
    for (int32_t i = pc + 1; i < end; i += 2) {
        Value k = tuple_get(co->consts, (int)INSTR_ARG(co->code[i]));
        r = emit2(R, masked_chain_irop(INSTR_OP(co->code[i + 1])), r, kint(R, v_intval(k)), NULL);
    }
    pop(R);
    pop(R);
    push(R, r, SK_INT);
    R->fused_frame = rf->frame;
    R->fused_end_pc = end;
    return true;
}

/* The argument tuple of a call `f(a, b, *args)`, which compiles to
 * `BUILD_LIST n; LOAD_FAST args; LIST_EXTEND 1; LIST_TO_TUPLE` before
 * CALL_FUNCTION_EX, when args holds an exact tuple: a virtual tuple of the
 * n values and args' items, its length guarded, where the interpreter
 * builds a list, extends it and copies it. The guards come first, with
 * the snapshot of BUILD_LIST; the three instructions after it run
 * unrecorded (fused_end_pc) and leave the one value pushed here. */
static IRRef load_tuple_item(Recorder *R, IRRef t, IRRef idx);
static bool guard_list_storage(Recorder *R, IRRef l, Value vl);
static bool known_value_storage(Recorder *R, IRRef l);
static IRRef build_tuple(Recorder *R, const SnapSlot *items, int n);

static bool record_args_tuple(Recorder *R, int n) {
    RecFrame *rf = top(R);
    const CodeObject *co = rf->code;
    int32_t pc = R->pc;
    if (pc + 3 >= co->ncode || INSTR_OP(co->code[pc + 1]) != OP_LOAD_FAST ||
        INSTR_OP(co->code[pc + 2]) != OP_LIST_EXTEND || INSTR_ARG(co->code[pc + 2]) != 1 ||
        INSTR_OP(co->code[pc + 3]) != OP_LIST_TO_TUPLE || !rf->frame)
        return false;
    int32_t local = (int32_t)INSTR_ARG(co->code[pc + 1]);
    Value vt = rf->frame->localsplus[local];
    SnapSlot ts = rf->slots[local];
    if (ts.kind != SK_VALUE || !vt || !tuple_check_exact(vt) || n + tuple_size(vt) > 64) return false;
    int k = (int)tuple_size(vt);
    SnapSlot items[64];
    for (int i = 0; i < n; i++) items[i] = *stack_slot(rf, n - i);
    IRRef t = ts.ref;
    guard_type(R, t, &tuple_type);
    guard2(R, IR_guard_value, emit1(R, IR_getfield_gc_i, t, &tuple_size_descr->d), kint(R, k));
    for (int i = 0; i < k; i++) items[n + i] = (SnapSlot){load_tuple_item(R, t, kint(R, i)), SK_VALUE};
    IRRef r = build_tuple(R, items, n + k);
    for (int i = 0; i < n; i++) pop(R);
    push(R, r, SK_VALUE);
    R->fused_frame = rf->frame;
    R->fused_end_pc = pc + 4;
    return true;
}

static IRRef build_array(Recorder *R, const SnapSlot *items, int n);

/* Does the display's item say its list holds Values (list_from_display)?
 * An item that is never a float does. */
static bool display_item_not_float(Recorder *R, SnapSlot s) {
    Type *k = s.kind == SK_VALUE && !ir_is_const(s.ref) ? R->known_class[s.ref] : NULL;
    return s.kind == SK_INT || s.kind == SK_BOOL || (k && k != &float_type) ||
           (s.kind == SK_VALUE && ir_is_const(s.ref) && !float_check_exact(ir_const(&R->ir, s.ref)->v.r));
}

/* A short list display added to an exact list, `[x] + tail` (BUILD_LIST
 * n; LOAD_FAST tail; BINARY_ADD) or `head + [x]` (BUILD_LIST n;
 * BINARY_ADD): one call of list_concat_display with the items in a
 * virtual array, where the interpreter builds the display's list and
 * copies it. The guard on the other list comes first, with the snapshot
 * of BUILD_LIST (building a display and loading a local change nothing,
 * so the interpreter may run them again); the instructions after it run
 * unrecorded (fused_end_pc) and leave the one value pushed here. */
static bool record_display_concat(Recorder *R, int n, Value *sp) {
    RecFrame *rf = top(R);
    const CodeObject *co = rf->code;
    int32_t pc = R->pc, end;
    if (n < 1 || n > 8 || !rf->frame || pc + 1 >= co->ncode) return false;
    SnapSlot other;
    bool items_first;
    if (INSTR_OP(co->code[pc + 1]) == OP_BINARY_ADD) {
        if (!list_check_exact(concrete_stack(sp, n + 1))) return false;
        other = *stack_slot(rf, n + 1);
        items_first = false;
        end = pc + 2;
    } else if (pc + 2 < co->ncode && INSTR_OP(co->code[pc + 1]) == OP_LOAD_FAST &&
               INSTR_OP(co->code[pc + 2]) == OP_BINARY_ADD) {
        int32_t local = (int32_t)INSTR_ARG(co->code[pc + 1]);
        Value vl = rf->frame->localsplus[local];
        if (!vl || !list_check_exact(vl)) return false;
        other = rf->slots[local];
        items_first = true;
        end = pc + 3;
    } else {
        return false;
    }
    if (other.kind != SK_VALUE) return false;
    SnapSlot items[8];
    bool values = known_value_storage(R, other.ref);
    for (int i = 0; i < n; i++) {
        items[i] = *stack_slot(rf, n - i);
        values = values || display_item_not_float(R, items[i]);
    }
    guard_type(R, other.ref, &list_type);
    IRRef a[4] = {build_array(R, items, n), kint(R, n), other.ref, kint(R, items_first)};
    IRRef r = call_value(R, JH_list_concat_display, 4, a);   /* MemoryError */
    R->known_class[r] = &list_type;
    R->nonnull[r] = 1 | (values ? NN_VALUE_STORAGE : 0);
    for (int i = 0; i < n + !items_first; i++) pop(R);
    push(R, r, SK_VALUE);
    R->fused_frame = rf->frame;
    R->fused_end_pc = end;
    return true;
}

static void record_binop(Recorder *R, int op, Value *sp) {
    RecFrame *rf = top(R);
    SnapSlot a = *stack_slot(rf, 2), b = *stack_slot(rf, 1);
    Value va = concrete_stack(sp, 2), vb = concrete_stack(sp, 1);
    int base = BINOP_BASE(op);
    if (v_is_int(va) && v_is_int(vb)) {
        if (base == BINOP_TRUEDIV) {
            if (vb != v_int(0)) {
                /* correctly rounded: one float division only while both
                   operands are exact doubles */
                IRRef ia = as_int(R, a), ib = as_int(R, b), r;
                if (!ir_is_const(ib)) guard1(R, IR_guard_false, emit1(R, IR_int_is_zero, ib, NULL));
                if (int_exact_double(R, ia, va) && int_exact_double(R, ib, vb)) {
                    IRRef fa = int_to_exact_double(R, ia);
                    r = emit2(R, IR_float_truediv, fa, int_to_exact_double(R, ib), NULL);
                } else {
                    IRRef args[2] = {ia, ib};
                    r = call_helper(R, JH_int_truediv, 2, args);
                }
                pop(R);
                pop(R);
                push(R, r, SK_FLOAT);
                return;
            }
        } else if (record_masked_int_chain(R, base, a, b) || rec_int_binop(R, base, a, b, va, vb)) {
            return;
        }
    } else if ((float_check_exact(va) || v_is_int(va)) && (float_check_exact(vb) || v_is_int(vb)) &&
               (float_check_exact(va) || float_check_exact(vb))) {
        if (rec_float_binop(R, base, a, b, va, vb)) return;
    } else if (base == BINOP_ADD && str_check_exact(va) && str_check_exact(vb)) {
        IRRef ra = as_ref(R, a), rb = as_ref(R, b);
        guard_type(R, ra, &str_type);
        guard_type(R, rb, &str_type);
        IRRef r = record_str_concat_slice(R, ra, rb);
        if (r == IR_NONE) {
            IRRef args[2] = {ra, rb};
            r = call_value(R, JH_str_concat, 2, args);   /* MemoryError */
        }
        R->known_class[r] = &str_type;
        R->nonnull[r] = 1;
        pop(R);
        pop(R);
        push(R, r, SK_VALUE);
        return;
    } else if (op == BINOP_ADD && list_check_exact(va) && list_check_exact(vb)) {
        /* a + b of two lists (not in place: that extends a) */
        IRRef ra = as_ref(R, a), rb = as_ref(R, b);
        guard_type(R, ra, &list_type);
        guard_type(R, rb, &list_type);
        IRRef args[2] = {ra, rb};
        IRRef r = call_value(R, JH_list_concat, 2, args);   /* MemoryError */
        R->known_class[r] = &list_type;
        /* (Values when either operand holds Values: list_concat) */
        R->nonnull[r] = 1 | (known_value_storage(R, ra) || known_value_storage(R, rb) ? NN_VALUE_STORAGE : 0);
        pop(R);
        pop(R);
        push(R, r, SK_VALUE);
        return;
    } else if (base == BINOP_MOD && str_check_exact(va) && tuple_check_exact(vb)) {
        IRRef r = record_str_mod(R, as_ref(R, a), as_ref(R, b));
        pop(R);
        pop(R);
        push(R, r, SK_VALUE);
        return;
    }
    if (record_binop_dunder(R, op, sp)) return;
    generic_binop(R, op, a, b);
}

static bool record_compare_dunder(Recorder *R, int op, Value *sp);

static int cmp_irop_int(int op) {
    static const int t[CMP__COUNT] = {IR_int_lt, IR_int_le, IR_int_eq, IR_int_ne, IR_int_gt, IR_int_ge};
    return t[op];
}
static int cmp_irop_float(int op) {
    static const int t[CMP__COUNT] = {IR_float_lt, IR_float_le, IR_float_eq, IR_float_ne, IR_float_gt, IR_float_ge};
    return t[op];
}

#define ASCII_CHAR_IN (-1)   /* record_ascii_char_test's `in` */
static IRRef record_ascii_char_test(Recorder *R, IRRef ch, IRRef k, Value vk, int op);

static void record_compare(Recorder *R, int op, Value *sp) {
    RecFrame *rf = top(R);
    SnapSlot a = *stack_slot(rf, 2), b = *stack_slot(rf, 1);
    Value va = concrete_stack(sp, 2), vb = concrete_stack(sp, 1);
    IRRef r;
    if (v_is_int(va) && v_is_int(vb)) {
        r = emit2(R, cmp_irop_int(op), as_int(R, a), as_int(R, b), NULL);
    } else if (float_check_exact(va) && float_check_exact(vb)) {
        r = emit2(R, cmp_irop_float(op), as_float(R, a, va), as_float(R, b, vb), NULL);
    } else if ((float_check_exact(va) && v_is_int(vb)) || (v_is_int(va) && float_check_exact(vb))) {
        /* Python compares an int with a float exactly: a float comparison
           while the int is an exact double, else the exact helper */
        bool int_left = v_is_int(va);
        IRRef fa = int_left ? as_int(R, a) : as_float(R, a, va);
        IRRef fb = int_left ? as_float(R, b, vb) : as_int(R, b);
        IRRef ix = int_left ? fa : fb, fx = int_left ? fb : fa;
        if (int_exact_double(R, ix, int_left ? va : vb)) {
            IRRef xf = int_to_exact_double(R, ix);
            r = emit2(R, cmp_irop_float(op), int_left ? xf : fa, int_left ? fb : xf, NULL);
        } else {
            IRRef args[3] = {ix, fx, kint(R, int_left ? op : cmpop_swapped[op])};
            r = call_helper(R, JH_cmp_int_float, 3, args);
        }
    } else if (str_check_exact(va) && str_check_exact(vb) && op >= CMP_LT && op <= CMP_GE) {
        /* two exact strs: a pure helper (equality, or the ordering) */
        IRRef ra = as_ref(R, a), rb = as_ref(R, b);
        guard_type(R, ra, &str_type);
        guard_type(R, rb, &str_type);
        IRRef args[2] = {ra, rb};
        if ((op == CMP_EQ || op == CMP_NE) && ((r = record_ascii_char_test(R, ra, rb, vb, op)) != IR_NONE ||
                                               (r = record_ascii_char_test(R, rb, ra, va, op)) != IR_NONE)) {
            /* r: the byte compared */
        } else if (op == CMP_EQ || op == CMP_NE) {
            r = call_helper(R, JH_str_eq, 2, args);
            if (op == CMP_NE) r = emit1(R, IR_int_is_zero, r, NULL);
        } else {
            IRRef c = call_helper(R, JH_str_cmp, 2, args);
            r = emit2(R, cmp_irop_int(op), c, kint(R, 0), NULL);
        }
    } else {
        if (record_compare_dunder(R, op, sp)) return;
        IRRef args[3] = {as_ref(R, a), as_ref(R, b), kint(R, op)};
        IRRef res = call_value(R, JH_compare, 3, args);
        pop(R);
        pop(R);
        push(R, res, SK_VALUE);
        return;
    }
    pop(R);
    pop(R);
    push(R, r, SK_BOOL);
}

static void depend_on_type(Recorder *R, Type *t);

/* LOAD_ATTR / LOAD_METHOD on an instance slot: guard type and map; NULL if
 * the attribute is not a plain instance slot. */
static bool record_instance_attr(Recorder *R, IRRef obj, Value vobj, Value name, IRRef *out) {
    if (!v_is_ptr(vobj)) return false;
    Type *t = V_OBJ(vobj)->type;
    if (!t->attrs_offset || !type_has_flag(t, TF_HEAPTYPE) || type_has_flag(t, TF_HAS_GETATTRIBUTE)) return false;
    InstanceAttrs *a = instance_attrs(vobj, t);
    Map *m = a->map;
    if (!m || m == &dict_mode_map) return false;
    int32_t idx = map_lookup(m, name);
    if (idx < 0) return false;
    Value descr = type_lookup(t, name);
    if (descr && type_of(descr)->descr_set) return false;   /* data descriptor wins */
    guard_type(R, obj, t);
    /* the class may later gain __getattribute__ or a data descriptor for
       the name (on itself or a base), which the slot read would bypass */
    depend_on_type(R, t);
    IRRef mref = emit1(R, IR_getfield_gc_r, obj, &attr_field_descr((int32_t)t->attrs_offset)->d);
    guard2(R, IR_guard_value, mref, kref(R, V_FROM_PTR(m)));
    if ((uint32_t)idx < t->inline_slots) {
        *out = emit1(R, IR_getfield_gc_r, obj,
                     &attr_field_descr((int32_t)(t->attrs_offset + offsetof(InstanceAttrs, slots) + 8u * (uint32_t)idx))->d);
    } else {
        IRRef ov = emit1(R, IR_getfield_gc_r, obj,
                         &attr_field_descr((int32_t)(t->attrs_offset + offsetof(InstanceAttrs, overflow)))->d);
        *out = emit2(R, IR_getarrayitem_gc_r, ov, kint(R, idx - (int32_t)t->inline_slots), &values_descr->d);
    }
    R->nonnull[*out] = 1;
    return true;
}

bool interp_lookup_method(Value obj, Value name, Value *meth, Value *self);   /* interp.c */

/* Guard that instance obj (of heap type t) does not shadow `name`. */
static void guard_no_shadow(Recorder *R, IRRef obj, Value vobj, Type *t, Value name) {
    if (!t->attrs_offset || !v_is_ptr(vobj)) return;
    InstanceAttrs *a = instance_attrs(vobj, t);
    IRRef mref = emit1(R, IR_getfield_gc_r, obj, &attr_field_descr((int32_t)t->attrs_offset)->d);
    guard2(R, IR_guard_value, mref, kref(R, V_FROM_PTR(a->map)));
    if (a->map == &dict_mode_map) {
        /* an instance in dict mode keeps its map whatever its dict gains
           (`o.m = f` after a `del`): the dict is checked on every run */
        IRRef hargs[2] = {obj, kref(R, name)};
        guard1(R, IR_guard_false, call_helper(R, JH_var_dict_has, 2, hargs));
    }
}

/* The trace assumes obj unchanged (a type's methods, a function's code):
 * it watches obj, and a change invalidates it (jit/trace.c). */
static void depend_on(Recorder *R, Value obj) {
    bool watched = false;
    for (int64_t i = 0; i < list_size(R->watched) && !watched; i++)
        watched = list_get(R->watched, i) == obj;
    if (!watched) list_append(R->watched, obj);
    /* even when obj is watched already: a call since the last guard may
       have changed it (the optimizer drops the guard when no call did) */
    guard0(R, IR_guard_not_invalidated);
}
static void depend_on_type(Recorder *R, Type *t) { depend_on(R, V_FROM_PTR(t)); }

static bool can_inline(Recorder *R, FunctionObject *fn) {
    CodeObject *co = fn->code;
    if (!jit_params.inlining) return false;
    if (co->jitcells && (co->jitcells[0].flags & JC_DONT_TRACE_HERE)) return false;   /* pypyjit.dont_trace_here */
    if (R->nframes >= REC_MAX_FRAMES - 1) return false;
    if (co->flags & CO_GENERATOR) return false;
    if (co->jit_flags & CODE_JIT_NO_INLINE) return false;
    for (int i = 0; i < R->nframes; i++)
        if (R->frames[i].code == co) return false;   /* recursion */
    if (top(R)->generator) return false;   /* resume cannot rebuild frames above a generator's */
    return true;
}

/* module.name: the value as a constant the trace depends on (the module's
 * cell for the name is watched). False when the module lacks the name. */
static bool record_module_attr(Recorder *R, IRRef obj, Value vo, Value name, IRRef *out) {
    if (!module_check(vo)) return false;
    Value cell = dict_get_cell(module_dict(vo), name, false);
    if (!cell || !V_AS(CellObject, cell)->value) return false;
    guard_const(R, obj, vo);
    V_AS(CellObject, cell)->watched = 1;
    list_append(R->watched, cell);
    guard0(R, IR_guard_not_invalidated);
    *out = kref(R, V_AS(CellObject, cell)->value);
    return true;
}

/* Class.name (LOAD_ATTR, and LOAD_METHOD, which pushes (NULL, attr) for a
 * class) on a class whose metaclass is type itself, where type_getattr
 * returns the attribute found on the class's MRO as it is: one without
 * __get__, or a Python function (a class gives it unbound), and type
 * having no data descriptor of that name, which would win (type's own
 * plain methods, __new__ among them, lose to the class's: object.__new__,
 * the call of every Python __new__). The value is a constant; the trace
 * depends on the class (the name rebound on it or on a base). */
static void depend_on_type(Recorder *R, Type *t);

static bool record_class_attr(Recorder *R, IRRef obj, Value vo, Value name, IRRef *out) {
    if (!v_is_ptr(vo) || !vo || V_OBJ(vo)->type != &type_type || name == NAME(__annotations__) ||
        str_eq_cstr(name, "__abstractmethods__"))   /* type_getattr's own two cases */
        return false;
    Value attr = type_lookup(V_AS(Type, vo), name);
    if (!attr || (type_of(attr)->descr_get && type_of(attr) != &function_type)) return false;
    Value meta_attr = type_lookup(&type_type, name);
    if (meta_attr && type_of(meta_attr)->descr_get && type_of(meta_attr)->descr_set) return false;
    guard_const(R, obj, vo);
    depend_on_type(R, V_AS(Type, vo));
    *out = kref(R, attr);
    return true;
}

/* A tuple built in the trace from slots. */
static IRRef build_tuple(Recorder *R, const SnapSlot *items, int n) {
    if (n == 0) return kref(R, tuple_empty);
    SizeDescr *sd = descr_size(&tuple_type, (int32_t)(sizeof(TupleObject) + 8u * (uint32_t)n), false);
    IRRef t = emit0(R, IR_new_with_vtable, &sd->d);
    emit2(R, IR_setfield_gc, t, kint(R, n), &tuple_size_descr->d);
    for (int i = 0; i < n; i++) emit3(R, IR_setarrayitem_gc, t, kint(R, i), as_ref(R, items[i]), &tuple_items_descr->d);
    R->known_class[t] = &tuple_type;
    R->nonnull[t] = 1;
    return t;
}

static int64_t param_index(CodeObject *co, Value name, int64_t from, int64_t to) {
    for (int64_t j = from; j < to; j++)
        if (tuple_get(co->varnames, j) == name) return j;
    for (int64_t j = from; j < to; j++)
        if (str_check(name) && str_eq(tuple_get(co->varnames, j), name)) return j;
    return -1;
}

/* Bind a call's arguments to fn's parameters as frame_setup_call does:
 * out receives the callee's localsplus (locals, cells, frees). args holds
 * npos positional values then one per name of kwnames. False when the
 * call would raise (the interpreter reports it; the trace calls instead). */
/* the shadow slots of a callee's locals, cells and free variables */
static SnapSlot *locals_for(CodeObject *co) {
    return snap_slots_new(co->nlocals + co->ncells + co->nfrees);
}

static IRRef func_default(Recorder *R, IRRef fref, FunctionObject *fn, IRRef *defaults, int64_t k);
static IRRef func_cell(Recorder *R, IRRef fref, IRRef *closure, int64_t k);

/* bind_args for fn, or (fref not IR_NONE) for the function fref of fn's
 * code, called by code: its defaults and cells are read from it. */
static bool bind_args_of(Recorder *R, FunctionObject *fn, IRRef fref, const SnapSlot *args, int npos, Value kwnames,
                         SnapSlot *out) {
    CodeObject *co = fn->code;
    int64_t argc = co->argcount, total = argc + co->kwonlyargcount;
    bool va = co->flags & CO_VARARGS, vk = co->flags & CO_VARKEYWORDS;
    int nkw = kwnames ? (int)tuple_size(kwnames) : 0;
    int nl = co->nlocals + co->ncells + co->nfrees;
    for (int i = 0; i < nl; i++) out[i] = (SnapSlot){IR_NONE, SK_NULL};
    if (npos > argc && !va) return false;
    for (int i = 0; i < npos && i < argc; i++) out[i] = args[i];
    if (va) {
        int extra = npos > argc ? npos - (int)argc : 0;
        out[total] = (SnapSlot){build_tuple(R, args + argc, extra), SK_VALUE};
    }
    SnapSlot kwpairs[32];
    int nkwpairs = 0;
    for (int k = 0; k < nkw; k++) {
        Value name = tuple_get(kwnames, k);
        int64_t j = param_index(co, name, co->posonlyargcount, total);
        if (j >= 0) {
            if (out[j].kind != SK_NULL) return false;
            out[j] = args[npos + k];
        } else if (vk && nkwpairs < 30) {
            kwpairs[nkwpairs++] = (SnapSlot){kref(R, name), SK_VALUE};
            kwpairs[nkwpairs++] = args[npos + k];
        } else {
            return false;
        }
    }
    if (vk) {
        IRRef a[2] = {build_array(R, kwpairs, nkwpairs), kint(R, nkwpairs / 2)};
        IRRef d = call_helper(R, JH_build_map, 2, a);
        guard_no_exc(R);
        R->nonnull[d] = 1;
        R->known_class[d] = &dict_type;
        out[total + (va ? 1 : 0)] = (SnapSlot){d, SK_VALUE};
    }
    int64_t ndef = fn->defaults ? tuple_size(fn->defaults) : 0;
    IRRef defaults = IR_NONE;   /* by code: fref's defaults tuple, read once */
    for (int64_t j = npos; j < argc; j++) {
        if (out[j].kind != SK_NULL) continue;
        if (j < argc - ndef) return false;
        int64_t k = j - (argc - ndef);
        out[j] = (SnapSlot){fref == IR_NONE ? kref(R, tuple_get(fn->defaults, k)) : func_default(R, fref, fn, &defaults, k),
                            SK_VALUE};
    }
    for (int64_t j = argc; j < total; j++) {
        if (out[j].kind != SK_NULL) continue;
        /* (by code: a keyword-only default is not read from the function) */
        Value d = fn->kwdefaults && fref == IR_NONE ? dict_get(fn->kwdefaults, tuple_get(co->varnames, j)) : VNULL;
        if (!d) return false;
        out[j] = (SnapSlot){kref(R, d), SK_VALUE};
    }
    for (int i = 0; i < co->ncells; i++) {
        SnapSlot init = {IR_NONE, SK_NULL};
        if (co->cell2arg && co->cell2arg[i] >= 0) {
            init = out[co->cell2arg[i]];
            out[co->cell2arg[i]] = (SnapSlot){IR_NONE, SK_NULL};
        }
        SizeDescr *sd = descr_size(&cell_type, (int32_t)sizeof(CellObject), false);
        IRRef c = emit0(R, IR_new_with_vtable, &sd->d);
        if (init.kind != SK_NULL) emit2(R, IR_setfield_gc, c, as_ref(R, init), &cell_value_descr->d);
        R->known_class[c] = &cell_type;
        R->nonnull[c] = 1;
        out[co->nlocals + i] = (SnapSlot){c, SK_VALUE};
    }
    IRRef closure = IR_NONE;    /* by code: fref's closure tuple, read once */
    for (int i = 0; i < co->nfrees; i++)
        out[co->nlocals + co->ncells + i] =
            (SnapSlot){fref == IR_NONE ? kref(R, tuple_get(fn->closure, i)) : func_cell(R, fref, &closure, i), SK_VALUE};
    return true;
}

static bool bind_args(Recorder *R, FunctionObject *fn, const SnapSlot *args, int npos, Value kwnames, SnapSlot *out) {
    return bind_args_of(R, fn, IR_NONE, args, npos, kwnames, out);
}

/* Inline a call: the interpreter is about to push a frame for fn, whose
 * localsplus will be `locals`. */
static void inline_call(Recorder *R, FunctionObject *fn, const SnapSlot *locals, int32_t return_pc) {
    CodeObject *co = fn->code;
    R->frames[R->nframes].return_pc = return_pc;
    push_frame(R, NULL, co, fn);
    RecFrame *rf = top(R);
    memcpy(rf->slots, locals, sizeof(SnapSlot) * (size_t)rf->nlocals);
    rf->return_pc = return_pc;
    emit0(R, IR_enter_portal_frame, NULL);
}

/* inline_call for a function the interpreter runs from C one eval level
 * down (type_call's __init__ or __new__, a property's getter): the nested
 * activation that runs its code becomes the recording one (interp.c). */
static RecFrame *inline_nested_call(Recorder *R, FunctionObject *fn, const SnapSlot *locals, int32_t return_pc) {
    R->snap_valid = false;
    inline_call(R, fn, locals, return_pc);
    RecFrame *rf = top(R);
    rf->nested = true;
    rf->outer_c_depth = jit.record_c_depth;
    jit.record_nested_code = fn->code;
    return rf;
}

/* ---- calls by code ----------------------------------------------------------------------
 *
 * A call site whose function varies among several functions of one code
 * (closures made in a loop called from a list, `counters[i % 8]()`; the
 * callbacks a decorator or a factory makes) fails a guard_value on the
 * function on most passes and grows a bridge per function. Such a call is
 * inlined by code, as PyPy does: the trace guards what the inlined body
 * takes as constants (the function's class, its code, globals and
 * builtins) and reads the rest from the function: its free variables'
 * cells from its closure tuple, its defaults from its defaults tuple
 * (guarded to the recorded count). The frame's function is then a value of
 * the trace, not a constant: snapshots name it (SnapFrame.func_slot), so
 * that a guard failing in the inlined body rebuilds the frame of the
 * function this pass called, with its own cells.
 *
 * Taken when the function is not a constant of the trace (a global or a
 * class's method is: the constant form needs no guard) and its code has
 * had several functions (CODE_JIT_SEVERAL_FUNCTIONS, set by
 * function_new()). A function whose code has no other function keeps the
 * cheaper form: one guard_value, cells and defaults constants. Not taken
 * when a keyword-only default is needed (a dict per function: the call
 * keeps the guard on the function).
 *
 * Invariants the reads rely on: a function's code, globals, builtins and
 * closure are fixed once it is built, but for __code__ (fn_set_code
 * invalidates the traces watching the old or the new code, so the code
 * field can be pure); a closure tuple has exactly code->nfrees cells
 * (MAKE_FUNCTION, FunctionType() and the __code__ setter check it);
 * __defaults__ may be rebound to any tuple (read each time, not pure). */

static FieldDescr *func_code_descr, *func_globals_descr, *func_builtins_descr, *func_closure_descr,
    *func_defaults_descr;

static void func_descrs_init(void) {
    if (func_code_descr) return;
    func_code_descr = descr_field((int32_t)offsetof(FunctionObject, code), 'r', true, "Function.code");
    func_globals_descr = descr_field((int32_t)offsetof(FunctionObject, globals), 'r', true, "Function.globals");
    func_builtins_descr = descr_field((int32_t)offsetof(FunctionObject, builtins), 'r', true, "Function.builtins");
    func_closure_descr = descr_field((int32_t)offsetof(FunctionObject, closure), 'r', true, "Function.closure");
    func_defaults_descr = descr_field((int32_t)offsetof(FunctionObject, defaults), 'r', false, "Function.defaults");
}

/* Default k of the function fref (of fn's code): its defaults tuple,
 * loaded and guarded to fn's count at the first use (*defaults). */
static IRRef func_default(Recorder *R, IRRef fref, FunctionObject *fn, IRRef *defaults, int64_t k) {
    if (*defaults == IR_NONE) {
        *defaults = emit1(R, IR_getfield_gc_r, fref, &func_defaults_descr->d);
        guard_type(R, *defaults, &tuple_type);
        IRRef n = emit1(R, IR_getfield_gc_i, *defaults, &tuple_size_descr->d);
        guard2(R, IR_guard_value, n, kint(R, tuple_size(fn->defaults)));
    }
    return load_tuple_item(R, *defaults, kint(R, k));
}

/* Cell k of the function fref's closure (*closure: the tuple, loaded at
 * the first use; its size is the code's, guarded already). */
static IRRef func_cell(Recorder *R, IRRef fref, IRRef *closure, int64_t k) {
    if (*closure == IR_NONE) {
        *closure = emit1(R, IR_getfield_gc_r, fref, &func_closure_descr->d);
        R->nonnull[*closure] = 1;
        R->known_class[*closure] = &tuple_type;
    }
    IRRef c = load_tuple_item(R, *closure, kint(R, k));
    R->known_class[c] = &cell_type;
    return c;
}

/* A call of fref (now fn) that would be inlined by code but cannot be (a
 * recursion, a callee with a loop, too deep): a residual call of the
 * function as a value. Its class is guarded (the residual forms take any
 * function; a builtin that reads the caller's frame must not get there). */
static bool call_by_code_residual(Recorder *R, IRRef fref, FunctionObject *fn) {
    if (ir_is_const(fref) || !(fn->code->jit_flags & CODE_JIT_SEVERAL_FUNCTIONS) || can_inline(R, fn)) return false;
    guard_type(R, fref, &function_type);
    return true;
}

/* Inline the call of fref (now fn) by code, with the call's operands
 * (pop_count slots) still on the shadow stack; false (the caller goes on
 * with the other forms) when the call is not one for it. */
static bool record_call_by_code(Recorder *R, IRRef fref, FunctionObject *fn, const SnapSlot *args, int npos,
                                Value kwnames, int pop_count, int32_t pc) {
    CodeObject *co = fn->code;
    if (ir_is_const(fref) || !(co->jit_flags & CODE_JIT_SEVERAL_FUNCTIONS) || !fn->builtins || !can_inline(R, fn))
        return false;
    func_descrs_init();
    guard_type(R, fref, &function_type);
    guard_const(R, emit1(R, IR_getfield_gc_r, fref, &func_code_descr->d), V_FROM_PTR(co));
    depend_on(R, V_FROM_PTR(co));   /* a pure field: fn_set_code invalidates */
    /* LOAD_GLOBAL in the body takes globals and builtins as constants */
    guard_const(R, emit1(R, IR_getfield_gc_r, fref, &func_globals_descr->d), fn->globals);
    guard_const(R, emit1(R, IR_getfield_gc_r, fref, &func_builtins_descr->d), fn->builtins);
    SnapSlot *locals = locals_for(co);
    if (!bind_args_of(R, fn, fref, args, npos, kwnames, locals)) return false;
    for (int i = 0; i < pop_count; i++) pop(R);
    R->snap_valid = false;
    inline_call(R, fn, locals, pc + 1);
    top(R)->func_ref = fref;
    return true;
}

/* A fresh Value array holding the slots (arguments of a helper). */
static IRRef build_array(Recorder *R, const SnapSlot *items, int n) {
    IRRef arr = emit1(R, IR_new_array_clear, kint(R, n), NULL);
    R->nonnull[arr] = 1;
    for (int i = 0; i < n; i++) emit3(R, IR_setarrayitem_gc, arr, kint(R, i), as_ref(R, items[i]), &values_descr->d);
    return arr;
}

#define MAX_CALL_ARGS 30

/* Iterations of loops in inlined calls one trace may unroll. */
#define INLINE_UNROLL_MAX 16

/* Does the backward jump to `target` close a `for` loop over a tuple, a
 * range or a dict's keys? (sp: the interpreter's stack, iterator on top) */
static bool unrollable_loop(CodeObject *co, int32_t target, Value *sp) {
    if (target < 0 || target >= co->ncode || INSTR_OP(co->code[target]) != OP_FOR_ITER) return false;
    Value it = concrete_stack(sp, 1);
    if (!v_is_ptr(it) || !it) return false;
    Type *t = V_OBJ(it)->type;
    if (t == &dictiter_type || t == &rangeiter_type) return true;
    return t == &tupleiter_type || (t == &enumerate_type && type_of(V_AS(EnumerateObject, it)->it) == &tupleiter_type);
}

/* Does `co` (an __init__) rebind or capture its first argument? Then the
 * interpreter's discard_result, which returns localsplus[0], would not
 * give the instance: such instantiations are not inlined. */
static bool init_keeps_self(CodeObject *co) {
    if (co->argcount < 1 || (co->flags & (CO_GENERATOR | CO_VARARGS))) return false;
    for (int i = 0; co->cell2arg && i < co->ncells; i++)
        if (co->cell2arg[i] == 0) return false;
    for (int32_t i = 0; i < co->ncode; i++) {
        uint32_t w = co->code[i];
        int op = INSTR_OP(w);
        if ((op == OP_STORE_FAST || op == OP_DELETE_FAST) && INSTR_ARG(w) == 0) return false;
    }
    return true;
}

/* obj.name where name is a property of obj's class whose getter is a
 * Python function: the getter inlined, as the interpreter runs it one eval
 * level down (load_attr_slow calls it). The trace depends on the class
 * (the property replaced or deleted) and on the getter's code. */
static bool record_property_get(Recorder *R, IRRef obj, Value vobj, Value name, int32_t pc) {
    if (!v_is_ptr(vobj)) return false;
    Type *t = V_OBJ(vobj)->type;
    if (!type_has_flag(t, TF_HEAPTYPE) || type_has_flag(t, TF_HAS_GETATTRIBUTE)) return false;
    Value descr = type_lookup(t, name);
    if (!descr || type_of(descr) != &property_type) return false;
    Value fget = V_AS(PropertyObject, descr)->fget;
    if (!fget || !function_check(fget)) return false;
    FunctionObject *fn = V_AS(FunctionObject, fget);
    if (!can_inline(R, fn)) return false;
    CodeObject *co = fn->code;
    SnapSlot *locals = locals_for(co);
    SnapSlot self = {obj, SK_VALUE};
    if (!bind_args(R, fn, &self, 1, VNULL, locals)) return false;
    guard_type(R, obj, t);
    depend_on_type(R, t);
    depend_on(R, fget);   /* fget.__code__ may be reassigned */
    pop(R);
    inline_nested_call(R, fn, locals, pc + 1);
    return true;
}

static Type *guard_class_of(Recorder *R, SnapSlot s, Value v);

/* A class isinstance() can answer from the type alone: its metaclass is
 * type itself (no __instancecheck__). */
static bool plain_class(Value c) { return type_check(c) && type_of(c) == &type_type; }

/* isinstance(x, C) with C a plain class or a tuple of them (constants of the
 * trace): the answer follows from x's exact type, which the trace guards.
 * A false answer also needs the type's __class__ to be object's (CPython
 * then asks x.__class__). */
static bool record_isinstance(Recorder *R, IRRef cref, Value vfn, const SnapSlot *args, Value vx, Value vcls,
                              int pop_count) {
    if (tuple_check_exact(vcls)) {
        if (tuple_size(vcls) > 8) return false;
        for (int64_t i = 0; i < tuple_size(vcls); i++)
            if (!plain_class(tuple_get(vcls, i))) return false;
    } else if (!plain_class(vcls)) {
        return false;
    }
    IRRef clsref = as_ref(R, args[1]);
    if (!ir_is_const(clsref)) return false;   /* a class computed each time: the call */
    Type *t;
    switch (args[0].kind) {
    case SK_INT: t = &int_type; break;
    case SK_BOOL: t = &bool_type; break;
    case SK_FLOAT: t = &float_type; break;
    default:
        /* a small int or float in a value slot (a constant argument): its
           class, guarded below as guard_class_of reads it */
        if (!vx) return false;
        if (v_is_int(vx)) t = &int_type;
        else if (v_is_smallfloat(vx)) t = &float_type;
        else if (v_is_ptr(vx)) t = V_OBJ(vx)->type;
        else return false;
    }
    bool r = false;
    if (tuple_check_exact(vcls)) {
        for (int64_t i = 0; i < tuple_size(vcls) && !r; i++) r = type_is_subtype(t, V_AS(Type, tuple_get(vcls, i)));
    } else {
        r = type_is_subtype(t, V_AS(Type, vcls));
    }
    if (!r && type_lookup(t, NAME(__class__)) != type_lookup(&object_type, NAME(__class__))) return false;
    guard_const(R, cref, vfn);
    guard_const(R, clsref, vcls);
    if (args[0].kind == SK_VALUE) guard_class_of(R, args[0], vx);
    if (type_has_flag(t, TF_HEAPTYPE)) depend_on_type(R, t);   /* __bases__ or __class__ changed */
    for (int i = 0; i < pop_count; i++) pop(R);
    push(R, kint(R, r), SK_BOOL);
    return true;
}

/* ---- builtins traced through ------------------------------------------------------------ */

/* str(i) of an exact int and int(s) of an exact str (what _pydecimal does
 * with every coefficient): the conversion itself called, int_repr or
 * int_from_exact_str, instead of the class call's dispatch (obj_call,
 * type_call, the constructor's argument and type checks). */
static bool record_int_str_conversion(Recorder *R, IRRef cref, Value vfn, const SnapSlot *args, const Value *vargs,
                                      int nargs, int pop_count) {
    if (nargs != 1 || args[0].kind == SK_NULL || !vargs[0]) return false;
    bool to_str = vfn == V_FROM_PTR(&str_type) && (v_is_int(vargs[0]) || int_check_exact(vargs[0]));
    bool to_int = vfn == V_FROM_PTR(&int_type) && str_check_exact(vargs[0]);
    if (!to_str && !to_int) return false;
    if (guard_class_of(R, args[0], vargs[0]) != (to_str ? &int_type : &str_type)) return false;
    guard_const(R, cref, vfn);
    IRRef a[1] = {as_ref(R, args[0])};
    IRRef r = call_value(R, to_str ? JH_str_of_int : JH_int_from_exact_str, 1, a);
    R->nonnull[r] = 1;
    if (to_str) R->known_class[r] = &str_type;
    for (int i = 0; i < pop_count; i++) pop(R);
    push(R, r, SK_VALUE);
    return true;
}

/* The exact class of the value in slot s (recorded value v), guarded; NULL
 * when the slot holds no value. */
static Type *guard_class_of(Recorder *R, SnapSlot s, Value v) {
    switch (s.kind) {
    case SK_INT: return &int_type;
    case SK_BOOL: return &bool_type;
    case SK_FLOAT: return &float_type;
    case SK_VALUE: break;
    default: return NULL;
    }
    if (!v) return NULL;
    if (v_is_int(v)) {
        as_int(R, s);
        return &int_type;
    }
    if (v_is_smallfloat(v)) {
        as_float(R, s, v);
        return &float_type;
    }
    guard_type(R, s.ref, V_OBJ(v)->type);
    return V_OBJ(v)->type;
}

/* An int (small int or bool) or an exact float: what abs, min, max, int
 * and float compute in the trace. */
static bool plain_number(SnapSlot s, Value v) {
    return s.kind == SK_INT || s.kind == SK_FLOAT || (s.kind == SK_VALUE && (v_is_int(v) || float_check_exact(v)));
}

/* min(a, b) / max(a, b) of two ints or two floats: the comparison the
 * builtin makes (is b strictly below / above a?), guarded to its recorded
 * outcome, and the winning slot itself (an int stays an int, a float a
 * float; a nan wins or loses as in CPython: its comparisons are false). */
static bool record_minmax(Recorder *R, bool is_max, const SnapSlot *args, const Value *vargs, int pop_count) {
    Value va = vargs[0], vb = vargs[1];
    IRRef c;
    bool b_wins;
    if (v_is_int(va) && v_is_int(vb)) {
        c = emit2(R, is_max ? IR_int_gt : IR_int_lt, as_int(R, args[1]), as_int(R, args[0]), NULL);
        b_wins = is_max ? v_intval(vb) > v_intval(va) : v_intval(vb) < v_intval(va);
    } else if (float_check_exact(va) && float_check_exact(vb)) {
        c = emit2(R, is_max ? IR_float_gt : IR_float_lt, as_float(R, args[1], vb), as_float(R, args[0], va), NULL);
        b_wins = is_max ? float_val(vb) > float_val(va) : float_val(vb) < float_val(va);
    } else {
        return false;
    }
    guard1(R, b_wins ? IR_guard_true : IR_guard_false, c);
    SnapSlot win = args[b_wins ? 1 : 0];
    for (int i = 0; i < pop_count; i++) pop(R);
    push(R, win.ref, win.kind);
    return true;
}

/* Calls of builtins whose result the trace computes itself: type(x),
 * issubclass of constant classes, abs, min/max of two numbers, int(x) and
 * float(x) of numbers, getattr/hasattr with a constant name read from an
 * instance slot. The callable is a trace constant (a builtin's cell is
 * watched, rebinding the name invalidates the trace), guarded here when
 * it is not. False: not one of these, nothing emitted that matters. */
static bool record_builtin(Recorder *R, IRRef cref, Value vfn, const SnapSlot *args, const Value *vargs, int nargs,
                           int pop_count) {
    CFunction fn = type_of(vfn) == &builtin_function_type ? V_AS(BuiltinFunctionObject, vfn)->def->fn : NULL;
    if (vfn == V_FROM_PTR(&type_type) && nargs == 1) {
        /* type(x): x's exact class, which the trace guards anyway */
        guard_const(R, cref, vfn);
        Type *t = guard_class_of(R, args[0], vargs[0]);
        if (!t) return false;
        for (int i = 0; i < pop_count; i++) pop(R);
        push(R, kref(R, V_FROM_PTR(t)), SK_VALUE);
        return true;
    }
    if (vfn == V_FROM_PTR(&float_type) && nargs == 1 && plain_number(args[0], vargs[0])) {
        /* float(i) is the int's nearest double, float(f) f itself */
        guard_const(R, cref, vfn);
        IRRef f = as_float(R, args[0], vargs[0]);
        for (int i = 0; i < pop_count; i++) pop(R);
        push(R, f, SK_FLOAT);
        return true;
    }
    if (record_int_str_conversion(R, cref, vfn, args, vargs, nargs, pop_count)) return true;
    if (vfn == V_FROM_PTR(&int_type) && nargs == 1 && plain_number(args[0], vargs[0])) {
        IRRef r;
        if (args[0].kind == SK_INT || args[0].kind == SK_BOOL || v_is_int(vargs[0])) {
            r = as_int(R, args[0]);   /* int(i) is i */
        } else {
            /* int(f) truncates; a float beyond the 64-bit range (or inf,
               nan) goes to the interpreter's big-int path or error */
            if (!(fabs(float_val(vargs[0])) < 0x1p62)) return false;
            guard_const(R, cref, vfn);
            IRRef f = as_float(R, args[0], vargs[0]);
            guard1(R, IR_guard_true, emit2(R, IR_float_lt, emit1(R, IR_float_abs, f, NULL), kfloat(R, 0x1p62), NULL));
            r = emit1(R, IR_cast_float_to_int, f, NULL);
        }
        guard_const(R, cref, vfn);
        for (int i = 0; i < pop_count; i++) pop(R);
        push(R, r, SK_INT);
        return true;
    }
    if (!fn) return false;
    if (fn == builtin_abs && nargs == 1 && plain_number(args[0], vargs[0]) && args[0].kind != SK_BOOL &&
        vargs[0] != V_TRUE && vargs[0] != V_FALSE) {
        guard_const(R, cref, vfn);
        IRRef r;
        int kind;
        if (args[0].kind == SK_INT || v_is_int(vargs[0])) {
            /* |x| = (x ^ m) - m with m the sign mask; -2**63 overflows to
               the guard (the interpreter makes the big int) */
            if (v_is_int(vargs[0]) && v_intval(vargs[0]) == INT64_MIN) return false;
            IRRef x = as_int(R, args[0]);
            IRRef m = emit2(R, IR_int_rshift, x, kint(R, 63), NULL);
            r = emit2(R, IR_int_sub_ovf, emit2(R, IR_int_xor, x, m, NULL), m, NULL);
            guard0(R, IR_guard_no_overflow);
            kind = SK_INT;
        } else {
            r = emit1(R, IR_float_abs, as_float(R, args[0], vargs[0]), NULL);
            kind = SK_FLOAT;
        }
        for (int i = 0; i < pop_count; i++) pop(R);
        push(R, r, kind);
        return true;
    }
    if ((fn == builtin_min || fn == builtin_max) && nargs == 2 && plain_number(args[0], vargs[0]) &&
        plain_number(args[1], vargs[1]) && args[0].kind != SK_BOOL && args[1].kind != SK_BOOL) {
        guard_const(R, cref, vfn);
        return record_minmax(R, fn == builtin_max, args, vargs, pop_count);
    }
    if (fn == builtin_issubclass && nargs == 2 && plain_class(vargs[0]) && plain_class(vargs[1]) &&
        ir_is_const(as_ref(R, args[0])) && ir_is_const(as_ref(R, args[1]))) {
        /* two constant classes whose metaclass is type: a constant, kept
           while neither's bases change */
        guard_const(R, cref, vfn);
        if (type_has_flag(V_AS(Type, vargs[0]), TF_HEAPTYPE)) depend_on_type(R, V_AS(Type, vargs[0]));
        bool r = type_is_subtype(V_AS(Type, vargs[0]), V_AS(Type, vargs[1]));
        for (int i = 0; i < pop_count; i++) pop(R);
        push(R, kint(R, r), SK_BOOL);
        return true;
    }
    if ((fn == builtin_getattr || fn == builtin_hasattr) && nargs == 2 && str_check_exact(vargs[1]) &&
        is_const_ref(R, as_ref(R, args[1]), vargs[1]) && args[0].kind == SK_VALUE) {
        /* getattr(o, 'name') / hasattr(o, 'name') of an instance slot: the
           read LOAD_ATTR records (its guards prove the slot exists) */
        Value name = str_intern(vargs[1]);
        IRRef out;
        if (!record_instance_attr(R, args[0].ref, vargs[0], name, &out)) return false;
        guard_const(R, cref, vfn);
        for (int i = 0; i < pop_count; i++) pop(R);
        if (fn == builtin_getattr) push(R, out, SK_VALUE);
        else push(R, kint(R, 1), SK_BOOL);
        return true;
    }
    return false;
}

/* len(o) of an instance of a class statement's class with a Python
 * __len__: the function inlined, as heap_len runs it one eval level down;
 * its return checks the result as len() does (RETURN_VALUE, len_result).
 * The trace depends on the class (__len__ replaced) and on the function
 * (its __code__). */
static bool record_len_dunder(Recorder *R, IRRef cref, Value vfn, SnapSlot arg, Value vo, int pop_count, int32_t pc) {
    if (!v_is_ptr(vo) || !vo || arg.kind != SK_VALUE) return false;
    Type *t = V_OBJ(vo)->type;
    if (!type_has_flag(t, TF_HEAPTYPE) || !type_len_is_dunder(t)) return false;
    Value f = type_lookup(t, NAME(__len__));
    if (!f || !function_check(f) || !can_inline(R, V_AS(FunctionObject, f))) return false;
    FunctionObject *fn = V_AS(FunctionObject, f);
    SnapSlot *locals = locals_for(fn->code);
    if (!bind_args(R, fn, &arg, 1, VNULL, locals)) return false;
    guard_const(R, cref, vfn);
    guard_type(R, arg.ref, t);
    depend_on_type(R, t);
    depend_on(R, f);
    for (int i = 0; i < pop_count; i++) pop(R);
    inline_nested_call(R, fn, locals, pc + 1)->len_result = true;
    return true;
}

/* FOR_ITER over an instance of a class statement's class with a Python
 * __next__: the function inlined, as heap_iternext runs it one eval level
 * down. The iterator stays on the caller's stack below the call: a plain
 * return gives the item, and a `raise StopIteration` that leaves the
 * function ends the loop (record_raise_stop_iteration). The trace depends
 * on the class (__next__ replaced) and on the function (its __code__). */
static bool record_iter_next_dunder(Recorder *R, IRRef itr, Value vit, int32_t pc) {
    if (!v_is_ptr(vit) || !vit) return false;
    Type *t = V_OBJ(vit)->type;
    if (!type_has_flag(t, TF_HEAPTYPE) || !type_iternext_is_dunder(t)) return false;
    Value f = type_lookup(t, NAME(__next__));
    if (!f || !function_check(f) || !can_inline(R, V_AS(FunctionObject, f))) return false;
    FunctionObject *fn = V_AS(FunctionObject, f);
    SnapSlot *locals = locals_for(fn->code);
    SnapSlot self = {itr, SK_VALUE};
    if (!bind_args(R, fn, &self, 1, VNULL, locals)) return false;
    guard_type(R, itr, t);
    depend_on_type(R, t);
    depend_on(R, f);
    inline_nested_call(R, fn, locals, pc + 1)->iter_next = true;
    return true;
}

/* The body of `def __iter__(self): return self`, the iterator idiom:
 * LOAD_FAST 0, RETURN_VALUE, one plain positional parameter. Such a
 * function has no guard, call or side effect to record: its result is its
 * argument. */
static bool code_returns_first_arg(const CodeObject *co) {
    const uint32_t odd_flags = CO_VARARGS | CO_VARKEYWORDS | CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR;
    return co->argcount == 1 && co->kwonlyargcount == 0 && !(co->flags & odd_flags) && co->ncode == 2 &&
           INSTR_OP(co->code[0]) == OP_LOAD_FAST && INSTR_ARG(co->code[0]) == 0 &&
           INSTR_OP(co->code[1]) == OP_RETURN_VALUE;
}

/* GET_ITER of an instance of a class statement's class whose __iter__ is
 * `return self` and whose class has a __next__ (heap_iternext): the
 * iterator is the object itself, with no call (a residual call of iter()
 * before). iter()'s check of the result (an iterator: its class has an
 * iternext slot) holds while the class is unchanged. The trace depends on
 * the class (__iter__ or __next__ replaced, on it or a base) and on the
 * function (its __code__); the class guard covers `__class__` assignment. */
static bool record_iter_returns_self(Recorder *R, SnapSlot it, Value vo) {
    if (it.kind != SK_VALUE || !v_is_ptr(vo) || !vo) return false;
    Type *t = V_OBJ(vo)->type;
    if (!type_has_flag(t, TF_HEAPTYPE) || !type_iter_is_dunder(t) || !type_iternext_is_dunder(t)) return false;
    Value f = type_lookup(t, NAME(__iter__));
    if (!f || !function_check(f) || !code_returns_first_arg(V_AS(FunctionObject, f)->code)) return false;
    guard_type(R, it.ref, t);
    depend_on_type(R, t);
    depend_on(R, f);
    return true;   /* the stack is unchanged: the iterator is the object */
}

/* `raise StopIteration` (the class) in an inlined __next__ of a FOR_ITER
 * with no handler in __next__: the loop ends, as FOR_ITER ends it when the
 * call it made fails with StopIteration, which it discards. Nobody sees
 * that exception (not even as a __context__: FOR_ITER clears it), so the
 * trace builds nothing and unwinds nothing: it leaves the frame and pops
 * the iterator. Recorded in the nested activation heap_iternext started,
 * the interpreter unwinds that activation below the recording level; in a
 * bridge, whose __next__ frame resume rebuilt in the caller's eval loop,
 * exception_unwind finds the raise expected and ends the loop
 * (FRAME_RESULT_ITERNEXT). */
static bool record_raise_stop_iteration(Recorder *R, Value *sp, int32_t pc) {
    RecFrame *rf = top(R);
    Value v = concrete_stack(sp, 1);
    if (!rf->iter_next || R->nframes < 2 || v != V_FROM_PTR(&exc_StopIteration)) return false;
    if (code_find_handler(rf->code, pc)) return false;   /* a try, a with or an except block around it */
    guard_const(R, as_ref(R, *stack_slot(rf, 1)), v);
    bool nested = rf->nested;
    int64_t outer = rf->outer_c_depth;
    R->nframes--;
    emit0(R, IR_leave_portal_frame, NULL);
    pop(R);   /* the caller's iterator */
    R->snap_valid = false;
    if (nested) jit.record_c_depth = outer;
    else R->unwind_expected = true;
    return true;
}

/* POP_JUMP_IF_FALSE / POP_JUMP_IF_TRUE on an instance of a class
 * statement's class whose __bool__ is a plain Python function: the
 * function inlined, as heap_truth runs it one eval level down after the
 * jump popped the value. Its return (record_truth_dunder_return) leaves a
 * pending branch on the bool it returned; a frame rebuilt by a guard
 * failure makes the jump itself (FRAME_RESULT_TRUTH). The trace depends on
 * the class (__bool__ replaced) and on the function (its __code__). */
static bool record_truth_dunder(Recorder *R, SnapSlot a, Value va, int32_t pc) {
    if (!v_is_ptr(va) || !va || a.kind != SK_VALUE) return false;
    Type *t = V_OBJ(va)->type;
    if (!type_has_flag(t, TF_HEAPTYPE) || !type_truth_is_dunder(t)) return false;
    Value f = type_lookup(t, NAME(__bool__));
    if (!f || !function_check(f) || !can_inline(R, V_AS(FunctionObject, f))) return false;
    FunctionObject *fn = V_AS(FunctionObject, f);
    SnapSlot *locals = locals_for(fn->code);
    if (!bind_args(R, fn, &a, 1, VNULL, locals)) return false;
    guard_type(R, as_ref(R, a), t);
    depend_on_type(R, t);
    depend_on(R, f);
    pop(R);
    inline_nested_call(R, fn, locals, pc + 1)->truth_jump = true;
    return true;
}

/* The return of a __bool__ inlined by record_truth_dunder, whose value is
 * on top of its frame: the frame left, and the caller's jump (the
 * instruction before its return pc) left pending on the truth of that
 * bool, to be guarded at the next instruction as the branch goes. A value
 * that is not a bool makes the interpreter raise TypeError: not traced. */
static bool record_truth_dunder_return(Recorder *R, Value *sp) {
    RecFrame *rf = top(R);
    Value vr = concrete_stack(sp, 1);
    if (vr != V_TRUE && vr != V_FALSE) {
        rec_abort(R, ABORT_EXCEPTION);
        return false;
    }
    bool truth;
    IRRef t = bool_to_branch(R, *stack_slot(rf, 1), vr, &truth);
    bool nested = rf->nested;
    int64_t outer = rf->outer_c_depth;
    int32_t jump_pc = rf->return_pc - 1;
    pop(R);
    R->nframes--;
    emit0(R, IR_leave_portal_frame, NULL);
    if (nested) jit.record_c_depth = outer;
    uint32_t jump = top(R)->code->code[jump_pc];
    if (!ir_is_const(t))
        R->pending = (Pending){PEND_BRANCH, t, jump_pc, (int32_t)INSTR_ARG(jump), (int)INSTR_OP(jump),
                               (SnapSlot){IR_NONE, SK_NULL}};
    return true;
}

/* ---- operators of classes with Python dunders ------------------------------------------- */

/* What the binop slot of type `slot` does for a op b (op with
 * BINOP_INPLACE / BINOP_REFLECTED as obj_binop_from passes it): decline
 * (NotImplemented, nothing run), call a plain Python function (*fn), or
 * something the recorder does not follow. A class statement's class has
 * heap_binop (type.c): the dunder found on its MRO. Of the builtin slots
 * only int's and float's are known to decline an operand that is neither. */
typedef enum SlotPlan { SLOT_DECLINES, SLOT_CALLS, SLOT_UNKNOWN } SlotPlan;

static bool number_free_heap_type(Type *t) {
    return type_has_flag(t, TF_HEAPTYPE) && !type_is_subtype(t, &int_type) && !type_is_subtype(t, &float_type);
}

static SlotPlan binop_slot_plan(Type *slot, Value va, Value vb, int op, Value *fn) {
    Type *ta = type_of(va), *tb = type_of(vb);
    if (!type_has_flag(slot, TF_HEAPTYPE)) {
        bool number_slot = slot == &int_type || slot == &bool_type || slot == &float_type;
        Type *other = slot == ta ? tb : ta;
        return number_slot && number_free_heap_type(other) ? SLOT_DECLINES : SLOT_UNKNOWN;
    }
    Value self = va, name;
    int base = BINOP_BASE(op);
    if (op & BINOP_INPLACE) {
        name = binop_name(base, 2);
    } else if (op & BINOP_REFLECTED) {
        if (!type_has_flag(tb, TF_HEAPTYPE)) return SLOT_DECLINES;
        self = vb;
        name = binop_name(base, 1);
    } else {
        if (!type_has_flag(ta, TF_HEAPTYPE)) return SLOT_DECLINES;
        name = binop_name(base, 0);
    }
    Value f = type_lookup(type_of(self), name);
    if (!f) return SLOT_DECLINES;
    if (!function_check(f)) return SLOT_UNKNOWN;   /* None, a builtin, a partial, a descriptor... */
    *fn = f;
    return SLOT_CALLS;
}

/* The step at which obj_binop_from(a, b, op, BINOP_STEP_INPLACE) calls its
 * first Python function (*fn, *self_is_b: called on b as reflected), with
 * every earlier step declining; -1 if it would run anything else first. */
static int binop_first_dunder(Value va, Value vb, int op, Value *fn, bool *self_is_b) {
    Type *ta = type_of(va), *tb = type_of(vb);
    int bop = BINOP_BASE(op);
    SlotPlan p;
    *self_is_b = false;
    if (op & BINOP_INPLACE) {
        p = binop_slot_plan(ta, va, vb, op, fn);
        if (p != SLOT_DECLINES) return p == SLOT_CALLS ? BINOP_STEP_INPLACE : -1;
    }
    bool tried_b = false;
    if (binop_subclass_first(ta, tb, bop)) {
        *self_is_b = true;
        p = binop_slot_plan(tb, va, vb, bop | BINOP_REFLECTED, fn);
        if (p != SLOT_DECLINES) return p == SLOT_CALLS ? BINOP_STEP_SUBCLASS_FIRST : -1;
        tried_b = true;
    }
    *self_is_b = false;
    p = binop_slot_plan(ta, va, vb, bop, fn);
    if (p != SLOT_DECLINES) return p == SLOT_CALLS ? (tried_b ? BINOP_STEP_LEFT_AFTER_SUBCLASS : BINOP_STEP_LEFT) : -1;
    if (tried_b || tb == ta) return -1;   /* the TypeError (or a sequence repetition) */
    *self_is_b = true;
    p = binop_slot_plan(tb, va, vb, bop | BINOP_REFLECTED, fn);
    return p == SLOT_CALLS ? BINOP_STEP_REFLECTED : -1;
}

/* An operator whose dispatch calls the Python function f first, which
 * the trace cannot inline (recursion, a callee marked too long to inline
 * after an abort, inlining off): under the guards the inlined call would
 * have (both operands' exact classes, which the trace depends on), the
 * residual helper (JH_binop_dunder, JH_compare_dunder) that runs f as
 * call_assembler does and goes on with the dispatch on NotImplemented,
 * instead of the whole dispatch (obj_binop's type slots, the dunder's
 * lookup on the class, the interpreter's call). */
static bool call_operator_dunder(Recorder *R, Value f, Value va, Value vb, JitHelper helper, int64_t packed) {
    RecFrame *rf = top(R);
    SnapSlot a = *stack_slot(rf, 2), b = *stack_slot(rf, 1);
    Type *ta = type_of(va), *tb = type_of(vb);
    if (guard_class_of(R, a, va) != ta || guard_class_of(R, b, vb) != tb) return false;
    if (type_has_flag(ta, TF_HEAPTYPE)) depend_on_type(R, ta);
    if (type_has_flag(tb, TF_HEAPTYPE)) depend_on_type(R, tb);
    IRRef args[4] = {kref(R, f), as_ref(R, a), as_ref(R, b), kint(R, packed)};
    IRRef r = call_value(R, helper, 4, args);
    pop(R);
    pop(R);
    push(R, r, SK_VALUE);
    return true;
}

/* a op b with an operand of a class statement's class: the Python dunder
 * the dispatch calls first, inlined as the interpreter runs it (one eval
 * level down, from obj_binop), under guards on both operands' exact
 * classes; the trace depends on the classes (a dunder added, removed or
 * rebound anywhere on their MROs) and on the function (its __code__). The
 * operands stay on the caller's stack while the dunder runs: its return
 * (record_binop_dunder_return) pops them, and a frame rebuilt by a guard
 * failure finds them there (FRAME_RESULT_BINOP). */
static bool record_binop_dunder(Recorder *R, int op, Value *sp) {
    RecFrame *rf = top(R);
    SnapSlot a = *stack_slot(rf, 2), b = *stack_slot(rf, 1);
    Value va = concrete_stack(sp, 2), vb = concrete_stack(sp, 1);
    if (!va || !vb || a.kind == SK_NULL || b.kind == SK_NULL) return false;
    Type *ta = type_of(va), *tb = type_of(vb);
    if (!type_has_flag(ta, TF_HEAPTYPE) && !type_has_flag(tb, TF_HEAPTYPE)) return false;
    Value f = VNULL;
    bool self_is_b;
    int step = binop_first_dunder(va, vb, op, &f, &self_is_b);
    if (step < 0) return false;
    if (!can_inline(R, V_AS(FunctionObject, f)))
        return call_operator_dunder(R, f, va, vb, JH_binop_dunder,
                                    op | binop_step_after(step) << 8 | (int64_t)self_is_b << 16);
    FunctionObject *fn = V_AS(FunctionObject, f);
    SnapSlot args[2] = {self_is_b ? b : a, self_is_b ? a : b};
    SnapSlot *locals = locals_for(fn->code);
    if (!bind_args(R, fn, args, 2, VNULL, locals)) return false;
    /* (a bool in an int slot...: left to the generic call) */
    if (guard_class_of(R, a, va) != ta || guard_class_of(R, b, vb) != tb) return false;
    if (type_has_flag(ta, TF_HEAPTYPE)) depend_on_type(R, ta);
    if (type_has_flag(tb, TF_HEAPTYPE)) depend_on_type(R, tb);
    depend_on(R, f);
    RecFrame *callee = inline_nested_call(R, fn, locals, R->pc + 1);
    callee->binop_step = (int8_t)step;
    callee->binop_op = (uint8_t)op;
    return true;
}

/* The return of an operator's dunder inlined with the operands left on the
 * caller's stack (record_binop_dunder, record_compare_dunder):
 * NotImplemented (guarded against, unless the value's class is known) goes
 * on with the rest of the dispatch, the residual call helper(a, b,
 * extra...), whose exception is raised at the operator; any other value is
 * the result. The operands are popped either way. */
static void finish_operator_dunder(Recorder *R, Value *sp, JitHelper helper, const int64_t *extra, int nextra) {
    RecFrame *rf = top(R);
    SnapSlot v = *stack_slot(rf, 1);
    bool not_implemented = concrete_stack(sp, 1) == V_NOTIMPL;
    if (!not_implemented && v.kind == SK_VALUE) {
        IRRef r = as_ref(R, v);
        Type *known = ir_is_const(r) ? type_of(ir_const(&R->ir, r)->v.r) : R->known_class[r];
        if (!known || known == type_of(V_NOTIMPL))
            guard1(R, IR_guard_true, emit2(R, IR_ptr_ne, r, kref(R, V_NOTIMPL), NULL));
    }
    bool nested = rf->nested;
    int64_t outer = rf->outer_c_depth;
    int32_t caller_pc = rf->return_pc - 1;
    pop(R);
    R->nframes--;
    emit0(R, IR_leave_portal_frame, NULL);
    if (nested) jit.record_c_depth = outer;
    RecFrame *caller = top(R);
    SnapSlot a = *stack_slot(caller, 2), b = *stack_slot(caller, 1);
    if (not_implemented) {
        int32_t saved_pc = R->pc;
        R->pc = caller_pc;
        R->snap_valid = false;
        IRRef args[4] = {as_ref(R, a), as_ref(R, b), IR_NONE, IR_NONE};
        for (int i = 0; i < nextra; i++) args[2 + i] = kint(R, extra[i]);
        v = (SnapSlot){call_value(R, helper, 2 + nextra, args), SK_VALUE};
        R->pc = saved_pc;
        R->snap_valid = false;
    }
    pop(R);
    pop(R);
    push(R, v.ref, v.kind);
}

/* The return of a dunder inlined by record_binop_dunder: the dispatch's
 * next step if it returned NotImplemented. */
static void record_binop_dunder_return(Recorder *R, Value *sp) {
    RecFrame *rf = top(R);
    int64_t extra[2] = {rf->binop_op, binop_step_after(rf->binop_step)};
    finish_operator_dunder(R, sp, JH_binop_from, extra, 2);
}

/* a < b (any comparison) with a an instance of a class statement's class
 * whose dunder for it is a plain Python function, which the dispatch calls
 * first (b's class is not a subclass of a's that would get the first
 * chance): the function inlined, as heap_richcompare runs it one eval
 * level down, under guards on both operands' exact classes; the trace
 * depends on the classes and on the function. The operands stay on the
 * caller's stack while it runs: its return (record_compare_dunder_return)
 * pops them, and a frame rebuilt by a guard failure finds them there
 * (FRAME_RESULT_COMPARE). */
static bool record_compare_dunder(Recorder *R, int op, Value *sp) {
    static const char *const names[CMP__COUNT] = {"__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__"};
    RecFrame *rf = top(R);
    SnapSlot a = *stack_slot(rf, 2), b = *stack_slot(rf, 1);
    Value va = concrete_stack(sp, 2), vb = concrete_stack(sp, 1);
    if (!va || !vb || !v_is_ptr(va) || a.kind != SK_VALUE || b.kind == SK_NULL || op < 0 || op >= CMP__COUNT)
        return false;
    Type *ta = V_OBJ(va)->type, *tb = type_of(vb);
    if (!type_has_flag(ta, TF_HEAPTYPE) || !type_richcompare_is_dunder(ta)) return false;
    if (tb != ta && tb->richcompare && type_is_subtype(tb, ta)) return false;   /* b's reflected dunder first */
    Value f = type_lookup(ta, str_intern_cstr(names[op]));
    if (!f || !function_check(f)) return false;
    if (!can_inline(R, V_AS(FunctionObject, f))) return call_operator_dunder(R, f, va, vb, JH_compare_dunder, op);
    FunctionObject *fn = V_AS(FunctionObject, f);
    SnapSlot args[2] = {a, b};
    SnapSlot *locals = locals_for(fn->code);
    if (!bind_args(R, fn, args, 2, VNULL, locals)) return false;
    if (guard_class_of(R, a, va) != ta || guard_class_of(R, b, vb) != tb) return false;
    depend_on_type(R, ta);
    if (type_has_flag(tb, TF_HEAPTYPE)) depend_on_type(R, tb);
    depend_on(R, f);
    inline_nested_call(R, fn, locals, R->pc + 1)->compare_op = (int8_t)op;
    return true;
}

/* The return of a dunder inlined by record_compare_dunder: the dispatch
 * after the left operand if it returned NotImplemented. */
static void record_compare_dunder_return(Recorder *R, Value *sp) {
    int64_t extra[1] = {top(R)->compare_op};
    finish_operator_dunder(R, sp, JH_compare_after_left, extra, 1);
}

/* -a, +a, ~a on an instance of a class statement's class whose dunder is a
 * plain Python function: that function inlined (heap_unop calls it one eval
 * level down); its value is the result as it is, NotImplemented too. */
static bool record_unop_dunder(Recorder *R, int unop, Value *sp) {
    SnapSlot a = *stack_slot(top(R), 1);
    Value va = concrete_stack(sp, 1);
    if (!va || !v_is_ptr(va) || a.kind != SK_VALUE) return false;
    Type *t = V_OBJ(va)->type;
    if (!type_has_flag(t, TF_HEAPTYPE)) return false;
    Value f = type_lookup(t, unop_name(unop));
    if (!f || !function_check(f) || !can_inline(R, V_AS(FunctionObject, f))) return false;
    FunctionObject *fn = V_AS(FunctionObject, f);
    SnapSlot *locals = locals_for(fn->code);
    if (!bind_args(R, fn, &a, 1, VNULL, locals)) return false;
    guard_type(R, as_ref(R, a), t);
    depend_on_type(R, t);
    depend_on(R, f);
    pop(R);
    inline_nested_call(R, fn, locals, R->pc + 1);
    return true;
}

/* ---- super() ------------------------------------------------------------------------------ */

/* Zero-argument super() in a method called on an instance: the super
 * object as a virtual (obj's class guarded, the __class__ cell's class a
 * constant), so that super().name(...) below reads constants from it and
 * nothing is allocated unless a guard fails. f: the running frame, whose
 * first argument and __class__ cell give the recorded values (super_bind
 * reads the same). False: another case, nothing emitted. */
static bool record_super_virtual(Recorder *R, Frame *f, IRRef cref, Value vfn, IRRef cls, IRRef obj, int pop_count) {
    CodeObject *co = f->code;
    if (co != top(R)->code) return false;
    Value vobj = f->localsplus[0], vcls = VNULL;
    for (int i = 0; !vobj && co->cell2arg && i < co->ncells; i++)
        if (co->cell2arg[i] == 0) vobj = V_AS(CellObject, f->localsplus[co->nlocals + i])->value;
    for (int i = 0; i < co->nfrees; i++)
        if (tuple_get(co->freevars, i) == NAME(__class__))
            vcls = V_AS(CellObject, f->localsplus[co->nlocals + co->ncells + i])->value;
    if (!vobj || !vcls || !type_check(vcls) || type_check(vobj) || vobj == V_NONE ||
        !type_is_subtype(type_of(vobj), V_AS(Type, vcls)))
        return false;
    guard_const(R, cref, vfn);
    IRRef k = guard_const(R, cls, vcls);
    Type *ot = guard_class_of(R, (SnapSlot){obj, SK_VALUE}, vobj);
    SizeDescr *sd = descr_size(&super_type, (int32_t)sizeof(SuperObject), false);
    IRRef s = emit0(R, IR_new_with_vtable, &sd->d);
    emit2(R, IR_setfield_gc, s, k, &super_type_descr->d);
    emit2(R, IR_setfield_gc, s, obj, &super_obj_descr->d);
    emit2(R, IR_setfield_gc, s, kref(R, V_FROM_PTR(ot)), &super_objtype_descr->d);
    R->known_class[s] = &super_type;
    R->nonnull[s] = 1;
    for (int i = 0; i < pop_count; i++) pop(R);
    push(R, s, SK_VALUE);
    return true;
}

/* A bound method of the constant function meth and self, as a virtual. */
static IRRef virtual_bound_method(Recorder *R, Value meth, IRRef self) {
    SizeDescr *sd = descr_size(&method_type, (int32_t)sizeof(BoundMethodObject), false);
    IRRef bm = emit0(R, IR_new_with_vtable, &sd->d);
    emit2(R, IR_setfield_gc, bm, kref(R, meth), &boundmethod_func_descr->d);
    emit2(R, IR_setfield_gc, bm, self, &boundmethod_self_descr->d);
    R->known_class[bm] = &method_type;
    R->nonnull[bm] = 1;
    return bm;
}

/* The guards that keep interp_lookup_method's answer for obj.name (a
 * method of obj's class, not shadowed) true: obj's exact type (or tagged
 * kind), the class depended on, the instance's map or dict. */
static void guard_method_lookup(Recorder *R, IRRef obj, Value vo, Value name) {
    Type *t = type_of(vo);
    if (v_is_int(vo)) guard1(R, IR_guard_is_int, obj);
    else if (v_is_smallfloat(vo)) guard1(R, IR_guard_is_float, obj);
    else guard_type(R, obj, t);
    depend_on_type(R, t);
    /* (builtin types with an instance dict too: io.BytesIO) */
    guard_no_shadow(R, obj, vo, t, name);
    if (type_has_flag(t, TF_VAR_DICT)) {
        /* a str/tuple/bytes subclass instance's own dict may shadow the
           method: checked on every run */
        IRRef hargs[2] = {obj, kref(R, name)};
        guard1(R, IR_guard_false, call_helper(R, JH_var_dict_has, 2, hargs));
    }
}

/* obj.name (LOAD_ATTR) where name is a Python function of obj's class
 * that the instance does not shadow and nothing overrides attribute
 * lookup (interp_lookup_method's case, which LOAD_METHOD records without
 * a bound method): the bound method as a virtual, the function a constant,
 * with LOAD_METHOD's guards. `condition().handle(self, *args)` in
 * _pydecimal (a call with *args compiles to LOAD_ATTR): the exception and
 * the method stay virtual. */
static bool record_method_attr(Recorder *R, IRRef obj, Value vo, Value name, IRRef *out) {
    Value meth, self;
    if (!v_is_ptr(vo) || !vo || !interp_lookup_method(vo, name, &meth, &self) || !meth ||
        type_of(meth) != &function_type)
        return false;
    guard_method_lookup(R, obj, vo, name);
    *out = virtual_bound_method(R, meth, obj);
    return true;
}

/* super_obj.name (LOAD_ATTR, and LOAD_METHOD, which pushes (NULL, attr)
 * for a super object) where the name is a Python function of a class after
 * the super object's type in the instance's MRO: the bound method as a
 * virtual, the function a constant (the lookup super_getattr makes, done
 * here; the trace depends on the instance's class, which a change to any
 * of its bases invalidates too). */
static bool record_super_attr(Recorder *R, IRRef sref, Value vs, Value name, IRRef *out) {
    if (!v_is_ptr(vs) || !vs || V_OBJ(vs)->type != &super_type) return false;
    SuperObject *so = V_AS(SuperObject, vs);
    if (!so->obj || !so->obj_type || !so->obj_type->mro || so->obj_type != type_of(so->obj) || type_check(so->obj) ||
        str_eq_cstr(name, "__class__"))
        return false;
    Value mro = so->obj_type->mro, meth = VNULL;
    int64_t n = tuple_size(mro), i = 0;
    while (i < n && V_AS(Type, tuple_get(mro, i)) != so->type) i++;
    for (i++; i < n && !meth; i++) meth = dict_get_str(V_AS(Type, tuple_get(mro, i))->dict, name);
    if (!meth || type_of(meth) != &function_type) return false;
    guard_type(R, sref, &super_type);
    guard_const(R, emit1(R, IR_getfield_gc_r, sref, &super_type_descr->d), V_FROM_PTR(so->type));
    guard_const(R, emit1(R, IR_getfield_gc_r, sref, &super_objtype_descr->d), V_FROM_PTR(so->obj_type));
    IRRef self = emit1(R, IR_getfield_gc_r, sref, &super_obj_descr->d);
    R->nonnull[self] = 1;
    depend_on_type(R, so->obj_type);
    *out = virtual_bound_method(R, meth, self);
    return true;
}

/* Calling a class whose __new__ is written in Python and whose __init__ is
 * object's (namedtuple's, datetime's classes): __new__(cls, *args) inlined,
 * as type_call runs it one eval level down (heap_new). */
static bool record_class_new(Recorder *R, IRRef cref, Type *t, const SnapSlot *args, int nargs, int npos,
                             Value kwnames, int pop_count, int32_t pc) {
    FunctionObject *fn = type_plain_new(t);
    if (!fn || !can_inline(R, fn) || nargs + 1 > MAX_CALL_ARGS) return false;
    /* an instance of t that __new__ returns is then t's own, whose
       __init__ is object's: t has no subclass (a new one invalidates the
       trace, see type.c) */
    for (size_t i = 0; t->subclasses && i < gc_weak_list_len(t->subclasses); i++)
        if (gc_weak_list_get(t->subclasses, i)) return false;
    SnapSlot all[MAX_CALL_ARGS + 1];
    all[0] = (SnapSlot){kref(R, V_FROM_PTR(t)), SK_VALUE};
    memcpy(all + 1, args, sizeof(SnapSlot) * (size_t)nargs);
    CodeObject *co = fn->code;
    SnapSlot *locals = locals_for(co);
    if (!bind_args(R, fn, all, npos + 1, kwnames, locals)) return false;
    guard_const(R, cref, V_FROM_PTR(t));
    depend_on_type(R, t);
    depend_on(R, V_FROM_PTR(fn));
    for (int i = 0; i < pop_count; i++) pop(R);
    RecFrame *nf = inline_nested_call(R, fn, locals, pc + 1);
    nf->class_new = true;
    nf->new_class = t;
    return true;
}

/* A new instance of class t as instance_new makes it, a virtual until it
 * escapes: its map (an instance with attributes) the class's root map. */
static IRRef new_instance(Recorder *R, Type *t) {
    SizeDescr *sd = descr_size(t, (int32_t)t->basicsize, false);
    IRRef obj = emit0(R, IR_new_with_vtable, &sd->d);
    R->known_class[obj] = t;
    R->nonnull[obj] = 1;
    if (t->attrs_offset)
        emit2(R, IR_setfield_gc, obj, kref(R, V_FROM_PTR(t->root_map)),
              &raw_field_descr((int32_t)(t->attrs_offset + offsetof(InstanceAttrs, map)), 'r')->d);
    return obj;
}

/* Calling a class whose instances are plain (type_plain_init): the trace
 * allocates the instance (a virtual until it escapes) and inlines
 * __init__, which the interpreter runs one eval level down (type_call). */
static bool record_instantiation(Recorder *R, IRRef cref, Type *t, const SnapSlot *args, int nargs, int npos,
                                 Value kwnames, int pop_count, int32_t pc) {
    FunctionObject *init = type_plain_init(t);
    if (!init || !can_inline(R, init) || !init_keeps_self(init->code)) return false;
    guard_const(R, cref, V_FROM_PTR(t));
    depend_on_type(R, t);
    depend_on(R, V_FROM_PTR(init));
    IRRef obj = new_instance(R, t);
    SnapSlot all[MAX_CALL_ARGS + 1];
    all[0] = (SnapSlot){obj, SK_VALUE};
    memcpy(all + 1, args, sizeof(SnapSlot) * (size_t)nargs);
    CodeObject *co = init->code;
    SnapSlot *locals = locals_for(co);
    if (!bind_args(R, init, all, npos + 1, kwnames, locals)) return false;
    for (int i = 0; i < pop_count; i++) pop(R);
    RecFrame *rf = inline_nested_call(R, init, locals, pc + 1);
    rf->constructor = true;
    rf->ctor_obj = obj;
    return true;
}

/* object.__new__(cls) (in a Python __new__: `object.__new__(cls)`,
 * `super().__new__(cls)`) for a class whose instances it makes plainly
 * (type_object_new_is_plain): the trace allocates the instance, a virtual
 * until it escapes, as instance_new does, without tp_new_wrapper's checks
 * and lookups along the class's MRO. */
static bool record_object_new(Recorder *R, IRRef cref, Value vfn, SnapSlot arg, Value varg, int pop_count) {
    if (!type_is_builtin_new(vfn) || V_AS(BuiltinFunctionObject, vfn)->self != V_FROM_PTR(&object_type) ||
        !v_is_ptr(varg) || !varg || V_OBJ(varg)->type != &type_type)
        return false;
    Type *t = V_AS(Type, varg);
    if (!type_object_new_is_plain(t)) return false;
    guard_const(R, cref, vfn);
    guard_const(R, as_ref(R, arg), varg);
    depend_on_type(R, t);   /* its bases' __new__, __abstractmethods__ */
    IRRef obj = new_instance(R, t);
    for (int i = 0; i < pop_count; i++) pop(R);
    push(R, obj, SK_VALUE);
    return true;
}

/* CALL_FUNCTION(_KW) / CALL_METHOD(_KW). Stack, from the bottom: the
 * callable (for CALL_METHOD: method-or-NULL, then self-or-callable), the
 * `total` argument values (positional, then keyword), and for _KW the
 * tuple of keyword names on top. */
/* Before a residual call that may run Python code: the root frame's ip
 * as the interpreter would have it during the call (just past the call
 * instruction of the root frame, or of the call into the first inlined
 * frame), so that the callee's f_back.f_lineno (sys._getframe, warnings'
 * stacklevel, logging) names the calling line, not the line the trace was
 * entered at. Compiled code keeps the root frame's ip stale otherwise; a
 * guard failure sets it from the snapshot. One store per call. */
static void store_root_ip(Recorder *R, int32_t pc) {
    CodeObject *root = R->frames[0].code;
    int32_t next = R->nframes > 1 ? R->frames[1].return_pc : pc + 1;
    if (R->frame_ref == IR_NONE) return;
    emit2(R, IR_setfield_gc, R->frame_ref, kint(R, (int64_t)(uintptr_t)(root->code + next)),
          &raw_field_descr((int32_t)offsetof(Frame, ip), 'i')->d);
}

/* Is fn (at r) a function made on each pass of a loop: by a MAKE_FUNCTION
 * of this trace (jh_make_function), or of a code some trace made functions
 * of (reached through a variable: `f = lambda: ...; f()` at module level)?
 * Guarding its identity would fail on the next pass, and a bridge from
 * that guard would guard the next one: they are called without a guard. */
static bool made_in_trace(Recorder *R, IRRef r, FunctionObject *fn) {
    if (fn->code->jit_flags & CODE_JIT_MADE_IN_TRACE) return true;
    if (r < 0 || ir_is_const(r) || r >= R->ir.nops) return false;
    const IROp *op = &R->ir.ops[r];
    return op->opcode == IR_call_r && op->descr == &jit_helper_descr(JH_make_function)->d;
}

static bool plain_exc_class(Value c);
static IRRef new_virtual_exc(Recorder *R, Type *t, const SnapSlot *args, int nargs);
static bool record_int_of_str_caught(Recorder *R, IRRef cref, SnapSlot arg, Value vs, int pop_count, int32_t pc);

/* math.floor(f), math.ceil(f), math.trunc(f) of a float whose result is
 * a small int (|f| < 2**62, so neither inf nor nan): truncation, then one
 * step towards -inf (floor) or +inf (ceil) when the truncation moved the
 * other way. The guard keeps larger floats, which make big ints, in the
 * interpreter; an int argument, or an object with __floor__, stays a call. */
static bool record_math_rounding(Recorder *R, IRRef cref, Value vfn, SnapSlot arg, Value varg, int pop_count) {
    int kind = math_jit_rounding(V_AS(BuiltinFunctionObject, vfn)->def->fn);
    if (kind < 0 || !(v_is_smallfloat(varg) || float_check_exact(varg))) return false;
    if (!(fabs(float_val(varg)) < 0x1p62)) return false;
    guard_const(R, cref, vfn);
    IRRef f = as_float(R, arg, varg);
    guard1(R, IR_guard_true, emit2(R, IR_float_lt, emit1(R, IR_float_abs, f, NULL), kfloat(R, 0x1p62), NULL));
    IRRef r = emit1(R, IR_cast_float_to_int, f, NULL);
    if (kind != 2) {
        IRRef back = emit1(R, IR_cast_int_to_float, r, NULL);
        /* the comparison's 0 or 1 is the step */
        IRRef moved = emit2(R, kind == 0 ? IR_float_lt : IR_float_gt, f, back, NULL);
        r = emit2(R, kind == 0 ? IR_int_sub : IR_int_add, r, moved, NULL);
    }
    for (int i = 0; i < pop_count; i++) pop(R);
    push(R, r, SK_INT);
    return true;
}

/* `for x in range(...)` with one or two int arguments, or three with a
 * constant non-zero step: the call becomes the iterator directly, a virtual
 * with the fields range_iterator would get; GET_ITER keeps it. The guard
 * on the trip count's sign keeps the count's formula valid: with step s and
 * a non-empty range, remaining = (|stop - start| - 1) / |s| + 1. False (nothing
 * emitted) for other argument kinds: the call stays a call. */
static bool record_range_iter(Recorder *R, IRRef cref, Value vrange, const SnapSlot *args, Value *sp,
                              int nargs, int pop_count) {
    if (nargs < 1 || nargs > 3) return false;
    for (int i = 1; i <= nargs; i++)
        if (!v_is_int(concrete_stack(sp, i))) return false;
    int64_t cstep = 1;
    if (nargs == 3) {
        /* a step known when compiling only: the count's division needs it */
        if ((args[2].kind != SK_VALUE && args[2].kind != SK_INT) || !ir_is_const(args[2].ref)) return false;
        cstep = v_intval(concrete_stack(sp, 1));
        if (cstep == 0 || cstep == INT64_MIN) return false;   /* ValueError; |s| overflows */
    }
    guard_const(R, cref, vrange);
    int64_t cstart = nargs >= 2 ? v_intval(concrete_stack(sp, nargs)) : 0;
    int64_t cstop = v_intval(concrete_stack(sp, nargs == 1 ? 1 : nargs - 1));
    IRRef start = nargs >= 2 ? as_int(R, args[0]) : kint(R, 0);
    IRRef stop = as_int(R, args[nargs == 1 ? 0 : 1]);
    /* lo..hi is the range's extent in the direction of the step; small ints
       fit in 63 bits, so hi - lo cannot overflow */
    IRRef lo = cstep > 0 ? start : stop, hi = cstep > 0 ? stop : start;
    bool nonempty = cstep > 0 ? cstop > cstart : cstart > cstop;
    guard1(R, nonempty ? IR_guard_true : IR_guard_false, emit2(R, IR_int_gt, hi, lo, NULL));
    IRRef rem = kint(R, 0);
    if (nonempty) {
        rem = emit2(R, IR_int_sub, hi, lo, NULL);
        int64_t mag = cstep > 0 ? cstep : -cstep;
        if (mag != 1) {
            IRRef less = emit2(R, IR_int_sub, rem, kint(R, 1), NULL);
            rem = emit2(R, IR_int_add, emit2(R, IR_int_py_floordiv, less, kint(R, mag), NULL), kint(R, 1), NULL);
        }
    }
    SizeDescr *sd = descr_size(&rangeiter_type, (int32_t)sizeof(RangeIterObject), false);
    IRRef it = emit0(R, IR_new_with_vtable, &sd->d);
    emit2(R, IR_setfield_gc, it, start, &rangeiter_next_descr->d);
    emit2(R, IR_setfield_gc, it, kint(R, cstep), &rangeiter_step_descr->d);
    emit2(R, IR_setfield_gc, it, rem, &rangeiter_remaining_descr->d);
    R->known_class[it] = &rangeiter_type;
    R->nonnull[it] = 1;
    for (int i = 0; i < pop_count; i++) pop(R);
    push(R, it, SK_VALUE);
    return true;
}

/* list.pop() and list.append(x) on an exact list, inline: an interpreter
 * written in Python keeps its operand stack in a list, so these run once or
 * twice for every instruction it interprets, and a residual call each
 * (pop() went through the generic call helper) dominated its dispatch loop.
 *
 * pop() of a list that is not empty now: size > 0 guarded, the last item
 * loaded, its slot cleared (the list must not keep it alive) and the size
 * stored. append(x) of a list with room now: size < capacity guarded, the
 * item and the size stored; a full list takes the residual call, which
 * grows it. Both guards come before any store, so a failing one replays
 * the call in the interpreter. The stores change a size that
 * guard_const_index may have guarded for any alias of the list: R->ncalls
 * is bumped as a call would, which drops those facts.
 * Returns false, with nothing emitted, for any other call. */
static bool record_list_stack_method(Recorder *R, IRRef cref, Value vcallable, const SnapSlot *args,
                                     const Value *vargs, int nargs, bool method, int pop_count) {
    if (!method || type_of(vcallable) != &method_descr_type) return false;
    MethodDescrObject *md = V_AS(MethodDescrObject, vcallable);
    if (md->owner != &list_type || !list_check_exact(vargs[0])) return false;
    ListObject *vl = V_AS(ListObject, vargs[0]);
    bool is_pop = nargs == 1 && strcmp(md->def->name, "pop") == 0 && vl->size > 0 && !list_has_float_storage(vl);
    bool is_append = nargs == 2 && strcmp(md->def->name, "append") == 0 && vl->size < vl->capacity;
    if (!is_pop && !is_append) return false;
    guard_const(R, cref, vcallable);
    IRRef l = as_ref(R, args[0]);
    guard_type(R, l, &list_type);
    IRRef len = emit1(R, IR_getfield_gc_i, l, &list_size_descr->d);
    IRRef result;
    if (is_pop) {
        guard1(R, IR_guard_true, emit2(R, IR_int_gt, len, kint(R, 0), NULL));
        guard_list_storage(R, l, vargs[0]);
        IRRef last = emit2(R, IR_int_sub, len, kint(R, 1), NULL);
        IRRef items = emit1(R, IR_getfield_gc_r, l, &list_items_descr->d);
        result = emit2(R, IR_getarrayitem_gc_r, items, last, &values_descr->d);
        R->nonnull[result] = 1;
        emit3(R, IR_setarrayitem_gc, items, last, kref(R, VNULL), &values_descr->d);
        emit2(R, IR_setfield_gc, l, last, &list_size_descr->d);
    } else {
        IRRef cap = emit1(R, IR_getfield_gc_i, l, &list_capacity_descr->d);
        guard1(R, IR_guard_true, emit2(R, IR_int_lt, len, cap, NULL));
        IRRef x = as_ref(R, args[1]);
        IRRef items = emit1(R, IR_getfield_gc_r, l, &list_items_descr->d);
        emit3(R, IR_setarrayitem_gc, items, len, x, &values_descr->d);
        emit2(R, IR_setfield_gc, l, emit2(R, IR_int_add, len, kint(R, 1), NULL), &list_size_descr->d);
        result = kref(R, V_NONE);
    }
    R->ncalls++;
    for (int i = 0; i < pop_count; i++) pop(R);
    push(R, result, SK_VALUE);
    return true;
}

/* The methods of an exact str that return an object of one exact class
 * whatever their arguments (or raise): their results need no class guard.
 * Name, class; each method once. */
#define STR_METHOD_RESULT_DEF(_)                                                           \
    _("capitalize", str) _("casefold", str) _("center", str) _("expandtabs", str)        \
    _("format", str) _("format_map", str) _("join", str) _("ljust", str) _("lower", str) \
    _("lstrip", str) _("removeprefix", str) _("removesuffix", str) _("replace", str)     \
    _("rjust", str) _("rstrip", str) _("strip", str) _("swapcase", str) _("title", str)  \
    _("translate", str) _("upper", str) _("zfill", str)                                  \
    _("split", list) _("rsplit", list) _("splitlines", list)                             \
    _("partition", tuple) _("rpartition", tuple)

static Type *str_method_result_class(const MethodDescrObject *md) {
    if (md->owner != &str_type) return NULL;
#define STR_METHOD_RESULT(method_name, cls) \
    if (strcmp(md->def->name, method_name) == 0) return &cls##_type;
    STR_METHOD_RESULT_DEF(STR_METHOD_RESULT)
#undef STR_METHOD_RESULT
    return NULL;
}

/* obj.m(args) with m a C method of obj's exact type (a method descriptor
 * from LOAD_METHOD: str.split, dict.get, list.sort): the method's C
 * function called directly (jh_cmethodN), with the method and the
 * receiver's class guarded; the generic call helper would dispatch on the
 * callable's type and check the receiver's on every call. Keywords, class
 * and static methods, and more than three arguments take the generic
 * call. Returns false, with nothing emitted, when it does not apply. */
static bool record_cmethod_call(Recorder *R, IRRef cref, Value vcallable, const SnapSlot *args, const Value *vargs,
                                int nargs, bool method, bool has_kw, IRRef *result) {
    static const JitHelper cmethod[5] = {JH__COUNT, JH_cmethod1, JH_cmethod2, JH_cmethod3, JH_cmethod4};
    if (has_kw || !method || nargs < 1 || nargs > 4 || type_of(vcallable) != &method_descr_type) return false;
    MethodDescrObject *md = V_AS(MethodDescrObject, vcallable);
    if (md->def->flags & (MF_CLASS | MF_STATIC)) return false;
    Value self = vargs[0];
    if (!v_is_ptr(self) || !self || V_OBJ(self)->type != md->owner || args[0].kind != SK_VALUE) return false;
    guard_const(R, cref, vcallable);
    IRRef a[5];
    a[0] = ir_const_int(&R->ir, (int64_t)(uintptr_t)md->def->fn);
    a[1] = as_ref(R, args[0]);
    guard_type(R, a[1], md->owner);
    for (int i = 1; i < nargs; i++) a[i + 1] = as_ref(R, args[i]);
    *result = call_value(R, cmethod[nargs], nargs + 1, a);
    Type *rt = str_method_result_class(md);
    if (rt) R->known_class[*result] = rt;
    if (rt == &list_type) R->nonnull[*result] |= NN_VALUE_STORAGE;   /* (lists of strs) */
    return true;
}

static bool record_gen_send(Recorder *R, IRRef cref, Value vcallable, const SnapSlot *args, const Value *vargs,
                            int32_t pc);

static void record_call(Recorder *R, Frame *f, Value *sp, int32_t pc, bool method, int total, bool has_kw) {
    RecFrame *rf = top(R);
    int off = has_kw ? 1 : 0;
    Value kwnames = VNULL;
    if (has_kw) {
        kwnames = concrete_stack(sp, 1);
        if (!tuple_check(kwnames) || !is_const_ref(R, stack_slot(rf, 1)->ref, kwnames)) {
            rec_abort(R, ABORT_UNSUPPORTED_OPCODE);
            return;
        }
    }
    int nkw = kwnames ? (int)tuple_size(kwnames) : 0;
    if (total + 1 > MAX_CALL_ARGS) {
        rec_abort(R, ABORT_UNSUPPORTED_OPCODE);
        return;
    }
    SnapSlot args[MAX_CALL_ARGS + 1];
    Value vargs[MAX_CALL_ARGS + 1];   /* their recorded values */
    int nargs = 0;
    Value vcallable;
    SnapSlot callable;
    int pop_count = total + off + (method ? 2 : 1);
    if (method && concrete_stack(sp, off + total + 2)) {
        vcallable = concrete_stack(sp, off + total + 2);
        callable = *stack_slot(rf, off + total + 2);
        vargs[nargs] = concrete_stack(sp, off + total + 1);
        args[nargs++] = *stack_slot(rf, off + total + 1);
    } else {
        vcallable = concrete_stack(sp, off + total + 1);
        callable = *stack_slot(rf, off + total + 1);
    }
    for (int i = 0; i < total; i++) {
        vargs[nargs] = concrete_stack(sp, off + total - i);
        args[nargs++] = *stack_slot(rf, off + total - i);
    }
    int npos = nargs - nkw;
    IRRef cref = as_ref(R, callable);
    /* a bound method: call its function with self */
    if (type_of(vcallable) == &method_type && function_check(V_AS(BoundMethodObject, vcallable)->func)) {
        guard_type(R, cref, &method_type);
        IRRef fref = emit1(R, IR_getfield_gc_r, cref, &boundmethod_func_descr->d);
        IRRef sref = emit1(R, IR_getfield_gc_r, cref, &boundmethod_self_descr->d);
        R->nonnull[fref] = R->nonnull[sref] = 1;
        memmove(args + 1, args, sizeof(SnapSlot) * (size_t)nargs);
        args[0] = (SnapSlot){sref, SK_VALUE};
        nargs++;
        npos++;
        vcallable = V_AS(BoundMethodObject, vcallable)->func;
        cref = fref;
    }
    /* a function made in this trace is a new object on every pass: no
       guard on its identity (it would always fail), no inlining; the call
       is residual. Another function whose code has several functions is
       inlined (or called) by code, see "Calls by code" */
    if (function_check(vcallable) && !made_in_trace(R, cref, V_AS(FunctionObject, vcallable))) {
        FunctionObject *fn = V_AS(FunctionObject, vcallable);
        if (record_call_by_code(R, cref, fn, args, npos, kwnames, pop_count, pc)) return;
        if (!call_by_code_residual(R, cref, fn)) {   /* (else: called as a value) */
            guard_const(R, cref, vcallable);
            cref = kref(R, vcallable);
            if (can_inline(R, fn)) {
                depend_on(R, vcallable);    /* fn.__code__ may be reassigned */
                CodeObject *co = fn->code;
                SnapSlot *locals = locals_for(co);
                if (bind_args(R, fn, args, npos, kwnames, locals)) {
                    for (int i = 0; i < pop_count; i++) pop(R);
                    R->snap_valid = false;
                    inline_call(R, fn, locals, pc + 1);
                    return;
                }
            }
        }
    }
    if (vcallable == V_FROM_PTR(&range_type) && !has_kw && !method &&
        pc + 1 < rf->code->ncode && INSTR_OP(rf->code->code[pc + 1]) == OP_GET_ITER &&
        record_range_iter(R, cref, vcallable, args, sp, nargs, pop_count))
        return;
    if (!has_kw && nargs == 1 && vcallable == V_FROM_PTR(&int_type) && str_check_exact(vargs[0]) &&
        record_int_of_str_caught(R, cref, args[0], vargs[0], pop_count, pc))
        return;
    if (!has_kw && nargs == 1 && record_object_new(R, cref, vcallable, args[0], vargs[0], pop_count)) return;
    if (!has_kw && record_builtin(R, cref, vcallable, args, vargs, nargs, pop_count)) return;
    if (!has_kw && nargs <= 64 && plain_exc_class(vcallable)) {
        /* a new exception: a virtual until it escapes (raised and caught in
           the trace, it never does) */
        guard_const(R, cref, vcallable);
        IRRef e = new_virtual_exc(R, V_AS(Type, vcallable), args, nargs);
        for (int i = 0; i < pop_count; i++) pop(R);
        push(R, e, SK_VALUE);
        return;
    }
    if (v_is_ptr(vcallable) && V_OBJ(vcallable)->type == &type_type && nargs < MAX_CALL_ARGS &&
        (record_instantiation(R, cref, V_AS(Type, vcallable), args, nargs, npos, kwnames, pop_count, pc) ||
         record_class_new(R, cref, V_AS(Type, vcallable), args, nargs, npos, kwnames, pop_count, pc)))
        return;
    if (!has_kw && nargs == 1 && type_of(vcallable) == &builtin_function_type &&
        V_AS(BuiltinFunctionObject, vcallable)->def->fn == builtin_len) {
        /* len() of an exact list, tuple, str, dict, set or frozenset: read its size */
        Type *at = type_of(concrete_stack(sp, 1));
        FieldDescr *size = at == &list_type ? list_size_descr : at == &tuple_type ? tuple_size_descr
                         : at == &str_type ? str_length_descr : at == &dict_type ? dict_used_descr
                         : at == &set_type || at == &frozenset_type ? set_used_descr : NULL;
        if (size) {
            guard_const(R, cref, vcallable);
            IRRef obj = as_ref(R, args[0]);
            guard_type(R, obj, at);
            IRRef n = emit1(R, IR_getfield_gc_i, obj, &size->d);
            for (int i = 0; i < pop_count; i++) pop(R);
            push(R, n, SK_INT);
            return;
        }
        if (record_len_dunder(R, cref, vcallable, args[0], concrete_stack(sp, 1), pop_count, pc)) return;
    }
    if (!has_kw && !method && total == 2 && type_of(vcallable) == &builtin_function_type &&
        V_AS(BuiltinFunctionObject, vcallable)->def->fn == builtin_isinstance &&
        record_isinstance(R, cref, vcallable, args, concrete_stack(sp, 2), concrete_stack(sp, 1), pop_count))
        return;
    if (!has_kw && nargs == 1 && type_of(vcallable) == &builtin_function_type &&
        record_math_rounding(R, cref, vcallable, args[0], concrete_stack(sp, 1), pop_count))
        return;
    int math_fn;
    if (!has_kw && nargs == 1 && type_of(vcallable) == &builtin_function_type &&
        (math_fn = math_jit_unary(V_AS(BuiltinFunctionObject, vcallable)->def->fn)) >= 0 &&
        (v_is_int(concrete_stack(sp, 1)) || v_is_smallfloat(concrete_stack(sp, 1)) ||
         float_check_exact(concrete_stack(sp, 1))) &&
        math_fast_input(math_fn, concrete_stack(sp, 1))) {
        /* math.sqrt(x) and friends on a float: guarded to the inputs that
           neither raise nor need the slow path, so the call cannot fail
           (an input outside them, a nan or a negative square root, is
           recorded as a plain call: a guard failing on the very value
           being recorded would make every bridge from it fail again) */
        guard_const(R, cref, vcallable);
        IRRef x = as_float(R, args[0], concrete_stack(sp, 1)), ok = IR_NONE, r;
        switch (math_fn) {
        case 0: ok = emit2(R, IR_float_ge, x, kfloat(R, 0.0), NULL); break;                   /* sqrt */
        case 1: case 2: case 6:                                                                   /* sin cos tan */
            ok = emit2(R, IR_float_le, emit1(R, IR_float_abs, x, NULL), kfloat(R, DBL_MAX), NULL);
            break;
        case 3: ok = emit2(R, IR_float_lt, x, kfloat(R, 709.0), NULL); break;                 /* exp */
        case 4: ok = emit2(R, IR_float_gt, x, kfloat(R, 0.0), NULL); break;                   /* log */
        default: break;                                                                           /* fabs atan */
        }
        if (ok != IR_NONE) guard1(R, IR_guard_true, ok);
        if (math_fn == 0) {
            r = emit1(R, IR_float_sqrt, x, NULL);
        } else {
            IRRef a[2] = {x, kint(R, math_fn)};
            r = call_helper(R, JH_math1, 2, a);
        }
        for (int i = 0; i < pop_count; i++) pop(R);
        push(R, r, SK_FLOAT);
        return;
    }
    if (!has_kw && record_list_stack_method(R, cref, vcallable, args, vargs, nargs, method, pop_count)) return;
    if (!has_kw && type_of(vcallable) == &method_descr_type && nargs == 2 && method &&
        V_AS(MethodDescrObject, vcallable)->owner == &set_type &&
        type_of(concrete_stack(sp, total + 1)) == &set_type &&
        (strcmp(V_AS(MethodDescrObject, vcallable)->def->name, "add") == 0 ||
         strcmp(V_AS(MethodDescrObject, vcallable)->def->name, "discard") == 0)) {
        /* s.add(x), s.discard(x) of an exact set: set_add or set_discard
           itself, not the method through the generic C-method call */
        bool add = V_AS(MethodDescrObject, vcallable)->def->name[0] == 'a';
        guard_const(R, cref, vcallable);
        IRRef s = as_ref(R, args[0]);
        guard_type(R, s, &set_type);
        IRRef a[2] = {s, as_ref(R, args[1])};
        call_int(R, add ? JH_set_add : JH_set_discard, 2, a);
        for (int i = 0; i < pop_count; i++) pop(R);
        push(R, kref(R, V_NONE), SK_VALUE);
        return;
    }
    if (!has_kw && type_of(vcallable) == &method_descr_type && nargs == 2 &&
        V_AS(MethodDescrObject, vcallable)->def->name[0] == 'a' &&
        strcmp(V_AS(MethodDescrObject, vcallable)->def->name, "append") == 0 &&
        V_AS(MethodDescrObject, vcallable)->owner == &list_type && method &&
        list_check_exact(concrete_stack(sp, total + 1))) {
        /* list.append(x) */
        guard_const(R, cref, vcallable);
        IRRef l = as_ref(R, args[0]);
        guard_type(R, l, &list_type);
        IRRef a[2] = {l, as_ref(R, args[1])};
        call_helper(R, JH_list_append, 2, a);
        guard_no_exc(R);   /* MemoryError */
        for (int i = 0; i < pop_count; i++) pop(R);
        push(R, kref(R, V_NONE), SK_VALUE);
        return;
    }
    if (vcallable == V_FROM_PTR(&super_type) && nargs == 0 && !has_kw && rf->func && rf->code->argcount > 0) {
        /* zero-argument super() reads the caller's first argument and its
           __class__ cell: take both from the shadow frame */
        CodeObject *co = rf->code;
        IRRef obj = IR_NONE, cls = IR_NONE;
        /* a first argument that is also a cell lives in its cell: its own
           slot is empty at run time, even where the recorder only knows
           that slot as a trace input (an entry bridge) */
        for (int i = 0; co->cell2arg && i < co->ncells; i++)
            if (co->cell2arg[i] == 0)
                obj = emit1(R, IR_getfield_gc_r, as_ref(R, rf->slots[co->nlocals + i]), &cell_value_descr->d);
        if (obj == IR_NONE && rf->slots[0].kind != SK_NULL) obj = as_ref(R, rf->slots[0]);
        for (int i = 0; i < co->nfrees; i++)
            if (tuple_get(co->freevars, i) == NAME(__class__))
                cls = emit1(R, IR_getfield_gc_r, as_ref(R, rf->slots[co->nlocals + co->ncells + i]), &cell_value_descr->d);
        if (obj != IR_NONE && cls != IR_NONE && record_super_virtual(R, f, cref, vcallable, cls, obj, pop_count)) return;
        if (obj != IR_NONE && cls != IR_NONE) {
            guard_const(R, cref, vcallable);
            IRRef a[3] = {kref(R, vcallable), cls, obj};
            IRRef r = call_value(R, JH_call2, 3, a);
            R->known_class[r] = &super_type;
            for (int i = 0; i < pop_count; i++) pop(R);
            push(R, r, SK_VALUE);
            return;
        }
    }
    if ((type_of(vcallable) == &builtin_function_type &&
         (V_AS(BuiltinFunctionObject, vcallable)->def->flags & MF_FRAME)) ||
        (type_of(vcallable) == &method_descr_type && (V_AS(MethodDescrObject, vcallable)->def->flags & MF_FRAME)) ||
        vcallable == V_FROM_PTR(&super_type)) {
        /* they read the caller's frame, which an inlined call does not have
           (or, as sys.setprofile and _lsprof's enable, start events that
           compiled code would not send) */
        rec_abort(R, ABORT_FRAME_INTROSPECTION);
        return;
    }
    if (coro_origin_tracking_depth > 0 && function_check(vcallable) &&
        (V_AS(FunctionObject, vcallable)->code->flags & CO_COROUTINE)) {
        /* the coroutine's cr_origin reads the calling frames, which inlined
           calls do not have (sys.set_coroutine_origin_tracking_depth()
           released the traces made before) */
        rec_abort(R, ABORT_FRAME_INTROSPECTION);
        return;
    }
    if (method && !has_kw && nargs == 2 && record_gen_send(R, cref, vcallable, args, vargs, pc)) return;
    /* a residual call */
    store_root_ip(R, pc);
    IRRef r;
    if (function_check(vcallable) && nkw == 0 && nargs <= 4 && (V_AS(FunctionObject, vcallable)->code->flags & CO_SIMPLE_ARGS) &&
        nargs == V_AS(FunctionObject, vcallable)->code->argcount) {
        /* a Python function not inlined (recursion, or it loops): run its
           entry trace directly when it has one */
        IRRef a[7];
        a[0] = ir_const_int(&R->ir, (int64_t)(uintptr_t)jit_helper_fn(JH_call_assembler));
        a[1] = cref;
        a[2] = kint(R, nargs);
        for (int i = 0; i < 4; i++) a[i + 3] = i < nargs ? as_ref(R, args[i]) : kref(R, VNULL);
        r = emit(R, IR_call_assembler_r, 7, a, &jit_helper_descr(JH_call_assembler)->d);
        guard_no_exc(R);
        R->nonnull[r] = 1;
    } else if (record_cmethod_call(R, cref, vcallable, args, vargs, nargs, method, has_kw, &r)) {
        /* r: the direct call */
    } else if (!has_kw && nargs <= 5) {
        IRRef a[6];
        a[0] = cref;
        for (int i = 0; i < nargs; i++) a[i + 1] = as_ref(R, args[i]);
        static const JitHelper calls[6] = {JH_call0, JH_call1, JH_call2, JH_call3, JH_call4, JH_call5};
        r = call_value(R, calls[nargs], nargs + 1, a);
    } else {
        IRRef a[4] = {cref, build_array(R, args, nargs), kint(R, npos), kref(R, kwnames)};
        r = call_value(R, JH_call_kw, 4, a);
    }
    for (int i = 0; i < pop_count; i++) pop(R);
    push(R, r, SK_VALUE);
    /* the interpreter runs a Python callee in frames of this activation:
       those instructions belong to the residual call, not to the trace */
    R->skip_frame = rf->frame;
}

/* Does calling v read the caller's frame (record_call's
 * ABORT_FRAME_INTROSPECTION cases)? */
static bool callable_reads_frame(Value v) {
    Type *t = type_of(v);
    if (t == &builtin_function_type && (V_AS(BuiltinFunctionObject, v)->def->flags & MF_FRAME)) return true;
    if (t == &method_descr_type && (V_AS(MethodDescrObject, v)->def->flags & MF_FRAME)) return true;
    if (v == V_FROM_PTR(&super_type)) return true;
    return coro_origin_tracking_depth > 0 && function_check(v) && (V_AS(FunctionObject, v)->code->flags & CO_COROUTINE);
}

/* CALL_FUNCTION_EX as the residual call_ex(f, exact tuple t, exact dict
 * kd or IR_NONE). */
static void record_call_ex_residual(Recorder *R, IRRef cref, IRRef t, IRRef kd, int pop_count) {
    IRRef a[3] = {cref, t, kd != IR_NONE ? kd : kref(R, VNULL)};
    IRRef r = call_value(R, JH_call_ex, 3, a);
    for (int i = 0; i < pop_count; i++) pop(R);
    push(R, r, SK_VALUE);
    R->skip_frame = top(R)->frame;   /* as record_call's residual calls */
}

/* Keyword arguments of CALL_FUNCTION_EX at most, as a call's kwnames */
#define CALL_EX_MAX_KW 16

/* CALL_FUNCTION_EX: f(*args) and f(*args, **kwargs). Stack, from the
 * bottom: f, the args sequence, with has_kw the kwargs mapping. An exact
 * tuple (or list, copied to one) and an exact dict of str keys calling a Python function that can
 * be inlined are unpacked here: the tuple's size guarded and its items
 * read, the dict's keys guarded to be those now, in order
 * (dict_keys_are), and its values read; then the call is bound and
 * inlined like CALL_FUNCTION_KW. A tuple or dict built in the trace is a
 * virtual whose reads fold (opt_virtualize.c), so the packing and
 * unpacking both go. The interpreter runs the callee one eval_frame down
 * (call_ex -> obj_call_tuple_dict), followed as __init__'s. Other
 * callables get the residual call_ex. */
static void record_call_ex(Recorder *R, Value *sp, int32_t pc, bool has_kw) {
    RecFrame *rf = top(R);
    int off = has_kw ? 1 : 0;
    Value vkw = has_kw ? concrete_stack(sp, 1) : VNULL;
    Value vargs = concrete_stack(sp, off + 1), vcallable = concrete_stack(sp, off + 2);
    bool is_list = list_check_exact(vargs);
    if ((!tuple_check_exact(vargs) && !is_list) || (has_kw && !dict_check_exact(vkw)) || callable_reads_frame(vcallable)) {
        rec_abort(R, ABORT_UNSUPPORTED_OPCODE);   /* the interpreter converts them: left to it */
        return;
    }
    int pop_count = off + 2;
    IRRef cref = as_ref(R, *stack_slot(rf, off + 2));
    IRRef t = as_ref(R, *stack_slot(rf, off + 1));
    IRRef kd = has_kw ? as_ref(R, *stack_slot(rf, 1)) : IR_NONE;
    int64_t npos = is_list ? list_size(vargs) : tuple_size(vargs), nkw = has_kw ? dict_size(vkw) : 0;
    if (is_list) {
        /* f(*a_list): the tuple call_ex would make */
        guard_type(R, t, &list_type);
        t = call_helper(R, JH_list_to_tuple, 1, &t);
        R->nonnull[t] = 1;
        R->known_class[t] = &tuple_type;
    }
    guard_type(R, t, &tuple_type);
    if (has_kw) guard_type(R, kd, &dict_type);
    Value fnv = vcallable;
    bool bound = type_of(vcallable) == &method_type && function_check(V_AS(BoundMethodObject, vcallable)->func);
    if (bound) fnv = V_AS(BoundMethodObject, vcallable)->func;
    bool unpack = function_check(fnv) && can_inline(R, V_AS(FunctionObject, fnv)) && nkw <= CALL_EX_MAX_KW &&
                  npos + nkw + 1 < MAX_CALL_ARGS;
    Value kwnames = VNULL;
    if (unpack && nkw) {
        kwnames = tuple_new(nkw);
        DictObject *d = V_AS(DictObject, vkw);
        int64_t k = 0;
        for (int64_t i = 0; i < d->nentries; i++) {
            Value key = d->entries[i].key;
            if (!key) continue;
            if (!str_check_exact(key)) unpack = false;
            V_AS(TupleObject, kwnames)->items[k++] = key;
        }
    }
    if (!unpack) {
        record_call_ex_residual(R, cref, t, kd, pop_count);
        return;
    }
    IRRef callable = cref;   /* cref becomes a bound method's function */
    SnapSlot args[MAX_CALL_ARGS + 1];
    int nargs = 0;
    if (bound) {
        guard_type(R, cref, &method_type);
        IRRef fref = emit1(R, IR_getfield_gc_r, cref, &boundmethod_func_descr->d);
        IRRef sref = emit1(R, IR_getfield_gc_r, cref, &boundmethod_self_descr->d);
        R->nonnull[fref] = R->nonnull[sref] = 1;
        args[nargs++] = (SnapSlot){sref, SK_VALUE};
        cref = fref;
    }
    guard_const(R, cref, fnv);
    IRRef size = emit1(R, IR_getfield_gc_i, t, &tuple_size_descr->d);
    guard2(R, IR_guard_value, size, kint(R, npos));
    for (int64_t i = 0; i < npos; i++) {
        IRRef item = emit2(R, IR_getarrayitem_gc_r, t, kint(R, i), &tuple_items_descr->d);
        R->nonnull[item] = 1;
        args[nargs++] = (SnapSlot){item, SK_VALUE};
    }
    if (has_kw) {
        IRRef a[2] = {kd, kref(R, kwnames ? kwnames : tuple_empty)};
        IRRef same = call_helper(R, JH_dict_keys_are, 2, a);
        guard1(R, IR_guard_true, same);
        for (int64_t i = 0; i < nkw; i++) {
            IRRef b[2] = {kd, kref(R, tuple_get(kwnames, i))};
            args[nargs++] = (SnapSlot){call_value(R, JH_dict_getitem, 2, b), SK_VALUE};
        }
    }
    FunctionObject *fn = V_AS(FunctionObject, fnv);
    depend_on(R, fnv);   /* fn.__code__ may be reassigned */
    SnapSlot *locals = locals_for(fn->code);
    if (!bind_args(R, fn, args, nargs - (int)nkw, nkw ? kwnames : VNULL, locals)) {
        /* the call raises TypeError: call_ex does */
        record_call_ex_residual(R, callable, t, kd, pop_count);
        return;
    }
    /* call_ex runs the function from C, one eval_frame down */
    for (int i = 0; i < pop_count; i++) pop(R);
    inline_nested_call(R, fn, locals, pc + 1);
}

/* Record one instruction. Returns 0, or 1 when the trace is complete. */
/* ---- indexing ---------------------------------------------------------------------------- */

/* t[idx] of an exact tuple, the index already checked. */
static IRRef load_tuple_item(Recorder *R, IRRef t, IRRef idx) {
    IRRef item = emit2(R, IR_getarrayitem_gc_r, t, idx, &tuple_items_descr->d);
    R->nonnull[item] = 1;
    return item;
}

/* Does the list l hold Values, in every run of the trace? (a constant one
 * that holds them now holds them for good) */
static bool known_value_storage(Recorder *R, IRRef l) {
    if (!ir_is_const(l)) return R->nonnull[l] & NN_VALUE_STORAGE;
    Value v = ir_const(&R->ir, l)->v.r;
    return list_check(v) && !list_has_float_storage(V_AS(ListObject, v));
}

/* Guard which storage the exact list l (vl now) has (list.h: float
 * storage says so by a negative capacity); true for float storage. Every
 * load or store of a list's items in compiled code comes after this guard
 * (or after a guard of size < capacity, which float storage fails). */
static bool guard_list_storage(Recorder *R, IRRef l, Value vl) {
    if (list_has_float_storage(V_AS(ListObject, vl))) {
        /* (a call may convert it: the heap cache forgets the capacity) */
        IRRef cap = emit1(R, IR_getfield_gc_i, l, &list_capacity_descr->d);
        guard1(R, IR_guard_true, emit2(R, IR_int_lt, cap, kint(R, 0), NULL));
        return true;
    }
    /* Value storage is for good (list.h): a fact about the object, as its
       class is, which the optimizer keeps across calls, into the loop and
       into bridges (F_LISTVALS) */
    if (!known_value_storage(R, l)) guard1(R, IR_guard_value_storage, l);
    if (!ir_is_const(l)) R->nonnull[l] |= NN_VALUE_STORAGE;
    return false;
}

/* l[idx] of an exact list (vl now), the index already checked: from float
 * storage the double itself (no unboxing), else the Value. */
static SnapSlot load_list_item(Recorder *R, IRRef l, IRRef idx, Value vl) {
    bool floats = guard_list_storage(R, l, vl);
    IRRef items = emit1(R, IR_getfield_gc_r, l, &list_items_descr->d);
    if (floats) return (SnapSlot){emit2(R, IR_getarrayitem_gc_f, items, idx, &float_items_descr->d), SK_FLOAT};
    IRRef item = emit2(R, IR_getarrayitem_gc_r, items, idx, &values_descr->d);
    R->nonnull[item] = 1;
    return (SnapSlot){item, SK_VALUE};
}

/* The bounds check of seq[k] for a constant k >= 0 (a list or tuple of
 * `n` items now; len: its size ref): guarded once for the next few
 * indexes too (size > min(n, k + 8) - 1), which later constant indexes of
 * the same sequence (one of the last four guarded) reuse until a call,
 * which may resize a list. Stronger
 * than needed for k alone: a shorter sequence later fails it and the
 * interpreter does the indexing. */
static void guard_const_index(Recorder *R, IRRef seq, IRRef len, int64_t k, int64_t n, bool is_list) {
    for (int i = 0; i < 4; i++)
        if (R->sizes[i].ref == seq && k < R->sizes[i].above && (!is_list || R->sizes[i].calls == R->ncalls)) return;
    int64_t above = n < k + 8 ? n : k + 8;   /* > k: the caller checked k < n */
    IRRef lt = emit2(R, IR_int_lt, kint(R, above - 1), len, NULL);
    guard1(R, IR_guard_true, lt);
    int slot = R->nsize_next++ & 3;
    R->sizes[slot].ref = seq;
    R->sizes[slot].above = above;
    R->sizes[slot].calls = R->ncalls;
}

/* 0 <= idx < len for an index that is now i (0 <= i < n). */
static void guard_index(Recorder *R, IRRef seq, IRRef len, IRRef idx, int64_t i, int64_t n, bool is_list) {
    if (ir_is_const(idx)) {
        guard_const_index(R, seq, len, i, n, is_list);
        return;
    }
    IRRef ok = emit2(R, IR_int_ge, idx, kint(R, 0), NULL);
    guard1(R, IR_guard_true, ok);
    IRRef lt = emit2(R, IR_int_lt, idx, len, NULL);
    guard1(R, IR_guard_true, lt);
}

/* s[i], s an exact str and i an int (unboxed): the result's ref.
 * A str that is ASCII now is read inline: ASCII guarded as length ==
 * nbytes (valid UTF-8 has as many bytes as code points only when all are
 * ASCII), the index bounds guarded, the byte loaded, and its shared
 * one-character string read from str_ascii_chars, so nothing is called or
 * allocated. Otherwise, and for an index out of range now (IndexError),
 * the item helper with the index unboxed. */
static IRRef record_str_index(Recorder *R, IRRef s, IRRef idx, Value vs, int64_t i) {
    guard_type(R, s, &str_type);
    int64_t n = str_len(vs);
    IRRef r;
    if (str_is_ascii(vs) && i >= -n && i < n) {
        IRRef len = emit1(R, IR_getfield_gc_i, s, &str_length_descr->d);
        IRRef nbytes = emit1(R, IR_getfield_gc_i, s, &str_nbytes_descr->d);
        guard1(R, IR_guard_true, emit2(R, IR_int_eq, len, nbytes, NULL));
        if (i < 0) {
            guard1(R, IR_guard_true, emit2(R, IR_int_lt, idx, kint(R, 0), NULL));
            idx = emit2(R, IR_int_add, idx, len, NULL);
            guard1(R, IR_guard_true, emit2(R, IR_int_ge, idx, kint(R, 0), NULL));
        } else {
            guard_index(R, s, len, idx, i, n, false);
        }
        IRRef byte = emit2(R, IR_getarrayitem_gc_i, s, idx, &str_bytes_descr->d);
        IRRef table = ir_const_int(&R->ir, (int64_t)(uintptr_t)str_ascii_chars);
        r = emit2(R, IR_getarrayitem_gc_r, table, byte, &ascii_chars_descr->d);
        R->nonnull[r] = 1;
        int slot = R->nascii_chars++ & 3;
        R->ascii_chars[slot].str = r;
        R->ascii_chars[slot].byte = byte;
    } else {
        IRRef args[2] = {s, idx};
        r = call_value(R, JH_str_getitem_int, 2, args);
    }
    R->known_class[r] = &str_type;
    return r;
}

/* The byte of a one-character str that record_str_index read inline, or
 * IR_NONE. */
static IRRef ascii_char_byte(Recorder *R, IRRef s) {
    int n = R->nascii_chars < 4 ? R->nascii_chars : 4;
    for (int i = 0; i < n; i++)
        if (R->ascii_chars[i].str == s) return R->ascii_chars[i].byte;
    return IR_NONE;
}

/* ch == k / ch != k (op) and ch in k (op ASCII_CHAR_IN), ch a one-character str
 * read inline (its byte known) and k a constant str, as int operations on
 * the byte: the characters of a tokenizer's tests (`ch == '"'`, `ch in "
 * \t\n"`) then call nothing. k holds at most 8 ASCII characters for `in`
 * (its other characters cannot match an ASCII byte). IR_NONE when it does
 * not apply. */
static IRRef record_ascii_char_test(Recorder *R, IRRef ch, IRRef k, Value vk, int op) {
    IRRef byte = ascii_char_byte(R, ch);
    if (byte == IR_NONE || !ir_is_const(k) || !is_const_ref(R, k, vk) || !str_check_exact(vk)) return IR_NONE;
    const unsigned char *d = (const unsigned char *)str_data(vk);
    int64_t n = str_nbytes(vk);
    if (op == CMP_EQ || op == CMP_NE) {
        /* a str of another length is never equal: the test is constant */
        IRRef eq = str_len(vk) == 1 && d[0] < 128 ? emit2(R, IR_int_eq, byte, kint(R, d[0]), NULL) : kint(R, 0);
        return op == CMP_EQ ? eq : emit1(R, IR_int_is_zero, eq, NULL);
    }
    unsigned char seen[8];
    int nseen = 0;
    for (int64_t i = 0; i < n; i++) {
        if (d[i] >= 128 || memchr(seen, d[i], (size_t)nseen)) continue;
        if (nseen == 8) return IR_NONE;
        seen[nseen++] = d[i];
    }
    IRRef r = kint(R, 0);
    for (int i = 0; i < nseen; i++) {
        IRRef eq = emit2(R, IR_int_eq, byte, kint(R, seen[i]), NULL);
        r = i ? emit2(R, IR_int_or, r, eq, NULL) : eq;
    }
    return r;
}

/* a + b where b is a step-1 slice t[i:j] this trace made with
 * str_getslice_ints (record_str_slice_read): one str_concat_slice(a, t, i, j)
 * copies the characters from t, and the slice, read by nothing else in the
 * common case (`s += t[i:]`), is dropped by opt_dce (the helper is fresh);
 * a guard whose snapshot still holds it keeps it. Strings do not change, so
 * nothing between the two calls matters. IR_NONE, nothing emitted, else. */
static IRRef record_str_concat_slice(Recorder *R, IRRef a, IRRef b) {
    if (ir_is_const(b) || b < 0 || b >= R->ir.nops) return IR_NONE;
    const IROp *op = &R->ir.ops[b];
    /* call_r(fn, t, start, stop, step): five arguments, in xargs */
    if (op->opcode != IR_call_r || op->descr != &jit_helper_descr(JH_str_getslice_ints)->d || op->nargs != 5) return IR_NONE;
    IRRef step = op->xargs[4];
    if (!ir_is_const(step) || ir_const(&R->ir, step)->v.i != 1) return IR_NONE;
    IRRef args[4] = {a, op->xargs[1], op->xargs[2], op->xargs[3]};
    /* The guard_no_exception after the call resumes with the MemoryError
       raised at this instruction, which unwinds past its operands: their
       slots are never read. The right operand's slot names the sliced
       string instead of the slice, so that this guard does not keep the
       slice alive. */
    *stack_slot(top(R), 1) = (SnapSlot){op->xargs[1], SK_VALUE};
    return call_value(R, JH_str_concat_slice, 4, args);   /* MemoryError */
}

/* The items of a tuple of at most 4 items this trace built at t
 * (OP_BUILD_TUPLE: new_with_vtable, its size, then its items in order,
 * with only the boxing of items between): their count, or -1 for any
 * other tuple. */
static int built_tuple_items(Recorder *R, IRRef t, IRRef items[4]) {
    if (ir_is_const(t) || t < 0 || t + 1 >= R->ir.nops || R->ir.ops[t].opcode != IR_new_with_vtable ||
        !R->ir.ops[t].descr || R->ir.ops[t].descr->kind != DESCR_SIZE || ((SizeDescr *)R->ir.ops[t].descr)->type != &tuple_type)
        return -1;
    const IROp *size = &R->ir.ops[t + 1];
    if (size->opcode != IR_setfield_gc || ir_arg(size, 0) != t || !ir_is_const(ir_arg(size, 1))) return -1;
    int64_t n = ir_const(&R->ir, ir_arg(size, 1))->v.i, found = 0;
    if (n < 0 || n > 4) return -1;
    for (IRRef k = t + 2; k < R->ir.nops && found < n; k++) {
        const IROp *op = &R->ir.ops[k];
        if (op->opcode == IR_box_int || op->opcode == IR_box_float || op->opcode == IR_bool_from_int) continue;
        if (op->opcode != IR_setarrayitem_gc || ir_arg(op, 0) != t || !ir_is_const(ir_arg(op, 1)) ||
            ir_const(&R->ir, ir_arg(op, 1))->v.i != found)
            return -1;
        items[found++] = ir_arg(op, 2);
    }
    return found == n ? (int)n : -1;
}

/* fmt % t, fmt an exact str and t an exact tuple (guarded): str.__mod__
 * is what Python calls (a tuple has no __rmod__), so str_mod directly,
 * without the operator's dispatch. When t is a tuple of at most 4 items
 * this trace built, str_mod_items takes the items, and the tuple, left
 * to snapshots, stays virtual (never allocated). */
static IRRef record_str_mod(Recorder *R, IRRef fmt, IRRef t) {
    guard_type(R, fmt, &str_type);
    guard_type(R, t, &tuple_type);
    IRRef args[6] = {fmt, IR_NONE, kref(R, VNULL), kref(R, VNULL), kref(R, VNULL), kref(R, VNULL)};
    int n = built_tuple_items(R, t, args + 2);
    IRRef r;
    if (n >= 0) {
        args[1] = kint(R, n);
        r = call_value(R, JH_str_mod_items, 6, args);
    } else {
        IRRef a2[2] = {fmt, t};
        r = call_value(R, JH_str_mod, 2, a2);
    }
    R->known_class[r] = &str_type;
    return r;
}

/* ---- list slices with int bounds ------------------------------------------------------ */

/* Can the parts of a slice (recorded refs, the values they have now) go to
 * the list helpers unboxed? Each of start and stop is None as a constant or
 * a small int; the step is None or a constant nonzero small int, or (dest)
 * None or 1 only. Then neither helper can raise. */
static bool slice_ints_ok(Recorder *R, const IRRef *parts, Value vslice, bool dest) {
    SliceObject *s = V_AS(SliceObject, vslice);
    Value v[3] = {s->start, s->stop, s->step};
    for (int i = 0; i < 2; i++)
        if (v[i] == V_NONE ? !is_const_ref(R, parts[i], V_NONE) : !v_is_int(v[i])) return false;
    if (is_const_ref(R, parts[2], V_NONE)) return true;
    if (!ir_is_const(parts[2]) || !v_is_int(v[2])) return false;
    return dest ? v_intval(v[2]) == 1 : v_intval(v[2]) != 0;
}

/* The unboxed bounds of a slice slice_ints_ok accepted (the ints guarded). */
static void slice_ints(Recorder *R, const IRRef *parts, IRRef *out) {
    for (int i = 0; i < 3; i++)
        out[i] = is_const_ref(R, parts[i], V_NONE) ? kint(R, i == 2 ? 1 : LIST_SLICE_NONE)
                                                   : as_int(R, (SnapSlot){parts[i], SK_VALUE});
}

/* s[a:b:c] of an exact str (guarded) with int bounds: str_getslice_ints,
 * no boxing of the bounds and no slice object (the BUILD_SLICE stays
 * virtual). IR_NONE, with nothing emitted, for other slices. */
static IRRef record_str_slice_read(Recorder *R, IRRef s, Value vslice) {
    if (!slice_ints_ok(R, R->slice_parts, vslice, false)) return IR_NONE;
    IRRef a[4] = {s};
    slice_ints(R, R->slice_parts, a + 1);
    IRRef r = call_helper(R, JH_str_getslice_ints, 4, a);
    R->nonnull[r] = 1;
    R->known_class[r] = &str_type;
    return r;
}

/* l[a:b:c] of an exact list (guarded) with int bounds: list_getslice_ints,
 * which cannot raise, remembered for record_list_slice_copy. IR_NONE, with
 * nothing emitted, for other slices. */
static IRRef record_list_slice_read(Recorder *R, IRRef l, Value vslice) {
    if (!slice_ints_ok(R, R->slice_parts, vslice, false)) return IR_NONE;
    IRRef a[4] = {l};
    slice_ints(R, R->slice_parts, a + 1);
    IRRef r = call_helper(R, JH_list_getslice_ints, 4, a);
    R->nonnull[r] = 1;
    R->known_class[r] = &list_type;
    R->slice_read.result = r;
    R->slice_read.list = l;
    memcpy(R->slice_read.bounds, a + 1, sizeof R->slice_read.bounds);
    R->slice_read.end = R->ir.nops;
    return r;
}

/* d[a:b] = v where v is the list record_list_slice_read made from s[c:e:f],
 * f 1 or -1, and nothing since can have changed s: one
 * list_assign_slice_ints(_rev) copies the items from s straight into d. The list v is then read by nothing in
 * the common case (fannkuch's `perm[:k + 1] = perm[k::-1]`), and opt_dce
 * drops its allocation; if a guard still needs it, it stays and is merely
 * not read here. "Nothing changed s": since that call the trace has only
 * pure ops, loads, guards and stores into objects it allocated itself
 * after it (the virtual slices of BUILD_SLICE). */
static bool record_list_slice_copy(Recorder *R, IRRef d, Value vslice, IRRef v) {
    if (v != R->slice_read.result || v == IR_NONE || !slice_ints_ok(R, R->slice_parts, vslice, true)) return false;
    /* the source's step: a constant, 1 or -1 only (one helper each) */
    IRRef sstep = R->slice_read.bounds[2];
    int64_t step = ir_is_const(sstep) ? ir_const(&R->ir, sstep)->v.i : 0;
    if (step != 1 && step != -1) return false;
    for (int32_t i = R->slice_read.end; i < R->ir.nops; i++) {
        const IROp *op = &R->ir.ops[i];
        int f = irop_info[op->opcode].flags;
        if (f & IRF_PURE) continue;
        if (f & IRF_CALL) return false;
        if (f & IRF_STORE) {
            IRRef target = ir_arg(op, 0);
            if (ir_is_const(target) || target < R->slice_read.end || R->ir.ops[target].opcode != IR_new_with_vtable)
                return false;
        }
    }
    IRRef a[6] = {d};
    slice_ints(R, R->slice_parts, a + 1);   /* the step (1) is not passed */
    a[3] = R->slice_read.list;
    memcpy(a + 4, R->slice_read.bounds, 2 * sizeof(IRRef));
    call_helper(R, step == 1 ? JH_list_assign_slice_ints : JH_list_assign_slice_ints_rev, 6, a);
    R->slice_read.result = IR_NONE;
    return true;
}

/* ---- iterators ------------------------------------------------------------------------- */

/* The next item of an iterator of a kind traced inline (range, list and
 * tuple iterators): 1 and *out, or 0 when exhausted (guarded either way);
 * -1 for other kinds (nothing emitted). */
static int record_next(Recorder *R, IRRef itr, Value vit, SnapSlot *out) {
    Type *t = type_of(vit);
    if (t == &rangeiter_type) {
        guard_type(R, itr, &rangeiter_type);
        IRRef rem = emit1(R, IR_getfield_gc_i, itr, &rangeiter_remaining_descr->d);
        IRRef more = emit2(R, IR_int_gt, rem, kint(R, 0), NULL);
        bool has = V_AS(RangeIterObject, vit)->remaining > 0;
        guard1(R, has ? IR_guard_true : IR_guard_false, more);
        if (!has) return 0;
        IRRef next = emit1(R, IR_getfield_gc_i, itr, &rangeiter_next_descr->d);
        IRRef step = emit1(R, IR_getfield_gc_i, itr, &rangeiter_step_descr->d);
        IRRef nn = emit2(R, IR_int_add, next, step, NULL);
        emit2(R, IR_setfield_gc, itr, nn, &rangeiter_next_descr->d);
        IRRef nrem = emit2(R, IR_int_sub, rem, kint(R, 1), NULL);
        emit2(R, IR_setfield_gc, itr, nrem, &rangeiter_remaining_descr->d);
        *out = (SnapSlot){next, SK_INT};
        return 1;
    }
    if (t == &listiter_type || t == &tupleiter_type) {
        bool is_list = t == &listiter_type;
        FieldDescr *seqd = is_list ? listiter_list_descr : seqiter_seq_descr;
        FieldDescr *idxd = is_list ? listiter_index_descr : seqiter_index_descr;
        Value vseq = is_list ? V_AS(ListIterObject, vit)->list : V_AS(SeqIterObject, vit)->seq;
        int64_t vidx = is_list ? V_AS(ListIterObject, vit)->index : V_AS(SeqIterObject, vit)->index;
        if (!is_list && vseq && !tuple_check_exact(vseq)) return -1;   /* a subclass's items: the call */
        guard_type(R, itr, t);
        IRRef l = emit1(R, IR_getfield_gc_r, itr, &seqd->d);
        if (!vseq) {
            guard1(R, IR_guard_isnull, l);
            return 0;
        }
        guard1(R, IR_guard_nonnull, l);
        if (!is_list) guard_type(R, l, &tuple_type);
        IRRef idx = emit1(R, IR_getfield_gc_i, itr, &idxd->d);
        IRRef len = emit1(R, IR_getfield_gc_i, l, is_list ? &list_size_descr->d : &tuple_size_descr->d);
        IRRef more = emit2(R, IR_int_lt, idx, len, NULL);
        bool has = vidx < (is_list ? list_size(vseq) : tuple_size(vseq));
        guard1(R, has ? IR_guard_true : IR_guard_false, more);
        if (!has) {
            emit2(R, IR_setfield_gc, itr, kref(R, VNULL), &seqd->d);
            return 0;
        }
        *out = is_list ? load_list_item(R, l, idx, vseq) : (SnapSlot){load_tuple_item(R, l, idx), SK_VALUE};
        emit2(R, IR_setfield_gc, itr, emit2(R, IR_int_add, idx, kint(R, 1), NULL), &idxd->d);
        return 1;
    }
    return -1;
}

/* iter() of an exact list or tuple: the iterator as a virtual. */
static IRRef record_seq_iter(Recorder *R, IRRef seq, Value vseq) {
    bool is_list = list_check_exact(vseq);
    guard_type(R, seq, is_list ? &list_type : &tuple_type);
    Type *it_t = is_list ? &listiter_type : &tupleiter_type;
    SizeDescr *sd = descr_size(it_t, (int32_t)(is_list ? sizeof(ListIterObject) : sizeof(SeqIterObject)), false);
    IRRef it = emit0(R, IR_new_with_vtable, &sd->d);
    emit2(R, IR_setfield_gc, it, seq, is_list ? &listiter_list_descr->d : &seqiter_seq_descr->d);
    R->known_class[it] = it_t;
    R->nonnull[it] = 1;
    return it;
}

/* ---- generators run inline ------------------------------------------------------------
 * FOR_ITER on a suspended generator: the trace runs the generator's body
 * from where it stopped to its next YIELD_VALUE, reading the state from
 * the generator's heap frame and storing what changed back at the yield
 * (PyPy inlines generator resumption the same way). A generator body run
 * inline may resume another generator the same way (a pipeline of
 * generators: `for x in source` in a generator); no other call is
 * inlined into it. A guard failing inside writes the state of every
 * generator of the chain into its heap frame, the inner ones at the
 * FOR_ITER that resumes the next (trace.c, jit_resume). */

static bool record_gen_resume(Recorder *R, IRRef itr, Value vit, int32_t pc, const SnapSlot *sent) {
    GenObject *g = V_AS(GenObject, vit);
    Frame *gf = g->frame;
    if (!gf || g->running || g->yield_from || g->handled || g->jit_resume_mode) return false;
    if (R->exc_handled_shadow) return false;   /* the generator would see tstate.handled (gen.c swaps it) */
    CodeObject *gco = gf->code;
    if (!jit_params.inlining || R->nframes >= REC_MAX_FRAMES - 1 || (gco->jit_flags & CODE_JIT_NO_INLINE))
        return false;
    for (int i = 0; i < R->nframes; i++)
        if (R->frames[i].code == gco) return false;
    int32_t gpc = g->started ? (int32_t)(gf->ip - gco->code) : 0;
    int32_t depth = g->started ? (int32_t)(gf->sp - frame_stack_base(gf)) : 0;
    guard_type(R, itr, &gen_type);
    IRRef a[3] = {itr, kref(R, V_FROM_PTR(gco)), kint(R, (int64_t)gpc * 2 + (g->started ? 1 : 0))};
    IRRef ok = call_helper(R, JH_gen_enter, 3, a);
    guard1(R, IR_guard_true, ok);
    IRRef fr = emit1(R, IR_getfield_gc_r, itr, &gen_frame_descr->d);
    R->nonnull[fr] = 1;
    R->frames[R->nframes].return_pc = pc;   /* a guard inside re-runs this FOR_ITER */
    push_frame(R, NULL, gco, gf->func);
    emit0(R, IR_enter_portal_frame, NULL);   /* a frame of the call depth, as there */
    RecFrame *rf = top(R);
    rf->return_pc = pc;
    rf->generator = true;
    rf->gen_ref = itr;
    rf->gen_frame_ref = fr;
    int32_t n = rf->nlocals + depth;
    rf->gen_initial = snap_slots_new(n);
    rf->gen_initial_n = n;
    for (int32_t k = 0; k < n; k++) {
        IRRef v = emit2(R, IR_getarrayitem_gc_r, fr, kint(R, k), &frame_slots_descr->d);
        rf->gen_initial[k] = (SnapSlot){v, SK_VALUE};
        rf->slots[k] = rf->gen_initial[k];
        if (k >= rf->nlocals) R->nonnull[v] = 1;
    }
    rf->sp = depth;
    if (g->started) {
        if (sent) push(R, sent->ref, sent->kind);   /* g.send(v) */
        else push(R, kref(R, V_NONE), SK_VALUE);    /* what next() sends */
    }
    R->snap_valid = false;
    rf->outer_c_depth = jit.record_c_depth;
    jit.record_nested_code = gco;   /* the interpreter runs the body in a nested eval */
    return true;
}

/* g.send(v) (LOAD_METHOD send, CALL_METHOD 1) on a suspended generator:
 * its body runs inline as for FOR_ITER, with v pushed as the yield's
 * result, and the value of its next yield is send()'s (record_gen_yield
 * pops the method, g and v). A guard failing inside re-runs the
 * CALL_METHOD, whose send() continues the body where the guard failed
 * (gen.c, jit_resume_mode) without sending v again. A body that returns
 * (StopIteration) aborts the recording (ABORT_GENERATOR), as a FOR_ITER's
 * does. Not for a generator not started (send(v) raises TypeError unless
 * v is None), nor from a generator run inline (its calls are residual). */
static bool record_gen_send(Recorder *R, IRRef cref, Value vcallable, const SnapSlot *args, const Value *vargs,
                            int32_t pc) {
    if (type_of(vcallable) != &method_descr_type) return false;
    MethodDescrObject *md = V_AS(MethodDescrObject, vcallable);
    if (md->owner != &gen_type || md->def->fn != gen_send_method || !gen_check(vargs[0]) ||
        !V_AS(GenObject, vargs[0])->started || top(R)->generator || args[0].kind != SK_VALUE)
        return false;
    guard_const(R, cref, vcallable);
    return record_gen_resume(R, as_ref(R, args[0]), vargs[0], pc, &args[1]);
}

static void record_gen_yield(Recorder *R, int32_t pc) {
    RecFrame *rf = top(R);
    SnapSlot v = pop(R);
    int32_t depth = rf->sp;
    for (int32_t k = 0; k < rf->nlocals + depth; k++) {
        SnapSlot s = rf->slots[k];
        if (k < rf->gen_initial_n && s.ref == rf->gen_initial[k].ref && s.kind == rf->gen_initial[k].kind) continue;
        IRRef val = s.kind == SK_NULL ? kref(R, VNULL) : as_ref(R, s);
        emit3(R, IR_setarrayitem_gc, rf->gen_frame_ref, kint(R, k), val, &frame_slots_descr->d);
    }
    IRRef a[3] = {rf->gen_ref, kint(R, pc + 1), kint(R, depth)};
    call_helper(R, JH_gen_suspend, 3, a);
    R->nframes--;
    emit0(R, IR_leave_portal_frame, NULL);
    jit.record_c_depth = rf->outer_c_depth;
    /* g.send(v)'s result replaces the method, g and v; FOR_ITER's item
       goes above the generator */
    if (gen_resumer_depth(top(R)->code->code, rf->return_pc) == 2)
        for (int i = 0; i < 3; i++) pop(R);
    push(R, v.ref, v.kind);
    R->snap_valid = false;
}

/* The end of a generator resume trace (or of a bridge of one) at a
 * YIELD_VALUE or RETURN_VALUE of its root frame: the slots that changed are
 * stored into the generator's frame (every slot in a bridge), the helper
 * (gen_root_yield or gen_root_return) sets the frame's next instruction and
 * stack depth as the instruction leaves them, and the trace finishes with
 * the value. Whoever ran the trace (jit_gen_run, interp.c GEN_RESUME_HOOK)
 * tells a yield from a return by the instruction before the frame's ip. */
static int record_gen_root_end(Recorder *R, int32_t pc, JitHelper helper) {
    RecFrame *rf = top(R);
    SnapSlot v = pop(R);
    IRRef value = as_ref(R, v);
    int32_t depth = rf->sp;
    bool from_entry = R->kind != TRACE_BRIDGE;
    for (int32_t k = 0; k < rf->nlocals + depth; k++) {
        SnapSlot s = rf->slots[k];
        if (from_entry && k < rf->gen_initial_n && s.ref == rf->gen_initial[k].ref && s.kind == rf->gen_initial[k].kind)
            continue;
        IRRef val = s.kind == SK_NULL ? kref(R, VNULL) : as_ref(R, s);
        emit3(R, IR_setarrayitem_gc, R->frame_ref, kint(R, k), val, &frame_slots_descr->d);
    }
    IRRef a[3] = {R->frame_ref, kint(R, pc + 1), kint(R, depth)};
    call_helper(R, helper, 3, a);
    exc_handled_flush(R);   /* the interpreter goes on with tstate.handled in memory */
    emit(R, IR_finish, 1, &value, &jit_done_descr.d);
    return 1;
}

/* YIELD_VALUE in the root frame of a generator resume trace, or of a
 * bridge of one, that leads back to where the tree's resume trace starts
 * (the instruction after this yield, at the same stack depth): when a
 * consumer is filling a batch for this generator (trace.c
 * jit_gen_run_batch, for sum(g), set(g), max(g) ...), the value goes to
 * the batch (helper gen_batch_push) and the trace goes on at the resume
 * point, None pushed as next()'s sent value, by jumping to the resume
 * trace's label: the generator runs as a loop in machine code until the
 * batch is full or the consumer's rule refuses a value. Otherwise the
 * guard on the helper's answer fails and the interpreter yields at this
 * instruction, which a bridge from that guard does compiled (the plain
 * yield: record_gen_root_end). Before, every item left the trace and
 * came back through gen_run_compiled's loop: about 90 instructions an
 * item around the body. Returns 1 when recorded, 0 for the plain yield. */
static int record_gen_batch_yield(Recorder *R, int32_t pc) {
    RecFrame *rf = top(R);
    int32_t next_pc = pc + 1;
    /* a bridge from that very guard (this yield is its first instruction:
       only that guard resumes at a yield) is the plain yield */
    if (R->kind == TRACE_BRIDGE && R->ninstr == 1) return 0;
    TargetDescr *label;
    Trace *into = NULL;
    int32_t nargs;
    if (R->kind != TRACE_BRIDGE && R->start_pc == next_pc) {
        label = (TargetDescr *)R->ir.ops[R->label].descr;   /* this trace's own */
        nargs = R->ir.ops[R->label].nargs;
    } else {
        /* the resume trace compiled at the next resume point: this tree's
           root, or another tree (a generator's first run going on into
           the trace after its yield) */
        Trace *t = rf->code->jitcells ? rf->code->jitcells[next_pc].trace : NULL;
        if (!t || !t->gen_resume || t->kind != TRACE_FUNCTION || t->invalid || !t->target ||
            !same_namespaces(R, t))
            return 0;
        into = t;
        label = t->target;
        nargs = label->nargs;
    }
    /* the state there: this frame's slots, the sent value on top of the
       stack where the yielded one is now */
    if (nargs != rf->nlocals + rf->sp + 1) return 0;
    IRRef a[2] = {R->frame_ref, as_ref(R, *stack_slot(rf, 1))};
    IRRef taken = call_helper(R, JH_gen_batch_push, 2, a);
    guard1(R, IR_guard_true, taken);   /* declined: the yield runs as without a batch */
    pop(R);
    push(R, kref(R, V_NONE), SK_VALUE);
    R->pc = next_pc;   /* (the poll's snapshot resumes there) */
    emit_pending_poll(R);
    if (into) {
        emit_jump_into_loop(R, into, next_pc);
        R->jump_target = into;
    } else {
        emit_jump_to(R, label);
    }
    return 1;
}

/* YIELD_VALUE in the root frame of a generator resume trace (or of a
 * bridge of one). The interpreter returns the value from the frame as its
 * YIELD_VALUE does (interp.c GEN_RESUME_HOOK). */
static int record_gen_root_yield(Recorder *R, int32_t pc) {
    if (record_gen_batch_yield(R, pc)) return 1;
    return record_gen_root_end(R, pc, JH_gen_root_yield);
}

/* RETURN_VALUE in the root frame of a generator resume trace (or of a
 * bridge of one): the generator finishes with the value, as the
 * interpreter's RETURN_VALUE of an entry frame leaves it (gen_run then
 * drops the frame). A short generator expression consumed by set() or
 * sum() used to leave its trace by a guard at its last resumption. */
static int record_gen_root_return(Recorder *R, int32_t pc) {
    return record_gen_root_end(R, pc, JH_gen_root_return);
}

/* ---- exceptions raised and caught in one trace ------------------------------------------ */

/* A `raise` (or a failed dict lookup) whose handler is in a frame of the
 * trace is recorded as control flow: the exception is a virtual
 * (new_with_vtable + setfields, removed by the optimizer unless a snapshot
 * needs it), the frames it leaves are popped like returns, and the handler
 * continues the trace.
 *
 * Invariants:
 *  - the exception object never escapes the trace as a real object made by
 *    the trace: any use other than the handler's own (CHECK_EXC_MATCH,
 *    POP_TOP, STORE_FAST/LOAD_FAST/DELETE_FAST, PUSH_EXC_INFO/POP_EXCEPT,
 *    snapshots) goes through as_ref() and aborts (ABORT_EXCEPTION), as a
 *    jump or a return of it does;
 *  - tstate.handled (sys.exc_info(), __context__) is shadowed: while
 *    exc_handled_shadow, the trace has not stored it, every snapshot carries
 *    it as an extra last slot (SNAP_HANDLED, set by jit_resume), and a call
 *    that may read it stores it first (exc_handled_flush; for a virtual
 *    exception that aborts instead);
 *  - the exception's traceback field holds a recipe (a tuple, see
 *    exc_traceback_recipe) that resume turns into the traceback the
 *    interpreter would have built (resume_fix_tracebacks). */

/* The class of a virtual exception made by this recorder, or NULL. */
static Type *virtual_exc_type(Recorder *R, IRRef r) {
    if (r == IR_NONE || ir_is_const(r) || r >= R->ir.nops || R->ir.ops[r].opcode != IR_new_with_vtable) return NULL;
    Type *t = ((SizeDescr *)R->ir.ops[r].descr)->type;
    return exc_type_check(V_FROM_PTR(t)) ? t : NULL;
}

/* A virtual exception raised in the trace (or rebuilt by a bridge from a
 * snapshot): its traceback field holds a recipe, so it must not escape as
 * an object. One made and not raised yet is an ordinary virtual. */
static bool exc_needs_traceback(Recorder *R, IRRef r) {
    if (!virtual_exc_type(R, r)) return false;
    for (int i = 0; i < R->nexc_fresh; i++)
        if (R->exc_fresh[i] == r) return false;
    return true;
}

/* A class whose instances BaseException's __new__ and __init__ make with
 * nothing but `args` (no StopIteration.value, OSError fields, ...). */
static bool plain_exc_class(Value c) {
    if (!plain_class(c) || !exc_type_check(c)) return false;
    Type *t = V_AS(Type, c);
    if (type_is_subtype(t, &exc_StopIteration) || type_is_subtype(t, &exc_SystemExit) ||
        type_is_subtype(t, &exc_BaseExceptionGroup) || !exc_init_only_sets_args(t))
        return false;
    return type_lookup(t, NAME(__new__)) == type_lookup(&exc_BaseException, NAME(__new__)) &&
           type_lookup(t, NAME(__init__)) == type_lookup(&exc_BaseException, NAME(__init__));
}

/* The virtual instance of plain exception class t with these args. */
static IRRef new_virtual_exc(Recorder *R, Type *t, const SnapSlot *args, int nargs) {
    depend_on_type(R, t);
    SizeDescr *sd = descr_size(t, (int32_t)t->basicsize, false);
    IRRef tuple = build_tuple(R, args, nargs);
    IRRef e = emit0(R, IR_new_with_vtable, &sd->d);
    R->known_class[e] = t;
    R->nonnull[e] = 1;
    if (R->nexc_fresh < (int)(sizeof R->exc_fresh / sizeof R->exc_fresh[0])) R->exc_fresh[R->nexc_fresh++] = e;
    emit2(R, IR_setfield_gc, e, tuple, &raw_field_descr((int32_t)offsetof(ExcObject, args), 'r')->d);
    emit2(R, IR_setfield_gc, e, kref(R, V_FROM_PTR(t->root_map)),
          &raw_field_descr((int32_t)(t->attrs_offset + offsetof(InstanceAttrs, map)), 'r')->d);
    return e;
}

/* Store the shadowed tstate.handled before a call that may read it. */
static void exc_handled_flush(Recorder *R) {
    if (!R->exc_handled_shadow) return;
    SnapSlot s = R->exc_handled;
    if (s.kind != SK_NULL && virtual_exc_type(R, s.ref)) {
        rec_abort(R, ABORT_EXCEPTION);   /* it would escape without its traceback */
        return;
    }
    R->exc_handled_shadow = false;   /* before the call: emit() comes back here */
    R->snap_valid = false;
    IRRef a[1] = {s.kind == SK_NULL ? kref(R, VNULL) : as_ref(R, s)};
    call_helper(R, JH_set_handled, 1, a);
    R->exc_handled_mem_null = s.kind == SK_NULL;
}

/* tstate.handled as a slot (SK_NULL: none). Without a shadow, the value the
 * trace was entered with: only none is supported (guarded once). */
static bool exc_handled_now(Recorder *R, SnapSlot *out) {
    if (R->exc_handled_shadow) {
        *out = R->exc_handled;
        return true;
    }
    if (tstate.handled) return false;   /* a handler around the loop: left to the interpreter */
    if (!R->exc_handled_mem_null) {
        static FieldDescr *handled_descr;
        if (!handled_descr) handled_descr = descr_field(0, 'i', false, "tstate.handled");
        IRRef w = emit1(R, IR_getfield_raw_i, kint(R, (int64_t)(uintptr_t)&tstate.handled), &handled_descr->d);
        guard1(R, IR_guard_false, emit1(R, IR_int_is_true, w, NULL));
        R->exc_handled_mem_null = true;
    }
    *out = (SnapSlot){IR_NONE, SK_NULL};
    return true;
}

static void exc_handled_set(Recorder *R, SnapSlot s) {
    R->snap_valid = false;
    if (s.kind == SK_NULL && R->exc_handled_mem_null) {
        R->exc_handled_shadow = false;   /* memory holds it already */
        return;
    }
    R->exc_handled_shadow = true;
    R->exc_handled = s;
}

/* The handler of an exception raised at pc of the top frame: the frame
 * index, or -1 (it leaves the trace, or unwinds through a frame the
 * interpreter runs one C level down: left to the interpreter). */
static int find_trace_handler(Recorder *R, int32_t pc, const ExcTableEntry **out) {
    for (int i = R->nframes - 1; i >= 0; i--) {
        RecFrame *rf = &R->frames[i];
        int32_t lasti = i == R->nframes - 1 ? pc : R->frames[i + 1].return_pc - 1;
        const ExcTableEntry *h = code_find_handler(rf->code, lasti);
        if (h) {
            *out = h;
            return i;
        }
        if (rf->generator || rf->nested || rf->constructor || rf->class_new || rf->len_result || rf->iter_next ||
            rf->truth_jump)
            return -1;
    }
    return -1;
}

/* The traceback recipe of an exception raised at pc of the top frame and
 * caught in frame h: one (frame index, code, lasti, function) per frame,
 * innermost first; the entries above h are for frames the exception left. */
static Value exc_traceback_recipe(Recorder *R, int32_t pc, int h, int top_frame, Value old) {
    int64_t nold = old ? tuple_size(old) : 0;
    Value *entries = gc_alloc(sizeof(Value) * (size_t)(nold + REC_MAX_FRAMES));
    for (int64_t k = 0; k < nold; k++) entries[k] = tuple_get(old, k);
    int64_t n = nold;
    for (int i = top_frame; i >= h; i--) {
        RecFrame *rf = &R->frames[i];
        int32_t lasti = i == R->nframes - 1 ? pc : R->frames[i + 1].return_pc - 1;
        Value fn = rf->func ? V_FROM_PTR(rf->func) : V_NONE;
        entries[n++] = tuple_pack(4, v_int(i), V_FROM_PTR(rf->code), v_int(lasti), fn);
    }
    return tuple_from_array(entries, n);
}

/* Remember (or update) the recipe of virtual exception e. */
static bool exc_recipe_set(Recorder *R, IRRef e, Value recipe) {
    for (int i = 0; i < R->nexc_raised; i++)
        if (R->exc_raised[i].ref == e) {
            R->exc_raised[i].recipe = recipe;
            return true;
        }
    if (R->nexc_raised == (int)(sizeof R->exc_raised / sizeof R->exc_raised[0])) return false;
    R->exc_raised[R->nexc_raised].ref = e;
    R->exc_raised[R->nexc_raised++].recipe = recipe;
    return true;
}

static Value exc_recipe_of(Recorder *R, IRRef e) {
    for (int i = 0; i < R->nexc_raised; i++)
        if (R->exc_raised[i].ref == e) return R->exc_raised[i].recipe;
    return VNULL;
}

/* Raise virtual exception e (a new one: no context, no traceback) at pc of
 * the top frame: returns false (and records nothing) when the handler is
 * not in the trace. */
static bool record_raise_virtual(Recorder *R, IRRef e, int32_t pc) {
    const ExcTableEntry *h;
    int hi = find_trace_handler(R, pc, &h);
    if (hi < 0) return false;
    /* only a new one: raised again, an exception keeps its traceback and
       context (a bare raise or RERAISE is record_reraise_virtual) */
    int fresh = -1;
    for (int i = 0; i < R->nexc_fresh; i++)
        if (R->exc_fresh[i] == e) fresh = i;
    if (fresh < 0) return false;
    R->exc_fresh[fresh] = R->exc_fresh[--R->nexc_fresh];
    SnapSlot handled;
    if (!exc_handled_now(R, &handled)) return false;
    if (handled.kind == SK_NULL) {
        /* no exception handled here: a generator's caller may handle one
           (exc_handled(), the context then) */
        if (tstate.handled_outer) return false;
        static FieldDescr *outer_descr;
        if (!outer_descr) outer_descr = descr_field(0, 'i', false, "tstate.handled_outer");
        IRRef w = emit1(R, IR_getfield_raw_i, kint(R, (int64_t)(uintptr_t)&tstate.handled_outer), &outer_descr->d);
        guard1(R, IR_guard_false, emit1(R, IR_int_is_true, w, NULL));
    }
    if (handled.kind != SK_NULL)
        /* handled is a ref (maybe a virtual exception: no as_ref) */
        emit2(R, IR_setfield_gc, e, handled.ref, &raw_field_descr((int32_t)offsetof(ExcObject, context), 'r')->d);
    Value recipe = exc_traceback_recipe(R, pc, hi, R->nframes - 1, VNULL);
    if (!exc_recipe_set(R, e, recipe)) return false;
    emit2(R, IR_setfield_gc, e, kref(R, recipe), &raw_field_descr((int32_t)offsetof(ExcObject, traceback), 'r')->d);
    int32_t lasti = hi == R->nframes - 1 ? pc : R->frames[hi + 1].return_pc - 1;
    while (R->nframes - 1 > hi) {
        R->nframes--;
        emit0(R, IR_leave_portal_frame, NULL);
    }
    RecFrame *rf = top(R);
    rf->sp = h->depth;
    if (h->lasti) push(R, kint(R, lasti), SK_INT);
    push(R, e, SK_VALUE);
    R->snap_valid = false;
    R->unwind_expected = true;
    return true;
}

/* RERAISE and a bare `raise` of virtual exception e (raised in this trace
 * already): the unwinding sets no __context__ and adds no traceback entry
 * for the frame it starts in, but one for each caller it reaches (the
 * recipe grows). lasti: the handler's saved instruction (RERAISE's), or
 * IR_NONE for pc; it goes to a handler of the same frame. */
static bool record_reraise_virtual(Recorder *R, SnapSlot e, SnapSlot lasti, int32_t pc) {
    const ExcTableEntry *h;
    if (e.kind != SK_VALUE || !virtual_exc_type(R, e.ref)) return false;
    int hi = find_trace_handler(R, pc, &h);
    Value old = exc_recipe_of(R, e.ref);
    if (hi < 0 || !old) return false;
    int topi = R->nframes - 1;
    if (hi < topi) {
        Value recipe = exc_traceback_recipe(R, pc, hi, topi - 1, old);
        exc_recipe_set(R, e.ref, recipe);
        emit2(R, IR_setfield_gc, e.ref, kref(R, recipe),
              &raw_field_descr((int32_t)offsetof(ExcObject, traceback), 'r')->d);
        lasti = (SnapSlot){kint(R, R->frames[hi + 1].return_pc - 1), SK_INT};
        while (R->nframes - 1 > hi) {
            R->nframes--;
            emit0(R, IR_leave_portal_frame, NULL);
        }
    }
    RecFrame *rf = top(R);
    rf->sp = h->depth;
    if (h->lasti) push(R, lasti.ref != IR_NONE ? lasti.ref : kint(R, pc), lasti.ref != IR_NONE ? lasti.kind : SK_INT);
    push(R, e.ref, SK_VALUE);
    R->snap_valid = false;
    R->unwind_expected = true;
    return true;
}

/* The map of the AttributeError a failed attribute read raises: its name
 * and obj attributes set, in that order (err_attribute_context). Maps are
 * shared along their transitions, so a sample exception gives the one
 * every such exception reaches. */
static Map *attr_error_map(void) {
    static Value sample;
    if (!sample) {
        Value e = exc_new(&exc_AttributeError, NULL, 0);
        if (!e || instance_set_attr(e, NAME(name), V_NONE) < 0 || instance_set_attr(e, NAME(obj), V_NONE) < 0) {
            err_clear();
            return NULL;
        }
        sample = e;
    }
    return instance_attrs(sample, &exc_AttributeError)->map;
}

/* LOAD_ATTR of a name that an instance of a class statement's class (no
 * __getattr__, no __getattribute__) lacks, its map and its class having no
 * such attribute, where a handler in the trace catches: the interpreter's
 * AttributeError ("'C' object has no attribute 'x'", with its name and obj
 * attributes) becomes a virtual raised to that handler, so the miss
 * allocates and unwinds nothing. The map guard covers the instance
 * gaining the attribute; the class gaining it, or __getattr__, invalidates
 * the trace (depend_on_type). */
static bool record_attr_missing_caught(Recorder *R, IRRef obj, Value vobj, Value name, int32_t pc) {
    if (!v_is_ptr(vobj) || !vobj) return false;
    Type *t = V_OBJ(vobj)->type;
    if (!t->attrs_offset || !type_has_flag(t, TF_HEAPTYPE) || type_has_flag(t, TF_HAS_GETATTRIBUTE) ||
        type_has_flag(t, TF_HAS_GETATTR) || type_has_flag(t, TF_TYPE_SUBCLASS))
        return false;
    Map *m = instance_attrs(vobj, t)->map;   /* NULL: no attribute set yet (the class's root map) */
    if (m == &dict_mode_map || (m && map_lookup(m, name) >= 0) || type_lookup(t, name)) return false;
    const ExcTableEntry *h;
    if (find_trace_handler(R, pc, &h) < 0) return false;
    Type *et = &exc_AttributeError;
    Map *em = attr_error_map();
    if (!em) return false;
    /* exceptions keep their attributes in the overflow array (no inline
       slots), allocated for 4 as instance_set_attr allocates it */
    int32_t iname = map_lookup(em, NAME(name)), iobj = map_lookup(em, NAME(obj));
    if (et->inline_slots != 0 || iname < 0 || iobj < 0 || iname >= 4 || iobj >= 4) return false;
    Value msg = str_printf("'%s' object has no attribute '%U'", t->tname, name);
    if (!msg) {
        err_clear();
        return false;
    }
    guard_type(R, obj, t);
    depend_on_type(R, t);
    IRRef mref = emit1(R, IR_getfield_gc_r, obj, &attr_field_descr((int32_t)t->attrs_offset)->d);
    if (m) guard2(R, IR_guard_value, mref, kref(R, V_FROM_PTR(m)));
    else guard1(R, IR_guard_isnull, mref);
    SnapSlot arg = {kref(R, msg), SK_VALUE};
    IRRef e = new_virtual_exc(R, et, &arg, 1);
    IRRef overflow = emit1(R, IR_new_array_clear, kint(R, 4), NULL);
    R->nonnull[overflow] = 1;
    emit3(R, IR_setarrayitem_gc, overflow, kint(R, iname), kref(R, name), &values_descr->d);
    emit3(R, IR_setarrayitem_gc, overflow, kint(R, iobj), obj, &values_descr->d);
    emit2(R, IR_setfield_gc, e, overflow,
          &raw_field_descr((int32_t)(et->attrs_offset + offsetof(InstanceAttrs, overflow)), 'r')->d);
    emit2(R, IR_setfield_gc, e, kref(R, V_FROM_PTR(em)),
          &raw_field_descr((int32_t)(et->attrs_offset + offsetof(InstanceAttrs, map)), 'r')->d);
    SnapSlot o = pop(R);
    if (record_raise_virtual(R, e, pc)) return true;
    push(R, o.ref, o.kind);
    return false;
}

/* The exception that `raise` of stack slot s (concretely v) raises, as a
 * virtual: a new instance of a plain exception class (the class guarded),
 * or s itself when it is a virtual exception already. False for anything
 * else, with nothing emitted. */
static bool virtual_raised_exc(Recorder *R, SnapSlot s, Value v, IRRef *e) {
    if (plain_exc_class(v)) {
        guard_const(R, as_ref(R, s), v);
        *e = new_virtual_exc(R, V_AS(Type, v), NULL, 0);
        return true;
    }
    if (s.kind == SK_VALUE && virtual_exc_type(R, s.ref)) {
        *e = s.ref;
        return true;
    }
    return false;
}

/* RAISE_VARARGS 1 of a plain exception class or of a virtual exception.
 * (false: the caller aborts the trace, so the recorder's stack may be
 * left popped) */
static bool record_raise(Recorder *R, Value *sp, int32_t pc) {
    IRRef e;
    if (!virtual_raised_exc(R, *stack_slot(top(R), 1), concrete_stack(sp, 1), &e)) return false;
    pop(R);
    return record_raise_virtual(R, e, pc);
}

/* RAISE_VARARGS 2, `raise x from y`: x as for RAISE_VARARGS 1, y None, a
 * plain exception class or a virtual exception (its __cause__, with
 * __suppress_context__ set). */
static bool record_raise_from(Recorder *R, Value *sp, int32_t pc) {
    SnapSlot cs = *stack_slot(top(R), 1);
    Value vc = concrete_stack(sp, 1);
    IRRef cause;
    if (vc == V_NONE) {
        guard_const(R, as_ref(R, cs), V_NONE);
        cause = kref(R, VNULL);
    } else if (!virtual_raised_exc(R, cs, vc, &cause)) {
        return false;
    }
    pop(R);
    IRRef e;
    if (!virtual_raised_exc(R, *stack_slot(top(R), 1), concrete_stack(sp, 2), &e)) return false;
    pop(R);
    emit2(R, IR_setfield_gc, e, cause, &raw_field_descr((int32_t)offsetof(ExcObject, cause), 'r')->d);
    /* a bool with padding to the next word (static assert below) */
    emit2(R, IR_setfield_gc, e, kint(R, 1), &raw_field_descr((int32_t)offsetof(ExcObject, suppress_context), 'i')->d);
    return record_raise_virtual(R, e, pc);
}
_Static_assert(offsetof(ExcObject, attrs) >= offsetof(ExcObject, suppress_context) + 8,
               "ExcObject.suppress_context is stored as a word");
_Static_assert(offsetof(ExcObject, suppress_context) % 8 == 0, "ExcObject.suppress_context is word-aligned");

/* d[k] of an exact dict and an exact int or str key where a handler in the
 * trace catches a KeyError: a lookup that may miss (no KeyError built),
 * its outcome guarded, the other outcome the guard's bridge (the guard
 * re-runs the subscript in the interpreter: the lookup changed nothing).
 * Missing now, KeyError(k) is raised as a virtual. */
static bool record_dict_subscr_caught(Recorder *R, IRRef dref, SnapSlot k, Value vk, Value found, int32_t pc) {
    const ExcTableEntry *h;
    if (find_trace_handler(R, pc, &h) < 0 || !plain_exc_class(V_FROM_PTR(&exc_KeyError))) return false;
    guard_type(R, dref, &dict_type);
    if (v_is_int(vk)) as_int(R, k);
    IRRef kr = as_ref(R, k);
    if (!v_is_int(vk)) guard_type(R, kr, &str_type);
    IRRef args[2] = {dref, kr};
    R->effects = false;   /* a lookup: the guards below may replay the subscript */
    IRRef r = call_helper(R, JH_dict_lookup, 2, args);
    guard_no_exc(R);
    R->effects = false;
    guard1(R, found ? IR_guard_nonnull : IR_guard_isnull, r);
    pop(R);
    pop(R);
    if (found) {
        R->nonnull[r] = 1;
        push(R, r, SK_VALUE);
        return true;
    }
    IRRef e = new_virtual_exc(R, &exc_KeyError, &k, 1);
    if (!record_raise_virtual(R, e, pc)) rec_abort(R, ABORT_EXCEPTION);
    return true;
}

/* CHECK_EXC_MATCH: the exception's class is known and the classes are
 * constants, so the match is a constant. */
/* int(s) of an exact str where a handler in the trace catches ValueError
 * (`try: n = int(s)` / `except ValueError:`): a call that gives the int or
 * NULL where int() raises ValueError, and a guard on the outcome (the other
 * outcome is the guard's bridge, which re-runs the call in the
 * interpreter). Rejected, the ValueError is a virtual raised to the
 * handler; its message is a pure call the optimizer drops unless something
 * reads it (the handler's `as e`, a guard failing while it is live), so a
 * rejection that nobody inspects formats nothing and allocates nothing. */
static bool record_int_of_str_caught(Recorder *R, IRRef cref, SnapSlot arg, Value vs, int pop_count, int32_t pc) {
    const ExcTableEntry *h;
    if (find_trace_handler(R, pc, &h) < 0 || !plain_exc_class(V_FROM_PTR(&exc_ValueError))) return false;
    Value concrete = jh_int_of_str(vs);   /* no side effect: the interpreter's call gives the same */
    if (!concrete && err_occurred()) {
        err_clear();
        return false;
    }
    guard_const(R, cref, V_FROM_PTR(&int_type));
    IRRef s = as_ref(R, arg);
    guard_type(R, s, &str_type);
    R->effects = false;   /* a conversion: the guards below may replay the call */
    IRRef r = call_helper(R, JH_int_of_str, 1, &s);
    guard_no_exc(R);
    R->effects = false;
    guard1(R, concrete ? IR_guard_nonnull : IR_guard_isnull, r);
    for (int i = 0; i < pop_count; i++) pop(R);
    if (concrete) {
        R->nonnull[r] = 1;
        push(R, r, SK_VALUE);
        return true;
    }
    SnapSlot msg = {call_helper(R, JH_int_of_str_error, 1, &s), SK_VALUE};
    R->nonnull[msg.ref] = 1;
    IRRef e = new_virtual_exc(R, &exc_ValueError, &msg, 1);
    if (!record_raise_virtual(R, e, pc)) rec_abort(R, ABORT_EXCEPTION);
    return true;
}

static bool record_exc_match(Recorder *R, Value *sp) {
    SnapSlot es = *stack_slot(top(R), 2), ts = *stack_slot(top(R), 1);
    Value ve = concrete_stack(sp, 2), vt = concrete_stack(sp, 1);
    if (es.kind != SK_VALUE || !exc_check(ve)) return false;
    Type *et = virtual_exc_type(R, es.ref);
    if (!et) {
        et = type_of(ve);
        guard_type(R, es.ref, et);
    }
    IRRef tr = as_ref(R, ts);
    bool match = false;
    if (tuple_check_exact(vt)) {
        int64_t n = tuple_size(vt);
        guard_type(R, tr, &tuple_type);
        IRRef len = emit1(R, IR_getfield_gc_i, tr, &tuple_size_descr->d);
        guard1(R, IR_guard_true, emit2(R, IR_int_eq, len, kint(R, n), NULL));
        for (int64_t i = 0; i < n; i++) {
            Value c = tuple_get(vt, i);
            if (!exc_type_check(c)) return false;   /* the interpreter raises TypeError */
            guard_const(R, emit2(R, IR_getarrayitem_gc_r, tr, kint(R, i), &tuple_items_descr->d), c);
            match = match || type_is_subtype(et, V_AS(Type, c));
        }
    } else if (exc_type_check(vt)) {
        guard_const(R, tr, vt);
        match = type_is_subtype(et, V_AS(Type, vt));
    } else {
        return false;
    }
    int err;
    if (type_of(ve) != et || match != interp_exc_match(ve, vt, &err)) return false;   /* the recorder lost the exception */
    pop(R);
    push(R, kref(R, v_bool(match)), SK_VALUE);
    return true;
}

/* PUSH_EXC_INFO: (exc -- prev exc), exc becomes tstate.handled. */
static bool record_push_exc_info(Recorder *R) {
    if (top(R)->generator) return false;   /* a generator swaps tstate.handled (gen.c) */
    SnapSlot prev;
    if (!exc_handled_now(R, &prev)) return false;
    SnapSlot e = pop(R);
    if (e.kind != SK_VALUE) return false;
    push(R, prev.kind == SK_NULL ? kref(R, V_NONE) : prev.ref, SK_VALUE);
    push(R, e.ref, SK_VALUE);
    exc_handled_set(R, e);
    return true;
}

/* POP_EXCEPT: (prev --), prev (None: none) becomes tstate.handled again. */
static void record_pop_except(Recorder *R, Value *sp) {
    SnapSlot prev = *stack_slot(top(R), 1);
    /* (a virtual exception is no None: no as_ref, which would abort) */
    IRRef pr = prev.kind == SK_VALUE ? prev.ref : as_ref(R, prev);
    if (virtual_exc_type(R, pr)) {
        /* an outer handler's exception */
    } else if (concrete_stack(sp, 1) == V_NONE) {
        guard_const(R, pr, V_NONE);
        prev = (SnapSlot){IR_NONE, SK_NULL};
    } else if (!ir_is_const(pr)) {
        guard1(R, IR_guard_true, emit2(R, IR_ptr_ne, pr, kref(R, V_NONE), NULL));
    }
    pop(R);
    exc_handled_set(R, prev);
}

bool jit_unwind_recorded(void) {
    Recorder *R = jit.rec;
    if (!R || !R->unwind_expected) return false;
    R->unwind_expected = false;
    return true;
}

/* A bridge from inside a chain of generators run inline starts where the
 * guard failed, in the innermost generator's body: the interpreter gets
 * there through the FOR_ITERs that resume each generator of the chain,
 * from the frame below the first (trace.c, jit_resume). The shadow frame
 * of f, or -1 when f is none of the frames below a generator's. */
static int bridge_gen_frame_index(Recorder *R, Frame *f) {
    for (int j = 0; j + 1 < R->nframes; j++)
        if (R->frames[j].frame == f && R->frames[j + 1].generator) return j;
    return -1;
}

/* Before the bridge's first instruction: f's FOR_ITER resumes the next
 * generator of the chain (not recorded, the recorder's frames already
 * stand past it). */
static bool bridge_gen_step(Recorder *R, Frame *f, uint32_t *ip) {
    return R->kind == TRACE_BRIDGE && R->ninstr == 0 && top(R)->generator &&
           (INSTR_OP(*ip) == OP_FOR_ITER || INSTR_OP(*ip) == OP_CALL_METHOD) && bridge_gen_frame_index(R, f) >= 0;
}

/* An attribute of a frame object (f_lineno, f_locals, f_lasti...): the
 * frames compiled code runs in have a stale ip and stale slots (the live
 * values are in registers) until it leaves them, so `f.f_lineno` read
 * from a trace gave the line where the trace was entered. The recording
 * stops, as for the calls that read the caller's frame. */
static bool reads_running_frame(Recorder *R, Value v) {
    if (!sys_frame_check(v)) return false;
    rec_abort(R, ABORT_FRAME_INTROSPECTION);
    return true;
}

/* The root or an inlined frame jumps back to `target` (JUMP_ABSOLUTE, or a
 * conditional jump taken backward: a comprehension's `if` goes straight to
 * its FOR_ITER, as CPython's POP_JUMP_BACKWARD_IF_FALSE does); sp is the
 * concrete stack as it will be at target. Returns as record_instr: 0 to
 * record on (an inner loop unrolled), 1 when the trace ends, -1 aborted. */
static int record_backward_jump(Recorder *R, int32_t target, Value *sp) {
    RecFrame *rf = top(R);
    CodeObject *co = rf->code;
    if (R->nframes == 1 && gen_resume_tree(R)) {
        /* a generator resume trace goes round its body's loop to the
           next yield, polling as the interpreter's jump would */
        emit_pending_poll(R);
        if (++R->inner_jumps <= INLINE_UNROLL_MAX) return 0;
        /* a loop that goes round without yielding: into its loop trace
           when it has one */
        Trace *t = jit_loop_at(co, target);
        if (t && t->target && t->target->nargs == rf->nlocals + rf->sp + 1 && same_namespaces(R, t)) {
            emit_jump_into_loop(R, t, target);
            R->jump_target = t;
            return 1;
        }
        emit_exit(R, target);
        return 1;
    }
    if (R->nframes == 1) return end_at_header(R, target);
    /* a loop inside an inlined call: one over a tuple, a range or a
       dict's keys (`for i in range(4)`, the `for a in args` / `for k in
       kwargs` of *args and **kwargs functions) is unrolled into the trace, where a virtual tuple's
       loop folds away; any other loop, or a long one, makes that
       function called instead (data-dependent loops unrolled would
       exit their traces at every change of trip count); in a generator
       body run inline, the jump back to the loop around its yield is
       the way to the next yield */
    if ((rf->generator || unrollable_loop(co, target, sp)) && ++R->inner_jumps <= INLINE_UNROLL_MAX) return 0;
    co->jit_flags |= CODE_JIT_NO_INLINE;
    rec_abort(R, ABORT_INLINE_LOOP);
    return -1;
}

static int record_instr(Recorder *R, Frame *f, uint32_t *ip, Value *sp) {
    RecFrame *rf = top(R);
    CodeObject *co = rf->code;
    if (jit.record_nested_code) {
        /* the nested frame the recorder follows has not started */
        if (bridge_gen_step(R, f, ip)) return 0;   /* a bridge inside a generator: this FOR_ITER resumes it */
        rec_abort(R, ABORT_ESCAPE);
        return -1;
    }
    if (R->kind == TRACE_BRIDGE && R->ninstr == 0 && f != rf->frame && bridge_gen_step(R, f, ip)) {
        /* a generator of the chain resumes the next one */
        int j = bridge_gen_frame_index(R, f);
        jit.record_nested_code = R->frames[j + 1].code;
        R->frames[j + 1].outer_c_depth = jit.record_c_depth;
        return 0;
    }
    if (R->skip_frame) {
        if (f != R->skip_frame) return 0;   /* inside a residual call */
        R->skip_frame = NULL;
    }
    if (R->fused_frame) {
        if (f == R->fused_frame && ip - f->code->code < R->fused_end_pc) return 0;
        R->fused_frame = NULL;
    }
    if (rf->frame == NULL) rf->frame = f;   /* an inlined call's frame appears */
    if (rf->frame != f || f->code != co) {
        rec_abort(R, ABORT_ESCAPE);
        return -1;
    }
    int32_t pc = (int32_t)(ip - co->code);
    int32_t depth = (int32_t)(sp - frame_stack_base(f));
    if (R->pending.kind != PEND_NONE) {
        Pending p = R->pending;
        R->pending.kind = PEND_NONE;
        bool taken = pc == p.target;
        if (p.kind == PEND_BRANCH) {
            bool or_pop = p.op == OP_JUMP_IF_FALSE_OR_POP || p.op == OP_JUMP_IF_TRUE_OR_POP;
            bool jump_on_true = p.op == OP_POP_JUMP_IF_TRUE || p.op == OP_JUMP_IF_TRUE_OR_POP;
            bool truth = taken ? jump_on_true : !jump_on_true;
            if (or_pop && taken) push(R, p.value.ref, p.value.kind);   /* the value stays */
            int32_t alt_pc = taken ? p.pc + 1 : p.target;
            Snapshot *s;
            if (!or_pop) s = take_snapshot_alt(R, alt_pc, false, (SnapSlot){IR_NONE, SK_NULL});
            else if (taken) s = take_snapshot_alt(R, alt_pc, true, (SnapSlot){IR_NONE, SK_NULL});
            else s = take_snapshot_alt(R, alt_pc, false, p.value);
            emit_guard_snap(R, truth ? IR_guard_true : IR_guard_false, p.ref, s);
            if (taken && !or_pop && p.target < p.pc && !R->aborted) {
                /* a conditional jump back to a loop header (record_backward_jump) */
                int r = record_backward_jump(R, p.target, sp);
                if (r) return r;
            }
        } else {
            if (!taken) {
                Snapshot *s = take_snapshot_alt(R, p.target, true, (SnapSlot){IR_NONE, SK_NULL});
                emit_guard_snap(R, IR_guard_nonnull, p.ref, s);
                R->nonnull[p.ref] = 1;
                push(R, p.ref, SK_VALUE);
            } else {
                /* exhausted; the other outcome keeps the iterator and pushes the item */
                Snapshot *s = take_snapshot_alt(R, p.pc + 1, false, (SnapSlot){p.ref, SK_VALUE});
                emit_guard_snap(R, IR_guard_isnull, p.ref, s);
                pop(R);
            }
        }
        if (R->aborted) return -1;
    }
    if (depth != rf->sp) {
        rec_abort(R, ABORT_ESCAPE);   /* lost track of the stack: never compile */
        return -1;
    }
    /* a bridge from an exit at a loop header (end_at_header) goes to the
       loop compiled there since; not one from a guard of the loop's header
       instruction, whose loop would fail the same guard again */
    bool from_exit = R->kind == TRACE_BRIDGE && R->ninstr == 0 && R->nframes == 1 &&
                     R->parent->ir.ops[R->from_guard->op_index].opcode == IR_finish;
    /* nor from a guard of a short preamble: at T0 the whole preamble runs */
    bool from_short = R->kind == TRACE_BRIDGE && R->ninstr == 0 && R->nframes == 1 &&
                      (R->from_guard->flags & GUARD_SHORT_PREAMBLE);
    if (from_exit || from_short) {
        Trace *t = jit_loop_at(co, pc);
        if (t && t->target && t->target->nargs == rf->nlocals + rf->sp + 1 && same_namespaces(R, t)) {
            if (from_exit) emit_jump_into_loop(R, t, pc);
            else emit_jump_to(R, t->target);
            R->jump_target = t;
            return 1;
        }
    }
    if (R->unwind_expected) {
        rec_abort(R, ABORT_ESCAPE);   /* the raise recorded as a jump did not happen */
        return -1;
    }
    R->ninstr++;
    R->pc = pc;
    R->effects = false;
    R->snap_valid = false;
    dmp(R, pc);
    if (R->force_check) guard_not_forced(R);
    uint32_t w = *ip;
    int op = INSTR_OP(w);
    int arg = (int)INSTR_ARG(w);
    switch (op) {
    case OP_NOP: break;
    case OP_POP_TOP: pop(R); break;
    case OP_SWAP: {
        SnapSlot t = *stack_slot(rf, 1);
        *stack_slot(rf, 1) = *stack_slot(rf, arg);
        *stack_slot(rf, arg) = t;
        break;
    }
    case OP_COPY: {
        SnapSlot s = *stack_slot(rf, arg);
        push(R, s.ref, s.kind);
        break;
    }
    case OP_LOAD_CONST: {
        Value c = tuple_get(co->consts, arg);
        push(R, kref(R, c), SK_VALUE);
        break;
    }
    case OP_LOAD_FAST: {
        SnapSlot s = rf->slots[arg];
        if (s.kind == SK_NULL || (s.kind == SK_VALUE && !ref_is_nonnull(R, s.ref))) {
            if (!f->localsplus[arg]) {
                rec_abort(R, ABORT_EXCEPTION);
                return -1;
            }
            if (s.kind == SK_NULL) {
                rec_abort(R, ABORT_ESCAPE);
                return -1;
            }
            guard1(R, IR_guard_nonnull, s.ref);
            R->nonnull[s.ref] = 1;
        }
        push(R, s.ref, s.kind);
        break;
    }
    case OP_STORE_FAST: rf->slots[arg] = pop(R); break;
    case OP_LOAD_DEREF: {
        /* cells follow the locals in localsplus */
        IRRef c = as_ref(R, rf->slots[co->nlocals + arg]);
        IRRef v = emit1(R, IR_getfield_gc_r, c, &cell_value_descr->d);
        guard1(R, IR_guard_nonnull, v);
        R->nonnull[v] = 1;
        push(R, v, SK_VALUE);
        break;
    }
    case OP_STORE_DEREF: {
        IRRef c = as_ref(R, rf->slots[co->nlocals + arg]);
        SnapSlot v = *stack_slot(rf, 1);
        IRRef vr = as_ref(R, v);
        emit2(R, IR_setfield_gc, c, vr, &cell_value_descr->d);
        /* cell versions are bumped by cell_set; traces watching this cell
           are invalidated by the interpreter's store, not the trace's */
        pop(R);
        break;
    }
    case OP_LOAD_GLOBAL: {
        /* the global's current value, as a constant the trace depends on;
           globals rebound often (module-level loop variables) are loaded */
        InlineCache *ic = &co->caches[arg];
        Value g = rf->func ? rf->func->globals : f->globals;
        /* namespaces that are not plain dicts are subscripted by the
           interpreter at each lookup (exec with a dict subclass) */
        Value gb = rf->func ? rf->func->builtins : f->builtins;
        if (!gb) gb = tstate.builtins;
        /* and plain dicts (not module namespaces of cells: a function's
           __builtins__ given as a dict) are looked up by the interpreter */
        if (!dict_check_exact(g) || !dict_check_exact(gb) || !V_AS(DictObject, g)->cells ||
            !V_AS(DictObject, gb)->cells) {
            rec_abort(R, ABORT_UNSUPPORTED_OPCODE);
            return -1;
        }
        Value cell = dict_get_cell(g, ic->name, false);
        Value v = VNULL;
        if (cell && V_AS(CellObject, cell)->value && V_AS(CellObject, cell)->version > CELL_REBIND_LIMIT) {
            IRRef val = emit1(R, IR_getfield_gc_r, kref(R, cell), &cell_value_descr->d);
            guard1(R, IR_guard_nonnull, val);
            R->nonnull[val] = 1;
            push(R, val, SK_VALUE);
            break;
        }
        if (cell && V_AS(CellObject, cell)->value) {
            v = V_AS(CellObject, cell)->value;
        } else {
            Value bcell = dict_get_cell(gb, ic->name, false);   /* (the inlined function's own) */
            if (bcell) {
                v = V_AS(CellObject, bcell)->value;
                cell = bcell;
                /* also depend on the module not gaining that name */
                V_AS(DictObject, g)->watched = 1;
                list_append(R->watched, g);
            }
        }
        if (!v) {
            rec_abort(R, ABORT_EXCEPTION);
            return -1;
        }
        V_AS(CellObject, cell)->watched = 1;
        list_append(R->watched, cell);
        guard0(R, IR_guard_not_invalidated);
        push(R, kref(R, v), SK_VALUE);
        break;
    }
    case OP_STORE_GLOBAL: {
        Value g = rf->func ? rf->func->globals : f->globals;
        Value cell = dict_get_cell(g, tuple_get(co->names, arg), false);
        IRRef val = as_ref(R, *stack_slot(rf, 1));
        if (cell && V_AS(CellObject, cell)->value) {
            /* rebinding an existing global: store into its cell, unless some
               compiled code watches the cell (then the interpreter stores) */
            IRRef c = kref(R, cell);
            IRRef watched = emit1(R, IR_getfield_gc_i, c, &cell_watched_descr->d);
            guard1(R, IR_guard_false, watched);
            emit2(R, IR_setfield_gc, c, val, &cell_value_descr->d);
            IRRef ver = emit1(R, IR_getfield_gc_i, c, &cell_version_descr->d);
            IRRef nver = emit2(R, IR_int_add, ver, kint(R, 1), NULL);
            emit2(R, IR_setfield_gc, c, nver, &cell_version_descr->d);
            pop(R);
            break;
        }
        IRRef args[3] = {kref(R, g), kref(R, tuple_get(co->names, arg)), val};
        call_int(R, JH_set_global, 3, args);
        pop(R);
        break;
    }
    case OP_LOAD_ATTR: {
        InlineCache *ic = &co->caches[arg];
        SnapSlot o = *stack_slot(rf, 1);
        Value vo = concrete_stack(sp, 1);
        if (reads_running_frame(R, vo)) return -1;
        IRRef obj = as_ref(R, o);
        IRRef out;
        if (record_instance_attr(R, obj, vo, ic->name, &out)) {
            pop(R);
            push(R, out, SK_VALUE);
            break;
        }
        if (record_module_attr(R, obj, vo, ic->name, &out)) {
            pop(R);
            push(R, out, SK_VALUE);
            break;
        }
        if (record_property_get(R, obj, vo, ic->name, pc)) break;
        if (record_attr_missing_caught(R, obj, vo, ic->name, pc)) break;
        if (record_super_attr(R, obj, vo, ic->name, &out)) {
            pop(R);
            push(R, out, SK_VALUE);
            break;
        }
        if (record_class_attr(R, obj, vo, ic->name, &out) || record_method_attr(R, obj, vo, ic->name, &out)) {
            pop(R);
            push(R, out, SK_VALUE);
            break;
        }
        IRRef args[2] = {obj, kref(R, ic->name)};
        IRRef r = call_value(R, JH_getattr, 2, args);
        pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_STORE_ATTR: {
        InlineCache *ic = &co->caches[arg];
        SnapSlot o = *stack_slot(rf, 1), v = *stack_slot(rf, 2);
        Value vo = concrete_stack(sp, 1);
        IRRef obj = as_ref(R, o);
        IRRef val = as_ref(R, v);
        bool done = false;
        if (v_is_ptr(vo)) {
            Type *t = V_OBJ(vo)->type;
            if (t->attrs_offset && type_has_flag(t, TF_HEAPTYPE) && !type_has_flag(t, TF_HAS_SETATTR)) {
                InstanceAttrs *a = instance_attrs(vo, t);
                Map *m = a->map;
                Value descr = type_lookup(t, ic->name);
                if (m && m != &dict_mode_map && (!descr || !type_of(descr)->descr_set)) {
                    int32_t idx = map_lookup(m, ic->name);
                    guard_type(R, obj, t);
                    depend_on_type(R, t);
                    IRRef mref = emit1(R, IR_getfield_gc_r, obj, &attr_field_descr((int32_t)t->attrs_offset)->d);
                    guard2(R, IR_guard_value, mref, kref(R, V_FROM_PTR(m)));
                    if (idx >= 0 && (uint32_t)idx < t->inline_slots) {
                        emit2(R, IR_setfield_gc, obj, val,
                              &attr_field_descr((int32_t)(t->attrs_offset + offsetof(InstanceAttrs, slots) +
                                                          8u * (uint32_t)idx))->d);
                        done = true;
                    } else if (idx >= 0) {
                        IRRef ov = emit1(R, IR_getfield_gc_r, obj,
                                         &attr_field_descr((int32_t)(t->attrs_offset +
                                                                     offsetof(InstanceAttrs, overflow)))->d);
                        emit3(R, IR_setarrayitem_gc, ov, kint(R, idx - (int32_t)t->inline_slots), val,
                              &values_descr->d);
                        done = true;
                    } else if (m->nattrs < 100) {
                        /* adding a slot: a map transition */
                        Map *nm = map_add(m, ic->name);
                        if ((uint32_t)nm->index < t->inline_slots) {
                            emit2(R, IR_setfield_gc, obj, val,
                                  &attr_field_descr((int32_t)(t->attrs_offset + offsetof(InstanceAttrs, slots) +
                                                              8u * (uint32_t)nm->index))->d);
                            emit2(R, IR_setfield_gc, obj, kref(R, V_FROM_PTR(nm)),
                                  &attr_field_descr((int32_t)t->attrs_offset)->d);
                            done = true;
                        }
                    }
                }
            }
        }
        if (!done) {
            IRRef args[3] = {obj, kref(R, ic->name), val};
            call_int(R, JH_setattr, 3, args);
        }
        pop(R);
        pop(R);
        break;
    }
    case OP_LOAD_METHOD: {
        InlineCache *ic = &co->caches[arg];
        SnapSlot o = *stack_slot(rf, 1);
        Value vo = concrete_stack(sp, 1);
        if (reads_running_frame(R, vo)) return -1;
        IRRef obj = as_ref(R, o);
        Value meth, self;
        bool found = interp_lookup_method(vo, ic->name, &meth, &self);
        if (err_occurred()) {
            rec_abort(R, ABORT_EXCEPTION);
            return -1;
        }
        if (found && meth) {
            guard_method_lookup(R, obj, vo, ic->name);
            pop(R);
            push(R, kref(R, meth), SK_VALUE);
            push(R, obj, SK_VALUE);
            break;
        }
        IRRef out;
        if (record_module_attr(R, obj, vo, ic->name, &out)) {
            pop(R);
            push(R, kref(R, VNULL), SK_VALUE);
            push(R, out, SK_VALUE);
            break;
        }
        /* obj stays on the recorded stack until the guards and the call
           are emitted: their snapshots resume at this LOAD_METHOD, which
           takes obj from the stack */
        if (record_instance_attr(R, obj, vo, ic->name, &out) || record_super_attr(R, obj, vo, ic->name, &out) ||
            record_class_attr(R, obj, vo, ic->name, &out)) {
            pop(R);
            push(R, kref(R, VNULL), SK_VALUE);
            push(R, out, SK_VALUE);
            break;
        }
        IRRef args[2] = {obj, kref(R, ic->name)};
        IRRef r = call_value(R, JH_getattr, 2, args);
        pop(R);
        push(R, kref(R, VNULL), SK_VALUE);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_BINARY_SUBSCR: {
        SnapSlot c = *stack_slot(rf, 2), k = *stack_slot(rf, 1);
        Value vc = concrete_stack(sp, 2), vk = concrete_stack(sp, 1);
        if (v_is_int(vk) && (list_check_exact(vc) || tuple_check_exact(vc))) {
            bool is_list = list_check_exact(vc);
            IRRef cr = as_ref(R, c);
            guard_type(R, cr, is_list ? &list_type : &tuple_type);
            IRRef idx = as_int(R, k);
            IRRef len = emit1(R, IR_getfield_gc_i, cr, is_list ? &list_size_descr->d : &tuple_size_descr->d);
            int64_t i = v_intval(vk), n = is_list ? list_size(vc) : tuple_size(vc);
            if (i < -n || i >= n) {
                /* will raise IndexError */
                IRRef args[2] = {cr, as_ref(R, k)};
                IRRef r = call_value(R, JH_getitem, 2, args);
                pop(R);
                pop(R);
                push(R, r, SK_VALUE);
                break;
            }
            if (i < 0) {
                IRRef neg = emit2(R, IR_int_lt, idx, kint(R, 0), NULL);
                guard1(R, IR_guard_true, neg);
                idx = emit2(R, IR_int_add, idx, len, NULL);
                IRRef ok = emit2(R, IR_int_ge, idx, kint(R, 0), NULL);
                guard1(R, IR_guard_true, ok);
            } else {
                guard_index(R, cr, len, idx, i, n, is_list);
            }
            SnapSlot item = is_list ? load_list_item(R, cr, idx, vc) : (SnapSlot){load_tuple_item(R, cr, idx), SK_VALUE};
            pop(R);
            pop(R);
            push(R, item.ref, item.kind);
            break;
        }
        if (v_is_int(vk) && str_check_exact(vc)) {
            IRRef r = record_str_index(R, as_ref(R, c), as_int(R, k), vc, v_intval(vk));
            pop(R);
            pop(R);
            push(R, r, SK_VALUE);
            break;
        }
        IRRef cr = as_ref(R, c);
        if (dict_check_exact(vc) && (v_is_int(vk) || str_check_exact(vk)) &&
            record_dict_subscr_caught(R, cr, k, vk, dict_get(vc, vk), pc))
            break;
        IRRef kr = as_ref(R, k);
        IRRef r;
        if ((list_check_exact(vc) || str_check_exact(vc)) && kr == R->slice_ref && kr != IR_NONE) {
            bool is_list = list_check_exact(vc);
            guard_type(R, cr, is_list ? &list_type : &str_type);
            r = is_list ? record_list_slice_read(R, cr, vk) : record_str_slice_read(R, cr, vk);
            if (r == IR_NONE) {
                IRRef args[4] = {cr, R->slice_parts[0], R->slice_parts[1], R->slice_parts[2]};
                r = call_value(R, is_list ? JH_list_getslice : JH_str_getslice, 4, args);
                R->known_class[r] = is_list ? &list_type : &str_type;
            }
        } else if (dict_check_exact(vc)) {
            guard_type(R, cr, &dict_type);
            IRRef args[2] = {cr, kr};
            r = call_value(R, JH_dict_getitem, 2, args);
        } else {
            IRRef args[2] = {cr, kr};
            r = call_value(R, JH_getitem, 2, args);
        }
        pop(R);
        pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_STORE_SUBSCR: {
        SnapSlot k = *stack_slot(rf, 1), c = *stack_slot(rf, 2), v = *stack_slot(rf, 3);
        Value vc = concrete_stack(sp, 2), vk = concrete_stack(sp, 1);
        IRRef cr = as_ref(R, c);
        if (v_is_int(vk) && list_check_exact(vc)) {
            int64_t i = v_intval(vk), n = list_size(vc);
            double d;
            /* float storage takes a float it can hold; anything else is
               stored by the call below, which converts the list */
            bool floats = list_has_float_storage(V_AS(ListObject, vc));
            if (i >= 0 && i < n && (!floats || float_storable(concrete_stack(sp, 3), &d))) {
                guard_type(R, cr, &list_type);
                IRRef idx = as_int(R, k);
                IRRef len = emit1(R, IR_getfield_gc_i, cr, &list_size_descr->d);
                guard_index(R, cr, len, idx, i, n, true);
                guard_list_storage(R, cr, vc);
                IRRef items = emit1(R, IR_getfield_gc_r, cr, &list_items_descr->d);
                if (floats) {
                    IRRef x = as_float(R, v, concrete_stack(sp, 3));
                    if (!ir_is_const(x)) guard1(R, IR_guard_float_storable, x);
                    emit3(R, IR_setarrayitem_gc, items, idx, x, &float_items_descr->d);
                } else {
                    emit3(R, IR_setarrayitem_gc, items, idx, as_ref(R, v), &values_descr->d);
                }
                pop(R);
                pop(R);
                pop(R);
                break;
            }
        }
        IRRef args[3] = {cr, as_ref(R, k), as_ref(R, v)};
        if (list_check_exact(vc) && args[1] == R->slice_ref && args[1] != IR_NONE) {
            guard_type(R, cr, &list_type);
            if (!record_list_slice_copy(R, cr, vk, args[2])) {
                IRRef a5[5] = {cr, R->slice_parts[0], R->slice_parts[1], R->slice_parts[2], args[2]};
                call_int(R, JH_list_setslice, 5, a5);
            }
        } else if (dict_check_exact(vc)) {
            guard_type(R, cr, &dict_type);
            /* with an exact int or str key, storing runs no Python code (but
               a colliding key's __eq__) and fails only by MemoryError: it
               does not read tstate.handled (exceptions caught in the trace) */
            bool plain_key = v_is_int(vk) || str_check_exact(vk);
            if (v_is_int(vk)) as_int(R, k);
            else if (plain_key) guard_type(R, args[1], &str_type);
            R->exc_call_safe = plain_key;
            call_int(R, JH_dict_setitem, 3, args);
            R->exc_call_safe = false;
        } else {
            call_int(R, JH_setitem, 3, args);
        }
        pop(R);
        pop(R);
        pop(R);
        break;
    }
    /* the in-place forms keep BINOP_INPLACE: l += x and s |= t mutate l and
       s, and a class's __iadd__ runs, in compiled code as in the interpreter */
#define INPLACE_FLAG (op >= OP_INPLACE_ADD ? BINOP_INPLACE : 0)
    case OP_BINARY_ADD: case OP_INPLACE_ADD: record_binop(R, BINOP_ADD | INPLACE_FLAG, sp); break;
    case OP_BINARY_SUBTRACT: case OP_INPLACE_SUBTRACT: record_binop(R, BINOP_SUB | INPLACE_FLAG, sp); break;
    case OP_BINARY_MULTIPLY: case OP_INPLACE_MULTIPLY: record_binop(R, BINOP_MUL | INPLACE_FLAG, sp); break;
    case OP_BINARY_TRUE_DIVIDE: case OP_INPLACE_TRUE_DIVIDE: record_binop(R, BINOP_TRUEDIV | INPLACE_FLAG, sp); break;
    case OP_BINARY_FLOOR_DIVIDE: case OP_INPLACE_FLOOR_DIVIDE:
        record_binop(R, BINOP_FLOORDIV | INPLACE_FLAG, sp);
        break;
    case OP_BINARY_MODULO: case OP_INPLACE_MODULO: record_binop(R, BINOP_MOD | INPLACE_FLAG, sp); break;
    case OP_BINARY_LSHIFT: case OP_INPLACE_LSHIFT: record_binop(R, BINOP_LSHIFT | INPLACE_FLAG, sp); break;
    case OP_BINARY_RSHIFT: case OP_INPLACE_RSHIFT: record_binop(R, BINOP_RSHIFT | INPLACE_FLAG, sp); break;
    case OP_BINARY_AND: case OP_INPLACE_AND: record_binop(R, BINOP_AND | INPLACE_FLAG, sp); break;
    case OP_BINARY_OR: case OP_INPLACE_OR: record_binop(R, BINOP_OR | INPLACE_FLAG, sp); break;
    case OP_BINARY_XOR: case OP_INPLACE_XOR: record_binop(R, BINOP_XOR | INPLACE_FLAG, sp); break;
#undef INPLACE_FLAG
    case OP_BINARY_POWER: case OP_INPLACE_POWER: case OP_BINARY_MATRIX_MULTIPLY: case OP_INPLACE_MATRIX_MULTIPLY: {
        int bop = (op == OP_BINARY_POWER || op == OP_INPLACE_POWER) ? BINOP_POW : BINOP_MATMUL;
        if (op >= OP_INPLACE_ADD) bop |= BINOP_INPLACE;
        if (bop == BINOP_POW) record_binop(R, bop, sp);
        else if (!record_binop_dunder(R, bop, sp)) generic_binop(R, bop, *stack_slot(rf, 2), *stack_slot(rf, 1));
        break;
    }
    case OP_UNARY_NEGATIVE: {
        SnapSlot a = *stack_slot(rf, 1);
        Value va = concrete_stack(sp, 1);
        if (v_is_int(va) && va != v_int(SMALLINT_MIN)) {
            IRRef r = emit2(R, IR_int_sub_ovf, kint(R, 0), as_int(R, a), NULL);
            guard0(R, IR_guard_no_overflow);
            pop(R);
            push(R, r, SK_INT);
        } else if (float_check_exact(va)) {
            IRRef r = emit1(R, IR_float_neg, as_float(R, a, va), NULL);
            pop(R);
            push(R, r, SK_FLOAT);
        } else if (!record_unop_dunder(R, UNOP_NEG, sp)) {
            IRRef args[2] = {as_ref(R, a), kint(R, UNOP_NEG)};
            IRRef r = call_value(R, JH_unop, 2, args);
            pop(R);
            push(R, r, SK_VALUE);
        }
        break;
    }
    case OP_UNARY_POSITIVE:
    case OP_UNARY_INVERT: {
        SnapSlot a = *stack_slot(rf, 1);
        Value va = concrete_stack(sp, 1);
        if (op == OP_UNARY_INVERT && v_is_int(va)) {
            IRRef r = emit1(R, IR_int_invert, as_int(R, a), NULL);
            pop(R);
            push(R, r, SK_INT);
            break;
        }
        if (record_unop_dunder(R, op == OP_UNARY_POSITIVE ? UNOP_POS : UNOP_INVERT, sp)) break;
        IRRef args[2] = {as_ref(R, a), kint(R, op == OP_UNARY_POSITIVE ? UNOP_POS : UNOP_INVERT)};
        IRRef r = call_value(R, JH_unop, 2, args);
        pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_UNARY_NOT: {
        SnapSlot a = *stack_slot(rf, 1);
        bool truth;
        /* `not x` straight into a conditional jump (`if not t.held`,
           `not a and b`) is a branch on x: its truth becomes a guard there
           anyway, so a bool takes bool_branch's one guard_value */
        int next = pc + 1 < rf->code->ncode ? (int)INSTR_OP(rf->code->code[pc + 1]) : -1;
        bool branches = next == OP_POP_JUMP_IF_FALSE || next == OP_POP_JUMP_IF_TRUE ||
                        next == OP_JUMP_IF_FALSE_OR_POP || next == OP_JUMP_IF_TRUE_OR_POP;
        IRRef t = branches ? bool_branch(R, a, concrete_stack(sp, 1), &truth)
                           : bool_to_branch(R, a, concrete_stack(sp, 1), &truth);
        if (t == IR_NONE) {
            /* generic truth (a list, __bool__, __len__): a call, whose
               result is data here, not a branch to resolve */
            IRRef args[1] = {as_ref(R, a)};
            t = call_int(R, JH_truth, 1, args);
        }
        IRRef r = emit1(R, IR_int_is_zero, t, NULL);
        pop(R);
        push(R, r, SK_BOOL);
        break;
    }
    case OP_COMPARE_OP: record_compare(R, arg, sp); break;
    case OP_IS_OP: {
        SnapSlot a = *stack_slot(rf, 2), b = *stack_slot(rf, 1);
        IRRef r = emit2(R, arg ? IR_ptr_ne : IR_ptr_eq, as_ref(R, a), as_ref(R, b), NULL);
        pop(R);
        pop(R);
        push(R, r, SK_BOOL);
        break;
    }
    case OP_CONTAINS_OP: {
        SnapSlot a = *stack_slot(rf, 2), b = *stack_slot(rf, 1);
        IRRef args[2] = {as_ref(R, a), as_ref(R, b)};
        IRRef r = str_check_exact(concrete_stack(sp, 1))
                      ? record_ascii_char_test(R, args[0], args[1], concrete_stack(sp, 1), ASCII_CHAR_IN)
                      : IR_NONE;
        if (r == IR_NONE && set_check_exact_any(concrete_stack(sp, 1))) {
            /* item in an exact set or frozenset: set_contains itself,
               not the generic test that finds it through the type */
            guard_type(R, args[1], type_of(concrete_stack(sp, 1)));
            IRRef sa[2] = {args[1], args[0]};
            r = call_int(R, JH_set_contains, 2, sa);
        }
        if (r == IR_NONE) r = call_int(R, JH_contains, 2, args);
        if (arg) r = emit1(R, IR_int_is_zero, r, NULL);
        pop(R);
        pop(R);
        push(R, r, SK_BOOL);
        break;
    }
    case OP_JUMP_FORWARD:
        break;
    case OP_JUMP_ABSOLUTE: {
        int r = record_backward_jump(R, arg, sp);
        if (r) return r;
        break;
    }
    case OP_POP_JUMP_IF_FALSE:
    case OP_POP_JUMP_IF_TRUE:
    case OP_JUMP_IF_FALSE_OR_POP:
    case OP_JUMP_IF_TRUE_OR_POP: {
        SnapSlot a = *stack_slot(rf, 1);
        bool truth;
        IRRef t = bool_branch(R, a, concrete_stack(sp, 1), &truth);
        if (t == IR_NONE) {
            if ((op == OP_POP_JUMP_IF_FALSE || op == OP_POP_JUMP_IF_TRUE) &&
                record_truth_dunder(R, a, concrete_stack(sp, 1), pc))
                break;
            IRRef args[1] = {as_ref(R, a)};
            IRRef tr = call_int(R, JH_truth, 1, args);
            R->pending = (Pending){PEND_BRANCH, tr, pc, arg, op, a};
            pop(R);
            break;
        }
        if (!ir_is_const(t)) guard1(R, truth ? IR_guard_true : IR_guard_false, t);
        bool jumps = (op == OP_POP_JUMP_IF_FALSE || op == OP_JUMP_IF_FALSE_OR_POP) ? !truth : truth;
        bool pops = op == OP_POP_JUMP_IF_FALSE || op == OP_POP_JUMP_IF_TRUE;
        if (pops || !jumps) pop(R);
        if (jumps && pops && arg < pc) {
            /* a comprehension's `if` jumps straight back to its FOR_ITER */
            int r = record_backward_jump(R, arg, sp - 1);
            if (r) return r;
        }
        break;
    }
    case OP_GET_ITER: {
        SnapSlot a = *stack_slot(rf, 1);
        /* range(...) recorded as its iterator already (record_call) */
        if (a.kind == SK_VALUE && !ir_is_const(a.ref) && R->known_class[a.ref] == &rangeiter_type &&
            type_of(concrete_stack(sp, 1)) == &range_type)
            break;
        if (list_check_exact(concrete_stack(sp, 1)) || tuple_check_exact(concrete_stack(sp, 1))) {
            IRRef it = record_seq_iter(R, as_ref(R, a), concrete_stack(sp, 1));
            pop(R);
            push(R, it, SK_VALUE);
            break;
        }
        if (record_iter_returns_self(R, a, concrete_stack(sp, 1))) break;
        IRRef args[1] = {as_ref(R, a)};
        IRRef r = call_value(R, JH_iter, 1, args);
        pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_FOR_ITER: {
        SnapSlot it = *stack_slot(rf, 1);
        Value vit = concrete_stack(sp, 1);
        IRRef itr = as_ref(R, it);
        SnapSlot item;
        int k = record_next(R, itr, vit, &item);
        if (k < 0 && type_of(vit) == &enumerate_type && !V_AS(EnumerateObject, vit)->bigindex) {
            /* enumerate over an iterator record_next knows: the pair is a virtual tuple */
            EnumerateObject *e = V_AS(EnumerateObject, vit);
            Value vin = e->it;
            if (type_of(vin) == &rangeiter_type || type_of(vin) == &listiter_type || type_of(vin) == &tupleiter_type) {
                guard_type(R, itr, &enumerate_type);
                IRRef big = emit1(R, IR_getfield_gc_r, itr, &enum_bigindex_descr->d);
                guard1(R, IR_guard_isnull, big);
                IRRef in = emit1(R, IR_getfield_gc_r, itr, &enum_it_descr->d);
                R->nonnull[in] = 1;
                /* every guard before the inner iterator moves: a failing one
                   re-runs this FOR_ITER in the interpreter */
                IRRef idx = emit1(R, IR_getfield_gc_i, itr, &enum_index_descr->d);
                IRRef small = emit2(R, IR_int_lt, idx, kint(R, SMALLINT_MAX), NULL);
                guard1(R, e->index < SMALLINT_MAX ? IR_guard_true : IR_guard_false, small);
                if (e->index >= SMALLINT_MAX) {
                    rec_abort(R, ABORT_UNSUPPORTED_OPCODE);   /* the count turns big: left to the interpreter */
                    return -1;
                }
                SnapSlot x;
                k = record_next(R, in, vin, &x);
                if (k == 1) {
                    emit2(R, IR_setfield_gc, itr, emit2(R, IR_int_add, idx, kint(R, 1), NULL), &enum_index_descr->d);
                    SnapSlot pair[2] = {{idx, SK_INT}, x};
                    item = (SnapSlot){build_tuple(R, pair, 2), SK_VALUE};
                }
            }
        }
        if (k == 1) {
            push(R, item.ref, item.kind);
            break;
        }
        if (k == 0) {
            pop(R);
            break;
        }
        if (gen_check(vit) && record_gen_resume(R, itr, vit, pc, NULL)) break;
        if (gen_check(vit) && gen_resume_tree(R) && V_AS(GenObject, vit)->code == R->frames[0].code) {
            /* a recursive generator (a permutation or tree walk): the
               resume trace enters itself through the residual iternext
               at every level. Worth it where its paths are few
               (bench/nqueens.py's permutations_of: a third fewer
               instructions); where each level branches, bridges that
               cannot close a loop pile up, and the tree has a budget
               (trace.c, GEN_RECURSIVE_MAX_BRIDGES) */
            R->gen_recursive = true;
        }
        if (record_iter_next_dunder(R, itr, vit, pc)) break;
        /* any other iterator: a residual call; whether it produced an item
           is known after the instruction ran */
        IRRef args[1] = {itr};
        IRRef r = call_helper(R, JH_iternext, 1, args);
        guard_no_exc(R);
        R->pending = (Pending){PEND_FOR_ITER, r, pc, arg, op, (SnapSlot){IR_NONE, SK_NULL}};
        break;
    }
    case OP_CALL_FUNCTION: record_call(R, f, sp, pc, false, arg, false); break;
    case OP_CALL_METHOD: record_call(R, f, sp, pc, true, arg, false); break;
    case OP_CALL_FUNCTION_KW: record_call(R, f, sp, pc, false, arg, true); break;
    case OP_CALL_METHOD_KW: record_call(R, f, sp, pc, true, arg, true); break;
    case OP_CALL_FUNCTION_EX: record_call_ex(R, sp, pc, arg & 1); break;
    case OP_RETURN_VALUE: {
        if (rf->generator) {
            rec_abort(R, ABORT_GENERATOR);   /* the generator finishes: rare, left to the interpreter */
            return -1;
        }
        if (R->nframes == 1 && gen_root_tree(R) && R->kind != TRACE_LOOP) return record_gen_root_return(R, pc);
        if (R->nframes == 1) {
            if ((R->kind == TRACE_FUNCTION || (R->kind == TRACE_BRIDGE && R->parent->tree_kind == TRACE_FUNCTION)) &&
                !gen_resume_tree(R)) {
                IRRef v = as_ref(R, *stack_slot(rf, 1));
                exc_handled_flush(R);   /* the interpreter goes on with tstate.handled in memory */
                emit(R, IR_finish, 1, &v, &jit_done_descr.d);
                return 1;
            }
            if (R->kind == TRACE_BRIDGE && !(R->root->code->flags & CO_GENERATOR)) {
                /* a bridge of a loop returns from the loop's frame: the
                   interpreter finishes the return (jit_loop_header's 5) */
                IRRef v = as_ref(R, *stack_slot(rf, 1));
                exc_handled_flush(R);   /* the interpreter goes on with tstate.handled in memory */
                emit(R, IR_finish, 1, &v, &jit_done_descr.d);
                return 1;
            }
            if (R->kind == TRACE_BRIDGE) {
                if (R->ninstr == 1) {
                    /* it would only exit where its guard exits already */
                    R->from_guard->bridge_aborts = UINT16_MAX;
                    rec_abort(R, ABORT_BRIDGE);
                    return -1;
                }
                emit_exit(R, pc);
                return 1;
            }
            rec_abort(R, ABORT_LEFT_LOOP);
            return -1;
        }
        if (rf->len_result) {
            /* len() takes a small int >= 0 as it is: anything else (a
               bool, a big or negative int, no int) fails the guards before
               the return, whose rebuilt frame then gives the value to
               type_len_result (FRAME_RESULT_LEN). Recorded with such a
               value (a valid one: an invalid one raises, which aborts),
               the trace calls type_len_result itself. */
            Value vn = concrete_stack(sp, 1);
            IRRef n;
            int kind = SK_INT;
            if (v_is_int(vn) && v_intval(vn) >= 0) {
                n = as_int(R, *stack_slot(rf, 1));
                guard1(R, IR_guard_true, emit2(R, IR_int_ge, n, kint(R, 0), NULL));
            } else {
                IRRef a[1] = {as_ref(R, *stack_slot(rf, 1))};
                n = call_value(R, JH_len_result, 1, a);
                kind = SK_VALUE;
            }
            bool nested = rf->nested;
            int64_t outer = rf->outer_c_depth;
            pop(R);
            R->nframes--;
            emit0(R, IR_leave_portal_frame, NULL);
            push(R, n, kind);
            if (nested) jit.record_c_depth = outer;
            break;
        }
        if (rf->binop_step >= 0) {
            record_binop_dunder_return(R, sp);
            break;
        }
        if (rf->truth_jump) {
            if (!record_truth_dunder_return(R, sp)) return -1;
            break;
        }
        if (rf->compare_op >= 0) {
            record_compare_dunder_return(R, sp);
            break;
        }
        SnapSlot v = pop(R);
        if (rf->constructor) {
            /* __init__ returns None (else the interpreter raises TypeError
               at the call); the call's value is the instance */
            guard_const(R, as_ref(R, v), V_NONE);
            bool nested = rf->nested;
            IRRef obj = rf->ctor_obj;
            R->nframes--;
            emit0(R, IR_leave_portal_frame, NULL);
            push(R, obj, SK_VALUE);
            if (nested) jit.record_c_depth = rf->outer_c_depth;
            break;
        }
        if (rf->class_new) {
            /* type_call goes on with the object __new__ returned: for one
               of the class's own nothing more (type_plain_new; it has no
               subclass, record_class_new), for any other object the
               registration of its __del__. An instance the trace made of
               the class (record_object_new) is one of its own: no call,
               which would make it escape. */
            IRRef r = as_ref(R, v);
            if (ir_is_const(r) || !rf->new_class || R->known_class[r] != rf->new_class) {
                IRRef a[1] = {r};
                call_helper(R, JH_class_new_tail, 1, a);
            }
        }
        bool nested = rf->nested;
        int64_t outer = rf->outer_c_depth;
        R->nframes--;
        emit0(R, IR_leave_portal_frame, NULL);
        push(R, v.ref, v.kind);
        if (nested) jit.record_c_depth = outer;
        break;
    }
    case OP_YIELD_VALUE: {
        if (R->nframes == 1 && gen_root_tree(R)) {
            if (R->kind == TRACE_LOOP) {
                /* the recorded iteration of a loop in a generator left it
                   at a yield: record another (the yields become bridges) */
                rec_abort(R, ABORT_BAD_LOOP);
                return -1;
            }
            return record_gen_root_yield(R, pc);
        }
        if (!rf->generator) {
            rec_abort(R, ABORT_GENERATOR);
            return -1;
        }
        record_gen_yield(R, pc);
        break;
    }
    case OP_BUILD_TUPLE: {
        int n = arg;
        if (n > 64) {
            rec_abort(R, ABORT_UNSUPPORTED_OPCODE);
            return -1;
        }
        SizeDescr *sd = descr_size(&tuple_type, (int32_t)(sizeof(TupleObject) + 8u * (uint32_t)n), false);
        IRRef t = emit0(R, IR_new_with_vtable, &sd->d);
        emit2(R, IR_setfield_gc, t, kint(R, n), &tuple_size_descr->d);
        for (int i = 0; i < n; i++) {
            IRRef item = as_ref(R, *stack_slot(rf, n - i));
            emit3(R, IR_setarrayitem_gc, t, kint(R, i), item, &tuple_items_descr->d);
        }
        for (int i = 0; i < n; i++) pop(R);
        R->known_class[t] = &tuple_type;
        R->nonnull[t] = 1;
        push(R, t, SK_VALUE);
        break;
    }
    case OP_UNPACK_SEQUENCE: {
        SnapSlot s = *stack_slot(rf, 1);
        Value vs = concrete_stack(sp, 1);
        int n = arg;
        bool is_list = list_check_exact(vs);
        if (!(tuple_check_exact(vs) && tuple_size(vs) == n) && !(is_list && list_size(vs) == n)) {
            rec_abort(R, ABORT_UNSUPPORTED_OPCODE);
            return -1;
        }
        IRRef sr = as_ref(R, s);
        guard_type(R, sr, is_list ? &list_type : &tuple_type);
        IRRef len = emit1(R, IR_getfield_gc_i, sr, is_list ? &list_size_descr->d : &tuple_size_descr->d);
        guard2(R, IR_guard_value, len, kint(R, n));
        SnapSlot *vals = gc_alloc_atomic(sizeof(SnapSlot) * (size_t)(n + 1));
        for (int i = 0; i < n; i++)
            vals[i] = is_list ? load_list_item(R, sr, kint(R, i), vs) : (SnapSlot){load_tuple_item(R, sr, kint(R, i)), SK_VALUE};
        pop(R);
        for (int i = n - 1; i >= 0; i--) push(R, vals[i].ref, vals[i].kind);
        break;
    }
    case OP_BUILD_LIST:
    case OP_BUILD_SET:
    case OP_BUILD_MAP: {
        if (op == OP_BUILD_LIST && record_args_tuple(R, arg)) break;
        if (op == OP_BUILD_LIST && record_display_concat(R, arg, sp)) break;
        int n = op == OP_BUILD_MAP ? 2 * arg : arg;
        SnapSlot items[64] = {{0}};
        if (n > 64) {
            rec_abort(R, ABORT_UNSUPPORTED_OPCODE);
            return -1;
        }
        for (int i = 0; i < n; i++) items[i] = *stack_slot(rf, n - i);
        IRRef a[2] = {build_array(R, items, n), kint(R, arg)};
        IRRef r;
        if (op == OP_BUILD_LIST) {
            r = call_helper(R, JH_build_list, 2, a);
            R->known_class[r] = &list_type;
            /* no items, or one that is never a float: the display holds
               Values (list_from_display), whatever the others are */
            if (n == 0) R->nonnull[r] |= NN_VALUE_STORAGE;
            for (int i = 0; i < n; i++) {
                if (display_item_not_float(R, items[i])) {
                    R->nonnull[r] |= NN_VALUE_STORAGE;
                    break;
                }
            }
        } else {
            r = call_value(R, op == OP_BUILD_SET ? JH_build_set : JH_build_map, 2, a);
            R->known_class[r] = op == OP_BUILD_SET ? (void *)&set_type : (void *)&dict_type;
        }
        R->nonnull[r] |= 1;
        for (int i = 0; i < n; i++) pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_BUILD_SLICE: {
        SnapSlot step = arg == 3 ? *stack_slot(rf, 1) : (SnapSlot){kref(R, V_NONE), SK_VALUE};
        SnapSlot stop = *stack_slot(rf, arg == 3 ? 2 : 1), start = *stack_slot(rf, arg == 3 ? 3 : 2);
        IRRef a[3] = {as_ref(R, start), as_ref(R, stop), as_ref(R, step)};
        /* a virtual: list slicing below passes its parts instead */
        SizeDescr *sd = descr_size(&slice_type, (int32_t)sizeof(SliceObject), false);
        IRRef r = emit0(R, IR_new_with_vtable, &sd->d);
        for (int i = 0; i < 3; i++)
            emit2(R, IR_setfield_gc, r, a[i], &raw_field_descr((int32_t)(offsetof(SliceObject, start) + 8 * (size_t)i), 'r')->d);
        R->known_class[r] = &slice_type;
        R->nonnull[r] = 1;
        R->slice_ref = r;
        memcpy(R->slice_parts, a, sizeof a);
        for (int i = 0; i < arg; i++) pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_MAKE_FUNCTION: {
        /* a closure, lambda or generator expression made on each pass: the
           helper makes it as the interpreter does (globals and builtins are
           the frame's, constants of the trace as for LOAD_GLOBAL); its calls
           in this trace are residual (made_in_trace) */
        Value g = rf->func ? rf->func->globals : f->globals;
        Value gb = rf->func ? rf->func->builtins : f->builtins;
        int nextras = __builtin_popcount((unsigned)arg & 15);
        Value vcode = concrete_stack(sp, 1);
        if ((arg & MKF_ANNOTATIONS) || !dict_check_exact(g) || !code_check(vcode) ||
            !is_const_ref(R, stack_slot(rf, 1)->ref, vcode)) {
            rec_abort(R, ABORT_UNSUPPORTED_OPCODE);
            return -1;
        }
        /* extras[i] (defaults, kwdefaults, closure in that order) lies
           nextras - i below the code object */
        IRRef extras[3] = {kref(R, VNULL), kref(R, VNULL), kref(R, VNULL)};
        int k = 0;
        if (arg & MKF_DEFAULTS) extras[0] = as_ref(R, *stack_slot(rf, nextras + 1 - k++));
        if (arg & MKF_KWDEFAULTS) extras[1] = as_ref(R, *stack_slot(rf, nextras + 1 - k++));
        if (arg & MKF_CLOSURE) extras[2] = as_ref(R, *stack_slot(rf, nextras + 1 - k++));
        IRRef a[6] = {kref(R, vcode), kref(R, g), kref(R, gb), extras[0], extras[1], extras[2]};
        IRRef r = call_helper(R, JH_make_function, 6, a);
        V_AS(CodeObject, vcode)->jit_flags |= CODE_JIT_MADE_IN_TRACE;
        R->nonnull[r] = 1;
        R->known_class[r] = &function_type;
        for (int i = 0; i < nextras + 1; i++) pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_SET_ADD:
    case OP_LIST_EXTEND:
    case OP_SET_UPDATE:
    case OP_DICT_UPDATE: {
        SnapSlot v = *stack_slot(rf, 1);
        SnapSlot c = *stack_slot(rf, arg + 1);
        IRRef a[2] = {as_ref(R, c), as_ref(R, v)};
        JitHelper h = op == OP_SET_ADD ? JH_set_add : op == OP_LIST_EXTEND ? JH_list_extend
                    : op == OP_SET_UPDATE ? JH_set_update : JH_dict_update;
        call_int(R, h, 2, a);
        pop(R);
        break;
    }
    case OP_DICT_MERGE: {
        SnapSlot v = *stack_slot(rf, 1);
        IRRef a[3] = {as_ref(R, *stack_slot(rf, arg + 1)), as_ref(R, v), as_ref(R, *stack_slot(rf, arg + 3))};
        call_int(R, JH_dict_merge, 3, a);
        pop(R);
        break;
    }
    case OP_MAP_ADD: {
        SnapSlot v = *stack_slot(rf, 1), k = *stack_slot(rf, 2);
        IRRef a[3] = {as_ref(R, *stack_slot(rf, arg + 2)), as_ref(R, k), as_ref(R, v)};
        call_int(R, JH_map_add, 3, a);
        pop(R);
        pop(R);
        break;
    }
    case OP_LIST_TO_TUPLE: {
        IRRef a[1] = {as_ref(R, *stack_slot(rf, 1))};
        IRRef r = call_helper(R, JH_list_to_tuple, 1, a);
        R->known_class[r] = &tuple_type;
        R->nonnull[r] = 1;
        pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_DELETE_FAST: {
        SnapSlot l = rf->slots[arg];
        if (l.kind == SK_NULL) {
            rec_abort(R, ABORT_EXCEPTION);
            return -1;
        }
        if (l.kind == SK_VALUE && !ref_is_nonnull(R, l.ref)) guard1(R, IR_guard_nonnull, l.ref);
        rf->slots[arg] = (SnapSlot){IR_NONE, SK_NULL};
        break;
    }
    case OP_DELETE_SUBSCR: {
        IRRef a[2] = {as_ref(R, *stack_slot(rf, 2)), as_ref(R, *stack_slot(rf, 1))};
        call_int(R, JH_delitem, 2, a);
        pop(R);
        pop(R);
        break;
    }
    case OP_LOAD_CLOSURE:
        push(R, rf->slots[co->nlocals + arg].ref, rf->slots[co->nlocals + arg].kind);
        break;
    case OP_LIST_APPEND: {
        SnapSlot v = *stack_slot(rf, 1);
        SnapSlot l = *stack_slot(rf, arg + 1);
        IRRef a[2] = {as_ref(R, l), as_ref(R, v)};
        call_helper(R, JH_list_append, 2, a);
        guard_no_exc(R);   /* MemoryError */
        pop(R);
        break;
    }
    case OP_FORMAT_VALUE: {
        bool have_spec = arg & FVS_HAVE_SPEC;
        SnapSlot spec = have_spec ? *stack_slot(rf, 1) : (SnapSlot){IR_NONE, SK_NULL};
        SnapSlot v = *stack_slot(rf, have_spec ? 2 : 1);
        IRRef r = have_spec ? IR_NONE : record_format_plain(R, v, concrete_stack(sp, 1), arg & 3);
        if (r == IR_NONE) {
            IRRef args[3] = {as_ref(R, v), kint(R, arg & 3), have_spec ? as_ref(R, spec) : kref(R, VNULL)};
            r = call_value(R, JH_format_value, 3, args);
        }
        if (!ir_is_const(r)) R->known_class[r] = &str_type;   /* a constant str stays itself */
        if (have_spec) pop(R);
        pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_BUILD_STRING: {
        int n = arg;
        if (n > BUILD_STRING_MAX_PARTS) {
            rec_abort(R, ABORT_UNSUPPORTED_OPCODE);
            return -1;
        }
        IRRef parts[BUILD_STRING_MAX_PARTS];
        for (int i = 0; i < n; i++) parts[i] = string_part(R, *stack_slot(rf, n - i));
        IRRef r;
        if (n > 4) {
            /* The parts go through a tuple this trace owns, made now and
               named as a constant (kept alive by the trace: keep_ops), that
               no Python code sees: build_string reads it and runs no Python
               code, and no guard separates the stores from the call, so no
               other use of it can come between; a new array per f-string
               would be garbage as large as the result. */
            IRRef arr = kref(R, tuple_new(n));
            for (int i = 0; i < n; i++) emit3(R, IR_setarrayitem_gc, arr, kint(R, i), parts[i], &scratch_items_descr->d);
            IRRef a[2] = {arr, kint(R, n)};
            r = call_helper(R, JH_build_string_n, 2, a);
        } else {
            IRRef args[5];
            args[0] = kint(R, n);
            for (int i = 0; i < 4; i++) args[i + 1] = i < n ? parts[i] : kref(R, VNULL);
            r = call_helper(R, JH_build_string, 5, args);
        }
        R->known_class[r] = &str_type;
        R->nonnull[r] = 1;
        for (int i = 0; i < n; i++) pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_MATCH_SEQUENCE: case OP_MATCH_MAPPING: {
        /* a type test: guard the subject's type, the answer is a constant */
        SnapSlot o = *stack_slot(rf, 1);
        Value vo = concrete_stack(sp, 1);
        Type *t = type_of(vo);
        if (o.kind == SK_VALUE) {
            IRRef obj = o.ref;
            if (v_is_int(vo)) {
                if (!ir_is_const(obj) && R->known_class[obj] != &int_type) guard1(R, IR_guard_is_int, obj);
            } else if (v_is_smallfloat(vo)) {
                if (!ir_is_const(obj) && R->known_class[obj] != &float_type) guard1(R, IR_guard_is_float, obj);
            } else {
                guard_type(R, obj, t);
            }
            /* a class's flags follow its bases, which may be reassigned */
            if (type_has_flag(t, TF_HEAPTYPE)) depend_on_type(R, t);
        } else if (o.kind != SK_INT && o.kind != SK_FLOAT && o.kind != SK_BOOL) {
            rec_abort(R, ABORT_MATCH_PATTERN);
            return -1;
        }
        bool m = type_has_flag(t, op == OP_MATCH_SEQUENCE ? TF_MATCH_SEQUENCE : TF_MATCH_MAPPING);
        push(R, kint(R, m), SK_BOOL);
        break;
    }
    case OP_GET_LEN: {
        /* the length of an exact list, tuple or dict is a field read;
           anything else calls len() (a __len__ may run) */
        SnapSlot o = *stack_slot(rf, 1);
        if (o.kind != SK_VALUE) {
            rec_abort(R, ABORT_MATCH_PATTERN);
            return -1;
        }
        Type *t = type_of(concrete_stack(sp, 1));
        FieldDescr *size = t == &list_type ? list_size_descr : t == &tuple_type ? tuple_size_descr
                         : t == &dict_type ? dict_used_descr : NULL;
        if (size) {
            guard_type(R, o.ref, t);
            push(R, emit1(R, IR_getfield_gc_i, o.ref, &size->d), SK_INT);
        } else {
            push(R, call_int(R, JH_len, 1, &o.ref), SK_INT);
        }
        break;
    }
    case OP_MATCH_KEYS: {
        /* the lookups go through the mapping's get(): a residual call */
        IRRef args[2] = {as_ref(R, *stack_slot(rf, 2)), as_ref(R, *stack_slot(rf, 1))};
        push(R, call_value(R, JH_match_keys, 2, args), SK_VALUE);
        break;
    }
    case OP_MATCH_CLASS: {
        /* isinstance, __match_args__ and the attribute reads: a residual call */
        IRRef args[4] = {as_ref(R, *stack_slot(rf, 3)), as_ref(R, *stack_slot(rf, 2)),
                         as_ref(R, *stack_slot(rf, 1)), kint(R, arg)};
        IRRef r = call_value(R, JH_match_class, 4, args);
        pop(R);
        pop(R);
        pop(R);
        push(R, r, SK_VALUE);
        break;
    }
    case OP_RAISE_VARARGS: {
        bool ok;
        if (arg == 0) {
            ok = R->exc_handled_shadow && record_reraise_virtual(R, R->exc_handled, (SnapSlot){IR_NONE, SK_NULL}, pc);
        } else if (arg == 2) {
            ok = record_raise_from(R, sp, pc);
        } else {
            ok = record_raise_stop_iteration(R, sp, pc) || record_raise(R, sp, pc);
        }
        if (!ok) {
            rec_abort(R, ABORT_EXCEPTION);
            return -1;
        }
        break;
    }
    case OP_RERAISE: {
        /* (lasti if arg, ..., exc): the handler's saved instruction is
           arg slots below the exception */
        SnapSlot e = *stack_slot(rf, 1);
        SnapSlot lasti = arg ? *stack_slot(rf, arg + 1) : (SnapSlot){IR_NONE, SK_NULL};
        if (arg && !v_is_int(concrete_stack(sp, arg + 1))) lasti = (SnapSlot){IR_NONE, SK_NULL};
        if (!record_reraise_virtual(R, e, lasti, pc)) {
            rec_abort(R, ABORT_EXCEPTION);
            return -1;
        }
        break;
    }
    case OP_PUSH_EXC_INFO:
        if (!record_push_exc_info(R)) {
            rec_abort(R, ABORT_EXCEPTION);
            return -1;
        }
        break;
    case OP_POP_EXCEPT: record_pop_except(R, sp); break;
    case OP_CHECK_EXC_MATCH:
        if (!record_exc_match(R, sp)) {
            rec_abort(R, ABORT_EXCEPTION);
            return -1;
        }
        break;
    case OP_CHECK_EG_MATCH:
    case OP_PREP_RERAISE_STAR:
        /* splitting exception groups calls derive() and user predicates:
         * left to the interpreter */
        rec_abort(R, ABORT_EXCEPT_STAR);
        return -1;
    case OP_GET_AWAITABLE:
    case OP_GET_AITER:
    case OP_GET_ANEXT:
    case OP_END_ASYNC_FOR:
    case OP_BEFORE_ASYNC_WITH:
    case OP_ASYNC_GEN_WRAP:
        /* coroutine protocols call user dunders and suspend through
         * YIELD_FROM: left to the interpreter */
        rec_abort(R, ABORT_COROUTINE);
        return -1;
    default:
        rec_abort(R, ABORT_UNSUPPORTED_OPCODE);
        return -1;
    }
    if (R->aborted) return -1;
    return 0;
}

int recorder_step(Recorder *R, Frame *f, uint32_t *ip, Value *sp) {
    if (R->aborted) return -1;
    int r = record_instr(R, f, ip, sp);
    if (R->aborted) return -1;
    return r;
}
