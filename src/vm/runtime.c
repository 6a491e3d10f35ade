/* runtime.c: bringing the runtime up, in dependency order. */
#include "../jit/params.h"
#include "../front/lexer.h"
#include "../mod/modules.h"
#include "../runtime.h"
#include "gil.h"
#include "config.h"
#include "pending.h"

void frame_init(void);
void str_init(void);
void str_hash_init(void);
void str_init_types(void);
void tuple_init(void);
void tuple_init_type(void);
void errors_init(void);
void gen_init(void);
void builtins_init(void);
void sys_init(const char *executable);

TpyConfig tpy_config = {.int_max_str_digits = -1, .hash_random = 1};

static bool initialized;

void tpy_runtime_init(const char *executable) {
    if (initialized) return;
    initialized = true;
    gc_init();
    gc_set_memory_error_hook(pending_memory_error);
    jit_params_reset();
    frame_init();
    gil_init();
    str_hash_init();     /* the hash key, before any string is hashed */
    str_init();          /* "" and 1-char strings, interning */
    tuple_init();        /* () */
    ops_init();          /* interned names */
    type_init();         /* object, type */
    int_init();
    float_init();
    complex_init();
    str_init_types();
    tuple_init_type();
    list_init();
    dict_init();
    set_init();
    bytes_init();
    bytearray_init();
    memoryview_init();
    func_init();
    code_init();
    module_init();
    misc_init();
    generic_alias_init();
    namespace_init();
    gen_init();
    errors_init();
    tstate.sys_modules = dict_new();
    builtins_init();
    sys_init(executable);
    warnings_init();
    front_ucnhash_hook = unicodedata_ucnhash_load;
    extern void jit_init(void);
    jit_init();
    extern Value builtins_module;
    dict_set(tstate.sys_modules, str_intern_cstr("builtins"), builtins_module);
    err_clear();
}
