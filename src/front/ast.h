/* ast.h: the abstract syntax tree, mirroring CPython 3.11's `ast` module.
 *
 * The parser builds it, the symbol table and the compiler read it. Nodes are
 * allocated with gc_alloc() and never freed explicitly. Identifiers are
 * NUL-terminated UTF-8 C strings. Every node records its source span as
 * CPython does: lineno and end_lineno are 1-based, col_offset and
 * end_col_offset are 0-based UTF-8 byte offsets within their lines.
 *
 * Lists are (count, array) pairs; an empty list has n == 0 and items NULL.
 */
#ifndef TPY_AST_H
#define TPY_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Expr Expr;
typedef struct Stmt Stmt;

typedef struct { int n; Expr **items; } ExprList;
typedef struct { int n; Stmt **items; } StmtList;

typedef struct SrcPos {
    int lineno, col_offset, end_lineno, end_col_offset;
} SrcPos;

/* Operators reuse the runtime enums (vm/object.h): enum BinOp for BinOp and
 * AugAssign, enum UnOp for UnaryOp (plus AST_UNOP_NOT), enum CmpOp for
 * comparisons plus the four below. */
enum { AST_UNOP_NOT = 100 };
enum { AST_CMP_IS = 100, AST_CMP_IS_NOT, AST_CMP_IN, AST_CMP_NOT_IN };
enum { AST_BOOL_AND, AST_BOOL_OR };

typedef enum ConstKind {
    CONST_NONE, CONST_TRUE, CONST_FALSE, CONST_ELLIPSIS,
    CONST_INT,       /* fits int64: .i */
    CONST_BIGINT,    /* decimal digits (no sign, no '_') in .str */
    CONST_FLOAT,     /* .f */
    CONST_IMAG,      /* imaginary literal 2j: .f holds the imaginary part */
    CONST_STR,       /* decoded UTF-8 in .str/.len (may contain NULs) */
    CONST_BYTES,     /* raw bytes in .str/.len */
    CONST_OBJECT,    /* never made by the parser: a constant of an AST object
                        given to compile() (a tuple, frozenset, bytes, big
                        or complex number) kept as that runtime Value in .obj */
} ConstKind;

typedef struct Constant {
    ConstKind kind;
    int64_t i;
    double f;
    const char *str;
    size_t len;
    int kind_u;      /* CONST_STR written u"...": CPython's Constant.kind 'u' */
    uint64_t obj;    /* CONST_OBJECT's Value */
} Constant;

typedef enum ExprKind {
    E_BOOLOP,        /* op: AST_BOOL_*; values */
    E_NAMEDEXPR,     /* target (E_NAME) := value */
    E_BINOP,         /* left op right */
    E_UNARYOP,       /* op operand */
    E_LAMBDA,        /* args body(expr) */
    E_IFEXP,         /* body if test else orelse */
    E_DICT,          /* keys (an item NULL means **values[i]), values */
    E_SET,           /* elts */
    E_LISTCOMP,      /* elt generators */
    E_SETCOMP,       /* elt generators */
    E_DICTCOMP,      /* key value generators */
    E_GENEXP,        /* elt generators */
    E_AWAIT,         /* value (rejected by the compiler) */
    E_YIELD,         /* value (may be NULL) */
    E_YIELDFROM,     /* value */
    E_COMPARE,       /* left ops comparators */
    E_CALL,          /* func args keywords */
    E_FORMATTEDVALUE,/* value conversion format_spec */
    E_JOINEDSTR,     /* values (E_CONSTANT str and E_FORMATTEDVALUE) */
    E_CONSTANT,      /* constant */
    E_ATTRIBUTE,     /* value.attr */
    E_SUBSCRIPT,     /* value[slice] */
    E_STARRED,       /* *value */
    E_NAME,          /* id */
    E_LIST,          /* elts */
    E_TUPLE,         /* elts */
    E_SLICE,         /* lower:upper:step, each may be NULL */
} ExprKind;

/* Expression context, as in CPython. */
typedef enum { CTX_LOAD, CTX_STORE, CTX_DEL } ExprCtx;

typedef struct Arg {
    const char *arg;
    Expr *annotation;   /* may be NULL */
    SrcPos pos;
    const char *type_comment;   /* ast.parse(type_comments=True), or NULL */
} Arg;

typedef struct Arguments {
    int nposonly, nargs, nkwonly;
    Arg **posonlyargs;
    Arg **args;
    Arg *vararg;        /* may be NULL */
    Arg **kwonlyargs;
    Expr **kw_defaults; /* nkwonly entries, NULL where no default */
    Arg *kwarg;         /* may be NULL */
    ExprList defaults;  /* for the last positional (posonly + args) params */
} Arguments;

typedef struct Keyword {
    const char *arg;    /* NULL for **expr */
    Expr *value;
    SrcPos pos;
} Keyword;

typedef struct Comprehension {
    Expr *target;
    Expr *iter;
    ExprList ifs;
    int is_async;
} Comprehension;

struct Expr {
    ExprKind kind;
    SrcPos pos;
    union {
        struct { int op; ExprList values; } boolop;
        struct { Expr *target, *value; } namedexpr;
        struct { Expr *left; int op; Expr *right; } binop;
        struct { int op; Expr *operand; } unaryop;
        struct { Arguments *args; Expr *body; } lambda;
        struct { Expr *test, *body, *orelse; } ifexp;
        struct { ExprList keys, values; } dict;
        struct { ExprList elts; } set;
        /* listcomp, setcomp, genexp use elt; dictcomp uses key and value */
        struct {
            Expr *elt, *key, *value;
            int ngens;
            Comprehension **generators;
        } comp;
        struct { Expr *value; } await_;
        struct { Expr *value; } yield;      /* E_YIELD, E_YIELDFROM */
        struct { Expr *left; int n; int *ops; Expr **comparators; } compare;
        struct { Expr *func; ExprList args; int nkeywords; Keyword **keywords; } call;
        /* conversion: -1 none, 's', 'r', 'a'; format_spec: E_JOINEDSTR or NULL */
        struct { Expr *value; int conversion; Expr *format_spec; } formatted;
        struct { ExprList values; } joined;
        Constant constant;
        struct { Expr *value; const char *attr; ExprCtx ctx; } attribute;
        struct { Expr *value; Expr *slice; ExprCtx ctx; } subscript;
        struct { Expr *value; ExprCtx ctx; } starred;
        struct { const char *id; ExprCtx ctx; } name;
        struct { ExprList elts; ExprCtx ctx; } seq;          /* list, tuple */
        struct { Expr *lower, *upper, *step; } slice;
    } u;
};

typedef enum StmtKind {
    S_FUNCTIONDEF,   /* name args body decorator_list returns */
    S_ASYNCFUNCTIONDEF, /* rejected by the compiler */
    S_CLASSDEF,      /* name bases keywords body decorator_list */
    S_RETURN,        /* value (may be NULL) */
    S_DELETE,        /* targets */
    S_ASSIGN,        /* targets = value (a = b = value has 2 targets) */
    S_AUGASSIGN,     /* target op= value */
    S_ANNASSIGN,     /* target: annotation = value (value may be NULL) */
    S_FOR,           /* for target in iter: body else: orelse */
    S_ASYNCFOR,
    S_WHILE,         /* while test: body else: orelse */
    S_IF,            /* if test: body else: orelse (elif nests an S_IF) */
    S_WITH,          /* with items: body */
    S_ASYNCWITH,
    S_MATCH,         /* match subject: cases */
    S_RAISE,         /* raise exc from cause (both may be NULL) */
    S_TRY,           /* body handlers orelse finalbody */
    S_TRYSTAR,       /* rejected by the compiler */
    S_ASSERT,        /* test, msg (may be NULL) */
    S_IMPORT,        /* names */
    S_IMPORTFROM,    /* from module import names; level = number of dots */
    S_GLOBAL,        /* names */
    S_NONLOCAL,      /* names */
    S_EXPR,          /* value */
    S_PASS,
    S_BREAK,
    S_CONTINUE,
} StmtKind;

typedef struct ExceptHandler {
    Expr *type;          /* may be NULL (bare except) */
    const char *name;    /* may be NULL */
    StmtList body;
    SrcPos pos;
} ExceptHandler;

typedef struct Alias {
    const char *name;    /* dotted name, or "*" */
    const char *asname;  /* may be NULL */
    SrcPos pos;
} Alias;

/* Patterns of the match statement, as CPython's ast.pattern. */
typedef struct Pattern Pattern;
typedef struct { int n; Pattern **items; } PatternList;

typedef enum PatternKind {
    P_VALUE,         /* value: an E_CONSTANT, an E_ATTRIBUTE, -n or a complex sum */
    P_SINGLETON,     /* singleton: CONST_NONE, CONST_TRUE or CONST_FALSE */
    P_SEQUENCE,      /* patterns (at most one P_STAR) */
    P_MAPPING,       /* keys patterns, rest (may be NULL) */
    P_CLASS,         /* cls(patterns, kwd_attrs=kwd_patterns) */
    P_STAR,          /* *name (NULL for *_) */
    P_AS,            /* pattern as name; pattern NULL: capture, name NULL too: `_` */
    P_OR,            /* patterns, two or more */
} PatternKind;

struct Pattern {
    PatternKind kind;
    SrcPos pos;
    union {
        struct { Expr *value; } value;
        struct { ConstKind value; } singleton;
        struct { PatternList patterns; } seq;
        struct { ExprList keys; PatternList patterns; const char *rest; } mapping;
        struct { Expr *cls; PatternList patterns; int nkwd; const char **kwd_attrs; PatternList kwd_patterns; } cls;
        struct { const char *name; } star;
        struct { Pattern *pattern; const char *name; } as;
        struct { PatternList patterns; } or_;
    } u;
};

typedef struct MatchCase {
    Pattern *pattern;
    Expr *guard;         /* may be NULL */
    StmtList body;
} MatchCase;

typedef struct WithItem {
    Expr *context_expr;
    Expr *optional_vars; /* may be NULL */
} WithItem;

struct Stmt {
    StmtKind kind;
    SrcPos pos;
    union {
        struct {
            const char *name;
            Arguments *args;
            StmtList body;
            ExprList decorator_list;
            Expr *returns;      /* may be NULL */
            const char *type_comment;   /* NULL unless type comments are parsed */
        } funcdef;
        struct {
            const char *name;
            ExprList bases;
            int nkeywords;
            Keyword **keywords;
            StmtList body;
            ExprList decorator_list;
        } classdef;
        struct { Expr *value; } ret;
        struct { ExprList targets; } del;
        struct { ExprList targets; Expr *value; const char *type_comment; } assign;
        struct { Expr *target; int op; Expr *value; } augassign;
        struct { Expr *target, *annotation, *value; int simple; } annassign;
        struct { Expr *target, *iter; StmtList body, orelse; const char *type_comment; } for_;
        struct { Expr *test; StmtList body, orelse; } while_;
        struct { Expr *test; StmtList body, orelse; } if_;
        struct { int nitems; WithItem **items; StmtList body; const char *type_comment; } with;
        struct { Expr *subject; int ncases; MatchCase **cases; } match;
        struct { Expr *exc, *cause; } raise;
        struct {
            StmtList body;
            int nhandlers;
            ExceptHandler **handlers;
            StmtList orelse, finalbody;
        } try_;
        struct { Expr *test, *msg; } assert_;
        struct { int nnames; Alias **names; } import;
        struct { const char *module; int nnames; Alias **names; int level; } importfrom;
        struct { int nnames; const char **names; } global;   /* and nonlocal */
        struct { Expr *value; } expr;
    } u;
};

/* A statement with a block (def, class, if, while, for, with, try, match):
   the interactive prompt and compile(..., 'single') end it at an empty line */
static inline bool stmt_is_compound(const Stmt *s) {
    switch (s->kind) {
    case S_FUNCTIONDEF: case S_ASYNCFUNCTIONDEF: case S_CLASSDEF: case S_IF: case S_WHILE: case S_FOR:
    case S_ASYNCFOR: case S_WITH: case S_ASYNCWITH: case S_TRY: case S_TRYSTAR: case S_MATCH:
        return true;
    default:
        return false;
    }
}

/* CPython's CO_FUTURE_ANNOTATIONS: annotations are kept as strings */
enum { AST_FUTURE_ANNOTATIONS = 0x1000000 };

typedef struct Module {
    StmtList body;
    /* CPython's CO_FUTURE_* flags compile() was given; the compiler adds
       those of the module's own __future__ imports */
    int future_flags;
    /* `# type: ignore` comments (ast.parse(type_comments=True)): line and
       the text after "ignore" */
    int ntype_ignores;
    int *type_ignore_lines;
    const char **type_ignore_tags;
    /* PARSE_FUNC_TYPE (compile(..., "func_type", PyCF_ONLY_AST)) */
    ExprList func_argtypes;
    Expr *func_returns;
} Module;

/* Debugging aid: print the tree in the style of ast.dump(). */
void ast_dump_module(const Module *m, void *file /* FILE* */);
/* The same, with include_attributes: ast.dump(tree, include_attributes=True). */
void ast_dump_module_ex(const Module *m, void *file /* FILE* */, int include_attributes);

#endif
