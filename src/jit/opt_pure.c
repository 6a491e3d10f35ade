/* opt_pure.c: common subexpression elimination of pure operations
 * (enable_opts name: pure).
 *
 * An op flagged IRF_PURE (arithmetic, comparisons, unboxing, call_pure_*)
 * whose opcode, descr and arguments equal those of an op already emitted
 * is that op. *_ovf ops are remembered too: one that repeats an emitted
 * *_ovf op already passed its guard_no_overflow, so the repetition's guard
 * goes as well. Commutative operations match either argument order.
 *
 * The table is an open-addressed hash set of output op indexes; keys are
 * read from the ops themselves, with arguments resolved at lookup time (a
 * stale hash only costs a missed match). PyPy bounds its table with
 * pureop_historylength; this one is unbounded (the trace is).
 */
#include "opt_internal.h"

static bool cse_candidate(int opc) {
    int f = irop_info[opc].flags;
    if (opc == IR_same_as_i || opc == IR_same_as_r || opc == IR_same_as_f) return false;
    return (f & (IRF_PURE | IRF_OVF)) && !(f & IRF_GUARD);
}

static bool commutative(int opc) {
    switch (opc) {
    case IR_int_add: case IR_int_mul: case IR_int_and: case IR_int_or: case IR_int_xor: case IR_int_eq:
    case IR_int_ne: case IR_float_add: case IR_float_mul: case IR_float_eq: case IR_float_ne: case IR_ptr_eq:
    case IR_ptr_ne: case IR_int_add_ovf: case IR_int_mul_ovf:
        return true;
    default: return false;
    }
}

static uint32_t mix(uint32_t h, uint32_t v) {
    h ^= v + 0x9E3779B9u + (h << 6) + (h >> 2);
    return h;
}

static uint32_t key_hash(Opt *O, int opc, int n, const IRRef *args, Descr *d) {
    uint32_t h = mix((uint32_t)opc, (uint32_t)n);
    h = mix(h, (uint32_t)((uintptr_t)d >> 3));
    if (n == 2 && commutative(opc)) {
        uint32_t x = (uint32_t)opt_val(O, args[0]), y = (uint32_t)opt_val(O, args[1]);
        return mix(mix(h, x < y ? x : y), x < y ? y : x);
    }
    for (int i = 0; i < n; i++) h = mix(h, (uint32_t)opt_val(O, args[i]));
    return h;
}

static IRRef op_arg_val(Opt *O, const IROp *op, int i) { return opt_val(O, ir_arg(op, i)); }

static bool key_eq(Opt *O, IRRef r, int opc, int n, const IRRef *args, Descr *d) {
    const IROp *op = &O->out->ops[r];
    if (op->opcode != opc || op->nargs != n || op->descr != d) return false;
    if (n == 2 && commutative(opc)) {
        IRRef x = opt_val(O, args[0]), y = opt_val(O, args[1]);
        IRRef u = op_arg_val(O, op, 0), v = op_arg_val(O, op, 1);
        return (x == u && y == v) || (x == v && y == u);
    }
    for (int i = 0; i < n; i++)
        if (opt_val(O, args[i]) != op_arg_val(O, op, i)) return false;
    return true;
}

static const IRRef *op_args(const IROp *op) { return op->nargs > 3 ? op->xargs : op->arg; }

void pure_clear(Opt *O) {
    for (uint32_t i = 0; i < O->cse_cap; i++) O->cse[i] = IR_NONE;
    O->cse_n = 0;
}

void pure_insert(Opt *O, IRRef r) {
    if ((O->cse_n + 1) * 2 > O->cse_cap) {
        uint32_t old = O->cse_cap;
        IRRef *ot = O->cse;
        O->cse_cap = old ? old * 2 : 256;
        O->cse = gc_alloc_atomic(sizeof(IRRef) * O->cse_cap);
        O->cse_n = 0;
        for (uint32_t i = 0; i < O->cse_cap; i++) O->cse[i] = IR_NONE;
        for (uint32_t i = 0; i < old; i++)
            if (ot[i] != IR_NONE) pure_insert(O, ot[i]);
    }
    const IROp *op = &O->out->ops[r];
    uint32_t h = key_hash(O, op->opcode, op->nargs, op_args(op), op->descr) & (O->cse_cap - 1);
    while (O->cse[h] != IR_NONE) {
        if (O->cse[h] == r) return;
        h = (h + 1) & (O->cse_cap - 1);
    }
    O->cse[h] = r;
    O->cse_n++;
}

static IRRef lookup(Opt *O, int opc, int n, const IRRef *args, Descr *d) {
    if (!O->cse_cap) return IR_NONE;
    uint32_t h = key_hash(O, opc, n, args, d) & (O->cse_cap - 1);
    while (O->cse[h] != IR_NONE) {
        if (key_eq(O, O->cse[h], opc, n, args, d)) return O->cse[h];
        h = (h + 1) & (O->cse_cap - 1);
    }
    return IR_NONE;
}

IRRef pure_find(Opt *O, int opcode, int nargs, const IRRef *args, Descr *descr) {
    return lookup(O, opcode, nargs, args, descr);
}

bool pure_pre(Opt *O, POp *p, IRRef *res) {
    if (!cse_candidate(p->opcode)) return false;
    if (p->opcode == IR_unbox_float && O->nunboxed) {
        IRRef a = opt_val(O, p->args[0]);
        for (int32_t i = 0; i < O->nunboxed; i++)
            if (O->unboxed_ref[i] == a) {
                *res = O->unboxed_raw[i];
                return true;
            }
    }
    for (int i = 0; i < p->nargs; i++)
        if (opt_is_virtual(opt_val(O, p->args[i]))) return false;
    IRRef r = lookup(O, p->opcode, p->nargs, p->args, p->descr);
    if (r == IR_NONE) return false;
    if (irop_info[p->opcode].flags & IRF_OVF) O->ovf = OVF_NEVER;
    *res = r;
    return true;
}

void pure_post(Opt *O, IRRef r) {
    if (cse_candidate(O->out->ops[r].opcode)) pure_insert(O, r);
}

/* At the peeled loop's label: keep only what is computed from values that
 * are the same in every iteration. */
void pure_filter_invariant(Opt *O) {
    uint32_t cap = O->cse_cap;
    IRRef *old = O->cse;
    if (!cap) return;
    O->cse = gc_alloc_atomic(sizeof(IRRef) * cap);
    for (uint32_t i = 0; i < cap; i++) O->cse[i] = IR_NONE;
    O->cse_n = 0;
    for (uint32_t i = 0; i < cap; i++)
        if (old[i] != IR_NONE && (O->info[old[i]].flags & F_INV)) pure_insert(O, old[i]);
}
