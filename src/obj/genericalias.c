/* genericalias.c: types.GenericAlias, what `list[int]` evaluates to.
 *
 * An alias records its origin (list) and arguments ((int,)); calling it
 * calls the origin, and its repr spells the subscription. The builtin
 * containers' __class_getitem__ is generic_alias_class_getitem(). */
#include "../runtime.h"

typedef struct GenericAliasObject {
    Object hdr;
    Value origin;
    Value args;     /* tuple */
} GenericAliasObject;

Type generic_alias_type;

Value generic_alias_new(Value origin, Value args) {
    GenericAliasObject *g = (GenericAliasObject *)obj_alloc(&generic_alias_type, sizeof *g);
    g->origin = origin;
    g->args = tuple_check(args) ? args : tuple_pack(1, args);
    return V_FROM_PTR(g);
}

Value generic_alias_class_getitem(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__class_getitem__", nargs - 1, 1, 1) < 0) return VNULL;
    return generic_alias_new(args[0], args[1]);
}

/* How an argument reads inside the brackets: classes by qualified name,
 * `...` for Ellipsis, else repr. */
static int repr_item(Buf *b, Value v) {
    if (v == V_ELLIPSIS) {
        buf_puts(b, "...");
        return 0;
    }
    if (type_check(v) && type_of(v) != &generic_alias_type) {
        Type *t = V_AS(Type, v);
        Value mod = obj_getattr_opt(v, NAME(__module__));
        Value qn = t->qualname ? t->qualname : type_name(t);
        if (mod && str_check(mod) && !str_eq_cstr(mod, "builtins")) buf_printf(b, "%s.", str_data(mod));
        buf_puts(b, str_data(qn));
        return 0;
    }
    Value r = obj_repr(v);
    if (!r) return -1;
    buf_puts(b, str_data(r));
    return 0;
}

static Value ga_repr(Value v) {
    GenericAliasObject *g = V_AS(GenericAliasObject, v);
    Buf b;
    buf_init(&b, 32);
    if (repr_item(&b, g->origin) < 0) return VNULL;
    buf_putc(&b, '[');
    int64_t n = tuple_size(g->args);
    if (n == 0) buf_puts(&b, "()");
    for (int64_t i = 0; i < n; i++) {
        if (i) buf_puts(&b, ", ");
        if (repr_item(&b, tuple_get(g->args, i)) < 0) return VNULL;
    }
    buf_putc(&b, ']');
    return str_from_buf(&b);
}

static Value ga_call(Value self, Value *args, size_t nargs, Value kwnames) {
    return obj_call(V_AS(GenericAliasObject, self)->origin, args, nargs, kwnames);
}

static Value ga_getattr(Value self, Value name) {
    GenericAliasObject *g = V_AS(GenericAliasObject, self);
    if (str_eq_cstr(name, "__origin__")) return g->origin;
    if (str_eq_cstr(name, "__args__")) return g->args;
    if (str_eq_cstr(name, "__parameters__")) return tuple_empty;
    Value r = generic_getattr_noerr(self, name);
    if (r || err_occurred()) return r;
    /* everything else is the origin's (alias.__name__, alias.fromkeys...) */
    const char *n = str_data(name);
    if (n[0] == '_' && n[1] == '_' && !str_eq_cstr(name, "__name__") && !str_eq_cstr(name, "__qualname__") &&
        !str_eq_cstr(name, "__module__") && !str_eq_cstr(name, "__doc__"))
        return err_format(&exc_AttributeError, "'types.GenericAlias' object has no attribute '%U'", name);
    return obj_getattr(g->origin, name);
}

static Value ga_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || type_of(b) != &generic_alias_type) return V_NOTIMPL;
    GenericAliasObject *x = V_AS(GenericAliasObject, a), *y = V_AS(GenericAliasObject, b);
    int eq = x->origin == y->origin;
    if (eq) {
        eq = obj_richcompare_bool(x->args, y->args, CMP_EQ);
        if (eq < 0) return VNULL;
    }
    return v_bool(op == CMP_EQ ? eq : !eq);
}

static int64_t ga_hash(Value v) {
    GenericAliasObject *g = V_AS(GenericAliasObject, v);
    int64_t h1 = obj_hash(g->origin);
    if (h1 == -1) return -1;
    int64_t h2 = obj_hash(g->args);
    if (h2 == -1) return -1;
    int64_t h = h1 ^ h2;
    return h == -1 ? -2 : h;
}

static Value ga_getitem(Value self, Value key) {
    (void)key;
    return err_format(&exc_TypeError, "%R is not a generic class", self);
}

static Value ga_mro_entries(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return tuple_pack(1, V_AS(GenericAliasObject, args[0])->origin);
}

static Value ga_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)t;
    if (arg_nokw("GenericAlias", kwnames) < 0 || arg_count("GenericAlias", nargs, 2, 2) < 0) return VNULL;
    return generic_alias_new(args[0], args[1]);
}

static const MethodDef ga_methods[] = {
    {"__mro_entries__", ga_mro_entries, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Type generic_alias_type = {
    .tname = "GenericAlias",
    .basicsize = sizeof(GenericAliasObject),
    .repr = ga_repr,
    .hash = ga_hash,
    .richcompare = ga_richcompare,
    .getattr = ga_getattr,
    .getitem = ga_getitem,
    .call = ga_call,
    .new_ = ga_new,
};

void generic_alias_init(void) {
    type_add_methods(&generic_alias_type, ga_methods);
    type_ready(&generic_alias_type);
    generic_alias_type.module = str_intern_cstr("types");
}
