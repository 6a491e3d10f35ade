/* ast_dump.c: print an AST exactly as CPython 3.11's ast.dump() does
 * (annotate_fields=True, no indent), optionally with the position
 * attributes. parsetest compares this output with CPython's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../vm/object.h"
#include "ast.h"
#include "lexer.h"
#include "../util/numfmt.h"

typedef struct Out {
    FILE *f;
    int attrs;
} Out;

static void puts_(Out *o, const char *s) { fputs(s, o->f); }

/* Python's repr() of a str given as UTF-8 (lone surrogates as WTF-8). */
static void repr_str(Out *o, const char *s, size_t n) {
    int has_sq = 0, has_dq = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\'') has_sq = 1;
        if (s[i] == '"') has_dq = 1;
    }
    char q = (has_sq && !has_dq) ? '"' : '\'';
    FILE *f = o->f;
    fputc(q, f);
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            if (c == (unsigned char)q || c == '\\') { fputc('\\', f); fputc(c, f); }
            else if (c == '\t') fputs("\\t", f);
            else if (c == '\n') fputs("\\n", f);
            else if (c == '\r') fputs("\\r", f);
            else if (c < 0x20 || c == 0x7f) fprintf(f, "\\x%02x", c);
            else fputc(c, f);
            i++;
            continue;
        }
        uint32_t cp;
        int k = lex_utf8_decode((const unsigned char *)s + i, (int)(n - i > 4 ? 4 : n - i), &cp, 1);
        if (k < 0) {      /* not expected: show the byte */
            fprintf(f, "\\x%02x", c);
            i++;
            continue;
        }
        if (lex_is_printable(cp)) fwrite(s + i, 1, (size_t)k, f);
        else if (cp < 0x100) fprintf(f, "\\x%02x", cp);
        else if (cp < 0x10000) fprintf(f, "\\u%04x", cp);
        else fprintf(f, "\\U%08x", cp);
        i += (size_t)k;
    }
    fputc(q, f);
}

static void repr_bytes(Out *o, const char *s, size_t n) {
    int has_sq = 0, has_dq = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\'') has_sq = 1;
        if (s[i] == '"') has_dq = 1;
    }
    char q = (has_sq && !has_dq) ? '"' : '\'';
    FILE *f = o->f;
    fputc('b', f);
    fputc(q, f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == (unsigned char)q || c == '\\') { fputc('\\', f); fputc(c, f); }
        else if (c == '\t') fputs("\\t", f);
        else if (c == '\n') fputs("\\n", f);
        else if (c == '\r') fputs("\\r", f);
        else if (c < 0x20 || c >= 0x7f) fprintf(f, "\\x%02x", c);
        else fputc(c, f);
    }
    fputc(q, f);
}

/* repr() of a float: the shortest string that reads back as x, laid out
 * as Python does (exponent when the decimal point is far away). add_dot0:
 * "1.0" rather than "1" (floats do, the imaginary part of complex not). */
static void format_double(char *out, double x, int add_dot0) {
    if (isnan(x)) { strcpy(out, "nan"); return; }
    if (isinf(x)) { strcpy(out, x < 0 ? "-inf" : "inf"); return; }
    char buf[64];
    int prec;
    for (prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, x);
        /* the point as the C locale writes it, whatever LC_NUMERIC says */
        for (char *c = buf; *c && *c != 'e'; c++)
            if (*c != '-' && (*c < '0' || *c > '9')) *c = '.';
        if (numfmt_strtod_c(buf, NULL) == x) break;
    }
    /* buf: [-]d[.ddd]e[+-]xx */
    char digits[32];
    int nd = 0, neg = 0;
    const char *c = buf;
    if (*c == '-') { neg = 1; c++; }
    for (; *c && *c != 'e'; c++)
        if (*c >= '0' && *c <= '9') digits[nd++] = *c;
    int e = atoi(c + 1);
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    digits[nd] = 0;
    int decpt = e + 1;
    char *o = out;
    if (neg) *o++ = '-';
    if (decpt <= -4 || decpt > 16) {
        *o++ = digits[0];
        if (nd > 1) {
            *o++ = '.';
            memcpy(o, digits + 1, (size_t)(nd - 1));
            o += nd - 1;
        }
        sprintf(o, "e%c%02d", decpt - 1 < 0 ? '-' : '+', abs(decpt - 1));
        return;
    }
    if (decpt <= 0) {
        *o++ = '0';
        *o++ = '.';
        for (int i = 0; i < -decpt; i++) *o++ = '0';
        memcpy(o, digits, (size_t)nd);
        o += nd;
    } else if (decpt >= nd) {
        memcpy(o, digits, (size_t)nd);
        o += nd;
        for (int i = 0; i < decpt - nd; i++) *o++ = '0';
        if (add_dot0) { *o++ = '.'; *o++ = '0'; }
    } else {
        memcpy(o, digits, (size_t)decpt);
        o += decpt;
        *o++ = '.';
        memcpy(o, digits + decpt, (size_t)(nd - decpt));
        o += nd - decpt;
    }
    *o = 0;
}

static void dump_expr(Out *o, const Expr *e);
static void dump_stmt(Out *o, const Stmt *s);

static void dump_pos(Out *o, const SrcPos *p) {
    if (!o->attrs) return;
    fprintf(o->f, ", lineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d",
            p->lineno, p->col_offset, p->end_lineno, p->end_col_offset);
}

static void dump_ident(Out *o, const char *s) { repr_str(o, s, strlen(s)); }

static void dump_exprs(Out *o, const ExprList *l) {
    puts_(o, "[");
    for (int i = 0; i < l->n; i++) {
        if (i) puts_(o, ", ");
        if (l->items[i]) dump_expr(o, l->items[i]);
        else puts_(o, "None");
    }
    puts_(o, "]");
}

static void dump_stmts(Out *o, const StmtList *l) {
    puts_(o, "[");
    for (int i = 0; i < l->n; i++) {
        if (i) puts_(o, ", ");
        dump_stmt(o, l->items[i]);
    }
    puts_(o, "]");
}

static const char *ctx_name(ExprCtx c) {
    return c == CTX_STORE ? "Store()" : c == CTX_DEL ? "Del()" : "Load()";
}

static const char *binop_name(int op) {
    switch (op) {
    case BINOP_ADD: return "Add()";
    case BINOP_SUB: return "Sub()";
    case BINOP_MUL: return "Mult()";
    case BINOP_MATMUL: return "MatMult()";
    case BINOP_TRUEDIV: return "Div()";
    case BINOP_FLOORDIV: return "FloorDiv()";
    case BINOP_MOD: return "Mod()";
    case BINOP_POW: return "Pow()";
    case BINOP_LSHIFT: return "LShift()";
    case BINOP_RSHIFT: return "RShift()";
    case BINOP_AND: return "BitAnd()";
    case BINOP_OR: return "BitOr()";
    case BINOP_XOR: return "BitXor()";
    default: return "?()";
    }
}

static const char *cmpop_name(int op) {
    switch (op) {
    case CMP_EQ: return "Eq()";
    case CMP_NE: return "NotEq()";
    case CMP_LT: return "Lt()";
    case CMP_LE: return "LtE()";
    case CMP_GT: return "Gt()";
    case CMP_GE: return "GtE()";
    case AST_CMP_IS: return "Is()";
    case AST_CMP_IS_NOT: return "IsNot()";
    case AST_CMP_IN: return "In()";
    case AST_CMP_NOT_IN: return "NotIn()";
    default: return "?()";
    }
}

static const char *unop_name(int op) {
    switch (op) {
    case UNOP_NEG: return "USub()";
    case UNOP_POS: return "UAdd()";
    case UNOP_INVERT: return "Invert()";
    case AST_UNOP_NOT: return "Not()";
    default: return "?()";
    }
}

static void dump_arg(Out *o, const Arg *a) {
    puts_(o, "arg(arg=");
    dump_ident(o, a->arg);
    if (a->annotation) {
        puts_(o, ", annotation=");
        dump_expr(o, a->annotation);
    }
    dump_pos(o, &a->pos);
    puts_(o, ")");
}

static void dump_args_list(Out *o, int n, Arg **a) {
    puts_(o, "[");
    for (int i = 0; i < n; i++) {
        if (i) puts_(o, ", ");
        dump_arg(o, a[i]);
    }
    puts_(o, "]");
}

static void dump_arguments(Out *o, const Arguments *a) {
    puts_(o, "arguments(posonlyargs=");
    dump_args_list(o, a->nposonly, a->posonlyargs);
    puts_(o, ", args=");
    dump_args_list(o, a->nargs, a->args);
    if (a->vararg) {
        puts_(o, ", vararg=");
        dump_arg(o, a->vararg);
    }
    puts_(o, ", kwonlyargs=");
    dump_args_list(o, a->nkwonly, a->kwonlyargs);
    puts_(o, ", kw_defaults=");
    ExprList kd = {a->nkwonly, a->kw_defaults};
    dump_exprs(o, &kd);
    if (a->kwarg) {
        puts_(o, ", kwarg=");
        dump_arg(o, a->kwarg);
    }
    puts_(o, ", defaults=");
    dump_exprs(o, &a->defaults);
    puts_(o, ")");
}

static void dump_keywords(Out *o, int n, Keyword **k) {
    puts_(o, "[");
    for (int i = 0; i < n; i++) {
        if (i) puts_(o, ", ");
        puts_(o, "keyword(");
        if (k[i]->arg) {
            puts_(o, "arg=");
            dump_ident(o, k[i]->arg);
            puts_(o, ", ");
        }
        puts_(o, "value=");
        dump_expr(o, k[i]->value);
        dump_pos(o, &k[i]->pos);
        puts_(o, ")");
    }
    puts_(o, "]");
}

static void dump_comps(Out *o, int n, Comprehension **c) {
    puts_(o, "[");
    for (int i = 0; i < n; i++) {
        if (i) puts_(o, ", ");
        puts_(o, "comprehension(target=");
        dump_expr(o, c[i]->target);
        puts_(o, ", iter=");
        dump_expr(o, c[i]->iter);
        puts_(o, ", ifs=");
        dump_exprs(o, &c[i]->ifs);
        fprintf(o->f, ", is_async=%d)", c[i]->is_async);
    }
    puts_(o, "]");
}

static void dump_constant(Out *o, const Constant *c) {
    char buf[64];
    switch (c->kind) {
    case CONST_NONE: puts_(o, "None"); break;
    case CONST_TRUE: puts_(o, "True"); break;
    case CONST_FALSE: puts_(o, "False"); break;
    case CONST_ELLIPSIS: puts_(o, "Ellipsis"); break;
    case CONST_INT: fprintf(o->f, "%lld", (long long)c->i); break;
    case CONST_BIGINT: puts_(o, c->str); break;
    case CONST_FLOAT:
        format_double(buf, c->f, 1);
        puts_(o, buf);
        break;
    case CONST_IMAG:
        format_double(buf, c->f, 0);
        puts_(o, buf);
        puts_(o, "j");
        break;
    case CONST_STR: repr_str(o, c->str, c->len); break;
    case CONST_BYTES: repr_bytes(o, c->str, c->len); break;
    case CONST_OBJECT: puts_(o, "<object>"); break;   /* not from the parser */
    }
}

static void dump_expr(Out *o, const Expr *e) {
    FILE *f = o->f;
    switch (e->kind) {
    case E_BOOLOP:
        fprintf(f, "BoolOp(op=%s, values=", e->u.boolop.op == AST_BOOL_AND ? "And()" : "Or()");
        dump_exprs(o, &e->u.boolop.values);
        break;
    case E_NAMEDEXPR:
        puts_(o, "NamedExpr(target=");
        dump_expr(o, e->u.namedexpr.target);
        puts_(o, ", value=");
        dump_expr(o, e->u.namedexpr.value);
        break;
    case E_BINOP:
        puts_(o, "BinOp(left=");
        dump_expr(o, e->u.binop.left);
        fprintf(f, ", op=%s, right=", binop_name(e->u.binop.op));
        dump_expr(o, e->u.binop.right);
        break;
    case E_UNARYOP:
        fprintf(f, "UnaryOp(op=%s, operand=", unop_name(e->u.unaryop.op));
        dump_expr(o, e->u.unaryop.operand);
        break;
    case E_LAMBDA:
        puts_(o, "Lambda(args=");
        dump_arguments(o, e->u.lambda.args);
        puts_(o, ", body=");
        dump_expr(o, e->u.lambda.body);
        break;
    case E_IFEXP:
        puts_(o, "IfExp(test=");
        dump_expr(o, e->u.ifexp.test);
        puts_(o, ", body=");
        dump_expr(o, e->u.ifexp.body);
        puts_(o, ", orelse=");
        dump_expr(o, e->u.ifexp.orelse);
        break;
    case E_DICT:
        puts_(o, "Dict(keys=");
        dump_exprs(o, &e->u.dict.keys);
        puts_(o, ", values=");
        dump_exprs(o, &e->u.dict.values);
        break;
    case E_SET:
        puts_(o, "Set(elts=");
        dump_exprs(o, &e->u.set.elts);
        break;
    case E_LISTCOMP:
    case E_SETCOMP:
    case E_GENEXP:
        puts_(o, e->kind == E_LISTCOMP ? "ListComp(elt=" : e->kind == E_SETCOMP ? "SetComp(elt="
                                                                                 : "GeneratorExp(elt=");
        dump_expr(o, e->u.comp.elt);
        puts_(o, ", generators=");
        dump_comps(o, e->u.comp.ngens, e->u.comp.generators);
        break;
    case E_DICTCOMP:
        puts_(o, "DictComp(key=");
        dump_expr(o, e->u.comp.key);
        puts_(o, ", value=");
        dump_expr(o, e->u.comp.value);
        puts_(o, ", generators=");
        dump_comps(o, e->u.comp.ngens, e->u.comp.generators);
        break;
    case E_AWAIT:
        puts_(o, "Await(value=");
        dump_expr(o, e->u.await_.value);
        break;
    case E_YIELD:
        puts_(o, "Yield(");
        if (e->u.yield.value) {
            puts_(o, "value=");
            dump_expr(o, e->u.yield.value);
        }
        if (o->attrs) {
            /* no leading ", " when there is no field */
            fprintf(f, "%slineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d)",
                    e->u.yield.value ? ", " : "", e->pos.lineno, e->pos.col_offset,
                    e->pos.end_lineno, e->pos.end_col_offset);
        } else {
            puts_(o, ")");
        }
        return;
    case E_YIELDFROM:
        puts_(o, "YieldFrom(value=");
        dump_expr(o, e->u.yield.value);
        break;
    case E_COMPARE:
        puts_(o, "Compare(left=");
        dump_expr(o, e->u.compare.left);
        puts_(o, ", ops=[");
        for (int i = 0; i < e->u.compare.n; i++) {
            if (i) puts_(o, ", ");
            puts_(o, cmpop_name(e->u.compare.ops[i]));
        }
        puts_(o, "], comparators=");
        {
            ExprList l = {e->u.compare.n, e->u.compare.comparators};
            dump_exprs(o, &l);
        }
        break;
    case E_CALL:
        puts_(o, "Call(func=");
        dump_expr(o, e->u.call.func);
        puts_(o, ", args=");
        dump_exprs(o, &e->u.call.args);
        puts_(o, ", keywords=");
        dump_keywords(o, e->u.call.nkeywords, e->u.call.keywords);
        break;
    case E_FORMATTEDVALUE:
        puts_(o, "FormattedValue(value=");
        dump_expr(o, e->u.formatted.value);
        fprintf(f, ", conversion=%d", e->u.formatted.conversion);
        if (e->u.formatted.format_spec) {
            puts_(o, ", format_spec=");
            dump_expr(o, e->u.formatted.format_spec);
        }
        break;
    case E_JOINEDSTR:
        puts_(o, "JoinedStr(values=");
        dump_exprs(o, &e->u.joined.values);
        break;
    case E_CONSTANT:
        puts_(o, "Constant(value=");
        dump_constant(o, &e->u.constant);
        if (e->u.constant.kind == CONST_STR && e->u.constant.kind_u) puts_(o, ", kind='u'");
        break;
    case E_ATTRIBUTE:
        puts_(o, "Attribute(value=");
        dump_expr(o, e->u.attribute.value);
        puts_(o, ", attr=");
        dump_ident(o, e->u.attribute.attr);
        fprintf(f, ", ctx=%s", ctx_name(e->u.attribute.ctx));
        break;
    case E_SUBSCRIPT:
        puts_(o, "Subscript(value=");
        dump_expr(o, e->u.subscript.value);
        puts_(o, ", slice=");
        dump_expr(o, e->u.subscript.slice);
        fprintf(f, ", ctx=%s", ctx_name(e->u.subscript.ctx));
        break;
    case E_STARRED:
        puts_(o, "Starred(value=");
        dump_expr(o, e->u.starred.value);
        fprintf(f, ", ctx=%s", ctx_name(e->u.starred.ctx));
        break;
    case E_NAME:
        puts_(o, "Name(id=");
        dump_ident(o, e->u.name.id);
        fprintf(f, ", ctx=%s", ctx_name(e->u.name.ctx));
        break;
    case E_LIST:
    case E_TUPLE:
        puts_(o, e->kind == E_LIST ? "List(elts=" : "Tuple(elts=");
        dump_exprs(o, &e->u.seq.elts);
        fprintf(f, ", ctx=%s", ctx_name(e->u.seq.ctx));
        break;
    case E_SLICE: {
        puts_(o, "Slice(");
        const char *sep = "";
        if (e->u.slice.lower) { puts_(o, "lower="); dump_expr(o, e->u.slice.lower); sep = ", "; }
        if (e->u.slice.upper) { fprintf(f, "%supper=", sep); dump_expr(o, e->u.slice.upper); sep = ", "; }
        if (e->u.slice.step) { fprintf(f, "%sstep=", sep); dump_expr(o, e->u.slice.step); sep = ", "; }
        if (o->attrs)
            fprintf(f, "%slineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d", sep,
                    e->pos.lineno, e->pos.col_offset, e->pos.end_lineno, e->pos.end_col_offset);
        puts_(o, ")");
        return;
    }
    }
    dump_pos(o, &e->pos);
    puts_(o, ")");
}

static void dump_handler(Out *o, const ExceptHandler *h) {
    puts_(o, "ExceptHandler(");
    if (h->type) {
        puts_(o, "type=");
        dump_expr(o, h->type);
        puts_(o, ", ");
    }
    if (h->name) {
        puts_(o, "name=");
        dump_ident(o, h->name);
        puts_(o, ", ");
    }
    puts_(o, "body=");
    dump_stmts(o, &h->body);
    dump_pos(o, &h->pos);
    puts_(o, ")");
}

static void dump_aliases(Out *o, int n, Alias **a) {
    puts_(o, "[");
    for (int i = 0; i < n; i++) {
        if (i) puts_(o, ", ");
        puts_(o, "alias(name=");
        dump_ident(o, a[i]->name);
        if (a[i]->asname) {
            puts_(o, ", asname=");
            dump_ident(o, a[i]->asname);
        }
        dump_pos(o, &a[i]->pos);
        puts_(o, ")");
    }
    puts_(o, "]");
}

/* A statement without fields, e.g. Pass(). */
static void dump_bare(Out *o, const char *name, const SrcPos *p) {
    fputs(name, o->f);
    if (o->attrs)
        fprintf(o->f, "(lineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d)", p->lineno,
                p->col_offset, p->end_lineno, p->end_col_offset);
    else
        fputs("()", o->f);
}

static void dump_pattern(Out *o, const Pattern *q);

static void dump_patterns(Out *o, const PatternList *l) {
    puts_(o, "[");
    for (int i = 0; i < l->n; i++) {
        if (i) puts_(o, ", ");
        dump_pattern(o, l->items[i]);
    }
    puts_(o, "]");
}

/* Fields that are None are left out, as ast.dump does; a node left with
 * no field at all is written Name() (or with its positions only). */
static void dump_pattern(Out *o, const Pattern *q) {
    switch (q->kind) {
    case P_VALUE:
        puts_(o, "MatchValue(value=");
        dump_expr(o, q->u.value.value);
        break;
    case P_SINGLETON:
        puts_(o, q->u.singleton.value == CONST_NONE ? "MatchSingleton(value=None"
                 : q->u.singleton.value == CONST_TRUE ? "MatchSingleton(value=True"
                                                       : "MatchSingleton(value=False");
        break;
    case P_SEQUENCE:
        puts_(o, "MatchSequence(patterns=");
        dump_patterns(o, &q->u.seq.patterns);
        break;
    case P_MAPPING:
        puts_(o, "MatchMapping(keys=");
        dump_exprs(o, &q->u.mapping.keys);
        puts_(o, ", patterns=");
        dump_patterns(o, &q->u.mapping.patterns);
        if (q->u.mapping.rest) {
            puts_(o, ", rest=");
            dump_ident(o, q->u.mapping.rest);
        }
        break;
    case P_CLASS:
        puts_(o, "MatchClass(cls=");
        dump_expr(o, q->u.cls.cls);
        puts_(o, ", patterns=");
        dump_patterns(o, &q->u.cls.patterns);
        puts_(o, ", kwd_attrs=[");
        for (int i = 0; i < q->u.cls.nkwd; i++) {
            if (i) puts_(o, ", ");
            dump_ident(o, q->u.cls.kwd_attrs[i]);
        }
        puts_(o, "], kwd_patterns=");
        dump_patterns(o, &q->u.cls.kwd_patterns);
        break;
    case P_STAR:
        if (!q->u.star.name) {
            dump_bare(o, "MatchStar", &q->pos);
            return;
        }
        puts_(o, "MatchStar(name=");
        dump_ident(o, q->u.star.name);
        break;
    case P_AS:
        if (!q->u.as.pattern && !q->u.as.name) {
            dump_bare(o, "MatchAs", &q->pos);
            return;
        }
        puts_(o, "MatchAs(");
        if (q->u.as.pattern) {
            puts_(o, "pattern=");
            dump_pattern(o, q->u.as.pattern);
            if (q->u.as.name) puts_(o, ", ");
        }
        if (q->u.as.name) {
            puts_(o, "name=");
            dump_ident(o, q->u.as.name);
        }
        break;
    case P_OR:
        puts_(o, "MatchOr(patterns=");
        dump_patterns(o, &q->u.or_.patterns);
        break;
    }
    dump_pos(o, &q->pos);
    puts_(o, ")");
}

static void dump_stmt(Out *o, const Stmt *s) {
    FILE *f = o->f;
    switch (s->kind) {
    case S_FUNCTIONDEF:
    case S_ASYNCFUNCTIONDEF:
        puts_(o, s->kind == S_FUNCTIONDEF ? "FunctionDef(name=" : "AsyncFunctionDef(name=");
        dump_ident(o, s->u.funcdef.name);
        puts_(o, ", args=");
        dump_arguments(o, s->u.funcdef.args);
        puts_(o, ", body=");
        dump_stmts(o, &s->u.funcdef.body);
        puts_(o, ", decorator_list=");
        dump_exprs(o, &s->u.funcdef.decorator_list);
        if (s->u.funcdef.returns) {
            puts_(o, ", returns=");
            dump_expr(o, s->u.funcdef.returns);
        }
        break;
    case S_CLASSDEF:
        puts_(o, "ClassDef(name=");
        dump_ident(o, s->u.classdef.name);
        puts_(o, ", bases=");
        dump_exprs(o, &s->u.classdef.bases);
        puts_(o, ", keywords=");
        dump_keywords(o, s->u.classdef.nkeywords, s->u.classdef.keywords);
        puts_(o, ", body=");
        dump_stmts(o, &s->u.classdef.body);
        puts_(o, ", decorator_list=");
        dump_exprs(o, &s->u.classdef.decorator_list);
        break;
    case S_RETURN:
        if (!s->u.ret.value) { dump_bare(o, "Return", &s->pos); return; }
        puts_(o, "Return(value=");
        dump_expr(o, s->u.ret.value);
        break;
    case S_DELETE:
        puts_(o, "Delete(targets=");
        dump_exprs(o, &s->u.del.targets);
        break;
    case S_ASSIGN:
        puts_(o, "Assign(targets=");
        dump_exprs(o, &s->u.assign.targets);
        puts_(o, ", value=");
        dump_expr(o, s->u.assign.value);
        break;
    case S_AUGASSIGN:
        puts_(o, "AugAssign(target=");
        dump_expr(o, s->u.augassign.target);
        fprintf(f, ", op=%s, value=", binop_name(s->u.augassign.op));
        dump_expr(o, s->u.augassign.value);
        break;
    case S_ANNASSIGN:
        puts_(o, "AnnAssign(target=");
        dump_expr(o, s->u.annassign.target);
        puts_(o, ", annotation=");
        dump_expr(o, s->u.annassign.annotation);
        if (s->u.annassign.value) {
            puts_(o, ", value=");
            dump_expr(o, s->u.annassign.value);
        }
        fprintf(f, ", simple=%d", s->u.annassign.simple);
        break;
    case S_FOR:
    case S_ASYNCFOR:
        puts_(o, s->kind == S_FOR ? "For(target=" : "AsyncFor(target=");
        dump_expr(o, s->u.for_.target);
        puts_(o, ", iter=");
        dump_expr(o, s->u.for_.iter);
        puts_(o, ", body=");
        dump_stmts(o, &s->u.for_.body);
        puts_(o, ", orelse=");
        dump_stmts(o, &s->u.for_.orelse);
        break;
    case S_WHILE:
    case S_IF:
        puts_(o, s->kind == S_WHILE ? "While(test=" : "If(test=");
        dump_expr(o, s->u.if_.test);
        puts_(o, ", body=");
        dump_stmts(o, &s->u.if_.body);
        puts_(o, ", orelse=");
        dump_stmts(o, &s->u.if_.orelse);
        break;
    case S_WITH:
    case S_ASYNCWITH:
        puts_(o, s->kind == S_WITH ? "With(items=[" : "AsyncWith(items=[");
        for (int i = 0; i < s->u.with.nitems; i++) {
            if (i) puts_(o, ", ");
            puts_(o, "withitem(context_expr=");
            dump_expr(o, s->u.with.items[i]->context_expr);
            if (s->u.with.items[i]->optional_vars) {
                puts_(o, ", optional_vars=");
                dump_expr(o, s->u.with.items[i]->optional_vars);
            }
            puts_(o, ")");
        }
        puts_(o, "], body=");
        dump_stmts(o, &s->u.with.body);
        break;
    case S_MATCH:
        puts_(o, "Match(subject=");
        dump_expr(o, s->u.match.subject);
        puts_(o, ", cases=[");
        for (int i = 0; i < s->u.match.ncases; i++) {
            const MatchCase *m = s->u.match.cases[i];
            if (i) puts_(o, ", ");
            puts_(o, "match_case(pattern=");
            dump_pattern(o, m->pattern);
            if (m->guard) {
                puts_(o, ", guard=");
                dump_expr(o, m->guard);
            }
            puts_(o, ", body=");
            dump_stmts(o, &m->body);
            puts_(o, ")");
        }
        puts_(o, "]");
        break;
    case S_RAISE:
        if (!s->u.raise.exc && !s->u.raise.cause) { dump_bare(o, "Raise", &s->pos); return; }
        puts_(o, "Raise(");
        if (s->u.raise.exc) {
            puts_(o, "exc=");
            dump_expr(o, s->u.raise.exc);
        }
        if (s->u.raise.cause) {
            puts_(o, s->u.raise.exc ? ", cause=" : "cause=");
            dump_expr(o, s->u.raise.cause);
        }
        break;
    case S_TRY:
    case S_TRYSTAR:
        puts_(o, s->kind == S_TRY ? "Try(body=" : "TryStar(body=");
        dump_stmts(o, &s->u.try_.body);
        puts_(o, ", handlers=[");
        for (int i = 0; i < s->u.try_.nhandlers; i++) {
            if (i) puts_(o, ", ");
            dump_handler(o, s->u.try_.handlers[i]);
        }
        puts_(o, "], orelse=");
        dump_stmts(o, &s->u.try_.orelse);
        puts_(o, ", finalbody=");
        dump_stmts(o, &s->u.try_.finalbody);
        break;
    case S_ASSERT:
        puts_(o, "Assert(test=");
        dump_expr(o, s->u.assert_.test);
        if (s->u.assert_.msg) {
            puts_(o, ", msg=");
            dump_expr(o, s->u.assert_.msg);
        }
        break;
    case S_IMPORT:
        puts_(o, "Import(names=");
        dump_aliases(o, s->u.import.nnames, s->u.import.names);
        break;
    case S_IMPORTFROM:
        puts_(o, "ImportFrom(");
        if (s->u.importfrom.module) {
            puts_(o, "module=");
            dump_ident(o, s->u.importfrom.module);
            puts_(o, ", ");
        }
        puts_(o, "names=");
        dump_aliases(o, s->u.importfrom.nnames, s->u.importfrom.names);
        fprintf(f, ", level=%d", s->u.importfrom.level);
        break;
    case S_GLOBAL:
    case S_NONLOCAL:
        puts_(o, s->kind == S_GLOBAL ? "Global(names=[" : "Nonlocal(names=[");
        for (int i = 0; i < s->u.global.nnames; i++) {
            if (i) puts_(o, ", ");
            dump_ident(o, s->u.global.names[i]);
        }
        puts_(o, "]");
        break;
    case S_EXPR:
        puts_(o, "Expr(value=");
        dump_expr(o, s->u.expr.value);
        break;
    case S_PASS: dump_bare(o, "Pass", &s->pos); return;
    case S_BREAK: dump_bare(o, "Break", &s->pos); return;
    case S_CONTINUE: dump_bare(o, "Continue", &s->pos); return;
    }
    dump_pos(o, &s->pos);
    puts_(o, ")");
}

void ast_dump_module_ex(const Module *m, void *file, int include_attributes) {
    Out o = {file, include_attributes};
    puts_(&o, "Module(body=");
    dump_stmts(&o, &m->body);
    puts_(&o, ", type_ignores=[])");
}

void ast_dump_module(const Module *m, void *file) { ast_dump_module_ex(m, file, 0); }
