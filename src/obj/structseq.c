/* structseq.c: struct sequences (see structseq.h). */
#include <string.h>

#include "../runtime.h"
#include "structseq.h"

/* The type with its field layout; instances' types point at the Type. */
typedef struct SSType {
    Type t;
    int nvisible, nfields;
    const char *const *names;
} SSType;

static inline SSType *ss_type(Value self) { return (SSType *)type_of(self); }

Value structseq_get(Value self, int i) {
    Value v = V_AS(TupleObject, self)->items[i];
    return v ? v : V_NONE;
}

void structseq_set(Value self, int i, Value v) { V_AS(TupleObject, self)->items[i] = v; }

/* GetSetDef getters take only self: one per field index */
#define SS_GETTER(n) \
    static Value ssg_##n(Value self) { return structseq_get(self, n); }
SS_GETTER(0) SS_GETTER(1) SS_GETTER(2) SS_GETTER(3) SS_GETTER(4) SS_GETTER(5) SS_GETTER(6) SS_GETTER(7)
SS_GETTER(8) SS_GETTER(9) SS_GETTER(10) SS_GETTER(11) SS_GETTER(12) SS_GETTER(13) SS_GETTER(14)
SS_GETTER(15) SS_GETTER(16) SS_GETTER(17) SS_GETTER(18) SS_GETTER(19) SS_GETTER(20) SS_GETTER(21)
SS_GETTER(22) SS_GETTER(23)
static Value (*const ss_getters[STRUCTSEQ_MAX_FIELDS])(Value) = {
    ssg_0,  ssg_1,  ssg_2,  ssg_3,  ssg_4,  ssg_5,  ssg_6,  ssg_7,  ssg_8,  ssg_9,  ssg_10, ssg_11,
    ssg_12, ssg_13, ssg_14, ssg_15, ssg_16, ssg_17, ssg_18, ssg_19, ssg_20, ssg_21, ssg_22, ssg_23};

static Value alloc_instance(SSType *st) {
    TupleObject *o = (TupleObject *)obj_alloc(&st->t, sizeof(TupleObject) + sizeof(Value) * (size_t)st->nfields);
    o->size = st->nvisible;
    return V_FROM_PTR(o);
}

Value structseq_new(Type *t, const Value *values) {
    SSType *st = (SSType *)t;
    Value r = alloc_instance(st);
    for (int i = 0; i < st->nfields; i++) V_AS(TupleObject, r)->items[i] = values[i] ? values[i] : V_NONE;
    return r;
}

/* repr: module.name(field=value, ...) over the visible items, each named
 * after the next named field (CPython's naming of unnamed items) */
static Value ss_repr(Value self) {
    SSType *st = ss_type(self);
    Buf b;
    buf_init(&b, 64);
    if (st->t.module && str_check(st->t.module)) {
        buf_put(&b, str_data(st->t.module), (size_t)str_nbytes(st->t.module));
        buf_putc(&b, '.');
    }
    buf_put(&b, str_data(st->t.name), (size_t)str_nbytes(st->t.name));
    buf_putc(&b, '(');
    int named = 0;
    for (int i = 0; i < st->nvisible; i++) {
        while (named < st->nfields && !st->names[named]) named++;
        if (i) buf_puts(&b, ", ");
        buf_puts(&b, named < st->nfields ? st->names[named] : "?");
        named++;
        buf_putc(&b, '=');
        Value r = obj_repr(tuple_get(self, i));
        if (!r) return VNULL;
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    buf_putc(&b, ')');
    return str_from_buf(&b);
}

/* T(sequence, dict=None): the visible items from the sequence (and hidden
 * ones when it is long enough), the rest from dict by name, else None */
Value structseq_type_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    SSType *st = (SSType *)t;
    static const ArgSpec spec = {"structseq", 0, 1, 0, {"sequence", "dict", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value seq = tuple_from_iterable(a[0]);
    if (!seq) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            return err_set(&exc_TypeError, "constructor requires a sequence");
        }
        return VNULL;
    }
    Value dict = a[1];   /* omitted: none; an explicit None is the TypeError, as CPython's */
    if (dict && !dict_check(dict))
        return err_format(&exc_TypeError, "%s() takes a dict as second arg, if any", t->tname);
    int64_t len = tuple_size(seq);
    const char *qual = t->tname;
    if (len < st->nvisible) {
        if (st->nvisible == st->nfields)
            return err_format(&exc_TypeError, "%s() takes a %d-sequence (%zd-sequence given)", qual, st->nvisible,
                              (ssize_t)len);
        return err_format(&exc_TypeError, "%s() takes an at least %d-sequence (%zd-sequence given)", qual,
                          st->nvisible, (ssize_t)len);
    }
    if (len > st->nfields) {
        if (st->nvisible == st->nfields)
            return err_format(&exc_TypeError, "%s() takes a %d-sequence (%zd-sequence given)", qual, st->nvisible,
                              (ssize_t)len);
        return err_format(&exc_TypeError, "%s() takes an at most %d-sequence (%zd-sequence given)", qual,
                          st->nfields, (ssize_t)len);
    }
    Value r = alloc_instance(st);
    Value *items = V_AS(TupleObject, r)->items;
    for (int64_t i = 0; i < len; i++) items[i] = tuple_get(seq, i);
    for (int i = (int)len; i < st->nfields; i++) {
        Value v = VNULL;
        if (dict && st->names[i]) {
            v = dict_get_cstr(dict, st->names[i]);
            if (!v && err_occurred()) return VNULL;
        }
        items[i] = v ? v : V_NONE;
    }
    return r;
}

/* __reduce__: (type, (visible items, {hidden field: value})), which
 * calling the type rebuilds (copy, pickle) */
static Value ss_reduce(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__reduce__", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value self = args[0];
    SSType *st = ss_type(self);
    Value hidden = dict_new();
    for (int i = st->nvisible; i < st->nfields; i++)
        if (st->names[i]) dict_set_cstr(hidden, st->names[i], structseq_get(self, i));
    Value visible = tuple_from_array(tuple_items(self), st->nvisible);
    return tuple_pack(2, V_FROM_PTR(&st->t), tuple_pack(2, visible, hidden));
}

static const MethodDef ss_methods[] = {
    {"__reduce__", ss_reduce, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Type *structseq_new_type(const char *module, const char *name, const char *const *names, int nvisible, int nfields) {
    SSType *st = gc_alloc_type(sizeof(SSType));
    Type *t = &st->t;
    st->nvisible = nvisible;
    st->nfields = nfields;
    st->names = names;
    size_t ml = strlen(module), nl = strlen(name);
    char *tn = gc_alloc_atomic(ml + nl + 2);
    memcpy(tn, module, ml);
    tn[ml] = '.';
    memcpy(tn + ml + 1, name, nl + 1);
    t->tname = tn;
    t->name = str_intern_cstr(name);
    t->module = str_intern_cstr(module);
    t->base = &tuple_type;
    t->basicsize = sizeof(TupleObject);
    t->repr = ss_repr;
    GetSetDef *defs = gc_alloc(sizeof(GetSetDef) * (size_t)(nfields + 1));
    int k = 0;
    for (int i = 0; i < nfields && i < STRUCTSEQ_MAX_FIELDS; i++) {
        if (!names[i]) continue;
        defs[k].name = names[i];
        defs[k].get = ss_getters[i];
        k++;
    }
    type_add_getsets(t, defs);
    type_add_methods(t, ss_methods);
    type_ready(t);
    t->new_ = structseq_type_new;
    int unnamed = 0;
    Value match = list_new(nvisible);
    for (int i = 0; i < nfields; i++) {
        if (!names[i]) unnamed++;
        else if (i < nvisible) list_append(match, str_from_cstr(names[i]));
    }
    dict_set_cstr(t->dict, "n_sequence_fields", v_int(nvisible));
    dict_set_cstr(t->dict, "n_fields", v_int(nfields));
    dict_set_cstr(t->dict, "n_unnamed_fields", v_int(unnamed));
    dict_set_cstr(t->dict, "__match_args__", tuple_from_iterable(match));
    dict_set_cstr(t->dict, "__module__", t->module);
    type_modified(t);
    return t;
}
