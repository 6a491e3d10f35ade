/* opt_virtualize.c: allocation removal (enable_opts names: virtualize,
 * earlyforce; string has no optimizations yet).
 *
 * box_int, box_float and bool_from_int, and new_with_vtable objects, are
 * not emitted: their result is a virtual (opt_internal.h) that the ops
 * reading it see through:
 *   unbox_int(box_int(i)) is i, unbox_float(box_float(f)) is f;
 *   setfield / setarrayitem (constant index) on a virtual object record
 *   the value, getfield / getarrayitem read it back (unset: zero);
 *   type guards on a virtual are decided (guard_is_int on a box_int only
 *   checks that the raw value fits a small int, when its bounds do not
 *   show it: int_add_ovf(i, i) + guard_no_overflow with the guard's
 *   snapshot), guard_nonnull goes, guard_value on a box compares the raw
 *   value, ptr_eq on a virtual object is decided.
 * A snapshot names a virtual box by its raw value (SK_INT, SK_FLOAT,
 * SK_BOOL slots) and a virtual object by a SnapVirtual that resume
 * materializes (resume.c). Any other use forces the virtual: the box or
 * the allocation and its stores are emitted where the value escapes
 * (opt_force), and from then on it is that op. earlyforce forces the
 * virtual arguments of every op that reaches it (calls, stores into
 * objects that are not virtual, ...) before the heap pass sees them.
 */
#include "opt_internal.h"

static char descr_type(Descr *d) {
    if (d->kind == DESCR_FIELD) return ((FieldDescr *)d)->type;
    if (d->kind == DESCR_ARRAY) return ((ArrayDescr *)d)->type;
    return 'r';
}

static void vset(Opt *O, IRRef v, int32_t offset, int32_t index, Descr *d, IRRef value) {
    Virtual *vt = &O->virt[v & ~OPT_VBIT];
    for (int32_t i = 0; i < vt->nfields; i++)
        if (vt->fields[i].offset == offset) {
            vt->fields[i].value = value;
            vt->fields[i].descr = d;
            vt->fields[i].index = index;
            return;
        }
    if (vt->nfields == vt->capfields) {
        int32_t cap = vt->capfields ? vt->capfields * 2 : 4;
        VField *n = gc_alloc(sizeof(VField) * (size_t)cap);
        if (vt->nfields) memcpy(n, vt->fields, sizeof(VField) * (size_t)vt->nfields);
        vt->fields = n;
        vt->capfields = cap;
    }
    vt->fields[vt->nfields++] = (VField){offset, index, d, value};
}

static IRRef vget(Opt *O, IRRef v, int32_t offset, Descr *d) {
    Virtual *vt = &O->virt[v & ~OPT_VBIT];
    for (int32_t i = 0; i < vt->nfields; i++)
        if (vt->fields[i].offset == offset) return opt_val(O, vt->fields[i].value);
    /* allocations are zeroed */
    char t = descr_type(d);
    return t == 'i' ? opt_ki(O, 0) : t == 'f' ? opt_kf(O, 0.0) : opt_kr(O, VNULL);
}

static bool answer(IRRef *res, IRRef v) {
    *res = v;
    return true;
}

static bool contradiction(Opt *O, IRRef *res) {
    opt_fail(O);
    return answer(res, IR_NONE);
}

/* guard_is_int on box_int(i): does i fit a tagged small int? */
static bool guard_small(Opt *O, POp *p, IRRef i, IRRef *res) {
    int64_t lo, hi;
    opt_bounds(O, i, &lo, &hi);
    if (bounds_small(lo, hi)) return answer(res, IR_NONE);
    if (lo > SMALLINT_MAX || hi < SMALLINT_MIN) return contradiction(O, res);
    /* i + i overflows 64 bits exactly when i needs more than 63 */
    opt_run2(O, IR_int_add_ovf, i, i, NULL, -1);
    POp g = {IR_guard_no_overflow, 0, NULL, p->descr, p->in_index};
    opt_run(O, &g);
    if (!intbounds_refine(O, i, SMALLINT_MIN, SMALLINT_MAX)) opt_fail(O);
    return answer(res, IR_NONE);
}

bool virtualize_pre(Opt *O, POp *p, IRRef *res) {
    int opc = p->opcode;
    IRRef a = p->nargs > 0 ? opt_val(O, p->args[0]) : IR_NONE, b = p->nargs > 1 ? opt_val(O, p->args[1]) : IR_NONE;
    switch (opc) {
    case IR_box_int: return answer(res, opt_new_virtual(O, VK_BOXINT, a, NULL));
    case IR_box_float: return answer(res, opt_new_virtual(O, VK_BOXFLOAT, a, NULL));
    case IR_bool_from_int: return answer(res, opt_new_virtual(O, VK_BOOL, a, NULL));
    case IR_new_with_vtable:
        if (!p->descr || p->descr->kind != DESCR_SIZE) return false;
        return answer(res, opt_new_virtual(O, VK_OBJECT, IR_NONE, (SizeDescr *)p->descr));
    default: break;
    }
    Virtual *va = opt_virtual(O, a);
    if (!va) {
        if (opc == IR_ptr_eq || opc == IR_ptr_ne) {
            /* a fresh object is no existing value */
            Virtual *vb = opt_virtual(O, b);
            if (vb && vb->kind == VK_OBJECT) return answer(res, opt_ki(O, opc == IR_ptr_ne));
        }
        return false;
    }
    bool obj = va->kind == VK_OBJECT;
    switch (opc) {
    case IR_setfield_gc:
        if (!obj) return false;
        vset(O, a, ((FieldDescr *)p->descr)->offset, -1, p->descr, b);
        return answer(res, IR_NONE);
    case IR_getfield_gc_i:
    case IR_getfield_gc_r:
    case IR_getfield_gc_f:
        if (!obj) return false;
        return answer(res, vget(O, a, ((FieldDescr *)p->descr)->offset, p->descr));
    case IR_setarrayitem_gc:
    case IR_getarrayitem_gc_i:
    case IR_getarrayitem_gc_r:
    case IR_getarrayitem_gc_f: {
        if (!obj || !ir_is_const(b) || opt_type(O, b) != 'i') return false;
        int64_t k = opt_ci(O, b);
        ArrayDescr *ad = (ArrayDescr *)p->descr;
        int64_t off = ad->base + 8 * k;
        if (k < 0 || off + 8 > va->size->size) return false;   /* outside: force it */
        if (opc == IR_setarrayitem_gc) {
            vset(O, a, (int32_t)off, (int32_t)k, p->descr, opt_val(O, p->args[2]));
            return answer(res, IR_NONE);
        }
        return answer(res, vget(O, a, (int32_t)off, p->descr));
    }
    case IR_unbox_int:
        if (va->kind == VK_BOXINT) return answer(res, opt_val(O, va->payload));
        return contradiction(O, res);   /* guard_is_int would have failed */
    case IR_unbox_float:
        if (va->kind == VK_BOXFLOAT) return answer(res, opt_val(O, va->payload));
        return contradiction(O, res);
    case IR_guard_is_int:
        if (va->kind == VK_BOXINT) return guard_small(O, p, opt_val(O, va->payload), res);
        return contradiction(O, res);
    case IR_guard_is_float:
        return va->kind == VK_BOXFLOAT ? answer(res, IR_NONE) : contradiction(O, res);
    case IR_guard_nonnull: return answer(res, IR_NONE);
    case IR_guard_isnull: return contradiction(O, res);
    case IR_guard_class:
    case IR_guard_nonnull_class: {
        if (!ir_is_const(b)) return false;
        Type *t = V_AS(Type, opt_cr(O, b));
        if (obj) return t == va->size->type ? answer(res, IR_NONE) : contradiction(O, res);
        if (va->kind == VK_BOOL) return t == &bool_type ? answer(res, IR_NONE) : contradiction(O, res);
        /* a box is a heap object or not depending on its value */
        if (t != (va->kind == VK_BOXINT ? &int_type : &float_type)) return contradiction(O, res);
        return false;
    }
    case IR_guard_value: {
        if (!ir_is_const(b) || opt_type(O, b) != 'r') return false;
        Value k = opt_cr(O, b);
        if (va->kind == VK_BOXINT) {
            if (!v_is_int(k)) return contradiction(O, res);   /* a box_int is a small int or a new object */
            opt_run2(O, IR_guard_value, opt_val(O, va->payload), opt_ki(O, v_intval(k)), p->descr, p->in_index);
            return answer(res, IR_NONE);
        }
        if (va->kind == VK_BOOL) {
            if (k != V_TRUE && k != V_FALSE) return contradiction(O, res);
            IRRef t = opt_val(O, va->payload);
            POp g = {k == V_TRUE ? IR_guard_true : IR_guard_false, 1, &t, p->descr, p->in_index};
            opt_run(O, &g);
            return answer(res, IR_NONE);
        }
        if (obj) return contradiction(O, res);
        return false;
    }
    case IR_ptr_eq:
    case IR_ptr_ne:
        if (!obj) return false;
        return answer(res, opt_ki(O, (a == b) == (opc == IR_ptr_eq)));
    default: return false;
    }
}

void earlyforce_pre(Opt *O, POp *p) {
    for (int i = 0; i < p->nargs; i++) {
        IRRef v = opt_val(O, p->args[i]);
        if (opt_is_virtual(v)) p->args[i] = opt_force(O, v);
    }
}
