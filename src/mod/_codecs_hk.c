/* _codecs_hk.c: the Hong Kong codec (CPython's _codecs_hk): Big5-HKSCS,
 * stateless and table-driven (pairs of characters included): the engine
 * is _multibytecodec.c's, the tables tools/gen_cjk.py's. */
#include "../runtime.h"
#include "cjkcodecs.h"
#include "modules.h"

static const CjkCodec codecs[] = {
    CJK_TABLE_CODEC(big5hkscs),
};

static const CjkCodec *const codec_list[] = {
    &codecs[0],
    NULL,
};

static Value getcodec(Value *args, size_t nargs, Value kwnames) {
    return mbc_getcodec(codec_list, args, nargs, kwnames);
}

static const MethodDef functions[] = {
    {"getcodec", getcodec, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _codecs_hk_module_create(void) {
    Value m = module_new_cstr("_codecs_hk");
    module_add_functions(m, functions);
    return m;
}
