/* asm_x64.h: the x86-64 machine-code encoder used by the JIT backend.
 *
 * Code buffer. An `Asm` is a growable malloc'd byte buffer; every emit
 * function appends one instruction (or a short fixed sequence) to it. The
 * buffer does not know where its bytes will finally run: the backend
 * copies them into executable memory afterwards. That is why labels and
 * patch sites are byte offsets into the buffer, never pointers (a pointer
 * would dangle when the buffer grows). Encoding errors (an impossible
 * operand, a displacement out of range) are programming errors in the
 * backend: they abort with a message, also in builds with NDEBUG, because
 * silently emitting wrong machine code is far harder to debug.
 *
 * Operand order is Intel's: destination first. Suffixes name the operand
 * kinds in that order: r = general-purpose register, x = XMM register,
 * m = memory (AsmMem), i = immediate. So asm_mov_rm(a, RAX, m) is the load
 * `mov rax, qword ptr [m]` and asm_mov_mr(a, m, RAX) is the store. Without
 * a width in the name an operation is 64-bit; asm_mov32_*, asm_alu8_* etc.
 * work on 32/16/8-bit operands. 32-bit register writes zero the upper half,
 * as always on x86-64.
 *
 * Shortest encodings are chosen where there is a choice that does not
 * change behaviour: disp8 memory displacements, imm8 immediates, the
 * short RAX forms, `mov r32, imm32` for immediates in [0, 2^32), rel8
 * jumps to known near targets. `mov r, 0` stays a mov (flags preserved);
 * asm_zero() is the flag-clobbering `xor r32, r32`.
 *
 * SysV AMD64 ABI, for the backend's register allocation:
 *   arguments        RDI RSI RDX RCX R8 R9; XMM0-XMM7
 *   results          RAX (RDX); XMM0 (XMM1)
 *   caller-saved     RAX RCX RDX RSI RDI R8 R9 R10 R11, all of XMM0-XMM15
 *   callee-saved     RBX RBP R12 R13 R14 R15 (and RSP)
 *   stack            RSP must be 16-byte aligned at a call instruction (so
 *                    RSP % 16 == 8 on entry to a function); AL holds the
 *                    number of vector registers used by a variadic call.
 * Scratch: the absolute call/jump helpers (asm_call_abs, asm_jmp_abs and
 * the *_addr forms when they fall back to them) clobber R11, which is
 * caller-saved and carries no argument in SysV. No other function touches
 * a register it was not given.
 *
 * Naming: registers are RAX..R15 and XMM0..XMM15 in hardware numbering.
 * (These names clash with the macros of <sys/reg.h>; do not include both.)
 */
#ifndef TPY_JIT_ASM_X64_H
#define TPY_JIT_ASM_X64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- code buffer ----------------------------------------------------- */

typedef struct Asm {
    uint8_t *code; /* malloc'd; NULL until the first byte */
    size_t len;    /* bytes emitted */
    size_t cap;    /* bytes allocated */
} Asm;

void asm_init(Asm *a);
void asm_free(Asm *a);                /* frees the bytes; a is then empty */
void asm_grow(Asm *a, size_t need);   /* make room for `need` more bytes */

static inline size_t asm_len(const Asm *a) { return a->len; }
static inline uint8_t *asm_code(const Asm *a) { return a->code; }
/* Forget the contents but keep the allocation, to assemble the next trace. */
static inline void asm_reset(Asm *a) { a->len = 0; }

/* Raw bytes (data in the code stream, hand-made encodings). */
static inline void asm_byte(Asm *a, uint8_t b)
{
    if (a->len == a->cap)
        asm_grow(a, 1);
    a->code[a->len++] = b;
}
void asm_bytes(Asm *a, const void *p, size_t n);

/* ---- registers, conditions, operations --------------------------------- */

typedef enum AsmReg {
    ASM_NOREG = -1, /* "no base" / "no index" in an AsmMem */
    RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI,
    R8, R9, R10, R11, R12, R13, R14, R15
} AsmReg;

typedef enum AsmXmm {
    XMM0, XMM1, XMM2, XMM3, XMM4, XMM5, XMM6, XMM7,
    XMM8, XMM9, XMM10, XMM11, XMM12, XMM13, XMM14, XMM15
} AsmXmm;

/* Bit masks (1 << reg) of the SysV caller-saved registers. */
#define ASM_CALLER_SAVED_GPRS                                                             \
    ((1u << RAX) | (1u << RCX) | (1u << RDX) | (1u << RSI) | (1u << RDI) | (1u << R8) |   \
     (1u << R9) | (1u << R10) | (1u << R11))
#define ASM_CALLEE_SAVED_GPRS                                                             \
    ((1u << RBX) | (1u << RBP) | (1u << R12) | (1u << R13) | (1u << R14) | (1u << R15))
#define ASM_CALLER_SAVED_XMMS 0xffffu
#define ASM_SCRATCH R11 /* clobbered by the absolute call/jump helpers */

/* The x86 condition codes in hardware numbering (the low nibble of
 * jcc/setcc/cmovcc opcodes). Unsigned comparisons: B AE BE A; signed:
 * L GE LE G. */
typedef enum AsmCond {
    CC_O, CC_NO, CC_B, CC_AE, CC_E, CC_NE, CC_BE, CC_A,
    CC_S, CC_NS, CC_P, CC_NP, CC_L, CC_GE, CC_LE, CC_G,
    /* aliases */
    CC_C = CC_B, CC_NC = CC_AE, CC_Z = CC_E, CC_NZ = CC_NE,
    CC_NAE = CC_B, CC_NB = CC_AE, CC_NA = CC_BE, CC_NBE = CC_A,
    CC_PE = CC_P, CC_PO = CC_NP, CC_NGE = CC_L, CC_NL = CC_GE, CC_NG = CC_LE, CC_NLE = CC_G
} AsmCond;

/* The condition that holds exactly when `c` does not: the encodings come
 * in pairs that differ in the lowest bit. */
static inline AsmCond asm_cc_invert(AsmCond c) { return (AsmCond)(c ^ 1); }
/* The condition to test after swapping the operands of a cmp:
 * a < b  <=>  b > a. Conditions on equality or single flags are kept. */
AsmCond asm_cc_swap(AsmCond c);

/* The group-1 ALU operations, numbered as in the ModRM reg field of
 * opcodes 80/81/83 (and opcode = op*8 + 0..5 for the other forms). */
typedef enum AluOp {
    ALU_ADD, ALU_OR, ALU_ADC, ALU_SBB, ALU_AND, ALU_SUB, ALU_XOR, ALU_CMP
} AluOp;

/* The group-2 shifts and rotates (ModRM reg field of C1/D1/D3). */
typedef enum ShiftOp {
    SHIFT_ROL = 0, SHIFT_ROR = 1, SHIFT_SHL = 4, SHIFT_SHR = 5, SHIFT_SAR = 7
} ShiftOp;

/* Scalar double operations F2 0F xx: the value is the opcode byte. */
typedef enum SdOp {
    SD_SQRT = 0x51, SD_ADD = 0x58, SD_MUL = 0x59, SD_SUB = 0x5C,
    SD_MIN = 0x5D, SD_DIV = 0x5E, SD_MAX = 0x5F
} SdOp;

/* Packed bitwise operations 66 0F xx on whole XMM registers (sign and
 * abs masks, zeroing): the value is the opcode byte. */
typedef enum PdOp {
    PD_AND = 0x54, PD_ANDN = 0x55, PD_OR = 0x56, PD_XOR = 0x57, PD_PXOR = 0xEF
} PdOp;

/* roundsd immediates: the rounding mode, optionally | ASM_ROUND_NOEXC to
 * suppress the inexact exception (what floor/ceil/trunc want). */
enum {
    ASM_ROUND_NEAREST = 0, ASM_ROUND_FLOOR = 1, ASM_ROUND_CEIL = 2, ASM_ROUND_TRUNC = 3,
    ASM_ROUND_NOEXC = 8
};

/* ---- memory operands ----------------------------------------------------- */

/* [base + index*scale + disp]. base and index may be ASM_NOREG; RSP can
 * not be an index (its encoding means "no index"). Without a base the
 * address is the sign-extended disp32 itself (absolute, not RIP-relative).
 * Build these with the constructors: a zeroed AsmMem is invalid (scale 0)
 * rather than silently meaning [rax + rax]. */
typedef struct AsmMem {
    int8_t base;   /* AsmReg or ASM_NOREG */
    int8_t index;  /* AsmReg or ASM_NOREG */
    uint8_t scale; /* 1, 2, 4 or 8 */
    int32_t disp;
} AsmMem;

static inline AsmMem asm_mem(AsmReg base, int32_t disp)
{
    AsmMem m = {(int8_t)base, (int8_t)ASM_NOREG, 1, disp};
    return m;
}
static inline AsmMem asm_mem_idx(AsmReg base, AsmReg index, int scale, int32_t disp)
{
    AsmMem m = {(int8_t)base, (int8_t)index, (uint8_t)scale, disp};
    return m;
}
/* [disp32]: an absolute address in the low 2 GB (or top 2 GB). */
static inline AsmMem asm_mem_abs(int32_t addr)
{
    AsmMem m = {(int8_t)ASM_NOREG, (int8_t)ASM_NOREG, 1, addr};
    return m;
}

/* ---- data movement ---------------------------------------------------------- */

void asm_mov_rr(Asm *a, AsmReg dst, AsmReg src);            /* mov r64, r64 */
void asm_mov32_rr(Asm *a, AsmReg dst, AsmReg src);          /* mov r32, r32 (zero-extends) */
/* dst = imm, shortest of: mov r32, imm32 (imm in [0, 2^32)); mov r64,
 * simm32 (imm in [-2^31, 0)); movabs r64, imm64. Flags are unchanged. */
void asm_mov_ri(Asm *a, AsmReg dst, int64_t imm);
/* Always the 10-byte movabs; returns the offset of the imm64 field so a
 * constant (an address known only later) can be patched with
 * asm_patch_u64. */
size_t asm_movabs_ri(Asm *a, AsmReg dst, uint64_t imm);
void asm_zero(Asm *a, AsmReg r);                            /* xor r32, r32: clobbers flags */
void asm_mov_rm(Asm *a, AsmReg dst, AsmMem m);              /* mov r64, qword [m] */
void asm_mov_mr(Asm *a, AsmMem m, AsmReg src);              /* mov qword [m], r64 */
void asm_mov_mi(Asm *a, AsmMem m, int32_t imm);             /* mov qword [m], simm32 */
/* mov r64, qword [rip + disp32]: returns the offset of the disp32 field,
 * the instruction's last (so a target known only when the code is placed
 * is reached with disp = target - (code + offset + 4)). */
size_t asm_mov_r_rip(Asm *a, AsmReg dst, int32_t disp);
/* cmp qword [rip + disp32], simm8: returns the offset of the disp32 field,
 * which is followed by the 1-byte immediate (so disp = target - (code +
 * offset + 5)). */
size_t asm_cmp_rip_imm8(Asm *a, int32_t disp, int8_t imm);
void asm_mov32_rm(Asm *a, AsmReg dst, AsmMem m);            /* mov r32, dword [m] (zero-extends) */
void asm_mov32_mr(Asm *a, AsmMem m, AsmReg src);            /* mov dword [m], r32 */
void asm_mov32_mi(Asm *a, AsmMem m, uint32_t imm);          /* mov dword [m], imm32 */
void asm_mov16_mr(Asm *a, AsmMem m, AsmReg src);            /* mov word [m], r16 */
void asm_mov8_mr(Asm *a, AsmMem m, AsmReg src);             /* mov byte [m], r8 (any reg: sil, r8b...) */
void asm_mov8_mi(Asm *a, AsmMem m, uint8_t imm);            /* mov byte [m], imm8 */
void asm_movzx8_rm(Asm *a, AsmReg dst, AsmMem m);           /* movzx r32, byte [m] */
void asm_movzx16_rm(Asm *a, AsmReg dst, AsmMem m);          /* movzx r32, word [m] */
void asm_movzx8_rr(Asm *a, AsmReg dst, AsmReg src);         /* movzx r32, r8 */
void asm_movsx8_rm(Asm *a, AsmReg dst, AsmMem m);           /* movsx r64, byte [m] */
void asm_movsx16_rm(Asm *a, AsmReg dst, AsmMem m);          /* movsx r64, word [m] */
void asm_movsxd_rm(Asm *a, AsmReg dst, AsmMem m);           /* movsxd r64, dword [m] */
void asm_movsxd_rr(Asm *a, AsmReg dst, AsmReg src);         /* movsxd r64, r32 */
void asm_lea(Asm *a, AsmReg dst, AsmMem m);                 /* lea r64, [m] */

/* ---- integer arithmetic --------------------------------------------------- */

void asm_alu_rr(Asm *a, AluOp op, AsmReg dst, AsmReg src);  /* op r64, r64 */
void asm_alu_ri(Asm *a, AluOp op, AsmReg dst, int32_t imm); /* op r64, simm32 (simm8 if it fits) */
void asm_alu_rm(Asm *a, AluOp op, AsmReg dst, AsmMem m);    /* op r64, qword [m] */
void asm_alu_mr(Asm *a, AluOp op, AsmMem m, AsmReg src);    /* op qword [m], r64 */
void asm_alu_mi(Asm *a, AluOp op, AsmMem m, int32_t imm);   /* op qword [m], simm32 */
void asm_alu32_rr(Asm *a, AluOp op, AsmReg dst, AsmReg src); /* op r32, r32 */
void asm_alu32_ri(Asm *a, AluOp op, AsmReg dst, int32_t imm); /* op r32, imm32 */
void asm_alu8_mi(Asm *a, AluOp op, AsmMem m, uint8_t imm);  /* op byte [m], imm8 (e.g. a tag cmp) */

/* test r64, r64 */
void asm_test_rr(Asm *a, AsmReg r1, AsmReg r2);
/* Sets flags as `test r64, simm32` would; for imm in [0, 127] it emits
 * `test r8, imm8` and for imm in [128, 2^31) `test r32, imm32`. These set
 * ZF, SF, PF, CF=0, OF=0 exactly as the 64-bit form: the result's bits
 * above the tested width, and the sign bit, are zero in every case. */
void asm_test_ri(Asm *a, AsmReg r, int32_t imm);
void asm_test_mr(Asm *a, AsmMem m, AsmReg r);              /* test qword [m], r64 */
void asm_test_mi(Asm *a, AsmMem m, int32_t imm);           /* test qword [m], simm32 */
void asm_test8_mi(Asm *a, AsmMem m, uint8_t imm);          /* test byte [m], imm8 */

void asm_imul_rr(Asm *a, AsmReg dst, AsmReg src);          /* imul r64, r64 */
void asm_imul_rri(Asm *a, AsmReg dst, AsmReg src, int32_t imm); /* imul r64, r64, simm32 */
void asm_imul_rm(Asm *a, AsmReg dst, AsmMem m);            /* imul r64, qword [m] */
void asm_neg(Asm *a, AsmReg r);
void asm_not(Asm *a, AsmReg r);
void asm_cqo(Asm *a);                                      /* rdx = sign of rax */
void asm_idiv(Asm *a, AsmReg r);   /* rax = rdx:rax / r, rdx = remainder (signed) */
void asm_div(Asm *a, AsmReg r);    /* the same, unsigned */
void asm_mul(Asm *a, AsmReg r);    /* rdx:rax = rax * r (unsigned) */
void asm_imul1(Asm *a, AsmReg r);  /* rdx:rax = rax * r (signed) */

/* Shifts by an immediate (0..63; 1 uses the short D1 form) or by CL. */
void asm_shift_ri(Asm *a, ShiftOp op, AsmReg r, uint8_t imm);
void asm_shift_rcl(Asm *a, ShiftOp op, AsmReg r);

/* ---- flags -------------------------------------------------------------- */

void asm_setcc(Asm *a, AsmCond cc, AsmReg r);              /* setcc r8 (upper bits kept) */
void asm_cmov_rr(Asm *a, AsmCond cc, AsmReg dst, AsmReg src);
void asm_cmov_rm(Asm *a, AsmCond cc, AsmReg dst, AsmMem m);

/* ---- control flow ---------------------------------------------------------- */

/* Jumps and calls to a target not yet known: each returns the offset of
 * its rel field, to be filled in with asm_patch_rel32 (target in this
 * buffer), or after the code is placed with asm_patch_rel32_abs. */
size_t asm_jmp(Asm *a);                       /* jmp rel32 */
size_t asm_jcc(Asm *a, AsmCond cc);           /* jcc rel32 */
size_t asm_call(Asm *a);                      /* call rel32 */
size_t asm_jmp8(Asm *a);                      /* jmp rel8: a short forward skip */
size_t asm_jcc8(Asm *a, AsmCond cc);          /* jcc rel8 */

/* Jumps and calls to a known offset in this buffer (typically backward);
 * jumps use rel8 when it reaches. */
void asm_jmp_to(Asm *a, size_t target);
void asm_jcc_to(Asm *a, AsmCond cc, size_t target);
void asm_call_to(Asm *a, size_t target);

void asm_jmp_r(Asm *a, AsmReg r);             /* jmp r64 */
void asm_jmp_m(Asm *a, AsmMem m);             /* jmp qword [m] */
void asm_call_r(Asm *a, AsmReg r);            /* call r64 */
void asm_call_m(Asm *a, AsmMem m);            /* call qword [m] */

/* To absolute addresses, for code that will be placed at `base` (the
 * address byte 0 of this buffer will have). The *_near forms emit a rel32
 * instruction and return true if the target is within reach, and emit
 * nothing and return false otherwise. */
bool asm_jmp_near(Asm *a, uintptr_t base, const void *target);
bool asm_jcc_near(Asm *a, AsmCond cc, uintptr_t base, const void *target);
bool asm_call_near(Asm *a, uintptr_t base, const void *target);
/* mov r11, target; call/jmp r11. Position independent; clobbers R11. */
void asm_call_abs(Asm *a, const void *target);
void asm_jmp_abs(Asm *a, const void *target);
/* Near if it reaches, else absolute through R11. */
void asm_call_addr(Asm *a, uintptr_t base, const void *target);
void asm_jmp_addr(Asm *a, uintptr_t base, const void *target);

void asm_ret(Asm *a);
void asm_int3(Asm *a);
void asm_ud2(Asm *a);

/* ---- patching ------------------------------------------------------------ */

/* The rel32 field at offset `at` (as returned by asm_jmp...) jumps to
 * buffer offset `target`. */
void asm_patch_rel32(Asm *a, size_t at, size_t target);
void asm_patch_rel8(Asm *a, size_t at, size_t target);     /* aborts if it does not reach */
void asm_patch_u64(Asm *a, size_t at, uint64_t value);     /* e.g. a movabs immediate */
/* In placed code (which the caller has made writable): make the rel32
 * field at `field` point at `target`, i.e. store target - (field + 4).
 * Aborts if the distance does not fit in 32 bits. Used to redirect a
 * guard's jump to a newly compiled bridge. */
void asm_patch_rel32_abs(uint8_t *field, uint8_t *target);
/* Whether a rel32 whose instruction ends at `from` reaches `to`. */
bool asm_rel32_reaches(uintptr_t from, uintptr_t to);

/* ---- stack, padding --------------------------------------------------------- */

void asm_push_r(Asm *a, AsmReg r);
void asm_pop_r(Asm *a, AsmReg r);
void asm_push_i(Asm *a, int32_t imm);         /* pushes the sign-extended 64-bit value */
/* `n` bytes of no-ops, as few instructions as possible (recommended
 * multi-byte NOP forms of at most 9 bytes). */
void asm_nop(Asm *a, size_t n);
/* Pad with no-ops to a multiple of `n` (a power of two) bytes from the
 * start of the buffer; the code must then be placed at an address that is
 * a multiple of n too. */
void asm_align(Asm *a, size_t n);

/* ---- SSE2 scalar double ------------------------------------------------------ */

void asm_movsd_xx(Asm *a, AsmXmm dst, AsmXmm src);         /* movsd: low half only */
void asm_movaps_xx(Asm *a, AsmXmm dst, AsmXmm src);        /* whole-register copy: shorter, no
                                                              dependency on dst; prefer it */
void asm_movsd_xm(Asm *a, AsmXmm dst, AsmMem m);           /* load; zeroes the upper half */
void asm_movsd_mx(Asm *a, AsmMem m, AsmXmm src);           /* store */
void asm_sd_xx(Asm *a, SdOp op, AsmXmm dst, AsmXmm src);   /* addsd ... sqrtsd x, x */
void asm_sd_xm(Asm *a, SdOp op, AsmXmm dst, AsmMem m);     /* addsd ... sqrtsd x, qword [m] */
/* The AVX (VEX) form with a third register: dst = src1 op src2, neither
 * source changed (vsqrtsd takes the root of src2, src1 gives the upper
 * half), so no copy of src1 first. Only where asm_has_avx() says the CPU
 * and the kernel run AVX instructions. */
void asm_vsd_xxx(Asm *a, SdOp op, AsmXmm dst, AsmXmm src1, AsmXmm src2);
bool asm_has_avx(void);
void asm_ucomisd_xx(Asm *a, AsmXmm x1, AsmXmm x2);         /* unordered compare: ZF PF CF */
void asm_ucomisd_xm(Asm *a, AsmXmm x, AsmMem m);
void asm_comisd_xx(Asm *a, AsmXmm x1, AsmXmm x2);
void asm_cvtsi2sd_xr(Asm *a, AsmXmm dst, AsmReg src);      /* int64 -> double */
void asm_cvtsi2sd_xm(Asm *a, AsmXmm dst, AsmMem m);
void asm_cvttsd2si_rx(Asm *a, AsmReg dst, AsmXmm src);     /* double -> int64, truncating */
void asm_cvtsd2si_rx(Asm *a, AsmReg dst, AsmXmm src);      /* ... rounding per MXCSR */
void asm_movq_xr(Asm *a, AsmXmm dst, AsmReg src);          /* bits of r64 into xmm */
void asm_movq_rx(Asm *a, AsmReg dst, AsmXmm src);          /* bits of xmm into r64 */
void asm_pd_xx(Asm *a, PdOp op, AsmXmm dst, AsmXmm src);   /* andpd, xorpd, pxor ... */
void asm_pd_xm(Asm *a, PdOp op, AsmXmm dst, AsmMem m);     /* memory must be 16-aligned */
/* SSE4.1: the caller checks CPU support. */
void asm_roundsd_xxi(Asm *a, AsmXmm dst, AsmXmm src, uint8_t mode);

#endif
