/* _ast.c: the _ast module, CPython 3.11's AST node classes, and the two
 * converters compile() uses: C tree (front/ast.h) -> node objects for
 * PyCF_ONLY_AST, and node objects -> C tree for compiling an AST object.
 *
 * The classes come from the one table in front/ast_nodes.h: they are heap
 * classes deriving from AST (module 'ast'), whose instances keep their
 * fields in their __dict__, as CPython's. Fields are parsed from the table's
 * ASDL text once; the converters name fields by their index in that list,
 * and the object -> C direction checks them (required, optional, list,
 * element type) with CPython's messages before building C nodes, then
 * validates what the compiler relies on (contexts, non-empty bodies, list
 * lengths) as CPython's ast validator does.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../runtime.h"
#include "../front/ast.h"
#include "../front/ast_nodes.h"
#include "../front/compiler.h"
#include "modules.h"

enum NodeKind {
    K_AST,
#define K_ENUM(name, base, fields, attrs) K_##name,
    AST_NODE_DEF(K_ENUM)
#undef K_ENUM
    K__COUNT
};

/* Field element types besides node classes (which use their K_ index) */
enum { T_IDENT = -1, T_STRING = -2, T_INT = -3, T_CONST = -4 };

#define MAX_FIELDS 8

typedef struct Field {
    Value name;       /* interned str */
    const char *cname;
    int type;         /* K_ index or T_ code */
    char q;           /* 0 required, '?' optional, '*' list */
} Field;

typedef struct NodeInfo {
    const char *name;
    int base;
    const char *asdl;   /* NULL: abstract */
    int attrs;
    int nfields;
    Field f[MAX_FIELDS];
} NodeInfo;

static NodeInfo info[K__COUNT] = {
    [K_AST] = {"AST", -1, NULL, AT_NONE, 0, {{0}}},
#define K_INFO(name, base, fields, attrs) [K_##name] = {#name, K_##base, fields, attrs, 0, {{0}}},
    AST_NODE_DEF(K_INFO)
#undef K_INFO
};

static Value cls[K__COUNT];        /* the classes */
static Value singleton[K__COUNT];  /* one instance of each fieldless class
                                      of a simple sum (Load, Add...) */
static Value kind_of_class;        /* dict: class -> K_ index */
static Value pos_names[4];         /* lineno, col_offset, end_lineno, end_col_offset */

static int type_by_name(const char *s, size_t n) {
    static const struct { const char *name; int t; } builtin[] = {
        {"identifier", T_IDENT}, {"string", T_STRING}, {"int", T_INT}, {"constant", T_CONST}};
    for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
        if (strlen(builtin[i].name) == n && memcmp(builtin[i].name, s, n) == 0) return builtin[i].t;
    for (int k = 0; k < K__COUNT; k++)
        if (strlen(info[k].name) == n && memcmp(info[k].name, s, n) == 0) return k;
    return K__COUNT;   /* not reached for the table's own text */
}

/* "expr* targets, expr value" -> info[k].f */
static void parse_fields(NodeInfo *ni) {
    const char *p = ni->asdl;
    while (p && *p) {
        const char *t = p;
        while (*p != ' ' && *p != '*' && *p != '?') p++;
        assert(ni->nfields < MAX_FIELDS);   /* arguments has the most: 7 */
        Field *f = &ni->f[ni->nfields++];
        f->type = type_by_name(t, (size_t)(p - t));
        f->q = *p == ' ' ? 0 : *p++;
        p++;   /* the space */
        const char *nm = p;
        while (*p && *p != ',') p++;
        f->name = str_intern(str_new(nm, (size_t)(p - nm)));
        f->cname = str_data(f->name);
        if (*p == ',') p += 2;
    }
}

/* A simple sum: abstract, and every subclass has no fields (operator...) */
static bool is_simple_sum(int k) {
    if (k == K_AST || info[k].asdl) return false;
    for (int j = k + 1; j < K__COUNT; j++)
        if (info[j].base == k && (!info[j].asdl || info[j].asdl[0])) return false;
    return true;
}

/* __doc__ as CPython's: the ASDL signature, sums list their constructors */
static Value make_doc(int k) {
    Buf b;
    buf_init(&b, 64);
    if (info[k].asdl) {
        buf_puts(&b, info[k].name);
        if (info[k].asdl[0]) buf_printf(&b, "(%s)", info[k].asdl);
        return str_from_buf(&b);
    }
    bool simple = is_simple_sum(k);
    buf_printf(&b, "%s = ", info[k].name);
    int first = 1;
    for (int j = k + 1; j < K__COUNT; j++) {
        if (info[j].base != k) continue;
        if (!first) {
            if (simple) buf_puts(&b, " | ");
            else buf_printf(&b, "\n%*s| ", (int)strlen(info[k].name) + 1, "");
        }
        first = 0;
        buf_puts(&b, info[j].name);
        if (info[j].asdl[0]) buf_printf(&b, "(%s)", info[j].asdl);
    }
    return str_from_buf(&b);
}

/* ---- AST.__init__ and AST.__reduce__ -------------------------------------------------- */

static Value ast_init(Value *args, size_t nargs, Value kwnames) {
    Value self = args[0];
    Value fields = obj_getattr_opt(V_FROM_PTR(type_of(self)), str_intern_cstr("_fields"));
    if (!fields) {
        if (err_occurred()) return VNULL;
        fields = tuple_new(0);
    }
    Value seq = list_from_iterable(fields);
    if (!seq) return VNULL;
    int64_t nf = list_size(seq);
    if ((int64_t)nargs - 1 > nf)
        return err_format(&exc_TypeError, "%s constructor takes at most %lld positional argument%s",
                          type_of(self)->tname, (long long)nf, nf == 1 ? "" : "s");
    for (size_t i = 1; i < nargs; i++)
        if (obj_setattr(self, list_get(seq, (int64_t)i - 1), args[i]) < 0) return VNULL;
    if (kwnames)
        for (int64_t i = 0; i < tuple_size(kwnames); i++) {
            Value key = tuple_get(kwnames, i);
            for (size_t j = 1; j < nargs; j++)
                if (obj_eq(list_get(seq, (int64_t)j - 1), key) > 0)
                    return err_format(&exc_TypeError, "%s got multiple values for argument '%U'", type_of(self)->tname,
                                      key);
            if (obj_setattr(self, key, args[nargs + (size_t)i]) < 0) return VNULL;
        }
    return V_NONE;
}

static Value ast_reduce(Value *args, size_t nargs, Value kwnames) {
    Value self = args[0];
    char fname[128];   /* CPython's messages name the instance's class */
    snprintf(fname, sizeof fname, "%.100s.__reduce__", type_of(self)->tname);
    const ArgSpec spec = {fname, 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value t = V_FROM_PTR(type_of(self));
    Value d = obj_getattr_opt(self, NAME(__dict__));
    if (!d) {
        if (err_occurred()) return VNULL;
        return tuple_pack(2, t, tuple_new(0));
    }
    return tuple_pack(3, t, tuple_new(0), d);
}

/* AST.__new__(cls, *args, **kwargs): the arguments are __init__'s */
static Value ast_new(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs < 1 || !type_check(args[0]) || !type_is_subtype(V_AS(Type, args[0]), V_AS(Type, cls[K_AST])))
        return err_set(&exc_TypeError, "AST.__new__(X): X is not a subtype of AST");
    return instance_new(V_AS(Type, args[0]));
}

static const MethodDef ast_new_def = {"__new__", ast_new, MF_KEYWORDS, NULL};

static const MethodDef ast_methods[] = {
    {"__init__", ast_init, MF_KEYWORDS, NULL},
    {"__reduce__", ast_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- the classes ---------------------------------------------------------------------- */

static Value names_tuple(const NodeInfo *ni) {
    Value t = tuple_new(ni->nfields);
    for (int i = 0; i < ni->nfields; i++) tuple_items(t)[i] = ni->f[i].name;
    return t;
}

static int make_class(int k) {
    NodeInfo *ni = &info[k];
    parse_fields(ni);
    Value d = dict_new();
    dict_set(d, NAME(__module__), str_from_cstr("ast"));
    Value fields = names_tuple(ni);
    dict_set_cstr(d, "_fields", fields);
    dict_set_cstr(d, "__match_args__", fields);
    dict_set(d, NAME(__doc__), k == K_AST ? V_NONE : make_doc(k));
    for (int i = 0; i < ni->nfields; i++)
        if (ni->f[i].q == '?') dict_set(d, ni->f[i].name, V_NONE);
    if (k == K_AST || ni->base == K_AST) {
        Value at = ni->attrs == AT_NONE ? tuple_new(0) : tuple_from_array(pos_names, 4);
        dict_set_cstr(d, "_attributes", at);
        if (ni->attrs == AT_POS) {
            dict_set(d, pos_names[2], V_NONE);
            dict_set(d, pos_names[3], V_NONE);
        }
    }
    Value bases = k == K_AST ? tuple_pack(1, V_FROM_PTR(&object_type)) : tuple_pack(1, cls[ni->base]);
    Value c = type_new_class(&type_type, str_from_cstr(ni->name), bases, d, VNULL);
    if (!c) return -1;
    if (k == K_AST) {
        Type *t = V_AS(Type, c);
        for (const MethodDef *m = ast_methods; m->name; m++)
            dict_set(t->dict, str_intern_cstr(m->name), method_descr_new(t, m));
        StaticMethodObject *sm = (StaticMethodObject *)obj_alloc(&staticmethod_type, sizeof *sm);
        sm->func = builtin_function_new(&ast_new_def, VNULL, VNULL);
        dict_set(t->dict, NAME(__new__), V_FROM_PTR(sm));
        type_modified(t);
    }
    cls[k] = c;
    dict_set(kind_of_class, c, v_int(k));
    return 0;
}

static int ast_init_classes(void) {
    if (kind_of_class) return 0;
    static const char *const pn[4] = {"lineno", "col_offset", "end_lineno", "end_col_offset"};
    for (int i = 0; i < 4; i++) pos_names[i] = str_intern_cstr(pn[i]);
    kind_of_class = dict_new();
    for (int k = 0; k < K__COUNT; k++)
        if (make_class(k) < 0) {
            kind_of_class = VNULL;
            return -1;
        }
    for (int k = 0; k < K__COUNT; k++)
        if (info[k].base >= 0 && is_simple_sum(info[k].base)) {
            singleton[k] = instance_new(V_AS(Type, cls[k]));
            if (!singleton[k]) return -1;
        }
    return 0;
}

/* ---- C tree -> node objects ------------------------------------------------------------ */

/* Nesting of the conversion in either direction: as CPython, a tree deeper
 * than three times the recursion limit raises RecursionError (and the C
 * stack stays bounded). */
static int64_t depth;

static int enter(void) {
    if (++depth > tstate.recursion_limit * 3) {
        depth--;
        err_set(&exc_RecursionError, "maximum recursion depth exceeded during ast construction");
        return -1;
    }
    return 0;
}

/* A node of class k with its fields in table order (varargs: one Value per
 * field; VNULL means a sub-conversion failed) and, if pos, its positions. */
static Value node(int k, const SrcPos *pos, ...) {
    va_list ap;
    va_start(ap, pos);
    Value fv[MAX_FIELDS];
    bool failed = false;
    for (int i = 0; i < info[k].nfields; i++) {
        fv[i] = va_arg(ap, Value);
        if (!fv[i]) failed = true;
    }
    va_end(ap);
    if (failed) return VNULL;
    Value o = instance_new(V_AS(Type, cls[k]));
    if (!o) return VNULL;
    for (int i = 0; i < info[k].nfields; i++)
        if (obj_setattr(o, info[k].f[i].name, fv[i]) < 0) return VNULL;
    if (pos) {
        int pv[4] = {pos->lineno, pos->col_offset, pos->end_lineno, pos->end_col_offset};
        for (int i = 0; i < 4; i++)
            if (obj_setattr(o, pos_names[i], v_int(pv[i])) < 0) return VNULL;
    }
    return o;
}

static Value ident(const char *s) { return s ? str_from_cstr(s) : V_NONE; }

static Value c2o_expr(const Expr *e);
static Value c2o_stmt(const Stmt *s);
static Value c2o_pattern(const Pattern *p);

static Value opt_expr(const Expr *e) { return e ? c2o_expr(e) : V_NONE; }

static Value c2o_exprs(int n, Expr *const *items) {
    Value l = list_new(n);
    for (int i = 0; i < n; i++) {
        Value v = opt_expr(items[i]);
        if (!v) return VNULL;
        list_append(l, v);
    }
    return l;
}
#define EXPRS(el) c2o_exprs((el).n, (el).items)

static Value c2o_stmts(const StmtList *sl) {
    Value l = list_new(sl->n);
    for (int i = 0; i < sl->n; i++) {
        Value v = c2o_stmt(sl->items[i]);
        if (!v) return VNULL;
        list_append(l, v);
    }
    return l;
}

static Value c2o_patterns(const PatternList *pl) {
    Value l = list_new(pl->n);
    for (int i = 0; i < pl->n; i++) {
        Value v = c2o_pattern(pl->items[i]);
        if (!v) return VNULL;
        list_append(l, v);
    }
    return l;
}

static Value c2o_idents(int n, const char *const *names) {
    Value l = list_new(n);
    for (int i = 0; i < n; i++) list_append(l, ident(names[i]));
    return l;
}

static Value ctx_obj(ExprCtx c) { return singleton[c == CTX_STORE ? K_Store : c == CTX_DEL ? K_Del : K_Load]; }

/* operators: the C enum values <-> classes, one table per ASDL sum */
static const struct { int op; int k; } binop_map[] = {
    {BINOP_ADD, K_Add}, {BINOP_SUB, K_Sub}, {BINOP_MUL, K_Mult}, {BINOP_MATMUL, K_MatMult},
    {BINOP_TRUEDIV, K_Div}, {BINOP_MOD, K_Mod}, {BINOP_POW, K_Pow}, {BINOP_LSHIFT, K_LShift},
    {BINOP_RSHIFT, K_RShift}, {BINOP_OR, K_BitOr}, {BINOP_XOR, K_BitXor}, {BINOP_AND, K_BitAnd},
    {BINOP_FLOORDIV, K_FloorDiv}, {-1, 0}};
static const struct { int op; int k; } unop_map[] = {
    {UNOP_INVERT, K_Invert}, {AST_UNOP_NOT, K_Not}, {UNOP_POS, K_UAdd}, {UNOP_NEG, K_USub}, {-1, 0}};
static const struct { int op; int k; } cmpop_map[] = {
    {CMP_EQ, K_Eq}, {CMP_NE, K_NotEq}, {CMP_LT, K_Lt}, {CMP_LE, K_LtE}, {CMP_GT, K_Gt},
    {CMP_GE, K_GtE}, {AST_CMP_IS, K_Is}, {AST_CMP_IS_NOT, K_IsNot}, {AST_CMP_IN, K_In},
    {AST_CMP_NOT_IN, K_NotIn}, {-1, 0}};
static const struct { int op; int k; } boolop_map[] = {{AST_BOOL_AND, K_And}, {AST_BOOL_OR, K_Or}, {-1, 0}};

#define OP_TO_OBJ(map, o) op_obj(map, sizeof map / sizeof map[0], o)
static Value op_obj(const void *mapv, size_t n, int op) {
    const struct { int op; int k; } *map = mapv;
    for (size_t i = 0; i < n; i++)
        if (map[i].op == op) return singleton[map[i].k];
    return err_set(&exc_SystemError, "unknown operator in AST");
}

/* the source being converted, for the SyntaxError of a too long literal */
static struct {
    const char *src, *filename;
    size_t len;
} parsing;

/* A decimal literal longer than sys.get_int_max_str_digits() is the
 * parser's SyntaxError in CPython */
static Value literal_value(const Expr *e) {
    Value v = ast_constant_value(&e->u.constant);
    if (v || e->u.constant.kind != CONST_BIGINT || !err_matches(&exc_ValueError)) return v;
    Value m = obj_str(err_fetch());
    if (!m) return VNULL;
    SyntaxErrorInfo info;
    memset(&info, 0, sizeof info);
    info.msg = str_data(str_concat(m, str_from_cstr(" - Consider hexadecimal for huge integer literals to avoid "
                                                    "decimal conversion limits.")));
    info.filename = parsing.filename;
    info.lineno = info.end_lineno = e->pos.lineno;
    raise_syntax_error(&info, parsing.src, parsing.len);
    return VNULL;
}

/* a type comment (ast.parse(type_comments=True)) or None */
static Value opt_str(const char *s) { return s ? str_from_cstr(s) : V_NONE; }

static Value c2o_arg(const Arg *a) {
    return a ? node(K_arg, &a->pos, ident(a->arg), opt_expr(a->annotation), opt_str(a->type_comment)) : V_NONE;
}

static Value c2o_args(int n, Arg *const *a) {
    Value l = list_new(n);
    for (int i = 0; i < n; i++) {
        Value v = c2o_arg(a[i]);
        if (!v) return VNULL;
        list_append(l, v);
    }
    return l;
}

static Value c2o_arguments(const Arguments *a) {
    return node(K_arguments, NULL, c2o_args(a->nposonly, a->posonlyargs), c2o_args(a->nargs, a->args),
                c2o_arg(a->vararg), c2o_args(a->nkwonly, a->kwonlyargs), c2o_exprs(a->nkwonly, a->kw_defaults),
                c2o_arg(a->kwarg), EXPRS(a->defaults));
}

static Value c2o_keywords(int n, Keyword *const *kw) {
    Value l = list_new(n);
    for (int i = 0; i < n; i++) {
        Value v = node(K_keyword, &kw[i]->pos, ident(kw[i]->arg), c2o_expr(kw[i]->value));
        if (!v) return VNULL;
        list_append(l, v);
    }
    return l;
}

static Value c2o_comps(int n, Comprehension *const *c) {
    Value l = list_new(n);
    for (int i = 0; i < n; i++) {
        Value v = node(K_comprehension, NULL, c2o_expr(c[i]->target), c2o_expr(c[i]->iter), EXPRS(c[i]->ifs),
                       v_int(c[i]->is_async));
        if (!v) return VNULL;
        list_append(l, v);
    }
    return l;
}

static Value c2o_aliases(int n, Alias *const *a) {
    Value l = list_new(n);
    for (int i = 0; i < n; i++) {
        Value v = node(K_alias, &a[i]->pos, ident(a[i]->name), ident(a[i]->asname));
        if (!v) return VNULL;
        list_append(l, v);
    }
    return l;
}

static Value c2o_expr_(const Expr *e);

static Value c2o_expr(const Expr *e) {
    if (enter() < 0) return VNULL;
    Value v = c2o_expr_(e);
    depth--;
    return v;
}

static Value c2o_expr_(const Expr *e) {
    const SrcPos *p = &e->pos;
    switch (e->kind) {
    case E_BOOLOP: return node(K_BoolOp, p, OP_TO_OBJ(boolop_map, e->u.boolop.op), EXPRS(e->u.boolop.values));
    case E_NAMEDEXPR: return node(K_NamedExpr, p, c2o_expr(e->u.namedexpr.target), c2o_expr(e->u.namedexpr.value));
    case E_BINOP:
        return node(K_BinOp, p, c2o_expr(e->u.binop.left), OP_TO_OBJ(binop_map, e->u.binop.op),
                    c2o_expr(e->u.binop.right));
    case E_UNARYOP: return node(K_UnaryOp, p, OP_TO_OBJ(unop_map, e->u.unaryop.op), c2o_expr(e->u.unaryop.operand));
    case E_LAMBDA: return node(K_Lambda, p, c2o_arguments(e->u.lambda.args), c2o_expr(e->u.lambda.body));
    case E_IFEXP:
        return node(K_IfExp, p, c2o_expr(e->u.ifexp.test), c2o_expr(e->u.ifexp.body), c2o_expr(e->u.ifexp.orelse));
    case E_DICT: return node(K_Dict, p, EXPRS(e->u.dict.keys), EXPRS(e->u.dict.values));
    case E_SET: return node(K_Set, p, EXPRS(e->u.set.elts));
    case E_LISTCOMP:
    case E_SETCOMP:
    case E_GENEXP:
        return node(e->kind == E_LISTCOMP ? K_ListComp : e->kind == E_SETCOMP ? K_SetComp : K_GeneratorExp, p,
                    c2o_expr(e->u.comp.elt), c2o_comps(e->u.comp.ngens, e->u.comp.generators));
    case E_DICTCOMP:
        return node(K_DictComp, p, c2o_expr(e->u.comp.key), c2o_expr(e->u.comp.value),
                    c2o_comps(e->u.comp.ngens, e->u.comp.generators));
    case E_AWAIT: return node(K_Await, p, c2o_expr(e->u.await_.value));
    case E_YIELD: return node(K_Yield, p, opt_expr(e->u.yield.value));
    case E_YIELDFROM: return node(K_YieldFrom, p, c2o_expr(e->u.yield.value));
    case E_COMPARE: {
        Value ops = list_new(e->u.compare.n);
        for (int i = 0; i < e->u.compare.n; i++) {
            Value o = OP_TO_OBJ(cmpop_map, e->u.compare.ops[i]);
            if (!o) return VNULL;
            list_append(ops, o);
        }
        return node(K_Compare, p, c2o_expr(e->u.compare.left), ops,
                    c2o_exprs(e->u.compare.n, e->u.compare.comparators));
    }
    case E_CALL:
        return node(K_Call, p, c2o_expr(e->u.call.func), EXPRS(e->u.call.args),
                    c2o_keywords(e->u.call.nkeywords, e->u.call.keywords));
    case E_FORMATTEDVALUE:
        return node(K_FormattedValue, p, c2o_expr(e->u.formatted.value), int_from_i64(e->u.formatted.conversion),
                    opt_expr(e->u.formatted.format_spec));
    case E_JOINEDSTR: return node(K_JoinedStr, p, EXPRS(e->u.joined.values));
    case E_CONSTANT:
        return node(K_Constant, p, literal_value(e),
                    e->u.constant.kind == CONST_STR && e->u.constant.kind_u ? str_from_cstr("u") : V_NONE);
    case E_ATTRIBUTE:
        return node(K_Attribute, p, c2o_expr(e->u.attribute.value), ident(e->u.attribute.attr),
                    ctx_obj(e->u.attribute.ctx));
    case E_SUBSCRIPT:
        return node(K_Subscript, p, c2o_expr(e->u.subscript.value), c2o_expr(e->u.subscript.slice),
                    ctx_obj(e->u.subscript.ctx));
    case E_STARRED: return node(K_Starred, p, c2o_expr(e->u.starred.value), ctx_obj(e->u.starred.ctx));
    case E_NAME: return node(K_Name, p, ident(e->u.name.id), ctx_obj(e->u.name.ctx));
    case E_LIST:
    case E_TUPLE:
        return node(e->kind == E_LIST ? K_List : K_Tuple, p, EXPRS(e->u.seq.elts), ctx_obj(e->u.seq.ctx));
    case E_SLICE:
        return node(K_Slice, p, opt_expr(e->u.slice.lower), opt_expr(e->u.slice.upper), opt_expr(e->u.slice.step));
    }
    return err_set(&exc_SystemError, "unknown expression kind in AST");
}

static Value c2o_handlers(int n, ExceptHandler *const *h) {
    Value l = list_new(n);
    for (int i = 0; i < n; i++) {
        Value v = node(K_ExceptHandler, &h[i]->pos, opt_expr(h[i]->type), ident(h[i]->name), c2o_stmts(&h[i]->body));
        if (!v) return VNULL;
        list_append(l, v);
    }
    return l;
}

static Value c2o_pattern_(const Pattern *q);

static Value c2o_pattern(const Pattern *q) {
    if (enter() < 0) return VNULL;
    Value v = c2o_pattern_(q);
    depth--;
    return v;
}

static Value c2o_pattern_(const Pattern *q) {
    const SrcPos *p = &q->pos;
    switch (q->kind) {
    case P_VALUE: return node(K_MatchValue, p, c2o_expr(q->u.value.value));
    case P_SINGLETON: {
        Constant c = {.kind = q->u.singleton.value};
        return node(K_MatchSingleton, p, ast_constant_value(&c));
    }
    case P_SEQUENCE: return node(K_MatchSequence, p, c2o_patterns(&q->u.seq.patterns));
    case P_MAPPING:
        return node(K_MatchMapping, p, EXPRS(q->u.mapping.keys), c2o_patterns(&q->u.mapping.patterns),
                    ident(q->u.mapping.rest));
    case P_CLASS:
        return node(K_MatchClass, p, c2o_expr(q->u.cls.cls), c2o_patterns(&q->u.cls.patterns),
                    c2o_idents(q->u.cls.nkwd, q->u.cls.kwd_attrs), c2o_patterns(&q->u.cls.kwd_patterns));
    case P_STAR: return node(K_MatchStar, p, ident(q->u.star.name));
    case P_AS:
        return node(K_MatchAs, p, q->u.as.pattern ? c2o_pattern(q->u.as.pattern) : V_NONE, ident(q->u.as.name));
    case P_OR: return node(K_MatchOr, p, c2o_patterns(&q->u.or_.patterns));
    }
    return err_set(&exc_SystemError, "unknown pattern kind in AST");
}

static Value c2o_stmt_(const Stmt *s);

static Value c2o_stmt(const Stmt *s) {
    if (enter() < 0) return VNULL;
    Value v = c2o_stmt_(s);
    depth--;
    return v;
}

static Value c2o_stmt_(const Stmt *s) {
    const SrcPos *p = &s->pos;
    switch (s->kind) {
    case S_FUNCTIONDEF:
    case S_ASYNCFUNCTIONDEF:
        return node(s->kind == S_FUNCTIONDEF ? K_FunctionDef : K_AsyncFunctionDef, p, ident(s->u.funcdef.name),
                    c2o_arguments(s->u.funcdef.args), c2o_stmts(&s->u.funcdef.body),
                    EXPRS(s->u.funcdef.decorator_list), opt_expr(s->u.funcdef.returns),
                    opt_str(s->u.funcdef.type_comment));
    case S_CLASSDEF:
        return node(K_ClassDef, p, ident(s->u.classdef.name), EXPRS(s->u.classdef.bases),
                    c2o_keywords(s->u.classdef.nkeywords, s->u.classdef.keywords), c2o_stmts(&s->u.classdef.body),
                    EXPRS(s->u.classdef.decorator_list));
    case S_RETURN: return node(K_Return, p, opt_expr(s->u.ret.value));
    case S_DELETE: return node(K_Delete, p, EXPRS(s->u.del.targets));
    case S_ASSIGN:
        return node(K_Assign, p, EXPRS(s->u.assign.targets), c2o_expr(s->u.assign.value),
                    opt_str(s->u.assign.type_comment));
    case S_AUGASSIGN:
        return node(K_AugAssign, p, c2o_expr(s->u.augassign.target), OP_TO_OBJ(binop_map, s->u.augassign.op),
                    c2o_expr(s->u.augassign.value));
    case S_ANNASSIGN:
        return node(K_AnnAssign, p, c2o_expr(s->u.annassign.target), c2o_expr(s->u.annassign.annotation),
                    opt_expr(s->u.annassign.value), v_int(s->u.annassign.simple));
    case S_FOR:
    case S_ASYNCFOR:
        return node(s->kind == S_FOR ? K_For : K_AsyncFor, p, c2o_expr(s->u.for_.target), c2o_expr(s->u.for_.iter),
                    c2o_stmts(&s->u.for_.body), c2o_stmts(&s->u.for_.orelse), opt_str(s->u.for_.type_comment));
    case S_WHILE:
        return node(K_While, p, c2o_expr(s->u.while_.test), c2o_stmts(&s->u.while_.body),
                    c2o_stmts(&s->u.while_.orelse));
    case S_IF:
        return node(K_If, p, c2o_expr(s->u.if_.test), c2o_stmts(&s->u.if_.body), c2o_stmts(&s->u.if_.orelse));
    case S_WITH:
    case S_ASYNCWITH: {
        Value items = list_new(s->u.with.nitems);
        for (int i = 0; i < s->u.with.nitems; i++) {
            const WithItem *w = s->u.with.items[i];
            Value v = node(K_withitem, NULL, c2o_expr(w->context_expr), opt_expr(w->optional_vars));
            if (!v) return VNULL;
            list_append(items, v);
        }
        return node(s->kind == S_WITH ? K_With : K_AsyncWith, p, items, c2o_stmts(&s->u.with.body),
                    opt_str(s->u.with.type_comment));
    }
    case S_MATCH: {
        Value cases = list_new(s->u.match.ncases);
        for (int i = 0; i < s->u.match.ncases; i++) {
            const MatchCase *m = s->u.match.cases[i];
            Value v = node(K_match_case, NULL, c2o_pattern(m->pattern), opt_expr(m->guard), c2o_stmts(&m->body));
            if (!v) return VNULL;
            list_append(cases, v);
        }
        return node(K_Match, p, c2o_expr(s->u.match.subject), cases);
    }
    case S_RAISE: return node(K_Raise, p, opt_expr(s->u.raise.exc), opt_expr(s->u.raise.cause));
    case S_TRY:
    case S_TRYSTAR:
        return node(s->kind == S_TRY ? K_Try : K_TryStar, p, c2o_stmts(&s->u.try_.body),
                    c2o_handlers(s->u.try_.nhandlers, s->u.try_.handlers), c2o_stmts(&s->u.try_.orelse),
                    c2o_stmts(&s->u.try_.finalbody));
    case S_ASSERT: return node(K_Assert, p, c2o_expr(s->u.assert_.test), opt_expr(s->u.assert_.msg));
    case S_IMPORT: return node(K_Import, p, c2o_aliases(s->u.import.nnames, s->u.import.names));
    case S_IMPORTFROM:
        return node(K_ImportFrom, p, ident(s->u.importfrom.module),
                    c2o_aliases(s->u.importfrom.nnames, s->u.importfrom.names), v_int(s->u.importfrom.level));
    case S_GLOBAL:
    case S_NONLOCAL:
        return node(s->kind == S_GLOBAL ? K_Global : K_Nonlocal, p,
                    c2o_idents(s->u.global.nnames, s->u.global.names));
    case S_EXPR: return node(K_Expr, p, c2o_expr(s->u.expr.value));
    case S_PASS: return node(K_Pass, p);
    case S_BREAK: return node(K_Break, p);
    case S_CONTINUE: return node(K_Continue, p);
    }
    return err_set(&exc_SystemError, "unknown statement kind in AST");
}

/* The tree compile(..., PyCF_ONLY_AST) returns for a parsed module: mode
 * 0 exec (Module), 1 eval (Expression: the parser's one S_EXPR), 2 single
 * (Interactive). */
static Value c2o_mod(const Module *m, int mode) {
    if (ast_init_classes() < 0) return VNULL;
    depth = 0;
    if (mode == 1) return node(K_Expression, NULL, c2o_expr(m->body.items[0]->u.expr.value));
    if (mode == 2) return node(K_Interactive, NULL, c2o_stmts(&m->body));
    if (mode == 3) return node(K_FunctionType, NULL, EXPRS(m->func_argtypes), c2o_expr(m->func_returns));
    Value ignores = list_new(m->ntype_ignores);
    for (int i = 0; i < m->ntype_ignores; i++) {
        Value v = node(K_TypeIgnore, NULL, v_int(m->type_ignore_lines[i]), str_from_cstr(m->type_ignore_tags[i]));
        if (!v) return VNULL;
        list_append(ignores, v);
    }
    return node(K_Module, NULL, c2o_stmts(&m->body), ignores);
}

/* ---- node objects -> C tree ------------------------------------------------------------- */

/* The converters return 0 with *out set (NULL for None where a node may be
 * absent), or -1 with an exception. They check types and presence as
 * CPython's obj2ast does; validate_*() below then checks the shape. */


static void *alloc(size_t n) { return gc_alloc(n ? n : 1); }

/* The concrete node class o is an instance of, or -1 */
static int kind_of(Value o) {
    Value mro = type_of(o)->mro;
    for (int64_t i = 0; i < tuple_size(mro); i++) {
        Value k = dict_get(kind_of_class, tuple_get(mro, i));
        if (k) return (int)v_intval(k);
    }
    return -1;
}

static int expected(int sum, Value o) {
    err_format(&exc_TypeError, "expected some sort of %s, but got %R", info[sum].name, o);
    return -1;
}

/* Field i of class k on o: VNULL when an optional field is missing or None.
 * Lists must be lists. */
static int fld(Value o, int k, int i, Value *out) {
    const Field *f = &info[k].f[i];
    Value v = obj_getattr_opt(o, f->name);
    if (!v) {
        if (err_occurred()) return -1;
        if (f->q == '?') {
            *out = VNULL;
            return 0;
        }
        err_format(&exc_TypeError, "required field \"%s\" missing from %s", f->cname, info[k].name);
        return -1;
    }
    if (f->q == '?' && v == V_NONE) v = VNULL;
    if (f->q == '*' && !list_check(v)) {
        err_format(&exc_TypeError, "%s field \"%s\" must be a list, not a %T", info[k].name, f->cname, v);
        return -1;
    }
    *out = v;
    return 0;
}

static int required(int k, int i) {
    err_format(&exc_ValueError, "field '%s' is required for %s", info[k].f[i].cname, info[k].name);
    return -1;
}

static int to_int_value(Value v, int *out) {
    if (!int_check(v)) {
        err_format(&exc_ValueError, "invalid integer value: %R", v);
        return -1;
    }
    int64_t x = int_as_i64(v);
    if (x == -1 && err_occurred()) return -1;
    if (x < -2147483648LL || x > 2147483647LL) {
        err_set(&exc_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    *out = (int)x;
    return 0;
}

static int get_int(Value o, int k, int i, int *out) {
    Value v;
    *out = 0;
    if (fld(o, k, i, &v) < 0) return -1;
    return v ? to_int_value(v, out) : 0;
}

/* identifier (str, exactly) or string fields; NULL for None */
static int to_cstr(Value v, int type, const char **out) {
    *out = NULL;
    if (!v || v == V_NONE) return 0;
    if (!str_check_exact(v)) {
        err_set(&exc_TypeError, type == T_IDENT ? "AST identifier must be of type str" : "AST string must be of type str");
        return -1;
    }
    char *s = gc_alloc_atomic((size_t)str_nbytes(v) + 1);
    memcpy(s, str_data(v), (size_t)str_nbytes(v));
    s[str_nbytes(v)] = 0;
    *out = s;
    return 0;
}

static int get_ident(Value o, int k, int i, const char **out) {
    Value v;
    if (fld(o, k, i, &v) < 0 || to_cstr(v, info[k].f[i].type, out) < 0) return -1;
    if (!*out && info[k].f[i].q == 0) return required(k, i);
    return 0;
}

/* Position attributes, read from o before its class is looked at (as
 * CPython: a missing lineno is reported for the ASDL type, e.g. "stmt") */
static int get_pos(Value o, int k, SrcPos *p) {
    int *dst[4] = {&p->lineno, &p->col_offset, &p->end_lineno, &p->end_col_offset};
    for (int i = 0; i < 4; i++) {
        *dst[i] = 0;
        Value v = obj_getattr_opt(o, pos_names[i]);
        if (!v && err_occurred()) return -1;
        bool opt = i >= 2 && info[k].attrs == AT_POS;
        if (!v || (opt && v == V_NONE)) {
            if (opt) {   /* a missing end is the start, as CPython's */
                *dst[i] = *dst[i - 2];
                continue;
            }
            err_format(&exc_TypeError, "required field \"%s\" missing from %s", str_data(pos_names[i]), info[k].name);
            return -1;
        }
        if (to_int_value(v, dst[i]) < 0) return -1;
    }
    return 0;
}

static int to_expr(Value o, Expr **out);
static int to_stmt(Value o, Stmt **out);
static int to_pattern(Value o, Pattern **out);

static int get_expr(Value o, int k, int i, Expr **out) {
    Value v;
    *out = NULL;
    if (fld(o, k, i, &v) < 0) return -1;
    if (v && to_expr(v, out) < 0) return -1;
    if (!*out && info[k].f[i].q == 0) return required(k, i);
    return 0;
}

/* A list field converted element by element with conv (elements may come
 * out NULL for None: the validator rejects them where not allowed). */
typedef int (*ConvFn)(Value o, void **out);

static int get_seq(Value o, int k, int i, ConvFn conv, int *n, void ***items) {
    Value l;
    if (fld(o, k, i, &l) < 0) return -1;
    int64_t len = list_size(l);
    void **a = len ? alloc((size_t)len * sizeof(void *)) : NULL;
    for (int64_t j = 0; j < len && j < list_size(l); j++)
        if (conv(list_get(l, j), &a[j]) < 0) return -1;
    if (list_size(l) != len) {
        err_format(&exc_RuntimeError, "%s field \"%s\" changed size during iteration", info[k].name, info[k].f[i].cname);
        return -1;
    }
    *n = (int)len;
    *items = a;
    return 0;
}

static int conv_expr(Value o, void **out) { return to_expr(o, (Expr **)out); }
static int conv_stmt(Value o, void **out) { return to_stmt(o, (Stmt **)out); }
static int conv_pattern(Value o, void **out) { return to_pattern(o, (Pattern **)out); }
static int conv_ident(Value o, void **out) {
    if (to_cstr(o, T_IDENT, (const char **)out) < 0) return -1;
    if (!*out) return err_set(&exc_ValueError, "None disallowed in identifier list"), -1;
    return 0;
}

#define GET_EXPRS(o, k, i, el) get_seq(o, k, i, conv_expr, &(el).n, (void ***)&(el).items)
#define GET_STMTS(o, k, i, sl) get_seq(o, k, i, conv_stmt, &(sl).n, (void ***)&(sl).items)
#define GET_PATTERNS(o, k, i, pl) get_seq(o, k, i, conv_pattern, &(pl).n, (void ***)&(pl).items)

/* operators and contexts: an instance of one of the sum's classes */
static int to_op(Value o, int sum, const void *mapv, size_t n, int *out) {
    const struct { int op; int k; } *map = mapv;
    int k = kind_of(o);
    for (size_t i = 0; i < n; i++)
        if (map[i].k == k && map[i].op >= 0) {
            *out = map[i].op;
            return 0;
        }
    return expected(sum, o);
}
#define TO_OP(o, sum, map, out) to_op(o, sum, map, sizeof map / sizeof map[0], out)

static int get_op(Value o, int k, int i, int sum, const void *map, size_t n, int *out) {
    Value v;
    if (fld(o, k, i, &v) < 0) return -1;
    return to_op(v, sum, map, n, out);
}
#define GET_OP(o, k, i, sum, map, out) get_op(o, k, i, sum, map, sizeof map / sizeof map[0], out)

static const struct { int op; int k; } ctx_map[] = {{CTX_LOAD, K_Load}, {CTX_STORE, K_Store}, {CTX_DEL, K_Del}};

static int get_ctx(Value o, int k, int i, ExprCtx *out) {
    int c;
    if (GET_OP(o, k, i, K_expr_context, ctx_map, &c) < 0) return -1;
    *out = (ExprCtx)c;
    return 0;
}

static int to_arg(Value o, void **out) {
    *out = NULL;
    if (o == V_NONE) return 0;
    Arg *a = alloc(sizeof *a);
    if (get_ident(o, K_arg, 0, &a->arg) < 0 || get_expr(o, K_arg, 1, &a->annotation) < 0) return -1;
    Value tc;
    const char *s;
    if (fld(o, K_arg, 2, &tc) < 0 || to_cstr(tc, T_STRING, &s) < 0 || get_pos(o, K_arg, &a->pos) < 0) return -1;
    *out = a;
    return 0;
}

static int get_arg(Value o, int k, int i, Arg **out) {
    Value v;
    *out = NULL;
    if (fld(o, k, i, &v) < 0) return -1;
    return v ? to_arg(v, (void **)out) : 0;
}

/* Every Arguments of a converted tree is the head of one of these: the
 * validator checks the length of kw_defaults (after the annotations, as
 * CPython) before anything reads it. */
typedef struct ArgumentsObj {
    Arguments a;
    int nkw_defaults;
} ArgumentsObj;

static int to_arguments(Value o, Arguments **out) {
    ArgumentsObj *ao = alloc(sizeof *ao);
    Arguments *a = &ao->a;
    int nkd;
    Expr **kd;
    if (get_seq(o, K_arguments, 0, to_arg, &a->nposonly, (void ***)&a->posonlyargs) < 0 ||
        get_seq(o, K_arguments, 1, to_arg, &a->nargs, (void ***)&a->args) < 0 ||
        get_arg(o, K_arguments, 2, &a->vararg) < 0 ||
        get_seq(o, K_arguments, 3, to_arg, &a->nkwonly, (void ***)&a->kwonlyargs) < 0 ||
        get_seq(o, K_arguments, 4, conv_expr, &nkd, (void ***)&kd) < 0 || get_arg(o, K_arguments, 5, &a->kwarg) < 0 ||
        GET_EXPRS(o, K_arguments, 6, a->defaults) < 0)
        return -1;
    ao->nkw_defaults = nkd;
    a->kw_defaults = kd;
    *out = a;
    return 0;
}

static int get_arguments(Value o, int k, int i, Arguments **out) {
    Value v;
    if (fld(o, k, i, &v) < 0) return -1;
    return to_arguments(v, out);
}

static int to_keyword(Value o, void **out) {
    Keyword *kw = alloc(sizeof *kw);
    if (get_ident(o, K_keyword, 0, &kw->arg) < 0 || get_expr(o, K_keyword, 1, &kw->value) < 0 ||
        get_pos(o, K_keyword, &kw->pos) < 0)
        return -1;
    *out = kw;
    return 0;
}

static int to_alias(Value o, void **out) {
    Alias *a = alloc(sizeof *a);
    if (get_ident(o, K_alias, 0, &a->name) < 0 || get_ident(o, K_alias, 1, &a->asname) < 0 ||
        get_pos(o, K_alias, &a->pos) < 0)
        return -1;
    *out = a;
    return 0;
}

static int to_comprehension(Value o, void **out) {
    Comprehension *c = alloc(sizeof *c);
    if (get_expr(o, K_comprehension, 0, &c->target) < 0 || get_expr(o, K_comprehension, 1, &c->iter) < 0 ||
        GET_EXPRS(o, K_comprehension, 2, c->ifs) < 0 || get_int(o, K_comprehension, 3, &c->is_async) < 0)
        return -1;
    *out = c;
    return 0;
}

static int to_withitem(Value o, void **out) {
    WithItem *w = alloc(sizeof *w);
    if (get_expr(o, K_withitem, 0, &w->context_expr) < 0 || get_expr(o, K_withitem, 1, &w->optional_vars) < 0)
        return -1;
    *out = w;
    return 0;
}

static int to_match_case(Value o, void **out) {
    MatchCase *m = alloc(sizeof *m);
    Value p;
    if (fld(o, K_match_case, 0, &p) < 0 || to_pattern(p, &m->pattern) < 0) return -1;
    if (!m->pattern) return required(K_match_case, 0);
    if (get_expr(o, K_match_case, 1, &m->guard) < 0 || GET_STMTS(o, K_match_case, 2, m->body) < 0) return -1;
    *out = m;
    return 0;
}

static int to_handler(Value o, void **out) {
    *out = NULL;
    if (o == V_NONE) return 0;
    ExceptHandler *h = alloc(sizeof *h);
    if (get_pos(o, K_excepthandler, &h->pos) < 0) return -1;
    if (kind_of(o) != K_ExceptHandler) return expected(K_excepthandler, o);
    if (get_expr(o, K_ExceptHandler, 0, &h->type) < 0 || get_ident(o, K_ExceptHandler, 1, &h->name) < 0 ||
        GET_STMTS(o, K_ExceptHandler, 2, h->body) < 0)
        return -1;
    *out = h;
    return 0;
}

static Expr *new_expr(ExprKind kind, const SrcPos *pos) {
    Expr *e = alloc(sizeof *e);
    e->kind = kind;
    e->pos = *pos;
    return e;
}

/* The constants CPython's validator accepts: these exact types, and
 * tuples and frozensets of them. On failure the TypeError names the
 * offending element's type. */
static int check_constant(Value v) {
    if (v == V_NONE || v == V_ELLIPSIS || bool_check(v) || int_check_exact(v) || float_check_exact(v) ||
        complex_check_exact(v) || str_check_exact(v) || bytes_check_exact(v))
        return 0;
    if (tuple_check_exact(v) || (v_is_ptr(v) && type_of(v) == &frozenset_type)) {
        Value it = obj_iter(v), x;
        if (!it) return -1;
        while ((x = obj_next(it)))
            if (check_constant(x) < 0) return -1;
        return err_occurred() ? -1 : 0;
    }
    err_format(&exc_TypeError, "got an invalid type in Constant: %T", v);
    return -1;
}

/* Constant(value): the literal kinds where they fit (the compiler looks at
 * them: docstrings, `while 1`), else the object itself. */
static int to_constant(Value v, const SrcPos *pos, Expr **out) {
    if (check_constant(v) < 0) return -1;
    Expr *e = new_expr(E_CONSTANT, pos);
    Constant *c = &e->u.constant;
    c->kind = CONST_OBJECT;
    c->obj = v;
    if (v == V_NONE) c->kind = CONST_NONE;
    else if (v == V_TRUE) c->kind = CONST_TRUE;
    else if (v == V_FALSE) c->kind = CONST_FALSE;
    else if (v == V_ELLIPSIS) c->kind = CONST_ELLIPSIS;
    else if (int_check_exact(v)) {
        int64_t x = int_as_i64(v);
        if (x == -1 && err_occurred()) {
            if (!err_matches(&exc_OverflowError)) return -1;
            err_clear();
        } else {
            c->kind = CONST_INT;
            c->i = x;
        }
    } else if (float_check_exact(v)) {
        c->kind = CONST_FLOAT;
        c->f = float_val(v);
    } else if (complex_check_exact(v) && complex_val(v).re == 0.0 && !signbit(complex_val(v).re)) {
        c->kind = CONST_IMAG;
        c->f = complex_val(v).im;
    } else if (str_check_exact(v)) {
        c->kind = CONST_STR;
        c->str = str_data(v);
        c->len = (size_t)str_nbytes(v);
    }
    *out = e;
    return 0;
}

static int get_comps(Value o, int k, int i, Expr *e) {
    return get_seq(o, k, i, to_comprehension, &e->u.comp.ngens, (void ***)&e->u.comp.generators);
}

static int to_expr_fields(Value o, int k, Expr *e);

static int to_expr(Value o, Expr **out) {
    *out = NULL;
    if (o == V_NONE) return 0;
    SrcPos pos;
    if (get_pos(o, K_expr, &pos) < 0) return -1;
    int k = kind_of(o);
    if (k < 0 || info[k].base != K_expr) return expected(K_expr, o);
    if (enter() < 0) return -1;
    Expr *e = new_expr(E_CONSTANT, &pos);
    int r = to_expr_fields(o, k, e);
    depth--;
    if (r < 0) return -1;
    if (k == K_Constant) {
        Value v, kind;
        if (fld(o, K_Constant, 0, &v) < 0) return -1;
        const char *ks;
        if (fld(o, K_Constant, 1, &kind) < 0 || to_cstr(kind, T_STRING, &ks) < 0) return -1;
        if (to_constant(v, &pos, &e) < 0) return -1;
        if (ks && e->kind == E_CONSTANT && e->u.constant.kind == CONST_STR && strcmp(ks, "u") == 0)
            e->u.constant.kind_u = 1;
    }
    *out = e;
    return 0;
}

static int to_expr_fields(Value o, int k, Expr *e) {
    switch (k) {
    case K_BoolOp:
        e->kind = E_BOOLOP;
        return GET_OP(o, k, 0, K_boolop, boolop_map, &e->u.boolop.op) < 0 ? -1 : GET_EXPRS(o, k, 1, e->u.boolop.values);
    case K_NamedExpr:
        e->kind = E_NAMEDEXPR;
        return get_expr(o, k, 0, &e->u.namedexpr.target) < 0 ? -1 : get_expr(o, k, 1, &e->u.namedexpr.value);
    case K_BinOp:
        e->kind = E_BINOP;
        return get_expr(o, k, 0, &e->u.binop.left) < 0 || GET_OP(o, k, 1, K_operator, binop_map, &e->u.binop.op) < 0
                   ? -1
                   : get_expr(o, k, 2, &e->u.binop.right);
    case K_UnaryOp:
        e->kind = E_UNARYOP;
        return GET_OP(o, k, 0, K_unaryop, unop_map, &e->u.unaryop.op) < 0 ? -1 : get_expr(o, k, 1, &e->u.unaryop.operand);
    case K_Lambda:
        e->kind = E_LAMBDA;
        return get_arguments(o, k, 0, &e->u.lambda.args) < 0 ? -1 : get_expr(o, k, 1, &e->u.lambda.body);
    case K_IfExp:
        e->kind = E_IFEXP;
        return get_expr(o, k, 0, &e->u.ifexp.test) < 0 || get_expr(o, k, 1, &e->u.ifexp.body) < 0
                   ? -1
                   : get_expr(o, k, 2, &e->u.ifexp.orelse);
    case K_Dict:
        e->kind = E_DICT;
        return GET_EXPRS(o, k, 0, e->u.dict.keys) < 0 ? -1 : GET_EXPRS(o, k, 1, e->u.dict.values);
    case K_Set: e->kind = E_SET; return GET_EXPRS(o, k, 0, e->u.set.elts);
    case K_ListComp:
    case K_SetComp:
    case K_GeneratorExp:
        e->kind = k == K_ListComp ? E_LISTCOMP : k == K_SetComp ? E_SETCOMP : E_GENEXP;
        return get_expr(o, k, 0, &e->u.comp.elt) < 0 ? -1 : get_comps(o, k, 1, e);
    case K_DictComp:
        e->kind = E_DICTCOMP;
        return get_expr(o, k, 0, &e->u.comp.key) < 0 || get_expr(o, k, 1, &e->u.comp.value) < 0
                   ? -1
                   : get_comps(o, k, 2, e);
    case K_Await: e->kind = E_AWAIT; return get_expr(o, k, 0, &e->u.await_.value);
    case K_Yield: e->kind = E_YIELD; return get_expr(o, k, 0, &e->u.yield.value);
    case K_YieldFrom: e->kind = E_YIELDFROM; return get_expr(o, k, 0, &e->u.yield.value);
    case K_Compare: {
        e->kind = E_COMPARE;
        Value ops;
        ExprList cmp;
        if (get_expr(o, k, 0, &e->u.compare.left) < 0 || fld(o, k, 1, &ops) < 0) return -1;
        int n = (int)list_size(ops);
        int *opv = alloc((size_t)n * sizeof(int));
        for (int i = 0; i < n && i < list_size(ops); i++)
            if (TO_OP(list_get(ops, i), K_cmpop, cmpop_map, &opv[i]) < 0) return -1;
        if (GET_EXPRS(o, k, 2, cmp) < 0) return -1;
        if (cmp.n == 0) return err_set(&exc_ValueError, "Compare with no comparators"), -1;
        if (n != cmp.n)
            return err_set(&exc_ValueError, "Compare has a different number of comparators and operands"), -1;
        e->u.compare.n = n;
        e->u.compare.ops = opv;
        e->u.compare.comparators = cmp.items;
        return 0;
    }
    case K_Call:
        e->kind = E_CALL;
        return get_expr(o, k, 0, &e->u.call.func) < 0 || GET_EXPRS(o, k, 1, e->u.call.args) < 0
                   ? -1
                   : get_seq(o, k, 2, to_keyword, &e->u.call.nkeywords, (void ***)&e->u.call.keywords);
    case K_FormattedValue:
        e->kind = E_FORMATTEDVALUE;
        return get_expr(o, k, 0, &e->u.formatted.value) < 0 || get_int(o, k, 1, &e->u.formatted.conversion) < 0
                   ? -1
                   : get_expr(o, k, 2, &e->u.formatted.format_spec);
    case K_JoinedStr: e->kind = E_JOINEDSTR; return GET_EXPRS(o, k, 0, e->u.joined.values);
    case K_Constant: return 0;   /* the caller converts the value */
    case K_Attribute:
        e->kind = E_ATTRIBUTE;
        return get_expr(o, k, 0, &e->u.attribute.value) < 0 || get_ident(o, k, 1, &e->u.attribute.attr) < 0
                   ? -1
                   : get_ctx(o, k, 2, &e->u.attribute.ctx);
    case K_Subscript:
        e->kind = E_SUBSCRIPT;
        return get_expr(o, k, 0, &e->u.subscript.value) < 0 || get_expr(o, k, 1, &e->u.subscript.slice) < 0
                   ? -1
                   : get_ctx(o, k, 2, &e->u.subscript.ctx);
    case K_Starred:
        e->kind = E_STARRED;
        return get_expr(o, k, 0, &e->u.starred.value) < 0 ? -1 : get_ctx(o, k, 1, &e->u.starred.ctx);
    case K_Name:
        e->kind = E_NAME;
        return get_ident(o, k, 0, &e->u.name.id) < 0 ? -1 : get_ctx(o, k, 1, &e->u.name.ctx);
    case K_List:
    case K_Tuple:
        e->kind = k == K_List ? E_LIST : E_TUPLE;
        return GET_EXPRS(o, k, 0, e->u.seq.elts) < 0 ? -1 : get_ctx(o, k, 1, &e->u.seq.ctx);
    case K_Slice:
        e->kind = E_SLICE;
        return get_expr(o, k, 0, &e->u.slice.lower) < 0 || get_expr(o, k, 1, &e->u.slice.upper) < 0
                   ? -1
                   : get_expr(o, k, 2, &e->u.slice.step);
    }
    return expected(K_expr, o);
}

static int to_pattern(Value o, Pattern **out) {
    *out = NULL;
    if (o == V_NONE) return 0;
    SrcPos pos;
    if (get_pos(o, K_pattern, &pos) < 0) return -1;
    int k = kind_of(o);
    if (k < 0 || info[k].base != K_pattern) return expected(K_pattern, o);
    if (enter() < 0) return -1;
    Pattern *p = alloc(sizeof *p);
    p->pos = pos;
    int r = 0;
    switch (k) {
    case K_MatchValue:
        p->kind = P_VALUE;
        r = get_expr(o, k, 0, &p->u.value.value);
        break;
    case K_MatchSingleton: {
        p->kind = P_SINGLETON;
        Value v;
        r = fld(o, k, 0, &v);
        if (r == 0) {
            if (v == V_NONE) p->u.singleton.value = CONST_NONE;
            else if (v == V_TRUE) p->u.singleton.value = CONST_TRUE;
            else if (v == V_FALSE) p->u.singleton.value = CONST_FALSE;
            else r = (err_set(&exc_ValueError, "MatchSingleton can only contain True, False and None"), -1);
        }
        break;
    }
    case K_MatchSequence:
        p->kind = P_SEQUENCE;
        r = GET_PATTERNS(o, k, 0, p->u.seq.patterns);
        break;
    case K_MatchMapping:
        p->kind = P_MAPPING;
        r = GET_EXPRS(o, k, 0, p->u.mapping.keys) < 0 || GET_PATTERNS(o, k, 1, p->u.mapping.patterns) < 0 ||
                    get_ident(o, k, 2, &p->u.mapping.rest) < 0
                ? -1
                : 0;
        break;
    case K_MatchClass:
        p->kind = P_CLASS;
        r = get_expr(o, k, 0, &p->u.cls.cls) < 0 || GET_PATTERNS(o, k, 1, p->u.cls.patterns) < 0 ||
                    get_seq(o, k, 2, conv_ident, &p->u.cls.nkwd, (void ***)&p->u.cls.kwd_attrs) < 0 ||
                    GET_PATTERNS(o, k, 3, p->u.cls.kwd_patterns) < 0
                ? -1
                : 0;
        break;
    case K_MatchStar:
        p->kind = P_STAR;
        r = get_ident(o, k, 0, &p->u.star.name);
        break;
    case K_MatchAs: {
        p->kind = P_AS;
        Value sub;
        r = fld(o, k, 0, &sub) < 0 || (sub && to_pattern(sub, &p->u.as.pattern) < 0) ||
                    get_ident(o, k, 1, &p->u.as.name) < 0
                ? -1
                : 0;
        break;
    }
    case K_MatchOr:
        p->kind = P_OR;
        r = GET_PATTERNS(o, k, 0, p->u.or_.patterns);
        break;
    }
    depth--;
    if (r < 0) return -1;
    *out = p;
    return 0;
}

static int to_stmt(Value o, Stmt **out) {
    *out = NULL;
    if (o == V_NONE) return 0;
    SrcPos pos;
    if (get_pos(o, K_stmt, &pos) < 0) return -1;
    int k = kind_of(o);
    if (k < 0 || info[k].base != K_stmt) return expected(K_stmt, o);
    if (enter() < 0) return -1;
    Stmt *s = alloc(sizeof *s);
    s->pos = pos;
    int r = 0;
    Value tc;
    const char *tcs;
    switch (k) {
    case K_FunctionDef:
    case K_AsyncFunctionDef:
        s->kind = k == K_FunctionDef ? S_FUNCTIONDEF : S_ASYNCFUNCTIONDEF;
        r = get_ident(o, k, 0, &s->u.funcdef.name) < 0 || get_arguments(o, k, 1, &s->u.funcdef.args) < 0 ||
                    GET_STMTS(o, k, 2, s->u.funcdef.body) < 0 || GET_EXPRS(o, k, 3, s->u.funcdef.decorator_list) < 0 ||
                    get_expr(o, k, 4, &s->u.funcdef.returns) < 0 || fld(o, k, 5, &tc) < 0 ||
                    to_cstr(tc, T_STRING, &tcs) < 0
                ? -1
                : 0;
        break;
    case K_ClassDef:
        s->kind = S_CLASSDEF;
        r = get_ident(o, k, 0, &s->u.classdef.name) < 0 || GET_EXPRS(o, k, 1, s->u.classdef.bases) < 0 ||
                    get_seq(o, k, 2, to_keyword, &s->u.classdef.nkeywords, (void ***)&s->u.classdef.keywords) < 0 ||
                    GET_STMTS(o, k, 3, s->u.classdef.body) < 0 || GET_EXPRS(o, k, 4, s->u.classdef.decorator_list) < 0
                ? -1
                : 0;
        break;
    case K_Return:
        s->kind = S_RETURN;
        r = get_expr(o, k, 0, &s->u.ret.value);
        break;
    case K_Delete:
        s->kind = S_DELETE;
        r = GET_EXPRS(o, k, 0, s->u.del.targets);
        break;
    case K_Assign:
        s->kind = S_ASSIGN;
        r = GET_EXPRS(o, k, 0, s->u.assign.targets) < 0 || get_expr(o, k, 1, &s->u.assign.value) < 0 ||
                    fld(o, k, 2, &tc) < 0 || to_cstr(tc, T_STRING, &tcs) < 0
                ? -1
                : 0;
        break;
    case K_AugAssign:
        s->kind = S_AUGASSIGN;
        r = get_expr(o, k, 0, &s->u.augassign.target) < 0 ||
                    GET_OP(o, k, 1, K_operator, binop_map, &s->u.augassign.op) < 0 ||
                    get_expr(o, k, 2, &s->u.augassign.value) < 0
                ? -1
                : 0;
        break;
    case K_AnnAssign:
        s->kind = S_ANNASSIGN;
        r = get_expr(o, k, 0, &s->u.annassign.target) < 0 || get_expr(o, k, 1, &s->u.annassign.annotation) < 0 ||
                    get_expr(o, k, 2, &s->u.annassign.value) < 0 || get_int(o, k, 3, &s->u.annassign.simple) < 0
                ? -1
                : 0;
        break;
    case K_For:
    case K_AsyncFor:
        s->kind = k == K_For ? S_FOR : S_ASYNCFOR;
        r = get_expr(o, k, 0, &s->u.for_.target) < 0 || get_expr(o, k, 1, &s->u.for_.iter) < 0 ||
                    GET_STMTS(o, k, 2, s->u.for_.body) < 0 || GET_STMTS(o, k, 3, s->u.for_.orelse) < 0 ||
                    fld(o, k, 4, &tc) < 0 || to_cstr(tc, T_STRING, &tcs) < 0
                ? -1
                : 0;
        break;
    case K_While:
    case K_If:
        s->kind = k == K_While ? S_WHILE : S_IF;
        r = get_expr(o, k, 0, &s->u.if_.test) < 0 || GET_STMTS(o, k, 1, s->u.if_.body) < 0 ||
                    GET_STMTS(o, k, 2, s->u.if_.orelse) < 0
                ? -1
                : 0;
        break;
    case K_With:
    case K_AsyncWith:
        s->kind = k == K_With ? S_WITH : S_ASYNCWITH;
        r = get_seq(o, k, 0, to_withitem, &s->u.with.nitems, (void ***)&s->u.with.items) < 0 ||
                    GET_STMTS(o, k, 1, s->u.with.body) < 0 || fld(o, k, 2, &tc) < 0 || to_cstr(tc, T_STRING, &tcs) < 0
                ? -1
                : 0;
        break;
    case K_Match:
        s->kind = S_MATCH;
        r = get_expr(o, k, 0, &s->u.match.subject) < 0 ||
                    get_seq(o, k, 1, to_match_case, &s->u.match.ncases, (void ***)&s->u.match.cases) < 0
                ? -1
                : 0;
        break;
    case K_Raise:
        s->kind = S_RAISE;
        r = get_expr(o, k, 0, &s->u.raise.exc) < 0 || get_expr(o, k, 1, &s->u.raise.cause) < 0 ? -1 : 0;
        break;
    case K_Try:
    case K_TryStar:
        s->kind = k == K_Try ? S_TRY : S_TRYSTAR;
        r = GET_STMTS(o, k, 0, s->u.try_.body) < 0 ||
                    get_seq(o, k, 1, to_handler, &s->u.try_.nhandlers, (void ***)&s->u.try_.handlers) < 0 ||
                    GET_STMTS(o, k, 2, s->u.try_.orelse) < 0 || GET_STMTS(o, k, 3, s->u.try_.finalbody) < 0
                ? -1
                : 0;
        break;
    case K_Assert:
        s->kind = S_ASSERT;
        r = get_expr(o, k, 0, &s->u.assert_.test) < 0 || get_expr(o, k, 1, &s->u.assert_.msg) < 0 ? -1 : 0;
        break;
    case K_Import:
        s->kind = S_IMPORT;
        r = get_seq(o, k, 0, to_alias, &s->u.import.nnames, (void ***)&s->u.import.names);
        break;
    case K_ImportFrom:
        s->kind = S_IMPORTFROM;
        r = get_ident(o, k, 0, &s->u.importfrom.module) < 0 ||
                    get_seq(o, k, 1, to_alias, &s->u.importfrom.nnames, (void ***)&s->u.importfrom.names) < 0 ||
                    get_int(o, k, 2, &s->u.importfrom.level) < 0
                ? -1
                : 0;
        break;
    case K_Global:
    case K_Nonlocal:
        s->kind = k == K_Global ? S_GLOBAL : S_NONLOCAL;
        r = get_seq(o, k, 0, conv_ident, &s->u.global.nnames, (void ***)&s->u.global.names);
        break;
    case K_Expr:
        s->kind = S_EXPR;
        r = get_expr(o, k, 0, &s->u.expr.value);
        break;
    case K_Pass: s->kind = S_PASS; break;
    case K_Break: s->kind = S_BREAK; break;
    case K_Continue: s->kind = S_CONTINUE; break;
    }
    depth--;
    if (r < 0) return -1;
    *out = s;
    return 0;
}

/* ---- validation (CPython's ast validator's checks, on the C tree) ----------------------- */

static const char *const ctx_names[] = {"Load", "Store", "Del"};

static int verr(Type *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    err_vformat(t, fmt, ap);
    va_end(ap);
    return -1;
}

static int v_expr(const Expr *e, ExprCtx ctx);
static int v_stmts(const StmtList *l);
static int v_name(const char *id);
static int v_pattern(const Pattern *p, bool star_ok);

static int v_exprs(int n, Expr *const *items, ExprCtx ctx, bool null_ok) {
    for (int i = 0; i < n; i++) {
        if (!items[i]) {
            if (null_ok) continue;
            return verr(&exc_ValueError, "None disallowed in expression list");
        }
        if (v_expr(items[i], ctx) < 0) return -1;
    }
    return 0;
}
#define V_EXPRS(el, ctx) v_exprs((el).n, (el).items, ctx, false)

static int v_nonempty(int n, const char *what, const char *owner) {
    return n ? 0 : verr(&exc_ValueError, "empty %s on %s", what, owner);
}

static int v_body(const StmtList *l, const char *owner) {
    return v_nonempty(l->n, "body", owner) < 0 ? -1 : v_stmts(l);
}

static int v_args(int n, Arg *const *a) {
    for (int i = 0; i < n; i++)
        if (a[i]->annotation && v_expr(a[i]->annotation, CTX_LOAD) < 0) return -1;
    return 0;
}

static int v_arguments(const Arguments *a) {
    if (v_args(a->nposonly, a->posonlyargs) < 0 || v_args(a->nargs, a->args) < 0) return -1;
    if (a->vararg && v_args(1, &a->vararg) < 0) return -1;
    if (v_args(a->nkwonly, a->kwonlyargs) < 0) return -1;
    if (a->kwarg && v_args(1, &a->kwarg) < 0) return -1;
    if (a->defaults.n > a->nposonly + a->nargs)
        return verr(&exc_ValueError, "more positional defaults than args on arguments");
    if (((const ArgumentsObj *)a)->nkw_defaults != a->nkwonly)
        return verr(&exc_ValueError, "length of kwonlyargs is not the same as kw_defaults on arguments");
    return V_EXPRS(a->defaults, CTX_LOAD) < 0 ? -1 : v_exprs(a->nkwonly, a->kw_defaults, CTX_LOAD, true);
}

static int v_keywords(int n, Keyword *const *k) {
    for (int i = 0; i < n; i++)
        if (v_expr(k[i]->value, CTX_LOAD) < 0) return -1;
    return 0;
}

static int v_comps(int n, Comprehension *const *c) {
    if (!n) return verr(&exc_ValueError, "comprehension with no generators");
    for (int i = 0; i < n; i++)
        if (v_expr(c[i]->target, CTX_STORE) < 0 || v_expr(c[i]->iter, CTX_LOAD) < 0 || V_EXPRS(c[i]->ifs, CTX_LOAD) < 0)
            return -1;
    return 0;
}

/* CPython's checks of a node's span */
static int v_pos(const SrcPos *p) {
    if (p->lineno > p->end_lineno)
        return verr(&exc_ValueError, "AST node line range (%d, %d) is not valid", p->lineno, p->end_lineno);
    if ((p->lineno < 0 && p->end_lineno != p->lineno) || (p->col_offset < 0 && p->col_offset != p->end_col_offset))
        return verr(&exc_ValueError, "AST node column range (%d, %d) for line range (%d, %d) is not valid",
                    p->col_offset, p->end_col_offset, p->lineno, p->end_lineno);
    if (p->lineno == p->end_lineno && p->col_offset > p->end_col_offset)
        return verr(&exc_ValueError, "line %d, column %d-%d is not a valid range", p->lineno, p->col_offset,
                    p->end_col_offset);
    return 0;
}

static int v_expr(const Expr *e, ExprCtx ctx) {
    if (v_pos(&e->pos) < 0) return -1;
    int actual = -1;
    switch (e->kind) {
    case E_ATTRIBUTE: actual = e->u.attribute.ctx; break;
    case E_SUBSCRIPT: actual = e->u.subscript.ctx; break;
    case E_STARRED: actual = e->u.starred.ctx; break;
    case E_NAME: actual = e->u.name.ctx; break;
    case E_LIST:
    case E_TUPLE: actual = e->u.seq.ctx; break;
    default: break;
    }
    if (actual >= 0 && (ExprCtx)actual != ctx)
        return verr(&exc_ValueError, "expression must have %s context but has %s instead", ctx_names[ctx],
                    ctx_names[actual]);
    if (actual < 0 && ctx != CTX_LOAD)
        return verr(&exc_ValueError, "expression which can't be assigned to in %s context", ctx_names[ctx]);
    switch (e->kind) {
    case E_BOOLOP:
        if (e->u.boolop.values.n < 2) return verr(&exc_ValueError, "BoolOp with less than 2 values");
        return V_EXPRS(e->u.boolop.values, CTX_LOAD);
    case E_NAMEDEXPR:
        return v_expr(e->u.namedexpr.target, CTX_STORE) < 0 ? -1 : v_expr(e->u.namedexpr.value, CTX_LOAD);
    case E_BINOP: return v_expr(e->u.binop.left, CTX_LOAD) < 0 ? -1 : v_expr(e->u.binop.right, CTX_LOAD);
    case E_UNARYOP: return v_expr(e->u.unaryop.operand, CTX_LOAD);
    case E_LAMBDA: return v_arguments(e->u.lambda.args) < 0 ? -1 : v_expr(e->u.lambda.body, CTX_LOAD);
    case E_IFEXP:
        return v_expr(e->u.ifexp.test, CTX_LOAD) < 0 || v_expr(e->u.ifexp.body, CTX_LOAD) < 0
                   ? -1
                   : v_expr(e->u.ifexp.orelse, CTX_LOAD);
    case E_DICT:
        if (e->u.dict.keys.n != e->u.dict.values.n)
            return verr(&exc_ValueError, "Dict doesn't have the same number of keys as values");
        return v_exprs(e->u.dict.keys.n, e->u.dict.keys.items, CTX_LOAD, true) < 0 ? -1 : V_EXPRS(e->u.dict.values, CTX_LOAD);
    case E_SET: return V_EXPRS(e->u.set.elts, CTX_LOAD);
    case E_LISTCOMP:
    case E_SETCOMP:
    case E_GENEXP:
        return v_comps(e->u.comp.ngens, e->u.comp.generators) < 0 ? -1 : v_expr(e->u.comp.elt, CTX_LOAD);
    case E_DICTCOMP:
        return v_comps(e->u.comp.ngens, e->u.comp.generators) < 0 || v_expr(e->u.comp.key, CTX_LOAD) < 0
                   ? -1
                   : v_expr(e->u.comp.value, CTX_LOAD);
    case E_AWAIT: return v_expr(e->u.await_.value, CTX_LOAD);
    case E_YIELD: return e->u.yield.value ? v_expr(e->u.yield.value, CTX_LOAD) : 0;
    case E_YIELDFROM: return v_expr(e->u.yield.value, CTX_LOAD);
    case E_COMPARE:
        return v_expr(e->u.compare.left, CTX_LOAD) < 0 ? -1
                                                        : v_exprs(e->u.compare.n, e->u.compare.comparators, CTX_LOAD, false);
    case E_CALL:
        return v_expr(e->u.call.func, CTX_LOAD) < 0 || V_EXPRS(e->u.call.args, CTX_LOAD) < 0
                   ? -1
                   : v_keywords(e->u.call.nkeywords, e->u.call.keywords);
    case E_FORMATTEDVALUE:
        return v_expr(e->u.formatted.value, CTX_LOAD) < 0 ? -1
               : e->u.formatted.format_spec              ? v_expr(e->u.formatted.format_spec, CTX_LOAD)
                                                         : 0;
    case E_JOINEDSTR: return V_EXPRS(e->u.joined.values, CTX_LOAD);
    case E_CONSTANT: return 0;
    case E_ATTRIBUTE: return v_expr(e->u.attribute.value, CTX_LOAD);
    case E_SUBSCRIPT:
        return v_expr(e->u.subscript.value, CTX_LOAD) < 0 ? -1 : v_expr(e->u.subscript.slice, CTX_LOAD);
    case E_STARRED: return v_expr(e->u.starred.value, ctx);
    case E_NAME: return v_name(e->u.name.id);
    case E_LIST:
    case E_TUPLE: return V_EXPRS(e->u.seq.elts, ctx);
    case E_SLICE:
        return (e->u.slice.lower && v_expr(e->u.slice.lower, CTX_LOAD) < 0) ||
                       (e->u.slice.upper && v_expr(e->u.slice.upper, CTX_LOAD) < 0) ||
                       (e->u.slice.step && v_expr(e->u.slice.step, CTX_LOAD) < 0)
                   ? -1
                   : 0;
    }
    return 0;
}

static int v_patterns(const PatternList *l, bool star_ok) {
    for (int i = 0; i < l->n; i++) {
        if (!l->items[i]) return verr(&exc_ValueError, "None disallowed in pattern list");
        if (v_pattern(l->items[i], star_ok) < 0) return -1;
    }
    return 0;
}

static int v_name(const char *id) {
    if (id && (!strcmp(id, "None") || !strcmp(id, "True") || !strcmp(id, "False")))
        return verr(&exc_ValueError, "identifier field can't represent '%s' constant", id);
    return 0;
}

static int v_capture(const char *name) {
    if (name && !strcmp(name, "_")) return verr(&exc_ValueError, "can't capture name '_' in patterns");
    return v_name(name);
}

static bool is_number_const(const Expr *e, bool real, bool imag) {
    if (e->kind != E_CONSTANT) return false;
    const Constant *c = &e->u.constant;
    if (c->kind == CONST_INT || c->kind == CONST_FLOAT) return real;
    if (c->kind == CONST_IMAG) return imag;
    if (c->kind == CONST_OBJECT) {
        Value v = (Value)c->obj;
        return int_check_exact(v) ? real : complex_check_exact(v) ? imag : false;
    }
    return false;
}

/* -number, or a number */
static bool is_signed_number(const Expr *e, bool real, bool imag) {
    if (e->kind == E_UNARYOP && e->u.unaryop.op == UNOP_NEG) return is_number_const(e->u.unaryop.operand, real, imag);
    return false;
}

/* The value of a value pattern or a mapping pattern's key: a literal
 * number, string or bytes, -number, real +/- imaginary, an attribute. */
static int v_match_value(const Expr *e) {
    if (v_expr(e, CTX_LOAD) < 0) return -1;
    switch (e->kind) {
    case E_CONSTANT:
        switch (e->u.constant.kind) {
        case CONST_INT:
        case CONST_BIGINT:
        case CONST_FLOAT:
        case CONST_IMAG:
        case CONST_STR:
        case CONST_BYTES: return 0;
        case CONST_OBJECT: {
            Value v = (Value)e->u.constant.obj;
            if (int_check_exact(v) || complex_check_exact(v) || bytes_check_exact(v)) return 0;
            break;
        }
        default: break;
        }
        return verr(&exc_ValueError, "unexpected constant inside of a literal pattern");
    case E_ATTRIBUTE:
    case E_JOINEDSTR: return 0;
    case E_UNARYOP:
        if (is_signed_number(e, true, true)) return 0;
        break;
    case E_BINOP: {
        const Expr *l = e->u.binop.left;
        if ((e->u.binop.op == BINOP_ADD || e->u.binop.op == BINOP_SUB) &&
            (is_number_const(l, true, false) || is_signed_number(l, true, false)) &&
            is_number_const(e->u.binop.right, false, true))
            return 0;
        break;
    }
    default: break;
    }
    return verr(&exc_ValueError, "patterns may only match literals and attribute lookups");
}

static int v_pattern(const Pattern *p, bool star_ok) {
    switch (p->kind) {
    case P_VALUE: return v_match_value(p->u.value.value);
    case P_SINGLETON: return 0;
    case P_SEQUENCE: return v_patterns(&p->u.seq.patterns, true);
    case P_MAPPING:
        if (p->u.mapping.keys.n != p->u.mapping.patterns.n)
            return verr(&exc_ValueError, "MatchMapping doesn't have the same number of keys as patterns");
        if (v_capture(p->u.mapping.rest) < 0) return -1;
        for (int i = 0; i < p->u.mapping.keys.n; i++) {
            const Expr *k = p->u.mapping.keys.items[i];
            if (!k) return verr(&exc_ValueError, "None disallowed in expression list");
            if (k->kind == E_CONSTANT && (k->u.constant.kind == CONST_NONE || k->u.constant.kind == CONST_TRUE ||
                                          k->u.constant.kind == CONST_FALSE))
                continue;
            if (v_match_value(k) < 0) return -1;
        }
        return v_patterns(&p->u.mapping.patterns, false);
    case P_CLASS: {
        if (p->u.cls.nkwd != p->u.cls.kwd_patterns.n)
            return verr(&exc_ValueError, "MatchClass doesn't have the same number of keyword attributes as patterns");
        if (v_expr(p->u.cls.cls, CTX_LOAD) < 0) return -1;
        const Expr *c = p->u.cls.cls;
        while (c->kind == E_ATTRIBUTE) c = c->u.attribute.value;
        if (c->kind != E_NAME)
            return verr(&exc_ValueError, "MatchClass cls field can only contain Name or Attribute nodes.");
        for (int i = 0; i < p->u.cls.nkwd; i++)
            if (v_name(p->u.cls.kwd_attrs[i]) < 0) return -1;
        return v_patterns(&p->u.cls.patterns, false) < 0 ? -1 : v_patterns(&p->u.cls.kwd_patterns, false);
    }
    case P_STAR:
        if (!star_ok) return verr(&exc_ValueError, "can't use MatchStar here");
        return v_capture(p->u.star.name);
    case P_AS:
        if (v_capture(p->u.as.name) < 0) return -1;
        if (p->u.as.pattern) {
            if (!p->u.as.name)
                return verr(&exc_ValueError, "MatchAs must specify a target name if a pattern is given");
            return v_pattern(p->u.as.pattern, false);
        }
        return 0;
    case P_OR:
        if (p->u.or_.patterns.n < 2) return verr(&exc_ValueError, "MatchOr requires at least 2 patterns");
        return v_patterns(&p->u.or_.patterns, false);
    }
    return 0;
}

static int v_stmt(const Stmt *s) {
    if (v_pos(&s->pos) < 0) return -1;
    switch (s->kind) {
    case S_FUNCTIONDEF:
    case S_ASYNCFUNCTIONDEF: {
        const char *owner = s->kind == S_FUNCTIONDEF ? "FunctionDef" : "AsyncFunctionDef";
        return v_body(&s->u.funcdef.body, owner) < 0 || v_arguments(s->u.funcdef.args) < 0 ||
                       V_EXPRS(s->u.funcdef.decorator_list, CTX_LOAD) < 0 ||
                       (s->u.funcdef.returns && v_expr(s->u.funcdef.returns, CTX_LOAD) < 0)
                   ? -1
                   : 0;
    }
    case S_CLASSDEF:
        return v_body(&s->u.classdef.body, "ClassDef") < 0 || V_EXPRS(s->u.classdef.bases, CTX_LOAD) < 0 ||
                       v_keywords(s->u.classdef.nkeywords, s->u.classdef.keywords) < 0 ||
                       V_EXPRS(s->u.classdef.decorator_list, CTX_LOAD) < 0
                   ? -1
                   : 0;
    case S_RETURN: return s->u.ret.value ? v_expr(s->u.ret.value, CTX_LOAD) : 0;
    case S_DELETE:
        return v_nonempty(s->u.del.targets.n, "targets", "Delete") < 0 ? -1 : V_EXPRS(s->u.del.targets, CTX_DEL);
    case S_ASSIGN:
        return v_nonempty(s->u.assign.targets.n, "targets", "Assign") < 0 || V_EXPRS(s->u.assign.targets, CTX_STORE) < 0
                   ? -1
                   : v_expr(s->u.assign.value, CTX_LOAD);
    case S_AUGASSIGN:
        return v_expr(s->u.augassign.target, CTX_STORE) < 0 ? -1 : v_expr(s->u.augassign.value, CTX_LOAD);
    case S_ANNASSIGN:
        if (s->u.annassign.simple && s->u.annassign.target->kind != E_NAME)
            return verr(&exc_TypeError, "AnnAssign with simple non-Name target");
        return v_expr(s->u.annassign.target, CTX_STORE) < 0 ||
                       (s->u.annassign.value && v_expr(s->u.annassign.value, CTX_LOAD) < 0)
                   ? -1
                   : v_expr(s->u.annassign.annotation, CTX_LOAD);
    case S_FOR:
    case S_ASYNCFOR:
        return v_expr(s->u.for_.target, CTX_STORE) < 0 || v_expr(s->u.for_.iter, CTX_LOAD) < 0 ||
                       v_body(&s->u.for_.body, s->kind == S_FOR ? "For" : "AsyncFor") < 0
                   ? -1
                   : v_stmts(&s->u.for_.orelse);
    case S_WHILE:
    case S_IF:
        return v_expr(s->u.if_.test, CTX_LOAD) < 0 || v_body(&s->u.if_.body, s->kind == S_WHILE ? "While" : "If") < 0
                   ? -1
                   : v_stmts(&s->u.if_.orelse);
    case S_WITH:
    case S_ASYNCWITH: {
        const char *owner = s->kind == S_WITH ? "With" : "AsyncWith";
        if (v_nonempty(s->u.with.nitems, "items", owner) < 0) return -1;
        for (int i = 0; i < s->u.with.nitems; i++) {
            const WithItem *w = s->u.with.items[i];
            if (v_expr(w->context_expr, CTX_LOAD) < 0 || (w->optional_vars && v_expr(w->optional_vars, CTX_STORE) < 0))
                return -1;
        }
        return v_body(&s->u.with.body, owner);
    }
    case S_MATCH:
        if (v_expr(s->u.match.subject, CTX_LOAD) < 0 || v_nonempty(s->u.match.ncases, "cases", "Match") < 0) return -1;
        for (int i = 0; i < s->u.match.ncases; i++) {
            const MatchCase *m = s->u.match.cases[i];
            if (v_pattern(m->pattern, false) < 0 || (m->guard && v_expr(m->guard, CTX_LOAD) < 0) ||
                v_body(&m->body, "match_case") < 0)
                return -1;
        }
        return 0;
    case S_RAISE:
        if (s->u.raise.exc) {
            if (v_expr(s->u.raise.exc, CTX_LOAD) < 0) return -1;
            return s->u.raise.cause ? v_expr(s->u.raise.cause, CTX_LOAD) : 0;
        }
        return s->u.raise.cause ? verr(&exc_ValueError, "Raise with cause but no exception") : 0;
    case S_TRY:
    case S_TRYSTAR: {
        const char *owner = s->kind == S_TRY ? "Try" : "TryStar";
        if (v_body(&s->u.try_.body, owner) < 0) return -1;
        if (!s->u.try_.nhandlers && !s->u.try_.finalbody.n)
            return verr(&exc_ValueError, "%s has neither except handlers nor finalbody", owner);
        if (!s->u.try_.nhandlers && s->u.try_.orelse.n)
            return verr(&exc_ValueError, "%s has orelse but no except handlers", owner);
        for (int i = 0; i < s->u.try_.nhandlers; i++) {
            const ExceptHandler *h = s->u.try_.handlers[i];
            if (!h) return verr(&exc_ValueError, "None disallowed in excepthandler list");
            if ((h->type && v_expr(h->type, CTX_LOAD) < 0) || v_body(&h->body, "ExceptHandler") < 0) return -1;
        }
        return v_stmts(&s->u.try_.finalbody) < 0 ? -1 : v_stmts(&s->u.try_.orelse);
    }
    case S_ASSERT:
        return v_expr(s->u.assert_.test, CTX_LOAD) < 0 ? -1 : s->u.assert_.msg ? v_expr(s->u.assert_.msg, CTX_LOAD) : 0;
    case S_IMPORT: return v_nonempty(s->u.import.nnames, "names", "Import");
    case S_IMPORTFROM:
        if (s->u.importfrom.level < 0) return verr(&exc_ValueError, "Negative ImportFrom level");
        return v_nonempty(s->u.importfrom.nnames, "names", "ImportFrom");
    case S_GLOBAL: return v_nonempty(s->u.global.nnames, "names", "Global");
    case S_NONLOCAL: return v_nonempty(s->u.global.nnames, "names", "Nonlocal");
    case S_EXPR: return v_expr(s->u.expr.value, CTX_LOAD);
    case S_PASS:
    case S_BREAK:
    case S_CONTINUE: return 0;
    }
    return 0;
}

static int v_stmts(const StmtList *l) {
    for (int i = 0; i < l->n; i++) {
        if (!l->items[i]) return verr(&exc_ValueError, "None disallowed in statement list");
        if (v_stmt(l->items[i]) < 0) return -1;
    }
    return 0;
}

/* ---- compile()'s entry points (modules.h) ---------------------------------------------- */

int ast_check(Value v) {
    if (ast_init_classes() < 0) return -1;
    return obj_isinstance(v, cls[K_AST]);
}

Value ast_parse_object(const char *src, size_t len, bool text, const char *filename, int mode,
                       int feature_version, bool type_comments) {
    SyntaxErrorInfo err;
    memset(&err, 0, sizeof err);
    ParseMode pm = mode == 1 ? PARSE_EVAL : mode == 2 ? PARSE_SINGLE : mode == 3 ? PARSE_FUNC_TYPE : PARSE_FILE;
    Module *m = parse_ast(src, len, text, filename, pm, feature_version < 0 ? 11 : feature_version, type_comments,
                          &err);
    if (!m) {
        if (!text) {   /* bytes: CPython's columns in bytes (parser.h) */
            err.offset = err.file_offset;
            err.end_offset = err.file_end_offset;
        }
        raise_syntax_error(&err, src, len);
        return VNULL;
    }
    parsing.src = src;
    parsing.len = len;
    parsing.filename = filename;
    return c2o_mod(m, mode);
}

Value ast_compile_object(Value tree, const char *filename, int mode, int flags) {
    static const int want[] = {K_Module, K_Expression, K_Interactive};
    static const CompileMode cmode[] = {COMPILE_EXEC, COMPILE_EVAL, COMPILE_INTERACTIVE};
    if (ast_init_classes() < 0) return VNULL;
    int k = kind_of(tree);
    if (k != want[mode]) {
        const char *got = k >= 0 ? info[k].name : type_of(tree)->tname;
        return err_format(&exc_TypeError, "expected %s node, got %s", info[want[mode]].name, got);
    }
    Module *m = alloc(sizeof *m);
    depth = 0;
    if (mode == 1) {
        Expr *body;
        if (get_expr(tree, k, 0, &body) < 0 || v_expr(body, CTX_LOAD) < 0) return VNULL;
        Stmt *s = alloc(sizeof *s);
        s->kind = S_EXPR;
        s->pos = body->pos;
        s->u.expr.value = body;
        m->body.n = 1;
        m->body.items = alloc(sizeof(Stmt *));
        m->body.items[0] = s;
    } else {
        if (GET_STMTS(tree, k, 0, m->body) < 0) return VNULL;
        if (k == K_Module) {
            Value ti;
            if (fld(tree, k, 1, &ti) < 0) return VNULL;
        }
        if (v_stmts(&m->body) < 0) return VNULL;
    }
    SyntaxErrorInfo err;
    memset(&err, 0, sizeof err);
    m->future_flags = flags & AST_FUTURE_ANNOTATIONS;
    CodeObject *co = compile_module(m, filename, cmode[mode], &err);
    if (!co) {
        if (!err_occurred()) raise_syntax_error(&err, NULL, 0);
        return VNULL;
    }
    return V_FROM_PTR(co);
}

/* ---- the module ------------------------------------------------------------------------ */

Value _ast_module_create(void) {
    if (ast_init_classes() < 0) return VNULL;
    Value m = module_new_cstr("_ast");
    for (int k = 0; k < K__COUNT; k++) module_add(m, info[k].name, cls[k]);
    module_add(m, "PyCF_ONLY_AST", v_int(AST_PYCF_ONLY_AST));
    module_add(m, "PyCF_TYPE_COMMENTS", v_int(AST_PYCF_TYPE_COMMENTS));
    module_add(m, "PyCF_ALLOW_TOP_LEVEL_AWAIT", v_int(AST_PYCF_ALLOW_TOP_LEVEL_AWAIT));
    return m;
}
