/* _sha1.c: the _sha1 module, hashlib's fallback constructor sha1() on
 * OpenSSL's EVP API (the object type is shared with _hashlib.c, hashlib.h). */
#include "hashlib.h"

static HashlibType sha1_type = {.type = {.tname = "_sha1.sha1"}, .ossl = "SHA1"};

/* sha1(string=b'', *, usedforsecurity=True) */
static Value sha1_sha1(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"sha1", 0, 0, 1, {"string", "usedforsecurity", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return hashlib_builtin_new(&sha1_type, a[0]);
}

static const MethodDef sha1_functions[] = {
    {"sha1", sha1_sha1, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _sha1_module_create(void) {
    if (hashlib_crypto_load() < 0) return VNULL;
    hashlib_type_ready(&sha1_type, "_sha1", "sha1", 0);
    Value m = module_new_cstr("_sha1");
    module_add_functions(m, sha1_functions);
    module_add(m, "SHA1Type", V_FROM_PTR(&sha1_type.type));
    return m;
}
