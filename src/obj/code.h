/* code.h: compiled code objects.
 *
 * A code object is immutable after compilation except for its inline caches
 * and hot counters, which the interpreter updates as it runs.
 */
#ifndef TPY_CODE_H
#define TPY_CODE_H

#include "../vm/object.h"

struct Buf;

enum CodeFlags {
    CO_VARARGS = 1 << 0,        /* has *args */
    CO_VARKEYWORDS = 1 << 1,    /* has **kwargs */
    CO_GENERATOR = 1 << 2,
    CO_NESTED = 1 << 3,
    CO_NOFREE = 1 << 4,         /* no cells and no free variables */
    CO_MODULE = 1 << 5,         /* module body */
    CO_CLASS = 1 << 6,          /* class body */
    CO_SIMPLE_ARGS = 1 << 7,    /* positional parameters only, no cells */
    CO_COMPREHENSION = 1 << 8,
    CO_HAS_DOC = 1 << 9,        /* consts[0] is the docstring */
    CO_COROUTINE = 1 << 10,     /* async def (with CO_GENERATOR: a heap frame) */
    CO_ITERABLE_COROUTINE = 1 << 11, /* a generator `await` accepts (types.coroutine) */
    CO_ASYNC_GENERATOR = 1 << 12,
    CO_FUTURE_ANNOTATIONS = 1 << 13,  /* compiled under `from __future__ import annotations`:
                                         compile() and exec() in it inherit that */
};

/* Source span of one instruction (lines 1-based, columns 0-based UTF-8
 * byte offsets; -1 when unknown). */
typedef struct Location {
    int32_t line, end_line, col, end_col;
} Location;

/* Exception table entry: an exception raised by an instruction in
 * [start, end) jumps to `target` after the value stack is cut to `depth`
 * (and, if `lasti`, the index of the raising instruction is pushed first);
 * then the exception is pushed. Entries are sorted by start and do not
 * overlap (the compiler splits nested ranges). */
typedef struct ExcTableEntry {
    uint32_t start, end, target;
    uint16_t depth;
    uint8_t lasti;
} ExcTableEntry;

/* Inline cache of one instruction (see vm/interp.c for each kind's use). */
typedef struct InlineCache {
    Value name;             /* interned name the instruction looks up */
    uint8_t kind;           /* 0: empty */
    uint8_t misses;
    uint16_t pad;
    uint32_t version;       /* type version or dict version (low bits) */
    void *key;              /* type, dict or map the entry is valid for */
    void *key2;
    Value value;            /* cached value / cell / descriptor */
    int64_t index;          /* slot index or entry index */
    struct InlineCache *alt;   /* the entry this one replaced, for sites that see two
                                  types (the interpreter's attribute caches); or NULL */
} InlineCache;

typedef struct CodeObject {
    Object hdr;
    Value name, qualname, filename;     /* str */
    int32_t firstlineno;
    int32_t argcount;           /* positional parameters (incl. posonly) */
    int32_t posonlyargcount;
    int32_t kwonlyargcount;
    int32_t nlocals;            /* local variables incl. parameters */
    int32_t ncells, nfrees;
    int32_t stacksize;
    uint32_t flags;
    int32_t ncode;
    uint32_t *code;
    Value consts;               /* tuple */
    Value names;                /* tuple of interned str */
    Value varnames;             /* tuple: locals */
    Value cellvars;             /* tuple */
    Value freevars;             /* tuple */
    int32_t *cell2arg;          /* ncells entries: parameter index or -1; NULL if none */
    Location *locations;        /* ncode entries */
    ExcTableEntry *exctable;
    int32_t nexctable;
    InlineCache *caches;
    int32_t ncaches;
    int32_t attr_hint;          /* class bodies: number of distinct self.X
                                   stores in the class's methods */
    /* the JIT's hot spots (jit/trace.h), one per instruction, lazily */
    struct JitCell *jitcells;
    /* function entry: calls counted up to function_threshold, then a trace
       from the first instruction (jit/trace.c jit_function_entry) */
    struct Trace *jit_entry_trace;
    int32_t jit_calls;
    uint16_t jit_entry_aborts;
    uint16_t jit_flags;         /* enum CodeJitFlags */
    Value source_lines;         /* unused; tracebacks read the file */
    int64_t hash;               /* hash(code), computed once (0: not yet) */
    Value linetable;            /* co_linetable as code.replace() was given it, or VNULL */
    int32_t *units;             /* lazily, code_units(): the code-unit view */
} CodeObject;

enum CodeJitFlags {
    CODE_JIT_NO_INLINE = 1,     /* has a loop: traces call it, not inline it */
    CODE_JIT_NO_ENTRY_TRACE = 2, /* function-entry tracing gave up */
    CODE_JIT_MADE_IN_TRACE = 4, /* a trace recorded MAKE_FUNCTION of it: its
                                   functions are new objects on every pass */
    /* function_new() made a function of it / more than one: a call site
       whose function varies among several of this code (closures made in
       a loop, decorators' wrappers) inlines them by code (jit/record.c,
       "Calls by code") */
    CODE_JIT_HAS_FUNCTION = 8,
    CODE_JIT_SEVERAL_FUNCTIONS = 16
};

extern Type code_type;

static inline bool code_check(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &code_type;
}
/* Source line of instruction i (-1 if unknown). */
static inline int code_line(CodeObject *co, int i) {
    return (i >= 0 && i < co->ncode) ? co->locations[i].line : co->firstlineno;
}
/* Offsets. An instruction is one 32-bit word (vm/opcodes.h), but what tpy
 * shows counts CPython's 2-byte code units, the format of co_code: each
 * instruction is one unit (public opcode, low 8 bits of its public
 * argument) preceded by one EXTENDED_ARG unit per further 8 bits its
 * argument needs (opcode module, code_units()). Instruction i's offset is
 * that of its own unit (after its prefixes), as CPython's f_lasti; co_code,
 * co_lines(), co_positions(), co_exceptiontable, f_lasti, tb_lasti, dis,
 * tpy --dis, greenkeys, debug_merge_point's #N and pypyjit's offsets all
 * use it, so they name an instruction by the same number. */
#define CODE_UNIT_BYTES 2
/* units[i] (i <= ncode): index of the first code unit of instruction i
 * (its first prefix), units[ncode] the total; then args[i] (i < ncode):
 * the public argument of instruction i (see code_public_arg). Computed
 * once per code object. */
const int32_t *code_units(CodeObject *co);
static inline int32_t code_offset(CodeObject *co, int32_t i) {
    if (i < 0 || i >= co->ncode) return (i < 0 ? i : code_units(co)[co->ncode] + i - co->ncode) * CODE_UNIT_BYTES;
    return (code_units(co)[i + 1] - 1) * CODE_UNIT_BYTES;
}
/* The byte offset where instruction i starts (its first prefix): where
 * jumps, exception handlers and lines start in co_code. */
static inline int32_t code_start_offset(CodeObject *co, int32_t i) {
    return code_units(co)[i] * CODE_UNIT_BYTES;
}
/* The instruction whose own unit (code_offset) is at byte offset ofs, or -1. */
int32_t code_index_at(CodeObject *co, int64_t ofs);
/* Public opcode numbers (what co_code and the opcode module show): 0 is
 * CACHE, then tpy's instructions without argument in the order of
 * vm/opcodes.h, then HAVE_ARGUMENT and those with one, then EXTENDED_ARG
 * and the names CPython's dis.py looks up that tpy never emits. */
#define PUBOP_CACHE 0
extern int code_pubop_have_argument, code_pubop_extended_arg, code_pubop_binary_op, code_pubop_jump_backward;
/* public number of tpy opcode op; the tpy opcode of public number p, or -1 */
int code_public_op(int op);
int code_private_op(int p);
/* Exception handler covering instruction i, or NULL. */
const ExcTableEntry *code_find_handler(CodeObject *co, int i);
/* The disassembly of co and of the code objects among its constants, in
 * the layout of CPython's dis (offsets as code_offset() says). */
void code_disassembly(CodeObject *co, struct Buf *out);
/* The same printed to a FILE * (tpy --dis). */
void code_disassemble(CodeObject *co, void *file);

void code_init(void);

#endif
