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
} CodeObject;

enum CodeJitFlags {
    CODE_JIT_NO_INLINE = 1,     /* has a loop: traces call it, not inline it */
    CODE_JIT_NO_ENTRY_TRACE = 2 /* function-entry tracing gave up */
};

extern Type code_type;

static inline bool code_check(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &code_type;
}
/* Source line of instruction i (-1 if unknown). */
static inline int code_line(CodeObject *co, int i) {
    return (i >= 0 && i < co->ncode) ? co->locations[i].line : co->firstlineno;
}
/* Offsets. An instruction is one 32-bit word (vm/opcodes.h), but every
 * offset tpy shows counts CODE_UNIT_BYTES per instruction: instruction i
 * is at offset 2 * i. That is CPython's unit (a 2-byte code unit, what its
 * `dis` prints and PyPy's greenkeys use), so tpy --dis, the dis module,
 * greenkeys, debug_merge_point's #N and pypyjit's offsets
 * (dont_trace_here, get_jitcell_at_key, ...) all name an instruction by
 * the same number. */
#define CODE_UNIT_BYTES 2
static inline int32_t code_offset(int32_t i) { return i * CODE_UNIT_BYTES; }
/* Exception handler covering instruction i, or NULL. */
const ExcTableEntry *code_find_handler(CodeObject *co, int i);
/* The disassembly of co and of the code objects among its constants, in
 * the layout of CPython's dis (offsets as code_offset() says). */
void code_disassembly(CodeObject *co, struct Buf *out);
/* The same printed to a FILE * (tpy --dis). */
void code_disassemble(CodeObject *co, void *file);

void code_init(void);

#endif
