/* _disasm.c: the _disasm module, x86-64 disassembly through Capstone, for
 * the JIT viewer (lib/jitprof_html.py shows each trace operation's machine
 * code from the jit-backend-dump sections of a log).
 *
 *   _disasm.x86_64(code, address) -> [(address, size, mnemonic, op_str), ...]
 *
 * `code` is bytes-like, `address` the address of its first byte (the
 * listing's addresses and relative branch targets count from it). Bytes
 * Capstone cannot decode end the listing early, as cs_disasm does: the
 * caller sees how far it got from the last instruction's address and size.
 *
 * libcapstone is opened at the first call (dynlib.h), not at import and not
 * at start-up: tpy runs without it, and `import _disasm` works without it
 * too; x86_64() then raises ImportError naming the library. */
#include <capstone/capstone.h>

#include "../runtime.h"
#include "../util/dynlib.h"
#include "modules.h"

#define CAPSTONE_FUNCS(X) X(cs_open) X(cs_close) X(cs_disasm) X(cs_free) X(cs_errno) X(cs_strerror)
DYNLIB_DEFINE(capstone, TPY_SONAME_CAPSTONE, CAPSTONE_FUNCS)
#define CS(f) (capstone.f)

/* One handle for the process: opening one costs more than a short listing. */
static csh disasm_handle;
static bool disasm_handle_open;

static int disasm_open(void) {
    if (disasm_handle_open) return 0;
    if (capstone_load() < 0) return -1;
    cs_err e = CS(cs_open)(CS_ARCH_X86, CS_MODE_64, &disasm_handle);
    if (e != CS_ERR_OK) {
        err_format(&exc_OSError, "capstone: cannot open an x86-64 disassembler: %s", CS(cs_strerror)(e));
        return -1;
    }
    disasm_handle_open = true;
    return 0;
}

static const ArgSpec x86_64_args = {"x86_64", 0, 2, 0, {"code", "address", NULL}};

static Value disasm_x86_64(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&x86_64_args, args, nargs, kwnames, a) < 0) return VNULL;
    const char *code;
    int64_t size;
    if (!byteslike_view(a[0], &code, &size))
        return err_format(&exc_TypeError, "x86_64() argument 'code' must be a bytes-like object, not '%T'", a[0]);
    if (!int_check(a[1]))
        return err_format(&exc_TypeError, "x86_64() argument 'address' must be int, not '%T'", a[1]);
    int64_t address = int_as_i64(a[1]);
    if (address == -1 && err_occurred()) return VNULL;
    if (address < 0) return err_set(&exc_ValueError, "x86_64() argument 'address' must not be negative");
    if (disasm_open() < 0) return VNULL;
    cs_insn *insns = NULL;
    size_t n = CS(cs_disasm)(disasm_handle, (const uint8_t *)code, (size_t)size, (uint64_t)address, 0, &insns);
    Value result = list_new((int64_t)n);
    for (size_t i = 0; i < n; i++) {
        Value item[4] = {int_from_u64(insns[i].address), v_int(insns[i].size), str_from_cstr(insns[i].mnemonic),
                         str_from_cstr(insns[i].op_str)};
        list_append(result, tuple_from_array(item, 4));
    }
    if (insns) CS(cs_free)(insns, n);
    return result;
}

static const MethodDef disasm_functions[] = {
    {"x86_64", disasm_x86_64, MF_KEYWORDS,
     "x86_64(code, address) -> list of (address, size, mnemonic, op_str)\n\n"
     "Disassemble x86-64 machine code that starts at address, with Capstone.",
     &x86_64_args},
    {NULL, NULL, 0, NULL, NULL},
};

Value _disasm_module_create(void) {
    Value m = module_new_cstr("_disasm");
    module_add(m, "__doc__", str_from_cstr("x86-64 disassembly through Capstone (for the JIT viewer)."));
    module_add_functions(m, disasm_functions);
    return m;
}
