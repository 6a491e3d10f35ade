/* compiler.c: AST -> bytecode (vm/opcodes.h) and code objects.
 *
 * One Unit per code object. Instructions are emitted in order; jumps name
 * labels that the assembler resolves at the end. Exception handling uses
 * CPython 3.11's zero-cost scheme: the compiler keeps a stack of active
 * handlers, every instruction records the innermost one, and the assembler
 * turns runs of equal handlers into the exception table. The value stack
 * depth is tracked while emitting (a handler records the depth at its
 * setup) and recomputed by a flow analysis for the frame size.
 *
 * `return`, `break` and `continue` leave enclosing blocks by emitting their
 * cleanup inline (finally bodies, with-exits, popping iterators), walking
 * the block stack (fblocks) from the inside out.
 */
#include "compiler.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "../runtime.h"
#include "../vm/config.h"
#include "../vm/opcodes.h"
#include "../vm/traceback.h"
#include "lexer.h"
#include "symtable.h"

/* ---- units ------------------------------------------------------------------------- */

typedef struct HandlerRec {
    int label;
    int depth;
    int lasti;
} HandlerRec;

typedef enum FBlockKind {
    FB_WHILE, FB_FOR, FB_TRY_EXCEPT, FB_FINALLY_TRY, FB_FINALLY_END, FB_WITH, FB_ASYNC_WITH, FB_HANDLER_CLEANUP, FB_POP_VALUE,
    FB_EXCEPTION_HANDLER,
    FB_EXCEPTION_GROUP_HANDLER,   /* the except* clauses: no break, continue or return out of them */
} FBlockKind;

typedef struct FBlock {
    FBlockKind kind;
    int top_label;          /* loops: continue target */
    int exit_label;         /* loops: break target */
    StmtList *finalbody;    /* FINALLY_TRY */
    const char *name;       /* HANDLER_CLEANUP: the `as` name or NULL */
    int saved_hdepth;       /* handler stack depth when the block was entered */
    SrcPos pos;
} FBlock;

#define MAX_FBLOCKS 40

typedef struct Unit {
    Scope *scope;
    struct Unit *parent;
    const char *name;
    Value qualname;
    uint32_t flags;
    uint32_t *code;
    Location *locs;
    int32_t *hidx;              /* handler record per instruction, -1 none */
    int n, cap;
    Value consts, consts_map;
    Value names, names_map;
    Value varnames, varnames_map;
    Value cellvars, freevars;
    InlineCache *caches;
    int ncaches, capcaches;
    int *label_pos;
    int *label_depth;
    int *label_line;            /* tail_line of the first reachable jump to it */
    int nlabels, caplabels;
    HandlerRec *hrecs;
    int nhrecs, caphrecs;
    int *hstack;
    int hdepth, hcap;
    FBlock fblocks[MAX_FBLOCKS];
    int nfblocks;
    int depth, maxdepth;
    bool dead;
    bool *failed;               /* the compiler's: set on an internal error */
    Location loc;
    Location last_stmt_loc;   /* of the statement compiled last (nested ones included) */
    /* The line of the implicit `return None`, CPython's rule with one copy
     * of the return: the line of the code that falls into it (the last
     * reachable instruction that has a line, or a `pass`), or when nothing
     * falls into it, of the first jump to it (its own line, or its
     * predecessor's if it has none). CPython gives the return a copy per way
     * in, each with that way's line; tpy keeps one, whose line is the one
     * CPython gives its first copy in most code. */
    int tail_line;
    int block_start;            /* where the last label was bound: a new basic block */
    int argcount, posonly, kwonly;
    int firstlineno;
    int attr_hint;
    bool in_class_method;       /* a method directly inside a class body */
} Unit;

typedef struct Compiler {
    SymTable st;
    Unit *u;
    const char *filename;
    Value filename_v;
    SyntaxErrorInfo *err;
    bool failed;
    CompileMode mode;
    const char *class_name;     /* for name mangling */
    int nested;
    bool name_ops;              /* module-level names use *_NAME (exec/eval/single: the code may run with its own locals) */
    bool future_annotations;    /* annotations compile to their source text */
    int future_lineno;          /* line of the last __future__ import opening the module */
    bool top_level_await;       /* compile(flags=PyCF_ALLOW_TOP_LEVEL_AWAIT) */
} Compiler;

static void compile_error(Compiler *c, SrcPos pos, const char *fmt, ...) {
    if (c->failed) return;
    c->failed = true;
    va_list ap;
    va_start(ap, fmt);
    char *msg = gc_alloc_atomic(512);
    vsnprintf(msg, 512, fmt, ap);
    va_end(ap);
    c->err->kind = "SyntaxError";
    c->err->msg = msg;
    c->err->filename = c->filename;
    c->err->lineno = pos.lineno;
    c->err->offset = pos.col_offset + 1;
    c->err->end_lineno = pos.end_lineno;
    c->err->end_offset = pos.end_col_offset + 1;
    c->err->text = NULL;
    c->err->incomplete = 0;
}

static Unit *unit_new(Compiler *c, Scope *scope, const char *name, Value qualname, int firstlineno) {
    Unit *u = gc_alloc(sizeof(Unit));
    u->scope = scope;
    u->parent = c->u;
    u->failed = &c->failed;
    u->name = name;
    u->qualname = qualname;
    u->consts = list_new(4);
    u->consts_map = dict_new();
    u->names = list_new(4);
    u->names_map = dict_new();
    u->varnames = list_new(4);
    u->varnames_map = dict_new();
    u->cellvars = list_new(0);
    u->freevars = list_new(0);
    u->firstlineno = firstlineno;
    u->loc = (Location){firstlineno, firstlineno, -1, -1};
    /* code with no line before the return: the code's first line, 0 for a
       module (CPython's module code starts at line 0) */
    u->tail_line = scope->kind == SCOPE_MODULE ? 0 : firstlineno;
    return u;
}

static int list_index_or_add(Value list, Value map, Value key) {
    Value idx = dict_get(map, key);
    if (idx) return (int)v_intval(idx);
    int i = (int)list_size(list);
    list_append(list, key);
    dict_set(map, key, v_int(i));
    return i;
}

static int add_name(Unit *u, const char *name) {
    return list_index_or_add(u->names, u->names_map, str_intern_cstr(name));
}

static int add_varname(Unit *u, const char *name) {
    return list_index_or_add(u->varnames, u->varnames_map, str_intern_cstr(name));
}

/* Constants are deduplicated by type and exact value (0, 0.0, -0.0, False
 * and True must stay distinct). */
static int add_const(Unit *u, Value v) {
    Value key;
    if (float_check_exact(v)) key = tuple_pack(2, V_FROM_PTR(&float_type), int_from_u64(double_bits(float_val(v))));
    else if (complex_check_exact(v))
        key = tuple_pack(3, V_FROM_PTR(&complex_type), int_from_u64(double_bits(complex_val(v).re)),
                         int_from_u64(double_bits(complex_val(v).im)));
    else if (str_check_exact(v) || int_check_exact(v) || v == V_NONE || v == V_TRUE || v == V_FALSE ||
             v == V_ELLIPSIS || bytes_check(v))
        key = tuple_pack(2, V_FROM_PTR(type_of(v)), v);
    else if (tuple_check_exact(v)) {
        /* tuples of constants: key on the items' keys recursively via repr-free identity */
        key = tuple_pack(2, V_FROM_PTR(&tuple_type), v_int((int64_t)(v >> 3)));
    } else
        key = tuple_pack(2, V_FROM_PTR(&object_type), v_int((int64_t)(v >> 3)));
    Value idx = dict_get(u->consts_map, key);   /* a miss sets no error: keep any pending one */
    if (idx) return (int)v_intval(idx);
    int i = (int)list_size(u->consts);
    list_append(u->consts, v);
    dict_set(u->consts_map, key, v_int(i));
    return i;
}

static int add_cache(Unit *u, const char *name) {
    if (u->ncaches == u->capcaches) {
        int cap = u->capcaches ? u->capcaches * 2 : 8;
        InlineCache *nc = gc_alloc(sizeof(InlineCache) * (size_t)cap);
        if (u->ncaches) memcpy(nc, u->caches, sizeof(InlineCache) * (size_t)u->ncaches);
        u->caches = nc;
        u->capcaches = cap;
    }
    InlineCache *ic = &u->caches[u->ncaches];
    memset(ic, 0, sizeof *ic);
    ic->name = str_intern_cstr(name);
    return u->ncaches++;
}

static int new_label(Unit *u) {
    if (u->nlabels == u->caplabels) {
        int cap = u->caplabels ? u->caplabels * 2 : 16;
        int *np = gc_alloc_atomic(sizeof(int) * (size_t)cap);
        int *nd = gc_alloc_atomic(sizeof(int) * (size_t)cap);
        int *nl = gc_alloc_atomic(sizeof(int) * (size_t)cap);
        if (u->nlabels) {
            memcpy(np, u->label_pos, sizeof(int) * (size_t)u->nlabels);
            memcpy(nd, u->label_depth, sizeof(int) * (size_t)u->nlabels);
            memcpy(nl, u->label_line, sizeof(int) * (size_t)u->nlabels);
        }
        u->label_pos = np;
        u->label_depth = nd;
        u->label_line = nl;
        u->caplabels = cap;
    }
    u->label_pos[u->nlabels] = -1;
    u->label_depth[u->nlabels] = -1;
    u->label_line[u->nlabels] = -1;
    return u->nlabels++;
}

/* A stack depth that two paths disagree on is a bug in the compiler: the
 * code would run with a wrong exception table. Compilation fails with a
 * SystemError rather than produce it (after a SyntaxError the half-compiled
 * statement may disagree; that is not reported). */
static void depth_mismatch(Unit *u, int d1, int d2) {
    if (*u->failed) return;
    *u->failed = true;
    err_format(&exc_SystemError, "internal compiler error: stack depths %d and %d meet at instruction %d of %s", d1,
               d2, u->n, u->name);
}

/* Depth tracking follows the flow in emission order, which Python's
 * structured control flow makes exact: every jump into a label that is
 * not yet bound is emitted before it (loops jump back only to labels
 * already bound), and only reachable code records depths at labels (jumps
 * and handler ranges in emit()). So a label that nothing has jumped to
 * when it is bound after dead code starts more dead code, and the depth
 * left over there can never leak into reachable code. */
static void bind_label(Unit *u, int label) {
    u->label_pos[label] = u->n;
    u->block_start = u->n;
    int d = u->label_depth[label];
    if (u->dead) {
        if (d < 0) return;   /* unreachable, stays dead */
        u->depth = d;
        u->dead = false;
        if (u->label_line[label] >= 0) u->tail_line = u->label_line[label];
    } else if (d >= 0 && d != u->depth) {
        depth_mismatch(u, u->depth, d);
    }
}

/* ---- emission ---------------------------------------------------------------------- */

int op_stack_effect(int op, int arg, int jump) {
    switch (op) {
    case OP_NOP: case OP_SWAP: case OP_DELETE_FAST: case OP_DELETE_DEREF: case OP_DELETE_GLOBAL:
    case OP_DELETE_NAME: case OP_LOAD_ATTR: case OP_UNARY_NEGATIVE: case OP_UNARY_POSITIVE:
    case OP_UNARY_INVERT: case OP_UNARY_NOT: case OP_JUMP_FORWARD: case OP_JUMP_ABSOLUTE: case OP_GET_ITER:
    case OP_LIST_TO_TUPLE: case OP_YIELD_VALUE: case OP_GET_YIELD_FROM_ITER: case OP_SETUP_ANNOTATIONS:
    case OP_DICT_TO_KWARGS: case OP_RETURN_GENERATOR: case OP_GEN_START: case OP_CHECK_EXC_MATCH:
    case OP_CHECK_EG_MATCH: case OP_GET_AWAITABLE: case OP_GET_AITER: case OP_ASYNC_GEN_WRAP:
        return 0;
    case OP_GET_ANEXT: case OP_BEFORE_ASYNC_WITH:
        return 1;
    case OP_END_ASYNC_FOR:
        return -2;
    case OP_GET_LEN: case OP_MATCH_MAPPING: case OP_MATCH_SEQUENCE: case OP_MATCH_KEYS:
        return 1;
    case OP_MATCH_CLASS:
        return -2;
    case OP_POP_TOP: case OP_STORE_FAST: case OP_STORE_DEREF: case OP_STORE_GLOBAL: case OP_STORE_NAME:
    case OP_DELETE_ATTR: case OP_BINARY_SUBSCR: case OP_COMPARE_OP: case OP_IS_OP: case OP_CONTAINS_OP:
    case OP_POP_JUMP_IF_FALSE: case OP_POP_JUMP_IF_TRUE: case OP_RETURN_VALUE: case OP_LIST_APPEND:
    case OP_SET_ADD: case OP_LIST_EXTEND: case OP_SET_UPDATE: case OP_DICT_UPDATE: case OP_DICT_MERGE:
    case OP_POP_EXCEPT: case OP_IMPORT_NAME: case OP_IMPORT_STAR: case OP_PRINT_EXPR: case OP_RERAISE:
    case OP_JUMP_IF_NOT_EXC_MATCH: case OP_YIELD_FROM: case OP_PREP_RERAISE_STAR:
        return -1;
    case OP_COPY: case OP_LOAD_CONST: case OP_LOAD_FAST: case OP_LOAD_DEREF: case OP_LOAD_CLOSURE:
    case OP_LOAD_CLASSDEREF: case OP_LOAD_GLOBAL: case OP_LOAD_NAME: case OP_LOAD_METHOD:
    case OP_PUSH_EXC_INFO: case OP_LOAD_ASSERTION_ERROR: case OP_BEFORE_WITH: case OP_WITH_EXCEPT_START:
    case OP_IMPORT_FROM: case OP_LOAD_BUILD_CLASS: case OP_LOAD_LOCALS:
        return 1;
    case OP_STORE_ATTR: case OP_DELETE_SUBSCR: case OP_MAP_ADD:
        return -2;
    case OP_STORE_SUBSCR: return -3;
    case OP_BUILD_SLICE: return arg == 3 ? -2 : -1;   /* as the interpreter: 3 or else 2 */
    case OP_JUMP_IF_FALSE_OR_POP: case OP_JUMP_IF_TRUE_OR_POP: return jump ? 0 : -1;
    case OP_FOR_ITER: return jump ? -1 : 1;
    case OP_CALL_FUNCTION: return -arg;
    case OP_CALL_FUNCTION_KW: return -arg - 1;
    case OP_CALL_FUNCTION_EX: return -1 - (arg & 1);
    case OP_CALL_METHOD: return -arg - 1;
    case OP_CALL_METHOD_KW: return -arg - 2;
    case OP_MAKE_FUNCTION: return -__builtin_popcount((unsigned)arg & 15);
    case OP_BUILD_TUPLE: case OP_BUILD_LIST: case OP_BUILD_SET: case OP_BUILD_STRING: return 1 - arg;
    case OP_BUILD_MAP: return 1 - 2 * arg;
    case OP_UNPACK_SEQUENCE: return arg - 1;
    case OP_UNPACK_EX: return (arg & 0xFFF) + (arg >> 12);
    case OP_FORMAT_VALUE: return (arg & FVS_HAVE_SPEC) ? -1 : 0;
    case OP_RAISE_VARARGS: return -arg;
    default:
        if (op >= OP_BINARY_ADD && op <= OP_INPLACE_XOR) return -1;
        return 0;
    }
}

/* Record the depth at which reachable code enters a label. All ways in
 * must agree; a disagreement is a bug in the compiler. */
static void note_label_depth(Unit *u, int label, int depth) {
    int *d = &u->label_depth[label];
    if (*d < 0) *d = depth;
    else if (*d != depth) depth_mismatch(u, *d, depth);
}

static void emit(Compiler *c, int op, int arg) {
    Unit *u = c->u;
    if (u->n == u->cap) {
        int cap = u->cap ? u->cap * 2 : 64;
        uint32_t *nc = gc_alloc_atomic(sizeof(uint32_t) * (size_t)cap);
        Location *nl = gc_alloc_atomic(sizeof(Location) * (size_t)cap);
        int32_t *nh = gc_alloc_atomic(sizeof(int32_t) * (size_t)cap);
        if (u->n) {
            memcpy(nc, u->code, sizeof(uint32_t) * (size_t)u->n);
            memcpy(nl, u->locs, sizeof(Location) * (size_t)u->n);
            memcpy(nh, u->hidx, sizeof(int32_t) * (size_t)u->n);
        }
        u->code = nc;
        u->locs = nl;
        u->hidx = nh;
        u->cap = cap;
    }
    if (arg < 0 || arg > INSTR_ARG_MAX) {
        compile_error(c, (SrcPos){u->loc.line, u->loc.col, u->loc.end_line, u->loc.end_col}, "too many constants or names");
        arg = 0;
    }
    u->code[u->n] = INSTR(op, arg);
    u->locs[u->n] = u->loc;
    u->hidx[u->n] = u->hdepth ? u->hstack[u->hdepth - 1] : -1;
    u->n++;
    if (!u->dead) {
        /* reachable: its jump target and its handler are reachable too */
        if (opcode_flags[op] & OPF_JUMP) {
            note_label_depth(u, arg, u->depth + op_stack_effect(op, arg, 1));
            if (u->label_line[arg] < 0) u->label_line[arg] = u->loc.line >= 0 ? u->loc.line : u->tail_line;
        }
        if (u->loc.line >= 0) u->tail_line = u->loc.line;
        if (u->hdepth) {
            HandlerRec *r = &u->hrecs[u->hstack[u->hdepth - 1]];
            note_label_depth(u, r->label, r->depth + r->lasti + 1);
        }
    }
    u->depth += op_stack_effect(op, arg, 0);
    if (u->depth > u->maxdepth) u->maxdepth = u->depth;
    if (op == OP_JUMP_FORWARD || op == OP_JUMP_ABSOLUTE || op == OP_RETURN_VALUE || op == OP_RAISE_VARARGS ||
        op == OP_RERAISE)
        u->dead = true;
}

static void emit0(Compiler *c, int op) { emit(c, op, 0); }

/* A jump that belongs to no statement of its own (out of an if's body, a
 * try body, a finally body): the line of the code before it, as CPython's line
 * propagation gives it, rather than the enclosing statement's. */
static void emit_tail_jump(Compiler *c, int op, int label) {
    Location saved = c->u->loc;
    c->u->loc = (Location){c->u->tail_line, c->u->tail_line, -1, -1};
    emit(c, op, label);
    c->u->loc = saved;
}

static void emit_const(Compiler *c, Value v) { emit(c, OP_LOAD_CONST, add_const(c->u, v)); }


/* await TOS: CPython 3.11's GET_AWAITABLE and send loop, here YIELD_FROM
 * (the delegation `yield from` uses). where: see GET_AWAITABLE. */
/* await, async for, async with and awaited comprehensions are allowed
   in the module's own code under PyCF_ALLOW_TOP_LEVEL_AWAIT: the module's
   code object is then a coroutine's (CO_COROUTINE), as CPython's */
static bool top_level_await(Compiler *c) {
    if (!c->top_level_await || c->u->scope->kind != SCOPE_MODULE) return false;
    c->u->flags |= CO_GENERATOR | CO_COROUTINE;
    return true;
}

static void emit_await(Compiler *c, int where) {
    emit(c, OP_GET_AWAITABLE, where);
    emit_const(c, V_NONE);
    emit0(c, OP_YIELD_FROM);
}


/* Handlers */
static void push_handler(Compiler *c, int label, int lasti) {
    Unit *u = c->u;
    if (u->nhrecs == u->caphrecs) {
        int cap = u->caphrecs ? u->caphrecs * 2 : 8;
        HandlerRec *nr = gc_alloc_atomic(sizeof(HandlerRec) * (size_t)cap);
        if (u->nhrecs) memcpy(nr, u->hrecs, sizeof(HandlerRec) * (size_t)u->nhrecs);
        u->hrecs = nr;
        u->caphrecs = cap;
    }
    u->hrecs[u->nhrecs] = (HandlerRec){label, u->depth, lasti};
    if (u->hdepth == u->hcap) {
        int cap = u->hcap ? u->hcap * 2 : 8;
        int *ns = gc_alloc_atomic(sizeof(int) * (size_t)cap);
        if (u->hdepth) memcpy(ns, u->hstack, sizeof(int) * (size_t)u->hdepth);
        u->hstack = ns;
        u->hcap = cap;
    }
    u->hstack[u->hdepth++] = u->nhrecs++;
}

static void pop_handler(Compiler *c) { c->u->hdepth--; }

static bool push_fblock(Compiler *c, FBlockKind kind, int top, int exit, SrcPos pos) {
    Unit *u = c->u;
    if (u->nfblocks >= MAX_FBLOCKS) {
        compile_error(c, pos, "too many statically nested blocks");
        return false;
    }
    FBlock *f = &u->fblocks[u->nfblocks++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->top_label = top;
    f->exit_label = exit;
    f->saved_hdepth = u->hdepth;
    f->pos = pos;
    return true;
}

static void pop_fblock(Compiler *c) { c->u->nfblocks--; }

/* Locations */
static Location loc_of(SrcPos p) { return (Location){p.lineno, p.end_lineno, p.col_offset, p.end_col_offset}; }

/* The position of an instruction of attribute `attr` (load, store,
 * delete, method) over `pos`: when the attribute expression spans lines,
 * CPython 3.11 starts it at the attribute's name, so that a traceback
 * points at `.name` rather than at the first line of the object. */
static SrcPos attr_pos(Expr *attr, SrcPos pos) {
    if (pos.lineno == attr->pos.end_lineno) return pos;
    pos.lineno = attr->pos.end_lineno;
    int len = 0;   /* the name's length in characters */
    for (const unsigned char *p = (const unsigned char *)attr->u.attribute.attr; *p; p++) len += (*p & 0xC0) != 0x80;
    if (len <= attr->pos.end_col_offset) {
        pos.col_offset = attr->pos.end_col_offset - len;
    } else {   /* a hand-made AST with odd positions: no columns */
        pos.col_offset = pos.end_col_offset = -1;
    }
    return pos;
}

/* A loop's jump back: no line of its own (CPython's JUMP_NOLINE). Line
 * propagation gives it the line of the body's last instruction when it
 * follows it; the loop's header reports its line when the jump lands. */
static void emit_loop_back(Compiler *c, int top) {
    Location saved = c->u->loc;
    c->u->loc = (Location){-1, -1, -1, -1};
    emit(c, OP_JUMP_ABSOLUTE, top);
    c->u->loc = saved;
}

#define WITH_LOC(c, pos, body)          \
    do {                                \
        Location saved_loc_ = (c)->u->loc; \
        (c)->u->loc = loc_of(pos);      \
        body;                           \
        (c)->u->loc = saved_loc_;       \
    } while (0)

/* A statement with no code of its own (pass, the first line of a try) keeps
 * a NOP at its line, as CPython's, so that tracing and f_lineno jumps see
 * the line; none when the instruction before it in the same basic block
 * already has that line (CPython's redundant-NOP removal). */
static void emit_line_nop(Compiler *c, SrcPos pos) {
    Unit *u = c->u;
    if (u->dead) return;
    if (u->n > u->block_start && u->locs[u->n - 1].line == pos.lineno) return;
    Location saved = u->loc;
    u->loc = loc_of(pos);
    emit0(c, OP_NOP);
    u->loc = saved;
}


/* Where a jump to label really goes: through unconditional forward jumps
 * (never into a backward one, which the JIT's loop detection keys on). */
static int final_label(Unit *u, int label) {
    for (int steps = 0; steps < 64; steps++) {
        int pos = u->label_pos[label];
        if (pos < 0 || pos >= u->n || INSTR_OP(u->code[pos]) != OP_JUMP_FORWARD) break;
        label = (int)INSTR_ARG(u->code[pos]);
    }
    return label;
}

/* The implicit `return None` that ends a body. Jumps from other lines (an
 * if's test, a loop's exhaustion) get their own copy with their own line,
 * as CPython duplicates its exit blocks, so that tracing never reports the
 * line of a statement that did not run (nor a debugger jumps from it). */
static void emit_implicit_return(Compiler *c) {
    Unit *u = c->u;
    if (u->dead) return;
    int here = u->n;
    int fall_line = u->tail_line;
    u->loc = (Location){fall_line, fall_line, -1, -1};
    /* falling through from an instruction of that line: CPython's return
       inherits that instruction's whole position, columns included */
    if (here > u->block_start && u->locs[here - 1].line == fall_line) u->loc = u->locs[here - 1];
    emit_const(c, V_NONE);
    emit0(c, OP_RETURN_VALUE);
    if (here != u->block_start) return;
    int depth = u->depth;
    /* a jump without a line of its own has the line of the instruction
       before it in its basic block (CPython's line propagation) */
    bool *starts = gc_alloc_atomic((size_t)here + 1);
    memset(starts, 0, (size_t)here + 1);
    for (int l = 0; l < u->nlabels; l++)
        if (u->label_pos[l] >= 0 && u->label_pos[l] <= here) starts[u->label_pos[l]] = true;
    int *jline = gc_alloc_atomic(sizeof(int) * ((size_t)here + 1));
    for (int j = 0, cur = -1; j < here; j++) {
        if (starts[j]) cur = -1;
        if (u->locs[j].line >= 0) cur = u->locs[j].line;
        jline[j] = cur;
    }
    for (;;) {
        /* the jumps to here from one other line: retargeted to a copy */
        int line = -1, copy = -1;
        for (int j = 0; j < here; j++) {
            uint32_t w = u->code[j];
            int op = INSTR_OP(w);
            if (!(opcode_flags[op] & OPF_JUMP)) continue;
            int l = final_label(u, (int)INSTR_ARG(w));
            if (u->label_pos[l] != here || jline[j] < 0 || jline[j] == fall_line) continue;
            if (line < 0) {
                line = jline[j];
                copy = new_label(u);
                note_label_depth(u, copy, depth);
            } else if (jline[j] != line) {
                continue;
            }
            u->code[j] = INSTR(op, copy);
        }
        if (line < 0) return;
        u->dead = false;
        bind_label(u, copy);
        u->loc = (Location){line, line, -1, -1};
        emit_const(c, V_NONE);
        emit0(c, OP_RETURN_VALUE);
    }
}

/* ---- names ------------------------------------------------------------------------- */

static const char *mangle(Compiler *c, const char *name) { return mangle_name(c->class_name, name); }

static int deref_index(Unit *u, const char *name) {
    Value n = str_intern_cstr(name);
    for (int64_t i = 0; i < list_size(u->cellvars); i++)
        if (list_get(u->cellvars, i) == n) return (int)i;
    for (int64_t i = 0; i < list_size(u->freevars); i++)
        if (list_get(u->freevars, i) == n) return (int)(list_size(u->cellvars) + i);
    return -1;
}

/* A free variable's slot. In a class body a free name is always the
 * enclosing function's variable: a class whose methods use __class__ has
 * its own __class__ cell besides, which only the methods see. */
static int free_index(Unit *u, const char *name) {
    Value n = str_intern_cstr(name);
    for (int64_t i = 0; i < list_size(u->freevars); i++)
        if (list_get(u->freevars, i) == n) return (int)(list_size(u->cellvars) + i);
    return -1;
}

static void compile_name(Compiler *c, const char *raw, ExprCtx ctx, SrcPos pos) {
    Unit *u = c->u;
    const char *name = mangle(c, raw);
    Symbol *sym = scope_lookup(u->scope, name);
    SymKind kind = sym ? sym->kind : SYM_GLOBAL_IMPLICIT;
    if (ctx != CTX_LOAD && strcmp(raw, "__debug__") == 0) {
        /* a constant: binding or deleting it is an error (CPython's
           forbidden_name), at the name's node or the binding statement */
        compile_error(c, pos, ctx == CTX_DEL ? "cannot delete __debug__" : "cannot assign to __debug__");
        return;
    }
    if (ctx == CTX_LOAD && strcmp(raw, "__debug__") == 0) {
        /* a constant, as in CPython: False under -O (assigning it is a SyntaxError) */
        emit_const(c, tpy_config.optimize ? V_FALSE : V_TRUE);
        return;
    }
    if (u->scope->kind == SCOPE_MODULE && c->name_ops && kind != SYM_GLOBAL_EXPLICIT) {
        /* exec/eval: the code may run with a separate locals mapping */
        int ni = add_name(u, name);
        emit(c, ctx == CTX_LOAD ? OP_LOAD_NAME : ctx == CTX_STORE ? OP_STORE_NAME : OP_DELETE_NAME, ni);
        return;
    }
    if (u->scope->kind == SCOPE_MODULE) {
        /* module-level names are the module's globals */
        int ni = add_name(u, name);
        if (ctx == CTX_LOAD) emit(c, OP_LOAD_GLOBAL, add_cache(u, name));
        else if (ctx == CTX_STORE) emit(c, OP_STORE_GLOBAL, ni);
        else emit(c, OP_DELETE_GLOBAL, ni);
        return;
    }
    if (u->scope->kind == SCOPE_CLASS) {
        if (kind == SYM_GLOBAL_EXPLICIT) {
            if (ctx == CTX_LOAD) emit(c, OP_LOAD_GLOBAL, add_cache(u, name));
            else emit(c, ctx == CTX_STORE ? OP_STORE_GLOBAL : OP_DELETE_GLOBAL, add_name(u, name));
            return;
        }
        if (kind == SYM_FREE && (sym->flags & DEF_NONLOCAL)) {
            /* declared nonlocal in the class body: always the cell */
            emit(c, ctx == CTX_LOAD ? OP_LOAD_DEREF : ctx == CTX_STORE ? OP_STORE_DEREF : OP_DELETE_DEREF,
                 free_index(u, name));
            return;
        }
        if (kind == SYM_FREE && ctx == CTX_LOAD) {
            emit(c, OP_LOAD_CLASSDEREF, free_index(u, name));
            return;
        }
        if (kind == SYM_FREE && !(sym->flags & DEF_LOCAL)) {
            emit(c, ctx == CTX_STORE ? OP_STORE_DEREF : OP_DELETE_DEREF, free_index(u, name));
            return;
        }
        int ni = add_name(u, name);
        emit(c, ctx == CTX_LOAD ? OP_LOAD_NAME : ctx == CTX_STORE ? OP_STORE_NAME : OP_DELETE_NAME, ni);
        return;
    }
    switch (kind) {
    case SYM_LOCAL: {
        int vi = add_varname(u, name);
        emit(c, ctx == CTX_LOAD ? OP_LOAD_FAST : ctx == CTX_STORE ? OP_STORE_FAST : OP_DELETE_FAST, vi);
        return;
    }
    case SYM_CELL:
    case SYM_FREE: {
        int di = deref_index(u, name);
        emit(c, ctx == CTX_LOAD ? OP_LOAD_DEREF : ctx == CTX_STORE ? OP_STORE_DEREF : OP_DELETE_DEREF, di);
        return;
    }
    default:
        if (ctx == CTX_LOAD) emit(c, OP_LOAD_GLOBAL, add_cache(u, name));
        else emit(c, ctx == CTX_STORE ? OP_STORE_GLOBAL : OP_DELETE_GLOBAL, add_name(u, name));
        return;
    }
}

/* ---- expressions ------------------------------------------------------------------- */

static void compile_expr(Compiler *c, Expr *e);
static void compile_stmts(Compiler *c, StmtList l);
static void compile_stmt(Compiler *c, Stmt *s);
static void compile_store(Compiler *c, Expr *t);

/* The value of an E_CONSTANT expression. A decimal literal longer than
 * sys.get_int_max_str_digits() is CPython's SyntaxError at its line. */
Value ast_constant_value(const Constant *k) {
    switch (k->kind) {
    case CONST_NONE: return V_NONE;
    case CONST_TRUE: return V_TRUE;
    case CONST_FALSE: return V_FALSE;
    case CONST_ELLIPSIS: return V_ELLIPSIS;
    case CONST_INT: return int_from_i64(k->i);
    case CONST_BIGINT: return int_from_string(k->str, strlen(k->str), 10);
    case CONST_FLOAT: return float_from_double(k->f);
    case CONST_IMAG: return complex_from(0.0, k->f);
    case CONST_STR: return str_new(k->str, k->len);
    case CONST_BYTES: return bytes_new(k->str, k->len);
    case CONST_OBJECT: return (Value)k->obj;
    }
    return V_NONE;
}

static Value const_value(Compiler *c, Expr *e) {
    Constant *k = &e->u.constant;
    switch (k->kind) {
    case CONST_BIGINT: {
        Value v = ast_constant_value(k);
        if (!v) {
            Value exc = err_fetch();
            Value m = exc ? obj_str(exc) : VNULL;
            if (!m) err_clear();
            compile_error(c, e->pos, "%s - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.",
                          m ? str_data(m) : "integer literal too long");
            c->err->offset = c->err->end_offset = 0;
            return v_int(0);
        }
        return v;
    }
    default: return ast_constant_value(k);
    }
}

static int binop_opcode(int op, bool inplace) {
    static const int bin[BINOP__COUNT] = {
        [BINOP_ADD] = OP_BINARY_ADD, [BINOP_SUB] = OP_BINARY_SUBTRACT, [BINOP_MUL] = OP_BINARY_MULTIPLY,
        [BINOP_MATMUL] = OP_BINARY_MATRIX_MULTIPLY, [BINOP_TRUEDIV] = OP_BINARY_TRUE_DIVIDE,
        [BINOP_FLOORDIV] = OP_BINARY_FLOOR_DIVIDE, [BINOP_MOD] = OP_BINARY_MODULO, [BINOP_POW] = OP_BINARY_POWER,
        [BINOP_LSHIFT] = OP_BINARY_LSHIFT, [BINOP_RSHIFT] = OP_BINARY_RSHIFT, [BINOP_AND] = OP_BINARY_AND,
        [BINOP_OR] = OP_BINARY_OR, [BINOP_XOR] = OP_BINARY_XOR,
    };
    int o = bin[op];
    return inplace ? o + (OP_INPLACE_ADD - OP_BINARY_ADD) : o;
}
_Static_assert(OP_INPLACE_XOR - OP_INPLACE_ADD == OP_BINARY_XOR - OP_BINARY_ADD, "in-place opcodes mirror binary ones");

static bool has_starred(ExprList l) {
    for (int i = 0; i < l.n; i++)
        if (l.items[i]->kind == E_STARRED) return true;
    return false;
}

/* A name, a constant or a dotted name: an expression that cannot hold a
 * compile-time error, so unreachable copies of it need not be compiled. */
static bool expr_is_name_or_constant(Expr *e) {
    while (e->kind == E_ATTRIBUTE && e->u.attribute.ctx == CTX_LOAD) e = e->u.attribute.value;
    return e->kind == E_CONSTANT || (e->kind == E_NAME && e->u.name.ctx == CTX_LOAD);
}

/* ---- constant folding -------------------------------------------------------------- */

/* CPython's AST optimizer computes operations on constants at compile time
 * (-1, 2**8, "ab" * 2, (1, -2), "abc"[0], `x in {1, 2}` with a frozenset),
 * and so does this compiler: code objects then hold CPython's constants
 * (-0.0 is a constant, as test_compile checks) and the interpreter and the
 * JIT see one LOAD_CONST. The limits are CPython's, so that a fold never
 * builds a huge object into a code object; an operation that raises is
 * left to run (and raise) at run time. */
#define FOLD_MAX_INT_BITS 128
#define FOLD_MAX_COLLECTION 256
#define FOLD_MAX_STR 4096

static int64_t fold_int_bits(Value v) {
    mpz_t z;
    mpz_init(z);
    int_to_mpz(v, z);
    int64_t bits = mpz_sgn(z) ? (int64_t)mpz_sizeinbase(z, 2) : 0;
    mpz_clear(z);
    return bits;
}

static bool fold_is_int(Value v) { return int_check(v); }

/* the size a sequence repeated n times would have, within limits */
static bool fold_repeat_ok(Value seq, Value n) {
    if (!fold_is_int(n)) return true;   /* not a repetition: the operation decides */
    int64_t count = int_as_i64_clamped(n, 0, INT64_MAX);
    int64_t len = str_check(seq) ? str_len(seq) : bytes_check(seq) ? bytes_size(seq)
                : tuple_check(seq) ? tuple_size(seq) : -1;
    if (len < 0) return true;
    int64_t limit = tuple_check(seq) ? FOLD_MAX_COLLECTION : FOLD_MAX_STR;
    return len == 0 || count <= limit / len;
}

static bool fold_binop_ok(Value a, Value b, int op) {
    switch (op) {
    case BINOP_MUL:
        if (fold_is_int(a) && fold_is_int(b))
            return int_is_zero(a) || int_is_zero(b) || fold_int_bits(a) + fold_int_bits(b) <= FOLD_MAX_INT_BITS;
        return fold_repeat_ok(a, b) && fold_repeat_ok(b, a);
    case BINOP_POW:
        if (fold_is_int(a) && fold_is_int(b) && int_sign(b) > 0) {
            int64_t e = int_as_i64_clamped(b, 0, FOLD_MAX_INT_BITS + 1);
            return e <= FOLD_MAX_INT_BITS && fold_int_bits(a) * e <= FOLD_MAX_INT_BITS;
        }
        return true;
    case BINOP_LSHIFT:
        if (fold_is_int(a) && fold_is_int(b)) {
            if (int_is_zero(a)) return true;
            int64_t sh = int_as_i64_clamped(b, -1, FOLD_MAX_INT_BITS + 1);
            return sh >= 0 && sh <= FOLD_MAX_INT_BITS && fold_int_bits(a) <= FOLD_MAX_INT_BITS - sh;
        }
        return true;
    case BINOP_MOD:   /* "%s" % x is formatting: CPython leaves it to run time */
        return !str_check(a) && !bytes_check(a);
    default: return true;
    }
}

/* The constant e computes, or 0 (no error set) when it is not one. */
static Value fold_constant(Compiler *c, Expr *e) {
    Value r = 0;
    switch (e->kind) {
    case E_CONSTANT: return const_value(c, e);
    case E_UNARYOP: {
        Value v = fold_constant(c, e->u.unaryop.operand);
        if (!v) return 0;
        if (e->u.unaryop.op == AST_UNOP_NOT) {
            int t = obj_truth(v);
            r = t < 0 ? 0 : t ? V_FALSE : V_TRUE;
        } else {
            r = obj_unop(v, e->u.unaryop.op);
        }
        break;
    }
    case E_BINOP: {
        Value a = fold_constant(c, e->u.binop.left);
        Value b = a ? fold_constant(c, e->u.binop.right) : 0;
        if (!b || !fold_binop_ok(a, b, e->u.binop.op)) return 0;
        r = obj_binop(a, b, e->u.binop.op);
        break;
    }
    case E_TUPLE: {
        ExprList elts = e->u.seq.elts;
        if (has_starred(elts)) return 0;
        Value t = tuple_new(elts.n);
        for (int i = 0; i < elts.n; i++) {
            Value v = fold_constant(c, elts.items[i]);
            if (!v) return 0;
            tuple_items(t)[i] = v;
        }
        return t;
    }
    case E_SUBSCRIPT: {
        if (e->u.subscript.slice->kind == E_SLICE) return 0;
        Value a = fold_constant(c, e->u.subscript.value);
        Value i = a ? fold_constant(c, e->u.subscript.slice) : 0;
        if (!i) return 0;
        r = obj_getitem(a, i);
        break;
    }
    default: return 0;
    }
    if (!r) err_clear();
    return r;
}

/* `x in [1, 2]`, `x in {1, 2}` with constant items: the container is
   CPython's constant tuple or frozenset */
static Value fold_membership_operand(Compiler *c, Expr *e) {
    if ((e->kind != E_LIST && e->kind != E_SET) || has_starred(e->u.seq.elts)) return 0;
    ExprList elts = e->u.seq.elts;
    Value t = tuple_new(elts.n);
    for (int i = 0; i < elts.n; i++) {
        Value v = fold_constant(c, elts.items[i]);
        if (!v) return 0;
        tuple_items(t)[i] = v;
    }
    if (e->kind == E_LIST) return t;
    Value fs = frozenset_new();
    for (int i = 0; i < elts.n; i++)
        if (set_add(fs, tuple_items(t)[i]) < 0) {   /* an unhashable constant: a TypeError at run time */
            err_clear();
            return 0;
        }
    return fs;
}


/* Displays and calls with more items than this build their container one
 * item at a time (CPython's STACK_USE_GUIDELINE), so that the value stack a
 * frame needs stays small however long a literal is. */
#define STACK_USE_GUIDELINE 30

/* Build a list/tuple/set from elts with possible *unpacking. kind: 0 list,
 * 1 tuple, 2 set. */
static void compile_sequence(Compiler *c, ExprList elts, int kind) {
    bool big = elts.n > STACK_USE_GUIDELINE;
    if (!has_starred(elts) && !big) {
        for (int i = 0; i < elts.n; i++) compile_expr(c, elts.items[i]);
        emit(c, kind == 0 ? OP_BUILD_LIST : kind == 1 ? OP_BUILD_TUPLE : OP_BUILD_SET, elts.n);
        return;
    }
    int built = 0;
    bool have = big;
    if (big) emit(c, kind == 2 ? OP_BUILD_SET : OP_BUILD_LIST, 0);
    for (int i = 0; i < elts.n; i++) {
        Expr *e = elts.items[i];
        if (e->kind == E_STARRED) {
            if (!have) {
                emit(c, kind == 2 ? OP_BUILD_SET : OP_BUILD_LIST, built);
                have = true;
                built = 0;
            }
            compile_expr(c, e->u.starred.value);
            emit(c, kind == 2 ? OP_SET_UPDATE : OP_LIST_EXTEND, 1);
        } else {
            compile_expr(c, e);
            if (have) emit(c, kind == 2 ? OP_SET_ADD : OP_LIST_APPEND, 1);
            else built++;
        }
    }
    if (kind == 1) emit0(c, OP_LIST_TO_TUPLE);
}

static void compile_dict(Compiler *c, Expr *e) {
    ExprList keys = e->u.dict.keys, vals = e->u.dict.values;
    int pending = 0;
    bool big = vals.n > STACK_USE_GUIDELINE / 2;
    bool have = big;
    if (big) emit(c, OP_BUILD_MAP, 0);
    for (int i = 0; i < vals.n; i++) {
        if (!keys.items[i]) {
            if (!have) {
                emit(c, OP_BUILD_MAP, pending);
                have = true;
            } else if (pending) {
                emit(c, OP_BUILD_MAP, pending);
                emit(c, OP_DICT_UPDATE, 1);
            }
            pending = 0;
            compile_expr(c, vals.items[i]);
            emit(c, OP_DICT_UPDATE, 1);
            continue;
        }
        compile_expr(c, keys.items[i]);
        compile_expr(c, vals.items[i]);
        if (big) {
            emit(c, OP_MAP_ADD, 1);
            continue;
        }
        pending++;
        if (pending >= 16 && have) {
            emit(c, OP_BUILD_MAP, pending);
            emit(c, OP_DICT_UPDATE, 1);
            pending = 0;
        }
    }
    if (!have) emit(c, OP_BUILD_MAP, pending);
    else if (pending) {
        emit(c, OP_BUILD_MAP, pending);
        emit(c, OP_DICT_UPDATE, 1);
    }
}

/* Jump to `label` if the truth of e equals `cond`; short-circuits and/or/not. */
static void compile_jump_if(Compiler *c, Expr *e, bool cond, int label) {
    if (e->kind == E_UNARYOP && e->u.unaryop.op == AST_UNOP_NOT) {
        compile_jump_if(c, e->u.unaryop.operand, !cond, label);
        return;
    }
    if (e->kind == E_BOOLOP) {
        bool is_and = e->u.boolop.op == AST_BOOL_AND;
        ExprList v = e->u.boolop.values;
        if (is_and == cond) {
            /* and-true / or-false: all must match; skip on first mismatch */
            int skip = new_label(c->u);
            for (int i = 0; i < v.n - 1; i++) compile_jump_if(c, v.items[i], !cond, skip);
            compile_jump_if(c, v.items[v.n - 1], cond, label);
            bind_label(c->u, skip);
        } else {
            for (int i = 0; i < v.n; i++) compile_jump_if(c, v.items[i], cond, label);
        }
        return;
    }
    if (e->kind == E_IFEXP) {
        Unit *u = c->u;
        int orelse = new_label(u), end = new_label(u);
        compile_jump_if(c, e->u.ifexp.test, false, orelse);
        compile_jump_if(c, e->u.ifexp.body, cond, label);
        if (!u->dead) emit(c, OP_JUMP_FORWARD, end);
        bind_label(u, orelse);
        compile_jump_if(c, e->u.ifexp.orelse, cond, label);
        bind_label(u, end);
        return;
    }
    compile_expr(c, e);
    /* CPython 3.11 leaves a comparison's span as the current location for
       the rest of the statement: `assert a < b` raises at `a < b` (marked
       with carets), `assert a` at the whole statement */
    if (e->kind == E_COMPARE) c->u->loc = loc_of(e->pos);
    WITH_LOC(c, e->pos, emit(c, cond ? OP_POP_JUMP_IF_TRUE : OP_POP_JUMP_IF_FALSE, label));
}

/* ---- CPython's SyntaxWarnings about code that cannot be what was meant ---- */

static void compile_warn(Compiler *c, SrcPos pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void compile_warn(Compiler *c, SrcPos pos, const char *fmt, ...) {
    if (c->failed || !front_warn_hook) return;
    va_list ap;
    va_start(ap, fmt);
    char *msg = gc_alloc_atomic(512);
    vsnprintf(msg, 512, fmt, ap);
    va_end(ap);
    /* made an error by the filters: a SyntaxError with that message */
    if (front_warn_hook(FRONT_SYNTAX_WARNING, msg, c->filename, pos.lineno)) compile_error(c, pos, "%s", msg);
}

/* The type a literal display or constant evaluates to (CPython's
   infer_type), or NULL when the compiler cannot tell */
static const char *literal_type(Expr *e) {
    switch (e->kind) {
    case E_TUPLE: return "tuple";
    case E_LIST: case E_LISTCOMP: return "list";
    case E_DICT: case E_DICTCOMP: return "dict";
    case E_SET: case E_SETCOMP: return "set";
    case E_GENEXP: return "generator";
    case E_LAMBDA: return "function";
    case E_JOINEDSTR: case E_FORMATTEDVALUE: return "str";
    case E_CONSTANT:
        switch (e->u.constant.kind) {
        case CONST_NONE: return "NoneType";
        case CONST_TRUE: case CONST_FALSE: return "bool";
        case CONST_ELLIPSIS: return "ellipsis";
        case CONST_INT: case CONST_BIGINT: return "int";
        case CONST_FLOAT: return "float";
        case CONST_IMAG: return "complex";
        case CONST_STR: return "str";
        case CONST_BYTES: return "bytes";
        case CONST_OBJECT: return type_of((Value)e->u.constant.obj)->tname;
        }
        return NULL;
    default: return NULL;
    }
}

/* `x is 1`: an identity test with a literal other than a singleton */
static bool is_literal_arg(Expr *e) {
    if (e->kind != E_CONSTANT) return false;
    ConstKind k = e->u.constant.kind;
    return !(k == CONST_NONE || k == CONST_TRUE || k == CONST_FALSE || k == CONST_ELLIPSIS);
}

static void check_compare(Compiler *c, Expr *e) {
    Expr *left = e->u.compare.left;
    for (int i = 0; i < e->u.compare.n; i++) {
        Expr *right = e->u.compare.comparators[i];
        int op = e->u.compare.ops[i];
        if ((op == AST_CMP_IS || op == AST_CMP_IS_NOT) && (is_literal_arg(left) || is_literal_arg(right))) {
            compile_warn(c, e->pos, op == AST_CMP_IS ? "\"is\" with a literal. Did you mean \"==\"?"
                                                     : "\"is not\" with a literal. Did you mean \"!=\"?");
            return;
        }
        left = right;
    }
}

/* `(1, 2)(3)`: calling a display or constant */
static void check_caller(Compiler *c, Expr *call) {
    Expr *f = call->u.call.func;
    switch (f->kind) {
    case E_CONSTANT: case E_TUPLE: case E_LIST: case E_LISTCOMP: case E_DICT: case E_DICTCOMP: case E_SET:
    case E_SETCOMP: case E_GENEXP: case E_JOINEDSTR: case E_FORMATTEDVALUE:
        compile_warn(c, call->pos, "'%s' object is not callable; perhaps you missed a comma?", literal_type(f));
        break;
    default: break;
    }
}

/* `5[1]`, `[1, 2][3, 4]`: subscripting what cannot be, or with what cannot index */
static void check_subscript(Compiler *c, Expr *e) {
    Expr *v = e->u.subscript.value, *s = e->u.subscript.slice;
    bool bad_value = false;
    if (v->kind == E_CONSTANT) {
        ConstKind k = v->u.constant.kind;
        bad_value = k == CONST_NONE || k == CONST_ELLIPSIS || k == CONST_INT || k == CONST_BIGINT ||
                    k == CONST_FLOAT || k == CONST_IMAG || k == CONST_TRUE || k == CONST_FALSE;
    } else {
        bad_value = v->kind == E_SET || v->kind == E_SETCOMP || v->kind == E_GENEXP || v->kind == E_LAMBDA;
    }
    if (bad_value) {
        compile_warn(c, e->pos, "'%s' object is not subscriptable; perhaps you missed a comma?", literal_type(v));
        return;
    }
    const char *it = s->kind == E_SLICE ? NULL : literal_type(s);
    if (!it || !strcmp(it, "int") || !strcmp(it, "bool")) return;
    bool seq = v->kind == E_TUPLE || v->kind == E_LIST || v->kind == E_LISTCOMP || v->kind == E_JOINEDSTR ||
               v->kind == E_FORMATTEDVALUE ||
               (v->kind == E_CONSTANT && (v->u.constant.kind == CONST_STR || v->u.constant.kind == CONST_BYTES));
    if (seq)
        compile_warn(c, e->pos, "%s indices must be integers or slices, not %s; perhaps you missed a comma?",
                     literal_type(v), it);
}

/* `not (a is b)` and `not (a in b)`: one test with the inverted operator,
   the same value (CPython's peephole rewrite of IS_OP/CONTAINS_OP and
   UNARY_NOT, which test_positional_only_arg sees through dis) */
static bool negatable_compare(Expr *e) {
    if (e->kind != E_COMPARE || e->u.compare.n != 1) return false;
    int op = e->u.compare.ops[0];
    return op == AST_CMP_IS || op == AST_CMP_IS_NOT || op == AST_CMP_IN || op == AST_CMP_NOT_IN;
}

static void compile_compare(Compiler *c, Expr *e, bool negate) {
    check_compare(c, e);
    int n = e->u.compare.n;
    compile_expr(c, e->u.compare.left);
    int cleanup = n > 1 ? new_label(c->u) : -1;
    for (int i = 0; i < n; i++) {
        int op = e->u.compare.ops[i];
        /* only the last operand: a middle one is also the next comparison's left */
        bool fold = i == n - 1 && (op == AST_CMP_IN || op == AST_CMP_NOT_IN);
        Value k = fold ? fold_membership_operand(c, e->u.compare.comparators[i]) : 0;
        if (k) WITH_LOC(c, e->u.compare.comparators[i]->pos, emit_const(c, k));
        else compile_expr(c, e->u.compare.comparators[i]);
        if (i < n - 1) {
            emit(c, OP_SWAP, 2);
            emit(c, OP_COPY, 2);
        }
        int inv = negate ? 1 : 0;   /* negate: a negatable_compare() */
        switch (op) {
        case AST_CMP_IS: emit(c, OP_IS_OP, inv); break;
        case AST_CMP_IS_NOT: emit(c, OP_IS_OP, 1 - inv); break;
        case AST_CMP_IN: emit(c, OP_CONTAINS_OP, inv); break;
        case AST_CMP_NOT_IN: emit(c, OP_CONTAINS_OP, 1 - inv); break;
        default: emit(c, OP_COMPARE_OP, op); break;
        }
        if (i < n - 1) emit(c, OP_JUMP_IF_FALSE_OR_POP, cleanup);
    }
    if (n > 1) {
        int end = new_label(c->u);
        emit(c, OP_JUMP_FORWARD, end);
        bind_label(c->u, cleanup);
        emit(c, OP_SWAP, 2);
        emit0(c, OP_POP_TOP);
        bind_label(c->u, end);
    }
}

/* Calls: positional args (maybe starred) and keywords (maybe **). Emits
 * the call instruction; the callable (and for methods, self) is already on
 * the stack. */
/* Does a call pass its arguments through CALL_FUNCTION_EX (a tuple and a
   dict): with * or **, or with too many to push on the stack? */
static bool call_needs_ex(ExprList args, int nkw, Keyword **kws) {
    if (has_starred(args) || args.n + nkw > STACK_USE_GUIDELINE) return true;
    for (int i = 0; i < nkw; i++)
        if (!kws[i]->arg) return true;
    return false;
}

static void compile_call_args(Compiler *c, ExprList args, int nkw, Keyword **kws, bool method, SrcPos pos) {
    if (!call_needs_ex(args, nkw, kws)) {
        for (int i = 0; i < args.n; i++) compile_expr(c, args.items[i]);
        for (int i = 0; i < nkw; i++) compile_expr(c, kws[i]->value);
        if (nkw) {
            Value names_ = tuple_new(nkw);
            for (int i = 0; i < nkw; i++) tuple_items(names_)[i] = str_intern_cstr(kws[i]->arg);
            emit_const(c, names_);
            WITH_LOC(c, pos, emit(c, method ? OP_CALL_METHOD_KW : OP_CALL_FUNCTION_KW, args.n + nkw));
        } else {
            WITH_LOC(c, pos, emit(c, method ? OP_CALL_METHOD : OP_CALL_FUNCTION, args.n));
        }
        return;
    }
    if (method) {
        /* (m s) -> a bound callable: call through CALL_FUNCTION_EX */
        compile_error(c, pos, "internal: starred method call");
        return;
    }
    /* positional part as a tuple (f(*x) passes x itself: CALL_FUNCTION_EX
       converts it, naming the function in its error) */
    if (args.n == 1 && args.items[0]->kind == E_STARRED) {
        compile_expr(c, args.items[0]->u.starred.value);
    } else {
        compile_sequence(c, args, 1);
    }
    if (nkw) {
        int pending = 0;
        bool big = nkw > STACK_USE_GUIDELINE / 2;
        bool have = big;
        if (big) emit(c, OP_BUILD_MAP, 0);
        for (int i = 0; i < nkw; i++) {
            if (!kws[i]->arg) {
                if (!have) {
                    emit(c, OP_BUILD_MAP, pending);
                    have = true;
                } else if (pending) {
                    emit(c, OP_BUILD_MAP, pending);
                    emit(c, OP_DICT_MERGE, 1);
                }
                pending = 0;
                compile_expr(c, kws[i]->value);
                emit(c, OP_DICT_MERGE, 1);
            } else {
                emit_const(c, str_intern_cstr(kws[i]->arg));
                compile_expr(c, kws[i]->value);
                if (big) emit(c, OP_MAP_ADD, 1);
                else pending++;
            }
        }
        if (!have) emit(c, OP_BUILD_MAP, pending);
        else if (pending) {
            emit(c, OP_BUILD_MAP, pending);
            emit(c, OP_DICT_MERGE, 1);
        }
        WITH_LOC(c, pos, emit(c, OP_CALL_FUNCTION_EX, 1));
    } else {
        WITH_LOC(c, pos, emit(c, OP_CALL_FUNCTION_EX, 0));
    }
}

/* A call's (or class's) keywords: none named __debug__ (reported at the call)
 * and none repeated (at the repeat), as CPython's validate_keywords. */
static bool check_keywords(Compiler *c, int n, Keyword **kws, SrcPos pos) {
    for (int i = 0; i < n; i++) {
        Keyword *ki = kws[i];
        if (!ki->arg) continue;
        if (!strcmp(ki->arg, "__debug__")) {
            compile_error(c, pos, "cannot assign to __debug__");
            return false;
        }
        for (int j = i + 1; j < n; j++) {
            Keyword *kj = kws[j];
            if (kj->arg && strcmp(ki->arg, kj->arg) == 0) {
                compile_error(c, kj->pos, "keyword argument repeated: %s", kj->arg);
                return false;
            }
        }
    }
    return true;
}

static void compile_call(Compiler *c, Expr *e) {
    Expr *f = e->u.call.func;
    check_caller(c, e);
    if (!check_keywords(c, e->u.call.nkeywords, e->u.call.keywords, e->pos)) return;
    if (f->kind == E_ATTRIBUTE && !call_needs_ex(e->u.call.args, e->u.call.nkeywords, e->u.call.keywords)) {
        compile_expr(c, f->u.attribute.value);
        WITH_LOC(c, attr_pos(f, f->pos), emit(c, OP_LOAD_METHOD, add_cache(c->u, mangle(c, f->u.attribute.attr))));
        compile_call_args(c, e->u.call.args, e->u.call.nkeywords, e->u.call.keywords, true, attr_pos(f, e->pos));
        return;
    }
    compile_expr(c, f);
    compile_call_args(c, e->u.call.args, e->u.call.nkeywords, e->u.call.keywords, false, e->pos);
}

static void compile_fstring_part(Compiler *c, Expr *e) {
    if (e->kind == E_CONSTANT) {
        compile_expr(c, e);
        return;
    }
    if (e->kind == E_JOINEDSTR) {
        compile_expr(c, e);
        return;
    }
    if (e->kind != E_FORMATTEDVALUE) {   /* any expression, from an AST object */
        compile_expr(c, e);
        return;
    }
    compile_expr(c, e->u.formatted.value);
    int conv = e->u.formatted.conversion;
    int arg = conv == 's' ? FVC_STR : conv == 'r' ? FVC_REPR : conv == 'a' ? FVC_ASCII : FVC_NONE;
    if (e->u.formatted.format_spec) {
        compile_expr(c, e->u.formatted.format_spec);
        arg |= FVS_HAVE_SPEC;
    }
    WITH_LOC(c, e->pos, emit(c, OP_FORMAT_VALUE, arg));
}

static void compile_comprehension(Compiler *c, Expr *e);
static void compile_lambda(Compiler *c, Expr *e);

static void compile_slice_or_index(Compiler *c, Expr *s) {
    if (s->kind == E_SLICE) {
        if (s->u.slice.lower) compile_expr(c, s->u.slice.lower);
        else emit_const(c, V_NONE);
        if (s->u.slice.upper) compile_expr(c, s->u.slice.upper);
        else emit_const(c, V_NONE);
        if (s->u.slice.step) {
            compile_expr(c, s->u.slice.step);
            emit(c, OP_BUILD_SLICE, 3);
        } else {
            emit(c, OP_BUILD_SLICE, 2);
        }
        return;
    }
    compile_expr(c, s);
}

static void compile_expr(Compiler *c, Expr *e) {
    if (c->failed) return;
    Unit *u = c->u;
    Location saved = u->loc;
    u->loc = loc_of(e->pos);
    if (e->kind == E_UNARYOP || e->kind == E_BINOP || e->kind == E_TUPLE || e->kind == E_SUBSCRIPT) {
        Value k = fold_constant(c, e);
        if (k) {
            emit_const(c, k);
            u->loc = saved;
            return;
        }
    }
    switch (e->kind) {
    case E_BOOLOP: {
        int end = new_label(u);
        ExprList v = e->u.boolop.values;
        bool is_and = e->u.boolop.op == AST_BOOL_AND;
        for (int i = 0; i < v.n - 1; i++) {
            /* a constant operand that lets evaluation go on (`True and x`)
               is dropped; one that decides the result (`False and x`) is
               the result, what follows being unreachable (CPython's) */
            if (v.items[i]->kind == E_CONSTANT) {
                int t = obj_truth(const_value(c, v.items[i]));
                if (t < 0) err_clear();
                else if (t == is_and) continue;
                else {
                    compile_expr(c, v.items[i]);
                    bool rest_trivial = true;   /* nothing to check in them: leave them out */
                    for (int j = i + 1; j < v.n; j++) rest_trivial &= expr_is_name_or_constant(v.items[j]);
                    if (rest_trivial) goto boolop_done;
                    emit(c, OP_JUMP_FORWARD, end);
                    continue;
                }
            }
            compile_expr(c, v.items[i]);
            emit(c, e->u.boolop.op == AST_BOOL_AND ? OP_JUMP_IF_FALSE_OR_POP : OP_JUMP_IF_TRUE_OR_POP, end);
        }
        compile_expr(c, v.items[v.n - 1]);
    boolop_done:
        bind_label(u, end);
        break;
    }
    case E_NAMEDEXPR:
        compile_expr(c, e->u.namedexpr.value);
        emit(c, OP_COPY, 1);
        compile_store(c, e->u.namedexpr.target);
        break;
    case E_BINOP:
        compile_expr(c, e->u.binop.left);
        compile_expr(c, e->u.binop.right);
        u->loc = loc_of(e->pos);
        emit0(c, binop_opcode(e->u.binop.op, false));
        break;
    case E_UNARYOP:
        if (e->u.unaryop.op == AST_UNOP_NOT && negatable_compare(e->u.unaryop.operand)) {
            u->loc = loc_of(e->u.unaryop.operand->pos);
            compile_compare(c, e->u.unaryop.operand, true);
            break;
        }
        compile_expr(c, e->u.unaryop.operand);
        u->loc = loc_of(e->pos);
        switch (e->u.unaryop.op) {
        case UNOP_NEG: emit0(c, OP_UNARY_NEGATIVE); break;
        case UNOP_POS: emit0(c, OP_UNARY_POSITIVE); break;
        case UNOP_INVERT: emit0(c, OP_UNARY_INVERT); break;
        default: emit0(c, OP_UNARY_NOT); break;
        }
        break;
    case E_LAMBDA: compile_lambda(c, e); break;
    case E_IFEXP: {
        int orelse = new_label(u), end = new_label(u);
        compile_jump_if(c, e->u.ifexp.test, false, orelse);
        compile_expr(c, e->u.ifexp.body);
        emit(c, OP_JUMP_FORWARD, end);
        bind_label(u, orelse);
        compile_expr(c, e->u.ifexp.orelse);
        bind_label(u, end);
        break;
    }
    case E_DICT: compile_dict(c, e); break;
    case E_SET: compile_sequence(c, e->u.set.elts, 2); break;
    case E_LISTCOMP:
    case E_SETCOMP:
    case E_DICTCOMP:
    case E_GENEXP: compile_comprehension(c, e); break;
    case E_AWAIT:
        if (!top_level_await(c)) {
            if (u->scope->kind != SCOPE_FUNCTION && u->scope->kind != SCOPE_COMPREHENSION) {
                compile_error(c, e->pos, "'await' outside function");
                break;
            }
            if (u->scope->kind == SCOPE_FUNCTION && !u->scope->is_coroutine) {
                compile_error(c, e->pos, "'await' outside async function");
                break;
            }
        }
        compile_expr(c, e->u.await_.value);
        u->loc = loc_of(e->pos);
        emit_await(c, 0);
        break;
    case E_YIELD:
        if (u->scope->kind != SCOPE_FUNCTION) {
            compile_error(c, e->pos, "'yield' outside function");
            break;
        }
        if (e->u.yield.value) compile_expr(c, e->u.yield.value);
        else emit_const(c, V_NONE);
        u->loc = loc_of(e->pos);
        /* marks the value as the async generator's own, not one an await
           passes up to the event loop */
        if (u->flags & CO_ASYNC_GENERATOR) emit0(c, OP_ASYNC_GEN_WRAP);
        emit0(c, OP_YIELD_VALUE);
        break;
    case E_YIELDFROM:
        if (u->scope->kind != SCOPE_FUNCTION) {
            compile_error(c, e->pos, "'yield' outside function");
            break;
        }
        if (u->scope->is_coroutine) {
            compile_error(c, e->pos, "'yield from' inside async function");
            break;
        }
        compile_expr(c, e->u.yield.value);
        u->loc = loc_of(e->pos);
        emit0(c, OP_GET_YIELD_FROM_ITER);
        emit_const(c, V_NONE);
        emit0(c, OP_YIELD_FROM);
        break;
    case E_COMPARE: compile_compare(c, e, false); break;
    case E_CALL: compile_call(c, e); break;
    case E_FORMATTEDVALUE: compile_fstring_part(c, e); break;
    case E_JOINEDSTR: {
        ExprList v = e->u.joined.values;
        if (v.n == 0) {
            emit_const(c, str_empty);
            break;
        }
        for (int i = 0; i < v.n; i++) compile_fstring_part(c, v.items[i]);
        if (v.n > 1 || v.items[0]->kind != E_FORMATTEDVALUE) {
            if (!(v.n == 1 && v.items[0]->kind == E_CONSTANT)) emit(c, OP_BUILD_STRING, v.n);
        }
        break;
    }
    case E_CONSTANT:
        emit_const(c, const_value(c, e));
        break;
    case E_ATTRIBUTE: {
        const char *attr = mangle(c, e->u.attribute.attr);
        if (e->u.attribute.ctx == CTX_LOAD) {
            compile_expr(c, e->u.attribute.value);
            u->loc = loc_of(attr_pos(e, e->pos));
            emit(c, OP_LOAD_ATTR, add_cache(u, attr));
        } else {
            compile_error(c, e->pos, "internal: attribute store in expression");
        }
        break;
    }
    case E_SUBSCRIPT:
        check_subscript(c, e);
        compile_expr(c, e->u.subscript.value);
        compile_slice_or_index(c, e->u.subscript.slice);
        u->loc = loc_of(e->pos);
        emit0(c, OP_BINARY_SUBSCR);
        break;
    case E_STARRED: compile_error(c, e->pos, "can't use starred expression here"); break;
    case E_NAME: compile_name(c, e->u.name.id, CTX_LOAD, e->pos); break;
    case E_LIST: compile_sequence(c, e->u.seq.elts, 0); break;
    case E_TUPLE: compile_sequence(c, e->u.seq.elts, 1); break;   /* constant tuples were folded above */
    case E_SLICE:
        compile_slice_or_index(c, e);
        break;
    }
    u->loc = saved;
}

/* ---- stores ------------------------------------------------------------------------- */

static void compile_unpack(Compiler *c, ExprList elts, SrcPos pos) {
    int star = -1;
    for (int i = 0; i < elts.n; i++) {
        if (elts.items[i]->kind == E_STARRED) {
            if (star >= 0) {
                compile_error(c, elts.items[i]->pos, "multiple starred expressions in assignment");
                return;
            }
            star = i;
        }
    }
    if (star < 0) {
        WITH_LOC(c, pos, emit(c, OP_UNPACK_SEQUENCE, elts.n));
    } else {
        int before = star, after = elts.n - star - 1;
        /* CPython's limit on the targets before the star is 255; tpy's
           encoding also bounds those after it (12 bits) */
        if (before >= 256 || after > 0xFFF) {
            compile_error(c, pos, "too many expressions in star-unpacking assignment");
            return;
        }
        WITH_LOC(c, pos, emit(c, OP_UNPACK_EX, before | (after << 12)));
    }
    for (int i = 0; i < elts.n; i++) {
        Expr *t = elts.items[i];
        compile_store(c, t->kind == E_STARRED ? t->u.starred.value : t);
    }
}

static void compile_store(Compiler *c, Expr *t) {
    Unit *u = c->u;
    switch (t->kind) {
    case E_NAME: WITH_LOC(c, t->pos, compile_name(c, t->u.name.id, CTX_STORE, t->pos)); break;
    case E_ATTRIBUTE:
        if (!strcmp(t->u.attribute.attr, "__debug__")) compile_error(c, t->pos, "cannot assign to __debug__");
        compile_expr(c, t->u.attribute.value);
        WITH_LOC(c, attr_pos(t, t->pos), emit(c, OP_STORE_ATTR, add_cache(u, mangle(c, t->u.attribute.attr))));
        break;
    case E_SUBSCRIPT:
        compile_expr(c, t->u.subscript.value);
        compile_slice_or_index(c, t->u.subscript.slice);
        WITH_LOC(c, t->pos, emit0(c, OP_STORE_SUBSCR));
        break;
    case E_TUPLE:
    case E_LIST: compile_unpack(c, t->u.seq.elts, t->pos); break;
    case E_STARRED: compile_error(c, t->pos, "starred assignment target must be in a list or tuple"); break;
    default: compile_error(c, t->pos, "cannot assign to expression"); break;
    }
}

static void compile_delete(Compiler *c, Expr *t) {
    switch (t->kind) {
    case E_NAME: WITH_LOC(c, t->pos, compile_name(c, t->u.name.id, CTX_DEL, t->pos)); break;
    case E_ATTRIBUTE:
        compile_expr(c, t->u.attribute.value);
        WITH_LOC(c, attr_pos(t, t->pos), emit(c, OP_DELETE_ATTR, add_name(c->u, mangle(c, t->u.attribute.attr))));
        break;
    case E_SUBSCRIPT:
        compile_expr(c, t->u.subscript.value);
        compile_slice_or_index(c, t->u.subscript.slice);
        WITH_LOC(c, t->pos, emit0(c, OP_DELETE_SUBSCR));
        break;
    case E_TUPLE:
    case E_LIST:
        for (int i = 0; i < t->u.seq.elts.n; i++) compile_delete(c, t->u.seq.elts.items[i]);
        break;
    default: compile_error(c, t->pos, "cannot delete expression"); break;
    }
}

/* ---- code objects ---------------------------------------------------------------------- */

static CodeObject *assemble(Compiler *c, Unit *u);

static int cmp_names(const void *a, const void *b) {
    return strcmp(str_data(*(const Value *)a), str_data(*(const Value *)b));
}

/* Sort a list of interned names from index `from` on, as CPython's
   dictbytype orders cell and free variables (by code point: strcmp on
   UTF-8 agrees) */
static void sort_names(Value list, int64_t from) {
    int64_t n = list_size(list) - from;
    if (n > 1) qsort(list_items(list) + from, (size_t)n, sizeof(Value), cmp_names);
}

static Unit *enter_scope(Compiler *c, Scope *scope, const char *name, Value qualname, int firstlineno) {
    Unit *u = unit_new(c, scope, name, qualname, firstlineno);
    /* parameters first, in order */
    for (int i = 0; i < scope->nparams; i++) add_varname(u, scope->params[i]);
    /* cells: captured locals (and __class__ for classes), in CPython's
       order (co_cellvars): the parameters among them in parameter order,
       then the others by name */
    for (int i = 0; i < scope->nparams; i++) {
        Symbol *s = scope_lookup(scope, scope->params[i]);
        if (s && s->kind == SYM_CELL) list_append(u->cellvars, str_intern_cstr(s->name));
    }
    int64_t nparam_cells = list_size(u->cellvars);
    for (int i = 0; i < scope->nsyms; i++) {
        Symbol *s = &scope->syms[i];
        if (s->kind != SYM_CELL) continue;
        Value n = str_intern_cstr(s->name);
        bool dup = false;
        for (int64_t j = 0; j < nparam_cells; j++)
            if (list_get(u->cellvars, j) == n) dup = true;
        if (!dup) list_append(u->cellvars, n);
    }
    sort_names(u->cellvars, nparam_cells);
    if (scope->kind == SCOPE_CLASS && scope->needs_class_cell) list_append(u->cellvars, str_intern_cstr("__class__"));
    for (int i = 0; i < scope->nsyms; i++) {
        Symbol *s = &scope->syms[i];
        if (s->kind == SYM_FREE || (s->flags & DEF_FREE_CLASS)) {
            Value n = str_intern_cstr(s->name);
            bool dup = false;
            /* a class body reading the enclosing __class__ while its methods
               use the class's own: both, as CPython's co_cellvars and
               co_freevars (free_index() picks the free one) */
            bool own_and_enclosing = scope->kind == SCOPE_CLASS && !strcmp(s->name, "__class__");
            for (int64_t j = 0; j < list_size(u->cellvars) && !own_and_enclosing; j++)
                if (list_get(u->cellvars, j) == n) dup = true;
            if (!dup) list_append(u->freevars, n);
        }
    }
    sort_names(u->freevars, 0);   /* by name, as CPython's */
    c->u = u;
    return u;
}

static CodeObject *leave_scope(Compiler *c) {
    Unit *u = c->u;
    CodeObject *co = assemble(c, u);
    c->u = u->parent;
    return co;
}

static Value make_qualname(Compiler *c, const char *name) {
    Unit *u = c->u;
    if (!u || u->scope->kind == SCOPE_MODULE) return str_intern_cstr(name);
    Scope *s = u->scope;
    /* a name declared global in the enclosing scope has a plain qualname */
    Symbol *sym = scope_lookup(s, mangle(c, name));
    if (sym && sym->kind == SYM_GLOBAL_EXPLICIT) return str_intern_cstr(name);
    if (s->kind == SCOPE_FUNCTION || s->kind == SCOPE_COMPREHENSION)
        return str_printf("%U.<locals>.%s", u->qualname, name);
    return str_printf("%U.%s", u->qualname, name);
}

/* Push the closure tuple for a child scope's free variables. */
static bool compile_closure(Compiler *c, CodeObject *co) {
    int64_t n = tuple_size(co->freevars);
    if (n == 0) return false;
    for (int64_t i = 0; i < n; i++) {
        const char *name = str_data(tuple_get(co->freevars, i));
        int di = deref_index(c->u, name);
        if (di < 0) {
            /* the class passes through the enclosing cell */
            compile_error(c, (SrcPos){co->firstlineno, 0, co->firstlineno, 0}, "internal: closure variable '%s' not found", name);
            return false;
        }
        emit(c, OP_LOAD_CLOSURE, di);
    }
    emit(c, OP_BUILD_TUPLE, (int)n);
    return true;
}

static void compile_make_function(Compiler *c, CodeObject *co, int flags) {
    if (compile_closure(c, co)) flags |= MKF_CLOSURE;
    emit_const(c, V_FROM_PTR(co));
    emit(c, OP_MAKE_FUNCTION, flags);
}

/* -OO: docstrings are dropped, statement and all */
static bool strip_docstrings(void) { return tpy_config.optimize >= 2; }

static bool is_future_import(const Stmt *s) {
    return s->kind == S_IMPORTFROM && s->u.importfrom.module && !s->u.importfrom.level &&
           !strcmp(s->u.importfrom.module, "__future__");
}

static bool is_docstring(Stmt *s) {
    return s && s->kind == S_EXPR && s->u.expr.value->kind == E_CONSTANT && s->u.expr.value->u.constant.kind == CONST_STR;
}

static int compile_defaults(Compiler *c, Arguments *a) {
    int flags = 0;
    if (a->defaults.n) {
        for (int i = 0; i < a->defaults.n; i++) compile_expr(c, a->defaults.items[i]);
        emit(c, OP_BUILD_TUPLE, a->defaults.n);
        flags |= MKF_DEFAULTS;
    }
    int nkwd = 0;
    for (int i = 0; i < a->nkwonly; i++) {
        if (!a->kw_defaults[i]) continue;
        emit_const(c, str_intern_cstr(mangle(c, a->kwonlyargs[i]->arg)));
        compile_expr(c, a->kw_defaults[i]);
        nkwd++;
    }
    if (nkwd) {
        emit(c, OP_BUILD_MAP, nkwd);
        flags |= MKF_KWDEFAULTS;
    }
    return flags;
}

/* An annotation's value: the expression, or under `from __future__ import
 * annotations` its text */
static void compile_annotation(Compiler *c, Expr *e) {
    if (c->future_annotations) emit_const(c, ast_unparse_expr(e));
    else compile_expr(c, e);
}

static int compile_annotation_of(Compiler *c, Arg *a) {
    if (!a || !a->annotation) return 0;
    emit_const(c, str_intern_cstr(mangle(c, a->arg)));
    if (c->future_annotations) {
        compile_annotation(c, a->annotation);
    } else if (a->annotation->kind == E_STARRED) {
        /* PEP 646 '*args: *Ts': the value is the one item Ts unpacks to */
        compile_expr(c, a->annotation->u.starred.value);
        emit(c, OP_UNPACK_SEQUENCE, 1);
    } else {
        compile_expr(c, a->annotation);
    }
    return 1;
}

static int compile_annotations(Compiler *c, Arguments *a, Expr *returns) {
    int n = 0;
    /* CPython 3.11's order: regular, positional-only, *args, keyword-only,
       **kwargs, return */
    for (int i = 0; i < a->nargs; i++) n += compile_annotation_of(c, a->args[i]);
    for (int i = 0; i < a->nposonly; i++) n += compile_annotation_of(c, a->posonlyargs[i]);
    n += compile_annotation_of(c, a->vararg);
    for (int i = 0; i < a->nkwonly; i++) n += compile_annotation_of(c, a->kwonlyargs[i]);
    n += compile_annotation_of(c, a->kwarg);
    if (returns) {
        emit_const(c, str_intern_cstr("return"));
        compile_annotation(c, returns);
        n++;
    }
    if (!n) return 0;
    emit(c, OP_BUILD_MAP, n);
    return MKF_ANNOTATIONS;
}

static void set_arg_counts(Unit *u, Arguments *a) {
    u->argcount = a->nposonly + a->nargs;
    u->posonly = a->nposonly;
    u->kwonly = a->nkwonly;
    if (a->vararg) u->flags |= CO_VARARGS;
    if (a->kwarg) u->flags |= CO_VARKEYWORDS;
}

static void compile_function_body(Compiler *c, Stmt *s) {
    Scope *fs = scope_child_for(c->u->scope, s);
    Value qn = make_qualname(c, s->u.funcdef.name);
    /* as CPython's: a decorated function starts at its first decorator */
    ExprList decos = s->u.funcdef.decorator_list;
    Unit *u = enter_scope(c, fs, s->u.funcdef.name, qn, decos.n ? decos.items[0]->pos.lineno : s->pos.lineno);
    set_arg_counts(u, s->u.funcdef.args);
    if (fs->is_generator) u->flags |= CO_GENERATOR;
    if (fs->is_coroutine) u->flags |= CO_GENERATOR | (fs->is_generator ? CO_ASYNC_GENERATOR : CO_COROUTINE);
    StmtList body = s->u.funcdef.body;
    int start = 0;
    if (body.n && is_docstring(body.items[0]) && !strip_docstrings()) {
        add_const(u, const_value(c, body.items[0]->u.expr.value));
        u->flags |= CO_HAS_DOC;
        start = 1;
    } else {
        start = body.n && is_docstring(body.items[0]);
        add_const(u, V_NONE);   /* consts[0] is the docstring slot, as in CPython */
    }
    for (int i = start; i < body.n; i++) compile_stmt(c, body.items[i]);
    emit_implicit_return(c);
}

/* No parameter may be named __debug__ (CPython's compiler_check_debug_args):
 * reported at the def or the lambda, before its defaults are compiled. */
static bool check_debug_params(Compiler *c, Arguments *a, SrcPos pos) {
    const Arg *all[2] = {a->vararg, a->kwarg};
    for (int k = 0; k < 2; k++)
        if (all[k] && !strcmp(all[k]->arg, "__debug__")) goto bad;
    for (int i = 0; i < a->nposonly; i++)
        if (!strcmp(a->posonlyargs[i]->arg, "__debug__")) goto bad;
    for (int i = 0; i < a->nargs; i++)
        if (!strcmp(a->args[i]->arg, "__debug__")) goto bad;
    for (int i = 0; i < a->nkwonly; i++)
        if (!strcmp(a->kwonlyargs[i]->arg, "__debug__")) goto bad;
    return true;
bad:
    compile_error(c, pos, "cannot assign to __debug__");
    return false;
}

static void compile_funcdef(Compiler *c, Stmt *s) {
    ExprList decos = s->u.funcdef.decorator_list;
    if (!check_debug_params(c, s->u.funcdef.args, s->pos)) return;
    for (int i = 0; i < decos.n; i++) compile_expr(c, decos.items[i]);
    int flags = compile_defaults(c, s->u.funcdef.args);
    flags |= compile_annotations(c, s->u.funcdef.args, s->u.funcdef.returns);
    const char *saved_class = c->class_name;
    compile_function_body(c, s);
    Unit *fu = c->u;
    CodeObject *co = leave_scope(c);
    (void)fu;
    c->class_name = saved_class;
    if (!co) return;
    WITH_LOC(c, s->pos, {
        compile_make_function(c, co, flags);
        /* each decorator is applied at its own line, innermost first */
        for (int i = decos.n - 1; i >= 0; i--) {
            c->u->loc = loc_of(decos.items[i]->pos);   /* the enclosing WITH_LOC restores it */
            emit(c, OP_CALL_FUNCTION, 1);
        }
    });
    WITH_LOC(c, s->pos, compile_name(c, s->u.funcdef.name, CTX_STORE, s->pos));
}

static void compile_lambda(Compiler *c, Expr *e) {
    Arguments *a = e->u.lambda.args;
    if (!check_debug_params(c, a, e->pos)) return;
    int flags = compile_defaults(c, a);
    Scope *fs = scope_child_for(c->u->scope, e);
    Value qn = make_qualname(c, "<lambda>");
    Unit *u = enter_scope(c, fs, "<lambda>", qn, e->pos.lineno);
    set_arg_counts(u, a);
    if (fs->is_generator) u->flags |= CO_GENERATOR;
    add_const(u, V_NONE);
    compile_expr(c, e->u.lambda.body);
    /* a generator lambda returns its body's value too (its StopIteration's
       value), as CPython 3.8+ */
    emit0(c, OP_RETURN_VALUE);
    CodeObject *co = leave_scope(c);
    if (!co) return;
    compile_make_function(c, co, flags);
}

/* Does a module or class body hold an annotated assignment (outside nested
 * scopes)? Then it starts with SETUP_ANNOTATIONS. */
static bool has_annassign(StmtList body) {
    for (int i = 0; i < body.n; i++) {
        Stmt *s = body.items[i];
        switch (s->kind) {
        case S_ANNASSIGN: return true;
        case S_FOR:
        case S_ASYNCFOR:
            if (has_annassign(s->u.for_.body) || has_annassign(s->u.for_.orelse)) return true;
            break;
        case S_WHILE:
            if (has_annassign(s->u.while_.body) || has_annassign(s->u.while_.orelse)) return true;
            break;
        case S_IF:
            if (has_annassign(s->u.if_.body) || has_annassign(s->u.if_.orelse)) return true;
            break;
        case S_WITH:
        case S_ASYNCWITH:
            if (has_annassign(s->u.with.body)) return true;
            break;
        case S_TRY:
        case S_TRYSTAR:
            if (has_annassign(s->u.try_.body) || has_annassign(s->u.try_.orelse) ||
                has_annassign(s->u.try_.finalbody))
                return true;
            for (int h = 0; h < s->u.try_.nhandlers; h++)
                if (has_annassign(s->u.try_.handlers[h]->body)) return true;
            break;
        default: break;
        }
    }
    return false;
}

static void compile_classdef(Compiler *c, Stmt *s) {
    ExprList decos = s->u.classdef.decorator_list;
    for (int i = 0; i < decos.n; i++) compile_expr(c, decos.items[i]);
    Scope *cs = scope_child_for(c->u->scope, s);
    Value qn = make_qualname(c, s->u.classdef.name);
    const char *saved_class = c->class_name;
    Unit *u = enter_scope(c, cs, s->u.classdef.name, qn, decos.n ? decos.items[0]->pos.lineno : s->pos.lineno);
    c->class_name = s->u.classdef.name;
    u->flags |= CO_CLASS;
    u->attr_hint = cs->attr_stores;
    u->loc = loc_of(s->pos);
    u->loc.line = u->firstlineno;   /* a decorated class's body starts at its first decorator */
    /* __module__ = __name__; __qualname__ = ... */
    emit(c, OP_LOAD_NAME, add_name(u, "__name__"));
    emit(c, OP_STORE_NAME, add_name(u, "__module__"));
    emit_const(c, qn);
    emit(c, OP_STORE_NAME, add_name(u, "__qualname__"));
    StmtList body = s->u.classdef.body;
    if (has_annassign(body)) emit0(c, OP_SETUP_ANNOTATIONS);
    int start = 0;
    if (body.n && is_docstring(body.items[0]) && strip_docstrings()) {
        start = 1;
    } else if (body.n && is_docstring(body.items[0])) {
        WITH_LOC(c, body.items[0]->pos, {
            compile_expr(c, body.items[0]->u.expr.value);
            emit(c, OP_STORE_NAME, add_name(u, "__doc__"));
        });
        start = 1;
    }
    for (int i = start; i < body.n; i++) compile_stmt(c, body.items[i]);
    u->loc = (Location){u->tail_line, u->tail_line, -1, -1};
    if (cs->needs_class_cell) {
        emit(c, OP_LOAD_CLOSURE, deref_index(u, "__class__"));
        emit(c, OP_COPY, 1);
        emit(c, OP_STORE_NAME, add_name(u, "__classcell__"));
        emit0(c, OP_RETURN_VALUE);
    } else {
        emit_implicit_return(c);   /* a copy per line that jumps to it, as a function's */
    }
    CodeObject *co = leave_scope(c);
    c->class_name = saved_class;
    if (!co) return;
    if (!check_keywords(c, s->u.classdef.nkeywords, s->u.classdef.keywords, s->pos)) return;
    WITH_LOC(c, s->pos, {
        emit0(c, OP_LOAD_BUILD_CLASS);
        compile_make_function(c, co, 0);
        emit_const(c, str_intern_cstr(s->u.classdef.name));
        /* bases and keywords: __build_class__(func, name, *bases, **kw) */
        ExprList bases = s->u.classdef.bases;
        ExprList args;
        args.n = bases.n + 2;
        args.items = gc_alloc(sizeof(Expr *) * (size_t)args.n);
        /* the two leading values are already on the stack: emulate with a
           call where positional args are those plus the bases */
        bool starred = has_starred(bases);
        bool dstar = false;
        for (int i = 0; i < s->u.classdef.nkeywords; i++)
            if (!s->u.classdef.keywords[i]->arg) dstar = true;
        if (!starred && !dstar) {
            for (int i = 0; i < bases.n; i++) compile_expr(c, bases.items[i]);
            int nkw = s->u.classdef.nkeywords;
            for (int i = 0; i < nkw; i++) compile_expr(c, s->u.classdef.keywords[i]->value);
            if (nkw) {
                Value kn = tuple_new(nkw);
                for (int i = 0; i < nkw; i++) tuple_items(kn)[i] = str_intern_cstr(s->u.classdef.keywords[i]->arg);
                emit_const(c, kn);
                emit(c, OP_CALL_FUNCTION_KW, 2 + bases.n + nkw);
            } else {
                emit(c, OP_CALL_FUNCTION, 2 + bases.n);
            }
        } else {
            /* (build_class f name) -> build_class (f, name, *bases) {**kw} */
            emit(c, OP_BUILD_LIST, 2);
            for (int i = 0; i < bases.n; i++) {
                Expr *b = bases.items[i];
                if (b->kind == E_STARRED) {
                    compile_expr(c, b->u.starred.value);
                    emit(c, OP_LIST_EXTEND, 1);
                } else {
                    compile_expr(c, b);
                    emit(c, OP_LIST_APPEND, 1);
                }
            }
            emit0(c, OP_LIST_TO_TUPLE);
            int nkw = s->u.classdef.nkeywords;
            if (nkw) {
                emit(c, OP_BUILD_MAP, 0);
                for (int i = 0; i < nkw; i++) {
                    Keyword *k = s->u.classdef.keywords[i];
                    if (!k->arg) {
                        compile_expr(c, k->value);
                        emit(c, OP_DICT_MERGE, 1);
                    } else {
                        emit_const(c, str_intern_cstr(k->arg));
                        compile_expr(c, k->value);
                        emit(c, OP_BUILD_MAP, 1);
                        emit(c, OP_DICT_MERGE, 1);
                    }
                }
                emit(c, OP_CALL_FUNCTION_EX, 1);
            } else {
                emit(c, OP_CALL_FUNCTION_EX, 0);
            }
        }
        /* each decorator is applied at its own line, innermost first */
        for (int i = decos.n - 1; i >= 0; i--) {
            c->u->loc = loc_of(decos.items[i]->pos);   /* the enclosing WITH_LOC restores it */
            emit(c, OP_CALL_FUNCTION, 1);
        }
    });
    WITH_LOC(c, s->pos, compile_name(c, s->u.classdef.name, CTX_STORE, s->pos));
}

/* Comprehensions compile to a nested function called with the iterator
 * of the first `for` clause. */
static void compile_comp_generators(Compiler *c, Expr *e, int gi, int depth) {
    Comprehension **gens = e->u.comp.generators;
    Comprehension *g = gens[gi];
    Unit *u = c->u;
    int top = new_label(u), exit = new_label(u);
    if (gi == 0) {
        emit(c, OP_LOAD_FAST, add_varname(u, ".0"));
    } else {
        compile_expr(c, g->iter);
        WITH_LOC(c, g->iter->pos, emit0(c, g->is_async ? OP_GET_AITER : OP_GET_ITER));
    }
    bind_label(u, top);
    if (g->is_async) {
        /* as an `async for` statement: the handler covers only the
           awaited __anext__(); `exit` is its END_ASYNC_FOR */
        WITH_LOC(c, g->iter->pos, {
            push_handler(c, exit, 0);
            emit0(c, OP_GET_ANEXT);
            emit_await(c, 0);
            pop_handler(c);
        });
    } else {
        WITH_LOC(c, g->iter->pos, emit(c, OP_FOR_ITER, exit));
    }
    compile_store(c, g->target);
    for (int i = 0; i < g->ifs.n; i++) compile_jump_if(c, g->ifs.items[i], false, top);
    if (gi + 1 < e->u.comp.ngens) {
        compile_comp_generators(c, e, gi + 1, depth + 1);
    } else {
        switch (e->kind) {
        case E_LISTCOMP:
            compile_expr(c, e->u.comp.elt);
            WITH_LOC(c, e->u.comp.elt->pos, emit(c, OP_LIST_APPEND, depth + 1));
            break;
        case E_SETCOMP:
            compile_expr(c, e->u.comp.elt);
            WITH_LOC(c, e->u.comp.elt->pos, emit(c, OP_SET_ADD, depth + 1));
            break;
        case E_DICTCOMP:
            compile_expr(c, e->u.comp.key);
            compile_expr(c, e->u.comp.value);
            WITH_LOC(c, e->u.comp.value->pos, emit(c, OP_MAP_ADD, depth + 1));
            break;
        default:
            compile_expr(c, e->u.comp.elt);
            WITH_LOC(c, e->u.comp.elt->pos, {
                if (u->flags & CO_ASYNC_GENERATOR) emit0(c, OP_ASYNC_GEN_WRAP);
                emit0(c, OP_YIELD_VALUE);
                emit0(c, OP_POP_TOP);
            });
            break;
        }
    }
    WITH_LOC(c, g->iter->pos, emit(c, OP_JUMP_ABSOLUTE, top));
    bind_label(u, exit);
    if (g->is_async) WITH_LOC(c, g->iter->pos, emit0(c, OP_END_ASYNC_FOR));
}

static void compile_comprehension(Compiler *c, Expr *e) {
    Scope *cs = scope_child_for(c->u->scope, e);
    const char *name = e->kind == E_LISTCOMP ? "<listcomp>" : e->kind == E_SETCOMP ? "<setcomp>"
                     : e->kind == E_DICTCOMP ? "<dictcomp>" : "<genexpr>";
    Scope *outer = c->u->scope;
    bool awaited = cs->is_coroutine && e->kind != E_GENEXP;
    /* CPython 3.11 refuses only comprehensions that must be awaited where
       they are built, unless there is an awaiting context: an async
       function's body or another comprehension (itself checked) */
    if (awaited && !(outer->kind == SCOPE_COMPREHENSION || (outer->kind == SCOPE_FUNCTION && outer->is_coroutine)) &&
        !top_level_await(c)) {
        compile_error(c, e->pos, "asynchronous comprehension outside of an asynchronous function");
        return;
    }
    Value qn = make_qualname(c, name);
    Unit *u = enter_scope(c, cs, name, qn, e->pos.lineno);
    u->argcount = 1;
    u->flags |= CO_COMPREHENSION;
    if (e->kind == E_GENEXP) u->flags |= CO_GENERATOR;
    if (awaited) u->flags |= CO_GENERATOR | CO_COROUTINE;
    if (cs->is_coroutine && e->kind == E_GENEXP) u->flags |= CO_ASYNC_GENERATOR;
    u->loc = loc_of(e->pos);
    add_const(u, V_NONE);
    switch (e->kind) {
    case E_LISTCOMP: emit(c, OP_BUILD_LIST, 0); break;
    case E_SETCOMP: emit(c, OP_BUILD_SET, 0); break;
    case E_DICTCOMP: emit(c, OP_BUILD_MAP, 0); break;
    default: break;
    }
    compile_comp_generators(c, e, 0, e->kind == E_GENEXP ? 0 : 1);
    u->loc = loc_of(e->pos);
    if (e->kind == E_GENEXP) emit_const(c, V_NONE);
    emit0(c, OP_RETURN_VALUE);
    CodeObject *co = leave_scope(c);
    if (!co) return;
    compile_make_function(c, co, 0);
    Comprehension *g0 = e->u.comp.generators[0];
    compile_expr(c, g0->iter);
    WITH_LOC(c, g0->iter->pos, emit0(c, g0->is_async ? OP_GET_AITER : OP_GET_ITER));
    emit(c, OP_CALL_FUNCTION, 1);
    if (awaited) emit_await(c, 0);
}

/* ---- statements ------------------------------------------------------------------------ */

/* Emit the cleanup of one fblock for a return/break/continue leaving it.
 * preserve_tos: a return value sits on top of the stack and must survive. */
/* Emit what leaving block f runs. True when that is code of another line
 * (a finally body, a with's __exit__ call): the jump or return that follows
 * then has no line of its own, as CPython's, so that it appears to run
 * after the statement that left (line propagation gives it that code's). */
static bool unwind_fblock(Compiler *c, FBlock *f, bool preserve_tos) {
    Unit *u = c->u;
    switch (f->kind) {
    case FB_WHILE:
    case FB_EXCEPTION_HANDLER:
    case FB_EXCEPTION_GROUP_HANDLER:   /* refused before any unwinding (star_exit_error) */
        break;
    case FB_FOR:
        if (preserve_tos) emit(c, OP_SWAP, 2);
        emit0(c, OP_POP_TOP);
        break;
    case FB_TRY_EXCEPT:
        pop_handler(c);
        break;
    case FB_FINALLY_TRY: {
        pop_handler(c);
        /* run the finally body with this block, and the ones inside it that
         * are already unwound, removed from the stack; the body pushes its
         * own blocks over them, so the whole segment is put back after (the
         * statement being compiled goes on with those blocks: a return in
         * one copy of a finally body must not corrupt the next copy's) */
        int idx = (int)(f - u->fblocks);
        int nsaved = u->nfblocks;
        FBlock saved[MAX_FBLOCKS];
        memcpy(saved, &u->fblocks[idx], sizeof(FBlock) * (size_t)(nsaved - idx));
        u->nfblocks = idx;
        if (preserve_tos) push_fblock(c, FB_POP_VALUE, -1, -1, f->pos);
        compile_stmts(c, *saved[0].finalbody);
        memcpy(&u->fblocks[idx], saved, sizeof(FBlock) * (size_t)(nsaved - idx));
        u->nfblocks = nsaved;
        return true;
    }
    case FB_FINALLY_END:
        if (preserve_tos) emit(c, OP_SWAP, 2);
        emit0(c, OP_POP_TOP);   /* the exception */
        if (preserve_tos) emit(c, OP_SWAP, 2);
        pop_handler(c);
        emit0(c, OP_POP_EXCEPT);
        break;
    case FB_WITH:
    case FB_ASYNC_WITH:
        pop_handler(c);
        WITH_LOC(c, f->pos, {   /* __exit__ runs at the with statement's line */
            if (preserve_tos) emit(c, OP_SWAP, 2);
            emit_const(c, V_NONE);
            emit_const(c, V_NONE);
            emit_const(c, V_NONE);
            emit(c, OP_CALL_FUNCTION, 3);
            if (f->kind == FB_ASYNC_WITH) emit_await(c, 2);
            emit0(c, OP_POP_TOP);
        });
        return true;
    case FB_HANDLER_CLEANUP:
        if (f->name) pop_handler(c);   /* the one that unbinds the name */
        pop_handler(c);                /* the one that restores the exception state */
        if (preserve_tos) emit(c, OP_SWAP, 2);
        emit0(c, OP_POP_EXCEPT);
        if (f->name) {
            emit_const(c, V_NONE);
            compile_name(c, f->name, CTX_STORE, f->pos);
            compile_name(c, f->name, CTX_DEL, f->pos);
        }
        break;
    case FB_POP_VALUE:
        if (preserve_tos) emit(c, OP_SWAP, 2);
        emit0(c, OP_POP_TOP);
        break;
    }
    return false;
}

/* The compile-time handler stack, saved around code that leaves blocks. */
typedef struct SavedHandlers {
    int hdepth;
    int *hstack;
} SavedHandlers;

static SavedHandlers save_handlers(Unit *u) {
    SavedHandlers h = {u->hdepth, gc_alloc_atomic(sizeof(int) * (size_t)(u->hdepth + 1))};
    if (u->hdepth) memcpy(h.hstack, u->hstack, sizeof(int) * (size_t)u->hdepth);
    return h;
}

static void restore_handlers(Unit *u, SavedHandlers h) {
    u->hdepth = h.hdepth;
    if (h.hdepth) memcpy(u->hstack, h.hstack, sizeof(int) * (size_t)h.hdepth);
}

/* Unwind fblocks from the innermost outwards; stop at the first loop when
 * loop is non-NULL (it receives that block). The handler stack is left as
 * the unwound blocks leave it, so the jump or return that follows is
 * covered only by the handlers still active at its target (a pending
 * signal can raise at a jump): the caller restores it with
 * restore_handlers() for the code that follows. */
static bool unwind_to(Compiler *c, bool preserve_tos, FBlock **loop, bool *ran_other_lines) {
    Unit *u = c->u;
    bool found = false;
    *ran_other_lines = false;
    Location saved = u->loc;
    for (int i = u->nfblocks - 1; i >= 0; i--) {
        FBlock *f = &u->fblocks[i];
        if (loop && (f->kind == FB_WHILE || f->kind == FB_FOR)) {
            *loop = f;
            found = true;
            break;
        }
        if (unwind_fblock(c, f, preserve_tos)) {
            /* what follows is artificial too (popping an iterator...) */
            *ran_other_lines = true;
            u->loc = (Location){-1, -1, -1, -1};
        }
    }
    u->loc = saved;
    return loop ? found : true;
}

/* The instruction that ends a jump out of blocks: at the statement's line,
   or none after code of other lines ran (see unwind_fblock) */
static Location exit_loc(SrcPos stmt, bool ran_other_lines) {
    return ran_other_lines ? (Location){-1, -1, -1, -1} : loc_of(stmt);
}

#define STAR_EXIT_MSG "'break', 'continue' and 'return' cannot appear in an except* block"

/* Would leaving the blocks (up to the innermost loop when to_loop) leave an
 * except* clause? CPython refuses that at compile time. */
static bool star_exit_error(Compiler *c, bool to_loop) {
    Unit *u = c->u;
    for (int i = u->nfblocks - 1; i >= 0; i--) {
        FBlockKind k = u->fblocks[i].kind;
        if (to_loop && (k == FB_WHILE || k == FB_FOR)) return false;
        if (k == FB_EXCEPTION_GROUP_HANDLER) return true;
    }
    return false;
}

static void compile_return(Compiler *c, Stmt *s) {
    Unit *u = c->u;
    if (u->scope->kind != SCOPE_FUNCTION) {
        compile_error(c, s->pos, "'return' outside function");
        return;
    }
    if (s->u.ret.value && (u->flags & CO_ASYNC_GENERATOR)) {
        compile_error(c, s->pos, "'return' with value in async generator");
        return;
    }
    if (star_exit_error(c, false)) {
        /* 3.11 points at a constant return value, else at the statement */
        Expr *v = s->u.ret.value;
        compile_error(c, v && v->kind == E_CONSTANT ? v->pos : s->pos, STAR_EXIT_MSG);
        return;
    }
    bool preserve = s->u.ret.value != NULL;
    if (preserve) compile_expr(c, s->u.ret.value);
    else emit_line_nop(c, s->pos);   /* the statement's line comes first, as CPython's NOP */
    SavedHandlers saved = save_handlers(u);
    bool other_lines;
    unwind_to(c, preserve, NULL, &other_lines);
    Location saved_loc = u->loc;
    u->loc = exit_loc(s->pos, other_lines);
    if (!preserve) emit_const(c, V_NONE);
    emit0(c, OP_RETURN_VALUE);
    u->loc = saved_loc;
    restore_handlers(u, saved);
}

static void compile_break_continue(Compiler *c, Stmt *s, bool is_break) {
    Unit *u = c->u;
    FBlock *loop = NULL;
    if (star_exit_error(c, true)) {   /* before 'outside loop', as 3.11 unwinds first */
        compile_error(c, s->pos, STAR_EXIT_MSG);
        return;
    }
    /* find the loop first to report errors before emitting */
    bool in_loop = false;
    for (int i = u->nfblocks - 1; i >= 0; i--)
        if (u->fblocks[i].kind == FB_WHILE || u->fblocks[i].kind == FB_FOR) {
            in_loop = true;
            break;
        }
    if (!in_loop) {
        compile_error(c, s->pos, is_break ? "'break' outside loop" : "'continue' not properly in loop");
        return;
    }
    int saved_depth = u->depth;
    emit_line_nop(c, s->pos);   /* the statement's line comes first, as CPython's NOP */
    SavedHandlers saved = save_handlers(u);
    bool other_lines;
    unwind_to(c, false, &loop, &other_lines);
    Location saved_loc = u->loc;
    u->loc = exit_loc(s->pos, other_lines);
    if (is_break) {
        if (loop->kind == FB_FOR) emit0(c, OP_POP_TOP);
        emit(c, OP_JUMP_ABSOLUTE, loop->exit_label);
    } else {
        emit(c, OP_JUMP_ABSOLUTE, loop->top_label);
    }
    u->loc = saved_loc;
    restore_handlers(u, saved);
    u->depth = saved_depth;
}

static void compile_while(Compiler *c, Stmt *s) {
    Unit *u = c->u;
    int top = new_label(u), orelse = new_label(u), end = new_label(u);
    bind_label(u, top);
    Expr *test = s->u.while_.test;
    bool always = test->kind == E_CONSTANT && (test->u.constant.kind == CONST_TRUE ||
                                                (test->u.constant.kind == CONST_INT && test->u.constant.i != 0));
    if (!always) compile_jump_if(c, test, false, orelse);
    else emit_line_nop(c, s->pos);   /* `while 1:` has its line event at each iteration, as CPython's */
    if (!push_fblock(c, FB_WHILE, top, end, s->pos)) return;
    compile_stmts(c, s->u.while_.body);
    pop_fblock(c);
    if (!u->dead) emit_loop_back(c, top);
    bind_label(u, orelse);
    if (!always) compile_stmts(c, s->u.while_.orelse);
    bind_label(u, end);
}

/* CPython 3.11's layout: only GET_ANEXT and its await are covered by the
 * handler, whose END_ASYNC_FOR ends the loop on StopAsyncIteration. */
static void compile_async_for(Compiler *c, Stmt *s) {
    Unit *u = c->u;
    if (!(u->scope->kind == SCOPE_FUNCTION && u->scope->is_coroutine) && !top_level_await(c)) {
        compile_error(c, s->pos, "'async for' outside async function");
        return;
    }
    int top = new_label(u), except = new_label(u), end = new_label(u);
    compile_expr(c, s->u.for_.iter);
    emit0(c, OP_GET_AITER);
    bind_label(u, top);
    push_handler(c, except, 0);
    emit0(c, OP_GET_ANEXT);
    emit_await(c, 0);
    pop_handler(c);
    compile_store(c, s->u.for_.target);
    if (!push_fblock(c, FB_FOR, top, end, s->pos)) return;
    compile_stmts(c, s->u.for_.body);
    pop_fblock(c);
    if (!u->dead) emit_loop_back(c, top);
    bind_label(u, except);   /* the handler's entry: [aiter exc] */
    emit0(c, OP_END_ASYNC_FOR);
    compile_stmts(c, s->u.for_.orelse);
    bind_label(u, end);
}

static void compile_for(Compiler *c, Stmt *s) {
    if (s->kind == S_ASYNCFOR) {
        compile_async_for(c, s);
        return;
    }
    Unit *u = c->u;
    int top = new_label(u), exit = new_label(u), end = new_label(u);
    compile_expr(c, s->u.for_.iter);
    /* CPython 3.11 gives GET_ITER and FOR_ITER the whole statement's span:
       a traceback marks the whole header, or nothing on a one-line loop */
    emit0(c, OP_GET_ITER);
    bind_label(u, top);
    emit(c, OP_FOR_ITER, exit);
    compile_store(c, s->u.for_.target);
    if (!push_fblock(c, FB_FOR, top, end, s->pos)) return;
    compile_stmts(c, s->u.for_.body);
    pop_fblock(c);
    if (!u->dead) emit_loop_back(c, top);
    bind_label(u, exit);
    compile_stmts(c, s->u.for_.orelse);
    bind_label(u, end);
}

static void compile_if(Compiler *c, Stmt *s) {
    Unit *u = c->u;
    int orelse = new_label(u), end = new_label(u);
    compile_jump_if(c, s->u.if_.test, false, orelse);
    compile_stmts(c, s->u.if_.body);
    if (s->u.if_.orelse.n) {
        if (!u->dead) emit_tail_jump(c, OP_JUMP_FORWARD, end);
        bind_label(u, orelse);
        compile_stmts(c, s->u.if_.orelse);
    } else {
        bind_label(u, orelse);
    }
    bind_label(u, end);
}

/* Pop the exception state and re-raise: the cleanup of a handler block. */
static void emit_pop_except_and_reraise(Compiler *c) {
    emit(c, OP_COPY, 3);
    emit0(c, OP_POP_EXCEPT);
    emit(c, OP_RERAISE, 1);
}

/* The body of a try with except or except* clauses, protected by `except`,
 * then the handlers' entry: the exception on the stack ([.. exc] at
 * `except`) becomes [.. prev exc], `cleanup` covering the clauses. False
 * when the body could not be compiled (an error is recorded). */
static bool compile_try_body(Compiler *c, Stmt *s, int except, int orelse, int cleanup) {
    Unit *u = c->u;
    push_handler(c, except, 0);
    if (!push_fblock(c, FB_TRY_EXCEPT, -1, -1, s->pos)) return false;
    compile_stmts(c, s->u.try_.body);
    pop_fblock(c);
    pop_handler(c);
    if (!u->dead) emit_tail_jump(c, OP_JUMP_FORWARD, orelse);
    bind_label(u, except);
    u->loc = (Location){-1, -1, -1, -1};
    push_handler(c, cleanup, 1);
    emit0(c, OP_PUSH_EXC_INFO);
    return true;
}

static void compile_try_except(Compiler *c, Stmt *s) {
    Unit *u = c->u;
    int except = new_label(u), orelse = new_label(u), end = new_label(u), cleanup = new_label(u);
    if (!compile_try_body(c, s, except, orelse, cleanup)) return;
    int n = s->u.try_.nhandlers;
    /* the re-raise when no clause matches takes the line of the last test
       that jumps to it (CPython gives a jump target its jump's line) */
    Location last_test = {-1, -1, -1, -1};
    for (int i = 0; i < n; i++) {
        ExceptHandler *h = s->u.try_.handlers[i];
        if (!h->type && i < n - 1) {
            compile_error(c, h->pos, "default 'except:' must be last");
            return;
        }
        u->loc = loc_of(h->pos);
        int next = new_label(u);
        if (h->type) {
            compile_expr(c, h->type);
            WITH_LOC(c, h->type->pos, {
                emit0(c, OP_CHECK_EXC_MATCH);
                emit(c, OP_POP_JUMP_IF_FALSE, next);
                last_test = u->loc;
            });
        }
        if (h->name) {
            int cleanup_body = new_label(u);
            compile_name(c, h->name, CTX_STORE, h->pos);
            push_handler(c, cleanup_body, 1);
            if (!push_fblock(c, FB_HANDLER_CLEANUP, -1, -1, h->pos)) return;
            u->fblocks[u->nfblocks - 1].name = h->name;
            compile_stmts(c, h->body);
            pop_fblock(c);
            pop_handler(c);
            u->loc = (Location){-1, -1, -1, -1};
            if (!u->dead) {
                /* the exception state is restored: the cleanup handler no
                 * longer covers what follows */
                pop_handler(c);
                emit0(c, OP_POP_EXCEPT);
                emit_const(c, V_NONE);
                compile_name(c, h->name, CTX_STORE, h->pos);
                compile_name(c, h->name, CTX_DEL, h->pos);
                emit(c, OP_JUMP_FORWARD, end);
                u->hdepth++;
            }
            /* exception inside the handler body: unbind the name, re-raise */
            bind_label(u, cleanup_body);
            emit_const(c, V_NONE);
            compile_name(c, h->name, CTX_STORE, h->pos);
            compile_name(c, h->name, CTX_DEL, h->pos);
            emit(c, OP_RERAISE, 1);
        } else {
            emit0(c, OP_POP_TOP);
            if (!push_fblock(c, FB_HANDLER_CLEANUP, -1, -1, h->pos)) return;
            compile_stmts(c, h->body);
            pop_fblock(c);
            u->loc = (Location){-1, -1, -1, -1};
            if (!u->dead) {
                pop_handler(c);   /* as above */
                emit0(c, OP_POP_EXCEPT);
                emit(c, OP_JUMP_FORWARD, end);
                u->hdepth++;
            }
        }
        bind_label(u, next);   /* [.. prev exc] */
    }
    u->loc = last_test;
    emit(c, OP_RERAISE, 0);
    u->loc = (Location){-1, -1, -1, -1};
    pop_handler(c);
    bind_label(u, cleanup);
    emit_pop_except_and_reraise(c);
    bind_label(u, orelse);
    compile_stmts(c, s->u.try_.orelse);
    bind_label(u, end);
}

/* try/except*, as CPython 3.11 compiles it. Stack in the handlers:
 * [prev orig list rest]: orig is the exception caught, list collects what
 * each clause raised (or re-raised) and finally the rest nothing matched,
 * rest is what the next clause matches against (None when all is
 * handled). PREP_RERAISE_STAR turns orig and list into what is raised. */
static void compile_try_star(Compiler *c, Stmt *s) {
    Unit *u = c->u;
    int except = new_label(u), orelse = new_label(u), end = new_label(u), cleanup = new_label(u);
    int reraise_star = new_label(u), reraise = new_label(u);
    if (!compile_try_body(c, s, except, orelse, cleanup)) return;   /* [prev exc] */
    if (!push_fblock(c, FB_EXCEPTION_GROUP_HANDLER, -1, -1, s->pos)) return;
    int n = s->u.try_.nhandlers;
    for (int i = 0; i < n; i++) {
        ExceptHandler *h = s->u.try_.handlers[i];
        int next = new_label(u), no_match = new_label(u), cleanup_end = new_label(u);
        u->loc = loc_of(h->pos);
        if (i == 0) {
            emit(c, OP_COPY, 1);         /* [prev orig exc] */
            emit(c, OP_BUILD_LIST, 0);
            emit(c, OP_SWAP, 2);         /* [prev orig list exc] */
        }
        compile_expr(c, h->type);
        u->loc = loc_of(h->pos);   /* the whole clause, as 3.11 */
        emit0(c, OP_CHECK_EG_MATCH);   /* [.. rest match] */
        emit(c, OP_COPY, 1);
        emit_const(c, V_NONE);
        emit(c, OP_IS_OP, 0);
        emit(c, OP_POP_JUMP_IF_TRUE, no_match);
        if (h->name) compile_name(c, h->name, CTX_STORE, h->pos);
        else emit0(c, OP_POP_TOP);
        push_handler(c, cleanup_end, 1);   /* [prev orig list rest] */
        compile_stmts(c, h->body);
        pop_handler(c);
        u->loc = (Location){-1, -1, -1, -1};
        if (!u->dead) {
            if (h->name) {
                emit_const(c, V_NONE);
                compile_name(c, h->name, CTX_STORE, h->pos);
                compile_name(c, h->name, CTX_DEL, h->pos);
            }
            emit(c, OP_JUMP_FORWARD, next);
        }
        /* raised in the clause: [prev orig list rest lasti exc] */
        bind_label(u, cleanup_end);
        if (h->name) {
            emit_const(c, V_NONE);
            compile_name(c, h->name, CTX_STORE, h->pos);
            compile_name(c, h->name, CTX_DEL, h->pos);
        }
        emit(c, OP_LIST_APPEND, 3);
        emit0(c, OP_POP_TOP);   /* lasti */
        emit(c, OP_JUMP_FORWARD, next);
        bind_label(u, no_match);
        emit0(c, OP_POP_TOP);   /* None */
        bind_label(u, next);    /* [prev orig list rest] */
        if (i == n - 1) {
            emit(c, OP_LIST_APPEND, 1);   /* the unhandled rest */
            emit(c, OP_JUMP_FORWARD, reraise_star);
        }
    }
    pop_fblock(c);
    bind_label(u, reraise_star);   /* [prev orig list] */
    emit0(c, OP_PREP_RERAISE_STAR);
    emit(c, OP_COPY, 1);
    emit_const(c, V_NONE);
    emit(c, OP_IS_OP, 1);
    emit(c, OP_POP_JUMP_IF_TRUE, reraise);
    pop_handler(c);
    emit0(c, OP_POP_TOP);
    emit0(c, OP_POP_EXCEPT);
    emit(c, OP_JUMP_FORWARD, end);
    bind_label(u, reraise);   /* [prev result] */
    emit(c, OP_SWAP, 2);
    emit0(c, OP_POP_EXCEPT);
    emit(c, OP_RERAISE, 0);
    bind_label(u, cleanup);
    emit_pop_except_and_reraise(c);
    bind_label(u, orelse);
    compile_stmts(c, s->u.try_.orelse);
    bind_label(u, end);
}

static void compile_try_finally(Compiler *c, Stmt *s) {
    Unit *u = c->u;
    int finally_exc = new_label(u), end = new_label(u), cleanup = new_label(u);
    push_handler(c, finally_exc, 0);
    if (!push_fblock(c, FB_FINALLY_TRY, -1, -1, s->pos)) return;
    u->fblocks[u->nfblocks - 1].finalbody = &s->u.try_.finalbody;
    if (s->kind == S_TRYSTAR) compile_try_star(c, s);
    else if (s->u.try_.nhandlers) compile_try_except(c, s);
    else compile_stmts(c, s->u.try_.body);
    pop_fblock(c);
    pop_handler(c);
    if (!u->dead) {
        compile_stmts(c, s->u.try_.finalbody);
        if (!u->dead) emit_tail_jump(c, OP_JUMP_FORWARD, end);
    }
    /* exceptional path: [.. exc] */
    bind_label(u, finally_exc);
    u->loc = (Location){-1, -1, -1, -1};
    push_handler(c, cleanup, 1);
    emit0(c, OP_PUSH_EXC_INFO);
    if (!push_fblock(c, FB_FINALLY_END, -1, -1, s->pos)) return;
    compile_stmts(c, s->u.try_.finalbody);
    pop_fblock(c);
    /* the re-raise and the cleanup keep the line of the finally body's
       last statement, as CPython's */
    u->loc = u->last_stmt_loc;
    if (!u->dead) emit(c, OP_RERAISE, 0);
    pop_handler(c);
    bind_label(u, cleanup);
    emit_pop_except_and_reraise(c);
    u->loc = (Location){-1, -1, -1, -1};
    bind_label(u, end);
}

static void compile_try(Compiler *c, Stmt *s) {
    emit_line_nop(c, s->pos);   /* CPython's SETUP_FINALLY, a NOP at the try line */
    if (s->u.try_.finalbody.n) compile_try_finally(c, s);
    else if (s->kind == S_TRYSTAR) compile_try_star(c, s);
    else compile_try_except(c, s);
}

static void compile_with_items(Compiler *c, Stmt *s, int index) {
    Unit *u = c->u;
    bool is_async = s->kind == S_ASYNCWITH;
    WithItem *item = s->u.with.items[index];
    int exc = new_label(u), end = new_label(u), cleanup = new_label(u), suppress = new_label(u);
    compile_expr(c, item->context_expr);
    if (is_async) {
        emit0(c, OP_BEFORE_ASYNC_WITH);   /* [aexit aenter_result] */
        emit_await(c, 1);
    } else {
        emit0(c, OP_BEFORE_WITH);   /* [exit enter_result]; at the statement's span, as 3.11 */
    }
    u->depth--;                          /* handler depth counts exit only */
    push_handler(c, exc, 1);
    u->depth++;
    if (!push_fblock(c, is_async ? FB_ASYNC_WITH : FB_WITH, -1, -1, s->pos)) return;
    if (item->optional_vars) compile_store(c, item->optional_vars);
    else emit0(c, OP_POP_TOP);
    if (index + 1 < s->u.with.nitems) compile_with_items(c, s, index + 1);
    else compile_stmts(c, s->u.with.body);
    pop_fblock(c);
    pop_handler(c);
    if (!u->dead) {
        WITH_LOC(c, s->pos, {
            emit_const(c, V_NONE);
            emit_const(c, V_NONE);
            emit_const(c, V_NONE);
            emit(c, OP_CALL_FUNCTION, 3);
            if (is_async) emit_await(c, 2);
            emit0(c, OP_POP_TOP);
            emit(c, OP_JUMP_FORWARD, end);
        });
    }
    /* exception: [.. exit lasti exc] */
    bind_label(u, exc);
    WITH_LOC(c, s->pos, {
        push_handler(c, cleanup, 1);
        emit0(c, OP_PUSH_EXC_INFO);        /* [exit lasti prev exc] */
        emit(c, OP_WITH_EXCEPT_START, is_async);   /* [exit lasti prev exc res] */
        if (is_async) emit_await(c, 2);
        emit(c, OP_POP_JUMP_IF_TRUE, suppress);
        emit(c, OP_RERAISE, 2);
        bind_label(u, suppress);
        emit0(c, OP_POP_TOP);              /* exc */
        pop_handler(c);                    /* the exception state is restored next */
        emit0(c, OP_POP_EXCEPT);           /* prev */
        emit0(c, OP_POP_TOP);              /* lasti */
        emit0(c, OP_POP_TOP);              /* exit */
        emit(c, OP_JUMP_FORWARD, end);
        bind_label(u, cleanup);
        emit_pop_except_and_reraise(c);
    });
    bind_label(u, end);
}

static void compile_with(Compiler *c, Stmt *s) {
    if (s->kind == S_ASYNCWITH && !(c->u->scope->kind == SCOPE_FUNCTION && c->u->scope->is_coroutine) &&
        !top_level_await(c)) {
        compile_error(c, s->pos, "'async with' outside async function");
        return;
    }
    compile_with_items(c, s, 0);
}

static void compile_raise(Compiler *c, Stmt *s) {
    int n = 0;
    if (s->u.raise.exc) {
        compile_expr(c, s->u.raise.exc);
        n = 1;
        if (s->u.raise.cause) {
            compile_expr(c, s->u.raise.cause);
            n = 2;
        }
    }
    WITH_LOC(c, s->pos, emit(c, OP_RAISE_VARARGS, n));
}

static void compile_assert(Compiler *c, Stmt *s) {
    Unit *u = c->u;
    if (tpy_config.optimize) return;   /* -O removes asserts */
    if (s->u.assert_.test->kind == E_TUPLE && s->u.assert_.test->u.seq.elts.n > 0)
        compile_warn(c, s->pos, "assertion is always true, perhaps remove parentheses?");
    int end = new_label(u);
    compile_jump_if(c, s->u.assert_.test, true, end);
    /* at the statement's span, or at the test's last comparison's
       (compile_jump_if) */
    emit0(c, OP_LOAD_ASSERTION_ERROR);
    if (s->u.assert_.msg) {
        compile_expr(c, s->u.assert_.msg);
        emit(c, OP_CALL_FUNCTION, 1);
    }
    emit(c, OP_RAISE_VARARGS, 1);
    bind_label(u, end);
}

/* Every instruction of an import is at the statement's span (CPython 3.11),
 * so a failed import marks nothing on a one-line statement. */
static void compile_import(Compiler *c, Stmt *s) {
    for (int i = 0; i < s->u.import.nnames; i++) {
        Alias *a = s->u.import.names[i];
        emit_const(c, v_int(0));
        emit_const(c, V_NONE);
        emit(c, OP_IMPORT_NAME, add_name(c->u, a->name));
        if (a->asname) {
            /* import a.b.c as d: walk to the innermost module */
            const char *p = strchr(a->name, '.');
            while (p) {
                const char *q = strchr(p + 1, '.');
                size_t len = q ? (size_t)(q - p - 1) : strlen(p + 1);
                char *part = gc_alloc_atomic(len + 1);
                memcpy(part, p + 1, len);
                part[len] = 0;
                emit(c, OP_IMPORT_FROM, add_name(c->u, part));
                emit(c, OP_SWAP, 2);
                emit0(c, OP_POP_TOP);
                p = q;
            }
            compile_name(c, a->asname, CTX_STORE, s->pos);
        } else {
            const char *dot = strchr(a->name, '.');
            if (dot) {
                size_t len = (size_t)(dot - a->name);
                char *top = gc_alloc_atomic(len + 1);
                memcpy(top, a->name, len);
                top[len] = 0;
                compile_name(c, top, CTX_STORE, s->pos);
            } else {
                compile_name(c, a->name, CTX_STORE, s->pos);
            }
        }
    }
}

static void compile_importfrom(Compiler *c, Stmt *s) {
    int n = s->u.importfrom.nnames;
    bool star = n == 1 && strcmp(s->u.importfrom.names[0]->name, "*") == 0;
    Value fromlist = tuple_new(n);
    for (int i = 0; i < n; i++) tuple_items(fromlist)[i] = str_intern_cstr(s->u.importfrom.names[i]->name);
    WITH_LOC(c, s->pos, {
        emit_const(c, v_int(s->u.importfrom.level));
        emit_const(c, fromlist);
        emit(c, OP_IMPORT_NAME, add_name(c->u, s->u.importfrom.module ? s->u.importfrom.module : ""));
        if (star) {
            emit0(c, OP_IMPORT_STAR);
        } else {
            for (int i = 0; i < n; i++) {
                Alias *a = s->u.importfrom.names[i];
                emit(c, OP_IMPORT_FROM, add_name(c->u, a->name));
                compile_name(c, a->asname ? a->asname : a->name, CTX_STORE, s->pos);
            }
            emit0(c, OP_POP_TOP);
        }
    });
}

static void compile_augassign(Compiler *c, Stmt *s) {
    Expr *t = s->u.augassign.target;
    int op = binop_opcode(s->u.augassign.op, true);
    switch (t->kind) {
    case E_NAME:
        WITH_LOC(c, t->pos, compile_name(c, t->u.name.id, CTX_LOAD, t->pos));
        compile_expr(c, s->u.augassign.value);
        WITH_LOC(c, s->pos, emit0(c, op));
        WITH_LOC(c, t->pos, compile_name(c, t->u.name.id, CTX_STORE, t->pos));
        break;
    case E_ATTRIBUTE: {
        int ci = add_cache(c->u, mangle(c, t->u.attribute.attr));
        compile_expr(c, t->u.attribute.value);
        WITH_LOC(c, t->pos, emit(c, OP_COPY, 1));
        WITH_LOC(c, attr_pos(t, t->pos), emit(c, OP_LOAD_ATTR, ci));
        compile_expr(c, s->u.augassign.value);
        WITH_LOC(c, s->pos, emit0(c, op));
        WITH_LOC(c, attr_pos(t, t->pos), {
            emit(c, OP_SWAP, 2);
            emit(c, OP_STORE_ATTR, add_cache(c->u, mangle(c, t->u.attribute.attr)));
        });
        break;
    }
    case E_SUBSCRIPT:
        compile_expr(c, t->u.subscript.value);
        compile_slice_or_index(c, t->u.subscript.slice);
        WITH_LOC(c, t->pos, {
            emit(c, OP_COPY, 2);
            emit(c, OP_COPY, 2);
            emit0(c, OP_BINARY_SUBSCR);
        });
        compile_expr(c, s->u.augassign.value);
        WITH_LOC(c, s->pos, emit0(c, op));
        WITH_LOC(c, t->pos, {
            emit(c, OP_SWAP, 3);
            emit(c, OP_SWAP, 2);
            emit0(c, OP_STORE_SUBSCR);
        });
        break;
    default: compile_error(c, t->pos, "'%s' is an illegal expression for augmented assignment", "expression"); break;
    }
}

/* ---- the match statement ---------------------------------------------------------- */

/* Patterns compile as in CPython 3.11. A pattern consumes its subject from
 * the top of the stack; every value it captures stays on the stack, below
 * whatever the enclosing patterns still need (on_top items), until the
 * whole pattern has matched, and only then are the names stored, so a
 * failed pattern binds nothing. A failure jumps to fail_pop[k], where k is
 * the number of items to pop (captures + on_top): the labels are bound in
 * descending order, each followed by a POP_TOP. */
typedef struct PatCtx {
    const char **stores;
    int nstores, capstores;
    bool allow_irrefutable;
    int *fail_pop;
    int nfail_pop;
    int on_top;
} PatCtx;

static void compile_pattern(Compiler *c, Pattern *q, PatCtx *pc);

/* CPython reports a pattern's compile errors at the last pattern it began
 * compiling (its location is never restored on the way back). */
static SrcPos cur_pos(Compiler *c) {
    Location l = c->u->loc;
    return (SrcPos){l.line, l.col, l.end_line, l.end_col};
}

static void pat_rotate(Compiler *c, int count) {
    while (count > 1) emit(c, OP_SWAP, count--);
}

static void pat_ensure_fail_pop(Compiler *c, PatCtx *pc, int n) {
    if (n < pc->nfail_pop) return;
    int *a = gc_alloc_atomic(sizeof(int) * (size_t)(n + 1));
    if (pc->nfail_pop) memcpy(a, pc->fail_pop, sizeof(int) * (size_t)pc->nfail_pop);
    for (int i = pc->nfail_pop; i <= n; i++) a[i] = new_label(c->u);
    pc->fail_pop = a;
    pc->nfail_pop = n + 1;
}

static void pat_jump_to_fail(Compiler *c, PatCtx *pc, int op) {
    int pops = pc->on_top + pc->nstores;
    pat_ensure_fail_pop(c, pc, pops);
    emit(c, op, pc->fail_pop[pops]);
}

static void pat_emit_fail_pop(Compiler *c, PatCtx *pc) {
    if (!pc->nfail_pop) return;
    for (int i = pc->nfail_pop - 1; i > 0; i--) {
        bind_label(c->u, pc->fail_pop[i]);
        emit0(c, OP_POP_TOP);
    }
    bind_label(c->u, pc->fail_pop[0]);
    pc->fail_pop = NULL;
    pc->nfail_pop = 0;
}

static bool pat_has_store(PatCtx *pc, const char *name) {
    for (int i = 0; i < pc->nstores; i++)
        if (!strcmp(pc->stores[i], name)) return true;
    return false;
}

static void pat_add_store(PatCtx *pc, const char *name) {
    if (pc->nstores == pc->capstores) {
        int cap = pc->capstores ? pc->capstores * 2 : 8;
        const char **a = gc_alloc(sizeof(char *) * (size_t)cap);
        if (pc->nstores) memcpy(a, pc->stores, sizeof(char *) * (size_t)pc->nstores);
        pc->stores = a;
        pc->capstores = cap;
    }
    pc->stores[pc->nstores++] = name;
}

static void pat_store_name(Compiler *c, const char *name, PatCtx *pc) {
    if (!name) {
        emit0(c, OP_POP_TOP);
        return;
    }
    if (!strcmp(name, "__debug__")) {
        compile_error(c, cur_pos(c), "cannot assign to __debug__");
        return;
    }
    if (pat_has_store(pc, name)) {
        compile_error(c, cur_pos(c), "multiple assignments to name '%s' in pattern", name);
        return;
    }
    pat_rotate(c, pc->on_top + pc->nstores + 1);
    pat_add_store(pc, name);
}

static bool is_wildcard(Pattern *q) { return q->kind == P_AS && !q->u.as.pattern && !q->u.as.name; }

/* Irrefutability is checked at the top level and in or-alternatives only. */
static void compile_subpattern(Compiler *c, Pattern *q, PatCtx *pc) {
    bool allow = pc->allow_irrefutable;
    pc->allow_irrefutable = true;
    compile_pattern(c, q, pc);
    pc->allow_irrefutable = allow;
}

/* A literal value after CPython's constant folding (-1 is a constant),
 * or 0 when the expression is not one. */
static Value pat_literal(Compiler *c, Expr *e) {
    if (e->kind == E_CONSTANT) return e->u.constant.kind == CONST_IMAG ? 0 : const_value(c, e);
    if (e->kind == E_UNARYOP && e->u.unaryop.operand->kind == E_CONSTANT &&
        e->u.unaryop.operand->u.constant.kind != CONST_IMAG) {
        Value v = obj_unop(const_value(c, e->u.unaryop.operand), UNOP_NEG);
        if (!v) err_clear();
        return v;
    }
    return 0;
}

static bool is_value_expr(Expr *e) {
    return e->kind == E_CONSTANT || e->kind == E_ATTRIBUTE || e->kind == E_UNARYOP || e->kind == E_BINOP;
}

static void compile_pattern_sequence(Compiler *c, Pattern *q, PatCtx *pc) {
    PatternList l = q->u.seq.patterns;
    int size = l.n, star = -1;
    bool only_wildcard = true, star_wildcard = false;
    for (int i = 0; i < size; i++) {
        Pattern *p = l.items[i];
        if (p->kind == P_STAR) {
            if (star >= 0) {
                compile_error(c, cur_pos(c), "multiple starred names in sequence pattern");
                return;
            }
            star_wildcard = !p->u.star.name;
            only_wildcard &= star_wildcard;
            star = i;
            continue;
        }
        only_wildcard &= is_wildcard(p);
    }
    /* the subject stays on top during the type and length checks */
    pc->on_top++;
    emit0(c, OP_MATCH_SEQUENCE);
    pat_jump_to_fail(c, pc, OP_POP_JUMP_IF_FALSE);
    if (star < 0 || size > 1) {
        emit0(c, OP_GET_LEN);
        emit_const(c, v_int(star < 0 ? size : size - 1));
        emit(c, OP_COMPARE_OP, star < 0 ? CMP_EQ : CMP_GE);
        pat_jump_to_fail(c, pc, OP_POP_JUMP_IF_FALSE);
    }
    pc->on_top--;
    if (only_wildcard) {
        emit0(c, OP_POP_TOP);
    } else if (star_wildcard) {
        /* [a, *_, b]: index the items instead of unpacking them all */
        pc->on_top++;
        for (int i = 0; i < size; i++) {
            Pattern *p = l.items[i];
            if (i == star || is_wildcard(p)) continue;
            emit(c, OP_COPY, 1);
            if (i < star) {
                emit_const(c, v_int(i));
            } else {
                emit0(c, OP_GET_LEN);
                emit_const(c, v_int(size - i));
                emit0(c, OP_BINARY_SUBTRACT);
            }
            emit0(c, OP_BINARY_SUBSCR);
            compile_subpattern(c, p, pc);
        }
        pc->on_top--;
        emit0(c, OP_POP_TOP);
    } else {
        if (star < 0) emit(c, OP_UNPACK_SEQUENCE, size);
        else emit(c, OP_UNPACK_EX, star | (size - star - 1) << 12);
        pc->on_top += size;
        for (int i = 0; i < size; i++) {
            pc->on_top--;
            compile_subpattern(c, l.items[i], pc);
        }
    }
}

static void compile_pattern_mapping(Compiler *c, Pattern *q, PatCtx *pc) {
    ExprList keys = q->u.mapping.keys;
    int size = keys.n;
    const char *rest = q->u.mapping.rest;
    pc->on_top++;
    emit0(c, OP_MATCH_MAPPING);
    pat_jump_to_fail(c, pc, OP_POP_JUMP_IF_FALSE);
    if (!size && !rest) {
        pc->on_top--;
        emit0(c, OP_POP_TOP);
        return;
    }
    if (size) {
        emit0(c, OP_GET_LEN);
        emit_const(c, v_int(size));
        emit(c, OP_COMPARE_OP, CMP_GE);
        pat_jump_to_fail(c, pc, OP_POP_JUMP_IF_FALSE);
    }
    Value seen = set_new();
    for (int i = 0; i < size; i++) {
        Expr *k = keys.items[i];
        Value v = pat_literal(c, k);
        if (v) {
            int r = set_contains(seen, v);
            if (r > 0) {
                Value rep = obj_repr(v);
                compile_error(c, cur_pos(c), "mapping pattern checks duplicate key (%s)",
                              rep ? str_data(rep) : "?");
                if (!rep) err_clear();
                return;
            }
            if (r < 0 || set_add(seen, v) < 0) err_clear();
        } else if (k->kind != E_ATTRIBUTE && k->kind != E_BINOP) {
            compile_error(c, cur_pos(c), "mapping pattern keys may only match literals and attribute lookups");
            return;
        }
        compile_expr(c, k);
    }
    emit(c, OP_BUILD_TUPLE, size);
    emit0(c, OP_MATCH_KEYS);
    /* the keys and the values (or None) are now above the subject */
    pc->on_top += 2;
    emit(c, OP_COPY, 1);
    emit_const(c, V_NONE);
    emit(c, OP_IS_OP, 1);
    pat_jump_to_fail(c, pc, OP_POP_JUMP_IF_FALSE);
    emit(c, OP_UNPACK_SEQUENCE, size);
    pc->on_top += size - 1;
    for (int i = 0; i < size; i++) {
        pc->on_top--;
        compile_subpattern(c, q->u.mapping.patterns.items[i], pc);
    }
    pc->on_top -= 2;
    if (rest) {
        /* rest = dict(subject); del rest[k] for each key */
        emit(c, OP_BUILD_MAP, 0);
        emit(c, OP_SWAP, 3);
        emit(c, OP_DICT_UPDATE, 2);
        emit(c, OP_UNPACK_SEQUENCE, size);
        for (int n = size; n > 0; n--) {
            emit(c, OP_COPY, 1 + n);
            emit(c, OP_SWAP, 2);
            emit0(c, OP_DELETE_SUBSCR);
        }
        pat_store_name(c, rest, pc);
    } else {
        emit0(c, OP_POP_TOP);
        emit0(c, OP_POP_TOP);
    }
}

static void compile_pattern_class(Compiler *c, Pattern *q, PatCtx *pc) {
    int nargs = q->u.cls.patterns.n, nattrs = q->u.cls.nkwd;
    for (int i = 0; i < nattrs; i++) {
        if (!strcmp(q->u.cls.kwd_attrs[i], "__debug__")) {
            compile_error(c, q->u.cls.kwd_patterns.items[i]->pos, "cannot assign to __debug__");
            return;
        }
        for (int j = i + 1; j < nattrs; j++)
            if (!strcmp(q->u.cls.kwd_attrs[i], q->u.cls.kwd_attrs[j])) {
                compile_error(c, q->u.cls.kwd_patterns.items[j]->pos,
                              "attribute name repeated in class pattern: %s", q->u.cls.kwd_attrs[i]);
                return;
            }
    }
    compile_expr(c, q->u.cls.cls);
    Value names = tuple_new(nattrs);
    for (int i = 0; i < nattrs; i++) tuple_items(names)[i] = str_intern_cstr(q->u.cls.kwd_attrs[i]);
    emit_const(c, names);
    emit(c, OP_MATCH_CLASS, nargs);
    emit(c, OP_COPY, 1);
    emit_const(c, V_NONE);
    emit(c, OP_IS_OP, 1);
    pc->on_top++;
    pat_jump_to_fail(c, pc, OP_POP_JUMP_IF_FALSE);
    emit(c, OP_UNPACK_SEQUENCE, nargs + nattrs);
    pc->on_top += nargs + nattrs - 1;
    for (int i = 0; i < nargs + nattrs; i++) {
        pc->on_top--;
        Pattern *p = i < nargs ? q->u.cls.patterns.items[i] : q->u.cls.kwd_patterns.items[i - nargs];
        if (is_wildcard(p)) {
            emit0(c, OP_POP_TOP);
            continue;
        }
        compile_subpattern(c, p, pc);
    }
}

/* Swap the stack items at depths a and b (1 = top). */
static void pat_swap_depths(Compiler *c, int a, int b) {
    if (a == b) return;
    if (a == 1) emit(c, OP_SWAP, b);
    else if (b == 1) emit(c, OP_SWAP, a);
    else {
        emit(c, OP_SWAP, a);
        emit(c, OP_SWAP, b);
        emit(c, OP_SWAP, a);
    }
}

static void compile_pattern_or(Compiler *c, Pattern *q, PatCtx *pc) {
    Unit *u = c->u;
    int end = new_label(u);
    PatternList alts = q->u.or_.patterns;
    PatCtx old = *pc;
    const char **control = NULL;
    int ncontrol = 0;
    for (int i = 0; i < alts.n; i++) {
        PatCtx alt = {NULL, 0, 0, i == alts.n - 1 && old.allow_irrefutable, NULL, 0, 0};
        emit(c, OP_COPY, 1);
        compile_pattern(c, alts.items[i], &alt);
        if (c->failed) return;
        if (i == 0) {
            control = alt.stores;
            ncontrol = alt.nstores;
        } else {
            if (alt.nstores != ncontrol) goto diff;
            /* bring this alternative's captures into the first one's
             * order: capture k sits at depth k + 1 */
            for (int k = 0; k < ncontrol; k++) {
                int at = -1;
                for (int j = k; j < alt.nstores; j++)
                    if (!strcmp(alt.stores[j], control[k])) at = j;
                if (at < 0) goto diff;
                if (at != k) {
                    pat_swap_depths(c, k + 1, at + 1);
                    const char *t = alt.stores[k];
                    alt.stores[k] = alt.stores[at];
                    alt.stores[at] = t;
                }
            }
        }
        emit(c, OP_JUMP_FORWARD, end);
        pat_emit_fail_pop(c, &alt);
    }
    *pc = old;
    /* no alternative matched: drop the subject and fail */
    emit0(c, OP_POP_TOP);
    pat_jump_to_fail(c, pc, OP_JUMP_FORWARD);
    bind_label(u, end);
    /* the captures go below the subject, on_top items and earlier captures */
    int nrots = ncontrol + 1 + pc->on_top + pc->nstores;
    for (int i = 0; i < ncontrol; i++) {
        pat_rotate(c, nrots);
        if (pat_has_store(pc, control[i])) {
            compile_error(c, cur_pos(c), "multiple assignments to name '%s' in pattern", control[i]);
            return;
        }
        pat_add_store(pc, control[i]);
    }
    emit0(c, OP_POP_TOP);
    return;
diff:
    compile_error(c, cur_pos(c), "alternative patterns bind different names");
}

static void compile_pattern(Compiler *c, Pattern *q, PatCtx *pc) {
    if (c->failed) return;
    c->u->loc = loc_of(q->pos);
    switch (q->kind) {
    case P_VALUE: {
        Expr *v = q->u.value.value;
        if (!is_value_expr(v)) {
            compile_error(c, cur_pos(c), "patterns may only match literals and attribute lookups");
            return;
        }
        compile_expr(c, v);
        emit(c, OP_COMPARE_OP, CMP_EQ);
        pat_jump_to_fail(c, pc, OP_POP_JUMP_IF_FALSE);
        break;
    }
    case P_SINGLETON:
        emit_const(c, q->u.singleton.value == CONST_NONE ? V_NONE : q->u.singleton.value == CONST_TRUE ? V_TRUE : V_FALSE);
        emit(c, OP_IS_OP, 0);
        pat_jump_to_fail(c, pc, OP_POP_JUMP_IF_FALSE);
        break;
    case P_SEQUENCE: compile_pattern_sequence(c, q, pc); break;
    case P_MAPPING: compile_pattern_mapping(c, q, pc); break;
    case P_CLASS: compile_pattern_class(c, q, pc); break;
    case P_STAR: pat_store_name(c, q->u.star.name, pc); break;
    case P_AS:
        if (!q->u.as.pattern) {
            if (!pc->allow_irrefutable) {
                if (q->u.as.name)
                    compile_error(c, cur_pos(c), "name capture '%s' makes remaining patterns unreachable", q->u.as.name);
                else
                    compile_error(c, cur_pos(c), "wildcard makes remaining patterns unreachable");
                return;
            }
            pat_store_name(c, q->u.as.name, pc);
            break;
        }
        pc->on_top++;
        emit(c, OP_COPY, 1);
        compile_pattern(c, q->u.as.pattern, pc);
        pc->on_top--;
        pat_store_name(c, q->u.as.name, pc);
        break;
    case P_OR: compile_pattern_or(c, q, pc); break;
    }
}

static void compile_match(Compiler *c, Stmt *s) {
    Unit *u = c->u;
    compile_expr(c, s->u.match.subject);
    int end = new_label(u);
    int cases = s->u.match.ncases;
    MatchCase *last = s->u.match.cases[cases - 1];
    /* a trailing `case _:` needs no copy of the subject and no pattern */
    int has_default = is_wildcard(last->pattern) && cases > 1;
    for (int i = 0; i < cases - has_default; i++) {
        MatchCase *m = s->u.match.cases[i];
        u->loc = loc_of(m->pattern->pos);
        bool copy = i != cases - has_default - 1;
        if (copy) emit(c, OP_COPY, 1);
        PatCtx pc = {NULL, 0, 0, m->guard != NULL || i == cases - 1, NULL, 0, 0};
        compile_pattern(c, m->pattern, &pc);
        if (c->failed) return;
        for (int n = 0; n < pc.nstores; n++) compile_name(c, pc.stores[n], CTX_STORE, m->pattern->pos);
        if (m->guard) {
            pat_ensure_fail_pop(c, &pc, 0);
            compile_jump_if(c, m->guard, false, pc.fail_pop[0]);
        }
        if (copy) emit0(c, OP_POP_TOP);
        compile_stmts(c, m->body);
        if (!u->dead) emit_tail_jump(c, OP_JUMP_FORWARD, end);
        u->loc = loc_of(m->pattern->pos);
        pat_emit_fail_pop(c, &pc);
    }
    if (has_default) {
        u->loc = loc_of(last->pattern->pos);
        if (cases == 1) emit0(c, OP_POP_TOP);
        else emit_line_nop(c, last->pattern->pos);   /* `case _:` has its line event */
        if (last->guard) compile_jump_if(c, last->guard, false, end);
        compile_stmts(c, last->body);
    }
    bind_label(u, end);
}

static void compile_stmt(Compiler *c, Stmt *s) {
    if (c->failed) return;
    Unit *u = c->u;
    Location saved = u->loc;
    u->loc = u->last_stmt_loc = loc_of(s->pos);
    if (u->dead) {
        /* unreachable code: still compile (for errors), into a dead region */
    }
    switch (s->kind) {
    case S_FUNCTIONDEF:
    case S_ASYNCFUNCTIONDEF: compile_funcdef(c, s); break;
    case S_CLASSDEF: compile_classdef(c, s); break;
    case S_RETURN: compile_return(c, s); break;
    case S_DELETE:
        for (int i = 0; i < s->u.del.targets.n; i++) compile_delete(c, s->u.del.targets.items[i]);
        break;
    case S_ASSIGN: {
        ExprList t = s->u.assign.targets;
        compile_expr(c, s->u.assign.value);
        for (int i = 0; i < t.n; i++) {
            if (i < t.n - 1) emit(c, OP_COPY, 1);
            compile_store(c, t.items[i]);
        }
        break;
    }
    case S_AUGASSIGN: compile_augassign(c, s); break;
    case S_ANNASSIGN: {
        Expr *t = s->u.annassign.target;
        if (s->u.annassign.value) {
            compile_expr(c, s->u.annassign.value);
            compile_store(c, t);
        }
        if (t->kind == E_NAME && !strcmp(t->u.name.id, "__debug__")) {
            compile_error(c, s->pos, "cannot assign to __debug__");   /* at the statement, as CPython */
        } else if (t->kind == E_NAME && s->u.annassign.simple && u->scope->kind != SCOPE_FUNCTION) {
            /* module/class: __annotations__[name] = annotation */
            compile_annotation(c, s->u.annassign.annotation);
            emit(c, OP_LOAD_NAME, add_name(u, "__annotations__"));
            emit_const(c, str_intern_cstr(mangle(c, t->u.name.id)));
            emit0(c, OP_STORE_SUBSCR);
        } else if (t->kind == E_ATTRIBUTE && !strcmp(t->u.attribute.attr, "__debug__")) {
            compile_error(c, s->pos, "cannot assign to __debug__");   /* at the statement, as CPython */
        } else if (t->kind != E_NAME && !s->u.annassign.value) {
            /* evaluate the target's parts for their side effects */
            if (t->kind == E_ATTRIBUTE) {
                compile_expr(c, t->u.attribute.value);
                emit0(c, OP_POP_TOP);
            } else if (t->kind == E_SUBSCRIPT) {
                compile_expr(c, t->u.subscript.value);
                emit0(c, OP_POP_TOP);
                compile_slice_or_index(c, t->u.subscript.slice);
                emit0(c, OP_POP_TOP);
            }
        }
        break;
    }
    case S_FOR:
    case S_ASYNCFOR: compile_for(c, s); break;
    case S_WHILE: compile_while(c, s); break;
    case S_IF: compile_if(c, s); break;
    case S_WITH:
    case S_ASYNCWITH: compile_with(c, s); break;
    case S_MATCH: compile_match(c, s); break;
    case S_RAISE: compile_raise(c, s); break;
    case S_TRY:
    case S_TRYSTAR: compile_try(c, s); break;
    case S_ASSERT: compile_assert(c, s); break;
    case S_IMPORT: compile_import(c, s); break;
    case S_IMPORTFROM:
        if (is_future_import(s) && s->pos.lineno > c->future_lineno) {
            compile_error(c, s->pos, "from __future__ imports must occur at the beginning of the file");
            break;
        }
        compile_importfrom(c, s);
        break;
    case S_GLOBAL:
    case S_NONLOCAL: break;
    case S_PASS:
        emit_line_nop(c, s->pos);
        /* the implicit return after it takes its line */
        if (!u->dead) u->tail_line = s->pos.lineno;
        break;
    case S_EXPR: {
        Expr *v = s->u.expr.value;
        if (c->mode == COMPILE_INTERACTIVE && u->scope->kind == SCOPE_MODULE && c->nested == 0) {
            compile_expr(c, v);
            emit0(c, OP_PRINT_EXPR);
        } else if (v->kind == E_CONSTANT) {
            /* a bare constant (docstrings never get here): nothing to run
               but its line, a NOP as CPython's */
            emit_line_nop(c, s->pos);
        } else {
            compile_expr(c, v);
            /* the discarded result's POP_TOP has no line of its own (CPython's
               is artificial): it keeps the last instruction's, not the
               statement's first line */
            if (u->n > 0) u->loc = u->locs[u->n - 1];
            emit0(c, OP_POP_TOP);
        }
        break;
    }
    case S_BREAK: compile_break_continue(c, s, true); break;
    case S_CONTINUE: compile_break_continue(c, s, false); break;
    }
    u->loc = saved;
}

static void compile_stmts(Compiler *c, StmtList l) {
    for (int i = 0; i < l.n && !c->failed; i++) compile_stmt(c, l.items[i]);
}

/* ---- assembly --------------------------------------------------------------------------- */

/* Maximum stack depth by flow analysis over the instructions (and the
 * exception handlers' entry points). It also checks the depths the
 * compiler tracked while emitting: every reachable instruction is reached
 * at one depth, and a handler never expects more values on the stack than
 * an instruction it covers has (the unwinder would keep garbage).
 * Returns -1 (SystemError set) if not. */
/* The value stack's depth before each of the n instructions of code
 * (depth[i], -1 where unreachable), found by following every jump and
 * exception edge. Returns the greatest depth reached, or -1 - i when two
 * paths reach instruction i with different depths (a compiler bug). */
int code_stack_depths(const uint32_t *code, int n, const ExcTableEntry *table, int ntable, int *depth) {
    for (int i = 0; i < n; i++) depth[i] = -1;
    if (n == 0) return 0;
    int *work = gc_alloc_atomic(sizeof(int) * (size_t)(n + 1));
    int nwork = 0, maxd = 0, bad = -1;
#define PUSHW(i, d)                                        \
    do {                                                   \
        if ((i) >= n) break;                               \
        if (depth[(i)] < 0) {                              \
            depth[(i)] = (d);                              \
            work[nwork++] = (i);                           \
            if ((d) > maxd) maxd = (d);                    \
        } else if (depth[(i)] != (d)) {                    \
            bad = (i);                                     \
        }                                                  \
    } while (0)
    PUSHW(0, 0);
    while (nwork) {
        int i = work[--nwork];
        int d = depth[i];
        uint32_t w = code[i];
        int op = INSTR_OP(w), arg = (int)INSTR_ARG(w);
        /* exception edges */
        for (int k = 0; k < ntable; k++) {
            if ((uint32_t)i >= table[k].start && (uint32_t)i < table[k].end) {
                if (table[k].depth > d) bad = i;
                int hd = table[k].depth + table[k].lasti + 1;
                PUSHW((int)table[k].target, hd);
            }
        }
        if (opcode_flags[op] & OPF_JUMP) {
            int jd = d + op_stack_effect(op, arg, 1);
            if (jd > maxd) maxd = jd;
            PUSHW(arg, jd);
        }
        if (op == OP_JUMP_FORWARD || op == OP_JUMP_ABSOLUTE || op == OP_RETURN_VALUE || op == OP_RAISE_VARARGS ||
            op == OP_RERAISE)
            continue;
        int nd = d + op_stack_effect(op, arg, 0);
        if (nd > maxd) maxd = nd;
        PUSHW(i + 1, nd);
    }
#undef PUSHW
    return bad >= 0 ? -1 - bad : maxd;
}

static int compute_stacksize(Unit *u, ExcTableEntry *table, int ntable) {
    int *depth = gc_alloc_atomic(sizeof(int) * (size_t)(u->n + 1));
    int maxd = code_stack_depths(u->code, u->n, table, ntable, depth);
    if (maxd < 0) {
        err_format(&exc_SystemError, "internal compiler error: inconsistent stack depth at instruction %d of %s",
                   -1 - maxd, u->name);
        return -1;
    }
    return maxd + 1;
}

/* CPython's line propagation: an instruction the compiler gave no line (a
 * handler's POP_EXCEPT, the jump out of it) takes the position of the one
 * before it in its basic block, so that neither it nor the instruction
 * after it starts a line event of its own. A block starts at a label and
 * after a jump, return or raise (not where the covering handler changes:
 * CPython's blocks hold its SETUP/POP_BLOCK pseudo-instructions). */
static void propagate_lines(Unit *u) {
    bool *starts = gc_alloc_atomic((size_t)u->n + 1);
    memset(starts, 0, (size_t)u->n + 1);
    for (int l = 0; l < u->nlabels; l++)
        if (u->label_pos[l] >= 0 && u->label_pos[l] <= u->n) starts[u->label_pos[l]] = true;
    for (int i = 1; i < u->n; i++) {
        int prev = INSTR_OP(u->code[i - 1]);
        if (starts[i] || (opcode_flags[prev] & OPF_JUMP) ||
            prev == OP_RETURN_VALUE || prev == OP_RAISE_VARARGS || prev == OP_RERAISE)
            continue;
        if (u->locs[i].line < 0 && u->locs[i - 1].line >= 0) u->locs[i] = u->locs[i - 1];
    }
}

static CodeObject *assemble(Compiler *c, Unit *u) {
    if (c->failed) return NULL;
    /* resolve jumps (a jump to a forward jump goes straight on, as
       CPython's: no line event for the jump in between) */
    for (int i = 0; i < u->n; i++) {
        uint32_t w = u->code[i];
        int op = INSTR_OP(w);
        if (opcode_flags[op] & OPF_JUMP) {
            int pos = u->label_pos[final_label(u, (int)INSTR_ARG(w))];
            if (pos < 0) {
                compile_error(c, (SrcPos){u->firstlineno, 0, u->firstlineno, 0}, "internal: unbound label");
                return NULL;
            }
            u->code[i] = INSTR(op, pos);
        }
    }
    /* an instruction past the end for code that falls off (never executed) */
    /* exception table from per-instruction handler records */
    ExcTableEntry *table = gc_alloc_atomic(sizeof(ExcTableEntry) * (size_t)(u->n + 1));
    int nt = 0;
    for (int i = 0; i < u->n;) {
        int h = u->hidx[i];
        int j = i;
        while (j < u->n && u->hidx[j] == h) j++;
        if (h >= 0) {
            HandlerRec *r = &u->hrecs[h];
            table[nt++] = (ExcTableEntry){(uint32_t)i, (uint32_t)j, (uint32_t)u->label_pos[r->label],
                                          (uint16_t)r->depth, (uint8_t)r->lasti};
        }
        i = j;
    }
    CodeObject *co = (CodeObject *)obj_alloc(&code_type, sizeof(CodeObject));
    co->name = str_intern_cstr(u->name);
    co->qualname = u->qualname;
    co->filename = c->filename_v;
    co->firstlineno = u->firstlineno;
    co->argcount = u->argcount;
    co->posonlyargcount = u->posonly;
    co->kwonlyargcount = u->kwonly;
    co->nlocals = (int32_t)list_size(u->varnames);
    co->ncells = (int32_t)list_size(u->cellvars);
    co->nfrees = (int32_t)list_size(u->freevars);
    co->flags = u->flags;
    if (u->scope->kind == SCOPE_MODULE) co->flags |= CO_MODULE;
    /* CPython's CO_NESTED: a scope inside a function, or inside a nested one */
    for (Scope *p = u->scope->parent; p; p = p->parent)
        if (p->kind == SCOPE_FUNCTION || p->kind == SCOPE_COMPREHENSION) {
            co->flags |= CO_NESTED;
            break;
        }
    if (c->future_annotations) co->flags |= CO_FUTURE_ANNOTATIONS;
    if (co->ncells == 0 && co->nfrees == 0) co->flags |= CO_NOFREE;
    if (!(co->flags & (CO_VARARGS | CO_VARKEYWORDS | CO_GENERATOR)) && co->kwonlyargcount == 0 &&
        (co->flags & CO_NOFREE))
        co->flags |= CO_SIMPLE_ARGS;
    propagate_lines(u);
    co->ncode = u->n;
    co->code = u->code;
    co->locations = u->locs;
    co->consts = tuple_from_array(list_items(u->consts), list_size(u->consts));
    co->names = tuple_from_array(list_items(u->names), list_size(u->names));
    co->varnames = tuple_from_array(list_items(u->varnames), list_size(u->varnames));
    co->cellvars = tuple_from_array(list_items(u->cellvars), list_size(u->cellvars));
    co->freevars = tuple_from_array(list_items(u->freevars), list_size(u->freevars));
    co->exctable = table;
    co->nexctable = nt;
    co->caches = u->caches;
    co->ncaches = u->ncaches;
    co->attr_hint = u->attr_hint;
    co->stacksize = compute_stacksize(u, table, nt);
    if (co->stacksize < 0) {
        c->failed = true;
        return NULL;
    }
    if (co->ncells) {
        co->cell2arg = gc_alloc_atomic(sizeof(int32_t) * (size_t)co->ncells);
        bool any = false;
        for (int i = 0; i < co->ncells; i++) {
            co->cell2arg[i] = -1;
            Value cn = tuple_get(co->cellvars, i);
            int nargs = co->argcount + co->kwonlyargcount + ((co->flags & CO_VARARGS) ? 1 : 0) +
                        ((co->flags & CO_VARKEYWORDS) ? 1 : 0);
            for (int a = 0; a < nargs && a < co->nlocals; a++)
                if (tuple_get(co->varnames, a) == cn) {
                    co->cell2arg[i] = a;
                    any = true;
                }
        }
        if (!any) co->cell2arg = NULL;
    }
    return co;
}

/* ---- entry points ---------------------------------------------------------------------- */

/* The features of the __future__ imports opening the module (after its
 * docstring), with CPython's errors for unknown features and for a
 * __future__ import after other statements */
static int future_features(Compiler *c, StmtList body) {
    static const char *const known[] = {"nested_scopes", "generators", "division", "absolute_import",
                                        "with_statement", "print_function", "unicode_literals",
                                        "barry_as_FLUFL", "generator_stop", "annotations", NULL};
    int f = 0, i = 0;
    if (body.n && is_docstring(body.items[0])) i = 1;
    for (; i < body.n && is_future_import(body.items[i]); i++) {
        Stmt *s = body.items[i];
        c->future_lineno = s->pos.lineno;
        for (int j = 0; j < s->u.importfrom.nnames; j++) {
            const char *name = s->u.importfrom.names[j]->name;
            int k = 0;
            while (known[k] && strcmp(known[k], name)) k++;
            if (!strcmp(name, "annotations")) f |= AST_FUTURE_ANNOTATIONS;
            if (!known[k]) {
                if (!strcmp(name, "braces")) compile_error(c, s->pos, "not a chance");
                else compile_error(c, s->pos, "future feature %s is not defined", name);
                c->err->end_lineno = c->err->lineno;   /* CPython: the line, no end column */
                c->err->end_offset = 0;
                return f;
            }
        }
    }
    /* CPython's future pass itself reports a late __future__ import on
       the line of the statement that ended the block (at its column, not
       column + 1); later ones are the compiler's (compile_stmt) */
    for (int line = i > 0 ? body.items[i - 1]->pos.lineno : 0; i < body.n; i++) {
        Stmt *s = body.items[i];
        if (i > 0 && s->pos.lineno > line) break;
        line = s->pos.lineno;
        if (is_future_import(s)) {
            compile_error(c, s->pos, "from __future__ imports must occur at the beginning of the file");
            c->err->offset = s->pos.col_offset;
            c->err->end_lineno = c->err->lineno;   /* CPython: the line, no end column */
            c->err->end_offset = 0;
            break;
        }
    }
    return f;
}

CodeObject *compile_module(Module *m, const char *filename, CompileMode mode, SyntaxErrorInfo *err) {
    Compiler c = {0};
    c.filename = filename;
    c.err = err;
    m->future_flags |= future_features(&c, m->body);
    if (c.failed) return NULL;
    c.future_annotations = (m->future_flags & AST_FUTURE_ANNOTATIONS) != 0;
    c.filename = filename;
    c.filename_v = str_intern_cstr(filename);
    c.err = err;
    c.mode = mode;
    c.name_ops = mode == COMPILE_EXEC || mode == COMPILE_EVAL || mode == COMPILE_INTERACTIVE;
    c.top_level_await = (m->future_flags & 0x2000) != 0;   /* PyCF_ALLOW_TOP_LEVEL_AWAIT */
    if (!symtable_build(&c.st, m, filename, err)) return NULL;
    Unit *u = enter_scope(&c, c.st.top, "<module>", str_intern_cstr("<module>"), 1);
    u->flags |= CO_MODULE;
    StmtList body = m->body;
    if (body.n) u->loc = (Location){body.items[0]->pos.lineno, body.items[0]->pos.lineno, -1, -1};
    int start = 0;
    if (mode != COMPILE_EVAL && has_annassign(body)) emit0(&c, OP_SETUP_ANNOTATIONS);
    if ((mode == COMPILE_MODULE || mode == COMPILE_EXEC) && body.n && is_docstring(body.items[0]) &&
        strip_docstrings()) {
        start = 1;
    } else if ((mode == COMPILE_MODULE || mode == COMPILE_EXEC) && body.n && is_docstring(body.items[0])) {
        WITH_LOC(&c, body.items[0]->pos, {
            compile_expr(&c, body.items[0]->u.expr.value);
            emit(&c, c.name_ops ? OP_STORE_NAME : OP_STORE_GLOBAL, add_name(u, "__doc__"));
        });
        start = 1;
    }
    if (mode == COMPILE_EVAL) {
        if (body.n == 1 && body.items[0]->kind == S_EXPR) {
            compile_expr(&c, body.items[0]->u.expr.value);
            emit0(&c, OP_RETURN_VALUE);
        }
    } else {
        for (int i = start; i < body.n && !c.failed; i++) compile_stmt(&c, body.items[i]);
        emit_implicit_return(&c);
    }
    CodeObject *co = leave_scope(&c);
    if (c.failed) return NULL;
    return co;
}

/* Line `lineno` of the file `filename` with its newline, or NULL: where
 * CPython takes the text of the errors its compiler and symbol table find
 * (so code from -c, "<string>", has none). */
static char *file_line(const char *filename, int lineno) {
    FILE *f = fopen(filename, "rb");
    if (!f) return NULL;
    Buf b;
    buf_init(&b, 128);
    int line = 1, c;
    while (line < lineno && (c = getc(f)) != EOF)
        if (c == '\n') line++;
    while (line == lineno && (c = getc(f)) != EOF) {
        buf_putc(&b, (char)c);
        if (c == '\n') break;
    }
    fclose(f);
    if (line != lineno || b.len == 0) return NULL;
    return b.data;
}

/* Raise the SyntaxError described by info; without src the text comes
 * from the file. */
void raise_syntax_error(SyntaxErrorInfo *info, const char *src, size_t len) {
    Type *t = &exc_SyntaxError;
    if (info->kind && strcmp(info->kind, "IndentationError") == 0) t = &exc_IndentationError;
    else if (info->kind && strcmp(info->kind, "TabError") == 0) t = &exc_TabError;
    Value text = V_NONE;
    if (info->text) {
        text = str_from_cstr(info->text);
    } else if (!src) {
        char *line = info->filename && info->lineno > 0 ? file_line(info->filename, info->lineno) : NULL;
        if (line) text = str_from_cstr(line);
    } else if (info->lineno > 0) {
        /* find the line */
        int line = 1;
        size_t i = 0;
        while (i < len && line < info->lineno) {
            if (src[i] == '\n') line++;
            i++;
        }
        size_t j = i;
        while (j < len && src[j] != '\n') j++;
        text = str_new(src + i, j - i + (j < len ? 1 : 0));
    }
    if (info->message_only) {
        Value msg = str_from_cstr(info->msg);
        Value e = exc_new(t, &msg, 1);
        if (e) err_set_exc(e);
        return;
    }
    Value fn = info->filename ? str_from_cstr(info->filename) : V_NONE;
    Value details = tuple_pack(6, fn, v_int(info->lineno),
                               info->offset || info->offset_zero ? v_int(info->offset) : V_NONE, text,
                               info->end_lineno ? v_int(info->end_lineno) : V_NONE,
                               info->end_offset || info->end_offset_zero ? v_int(info->end_offset) : V_NONE);
    Value args[2] = {str_from_cstr(info->msg ? info->msg : "invalid syntax"), details};
    Value e = exc_new(t, args, 2);
    if (e) err_set_exc(e);
}

/* A SyntaxError's text: n bytes of a line, with a newline when asked */
static const char *line_text(const char *p, size_t n, bool newline) {
    char *text = gc_alloc_atomic(n + 2);
    memcpy(text, p, n);
    text[n] = '\n';
    text[n + newline] = 0;
    return text;
}

/* A SyntaxError at the end of the input, on its last line, as CPython's
 * parser raises "incomplete input" (compile()'s PyCF_ALLOW_INCOMPLETE_INPUT:
 * codeop then asks for more lines) and "invalid syntax" for a compound
 * statement whose last line has no newline under PyCF_DONT_IMPLY_DEDENT
 * (in 'single' mode CPython's tokenizer then makes up no DEDENT: the block
 * never ends). "incomplete input" points past the last character, and
 * one further where CPython's tokenizer added a final newline (not in
 * 'single' mode: newline_added); "invalid syntax" points at offset 0. */
static void raise_at_end_of_input(const char *src, size_t len, const char *filename, const char *msg,
                                  bool newline_added) {
    bool incomplete = strcmp(msg, "incomplete input") == 0;
    bool ends_with_newline = len > 0 && src[len - 1] == '\n';
    size_t end = ends_with_newline ? len - 1 : len;   /* the last line's end */
    size_t start = end;
    while (start > 0 && src[start - 1] != '\n') start--;
    int lineno = 1;
    for (size_t i = 0; i < start; i++) lineno += src[i] == '\n';
    int chars = 0;
    for (size_t i = start; i < end; i++) chars += ((unsigned char)src[i] & 0xC0) != 0x80;
    bool newline = ends_with_newline || newline_added;
    SyntaxErrorInfo info;
    memset(&info, 0, sizeof info);
    info.kind = "SyntaxError";
    info.msg = msg;
    info.filename = filename;
    info.lineno = info.end_lineno = lineno;
    info.offset = incomplete ? chars + newline : 0;
    info.end_offset = incomplete ? -1 : 0;
    info.offset_zero = info.end_offset_zero = 1;
    info.text = line_text(src + start, end - start, newline);
    raise_syntax_error(&info, src, len);
}

static CodeObject *compile(const char *src, size_t len, const char *filename, CompileMode mode, bool text,
                           int future_flags, bool file_input) {
    SyntaxErrorInfo info;
    memset(&info, 0, sizeof info);
    ParseMode pm = mode == COMPILE_EVAL ? PARSE_EVAL : mode == COMPILE_INTERACTIVE ? PARSE_SINGLE : PARSE_FILE;
    info.allow_incomplete = (future_flags & PYCF_ALLOW_INCOMPLETE_INPUT) != 0;
    Module *m = text         ? parse_text(src, len, filename, pm, &info)
                : file_input ? parse_file(src, len, filename, pm, &info)
                             : parse_source(src, len, filename, pm, &info);
    if (!m) {
        /* A module read from a file (a script, stdin, an import; not -c,
           whose name is "<string>") or bytes given to compile()/exec()
           report parser errors at CPython's file-mode columns (parser.h):
           its tokenizer then has no encoding to count characters with */
        if (mode == COMPILE_MODULE ? strcmp(filename, "<string>") != 0 : !text) {
            info.offset = info.file_offset;
            info.end_offset = info.file_end_offset;
        }
        /* PyCF_ALLOW_INCOMPLETE_INPUT (codeop, and through it code.interact
           and pdb's interact): input that ended too early is one error,
           "incomplete input", which codeop takes as "ask for more" */
        if ((future_flags & PYCF_ALLOW_INCOMPLETE_INPUT) && info.incomplete) {
            /* an unterminated string stays where it starts; the rest are
               at the end of the input */
            if (!info.msg || strncmp(info.msg, "unterminated triple-quoted", 26) != 0) {
                raise_at_end_of_input(src, len, filename, "incomplete input", mode != COMPILE_INTERACTIVE);
                return NULL;
            }
            info.kind = "SyntaxError";
            info.msg = "incomplete input";
            info.end_offset = -1;
            info.end_lineno = info.lineno;
            size_t tl = info.text ? strlen(info.text) : 0;
            if (mode != COMPILE_INTERACTIVE && tl > 0 && info.text[tl - 1] != '\n')
                info.text = line_text(info.text, tl, true);
        }
        raise_syntax_error(&info, src, len);
        return NULL;
    }
    if (mode == COMPILE_INTERACTIVE && (future_flags & PYCF_DONT_IMPLY_DEDENT) && len > 0 && src[len - 1] != '\n' &&
        m->body.n > 0 && stmt_is_compound(m->body.items[m->body.n - 1])) {
        if (future_flags & PYCF_ALLOW_INCOMPLETE_INPUT) raise_at_end_of_input(src, len, filename, "incomplete input", false);
        else raise_at_end_of_input(src, len, filename, "invalid syntax", false);
        return NULL;
    }
    memset(&info, 0, sizeof info);
    m->future_flags = future_flags;
    CodeObject *co = compile_module(m, filename, mode, &info);
    if (!co) {
        if (!err_occurred()) raise_syntax_error(&info, NULL, 0);
        return NULL;
    }
    return co;
}

Scope *compile_symtable(const char *src, size_t len, const char *filename, CompileMode mode, bool text, void **node) {
    SyntaxErrorInfo info;
    memset(&info, 0, sizeof info);
    ParseMode pm = mode == COMPILE_EVAL ? PARSE_EVAL : mode == COMPILE_INTERACTIVE ? PARSE_SINGLE : PARSE_FILE;
    Module *m = text ? parse_text(src, len, filename, pm, &info) : parse_source(src, len, filename, pm, &info);
    if (!m) {
        raise_syntax_error(&info, src, len);
        return NULL;
    }
    memset(&info, 0, sizeof info);
    /* CPython reads the __future__ imports before building the table */
    Compiler c = {0};
    c.filename = filename;
    c.err = &info;
    m->future_flags |= future_features(&c, m->body);
    c.st.cpython_view = true;
    if (c.failed || !symtable_build(&c.st, m, filename, &info)) {
        raise_syntax_error(&info, NULL, 0);
        return NULL;
    }
    *node = m;
    return c.st.top;
}

CodeObject *compile_source(const char *src, size_t len, const char *filename, CompileMode mode) {
    return compile(src, len, filename, mode, false, 0, false);
}

CodeObject *compile_file(const char *src, size_t len, const char *filename) {
    return compile(src, len, filename, COMPILE_MODULE, false, 0, true);
}

CodeObject *compile_text(const char *src, size_t len, const char *filename, CompileMode mode) {
    return compile(src, len, filename, mode, true, 0, false);
}

CodeObject *compile_flags(const char *src, size_t len, const char *filename, CompileMode mode, bool text,
                          int future_flags) {
    return compile(src, len, filename, mode, text, future_flags, false);
}
