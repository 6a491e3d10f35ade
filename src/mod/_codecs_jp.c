/* _codecs_jp.c: the Japanese codecs (CPython's _codecs_jp): Shift_JIS,
 * CP932, EUC-JP and the JIS X 0213 ones, stateless and table-driven: the
 * engine is _multibytecodec.c's, the tables tools/gen_cjk.py's. */
#include "../runtime.h"
#include "cjkcodecs.h"
#include "modules.h"

static const CjkCodec codecs[] = {
    CJK_TABLE_CODEC(shift_jis),
    CJK_TABLE_CODEC(cp932),
    CJK_TABLE_CODEC(euc_jp),
    CJK_TABLE_CODEC(shift_jis_2004),
    CJK_TABLE_CODEC(shift_jisx0213),
    CJK_TABLE_CODEC(euc_jis_2004),
    CJK_TABLE_CODEC(euc_jisx0213),
};

static const CjkCodec *const codec_list[] = {
    &codecs[0],
    &codecs[1],
    &codecs[2],
    &codecs[3],
    &codecs[4],
    &codecs[5],
    &codecs[6],
    NULL,
};

static Value getcodec(Value *args, size_t nargs, Value kwnames) {
    return mbc_getcodec(codec_list, args, nargs, kwnames);
}

static const MethodDef functions[] = {
    {"getcodec", getcodec, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _codecs_jp_module_create(void) {
    Value m = module_new_cstr("_codecs_jp");
    module_add_functions(m, functions);
    return m;
}
