/* _locale.c: the _locale module under the standard library's locale.py:
 * setlocale, localeconv, strcoll/strxfrm, nl_langinfo, getencoding and the
 * gettext functions, on the C library's locale, with CPython's names and
 * messages.
 *
 * tpy's own number formatting and parsing never read LC_NUMERIC (numfmt.c
 * reads digits without assuming the decimal point, numfmt_strtod parses in
 * the C locale), so a program's setlocale(LC_NUMERIC, ...) changes what
 * localeconv() and locale.format_string() see, and nothing else, as in
 * CPython. */
#include <errno.h>
#include <langinfo.h>
#include <libintl.h>
#include <limits.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "../runtime.h"
#include "../vm/config.h"
#include "modules.h"

static Value locale_error;   /* locale.Error */

/* A string the C library made in the locale's encoding, as CPython's
 * PyUnicode_DecodeLocale: UTF-8 in UTF-8 mode, else the LC_CTYPE codeset;
 * undecodable bytes become surrogates (surrogateescape). */
static Value decode_locale(const char *s) {
    size_t n = strlen(s);
    if (utf8_valid(s, n)) {
        bool ascii = true;
        for (size_t i = 0; i < n && ascii; i++) ascii = (unsigned char)s[i] < 0x80;
        if (ascii || tpy_config.utf8_mode) return str_new(s, n);
    }
    const char *codeset = tpy_config.utf8_mode ? "utf-8" : nl_langinfo(CODESET);
    if (!codeset || !*codeset) codeset = "utf-8";
    Value a[2] = {str_from_cstr(codeset), str_from_cstr("surrogateescape")};
    return obj_call_method(bytes_new(s, n), "decode", a, 2);
}

/* str -> a NUL-terminated wide string (wchar_t is UCS-4 here); a NUL in
 * it is CPython's ValueError */
static wchar_t *to_wide(Value s, const char *fname, int argno) {
    if (!str_check(s)) {
        err_format(&exc_TypeError, "%s() argument %d must be str, not %T", fname, argno, s);
        return NULL;
    }
    const char *p = str_data(s), *end = p + str_nbytes(s);
    wchar_t *w = gc_alloc_atomic(sizeof(wchar_t) * (size_t)(str_len(s) + 1));
    size_t k = 0;
    while (p < end) {
        int len;
        uint32_t cp = utf8_decode(p, &len);
        if (cp == 0) {
            err_set(&exc_ValueError, "embedded null character");
            return NULL;
        }
        w[k++] = (wchar_t)cp;
        p += len;
    }
    w[k] = 0;
    return w;
}

static Value from_wide(const wchar_t *w, size_t n) {
    Buf b;
    buf_init(&b, n + 1);
    for (size_t i = 0; i < n; i++) {
        char u[4];
        int k = utf8_encode((uint32_t)w[i], u);
        buf_put(&b, u, (size_t)k);
    }
    return str_from_buf(&b);
}

/* a str argument or None (Argument Clinic's "z" converter) as UTF-8 */
static int opt_cstr(Value v, const char *fname, int argno, const char **out) {
    if (v == V_NONE) {
        *out = NULL;
        return 0;
    }
    if (!str_check(v)) {
        err_format(&exc_TypeError, "%s() argument %d must be str or None, not %T", fname, argno, v);
        return -1;
    }
    if (memchr(str_data(v), 0, (size_t)str_nbytes(v))) {
        err_set(&exc_ValueError, "embedded null character");
        return -1;
    }
    *out = str_data(v);
    return 0;
}

static int cstr_arg(Value v, const char *fname, int argno, const char **out) {
    if (!str_check(v)) {
        err_format(&exc_TypeError, "%s() argument %d must be str, not %T", fname, argno, v);
        return -1;
    }
    return opt_cstr(v, fname, argno, out);
}

static const ArgSpec setlocale_spec = {"setlocale", 2, 1, 0, {"category", "locale", NULL}};
static Value l_setlocale(Value *args, size_t nargs, Value kwnames) {
    Value a[2] = {VNULL, V_NONE};
    if (arg_parse(&setlocale_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int category;
    if (index_as_c_int(a[0], &category) < 0) return VNULL;
    const char *name;
    if (opt_cstr(a[1] ? a[1] : V_NONE, "setlocale", 2, &name) < 0) return VNULL;
    const char *r = setlocale(category, name);
    if (!r) return err_set(V_AS(Type, locale_error), name ? "unsupported locale setting" : "locale query failed");
    return decode_locale(r);
}

/* a grouping string as CPython's list: its numbers up to and including the
   0 or CHAR_MAX that ends it; [] for an empty one */
static Value grouping_list(const char *g) {
    Value l = list_new(0);
    if (!*g) return l;
    for (int i = 0;; i++) {
        list_append(l, v_int((signed char)g[i]));
        if (g[i] == 0 || g[i] == CHAR_MAX) break;
    }
    return l;
}

static const ArgSpec localeconv_spec = {"localeconv", 0, 0, 0, {NULL}};
static Value l_localeconv(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&localeconv_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    struct lconv *lc = localeconv();
    Value d = dict_new();
    struct {
        const char *name;
        const char *s;
    } strs1[] = {{"int_curr_symbol", lc->int_curr_symbol},
                 {"currency_symbol", lc->currency_symbol},
                 {"mon_decimal_point", lc->mon_decimal_point},
                 {"mon_thousands_sep", lc->mon_thousands_sep}};
    for (size_t i = 0; i < sizeof strs1 / sizeof strs1[0]; i++) {
        Value v = decode_locale(strs1[i].s);
        if (!v) return VNULL;
        dict_set_cstr(d, strs1[i].name, v);
    }
    dict_set_cstr(d, "mon_grouping", grouping_list(lc->mon_grouping));
    Value pos = decode_locale(lc->positive_sign), neg = pos ? decode_locale(lc->negative_sign) : VNULL;
    if (!neg) return VNULL;
    dict_set_cstr(d, "positive_sign", pos);
    dict_set_cstr(d, "negative_sign", neg);
    struct {
        const char *name;
        char v;
    } ints[] = {{"int_frac_digits", lc->int_frac_digits}, {"frac_digits", lc->frac_digits},
                {"p_cs_precedes", lc->p_cs_precedes},     {"p_sep_by_space", lc->p_sep_by_space},
                {"n_cs_precedes", lc->n_cs_precedes},     {"n_sep_by_space", lc->n_sep_by_space},
                {"p_sign_posn", lc->p_sign_posn},         {"n_sign_posn", lc->n_sign_posn}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) dict_set_cstr(d, ints[i].name, v_int(ints[i].v));
    Value dp = decode_locale(lc->decimal_point), ts = dp ? decode_locale(lc->thousands_sep) : VNULL;
    if (!ts) return VNULL;
    dict_set_cstr(d, "decimal_point", dp);
    dict_set_cstr(d, "thousands_sep", ts);
    dict_set_cstr(d, "grouping", grouping_list(lc->grouping));
    return d;
}

/* wcscoll(), except that in the code-point-order locales (C, POSIX,
 * C.UTF-8) the result is always -1, 0 or 1: glibc's vectorised wcscmp,
 * which wcscoll uses there, returns other negatives (-3, -4) when a string
 * lies near the end of a memory page, so the value CPython prints (-1)
 * would depend on where the collector placed the copies. */
static int wide_collate(const wchar_t *w1, const wchar_t *w2) {
    const char *coll = setlocale(LC_COLLATE, NULL);
    bool codepoint_order = coll && (!strcmp(coll, "C") || !strcmp(coll, "POSIX") ||
                                    !strncmp(coll, "C.", 2));
    if (!codepoint_order) return wcscoll(w1, w2);
    while (*w1 && *w1 == *w2) w1++, w2++;
    return *w1 < *w2 ? -1 : *w1 > *w2 ? 1 : 0;
}

static const ArgSpec strcoll_spec = {"strcoll", 2, 2, 0, {"os1", "os2", NULL}};
static Value l_strcoll(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&strcoll_spec, args, nargs, kwnames, a) < 0) return VNULL;
    wchar_t *w1 = to_wide(a[0], "strcoll", 1);
    wchar_t *w2 = w1 ? to_wide(a[1], "strcoll", 2) : NULL;
    if (!w2) return VNULL;
    return v_int(wide_collate(w1, w2));
}

static const ArgSpec strxfrm_spec = {"strxfrm", 1, 1, 0, {"string", NULL}};
static Value l_strxfrm(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&strxfrm_spec, args, nargs, kwnames, a) < 0) return VNULL;
    wchar_t *w = to_wide(a[0], "strxfrm", 1);
    if (!w) return VNULL;
    size_t cap = wcslen(w) + 1;
    for (;;) {
        wchar_t *out = gc_alloc_atomic(sizeof(wchar_t) * cap);
        errno = 0;
        size_t n = wcsxfrm(out, w, cap);
        if (errno) return err_set_errno(&exc_OSError, errno, VNULL);
        if (n < cap) return from_wide(out, n);
        cap = n + 1;
    }
}

/* the nl_langinfo() keys CPython accepts */
#define LANGINFO_KEYS(_)                                                                                      \
    _(CODESET) _(D_T_FMT) _(D_FMT) _(T_FMT) _(T_FMT_AMPM) _(AM_STR) _(PM_STR) _(DAY_1) _(DAY_2) _(DAY_3)     \
    _(DAY_4) _(DAY_5) _(DAY_6) _(DAY_7) _(ABDAY_1) _(ABDAY_2) _(ABDAY_3) _(ABDAY_4) _(ABDAY_5) _(ABDAY_6)    \
    _(ABDAY_7) _(MON_1) _(MON_2) _(MON_3) _(MON_4) _(MON_5) _(MON_6) _(MON_7) _(MON_8) _(MON_9) _(MON_10)    \
    _(MON_11) _(MON_12) _(ABMON_1) _(ABMON_2) _(ABMON_3) _(ABMON_4) _(ABMON_5) _(ABMON_6) _(ABMON_7)         \
    _(ABMON_8) _(ABMON_9) _(ABMON_10) _(ABMON_11) _(ABMON_12) _(RADIXCHAR) _(THOUSEP) _(YESEXPR) _(NOEXPR)   \
    _(CRNCYSTR) _(ERA) _(ERA_D_T_FMT) _(ERA_D_FMT) _(ERA_T_FMT) _(ALT_DIGITS)

static const struct {
    const char *name;
    int key;
} langinfo_keys[] = {
#define LANGINFO_ENTRY(k) {#k, k},
    LANGINFO_KEYS(LANGINFO_ENTRY)
#undef LANGINFO_ENTRY
};

static const ArgSpec nl_langinfo_spec = {"nl_langinfo", 1, 1, 0, {"key", NULL}};
static Value l_nl_langinfo(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&nl_langinfo_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int key;
    if (index_as_c_int(a[0], &key) < 0) return VNULL;
    for (size_t i = 0; i < sizeof langinfo_keys / sizeof langinfo_keys[0]; i++)
        if (langinfo_keys[i].key == key) {
            const char *r = nl_langinfo(key);
            return decode_locale(r ? r : "");
        }
    return err_set(&exc_ValueError, "unsupported langinfo constant");
}

static const ArgSpec getencoding_spec = {"getencoding", 0, 0, 0, {NULL}};
static Value l_getencoding(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&getencoding_spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    /* LC_CTYPE's codeset, in UTF-8 mode too (locale.getpreferredencoding()
       is where UTF-8 mode answers "utf-8"), as CPython 3.11 */
    const char *cs = nl_langinfo(CODESET);
    return str_from_cstr(cs && *cs ? cs : "UTF-8");
}

/* ---- gettext ---- */

static const ArgSpec gettext_spec = {"gettext", 1, 1, 0, {"msg", NULL}};
static Value l_gettext(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    const char *msg;
    if (arg_parse(&gettext_spec, args, nargs, kwnames, a) < 0 || cstr_arg(a[0], "gettext", 1, &msg) < 0) return VNULL;
    return decode_locale(gettext(msg));
}

static const ArgSpec dgettext_spec = {"dgettext", 2, 2, 0, {"domain", "msg", NULL}};
static Value l_dgettext(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    const char *domain, *msg;
    if (arg_parse(&dgettext_spec, args, nargs, kwnames, a) < 0 || opt_cstr(a[0], "dgettext", 1, &domain) < 0 ||
        cstr_arg(a[1], "dgettext", 2, &msg) < 0)
        return VNULL;
    return decode_locale(dgettext(domain, msg));
}

static const ArgSpec dcgettext_spec = {"dcgettext", 3, 3, 0, {"domain", "msg", "category", NULL}};
static Value l_dcgettext(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    const char *domain, *msg;
    int category;
    if (arg_parse(&dcgettext_spec, args, nargs, kwnames, a) < 0 || opt_cstr(a[0], "dcgettext", 1, &domain) < 0 ||
        cstr_arg(a[1], "dcgettext", 2, &msg) < 0 || index_as_c_int(a[2], &category) < 0)
        return VNULL;
    return decode_locale(dcgettext(domain, msg, category));
}

static const ArgSpec textdomain_spec = {"textdomain", 1, 1, 0, {"domain", NULL}};
static Value l_textdomain(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    const char *domain;
    if (arg_parse(&textdomain_spec, args, nargs, kwnames, a) < 0 || opt_cstr(a[0], "textdomain", 1, &domain) < 0)
        return VNULL;
    errno = 0;
    const char *r = textdomain(domain);
    if (!r) return err_set_errno(&exc_OSError, errno ? errno : ENOMEM, VNULL);
    return decode_locale(r);
}

static const ArgSpec bindtextdomain_spec = {"bindtextdomain", 2, 2, 0, {"domain", "dir", NULL}};
static Value l_bindtextdomain(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    const char *domain, *dir = NULL;
    if (arg_parse(&bindtextdomain_spec, args, nargs, kwnames, a) < 0 ||
        cstr_arg(a[0], "bindtextdomain", 1, &domain) < 0)
        return VNULL;
    if (!*domain) return err_set(V_AS(Type, locale_error), "domain must be a non-empty string");
    if (a[1] != V_NONE) {
        /* a path: str, bytes or os.PathLike, encoded as os.fsencode does */
        Value p = a[1];
        if (!str_check(p) && !bytes_check(p)) {
            Value f = obj_getattr_opt(V_FROM_PTR(type_of(p)), str_intern_cstr("__fspath__"));
            if (!f) {
                if (!err_occurred())
                    err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", a[1]);
                return VNULL;
            }
            p = obj_call1(f, p);
            if (!p) return VNULL;
        }
        if (str_check(p)) p = bytes_encode_str(p, str_from_cstr("utf-8"), str_from_cstr("surrogateescape"));
        if (!p) return VNULL;
        if (!bytes_check(p)) return err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", a[1]);
        if (memchr(bytes_data(p), 0, (size_t)bytes_size(p))) return err_set(&exc_ValueError, "embedded null byte");
        dir = bytes_data(p);
    }
    errno = 0;
    const char *r = bindtextdomain(domain, dir);
    if (!r) return err_set_errno(&exc_OSError, errno ? errno : ENOMEM, VNULL);
    return decode_locale(r);
}

static const ArgSpec bind_codeset_spec = {"bind_textdomain_codeset", 2, 2, 0, {"domain", "codeset", NULL}};
static Value l_bind_textdomain_codeset(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    const char *domain, *codeset;
    if (arg_parse(&bind_codeset_spec, args, nargs, kwnames, a) < 0 ||
        cstr_arg(a[0], "bind_textdomain_codeset", 1, &domain) < 0 ||
        opt_cstr(a[1], "bind_textdomain_codeset", 2, &codeset) < 0)
        return VNULL;
    errno = 0;
    const char *r = bind_textdomain_codeset(domain, codeset);
    if (!r) {
        if (errno) return err_set_errno(&exc_OSError, errno, VNULL);
        return V_NONE;
    }
    return decode_locale(r);
}

static const MethodDef locale_functions[] = {
    {"setlocale", l_setlocale, MF_KEYWORDS, NULL, &setlocale_spec},
    {"localeconv", l_localeconv, MF_KEYWORDS, NULL, &localeconv_spec},
    {"strcoll", l_strcoll, MF_KEYWORDS, NULL, &strcoll_spec},
    {"strxfrm", l_strxfrm, MF_KEYWORDS, NULL, &strxfrm_spec},
    {"nl_langinfo", l_nl_langinfo, MF_KEYWORDS, NULL, &nl_langinfo_spec},
    {"getencoding", l_getencoding, MF_KEYWORDS, NULL, &getencoding_spec},
    {"gettext", l_gettext, MF_KEYWORDS, NULL, &gettext_spec},
    {"dgettext", l_dgettext, MF_KEYWORDS, NULL, &dgettext_spec},
    {"dcgettext", l_dcgettext, MF_KEYWORDS, NULL, &dcgettext_spec},
    {"textdomain", l_textdomain, MF_KEYWORDS, NULL, &textdomain_spec},
    {"bindtextdomain", l_bindtextdomain, MF_KEYWORDS, NULL, &bindtextdomain_spec},
    {"bind_textdomain_codeset", l_bind_textdomain_codeset, MF_KEYWORDS, NULL, &bind_codeset_spec},
    {NULL, NULL, 0, NULL},
};

Value _locale_module_create(void) {
    if (!locale_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("locale"));
        locale_error = type_new_class(&type_type, str_from_cstr("Error"), bases, ns, VNULL);
        if (!locale_error) return VNULL;
    }
    Value m = module_new_cstr("_locale");
    module_add_functions(m, locale_functions);
    module_add(m, "Error", locale_error);
    static const struct {
        const char *name;
        int v;
    } ints[] = {{"LC_CTYPE", LC_CTYPE},       {"LC_COLLATE", LC_COLLATE}, {"LC_TIME", LC_TIME},
                {"LC_MONETARY", LC_MONETARY}, {"LC_NUMERIC", LC_NUMERIC}, {"LC_ALL", LC_ALL},
                {"LC_MESSAGES", LC_MESSAGES}, {"CHAR_MAX", CHAR_MAX}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) module_add(m, ints[i].name, v_int(ints[i].v));
    for (size_t i = 0; i < sizeof langinfo_keys / sizeof langinfo_keys[0]; i++)
        module_add(m, langinfo_keys[i].name, v_int(langinfo_keys[i].key));
    return m;
}
