/* _tokenize.c: the _tokenize module: TokenizerIter(source), the C
 * tokenizer's token stream as tokenize._generate_tokens_from_c_tokenizer
 * reads it, tuples (string, type, lineno, end_lineno, col, end_col, line).
 *
 * Built on the parser's lexer (front/lexer.c), which tokenizes the whole
 * source up front; the tuples are made up front too and handed out one by
 * one, and a tokenizer error is raised when the iteration reaches it, as
 * CPython's lazy tokenizer does. What this reproduces of CPython 3.11's
 * tokenizer in string mode:
 *  - columns are UTF-8 byte offsets; INDENT/DEDENT have column -1;
 *  - comments and blank lines give no tokens (no COMMENT/NL in 3.11); a
 *    NEWLINE after a comment spans the comment ("# c"), else it is empty
 *    at the column of the newline character;
 *  - `line` is the tokenizer's buffer: from the first line of the logical
 *    line chunk it read without leaving a token (a multi-line string or a
 *    backslash continuation keeps the earlier lines) to the current one;
 *  - ENDMARKER is not yielded; errors the tokenizer reports without an
 *    exception (EOF inside brackets or after a backslash, indentation
 *    errors) end the iteration silently; the others raise SyntaxError. */
#include <string.h>

#include "../runtime.h"
#include "../front/compiler.h"
#include "../front/lexer.h"
#include "../front/parser.h"
#include "modules.h"

/* token.py's numbers (3.11) */
enum {
    TOK_ENDMARKER = 0, TOK_NAME = 1, TOK_NUMBER = 2, TOK_STRING = 3, TOK_NEWLINE = 4,
    TOK_INDENT = 5, TOK_DEDENT = 6, TOK_NOTEQUAL = 28, TOK_OP = 54, TOK_AWAIT = 55, TOK_ASYNC = 56,
};

/* The exact type of an operator token: lexer.h lists T_LPAR..T_COLONEQUAL
 * in token.py's order except for the braces. */
static int token_type(int kind) {
    switch (kind) {
    case T_NAME: return TOK_NAME;
    case T_NUMBER: return TOK_NUMBER;
    case T_STRING: return TOK_STRING;
    case T_NEWLINE: return TOK_NEWLINE;
    case T_INDENT: return TOK_INDENT;
    case T_DEDENT: return TOK_DEDENT;
    case T_LPAR: return 7;
    case T_RPAR: return 8;
    case T_LSQB: return 9;
    case T_RSQB: return 10;
    case T_LBRACE: return 25;
    case T_RBRACE: return 26;
    case T_BARRY: return TOK_NOTEQUAL;   /* "<>": the parser rejects it, not the tokenizer */
    case T_OTHER: return TOK_OP;
    case K_ASYNC: return TOK_ASYNC;
    case K_AWAIT: return TOK_AWAIT;
    default: break;
    }
    if (kind >= T_COLON && kind <= T_COLONEQUAL) {
        /* COLON (11) .. PERCENT (24), then after the braces EQEQUAL (27) .. */
        static const int8_t tab[] = {
            11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,   /* T_COLON .. T_PERCENT */
            27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
            49, 50, 51, 52, 53,
        };
        return tab[kind - T_COLON];
    }
    if (kind >= K_FALSE && kind <= K_YIELD) return TOK_NAME;
    return TOK_OP;
}

typedef struct TokIterObject {
    Object hdr;
    Value items;      /* list of the token tuples */
    int64_t next;     /* index of the next one */
    /* the error after the last token: raise it (SyntaxError) or stop */
    int raise;
    SyntaxErrorInfo err;
    /* the lexer's warnings, issued when the token they precede is handed
       out (CPython's tokenizer warns as it reaches them) */
    struct TokWarning *warns;
    int nwarns, nextwarn;
    const char *src;  /* for re-lexing when a warning turns into an error */
    int srclen;
} TokIterObject;

typedef struct TokWarning {
    int category, lineno;
    const char *msg;
    int tok;          /* index of the first token made after it */
} TokWarning;

/* While TokenizerIter() lexes, the front end's warnings are recorded here
 * instead of issued (under the GIL: one tokenization at a time). */
static struct {
    const Lexer *lx;
    TokWarning *warns;
    int n, cap;
    int fail_at;      /* re-lexing: the warning (index) the filters made an error */
} rec;

static int record_warning(int category, const char *msg, const char *filename, int lineno) {
    (void)filename;
    if (rec.fail_at >= 0) return rec.n++ == rec.fail_at;
    if (rec.n == rec.cap) {
        rec.cap = rec.cap ? rec.cap * 2 : 4;
        TokWarning *w = gc_alloc(sizeof *w * (size_t)rec.cap);
        if (rec.n) memcpy(w, rec.warns, sizeof *w * (size_t)rec.n);
        rec.warns = w;
    }
    size_t ml = strlen(msg);
    char *m = gc_alloc_atomic(ml + 1);
    memcpy(m, msg, ml + 1);
    rec.warns[rec.n++] = (TokWarning){category, lineno, m, rec.lx->ntoks};
    return 0;
}

/* lex_source with the warnings recorded (fail_at < 0) or with warning
 * number fail_at made an error */
static void lex_recording(Lexer *lx, const char *src, int len, int fail_at) {
    int (*saved)(int, const char *, const char *, int) = front_warn_hook;
    memset(&rec, 0, sizeof rec);
    rec.lx = lx;
    rec.fail_at = fail_at;
    front_warn_hook = record_warning;
    memset(lx, 0, sizeof *lx);
    lx->filename = "<string>";
    lex_source(lx, src, len, 0);
    front_warn_hook = saved;
}

static Type tokiter_type;

/* chain[L]: the first line of the tokenizer's buffer when it is on line L */
static int *line_chains(const Lexer *lx) {
    int n = lx->nlines;
    int *chain = gc_alloc_atomic(sizeof(int) * (size_t)(n + 2));
    char *joined = gc_alloc_atomic((size_t)(n + 2));
    memset(joined, 0, (size_t)(n + 2));
    /* a line break inside a string token, or a backslash continuation in
       the gap between two tokens (outside comments) */
    int prev_end = 0;
    for (int i = 0; i < lx->ntoks; i++) {
        const Token *t = &lx->toks[i];
        if (t->kind == T_INDENT || t->kind == T_DEDENT || t->kind == T_ENDMARKER || t->kind == T_ERROR) continue;
        for (int p = prev_end; p < t->off; p++) {
            char c = lx->src[p];
            if (c == '#') {
                while (p < t->off && lx->src[p] != '\n') p++;
            } else if (c == '\\' && lx->src[p + 1] == '\n') {
                int l = lex_line_of((Lexer *)lx, p);
                if (l + 1 <= n) joined[l + 1] = 1;
            }
        }
        if (t->kind == T_STRING)
            for (int l = t->lineno + 1; l <= t->end_lineno && l <= n; l++) joined[l] = 1;
        if (t->off + t->len > prev_end) prev_end = t->off + t->len;
    }
    for (int l = 1; l <= n; l++) chain[l] = (l > 1 && joined[l]) ? chain[l - 1] : l;
    return chain;
}

static Value line_value(const Lexer *lx, const int *chain, int line) {
    if (line < 1) line = 1;
    if (line > lx->nlines) line = lx->nlines;
    int a = lx->line_off[chain[line]], b = lx->line_off[line + 1];
    return str_new(lx->src + a, (size_t)(b - a));
}

/* A NEWLINE token: CPython's starts at a comment before it on its line. */
static int newline_start(const Lexer *lx, const Token *prev, const Token *t) {
    int ls = lx->line_off[t->lineno];
    int from = prev && prev->off + prev->len > ls ? prev->off + prev->len : ls;
    for (int p = from; p < t->off; p++)
        if (lx->src[p] == '#') return p;
    return t->off;
}

/* The error the lexer stopped at, as CPython's tokenizer reports it. */
static void set_error(TokIterObject *it, const Lexer *lx) {
    it->raise = 0;
    if (lx->has_error) {
        const LexError *e = &lx->err;
        /* what CPython's tokenizer reports as a done-state without an
           exception: EOF in a statement, indentation errors */
        int silent = e->mode == LEXERR_UNCLOSED || strcmp(e->kind, "SyntaxError") != 0 ||
                     (e->msg && (strcmp(e->msg, "unexpected EOF while parsing") == 0 ||
                                 strcmp(e->msg, "unexpected character after line continuation character") == 0));
        if (!silent) {
            it->raise = 1;
            SyntaxErrorInfo *se = &it->err;
            se->kind = e->kind;
            se->msg = e->msg;
            se->filename = "<string>";
            se->lineno = se->end_lineno = e->lineno;
            se->offset = se->end_offset = e->offset;
            /* a known range (leading zeros) keeps its end */
            if (e->end_lineno == e->lineno && e->end_offset > e->offset) se->end_offset = e->end_offset;
            if (e->text) {
                size_t tl = strlen(e->text);
                while (tl > 0 && e->text[tl - 1] == '\n') tl--;
                char *tx = gc_alloc_atomic(tl + 1);
                memcpy(tx, e->text, tl);
                tx[tl] = 0;
                se->text = tx;
            }
        }
    }
}

static Value tokiter_new(Type *type, Value *args, size_t nargs, Value kwnames) {
    (void)type;
    static const ArgSpec spec = {"tokenizeriter", 0, 1, 0, {"source", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0]))
        return err_format(&exc_TypeError, "tokenizeriter() argument 'source' must be str, not %T", a[0]);
    /* CPython's string input: \r\n and \r become \n, and a last line gets
       its newline */
    const char *s = str_data(a[0]);
    size_t n = (size_t)str_nbytes(a[0]);
    if (memchr(s, 0, n)) return err_set(&exc_ValueError, "embedded null character");
    /* a lone surrogate (WTF-8 ED A0..BF xx) has no UTF-8: CPython's
       conversion raises UnicodeEncodeError, which str.encode gives */
    for (size_t i = 0; i + 1 < n; i++)
        if ((unsigned char)s[i] == 0xED && (unsigned char)s[i + 1] >= 0xA0) {
            Value r = obj_call_method(a[0], "encode", NULL, 0);
            if (!r) return VNULL;
            break;
        }
    char *src = gc_alloc_atomic(n + 2);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\r') {
            src[m++] = '\n';
            if (i + 1 < n && s[i + 1] == '\n') i++;
        } else {
            src[m++] = s[i];
        }
    }
    if (m > 0 && src[m - 1] != '\n') src[m++] = '\n';
    src[m] = 0;

    Lexer *lx = gc_alloc(sizeof *lx);
    lex_recording(lx, src, (int)m, -1);
    int *chain = line_chains(lx);

    TokIterObject *it = (TokIterObject *)obj_alloc(&tokiter_type, sizeof *it);
    it->items = list_new(lx->ntoks);
    it->next = 0;
    const Token *prev = NULL;
    for (int i = 0; i < lx->ntoks; i++) {
        const Token *t = &lx->toks[i];
        if (t->kind == T_ENDMARKER || t->kind == T_ERROR) break;
        if (t->kind == T_TYPE_COMMENT) continue;
        int ttype = token_type(t->kind);
        Value text;
        int lineno = t->lineno, end_lineno = t->end_lineno, col = t->col, end_col = t->end_col;
        int lline = t->end_lineno;
        if (t->kind == T_INDENT || t->kind == T_DEDENT) {
            text = str_empty;
            col = end_col = -1;
            end_lineno = lineno;
            lline = lineno;
        } else if (t->kind == T_NEWLINE) {
            int start = newline_start(lx, prev, t);
            int ls = lx->line_off[t->lineno];
            text = str_new(lx->src + start, (size_t)(t->off - start));
            col = start - ls;
            end_col = t->off - ls;
            end_lineno = lineno;
        } else {
            text = str_new(lx->src + t->off, (size_t)t->len);
        }
        Value tup = tuple_pack(7, text, v_int(ttype), v_int(lineno), v_int(end_lineno), v_int(col),
                               v_int(end_col), line_value(lx, chain, lline));
        list_append(it->items, tup);
        if (t->kind != T_INDENT && t->kind != T_DEDENT) prev = t;
    }
    it->warns = rec.warns;
    it->nwarns = rec.n;
    it->src = src;
    it->srclen = (int)m;
    rec.warns = NULL;
    set_error(it, lx);
    return V_FROM_PTR(it);
}

static Value iter_self(Value v) { return v; }

static Value tokiter_next(Value self) {
    TokIterObject *it = V_AS(TokIterObject, self);
    while (it->nextwarn < it->nwarns && it->warns[it->nextwarn].tok <= it->next) {
        const TokWarning *w = &it->warns[it->nextwarn++];
        if (front_warn_hook && front_warn_hook(w->category, w->msg, "<string>", w->lineno)) {
            /* the filters made it an error: the lexer stops there, with
               the SyntaxError the parser would raise */
            Lexer *lx = gc_alloc(sizeof *lx);
            lex_recording(lx, it->src, it->srclen, it->nextwarn - 1);
            set_error(it, lx);
            it->next = list_size(it->items);
            it->nwarns = 0;
            if (it->raise) {
                it->raise = 0;
                raise_syntax_error(&it->err, NULL, 0);
                return VNULL;
            }
            return VNULL;
        }
    }
    if (it->next < list_size(it->items)) return list_get(it->items, it->next++);
    if (it->raise) {
        it->raise = 0;
        raise_syntax_error(&it->err, NULL, 0);
    }
    return VNULL;
}

static Type tokiter_type = {
    .tname = "_tokenize.TokenizerIter",
    .basicsize = sizeof(TokIterObject),
    .iter = iter_self,
    .iternext = tokiter_next,
    .new_ = tokiter_new,
};

Value _tokenize_module_create(void) {
    Value m = module_new_cstr("_tokenize");
    if (!(tokiter_type.flags & TF_READY)) {
        tokiter_type.name = str_intern_cstr("TokenizerIter");
        tokiter_type.module = str_intern_cstr("_tokenize");
        type_ready(&tokiter_type);
    }
    module_add(m, "TokenizerIter", V_FROM_PTR(&tokiter_type));
    return m;
}
