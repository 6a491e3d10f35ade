/* _crypt.c: the _crypt module under the standard library's crypt.py (the
 * Unix password hash, deprecated since 3.11 as in CPython): crypt(word,
 * salt) is crypt_r(3) of libcrypt (libxcrypt on Debian), which supports
 * the methods crypt.py probes at import (SHA-512, SHA-256, Blowfish, MD5,
 * DES). libcrypt is opened at import (dynlib.h). A method the library
 * refuses raises OSError with its errno, which crypt.py expects. */
#include <crypt.h>
#include <errno.h>
#include <string.h>

#include "../runtime.h"
#include "../util/dynlib.h"
#include "modules.h"

#define CRYPT_FUNCS(X) X(crypt_r)
DYNLIB_DEFINE(libcrypt, TPY_SONAME_CRYPT, CRYPT_FUNCS)
#define CRYPT(f) (libcrypt.f)

/* crypt(word, salt, /) -> the hash, as str */
static Value crypt_crypt(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("_crypt.crypt", kwnames) < 0 || arg_count("crypt", nargs, 2, 2) < 0) return VNULL;
    const char *word = arg_str_utf8(args[0], "crypt", 1);
    if (!word) return VNULL;
    const char *salt = arg_str_utf8(args[1], "crypt", 2);
    if (!salt) return VNULL;
    /* struct crypt_data is about 32 KiB: too big for the C stack of a
     * thread; zeroed, as crypt_r requires before its first use */
    struct crypt_data *data = gc_alloc_atomic(sizeof *data);
    memset(data, 0, sizeof *data);
    errno = 0;
    const char *hash = CRYPT(crypt_r)(word, salt, data);
    if (!hash) return err_set_errno(&exc_OSError, errno, VNULL);
    return str_from_cstr(hash);
}

static const MethodDef crypt_functions[] = {
    {"crypt", crypt_crypt, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _crypt_module_create(void) {
    if (libcrypt_load() < 0) return VNULL;
    Value m = module_new_cstr("_crypt");
    module_add_functions(m, crypt_functions);
    return m;
}
