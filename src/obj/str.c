/* str.c: the str type's core: construction, interning, hashing, indexing,
 * comparison, repr, and the C-side formatter (str_printf). The methods of
 * str live in str_methods.c, formatting (% and str.format) in str_format.c.
 *
 * Hashes equal CPython's under the same PYTHONHASHSEED (a random key when
 * unset, as CPython's): SipHash-1-3 keyed from the seed over the string's canonical fixed-width
 * form (1, 2 or 4 bytes per code point, as PEP 393 stores it), so a
 * program's set iteration order matches CPython run with that seed.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "../runtime.h"
#include "../vm/config.h"

Type str_type;
Value str_empty;
Value str_ascii_chars[128];

/* ---- UTF-8 ------------------------------------------------------------------ */

int utf8_encode(uint32_t cp, char *out) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

uint32_t utf8_decode(const char *s, int *len) {
    const unsigned char *u = (const unsigned char *)s;
    unsigned char c = u[0];
    if (c < 0x80) {
        *len = 1;
        return c;
    }
    if (c < 0xE0) {
        *len = 2;
        return ((uint32_t)(c & 0x1F) << 6) | (u[1] & 0x3F);
    }
    if (c < 0xF0) {
        *len = 3;
        return ((uint32_t)(c & 0x0F) << 12) | ((uint32_t)(u[1] & 0x3F) << 6) | (u[2] & 0x3F);
    }
    *len = 4;
    return ((uint32_t)(c & 0x07) << 18) | ((uint32_t)(u[1] & 0x3F) << 12) | ((uint32_t)(u[2] & 0x3F) << 6) |
           (u[3] & 0x3F);
}

int64_t utf8_count(const char *s, size_t nbytes) {
    int64_t n = 0;
    size_t i = 0;
    /* eight bytes at a time: a continuation byte has bit 7 set, bit 6 clear */
    for (; i + 8 <= nbytes; i += 8) {
        uint64_t x;
        memcpy(&x, s + i, 8);
        uint64_t cont = (x & ~(x << 1) & 0x8080808080808080ULL) >> 7;
        n += 8 - (int64_t)((cont * 0x0101010101010101ULL) >> 56);   /* sum of the 0/1 bytes */
    }
    for (; i < nbytes; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) n++;
    return n;
}

/* str.h */
int64_t utf8_wellformed_prefix(const char *s, int64_t n, int64_t *ncp) {
    const unsigned char *d = (const unsigned char *)s;
    int64_t i = 0, cps = 0;
    while (i < n) {
        unsigned char c = d[i];
        int l;
        if (c < 0x80) {
            int64_t k = i;
            while (k + 8 <= n) {
                uint64_t w;
                memcpy(&w, d + k, 8);
                if (w & 0x8080808080808080ULL) break;
                k += 8;
            }
            while (k < n && d[k] < 0x80) k++;
            cps += k - i;
            i = k;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            l = 2;
            if (n - i < 2 || (d[i + 1] & 0xC0) != 0x80) break;
        } else if (c >= 0xE0 && c <= 0xEF) {
            unsigned char lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
            l = 3;
            if (n - i < 3 || d[i + 1] < lo || d[i + 1] > hi || (d[i + 2] & 0xC0) != 0x80) break;
        } else if (c >= 0xF0 && c <= 0xF4) {
            unsigned char lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
            l = 4;
            if (n - i < 4 || d[i + 1] < lo || d[i + 1] > hi || (d[i + 2] & 0xC0) != 0x80 ||
                (d[i + 3] & 0xC0) != 0x80)
                break;
        } else {
            break;
        }
        i += l;
        cps++;
    }
    *ncp = cps;
    return i;
}

bool utf8_valid(const char *s, size_t nbytes) {
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < nbytes) {
        unsigned char c = u[i];
        int n;
        if (c < 0x80) n = 1;
        else if (c >= 0xC2 && c < 0xE0) n = 2;
        else if (c >= 0xE0 && c < 0xF0) n = 3;
        else if (c >= 0xF0 && c < 0xF5) n = 4;
        else return false;
        if (i + (size_t)n > nbytes) return false;
        for (int k = 1; k < n; k++)
            if ((u[i + (size_t)k] & 0xC0) != 0x80) return false;
        i += (size_t)n;
    }
    return true;
}

/* ---- construction ----------------------------------------------------------- */

/* A new str's header, its contents to be written and str_finish()ed */
static Value str_init_header(StrObject *s, size_t nbytes) {
    s->hash = -1;
    s->length = 0;
    s->nbytes = (int64_t)nbytes;
    s->ascii = 0;
    s->interned = 0;
    s->data[nbytes] = 0;
    return V_FROM_PTR(s);
}

Value str_alloc(size_t nbytes) {
    return str_init_header((StrObject *)obj_alloc_atomic(&str_type, sizeof(StrObject) + nbytes + 1), nbytes);
}

Value str_finish(Value v) {
    StrObject *s = V_AS(StrObject, v);
    const unsigned char *p = (const unsigned char *)s->data;
    int64_t n = s->nbytes, i = 0;
    /* fast ASCII scan, 8 bytes at a time */
    while (i + 8 <= n) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        if (w & 0x8080808080808080ULL) break;
        i += 8;
    }
    while (i < n && p[i] < 0x80) i++;
    if (i == n) {
        s->ascii = 1;
        s->length = n;
    } else {
        s->ascii = 0;
        s->length = i + utf8_count(s->data + i, (size_t)(n - i));
    }
    return v;
}

Value str_try_alloc(size_t nbytes) {
    if (nbytes > PTRDIFF_MAX - sizeof(StrObject) - 1) return err_no_memory();
    StrObject *s = gc_try_alloc_atomic(sizeof(StrObject) + nbytes + 1);
    if (!s) return err_no_memory();
    s->hdr.type = &str_type;
    return str_init_header(s, nbytes);
}

Value str_new(const char *utf8, size_t nbytes) {
    if (nbytes == 0 && str_empty) return str_empty;
    if (nbytes == 1 && (unsigned char)utf8[0] < 128 && str_ascii_chars[(unsigned char)utf8[0]])
        return str_ascii_chars[(unsigned char)utf8[0]];
    Value v = str_alloc(nbytes);
    memcpy(V_AS(StrObject, v)->data, utf8, nbytes);
    return str_finish(v);
}

/* str.h */
Value str_try_new_counted(const char *utf8, size_t nbytes, int64_t length) {
    if (nbytes <= 1) return str_new(utf8, nbytes);
    Value v = str_try_alloc(nbytes);
    if (!v) return VNULL;
    StrObject *s = V_AS(StrObject, v);
    memcpy(s->data, utf8, nbytes);
    s->length = length;
    s->ascii = length == (int64_t)nbytes;
    return v;
}

Value str_from_cstr(const char *s) { return str_new(s, strlen(s)); }

Value str_from_buf(Buf *b) { return str_new(b->data, b->len); }

/* str.h */
/* the UTF-8 of n bytes decoded as os.fsdecode would (NUL-terminated, its
   length in *len) */
static char *utf8_from_fs_n(const char *s, size_t n, size_t *len) {
    /* each undecodable byte grows to three (its escape U+DC80..U+DCFF) */
    char *out = gc_alloc_atomic(3 * n + 1), *o = out;
    int64_t i = 0, cps;
    while ((size_t)i < n) {
        int64_t ok = utf8_wellformed_prefix(s + i, (int64_t)n - i, &cps);
        memcpy(o, s + i, (size_t)ok);
        o += ok;
        i += ok;
        if ((size_t)i < n) o += utf8_encode(0xDC00u + (unsigned char)s[i++], o);
    }
    *o = 0;
    *len = (size_t)(o - out);
    return out;
}

char *utf8_from_fs(const char *s) {
    size_t len;
    return utf8_from_fs_n(s, strlen(s), &len);
}

Value str_from_fs(const char *s) { return str_from_cstr(utf8_from_fs(s)); }

Value str_from_fs_n(const char *s, size_t n) {
    size_t len;
    char *u = utf8_from_fs_n(s, n, &len);
    return str_new(u, len);
}


Value str_from_codepoint(uint32_t cp) {
    if (cp < 128) return str_ascii_chars[cp];
    char buf[4];
    int n = utf8_encode(cp, buf);
    return str_new(buf, (size_t)n);
}

/* ---- hashing (SipHash-1-3, zero key) ---------------------------------------- */

static inline uint64_t rotl64(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

#define SIPROUND()                  \
    do {                            \
        v0 += v1;                   \
        v1 = rotl64(v1, 13);        \
        v1 ^= v0;                   \
        v0 = rotl64(v0, 32);        \
        v2 += v3;                   \
        v3 = rotl64(v3, 16);        \
        v3 ^= v2;                   \
        v0 += v3;                   \
        v3 = rotl64(v3, 21);        \
        v3 ^= v0;                   \
        v2 += v1;                   \
        v1 = rotl64(v1, 17);        \
        v1 ^= v2;                   \
        v2 = rotl64(v2, 32);        \
    } while (0)

/* The SipHash key, from PYTHONHASHSEED as CPython derives it (zero for 0,
   random when unset or "random"; see config.h) */
static uint64_t hash_k0, hash_k1;

void str_hash_init(void) {
    unsigned char key[24] = {0};   /* CPython's secret is 24 bytes; SipHash takes the first 16 */
    if (tpy_config.hash_random) {
        size_t got = 0;
        while (got < sizeof key) {
            ssize_t n = getrandom(key + got, sizeof key - got, 0);
            if (n < 0) {
                if (errno == EINTR) continue;
                /* no entropy source: a key from the clock and pid, still
                   different between runs */
                uint64_t x = (uint64_t)time(NULL) * 6364136223846793005ULL ^ (uint64_t)getpid();
                for (size_t i = 0; i < sizeof key; i++, x = x * 6364136223846793005ULL + 1442695040888963407ULL)
                    key[i] = (unsigned char)(x >> 56);
                break;
            }
            got += (size_t)n;
        }
    } else if (tpy_config.hash_seed) {
        /* CPython's lcg_urandom */
        uint32_t x = (uint32_t)tpy_config.hash_seed;
        for (size_t i = 0; i < sizeof key; i++) {
            x = x * 214013u + 2531011u;
            key[i] = (unsigned char)((x >> 16) & 0xff);
        }
    }
    memcpy(&hash_k0, key, 8);   /* little-endian host, as siphash13's blocks */
    memcpy(&hash_k1, key + 8, 8);
}

static inline __attribute__((always_inline)) uint64_t siphash13(uint64_t k0, uint64_t k1, const unsigned char *p,
                                                                size_t len) {
    uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
    size_t blocks = len / 8;
    for (size_t i = 0; i < blocks; i++) {
        uint64_t m;
        memcpy(&m, p + i * 8, 8);   /* little-endian host */
        v3 ^= m;
        SIPROUND();
        v0 ^= m;
    }
    uint64_t b = (uint64_t)len << 56;
    const unsigned char *t = p + blocks * 8;
    switch (len & 7) {
    case 7: b |= (uint64_t)t[6] << 48; /* fall through */
    case 6: b |= (uint64_t)t[5] << 40; /* fall through */
    case 5: b |= (uint64_t)t[4] << 32; /* fall through */
    case 4: b |= (uint64_t)t[3] << 24; /* fall through */
    case 3: b |= (uint64_t)t[2] << 16; /* fall through */
    case 2: b |= (uint64_t)t[1] << 8;  /* fall through */
    case 1: b |= (uint64_t)t[0];       /* fall through */
    case 0: break;
    }
    v3 ^= b;
    SIPROUND();
    v0 ^= b;
    v2 ^= 0xff;
    SIPROUND();
    SIPROUND();
    SIPROUND();
    return v0 ^ v1 ^ v2 ^ v3;
}

uint64_t hash_bytes(const void *p, size_t len) { return siphash13(hash_k0, hash_k1, p, len); }

/* CPython's _Py_KeyedHash: SipHash-1-3 under the key (key, 0), whatever
   PYTHONHASHSEED says (_imp.source_hash, hash-based cache files) */
uint64_t hash_bytes_keyed(uint64_t key, const void *p, size_t len) { return siphash13(key, 0, p, len); }

static int64_t str_hash_compute(StrObject *s) {
    uint64_t h;
    if (s->nbytes == 0) return 0;   /* CPython: hash('') == 0 */
    if (s->ascii) {
        h = siphash13(hash_k0, hash_k1, (const unsigned char *)s->data, (size_t)s->nbytes);
    } else {
        /* canonical width: 1 byte if all < 256, 2 if all < 65536, else 4 */
        uint32_t maxc = 0;
        const char *p = s->data, *end = s->data + s->nbytes;
        while (p < end) {
            int l;
            uint32_t c = utf8_decode(p, &l);
            if (c > maxc) maxc = c;
            p += l;
        }
        int width = maxc < 256 ? 1 : maxc < 65536 ? 2 : 4;
        size_t n = (size_t)s->length * (size_t)width;
        unsigned char *tmp = gc_alloc_atomic(n ? n : 1);
        p = s->data;
        size_t k = 0;
        while (p < end) {
            int l;
            uint32_t c = utf8_decode(p, &l);
            p += l;
            for (int j = 0; j < width; j++) tmp[k++] = (unsigned char)(c >> (8 * j));
        }
        h = siphash13(hash_k0, hash_k1, tmp, n);
    }
    int64_t r = (int64_t)h;
    return r == -1 ? -2 : r;
}

int64_t str_hash(Value v) {
    StrObject *s = V_AS(StrObject, v);
    if (s->hash == -1) s->hash = str_hash_compute(s);
    return s->hash;
}

/* ---- interning ------------------------------------------------------------- */

static Value *intern_table;     /* open addressing, linear probing */
static size_t intern_mask, intern_count;

static void intern_grow(void) {
    size_t ncap = intern_table ? (intern_mask + 1) * 2 : 1024;
    Value *nt = gc_alloc_uncollectable(sizeof(Value) * ncap);
    memset(nt, 0, sizeof(Value) * ncap);
    if (intern_table) {
        for (size_t i = 0; i <= intern_mask; i++) {
            Value s = intern_table[i];
            if (!s) continue;
            size_t j = (size_t)str_hash(s) & (ncap - 1);
            while (nt[j]) j = (j + 1) & (ncap - 1);
            nt[j] = s;
        }
        gc_free(intern_table);
    }
    intern_table = nt;
    intern_mask = ncap - 1;
}

static Value intern_lookup(const char *data, size_t n, int64_t h, Value insert) {
    if (!intern_table || (intern_count + 1) * 2 > intern_mask + 1) intern_grow();
    size_t j = (size_t)h & intern_mask;
    for (;;) {
        Value s = intern_table[j];
        if (!s) break;
        StrObject *so = V_AS(StrObject, s);
        if (so->hash == h && (size_t)so->nbytes == n && memcmp(so->data, data, n) == 0) return s;
        j = (j + 1) & intern_mask;
    }
    if (!insert) return VNULL;
    intern_table[j] = insert;
    intern_count++;
    V_AS(StrObject, insert)->interned = 1;
    return insert;
}

Value str_intern(Value s) {
    StrObject *so = V_AS(StrObject, s);
    if (so->interned) return s;
    if (so->hdr.type != &str_type) s = str_new(so->data, (size_t)so->nbytes), so = V_AS(StrObject, s);
    int64_t h = str_hash(s);
    return intern_lookup(so->data, (size_t)so->nbytes, h, s);
}

Value str_intern_cstr(const char *c) {
    size_t n = 0;
    bool ascii = true;
    for (; c[n]; n++) ascii &= (unsigned char)c[n] < 0x80;
    /* an ASCII name (the common case: the runtime's identifiers) is hashed
       from its bytes, as str_hash_compute does, and looked up before
       anything is allocated: at start-up half the names are repeats
       (__add__, __doc__, copy, ...) */
    int64_t h = -1;
    if (ascii && n) {
        h = (int64_t)siphash13(hash_k0, hash_k1, (const unsigned char *)c, n);
        if (h == -1) h = -2;
        Value s = intern_lookup(c, n, h, VNULL);
        if (s) return s;
    }
    Value tmp = str_new(c, n);
    if (V_AS(StrObject, tmp)->interned) return tmp;
    if (h != -1 && V_AS(StrObject, tmp)->hash == -1) V_AS(StrObject, tmp)->hash = h;
    return str_intern(tmp);
}

/* ---- comparison --------------------------------------------------------------- */

bool str_eq(Value a, Value b) {
    if (a == b) return true;
    StrObject *x = V_AS(StrObject, a), *y = V_AS(StrObject, b);
    if (x->nbytes != y->nbytes) return false;
    if (x->interned && y->interned) return false;
    if (x->hash != -1 && y->hash != -1 && x->hash != y->hash) return false;
    return memcmp(x->data, y->data, (size_t)x->nbytes) == 0;
}

bool str_eq_cstr(Value s, const char *c) {
    size_t n = strlen(c);
    return (size_t)str_nbytes(s) == n && memcmp(str_data(s), c, n) == 0;
}

int str_compare(Value a, Value b) {
    /* UTF-8 byte order equals code point order */
    StrObject *x = V_AS(StrObject, a), *y = V_AS(StrObject, b);
    size_t n = (size_t)(x->nbytes < y->nbytes ? x->nbytes : y->nbytes);
    int c = memcmp(x->data, y->data, n);
    if (c) return c < 0 ? -1 : 1;
    return x->nbytes < y->nbytes ? -1 : x->nbytes > y->nbytes ? 1 : 0;
}

static Value str_richcompare(Value a, Value b, int op) {
    if (!str_check(b) || !str_check(a)) return V_NOTIMPL;
    if (op == CMP_EQ) return v_bool(str_eq(a, b));
    if (op == CMP_NE) return v_bool(!str_eq(a, b));
    int c = str_compare(a, b);
    switch (op) {
    case CMP_LT: return v_bool(c < 0);
    case CMP_LE: return v_bool(c <= 0);
    case CMP_GT: return v_bool(c > 0);
    default: return v_bool(c >= 0);
    }
}

/* ---- indexing --------------------------------------------------------------- */

#define STR_INDEX_STEP 64

/* Strings are allocated as atomic (unscanned) memory, so they cannot point
 * to their index: the indexes of the most recently indexed long non-ASCII
 * strings are kept in this small cache instead. It is scanned (static
 * storage), which also keeps its strings alive, so an address cannot be
 * reused by another string while cached. */
#define STR_INDEX_CACHE 16
static struct {
    StrObject *s;
    int32_t *index;
} str_index_cache[STR_INDEX_CACHE];
static unsigned str_index_next;

static int32_t *string_index(StrObject *s) {
    for (int i = 0; i < STR_INDEX_CACHE; i++)
        if (str_index_cache[i].s == s) return str_index_cache[i].index;
    int64_t nblocks = s->length / STR_INDEX_STEP + 1;
    int32_t *idx = gc_alloc_atomic(sizeof(int32_t) * (size_t)nblocks);
    const char *p = s->data;
    int64_t cp = 0, b = 0;
    for (int64_t off = 0; off <= s->nbytes; off++) {
        if (off == s->nbytes || ((unsigned char)p[off] & 0xC0) != 0x80) {
            if (cp % STR_INDEX_STEP == 0 && b < nblocks) idx[b++] = (int32_t)off;
            cp++;
        }
    }
    unsigned slot = str_index_next++ % STR_INDEX_CACHE;
    str_index_cache[slot].s = s;
    str_index_cache[slot].index = idx;
    return idx;
}

/* The last code point position looked up in a non-ASCII string: loops that
 * walk a string by index (s[i], s[i+1], ...) then cost one step each. The
 * string is kept alive by this static reference while cached. */
static struct {
    StrObject *s;
    int64_t cp, off;
} last_pos;

int64_t str_byte_offset(Value v, int64_t i) {
    StrObject *s = V_AS(StrObject, v);
    if (s->ascii) return i;
    if (i >= s->length) return s->nbytes;
    const unsigned char *p = (const unsigned char *)s->data;
    if (last_pos.s == s) {
        int64_t d = i - last_pos.cp;
        if (d >= 0 && d < 16) {
            int64_t off = last_pos.off;
            for (; d > 0; d--) {
                off++;
                while (off < s->nbytes && (p[off] & 0xC0) == 0x80) off++;
            }
            last_pos.cp = i;
            last_pos.off = off;
            return off;
        }
        if (d < 0 && d > -16) {
            int64_t off = last_pos.off;
            for (; d < 0; d++) {
                off--;
                while (off > 0 && (p[off] & 0xC0) == 0x80) off--;
            }
            last_pos.cp = i;
            last_pos.off = off;
            return off;
        }
    }
    int64_t off = 0, cp = 0;
    if (s->length > STR_INDEX_STEP) {
        int32_t *index = string_index(s);
        int64_t blk = i / STR_INDEX_STEP;
        off = index[blk];
        cp = blk * STR_INDEX_STEP;
    }
    while (cp < i) {
        off++;
        while (off < s->nbytes && (p[off] & 0xC0) == 0x80) off++;
        cp++;
    }
    last_pos.s = s;
    last_pos.cp = i;
    last_pos.off = off;
    return off;
}

uint32_t str_char_at(Value v, int64_t i) {
    StrObject *s = V_AS(StrObject, v);
    if (s->ascii) return (unsigned char)s->data[i];
    int len;
    return utf8_decode(s->data + str_byte_offset(v, i), &len);
}

Value str_substr(Value v, int64_t start, int64_t end) {
    StrObject *s = V_AS(StrObject, v);
    if (start >= end) return str_empty;
    if (start == 0 && end == s->length && s->hdr.type == &str_type) return v;
    if (s->ascii) {
        if (end - start == 1) return str_ascii_chars[(unsigned char)s->data[start]];
        Value r = str_alloc((size_t)(end - start));
        StrObject *ro = V_AS(StrObject, r);
        memcpy(ro->data, s->data + start, (size_t)(end - start));
        ro->ascii = 1;
        ro->length = end - start;
        return r;
    }
    int64_t b0 = str_byte_offset(v, start), b1 = str_byte_offset(v, end);
    return str_new(s->data + b0, (size_t)(b1 - b0));
}

/* s[start:stop:step] of bounds already clamped, selecting n >= 0 code points */
static Value str_slice_clamped(Value s, int64_t start, int64_t stop, int64_t step, int64_t n) {
    if (step == 1) return str_substr(s, start, stop);
    if (n <= 1) return n == 0 ? str_empty : str_from_codepoint(str_char_at(s, start));
    StrObject *so = V_AS(StrObject, s);
    if (so->ascii) {
        Value r = str_alloc((size_t)n);
        StrObject *ro = V_AS(StrObject, r);
        const char *src = so->data + start;
        char *dst = ro->data;
        if (step == -1) {
            for (int64_t k = 0; k < n; k++) dst[k] = src[-k];
        } else {
            for (int64_t k = 0; k < n; k++) dst[k] = src[k * step];
        }
        ro->ascii = 1;
        ro->length = n;
        return r;
    }
    /* walk the code points from the first one taken, keeping every
       |step|-th one */
    const char *d = so->data;
    int64_t off = str_byte_offset(s, start), nb = so->nbytes;
    Buf b;
    char mem[256];
    buf_init_local(&b, mem, sizeof mem);
    for (int64_t k = 0;;) {
        int64_t e = off + 1;
        while (e < nb && ((unsigned char)d[e] & 0xC0) == 0x80) e++;
        buf_put(&b, d + off, (size_t)(e - off));
        if (++k == n) break;
        if (step > 0) {
            for (int64_t j = 0; j < step; j++) {
                off++;
                while (off < nb && ((unsigned char)d[off] & 0xC0) == 0x80) off++;
            }
        } else {
            for (int64_t j = 0; j < -step; j++) {
                off--;
                while (off > 0 && ((unsigned char)d[off] & 0xC0) == 0x80) off--;
            }
        }
    }
    return str_from_buf(&b);
}

Value str_getslice(Value s, Value start_v, Value stop_v, Value step_v) {
    int64_t start, stop, step;
    int64_t n = slice_bounds_indices(start_v, stop_v, step_v, str_len(s), &start, &stop, &step);
    if (n < 0) return VNULL;
    return str_slice_clamped(s, start, stop, step, n);
}

/* A bound of a step-1 slice of `length` code points, clamped to [0, length]. */
static inline int64_t unit_slice_bound(int64_t b, int64_t if_none, int64_t length) {
    if (b == LIST_SLICE_NONE) return if_none;
    if (b < 0) return b + length < 0 ? 0 : b + length;
    return b > length ? length : b;
}

/* str.h */
Value str_getslice_ints(Value s, int64_t start, int64_t stop, int64_t step) {
    if (step == 1) {   /* the common case, without slice_ints_adjust's generality */
        int64_t length = V_AS(StrObject, s)->length;
        return str_substr(s, unit_slice_bound(start, 0, length), unit_slice_bound(stop, length, length));
    }
    int64_t n = slice_ints_adjust(str_len(s), &start, &stop, step);
    return str_slice_clamped(s, start, stop, step, n);
}

/* str.h */
Value str_getitem_i64(Value s, int64_t i) {
    int64_t n = str_len(s);
    if (i < 0) i += n;
    if (i < 0 || i >= n) return err_set(&exc_IndexError, "string index out of range");
    if (str_is_ascii(s)) return str_ascii_chars[(unsigned char)str_data(s)[i]];
    return str_from_codepoint(str_char_at(s, i));
}

Value str_getitem(Value s, Value key) {
    if (v_is_int(key)) return str_getitem_i64(s, v_intval(key));
    if (slice_check(key)) {
        SliceObject *so = V_AS(SliceObject, key);
        return str_getslice(s, so->start, so->stop, so->step);
    }
    if (int_check(key) || (!v_is_smallfloat(key) && type_lookup(type_of(key), NAME(__index__)))) {
        int64_t i = obj_index_i64(key), n = str_len(s);   /* IndexError beyond 64 bits */
        if (i == -1 && err_occurred()) return VNULL;
        if (i < 0) i += n;
        if ((uint64_t)i >= (uint64_t)n) return err_set(&exc_IndexError, "string index out of range");
        return str_getitem(s, v_int(i));
    }
    return err_format(&exc_TypeError, "string indices must be integers, not '%T'", key);
}

/* ---- operations ---------------------------------------------------------------- */

Value str_concat(Value a, Value b) {
    StrObject *x = V_AS(StrObject, a), *y = V_AS(StrObject, b);
    if (y->nbytes == 0 && x->hdr.type == &str_type) return a;
    if (x->nbytes == 0 && y->hdr.type == &str_type) return b;
    Value r = str_try_alloc((size_t)(x->nbytes + y->nbytes));
    if (!r) return VNULL;
    StrObject *ro = V_AS(StrObject, r);
    memcpy(ro->data, x->data, (size_t)x->nbytes);
    memcpy(ro->data + x->nbytes, y->data, (size_t)y->nbytes);
    ro->ascii = x->ascii & y->ascii;
    ro->length = x->length + y->length;
    return r;
}

/* str.h */
Value str_concat_slice(Value a, Value b, int64_t start, int64_t stop) {
    StrObject *y = V_AS(StrObject, b);
    start = unit_slice_bound(start, 0, y->length);
    stop = unit_slice_bound(stop, y->length, y->length);
    if (start >= stop) return str_concat(a, str_empty);
    if (start == 0 && stop == y->length) return str_concat(a, b);
    int64_t b0 = y->ascii ? start : str_byte_offset(b, start), b1 = y->ascii ? stop : str_byte_offset(b, stop);
    StrObject *x = V_AS(StrObject, a);
    Value r = str_try_alloc((size_t)(x->nbytes + (b1 - b0)));
    if (!r) return VNULL;
    StrObject *ro = V_AS(StrObject, r);
    memcpy(ro->data, x->data, (size_t)x->nbytes);
    memcpy(ro->data + x->nbytes, y->data + b0, (size_t)(b1 - b0));
    /* a slice of a non-ASCII string may be all ASCII */
    ro->ascii = x->ascii && (y->ascii || stop - start == b1 - b0);
    ro->length = x->length + (stop - start);
    return r;
}

static Value str_repeat(Value s, Value n) {
    int64_t k = v_is_int(n) ? (v_intval(n) < 0 ? 0 : v_intval(n)) : int_repeat_count(n);
    if (k < 0) return VNULL;
    StrObject *so = V_AS(StrObject, s);
    if (k == 0 || so->nbytes == 0) return str_empty;
    if (k == 1 && so->hdr.type == &str_type) return s;
    if (str_len(s) > INT64_MAX / k) return err_set(&exc_OverflowError, "repeated string is too long");
    if (so->nbytes > INT64_MAX / k) return err_no_memory();
    size_t total = (size_t)(so->nbytes * k);
    Value r = str_try_alloc(total);
    if (!r) return VNULL;
    StrObject *ro = V_AS(StrObject, r);
    if (so->nbytes == 1) {
        memset(ro->data, so->data[0], total);
    } else {
        /* doubling copies */
        memcpy(ro->data, so->data, (size_t)so->nbytes);
        size_t done = (size_t)so->nbytes;
        while (done < total) {
            size_t c = done < total - done ? done : total - done;
            memcpy(ro->data + done, ro->data, c);
            done += c;
        }
    }
    ro->ascii = so->ascii;
    ro->length = so->length * k;
    return r;
}

static Value str_binop(Value a, Value b, int op) {
    switch (BINOP_BASE(op)) {
    case BINOP_ADD:
        if (str_check(a) && str_check(b)) return str_concat(a, b);
        /* a class's __radd__ gets its chance first (CPython tries it
           before sequence concatenation); the error is then obj_binop's */
        if (str_check(a) && !(op & BINOP_REFLECTED) && !type_has_flag(type_of(b), TF_HEAPTYPE))
            return err_format(&exc_TypeError, "can only concatenate str (not \"%T\") to str", b);
        return V_NOTIMPL;
    case BINOP_MUL:
        if (str_check(a) && int_check(b)) return str_repeat(a, b);
        if (str_check(b) && int_check(a)) return str_repeat(b, a);
        return V_NOTIMPL;
    case BINOP_MOD:
        if (str_check(a)) return str_mod(a, b);
        return V_NOTIMPL;
    default: return V_NOTIMPL;
    }
}

static int64_t str_len_slot(Value s) { return str_len(s); }

static int str_contains(Value s, Value item) {
    if (!str_check(item)) {
        err_format(&exc_TypeError, "'in <string>' requires string as left operand, not %T", item);
        return -1;
    }
    int64_t n = str_nbytes(item);
    if (n == 0) return 1;
    if (n == 1) return memchr(str_data(s), str_data(item)[0], (size_t)str_nbytes(s)) != NULL;
    return memmem(str_data(s), (size_t)str_nbytes(s), str_data(item), (size_t)n) != NULL;
}

static int64_t str_hash_slot(Value s) { return str_hash(s); }

/* repr(): CPython's quoting rules: single quotes unless the string contains
 * a single quote and no double quote; escapes \\ \n \r \t, \xhh for other
 * control characters and DEL, and non-printable code points as \x \u \U. */
static bool cp_printable(uint32_t c) { return unicode_isprintable(c); }

Value str_repr(Value s) {
    const char *d = str_data(s);
    int64_t n = str_nbytes(s);
    bool has_sq = memchr(d, '\'', (size_t)n) != NULL, has_dq = memchr(d, '"', (size_t)n) != NULL;
    char q = (has_sq && !has_dq) ? '"' : '\'';
    Buf b;
    char b_mem[256];
    buf_init_local(&b, b_mem, sizeof b_mem);
    buf_putc(&b, q);
    const char *p = d, *end = d + n;
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x80) {
            p++;
            if (c == (unsigned char)q || c == '\\') {
                buf_putc(&b, '\\');
                buf_putc(&b, (char)c);
            } else if (c == '\n') {
                buf_puts(&b, "\\n");
            } else if (c == '\r') {
                buf_puts(&b, "\\r");
            } else if (c == '\t') {
                buf_puts(&b, "\\t");
            } else if (c < 0x20 || c == 0x7F) {
                buf_printf(&b, "\\x%02x", c);
            } else {
                buf_putc(&b, (char)c);
            }
            continue;
        }
        int l;
        uint32_t cp = utf8_decode(p, &l);
        if (cp_printable(cp)) {
            buf_put(&b, p, (size_t)l);
        } else if (cp < 0x100) {
            buf_printf(&b, "\\x%02x", cp);
        } else if (cp < 0x10000) {
            buf_printf(&b, "\\u%04x", cp);
        } else {
            buf_printf(&b, "\\U%08x", cp);
        }
        p += l;
    }
    buf_putc(&b, q);
    return str_new(b.data, b.len);
}

static Value str_str(Value s) {
    if (V_OBJ(s)->type == &str_type) return s;
    return str_new(str_data(s), (size_t)str_nbytes(s));
}

/* iteration */
typedef struct StrIterObject {
    Object hdr;
    Value s;
    int64_t index;      /* code point */
    int64_t offset;     /* byte offset */
} StrIterObject;

static Type striter_type, strasciiiter_type;

static Value str_iter(Value s) {
    StrIterObject *it = (StrIterObject *)obj_alloc(str_is_ascii(s) ? &strasciiiter_type : &striter_type, sizeof *it);
    it->s = s;
    return V_FROM_PTR(it);
}

static Value striter_next(Value v) {
    StrIterObject *it = V_AS(StrIterObject, v);
    if (!it->s) return VNULL;
    StrObject *s = V_AS(StrObject, it->s);
    if (it->offset >= s->nbytes) {
        it->s = VNULL;
        return VNULL;
    }
    unsigned char c = (unsigned char)s->data[it->offset];
    it->index++;
    if (c < 0x80) {
        it->offset++;
        return str_ascii_chars[c];
    }
    int l;
    uint32_t cp = utf8_decode(s->data + it->offset, &l);
    it->offset += l;
    return str_from_codepoint(cp);
}

static Value iter_self(Value v) { return v; }

static Value striter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    StrIterObject *it = V_AS(StrIterObject, args[0]);
    if (!it->s) return v_int(0);
    return v_int(str_len(it->s) - it->index);
}

/* pickling: (iter, (s,), index), or an exhausted one over '' */
static Value striter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    StrIterObject *it = V_AS(StrIterObject, args[0]);
    if (!it->s) return iter_reduce(str_intern_cstr(""), VNULL);
    return iter_reduce(it->s, int_from_i64(it->index));
}

/* the index clamped to [0, len], as CPython's */
static Value striter_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    StrIterObject *it = V_AS(StrIterObject, args[0]);
    Value iv = obj_index(args[1]);
    if (!iv) return VNULL;
    if (it->s) {
        it->index = int_as_i64_clamped(iv, 0, str_len(it->s));
        it->offset = str_byte_offset(it->s, it->index);
    }
    return V_NONE;
}

static const MethodDef striter_methods[] = {
    {"__length_hint__", striter_length_hint, 0, NULL},
    {"__reduce__", striter_reduce, 0, NULL},
    {"__setstate__", striter_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type striter_type = {
    .tname = "str_iterator",
    .basicsize = sizeof(StrIterObject),
    .iter = iter_self,
    .iternext = striter_next,
    .flags = TF_ABSTRACT_NEW,   /* made by iter() only */
};

/* ---- the C-side formatter ------------------------------------------------------ */

void buf_vformat(Buf *b, const char *fmt, va_list ap) {
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            buf_putc(b, *p);
            continue;
        }
        p++;
        switch (*p) {
        case '%': buf_putc(b, '%'); break;
        case 's': {
            const char *s = va_arg(ap, const char *);
            buf_puts(b, s ? s : "(null)");
            break;
        }
        case 'd': buf_printf(b, "%d", va_arg(ap, int)); break;
        /* (every conversion takes its argument: one left unread would
           shift those after it, a %s then reading an int) */
        case 'x': buf_printf(b, "%x", va_arg(ap, unsigned)); break;
        case 'u': buf_printf(b, "%u", va_arg(ap, unsigned)); break;
        case 'c': {
            char tmp[4];
            buf_put(b, tmp, (size_t)utf8_encode((uint32_t)va_arg(ap, int), tmp));
            break;
        }
        case 'p': buf_printf(b, "%p", va_arg(ap, void *)); break;
        case 'l':
            if (p[1] == 'l' && (p[2] == 'd' || p[2] == 'u' || p[2] == 'x')) {
                long long x = va_arg(ap, long long);
                if (p[2] == 'd') buf_printf(b, "%lld", x);
                else buf_printf(b, p[2] == 'u' ? "%llu" : "%llx", (unsigned long long)x);
                p += 2;
            } else if (p[1] == 'd' || p[1] == 'u' || p[1] == 'x') {
                long x = va_arg(ap, long);
                if (p[1] == 'd') buf_printf(b, "%ld", x);
                else buf_printf(b, p[1] == 'u' ? "%lu" : "%lx", (unsigned long)x);
                p++;
            }
            break;
        case 'z':
            if (p[1] == 'd') buf_printf(b, "%zd", va_arg(ap, ssize_t));
            else if (p[1] == 'u') buf_printf(b, "%zu", va_arg(ap, size_t));
            p++;
            break;
        case 'R':
        case 'S': {
            Value v = va_arg(ap, Value);
            Value r = *p == 'R' ? obj_repr(v) : obj_str(v);
            if (!r) {
                err_clear();
                buf_puts(b, "<?>");
            } else {
                buf_put(b, str_data(r), (size_t)str_nbytes(r));
            }
            break;
        }
        case 'T': {
            Value v = va_arg(ap, Value);
            buf_puts(b, v ? type_of(v)->tname : "NULL");
            break;
        }
        case 'U': {
            Value v = va_arg(ap, Value);
            /* a str by contract; anything else (a caller's bug) shows as "<?>"
               rather than reading memory that is not a string's */
            if (v && str_check(v)) buf_put(b, str_data(v), (size_t)str_nbytes(v));
            else buf_puts(b, "<?>");
            break;
        }
        default:
            buf_putc(b, '%');
            if (*p) buf_putc(b, *p);
            else p--;
        }
    }
}

Value str_vprintf(const char *fmt, va_list ap) {
    Buf b;
    char b_mem[256];
    buf_init_local(&b, b_mem, sizeof b_mem);
    buf_vformat(&b, fmt, ap);
    return str_new(b.data, b.len);
}

Value str_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    Value r = str_vprintf(fmt, ap);
    va_end(ap);
    return r;
}

/* ---- the type ------------------------------------------------------------------ */

Value str_new_slot(Type *t, Value *args, size_t nargs, Value kwnames);  /* str_methods.c */
extern const MethodDef str_methods[];                                   /* str_methods.c */

Type str_type = {
    .tname = "str",
    .flags = TF_BASETYPE | TF_STR_SUBCLASS,
    .basicsize = sizeof(StrObject),
    .repr = str_repr,
    .str = str_str,
    .hash = str_hash_slot,
    .richcompare = str_richcompare,
    .binop = str_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_MUL) | (1u << BINOP_MOD) | BINOP_MASK_CONCAT,
    .len = str_len_slot,
    .getitem = str_getitem,
    .contains = str_contains,
    .iter = str_iter,
    .new_ = str_new_slot,
};

void str_init(void) {
    str_empty = str_alloc(0);
    str_finish(str_empty);
    for (int c = 0; c < 128; c++) {
        Value v = str_alloc(1);
        V_AS(StrObject, v)->data[0] = (char)c;
        str_ascii_chars[c] = str_finish(v);
    }
    /* keep them reachable: they are also in the intern table */
    str_intern(str_empty);
    for (int c = 0; c < 128; c++) str_intern(str_ascii_chars[c]);
}

void str_init_types(void) {
    type_add_methods(&str_type, str_methods);
    type_ready(&str_type);
    type_add_methods(&striter_type, striter_methods);
    type_ready(&striter_type);
    strasciiiter_type.tname = "str_ascii_iterator";
    strasciiiter_type.basicsize = striter_type.basicsize;
    strasciiiter_type.iter = striter_type.iter;
    strasciiiter_type.iternext = striter_type.iternext;
    strasciiiter_type.flags |= TF_ABSTRACT_NEW;
    type_add_methods(&strasciiiter_type, striter_methods);
    type_ready(&strasciiiter_type);
}
