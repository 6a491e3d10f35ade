/* _typing.c: the _typing module, CPython's accelerators for typing.py.
 * In 3.11 it holds one function, _idfunc, the identity: typing.NewType
 * uses it as its __call__, where a builtin function (not a descriptor) is
 * called with the argument alone, not the NewType instance. */
#include "../runtime.h"
#include "modules.h"

/* _idfunc(x, /) -> x */
static Value typing_idfunc(Value *args, size_t nargs, Value kwnames) {
    /* METH_O in CPython: its messages name the module */
    if (arg_nokw("_typing._idfunc", kwnames) < 0) return VNULL;
    if (nargs != 1)
        return err_format(&exc_TypeError, "_typing._idfunc() takes exactly one argument (%d given)", (int)nargs);
    return args[0];
}

static const MethodDef typing_functions[] = {
    {"_idfunc", typing_idfunc, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _typing_module_create(void) {
    Value m = module_new_cstr("_typing");
    module_add(m, "__doc__", str_from_cstr("Accelerators for the typing module.\n"));
    module_add_functions(m, typing_functions);
    return m;
}
