/* nis.c: the nis module (deprecated since 3.11 as in CPython): NIS (Yellow
 * Pages) lookups through libnsl's yp_* client functions: the default
 * domain, one key of a map, a whole map as a dict, the list of maps. The
 * common short names (passwd, group, hosts, aliases...) stand for their
 * maps, as in CPython. Errors are nis.error with yperr_string()'s text; on
 * a machine outside any NIS domain every lookup raises it ("Local domain
 * name not set"). libnsl is opened at import (dynlib.h). */
#include <rpcsvc/ypclnt.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"
#include "../util/dynlib.h"
#include "modules.h"

/* From <rpcsvc/yp_prot.h>, which needs libtirpc's headers besides:
 * yp_maplist()'s list node and yp_all()'s status of an entry. */
struct ypmaplist {
    char *map;
    struct ypmaplist *next;
};
enum { YP_ENTRY = 1 /* YP_TRUE */ };
/* libnsl exports it (LIBNSL_1.0) but its header keeps the declaration
 * under `#if 0`; the signature is libnsl's own. */
extern int yp_maplist(const char *domain, struct ypmaplist **out);

#define NSL_FUNCS(X) X(yp_get_default_domain) X(yp_match) X(yp_all) X(yp_master) X(yp_maplist) X(yperr_string)
DYNLIB_DEFINE(libnsl, TPY_SONAME_NSL, NSL_FUNCS)
#define NSL(f) (libnsl.f)

static Value nis_error_type;

static Value nis_error(int code) { return err_set_value(V_AS(Type, nis_error_type), str_from_cstr(NSL(yperr_string)(code))); }

/* A short name and the map it stands for; `nul_terminated`: the map's keys
 * and values carry a trailing NUL (maps made by `makedbm -a`), which
 * lookups add and results drop. */
typedef struct {
    const char *name, *map;
    bool nul_terminated;
} MapAlias;
#define MAP_ALIASES(X)                         \
    X("passwd", "passwd.byname", false)        \
    X("group", "group.byname", false)          \
    X("networks", "networks.byaddr", false)    \
    X("hosts", "hosts.byname", false)          \
    X("protocols", "protocols.bynumber", false) \
    X("services", "services.byname", false)    \
    X("aliases", "mail.aliases", true)         \
    X("ethers", "ethers.byname", false)
#define MAP_ALIAS_ENTRY(name, map, nul) {name, map, nul},
static const MapAlias map_aliases[] = {MAP_ALIASES(MAP_ALIAS_ENTRY)};
#define NALIASES (sizeof map_aliases / sizeof map_aliases[0])

static const char *map_name(const char *map, bool *nul_terminated) {
    *nul_terminated = false;
    for (size_t i = 0; i < NALIASES; i++)
        if (!strcmp(map_aliases[i].name, map) || !strcmp(map_aliases[i].map, map)) {
            *nul_terminated = map_aliases[i].nul_terminated;
            return map_aliases[i].map;
        }
    return map;
}

/* the domain argument, or the default domain (NULL with nis.error) */
static const char *domain_param(Value v, const char *fname, int argno) {
    if (v) return arg_str_utf8(v, fname, argno);
    char *domain = NULL;
    int e = NSL(yp_get_default_domain)(&domain);
    if (e) {
        nis_error(e);
        return NULL;
    }
    return domain;
}

static const ArgSpec nis_match_spec = {"match", 0, 2, 0, {"key", "map", "domain=defaultdomain", NULL}};
static Value nis_match(Value *args, size_t nargs, Value kwnames) {
    Value a[3] = {VNULL, VNULL, VNULL};
    if (arg_parse(&nis_match_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "match() argument 1 must be str, not %T", a[0]);
    Value key = bytes_encode_str(a[0], str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
    if (!key) return VNULL;
    const char *map = arg_str_utf8(a[1], "match", 2);
    if (!map) return VNULL;
    const char *domain = domain_param(a[2], "match", 3);
    if (!domain) return VNULL;
    bool nul;
    map = map_name(map, &nul);
    /* the key's bytes, and its NUL for a map whose keys carry one */
    int keylen = (int)bytes_size(key) + (nul ? 1 : 0);
    char *value = NULL;
    int len = 0;
    int e = NSL(yp_match)(domain, map, bytes_data(key), keylen, &value, &len);
    if (e) return nis_error(e);
    if (nul && len > 0) len--;
    Value r = str_from_fs_n(value, (size_t)len);
    free(value);
    return r;
}

/* yp_all's callback: each entry into the dict; a nonzero return stops */
typedef struct {
    Value dict;
    bool nul_terminated;
    bool failed;   /* a Python error is set */
} CatState;

static int cat_entry(int status, char *key, int keylen, char *val, int vallen, char *data) {
    CatState *st = (CatState *)data;
    if (status != YP_ENTRY) return 1;
    if (st->nul_terminated) {
        if (keylen > 0 && key[keylen - 1] == '\0') keylen--;
        if (vallen > 0 && val[vallen - 1] == '\0') vallen--;
    }
    Value k = str_from_fs_n(key, (size_t)keylen), v = str_from_fs_n(val, (size_t)vallen);
    if (dict_set(st->dict, k, v) < 0) {
        st->failed = true;
        return 1;
    }
    return 0;
}

static const ArgSpec nis_cat_spec = {"cat", 0, 1, 0, {"map", "domain=defaultdomain", NULL}};
static Value nis_cat(Value *args, size_t nargs, Value kwnames) {
    Value a[2] = {VNULL, VNULL};
    if (arg_parse(&nis_cat_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *map = arg_str_utf8(a[0], "cat", 1);
    if (!map) return VNULL;
    const char *domain = domain_param(a[1], "cat", 2);
    if (!domain) return VNULL;
    CatState st = {dict_new(), false, false};
    map = map_name(map, &st.nul_terminated);
    struct ypall_callback cb = {cat_entry, (char *)&st};
    int e = NSL(yp_all)(domain, map, &cb);
    if (st.failed) return VNULL;
    if (e) return nis_error(e);
    return st.dict;
}

static const ArgSpec nis_maps_spec = {"maps", 0, 0, 0, {"domain=defaultdomain", NULL}};
static Value nis_maps(Value *args, size_t nargs, Value kwnames) {
    Value a[1] = {VNULL};
    if (arg_parse(&nis_maps_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *domain = domain_param(a[0], "maps", 1);
    if (!domain) return VNULL;
    /* a server for one of the usual maps first, as CPython asks for one
       before listing */
    bool found = false;
    for (size_t i = 0; i < NALIASES && !found; i++) {
        char *master = NULL;
        if (!NSL(yp_master)(domain, map_aliases[i].map, &master)) found = true;
        free(master);
    }
    if (!found) return err_set(V_AS(Type, nis_error_type), "No NIS master found for any map");
    struct ypmaplist *list = NULL;
    int e = NSL(yp_maplist)(domain, &list);
    if (e) return nis_error(e);
    /* the list stays allocated: libnsl decodes it with XDR, whose own
       xdr_free would release it, and nothing else documents how (a few
       hundred bytes a call of maps()) */
    Value r = list_new(0);
    for (; list; list = list->next) {
        list_append(r, str_from_fs(list->map));
    }
    return r;
}

static Value nis_get_default_domain(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("nis.get_default_domain", kwnames) < 0 || arg_count("nis.get_default_domain", nargs, 0, 0) < 0)
        return VNULL;
    char *domain = NULL;
    int e = NSL(yp_get_default_domain)(&domain);
    if (e) return nis_error(e);
    return str_from_fs(domain);
}

static const MethodDef nis_functions[] = {
    {"match", nis_match, MF_KEYWORDS, NULL, &nis_match_spec},
    {"cat", nis_cat, MF_KEYWORDS, NULL, &nis_cat_spec},
    {"maps", nis_maps, MF_KEYWORDS, NULL, &nis_maps_spec},
    {"get_default_domain", nis_get_default_domain, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value nis_module_create(void) {
    if (libnsl_load() < 0) return VNULL;
    if (!nis_error_type) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("nis"));
        nis_error_type = type_new_class(&type_type, str_from_cstr("error"), bases, ns, VNULL);
        if (!nis_error_type) return VNULL;
    }
    Value m = module_new_cstr("nis");
    module_add(m, "__doc__", str_from_cstr("NIS (Yellow Pages) maps: match, cat, maps, get_default_domain."));
    module_add_functions(m, nis_functions);
    module_add(m, "error", nis_error_type);
    return m;
}
