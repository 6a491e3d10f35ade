/* opt_rewrite.c: constant folding and algebraic identities (enable_opts
 * name: rewrite).
 *
 * Pure operations on constants are computed here with the semantics the
 * backend gives them (wrapping int64 for the plain ops, IEEE doubles);
 * *_ovf ops on constants are folded only with their overflow outcome
 * known, which their guard_no_overflow then uses. Identities (x + 0,
 * x * 1, x - x, x ^ x, int_is_true of a comparison, unbox of a box) return
 * an existing value. Guards on constants are decided: a guard known to
 * pass goes, one known to fail makes the trace invalid (opt_fail). After a
 * guard_value, guard_true/false or guard_isnull the guarded value is known
 * constant (Info.fwd), so later ops and snapshots use the constant.
 */
#include <math.h>

#include "opt_internal.h"

static bool is_k(Opt *O, IRRef v, char t) { return ir_is_const(v) && ir_const(O->out, v)->type == t; }

static bool const_is_float(Value v, double *d) {
    if (v_is_smallfloat(v)) {
        *d = v_smallfloat_val(v);
        return true;
    }
    if (v != VNULL && v_is_ptr(v) && V_OBJ(v)->type == &float_type) {
        *d = float_val(v);
        return true;
    }
    return false;
}

/* Fold an integer operation on constants; false if it must not be folded
 * (division by zero, overflow of a checked op: *ovf says which). */
static bool fold_int(int opc, int64_t x, int64_t y, int64_t *r, bool *ovf) {
    *ovf = false;
    switch (opc) {
    case IR_int_add: *r = (int64_t)((uint64_t)x + (uint64_t)y); return true;
    case IR_int_sub: *r = (int64_t)((uint64_t)x - (uint64_t)y); return true;
    case IR_int_mul: *r = (int64_t)((uint64_t)x * (uint64_t)y); return true;
    case IR_int_add_ovf: *ovf = __builtin_add_overflow(x, y, r); return true;
    case IR_int_sub_ovf: *ovf = __builtin_sub_overflow(x, y, r); return true;
    case IR_int_mul_ovf: *ovf = __builtin_mul_overflow(x, y, r); return true;
    case IR_int_and: *r = x & y; return true;
    case IR_int_or: *r = x | y; return true;
    case IR_int_xor: *r = x ^ y; return true;
    case IR_int_lshift:
        if (y < 0 || y > 63) return false;
        *r = (int64_t)((uint64_t)x << y);
        return true;
    case IR_int_rshift:
        if (y < 0 || y > 63) return false;
        *r = x >> y;
        return true;
    case IR_uint_rshift:
        if (y < 0 || y > 63) return false;
        *r = (int64_t)((uint64_t)x >> y);
        return true;
    case IR_int_py_floordiv:
    case IR_int_py_mod: {
        if (y == 0 || (x == INT64_MIN && y == -1)) return false;
        int64_t q = x / y, m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) {
            q--;
            m += y;
        }
        *r = opc == IR_int_py_floordiv ? q : m;
        return true;
    }
    case IR_int_lt: *r = x < y; return true;
    case IR_int_le: *r = x <= y; return true;
    case IR_int_eq: *r = x == y; return true;
    case IR_int_ne: *r = x != y; return true;
    case IR_int_gt: *r = x > y; return true;
    case IR_int_ge: *r = x >= y; return true;
    case IR_int_neg: *r = (int64_t)(0 - (uint64_t)x); return true;
    case IR_int_invert: *r = ~x; return true;
    case IR_int_is_zero: *r = x == 0; return true;
    case IR_int_is_true: *r = x != 0; return true;
    default: return false;
    }
}

static bool fold_float(int opc, double x, double y, double *f, int64_t *i, bool *is_int) {
    *is_int = false;
    switch (opc) {
    case IR_float_add: *f = x + y; return true;
    case IR_float_sub: *f = x - y; return true;
    case IR_float_mul: *f = x * y; return true;
    case IR_float_truediv:
        if (y == 0.0) return false;
        *f = x / y;
        return true;
    case IR_float_neg: *f = -x; return true;
    case IR_float_abs: *f = fabs(x); return true;
    case IR_float_sqrt:
        if (!(x >= 0.0)) return false;
        *f = sqrt(x);
        return true;
    default: break;
    }
    *is_int = true;
    switch (opc) {
    case IR_float_lt: *i = x < y; return true;
    case IR_float_le: *i = x <= y; return true;
    case IR_float_eq: *i = x == y; return true;
    case IR_float_ne: *i = x != y; return true;
    case IR_float_gt: *i = x > y; return true;
    case IR_float_ge: *i = x >= y; return true;
    case IR_cast_float_to_int:
        if (!(x > -9.2e18 && x < 9.2e18)) return false;
        *i = (int64_t)x;
        return true;
    default: return false;
    }
}

/* The comparison that is true exactly when `opc` is false, or -1 (float
 * comparisons have none: NaN). */
static int negated_cmp(int opc) {
    switch (opc) {
    case IR_int_lt: return IR_int_ge;
    case IR_int_le: return IR_int_gt;
    case IR_int_gt: return IR_int_le;
    case IR_int_ge: return IR_int_lt;
    case IR_int_eq: return IR_int_ne;
    case IR_int_ne: return IR_int_eq;
    case IR_ptr_eq: return IR_ptr_ne;
    case IR_ptr_ne: return IR_ptr_eq;
    case IR_int_is_true: return IR_int_is_zero;
    case IR_int_is_zero: return IR_int_is_true;
    default: return -1;
    }
}

static const IROp *def_op(Opt *O, IRRef v, int opcode) {
    if (!opt_is_op(v)) return NULL;
    const IROp *op = &O->out->ops[v];
    return op->opcode == opcode ? op : NULL;
}

static bool answer(IRRef *res, IRRef v) {
    *res = v;
    return true;
}

static bool guard_passes(Opt *O, bool ok, IRRef *res) {
    if (!ok) opt_fail(O);
    return answer(res, IR_NONE);
}

/* 2, 4, 8, ... 2**62: a divisor that // and % turn into a shift and a mask. */
static bool is_pow2_above1(int64_t c) { return c > 1 && (c & (c - 1)) == 0; }

bool rewrite_pre(Opt *O, POp *p, IRRef *res) {
    int opc = p->opcode;
    for (int i = 0; i < p->nargs && i < 3; i++) p->args[i] = opt_val(O, p->args[i]);
    IRRef a = p->nargs > 0 ? p->args[0] : IR_NONE, b = p->nargs > 1 ? p->args[1] : IR_NONE;
    bool ovf_op = (irop_info[opc].flags & IRF_OVF) != 0;
    switch (opc) {
    case IR_same_as_i:
    case IR_same_as_r:
    case IR_same_as_f: return answer(res, a);
    /* integers */
    case IR_int_add: case IR_int_sub: case IR_int_mul: case IR_int_and: case IR_int_or: case IR_int_xor:
    case IR_int_lshift: case IR_int_rshift: case IR_uint_rshift: case IR_int_py_floordiv: case IR_int_py_mod:
    case IR_int_add_ovf: case IR_int_sub_ovf: case IR_int_mul_ovf:
    case IR_int_lt: case IR_int_le: case IR_int_eq: case IR_int_ne: case IR_int_gt: case IR_int_ge: {
        if (opt_is_virtual(a) || opt_is_virtual(b)) return false;
        if (is_k(O, a, 'i') && is_k(O, b, 'i')) {
            int64_t r;
            bool ovf;
            if (fold_int(opc, opt_ci(O, a), opt_ci(O, b), &r, &ovf)) {
                if (ovf_op) O->ovf = ovf ? OVF_ALWAYS : OVF_NEVER;
                return answer(res, ovf ? IR_NONE : opt_ki(O, r));
            }
            return false;
        }
        bool ka = is_k(O, a, 'i'), kb = is_k(O, b, 'i');
        int64_t ca = ka ? opt_ci(O, a) : 0, cb = kb ? opt_ci(O, b) : 0;
        IRRef same = IR_NONE;
        bool known = false;
        int64_t kv = 0;
        switch (opc) {
        case IR_int_add: case IR_int_add_ovf: case IR_int_or: case IR_int_xor:
            if (kb && cb == 0) same = a;
            else if (ka && ca == 0) same = b;
            else if (a == b && opc == IR_int_or) same = a;
            else if (a == b && opc == IR_int_xor) known = true, kv = 0;
            break;
        case IR_int_sub: case IR_int_sub_ovf:
            if (kb && cb == 0) same = a;
            else if (a == b) known = true, kv = 0;
            break;
        case IR_int_mul: case IR_int_mul_ovf:
            if (kb && cb == 1) same = a;
            else if (ka && ca == 1) same = b;
            else if ((kb && cb == 0) || (ka && ca == 0)) known = true, kv = 0;
            break;
        case IR_int_and:
            if (kb && cb == -1) same = a;
            else if (ka && ca == -1) same = b;
            else if (a == b) same = a;
            else if ((kb && cb == 0) || (ka && ca == 0)) known = true, kv = 0;
            break;
        case IR_int_lshift: case IR_int_rshift: case IR_uint_rshift:
            if (kb && cb == 0) same = a;
            break;
        case IR_int_py_floordiv:
            if (kb && cb == 1) same = a;
            else if (kb && is_pow2_above1(cb)) {
                /* Python's // floors, as an arithmetic shift does, for
                   either sign of a: no division */
                p->opcode = IR_int_rshift;
                p->args[1] = opt_ki(O, __builtin_ctzll((uint64_t)cb));
                return false;
            }
            break;
        case IR_int_py_mod:
            if (kb && (cb == 1 || cb == -1)) known = true, kv = 0;
            else if (kb && is_pow2_above1(cb)) {
                /* with a positive divisor Python's % is in [0, cb): the
                   low bits of a in two's complement, for either sign */
                p->opcode = IR_int_and;
                p->args[1] = opt_ki(O, cb - 1);
                return false;
            }
            break;
        case IR_int_lt: case IR_int_gt: case IR_int_ne:
            if (a == b) known = true, kv = 0;
            break;
        case IR_int_le: case IR_int_ge: case IR_int_eq:
            if (a == b) known = true, kv = 1;
            break;
        default: break;
        }
        if (same != IR_NONE || known) {
            if (ovf_op) O->ovf = OVF_NEVER;
            return answer(res, known ? opt_ki(O, kv) : same);
        }
        return false;
    }
    case IR_int_neg:
    case IR_int_invert:
    case IR_int_is_zero:
    case IR_int_is_true: {
        if (is_k(O, a, 'i')) {
            int64_t r;
            bool ovf;
            fold_int(opc, opt_ci(O, a), 0, &r, &ovf);
            return answer(res, opt_ki(O, r));
        }
        const IROp *d = opt_is_op(a) ? &O->out->ops[a] : NULL;
        if (!d) return false;
        if ((opc == IR_int_neg || opc == IR_int_invert) && d->opcode == opc) return answer(res, ir_arg(d, 0));
        bool cmp = (irop_info[d->opcode].flags & IRF_COMPARE) != 0;
        if (opc == IR_int_is_true && cmp) return answer(res, a);
        if (opc == IR_int_is_zero && cmp) {
            int neg = negated_cmp(d->opcode);
            if (neg < 0) return false;
            IRRef args[2] = {ir_arg(d, 0), d->nargs > 1 ? ir_arg(d, 1) : IR_NONE};
            POp q = {neg, d->nargs, args, NULL, -1};
            return answer(res, opt_run(O, &q));
        }
        return false;
    }
    case IR_ptr_eq:
    case IR_ptr_ne:
        if (a == b && !opt_is_virtual(a)) return answer(res, opt_ki(O, opc == IR_ptr_eq));
        if (is_k(O, a, 'r') && is_k(O, b, 'r')) return answer(res, opt_ki(O, (opt_cr(O, a) == opt_cr(O, b)) == (opc == IR_ptr_eq)));
        return false;
    /* floats */
    case IR_float_add: case IR_float_sub: case IR_float_mul: case IR_float_truediv:
    case IR_float_lt: case IR_float_le: case IR_float_eq: case IR_float_ne: case IR_float_gt: case IR_float_ge:
    case IR_float_neg: case IR_float_abs: case IR_float_sqrt: case IR_cast_float_to_int: {
        bool unary = p->nargs == 1;
        if (is_k(O, a, 'f') && (unary || is_k(O, b, 'f'))) {
            double f;
            int64_t i;
            bool is_int;
            if (fold_float(opc, opt_cf(O, a), unary ? 0.0 : opt_cf(O, b), &f, &i, &is_int))
                return answer(res, is_int ? opt_ki(O, i) : opt_kf(O, f));
            return false;
        }
        /* float(i) == 0.0 exactly when i == 0 (an int64 converts to a
           nonzero double unless it is 0, and never to a nan): the check
           before a division by an int converted (bench/spectral_norm.py's
           1.0 / (...)), an integer compare instead of xorpd, ucomisd and
           a parity jump */
        if ((opc == IR_float_eq || opc == IR_float_ne) && is_k(O, b, 'f') && opt_cf(O, b) == 0.0 &&
            def_op(O, a, IR_cast_int_to_float)) {
            IRRef args[2] = {opt_val(O, ir_arg(def_op(O, a, IR_cast_int_to_float), 0)), opt_ki(O, 0)};
            POp q = {opc == IR_float_eq ? IR_int_eq : IR_int_ne, 2, args, NULL, -1};
            return answer(res, opt_run(O, &q));
        }
        /* exact identities only (x + 0.0 is not one: -0.0 + 0.0 == +0.0) */
        if ((opc == IR_float_mul || opc == IR_float_truediv) && is_k(O, b, 'f') && opt_cf(O, b) == 1.0) return answer(res, a);
        if (opc == IR_float_mul && is_k(O, a, 'f') && opt_cf(O, a) == 1.0) return answer(res, b);
        if (opc == IR_float_sub && is_k(O, b, 'f') && opt_cf(O, b) == 0.0 && !signbit(opt_cf(O, b))) return answer(res, a);
        if (opc == IR_float_neg && def_op(O, a, IR_float_neg)) return answer(res, ir_arg(def_op(O, a, IR_float_neg), 0));
        return false;
    }
    case IR_cast_int_to_float:
        if (is_k(O, a, 'i')) return answer(res, opt_kf(O, (double)opt_ci(O, a)));
        return false;
    /* tagged values */
    case IR_unbox_int: {
        if (is_k(O, a, 'r') && v_is_int(opt_cr(O, a))) return answer(res, opt_ki(O, v_intval(opt_cr(O, a))));
        const IROp *d = def_op(O, a, IR_box_int);
        /* a guard_is_int precedes every unbox_int: the box was small */
        if (d) return answer(res, opt_val(O, ir_arg(d, 0)));
        return false;
    }
    case IR_unbox_float: {
        double f;
        if (is_k(O, a, 'r') && const_is_float(opt_cr(O, a), &f)) return answer(res, opt_kf(O, f));
        const IROp *d = def_op(O, a, IR_box_float);
        if (d) return answer(res, opt_val(O, ir_arg(d, 0)));
        return false;
    }
    case IR_box_int: {
        if (is_k(O, a, 'i') && smallint_fits(opt_ci(O, a))) return answer(res, opt_kr(O, v_int(opt_ci(O, a))));
        const IROp *d = def_op(O, a, IR_unbox_int);
        if (d) return answer(res, opt_val(O, ir_arg(d, 0)));
        return false;
    }
    case IR_box_float: {
        if (is_k(O, a, 'f')) {
            Value v = float_value_unallocated(opt_cf(O, a));
            if (v) return answer(res, opt_kr(O, v));
        }
        const IROp *d = def_op(O, a, IR_unbox_float);
        if (d) return answer(res, opt_val(O, ir_arg(d, 0)));
        return false;
    }
    case IR_bool_from_int:
        if (is_k(O, a, 'i')) return answer(res, opt_kr(O, v_bool(opt_ci(O, a) != 0)));
        return false;
    /* guards on constants */
    case IR_guard_true:
    case IR_guard_false:
        if (is_k(O, a, 'i')) return guard_passes(O, (opt_ci(O, a) != 0) == (opc == IR_guard_true), res);
        return false;
    case IR_guard_value:
        if (ir_is_const(a) && ir_is_const(b)) {
            const IRConst *x = ir_const(O->out, a), *y = ir_const(O->out, b);
            bool eq = x->type == 'f' ? x->v.f == y->v.f : x->v.i == y->v.i;
            return guard_passes(O, eq, res);
        }
        return false;
    case IR_guard_nonnull:
    case IR_guard_isnull:
        if (is_k(O, a, 'r')) return guard_passes(O, (opt_cr(O, a) != VNULL) == (opc == IR_guard_nonnull), res);
        return false;
    case IR_guard_class:
    case IR_guard_nonnull_class:
        if (is_k(O, a, 'r') && is_k(O, b, 'r')) {
            Value v = opt_cr(O, a);
            return guard_passes(O, v != VNULL && v_is_ptr(v) && V_FROM_PTR(V_OBJ(v)->type) == opt_cr(O, b), res);
        }
        return false;
    case IR_guard_is_int:
        if (is_k(O, a, 'r')) return guard_passes(O, v_is_int(opt_cr(O, a)), res);
        return false;
    case IR_guard_is_float:
        if (is_k(O, a, 'r')) {
            double f;
            return guard_passes(O, const_is_float(opt_cr(O, a), &f), res);
        }
        return false;
    case IR_guard_value_storage: {
        /* a constant list holding Values holds them for good (list.h) */
        Value l = is_k(O, a, 'r') ? opt_cr(O, a) : VNULL;
        if (l && list_check(l) && !list_has_float_storage(V_AS(ListObject, l))) return guard_passes(O, true, res);
        return false;
    }
    default: return false;
    }
}

/* What a guard that passed says about its argument. */
void rewrite_post(Opt *O, POp *p, IRRef r) {
    const IROp *op = &O->out->ops[r];
    (void)p;
    IRRef a = op->nargs > 0 ? ir_arg(op, 0) : IR_NONE;
    switch (op->opcode) {
    case IR_guard_value: {
        IRRef k = ir_arg(op, 1);
        if (!opt_is_op(a) || !ir_is_const(k) || opt_type(O, a) != ir_const(O->out, k)->type) return;
        /* floats compare by value: 0.0 == -0.0, so only nonzero ones */
        if (ir_const(O->out, k)->type == 'f' && opt_cf(O, k) == 0.0) return;
        opt_make_const(O, a, k);
        return;
    }
    case IR_guard_true:
    case IR_guard_false: {
        if (!opt_is_op(a)) return;
        bool truth = op->opcode == IR_guard_true;
        const IROp *c = &O->out->ops[a];
        bool cmp = (irop_info[c->opcode].flags & IRF_COMPARE) != 0;
        if (cmp || !truth) opt_make_const(O, a, opt_ki(O, truth));
        if (!cmp) return;
        int opc = c->opcode;
        if (!truth) opc = negated_cmp(opc);
        IRRef x = ir_arg(c, 0), y = c->nargs > 1 ? ir_arg(c, 1) : IR_NONE;
        if (opc == IR_int_is_zero) {
            opt_make_const(O, x, opt_ki(O, 0));
        } else if (opc == IR_int_eq || opc == IR_ptr_eq) {
            if (ir_is_const(y)) opt_make_const(O, x, y);
            else if (ir_is_const(x)) opt_make_const(O, y, x);
        } else if (truth && c->opcode == IR_float_eq && ir_is_const(y) && opt_cf(O, y) != 0.0) {
            opt_make_const(O, x, y);
        }
        return;
    }
    case IR_guard_isnull:
        if (opt_is_op(a)) opt_make_const(O, a, opt_kr(O, VNULL));
        return;
    default: return;
    }
}
