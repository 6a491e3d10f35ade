/* _symtable.c: the _symtable module (symtable.py's base): the symbol tables
 * of a piece of source as CPython 3.11's "symtable entry" objects. They come
 * from the compiler's own scope analysis (front/symtable.c) run in its
 * CPython view (SymTable.cpython_view), with tpy's flag bits and resolutions
 * translated to CPython's numbering. An entry's id is the address of its AST
 * node, as in CPython (unique while the table lives). */
#include <string.h>

#include "../front/compiler.h"
#include "../front/symtable.h"
#include "../runtime.h"
#include "modules.h"

/* CPython 3.11's values (Include/internal/pycore_symtable.h) */
enum {
    CP_DEF_GLOBAL = 1, CP_DEF_LOCAL = 2, CP_DEF_PARAM = 4, CP_DEF_NONLOCAL = 8, CP_USE = 16, CP_DEF_FREE = 32,
    CP_DEF_FREE_CLASS = 64, CP_DEF_IMPORT = 128, CP_DEF_ANNOT = 256, CP_DEF_COMP_ITER = 512,
    CP_DEF_BOUND = CP_DEF_LOCAL | CP_DEF_PARAM | CP_DEF_IMPORT,
    CP_SCOPE_OFF = 11, CP_SCOPE_MASK = CP_DEF_GLOBAL | CP_DEF_LOCAL | CP_DEF_PARAM | CP_DEF_NONLOCAL,
    CP_LOCAL = 1, CP_GLOBAL_EXPLICIT = 2, CP_GLOBAL_IMPLICIT = 3, CP_FREE = 4, CP_CELL = 5,
    CP_TYPE_FUNCTION = 0, CP_TYPE_CLASS = 1, CP_TYPE_MODULE = 2,
};

typedef struct Entry {
    Object hdr;
    Value id, name, type, lineno, nested, children, symbols, varnames;
} Entry;

static Type entry_type;

/* tpy's symbol flags and resolution as CPython's one int */
static int64_t cpython_flags(const Symbol *sym) {
    static const struct { int tpy, cp; } bits[] = {
        {DEF_LOCAL, CP_DEF_LOCAL}, {DEF_PARAM, CP_DEF_PARAM}, {DEF_GLOBAL, CP_DEF_GLOBAL},
        {DEF_NONLOCAL, CP_DEF_NONLOCAL}, {USE, CP_USE}, {DEF_FREE_CLASS, CP_DEF_FREE_CLASS},
        {DEF_IMPORT, CP_DEF_IMPORT}, {DEF_ANNOT, CP_DEF_ANNOT}, {DEF_COMP_ITER, CP_DEF_COMP_ITER},
    };
    int64_t f = 0;
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
        if (sym->flags & bits[i].tpy) f |= bits[i].cp;
    int scope = 0;
    switch (sym->kind) {
    case SYM_LOCAL: scope = CP_LOCAL; break;
    case SYM_CELL: scope = CP_CELL; break;
    case SYM_FREE: scope = CP_FREE; break;
    case SYM_GLOBAL_EXPLICIT: scope = CP_GLOBAL_EXPLICIT; break;
    case SYM_GLOBAL_IMPLICIT: scope = CP_GLOBAL_IMPLICIT; break;
    case SYM_NONE: break;
    }
    return f | ((int64_t)scope << CP_SCOPE_OFF);
}

/* A scope's node: a Stmt for def and class, an Expr for lambda and the
 * comprehensions (front/symtable.h) */
static bool node_is_expr(const Scope *s) {
    return s->kind == SCOPE_COMPREHENSION || (s->kind == SCOPE_FUNCTION && strcmp(s->name, "<lambda>") == 0);
}

static Value entry_from_scope(Scope *s, void *top_node, bool parent_nested, bool parent_is_func) {
    Entry *e = (Entry *)obj_alloc(&entry_type, sizeof(Entry));
    Value ev = V_FROM_PTR(e);
    void *node = s->kind == SCOPE_MODULE ? top_node : s->node;
    e->id = int_from_u64((uint64_t)(uintptr_t)node);
    int lineno = 0;
    const char *name = s->name;
    if (s->kind == SCOPE_MODULE) {
        name = "top";
    } else if (node_is_expr(s)) {
        lineno = ((Expr *)s->node)->pos.lineno;
        /* CPython names these blocks "lambda", "listcomp", ... */
        if (name[0] == '<') {
            e->name = str_new(name + 1, strlen(name) - 2);
            name = NULL;
        }
    } else {
        lineno = ((Stmt *)s->node)->pos.lineno;
    }
    if (name) e->name = str_from_cstr(name);
    e->type = v_int(s->kind == SCOPE_MODULE  ? CP_TYPE_MODULE
                    : s->kind == SCOPE_CLASS ? CP_TYPE_CLASS
                                             : CP_TYPE_FUNCTION);
    e->lineno = v_int(lineno);
    bool nested = parent_nested || parent_is_func;
    e->nested = v_int(nested);
    e->symbols = dict_new();
    for (int i = 0; i < s->nsyms; i++)
        if (dict_set(e->symbols, str_from_cstr(s->syms[i].name), int_from_i64(cpython_flags(&s->syms[i]))) < 0)
            return VNULL;
    e->varnames = list_new(s->nparams);
    for (int i = 0; i < s->nparams; i++) list_append(e->varnames, str_from_cstr(s->params[i]));
    e->children = list_new(s->nchildren);
    bool is_func = s->kind == SCOPE_FUNCTION || s->kind == SCOPE_COMPREHENSION;
    for (int i = 0; i < s->nchildren; i++) {
        Value c = entry_from_scope(s->children[i], top_node, nested, is_func);
        if (!c) return VNULL;
        list_append(e->children, c);
    }
    return ev;
}

static Value entry_repr(Value self) {
    Entry *e = V_AS(Entry, self);
    return str_printf("<symtable entry %U(%S), line %S>", e->name, e->id, e->lineno);
}

#define ENTRY_GETTER(field) \
    static Value entry_get_##field(Value self) { return V_AS(Entry, self)->field; }
ENTRY_GETTER(id)
ENTRY_GETTER(name)
ENTRY_GETTER(type)
ENTRY_GETTER(lineno)
ENTRY_GETTER(nested)
ENTRY_GETTER(children)
ENTRY_GETTER(symbols)
ENTRY_GETTER(varnames)

static const GetSetDef entry_getsets[] = {
    {"id", entry_get_id, NULL, NULL},
    {"name", entry_get_name, NULL, NULL},
    {"symbols", entry_get_symbols, NULL, NULL},
    {"varnames", entry_get_varnames, NULL, NULL},
    {"children", entry_get_children, NULL, NULL},
    {"nested", entry_get_nested, NULL, NULL},
    {"type", entry_get_type, NULL, NULL},
    {"lineno", entry_get_lineno, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type entry_type = {
    .tname = "symtable entry",
    .flags = TF_WEAKREFABLE,
    .basicsize = sizeof(Entry),
    .repr = entry_repr,
};

/* The filename argument as CPython's PyUnicode_FSDecoder: str, bytes or
 * os.PathLike; other bytes-like objects with a DeprecationWarning. */
static Value fs_filename(Value v) {
    if (!str_check(v) && !bytes_check(v)) {
        bool found;
        Value p = obj_call_special(v, str_intern_cstr("__fspath__"), NULL, 0, &found);
        if (!p && found) return VNULL;
        if (p) {
            if (!str_check(p) && !bytes_check(p))
                return err_format(&exc_TypeError, "expected %T.__fspath__() to return str or bytes, not %T", v, p);
            v = p;
        }
    }
    if (str_check(v)) return v;
    const char *d;
    int64_t n;
    if (!bytes_check(v) && byteslike_check(v)) {
        Value msg = str_printf("path should be string, bytes, or os.PathLike, not %s", type_of(v)->tname);
        if (warn_c(&exc_DeprecationWarning, msg, 1) < 0) return VNULL;
    }
    if (byteslike_view(v, &d, &n)) return str_new(d, (size_t)n);
    return err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", v);
}

static const ArgSpec st_symtable_spec = {"symtable", 3, 3, 0, {"source", "filename", "startstr", NULL}};
static Value st_symtable(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&st_symtable_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value src = a[0];
    bool text = str_check(src);
    const char *s;
    int64_t n;
    if (text) {
        s = str_data(src);
        n = str_nbytes(src);
    } else if (!byteslike_view(src, &s, &n)) {
        return err_set(&exc_TypeError, "symtable() arg 1 must be a string or bytes object");
    }
    Value filename = fs_filename(a[1]);
    if (!filename) return VNULL;
    Value mode = a[2];
    if (!str_check(mode))
        return err_format(&exc_TypeError, "symtable() argument 3 must be str, not %T", mode);
    CompileMode cm;
    if (str_eq_cstr(mode, "exec")) cm = COMPILE_EXEC;
    else if (str_eq_cstr(mode, "eval")) cm = COMPILE_EVAL;
    else if (str_eq_cstr(mode, "single")) cm = COMPILE_INTERACTIVE;
    else return err_set(&exc_ValueError, "symtable() arg 3 must be 'exec' or 'eval' or 'single'");
    if (memchr(s, 0, (size_t)n)) return err_set(&exc_ValueError, "source code string cannot contain null bytes");
    /* the parser keeps pointers into the source: a copy that no Python code
       can change while it runs (a bytearray's data may move) */
    char *copy = gc_alloc_atomic((size_t)n + 1);
    memcpy(copy, s, (size_t)n);
    copy[n] = 0;
    void *node = NULL;
    Scope *top = compile_symtable(copy, (size_t)n, str_data(filename), cm, text, &node);
    if (!top) return VNULL;
    return entry_from_scope(top, node, false, false);
}

static const MethodDef symtable_functions[] = {
    {"symtable", st_symtable, MF_KEYWORDS, "Return symbol and scope dictionaries used internally by compiler.", &st_symtable_spec},
    {NULL, NULL, 0, NULL},
};

Value _symtable_module_create(void) {
    static bool ready;
    if (!ready) {
        type_add_getsets(&entry_type, entry_getsets);
        type_ready(&entry_type);
        ready = true;
    }
    Value m = module_new_cstr("_symtable");
    module_add_functions(m, symtable_functions);
    static const struct { const char *name; int value; } consts[] = {
        {"USE", CP_USE}, {"DEF_GLOBAL", CP_DEF_GLOBAL}, {"DEF_NONLOCAL", CP_DEF_NONLOCAL},
        {"DEF_LOCAL", CP_DEF_LOCAL}, {"DEF_PARAM", CP_DEF_PARAM}, {"DEF_FREE", CP_DEF_FREE},
        {"DEF_FREE_CLASS", CP_DEF_FREE_CLASS}, {"DEF_IMPORT", CP_DEF_IMPORT}, {"DEF_BOUND", CP_DEF_BOUND},
        {"DEF_ANNOT", CP_DEF_ANNOT}, {"TYPE_FUNCTION", CP_TYPE_FUNCTION}, {"TYPE_CLASS", CP_TYPE_CLASS},
        {"TYPE_MODULE", CP_TYPE_MODULE}, {"LOCAL", CP_LOCAL}, {"GLOBAL_EXPLICIT", CP_GLOBAL_EXPLICIT},
        {"GLOBAL_IMPLICIT", CP_GLOBAL_IMPLICIT}, {"FREE", CP_FREE}, {"CELL", CP_CELL},
        {"SCOPE_OFF", CP_SCOPE_OFF}, {"SCOPE_MASK", CP_SCOPE_MASK},
    };
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++) module_add(m, consts[i].name, v_int(consts[i].value));
    return m;
}
