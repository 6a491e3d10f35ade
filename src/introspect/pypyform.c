/* pypyform.c: tpy-only operations written in PyPy's vocabulary
 * (IROP_PYPY_DEF in jit/ir.h says which, and how).
 *
 * The written form is derived from ir_format_op()'s text, which is
 *
 *   [X = ]NAME(ARG, ARG[, descr=D])[ [FAILARG, ...]]
 *
 * with ARGs the operation's own arguments in order. The forms keep those
 * arguments and add one ConstClass(WHAT): after the first argument of a
 * guard, before the arguments of a call. The operations of the table
 * carry no descr of their own (a call form writes its CallDescr instead).
 */
#include "pypyform.h"

#include <stdio.h>
#include <string.h>

typedef struct PypyForm {
    uint8_t form;           /* enum IRPypyForm */
    uint8_t ef;             /* PyPy's effect class (call forms) */
    uint8_t os;             /* PyPy's oopspec index, 0: none */
    const char *what;       /* the ConstClass name */
} PypyForm;

static const PypyForm forms[IR__COUNT] = {
#define PYPY_FORM(op, form, what, ef, os) [IR_##op] = {form, ef, os, what},
    IROP_PYPY_DEF(PYPY_FORM)
#undef PYPY_FORM
};

static const char *call_pure_name(char type) {
    switch (type) {
    case 'i': return irop_info[IR_call_pure_i].name;
    case 'f': return irop_info[IR_call_pure_f].name;
    default: return irop_info[IR_call_pure_r].name;
    }
}

const char *pypyform_name(const IROp *op) {
    switch (forms[op->opcode].form) {
    case IRPY_GUARD_CLASS: return irop_info[IR_guard_class].name;
    case IRPY_CALL_PURE: return call_pure_name(op->type);
    default: return irop_info[op->opcode].name;
    }
}

int pypyform_added_arg(int opcode) {
    switch (forms[opcode].form) {
    case IRPY_GUARD_CLASS: return 1;
    case IRPY_CALL_PURE: return 0;
    default: return -1;
    }
}

void pypyform_call_descr(int opcode, char ret, const char *argtypes, Buf *out) {
    const PypyForm *f = &forms[opcode];
    /* PyPy's CallDescr: result type and size, argument types, effects */
    buf_printf(out, "<Call%c 8%s%s EF=%d", ret, *argtypes ? " " : "", argtypes, f->ef);
    if (f->os) buf_printf(out, " OS=%d", f->os);
    buf_putc(out, '>');
}

/* The end of the argument starting at s: its ',' or ')' at depth 0
 * (constants such as ConstPtr(int 5) hold parentheses). */
static const char *arg_end(const char *s) {
    int depth = 0;
    for (; *s; s++) {
        if (*s == '(' || *s == '<' || *s == '[') depth++;
        else if ((*s == ')' || *s == '>' || *s == ']') && depth > 0) depth--;
        else if (*s == ',' || *s == ')') break;
    }
    return s;
}

void pypyform_format_op(const IRBuf *b, int index, Buf *out) {
    const IROp *op = &b->ops[index];
    const PypyForm *f = &forms[op->opcode];
    if (f->form == IRPY_OWN_NAME || (op->descr && f->form == IRPY_CALL_PURE)) {
        /* (a call form with a descr of its own would lose it: written as
           it is, its name shows in the vocabulary check) */
        ir_format_op(b, index, out);
        return;
    }
    Buf own;
    buf_init(&own, 96);
    ir_format_op(b, index, &own);
    const char *name = irop_info[op->opcode].name;
    const char *at = op->type != 'v' ? strstr(own.data, " = ") : own.data;
    if (at && op->type != 'v') at += 3;
    size_t namelen = strlen(name);
    if (!at || strncmp(at, name, namelen) != 0 || at[namelen] != '(') {
        buf_put(out, own.data, own.len);    /* not ir_format_op's shape: unchanged */
        return;
    }
    buf_put(out, own.data, (size_t)(at - own.data));
    const char *args = at + namelen + 1;
    if (f->form == IRPY_GUARD_CLASS) {
        /* guard_is_int(p3, descr=<Guard0x5>) [p1]
           -> guard_class(p3, ConstClass(small_int), descr=<Guard0x5>) [p1] */
        const char *end = arg_end(args);
        buf_printf(out, "%s(", pypyform_name(op));
        buf_put(out, args, (size_t)(end - args));
        buf_printf(out, ", ConstClass(%s)", f->what);
        buf_puts(out, end);
        return;
    }
    /* i5 = unbox_int(p3) -> i5 = call_pure_i(ConstClass(unbox_int), p3, descr=<Calli 8 r EF=0>) */
    const char *end = arg_end(args);
    while (*end == ',') end = arg_end(end + 1);
    char argtypes[16];
    int n = 0;
    for (int i = 0; i < op->nargs && n < (int)sizeof argtypes - 1; i++) argtypes[n++] = ir_type(b, ir_arg(op, i));
    argtypes[n] = 0;
    buf_printf(out, "%s(ConstClass(%s)", pypyform_name(op), f->what);
    if (end > args) {
        buf_puts(out, ", ");
        buf_put(out, args, (size_t)(end - args));
    }
    buf_puts(out, ", descr=");
    pypyform_call_descr(op->opcode, op->type, argtypes, out);
    buf_puts(out, end);
}

int pypyform_decode(const char *name, char result_prefix, char *const *args, int nargs, int *added) {
    for (int opc = 0; opc < IR__COUNT; opc++) {
        const PypyForm *f = &forms[opc];
        if (f->form == IRPY_OWN_NAME) continue;
        int a = pypyform_added_arg(opc);
        if (a >= nargs) continue;
        const char *arg = args[a];
        size_t wl = strlen(f->what);
        if (strncmp(arg, "ConstClass(", 11) != 0 || strncmp(arg + 11, f->what, wl) != 0 || strcmp(arg + 11 + wl, ")") != 0)
            continue;
        char type = irop_info[opc].type;
        if (f->form == IRPY_GUARD_CLASS ? strcmp(name, irop_info[IR_guard_class].name) != 0 || nargs != 2
                                         : strcmp(name, call_pure_name(type)) != 0 ||
                                               result_prefix != (type == 'r' ? 'p' : type))
            continue;
        *added = a;
        return opc;
    }
    return -1;
}
