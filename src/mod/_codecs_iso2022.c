/* _codecs_iso2022.c: the ISO-2022 codecs (CPython's _codecs_iso2022):
 * ISO-2022-KR and ISO-2022-JP with its variants -1, -2, -2004, -3 and -ext.
 * Stateful: escape sequences designate the character set of G0..G2 and
 * SO/SI shift between G0 and G1. The character sets are read through the
 * tables of the EUC codecs that contain them (euc_jp: JIS X 0208 and
 * JIS X 0212, cp949: KS X 1001, gb2312, euc_jis_2004 and euc_jisx0213:
 * JIS X 0213 planes 1 and 2).
 *
 * State (CjkState.c, as CPython's, which the incremental encoder's
 * getstate() shows): c[0..3] the character sets of G0..G3 (final byte of
 * the designation, | 0x80 for double-byte sets), c[4] flags. */
#include "../runtime.h"
#include "cjkcodecs.h"
#include "modules.h"

#define ESC 0x1B
#define SO 0x0E
#define SI 0x0F
#define LF 0x0A
#define MAX_ESCSEQLEN 16

#define DBCS 0x80
#define CS_ISO8859_1 'A'
#define CS_ASCII 'B'
#define CS_ISO8859_7 'F'
#define CS_JISX0201_K 'I'
#define CS_JISX0201_R 'J'
#define CS_GB2312 ('A' | DBCS)
#define CS_JISX0208 ('B' | DBCS)
#define CS_KSX1001 ('C' | DBCS)
#define CS_JISX0212 ('D' | DBCS)
#define CS_JISX0213_2000_1 ('O' | DBCS)
#define CS_JISX0213_2 ('P' | DBCS)
#define CS_JISX0213_2004_1 ('Q' | DBCS)
#define CS_JISX0208_O ('@' | DBCS)

#define F_SHIFTED 0x01
#define F_ESCTHROUGHOUT 0x02

/* config flags */
#define NO_SHIFT 0x01
#define USE_G2 0x02
#define USE_JISX0208_EXT 0x04

/* what a character set's encoder answers besides a code */
#define UNMAPPABLE 0xFFFF
#define MULTIPLE_AVAIL 0xFFFE   /* the first of a pair: ask again with the next */

typedef struct Desig {
    unsigned char mark, plane, width;
    /* the code points of the width bytes at d: 1 or 2, 0 when unmapped */
    int (*decode)(const unsigned char *d, uint32_t out[2]);
    /* the code of data[0] (*length 1), of the pair data[0..1] (*length 2,
       set to 1 when only data[0] is encoded), or of a pair's first
       character at the end of the input (*length -1, set to 1) */
    uint32_t (*encode)(const uint32_t *data, int *length);
} Desig;

typedef struct IsoConfig {
    int flags;
    const Desig *desigs;   /* ends with mark 0 */
} IsoConfig;

static bool in94(unsigned b) { return b >= 0x21 && b <= 0x7E; }

/* ---- the character sets ---------------------------------------------------- */

static int dec_via(const CjkTable *t, const unsigned char *d, bool plane2, uint32_t out[2]) {
    if (!in94(d[0]) || !in94(d[1])) return 0;
    unsigned char s[3] = {0x8F, (unsigned char)(d[0] | 0x80), (unsigned char)(d[1] | 0x80)};
    return plane2 ? cjk_lookup_seq(t, s, 3, out) : cjk_lookup_seq(t, s + 1, 2, out);
}

/* the 94x94 code of an EUC encoded value v: two bytes from 0xA1 (plane 1)
   or 0x8F and two such bytes (plane 2, returned | 0x8000), else UNMAPPABLE */
static uint32_t euc_code(uint32_t v) {
    unsigned len = v >> 28 & 3;
    if (len == 2 && (v >> 8 & 0xFF) >= 0xA1 && (v & 0xFF) >= 0xA1) return v & 0x7F7F;
    if (len == 3 && (v >> 16 & 0xFF) == 0x8F) return 0x8000 | (v & 0x7F7F);
    return UNMAPPABLE;
}

static int ksx1001_dec(const unsigned char *d, uint32_t out[2]) { return dec_via(&cjk_table_cp949, d, false, out); }
static uint32_t ksx1001_enc(const uint32_t *data, int *length) {
    uint32_t c = euc_code(cjk_lookup_enc(&cjk_table_cp949, data[0]) & ~CJK_E_MULTIC);
    return c & 0x8000 ? UNMAPPABLE : c;
}

static int jisx0208_dec(const unsigned char *d, uint32_t out[2]) {
    if (d[0] == 0x21 && d[1] == 0x40) {   /* FULLWIDTH REVERSE SOLIDUS */
        out[0] = 0xFF3C;
        return 1;
    }
    return dec_via(&cjk_table_euc_jp, d, false, out);
}
static uint32_t jisx0208_enc(const uint32_t *data, int *length) {
    if (data[0] == 0xFF3C) return 0x2140;
    uint32_t c = euc_code(cjk_lookup_enc(&cjk_table_euc_jp, data[0]));
    return c & 0x8000 ? UNMAPPABLE : c;
}

static int jisx0212_dec(const unsigned char *d, uint32_t out[2]) { return dec_via(&cjk_table_euc_jp, d, true, out); }
static uint32_t jisx0212_enc(const uint32_t *data, int *length) {
    uint32_t c = euc_code(cjk_lookup_enc(&cjk_table_euc_jp, data[0]));
    return c != UNMAPPABLE && (c & 0x8000) ? c & 0x7FFF : UNMAPPABLE;
}

static int gb2312_dec(const unsigned char *d, uint32_t out[2]) { return dec_via(&cjk_table_gb2312, d, false, out); }
static uint32_t gb2312_enc(const uint32_t *data, int *length) {
    uint32_t c = euc_code(cjk_lookup_enc(&cjk_table_gb2312, data[0]));
    return c & 0x8000 ? UNMAPPABLE : c;
}

static int jisx0201_r_dec(const unsigned char *d, uint32_t out[2]) {
    out[0] = d[0] == 0x5C ? 0xA5 : d[0] == 0x7E ? 0x203E : d[0];
    return d[0] < 0x80;
}
static uint32_t jisx0201_r_enc(const uint32_t *data, int *length) {
    uint32_t c = data[0];
    if (c < 0x80 && c != 0x5C && c != 0x7E) return c;
    return c == 0xA5 ? 0x5C : c == 0x203E ? 0x7E : UNMAPPABLE;
}

static int jisx0201_k_dec(const unsigned char *d, uint32_t out[2]) {
    unsigned c = d[0] ^ 0x80u;
    out[0] = 0xFEC0 + c;
    return c >= 0xA1 && c <= 0xDF;
}
static uint32_t jisx0201_k_enc(const uint32_t *data, int *length) {
    uint32_t c = data[0];
    return c >= 0xFF61 && c <= 0xFF9F ? c - 0xFEC0 - 0x80 : UNMAPPABLE;
}

/* JIS X 0213 through euc_jis_2004 (2004) or euc_jisx0213 (2000), which
 * also read JIS X 0212 behind 0x8F: plane 2 is only its own rows. The
 * generated fixes are where CPython's ISO-2022 sets differ from that
 * reading (keys: plane << 16 | code). */
typedef struct J0213 {
    const CjkTable *t;
    const uint32_t *rows2;
    const uint32_t (*decfix)[2], (*encfix)[2];
    const uint32_t *ndecfix, *nencfix;
} J0213;

extern const uint32_t cjk_jisx0213_2004_rows2[3], cjk_jisx0213_2000_rows2[3];
extern const uint32_t cjk_jisx0213_2004_decfix[][2], cjk_jisx0213_2000_decfix[][2];
extern const uint32_t cjk_jisx0213_2004_encfix[][2], cjk_jisx0213_2000_encfix[][2];
extern const uint32_t cjk_jisx0213_2004_ndecfix, cjk_jisx0213_2000_ndecfix;
extern const uint32_t cjk_jisx0213_2004_nencfix, cjk_jisx0213_2000_nencfix;

static const J0213 j2004 = {&cjk_table_euc_jis_2004, cjk_jisx0213_2004_rows2, cjk_jisx0213_2004_decfix,
                            cjk_jisx0213_2004_encfix, &cjk_jisx0213_2004_ndecfix, &cjk_jisx0213_2004_nencfix};
static const J0213 j2000 = {&cjk_table_euc_jisx0213, cjk_jisx0213_2000_rows2, cjk_jisx0213_2000_decfix,
                            cjk_jisx0213_2000_encfix, &cjk_jisx0213_2000_ndecfix, &cjk_jisx0213_2000_nencfix};

static bool row2(const J0213 *j, unsigned first) {
    unsigned r = first - 0x20;
    return j->rows2[r / 32] >> (r % 32) & 1;
}

static int j0213_dec(const J0213 *j, const unsigned char *d, bool p2, uint32_t out[2]) {
    if (!in94(d[0]) || !in94(d[1])) return 0;
    uint32_t key = (p2 ? 2u : 1u) << 16 | (uint32_t)d[0] << 8 | d[1];
    for (uint32_t k = 0; k < *j->ndecfix; k++)
        if (j->decfix[k][0] == key) {
            out[0] = j->decfix[k][1];
            return out[0] != 0xFFFFFFFFu;
        }
    if (p2 && !row2(j, d[0])) return 0;
    if (key == (1u << 16 | 0x2140)) {
        out[0] = 0xFF3C;
        return 1;
    }
    return dec_via(j->t, d, p2, out);
}

/* the code of a character alone: | 0x8000 for plane 2 */
static uint32_t j0213_single(const J0213 *j, uint32_t cp, uint32_t v) {
    for (uint32_t k = 0; k < *j->nencfix; k++)
        if (j->encfix[k][0] == cp) {
            uint32_t f = j->encfix[k][1];
            return f == 0 ? UNMAPPABLE : (f >> 16 == 2 ? 0x8000 : 0) | (f & 0xFFFF);
        }
    uint32_t c = euc_code(v & ~CJK_E_MULTIC);
    if (c != UNMAPPABLE && (c & 0x8000) && !row2(j, c >> 8 & 0x7F)) return UNMAPPABLE;
    return c;
}

/* CPython's protocol for pairs. Its ISO-2022 encoder hands the set's
 * encoder a copy of the first character alone, so a pair is never found
 * there: a pair's first character is always encoded by itself (unlike in
 * euc_jis_2004), which is what is done here. */
static uint32_t jisx0213_enc(const J0213 *j, const uint32_t *data, int *length) {
    uint32_t v = cjk_lookup_enc(j->t, data[0]);
    switch (*length) {
    case 1:
        if (v & CJK_E_MULTIC) return MULTIPLE_AVAIL;
        return j0213_single(j, data[0], v);
    case 2:
    case -1: *length = 1; return j0213_single(j, data[0], v);
    default: return UNMAPPABLE;
    }
}

static uint32_t plane1(uint32_t c) {
    return c == UNMAPPABLE || c == MULTIPLE_AVAIL || !(c & 0x8000) ? c : UNMAPPABLE;
}
static uint32_t plane2(uint32_t c) {
    return c == UNMAPPABLE || c == MULTIPLE_AVAIL ? c : c & 0x8000 ? c & 0x7FFF : UNMAPPABLE;
}
/* the pairs only: a character alone is left to the sets after this one */
static uint32_t paironly(const J0213 *t, const uint32_t *data, int *length) {
    int ilength = *length;
    uint32_t c = jisx0213_enc(t, data, length);
    if (ilength == 1) return c == MULTIPLE_AVAIL ? c : UNMAPPABLE;
    if (ilength == 2 && *length == 2) return c;
    return UNMAPPABLE;
}

#define T2004 (&j2004)
#define T2000 (&j2000)
static int j2004_1_dec(const unsigned char *d, uint32_t out[2]) { return j0213_dec(T2004, d, false, out); }
static int j2004_2_dec(const unsigned char *d, uint32_t out[2]) { return j0213_dec(T2004, d, true, out); }
static int j2000_1_dec(const unsigned char *d, uint32_t out[2]) { return j0213_dec(T2000, d, false, out); }
static int j2000_2_dec(const unsigned char *d, uint32_t out[2]) { return j0213_dec(T2000, d, true, out); }
static uint32_t j2004_1_enc(const uint32_t *d, int *l) { return plane1(jisx0213_enc(T2004, d, l)); }
static uint32_t j2004_2_enc(const uint32_t *d, int *l) { return plane2(jisx0213_enc(T2004, d, l)); }
static uint32_t j2004_p_enc(const uint32_t *d, int *l) { return paironly(T2004, d, l); }
static uint32_t j2000_1_enc(const uint32_t *d, int *l) { return plane1(jisx0213_enc(T2000, d, l)); }
static uint32_t j2000_2_enc(const uint32_t *d, int *l) { return plane2(jisx0213_enc(T2000, d, l)); }
static uint32_t j2000_p_enc(const uint32_t *d, int *l) { return paironly(T2000, d, l); }

/* G2's sets are decoded by the single shift ESC N only */
static int none_dec(const unsigned char *d, uint32_t out[2]) { return 0; }
static uint32_t none_enc(const uint32_t *data, int *length) { return UNMAPPABLE; }

#define KSX1001_G0 {CS_KSX1001, 0, 2, ksx1001_dec, ksx1001_enc}
#define KSX1001_G1 {CS_KSX1001, 1, 2, ksx1001_dec, ksx1001_enc}
#define JISX0201_R {CS_JISX0201_R, 0, 1, jisx0201_r_dec, jisx0201_r_enc}
#define JISX0201_K {CS_JISX0201_K, 0, 1, jisx0201_k_dec, jisx0201_k_enc}
#define JISX0208 {CS_JISX0208, 0, 2, jisx0208_dec, jisx0208_enc}
#define JISX0208_O {CS_JISX0208_O, 0, 2, jisx0208_dec, jisx0208_enc}
#define JISX0212 {CS_JISX0212, 0, 2, jisx0212_dec, jisx0212_enc}
#define J2000_1 {CS_JISX0213_2000_1, 0, 2, j2000_1_dec, j2000_1_enc}
#define J2000_1_PAIRONLY {CS_JISX0213_2000_1, 0, 2, j2000_1_dec, j2000_p_enc}
#define J2000_2 {CS_JISX0213_2, 0, 2, j2000_2_dec, j2000_2_enc}
#define J2004_1 {CS_JISX0213_2004_1, 0, 2, j2004_1_dec, j2004_1_enc}
#define J2004_1_PAIRONLY {CS_JISX0213_2004_1, 0, 2, j2004_1_dec, j2004_p_enc}
#define J2004_2 {CS_JISX0213_2, 0, 2, j2004_2_dec, j2004_2_enc}
#define GB2312 {CS_GB2312, 0, 2, gb2312_dec, gb2312_enc}
#define ISO8859_1 {CS_ISO8859_1, 2, 1, none_dec, none_enc}
#define ISO8859_7 {CS_ISO8859_7, 2, 1, none_dec, none_enc}
#define END {0, 0, 0, NULL, NULL}

static const Desig kr_d[] = {KSX1001_G1, END};
static const Desig jp_d[] = {JISX0208, JISX0201_R, JISX0208_O, END};
static const Desig jp_1_d[] = {JISX0208, JISX0212, JISX0201_R, JISX0208_O, END};
static const Desig jp_2_d[] = {JISX0208, JISX0212, KSX1001_G0, GB2312, JISX0201_R, JISX0208_O,
                               ISO8859_1, ISO8859_7, END};
static const Desig jp_2004_d[] = {J2004_1_PAIRONLY, JISX0208, J2004_1, J2004_2, END};
static const Desig jp_3_d[] = {J2000_1_PAIRONLY, JISX0208, J2000_1, J2000_2, END};
static const Desig jp_ext_d[] = {JISX0208, JISX0212, JISX0201_R, JISX0201_K, JISX0208_O, END};

static const IsoConfig kr_c = {0, kr_d};
static const IsoConfig jp_c = {NO_SHIFT | USE_JISX0208_EXT, jp_d};
static const IsoConfig jp_1_c = {NO_SHIFT | USE_JISX0208_EXT, jp_1_d};
static const IsoConfig jp_2_c = {NO_SHIFT | USE_G2 | USE_JISX0208_EXT, jp_2_d};
static const IsoConfig jp_2004_c = {NO_SHIFT | USE_JISX0208_EXT, jp_2004_d};
static const IsoConfig jp_3_c = {NO_SHIFT | USE_JISX0208_EXT, jp_3_d};
static const IsoConfig jp_ext_c = {NO_SHIFT | USE_JISX0208_EXT, jp_ext_d};

/* ---- the codec ------------------------------------------------------------- */

static void iso_encinit(CjkState *st, const void *config) {
    st->c[4] = 0;
    st->c[0] = st->c[1] = CS_ASCII;
}

static void put3(Buf *out, int a, int b, int c) {
    buf_putc(out, (char)a);
    buf_putc(out, (char)b);
    buf_putc(out, (char)c);
}

static void iso_encreset(CjkState *st, const void *config, Buf *out) {
    if (st->c[4] & F_SHIFTED) {
        buf_putc(out, SI);
        st->c[4] &= ~F_SHIFTED;
    }
    if (st->c[0] != CS_ASCII) {
        put3(out, ESC, '(', 'B');
        st->c[0] = CS_ASCII;
    }
}

static int64_t iso_encode(CjkState *st, const void *config, const uint32_t *in, int64_t *inpos, int64_t inlen,
                          Buf *out, int flags) {
    const IsoConfig *cfg = config;
    while (*inpos < inlen) {
        uint32_t c = in[*inpos];
        if (c < 0x80) {
            if (st->c[0] != CS_ASCII) {
                put3(out, ESC, '(', 'B');
                st->c[0] = CS_ASCII;
            }
            if (st->c[4] & F_SHIFTED) {
                buf_putc(out, SI);
                st->c[4] &= ~F_SHIFTED;
            }
            buf_putc(out, (char)c);
            (*inpos)++;
            continue;
        }
        const Desig *d;
        uint32_t code = UNMAPPABLE;
        int insize = 1;
        for (d = cfg->desigs; d->mark; d++) {
            int length = 1;
            code = d->encode(&in[*inpos], &length);
            if (code == MULTIPLE_AVAIL) {
                if (inlen - *inpos < 2) {
                    if (!(flags & MBENC_FLUSH)) return MBERR_TOOFEW;
                    length = -1;
                } else {
                    length = 2;
                }
                code = d->encode(&in[*inpos], &length);
                if (code != UNMAPPABLE) {
                    insize = length;
                    break;
                }
            } else if (code != UNMAPPABLE) {
                break;
            }
        }
        if (!d->mark) return 1;
        if (d->plane == 0) {
            if (st->c[4] & F_SHIFTED) {
                buf_putc(out, SI);
                st->c[4] &= ~F_SHIFTED;
            }
            if (st->c[0] != d->mark) {
                if (d->width == 1) {
                    put3(out, ESC, '(', d->mark & 0x7F);
                } else if (d->mark == CS_JISX0208) {
                    put3(out, ESC, '$', d->mark & 0x7F);
                } else {
                    put3(out, ESC, '$', '(');
                    buf_putc(out, (char)(d->mark & 0x7F));
                }
                st->c[0] = d->mark;
            }
        } else {
            /* G1 (the sets here use no other plane for encoding) */
            if (st->c[1] != d->mark) {
                if (d->width == 1) {
                    put3(out, ESC, ')', d->mark & 0x7F);
                } else {
                    put3(out, ESC, '$', ')');
                    buf_putc(out, (char)(d->mark & 0x7F));
                }
                st->c[1] = d->mark;
            }
            if (!(st->c[4] & F_SHIFTED)) {
                buf_putc(out, SO);
                st->c[4] |= F_SHIFTED;
            }
        }
        if (d->width == 1) {
            buf_putc(out, (char)code);
        } else {
            buf_putc(out, (char)(code >> 8));
            buf_putc(out, (char)(code & 0xFF));
        }
        *inpos += insize;
    }
    return 0;
}

static void iso_decinit(CjkState *st, const void *config) {
    st->c[4] = 0;
    st->c[0] = st->c[1] = st->c[2] = CS_ASCII;
}

static void iso_decreset(CjkState *st, const void *config) {
    st->c[0] = CS_ASCII;
    st->c[4] &= ~F_SHIFTED;
}

static bool is_escend(unsigned c) { return (c >= 'A' && c <= 'Z') || c == '@'; }
static bool is_iso2022esc(unsigned c) { return c == '(' || c == ')' || c == '$' || c == '.' || c == '&'; }

/* a designation escape sequence at p: 0 (consumed), or an error result */
static int64_t process_esc(const IsoConfig *cfg, CjkState *st, const unsigned char **in, int64_t *inleft) {
    const unsigned char *p = *in;
    int64_t i, esclen = 0;
    for (i = 1; i < MAX_ESCSEQLEN; i++) {
        if (i >= *inleft) return MBERR_TOOFEW;
        if (is_escend(p[i])) {
            esclen = i + 1;
            break;
        } else if ((cfg->flags & USE_JISX0208_EXT) && i + 1 < *inleft && p[i] == '&' && p[i + 1] == '@') {
            i += 2;
        }
    }
    if (i >= MAX_ESCSEQLEN) return 1;   /* unterminated */
    unsigned char charset;
    int designation;
    switch (esclen) {
    case 3:
        if (p[1] == '$') {
            charset = p[2] | DBCS;
            designation = 0;
        } else {
            charset = p[2];
            if (p[1] == '(') designation = 0;
            else if (p[1] == ')') designation = 1;
            else if ((cfg->flags & USE_G2) && p[1] == '.') designation = 2;
            else return 3;
        }
        break;
    case 4:
        if (p[1] != '$') return 4;
        charset = p[3] | DBCS;
        if (p[2] == '(') designation = 0;
        else if (p[2] == ')') designation = 1;
        else return 4;
        break;
    case 6:   /* ESC & @ ESC $ B: JIS X 0208-1990 */
        if ((cfg->flags & USE_JISX0208_EXT) && p[3] == ESC && p[4] == '$' && p[5] == 'B') {
            charset = 'B' | DBCS;
            designation = 0;
        } else {
            return 6;
        }
        break;
    default: return esclen;
    }
    if (charset != CS_ASCII) {
        const Desig *d = cfg->desigs;
        while (d->mark && d->mark != charset) d++;
        if (!d->mark) return esclen;   /* not a set of this encoding */
    }
    st->c[designation] = charset;
    *inleft -= esclen;
    *in += esclen;
    return 0;
}

static int64_t iso_decode(CjkState *st, const void *config, const unsigned char **in, int64_t inleft, Buf *out) {
    const IsoConfig *cfg = config;
    while (inleft > 0) {
        const unsigned char *p = *in;
        unsigned c = p[0];
        if (st->c[4] & F_ESCTHROUGHOUT) {
            /* inside an escape sequence this codec does not know: passed
               through (as ISO-8859-1) up to its final byte */
            cjk_put_cp(out, c);
            (*in)++;
            inleft--;
            if (is_escend(c)) st->c[4] &= ~F_ESCTHROUGHOUT;
            continue;
        }
        if (c == ESC) {
            if (inleft < 2) return MBERR_TOOFEW;
            if (is_iso2022esc(p[1])) {
                int64_t err = process_esc(cfg, st, in, &inleft);
                if (err != 0) return err;
            } else if ((cfg->flags & USE_G2) && p[1] == 'N') {   /* SS2 */
                if (inleft < 3) return MBERR_TOOFEW;
                int g2 = st->c[2] == CS_ASCII ? 0 : st->c[2] == CS_ISO8859_1 ? 1 : st->c[2] == CS_ISO8859_7 ? 2 : -1;
                if (g2 < 0) return 3;
                uint16_t u = cjk_iso2022_g2[g2][p[2]];
                if (u == 0xFFFF) return 3;
                cjk_put_cp(out, u);
                *in += 3;
                inleft -= 3;
            } else {
                buf_putc(out, ESC);
                st->c[4] |= F_ESCTHROUGHOUT;
                (*in)++;
                inleft--;
            }
            continue;
        }
        bool bypass = false;
        if (c == SI || c == SO) {
            if (cfg->flags & NO_SHIFT) {
                bypass = true;
            } else {
                if (c == SI) st->c[4] &= ~F_SHIFTED;
                else st->c[4] |= F_SHIFTED;
                (*in)++;
                inleft--;
                continue;
            }
        } else if (c == LF) {
            st->c[4] &= ~F_SHIFTED;
            bypass = true;
        } else if (c < 0x20) {
            bypass = true;
        } else if (c >= 0x80) {
            return 1;
        }
        unsigned char charset = (st->c[4] & F_SHIFTED) ? st->c[1] : st->c[0];
        if (bypass || charset == CS_ASCII) {
            buf_putc(out, (char)c);
            (*in)++;
            inleft--;
            continue;
        }
        const Desig *d = cfg->desigs;
        while (d->mark && d->mark != charset) d++;
        if (!d->mark) return 1;   /* a state set from outside */
        if (inleft < d->width) return MBERR_TOOFEW;
        uint32_t u[2];
        int n = d->decode(p, u);
        if (n == 0) return d->width;
        for (int k = 0; k < n; k++) cjk_put_cp(out, u[k]);
        *in += d->width;
        inleft -= d->width;
    }
    return 0;
}

#define ISO2022_CODEC(v)                                                                              \
    {"iso2022_" #v, &v##_c, iso_encinit, iso_encode, iso_encreset, iso_decinit, iso_decode, iso_decreset}

static const CjkCodec codecs[] = {
    ISO2022_CODEC(kr), ISO2022_CODEC(jp), ISO2022_CODEC(jp_1), ISO2022_CODEC(jp_2),
    ISO2022_CODEC(jp_2004), ISO2022_CODEC(jp_3), ISO2022_CODEC(jp_ext),
};

static const CjkCodec *const codec_list[] = {&codecs[0], &codecs[1], &codecs[2], &codecs[3],
                                             &codecs[4], &codecs[5], &codecs[6], NULL};

static Value getcodec(Value *args, size_t nargs, Value kwnames) {
    return mbc_getcodec(codec_list, args, nargs, kwnames);
}

static const MethodDef functions[] = {
    {"getcodec", getcodec, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _codecs_iso2022_module_create(void) {
    Value m = module_new_cstr("_codecs_iso2022");
    module_add_functions(m, functions);
    return m;
}
