/* emit_x64.c: the x86-64 backend (backend.h): register allocation and
 * code generation in one forward pass over the trace.
 *
 * Register allocation. A trace is straight-line code, so a value's live
 * range is [its op, its last use], where uses include guard fail arguments
 * (the snapshot needs the value if the guard fails) and label/jump
 * arguments. Each value gets a register when it is computed or first
 * needed in one; when registers run out, the one whose value is needed
 * furthest ahead is spilled to a slot (PyPy's heuristic). A spilled value
 * keeps its slot until it dies (SSA: it never changes), so spilling it
 * again costs nothing. Values live across a call prefer callee-saved
 * registers; before a call, live values in caller-saved registers move
 * to free callee-saved ones or to their slots.
 *
 * Invariants:
 *   - holder[reg] is the op whose value the register holds (-1 free,
 *     TEMP: scratch of the current op); rloc[op] is the converse.
 *   - a register locked for the current op is neither evicted nor reused.
 *   - R11 and XMM15 are never allocated: they are scratch inside one
 *     operation (constants, calls, parallel moves).
 *   - after a label, only the label's arguments (and later ops) are live;
 *     the label's TargetDescr records where each one is, and every jump to
 *     it moves its values there.
 *   - frame slot 0 holds p0, the root Frame *, for the whole run.
 *   - code between an *_ovf op or a fused comparison and its guard does
 *     not change the flags (only plain moves are emitted there).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"
#include "../introspect/profiler.h"
#include "asm_x64.h"
#include "backend.h"
#include "helpers.h"
#include "mcode.h"
#include "params.h"
#include "safepoint.h"

#define SLOT0 48                /* [rbp-8 .. rbp-40]: saved rbx r12-r15 */
#define TEMP (-2)
#define NREGS 32

uint64_t jit_saved_area[BACKEND_MAX_FAIL_ARGS];
GuardDescr jit_done_descr = {.d = {DESCR_GUARD}};

/* Allocation order: caller-saved first (cheap for short-lived values),
 * callee-saved for values that live across calls. */
static const int8_t gpr_caller[] = {RAX, RCX, RDX, RSI, RDI, R8, R9, R10};
static const int8_t gpr_callee[] = {RBX, R12, R13, R14, R15};
#define CALLER_SAVED_MASK                                                                     \
    ((1u << RAX) | (1u << RCX) | (1u << RDX) | (1u << RSI) | (1u << RDI) | (1u << R8) |       \
     (1u << R9) | (1u << R10) | (1u << R11) | 0xFFFF0000u)

typedef struct GuardSite {
    GuardDescr *g;
    size_t field;               /* rel32 of the jump to the guard's stub */
} GuardSite;

/* A fail argument of guard g that its fast path never computes: a
 * comparison fused with g whose result the snapshot holds. Where g fails
 * the result is known (0 for guard_true, 1 for guard_false), so g's stub
 * writes it into reg before the bridge's patch site (emit_stubs()). */
typedef struct StubValue {
    GuardDescr *g;
    int8_t reg;
    int8_t value;
} StubValue;

/* How a comparison and the guard after it combine (can_fuse()). */
typedef enum FuseKind {
    FUSE_NONE,                  /* the result as a 0/1 value, then a test */
    FUSE_FLAGS,                 /* the guard jumps on the comparison's flags */
    FUSE_FLAGS_STUB_VALUE,      /* and the guard's snapshot holds the result:
                                   a StubValue gives it where the guard fails */
} FuseKind;

typedef struct Reloc {
    size_t field;               /* rel32 to resolve once the code is placed */
    uint8_t *target;
    uint8_t tail;               /* bytes of the instruction after the field */
} Reloc;

/* A profiler event's cold path, emitted after the code (profiler.h) */
typedef struct ProfStub {
    size_t field;               /* rel32 of the jump to it */
    size_t resume;              /* where it goes back to */
    uint64_t uid_kind;          /* prof_slow_event's argument */
    uint32_t live;              /* the registers (Locs 0..31) it keeps */
} ProfStub;

/* 64-bit constants the float fast paths read as memory operands (one
 * instruction, where a movabs into a register would be two): tpy links
 * -no-pie, so they lie in the low 2 GB and [disp32] reaches them;
 * abs_addressable() checks it, and the code falls back to movabs if not. */
static const uint64_t float_bias_k = FLOAT_EXP_BIAS_SHIFT;
static const uint64_t small_adj_limit_k = ((uint64_t)1 << 62) - 2;

static bool abs_addressable(const void *p) { return (uintptr_t)p <= (uintptr_t)INT32_MAX; }

/* op dst, K for a 64-bit constant K in memory; may use R11. */
static void alu_rk(Asm *a, AluOp op, AsmReg dst, const uint64_t *k) {
    if (abs_addressable(k)) {
        asm_alu_rm(a, op, dst, asm_mem_abs((int32_t)(uintptr_t)k));
    } else {
        asm_mov_ri(a, R11, (int64_t)*k);
        asm_alu_rr(a, op, dst, R11);
    }
}

/* Float constants that compiled code reads as memory operands
 * (`mulsd x, [disp32]`: one instruction and no register, where a
 * register operand took a movabs and a movq), interned here in tpy's
 * data, which lies in the low 2 GB (-no-pie; else abs_addressable()
 * fails and the constant goes through a register). Entries are never
 * removed: code of any live trace may read them. When the pool is full,
 * new constants go through a register. Only the compiling thread (which
 * holds the GIL) adds to it. */
#define FLOAT_POOL_SIZE 1024
static uint64_t float_pool[FLOAT_POOL_SIZE];
static int32_t float_pool_n;

/* The pool entry of the bits of double constant k, or NULL. */
static const uint64_t *float_pool_entry(uint64_t k) {
    for (int32_t i = 0; i < float_pool_n; i++)
        if (float_pool[i] == k) return &float_pool[i];
    if (float_pool_n == FLOAT_POOL_SIZE || !abs_addressable(&float_pool[float_pool_n])) return NULL;
    float_pool[float_pool_n] = k;
    return &float_pool[float_pool_n++];
}

/* The slow path of a boxing, unboxing or float guard (a value outside
 * its immediate form), emitted after the code so that the hot path stays
 * short and the trace's code dense in the instruction cache. */
typedef enum ColdKind {
    COLD_CALL,                  /* res = fn(arg), keeping the live registers */
    COLD_LOAD_FLOAT,            /* res (XMM) = ((FloatObject *)arg)->value */
    COLD_GUARD_BOXED_FLOAT,     /* fail guard op `guard` unless arg is a FloatObject */
    COLD_BOX_FLOAT,             /* res = box(arg (XMM)) of a double that is no small
                                   float; res holds rotl(bits, 1) - bias */
} ColdKind;

typedef struct ColdCall {
    size_t field;               /* rel32 of the jump to it */
    size_t resume;              /* where it goes back to */
    ColdKind kind;
    const void *fn;             /* COLD_CALL: Value fn(arg) */
    int8_t arg, res;            /* Locs: the argument (a GPR or XMM), the result */
    bool arg_is_float;
    uint32_t live;              /* the caller-saved registers a call keeps */
    int32_t guard;              /* COLD_GUARD_BOXED_FLOAT: the guard's op */
} ColdCall;

typedef struct LocalLabel {
    TargetDescr *td;
    size_t offset;
} LocalLabel;

typedef struct Emitter {
    Asm a;
    Trace *t;
    const IRBuf *ir;
    int32_t n;
    bool bridge;
    int32_t *last_use;          /* per op: index of the last use, -1 none */
    int32_t *next_call;         /* per op: first call-like op at or after it */
    int8_t *rloc;               /* per op: register (Loc 0..31) or -1 */
    int16_t *sloc;              /* per op: spill slot or -1 */
    int32_t holder[NREGS];
    uint32_t locked;            /* registers of the current op's operands */
    uint32_t temps;             /* scratch registers of the current op */
    uint8_t slot_busy[JIT_FRAME_SLOTS];
    int32_t cur;                /* the op being emitted */
    int32_t fused;              /* a comparison whose result is in the flags */
    AsmCond fused_cc;
    bool fused_stub_value;      /* fused as FUSE_FLAGS_STUB_VALUE */
    StubValue *stub_values;
    int32_t nstub_values, capstub_values;
    /* fused is a float_eq (fused_cc CC_E) or float_ne (CC_NE): its outcome
       needs ZF and PF (unordered, a nan operand, is "not equal"), so its
       guard is two jumps */
    bool fused_float_eq;
    int32_t raw_poll;           /* a getfield_raw_i left for the compare after it, or -1 */
    const void *raw_poll_addr;
    int32_t field_cmp;          /* a getfield_gc_i left for the compare after it, or -1 */
    AsmMem field_cmp_mem;
    /* jit/safepoint.h: the jcc of the first replayable guard after the last
       label (its rel32 field, -1 if none yet), and the poll skipped there */
    bool can_site;
    int64_t loop_site;
    int32_t poll_skipped[2];    /* its getfield_raw_i and int_lt, -1 */
    /* inlined frames entered here (enter_portal_frame) and not left: not
       counted in tstate.depth but around calls that may run Python code */
    int32_t depth_delta;
    GuardSite *sites;
    int32_t nsites, capsites;
    Reloc *relocs;
    int32_t nrelocs, caprelocs;
    ProfStub *prof_stubs;
    int32_t nprof_stubs, capprof_stubs;
    ColdCall *cold_calls;
    int32_t ncold_calls, capcold_calls;
    LocalLabel labels[8];
    int nlabels;
    size_t epilogue;
    bool failed;
    const char *why;
} Emitter;

static void fail(Emitter *e, const char *why) {
    if (!e->failed) {
        e->failed = true;
        e->why = why;
    }
}

static AsmMem slot_mem(int slot) { return asm_mem(RBP, -(SLOT0 + 8 * slot)); }

static bool is_float(Emitter *e, IRRef r) { return ir_type(e->ir, r) == 'f'; }
static bool is_const(IRRef r) { return ir_is_const(r); }

static int64_t const_bits(Emitter *e, IRRef r) {
    const IRConst *k = ir_const(e->ir, r);
    return k->type == 'f' ? (int64_t)double_bits(k->v.f) : k->v.i;
}
static bool const_fits_imm32(Emitter *e, IRRef r) {
    if (!is_const(r) || ir_const(e->ir, r)->type == 'f') return false;
    int64_t v = const_bits(e, r);
    return v >= INT32_MIN && v <= INT32_MAX;
}

/* ---- inline allocation -----------------------------------------------------------------
 *
 * new_with_vtable of a small scanned object pops the head of gc.h's free
 * list for its size class in machine code, as gc_alloc does in C: two
 * loads, a test and a store, no call. When the list is empty (a
 * collection dropped the lists, the batch is used up, or tracemalloc's
 * hook keeps them empty) a slow path calls gc_refill, which takes a new
 * batch and reports to the hook; it keeps every register but the
 * result's. Either way the type is stored over the link word
 * (Object.type is at offset 0), and the rest of the object is zero as the
 * collector gives it. Atomic objects (not zeroed by the collector) and
 * large ones keep the call (no recorder emits atomic ones today).
 * tools/jit_extras.py (alloc) checks both paths. */
static bool alloc_is_inline(const IROp *op) {
    if (op->opcode != IR_new_with_vtable) return false;
    const SizeDescr *sd = (const SizeDescr *)op->descr;
    _Static_assert(offsetof(Object, type) == 0, "the type word is the free list's link word");
    if (sd->atomic || sd->size < (int32_t)sizeof(Object)) return false;
    return (size_t)sd->size <= GC_SMALL_GRANULES * GC_GRANULE;
}

static bool is_call_like(const IROp *op) {
    int o = op->opcode;
    if (alloc_is_inline(op)) return false;   /* its call is on a slow path that keeps the registers */
    return (irop_info[o].flags & IRF_CALL) || o == IR_new_with_vtable || o == IR_new_array_clear;
}

/* ---- register and slot bookkeeping ----------------------------------------------------- */

static void bind(Emitter *e, IRRef r, int reg) {
    e->holder[reg] = r;
    e->rloc[r] = (int8_t)reg;
}

static void unbind(Emitter *e, int reg) {
    int32_t r = e->holder[reg];
    if (r >= 0) e->rloc[r] = -1;
    e->holder[reg] = -1;
}

static int alloc_slot(Emitter *e) {
    for (int k = 1; k < JIT_FRAME_SLOTS; k++) {
        if (!e->slot_busy[k]) {
            e->slot_busy[k] = 1;
            return k;
        }
    }
    fail(e, "out of spill slots");
    return 1;
}

/* Emit a move between locations (registers of either class, slots). */
static void move_loc(Emitter *e, Loc dst, Loc src) {
    Asm *a = &e->a;
    if (dst == src) return;
    if (loc_is_gpr(dst)) {
        if (loc_is_gpr(src)) asm_mov_rr(a, (AsmReg)dst, (AsmReg)src);
        else if (loc_is_xmm(src)) asm_movq_rx(a, (AsmReg)dst, (AsmXmm)(src - LOC_XMM0));
        else asm_mov_rm(a, (AsmReg)dst, slot_mem(src - LOC_SLOT0));
    } else if (loc_is_xmm(dst)) {
        AsmXmm x = (AsmXmm)(dst - LOC_XMM0);
        if (loc_is_gpr(src)) asm_movq_xr(a, x, (AsmReg)src);
        else if (loc_is_xmm(src)) asm_movaps_xx(a, x, (AsmXmm)(src - LOC_XMM0));
        else asm_movsd_xm(a, x, slot_mem(src - LOC_SLOT0));
    } else {
        AsmMem m = slot_mem(dst - LOC_SLOT0);
        if (loc_is_gpr(src)) asm_mov_mr(a, m, (AsmReg)src);
        else if (loc_is_xmm(src)) asm_movsd_mx(a, m, (AsmXmm)(src - LOC_XMM0));
        else {
            asm_movsd_xm(a, XMM15, slot_mem(src - LOC_SLOT0));
            asm_movsd_mx(a, m, XMM15);
        }
    }
}

/* Emit dst = the constant bits v. Uses R11 for wide values into memory. */
static void const_to_loc(Emitter *e, Loc dst, int64_t v) {
    Asm *a = &e->a;
    if (loc_is_gpr(dst)) {
        asm_mov_ri(a, (AsmReg)dst, v);
    } else if (loc_is_xmm(dst)) {
        AsmXmm x = (AsmXmm)(dst - LOC_XMM0);
        if (v == 0) {
            asm_pd_xx(a, PD_XOR, x, x);
        } else {
            asm_mov_ri(a, R11, v);
            asm_movq_xr(a, x, R11);
        }
    } else if (v >= INT32_MIN && v <= INT32_MAX) {
        asm_mov_mi(a, slot_mem(dst - LOC_SLOT0), (int32_t)v);
    } else {
        asm_mov_ri(a, R11, v);
        asm_mov_mr(a, slot_mem(dst - LOC_SLOT0), R11);
    }
}

/* Where a live value can be read now (register preferred). */
static Loc loc_of(Emitter *e, IRRef r) {
    if (e->rloc[r] >= 0) return e->rloc[r];
    if (e->sloc[r] >= 0) return LOC_SLOT0 + e->sloc[r];
    fail(e, "value without a location");
    return LOC_SLOT0;
}

/* Give value r a spill slot holding its value (stores it if needed). */
static void ensure_slot(Emitter *e, IRRef r) {
    if (e->sloc[r] >= 0) return;
    int k = alloc_slot(e);
    e->sloc[r] = (int16_t)k;
    move_loc(e, LOC_SLOT0 + k, e->rloc[r]);
}

static bool live_now(Emitter *e, IRRef r) { return e->last_use[r] >= e->cur; }

/* Free register reg, keeping its value (if still needed) in a free register
 * of the same class outside `avoid`, or in its slot. */
static void evict(Emitter *e, int reg, uint32_t avoid) {
    int32_t r = e->holder[reg];
    if (r == TEMP) {
        fail(e, "evicting a scratch register");
        return;
    }
    if (r < 0) return;
    if (live_now(e, r) && e->sloc[r] < 0) {
        bool xmm = reg >= LOC_XMM0;
        int to = -1;
        if (xmm) {
            for (int x = LOC_XMM0; x < LOC_XMM0 + 15; x++)
                if (e->holder[x] == -1 && !((e->locked | avoid) & (1u << x)) && x != reg) {
                    to = x;
                    break;
                }
        } else {
            for (size_t i = 0; i < sizeof gpr_callee && to < 0; i++)
                if (e->holder[gpr_callee[i]] == -1 && !((e->locked | avoid) & (1u << gpr_callee[i]))) to = gpr_callee[i];
            for (size_t i = 0; i < sizeof gpr_caller && to < 0; i++)
                if (e->holder[gpr_caller[i]] == -1 && !((e->locked | avoid) & (1u << gpr_caller[i])) && gpr_caller[i] != reg)
                    to = gpr_caller[i];
        }
        if (to >= 0) {
            move_loc(e, to, reg);
            unbind(e, reg);
            bind(e, r, to);
            return;
        }
        ensure_slot(e, r);
    }
    unbind(e, reg);
}

static bool wants_callee_saved(Emitter *e, IRRef r) {
    if (is_const(r) || r < 0) return false;
    int32_t nc = e->next_call[r + 1 < e->n ? r + 1 : r];
    return nc < e->last_use[r];
}

/* A register of the class for a free (or freed) use, not locked. */
static int pick_reg(Emitter *e, bool xmm, bool callee_first) {
    uint32_t busy = e->locked | e->temps;
    if (xmm) {
        for (int x = LOC_XMM0; x < LOC_XMM0 + 15; x++)
            if (e->holder[x] == -1 && !(busy & (1u << x))) return x;
    } else {
        const int8_t *first = callee_first ? gpr_callee : gpr_caller;
        const int8_t *second = callee_first ? gpr_caller : gpr_callee;
        size_t nfirst = callee_first ? sizeof gpr_callee : sizeof gpr_caller;
        size_t nsecond = callee_first ? sizeof gpr_caller : sizeof gpr_callee;
        for (size_t i = 0; i < nfirst; i++)
            if (e->holder[first[i]] == -1 && !(busy & (1u << first[i]))) return first[i];
        for (size_t i = 0; i < nsecond; i++)
            if (e->holder[second[i]] == -1 && !(busy & (1u << second[i]))) return second[i];
    }
    /* evict the value needed furthest ahead (already spilled ones first) */
    int best = -1;
    int64_t best_score = -1;
    int lo = xmm ? LOC_XMM0 : 0, hi = xmm ? LOC_XMM0 + 15 : 16;
    for (int reg = lo; reg < hi; reg++) {
        if (!xmm && (reg == RSP || reg == RBP || reg == R11)) continue;
        if (busy & (1u << reg)) continue;
        int32_t r = e->holder[reg];
        if (r < 0) continue;
        int64_t score = (int64_t)e->last_use[r] * 2 + (e->sloc[r] >= 0);
        if (score > best_score) {
            best_score = score;
            best = reg;
        }
    }
    if (best < 0) {
        fail(e, "no register available");
        return xmm ? LOC_XMM0 : RAX;
    }
    evict(e, best, 0);
    return best;
}

/* Value r in a register of its class, locked for the current op. */
static int in_reg(Emitter *e, IRRef r) {
    if (is_const(r)) {
        int reg = pick_reg(e, ir_const(e->ir, r)->type == 'f', false);
        const_to_loc(e, reg, const_bits(e, r));
        e->holder[reg] = TEMP;
        e->temps |= 1u << reg;
        return reg;
    }
    if (e->rloc[r] >= 0) {
        e->locked |= 1u << e->rloc[r];
        return e->rloc[r];
    }
    int reg = pick_reg(e, is_float(e, r), wants_callee_saved(e, r));
    move_loc(e, reg, loc_of(e, r));
    bind(e, r, reg);
    e->locked |= 1u << reg;
    return reg;
}

/* A scratch register of a class for the current op. */
static int temp_reg(Emitter *e, bool xmm) {
    int reg = pick_reg(e, xmm, false);
    e->holder[reg] = TEMP;
    e->temps |= 1u << reg;
    return reg;
}

/* Make a specific register a scratch register of the current op. */
static void take_fixed(Emitter *e, int reg) {
    if (e->locked & (1u << reg)) {
        /* an operand already sits there: move it elsewhere */
        int32_t r = e->holder[reg];
        e->locked &= ~(1u << reg);
        evict(e, reg, 1u << reg);
        if (r >= 0 && e->rloc[r] >= 0) e->locked |= 1u << e->rloc[r];
    } else {
        evict(e, reg, 1u << reg);
    }
    e->holder[reg] = TEMP;
    e->temps |= 1u << reg;
}

/* The register for the result of the current op. When `reuse` (an operand)
 * dies here and is in a register of the right class, its register is taken
 * over (x86's two-operand forms); otherwise a new register receives a copy
 * of `reuse` (if any). */
static int def_reg(Emitter *e, IRRef reuse) {
    IRRef self = e->cur;
    bool xmm = is_float(e, self);
    if (reuse >= 0 && !is_const(reuse) && e->rloc[reuse] >= 0 && e->last_use[reuse] == self &&
        (e->rloc[reuse] >= LOC_XMM0) == xmm) {
        int reg = e->rloc[reuse];
        unbind(e, reg);
        if (e->sloc[reuse] > 0) {
            e->slot_busy[e->sloc[reuse]] = 0;
            e->sloc[reuse] = -1;
        }
        bind(e, self, reg);
        e->locked |= 1u << reg;
        return reg;
    }
    int reg = pick_reg(e, xmm, wants_callee_saved(e, self));
    if (reuse >= 0) {
        if (is_const(reuse)) const_to_loc(e, reg, const_bits(e, reuse));
        else move_loc(e, reg, loc_of(e, reuse));
    }
    bind(e, self, reg);
    e->locked |= 1u << reg;
    return reg;
}

/* Turn a scratch register of the current op into the result's register. */
static void def_from_temp(Emitter *e, int reg) {
    e->temps &= ~(1u << reg);
    bind(e, e->cur, reg);
    e->locked |= 1u << reg;
}

static void free_value(Emitter *e, IRRef r) {
    if (e->rloc[r] >= 0) unbind(e, e->rloc[r]);
    if (e->sloc[r] > 0) e->slot_busy[e->sloc[r]] = 0;
    if (e->sloc[r] != 0) e->sloc[r] = -1;
}

/* ---- guards ---------------------------------------------------------------------------- */

/* Record where the guard's fail arguments are now (after the op's own
 * register allocation, before its jumps). */
static void set_fail_locs(Emitter *e, GuardDescr *g) {
    g->fail_locs = gc_alloc_atomic(sizeof(int32_t) * (size_t)(g->nfail_args + 1));
    for (int k = 0; k < g->nfail_args; k++) g->fail_locs[k] = loc_of(e, g->fail_args[k]);
}

static void add_site(Emitter *e, GuardDescr *g, size_t field) {
    if (e->nsites == e->capsites) {
        e->capsites = e->capsites ? e->capsites * 2 : 32;
        e->sites = realloc(e->sites, sizeof(GuardSite) * (size_t)e->capsites);
    }
    e->sites[e->nsites].g = g;
    e->sites[e->nsites].field = field;
    e->nsites++;
}

/* Jump to the failure path of guard op `index` when cc holds. */
static void guard_jcc(Emitter *e, int index, AsmCond cc) {
    GuardDescr *g = (GuardDescr *)e->ir->ops[index].descr;
    g->op_index = index;
    size_t field = asm_jcc(&e->a, cc);
    add_site(e, g, field);
    if (e->can_site && e->nlabels > 0 && e->loop_site < 0 && (g->flags & GUARD_REPLAYABLE)) e->loop_site = (int64_t)field;
}

static GuardDescr *guard_of(Emitter *e, int index) {
    GuardDescr *g = (GuardDescr *)e->ir->ops[index].descr;
    set_fail_locs(e, g);
    return g;
}

/* ---- calls ----------------------------------------------------------------------------- */

typedef struct Move {
    Loc dst, src;               /* src LOC_NONE: the constant bits */
    int64_t bits;
} Move;

/* Perform moves as if simultaneously. R11 breaks cycles (XMM15 serves
 * slot-to-slot moves). */
static void parallel_move(Emitter *e, Move *m, int n) {
    int k = 0;
    for (int i = 0; i < n; i++)
        if (m[i].src != m[i].dst) m[k++] = m[i];
    n = k;
    /* constants last: they are no one's source */
    int nconst = 0;
    Move consts[64];
    k = 0;
    for (int i = 0; i < n; i++) {
        if (m[i].src == LOC_NONE) {
            if (nconst == 64) {
                fail(e, "too many constant moves");
                return;
            }
            consts[nconst++] = m[i];
        } else {
            m[k++] = m[i];
        }
    }
    n = k;
    while (n > 0) {
        bool progress = false;
        for (int i = 0; i < n; i++) {
            bool blocked = false;
            for (int j = 0; j < n; j++)
                if (j != i && m[j].src == m[i].dst) {
                    blocked = true;
                    break;
                }
            if (blocked) continue;
            move_loc(e, m[i].dst, m[i].src);
            m[i] = m[--n];
            progress = true;
            break;
        }
        if (progress) continue;
        /* a cycle: park the value at m[0].dst in R11 */
        Loc d = m[0].dst;
        move_loc(e, R11, d);
        for (int j = 0; j < n; j++)
            if (m[j].src == d) m[j].src = R11;
    }
    for (int i = 0; i < nconst; i++) const_to_loc(e, consts[i].dst, consts[i].bits);
}

typedef struct CallArg {
    IRRef ref;                  /* IR_NONE: imm */
    int64_t imm;
    bool is_float;
} CallArg;

/* Call fn (an address, or the value of fn_ref) with args; the result, if
 * any, becomes the current op's value. */
static void emit_call(Emitter *e, const void *fn, IRRef fn_ref, const CallArg *args, int nargs, char ret) {
    static const AsmReg iregs[6] = {RDI, RSI, RDX, RCX, R8, R9};
    Move moves[16];
    int nm = 0, ni = 0, nf = 0;
    /* values live after the call leave the caller-saved registers */
    for (int reg = 0; reg < NREGS; reg++) {
        if (!(CALLER_SAVED_MASK & (1u << reg))) continue;
        int32_t r = e->holder[reg];
        if (r == TEMP) {
            fail(e, "scratch register live across a call");
            return;
        }
        if (r >= 0 && e->last_use[r] > e->cur) evict(e, reg, CALLER_SAVED_MASK);
    }
    /* a computed callee is read from its slot after the argument moves */
    if (!fn && !is_const(fn_ref)) ensure_slot(e, fn_ref);
    for (int i = 0; i < nargs; i++) {
        Loc dst;
        if (args[i].is_float) {
            if (nf >= 8) {
                fail(e, "too many float arguments");
                return;
            }
            dst = LOC_XMM0 + nf++;
        } else {
            if (ni >= 6) {
                fail(e, "too many integer arguments");
                return;
            }
            dst = iregs[ni++];
        }
        if (args[i].ref == IR_NONE) moves[nm++] = (Move){dst, LOC_NONE, args[i].imm};
        else if (is_const(args[i].ref)) moves[nm++] = (Move){dst, LOC_NONE, const_bits(e, args[i].ref)};
        else moves[nm++] = (Move){dst, loc_of(e, args[i].ref), 0};
    }
    parallel_move(e, moves, nm);
    if (fn) {
        asm_mov_ri(&e->a, R11, (int64_t)(uintptr_t)fn);
    } else if (is_const(fn_ref)) {
        asm_mov_ri(&e->a, R11, const_bits(e, fn_ref));
    } else {
        move_loc(e, R11, LOC_SLOT0 + e->sloc[fn_ref]);
    }
    asm_call_r(&e->a, R11);
    /* the call clobbered every caller-saved register */
    for (int reg = 0; reg < NREGS; reg++)
        if ((CALLER_SAVED_MASK & (1u << reg)) && e->holder[reg] != -1) unbind(e, reg);
    e->locked &= ~CALLER_SAVED_MASK;
    e->temps &= ~CALLER_SAVED_MASK;
    if (ret == 'f') bind(e, e->cur, LOC_XMM0);
    else if (ret != 'v') bind(e, e->cur, RAX);
}

/* Send the jump whose rel32 is at `field` to a cold path after the code
 * that calls res = fn(arg) (argument in XMM0 or RDI, result from RAX), or
 * with fn NULL loads the double of the FloatObject arg into XMM res, and
 * goes back to `resume`. It keeps, in the scratch slots, the caller-saved
 * registers live now: call it while emitting the operation whose slow path
 * it is, so that every register but `res` is as the fast path leaves it. */
static void add_cold_call(Emitter *e, size_t field, size_t resume, const void *fn, int arg, bool arg_is_float,
                          int res) {
    if (e->ncold_calls == e->capcold_calls) {
        e->capcold_calls = e->capcold_calls ? 2 * e->capcold_calls : 8;
        e->cold_calls = realloc(e->cold_calls, sizeof(ColdCall) * (size_t)e->capcold_calls);
        if (!e->cold_calls) abort();
    }
    uint32_t live = 0;
    for (int reg = 0; reg < NREGS; reg++) {
        if (!(CALLER_SAVED_MASK & (1u << reg)) || reg == R11 || reg == res) continue;
        if (e->holder[reg] == -1 && !((e->locked | e->temps) & (1u << reg))) continue;
        live |= 1u << reg;
    }
    e->cold_calls[e->ncold_calls++] = (ColdCall){
        .field = field, .resume = resume, .kind = fn ? COLD_CALL : COLD_LOAD_FLOAT, .fn = fn,
        .arg = (int8_t)arg, .res = (int8_t)res, .arg_is_float = arg_is_float, .live = live, .guard = -1};
}

/* The cold half of guard_is_float (guard op `index`, on the GPR r): reached
 * when r is no small float, it fails the guard unless r points to an exact
 * float, and goes back to `resume`. */
static void add_cold_float_guard(Emitter *e, size_t field, size_t resume, int index, int r) {
    add_cold_call(e, field, resume, NULL, r, false, -1);
    ColdCall *cc = &e->cold_calls[e->ncold_calls - 1];
    cc->kind = COLD_GUARD_BOXED_FLOAT;
    cc->guard = index;
}

static void emit_cold_calls(Emitter *e) {
    Asm *a = &e->a;
    for (int i = 0; i < e->ncold_calls; i++) {
        const ColdCall *cc = &e->cold_calls[i];
        asm_patch_rel32(a, cc->field, asm_len(a));
        if (cc->kind == COLD_LOAD_FLOAT) {
            asm_movsd_xm(a, (AsmXmm)(cc->res - LOC_XMM0), asm_mem((AsmReg)cc->arg, (int32_t)offsetof(FloatObject, value)));
            asm_jmp_to(a, cc->resume);
            continue;
        }
        if (cc->kind == COLD_GUARD_BOXED_FLOAT) {
            /* the guard's sites (emit_stubs() runs after this) */
            GuardDescr *g = (GuardDescr *)e->ir->ops[cc->guard].descr;
            AsmReg r = (AsmReg)cc->arg;
            asm_test_ri(a, r, 7);
            add_site(e, g, asm_jcc(a, CC_NZ));
            asm_test_rr(a, r, r);
            add_site(e, g, asm_jcc(a, CC_Z));
            asm_mov_ri(a, R11, (int64_t)(uintptr_t)&float_type);
            asm_alu_rm(a, ALU_CMP, R11, asm_mem(r, 0));
            add_site(e, g, asm_jcc(a, CC_NE));
            if (cc->res != -1)   /* fused with the unbox after it */
                asm_movsd_xm(a, (AsmXmm)(cc->res - LOC_XMM0), asm_mem(r, (int32_t)offsetof(FloatObject, value)));
            asm_jmp_to(a, cc->resume);
            continue;
        }
        if (cc->kind == COLD_BOX_FLOAT) {
            /* +-0.0 (rotated bits 0 or 1) are the static float_zeros[r],
               with no call; the rest is boxed by the call below. res holds
               adj = r - bias. */
            AsmReg r = (AsmReg)cc->res;
            alu_rk(a, ALU_ADD, r, &float_bias_k);                /* r */
            asm_alu_ri(a, ALU_CMP, r, 1);
            size_t other = asm_jcc8(a, CC_A);
            asm_shift_ri(a, SHIFT_SHL, r, 4);
            asm_mov_ri(a, R11, (int64_t)(uintptr_t)float_zeros);
            asm_alu_rr(a, ALU_ADD, r, R11);
            asm_jmp_to(a, cc->resume);
            asm_patch_rel8(a, other, asm_len(a));
        }
        int saved[NREGS], nsaved = 0;
        for (int reg = 0; reg < NREGS; reg++) {
            if (!(cc->live & (1u << reg))) continue;
            move_loc(e, LOC_SLOT0 + JIT_FRAME_SLOTS + nsaved, reg);
            saved[nsaved++] = reg;
        }
        if (cc->arg_is_float) {
            if (cc->arg != LOC_XMM0) asm_movaps_xx(a, XMM0, (AsmXmm)(cc->arg - LOC_XMM0));
        } else if (cc->arg != RDI) {
            asm_mov_rr(a, RDI, (AsmReg)cc->arg);
        }
        asm_mov_ri(a, R11, (int64_t)(uintptr_t)cc->fn);
        asm_call_r(a, R11);
        if (cc->res != RAX) move_loc(e, cc->res, RAX);
        for (int k = 0; k < nsaved; k++) move_loc(e, saved[k], LOC_SLOT0 + JIT_FRAME_SLOTS + k);
        asm_jmp_to(a, cc->resume);
    }
}

/* A rel32 at `field` to resolve to `target` once the code is placed. */
static void add_reloc_tail(Emitter *e, size_t field, const void *target, int tail) {
    if (e->nrelocs == e->caprelocs) {
        e->caprelocs = e->caprelocs ? e->caprelocs * 2 : 8;
        e->relocs = realloc(e->relocs, sizeof(Reloc) * (size_t)e->caprelocs);
        if (!e->relocs) abort();
    }
    e->relocs[e->nrelocs++] = (Reloc){field, (uint8_t *)(uintptr_t)target, (uint8_t)tail};
}

static void add_reloc(Emitter *e, size_t field, const void *target) { add_reloc_tail(e, field, target, 0); }

/* The caller-saved registers (bits by Loc) that hold values now. */
static uint32_t live_caller_saved(Emitter *e) {
    uint32_t live = 0;
    for (int reg = 0; reg < NREGS; reg++) {
        if (!(CALLER_SAVED_MASK & (1u << reg)) || reg == R11) continue;
        if (e->holder[reg] == -1 && !((e->locked | e->temps) & (1u << reg))) continue;
        live |= 1u << reg;
    }
    return live;
}

/* A call with one immediate argument and no result, keeping the registers
 * of `live`. */
static void emit_call_keeping(Emitter *e, uint32_t live, const void *fn, int64_t arg) {
    Asm *a = &e->a;
    int saved[NREGS], nsaved = 0;
    for (int reg = 0; reg < NREGS; reg++) {
        if (!(live & (1u << reg))) continue;
        move_loc(e, LOC_SLOT0 + JIT_FRAME_SLOTS + nsaved, reg);
        saved[nsaved++] = reg;
    }
    asm_mov_ri(a, RDI, arg);
    asm_mov_ri(a, R11, (int64_t)(uintptr_t)fn);
    asm_call_r(a, R11);
    for (int i = 0; i < nsaved; i++) move_loc(e, saved[i], LOC_SLOT0 + JIT_FRAME_SLOTS + i);
}

/* A profiler event's cold path, to emit after the code: it goes back to
 * where the code is now, keeping the registers live now. */
static void add_prof_stub(Emitter *e, size_t field, uint64_t uid_kind) {
    if (e->nprof_stubs == e->capprof_stubs) {
        e->capprof_stubs = e->capprof_stubs ? 2 * e->capprof_stubs : 8;
        e->prof_stubs = realloc(e->prof_stubs, sizeof(ProfStub) * (size_t)e->capprof_stubs);
        if (!e->prof_stubs) abort();
    }
    e->prof_stubs[e->nprof_stubs++] = (ProfStub){field, asm_len(&e->a), uid_kind, live_caller_saved(e)};
}

/* With every event timed (profiler.h): append {time stamp, uid, kind} to
 * the buffer, no call; when it is full, go to the cold path `cold`, which
 * calls C. Keeps every register (flags excepted). */
static void emit_profile_append(Emitter *e, uint32_t uid, ProfEventKind kind, size_t *cold) {
    Asm *a = &e->a;
    AsmMem s0 = slot_mem(JIT_FRAME_SLOTS), s1 = slot_mem(JIT_FRAME_SLOTS + 1);
    static const uint8_t rdtsc[2] = {0x0F, 0x31};
    asm_mov_mr(a, s0, RAX);
    asm_mov_mr(a, s1, RDX);
    asm_mov_ri(a, R11, (int64_t)(uintptr_t)&jit_prof_buf);
    asm_mov_rm(a, RAX, asm_mem(R11, (int32_t)offsetof(ProfBuffer, pos)));
    asm_alu_rm(a, ALU_CMP, RAX, asm_mem(R11, (int32_t)offsetof(ProfBuffer, end)));
    size_t full = asm_jcc(a, CC_AE);
    asm_lea(a, RDX, asm_mem(RAX, (int32_t)sizeof(ProfEvent)));
    asm_mov_mr(a, asm_mem(R11, (int32_t)offsetof(ProfBuffer, pos)), RDX);
    asm_mov_rr(a, R11, RAX);
    asm_bytes(a, rdtsc, 2);
    asm_shift_ri(a, SHIFT_SHL, RDX, 32);
    asm_alu_rr(a, ALU_OR, RAX, RDX);
    asm_mov_mr(a, asm_mem(R11, (int32_t)offsetof(ProfEvent, tsc)), RAX);
    asm_mov32_mi(a, asm_mem(R11, (int32_t)offsetof(ProfEvent, uid)), uid);
    asm_mov32_mi(a, asm_mem(R11, (int32_t)offsetof(ProfEvent, top)), 0);
    /* kind, exact = 1 and the unused half: one store */
    asm_mov32_mi(a, asm_mem(R11, (int32_t)offsetof(ProfEvent, kind)), (uint32_t)kind | 1u << 8);
    asm_mov_rm(a, RAX, s0);
    asm_mov_rm(a, RDX, s1);
    size_t done = asm_jmp(a);
    asm_patch_rel32(a, full, asm_len(a));
    asm_mov_rm(a, RAX, s0);
    asm_mov_rm(a, RDX, s1);
    *cold = asm_jmp(a);
    asm_patch_rel32(a, done, asm_len(a));
}

/* The profiler's event (profiler.h): count it down in the trace's
 * countdown and go on while that lasts (two instructions and a branch
 * not taken, no call, only R11 and the flags); otherwise a cold path
 * after the code calls C, which times it. With every event timed, the
 * countdown only runs out while events are suppressed, and the event is
 * appended to the buffer here. */
static void emit_profile_event(Emitter *e, uint32_t uid, ProfEventKind kind) {
    Asm *a = &e->a;
    if (uid == 0 || uid >= PROF_MAX_UIDS) return;   /* not profiled */
    _Static_assert(offsetof(ProfEvent, exact) == offsetof(ProfEvent, kind) + 1 &&
                       offsetof(ProfEvent, unused) == offsetof(ProfEvent, kind) + 2,
                   "kind, exact and unused make one 32-bit word");
    if (jit_prof_route_near) {
        /* the route word is after the code region */
        add_reloc(e, asm_mov_r_rip(a, R11, 0), jit_prof_route);
    } else {
        asm_mov_ri(a, R11, (int64_t)(uintptr_t)jit_prof_route);
        asm_mov_rm(a, R11, asm_mem(R11, 0));
    }
    asm_alu_mi(a, ALU_SUB, asm_mem(R11, (int32_t)(sizeof(uint64_t) * uid)), 1);
    size_t cold = asm_jcc(a, CC_B);                     /* it was 0 */
    size_t full = 0;
    if (jit_prof_sample == 1) emit_profile_append(e, uid, kind, &full);
    add_prof_stub(e, cold, (uint64_t)uid | ((uint64_t)kind << 32));
    /* (the same cold path for a full buffer, reached by a jump) */
    if (full) add_prof_stub(e, full, (uint64_t)uid | ((uint64_t)kind << 32));
}

/* The profiler events' cold paths: call C, keeping the registers, and go
 * back. */
static void emit_prof_stubs(Emitter *e) {
    Asm *a = &e->a;
    for (int i = 0; i < e->nprof_stubs; i++) {
        ProfStub *st = &e->prof_stubs[i];
        asm_patch_rel32(a, st->field, asm_len(a));
        emit_call_keeping(e, st->live, (const void *)prof_slow_event, (int64_t)st->uid_kind);
        asm_jmp_to(a, st->resume);
    }
}

/* Inline allocation (see alloc_is_inline). */
static void emit_alloc_inline(Emitter *e, const SizeDescr *sd) {
    Asm *a = &e->a;
    const int kind = GC_LIST_OBJECT;   /* an object: obj_alloc's kind (gc.h) */
    size_t granules = ((size_t)sd->size + GC_GRANULE - 1) / GC_GRANULE;
    int next = temp_reg(e, false);
    int res = def_reg(e, IR_NONE);
    AsmReg R = (AsmReg)res, N = (AsmReg)next;
    asm_mov_ri(a, R11, (int64_t)(uintptr_t)&gc_freelist[kind][granules]);
    asm_mov_rm(a, R, asm_mem(R11, 0));
    asm_test_rr(a, R, R);
    size_t empty = asm_jcc(a, CC_Z);
    asm_mov_rm(a, N, asm_mem(R, 0));
    asm_mov_mr(a, asm_mem(R11, 0), N);
    size_t popped = asm_jmp(a);
    /* slow path: gc_refill(kind, granules), keeping the live registers */
    asm_patch_rel32(a, empty, asm_len(a));
    int saved[NREGS], nsaved = 0;
    for (int reg = 0; reg < NREGS; reg++) {
        if (!(CALLER_SAVED_MASK & (1u << reg)) || reg == R11 || reg == res) continue;
        if (e->holder[reg] == -1 && !((e->locked | e->temps) & (1u << reg))) continue;
        move_loc(e, LOC_SLOT0 + JIT_FRAME_SLOTS + nsaved, reg);
        saved[nsaved++] = reg;
    }
    asm_mov_ri(a, RDI, kind);
    asm_mov_ri(a, RSI, (int64_t)granules);
    asm_mov_ri(a, R11, (int64_t)(uintptr_t)gc_refill);
    asm_call_r(a, R11);
    if (res != RAX) move_loc(e, res, RAX);
    for (int i = 0; i < nsaved; i++) move_loc(e, saved[i], LOC_SLOT0 + JIT_FRAME_SLOTS + i);
    asm_patch_rel32(a, popped, asm_len(a));
    int64_t type = (int64_t)(uintptr_t)sd->type;
    if (type >= INT32_MIN && type <= INT32_MAX) {
        asm_mov_mi(a, asm_mem(R, 0), (int32_t)type);
    } else {
        asm_mov_ri(a, R11, type);
        asm_mov_mr(a, asm_mem(R, 0), R11);
    }
}

/* ---- value representation fast paths ---------------------------------------------------- */

/* res = box(int64 in src); src != res. */
static void emit_box_int(Emitter *e, int src, int res) {
    Asm *a = &e->a;
    asm_mov_rr(a, (AsmReg)res, (AsmReg)src);
    asm_alu_rr(a, ALU_ADD, (AsmReg)res, (AsmReg)res);
    size_t ovf = asm_jcc(a, CC_O);
    asm_alu_ri(a, ALU_OR, (AsmReg)res, 1);
    add_cold_call(e, ovf, asm_len(a), (void *)jh_box_int_slow, src, false, res);
}

_Static_assert(sizeof(FloatObject) == 16, "COLD_BOX_FLOAT finds float_zeros[r] at float_zeros + (r << 4)");

/* res (GPR) = box(double in xmm src).
 * With r = rotl(bits, 1) and adj = r - bias, the double is a small float
 * when 2 <= adj < 2^62, that is adj - 2 < 2^62 - 2 unsigned (value.h); its
 * Value is adj << 2 | FLOAT_TAG. The fast path is that test and the tag;
 * +-0.0 (r <= 1, static objects) and the boxed rest go to the cold path, which
 * finds adj in res and adds the bias back (so the fast path keeps no copy
 * of r, and needs no scratch register but R11). */
static void emit_box_float(Emitter *e, int src, int res) {
    Asm *a = &e->a;
    AsmReg R = (AsmReg)res;
    asm_movq_rx(a, R, (AsmXmm)(src - LOC_XMM0));
    asm_shift_ri(a, SHIFT_ROL, R, 1);                    /* r */
    alu_rk(a, ALU_SUB, R, &float_bias_k);                /* adj */
    size_t other;
    if (abs_addressable(&small_adj_limit_k)) {
        asm_lea(a, R11, asm_mem(R, -2));
        alu_rk(a, ALU_CMP, R11, &small_adj_limit_k);
        other = asm_jcc(a, CC_AE);
    } else {
        /* 2 <= adj, then adj < 2^62, in two tests */
        asm_alu_ri(a, ALU_CMP, R, 2);
        size_t low = asm_jcc8(a, CC_B);
        asm_mov_rr(a, R11, R);
        asm_shift_ri(a, SHIFT_SHR, R11, 62);
        size_t small = asm_jcc8(a, CC_Z);
        asm_patch_rel8(a, low, asm_len(a));
        other = asm_jmp(a);
        asm_patch_rel8(a, small, asm_len(a));
    }
    asm_lea(a, R, asm_mem_idx(ASM_NOREG, R, 4, FLOAT_TAG));   /* adj << 2 | FLOAT_TAG */
    add_cold_call(e, other, asm_len(a), (void *)jh_box_float_slow, src, true, res);
    e->cold_calls[e->ncold_calls - 1].kind = COLD_BOX_FLOAT;
}

/* xmm res = the double of the float Value in src; t is a scratch GPR.
 * src holds a float (a guard or the type of its producer says so), so
 * bit 1 alone tells a small float (tag 10) from a FloatObject pointer
 * (tag 000); the pointer's load is on a cold path. */
static void emit_unbox_float(Emitter *e, int src, int res, int t, ColdCall *guard) {
    Asm *a = &e->a;
    AsmReg S = (AsmReg)src, T = (AsmReg)t;
    AsmXmm X = (AsmXmm)(res - LOC_XMM0);
    size_t boxed = 0;
    if (!guard) {
        asm_test_ri(a, S, FLOAT_TAG);
        boxed = asm_jcc(a, CC_Z);
    }
    /* t == R11 (fused with the guard, see emit_unbox_float_op()): R11
       holds v - FLOAT_TAG already, and (v - 2) >> 2 == v >> 2 */
    if (T != R11) asm_mov_rr(a, T, S);
    asm_shift_ri(a, SHIFT_SHR, T, 2);                    /* x = v >> 2 */
    alu_rk(a, ALU_ADD, T, &float_bias_k);                /* r = x + bias (no zero is small) */
    asm_shift_ri(a, SHIFT_ROR, T, 1);
    asm_movq_xr(a, X, T);
    if (!guard) {
        add_cold_call(e, boxed, asm_len(a), NULL, src, false, res);
        return;
    }
    guard->res = (int8_t)res;
    guard->resume = asm_len(a);
}

/* The cold half of guard_is_float(v) when it is what unbox_float(v) at op
 * `index` can take over, or NULL: the guard is the op before, and no code
 * (a spill, a load) lies between its fast path's end and here, so the
 * registers are the same wherever the guard's cold path resumes. Then the
 * guard's fast path has proved a small float (the unbox needs no tag test)
 * and its cold path, having found a FloatObject, loads the double itself
 * and resumes after the unbox. */
static ColdCall *fusable_float_guard(Emitter *e, int index, IRRef v) {
    if (index == 0 || !e->ncold_calls) return NULL;
    const IROp *g = &e->ir->ops[index - 1];
    ColdCall *cc = &e->cold_calls[e->ncold_calls - 1];
    if (g->opcode != IR_guard_is_float || ir_arg(g, 0) != v) return NULL;
    if (cc->kind != COLD_GUARD_BOXED_FLOAT || cc->guard != index - 1 || cc->res != -1) return NULL;
    return cc->resume == asm_len(&e->a) ? cc : NULL;
}

/* unbox_float op `index` of v: its scratch GPR is R11 when it is fused
 * with its guard (the guard's fast path left v - FLOAT_TAG there: one mov
 * saved) and the bias is a memory operand (else alu_rk() needs R11). A
 * scratch register taken from the allocator may spill, so it is taken
 * before fusable_float_guard() looks for code after the guard, except
 * where it is only needed if there is none to fuse with. */
static void emit_unbox_float_op(Emitter *e, int index, IRRef v) {
    int src = in_reg(e, v);
    int res = def_reg(e, IR_NONE);
    bool bias_in_memory = abs_addressable(&float_bias_k);
    int t = bias_in_memory ? -1 : temp_reg(e, false);
    ColdCall *guard = fusable_float_guard(e, index, v);
    if (t < 0) t = guard ? R11 : temp_reg(e, false);
    emit_unbox_float(e, src, res, t, guard);
}

/* ---- operations ------------------------------------------------------------------------ */

/* Guard op `index` after a fused float_eq/float_ne, whose ucomisd set the
 * flags: it fails when the operands compare equal (ZF set and PF clear:
 * an unordered compare, a nan, sets both) if fail_on_equal, else when
 * they do not. Two jumps, where the result as a bool was setcc, setcc,
 * and, movzx, test and a jump. */
static void emit_float_eq_guard(Emitter *e, int index, bool fail_on_equal) {
    Asm *a = &e->a;
    guard_of(e, index);
    if (fail_on_equal) {
        size_t unordered = asm_jcc8(a, CC_P);
        guard_jcc(e, index, CC_E);
        asm_patch_rel8(a, unordered, asm_len(a));
    } else {
        guard_jcc(e, index, CC_NE);
        guard_jcc(e, index, CC_P);
    }
}

static AsmCond int_cmp_cc(int opcode) {
    switch (opcode) {
    case IR_int_lt: return CC_L;
    case IR_int_le: return CC_LE;
    case IR_int_eq: case IR_ptr_eq: return CC_E;
    case IR_int_ne: case IR_ptr_ne: return CC_NE;
    case IR_int_gt: return CC_G;
    case IR_int_is_zero: return CC_Z;
    case IR_int_is_true: return CC_NZ;
    default: return CC_GE;
    }
}

/* The condition of `y OP x` for the condition cc of `x OP y` (signed
 * int_cmp_cc() conditions). */
static AsmCond cc_swap_operands(AsmCond cc) {
    switch (cc) {
    case CC_L: return CC_G;
    case CC_G: return CC_L;
    case CC_LE: return CC_GE;
    case CC_GE: return CC_LE;
    default: return cc;   /* E, NE: symmetric */
    }
}

/* Can comparison `index` (a 0/1 result) leave its result in the flags for
 * the guard after it (the next op that emits code: a debug_merge_point
 * emits none, and the recorder puts one between a branch's comparison and
 * its guard)? Also when that guard's snapshot holds the result (a branch
 * resumes with its condition on the stack), unless the guard is to be the
 * loop's safepoint site: a tripped site takes the guard's exit when
 * nothing failed (safepoint.h), where the result is not the failing one. */
static FuseKind can_fuse(Emitter *e, int index) {
    int32_t next = index + 1;
    while (next < e->n && e->ir->ops[next].opcode == IR_debug_merge_point) next++;
    if (next >= e->n) return FUSE_NONE;
    const IROp *g = &e->ir->ops[next];
    if (g->opcode != IR_guard_true && g->opcode != IR_guard_false) return FUSE_NONE;
    if (ir_arg(g, 0) != index || e->last_use[index] != next) return FUSE_NONE;
    GuardDescr *gd = (GuardDescr *)g->descr;
    bool held = false;
    for (int k = 0; k < gd->nfail_args; k++)
        if (gd->fail_args[k] == index) held = true;
    if (!held) return FUSE_FLAGS;
    bool may_be_site = e->can_site && e->nlabels > 0 && e->loop_site < 0 && (gd->flags & GUARD_REPLAYABLE);
    return may_be_site ? FUSE_NONE : FUSE_FLAGS_STUB_VALUE;
}

/* Comparison `index`, whose flags hold its outcome as condition cc, fused
 * with the guard after it (kind from can_fuse()). For a result the
 * guard's snapshot holds, a register stands for it (set_fail_locs() needs
 * a location) that only the guard's stub writes. */
static void fuse(Emitter *e, int index, AsmCond cc, FuseKind kind) {
    e->fused = index;
    e->fused_cc = cc;
    e->fused_stub_value = kind == FUSE_FLAGS_STUB_VALUE;
    if (e->fused_stub_value) def_reg(e, IR_NONE);   /* a mov at most: the flags stay */
}

/* After the guard op `index` on fused comparison c is emitted (its fail
 * locations set): if its snapshot holds c, the stub writes the value c has
 * where the guard fails. */
static void add_stub_value(Emitter *e, int index, IRRef c, bool on_true) {
    if (!e->fused_stub_value) return;
    e->fused_stub_value = false;
    Loc l = loc_of(e, c);
    if (!loc_is_gpr(l)) {
        fail(e, "fused comparison without a register");
        return;
    }
    if (e->nstub_values == e->capstub_values) {
        e->capstub_values = e->capstub_values ? 2 * e->capstub_values : 8;
        e->stub_values = realloc(e->stub_values, sizeof(StubValue) * (size_t)e->capstub_values);
        if (!e->stub_values) abort();
    }
    e->stub_values[e->nstub_values++] =
        (StubValue){(GuardDescr *)e->ir->ops[index].descr, (int8_t)l, (int8_t)(on_true ? 0 : 1)};
}

/* cmp a, b (b as imm32 when it fits). */
static void emit_int_cmp(Emitter *e, IRRef x, IRRef y) {
    int ra = in_reg(e, x);
    if (const_fits_imm32(e, y)) {
        asm_alu_ri(&e->a, ALU_CMP, (AsmReg)ra, (int32_t)const_bits(e, y));
    } else {
        int rb = in_reg(e, y);
        asm_alu_rr(&e->a, ALU_CMP, (AsmReg)ra, (AsmReg)rb);
    }
}

/* res = flags condition as 0/1 */
static void set_bool(Emitter *e, AsmCond cc) {
    int res = def_reg(e, IR_NONE);
    asm_setcc(&e->a, cc, (AsmReg)res);
    asm_movzx8_rr(&e->a, (AsmReg)res, (AsmReg)res);
}

static void emit_int_binop(Emitter *e, int opcode, IRRef x, IRRef y) {
    Asm *a = &e->a;
    AluOp alu;
    switch (opcode) {
    case IR_int_add: case IR_int_add_ovf: alu = ALU_ADD; break;
    case IR_int_sub: case IR_int_sub_ovf: alu = ALU_SUB; break;
    case IR_int_and: alu = ALU_AND; break;
    case IR_int_or: alu = ALU_OR; break;
    default: alu = ALU_XOR; break;
    }
    if (const_fits_imm32(e, y)) {
        if (!is_const(x)) in_reg(e, x);
        int res = def_reg(e, x);
        asm_alu_ri(a, alu, (AsmReg)res, (int32_t)const_bits(e, y));
        return;
    }
    int rb = in_reg(e, y);
    if (!is_const(x)) in_reg(e, x);
    int res = def_reg(e, x);
    asm_alu_rr(a, alu, (AsmReg)res, (AsmReg)rb);
}

/* Operand r as a memory operand in *m: a float constant other than 0.0
 * (which xorpd makes for free) that is in the float pool. */
static bool float_const_mem(Emitter *e, IRRef r, AsmMem *m) {
    if (!is_const(r) || ir_const(e->ir, r)->type != 'f') return false;
    uint64_t k = (uint64_t)const_bits(e, r);
    if (k == 0) return false;
    const uint64_t *p = float_pool_entry(k);
    if (!p) return false;
    *m = asm_mem_abs((int32_t)(uintptr_t)p);
    return true;
}

/* Whether a float op whose left operand is x writes a third register (the
 * AVX form) rather than a copy of x: x lives on after the op, and AVX runs. */
static bool three_operand(Emitter *e, IRRef x) {
    return !is_const(x) && e->last_use[x] != e->cur && asm_has_avx();
}

static void emit_float_binop(Emitter *e, int opcode, IRRef x, IRRef y) {
    SdOp sd = opcode == IR_float_add ? SD_ADD : opcode == IR_float_sub ? SD_SUB : opcode == IR_float_mul ? SD_MUL : SD_DIV;
    AsmMem m;
    if (float_const_mem(e, y, &m)) {
        if (!is_const(x)) in_reg(e, x);
        int res = def_reg(e, x);
        asm_sd_xm(&e->a, sd, (AsmXmm)(res - LOC_XMM0), m);
        return;
    }
    int rb = in_reg(e, y);
    if (three_operand(e, x)) {
        /* into y's own register when y dies here */
        int rx = in_reg(e, x), res = def_reg(e, !is_const(y) && e->last_use[y] == e->cur ? y : -1);
        asm_vsd_xxx(&e->a, sd, (AsmXmm)(res - LOC_XMM0), (AsmXmm)(rx - LOC_XMM0), (AsmXmm)(rb - LOC_XMM0));
        return;
    }
    if (!is_const(x)) in_reg(e, x);
    int res = def_reg(e, x);
    asm_sd_xx(&e->a, sd, (AsmXmm)(res - LOC_XMM0), (AsmXmm)(rb - LOC_XMM0));
}

/* ucomisd of x and y (y a float pool constant where it can be). */
static void emit_float_ucomisd(Emitter *e, IRRef x, IRRef y) {
    AsmMem m;
    int rx = in_reg(e, x);
    if (float_const_mem(e, y, &m)) {
        asm_ucomisd_xm(&e->a, (AsmXmm)(rx - LOC_XMM0), m);
    } else {
        int ry = in_reg(e, y);
        asm_ucomisd_xx(&e->a, (AsmXmm)(rx - LOC_XMM0), (AsmXmm)(ry - LOC_XMM0));
    }
}

static void emit_divmod(Emitter *e, int opcode, IRRef x, IRRef y) {
    Asm *a = &e->a;
    take_fixed(e, RAX);
    take_fixed(e, RDX);
    if (is_const(x)) const_to_loc(e, RAX, const_bits(e, x));
    else move_loc(e, RAX, loc_of(e, x));
    int d = in_reg(e, y);
    asm_cqo(a);
    asm_idiv(a, (AsmReg)d);
    /* C truncates toward zero; Python floors: adjust when the remainder
       and the divisor have opposite signs */
    asm_test_rr(a, RDX, RDX);
    size_t exact = asm_jcc8(a, CC_Z);
    asm_mov_rr(a, R11, RDX);
    asm_alu_rr(a, ALU_XOR, R11, (AsmReg)d);
    size_t same = asm_jcc8(a, CC_NS);
    if (opcode == IR_int_py_floordiv) asm_alu_ri(a, ALU_SUB, RAX, 1);
    else asm_alu_rr(a, ALU_ADD, RDX, (AsmReg)d);
    asm_patch_rel8(a, exact, asm_len(a));
    asm_patch_rel8(a, same, asm_len(a));
    def_from_temp(e, opcode == IR_int_py_floordiv ? RAX : RDX);
}

static void emit_shift(Emitter *e, int opcode, IRRef x, IRRef y) {
    ShiftOp sh = opcode == IR_int_lshift ? SHIFT_SHL : opcode == IR_int_rshift ? SHIFT_SAR : SHIFT_SHR;
    if (is_const(y)) {
        if (!is_const(x)) in_reg(e, x);
        int res = def_reg(e, x);
        asm_shift_ri(&e->a, sh, (AsmReg)res, (uint8_t)(const_bits(e, y) & 63));
        return;
    }
    take_fixed(e, RCX);
    move_loc(e, RCX, loc_of(e, y));
    if (!is_const(x)) in_reg(e, x);
    int res = def_reg(e, x);
    asm_shift_rcl(&e->a, sh, (AsmReg)res);
}

static bool op_runs_python(const IROp *op) {
    return op->descr && op->descr->kind == DESCR_CALL && ((CallDescr *)op->descr)->effect == CALL_ANY;
}

/* ---- frames inlined around a call, for code the call runs (jit_force_frames) ---------------

   Python code a residual call runs may walk the frame chain (f_back,
   sys._getframe) into frames this trace inlined and never built. For a call
   that may run Python code inside inlined frames, whose guard_no_exception
   snapshot describes those frames, the values that snapshot needs are put
   in their spill slots (a value keeps its slot while it lives: SSA) and,
   for the time of the call, the root Frame's jit_call_mframe holds rbp and
   the save slot FORCE_SITE_SLOT the guard: jit_force_frames() rebuilds the
   frames from there, and the trace's guard_not_forced at the next
   instruction leaves to the interpreter with them. The save slots are free
   during a call (slow paths use them around their own calls only). */
#define FORCE_SITE_SLOT JIT_FRAME_SLOTS

/* The guard_no_exception after call `index` when the call needs the above:
   it may run Python code, inlined frames are live (no generator body among
   them: its frame exists), and a guard_not_forced follows in this piece of
   code (the recorder's, at the next instruction; another such call of the
   same instruction in between finds the frames forced already). */
static GuardDescr *forcing_guard(Emitter *e, int index) {
    if (e->depth_delta <= 0 || index + 1 >= e->n) return NULL;
    const IROp *next = &e->ir->ops[index + 1];
    if (next->opcode != IR_guard_no_exception) return NULL;
    GuardDescr *g = (GuardDescr *)next->descr;
    const Snapshot *s = g->snap;
    if (!s || s->nframes < 2) return NULL;
    for (int i = 0; i < s->nframes; i++)
        if (s->frames[i].generator) return NULL;
    for (int32_t i = index + 2; i < e->n; i++) {
        const IROp *op = &e->ir->ops[i];
        if (op->opcode == IR_guard_not_forced) return g;
        if (irop_info[op->opcode].flags & IRF_CONTROL) return NULL;
    }
    return NULL;
}

static void emit_force_token(Emitter *e, GuardDescr *g) {
    Asm *a = &e->a;
    g->force_slots = gc_alloc_atomic(sizeof(int16_t) * (size_t)(g->nfail_args + 1));
    for (int k = 0; k < g->nfail_args; k++) {
        ensure_slot(e, g->fail_args[k]);
        g->force_slots[k] = e->sloc[g->fail_args[k]];
    }
    asm_mov_rm(a, R11, slot_mem(0));
    asm_mov_mr(a, asm_mem(R11, (int32_t)offsetof(Frame, jit_call_mframe)), RBP);
    asm_mov_ri(a, R11, (int64_t)(uintptr_t)g);
    asm_mov_mr(a, slot_mem(FORCE_SITE_SLOT), R11);
}

static void emit_force_token_end(Emitter *e) {
    asm_mov_rm(&e->a, R11, slot_mem(0));
    asm_mov_mi(&e->a, asm_mem(R11, (int32_t)offsetof(Frame, jit_call_mframe)), 0);
}

void backend_forced_values(void *mframe, GuardDescr **site, uint64_t *out) {
    char *rbp = mframe;
    GuardDescr *g;
    memcpy(&g, rbp - (SLOT0 + 8 * FORCE_SITE_SLOT), sizeof g);
    *site = g;
    if (!out) return;
    for (int k = 0; k < g->nfail_args; k++) memcpy(&out[k], rbp - (SLOT0 + 8 * g->force_slots[k]), sizeof out[k]);
}

static void emit_call_op(Emitter *e, const IROp *op, int index) {
    CallArg args[16];
    int n = op->nargs - 1;
    if (n > 14) {
        fail(e, "call with too many arguments");
        return;
    }
    for (int i = 0; i < n; i++) {
        IRRef r = ir_arg(op, i + 1);
        args[i] = (CallArg){r, 0, is_float(e, r)};
    }
    /* Python code the callee runs sees the inlined frames in the call
       depth, as in the interpreter (trace.h); nowhere else does compiled
       code need them there (run_trace restores the depth, resume pushes
       the frames) */
    bool runs_python = op_runs_python(op);
    int32_t delta = runs_python ? e->depth_delta : 0;
    GuardDescr *forcing = runs_python ? forcing_guard(e, index) : NULL;
    if (forcing) emit_force_token(e, forcing);
    if (delta) {
        asm_mov_ri(&e->a, R11, (int64_t)(uintptr_t)&tstate.depth);
        asm_alu_mi(&e->a, ALU_ADD, asm_mem(R11, 0), delta);
    }
    emit_call(e, NULL, ir_arg(op, 0), args, n, op->type);
    if (delta) {
        asm_mov_ri(&e->a, R11, (int64_t)(uintptr_t)&tstate.depth);
        asm_alu_mi(&e->a, ALU_SUB, asm_mem(R11, 0), delta);
    }
    if (forcing) emit_force_token_end(e);
}

static void emit_op(Emitter *e, int index) {
    const IROp *op = &e->ir->ops[index];
    Asm *a = &e->a;
    int opc = op->opcode;
    IRRef a0 = op->nargs > 0 ? ir_arg(op, 0) : IR_NONE;
    IRRef a1 = op->nargs > 1 ? ir_arg(op, 1) : IR_NONE;
    IRRef a2 = op->nargs > 2 ? ir_arg(op, 2) : IR_NONE;
    switch (opc) {
    case IR_debug_merge_point:
        break;
    case IR_enter_portal_frame:
        e->depth_delta++;
        break;
    case IR_leave_portal_frame:
        e->depth_delta--;
        break;
    case IR_same_as_i:
    case IR_same_as_r:
    case IR_same_as_f:
        if (!is_const(a0)) in_reg(e, a0);
        def_reg(e, a0);
        break;
    /* ---- guards ---- */
    case IR_guard_true:
    case IR_guard_false: {
        bool on_true = opc == IR_guard_true;
        if (a0 == e->poll_skipped[1] && e->poll_skipped[1] >= 0) break;   /* (see IR_getfield_raw_i) */
        if (e->fused == a0 && e->fused_float_eq) {
            emit_float_eq_guard(e, index, (e->fused_cc == CC_E) != on_true);
            add_stub_value(e, index, a0, on_true);
            e->fused = -1;
            e->fused_float_eq = false;
            break;
        }
        if (e->fused == a0) {
            guard_of(e, index);
            guard_jcc(e, index, on_true ? asm_cc_invert(e->fused_cc) : e->fused_cc);
            add_stub_value(e, index, a0, on_true);
            e->fused = -1;
            break;
        }
        if (is_const(a0)) {
            /* a known outcome: fails always or never */
            if ((const_bits(e, a0) != 0) != on_true) {
                guard_of(e, index);
                add_site(e, (GuardDescr *)op->descr, asm_jmp(a));
                ((GuardDescr *)op->descr)->op_index = index;
            }
            break;
        }
        int r = in_reg(e, a0);
        guard_of(e, index);
        asm_test_rr(a, (AsmReg)r, (AsmReg)r);
        guard_jcc(e, index, on_true ? CC_Z : CC_NZ);
        break;
    }
    case IR_guard_value: {
        if (is_float(e, a0)) {
            int x = in_reg(e, a0);
            int y = in_reg(e, a1);
            guard_of(e, index);
            asm_ucomisd_xx(a, (AsmXmm)(x - LOC_XMM0), (AsmXmm)(y - LOC_XMM0));
            guard_jcc(e, index, CC_NE);
            guard_jcc(e, index, CC_P);
            break;
        }
        int r = in_reg(e, a0);
        if (const_fits_imm32(e, a1)) {
            guard_of(e, index);
            asm_alu_ri(a, ALU_CMP, (AsmReg)r, (int32_t)const_bits(e, a1));
        } else if (is_const(a1)) {
            guard_of(e, index);
            asm_mov_ri(a, R11, const_bits(e, a1));
            asm_alu_rr(a, ALU_CMP, (AsmReg)r, R11);
        } else {
            int y = in_reg(e, a1);
            guard_of(e, index);
            asm_alu_rr(a, ALU_CMP, (AsmReg)r, (AsmReg)y);
        }
        guard_jcc(e, index, CC_NE);
        break;
    }
    case IR_guard_nonnull_class:
    case IR_guard_class: {
        int r = in_reg(e, a0);
        guard_of(e, index);
        asm_test_ri(a, (AsmReg)r, 7);
        guard_jcc(e, index, CC_NZ);
        if (opc == IR_guard_nonnull_class) {
            asm_test_rr(a, (AsmReg)r, (AsmReg)r);
            guard_jcc(e, index, CC_Z);
        }
        if (const_fits_imm32(e, a1)) {
            /* a class in the binary's data (-no-pie: the low 2 GB) */
            asm_alu_mi(a, ALU_CMP, asm_mem((AsmReg)r, 0), (int32_t)const_bits(e, a1));
        } else {
            asm_mov_ri(a, R11, const_bits(e, a1));
            asm_alu_rm(a, ALU_CMP, R11, asm_mem((AsmReg)r, 0));
        }
        guard_jcc(e, index, CC_NE);
        break;
    }
    case IR_guard_nonnull:
    case IR_guard_isnull: {
        int r = in_reg(e, a0);
        guard_of(e, index);
        asm_test_rr(a, (AsmReg)r, (AsmReg)r);
        guard_jcc(e, index, opc == IR_guard_nonnull ? CC_Z : CC_NZ);
        break;
    }
    case IR_guard_is_int: {
        int r = in_reg(e, a0);
        guard_of(e, index);
        asm_test_ri(a, (AsmReg)r, 1);
        guard_jcc(e, index, CC_Z);
        break;
    }
    case IR_guard_is_float: {
        int r = in_reg(e, a0);
        guard_of(e, index);
        /* (r & 3) == FLOAT_TAG  <=>  the low bits of r - FLOAT_TAG are 0 */
        asm_lea(a, R11, asm_mem((AsmReg)r, -FLOAT_TAG));
        asm_test_ri(a, R11, 3);
        size_t not_small = asm_jcc(a, CC_NZ);
        add_cold_float_guard(e, not_small, asm_len(a), index, r);
        break;
    }
    case IR_guard_value_storage: {
        /* list.h: float storage has a negative capacity */
        int r = in_reg(e, a0);
        guard_of(e, index);
        asm_alu_mi(a, ALU_CMP, asm_mem((AsmReg)r, (int32_t)offsetof(ListObject, capacity)), 0);
        guard_jcc(e, index, CC_L);
        break;
    }
    case IR_guard_float_storable: {
        /* the test of emit_box_float (the double is an immediate), or a
           zero (r = rotl(bits, 1) is 0 or 1) */
        int x = in_reg(e, a0);
        AsmReg T = (AsmReg)temp_reg(e, false);
        guard_of(e, index);
        asm_movq_rx(a, T, (AsmXmm)(x - LOC_XMM0));
        asm_shift_ri(a, SHIFT_ROL, T, 1);
        asm_alu_ri(a, ALU_CMP, T, 1);
        size_t zero = asm_jcc8(a, CC_BE);
        alu_rk(a, ALU_SUB, T, &float_bias_k);
        asm_alu_ri(a, ALU_SUB, T, 2);
        alu_rk(a, ALU_CMP, T, &small_adj_limit_k);
        guard_jcc(e, index, CC_AE);
        asm_patch_rel8(a, zero, asm_len(a));
        break;
    }
    case IR_guard_no_overflow:
    case IR_guard_overflow:
        guard_of(e, index);
        guard_jcc(e, index, opc == IR_guard_no_overflow ? CC_O : CC_NO);
        break;
    case IR_guard_no_exception:
        guard_of(e, index);
        asm_mov_ri(a, R11, (int64_t)(uintptr_t)&tstate.exc);
        asm_alu_mi(a, ALU_CMP, asm_mem(R11, 0), 0);
        guard_jcc(e, index, CC_NE);
        break;
    case IR_guard_not_forced:
        /* jit_force_frames() built the frames inlined around the call
           before: the interpreter goes on with them */
        guard_of(e, index);
        asm_mov_rm(a, R11, slot_mem(0));
        asm_alu_mi(a, ALU_CMP, asm_mem(R11, (int32_t)offsetof(Frame, jit_forced)), 0);
        guard_jcc(e, index, CC_NE);
        break;
    case IR_guard_not_invalidated:
        guard_of(e, index);
        asm_mov_ri(a, R11, (int64_t)(uintptr_t)&e->t->invalid);
        asm_alu8_mi(a, ALU_CMP, asm_mem(R11, 0), 0);
        guard_jcc(e, index, CC_NE);
        break;
    /* ---- integers ---- */
    case IR_int_add:
    case IR_int_sub:
    case IR_int_and:
    case IR_int_or:
    case IR_int_xor:
    case IR_int_add_ovf:
    case IR_int_sub_ovf:
        emit_int_binop(e, opc, a0, a1);
        break;
    case IR_int_mul:
    case IR_int_mul_ovf:
        if (const_fits_imm32(e, a1)) {
            int rx = in_reg(e, a0);
            int res = def_reg(e, IR_NONE);
            asm_imul_rri(a, (AsmReg)res, (AsmReg)rx, (int32_t)const_bits(e, a1));
        } else {
            int rb = in_reg(e, a1);
            if (!is_const(a0)) in_reg(e, a0);
            int res = def_reg(e, a0);
            asm_imul_rr(a, (AsmReg)res, (AsmReg)rb);
        }
        break;
    case IR_int_lshift:
    case IR_int_rshift:
    case IR_uint_rshift:
        emit_shift(e, opc, a0, a1);
        break;
    case IR_int_py_floordiv:
    case IR_int_py_mod:
        emit_divmod(e, opc, a0, a1);
        break;
    case IR_int_neg:
    case IR_int_invert: {
        if (!is_const(a0)) in_reg(e, a0);
        int res = def_reg(e, a0);
        if (opc == IR_int_neg) asm_neg(a, (AsmReg)res);
        else asm_not(a, (AsmReg)res);
        break;
    }
    case IR_int_lt:
    case IR_int_le:
    case IR_int_eq:
    case IR_int_ne:
    case IR_int_gt:
    case IR_int_ge:
    case IR_ptr_eq:
    case IR_ptr_ne: {
        if (a0 == e->poll_skipped[0] && index == e->poll_skipped[1]) break;   /* (see IR_getfield_raw_i) */
        AsmCond cc = int_cmp_cc(opc);
        if (e->raw_poll >= 0 && a0 == e->raw_poll) {
            /* the word compared where it is (see IR_getfield_raw_i) */
            add_reloc_tail(e, asm_cmp_rip_imm8(a, 0, 0), e->raw_poll_addr, 1);
            e->raw_poll = -1;
        } else if (e->field_cmp >= 0 && a0 == e->field_cmp) {
            /* (see IR_getfield_gc_i) */
            asm_alu_mi(a, ALU_CMP, e->field_cmp_mem, (int32_t)const_bits(e, a1));
            e->field_cmp = -1;
        } else if (const_fits_imm32(e, a0) && !is_const(a1)) {
            /* `k < x` as `x > k`: the constant an immediate, not a register */
            emit_int_cmp(e, a1, a0);
            cc = cc_swap_operands(cc);
        } else {
            emit_int_cmp(e, a0, a1);
        }
        FuseKind fk = can_fuse(e, index);
        if (fk != FUSE_NONE) fuse(e, index, cc, fk);
        else set_bool(e, cc);
        break;
    }
    case IR_int_is_zero:
    case IR_int_is_true: {
        int r = in_reg(e, a0);
        asm_test_rr(a, (AsmReg)r, (AsmReg)r);
        FuseKind fk = can_fuse(e, index);
        if (fk != FUSE_NONE) fuse(e, index, int_cmp_cc(opc), fk);
        else set_bool(e, int_cmp_cc(opc));
        break;
    }
    /* ---- floats ---- */
    case IR_float_add:
    case IR_float_sub:
    case IR_float_mul:
    case IR_float_truediv:
        emit_float_binop(e, opc, a0, a1);
        break;
    case IR_float_neg:
    case IR_float_abs: {
        if (!is_const(a0)) in_reg(e, a0);
        int res = def_reg(e, a0);
        asm_mov_ri(a, R11, opc == IR_float_neg ? INT64_MIN : INT64_MAX);
        asm_movq_xr(a, XMM15, R11);
        asm_pd_xx(a, opc == IR_float_neg ? PD_XOR : PD_AND, (AsmXmm)(res - LOC_XMM0), XMM15);
        break;
    }
    case IR_float_sqrt: {
        if (three_operand(e, a0)) {
            int rx = in_reg(e, a0), res = def_reg(e, -1);
            asm_vsd_xxx(a, SD_SQRT, (AsmXmm)(res - LOC_XMM0), (AsmXmm)(rx - LOC_XMM0), (AsmXmm)(rx - LOC_XMM0));
            break;
        }
        if (!is_const(a0)) in_reg(e, a0);
        int res = def_reg(e, a0);
        asm_sd_xx(a, SD_SQRT, (AsmXmm)(res - LOC_XMM0), (AsmXmm)(res - LOC_XMM0));
        break;
    }
    case IR_float_lt:
    case IR_float_le:
    case IR_float_gt:
    case IR_float_ge: {
        bool swap = opc == IR_float_lt || opc == IR_float_le;
        emit_float_ucomisd(e, swap ? a1 : a0, swap ? a0 : a1);
        AsmCond cc = (opc == IR_float_lt || opc == IR_float_gt) ? CC_A : CC_AE;
        FuseKind fk = can_fuse(e, index);
        if (fk != FUSE_NONE) fuse(e, index, cc, fk);
        else set_bool(e, cc);
        break;
    }
    case IR_float_eq:
    case IR_float_ne: {
        emit_float_ucomisd(e, a0, a1);
        FuseKind fk = can_fuse(e, index);
        if (fk != FUSE_NONE) {
            /* the guard after it jumps on ZF and PF (emit_float_eq_guard()) */
            fuse(e, index, opc == IR_float_eq ? CC_E : CC_NE, fk);
            e->fused_float_eq = true;
            break;
        }
        int res = def_reg(e, IR_NONE);
        if (opc == IR_float_eq) {
            asm_setcc(a, CC_E, (AsmReg)res);
            asm_setcc(a, CC_NP, R11);
            asm_alu32_rr(a, ALU_AND, (AsmReg)res, R11);
        } else {
            asm_setcc(a, CC_NE, (AsmReg)res);
            asm_setcc(a, CC_P, R11);
            asm_alu32_rr(a, ALU_OR, (AsmReg)res, R11);
        }
        asm_movzx8_rr(a, (AsmReg)res, (AsmReg)res);
        break;
    }
    case IR_cast_int_to_float: {
        int r = in_reg(e, a0);
        int res = def_reg(e, IR_NONE);
        asm_pd_xx(a, PD_XOR, (AsmXmm)(res - LOC_XMM0), (AsmXmm)(res - LOC_XMM0));
        asm_cvtsi2sd_xr(a, (AsmXmm)(res - LOC_XMM0), (AsmReg)r);
        break;
    }
    case IR_cast_float_to_int: {
        int x = in_reg(e, a0);
        int res = def_reg(e, IR_NONE);
        asm_cvttsd2si_rx(a, (AsmReg)res, (AsmXmm)(x - LOC_XMM0));
        break;
    }
    /* ---- tagged values ---- */
    case IR_unbox_int: {
        if (!is_const(a0)) in_reg(e, a0);
        int res = def_reg(e, a0);
        asm_shift_ri(a, SHIFT_SAR, (AsmReg)res, 1);
        break;
    }
    case IR_box_int: {
        int src = in_reg(e, a0);
        int res = def_reg(e, IR_NONE);
        emit_box_int(e, src, res);
        break;
    }
    case IR_unbox_float: {
        emit_unbox_float_op(e, index, a0);
        break;
    }
    case IR_box_float: {
        int src = in_reg(e, a0);
        int res = def_reg(e, IR_NONE);
        emit_box_float(e, src, res);
        break;
    }
    case IR_bool_from_int: {
        int r = in_reg(e, a0);
        int res = def_reg(e, a0);
        asm_test_rr(a, (AsmReg)r, (AsmReg)r);
        asm_mov_ri(a, (AsmReg)res, (int64_t)V_FALSE);
        asm_mov_ri(a, R11, (int64_t)V_TRUE);
        asm_cmov_rr(a, CC_NZ, (AsmReg)res, R11);
        break;
    }
    /* ---- memory ---- */
    case IR_getfield_gc_i:
    case IR_getfield_gc_r:
    case IR_getfield_gc_f: {
        FieldDescr *fd = (FieldDescr *)op->descr;
        int base = in_reg(e, a0);
        /* a field only compared with a constant by a guard's condition
           (a list's storage: capacity < 0) is compared where it is, in
           the compare's code, which comes next and starts with it */
        const IROp *next = index + 1 < e->n ? &e->ir->ops[index + 1] : NULL;
        if (opc == IR_getfield_gc_i && next && (irop_info[next->opcode].flags & IRF_COMPARE) &&
            next->opcode >= IR_int_lt && next->opcode <= IR_int_ge && ir_arg(next, 0) == index &&
            const_fits_imm32(e, ir_arg(next, 1)) && e->last_use[index] == index + 1 && can_fuse(e, index + 1)) {
            e->field_cmp = index;
            e->field_cmp_mem = asm_mem((AsmReg)base, fd->offset);
            break;
        }
        /* the base's register if it dies here; else a fresh one, not a
           copy of the base (the load overwrites it) */
        bool base_dies = opc != IR_getfield_gc_f && !is_const(a0) && e->last_use[a0] == index;
        int res = def_reg(e, base_dies ? a0 : IR_NONE);
        if (opc == IR_getfield_gc_f) asm_movsd_xm(a, (AsmXmm)(res - LOC_XMM0), asm_mem((AsmReg)base, fd->offset));
        else asm_mov_rm(a, (AsmReg)res, asm_mem((AsmReg)base, fd->offset));
        break;
    }
    case IR_getfield_raw_i: {
        /* a word outside the heap (the pending-action word): the poll
           `int_lt(getfield_raw_i(word), 0); guard_false` becomes one
           compare with the word in memory and a branch (no register);
           otherwise one RIP-relative load when the word sits beside the
           code */
        const void *addr = (const void *)(uintptr_t)(const_bits(e, a0) + ((FieldDescr *)op->descr)->offset);
        const IROp *next = index + 1 < e->n ? &e->ir->ops[index + 1] : NULL;
        bool poll = next && next->opcode == IR_int_lt && ir_arg(next, 0) == index && is_const(ir_arg(next, 1)) &&
                    const_bits(e, ir_arg(next, 1)) == 0 && e->last_use[index] == index + 1 && can_fuse(e, index + 1);
        if (poll && e->loop_site >= 0) {
            /* the loop leaves through its patched site instead: no code */
            e->poll_skipped[0] = index;
            e->poll_skipped[1] = index + 1;
            break;
        }
        if (poll && mcode_is_near_data(addr)) {
            e->raw_poll = index;
            e->raw_poll_addr = addr;
            break;
        }
        int res = def_reg(e, IR_NONE);
        if (mcode_is_near_data(addr)) {
            add_reloc(e, asm_mov_r_rip(a, (AsmReg)res, 0), addr);
        } else {
            asm_mov_ri(a, (AsmReg)res, (int64_t)(uintptr_t)addr);
            asm_mov_rm(a, (AsmReg)res, asm_mem((AsmReg)res, 0));
        }
        break;
    }
    case IR_setfield_gc: {
        FieldDescr *fd = (FieldDescr *)op->descr;
        int base = in_reg(e, a0);
        AsmMem m = asm_mem((AsmReg)base, fd->offset);
        if (const_fits_imm32(e, a1)) {
            asm_mov_mi(a, m, (int32_t)const_bits(e, a1));
        } else {
            int v = in_reg(e, a1);
            if (loc_is_xmm(v)) asm_movsd_mx(a, m, (AsmXmm)(v - LOC_XMM0));
            else asm_mov_mr(a, m, (AsmReg)v);
        }
        break;
    }
    case IR_getarrayitem_gc_i:
    case IR_getarrayitem_gc_r:
    case IR_getarrayitem_gc_f: {
        ArrayDescr *ad = (ArrayDescr *)op->descr;
        int base = in_reg(e, a0), scale = ad->byte_items ? 1 : 8;
        AsmMem m;
        if (is_const(a1)) {
            m = asm_mem((AsmReg)base, ad->base + scale * (int32_t)const_bits(e, a1));
        } else {
            int idx = in_reg(e, a1);
            m = asm_mem_idx((AsmReg)base, (AsmReg)idx, scale, ad->base);
        }
        int res = def_reg(e, IR_NONE);
        if (opc == IR_getarrayitem_gc_f) asm_movsd_xm(a, (AsmXmm)(res - LOC_XMM0), m);
        else if (ad->byte_items) asm_movzx8_rm(a, (AsmReg)res, m);
        else asm_mov_rm(a, (AsmReg)res, m);
        break;
    }
    case IR_setarrayitem_gc: {
        ArrayDescr *ad = (ArrayDescr *)op->descr;
        int base = in_reg(e, a0);
        AsmMem m;
        if (is_const(a1)) {
            m = asm_mem((AsmReg)base, ad->base + 8 * (int32_t)const_bits(e, a1));
        } else {
            int idx = in_reg(e, a1);
            m = asm_mem_idx((AsmReg)base, (AsmReg)idx, 8, ad->base);
        }
        if (const_fits_imm32(e, a2)) {
            asm_mov_mi(a, m, (int32_t)const_bits(e, a2));
        } else {
            int v = in_reg(e, a2);
            if (loc_is_xmm(v)) asm_movsd_mx(a, m, (AsmXmm)(v - LOC_XMM0));
            else asm_mov_mr(a, m, (AsmReg)v);
        }
        break;
    }
    case IR_new_with_vtable: {
        SizeDescr *sd = (SizeDescr *)op->descr;
        if (alloc_is_inline(op)) {
            emit_alloc_inline(e, sd);
            break;
        }
        CallArg args[2] = {{IR_NONE, (int64_t)(uintptr_t)sd->type, false}, {IR_NONE, sd->size, false}};
        emit_call(e, sd->atomic ? jit_helper_fn(JH_new_atomic) : jit_helper_fn(JH_new_object), IR_NONE, args, 2, 'r');
        break;
    }
    case IR_new_array_clear: {
        CallArg args[1] = {{a0, 0, false}};
        emit_call(e, jit_helper_fn(JH_new_array), IR_NONE, args, 1, 'r');
        break;
    }
    case IR_call_i:
    case IR_call_f:
    case IR_call_r:
    case IR_call_n:
    case IR_call_pure_i:
    case IR_call_pure_r:
    case IR_call_pure_f:
    case IR_call_assembler_r:
        emit_call_op(e, op, index);
        break;
    case IR_force_token: {
        int res = def_reg(e, IR_NONE);
        asm_mov_rr(a, (AsmReg)res, RBP);
        break;
    }
    default:
        fail(e, "operation not supported by the backend");
        break;
    }
}

/* ---- labels, jumps, exits ------------------------------------------------------------------- */

/* pypyjit.enable_debug() / jit-backend-counts: count every pass through a
 * label and every bridge entry (only in traces compiled while counting). */
static void emit_debug_count(Emitter *e) {
    if (!e->t->counts) return;
    asm_mov_ri(&e->a, R11, (int64_t)(uintptr_t)&e->t->counts->passes);
    asm_alu_mi(&e->a, ALU_ADD, asm_mem(R11, 0), 1);
}

static void emit_label(Emitter *e, int index) {
    const IROp *op = &e->ir->ops[index];
    if (e->depth_delta != 0) {
        fail(e, "label inside an inlined frame");
        return;
    }
    TargetDescr *td = (TargetDescr *)op->descr;
    int n = op->nargs;
    Loc *locs = gc_alloc_atomic(sizeof(Loc) * (size_t)(n + 1));
    Loc *slots = gc_alloc_atomic(sizeof(Loc) * (size_t)(n + 1));
    char *types = gc_alloc_atomic((size_t)n + 1);
    for (int k = 0; k < n; k++) {
        IRRef r = ir_arg(op, k);
        if (is_const(r)) {
            fail(e, "constant label argument");
            return;
        }
        for (int j = 0; j < k; j++)
            if (ir_arg(op, j) == r) {
                fail(e, "repeated label argument");
                return;
            }
        locs[k] = loc_of(e, r);
        /* a value spilled earlier and back in a register lives in both:
           a jump from another trace must fill both */
        slots[k] = e->rloc[r] >= 0 && e->sloc[r] > 0 ? LOC_SLOT0 + e->sloc[r] : LOC_NONE;
        types[k] = ir_type(e->ir, r);
    }
    types[n] = 0;
    /* anything else still held is dead from here on */
    for (int reg = 0; reg < NREGS; reg++) {
        int32_t r = e->holder[reg];
        if (r < 0) continue;
        bool arg = false;
        for (int k = 0; k < n; k++)
            if (ir_arg(op, k) == r) arg = true;
        if (!arg) unbind(e, reg);
    }
    td->nargs = n;
    td->arg_locs = locs;
    td->arg_slots = slots;
    td->arg_types = types;
    td->trace = e->t;
    if (e->nlabels == 8) {
        fail(e, "too many labels");
        return;
    }
    e->labels[e->nlabels].td = td;
    e->labels[e->nlabels].offset = asm_len(&e->a);
    e->nlabels++;
    emit_debug_count(e);
}

static void emit_jump(Emitter *e, int index) {
    const IROp *op = &e->ir->ops[index];
    TargetDescr *td = (TargetDescr *)op->descr;
    size_t local = (size_t)-1;
    if (e->depth_delta != 0) {
        fail(e, "jump from inside an inlined frame");
        return;
    }
    for (int i = 0; i < e->nlabels; i++)
        if (e->labels[i].td == td) local = e->labels[i].offset;
    if (local == (size_t)-1 && !td->addr) {
        fail(e, "jump to a label without code");
        return;
    }
    if (td->nargs != op->nargs) {
        fail(e, "jump and label disagree");
        return;
    }
    /* the profiler sees the jump when it enters another loop (and, in mode
       PROF_BRIDGES, when a bridge goes back to its loop) */
    if (e->t->profile_mode && td->trace &&
        (td->trace->root != e->t->root || (e->t->profile_mode == PROF_BRIDGES && e->t->kind == TRACE_BRIDGE)))
        emit_profile_event(e, td->trace->uid, PROF_JUMP);
    Move *moves = gc_alloc_atomic(sizeof(Move) * (size_t)(2 * op->nargs + 1));
    int nmoves = 0;
    for (int k = 0; k < op->nargs; k++) {
        IRRef r = ir_arg(op, k);
        char want = td->arg_types[k];
        char have = ir_type(e->ir, r);
        if (want != have) {
            fail(e, "jump argument of the wrong type");
            return;
        }
        Loc slot = td->arg_slots ? td->arg_slots[k] : LOC_NONE;
        if (is_const(r)) {
            moves[nmoves++] = (Move){td->arg_locs[k], LOC_NONE, const_bits(e, r)};
            if (slot != LOC_NONE) moves[nmoves++] = (Move){slot, LOC_NONE, const_bits(e, r)};
            continue;
        }
        moves[nmoves++] = (Move){td->arg_locs[k], loc_of(e, r), 0};
        /* (the loop's own jump passes an invariant in its slot already) */
        if (slot != LOC_NONE && !(e->sloc[r] >= 0 && LOC_SLOT0 + e->sloc[r] == slot))
            moves[nmoves++] = (Move){slot, loc_of(e, r), 0};
    }
    parallel_move(e, moves, nmoves);
    if (local != (size_t)-1) asm_jmp_to(&e->a, local);
    else add_reloc(e, asm_jmp(&e->a), td->addr);
}

static void emit_finish(Emitter *e, int index) {
    const IROp *op = &e->ir->ops[index];
    GuardDescr *g = (GuardDescr *)op->descr;
    if (g == &jit_done_descr) {
        /* a function trace returns: the result in saved[0] */
        IRRef r = ir_arg(op, 0);
        asm_mov_ri(&e->a, R11, (int64_t)(uintptr_t)jit_saved_area);
        if (is_const(r)) {
            asm_mov_ri(&e->a, RAX, const_bits(e, r));
            asm_mov_mr(&e->a, asm_mem(R11, 0), RAX);
        } else {
            Loc l = loc_of(e, r);
            if (loc_is_gpr(l)) {
                asm_mov_mr(&e->a, asm_mem(R11, 0), (AsmReg)l);
            } else {
                move_loc(e, RAX, l);
                asm_mov_mr(&e->a, asm_mem(R11, 0), RAX);
            }
        }
        asm_mov_ri(&e->a, RAX, (int64_t)(uintptr_t)&jit_done_descr);
        asm_jmp_to(&e->a, e->epilogue);
        return;
    }
    /* an exit to the interpreter: a guard that always fails */
    set_fail_locs(e, g);
    g->op_index = index;
    add_site(e, g, asm_jmp(&e->a));
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
    /* rsp is 8 mod 16 here; calls need it 0 mod 16 */
    int32_t bytes = 8 * (JIT_FRAME_SLOTS + JIT_SAVE_SLOTS);
    if (bytes % 16 == 0) bytes += 8;
    asm_alu_ri(a, ALU_SUB, RSP, bytes);
    asm_mov_mr(a, slot_mem(0), RDI);
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

/* Failure paths: one per guard; its first instruction is the jump a bridge
 * is attached by patching (initially to the next instruction). */
static void emit_stubs(Emitter *e) {
    Asm *a = &e->a;
    for (int i = 0; i < e->nsites && !e->failed; i++) {
        GuardDescr *g = e->sites[i].g;
        bool first = true;
        for (int j = 0; j < i; j++)
            if (e->sites[j].g == g) first = false;
        if (!first) continue;
        if (g->nfail_args > BACKEND_MAX_FAIL_ARGS) {
            fail(e, "too many fail arguments");
            return;
        }
        size_t stub = asm_len(a);
        for (int j = i; j < e->nsites; j++)
            if (e->sites[j].g == g) asm_patch_rel32(a, e->sites[j].field, stub);
        /* before the patch site: a bridge takes them as inputs too */
        for (int j = 0; j < e->nstub_values; j++)
            if (e->stub_values[j].g == g) asm_mov_ri(a, (AsmReg)e->stub_values[j].reg, e->stub_values[j].value);
        size_t patch = asm_jmp(a);
        asm_patch_rel32(a, patch, asm_len(a));
        g->patch_site = (void *)(uintptr_t)patch;   /* an offset until placed */
        asm_mov_ri(a, R11, (int64_t)(uintptr_t)jit_saved_area);
        for (int k = 0; k < g->nfail_args; k++) {
            Loc l = g->fail_locs[k];
            if (loc_is_gpr(l)) asm_mov_mr(a, asm_mem(R11, 8 * k), (AsmReg)l);
            else if (loc_is_xmm(l)) asm_movsd_mx(a, asm_mem(R11, 8 * k), (AsmXmm)(l - LOC_XMM0));
        }
        for (int k = 0; k < g->nfail_args; k++) {
            Loc l = g->fail_locs[k];
            if (loc_is_slot(l)) {
                asm_mov_rm(a, RAX, slot_mem(l - LOC_SLOT0));
                asm_mov_mr(a, asm_mem(R11, 8 * k), RAX);
            }
        }
        asm_mov_ri(a, RAX, (int64_t)(uintptr_t)g);
        asm_jmp_to(a, e->epilogue);
    }
}

/* ---- the pass ----------------------------------------------------------------------------- */

/* Liveness, fail arguments, and the label discipline check. */
static void analyze(Emitter *e) {
    const IRBuf *b = e->ir;
    int32_t n = b->nops;
    e->last_use = gc_alloc_atomic(sizeof(int32_t) * (size_t)(n + 1));
    e->next_call = gc_alloc_atomic(sizeof(int32_t) * (size_t)(n + 2));
    e->rloc = gc_alloc_atomic((size_t)n + 1);
    e->sloc = gc_alloc_atomic(sizeof(int16_t) * (size_t)(n + 1));
    uint8_t *label_arg = gc_alloc_atomic((size_t)n + 1);
    memset(label_arg, 0, (size_t)n + 1);
    int32_t cur_label = -1;
    for (int32_t i = 0; i < n; i++) {
        e->last_use[i] = -1;
        e->rloc[i] = -1;
        e->sloc[i] = -1;
    }
    for (int32_t i = 0; i < n && !e->failed; i++) {
        const IROp *op = &b->ops[i];
        for (int k = 0; k < op->nargs; k++) {
            IRRef r = ir_arg(op, k);
            if (r < 0 || is_const(r)) continue;
            if (r >= i) fail(e, "use before definition");
            else if (cur_label >= 0 && r < cur_label && !label_arg[r]) fail(e, "value live across a label");
            e->last_use[r] = i;
        }
        if (op->opcode == IR_label) {
            if (cur_label >= 0) {
                const IROp *prev = &b->ops[cur_label];
                for (int k = 0; k < prev->nargs; k++)
                    if (!is_const(ir_arg(prev, k))) label_arg[ir_arg(prev, k)] = 0;
            }
            cur_label = i;
            for (int k = 0; k < op->nargs; k++)
                if (!is_const(ir_arg(op, k))) label_arg[ir_arg(op, k)] = 1;
        }
        bool exit = irop_is_guard(op->opcode) || (op->opcode == IR_finish && op->descr != &jit_done_descr.d);
        if (exit) {
            GuardDescr *g = (GuardDescr *)op->descr;
            IRRef *refs;
            int nf = snapshot_fail_args(g->snap, b, &refs);
            g->fail_args = refs;
            g->nfail_args = nf;
            g->owner = e->t;
            g->op_index = (int32_t)i;   /* every exit, whatever code tests it */
            g->bridge = NULL;
            for (int k = 0; k < nf; k++) {
                IRRef r = refs[k];
                if (r >= i) fail(e, "fail argument defined after its guard");
                else if (cur_label >= 0 && r < cur_label && !label_arg[r]) fail(e, "fail argument live across a label");
                e->last_use[r] = i;
            }
        }
    }
    e->next_call[n] = n;
    e->next_call[n + 1] = n;
    for (int32_t i = n - 1; i >= 0; i--) e->next_call[i] = is_call_like(&b->ops[i]) ? i : e->next_call[i + 1];
}

static void after_op(Emitter *e, int index) {
    const IROp *op = &e->ir->ops[index];
    for (int k = 0; k < op->nargs; k++) {
        IRRef r = ir_arg(op, k);
        if (r >= 0 && !is_const(r) && e->last_use[r] <= index) free_value(e, r);
    }
    if (irop_is_guard(op->opcode) || op->opcode == IR_finish) {
        GuardDescr *g = (GuardDescr *)op->descr;
        if (g != &jit_done_descr)
            for (int k = 0; k < g->nfail_args; k++)
                if (e->last_use[g->fail_args[k]] <= index) free_value(e, g->fail_args[k]);
    }
    if (op->type != 'v' && e->last_use[index] < 0 && e->fused != index) free_value(e, index);
    for (int reg = 0; reg < NREGS; reg++)
        if (e->temps & (1u << reg)) e->holder[reg] = -1;
    e->temps = 0;
    e->locked = 0;
}

static void emitter_init(Emitter *e, Trace *t, bool bridge) {
    memset(e, 0, sizeof *e);
    asm_init(&e->a);
    e->t = t;
    e->ir = &t->ir;
    e->n = t->ir.nops;
    e->bridge = bridge;
    e->fused = -1;
    e->raw_poll = -1;
    e->field_cmp = -1;
    e->loop_site = -1;
    e->poll_skipped[0] = e->poll_skipped[1] = -1;
    for (int i = 0; i < NREGS; i++) e->holder[i] = -1;
    e->slot_busy[0] = 1;   /* p0 */
    t->op_offsets = gc_alloc_atomic(sizeof(int32_t) * (size_t)(e->n + 1));
    for (int32_t i = 0; i < e->n; i++) t->op_offsets[i] = -1;
}

static void emit_body(Emitter *e, int first) {
    for (int32_t i = first; i < e->n && !e->failed; i++) {
        const IROp *op = &e->ir->ops[i];
        e->cur = i;
        e->t->op_offsets[i] = (int32_t)asm_len(&e->a);
        switch (op->opcode) {
        case IR_label:
            emit_label(e, i);
            e->loop_site = -1;   /* the site must be in the code after the last label */
            break;
        case IR_jump: emit_jump(e, i); break;
        case IR_finish: emit_finish(e, i); break;
        case IR_inputarg_i:
        case IR_inputarg_f:
        case IR_inputarg_r: fail(e, "input argument inside the trace"); break;
        default: emit_op(e, i); break;
        }
        after_op(e, i);
    }
}

/* Copy the code into executable memory; resolve guard patch sites, labels
 * and jumps to other traces. */
static bool place(Emitter *e) {
    size_t n = asm_len(&e->a);
    uint8_t *mem = mcode_alloc(n);
    if (!mem) return false;
    for (int i = 0; i < e->nrelocs; i++) {
        uintptr_t next = (uintptr_t)mem + e->relocs[i].field + 4 + e->relocs[i].tail;
        if (!asm_rel32_reaches(next, (uintptr_t)e->relocs[i].target)) return false;
        uint32_t v = (uint32_t)((uintptr_t)e->relocs[i].target - next);
        memcpy(asm_code(&e->a) + e->relocs[i].field, &v, 4);
    }
    mcode_write(mem, asm_code(&e->a), n);
    e->t->mcode = mem;
    e->t->mcode_len = n;
    for (int i = 0; i < e->nsites; i++) {
        GuardDescr *g = e->sites[i].g;
        if ((uintptr_t)g->patch_site < n) g->patch_site = mem + (uintptr_t)g->patch_site;
    }
    for (int i = 0; i < e->nlabels; i++) e->labels[i].td->addr = mem + e->labels[i].offset;
    return true;
}

static void collect_guards(Emitter *e) {
    Trace *t = e->t;
    t->nguards = 0;
    t->guards = gc_alloc(sizeof(GuardDescr *) * (size_t)(e->nsites + 1));
    for (int i = 0; i < e->nsites; i++) {
        GuardDescr *g = e->sites[i].g;
        bool seen = false;
        for (int j = 0; j < t->nguards; j++)
            if (t->guards[j] == g) seen = true;
        if (!seen) t->guards[t->nguards++] = g;
    }
}

static void emitter_free(Emitter *e) {
    asm_free(&e->a);
    free(e->sites);
    free(e->stub_values);
    free(e->relocs);
    free(e->prof_stubs);
    free(e->cold_calls);
}

static bool finish_compile(Emitter *e) {
    if (!e->failed) emit_cold_calls(e);   /* first: it adds guard sites */
    if (!e->failed) emit_stubs(e);
    if (!e->failed) emit_prof_stubs(e);
    if (e->failed || !place(e)) {
        if (getenv("TPY_JITDUMP")) fprintf(stderr, "backend: %s\n", e->why ? e->why : "no code memory");
        emitter_free(e);
        return false;
    }
    collect_guards(e);
    return true;
}

bool backend_compile_loop(Trace *t) {
    Emitter e;
    emitter_init(&e, t, false);
    e.can_site = safepoint_reserve();
    if (e.n < 1 || t->ir.ops[0].opcode != IR_inputarg_r) {
        emitter_free(&e);
        return false;
    }
    analyze(&e);
    /* the epilogue first: stubs and finishes jump back to it */
    size_t skip = asm_jmp(&e.a);
    emit_epilogue(&e);
    size_t entry = asm_len(&e.a);
    asm_patch_rel32(&e.a, skip, entry);
    emit_prologue(&e);
    t->op_offsets[0] = (int32_t)entry;
    /* p0 arrives in rdi and is kept in slot 0 */
    e.sloc[0] = 0;
    if (e.last_use[0] >= 0) bind(&e, 0, RDI);
    emit_body(&e, 1);
    if (!finish_compile(&e)) return false;
    t->entry = t->mcode + entry;
    t->epilogue = t->mcode + e.epilogue;
    if (e.loop_site >= 0) safepoint_register(t->mcode + e.loop_site - 2);   /* 0F 8x rel32 */
    for (int i = 0; i < e.nlabels; i++)
        if (!t->target) t->target = e.labels[i].td;
    emitter_free(&e);
    return true;
}

bool backend_compile_bridge(Trace *t, GuardDescr *g) {
    Emitter e;
    emitter_init(&e, t, true);
    /* it starts where the guard was: in its snapshot's inlined frames */
    e.depth_delta = g->snap ? g->snap->nframes - 1 : 0;
    int nin = 0;
    while (nin < e.n && (t->ir.ops[nin].opcode == IR_inputarg_i || t->ir.ops[nin].opcode == IR_inputarg_f ||
                         t->ir.ops[nin].opcode == IR_inputarg_r))
        nin++;
    if (nin != g->nfail_args + 1 || !g->patch_site) {
        emitter_free(&e);
        return false;
    }
    analyze(&e);
    size_t skip = asm_jmp(&e.a);
    emit_epilogue(&e);
    size_t start = asm_len(&e.a);
    asm_patch_rel32(&e.a, skip, start);
    /* the inputs are where the guard left them */
    e.sloc[0] = 0;
    for (int k = 0; k < g->nfail_args; k++) {
        IRRef r = k + 1;
        Loc l = g->fail_locs[k];
        if (e.last_use[r] < 0) continue;
        if (loc_is_slot(l)) {
            int s = l - LOC_SLOT0;
            if (s == 0) {
                e.sloc[r] = 0;   /* p0 itself */
                continue;
            }
            if (e.slot_busy[s]) {
                /* two inputs share a slot (the same parent value twice) */
                int k2 = alloc_slot(&e);
                move_loc(&e, LOC_SLOT0 + k2, l);
                s = k2;
            }
            e.slot_busy[s] = 1;
            e.sloc[r] = (int16_t)s;
        } else if (e.holder[l] == -1) {
            bind(&e, r, l);
        } else {
            int s = alloc_slot(&e);
            move_loc(&e, LOC_SLOT0 + s, l);
            e.sloc[r] = (int16_t)s;
        }
    }
    t->op_offsets[0] = (int32_t)start;
    emit_debug_count(&e);
    if (t->profile_mode == PROF_BRIDGES) emit_profile_event(&e, t->uid, PROF_BRIDGE);
    emit_body(&e, nin);
    if (!finish_compile(&e)) return false;
    t->entry = t->mcode + start;
    t->epilogue = t->mcode + e.epilogue;
    emitter_free(&e);
    /* attach: the guard's stub now jumps to the bridge */
    uint8_t *site = g->patch_site;
    mcode_patch_begin(site, 4);
    asm_patch_rel32_abs(site, t->entry);
    mcode_patch_end(site, 4);
    g->bridge = t;
    return true;
}

void backend_free(Trace *t) {
    if (t->mcode) safepoint_forget(t->mcode, t->mcode_len);
    if (t->mcode) mcode_free(t->mcode, t->mcode_len);
    t->mcode = NULL;
}

void backend_memory(size_t *reserved, size_t *used) { mcode_stats(reserved, used); }

void backend_init(void) {}
