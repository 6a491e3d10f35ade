/* _blake2.c: the _blake2 module (hashlib.blake2b / blake2s) on libb2,
 * with every BLAKE2 parameter (key, salt, personalization, tree hashing)
 * and CPython 3.11's messages.
 *
 * The hash state is a plain struct of libb2's, held inside the object:
 * copy() copies it, digest() finalises a copy, and nothing needs freeing.
 * blake2b and blake2s share the code; `s` selects the variant. libb2 is
 * opened at import (dynlib.h). */
#include <limits.h>
#include <string.h>
#include <blake2.h>
#include "../util/dynlib.h"
#include "hashlib.h"

#define B2_API(X)                                                              \
    X(blake2b_init_param) X(blake2b_update) X(blake2b_final)                   \
    X(blake2s_init_param) X(blake2s_update) X(blake2s_final)
DYNLIB_DEFINE(b2lib, TPY_SONAME_B2, B2_API)
#define B2(f) (b2lib.f)

typedef struct Blake2Object {
    Object hdr;
    bool s;                  /* blake2s, else blake2b */
    uint8_t digest_size;
    union {
        blake2b_state b;
        blake2s_state s;
    } st;
} Blake2Object;

static Type blake2b_type, blake2s_type;

/* The sizes of the two variants, as the module's constants name them */
typedef struct Blake2Sizes {
    int salt, person, max_key, max_digest, block;
} Blake2Sizes;
static const Blake2Sizes sizes_b = {BLAKE2B_SALTBYTES, BLAKE2B_PERSONALBYTES, BLAKE2B_KEYBYTES, BLAKE2B_OUTBYTES,
                                    BLAKE2B_BLOCKBYTES};
static const Blake2Sizes sizes_s = {BLAKE2S_SALTBYTES, BLAKE2S_PERSONALBYTES, BLAKE2S_KEYBYTES, BLAKE2S_OUTBYTES,
                                    BLAKE2S_BLOCKBYTES};

/* A C int argument as Argument Clinic's int converter; absent: dflt */
static int int_arg(Value v, int dflt, int *out) {
    if (!v) {
        *out = dflt;
        return 0;
    }
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = v_is_int(i) ? v_intval(i) : (int_sign(i) < 0 ? INT64_MIN : INT64_MAX);
    if (x < INT_MIN || x > INT_MAX) {
        err_set(&exc_OverflowError, x < 0 ? "Python int too small to convert to C int"
                                          : "Python int too large to convert to C int");
        return -1;
    }
    *out = (int)x;
    return 0;
}
/* An unsigned argument as the unsigned_long / unsigned_long_long
 * converters: an int (no __index__), not negative, within `bits` */
static int unsigned_arg(Value v, int bits, uint64_t *out) {
    *out = 0;
    if (!v) return 0;
    if (!int_check(v)) {
        err_set(&exc_TypeError, "an integer is required");
        return -1;
    }
    if (int_sign(v) < 0) {
        err_set(&exc_ValueError, "value must be positive");
        return -1;
    }
    if (!v_is_int(v)) {
        mpz_t z;
        mpz_init(z);
        int_to_mpz(v, z);
        bool fits = mpz_sizeinbase(z, 2) <= 64;
        if (fits) *out = (uint64_t)mpz_getlimbn(z, 0);
        mpz_clear(z);
        if (!fits) {
            err_set(&exc_OverflowError, bits == 64 ? "int too big to convert"
                                                   : "Python int too large to convert to C unsigned long");
            return -1;
        }
        return 0;
    }
    *out = (uint64_t)v_intval(v);
    return 0;
}
/* An optional bytes-like argument's contents (absent: empty) */
static bool bytes_arg(Value v, const char **p, int64_t *n) {
    *p = NULL;
    *n = 0;
    if (!v) return true;
    BufferInfo bi;
    if (buffer_get(v, &bi, false) < 0) return false;
    *p = bi.data;
    *n = bi.len;
    return true;
}
static void store_le(uint8_t *dst, uint64_t v, int nbytes) {
    for (int i = 0; i < nbytes; i++) dst[i] = (uint8_t)(v >> (8 * i));
}

static void b2_update(Blake2Object *h, const char *p, size_t n) {
    if (h->s) B2(blake2s_update)(&h->st.s, (const uint8_t *)p, n);
    else B2(blake2b_update)(&h->st.b, (const uint8_t *)p, n);
}

/* blake2b(data=b'', /, *, digest_size=64, key=b'', salt=b'', person=b'',
 *         fanout=1, depth=1, leaf_size=0, node_offset=0, node_depth=0,
 *         inner_size=0, last_node=False, usedforsecurity=True) */
static Value b2_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    bool s = t == &blake2s_type;
    const Blake2Sizes *z = s ? &sizes_s : &sizes_b;
    ArgSpec spec = {s ? "blake2s" : "blake2b", 1, 0, 12,
                    {"data", "digest_size", "key", "salt", "person", "fanout", "depth", "leaf_size", "node_offset",
                     "node_depth", "inner_size", "last_node", "usedforsecurity", NULL}};
    Value a[13];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int digest_size, fanout, depth, node_depth, inner_size;
    const char *key, *salt, *person;
    int64_t keylen, saltlen, personlen;
    uint64_t leaf_size, node_offset;
    if (int_arg(a[1], z->max_digest, &digest_size) < 0 || !bytes_arg(a[2], &key, &keylen) ||
        !bytes_arg(a[3], &salt, &saltlen) || !bytes_arg(a[4], &person, &personlen) ||
        int_arg(a[5], 1, &fanout) < 0 || int_arg(a[6], 1, &depth) < 0 || unsigned_arg(a[7], 32, &leaf_size) < 0 ||
        unsigned_arg(a[8], 64, &node_offset) < 0 || int_arg(a[9], 0, &node_depth) < 0 ||
        int_arg(a[10], 0, &inner_size) < 0)
        return VNULL;
    int last_node = a[11] ? obj_truth(a[11]) : 0;
    if (last_node < 0 || (a[12] && obj_truth(a[12]) < 0)) return VNULL;

    if (digest_size <= 0 || digest_size > z->max_digest)
        return err_format(&exc_ValueError, "digest_size must be between 1 and %d bytes", z->max_digest);
    if (saltlen > z->salt) return err_format(&exc_ValueError, "maximum salt length is %d bytes", z->salt);
    if (personlen > z->person) return err_format(&exc_ValueError, "maximum person length is %d bytes", z->person);
    if (fanout < 0 || fanout > 255) return err_set(&exc_ValueError, "fanout must be between 0 and 255");
    if (depth <= 0 || depth > 255) return err_set(&exc_ValueError, "depth must be between 1 and 255");
    if (leaf_size > 0xFFFFFFFFu) return err_set(&exc_OverflowError, "leaf_size is too large");
    if (s && node_offset > 0xFFFFFFFFFFFFull) return err_set(&exc_OverflowError, "node_offset is too large");
    if (node_depth < 0 || node_depth > 255) return err_set(&exc_ValueError, "node_depth must be between 0 and 255");
    if (inner_size < 0 || inner_size > z->max_digest)
        return err_format(&exc_ValueError, "inner_size must be between 0 and is %d", z->max_digest);
    if (keylen > z->max_key) return err_format(&exc_ValueError, "maximum key length is %d bytes", z->max_key);

    const char *p = NULL;
    int64_t n = 0;
    if (a[0] && !hashlib_data(a[0], &p, &n)) return VNULL;

    Blake2Object *h = (Blake2Object *)obj_alloc(t, t->basicsize);
    h->s = s;
    h->digest_size = (uint8_t)digest_size;
    int rc;
    /* the parameter block is little-endian bytes; the structs are packed */
    if (s) {
        blake2s_param P;
        memset(&P, 0, sizeof P);
        P.digest_length = (uint8_t)digest_size;
        P.key_length = (uint8_t)keylen;
        P.fanout = (uint8_t)fanout;
        P.depth = (uint8_t)depth;
        store_le((uint8_t *)&P.leaf_length, leaf_size, 4);
        store_le(P.node_offset, node_offset, 6);
        P.node_depth = (uint8_t)node_depth;
        P.inner_length = (uint8_t)inner_size;
        if (saltlen) memcpy(P.salt, salt, (size_t)saltlen);
        if (personlen) memcpy(P.personal, person, (size_t)personlen);
        rc = B2(blake2s_init_param)(&h->st.s, &P);
        h->st.s.last_node = (uint8_t)last_node;   /* read at finalisation */
    } else {
        blake2b_param P;
        memset(&P, 0, sizeof P);
        P.digest_length = (uint8_t)digest_size;
        P.key_length = (uint8_t)keylen;
        P.fanout = (uint8_t)fanout;
        P.depth = (uint8_t)depth;
        store_le((uint8_t *)&P.leaf_length, leaf_size, 4);
        store_le((uint8_t *)&P.node_offset, node_offset, 8);
        P.node_depth = (uint8_t)node_depth;
        P.inner_length = (uint8_t)inner_size;
        if (saltlen) memcpy(P.salt, salt, (size_t)saltlen);
        if (personlen) memcpy(P.personal, person, (size_t)personlen);
        rc = B2(blake2b_init_param)(&h->st.b, &P);
        h->st.b.last_node = (uint8_t)last_node;
    }
    if (rc < 0) return err_set(&exc_RuntimeError, "error initializing hash state");
    if (keylen) {
        /* a keyed hash starts with the key zero-padded to one block */
        uint8_t block[BLAKE2B_BLOCKBYTES];
        memset(block, 0, sizeof block);
        memcpy(block, key, (size_t)keylen);
        b2_update(h, (const char *)block, (size_t)z->block);
        memset(block, 0, sizeof block);
    }
    if (n) b2_update(h, p, (size_t)n);
    return V_FROM_PTR(h);
}

static Value b2_update_m(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"update", 1, 1, 0, {"data", NULL}};
    Value a[1];
    if (hashlib_method_args(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!hashlib_data(a[0], &p, &n)) return VNULL;
    if (n) b2_update(V_AS(Blake2Object, args[0]), p, (size_t)n);
    return V_NONE;
}
/* The digest so far, from a copy of the state so that updates can go on */
static Value b2_digest_common(Value *args, size_t nargs, Value kwnames, bool hex) {
    static const ArgSpec spec = {"digest", 0, 0, 0, {NULL}}, hspec = {"hexdigest", 0, 0, 0, {NULL}};
    if (hashlib_method_args(hex ? &hspec : &spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Blake2Object *h = V_AS(Blake2Object, args[0]);
    uint8_t out[BLAKE2B_OUTBYTES];
    if (h->s) {
        blake2s_state c = h->st.s;
        B2(blake2s_final)(&c, out, h->digest_size);
    } else {
        blake2b_state c = h->st.b;
        B2(blake2b_final)(&c, out, h->digest_size);
    }
    return hex ? hashlib_hex(out, h->digest_size) : bytes_new((const char *)out, h->digest_size);
}
static Value b2_digest(Value *args, size_t nargs, Value kwnames) { return b2_digest_common(args, nargs, kwnames, false); }
static Value b2_hexdigest(Value *args, size_t nargs, Value kwnames) {
    return b2_digest_common(args, nargs, kwnames, true);
}
static Value b2_copy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"copy", 0, 0, 0, {NULL}};
    if (hashlib_method_args(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Blake2Object *h = V_AS(Blake2Object, args[0]);
    Type *t = type_of(args[0]);
    Blake2Object *r = (Blake2Object *)obj_alloc(t, t->basicsize);
    r->s = h->s;
    r->digest_size = h->digest_size;
    r->st = h->st;
    return V_FROM_PTR(r);
}
static Value b2_get_name(Value self) { return str_from_cstr(V_AS(Blake2Object, self)->s ? "blake2s" : "blake2b"); }
static Value b2_get_digest_size(Value self) { return v_int(V_AS(Blake2Object, self)->digest_size); }
static Value b2_get_block_size(Value self) {
    return v_int(V_AS(Blake2Object, self)->s ? BLAKE2S_BLOCKBYTES : BLAKE2B_BLOCKBYTES);
}

/* ---- module --------------------------------------------------------------------------------- */
static const MethodDef b2_methods[] = {
    {"copy", b2_copy, MF_KEYWORDS, NULL},
    {"digest", b2_digest, MF_KEYWORDS, NULL},
    {"hexdigest", b2_hexdigest, MF_KEYWORDS, NULL},
    {"update", b2_update_m, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef b2_getsets[] = {
    {"name", b2_get_name, NULL, NULL},
    {"block_size", b2_get_block_size, NULL, NULL},
    {"digest_size", b2_get_digest_size, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};
static Type blake2b_type = {
    .tname = "_blake2.blake2b",
    .basicsize = sizeof(Blake2Object),
    .new_ = b2_new,
};
static Type blake2s_type = {
    .tname = "_blake2.blake2s",
    .basicsize = sizeof(Blake2Object),
    .new_ = b2_new,
};

static void b2_type_ready(Type *t, const char *name, const Blake2Sizes *z) {
    t->name = str_intern_cstr(name);
    t->module = str_intern_cstr("_blake2");
    type_add_methods(t, b2_methods);
    type_add_getsets(t, b2_getsets);
    type_ready(t);
    dict_set(t->dict, str_intern_cstr("SALT_SIZE"), v_int(z->salt));
    dict_set(t->dict, str_intern_cstr("PERSON_SIZE"), v_int(z->person));
    dict_set(t->dict, str_intern_cstr("MAX_KEY_SIZE"), v_int(z->max_key));
    dict_set(t->dict, str_intern_cstr("MAX_DIGEST_SIZE"), v_int(z->max_digest));
    type_modified(t);
}

Value _blake2_module_create(void) {
    if (b2lib_load() < 0) return VNULL;
    if (!(blake2b_type.flags & TF_READY)) {
        b2_type_ready(&blake2b_type, "blake2b", &sizes_b);
        b2_type_ready(&blake2s_type, "blake2s", &sizes_s);
    }
    Value m = module_new_cstr("_blake2");
    module_add(m, "blake2b", V_FROM_PTR(&blake2b_type));
    module_add(m, "blake2s", V_FROM_PTR(&blake2s_type));
    static const struct { const char *name; int v; } ints[] = {
        {"BLAKE2B_SALT_SIZE", BLAKE2B_SALTBYTES}, {"BLAKE2B_PERSON_SIZE", BLAKE2B_PERSONALBYTES},
        {"BLAKE2B_MAX_KEY_SIZE", BLAKE2B_KEYBYTES}, {"BLAKE2B_MAX_DIGEST_SIZE", BLAKE2B_OUTBYTES},
        {"BLAKE2S_SALT_SIZE", BLAKE2S_SALTBYTES}, {"BLAKE2S_PERSON_SIZE", BLAKE2S_PERSONALBYTES},
        {"BLAKE2S_MAX_KEY_SIZE", BLAKE2S_KEYBYTES}, {"BLAKE2S_MAX_DIGEST_SIZE", BLAKE2S_OUTBYTES},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) module_add(m, ints[i].name, v_int(ints[i].v));
    return m;
}
