/* _sha256.c: the _sha256 module, hashlib's fallback constructors sha224()
 * and sha256() on OpenSSL's EVP API (the object type is shared with
 * _hashlib.c, hashlib.h). */
#include "hashlib.h"

static HashlibType sha224_type = {.type = {.tname = "_sha256.sha224"}, .ossl = "SHA224"};
static HashlibType sha256_type = {.type = {.tname = "_sha256.sha256"}, .ossl = "SHA256"};

/* sha224(string=b'', *, usedforsecurity=True) */
static Value sha256_sha224(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"sha224", 0, 0, 1, {"string", "usedforsecurity", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return hashlib_builtin_new(&sha224_type, a[0]);
}
/* sha256(string=b'', *, usedforsecurity=True) */
static Value sha256_sha256(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"sha256", 0, 0, 1, {"string", "usedforsecurity", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return hashlib_builtin_new(&sha256_type, a[0]);
}

static const MethodDef sha256_functions[] = {
    {"sha224", sha256_sha224, MF_KEYWORDS, NULL},
    {"sha256", sha256_sha256, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _sha256_module_create(void) {
    if (hashlib_crypto_load() < 0) return VNULL;
    hashlib_type_ready(&sha224_type, "_sha256", "sha224", 0);
    hashlib_type_ready(&sha256_type, "_sha256", "sha256", 0);
    Value m = module_new_cstr("_sha256");
    module_add_functions(m, sha256_functions);
    module_add(m, "SHA224Type", V_FROM_PTR(&sha224_type.type));
    module_add(m, "SHA256Type", V_FROM_PTR(&sha256_type.type));
    return m;
}
