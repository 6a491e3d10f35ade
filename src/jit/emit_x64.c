/* emit_x64.c: the x86-64 backend (backend.h).
 *
 * This first backend gives every IR value its own 8-byte stack slot in the
 * machine-code frame and uses registers only within one operation: simple,
 * and every guard's fail arguments are found in their slots. A loop and all
 * its bridges share one frame (bridges run on the loop's stack frame); the
 * loop reserves room for its bridges' slots.
 *
 * Frame (rbp-based):
 *   [rbp+8]    return address into the interpreter
 *   [rbp]      saved rbp
 *   [rbp-8..-40] saved rbx r12 r13 r14 r15
 *   [rbp-48-8k]  slot k
 * r12 holds the `saved` area (second argument) for the whole run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"
#include "asm_x64.h"
#include "backend.h"
#include "helpers.h"
#include "mcode.h"
#include "params.h"

#define SLOT0 48
#define BRIDGE_RESERVE 4096     /* slots loops keep for their bridges */
#define SCRATCH_SLOTS 1024      /* parallel moves at jumps */

typedef struct PendingGuard {
    GuardDescr *g;
    size_t jcc_field;           /* rel32 of the jump to the stub */
} PendingGuard;

typedef struct Emitter {
    Asm a;
    Trace *t;
    IRBuf *ir;
    int32_t *slot_of;           /* slot number of each op */
    int32_t frame_slots;        /* slots in the frame (loop tree) */
    int32_t scratch_base;       /* first scratch slot */
    PendingGuard *guards;
    int32_t nguards, capguards;
    size_t epilogue;
    size_t label_offset;
    bool failed;
} Emitter;

static AsmMem slot_mem(Emitter *e, IRRef r) { return asm_mem(RBP, -(SLOT0 + 8 * e->slot_of[r])); }
static AsmMem scratch_mem(int32_t base, int i) { return asm_mem(RBP, -(SLOT0 + 8 * (base + i))); }

static void load(Emitter *e, AsmReg reg, IRRef r) {
    if (ir_is_const(r)) {
        const IRConst *k = ir_const(e->ir, r);
        asm_mov_ri(&e->a, reg, k->type == 'f' ? (int64_t)double_bits(k->v.f) : k->v.i);
        return;
    }
    asm_mov_rm(&e->a, reg, slot_mem(e, r));
}

static void loadx(Emitter *e, AsmXmm x, IRRef r) {
    if (ir_is_const(r)) {
        load(e, RAX, r);
        asm_movq_xr(&e->a, x, RAX);
        return;
    }
    asm_movsd_xm(&e->a, x, slot_mem(e, r));
}

static void store(Emitter *e, IRRef r, AsmReg reg) { asm_mov_mr(&e->a, slot_mem(e, r), reg); }
static void storex(Emitter *e, IRRef r, AsmXmm x) { asm_movsd_mx(&e->a, slot_mem(e, r), x); }

/* A jump to the failure stub of the guard op `index` when cc holds. */
static void guard_jcc(Emitter *e, int index, AsmCond cc) {
    IROp *op = &e->ir->ops[index];
    GuardDescr *g = (GuardDescr *)op->descr;
    g->op_index = index;
    if (e->nguards == e->capguards) {
        e->capguards = e->capguards ? e->capguards * 2 : 32;
        e->guards = realloc(e->guards, sizeof(PendingGuard) * (size_t)e->capguards);
    }
    e->guards[e->nguards].g = g;
    e->guards[e->nguards].jcc_field = asm_jcc(&e->a, cc);
    e->nguards++;
}

static void call_fn(Emitter *e, const void *fn) { asm_call_abs(&e->a, fn); }

/* ---- value representation fast paths ------------------------------------------------- */

/* rax (int64) -> rax (Value); slow path through the helper. */
static void emit_box_int(Emitter *e) {
    asm_mov_rr(&e->a, RCX, RAX);
    asm_alu_rr(&e->a, ALU_ADD, RCX, RCX);
    size_t ovf = asm_jcc8(&e->a, CC_O);
    asm_alu_ri(&e->a, ALU_OR, RCX, 1);
    asm_mov_rr(&e->a, RAX, RCX);
    size_t done = asm_jmp8(&e->a);
    asm_patch_rel8(&e->a, ovf, asm_len(&e->a));
    asm_mov_rr(&e->a, RDI, RAX);
    call_fn(e, (void *)jh_box_int_slow);
    asm_patch_rel8(&e->a, done, asm_len(&e->a));
}

/* xmm0 (double) -> rax (Value) */
static void emit_box_float(Emitter *e) {
    asm_movq_rx(&e->a, RAX, XMM0);
    asm_mov_rr(&e->a, RCX, RAX);
    asm_shift_ri(&e->a, SHIFT_ROL, RCX, 1);                 /* r = rotl(bits, 1) */
    asm_mov_ri(&e->a, RDX, (int64_t)FLOAT_EXP_BIAS_SHIFT);
    asm_mov_rr(&e->a, R8, RCX);
    asm_alu_rr(&e->a, ALU_SUB, R8, RDX);                    /* adj = r - bias */
    asm_mov_rr(&e->a, RDX, R8);
    asm_alu_ri(&e->a, ALU_SUB, RDX, 2);
    asm_mov_ri(&e->a, R9, ((int64_t)1 << 62) - 2);
    asm_alu_rr(&e->a, ALU_CMP, RDX, R9);
    size_t not_small = asm_jcc8(&e->a, CC_AE);              /* adj - 2 >= 2^62 - 2 (unsigned) */
    asm_shift_ri(&e->a, SHIFT_SHL, R8, 2);
    asm_alu_ri(&e->a, ALU_OR, R8, FLOAT_TAG);
    asm_mov_rr(&e->a, RAX, R8);
    size_t done1 = asm_jmp8(&e->a);
    asm_patch_rel8(&e->a, not_small, asm_len(&e->a));
    asm_alu_ri(&e->a, ALU_CMP, RCX, 1);
    size_t not_zero = asm_jcc8(&e->a, CC_A);
    asm_shift_ri(&e->a, SHIFT_SHL, RCX, 2);
    asm_alu_ri(&e->a, ALU_OR, RCX, FLOAT_TAG);
    asm_mov_rr(&e->a, RAX, RCX);
    size_t done2 = asm_jmp8(&e->a);
    asm_patch_rel8(&e->a, not_zero, asm_len(&e->a));
    call_fn(e, (void *)jh_box_float_slow);                  /* xmm0 still holds the double */
    asm_patch_rel8(&e->a, done1, asm_len(&e->a));
    asm_patch_rel8(&e->a, done2, asm_len(&e->a));
}

/* rax (Value known to be a float) -> xmm0 */
static void emit_unbox_float(Emitter *e) {
    asm_mov_rr(&e->a, RCX, RAX);
    asm_alu_ri(&e->a, ALU_AND, RCX, 3);
    asm_alu_ri(&e->a, ALU_CMP, RCX, FLOAT_TAG);
    size_t boxed = asm_jcc8(&e->a, CC_NE);
    asm_shift_ri(&e->a, SHIFT_SHR, RAX, 2);                 /* x = v >> 2 */
    asm_mov_ri(&e->a, RDX, (int64_t)FLOAT_EXP_BIAS_SHIFT);
    asm_zero(&e->a, RCX);
    asm_alu_ri(&e->a, ALU_CMP, RAX, 1);
    asm_cmov_rr(&e->a, CC_A, RCX, RDX);                     /* bias if x > 1 */
    asm_alu_rr(&e->a, ALU_ADD, RAX, RCX);
    asm_shift_ri(&e->a, SHIFT_ROR, RAX, 1);
    asm_movq_xr(&e->a, XMM0, RAX);
    size_t done = asm_jmp8(&e->a);
    asm_patch_rel8(&e->a, boxed, asm_len(&e->a));
    asm_movsd_xm(&e->a, XMM0, asm_mem(RAX, (int32_t)offsetof(FloatObject, value)));
    asm_patch_rel8(&e->a, done, asm_len(&e->a));
}

/* ---- operations --------------------------------------------------------------------------- */

static AsmCond int_cmp_cc(int opcode) {
    switch (opcode) {
    case IR_int_lt: return CC_L;
    case IR_int_le: return CC_LE;
    case IR_int_eq: return CC_E;
    case IR_int_ne: return CC_NE;
    case IR_int_gt: return CC_G;
    default: return CC_GE;
    }
}

static void emit_call(Emitter *e, int index) {
    IROp *op = &e->ir->ops[index];
    CallDescr *cd = (CallDescr *)op->descr;
    static const AsmReg iregs[6] = {RDI, RSI, RDX, RCX, R8, R9};
    int ni = 0, nf = 0;
    for (int i = 1; i < op->nargs; i++) {
        IRRef r = ir_arg(op, i);
        char t = ir_type(e->ir, r);
        if (t == 'f') {
            if (nf >= 8) {
                e->failed = true;
                return;
            }
            loadx(e, (AsmXmm)(XMM0 + nf++), r);
        } else {
            if (ni >= 6) {
                e->failed = true;
                return;
            }
            load(e, iregs[ni++], r);
        }
    }
    (void)cd;
    IRRef fn = ir_arg(op, 0);
    load(e, R11, fn);
    asm_call_r(&e->a, R11);
    if (op->type == 'f') storex(e, index, XMM0);
    else if (op->type != 'v') store(e, index, RAX);
}

static void emit_op(Emitter *e, int index) {
    IROp *op = &e->ir->ops[index];
    Asm *a = &e->a;
    IRRef a0 = op->nargs > 0 ? ir_arg(op, 0) : IR_NONE;
    IRRef a1 = op->nargs > 1 ? ir_arg(op, 1) : IR_NONE;
    IRRef a2 = op->nargs > 2 ? ir_arg(op, 2) : IR_NONE;
    switch (op->opcode) {
    case IR_inputarg_i:
    case IR_inputarg_f:
    case IR_inputarg_r:
    case IR_debug_merge_point:
    case IR_enter_portal_frame:
    case IR_leave_portal_frame:
    case IR_label:
    case IR_jump:
    case IR_finish:
        break;
    case IR_same_as_i:
    case IR_same_as_r:
    case IR_same_as_f:
        load(e, RAX, a0);
        store(e, index, RAX);
        break;
    /* guards */
    case IR_guard_true:
    case IR_guard_false:
        load(e, RAX, a0);
        asm_test_rr(a, RAX, RAX);
        guard_jcc(e, index, op->opcode == IR_guard_true ? CC_Z : CC_NZ);
        break;
    case IR_guard_value:
        load(e, RAX, a0);
        if (ir_type(e->ir, a0) == 'f') {
            loadx(e, XMM0, a0);
            loadx(e, XMM1, a1);
            asm_ucomisd_xx(a, XMM0, XMM1);
            guard_jcc(e, index, CC_NE);
            guard_jcc(e, index, CC_P);
        } else {
            load(e, RCX, a1);
            asm_alu_rr(a, ALU_CMP, RAX, RCX);
            guard_jcc(e, index, CC_NE);
        }
        break;
    case IR_guard_nonnull_class:
    case IR_guard_class:
        load(e, RAX, a0);
        asm_test_ri(a, RAX, 7);
        guard_jcc(e, index, CC_NZ);
        if (op->opcode == IR_guard_nonnull_class) {
            asm_test_rr(a, RAX, RAX);
            guard_jcc(e, index, CC_Z);
        }
        load(e, RCX, a1);
        asm_alu_rm(a, ALU_CMP, RCX, asm_mem(RAX, 0));
        guard_jcc(e, index, CC_NE);
        break;
    case IR_guard_nonnull:
    case IR_guard_isnull:
        load(e, RAX, a0);
        asm_test_rr(a, RAX, RAX);
        guard_jcc(e, index, op->opcode == IR_guard_nonnull ? CC_Z : CC_NZ);
        break;
    case IR_guard_is_int:
        load(e, RAX, a0);
        asm_test_ri(a, RAX, 1);
        guard_jcc(e, index, CC_Z);
        break;
    case IR_guard_is_float: {
        load(e, RAX, a0);
        asm_mov_rr(a, RCX, RAX);
        asm_alu_ri(a, ALU_AND, RCX, 3);
        asm_alu_ri(a, ALU_CMP, RCX, FLOAT_TAG);
        size_t ok = asm_jcc8(a, CC_E);
        asm_test_ri(a, RAX, 7);
        guard_jcc(e, index, CC_NZ);
        asm_test_rr(a, RAX, RAX);
        guard_jcc(e, index, CC_Z);
        asm_mov_ri(a, RCX, (int64_t)(uintptr_t)&float_type);
        asm_alu_rm(a, ALU_CMP, RCX, asm_mem(RAX, 0));
        guard_jcc(e, index, CC_NE);
        asm_patch_rel8(a, ok, asm_len(a));
        break;
    }
    case IR_guard_no_overflow: guard_jcc(e, index, CC_O); break;
    case IR_guard_overflow: guard_jcc(e, index, CC_NO); break;
    case IR_guard_no_exception:
        asm_mov_ri(a, RAX, (int64_t)(uintptr_t)&tstate.exc);
        asm_alu_mi(a, ALU_CMP, asm_mem(RAX, 0), 0);
        guard_jcc(e, index, CC_NE);
        break;
    case IR_guard_not_invalidated:
        asm_mov_ri(a, RAX, (int64_t)(uintptr_t)&e->t->invalid);
        asm_alu8_mi(a, ALU_CMP, asm_mem(RAX, 0), 0);
        guard_jcc(e, index, CC_NE);
        break;
    /* integers */
    case IR_int_add:
    case IR_int_sub:
    case IR_int_and:
    case IR_int_or:
    case IR_int_xor:
    case IR_int_add_ovf:
    case IR_int_sub_ovf: {
        AluOp alu = (op->opcode == IR_int_add || op->opcode == IR_int_add_ovf) ? ALU_ADD
                  : (op->opcode == IR_int_sub || op->opcode == IR_int_sub_ovf) ? ALU_SUB
                  : op->opcode == IR_int_and ? ALU_AND : op->opcode == IR_int_or ? ALU_OR : ALU_XOR;
        load(e, RAX, a0);
        load(e, RCX, a1);
        asm_alu_rr(a, alu, RAX, RCX);
        store(e, index, RAX);   /* mov keeps the flags for the overflow guard */
        break;
    }
    case IR_int_mul:
    case IR_int_mul_ovf:
        load(e, RAX, a0);
        load(e, RCX, a1);
        asm_imul_rr(a, RAX, RCX);
        store(e, index, RAX);
        break;
    case IR_int_lshift:
    case IR_int_rshift:
    case IR_uint_rshift:
        load(e, RAX, a0);
        load(e, RCX, a1);
        asm_shift_rcl(a, op->opcode == IR_int_lshift ? SHIFT_SHL : op->opcode == IR_int_rshift ? SHIFT_SAR : SHIFT_SHR,
                      RAX);
        store(e, index, RAX);
        break;
    case IR_int_py_floordiv:
    case IR_int_py_mod: {
        load(e, RAX, a0);
        load(e, R8, a1);
        asm_cqo(a);
        asm_idiv(a, R8);
        /* C truncates toward zero; Python floors: adjust when the remainder
           and the divisor have opposite signs */
        asm_test_rr(a, RDX, RDX);
        size_t exact = asm_jcc8(a, CC_Z);
        asm_mov_rr(a, RCX, RDX);
        asm_alu_rr(a, ALU_XOR, RCX, R8);
        size_t same = asm_jcc8(a, CC_NS);
        if (op->opcode == IR_int_py_floordiv) asm_alu_ri(a, ALU_SUB, RAX, 1);
        else asm_alu_rr(a, ALU_ADD, RDX, R8);
        asm_patch_rel8(a, exact, asm_len(a));
        asm_patch_rel8(a, same, asm_len(a));
        store(e, index, op->opcode == IR_int_py_floordiv ? RAX : RDX);
        break;
    }
    case IR_int_neg:
    case IR_int_invert:
        load(e, RAX, a0);
        if (op->opcode == IR_int_neg) asm_neg(a, RAX);
        else asm_not(a, RAX);
        store(e, index, RAX);
        break;
    case IR_int_lt:
    case IR_int_le:
    case IR_int_eq:
    case IR_int_ne:
    case IR_int_gt:
    case IR_int_ge:
    case IR_ptr_eq:
    case IR_ptr_ne: {
        AsmCond cc = op->opcode == IR_ptr_eq ? CC_E : op->opcode == IR_ptr_ne ? CC_NE : int_cmp_cc(op->opcode);
        load(e, RCX, a0);
        load(e, RDX, a1);
        asm_zero(a, RAX);
        asm_alu_rr(a, ALU_CMP, RCX, RDX);
        asm_setcc(a, cc, RAX);
        store(e, index, RAX);
        break;
    }
    case IR_int_is_zero:
    case IR_int_is_true:
        load(e, RCX, a0);
        asm_zero(a, RAX);
        asm_test_rr(a, RCX, RCX);
        asm_setcc(a, op->opcode == IR_int_is_zero ? CC_Z : CC_NZ, RAX);
        store(e, index, RAX);
        break;
    /* floats */
    case IR_float_add:
    case IR_float_sub:
    case IR_float_mul:
    case IR_float_truediv: {
        SdOp sd = op->opcode == IR_float_add ? SD_ADD : op->opcode == IR_float_sub ? SD_SUB
                : op->opcode == IR_float_mul ? SD_MUL : SD_DIV;
        loadx(e, XMM0, a0);
        loadx(e, XMM1, a1);
        asm_sd_xx(a, sd, XMM0, XMM1);
        storex(e, index, XMM0);
        break;
    }
    case IR_float_neg:
    case IR_float_abs:
        load(e, RAX, a0);
        if (op->opcode == IR_float_neg) {
            asm_mov_ri(a, RCX, INT64_MIN);
            asm_alu_rr(a, ALU_XOR, RAX, RCX);
        } else {
            asm_mov_ri(a, RCX, INT64_MAX);
            asm_alu_rr(a, ALU_AND, RAX, RCX);
        }
        store(e, index, RAX);
        break;
    case IR_float_lt:
    case IR_float_le:
    case IR_float_gt:
    case IR_float_ge: {
        bool swap = op->opcode == IR_float_lt || op->opcode == IR_float_le;
        loadx(e, XMM0, swap ? a1 : a0);
        loadx(e, XMM1, swap ? a0 : a1);
        asm_zero(a, RAX);
        asm_ucomisd_xx(a, XMM0, XMM1);
        asm_setcc(a, (op->opcode == IR_float_lt || op->opcode == IR_float_gt) ? CC_A : CC_AE, RAX);
        store(e, index, RAX);
        break;
    }
    case IR_float_eq:
    case IR_float_ne:
        loadx(e, XMM0, a0);
        loadx(e, XMM1, a1);
        asm_zero(a, RAX);
        asm_zero(a, RCX);
        asm_ucomisd_xx(a, XMM0, XMM1);
        if (op->opcode == IR_float_eq) {
            asm_setcc(a, CC_E, RAX);
            asm_setcc(a, CC_NP, RCX);
            asm_alu_rr(a, ALU_AND, RAX, RCX);
        } else {
            asm_setcc(a, CC_NE, RAX);
            asm_setcc(a, CC_P, RCX);
            asm_alu_rr(a, ALU_OR, RAX, RCX);
        }
        store(e, index, RAX);
        break;
    case IR_cast_int_to_float:
        load(e, RAX, a0);
        asm_cvtsi2sd_xr(a, XMM0, RAX);
        storex(e, index, XMM0);
        break;
    case IR_cast_float_to_int:
        loadx(e, XMM0, a0);
        asm_cvttsd2si_rx(a, RAX, XMM0);
        store(e, index, RAX);
        break;
    /* tagged values */
    case IR_unbox_int:
        load(e, RAX, a0);
        asm_shift_ri(a, SHIFT_SAR, RAX, 1);
        store(e, index, RAX);
        break;
    case IR_box_int:
        load(e, RAX, a0);
        emit_box_int(e);
        store(e, index, RAX);
        break;
    case IR_unbox_float:
        load(e, RAX, a0);
        emit_unbox_float(e);
        storex(e, index, XMM0);
        break;
    case IR_box_float:
        loadx(e, XMM0, a0);
        emit_box_float(e);
        store(e, index, RAX);
        break;
    case IR_bool_from_int:
        load(e, RAX, a0);
        asm_mov_ri(a, RCX, (int64_t)V_FALSE);
        asm_mov_ri(a, RDX, (int64_t)V_TRUE);
        asm_test_rr(a, RAX, RAX);
        asm_cmov_rr(a, CC_NZ, RCX, RDX);
        store(e, index, RCX);
        break;
    /* memory */
    case IR_getfield_gc_i:
    case IR_getfield_gc_r:
    case IR_getfield_gc_f: {
        FieldDescr *fd = (FieldDescr *)op->descr;
        load(e, RAX, a0);
        asm_mov_rm(a, RAX, asm_mem(RAX, fd->offset));
        store(e, index, RAX);
        break;
    }
    case IR_setfield_gc: {
        FieldDescr *fd = (FieldDescr *)op->descr;
        load(e, RAX, a0);
        load(e, RCX, a1);
        asm_mov_mr(a, asm_mem(RAX, fd->offset), RCX);
        break;
    }
    case IR_getarrayitem_gc_i:
    case IR_getarrayitem_gc_r:
    case IR_getarrayitem_gc_f: {
        ArrayDescr *ad = (ArrayDescr *)op->descr;
        load(e, RAX, a0);
        if (ir_is_const(a1)) {
            asm_mov_rm(a, RAX, asm_mem(RAX, ad->base + 8 * (int32_t)ir_const(e->ir, a1)->v.i));
        } else {
            load(e, RCX, a1);
            asm_mov_rm(a, RAX, asm_mem_idx(RAX, RCX, 8, ad->base));
        }
        store(e, index, RAX);
        break;
    }
    case IR_setarrayitem_gc: {
        ArrayDescr *ad = (ArrayDescr *)op->descr;
        load(e, RAX, a0);
        load(e, RDX, a2);
        if (ir_is_const(a1)) {
            asm_mov_mr(a, asm_mem(RAX, ad->base + 8 * (int32_t)ir_const(e->ir, a1)->v.i), RDX);
        } else {
            load(e, RCX, a1);
            asm_mov_mr(a, asm_mem_idx(RAX, RCX, 8, ad->base), RDX);
        }
        break;
    }
    case IR_new_with_vtable: {
        SizeDescr *sd = (SizeDescr *)op->descr;
        asm_mov_ri(a, RDI, (int64_t)(uintptr_t)sd->type);
        asm_mov_ri(a, RSI, sd->size);
        call_fn(e, sd->atomic ? (void *)jit_helper_fn(JH_new_atomic) : (void *)jit_helper_fn(JH_new_object));
        store(e, index, RAX);
        break;
    }
    case IR_new_array_clear:
        load(e, RDI, a0);
        call_fn(e, jit_helper_fn(JH_new_array));
        store(e, index, RAX);
        break;
    case IR_call_i:
    case IR_call_f:
    case IR_call_r:
    case IR_call_n:
    case IR_call_pure_i:
    case IR_call_pure_r:
    case IR_call_pure_f:
        emit_call(e, index);
        break;
    case IR_force_token:
        asm_mov_rr(a, RAX, RBP);
        store(e, index, RAX);
        break;
    default:
        e->failed = true;
        break;
    }
}

/* Copy values into slots as a parallel move (through the scratch area). */
static void parallel_move(Emitter *e, const IRRef *srcs, const int32_t *dst_slots, int n) {
    if (n > SCRATCH_SLOTS) {
        e->failed = true;
        return;
    }
    for (int i = 0; i < n; i++) {
        load(e, RAX, srcs[i]);
        asm_mov_mr(&e->a, scratch_mem(e->scratch_base, i), RAX);
    }
    for (int i = 0; i < n; i++) {
        asm_mov_rm(&e->a, RAX, scratch_mem(e->scratch_base, i));
        asm_mov_mr(&e->a, asm_mem(RBP, -(SLOT0 + 8 * dst_slots[i])), RAX);
    }
}

static void emit_guard_stubs(Emitter *e) {
    for (int i = 0; i < e->nguards; i++) {
        PendingGuard *pg = &e->guards[i];
        GuardDescr *g = pg->g;
        if (!g->fail_args) {
            IRRef *refs;
            int n = snapshot_fail_args(g->snap, e->ir, &refs);
            g->fail_args = refs;
            g->nfail_args = n;
            g->owner = e->t;
            g->fail_locs = gc_alloc_atomic(sizeof(int32_t) * (size_t)(n + 1));
            for (int k = 0; k < n; k++) g->fail_locs[k] = e->slot_of[refs[k]];
        }
        /* several jumps may share a guard (guard_value on floats): one stub */
        bool done = false;
        for (int j = 0; j < i; j++) {
            if (e->guards[j].g == g) {
                /* reuse: patch to the earlier stub later */
                done = true;
                break;
            }
        }
        if (done) continue;
        size_t stub = asm_len(&e->a);
        for (int j = i; j < e->nguards; j++)
            if (e->guards[j].g == g) asm_patch_rel32(&e->a, e->guards[j].jcc_field, stub);
        g->patch_site = (void *)(uintptr_t)pg->jcc_field;   /* offset for now */
        if (g->nfail_args > BACKEND_MAX_FAIL_ARGS) {
            e->failed = true;
            return;
        }
        for (int k = 0; k < g->nfail_args; k++) {
            asm_mov_rm(&e->a, RAX, asm_mem(RBP, -(SLOT0 + 8 * g->fail_locs[k])));
            asm_mov_mr(&e->a, asm_mem(R12, 8 * k), RAX);
        }
        asm_mov_ri(&e->a, RAX, (int64_t)(uintptr_t)g);
        asm_jmp_to(&e->a, e->epilogue);
    }
}

/* pypyjit.enable_debug() / jit-backend-counts: count every pass through
 * the label (and, for bridges, every entry). rax is free at a label: the
 * values live in their slots. */
static void emit_debug_count(Emitter *e) {
    if (!e->t->counting) return;
    asm_mov_ri(&e->a, RAX, (int64_t)(uintptr_t)&e->t->debug_count);
    asm_alu_mi(&e->a, ALU_ADD, asm_mem(RAX, 0), 1);
}

static void emit_prologue(Emitter *e) {
    Asm *a = &e->a;
    asm_push_r(a, RBP);
    asm_mov_rr(a, RBP, RSP);
    asm_push_r(a, RBX);
    asm_push_r(a, R12);
    asm_push_r(a, R13);
    asm_push_r(a, R14);
    asm_push_r(a, R15);
    /* slots + alignment: rsp is 8 mod 16 here */
    int32_t bytes = 8 * (e->frame_slots + SCRATCH_SLOTS);
    if (bytes % 16 == 0) bytes += 8;
    asm_alu_ri(a, ALU_SUB, RSP, bytes);
    asm_mov_rr(a, R12, RSI);
}

static void emit_epilogue(Emitter *e) {
    Asm *a = &e->a;
    e->epilogue = asm_len(a);
    asm_lea(a, RSP, asm_mem(RBP, -40));
    asm_pop_r(a, R15);
    asm_pop_r(a, R14);
    asm_pop_r(a, R13);
    asm_pop_r(a, R12);
    asm_pop_r(a, RBX);
    asm_pop_r(a, RBP);
    asm_ret(a);
}

/* Place the code and resolve guard patch sites to addresses. */
static bool place(Emitter *e) {
    size_t n = asm_len(&e->a);
    uint8_t *mem = mcode_alloc(n);
    if (!mem) return false;
    mcode_write(mem, asm_code(&e->a), n);
    e->t->mcode = mem;
    e->t->mcode_len = n;
    for (int i = 0; i < e->nguards; i++) {
        GuardDescr *g = e->guards[i].g;
        if ((uintptr_t)g->patch_site == e->guards[i].jcc_field) g->patch_site = mem + e->guards[i].jcc_field;
    }
    return true;
}

static int32_t *op_offsets_new(int32_t n) {
    int32_t *o = gc_alloc_atomic(sizeof(int32_t) * (size_t)(n + 1));
    for (int32_t i = 0; i < n; i++) o[i] = -1;
    return o;
}

static void collect_guards(Emitter *e) {
    Trace *t = e->t;
    t->nguards = 0;
    t->guards = gc_alloc(sizeof(GuardDescr *) * (size_t)(e->nguards + 1));
    for (int i = 0; i < e->nguards; i++) {
        GuardDescr *g = e->guards[i].g;
        bool seen = false;
        for (int j = 0; j < t->nguards; j++)
            if (t->guards[j] == g) seen = true;
        if (!seen) t->guards[t->nguards++] = g;
    }
}

bool backend_compile_loop(Trace *t) {
    Emitter e;
    memset(&e, 0, sizeof e);
    asm_init(&e.a);
    e.t = t;
    e.ir = &t->ir;
    int32_t n = t->ir.nops;
    e.slot_of = gc_alloc_atomic(sizeof(int32_t) * (size_t)(n + 1));
    for (int32_t i = 0; i < n; i++) e.slot_of[i] = i;
    e.frame_slots = n + BRIDGE_RESERVE;
    e.scratch_base = e.frame_slots;
    t->op_offsets = op_offsets_new(n);
    /* the epilogue first: guard stubs jump back to it */
    size_t skip = asm_jmp(&e.a);
    emit_epilogue(&e);
    size_t entry = asm_len(&e.a);
    asm_patch_rel32(&e.a, skip, entry);
    emit_prologue(&e);
    int label_index = -1;
    for (int32_t i = 0; i < n && !e.failed; i++) {
        IROp *op = &t->ir.ops[i];
        t->op_offsets[i] = (int32_t)asm_len(&e.a);
        if (op->opcode == IR_inputarg_r) {
            /* the frame pointer (first argument) */
            asm_mov_mr(&e.a, slot_mem(&e, i), RDI);
            continue;
        }
        if (op->opcode == IR_label) {
            label_index = i;
            e.label_offset = asm_len(&e.a);
            emit_debug_count(&e);
            continue;
        }
        if (op->opcode == IR_jump) {
            IROp *lab = &t->ir.ops[label_index];
            int na = op->nargs;
            IRRef *srcs = gc_alloc_atomic(sizeof(IRRef) * (size_t)na);
            int32_t *dst = gc_alloc_atomic(sizeof(int32_t) * (size_t)na);
            for (int k = 0; k < na; k++) {
                srcs[k] = ir_arg(op, k);
                dst[k] = e.slot_of[ir_arg(lab, k)];
            }
            parallel_move(&e, srcs, dst, na);
            asm_jmp_to(&e.a, e.label_offset);
            continue;
        }
        emit_op(&e, i);
    }
    if (label_index < 0) e.failed = true;
    if (!e.failed) emit_guard_stubs(&e);
    if (e.failed || !place(&e)) {
        asm_free(&e.a);
        free(e.guards);
        return false;
    }
    collect_guards(&e);
    t->entry = t->mcode + entry;
    TargetDescr *td = (TargetDescr *)t->ir.ops[label_index].descr;
    td->addr = t->mcode + e.label_offset;
    td->trace = t;
    td->nargs = t->ir.ops[label_index].nargs;
    td->arg_locs = gc_alloc_atomic(sizeof(int32_t) * (size_t)(td->nargs + 1));
    for (int k = 0; k < td->nargs; k++) td->arg_locs[k] = e.slot_of[ir_arg(&t->ir.ops[label_index], k)];
    t->target = td;
    /* remember the frame geometry for bridges */
    t->slot_base = 0;
    t->slots_used = n;
    t->frame_slots = e.frame_slots;
    t->epilogue = t->mcode + e.epilogue;
    asm_free(&e.a);
    free(e.guards);
    return true;
}

bool backend_compile_bridge(Trace *t, GuardDescr *g) {
    (void)t;
    (void)g;
    return false;   /* bridges: next step */
}

void backend_free(Trace *t) { mcode_free(t->mcode, t->mcode_len); }

void backend_memory(size_t *reserved, size_t *used) { mcode_stats(reserved, used); }

void backend_init(void) {}
