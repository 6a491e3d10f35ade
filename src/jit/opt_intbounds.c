/* opt_intbounds.c: integer bounds propagation (enable_opts name: intbounds).
 *
 * Every 'i' output op has an interval [lo, hi] (Info.lo/hi) that holds for
 * its value whenever it is computed. Intervals come from the operation and
 * its arguments' intervals (computed when the op is emitted) and are
 * narrowed by the guards that follow (guard_true(int_lt(a, b)) bounds a
 * from above and b from below), one level backwards through additions of
 * a constant. With them:
 *   - an *_ovf op that cannot overflow becomes the plain op and its
 *     guard_no_overflow goes;
 *   - comparisons decided by the intervals become constants, and the
 *     guards on them go (or, if they would always fail, the trace is
 *     given up);
 *   - masks and modulos that cannot change their argument go.
 * An interval that shrinks to one value makes the op a known constant.
 */
#include "opt_internal.h"

/* ---- interval arithmetic ----------------------------------------------------------- */

static int64_t sat_add(int64_t a, int64_t b) {
    int64_t r;
    if (!__builtin_add_overflow(a, b, &r)) return r;
    return b > 0 ? INT64_MAX : INT64_MIN;
}
static int64_t sat_sub(int64_t a, int64_t b) {
    int64_t r;
    if (!__builtin_sub_overflow(a, b, &r)) return r;
    return b < 0 ? INT64_MAX : INT64_MIN;
}
static int64_t sat_mul(int64_t a, int64_t b) {
    int64_t r;
    if (!__builtin_mul_overflow(a, b, &r)) return r;
    return (a < 0) != (b < 0) ? INT64_MIN : INT64_MAX;
}

/* The result interval of a+b, a-b or a*b; *exact: no int64 overflow is
 * possible (otherwise the interval is the saturated mathematical one). */
static void range_arith(int opc, int64_t alo, int64_t ahi, int64_t blo, int64_t bhi, int64_t *lo, int64_t *hi,
                        bool *exact) {
    int64_t t;
    switch (opc) {
    case IR_int_add:
    case IR_int_add_ovf:
        *exact = !__builtin_add_overflow(alo, blo, &t) && !__builtin_add_overflow(ahi, bhi, &t);
        *lo = sat_add(alo, blo);
        *hi = sat_add(ahi, bhi);
        return;
    case IR_int_sub:
    case IR_int_sub_ovf:
        *exact = !__builtin_sub_overflow(alo, bhi, &t) && !__builtin_sub_overflow(ahi, blo, &t);
        *lo = sat_sub(alo, bhi);
        *hi = sat_sub(ahi, blo);
        return;
    default: {
        int64_t p[4] = {alo, alo, ahi, ahi}, q[4] = {blo, bhi, blo, bhi};
        *exact = true;
        *lo = INT64_MAX;
        *hi = INT64_MIN;
        for (int i = 0; i < 4; i++) {
            if (__builtin_mul_overflow(p[i], q[i], &t)) *exact = false;
            int64_t m = sat_mul(p[i], q[i]);
            if (m < *lo) *lo = m;
            if (m > *hi) *hi = m;
        }
        return;
    }
    }
}

static int64_t pow2_mask(int64_t x) {   /* smallest 2^k - 1 >= x (x >= 0) */
    uint64_t m = 0;
    while (m < (uint64_t)x) m = (m << 1) | 1;
    return (int64_t)m;
}

static int64_t floordiv(int64_t a, int64_t b) {   /* b > 0 */
    int64_t q = a / b;
    if ((a % b) != 0 && a < 0) q--;
    return q;
}

/* ---- computing and narrowing ------------------------------------------------------- */

void intbounds_compute(Opt *O, IRRef r) {
    const IROp *op = &O->out->ops[r];
    if (op->type != 'i') return;
    Info *ri = &O->info[r];
    int64_t alo = INT64_MIN, ahi = INT64_MAX, blo = INT64_MIN, bhi = INT64_MAX, lo = INT64_MIN, hi = INT64_MAX;
    IRRef a = op->nargs > 0 ? ir_arg(op, 0) : IR_NONE, b = op->nargs > 1 ? ir_arg(op, 1) : IR_NONE;
    if (a != IR_NONE) opt_bounds(O, a, &alo, &ahi);
    if (b != IR_NONE) opt_bounds(O, b, &blo, &bhi);
    bool exact;
    switch (op->opcode) {
    case IR_int_add:
    case IR_int_sub:
    case IR_int_mul:
        range_arith(op->opcode, alo, ahi, blo, bhi, &lo, &hi, &exact);
        if (!exact) return;   /* may wrap */
        break;
    case IR_int_add_ovf:
    case IR_int_sub_ovf:
    case IR_int_mul_ovf:
        /* valid after guard_no_overflow, which comes right after */
        range_arith(op->opcode, alo, ahi, blo, bhi, &lo, &hi, &exact);
        break;
    case IR_int_and:
        if (alo >= 0 && blo >= 0) lo = 0, hi = ahi < bhi ? ahi : bhi;
        else if (alo >= 0) lo = 0, hi = ahi;
        else if (blo >= 0) lo = 0, hi = bhi;
        else return;
        break;
    case IR_int_or:
    case IR_int_xor:
        if (alo < 0 || blo < 0) return;
        lo = 0;
        hi = pow2_mask(ahi > bhi ? ahi : bhi);
        break;
    case IR_int_lshift:
        if (blo != bhi || blo < 0 || blo > 62) return;
        range_arith(IR_int_mul, alo, ahi, (int64_t)1 << blo, (int64_t)1 << blo, &lo, &hi, &exact);
        if (!exact) return;
        break;
    case IR_int_rshift:
        if (blo == bhi && blo >= 0 && blo <= 63) lo = alo >> blo, hi = ahi >> blo;
        else if (blo >= 0 && bhi <= 63) lo = alo < 0 ? alo : 0, hi = ahi > 0 ? ahi : 0;
        else return;
        break;
    case IR_uint_rshift:
        if (blo != bhi || blo <= 0 || blo > 63) return;
        if (alo >= 0) lo = alo >> blo, hi = ahi >> blo;
        else lo = 0, hi = (int64_t)(UINT64_MAX >> blo);
        break;
    case IR_int_py_mod:
        if (blo > 0) {
            lo = 0, hi = bhi - 1;
            if (alo >= 0 && ahi < hi) hi = ahi;
        } else if (bhi < 0) {
            lo = blo + 1, hi = 0;
        } else {
            return;
        }
        break;
    case IR_int_py_floordiv:
        if (blo != bhi || blo <= 0) return;
        lo = floordiv(alo, blo), hi = floordiv(ahi, blo);
        break;
    case IR_int_neg:
        if (alo == INT64_MIN) return;
        lo = -ahi, hi = -alo;
        break;
    case IR_int_invert: lo = ~ahi, hi = ~alo; break;
    case IR_unbox_int: lo = SMALLINT_MIN, hi = SMALLINT_MAX; break;
    case IR_same_as_i: lo = alo, hi = ahi; break;
    default:
        if (irop_info[op->opcode].flags & IRF_COMPARE) {
            lo = 0, hi = 1;
            break;
        }
        return;
    }
    if (lo > ri->lo) ri->lo = lo;
    if (hi < ri->hi) ri->hi = hi;
}

static bool refine_depth(Opt *O, IRRef v, int64_t lo, int64_t hi, int depth) {
    if (lo > hi) return false;
    if (ir_is_const(v)) {
        if (ir_const(O->out, v)->type != 'i') return true;
        int64_t c = ir_const(O->out, v)->v.i;
        return c >= lo && c <= hi;
    }
    if (!opt_is_op(v) || O->out->ops[v].type != 'i') return true;
    Info *i = &O->info[v];
    if (lo <= i->lo && hi >= i->hi) return true;
    if (lo > i->lo) i->lo = lo;
    if (hi < i->hi) i->hi = hi;
    if (i->lo > i->hi) return false;
    if (i->lo == i->hi && i->fwd == IR_NONE) opt_make_const(O, v, opt_ki(O, i->lo));
    /* v = x + c or x - c without wrapping: x moves with v */
    const IROp *op = &O->out->ops[v];
    if (depth > 0 && op->nargs == 2) {
        IRRef x = ir_arg(op, 0), y = ir_arg(op, 1);
        int opc = op->opcode;
        bool ovf = opc == IR_int_add_ovf || opc == IR_int_sub_ovf;
        bool add = opc == IR_int_add || opc == IR_int_add_ovf, sub = opc == IR_int_sub || opc == IR_int_sub_ovf;
        if ((add || sub) && ir_is_const(y) != ir_is_const(x)) {
            if (add && ir_is_const(x)) {
                IRRef t = x;
                x = y;
                y = t;
            }
            if (ir_is_const(y) && !(sub && ir_is_const(x))) {
                int64_t c = opt_ci(O, y), xlo, xhi, rlo, rhi;
                opt_bounds(O, x, &xlo, &xhi);
                bool exact = ovf;
                if (!exact) range_arith(opc, xlo, xhi, c, c, &rlo, &rhi, &exact);
                if (exact) {
                    int64_t nlo = add ? sat_sub(i->lo, c) : sat_add(i->lo, c);
                    int64_t nhi = add ? sat_sub(i->hi, c) : sat_add(i->hi, c);
                    if (!refine_depth(O, x, nlo, nhi, depth - 1)) return false;
                }
            }
        }
    }
    return true;
}

bool intbounds_refine(Opt *O, IRRef v, int64_t lo, int64_t hi) { return refine_depth(O, v, lo, hi, 2); }

/* Learn that x < y (strict) or x <= y holds. */
static bool learn_less(Opt *O, IRRef x, IRRef y, bool strict) {
    int64_t xlo, xhi, ylo, yhi;
    opt_bounds(O, x, &xlo, &xhi);
    opt_bounds(O, y, &ylo, &yhi);
    if (strict) {
        if (yhi == INT64_MIN || xlo == INT64_MAX) return false;
        return intbounds_refine(O, x, INT64_MIN, yhi - 1) && intbounds_refine(O, y, xlo + 1, INT64_MAX);
    }
    return intbounds_refine(O, x, INT64_MIN, yhi) && intbounds_refine(O, y, xlo, INT64_MAX);
}

/* x != c for a constant c: only the ends of an interval can move. */
static bool learn_ne_const(Opt *O, IRRef x, int64_t c) {
    int64_t lo, hi;
    opt_bounds(O, x, &lo, &hi);
    if (lo == c && hi == c) return false;
    if (lo == c) return intbounds_refine(O, x, c + 1, hi);
    if (hi == c) return intbounds_refine(O, x, lo, c - 1);
    return true;
}

/* Learn from `cond` (an output op) being true or false. */
static bool learn_cond(Opt *O, IRRef cond, bool truth) {
    if (!opt_is_op(cond)) return true;
    if (!intbounds_refine(O, cond, truth ? INT64_MIN : 0, truth ? INT64_MAX : 0)) return false;
    if (truth && !learn_ne_const(O, cond, 0)) return false;
    const IROp *op = &O->out->ops[cond];
    IRRef x = op->nargs > 0 ? ir_arg(op, 0) : IR_NONE, y = op->nargs > 1 ? ir_arg(op, 1) : IR_NONE;
    int opc = op->opcode;
    if (opc == IR_int_is_zero) {
        opc = IR_int_is_true;
        truth = !truth;
    }
    switch (opc) {
    case IR_int_lt: return truth ? learn_less(O, x, y, true) : learn_less(O, y, x, false);
    case IR_int_le: return truth ? learn_less(O, x, y, false) : learn_less(O, y, x, true);
    case IR_int_gt: return truth ? learn_less(O, y, x, true) : learn_less(O, x, y, false);
    case IR_int_ge: return truth ? learn_less(O, y, x, false) : learn_less(O, x, y, true);
    case IR_int_eq:
    case IR_int_ne: {
        bool eq = (opc == IR_int_eq) == truth;
        int64_t xlo, xhi, ylo, yhi;
        opt_bounds(O, x, &xlo, &xhi);
        opt_bounds(O, y, &ylo, &yhi);
        if (eq) return intbounds_refine(O, x, ylo, yhi) && intbounds_refine(O, y, xlo, xhi);
        if (ylo == yhi && !learn_ne_const(O, x, ylo)) return false;
        if (xlo == xhi && !learn_ne_const(O, y, xlo)) return false;
        return true;
    }
    case IR_int_is_true: return truth ? learn_ne_const(O, x, 0) : intbounds_refine(O, x, 0, 0);
    default: return true;
    }
}

/* ---- the pass ------------------------------------------------------------------------ */

static int nonovf(int opc) {
    return opc == IR_int_add_ovf ? IR_int_add : opc == IR_int_sub_ovf ? IR_int_sub : IR_int_mul;
}

/* 1: certainly true, 0: certainly false, -1: unknown */
static int decide_cmp(Opt *O, int opc, IRRef x, IRRef y) {
    int64_t xlo, xhi, ylo, yhi;
    opt_bounds(O, x, &xlo, &xhi);
    opt_bounds(O, y, &ylo, &yhi);
    switch (opc) {
    case IR_int_lt: return xhi < ylo ? 1 : xlo >= yhi ? 0 : -1;
    case IR_int_le: return xhi <= ylo ? 1 : xlo > yhi ? 0 : -1;
    case IR_int_gt: return xlo > yhi ? 1 : xhi <= ylo ? 0 : -1;
    case IR_int_ge: return xlo >= yhi ? 1 : xhi < ylo ? 0 : -1;
    case IR_int_eq: return (xhi < ylo || xlo > yhi) ? 0 : (xlo == xhi && ylo == yhi) ? 1 : -1;
    case IR_int_ne: return (xhi < ylo || xlo > yhi) ? 1 : (xlo == xhi && ylo == yhi) ? 0 : -1;
    case IR_int_is_true: return (xlo > 0 || xhi < 0) ? 1 : (xlo == 0 && xhi == 0) ? 0 : -1;
    case IR_int_is_zero: return (xlo > 0 || xhi < 0) ? 0 : (xlo == 0 && xhi == 0) ? 1 : -1;
    default: return -1;
    }
}

static bool is_int(Opt *O, IRRef v) { return v != IR_NONE && !opt_is_virtual(v) && opt_type(O, v) == 'i'; }

bool intbounds_pre(Opt *O, POp *p, IRRef *res) {
    int opc = p->opcode;
    IRRef a = p->nargs > 0 ? opt_val(O, p->args[0]) : IR_NONE, b = p->nargs > 1 ? opt_val(O, p->args[1]) : IR_NONE;
    int64_t alo, ahi, blo, bhi;
    switch (opc) {
    case IR_int_add_ovf:
    case IR_int_sub_ovf:
    case IR_int_mul_ovf: {
        if (!is_int(O, a) || !is_int(O, b)) return false;
        opt_bounds(O, a, &alo, &ahi);
        opt_bounds(O, b, &blo, &bhi);
        int64_t lo, hi;
        bool exact;
        range_arith(opc, alo, ahi, blo, bhi, &lo, &hi, &exact);
        if (exact) {
            p->opcode = nonovf(opc);
            O->ovf = OVF_NEVER;
        }
        return false;
    }
    case IR_int_lt:
    case IR_int_le:
    case IR_int_gt:
    case IR_int_ge:
    case IR_int_eq:
    case IR_int_ne:
    case IR_int_is_true:
    case IR_int_is_zero: {
        if (!is_int(O, a) || (p->nargs > 1 && !is_int(O, b))) return false;
        int d = decide_cmp(O, opc, a, b);
        if (d < 0) return false;
        *res = opt_ki(O, d);
        return true;
    }
    case IR_int_and:
        /* x & (2^k - 1) with 0 <= x <= 2^k - 1 */
        if (!is_int(O, a) || !is_int(O, b)) return false;
        if (ir_is_const(a)) {
            IRRef t = a;
            a = b;
            b = t;
        }
        if (!ir_is_const(b)) return false;
        opt_bounds(O, a, &alo, &ahi);
        blo = opt_ci(O, b);
        if (blo >= 0 && pow2_mask(blo) == blo && alo >= 0 && ahi <= blo) {
            *res = a;
            return true;
        }
        return false;
    case IR_int_py_mod:
        if (!is_int(O, a) || !is_int(O, b) || !ir_is_const(b)) return false;
        opt_bounds(O, a, &alo, &ahi);
        blo = opt_ci(O, b);
        if (blo > 0 && alo >= 0 && ahi < blo) {
            *res = a;
            return true;
        }
        return false;
    case IR_guard_true:
    case IR_guard_false: {
        if (!is_int(O, a)) return false;
        int d = decide_cmp(O, IR_int_is_true, a, IR_NONE);
        if (d < 0) return false;
        if (d != (opc == IR_guard_true)) opt_fail(O);
        *res = IR_NONE;
        return true;
    }
    case IR_guard_value:
        if (!is_int(O, a) || !is_int(O, b) || !ir_is_const(b)) return false;
        opt_bounds(O, a, &alo, &ahi);
        blo = opt_ci(O, b);
        if (blo < alo || blo > ahi) {
            opt_fail(O);
            *res = IR_NONE;
            return true;
        }
        return false;
    default: return false;
    }
}

void intbounds_post(Opt *O, POp *p, IRRef r) {
    const IROp *op = &O->out->ops[r];
    if (op->type == 'i') {
        intbounds_compute(O, r);
        return;
    }
    bool ok = true;
    switch (op->opcode) {
    case IR_guard_true: ok = learn_cond(O, ir_arg(op, 0), true); break;
    case IR_guard_false: ok = learn_cond(O, ir_arg(op, 0), false); break;
    case IR_guard_value:
        if (ir_is_const(ir_arg(op, 1)) && is_int(O, ir_arg(op, 1))) {
            int64_t c = opt_ci(O, ir_arg(op, 1));
            ok = intbounds_refine(O, ir_arg(op, 0), c, c);
        }
        break;
    default: break;
    }
    (void)p;
    if (!ok) opt_fail(O);
}
