/* parser.c: Python 3.11 source -> AST (ast.h), a hand-written recursive
 * descent parser over the token array made by lexer.c.
 *
 * The grammar follows CPython 3.11's PEG grammar closely, so that the tree,
 * every node position and the syntax errors come out as CPython's do.
 *
 * Positions: a node spans from the first token its rule consumed to the
 * last token it consumed (NEWLINE/INDENT/DEDENT excluded), exactly as
 * CPython's EXTRA macro: so `(a) + b` is a BinOp starting at the '(' while
 * the Name a inside starts after it.
 *
 * Errors. CPython parses twice: a fast pass, and on failure a second pass
 * with extra "invalid_*" rules that produce the specific messages; when no
 * rule matches, it reports "invalid syntax" at the furthest token the first
 * pass looked at. Most invalid_* rules only match code that cannot parse
 * anyway, so we check them inline, at the point where the parse cannot go
 * on, and raise CPython's message there. A few checks would cost too much
 * on valid code (they re-parse what follows every name); they run in a
 * second pass made only after the first one failed, and whatever error
 * that pass meets first wins, as in CPython. Every error unwinds with
 * longjmp to run_parser() (or to a speculative parse, which backtracks).
 * The tokenizer runs first over the whole input; its error, if any, is a
 * T_ERROR token raised only when the parser reaches it, and that may
 * override a parser error found earlier, following CPython's rules (see
 * finish_error()).
 */
#include "parser.h"
#include "../util/numfmt.h"

#include <gmp.h>
#include <iconv.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../gc/gc.h"
#include "../util/buf.h"
#include "../vm/object.h"
#include "lexer.h"

/* ---- parser state ---------------------------------------------------- */

enum { ERR_NONE, ERR_GENERIC, ERR_SPECIFIC, ERR_LEXER };

/* Deepest nesting of rules we allow (unary operators, lambdas, ** and
 * elif chains...). CPython 3.11 gives up at a similar depth (6000 levels of
 * its rules) with a MemoryError; we give a SyntaxError with 3.12's words. */
#define MAX_DEPTH 6000

typedef struct Parser {
    Lexer *lx;
    const Token *str_tok;   /* the string token being decoded (for its warnings) */
    Token *toks;
    int ntoks;
    int pos;          /* next token */
    int maxpos;       /* furthest token looked at in a first-pass parse:
                         where "invalid syntax" is reported */
    int fill;         /* furthest token looked at at all (CPython's
                         p->fill - 1): where RAISE_SYNTAX_ERROR reports */
    Token *last;      /* last consumed token other than NEWLINE/INDENT/DEDENT */
    jmp_buf *jb;
    int mode;         /* ParseMode */
    int depth;
    int no_invalid;   /* > 0 while parsing without the invalid_* checks */
    int speculating;  /* > 0 inside a speculative parse */

    /* scratch stack for building lists */
    void **sc;
    int sc_n, sc_cap;

    /* bump allocation */
    char *chunk, *chunk_end;
    size_t chunk_size;   /* the last chunk's: each new one twice that, to 32 KiB */

    /* f-string expression sub-parser: errors refer to "(expr)" */
    struct Parser *outer;
    int fs_start, fs_end;     /* byte range of the expression text */

    /* the error, once raised */
    int err_code;
    SyntaxErrorInfo e;
    int pass1;        /* > 0 while raising errors CPython raises in its first
                         pass (forced tokens, string literals) */
    int cookie;       /* the source declared its encoding */
    int pass2;        /* second pass: the costlier error checks are on */
    int allow_incomplete; /* SyntaxErrorInfo.allow_incomplete */
    /* Set by star_expressions for the statement parser: did it make a
     * tuple without brackets, and where did its last element start (-1 if
     * it ended with a comma). */
    int bare_tuple, last_elt;
    int bom;          /* the source started with a UTF-8 byte order mark */
    const char *filename;
    int feature_version;  /* ast.parse(feature_version=(3, N)): N, else 11 */
    int eof_col;      /* the error is at the column reached at the end of the
                         input: `python3 FILE` gives no column */
    int added_nl;     /* the input did not end with a newline: we added one */
    int bad_utf8;     /* the source holds bytes that are not UTF-8 */
    int made_newline_off;   /* the newline parse() added to a source without
                               a final one (its offset), or -1 */
} Parser;

typedef Parser P;

/* ---- allocation ------------------------------------------------------ */

static void *palloc(P *p, size_t n) {
    n = (n + 15) & ~(size_t)15;
    if (n > 1024) return gc_alloc(n);
    if ((size_t)(p->chunk_end - p->chunk) < n) {
        /* small first: most sources compiled at start-up (a -c command, a
           .pth line) are a line long, and every chunk is cleared memory */
        p->chunk_size = p->chunk_size ? (p->chunk_size < 32768 ? 2 * p->chunk_size : 32768) : 2048;
        p->chunk = gc_alloc(p->chunk_size);
        p->chunk_end = p->chunk + p->chunk_size;
    }
    void *r = p->chunk;
    p->chunk += n;
    return r;
}

static char *pstrndup(const char *s, size_t n) {
    char *r = gc_alloc_atomic(n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

static char *pformat(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *pformat(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char tmp[600];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    if (n >= (int)sizeof tmp) n = (int)sizeof tmp - 1;
    return pstrndup(tmp, (size_t)n);
}

/* The scratch stack: list items are pushed here while a list is parsed,
 * then copied out in one piece. */
static void sc_push(P *p, void *x) {
    if (p->sc_n == p->sc_cap) {
        int cap = p->sc_cap ? p->sc_cap * 2 : 256;
        void **n = gc_alloc(sizeof(void *) * (size_t)cap);
        if (p->sc_n) memcpy(n, p->sc, sizeof(void *) * (size_t)p->sc_n);
        p->sc = n;
        p->sc_cap = cap;
    }
    p->sc[p->sc_n++] = x;
}

static void **sc_take(P *p, int mark, int *n) {
    *n = p->sc_n - mark;
    if (*n == 0) return NULL;
    void **a = palloc(p, sizeof(void *) * (size_t)*n);
    memcpy(a, p->sc + mark, sizeof(void *) * (size_t)*n);
    p->sc_n = mark;
    return a;
}

static ExprList sc_exprs(P *p, int mark) {
    ExprList l;
    l.items = (Expr **)sc_take(p, mark, &l.n);
    return l;
}

static StmtList sc_stmts(P *p, int mark) {
    StmtList l;
    l.items = (Stmt **)sc_take(p, mark, &l.n);
    return l;
}

/* ---- errors ---------------------------------------------------------- */

static _Noreturn void jump(P *p, int code) {
    if (!p->err_code || code == ERR_LEXER || p->speculating) p->err_code = code;
    longjmp(*p->jb, 1);
}

/* Bytes -> characters as CPython's _PyPegen_byte_offset_to_character_offset
 * does: `col` is a 1-based byte offset into the line, clipped to the
 * line length + 1. */
static int utf8_chars(const char *s, int bytes);

static int char_offset(P *p, int lineno, int col) {
    if (col <= 0) return col;
    Lexer *lx = p->lx;
    if (lineno < 1 || lineno > lx->nlines) return col;
    int len = lx->line_off[lineno + 1] - lx->line_off[lineno];
    if (p->bad_utf8) {
        /* CPython counts the bytes in the line decoded with U+FFFD for
           each bad byte and encoded again (three bytes each) */
        const char *t = lex_utf8_replace(lex_line_text(lx, lineno, 1));
        int tl = (int)strlen(t);
        if (col > tl + 1) col = tl + 1;
        return col > tl ? utf8_chars(t, tl) + 1 : utf8_chars(t, col);
    }
    if (col > len + 1) col = len + 1;
    if (col > len) return lex_chars_in_line(lx, lineno, len) + 1;
    return lex_chars_in_line(lx, lineno, col);
}

/* Count the characters in the first `bytes` bytes of s. */
static int utf8_chars(const char *s, int bytes) {
    int n = 0;
    for (int i = 0; i < bytes && s[i]; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) n++;
    return n;
}

/* Raise an error located as CPython's RAISE_ERROR_KNOWN_LOCATION after
 * its +1: col1/end_col1 are 1-based byte columns (0 or -1 pass through). */
static _Noreturn void raise_loc(P *p, const char *kind, int lineno, int col1,
                                int end_lineno, int end_col1, const char *msg) {
    if (p->speculating) jump(p, ERR_SPECIFIC);
    SyntaxErrorInfo *e = &p->e;
    e->kind = kind;
    e->lineno = lineno;
    e->end_lineno = end_lineno;
    if (p->outer) {
        /* Inside an f-string expression CPython parses "(" expr ")" on its
         * own: the text is (a line of) that string, and columns count from
         * the '{' (on every line, which makes them negative after the
         * first), or, when only blanks follow the '{' on its line, from the
         * string token's column if the '{' is on the token's first line,
         * else from the line's start (its fstring_find_expr_location). */
        int first_line = lex_line_of(p->lx, p->fs_start);
        int base = p->fs_start - 1 - p->lx->line_off[first_line];
        const char *src = p->lx->src;
        int q = p->fs_start;
        while (q < p->lx->srclen && (src[q] == ' ' || src[q] == '\t' || src[q] == '\f')) q++;
        if (q >= p->lx->srclen || src[q] == '\n' || src[q] == '}') {
            const Token *st = p->outer->str_tok;
            base = st && st->lineno == first_line ? st->col : 0;
        }
        size_t n = (size_t)(p->fs_end - p->fs_start);
        char *wrapped = gc_alloc_atomic(n + 4);
        wrapped[0] = '(';
        memcpy(wrapped + 1, src + p->fs_start, n);
        wrapped[n + 1] = ')';
        wrapped[n + 2] = '\n';
        wrapped[n + 3] = 0;
        char *text = wrapped;
        for (int l = first_line; l < lineno; l++) {
            char *nl = strchr(text, '\n');
            if (!nl || !nl[1]) break;
            text = nl + 1;
        }
        char *nl = strchr(text, '\n');
        /* with its newline if CPython's tokenizer is still on that line
           (the furthest token looked at), else without */
        int on_line = p->toks[p->fill].lineno <= lineno;
        text = pstrndup(text, (size_t)(nl - text + on_line));
        int c = col1 > 0 ? col1 - base : col1;
        int ec = end_col1 > 0 ? end_col1 - base : end_col1;
        e->msg = pformat("f-string: %s", msg);
        /* both counted in the error's line, as CPython (past its end: one
           more than its length) */
        int tl = (int)strlen(text);
        e->offset = c > tl ? utf8_chars(text, tl) + 1 : c > 0 ? utf8_chars(text, c) : c;
        e->end_offset = ec > tl ? utf8_chars(text, tl) + 1 : ec > 0 ? utf8_chars(text, ec) : ec;
        e->file_offset = c;
        e->file_end_offset = ec;
        e->text = text;
        P *o = p->outer;
        o->e = *e;
        jump(p, ERR_SPECIFIC);
    }
    e->msg = msg;
    e->offset_zero = col1 == 0;
    e->end_offset_zero = end_col1 == 0 && end_lineno > 0;
    /* CPython takes the line from the file a module's filename names when
       it can read it, else from its tokenizer: with the newline while the
       tokenizer is still on that line, else from the source string without
       it (the columns clipped to that text) */
    int with_nl = 1;
    if (p->mode != PARSE_PROMPT && p->mode != PARSE_FUNC_TYPE && p->toks[p->fill].lineno > lineno &&
        lineno >= 1 && lineno <= p->lx->nlines) {
        FILE *src_file = p->mode == PARSE_FILE && p->filename ? fopen(p->filename, "r") : NULL;
        if (src_file) fclose(src_file);
        else with_nl = 0;
    }
    e->text = lex_line_text(p->lx, lineno, with_nl);
    if (!with_nl) {
        int tl = (int)strlen(e->text);
        if (col1 > tl + 1) col1 = tl + 1;
        if (end_col1 > tl + 1) end_col1 = tl + 1;
    }
    e->offset = char_offset(p, lineno, col1);
    e->end_offset = end_col1 > 0 ? char_offset(p, lineno, end_col1) : end_col1;
    e->file_offset = p->eof_col ? 0 : p->cookie ? e->offset : col1;
    e->file_end_offset = p->cookie ? e->end_offset : end_col1;
    jump(p, ERR_SPECIFIC);
}

static int tok_has_col(const Token *t) {
    return !(t->kind == T_INDENT || t->kind == T_DEDENT || t->kind == T_ENDMARKER);
}

/* CPython's RAISE_SYNTAX_ERROR: at the last token fetched. */
static _Noreturn void raise_at_tok(P *p, const char *kind, const Token *t, const char *msg) {
    if (!tok_has_col(t)) {
        /* no text: CPython uses the column its tokenizer had reached; at the
           end of a string, past the last line and its newline (`python3
           FILE` shows none) */
        int col = t->ws_col < 0 ? 0 : t->ws_col;
        if (t->at_eof && t->ws_col < 0 && t->lineno >= 1 && t->lineno <= p->lx->nlines) {
            col = p->lx->line_off[t->lineno + 1] - p->lx->line_off[t->lineno];
            /* (CPython adds no missing final newline in 'single' mode) */
            if (p->added_nl && p->mode == PARSE_SINGLE && t->lineno == p->lx->nlines) col--;
            p->eof_col = 1;
        }
        raise_loc(p, kind, t->lineno, col, t->lineno, -1, msg);
    }
    /* CPython's tokenizer leaves the '\n' out of a NEWLINE token: an error
       there spans nothing */
    int end_col = t->kind == T_NEWLINE ? t->col : t->end_col;
    raise_loc(p, kind, t->lineno, t->col + 1, t->kind == T_NEWLINE ? t->lineno : t->end_lineno, end_col + 1, msg);
}

static _Noreturn void raise_last(P *p, const char *msg) {
    raise_at_tok(p, "SyntaxError", &p->toks[p->fill], msg);
}

/* CPython's CHECK_VERSION: a construct newer than ast.parse's
 * feature_version, reported where RAISE_SYNTAX_ERROR reports once the
 * construct is parsed (the last token looked at). */
static void check_version(P *p, int minor, const char *what) {
    if (p->feature_version < minor)
        raise_last(p, pformat("%s only supported in Python 3.%d and greater", what, minor));
}

static _Noreturn void raise_indent_last(P *p, const char *msg) {
    const Token *t = &p->toks[p->fill];
    raise_at_tok(p, "IndentationError", t, msg);
}

/* RAISE_SYNTAX_ERROR_KNOWN_LOCATION(node) */
static _Noreturn void raise_node(P *p, const SrcPos *a, const char *msg) {
    raise_loc(p, "SyntaxError", a->lineno, a->col_offset + 1, a->end_lineno,
              a->end_col_offset + 1, msg);
}

/* RAISE_SYNTAX_ERROR_KNOWN_RANGE(a, b) */
static _Noreturn void raise_range(P *p, const SrcPos *a, const SrcPos *b, const char *msg) {
    raise_loc(p, "SyntaxError", a->lineno, a->col_offset + 1, b->end_lineno,
              b->end_col_offset + 1, msg);
}

static SrcPos tok_pos(const Token *t) {
    SrcPos s = {t->lineno, t->col, t->end_lineno, t->end_col};
    /* CPython's tokenizer leaves the '\n' out of a NEWLINE token */
    if (t->kind == T_NEWLINE) s.end_lineno = t->lineno, s.end_col_offset = t->col;
    return s;
}

static _Noreturn void raise_tok(P *p, const Token *t, const char *msg) {
    SrcPos s = tok_pos(t);
    raise_node(p, &s, msg);
}

/* The parse cannot go on: the message is decided by finish_error(). */
static _Noreturn void fail(P *p) { jump(p, ERR_GENERIC); }

/* ---- tokens ----------------------------------------------------------- */

/* Looking at a token is what makes CPython's tokenizer produce it: a
 * tokenizer error is raised when the parser first looks at it. */
static Token *peek(P *p) {
    Token *t = &p->toks[p->pos];
    if (p->pos > p->maxpos) p->maxpos = p->pos;
    if (p->pos > p->fill) p->fill = p->pos;
    if (t->kind == T_ERROR) jump(p, ERR_LEXER);
    return t;
}

static int peek_kind(P *p) { return peek(p)->kind; }

/* The next token's kind for checks CPython makes only in its second pass:
 * the furthest-token mark (for "invalid syntax") is left alone. */
static int raw_kind(P *p) {
    if (p->pos > p->fill) p->fill = p->pos;
    return p->toks[p->pos].kind;
}

/* The token after the next one (a second token of lookahead). */
static int peek2_kind(P *p) {
    if (p->toks[p->pos].kind == T_ENDMARKER) return T_ENDMARKER;
    p->pos++;
    int k = peek_kind(p);
    p->pos--;
    return k;
}

static Token *next(P *p) {
    Token *t = peek(p);
    if (t->kind != T_ENDMARKER) p->pos++;
    if (t->kind != T_NEWLINE && t->kind != T_INDENT && t->kind != T_DEDENT &&
        t->kind != T_ENDMARKER)
        p->last = t;
    return t;
}

static Token *accept(P *p, int kind) {
    if (peek_kind(p) == kind) return next(p);
    return NULL;
}

static Token *expect(P *p, int kind) {
    if (peek_kind(p) != kind) fail(p);
    return next(p);
}

/* CPython's forced tokens (&&':'): fail at once with "expected ':'". */
static Token *expect_forced(P *p, int kind, const char *what) {
    Token *t = peek(p);
    if (t->kind != kind) {
        p->pass1++;
        raise_tok(p, t, pformat("expected '%s'", what));
    }
    return next(p);
}

static int is_name(P *p, const Token *t, const char *s) {
    return t->kind == T_NAME && (int)strlen(s) == t->len &&
           memcmp(p->lx->src + t->off, s, (size_t)t->len) == 0;
}

static const char *tok_str(P *p, const Token *t) {
    return pstrndup(p->lx->src + t->off, (size_t)t->len);
}

/* [TYPE_COMMENT]: its text, or NULL (only made with type_comments=True) */
static const char *opt_type_comment(P *p) {
    if (peek_kind(p) != T_TYPE_COMMENT) return NULL;
    return tok_str(p, next(p));
}

/* Node position from a start token to the last consumed token. */
static SrcPos span(P *p, const Token *start) {
    SrcPos s;
    s.lineno = start->lineno;
    s.col_offset = start->col;
    if (p->last) {
        s.end_lineno = p->last->end_lineno;
        s.end_col_offset = p->last->end_col;
    } else {
        s.end_lineno = start->end_lineno;
        s.end_col_offset = start->end_col;
    }
    return s;
}

static void enter(P *p) {
    if (++p->depth > MAX_DEPTH) {
        Token *t = &p->toks[p->pos];
        raise_loc(p, "SyntaxError", t->lineno, t->col + 1, t->end_lineno, t->end_col + 1,
                  "Parser stack overflowed - Python source too complex to parse");
    }
}
static void leave(P *p) { p->depth--; }

/* Speculative parsing: run fn; on failure restore the state and return 0. */
typedef struct Saved {
    int pos, maxpos, sc_n, depth, no_invalid, speculating, pass1;
    Token *last;
    jmp_buf *jb;
} Saved;

static void save(P *p, Saved *s) {
    s->pos = p->pos;
    s->maxpos = p->maxpos;
    s->sc_n = p->sc_n;
    s->depth = p->depth;
    s->no_invalid = p->no_invalid;
    s->speculating = p->speculating;
    s->pass1 = p->pass1;
    s->last = p->last;
    s->jb = p->jb;
}

static void restore(P *p, const Saved *s) {
    p->pos = s->pos;
    p->maxpos = s->maxpos;
    p->sc_n = s->sc_n;
    p->depth = s->depth;
    p->no_invalid = s->no_invalid;
    p->speculating = s->speculating;
    p->pass1 = s->pass1;
    p->last = s->last;
    p->jb = s->jb;
    p->err_code = ERR_NONE;
}

typedef void *(*ParseFn)(P *p, void *arg);

/* Try fn without the invalid_* checks and without recording errors.
 * Returns its result (and keeps the tokens consumed) or NULL (and leaves
 * the parser as it was). The furthest-token mark is never moved, as
 * CPython reports generic errors at its first pass' furthest token. */
static void *try_parse(P *p, ParseFn fn, void *arg, int keep_maxpos) {
    Saved s;
    save(p, &s);
    jmp_buf jb;
    void *volatile r = NULL;
    p->jb = &jb;
    p->speculating++;
    p->no_invalid++;
    if (setjmp(jb) == 0) {
        r = fn(p, arg);
        int pos = p->pos, sc_n = p->sc_n;
        Token *last = p->last;
        int maxpos = p->maxpos;
        restore(p, &s);
        p->pos = pos;
        p->sc_n = sc_n;
        p->last = last;
        if (keep_maxpos) p->maxpos = maxpos;
        return r;
    }
    int code = p->err_code, maxpos = p->maxpos;
    restore(p, &s);
    if (keep_maxpos && maxpos > p->maxpos) p->maxpos = maxpos;
    /* a tokenizer error met on the way is raised, as CPython raises it
     * whenever its parser fetches the token */
    if (code == ERR_LEXER) jump(p, ERR_LEXER);
    return NULL;
}

/* ---- nodes ------------------------------------------------------------ */

static Expr *new_expr(P *p, ExprKind kind, SrcPos pos) {
    Expr *e = palloc(p, sizeof(Expr));
    e->kind = kind;
    e->pos = pos;
    return e;
}

static Stmt *new_stmt(P *p, StmtKind kind, SrcPos pos) {
    Stmt *s = palloc(p, sizeof(Stmt));
    s->kind = kind;
    s->pos = pos;
    return s;
}

static void put_cp(Buf *b, uint32_t cp);

/* An identifier: non-ASCII ones are NFKC-normalized, as CPython does. */
static const char *ident(P *p, const Token *t) {
    const char *s = p->lx->src + t->off;
    int ascii = 1;
    for (int i = 0; i < t->len; i++)
        if ((unsigned char)s[i] >= 0x80) ascii = 0;
    if (ascii) return pstrndup(s, (size_t)t->len);
    Buf b;
    buf_init(&b, (size_t)t->len * 2);
    for (int i = 0; i < t->len;) {
        uint32_t cp, one;
        int k = lex_utf8_decode((const unsigned char *)s + i, t->len - i, &cp, 0);
        if (k < 0) k = 1, cp = (unsigned char)s[i];
        const char *many = lex_nfkc_char(cp, &one);
        if (many) buf_puts(&b, many);
        else put_cp(&b, one);
        i += k;
    }
    return pstrndup(b.data, b.len);
}

static Expr *new_name(P *p, Token *t, ExprCtx ctx) {
    Expr *e = new_expr(p, E_NAME, tok_pos(t));
    e->u.name.id = ident(p, t);
    e->u.name.ctx = ctx;
    return e;
}

static Expr *new_const(P *p, ConstKind k, SrcPos pos) {
    Expr *e = new_expr(p, E_CONSTANT, pos);
    e->u.constant.kind = k;
    return e;
}

static Expr *new_binop(P *p, Expr *l, int op, Expr *r, SrcPos pos) {
    Expr *e = new_expr(p, E_BINOP, pos);
    e->u.binop.left = l;
    e->u.binop.op = op;
    e->u.binop.right = r;
    return e;
}

static Expr *new_tuple(P *p, ExprList elts, ExprCtx ctx, SrcPos pos) {
    Expr *e = new_expr(p, E_TUPLE, pos);
    e->u.seq.elts = elts;
    e->u.seq.ctx = ctx;
    return e;
}

/* The name CPython's error messages use for an expression. */
static const char *expr_name(const Expr *e) {
    switch (e->kind) {
    case E_ATTRIBUTE: return "attribute";
    case E_SUBSCRIPT: return "subscript";
    case E_STARRED: return "starred";
    case E_NAME: return "name";
    case E_LIST: return "list";
    case E_TUPLE: return "tuple";
    case E_LAMBDA: return "lambda";
    case E_CALL: return "function call";
    case E_BOOLOP: case E_BINOP: case E_UNARYOP: return "expression";
    case E_GENEXP: return "generator expression";
    case E_YIELD: case E_YIELDFROM: return "yield expression";
    case E_AWAIT: return "await expression";
    case E_LISTCOMP: return "list comprehension";
    case E_SETCOMP: return "set comprehension";
    case E_DICTCOMP: return "dict comprehension";
    case E_DICT: return "dict literal";
    case E_SET: return "set display";
    case E_JOINEDSTR: case E_FORMATTEDVALUE: return "f-string expression";
    case E_CONSTANT:
        switch (e->u.constant.kind) {
        case CONST_NONE: return "None";
        case CONST_TRUE: return "True";
        case CONST_FALSE: return "False";
        case CONST_ELLIPSIS: return "ellipsis";
        default: return "literal";
        }
    case E_COMPARE: return "comparison";
    case E_IFEXP: return "conditional expression";
    case E_NAMEDEXPR: return "named expression";
    default: return "expression";
    }
}

/* ---- targets ---------------------------------------------------------- */

enum { TGT_STAR, TGT_DEL, TGT_FOR };

/* CPython's _PyPegen_get_invalid_target: the first sub-expression that
 * makes e an invalid assignment/deletion target, or NULL. */
static Expr *invalid_target(Expr *e, int type) {
    if (!e) return NULL;
    switch (e->kind) {
    case E_LIST:
    case E_TUPLE:
        for (int i = 0; i < e->u.seq.elts.n; i++) {
            Expr *c = invalid_target(e->u.seq.elts.items[i], type);
            if (c) return c;
        }
        return NULL;
    case E_STARRED:
        if (type == TGT_DEL) return e;
        return invalid_target(e->u.starred.value, type);
    case E_COMPARE:
        /* `for a in b` parsed as an expression is a comparison */
        if (type == TGT_FOR) {
            if (e->u.compare.ops[0] == AST_CMP_IN)
                return invalid_target(e->u.compare.left, type);
            return NULL;
        }
        return e;
    case E_NAME:
    case E_SUBSCRIPT:
    case E_ATTRIBUTE:
        return NULL;
    default:
        return e;
    }
}

/* RAISE_SYNTAX_ERROR_INVALID_TARGET; returns if nothing is invalid. */
static void raise_invalid_target(P *p, int type, Expr *e) {
    Expr *bad = invalid_target(e, type);
    if (!bad) return;
    const char *fmt = type == TGT_DEL ? "cannot delete %s" : "cannot assign to %s";
    raise_node(p, &bad->pos, pformat(fmt, expr_name(bad)));
}

static int valid_star_target(const Expr *e) {
    switch (e->kind) {
    case E_NAME: case E_ATTRIBUTE: case E_SUBSCRIPT: return 1;
    case E_STARRED:
        return e->u.starred.value->kind != E_STARRED && valid_star_target(e->u.starred.value);
    case E_TUPLE: case E_LIST:
        for (int i = 0; i < e->u.seq.elts.n; i++)
            if (!valid_star_target(e->u.seq.elts.items[i])) return 0;
        return 1;
    default: return 0;
    }
}

static int valid_del_target(const Expr *e) {
    switch (e->kind) {
    case E_NAME: case E_ATTRIBUTE: case E_SUBSCRIPT: return 1;
    case E_TUPLE: case E_LIST:
        for (int i = 0; i < e->u.seq.elts.n; i++)
            if (!valid_del_target(e->u.seq.elts.items[i])) return 0;
        return 1;
    default: return 0;
    }
}

static void set_ctx(Expr *e, ExprCtx ctx) {
    switch (e->kind) {
    case E_NAME: e->u.name.ctx = ctx; break;
    case E_ATTRIBUTE: e->u.attribute.ctx = ctx; break;
    case E_SUBSCRIPT: e->u.subscript.ctx = ctx; break;
    case E_STARRED:
        e->u.starred.ctx = ctx;
        set_ctx(e->u.starred.value, ctx);
        break;
    case E_TUPLE: case E_LIST:
        e->u.seq.ctx = ctx;
        for (int i = 0; i < e->u.seq.elts.n; i++) set_ctx(e->u.seq.elts.items[i], ctx);
        break;
    default: break;
    }
}

/* ---- numbers ---------------------------------------------------------- */

static Expr *parse_number(P *p, Token *t) {
    const char *s = p->lx->src + t->off;
    int n = t->len;
    if (p->feature_version < 6 && memchr(s, '_', (size_t)n))
        raise_tok(p, t, "Underscores in numeric literals are only supported in Python 3.6 and greater");
    char *buf = gc_alloc_atomic((size_t)n + 1);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (s[i] != '_') buf[k++] = s[i];
    buf[k] = 0;
    SrcPos pos = tok_pos(t);
    char last = buf[k - 1];
    if (last == 'j' || last == 'J') {
        buf[k - 1] = 0;
        Expr *e = new_const(p, CONST_IMAG, pos);
        e->u.constant.f = numfmt_strtod_c(buf, NULL);
        return e;
    }
    int is_float = 0;
    if (!(k > 1 && buf[0] == '0' && strchr("xXoObB", buf[1]))) {
        for (int i = 0; i < k; i++)
            if (buf[i] == '.' || buf[i] == 'e' || buf[i] == 'E') is_float = 1;
    }
    if (is_float) {
        Expr *e = new_const(p, CONST_FLOAT, pos);
        e->u.constant.f = numfmt_strtod_c(buf, NULL);
        return e;
    }
    int base = 10;
    const char *digits = buf;
    if (k > 1 && buf[0] == '0') {
        if (buf[1] == 'x' || buf[1] == 'X') { base = 16; digits = buf + 2; }
        else if (buf[1] == 'o' || buf[1] == 'O') { base = 8; digits = buf + 2; }
        else if (buf[1] == 'b' || buf[1] == 'B') { base = 2; digits = buf + 2; }
    }
    /* fast path: accumulate while it fits */
    uint64_t v = 0;
    int overflow = 0;
    for (const char *c = digits; *c; c++) {
        int d = *c <= '9' ? *c - '0' : (*c | 0x20) - 'a' + 10;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) { overflow = 1; break; }
        v = v * (uint64_t)base + (uint64_t)d;
    }
    if (!overflow && v <= (uint64_t)INT64_MAX) {
        Expr *e = new_const(p, CONST_INT, pos);
        e->u.constant.i = (int64_t)v;
        return e;
    }
    Expr *e = new_const(p, CONST_BIGINT, pos);
    if (base == 10) {
        /* strip leading zeros ("00" never reaches here) */
        while (digits[0] == '0' && digits[1]) digits++;
        e->u.constant.str = pstrndup(digits, strlen(digits));
    } else {
        mpz_t z;
        mpz_init(z);
        mpz_set_str(z, digits, base);
        char *d = mpz_get_str(NULL, 10, z);
        e->u.constant.str = pstrndup(d, strlen(d));
        mpz_clear(z);
    }
    e->u.constant.len = strlen(e->u.constant.str);
    return e;
}

/* ---- string literals ------------------------------------------------ */

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static void put_cp(Buf *b, uint32_t cp) {
    char u[4];
    int n = lex_utf8_encode(cp, u);
    buf_put(b, u, (size_t)n);
}

static _Noreturn void unicode_error(P *p, int start, int end, const char *reason) {
    const char *m;
    if (end - start <= 1)
        m = pformat("(unicode error) 'unicodeescape' codec can't decode byte 0x5c in position %d: %s",
                    start, reason);
    else
        m = pformat("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: %s",
                    start, end - 1, reason);
    raise_last(p, m);
}

/* CPython 3.11's DeprecationWarning for the first invalid escape of a
 * string literal (an unknown letter, or an octal value above 0o377); as an
 * error it is a SyntaxError on the string's token. esc points at the
 * backslash. */
static void warn_escape(P *p, const char *esc, int n) {
    if (!front_warn_hook || !p->str_tok) return;
    const char *msg = esc[1] >= '0' && esc[1] <= '7'
                          ? pformat("invalid octal escape sequence '\\%.*s'", n < 4 ? n - 1 : 3, esc + 1)
                          : pformat("invalid escape sequence '\\%c'", esc[1]);
    if (front_warn_hook(FRONT_DEPRECATION_WARNING, msg, p->filename, p->str_tok->lineno)) raise_tok(p, p->str_tok, msg);
}

/* Decode the escapes of a str literal body s[0..n) into b. Positions in
 * error messages are those CPython reports: it first rewrites every
 * non-ASCII character as a 10-byte \U escape, so we count them that way. */
/* A string literal's text when the source holds bytes that are not UTF-8
 * (compile() of undeclared bytes): CPython decodes the whole text (whole:
 * raw, or no backslash) or each run of non-ASCII bytes, and reports the
 * decoder's error at the last token. */
static void check_literal_utf8(P *p, const char *s, int n, int whole) {
    if (!p->bad_utf8) return;
    int at;
    if (whole) {
        const char *msg = lex_utf8_error(s, n, &at);
        if (msg) raise_last(p, msg);
        return;
    }
    for (int i = 0; i < n;) {
        if (!((unsigned char)s[i] & 0x80)) {
            i++;
            continue;
        }
        int j = i;
        while (j < n && ((unsigned char)s[j] & 0x80)) j++;
        const char *msg = lex_utf8_error(s + i, j - i, &at);
        if (msg) raise_last(p, msg);
        i = j;
    }
}

static void decode_str(P *p, const char *s, int n, Buf *b) {
    int i = 0, vpos = 0;
    const char *bad = NULL;   /* the first invalid escape */
    int badlen = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c != '\\') {
            if (c < 0x80) {
                buf_putc(b, (char)c);
                i++;
                vpos++;
            } else {
                uint32_t cp;
                int k = lex_utf8_decode((const unsigned char *)s + i, n - i, &cp, 1);
                if (k < 0) k = 1;
                buf_put(b, s + i, (size_t)k);
                i += k;
                vpos += 10;
            }
            continue;
        }
        int start = vpos, start_byte = i;
        i++;
        vpos++;
        if (i >= n) {        /* a lone trailing backslash stays */
            buf_putc(b, '\\');
            break;
        }
        c = (unsigned char)s[i];
        if (c >= 0x80) {     /* backslash before a non-ASCII char stays */
            buf_putc(b, '\\');
            vpos += 5;
            continue;
        }
        i++;
        vpos++;
        switch (c) {
        case '\n': break;
        case '\\': buf_putc(b, '\\'); break;
        case '\'': buf_putc(b, '\''); break;
        case '"': buf_putc(b, '"'); break;
        case 'a': buf_putc(b, '\a'); break;
        case 'b': buf_putc(b, '\b'); break;
        case 'f': buf_putc(b, '\f'); break;
        case 'n': buf_putc(b, '\n'); break;
        case 'r': buf_putc(b, '\r'); break;
        case 't': buf_putc(b, '\t'); break;
        case 'v': buf_putc(b, '\v'); break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
            uint32_t v = (uint32_t)(c - '0');
            for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; k++) {
                v = v * 8 + (uint32_t)(s[i] - '0');
                i++;
                vpos++;
            }
            if (v > 0377 && !bad) {
                bad = s + start_byte;
                badlen = i - start_byte;
            }
            put_cp(b, v);
            break;
        }
        case 'x': case 'u': case 'U': {
            int want = c == 'x' ? 2 : c == 'u' ? 4 : 8;
            uint32_t v = 0;
            int k;
            for (k = 0; k < want && i < n && hexval((unsigned char)s[i]) >= 0; k++) {
                v = v * 16 + (uint32_t)hexval((unsigned char)s[i]);
                i++;
                vpos++;
            }
            if (k < want)
                unicode_error(p, start, vpos, c == 'x' ? "truncated \\xXX escape"
                                              : c == 'u' ? "truncated \\uXXXX escape"
                                                         : "truncated \\UXXXXXXXX escape");
            if (v > 0x10FFFF) unicode_error(p, start, vpos, "illegal Unicode character");
            put_cp(b, v);
            break;
        }
        case 'N': {
            /* CPython's UnicodeError (not a decoding error), before the
               escape is even looked at */
            if (front_ucnhash_hook && front_ucnhash_hook())
                raise_last(p, "(unicode error) \\N escapes not supported (can't load unicodedata module)");
            if (i < n && s[i] == '{') {
                int nstart = i + 1, j = nstart;
                int vj = vpos + 1;
                while (j < n && s[j] != '}') {
                    vj += ((unsigned char)s[j] >= 0x80) ? (((unsigned char)s[j] & 0xC0) == 0x80 ? 0 : 10) : 1;
                    j++;
                }
                if (j < n && j > nstart) {
                    uint32_t cp;
                    if (lex_lookup_name(s + nstart, j - nstart, &cp)) {
                        put_cp(b, cp);
                        vpos = vj + 1;
                        i = j + 1;
                        break;
                    }
                    unicode_error(p, start, vj + 1, "unknown Unicode character name");
                }
                unicode_error(p, start, vj, "malformed \\N character escape");
            }
            unicode_error(p, start, vpos, "malformed \\N character escape");
        }
        default:
            /* unknown escapes stay as they are (CPython only warns) */
            if (!bad) {
                bad = s + start_byte;
                badlen = 2;
            }
            buf_putc(b, '\\');
            buf_putc(b, (char)c);
            break;
        }
    }
    if (bad) warn_escape(p, bad, badlen);
}

/* Decode a bytes literal body (ASCII only, checked by the caller). */
static void decode_bytes(P *p, const char *s, int n, Buf *b) {
    int i = 0;
    const char *bad = NULL;   /* the first invalid escape */
    int badlen = 0;
    while (i < n) {
        char c = s[i];
        if (c != '\\') {
            buf_putc(b, c);
            i++;
            continue;
        }
        int start = i;
        i++;
        if (i >= n) {
            buf_putc(b, '\\');
            break;
        }
        c = s[i++];
        switch (c) {
        case '\n': break;
        case '\\': buf_putc(b, '\\'); break;
        case '\'': buf_putc(b, '\''); break;
        case '"': buf_putc(b, '"'); break;
        case 'a': buf_putc(b, '\a'); break;
        case 'b': buf_putc(b, '\b'); break;
        case 'f': buf_putc(b, '\f'); break;
        case 'n': buf_putc(b, '\n'); break;
        case 'r': buf_putc(b, '\r'); break;
        case 't': buf_putc(b, '\t'); break;
        case 'v': buf_putc(b, '\v'); break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
            unsigned v = (unsigned)(c - '0');
            for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; k++)
                v = v * 8 + (unsigned)(s[i++] - '0');
            if (v > 0377 && !bad) {
                bad = s + start;
                badlen = i - start;
            }
            buf_putc(b, (char)(v & 0xFF));
            break;
        }
        case 'x': {
            if (i + 1 < n && hexval((unsigned char)s[i]) >= 0 && hexval((unsigned char)s[i + 1]) >= 0) {
                buf_putc(b, (char)(hexval((unsigned char)s[i]) * 16 + hexval((unsigned char)s[i + 1])));
                i += 2;
                break;
            }
            raise_last(p, pformat("(value error) invalid \\x escape at position %d", start));
        }
        default:
            if (!bad) {
                bad = s + start;
                badlen = 2;
            }
            buf_putc(b, '\\');
            buf_putc(b, c);
            break;
        }
    }
    if (bad) warn_escape(p, bad, badlen);
}

/* The parts of a string token: prefix flags and the body between quotes. */
typedef struct StrTok {
    int bytes, raw, fmt, u;
    int body, body_len;     /* byte offset and length of the body */
} StrTok;

static void split_string(P *p, const Token *t, StrTok *st) {
    const char *s = p->lx->src + t->off;
    int i = 0;
    memset(st, 0, sizeof *st);
    st->u = s[0] == 'u';
    for (;; i++) {
        char c = s[i];
        if (c == 'b' || c == 'B') st->bytes = 1;
        else if (c == 'r' || c == 'R') st->raw = 1;
        else if (c == 'f' || c == 'F') st->fmt = 1;
        else if (c == 'u' || c == 'U') {}
        else break;
    }
    char q = s[i];
    int qs = (t->len - i >= 6 && s[i + 1] == q && s[i + 2] == q) ? 3 : 1;
    st->body = t->off + i + qs;
    st->body_len = t->len - i - 2 * qs;
}

/* ---- forward declarations ------------------------------------------ */

static Expr *expression(P *p);
static Expr *named_expression(P *p);
static Expr *star_expressions(P *p);
static Expr *star_expression(P *p);
static Expr *star_named_expression(P *p);
static Expr *disjunction(P *p);
static Expr *bitwise_or(P *p);
static Expr *primary(P *p);
static Expr *atom(P *p);
static Expr *yield_expr(P *p);
static Expr *lambdef(P *p);
static Expr *fstring_compile(P *p, int start, int end);

static int can_start_expr(int k) {
    switch (k) {
    case T_NAME: case T_NUMBER: case T_STRING: case T_LPAR: case T_LSQB:
    case T_LBRACE: case T_MINUS: case T_PLUS: case T_TILDE: case K_NOT:
    case K_LAMBDA: case K_AWAIT: case K_NONE: case K_TRUE: case K_FALSE:
    case T_ELLIPSIS:
        return 1;
    default:
        return 0;
    }
}

/* ---- f-strings ------------------------------------------------------- */

/* Literal text and values of a (possibly implicitly concatenated) string,
 * as CPython's FstringParser: literal pieces accumulate in `last` until an
 * expression needs them turned into a Constant. */
typedef struct FState {
    Buf last;
    int mark;        /* scratch-stack mark of the values */
    int fmode;       /* an f-string was seen: the result is a JoinedStr */
} FState;

static void fs_init(P *p, FState *st) {
    buf_init(&st->last, 16);
    st->mark = p->sc_n;
    st->fmode = 0;
}

static Expr *make_str(P *p, FState *st, const Token *first, const Token *last) {
    SrcPos pos = {first->lineno, first->col, last->end_lineno, last->end_col};
    Expr *e = new_const(p, CONST_STR, pos);
    e->u.constant.str = pstrndup(st->last.data, st->last.len);
    e->u.constant.len = st->last.len;
    e->u.constant.kind_u = p->lx->src[first->off] == 'u';
    st->last.len = 0;
    st->last.data[0] = 0;
    return e;
}

static void fs_flush(P *p, FState *st, const Token *first, const Token *last) {
    if (st->last.len) sc_push(p, make_str(p, st, first, last));
}

static Expr *fs_finish(P *p, FState *st, const Token *first, const Token *last) {
    if (!st->fmode) return make_str(p, st, first, last);
    fs_flush(p, st, first, last);
    SrcPos pos = {first->lineno, first->col, last->end_lineno, last->end_col};
    Expr *e = new_expr(p, E_JOINEDSTR, pos);
    e->u.joined.values = sc_exprs(p, st->mark);
    return e;
}

static void fs_literal(P *p, FState *st, int start, int end, int raw) {
    if (end <= start) return;
    check_literal_utf8(p, p->lx->src + start, end - start, raw);
    if (raw) buf_put(&st->last, p->lx->src + start, (size_t)(end - start));
    else decode_str(p, p->lx->src + start, end - start, &st->last);
}

static void fstring_concat(P *p, FState *st, int *pos, int end, int raw, int lvl,
                           Token *first, Token *t, Token *lastt);

/* One replacement field starting at the '{' at *pos. */
static Expr *fstring_field(P *p, FState *st, int *pos, int end, int raw, int lvl,
                           Token *first, Token *t, Token *lastt) {
    const char *src = p->lx->src;
    if (lvl >= 2) raise_last(p, "f-string: expressions nested too deeply");
    int s = *pos + 1;
    int expr_start = s;
    char quote = 0;
    int string_type = 0, depth = 0;
    char stack[200];
    for (; s < end; s++) {
        char ch = src[s];
        if (ch == '\\') raise_last(p, "f-string expression part cannot include a backslash");
        if (quote) {
            if (ch == quote) {
                if (string_type == 3) {
                    if (s + 2 < end && src[s + 1] == ch && src[s + 2] == ch) {
                        s += 2;
                        string_type = 0;
                        quote = 0;
                    }
                } else {
                    string_type = 0;
                    quote = 0;
                }
            }
            continue;
        }
        if (ch == '\'' || ch == '"') {
            if (s + 2 < end && src[s + 1] == ch && src[s + 2] == ch) {
                string_type = 3;
                s += 2;
            } else {
                string_type = 1;
            }
            quote = ch;
        } else if (ch == '[' || ch == '{' || ch == '(') {
            if (depth >= 200) raise_last(p, "f-string: too many nested parenthesis");
            stack[depth++] = ch;
        } else if (ch == '#') {
            raise_last(p, "f-string expression part cannot include '#'");
        } else if (depth == 0 && (ch == '!' || ch == ':' || ch == '}' || ch == '=' ||
                                  ch == '>' || ch == '<')) {
            if (s + 1 < end) {
                char nx = src[s + 1];
                if ((ch == '!' && nx == '=') || (ch == '=' && nx == '=') ||
                    (ch == '<' && nx == '=') || (ch == '>' && nx == '=')) {
                    s++;
                    continue;
                }
            }
            if (ch == '>' || ch == '<') continue;
            break;
        } else if (ch == ']' || ch == '}' || ch == ')') {
            if (!depth) raise_last(p, pformat("f-string: unmatched '%c'", ch));
            char open = stack[--depth];
            if (!((open == '(' && ch == ')') || (open == '[' && ch == ']') ||
                  (open == '{' && ch == '}')))
                raise_last(p, pformat("f-string: closing parenthesis '%c' does not match "
                                      "opening parenthesis '%c'", ch, open));
        }
    }
    int expr_end = s;
    if (quote) raise_last(p, "f-string: unterminated string");
    if (depth) raise_last(p, pformat("f-string: unmatched '%c'", stack[depth - 1]));
    if (s >= end) raise_last(p, "f-string: expecting '}'");

    int k;
    for (k = expr_start; k < expr_end; k++) {
        char c = src[k];
        if (!(c == ' ' || c == '\t' || c == '\n' || c == '\f')) break;
    }
    if (k == expr_end) {
        char c = src[expr_end];
        if (c == '!' || c == ':' || c == '=')
            raise_last(p, pformat("f-string: expression required before '%c'", c));
        raise_last(p, "f-string: empty expression not allowed");
    }
    Expr *value = fstring_compile(p, expr_start, expr_end);

    int has_text = 0;
    if (src[s] == '=') {
        if (p->feature_version < 8)
            raise_last(p, "f-string: self documenting expressions are only supported in Python 3.8 and greater");
        s++;
        while (s < end && (src[s] == ' ' || src[s] == '\t' || src[s] == '\n' ||
                           src[s] == '\r' || src[s] == '\f' || src[s] == '\v'))
            s++;
        if (s >= end) raise_last(p, "f-string: expecting '}'");
        /* the expression text, "=" and spaces become literal text */
        buf_put(&st->last, src + expr_start, (size_t)(s - expr_start));
        has_text = 1;
    }
    int conversion = -1;
    if (src[s] == '!') {
        s++;
        if (s >= end) raise_last(p, "f-string: expecting '}'");
        conversion = (unsigned char)src[s];
        s++;
        if (!(conversion == 's' || conversion == 'r' || conversion == 'a'))
            raise_last(p, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
    }
    Expr *spec = NULL;
    if (s < end && src[s] == ':') {
        s++;
        if (s >= end) raise_last(p, "f-string: expecting '}'");
        FState sub;
        fs_init(p, &sub);
        sub.fmode = 1;
        fstring_concat(p, &sub, &s, end, raw, lvl + 1, first, t, lastt);
        spec = fs_finish(p, &sub, t, t);
    }
    if (s >= end || src[s] != '}') raise_last(p, "f-string: expecting '}'");
    s++;
    if (has_text && !spec && conversion == -1) conversion = 'r';
    SrcPos fpos = {first->lineno, first->col, lastt->end_lineno, lastt->end_col};
    Expr *fv = new_expr(p, E_FORMATTEDVALUE, fpos);
    fv->u.formatted.value = value;
    fv->u.formatted.conversion = conversion;
    fv->u.formatted.format_spec = spec;
    *pos = s;
    return fv;
}

/* Parse f-string text from *pos to end (the body, or a format spec when
 * lvl > 0, which stops at its closing '}'). */
static void fstring_concat(P *p, FState *st, int *pos, int end, int raw, int lvl,
                           Token *first, Token *t, Token *lastt) {
    const char *src = p->lx->src;
    p->str_tok = t;
    st->fmode = 1;
    for (;;) {
        int lit = *pos, s = *pos, lit_end, doubled = 0;
        while (s < end) {
            char ch = src[s++];
            if (!raw && ch == '\\' && s < end) {
                ch = src[s++];
                if (ch == 'N') {
                    if (s < end && src[s++] == '{')
                        while (s < end && src[s++] != '}') {}
                    continue;
                }
                /* the backslash stays literal and the brace opens a field;
                   CPython warns of the escape '\{' all the same */
                if (ch == '{') warn_escape(p, src + s - 2, 2);
            }
            if (ch == '{' || ch == '}') {
                if (lvl == 0) {
                    if (s < end && src[s] == ch) {
                        doubled = 1;
                        break;
                    }
                    if (ch == '}') {
                        *pos = s - 1;
                        raise_last(p, "f-string: single '}' is not allowed");
                    }
                }
                s--;
                break;
            }
        }
        lit_end = s;
        *pos = doubled ? s + 1 : s;
        fs_literal(p, st, lit, lit_end, raw);
        if (doubled) continue;
        if (*pos >= end || src[*pos] == '}') break;
        Expr *fv = fstring_field(p, st, pos, end, raw, lvl, first, t, lastt);
        /* a literal before a field spans the whole string, even inside
         * a format spec (unlike the spec's trailing literal) */
        fs_flush(p, st, first, lastt);
        sc_push(p, fv);
    }
    if (lvl != 0 && (*pos >= end || src[*pos] != '}'))
        raise_last(p, "f-string: expecting '}'");
}

/* Parse the expression of a replacement field, src[start..end). CPython
 * compiles "(" + text + ")" with a parser of its own; we lex the text in
 * place, add the two brackets as tokens (at the '{' and at the character
 * after the text) and parse an atom. */
static Expr *fstring_compile(P *p, int start, int end) {
    Lexer *sub = gc_alloc(sizeof(Lexer));
    lex_fstring_expr(sub, p->lx, start, end);
    int n = sub->ntoks;
    Token *toks = gc_alloc_atomic(sizeof(Token) * (size_t)(n + 3));
    Token *lp = &toks[0];
    memset(lp, 0, sizeof *lp);
    lp->kind = T_LPAR;
    lp->off = start - 1;
    lp->len = 1;
    lp->lineno = lp->end_lineno = lex_line_of(p->lx, start - 1);
    lp->col = start - 1 - p->lx->line_off[lp->lineno];
    lp->end_col = lp->col + 1;
    lp->ws_col = lp->col;
    lp->level = 1;
    int k = 1;
    for (int i = 0; i < n; i++) {
        if (sub->toks[i].kind == T_ENDMARKER) break;
        toks[k++] = sub->toks[i];
    }
    Token *rp = &toks[k++];
    memset(rp, 0, sizeof *rp);
    rp->kind = T_RPAR;
    rp->off = end;
    rp->len = 1;
    rp->lineno = rp->end_lineno = lex_line_of(p->lx, end);
    rp->col = end - p->lx->line_off[rp->lineno];
    rp->end_col = rp->col + 1;
    rp->ws_col = rp->col;
    Token *em = &toks[k++];
    *em = *rp;
    em->kind = T_ENDMARKER;
    em->len = 0;
    em->col = em->end_col = -1;
    em->ws_col = -1;
    em->at_eof = 1;
    if (sub->has_error) {
        /* the tokenizer stopped early: CPython reports it against the
         * "(" expr ")" text it tokenized */
        if (p->speculating) jump(p, ERR_SPECIFIC);
        LexError *le = &sub->err;
        int line = lex_line_of(p->lx, start);
        /* columns count from the "(" on the '{' line, and are the line's
           own on the lines after it; the text is the error's line of
           "(" expr ")" without its newline */
        int before = le->lineno == line ? lex_chars_in_line(p->lx, line, start - 1 - p->lx->line_off[line]) : 0;
        size_t n2 = (size_t)(end - start);
        char *wrapped = gc_alloc_atomic(n2 + 3);
        wrapped[0] = '(';
        memcpy(wrapped + 1, p->lx->src + start, n2);
        wrapped[n2 + 1] = ')';
        wrapped[n2 + 2] = 0;
        char *text = wrapped;
        for (int l = line; l < le->lineno; l++) {
            char *nl = strchr(text, '\n');
            if (!nl) break;
            text = nl + 1;
        }
        p->e.kind = le->kind;
        p->e.msg = le->msg;
        p->e.lineno = le->lineno;
        p->e.end_lineno = le->end_lineno;
        p->e.offset = p->e.file_offset = le->offset - before;
        p->e.end_offset = p->e.file_end_offset = le->end_offset - before;
        p->e.text = pstrndup(text, strcspn(text, "\n"));
        jump(p, ERR_SPECIFIC);
    }

    P sp;
    memset(&sp, 0, sizeof sp);
    sp.lx = p->lx;
    sp.toks = toks;
    sp.ntoks = k;
    sp.mode = PARSE_EVAL;
    sp.outer = p;
    sp.fs_start = start;
    sp.fs_end = end;
    sp.depth = p->depth;
    sp.filename = p->filename;
    sp.feature_version = p->feature_version;
    sp.speculating = p->speculating;
    jmp_buf jb;
    sp.jb = &jb;
    Expr *volatile r = NULL;
    if (setjmp(jb) == 0) {
        r = atom(&sp);
        if (peek_kind(&sp) != T_ENDMARKER) fail(&sp);
        return r;
    }
    /* an error inside the expression: report it from the outer parser */
    if (p->speculating) jump(p, ERR_SPECIFIC);
    if (sp.err_code == ERR_GENERIC) {
        sp.err_code = ERR_NONE;
        jmp_buf jb2;
        sp.jb = &jb2;
        if (setjmp(jb2) == 0) {
            Token *t = &sp.toks[sp.maxpos];
            if (t->kind == T_ENDMARKER) t = &sp.toks[sp.maxpos > 0 ? sp.maxpos - 1 : 0];
            raise_loc(&sp, "SyntaxError", t->lineno, t->col + 1, t->end_lineno, t->end_col + 1,
                      "invalid syntax");
        }
    }
    /* raise_loc filled p's fields through sp.outer; an error in an f-string
       nested in this expression reached sp's only */
    p->e = sp.e;
    jump(p, ERR_SPECIFIC);
}

/* ---- strings atom ------------------------------------------------------ */

static Expr *strings(P *p) {
    p->pass1++;   /* errors in literals come from CPython's first pass */
    int first_i = p->pos;
    Token *first = next(p);
    while (peek_kind(p) == T_STRING) next(p);
    int last_i = p->pos - 1;
    Token *lastt = &p->toks[last_i];
    FState st;
    fs_init(p, &st);
    int bytesmode = 0;
    Buf bytes;
    buf_init(&bytes, 16);
    for (int i = first_i; i <= last_i; i++) {
        Token *t = &p->toks[i];
        StrTok s;
        split_string(p, t, &s);
        if (s.fmt && p->feature_version < 6) raise_last(p, "Format strings are only supported in Python 3.6 and greater");
        const char *body = p->lx->src + s.body;
        if (s.bytes) {
            for (int k = 0; k < t->len; k++)
                if ((unsigned char)p->lx->src[t->off + k] >= 0x80)
                    raise_tok(p, t, "bytes can only contain ASCII literal characters");
        }
        Buf piece;
        int have_piece = 0;
        if (!s.fmt) {
            buf_init(&piece, (size_t)s.body_len + 1);
            have_piece = 1;
            p->str_tok = t;
            if (!s.bytes)
                check_literal_utf8(p, body, s.body_len, s.raw || !memchr(body, '\\', (size_t)s.body_len));
            if (s.raw) buf_put(&piece, body, (size_t)s.body_len);
            else if (s.bytes) decode_bytes(p, body, s.body_len, &piece);
            else decode_str(p, body, s.body_len, &piece);
        }
        if (i != first_i && bytesmode != s.bytes)
            raise_last(p, "cannot mix bytes and nonbytes literals");
        bytesmode = s.bytes;
        if (s.fmt) {
            int pos = s.body;
            fstring_concat(p, &st, &pos, s.body + s.body_len, s.raw, 0, first, t, lastt);
        } else if (bytesmode) {
            buf_put(&bytes, piece.data, piece.len);
        } else if (have_piece && piece.len) {
            buf_put(&st.last, piece.data, piece.len);
        }
    }
    if (bytesmode) {
        SrcPos pos = {first->lineno, first->col, lastt->end_lineno, lastt->end_col};
        Expr *e = new_const(p, CONST_BYTES, pos);
        e->u.constant.str = pstrndup(bytes.data, bytes.len);
        e->u.constant.len = bytes.len;
        p->pass1--;
        return e;
    }
    Expr *r = fs_finish(p, &st, first, lastt);
    p->pass1--;
    return r;
}

/* ---- expressions ------------------------------------------------------ */

#define TIDX(t) ((int)((t) - p->toks))

typedef struct Vec { void **a; int n, cap; } Vec;

static void vec_push(P *p, Vec *v, void *x) {
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 4;
        void **a = palloc(p, sizeof(void *) * (size_t)cap);
        if (v->n) memcpy(a, v->a, sizeof(void *) * (size_t)v->n);
        v->a = a;
        v->cap = cap;
    }
    v->a[v->n++] = x;
}

/* Like try_parse, but with the invalid_* checks on, as inside CPython's
 * second pass: a specific error found on the way is raised; a plain
 * failure restores the state and returns NULL. The furthest-token mark
 * is restored either way. */
static void *try_invalid(P *p, ParseFn fn, void *arg) {
    Saved s;
    save(p, &s);
    jmp_buf jb;
    void *volatile r = NULL;
    p->jb = &jb;
    if (setjmp(jb) == 0) {
        r = fn(p, arg);
        p->jb = s.jb;
        p->maxpos = s.maxpos;
        return r;
    }
    if (p->err_code == ERR_GENERIC || p->speculating) {
        int code = p->err_code;
        restore(p, &s);
        if (p->speculating && code != ERR_GENERIC) jump(p, code);
        return NULL;
    }
    p->jb = s.jb;
    longjmp(*p->jb, 1);
}

/* PEG backtracking of CPython's first pass: run fn; if it fails without a
 * specific error, undo it and return NULL (the furthest-token mark keeps
 * what fn looked at). Specific errors go on up. Used where a failing part
 * (a call's arguments, a binary operator's right operand) makes CPython
 * fall back on the shorter expression before it, which decides which of
 * its error rules can match afterwards. */
static void *try_pass1(P *p, ParseFn fn, void *arg) {
    Saved s;
    save(p, &s);
    jmp_buf jb;
    void *volatile r = NULL;
    p->jb = &jb;
    if (setjmp(jb) == 0) {
        r = fn(p, arg);
        p->jb = s.jb;
        return r;
    }
    if (p->err_code == ERR_GENERIC) {
        int maxpos = p->maxpos;
        restore(p, &s);
        if (maxpos > p->maxpos) p->maxpos = maxpos;
        return NULL;
    }
    p->jb = s.jb;
    longjmp(*p->jb, 1);
}

static void *fn_expression(P *p, void *a) { (void)a; return expression(p); }
static void *fn_star_expressions(P *p, void *a) { (void)a; return star_expressions(p); }
static void *fn_bitwise_or(P *p, void *a) { (void)a; return bitwise_or(p); }
static void *fn_atom(P *p, void *a) { (void)a; return atom(p); }

/* CPython's SOFT_KEYWORD test compares only the token's length of each
 * soft keyword, so any prefix ("m", "ca"...) counts as one. */
static int is_soft_keyword(P *p, const Token *t) {
    static const char *const kw[] = {"_", "case", "match"};
    if (t->kind != T_NAME) return 0;
    for (int i = 0; i < 3; i++)
        if ((size_t)t->len <= strlen(kw[i]) &&
            memcmp(p->lx->src + t->off, kw[i], (size_t)t->len) == 0)
            return 1;
    return 0;
}

static int same_start(const SrcPos *a, const Token *t) {
    return a->lineno == t->lineno && a->col_offset == t->col;
}

/* invalid_expression / invalid_legacy_expression: the disjunction `a`,
 * which began at `start`, is directly followed by something that starts
 * another expression. */
static void check_juxtaposed(P *p, Token *start, Expr *a) {
    if (!can_start_expr(peek_kind(p))) return;
    if (a->kind == E_NAME && (!strcmp(a->u.name.id, "print") || !strcmp(a->u.name.id, "exec"))) {
        if (start->kind == T_NAME && a->pos.end_col_offset == start->end_col &&
            a->pos.end_lineno == start->end_lineno && peek_kind(p) != T_LPAR) {
            int pos = p->pos;
            Token *last = p->last;
            Expr *b = try_invalid(p, fn_star_expressions, NULL);
            if (b)
                raise_range(p, &a->pos, &b->pos,
                            pformat("Missing parentheses in call to '%s'. Did you mean %s(...)?",
                                    a->u.name.id, a->u.name.id));
            p->pos = pos;
            p->last = last;
        }
        return;
    }
    if (start->kind == T_NAME &&
        (is_soft_keyword(p, start) || p->toks[TIDX(start) + 1].kind == T_STRING))
        return;
    /* b is CPython's expression_without_invalid: no error rules at all */
    int pos = p->pos;
    Token *last = p->last;
    Expr *b = try_parse(p, fn_expression, NULL, 0);
    if (!b) return;
    if (p->toks[p->pos - 1].level == 0) {
        p->pos = pos;
        p->last = last;
        return;
    }
    raise_range(p, &a->pos, &b->pos, "invalid syntax. Perhaps you forgot a comma?");
}

static void *fn_if_test(P *p, void *arg) {
    (void)arg;
    next(p);
    return disjunction(p);
}

static Expr *expression(P *p) {
    Token *start = peek(p);
    if (start->kind == K_LAMBDA) return lambdef(p);
    enter(p);
    Expr *a = disjunction(p);
    int pos = p->pos;
    Token *last = p->last;
    Expr *b = peek_kind(p) == K_IF ? try_pass1(p, fn_if_test, NULL) : NULL;
    if (b && peek_kind(p) == K_ELSE) {
        next(p);
        Expr *c = expression(p);
        Expr *e = new_expr(p, E_IFEXP, span(p, start));
        e->u.ifexp.test = b;
        e->u.ifexp.body = a;
        e->u.ifexp.orelse = c;
        a = e;
    } else if (b) {
        if (!p->no_invalid && peek_kind(p) != T_COLON)
            raise_range(p, &a->pos, &b->pos, "expected 'else' after 'if' expression");
        /* as CPython, go on with the disjunction alone */
        p->pos = pos;
        p->last = last;
    } else if (!p->no_invalid) {
        check_juxtaposed(p, start, a);
    }
    if (p->pass2 && !p->no_invalid && start->kind == T_NAME &&
        p->toks[TIDX(start) + 1].kind != T_LPAR) {
        /* invalid_legacy_expression: NAME !'(' star_expressions, which
         * CPython's second pass tries on every such expression; errors in
         * those star_expressions are raised */
        int here = p->pos, maxpos = p->maxpos;
        Token *here_last = p->last;
        p->pos = TIDX(start) + 1;
        Expr *b2 = try_invalid(p, fn_star_expressions, NULL);
        if (b2 && a->kind == E_NAME &&
            (!strcmp(a->u.name.id, "print") || !strcmp(a->u.name.id, "exec")) &&
            same_start(&a->pos, start) && a->pos.end_col_offset == start->end_col)
            raise_range(p, &a->pos, &b2->pos,
                        pformat("Missing parentheses in call to '%s'. Did you mean %s(...)?",
                                a->u.name.id, a->u.name.id));
        p->pos = here;
        p->last = here_last;
        p->maxpos = maxpos;
    }
    leave(p);
    return a;
}

/* The expression starting at `start` is a parenthesized group. */
static int is_group(const Token *start, const Expr *a) {
    return start->kind == T_LPAR && !same_start(&a->pos, start);
}

/* Could `a` (starting at token start) be a bitwise_or? */
static int is_bitwise_or(const Token *start, const Expr *a) {
    if (is_group(start, a)) return 1;
    switch (a->kind) {
    case E_BOOLOP: case E_COMPARE: case E_IFEXP: case E_LAMBDA:
    case E_NAMEDEXPR: case E_STARRED: case E_YIELD: case E_YIELDFROM:
        return 0;
    case E_UNARYOP:
        return a->u.unaryop.op != AST_UNOP_NOT;
    default:
        return 1;
    }
}

/* !(list|tuple|genexp|'True'|'None'|'False') at token start */
static int starts_with_display(P *p, Token *start) {
    if (start->kind == K_TRUE || start->kind == K_NONE || start->kind == K_FALSE) return 1;
    if (start->kind != T_LSQB && start->kind != T_LPAR) return 0;
    int pos = p->pos;
    Token *last = p->last;
    p->pos = TIDX(start);
    Expr *e = try_parse(p, fn_atom, NULL, 0);
    p->pos = pos;
    p->last = last;
    if (!e) return 0;
    if (start->kind == T_LSQB) return e->kind == E_LIST;
    return (e->kind == E_TUPLE || e->kind == E_GENEXP) && same_start(&e->pos, start);
}

/* After `=`: a bitwise_or not followed by '=' or ':=', or NULL. */
static Expr *value_after_eq(P *p) {
    int pos = p->pos;
    Token *last = p->last;
    next(p);
    Expr *b = try_invalid(p, fn_bitwise_or, NULL);
    if (b) {
        int k = raw_kind(p);
        if (k == T_EQUAL || k == T_COLONEQUAL) b = NULL;
    }
    p->pos = pos;
    p->last = last;
    return b;
}

/* invalid_named_expression, alternatives 2 and 3: `a` is followed by '='. */
static void check_eq(P *p, Token *start, Expr *a) {
    if (a->kind == E_NAME && start->kind == T_NAME && a->pos.end_col_offset == start->end_col &&
        a->pos.end_lineno == start->end_lineno && same_start(&a->pos, start)) {
        Expr *b = value_after_eq(p);
        if (b)
            raise_range(p, &a->pos, &b->pos,
                        "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
        return;
    }
    if (!is_bitwise_or(start, a) || starts_with_display(p, start)) return;
    Expr *b = value_after_eq(p);
    if (b)
        raise_node(p, &a->pos,
                   pformat("cannot assign to %s here. Maybe you meant '==' instead of '='?",
                           expr_name(a)));
}

static Expr *named_expression(P *p) {
    Token *start = peek(p);
    if (start->kind == T_NAME && peek2_kind(p) == T_COLONEQUAL) {
        Token *nt = next(p);
        next(p);
        Expr *v = expression(p);
        check_version(p, 8, "Assignment expressions are");
        Expr *e = new_expr(p, E_NAMEDEXPR, span(p, start));
        e->u.namedexpr.target = new_name(p, nt, CTX_STORE);
        e->u.namedexpr.value = v;
        return e;
    }
    Expr *a = expression(p);
    if (!p->no_invalid) {
        int k = peek_kind(p);
        if (k == T_COLONEQUAL) {
            int pos = p->pos;
            Token *last = p->last;
            next(p);
            Expr *b = try_invalid(p, fn_expression, NULL);
            p->pos = pos;
            p->last = last;
            if (b)
                raise_node(p, &a->pos, pformat("cannot use assignment expressions with %s",
                                               expr_name(a)));
        } else if (k == T_EQUAL) {
            check_eq(p, start, a);
        }
    }
    return a;
}

/* A positional call argument: assignment_expression | expression !':='
 * (no invalid_named_expression checks: invalid_kwarg handles '='). */
static Expr *arg_expression(P *p) {
    Token *start = peek(p);
    if (start->kind == T_NAME && peek2_kind(p) == T_COLONEQUAL) return named_expression(p);
    Expr *e = expression(p);
    if (peek_kind(p) == T_COLONEQUAL) fail(p);
    return e;
}

static Expr *new_starred(P *p, Token *start, Expr *v) {
    Expr *e = new_expr(p, E_STARRED, span(p, start));
    e->u.starred.value = v;
    e->u.starred.ctx = CTX_LOAD;
    return e;
}

static Expr *star_named_expression(P *p) {
    if (peek_kind(p) == T_STAR) {
        Token *start = next(p);
        return new_starred(p, start, bitwise_or(p));
    }
    return named_expression(p);
}

static Expr *star_expression(P *p) {
    if (peek_kind(p) == T_STAR) {
        Token *start = next(p);
        return new_starred(p, start, bitwise_or(p));
    }
    return expression(p);
}


static Expr *star_expressions(P *p) {
    Token *start = peek(p);
    int first = p->pos;
    Expr *a = star_expression(p);
    if (peek_kind(p) != T_COMMA) {
        p->bare_tuple = 0;
        p->last_elt = first;
        return a;
    }
    int mark = p->sc_n, last_elt = first;
    sc_push(p, a);
    while (accept(p, T_COMMA)) {
        int k = peek_kind(p);
        if (!can_start_expr(k) && k != T_STAR) {
            last_elt = -1;
            break;
        }
        last_elt = p->pos;
        sc_push(p, star_expression(p));
    }
    Expr *t = new_tuple(p, sc_exprs(p, mark), CTX_LOAD, span(p, start));
    p->bare_tuple = 1;
    p->last_elt = last_elt;
    return t;
}

static Expr *conjunction(P *p);
static Expr *inversion(P *p);
static Expr *comparison(P *p);

static Expr *boolop(P *p, Token *start, int op, int mark) {
    Expr *e = new_expr(p, E_BOOLOP, span(p, start));
    e->u.boolop.op = op;
    e->u.boolop.values = sc_exprs(p, mark);
    return e;
}

static Expr *disjunction(P *p) {
    Token *start = peek(p);
    Expr *a = conjunction(p);
    if (peek_kind(p) != K_OR) return a;
    int mark = p->sc_n;
    sc_push(p, a);
    while (accept(p, K_OR)) sc_push(p, conjunction(p));
    return boolop(p, start, AST_BOOL_OR, mark);
}

static Expr *conjunction(P *p) {
    Token *start = peek(p);
    Expr *a = inversion(p);
    if (peek_kind(p) != K_AND) return a;
    int mark = p->sc_n;
    sc_push(p, a);
    while (accept(p, K_AND)) sc_push(p, inversion(p));
    return boolop(p, start, AST_BOOL_AND, mark);
}

static Expr *inversion(P *p) {
    if (peek_kind(p) == K_NOT) {
        Token *start = next(p);
        enter(p);
        Expr *v = inversion(p);
        leave(p);
        Expr *e = new_expr(p, E_UNARYOP, span(p, start));
        e->u.unaryop.op = AST_UNOP_NOT;
        e->u.unaryop.operand = v;
        return e;
    }
    return comparison(p);
}

/* A comparison operator: consumed and returned, or -1. */
static int comp_op(P *p) {
    switch (peek_kind(p)) {
    case T_EQEQUAL: next(p); return CMP_EQ;
    case T_NOTEQUAL: next(p); return CMP_NE;
    case T_LESS: next(p); return CMP_LT;
    case T_LESSEQUAL: next(p); return CMP_LE;
    case T_GREATER: next(p); return CMP_GT;
    case T_GREATEREQUAL: next(p); return CMP_GE;
    case K_IN: next(p); return AST_CMP_IN;
    case K_NOT:
        if (peek2_kind(p) == K_IN) {
            next(p);
            next(p);
            return AST_CMP_NOT_IN;
        }
        return -1;
    case K_IS:
        next(p);
        if (accept(p, K_NOT)) return AST_CMP_IS_NOT;
        return AST_CMP_IS;
    default:
        return -1;
    }
}

static int is_comp_op(int k) {
    switch (k) {
    case T_EQEQUAL: case T_NOTEQUAL: case T_LESS: case T_LESSEQUAL: case T_GREATER:
    case T_GREATEREQUAL: case K_IN: case K_NOT: case K_IS:
        return 1;
    default:
        return 0;
    }
}

/* A comparison operator and its right operand (backtracked as a whole
 * when the operand fails, like CPython's compare_op_bitwise_or_pair). */
typedef struct CmpPair { int op; Expr *e; } CmpPair;

static void *fn_cmp_pair(P *p, void *arg) {
    CmpPair *c = arg;
    c->op = comp_op(p);
    if (c->op < 0) return NULL;
    c->e = bitwise_or(p);
    return c;
}

static Expr *comparison(P *p) {
    Token *start = peek(p);
    Expr *a = bitwise_or(p);
    CmpPair c;
    if (!is_comp_op(peek_kind(p)) || !try_pass1(p, fn_cmp_pair, &c)) return a;
    Vec ops = {0}, rest = {0};
    do {
        vec_push(p, &ops, (void *)(intptr_t)c.op);
        vec_push(p, &rest, c.e);
    } while (is_comp_op(peek_kind(p)) && try_pass1(p, fn_cmp_pair, &c));
    Expr *e = new_expr(p, E_COMPARE, span(p, start));
    e->u.compare.left = a;
    e->u.compare.n = ops.n;
    e->u.compare.ops = palloc(p, sizeof(int) * (size_t)ops.n);
    for (int i = 0; i < ops.n; i++) e->u.compare.ops[i] = (int)(intptr_t)ops.a[i];
    e->u.compare.comparators = (Expr **)rest.a;
    return e;
}

static Expr *factor(P *p);

/* Binary operator of precedence level lvl (0: |, 1: ^, 2: &, 3: shifts,
 * 4: + -, 5: * / // % @), or -1. */
static int binop_of(int kind, int lvl) {
    switch (lvl) {
    case 0: return kind == T_VBAR ? BINOP_OR : -1;
    case 1: return kind == T_CIRCUMFLEX ? BINOP_XOR : -1;
    case 2: return kind == T_AMPER ? BINOP_AND : -1;
    case 3: return kind == T_LEFTSHIFT ? BINOP_LSHIFT : kind == T_RIGHTSHIFT ? BINOP_RSHIFT : -1;
    case 4: return kind == T_PLUS ? BINOP_ADD : kind == T_MINUS ? BINOP_SUB : -1;
    case 5:
        switch (kind) {
        case T_STAR: return BINOP_MUL;
        case T_SLASH: return BINOP_TRUEDIV;
        case T_DOUBLESLASH: return BINOP_FLOORDIV;
        case T_PERCENT: return BINOP_MOD;
        case T_AT: return BINOP_MATMUL;
        default: return -1;
        }
    }
    return -1;
}

/* Left-nested chains (a + b + c..., f()()..., a.b.c...) are built in a
 * loop, but every link still counts towards MAX_DEPTH while the chain is
 * parsed: the tree is as deep as the chain is long, and whoever walks it
 * later recurses that deep. */
static Expr *binlevel(P *p, int lvl);

/* The operator and its right operand. */
static void *fn_binop_rhs(P *p, void *arg) {
    next(p);
    return binlevel(p, (int)(intptr_t)arg + 1);
}

static Expr *binlevel(P *p, int lvl) {
    if (lvl == 6) return factor(p);
    Token *start = peek(p);
    Expr *a = binlevel(p, lvl + 1);
    int links = 0;
    for (;;) {
        int op = binop_of(peek_kind(p), lvl);
        if (op < 0) break;
        enter(p);
        links++;
        Expr *b = try_pass1(p, fn_binop_rhs, (void *)(intptr_t)lvl);
        if (!b) break;
        if (op == BINOP_MATMUL) check_version(p, 5, "The '@' operator is");
        a = new_binop(p, a, op, b, span(p, start));
    }
    p->depth -= links;
    return a;
}

static Expr *bitwise_or(P *p) { return binlevel(p, 0); }

static Expr *await_primary(P *p) {
    if (peek_kind(p) == K_AWAIT) {
        Token *start = next(p);
        enter(p);
        Expr *v = primary(p);
        leave(p);
        check_version(p, 5, "Await expressions are");
        Expr *e = new_expr(p, E_AWAIT, span(p, start));
        e->u.await_.value = v;
        return e;
    }
    return primary(p);
}

static Expr *power(P *p) {
    Token *start = peek(p);
    Expr *a = await_primary(p);
    if (accept(p, T_DOUBLESTAR)) {
        enter(p);
        Expr *b = factor(p);
        leave(p);
        return new_binop(p, a, BINOP_POW, b, span(p, start));
    }
    return a;
}

static Expr *factor(P *p) {
    int k = peek_kind(p);
    if (k == T_PLUS || k == T_MINUS || k == T_TILDE) {
        Token *start = next(p);
        enter(p);
        Expr *v = factor(p);
        leave(p);
        Expr *e = new_expr(p, E_UNARYOP, span(p, start));
        e->u.unaryop.op = k == T_PLUS ? UNOP_POS : k == T_MINUS ? UNOP_NEG : UNOP_INVERT;
        e->u.unaryop.operand = v;
        return e;
    }
    return power(p);
}

/* ---- comprehensions ----------------------------------------------- */

static Expr *star_target(P *p) {
    if (peek_kind(p) == T_STAR) {
        Token *start = next(p);
        if (peek_kind(p) == T_STAR) fail(p);
        Expr *v = star_target(p);
        return new_starred(p, start, v);
    }
    return primary(p);
}

/* star_targets as in `for` loops: targets up to 'in'. */
static void *fn_for_targets(P *p, void *arg) {
    (void)arg;
    Token *start = peek(p);
    Expr *a = star_target(p);
    if (peek_kind(p) == T_COMMA) {
        int mark = p->sc_n;
        sc_push(p, a);
        while (accept(p, T_COMMA)) {
            if (peek_kind(p) == K_IN) break;
            sc_push(p, star_target(p));
        }
        a = new_tuple(p, sc_exprs(p, mark), CTX_STORE, span(p, start));
    }
    if (!valid_star_target(a) || peek_kind(p) != K_IN) fail(p);
    return a;
}

/* The target list after 'for', and the 'in'. */
static Expr *for_targets(P *p) {
    int pos = p->pos;
    Expr *t = try_parse(p, fn_for_targets, NULL, 1);
    if (!t) {
        if (!p->no_invalid) {
            /* invalid_for_target */
            int maxpos = p->maxpos;
            p->pos = pos;
            Expr *e = try_invalid(p, fn_star_expressions, NULL);
            if (e) raise_invalid_target(p, TGT_FOR, e);
            p->maxpos = maxpos;
        }
        fail(p);
    }
    set_ctx(t, CTX_STORE);
    next(p);  /* 'in' */
    return t;
}

static Comprehension **for_if_clauses(P *p, int *n) {
    Vec gens = {0};
    for (;;) {
        int k = peek_kind(p);
        if (!(k == K_FOR || (k == K_ASYNC && peek2_kind(p) == K_FOR))) break;
        Comprehension *c = palloc(p, sizeof(Comprehension));
        if (k == K_ASYNC) {
            next(p);
            c->is_async = 1;
        }
        next(p);
        c->target = for_targets(p);
        c->iter = disjunction(p);
        int mark = p->sc_n;
        while (accept(p, K_IF)) sc_push(p, disjunction(p));
        if (c->is_async) check_version(p, 6, "Async comprehensions are");
        c->ifs = sc_exprs(p, mark);
        vec_push(p, &gens, c);
    }
    *n = gens.n;
    return (Comprehension **)gens.a;
}

static void *fn_for_if_clauses(P *p, void *arg) {
    (void)arg;
    int n;
    Comprehension **c = for_if_clauses(p, &n);
    return n ? (void *)c : NULL;
}

static int at_comp_for(P *p) {
    int k = peek_kind(p);
    return k == K_FOR || (k == K_ASYNC && peek2_kind(p) == K_FOR);
}

/* The same after a later element of a display, where only CPython's
 * second pass (invalid_comprehension) looks for a comprehension. */
static int at_comp_for2(P *p) {
    int k = peek_kind(p);
    if (k == K_FOR) return 1;
    if (k != K_ASYNC) return 0;
    p->pos++;
    int k2 = raw_kind(p);
    p->pos--;
    return k2 == K_FOR;
}

static Expr *new_comp(P *p, ExprKind kind, SrcPos pos, Expr *elt) {
    Expr *e = new_expr(p, kind, pos);
    e->u.comp.elt = elt;
    e->u.comp.generators = for_if_clauses(p, &e->u.comp.ngens);
    return e;
}

/* The last expression of a comprehension list, for error ranges. */
static Expr *last_comp_item(Expr *comp) {
    Comprehension *c = comp->u.comp.generators[comp->u.comp.ngens - 1];
    return c->ifs.n ? c->ifs.items[c->ifs.n - 1] : c->iter;
}

/* [a, b for ...] / {a, for ...}: invalid_comprehension */
static void *fn_for_if_clauses(P *p, void *arg);

static void comp_target_error(P *p, Expr *first, Expr *last, Token *comma, int n) {
    /* only once the comprehension clauses parse (their errors come first) */
    if (p->no_invalid || !try_invalid(p, fn_for_if_clauses, NULL)) fail(p);
    if (n >= 2) raise_range(p, &first->pos, &last->pos,
                            "did you forget parentheses around the comprehension target?");
    SrcPos c = tok_pos(comma);
    raise_range(p, &first->pos, &c, "did you forget parentheses around the comprehension target?");
}

/* ---- atoms ----------------------------------------------------------- */

static Expr *paren_atom(P *p) {
    Token *lp = next(p);
    enter(p);
    Expr *r;
    int k = peek_kind(p);
    if (k == T_RPAR) {
        next(p);
        r = new_tuple(p, (ExprList){0, NULL}, CTX_LOAD, span(p, lp));
    } else if (k == K_YIELD) {
        r = yield_expr(p);
        expect(p, T_RPAR);
    } else if (k == T_DOUBLESTAR) {
        if (!p->no_invalid) {
            Token *ds = next(p);
            Expr *e = try_invalid(p, fn_expression, NULL);
            if (e && raw_kind(p) == T_RPAR)
                raise_tok(p, ds, "cannot use double starred expression here");
        }
        fail(p);
    } else {
        Expr *e = star_named_expression(p);
        k = peek_kind(p);
        if (k == K_FOR || (k == K_ASYNC && peek2_kind(p) == K_FOR)) {
            if (e->kind == E_STARRED && !p->no_invalid)
                raise_node(p, &e->pos, "iterable unpacking cannot be used in comprehension");
            Expr *g = new_comp(p, E_GENEXP, span(p, lp), e);
            expect(p, T_RPAR);
            g->pos = span(p, lp);
            r = g;
        } else if (k == T_COMMA) {
            int mark = p->sc_n;
            sc_push(p, e);
            while (accept(p, T_COMMA)) {
                if (peek_kind(p) == T_RPAR) break;
                sc_push(p, star_named_expression(p));
            }
            expect(p, T_RPAR);
            r = new_tuple(p, sc_exprs(p, mark), CTX_LOAD, span(p, lp));
        } else {
            if (e->kind == E_STARRED && k == T_RPAR && !p->no_invalid)
                raise_node(p, &e->pos, "cannot use starred expression here");
            expect(p, T_RPAR);
            r = e;
        }
    }
    leave(p);
    return r;
}

static Expr *list_atom(P *p) {
    Token *lb = next(p);
    enter(p);
    Expr *r;
    if (accept(p, T_RSQB)) {
        r = new_expr(p, E_LIST, span(p, lb));
        leave(p);
        return r;
    }
    Expr *e = star_named_expression(p);
    if (at_comp_for(p)) {
        if (e->kind == E_STARRED && !p->no_invalid)
            raise_node(p, &e->pos, "iterable unpacking cannot be used in comprehension");
        r = new_comp(p, E_LISTCOMP, span(p, lb), e);
        expect(p, T_RSQB);
        r->pos = span(p, lb);
        leave(p);
        return r;
    }
    int mark = p->sc_n;
    sc_push(p, e);
    Token *comma = NULL;
    while ((comma = accept(p, T_COMMA))) {
        if (peek_kind(p) == T_RSQB || at_comp_for2(p)) break;
        comma = NULL;
        sc_push(p, star_named_expression(p));
    }
    if (at_comp_for2(p))
        comp_target_error(p, e, p->sc[p->sc_n - 1], comma, p->sc_n - mark);
    expect(p, T_RSQB);
    r = new_expr(p, E_LIST, span(p, lb));
    r->u.seq.elts = sc_exprs(p, mark);
    r->u.seq.ctx = CTX_LOAD;
    leave(p);
    return r;
}

/* RAISE_SYNTAX_ERROR_STARTING_FROM: from token `from` to the end of what
 * was parsed after it. */
static _Noreturn void raise_from(P *p, const Token *from, const char *msg) {
    raise_loc(p, "SyntaxError", from->lineno, from->col + 1, p->last->end_lineno,
              p->last->end_col + 1, msg);
}

/* {k: *v}: '*' bitwise_or */
static void starred_value_error(P *p) {
    Token *st = next(p);
    if (try_invalid(p, fn_bitwise_or, NULL))
        raise_from(p, st, "cannot use a starred expression in a dictionary value");
    fail(p);
}

/* One more `key: value` or `**mapping` of a dict display. */
static void dict_item(P *p, Vec *keys, Vec *values) {
    if (peek_kind(p) == T_DOUBLESTAR) {
        next(p);
        vec_push(p, keys, NULL);
        vec_push(p, values, bitwise_or(p));
        return;
    }
    /* invalid_kvpair comes before the invalid_expression checks here */
    p->no_invalid++;
    Expr *k = expression(p);
    p->no_invalid--;
    if (peek_kind(p) != T_COLON) {
        if (!p->no_invalid)
            raise_loc(p, "SyntaxError", k->pos.lineno, k->pos.end_col_offset, k->pos.end_lineno, 0,
                      "':' expected after dictionary key");
        fail(p);
    }
    Token *colon = next(p);
    if (!p->no_invalid) {
        int nk = peek_kind(p);
        if (nk == T_STAR) starred_value_error(p);
        if (nk == T_RBRACE || nk == T_COMMA)
            raise_tok(p, colon, "expression expected after dictionary key and ':'");
    }
    vec_push(p, keys, k);
    vec_push(p, values, expression(p));
}

static Expr *brace_atom(P *p) {
    Token *lb = next(p);
    enter(p);
    Expr *r;
    if (accept(p, T_RBRACE)) {
        r = new_expr(p, E_DICT, span(p, lb));
        leave(p);
        return r;
    }
    int k = peek_kind(p);
    int is_dict = 0;
    Vec keys = {0}, values = {0};
    Expr *first = NULL;
    if (k == T_DOUBLESTAR) {
        Token *ds = next(p);
        Expr *v = bitwise_or(p);
        if (at_comp_for(p)) {
            if (!p->no_invalid) raise_tok(p, ds, "dict unpacking cannot be used in dict comprehension");
            fail(p);
        }
        vec_push(p, &keys, NULL);
        vec_push(p, &values, v);
        is_dict = 1;
    } else {
        Token *fstart = peek(p);
        first = star_named_expression(p);
        if (peek_kind(p) == T_COLON && first->kind != E_STARRED &&
            (first->kind != E_NAMEDEXPR || is_group(fstart, first))) {
            Token *colon = next(p);
            if (!p->no_invalid) {
                int nk = peek_kind(p);
                if (nk == T_STAR) starred_value_error(p);
                if (nk == T_RBRACE || nk == T_COMMA)
                    raise_tok(p, colon, "expression expected after dictionary key and ':'");
            }
            Expr *v = expression(p);
            if (at_comp_for(p)) {
                r = new_expr(p, E_DICTCOMP, span(p, lb));
                r->u.comp.key = first;
                r->u.comp.value = v;
                r->u.comp.generators = for_if_clauses(p, &r->u.comp.ngens);
                expect(p, T_RBRACE);
                r->pos = span(p, lb);
                leave(p);
                return r;
            }
            vec_push(p, &keys, first);
            vec_push(p, &values, v);
            is_dict = 1;
        }
    }
    if (is_dict) {
        while (accept(p, T_COMMA)) {
            if (peek_kind(p) == T_RBRACE) break;
            dict_item(p, &keys, &values);
        }
        expect(p, T_RBRACE);
        r = new_expr(p, E_DICT, span(p, lb));
        r->u.dict.keys.n = keys.n;
        r->u.dict.keys.items = (Expr **)keys.a;
        r->u.dict.values.n = values.n;
        r->u.dict.values.items = (Expr **)values.a;
        leave(p);
        return r;
    }
    if (at_comp_for(p)) {
        if (first->kind == E_STARRED && !p->no_invalid)
            raise_node(p, &first->pos, "iterable unpacking cannot be used in comprehension");
        r = new_comp(p, E_SETCOMP, span(p, lb), first);
        expect(p, T_RBRACE);
        r->pos = span(p, lb);
        leave(p);
        return r;
    }
    int mark = p->sc_n;
    sc_push(p, first);
    Token *comma = NULL;
    while ((comma = accept(p, T_COMMA))) {
        if (peek_kind(p) == T_RBRACE || at_comp_for2(p)) break;
        comma = NULL;
        sc_push(p, star_named_expression(p));
    }
    if (at_comp_for2(p))
        comp_target_error(p, first, p->sc[p->sc_n - 1], comma, p->sc_n - mark);
    expect(p, T_RBRACE);
    r = new_expr(p, E_SET, span(p, lb));
    r->u.set.elts = sc_exprs(p, mark);
    leave(p);
    return r;
}

static Expr *atom(P *p) {
    Token *t = peek(p);
    switch (t->kind) {
    case T_NAME:
        next(p);
        return new_name(p, t, CTX_LOAD);
    case K_TRUE:
        next(p);
        return new_const(p, CONST_TRUE, tok_pos(t));
    case K_FALSE:
        next(p);
        return new_const(p, CONST_FALSE, tok_pos(t));
    case K_NONE:
        next(p);
        return new_const(p, CONST_NONE, tok_pos(t));
    case T_ELLIPSIS:
        next(p);
        return new_const(p, CONST_ELLIPSIS, tok_pos(t));
    case T_NUMBER:
        next(p);
        return parse_number(p, t);
    case T_STRING:
        return strings(p);
    case T_LPAR:
        return paren_atom(p);
    case T_LSQB:
        return list_atom(p);
    case T_LBRACE:
        return brace_atom(p);
    default:
        fail(p);
    }
}

/* ---- primaries: calls, subscripts, attributes ---------------------- */

static Expr *slice_item(P *p) {
    Token *start = peek(p);
    Expr *lower = NULL;
    if (start->kind != T_COLON) {
        Expr *e = named_expression(p);
        if (peek_kind(p) != T_COLON || e->kind == E_NAMEDEXPR) return e;
        lower = e;
    }
    next(p);
    Expr *upper = NULL, *step = NULL;
    if (can_start_expr(peek_kind(p))) upper = expression(p);
    if (accept(p, T_COLON)) {
        if (can_start_expr(peek_kind(p))) step = expression(p);
    }
    Expr *e = new_expr(p, E_SLICE, span(p, start));
    e->u.slice.lower = lower;
    e->u.slice.upper = upper;
    e->u.slice.step = step;
    return e;
}

static Expr *starred_expression(P *p) {
    Token *start = next(p);
    return new_starred(p, start, expression(p));
}

static Expr *slices(P *p) {
    Token *start = peek(p);
    int starred = start->kind == T_STAR;
    Expr *a = starred ? starred_expression(p) : slice_item(p);
    if (!starred && peek_kind(p) != T_COMMA) return a;
    int mark = p->sc_n;
    sc_push(p, a);
    while (accept(p, T_COMMA)) {
        if (peek_kind(p) == T_RSQB) break;
        sc_push(p, peek_kind(p) == T_STAR ? starred_expression(p) : slice_item(p));
    }
    return new_tuple(p, sc_exprs(p, mark), CTX_LOAD, span(p, start));
}

static Keyword *new_keyword(P *p, Token *start, const char *arg, Expr *v) {
    Keyword *k = palloc(p, sizeof(Keyword));
    k->arg = arg;
    k->value = v;
    k->pos = span(p, start);
    return k;
}

/* Arguments of a call or class definition, after the '(' (consumed here
 * up to and including the ')'). */
/* The arguments of a call, or a class's bases (is_class: no bare generator
 * expression there, CPython's class_def_raw takes plain `arguments`). */
static void call_args(P *p, Token *lp, ExprList *args_out, int *nkw, Keyword ***kws, int is_class) {
    int mark = p->sc_n;
    Vec kw = {0};
    int seen_kw = 0, seen_dstar = 0, bad_positional = 0, done_rpar = 0;
    /* the arguments so far: CPython marks them all when a '*' follows '**' */
    SrcPos first = {0}, last = {0};
    while (peek_kind(p) != T_RPAR) {
        Token *at = peek(p);
        int k = at->kind;
        if (!first.lineno) first = tok_pos(at);
        if (k == T_STAR) {
            if (seen_dstar && !p->no_invalid)
                raise_range(p, &first, &last, "iterable argument unpacking follows keyword argument unpacking");
            Expr *e = starred_expression(p);
            last = e->pos;
            sc_push(p, e);
        } else if (k == T_DOUBLESTAR) {
            next(p);
            Expr *v = expression(p);
            last = v->pos;
            vec_push(p, &kw, new_keyword(p, at, NULL, v));
            seen_dstar = 1;
        } else if (k == T_NAME && peek2_kind(p) == T_EQUAL) {
            next(p);
            Token *eq = next(p);
            Expr *v = expression(p);
            last = v->pos;
            if (at_comp_for(p)) {
                /* NAME '=' expression for_if_clauses: once the clauses parse */
                if (!p->no_invalid && try_invalid(p, fn_for_if_clauses, NULL)) {
                    SrcPos a = tok_pos(at), b = tok_pos(eq);
                    raise_range(p, &a, &b,
                                "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
                }
                fail(p);
            }
            vec_push(p, &kw, new_keyword(p, at, ident(p, at), v));
            seen_kw = 1;
        } else if ((k == K_TRUE || k == K_FALSE || k == K_NONE) && peek2_kind(p) == T_EQUAL &&
                   !p->no_invalid) {
            next(p);
            Token *eq = next(p);
            SrcPos a = tok_pos(at), b = tok_pos(eq);
            raise_range(p, &a, &b, pformat("cannot assign to %s", tok_str(p, at)));
        } else {
            Expr *e = arg_expression(p);
            if (at_comp_for(p)) {
                int for_pos = p->pos;
                Expr *g = new_comp(p, E_GENEXP, span(p, lp), e);
                int first_arg = p->sc_n == mark && kw.n == 0;
                if (is_class && first_arg && (peek_kind(p) != T_COMMA || p->no_invalid)) {
                    /* CPython's first pass stops at the 'for': "invalid syntax" there */
                    p->maxpos = for_pos;
                    fail(p);
                }
                if (!(first_arg && peek_kind(p) == T_RPAR)) {
                    /* other arguments before it, or a ',' after it */
                    if (p->no_invalid || (first_arg && peek_kind(p) != T_COMMA)) fail(p);
                    /* CPython's rule goes on to look for more arguments
                       after the ',': a tokenizer error there wins */
                    if (first_arg) peek2_kind(p);
                    raise_range(p, &e->pos, &last_comp_item(g)->pos,
                                "Generator expression must be parenthesized");
                }
                next(p);
                g->pos = span(p, lp);
                sc_push(p, g);
                done_rpar = 1;
                break;
            }
            /* invalid_kwarg: !(NAME '=') expression '=' (not after a walrus) */
            if (peek_kind(p) == T_EQUAL && !p->no_invalid &&
                !(e->kind == E_NAMEDEXPR && !is_group(at, e))) {
                Token *eq = peek(p);
                SrcPos b = tok_pos(eq);
                raise_range(p, &e->pos, &b,
                            "expression cannot contain assignment, perhaps you meant \"==\"?");
            }
            if (seen_kw || seen_dstar) bad_positional = 1 + seen_dstar;
            last = e->pos;
            sc_push(p, e);
        }
        if (!accept(p, T_COMMA)) break;
    }
    if (bad_positional) {
        if (!p->no_invalid) {
            peek(p);
            raise_last(p, bad_positional == 2
                              ? "positional argument follows keyword argument unpacking"
                              : "positional argument follows keyword argument");
        }
        fail(p);
    }
    if (!done_rpar) expect(p, T_RPAR);
    *args_out = sc_exprs(p, mark);
    *nkw = kw.n;
    *kws = (Keyword **)kw.a;
}

typedef struct Trailer { Token *start; Expr *a; } Trailer;

/* One trailer (.name, (args) or [slices]) applied to t->a. */
static void *fn_trailer(P *p, void *arg) {
    Trailer *t = arg;
    Expr *a = t->a;
    int k = peek_kind(p);
    if (k == T_DOT) {
        next(p);
        Token *n = expect(p, T_NAME);
        Expr *e = new_expr(p, E_ATTRIBUTE, span(p, t->start));
        e->u.attribute.value = a;
        e->u.attribute.attr = ident(p, n);
        e->u.attribute.ctx = CTX_LOAD;
        return e;
    }
    if (k == T_LPAR) {
        Token *lp = next(p);
        enter(p);
        Expr *e = new_expr(p, E_CALL, tok_pos(lp));
        e->u.call.func = a;
        call_args(p, lp, &e->u.call.args, &e->u.call.nkeywords, &e->u.call.keywords, 0);
        leave(p);
        e->pos = span(p, t->start);
        return e;
    }
    next(p);
    enter(p);
    Expr *s = slices(p);
    expect(p, T_RSQB);
    leave(p);
    Expr *e = new_expr(p, E_SUBSCRIPT, span(p, t->start));
    e->u.subscript.value = a;
    e->u.subscript.slice = s;
    e->u.subscript.ctx = CTX_LOAD;
    return e;
}

static Expr *primary(P *p) {
    Trailer t;
    t.start = peek(p);
    t.a = atom(p);
    int links = 0;
    for (;; links++) {
        if (links) enter(p);
        int k = peek_kind(p);
        if (k != T_DOT && k != T_LPAR && k != T_LSQB) break;
        Expr *e = try_pass1(p, fn_trailer, &t);
        if (!e) break;
        t.a = e;
    }
    p->depth -= links;
    return t.a;
}

static Expr *yield_expr(P *p) {
    Token *start = next(p);
    if (accept(p, K_FROM)) {
        Expr *v = expression(p);
        Expr *e = new_expr(p, E_YIELDFROM, span(p, start));
        e->u.yield.value = v;
        return e;
    }
    Expr *v = NULL;
    int k = peek_kind(p);
    if (can_start_expr(k) || k == T_STAR) v = star_expressions(p);
    Expr *e = new_expr(p, E_YIELD, span(p, start));
    e->u.yield.value = v;
    return e;
}

/* ---- parameters --------------------------------------------------- */

static Arg *param(P *p, int lambda, int star_annotation) {
    Token *n = expect(p, T_NAME);
    Arg *a = palloc(p, sizeof(Arg));
    a->arg = ident(p, n);
    if (!lambda && accept(p, T_COLON)) {
        if (star_annotation && peek_kind(p) == T_STAR) a->annotation = star_expression(p);
        else a->annotation = expression(p);
    }
    a->pos = span(p, n);
    return a;
}

/* Parameters of a def (up to the ')') or of a lambda (up to the ':'). */
static Arguments *parameters(P *p, int lambda) {
    Arguments *args = palloc(p, sizeof(Arguments));
    int term = lambda ? T_COLON : T_RPAR;
    Vec pos = {0}, defaults = {0}, kwonly = {0}, kwdef = {0};
    int nposonly = 0, seen_slash = 0, seen_star = 0, seen_default = 0;
    Arg *last_arg = NULL;   /* a def's parameter: a type comment may follow */
    while (peek_kind(p) != term) {
        Token *t = peek(p);
        last_arg = NULL;
        if (t->kind == T_SLASH) {
            if (!p->no_invalid) {
                if (seen_star) raise_tok(p, t, "/ must be ahead of *");
                if (seen_slash) raise_tok(p, t, "/ may appear only once");
                if (pos.n == 0) raise_tok(p, t, "at least one argument must precede /");
            }
            if (pos.n == 0 || seen_slash || seen_star) fail(p);
            next(p);
            nposonly = pos.n;
            seen_slash = 1;
            if (peek_kind(p) == T_STAR && !p->no_invalid) raise_tok(p, peek(p), "expected comma between / and *");
        } else if (t->kind == T_STAR) {
            if (seen_star) {
                if (!p->no_invalid) raise_tok(p, t, "* argument may appear only once");
                fail(p);
            }
            next(p);
            seen_star = 1;
            int k = peek_kind(p);
            if (k == T_NAME) {
                args->vararg = last_arg = param(p, lambda, 1);
                if (peek_kind(p) == T_EQUAL) {
                    /* (CPython's rule for this message wants a plain annotation) */
                    Expr *ann = args->vararg->annotation;
                    if (!p->no_invalid && !(ann && ann->kind == E_STARRED))
                        raise_tok(p, peek(p), "var-positional argument cannot have default value");
                    fail(p);
                }
            } else if (k == T_COMMA) {
                int k2 = peek2_kind(p);
                if (k2 == T_TYPE_COMMENT && !lambda) {
                    if (!p->no_invalid) raise_last(p, "bare * has associated type comment");
                    fail(p);
                }
                if (k2 == term || k2 == T_DOUBLESTAR) {
                    if (!p->no_invalid) raise_tok(p, t, "named arguments must follow bare *");
                    fail(p);
                }
            } else {
                if (k == term && !p->no_invalid) raise_tok(p, t, "named arguments must follow bare *");
                fail(p);
            }
        } else if (t->kind == T_DOUBLESTAR) {
            next(p);
            args->kwarg = param(p, lambda, 0);
            if (peek_kind(p) == T_EQUAL) {
                if (!p->no_invalid)
                    raise_tok(p, peek(p), "var-keyword argument cannot have default value");
                fail(p);
            }
            if (accept(p, T_COMMA)) {
                if (!lambda) args->kwarg->type_comment = opt_type_comment(p);
                Token *u = peek(p);
                if (u->kind != term) {
                    if (!p->no_invalid && (u->kind == T_NAME || u->kind == T_STAR ||
                                           u->kind == T_DOUBLESTAR || u->kind == T_SLASH)) {
                        if (u->kind == T_NAME) {
                            Arg *a = param(p, lambda, 0);
                            raise_node(p, &a->pos, "arguments cannot follow var-keyword argument");
                        }
                        raise_tok(p, u, "arguments cannot follow var-keyword argument");
                    }
                    fail(p);
                }
            } else if (!lambda && peek_kind(p) == T_TYPE_COMMENT && peek2_kind(p) == term) {
                args->kwarg->type_comment = opt_type_comment(p);
            }
            break;
        } else if (t->kind == T_NAME) {
            Arg *a = last_arg = param(p, lambda, 0);
            if (peek_kind(p) == T_EQUAL) {
                Token *eq = next(p);
                int k = peek_kind(p);
                if ((k == T_COMMA || k == term) && !p->no_invalid)
                    raise_tok(p, eq, "expected default value expression");
                Expr *d = expression(p);
                if (seen_star) {
                    vec_push(p, &kwonly, a);
                    vec_push(p, &kwdef, d);
                } else {
                    vec_push(p, &pos, a);
                    vec_push(p, &defaults, d);
                    seen_default = 1;
                }
            } else if (seen_star) {
                vec_push(p, &kwonly, a);
                vec_push(p, &kwdef, NULL);
            } else {
                if (seen_default) {
                    /* (a param_no_default: followed by ',' or the end) */
                    int k = peek_kind(p);
                    if (!p->no_invalid && (k == T_COMMA || k == term))
                        raise_node(p, &a->pos, "non-default argument follows default argument");
                    fail(p);
                }
                vec_push(p, &pos, a);
            }
        } else if (t->kind == T_LPAR && !p->no_invalid) {
            /* invalid_parameters: '(' param_no_default+ ','? ')' */
            int save = p->pos;
            next(p);
            int ok = 0;
            while (peek_kind(p) == T_NAME) {
                next(p);
                ok = 1;
                if (!accept(p, T_COMMA)) break;
            }
            if (ok && peek_kind(p) == T_RPAR) {
                SrcPos a = tok_pos(t), b = tok_pos(peek(p));
                raise_range(p, &a, &b, lambda ? "Lambda expression parameters cannot be parenthesized"
                                              : "Function parameters cannot be parenthesized");
            }
            p->pos = save;
            fail(p);
        } else {
            fail(p);
        }
        if (lambda) last_arg = NULL;
        if (!accept(p, T_COMMA)) {
            /* param TYPE_COMMENT? &')' */
            if (last_arg && peek_kind(p) == T_TYPE_COMMENT && peek2_kind(p) == term)
                last_arg->type_comment = opt_type_comment(p);
            break;
        }
        /* param ',' TYPE_COMMENT? */
        if (last_arg) last_arg->type_comment = opt_type_comment(p);
    }
    if (nposonly) check_version(p, 8, "Positional-only parameters are");
    args->nposonly = nposonly;
    args->posonlyargs = (Arg **)pos.a;
    args->nargs = pos.n - nposonly;
    args->args = pos.n ? (Arg **)pos.a + nposonly : NULL;
    if (args->nargs == 0) args->args = NULL;
    if (nposonly == 0) args->posonlyargs = NULL;
    args->nkwonly = kwonly.n;
    args->kwonlyargs = (Arg **)kwonly.a;
    args->kw_defaults = (Expr **)kwdef.a;
    args->defaults.n = defaults.n;
    args->defaults.items = (Expr **)defaults.a;
    return args;
}

static Expr *lambdef(P *p) {
    Token *start = next(p);
    enter(p);
    Arguments *args = parameters(p, 1);
    expect(p, T_COLON);
    Expr *body = expression(p);
    leave(p);
    Expr *e = new_expr(p, E_LAMBDA, span(p, start));
    e->u.lambda.args = args;
    e->u.lambda.body = body;
    return e;
}

/* ---- statements ------------------------------------------------------- */

static void statement(P *p);
static Stmt *simple_stmt(P *p);

/* A block after ':'; what/line name the statement for the error message
 * (NULL: the plain "expected an indented block"). */
static StmtList block(P *p, const char *what, int lineno) {
    if (peek_kind(p) == T_NEWLINE) {
        next(p);
        if (peek_kind(p) != T_INDENT) {
            if (!p->no_invalid)
                raise_indent_last(p, what ? pformat("expected an indented block after %s on line %d",
                                                    what, lineno)
                                          : "expected an indented block");
            fail(p);
        }
        next(p);
        int mark = p->sc_n;
        while (peek_kind(p) != T_DEDENT) statement(p);
        next(p);
        return sc_stmts(p, mark);
    }
    int mark = p->sc_n;
    for (;;) {
        sc_push(p, simple_stmt(p));
        if (accept(p, T_SEMI)) {
            if (peek_kind(p) == T_NEWLINE) break;
            continue;
        }
        break;
    }
    expect(p, T_NEWLINE);
    return sc_stmts(p, mark);
}

/* ':' where CPython's invalid_*_stmt rules say "expected ':'" before a
 * NEWLINE. */
static void colon(P *p) {
    if (accept(p, T_COLON)) return;
    if (peek_kind(p) == T_NEWLINE && !p->no_invalid) raise_last(p, "expected ':'");
    fail(p);
}

static StmtList single(P *p, Stmt *s) {
    StmtList l;
    l.n = 1;
    l.items = palloc(p, sizeof(Stmt *));
    l.items[0] = s;
    return l;
}

static StmtList else_block(P *p) {
    Token *t = next(p);
    expect_forced(p, T_COLON, ":");
    return block(p, "'else' statement", t->lineno);
}

static Stmt *if_stmt(P *p) {
    Token *start = next(p);
    Expr *test = named_expression(p);
    colon(p);
    StmtList body = block(p, start->kind == K_IF ? "'if' statement" : "'elif' statement",
                          start->lineno);
    StmtList orelse = {0, NULL};
    if (peek_kind(p) == K_ELIF) {
        enter(p);
        orelse = single(p, if_stmt(p));
        leave(p);
    }
    else if (peek_kind(p) == K_ELSE) orelse = else_block(p);
    Stmt *s = new_stmt(p, S_IF, span(p, start));
    s->u.if_.test = test;
    s->u.if_.body = body;
    s->u.if_.orelse = orelse;
    return s;
}

static Stmt *while_stmt(P *p) {
    Token *start = next(p);
    Expr *test = named_expression(p);
    colon(p);
    StmtList body = block(p, "'while' statement", start->lineno);
    StmtList orelse = {0, NULL};
    if (peek_kind(p) == K_ELSE) orelse = else_block(p);
    Stmt *s = new_stmt(p, S_WHILE, span(p, start));
    s->u.while_.test = test;
    s->u.while_.body = body;
    s->u.while_.orelse = orelse;
    return s;
}

static Stmt *for_stmt(P *p, Token *start) {
    Token *fortok = next(p);
    Expr *target = for_targets(p);
    Expr *iter = star_expressions(p);
    colon(p);
    const char *tc = opt_type_comment(p);
    StmtList body = block(p, "'for' statement", fortok->lineno);
    StmtList orelse = {0, NULL};
    if (peek_kind(p) == K_ELSE) orelse = else_block(p);
    if (start->kind == K_ASYNC) check_version(p, 5, "Async for loops are");
    Stmt *s = new_stmt(p, start->kind == K_ASYNC ? S_ASYNCFOR : S_FOR, span(p, start));
    s->u.for_.target = target;
    s->u.for_.iter = iter;
    s->u.for_.body = body;
    s->u.for_.orelse = orelse;
    s->u.for_.type_comment = tc;
    return s;
}

/* with_item: expression ['as' star_target]; the target must be followed
 * by ',', ')' or ':' (or NEWLINE: the statement then lacks its ':', which
 * colon() reports as CPython's invalid_with_stmt). */
static WithItem *with_item(P *p) {
    WithItem *w = palloc(p, sizeof(WithItem));
    w->context_expr = expression(p);
    if (accept(p, K_AS)) {
        Expr *t;
        if (peek_kind(p) == T_STAR) {
            t = star_target(p);
        } else {
            t = expression(p);
        }
        int k = peek_kind(p);
        if (k != T_COMMA && k != T_RPAR && k != T_COLON && k != T_NEWLINE) fail(p);
        if (!valid_star_target(t)) {
            if (!p->no_invalid) raise_invalid_target(p, TGT_STAR, t);
            fail(p);
        }
        set_ctx(t, CTX_STORE);
        w->optional_vars = t;
    }
    return w;
}

static void *fn_paren_with_items(P *p, void *arg) {
    Vec *items = arg;
    next(p);  /* '(' */
    for (;;) {
        vec_push(p, items, with_item(p));
        if (!accept(p, T_COMMA)) break;
        if (peek_kind(p) == T_RPAR) break;
    }
    expect(p, T_RPAR);
    if (peek_kind(p) != T_COLON && peek_kind(p) != T_NEWLINE) fail(p);
    return items;
}

static Stmt *with_stmt(P *p, Token *start) {
    Token *wtok = next(p);
    int wtok_pos = p->pos - 1;
    Vec items = {0};
    int done = 0;
    if (peek_kind(p) == T_LPAR) {
        /* `with (a as b, c):`, tried first as CPython does */
        if (try_parse(p, fn_paren_with_items, &items, 1)) done = 1;
        else items.n = 0;
    }
    if (done && peek_kind(p) == T_COLON && peek2_kind(p) == T_TYPE_COMMENT) {
        /* CPython's parenthesized form takes no type comment: the other
           one must then read the brackets as an expression */
        p->pos = wtok_pos + 1;
        items.n = 0;
        done = 0;
    }
    if (!done) {
        for (;;) {
            vec_push(p, &items, with_item(p));
            if (!accept(p, T_COMMA)) break;
        }
    }
    colon(p);
    const char *tc = done ? NULL : opt_type_comment(p);
    StmtList body = block(p, "'with' statement", wtok->lineno);
    if (start->kind == K_ASYNC) check_version(p, 5, "Async with statements are");
    else if (done) check_version(p, 9, "Parenthesized context managers are");
    Stmt *s = new_stmt(p, start->kind == K_ASYNC ? S_ASYNCWITH : S_WITH, span(p, start));
    s->u.with.nitems = items.n;
    s->u.with.items = (WithItem **)items.a;
    s->u.with.body = body;
    s->u.with.type_comment = tc;
    return s;
}

static Stmt *try_stmt(P *p) {
    Token *start = next(p);
    expect_forced(p, T_COLON, ":");
    StmtList body = block(p, "'try' statement", start->lineno);
    Vec handlers = {0};
    int star = -1;   /* the first handler decides: except (0) or except* (1) */
    while (peek_kind(p) == K_EXCEPT) {
        Token *et = next(p);
        bool is_star = peek_kind(p) == T_STAR;
        if (is_star) {
            Token *st = next(p);
            if (star == 0) {
                if (!p->no_invalid) {
                    SrcPos a = tok_pos(et), b = tok_pos(st);
                    raise_range(p, &a, &b, "cannot have both 'except' and 'except*' on the same 'try'");
                }
                fail(p);
            }
            if (peek_kind(p) == T_COLON || peek_kind(p) == T_NEWLINE) {
                if (!p->no_invalid) raise_at_tok(p, "SyntaxError", peek(p), "expected one or more exception types");
                fail(p);
            }
        } else if (star == 1) {
            if (!p->no_invalid) raise_at_tok(p, "SyntaxError", et, "cannot have both 'except' and 'except*' on the same 'try'");
            fail(p);
        }
        star = is_star;
        ExceptHandler *h = palloc(p, sizeof(ExceptHandler));
        if (peek_kind(p) != T_COLON) {
            if (peek_kind(p) == T_NEWLINE) {
                if (!p->no_invalid) raise_last(p, "expected ':'");
                fail(p);
            }
            h->type = expression(p);
            if (peek_kind(p) == T_COMMA && !p->no_invalid) {
                /* 'except' expression ',' expressions ['as' NAME] ':' */
                int pos = p->pos, maxpos = p->maxpos;
                while (accept(p, T_COMMA)) {
                    if (!try_invalid(p, fn_expression, NULL)) break;
                }
                if (accept(p, K_AS)) accept(p, T_NAME);
                if (peek_kind(p) == T_COLON) {
                    Token *l = p->last;
                    raise_loc(p, "SyntaxError", h->type->pos.lineno, h->type->pos.col_offset + 1,
                              l->end_lineno, l->end_col + 1,
                              "multiple exception types must be parenthesized");
                }
                p->pos = pos;
                p->maxpos = maxpos;
            }
            if (accept(p, K_AS)) h->name = ident(p, expect(p, T_NAME));
        }
        colon(p);
        h->body = block(p, is_star ? "'except*' statement" : "'except' statement", et->lineno);
        h->pos = span(p, et);
        vec_push(p, &handlers, h);
    }
    StmtList orelse = {0, NULL}, finalbody = {0, NULL};
    if (handlers.n && peek_kind(p) == K_ELSE) orelse = else_block(p);
    if (peek_kind(p) == K_FINALLY) {
        Token *ft = next(p);
        expect_forced(p, T_COLON, ":");
        finalbody = block(p, "'finally' statement", ft->lineno);
    } else if (!handlers.n) {
        if (!p->no_invalid) raise_last(p, "expected 'except' or 'finally' block");
        fail(p);
    }
    if (star == 1) check_version(p, 11, "Exception groups are");
    Stmt *s = new_stmt(p, star == 1 ? S_TRYSTAR : S_TRY, span(p, start));
    s->u.try_.body = body;
    s->u.try_.nhandlers = handlers.n;
    s->u.try_.handlers = (ExceptHandler **)handlers.a;
    s->u.try_.orelse = orelse;
    s->u.try_.finalbody = finalbody;
    return s;
}

static void *fn_return_annotation(P *p, void *arg) {
    (void)arg;
    if (!accept(p, T_RARROW)) return NULL;
    return expression(p);
}

static Stmt *funcdef(P *p, ExprList decos, Token *start) {
    Token *deftok = next(p);
    Token *name = expect(p, T_NAME);
    expect_forced(p, T_LPAR, "(");
    Arguments *args = parameters(p, 0);
    expect(p, T_RPAR);
    /* ['->' expression]: if that fails, CPython goes on without it and
     * its forced ':' reports "expected ':'" at the '->' */
    Expr *ret = try_pass1(p, fn_return_annotation, NULL);
    expect_forced(p, T_COLON, ":");
    /* func_type_comment: on the def's line, or alone on the next line
       before the indented body */
    const char *tc = NULL;
    if (peek_kind(p) == T_TYPE_COMMENT) {
        tc = opt_type_comment(p);
        if (peek_kind(p) == T_NEWLINE && peek2_kind(p) == T_TYPE_COMMENT && !p->no_invalid) {
            int save = p->pos;
            p->pos += 2;
            if (peek_kind(p) == T_NEWLINE && peek2_kind(p) == T_INDENT) {
                p->pos++;
                peek(p);
                raise_last(p, "Cannot have two type comments on def");
            }
            p->pos = save;
        }
    } else if (peek_kind(p) == T_NEWLINE && peek2_kind(p) == T_TYPE_COMMENT) {
        int save = p->pos;
        p->pos++;
        Token *t = next(p);
        if (peek_kind(p) == T_NEWLINE && peek2_kind(p) == T_INDENT) tc = tok_str(p, t);
        else p->pos = save;
    }
    StmtList body = block(p, "function definition", deftok->lineno);
    if (start->kind == K_ASYNC) check_version(p, 5, "Async functions are");
    Stmt *s = new_stmt(p, start->kind == K_ASYNC ? S_ASYNCFUNCTIONDEF : S_FUNCTIONDEF,
                       span(p, start));
    s->u.funcdef.name = ident(p, name);
    s->u.funcdef.args = args;
    s->u.funcdef.body = body;
    s->u.funcdef.decorator_list = decos;
    s->u.funcdef.returns = ret;
    s->u.funcdef.type_comment = tc;
    return s;
}

static Stmt *classdef(P *p, ExprList decos) {
    Token *start = next(p);
    Token *name = expect(p, T_NAME);
    Stmt *s = new_stmt(p, S_CLASSDEF, tok_pos(start));
    if (peek_kind(p) == T_LPAR) {
        Token *lp = next(p);
        enter(p);
        call_args(p, lp, &s->u.classdef.bases, &s->u.classdef.nkeywords, &s->u.classdef.keywords, 1);
        leave(p);
    }
    colon(p);
    s->u.classdef.body = block(p, "class definition", start->lineno);
    s->u.classdef.name = ident(p, name);
    s->u.classdef.decorator_list = decos;
    s->pos = span(p, start);
    return s;
}

static Stmt *decorated(P *p) {
    int mark = p->sc_n;
    while (accept(p, T_AT)) {
        sc_push(p, named_expression(p));
        expect(p, T_NEWLINE);
    }
    ExprList decos = sc_exprs(p, mark);
    Token *t = peek(p);
    if (t->kind == K_DEF) return funcdef(p, decos, t);
    if (t->kind == K_CLASS) return classdef(p, decos);
    if (t->kind == K_ASYNC && peek2_kind(p) == K_DEF) {
        next(p);
        return funcdef(p, decos, t);
    }
    fail(p);
}

/* `match` is a soft keyword: a match statement is `match subject:` NEWLINE.
 * We recognise it without disturbing `match = 1` etc. */
static void *fn_match_head(P *p, void *arg) {
    (void)arg;
    next(p);
    Expr *e = star_named_expression(p);
    if (peek_kind(p) == T_COMMA) {
        while (accept(p, T_COMMA)) {
            if (peek_kind(p) == T_COLON) break;
            star_named_expression(p);
        }
    }
    if (peek_kind(p) != T_COLON) fail(p);
    next(p);
    if (peek_kind(p) != T_NEWLINE) fail(p);
    return e;
}

/* A statement starts with the soft keyword `match` but is no match
 * statement. CPython (in its second pass) still tries match_stmt here
 * first: it parses the subject with its error rules on, and `match
 * subject` followed by NEWLINE is invalid_match_stmt ("expected ':'"). */
static void *fn_match_subject(P *p, void *arg) {
    (void)arg;
    next(p);
    Expr *e = star_named_expression(p);
    if (peek_kind(p) == T_COMMA) {
        while (accept(p, T_COMMA)) {
            int k = peek_kind(p);
            if (!can_start_expr(k) && k != T_STAR) break;
            star_named_expression(p);
        }
    }
    return e;
}

static void match_subject_check(P *p) {
    int pos = p->pos, maxpos = p->maxpos;
    Token *last = p->last;
    if (try_invalid(p, fn_match_subject, NULL) && raw_kind(p) == T_NEWLINE)
        raise_last(p, "expected ':'");
    p->pos = pos;
    p->last = last;
    p->maxpos = maxpos;
}

static int is_match_stmt(P *p) {
    int k = p->toks[p->pos + 1].kind;
    if (k == T_EQUAL || k == T_NEWLINE || k == T_DOT || k == T_SEMI) return 0;
    int pos = p->pos, maxpos = p->maxpos;
    Token *last = p->last;
    void *r = try_parse(p, fn_match_head, NULL, 0);
    p->pos = pos;
    p->last = last;
    p->maxpos = maxpos;
    return r != NULL;
}

/* ---- the match statement ---------------------------------------------- */

/* Patterns follow CPython 3.11's grammar rule by rule (closed_pattern and
 * its alternatives); PEG's ordered choice commits to the first alternative
 * that succeeds, so `_` is always the wildcard, even before '(' or '.'. */

static Pattern *pattern(P *p);

static Pattern *new_pat(P *p, PatternKind k, SrcPos pos) {
    Pattern *q = palloc(p, sizeof(Pattern));
    memset(q, 0, sizeof *q);
    q->kind = k;
    q->pos = pos;
    return q;
}

static PatternList sc_pats(P *p, int mark) {
    PatternList l;
    l.items = (Pattern **)sc_take(p, mark, &l.n);
    return l;
}

static int can_start_pattern(int k) {
    return k == T_NAME || k == T_NUMBER || k == T_STRING || k == T_MINUS || k == K_NONE || k == K_TRUE ||
           k == K_FALSE || k == T_LPAR || k == T_LSQB || k == T_LBRACE;
}

static int is_imag_token(P *p, const Token *t) {
    char last = p->lx->src[t->off + t->len - 1];
    return last == 'j' || last == 'J';
}

/* pattern_capture_target's lookahead: a name that is not `_` and is not
 * followed by '.', '(' or '='. */
static int capture_ok(P *p, Token *t) {
    if (t->kind != T_NAME || is_name(p, t, "_")) return 0;
    int i = TIDX(t) + 1;
    /* the lookahead counts as looked at for "invalid syntax" */
    if (i > p->maxpos) p->maxpos = i;
    if (i > p->fill) p->fill = i;
    int k = p->toks[i].kind;
    return k != T_DOT && k != T_LPAR && k != T_EQUAL;
}

/* signed_number | complex_number, as an expression (a MatchValue's value
 * or a mapping key). `-` followed by `+`/`-` continues into a complex sum. */
static Expr *number_literal(P *p) {
    Token *start = peek(p);
    int neg = accept(p, T_MINUS) != NULL;
    Token *nt = expect(p, T_NUMBER);
    Expr *num = parse_number(p, nt);
    Expr *real = num;
    if (neg) {
        real = new_expr(p, E_UNARYOP, span(p, start));
        real->u.unaryop.op = UNOP_NEG;
        real->u.unaryop.operand = num;
    }
    int k = peek_kind(p);
    if (k != T_PLUS && k != T_MINUS) return real;
    if (is_imag_token(p, nt)) raise_tok(p, nt, "real number required in complex literal");
    next(p);
    Token *it = expect(p, T_NUMBER);
    if (!is_imag_token(p, it)) raise_tok(p, it, "imaginary number required in complex literal");
    Expr *imag = parse_number(p, it);
    return new_binop(p, real, k == T_PLUS ? BINOP_ADD : BINOP_SUB, imag, span(p, start));
}

/* name_or_attr: NAME ('.' NAME)* as a Name or nested Attributes. */
static Expr *name_or_attr(P *p) {
    Token *start = expect(p, T_NAME);
    Expr *e = new_name(p, start, CTX_LOAD);
    while (peek_kind(p) == T_DOT) {
        next(p);
        Token *n = expect(p, T_NAME);
        Expr *a = new_expr(p, E_ATTRIBUTE, span(p, start));
        a->u.attribute.value = e;
        a->u.attribute.attr = ident(p, n);
        a->u.attribute.ctx = CTX_LOAD;
        e = a;
    }
    return e;
}

/* maybe_star_pattern */
static Pattern *star_or_pattern(P *p) {
    Token *start = peek(p);
    if (start->kind != T_STAR) return pattern(p);
    next(p);
    Token *t = peek(p);
    if (is_name(p, t, "_")) {
        next(p);
        return new_pat(p, P_STAR, span(p, start));
    }
    if (!capture_ok(p, t)) fail(p);
    next(p);
    Pattern *q = new_pat(p, P_STAR, span(p, start));
    q->u.star.name = ident(p, t);
    return q;
}

/* The items of a sequence pattern up to the closing bracket. */
static PatternList seq_items(P *p, int close) {
    int mark = p->sc_n;
    while (peek_kind(p) != close) {
        sc_push(p, star_or_pattern(p));
        if (!accept(p, T_COMMA)) break;
    }
    return sc_pats(p, mark);
}

static void *fn_pattern(P *p, void *arg) {
    (void)arg;
    return pattern(p);
}

static Pattern *class_pattern(P *p, Token *start, Expr *cls) {
    expect(p, T_LPAR);
    int mark = p->sc_n;
    int npos = 0, nkw = 0;
    while (peek_kind(p) != T_RPAR) {
        if (peek_kind(p) == T_NAME && peek2_kind(p) == T_EQUAL) {
            Token *n = next(p);
            next(p);
            sc_push(p, (void *)ident(p, n));
            sc_push(p, pattern(p));
            nkw++;
        } else if (nkw) {
            /* invalid_class_pattern: the run of positional patterns after
             * the keywords is the error's range */
            if (p->no_invalid) fail(p);
            Pattern *a = try_pass1(p, fn_pattern, NULL), *b = a;
            if (!a) fail(p);
            while (peek_kind(p) == T_COMMA && !(p->toks[p->pos + 1].kind == T_NAME &&
                                                 p->toks[p->pos + 2].kind == T_EQUAL)) {
                int pos = p->pos;
                Token *last = p->last;
                next(p);
                Pattern *q = try_pass1(p, fn_pattern, NULL);
                if (!q) {
                    p->pos = pos;
                    p->last = last;
                    break;
                }
                b = q;
            }
            raise_range(p, &a->pos, &b->pos, "positional patterns follow keyword patterns");
        } else {
            sc_push(p, pattern(p));
            npos++;
        }
        if (!accept(p, T_COMMA)) break;
    }
    int ntot;
    void **items = sc_take(p, mark, &ntot);
    PatternList pos = {npos, npos ? (Pattern **)items : NULL};
    void **kv = items ? items + npos : NULL;
    expect(p, T_RPAR);
    Pattern *q = new_pat(p, P_CLASS, span(p, start));
    q->u.cls.cls = cls;
    q->u.cls.patterns = pos;
    q->u.cls.nkwd = nkw;
    q->u.cls.kwd_attrs = palloc(p, sizeof(char *) * (size_t)(nkw + 1));
    q->u.cls.kwd_patterns.n = nkw;
    q->u.cls.kwd_patterns.items = nkw ? palloc(p, sizeof(Pattern *) * (size_t)nkw) : NULL;
    for (int i = 0; i < nkw; i++) {
        q->u.cls.kwd_attrs[i] = kv[2 * i];
        q->u.cls.kwd_patterns.items[i] = kv[2 * i + 1];
    }
    return q;
}

static Pattern *mapping_pattern(P *p) {
    Token *start = next(p);
    int mark = p->sc_n;
    const char *rest = NULL;
    int n = 0;
    while (peek_kind(p) != T_RBRACE) {
        if (accept(p, T_DOUBLESTAR)) {
            Token *t = peek(p);
            if (!capture_ok(p, t)) fail(p);
            next(p);
            rest = ident(p, t);
            accept(p, T_COMMA);
            break;
        }
        Token *k = peek(p);
        Expr *key;
        switch (k->kind) {
        case T_NUMBER: case T_MINUS: key = number_literal(p); break;
        case T_STRING: key = strings(p); break;
        case K_NONE: next(p); key = new_const(p, CONST_NONE, tok_pos(k)); break;
        case K_TRUE: next(p); key = new_const(p, CONST_TRUE, tok_pos(k)); break;
        case K_FALSE: next(p); key = new_const(p, CONST_FALSE, tok_pos(k)); break;
        case T_NAME:
            key = name_or_attr(p);
            if (key->kind != E_ATTRIBUTE) fail(p);
            break;
        default: fail(p);
        }
        expect(p, T_COLON);
        sc_push(p, key);
        sc_push(p, pattern(p));
        n++;
        if (!accept(p, T_COMMA)) break;
    }
    expect(p, T_RBRACE);
    int m;
    void **kv = sc_take(p, mark, &m);
    Pattern *q = new_pat(p, P_MAPPING, span(p, start));
    q->u.mapping.keys.n = q->u.mapping.patterns.n = n;
    if (n) {
        q->u.mapping.keys.items = palloc(p, sizeof(Expr *) * (size_t)n);
        q->u.mapping.patterns.items = palloc(p, sizeof(Pattern *) * (size_t)n);
    }
    for (int i = 0; i < n; i++) {
        q->u.mapping.keys.items[i] = kv[2 * i];
        q->u.mapping.patterns.items[i] = kv[2 * i + 1];
    }
    q->u.mapping.rest = rest;
    return q;
}

static Pattern *closed_pattern(P *p) {
    Token *t = peek(p);
    switch (t->kind) {
    case T_NUMBER: case T_MINUS: {
        Pattern *q = new_pat(p, P_VALUE, tok_pos(t));
        q->u.value.value = number_literal(p);
        q->pos = span(p, t);
        return q;
    }
    case T_STRING: {
        Expr *e = strings(p);
        Pattern *q = new_pat(p, P_VALUE, e->pos);
        q->u.value.value = e;
        return q;
    }
    case K_NONE: case K_TRUE: case K_FALSE: {
        next(p);
        Pattern *q = new_pat(p, P_SINGLETON, tok_pos(t));
        q->u.singleton.value = t->kind == K_NONE ? CONST_NONE : t->kind == K_TRUE ? CONST_TRUE : CONST_FALSE;
        return q;
    }
    case T_NAME: {
        if (is_name(p, t, "_")) {
            next(p);
            return new_pat(p, P_AS, tok_pos(t));
        }
        if (capture_ok(p, t)) {
            next(p);
            Pattern *q = new_pat(p, P_AS, tok_pos(t));
            q->u.as.name = ident(p, t);
            return q;
        }
        Expr *e = name_or_attr(p);
        if (peek_kind(p) == T_LPAR) return class_pattern(p, t, e);
        if (e->kind != E_ATTRIBUTE || peek_kind(p) == T_DOT || peek_kind(p) == T_EQUAL) fail(p);
        Pattern *q = new_pat(p, P_VALUE, e->pos);
        q->u.value.value = e;
        return q;
    }
    case T_LPAR: {
        next(p);
        if (accept(p, T_RPAR)) return new_pat(p, P_SEQUENCE, span(p, t));
        Pattern *first = star_or_pattern(p);
        if (first->kind != P_STAR && accept(p, T_RPAR)) return first;   /* a group */
        expect(p, T_COMMA);
        int mark = p->sc_n;
        sc_push(p, first);
        while (peek_kind(p) != T_RPAR) {
            sc_push(p, star_or_pattern(p));
            if (!accept(p, T_COMMA)) break;
        }
        expect(p, T_RPAR);
        Pattern *q = new_pat(p, P_SEQUENCE, span(p, t));
        q->u.seq.patterns = sc_pats(p, mark);
        return q;
    }
    case T_LSQB: {
        next(p);
        PatternList l = seq_items(p, T_RSQB);
        expect(p, T_RSQB);
        Pattern *q = new_pat(p, P_SEQUENCE, span(p, t));
        q->u.seq.patterns = l;
        return q;
    }
    case T_LBRACE:
        return mapping_pattern(p);
    default:
        fail(p);
    }
}

static Pattern *or_pattern(P *p) {
    Token *start = peek(p);
    Pattern *first = closed_pattern(p);
    if (peek_kind(p) != T_VBAR) return first;
    int mark = p->sc_n;
    sc_push(p, first);
    while (accept(p, T_VBAR)) sc_push(p, closed_pattern(p));
    Pattern *q = new_pat(p, P_OR, span(p, start));
    q->u.or_.patterns = sc_pats(p, mark);
    return q;
}

/* as_pattern | or_pattern, with invalid_as_pattern's messages */
static Pattern *pattern(P *p) {
    Token *start = peek(p);
    enter(p);
    Pattern *q = or_pattern(p);
    if (peek_kind(p) == K_AS) {
        next(p);
        Token *t = peek(p);
        if (!capture_ok(p, t)) {
            if (p->no_invalid) fail(p);
            if (is_name(p, t, "_")) raise_tok(p, t, "cannot use '_' as a target");
            if (t->kind != T_NAME) {
                Expr *e = try_pass1(p, fn_expression, NULL);
                if (e) raise_node(p, &e->pos, "invalid pattern target");
            }
            fail(p);
        }
        next(p);
        Pattern *as = new_pat(p, P_AS, span(p, start));
        as->u.as.pattern = q;
        as->u.as.name = ident(p, t);
        q = as;
    }
    leave(p);
    return q;
}

/* patterns: open_sequence_pattern | pattern */
static Pattern *case_patterns(P *p) {
    Token *start = peek(p);
    Pattern *first = star_or_pattern(p);
    if (peek_kind(p) != T_COMMA) {
        if (first->kind == P_STAR) fail(p);
        return first;
    }
    next(p);
    int mark = p->sc_n;
    sc_push(p, first);
    while (can_start_pattern(peek_kind(p)) || peek_kind(p) == T_STAR) {
        sc_push(p, star_or_pattern(p));
        if (!accept(p, T_COMMA)) break;
    }
    Pattern *q = new_pat(p, P_SEQUENCE, span(p, start));
    q->u.seq.patterns = sc_pats(p, mark);
    return q;
}

/* subject_expr: a tuple when a comma follows the first item */
static Expr *match_subject(P *p) {
    Token *start = peek(p);
    if (start->kind != T_STAR) {
        Expr *e = named_expression(p);
        if (peek_kind(p) != T_COMMA) return e;
        int mark = p->sc_n;
        sc_push(p, e);
        while (accept(p, T_COMMA)) {
            if (peek_kind(p) == T_COLON) break;
            sc_push(p, star_named_expression(p));
        }
        return new_tuple(p, sc_exprs(p, mark), CTX_LOAD, span(p, start));
    }
    int mark = p->sc_n;
    sc_push(p, star_named_expression(p));
    expect(p, T_COMMA);
    while (peek_kind(p) != T_COLON) {
        sc_push(p, star_named_expression(p));
        if (!accept(p, T_COMMA)) break;
    }
    return new_tuple(p, sc_exprs(p, mark), CTX_LOAD, span(p, start));
}

static Stmt *match_stmt(P *p) {
    Token *start = next(p);
    Expr *subject = match_subject(p);
    expect(p, T_COLON);
    expect(p, T_NEWLINE);
    if (peek_kind(p) != T_INDENT) {
        if (!p->no_invalid)
            raise_indent_last(p, pformat("expected an indented block after 'match' statement on line %d",
                                         start->lineno));
        fail(p);
    }
    next(p);
    int mark = p->sc_n;
    do {
        Token *c = peek(p);
        if (!is_name(p, c, "case")) fail(p);
        next(p);
        MatchCase *mc = palloc(p, sizeof(MatchCase));
        mc->pattern = case_patterns(p);
        mc->guard = NULL;
        if (accept(p, K_IF)) mc->guard = named_expression(p);
        colon(p);
        mc->body = block(p, "'case' statement", c->lineno);
        sc_push(p, mc);
    } while (peek_kind(p) != T_DEDENT);
    next(p);
    int n;
    void **cases = sc_take(p, mark, &n);
    check_version(p, 10, "Pattern matching is");
    Stmt *s = new_stmt(p, S_MATCH, span(p, start));
    s->u.match.subject = subject;
    s->u.match.ncases = n;
    s->u.match.cases = (MatchCase **)cases;
    return s;
}

static const char *dotted_name(P *p) {
    Buf b;
    buf_init(&b, 32);
    Token *t = expect(p, T_NAME);
    buf_puts(&b, ident(p, t));
    while (peek_kind(p) == T_DOT) {
        next(p);
        t = expect(p, T_NAME);
        buf_putc(&b, '.');
        buf_puts(&b, ident(p, t));
    }
    return pstrndup(b.data, b.len);
}

static Alias *new_alias(P *p, Token *start, const char *name, const char *asname) {
    Alias *a = palloc(p, sizeof(Alias));
    a->name = name;
    a->asname = asname;
    a->pos = span(p, start);
    return a;
}

static Stmt *import_name(P *p) {
    Token *start = next(p);
    Vec names = {0};
    do {
        Token *st = peek(p);
        const char *n = dotted_name(p);
        const char *as = NULL;
        if (accept(p, K_AS)) as = ident(p, expect(p, T_NAME));
        vec_push(p, &names, new_alias(p, st, n, as));
    } while (accept(p, T_COMMA));
    Stmt *s = new_stmt(p, S_IMPORT, span(p, start));
    s->u.import.nnames = names.n;
    s->u.import.names = (Alias **)names.a;
    return s;
}

static Stmt *import_from(P *p) {
    Token *start = next(p);
    int level = 0;
    for (;;) {
        int k = peek_kind(p);
        if (k == T_DOT) level += 1;
        else if (k == T_ELLIPSIS) level += 3;
        else break;
        next(p);
    }
    const char *module = NULL;
    if (level == 0 || peek_kind(p) == T_NAME) module = dotted_name(p);
    expect(p, K_IMPORT);
    Vec names = {0};
    Token *t = peek(p);
    if (t->kind == T_STAR) {
        next(p);
        vec_push(p, &names, new_alias(p, t, "*", NULL));
    } else {
        int paren = accept(p, T_LPAR) != NULL;
        for (;;) {
            Token *st = peek(p);
            Token *n = expect(p, T_NAME);
            const char *as = NULL;
            if (accept(p, K_AS)) as = ident(p, expect(p, T_NAME));
            vec_push(p, &names, new_alias(p, st, ident(p, n), as));
            if (!accept(p, T_COMMA)) break;
            if (paren && peek_kind(p) == T_RPAR) break;
            if (!paren && peek_kind(p) == T_NEWLINE) {
                if (!p->no_invalid)
                    raise_last(p, "trailing comma not allowed without surrounding parentheses");
                fail(p);
            }
        }
        if (paren) expect(p, T_RPAR);
    }
    Stmt *s = new_stmt(p, S_IMPORTFROM, span(p, start));
    s->u.importfrom.module = module;
    s->u.importfrom.level = level;
    s->u.importfrom.nnames = names.n;
    s->u.importfrom.names = (Alias **)names.a;
    return s;
}

/* del_targets: each a primary-level target, then ';' or NEWLINE */
static void *fn_del_targets(P *p, void *arg) {
    (void)arg;
    int mark = p->sc_n;
    for (;;) {
        Expr *e = primary(p);
        if (!valid_del_target(e)) fail(p);
        sc_push(p, e);
        if (!accept(p, T_COMMA)) break;
        int k = peek_kind(p);
        if (k == T_SEMI || k == T_NEWLINE) break;
    }
    int k = peek_kind(p);
    if (k != T_SEMI && k != T_NEWLINE) fail(p);
    ExprList *l = palloc(p, sizeof(ExprList));
    *l = sc_exprs(p, mark);
    return l;
}

static Stmt *del_stmt(P *p) {
    Token *start = next(p);
    int pos = p->pos;
    ExprList *l = try_parse(p, fn_del_targets, NULL, 1);
    if (!l) {
        if (!p->no_invalid) {
            int maxpos = p->maxpos;
            p->pos = pos;
            Expr *e = try_invalid(p, fn_star_expressions, NULL);
            if (e) raise_invalid_target(p, TGT_DEL, e);
            p->maxpos = maxpos;
        }
        fail(p);
    }
    for (int i = 0; i < l->n; i++) set_ctx(l->items[i], CTX_DEL);
    Stmt *s = new_stmt(p, S_DELETE, span(p, start));
    s->u.del.targets = *l;
    return s;
}

static int augassign_op(int kind) {
    switch (kind) {
    case T_PLUSEQUAL: return BINOP_ADD;
    case T_MINEQUAL: return BINOP_SUB;
    case T_STAREQUAL: return BINOP_MUL;
    case T_ATEQUAL: return BINOP_MATMUL;
    case T_SLASHEQUAL: return BINOP_TRUEDIV;
    case T_PERCENTEQUAL: return BINOP_MOD;
    case T_AMPEREQUAL: return BINOP_AND;
    case T_VBAREQUAL: return BINOP_OR;
    case T_CIRCUMFLEXEQUAL: return BINOP_XOR;
    case T_LEFTSHIFTEQUAL: return BINOP_LSHIFT;
    case T_RIGHTSHIFTEQUAL: return BINOP_RSHIFT;
    case T_DOUBLESTAREQUAL: return BINOP_POW;
    case T_DOUBLESLASHEQUAL: return BINOP_FLOORDIV;
    default: return -1;
    }
}

static Expr *rhs(P *p) {
    if (peek_kind(p) == K_YIELD) return yield_expr(p);
    return star_expressions(p);
}

static void *fn_rhs(P *p, void *a) { (void)a; return rhs(p); }

static void *fn_star_named_expressions(P *p, void *arg) {
    (void)arg;
    Expr *e = star_named_expression(p);
    while (accept(p, T_COMMA)) {
        int k = peek_kind(p);
        if (!can_start_expr(k) && k != T_STAR) break;
        e = star_named_expression(p);
    }
    return e;
}

static int single_target(const Expr *e) {
    return e->kind == E_NAME || e->kind == E_ATTRIBUTE || e->kind == E_SUBSCRIPT;
}

/* invalid_assignment for `targets = value`: targets[i] starts at token
 * index tstart[i]; the '=' after the first target is at eq0. */
static void assign_error(P *p, Vec *targets, int first_elt, int bare, int eq0) {
    if (p->no_invalid) return;
    Expr *t0 = targets->a[0];
    /* The element just before the first '=' went through CPython's
     * invalid_named_expression. */
    Expr *e = NULL;
    if (bare) {
        if (first_elt >= 0) e = t0->u.seq.elts.items[t0->u.seq.elts.n - 1];
    } else {
        e = t0;
    }
    if (e && e->kind != E_STARRED) {
        int pos = p->pos;
        Token *last = p->last;
        p->pos = eq0;
        check_eq(p, &p->toks[first_elt], e);
        p->pos = pos;
        p->last = last;
    }
    for (int i = 0; i < targets->n; i++) {
        Expr *t = targets->a[i];
        if (valid_star_target(t)) continue;
        if (t->kind == E_YIELD || t->kind == E_YIELDFROM)
            raise_node(p, &t->pos, "assignment to yield expression not possible");
        raise_invalid_target(p, TGT_STAR, t);
        return;
    }
}

/* Assignment, annotated or augmented assignment, or expression statement. */
static Stmt *expr_stmt(P *p) {
    Token *start = peek(p);
    Expr *first = rhs(p);
    int bare = first->kind == E_TUPLE && p->bare_tuple;
    int first_elt = bare ? p->last_elt : TIDX(start);
    if (first->kind == E_YIELD || first->kind == E_YIELDFROM) bare = 0;
    int k = peek_kind(p);
    if (k == T_COLONEQUAL && !p->no_invalid) {
        /* invalid_named_expression reached through invalid_assignment */
        Expr *e = bare ? (p->last_elt >= 0 ? first->u.seq.elts.items[first->u.seq.elts.n - 1] : NULL)
                       : first;
        if (e && e->kind != E_NAME && e->kind != E_STARRED) {
            int pos = p->pos;
            next(p);
            Expr *b = try_invalid(p, fn_expression, NULL);
            p->pos = pos;
            if (b)
                raise_node(p, &e->pos, pformat("cannot use assignment expressions with %s",
                                               expr_name(e)));
        }
    }
    if (k == T_COLON) {
        /* annotated assignment */
        int ok = single_target(first) && first->kind != E_TUPLE;
        if (!ok) {
            if (!p->no_invalid) {
                int pos = p->pos;
                next(p);
                Expr *ann = try_invalid(p, fn_expression, NULL);
                p->pos = pos;
                if (ann) {
                    if (first->kind == E_LIST || (first->kind == E_TUPLE && !bare))
                        raise_node(p, &first->pos,
                                   pformat("only single target (not %s) can be annotated",
                                           expr_name(first)));
                    if (bare)
                        raise_node(p, &first->u.seq.elts.items[0]->pos,
                                   "only single target (not tuple) can be annotated");
                    if (first->kind != E_STARRED && first->kind != E_YIELD &&
                        first->kind != E_YIELDFROM)
                        raise_node(p, &first->pos, "illegal target for annotation");
                }
            }
            fail(p);
        }
        next(p);
        Expr *ann = expression(p);
        Expr *value = NULL;
        if (accept(p, T_EQUAL)) value = rhs(p);
        check_version(p, 6, "Variable annotation syntax is");
        set_ctx(first, CTX_STORE);
        Stmt *s = new_stmt(p, S_ANNASSIGN, span(p, start));
        s->u.annassign.target = first;
        s->u.annassign.annotation = ann;
        s->u.annassign.value = value;
        s->u.annassign.simple = first->kind == E_NAME && !is_group(start, first);
        return s;
    }
    if (k == T_EQUAL) {
        Vec targets = {0};
        vec_push(p, &targets, first);
        int eq0 = p->pos;
        Expr *value;
        for (;;) {
            next(p);  /* '=' */
            Expr *v = try_pass1(p, fn_rhs, NULL);
            if (!v) {
                for (int i = 0; i < targets.n; i++)
                    if (!valid_star_target(targets.a[i])) assign_error(p, &targets, first_elt, bare, eq0);
                v = rhs(p);  /* fails again, at the right place */
            }
            if (peek_kind(p) == T_EQUAL) {
                vec_push(p, &targets, v);
                continue;
            }
            value = v;
            break;
        }
        for (int i = 0; i < targets.n; i++) {
            if (!valid_star_target(targets.a[i])) {
                assign_error(p, &targets, first_elt, bare, eq0);
                fail(p);
            }
        }
        for (int i = 0; i < targets.n; i++) set_ctx(targets.a[i], CTX_STORE);
        const char *tc = opt_type_comment(p);   /* (the statement spans it) */
        Stmt *s = new_stmt(p, S_ASSIGN, span(p, start));
        s->u.assign.type_comment = tc;
        s->u.assign.targets.n = targets.n;
        s->u.assign.targets.items = (Expr **)targets.a;
        s->u.assign.value = value;
        return s;
    }
    int op = augassign_op(k);
    if (op >= 0) {
        if (!single_target(first)) {
            if (!p->no_invalid) {
                int pos = p->pos;
                next(p);
                Expr *v = try_invalid(p, fn_rhs, NULL);
                p->pos = pos;
                if (v)
                    raise_node(p, &first->pos,
                               pformat("'%s' is an illegal expression for augmented assignment",
                                       expr_name(first)));
            }
            fail(p);
        }
        if (op == BINOP_MATMUL) check_version(p, 5, "The '@' operator is");
        next(p);
        Expr *value = rhs(p);
        set_ctx(first, CTX_STORE);
        Stmt *s = new_stmt(p, S_AUGASSIGN, span(p, start));
        s->u.augassign.target = first;
        s->u.augassign.op = op;
        s->u.augassign.value = value;
        return s;
    }
    if (bare && can_start_expr(k) && !p->no_invalid) {
        /* CPython's invalid_assignment reads `a, b c = 1` as a list of
         * star_named_expressions followed by more of them, which puts the
         * element before the '=' through invalid_named_expression */
        int pos = p->pos, maxpos = p->maxpos;
        Token *last = p->last;
        while (can_start_expr(raw_kind(p)) || raw_kind(p) == T_STAR) {
            if (!try_invalid(p, fn_star_named_expressions, NULL)) break;
        }
        p->pos = pos;
        p->last = last;
        p->maxpos = maxpos;
    }
    Stmt *s = new_stmt(p, S_EXPR, span(p, start));
    s->u.expr.value = first;
    return s;
}

static Stmt *simple_stmt(P *p) {
    Token *start = peek(p);
    Stmt *s;
    switch (start->kind) {
    case K_RETURN: {
        next(p);
        Expr *v = NULL;
        int k = peek_kind(p);
        if (can_start_expr(k) || k == T_STAR) v = star_expressions(p);
        s = new_stmt(p, S_RETURN, span(p, start));
        s->u.ret.value = v;
        return s;
    }
    case K_IMPORT:
        return import_name(p);
    case K_FROM:
        return import_from(p);
    case K_RAISE: {
        next(p);
        Expr *exc = NULL, *cause = NULL;
        if (can_start_expr(peek_kind(p))) {
            exc = expression(p);
            if (accept(p, K_FROM)) cause = expression(p);
        }
        s = new_stmt(p, S_RAISE, span(p, start));
        s->u.raise.exc = exc;
        s->u.raise.cause = cause;
        return s;
    }
    case K_PASS:
        next(p);
        return new_stmt(p, S_PASS, span(p, start));
    case K_BREAK:
        next(p);
        return new_stmt(p, S_BREAK, span(p, start));
    case K_CONTINUE:
        next(p);
        return new_stmt(p, S_CONTINUE, span(p, start));
    case K_DEL:
        return del_stmt(p);
    case K_ASSERT: {
        next(p);
        Expr *test = expression(p);
        Expr *msg = NULL;
        if (accept(p, T_COMMA)) msg = expression(p);
        s = new_stmt(p, S_ASSERT, span(p, start));
        s->u.assert_.test = test;
        s->u.assert_.msg = msg;
        return s;
    }
    case K_GLOBAL:
    case K_NONLOCAL: {
        next(p);
        Vec names = {0};
        do {
            vec_push(p, &names, (void *)ident(p, expect(p, T_NAME)));
        } while (accept(p, T_COMMA));
        s = new_stmt(p, start->kind == K_GLOBAL ? S_GLOBAL : S_NONLOCAL, span(p, start));
        s->u.global.nnames = names.n;
        s->u.global.names = (const char **)names.a;
        return s;
    }
    default:
        return expr_stmt(p);
    }
}

static void statement(P *p) {
    Token *t = peek(p);
    switch (t->kind) {
    case K_DEF:
        sc_push(p, funcdef(p, (ExprList){0, NULL}, t));
        return;
    case T_AT:
        sc_push(p, decorated(p));
        return;
    case K_CLASS:
        sc_push(p, classdef(p, (ExprList){0, NULL}));
        return;
    case K_IF:
        sc_push(p, if_stmt(p));
        return;
    case K_WHILE:
        sc_push(p, while_stmt(p));
        return;
    case K_FOR:
        sc_push(p, for_stmt(p, t));
        return;
    case K_WITH:
        sc_push(p, with_stmt(p, t));
        return;
    case K_TRY:
        sc_push(p, try_stmt(p));
        return;
    case K_ASYNC: {
        int k = peek2_kind(p);
        if (k == K_DEF) {
            next(p);
            sc_push(p, funcdef(p, (ExprList){0, NULL}, t));
            return;
        }
        if (k == K_FOR) {
            next(p);
            sc_push(p, for_stmt(p, t));
            return;
        }
        if (k == K_WITH) {
            next(p);
            sc_push(p, with_stmt(p, t));
            return;
        }
        fail(p);
    }
    case T_NAME:
        if (is_name(p, t, "match")) {
            if (is_match_stmt(p)) {
                sc_push(p, match_stmt(p));
                return;
            }
            if (p->pass2 && !p->speculating && !p->no_invalid) match_subject_check(p);
        }
        break;
    default:
        break;
    }
    for (;;) {
        sc_push(p, simple_stmt(p));
        if (accept(p, T_SEMI)) {
            if (peek_kind(p) == T_NEWLINE) break;
            continue;
        }
        break;
    }
    expect(p, T_NEWLINE);
}

/* ---- entry point -------------------------------------------------- */

/* Fill the error fields from the tokenizer's error. */
static void take_lex_error(P *p) {
    LexError *le = &p->lx->err;
    SyntaxErrorInfo *e = &p->e;
    e->kind = le->kind;
    e->msg = le->msg;
    e->incomplete = le->incomplete;
    if (le->mode == LEXERR_UNCLOSED) {
        int i = p->lx->level - 1;
        int line = p->lx->paren_line[i];
        e->lineno = e->end_lineno = line;
        e->offset = char_offset(p, line, p->lx->paren_col[i] + 1);
        e->file_offset = p->cookie ? e->offset : p->lx->paren_col[i] + 1;
        e->end_offset = e->file_end_offset = 0;
        e->end_offset_zero = 1;
        /* with its newline only if the input ended on that line (CPython's
           tokenizer is still there) */
        e->text = lex_line_text(p->lx, line, line >= p->lx->nlines);
        return;
    }
    e->lineno = le->lineno;
    e->offset = le->offset;
    e->end_lineno = le->end_lineno;
    e->end_offset = le->end_offset;
    e->text = le->text;
    int lazy = le->mode == LEXERR_FIXED_LAZY && !p->cookie;
    e->file_offset = lazy ? le->file_offset : le->offset;
    e->file_end_offset = lazy ? le->file_end_offset : le->end_offset;
}

/* Decide the final error after the parse stopped (CPython's
 * _PyPegen_set_syntax_error and the tokenizer-error ranking). */
static void finish_error(P *p) {
    if (p->err_code == ERR_LEXER) {
        take_lex_error(p);
        return;
    }
    Token *lt = &p->toks[p->maxpos];
    jmp_buf jb;
    p->jb = &jb;
    p->speculating = 0;
    if (setjmp(jb) == 0) {
        if (p->err_code == ERR_GENERIC) {
            /* "invalid syntax" at the furthest token, or an indentation error */
            if (lt->kind == T_INDENT) raise_at_tok(p, "IndentationError", lt, "unexpected indent");
            if (lt->kind == T_DEDENT) raise_at_tok(p, "IndentationError", lt, "unexpected unindent");
            if (lt->kind == T_ENDMARKER)
                raise_loc(p, "SyntaxError", lt->lineno, 0, lt->lineno, 0, "invalid syntax");
            if (lt->kind == T_NEWLINE)   /* zero width in CPython's tokenizer */
                raise_loc(p, "SyntaxError", lt->lineno, lt->col + 1, lt->lineno, lt->col + 1, "invalid syntax");
            raise_loc(p, "SyntaxError", lt->lineno, lt->col + 1, lt->end_lineno, lt->end_col + 1,
                      "invalid syntax");
        }
    }
    p->e.incomplete = lt->at_eof;
    /* A later tokenizer error raised inside CPython's tokenizer replaces a
     * parser error; an unclosed bracket does if it opened on an earlier
     * line than the furthest token read. Not so for "unexpected indent". */
    int indent_error = p->err_code == ERR_GENERIC &&
                       (lt->kind == T_INDENT || lt->kind == T_DEDENT);
    if (p->lx->has_error && !indent_error) {
        LexError *le = &p->lx->err;
        Token *ft = &p->toks[p->fill];
        if (le->mode == LEXERR_FIXED) {
            take_lex_error(p);
        } else if (p->lx->level > 0 && ft->lineno > p->lx->paren_line[p->lx->level - 1]) {
            /* CPython's scan of the rest of the input stops at any other
             * tokenizer error; inside brackets it reports the innermost
             * one as never closed */
            le->mode = LEXERR_UNCLOSED;
            le->msg = pformat("'%c' was never closed", p->lx->parenstack[p->lx->level - 1]);
            le->kind = "SyntaxError";
            take_lex_error(p);
        }
    }
}

/* Statements found after a complete interactive statement? */
static int trailing_garbage(P *p) {
    for (int i = p->pos; i < p->ntoks; i++) {
        int k = p->toks[i].kind;
        if (k == T_NEWLINE || k == T_DEDENT || k == T_ENDMARKER) continue;
        return 1;
    }
    return 0;
}

static Module *parse_tokens(P *p) {
    Module *m = palloc(p, sizeof(Module));
    int mark = p->sc_n;
    if (p->mode == PARSE_EVAL) {
        Token *start = peek(p);
        Expr *e = expression(p);
        if (peek_kind(p) == T_COMMA) {
            int emark = p->sc_n;
            sc_push(p, e);
            while (accept(p, T_COMMA)) {
                if (!can_start_expr(peek_kind(p))) break;
                sc_push(p, expression(p));
            }
            e = new_tuple(p, sc_exprs(p, emark), CTX_LOAD, span(p, start));
        }
        while (accept(p, T_NEWLINE)) {}
        expect(p, T_ENDMARKER);
        Stmt *s = new_stmt(p, S_EXPR, e->pos);
        s->u.expr.value = e;
        sc_push(p, s);
    } else if (p->mode == PARSE_FUNC_TYPE) {
        /* '(' [type_expressions] ')' '->' expression NEWLINE* ENDMARKER,
           where *X and **X (last) are plain items */
        expect(p, T_LPAR);
        int emark = p->sc_n;
        if (peek_kind(p) != T_RPAR) {
            for (;;) {
                if (accept(p, T_STAR)) {
                    sc_push(p, expression(p));
                    if (accept(p, T_COMMA)) {
                        expect(p, T_DOUBLESTAR);
                        sc_push(p, expression(p));
                    }
                    break;
                }
                if (accept(p, T_DOUBLESTAR)) {
                    sc_push(p, expression(p));
                    break;
                }
                sc_push(p, expression(p));
                if (!accept(p, T_COMMA)) break;
            }
        }
        expect(p, T_RPAR);
        expect(p, T_RARROW);
        Expr *r = expression(p);
        while (accept(p, T_NEWLINE)) {}
        expect(p, T_ENDMARKER);
        m->func_argtypes = sc_exprs(p, emark);
        m->func_returns = r;
    } else if (p->mode == PARSE_SINGLE || p->mode == PARSE_PROMPT) {
        Token *t = peek(p);
        /* compile() of nothing in 'single' mode is an error; at the prompt
           an empty line is a statement that does nothing */
        if (p->mode == PARSE_SINGLE && (t->kind == T_NEWLINE || t->kind == T_ENDMARKER)) raise_tok(p, t, "invalid syntax");
        if (t->kind == T_NEWLINE) {
            next(p);
            sc_push(p, new_stmt(p, S_PASS, tok_pos(t)));
        } else if (t->kind != T_ENDMARKER) {
            statement(p);
            /* a compound statement is ended by an empty line or the end of
               the input (another statement after it is invalid syntax) */
            if (stmt_is_compound(p->sc[p->sc_n - 1])) {
                if (p->mode == PARSE_PROMPT || peek(p)->kind != T_ENDMARKER) expect(p, T_NEWLINE);
                /* CPython reads compile(..., 'single')'s text as the prompt
                   would: a compound statement whose last body sits on its
                   header's line needs a newline after it, which the text
                   lacks when its final newline is the one made up here */
                else if (p->pos > 0 && p->toks[p->pos - 1].kind == T_NEWLINE &&
                         p->toks[p->pos - 1].off == p->made_newline_off) {
                    Token *nl = &p->toks[p->pos - 1];
                    raise_loc(p, "SyntaxError", nl->lineno, 0, nl->lineno, 0, "invalid syntax");
                }
            }
            if (trailing_garbage(p)) {
                /* CPython stops reading at the newline that ends the first
                   statement and reports the error there */
                Token *g = &p->toks[p->pos];
                for (int i = p->pos - 1; i >= 0; i--)
                    if (p->toks[i].kind == T_NEWLINE) { g = &p->toks[i]; break; }
                raise_loc(p, "SyntaxError", g->lineno, g->col + 1, g->lineno, g->col + 1,
                          "multiple statements found while compiling a single statement");
            }
        }
    } else {
        while (peek_kind(p) != T_ENDMARKER) statement(p);
    }
    m->body = sc_stmts(p, mark);
    return m;
}

/* Did the failed first pass read to the end of the input, as CPython's
 * tokenizer does when it reaches the end (its _is_end_of_source)? The
 * furthest token is one made up at the end, or, in 'single' mode, whose
 * input gets no final newline from CPython, the newline parse() added or
 * the token just before it (reading that token reached the end). */
static int first_pass_read_to_end(P *p) {
    Token *lt = &p->toks[p->maxpos];
    if (lt->at_eof) return 1;
    return p->mode == PARSE_SINGLE && p->made_newline_off >= 0 &&
           (lt->off >= p->made_newline_off || lt->off + lt->len == p->made_newline_off);
}

/* Parse the tokens; on error fill p->e and return NULL. */
static Module *run_parser(P *p) {
    jmp_buf jb;
    p->jb = &jb;
    if (setjmp(jb) == 0) return parse_tokens(p);
    if (p->allow_incomplete && p->err_code != ERR_LEXER && first_pass_read_to_end(p)) {
        finish_error(p);
        p->e.incomplete = 1;
        return NULL;
    }
    if (p->err_code != ERR_LEXER && !p->pass1) {
        /* As CPython, parse again with the costlier error checks on: an
         * error rule that matches earlier in the file wins. The first
         * pass' furthest token stays where "invalid syntax" goes. */
        P first = *p;
        jmp_buf jb2;
        p->jb = &jb2;
        p->pass2 = 1;
        p->pos = 0;
        p->maxpos = 0;
        p->last = NULL;
        p->depth = 0;
        p->sc_n = 0;
        p->no_invalid = p->speculating = 0;
        p->err_code = ERR_NONE;
        if (setjmp(jb2) == 0) parse_tokens(p);
        if (p->err_code != ERR_SPECIFIC && p->err_code != ERR_LEXER) {
            int fill = p->fill;
            *p = first;
            p->fill = fill;
        }
        p->maxpos = first.maxpos;
    }
    finish_error(p);
    return NULL;
}

/* PEP 263: a "coding[:=]name" in a comment on line 1 or 2 (line 2 only
 * if line 1 is blank or a comment). Copies the name, normalized as
 * CPython's get_normal_name() does, into enc; returns 0 if none. */
static int coding_spec(const char *s, size_t n, char *enc, size_t encsz) {
    size_t i = 0;
    for (int line = 0; line < 2 && i < n; line++) {
        size_t e = i;
        while (e < n && s[e] != '\n' && s[e] != '\r') e++;
        size_t j = i;
        while (j < e && (s[j] == ' ' || s[j] == '\t' || s[j] == '\f')) j++;
        if (j < e && s[j] == '#') {
            for (size_t k = j; k + 6 < e; k++) {
                if (memcmp(s + k, "coding", 6) != 0 || (s[k + 6] != ':' && s[k + 6] != '=')) continue;
                size_t q = k + 7;
                while (q < e && (s[q] == ' ' || s[q] == '\t')) q++;
                size_t m = 0;
                char raw[64];
                while (q < e && m + 1 < sizeof raw &&
                       ((s[q] >= 'a' && s[q] <= 'z') || (s[q] >= 'A' && s[q] <= 'Z') ||
                        (s[q] >= '0' && s[q] <= '9') || s[q] == '-' || s[q] == '_' || s[q] == '.'))
                    raw[m++] = s[q++];
                raw[m] = 0;
                if (m == 0) continue;
                char low[64];
                for (size_t t = 0; t <= m; t++) {
                    char c = raw[t];
                    low[t] = c == '_' ? '-' : (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
                }
                const char *norm = raw;
                if (!strcmp(low, "utf-8") || !strncmp(low, "utf-8-", 6)) norm = "utf-8";
                else if (!strcmp(low, "latin-1") || !strcmp(low, "iso-8859-1") ||
                         !strcmp(low, "iso-latin-1") || !strncmp(low, "latin-1-", 8) ||
                         !strncmp(low, "iso-8859-1-", 11) || !strncmp(low, "iso-latin-1-", 12))
                    norm = "iso-8859-1";
                snprintf(enc, encsz, "%s", norm);
                return 1;
            }
        } else if (j < e) {
            return 0;  /* code on line 1: line 2 is not looked at */
        }
        i = e;
        if (i < n && s[i] == '\r') i++;
        if (i < n && s[i] == '\n') i++;
    }
    return 0;
}

/* Decode src from a declared encoding into UTF-8 with iconv. */
/* src in encoding enc as UTF-8; NULL if enc is unknown (*bad_at left
 * alone) or src is not in it (*bad_at: the offending byte's offset) */
static char *transcode(const char *enc, const char *src, size_t len, size_t *outlen, int *bad_at) {
    char name[80];
    size_t k = 0;
    for (; enc[k] && k + 1 < sizeof name; k++) {
        char c = enc[k];
        name[k] = c == '_' ? '-' : (c >= 'a' && c <= 'z') ? (char)(c - 32) : c;
    }
    name[k] = 0;
    static const struct { const char *py, *ic; } alias[] = {
        {"UTF8", "UTF-8"}, {"U8", "UTF-8"}, {"LATIN1", "ISO-8859-1"}, {"L1", "ISO-8859-1"},
        {"ASCII", "ASCII"}, {"US-ASCII", "ASCII"}, {"SJIS", "SHIFT_JIS"},
        {"SHIFT-JIS", "SHIFT_JIS"}, {"EUC-JP", "EUC-JP"}, {"UTF-8-SIG", "UTF-8"},
    };
    const char *ic = name;
    for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
        if (!strcmp(name, alias[i].py)) ic = alias[i].ic;
    iconv_t cd = iconv_open("UTF-8", ic);
    if (cd == (iconv_t)-1) return NULL;
    size_t cap = len * 4 + 16;
    char *out = gc_alloc_atomic(cap);
    char *in = (char *)src, *o = out;
    size_t inleft = len, outleft = cap;
    size_t r = iconv(cd, &in, &inleft, &o, &outleft);
    iconv_close(cd);
    if (r == (size_t)-1) {
        *bad_at = (int)(in - src);
        return NULL;
    }
    *outlen = cap - outleft;
    return out;
}

const char *source_as_utf8(const char *src, size_t len, size_t *outlen) {
    char enc[64];
    int has_bom = len >= 3 && (unsigned char)src[0] == 0xEF && (unsigned char)src[1] == 0xBB &&
                  (unsigned char)src[2] == 0xBF;
    const char *t = src;
    *outlen = len;
    if (coding_spec(src + (has_bom ? 3 : 0), len - (has_bom ? 3 : 0), enc, sizeof enc) && strcmp(enc, "utf-8")) {
        int bad_at = -1;
        if (has_bom || !(t = transcode(enc, src, len, outlen, &bad_at))) return NULL;
    } else if (has_bom) {
        t += 3, *outlen -= 3;
    }
    return t;
}

/* A source that cannot be decoded: CPython's file tokenizer raises a bare
 * SyntaxError(msg) (file_input), its string tokenizer one at line 0,
 * offset -1. */
static Module *bad_source(SyntaxErrorInfo *err, bool file_input, const char *msg) {
    err->kind = "SyntaxError";
    err->msg = msg;
    err->message_only = file_input;
    err->offset = err->file_offset = -1;
    return NULL;
}

static Module *parse(const char *src, size_t len, const char *filename, ParseMode mode, bool is_text,
                     int feature_version, bool type_comments, bool file_input, SyntaxErrorInfo *err) {
    if (!filename) filename = "<unknown>";
    int allow_incomplete = err->allow_incomplete;
    memset(err, 0, sizeof *err);
    err->filename = filename;

    /* a declared encoding other than UTF-8 */
    char enc[64];
    int has_bom = len >= 3 && (unsigned char)src[0] == 0xEF && (unsigned char)src[1] == 0xBB &&
                  (unsigned char)src[2] == 0xBF;
    int declared = !is_text && coding_spec(src + (has_bom ? 3 : 0), len - (has_bom ? 3 : 0), enc, sizeof enc);
    if (declared && strcmp(enc, "utf-8") != 0) {
        if (has_bom) return bad_source(err, file_input, pformat("encoding problem: %s with BOM", enc));
        size_t tl;
        int bad_at = -1;
        char *t = transcode(enc, src, len, &tl, &bad_at);
        if (!t) {
            /* from a file: "encoding problem"; from bytes: the codec's own
               error (spelled out for ASCII only) */
            if (file_input) return bad_source(err, true, pformat("encoding problem: %s", enc));
            if (bad_at < 0) return bad_source(err, false, pformat("unknown encoding: %s", enc));
            if (!strcmp(enc, "ascii") || !strcmp(enc, "us-ascii"))
                return bad_source(err, false, pformat("'ascii' codec can't decode byte 0x%02x in position %d: "
                                                      "ordinal not in range(128)", (unsigned char)src[bad_at], bad_at));
            return bad_source(err, false, pformat("encoding problem: %s", enc));
        }
        src = t;
        len = tl;
    }

    /* CPython translates \r\n and \r to \n and makes sure the input ends
     * with a newline; positions refer to the translated text. */
    char *text = gc_alloc_atomic(len + 2);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        char c = src[i];
        if (c == '\r') {
            if (i + 1 < len && src[i + 1] == '\n') i++;
            c = '\n';
        }
        text[n++] = c;
    }
    /* a UTF-8 byte order mark is ignored */
    size_t skip = 0;
    if (n >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        skip = 3;
    int made_newline_off = -1;
    if (n == skip || text[n - 1] != '\n') {
        made_newline_off = (int)(n - skip);
        text[n++] = '\n';
    }
    bool added_nl = made_newline_off >= 0;
    text[n] = 0;

    Lexer *lx = gc_alloc(sizeof(Lexer));
    bool bad_utf8 = false;

    /* The source must be UTF-8 and free of NUL bytes. Undecodable bytes
       are reported first, wherever they are; like CPython's, whose line
       reader stops at a NUL, the line count skips lines holding one. */
    {
        const unsigned char *u = (const unsigned char *)text + skip;
        size_t m = n - skip, ls = 0;
        int line = 1;
        bool nul_in_line = false;
        for (size_t i = 0; i < m;) {
            uint32_t cp;
            if (u[i] == 0) {
                nul_in_line = true;
                i++;
                continue;
            }
            int k = lex_utf8_decode(u + i, (int)(m - i > 4 ? 4 : m - i), &cp, 0);
            if (k < 0) {
                /* CPython's file reader rejects an undeclared file at
                   once; otherwise the bytes are an error only where they
                   are decoded: in an identifier or a string literal */
                if (file_input && !declared)
                    return bad_source(err, true, pformat("Non-UTF-8 code starting with '\\x%02x' in file %s "
                                                         "on line %d, but no encoding declared; see "
                                                         "https://peps.python.org/pep-0263/ for details",
                                                         u[i], filename, line));
                bad_utf8 = true;
                k = 1;
            }
            if (u[i] == '\n') {
                if (!nul_in_line) line++;
                nul_in_line = false;
                ls = i + 1;
            }
            i += (size_t)k;
        }
        const unsigned char *nul = memchr(u, 0, m);
        if (nul) {
            line = 1;
            ls = 0;
            for (const unsigned char *q = u; q < nul; q++)
                if (*q == '\n') {
                    line++;
                    ls = (size_t)(q - u) + 1;
                }
            err->kind = "SyntaxError";
            err->msg = "source code cannot contain null bytes";
            err->lineno = err->end_lineno = line;
            err->text = pstrndup((const char *)u + ls, strlen((const char *)u + ls));
            return NULL;
        }
    }

    lx->filename = filename;
    lx->type_comments = type_comments;
    lx->async_hacks = feature_version < 7;
    /* Only the prompt ends a block at an empty line: compile(..., "single")
       reads a string, where empty lines are ignored as in a file. */
    lex_source(lx, text + skip, (int)(n - skip), mode == PARSE_PROMPT);

    P p;
    memset(&p, 0, sizeof p);
    p.cookie = declared;
    p.lx = lx;
    p.toks = lx->toks;
    p.ntoks = lx->ntoks;
    p.mode = mode;
    p.filename = filename;
    p.feature_version = feature_version;
    p.added_nl = added_nl;
    p.bad_utf8 = bad_utf8;
    p.made_newline_off = made_newline_off;
    p.allow_incomplete = allow_incomplete;
    Module *m = run_parser(&p);
    if (m) {
        m->ntype_ignores = lx->nignores;
        m->type_ignore_lines = lx->ignore_lines;
        m->type_ignore_tags = lx->ignore_tags;
        return m;
    }
    const char *fn = err->filename;
    *err = p.e;
    err->filename = fn;
    if (bad_utf8 && err->text) err->text = lex_utf8_replace(err->text);   /* as CPython's errors="replace" */
    if (skip && err->lineno == 1 && !(p.err_code == ERR_LEXER && lx->err.mode == LEXERR_FIXED)) {
        /* python3 FILE shows the first line with its byte order mark and
         * columns two less than they are (CPython's quirk) */
        if (err->file_offset > 0) err->file_offset -= 2;
        if (err->file_end_offset > 0) err->file_end_offset -= 2;
        if (err->text) err->text = pformat("\xef\xbb\xbf%s", err->text);
    }
    return NULL;
}

Module *parse_source(const char *src, size_t len, const char *filename, ParseMode mode,
                     SyntaxErrorInfo *err) {
    return parse(src, len, filename, mode, false, 11, false, false, err);
}

Module *parse_text(const char *src, size_t len, const char *filename, ParseMode mode,
                   SyntaxErrorInfo *err) {
    return parse(src, len, filename, mode, true, 11, false, false, err);
}

Module *parse_ast(const char *src, size_t len, bool is_text, const char *filename, ParseMode mode,
                  int feature_version, bool type_comments, SyntaxErrorInfo *err) {
    return parse(src, len, filename, mode, is_text, feature_version, type_comments, false, err);
}

Module *parse_file(const char *src, size_t len, const char *filename, ParseMode mode, SyntaxErrorInfo *err) {
    return parse(src, len, filename, mode, false, 11, false, true, err);
}
