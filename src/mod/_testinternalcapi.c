/* _testinternalcapi.c: the part of CPython's internal test module that
 * CPython's regression tests use and that means something on tpy: the
 * interpreter's configuration as a dict (test.support reads
 * code_debug_ranges from it: test_compile's column tests are skipped
 * without it), the recursion depth, and the locale codec of the file
 * system's strings (test_codecs' LocaleCodecTest). The rest of CPython's
 * module inspects CPython's own structures (GC headers, path config,
 * bytecode caches) and is not provided: those names are AttributeError. */
#include "../runtime.h"
#include "../vm/config.h"
#include <langinfo.h>
#include <strings.h>

extern Value sys_module;

/* get_config(): PyConfig's fields that tpy has, by CPython's names, with
   the values this run uses (main.c's configuration, sys's lists) */
static Value tic_get_config(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"get_config", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    const TpyConfig *c = &tpy_config;
    Value d = dict_new();
#define CONFIG_INT(name, value) dict_set_cstr(d, name, int_from_i64(value))
    CONFIG_INT("isolated", c->isolated);
    CONFIG_INT("use_environment", !c->ignore_environment);
    CONFIG_INT("dev_mode", c->dev_mode);
    CONFIG_INT("use_hash_seed", c->hash_random ? 0 : 1);
    CONFIG_INT("hash_seed", c->hash_random ? 0 : (int64_t)c->hash_seed);
    CONFIG_INT("faulthandler", c->faulthandler);
    CONFIG_INT("tracemalloc", c->tracemalloc);
    CONFIG_INT("import_time", c->import_time);
    CONFIG_INT("code_debug_ranges", !c->no_debug_ranges);
    CONFIG_INT("parser_debug", c->debug);
    CONFIG_INT("inspect", c->inspect);
    CONFIG_INT("interactive", c->interactive);
    CONFIG_INT("optimization_level", c->optimize);
    CONFIG_INT("write_bytecode", !c->dont_write_bytecode);
    CONFIG_INT("verbose", c->verbose);
    CONFIG_INT("quiet", c->quiet);
    CONFIG_INT("user_site_directory", !c->no_user_site);
    CONFIG_INT("site_import", !c->no_site);
    CONFIG_INT("bytes_warning", c->bytes_warning);
    CONFIG_INT("warn_default_encoding", c->warn_default_encoding);
    CONFIG_INT("buffered_stdio", !c->unbuffered);
    CONFIG_INT("safe_path", c->safe_path);
    dict_set_cstr(d, "pycache_prefix", c->pycache_prefix ? str_from_cstr(c->pycache_prefix) : V_NONE);
    dict_set_cstr(d, "filesystem_encoding", str_from_cstr("utf-8"));
    dict_set_cstr(d, "filesystem_errors", str_from_cstr("surrogateescape"));
#undef CONFIG_INT
    /* the values sys holds now (lists copied: the dict is a snapshot) */
    static const char *const from_sys[][2] = {
        {"argv", "argv"}, {"orig_argv", "orig_argv"}, {"warnoptions", "warnoptions"},
        {"executable", "executable"},
        {"base_executable", "_base_executable"}, {"prefix", "prefix"}, {"base_prefix", "base_prefix"},
        {"exec_prefix", "exec_prefix"}, {"base_exec_prefix", "base_exec_prefix"},
        {"platlibdir", "platlibdir"}};
    Value sysd = module_dict(sys_module);
    for (size_t i = 0; i < sizeof from_sys / sizeof from_sys[0]; i++) {
        Value v = dict_get_cstr(sysd, from_sys[i][1]);
        if (!v) continue;
        if (list_check(v)) v = list_from_iterable(v);
        if (!v) return VNULL;
        dict_set_cstr(d, from_sys[i][0], v);
    }
    Value xo = dict_get_cstr(sysd, "_xoptions");
    if (xo) dict_set_cstr(d, "xoptions", dict_copy(xo));
    return d;
}

/* get_recursion_depth(): what counts against sys.getrecursionlimit() now:
   the Python frames and the nested C calls the interpreter counts with
   them, this call's caller included */
static Value tic_get_recursion_depth(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"get_recursion_depth", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return int_from_i64(tstate.depth + tstate.c_depth);
}

/* ---- the locale codec ---------------------------------------------------------------- */

/* tpy's locale codec for system strings is UTF-8 (sys.getfilesystemencoding()),
   whatever LC_CTYPE says, as CPython's in its UTF-8 mode; the current
   locale (current_locale true) is accepted when it is UTF-8 too. Like
   CPython's, it knows two error handlers and reports an error as
   RuntimeError("encode error: pos=N, reason=...") rather than as a
   UnicodeError. */
static int locale_codec_check(const char *fname, Value current_locale, Value errors) {
    int cur = obj_truth(current_locale);
    if (cur < 0) return -1;
    if (!str_check(errors)) {
        err_format(&exc_TypeError, "%s() argument 3 must be str, not %T", fname, errors);
        return -1;
    }
    const char *e = str_data(errors);   /* NUL-terminated */
    if (strcmp(e, "strict") && strcmp(e, "surrogateescape")) {
        err_set(&exc_ValueError, "unsupported error handler");
        return -1;
    }
    if (cur) {
        const char *codeset = nl_langinfo(CODESET);
        if (strcasecmp(codeset, "UTF-8") && strcasecmp(codeset, "utf8")) {
            err_format(&exc_NotImplementedError,
                       "%s(): tpy's locale codec is UTF-8 only, the current locale's is %s", fname, codeset);
            return -1;
        }
    }
    return 0;
}

/* the UnicodeError just raised as CPython's RuntimeError("encode error:
   pos=N, reason=encoding error"), which names no finer reason */
static Value locale_codec_error(const char *what, const char *reason) {
    if (!err_matches(&exc_UnicodeError)) return VNULL;
    Value exc = err_fetch();
    Value start = obj_getattr_cstr(exc, "start");
    if (!start) return VNULL;
    return err_set_value(&exc_RuntimeError, str_printf("%s error: pos=%S, reason=%s", what, start, reason));
}

static const ArgSpec encode_locale_spec = {"EncodeLocaleEx", 3, 3, 0, {"unicode", "current_locale", "errors", NULL}};
static Value tic_encode_locale_ex(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&encode_locale_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "EncodeLocaleEx() argument 1 must be str, not %T", a[0]);
    if (locale_codec_check("EncodeLocaleEx", a[1], a[2]) < 0) return VNULL;
    if (memchr(str_data(a[0]), 0, (size_t)str_nbytes(a[0])))
        return err_set(&exc_ValueError, "embedded null character");
    Value b = bytes_encode_str(a[0], str_from_cstr("utf-8"), a[2]);
    return b ? b : locale_codec_error("encode", "encoding error");
}

static const ArgSpec decode_locale_spec = {"DecodeLocaleEx", 3, 3, 0, {"encoded", "current_locale", "errors", NULL}};
static Value tic_decode_locale_ex(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&decode_locale_spec, args, nargs, kwnames, a) < 0) return VNULL;
    BufferInfo bi;
    if (buffer_get(a[0], &bi, false) < 0) return VNULL;
    Value data = bytes_new(bi.data, (size_t)bi.len);
    if (locale_codec_check("DecodeLocaleEx", a[1], a[2]) < 0) return VNULL;
    if (memchr(bytes_data(data), 0, (size_t)bytes_size(data))) return err_set(&exc_ValueError, "embedded null byte");
    Value dargs[2] = {str_from_cstr("utf-8"), a[2]};
    Value s = obj_call_method(data, "decode", dargs, 2);
    return s ? s : locale_codec_error("decode", "decoding error");
}

static const MethodDef tic_functions[] = {
    {"get_config", tic_get_config, MF_KEYWORDS, NULL, NULL},
    {"get_recursion_depth", tic_get_recursion_depth, MF_KEYWORDS, NULL, NULL},
    {"EncodeLocaleEx", tic_encode_locale_ex, MF_KEYWORDS, NULL, &encode_locale_spec},
    {"DecodeLocaleEx", tic_decode_locale_ex, MF_KEYWORDS, NULL, &decode_locale_spec},
    {NULL, NULL, 0, NULL},
};

Value _testinternalcapi_module_create(void) {
    Value m = module_new_cstr("_testinternalcapi");
    module_add_functions(m, tic_functions);
    return m;
}
