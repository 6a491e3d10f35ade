/* symtable.h: scopes and name resolution, computed from the AST before code
 * generation (the same rules as CPython's symtable.c).
 *
 * Every function, lambda, class, comprehension and the module get a Scope.
 * After analysis each name used in a scope has exactly one resolution:
 *   SYM_LOCAL     a fast local (function scopes) or a namespace entry
 *                 (class body)
 *   SYM_CELL      a local that nested scopes capture
 *   SYM_FREE      captured from an enclosing function scope
 *   SYM_GLOBAL_EXPLICIT  declared `global`
 *   SYM_GLOBAL_IMPLICIT  not bound anywhere on the way out: global/builtin
 */
#ifndef TPY_SYMTABLE_H
#define TPY_SYMTABLE_H

#include <stdbool.h>

#include "ast.h"
#include "parser.h"

typedef enum ScopeKind { SCOPE_MODULE, SCOPE_FUNCTION, SCOPE_CLASS, SCOPE_COMPREHENSION } ScopeKind;

typedef enum SymKind {
    SYM_NONE = 0, SYM_LOCAL, SYM_CELL, SYM_FREE, SYM_GLOBAL_EXPLICIT, SYM_GLOBAL_IMPLICIT
} SymKind;

enum SymFlags {
    DEF_LOCAL = 1 << 0,      /* bound in this scope */
    DEF_PARAM = 1 << 1,
    DEF_GLOBAL = 1 << 2,     /* global declaration */
    DEF_NONLOCAL = 1 << 3,   /* nonlocal declaration */
    USE = 1 << 4,            /* read in this scope */
    DEF_FREE_CLASS = 1 << 5, /* class scope: also free in a method */
    DEF_IMPORT = 1 << 6,
    DEF_ANNOT = 1 << 7,
    DEF_COMP_ITER = 1 << 8,  /* comprehension iteration target */
};

typedef struct Symbol {
    const char *name;
    int flags;
    SymKind kind;
    SrcPos pos;          /* first declaration/use, for error messages */
} Symbol;

typedef struct Scope Scope;
struct Scope {
    ScopeKind kind;
    const char *name;
    void *node;                 /* Stmt* (def, class), Expr* (lambda, comp) or NULL */
    Scope *parent;
    Scope **children;
    int nchildren, capchildren;
    Symbol *syms;
    int nsyms, capsyms;
    /* parameter names in order (function scopes) */
    const char **params;
    int nparams;
    bool is_generator;
    bool is_coroutine;          /* async def, or a comprehension that awaits */
    bool has_free;              /* any free variable or child with free vars */
    bool needs_class_cell;      /* class scope: a method uses super() or __class__ */
    bool uses_super_or_class;   /* function scope: references super / __class__ */
    int child_index;            /* codegen walks children in this order */
    int attr_stores;            /* class scope: distinct self.X stores in methods */
};

typedef struct SymTable {
    Scope *top;
    const char *filename;
    /* Set by the caller for the _symtable module: record names as CPython's
     * symbol table does (parameters and imports without DEF_LOCAL, every
     * annotation and AugAssign target as CPython visits them, super() as a
     * use of __class__ in any function, CPython's visiting order). The
     * compiler never sets it: its analysis is unchanged. */
    bool cpython_view;
} SymTable;

/* Build and analyse. Returns false with *err filled for a SyntaxError
 * (e.g. "nonlocal declaration not allowed at module level"). */
bool symtable_build(SymTable *st, Module *m, const char *filename, SyntaxErrorInfo *err);

Symbol *scope_lookup(Scope *s, const char *name);
/* The scope created for an AST node (def, class, lambda, comprehension). */
Scope *scope_child_for(Scope *s, void *node);
/* Name mangling of __private names inside classes. */
const char *mangle_name(const char *class_name, const char *name);

#endif
