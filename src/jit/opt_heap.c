/* opt_heap.c: the heap cache and redundant guards (enable_opts name: heap).
 *
 * The cache maps (object, descr[, index]) to the value last read from or
 * written to that field or array item. A read it can answer goes; a write
 * of the value already there goes. A write invalidates the entries of its
 * descr that may alias: same descr, objects not known distinct (distinct:
 * different constants, known different classes, or a fresh allocation and
 * a value that existed before it), and for arrays indexes not known
 * distinct. A call with side effects (any effect but CALL_PURE) forgets
 * every entry except those of `pure` descrs (immutable after
 * construction: tuple items, bound method parts), which survive calls.
 *
 * Guards made redundant by facts (Info.flags/cls: a class, non-null,
 * small int or float proven by an earlier guard or by construction) go; a
 * guard that contradicts them makes the trace invalid. guard_not_invalidated
 * goes while no call that may run Python code happened since the last one;
 * guard_no_exception goes when no call that may raise precedes it.
 * A guard_value on a cached map load is answered by the cache plus the
 * constant that the first guard_value made of the load (opt_rewrite.c).
 */
#include "opt_internal.h"

static bool descr_pure(Descr *d) {
    if (d->kind == DESCR_FIELD) return ((FieldDescr *)d)->pure;
    if (d->kind == DESCR_ARRAY) return ((ArrayDescr *)d)->pure;
    return false;
}

void heap_clear(Opt *O) { O->nheap = 0; }

IRRef heap_lookup(Opt *O, IRRef obj, Descr *d, IRRef idx) {
    obj = opt_val(O, obj);
    idx = opt_val(O, idx);
    for (int32_t i = 0; i < O->nheap; i++) {
        HeapEntry *e = &O->heap[i];
        if (e->descr == d && opt_val(O, e->obj) == obj && opt_val(O, e->idx) == idx) return opt_val(O, e->value);
    }
    return IR_NONE;
}

void heap_set(Opt *O, IRRef obj, Descr *d, IRRef idx, IRRef value) {
    obj = opt_val(O, obj);
    idx = opt_val(O, idx);
    for (int32_t i = 0; i < O->nheap; i++) {
        HeapEntry *e = &O->heap[i];
        if (e->descr == d && opt_val(O, e->obj) == obj && opt_val(O, e->idx) == idx) {
            e->value = value;
            return;
        }
    }
    if (O->nheap == O->capheap) {
        int32_t cap = O->capheap ? O->capheap * 2 : 32;
        HeapEntry *n = gc_alloc_atomic(sizeof(HeapEntry) * (size_t)cap);
        if (O->nheap) memcpy(n, O->heap, sizeof(HeapEntry) * (size_t)O->nheap);
        O->heap = n;
        O->capheap = cap;
    }
    O->heap[O->nheap++] = (HeapEntry){obj, idx, value, d};
}

static bool fresh(Opt *O, IRRef v) { return opt_is_op(v) && O->out->ops[v].opcode == IR_new_with_vtable; }

static bool may_alias(Opt *O, IRRef a, IRRef b) {
    if (a == b) return true;
    if (ir_is_const(a) && ir_is_const(b)) return false;
    /* a fresh object is none of the values that existed before it */
    if (fresh(O, a) && (ir_is_const(b) || (opt_is_op(b) && b < a))) return false;
    if (fresh(O, b) && (ir_is_const(a) || (opt_is_op(a) && a < b))) return false;
    Type *ca = opt_cls(O, a), *cb = opt_cls(O, b);
    return !(ca && cb && ca != cb);
}

static void invalidate_store(Opt *O, IRRef obj, Descr *d, IRRef idx) {
    int32_t n = 0;
    for (int32_t i = 0; i < O->nheap; i++) {
        HeapEntry e = O->heap[i];
        bool kill = false;
        if (e.descr == d) {
            IRRef eo = opt_val(O, e.obj), ei = opt_val(O, e.idx);
            kill = may_alias(O, eo, obj);
            if (kill && idx != IR_NONE && ir_is_const(idx) && ir_is_const(ei) && ei != idx) kill = false;
        }
        if (!kill) O->heap[n++] = e;
    }
    O->nheap = n;
}

static void invalidate_call(Opt *O) {
    int32_t n = 0;
    for (int32_t i = 0; i < O->nheap; i++)
        if (descr_pure(O->heap[i].descr)) O->heap[n++] = O->heap[i];
    O->nheap = n;
}

/* Keep the entries still valid in every iteration of the peeled loop:
 * pure descrs of invariant objects. */
void heap_filter_invariant(Opt *O) {
    int32_t n = 0;
    for (int32_t i = 0; i < O->nheap; i++) {
        HeapEntry e = O->heap[i];
        IRRef vals[3] = {opt_val(O, e.obj), opt_val(O, e.idx), opt_val(O, e.value)};
        bool inv = descr_pure(e.descr);
        for (int k = 0; k < 3 && inv; k++)
            inv = vals[k] == IR_NONE || ir_is_const(vals[k]) || (opt_is_op(vals[k]) && (O->info[vals[k]].flags & F_INV));
        if (inv) O->heap[n++] = e;
    }
    O->nheap = n;
}

static bool drop(IRRef *res) {
    *res = IR_NONE;
    return true;
}

static bool contradiction(Opt *O, IRRef *res) {
    opt_fail(O);
    return drop(res);
}

bool heap_pre(Opt *O, POp *p, IRRef *res) {
    int opc = p->opcode;
    IRRef a = p->nargs > 0 ? opt_val(O, p->args[0]) : IR_NONE, b = p->nargs > 1 ? opt_val(O, p->args[1]) : IR_NONE;
    if (opt_is_virtual(a)) return false;
    switch (opc) {
    case IR_getfield_gc_i:
    case IR_getfield_gc_r:
    case IR_getfield_gc_f: {
        IRRef v = heap_lookup(O, a, p->descr, IR_NONE);
        if (v == IR_NONE) return false;
        *res = v;
        return true;
    }
    case IR_getarrayitem_gc_i:
    case IR_getarrayitem_gc_r:
    case IR_getarrayitem_gc_f: {
        IRRef v = heap_lookup(O, a, p->descr, b);
        if (v == IR_NONE) return false;
        *res = v;
        return true;
    }
    case IR_setfield_gc: {
        IRRef v = heap_lookup(O, a, p->descr, IR_NONE);
        return v != IR_NONE && v == b && drop(res);
    }
    case IR_setarrayitem_gc: {
        IRRef v = heap_lookup(O, a, p->descr, b);
        return v != IR_NONE && v == opt_val(O, p->args[2]) && drop(res);
    }
    case IR_guard_nonnull:
        return (opt_flags(O, a) & F_NONNULL) && drop(res);
    case IR_guard_isnull:
        return (opt_flags(O, a) & F_NONNULL) && contradiction(O, res);
    case IR_guard_class:
    case IR_guard_nonnull_class: {
        Type *c = opt_cls(O, a);
        if (!ir_is_const(b)) return false;
        if (c) return c == V_AS(Type, opt_cr(O, b)) ? drop(res) : contradiction(O, res);
        if (opt_flags(O, a) & F_SMALLINT) return contradiction(O, res);
        return false;
    }
    case IR_guard_is_int: {
        uint8_t f = opt_flags(O, a);
        if (f & F_SMALLINT) return drop(res);
        if ((f & F_FLOAT) || opt_cls(O, a)) return contradiction(O, res);
        return false;
    }
    case IR_guard_is_float: {
        uint8_t f = opt_flags(O, a);
        Type *c = opt_cls(O, a);
        if ((f & F_FLOAT) || c == &float_type) return drop(res);
        if ((f & F_SMALLINT) || c) return contradiction(O, res);
        return false;
    }
    case IR_guard_value_storage: return (opt_flags(O, a) & F_LISTVALS) && drop(res);
    case IR_guard_not_invalidated: return O->not_invalidated && drop(res);
    case IR_guard_no_exception: return !O->exc_pending && drop(res);
    /* its call was folded away (a virtual dict's getitem, say) */
    case IR_guard_not_forced: return !O->force_pending && drop(res);
    default: return false;
    }
}

void heap_post(Opt *O, POp *p, IRRef r) {
    const IROp *op = &O->out->ops[r];
    (void)p;
    switch (op->opcode) {
    case IR_getfield_gc_i:
    case IR_getfield_gc_r:
    case IR_getfield_gc_f: heap_set(O, ir_arg(op, 0), op->descr, IR_NONE, r); return;
    case IR_getarrayitem_gc_i:
    case IR_getarrayitem_gc_r:
    case IR_getarrayitem_gc_f: heap_set(O, ir_arg(op, 0), op->descr, ir_arg(op, 1), r); return;
    case IR_setfield_gc:
        invalidate_store(O, ir_arg(op, 0), op->descr, IR_NONE);
        heap_set(O, ir_arg(op, 0), op->descr, IR_NONE, ir_arg(op, 1));
        return;
    case IR_setarrayitem_gc:
        invalidate_store(O, ir_arg(op, 0), op->descr, ir_arg(op, 1));
        heap_set(O, ir_arg(op, 0), op->descr, ir_arg(op, 1), ir_arg(op, 2));
        return;
    default:
        if ((irop_info[op->opcode].flags & IRF_CALL) && opt_call_effect(op, op->opcode, op->descr) != CALL_PURE)
            invalidate_call(O);
        return;
    }
}
