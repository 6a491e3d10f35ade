/* _codecs_kr.c: the Korean codecs (CPython's _codecs_kr): EUC-KR, CP949
 * (Unified Hangul Code) and Johab, stateless and table-driven: the engine
 * is _multibytecodec.c's, the tables tools/gen_cjk.py's. */
#include "../runtime.h"
#include "cjkcodecs.h"
#include "modules.h"

static const CjkCodec codecs[] = {
    CJK_TABLE_CODEC(euc_kr),
    CJK_TABLE_CODEC(cp949),
    CJK_TABLE_CODEC(johab),
};

static const CjkCodec *const codec_list[] = {
    &codecs[0],
    &codecs[1],
    &codecs[2],
    NULL,
};

static Value getcodec(Value *args, size_t nargs, Value kwnames) {
    return mbc_getcodec(codec_list, args, nargs, kwnames);
}

static const MethodDef functions[] = {
    {"getcodec", getcodec, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _codecs_kr_module_create(void) {
    Value m = module_new_cstr("_codecs_kr");
    module_add_functions(m, functions);
    return m;
}
