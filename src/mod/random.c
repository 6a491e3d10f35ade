/* random.c: the _random module, the core of lib/random.py.
 *
 *  - _random.Random: the Mersenne Twister MT19937 generator (Matsumoto and
 *    Nishimura's published algorithm), seeded as CPython seeds it so that
 *    seeded sequences are identical: an int seed's absolute value is cut
 *    into 32-bit words (least significant first) and fed to init_by_array;
 *    other objects are seeded by their hash. random() builds a 53-bit float
 *    from two 32-bit outputs; getrandbits(k) fills k bits from successive
 *    outputs, least significant word first.
 *  - _random._sha512(data): the SHA-512 digest of bytes (FIPS 180-4), used
 *    by Random.seed() for str and bytes seeds.
 *  - _random._urandom(n): n bytes from the operating system.
 *  - _random._randbelow(rng, n): getrandbits-based rejection sampling for
 *    exact Random instances (the fast path of randrange/choice/shuffle).
 */
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "../runtime.h"

/* ---- the Mersenne Twister ---------------------------------------------------- */

#define MT_N 624
#define MT_M 397

typedef struct RandomObject {
    Object hdr;
    int32_t index;              /* next word of state to temper; MT_N: regenerate */
    uint32_t state[MT_N];
} RandomObject;

static Type random_type;

static void mt_init_genrand(RandomObject *r, uint32_t s) {
    uint32_t *mt = r->state;
    mt[0] = s;
    for (uint32_t i = 1; i < MT_N; i++) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i;
    r->index = MT_N;
}

static void mt_init_by_array(RandomObject *r, const uint32_t *key, size_t keylen) {
    uint32_t *mt = r->state;
    mt_init_genrand(r, 19650218u);
    size_t i = 1, j = 0;
    for (size_t k = MT_N > keylen ? MT_N : keylen; k > 0; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= keylen) j = 0;
    }
    for (size_t k = MT_N - 1; k > 0; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
}

static void mt_regenerate(RandomObject *r) {
    uint32_t *mt = r->state;
    int k;
#define MT_MIX(a, b) (((a) & 0x80000000u) | ((b) & 0x7fffffffu))
#define MT_TWIST(y) (((y) >> 1) ^ (((y) & 1u) ? 0x9908b0dfu : 0u))
    for (k = 0; k < MT_N - MT_M; k++) {
        uint32_t y = MT_MIX(mt[k], mt[k + 1]);
        mt[k] = mt[k + MT_M] ^ MT_TWIST(y);
    }
    for (; k < MT_N - 1; k++) {
        uint32_t y = MT_MIX(mt[k], mt[k + 1]);
        mt[k] = mt[k + MT_M - MT_N] ^ MT_TWIST(y);
    }
    uint32_t y = MT_MIX(mt[MT_N - 1], mt[0]);
    mt[MT_N - 1] = mt[MT_M - 1] ^ MT_TWIST(y);
#undef MT_MIX
#undef MT_TWIST
    r->index = 0;
}

static inline uint32_t mt_next(RandomObject *r) {
    if (r->index >= MT_N) mt_regenerate(r);
    uint32_t y = r->state[r->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

static inline double mt_random(RandomObject *r) {
    uint32_t a = mt_next(r) >> 5, b = mt_next(r) >> 6;
    return ((double)a * 67108864.0 + (double)b) * (1.0 / 9007199254740992.0);
}

/* k random bits (k >= 0) as an int */
static Value mt_getrandbits(RandomObject *r, int64_t k) {
    if (k == 0) return v_int(0);
    if (k <= 32) return v_int(mt_next(r) >> (32 - k));
    if (k <= 62) {
        uint64_t lo = mt_next(r);
        uint64_t hi = mt_next(r) >> (64 - k);
        return v_int((int64_t)((hi << 32) | lo));
    }
    size_t words = (size_t)((k - 1) / 32 + 1);
    uint32_t *w = gc_alloc_atomic(words * sizeof(uint32_t));
    for (size_t i = 0; i < words; i++, k -= 32) {
        uint32_t x = mt_next(r);
        if (k < 32) x >>= 32 - k;
        w[i] = x;
    }
    mpz_t z;
    mpz_init(z);
    mpz_import(z, words, -1, sizeof(uint32_t), 0, 0, w);
    Value v = int_from_mpz(z);
    mpz_clear(z);
    return v;
}

/* Fill buf with n bytes from the system; false if that failed. */
static bool os_random_bytes(unsigned char *buf, size_t n) {
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    size_t got = 0;
    while (got < n) {
        ssize_t k = read(fd, buf + got, n - got);
        if (k <= 0) break;
        got += (size_t)k;
    }
    close(fd);
    return got == n;
}

static void mt_seed_from_system(RandomObject *r) {
    uint32_t key[MT_N];
    if (!os_random_bytes((unsigned char *)key, sizeof key)) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint32_t k2[4] = {(uint32_t)ts.tv_sec, (uint32_t)ts.tv_nsec, (uint32_t)getpid(),
                          (uint32_t)((uint64_t)ts.tv_sec >> 32)};
        mt_init_by_array(r, k2, 4);
        return;
    }
    mt_init_by_array(r, key, MT_N);
}

/* Seed from an int's absolute value, in 32-bit words. */
static void mt_seed_from_int(RandomObject *r, Value n) {
    if (v_is_int(n)) {
        int64_t x = v_intval(n);
        uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
        uint32_t key[2] = {(uint32_t)u, (uint32_t)(u >> 32)};
        mt_init_by_array(r, key, key[1] ? 2 : 1);
        return;
    }
    mpz_t z;
    mpz_init(z);
    int_to_mpz(n, z);
    mpz_abs(z, z);
    size_t words = (mpz_sizeinbase(z, 2) + 31) / 32;
    if (words == 0) words = 1;
    uint32_t *key = gc_alloc_atomic(words * sizeof(uint32_t));
    memset(key, 0, words * sizeof(uint32_t));
    size_t count = 0;
    mpz_export(key, &count, -1, sizeof(uint32_t), 0, 0, z);
    mpz_clear(z);
    mt_init_by_array(r, key, words);
}

static int random_seed_obj(RandomObject *r, Value arg) {
    if (!arg || arg == V_NONE) {
        mt_seed_from_system(r);
        return 0;
    }
    if (int_check(arg)) {
        mt_seed_from_int(r, arg);
        return 0;
    }
    int64_t h = obj_hash(arg);
    if (h == -1 && err_occurred()) return -1;
    /* CPython converts the hash as an unsigned machine word */
    uint64_t u = (uint64_t)h;
    uint32_t key[2] = {(uint32_t)u, (uint32_t)(u >> 32)};
    mt_init_by_array(r, key, key[1] ? 2 : 1);
    return 0;
}

/* ---- the Random type ------------------------------------------------------------ */

static inline RandomObject *as_random(Value v) { return V_AS(RandomObject, v); }

static Value random_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (t == &random_type && arg_nokw("Random", kwnames) < 0) return VNULL;
    RandomObject *r = (RandomObject *)obj_alloc(t, t->basicsize);
    if (t->attrs_offset) instance_attrs(V_FROM_PTR(r), t)->map = t->root_map;
    if (t == &random_type && nargs > 1) return err_set(&exc_TypeError, "Random() requires 0 or 1 argument");
    if (random_seed_obj(r, nargs == 1 ? args[0] : VNULL) < 0) return VNULL;
    return V_FROM_PTR(r);
}

static int random_init(Value self, Value *args, size_t nargs, Value kwnames) {
    (void)self;
    (void)args;
    if (type_of(self) == &random_type) {
        if (arg_nokw("Random", kwnames) < 0) return -1;
        if (nargs > 1) {
            err_set(&exc_TypeError, "Random() requires 0 or 1 argument");
            return -1;
        }
    }
    return 0;
}

static Value random_random_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 1)
        return err_format(&exc_TypeError, "Random.random() takes no arguments (%zd given)", (ssize_t)nargs - 1);
    return float_from_double(mt_random(as_random(args[0])));
}

static Value random_seed_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs > 2) return err_format(&exc_TypeError, "seed expected at most 1 argument, got %zd", (ssize_t)nargs - 1);
    if (random_seed_obj(as_random(args[0]), nargs > 1 ? args[1] : VNULL) < 0) return VNULL;
    return V_NONE;
}

static Value random_getstate_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 1)
        return err_format(&exc_TypeError, "Random.getstate() takes no arguments (%zd given)", (ssize_t)nargs - 1);
    RandomObject *r = as_random(args[0]);
    Value t = tuple_new(MT_N + 1);
    for (int i = 0; i < MT_N; i++) tuple_items(t)[i] = v_int(r->state[i]);
    tuple_items(t)[MT_N] = v_int(r->index);
    return t;
}

static Value random_setstate_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2)
        return err_format(&exc_TypeError, "Random.setstate() takes exactly one argument (%zd given)",
                          (ssize_t)nargs - 1);
    Value st = args[1];
    if (!tuple_check(st)) return err_set(&exc_TypeError, "state vector must be a tuple");
    if (tuple_size(st) != MT_N + 1) return err_set(&exc_ValueError, "state vector is the wrong size");
    uint32_t words[MT_N];
    for (int i = 0; i < MT_N; i++) {
        Value x = tuple_get(st, i);
        if (!int_check(x)) return err_set(&exc_TypeError, "an integer is required");
        if (int_sign(x) < 0) return err_set(&exc_OverflowError, "can't convert negative value to unsigned int");
        if (v_is_int(x)) {
            words[i] = (uint32_t)v_intval(x);
        } else {
            mpz_t z;
            mpz_init(z);
            int_to_mpz(x, z);
            if (mpz_sizeinbase(z, 2) > 64) {
                mpz_clear(z);
                return err_set(&exc_OverflowError, "Python int too large to convert to C unsigned long");
            }
            words[i] = (uint32_t)mpz_get_ui(z);
            mpz_clear(z);
        }
    }
    Value iv = tuple_get(st, MT_N);
    if (!int_check(iv)) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", iv);
    int64_t index = int_as_i64(iv);
    if (index == -1 && err_occurred()) return VNULL;
    if (index < 0 || index > MT_N) return err_set(&exc_ValueError, "invalid state");
    RandomObject *r = as_random(args[0]);
    memcpy(r->state, words, sizeof words);
    r->index = (int32_t)index;
    return V_NONE;
}

/* The bit count k of getrandbits(k), converted like a C int argument. */
static int get_bits_arg(Value v, int64_t *out) {
    if (!int_check(v)) {
        if (v_is_smallfloat(v) || float_check(v)) {
            err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
            return -1;
        }
        Value iv = obj_index(v);
        if (!iv) return -1;
        v = iv;
    }
    int64_t k = int_as_i64(v);
    if ((k == -1 && err_occurred()) || k > INT32_MAX || k < INT32_MIN) {
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    if (k < 0) {
        err_set(&exc_ValueError, "number of bits must be non-negative");
        return -1;
    }
    *out = k;
    return 0;
}

static Value random_getrandbits_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2)
        return err_format(&exc_TypeError, "Random.getrandbits() takes exactly one argument (%zd given)",
                          (ssize_t)nargs - 1);
    int64_t k;
    if (get_bits_arg(args[1], &k) < 0) return VNULL;
    return mt_getrandbits(as_random(args[0]), k);
}

static const MethodDef random_methods[] = {
    {"random", random_random_m, 0, NULL},
    {"seed", random_seed_m, 0, NULL},
    {"getstate", random_getstate_m, 0, NULL},
    {"setstate", random_setstate_m, 0, NULL},
    {"getrandbits", random_getrandbits_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type random_type = {
    .tname = "_random.Random",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(RandomObject),
    .new_ = random_new,
    .init = random_init,
};

/* ---- fast paths for lib/random.py -------------------------------------------- */

/* _randbelow(rng, n): a random int in [0, n) for n > 0, drawn as
 * Random._randbelow_with_getrandbits does: k = n.bit_length() bits at a
 * time until the draw is below n. rng must be a _random.Random whose
 * getrandbits is the builtin one (the caller checks). */
static Value m_randbelow(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("_randbelow", nargs, 2, 2) < 0) return VNULL;
    if (!v_is_ptr(args[0]) || !type_is_subtype(type_of(args[0]), &random_type))
        return err_set(&exc_TypeError, "_randbelow() needs a Random instance");
    RandomObject *r = as_random(args[0]);
    Value n = args[1];
    if (v_is_int(n) && v_intval(n) > 0 && v_intval(n) <= ((int64_t)1 << 62)) {
        uint64_t nn = (uint64_t)v_intval(n);
        int k = 64 - __builtin_clzll(nn);
        uint64_t x;
        if (k <= 32) {
            do x = mt_next(r) >> (32 - k);
            while (x >= nn);
        } else {
            do {
                uint64_t lo = mt_next(r);
                x = ((uint64_t)(mt_next(r) >> (64 - k)) << 32) | lo;
            } while (x >= nn);
        }
        return v_int((int64_t)x);
    }
    if (!int_check(n)) return err_format(&exc_AttributeError, "'%T' object has no attribute 'bit_length'", n);
    if (int_sign(n) <= 0) return err_set(&exc_ValueError, "_randbelow() needs a positive bound");
    mpz_t z;
    mpz_init(z);
    int_to_mpz(n, z);
    int64_t k = (int64_t)mpz_sizeinbase(z, 2);
    mpz_clear(z);
    for (;;) {
        Value x = mt_getrandbits(r, k);
        if (int_compare(x, n) < 0) return x;
    }
}

/* ---- SHA-512 (FIPS 180-4) -------------------------------------------------------- */

static const uint64_t sha512_k[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

static inline uint64_t rotr64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

static void sha512_block(uint64_t h[8], const unsigned char *p) {
    uint64_t w[80];
    for (int i = 0; i < 16; i++) {
        uint64_t x = 0;
        for (int j = 0; j < 8; j++) x = (x << 8) | p[i * 8 + j];
        w[i] = x;
    }
    for (int i = 16; i < 80; i++) {
        uint64_t s0 = rotr64(w[i - 15], 1) ^ rotr64(w[i - 15], 8) ^ (w[i - 15] >> 7);
        uint64_t s1 = rotr64(w[i - 2], 19) ^ rotr64(w[i - 2], 61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 80; i++) {
        uint64_t S1 = rotr64(e, 14) ^ rotr64(e, 18) ^ rotr64(e, 41);
        uint64_t ch = (e & f) ^ (~e & g);
        uint64_t t1 = hh + S1 + ch + sha512_k[i] + w[i];
        uint64_t S0 = rotr64(a, 28) ^ rotr64(a, 34) ^ rotr64(a, 39);
        uint64_t maj = (a & b) ^ (a & c) ^ (b & c);
        uint64_t t2 = S0 + maj;
        hh = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
}

static void sha512(const unsigned char *data, size_t n, unsigned char out[64]) {
    uint64_t h[8] = {
        0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
        0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
    };
    size_t full = n / 128 * 128;
    for (size_t off = 0; off < full; off += 128) sha512_block(h, data + off);
    /* padding: 0x80, zeros, 128-bit big-endian bit length */
    unsigned char tail[256];
    size_t rest = n - full;
    memcpy(tail, data + full, rest);
    tail[rest] = 0x80;
    size_t tlen = rest + 1 + 16 <= 128 ? 128 : 256;
    memset(tail + rest + 1, 0, tlen - rest - 1);
    uint64_t bits_lo = (uint64_t)n << 3, bits_hi = (uint64_t)n >> 61;
    for (int i = 0; i < 8; i++) {
        tail[tlen - 16 + i] = (unsigned char)(bits_hi >> (56 - 8 * i));
        tail[tlen - 8 + i] = (unsigned char)(bits_lo >> (56 - 8 * i));
    }
    sha512_block(h, tail);
    if (tlen == 256) sha512_block(h, tail + 128);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) out[i * 8 + j] = (unsigned char)(h[i] >> (56 - 8 * j));
}

static Value m_sha512(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("_sha512", nargs, 1, 1) < 0) return VNULL;
    const char *p;
    size_t n;
    if (bytes_check(args[0])) {
        p = bytes_data(args[0]);
        n = (size_t)bytes_size(args[0]);
    } else if (str_check(args[0])) {
        p = str_data(args[0]);
        n = (size_t)str_nbytes(args[0]);
    } else {
        return err_format(&exc_TypeError, "object supporting the buffer API required");
    }
    unsigned char out[64];
    sha512((const unsigned char *)p, n, out);
    return bytes_new((const char *)out, 64);
}

static Value m_urandom(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("_urandom", nargs, 1, 1) < 0) return VNULL;
    int64_t n = obj_index_i64(args[0]);
    if (n == -1 && err_occurred()) return VNULL;
    if (n < 0) return err_set(&exc_ValueError, "negative argument not allowed");
    unsigned char *buf = gc_alloc_atomic((size_t)n + 1);
    if (!os_random_bytes(buf, (size_t)n)) return err_set(&exc_OSError, "cannot read /dev/urandom");
    return bytes_new((const char *)buf, (size_t)n);
}

static const MethodDef random_functions[] = {
    {"_sha512", m_sha512, 0, NULL},
    {"_urandom", m_urandom, 0, NULL},
    {"_randbelow", m_randbelow, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _random_module_create(void) {
    if (!(random_type.flags & TF_READY)) {
        random_type.module = str_intern_cstr("_random");
        random_type.name = str_intern_cstr("Random");
        type_add_methods(&random_type, random_methods);
        type_ready(&random_type);
    }
    Value m = module_new_cstr("_random");
    module_add_functions(m, random_functions);
    module_add(m, "Random", V_FROM_PTR(&random_type));
    return m;
}
