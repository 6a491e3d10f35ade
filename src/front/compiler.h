/* compiler.h: AST -> code objects. */
#ifndef TPY_COMPILER_H
#define TPY_COMPILER_H

#include "../obj/code.h"
#include "ast.h"
#include "parser.h"

typedef enum CompileMode {
    COMPILE_MODULE,     /* a module body */
    COMPILE_INTERACTIVE,/* one REPL statement: expression results are echoed */
    COMPILE_EVAL,       /* one expression: the code returns its value */
    COMPILE_EXEC,       /* a module body for exec(): its names go through the
                           locals mapping (LOAD_NAME...), as with CPython */
} CompileMode;

/* Compile a module AST. Returns NULL and fills *err on a compile-time
 * SyntaxError ('return' outside function, ...). */
CodeObject *compile_module(Module *m, const char *filename, CompileMode mode, SyntaxErrorInfo *err);

/* Parse and compile source; on failure raises SyntaxError (or its
 * subclasses) with CPython's attributes and returns NULL. */
CodeObject *compile_source(const char *src, size_t len, const char *filename, CompileMode mode);
/* A module run as a script from a file or stdin (parse_file's rules for
 * undecodable sources) */
CodeObject *compile_file(const char *src, size_t len, const char *filename);
/* compile() and exec() of a str: its coding declaration is not looked at */
CodeObject *compile_text(const char *src, size_t len, const char *filename, CompileMode mode);

/* Raise the SyntaxError described by info; without src the offending
 * line is read from info->filename. */
void raise_syntax_error(SyntaxErrorInfo *info, const char *src, size_t len);

/* The value of a constant node (VNULL with ValueError for a decimal
 * literal over sys.get_int_max_str_digits()). */
Value ast_constant_value(const Constant *k);
/* An expression as source text, as CPython writes annotations under
 * `from __future__ import annotations` (ast_unparse.c). */
Value ast_unparse_expr(const Expr *e);

/* compile()'s flag asking for SyntaxError("incomplete input") when the
 * source ends too early (codeop's; CPython's value) */
#define PYCF_ALLOW_INCOMPLETE_INPUT 0x4000
/* ... and the one that makes up no DEDENT at the end of 'single' input, so
 * that a compound statement without a final newline is not complete */
#define PYCF_DONT_IMPLY_DEDENT 0x200

/* compile() with CPython's CO_FUTURE_* flags (AST_FUTURE_ANNOTATIONS);
 * text: a str, whose coding declaration is a comment */
CodeObject *compile_flags(const char *src, size_t len, const char *filename, CompileMode mode, bool text,
                          int future_flags);

/* For the _symtable module: parse and build the symbol table as CPython's
 * (SymTable.cpython_view), with its __future__ checks; *node is the module
 * node (the top table's id). NULL with SyntaxError raised. */
struct Scope;
struct Scope *compile_symtable(const char *src, size_t len, const char *filename, CompileMode mode, bool text,
                               void **node);

/* Stack effect of an instruction (for the assembler's depth analysis). */
int op_stack_effect(int op, int arg, int jump);
struct ExcTableEntry;
int code_stack_depths(const uint32_t *code, int n, const struct ExcTableEntry *table, int ntable, int *depth);

#endif
