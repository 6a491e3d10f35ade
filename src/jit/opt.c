/* opt.c: the optimizer's driver (opt.h, opt_internal.h).
 *
 * optimize_trace() runs the pass pipeline over the input once per attempt:
 * an attempt that unrolls may find that the state it assumed at the peeled
 * loop's label does not hold at its jump; it then weakens that assumption
 * (the UnrollPolicy) and the whole trace is optimized again from scratch.
 * Optimization is cheap next to code generation, and starting over keeps
 * the state simple: nothing is ever undone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt_internal.h"
#include "helpers.h"

#define OPT_MAX_ATTEMPTS 24

/* ---- values ---------------------------------------------------------------------- */

static void info_init(Info *i) {
    i->lo = INT64_MIN;
    i->hi = INT64_MAX;
    i->cls = NULL;
    i->fwd = IR_NONE;
    i->flags = 0;
}

/* Make room for the info of every output op. */
static void info_reserve(Opt *O) {
    int32_t n = O->out->nops;
    if (n <= O->capinfo) return;
    int32_t cap = O->capinfo ? O->capinfo * 2 : 256;
    while (cap < n) cap *= 2;
    /* scanned: Info.cls may be a user class, held by the trace's constants */
    Info *ni = gc_alloc(sizeof(Info) * (size_t)cap);
    if (O->capinfo) memcpy(ni, O->info, sizeof(Info) * (size_t)O->capinfo);
    uint32_t *nm = gc_alloc_atomic(sizeof(uint32_t) * (size_t)cap);
    memset(nm, 0, sizeof(uint32_t) * (size_t)cap);
    if (O->capinfo) memcpy(nm, O->snap_mark, sizeof(uint32_t) * (size_t)O->capinfo);
    O->snap_mark = nm;
    for (int32_t i = O->capinfo; i < cap; i++) info_init(&ni[i]);
    O->info = ni;
    O->capinfo = cap;
}

Info *opt_info(Opt *O, IRRef op) { return &O->info[op]; }
void opt_sync_info(Opt *O) { info_reserve(O); }

IRRef opt_val(Opt *O, IRRef v) {
    for (;;) {
        if (v < 0 || ir_is_const(v)) return v;
        if (opt_is_virtual(v)) {
            Virtual *vt = &O->virt[v & ~OPT_VBIT];
            if (vt->forced == IR_NONE) return v;
            v = vt->forced;
            continue;
        }
        IRRef f = O->info[v].fwd;
        if (f == IR_NONE) return v;
        v = f;
    }
}

IRRef opt_in(Opt *O, IRRef r) {
    if (r == IR_NONE) return IR_NONE;
    if (ir_is_const(r)) {
        int32_t k = ir_const_index(r);
        if (O->cmap[k] == IR_NONE) {
            const IRConst *c = &O->in->consts[k];
            O->cmap[k] = c->type == 'i' ? ir_const_int(O->out, c->v.i)
                       : c->type == 'f' ? ir_const_float(O->out, c->v.f) : ir_const_ref(O->out, c->v.r);
        }
        return O->cmap[k];
    }
    if (r >= O->in->nops) return IR_NONE;
    return opt_val(O, O->imap[r]);
}

char opt_type(Opt *O, IRRef v) {
    if (v == IR_NONE) return 'v';
    if (ir_is_const(v)) return ir_const(O->out, v)->type;
    if (opt_is_virtual(v)) return 'r';
    return O->out->ops[v].type;
}

IRRef opt_ki(Opt *O, int64_t v) { return ir_const_int(O->out, v); }
IRRef opt_kf(Opt *O, double v) { return ir_const_float(O->out, v); }
IRRef opt_kr(Opt *O, Value v) { return ir_const_ref(O->out, v); }
int64_t opt_ci(Opt *O, IRRef k) { return ir_const(O->out, k)->v.i; }
double opt_cf(Opt *O, IRRef k) { return ir_const(O->out, k)->v.f; }
Value opt_cr(Opt *O, IRRef k) { return ir_const(O->out, k)->v.r; }

bool opt_same_const(Opt *O, IRRef a, IRRef b) {
    if (!ir_is_const(a) || !ir_is_const(b)) return false;
    const IRConst *x = ir_const(O->out, a), *y = ir_const(O->out, b);
    return x->type == y->type && x->v.i == y->v.i;   /* bitwise, floats too */
}

void opt_bounds(Opt *O, IRRef v, int64_t *lo, int64_t *hi) {
    if (ir_is_const(v) && ir_const(O->out, v)->type == 'i') {
        *lo = *hi = ir_const(O->out, v)->v.i;
    } else if (opt_is_op(v) && O->out->ops[v].type == 'i') {
        *lo = O->info[v].lo;
        *hi = O->info[v].hi;
    } else {
        *lo = INT64_MIN;
        *hi = INT64_MAX;
    }
}

static uint8_t const_flags(Value x) {
    if (x == VNULL) return 0;
    if (v_is_int(x)) return F_NONNULL | F_SMALLINT;
    if (v_is_smallfloat(x)) return F_NONNULL | F_FLOAT;
    if (v_is_ptr(x) && V_OBJ(x)->type == &float_type) return F_NONNULL | F_FLOAT;
    return F_NONNULL;
}

uint8_t opt_flags(Opt *O, IRRef v) {
    if (ir_is_const(v)) return ir_const(O->out, v)->type == 'r' ? const_flags(ir_const(O->out, v)->v.r) : 0;
    if (opt_is_virtual(v)) {
        Virtual *vt = &O->virt[v & ~OPT_VBIT];
        switch (vt->kind) {
        case VK_BOXINT: {
            int64_t lo, hi;
            opt_bounds(O, vt->payload, &lo, &hi);
            return F_NONNULL | (bounds_small(lo, hi) ? F_SMALLINT : 0);
        }
        case VK_BOXFLOAT: return F_NONNULL | F_FLOAT;
        default: return F_NONNULL;
        }
    }
    if (opt_is_op(v)) return O->info[v].flags & (F_NONNULL | F_SMALLINT | F_FLOAT | F_LISTVALS);
    return 0;
}

Type *opt_cls(Opt *O, IRRef v) {
    if (ir_is_const(v)) {
        const IRConst *k = ir_const(O->out, v);
        if (k->type == 'r' && k->v.r != VNULL && v_is_ptr(k->v.r)) return V_OBJ(k->v.r)->type;
        return NULL;
    }
    if (opt_is_virtual(v)) {
        Virtual *vt = &O->virt[v & ~OPT_VBIT];
        /* a deferred call's class is its result's: not known here */
        if (vt->kind == VK_OBJECT) return vt->size->type == &jit_deferred_call_type ? NULL : vt->size->type;
        if (vt->kind == VK_BOOL) return &bool_type;
        return NULL;
    }
    if (opt_is_op(v)) return O->info[v].cls;
    return NULL;
}

void opt_make_const(Opt *O, IRRef v, IRRef k) {
    if (!opt_is_op(v) || !ir_is_const(k) || v == k) return;
    Info *i = &O->info[v];
    i->fwd = k;
    if (ir_const(O->out, k)->type == 'i') i->lo = i->hi = ir_const(O->out, k)->v.i;
}

void opt_fail(Opt *O) { O->failed = true; }

/* ---- virtuals -------------------------------------------------------------------- */

Virtual *opt_virtual(Opt *O, IRRef v) {
    if (!opt_is_virtual(v)) return NULL;
    Virtual *vt = &O->virt[v & ~OPT_VBIT];
    return vt->forced == IR_NONE ? vt : NULL;
}

IRRef opt_new_virtual(Opt *O, int kind, IRRef payload, SizeDescr *sd) {
    if (O->nvirt == O->capvirt) {
        int32_t cap = O->capvirt ? O->capvirt * 2 : 16;
        Virtual *n = gc_alloc(sizeof(Virtual) * (size_t)cap);
        if (O->nvirt) memcpy(n, O->virt, sizeof(Virtual) * (size_t)O->nvirt);
        O->virt = n;
        O->capvirt = cap;
    }
    Virtual *vt = &O->virt[O->nvirt];
    memset(vt, 0, sizeof *vt);
    vt->kind = (uint8_t)kind;
    vt->payload = payload;
    vt->forced = IR_NONE;
    vt->size = sd;
    return OPT_VBIT | O->nvirt++;
}

IRRef opt_force(Opt *O, IRRef v) {
    v = opt_val(O, v);
    if (!opt_is_virtual(v)) return v;
    int32_t idx = v & ~OPT_VBIT;
    Virtual *vt = &O->virt[idx];
    IRRef r;
    O->nforced++;
    switch (vt->kind) {
    case VK_BOXINT:
    case VK_BOXFLOAT:
    case VK_BOOL: {
        int opc = vt->kind == VK_BOXINT ? IR_box_int : vt->kind == VK_BOXFLOAT ? IR_box_float : IR_bool_from_int;
        IRRef payload = opt_val(O, vt->payload);
        POp p = {opc, 1, &payload, NULL, -1};
        /* constant or already boxed: the rewrite and pure passes know */
        if (!(opt_on(O, JIT_OPT_rewrite) && rewrite_pre(O, &p, &r)) && !(opt_on(O, JIT_OPT_pure) && pure_pre(O, &p, &r)))
            r = opt_emit(O, &p);
        break;
    }
    default: {
        /* the allocation first: a field may refer back to the object */
        /* dicts and deferred calls are built whole by virtualize_force_special */
        bool whole = vt->size->type == &dict_type || vt->size->type == &jit_deferred_call_type;
        r = virtualize_force_special(O, v);
        if (r == IR_NONE) r = opt_emit_simple(O, IR_new_with_vtable, 0, NULL, &vt->size->d);
        O->virt[idx].forced = r;
        for (int32_t j = 0; !whole && j < O->virt[idx].nfields; j++) {
            VField f = O->virt[idx].fields[j];
            IRRef fv = opt_force(O, f.value);
            if (f.index < 0) {
                IRRef a[2] = {r, fv};
                opt_emit_simple(O, IR_setfield_gc, 2, a, f.descr);
            } else {
                IRRef a[3] = {r, opt_ki(O, f.index), fv};
                opt_emit_simple(O, IR_setarrayitem_gc, 3, a, f.descr);
            }
        }
        break;
    }
    }
    O->virt[idx].forced = r;
    return opt_val(O, r);
}

/* ---- snapshots ------------------------------------------------------------------- */

static char field_type(Descr *d) {
    if (d->kind == DESCR_FIELD) return ((FieldDescr *)d)->type;
    if (d->kind == DESCR_ARRAY) return ((ArrayDescr *)d)->type;
    return 'r';
}

/* The slot for value v stored where a Value ('r') or raw word of type t goes. */
static SnapSlot value_slot(Opt *O, IRRef v, char t) {
    Virtual *vt = opt_virtual(O, v);
    if (vt) {
        switch (vt->kind) {
        case VK_BOXINT: return (SnapSlot){opt_val(O, vt->payload), SK_INT};
        case VK_BOXFLOAT: return (SnapSlot){opt_val(O, vt->payload), SK_FLOAT};
        case VK_BOOL: return (SnapSlot){opt_val(O, vt->payload), SK_BOOL};
        default: return (SnapSlot){v, SK_VALUE};
        }
    }
    return (SnapSlot){v, (uint8_t)(t == 'i' ? SK_INT : t == 'f' ? SK_FLOAT : SK_VALUE)};
}

static void snap_add_virtual(Opt *O, Snapshot *s, IRRef v, int32_t *cap) {
    for (int32_t i = 0; i < s->nvirtuals; i++)
        if (s->virtuals[i].ref == v) return;
    if (s->nvirtuals == *cap) {
        *cap = *cap ? *cap * 2 : 4;
        SnapVirtual *n = gc_alloc(sizeof(SnapVirtual) * (size_t)*cap);
        if (s->nvirtuals) memcpy(n, s->virtuals, sizeof(SnapVirtual) * (size_t)s->nvirtuals);
        s->virtuals = n;
    }
    Virtual *vt = &O->virt[v & ~OPT_VBIT];
    if (!vt->size->type) opt_fail(O);   /* a value array is no Python object: never in a frame */
    int32_t me = s->nvirtuals++;
    SnapVirtual *sv = &s->virtuals[me];
    sv->ref = v;
    sv->type = vt->size->type;
    sv->size = vt->size->size;
    sv->nfields = vt->nfields;
    sv->fields = snap_fields_new(vt->nfields);
    for (int32_t j = 0; j < vt->nfields; j++) {
        char t = field_type(vt->fields[j].descr);
        sv->fields[j].offset = vt->fields[j].offset;
        sv->fields[j].type = t;
        sv->fields[j].value = value_slot(O, opt_val(O, vt->fields[j].value), t);
    }
    /* nested virtual objects (sv may move: index again) */
    for (int32_t j = 0; j < vt->nfields; j++) {
        SnapSlot fs = s->virtuals[me].fields[j].value;
        if (fs.kind == SK_VALUE && opt_is_virtual(fs.ref)) snap_add_virtual(O, s, fs.ref, cap);
    }
}

static Snapshot *snap_rewrite(Opt *O, const Snapshot *in) {
    Snapshot *s = snapshot_copy(in);
    s->nvirtuals = 0;
    s->virtuals = NULL;
    int32_t cap = 0;
    if (in->nvirtuals) opt_fail(O);   /* recorded snapshots have no virtuals */
    for (int32_t i = 0; i < s->nslots; i++) {
        SnapSlot *sl = &s->slots[i];
        if (sl->kind == SK_NULL || sl->ref == IR_NONE) continue;
        IRRef v = opt_in(O, sl->ref);
        if (v == IR_NONE) {
            opt_fail(O);
            continue;
        }
        if (sl->kind == SK_VALUE) {
            *sl = value_slot(O, v, 'r');
            if (sl->kind == SK_VALUE && opt_is_virtual(sl->ref)) snap_add_virtual(O, s, sl->ref, &cap);
        } else {
            sl->ref = v;
        }
    }
    return s;
}

/* ---- facts for bridges (PyPy's bridgeopt) ------------------------------------------ */

/* Mark the op refs of snapshot s (snap_holds) with a new stamp. */
static void snap_mark_refs(Opt *O, const Snapshot *s) {
    uint32_t st = ++O->snap_stamp;
    for (int32_t k = 0; k < s->nslots; k++)
        if (s->slots[k].kind != SK_NULL && opt_is_op(s->slots[k].ref)) O->snap_mark[s->slots[k].ref] = st;
    for (int32_t k = 0; k < s->nvirtuals; k++)
        for (int32_t m = 0; m < s->virtuals[k].nfields; m++) {
            IRRef r = s->virtuals[k].fields[m].value.ref;
            if (s->virtuals[k].fields[m].value.kind != SK_NULL && opt_is_op(r)) O->snap_mark[r] = st;
        }
}

static bool snap_holds(Opt *O, IRRef r) { return opt_is_op(r) && O->snap_mark[r] == O->snap_stamp; }

/* r's facts, once (a ref in several slots: the first clears its mark) */
static void fact_add(Opt *O, GuardDescr *g, IRRef r, int32_t *cap) {
    if (!snap_holds(O, r) || O->out->ops[r].type != 'r') return;
    O->snap_mark[r] = 0;   /* stamps start at 1 */
    uint8_t flags = O->info[r].flags & (F_NONNULL | F_SMALLINT | F_FLOAT | F_LISTVALS);
    Type *cls = O->info[r].cls;
    if (!flags && !cls) return;
    if (g->nfacts == *cap) {
        *cap = *cap ? *cap * 2 : 8;
        /* atomic: the trace's keepalive list keeps cls (trace.c), and
           while optimizing, the trace's own guards and constants do */
        GuardFact *n = gc_alloc_atomic(sizeof(GuardFact) * (size_t)*cap);
        if (g->nfacts) memcpy(n, g->facts, sizeof(GuardFact) * (size_t)g->nfacts);
        g->facts = n;
    }
    g->facts[g->nfacts++] = (GuardFact){r, flags, cls};
}

#define GUARD_HFACTS_MAX 32

/* Cached fields of snapshot values whose value is a constant or another
 * snapshot value (so a fail argument too). */
static void guard_heap_facts(Opt *O, GuardDescr *g) {
    int32_t cap = 0;
    for (int32_t i = 0; i < O->nheap && g->nhfacts < GUARD_HFACTS_MAX; i++) {
        HeapEntry e = O->heap[i];
        if (e.idx != IR_NONE || e.descr->kind != DESCR_FIELD) continue;
        IRRef obj = opt_val(O, e.obj), v = opt_val(O, e.value);
        if (!snap_holds(O, obj)) continue;
        if (!ir_is_const(v) && !snap_holds(O, v)) continue;
        if (g->nhfacts == cap) {
            cap = cap ? cap * 2 : 8;
            /* atomic, as GuardFact: the keepalive list keeps descr and k */
            GuardHeapFact *n = gc_alloc_atomic(sizeof(GuardHeapFact) * (size_t)cap);
            if (g->nhfacts) memcpy(n, g->hfacts, sizeof(GuardHeapFact) * (size_t)g->nhfacts);
            g->hfacts = n;
        }
        GuardHeapFact *f = &g->hfacts[g->nhfacts++];
        f->obj = obj;
        f->descr = e.descr;
        f->value = ir_is_const(v) ? IR_NONE : v;
        if (ir_is_const(v)) f->k = *ir_const(O->out, v);
    }
}

/* The facts of the refs in g's (rewritten) snapshot, before g: a bridge
 * from g starts where g failed, so they hold there. g's own condition
 * does not (it failed). */
static void guard_facts(Opt *O, GuardDescr *g) {
    const Snapshot *s = g->snap;
    if (!s || !opt_on(O, JIT_OPT_heap)) return;
    snap_mark_refs(O, s);
    guard_heap_facts(O, g);
    int32_t cap = 0;
    for (int32_t k = 0; k < s->nslots; k++)
        if (s->slots[k].kind == SK_VALUE) fact_add(O, g, s->slots[k].ref, &cap);
    for (int32_t k = 0; k < s->nvirtuals; k++)
        for (int32_t m = 0; m < s->virtuals[k].nfields; m++)
            if (s->virtuals[k].fields[m].value.kind == SK_VALUE) fact_add(O, g, s->virtuals[k].fields[m].value.ref, &cap);
}

static IRRef bridge_input_of(Opt *O, IRRef parent) {
    const GuardDescr *g = O->from;
    for (int32_t k = 0; k < g->nfail_args && k < O->ninputs - 1; k++)
        if (g->fail_args[k] == parent) return O->bridge_in[k];
    return IR_NONE;
}

/* Before a bridge's first op: the parent's cached fields of its inputs. */
static void bridge_heap_facts(Opt *O) {
    O->hfacts_done = true;
    if (!O->from || !opt_on(O, JIT_OPT_heap)) return;
    for (int32_t i = 0; i < O->from->nhfacts; i++) {
        const GuardHeapFact *f = &O->from->hfacts[i];
        IRRef obj = bridge_input_of(O, f->obj), v;
        if (obj == IR_NONE) continue;
        if (f->value != IR_NONE) v = bridge_input_of(O, f->value);
        else v = f->k.type == 'i' ? opt_ki(O, f->k.v.i) : f->k.type == 'f' ? opt_kf(O, f->k.v.f) : opt_kr(O, f->k.v.r);
        if (v == IR_NONE || opt_type(O, v) != ((FieldDescr *)f->descr)->type) continue;
        heap_set(O, obj, f->descr, IR_NONE, v);
    }
}

/* A bridge's input ref r (fail argument k of O->from): what the parent knew. */
static void bridge_input_facts(Opt *O, int32_t k, IRRef r) {
    const GuardDescr *g = O->from;
    if (!g || k < 0 || k >= g->nfail_args) return;
    O->bridge_in[k] = r;
    if (O->out->ops[r].type != 'r') return;
    IRRef parent = g->fail_args[k];
    for (int32_t i = 0; i < g->nfacts; i++)
        if (g->facts[i].ref == parent) {
            O->info[r].flags |= g->facts[i].flags;
            if (g->facts[i].cls) O->info[r].cls = g->facts[i].cls;
            return;
        }
}

static GuardDescr *guard_copy(Opt *O, POp *p) {
    GuardDescr *g = gc_alloc(sizeof *g);
    g->d.kind = DESCR_GUARD;
    g->op_index = -1;
    GuardDescr *src = p->descr && p->descr->kind == DESCR_GUARD ? (GuardDescr *)p->descr : NULL;
    if (src && src->snap) g->snap = snap_rewrite(O, src->snap);
    if (src) g->flags = src->flags;
    guard_facts(O, g);
    /* the first output copy of a recorded guard keeps its id (logs pair
       noopt and opt guards); others get theirs in opt_finish */
    if (src && p->in_index >= 0 && !O->guard_used[p->in_index]) {
        O->guard_used[p->in_index] = 1;
        g->id = src->id;
    }
    return g;
}

/* ---- emission ---------------------------------------------------------------------- */

/* Facts every emitted op establishes, whatever passes run. */
static void facts_post(Opt *O, const IROp *op, IRRef r) {
    IRRef a0 = op->nargs > 0 ? ir_arg(op, 0) : IR_NONE;
    Info *ai = opt_is_op(a0) ? &O->info[a0] : NULL;
    switch (op->opcode) {
    case IR_guard_nonnull:
        if (ai) ai->flags |= F_NONNULL;
        break;
    case IR_guard_class:
    case IR_guard_nonnull_class:
        if (ai && ir_is_const(ir_arg(op, 1))) {
            ai->flags |= F_NONNULL;
            ai->cls = V_AS(Type, opt_cr(O, ir_arg(op, 1)));
        }
        break;
    case IR_guard_is_int:
        if (ai) ai->flags |= F_NONNULL | F_SMALLINT;
        break;
    case IR_guard_is_float:
        if (ai) ai->flags |= F_NONNULL | F_FLOAT;
        break;
    case IR_guard_value_storage:
        if (ai) ai->flags |= F_NONNULL | F_LISTVALS;
        break;
    case IR_new_with_vtable:
        O->info[r].flags |= F_NONNULL;
        O->info[r].cls = ((SizeDescr *)op->descr)->type;
        break;
    case IR_box_int: {
        int64_t lo, hi;
        opt_bounds(O, a0, &lo, &hi);
        O->info[r].flags |= F_NONNULL | (bounds_small(lo, hi) ? F_SMALLINT : 0);
        break;
    }
    case IR_box_float: O->info[r].flags |= F_NONNULL | F_FLOAT; break;
    case IR_call_r: case IR_call_pure_r:
        /* a helper that returns an object of one class (CallDescr.ret_class;
           a raising one is followed by guard_no_exception, so the facts
           hold wherever the result is read) */
        if (op->descr && op->descr->kind == DESCR_CALL && ((CallDescr *)op->descr)->ret_class) {
            O->info[r].flags |= F_NONNULL;
            O->info[r].cls = ((CallDescr *)op->descr)->ret_class;
        }
        break;
    case IR_bool_from_int:
        O->info[r].flags |= F_NONNULL;
        O->info[r].cls = &bool_type;
        break;
    case IR_same_as_i:
    case IR_same_as_r:
    case IR_same_as_f:
        if (ai) {
            O->info[r] = *ai;
            O->info[r].fwd = IR_NONE;
        } else {
            opt_bounds(O, a0, &O->info[r].lo, &O->info[r].hi);
            O->info[r].flags = opt_flags(O, a0);
            O->info[r].cls = opt_cls(O, a0);
        }
        break;
    default: break;
    }
}

/* In the preamble of a loop that unrolls: is the new op's value the same
 * in every iteration? (pure functions of invariant values) */
static void mark_invariant(Opt *O, const IROp *op, IRRef r) {
    int flags = irop_info[op->opcode].flags;
    bool pure = (flags & IRF_PURE) ||
                ((flags & IRF_LOAD) && op->descr &&
                 ((op->descr->kind == DESCR_FIELD && ((FieldDescr *)op->descr)->pure) ||
                  (op->descr->kind == DESCR_ARRAY && ((ArrayDescr *)op->descr)->pure)));
    if (!pure) return;
    for (int i = 0; i < op->nargs; i++) {
        IRRef a = ir_arg(op, i);
        if (!ir_is_const(a) && !(opt_is_op(a) && (O->info[a].flags & F_INV))) return;
    }
    O->info[r].flags |= F_INV;
}

IRRef opt_emit(Opt *O, POp *p) {
    for (int i = 0; i < p->nargs; i++) p->args[i] = opt_force(O, p->args[i]);
    Descr *d = p->descr;
    if (irop_is_guard(p->opcode)) d = &guard_copy(O, p)->d;
    IRRef r = ir_emit(O->out, p->opcode, p->nargs, p->args, d);
    info_reserve(O);
    const IROp *op = &O->out->ops[r];
    facts_post(O, op, r);
    if (opt_on(O, JIT_OPT_intbounds)) intbounds_post(O, p, r);
    if (opt_on(O, JIT_OPT_rewrite)) rewrite_post(O, p, r);
    if (opt_on(O, JIT_OPT_pure)) pure_post(O, r);
    if (opt_on(O, JIT_OPT_heap)) heap_post(O, p, r);
    if (irop_info[p->opcode].flags & IRF_CALL) {
        int eff = opt_call_effect(op, op->opcode, op->descr);
        if (eff >= CALL_CAN_RAISE) O->exc_pending = true;
        if (eff == CALL_ANY) O->not_invalidated = false;
        if (eff == CALL_ANY) O->force_pending = true;
    }
    if (p->opcode == IR_guard_no_exception) O->exc_pending = false;
    if (p->opcode == IR_guard_not_forced) O->force_pending = false;
    if (p->opcode == IR_guard_not_invalidated) O->not_invalidated = true;
    if (O->phase == PH_PREAMBLE && op->type != 'v') mark_invariant(O, op, r);
    return r;
}

IRRef opt_emit_simple(Opt *O, int opcode, int nargs, const IRRef *args, Descr *descr) {
    IRRef a[8];
    IRRef *ap = nargs <= 8 ? a : gc_alloc_atomic(sizeof(IRRef) * (size_t)nargs);
    for (int i = 0; i < nargs; i++) ap[i] = args[i];
    POp p = {opcode, nargs, ap, descr, -1};
    return opt_emit(O, &p);
}

int opt_call_effect(const IROp *op, int opcode, Descr *d) {
    (void)op;
    if (opcode == IR_call_pure_i || opcode == IR_call_pure_r || opcode == IR_call_pure_f) return CALL_PURE;
    if (d && d->kind == DESCR_CALL) return ((CallDescr *)d)->effect;
    return CALL_ANY;
}

/* ---- the pipeline -------------------------------------------------------------------- */

IRRef opt_run(Opt *O, POp *p) {
    IRRef r = IR_NONE;
    if (O->failed) return IR_NONE;
    int opc = p->opcode;
    bool ovf = (irop_info[opc].flags & IRF_OVF) != 0;
    if (ovf) O->ovf = OVF_UNKNOWN;
    if (opc == IR_guard_no_overflow || opc == IR_guard_overflow) {
        /* the guard of an *_ovf op that was answered without emitting it */
        uint8_t st = O->ovf;
        O->ovf = OVF_UNKNOWN;
        if (st == OVF_NEVER) {
            if (opc == IR_guard_overflow) opt_fail(O);
            return IR_NONE;
        }
        if (st == OVF_ALWAYS) {
            if (opc == IR_guard_no_overflow) opt_fail(O);
            return IR_NONE;
        }
    }
    bool done = (opt_on(O, JIT_OPT_intbounds) && intbounds_pre(O, p, &r)) ||
                (opt_on(O, JIT_OPT_rewrite) && rewrite_pre(O, p, &r)) ||
                (opt_on(O, JIT_OPT_virtualize) && virtualize_pre(O, p, &r)) ||
                /* string: no string-specific optimizations yet */
                (opt_on(O, JIT_OPT_pure) && pure_pre(O, p, &r));
    if (!done) {
        if (opt_on(O, JIT_OPT_earlyforce)) earlyforce_pre(O, p);
        done = opt_on(O, JIT_OPT_heap) && heap_pre(O, p, &r);
    }
    if (done) {
        /* an *_ovf op answered without being emitted must say whether it
           overflows: its guard is next */
        if (ovf && O->ovf == OVF_UNKNOWN) opt_fail(O);
        return O->failed ? IR_NONE : r;
    }
    if (O->failed) return IR_NONE;
    if (ovf && !(irop_info[p->opcode].flags & IRF_OVF) && O->ovf == OVF_UNKNOWN) opt_fail(O);
    return opt_emit(O, p);
}

IRRef opt_run2(Opt *O, int opcode, IRRef a, IRRef b, Descr *descr, int32_t in_index) {
    IRRef args[2] = {a, b};
    POp p = {opcode, irop_info[opcode].nargs == IR_VARARGS ? 2 : irop_info[opcode].nargs, args, descr, in_index};
    return opt_run(O, &p);
}

void opt_reset_at_label(Opt *O) {
    pure_clear(O);
    heap_clear(O);
    O->not_invalidated = false;
    O->exc_pending = false;
    O->force_pending = false;
    O->ovf = OVF_UNKNOWN;
}

/* A label: its arguments become new values (distinct ops). */
static IRRef emit_label(Opt *O, const IROp *lop, const uint8_t *inv_pos) {
    int n = lop->nargs;
    IRRef *args = gc_alloc_atomic(sizeof(IRRef) * (size_t)(n + 1));
    for (int k = 0; k < n; k++) {
        IRRef v = opt_force(O, opt_in(O, ir_arg(lop, k)));
        /* a label argument must be an op of its own that no rule looks
           through (loads and input arguments are opaque; copy the rest) */
        bool dup = !opt_is_op(v);
        if (!dup) {
            int opc = O->out->ops[v].opcode;
            dup = !(irop_info[opc].flags & IRF_LOAD) && opc != IR_inputarg_i && opc != IR_inputarg_f &&
                  opc != IR_inputarg_r && opc != IR_same_as_i && opc != IR_same_as_f && opc != IR_same_as_r;
        }
        for (int j = 0; j < k && !dup; j++) dup = args[j] == v;
        if (dup) {
            char t = opt_type(O, v);
            v = opt_emit_simple(O, t == 'i' ? IR_same_as_i : t == 'f' ? IR_same_as_f : IR_same_as_r, 1, &v, NULL);
        }
        args[k] = v;
    }
    opt_reset_at_label(O);
    IRRef r = ir_emit(O->out, IR_label, n, args, lop->descr);
    info_reserve(O);
    for (int k = 0; k < n; k++) {
        info_init(&O->info[args[k]]);
        if (inv_pos && inv_pos[k]) O->info[args[k]].flags |= F_INV;
        IRRef a = ir_arg(lop, k);
        if (opt_is_op(a)) O->imap[a] = args[k];
    }
    return r;
}

void opt_process_range(Opt *O, int32_t from, int32_t to) {
    const IRBuf *in = O->in;
    IRRef abuf[8];
    for (int32_t k = from; k < to && !O->failed; k++) {
        const IROp *op = &in->ops[k];
        switch (op->opcode) {
        case IR_inputarg_i:
        case IR_inputarg_f:
        case IR_inputarg_r:
            O->imap[k] = opt_emit_simple(O, op->opcode, 0, NULL, op->descr);
            /* a bridge's inputs: the frame, then its guard's fail arguments */
            bridge_input_facts(O, O->ninputs - 1, O->imap[k]);
            O->ninputs++;
            continue;
        case IR_label:
            emit_label(O, op, NULL);
            continue;
        case IR_jump:
        case IR_finish: {
            IRRef *args = gc_alloc_atomic(sizeof(IRRef) * (size_t)(op->nargs + 1));
            for (int i = 0; i < op->nargs; i++) args[i] = opt_force(O, opt_in(O, ir_arg(op, i)));
            Descr *d = op->descr;
            if (op_exit(op)) {
                /* an exit to the interpreter: its snapshot, like a guard's */
                POp p = {op->opcode, op->nargs, args, op->descr, k};
                d = &guard_copy(O, &p)->d;
            }
            ir_emit(O->out, op->opcode, op->nargs, args, d);
            info_reserve(O);
            continue;
        }
        default: break;
        }
        if (!O->hfacts_done) bridge_heap_facts(O);
        IRRef *args = op->nargs <= 8 ? abuf : gc_alloc_atomic(sizeof(IRRef) * (size_t)op->nargs);
        for (int i = 0; i < op->nargs; i++) {
            args[i] = opt_in(O, ir_arg(op, i));
            if (args[i] == IR_NONE && ir_arg(op, i) != IR_NONE) opt_fail(O);   /* use of a void op */
        }
        POp p = {op->opcode, op->nargs, args, op->descr, k};
        O->cur_in = k;
        O->imap[k] = opt_run(O, &p);
    }
}

/* ---- the trace ------------------------------------------------------------------------ */

static void opt_init(Opt *O, const IRBuf *in, TraceKind kind, IRBuf *out, UnrollPolicy *pol, const GuardDescr *from) {
    memset(O, 0, sizeof *O);
    O->in = in;
    O->out = out;
    O->kind = kind;
    O->mask = jit_params.opts_mask;
    O->imap = gc_alloc_atomic(sizeof(IRRef) * (size_t)(in->nops + 1));
    for (int32_t i = 0; i < in->nops; i++) O->imap[i] = IR_NONE;
    O->cmap = gc_alloc_atomic(sizeof(IRRef) * (size_t)(in->nconsts + 1));
    for (int32_t i = 0; i < in->nconsts; i++) O->cmap[i] = IR_NONE;
    O->guard_used = gc_alloc_atomic((size_t)in->nops + 1);
    memset(O->guard_used, 0, (size_t)in->nops + 1);
    O->policy = pol;
    O->from = kind == TRACE_BRIDGE ? from : NULL;
    if (O->from) {
        O->bridge_in = gc_alloc_atomic(sizeof(IRRef) * (size_t)(from->nfail_args + 1));
        for (int32_t k = 0; k < from->nfail_args; k++) O->bridge_in[k] = IR_NONE;
    }
    O->phase = PH_ENTRY;
    info_reserve(O);
}

/* Dead code: ops without effect whose value nothing reads (pure ops,
 * loads, allocations left over by folding, forcing and unrolling, calls
 * that only build a fresh object: CallDescr.fresh) go, and
 * the trace is renumbered (arguments and snapshots). *_ovf ops stay: their
 * guard reads the flags they set. */
static void opt_dce(Opt *O) {
    IRBuf *out = O->out;
    int32_t n = out->nops;
    uint8_t *live = gc_alloc_atomic((size_t)n + 1);
    memset(live, 0, (size_t)n + 1);
    for (int32_t i = n - 1; i >= 0; i--) {
        IROp *op = &out->ops[i];
        int f = irop_info[op->opcode].flags;
        bool fresh_call = (f & IRF_CALL) && op->descr && op->descr->kind == DESCR_CALL && ((CallDescr *)op->descr)->fresh;
        bool removable = op->type != 'v' && (((f & (IRF_PURE | IRF_LOAD | IRF_ALLOC)) && !(f & (IRF_GUARD | IRF_OVF)) &&
                                              (!(f & IRF_CALL) || (f & IRF_PURE))) || fresh_call);
        if (!removable) live[i] = 1;
        if (!live[i]) continue;
        for (int k = 0; k < op->nargs; k++)
            if (opt_is_op(ir_arg(op, k))) live[ir_arg(op, k)] = 1;
        if (!op_exit(op)) continue;
        Snapshot *s = op_exit(op)->snap;
        if (!s) continue;
        for (int32_t k = 0; k < s->nslots; k++)
            if (s->slots[k].kind != SK_NULL && opt_is_op(s->slots[k].ref)) live[s->slots[k].ref] = 1;
        for (int32_t k = 0; k < s->nvirtuals; k++)
            for (int32_t m = 0; m < s->virtuals[k].nfields; m++)
                if (opt_is_op(s->virtuals[k].fields[m].value.ref)) live[s->virtuals[k].fields[m].value.ref] = 1;
    }
    int32_t *map = gc_alloc_atomic(sizeof(int32_t) * (size_t)(n + 1)), m = 0;
    for (int32_t i = 0; i < n; i++) map[i] = live[i] ? m++ : IR_NONE;
    if (m == n) return;
#define REMAP(r) ((r) = opt_is_op(r) ? map[r] : (r))
    for (int32_t i = 0; i < n; i++) {
        if (!live[i]) continue;
        IROp *op = &out->ops[i];
        for (int k = 0; k < op->nargs; k++) {
            IRRef *a = op->nargs > 3 ? &op->xargs[k] : &op->arg[k];
            REMAP(*a);
        }
        if (op_exit(op) && op_exit(op)->snap) {
            Snapshot *s = op_exit(op)->snap;
            for (int32_t k = 0; k < s->nslots; k++) REMAP(s->slots[k].ref);
            for (int32_t k = 0; k < s->nvirtuals; k++)
                for (int32_t f = 0; f < s->virtuals[k].nfields; f++) REMAP(s->virtuals[k].fields[f].value.ref);
            /* facts name snapshot refs, all live */
            for (int32_t k = 0; k < op_exit(op)->nfacts; k++) REMAP(op_exit(op)->facts[k].ref);
            for (int32_t k = 0; k < op_exit(op)->nhfacts; k++) {
                REMAP(op_exit(op)->hfacts[k].obj);
                REMAP(op_exit(op)->hfacts[k].value);
            }
        }
        out->ops[map[i]] = *op;
    }
#undef REMAP
    out->nops = m;
}

/* Give ids to guard copies that have none, fill the labels' targets. */
static void opt_finish(Opt *O) {
    IRBuf *out = O->out;
    int32_t nvirtuals = 0;
    for (int32_t i = 0; i < out->nops; i++) {
        IROp *op = &out->ops[i];
        if (op_exit(op)) {
            GuardDescr *g = op_exit(op);
            if (!g->id) g->id = ++jit.next_guard_id;
            if (g->snap) nvirtuals += g->snap->nvirtuals;
        }
        if (op->opcode == IR_label && op->descr && op->descr->kind == DESCR_TARGET) {
            TargetDescr *t = (TargetDescr *)op->descr;
            t->nargs = op->nargs;
            t->arg_types = gc_alloc_atomic((size_t)op->nargs + 1);
            for (int k = 0; k < op->nargs; k++) t->arg_types[k] = opt_type(O, ir_arg(op, k));
            t->arg_types[op->nargs] = 0;
        }
    }
    /* PyPy's counters (OPT_OPS and OPT_GUARDS are counted at assembly) */
    jit.counters[CNT_OPT_FORCINGS] += (uint64_t)O->nforced;
    jit.counters[CNT_NVIRTUALS] += (uint64_t)nvirtuals;
}

/* The loop shape the recorder produces: one label, the final jump back to it. */
static bool loop_shape(const IRBuf *in, int32_t *label, int32_t *jump) {
    *label = *jump = -1;
    for (int32_t i = 0; i < in->nops; i++) {
        if (in->ops[i].opcode != IR_label) continue;
        if (*label >= 0) return false;
        *label = i;
    }
    if (*label < 0 || in->nops == 0) return false;
    const IROp *j = &in->ops[in->nops - 1];
    if (j->opcode != IR_jump || j->descr != in->ops[*label].descr || j->nargs != in->ops[*label].nargs) return false;
    *jump = in->nops - 1;
    return true;
}

/* One attempt. 1: done; 0: the trace cannot be optimized; -1: retry with
 * the weakened policy; -2: retry without unrolling. */
static int run_once(Opt *O, bool loop, bool unroll, int32_t label, int32_t jump) {
    if (!loop) {
        opt_process_range(O, 0, O->in->nops);
        return O->failed ? 0 : 1;
    }
    const IROp *lop = &O->in->ops[label], *jop = &O->in->ops[jump];
    uint8_t *inv_pos = gc_alloc_atomic((size_t)lop->nargs + 1);
    for (int k = 0; k < lop->nargs; k++) inv_pos[k] = ir_arg(jop, k) == ir_arg(lop, k);
    opt_process_range(O, 0, label);
    if (O->failed) return 0;
    emit_label(O, lop, unroll ? inv_pos : NULL);
    if (unroll) O->phase = PH_PREAMBLE;
    opt_process_range(O, label + 1, jump);
    if (O->failed) return 0;
    if (unroll) {
        int u = opt_unroll(O, label, jump);
        return u == 1 ? 1 : u < 0 ? -1 : -2;
    }
    opt_process_range(O, jump, jump + 1);
    return O->failed ? 0 : 1;
}

static bool optimize(const IRBuf *in, TraceKind kind, IRBuf *out, const GuardDescr *from) {
    int32_t label = -1, jump = -1;
    bool loop = kind != TRACE_BRIDGE && loop_shape(in, &label, &jump);
    bool unroll = loop && ((jit_params.opts_mask >> JIT_OPT_unroll) & 1);
    UnrollPolicy *pol = unroll ? unroll_policy_new() : NULL;
    bool dump = getenv("TPY_JITDUMP") != NULL;
    for (int attempt = 0;; attempt++) {
        if (unroll && attempt >= OPT_MAX_ATTEMPTS) {
            if (dump) fprintf(stderr, "opt: not unrolled: no stable loop state after %d attempts\n", attempt);
            unroll = false;
        }
        Opt O;
        irbuf_init(out);
        opt_init(&O, in, kind, out, pol, from);
        int r = run_once(&O, loop, unroll, label, jump);
        if (r == 1) {
            opt_dce(&O);
            opt_finish(&O);
            return true;
        }
        if (r == 0) {
            if (dump) fprintf(stderr, "opt: not optimized: input op %d cannot succeed\n", O.cur_in);
            return false;
        }
        if (r == -2) {
            if (dump) fprintf(stderr, "opt: not unrolled: %s (input op %d)\n", O.note ? O.note : "?", O.cur_in);
            unroll = false;
        }
    }
}

bool optimize_trace(const IRBuf *in, TraceKind kind, IRBuf *out) { return optimize(in, kind, out, NULL); }

bool optimize_bridge(const IRBuf *in, IRBuf *out, const GuardDescr *from) {
    return optimize(in, TRACE_BRIDGE, out, from);
}
