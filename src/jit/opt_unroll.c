/* opt_unroll.c: loop peeling (enable_opts name: unroll).
 *
 * The recorded loop
 *
 *   inputarg_r p0; loads; label(p0, a1..an) [T0]; body; jump(p0, w1..wn) [T0]
 *
 * becomes
 *
 *   inputarg_r p0; loads; label(p0, ...) [T0]; preamble (body, optimized)
 *   label(leaves..., invariants...) [T1]; peeled body; jump(...) [T1]
 *
 * The preamble runs once per entry (from the interpreter, or from a bridge
 * jumping to T0 with boxed values); the peeled body is the loop. It is the
 * body optimized again, starting from what the preamble established:
 *
 *   - Invariant positions (the input jump passes a_k back unchanged) keep
 *     their value, and with it every fact about it and everything pure
 *     computed from invariant values only (Info F_INV: unboxed forms, pure
 *     loads, known classes): guards and loads on them do not repeat.
 *   - Every other position is "exported" from its value at the end of the
 *     preamble: a constant stays a constant, a virtual box passes its raw
 *     value (an 'i' or 'f' label argument), a virtual object passes its
 *     fields, anything else passes the reference with its type facts. The
 *     raw pieces ("leaves") are T1's arguments.
 *   - Heap cache entries of invariant objects (a range iterator's fields,
 *     a global's cell) and of objects that are leaves themselves (a list
 *     iterator's list: its size and items) are exported too: their value
 *     is a leaf, and at the jump the peeled body passes the field's current
 *     value (cached, or loaded there).
 * Every leaf is a fresh same_as copy: inside the loop it is a new value
 * each iteration, and no rule may look through it at the op that computed
 * it in the preamble.
 * At the peeled jump, the state must match the export, or the loop would
 * enter T1 with assumptions that do not hold. Every mismatch weakens the
 * export (UnrollPolicy: no longer a constant, no longer virtual, fewer
 * facts, wider int bounds) and the trace is optimized again; the policy
 * only weakens, so this ends (or unrolling is abandoned after a bound).
 * Finally leaves the loop never reads are dropped, and the preamble values
 * that the peeled body uses (all invariant) are appended to both T1 and
 * its jump, so after a label only the label's arguments are live.
 * Last, the short preamble (below) says how a trace that jumps to this loop
 * can enter at T1: T0's TargetDescr.short_preamble.
 */
#include <stdio.h>
#include <stdlib.h>

#include "opt_internal.h"

#define PATH_DEPTH 6

typedef struct Path {
    int32_t n;
    int32_t p[PATH_DEPTH + 2];
} Path;

/* What an export node may assume, as weakened by failed attempts. */
typedef struct Cap {
    bool no_const, no_virtual, no_cls;
    uint8_t fact_mask;
    int8_t min_ilevel;
} Cap;

typedef struct CapEntry {
    Path path;
    Cap cap;
} CapEntry;

struct UnrollPolicy {
    CapEntry *caps;
    int32_t ncaps, capcaps;
    bool no_notinv;             /* do not assume guard_not_invalidated holds */
    bool changed;               /* weakened during the current attempt */
    TargetDescr *target;        /* T1 */
};

UnrollPolicy *unroll_policy_new(void) {
    UnrollPolicy *p = gc_alloc(sizeof *p);
    return p;
}

static const Cap cap_default = {false, false, false, 0xFF, 0};

static CapEntry *cap_find(UnrollPolicy *pol, const Path *path, bool add) {
    for (int32_t i = 0; i < pol->ncaps; i++)
        if (pol->caps[i].path.n == path->n && !memcmp(pol->caps[i].path.p, path->p, sizeof(int32_t) * (size_t)path->n))
            return &pol->caps[i];
    if (!add) return NULL;
    if (pol->ncaps == pol->capcaps) {
        int32_t cap = pol->capcaps ? pol->capcaps * 2 : 16;
        CapEntry *n = gc_alloc(sizeof(CapEntry) * (size_t)cap);
        if (pol->ncaps) memcpy(n, pol->caps, sizeof(CapEntry) * (size_t)pol->ncaps);
        pol->caps = n;
        pol->capcaps = cap;
    }
    CapEntry *e = &pol->caps[pol->ncaps++];
    e->path = *path;
    e->cap = cap_default;
    return e;
}

static Cap cap_of(UnrollPolicy *pol, const Path *path) {
    CapEntry *e = cap_find(pol, path, false);
    return e ? e->cap : cap_default;
}

enum { W_NO_CONST, W_NO_VIRTUAL, W_FACTS, W_NO_CLS, W_ILEVEL };

static void weaken(UnrollPolicy *pol, const Path *path, int what, int arg) {
    CapEntry *e = cap_find(pol, path, true);
    Cap old = e->cap;
    switch (what) {
    case W_NO_CONST: e->cap.no_const = true; break;
    case W_NO_VIRTUAL: e->cap.no_virtual = true; break;
    case W_FACTS: e->cap.fact_mask &= (uint8_t)arg; break;
    case W_NO_CLS: e->cap.no_cls = true; break;
    default:
        if (arg > e->cap.min_ilevel) e->cap.min_ilevel = (int8_t)arg;
        break;
    }
    if (memcmp(&old, &e->cap, sizeof old)) pol->changed = true;
}

/* Integer leaves: how much of their bounds the label promises. */
static int level_of(int64_t lo, int64_t hi) { return (lo >= 0 && hi <= 1) ? 0 : bounds_small(lo, hi) ? 1 : 2; }
static void level_bounds(int l, int64_t *lo, int64_t *hi) {
    *lo = l == 0 ? 0 : l == 1 ? SMALLINT_MIN : INT64_MIN;
    *hi = l == 0 ? 1 : l == 1 ? SMALLINT_MAX : INT64_MAX;
}

/* ---- the export ----------------------------------------------------------------------- */

enum { EX_CONST, EX_LEAF, EX_BOX, EX_OBJ, EX_ALIAS };

typedef struct ExNode {
    uint8_t kind;
    uint8_t vkind;          /* EX_BOX: VK_BOXINT, VK_BOXFLOAT, VK_BOOL */
    char type;              /* EX_LEAF: 'i' 'f' 'r' */
    uint8_t flags;          /* EX_LEAF 'r': F_* promised at the label */
    int8_t ilevel;          /* EX_LEAF 'i' */
    Type *cls;              /* EX_LEAF 'r': class promised, or NULL */
    IRRef value;            /* EX_CONST: the constant; EX_LEAF: the label argument */
    IRRef orig;             /* EX_LEAF: the preamble value it copies */
    IRRef peeled;           /* EX_OBJ: its virtual in the peeled body */
    IRRef at_jump;          /* EX_OBJ: the virtual found at the jump */
    int32_t leaf;           /* EX_LEAF: index among the leaves */
    int32_t kid0, nkids;    /* children, in Unroll.kids */
    SizeDescr *sd;          /* EX_OBJ */
    VField *tmpl;           /* EX_OBJ: its fields' layout */
    int32_t alias;          /* EX_ALIAS: the EX_OBJ node it is */
    int32_t raw;            /* EX_LEAF 'r' float: the leaf node of its double, or -1 */
    int32_t vsrc;           /* EX_OBJ: the preamble's virtual */
    Path path;
} ExNode;

typedef struct Unroll {
    Opt *O;
    UnrollPolicy *pol;
    ExNode *nodes;
    int32_t nnodes, capnodes;
    int32_t *kids;
    int32_t nkids, capkids;
    IRRef *leaves, *jleaves;
    int32_t nleaves, capleaves;
    bool bad;               /* a mismatch at the jump */
    bool hard;              /* a mismatch no weakening can fix */
    /* what the short preamble needs (opt_unroll's export) */
    TargetDescr *t0;
    int32_t npos;
    int32_t *pos_node;      /* per T0 argument: its export node, -1: invariant */
    int32_t nh;
    HeapEntry *hexp;        /* exported heap entries */
    int32_t *hnode, *hobj;  /* their value's node; their object's leaf node or -1 */
    bool notinv;            /* T1 assumes guard_not_invalidated holds */
    int32_t in_label, in_jump;
} Unroll;

static int32_t new_node(Unroll *U, const Path *path) {
    if (U->nnodes == U->capnodes) {
        int32_t cap = U->capnodes ? U->capnodes * 2 : 32;
        ExNode *n = gc_alloc(sizeof(ExNode) * (size_t)cap);
        if (U->nnodes) memcpy(n, U->nodes, sizeof(ExNode) * (size_t)U->nnodes);
        U->nodes = n;
        U->capnodes = cap;
    }
    ExNode *N = &U->nodes[U->nnodes];
    memset(N, 0, sizeof *N);
    N->path = *path;
    N->value = N->orig = N->peeled = N->at_jump = IR_NONE;
    N->alias = N->vsrc = N->raw = -1;
    return U->nnodes++;
}

static int32_t reserve_kids(Unroll *U, int32_t n) {
    if (U->nkids + n > U->capkids) {
        int32_t cap = U->capkids ? U->capkids * 2 : 32;
        while (cap < U->nkids + n) cap *= 2;
        int32_t *k = gc_alloc_atomic(sizeof(int32_t) * (size_t)cap);
        if (U->nkids) memcpy(k, U->kids, sizeof(int32_t) * (size_t)U->nkids);
        U->kids = k;
        U->capkids = cap;
    }
    int32_t first = U->nkids;
    U->nkids += n;
    return first;
}

static Path path_child(const Path *p, int32_t step) {
    Path c = *p;
    c.p[c.n++] = step;
    return c;
}

static void push_leaf(Unroll *U, IRRef v) {
    if (U->nleaves == U->capleaves) {
        int32_t cap = U->capleaves ? U->capleaves * 2 : 32;
        IRRef *n = gc_alloc_atomic(sizeof(IRRef) * (size_t)cap);
        IRRef *j = gc_alloc_atomic(sizeof(IRRef) * (size_t)cap);
        if (U->nleaves) memcpy(n, U->leaves, sizeof(IRRef) * (size_t)U->nleaves);
        U->leaves = n;
        U->jleaves = j;
        U->capleaves = cap;
    }
    U->leaves[U->nleaves++] = v;
}

static int32_t ex_value(Unroll *U, IRRef v, const Path *path);

static int32_t ex_leaf(Unroll *U, int32_t n, IRRef v, Cap c) {
    Opt *O = U->O;
    char t = opt_type(O, v);
    uint8_t flags = opt_flags(O, v) & c.fact_mask;
    Type *cls = c.no_cls ? NULL : opt_cls(O, v);
    int64_t lo, hi;
    opt_bounds(O, v, &lo, &hi);
    int lvl = level_of(lo, hi);
    if (lvl < c.min_ilevel) lvl = c.min_ilevel;
    IRRef orig = v;
    /* A label argument is a new value in every iteration: always a copy,
       so that no rule of the peeled body looks through it at the op that
       computed it in the preamble (unbox_int(box_int(x)), a comparison's
       arguments, an allocation...), nor mistakes it for an invariant. */
    v = opt_emit_simple(O, t == 'i' ? IR_same_as_i : t == 'f' ? IR_same_as_f : IR_same_as_r, 1, &v, NULL);
    ExNode *N = &U->nodes[n];
    N->kind = EX_LEAF;
    N->orig = orig;
    N->type = t;
    N->flags = flags;
    N->cls = cls;
    N->ilevel = (int8_t)lvl;
    N->value = v;
    N->leaf = U->nleaves;
    push_leaf(U, v);
    return n;
}

static int32_t ex_box(Unroll *U, int32_t n, int vkind, IRRef payload, const Path *path) {
    int32_t k = reserve_kids(U, 1);
    U->nodes[n].kind = EX_BOX;
    U->nodes[n].vkind = (uint8_t)vkind;
    U->nodes[n].kid0 = k;
    U->nodes[n].nkids = 1;
    Path cp = path_child(path, 0);
    U->kids[k] = ex_value(U, payload, &cp);
    return n;
}

static bool const_float(Value x, double *d) {
    if (v_is_smallfloat(x)) return *d = v_smallfloat_val(x), true;
    if (x != VNULL && v_is_ptr(x) && V_OBJ(x)->type == &float_type) return *d = float_val(x), true;
    return false;
}

static int32_t ex_value(Unroll *U, IRRef v, const Path *path) {
    Opt *O = U->O;
    v = opt_val(O, v);
    Cap c = cap_of(U->pol, path);
    int32_t n = new_node(U, path);
    bool deep = path->n >= PATH_DEPTH;
    if (ir_is_const(v)) {
        if (!c.no_const) {
            U->nodes[n].kind = EX_CONST;
            U->nodes[n].value = v;
            return n;
        }
        if (opt_type(O, v) == 'r' && !c.no_virtual && !deep) {
            Value x = opt_cr(O, v);
            double d;
            if (v_is_int(x)) return ex_box(U, n, VK_BOXINT, opt_ki(O, v_intval(x)), path);
            if (const_float(x, &d)) return ex_box(U, n, VK_BOXFLOAT, opt_kf(O, d), path);
            if (x == V_TRUE || x == V_FALSE) return ex_box(U, n, VK_BOOL, opt_ki(O, x == V_TRUE), path);
        }
        return ex_leaf(U, n, v, c);
    }
    Virtual *vt = opt_virtual(O, v);
    if (vt && (c.no_virtual || deep)) {
        v = opt_force(O, v);
    } else if (vt && vt->kind != VK_OBJECT) {
        return ex_box(U, n, vt->kind, vt->payload, path);
    } else if (vt) {
        int32_t vidx = v & ~OPT_VBIT;
        for (int32_t i = 0; i < U->nnodes; i++)
            if (U->nodes[i].kind == EX_OBJ && U->nodes[i].vsrc == vidx) {
                U->nodes[n].kind = EX_ALIAS;
                U->nodes[n].alias = i;
                return n;
            }
        int32_t nf = vt->nfields;
        VField *tmpl = gc_alloc(sizeof(VField) * (size_t)(nf + 1));
        if (nf) memcpy(tmpl, vt->fields, sizeof(VField) * (size_t)nf);
        int32_t k = reserve_kids(U, nf);
        ExNode *N = &U->nodes[n];
        N->kind = EX_OBJ;
        N->vsrc = vidx;
        N->sd = vt->size;
        N->tmpl = tmpl;
        N->kid0 = k;
        N->nkids = nf;
        for (int32_t j = 0; j < nf; j++) {
            Path cp = path_child(path, tmpl[j].offset);
            int32_t kid = ex_value(U, tmpl[j].value, &cp);
            U->kids[k + j] = kid;
        }
        return n;
    }
    ex_leaf(U, n, v, c);
    /* A float the preamble unboxed (a list item read as a float, kept in
       the heap cache or a variable): its raw double is a leaf too, so the
       peeled body does not unbox it again in every iteration. The
       reference stays a leaf of its own (not a virtual box rebuilt where
       it escapes): a FloatObject read from a list keeps its identity. */
    if (U->nodes[n].type == 'r' && (U->nodes[n].flags & F_FLOAT) && !deep) {
        IRRef unboxed = pure_find(O, IR_unbox_float, 1, &v, NULL);
        if (unboxed != IR_NONE) {
            Path rp = path_child(path, -1);
            int32_t r = new_node(U, &rp);
            ex_leaf(U, r, unboxed, cap_of(U->pol, &rp));
            U->nodes[n].raw = r;
        }
    }
    return n;
}

/* The value a node stands for at the top of the peeled body. */
static IRRef build(Unroll *U, int32_t n) {
    Opt *O = U->O;
    ExNode *N = &U->nodes[n];
    switch (N->kind) {
    case EX_CONST:
    case EX_LEAF: return N->value;
    case EX_BOX: {
        int vkind = N->vkind;
        IRRef payload = build(U, U->kids[N->kid0]);
        return opt_new_virtual(O, vkind, payload, NULL);
    }
    case EX_OBJ: {
        IRRef v = opt_new_virtual(O, VK_OBJECT, IR_NONE, N->sd);
        U->nodes[n].peeled = v;
        int32_t nf = U->nodes[n].nkids;
        VField *fields = gc_alloc(sizeof(VField) * (size_t)(nf + 1));
        for (int32_t j = 0; j < nf; j++) {
            fields[j] = U->nodes[n].tmpl[j];
            fields[j].value = build(U, U->kids[U->nodes[n].kid0 + j]);
        }
        Virtual *vt = &O->virt[v & ~OPT_VBIT];
        vt->fields = fields;
        vt->nfields = vt->capfields = nf;
        return v;
    }
    default: return U->nodes[N->alias].peeled;
    }
}

/* Check the value found at the jump against node n; collect its leaves. */
static void validate(Unroll *U, int32_t n, IRRef v) {
    Opt *O = U->O;
    v = opt_val(O, v);
    ExNode *N = &U->nodes[n];
    UnrollPolicy *pol = U->pol;
    switch (N->kind) {
    case EX_CONST:
        if (!opt_same_const(O, v, N->value)) {
            weaken(pol, &N->path, W_NO_CONST, 0);
            U->bad = true;
        }
        return;
    case EX_BOX: {
        Virtual *vt = opt_virtual(O, v);
        IRRef payload = IR_NONE;
        if (vt && vt->kind == N->vkind) {
            payload = vt->payload;
        } else if (ir_is_const(v) && opt_type(O, v) == 'r') {
            Value x = opt_cr(O, v);
            double d;
            if (N->vkind == VK_BOXINT && v_is_int(x)) payload = opt_ki(O, v_intval(x));
            else if (N->vkind == VK_BOXFLOAT && const_float(x, &d)) payload = opt_kf(O, d);
            else if (N->vkind == VK_BOOL && (x == V_TRUE || x == V_FALSE)) payload = opt_ki(O, x == V_TRUE);
        }
        if (payload == IR_NONE) {
            weaken(pol, &N->path, W_NO_VIRTUAL, 0);
            U->bad = true;
            return;
        }
        validate(U, U->kids[N->kid0], payload);
        return;
    }
    case EX_OBJ: {
        Virtual *vt = opt_virtual(O, v);
        bool ok = vt && vt->kind == VK_OBJECT && vt->size->type == N->sd->type && vt->size->size == N->sd->size &&
                  vt->nfields == N->nkids;
        for (int32_t j = 0; ok && j < N->nkids; j++) {
            IRRef fv = IR_NONE;
            for (int32_t i = 0; i < vt->nfields; i++)
                if (vt->fields[i].offset == N->tmpl[j].offset) fv = vt->fields[i].value;
            if (fv == IR_NONE) ok = false;
            else validate(U, U->kids[N->kid0 + j], fv);
            N = &U->nodes[n];
        }
        if (!ok) {
            weaken(pol, &N->path, W_NO_VIRTUAL, 0);
            U->bad = true;
            return;
        }
        N->at_jump = v;
        return;
    }
    case EX_ALIAS: {
        ExNode *A = &U->nodes[N->alias];
        if (A->at_jump != v) {
            weaken(pol, &A->path, W_NO_VIRTUAL, 0);
            U->bad = true;
        }
        return;
    }
    default: break;
    }
    /* a leaf */
    char t = opt_type(O, v);
    if (t != N->type) {
        U->hard = true;
        return;
    }
    if (t == 'r') {
        /* a virtual is forced only if the leaf is live (finish_loop) */
        uint8_t f = opt_flags(O, v);
        if (N->flags & ~f) {
            weaken(pol, &N->path, W_FACTS, f);
            U->bad = true;
        }
        if (N->cls && opt_cls(O, v) != N->cls) {
            weaken(pol, &N->path, W_NO_CLS, 0);
            U->bad = true;
        }
    } else if (t == 'i') {
        int64_t lo, hi;
        opt_bounds(O, v, &lo, &hi);
        int lvl = level_of(lo, hi);
        if (lvl > N->ilevel) {
            weaken(pol, &N->path, W_ILEVEL, lvl);
            U->bad = true;
        }
    }
    U->jleaves[N->leaf] = v;
    if (N->raw >= 0 && (opt_flags(O, v) & F_FLOAT)) {
        /* unboxed here unless the body did (CSE), or v is a box */
        ExNode *R = &U->nodes[N->raw];
        U->jleaves[R->leaf] = opt_run2(O, IR_unbox_float, v, IR_NONE, NULL, -1);
    }
}

/* ---- the peeled loop ------------------------------------------------------------------------ */

static void set_args(IROp *op, int n, const IRRef *args) {
    op->nargs = (uint8_t)n;
    op->xargs = NULL;
    op->arg[0] = op->arg[1] = op->arg[2] = IR_NONE;
    if (n > 3) {
        op->xargs = gc_alloc_atomic(sizeof(IRRef) * (size_t)n);
        memcpy(op->xargs, args, sizeof(IRRef) * (size_t)n);
    } else {
        for (int i = 0; i < n; i++) op->arg[i] = args[i];
    }
}

typedef struct Uses {
    uint8_t *mark;          /* per preamble ref: 1 leaf, 2 invariant in use */
    IRRef *list;
    int32_t n, cap;
    int32_t limit;          /* T1's index */
    bool bad;
} Uses;

static void use(Opt *O, Uses *u, IRRef r) {
    if (!opt_is_op(r) || r >= u->limit || u->mark[r]) return;
    if (!(O->info[r].flags & F_INV)) {
        u->bad = true;   /* a preamble value that changes: cannot happen */
        return;
    }
    u->mark[r] = 2;
    if (u->n == u->cap) {
        u->cap = u->cap ? u->cap * 2 : 32;
        IRRef *l = gc_alloc_atomic(sizeof(IRRef) * (size_t)u->cap);
        if (u->n) memcpy(l, u->list, sizeof(IRRef) * (size_t)u->n);
        u->list = l;
    }
    u->list[u->n++] = r;
}

/* Scan the refs of peeled op i (arguments, snapshot slots and fields). */
static void scan_op(Opt *O, int32_t i, void (*f)(Opt *, void *, IRRef), void *ctx) {
    const IROp *op = &O->out->ops[i];
    for (int k = 0; k < op->nargs; k++) f(O, ctx, ir_arg(op, k));
    if (!op_exit(op)) return;
    const Snapshot *s = op_exit(op)->snap;
    if (!s) return;
    for (int32_t k = 0; k < s->nslots; k++)
        if (s->slots[k].kind != SK_NULL) f(O, ctx, s->slots[k].ref);
    for (int32_t k = 0; k < s->nvirtuals; k++)
        for (int32_t m = 0; m < s->virtuals[k].nfields; m++) f(O, ctx, s->virtuals[k].fields[m].value.ref);
}

typedef struct Live {
    int32_t *lidx;          /* per preamble ref: its leaf index, or -1 */
    uint8_t *live;          /* per leaf */
    int32_t nleaves;
    int32_t limit;
} Live;

static void mark_live(Opt *O, void *ctx, IRRef r) {
    Live *l = ctx;
    (void)O;
    if (opt_is_op(r) && r < l->limit && l->lidx[r] >= 0) l->live[l->lidx[r]] = 1;
}

static void use_cb(Opt *O, void *ctx, IRRef r) { use(O, ctx, r); }

/* Mark the leaves a jump value needs: itself, or what its virtual holds
 * (depth-bounded: virtual objects may refer to each other). */
static void mark_value(Opt *O, Live *l, IRRef v, int depth) {
    v = opt_val(O, v);
    Virtual *vt = opt_virtual(O, v);
    if (!vt) {
        mark_live(O, l, v);
        return;
    }
    if (depth > 2 * PATH_DEPTH) {
        memset(l->live, 1, (size_t)l->nleaves);   /* too deep (a cycle?): keep all */
        return;
    }
    if (vt->kind != VK_OBJECT) {
        mark_value(O, l, vt->payload, depth + 1);
        return;
    }
    for (int32_t i = 0; i < vt->nfields; i++) mark_value(O, l, vt->fields[i].value, depth + 1);
}

static int load_opcode(Descr *d) {
    char t = d->kind == DESCR_FIELD ? ((FieldDescr *)d)->type : ((ArrayDescr *)d)->type;
    if (d->kind == DESCR_FIELD) return t == 'i' ? IR_getfield_gc_i : t == 'f' ? IR_getfield_gc_f : IR_getfield_gc_r;
    return t == 'i' ? IR_getarrayitem_gc_i : t == 'f' ? IR_getarrayitem_gc_f : IR_getarrayitem_gc_r;
}

/* ---- the short preamble ------------------------------------------------------------------- */

/* A trace that ends at this loop's header (a bridge, another loop) holds
 * the values of T0's arguments; entering at T0 runs the whole preamble
 * again. T1 needs only its own arguments and what the peeled body assumes
 * of them, and most of that is cheap to recompute: the short preamble is
 * the list of operations that does it, in terms of T0's arguments, built
 * here from the export and the optimized preamble:
 *
 *   - each invariant value the peeled body reads (T1's appended arguments)
 *     is replayed with what computes it (pure ops and pure loads of
 *     invariant values only: F_INV), and every preamble guard whose
 *     arguments are all invariant is replayed with them, in preamble
 *     order (classes, non-null, guard_value, comparisons): the peeled body
 *     may have dropped a guard because one of those held;
 *   - an invariant int whose bounds a guard on a varying value narrowed
 *     (guard_true(int_lt(i, n)) bounds n too) gets guards for its bounds;
 *   - each exported position is taken apart as the export took it:
 *     a box is checked (guard_is_int, guard_is_float, its class) and
 *     unboxed, a constant is guarded with guard_value, a leaf gets guards
 *     for the facts T1 promises (class, non-null, small int, float, bounds);
 *   - each exported heap entry is loaded again from its object.
 * It ends with jump(...) to T1. The trace that uses it replays it (record.c)
 * with guards that go back to the loop header, and the optimizer folds what
 * that trace already knows (a virtual box is unboxed for free, a known
 * class needs no guard). A virtual object in the export cannot be rebuilt
 * from a reference: such a loop has no short preamble (NULL), and so has
 * one whose preamble computes an invariant in a way that cannot be
 * replayed (the caller enters at T0 then, as before). */
typedef struct Short {
    Opt *O;
    Unroll *U;
    IRBuf *sp;
    IRRef *smap;            /* per output ref below T1: its value in sp */
    IRRef *nodeval;         /* per export node: its value in sp */
    uint8_t *live;          /* per export node: a T1 argument or an exported
                               heap entry's object (its guards are needed) */
    uint8_t *pos_read;      /* per position: an op of the body reads it */
    uint8_t *live_obj;      /* per export node: an exported heap entry's object */
    bool bad;
} Short;

/* The positions (T0 arguments) an operation of the loop body reads, in the
 * input trace: the facts T1 promises of the others were used by no
 * optimization (a snapshot only keeps the value), so the short preamble
 * need not guard them; a position the jump passes to a read one is read. */
static uint8_t *positions_read(const Unroll *U) {
    const IRBuf *in = U->O->in;
    const IROp *lop = &in->ops[U->in_label], *jop = &in->ops[U->in_jump];
    int32_t n = lop->nargs;
    uint8_t *rd = gc_alloc_atomic((size_t)n + 1);
    memset(rd, 0, (size_t)n + 1);
    int32_t *pos = gc_alloc_atomic(sizeof(int32_t) * (size_t)(in->nops + 1));
    for (int32_t i = 0; i < in->nops; i++) pos[i] = -1;
    for (int32_t k = 0; k < n; k++)
        if (opt_is_op(ir_arg(lop, k))) pos[ir_arg(lop, k)] = k;
    for (int32_t i = U->in_label + 1; i < U->in_jump; i++) {
        const IROp *op = &in->ops[i];
        for (int k = 0; k < op->nargs; k++)
            if (opt_is_op(ir_arg(op, k)) && ir_arg(op, k) < in->nops && pos[ir_arg(op, k)] >= 0) rd[pos[ir_arg(op, k)]] = 1;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int32_t k = 0; k < n && k < jop->nargs; k++) {
            IRRef a = ir_arg(jop, k);
            if (rd[k] && opt_is_op(a) && a < in->nops && pos[a] >= 0 && !rd[pos[a]]) rd[pos[a]] = 1, changed = true;
        }
    }
    return rd;
}

static IRRef sp_const(Short *S, IRRef k) {
    const IRConst *c = ir_const(S->O->out, k);
    return c->type == 'i' ? ir_const_int(S->sp, c->v.i) : c->type == 'f' ? ir_const_float(S->sp, c->v.f)
                                                                         : ir_const_ref(S->sp, c->v.r);
}

static IRRef sp_arg(Short *S, IRRef r) {
    if (r == IR_NONE) return IR_NONE;
    if (ir_is_const(r)) return sp_const(S, r);
    if (!opt_is_op(r) || S->smap[r] == IR_NONE) {
        S->bad = true;
        return IR_NONE;
    }
    return S->smap[r];
}

static IRRef sp_emit(Short *S, int opcode, int nargs, const IRRef *args, Descr *d) {
    for (int i = 0; i < nargs; i++)
        if (args[i] == IR_NONE) S->bad = true;
    if (S->bad) return IR_NONE;
    return ir_emit(S->sp, opcode, nargs, args, d);
}

static void sp_guard1(Short *S, int opcode, IRRef a) { sp_emit(S, opcode, 1, &a, NULL); }
static void sp_guard2(Short *S, int opcode, IRRef a, IRRef b) {
    IRRef args[2] = {a, b};
    sp_emit(S, opcode, 2, args, NULL);
}

/* guard_true(lo <= v <= hi), the ends that say something */
static void sp_guard_bounds(Short *S, IRRef v, int64_t lo, int64_t hi) {
    if (lo > INT64_MIN) {
        IRRef a[2] = {v, ir_const_int(S->sp, lo)};
        sp_guard1(S, IR_guard_true, sp_emit(S, IR_int_ge, 2, a, NULL));
    }
    if (hi < INT64_MAX) {
        IRRef a[2] = {v, ir_const_int(S->sp, hi)};
        sp_guard1(S, IR_guard_true, sp_emit(S, IR_int_le, 2, a, NULL));
    }
}

/* An invariant preamble op the short preamble may compute again. */
static bool replayable(Opt *O, const IROp *op, IRRef r) {
    int f = irop_info[op->opcode].flags;
    if (!(O->info[r].flags & F_INV) || (f & (IRF_GUARD | IRF_OVF | IRF_STORE | IRF_CONTROL))) return false;
    if (f & IRF_CALL) return (f & IRF_PURE) && opt_call_effect(op, op->opcode, op->descr) < CALL_CAN_RAISE;
    return (f & (IRF_PURE | IRF_LOAD)) != 0;   /* F_INV loads are pure loads */
}

/* A preamble guard the peeled body may rely on: it tests invariant values. */
static bool invariant_guard(Opt *O, const IROp *op) {
    if (!irop_is_guard(op->opcode) || op->nargs == 0) return false;
    for (int k = 0; k < op->nargs; k++) {
        IRRef a = ir_arg(op, k);
        if (!ir_is_const(a) && !(opt_is_op(a) && (O->info[a].flags & F_INV))) return false;
    }
    return true;
}

/* Bounds an invariant int has anyway, wherever it is computed. */
static void natural_bounds(const IROp *op, int64_t *lo, int64_t *hi) {
    *lo = INT64_MIN;
    *hi = INT64_MAX;
    if (irop_info[op->opcode].flags & IRF_COMPARE) *lo = 0, *hi = 1;
    else if (op->opcode == IR_unbox_int) *lo = SMALLINT_MIN, *hi = SMALLINT_MAX;
}

/* Does the peeled body read anything of node n? A leaf finish_loop
 * dropped is read nowhere: what the previous iteration left there (the
 * last item of a loop over a list of several classes) needs no guard. */
static bool node_read(Short *S, int32_t n) {
    const ExNode *N = &S->U->nodes[n];
    switch (N->kind) {
    case EX_LEAF: return S->live[n] || (N->raw >= 0 && S->live[N->raw]);
    case EX_BOX: return node_read(S, S->U->kids[N->kid0]);
    case EX_OBJ:
        for (int32_t j = 0; j < N->nkids; j++)
            if (node_read(S, S->U->kids[N->kid0 + j])) return true;
        return false;
    default: return true;
    }
}

/* Take the value v (in sp) apart as export node n did. */
static void sp_node(Short *S, int32_t n, IRRef v) {
    Unroll *U = S->U;
    ExNode *N = &U->nodes[n];
    if (S->bad) return;
    S->nodeval[n] = v;
    if (!node_read(S, n)) return;
    switch (N->kind) {
    case EX_CONST:
        if (opt_type(S->O, N->value) == 'f') S->bad = true;   /* no guard_value for floats */
        else sp_guard2(S, IR_guard_value, v, sp_const(S, N->value));
        return;
    case EX_LEAF:
        if (N->path.p[0] == 0 && !S->pos_read[N->path.p[1]] && !S->live_obj[n] && N->raw < 0) return;
        if (N->type == 'r') {
            if (N->cls) sp_guard2(S, IR_guard_nonnull_class, v, ir_const_ref(S->sp, V_FROM_PTR(N->cls)));
            else if (N->flags & F_NONNULL) sp_guard1(S, IR_guard_nonnull, v);
            if (N->flags & F_SMALLINT) sp_guard1(S, IR_guard_is_int, v);
            if (N->flags & F_FLOAT) sp_guard1(S, IR_guard_is_float, v);
            if (N->flags & F_LISTVALS) sp_guard1(S, IR_guard_value_storage, v);
            if (N->raw >= 0) S->nodeval[N->raw] = sp_emit(S, IR_unbox_float, 1, &v, NULL);
        } else if (N->type == 'i') {
            int64_t lo, hi;
            level_bounds(N->ilevel, &lo, &hi);
            sp_guard_bounds(S, v, lo, hi);
        }
        return;
    case EX_BOX: {
        IRRef payload;
        if (N->vkind == VK_BOXINT) {
            sp_guard1(S, IR_guard_is_int, v);
            payload = sp_emit(S, IR_unbox_int, 1, &v, NULL);
        } else if (N->vkind == VK_BOXFLOAT) {
            sp_guard1(S, IR_guard_is_float, v);
            payload = sp_emit(S, IR_unbox_float, 1, &v, NULL);
        } else {
            sp_guard2(S, IR_guard_nonnull_class, v, ir_const_ref(S->sp, V_FROM_PTR(&bool_type)));
            IRRef a[2] = {v, ir_const_ref(S->sp, V_TRUE)};
            payload = sp_emit(S, IR_ptr_eq, 2, a, NULL);
        }
        sp_node(S, U->kids[U->nodes[n].kid0], payload);
        return;
    }
    default: S->bad = true; return;   /* a virtual object: not from a reference */
    }
}

static IRBuf *build_short_preamble(Opt *O, Unroll *U, int32_t t1, const IRRef *t1args, int32_t nt1) {
    IRBuf *out = O->out;
    int32_t t0 = t1 - 1;
    while (t0 >= 0 && out->ops[t0].opcode != IR_label) t0--;
    if (t0 < 0 || out->ops[t0].nargs != U->npos) return NULL;
    Short S = {O, U, gc_alloc(sizeof(IRBuf)), NULL, NULL, false};
    irbuf_init(S.sp);
    S.smap = gc_alloc_atomic(sizeof(IRRef) * (size_t)(t1 + 1));
    for (int32_t i = 0; i < t1; i++) S.smap[i] = IR_NONE;
    S.nodeval = gc_alloc_atomic(sizeof(IRRef) * (size_t)(U->nnodes + 1));
    for (int32_t i = 0; i < U->nnodes; i++) S.nodeval[i] = IR_NONE;
    S.live = gc_alloc_atomic((size_t)U->nnodes + 1);
    memset(S.live, 0, (size_t)U->nnodes + 1);
    for (int32_t n = 0; n < U->nnodes; n++)
        for (int32_t i = 0; i < U->nleaves; i++)
            if (U->nodes[n].kind == EX_LEAF && U->nodes[n].value == t1args[i]) S.live[n] = 1;
    S.live_obj = gc_alloc_atomic((size_t)U->nnodes + 1);
    memset(S.live_obj, 0, (size_t)U->nnodes + 1);
    for (int32_t h = 0; h < U->nh; h++)
        if (U->hobj[h] >= 0 && node_read(&S, U->hnode[h])) S.live[U->hobj[h]] = S.live_obj[U->hobj[h]] = 1;
    S.pos_read = positions_read(U);
    const IROp *lop = &out->ops[t0];
    for (int k = 0; k < lop->nargs; k++) {
        IRRef a = ir_arg(lop, k);
        char t = opt_type(O, a);
        S.smap[a] = ir_emit(S.sp, t == 'i' ? IR_inputarg_i : t == 'f' ? IR_inputarg_f : IR_inputarg_r, 0, NULL, NULL);
    }

    /* which preamble ops it needs: the invariant T1 arguments, the objects
       of exported heap entries, invariant guards' arguments, narrowed ints */
    uint8_t *need = gc_alloc_atomic((size_t)t1 + 1), *bounds = gc_alloc_atomic((size_t)t1 + 1);
    memset(need, 0, (size_t)t1 + 1);
    memset(bounds, 0, (size_t)t1 + 1);
#define NEED(r) do { if (opt_is_op(r) && (r) > t0 && (r) < t1) need[r] = 1; } while (0)
    for (int32_t i = U->nleaves; i < nt1; i++) NEED(t1args[i]);
    for (int32_t h = 0; h < U->nh; h++) {
        if (U->hobj[h] < 0) NEED(opt_val(O, U->hexp[h].obj));
        NEED(opt_val(O, U->hexp[h].idx));
    }
    for (int32_t i = t0 + 1; i < t1; i++) {
        const IROp *op = &out->ops[i];
        if (invariant_guard(O, op)) {
            for (int k = 0; k < op->nargs; k++) NEED(ir_arg(op, k));
        } else if (op->type == 'i' && (O->info[i].flags & F_INV)) {
            int64_t lo, hi;
            natural_bounds(op, &lo, &hi);
            if (O->info[i].lo > lo || O->info[i].hi < hi) need[i] = bounds[i] = 1;
        }
    }
    for (int32_t i = t1 - 1; i > t0; i--) {
        if (!need[i]) continue;
        const IROp *op = &out->ops[i];
        if (!replayable(O, op, i)) return NULL;
        for (int k = 0; k < op->nargs; k++) NEED(ir_arg(op, k));
    }
#undef NEED

    if (U->notinv) sp_emit(&S, IR_guard_not_invalidated, 0, NULL, NULL);
    IRRef abuf[8];
    for (int32_t i = t0 + 1; i < t1 && !S.bad; i++) {
        const IROp *op = &out->ops[i];
        bool guard = invariant_guard(O, op);
        if (!need[i] && !guard) continue;
        IRRef *args = op->nargs <= 8 ? abuf : gc_alloc_atomic(sizeof(IRRef) * (size_t)op->nargs);
        for (int k = 0; k < op->nargs; k++) args[k] = sp_arg(&S, ir_arg(op, k));
        IRRef r = sp_emit(&S, op->opcode, op->nargs, args, guard ? NULL : op->descr);
        if (guard) continue;
        S.smap[i] = r;
        if (bounds[i]) sp_guard_bounds(&S, r, O->info[i].lo, O->info[i].hi);
    }
    for (int k = 0; k < U->npos && !S.bad; k++)
        if (U->pos_node[k] >= 0) sp_node(&S, U->pos_node[k], S.smap[ir_arg(lop, k)]);
    for (int32_t h = 0; h < U->nh && !S.bad; h++) {
        const HeapEntry *e = &U->hexp[h];
        if (!node_read(&S, U->hnode[h])) continue;
        IRRef obj = U->hobj[h] >= 0 ? S.nodeval[U->hobj[h]] : sp_arg(&S, opt_val(O, e->obj));
        IRRef args[2] = {obj, sp_arg(&S, opt_val(O, e->idx))};
        int opc = load_opcode(e->descr);
        IRRef v = sp_emit(&S, opc, irop_info[opc].nargs, args, e->descr);
        sp_node(&S, U->hnode[h], v);
    }
    IRRef *jargs = gc_alloc_atomic(sizeof(IRRef) * (size_t)(nt1 + 1));
    for (int32_t i = 0; i < nt1 && !S.bad; i++) {
        jargs[i] = IR_NONE;
        if (i >= U->nleaves) {
            jargs[i] = sp_arg(&S, t1args[i]);
            continue;
        }
        for (int32_t n = 0; n < U->nnodes; n++)
            if (U->nodes[n].kind == EX_LEAF && U->nodes[n].value == t1args[i]) jargs[i] = S.nodeval[n];
        if (jargs[i] == IR_NONE) S.bad = true;
    }
    if (S.bad) return NULL;
    ir_emit(S.sp, IR_jump, nt1, jargs, &O->policy->target->d);
    irbuf_trim(S.sp);
    if (getenv("TPY_JITDUMP")) {
        fprintf(stderr, "--- short preamble of loop %u\n", U->t0->id);
        ir_print(S.sp, stderr, NULL);
    }
    return S.sp;
}

/* Finish the peeled loop: drop the label arguments it never reads (a leaf
 * is live if an op or snapshot of the peeled body reads it, or the jump
 * passes it to a live leaf), force what the jump passes to live leaves,
 * emit the jump, then append the invariant preamble values the loop uses
 * to T1 and its jump (passed unchanged). */
static bool finish_loop(Opt *O, Unroll *U, int32_t t1) {
    IRBuf *out = O->out;
    Live l;
    l.limit = t1;
    l.lidx = gc_alloc_atomic(sizeof(int32_t) * (size_t)(t1 + 1));
    for (int32_t i = 0; i < t1; i++) l.lidx[i] = -1;
    for (int32_t i = 0; i < U->nleaves; i++) l.lidx[U->leaves[i]] = i;
    l.nleaves = U->nleaves;
    l.live = gc_alloc_atomic((size_t)U->nleaves + 1);
    memset(l.live, 0, (size_t)U->nleaves + 1);
    for (int32_t i = t1 + 1; i < out->nops; i++) scan_op(O, i, mark_live, &l);
    uint8_t *done = gc_alloc_atomic((size_t)U->nleaves + 1);
    memset(done, 0, (size_t)U->nleaves + 1);
    for (bool changed = true; changed;) {
        changed = false;
        for (int32_t i = 0; i < U->nleaves; i++)
            if (l.live[i] && !done[i]) {
                done[i] = 1;
                changed = true;
                mark_value(O, &l, U->jleaves[i], 0);
            }
    }
    int32_t nl = 0;
    for (int32_t i = 0; i < U->nleaves; i++)
        if (l.live[i]) {
            U->leaves[nl] = U->leaves[i];
            U->jleaves[nl++] = opt_force(O, U->jleaves[i]);
        }
    U->nleaves = nl;
    int32_t jmp = ir_emit(out, IR_jump, nl, U->jleaves, &O->policy->target->d);
    opt_sync_info(O);

    Uses u = {0};
    u.limit = t1;
    u.mark = gc_alloc_atomic((size_t)t1 + 1);
    memset(u.mark, 0, (size_t)t1 + 1);
    for (int32_t i = 0; i < U->nleaves; i++) u.mark[U->leaves[i]] = 1;
    for (int32_t i = t1 + 1; i < out->nops; i++) scan_op(O, i, use_cb, &u);
    if (u.bad) return false;
    int32_t n = U->nleaves + u.n;
    if (n > 250) return false;   /* IROp.nargs is 8 bits */
    IRRef *la = gc_alloc_atomic(sizeof(IRRef) * (size_t)(n + 1)), *ja = gc_alloc_atomic(sizeof(IRRef) * (size_t)(n + 1));
    memcpy(la, U->leaves, sizeof(IRRef) * (size_t)U->nleaves);
    memcpy(ja, U->jleaves, sizeof(IRRef) * (size_t)U->nleaves);
    if (u.n) {
        memcpy(la + U->nleaves, u.list, sizeof(IRRef) * (size_t)u.n);
        memcpy(ja + U->nleaves, u.list, sizeof(IRRef) * (size_t)u.n);
    }
    set_args(&out->ops[t1], n, la);
    set_args(&out->ops[jmp], n, ja);
    U->t0->short_preamble = build_short_preamble(O, U, t1, la, n);
    return true;
}

static bool inv_value(Opt *O, IRRef v) {
    return v == IR_NONE || ir_is_const(v) || (opt_is_op(v) && (O->info[v].flags & F_INV));
}

int opt_unroll(Opt *O, int32_t label, int32_t jump) {
    const IRBuf *in = O->in;
    const IROp *lop = &in->ops[label], *jop = &in->ops[jump];
    UnrollPolicy *pol = O->policy;
    int n = lop->nargs;
    Unroll U = {0};
    U.O = O;
    U.pol = pol;
    U.capleaves = 32;
    U.leaves = gc_alloc_atomic(sizeof(IRRef) * 32);
    U.jleaves = gc_alloc_atomic(sizeof(IRRef) * 32);
    pol->changed = false;
    ((TargetDescr *)lop->descr)->short_preamble = NULL;
    if (!pol->target) {
        TargetDescr *t0 = (TargetDescr *)lop->descr;
        TargetDescr *t1 = gc_alloc(sizeof *t1);   /* reachable from the trace's ops */
        t1->d.kind = DESCR_TARGET;
        t1->id = t0->id;   /* the same loop */
        t1->trace = t0->trace;
        pol->target = t1;
    }

    /* heap entries of invariant objects, and of objects that are label
       arguments themselves (after them: their leaves must exist); the
       list is taken before the positions' export forced anything, so
       that paths ({1, i}) name the same entries in every attempt */
    int32_t nheap = O->nheap, nh = 0;
    HeapEntry *heap0 = gc_alloc_atomic(sizeof(HeapEntry) * (size_t)(nheap + 1));
    if (nheap) memcpy(heap0, O->heap, sizeof(HeapEntry) * (size_t)nheap);

    /* export the state at the end of the preamble */
    int32_t *pos_node = gc_alloc_atomic(sizeof(int32_t) * (size_t)(n + 1));
    for (int k = 0; k < n; k++) {
        pos_node[k] = -1;
        if (ir_arg(jop, k) == ir_arg(lop, k)) continue;   /* invariant position */
        Path p = {2, {0, k}};
        pos_node[k] = ex_value(&U, opt_in(O, ir_arg(jop, k)), &p);
    }
    HeapEntry *hexp = gc_alloc_atomic(sizeof(HeapEntry) * (size_t)(nheap + 1));
    int32_t *hnode = gc_alloc_atomic(sizeof(int32_t) * (size_t)(nheap + 1));
    int32_t *hobj = gc_alloc_atomic(sizeof(int32_t) * (size_t)(nheap + 1));
    uint8_t *hdone = gc_alloc_atomic((size_t)nheap + 1);
    memset(hdone, 0, (size_t)nheap + 1);
    for (bool progress = true; progress;) {
        progress = false;
        for (int32_t i = 0; i < nheap; i++) {
            if (hdone[i]) continue;
            HeapEntry e = heap0[i];
            Descr *d = e.descr;
            bool pure = d->kind == DESCR_FIELD ? ((FieldDescr *)d)->pure : d->kind == DESCR_ARRAY && ((ArrayDescr *)d)->pure;
            e.obj = opt_val(O, e.obj);
            e.idx = opt_val(O, e.idx);
            int32_t objnode = -1;
            if (opt_is_virtual(e.obj) || !inv_value(O, e.idx) || (pure && inv_value(O, e.obj))) {
                hdone[i] = 1;   /* impossible, or kept as it is (immutable) */
                continue;
            }
            if (!inv_value(O, e.obj)) {
                for (int32_t k = 0; k < U.nnodes && objnode < 0; k++)
                    if (U.nodes[k].kind == EX_LEAF && U.nodes[k].type == 'r' && U.nodes[k].orig == e.obj) objnode = k;
                if (objnode < 0) continue;
            }
            hdone[i] = 1;
            progress = true;
            Path p = {2, {1, i}};
            hexp[nh] = e;
            hobj[nh] = objnode;
            hnode[nh] = ex_value(&U, e.value, &p);
            nh++;
        }
    }
    bool notinv = O->not_invalidated && !pol->no_notinv;
    U.t0 = (TargetDescr *)lop->descr;
    U.npos = n;
    U.pos_node = pos_node;
    U.nh = nh;
    U.hexp = hexp;
    U.hnode = hnode;
    U.hobj = hobj;
    U.notinv = notinv;
    U.in_label = label;
    U.in_jump = jump;

    if (U.nleaves > 250) {
        O->note = "too many label arguments";
        return 0;
    }
    /* T1 and the state the peeled body starts from */
    int32_t t1 = ir_emit(O->out, IR_label, U.nleaves, U.leaves, &pol->target->d);
    opt_sync_info(O);
    pure_filter_invariant(O);
    heap_filter_invariant(O);
    O->not_invalidated = notinv;
    O->exc_pending = false;
    O->force_pending = false;
    O->ovf = OVF_UNKNOWN;
    for (int32_t i = 0; i < U.nnodes; i++) {
        ExNode *N = &U.nodes[i];
        if (N->kind != EX_LEAF) continue;
        Info *inf = opt_info(O, N->value);
        inf->fwd = IR_NONE;
        inf->cls = N->type == 'r' ? N->cls : NULL;
        inf->flags = N->type == 'r' ? N->flags : 0;
        inf->lo = INT64_MIN;
        inf->hi = INT64_MAX;
        if (N->type == 'i') level_bounds(N->ilevel, &inf->lo, &inf->hi);
    }
    O->nunboxed = 0;
    O->unboxed_ref = gc_alloc_atomic(sizeof(IRRef) * (size_t)(U.nnodes + 1));
    O->unboxed_raw = gc_alloc_atomic(sizeof(IRRef) * (size_t)(U.nnodes + 1));
    for (int32_t i = 0; i < U.nnodes; i++)
        if (U.nodes[i].kind == EX_LEAF && U.nodes[i].raw >= 0) {
            O->unboxed_ref[O->nunboxed] = U.nodes[i].value;
            O->unboxed_raw[O->nunboxed++] = U.nodes[U.nodes[i].raw].value;
        }
    for (int k = 0; k < n; k++)
        if (pos_node[k] >= 0 && opt_is_op(ir_arg(lop, k))) O->imap[ir_arg(lop, k)] = build(&U, pos_node[k]);
    for (int32_t h = 0; h < nh; h++)
        heap_set(O, hobj[h] >= 0 ? U.nodes[hobj[h]].value : hexp[h].obj, hexp[h].descr, hexp[h].idx, build(&U, hnode[h]));
    O->phase = PH_PEELED;

    opt_process_range(O, label + 1, jump);
    if (O->failed) {
        O->note = "a guard of the peeled body always fails";
        return 0;
    }

    /* the jump must establish what T1 assumes */
    for (int32_t i = 0; i < U.nleaves; i++) U.jleaves[i] = IR_NONE;
    for (int k = 0; k < n; k++)
        if (pos_node[k] >= 0) validate(&U, pos_node[k], opt_in(O, ir_arg(jop, k)));
    for (int32_t h = 0; h < nh; h++) {
        IRRef obj = hobj[h] >= 0 ? U.jleaves[U.nodes[hobj[h]].leaf] : hexp[h].obj;
        if (obj == IR_NONE) continue;   /* its object did not match: retrying anyway */
        IRRef v = heap_lookup(O, obj, hexp[h].descr, hexp[h].idx);
        if (v == IR_NONE) v = opt_run2(O, load_opcode(hexp[h].descr), obj, hexp[h].idx, hexp[h].descr, -1);
        validate(&U, hnode[h], v);
    }
    if (notinv && !O->not_invalidated) {
        pol->no_notinv = true;
        pol->changed = true;
        U.bad = true;
    }
    O->cur_in = jump;
    if (O->failed || U.hard) {
        O->note = "the jump's values have other types than the label's";
        return 0;
    }
    if (U.bad && !pol->changed) O->note = "the state at the jump does not match the label's";
    if (U.bad) return pol->changed ? -1 : 0;
    if (!finish_loop(O, &U, t1)) {
        O->note = "the peeled body uses a preamble value that varies, or too many label arguments";
        return 0;
    }
    return 1;
}
