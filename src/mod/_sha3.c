/* _sha3.c: the _sha3 module, hashlib's fallback SHA-3 and SHAKE types on
 * OpenSSL's EVP API (the object type is shared with _hashlib.c,
 * hashlib.h). Each type is its own constructor: sha3_256(data=b'', /, *,
 * usedforsecurity=True). */
#include <string.h>
#include <openssl/opensslv.h>
#include "hashlib.h"

static HashlibType sha3_types[] = {
    {.type = {.tname = "_sha3.sha3_224"}, .ossl = "SHA3-224"},
    {.type = {.tname = "_sha3.sha3_256"}, .ossl = "SHA3-256"},
    {.type = {.tname = "_sha3.sha3_384"}, .ossl = "SHA3-384"},
    {.type = {.tname = "_sha3.sha3_512"}, .ossl = "SHA3-512"},
    {.type = {.tname = "_sha3.shake_128"}, .ossl = "SHAKE128"},
    {.type = {.tname = "_sha3.shake_256"}, .ossl = "SHAKE256"},
};
#define N_SHA3 (sizeof sha3_types / sizeof sha3_types[0])

Value _sha3_module_create(void) {
    if (hashlib_crypto_load() < 0) return VNULL;
    Value m = module_new_cstr("_sha3");
    for (size_t i = 0; i < N_SHA3; i++) {
        const char *name = sha3_types[i].type.tname + 6;   /* after "_sha3." */
        hashlib_type_ready(&sha3_types[i], "_sha3", name, HASHLIB_SHA3 | (strncmp(name, "shake", 5) == 0 ? HASHLIB_XOF : 0));
        module_add(m, name, V_FROM_PTR(&sha3_types[i].type));
    }
    /* CPython names its Keccak code here (keccakopt, its word size, has
       no meaning for OpenSSL's and is left out) */
    module_add(m, "implementation", str_from_cstr("OpenSSL " OPENSSL_VERSION_STR));
    return m;
}
