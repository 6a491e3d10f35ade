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

void code_disassemble(CodeObject *co, void *file) {
    FILE *f = file;
    fprintf(f, "Disassembly of <code %s, file \"%s\", line %d>:\n", str_data(co->name), str_data(co->filename),
            co->firstlineno);
    int lastline = -1;
    for (int i = 0; i < co->ncode; i++) {
        uint32_t w = co->code[i];
        Opcode op = INSTR_OP(w);
        uint32_t arg = INSTR_ARG(w);
        int line = co->locations[i].line;
        if (line != lastline) fprintf(f, "%4d ", line);
        else fprintf(f, "     ");
        lastline = line;
        fprintf(f, "%6d %-24s", i, op < OP__COUNT ? opcode_names[op] : "???");
        if (op < OP__COUNT && (opcode_flags[op] & OPF_ARG)) {
            fprintf(f, " %u", arg);
            if (op == OP_LOAD_CONST && (int64_t)arg < tuple_size(co->consts)) {
                Value r = obj_repr(tuple_get(co->consts, arg));
                if (r) fprintf(f, " (%.40s)", str_data(r));
                else err_clear();
            } else if (opcode_flags[op] & OPF_NAME) {
                fprintf(f, " (%s)", str_data(tuple_get(co->names, arg)));
            } else if (opcode_flags[op] & OPF_CACHE) {
                fprintf(f, " (%s)", str_data(co->caches[arg].name));
            } else if (op == OP_LOAD_FAST || op == OP_STORE_FAST || op == OP_DELETE_FAST) {
                fprintf(f, " (%s)", str_data(tuple_get(co->varnames, arg)));
            }
        }
        fputc('\n', f);
    }
    if (co->nexctable) {
        fprintf(f, "ExceptionTable:\n");
        for (int i = 0; i < co->nexctable; i++) {
            ExcTableEntry *e = &co->exctable[i];
            fprintf(f, "  %u to %u -> %u [%u]%s\n", e->start, e->end, e->target, e->depth, e->lasti ? " lasti" : "");
        }
    }
    for (int64_t i = 0; i < tuple_size(co->consts); i++) {
        Value c = tuple_get(co->consts, i);
        if (code_check(c)) {
            fputc('\n', f);
            code_disassemble(V_AS(CodeObject, c), f);
        }
    }
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
    if (co->flags & CO_GENERATOR) f |= 0x20;
    if (co->flags & CO_NOFREE) f |= 0x40;
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
