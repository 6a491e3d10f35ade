/* random.c: the _random module, the core of the standard library's random.
 *
 *  - _random.Random: the Mersenne Twister MT19937 generator (Matsumoto and
 *    Nishimura's published algorithm), seeded as CPython seeds it so that
 *    seeded sequences are identical: an int seed's absolute value is cut
 *    into 32-bit words (least significant first) and fed to init_by_array;
 *    other objects are seeded by their hash. random() builds a 53-bit float
 *    from two 32-bit outputs; getrandbits(k) fills k bits from successive
 *    outputs, least significant word first.
 *  random.py (CPython's) builds everything else on random() and
 *  getrandbits(), and seeds str and bytes through _sha512.
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

static const MethodDef random_functions[] = {
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
