/* pwd.c: the pwd module: the password database (getpwnam, getpwuid,
 * getpwall) as pwd.struct_passwd struct sequences, CPython's messages. */
#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../obj/structseq.h"
#include "../runtime.h"
#include "modules.h"

static Type *passwd_type;

static Value passwd_value(const struct passwd *p) {
    Value v[7] = {str_from_fs(p->pw_name),  str_from_fs(p->pw_passwd), int_from_i64(p->pw_uid), int_from_i64(p->pw_gid),
                  str_from_fs(p->pw_gecos), str_from_fs(p->pw_dir),    str_from_fs(p->pw_shell)};
    return structseq_new(passwd_type, v);
}

/* getpw*_r with a buffer that grows while the entry does not fit */
typedef int (*LookupFn)(const void *key, struct passwd *pw, char *buf, size_t n, struct passwd **res);
static int by_uid(const void *k, struct passwd *pw, char *buf, size_t n, struct passwd **res) {
    return getpwuid_r(*(const uid_t *)k, pw, buf, n, res);
}
static int by_name(const void *k, struct passwd *pw, char *buf, size_t n, struct passwd **res) {
    return getpwnam_r((const char *)k, pw, buf, n, res);
}

static Value lookup(LookupFn fn, const void *key) {
    size_t n = 1024;
    for (;;) {
        char *buf = gc_alloc_atomic(n);
        struct passwd pw, *res = NULL;
        int e = fn(key, &pw, buf, n, &res);
        if (e == ERANGE) {
            n *= 2;
            continue;
        }
        if (!res) return V_NONE;   /* not found (or an error: CPython says not found too) */
        return passwd_value(res);
    }
}

static const ArgSpec pwd_getpwuid_spec = {"pwd.getpwuid", 1, 1, 0, {"uidobj", NULL}};
static Value pwd_getpwuid(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&pwd_getpwuid_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t uid;
    if (posix_id_converter(a[0], "uid", &uid) < 0) {
        /* no such uid_t: not found, as CPython says */
        if (err_matches(&exc_OverflowError)) {
            err_clear();
            err_set_value(&exc_KeyError, str_from_cstr("getpwuid(): uid not found"));
        }
        return VNULL;
    }
    uid_t u = (uid_t)uid;
    Value r = lookup(by_uid, &u);
    if (r == V_NONE) return err_set_value(&exc_KeyError, str_printf("getpwuid(): uid not found: %R", int_from_i64(uid)));
    return r;
}

static const ArgSpec pwd_getpwnam_spec = {"pwd.getpwnam", 1, 1, 0, {"name", NULL}};
static Value pwd_getpwnam(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&pwd_getpwnam_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "getpwnam() argument must be str, not %T", a[0]);
    Value b = bytes_encode_str(a[0], str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
    if (!b) return VNULL;
    if (memchr(bytes_data(b), 0, (size_t)bytes_size(b))) return err_set(&exc_ValueError, "embedded null byte");
    Value r = lookup(by_name, bytes_data(b));
    if (r == V_NONE) return err_set_value(&exc_KeyError, str_printf("getpwnam(): name not found: %R", a[0]));
    return r;
}

static const ArgSpec pwd_getpwall_spec = {"pwd.getpwall", 0, 0, 0, {NULL}};
static Value pwd_getpwall(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&pwd_getpwall_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value l = list_new(0);
    setpwent();
    struct passwd *p;
    while ((p = getpwent())) {
        Value v = passwd_value(p);
        if (!v) {
            endpwent();
            return VNULL;
        }
        list_append(l, v);
    }
    endpwent();
    return l;
}

static const MethodDef pwd_functions[] = {
    {"getpwuid", pwd_getpwuid, MF_KEYWORDS, NULL, &pwd_getpwuid_spec},
    {"getpwnam", pwd_getpwnam, MF_KEYWORDS, NULL, &pwd_getpwnam_spec},
    {"getpwall", pwd_getpwall, MF_KEYWORDS, NULL, &pwd_getpwall_spec},
    {NULL, NULL, 0, NULL},
};

Value pwd_module_create(void) {
    if (!passwd_type) {
        static const char *const fields[] = {"pw_name", "pw_passwd", "pw_uid", "pw_gid", "pw_gecos", "pw_dir", "pw_shell"};
        passwd_type = structseq_new_type("pwd", "struct_passwd", fields, 7, 7);
    }
    Value m = module_new_cstr("pwd");
    module_add_functions(m, pwd_functions);
    module_add(m, "struct_passwd", V_FROM_PTR(passwd_type));
    return m;
}
