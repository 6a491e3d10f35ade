/* cjkcodecs.h: the CJK codecs' shared interface: the codec descriptor that
 * _multibytecodec.c drives (CPython's MultibyteCodec), the table-driven
 * engine of the stateless codecs (cjk_table_*), and the generated mapping
 * tables (build/cjk_tables.c, made by tools/gen_cjk.py). */
#ifndef TPY_CJKCODECS_H
#define TPY_CJKCODECS_H

#include <stddef.h>
#include <stdint.h>

#include "../util/buf.h"

/* A codec's state between calls: 8 bytes, as CPython's (the incremental
 * encoder's getstate() exposes them) */
typedef struct CjkState {
    unsigned char c[8];
} CjkState;

/* Results of encode/decode steps: 0 all done, > 0 an illegal sequence of
 * that many characters/bytes at the current position, or: */
#define MBERR_TOOFEW (-2)     /* input ends inside a sequence */

/* encode flags */
#define MBENC_FLUSH 1         /* no more input follows: resolve what waits */
#define MBENC_RESET 2         /* end of a session: return to the initial state */

typedef struct CjkCodec {
    const char *name;
    const void *config;
    void (*encinit)(CjkState *st, const void *config);
    /* encode in[*inpos..inlen) onto out, advancing *inpos */
    int64_t (*encode)(CjkState *st, const void *config, const uint32_t *in, int64_t *inpos, int64_t inlen,
                      Buf *out, int flags);
    /* write what returns to the initial state (NULL: stateless) */
    void (*encreset)(CjkState *st, const void *config, Buf *out);
    void (*decinit)(CjkState *st, const void *config);
    /* decode (*in)[0..inleft) as UTF-8 onto out, advancing *in */
    int64_t (*decode)(CjkState *st, const void *config, const unsigned char **in, int64_t inleft, Buf *out);
    void (*decreset)(CjkState *st, const void *config);
} CjkCodec;

/* the module object of a codec (_multibytecodec.c) */
#include "../vm/value.h"
Value mbc_codec_new(const CjkCodec *codec);
/* getcodec(name) of a _codecs_* module over its NULL-terminated list */
Value mbc_getcodec(const CjkCodec *const *list, Value *args, size_t nargs, Value kwnames);
/* append code point cp as UTF-8 */
void cjk_put_cp(Buf *out, uint32_t cp);

/* ---- the generated tables -------------------------------------------------
 * Decoding walks a trie of nodes from a codec's root. A node holds the
 * entries of bytes lo..hi in cjk_dec_pool[off..] and dflt for the others,
 * as 16-bit values: a BMP code point, 0xFFFF for a one-byte error, or
 * 0xD800 + k for the node's k-th special entry cjk_dec_special[spec + k]
 * (no codec decodes to U+D800..U+DFFF or U+FFFF). A full entry (uint32_t,
 * kind << 24 | value, from cjk_entry()) is: */
enum {
    CJK_CHAR,       /* one code point; the sequence ends here */
    CJK_ERR,        /* an illegal sequence of value bytes */
    CJK_NODE,       /* more bytes: node number value */
    CJK_PAIR,       /* two code points: cjk_dec_pairs[value] */
    CJK_GB4,        /* a GB18030 four-byte sequence */
    CJK_MAKEUP,     /* an EUC-KR eight-byte make-up sequence */
};
typedef struct CjkNode {
    uint8_t lo, hi;
    uint16_t dflt;
    uint32_t off, spec;
} CjkNode;

/* Encoding: an encoded value (uint32_t) is 0 for none, or the code's
 * length (1..3) << 28 | its bytes, big-endian, with flags: */
#define CJK_E_MULTIC (1u << 30)   /* first of a pair: look at the next one */
#define CJK_E_MAKEUP (1u << 31)   /* EUC-KR: the make-up sequence */

typedef struct CjkTable {
    const char *name;
    uint32_t root;                  /* decoding trie */
    int inverse_last;               /* encoder = the decoder inverted, the
                                       last of duplicates winning (else the
                                       first), then: */
    const uint32_t (*fixes)[2];     /* (code point, encoded value) sorted */
    uint32_t nfixes;
    const uint32_t (*encpairs)[3];  /* (first, second, encoded value) */
    uint32_t nencpairs;
    int gb18030, makeup;            /* algorithmic parts */
} CjkTable;

extern const CjkNode cjk_nodes[];
extern const uint16_t cjk_dec_pool[];
extern const uint32_t cjk_dec_special[];
extern const uint32_t cjk_dec_pairs[][2];
extern const uint8_t cjk_makeup_cho[256], cjk_makeup_jong[256];
extern const uint32_t cjk_gb18030_runs[][2];
extern const size_t cjk_gb18030_nruns;

#define CJK_TABLES(_)                                                         \
    _(shift_jis) _(cp932) _(euc_jp) _(shift_jis_2004) _(shift_jisx0213)      \
    _(euc_jis_2004) _(euc_jisx0213) _(gb2312) _(gbk) _(gb18030) _(euc_kr)    \
    _(cp949) _(johab) _(big5) _(cp950) _(big5hkscs)
#define CJK_TABLE_DECL(n) extern const CjkTable cjk_table_##n;
CJK_TABLES(CJK_TABLE_DECL)
#undef CJK_TABLE_DECL

/* The stateless codecs' engine (_multibytecodec.c): config is a CjkTable */
int64_t cjk_table_encode(CjkState *st, const void *config, const uint32_t *in, int64_t *inpos, int64_t inlen,
                         Buf *out, int flags);
int64_t cjk_table_decode(CjkState *st, const void *config, const unsigned char **in, int64_t inleft, Buf *out);
#define CJK_TABLE_CODEC(n) {#n, &cjk_table_##n, NULL, cjk_table_encode, NULL, NULL, cjk_table_decode, NULL}

/* Lookups for the stateful codecs built on a table's character sets:
 * the code point of the two-byte sequence b1 b2 (or the single byte b1
 * when b2 < 0), or -1; the code points (1 or 2, 0: none) that the n bytes
 * s decode to as one sequence; the encoded value of cp (with its flags),
 * or 0; the encoded value of the pair c1 c2, or 0. */
int32_t cjk_lookup_dec(const CjkTable *t, int b1, int b2);
int cjk_lookup_seq(const CjkTable *t, const unsigned char *s, int n, uint32_t out[2]);
uint32_t cjk_lookup_enc(const CjkTable *t, uint32_t cp);
uint32_t cjk_lookup_pair(const CjkTable *t, uint32_t c1, uint32_t c2);
extern const uint16_t cjk_iso2022_g2[3][256];
/* a node's entry for byte b */
static inline uint32_t cjk_entry(uint32_t node, unsigned b) {
    const CjkNode *n = &cjk_nodes[node];
    uint16_t v = b >= n->lo && b <= n->hi ? cjk_dec_pool[n->off + b - n->lo] : n->dflt;
    if (v == 0xFFFF) return (uint32_t)CJK_ERR << 24 | 1;
    if (v >= 0xD800 && v < 0xE000) return cjk_dec_special[n->spec + v - 0xD800];
    return v;
}

#endif
