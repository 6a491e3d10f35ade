/* code.c: the code object type, exception table lookup, disassembler. */
#include <stdio.h>

#include "../runtime.h"
#include "../vm/opcodes.h"

Type code_type;

const char *const opcode_names[OP__COUNT] = {
#define OP_NAME(name, flags) #name,
    OPCODE_DEF(OP_NAME)
#undef OP_NAME
};

const unsigned char opcode_flags[OP__COUNT] = {
#define OP_FLAGS(name, flags) flags,
    OPCODE_DEF(OP_FLAGS)
#undef OP_FLAGS
};

const ExcTableEntry *code_find_handler(CodeObject *co, int i) {
    /* entries are sorted by start and disjoint: binary search */
    int lo = 0, hi = co->nexctable - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const ExcTableEntry *e = &co->exctable[mid];
        if ((uint32_t)i < e->start) hi = mid - 1;
        else if ((uint32_t)i >= e->end) lo = mid + 1;
        else return e;
    }
    return NULL;
}

/* The name an instruction's argument stands for, or NULL. */
static const char *arg_name(CodeObject *co, Opcode op, uint32_t arg) {
    Value t = VNULL;
    int64_t k = arg;
    if (opcode_flags[op] & OPF_NAME) {
        t = co->names;
    } else if (opcode_flags[op] & OPF_CACHE) {
        return (int64_t)arg < co->ncaches && co->caches[arg].name ? str_data(co->caches[arg].name) : NULL;
    } else if (op == OP_LOAD_FAST || op == OP_STORE_FAST || op == OP_DELETE_FAST) {
        t = co->varnames;
    } else if (op == OP_LOAD_DEREF || op == OP_STORE_DEREF || op == OP_DELETE_DEREF || op == OP_LOAD_CLOSURE ||
               op == OP_LOAD_CLASSDEREF) {
        /* cells first, then free variables (the compiler's deref_index) */
        t = co->cellvars;
        if (k >= tuple_size(t)) {
            k -= tuple_size(t);
            t = co->freevars;
        }
    } else if (op == OP_COMPARE_OP) {
        return arg < CMP__COUNT ? cmpop_symbols[arg] : NULL;
    }
    return t && k < tuple_size(t) ? str_data(tuple_get(t, k)) : NULL;
}

/* One code object: CPython 3.11's columns (line where one starts, ">>" on
 * jump and handler targets, offset, name, argument, what it means), lines
 * as CPython's dis.findlinestarts gives them (an instruction without a line
 * starts none), jump targets as "(to OFFSET)". */
static void disassemble_one(CodeObject *co, Buf *out) {
    bool *target = gc_alloc_atomic((size_t)co->ncode + 1);
    memset(target, 0, (size_t)co->ncode + 1);
    int maxline = 0;
    for (int i = 0; i < co->ncode; i++) {
        uint32_t w = co->code[i];
        if (INSTR_OP(w) < OP__COUNT && (opcode_flags[INSTR_OP(w)] & OPF_JUMP) && INSTR_ARG(w) < (uint32_t)co->ncode)
            target[INSTR_ARG(w)] = true;
        if (co->locations[i].line > maxline) maxline = co->locations[i].line;
    }
    for (int i = 0; i < co->nexctable; i++)
        if (co->exctable[i].target < (uint32_t)co->ncode) target[co->exctable[i].target] = true;
    char num[24];
    int line_width = snprintf(num, sizeof num, "%d", maxline);
    if (line_width < 3) line_width = 3;
    int ofs_width = snprintf(num, sizeof num, "%d", code_offset(co->ncode > 0 ? co->ncode - 1 : 0));
    if (ofs_width < 4) ofs_width = 4;
    int lastline = -1;
    for (int i = 0; i < co->ncode; i++) {
        uint32_t w = co->code[i];
        Opcode op = INSTR_OP(w);
        uint32_t arg = INSTR_ARG(w);
        int line = co->locations[i].line;
        size_t start = out->len;
        if (line >= 0 && line != lastline) {
            if (i > 0) buf_putc(out, '\n');
            start = out->len;
            buf_printf(out, "%*d", line_width, line);
            lastline = line;
        } else {
            buf_fill(out, ' ', (size_t)line_width);
        }
        buf_printf(out, "     %s %*d %-20s", target[i] ? ">>" : "  ", ofs_width, code_offset(i),
                   op < OP__COUNT ? opcode_names[op] : "???");
        if (op < OP__COUNT && (opcode_flags[op] & OPF_ARG)) {
            buf_printf(out, " %5u", arg);
            const char *name;
            if (opcode_flags[op] & OPF_JUMP) {
                buf_printf(out, " (to %d)", code_offset((int32_t)arg));
            } else if (op == OP_LOAD_CONST && (int64_t)arg < tuple_size(co->consts)) {
                Value r = obj_repr(tuple_get(co->consts, arg));
                if (r) buf_printf(out, " (%s)", str_data(r));
                else err_clear();
            } else if ((name = arg_name(co, op, arg))) {
                buf_printf(out, " (%s)", name);
            }
        }
        /* no trailing blanks, as CPython's rstrip() */
        while (out->len > start && out->data[out->len - 1] == ' ') out->data[--out->len] = 0;
        buf_putc(out, '\n');
    }
    if (co->nexctable) {
        /* CPython's form: first and last instruction covered, inclusive */
        buf_puts(out, "ExceptionTable:\n");
        for (int i = 0; i < co->nexctable; i++) {
            ExcTableEntry *e = &co->exctable[i];
            buf_printf(out, "  %d to %d -> %d [%u]%s\n", code_offset((int32_t)e->start),
                       code_offset((int32_t)e->end - 1), code_offset((int32_t)e->target), e->depth,
                       e->lasti ? " lasti" : "");
        }
    }
}

void code_disassembly(CodeObject *co, Buf *out) {
    disassemble_one(co, out);
    for (int64_t i = 0; i < tuple_size(co->consts); i++) {
        Value c = tuple_get(co->consts, i);
        if (!code_check(c)) continue;
        Value r = obj_repr(c);
        buf_printf(out, "\nDisassembly of %s:\n", r ? str_data(r) : "<code object>");
        if (!r) err_clear();
        code_disassembly(V_AS(CodeObject, c), out);
    }
}

void code_disassemble(CodeObject *co, void *file) {
    Buf b;
    buf_init(&b, 4096);
    code_disassembly(co, &b);
    fwrite(b.data, 1, b.len, (FILE *)file);
}

static Value code_repr(Value v) {
    CodeObject *co = V_AS(CodeObject, v);
    return str_printf("<code object %U at %p, file \"%U\", line %d>", co->name, (void *)(uintptr_t)v, co->filename,
                      co->firstlineno);
}

static Value co_get_name(Value v) { return V_AS(CodeObject, v)->name; }
static Value co_get_qualname(Value v) { return V_AS(CodeObject, v)->qualname; }
static Value co_get_filename(Value v) { return V_AS(CodeObject, v)->filename; }
static Value co_get_firstlineno(Value v) { return v_int(V_AS(CodeObject, v)->firstlineno); }
static Value co_get_argcount(Value v) { return v_int(V_AS(CodeObject, v)->argcount); }
static Value co_get_posonlyargcount(Value v) { return v_int(V_AS(CodeObject, v)->posonlyargcount); }
static Value co_get_kwonlyargcount(Value v) { return v_int(V_AS(CodeObject, v)->kwonlyargcount); }
static Value co_get_nlocals(Value v) { return v_int(V_AS(CodeObject, v)->nlocals); }
static Value co_get_varnames(Value v) { return V_AS(CodeObject, v)->varnames; }
static Value co_get_cellvars(Value v) { return V_AS(CodeObject, v)->cellvars; }
static Value co_get_freevars(Value v) { return V_AS(CodeObject, v)->freevars; }
static Value co_get_consts(Value v) { return V_AS(CodeObject, v)->consts; }
static Value co_get_names(Value v) { return V_AS(CodeObject, v)->names; }
static Value co_get_flags(Value v) {
    /* CPython's flag values for the common bits */
    CodeObject *co = V_AS(CodeObject, v);
    int64_t f = 0;
    if (!(co->flags & (CO_MODULE | CO_CLASS))) f |= 0x1 | 0x2;  /* OPTIMIZED | NEWLOCALS */
    if (co->flags & CO_VARARGS) f |= 0x4;
    if (co->flags & CO_VARKEYWORDS) f |= 0x8;
    if (co->flags & CO_NESTED) f |= 0x10;
    if ((co->flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)) == CO_GENERATOR) f |= 0x20;
    if (co->flags & CO_NOFREE) f |= 0x40;
    if (co->flags & CO_COROUTINE) f |= 0x80;
    if (co->flags & CO_ITERABLE_COROUTINE) f |= 0x100;
    if (co->flags & CO_ASYNC_GENERATOR) f |= 0x200;
    return v_int(f);
}

static const GetSetDef code_getsets[] = {
    {"co_name", co_get_name, NULL, NULL},
    {"co_qualname", co_get_qualname, NULL, NULL},
    {"co_filename", co_get_filename, NULL, NULL},
    {"co_firstlineno", co_get_firstlineno, NULL, NULL},
    {"co_argcount", co_get_argcount, NULL, NULL},
    {"co_posonlyargcount", co_get_posonlyargcount, NULL, NULL},
    {"co_kwonlyargcount", co_get_kwonlyargcount, NULL, NULL},
    {"co_nlocals", co_get_nlocals, NULL, NULL},
    {"co_varnames", co_get_varnames, NULL, NULL},
    {"co_cellvars", co_get_cellvars, NULL, NULL},
    {"co_freevars", co_get_freevars, NULL, NULL},
    {"co_consts", co_get_consts, NULL, NULL},
    {"co_names", co_get_names, NULL, NULL},
    {"co_flags", co_get_flags, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

Type code_type = {
    .tname = "code",
    .basicsize = sizeof(CodeObject),
    .repr = code_repr,
};

void code_init(void) {
    type_add_getsets(&code_type, code_getsets);
    type_ready(&code_type);
}
