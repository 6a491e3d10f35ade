/* asm_x64.c: x86-64 instruction encoding (see asm_x64.h).
 *
 * Every instruction this file emits has the layout
 *
 *   [legacy prefix 66/F2/F3] [REX] opcode (1-3 bytes) [ModRM [SIB] [disp]] [imm]
 *
 * A mandatory prefix must come before REX, and REX must be the byte right
 * before the opcode (a REX followed by anything else is ignored by the
 * CPU), hence the two helpers enc_rr/enc_rm that produce everything up to
 * the immediate, and the callers that append it.
 */
#include "asm_x64.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Invalid operands are backend bugs: stop, also under NDEBUG. */
#define ASM_CHECK(cond)                                                                       \
    do {                                                                                      \
        if (!(cond))                                                                          \
            asm_fail(__func__, #cond);                                                        \
    } while (0)

_Noreturn static void asm_fail(const char *fn, const char *what)
{
    fprintf(stderr, "asm_x64: %s: invalid operands (%s)\n", fn, what);
    abort();
}

/* ---- buffer ---- */

void asm_init(Asm *a)
{
    a->code = NULL;
    a->len = a->cap = 0;
}

void asm_free(Asm *a)
{
    free(a->code);
    asm_init(a);
}

void asm_grow(Asm *a, size_t need)
{
    if (a->cap - a->len >= need)
        return;
    size_t cap = a->cap ? a->cap * 2 : 256;
    while (cap - a->len < need)
        cap *= 2;
    uint8_t *p = realloc(a->code, cap);
    if (!p) {
        fprintf(stderr, "asm_x64: out of memory for %zu bytes of code\n", cap);
        abort();
    }
    a->code = p;
    a->cap = cap;
}

void asm_bytes(Asm *a, const void *p, size_t n)
{
    asm_grow(a, n);
    if (n)
        memcpy(a->code + a->len, p, n);
    a->len += n;
}

/* No x86 instruction is longer than 15 bytes, so instruction encoders
 * reserve 16 once and then store without checks. */
#define MAX_INSN 16

static inline void reserve(Asm *a)
{
    if (a->cap - a->len < MAX_INSN)
        asm_grow(a, MAX_INSN);
}

static inline void put8(Asm *a, unsigned b) { a->code[a->len++] = (uint8_t)b; }

static inline void put32(Asm *a, uint32_t v)
{
    /* x86 immediates and displacements are little-endian, like the host. */
    a->code[a->len++] = (uint8_t)v;
    a->code[a->len++] = (uint8_t)(v >> 8);
    a->code[a->len++] = (uint8_t)(v >> 16);
    a->code[a->len++] = (uint8_t)(v >> 24);
}

static inline void put64(Asm *a, uint64_t v)
{
    put32(a, (uint32_t)v);
    put32(a, (uint32_t)(v >> 32));
}

static inline bool fits8(int64_t v) { return v >= -128 && v <= 127; }
static inline bool fits32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

static inline void reg_ok(int r) { ASM_CHECK(r >= 0 && r < 16); }

/* ---- the two encoders ---- */

/* Opcodes are passed as one number: 0xXX, 0x0FXX or 0x0F38XX/0x0F3AXX. */
static inline void put_opcode(Asm *a, uint32_t opc)
{
    if (opc > 0xFFFF)
        put8(a, opc >> 16);
    if (opc > 0xFF)
        put8(a, (opc >> 8) & 0xFF);
    put8(a, opc & 0xFF);
}

/* Flags for enc_*. */
enum {
    W = 1,        /* REX.W: 64-bit operand size */
    BYTE_REG = 2, /* a byte-register operand >= 4 must be SPL/BPL/SIL/DIL, not
                     AH/CH/DH/BH, which takes a REX prefix (even an empty one) */
};

/* [pfx] [REX] opcode ModRM(mod=11, reg, rm). `reg` is either a register or
 * an opcode extension (/digit). */
static void enc_rr(Asm *a, unsigned pfx, unsigned flags, uint32_t opc, int reg, int rm)
{
    reg_ok(reg);
    reg_ok(rm);
    reserve(a);
    if (pfx)
        put8(a, pfx);
    unsigned rex = ((flags & W) ? 8u : 0u) | ((reg & 8) ? 4u : 0u) | ((rm & 8) ? 1u : 0u);
    if (rex || (flags & BYTE_REG))
        put8(a, 0x40 | rex);
    put_opcode(a, opc);
    put8(a, 0xC0 | (reg & 7) << 3 | (rm & 7));
}

/* [pfx] [REX] opcode ModRM [SIB] [disp] for a memory operand. The special
 * cases of the ModRM/SIB scheme:
 *   - rm=100 means "a SIB follows", so a base of RSP or R12 (low bits 100)
 *     always needs a SIB;
 *   - mod=00 with rm=101 means RIP-relative, and mod=00 with SIB base=101
 *     means "no base, disp32", so a base of RBP or R13 (low bits 101)
 *     needs an explicit displacement (disp8 0);
 *   - an absolute [disp32] needs a SIB with no base and no index;
 *   - SIB index=100 means "no index"; with REX.X that is R12, which is a
 *     valid index, but RSP can never be one. */
static void enc_rm(Asm *a, unsigned pfx, unsigned flags, uint32_t opc, int reg, AsmMem m)
{
    reg_ok(reg);
    bool has_base = m.base != ASM_NOREG, has_index = m.index != ASM_NOREG;
    if (has_base)
        reg_ok(m.base);
    if (has_index) {
        reg_ok(m.index);
        ASM_CHECK(m.index != RSP);
    }
    unsigned ss;
    switch (m.scale) {
    case 1: ss = 0; break;
    case 2: ss = 1; break;
    case 4: ss = 2; break;
    case 8: ss = 3; break;
    default: ASM_CHECK(!"scale is 1, 2, 4 or 8"); return;
    }

    reserve(a);
    if (pfx)
        put8(a, pfx);
    unsigned rex = ((flags & W) ? 8u : 0u) | ((reg & 8) ? 4u : 0u);
    if (has_index && (m.index & 8))
        rex |= 2;
    if (has_base && (m.base & 8))
        rex |= 1;
    if (rex || (flags & BYTE_REG))
        put8(a, 0x40 | rex);
    put_opcode(a, opc);

    unsigned mod, dispsize;
    if (!has_base) {
        mod = 0, dispsize = 4;
    } else if (m.disp == 0 && (m.base & 7) != 5) {
        mod = 0, dispsize = 0;
    } else if (fits8(m.disp)) {
        mod = 1, dispsize = 1;
    } else {
        mod = 2, dispsize = 4;
    }
    if (has_index || !has_base || (m.base & 7) == 4) {
        put8(a, mod << 6 | (reg & 7) << 3 | 4);
        put8(a, ss << 6 | (has_index ? (m.index & 7) : 4u) << 3 | (has_base ? (m.base & 7) : 5u));
    } else {
        put8(a, mod << 6 | (reg & 7) << 3 | (m.base & 7));
    }
    if (dispsize == 1)
        put8(a, (uint8_t)m.disp);
    else if (dispsize == 4)
        put32(a, (uint32_t)m.disp);
}

/* ---- conditions ---- */

AsmCond asm_cc_swap(AsmCond c)
{
    switch (c) {
    case CC_B: return CC_A;
    case CC_A: return CC_B;
    case CC_AE: return CC_BE;
    case CC_BE: return CC_AE;
    case CC_L: return CC_G;
    case CC_G: return CC_L;
    case CC_GE: return CC_LE;
    case CC_LE: return CC_GE;
    default: return c; /* E NE and the single-flag conditions */
    }
}

/* ---- data movement ---- */

void asm_mov_rr(Asm *a, AsmReg dst, AsmReg src) { enc_rr(a, 0, W, 0x89, src, dst); }
void asm_mov32_rr(Asm *a, AsmReg dst, AsmReg src) { enc_rr(a, 0, 0, 0x89, src, dst); }

/* B8+r: the register is in the opcode's low bits, REX.B extends it. */
static void mov_opreg(Asm *a, unsigned w, AsmReg r)
{
    reg_ok(r);
    reserve(a);
    unsigned rex = (w ? 8u : 0u) | ((r & 8) ? 1u : 0u);
    if (rex)
        put8(a, 0x40 | rex);
    put8(a, 0xB8 + (r & 7));
}

void asm_mov_ri(Asm *a, AsmReg dst, int64_t imm)
{
    if (imm >= 0 && imm <= (int64_t)UINT32_MAX) {
        /* A 32-bit write zero-extends: 5-6 bytes. */
        mov_opreg(a, 0, dst);
        put32(a, (uint32_t)imm);
    } else if (fits32(imm)) {
        /* REX.W C7 /0 sign-extends its imm32: 7 bytes. */
        enc_rr(a, 0, W, 0xC7, 0, dst);
        put32(a, (uint32_t)imm);
    } else {
        mov_opreg(a, 1, dst);
        put64(a, (uint64_t)imm);
    }
}

size_t asm_movabs_ri(Asm *a, AsmReg dst, uint64_t imm)
{
    mov_opreg(a, 1, dst);
    size_t at = a->len;
    put64(a, imm);
    return at;
}

void asm_zero(Asm *a, AsmReg r) { enc_rr(a, 0, 0, 0x31, r, r); }

void asm_mov_rm(Asm *a, AsmReg dst, AsmMem m) { enc_rm(a, 0, W, 0x8B, dst, m); }
void asm_mov_mr(Asm *a, AsmMem m, AsmReg src) { enc_rm(a, 0, W, 0x89, src, m); }

size_t asm_mov_r_rip(Asm *a, AsmReg dst, int32_t disp)
{
    reg_ok(dst);
    reserve(a);
    put8(a, 0x48 | ((dst & 8) ? 4u : 0u));   /* REX.W [+R] */
    put8(a, 0x8B);
    put8(a, 0x05 | (dst & 7) << 3);          /* mod=00 rm=101: RIP-relative */
    size_t at = a->len;
    put32(a, (uint32_t)disp);
    return at;
}

size_t asm_cmp_rip_imm8(Asm *a, int32_t disp, int8_t imm)
{
    reserve(a);
    put8(a, 0x48);          /* REX.W */
    put8(a, 0x83);          /* group 1, imm8 */
    put8(a, 0x3D);          /* mod=00 reg=/7 (cmp) rm=101: RIP-relative */
    size_t at = a->len;
    put32(a, (uint32_t)disp);
    put8(a, (uint8_t)imm);
    return at;
}

void asm_mov_mi(Asm *a, AsmMem m, int32_t imm)
{
    enc_rm(a, 0, W, 0xC7, 0, m);
    put32(a, (uint32_t)imm);
}

void asm_mov32_rm(Asm *a, AsmReg dst, AsmMem m) { enc_rm(a, 0, 0, 0x8B, dst, m); }
void asm_mov32_mr(Asm *a, AsmMem m, AsmReg src) { enc_rm(a, 0, 0, 0x89, src, m); }

void asm_mov32_mi(Asm *a, AsmMem m, uint32_t imm)
{
    enc_rm(a, 0, 0, 0xC7, 0, m);
    put32(a, imm);
}

void asm_mov16_mr(Asm *a, AsmMem m, AsmReg src) { enc_rm(a, 0x66, 0, 0x89, src, m); }

void asm_mov8_mr(Asm *a, AsmMem m, AsmReg src)
{
    enc_rm(a, 0, src >= 4 ? BYTE_REG : 0, 0x88, src, m);
}

void asm_mov8_mi(Asm *a, AsmMem m, uint8_t imm)
{
    enc_rm(a, 0, 0, 0xC6, 0, m);
    put8(a, imm);
}

/* movzx to a 32-bit register: the upper half is zeroed anyway, and the
 * form needs no REX.W. */
void asm_movzx8_rm(Asm *a, AsmReg dst, AsmMem m) { enc_rm(a, 0, 0, 0x0FB6, dst, m); }
void asm_movzx16_rm(Asm *a, AsmReg dst, AsmMem m) { enc_rm(a, 0, 0, 0x0FB7, dst, m); }

void asm_movzx8_rr(Asm *a, AsmReg dst, AsmReg src)
{
    enc_rr(a, 0, src >= 4 ? BYTE_REG : 0, 0x0FB6, dst, src);
}

void asm_movsx8_rm(Asm *a, AsmReg dst, AsmMem m) { enc_rm(a, 0, W, 0x0FBE, dst, m); }
void asm_movsx16_rm(Asm *a, AsmReg dst, AsmMem m) { enc_rm(a, 0, W, 0x0FBF, dst, m); }
void asm_movsxd_rm(Asm *a, AsmReg dst, AsmMem m) { enc_rm(a, 0, W, 0x63, dst, m); }
void asm_movsxd_rr(Asm *a, AsmReg dst, AsmReg src) { enc_rr(a, 0, W, 0x63, dst, src); }

void asm_lea(Asm *a, AsmReg dst, AsmMem m) { enc_rm(a, 0, W, 0x8D, dst, m); }

/* ---- integer arithmetic ---- */

static inline void alu_ok(AluOp op) { ASM_CHECK((unsigned)op < 8); }

/* op r/m, r is opcode op*8+1; op r, r/m is op*8+3. */
void asm_alu_rr(Asm *a, AluOp op, AsmReg dst, AsmReg src)
{
    alu_ok(op);
    enc_rr(a, 0, W, op * 8 + 1, src, dst);
}

void asm_alu32_rr(Asm *a, AluOp op, AsmReg dst, AsmReg src)
{
    alu_ok(op);
    enc_rr(a, 0, 0, op * 8 + 1, src, dst);
}

/* 83 /op ib (sign-extended imm8) when it fits, else the accumulator form
 * op*8+5 id for RAX (one byte shorter than 81), else 81 /op id. */
static void alu_ri(Asm *a, unsigned w, AluOp op, AsmReg dst, int32_t imm)
{
    alu_ok(op);
    if (fits8(imm)) {
        enc_rr(a, 0, w, 0x83, op, dst);
        put8(a, (uint8_t)imm);
    } else if (dst == RAX) {
        reserve(a);
        if (w)
            put8(a, 0x48);
        put8(a, op * 8 + 5);
        put32(a, (uint32_t)imm);
    } else {
        enc_rr(a, 0, w, 0x81, op, dst);
        put32(a, (uint32_t)imm);
    }
}

void asm_alu_ri(Asm *a, AluOp op, AsmReg dst, int32_t imm) { alu_ri(a, W, op, dst, imm); }
void asm_alu32_ri(Asm *a, AluOp op, AsmReg dst, int32_t imm) { alu_ri(a, 0, op, dst, imm); }

void asm_alu_rm(Asm *a, AluOp op, AsmReg dst, AsmMem m)
{
    alu_ok(op);
    enc_rm(a, 0, W, op * 8 + 3, dst, m);
}

void asm_alu_mr(Asm *a, AluOp op, AsmMem m, AsmReg src)
{
    alu_ok(op);
    enc_rm(a, 0, W, op * 8 + 1, src, m);
}

void asm_alu_mi(Asm *a, AluOp op, AsmMem m, int32_t imm)
{
    alu_ok(op);
    if (fits8(imm)) {
        enc_rm(a, 0, W, 0x83, op, m);
        put8(a, (uint8_t)imm);
    } else {
        enc_rm(a, 0, W, 0x81, op, m);
        put32(a, (uint32_t)imm);
    }
}

void asm_alu8_mi(Asm *a, AluOp op, AsmMem m, uint8_t imm)
{
    alu_ok(op);
    enc_rm(a, 0, 0, 0x80, op, m);
    put8(a, imm);
}

void asm_test_rr(Asm *a, AsmReg r1, AsmReg r2) { enc_rr(a, 0, W, 0x85, r2, r1); }

void asm_test_ri(Asm *a, AsmReg r, int32_t imm)
{
    /* See the header for why the narrow forms set the same flags. */
    if (imm >= 0 && imm <= 127) {
        if (r == RAX) {
            reserve(a);
            put8(a, 0xA8);
        } else {
            enc_rr(a, 0, r >= 4 ? BYTE_REG : 0, 0xF6, 0, r);
        }
        put8(a, (uint8_t)imm);
        return;
    }
    unsigned w = imm < 0 ? (unsigned)W : 0u;
    if (r == RAX) {
        reserve(a);
        if (w)
            put8(a, 0x48);
        put8(a, 0xA9);
    } else {
        enc_rr(a, 0, w, 0xF7, 0, r);
    }
    put32(a, (uint32_t)imm);
}

void asm_test_mr(Asm *a, AsmMem m, AsmReg r) { enc_rm(a, 0, W, 0x85, r, m); }

void asm_test_mi(Asm *a, AsmMem m, int32_t imm)
{
    enc_rm(a, 0, W, 0xF7, 0, m);
    put32(a, (uint32_t)imm);
}

void asm_test8_mi(Asm *a, AsmMem m, uint8_t imm)
{
    enc_rm(a, 0, 0, 0xF6, 0, m);
    put8(a, imm);
}

void asm_imul_rr(Asm *a, AsmReg dst, AsmReg src) { enc_rr(a, 0, W, 0x0FAF, dst, src); }

void asm_imul_rri(Asm *a, AsmReg dst, AsmReg src, int32_t imm)
{
    if (fits8(imm)) {
        enc_rr(a, 0, W, 0x6B, dst, src);
        put8(a, (uint8_t)imm);
    } else {
        enc_rr(a, 0, W, 0x69, dst, src);
        put32(a, (uint32_t)imm);
    }
}

void asm_imul_rm(Asm *a, AsmReg dst, AsmMem m) { enc_rm(a, 0, W, 0x0FAF, dst, m); }

/* Group 3 (F7): /2 not, /3 neg, /4 mul, /5 imul, /6 div, /7 idiv. */
void asm_not(Asm *a, AsmReg r) { enc_rr(a, 0, W, 0xF7, 2, r); }
void asm_neg(Asm *a, AsmReg r) { enc_rr(a, 0, W, 0xF7, 3, r); }
void asm_mul(Asm *a, AsmReg r) { enc_rr(a, 0, W, 0xF7, 4, r); }
void asm_imul1(Asm *a, AsmReg r) { enc_rr(a, 0, W, 0xF7, 5, r); }
void asm_div(Asm *a, AsmReg r) { enc_rr(a, 0, W, 0xF7, 6, r); }
void asm_idiv(Asm *a, AsmReg r) { enc_rr(a, 0, W, 0xF7, 7, r); }

void asm_cqo(Asm *a)
{
    reserve(a);
    put8(a, 0x48);
    put8(a, 0x99);
}

static inline void shift_ok(ShiftOp op)
{
    ASM_CHECK(op == SHIFT_ROL || op == SHIFT_ROR || op == SHIFT_SHL || op == SHIFT_SHR ||
              op == SHIFT_SAR);
}

void asm_shift_ri(Asm *a, ShiftOp op, AsmReg r, uint8_t imm)
{
    shift_ok(op);
    /* The CPU masks the count to 6 bits; a larger one is a backend bug. */
    ASM_CHECK(imm < 64);
    if (imm == 1) {
        enc_rr(a, 0, W, 0xD1, op, r);
    } else {
        enc_rr(a, 0, W, 0xC1, op, r);
        put8(a, imm);
    }
}

void asm_shift_rcl(Asm *a, ShiftOp op, AsmReg r)
{
    shift_ok(op);
    enc_rr(a, 0, W, 0xD3, op, r);
}

/* ---- flags ---- */

static inline void cc_ok(AsmCond cc) { ASM_CHECK((unsigned)cc < 16); }

void asm_setcc(Asm *a, AsmCond cc, AsmReg r)
{
    cc_ok(cc);
    enc_rr(a, 0, r >= 4 ? BYTE_REG : 0, 0x0F90 + cc, 0, r);
}

void asm_cmov_rr(Asm *a, AsmCond cc, AsmReg dst, AsmReg src)
{
    cc_ok(cc);
    enc_rr(a, 0, W, 0x0F40 + cc, dst, src);
}

void asm_cmov_rm(Asm *a, AsmCond cc, AsmReg dst, AsmMem m)
{
    cc_ok(cc);
    enc_rm(a, 0, W, 0x0F40 + cc, dst, m);
}

/* ---- control flow ---- */

/* Emits the opcode bytes and a zero rel32; returns the field's offset. */
static size_t rel32_insn(Asm *a, unsigned op1, int op2)
{
    reserve(a);
    put8(a, op1);
    if (op2 >= 0)
        put8(a, (unsigned)op2);
    size_t at = a->len;
    put32(a, 0);
    return at;
}

size_t asm_jmp(Asm *a) { return rel32_insn(a, 0xE9, -1); }
size_t asm_call(Asm *a) { return rel32_insn(a, 0xE8, -1); }

size_t asm_jcc(Asm *a, AsmCond cc)
{
    cc_ok(cc);
    return rel32_insn(a, 0x0F, 0x80 + (int)cc);
}

size_t asm_jmp8(Asm *a)
{
    reserve(a);
    put8(a, 0xEB);
    put8(a, 0);
    return a->len - 1;
}

size_t asm_jcc8(Asm *a, AsmCond cc)
{
    cc_ok(cc);
    reserve(a);
    put8(a, 0x70 + cc);
    put8(a, 0);
    return a->len - 1;
}

/* Distance from the end of an instruction of `size` bytes starting at the
 * current end of the buffer to `target`. */
static int64_t dist_from(Asm *a, size_t size, size_t target)
{
    return (int64_t)target - (int64_t)(a->len + size);
}

void asm_jmp_to(Asm *a, size_t target)
{
    int64_t d8 = dist_from(a, 2, target);
    if (fits8(d8)) {
        reserve(a);
        put8(a, 0xEB);
        put8(a, (uint8_t)d8);
        return;
    }
    size_t at = asm_jmp(a);
    asm_patch_rel32(a, at, target);
}

void asm_jcc_to(Asm *a, AsmCond cc, size_t target)
{
    cc_ok(cc);
    int64_t d8 = dist_from(a, 2, target);
    if (fits8(d8)) {
        reserve(a);
        put8(a, 0x70 + cc);
        put8(a, (uint8_t)d8);
        return;
    }
    size_t at = asm_jcc(a, cc);
    asm_patch_rel32(a, at, target);
}

void asm_call_to(Asm *a, size_t target)
{
    size_t at = asm_call(a);
    asm_patch_rel32(a, at, target);
}

void asm_jmp_r(Asm *a, AsmReg r) { enc_rr(a, 0, 0, 0xFF, 4, r); }
void asm_jmp_m(Asm *a, AsmMem m) { enc_rm(a, 0, 0, 0xFF, 4, m); }
void asm_call_r(Asm *a, AsmReg r) { enc_rr(a, 0, 0, 0xFF, 2, r); }
void asm_call_m(Asm *a, AsmMem m) { enc_rm(a, 0, 0, 0xFF, 2, m); }

bool asm_rel32_reaches(uintptr_t from, uintptr_t to)
{
    /* Unsigned subtraction wraps, then the two's-complement reading is
     * the signed distance (addresses are below 2^63 on x86-64 user space,
     * and the distance is meaningful modulo 2^64 anyway). */
    int64_t d = (int64_t)(uint64_t)(to - from);
    return fits32(d);
}

static bool near_insn(Asm *a, unsigned op1, int op2, uintptr_t base, const void *target)
{
    size_t size = op2 >= 0 ? 6 : 5;
    uintptr_t end = base + a->len + size;
    if (!asm_rel32_reaches(end, (uintptr_t)target))
        return false;
    size_t at = rel32_insn(a, op1, op2);
    uint32_t rel = (uint32_t)((uintptr_t)target - end);
    memcpy(a->code + at, &rel, 4);
    return true;
}

bool asm_jmp_near(Asm *a, uintptr_t base, const void *target)
{
    return near_insn(a, 0xE9, -1, base, target);
}

bool asm_jcc_near(Asm *a, AsmCond cc, uintptr_t base, const void *target)
{
    cc_ok(cc);
    return near_insn(a, 0x0F, 0x80 + (int)cc, base, target);
}

bool asm_call_near(Asm *a, uintptr_t base, const void *target)
{
    return near_insn(a, 0xE8, -1, base, target);
}

void asm_call_abs(Asm *a, const void *target)
{
    asm_mov_ri(a, ASM_SCRATCH, (int64_t)(uintptr_t)target);
    asm_call_r(a, ASM_SCRATCH);
}

void asm_jmp_abs(Asm *a, const void *target)
{
    asm_mov_ri(a, ASM_SCRATCH, (int64_t)(uintptr_t)target);
    asm_jmp_r(a, ASM_SCRATCH);
}

void asm_call_addr(Asm *a, uintptr_t base, const void *target)
{
    if (!asm_call_near(a, base, target))
        asm_call_abs(a, target);
}

void asm_jmp_addr(Asm *a, uintptr_t base, const void *target)
{
    if (!asm_jmp_near(a, base, target))
        asm_jmp_abs(a, target);
}

void asm_ret(Asm *a) { asm_byte(a, 0xC3); }
void asm_int3(Asm *a) { asm_byte(a, 0xCC); }

void asm_ud2(Asm *a)
{
    reserve(a);
    put8(a, 0x0F);
    put8(a, 0x0B);
}

/* ---- patching ---- */

void asm_patch_rel32(Asm *a, size_t at, size_t target)
{
    ASM_CHECK(at + 4 <= a->len);
    int64_t d = (int64_t)target - (int64_t)(at + 4);
    ASM_CHECK(fits32(d));
    uint32_t v = (uint32_t)d;
    memcpy(a->code + at, &v, 4);
}

void asm_patch_rel8(Asm *a, size_t at, size_t target)
{
    ASM_CHECK(at + 1 <= a->len);
    int64_t d = (int64_t)target - (int64_t)(at + 1);
    ASM_CHECK(fits8(d));
    a->code[at] = (uint8_t)d;
}

void asm_patch_u64(Asm *a, size_t at, uint64_t value)
{
    ASM_CHECK(at + 8 <= a->len);
    memcpy(a->code + at, &value, 8);
}

void asm_patch_rel32_abs(uint8_t *field, uint8_t *target)
{
    /* Through uintptr_t: the two pointers are usually in different
     * objects, where pointer subtraction is undefined. */
    uintptr_t end = (uintptr_t)field + 4;
    ASM_CHECK(asm_rel32_reaches(end, (uintptr_t)target));
    uint32_t v = (uint32_t)((uintptr_t)target - end);
    memcpy(field, &v, 4);
}

/* ---- stack, padding ---- */

void asm_push_r(Asm *a, AsmReg r)
{
    reg_ok(r);
    reserve(a);
    if (r & 8)
        put8(a, 0x41);
    put8(a, 0x50 + (r & 7));
}

void asm_pop_r(Asm *a, AsmReg r)
{
    reg_ok(r);
    reserve(a);
    if (r & 8)
        put8(a, 0x41);
    put8(a, 0x58 + (r & 7));
}

void asm_push_i(Asm *a, int32_t imm)
{
    reserve(a);
    if (fits8(imm)) {
        put8(a, 0x6A);
        put8(a, (uint8_t)imm);
    } else {
        put8(a, 0x68);
        put32(a, (uint32_t)imm);
    }
}

/* The recommended multi-byte NOPs (Intel SDM, NOP instruction): 0F 1F /0
 * with growing addressing forms, and a 66 prefix for the odd sizes. They
 * decode as one instruction each, which matters in loop headers. */
static const uint8_t nops[10][9] = {
    {0},
    {0x90},
    {0x66, 0x90},
    {0x0F, 0x1F, 0x00},
    {0x0F, 0x1F, 0x40, 0x00},
    {0x0F, 0x1F, 0x44, 0x00, 0x00},
    {0x66, 0x0F, 0x1F, 0x44, 0x00, 0x00},
    {0x0F, 0x1F, 0x80, 0x00, 0x00, 0x00, 0x00},
    {0x0F, 0x1F, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
    {0x66, 0x0F, 0x1F, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
};

void asm_nop(Asm *a, size_t n)
{
    while (n > 0) {
        size_t k = n > 9 ? 9 : n;
        asm_bytes(a, nops[k], k);
        n -= k;
    }
}

void asm_align(Asm *a, size_t n)
{
    ASM_CHECK(n > 0 && (n & (n - 1)) == 0);
    asm_nop(a, (n - (a->len & (n - 1))) & (n - 1));
}

/* ---- SSE2 ---- */

void asm_movsd_xx(Asm *a, AsmXmm dst, AsmXmm src) { enc_rr(a, 0xF2, 0, 0x0F10, dst, src); }
void asm_movaps_xx(Asm *a, AsmXmm dst, AsmXmm src) { enc_rr(a, 0, 0, 0x0F28, dst, src); }
void asm_movsd_xm(Asm *a, AsmXmm dst, AsmMem m) { enc_rm(a, 0xF2, 0, 0x0F10, dst, m); }
void asm_movsd_mx(Asm *a, AsmMem m, AsmXmm src) { enc_rm(a, 0xF2, 0, 0x0F11, src, m); }

static inline void sd_ok(SdOp op)
{
    ASM_CHECK(op == SD_SQRT || op == SD_ADD || op == SD_MUL || op == SD_SUB || op == SD_MIN ||
              op == SD_DIV || op == SD_MAX);
}

void asm_sd_xx(Asm *a, SdOp op, AsmXmm dst, AsmXmm src)
{
    sd_ok(op);
    enc_rr(a, 0xF2, 0, 0x0F00 + op, dst, src);
}

void asm_sd_xm(Asm *a, SdOp op, AsmXmm dst, AsmMem m)
{
    sd_ok(op);
    enc_rm(a, 0xF2, 0, 0x0F00 + op, dst, m);
}

void asm_vsd_xxx(Asm *a, SdOp op, AsmXmm dst, AsmXmm src1, AsmXmm src2)
{
    sd_ok(op);
    reg_ok(dst);
    reg_ok(src1);
    reg_ok(src2);
    reserve(a);
    /* three-byte VEX: C4, then R X B (inverted) and map 0F, then W=0, vvvv
       (src1 inverted), L=0 (scalar/128-bit) and pp=11 (the F2 prefix) */
    put8(a, 0xC4);
    put8(a, ((dst & 8) ? 0u : 0x80u) | 0x40u | ((src2 & 8) ? 0u : 0x20u) | 0x01u);
    put8(a, ((~(unsigned)src1 & 15u) << 3) | 0x03u);
    put8(a, op);
    put8(a, 0xC0 | (dst & 7) << 3 | (src2 & 7));
}

bool asm_has_avx(void)
{
    /* __builtin_cpu_supports checks the OS's XSAVE support of the YMM
       state as well as the CPUID bit */
    static int known = -1;
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx") ? 1 : 0;
    }
    return known;
}

void asm_ucomisd_xx(Asm *a, AsmXmm x1, AsmXmm x2) { enc_rr(a, 0x66, 0, 0x0F2E, x1, x2); }
void asm_ucomisd_xm(Asm *a, AsmXmm x, AsmMem m) { enc_rm(a, 0x66, 0, 0x0F2E, x, m); }
void asm_comisd_xx(Asm *a, AsmXmm x1, AsmXmm x2) { enc_rr(a, 0x66, 0, 0x0F2F, x1, x2); }

void asm_cvtsi2sd_xr(Asm *a, AsmXmm dst, AsmReg src) { enc_rr(a, 0xF2, W, 0x0F2A, dst, src); }
void asm_cvtsi2sd_xm(Asm *a, AsmXmm dst, AsmMem m) { enc_rm(a, 0xF2, W, 0x0F2A, dst, m); }
void asm_cvttsd2si_rx(Asm *a, AsmReg dst, AsmXmm src) { enc_rr(a, 0xF2, W, 0x0F2C, dst, src); }
void asm_cvtsd2si_rx(Asm *a, AsmReg dst, AsmXmm src) { enc_rr(a, 0xF2, W, 0x0F2D, dst, src); }
void asm_movq_xr(Asm *a, AsmXmm dst, AsmReg src) { enc_rr(a, 0x66, W, 0x0F6E, dst, src); }
void asm_movq_rx(Asm *a, AsmReg dst, AsmXmm src) { enc_rr(a, 0x66, W, 0x0F7E, src, dst); }

static inline void pd_ok(PdOp op)
{
    ASM_CHECK(op == PD_AND || op == PD_ANDN || op == PD_OR || op == PD_XOR || op == PD_PXOR);
}

void asm_pd_xx(Asm *a, PdOp op, AsmXmm dst, AsmXmm src)
{
    pd_ok(op);
    enc_rr(a, 0x66, 0, 0x0F00 + op, dst, src);
}

void asm_pd_xm(Asm *a, PdOp op, AsmXmm dst, AsmMem m)
{
    pd_ok(op);
    enc_rm(a, 0x66, 0, 0x0F00 + op, dst, m);
}

void asm_roundsd_xxi(Asm *a, AsmXmm dst, AsmXmm src, uint8_t mode)
{
    enc_rr(a, 0x66, 0, 0x0F3A0B, dst, src);
    put8(a, mode);
}
