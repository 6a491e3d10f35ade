/* _json.c: the json package's accelerator (CPython's Modules/_json.c API):
 * scanstring, make_scanner (type Scanner), make_encoder (type Encoder),
 * encode_basestring_ascii and encode_basestring.
 *
 * Both directions work on the UTF-8 bytes of tpy's strings: JSON's syntax
 * is ASCII, so the parser walks bytes and copies the bytes between the
 * syntax as they are; positions become code point indices only where
 * Python sees them (the end index returned, error positions), counted
 * from the position the call started at. The encoder writes every chunk
 * into one byte buffer and makes one string at the end.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"
#include "../util/numfmt.h"
#include "modules.h"

static Type scanner_type, encoder_type;

/* ==== decoding ============================================================ */

typedef struct ScannerObject {
    Object hdr;
    bool strict;
    Value object_hook, object_pairs_hook, parse_float, parse_int, parse_constant;
} ScannerObject;

/* One key of the memo: keys equal by content are one object per scan. */
typedef struct MemoEntry {
    uint64_t h;
    Value key;      /* VNULL: empty slot */
} MemoEntry;

/* The state of one decoding call. Positions are byte offsets into p;
 * (b0, c0) is a byte offset and its code point index, where counting
 * code points for Python starts. */
typedef struct Scan {
    ScannerObject *s;       /* NULL for scanstring() */
    Value pystr;
    const unsigned char *p;
    int64_t n;
    bool ascii;
    int64_t b0, c0;
    Buf scratch;            /* a string with escapes decodes here */
    MemoEntry *memo;        /* open addressing, power-of-two size: first
                               memo0, then collector memory */
    int64_t memo_mask, memo_used;
    MemoEntry memo0[16];
} Scan;

#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL
/* UTF-8 continuation bytes (10xxxxxx) in w: their high bits, summed by a
 * multiplication into the top byte (no popcount instruction needed) */
static inline int swar_cont(uint64_t w) { return (int)((((w & ~(w << 1) & HIGHS) >> 7) * ONES) >> 56); }

/* Code points in the UTF-8 p[0..n): the bytes that do not continue one,
 * eight at a time. */
static int64_t count_cp(const unsigned char *p, int64_t n) {
    int64_t cont = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        cont += swar_cont(w);
    }
    for (; i < n; i++) cont += (p[i] & 0xC0) == 0x80;
    return n - cont;
}

/* Code point index of the character at byte offset b. (Only the quote
 * before scanstring()'s `end`, which may be any character, lies before b0.) */
static int64_t to_cp(Scan *sc, int64_t b) {
    if (sc->ascii || b < 0) return b;
    if (b >= sc->b0) return sc->c0 + count_cp(sc->p + sc->b0, b - sc->b0);
    return count_cp(sc->p, b + 1) - 1;
}

/* Raise json.decoder.JSONDecodeError(msg, doc, pos), the class of the
 * json.decoder in sys.modules now, as CPython's. */
static void raise_errmsg(Scan *sc, const char *msg, int64_t b) {
    Value mod = import_name(str_intern_cstr("json.decoder"),
                            tuple_pack(1, str_intern_cstr("JSONDecodeError")), v_int(0), VNULL);
    if (!mod) return;
    Value cls = obj_getattr_cstr(mod, "JSONDecodeError");
    if (!cls) return;
    Value args[3] = {str_from_cstr(msg), sc->pystr, int_from_i64(to_cp(sc, b))};
    Value exc = obj_call(cls, args, 3, VNULL);
    if (exc) err_set_exc(exc);
}

static void raise_stop(Scan *sc, int64_t b) { err_stop_iteration(int_from_i64(to_cp(sc, b))); }

/* Bytes that end a run of plain string content: '"', '\\' and controls. */
static uint8_t str_stop[256];

/* Eight bytes at a time (SWAR): is any byte of w below 0x20, '"' or '\\'?
 * (Exact as a whole-word answer: a borrow only runs on from a byte that
 * matched.) */
static inline uint64_t swar_zero(uint64_t w) { return (w - ONES) & ~w & HIGHS; }
static inline bool swar_stop(uint64_t w) {
    return ((((w - ONES * 0x20) & ~w) | swar_zero(w ^ (ONES * '"')) | swar_zero(w ^ (ONES * '\\'))) & HIGHS) != 0;
}

/* Skip plain content from i: returns the offset of the first stop byte (or
 * n), adding the continuation bytes passed to *cont. */
static inline int64_t skip_plain(const unsigned char *p, int64_t i, int64_t n, int64_t *cont) {
    int64_t c = 0;
    while (i + 8 <= n) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        if (swar_stop(w)) break;
        c += swar_cont(w);
        i += 8;
    }
    /* the rest, or up to the stop byte in the word that has one */
    while (i < n && !str_stop[p[i]]) c += (p[i++] & 0xC0) == 0x80;
    *cont += c;
    return i;
}

/* A str of the n bytes of UTF-8 at d holding ncp code points. */
static Value make_str(const char *d, int64_t n, int64_t ncp) {
    if (n <= 1) return str_new(d, (size_t)n);
    Value r = str_alloc((size_t)n);
    StrObject *so = V_AS(StrObject, r);
    memcpy(so->data, d, (size_t)n);
    so->ascii = ncp == n;
    so->length = ncp;
    return r;
}

static int hexval(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Four hex digits at q (all in bounds): their value, or -1. */
static int32_t hex4(const unsigned char *q) {
    int32_t v = 0;
    for (int k = 0; k < 4; k++) {
        int d = hexval(q[k]);
        if (d < 0) return -1;
        v = v << 4 | d;
    }
    return v;
}

/* past plain content and, when not strict, raw control characters: the
   offset of the next quote, backslash or (strict) control character */
static int64_t skip_content(const unsigned char *p, int64_t i, int64_t n, int64_t *cont, bool strict) {
    for (;;) {
        i = skip_plain(p, i, n, cont);
        if (i < n && p[i] < 0x20 && !strict) {
            i++;
            continue;
        }
        return i;
    }
}

/* Decode the JSON string whose content starts at byte `start` (after the
 * opening quote). On success *d, *len give the decoded UTF-8 (in the
 * document itself when there is no escape, else in sc->scratch), *ncp its
 * code point count and *endp the offset after the closing quote; -1 with
 * JSONDecodeError set. */
static int decode_string(Scan *sc, int64_t start, bool strict, const char **d, int64_t *len,
                         int64_t *ncp, int64_t *endp) {
    const unsigned char *p = sc->p;
    int64_t n = sc->n, begin = start - 1, i = start;
    int64_t cont = 0;   /* continuation bytes in the decoded text */
    /* the common case: no escape before the closing quote */
    i = skip_content(p, i, n, &cont, strict);
    if (i >= n) {
        raise_errmsg(sc, "Unterminated string starting at", begin);
        return -1;
    }
    if (p[i] == '"') {
        *d = (const char *)p + start;
        *len = i - start;
        *ncp = *len - cont;
        *endp = i + 1;
        return 0;
    }
    if (p[i] != '\\') {
        raise_errmsg(sc, "Invalid control character at", i);
        return -1;
    }
    Buf *b = &sc->scratch;
    b->len = 0;
    int64_t run = start;
    for (;;) {
        /* here p[i] is '"' or '\\' (i < n); p[run..i) is plain content */
        buf_put(b, (const char *)p + run, (size_t)(i - run));
        if (p[i] == '"') {
            i++;
            break;
        }
        int64_t bs = i++;   /* the backslash */
        if (i == n) {
            raise_errmsg(sc, "Unterminated string starting at", begin);
            return -1;
        }
        unsigned char c = p[i];
        if (c != 'u') {
            char e;
            switch (c) {
            case '"': e = '"'; break;
            case '\\': e = '\\'; break;
            case '/': e = '/'; break;
            case 'b': e = '\b'; break;
            case 'f': e = '\f'; break;
            case 'n': e = '\n'; break;
            case 'r': e = '\r'; break;
            case 't': e = '\t'; break;
            default:
                raise_errmsg(sc, "Invalid \\escape", bs);
                return -1;
            }
            buf_putc(b, e);
            i++;
        } else {
            /* CPython wants a character after the four digits (the quote
               at least) before it reads them */
            if (i + 5 >= n) {
                raise_errmsg(sc, "Invalid \\uXXXX escape", i);
                return -1;
            }
            int32_t cp = hex4(p + i + 1);
            if (cp < 0) {
                raise_errmsg(sc, "Invalid \\uXXXX escape", i);
                return -1;
            }
            i += 5;
            /* a high surrogate escape followed by a low one is one character */
            if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 < n && p[i] == '\\' && p[i + 1] == 'u') {
                int32_t lo = hex4(p + i + 2);
                if (lo < 0) {
                    raise_errmsg(sc, "Invalid \\uXXXX escape", i + 1);
                    return -1;
                }
                if (lo >= 0xDC00 && lo <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    i += 6;
                }
            }
            char u[4];
            int k = utf8_encode((uint32_t)cp, u);
            buf_put(b, u, (size_t)k);
            cont += k - 1;
        }
        /* the next run of plain content */
        run = i;
        i = skip_content(p, i, n, &cont, strict);
        if (i >= n) {
            raise_errmsg(sc, "Unterminated string starting at", begin);
            return -1;
        }
        if (p[i] < 0x20) {
            raise_errmsg(sc, "Invalid control character at", i);
            return -1;
        }
    }
    *d = b->data;
    *len = (int64_t)b->len;
    *ncp = *len - cont;
    *endp = i;
    return 0;
}

static Value scan_str(Scan *sc, int64_t start, bool strict, int64_t *endp) {
    const char *d;
    int64_t len, ncp;
    if (decode_string(sc, start, strict, &d, &len, &ncp, endp) < 0) return VNULL;
    return make_str(d, len, ncp);
}

static uint64_t bytes_hash(const char *d, int64_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)n;
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, d + i, 8);
        h = (h ^ w) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
    }
    uint64_t w = 0;
    memcpy(&w, d + i, (size_t)(n - i));
    h = (h ^ w) * 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 29);
}

/* The key decoded from d[0..n): the one made earlier in this scan when one
 * has these contents (CPython's memo dict), else a new str. */
static Value memo_key(Scan *sc, const char *d, int64_t n, int64_t ncp) {
    uint64_t h = bytes_hash(d, n);
    for (int64_t j = (int64_t)(h & (uint64_t)sc->memo_mask);; j = (j + 1) & sc->memo_mask) {
        MemoEntry *e = &sc->memo[j];
        if (!e->key) break;
        if (e->h == h && str_nbytes(e->key) == n && memcmp(str_data(e->key), d, (size_t)n) == 0) return e->key;
    }
    Value key = make_str(d, n, ncp);
    if (2 * (sc->memo_used + 1) > sc->memo_mask + 1) {
        int64_t size = 2 * (sc->memo_mask + 1);
        MemoEntry *t = gc_alloc(sizeof(MemoEntry) * (size_t)size);
        for (int64_t k = 0; k <= sc->memo_mask; k++) {
            if (!sc->memo[k].key) continue;
            int64_t j = (int64_t)(sc->memo[k].h & (uint64_t)(size - 1));
            while (t[j].key) j = (j + 1) & (size - 1);
            t[j] = sc->memo[k];
        }
        sc->memo = t;
        sc->memo_mask = size - 1;
    }
    int64_t j = (int64_t)(h & (uint64_t)sc->memo_mask);
    while (sc->memo[j].key) j = (j + 1) & sc->memo_mask;
    sc->memo[j].h = h;
    sc->memo[j].key = key;
    sc->memo_used++;
    return key;
}

static inline bool is_ws(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static Value scan_once(Scan *sc, int64_t i, int64_t *endp);

static Value parse_object(Scan *sc, int64_t i, int64_t *endp) {
    ScannerObject *s = sc->s;
    const unsigned char *p = sc->p;
    int64_t n = sc->n;
    bool pairs = s->object_pairs_hook != V_NONE;
    Value rval = pairs ? list_new(0) : dict_new();
    while (i < n && is_ws(p[i])) i++;
    if (i >= n || p[i] != '}') {
        for (;;) {
            if (i >= n || p[i] != '"') {
                raise_errmsg(sc, "Expecting property name enclosed in double quotes", i);
                return VNULL;
            }
            const char *d;
            int64_t len, ncp, next;
            if (decode_string(sc, i + 1, s->strict, &d, &len, &ncp, &next) < 0) return VNULL;
            Value key = memo_key(sc, d, len, ncp);
            i = next;
            while (i < n && is_ws(p[i])) i++;
            if (i >= n || p[i] != ':') {
                raise_errmsg(sc, "Expecting ':' delimiter", i);
                return VNULL;
            }
            i++;
            while (i < n && is_ws(p[i])) i++;
            Value val = scan_once(sc, i, &next);
            if (!val) return VNULL;
            if (pairs) {
                if (list_push(rval, tuple_pack(2, key, val)) < 0) return VNULL;
            } else if (dict_set(rval, key, val) < 0) {
                return VNULL;
            }
            i = next;
            while (i < n && is_ws(p[i])) i++;
            if (i < n && p[i] == '}') break;
            if (i >= n || p[i] != ',') {
                raise_errmsg(sc, "Expecting ',' delimiter", i);
                return VNULL;
            }
            i++;
            while (i < n && is_ws(p[i])) i++;
        }
    }
    *endp = i + 1;
    if (pairs) return obj_call1(s->object_pairs_hook, rval);
    if (s->object_hook != V_NONE) return obj_call1(s->object_hook, rval);
    return rval;
}

static Value parse_array(Scan *sc, int64_t i, int64_t *endp) {
    const unsigned char *p = sc->p;
    int64_t n = sc->n;
    Value rval = list_new(0);
    while (i < n && is_ws(p[i])) i++;
    if (i >= n || p[i] != ']') {
        for (;;) {
            int64_t next;
            Value val = scan_once(sc, i, &next);
            if (!val) return VNULL;
            if (list_push(rval, val) < 0) return VNULL;
            i = next;
            while (i < n && is_ws(p[i])) i++;
            if (i < n && p[i] == ']') break;
            if (i >= n || p[i] != ',') {
                raise_errmsg(sc, "Expecting ',' delimiter", i);
                return VNULL;
            }
            i++;
            while (i < n && is_ws(p[i])) i++;
        }
    }
    *endp = i + 1;
    return rval;
}

static Value parse_constant(Scan *sc, const char *name, int64_t i, int64_t *endp) {
    size_t k = strlen(name);
    *endp = i + (int64_t)k;
    return obj_call1(sc->s->parse_constant, str_intern_cstr(name));
}

static const double pow10_exact[23] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* The value of the float literal t[0..len) (JSON's syntax, checked). */
static Value float_of(const char *t, int64_t len) {
    /* exact when the digits fit a double's mantissa and the power of ten
       is exact: one correctly rounded multiplication or division */
    int64_t k = 0;
    bool neg = t[0] == '-';
    if (neg) k++;
    uint64_t m = 0;
    int ndig = 0, frac = 0;
    bool dot = false;
    for (; k < len; k++) {
        char c = t[k];
        if (c == '.') {
            dot = true;
            continue;
        }
        if (c < '0' || c > '9') break;
        if (m || c != '0') {
            if (++ndig > 19) break;
            m = m * 10 + (uint64_t)(c - '0');
        }
        if (dot) frac++;
    }
    if (ndig <= 19 && m < ((uint64_t)1 << 53)) {
        int64_t e = 0;
        bool ok = true;
        if (k < len) {   /* at 'e' or 'E' */
            k++;
            bool eneg = t[k] == '-';
            if (t[k] == '-' || t[k] == '+') k++;
            for (; k < len; k++) {
                if (e > 1000) {
                    ok = false;
                    break;
                }
                e = e * 10 + (t[k] - '0');
            }
            if (eneg) e = -e;
        }
        e -= frac;
        if (ok && (m == 0 || (e >= -22 && e <= 22))) {
            double d = (double)m;
            if (m) d = e < 0 ? d / pow10_exact[-e] : d * pow10_exact[e];
            return float_from_double(neg ? -d : d);
        }
    }
    /* else glibc's correctly rounding strtod, which reads JSON's syntax
       (numfmt.c relies on its C locale too) */
    char local[64];
    char *z = len < (int64_t)sizeof local ? local : gc_alloc_atomic((size_t)len + 1);
    memcpy(z, t, (size_t)len);
    z[len] = 0;
    return float_from_double(numfmt_strtod_c(z, NULL));
}

static inline bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static Value match_number(Scan *sc, int64_t start, int64_t *endp) {
    ScannerObject *s = sc->s;
    const unsigned char *p = sc->p;
    int64_t n = sc->n, i = start;
    bool is_float = false;
    if (p[i] == '-') {
        i++;
        if (i >= n) {
            raise_stop(sc, start);
            return VNULL;
        }
    }
    if (p[i] >= '1' && p[i] <= '9') {
        i++;
        while (i < n && is_digit(p[i])) i++;
    } else if (p[i] == '0') {
        i++;
    } else {
        raise_stop(sc, start);
        return VNULL;
    }
    if (i + 1 < n && p[i] == '.' && is_digit(p[i + 1])) {
        is_float = true;
        i += 2;
        while (i < n && is_digit(p[i])) i++;
    }
    if (i + 1 < n && (p[i] == 'e' || p[i] == 'E')) {
        int64_t e_start = i++;
        if (i + 1 < n && (p[i] == '-' || p[i] == '+')) i++;
        while (i < n && is_digit(p[i])) i++;
        if (is_digit(p[i - 1])) is_float = true;
        else i = e_start;
    }
    *endp = i;
    const char *t = (const char *)p + start;
    int64_t len = i - start;
    Value custom = is_float ? (s->parse_float != V_FROM_PTR(&float_type) ? s->parse_float : VNULL)
                            : (s->parse_int != V_FROM_PTR(&int_type) ? s->parse_int : VNULL);
    if (custom) return obj_call1(custom, make_str(t, len, len));
    if (is_float) return float_of(t, len);
    bool neg = t[0] == '-';
    if (len - neg <= 18) {
        int64_t x = 0;
        for (int64_t k = neg; k < len; k++) x = x * 10 + (t[k] - '0');
        return v_int(neg ? -x : x);
    }
    return int_from_string(t, (size_t)len, 10);
}

static bool word_at(Scan *sc, int64_t i, const char *w, int64_t k) {
    return i + k <= sc->n && memcmp(sc->p + i, w, (size_t)k) == 0;
}

/* One JSON value at byte i: the value and *endp, or VNULL with the error
 * (StopIteration(index) when no value starts there). */
static Value scan_once(Scan *sc, int64_t i, int64_t *endp) {
    if (i >= sc->n) {
        raise_stop(sc, i);
        return VNULL;
    }
    Value r;
    switch (sc->p[i]) {
    case '"':
        return scan_str(sc, i + 1, sc->s->strict, endp);
    case '{':
        if (interp_enter_recursive(" while decoding a JSON object from a unicode string") < 0) return VNULL;
        r = parse_object(sc, i + 1, endp);
        interp_leave_recursive();
        return r;
    case '[':
        if (interp_enter_recursive(" while decoding a JSON array from a unicode string") < 0) return VNULL;
        r = parse_array(sc, i + 1, endp);
        interp_leave_recursive();
        return r;
    case 'n':
        if (word_at(sc, i, "null", 4)) {
            *endp = i + 4;
            return V_NONE;
        }
        break;
    case 't':
        if (word_at(sc, i, "true", 4)) {
            *endp = i + 4;
            return V_TRUE;
        }
        break;
    case 'f':
        if (word_at(sc, i, "false", 5)) {
            *endp = i + 5;
            return V_FALSE;
        }
        break;
    case 'N':
        if (word_at(sc, i, "NaN", 3)) return parse_constant(sc, "NaN", i, endp);
        break;
    case 'I':
        if (word_at(sc, i, "Infinity", 8)) return parse_constant(sc, "Infinity", i, endp);
        break;
    case '-':
        if (word_at(sc, i, "-Infinity", 9)) return parse_constant(sc, "-Infinity", i, endp);
        break;
    }
    return match_number(sc, i, endp);
}

/* mem: SCRATCH bytes that live as long as *sc (the caller's stack) */
#define SCRATCH 256
static void scan_setup(Scan *sc, ScannerObject *s, Value str, int64_t idx, char *mem) {
    memset(sc, 0, sizeof *sc);
    sc->s = s;
    sc->pystr = str;
    sc->p = (const unsigned char *)str_data(str);
    sc->n = str_nbytes(str);
    sc->ascii = str_is_ascii(str);
    sc->c0 = idx;
    sc->b0 = str_byte_offset(str, idx);
    buf_init_local(&sc->scratch, mem, SCRATCH);
    sc->memo = sc->memo0;
    sc->memo_mask = 15;
}

/* An index argument (CPython's 'n' conversion). */
static int index_arg(Value v, int64_t *out) {
    Value i = obj_index(v);
    if (!i) return -1;
    *out = int_as_i64(i);
    if (*out == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    return 0;
}

/* scanstring(string, end, strict=True, /). CPython parses it with
 * PyArg_ParseTuple, whose count messages ("takes at least 2 arguments (1
 * given)") are not Argument Clinic's: the check before arg_parse gives them. */
static Value m_scanstring(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"scanstring", 3, 2, 0, {"", "", "", NULL}};
    if (!kwnames && (nargs < 2 || nargs > 3))
        return err_format(&exc_TypeError, "scanstring() takes at %s (%zd given)",
                          nargs < 2 ? "least 2 arguments" : "most 3 arguments", (ssize_t)nargs);
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t end, strict = 1;
    if (index_arg(a[1], &end) < 0) return VNULL;
    if (a[2]) {   /* a C int */
        Value iv = obj_index(a[2]);
        if (!iv) return VNULL;
        int64_t x = int_as_i64(iv);
        if (x == -1 && err_occurred()) {
            err_clear();
            return err_set(&exc_OverflowError, "Python int too large to convert to C long");
        }
        if (x > INT32_MAX || x < INT32_MIN)
            return err_format(&exc_OverflowError, "signed integer is %s than %s", int_sign(iv) > 0 ? "greater" : "less",
                              int_sign(iv) > 0 ? "maximum" : "minimum");
        strict = x;
    }
    if (!str_check(a[0]))
        return err_format(&exc_TypeError, "first argument must be a string, not %T", a[0]);
    if (end < 0 || end > str_len(a[0])) return err_set(&exc_ValueError, "end is out of bounds");
    Scan sc;
    char mem[SCRATCH];
    scan_setup(&sc, NULL, a[0], end, mem);
    int64_t next;
    Value r = scan_str(&sc, sc.b0, strict != 0, &next);
    if (!r) return VNULL;
    return tuple_pack(2, r, int_from_i64(to_cp(&sc, next)));
}

static Value scanner_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"make_scanner", 0, 1, 0, {"context", NULL}};
    Value ctx;
    if (arg_parse(&spec, args, nargs, kwnames, &ctx) < 0) return VNULL;
    ScannerObject *s = (ScannerObject *)obj_alloc(t, sizeof(ScannerObject));
    Value strict = obj_getattr_cstr(ctx, "strict");
    if (!strict) return VNULL;
    int st = obj_truth(strict);
    if (st < 0) return VNULL;
    s->strict = st;
    if (!(s->object_hook = obj_getattr_cstr(ctx, "object_hook"))) return VNULL;
    if (!(s->object_pairs_hook = obj_getattr_cstr(ctx, "object_pairs_hook"))) return VNULL;
    if (!(s->parse_float = obj_getattr_cstr(ctx, "parse_float"))) return VNULL;
    if (!(s->parse_int = obj_getattr_cstr(ctx, "parse_int"))) return VNULL;
    if (!(s->parse_constant = obj_getattr_cstr(ctx, "parse_constant"))) return VNULL;
    return V_FROM_PTR(s);
}

/* scanner(string, idx) -> (value, end) */
static Value scanner_call(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"scan_once", 0, 2, 0, {"string", "idx", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t idx;
    if (index_arg(a[1], &idx) < 0) return VNULL;
    if (!str_check(a[0]))
        return err_format(&exc_TypeError, "first argument must be a string, not %T", a[0]);
    if (idx < 0) return err_set(&exc_ValueError, "idx cannot be negative");
    if (idx >= str_len(a[0])) return err_stop_iteration(int_from_i64(idx));
    Scan sc;
    char mem[SCRATCH];
    scan_setup(&sc, V_AS(ScannerObject, self), a[0], idx, mem);
    int64_t next;
    Value r = scan_once(&sc, sc.b0, &next);
    if (!r) return VNULL;
    return tuple_pack(2, r, int_from_i64(to_cp(&sc, next)));
}

#define SCANNER(v) V_AS(ScannerObject, v)
static Value sc_strict(Value self) { return v_bool(SCANNER(self)->strict); }
static Value sc_object_hook(Value self) { return SCANNER(self)->object_hook; }
static Value sc_object_pairs_hook(Value self) { return SCANNER(self)->object_pairs_hook; }
static Value sc_parse_float(Value self) { return SCANNER(self)->parse_float; }
static Value sc_parse_int(Value self) { return SCANNER(self)->parse_int; }
static Value sc_parse_constant(Value self) { return SCANNER(self)->parse_constant; }

static const GetSetDef scanner_getsets[] = {
    {"strict", sc_strict, NULL, "strict"},
    {"object_hook", sc_object_hook, NULL, "object_hook"},
    {"object_pairs_hook", sc_object_pairs_hook, NULL, NULL},
    {"parse_float", sc_parse_float, NULL, "parse_float"},
    {"parse_int", sc_parse_int, NULL, "parse_int"},
    {"parse_constant", sc_parse_constant, NULL, "parse_constant"},
    {NULL, NULL, NULL, NULL},
};

static Type scanner_type = {
    .tname = "_json.Scanner",
    .basicsize = sizeof(ScannerObject),
    .new_ = scanner_new,
    .call = scanner_call,
};

/* ==== encoding ============================================================ */

enum { FAST_NONE, FAST_ASCII, FAST_UNICODE };

typedef struct EncoderObject {
    Object hdr;
    Value markers;      /* dict (id -> object of the containers being encoded) or None */
    Value defaultfn, encoder, indent, key_separator, item_separator;
    bool sort_keys, skipkeys, allow_nan;
    int fast;           /* encoder is one of this module's two functions */
} EncoderObject;

static const char hexdig[] = "0123456789abcdef";

/* Bytes that encode_basestring copies as they are: not '"', '\\', control.
 * encode_basestring_ascii copies fewer: not DEL or non-ASCII either. */
static uint8_t plain_unicode[256], plain_ascii[256];

/* Plain content from i on for the encoder: the offset of the first byte
 * to escape, or n. */
static inline int64_t skip_plain_enc(const unsigned char *p, int64_t i, int64_t n, bool ascii_only) {
    const uint8_t *plain = ascii_only ? plain_ascii : plain_unicode;
    while (i + 8 <= n) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        if (swar_stop(w) || (ascii_only && (((w + ONES) | w) & HIGHS))) break;
        i += 8;
    }
    while (i < n && plain[p[i]]) i++;
    return i;
}

static inline char *put_u4(char *o, uint32_t c) {
    o[0] = '\\';
    o[1] = 'u';
    o[2] = hexdig[(c >> 12) & 15];
    o[3] = hexdig[(c >> 8) & 15];
    o[4] = hexdig[(c >> 4) & 15];
    o[5] = hexdig[c & 15];
    return o + 6;
}

/* The JSON string literal of UTF-8 s[0..n) appended to b. Writes through
 * a pointer, making room before each piece (an escape is <= 12 bytes). */
static void escape_into(Buf *b, const char *s, int64_t n, bool ascii_only) {
    const unsigned char *p = (const unsigned char *)s;
    buf_reserve(b, (size_t)n + 16);
    char *o = b->data + b->len, *lim = b->data + b->cap - 1;
#define ROOM(k)                                   \
    if (lim - o < (ptrdiff_t)(k)) {               \
        b->len = (size_t)(o - b->data);           \
        buf_reserve(b, (size_t)(k));              \
        o = b->data + b->len;                     \
        lim = b->data + b->cap - 1;               \
    }
    *o++ = '"';
    int64_t i = 0;
    while (i < n) {
        int64_t run = i;
        i = skip_plain_enc(p, i, n, ascii_only);
        if (i > run) {
            ROOM(i - run + 13);
            memcpy(o, s + run, (size_t)(i - run));
            o += i - run;
        }
        if (i >= n) break;
        ROOM(13);
        unsigned char c = p[i];
        char e = 0;
        switch (c) {
        case '"': e = '"'; break;
        case '\\': e = '\\'; break;
        case '\b': e = 'b'; break;
        case '\f': e = 'f'; break;
        case '\n': e = 'n'; break;
        case '\r': e = 'r'; break;
        case '\t': e = 't'; break;
        }
        if (e) {
            o[0] = '\\';
            o[1] = e;
            o += 2;
            i++;
        } else if (c < 0x80) {
            o = put_u4(o, c);
            i++;
        } else {
            int k;
            uint32_t cp = utf8_decode(s + i, &k);
            i += k;
            if (cp >= 0x10000) {
                cp -= 0x10000;
                o = put_u4(o, 0xD800 | (cp >> 10));
                o = put_u4(o, 0xDC00 | (cp & 0x3FF));
            } else {
                o = put_u4(o, cp);
            }
        }
    }
    ROOM(2);
#undef ROOM
    *o++ = '"';
    b->len = (size_t)(o - b->data);
    *o = 0;
}

static Value buf_to_str(Buf *b, bool ascii) {
    Value r = str_try_alloc(b->len);
    if (!r) return VNULL;
    StrObject *so = V_AS(StrObject, r);
    memcpy(so->data, b->data, b->len);
    if (!ascii) return str_finish(r);
    so->ascii = 1;
    so->length = (int64_t)b->len;
    return r;
}

static Value encode_basestring_common(Value s, bool ascii_only) {
    if (!str_check(s)) return err_format(&exc_TypeError, "first argument must be a string, not %T", s);
    Buf b;
    buf_init(&b, (size_t)str_nbytes(s) + 2);
    escape_into(&b, str_data(s), str_nbytes(s), ascii_only);
    return buf_to_str(&b, ascii_only || str_is_ascii(s));
}

static Value m_encode_basestring_ascii(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_json.encode_basestring_ascii", 1, 1, 0, {"", NULL}};
    Value s;
    if (arg_parse(&spec, args, nargs, kwnames, &s) < 0) return VNULL;
    return encode_basestring_common(s, true);
}

static Value m_encode_basestring(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_json.encode_basestring", 1, 1, 0, {"", NULL}};
    Value s;
    if (arg_parse(&spec, args, nargs, kwnames, &s) < 0) return VNULL;
    return encode_basestring_common(s, false);
}

/* The encoded string s (a str) appended to b. */
static int encode_string(EncoderObject *e, Buf *b, Value s) {
    if (e->fast != FAST_NONE) {
        escape_into(b, str_data(s), str_nbytes(s), e->fast == FAST_ASCII);
        return 0;
    }
    Value r = obj_call1(e->encoder, s);
    if (!r) return -1;
    if (!str_check(r)) {
        err_format(&exc_TypeError, "encoder() must return a string, not %T", r);
        return -1;
    }
    buf_put(b, str_data(r), (size_t)str_nbytes(r));
    return 0;
}

/* The JSON text of a float (float.__repr__ of finite ones), appended. */
static int encode_float(EncoderObject *e, Buf *b, Value v) {
    double d = float_val(v);
    if (!isfinite(d)) {
        if (!e->allow_nan) {
            err_set(&exc_ValueError, "Out of range float values are not JSON compliant");
            return -1;
        }
        buf_puts(b, d > 0 ? "Infinity" : d < 0 ? "-Infinity" : "NaN");
        return 0;
    }
    char t[40];
    buf_put(b, t, numfmt_float_repr(d, t));
    return 0;
}

/* int.__repr__ of an int (a subclass's own __repr__ is not used). */
static void encode_int(Buf *b, Value v) {
    if (v_is_int(v)) {
        char t[24];
        buf_put(b, t, numfmt_i64_dec(v_intval(v), t));
        return;
    }
    Value r = int_repr(v);
    buf_put(b, str_data(r), (size_t)str_nbytes(r));
}

/* Enter a container: record it in markers (a circular reference raises);
 * *ident is the key to remove afterwards, VNULL without markers. */
static int markers_enter(EncoderObject *e, Value obj, Value *ident) {
    *ident = VNULL;
    if (e->markers == V_NONE) return 0;
    Value id = int_from_u64((uint64_t)obj);
    int has = dict_contains(e->markers, id);
    if (has) {
        if (has > 0) err_set(&exc_ValueError, "Circular reference detected");
        return -1;
    }
    if (dict_set(e->markers, id, obj) < 0) return -1;
    *ident = id;
    return 0;
}

static int markers_leave(EncoderObject *e, Value ident) {
    if (ident && dict_del(e->markers, ident) < 0) return -1;
    return 0;
}

static int encode_obj(EncoderObject *e, Buf *b, Value obj);

static int encode_list(EncoderObject *e, Buf *b, Value seq) {
    bool is_list = list_check(seq);
    int64_t n = is_list ? list_size(seq) : tuple_size(seq);
    if (n == 0) {
        buf_put(b, "[]", 2);
        return 0;
    }
    Value ident;
    if (markers_enter(e, seq, &ident) < 0) return -1;
    buf_putc(b, '[');
    /* a list is read afresh at every item: encoding may change it */
    for (int64_t i = 0; i < (is_list ? list_size(seq) : n); i++) {
        if (i) buf_put(b, str_data(e->item_separator), (size_t)str_nbytes(e->item_separator));
        if (encode_obj(e, b, is_list ? list_get(seq, i) : tuple_get(seq, i)) < 0) return -1;
    }
    if (markers_leave(e, ident) < 0) return -1;
    buf_putc(b, ']');
    return 0;
}

/* A dict key as a str (VNULL without error: skip it). */
static Value key_str(EncoderObject *e, Value key) {
    if (str_check(key)) return key;
    if (float_check(key)) {
        Buf t;
        char mem[48];
        buf_init_local(&t, mem, sizeof mem);
        if (encode_float(e, &t, key) < 0) return VNULL;
        return str_new(t.data, t.len);
    }
    if (key == V_TRUE) return str_intern_cstr("true");
    if (key == V_FALSE) return str_intern_cstr("false");
    if (key == V_NONE) return str_intern_cstr("null");
    if (int_check(key)) return int_repr(key);
    if (e->skipkeys) return VNULL;
    return err_format(&exc_TypeError, "keys must be str, int, float, bool or None, not %T", key);
}

static int cmp_str_pairs(const void *pa, const void *pb) {
    Value x = *(const Value *)pa, y = *(const Value *)pb;
    int64_t nx = str_nbytes(x), ny = str_nbytes(y);
    int c = memcmp(str_data(x), str_data(y), (size_t)(nx < ny ? nx : ny));
    if (c) return c;
    return nx < ny ? -1 : nx > ny;
}

static int encode_dict(EncoderObject *e, Buf *b, Value dct) {
    if (dict_size(dct) == 0) {
        buf_put(b, "{}", 2);
        return 0;
    }
    Value ident;
    if (markers_enter(e, dct, &ident) < 0) return -1;
    buf_putc(b, '{');
    /* the items as they are now (CPython's PyMapping_Items): encoding a
       value may change the dict. kv: key, value, key, value... */
    int64_t n;
    Value *kv;
    Value items = VNULL;
    if (dict_check_exact(dct)) {
        n = dict_size(dct);
        kv = gc_alloc(sizeof(Value) * 2 * (size_t)n);
        int64_t pos = 0, k = 0;
        Value key, val;
        bool all_str = true;
        while (k < n && dict_next(dct, &pos, &key, &val)) {
            kv[2 * k] = key;
            kv[2 * k + 1] = val;
            all_str &= str_check_exact(key);
            k++;
        }
        n = k;
        if (e->sort_keys) {
            /* str keys are distinct, so sorting the (key, value) pairs is
               sorting the keys, and UTF-8 byte order is code point order */
            if (all_str) {
                qsort(kv, (size_t)n, 2 * sizeof(Value), cmp_str_pairs);
            } else {
                items = list_new(n);
                for (k = 0; k < n; k++) list_append(items, tuple_pack(2, kv[2 * k], kv[2 * k + 1]));
            }
        }
    } else {
        Value it = obj_call_method(dct, "items", NULL, 0);
        if (!it) return -1;
        items = list_from_iterable(it);
        if (!items) return -1;
    }
    if (items) {
        if (e->sort_keys && list_sort(items, VNULL, false) < 0) return -1;
        n = list_size(items);
        kv = gc_alloc(sizeof(Value) * 2 * (size_t)(n ? n : 1));
        for (int64_t k = 0; k < n; k++) {
            Value item = list_get(items, k);
            if (!tuple_check(item) || tuple_size(item) != 2) {
                err_set(&exc_ValueError, "items must return 2-tuples");
                return -1;
            }
            kv[2 * k] = tuple_get(item, 0);
            kv[2 * k + 1] = tuple_get(item, 1);
        }
    }
    bool first = true;
    for (int64_t k = 0; k < n; k++) {
        Value key = kv[2 * k];
        if (str_check(key) && e->fast != FAST_NONE) {
            if (!first) buf_put(b, str_data(e->item_separator), (size_t)str_nbytes(e->item_separator));
            escape_into(b, str_data(key), str_nbytes(key), e->fast == FAST_ASCII);
        } else {
            Value ks = key_str(e, key);
            if (!ks) {
                if (err_occurred()) return -1;
                continue;
            }
            if (!first) buf_put(b, str_data(e->item_separator), (size_t)str_nbytes(e->item_separator));
            if (encode_string(e, b, ks) < 0) return -1;
        }
        first = false;
        buf_put(b, str_data(e->key_separator), (size_t)str_nbytes(e->key_separator));
        if (encode_obj(e, b, kv[2 * k + 1]) < 0) return -1;
    }
    if (markers_leave(e, ident) < 0) return -1;
    buf_putc(b, '}');
    return 0;
}

static int encode_obj(EncoderObject *e, Buf *b, Value obj) {
    if (obj == V_NONE) {
        buf_put(b, "null", 4);
        return 0;
    }
    if (obj == V_TRUE) {
        buf_put(b, "true", 4);
        return 0;
    }
    if (obj == V_FALSE) {
        buf_put(b, "false", 5);
        return 0;
    }
    if (str_check(obj)) return encode_string(e, b, obj);
    if (int_check(obj)) {
        encode_int(b, obj);
        return 0;
    }
    if (float_check(obj)) return encode_float(e, b, obj);
    int rv;
    if (list_check(obj) || tuple_check(obj)) {
        if (interp_enter_recursive(" while encoding a JSON object") < 0) return -1;
        rv = encode_list(e, b, obj);
        interp_leave_recursive();
        return rv;
    }
    if (dict_check(obj)) {
        if (interp_enter_recursive(" while encoding a JSON object") < 0) return -1;
        rv = encode_dict(e, b, obj);
        interp_leave_recursive();
        return rv;
    }
    Value ident;
    if (markers_enter(e, obj, &ident) < 0) return -1;
    Value newobj = obj_call1(e->defaultfn, obj);
    if (!newobj) return -1;
    if (interp_enter_recursive(" while encoding a JSON object") < 0) return -1;
    rv = encode_obj(e, b, newobj);
    interp_leave_recursive();
    if (rv < 0) return -1;
    return markers_leave(e, ident);
}

static Value encoder_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"make_encoder", 0, 9, 0,
        {"markers", "default", "encoder", "indent", "key_separator", "item_separator", "sort_keys",
         "skipkeys", "allow_nan", NULL}};
    Value a[9];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (a[0] != V_NONE && !dict_check(a[0]))
        return err_format(&exc_TypeError, "make_encoder() argument 1 must be dict or None, not %T", a[0]);
    for (int i = 4; i <= 5; i++)
        if (!str_check(a[i]))
            return err_format(&exc_TypeError, "make_encoder() argument %d must be str, not %T", i + 1, a[i]);
    int flags[3];
    for (int i = 0; i < 3; i++)
        if ((flags[i] = obj_truth(a[6 + i])) < 0) return VNULL;
    EncoderObject *e = (EncoderObject *)obj_alloc(t, sizeof(EncoderObject));
    e->markers = a[0];
    e->defaultfn = a[1];
    e->encoder = a[2];
    e->indent = a[3];
    e->key_separator = a[4];
    e->item_separator = a[5];
    e->sort_keys = flags[0];
    e->skipkeys = flags[1];
    e->allow_nan = flags[2];
    e->fast = FAST_NONE;
    Value enc = a[2];
    if (v_is_ptr(enc) && V_OBJ(enc)->type == &builtin_function_type) {
        CFunction fn = V_AS(BuiltinFunctionObject, enc)->def->fn;
        if (fn == m_encode_basestring_ascii) e->fast = FAST_ASCII;
        else if (fn == m_encode_basestring) e->fast = FAST_UNICODE;
    }
    return V_FROM_PTR(e);
}

/* encoder(obj, _current_indent_level) -> [text]. Like CPython 3.11's, it
 * writes no newlines for an indent (json.encoder only uses it without). */
static Value encoder_call(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_iterencode", 0, 2, 0, {"obj", "_current_indent_level", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t level;
    if (index_arg(a[1], &level) < 0) return VNULL;
    /* small texts are written on the stack (copied into the str) */
    char mem[512];
    Buf b;
    buf_init_local(&b, mem, sizeof mem);
    if (encode_obj(V_AS(EncoderObject, self), &b, a[0]) < 0) return VNULL;
    Value r = buf_to_str(&b, false);
    if (!r) return VNULL;
    Value l = list_new(1);
    list_append(l, r);
    return l;
}

#define ENCODER(v) V_AS(EncoderObject, v)
static Value en_markers(Value self) { return ENCODER(self)->markers; }
static Value en_default(Value self) { return ENCODER(self)->defaultfn; }
static Value en_encoder(Value self) { return ENCODER(self)->encoder; }
static Value en_indent(Value self) { return ENCODER(self)->indent; }
static Value en_key_separator(Value self) { return ENCODER(self)->key_separator; }
static Value en_item_separator(Value self) { return ENCODER(self)->item_separator; }
static Value en_sort_keys(Value self) { return v_bool(ENCODER(self)->sort_keys); }
static Value en_skipkeys(Value self) { return v_bool(ENCODER(self)->skipkeys); }

static const GetSetDef encoder_getsets[] = {
    {"markers", en_markers, NULL, "markers"},
    {"default", en_default, NULL, "default"},
    {"encoder", en_encoder, NULL, "encoder"},
    {"indent", en_indent, NULL, "indent"},
    {"key_separator", en_key_separator, NULL, "key_separator"},
    {"item_separator", en_item_separator, NULL, "item_separator"},
    {"sort_keys", en_sort_keys, NULL, "sort_keys"},
    {"skipkeys", en_skipkeys, NULL, "skipkeys"},
    {NULL, NULL, NULL, NULL},
};

static Type encoder_type = {
    .tname = "_json.Encoder",
    .basicsize = sizeof(EncoderObject),
    .new_ = encoder_new,
    .call = encoder_call,
};

/* ==== the module ========================================================== */

static void tables_init(void) {
    for (int c = 0; c < 256; c++) {
        str_stop[c] = c < 0x20 || c == '"' || c == '\\';
        plain_unicode[c] = !str_stop[c];
        plain_ascii[c] = plain_unicode[c] && c < 0x7F;
    }
}

static const MethodDef json_functions[] = {
    {"scanstring", m_scanstring, 0,
     "scanstring(string, end, strict=True) -> (string, end)\n\n"
     "Decode the JSON string literal whose contents start at index end (just\n"
     "after the opening quote). Returns the decoded str and the index after\n"
     "the closing quote. Unless strict is false, control characters may not\n"
     "appear in the literal unescaped."},
    {"encode_basestring_ascii", m_encode_basestring_ascii, MF_KEYWORDS,
     "encode_basestring_ascii(string) -> string\n\n"
     "Return the JSON literal of a string, in ASCII only."},
    {"encode_basestring", m_encode_basestring, MF_KEYWORDS,
     "encode_basestring(string) -> string\n\n"
     "Return the JSON literal of a string."},
    {NULL, NULL, 0, NULL},
};

Value _json_module_create(void) {
    if (!(scanner_type.flags & TF_READY)) {
        tables_init();
        Value mod = str_intern_cstr("_json");
        scanner_type.name = str_intern_cstr("Scanner");
        scanner_type.module = mod;
        scanner_type.doc = str_from_cstr("make_scanner(context)\n\n"
                                         "A scanner reading JSON values as the decoder context says;\n"
                                         "scanner(string, idx) -> (value, end).");
        type_add_getsets(&scanner_type, scanner_getsets);
        type_ready(&scanner_type);
        encoder_type.name = str_intern_cstr("Encoder");
        encoder_type.module = mod;
        encoder_type.doc = str_from_cstr("make_encoder(markers, default, encoder, indent, key_separator,\n"
                                         "             item_separator, sort_keys, skipkeys, allow_nan)\n\n"
                                         "An encoder of objects as JSON text;\n"
                                         "encoder(obj, _current_indent_level) -> [text].");
        type_add_getsets(&encoder_type, encoder_getsets);
        type_ready(&encoder_type);
    }
    Value m = module_new_cstr("_json");
    module_add_functions(m, json_functions);
    module_add(m, "__doc__", str_from_cstr("The C parts of the json package (import json rather than this).\n"));
    module_add(m, "make_scanner", V_FROM_PTR(&scanner_type));
    module_add(m, "make_encoder", V_FROM_PTR(&encoder_type));
    return m;
}
