/* parser.h: source text -> AST (ast.h).
 *
 * The parser does not touch the Python runtime: errors come back as a
 * SyntaxErrorInfo that the caller turns into a SyntaxError exception. The
 * AST is allocated with gc_alloc().
 */
#ifndef TPY_PARSER_H
#define TPY_PARSER_H

#include <stdbool.h>
#include <stddef.h>

#include "ast.h"

typedef struct SyntaxErrorInfo {
    const char *kind;       /* "SyntaxError", "IndentationError", "TabError" */
    const char *msg;        /* CPython's message, e.g. "invalid syntax" */
    const char *filename;
    int lineno;             /* 1-based */
    int offset;             /* 1-based column in characters (code points),
                               as SyntaxError.offset; 0 if unknown */
    int end_lineno;         /* 0 if unknown */
    int end_offset;         /* 1-based, exclusive; 0 if unknown */
    /* offset / end_offset are a real 0 (CPython's "invalid syntax" at the
       end of the input, "'(' was never closed"), not unknown */
    int offset_zero, end_offset_zero;
    const char *text;       /* the offending source line with its newline,
                               as SyntaxError.text, or NULL */
    int incomplete;         /* 1 if the input ended too early (unclosed
                               bracket, block or triple-quoted string):
                               the interactive prompt then asks for more */
    /* in: compile()'s PyCF_ALLOW_INCOMPLETE_INPUT. A parse whose first
       pass failed after reading to the end of the input then stops there,
       as CPython's, with incomplete set (no second pass: its warnings and
       errors are not made) */
    int allow_incomplete;
    /* offset and end_offset as `python3 FILE` reports them: for errors
     * found by the parser (not the tokenizer) in a file without a coding
     * declaration CPython gives UTF-8 byte offsets rather than characters.
     * Equal to offset/end_offset on ASCII lines. */
    int file_offset, file_end_offset;
    /* the error has a message and no location (CPython's source reader
       raises "Non-UTF-8 code ..." or an encoding problem so: no filename,
       line or text) */
    int message_only;
} SyntaxErrorInfo;

typedef enum ParseMode {
    PARSE_FILE,     /* a module */
    PARSE_SINGLE,   /* one interactive statement (compile(..., 'single')) */
    PARSE_PROMPT,   /* the same at the prompt, where a compound statement
                       goes on until an empty line (incomplete before) */
    PARSE_EVAL,     /* one expression: the module holds one S_EXPR */
    PARSE_FUNC_TYPE,/* a function type comment "(int, str) -> bool": the
                       module's func_argtypes and func_returns */
} ParseMode;

/* Parse `len` bytes of UTF-8 source. Returns NULL and fills *err on error.
 * The source's coding declaration (PEP 263) is honoured. */
Module *parse_source(const char *src, size_t len, const char *filename,
                     ParseMode mode, SyntaxErrorInfo *err);
/* The same for source that is already text (compile() or exec() of a str):
 * as in CPython, a coding declaration in it is a plain comment. */
Module *parse_text(const char *src, size_t len, const char *filename,
                   ParseMode mode, SyntaxErrorInfo *err);
/* The same for a file run as a script (`python3 FILE`): CPython's file
 * reader rejects bytes that are not UTF-8 in a file without a coding
 * declaration at once, and reports undecodable sources without location;
 * parse_source follows compile() of bytes (and import), which only
 * rejects such bytes in identifiers and string literals. */
Module *parse_file(const char *src, size_t len, const char *filename,
                   ParseMode mode, SyntaxErrorInfo *err);
/* A source file's bytes as UTF-8, decoded from its coding declaration
 * (PEP 263) and without a BOM, as CPython's tracebacks read a file's lines;
 * NULL when the declared encoding cannot decode it. Undeclared bytes are
 * returned as they are (not checked). May return src itself. */
const char *source_as_utf8(const char *src, size_t len, size_t *outlen);
/* For ast.parse(): as parse_text (is_text) or parse_source, with
 * feature_version=(3, minor) rejecting what Python 3.minor could not parse
 * (walrus, positional-only parameters, parenthesized with, except*, ...)
 * with CPython's "... only supported in Python 3.N and greater", and with
 * type_comments the "# type:" comments of PEP 484 in the tree (misplaced
 * ones are syntax errors, as in CPython). */
Module *parse_ast(const char *src, size_t len, bool is_text, const char *filename, ParseMode mode,
                  int minor, bool type_comments, SyntaxErrorInfo *err);

#endif
