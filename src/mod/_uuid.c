/* _uuid.c: the _uuid module under uuid.py, on libuuid (util-linux):
 * generate_time_safe() makes a version 1 UUID as uuid_generate_time_safe
 * does, and says whether it was made safely (libuuid's uuidd daemon
 * guarantees uniqueness across processes: 0; without it: -1), exactly as
 * CPython's module built on Linux. libuuid is opened at import
 * (dynlib.h). */
#include <uuid/uuid.h>

#include "../runtime.h"
#include "../util/dynlib.h"
#include "modules.h"

#define UUID_FUNCS(X) X(uuid_generate_time_safe)
DYNLIB_DEFINE(libuuid, TPY_SONAME_UUID, UUID_FUNCS)
#define UUID(f) (libuuid.f)

/* generate_time_safe() -> (16 bytes, is_safe) */
static Value uuid_generate_time_safe_fn(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    /* METH_NOARGS in CPython: its messages name the module */
    if (arg_nokw("_uuid.generate_time_safe", kwnames) < 0 || arg_count("_uuid.generate_time_safe", nargs, 0, 0) < 0)
        return VNULL;
    uuid_t u;
    int r = UUID(uuid_generate_time_safe)(u);
    Value items[2] = {bytes_new((const char *)u, sizeof u), v_int(r)};
    return tuple_from_array(items, 2);
}

static const MethodDef uuid_functions[] = {
    {"generate_time_safe", uuid_generate_time_safe_fn, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _uuid_module_create(void) {
    if (libuuid_load() < 0) return VNULL;
    Value m = module_new_cstr("_uuid");
    module_add(m, "__doc__", V_NONE);
    module_add(m, "has_uuid_generate_time_safe", v_int(1));
    module_add_functions(m, uuid_functions);
    return m;
}
