/* _hashlib.c: the _hashlib module (hashlib, hmac and random build on it):
 * message digests, HMAC and PBKDF2/scrypt on OpenSSL's EVP API, with
 * CPython 3.11's names, results and messages.
 *
 * A HASH or HMAC object owns an OpenSSL context allocated by OpenSSL; a
 * finalizer frees it when the collector finds the object unreachable.
 * Python's algorithm names ("sha3_256") map to OpenSSL's ("SHA3-256")
 * through `algos`; other names go to OpenSSL as they are.
 *
 * The builtin fallback modules (_md5, _sha1, _sha256, _sha512, _sha3) make
 * their objects here too, with their own types (hashlib.h).
 *
 * libcrypto is opened when the first of these modules is imported
 * (dynlib.h); every call goes through OSSL(). */
#include <stdio.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include "../runtime.h"
#include "../util/dynlib.h"
#include "hashlib.h"

#define CRYPTO_API(X)                                                          \
    X(ERR_clear_error) X(ERR_get_error) X(ERR_lib_error_string)                \
    X(ERR_peek_last_error) X(ERR_reason_error_string) X(EVP_DigestFinalXOF)    \
    X(EVP_DigestFinal_ex) X(EVP_DigestInit_ex) X(EVP_DigestUpdate)             \
    X(EVP_MAC_CTX_dup) X(EVP_MAC_CTX_free) X(EVP_MAC_CTX_new)                  \
    X(EVP_MAC_fetch) X(EVP_MAC_final) X(EVP_MAC_init) X(EVP_MAC_update)        \
    X(EVP_MD_CTX_copy_ex) X(EVP_MD_CTX_free) X(EVP_MD_CTX_get0_md)             \
    X(EVP_MD_CTX_new) X(EVP_MD_fetch) X(EVP_MD_free) X(EVP_MD_get0_name)       \
    X(EVP_MD_get_block_size) X(EVP_MD_get_flags) X(EVP_MD_get_size)            \
    X(EVP_MD_get_type) X(EVP_PBE_scrypt)                                       \
    X(EVP_default_properties_is_fips_enabled) X(EVP_get_digestbyname)          \
    X(OBJ_nid2ln) X(OSSL_PARAM_construct_end)                                  \
    X(OSSL_PARAM_construct_utf8_string) X(PKCS5_PBKDF2_HMAC)
DYNLIB_DEFINE(crypto, TPY_SONAME_CRYPTO, CRYPTO_API)
#define OSSL(f) (crypto.f)

/* evp.h's EVP_MD_CTX_get_size and _get_block_size are macros calling
 * functions directly */
static int ctx_md_size(const EVP_MD_CTX *c) { return OSSL(EVP_MD_get_size)(OSSL(EVP_MD_CTX_get0_md)(c)); }
static int ctx_md_block_size(const EVP_MD_CTX *c) {
    return OSSL(EVP_MD_get_block_size)(OSSL(EVP_MD_CTX_get0_md)(c));
}

int hashlib_crypto_load(void) { return crypto_load(); }

static Value unsupported_error;   /* _hashlib.UnsupportedDigestmodError */
static Value constructors;        /* dict: openssl_* function -> name */

static const struct {
    const char *py, *ossl;
} algos[] = {
    {"md5", "MD5"},           {"sha1", "SHA1"},           {"sha224", "SHA224"},
    {"sha256", "SHA256"},     {"sha384", "SHA384"},       {"sha512", "SHA512"},
    {"sha512_224", "SHA512-224"}, {"sha512_256", "SHA512-256"}, {"sha3_224", "SHA3-224"},
    {"sha3_256", "SHA3-256"}, {"sha3_384", "SHA3-384"},   {"sha3_512", "SHA3-512"},
    {"shake_128", "SHAKE128"}, {"shake_256", "SHAKE256"}, {"blake2b", "BLAKE2B512"},
    {"blake2s", "BLAKE2S256"}, {"md5-sha1", "MD5-SHA1"},  {"ripemd160", "RIPEMD160"},
    {"sm3", "SM3"},
};
#define N_ALGOS (sizeof algos / sizeof algos[0])

/* The digest called `name` in Python's or OpenSSL's spelling, or NULL. */
static const EVP_MD *md_lookup(const char *name) {
    for (size_t i = 0; i < N_ALGOS; i++)
        if (strcmp(name, algos[i].py) == 0) return OSSL(EVP_get_digestbyname)(algos[i].ossl);
    return OSSL(EVP_get_digestbyname)(name);
}
/* Python's name for md: hashlib's spelling when it has one. */
static Value md_pyname(const EVP_MD *md) {
    int nid = OSSL(EVP_MD_get_type)(md);
    for (size_t i = 0; i < N_ALGOS; i++) {
        const EVP_MD *m = OSSL(EVP_get_digestbyname)(algos[i].ossl);
        if (m && OSSL(EVP_MD_get_type)(m) == nid) return str_from_cstr(algos[i].py);
    }
    const char *ln = OSSL(OBJ_nid2ln)(nid);
    if (!ln) ln = OSSL(EVP_MD_get0_name)(md);
    char buf[64];
    size_t n = strlen(ln);
    if (n >= sizeof buf) n = sizeof buf - 1;
    for (size_t i = 0; i < n; i++) buf[i] = (char)((ln[i] >= 'A' && ln[i] <= 'Z') ? ln[i] + 32 : ln[i]);
    return str_new(buf, n);
}
/* ValueError (as Debian's CPython 3.11) with the message OpenSSL gives for the name
 * ("[digital envelope routines] unsupported"), as CPython's. */
static void unsupported(const char *name) {
    OSSL(ERR_clear_error)();
    EVP_MD *m = OSSL(EVP_MD_fetch)(NULL, name, NULL);
    OSSL(EVP_MD_free)(m);
    unsigned long e = OSSL(ERR_peek_last_error)();
    const char *lib = e ? OSSL(ERR_lib_error_string)(e) : NULL, *reason = e ? OSSL(ERR_reason_error_string)(e) : NULL;
    if (lib && reason) err_format(&exc_ValueError, "[%s] %s", lib, reason);
    else err_format(&exc_ValueError, "unsupported hash type %s", name);
    OSSL(ERR_clear_error)();
}
static const EVP_MD *md_by_name(Value name) {
    if (!str_check(name)) {
        err_format(&exc_TypeError, "new() argument 'name' must be str, not %T", name);
        return NULL;
    }
    const EVP_MD *md = str_nbytes(name) < 64 ? md_lookup(str_data(name)) : NULL;
    if (!md) unsupported(str_data(name));
    return md;
}

/* OpenSSL's error as ValueError (its queue is then cleared). */
static Value ossl_error(void) {
    unsigned long e = OSSL(ERR_get_error)();
    OSSL(ERR_clear_error)();
    const char *r = e ? OSSL(ERR_reason_error_string)(e) : NULL;
    return err_set(&exc_ValueError, r ? r : "no reason supplied");
}

/* The bytes of data for hashing: a buffer; str is refused as CPython does. */
bool hashlib_data(Value v, const char **p, int64_t *n) {
    if (str_check(v)) {
        err_set(&exc_TypeError, "Strings must be encoded before hashing");
        return false;
    }
    if (!buffer_check(v)) {
        err_set(&exc_TypeError, "object supporting the buffer API required");
        return false;
    }
    BufferInfo bi;
    if (buffer_get(v, &bi, false) < 0) return false;
    *p = bi.data;
    *n = bi.len;
    return true;
}
Value hashlib_hex(const unsigned char *d, size_t n) {
    static const char hx[] = "0123456789abcdef";
    char *s = gc_alloc_atomic(n * 2 + 1);
    for (size_t i = 0; i < n; i++) {
        s[2 * i] = hx[d[i] >> 4];
        s[2 * i + 1] = hx[d[i] & 15];
    }
    return str_new(s, n * 2);
}

/* A method's arguments (self excluded) as spec says, its messages naming
 * the method as CPython's do: "HASH.digest() takes no arguments". */
int hashlib_method_args(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *out) {
    /* the name is formatted only for a message: parsing runs no Python code,
       so a failed parse can be repeated with it */
    if (arg_parse(spec, args + 1, nargs - 1, kwnames, out) == 0) return 0;
    err_clear();
    ArgSpec q = *spec;
    char name[80];
    snprintf(name, sizeof name, "%s.%s", str_data(type_of(args[0])->name), spec->fname);
    q.fname = name;
    return arg_parse(&q, args + 1, nargs - 1, kwnames, out);
}

/* ---- HASH / HASHXOF ------------------------------------------------------------------------- */
typedef struct HashObject {
    Object hdr;
    EVP_MD_CTX *ctx;
    Value name;
} HashObject;

static Type hash_type, hashxof_type, hmac_type;

static void hash_finalize(void *obj) {
    HashObject *h = obj;
    OSSL(EVP_MD_CTX_free)(h->ctx);
    h->ctx = NULL;
}
/* A HashObject of type t (its context not yet initialised). */
static HashObject *hash_alloc(Type *t) {
    HashObject *h = (HashObject *)obj_alloc(t, t->basicsize);
    h->ctx = OSSL(EVP_MD_CTX_new)();
    if (!h->ctx) {
        err_no_memory();
        return NULL;
    }
    gc_register_finalizer(h, hash_finalize);
    return h;
}
static int hash_update(HashObject *h, const char *p, int64_t n) {
    if (n && !OSSL(EVP_DigestUpdate)(h->ctx, p, (size_t)n)) {
        ossl_error();
        return -1;
    }
    return 0;
}
static Value hash_make(const EVP_MD *md, Value data) {
    const char *p = NULL;
    int64_t n = 0;
    if (data && !hashlib_data(data, &p, &n)) return VNULL;
    bool xof = (OSSL(EVP_MD_get_flags)(md) & EVP_MD_FLAG_XOF) != 0;
    HashObject *h = hash_alloc(xof ? &hashxof_type : &hash_type);
    if (!h) return VNULL;
    if (!OSSL(EVP_DigestInit_ex)(h->ctx, md, NULL)) return ossl_error();
    h->name = md_pyname(md);
    if (hash_update(h, p, n) < 0) return VNULL;
    return V_FROM_PTR(h);
}

static const ArgSpec hl_new_spec = {"new", 0, 1, 1, {"name", "string=b''", "usedforsecurity=True", NULL}};
static Value hl_new(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&hl_new_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const EVP_MD *md = md_by_name(a[0]);
    if (!md) return VNULL;
    return hash_make(md, a[1]);
}

#define OPENSSL_CONSTRUCTOR(pyname, osslname)                                                      \
    static Value hl_openssl_##pyname(Value *args, size_t nargs, Value kwnames) {                   \
        static const ArgSpec spec = {"openssl_" #pyname, 0, 0, 1, {"string", "usedforsecurity", NULL}}; \
        Value a[2];                                                                                \
        if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;                          \
        const EVP_MD *md = OSSL(EVP_get_digestbyname)(osslname);                                         \
        if (!md) return err_set(V_AS(Type, unsupported_error), "unsupported hash type " #pyname);  \
        return hash_make(md, a[0]);                                                                \
    }
#define CONSTRUCTORS(_)                                                                            \
    _(md5, "MD5") _(sha1, "SHA1") _(sha224, "SHA224") _(sha256, "SHA256") _(sha384, "SHA384")      \
    _(sha512, "SHA512") _(sha3_224, "SHA3-224") _(sha3_256, "SHA3-256") _(sha3_384, "SHA3-384")    \
    _(sha3_512, "SHA3-512") _(shake_128, "SHAKE128") _(shake_256, "SHAKE256")
CONSTRUCTORS(OPENSSL_CONSTRUCTOR)

static Value hash_m_update(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"update", 1, 1, 0, {"", NULL}};
    Value a[1];
    if (hashlib_method_args(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!hashlib_data(a[0], &p, &n)) return VNULL;
    if (hash_update(V_AS(HashObject, args[0]), p, n) < 0) return VNULL;
    return V_NONE;
}
/* The digest so far, computed on a copy so that updates can go on. */
static int hash_final(HashObject *h, unsigned char *out, size_t xof_len) {
    EVP_MD_CTX *c = OSSL(EVP_MD_CTX_new)();
    if (!c) {
        err_no_memory();
        return -1;
    }
    int ok = OSSL(EVP_MD_CTX_copy_ex)(c, h->ctx);
    unsigned int len;
    if (ok) ok = xof_len ? OSSL(EVP_DigestFinalXOF)(c, out, xof_len) : OSSL(EVP_DigestFinal_ex)(c, out, &len);
    OSSL(EVP_MD_CTX_free)(c);
    if (!ok) {
        ossl_error();
        return -1;
    }
    return 0;
}
static Value hash_digest_common(Value *args, size_t nargs, Value kwnames, bool hex) {
    static const ArgSpec spec = {"digest", 0, 0, 0, {NULL}}, hspec = {"hexdigest", 0, 0, 0, {NULL}};
    Value a[1];
    if (hashlib_method_args(hex ? &hspec : &spec, args, nargs, kwnames, a) < 0) return VNULL;
    HashObject *h = V_AS(HashObject, args[0]);
    unsigned char out[EVP_MAX_MD_SIZE];
    if (hash_final(h, out, 0) < 0) return VNULL;
    size_t n = (size_t)ctx_md_size(h->ctx);
    return hex ? hashlib_hex(out, n) : bytes_new((const char *)out, n);
}
static Value hash_m_digest(Value *args, size_t nargs, Value kwnames) {
    return hash_digest_common(args, nargs, kwnames, false);
}
static Value hash_m_hexdigest(Value *args, size_t nargs, Value kwnames) {
    return hash_digest_common(args, nargs, kwnames, true);
}
static Value xof_digest_common(Value *args, size_t nargs, Value kwnames, bool hex) {
    static const ArgSpec spec = {"digest", 0, 1, 0, {"length", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    HashObject *h = V_AS(HashObject, args[0]);
    if (float_check(a[0])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    int64_t n = obj_index_i64(a[0]);
    if (n == -1 && err_occurred()) return VNULL;
    if (n < 0) return err_set(&exc_ValueError, "negative digest length");
    if (n == 0) return hex ? str_from_cstr("") : bytes_new("", 0);
    unsigned char *out = gc_try_alloc_atomic((size_t)n);
    if (!out) return err_no_memory();
    if (hash_final(h, out, (size_t)n) < 0) return VNULL;
    return hex ? hashlib_hex(out, (size_t)n) : bytes_new((const char *)out, (size_t)n);
}
static Value xof_m_digest(Value *args, size_t nargs, Value kwnames) {
    return xof_digest_common(args, nargs, kwnames, false);
}
static Value xof_m_hexdigest(Value *args, size_t nargs, Value kwnames) {
    return xof_digest_common(args, nargs, kwnames, true);
}
static Value hash_m_copy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"copy", 0, 0, 0, {NULL}};
    Value a[1];
    if (hashlib_method_args(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    HashObject *h = V_AS(HashObject, args[0]);
    HashObject *r = hash_alloc(type_of(args[0]));
    if (!r) return VNULL;
    if (!OSSL(EVP_MD_CTX_copy_ex)(r->ctx, h->ctx)) return ossl_error();
    r->name = h->name;
    return V_FROM_PTR(r);
}
static Value hash_get_name(Value self) { return V_AS(HashObject, self)->name; }
static Value hash_get_digest_size(Value self) {
    HashObject *h = V_AS(HashObject, self);
    /* as CPython: an XOF has no fixed size */
    if (OSSL(EVP_MD_get_flags)(OSSL(EVP_MD_CTX_get0_md)(h->ctx)) & EVP_MD_FLAG_XOF) return v_int(0);
    return v_int(ctx_md_size(h->ctx));
}
static Value hash_get_block_size(Value self) { return v_int(ctx_md_block_size(V_AS(HashObject, self)->ctx)); }
static Value hash_repr(Value self) {
    HashObject *h = V_AS(HashObject, self);
    return str_printf("<%s %s object @ %p>", str_data(h->name),
                      type_of(self) == &hashxof_type ? "_hashlib.HASHXOF" : "_hashlib.HASH", (void *)V_OBJ(self));
}

/* ---- HMAC ----------------------------------------------------------------------------------- */
typedef struct HmacObject {
    Object hdr;
    EVP_MAC_CTX *ctx;
    const EVP_MD *md;
    Value name;   /* "hmac-sha256" */
} HmacObject;

static EVP_MAC *hmac_mac;   /* OpenSSL's HMAC implementation, fetched once */

static void hmac_finalize(void *obj) {
    HmacObject *h = obj;
    OSSL(EVP_MAC_CTX_free)(h->ctx);
    h->ctx = NULL;
}
static HmacObject *hmac_alloc(void) {
    HmacObject *h = (HmacObject *)obj_alloc(&hmac_type, sizeof(HmacObject));
    if (!hmac_mac) hmac_mac = OSSL(EVP_MAC_fetch)(NULL, "HMAC", NULL);
    if (!hmac_mac) {
        ossl_error();
        return NULL;
    }
    h->ctx = OSSL(EVP_MAC_CTX_new)(hmac_mac);
    if (!h->ctx) {
        err_no_memory();
        return NULL;
    }
    gc_register_finalizer(h, hmac_finalize);
    return h;
}
/* The digest a digestmod names: a str, or one of the openssl_* functions. */
static const EVP_MD *md_by_digestmod(Value digestmod) {
    if (str_check(digestmod)) return md_by_name(digestmod);
    Value name = constructors ? dict_get(constructors, digestmod) : VNULL;
    if (!name) {
        if (err_occurred()) return NULL;
        Value r = obj_repr(digestmod);
        if (!r) return NULL;
        err_format(V_AS(Type, unsupported_error), "Unsupported digestmod %s", str_data(r));
        return NULL;
    }
    return md_by_name(name);
}
static bool key_data(Value v, const char **p, int64_t *n) {
    BufferInfo bi;
    if (buffer_get(v, &bi, false) < 0) return false;
    *p = bi.data;
    *n = bi.len;
    return true;
}
static Value hmac_make(Value key, Value msg, const EVP_MD *md) {
    const char *kp, *mp = NULL;
    int64_t kn, mn = 0;
    if (!key_data(key, &kp, &kn)) return VNULL;
    if (msg && msg != V_NONE && !hashlib_data(msg, &mp, &mn)) return VNULL;
    if (kn > INT32_MAX) return err_set(&exc_OverflowError, "key is too long.");
    HmacObject *h = hmac_alloc();
    if (!h) return VNULL;
    h->md = md;
    OSSL_PARAM params[2];
    params[0] = OSSL(OSSL_PARAM_construct_utf8_string)(OSSL_MAC_PARAM_DIGEST, (char *)OSSL(EVP_MD_get0_name)(md), 0);
    params[1] = OSSL(OSSL_PARAM_construct_end)();
    /* OpenSSL wants a non-NULL key even when it is empty */
    if (!OSSL(EVP_MAC_init)(h->ctx, (const unsigned char *)(kn ? kp : ""), (size_t)kn, params)) return ossl_error();
    Value pn = md_pyname(md);
    h->name = str_printf("hmac-%s", str_data(pn));
    if (mn && !OSSL(EVP_MAC_update)(h->ctx, (const unsigned char *)mp, (size_t)mn)) return ossl_error();
    return V_FROM_PTR(h);
}
static const ArgSpec hl_hmac_new_spec = {"hmac_new", 0, 1, 0, {"key", "msg=b''", "digestmod=None", NULL}};
static Value hl_hmac_new(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&hl_hmac_new_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!a[2] || a[2] == V_NONE) return err_set(&exc_TypeError, "Missing required parameter 'digestmod'.");
    const EVP_MD *md = md_by_digestmod(a[2]);
    if (!md) return VNULL;
    return hmac_make(a[0], a[1], md);
}
static int hmac_final(HmacObject *h, unsigned char *out, size_t *len) {
    EVP_MAC_CTX *c = OSSL(EVP_MAC_CTX_dup)(h->ctx);
    if (!c) {
        ossl_error();
        return -1;
    }
    int ok = OSSL(EVP_MAC_final)(c, out, len, EVP_MAX_MD_SIZE);
    OSSL(EVP_MAC_CTX_free)(c);
    if (!ok) {
        ossl_error();
        return -1;
    }
    return 0;
}
static const ArgSpec hl_hmac_digest_spec = {"hmac_digest", 0, 3, 0, {"key", "msg", "digest", NULL}};
static Value hl_hmac_digest(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&hl_hmac_digest_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const EVP_MD *md = md_by_digestmod(a[2]);
    if (!md) return VNULL;
    Value hv = hmac_make(a[0], a[1], md);
    if (!hv) return VNULL;
    unsigned char out[EVP_MAX_MD_SIZE];
    size_t len;
    if (hmac_final(V_AS(HmacObject, hv), out, &len) < 0) return VNULL;
    return bytes_new((const char *)out, len);
}
static const ArgSpec hmac_m_update_spec = {"update", 0, 1, 0, {"msg", NULL}};
static Value hmac_m_update(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&hmac_m_update_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!hashlib_data(a[0], &p, &n)) return VNULL;
    if (n && !OSSL(EVP_MAC_update)(V_AS(HmacObject, args[0])->ctx, (const unsigned char *)p, (size_t)n)) return ossl_error();
    return V_NONE;
}
static Value hmac_digest_common(Value *args, size_t nargs, Value kwnames, bool hex) {
    static const ArgSpec spec = {"digest", 0, 0, 0, {NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    unsigned char out[EVP_MAX_MD_SIZE];
    size_t len;
    if (hmac_final(V_AS(HmacObject, args[0]), out, &len) < 0) return VNULL;
    return hex ? hashlib_hex(out, len) : bytes_new((const char *)out, len);
}
static Value hmac_m_digest(Value *args, size_t nargs, Value kwnames) {
    return hmac_digest_common(args, nargs, kwnames, false);
}
static Value hmac_m_hexdigest(Value *args, size_t nargs, Value kwnames) {
    return hmac_digest_common(args, nargs, kwnames, true);
}
static const ArgSpec hmac_m_copy_spec = {"copy", 0, 0, 0, {NULL}};
static Value hmac_m_copy(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&hmac_m_copy_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    HmacObject *h = V_AS(HmacObject, args[0]);
    HmacObject *r = (HmacObject *)obj_alloc(&hmac_type, sizeof(HmacObject));
    r->ctx = OSSL(EVP_MAC_CTX_dup)(h->ctx);
    if (!r->ctx) return ossl_error();
    gc_register_finalizer(r, hmac_finalize);
    r->md = h->md;
    r->name = h->name;
    return V_FROM_PTR(r);
}
static Value hmac_get_name(Value self) { return V_AS(HmacObject, self)->name; }
static Value hmac_get_digest_size(Value self) { return v_int(OSSL(EVP_MD_get_size)(V_AS(HmacObject, self)->md)); }
static Value hmac_get_block_size(Value self) { return v_int(OSSL(EVP_MD_get_block_size)(V_AS(HmacObject, self)->md)); }
static Value hmac_repr(Value self) {
    Value n = md_pyname(V_AS(HmacObject, self)->md);
    return str_printf("<%s HMAC object @ %p>", str_data(n), (void *)V_OBJ(self));
}

/* ---- key derivation ------------------------------------------------------------------------- */
static const ArgSpec hl_pbkdf2_hmac_spec = {"pbkdf2_hmac", 0, 4, 0, {"hash_name", "password", "salt", "iterations", "dklen=None", NULL}};
static Value hl_pbkdf2_hmac(Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    if (arg_parse(&hl_pbkdf2_hmac_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0]))
        return err_format(&exc_TypeError, "pbkdf2_hmac() argument 'hash_name' must be str, not %T", a[0]);
    const EVP_MD *md = md_by_name(a[0]);
    if (!md) return VNULL;
    const char *pp, *sp;
    int64_t pn, sn;
    if (!key_data(a[1], &pp, &pn) || !key_data(a[2], &sp, &sn)) return VNULL;
    if (float_check(a[3])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    Value it = obj_index(a[3]);
    if (!it) return VNULL;
    int64_t iters = v_is_int(it) ? v_intval(it) : ((int_sign(it) < 0) ? -1 : INT64_MAX);
    if (iters < 1) return err_set(&exc_ValueError, "iteration value must be greater than 0.");
    if (iters > INT32_MAX) return err_set(&exc_OverflowError, "iteration value is too great.");
    int64_t dklen = OSSL(EVP_MD_get_size)(md);
    if (a[4] && a[4] != V_NONE) {
        if (float_check(a[4])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        Value d = obj_index(a[4]);
        if (!d) return VNULL;
        dklen = v_is_int(d) ? v_intval(d) : ((int_sign(d) < 0) ? -1 : INT64_MAX);
        if (dklen < 1) return err_set(&exc_ValueError, "key length must be greater than 0.");
        if (dklen > INT32_MAX) return err_set(&exc_OverflowError, "key length is too great.");
    }
    Value r = bytes_try_alloc((size_t)dklen);
    if (!r) return VNULL;
    if (!OSSL(PKCS5_PBKDF2_HMAC)(pp, (int)pn, (const unsigned char *)sp, (int)sn, (int)iters, md, (int)dklen,
                           (unsigned char *)V_AS(BytesObject, r)->data))
        return ossl_error();
    return r;
}

static const ArgSpec hl_scrypt_spec = {"scrypt", 0, 1, 6, {"password", "salt=None", "n=None", "r=None", "p=None", "maxmem=0", "dklen=64", NULL}};
static Value hl_scrypt(Value *args, size_t nargs, Value kwnames) {
    Value a[7];
    if (arg_parse(&hl_scrypt_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *pp, *sp;
    int64_t pn, sn;
    if (!key_data(a[0], &pp, &pn)) return VNULL;
    if (!a[1] || a[1] == V_NONE) return err_set(&exc_TypeError, "salt is required");
    if (!key_data(a[1], &sp, &sn)) return VNULL;
    uint64_t n, r, p;
    Value nv[3] = {a[2], a[3], a[4]};
    uint64_t *outs[3] = {&n, &r, &p};
    static const char *const req[3] = {"n is required and must be an unsigned int",
                                       "r is required and must be an unsigned int",
                                       "p is required and must be an unsigned int"};
    for (int i = 0; i < 3; i++) {
        if (!nv[i] || nv[i] == V_NONE || !int_check(nv[i])) return err_set(&exc_TypeError, req[i]);
        if ((int_sign(nv[i]) < 0))
            return err_set(&exc_OverflowError, "can't convert negative value to unsigned int");
        if (!v_is_int(nv[i])) return err_set(&exc_OverflowError, "Python int too large to convert to C unsigned long");
        *outs[i] = (uint64_t)v_intval(nv[i]);
    }
    if (n < 2 || (n & (n - 1))) return err_set(&exc_ValueError, "n must be a power of 2.");
    int64_t maxmem = 0, dklen = 64;
    if (a[5]) {
        maxmem = obj_index_i64(a[5]);
        if (maxmem == -1 && err_occurred()) return VNULL;
    }
    if (maxmem < 0 || maxmem > INT32_MAX)
        return err_format(&exc_ValueError, "maxmem must be positive and smaller than %d", INT32_MAX);
    if (a[6]) {
        dklen = obj_index_i64(a[6]);
        if (dklen == -1 && err_occurred()) return VNULL;
    }
    if (dklen < 1 || dklen > INT32_MAX)
        return err_format(&exc_ValueError, "dklen must be greater than 0 and smaller than %d", INT32_MAX);
    /* a dry run checks the parameters without deriving anything */
    if (!OSSL(EVP_PBE_scrypt)(NULL, 0, NULL, 0, n, r, p, (uint64_t)maxmem, NULL, 0)) {
        OSSL(ERR_clear_error)();
        return err_set(&exc_ValueError, "Invalid parameter combination for n, r, p, maxmem.");
    }
    Value out = bytes_try_alloc((size_t)dklen);
    if (!out) return VNULL;
    if (!OSSL(EVP_PBE_scrypt)(pp, (size_t)pn, (const unsigned char *)sp, (size_t)sn, n, r, p, (uint64_t)maxmem,
                        (unsigned char *)V_AS(BytesObject, out)->data, (size_t)dklen))
        return ossl_error();
    return out;
}

/* ---- misc ----------------------------------------------------------------------------------- */
/* compare_digest(a, b): equality of two ASCII str or two bytes-like objects
 * in time that depends on the lengths only (also _operator._compare_digest). */
static const ArgSpec hashlib_compare_digest_spec = {"compare_digest", 2, 2, 0, {"a", "b", NULL}};
Value hashlib_compare_digest(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&hashlib_compare_digest_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p[2];
    int64_t n[2];
    if (str_check(a[0]) && str_check(a[1])) {
        if (!str_is_ascii(a[0]) || !str_is_ascii(a[1]))
            return err_set(&exc_TypeError, "comparing strings with non-ASCII characters is not supported");
        for (int i = 0; i < 2; i++) {
            p[i] = str_data(a[i]);
            n[i] = str_nbytes(a[i]);
        }
    } else if (buffer_check(a[0]) || buffer_check(a[1])) {
        for (int i = 0; i < 2; i++)
            if (!key_data(a[i], &p[i], &n[i])) return VNULL;
    } else {
        return err_format(&exc_TypeError, "unsupported operand types(s) or combination of types: '%s' and '%s'",
                          type_of(a[0])->tname, type_of(a[1])->tname);
    }
    /* compare b against itself when the lengths differ, so the time
       depends on len(b) only */
    const volatile unsigned char *x = (const unsigned char *)(n[0] == n[1] ? p[0] : p[1]);
    const volatile unsigned char *y = (const unsigned char *)p[1];
    unsigned char diff = n[0] == n[1] ? 0 : 1;
    for (int64_t i = 0; i < n[1]; i++) diff |= x[i] ^ y[i];
    return diff == 0 ? V_TRUE : V_FALSE;
}

static const ArgSpec hl_get_fips_mode_spec = {"get_fips_mode", 0, 0, 0, {NULL}};
static Value hl_get_fips_mode(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&hl_get_fips_mode_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return v_int(OSSL(EVP_default_properties_is_fips_enabled)(NULL));
}

/* ---- module --------------------------------------------------------------------------------- */
static const MethodDef hash_methods[] = {
    {"update", hash_m_update, MF_KEYWORDS, NULL},
    {"digest", hash_m_digest, MF_KEYWORDS, NULL},
    {"hexdigest", hash_m_hexdigest, MF_KEYWORDS, NULL},
    {"copy", hash_m_copy, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const MethodDef hashxof_methods[] = {
    {"digest", xof_m_digest, MF_KEYWORDS, NULL},
    {"hexdigest", xof_m_hexdigest, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef hash_getsets[] = {
    {"name", hash_get_name, NULL, NULL},
    {"digest_size", hash_get_digest_size, NULL, NULL},
    {"block_size", hash_get_block_size, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};
static const MethodDef hmac_methods[] = {
    {"update", hmac_m_update, MF_KEYWORDS, NULL, &hmac_m_update_spec},
    {"digest", hmac_m_digest, MF_KEYWORDS, NULL},
    {"hexdigest", hmac_m_hexdigest, MF_KEYWORDS, NULL},
    {"copy", hmac_m_copy, MF_KEYWORDS, NULL, &hmac_m_copy_spec},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef hmac_getsets[] = {
    {"name", hmac_get_name, NULL, NULL},
    {"digest_size", hmac_get_digest_size, NULL, NULL},
    {"block_size", hmac_get_block_size, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};
static Type hash_type = {
    .tname = "_hashlib.HASH",
    .basicsize = sizeof(HashObject),
    .flags = TF_ABSTRACT_NEW | TF_BASETYPE,
    .repr = hash_repr,
};
static Type hashxof_type = {
    .tname = "_hashlib.HASHXOF",
    .basicsize = sizeof(HashObject),
    .flags = TF_ABSTRACT_NEW,
    .repr = hash_repr,
};
static Type hmac_type = {
    .tname = "_hashlib.HMAC",
    .basicsize = sizeof(HmacObject),
    .flags = TF_ABSTRACT_NEW,
    .repr = hmac_repr,
};
#define CONSTRUCTOR_DEF(pyname, osslname) {"openssl_" #pyname, hl_openssl_##pyname, MF_KEYWORDS, NULL},
static const MethodDef hashlib_functions[] = {
    {"new", hl_new, MF_KEYWORDS, NULL, &hl_new_spec},
    CONSTRUCTORS(CONSTRUCTOR_DEF)
    {"hmac_new", hl_hmac_new, MF_KEYWORDS, NULL, &hl_hmac_new_spec},
    {"hmac_digest", hl_hmac_digest, MF_KEYWORDS, NULL, &hl_hmac_digest_spec},
    {"pbkdf2_hmac", hl_pbkdf2_hmac, MF_KEYWORDS, NULL, &hl_pbkdf2_hmac_spec},
    {"scrypt", hl_scrypt, MF_KEYWORDS, NULL, &hl_scrypt_spec},
    {"compare_digest", hashlib_compare_digest, MF_KEYWORDS, NULL, &hashlib_compare_digest_spec},
    {"get_fips_mode", hl_get_fips_mode, MF_KEYWORDS, NULL, &hl_get_fips_mode_spec},
    {NULL, NULL, 0, NULL},
};

/* ---- the builtin modules' types (hashlib.h) -------------------------------------------------- */
/* Their objects are HashObjects too; their methods differ from HASH's only
 * in the XOF digest's signature (length positional-only, checked as an
 * unsigned long) and in SHA-3's extra attributes. */
static Value hb_xof_digest_common(Value *args, size_t nargs, Value kwnames, bool hex) {
    const char *fname = hex ? "hexdigest" : "digest";
    char qual[64];
    snprintf(qual, sizeof qual, "%s.%s", str_data(V_AS(HashObject, args[0])->name), fname);
    if (arg_nokw(qual, kwnames) < 0) return VNULL;
    if (nargs != 2) return err_format(&exc_TypeError, "%s() takes exactly one argument (%zu given)", qual, nargs - 1);
    Value v = args[1];
    if (!int_check(v)) return err_set(&exc_TypeError, "an integer is required");
    if (int_sign(v) < 0) return err_set(&exc_ValueError, "value must be positive");
    if (!v_is_int(v)) return err_set(&exc_OverflowError, "Python int too large to convert to C unsigned long");
    int64_t n = v_intval(v);
    if (n >= (1 << 29)) return err_set(&exc_ValueError, "length is too large");
    HashObject *h = V_AS(HashObject, args[0]);
    unsigned char *out = gc_try_alloc_atomic(n ? (size_t)n : 1);
    if (!out) return err_no_memory();
    if (n && hash_final(h, out, (size_t)n) < 0) return VNULL;
    return hex ? hashlib_hex(out, (size_t)n) : bytes_new((const char *)out, (size_t)n);
}
static Value hb_xof_digest(Value *args, size_t nargs, Value kwnames) {
    return hb_xof_digest_common(args, nargs, kwnames, false);
}
static Value hb_xof_hexdigest(Value *args, size_t nargs, Value kwnames) {
    return hb_xof_digest_common(args, nargs, kwnames, true);
}
/* Keccak's sponge: rate = block size, capacity = 1600 bits - rate */
static Value hb_rate_bits(Value self) { return v_int(8 * ctx_md_block_size(V_AS(HashObject, self)->ctx)); }
static Value hb_capacity_bits(Value self) {
    return v_int(1600 - 8 * ctx_md_block_size(V_AS(HashObject, self)->ctx));
}
/* the domain-separation byte: SHA-3 0x06, SHAKE 0x1f */
static Value hb_suffix(Value self) {
    bool xof = OSSL(EVP_MD_get_flags)(OSSL(EVP_MD_CTX_get0_md)(V_AS(HashObject, self)->ctx)) & EVP_MD_FLAG_XOF;
    return bytes_new(xof ? "\x1f" : "\x06", 1);
}
static const MethodDef hb_xof_methods[] = {
    {"digest", hb_xof_digest, MF_KEYWORDS, NULL},
    {"hexdigest", hb_xof_hexdigest, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef hb_sha3_getsets[] = {
    {"_rate_bits", hb_rate_bits, NULL, NULL},
    {"_capacity_bits", hb_capacity_bits, NULL, NULL},
    {"_suffix", hb_suffix, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};
/* sha3_224(data=b'', /, *, usedforsecurity=True): the _sha3 types are
 * their own constructors */
static Value hb_type_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    ArgSpec spec = {t->tname, 1, 0, 1, {"data", "usedforsecurity", NULL}};
    spec.fname = str_data(t->name);
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return hashlib_builtin_new((HashlibType *)t, a[0]);
}

void hashlib_type_ready(HashlibType *ht, const char *module, const char *name, int kind) {
    Type *t = &ht->type;
    if (t->flags & TF_READY) return;
    t->name = str_intern_cstr(name);
    t->module = str_intern_cstr(module);
    t->basicsize = sizeof(HashObject);
    type_add_methods(t, hash_methods);
    type_add_getsets(t, hash_getsets);
    if (kind & HASHLIB_XOF) type_add_methods(t, hb_xof_methods);
    if (kind & HASHLIB_SHA3) {
        type_add_getsets(t, hb_sha3_getsets);
        t->new_ = hb_type_new;
    } else {
        t->flags |= TF_ABSTRACT_NEW;
    }
    type_ready(t);
}

Value hashlib_builtin_new(HashlibType *ht, Value data) {
    const char *p = NULL;
    int64_t n = 0;
    if (data && !hashlib_data(data, &p, &n)) return VNULL;
    const EVP_MD *md = OSSL(EVP_get_digestbyname)(ht->ossl);
    if (!md) return err_format(&exc_ValueError, "unsupported hash type %s", str_data(ht->type.name));
    HashObject *h = hash_alloc(&ht->type);
    if (!h) return VNULL;
    if (!OSSL(EVP_DigestInit_ex)(h->ctx, md, NULL)) return ossl_error();
    h->name = ht->type.name;
    if (hash_update(h, p, n) < 0) return VNULL;
    return V_FROM_PTR(h);
}

Value _hashlib_module_create(void) {
    if (crypto_load() < 0) return VNULL;
    if (!(hash_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("_hashlib");
        hash_type.name = str_intern_cstr("HASH");
        hash_type.module = mod;
        type_add_methods(&hash_type, hash_methods);
        type_add_getsets(&hash_type, hash_getsets);
        type_ready(&hash_type);
        hashxof_type.name = str_intern_cstr("HASHXOF");
        hashxof_type.module = mod;
        hashxof_type.base = &hash_type;
        type_add_methods(&hashxof_type, hashxof_methods);
        type_ready(&hashxof_type);
        hmac_type.name = str_intern_cstr("HMAC");
        hmac_type.module = mod;
        type_add_methods(&hmac_type, hmac_methods);
        type_add_getsets(&hmac_type, hmac_getsets);
        type_ready(&hmac_type);
    }
    if (!unsupported_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_ValueError)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("_hashlib"));
        unsupported_error = type_new_class(&type_type, str_from_cstr("UnsupportedDigestmodError"), bases, ns, VNULL);
        if (!unsupported_error) return VNULL;
    }
    Value m = module_new_cstr("_hashlib");
    module_add_functions(m, hashlib_functions);
    module_add(m, "HASH", V_FROM_PTR(&hash_type));
    module_add(m, "HASHXOF", V_FROM_PTR(&hashxof_type));
    module_add(m, "HMAC", V_FROM_PTR(&hmac_type));
    module_add(m, "UnsupportedDigestmodError", unsupported_error);
    Value names = frozenset_new();
    for (size_t i = 0; i < N_ALGOS; i++)
        if (OSSL(EVP_get_digestbyname)(algos[i].ossl)) set_add(names, str_from_cstr(algos[i].py));
    module_add(m, "openssl_md_meth_names", names);
    constructors = dict_new();
#define CONSTRUCTOR_MAP(pyname, osslname)                                         \
    {                                                                            \
        Value f = obj_getattr_cstr(m, "openssl_" #pyname);                       \
        if (!f) return VNULL;                                                    \
        dict_set(constructors, f, str_from_cstr(#pyname));                       \
    }
    CONSTRUCTORS(CONSTRUCTOR_MAP)
    module_add(m, "_constructors", constructors);
    return m;
}
