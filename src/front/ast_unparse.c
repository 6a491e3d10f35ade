/* ast_unparse.c: an expression back to source text, as CPython's
 * Python/ast_unparse.c writes it for `from __future__ import annotations`
 * (the annotation's string): minimal parentheses from the operators'
 * precedence, constants by repr(), f-strings rebuilt. */
#include <math.h>
#include <string.h>

#include "../runtime.h"
#include "ast.h"
#include "compiler.h"

/* precedence levels, lowest first (CPython's _Precedence) */
enum {
    PR_TUPLE, PR_TEST, PR_OR, PR_AND, PR_NOT, PR_CMP, PR_EXPR, PR_BOR = PR_EXPR, PR_BXOR, PR_BAND,
    PR_SHIFT, PR_ARITH, PR_TERM, PR_FACTOR, PR_POWER, PR_AWAIT, PR_ATOM
};

static void un_expr(Buf *b, const Expr *e, int level);

static void put_value_repr(Buf *b, Value v) {
    Value r = obj_repr(v);
    if (!r) {
        err_clear();
        buf_puts(b, "...");
        return;
    }
    buf_put(b, str_data(r), (size_t)str_nbytes(r));
}

/* CPython writes an infinite float as 1e309 (a literal that reads back) */
static void put_constant(Buf *b, const Expr *e) {
    const Constant *c = &e->u.constant;
    if (c->kind == CONST_ELLIPSIS) {
        buf_puts(b, "...");
        return;
    }
    if (c->kind == CONST_FLOAT && isinf(c->f)) {
        buf_puts(b, c->f < 0 ? "-1e309" : "1e309");
        return;
    }
    if (c->kind == CONST_IMAG && isinf(c->f)) {
        buf_puts(b, c->f < 0 ? "-1e309j" : "1e309j");
        return;
    }
    if (c->kind == CONST_STR && c->kind_u) buf_putc(b, 'u');
    Value v = ast_constant_value(c);
    if (!v) {
        err_clear();
        buf_puts(b, "...");
        return;
    }
    put_value_repr(b, v);
}

static void un_seq(Buf *b, const ExprList *l, int level) {
    for (int i = 0; i < l->n; i++) {
        if (i) buf_puts(b, ", ");
        un_expr(b, l->items[i], level);
    }
}

static const char *binop_text(int op, int *pr) {
    switch (op) {
    case BINOP_ADD: *pr = PR_ARITH; return " + ";
    case BINOP_SUB: *pr = PR_ARITH; return " - ";
    case BINOP_MUL: *pr = PR_TERM; return " * ";
    case BINOP_MATMUL: *pr = PR_TERM; return " @ ";
    case BINOP_TRUEDIV: *pr = PR_TERM; return " / ";
    case BINOP_MOD: *pr = PR_TERM; return " % ";
    case BINOP_FLOORDIV: *pr = PR_TERM; return " // ";
    case BINOP_LSHIFT: *pr = PR_SHIFT; return " << ";
    case BINOP_RSHIFT: *pr = PR_SHIFT; return " >> ";
    case BINOP_OR: *pr = PR_BOR; return " | ";
    case BINOP_XOR: *pr = PR_BXOR; return " ^ ";
    case BINOP_AND: *pr = PR_BAND; return " & ";
    default: *pr = PR_POWER; return " ** ";
    }
}

static const char *cmpop_text(int op) {
    switch (op) {
    case CMP_EQ: return " == ";
    case CMP_NE: return " != ";
    case CMP_LT: return " < ";
    case CMP_LE: return " <= ";
    case CMP_GT: return " > ";
    case CMP_GE: return " >= ";
    case AST_CMP_IS: return " is ";
    case AST_CMP_IS_NOT: return " is not ";
    case AST_CMP_IN: return " in ";
    default: return " not in ";
    }
}

static void un_arg(Buf *b, const Arg *a, const Expr *dflt, bool *first) {
    if (!*first) buf_puts(b, ", ");
    *first = false;
    buf_puts(b, a->arg);
    if (a->annotation) {
        buf_puts(b, ": ");
        un_expr(b, a->annotation, PR_TEST);
    }
    if (dflt) {
        buf_puts(b, "=");
        un_expr(b, dflt, PR_TEST);
    }
}

static void un_arguments(Buf *b, const Arguments *a) {
    bool first = true;
    int npos = a->nposonly + a->nargs, d0 = npos - a->defaults.n;
    for (int i = 0; i < npos; i++) {
        const Arg *x = i < a->nposonly ? a->posonlyargs[i] : a->args[i - a->nposonly];
        un_arg(b, x, i >= d0 ? a->defaults.items[i - d0] : NULL, &first);
        if (i == a->nposonly - 1) buf_puts(b, ", /");
    }
    if (a->vararg || a->nkwonly) {
        if (!first) buf_puts(b, ", ");
        first = false;
        buf_puts(b, "*");
        if (a->vararg) {
            buf_puts(b, a->vararg->arg);
            if (a->vararg->annotation) {
                buf_puts(b, ": ");
                un_expr(b, a->vararg->annotation, PR_TEST);
            }
        }
    }
    for (int i = 0; i < a->nkwonly; i++) un_arg(b, a->kwonlyargs[i], a->kw_defaults[i], &first);
    if (a->kwarg) {
        if (!first) buf_puts(b, ", ");
        buf_puts(b, "**");
        buf_puts(b, a->kwarg->arg);
        if (a->kwarg->annotation) {
            buf_puts(b, ": ");
            un_expr(b, a->kwarg->annotation, PR_TEST);
        }
    }
}

static void un_comps(Buf *b, int n, Comprehension *const *g) {
    for (int i = 0; i < n; i++) {
        buf_puts(b, g[i]->is_async ? " async for " : " for ");
        un_expr(b, g[i]->target, PR_TUPLE);
        buf_puts(b, " in ");
        un_expr(b, g[i]->iter, PR_TEST + 1);
        for (int j = 0; j < g[i]->ifs.n; j++) {
            buf_puts(b, " if ");
            un_expr(b, g[i]->ifs.items[j], PR_TEST + 1);
        }
    }
}

/* The text between an f-string's quotes: literal parts with their braces
 * doubled, replacement fields unparsed */
static void un_fstring_body(Buf *b, const Expr *e);

static void un_fstring_part(Buf *b, const Expr *e) {
    if (e->kind == E_CONSTANT && e->u.constant.kind == CONST_STR) {
        const Constant *c = &e->u.constant;
        for (size_t i = 0; i < c->len; i++) {
            if (c->str[i] == '{' || c->str[i] == '}') buf_putc(b, c->str[i]);
            buf_putc(b, c->str[i]);
        }
    } else if (e->kind == E_JOINEDSTR) {
        un_fstring_body(b, e);
    } else if (e->kind == E_FORMATTEDVALUE) {
        Buf inner;
        buf_init(&inner, 32);
        un_expr(&inner, e->u.formatted.value, PR_TEST + 1);
        buf_puts(b, inner.len && inner.data[0] == '{' ? "{ " : "{");
        buf_put(b, inner.data, inner.len);
        if (e->u.formatted.conversion > 0) {
            buf_putc(b, '!');
            buf_putc(b, (char)e->u.formatted.conversion);
        }
        if (e->u.formatted.format_spec) {
            buf_putc(b, ':');
            un_fstring_part(b, e->u.formatted.format_spec);
        }
        buf_putc(b, '}');
    } else {
        un_expr(b, e, PR_TEST);
    }
}

static void un_fstring_body(Buf *b, const Expr *e) {
    for (int i = 0; i < e->u.joined.values.n; i++) un_fstring_part(b, e->u.joined.values.items[i]);
}

static void un_expr(Buf *b, const Expr *e, int level) {
    int pr;
    switch (e->kind) {
    case E_BOOLOP: {
        pr = e->u.boolop.op == AST_BOOL_AND ? PR_AND : PR_OR;
        if (level > pr) buf_putc(b, '(');
        for (int i = 0; i < e->u.boolop.values.n; i++) {
            if (i) buf_puts(b, pr == PR_AND ? " and " : " or ");
            un_expr(b, e->u.boolop.values.items[i], pr + 1);
        }
        if (level > pr) buf_putc(b, ')');
        return;
    }
    case E_NAMEDEXPR:
        if (level > PR_TUPLE) buf_putc(b, '(');
        un_expr(b, e->u.namedexpr.target, PR_ATOM);
        buf_puts(b, " := ");
        un_expr(b, e->u.namedexpr.value, PR_ATOM);
        if (level > PR_TUPLE) buf_putc(b, ')');
        return;
    case E_BINOP: {
        const char *op = binop_text(e->u.binop.op, &pr);
        int rassoc = e->u.binop.op == BINOP_POW;
        if (level > pr) buf_putc(b, '(');
        un_expr(b, e->u.binop.left, pr + rassoc);
        buf_puts(b, op);
        un_expr(b, e->u.binop.right, pr + !rassoc);
        if (level > pr) buf_putc(b, ')');
        return;
    }
    case E_UNARYOP: {
        int op = e->u.unaryop.op;
        pr = op == AST_UNOP_NOT ? PR_NOT : PR_FACTOR;
        if (level > pr) buf_putc(b, '(');
        buf_puts(b, op == AST_UNOP_NOT ? "not " : op == UNOP_INVERT ? "~" : op == UNOP_POS ? "+" : "-");
        un_expr(b, e->u.unaryop.operand, pr);
        if (level > pr) buf_putc(b, ')');
        return;
    }
    case E_LAMBDA: {
        if (level > PR_TEST) buf_putc(b, '(');
        const Arguments *a = e->u.lambda.args;
        /* CPython's quirk: no space before a leading * or ** */
        buf_puts(b, a->nposonly || a->nargs ? "lambda " : "lambda");
        un_arguments(b, a);
        buf_puts(b, ": ");
        un_expr(b, e->u.lambda.body, PR_TEST);
        if (level > PR_TEST) buf_putc(b, ')');
        return;
    }
    case E_IFEXP:
        if (level > PR_TEST) buf_putc(b, '(');
        un_expr(b, e->u.ifexp.body, PR_TEST + 1);
        buf_puts(b, " if ");
        un_expr(b, e->u.ifexp.test, PR_TEST + 1);
        buf_puts(b, " else ");
        un_expr(b, e->u.ifexp.orelse, PR_TEST);
        if (level > PR_TEST) buf_putc(b, ')');
        return;
    case E_DICT:
        buf_putc(b, '{');
        for (int i = 0; i < e->u.dict.values.n; i++) {
            if (i) buf_puts(b, ", ");
            if (e->u.dict.keys.items[i]) {
                un_expr(b, e->u.dict.keys.items[i], PR_TEST);
                buf_puts(b, ": ");
                un_expr(b, e->u.dict.values.items[i], PR_TEST);
            } else {
                buf_puts(b, "**");
                un_expr(b, e->u.dict.values.items[i], PR_EXPR);
            }
        }
        buf_putc(b, '}');
        return;
    case E_SET:
        buf_putc(b, '{');
        un_seq(b, &e->u.set.elts, PR_TEST);
        buf_putc(b, '}');
        return;
    case E_LISTCOMP:
    case E_SETCOMP:
    case E_GENEXP:
        buf_putc(b, e->kind == E_LISTCOMP ? '[' : e->kind == E_SETCOMP ? '{' : '(');
        un_expr(b, e->u.comp.elt, PR_TEST);
        un_comps(b, e->u.comp.ngens, e->u.comp.generators);
        buf_putc(b, e->kind == E_LISTCOMP ? ']' : e->kind == E_SETCOMP ? '}' : ')');
        return;
    case E_DICTCOMP:
        buf_putc(b, '{');
        un_expr(b, e->u.comp.key, PR_TEST);
        buf_puts(b, ": ");
        un_expr(b, e->u.comp.value, PR_TEST);
        un_comps(b, e->u.comp.ngens, e->u.comp.generators);
        buf_putc(b, '}');
        return;
    case E_AWAIT:
        if (level > PR_AWAIT) buf_putc(b, '(');
        buf_puts(b, "await ");
        un_expr(b, e->u.await_.value, PR_ATOM);
        if (level > PR_AWAIT) buf_putc(b, ')');
        return;
    case E_YIELD:
        if (!e->u.yield.value) {
            buf_puts(b, "(yield)");
            return;
        }
        buf_puts(b, "(yield ");
        un_expr(b, e->u.yield.value, PR_TEST);
        buf_putc(b, ')');
        return;
    case E_YIELDFROM:
        buf_puts(b, "(yield from ");
        un_expr(b, e->u.yield.value, PR_TEST);
        buf_putc(b, ')');
        return;
    case E_COMPARE:
        if (level > PR_CMP) buf_putc(b, '(');
        un_expr(b, e->u.compare.left, PR_CMP + 1);
        for (int i = 0; i < e->u.compare.n; i++) {
            buf_puts(b, cmpop_text(e->u.compare.ops[i]));
            un_expr(b, e->u.compare.comparators[i], PR_CMP + 1);
        }
        if (level > PR_CMP) buf_putc(b, ')');
        return;
    case E_CALL: {
        un_expr(b, e->u.call.func, PR_ATOM);
        const ExprList *args = &e->u.call.args;
        if (args->n == 1 && e->u.call.nkeywords == 0 && args->items[0]->kind == E_GENEXP) {
            un_expr(b, args->items[0], PR_TEST);   /* f(x for x in y) */
            return;
        }
        buf_putc(b, '(');
        bool first = true;
        for (int i = 0; i < args->n; i++) {
            if (!first) buf_puts(b, ", ");
            first = false;
            un_expr(b, args->items[i], PR_TEST);
        }
        for (int i = 0; i < e->u.call.nkeywords; i++) {
            const Keyword *k = e->u.call.keywords[i];
            if (!first) buf_puts(b, ", ");
            first = false;
            if (k->arg) {
                buf_puts(b, k->arg);
                buf_putc(b, '=');
            } else {
                buf_puts(b, "**");
            }
            un_expr(b, k->value, PR_TEST);
        }
        buf_putc(b, ')');
        return;
    }
    case E_FORMATTEDVALUE:
    case E_JOINEDSTR: {
        Buf body;
        buf_init(&body, 64);
        if (e->kind == E_JOINEDSTR) un_fstring_body(&body, e);
        else un_fstring_part(&body, e);
        buf_putc(b, 'f');
        put_value_repr(b, str_new(body.data, body.len));
        return;
    }
    case E_CONSTANT: put_constant(b, e); return;
    case E_ATTRIBUTE: {
        const Expr *v = e->u.attribute.value;
        un_expr(b, v, PR_ATOM);
        /* `1 .real`: a decimal integer's dot would read as a float's */
        bool intconst = v->kind == E_CONSTANT &&
                        (v->u.constant.kind == CONST_INT || v->u.constant.kind == CONST_BIGINT ||
                         (v->u.constant.kind == CONST_OBJECT && int_check_exact((Value)v->u.constant.obj)));
        buf_puts(b, intconst ? " ." : ".");
        buf_puts(b, e->u.attribute.attr);
        return;
    }
    case E_SUBSCRIPT: {
        un_expr(b, e->u.subscript.value, PR_ATOM);
        buf_putc(b, '[');
        const Expr *s = e->u.subscript.slice;
        if (s->kind == E_TUPLE && s->u.seq.elts.n) {
            un_seq(b, &s->u.seq.elts, PR_TEST);
            if (s->u.seq.elts.n == 1) buf_putc(b, ',');
        } else {
            un_expr(b, s, PR_TUPLE);
        }
        buf_putc(b, ']');
        return;
    }
    case E_STARRED:
        buf_putc(b, '*');
        un_expr(b, e->u.starred.value, PR_EXPR);
        return;
    case E_NAME: buf_puts(b, e->u.name.id); return;
    case E_LIST:
        buf_putc(b, '[');
        un_seq(b, &e->u.seq.elts, PR_TEST);
        buf_putc(b, ']');
        return;
    case E_TUPLE:
        if (!e->u.seq.elts.n) {
            buf_puts(b, "()");
            return;
        }
        if (level > PR_TUPLE) buf_putc(b, '(');
        un_seq(b, &e->u.seq.elts, PR_TEST);
        if (e->u.seq.elts.n == 1) buf_putc(b, ',');
        if (level > PR_TUPLE) buf_putc(b, ')');
        return;
    case E_SLICE:
        if (e->u.slice.lower) un_expr(b, e->u.slice.lower, PR_TEST);
        buf_putc(b, ':');
        if (e->u.slice.upper) un_expr(b, e->u.slice.upper, PR_TEST);
        if (e->u.slice.step) {
            buf_putc(b, ':');
            un_expr(b, e->u.slice.step, PR_TEST);
        }
        return;
    }
}

Value ast_unparse_expr(const Expr *e) {
    Buf b;
    buf_init(&b, 64);
    un_expr(&b, e, PR_TEST);
    return str_from_buf(&b);
}
