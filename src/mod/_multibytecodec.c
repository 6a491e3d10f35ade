/* _multibytecodec.c: the machinery shared by the CJK codecs (CPython's
 * Modules/cjkcodecs/multibytecodec.c): the codec object that
 * _codecs_jp.getcodec() and friends return (encode/decode with the error
 * handlers), the incremental encoder and decoder and the stream reader and
 * writer classes that encodings/<name>.py subclass, and the engine of the
 * table-driven stateless codecs (tables: tools/gen_cjk.py).
 *
 * A codec step works on the input from a position and returns 0 (all
 * done), MBERR_TOOFEW (the input ends inside a sequence) or n > 0 (an
 * illegal sequence of n units at the position); the drivers here turn the
 * latter two into error-handler calls with CPython's reasons, positions and
 * restart rules. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "../obj/codec.h"
#include "../runtime.h"
#include "cjkcodecs.h"
#include "modules.h"

#define MAXENCPENDING 2     /* characters an encoder may keep for later */
#define MAXDECPENDING 8     /* bytes a decoder may keep for later */

void cjk_put_cp(Buf *out, uint32_t cp) {
    if (cp < 0x80) {
        buf_putc(out, (char)cp);
        return;
    }
    char tmp[4];
    buf_put(out, tmp, (size_t)utf8_encode(cp, tmp));
}

/* ---- the table engine ------------------------------------------------------ */

/* A table's encoder, built on first use: the decoder inverted, corrected
 * by the generated fixes, pairs' first characters flagged. Two levels of
 * 256-code-point pages in malloc memory, kept for the process's life. */
typedef struct EncMap {
    uint32_t *pages[0x1100];
} EncMap;

static EncMap *encmaps[32];
static const CjkTable *encmap_owner[32];

static void encmap_set(EncMap *m, uint32_t cp, uint32_t v, bool keep) {
    uint32_t **pg = &m->pages[cp >> 8];
    if (!*pg) {
        if (!v) return;
        *pg = calloc(256, sizeof(uint32_t));
        if (!*pg) abort();
    }
    if (keep && (*pg)[cp & 0xFF]) return;
    (*pg)[cp & 0xFF] = v;
}

static void encmap_walk(EncMap *m, const CjkTable *t, uint32_t node, uint32_t prefix, int depth) {
    for (unsigned b = 0; b < 256; b++) {
        uint32_t e = cjk_entry(node, b), code = prefix << 8 | b;
        if (e >> 24 == CJK_CHAR) encmap_set(m, e & 0xFFFFFF, (uint32_t)(depth + 1) << 28 | code, !t->inverse_last);
        else if (e >> 24 == CJK_NODE) encmap_walk(m, t, e & 0xFFFFFF, code, depth + 1);
    }
}

static EncMap *encmap_get(const CjkTable *t) {
    size_t i = 0;
    for (; i < 32 && encmap_owner[i]; i++)
        if (encmap_owner[i] == t) return encmaps[i];
    if (i == 32) abort();   /* more tables than codecs */
    EncMap *m = calloc(1, sizeof *m);
    if (!m) abort();
    encmap_walk(m, t, t->root, 0, 0);
    for (uint32_t k = 0; k < t->nfixes; k++) encmap_set(m, t->fixes[k][0], t->fixes[k][1], false);
    for (uint32_t k = 0; k < t->nencpairs; k++) {
        uint32_t c = t->encpairs[k][0];
        uint32_t *pg = m->pages[c >> 8];
        if (pg && pg[c & 0xFF]) pg[c & 0xFF] |= CJK_E_MULTIC;
    }
    encmaps[i] = m;
    encmap_owner[i] = t;
    return m;
}

static inline uint32_t encmap_lookup(const EncMap *m, uint32_t cp) {
    if (cp >= 0x110000) return 0;
    const uint32_t *pg = m->pages[cp >> 8];
    return pg ? pg[cp & 0xFF] : 0;
}

uint32_t cjk_lookup_enc(const CjkTable *t, uint32_t cp) { return encmap_lookup(encmap_get(t), cp); }

int32_t cjk_lookup_dec(const CjkTable *t, int b1, int b2) {
    uint32_t e = cjk_entry(t->root, (unsigned)b1);
    if (b2 >= 0) {
        if (e >> 24 != CJK_NODE) return -1;
        e = cjk_entry(e & 0xFFFFFF, (unsigned)b2);
    }
    return e >> 24 == CJK_CHAR ? (int32_t)(e & 0xFFFFFF) : -1;
}

int cjk_lookup_seq(const CjkTable *t, const unsigned char *s, int n, uint32_t out[2]) {
    uint32_t node = t->root, e = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0) {
            if (e >> 24 != CJK_NODE) return 0;
            node = e & 0xFFFFFF;
        }
        e = cjk_entry(node, s[i]);
    }
    if (e >> 24 == CJK_CHAR) {
        out[0] = e & 0xFFFFFF;
        return 1;
    }
    if (e >> 24 == CJK_PAIR) {
        out[0] = cjk_dec_pairs[e & 0xFFFFFF][0];
        out[1] = cjk_dec_pairs[e & 0xFFFFFF][1];
        return 2;
    }
    return 0;
}

uint32_t cjk_lookup_pair(const CjkTable *t, uint32_t c1, uint32_t c2) {
    for (uint32_t k = 0; k < t->nencpairs; k++)
        if (t->encpairs[k][0] == c1 && t->encpairs[k][1] == c2) return t->encpairs[k][2];
    return 0;
}

static void put_code(Buf *out, uint32_t v) {
    int n = (int)(v >> 28 & 3);
    for (int i = n - 1; i >= 0; i--) buf_putc(out, (char)(v >> (8 * i)));
}

/* GB18030's four-byte sequence number of a BMP code point without a
 * two-byte code: the runs are consecutive in both numbers */
static int64_t gb18030_lseq(uint32_t cp) {
    int64_t best = -1;
    for (size_t i = 0; i < cjk_gb18030_nruns; i++) {
        uint32_t start = cjk_gb18030_runs[i][1];
        if (start == 0xFFFFFFFFu || start > cp) continue;
        uint32_t end = i + 1 < cjk_gb18030_nruns ? cjk_gb18030_runs[i + 1][0] : 39420;
        if (cp - start < end - cjk_gb18030_runs[i][0]) best = cjk_gb18030_runs[i][0] + (cp - start);
    }
    return best;
}

static void put_gb4(Buf *out, uint32_t lseq) {
    char b[4];
    b[3] = (char)(0x30 + lseq % 10);
    lseq /= 10;
    b[2] = (char)(0x81 + lseq % 126);
    lseq /= 126;
    b[1] = (char)(0x30 + lseq % 10);
    b[0] = (char)(0x81 + lseq / 10);
    buf_put(out, b, 4);
}

static void put_makeup(Buf *out, uint32_t cp) {
    uint32_t s = cp - 0xAC00, cho = s / 588, jung = s / 28 % 21, jong = s % 28;
    unsigned char b[8] = {0xA4, 0xD4, 0xA4, 0, 0xA4, (unsigned char)(0xBF + jung), 0xA4, 0};
    for (unsigned c = 0xA1; c < 0x100; c++) {
        if (cjk_makeup_cho[c] == cho && !b[3]) b[3] = (unsigned char)c;
        if (cjk_makeup_jong[c] == jong && !b[7]) b[7] = (unsigned char)c;
    }
    if (jong == 0) b[7] = 0xD4;   /* the filler */
    buf_put(out, (const char *)b, 8);
}

int64_t cjk_table_encode(CjkState *st, const void *config, const uint32_t *in, int64_t *inpos, int64_t inlen,
                         Buf *out, int flags) {
    (void)st;
    const CjkTable *t = config;
    const EncMap *m = encmap_get(t);
    while (*inpos < inlen) {
        uint32_t c = in[*inpos], v = encmap_lookup(m, c);
        if (v & CJK_E_MULTIC) {
            /* a pair's first character: the code depends on the next one */
            if (*inpos + 1 >= inlen) {
                if (!(flags & MBENC_FLUSH)) return MBERR_TOOFEW;
            } else {
                uint32_t pv = cjk_lookup_pair(t, c, in[*inpos + 1]);
                if (pv) {
                    put_code(out, pv);
                    *inpos += 2;
                    continue;
                }
            }
        }
        if (v) {
            put_code(out, v);
        } else if (t->gb18030 && !(c >= 0xD800 && c < 0xE000)) {
            if (c >= 0x10000) {
                put_gb4(out, c - 0x10000 + 189000);
            } else {
                int64_t l = gb18030_lseq(c);
                if (l < 0) return 1;
                put_gb4(out, (uint32_t)l);
            }
        } else if (t->makeup && c >= 0xAC00 && c <= 0xD7A3) {
            put_makeup(out, c);
        } else {
            return 1;
        }
        (*inpos)++;
    }
    return 0;
}

int64_t cjk_table_decode(CjkState *st, const void *config, const unsigned char **in, int64_t inleft, Buf *out) {
    (void)st;
    const CjkTable *t = config;
    while (inleft > 0) {
        const unsigned char *p = *in;
        uint32_t node = t->root, e;
        int64_t k = 0;
        for (;;) {
            if (k >= inleft) return MBERR_TOOFEW;
            e = cjk_entry(node, p[k++]);
            if (e >> 24 != CJK_NODE) break;
            node = e & 0xFFFFFF;
        }
        switch (e >> 24) {
        case CJK_CHAR: cjk_put_cp(out, e & 0xFFFFFF); break;
        case CJK_PAIR:
            cjk_put_cp(out, cjk_dec_pairs[e & 0xFFFFFF][0]);
            cjk_put_cp(out, cjk_dec_pairs[e & 0xFFFFFF][1]);
            break;
        case CJK_GB4: {
            if (inleft < 4) return MBERR_TOOFEW;
            unsigned c1 = p[0] - 0x81u, c2 = p[1] - 0x30u, c3 = p[2], c4 = p[3];
            if (c3 < 0x81 || c3 > 0xFE || c4 < 0x30 || c4 > 0x39) return 1;
            uint32_t lseq = ((c1 * 10 + c2) * 126 + (c3 - 0x81)) * 10 + (c4 - 0x30), cp;
            if (c1 < 4 && lseq < 39420) {
                size_t lo = 0, hi = cjk_gb18030_nruns;   /* last run starting <= lseq */
                while (hi - lo > 1) {
                    size_t mid = (lo + hi) / 2;
                    if (cjk_gb18030_runs[mid][0] <= lseq) lo = mid;
                    else hi = mid;
                }
                if (cjk_gb18030_runs[lo][1] == 0xFFFFFFFFu) return 1;
                cp = cjk_gb18030_runs[lo][1] + (lseq - cjk_gb18030_runs[lo][0]);
            } else if (c1 >= 15 && lseq - 189000 + 0x10000 <= 0x10FFFF) {
                cp = lseq - 189000 + 0x10000;
            } else {
                return 1;
            }
            cjk_put_cp(out, cp);
            k = 4;
            break;
        }
        case CJK_MAKEUP: {
            if (inleft < 8) return MBERR_TOOFEW;
            if (p[2] != 0xA4 || p[4] != 0xA4 || p[6] != 0xA4) return 1;
            unsigned cho = cjk_makeup_cho[p[3]], jong = cjk_makeup_jong[p[7]];
            if (cho == 0xFF || p[5] < 0xBF || p[5] > 0xD3 || jong == 0xFF) return 1;
            cjk_put_cp(out, 0xAC00 + cho * 588 + (p[5] - 0xBFu) * 28 + jong);
            k = 8;
            break;
        }
        default: return e & 0xFFFFFF;   /* CJK_ERR */
        }
        *in += k;
        inleft -= k;
    }
    return 0;
}

/* ---- error handling -------------------------------------------------------- */

enum { ERR_STRICT, ERR_IGNORE, ERR_REPLACE, ERR_CUSTOM };

/* errors: a str or VNULL/None (strict); *name is the str to keep */
static int errors_kind(Value errors) {
    if (!errors || errors == V_NONE || str_eq_cstr(errors, "strict")) return ERR_STRICT;
    if (str_eq_cstr(errors, "ignore")) return ERR_IGNORE;
    if (str_eq_cstr(errors, "replace")) return ERR_REPLACE;
    return ERR_CUSTOM;
}

static Value call_handler(Value errors, Value exc) {
    Value h = codec_lookup_error(errors);
    return h ? obj_call1(h, exc) : VNULL;
}

/* an exception's integer position, CPython's PyLong_AsSsize_t: -1 with
   an error when it does not fit */
static int handler_pos(Value v, int64_t len, int64_t *out) {
    int64_t p = int_as_i64(v);
    if (p == -1 && err_occurred()) {
        if (!err_matches(&exc_OverflowError)) return -1;
        err_clear();
        err_format(&exc_IndexError, "position %zd from error handler out of bounds", (ssize_t)-1);
        return -1;
    }
    if (p < 0) p += len;
    if (p < 0 || p > len) {
        err_format(&exc_IndexError, "position %zd from error handler out of bounds", (ssize_t)p);
        return -1;
    }
    *out = p;
    return 0;
}

typedef struct EncBuf {
    Value str;              /* the str being encoded */
    const uint32_t *in;
    int64_t inpos, inlen;
    Buf out;
    Value exc;
} EncBuf;

static Value encode_str(const CjkCodec *codec, CjkState *st, Value str, int64_t *inpos, int eh, Value errors,
                        int flags);

static int enc_error(const CjkCodec *codec, CjkState *st, EncBuf *b, int eh, Value errors, int64_t r) {
    const char *reason = "illegal multibyte sequence";
    int64_t esize = r;
    if (r == MBERR_TOOFEW) {
        /* CPython's esize here is the position itself */
        reason = "incomplete multibyte sequence";
        esize = b->inpos;
    }
    if (eh == ERR_REPLACE) {
        uint32_t q = '?';
        int64_t qpos = 0;
        if (codec->encode(st, codec->config, &q, &qpos, 1, &b->out, 0) != 0) buf_putc(&b->out, '?');
    }
    if (eh == ERR_IGNORE || eh == ERR_REPLACE) {
        b->inpos += esize;
        return 0;
    }
    int64_t start = b->inpos, end = start + esize;
    if (!b->exc) {
        Value a[5] = {str_from_cstr(codec->name), b->str, int_from_i64(start), int_from_i64(end),
                      str_from_cstr(reason)};
        b->exc = exc_new(&exc_UnicodeEncodeError, a, 5);
        if (!b->exc) return -1;
    } else if (obj_setattr(b->exc, str_intern_cstr("start"), int_from_i64(start)) < 0 ||
               obj_setattr(b->exc, str_intern_cstr("end"), int_from_i64(end)) < 0 ||
               obj_setattr(b->exc, str_intern_cstr("reason"), str_from_cstr(reason)) < 0) {
        return -1;
    }
    if (eh == ERR_STRICT) {
        err_set_exc(b->exc);
        return -1;
    }
    Value r2 = call_handler(errors, b->exc);
    if (!r2) return -1;
    Value rep;
    if (!tuple_check(r2) || tuple_size(r2) != 2 || !(str_check(rep = tuple_get(r2, 0)) || bytes_check(rep)) ||
        !int_check(tuple_get(r2, 1))) {
        err_set(&exc_TypeError, "encoding error handler must return (str, int) tuple");
        return -1;
    }
    if (str_check(rep)) {
        int64_t dummy;
        rep = encode_str(codec, st, rep, &dummy, ERR_STRICT, VNULL, MBENC_FLUSH);
        if (!rep) return -1;
    }
    buf_put(&b->out, bytes_data(rep), (size_t)bytes_size(rep));
    int64_t newpos;
    if (handler_pos(tuple_get(r2, 1), b->inlen, &newpos) < 0) return -1;
    b->inpos = newpos;
    return 0;
}

static uint32_t *str_codepoints(Value s, int64_t *n) {
    int64_t len = str_len(s), nb = str_nbytes(s);
    uint32_t *cps = gc_alloc_atomic(sizeof(uint32_t) * (size_t)(len + 1));
    const char *d = str_data(s);
    int64_t i = 0, k = 0;
    while (i < nb) {
        unsigned char c = (unsigned char)d[i];
        if (c < 0x80) {
            cps[k++] = c;
            i++;
        } else {
            int l;
            cps[k++] = utf8_decode(d + i, &l);
            i += l;
        }
    }
    *n = k;
    return cps;
}

/* Encode str with codec from state st: bytes, and in *inpos how far it got
 * (short of the end when the codec waits for more). */
static Value encode_str(const CjkCodec *codec, CjkState *st, Value str, int64_t *inpos, int eh, Value errors,
                        int flags) {
    EncBuf b;
    memset(&b, 0, sizeof b);
    b.str = str;
    b.in = str_codepoints(str, &b.inlen);
    if (b.inlen == 0 && !(flags & MBENC_RESET)) {
        *inpos = 0;
        return bytes_new("", 0);
    }
    buf_init(&b.out, (size_t)b.inlen * 2 + 16);
    while (b.inpos < b.inlen) {
        int64_t r = codec->encode(st, codec->config, b.in, &b.inpos, b.inlen, &b.out, flags);
        if (r == 0 || (r == MBERR_TOOFEW && !(flags & MBENC_FLUSH))) break;
        if (enc_error(codec, st, &b, eh, errors, r) < 0) return VNULL;
        if (r == MBERR_TOOFEW) break;
    }
    if (codec->encreset && (flags & MBENC_RESET)) codec->encreset(st, codec->config, &b.out);
    *inpos = b.inpos;
    return bytes_from_buf(&b.out);
}

typedef struct DecBuf {
    const unsigned char *top, *p, *end;
    Buf out;
    Value exc;
} DecBuf;

static int dec_error(const CjkCodec *codec, DecBuf *b, int eh, Value errors, int64_t r) {
    const char *reason = "illegal multibyte sequence";
    int64_t esize = r;
    if (r == MBERR_TOOFEW) {
        reason = "incomplete multibyte sequence";
        esize = b->end - b->p;
    }
    if (eh == ERR_REPLACE) cjk_put_cp(&b->out, 0xFFFD);
    if (eh == ERR_IGNORE || eh == ERR_REPLACE) {
        b->p += esize;
        return 0;
    }
    int64_t start = b->p - b->top, end = start + esize;
    if (!b->exc) {
        Value a[5] = {str_from_cstr(codec->name), bytes_new((const char *)b->top, (size_t)(b->end - b->top)),
                      int_from_i64(start), int_from_i64(end), str_from_cstr(reason)};
        b->exc = exc_new(&exc_UnicodeDecodeError, a, 5);
        if (!b->exc) return -1;
    } else if (obj_setattr(b->exc, str_intern_cstr("start"), int_from_i64(start)) < 0 ||
               obj_setattr(b->exc, str_intern_cstr("end"), int_from_i64(end)) < 0 ||
               obj_setattr(b->exc, str_intern_cstr("reason"), str_from_cstr(reason)) < 0) {
        return -1;
    }
    if (eh == ERR_STRICT) {
        err_set_exc(b->exc);
        return -1;
    }
    Value r2 = call_handler(errors, b->exc);
    if (!r2) return -1;
    if (!tuple_check(r2) || tuple_size(r2) != 2 || !str_check(tuple_get(r2, 0)) || !int_check(tuple_get(r2, 1))) {
        err_set(&exc_TypeError, "decoding error handler must return (str, int) tuple");
        return -1;
    }
    Value rep = tuple_get(r2, 0);
    buf_put(&b->out, str_data(rep), (size_t)str_nbytes(rep));
    int64_t newpos;
    if (handler_pos(tuple_get(r2, 1), b->end - b->top, &newpos) < 0) return -1;
    b->p = b->top + newpos;
    return 0;
}

static void dec_prepare(DecBuf *b, const unsigned char *data, int64_t n) {
    b->top = b->p = data;
    b->end = data + n;
}

/* Decode until the input ends or ends inside a sequence (left in b). */
static int dec_feed(const CjkCodec *codec, CjkState *st, DecBuf *b, int eh, Value errors) {
    while (b->p < b->end) {
        int64_t r = codec->decode(st, codec->config, &b->p, b->end - b->p, &b->out);
        if (r == 0 || r == MBERR_TOOFEW) break;
        if (dec_error(codec, b, eh, errors, r) < 0) return -1;
    }
    return 0;
}

/* ---- MultibyteCodec -------------------------------------------------------- */

typedef struct CodecObject {
    Object hdr;
    const CjkCodec *codec;
} CodecObject;

static Type codec_type;

static void types_ready(void);

Value mbc_codec_new(const CjkCodec *codec) {
    types_ready();
    CodecObject *o = (CodecObject *)obj_alloc(&codec_type, sizeof(CodecObject));
    o->codec = codec;
    return V_FROM_PTR(o);
}

Value mbc_getcodec(const CjkCodec *const *list, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getcodec", 1, 1, 0, {"encoding", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_set(&exc_TypeError, "encoding name must be a string.");
    for (; *list; list++)
        if (str_eq_cstr(a[0], (*list)->name)) return mbc_codec_new(*list);
    return err_set(&exc_LookupError, "no such codec is supported.");
}

static int errors_arg(const char *fname, Value v) {
    if (v && v != V_NONE && !str_check(v)) {
        err_format(&exc_TypeError, "%s() argument 'errors' must be str or None, not %T", fname, v);
        return -1;
    }
    return 0;
}

static Value codec_encode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"encode", 0, 1, 0, {"input", "errors", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0 || errors_arg("encode", a[1]) < 0) return VNULL;
    const CjkCodec *codec = V_AS(CodecObject, args[0])->codec;
    Value s = a[0];
    if (!str_check(s)) {
        s = obj_str(s);
        if (!s) return VNULL;
    }
    CjkState st;
    memset(&st, 0, sizeof st);
    if (codec->encinit) codec->encinit(&st, codec->config);
    int64_t pos;
    Value r = encode_str(codec, &st, s, &pos, errors_kind(a[1]), a[1], MBENC_FLUSH | MBENC_RESET);
    if (!r) return VNULL;
    return tuple_pack(2, r, int_from_i64(str_len(s)));
}

static int buffer_arg(Value v, const char **p, int64_t *n) {
    if (byteslike_view(v, p, n)) return 0;
    err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", v);
    return -1;
}

static Value codec_decode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"decode", 0, 1, 0, {"input", "errors", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    const char *data;
    int64_t n;
    if (buffer_arg(a[0], &data, &n) < 0 || errors_arg("decode", a[1]) < 0) return VNULL;
    const CjkCodec *codec = V_AS(CodecObject, args[0])->codec;
    if (n == 0) return tuple_pack(2, str_from_cstr(""), int_from_i64(0));
    /* a copy: an error handler may change a bytearray */
    Value copy = bytes_new(data, (size_t)n);
    DecBuf b;
    memset(&b, 0, sizeof b);
    buf_init(&b.out, (size_t)n + 1);
    dec_prepare(&b, (const unsigned char *)bytes_data(copy), n);
    CjkState st;
    memset(&st, 0, sizeof st);
    if (codec->decinit) codec->decinit(&st, codec->config);
    int eh = errors_kind(a[1]);
    while (b.p < b.end) {
        int64_t r = codec->decode(&st, codec->config, &b.p, b.end - b.p, &b.out);
        if (r == 0) break;
        if (dec_error(codec, &b, eh, a[1], r) < 0) return VNULL;
    }
    return tuple_pack(2, str_from_buf(&b.out), int_from_i64(n));
}

static const MethodDef codec_methods[] = {
    {"encode", codec_encode, MF_KEYWORDS, "Return an encoded string version of `input'."},
    {"decode", codec_decode, MF_KEYWORDS, "Decodes 'input'."},
    {NULL, NULL, 0, NULL},
};

static Type codec_type = {
    .tname = "MultibyteCodec",
    .basicsize = sizeof(CodecObject),
    .flags = TF_ABSTRACT_NEW,
};

/* ---- the stateful objects -------------------------------------------------- */

/* One layout for the incremental encoder and decoder and the stream reader
 * and writer: each uses its part. */
typedef struct Ctx {
    Object hdr;
    const CjkCodec *codec;
    CjkState state;
    int eh;
    Value errors;           /* str, for the custom handler's name */
    Value pending;          /* encoders: str of characters kept, or VNULL */
    unsigned char dpending[MAXDECPENDING];
    int dpendingsize;       /* decoders: bytes kept */
    Value stream;
} Ctx;

static inline Ctx *CTX(Value v) { return V_AS(Ctx, v); }

static Type ienc_type, idec_type, sreader_type, swriter_type;

/* new(type, [stream,] errors=None): the codec is the class's `codec` */
static Value ctx_new(Type *t, Value *args, size_t nargs, Value kwnames, bool stream, bool enc) {
    static const ArgSpec ienc = {"IncrementalEncoder", 0, 0, 0, {"errors", NULL}};
    static const ArgSpec idec = {"IncrementalDecoder", 0, 0, 0, {"errors", NULL}};
    static const ArgSpec srd = {"StreamReader", 0, 1, 0, {"stream", "errors", NULL}};
    static const ArgSpec swr = {"StreamWriter", 0, 1, 0, {"stream", "errors", NULL}};
    const ArgSpec *spec = stream ? (enc ? &swr : &srd) : (enc ? &ienc : &idec);
    Value a[2] = {VNULL, VNULL};
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value errors = stream ? a[1] : a[0];
    if (errors && !str_check(errors))
        return err_format(&exc_TypeError, "%s() argument %d must be str, not %s", spec->fname, stream ? 2 : 1,
                          errors == V_NONE ? "None" : type_of(errors)->tname);
    Value codec = obj_getattr_cstr(V_FROM_PTR(t), "codec");
    if (!codec) return VNULL;
    if (!v_is_ptr(codec) || type_of(codec) != &codec_type) return err_set(&exc_TypeError, "codec is unexpected type");
    Value self = instance_new(t);
    if (!self) return VNULL;
    Ctx *c = CTX(self);
    c->codec = V_AS(CodecObject, codec)->codec;
    c->eh = errors_kind(errors);
    c->errors = errors ? errors : str_intern_cstr("strict");
    if (stream) c->stream = a[0];
    if (enc && c->codec->encinit) c->codec->encinit(&c->state, c->codec->config);
    if (!enc && c->codec->decinit) c->codec->decinit(&c->state, c->codec->config);
    return self;
}

static Value ienc_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return ctx_new(t, args, nargs, kwnames, false, true);
}
static Value idec_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return ctx_new(t, args, nargs, kwnames, false, false);
}
static Value sreader_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return ctx_new(t, args, nargs, kwnames, true, false);
}
static Value swriter_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return ctx_new(t, args, nargs, kwnames, true, true);
}
/* __init__ accepts what __new__ did (and keeps codecs.StreamReader's
   __init__, later in the MRO, from running) */
static int ctx_init(Value self, Value *args, size_t nargs, Value kwnames) { return 0; }

static Value ctx_get_errors(Value self) { return CTX(self)->errors; }
static int ctx_set_errors(Value self, Value v) {
    if (!v) {
        err_set(&exc_AttributeError, "cannot delete attribute");
        return -1;
    }
    if (!str_check(v)) {
        err_set(&exc_TypeError, "errors must be a string");
        return -1;
    }
    CTX(self)->errors = v;
    CTX(self)->eh = errors_kind(v);
    return 0;
}
static Value ctx_get_stream(Value self) { return CTX(self)->stream ? CTX(self)->stream : V_NONE; }

static const GetSetDef ctx_getsets[] = {
    {"errors", ctx_get_errors, ctx_set_errors, "how to treat errors"},
    {NULL, NULL, NULL, NULL},
};
static const GetSetDef stream_getsets[] = {
    {"errors", ctx_get_errors, ctx_set_errors, "how to treat errors"},
    {"stream", ctx_get_stream, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* encode input after the pending characters; keeps what the codec waits on */
static Value ctx_encode(Ctx *c, Value input, bool final) {
    if (!str_check(input)) {
        input = obj_str(input);
        if (!input) return VNULL;
    }
    Value orig = c->pending, in = input;
    if (orig) {
        in = str_concat(orig, input);
        if (!in) return VNULL;
        c->pending = VNULL;
    }
    int64_t pos;
    Value r = encode_str(c->codec, &c->state, in, &pos, c->eh, c->errors, final ? MBENC_FLUSH | MBENC_RESET : 0);
    if (!r) {
        c->pending = orig;
        return VNULL;
    }
    int64_t len = str_len(in);
    if (pos < len) {
        if (len - pos > MAXENCPENDING) return err_set(&exc_UnicodeError, "pending buffer overflow");
        c->pending = str_substr(in, pos, len);
    }
    return r;
}

static int final_arg(Value v, bool *out) {
    *out = false;
    if (!v) return 0;
    if (!int_check(v)) {
        err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", v);
        return -1;
    }
    *out = !int_is_zero(v);
    return 0;
}

static Value ienc_encode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"encode", 0, 1, 0, {"input", "final", NULL}};
    Value a[2];
    bool final;
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0 || final_arg(a[1], &final) < 0) return VNULL;
    return ctx_encode(CTX(args[0]), a[0], final);
}

static Value ienc_getstate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getstate", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Ctx *c = CTX(args[0]);
    /* little-endian: the pending characters' UTF-8 size and bytes, then
       the codec's 8 state bytes */
    unsigned char b[1 + MAXENCPENDING * 4 + 8];
    size_t n = 1;
    b[0] = 0;
    if (c->pending) {
        int64_t pn = str_nbytes(c->pending);
        if (pn > MAXENCPENDING * 4) return err_set(&exc_UnicodeError, "pending buffer too large");
        b[0] = (unsigned char)pn;
        memcpy(b + 1, str_data(c->pending), (size_t)pn);
        n += (size_t)pn;
    }
    memcpy(b + n, c->state.c, 8);
    n += 8;
    mpz_t z;
    mpz_init(z);
    mpz_import(z, n, -1, 1, 0, 0, b);
    Value r = int_from_mpz(z);
    mpz_clear(z);
    return r;
}

/* v (an int) as n little-endian unsigned bytes, CPython's errors */
static int int_to_le(Value v, unsigned char *out, size_t n) {
    if (int_sign(v) < 0) {
        err_set(&exc_OverflowError, "can't convert negative int to unsigned");
        return -1;
    }
    mpz_t z;
    mpz_init(z);
    int_to_mpz(v, z);
    size_t need = (mpz_sizeinbase(z, 2) + 7) / 8;
    if (mpz_sgn(z) != 0 && need > n) {
        mpz_clear(z);
        err_set(&exc_OverflowError, "int too big to convert");
        return -1;
    }
    memset(out, 0, n);
    size_t cnt = 0;
    if (mpz_sgn(z) != 0) mpz_export(out, &cnt, -1, 1, 0, 0, z);
    mpz_clear(z);
    return 0;
}

static Value ienc_setstate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"setstate", 1, 1, 0, {"state", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (!int_check(a[0])) return err_format(&exc_TypeError, "setstate() argument must be int, not %T", a[0]);
    unsigned char b[1 + MAXENCPENDING * 4 + 8];
    if (int_to_le(a[0], b, sizeof b) < 0) return VNULL;
    if (b[0] > MAXENCPENDING * 4) return err_set(&exc_UnicodeError, "pending buffer too large");
    Value raw = bytes_new((const char *)b + 1, b[0]);
    Value utf8 = str_from_cstr("utf-8");
    Value pending = obj_call_method(raw, "decode", &utf8, 1);
    if (!pending) return VNULL;
    Ctx *c = CTX(args[0]);
    c->pending = pending;
    memcpy(c->state.c, b + 1 + b[0], 8);
    return V_NONE;
}

static Value ienc_reset(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"reset", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Ctx *c = CTX(args[0]);
    if (c->codec->encreset) {
        /* the state returns to the start; what that would write is dropped */
        Buf scratch;
        buf_init(&scratch, 8);
        c->codec->encreset(&c->state, c->codec->config, &scratch);
    }
    c->pending = VNULL;
    return V_NONE;
}

static const MethodDef ienc_methods[] = {
    {"encode", ienc_encode, MF_KEYWORDS, NULL},
    {"getstate", ienc_getstate, MF_KEYWORDS, NULL},
    {"setstate", ienc_setstate, MF_KEYWORDS, NULL},
    {"reset", ienc_reset, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

/* keep the unconsumed tail of b as the decoder's pending bytes */
static int dec_keep_pending(Ctx *c, DecBuf *b) {
    int64_t n = b->end - b->p;
    if (n + c->dpendingsize > MAXDECPENDING) {
        err_set(&exc_UnicodeError, "pending buffer overflow");
        return -1;
    }
    memcpy(c->dpending + c->dpendingsize, b->p, (size_t)n);
    c->dpendingsize += (int)n;
    return 0;
}

static Value idec_decode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"decode", 0, 1, 0, {"input", "final", NULL}};
    Value a[2];
    const char *data;
    int64_t n;
    bool final;
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0 || buffer_arg(a[0], &data, &n) < 0 ||
        final_arg(a[1], &final) < 0)
        return VNULL;
    Ctx *c = CTX(args[0]);
    int origpending = c->dpendingsize;
    unsigned char saved[MAXDECPENDING];
    memcpy(saved, c->dpending, (size_t)origpending);
    Value whole = bytes_alloc((size_t)(origpending + n));
    char *w = (char *)bytes_data(whole);
    memcpy(w, c->dpending, (size_t)origpending);
    memcpy(w + origpending, data, (size_t)n);
    c->dpendingsize = 0;
    DecBuf b;
    memset(&b, 0, sizeof b);
    buf_init(&b.out, (size_t)(origpending + n) + 1);
    dec_prepare(&b, (const unsigned char *)w, origpending + n);
    if (dec_feed(c->codec, &c->state, &b, c->eh, c->errors) < 0) return VNULL;
    if (final && b.p < b.end && dec_error(c->codec, &b, c->eh, c->errors, MBERR_TOOFEW) < 0) {
        memcpy(c->dpending, saved, (size_t)origpending);
        c->dpendingsize = origpending;
        return VNULL;
    }
    if (b.p < b.end && dec_keep_pending(c, &b) < 0) return VNULL;
    return str_from_buf(&b.out);
}

static Value idec_getstate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"getstate", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Ctx *c = CTX(args[0]);
    mpz_t z;
    mpz_init(z);
    mpz_import(z, 8, -1, 1, 0, 0, c->state.c);
    Value st = int_from_mpz(z);
    mpz_clear(z);
    return tuple_pack(2, bytes_new((const char *)c->dpending, (size_t)c->dpendingsize), st);
}

static Value idec_setstate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"setstate", 1, 1, 0, {"state", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value t = a[0];
    if (!tuple_check(t)) return err_format(&exc_TypeError, "setstate() argument must be tuple, not %T", t);
    if (tuple_size(t) != 2 || !bytes_check(tuple_get(t, 0)) || !int_check(tuple_get(t, 1)))
        return err_set(&exc_TypeError, "setstate(): illegal state argument");
    unsigned char st[8];
    if (int_to_le(tuple_get(t, 1), st, 8) < 0) return VNULL;
    Value buffer = tuple_get(t, 0);
    if (bytes_size(buffer) > MAXDECPENDING) return err_set(&exc_UnicodeError, "pending buffer too large");
    Ctx *c = CTX(args[0]);
    c->dpendingsize = (int)bytes_size(buffer);
    memcpy(c->dpending, bytes_data(buffer), (size_t)c->dpendingsize);
    memcpy(c->state.c, st, 8);
    return V_NONE;
}

static Value idec_reset(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"reset", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Ctx *c = CTX(args[0]);
    if (c->codec->decreset) c->codec->decreset(&c->state, c->codec->config);
    c->dpendingsize = 0;
    return V_NONE;
}

static const MethodDef idec_methods[] = {
    {"decode", idec_decode, MF_KEYWORDS, NULL},
    {"getstate", idec_getstate, MF_KEYWORDS, NULL},
    {"setstate", idec_setstate, MF_KEYWORDS, NULL},
    {"reset", idec_reset, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

/* read through the stream's method until something decodes (or the end) */
static Value sreader_iread(Ctx *c, const char *method, int64_t sizehint) {
    if (sizehint == 0) return str_from_cstr("");
    DecBuf b;
    memset(&b, 0, sizeof b);
    buf_init(&b.out, 64);
    for (;;) {
        Value cres;
        if (sizehint < 0) {
            cres = obj_call_method(c->stream, method, NULL, 0);
        } else {
            Value n = int_from_i64(sizehint);
            cres = obj_call_method(c->stream, method, &n, 1);
        }
        if (!cres) return VNULL;
        if (!bytes_check(cres))
            return err_format(&exc_TypeError, "stream function returned a non-bytes object (%s)",
                              type_of(cres)->tname);
        bool eof = bytes_size(cres) == 0;
        int64_t rsize = c->dpendingsize + bytes_size(cres);
        Value whole = bytes_alloc((size_t)rsize);
        char *w = (char *)bytes_data(whole);
        memcpy(w, c->dpending, (size_t)c->dpendingsize);
        memcpy(w + c->dpendingsize, bytes_data(cres), (size_t)bytes_size(cres));
        c->dpendingsize = 0;
        dec_prepare(&b, (const unsigned char *)w, rsize);
        if (rsize > 0 && dec_feed(c->codec, &c->state, &b, c->eh, c->errors) < 0) return VNULL;
        if ((eof || sizehint < 0) && b.p < b.end && dec_error(c->codec, &b, c->eh, c->errors, MBERR_TOOFEW) < 0)
            return VNULL;
        if (b.p < b.end && dec_keep_pending(c, &b) < 0) return VNULL;
        if (sizehint < 0 || b.out.len != 0 || rsize == 0) break;
        sizehint = 1;   /* read one more byte and retry */
    }
    return str_from_buf(&b.out);
}

static int size_arg(Value v, int64_t *out) {
    if (!v || v == V_NONE) {
        *out = -1;
        return 0;
    }
    if (!int_check(v)) {
        err_set(&exc_TypeError, "arg 1 must be an integer");
        return -1;
    }
    *out = int_as_i64(v);
    return *out == -1 && err_occurred() ? -1 : 0;
}

static Value sreader_read_common(Value *args, size_t nargs, Value kwnames, const char *fname, const char *method,
                                 bool lines) {
    ArgSpec spec = {fname, 1, 0, 0, {lines ? "sizehintobj" : "sizeobj", NULL}};
    Value a[1];
    int64_t size;
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0 || size_arg(a[0], &size) < 0) return VNULL;
    Value r = sreader_iread(CTX(args[0]), method, size);
    if (!r || !lines) return r;
    Value keep = V_TRUE;
    return obj_call_method(r, "splitlines", &keep, 1);
}

static Value sreader_read(Value *args, size_t nargs, Value kwnames) {
    return sreader_read_common(args, nargs, kwnames, "read", "read", false);
}
static Value sreader_readline(Value *args, size_t nargs, Value kwnames) {
    return sreader_read_common(args, nargs, kwnames, "readline", "readline", false);
}
static Value sreader_readlines(Value *args, size_t nargs, Value kwnames) {
    return sreader_read_common(args, nargs, kwnames, "readlines", "read", true);
}

static const MethodDef sreader_methods[] = {
    {"read", sreader_read, MF_KEYWORDS, NULL},
    {"readline", sreader_readline, MF_KEYWORDS, NULL},
    {"readlines", sreader_readlines, MF_KEYWORDS, NULL},
    {"reset", idec_reset, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

static int swriter_iwrite(Ctx *c, Value s) {
    Value b = ctx_encode(c, s, false);
    if (!b) return -1;
    return obj_call_method(c->stream, "write", &b, 1) ? 0 : -1;
}

static Value swriter_write(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"write", 1, 1, 0, {"strobj", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return swriter_iwrite(CTX(args[0]), a[0]) < 0 ? VNULL : V_NONE;
}

static Value swriter_writelines(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"writelines", 1, 1, 0, {"lines", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value lines = a[0];
    Type *t = type_of(lines);
    if (!t->getitem || dict_check(lines)) return err_set(&exc_TypeError, "arg must be a sequence object");
    for (int64_t i = 0;; i++) {
        /* the length can change in the loop */
        int64_t n = obj_len(lines);
        if (n < 0) return VNULL;
        if (i >= n) break;
        Value s = obj_getitem(lines, int_from_i64(i));
        if (!s || swriter_iwrite(CTX(args[0]), s) < 0) return VNULL;
    }
    return V_NONE;
}

static Value swriter_reset(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"reset", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Ctx *c = CTX(args[0]);
    if (!c->pending) return V_NONE;
    int64_t pos;
    Value pending = c->pending;
    /* the pending characters are dropped even when they fail to encode */
    c->pending = VNULL;
    Value b = encode_str(c->codec, &c->state, pending, &pos, c->eh, c->errors, MBENC_FLUSH | MBENC_RESET);
    if (!b) return VNULL;
    if (bytes_size(b) > 0 && !obj_call_method(c->stream, "write", &b, 1)) return VNULL;
    return V_NONE;
}

static const MethodDef swriter_methods[] = {
    {"write", swriter_write, MF_KEYWORDS, NULL},
    {"writelines", swriter_writelines, MF_KEYWORDS, NULL},
    {"reset", swriter_reset, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

static Type ienc_type = {
    .tname = "_multibytecodec.MultibyteIncrementalEncoder",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(Ctx),
    .new_ = ienc_new,
    .init = ctx_init,
};
static Type idec_type = {
    .tname = "_multibytecodec.MultibyteIncrementalDecoder",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(Ctx),
    .new_ = idec_new,
    .init = ctx_init,
};
static Type sreader_type = {
    .tname = "_multibytecodec.MultibyteStreamReader",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(Ctx),
    .new_ = sreader_new,
    .init = ctx_init,
};
static Type swriter_type = {
    .tname = "_multibytecodec.MultibyteStreamWriter",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(Ctx),
    .new_ = swriter_new,
    .init = ctx_init,
};

static void ready(Type *t, const char *name, const MethodDef *methods, const GetSetDef *getsets) {
    t->name = str_intern_cstr(name);
    t->module = str_intern_cstr("_multibytecodec");
    type_add_methods(t, methods);
    if (getsets) type_add_getsets(t, getsets);
    type_ready(t);
}

static void types_ready(void) {
    if (codec_type.flags & TF_READY) return;
    ready(&codec_type, "MultibyteCodec", codec_methods, NULL);
    ready(&ienc_type, "MultibyteIncrementalEncoder", ienc_methods, ctx_getsets);
    ready(&idec_type, "MultibyteIncrementalDecoder", idec_methods, ctx_getsets);
    ready(&sreader_type, "MultibyteStreamReader", sreader_methods, stream_getsets);
    ready(&swriter_type, "MultibyteStreamWriter", swriter_methods, stream_getsets);
}

Value _multibytecodec_module_create(void) {
    types_ready();
    Value m = module_new_cstr("_multibytecodec");
    module_add(m, "MultibyteIncrementalEncoder", V_FROM_PTR(&ienc_type));
    module_add(m, "MultibyteIncrementalDecoder", V_FROM_PTR(&idec_type));
    module_add(m, "MultibyteStreamReader", V_FROM_PTR(&sreader_type));
    module_add(m, "MultibyteStreamWriter", V_FROM_PTR(&swriter_type));
    return m;
}
