/* _sha512.c: the _sha512 module, hashlib's fallback constructors sha384()
 * and sha512() on OpenSSL's EVP API (the object type is shared with
 * _hashlib.c, hashlib.h). */
#include "hashlib.h"

static HashlibType sha384_type = {.type = {.tname = "_sha512.sha384"}, .ossl = "SHA384"};
static HashlibType sha512_type = {.type = {.tname = "_sha512.sha512"}, .ossl = "SHA512"};

/* sha384(string=b'', *, usedforsecurity=True) */
static Value sha512_sha384(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"sha384", 0, 0, 1, {"string", "usedforsecurity", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return hashlib_builtin_new(&sha384_type, a[0]);
}
/* sha512(string=b'', *, usedforsecurity=True) */
static Value sha512_sha512(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"sha512", 0, 0, 1, {"string", "usedforsecurity", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return hashlib_builtin_new(&sha512_type, a[0]);
}

static const MethodDef sha512_functions[] = {
    {"sha384", sha512_sha384, MF_KEYWORDS, NULL},
    {"sha512", sha512_sha512, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _sha512_module_create(void) {
    if (hashlib_crypto_load() < 0) return VNULL;
    hashlib_type_ready(&sha384_type, "_sha512", "sha384", 0);
    hashlib_type_ready(&sha512_type, "_sha512", "sha512", 0);
    Value m = module_new_cstr("_sha512");
    module_add_functions(m, sha512_functions);
    /* as CPython 3.11's module: its one type attribute, SHA384Type, is
       the sha512 type (an oversight kept there) */
    module_add(m, "SHA384Type", V_FROM_PTR(&sha512_type.type));
    return m;
}
