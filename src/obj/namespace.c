/* namespace.c: types.SimpleNamespace, an object whose attributes are given
 * as keyword arguments (CPython's Objects/namespaceobject.c; also the type
 * of sys.implementation). Its attributes live in an instance dict. */
#include "../runtime.h"

Type namespace_type;

static int ns_init(Value self, Value *args, size_t nargs, Value kwnames) {
    if (nargs) {
        err_format(&exc_TypeError, "no positional arguments expected");
        return -1;
    }
    for (int64_t i = 0; kwnames && i < tuple_size(kwnames); i++)
        if (obj_setattr(self, tuple_get(kwnames, i), args[nargs + (size_t)i]) < 0) return -1;
    return 0;
}

static Value ns_new(Type *t, Value *args, size_t nargs, Value kwnames) { return instance_new(t); }

Value namespace_new(Value dict) {
    Value ns = instance_new(&namespace_type);
    int64_t pos = 0;
    Value k, v;
    while (dict_next(dict, &pos, &k, &v))
        if (obj_setattr(ns, k, v) < 0) return VNULL;
    return ns;
}

static Value ns_repr(Value self) {
    Type *t = type_of(self);
    const char *name = t == &namespace_type ? "namespace" : t->tname;
    int r = repr_enter(self);
    if (r < 0) return VNULL;
    if (r) return str_printf("%s(...)", name);
    Value d = instance_get_dict(self);
    Buf b;
    buf_init(&b, 64);
    buf_printf(&b, "%s(", name);
    int64_t pos = 0;
    Value k, v;
    bool first = true;
    while (d && dict_next(d, &pos, &k, &v)) {
        if (!str_check(k)) continue;
        Value vr = obj_repr(v);
        if (!vr) {
            repr_leave(self);
            return VNULL;
        }
        if (!first) buf_puts(&b, ", ");
        first = false;
        buf_put(&b, str_data(k), (size_t)str_nbytes(k));
        buf_putc(&b, '=');
        buf_put(&b, str_data(vr), (size_t)str_nbytes(vr));
    }
    buf_putc(&b, ')');
    repr_leave(self);
    return str_from_buf(&b);
}

static Value ns_richcompare(Value a, Value b, int op) {
    if ((op != CMP_EQ && op != CMP_NE) || !obj_isinstance_type(b, &namespace_type) ||
        !obj_isinstance_type(a, &namespace_type))
        return V_NOTIMPL;
    return obj_richcompare(instance_get_dict(a), instance_get_dict(b), op);
}

static Value ns_reduce(Value *args, size_t nargs, Value kwnames) {
    Value self = args[0];
    return tuple_pack(3, V_FROM_PTR(type_of(self)), tuple_empty, instance_get_dict(self));
}

static const MethodDef ns_methods[] = {
    {"__reduce__", ns_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Type namespace_type = {
    .tname = "SimpleNamespace",
    .flags = TF_BASETYPE | TF_WEAKREFABLE,
    .repr = ns_repr,
    .richcompare = ns_richcompare,
    .new_ = ns_new,
    .init = ns_init,
};

void namespace_init(void) {
    /* instances keep attributes as a class's instances do */
    namespace_type.attrs_offset = (uint32_t)((sizeof(Object) + 7u) & ~7u);
    namespace_type.inline_slots = 4;
    namespace_type.basicsize = namespace_type.attrs_offset + (uint32_t)sizeof(InstanceAttrs) + 8u * 4;
    type_add_methods(&namespace_type, ns_methods);
    type_ready(&namespace_type);
    namespace_type.module = str_intern_cstr("types");
}
