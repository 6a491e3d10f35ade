/* symtable.c: scope analysis (see symtable.h). Two passes: collect what
 * each scope binds, declares and uses; then resolve every name, turning
 * captured locals into cells and passing free variables through the scopes
 * between a use and its binding. */
#include "symtable.h"

#include <stdio.h>
#include <string.h>

#include "../gc/gc.h"

typedef struct Builder {
    SymTable *st;
    Scope *cur;
    SyntaxErrorInfo *err;
    bool failed;
    const char *class_name;     /* innermost enclosing class, for mangling */
    int comp_iter;              /* > 0 inside a comprehension's iterable */
    bool comp_target;           /* visiting a comprehension's `for` target */
    bool future_annotations;    /* annotations are strings: their names are
                                   not references (CPython gives them a
                                   scope of their own) */
    bool cv;                    /* st->cpython_view */
} Builder;

static char *gc_strdup(const char *s) {
    size_t n = strlen(s);
    char *d = gc_alloc_atomic(n + 1);
    memcpy(d, s, n + 1);
    return d;
}

const char *mangle_name(const char *class_name, const char *name) {
    if (!class_name || name[0] != '_' || name[1] != '_') return name;
    size_t n = strlen(name);
    /* __dunder__ (and "__", "___": any name ending in two underscores) is not mangled */
    if (name[n - 1] == '_' && name[n - 2] == '_') return name;
    if (strchr(name, '.')) return name;
    while (*class_name == '_') class_name++;
    if (!*class_name) return name;
    size_t cn = strlen(class_name);
    char *r = gc_alloc_atomic(cn + n + 2);
    r[0] = '_';
    memcpy(r + 1, class_name, cn);
    memcpy(r + 1 + cn, name, n + 1);
    return r;
}

/* at pos's range, as CPython's symbol table errors */
static void fail(Builder *b, const char *msg, SrcPos pos) {
    if (b->failed) return;
    b->failed = true;
    b->err->kind = "SyntaxError";
    b->err->msg = gc_strdup(msg);
    b->err->filename = b->st->filename;
    b->err->lineno = pos.lineno;
    b->err->offset = pos.col_offset + 1;
    b->err->end_lineno = pos.end_lineno;
    b->err->end_offset = pos.end_col_offset + 1;
    b->err->text = NULL;
    b->err->incomplete = 0;
}

static Scope *scope_new(ScopeKind kind, const char *name, void *node, Scope *parent) {
    Scope *s = gc_alloc(sizeof(Scope));
    s->kind = kind;
    s->name = name;
    s->node = node;
    s->parent = parent;
    if (parent) {
        if (parent->nchildren == parent->capchildren) {
            int cap = parent->capchildren ? parent->capchildren * 2 : 4;
            Scope **nc = gc_alloc(sizeof(Scope *) * (size_t)cap);
            if (parent->nchildren) memcpy(nc, parent->children, sizeof(Scope *) * (size_t)parent->nchildren);
            parent->children = nc;
            parent->capchildren = cap;
        }
        parent->children[parent->nchildren++] = s;
    }
    return s;
}

Symbol *scope_lookup(Scope *s, const char *name) {
    for (int i = 0; i < s->nsyms; i++)
        if (strcmp(s->syms[i].name, name) == 0) return &s->syms[i];
    return NULL;
}

Scope *scope_child_for(Scope *s, void *node) {
    for (int i = 0; i < s->nchildren; i++)
        if (s->children[i]->node == node) return s->children[i];
    return NULL;
}

static Symbol *add_sym(Scope *s, const char *name, int flags, SrcPos pos) {
    Symbol *sym = scope_lookup(s, name);
    if (!sym) {
        if (s->nsyms == s->capsyms) {
            int cap = s->capsyms ? s->capsyms * 2 : 8;
            Symbol *ns = gc_alloc(sizeof(Symbol) * (size_t)cap);
            if (s->nsyms) memcpy(ns, s->syms, sizeof(Symbol) * (size_t)s->nsyms);
            s->syms = ns;
            s->capsyms = cap;
        }
        sym = &s->syms[s->nsyms++];
        sym->name = name;
        sym->flags = 0;
        sym->kind = SYM_NONE;
        sym->pos = pos;
    }
    sym->flags |= flags;
    return sym;
}

static void def_name(Builder *b, const char *name, int flags, SrcPos pos) {
    name = mangle_name(b->class_name, name);
    Symbol *sym = scope_lookup(b->cur, name);
    if (sym && (flags & DEF_PARAM) && (sym->flags & DEF_PARAM)) {
        char msg[256];
        snprintf(msg, sizeof msg, "duplicate argument '%s' in function definition", name);
        fail(b, msg, pos);
        return;
    }
    add_sym(b->cur, name, flags, pos);
}

static void use_name(Builder *b, const char *name, SrcPos pos) {
    name = mangle_name(b->class_name, name);
    /* CPython flags every name met in a comprehension's target */
    add_sym(b->cur, name, b->cv && b->comp_target ? USE | DEF_COMP_ITER : USE, pos);
    if (strcmp(name, "super") == 0 || strcmp(name, "__class__") == 0) b->cur->uses_super_or_class = true;
    /* CPython counts super() in any function block as a use of __class__ */
    if (b->cv && b->cur->kind != SCOPE_MODULE && b->cur->kind != SCOPE_CLASS && strcmp(name, "super") == 0)
        add_sym(b->cur, "__class__", USE, pos);
}

static void visit_expr(Builder *b, Expr *e);
static void visit_stmts(Builder *b, StmtList l);

static void visit_exprs(Builder *b, ExprList l) {
    for (int i = 0; i < l.n; i++)
        if (l.items[i]) visit_expr(b, l.items[i]);
}

static void visit_target(Builder *b, Expr *e);

static void visit_args_defaults(Builder *b, Arguments *a) {
    visit_exprs(b, a->defaults);
    for (int i = 0; i < a->nkwonly; i++)
        if (a->kw_defaults[i]) visit_expr(b, a->kw_defaults[i]);
}

/* Under `from __future__ import annotations` an annotation is only text,
 * but CPython still rejects what cannot appear in one: a walrus, an await
 * or a yield outside nested scopes. */
static void check_annotation(Builder *b, const Expr *e) {
    if (!e || b->failed) return;
    const char *what = NULL;
    switch (e->kind) {
    case E_NAMEDEXPR: what = "named expression"; break;
    case E_AWAIT: what = "await expression"; break;
    case E_YIELD:
    case E_YIELDFROM: what = "yield expression"; break;
    default: break;
    }
    if (what) {
        char msg[80];
        snprintf(msg, sizeof msg, "'%s' can not be used within an annotation", what);
        fail(b, msg, e->pos);
        return;
    }
    switch (e->kind) {
    case E_BOOLOP:
        for (int i = 0; i < e->u.boolop.values.n; i++) check_annotation(b, e->u.boolop.values.items[i]);
        break;
    case E_BINOP:
        check_annotation(b, e->u.binop.left);
        check_annotation(b, e->u.binop.right);
        break;
    case E_UNARYOP: check_annotation(b, e->u.unaryop.operand); break;
    case E_IFEXP:
        check_annotation(b, e->u.ifexp.test);
        check_annotation(b, e->u.ifexp.body);
        check_annotation(b, e->u.ifexp.orelse);
        break;
    case E_DICT:
        for (int i = 0; i < e->u.dict.values.n; i++) {
            check_annotation(b, e->u.dict.keys.items[i]);
            check_annotation(b, e->u.dict.values.items[i]);
        }
        break;
    case E_SET:
    case E_LIST:
    case E_TUPLE: {
        ExprList l = e->kind == E_SET ? e->u.set.elts : e->u.seq.elts;
        for (int i = 0; i < l.n; i++) check_annotation(b, l.items[i]);
        break;
    }
    case E_COMPARE:
        check_annotation(b, e->u.compare.left);
        for (int i = 0; i < e->u.compare.n; i++) check_annotation(b, e->u.compare.comparators[i]);
        break;
    case E_CALL:
        check_annotation(b, e->u.call.func);
        for (int i = 0; i < e->u.call.args.n; i++) check_annotation(b, e->u.call.args.items[i]);
        for (int i = 0; i < e->u.call.nkeywords; i++) check_annotation(b, e->u.call.keywords[i]->value);
        break;
    case E_FORMATTEDVALUE:
        check_annotation(b, e->u.formatted.value);
        check_annotation(b, e->u.formatted.format_spec);
        break;
    case E_JOINEDSTR:
        for (int i = 0; i < e->u.joined.values.n; i++) check_annotation(b, e->u.joined.values.items[i]);
        break;
    case E_ATTRIBUTE: check_annotation(b, e->u.attribute.value); break;
    case E_SUBSCRIPT:
        check_annotation(b, e->u.subscript.value);
        check_annotation(b, e->u.subscript.slice);
        break;
    case E_STARRED: check_annotation(b, e->u.starred.value); break;
    case E_SLICE:
        check_annotation(b, e->u.slice.lower);
        check_annotation(b, e->u.slice.upper);
        check_annotation(b, e->u.slice.step);
        break;
    default: break;   /* names, constants; lambdas and comprehensions are scopes of their own */
    }
}

static void visit_annotations(Builder *b, Arguments *a, Expr *returns) {
    if (b->future_annotations) {
        Arg *all[3] = {a->vararg, a->kwarg, NULL};
        for (int i = 0; i < a->nposonly; i++) check_annotation(b, a->posonlyargs[i]->annotation);
        for (int i = 0; i < a->nargs; i++) check_annotation(b, a->args[i]->annotation);
        for (int i = 0; i < 2; i++)
            if (all[i]) check_annotation(b, all[i]->annotation);
        for (int i = 0; i < a->nkwonly; i++) check_annotation(b, a->kwonlyargs[i]->annotation);
        check_annotation(b, returns);
        return;
    }
    for (int i = 0; i < a->nposonly; i++)
        if (a->posonlyargs[i]->annotation) visit_expr(b, a->posonlyargs[i]->annotation);
    for (int i = 0; i < a->nargs; i++)
        if (a->args[i]->annotation) visit_expr(b, a->args[i]->annotation);
    if (a->vararg && a->vararg->annotation) visit_expr(b, a->vararg->annotation);
    for (int i = 0; i < a->nkwonly; i++)
        if (a->kwonlyargs[i]->annotation) visit_expr(b, a->kwonlyargs[i]->annotation);
    if (a->kwarg && a->kwarg->annotation) visit_expr(b, a->kwarg->annotation);
    if (returns) visit_expr(b, returns);
}

static void add_param(Builder *b, Arg *a) {
    def_name(b, a->arg, b->cv ? DEF_PARAM : DEF_PARAM | DEF_LOCAL, a->pos);
    Scope *s = b->cur;
    const char **np = gc_alloc(sizeof(char *) * (size_t)(s->nparams + 1));
    if (s->nparams) memcpy(np, s->params, sizeof(char *) * (size_t)s->nparams);
    np[s->nparams++] = mangle_name(b->class_name, a->arg);
    s->params = np;
}

static void visit_params(Builder *b, Arguments *a) {
    for (int i = 0; i < a->nposonly; i++) add_param(b, a->posonlyargs[i]);
    for (int i = 0; i < a->nargs; i++) add_param(b, a->args[i]);
    for (int i = 0; i < a->nkwonly; i++) add_param(b, a->kwonlyargs[i]);
    if (a->vararg) add_param(b, a->vararg);
    if (a->kwarg) add_param(b, a->kwarg);
}

/* count self.X = ... in a method body (class attribute-count hint) */
static void count_self_stores(StmtList body, const char *self, const char ***seen, int *nseen);

static void count_in_target(Expr *t, const char *self, const char ***seen, int *nseen) {
    if (!t) return;
    if (t->kind == E_ATTRIBUTE && t->u.attribute.value->kind == E_NAME &&
        strcmp(t->u.attribute.value->u.name.id, self) == 0) {
        const char *a = t->u.attribute.attr;
        for (int i = 0; i < *nseen; i++)
            if (strcmp((*seen)[i], a) == 0) return;
        const char **ns = gc_alloc(sizeof(char *) * (size_t)(*nseen + 1));
        if (*nseen) memcpy(ns, *seen, sizeof(char *) * (size_t)*nseen);
        ns[(*nseen)++] = a;
        *seen = ns;
    } else if (t->kind == E_TUPLE || t->kind == E_LIST) {
        for (int i = 0; i < t->u.seq.elts.n; i++) count_in_target(t->u.seq.elts.items[i], self, seen, nseen);
    } else if (t->kind == E_STARRED) {
        count_in_target(t->u.starred.value, self, seen, nseen);
    }
}

static void count_self_stores(StmtList body, const char *self, const char ***seen, int *nseen) {
    for (int i = 0; i < body.n; i++) {
        Stmt *s = body.items[i];
        switch (s->kind) {
        case S_ASSIGN:
            for (int j = 0; j < s->u.assign.targets.n; j++) count_in_target(s->u.assign.targets.items[j], self, seen, nseen);
            break;
        case S_AUGASSIGN: count_in_target(s->u.augassign.target, self, seen, nseen); break;
        case S_ANNASSIGN: count_in_target(s->u.annassign.target, self, seen, nseen); break;
        case S_IF:
        case S_WHILE:
            count_self_stores(s->u.if_.body, self, seen, nseen);
            count_self_stores(s->u.if_.orelse, self, seen, nseen);
            break;
        case S_FOR:
            count_in_target(s->u.for_.target, self, seen, nseen);
            count_self_stores(s->u.for_.body, self, seen, nseen);
            count_self_stores(s->u.for_.orelse, self, seen, nseen);
            break;
        case S_WITH: count_self_stores(s->u.with.body, self, seen, nseen); break;
        case S_TRY:
        case S_TRYSTAR:
            count_self_stores(s->u.try_.body, self, seen, nseen);
            for (int j = 0; j < s->u.try_.nhandlers; j++) count_self_stores(s->u.try_.handlers[j]->body, self, seen, nseen);
            count_self_stores(s->u.try_.orelse, self, seen, nseen);
            count_self_stores(s->u.try_.finalbody, self, seen, nseen);
            break;
        default: break;
        }
    }
}

static void visit_function(Builder *b, Stmt *s, const char *name, Arguments *args, StmtList *body, Expr *lambda_body,
                           void *node, SrcPos pos) {
    Scope *fs = scope_new(SCOPE_FUNCTION, name, node, b->cur);
    fs->is_coroutine = s && s->kind == S_ASYNCFUNCTIONDEF;
    Scope *saved = b->cur;
    b->cur = fs;
    /* b->comp_iter carries on: a lambda in a comprehension's iterable may
       not hold a walrus either (CPython's scopes inherit ste_comp_iter_expr) */
    visit_params(b, args);
    if (body) visit_stmts(b, *body);
    else visit_expr(b, lambda_body);
    b->cur = saved;
    (void)pos;
}

static void visit_comprehension(Builder *b, Expr *e, const char *name) {
    Comprehension **gens = e->u.comp.generators;
    int n = e->u.comp.ngens;
    /* the first iterable is evaluated in the enclosing scope */
    b->comp_iter++;
    visit_expr(b, gens[0]->iter);
    b->comp_iter--;
    Scope *cs = scope_new(SCOPE_COMPREHENSION, name, e, b->cur);
    Scope *saved = b->cur;
    b->cur = cs;
    if (e->kind == E_GENEXP) cs->is_generator = true;
    /* an `async for` clause, an await in the comprehension's own scope or
       an asynchronous non-generator comprehension inside it make it
       asynchronous (CPython 3.11's ste_coroutine for comprehensions) */
    for (int i = 0; i < n; i++) if (gens[i]->is_async) cs->is_coroutine = true;
    add_sym(cs, ".0", b->cv ? DEF_PARAM : DEF_PARAM | DEF_LOCAL, e->pos);
    const char **np = gc_alloc(sizeof(char *));
    np[0] = ".0";
    cs->params = np;
    cs->nparams = 1;
    for (int i = 0; i < n; i++) {
        Comprehension *g = gens[i];
        if (i > 0) {
            b->comp_iter++;
            visit_expr(b, g->iter);
            b->comp_iter--;
        }
        b->comp_target = true;
        visit_target(b, g->target);
        b->comp_target = false;
        visit_exprs(b, g->ifs);
    }
    if (e->kind == E_DICTCOMP) {
        visit_expr(b, e->u.comp.key);
        visit_expr(b, e->u.comp.value);
    } else {
        visit_expr(b, e->u.comp.elt);
    }
    b->cur = saved;
    /* list, set and dict comprehensions are awaited where they are built,
       so an enclosing comprehension awaits too; a generator expression is
       an asynchronous generator and awaits nothing when created */
    if (cs->is_coroutine && e->kind != E_GENEXP && saved->kind == SCOPE_COMPREHENSION) saved->is_coroutine = true;
}

static void visit_target(Builder *b, Expr *e) {
    switch (e->kind) {
    case E_NAME:
        if (b->comp_target) {
            /* a later `for` may not rebind an earlier walrus target */
            Symbol *sym = scope_lookup(b->cur, mangle_name(b->class_name, e->u.name.id));
            if (sym && (sym->flags & (DEF_GLOBAL | DEF_NONLOCAL))) {
                char msg[256];
                snprintf(msg, sizeof msg, "comprehension inner loop cannot rebind assignment expression target '%s'",
                         e->u.name.id);
                fail(b, msg, e->pos);
                return;
            }
        }
        def_name(b, e->u.name.id, DEF_LOCAL | (b->comp_target ? DEF_COMP_ITER : 0), e->pos);
        break;
    case E_TUPLE:
    case E_LIST:
        for (int i = 0; i < e->u.seq.elts.n; i++) visit_target(b, e->u.seq.elts.items[i]);
        break;
    case E_STARRED: visit_target(b, e->u.starred.value); break;
    default: visit_expr(b, e); break;
    }
}

static void visit_expr(Builder *b, Expr *e) {
    if (!e || b->failed) return;
    switch (e->kind) {
    case E_BOOLOP: visit_exprs(b, e->u.boolop.values); break;
    case E_NAMEDEXPR: {
        if (b->comp_iter) {
            fail(b, "assignment expression cannot be used in a comprehension iterable expression", e->pos);
            return;
        }
        visit_expr(b, e->u.namedexpr.value);
        if (e->u.namedexpr.target->kind != E_NAME) {   /* from an AST object: a plain store */
            visit_expr(b, e->u.namedexpr.target);
            break;
        }
        const char *name = e->u.namedexpr.target->u.name.id;
        if (b->cur->kind == SCOPE_COMPREHENSION) {
            /* binds in the nearest enclosing non-comprehension scope */
            Scope *s = b->cur;
            while (s->kind == SCOPE_COMPREHENSION) {
                Symbol *sym = scope_lookup(s, name);
                if (sym && (sym->flags & DEF_COMP_ITER)) {
                    char msg[256];
                    snprintf(msg, sizeof msg,
                             "assignment expression cannot rebind comprehension iteration variable '%s'", name);
                    fail(b, msg, e->pos);
                    return;
                }
                s = s->parent;
            }
            if (s->kind == SCOPE_CLASS) {
                fail(b, "assignment expression within a comprehension cannot be used in a class body", e->pos);
                return;
            }
            /* PEP 572: the target belongs to that scope. It is global
               there at module level or when the function declares it
               `global`; otherwise the comprehensions reach it as a
               nonlocal (a `nonlocal` declaration in the function then
               passes it further out). */
            Symbol *own = scope_lookup(s, name);
            bool global = s->kind == SCOPE_MODULE || (own && (own->flags & DEF_GLOBAL));
            for (Scope *c = b->cur; c != s; c = c->parent) {
                add_sym(c, name, global ? DEF_GLOBAL : DEF_NONLOCAL, e->pos);
                if (b->cv) break;   /* CPython declares it in the innermost one only */
            }
            add_sym(s, name, s->kind == SCOPE_MODULE ? DEF_GLOBAL : DEF_LOCAL, e->pos);
            /* CPython records every global declaration in the module's table */
            if (global) add_sym(b->st->top, name, DEF_GLOBAL, e->pos);
            /* CPython also binds the target where the walrus is */
            if (b->cv) add_sym(b->cur, name, DEF_LOCAL, e->pos);
        } else {
            def_name(b, name, DEF_LOCAL, e->pos);
        }
        break;
    }
    case E_BINOP:
        visit_expr(b, e->u.binop.left);
        visit_expr(b, e->u.binop.right);
        break;
    case E_UNARYOP: visit_expr(b, e->u.unaryop.operand); break;
    case E_LAMBDA:
        visit_args_defaults(b, e->u.lambda.args);
        visit_function(b, NULL, "<lambda>", e->u.lambda.args, NULL, e->u.lambda.body, e, e->pos);
        break;
    case E_IFEXP:
        visit_expr(b, e->u.ifexp.test);
        visit_expr(b, e->u.ifexp.body);
        visit_expr(b, e->u.ifexp.orelse);
        break;
    case E_DICT:
        visit_exprs(b, e->u.dict.keys);
        visit_exprs(b, e->u.dict.values);
        break;
    case E_SET: visit_exprs(b, e->u.set.elts); break;
    case E_LISTCOMP: visit_comprehension(b, e, "<listcomp>"); break;
    case E_SETCOMP: visit_comprehension(b, e, "<setcomp>"); break;
    case E_DICTCOMP: visit_comprehension(b, e, "<dictcomp>"); break;
    case E_GENEXP: visit_comprehension(b, e, "<genexpr>"); break;
    case E_AWAIT:
        visit_expr(b, e->u.await_.value);
        if (b->cur->kind == SCOPE_COMPREHENSION) b->cur->is_coroutine = true;
        break;
    case E_YIELD:
    case E_YIELDFROM:
        if ((b->cur->kind == SCOPE_MODULE || b->cur->kind == SCOPE_CLASS) && !b->cv) {
            /* CPython's compiler finds this one, after its symbol table */
            fail(b, "'yield' outside function", e->pos);
            return;
        }
        if (b->cur->kind == SCOPE_COMPREHENSION) {
            Expr *comp = b->cur->node;
            fail(b, comp && comp->kind == E_SETCOMP    ? "'yield' inside set comprehension"
                    : comp && comp->kind == E_DICTCOMP ? "'yield' inside dict comprehension"
                    : comp && comp->kind == E_GENEXP   ? "'yield' inside generator expression"
                                                       : "'yield' inside list comprehension",
                 e->pos);
            return;
        }
        b->cur->is_generator = true;
        if (e->u.yield.value) visit_expr(b, e->u.yield.value);
        break;
    case E_COMPARE:
        visit_expr(b, e->u.compare.left);
        for (int i = 0; i < e->u.compare.n; i++) visit_expr(b, e->u.compare.comparators[i]);
        break;
    case E_CALL:
        visit_expr(b, e->u.call.func);
        visit_exprs(b, e->u.call.args);
        for (int i = 0; i < e->u.call.nkeywords; i++) visit_expr(b, e->u.call.keywords[i]->value);
        break;
    case E_FORMATTEDVALUE:
        visit_expr(b, e->u.formatted.value);
        if (e->u.formatted.format_spec) visit_expr(b, e->u.formatted.format_spec);
        break;
    case E_JOINEDSTR: visit_exprs(b, e->u.joined.values); break;
    case E_CONSTANT: break;
    case E_ATTRIBUTE: visit_expr(b, e->u.attribute.value); break;
    case E_SUBSCRIPT:
        visit_expr(b, e->u.subscript.value);
        visit_expr(b, e->u.subscript.slice);
        break;
    case E_STARRED: visit_expr(b, e->u.starred.value); break;
    case E_NAME:
        if (e->u.name.ctx == CTX_LOAD) use_name(b, e->u.name.id, e->pos);
        else def_name(b, e->u.name.id, DEF_LOCAL, e->pos);
        break;
    case E_LIST:
    case E_TUPLE: visit_exprs(b, e->u.seq.elts); break;
    case E_SLICE:
        visit_expr(b, e->u.slice.lower);
        visit_expr(b, e->u.slice.upper);
        visit_expr(b, e->u.slice.step);
        break;
    }
}

static void check_global_nonlocal(Builder *b, Stmt *s, bool is_global) {
    for (int i = 0; i < s->u.global.nnames; i++) {
        const char *raw = s->u.global.names[i];
        const char *name = mangle_name(b->class_name, raw);
        Symbol *sym = scope_lookup(b->cur, name);
        char msg[300];
        if (!is_global && b->cur->kind == SCOPE_MODULE) {
            fail(b, "nonlocal declaration not allowed at module level", s->pos);
            return;
        }
        if (sym) {
            const char *what = is_global ? "global" : "nonlocal";
            /* (both global and nonlocal: found by the analysis, as CPython) */
            if (sym->flags & DEF_PARAM) {
                snprintf(msg, sizeof msg, "name '%s' is parameter and %s", raw, what);
                fail(b, msg, s->pos);
                return;
            }
            if (sym->flags & USE) {
                snprintf(msg, sizeof msg, "name '%s' is used prior to %s declaration", raw, what);
                fail(b, msg, s->pos);
                return;
            }
            if (sym->flags & DEF_ANNOT) {
                snprintf(msg, sizeof msg, "annotated name '%s' can't be %s", raw, what);
                fail(b, msg, s->pos);
                return;
            }
            if (sym->flags & DEF_LOCAL) {
                snprintf(msg, sizeof msg, "name '%s' is assigned to before %s declaration", raw, what);
                fail(b, msg, s->pos);
                return;
            }
        }
        add_sym(b->cur, name, is_global ? DEF_GLOBAL : DEF_NONLOCAL, s->pos);
        /* CPython records every global declaration in the module's table:
           the module's code then stores such names with STORE_GLOBAL, which
           matters when exec() runs it with a separate locals mapping */
        if (is_global) add_sym(b->st->top, name, DEF_GLOBAL, s->pos);
    }
}

/* Captures bind names in the enclosing scope; value patterns, class
 * names and mapping keys are loads. */
static void visit_pattern(Builder *b, Pattern *q) {
    switch (q->kind) {
    case P_VALUE: visit_expr(b, q->u.value.value); break;
    case P_SINGLETON: break;
    case P_SEQUENCE:
        for (int i = 0; i < q->u.seq.patterns.n; i++) visit_pattern(b, q->u.seq.patterns.items[i]);
        break;
    case P_MAPPING:
        for (int i = 0; i < q->u.mapping.keys.n; i++) {
            visit_expr(b, q->u.mapping.keys.items[i]);
            visit_pattern(b, q->u.mapping.patterns.items[i]);
        }
        if (q->u.mapping.rest) def_name(b, q->u.mapping.rest, DEF_LOCAL, q->pos);
        break;
    case P_CLASS:
        visit_expr(b, q->u.cls.cls);
        for (int i = 0; i < q->u.cls.patterns.n; i++) visit_pattern(b, q->u.cls.patterns.items[i]);
        for (int i = 0; i < q->u.cls.kwd_patterns.n; i++) visit_pattern(b, q->u.cls.kwd_patterns.items[i]);
        break;
    case P_STAR:
        if (q->u.star.name) def_name(b, q->u.star.name, DEF_LOCAL, q->pos);
        break;
    case P_AS:
        if (q->u.as.pattern) visit_pattern(b, q->u.as.pattern);
        if (q->u.as.name) def_name(b, q->u.as.name, DEF_LOCAL, q->pos);
        break;
    case P_OR:
        for (int i = 0; i < q->u.or_.patterns.n; i++) visit_pattern(b, q->u.or_.patterns.items[i]);
        break;
    }
}

static void visit_stmt(Builder *b, Stmt *s) {
    if (b->failed) return;
    switch (s->kind) {
    case S_FUNCTIONDEF:
    case S_ASYNCFUNCTIONDEF: {
        Arguments *a = s->u.funcdef.args;
        if (b->cv) {   /* CPython's order */
            def_name(b, s->u.funcdef.name, DEF_LOCAL, s->pos);
            visit_args_defaults(b, a);
            visit_annotations(b, a, s->u.funcdef.returns);
            visit_exprs(b, s->u.funcdef.decorator_list);
        } else {
            visit_exprs(b, s->u.funcdef.decorator_list);
            visit_args_defaults(b, a);
            visit_annotations(b, a, s->u.funcdef.returns);
            def_name(b, s->u.funcdef.name, DEF_LOCAL, s->pos);
        }
        visit_function(b, s, s->u.funcdef.name, a, &s->u.funcdef.body, NULL, s, s->pos);
        /* class attribute hint: self.X stores in methods */
        if (b->cur->kind == SCOPE_CLASS) {
            const char *self = a->nposonly ? a->posonlyargs[0]->arg : a->nargs ? a->args[0]->arg : NULL;
            if (self) {
                const char **seen = NULL;
                int nseen = 0;
                count_self_stores(s->u.funcdef.body, self, &seen, &nseen);
                b->cur->attr_stores += nseen;
            }
        }
        break;
    }
    case S_CLASSDEF: {
        if (b->cv) def_name(b, s->u.classdef.name, DEF_LOCAL, s->pos);
        else visit_exprs(b, s->u.classdef.decorator_list);
        visit_exprs(b, s->u.classdef.bases);
        for (int i = 0; i < s->u.classdef.nkeywords; i++) visit_expr(b, s->u.classdef.keywords[i]->value);
        if (b->cv) visit_exprs(b, s->u.classdef.decorator_list);
        else def_name(b, s->u.classdef.name, DEF_LOCAL, s->pos);
        Scope *cs = scope_new(SCOPE_CLASS, s->u.classdef.name, s, b->cur);
        Scope *saved = b->cur;
        const char *saved_class = b->class_name;
        b->cur = cs;
        b->class_name = s->u.classdef.name;
        visit_stmts(b, s->u.classdef.body);
        b->cur = saved;
        b->class_name = saved_class;
        break;
    }
    case S_RETURN:
        /* 'return' outside function is the compiler's error (as in
         * CPython): a symtable error anywhere comes first, and an except*
         * clause left earlier in the code too */
        if (s->u.ret.value) visit_expr(b, s->u.ret.value);
        break;
    case S_DELETE:
        for (int i = 0; i < s->u.del.targets.n; i++) visit_target(b, s->u.del.targets.items[i]);
        break;
    case S_ASSIGN:
        if (!b->cv) visit_expr(b, s->u.assign.value);
        for (int i = 0; i < s->u.assign.targets.n; i++) visit_target(b, s->u.assign.targets.items[i]);
        if (b->cv) visit_expr(b, s->u.assign.value);
        break;
    case S_AUGASSIGN: {
        Expr *t = s->u.augassign.target;
        if (b->cv) {   /* CPython: the target is a store only */
            visit_target(b, t);
            visit_expr(b, s->u.augassign.value);
            break;
        }
        visit_expr(b, s->u.augassign.value);
        if (t->kind == E_NAME) {
            use_name(b, t->u.name.id, t->pos);
            def_name(b, t->u.name.id, DEF_LOCAL, t->pos);
        } else {
            visit_expr(b, t);
        }
        break;
    }
    case S_ANNASSIGN: {
        Expr *t = s->u.annassign.target;
        if (t->kind == E_NAME) {
            const char *name = mangle_name(b->class_name, t->u.name.id);
            Symbol *sym = scope_lookup(b->cur, name);
            /* (at module level a global declaration changes nothing) */
            if (sym && (sym->flags & (DEF_GLOBAL | DEF_NONLOCAL)) && s->u.annassign.simple &&
                b->cur->kind != SCOPE_MODULE) {
                char msg[300];
                snprintf(msg, sizeof msg, "annotated name '%s' can't be %s", t->u.name.id,
                         (sym->flags & DEF_GLOBAL) ? "global" : "nonlocal");
                fail(b, msg, s->pos);
                return;
            }
            /* an annotated simple name is local to the scope, value or not
               (reading it unassigned is an UnboundLocalError), as CPython */
            if (s->u.annassign.simple) add_sym(b->cur, name, DEF_ANNOT | DEF_LOCAL, t->pos);
            else if (s->u.annassign.value) def_name(b, t->u.name.id, DEF_LOCAL, t->pos);
        } else {
            visit_expr(b, t);
        }
        if (b->future_annotations) check_annotation(b, s->u.annassign.annotation);
        else if (b->cur->kind != SCOPE_FUNCTION || b->cv) visit_expr(b, s->u.annassign.annotation);
        if (s->u.annassign.value) visit_expr(b, s->u.annassign.value);
        break;
    }
    case S_FOR:
    case S_ASYNCFOR:
        visit_target(b, s->u.for_.target);
        visit_expr(b, s->u.for_.iter);
        visit_stmts(b, s->u.for_.body);
        visit_stmts(b, s->u.for_.orelse);
        break;
    case S_WHILE:
        visit_expr(b, s->u.while_.test);
        visit_stmts(b, s->u.while_.body);
        visit_stmts(b, s->u.while_.orelse);
        break;
    case S_IF:
        visit_expr(b, s->u.if_.test);
        visit_stmts(b, s->u.if_.body);
        visit_stmts(b, s->u.if_.orelse);
        break;
    case S_WITH:
    case S_ASYNCWITH:
        for (int i = 0; i < s->u.with.nitems; i++) {
            visit_expr(b, s->u.with.items[i]->context_expr);
            if (s->u.with.items[i]->optional_vars) visit_target(b, s->u.with.items[i]->optional_vars);
        }
        visit_stmts(b, s->u.with.body);
        break;
    case S_MATCH:
        visit_expr(b, s->u.match.subject);
        for (int i = 0; i < s->u.match.ncases; i++) {
            MatchCase *m = s->u.match.cases[i];
            visit_pattern(b, m->pattern);
            if (m->guard) visit_expr(b, m->guard);
            visit_stmts(b, m->body);
        }
        break;
    case S_RAISE:
        visit_expr(b, s->u.raise.exc);
        visit_expr(b, s->u.raise.cause);
        break;
    case S_TRY:
    case S_TRYSTAR:
        visit_stmts(b, s->u.try_.body);
        if (b->cv) visit_stmts(b, s->u.try_.orelse);   /* CPython's order */
        for (int i = 0; i < s->u.try_.nhandlers; i++) {
            ExceptHandler *h = s->u.try_.handlers[i];
            if (h->type) visit_expr(b, h->type);
            if (h->name) def_name(b, h->name, DEF_LOCAL, h->pos);
            visit_stmts(b, h->body);
        }
        if (!b->cv) visit_stmts(b, s->u.try_.orelse);
        visit_stmts(b, s->u.try_.finalbody);
        break;
    case S_ASSERT:
        visit_expr(b, s->u.assert_.test);
        visit_expr(b, s->u.assert_.msg);
        break;
    case S_IMPORT:
        for (int i = 0; i < s->u.import.nnames; i++) {
            Alias *a = s->u.import.names[i];
            const char *n = a->asname;
            if (!n) {
                /* import a.b.c binds a */
                const char *dot = strchr(a->name, '.');
                if (dot) {
                    size_t len = (size_t)(dot - a->name);
                    char *t = gc_alloc_atomic(len + 1);
                    memcpy(t, a->name, len);
                    t[len] = 0;
                    n = t;
                } else {
                    n = a->name;
                }
            }
            def_name(b, n, b->cv ? DEF_IMPORT : DEF_LOCAL | DEF_IMPORT, a->pos);
        }
        break;
    case S_IMPORTFROM:
        for (int i = 0; i < s->u.importfrom.nnames; i++) {
            Alias *a = s->u.importfrom.names[i];
            if (strcmp(a->name, "*") == 0) {
                if (b->cur->kind != SCOPE_MODULE) {
                    fail(b, "import * only allowed at module level", a->pos);
                    return;
                }
                continue;
            }
            def_name(b, a->asname ? a->asname : a->name, b->cv ? DEF_IMPORT : DEF_LOCAL | DEF_IMPORT, a->pos);
        }
        break;
    case S_GLOBAL: check_global_nonlocal(b, s, true); break;
    case S_NONLOCAL: check_global_nonlocal(b, s, false); break;
    case S_EXPR: visit_expr(b, s->u.expr.value); break;
    case S_PASS:
    case S_BREAK:
    case S_CONTINUE: break;
    }
}

static void visit_stmts(Builder *b, StmtList l) {
    for (int i = 0; i < l.n && !b->failed; i++) visit_stmt(b, l.items[i]);
}

/* ---- analysis -------------------------------------------------------------------- */

typedef struct NameSet {
    const char **names;
    int n, cap;
} NameSet;

static bool ns_has(NameSet *s, const char *name) {
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->names[i], name) == 0) return true;
    return false;
}

static void ns_add(NameSet *s, const char *name) {
    if (ns_has(s, name)) return;
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        const char **nn = gc_alloc(sizeof(char *) * (size_t)cap);
        if (s->n) memcpy(nn, s->names, sizeof(char *) * (size_t)s->n);
        s->names = nn;
        s->cap = cap;
    }
    s->names[s->n++] = name;
}

static NameSet ns_copy(NameSet *s) {
    NameSet r = {0};
    for (int i = 0; i < s->n; i++) ns_add(&r, s->names[i]);
    return r;
}

static void ns_del(NameSet *s, const char *name) {
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->names[i], name) == 0) {
            s->names[i] = s->names[--s->n];
            return;
        }
}

/* Resolve the names of scope s, as CPython's analyze_block. `bound` holds the
 * names bound in enclosing function scopes and `global` those declared global
 * on the way out and not rebound since; both are s's own copies (s's
 * declarations edit them: `global x` hides an outer binding of x from the
 * scopes nested in s, a local x hides an outer `global x`). Adds s's free
 * variables (after resolution) to `free_out`. */
static void analyze(Builder *b, Scope *s, NameSet *bound, NameSet *global, NameSet *free_out) {
    if (b->failed) return;
    bool is_func = s->kind == SCOPE_FUNCTION || s->kind == SCOPE_COMPREHENSION;
    /* a class body's names are invisible to its methods: they see what the
       class itself sees, before its own declarations */
    NameSet child_bound = {0}, child_global = {0};
    if (s->kind == SCOPE_CLASS) {
        child_bound = ns_copy(bound);
        child_global = ns_copy(global);
        ns_add(&child_bound, "__class__");
    }
    for (int i = 0; i < s->nsyms; i++) {
        Symbol *sym = &s->syms[i];
        if (sym->flags & DEF_GLOBAL) {
            if (sym->flags & DEF_NONLOCAL) {
                /* at the first of the declarations (CPython's error_at_directive) */
                char msg[300];
                snprintf(msg, sizeof msg, "name '%s' is nonlocal and global", sym->name);
                fail(b, msg, sym->pos);
                return;
            }
            sym->kind = SYM_GLOBAL_EXPLICIT;
            ns_add(global, sym->name);
            ns_del(bound, sym->name);
        } else if (sym->flags & DEF_NONLOCAL) {
            if (!ns_has(bound, sym->name)) {
                char msg[300];
                snprintf(msg, sizeof msg, "no binding for nonlocal '%s' found", sym->name);
                fail(b, msg, sym->pos);
                return;
            }
            sym->kind = SYM_FREE;
        } else if (sym->flags & (DEF_LOCAL | DEF_PARAM | DEF_IMPORT)) {
            sym->kind = SYM_LOCAL;
            ns_del(global, sym->name);
        } else if (s->kind != SCOPE_MODULE && ns_has(bound, sym->name)) {
            sym->kind = SYM_FREE;
        } else {
            sym->kind = SYM_GLOBAL_IMPLICIT;
        }
    }
    /* methods using super() / __class__ capture the class cell */
    if (s->kind == SCOPE_FUNCTION && s->uses_super_or_class) {
        Scope *p = s->parent;
        if (p && p->kind == SCOPE_CLASS) {
            Symbol *cls = add_sym(s, "__class__", USE, (SrcPos){0});
            if (cls->kind == SYM_NONE || cls->kind == SYM_GLOBAL_IMPLICIT) cls->kind = SYM_FREE;
            p->needs_class_cell = true;
        }
    }
    if (s->kind != SCOPE_CLASS) {
        if (s->kind != SCOPE_MODULE) child_bound = ns_copy(bound);
        if (is_func)
            for (int i = 0; i < s->nsyms; i++)
                if (s->syms[i].kind == SYM_LOCAL || s->syms[i].kind == SYM_FREE) ns_add(&child_bound, s->syms[i].name);
        child_global = ns_copy(global);
    }
    NameSet child_free = {0};
    for (int i = 0; i < s->nchildren && !b->failed; i++) {
        s->children[i]->child_index = i;
        /* each child edits copies: a `global` in one function does not
           leak into its siblings */
        NameSet cb = ns_copy(&child_bound), cg = ns_copy(&child_global);
        analyze(b, s->children[i], &cb, &cg, &child_free);
    }
    /* children's free variables: cells here, or free here too */
    for (int i = 0; i < child_free.n; i++) {
        const char *name = child_free.names[i];
        if (s->kind == SCOPE_CLASS && strcmp(name, "__class__") == 0) {
            s->needs_class_cell = true;
            continue;
        }
        Symbol *sym = scope_lookup(s, name);
        if (sym) {
            if (is_func && sym->kind == SYM_LOCAL) {
                sym->kind = SYM_CELL;
                continue;
            }
            /* bound or declared global in the class body and free in a
               method: the class passes the enclosing cell through */
            if (s->kind == SCOPE_CLASS && (sym->flags & (DEF_LOCAL | DEF_PARAM | DEF_IMPORT | DEF_GLOBAL)))
                sym->flags |= DEF_FREE_CLASS;
            /* a cell here, or free here too, or passed through */
            if (sym->kind != SYM_CELL) ns_add(free_out, name);
            continue;
        }
        if (!ns_has(bound, name)) continue;   /* a global */
        sym = add_sym(s, name, 0, (SrcPos){0});
        sym->kind = SYM_FREE;
    }
    for (int i = 0; i < s->nsyms; i++)
        if (s->syms[i].kind == SYM_FREE) ns_add(free_out, s->syms[i].name);
    s->has_free = free_out->n > 0;
}

bool symtable_build(SymTable *st, Module *m, const char *filename, SyntaxErrorInfo *err) {
    Builder b = {0};
    b.st = st;
    b.err = err;
    b.future_annotations = (m->future_flags & AST_FUTURE_ANNOTATIONS) != 0;
    b.cv = st->cpython_view;
    st->filename = filename;
    st->top = scope_new(SCOPE_MODULE, "<module>", NULL, NULL);
    b.cur = st->top;
    visit_stmts(&b, m->body);
    if (b.failed) return false;
    NameSet bound = {0}, global = {0}, free_ = {0};
    analyze(&b, st->top, &bound, &global, &free_);
    return !b.failed;
}
