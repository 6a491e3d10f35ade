/* _md5.c: the _md5 module, hashlib's fallback constructor md5() on
 * OpenSSL's EVP API (the object type is shared with _hashlib.c, hashlib.h). */
#include "hashlib.h"

static HashlibType md5_type = {.type = {.tname = "_md5.md5"}, .ossl = "MD5"};

/* md5(string=b'', *, usedforsecurity=True) */
static Value md5_md5(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"md5", 0, 0, 1, {"string", "usedforsecurity", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return hashlib_builtin_new(&md5_type, a[0]);
}

static const MethodDef md5_functions[] = {
    {"md5", md5_md5, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _md5_module_create(void) {
    if (hashlib_crypto_load() < 0) return VNULL;
    hashlib_type_ready(&md5_type, "_md5", "md5", 0);
    Value m = module_new_cstr("_md5");
    module_add_functions(m, md5_functions);
    module_add(m, "MD5Type", V_FROM_PTR(&md5_type.type));
    return m;
}
