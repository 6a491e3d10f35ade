/* hashlib.h: what _hashlib.c shares with the builtin hash modules (_md5,
 * _sha1, _sha256, _sha512, _sha3 on OpenSSL's EVP API; _blake2 on libb2). */
#ifndef TPY_MOD_HASHLIB_H
#define TPY_MOD_HASHLIB_H

#include "../runtime.h"

/* Open libcrypto (once), before anything below is used: every module
 * built on it calls this first. 0, or -1 with ImportError. */
int hashlib_crypto_load(void);

/* The bytes of data to hash: a buffer (str refused with CPython's
 * messages); false with TypeError. */
bool hashlib_data(Value v, const char **p, int64_t *n);
/* A method's arguments (self, args[0], excluded) as spec says, with the
 * messages naming it "Type.method()" as CPython's hash objects do; -1
 * with TypeError. */
int hashlib_method_args(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *out);
/* The digest's lowercase hex str */
Value hashlib_hex(const unsigned char *d, size_t n);

/* A builtin module's hash type backed by the OpenSSL digest `ossl`
 * ("MD5", "SHA3-256"): a static, zeroed but for .type.tname and .ossl.
 * Its objects have update, digest, hexdigest, copy, name, digest_size and
 * block_size, as CPython's _md5.md5. */
typedef struct HashlibType {
    Type type;
    const char *ossl;
} HashlibType;
enum {
    HASHLIB_XOF = 1,    /* SHAKE: digest(length, /) */
    HASHLIB_SHA3 = 2,   /* _sha3: callable type, _rate_bits, _capacity_bits, _suffix */
};
/* Finish the type (once): module and name as CPython's, kind HASHLIB_* */
void hashlib_type_ready(HashlibType *t, const char *module, const char *name, int kind);
/* A new hash object of type t fed data (VNULL: nothing); VNULL with an
 * exception. */
Value hashlib_builtin_new(HashlibType *t, Value data);

#endif
