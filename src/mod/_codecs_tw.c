/* _codecs_tw.c: the Traditional Chinese codecs (CPython's _codecs_tw):
 * Big5 and CP950, stateless and table-driven: the engine is
 * _multibytecodec.c's, the tables tools/gen_cjk.py's. */
#include "../runtime.h"
#include "cjkcodecs.h"
#include "modules.h"

static const CjkCodec codecs[] = {
    CJK_TABLE_CODEC(big5),
    CJK_TABLE_CODEC(cp950),
};

static const CjkCodec *const codec_list[] = {
    &codecs[0],
    &codecs[1],
    NULL,
};

static Value getcodec(Value *args, size_t nargs, Value kwnames) {
    return mbc_getcodec(codec_list, args, nargs, kwnames);
}

static const MethodDef functions[] = {
    {"getcodec", getcodec, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _codecs_tw_module_create(void) {
    Value m = module_new_cstr("_codecs_tw");
    module_add_functions(m, functions);
    return m;
}
