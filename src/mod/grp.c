/* grp.c: the grp module: the group database (getgrnam, getgrgid, getgrall)
 * as grp.struct_group struct sequences, CPython's messages. */
#include <errno.h>
#include <grp.h>
#include <string.h>
#include <unistd.h>

#include "../obj/structseq.h"
#include "../runtime.h"
#include "modules.h"

static Type *group_type;

/* a system string as str (UTF-8 with surrogateescape, the file system's) */
static Value sys_str(const char *s) {
    size_t n = strlen(s);
    if (utf8_valid(s, n)) return str_new(s, n);
    Value args[2] = {str_from_cstr("utf-8"), str_from_cstr("surrogateescape")};
    return obj_call_method(bytes_new(s, n), "decode", args, 2);
}

static Value group_value(const struct group *g) {
    Value mem = list_new(0);
    for (char **m = g->gr_mem; m && *m; m++) {
        Value s = sys_str(*m);
        if (!s) return VNULL;
        list_append(mem, s);
    }
    Value v[4] = {sys_str(g->gr_name), sys_str(g->gr_passwd), int_from_i64(g->gr_gid), mem};
    if (!v[0] || !v[1]) return VNULL;
    return structseq_new(group_type, v);
}

/* getgr*_r with a buffer that grows while the entry does not fit;
 * None when there is no such group */
static Value lookup(bool by_gid, gid_t gid, const char *name) {
    size_t n = 1024;
    for (;;) {
        char *buf = gc_alloc_atomic(n);
        struct group g, *res = NULL;
        int e = by_gid ? getgrgid_r(gid, &g, buf, n, &res) : getgrnam_r(name, &g, buf, n, &res);
        if (e == ERANGE) {
            n *= 2;
            continue;
        }
        return res ? group_value(res) : V_NONE;
    }
}

static const ArgSpec grp_getgrgid_spec = {"getgrgid", 0, 1, 0, {"id", NULL}};
static Value grp_getgrgid(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&grp_getgrgid_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t gid;
    if (posix_id_converter(a[0], "gid", &gid) < 0) return VNULL;
    Value r = lookup(true, (gid_t)gid, NULL);
    if (r == V_NONE) return err_set_value(&exc_KeyError, str_printf("getgrgid(): gid not found: %R", int_from_i64(gid)));
    return r;
}

static const ArgSpec grp_getgrnam_spec = {"getgrnam", 0, 1, 0, {"name", NULL}};
static Value grp_getgrnam(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&grp_getgrnam_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "getgrnam() argument 'name' must be str, not %T", a[0]);
    Value b = bytes_encode_str(a[0], str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
    if (!b) return VNULL;
    if (memchr(bytes_data(b), 0, (size_t)bytes_size(b))) return err_set(&exc_ValueError, "embedded null byte");
    Value r = lookup(false, 0, bytes_data(b));
    if (r == V_NONE) return err_set_value(&exc_KeyError, str_printf("getgrnam(): name not found: %R", a[0]));
    return r;
}

static const ArgSpec grp_getgrall_spec = {"grp.getgrall", 0, 0, 0, {NULL}};
static Value grp_getgrall(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&grp_getgrall_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    Value l = list_new(0);
    setgrent();
    struct group *g;
    while ((g = getgrent())) {
        Value v = group_value(g);
        if (!v) {
            endgrent();
            return VNULL;
        }
        list_append(l, v);
    }
    endgrent();
    return l;
}

static const MethodDef grp_functions[] = {
    {"getgrgid", grp_getgrgid, MF_KEYWORDS, NULL, &grp_getgrgid_spec},
    {"getgrnam", grp_getgrnam, MF_KEYWORDS, NULL, &grp_getgrnam_spec},
    {"getgrall", grp_getgrall, MF_KEYWORDS, NULL, &grp_getgrall_spec},
    {NULL, NULL, 0, NULL},
};

Value grp_module_create(void) {
    if (!group_type) {
        static const char *const fields[] = {"gr_name", "gr_passwd", "gr_gid", "gr_mem"};
        group_type = structseq_new_type("grp", "struct_group", fields, 4, 4);
    }
    Value m = module_new_cstr("grp");
    module_add_functions(m, grp_functions);
    module_add(m, "struct_group", V_FROM_PTR(group_type));
    return m;
}
