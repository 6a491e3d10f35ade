/* lexer.h: the tokenizer behind parser.c.
 *
 * The whole input is tokenized up front into an array of tokens. The lexer
 * mirrors CPython 3.11's tokenizer: NEWLINE / INDENT / DEDENT from an
 * indentation stack, implicit line joining inside brackets, backslash
 * continuation, and the same error messages and error positions.
 *
 * When the tokenizer meets an error it stops: the last token is T_ERROR and
 * Lexer.err describes the error. The parser raises it only if it gets that
 * far, exactly as CPython's parser pulls tokens lazily (see parser.c for
 * how tokenizer errors and parser errors are ranked).
 *
 * Positions: lineno is 1-based, col and end_col are 0-based byte offsets
 * within the line, as in the AST.
 */
#ifndef TPY_LEXER_H
#define TPY_LEXER_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

typedef enum TokKind {
    T_ENDMARKER, T_NAME, T_NUMBER, T_STRING, T_NEWLINE, T_INDENT, T_DEDENT,
    T_ERROR,
    /* operators and delimiters */
    T_LPAR, T_RPAR, T_LSQB, T_RSQB, T_LBRACE, T_RBRACE, T_COLON, T_COMMA,
    T_SEMI, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_VBAR, T_AMPER, T_LESS,
    T_GREATER, T_EQUAL, T_DOT, T_PERCENT, T_EQEQUAL, T_NOTEQUAL,
    T_LESSEQUAL, T_GREATEREQUAL, T_TILDE, T_CIRCUMFLEX, T_LEFTSHIFT,
    T_RIGHTSHIFT, T_DOUBLESTAR, T_PLUSEQUAL, T_MINEQUAL, T_STAREQUAL,
    T_SLASHEQUAL, T_PERCENTEQUAL, T_AMPEREQUAL, T_VBAREQUAL,
    T_CIRCUMFLEXEQUAL, T_LEFTSHIFTEQUAL, T_RIGHTSHIFTEQUAL,
    T_DOUBLESTAREQUAL, T_DOUBLESLASH, T_DOUBLESLASHEQUAL, T_AT, T_ATEQUAL,
    T_RARROW, T_ELLIPSIS, T_COLONEQUAL,
    T_BARRY,    /* "<>": tokenized as in CPython but never accepted */
    T_OTHER,    /* a stray ASCII character such as $ ? ! ` */
    T_TYPE_COMMENT,  /* "# type: X" when type comments are parsed: X */
    /* keywords (soft keywords such as match/case stay T_NAME) */
    K_FALSE, K_NONE, K_TRUE, K_AND, K_AS, K_ASSERT, K_ASYNC, K_AWAIT,
    K_BREAK, K_CLASS, K_CONTINUE, K_DEF, K_DEL, K_ELIF, K_ELSE, K_EXCEPT,
    K_FINALLY, K_FOR, K_FROM, K_GLOBAL, K_IF, K_IMPORT, K_IN, K_IS,
    K_LAMBDA, K_NONLOCAL, K_NOT, K_OR, K_PASS, K_RAISE, K_RETURN, K_TRY,
    K_WHILE, K_WITH, K_YIELD,
    T__COUNT
} TokKind;

typedef struct Token {
    int kind;            /* TokKind */
    int off, len;        /* byte range in the source */
    int lineno, col, end_lineno, end_col;
    /* Bracket depth after this token, as CPython's token->level. */
    int level;
    /* INDENT/DEDENT carry no text; CPython then reports errors at the
     * column its tokenizer had reached: the indentation width in bytes, or
     * -1 at end of input (reported as offset 0). */
    int ws_col;
    /* 1 for the DEDENT/NEWLINE/ENDMARKER tokens made up at end of input. */
    int at_eof;
} Token;

/* How the parser should place a tokenizer error (see parser.c). */
typedef enum LexErrMode {
    LEXERR_FIXED,     /* err holds the final position; CPython raised it
                         inside the tokenizer, so it also overrides an
                         earlier parser error ("eager") */
    LEXERR_FIXED_LAZY,/* final position, but not eager */
    LEXERR_UNCLOSED,  /* EOF inside brackets: "'(' was never closed" */
} LexErrMode;

typedef struct LexError {
    const char *kind;    /* "SyntaxError", "IndentationError", "TabError" */
    const char *msg;
    int mode;            /* LexErrMode */
    int lineno, offset, end_lineno, end_offset;  /* as SyntaxErrorInfo */
    int file_offset, file_end_offset;            /* the same in bytes */
    const char *text;    /* may be NULL */
    int incomplete;      /* input ended too early (interactive use) */
} LexError;

typedef struct Lexer {
    const char *src;     /* the whole source, NUL terminated */
    int srclen;
    /* line_off[i] is the offset of line i (1-based); line_off[nlines+1]
     * is srclen. Shared by sub-lexers of f-string expressions. */
    const int *line_off;
    int nlines;

    Token *toks;
    int ntoks, cap;

    int has_error;
    LexError err;

    /* private state */
    int cur, end;
    int interactive;
    int fstring;         /* lexing an f-string expression: a bracket level
                            of 1 is implied and the text is wrapped */
    int level;
    char parenstack[200];
    int paren_line[200], paren_col[200];
    int indstack[101], altindstack[101], indent;
    int atbol;
    int hint_line;       /* cache for lex_line_of() */
    const char *filename;   /* for warnings */
    /* Set before lex_source() for ast.parse(type_comments=True): "# type: X"
     * comments become T_TYPE_COMMENT tokens, "# type: ignore..." ones are
     * recorded here (line, text after "ignore") and skipped. */
    int type_comments;
    /* Set before lex_source() for ast.parse(feature_version=(3, N < 7)):
     * async and await are names except in an async def (CPython's
     * async_hacks); async_def* track that def's body. */
    int async_hacks, async_def, async_def_indent, async_def_nl;
    int nignores, capignores;
    int *ignore_lines;
    const char **ignore_tags;
} Lexer;

/* Warnings of the front end (invalid escape sequences, a number directly
 * followed by a keyword, "is" with a literal...) go through this hook,
 * which the runtime points at the warnings filters; unset (the parser
 * alone), warnings are dropped. It returns nonzero when the filters made
 * the warning an error: the caller then raises a SyntaxError with the same
 * message at the same place, as CPython does. */
enum { FRONT_DEPRECATION_WARNING, FRONT_SYNTAX_WARNING };
extern int (*front_warn_hook)(int category, const char *msg, const char *filename, int lineno);

/* CPython decodes \N{...} escapes with the unicodedata module, imported on
 * the first one (and kept): the runtime points this hook at that import,
 * which returns nonzero when the module cannot be loaded (the escape is
 * then an error). Unset (the parser alone), the names are always known. */
extern int (*front_ucnhash_hook)(void);

/* Tokenize src[0..len). src must be NUL terminated and end with '\n'. */
void lex_source(Lexer *lx, const char *src, int len, int interactive);

/* Tokenize src[start..end) of an already tokenized source (parent) as the
 * expression of an f-string replacement field: brackets are implied, so
 * newlines are ignored and no NEWLINE/INDENT tokens are made. */
void lex_fstring_expr(Lexer *lx, const Lexer *parent, int start, int end);

/* 1-based line containing byte offset off. */
int lex_line_of(Lexer *lx, int off);

/* Source text of line `lineno` including its newline (a fresh copy). */
char *lex_line_text(const Lexer *lx, int lineno, int with_newline);

/* Number of code points in the first `nbytes` bytes of line `lineno`
 * (invalid/partial UTF-8 counts as one replacement character, as
 * CPython's "replace" decoding). */
int lex_chars_in_line(const Lexer *lx, int lineno, int nbytes);

/* Unicode helpers shared with parser.c and ast_dump.c. */
int lex_is_printable(uint32_t cp);
int lex_is_xid_start(uint32_t cp);
int lex_is_xid_continue(uint32_t cp);
/* Decode one UTF-8 sequence at s (at most n bytes); returns its length
 * (>= 1) and stores the code point, or -1 for an invalid sequence.
 * Surrogates encoded in three bytes (WTF-8) are accepted when allow_surr. */
int lex_utf8_decode(const unsigned char *s, int n, uint32_t *cp, int allow_surr);
/* The first invalid UTF-8 sequence in s[0..n): NULL if none, else
 * CPython's "(unicode error) 'utf-8' codec can't decode byte 0xXX in
 * position P: REASON" (P counted from s) with *at its offset. */
const char *lex_utf8_error(const char *s, int n, int *at);
/* s with each invalid UTF-8 byte replaced by U+FFFD (errors="replace") */
char *lex_utf8_replace(const char *s);
int lex_utf8_encode(uint32_t cp, char *out);
/* \N{name}: the code point of a (case-insensitive) character name. */
int lex_lookup_name(const char *name, int len, uint32_t *cp);
/* The reverse, as unicodedata.name(): writes the name of cp into out (128
 * bytes) and returns 1, or 0 when cp has no name. A linear scan: for
 * namereplace, not hot paths. */
int lex_name_of(uint32_t cp, char *out);
/* For unicodedata: lex_lookup_name, telling whether the name is an alias;
 * the table of the (non-alias) names: fills cps[i] and offs[i] for each,
 * in name order, and returns their count (cps NULL: only counts); and the
 * name at such an offset, into out (128 bytes). */
int lex_lookup_name_ex(const char *name, int len, uint32_t *cp, bool *is_alias);
int lex_name_index(uint32_t *cps, uint32_t *offs);
/* the CJK UNIFIED IDEOGRAPH-X and HANGUL SYLLABLE X names: 1, or 0 */
int lex_algorithmic_name(uint32_t cp, char *out);
void lex_name_at(uint32_t off, char *out);
/* NFKC of one identifier character: returns a UTF-8 string when it maps to
 * several characters, else NULL with the single result in *single. */
const char *lex_nfkc_char(uint32_t cp, uint32_t *single);

#endif
