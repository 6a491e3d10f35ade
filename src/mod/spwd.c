/* spwd.c: the spwd module (deprecated since 3.11 as in CPython): the
 * shadow password database, getspnam() and getspall(), as
 * spwd.struct_spwd struct sequences of nine fields plus CPython's two
 * older names (sp_nam, sp_pwd). Reading /etc/shadow needs privileges:
 * without them getspnam() raises PermissionError from errno, as
 * CPython's. */
#include <errno.h>
#include <shadow.h>
#include <string.h>

#include "../obj/structseq.h"
#include "../runtime.h"
#include "modules.h"

static Type *spwd_type;

enum { SPWD_VISIBLE = 9, SPWD_FIELDS = 11 };

/* a system string as str (os.fsdecode's reading), None for NULL */
static Value fs_str_or_none(const char *s) { return s ? str_from_fs(s) : V_NONE; }

static Value spwd_value(const struct spwd *p) {
    Value name = fs_str_or_none(p->sp_namp), pass = fs_str_or_none(p->sp_pwdp);
    Value v[SPWD_FIELDS] = {
        name,
        pass,
        int_from_i64(p->sp_lstchg),
        int_from_i64(p->sp_min),
        int_from_i64(p->sp_max),
        int_from_i64(p->sp_warn),
        int_from_i64(p->sp_inact),
        int_from_i64(p->sp_expire),
        int_from_i64((long)p->sp_flag), /* CPython reads the unsigned flag as a C long: -1 when unset */
        name,
        pass,
    };
    return structseq_new(spwd_type, v);
}

/* getspnam(arg, /) */
static Value spwd_getspnam(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("spwd.getspnam", kwnames) < 0 || arg_count("spwd.getspnam", nargs, 1, 1) < 0) return VNULL;
    Value arg = args[0];
    if (!str_check(arg)) return err_format(&exc_TypeError, "getspnam() argument must be str, not %T", arg);
    Value b = bytes_encode_str(arg, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
    if (!b) return VNULL;
    if (memchr(bytes_data(b), 0, (size_t)bytes_size(b))) return err_set(&exc_ValueError, "embedded null byte");
    errno = 0;
    struct spwd *p = getspnam(bytes_data(b));
    if (!p) {
        if (errno != 0) return err_set_errno(&exc_OSError, errno, VNULL);
        return err_set(&exc_KeyError, "getspnam(): name not found");
    }
    return spwd_value(p);
}

/* getspall() */
static Value spwd_getspall(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("spwd.getspall", kwnames) < 0 || arg_count("spwd.getspall", nargs, 0, 0) < 0) return VNULL;
    Value l = list_new(0);
    setspent();
    struct spwd *p;
    while ((p = getspent())) {
        Value v = spwd_value(p);
        if (!v) {
            endspent();
            return VNULL;
        }
        list_append(l, v);
    }
    endspent();
    return l;
}

static const MethodDef spwd_functions[] = {
    {"getspnam", spwd_getspnam, MF_KEYWORDS, NULL},
    {"getspall", spwd_getspall, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value spwd_module_create(void) {
    if (!spwd_type) {
        static const char *const fields[SPWD_FIELDS] = {"sp_namp", "sp_pwdp", "sp_lstchg", "sp_min",
                                                        "sp_max",  "sp_warn", "sp_inact",  "sp_expire",
                                                        "sp_flag", "sp_nam",  "sp_pwd"};
        spwd_type = structseq_new_type("spwd", "struct_spwd", fields, SPWD_VISIBLE, SPWD_FIELDS);
    }
    Value m = module_new_cstr("spwd");
    module_add_functions(m, spwd_functions);
    module_add(m, "struct_spwd", V_FROM_PTR(spwd_type));
    return m;
}
