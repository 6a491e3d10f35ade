/* _codecs_cn.c: the Simplified Chinese codecs (CPython's _codecs_cn):
 * GB2312, GBK and GB18030, stateless and table-driven (the engine is
 * _multibytecodec.c's, the tables tools/gen_cjk.py's), and HZ (RFC 1843),
 * which switches between ASCII and GB2312 with "~{" and "~}". */
#include "../runtime.h"
#include "cjkcodecs.h"
#include "modules.h"

/* HZ's state: c[0] is 1 in GB2312 mode, 0 in ASCII mode */

static void hz_init(CjkState *st, const void *config) { st->c[0] = 0; }

static void hz_encreset(CjkState *st, const void *config, Buf *out) {
    if (st->c[0]) {
        buf_put(out, "~}", 2);
        st->c[0] = 0;
    }
}

static int64_t hz_encode(CjkState *st, const void *config, const uint32_t *in, int64_t *inpos, int64_t inlen,
                         Buf *out, int flags) {
    while (*inpos < inlen) {
        uint32_t c = in[*inpos];
        if (c < 0x80) {
            hz_encreset(st, config, out);
            buf_putc(out, (char)c);
            if (c == '~') buf_putc(out, '~');
        } else {
            /* GB2312 only: its EUC code without the high bits */
            uint32_t v = c < 0x10000 ? cjk_lookup_enc(&cjk_table_gb2312, c) : 0;
            if ((v >> 28 & 3) != 2) return 1;
            if (!st->c[0]) {
                buf_put(out, "~{", 2);
                st->c[0] = 1;
            }
            buf_putc(out, (char)(v >> 8 & 0x7F));
            buf_putc(out, (char)(v & 0x7F));
        }
        (*inpos)++;
    }
    return 0;
}

static int64_t hz_decode(CjkState *st, const void *config, const unsigned char **in, int64_t inleft, Buf *out) {
    while (inleft > 0) {
        const unsigned char *p = *in;
        unsigned c = p[0];
        int64_t k = 1;
        if (c == '~') {
            if (inleft < 2) return MBERR_TOOFEW;
            unsigned c2 = p[1];
            if (c2 == '~' && st->c[0] == 0) buf_putc(out, '~');
            else if (c2 == '{' && st->c[0] == 0) st->c[0] = 1;
            else if (c2 == '\n' && st->c[0] == 0) ;   /* line continuation */
            else if (c2 == '}' && st->c[0] == 1) st->c[0] = 0;
            else return 1;
            k = 2;
        } else if (c & 0x80) {
            return 1;
        } else if (st->c[0] == 0) {
            buf_putc(out, (char)c);
        } else {
            if (inleft < 2) return MBERR_TOOFEW;
            unsigned c2 = p[1];
            int32_t cp = c >= 0x21 && c <= 0x7E && c2 >= 0x21 && c2 <= 0x7E
                             ? cjk_lookup_dec(&cjk_table_gb2312, (int)(c | 0x80), (int)(c2 | 0x80))
                             : -1;
            if (cp < 0) return 1;
            cjk_put_cp(out, (uint32_t)cp);
            k = 2;
        }
        *in += k;
        inleft -= k;
    }
    return 0;
}

static const CjkCodec codecs[] = {
    CJK_TABLE_CODEC(gb2312),
    CJK_TABLE_CODEC(gbk),
    CJK_TABLE_CODEC(gb18030),
    {"hz", NULL, hz_init, hz_encode, hz_encreset, hz_init, hz_decode, hz_init},
};

static const CjkCodec *const codec_list[] = {&codecs[0], &codecs[1], &codecs[2], &codecs[3], NULL};

static Value getcodec(Value *args, size_t nargs, Value kwnames) {
    return mbc_getcodec(codec_list, args, nargs, kwnames);
}

static const MethodDef functions[] = {
    {"getcodec", getcodec, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _codecs_cn_module_create(void) {
    Value m = module_new_cstr("_codecs_cn");
    module_add_functions(m, functions);
    return m;
}
