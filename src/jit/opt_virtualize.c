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
 *
 * Dicts of constant str keys. The recorder builds a call's **kwargs dict
 * (bind_args()) and a dict display (BUILD_MAP) as
 *     a = new_array_clear(2n)             keys and values, alternating
 *     setarrayitem_gc(a, 2i, key_i); setarrayitem_gc(a, 2i+1, value_i) ...
 *     d = call_r(build_map, a, n); guard_no_exception
 * A new_array_clear of constant length is a virtual object of no Python
 * type (SizeDescr.type NULL, forced as new_array_clear + stores). When the
 * array is virtual and its keys are distinct constant exact strs, d is a
 * virtual too: a VK_OBJECT of dict_type whose fields at 16i and 16i + 8
 * are key i and value i, in insertion order. Invariant: such a virtual
 * is the dict as build_map left it, unmodified (every op that could
 * change or look inside a dict, but those folded here, forces it). So:
 *   getfield_gc_i(d, DictObject.used)      n
 *   call_r(dict_getitem, d, 'k')           value of 'k' (absent: forced)
 *   call_r(iter, d)                        a virtual dictiter (real layout,
 *                                          DictIterObject: dict, pos, left)
 *   call_r(iternext, it)                   key pos, pos + 1; NULL at the end
 *   call_i(dict_keys_are, d, keys)         whether they are d's keys
 *   call_i(dict_merge, d, d2, f)           d2's pairs appended to d
 * The guard_no_exception after each folded call goes (heap.c: no call
 * precedes it). Forced, d is new_array_clear + stores + call_r(build_map):
 * with distinct str keys build_map cannot fail but for lack of memory.
 * Resume builds such a dict from its pairs (resume.c).
 *
 * Deferred calls. call_pure_r(int_of_str_error, s), the message of a
 * ValueError the trace raises to a handler in it (record.c,
 * record_int_of_str_caught), is needed only if something reads the
 * exception: the handler's guards keep the virtual exception, and with it
 * the message, in their snapshots, so the call ran on every rejection. It
 * is a virtual of jit_deferred_call_type instead (fields: the helper and
 * its argument): a snapshot names it, and resume makes the call; any op
 * that uses it forces it, emitting the call at that op (the helper is
 * pure, and a handler that still holds the virtual exception makes no
 * call that could change what it computes: record.c aborts on one). Its
 * class is unknown to the passes (opt_cls), so no guard on it is decided.
 * call_pure_r(str_of_int_piece, i), an f-string field of an int, is
 * deferred the same way: the BUILD_STRING that takes the field passes the
 * int itself (record.c, record_format_plain), so only the snapshots of
 * the guards between the two name the str.
 */
#include "opt_internal.h"
#include "helpers.h"

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

/* ---- dicts of constant str keys (see the top) ------------------------------------ */

/* Longest new_array_clear made virtual (build_map of 32 pairs) */
#define VARRAY_MAX 64

static ArrayDescr *pairs_descr;
static FieldDescr *iter_dict_descr, *iter_pos_descr, *iter_used_descr, *iter_left_descr;

static void init_descrs(void) {
    if (pairs_descr) return;
    pairs_descr = descr_array(0, 'r', false, "Value[]");
    iter_dict_descr = descr_field((int32_t)offsetof(DictIterObject, dict), 'r', false, "DictIterObject.dict");
    iter_pos_descr = descr_field((int32_t)offsetof(DictIterObject, pos), 'i', false, "DictIterObject.pos");
    iter_used_descr = descr_field((int32_t)offsetof(DictIterObject, used_at_start), 'i', false, "DictIterObject.used_at_start");
    iter_left_descr = descr_field((int32_t)offsetof(DictIterObject, left), 'i', false, "DictIterObject.left");
}

/* The value of v's field at offset, or IR_NONE when never stored. */
static IRRef vfield(Opt *O, IRRef v, int32_t offset) {
    Virtual *vt = &O->virt[v & ~OPT_VBIT];
    for (int32_t i = 0; i < vt->nfields; i++)
        if (vt->fields[i].offset == offset) return opt_val(O, vt->fields[i].value);
    return IR_NONE;
}

static bool is_kwdict(const Virtual *vt) { return vt && vt->kind == VK_OBJECT && vt->size->type == &dict_type; }
static int64_t kwdict_len(const Virtual *vt) { return vt->size->size / 16; }

/* Is the helper call p a call of h? */
static bool calls_helper(Opt *O, POp *p, JitHelper h) {
    IRRef f = opt_val(O, p->args[0]);
    return ir_is_const(f) && opt_type(O, f) == 'i' && opt_ci(O, f) == (int64_t)(uintptr_t)jit_helper_fn(h);
}

/* The index of constant key k in virtual dict d, or -1. */
static int64_t kwdict_find(Opt *O, IRRef d, IRRef k) {
    if (!ir_is_const(k) || opt_type(O, k) != 'r') return -1;
    Value kv = opt_cr(O, k);
    if (!str_check_exact(kv)) return -1;   /* another key type may equal a str (__eq__) */
    int64_t n = kwdict_len(&O->virt[d & ~OPT_VBIT]);
    for (int64_t i = 0; i < n; i++)
        if (opt_cr(O, vfield(O, d, (int32_t)(16 * i))) == kv) return i;
    for (int64_t i = 0; i < n; i++)
        if (str_eq(opt_cr(O, vfield(O, d, (int32_t)(16 * i))), kv)) return i;
    return -1;
}

/* build_map(a, n) of a virtual array of distinct constant str keys. */
static bool fold_build_map(Opt *O, POp *p, IRRef *res) {
    IRRef arr = opt_val(O, p->args[1]), nref = opt_val(O, p->args[2]);
    Virtual *va = opt_virtual(O, arr);
    if (!va || va->kind != VK_OBJECT || va->size->type || !ir_is_const(nref)) return false;
    int64_t n = opt_ci(O, nref);
    if (n < 0 || 16 * n > va->size->size) return false;
    IRRef pair[VARRAY_MAX];
    for (int64_t i = 0; i < 2 * n; i++) {
        pair[i] = vfield(O, arr, (int32_t)(8 * i));
        if (pair[i] == IR_NONE) return false;
        if (i % 2) continue;
        if (!ir_is_const(pair[i]) || opt_type(O, pair[i]) != 'r' || !str_check_exact(opt_cr(O, pair[i]))) return false;
        for (int64_t j = 0; j < i; j += 2)
            if (str_eq(opt_cr(O, pair[j]), opt_cr(O, pair[i]))) return false;   /* build_map keeps one */
    }
    IRRef d = opt_new_virtual(O, VK_OBJECT, IR_NONE, descr_size(&dict_type, (int32_t)(16 * n), false));
    for (int64_t i = 0; i < 2 * n; i++) vset(O, d, (int32_t)(8 * i), (int32_t)i, &pairs_descr->d, pair[i]);
    return answer(res, d);
}

/* iter(d) of a virtual dict: a virtual key iterator at its start. */
static bool fold_iter(Opt *O, IRRef d, IRRef *res) {
    int64_t n = kwdict_len(&O->virt[d & ~OPT_VBIT]);
    IRRef it = opt_new_virtual(O, VK_OBJECT, IR_NONE, descr_size(&dictiter_type, (int32_t)sizeof(DictIterObject), false));
    vset(O, it, iter_dict_descr->offset, -1, &iter_dict_descr->d, d);
    vset(O, it, iter_pos_descr->offset, -1, &iter_pos_descr->d, opt_ki(O, 0));
    vset(O, it, iter_used_descr->offset, -1, &iter_used_descr->d, opt_ki(O, n));
    vset(O, it, iter_left_descr->offset, -1, &iter_left_descr->d, opt_ki(O, n));
    return answer(res, it);
}

/* next(it) of a virtual key iterator over a virtual dict: dictiter_next()
 * done here (no deletion, so entry pos is pair pos). */
static bool fold_iternext(Opt *O, IRRef it, IRRef *res) {
    IRRef d = vfield(O, it, iter_dict_descr->offset);
    IRRef pos = vfield(O, it, iter_pos_descr->offset), left = vfield(O, it, iter_left_descr->offset);
    IRRef used = vfield(O, it, iter_used_descr->offset);
    if (d == IR_NONE || pos == IR_NONE || left == IR_NONE || used == IR_NONE) return false;
    if (ir_is_const(d) && opt_type(O, d) == 'r' && opt_cr(O, d) == VNULL) return answer(res, opt_kr(O, VNULL));
    Virtual *vd = opt_virtual(O, d);
    if (!is_kwdict(vd) || !ir_is_const(pos) || !ir_is_const(left) || !ir_is_const(used)) return false;
    int64_t n = kwdict_len(vd), k = opt_ci(O, pos), l = opt_ci(O, left);
    if (opt_ci(O, used) != n || k < 0 || k > n || l != n - k) return false;
    if (k == n) {
        vset(O, it, iter_dict_descr->offset, -1, &iter_dict_descr->d, opt_kr(O, VNULL));
        return answer(res, opt_kr(O, VNULL));
    }
    IRRef key = vfield(O, d, (int32_t)(16 * k));
    vset(O, it, iter_pos_descr->offset, -1, &iter_pos_descr->d, opt_ki(O, k + 1));
    vset(O, it, iter_left_descr->offset, -1, &iter_left_descr->d, opt_ki(O, l - 1));
    return answer(res, key);
}

/* dict_merge(d, other, f) ({**other}, f(**other)) of two virtual dicts
 * with no key in common: other's pairs appended to d, which stays
 * virtual. (A common key raises TypeError: the call does it.) */
static bool fold_dict_merge(Opt *O, POp *p, IRRef *res) {
    IRRef d = opt_val(O, p->args[1]), other = opt_val(O, p->args[2]);
    Virtual *vd = opt_virtual(O, d), *vo = opt_virtual(O, other);
    if (!is_kwdict(vd) || !is_kwdict(vo) || d == other) return false;
    int64_t n = kwdict_len(vd), m = kwdict_len(vo);
    if (2 * (n + m) > VARRAY_MAX) return false;
    for (int64_t j = 0; j < m; j++)
        if (kwdict_find(O, d, vfield(O, other, (int32_t)(16 * j))) >= 0) return false;
    for (int64_t j = 0; j < 2 * m; j++)
        vset(O, d, (int32_t)(16 * n + 8 * j), (int32_t)(2 * n + j), &pairs_descr->d, vfield(O, other, (int32_t)(8 * j)));
    O->virt[d & ~OPT_VBIT].size = descr_size(&dict_type, (int32_t)(16 * (n + m)), false);
    return answer(res, opt_ki(O, 0));
}

static bool virtualize_call(Opt *O, POp *p, IRRef *res) {
    init_descrs();
    if (p->opcode == IR_call_i) {
        if (p->nargs == 4 && calls_helper(O, p, JH_dict_merge)) return fold_dict_merge(O, p, res);
        if (!(p->nargs == 3 && calls_helper(O, p, JH_dict_keys_are))) return false;
    }
    init_descrs();
    if (p->nargs == 3 && calls_helper(O, p, JH_build_map)) return fold_build_map(O, p, res);
    if (p->nargs < 2) return false;
    IRRef x = opt_val(O, p->args[1]);
    Virtual *vx = opt_virtual(O, x);
    if (!vx || vx->kind != VK_OBJECT) return false;
    if (p->nargs == 2 && is_kwdict(vx) && calls_helper(O, p, JH_iter)) return fold_iter(O, x, res);
    if (p->nargs == 2 && vx->size->type == &dictiter_type && calls_helper(O, p, JH_iternext)) return fold_iternext(O, x, res);
    if (p->nargs == 3 && is_kwdict(vx) && calls_helper(O, p, JH_dict_keys_are)) {
        /* f(**d): are d's keys those recorded, in order? */
        IRRef keys = opt_val(O, p->args[2]);
        if (!ir_is_const(keys) || opt_type(O, keys) != 'r' || !tuple_check_exact(opt_cr(O, keys))) return false;
        Value kt = opt_cr(O, keys);
        int64_t n = kwdict_len(vx);
        bool same = tuple_size(kt) == n;
        for (int64_t i = 0; same && i < n; i++) same = opt_cr(O, vfield(O, x, (int32_t)(16 * i))) == tuple_get(kt, i);
        return answer(res, opt_ki(O, same));
    }
    if (p->nargs == 3 && is_kwdict(vx) && calls_helper(O, p, JH_dict_getitem)) {
        int64_t i = kwdict_find(O, x, opt_val(O, p->args[2]));
        return i >= 0 && answer(res, vfield(O, x, (int32_t)(16 * i + 8)));
    }
    return false;
}

static FieldDescr *deferred_helper_descr, *deferred_arg_descr;

/* call_pure_r(helper, x) of a helper whose result only snapshots may need
 * (see the head of this file) */
static bool fold_deferred_call(Opt *O, POp *p, IRRef *res) {
    if (p->nargs != 2) return false;
    JitHelper h;
    if (calls_helper(O, p, JH_int_of_str_error)) h = JH_int_of_str_error;
    else if (calls_helper(O, p, JH_str_of_int_piece)) h = JH_str_of_int_piece;
    else return false;
    if (!deferred_helper_descr) {
        deferred_helper_descr = descr_field((int32_t)offsetof(DeferredCall, helper), 'i', true, "DeferredCall.helper");
        deferred_arg_descr = descr_field((int32_t)offsetof(DeferredCall, arg), 'r', true, "DeferredCall.arg");
    }
    IRRef d = opt_new_virtual(O, VK_OBJECT, IR_NONE, descr_size(&jit_deferred_call_type, (int32_t)sizeof(DeferredCall), false));
    vset(O, d, deferred_helper_descr->offset, -1, &deferred_helper_descr->d, opt_ki(O, h));
    vset(O, d, deferred_arg_descr->offset, -1, &deferred_arg_descr->d, opt_val(O, p->args[1]));
    return answer(res, d);
}

static bool is_deferred_call(const Virtual *vt) {
    return vt && vt->kind == VK_OBJECT && vt->size->type == &jit_deferred_call_type;
}

/* Ops on a virtual dict other than the calls above: its size is known;
 * guards on its class and identity are decided as for any virtual object
 * (false: go on); anything else reads memory the virtual does not have. */
static bool kwdict_op(Opt *O, POp *p, Virtual *va, bool *handled, IRRef *res) {
    *handled = true;
    switch (p->opcode) {
    case IR_getfield_gc_i:
        if (((FieldDescr *)p->descr)->offset == (int32_t)offsetof(DictObject, used)) return answer(res, opt_ki(O, kwdict_len(va)));
        return false;
    case IR_guard_nonnull: case IR_guard_isnull: case IR_guard_class: case IR_guard_nonnull_class:
    case IR_guard_value: case IR_ptr_eq: case IR_ptr_ne:
        *handled = false;
        return false;
    default: return false;
    }
}

IRRef virtualize_force_special(Opt *O, IRRef v) {
    Virtual *vt = &O->virt[v & ~OPT_VBIT];
    if (vt->size->type == NULL) {
        /* a value array: new_array_clear + the stores (opt_force) */
        IRRef n = opt_ki(O, vt->size->size / 8);
        return opt_emit_simple(O, IR_new_array_clear, 1, &n, NULL);
    }
    if (is_deferred_call(vt)) {
        JitHelper h = (JitHelper)opt_ci(O, vfield(O, v, deferred_helper_descr->offset));
        IRRef c[2] = {opt_ki(O, (int64_t)(uintptr_t)jit_helper_fn(h)), opt_force(O, vfield(O, v, deferred_arg_descr->offset))};
        return opt_emit_simple(O, IR_call_pure_r, 2, c, &jit_helper_descr(h)->d);
    }
    if (vt->size->type != &dict_type) return IR_NONE;
    init_descrs();
    int64_t n = kwdict_len(vt);
    IRRef len = opt_ki(O, 2 * n);
    IRRef arr = opt_emit_simple(O, IR_new_array_clear, 1, &len, NULL);
    for (int64_t i = 0; i < 2 * n; i++) {
        IRRef a[3] = {arr, opt_ki(O, i), opt_force(O, vfield(O, v, (int32_t)(8 * i)))};
        opt_emit_simple(O, IR_setarrayitem_gc, 3, a, &pairs_descr->d);
    }
    IRRef c[3] = {opt_ki(O, (int64_t)(uintptr_t)jit_helper_fn(JH_build_map)), arr, opt_ki(O, n)};
    return opt_emit_simple(O, IR_call_r, 3, c, &jit_helper_descr(JH_build_map)->d);
}

/* Whether the virtual box or bool va is certainly not the constant k:
 * `t is not None` on a float or an int the trace holds unboxed (a
 * function returning a float or None), which would otherwise box it only
 * to compare. Boxed, an int or a float is a tagged value or a fresh
 * object, a bool is True or False: never None. */
static bool box_differs_from(Opt *O, const Virtual *va, IRRef k) {
    if (va->kind != VK_BOXINT && va->kind != VK_BOXFLOAT && va->kind != VK_BOOL) return false;
    return ir_is_const(k) && opt_type(O, k) == 'r' && opt_cr(O, k) == V_NONE;
}

bool virtualize_pre(Opt *O, POp *p, IRRef *res) {
    int opc = p->opcode;
    IRRef a = p->nargs > 0 ? opt_val(O, p->args[0]) : IR_NONE, b = p->nargs > 1 ? opt_val(O, p->args[1]) : IR_NONE;
    switch (opc) {
    case IR_new_array_clear: {
        if (!ir_is_const(a) || opt_type(O, a) != 'i' || opt_ci(O, a) < 0 || opt_ci(O, a) > VARRAY_MAX) return false;
        return answer(res, opt_new_virtual(O, VK_OBJECT, IR_NONE, descr_size(NULL, (int32_t)(8 * opt_ci(O, a)), false)));
    }
    case IR_call_r:
    case IR_call_i: return virtualize_call(O, p, res);
    case IR_call_pure_r: return fold_deferred_call(O, p, res);
    case IR_box_int: return answer(res, opt_new_virtual(O, VK_BOXINT, a, NULL));
    case IR_box_float: return answer(res, opt_new_virtual(O, VK_BOXFLOAT, a, NULL));
    case IR_bool_from_int: return answer(res, opt_new_virtual(O, VK_BOOL, a, NULL));
    case IR_new_with_vtable:
        if (!p->descr || p->descr->kind != DESCR_SIZE) return false;
        return answer(res, opt_new_virtual(O, VK_OBJECT, IR_NONE, (SizeDescr *)p->descr));
    default: break;
    }
    Virtual *va = opt_virtual(O, a);
    if (is_deferred_call(va)) return false;   /* any use forces it */
    if (!va) {
        if (opc == IR_ptr_eq || opc == IR_ptr_ne) {
            /* a fresh object is no existing value */
            Virtual *vb = opt_virtual(O, b);
            if (vb && (vb->kind == VK_OBJECT || box_differs_from(O, vb, a))) return answer(res, opt_ki(O, opc == IR_ptr_ne));
        }
        return false;
    }
    bool obj = va->kind == VK_OBJECT;
    if (is_kwdict(va)) {
        bool handled;
        bool r = kwdict_op(O, p, va, &handled, res);
        if (handled) return r;
    }
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
        if (!obj) return box_differs_from(O, va, b) ? answer(res, opt_ki(O, opc == IR_ptr_ne)) : false;
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
