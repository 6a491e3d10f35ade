/* _typing.c: the _typing module, CPython's accelerators for typing.py.
 * In 3.11 it holds one function, _idfunc, the identity: typing.NewType
 * uses it as its __call__, where a builtin function (not a descriptor) is
 * called with the argument alone, not the NewType instance. */
#include "../runtime.h"
#include "modules.h"

/* _idfunc(x, /) -> x */
static Value typing_idfunc(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_idfunc", 1, 1, 0, {"x", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return a[0];
}

static const MethodDef typing_functions[] = {
    {"_idfunc", typing_idfunc, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _typing_module_create(void) {
    Value m = module_new_cstr("_typing");
    module_add(m, "__doc__", str_from_cstr("Accelerators for the typing module.\n"));
    module_add_functions(m, typing_functions);
    return m;
}
