/* test_asm_x64.c: checks src/jit/asm_x64.c against the Capstone disassembler,
 * and runs some generated code.
 *
 * Build (from the repository root):
 *   gcc -std=c11 -D_GNU_SOURCE -Wall -Wextra -O1 -g -Isrc -o /tmp/test_asm \
 *       tests/unit/test_asm_x64.c src/jit/asm_x64.c -lcapstone
 * Run: /tmp/test_asm [-v]
 *
 * Every encoding check assembles one instruction (or a short sequence),
 * disassembles it with Capstone (64-bit, Intel syntax) and compares the
 * text with what this file builds on its own, e.g.
 * "mov rax, qword ptr [rsp + 8]". Capstone must consume exactly the
 * emitted bytes as the expected number of instructions. Where the encoder
 * has a choice of encodings (disp8/disp32, imm8/imm32, short forms) the
 * expected length is computed here too, so "shortest" is checked as well.
 *
 * The expected texts follow Capstone 4's Intel printer conventions:
 * numbers up to 9 in decimal, larger in hex; immediates of and/or/xor and
 * of 32-bit imm32 forms printed unsigned at the operand size, other
 * immediates signed; scale 1 omitted.
 *
 * Prints mismatches and a final "N passed, N failed"; exits 1 on any
 * failure.
 */
#include <capstone/capstone.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../src/jit/asm_x64.h"

static long passed, failed;
static int verbose;
static csh cs;
static Asm A;

#define ADDR 0x1000 /* where Capstone pretends the code is */

/* ---- strings ---- */

static const char *const R64[16] = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
                                    "r8",  "r9",  "r10", "r11", "r12", "r13", "r14", "r15"};
static const char *const R32[16] = {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
                                    "r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"};
static const char *const R16[16] = {"ax",  "cx",  "dx",   "bx",   "sp",   "bp",   "si",   "di",
                                    "r8w", "r9w", "r10w", "r11w", "r12w", "r13w", "r14w", "r15w"};
static const char *const B8[16] = {"al",  "cl",  "dl",   "bl",   "spl",  "bpl",  "sil",  "dil",
                                   "r8b", "r9b", "r10b", "r11b", "r12b", "r13b", "r14b", "r15b"};
static const char *const XN[16] = {"xmm0", "xmm1", "xmm2",  "xmm3",  "xmm4",  "xmm5",  "xmm6",  "xmm7",
                                   "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"};
static const char *const CCN[16] = {"o", "no", "b", "ae", "e", "ne", "be", "a",
                                    "s", "ns", "p", "np", "l", "ge", "le", "g"};
static const char *const ALUN[8] = {"add", "or", "adc", "sbb", "and", "sub", "xor", "cmp"};

/* A ring of buffers, so expected texts can be built from nested calls. */
static char *S(const char *fmt, ...)
{
    static char ring[32][320];
    static unsigned next;
    char *b = ring[next++ % 32];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b, sizeof ring[0], fmt, ap);
    va_end(ap);
    return b;
}

/* Capstone prints magnitudes up to 9 in decimal, larger ones in hex. */
static char *mag(uint64_t v) { return v <= 9 ? S("%llu", (unsigned long long)v) : S("0x%llx", (unsigned long long)v); }
static char *ux(uint64_t v) { return mag(v); }
static char *sx(int64_t v) { return v < 0 ? S("-%s", mag(-(uint64_t)v)) : mag((uint64_t)v); }

/* "qword ptr [rax + rcx*4 - 0x81]"; size "" for lea. */
static char *memtxt_(const char *size, AsmMem m, bool abs32)
{
    char in[128];
    int n = 0;
    if (m.base >= 0)
        n += snprintf(in + n, sizeof in - n, "%s", R64[m.base]);
    if (m.index >= 0) {
        n += snprintf(in + n, sizeof in - n, "%s%s", m.base >= 0 ? " + " : "", R64[m.index]);
        if (m.scale > 1)
            n += snprintf(in + n, sizeof in - n, "*%d", m.scale);
    }
    if (m.base < 0 && m.index < 0)
        /* absolute: the sign-extended disp32 */
        snprintf(in + n, sizeof in - n, "%s", ux(abs32 ? (uint32_t)m.disp : (uint64_t)(int64_t)m.disp));
    else if (m.disp > 0)
        snprintf(in + n, sizeof in - n, " + %s", mag((uint64_t)m.disp));
    else if (m.disp < 0)
        snprintf(in + n, sizeof in - n, " - %s", mag(-(uint64_t)(int64_t)m.disp));
    return S("%s%s[%s]", size, *size ? " ptr " : "", in);
}

static char *memtxt(const char *size, AsmMem m) { return memtxt_(size, m, false); }

/* Capstone 4 prints an absolute address truncated to 32 bits when the
 * first operand is a 32-bit register (the CPU still sign-extends it). */
static char *memtxt_r32(const char *size, AsmMem m) { return memtxt_(size, m, true); }

/* ---- expected lengths, derived from the encoding rules ---- */

static int memlen(AsmMem m)
{
    bool sib = m.index >= 0 || m.base < 0 || (m.base & 7) == 4;
    int disp;
    if (m.base < 0)
        disp = 4;
    else if (m.disp == 0 && (m.base & 7) != 5)
        disp = 0;
    else if (m.disp >= -128 && m.disp <= 127)
        disp = 1;
    else
        disp = 4;
    return 1 + sib + disp;
}

/* prefix + REX + opcode + ModRM... + imm for a memory operand. */
static int len_m(int pfx, int w, int reg, AsmMem m, int oplen, int imm, int force_rex)
{
    bool rex = w || reg >= 8 || m.base >= 8 || m.index >= 8 || force_rex;
    return pfx + rex + oplen + memlen(m) + imm;
}

static int len_r(int pfx, int w, int reg, int rm, int oplen, int imm, int force_rex)
{
    bool rex = w || reg >= 8 || rm >= 8 || force_rex;
    return pfx + rex + oplen + 1 + imm;
}

static bool fits8(int64_t v) { return v >= -128 && v <= 127; }

/* ---- checking ---- */

static void fail_msg(int line, const char *fmt, ...)
{
    failed++;
    if (failed > 200 && !verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL (line %d): ", line);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

static void ok_if(int line, bool cond, const char *what)
{
    if (cond)
        passed++;
    else
        fail_msg(line, "%s", what);
}
#define OK(cond) ok_if(__LINE__, (cond), #cond)

static char *hexbytes(const uint8_t *p, size_t n)
{
    char *b = S("%s", "");
    size_t k = 0;
    for (size_t i = 0; i < n && k + 4 < 320; i++)
        k += (size_t)snprintf(b + k, 320 - k, "%02x ", p[i]);
    return b;
}

/* Disassembles code[0..len) as instructions joined by "; ". Returns the
 * number of bytes Capstone consumed. */
static size_t disasm(const uint8_t *code, size_t len, uint64_t addr, char *out, size_t outsz, size_t *count)
{
    cs_insn *insn;
    size_t n = cs_disasm(cs, code, len, addr, 0, &insn);
    size_t used = 0, k = 0;
    out[0] = 0;
    for (size_t i = 0; i < n; i++) {
        k += (size_t)snprintf(out + k, outsz - k, "%s%s%s%s", i ? "; " : "", insn[i].mnemonic,
                              insn[i].op_str[0] ? " " : "", insn[i].op_str);
        if (k >= outsz)
            k = outsz - 1;
        used += insn[i].size;
    }
    if (n)
        cs_free(insn, n);
    *count = n;
    return used;
}

/* Compares the buffer with `expect` (and its length with `explen` unless
 * negative), then empties the buffer. */
static void check_at(int line, const char *expect, int explen)
{
    char got[1024];
    size_t count;
    size_t used = disasm(A.code, A.len, ADDR, got, sizeof got, &count);
    bool ok = used == A.len && A.len > 0 && strcmp(got, expect) == 0 &&
              (explen < 0 || (size_t)explen == A.len);
    if (ok) {
        passed++;
    } else {
        fail_msg(line, "expected \"%s\" (%d bytes), got \"%s\" (%zu bytes, %zu decoded): %s", expect,
                 explen, got, A.len, used, hexbytes(A.code, A.len));
    }
    asm_reset(&A);
}
#define CHECK(expect, explen) check_at(__LINE__, (expect), (explen))

/* ---- operand sets ---- */

static const int32_t DISPS[] = {0, 1, -1, 127, 128, -128, -129, 0x7fffffff, INT32_MIN};
#define NDISPS (int)(sizeof DISPS / sizeof DISPS[0])
static const int SCALES[] = {1, 2, 4, 8};

static AsmMem full_mems[17 * 16 * 4 * NDISPS];
static int n_full;
static AsmMem spread_mems[256];
static int n_spread;

/* full: every base (and none) x every index (and none) x every scale x
 * every displacement. spread: every base x every displacement without
 * index, plus every index x every scale with rotating bases (favouring
 * the special ones) and displacements. */
static void build_mems(void)
{
    for (int b = -1; b < 16; b++)
        for (int i = -1; i < 16; i++) {
            if (i == RSP)
                continue;
            for (int s = 0; s < (i < 0 ? 1 : 4); s++)
                for (int d = 0; d < NDISPS; d++)
                    full_mems[n_full++] = asm_mem_idx((AsmReg)b, (AsmReg)i, SCALES[s], DISPS[d]);
        }
    for (int b = -1; b < 16; b++)
        for (int d = 0; d < NDISPS; d++)
            spread_mems[n_spread++] = asm_mem((AsmReg)b, DISPS[d]);
    static const int bases[] = {RSP, RBP, R12, R13, ASM_NOREG, RAX, R15, RBX, R8, RDI, RCX};
    int k = 0;
    for (int i = 0; i < 16; i++) {
        if (i == RSP)
            continue;
        for (int s = 0; s < 4; s++, k++)
            spread_mems[n_spread++] = asm_mem_idx((AsmReg)bases[k % 11], (AsmReg)i, SCALES[s], DISPS[k % NDISPS]);
    }
}

static const int64_t IMM32[] = {0, 1, -1, 2, 9, 10, 127, 128, -128, -129, 255, 256,
                                0x7fffffff, INT32_MIN, 0x12345678, -0x12345678, -2, 0x7f00};
#define NIMM32 (int)(sizeof IMM32 / sizeof IMM32[0])
static const int64_t IMM64[] = {0, 1, -1, 127, 128, -128, -129, 0x7fffffff, 0x80000000LL, INT32_MIN,
                                -0x80000001LL, 0xffffffffLL, 0x100000000LL, INT64_MAX, INT64_MIN,
                                0x123456789abcdef0LL, -2, 9, 10, 0x7fffffffffLL, -0x7fffffffffLL};
#define NIMM64 (int)(sizeof IMM64 / sizeof IMM64[0])

/* ---- encoding tests ---- */

static bool is_logical(int op) { return op == ALU_AND || op == ALU_OR || op == ALU_XOR; }

/* Capstone's rendering of an immediate of a 64-bit ALU op. */
static char *alu64_imm(int op, int64_t imm) { return is_logical(op) ? ux((uint64_t)imm) : sx(imm); }

/* ... of a 32-bit ALU op: imm8 forms are sign-extended (signed), imm32
 * forms unsigned, logical ones unsigned in 32 bits. */
static char *alu32_imm(int op, int32_t imm)
{
    if (is_logical(op) || !fits8(imm))
        return ux((uint32_t)imm);
    return sx(imm);
}

static void test_moves(void)
{
    for (int d = 0; d < 16; d++)
        for (int s = 0; s < 16; s++) {
            asm_mov_rr(&A, (AsmReg)d, (AsmReg)s);
            CHECK(S("mov %s, %s", R64[d], R64[s]), 3);
            asm_mov32_rr(&A, (AsmReg)d, (AsmReg)s);
            CHECK(S("mov %s, %s", R32[d], R32[s]), len_r(0, 0, s, d, 1, 0, 0));
            asm_movzx8_rr(&A, (AsmReg)d, (AsmReg)s);
            CHECK(S("movzx %s, %s", R32[d], B8[s]), len_r(0, 0, d, s, 2, 0, s >= 4));
            asm_movsxd_rr(&A, (AsmReg)d, (AsmReg)s);
            CHECK(S("movsxd %s, %s", R64[d], R32[s]), 3);
        }
    for (int r = 0; r < 16; r++) {
        for (int i = 0; i < NIMM64; i++) {
            int64_t v = IMM64[i];
            asm_mov_ri(&A, (AsmReg)r, v);
            if (v >= 0 && v <= 0xffffffffLL)
                CHECK(S("mov %s, %s", R32[r], ux((uint64_t)v)), 5 + (r >= 8));
            else if (v >= INT32_MIN && v < 0)
                CHECK(S("mov %s, %s", R64[r], sx(v)), 7);
            else
                CHECK(S("movabs %s, %s", R64[r], ux((uint64_t)v)), 10);
            size_t at = asm_movabs_ri(&A, (AsmReg)r, (uint64_t)v);
            OK(at == 2);
            CHECK(S("movabs %s, %s", R64[r], ux((uint64_t)v)), 10);
        }
        asm_zero(&A, (AsmReg)r);
        CHECK(S("xor %s, %s", R32[r], R32[r]), 2 + (r >= 8));
    }
    /* movabs patching */
    size_t at = asm_movabs_ri(&A, R9, 0);
    asm_patch_u64(&A, at, 0xdeadbeefcafef00dULL);
    CHECK("movabs r9, 0xdeadbeefcafef00d", 10);

    /* loads, stores, lea over every register and the full memory set */
    for (int r = 0; r < 16; r++)
        for (int k = 0; k < n_full; k++) {
            AsmMem m = full_mems[k];
            asm_mov_rm(&A, (AsmReg)r, m);
            CHECK(S("mov %s, %s", R64[r], memtxt("qword", m)), len_m(0, 1, r, m, 1, 0, 0));
            asm_mov_mr(&A, m, (AsmReg)r);
            CHECK(S("mov %s, %s", memtxt("qword", m), R64[r]), len_m(0, 1, r, m, 1, 0, 0));
            asm_lea(&A, (AsmReg)r, m);
            CHECK(S("lea %s, %s", R64[r], memtxt("", m)), len_m(0, 1, r, m, 1, 0, 0));
        }
    /* RIP-relative loads (data placed beside the code) */
    for (int r = 0; r < 16; r++) {
        size_t disp_at = asm_mov_r_rip(&A, (AsmReg)r, 0x1234);
        OK(disp_at == 3);
        CHECK(S("mov %s, qword ptr [rip + 0x1234]", R64[r]), 7);
        asm_mov_r_rip(&A, (AsmReg)r, -8);
        CHECK(S("mov %s, qword ptr [rip - 8]", R64[r]), 7);
    }
    for (int v = -128; v < 128; v += 127) {
        size_t disp_at = asm_cmp_rip_imm8(&A, 0x40, (int8_t)v);
        OK(disp_at == 3);
        CHECK(S("cmp qword ptr [rip + 0x40], %s", v < 0 ? sx(v) : ux((uint64_t)v)), 8);
    }
    /* narrower and extending moves over the spread */
    for (int r = 0; r < 16; r++)
        for (int k = 0; k < n_spread; k++) {
            AsmMem m = spread_mems[k];
            asm_mov32_rm(&A, (AsmReg)r, m);
            CHECK(S("mov %s, %s", R32[r], memtxt_r32("dword", m)), len_m(0, 0, r, m, 1, 0, 0));
            asm_mov32_mr(&A, m, (AsmReg)r);
            CHECK(S("mov %s, %s", memtxt("dword", m), R32[r]), len_m(0, 0, r, m, 1, 0, 0));
            asm_mov16_mr(&A, m, (AsmReg)r);
            CHECK(S("mov %s, %s", memtxt("word", m), R16[r]), len_m(1, 0, r, m, 1, 0, 0));
            asm_mov8_mr(&A, m, (AsmReg)r);
            CHECK(S("mov %s, %s", memtxt("byte", m), B8[r]), len_m(0, 0, r, m, 1, 0, r >= 4));
            asm_movzx8_rm(&A, (AsmReg)r, m);
            CHECK(S("movzx %s, %s", R32[r], memtxt_r32("byte", m)), len_m(0, 0, r, m, 2, 0, 0));
            asm_movzx16_rm(&A, (AsmReg)r, m);
            CHECK(S("movzx %s, %s", R32[r], memtxt_r32("word", m)), len_m(0, 0, r, m, 2, 0, 0));
            asm_movsx8_rm(&A, (AsmReg)r, m);
            CHECK(S("movsx %s, %s", R64[r], memtxt("byte", m)), len_m(0, 1, r, m, 2, 0, 0));
            asm_movsx16_rm(&A, (AsmReg)r, m);
            CHECK(S("movsx %s, %s", R64[r], memtxt("word", m)), len_m(0, 1, r, m, 2, 0, 0));
            asm_movsxd_rm(&A, (AsmReg)r, m);
            CHECK(S("movsxd %s, %s", R64[r], memtxt("dword", m)), len_m(0, 1, r, m, 1, 0, 0));
        }
    /* immediate stores */
    for (int k = 0; k < n_spread; k++) {
        AsmMem m = spread_mems[k];
        for (int i = 0; i < NIMM32; i++) {
            int32_t v = (int32_t)IMM32[i];
            asm_mov_mi(&A, m, v);
            CHECK(S("mov %s, %s", memtxt("qword", m), sx(v)), len_m(0, 1, 0, m, 1, 4, 0));
            asm_mov32_mi(&A, m, (uint32_t)v);
            CHECK(S("mov %s, %s", memtxt("dword", m), ux((uint32_t)v)), len_m(0, 0, 0, m, 1, 4, 0));
            asm_mov8_mi(&A, m, (uint8_t)v);
            CHECK(S("mov %s, %s", memtxt("byte", m), ux((uint8_t)v)), len_m(0, 0, 0, m, 1, 1, 0));
        }
    }
}

static void test_alu(void)
{
    for (int op = 0; op < 8; op++) {
        const char *n = ALUN[op];
        for (int d = 0; d < 16; d++) {
            for (int s = 0; s < 16; s++) {
                asm_alu_rr(&A, (AluOp)op, (AsmReg)d, (AsmReg)s);
                CHECK(S("%s %s, %s", n, R64[d], R64[s]), 3);
                asm_alu32_rr(&A, (AluOp)op, (AsmReg)d, (AsmReg)s);
                CHECK(S("%s %s, %s", n, R32[d], R32[s]), len_r(0, 0, s, d, 1, 0, 0));
            }
            for (int i = 0; i < NIMM32; i++) {
                int32_t v = (int32_t)IMM32[i];
                int len = fits8(v) ? 4 : d == RAX ? 6 : 7;
                asm_alu_ri(&A, (AluOp)op, (AsmReg)d, v);
                CHECK(S("%s %s, %s", n, R64[d], alu64_imm(op, v)), len);
                len = fits8(v) ? len_r(0, 0, 0, d, 1, 1, 0) : d == RAX ? 5 : len_r(0, 0, 0, d, 1, 4, 0);
                asm_alu32_ri(&A, (AluOp)op, (AsmReg)d, v);
                CHECK(S("%s %s, %s", n, R32[d], alu32_imm(op, v)), len);
            }
            for (int k = 0; k < n_spread; k++) {
                AsmMem m = spread_mems[k];
                asm_alu_rm(&A, (AluOp)op, (AsmReg)d, m);
                CHECK(S("%s %s, %s", n, R64[d], memtxt("qword", m)), len_m(0, 1, d, m, 1, 0, 0));
                asm_alu_mr(&A, (AluOp)op, m, (AsmReg)d);
                CHECK(S("%s %s, %s", n, memtxt("qword", m), R64[d]), len_m(0, 1, d, m, 1, 0, 0));
            }
        }
        for (int k = 0; k < n_spread; k++) {
            AsmMem m = spread_mems[k];
            for (int i = 0; i < NIMM32; i++) {
                int32_t v = (int32_t)IMM32[i];
                asm_alu_mi(&A, (AluOp)op, m, v);
                CHECK(S("%s %s, %s", n, memtxt("qword", m), alu64_imm(op, v)),
                      len_m(0, 1, 0, m, 1, fits8(v) ? 1 : 4, 0));
                asm_alu8_mi(&A, (AluOp)op, m, (uint8_t)v);
                CHECK(S("%s %s, %s", n, memtxt("byte", m), ux((uint8_t)v)), len_m(0, 0, 0, m, 1, 1, 0));
            }
        }
    }

    /* test */
    for (int d = 0; d < 16; d++) {
        for (int s = 0; s < 16; s++) {
            asm_test_rr(&A, (AsmReg)d, (AsmReg)s);
            CHECK(S("test %s, %s", R64[d], R64[s]), 3);
        }
        for (int i = 0; i < NIMM32; i++) {
            int32_t v = (int32_t)IMM32[i];
            asm_test_ri(&A, (AsmReg)d, v);
            if (v >= 0 && v <= 127)
                CHECK(S("test %s, %s", B8[d], ux((uint64_t)v)), d == RAX ? 2 : len_r(0, 0, 0, d, 1, 1, d >= 4));
            else if (v > 0)
                CHECK(S("test %s, %s", R32[d], ux((uint64_t)v)), d == RAX ? 5 : len_r(0, 0, 0, d, 1, 4, 0));
            else
                CHECK(S("test %s, %s", R64[d], sx(v)), d == RAX ? 6 : 7);
        }
        for (int k = 0; k < n_spread; k++) {
            AsmMem m = spread_mems[k];
            asm_test_mr(&A, m, (AsmReg)d);
            CHECK(S("test %s, %s", memtxt("qword", m), R64[d]), len_m(0, 1, d, m, 1, 0, 0));
        }
    }
    for (int k = 0; k < n_spread; k++) {
        AsmMem m = spread_mems[k];
        for (int i = 0; i < NIMM32; i++) {
            int32_t v = (int32_t)IMM32[i];
            asm_test_mi(&A, m, v);
            CHECK(S("test %s, %s", memtxt("qword", m), sx(v)), len_m(0, 1, 0, m, 1, 4, 0));
            asm_test8_mi(&A, m, (uint8_t)v);
            CHECK(S("test %s, %s", memtxt("byte", m), ux((uint8_t)v)), len_m(0, 0, 0, m, 1, 1, 0));
        }
    }
}

static void test_muldiv_shift(void)
{
    static const char *const SHN[8] = {"rol", "ror", NULL, NULL, "shl", "shr", NULL, "sar"};
    static const int SHOPS[] = {SHIFT_ROL, SHIFT_ROR, SHIFT_SHL, SHIFT_SHR, SHIFT_SAR};
    for (int d = 0; d < 16; d++) {
        for (int s = 0; s < 16; s++) {
            asm_imul_rr(&A, (AsmReg)d, (AsmReg)s);
            CHECK(S("imul %s, %s", R64[d], R64[s]), 4);
            for (int i = 0; i < NIMM32; i++) {
                int32_t v = (int32_t)IMM32[i];
                asm_imul_rri(&A, (AsmReg)d, (AsmReg)s, v);
                CHECK(S("imul %s, %s, %s", R64[d], R64[s], sx(v)), fits8(v) ? 4 : 7);
            }
        }
        for (int k = 0; k < n_spread; k++) {
            AsmMem m = spread_mems[k];
            asm_imul_rm(&A, (AsmReg)d, m);
            CHECK(S("imul %s, %s", R64[d], memtxt("qword", m)), len_m(0, 1, d, m, 2, 0, 0));
        }
        asm_neg(&A, (AsmReg)d);
        CHECK(S("neg %s", R64[d]), 3);
        asm_not(&A, (AsmReg)d);
        CHECK(S("not %s", R64[d]), 3);
        asm_mul(&A, (AsmReg)d);
        CHECK(S("mul %s", R64[d]), 3);
        asm_imul1(&A, (AsmReg)d);
        CHECK(S("imul %s", R64[d]), 3);
        asm_div(&A, (AsmReg)d);
        CHECK(S("div %s", R64[d]), 3);
        asm_idiv(&A, (AsmReg)d);
        CHECK(S("idiv %s", R64[d]), 3);
        for (int o = 0; o < 5; o++) {
            int op = SHOPS[o];
            for (int c = 0; c < 64; c++) {
                asm_shift_ri(&A, (ShiftOp)op, (AsmReg)d, (uint8_t)c);
                CHECK(S("%s %s, %s", SHN[op], R64[d], ux((uint64_t)c)), c == 1 ? 3 : 4);
            }
            asm_shift_rcl(&A, (ShiftOp)op, (AsmReg)d);
            CHECK(S("%s %s, cl", SHN[op], R64[d]), 3);
        }
    }
    asm_cqo(&A);
    CHECK("cqo", 2);
}

static void test_flags(void)
{
    for (int cc = 0; cc < 16; cc++) {
        OK((int)asm_cc_invert((AsmCond)cc) == (cc ^ 1));
        OK((int)asm_cc_invert(asm_cc_invert((AsmCond)cc)) == cc);
        OK((int)asm_cc_swap(asm_cc_swap((AsmCond)cc)) == cc);
        for (int d = 0; d < 16; d++) {
            asm_setcc(&A, (AsmCond)cc, (AsmReg)d);
            CHECK(S("set%s %s", CCN[cc], B8[d]), len_r(0, 0, 0, d, 2, 0, d >= 4));
            for (int s = 0; s < 16; s++) {
                asm_cmov_rr(&A, (AsmCond)cc, (AsmReg)d, (AsmReg)s);
                CHECK(S("cmov%s %s, %s", CCN[cc], R64[d], R64[s]), 4);
            }
            for (int k = 0; k < n_spread; k += 3) {
                AsmMem m = spread_mems[k];
                asm_cmov_rm(&A, (AsmCond)cc, (AsmReg)d, m);
                CHECK(S("cmov%s %s, %s", CCN[cc], R64[d], memtxt("qword", m)), len_m(0, 1, d, m, 2, 0, 0));
            }
        }
    }
    OK(asm_cc_swap(CC_L) == CC_G && asm_cc_swap(CC_LE) == CC_GE && asm_cc_swap(CC_B) == CC_A &&
       asm_cc_swap(CC_BE) == CC_AE && asm_cc_swap(CC_E) == CC_E && asm_cc_swap(CC_NE) == CC_NE);
    OK(asm_cc_invert(CC_L) == CC_GE && asm_cc_invert(CC_A) == CC_BE && asm_cc_invert(CC_P) == CC_NP);
}

static void test_control(void)
{
    /* forward jumps with unknown targets, patched */
    for (int cc = -1; cc < 16; cc++) {
        for (int gap = 0; gap < 300; gap += 37) {
            size_t at = cc < 0 ? asm_jmp(&A) : asm_jcc(&A, (AsmCond)cc);
            OK(at == (cc < 0 ? 1u : 2u));
            asm_nop(&A, (size_t)gap);
            size_t label = asm_len(&A);
            asm_ret(&A);
            asm_patch_rel32(&A, at, label);
            /* check the first instruction only: the padding is nops */
            char got[4096];
            size_t count;
            disasm(A.code, A.len, ADDR, got, sizeof got, &count);
            char *semi = strchr(got, ';');
            if (semi)
                *semi = 0;
            const char *exp = S("%s 0x%x", cc < 0 ? "jmp" : S("j%s", CCN[cc]), ADDR + (unsigned)label);
            if (strcmp(got, exp) == 0)
                passed++;
            else
                fail_msg(__LINE__, "expected \"%s\", got \"%s\"", exp, got);
            asm_reset(&A);
        }
    }
    /* known targets: rel8 when it reaches, rel32 otherwise */
    static const int dists[] = {0, 1, 50, 125, 126, 127, 128, 129, 130, 200, 1000, 100000};
    for (int cc = -1; cc < 16; cc++)
        for (size_t i = 0; i < sizeof dists / sizeof dists[0]; i++) {
            /* backward: target `dists[i]` bytes before the jump */
            int back = dists[i];
            asm_nop(&A, (size_t)back);
            size_t start = A.len;
            if (cc < 0)
                asm_jmp_to(&A, 0);
            else
                asm_jcc_to(&A, (AsmCond)cc, 0);
            int total = back + 2; /* distance from the end of a rel8 jump */
            int len = total <= 128 ? 2 : cc < 0 ? 5 : 6;
            char got[1024];
            size_t count;
            size_t used = disasm(A.code + start, A.len - start, ADDR + start, got, sizeof got, &count);
            const char *exp = S("%s 0x%x", cc < 0 ? "jmp" : S("j%s", CCN[cc]), ADDR);
            if (strcmp(got, exp) == 0 && used == A.len - start && (int)used == len)
                passed++;
            else
                fail_msg(__LINE__, "back %d: expected \"%s\" (%d), got \"%s\" (%zu)", back, exp, len, got, used);
            asm_reset(&A);
            /* forward to a known offset beyond the end */
            if (cc < 0)
                asm_jmp_to(&A, (size_t)back);
            else
                asm_jcc_to(&A, (AsmCond)cc, (size_t)back);
            len = back - 2 <= 127 ? 2 : cc < 0 ? 5 : 6;
            CHECK(S("%s 0x%x", cc < 0 ? "jmp" : S("j%s", CCN[cc]), ADDR + back), len);
        }
    /* rel8 forward placeholders */
    for (int cc = -1; cc < 16; cc++)
        for (int gap = 0; gap <= 127; gap += 127) {
            size_t at = cc < 0 ? asm_jmp8(&A) : asm_jcc8(&A, (AsmCond)cc);
            OK(at == 1);
            asm_nop(&A, (size_t)gap);
            asm_patch_rel8(&A, at, A.len);
            asm_int3(&A);
            char got[1024];
            size_t count;
            disasm(A.code, A.len, ADDR, got, sizeof got, &count);
            char *semi = strchr(got, ';');
            if (semi)
                *semi = 0;
            const char *exp = S("%s 0x%x", cc < 0 ? "jmp" : S("j%s", CCN[cc]), ADDR + 2 + gap);
            if (strcmp(got, exp) == 0)
                passed++;
            else
                fail_msg(__LINE__, "expected \"%s\", got \"%s\"", exp, got);
            asm_reset(&A);
        }
    /* calls */
    asm_nop(&A, 7);
    size_t at = asm_call(&A);
    asm_patch_rel32(&A, at, 3);
    OK(at == 8);
    CHECK("nop dword ptr [rax]; call 0x1003", 12);
    asm_call_to(&A, 0);
    CHECK("call 0x1000", 5);
    asm_call_to(&A, 0x12345);
    CHECK("call 0x13345", 5);
    /* absolute targets relative to a base address */
    OK(asm_call_near(&A, ADDR, (void *)(uintptr_t)0x7fff0000));
    CHECK("call 0x7fff0000", 5);
    OK(asm_jmp_near(&A, ADDR, (void *)(uintptr_t)0x10));
    CHECK("jmp 0x10", 5);
    OK(asm_jcc_near(&A, CC_NE, ADDR, (void *)(uintptr_t)0x80000fff));
    CHECK("jne 0x80000fff", 6);
    /* out of reach: nothing emitted */
    OK(!asm_call_near(&A, ADDR, (void *)(uintptr_t)0x80001006));
    OK(!asm_jmp_near(&A, ADDR, (void *)(uintptr_t)0x123456789000));
    OK(!asm_jcc_near(&A, CC_E, 0x123456789000, (void *)(uintptr_t)0x1000));
    OK(A.len == 0);
    /* the boundaries of rel32: the call ends at ADDR+5 */
    OK(asm_call_near(&A, ADDR, (void *)(uintptr_t)(ADDR + 5 + 0x7fffffffULL)));
    CHECK(S("call 0x%llx", ADDR + 5 + 0x7fffffffULL), 5);
    OK(!asm_call_near(&A, ADDR, (void *)(uintptr_t)(ADDR + 5 + 0x80000000ULL)));
    OK(asm_rel32_reaches(0x80000000ULL, 0));
    OK(!asm_rel32_reaches(0x80000001ULL, 0));
    OK(asm_rel32_reaches(0, 0x7fffffffULL));
    OK(!asm_rel32_reaches(0, 0x80000000ULL));
    /* the far fallback through r11 */
    asm_call_addr(&A, ADDR, (void *)(uintptr_t)0x123456789abcULL);
    CHECK("movabs r11, 0x123456789abc; call r11", 13);
    asm_jmp_addr(&A, ADDR, (void *)(uintptr_t)0x123456789abcULL);
    CHECK("movabs r11, 0x123456789abc; jmp r11", 13);
    asm_call_addr(&A, ADDR, (void *)(uintptr_t)0x2000);
    CHECK("call 0x2000", 5);
    asm_jmp_addr(&A, ADDR, (void *)(uintptr_t)0x2000);
    CHECK("jmp 0x2000", 5);
    asm_call_abs(&A, (void *)(uintptr_t)0x2000);
    CHECK("mov r11d, 0x2000; call r11", 9);
    asm_jmp_abs(&A, (void *)(uintptr_t)0xffffffffULL);
    CHECK("mov r11d, 0xffffffff; jmp r11", 9);

    for (int r = 0; r < 16; r++) {
        asm_jmp_r(&A, (AsmReg)r);
        CHECK(S("jmp %s", R64[r]), 2 + (r >= 8));
        asm_call_r(&A, (AsmReg)r);
        CHECK(S("call %s", R64[r]), 2 + (r >= 8));
        asm_push_r(&A, (AsmReg)r);
        CHECK(S("push %s", R64[r]), 1 + (r >= 8));
        asm_pop_r(&A, (AsmReg)r);
        CHECK(S("pop %s", R64[r]), 1 + (r >= 8));
    }
    for (int k = 0; k < n_full; k++) {
        AsmMem m = full_mems[k];
        asm_jmp_m(&A, m);
        CHECK(S("jmp %s", memtxt("qword", m)), len_m(0, 0, 0, m, 1, 0, 0));
        asm_call_m(&A, m);
        CHECK(S("call %s", memtxt("qword", m)), len_m(0, 0, 0, m, 1, 0, 0));
    }
    for (int i = 0; i < NIMM32; i++) {
        int32_t v = (int32_t)IMM32[i];
        asm_push_i(&A, v);
        CHECK(S("push %s", sx(v)), fits8(v) ? 2 : 5);
    }
    asm_ret(&A);
    CHECK("ret", 1);
    asm_int3(&A);
    CHECK("int3", 1);
    asm_ud2(&A);
    CHECK("ud2", 2);

    /* nops: n bytes in ceil(n/9) instructions */
    for (size_t n = 1; n <= 40; n++) {
        asm_nop(&A, n);
        cs_insn *insn;
        size_t cnt = cs_disasm(cs, A.code, A.len, ADDR, 0, &insn);
        size_t used = 0;
        bool allnop = true;
        for (size_t i = 0; i < cnt; i++) {
            used += insn[i].size;
            allnop &= strcmp(insn[i].mnemonic, "nop") == 0;
        }
        if (cnt)
            cs_free(insn, cnt);
        if (A.len == n && used == n && allnop && cnt == (n + 8) / 9)
            passed++;
        else
            fail_msg(__LINE__, "nop %zu: %zu bytes, %zu instructions, %zu decoded", n, A.len, cnt, used);
        asm_reset(&A);
    }
    asm_nop(&A, 0);
    OK(A.len == 0);
    for (size_t pre = 0; pre < 40; pre++)
        for (size_t n = 1; n <= 64; n *= 2) {
            asm_nop(&A, pre);
            asm_align(&A, n);
            OK(A.len % n == 0 && A.len >= pre && A.len - pre < n);
            asm_reset(&A);
        }

    /* patching placed code */
    uint8_t buf[64] = {0};
    asm_patch_rel32_abs(buf + 1, buf + 40);
    int32_t rel;
    memcpy(&rel, buf + 1, 4);
    OK(rel == 35);
    asm_patch_rel32_abs(buf + 30, buf + 2);
    memcpy(&rel, buf + 30, 4);
    OK(rel == -32);
}

static void test_sse(void)
{
    static const int SDOPS[] = {SD_SQRT, SD_ADD, SD_MUL, SD_SUB, SD_MIN, SD_DIV, SD_MAX};
    static const char *const SDN[] = {"sqrtsd", "addsd", "mulsd", "subsd", "minsd", "divsd", "maxsd"};
    static const int PDOPS[] = {PD_AND, PD_ANDN, PD_OR, PD_XOR, PD_PXOR};
    static const char *const PDN[] = {"andpd", "andnpd", "orpd", "xorpd", "pxor"};
    for (int d = 0; d < 16; d++) {
        for (int s = 0; s < 16; s++) {
            int l = len_r(1, 0, d, s, 2, 0, 0), lw = len_r(1, 1, d, s, 2, 0, 0);
            asm_movsd_xx(&A, (AsmXmm)d, (AsmXmm)s);
            CHECK(S("movsd %s, %s", XN[d], XN[s]), l);
            asm_movaps_xx(&A, (AsmXmm)d, (AsmXmm)s);
            CHECK(S("movaps %s, %s", XN[d], XN[s]), l - 1);
            for (int o = 0; o < 7; o++) {
                asm_sd_xx(&A, (SdOp)SDOPS[o], (AsmXmm)d, (AsmXmm)s);
                CHECK(S("%s %s, %s", SDN[o], XN[d], XN[s]), l);
                /* the VEX form: always the three-byte prefix, 5 bytes;
                   the first source runs over all 16 registers too */
                int s1 = (d + s + o) & 15;
                asm_vsd_xxx(&A, (SdOp)SDOPS[o], (AsmXmm)d, (AsmXmm)s1, (AsmXmm)s);
                CHECK(S("v%s %s, %s, %s", SDN[o], XN[d], XN[s1], XN[s]), 5);
            }
            for (int o = 0; o < 5; o++) {
                asm_pd_xx(&A, (PdOp)PDOPS[o], (AsmXmm)d, (AsmXmm)s);
                CHECK(S("%s %s, %s", PDN[o], XN[d], XN[s]), l);
            }
            asm_ucomisd_xx(&A, (AsmXmm)d, (AsmXmm)s);
            CHECK(S("ucomisd %s, %s", XN[d], XN[s]), l);
            asm_comisd_xx(&A, (AsmXmm)d, (AsmXmm)s);
            CHECK(S("comisd %s, %s", XN[d], XN[s]), l);
            asm_cvtsi2sd_xr(&A, (AsmXmm)d, (AsmReg)s);
            CHECK(S("cvtsi2sd %s, %s", XN[d], R64[s]), lw);
            asm_cvttsd2si_rx(&A, (AsmReg)d, (AsmXmm)s);
            CHECK(S("cvttsd2si %s, %s", R64[d], XN[s]), lw);
            asm_cvtsd2si_rx(&A, (AsmReg)d, (AsmXmm)s);
            CHECK(S("cvtsd2si %s, %s", R64[d], XN[s]), lw);
            asm_movq_xr(&A, (AsmXmm)d, (AsmReg)s);
            CHECK(S("movq %s, %s", XN[d], R64[s]), lw);
            asm_movq_rx(&A, (AsmReg)d, (AsmXmm)s);
            CHECK(S("movq %s, %s", R64[d], XN[s]), lw);
            for (int mode = 0; mode < 16; mode += (s & 3) + 1) {
                asm_roundsd_xxi(&A, (AsmXmm)d, (AsmXmm)s, (uint8_t)mode);
                CHECK(S("roundsd %s, %s, %s", XN[d], XN[s], ux((uint64_t)mode)), l + 2);
            }
        }
        asm_roundsd_xxi(&A, (AsmXmm)d, XMM3, 0xff);
        CHECK(S("roundsd %s, xmm3, 0xff", XN[d]), len_r(1, 0, d, 3, 3, 1, 0));
        for (int k = 0; k < n_spread; k++) {
            AsmMem m = spread_mems[k];
            int l = len_m(1, 0, d, m, 2, 0, 0);
            asm_movsd_xm(&A, (AsmXmm)d, m);
            CHECK(S("movsd %s, %s", XN[d], memtxt("qword", m)), l);
            asm_movsd_mx(&A, m, (AsmXmm)d);
            CHECK(S("movsd %s, %s", memtxt("qword", m), XN[d]), l);
            for (int o = 0; o < 7; o++) {
                asm_sd_xm(&A, (SdOp)SDOPS[o], (AsmXmm)d, m);
                CHECK(S("%s %s, %s", SDN[o], XN[d], memtxt("qword", m)), l);
            }
            for (int o = 0; o < 5; o++) {
                asm_pd_xm(&A, (PdOp)PDOPS[o], (AsmXmm)d, m);
                CHECK(S("%s %s, %s", PDN[o], XN[d], memtxt("xmmword", m)), l);
            }
            asm_ucomisd_xm(&A, (AsmXmm)d, m);
            CHECK(S("ucomisd %s, %s", XN[d], memtxt("qword", m)), l);
            asm_cvtsi2sd_xm(&A, (AsmXmm)d, m);
            CHECK(S("cvtsi2sd %s, %s", XN[d], memtxt("qword", m)), len_m(1, 1, d, m, 2, 0, 0));
        }
    }
}

/* ---- invalid operands abort ---- */

static void die_index_rsp(void) { asm_mov_rm(&A, RAX, asm_mem_idx(RAX, RSP, 1, 0)); }
static void die_scale3(void) { asm_mov_rm(&A, RAX, asm_mem_idx(RAX, RCX, 3, 0)); }
static void die_zeroed_mem(void)
{
    AsmMem m = {0};
    asm_lea(&A, RAX, m);
}
static void die_shift64(void) { asm_shift_ri(&A, SHIFT_SHL, RAX, 64); }
static void die_bad_reg(void) { asm_mov_rr(&A, (AsmReg)16, RAX); }
static void die_rel8(void)
{
    size_t at = asm_jmp8(&A);
    asm_nop(&A, 200);
    asm_patch_rel8(&A, at, A.len);
}
static void die_rel32_abs(void)
{
    static uint8_t field[4];
    asm_patch_rel32_abs(field, (uint8_t *)((uintptr_t)field + 0x100000000ULL));
}
static void die_align3(void) { asm_align(&A, 3); }

static void expect_abort(int line, const char *what, void (*fn)(void))
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr))
            _exit(2);
        fn();
        _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    if (WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT)
        passed++;
    else
        fail_msg(line, "%s did not abort", what);
}
#define EXPECT_ABORT(fn) expect_abort(__LINE__, #fn, fn)

static void test_invalid(void)
{
    EXPECT_ABORT(die_index_rsp);
    EXPECT_ABORT(die_scale3);
    EXPECT_ABORT(die_zeroed_mem);
    EXPECT_ABORT(die_shift64);
    EXPECT_ABORT(die_bad_reg);
    EXPECT_ABORT(die_rel8);
    EXPECT_ABORT(die_rel32_abs);
    EXPECT_ABORT(die_align3);
}

/* ---- running generated code ---- */

typedef int64_t (*Fn2)(int64_t, int64_t);
typedef int64_t (*Fn3)(int64_t, int64_t, int64_t);
typedef double (*FnD2)(double, double);

/* Code is copied to a fresh RW mapping, which is then made RX. */
static size_t page_round(size_t n)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    return (n + pg - 1) / pg * pg;
}

static uint8_t *map_rw(size_t n)
{
    void *p = mmap(NULL, page_round(n), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    return p;
}

static void make_rx(uint8_t *p, size_t n)
{
    if (mprotect(p, page_round(n), PROT_READ | PROT_EXEC) != 0) {
        perror("mprotect");
        exit(1);
    }
}

static uint8_t *place(Asm *a)
{
    uint8_t *p = map_rw(a->len);
    memcpy(p, a->code, a->len);
    make_rx(p, a->len);
    return p;
}

static void unplace(uint8_t *p, size_t n) { munmap(p, page_round(n)); }

/* Object pointer to function pointer without a cast ISO C lacks. */
#define AS_FN(fnptr, p) memcpy(&(fnptr), &(p), sizeof(fnptr))

static int64_t helper_3x1(int64_t x) { return 3 * x + 1; }

static void test_run_small(void)
{
    /* (a + b) * c */
    {
        asm_mov_rr(&A, RAX, RDI);
        asm_alu_rr(&A, ALU_ADD, RAX, RSI);
        asm_imul_rr(&A, RAX, RDX);
        asm_ret(&A);
        uint8_t *p = place(&A);
        Fn3 f;
        AS_FN(f, p);
        OK(f(2, 3, 4) == 20);
        OK(f(-7, 2, -3) == 15);
        OK(f(INT64_MAX, 1, 1) == INT64_MIN); /* wraps */
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* sum of 1..n: a forward jle to a patched label, a backward jnz */
    {
        asm_zero(&A, RAX);
        asm_test_rr(&A, RDI, RDI);
        size_t done = asm_jcc(&A, CC_LE);
        size_t loop = asm_len(&A);
        asm_alu_rr(&A, ALU_ADD, RAX, RDI);
        asm_alu_ri(&A, ALU_SUB, RDI, 1);
        asm_jcc_to(&A, CC_NE, loop);
        asm_patch_rel32(&A, done, asm_len(&A));
        asm_ret(&A);
        uint8_t *p = place(&A);
        Fn2 f;
        AS_FN(f, p);
        OK(f(0, 0) == 0);
        OK(f(-5, 0) == 0);
        OK(f(1, 0) == 1);
        OK(f(100, 0) == 5050);
        OK(f(100000, 0) == 5000050000LL);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* sqrt(x*x + y*y) + 1.5, the constant through a gpr */
    {
        asm_sd_xx(&A, SD_MUL, XMM0, XMM0);
        asm_sd_xx(&A, SD_MUL, XMM1, XMM1);
        asm_sd_xx(&A, SD_ADD, XMM0, XMM1);
        asm_sd_xx(&A, SD_SQRT, XMM9, XMM0);
        double c = 1.5;
        int64_t bits;
        memcpy(&bits, &c, 8);
        asm_mov_ri(&A, R10, bits);
        asm_movq_xr(&A, XMM14, R10);
        asm_sd_xx(&A, SD_ADD, XMM9, XMM14);
        asm_movaps_xx(&A, XMM0, XMM9);
        asm_ret(&A);
        uint8_t *p = place(&A);
        FnD2 f;
        AS_FN(f, p);
        OK(f(3.0, 4.0) == 6.5);
        OK(f(0.0, -0.0) == 1.5);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* the VEX forms leave their sources alone: (x - y) * x / y, sqrt(y)
       + x, with x, y in xmm0, xmm1 kept to the end */
    if (asm_has_avx()) {
        asm_vsd_xxx(&A, SD_SUB, XMM9, XMM0, XMM1);
        asm_vsd_xxx(&A, SD_MUL, XMM9, XMM9, XMM0);
        asm_vsd_xxx(&A, SD_DIV, XMM12, XMM9, XMM1);
        asm_vsd_xxx(&A, SD_SQRT, XMM2, XMM15, XMM1);
        asm_vsd_xxx(&A, SD_ADD, XMM2, XMM2, XMM0);
        asm_vsd_xxx(&A, SD_ADD, XMM0, XMM12, XMM2);
        asm_ret(&A);
        uint8_t *p = place(&A);
        FnD2 f;
        AS_FN(f, p);
        OK(f(6.0, 4.0) == 6.0 / 4.0 * 2.0 + 2.0 + 6.0);
        OK(f(1.0, 0.25) == 0.75 * 1.0 / 0.25 + 0.5 + 1.0);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* int64 -> double -> scaled -> int64 (truncating); min/max; ucomisd */
    {
        asm_cvtsi2sd_xr(&A, XMM8, RDI);
        asm_cvtsi2sd_xr(&A, XMM2, RSI);
        asm_sd_xx(&A, SD_DIV, XMM8, XMM2);
        asm_cvttsd2si_rx(&A, R9, XMM8);
        asm_mov_rr(&A, RAX, R9);
        asm_ret(&A);
        uint8_t *p = place(&A);
        Fn2 f;
        AS_FN(f, p);
        OK(f(7, 2) == 3);
        OK(f(-7, 2) == -3);
        OK(f(1000000, 3) == 333333);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* signed division and remainder: a/b*1000 + a%b via idiv and cqo */
    {
        asm_mov_rr(&A, RAX, RDI);
        asm_mov_rr(&A, R8, RSI);
        asm_cqo(&A);
        asm_idiv(&A, R8);
        asm_imul_rri(&A, RAX, RAX, 1000);
        asm_alu_rr(&A, ALU_ADD, RAX, RDX);
        asm_ret(&A);
        uint8_t *p = place(&A);
        Fn2 f;
        AS_FN(f, p);
        OK(f(17, 5) == 3002);
        OK(f(-17, 5) == -3002);
        OK(f(17, -5) == -2998);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* unsigned: high half of a*b, then a / b unsigned */
    {
        asm_mov_rr(&A, RAX, RDI);
        asm_mul(&A, RSI);
        asm_mov_rr(&A, RAX, RDX);
        asm_ret(&A);
        uint8_t *p = place(&A);
        Fn2 f;
        AS_FN(f, p);
        OK(f(-1, -1) == -2); /* (2^64-1)^2 >> 64 = 2^64 - 2 */
        OK(f(1LL << 40, 1LL << 40) == 1LL << 16);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* max via cmov; a < b via setl sil and movzx */
    {
        asm_mov_rr(&A, RAX, RDI);
        asm_alu_rr(&A, ALU_CMP, RDI, RSI);
        asm_cmov_rr(&A, CC_L, RAX, RSI);
        asm_ret(&A);
        size_t lt = asm_len(&A);
        asm_alu_rr(&A, ALU_CMP, RDI, RSI);
        asm_setcc(&A, CC_L, RSI);
        asm_movzx8_rr(&A, RAX, RSI);
        asm_ret(&A);
        uint8_t *p = place(&A);
        uint8_t *q = p + lt;
        Fn2 mx, less;
        AS_FN(mx, p);
        AS_FN(less, q);
        OK(mx(3, 9) == 9 && mx(9, 3) == 9 && mx(-5, -9) == -5);
        OK(less(3, 9) == 1 && less(9, 3) == 0 && less(-1, 0) == 1 && less(0x100, 0x1ff) == 1);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* shifts */
    {
        asm_mov_rr(&A, RCX, RSI);
        asm_mov_rr(&A, RAX, RDI);
        asm_shift_rcl(&A, SHIFT_SAR, RAX);
        asm_shift_ri(&A, SHIFT_ROL, RAX, 4);
        asm_ret(&A);
        uint8_t *p = place(&A);
        Fn2 f;
        AS_FN(f, p);
        OK(f(-256, 4) == (int64_t)0xffffffffffffff0fULL);
        OK(f(0x100, 8) == 0x10);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* memory: callee-saved bases (pushed and popped), narrow loads/stores */
    {
        asm_push_r(&A, R12);
        asm_push_r(&A, R13);
        asm_push_r(&A, RBP);
        asm_mov_rr(&A, R12, RDI);
        asm_lea(&A, R13, asm_mem(RDI, 8));
        asm_mov_rr(&A, RBP, RSI);
        asm_mov_rm(&A, RAX, asm_mem(R12, 0));                   /* a[0] */
        asm_alu_rm(&A, ALU_ADD, RAX, asm_mem(R13, 0));          /* + a[1] */
        asm_alu_rm(&A, ALU_ADD, RAX, asm_mem_idx(R12, RBP, 8, 0)); /* + a[i] */
        asm_mov_mr(&A, asm_mem_idx(R13, RBP, 8, 8), RAX);        /* a[i+2] = sum */
        asm_mov_mi(&A, asm_mem(RSP, -8), -3);                    /* red zone */
        asm_alu_rm(&A, ALU_ADD, RAX, asm_mem(RSP, -8));
        asm_pop_r(&A, RBP);
        asm_pop_r(&A, R13);
        asm_pop_r(&A, R12);
        asm_ret(&A);
        uint8_t *p = place(&A);
        Fn2 f;
        AS_FN(f, p);
        int64_t arr[8] = {10, 20, 30, 40, 50, 0, 0, 0};
        OK(f((int64_t)(uintptr_t)arr, 3) == 10 + 20 + 40 - 3);
        OK(arr[5] == 70);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* byte/word/dword loads and stores */
    {
        asm_mov8_mr(&A, asm_mem(RDI, 0), RSI);      /* sil */
        asm_mov16_mr(&A, asm_mem(RDI, 2), RSI);
        asm_mov32_mr(&A, asm_mem(RDI, 4), RSI);
        asm_mov8_mi(&A, asm_mem(RDI, 8), 0xfe);
        asm_mov32_mi(&A, asm_mem(RDI, 12), 0x89abcdefu);
        asm_movsx8_rm(&A, RAX, asm_mem(RDI, 8));   /* -2 */
        asm_movzx8_rm(&A, RCX, asm_mem(RDI, 8));   /* 254 */
        asm_alu_rr(&A, ALU_ADD, RAX, RCX);         /* 252 */
        asm_movsxd_rm(&A, RDX, asm_mem(RDI, 12));
        asm_mov32_rm(&A, R8, asm_mem(RDI, 12));
        asm_alu_rr(&A, ALU_SUB, R8, RDX);          /* 2^32 */
        asm_alu_rr(&A, ALU_ADD, RAX, R8);
        asm_movzx16_rm(&A, R9, asm_mem(RDI, 2));
        asm_movsx16_rm(&A, R10, asm_mem(RDI, 2));
        asm_alu_rr(&A, ALU_SUB, R9, R10);          /* 0x10000 if bit 15 set */
        asm_alu_rr(&A, ALU_ADD, RAX, R9);
        asm_ret(&A);
        uint8_t *p = place(&A);
        Fn2 f;
        AS_FN(f, p);
        uint8_t mem[16] = {0};
        OK(f((int64_t)(uintptr_t)mem, 0x1122c3d4e5f6f718LL) == 252 + (1LL << 32) + 0x10000);
        OK(mem[0] == 0x18 && mem[2] == 0x18 && mem[3] == 0xf7 && mem[4] == 0x18 && mem[7] == 0xe5);
        OK(mem[8] == 0xfe && mem[12] == 0xef && mem[15] == 0x89);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* calls to C: absolute through r11 (stack aligned by the push) and a
     * tail jump */
    {
        asm_push_r(&A, RBX);
        asm_mov_rr(&A, RBX, RDI);
        asm_call_abs(&A, (void *)helper_3x1);
        asm_alu_rr(&A, ALU_ADD, RAX, RBX);
        asm_pop_r(&A, RBX);
        asm_ret(&A);
        size_t tail = asm_len(&A);
        asm_alu_ri(&A, ALU_ADD, RDI, 1);
        asm_jmp_abs(&A, (void *)helper_3x1);
        uint8_t *p = place(&A);
        uint8_t *q = p + tail;
        Fn2 f, g;
        AS_FN(f, p);
        AS_FN(g, q);
        OK(f(10, 0) == 41);
        OK(g(10, 0) == 34);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* near calls/jumps inside one mapping, placed at a known base; a call
     * to C by whichever form reaches */
    {
        uint8_t *p = map_rw(4096);
        uintptr_t base = (uintptr_t)p;
        /* helper at 0: rax = rdi * 2 */
        asm_lea(&A, RAX, asm_mem_idx(ASM_NOREG, RDI, 2, 0));
        asm_ret(&A);
        size_t f_at = asm_len(&A);
        asm_push_r(&A, RBX);
        asm_call_to(&A, 0);                       /* rax = 2*rdi */
        asm_mov_rr(&A, RBX, RAX);
        asm_mov_rr(&A, RDI, RAX);
        OK(asm_call_near(&A, base, p));          /* rax = 4*rdi */
        asm_alu_rr(&A, ALU_ADD, RBX, RAX);       /* 6*rdi */
        asm_mov_rr(&A, RDI, RBX);
        asm_call_addr(&A, base, (void *)helper_3x1); /* 18*rdi + 1 */
        asm_pop_r(&A, RBX);
        asm_ret(&A);
        size_t g_at = asm_len(&A);
        OK(asm_jmp_near(&A, base, p + f_at));
        memcpy(p, A.code, A.len);
        make_rx(p, 4096);
        uint8_t *q = p + f_at, *r = p + g_at;
        Fn2 f, g;
        AS_FN(f, q);
        AS_FN(g, r);
        OK(f(5, 0) == 91);
        OK(g(1, 0) == 19);
        unplace(p, 4096);
        asm_reset(&A);
    }
    /* nops and alignment execute */
    {
        for (size_t n = 0; n <= 20; n++)
            asm_nop(&A, n);
        asm_align(&A, 64);
        asm_mov_ri(&A, RAX, 42);
        asm_ret(&A);
        uint8_t *p = place(&A);
        Fn2 f;
        AS_FN(f, p);
        OK(f(0, 0) == 42);
        unplace(p, A.len);
        asm_reset(&A);
    }
    /* a bridge: redirect a guard's jcc in placed code */
    {
        uint8_t *p = map_rw(8192);
        asm_alu_ri(&A, ALU_CMP, RDI, 10);
        size_t guard = asm_jcc(&A, CC_L);
        asm_mov_ri(&A, RAX, 1);
        asm_ret(&A);
        size_t exit_at = asm_len(&A);
        asm_mov_ri(&A, RAX, 2);
        asm_ret(&A);
        asm_patch_rel32(&A, guard, exit_at);
        memcpy(p, A.code, A.len);
        asm_reset(&A);
        /* the bridge, on the second page */
        asm_lea(&A, RAX, asm_mem(RDI, 100));
        asm_ret(&A);
        memcpy(p + 4096, A.code, A.len);
        asm_reset(&A);
        make_rx(p, 8192);
        Fn2 f;
        AS_FN(f, p);
        OK(f(20, 0) == 1);
        OK(f(5, 0) == 2);
        OK(mprotect(p, 4096, PROT_READ | PROT_WRITE) == 0);
        asm_patch_rel32_abs(p + guard, p + 4096);
        make_rx(p, 4096);
        OK(f(20, 0) == 1);
        OK(f(5, 0) == 105);
        unplace(p, 8192);
    }
    /* roundsd, if the CPU has SSE4.1 */
    if (__builtin_cpu_supports("sse4.1")) {
        static const int modes[] = {ASM_ROUND_FLOOR, ASM_ROUND_CEIL, ASM_ROUND_TRUNC, ASM_ROUND_NEAREST};
        static const double in[] = {-2.5, 2.5, -0.5, 3.7, 1e300};
        static const double want[4][5] = {
            {-3.0, 2.0, -1.0, 3.0, 1e300},
            {-2.0, 3.0, -0.0, 4.0, 1e300},
            {-2.0, 2.0, -0.0, 3.0, 1e300},
            {-2.0, 2.0, -0.0, 4.0, 1e300},
        };
        for (int m = 0; m < 4; m++) {
            asm_roundsd_xxi(&A, XMM11, XMM0, (uint8_t)(modes[m] | ASM_ROUND_NOEXC));
            asm_movsd_xx(&A, XMM0, XMM11);
            asm_ret(&A);
            uint8_t *p = place(&A);
            FnD2 f;
            AS_FN(f, p);
            for (int i = 0; i < 5; i++)
                OK(f(in[i], 0) == want[m][i]);
            unplace(p, A.len);
            asm_reset(&A);
        }
    }
    /* the pd masks: abs and negation of a double via andpd/xorpd with
     * 16-aligned constants */
    {
        static _Alignas(16) uint64_t absmask[2] = {0x7fffffffffffffffULL, 0};
        static _Alignas(16) uint64_t signmask[2] = {0x8000000000000000ULL, 0};
        /* the constants are addressed through r11 */
        asm_mov_ri(&A, R11, (int64_t)(uintptr_t)absmask);
        asm_pd_xm(&A, PD_AND, XMM0, asm_mem(R11, 0));
        asm_mov_ri(&A, R11, (int64_t)(uintptr_t)signmask);
        asm_pd_xm(&A, PD_XOR, XMM0, asm_mem(R11, 0));
        asm_movsd_mx(&A, asm_mem(RSP, -16), XMM1);
        asm_sd_xm(&A, SD_ADD, XMM0, asm_mem(RSP, -16));  /* -|x| + y */
        asm_ret(&A);
        uint8_t *p = place(&A);
        FnD2 f;
        AS_FN(f, p);
        OK(f(-3.0, 1.0) == -2.0);
        OK(f(3.0, 0.5) == -2.5);
        unplace(p, A.len);
        asm_reset(&A);
    }
}

/* Generated functions save all callee-saved registers, so that they may
 * use any register. */
static const AsmReg SAVED[] = {RBX, RBP, R12, R13, R14, R15};

static void prologue(void)
{
    for (int i = 0; i < 6; i++)
        asm_push_r(&A, SAVED[i]);
}

static void epilogue(void)
{
    for (int i = 5; i >= 0; i--)
        asm_pop_r(&A, SAVED[i]);
    asm_ret(&A);
}

/* test_ri's narrow forms must set ZF and SF like the 64-bit form: run
 * test r, imm; sete/sets for many values and compare with C. */
static void test_run_test_ri(void)
{
    static const int32_t imms[] = {0, 1, 2, 127, 128, 255, 0x7fffffff, 0x40000000, -1, -128, INT32_MIN};
    static const int64_t vals[] = {0, 1, -1, 0x80, 0xff, 0x100, 0x80000000LL, INT64_MIN, INT64_MAX, 0x7f, 0x40000000LL,
                                   -0x81};
    int nimm = (int)(sizeof imms / sizeof imms[0]);
    size_t offs[11 * 16];
    int k = 0;
    for (int i = 0; i < nimm; i++)
        for (int r = 0; r < 16; r++, k++) {
            offs[k] = asm_len(&A);
            if (r == RSP) {
                asm_ret(&A);
                continue;
            }
            /* rax = ZF | SF << 1 of test r, imm where r = rdi; the
             * flags land in z and s, two registers other than r */
            AsmReg z = r == RDX ? R8 : RDX, sf = r == RCX ? R8 : RCX;
            prologue();
            asm_mov_ri(&A, z, 0);
            asm_mov_ri(&A, sf, 0);
            asm_mov_rr(&A, (AsmReg)r, RDI);
            asm_test_ri(&A, (AsmReg)r, imms[i]);
            asm_setcc(&A, CC_E, z);
            asm_setcc(&A, CC_S, sf);
            asm_lea(&A, RAX, asm_mem_idx(z, sf, 2, 0));
            epilogue();
        }
    uint8_t *p = place(&A);
    k = 0;
    for (int i = 0; i < nimm; i++)
        for (int r = 0; r < 16; r++, k++) {
            if (r == RSP)
                continue;
            uint8_t *q = p + offs[k];
            Fn2 f;
            AS_FN(f, q);
            for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
                uint64_t res = (uint64_t)vals[v] & (uint64_t)(int64_t)imms[i];
                int64_t want = (res == 0) | (int64_t)((res >> 63) << 1);
                int64_t got = f(vals[v], 0);
                if (got == want)
                    passed++;
                else
                    fail_msg(__LINE__, "test %s, %d with %lld: flags %lld, want %lld", R64[r], imms[i],
                             (long long)vals[v], (long long)got, (long long)want);
            }
        }
    unplace(p, A.len);
    asm_reset(&A);
}

/* Runs op dst, src (and op dst, imm; op dst, [mem]) for every pair of
 * registers (except RSP) and compares with C. All functions go into one
 * mapping. */
static int64_t alu_c(int op, int64_t a, int64_t b)
{
    uint64_t x = (uint64_t)a, y = (uint64_t)b;
    switch (op) {
    case ALU_ADD: return (int64_t)(x + y);
    case ALU_SUB: return (int64_t)(x - y);
    case ALU_AND: return (int64_t)(x & y);
    case ALU_OR: return (int64_t)(x | y);
    case ALU_XOR: return (int64_t)(x ^ y);
    default: return (int64_t)(x * y); /* imul */
    }
}

static void test_run_alu_matrix(void)
{
    static const int ops[] = {ALU_ADD, ALU_SUB, ALU_AND, ALU_OR, ALU_XOR, -1 /* imul */};
    static const int64_t vals[][2] = {{5, 3}, {-1, 1}, {0x123456789abcdefLL, -0x0fedcba987654321LL},
                                      {INT64_MIN, -1}, {0xff00ff00, 0x0ff00ff0}};
    static const int32_t imms[] = {1, -1, 127, -128, 128, 0x7fffffff, INT32_MIN, 0x5a5a5a};
    enum { NOPS = 6, NIMM = 8, NFORMS = 2 + NIMM };
    static size_t offs[NOPS][16][16][NFORMS];
    for (int o = 0; o < NOPS; o++)
        for (int d = 0; d < 16; d++)
            for (int s = 0; s < 16; s++) {
                if (d == RSP || s == RSP)
                    continue;
                /* form 0: op d, s with d = a, s = b (via the stack) */
                offs[o][d][s][0] = asm_len(&A);
                prologue();
                asm_push_r(&A, RDI);
                asm_push_r(&A, RSI);
                asm_mov_rm(&A, (AsmReg)d, asm_mem(RSP, 8));
                if (s != d)
                    asm_mov_rm(&A, (AsmReg)s, asm_mem(RSP, 0));
                if (ops[o] < 0)
                    asm_imul_rr(&A, (AsmReg)d, (AsmReg)s);
                else
                    asm_alu_rr(&A, (AluOp)ops[o], (AsmReg)d, (AsmReg)s);
                asm_mov_rr(&A, RAX, (AsmReg)d);
                asm_alu_ri(&A, ALU_ADD, RSP, 16);
                epilogue();
                /* form 1: op d, [s + 8] with s pointing at b - 8 */
                offs[o][d][s][1] = asm_len(&A);
                if (s == d)
                    goto imm_forms;
                prologue();
                asm_push_r(&A, RSI);
                asm_mov_rr(&A, (AsmReg)d, RDI);
                asm_lea(&A, (AsmReg)s, asm_mem(RSP, -8));
                if (ops[o] < 0)
                    asm_imul_rm(&A, (AsmReg)d, asm_mem((AsmReg)s, 8));
                else
                    asm_alu_rm(&A, (AluOp)ops[o], (AsmReg)d, asm_mem((AsmReg)s, 8));
                asm_mov_rr(&A, RAX, (AsmReg)d);
                asm_alu_ri(&A, ALU_ADD, RSP, 8);
                epilogue();
            imm_forms:
                if (s != 0)
                    continue;
                /* forms 2..: op d, imm (or imul d, rdi, imm), only once per d */
                for (int i = 0; i < NIMM; i++) {
                    offs[o][d][s][2 + i] = asm_len(&A);
                    prologue();
                    if (ops[o] < 0) {
                        asm_imul_rri(&A, (AsmReg)d, RDI, imms[i]);
                    } else {
                        asm_mov_rr(&A, (AsmReg)d, RDI);
                        asm_alu_ri(&A, (AluOp)ops[o], (AsmReg)d, imms[i]);
                    }
                    asm_mov_rr(&A, RAX, (AsmReg)d);
                    epilogue();
                }
            }
    uint8_t *p = place(&A);
    for (int o = 0; o < NOPS; o++)
        for (int d = 0; d < 16; d++)
            for (int s = 0; s < 16; s++) {
                if (d == RSP || s == RSP)
                    continue;
                int op = ops[o] < 0 ? 99 : ops[o];
                for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
                    int64_t a = vals[v][0], b = vals[v][1];
                    uint8_t *q = p + offs[o][d][s][0];
                    Fn2 f;
                    AS_FN(f, q);
                    int64_t want = alu_c(op, a, s == d ? a : b);
                    int64_t got = f(a, b);
                    if (got == want)
                        passed++;
                    else
                        fail_msg(__LINE__, "run %s %s, %s: %lld, want %lld", ops[o] < 0 ? "imul" : ALUN[op], R64[d],
                                 R64[s], (long long)got, (long long)want);
                    /* form 1 exists only for s != d */
                    if (s != d) {
                        q = p + offs[o][d][s][1];
                        AS_FN(f, q);
                        got = f(a, b);
                        want = alu_c(op, a, b);
                        if (got == want)
                            passed++;
                        else
                            fail_msg(__LINE__, "run %s %s, [%s+8]: %lld, want %lld",
                                     ops[o] < 0 ? "imul" : ALUN[op], R64[d], R64[s], (long long)got,
                                     (long long)want);
                    }
                }
                if (s != 0)
                    continue;
                for (int i = 0; i < NIMM; i++) {
                    uint8_t *q = p + offs[o][d][s][2 + i];
                    Fn2 f;
                    AS_FN(f, q);
                    for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
                        int64_t a = vals[v][0];
                        int64_t want = alu_c(op, a, imms[i]), got = f(a, 0);
                        if (got == want)
                            passed++;
                        else
                            fail_msg(__LINE__, "run %s %s, %d: %lld, want %lld", ops[o] < 0 ? "imul" : ALUN[op],
                                     R64[d], imms[i], (long long)got, (long long)want);
                    }
                }
            }
    unplace(p, A.len);
    asm_reset(&A);
}

/* Loads through [base + index*scale + disp] for every base and index
 * register (not RSP), every scale and displacement, and mov r, imm for
 * every register and immediate, executed. The base and index values are
 * baked in as immediates so that the effective address hits `table`. */
static int64_t table[64];

static void test_run_addressing(void)
{
    for (int i = 0; i < 64; i++)
        table[i] = 1000 + i;
    enum { N = 16 * 17 * 4 * NDISPS };
    static size_t offs[N];
    static int64_t want[N];
    static bool used[N];
    int k = 0;
    for (int b = 0; b < 16; b++)
        for (int x = -1; x < 16; x++)
            for (int s = 0; s < 4; s++)
                for (int d = 0; d < NDISPS; d++, k++) {
                    if (b == RSP || x == RSP || x == b || (x < 0 && s > 0))
                        continue;
                    used[k] = true;
                    int slot = (b * 7 + x * 3 + s + d) & 63;
                    int64_t idx = x < 0 ? 0 : (int64_t)((b + d) % 5) - 2; /* negative too */
                    uint64_t target = (uint64_t)(uintptr_t)&table[slot];
                    uint64_t basev = target - (uint64_t)(idx * SCALES[s]) - (uint64_t)(int64_t)DISPS[d];
                    AsmReg dst = (AsmReg)((b + x + 2 + 16) % 16);
                    if (dst == RSP)
                        dst = RAX;
                    offs[k] = asm_len(&A);
                    want[k] = table[slot];
                    prologue();
                    asm_mov_ri(&A, (AsmReg)b, (int64_t)basev);
                    if (x >= 0)
                        asm_mov_ri(&A, (AsmReg)x, idx);
                    asm_mov_rm(&A, dst, asm_mem_idx((AsmReg)b, (AsmReg)x, SCALES[s], DISPS[d]));
                    asm_mov_rr(&A, RAX, dst);
                    epilogue();
                }
    static size_t movs[16][NIMM64];
    for (int r = 0; r < 16; r++)
        for (int i = 0; i < NIMM64; i++) {
            movs[r][i] = asm_len(&A);
            if (r == RSP)
                continue;
            prologue();
            asm_mov_ri(&A, RAX, 0x5555);
            asm_mov_ri(&A, (AsmReg)r, IMM64[i]);
            asm_mov_rr(&A, RAX, (AsmReg)r);
            epilogue();
        }
    uint8_t *p = place(&A);
    for (k = 0; k < N; k++) {
        if (!used[k])
            continue;
        uint8_t *q = p + offs[k];
        Fn2 f;
        AS_FN(f, q);
        int64_t got = f(0, 0);
        if (got == want[k])
            passed++;
        else
            fail_msg(__LINE__, "addressing case %d: %lld, want %lld", k, (long long)got, (long long)want[k]);
    }
    for (int r = 0; r < 16; r++)
        for (int i = 0; i < NIMM64; i++) {
            if (r == RSP)
                continue;
            uint8_t *q = p + movs[r][i];
            Fn2 f;
            AS_FN(f, q);
            int64_t got = f(0, 0);
            if (got == IMM64[i])
                passed++;
            else
                fail_msg(__LINE__, "mov %s, %lld ran as %lld", R64[r], (long long)IMM64[i], (long long)got);
        }
    unplace(p, A.len);
    asm_reset(&A);
}

int main(int argc, char **argv)
{
    verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) {
        fprintf(stderr, "cs_open failed\n");
        return 1;
    }
    asm_init(&A);
    build_mems();

    test_moves();
    test_alu();
    test_muldiv_shift();
    test_flags();
    test_control();
    test_sse();
    test_invalid();
    test_run_small();
    test_run_test_ri();
    test_run_alu_matrix();
    test_run_addressing();

    asm_free(&A);
    cs_close(&cs);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
