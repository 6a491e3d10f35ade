/* _codecs.c: the codec registry, the error handler registry and the C
 * codecs (UTF-8/16/32/7, ASCII, Latin-1, charmap, the escape codecs) that
 * codecs.py and the encodings package build on. str.encode and
 * bytes.decode come here (codec_encode_str / codec_decode_bytes) whenever
 * their fast paths do not apply.
 *
 * Strings are UTF-8 inside tpy, lone surrogates stored as 3-byte ED xx xx
 * sequences; positions given to and taken from error handlers count code
 * points (str) or bytes (bytes), as CPython's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "../front/lexer.h"
#include "../obj/codec.h"
#include "../runtime.h"
#include "../vm/config.h"
#include "modules.h"

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

static void codecs_init(void);

static Value search_funcs;   /* list of search functions */
static Value codec_cache;    /* normalized name -> CodecInfo */
static Value error_registry; /* name -> handler */

static inline uint32_t next_cp(const char *d, int64_t *i) {
    unsigned char c = (unsigned char)d[*i];
    if (c < 0x80) {
        (*i)++;
        return c;
    }
    int l;
    uint32_t cp = utf8_decode(d + *i, &l);
    *i += l;
    return cp;
}

/* Bytes of ASCII at the start of d[0..n), eight at a time. */
static inline int64_t ascii_prefix(const unsigned char *d, int64_t n) {
    int64_t i = 0;
    while (i + 8 <= n) {
        uint64_t w;
        memcpy(&w, d + i, 8);
        if (w & 0x8080808080808080ULL) break;
        i += 8;
    }
    while (i < n && d[i] < 0x80) i++;
    return i;
}

/* UTF-8 of c (not a surrogate pair half) at o: the bytes written */
static inline int put_utf8_raw(char *o, uint32_t c) {
    if (c < 0x80) {
        o[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        o[0] = (char)(0xC0 | (c >> 6));
        o[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        o[0] = (char)(0xE0 | (c >> 12));
        o[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        o[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (c >> 18));
    o[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    o[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

static void put_cp(Buf *b, uint32_t c) {
    char tmp[4];
    buf_put(b, tmp, (size_t)utf8_encode(c, tmp));
}

static bool is_surrogate(uint32_t c) { return c >= 0xD800 && c <= 0xDFFF; }
static const char *clinic_tname(Value v) { return v == V_NONE ? "None" : type_of(v)->tname; }
static bool callable(Value v) { return type_of(v)->call != NULL; }

/* ---- argument conversion (Argument Clinic's messages) ---------------------------------- */

/* errors: str or None (VNULL: not given) */
static int arg_errors(const char *f, int argno, Value v) {
    if (!v || v == V_NONE || str_check(v)) return 0;
    err_format(&exc_TypeError, "%s() argument %d must be str or None, not %s", f, argno, clinic_tname(v));
    return -1;
}

/* argno 0: the function's only argument */
static int arg_str(const char *f, int argno, Value v) {
    if (str_check(v)) return 0;
    if (!argno) err_format(&exc_TypeError, "%s() argument must be str, not %s", f, clinic_tname(v));
    else err_format(&exc_TypeError, "%s() argument %d must be str, not %s", f, argno, clinic_tname(v));
    return -1;
}

static int arg_buffer(Value v, const char **p, int64_t *n) {
    if (byteslike_view(v, p, n)) return 0;
    err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", v);
    return -1;
}

static int arg_int(Value v, int64_t dflt, int64_t *out) {
    if (!v) {
        *out = dflt;
        return 0;
    }
    if (!int_check(v)) {
        err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", v);
        return -1;
    }
    int64_t x = int_as_i64(v);
    if (x == -1 && err_occurred()) return -1;
    *out = x;
    return 0;
}

/* arg_parse for positional-only functions of several parameters, whose
 * keyword error names the module as CPython's does */
static int parse_pos(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *out) {
    if (kwnames && tuple_size(kwnames)) {
        err_format(&exc_TypeError, "_codecs.%s() takes no keyword arguments", spec->fname);
        return -1;
    }
    return arg_parse(spec, args, nargs, kwnames, out);
}

/* ---- the codec registry ---------------------------------------------------------------- */

/* The registry's spelling of an encoding name: ASCII letters lowered,
 * every run of other characters but letters, digits and '.' one '_',
 * none at either end (CPython's _Py_normalize_encoding). */
static Value normalize_name(Value name) {
    const char *d = str_data(name);
    int64_t n = str_nbytes(name);
    Buf b;
    buf_init(&b, (size_t)n + 1);
    bool punct = false;
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)d[i];
        bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (alnum || c == '.') {
            if (punct && b.len) buf_putc(&b, '_');
            punct = false;
            buf_putc(&b, (char)(c >= 'A' && c <= 'Z' ? c + 32 : c));
        } else {
            punct = true;
        }
    }
    return str_from_buf(&b);
}

/* The first lookup imports the encodings package, which registers its
 * search function. (A lookup made while it is being imported, by it or
 * by another thread, imports it again: the import system hands back the
 * module being initialised.) */
static int ensure_encodings(void) {
    static bool imported;
    if (imported) return 0;
    if (!import_name(str_intern_cstr("encodings"), V_NONE, v_int(0), VNULL)) return -1;
    imported = true;
    return 0;
}

Value codec_registry_lookup(Value encoding) {
    codecs_init();
    /* the name must encode to UTF-8 (a lone surrogate raises
       UnicodeEncodeError), as CPython's C lookup reads it as UTF-8 before
       the search functions normalise it */
    if (!str_is_ascii(encoding) && !codec_encode_str(encoding, VNULL, VNULL)) return VNULL;
    if (ensure_encodings() < 0) return VNULL;
    Value key = normalize_name(encoding);
    Value r = dict_get(codec_cache, key);
    if (r) return r;
    if (err_occurred()) return VNULL;
    int64_t n = list_size(search_funcs);
    for (int64_t i = 0; i < n && i < list_size(search_funcs); i++) {
        r = obj_call1(list_get(search_funcs, i), key);
        if (!r) return VNULL;
        if (r == V_NONE) continue;
        if (!tuple_check(r) || tuple_size(r) != 4)
            return err_set(&exc_TypeError, "codec search functions must return 4-tuples");
        if (dict_set(codec_cache, key, r) < 0) return VNULL;
        return r;
    }
    return err_format(&exc_LookupError, "unknown encoding: %U", encoding);
}

static const ArgSpec c_register_spec = {"_codecs.register", 1, 1, 0, {"search_function", NULL}};
static Value c_register(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&c_register_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!callable(a[0])) return err_set(&exc_TypeError, "argument must be callable");
    list_append(search_funcs, a[0]);
    return V_NONE;
}

static const ArgSpec c_unregister_spec = {"_codecs.unregister", 1, 1, 0, {"search_function", NULL}};
static Value c_unregister(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&c_unregister_spec, args, nargs, kwnames, a) < 0) return VNULL;
    for (int64_t i = 0; i < list_size(search_funcs); i++) {
        if (list_get(search_funcs, i) == a[0]) {
            codec_cache = dict_new();
            if (!list_pop(search_funcs, i)) return VNULL;
            break;
        }
    }
    return V_NONE;
}

static const ArgSpec c_lookup_spec = {"_codecs.lookup", 1, 1, 0, {"encoding", NULL}};
static Value c_lookup(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&c_lookup_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (arg_str("lookup", 0, a[0]) < 0) return VNULL;
    return codec_registry_lookup(a[0]);
}

static Value c_forget_codec(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_codecs._forget_codec", 1, 1, 0, {"encoding", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (arg_str("_forget_codec", 0, a[0]) < 0) return VNULL;
    Value key = normalize_name(a[0]);
    int r = dict_contains(codec_cache, key);
    if (r < 0 || (r && dict_del(codec_cache, key) < 0)) return VNULL;
    return V_NONE;
}

/* "encoding with 'x' codec failed (TypeError: ...)": as CPython, an
 * exception escaping a codec is wrapped in a new one of the same type (the
 * original its __cause__) when that loses nothing: the type keeps
 * BaseException's layout, __init__ and __new__, the instance has no
 * attributes and its args are () or one str. */
static void wrap_codec_error(const char *operation, Value encoding) {
    Value exc = tstate.exc;
    if (!exc) return;
    Type *t = type_of(exc);
    if (exc_layout_base(t) != &exc_BaseException) return;
    if (type_lookup(t, NAME(__init__)) != type_lookup(&exc_BaseException, NAME(__init__)) ||
        type_lookup(t, NAME(__new__)) != type_lookup(&exc_BaseException, NAME(__new__)))
        return;
    ExcObject *e = V_AS(ExcObject, exc);
    int64_t nargs = tuple_size(e->args);
    if (nargs > 1 || (nargs == 1 && !str_check_exact(tuple_get(e->args, 0)))) return;
    Value dict = instance_get_dict(exc);
    if (dict && dict_check(dict) && dict_size(dict)) return;
    Value msg = obj_str(exc);
    if (!msg) {
        err_restore(exc);
        return;
    }
    err_clear();
    Value text = str_printf("%s with '%U' codec failed (%s: %U)", operation, encoding, t->tname, msg);
    Value ne = exc_new(t, &text, 1);
    if (!ne) return;
    V_AS(ExcObject, ne)->cause = exc;
    V_AS(ExcObject, ne)->suppress_context = true;
    err_set_exc(ne);
}

static Value codec_call(Value encoding, Value obj, Value errors, int which, bool check_text) {
    Value info = codec_registry_lookup(encoding);
    if (!info) return VNULL;
    if (check_text) {
        Value is_text = obj_getattr_opt(info, str_intern_cstr("_is_text_encoding"));
        if (!is_text && err_occurred()) return VNULL;
        if (is_text) {
            int t = obj_truth(is_text);
            if (t < 0) return VNULL;
            if (!t)
                return err_format(&exc_LookupError, "'%U' is not a text encoding; use codecs.%s() to handle arbitrary codecs",
                                  encoding, which ? "decode" : "encode");
        }
    }
    Value f = tuple_get(info, which);
    Value argv[2] = {obj, errors};
    Value r = obj_call(f, argv, errors ? 2 : 1, VNULL);
    if (!r) {
        wrap_codec_error(which ? "decoding" : "encoding", encoding);
        return VNULL;
    }
    if (!tuple_check(r) || tuple_size(r) != 2)
        return err_set(&exc_TypeError, which ? "decoder must return a tuple (object,integer)"
                                             : "encoder must return a tuple (object, integer)");
    return tuple_get(r, 0);
}

static const ArgSpec c_encode_spec = {"encode", 0, 1, 0, {"obj", "encoding='utf-8'", "errors='strict'", NULL}};
static Value c_encode(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&c_encode_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (a[1] && arg_str("encode", 2, a[1]) < 0) return VNULL;
    if (a[2] && arg_str("encode", 3, a[2]) < 0) return VNULL;
    return codec_call(a[1] ? a[1] : str_from_cstr("utf-8"), a[0], a[2], 0, false);
}

static const ArgSpec c_decode_spec = {"decode", 0, 1, 0, {"obj", "encoding='utf-8'", "errors='strict'", NULL}};
static Value c_decode(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&c_decode_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (a[1] && arg_str("decode", 2, a[1]) < 0) return VNULL;
    if (a[2] && arg_str("decode", 3, a[2]) < 0) return VNULL;
    return codec_call(a[1] ? a[1] : str_from_cstr("utf-8"), a[0], a[2], 1, false);
}

/* ---- error handlers -------------------------------------------------------------------- */

#define EH_DEF(_)                                   \
    _(STRICT, "strict", strict_errors)              \
    _(IGNORE, "ignore", ignore_errors)              \
    _(REPLACE, "replace", replace_errors)           \
    _(BACKSLASH, "backslashreplace", backslashreplace_errors) \
    _(XMLCHAR, "xmlcharrefreplace", xmlcharrefreplace_errors) \
    _(NAME, "namereplace", namereplace_errors)      \
    _(SURROGATEESCAPE, "surrogateescape", surrogateescape) \
    _(SURROGATEPASS, "surrogatepass", surrogatepass)

enum ErrorHandler {
#define EH_ENUM(e, name, fn) EH_##e,
    EH_DEF(EH_ENUM)
#undef EH_ENUM
    EH_CUSTOM
};

static const char *const eh_names[] = {
#define EH_NAME(e, name, fn) name,
    EH_DEF(EH_NAME)
#undef EH_NAME
};

static int eh_kind(Value errors) {
    if (!errors || errors == V_NONE) return EH_STRICT;
    for (int i = 0; i < EH_CUSTOM; i++)
        if (str_eq_cstr(errors, eh_names[i])) return i;
    return EH_CUSTOM;
}

Value codec_lookup_error(Value name) {
    codecs_init();
    Value h = dict_get(error_registry, name);
    if (!h && !err_occurred()) err_format(&exc_LookupError, "unknown error handler name '%U'", name);
    return h;
}

/* codec.h. Development mode looks up both names on every call, even when
   the data is empty or never errs, so that a typo shows at once (as
   CPython's -X dev); otherwise nothing is checked here. */
int codec_dev_check(Value encoding, Value errors) {
    if (!tpy_config.dev_mode) return 0;
    if (encoding && codec_lookup(encoding) < 0 && !codec_registry_lookup(encoding)) return -1;
    if (errors && !codec_lookup_error(errors)) return -1;
    return 0;
}

static Value c_register_error(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"register_error", 2, 2, 0, {"errors", "handler", NULL}};
    Value a[2];
    if (parse_pos(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (arg_str("register_error", 1, a[0]) < 0) return VNULL;
    if (!callable(a[1])) return err_set(&exc_TypeError, "handler must be callable");
    if (dict_set(error_registry, a[0], a[1]) < 0) return VNULL;
    return V_NONE;
}

static const ArgSpec c_lookup_error_spec = {"_codecs.lookup_error", 1, 1, 0, {"name", NULL}};
static Value c_lookup_error(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&c_lookup_error_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (arg_str("lookup_error", 0, a[0]) < 0) return VNULL;
    return codec_lookup_error(a[0]);
}

/* A Unicode*Error attribute, through its member descriptor (errors.c):
 * handlers may have replaced it. */
static Value exc_attr(Value exc, const char *name) { return obj_getattr_cstr(exc, name); }

static int exc_range(Value exc, int64_t *start, int64_t *end) {
    Value s = exc_attr(exc, "start"), e = s ? exc_attr(exc, "end") : VNULL;
    if (!e) return -1;
    if (!int_check(s) || !int_check(e)) {
        err_set(&exc_TypeError, "start and end must be integers");
        return -1;
    }
    *start = int_as_i64(s);
    *end = int_as_i64(e);
    return err_occurred() ? -1 : 0;
}

enum { EXC_ENCODE, EXC_DECODE, EXC_TRANSLATE, EXC_OTHER };

static int exc_kind(Value exc) {
    if (!exc_check(exc)) return EXC_OTHER;
    Type *t = type_of(exc);
    if (type_is_subtype(t, &exc_UnicodeEncodeError)) return EXC_ENCODE;
    if (type_is_subtype(t, &exc_UnicodeDecodeError)) return EXC_DECODE;
    if (type_is_subtype(t, &exc_UnicodeTranslateError)) return EXC_TRANSLATE;
    return EXC_OTHER;
}

static Value wrong_exc(Value exc) {
    return err_format(&exc_TypeError, "don't know how to handle %T in error callback", exc);
}

/* The str object of an encode/translate error, the bytes of a decode one,
 * with [start, end) clamped as CPython's getters do. */
static Value exc_object_range(Value exc, int kind, int64_t *start, int64_t *end) {
    Value obj = exc_attr(exc, "object");
    if (!obj) return VNULL;
    if (kind == EXC_DECODE ? !bytes_check(obj) : !str_check(obj))
        return err_format(&exc_TypeError, "%s attribute must be %s", "object", kind == EXC_DECODE ? "bytes" : "unicode");
    if (exc_range(exc, start, end) < 0) return VNULL;
    int64_t size = kind == EXC_DECODE ? bytes_size(obj) : str_len(obj);
    if (*start < 0) *start = 0;
    if (*start >= size) *start = size ? size - 1 : 0;
    if (*end < 1) *end = 1;
    if (*end > size) *end = size;
    return obj;
}

static void put_escape(Buf *b, uint32_t c) {
    if (c < 0x100) buf_printf(b, "\\x%02x", c);
    else if (c < 0x10000) buf_printf(b, "\\u%04x", c);
    else buf_printf(b, "\\U%08x", c);
}

/* The code points of s[start:end] */
static int64_t str_cps(Value s, int64_t start, int64_t end, uint32_t **out) {
    if (end < start) end = start;
    uint32_t *cps = gc_alloc_atomic(sizeof(uint32_t) * (size_t)(end - start + 1));
    const char *d = str_data(s);
    int64_t i = str_byte_offset(s, start);
    for (int64_t k = 0; k < end - start; k++) cps[k] = next_cp(d, &i);
    *out = cps;
    return end - start;
}

/* Surrogatepass's view of an encoding: the byte width and order of the
 * surrogates it writes; 0 when it cannot. */
enum { SP_NONE, SP_UTF8, SP_UTF16LE, SP_UTF16BE, SP_UTF32LE, SP_UTF32BE };

static int standard_encoding(Value enc, int *width) {
    if (!str_check(enc)) return SP_NONE;
    char n[16];
    int64_t len = str_nbytes(enc);
    if (len >= (int64_t)sizeof n) return SP_NONE;
    for (int64_t i = 0; i <= len; i++) {
        char c = str_data(enc)[i];
        n[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c == '_' ? '-' : c);
    }
    if (!strcmp(n, "utf-8") || !strcmp(n, "utf8")) return *width = 3, SP_UTF8;
    if (!strcmp(n, "utf-16-le") || !strcmp(n, "utf-16le") || !strcmp(n, "utf-16") || !strcmp(n, "utf16"))
        return *width = 2, SP_UTF16LE;
    if (!strcmp(n, "utf-16-be") || !strcmp(n, "utf-16be")) return *width = 2, SP_UTF16BE;
    if (!strcmp(n, "utf-32-le") || !strcmp(n, "utf-32le") || !strcmp(n, "utf-32") || !strcmp(n, "utf32"))
        return *width = 4, SP_UTF32LE;
    if (!strcmp(n, "utf-32-be") || !strcmp(n, "utf-32be")) return *width = 4, SP_UTF32BE;
    return SP_NONE;
}

static void put_unit(Buf *b, int code, uint32_t c) {
    switch (code) {
    case SP_UTF8: put_cp(b, c); break;
    case SP_UTF16LE: buf_putc(b, (char)(c & 0xFF)); buf_putc(b, (char)(c >> 8)); break;
    case SP_UTF16BE: buf_putc(b, (char)(c >> 8)); buf_putc(b, (char)(c & 0xFF)); break;
    case SP_UTF32LE:
        for (int k = 0; k < 4; k++) buf_putc(b, (char)((c >> (8 * k)) & 0xFF));
        break;
    case SP_UTF32BE:
        for (int k = 3; k >= 0; k--) buf_putc(b, (char)((c >> (8 * k)) & 0xFF));
        break;
    }
}

/* Builtin handler `eh` applied to exception exc, as the Python-visible
 * handler functions do: the (replacement, resume position) tuple. */
static Value builtin_handler(int eh, Value exc) {
    int kind = exc_kind(exc);
    if (eh == EH_STRICT) {
        if (!exc_check(exc)) return err_set(&exc_TypeError, "codec must pass exception instance");
        return err_set_exc(exc);
    }
    if (kind == EXC_OTHER) return wrong_exc(exc);
    int64_t start = 0, end = 0;
    Value obj = exc_object_range(exc, kind, &start, &end);
    if (!obj) return VNULL;
    Buf b;
    buf_init(&b, 32);
    switch (eh) {
    case EH_IGNORE: break;
    case EH_REPLACE:
        if (kind == EXC_DECODE) put_cp(&b, 0xFFFD);
        else
            for (int64_t i = start; i < end; i++) {
                if (kind == EXC_ENCODE) buf_putc(&b, '?');
                else put_cp(&b, 0xFFFD);
            }
        break;
    case EH_BACKSLASH:
        if (kind == EXC_DECODE) {
            for (int64_t i = start; i < end; i++) buf_printf(&b, "\\x%02x", (unsigned char)bytes_data(obj)[i]);
        } else {
            uint32_t *cps;
            int64_t n = str_cps(obj, start, end, &cps);
            for (int64_t i = 0; i < n; i++) put_escape(&b, cps[i]);
        }
        break;
    case EH_XMLCHAR:
    case EH_NAME: {
        if (kind != EXC_ENCODE) return wrong_exc(exc);
        uint32_t *cps;
        int64_t n = str_cps(obj, start, end, &cps);
        for (int64_t i = 0; i < n; i++) {
            char name[128];
            if (eh == EH_XMLCHAR) buf_printf(&b, "&#%u;", cps[i]);
            else if (lex_name_of(cps[i], name)) buf_printf(&b, "\\N{%s}", name);
            else put_escape(&b, cps[i]);
        }
        break;
    }
    case EH_SURROGATEESCAPE:
        if (kind == EXC_ENCODE) {
            uint32_t *cps;
            int64_t n = str_cps(obj, start, end, &cps);
            for (int64_t i = 0; i < n; i++) {
                if (cps[i] < 0xDC80 || cps[i] > 0xDCFF) return err_set_exc(exc);
                buf_putc(&b, (char)(cps[i] - 0xDC00));
            }
            return tuple_pack(2, bytes_new(b.data, b.len), int_from_i64(end));
        }
        if (kind == EXC_DECODE) {
            const unsigned char *p = (const unsigned char *)bytes_data(obj);
            int64_t consumed = 0;
            while (consumed < 4 && start + consumed < end && p[start + consumed] >= 0x80) {
                put_cp(&b, 0xDC00 + p[start + consumed]);
                consumed++;
            }
            if (!consumed) return err_set_exc(exc);
            end = start + consumed;
            break;
        }
        return wrong_exc(exc);
    case EH_SURROGATEPASS: {
        if (kind == EXC_TRANSLATE) return wrong_exc(exc);
        Value enc = exc_attr(exc, "encoding");
        if (!enc) return VNULL;
        int width = 0, code = standard_encoding(enc, &width);
        if (code == SP_NONE) return err_set_exc(exc);
        if (kind == EXC_ENCODE) {
            uint32_t *cps;
            int64_t n = str_cps(obj, start, end, &cps);
            for (int64_t i = 0; i < n; i++) {
                if (!is_surrogate(cps[i])) return err_set_exc(exc);
                put_unit(&b, code, cps[i]);
            }
            return tuple_pack(2, bytes_new(b.data, b.len), int_from_i64(end));
        }
        const unsigned char *p = (const unsigned char *)bytes_data(obj);
        int64_t size = bytes_size(obj);
        uint32_t c = 0;
        if (start + width > size) return err_set_exc(exc);
        p += start;
        switch (code) {
        case SP_UTF8:
            if ((p[0] & 0xF0) == 0xE0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80)
                c = ((uint32_t)(p[0] & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
            break;
        case SP_UTF16LE: c = (uint32_t)p[1] << 8 | p[0]; break;
        case SP_UTF16BE: c = (uint32_t)p[0] << 8 | p[1]; break;
        case SP_UTF32LE: c = (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]; break;
        case SP_UTF32BE: c = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; break;
        }
        if (!is_surrogate(c)) return err_set_exc(exc);
        put_cp(&b, c);
        end = start + width;
        break;
    }
    }
    return tuple_pack(2, str_from_buf(&b), int_from_i64(end));
}

#define EH_FUNC(e, name, fn)                                                    \
    static Value eh_##fn(Value *args, size_t nargs, Value kwnames) {            \
        static const ArgSpec spec = {#fn, 1, 1, 0, {"exc", NULL}};              \
        Value a[1];                                                             \
        if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;        \
        return builtin_handler(EH_##e, a[0]);                                   \
    }
EH_DEF(EH_FUNC)
#undef EH_FUNC

static const MethodDef eh_defs[] = {
#define EH_METHOD(e, name, fn) {#fn, eh_##fn, 0, NULL},
    EH_DEF(EH_METHOD)
#undef EH_METHOD
};

/* ---- encoding -------------------------------------------------------------------------- */

enum EncKind { EK_UTF8, EK_ASCII, EK_LATIN1, EK_UTF16LE, EK_UTF16BE, EK_UTF32LE, EK_UTF32BE, EK_CHARMAP };

typedef struct EncodingMap {
    Object hdr;
    int n;                  /* entries, sorted by cp */
    uint32_t cps[256];
    uint8_t bytes[256];
} EncodingMap;

static Type encmap_type;

typedef struct Enc {
    Value str;              /* the str being encoded */
    const char *encoding;   /* its name in exceptions */
    Value errors;           /* str or VNULL */
    int eh, kind;
    Value mapping;          /* EK_CHARMAP */
    Value exc;              /* the UnicodeEncodeError, made on the first error */
    Buf out;
} Enc;

static int encmap_find(const EncodingMap *m, uint32_t c) {
    int lo = 0, hi = m->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (m->cps[mid] == c) return m->bytes[mid];
        if (m->cps[mid] < c) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

/* c through the charmap: 1 written (when write), 0 unmapped, -1 error */
static int charmap_put(Enc *e, uint32_t c, bool write) {
    Value m = e->mapping;
    if (v_is_ptr(m) && type_of(m) == &encmap_type) {
        int b = encmap_find(V_AS(EncodingMap, m), c);
        if (b < 0) return 0;
        if (write) buf_putc(&e->out, (char)b);
        return 1;
    }
    Value v = obj_getitem(m, int_from_i64(c));
    if (!v) {
        if (!err_matches(&exc_LookupError)) return -1;
        err_clear();
        return 0;
    }
    if (v == V_NONE) return 0;
    if (int_check(v)) {
        int64_t x = int_as_i64(v);
        if (x < 0 || x > 255) {
            if (!err_occurred() || err_matches(&exc_OverflowError)) {
                err_clear();
                err_set(&exc_TypeError, "character mapping must be in range(256)");
            }
            return -1;
        }
        if (write) buf_putc(&e->out, (char)x);
        return 1;
    }
    if (bytes_check(v)) {
        if (write) buf_put(&e->out, bytes_data(v), (size_t)bytes_size(v));
        return 1;
    }
    err_format(&exc_TypeError, "character mapping must return integer, bytes or None, not %T", v);
    return -1;
}

/* c in the target encoding: 1 written (when write), 0 not encodable, -1 error */
static int enc_put(Enc *e, uint32_t c, bool write) {
    Buf *b = &e->out;
    switch (e->kind) {
    case EK_UTF8:
        if (is_surrogate(c)) return 0;
        if (write) put_cp(b, c);
        return 1;
    case EK_ASCII:
    case EK_LATIN1:
        if (c >= (e->kind == EK_ASCII ? 0x80u : 0x100u)) return 0;
        if (write) buf_putc(b, (char)c);
        return 1;
    case EK_UTF16LE:
    case EK_UTF16BE: {
        if (is_surrogate(c)) return 0;
        if (!write) return 1;
        int code = e->kind == EK_UTF16LE ? SP_UTF16LE : SP_UTF16BE;
        if (c >= 0x10000) {
            put_unit(b, code, 0xD800 + ((c - 0x10000) >> 10));
            put_unit(b, code, 0xDC00 + ((c - 0x10000) & 0x3FF));
        } else {
            put_unit(b, code, c);
        }
        return 1;
    }
    case EK_UTF32LE:
    case EK_UTF32BE:
        if (is_surrogate(c)) return 0;
        if (write) put_unit(b, e->kind == EK_UTF32LE ? SP_UTF32LE : SP_UTF32BE, c);
        return 1;
    default: return charmap_put(e, c, write);
    }
}

static const char *enc_reason(int kind) {
    switch (kind) {
    case EK_ASCII: return "ordinal not in range(128)";
    case EK_LATIN1: return "ordinal not in range(256)";
    case EK_CHARMAP: return "character maps to <undefined>";
    default: return "surrogates not allowed";
    }
}

/* Make e->exc describe [start, end) (code points) with reason. */
static Value enc_exc(Enc *e, int64_t start, int64_t end, const char *reason) {
    Value r = str_from_cstr(reason);
    if (!e->exc) {
        Value a[5] = {str_from_cstr(e->encoding), e->str, int_from_i64(start), int_from_i64(end), r};
        e->exc = exc_new(&exc_UnicodeEncodeError, a, 5);
        return e->exc;
    }
    if (obj_setattr(e->exc, str_intern_cstr("start"), int_from_i64(start)) < 0 ||
        obj_setattr(e->exc, str_intern_cstr("end"), int_from_i64(end)) < 0 ||
        obj_setattr(e->exc, str_intern_cstr("reason"), r) < 0)
        return VNULL;
    return e->exc;
}

static int raise_enc(Enc *e, int64_t start, int64_t end, const char *reason) {
    Value x = enc_exc(e, start, end, reason);
    if (x) err_set_exc(x);
    return -1;
}

/* Call the handler for e->exc: its (replacement, position) with the
 * position made absolute and checked against len. */
static Value call_handler(int eh, Value errors, Value exc, int64_t len, bool encode, int64_t *newpos) {
    Value r;
    if (eh != EH_CUSTOM) {
        r = builtin_handler(eh, exc);
    } else {
        Value h = codec_lookup_error(errors);
        if (!h) return VNULL;
        r = obj_call1(h, exc);
    }
    if (!r) return VNULL;
    if (!tuple_check(r) || tuple_size(r) != 2 || !(str_check(tuple_get(r, 0)) || (encode && bytes_check(tuple_get(r, 0)))))
        return err_set(&exc_TypeError, encode ? "encoding error handler must return (str/bytes, int) tuple"
                                              : "decoding error handler must return (str, int) tuple");
    if (!int_check(tuple_get(r, 1)))
        return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", tuple_get(r, 1));
    int64_t p = int_as_i64(tuple_get(r, 1));
    if (p == -1 && err_occurred()) return VNULL;
    if (p < 0) p += len;
    if (p < 0 || p > len) return err_format(&exc_IndexError, "position %zd from error handler out of bounds", (ssize_t)p);
    *newpos = p;
    return tuple_get(r, 0);
}

/* Handle the unencodable characters [start, end): 0 with *newpos (a code
 * point index) where encoding resumes, -1 with an exception. */
static int enc_error(Enc *e, int64_t start, int64_t end, int64_t *newpos) {
    const char *reason = enc_reason(e->kind);
    if (e->eh == EH_STRICT) return raise_enc(e, start, end, reason);
    if (e->eh == EH_IGNORE) {
        *newpos = end;
        return 0;
    }
    if (e->eh == EH_SURROGATEESCAPE && (e->kind == EK_UTF8 || e->kind == EK_ASCII || e->kind == EK_LATIN1)) {
        /* as CPython: the escaped bytes of a leading U+DC80..U+DCFF run
           directly, the handler (which raises) for the rest */
        uint32_t *cps;
        int64_t n = str_cps(e->str, start, end, &cps), k = 0;
        while (k < n && cps[k] >= 0xDC80 && cps[k] <= 0xDCFF) buf_putc(&e->out, (char)(cps[k++] - 0xDC00));
        if (k == n) {
            *newpos = end;
            return 0;
        }
        start += k;
    }
    Value exc = enc_exc(e, start, end, reason);
    if (!exc) return -1;
    Value rep = call_handler(e->eh, e->errors, exc, str_len(e->str), true, newpos);
    if (!rep) return -1;
    if (bytes_check(rep)) {
        int64_t n = bytes_size(rep);
        int unit = e->kind == EK_UTF16LE || e->kind == EK_UTF16BE ? 2
                 : e->kind == EK_UTF32LE || e->kind == EK_UTF32BE ? 4 : 1;
        if (n % unit) return raise_enc(e, start, end, reason);
        buf_put(&e->out, bytes_data(rep), (size_t)n);
        return 0;
    }
    /* a str replacement must be encodable (ASCII for the UTF codecs) */
    const char *d = str_data(rep);
    int64_t i = 0, n = str_nbytes(rep);
    while (i < n) {
        uint32_t c = next_cp(d, &i);
        int ok = c >= 0x80 && e->kind != EK_LATIN1 && e->kind != EK_CHARMAP ? 0 : enc_put(e, c, true);
        if (ok < 0) return -1;
        if (!ok) return raise_enc(e, start, end, reason);
    }
    return 0;
}

/* Code point c (not a surrogate) in UTF-32 (wide) or UTF-16, big-endian
 * when be, at o: returns the end of what it wrote */
static inline unsigned char *put_utf16_32(unsigned char *o, uint32_t c, bool be, bool wide) {
    if (wide) {
        for (int k = 0; k < 4; k++) o[be ? 3 - k : k] = (unsigned char)(c >> (8 * k));
        return o + 4;
    }
    uint32_t u[2] = {c, 0};
    int nu = 1;
    if (c >= 0x10000) {
        u[0] = 0xD800 + ((c - 0x10000) >> 10);
        u[1] = 0xDC00 + ((c - 0x10000) & 0x3FF);
        nu = 2;
    }
    for (int q = 0; q < nu; q++, o += 2) {
        o[be ? 1 : 0] = (unsigned char)u[q];
        o[be ? 0 : 1] = (unsigned char)(u[q] >> 8);
    }
    return o;
}

/* The encoders' inner loop: encode d[*i..nb) (UTF-8, whole code points)
 * while every code point is encodable without help, straight into room
 * reserved for it; stops at the first one that is not (left to enc_put
 * and the error handling) with *i and *pos (its code point index) on it. */
static void enc_fast(Enc *e, const unsigned char *d, int64_t nb, int64_t *ip, int64_t *posp) {
    int64_t i = *ip, pos = *posp;
    int kind = e->kind;
    if (kind == EK_CHARMAP) return;
    /* the output is at most 4 bytes per input byte (UTF-32 of ASCII) */
    size_t w = kind == EK_UTF32LE || kind == EK_UTF32BE ? 4 : kind == EK_UTF16LE || kind == EK_UTF16BE ? 2 : 1;
    buf_reserve(&e->out, (size_t)(nb - i) * w);
    unsigned char *o0 = (unsigned char *)e->out.data + e->out.len, *o = o0;
    if (kind == EK_UTF8 || kind == EK_ASCII || kind == EK_LATIN1) {
        while (i < nb) {
            int64_t k = ascii_prefix(d + i, nb - i);
            memcpy(o, d + i, (size_t)k);
            o += k;
            i += k;
            pos += k;
            if (i >= nb) break;
            unsigned char c = d[i];
            if (kind == EK_LATIN1 && (c == 0xC2 || c == 0xC3)) {
                *o++ = (unsigned char)(((c & 0x03) << 6) | (d[i + 1] & 0x3F));
                i += 2;
            } else if (kind == EK_UTF8 && !(c == 0xED && d[i + 1] >= 0xA0)) {
                /* the str's UTF-8 is the output, surrogates (ED A0..BF xx)
                   excepted */
                int l = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
                memcpy(o, d + i, (size_t)l);
                o += l;
                i += l;
            } else {
                break;
            }
            pos++;
        }
    } else {
        bool be = kind == EK_UTF16BE || kind == EK_UTF32BE, wide = kind == EK_UTF32LE || kind == EK_UTF32BE;
        while (i < nb) {
            int64_t k = i;
            uint32_t c = next_cp((const char *)d, &k);
            if (is_surrogate(c)) break;
            i = k;
            pos++;
            o = put_utf16_32(o, c, be, wide);
        }
    }
    e->out.len += (size_t)(o - o0);
    e->out.data[e->out.len] = 0;
    *ip = i;
    *posp = pos;
}

/* Encode e->str from e->out's current end. */
static int enc_run(Enc *e) {
    Value s = e->str;
    const char *d = str_data(s);
    int64_t nb = str_nbytes(s), i = 0, pos = 0;
    bool runs = e->kind != EK_UTF16LE && e->kind != EK_UTF16BE && e->kind != EK_UTF32LE && e->kind != EK_UTF32BE;
    while (i < nb) {
        enc_fast(e, (const unsigned char *)d, nb, &i, &pos);
        if (i >= nb) break;
        uint32_t c = next_cp(d, &i);
        int ok = enc_put(e, c, true);
        if (ok < 0) return -1;
        if (ok) {
            pos++;
            continue;
        }
        int64_t start = pos, end = pos + 1;
        while (runs && i < nb) {
            int64_t k = i;
            int r = enc_put(e, next_cp(d, &k), false);
            if (r < 0) return -1;
            if (r) break;
            i = k;
            end++;
        }
        int64_t np = end;
        if (enc_error(e, start, end, &np) < 0) return -1;
        if (np != end) i = str_byte_offset(s, np);
        pos = np;
    }
    return 0;
}

/* ASCII bytes a[0..4) as UTF-16 code units (little-endian) in one word */
static inline uint64_t widen16(uint32_t a) {
    uint64_t x = a;
    x = (x | x << 16) & 0x0000FFFF0000FFFFULL;
    return (x | x << 8) & 0x00FF00FF00FF00FFULL;
}

/* ASCII bytes a[0..2) as UTF-32 code units (little-endian) in one word */
static inline uint64_t widen32(uint32_t a) {
    uint64_t x = a & 0xFFFF;
    return (x | x << 24) & 0x000000FF000000FFULL;
}

static inline uint64_t bswap_units16(uint64_t x) {
    return ((x & 0x00FF00FF00FF00FFULL) << 8) | ((x >> 8) & 0x00FF00FF00FF00FFULL);
}

/* True when s's UTF-8 holds an encoded surrogate (ED A0..BF xx) */
static bool has_surrogate(const unsigned char *d, int64_t n) {
    const unsigned char *p = d, *end = d + n;
    while ((p = memchr(p, 0xED, (size_t)(end - p))) != NULL) {
        if (p + 1 < end && p[1] >= 0xA0) return true;
        p++;
    }
    return false;
}

/* encode_direct's UTF-16/32 part: be and wide are constants at each
 * call, so that each of the four variants is compiled without their tests
 * per character. 1, or 0 at a code point the general path must do. */
static inline __attribute__((always_inline)) int encode_direct_utf16_32(const unsigned char *d, int64_t nb,
                                                                         unsigned char *o, bool be, bool wide) {
    int64_t i = 0;
    while (i < nb) {
#ifdef __SSE2__
        /* ASCII sixteen bytes at a time, widened by interleaving with
           zero bytes */
        const __m128i zero = _mm_setzero_si128();
        while (nb - i >= 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(d + i));
            if (_mm_movemask_epi8(x)) break;
            __m128i lo = be ? _mm_unpacklo_epi8(zero, x) : _mm_unpacklo_epi8(x, zero);
            __m128i hi = be ? _mm_unpackhi_epi8(zero, x) : _mm_unpackhi_epi8(x, zero);
            if (wide) {
                __m128i q[4] = {be ? _mm_unpacklo_epi16(zero, lo) : _mm_unpacklo_epi16(lo, zero),
                                be ? _mm_unpackhi_epi16(zero, lo) : _mm_unpackhi_epi16(lo, zero),
                                be ? _mm_unpacklo_epi16(zero, hi) : _mm_unpacklo_epi16(hi, zero),
                                be ? _mm_unpackhi_epi16(zero, hi) : _mm_unpackhi_epi16(hi, zero)};
                for (int k = 0; k < 4; k++) _mm_storeu_si128((__m128i *)(o + 16 * k), q[k]);
                o += 64;
            } else {
                _mm_storeu_si128((__m128i *)o, lo);
                _mm_storeu_si128((__m128i *)(o + 16), hi);
                o += 32;
            }
            i += 16;
        }
#endif
        /* ASCII four bytes at a time, widened in a register */
        while (nb - i >= 4) {
            uint32_t a;
            memcpy(&a, d + i, 4);
            if (a & 0x80808080u) break;
            if (wide) {
                uint64_t w0 = widen32(a), w1 = widen32(a >> 16);
                if (be) w0 = __builtin_bswap32((uint32_t)w0) | (uint64_t)__builtin_bswap32((uint32_t)(w0 >> 32)) << 32,
                        w1 = __builtin_bswap32((uint32_t)w1) | (uint64_t)__builtin_bswap32((uint32_t)(w1 >> 32)) << 32;
                memcpy(o, &w0, 8);
                memcpy(o + 8, &w1, 8);
                o += 16;
            } else {
                uint64_t w = widen16(a);
                if (be) w = bswap_units16(w);
                memcpy(o, &w, 8);
                o += 8;
            }
            i += 4;
        }
        if (i >= nb) break;
        uint32_t c;
        unsigned char c0 = d[i];
        if (c0 < 0x80) {
            c = c0;
            i++;
        } else if (c0 < 0xE0) {
            c = (uint32_t)(c0 & 0x1F) << 6 | (d[i + 1] & 0x3F);
            i += 2;
        } else if (c0 < 0xF0) {
            c = (uint32_t)(c0 & 0x0F) << 12 | (uint32_t)(d[i + 1] & 0x3F) << 6 | (d[i + 2] & 0x3F);
            i += 3;
            if (is_surrogate(c)) return 0;
        } else {
            c = next_cp((const char *)d, &i);
        }
        o = put_utf16_32(o, c, be, wide);
    }
    return 1;
}

/* The common case of encode_kind: all of s encodable with no error
 * handling, written into a bytes object of the exact size. 1 with *out;
 * 0 when a code point is not encodable (the general path then does it
 * all, with the error handler); -1 with MemoryError. */
static int encode_direct(Value s, int kind, const char *bom, size_t bomlen, Value *out) {
    const unsigned char *d = (const unsigned char *)str_data(s);
    int64_t nb = str_nbytes(s), len = str_len(s);
    bool ascii = str_is_ascii(s);
    int64_t size;
    switch (kind) {
    case EK_UTF8:
        if (!ascii && has_surrogate(d, nb)) return 0;
        size = nb;
        break;
    case EK_ASCII:
        if (!ascii) return 0;
        size = nb;
        break;
    case EK_LATIN1: size = len; break;
    case EK_UTF16LE:
    case EK_UTF16BE: {
        int64_t astral = 0;   /* 4-byte sequences: two code units each */
        if (!ascii) {
            int64_t k = 0;
            /* lead bytes F0..F4 are the bytes with their top four bits set */
            for (; k + 8 <= nb; k += 8) {
                uint64_t x;
                memcpy(&x, d + k, 8);
                uint64_t m = (x & x << 1 & x << 2 & x << 3 & 0x8080808080808080ULL) >> 7;
                astral += (int64_t)((m * 0x0101010101010101ULL) >> 56);   /* sum of the 0/1 bytes */
            }
            for (; k < nb; k++) astral += d[k] >= 0xF0;
        }
        size = 2 * (len + astral);
        break;
    }
    case EK_UTF32LE:
    case EK_UTF32BE: size = 4 * len; break;
    default: return 0;
    }
    Value r = bytes_try_alloc((size_t)size + bomlen);
    if (!r) return -1;
    unsigned char *o = (unsigned char *)V_AS(BytesObject, r)->data;
    if (bomlen) memcpy(o, bom, bomlen);
    o += bomlen;
    int64_t i = 0;
    if (kind == EK_UTF8 || kind == EK_ASCII) {
        memcpy(o, d, (size_t)nb);
    } else if (kind == EK_LATIN1) {
        while (i < nb) {
            uint64_t x;
            if (nb - i >= 8 && (memcpy(&x, d + i, 8), !(x & 0x8080808080808080ULL))) {
                memcpy(o, &x, 8);
                o += 8;
                i += 8;
                continue;
            }
            if (d[i] < 0x80) {
                *o++ = d[i++];
                continue;
            }
            if (d[i] != 0xC2 && d[i] != 0xC3) return 0;
            *o++ = (unsigned char)(((d[i] & 0x03) << 6) | (d[i + 1] & 0x3F));
            i += 2;
        }
    } else {
        bool be = kind == EK_UTF16BE || kind == EK_UTF32BE, wide = kind == EK_UTF32LE || kind == EK_UTF32BE;
        int ok = wide ? (be ? encode_direct_utf16_32(d, nb, o, true, true) : encode_direct_utf16_32(d, nb, o, false, true))
                      : (be ? encode_direct_utf16_32(d, nb, o, true, false) : encode_direct_utf16_32(d, nb, o, false, false));
        if (!ok) return 0;
    }
    *out = r;
    return 1;
}

static Value encode_kind(Value s, const char *encoding, Value errors, int kind, Value mapping, const char *bom,
                         size_t bomlen) {
    Value r;
    int direct = encode_direct(s, kind, bom, bomlen, &r);
    if (direct) return direct > 0 ? r : VNULL;
    Enc e = {.str = s, .encoding = encoding, .errors = errors == V_NONE ? VNULL : errors, .kind = kind,
             .mapping = mapping};
    e.eh = eh_kind(e.errors);
    int w = kind >= EK_UTF32LE && kind <= EK_UTF32BE ? 4 : kind >= EK_UTF16LE ? 2 : 1;
    buf_init(&e.out, (size_t)str_nbytes(s) * (size_t)w + bomlen + 1);
    if (bomlen) buf_put(&e.out, bom, bomlen);
    if (enc_run(&e) < 0) return VNULL;
    return bytes_from_buf(&e.out);
}

/* ---- decoding -------------------------------------------------------------------------- */

typedef struct Dec {
    Value src;                  /* the argument (bytes or bytearray) */
    Value obj;                  /* bytes for exceptions, made on the first error */
    const unsigned char *d;
    int64_t n;
    const char *encoding;
    Value errors;
    int eh;
    Value exc;
    Buf out;
    int64_t invalid_escape;     /* unicode_escape: 1 + where the first invalid
                                   escape's backslash is, 0 if none */
} Dec;

static int dec_init(Dec *dc, Value src, const char *encoding, Value errors) {
    const char *p;
    int64_t n;
    if (arg_buffer(src, &p, &n) < 0) return -1;
    memset(dc, 0, sizeof *dc);
    /* a bytearray (or other exporter) may change under an error handler:
       decode a bytes copy of it, which is also the exceptions' object */
    if (!bytes_check(src)) src = dc->obj = bytes_new(p, (size_t)n);
    dc->src = src;
    dc->d = (const unsigned char *)bytes_data(src);
    dc->n = n;
    dc->encoding = encoding;
    dc->errors = errors == V_NONE ? VNULL : errors;
    dc->eh = eh_kind(dc->errors);
    buf_init(&dc->out, (size_t)n + 1);
    return 0;
}

static Value dec_exc(Dec *dc, int64_t start, int64_t end, const char *reason) {
    Value r = str_from_cstr(reason);
    if (!dc->obj) dc->obj = bytes_check(dc->src) ? dc->src : bytes_new((const char *)dc->d, (size_t)dc->n);
    if (!dc->exc) {
        Value a[5] = {str_from_cstr(dc->encoding), dc->obj, int_from_i64(start), int_from_i64(end), r};
        dc->exc = exc_new(&exc_UnicodeDecodeError, a, 5);
        return dc->exc;
    }
    if (obj_setattr(dc->exc, str_intern_cstr("start"), int_from_i64(start)) < 0 ||
        obj_setattr(dc->exc, str_intern_cstr("end"), int_from_i64(end)) < 0 ||
        obj_setattr(dc->exc, str_intern_cstr("reason"), r) < 0)
        return VNULL;
    return dc->exc;
}

/* Handle the undecodable bytes [start, end): returns where decoding
 * resumes, -1 with an exception. A handler may replace the exception's
 * object: decoding goes on in the new bytes (dc->d, dc->n). */
static int64_t dec_error(Dec *dc, int64_t start, int64_t end, const char *reason) {
    switch (dc->eh) {
    case EH_IGNORE: return end;
    case EH_REPLACE: put_cp(&dc->out, 0xFFFD); return end;
    case EH_BACKSLASH:
        for (int64_t i = start; i < end; i++) buf_printf(&dc->out, "\\x%02x", dc->d[i]);
        return end;
    default: break;
    }
    Value exc = dec_exc(dc, start, end, reason);
    if (!exc) return -1;
    if (dc->eh == EH_STRICT) {
        err_set_exc(exc);
        return -1;
    }
    Value r;
    if (dc->eh != EH_CUSTOM) r = builtin_handler(dc->eh, exc);
    else {
        Value h = codec_lookup_error(dc->errors);
        r = h ? obj_call1(h, exc) : VNULL;
    }
    if (!r) return -1;
    if (!tuple_check(r) || tuple_size(r) != 2 || !str_check(tuple_get(r, 0))) {
        err_set(&exc_TypeError, "decoding error handler must return (str, int) tuple");
        return -1;
    }
    if (!int_check(tuple_get(r, 1))) {
        err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", tuple_get(r, 1));
        return -1;
    }
    /* the handler may have given the exception another object: decoding
       goes on in it, and the position is checked against it */
    Value obj = exc_attr(exc, "object");
    if (!obj) return -1;
    if (!bytes_check(obj)) {
        err_set(&exc_TypeError, "object attribute must be bytes");
        return -1;
    }
    if (obj != dc->obj) {
        dc->obj = obj;
        dc->d = (const unsigned char *)bytes_data(obj);
        dc->n = bytes_size(obj);
    }
    int64_t newpos = int_as_i64(tuple_get(r, 1));
    if (newpos == -1 && err_occurred()) return -1;
    if (newpos < 0) newpos += dc->n;
    if (newpos < 0 || newpos > dc->n) {
        err_format(&exc_IndexError, "position %zd from error handler out of bounds", (ssize_t)newpos);
        return -1;
    }
    Value rep = tuple_get(r, 0);
    buf_put(&dc->out, str_data(rep), (size_t)str_nbytes(rep));
    return newpos;
}

#define DEC_ERR(s, e, reason)                          \
    do {                                               \
        i = dec_error(dc, (s), (e), (reason));         \
        if (i < 0) return -1;                          \
        d = dc->d;                                     \
        n = dc->n;                                     \
    } while (0)

/* Each decoder appends to dc->out and returns the bytes consumed (all of
 * them when final), -1 with an exception. */
static int64_t dec_utf8(Dec *dc, bool final) {
    const unsigned char *d = dc->d;
    int64_t n = dc->n, i = 0;
    while (i < n) {
        /* well-formed text is the output itself: copy it in one piece */
        int64_t ncp, j = i + utf8_wellformed_prefix((const char *)d + i, n - i, &ncp);
        if (j > i) buf_put(&dc->out, (const char *)d + i, (size_t)(j - i));
        i = j;
        if (i >= n) break;
        unsigned char c = d[i];
        int need;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) need = 1;
        else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else {
            DEC_ERR(i, i + 1, "invalid start byte");
            continue;
        }
        int k = 1;
        const char *reason = NULL;
        for (; k <= need; k++) {
            if (i + k >= n) {
                reason = "unexpected end of data";
                break;
            }
            unsigned char b = d[i + k];
            if (k == 1 ? (b < lo || b > hi) : (b & 0xC0) != 0x80) {
                reason = "invalid continuation byte";
                break;
            }
        }
        if (reason) {
            if (!final && i + k >= n) return i;
            /* a truncated encoded surrogate waits for its last byte too,
               for surrogatepass (as CPython) */
            if (!final && c == 0xED && n - i == 2 && d[i + 1] >= 0xA0 && d[i + 1] <= 0xBF) return i;
            DEC_ERR(i, i + k, reason);
            continue;
        }
        buf_put(&dc->out, (const char *)d + i, (size_t)need + 1);
        i += need + 1;
    }
    return i;
}

static int64_t dec_8bit(Dec *dc, bool ascii) {
    const unsigned char *d = dc->d;
    int64_t n = dc->n, i = 0;
    while (i < n) {
        int64_t j = i + ascii_prefix(d + i, n - i);
        if (j > i) buf_put(&dc->out, (const char *)d + i, (size_t)(j - i));
        i = j;
        if (i >= n) break;
        if (ascii && (dc->eh == EH_REPLACE || dc->eh == EH_IGNORE)) {
            /* what dec_error does for these two, for the whole run of
               bytes >= 0x80 at once: U+FFFD (3 bytes) each, or nothing */
            j = i;
            while (j < n && d[j] >= 0x80) j++;
            if (dc->eh == EH_REPLACE) {
                buf_reserve(&dc->out, (size_t)(j - i) * 3);
                char *o = dc->out.data + dc->out.len;
                for (int64_t k = i; k < j; k++, o += 3) memcpy(o, "\xEF\xBF\xBD", 3);
                dc->out.len += (size_t)(j - i) * 3;
                dc->out.data[dc->out.len] = 0;
            }
            i = j;
            continue;
        }
        if (ascii) {
            DEC_ERR(i, i + 1, "ordinal not in range(128)");
            continue;
        }
        /* Latin-1: a run of bytes >= 0x80, two UTF-8 bytes each */
        j = i;
        while (j < n && d[j] >= 0x80) j++;
        buf_reserve(&dc->out, (size_t)(j - i) * 2);
        char *o = dc->out.data + dc->out.len;
        for (int64_t k = i; k < j; k++) {
            *o++ = (char)(0xC0 | (d[k] >> 6));
            *o++ = (char)(0x80 | (d[k] & 0x3F));
        }
        dc->out.len += (size_t)(j - i) * 2;
        dc->out.data[dc->out.len] = 0;
        i = j;
    }
    return i;
}

/* bo: in, the byte order (-1 little, 1 big, 0 from a BOM, else little);
 * out, the one a BOM chose (unchanged without one). */
static int64_t dec_utf16(Dec *dc, int *bo, bool final) {
    const unsigned char *d = dc->d;
    int64_t n = dc->n, i = 0;
    if (*bo == 0) {
        if (n < 2 && !final) return 0;
        if (n >= 2 && d[0] == 0xFF && d[1] == 0xFE) *bo = -1, i = 2;
        else if (n >= 2 && d[0] == 0xFE && d[1] == 0xFF) *bo = 1, i = 2;
    }
    bool be = *bo == 1;
    dc->encoding = be ? "utf-16-be" : "utf-16-le";
#define UNIT(at) (be ? (uint32_t)(d[at] << 8 | d[(at) + 1]) : (uint32_t)(d[(at) + 1] << 8 | d[at]))
    while (i < n) {
        /* the run of non-surrogates and well-formed pairs, written straight
           into room for it (at most 3 UTF-8 bytes per 2 input bytes) */
        buf_reserve(&dc->out, (size_t)(n - i) / 2 * 3);
        char *o0 = dc->out.data + dc->out.len, *o = o0;
        while (n - i >= 2) {
            uint32_t u = UNIT(i);
            if (!is_surrogate(u)) {
                o += put_utf8_raw(o, u);
                i += 2;
                continue;
            }
            if (u >= 0xDC00 || n - i < 4) break;
            uint32_t u2 = UNIT(i + 2);
            if (u2 < 0xDC00 || u2 > 0xDFFF) break;
            o += put_utf8_raw(o, 0x10000 + ((u - 0xD800) << 10) + (u2 - 0xDC00));
            i += 4;
        }
        dc->out.len += (size_t)(o - o0);
        dc->out.data[dc->out.len] = 0;
        if (i >= n) break;
        if (n - i < 2) {
            if (!final) break;
            DEC_ERR(i, n, "truncated data");
            continue;
        }
        uint32_t u = UNIT(i);
        if (!is_surrogate(u)) {
            put_cp(&dc->out, u);
            i += 2;
        } else if (u >= 0xDC00) {
            DEC_ERR(i, i + 2, "illegal encoding");
        } else if (n - i < 4) {
            if (!final) break;
            DEC_ERR(i, n, "unexpected end of data");
        } else {
            uint32_t u2 = UNIT(i + 2);
            if (u2 < 0xDC00 || u2 > 0xDFFF) {
                DEC_ERR(i, i + 2, "illegal UTF-16 surrogate");
            } else {
                put_cp(&dc->out, 0x10000 + ((u - 0xD800) << 10) + (u2 - 0xDC00));
                i += 4;
            }
        }
    }
#undef UNIT
    return i;
}

static int64_t dec_utf32(Dec *dc, int *bo, bool final) {
    const unsigned char *d = dc->d;
    int64_t n = dc->n, i = 0;
    if (*bo == 0) {
        if (n < 4 && !final) return 0;
        if (n >= 4 && d[0] == 0xFF && d[1] == 0xFE && d[2] == 0 && d[3] == 0) *bo = -1, i = 4;
        else if (n >= 4 && d[0] == 0 && d[1] == 0 && d[2] == 0xFE && d[3] == 0xFF) *bo = 1, i = 4;
    }
    bool be = *bo == 1;
    dc->encoding = be ? "utf-32-be" : "utf-32-le";
    while (i < n) {
        /* the run of valid code points, written straight into room for
           it (at most 4 UTF-8 bytes per 4 input bytes) */
        buf_reserve(&dc->out, (size_t)(n - i));
        char *o0 = dc->out.data + dc->out.len, *o = o0;
        while (n - i >= 4) {
            uint32_t c = be ? (uint32_t)d[i] << 24 | (uint32_t)d[i + 1] << 16 | (uint32_t)d[i + 2] << 8 | d[i + 3]
                            : (uint32_t)d[i + 3] << 24 | (uint32_t)d[i + 2] << 16 | (uint32_t)d[i + 1] << 8 | d[i];
            if (c > 0x10FFFF || is_surrogate(c)) break;
            o += put_utf8_raw(o, c);
            i += 4;
        }
        dc->out.len += (size_t)(o - o0);
        dc->out.data[dc->out.len] = 0;
        if (i >= n) break;
        if (n - i < 4) {
            if (!final) break;
            DEC_ERR(i, n, "truncated data");
            continue;
        }
        uint32_t c = be ? (uint32_t)d[i] << 24 | (uint32_t)d[i + 1] << 16 | (uint32_t)d[i + 2] << 8 | d[i + 3]
                        : (uint32_t)d[i + 3] << 24 | (uint32_t)d[i + 2] << 16 | (uint32_t)d[i + 1] << 8 | d[i];
        if (c > 0x10FFFF) {
            DEC_ERR(i, i + 4, "code point not in range(0x110000)");
        } else if (is_surrogate(c)) {
            DEC_ERR(i, i + 4, "code point in surrogate code point range(0xd800, 0xe000)");
        } else {
            put_cp(&dc->out, c);
            i += 4;
        }
    }
    return i;
}

/* mapping: a str (the decoding table, U+FFFE for undefined) or any
 * mapping from byte values to code points, str or None. */
static int64_t dec_charmap(Dec *dc, Value mapping) {
    const unsigned char *d = dc->d;
    int64_t n = dc->n, i = 0;
    static const char *const undefined = "character maps to <undefined>";
    if (str_check(mapping)) {
        uint32_t table[256];
        int64_t tn = 0, k = 0;
        const char *md = str_data(mapping);
        while (tn < 256 && k < str_nbytes(mapping)) table[tn++] = next_cp(md, &k);
        while (i < n) {
            unsigned char c = d[i];
            if (c >= tn || table[c] == 0xFFFE) {
                DEC_ERR(i, i + 1, undefined);
                continue;
            }
            put_cp(&dc->out, table[c]);
            i++;
        }
        return i;
    }
    while (i < n) {
        Value v = obj_getitem(mapping, v_int(d[i]));
        if (!v) {
            if (!err_matches(&exc_LookupError)) return -1;
            err_clear();
            v = V_NONE;
        }
        if (int_check(v)) {
            int64_t x = int_as_i64(v);
            if (x < 0 || x > 0x10FFFF) {
                err_clear();
                err_set(&exc_TypeError, "character mapping must be in range(0x110000)");
                return -1;
            }
            if (x == 0xFFFE) v = V_NONE;
            else put_cp(&dc->out, (uint32_t)x);
        } else if (str_check(v)) {
            if (str_len(v) == 1 && str_char_at(v, 0) == 0xFFFE) v = V_NONE;
            else buf_put(&dc->out, str_data(v), (size_t)str_nbytes(v));
        } else if (v != V_NONE) {
            err_set(&exc_TypeError, "character mapping must return integer, None or str");
            return -1;
        }
        if (v == V_NONE) {
            DEC_ERR(i, i + 1, undefined);
            continue;
        }
        i++;
    }
    return i;
}

static int hexval(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* unicode_escape (raw: raw_unicode_escape, where only \u and \U escape) */
static int64_t dec_unicode_escape(Dec *dc, bool raw, bool final) {
    const unsigned char *d = dc->d;
    int64_t n = dc->n, i = 0;
    while (i < n) {
        unsigned char c = d[i];
        if (c != '\\') {
            put_cp(&dc->out, c);
            i++;
            continue;
        }
        int64_t start = i, s = i + 1;
        const char *msg = "\\ at end of string";
        if (s >= n) {
            if (!final) return start;
            if (raw) {
                buf_putc(&dc->out, '\\');
                i = s;
                continue;
            }
            DEC_ERR(start, s, msg);
            continue;
        }
        c = d[s++];
        int count = 0;
        if (raw) {
            if (c == 'u') count = 4, msg = "truncated \\uXXXX escape";
            else if (c == 'U') count = 8, msg = "truncated \\UXXXXXXXX escape";
            else {
                buf_putc(&dc->out, '\\');
                put_cp(&dc->out, c);
                i = s;
                continue;
            }
        } else {
            uint32_t ch = 0;
            switch (c) {
            case '\n': i = s; continue;
            case '\\': ch = '\\'; break;
            case '\'': ch = '\''; break;
            case '"': ch = '"'; break;
            case 'b': ch = '\b'; break;
            case 'f': ch = '\f'; break;
            case 't': ch = '\t'; break;
            case 'n': ch = '\n'; break;
            case 'r': ch = '\r'; break;
            case 'v': ch = '\v'; break;
            case 'a': ch = '\a'; break;
            case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
                ch = c - '0';
                if (s < n && d[s] >= '0' && d[s] <= '7') {
                    ch = (ch << 3) + (uint32_t)(d[s++] - '0');
                    if (s < n && d[s] >= '0' && d[s] <= '7') ch = (ch << 3) + (uint32_t)(d[s++] - '0');
                }
                if (ch > 0377 && !dc->invalid_escape) dc->invalid_escape = start + 1;
                break;
            case 'x': count = 2, msg = "truncated \\xXX escape"; break;
            case 'u': count = 4, msg = "truncated \\uXXXX escape"; break;
            case 'U': count = 8, msg = "truncated \\UXXXXXXXX escape"; break;
            case 'N': {
                /* as CPython: the names come from the unicodedata module */
                if (front_ucnhash_hook && front_ucnhash_hook())
                    return err_set(&exc_UnicodeError, "\\N escapes not supported (can't load unicodedata module)"), -1;
                msg = "malformed \\N character escape";
                if (s >= n) goto incomplete;
                if (d[s] != '{') goto error;
                int64_t nstart = ++s;
                while (s < n && d[s] != '}') s++;
                if (s >= n) goto incomplete;
                if (s == nstart) goto error;
                s++;
                if (lex_lookup_name((const char *)d + nstart, (int)(s - 1 - nstart), &ch)) break;
                msg = "unknown Unicode character name";
                goto error;
            }
            default:
                if (!dc->invalid_escape) dc->invalid_escape = start + 1;
                buf_putc(&dc->out, '\\');
                put_cp(&dc->out, c);
                i = s;
                continue;
            }
            if (!count) {
                put_cp(&dc->out, ch);
                i = s;
                continue;
            }
        }
        {
            uint32_t ch = 0;
            for (; count; s++, count--) {
                if (s >= n) goto incomplete;
                int h = hexval(d[s]);
                if (h < 0) goto error;
                ch = ch << 4 | (uint32_t)h;
            }
            if (ch > 0x10FFFF) {
                msg = raw ? "\\Uxxxxxxxx out of range" : "illegal Unicode character";
                goto error;
            }
            put_cp(&dc->out, ch);
            i = s;
            continue;
        }
    incomplete:
        if (!final) return start;
    error:
        DEC_ERR(start, s, msg);
    }
    return i;
}

/* The DeprecationWarning of escape_decode and unicode_escape_decode for the
   first invalid escape, its backslash at d[pos]: an octal one above 0o377,
   or a backslash before a character that starts no escape. */
static int warn_invalid_escape(const unsigned char *d, int64_t n, int64_t pos) {
    Buf b;
    buf_init(&b, 48);
    unsigned char c = pos + 1 < n ? d[pos + 1] : 0;
    if (c >= '0' && c <= '7') {
        buf_puts(&b, "invalid octal escape sequence '\\");
        buf_put(&b, (const char *)d + pos + 1, 3);
    } else {
        buf_puts(&b, "invalid escape sequence '\\");
        put_cp(&b, c);
    }
    buf_putc(&b, '\'');
    return warn_c(&exc_DeprecationWarning, str_from_buf(&b), 1);
}

static Value enc_unicode_escape(Value s, bool raw) {
    const char *d = str_data(s);
    int64_t i = 0, n = str_nbytes(s);
    Buf b;
    buf_init(&b, (size_t)n + 1);
    while (i < n) {
        uint32_t c = next_cp(d, &i);
        if (c >= 0x10000) buf_printf(&b, "\\U%08x", c);
        else if (c >= 0x100) buf_printf(&b, "\\u%04x", c);
        else if (raw) buf_putc(&b, (char)c);
        else if (c == '\\') buf_put(&b, "\\\\", 2);
        else if (c == '\t') buf_put(&b, "\\t", 2);
        else if (c == '\n') buf_put(&b, "\\n", 2);
        else if (c == '\r') buf_put(&b, "\\r", 2);
        else if (c < ' ' || c >= 0x7F) buf_printf(&b, "\\x%02x", c);
        else buf_putc(&b, (char)c);
    }
    return bytes_from_buf(&b);
}

/* ---- UTF-7 (RFC 2152) ------------------------------------------------------------------ */

static const char b64chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64val(unsigned char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

/* characters the encoder writes directly (not in base64): printable ASCII
 * and tab, CR, LF, but for '+' (written "+-"), '\\' and '~' */
static bool utf7_direct(uint32_t c) {
    if (c == '\t' || c == '\r' || c == '\n') return true;
    return c >= ' ' && c < 0x7F && c != '+' && c != '\\' && c != '~';
}

static Value enc_utf7(Value s) {
    const char *d = str_data(s);
    int64_t i = 0, n = str_nbytes(s);
    Buf b;
    buf_init(&b, (size_t)n * 2 + 1);
    bool in_b64 = false;
    uint32_t bits = 0;
    int nbits = 0;
    while (i < n) {
        uint32_t c = next_cp(d, &i);
        if (in_b64) {
            if (utf7_direct(c)) {
                if (nbits > 0) buf_putc(&b, b64chars[(bits << (6 - nbits)) & 0x3F]);
                in_b64 = false;
                nbits = 0;
                /* a '-' ends base64 when the next character could be read as
                   part of it */
                if (b64val((unsigned char)c) >= 0 || c == '-') buf_putc(&b, '-');
                buf_putc(&b, (char)c);
                continue;
            }
        } else {
            if (c == '+') {
                buf_put(&b, "+-", 2);
                continue;
            }
            if (utf7_direct(c)) {
                buf_putc(&b, (char)c);
                continue;
            }
            buf_putc(&b, '+');
            in_b64 = true;
        }
        uint32_t units[2];
        int nu = 1;
        if (c >= 0x10000) {
            units[0] = 0xD800 + ((c - 0x10000) >> 10);
            units[1] = 0xDC00 + ((c - 0x10000) & 0x3FF);
            nu = 2;
        } else {
            units[0] = c;
        }
        for (int k = 0; k < nu; k++) {
            bits = (bits << 16) | units[k];
            nbits += 16;
            while (nbits >= 6) {
                nbits -= 6;
                buf_putc(&b, b64chars[(bits >> nbits) & 0x3F]);
            }
        }
    }
    if (in_b64) {
        if (nbits > 0) buf_putc(&b, b64chars[(bits << (6 - nbits)) & 0x3F]);
        buf_putc(&b, '-');
    }
    return bytes_from_buf(&b);
}

static int64_t dec_utf7(Dec *dc, bool final) {
    const unsigned char *d = dc->d;
    int64_t n = dc->n, i = 0;
    bool in_b64 = false;
    uint32_t bits = 0, surr = 0;
    int nbits = 0;
    int64_t shift_start = 0;     /* where the base64 run began ('+') */
    size_t out_at_shift = 0;     /* output length then, to undo when not final */
    while (i < n) {
        unsigned char c = d[i];
        if (in_b64) {
            int v = b64val(c);
            if (v >= 0) {
                bits = (bits << 6) | (uint32_t)v;
                nbits += 6;
                i++;
                if (nbits >= 16) {
                    uint32_t u = (bits >> (nbits - 16)) & 0xFFFF;
                    nbits -= 16;
                    bits &= (1u << nbits) - 1;
                    if (surr) {
                        if (u >= 0xDC00 && u <= 0xDFFF) {
                            put_cp(&dc->out, 0x10000 + ((surr - 0xD800) << 10) + (u - 0xDC00));
                            surr = 0;
                            continue;
                        }
                        put_cp(&dc->out, surr);
                        surr = 0;
                    }
                    if (u >= 0xD800 && u <= 0xDBFF) surr = u;
                    else put_cp(&dc->out, u);
                }
                continue;
            }
            /* the run ends: leftover bits must be fewer than 6 and zero */
            in_b64 = false;
            if (nbits > 0 && (nbits >= 6 || bits)) {
                const char *msg = nbits >= 6 ? "partial character in shift sequence"
                                             : "non-zero padding bits in shift sequence";
                bits = 0;
                nbits = 0;
                surr = 0;
                DEC_ERR(shift_start, i + 1, msg);
                continue;
            }
            /* a pending high surrogate stays when an ASCII character ends the
               run (as CPython) */
            if (surr && c < 0x80 && c != '+') put_cp(&dc->out, surr);
            surr = 0;
            bits = 0;
            nbits = 0;
            if (c == '-') {
                i++;
                continue;
            }
            /* other characters end the run and are read as direct ones */
        }
        if (c == '+') {
            i++;
            if (i < n && d[i] == '-') {
                buf_putc(&dc->out, '+');
                i++;
                continue;
            }
            if (i < n && b64val(d[i]) < 0) {
                i++;
                DEC_ERR(i - 2, i, "ill-formed sequence");
                continue;
            }
            in_b64 = true;
            shift_start = i - 1;
            out_at_shift = dc->out.len;
            bits = 0;
            nbits = 0;
            continue;
        }
        if (c < 0x80) {
            buf_putc(&dc->out, (char)c);
            i++;
            continue;
        }
        DEC_ERR(i, i + 1, "unexpected special character");
    }
    if (in_b64) {
        if (!final) {
            /* give back the whole unfinished run: it is decoded again with
               the bytes that follow */
            dc->out.len = out_at_shift;
            dc->out.data[out_at_shift] = 0;
            return shift_start;
        }
        if (surr || nbits >= 6 || (bits & ((1u << nbits) - 1)))
            DEC_ERR(shift_start, n, "unterminated shift sequence");
    }
    return i;
}

/* ---- the codec functions ------------------------------------------------------------- */

static Value pair(Value out, int64_t consumed) { return tuple_pack(2, out, int_from_i64(consumed)); }

static int arg_final(Value v, bool dflt, bool *out) {
    int64_t x;
    if (arg_int(v, dflt, &x) < 0) return -1;
    *out = x != 0;
    return 0;
}

/* fname(str, errors=None, /) */
#define ENCODER(fname, kind, encname)                                                        \
    static Value c_##fname(Value *args, size_t nargs, Value kwnames) {                       \
        static const ArgSpec spec = {#fname, 2, 1, 0, {"str", "errors", NULL}};              \
        Value a[2];                                                                          \
        if (parse_pos(&spec, args, nargs, kwnames, a) < 0) return VNULL;                     \
        if (arg_str(#fname, 1, a[0]) < 0 || arg_errors(#fname, 2, a[1]) < 0) return VNULL;   \
        Value r = encode_kind(a[0], encname, a[1], kind, VNULL, NULL, 0);                    \
        return r ? pair(r, str_len(a[0])) : VNULL;                                           \
    }
ENCODER(utf_8_encode, EK_UTF8, "utf-8")
ENCODER(ascii_encode, EK_ASCII, "ascii")
ENCODER(latin_1_encode, EK_LATIN1, "latin-1")
ENCODER(utf_16_le_encode, EK_UTF16LE, "utf-16-le")
ENCODER(utf_16_be_encode, EK_UTF16BE, "utf-16-be")
ENCODER(utf_32_le_encode, EK_UTF32LE, "utf-32-le")
ENCODER(utf_32_be_encode, EK_UTF32BE, "utf-32-be")
#undef ENCODER

/* fname(str, errors=None, byteorder=0, /): with a BOM for byteorder 0 */
static Value encode_utf16_32(Value *args, size_t nargs, Value kwnames, bool wide) {
    static const ArgSpec spec16 = {"utf_16_encode", 3, 1, 0, {"str", "errors", "byteorder", NULL}};
    static const ArgSpec spec32 = {"utf_32_encode", 3, 1, 0, {"str", "errors", "byteorder", NULL}};
    const ArgSpec *spec = wide ? &spec32 : &spec16;
    Value a[3];
    int64_t bo;
    if (parse_pos(spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (arg_str(spec->fname, 1, a[0]) < 0 || arg_errors(spec->fname, 2, a[1]) < 0 || arg_int(a[2], 0, &bo) < 0)
        return VNULL;
    Value r;
    if (bo == 0)
        r = encode_kind(a[0], wide ? "utf-32" : "utf-16", a[1], wide ? EK_UTF32LE : EK_UTF16LE, VNULL,
                        "\xFF\xFE\0\0", wide ? 4 : 2);
    else if (bo < 0)
        r = encode_kind(a[0], wide ? "utf-32-le" : "utf-16-le", a[1], wide ? EK_UTF32LE : EK_UTF16LE, VNULL, NULL, 0);
    else
        r = encode_kind(a[0], wide ? "utf-32-be" : "utf-16-be", a[1], wide ? EK_UTF32BE : EK_UTF16BE, VNULL, NULL, 0);
    return r ? pair(r, str_len(a[0])) : VNULL;
}
static Value c_utf_16_encode(Value *args, size_t nargs, Value kwnames) {
    return encode_utf16_32(args, nargs, kwnames, false);
}
static Value c_utf_32_encode(Value *args, size_t nargs, Value kwnames) {
    return encode_utf16_32(args, nargs, kwnames, true);
}

enum DecKind { DK_UTF8, DK_UTF7, DK_ASCII, DK_LATIN1, DK_UTF16, DK_UTF32, DK_UNICODE_ESCAPE, DK_RAW_UNICODE_ESCAPE };

/* Run decoder `kind` over dc; *bo is the UTF-16/32 byte order. Returns the
 * bytes consumed, -1 on error. */
static int64_t dec_run(Dec *dc, int kind, int *bo, bool final) {
    switch (kind) {
    case DK_UTF8: return dec_utf8(dc, final);
    case DK_UTF7: return dec_utf7(dc, final);
    case DK_ASCII: return dec_8bit(dc, true);
    case DK_LATIN1: return dec_8bit(dc, false);
    case DK_UTF16: return dec_utf16(dc, bo, final);
    case DK_UTF32: return dec_utf32(dc, bo, final);
    case DK_UNICODE_ESCAPE: return dec_unicode_escape(dc, false, final);
    default: return dec_unicode_escape(dc, true, final);
    }
}

/* data as a buffer; str accepted (as its UTF-8) when allow_str */
static Value data_arg(Value v, bool allow_str) {
    if (allow_str && str_check(v)) return bytes_new(str_data(v), (size_t)str_nbytes(v));
    if (!byteslike_check(v)) return err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", v);
    return v;
}

static Value decode_common(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, int kind, int bo,
                           const char *encname, bool has_final, bool final_default, bool allow_str) {
    Value a[3];
    if (parse_pos(spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value data = data_arg(a[0], allow_str);
    if (!data || arg_errors(spec->fname, 2, a[1]) < 0) return VNULL;
    bool final = true;
    if (has_final && arg_final(a[2], final_default, &final) < 0) return VNULL;
    Dec dc;
    if (dec_init(&dc, data, encname, a[1]) < 0) return VNULL;
    int64_t total = dc.n;
    int64_t consumed = dec_run(&dc, kind, &bo, final);
    if (consumed < 0) return VNULL;
    /* a final decode consumed all of the argument, as CPython counts it,
       even when an error handler replaced the object being decoded */
    if (final) consumed = total;
    if (dc.invalid_escape && warn_invalid_escape(dc.d, dc.n, dc.invalid_escape - 1) < 0) return VNULL;
    return pair(str_from_buf(&dc.out), consumed);
}

/* fname(data, errors=None, final=False, /) */
#define DECODER(fname, kind, bo, encname, final_default, allow_str)                                   \
    static Value c_##fname(Value *args, size_t nargs, Value kwnames) {                                \
        static const ArgSpec spec = {#fname, 3, 1, 0, {"data", "errors", "final", NULL}};             \
        return decode_common(&spec, args, nargs, kwnames, kind, bo, encname, true, final_default, allow_str); \
    }
DECODER(utf_8_decode, DK_UTF8, 0, "utf-8", false, false)
DECODER(utf_7_decode, DK_UTF7, 0, "utf7", false, false)
DECODER(utf_16_decode, DK_UTF16, 0, "utf-16", false, false)
DECODER(utf_16_le_decode, DK_UTF16, -1, "utf-16-le", false, false)
DECODER(utf_16_be_decode, DK_UTF16, 1, "utf-16-be", false, false)
DECODER(utf_32_decode, DK_UTF32, 0, "utf-32", false, false)
DECODER(utf_32_le_decode, DK_UTF32, -1, "utf-32-le", false, false)
DECODER(utf_32_be_decode, DK_UTF32, 1, "utf-32-be", false, false)
DECODER(unicode_escape_decode, DK_UNICODE_ESCAPE, 0, "unicodeescape", true, true)
DECODER(raw_unicode_escape_decode, DK_RAW_UNICODE_ESCAPE, 0, "rawunicodeescape", true, true)
#undef DECODER

/* fname(data, errors=None, /) */
#define DECODER2(fname, kind, encname)                                                              \
    static Value c_##fname(Value *args, size_t nargs, Value kwnames) {                              \
        static const ArgSpec spec = {#fname, 2, 1, 0, {"data", "errors", NULL}};                    \
        return decode_common(&spec, args, nargs, kwnames, kind, 0, encname, false, true, false);    \
    }
DECODER2(ascii_decode, DK_ASCII, "ascii")
DECODER2(latin_1_decode, DK_LATIN1, "latin-1")
#undef DECODER2

/* utf_16_ex_decode(data, errors=None, byteorder=0, final=False, /) ->
 * (str, consumed, byteorder) */
static Value decode_ex(Value *args, size_t nargs, Value kwnames, bool wide) {
    static const ArgSpec spec16 = {"utf_16_ex_decode", 4, 1, 0, {"data", "errors", "byteorder", "final", NULL}};
    static const ArgSpec spec32 = {"utf_32_ex_decode", 4, 1, 0, {"data", "errors", "byteorder", "final", NULL}};
    const ArgSpec *spec = wide ? &spec32 : &spec16;
    Value a[4];
    if (parse_pos(spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value data = data_arg(a[0], false);
    int64_t bo64;
    bool final;
    if (!data || arg_errors(spec->fname, 2, a[1]) < 0 || arg_int(a[2], 0, &bo64) < 0 || arg_final(a[3], false, &final) < 0)
        return VNULL;
    int bo = bo64 < 0 ? -1 : bo64 > 0 ? 1 : 0;
    Dec dc;
    if (dec_init(&dc, data, wide ? "utf-32" : "utf-16", a[1]) < 0) return VNULL;
    int64_t consumed = dec_run(&dc, wide ? DK_UTF32 : DK_UTF16, &bo, final);
    if (consumed < 0) return VNULL;
    return tuple_pack(3, str_from_buf(&dc.out), int_from_i64(consumed), v_int(bo));
}
static Value c_utf_16_ex_decode(Value *args, size_t nargs, Value kwnames) { return decode_ex(args, nargs, kwnames, false); }
static Value c_utf_32_ex_decode(Value *args, size_t nargs, Value kwnames) { return decode_ex(args, nargs, kwnames, true); }

static Value c_utf_7_encode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"utf_7_encode", 2, 1, 0, {"str", "errors", NULL}};
    Value a[2];
    if (parse_pos(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (arg_str(spec.fname, 1, a[0]) < 0 || arg_errors(spec.fname, 2, a[1]) < 0) return VNULL;
    return pair(enc_utf7(a[0]), str_len(a[0]));
}

static Value escape_encoder(Value *args, size_t nargs, Value kwnames, const ArgSpec *spec, bool raw) {
    Value a[2];
    if (parse_pos(spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (arg_str(spec->fname, 1, a[0]) < 0 || arg_errors(spec->fname, 2, a[1]) < 0) return VNULL;
    return pair(enc_unicode_escape(a[0], raw), str_len(a[0]));
}
static Value c_unicode_escape_encode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"unicode_escape_encode", 2, 1, 0, {"str", "errors", NULL}};
    return escape_encoder(args, nargs, kwnames, &spec, false);
}
static Value c_raw_unicode_escape_encode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"raw_unicode_escape_encode", 2, 1, 0, {"str", "errors", NULL}};
    return escape_encoder(args, nargs, kwnames, &spec, true);
}

/* escape_encode(data: bytes, errors=None, /): bytes' repr without the quotes */
static Value c_escape_encode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"escape_encode", 2, 1, 0, {"data", "errors", NULL}};
    Value a[2];
    if (parse_pos(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!bytes_check(a[0]))
        return err_format(&exc_TypeError, "escape_encode() argument 1 must be bytes, not %s", clinic_tname(a[0]));
    if (arg_errors(spec.fname, 2, a[1]) < 0) return VNULL;
    const unsigned char *d = (const unsigned char *)bytes_data(a[0]);
    int64_t n = bytes_size(a[0]);
    Buf b;
    buf_init(&b, (size_t)n + 1);
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = d[i];
        if (c == '\\' || c == '\'') {
            buf_putc(&b, '\\');
            buf_putc(&b, (char)c);
        } else if (c == '\t') buf_put(&b, "\\t", 2);
        else if (c == '\n') buf_put(&b, "\\n", 2);
        else if (c == '\r') buf_put(&b, "\\r", 2);
        else if (c < ' ' || c >= 0x7F) buf_printf(&b, "\\x%02x", c);
        else buf_putc(&b, (char)c);
    }
    return pair(bytes_from_buf(&b), n);
}

/* escape_decode(data, errors=None, /): a bytes literal's escapes */
static Value c_escape_decode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"escape_decode", 2, 1, 0, {"data", "errors", NULL}};
    Value a[2];
    if (parse_pos(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value data = data_arg(a[0], true);
    if (!data || arg_errors(spec.fname, 2, a[1]) < 0) return VNULL;
    const char *p = "";
    int64_t n = 0;
    byteslike_view(data, &p, &n);
    const unsigned char *d = (const unsigned char *)p;
    Buf b;
    buf_init(&b, (size_t)n + 1);
    int64_t invalid = -1;   /* the first invalid escape's backslash */
    for (int64_t i = 0; i < n;) {
        unsigned char c = d[i++];
        if (c != '\\') {
            buf_putc(&b, (char)c);
            continue;
        }
        if (i >= n) return err_set(&exc_ValueError, "Trailing \\ in string");
        c = d[i++];
        switch (c) {
        case '\n': break;
        case '\\': buf_putc(&b, '\\'); break;
        case '\'': buf_putc(&b, '\''); break;
        case '"': buf_putc(&b, '"'); break;
        case 'b': buf_putc(&b, '\b'); break;
        case 'f': buf_putc(&b, '\f'); break;
        case 't': buf_putc(&b, '\t'); break;
        case 'n': buf_putc(&b, '\n'); break;
        case 'r': buf_putc(&b, '\r'); break;
        case 'v': buf_putc(&b, '\v'); break;
        case 'a': buf_putc(&b, '\a'); break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
            unsigned v = c - '0';
            if (i < n && d[i] >= '0' && d[i] <= '7') {
                v = v * 8 + (unsigned)(d[i++] - '0');
                if (i < n && d[i] >= '0' && d[i] <= '7') v = v * 8 + (unsigned)(d[i++] - '0');
            }
            if (v > 0377 && invalid < 0) invalid = i - 4;
            buf_putc(&b, (char)(v & 0xFF));
            break;
        }
        case 'x':
            if (i + 1 < n && hexval(d[i]) >= 0 && hexval(d[i + 1]) >= 0) {
                buf_putc(&b, (char)(hexval(d[i]) * 16 + hexval(d[i + 1])));
                i += 2;
                break;
            }
            if (!a[1] || a[1] == V_NONE || str_eq_cstr(a[1], "strict"))
                return err_format(&exc_ValueError, "invalid \\x escape at position %zd", (ssize_t)(i - 2));
            if (str_eq_cstr(a[1], "replace")) buf_putc(&b, '?');
            else if (!str_eq_cstr(a[1], "ignore"))
                return err_format(&exc_ValueError, "decoding error; unknown error handling code: %U", a[1]);
            /* skip the hex digits there are */
            if (i < n && hexval(d[i]) >= 0) i++;
            break;
        default:
            if (invalid < 0) invalid = i - 2;
            buf_putc(&b, '\\');
            buf_putc(&b, (char)c);
        }
    }
    if (invalid >= 0 && warn_invalid_escape(d, n, invalid) < 0) return VNULL;
    return pair(bytes_from_buf(&b), n);
}

static Value c_readbuffer_encode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"readbuffer_encode", 2, 1, 0, {"data", "errors", NULL}};
    Value a[2];
    if (parse_pos(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value data = data_arg(a[0], true);
    if (!data || arg_errors(spec.fname, 2, a[1]) < 0) return VNULL;
    const char *p = "";
    int64_t n = 0;
    byteslike_view(data, &p, &n);
    return pair(bytes_new(p, (size_t)n), n);
}

/* ---- charmap ------------------------------------------------------------------------- */

static Value encmap_size(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"size", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return v_int(V_AS(EncodingMap, args[0])->n);
}

static const MethodDef encmap_methods[] = {
    {"size", encmap_size, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Type encmap_type = {
    .tname = "EncodingMap",
    .basicsize = sizeof(EncodingMap),
    .flags = TF_ABSTRACT_NEW,
};

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* charmap_build(map: str, /): the encoding map of a decoding table: an
 * EncodingMap for the 256-character tables CPython's three-level map
 * takes, else a dict {code point: byte} (as CPython). Where a character
 * appears twice the later position wins. */
static const ArgSpec c_charmap_build_spec = {"_codecs.charmap_build", 1, 1, 0, {"map", NULL}};
static Value c_charmap_build(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&c_charmap_build_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (arg_str("charmap_build", 0, a[0]) < 0) return VNULL;
    uint32_t *cps;
    int64_t len = str_cps(a[0], 0, str_len(a[0]), &cps);
    bool need_dict = len != 256;
    if (!need_dict) {
        /* CPython's map has at most 255 second- and third-level blocks */
        bool l1[32] = {0}, l2[512] = {0};
        int count2 = 0, count3 = 0;
        for (int64_t i = 1; i < len && !need_dict; i++) {
            uint32_t c = cps[i];
            if (c == 0 || c > 0xFFFF) need_dict = true;
            else if (c != 0xFFFE) {
                if (!l1[c >> 11]) l1[c >> 11] = true, count2++;
                if (!l2[c >> 7]) l2[c >> 7] = true, count3++;
            }
        }
        if (count2 >= 0xFF || count3 >= 0xFF) need_dict = true;
    }
    if (need_dict) {
        Value dict = dict_new();
        for (int64_t k = 0; k < len; k++)
            if (dict_set(dict, int_from_i64(cps[k]), int_from_i64(k)) < 0) return VNULL;
        return dict;
    }
    /* (cp << 16 | byte) sorted; duplicates keep the last byte */
    uint64_t ent[256];
    int m = 0;
    for (int k = 0; k < len; k++)
        if (cps[k] != 0xFFFE) ent[m++] = (uint64_t)cps[k] << 16 | (uint64_t)k;
    qsort(ent, (size_t)m, sizeof ent[0], cmp_u64);
    EncodingMap *em = (EncodingMap *)obj_alloc_atomic(&encmap_type, sizeof(EncodingMap));
    em->n = 0;
    for (int k = 0; k < m; k++) {
        uint32_t c = (uint32_t)(ent[k] >> 16);
        if (em->n && em->cps[em->n - 1] == c) em->n--;   /* a later position (sorted after) replaces it */
        em->cps[em->n] = c;
        em->bytes[em->n] = (uint8_t)(ent[k] & 0xFFFF);
        em->n++;
    }
    return V_FROM_PTR(em);
}

static Value c_charmap_encode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"charmap_encode", 3, 1, 0, {"str", "errors", "mapping", NULL}};
    Value a[3];
    if (parse_pos(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (arg_str(spec.fname, 1, a[0]) < 0 || arg_errors(spec.fname, 2, a[1]) < 0) return VNULL;
    Value r = !a[2] || a[2] == V_NONE ? encode_kind(a[0], "latin-1", a[1], EK_LATIN1, VNULL, NULL, 0)
                                      : encode_kind(a[0], "charmap", a[1], EK_CHARMAP, a[2], NULL, 0);
    return r ? pair(r, str_len(a[0])) : VNULL;
}

static Value c_charmap_decode(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"charmap_decode", 3, 1, 0, {"data", "errors", "mapping", NULL}};
    Value a[3];
    if (parse_pos(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value data = data_arg(a[0], false);
    if (!data || arg_errors(spec.fname, 2, a[1]) < 0) return VNULL;
    Dec dc;
    bool latin1 = !a[2] || a[2] == V_NONE;
    if (dec_init(&dc, data, latin1 ? "latin-1" : "charmap", a[1]) < 0) return VNULL;
    int64_t consumed = latin1 ? dec_8bit(&dc, false) : dec_charmap(&dc, a[2]);
    if (consumed < 0) return VNULL;
    return pair(str_from_buf(&dc.out), consumed);
}

/* ---- str.encode / bytes.decode --------------------------------------------------------- */

/* Whether CPython's str.encode / bytes.decode call their C codec directly
 * for this name (utf-8, utf-16, utf-32, ascii, latin-1 under a few
 * spellings) rather than through the registry, whose errors it wraps
 * ("decoding with 'utf-16-le' codec failed (...)"). */
static bool cpython_direct(Value encoding) {
    if (!encoding) return true;
    Value n = normalize_name(encoding);
    static const char *const direct[] = {"utf8", "utf_8", "utf16", "utf_16", "utf32", "utf_32", "ascii", "us_ascii",
                                         "latin1", "latin_1", "iso_8859_1", "iso8859_1"};
    for (size_t i = 0; i < NELEMS(direct); i++)
        if (str_eq_cstr(n, direct[i])) return true;
    return false;
}

static Value encode_native(Value s, int codec, Value errors) {
    switch (codec) {
    case CODEC_UTF8: return encode_kind(s, "utf-8", errors, EK_UTF8, VNULL, NULL, 0);
    case CODEC_ASCII: return encode_kind(s, "ascii", errors, EK_ASCII, VNULL, NULL, 0);
    case CODEC_LATIN1: return encode_kind(s, "latin-1", errors, EK_LATIN1, VNULL, NULL, 0);
    case CODEC_UTF16: return encode_kind(s, "utf-16", errors, EK_UTF16LE, VNULL, "\xFF\xFE", 2);
    case CODEC_UTF16LE: return encode_kind(s, "utf-16-le", errors, EK_UTF16LE, VNULL, NULL, 0);
    case CODEC_UTF16BE: return encode_kind(s, "utf-16-be", errors, EK_UTF16BE, VNULL, NULL, 0);
    case CODEC_UTF32: return encode_kind(s, "utf-32", errors, EK_UTF32LE, VNULL, "\xFF\xFE\0\0", 4);
    case CODEC_UTF32LE: return encode_kind(s, "utf-32-le", errors, EK_UTF32LE, VNULL, NULL, 0);
    case CODEC_UTF32BE: return encode_kind(s, "utf-32-be", errors, EK_UTF32BE, VNULL, NULL, 0);
    default: return VNULL;
    }
}

/* codec.h */
Value codec_encode_str(Value s, Value encoding, Value errors) {
    int codec = encoding ? codec_lookup(encoding) : CODEC_UTF8;
    if (codec >= 0) {
        Value r = encode_native(s, codec, errors);
        if (!r && !cpython_direct(encoding)) wrap_codec_error("encoding", encoding);
        return r;
    }
    Value r = codec_call(encoding, s, errors, 0, true);
    if (r && !bytes_check(r)) {
        if (bytearray_check(r)) return bytes_new(bytearray_data(r), (size_t)bytearray_size(r));
        return err_format(&exc_TypeError,
                          "'%U' encoder returned '%T' instead of 'bytes'; use codecs.encode() to encode to arbitrary types",
                          encoding, r);
    }
    return r;
}

/* A str of nbytes bytes and len code points to be written in place */
static Value str_for_decoding(int64_t nbytes, int64_t len, char **data) {
    Value r = str_try_alloc((size_t)nbytes);
    if (!r) return VNULL;
    StrObject *so = V_AS(StrObject, r);
    so->length = len;
    so->ascii = len == nbytes;
    *data = so->data;
    return r;
}

/* Scratch memory for decode_direct_utf16_32's output (malloc'd, reused:
 * the interpreter lock is held throughout and nothing is called back). */
static char *scratch_mem;
static size_t scratch_cap;

/* Room for n bytes, or NULL. */
static char *decode_scratch(size_t n) {
    if (n > scratch_cap) {
        free(scratch_mem);
        scratch_cap = n < 65536 ? 65536 : n;
        scratch_mem = malloc(scratch_cap);
        if (!scratch_mem) scratch_cap = 0;
    }
    return scratch_mem;
}
/* A large scratch block is not kept after its use. */
static void decode_scratch_trim(void) {
    if (scratch_cap > ((size_t)16 << 20)) {
        free(scratch_mem);
        scratch_mem = NULL;
        scratch_cap = 0;
    }
}

/* decode_direct's UTF-16/32 part for d[i..n): w (2 or 4) and be are
 * constants at each call, so that each of the four variants is compiled
 * with its own loads and without the tests of w and be per unit. One pass
 * validates and converts into scratch memory (a unit takes at most 3 UTF-8
 * bytes, a surrogate pair or a UTF-32 unit 4), and the result is copied
 * into a str of the exact size: cheaper than a counting pass first. */
static inline __attribute__((always_inline)) int decode_direct_utf16_32(const unsigned char *d, int64_t n, int64_t i,
                                                                         int w, bool be, Value *out) {
    int64_t len = 0;
    if ((n - i) % w) return 0;
    size_t room = w == 2 ? (size_t)(n - i) / 2 * 3 : (size_t)(n - i);
    char *o0 = decode_scratch(room + 16);
    if (!o0) return 0;   /* the general decoder then */
    char *o = o0;
#define U16(at) (be ? (uint32_t)(d[at] << 8 | d[(at) + 1]) : (uint32_t)(d[(at) + 1] << 8 | d[at]))
#define U32(at) (be ? (uint32_t)d[at] << 24 | (uint32_t)d[(at) + 1] << 16 | (uint32_t)d[(at) + 2] << 8 | d[(at) + 3] \
                : (uint32_t)d[(at) + 3] << 24 | (uint32_t)d[(at) + 2] << 16 | (uint32_t)d[(at) + 1] << 8 | d[at])
    /* a word of 8 input bytes is all ASCII when these bits are clear */
    uint64_t hi = w == 2 ? (be ? 0x80FF80FF80FF80FFULL : 0xFF80FF80FF80FF80ULL)
                         : (be ? 0x80FFFFFF80FFFFFFULL : 0xFFFFFF80FFFFFF80ULL);
    for (int64_t k = i; k < n; k += w) {
        uint64_t word;
#ifdef __SSE2__
        /* sixteen bytes of ASCII units at a time, packed to bytes */
        if (n - k >= 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(d + k));
            __m128i m = _mm_set1_epi64x((long long)hi);
            if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(x, m), _mm_setzero_si128())) == 0xFFFF) {
                if (w == 2) {
                    if (be) x = _mm_srli_epi16(x, 8);
                    _mm_storel_epi64((__m128i *)o, _mm_packus_epi16(x, x));
                    o += 8;
                } else {
                    if (be) x = _mm_srli_epi32(x, 24);
                    x = _mm_packs_epi32(x, x);
                    x = _mm_packus_epi16(x, x);
                    int32_t four = _mm_cvtsi128_si32(x);
                    memcpy(o, &four, 4);
                    o += 4;
                }
                len += 16 / w;
                k += 16 - w;
                continue;
            }
        }
#endif
        if (n - k >= 8 && (memcpy(&word, d + k, 8), !(word & hi))) {
            /* gather the low bytes of the units into place */
            if (be) word >>= w == 2 ? 8 : 24;
            if (w == 2) {
                word = (word | word >> 8) & 0x0000FFFF0000FFFFULL;
                word = word | word >> 16;
                memcpy(o, &word, 4);
                o += 4;
            } else {
                o[0] = (char)word;
                o[1] = (char)(word >> 32);
                o += 2;
            }
            len += 8 / w;
            k += 8 - w;
            continue;
        }
        uint32_t c = w == 2 ? U16(k) : U32(k);
        if (w == 2 && is_surrogate(c)) {
            if (c >= 0xDC00 || n - k < 4) return 0;
            uint32_t c2 = U16(k + 2);
            if (c2 < 0xDC00 || c2 > 0xDFFF) return 0;
            c = 0x10000 + ((c - 0xD800) << 10) + (c2 - 0xDC00);
            k += 2;
        } else if (w == 4 && (c > 0x10FFFF || is_surrogate(c))) {
            return 0;
        }
        o += put_utf8_raw(o, c);
        len++;
    }
#undef U16
#undef U32
    int64_t size = o - o0;
    if (size <= 1) return 0;
    char *data;
    Value r = str_for_decoding(size, len, &data);
    if (!r) return -1;
    memcpy(data, o0, (size_t)size);
    *out = r;
    return 1;
}

/* The common case of codec_decode_bytes: d[0..n) decodes without error
 * (and, for UTF-16/32, has an even number of units), into a str of the
 * exact size. 1 with *out; 0 when anything needs the general decoder
 * (errors, the handler, a truncated end, results of 0 or 1 bytes, which
 * str_new shares); -1 with MemoryError. bo as dec_utf16's. */
static int decode_direct(int kind, int bo, const unsigned char *d, int64_t n, Value *out) {
    int64_t len = 0, size = 0, i = 0;
    char *o;
    Value r;
    switch (kind) {
    case DK_UTF8:
    case DK_ASCII:
        if (kind == DK_UTF8 ? utf8_wellformed_prefix((const char *)d, n, &len) != n : (len = ascii_prefix(d, n)) != n) return 0;
        if (n <= 1) return 0;
        r = str_try_new_counted((const char *)d, (size_t)n, len);
        break;
    case DK_LATIN1:
        /* the bytes >= 0x80 take two bytes in UTF-8: count their top
           bits eight bytes at a time */
        for (int64_t k = 0; k < n;) {
            uint64_t x;
            if (n - k >= 8) {
                memcpy(&x, d + k, 8);
                size += (int64_t)((((x & 0x8080808080808080ULL) >> 7) * 0x0101010101010101ULL) >> 56);
                k += 8;
            } else {
                size += d[k++] >> 7;
            }
        }
        size += n;
        if (size <= 1) return 0;
        r = str_for_decoding(size, n, &o);
        if (!r) return -1;
        for (int64_t k = 0; k < n; k++) {
            uint64_t x;
            if (n - k >= 8 && (memcpy(&x, d + k, 8), !(x & 0x8080808080808080ULL))) {
                memcpy(o, &x, 8);
                o += 8;
                k += 7;
                continue;
            }
            if (d[k] < 0x80) {
                *o++ = (char)d[k];
            } else {
                *o++ = (char)(0xC0 | (d[k] >> 6));
                *o++ = (char)(0x80 | (d[k] & 0x3F));
            }
        }
        break;
    case DK_UTF16:
    case DK_UTF32: {
        int w = kind == DK_UTF16 ? 2 : 4;
        if (bo == 0 && n >= w) {
            if (kind == DK_UTF16 && d[0] == 0xFF && d[1] == 0xFE) bo = -1, i = 2;
            else if (kind == DK_UTF16 && d[0] == 0xFE && d[1] == 0xFF) bo = 1, i = 2;
            else if (kind == DK_UTF32 && !memcmp(d, "\xFF\xFE\0\0", 4)) bo = -1, i = 4;
            else if (kind == DK_UTF32 && !memcmp(d, "\0\0\xFE\xFF", 4)) bo = 1, i = 4;
        }
        bool be = bo == 1;
        int ok;
        if (w == 2) ok = be ? decode_direct_utf16_32(d, n, i, 2, true, out) : decode_direct_utf16_32(d, n, i, 2, false, out);
        else ok = be ? decode_direct_utf16_32(d, n, i, 4, true, out) : decode_direct_utf16_32(d, n, i, 4, false, out);
        decode_scratch_trim();
        return ok;
    }
    default: return 0;
    }
    if (!r) return -1;
    *out = r;
    return 1;
}

/* codec.h */
Value codec_decode_bytes(Value obj, Value encoding, Value errors) {
    int codec = encoding ? codec_lookup(encoding) : CODEC_UTF8;
    if (codec >= 0) {
        static const struct { int kind, bo; const char *name; } tab[] = {
            [CODEC_UTF8] = {DK_UTF8, 0, "utf-8"},
            [CODEC_ASCII] = {DK_ASCII, 0, "ascii"},
            [CODEC_LATIN1] = {DK_LATIN1, 0, "latin-1"},
            [CODEC_UTF16] = {DK_UTF16, 0, "utf-16"},
            [CODEC_UTF16LE] = {DK_UTF16, -1, "utf-16-le"},
            [CODEC_UTF16BE] = {DK_UTF16, 1, "utf-16-be"},
            [CODEC_UTF32] = {DK_UTF32, 0, "utf-32"},
            [CODEC_UTF32LE] = {DK_UTF32, -1, "utf-32-le"},
            [CODEC_UTF32BE] = {DK_UTF32, 1, "utf-32-be"},
        };
        const char *p;
        int64_t n;
        if (byteslike_view(obj, &p, &n)) {
            Value r;
            int direct = decode_direct(tab[codec].kind, tab[codec].bo, (const unsigned char *)p, n, &r);
            if (direct) return direct > 0 ? r : VNULL;
        }
        Dec dc;
        if (dec_init(&dc, obj, tab[codec].name, errors) < 0) return VNULL;
        int bo = tab[codec].bo;
        if (dec_run(&dc, tab[codec].kind, &bo, true) < 0) {
            if (!cpython_direct(encoding)) wrap_codec_error("decoding", encoding);
            return VNULL;
        }
        return str_from_buf(&dc.out);
    }
    Value r = codec_call(encoding, obj, errors, 1, true);
    if (r && !str_check(r))
        return err_format(&exc_TypeError,
                          "'%U' decoder returned '%T' instead of 'str'; use codecs.decode() to decode to arbitrary types",
                          encoding, r);
    return r;
}

/* ---- the module ------------------------------------------------------------------------ */

static const MethodDef codecs_functions[] = {
    {"register", c_register, MF_KEYWORDS, NULL, &c_register_spec},
    {"unregister", c_unregister, MF_KEYWORDS, NULL, &c_unregister_spec},
    {"lookup", c_lookup, MF_KEYWORDS, NULL, &c_lookup_spec},
    {"encode", c_encode, MF_KEYWORDS, NULL, &c_encode_spec},
    {"decode", c_decode, MF_KEYWORDS, NULL, &c_decode_spec},
    {"_forget_codec", c_forget_codec, MF_KEYWORDS, NULL},
    {"register_error", c_register_error, MF_KEYWORDS, NULL},
    {"lookup_error", c_lookup_error, MF_KEYWORDS, NULL, &c_lookup_error_spec},
    {"utf_8_encode", c_utf_8_encode, MF_KEYWORDS, NULL},
    {"utf_8_decode", c_utf_8_decode, MF_KEYWORDS, NULL},
    {"utf_7_encode", c_utf_7_encode, MF_KEYWORDS, NULL},
    {"utf_7_decode", c_utf_7_decode, MF_KEYWORDS, NULL},
    {"utf_16_encode", c_utf_16_encode, MF_KEYWORDS, NULL},
    {"utf_16_decode", c_utf_16_decode, MF_KEYWORDS, NULL},
    {"utf_16_le_encode", c_utf_16_le_encode, MF_KEYWORDS, NULL},
    {"utf_16_le_decode", c_utf_16_le_decode, MF_KEYWORDS, NULL},
    {"utf_16_be_encode", c_utf_16_be_encode, MF_KEYWORDS, NULL},
    {"utf_16_be_decode", c_utf_16_be_decode, MF_KEYWORDS, NULL},
    {"utf_16_ex_decode", c_utf_16_ex_decode, MF_KEYWORDS, NULL},
    {"utf_32_encode", c_utf_32_encode, MF_KEYWORDS, NULL},
    {"utf_32_decode", c_utf_32_decode, MF_KEYWORDS, NULL},
    {"utf_32_le_encode", c_utf_32_le_encode, MF_KEYWORDS, NULL},
    {"utf_32_le_decode", c_utf_32_le_decode, MF_KEYWORDS, NULL},
    {"utf_32_be_encode", c_utf_32_be_encode, MF_KEYWORDS, NULL},
    {"utf_32_be_decode", c_utf_32_be_decode, MF_KEYWORDS, NULL},
    {"utf_32_ex_decode", c_utf_32_ex_decode, MF_KEYWORDS, NULL},
    {"latin_1_encode", c_latin_1_encode, MF_KEYWORDS, NULL},
    {"latin_1_decode", c_latin_1_decode, MF_KEYWORDS, NULL},
    {"ascii_encode", c_ascii_encode, MF_KEYWORDS, NULL},
    {"ascii_decode", c_ascii_decode, MF_KEYWORDS, NULL},
    {"charmap_encode", c_charmap_encode, MF_KEYWORDS, NULL},
    {"charmap_decode", c_charmap_decode, MF_KEYWORDS, NULL},
    {"charmap_build", c_charmap_build, MF_KEYWORDS, NULL, &c_charmap_build_spec},
    {"unicode_escape_encode", c_unicode_escape_encode, MF_KEYWORDS, NULL},
    {"unicode_escape_decode", c_unicode_escape_decode, MF_KEYWORDS, NULL},
    {"raw_unicode_escape_encode", c_raw_unicode_escape_encode, MF_KEYWORDS, NULL},
    {"raw_unicode_escape_decode", c_raw_unicode_escape_decode, MF_KEYWORDS, NULL},
    {"escape_encode", c_escape_encode, MF_KEYWORDS, NULL},
    {"escape_decode", c_escape_decode, MF_KEYWORDS, NULL},
    {"readbuffer_encode", c_readbuffer_encode, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

/* The registries live as long as the process; str.encode may need them
 * before anything imports _codecs. */
static void codecs_init(void) {
    if (search_funcs) return;
    search_funcs = list_new(4);
    codec_cache = dict_new();
    error_registry = dict_new();
    for (size_t i = 0; i < NELEMS(eh_defs); i++)
        dict_set(error_registry, str_intern_cstr(eh_names[i]), builtin_function_new(&eh_defs[i], VNULL, VNULL));
    encmap_type.name = str_intern_cstr("EncodingMap");
    encmap_type.module = str_intern_cstr("builtins");
    type_add_methods(&encmap_type, encmap_methods);
    type_ready(&encmap_type);
}

Value _codecs_module_create(void) {
    codecs_init();
    Value m = module_new_cstr("_codecs");
    module_add_functions(m, codecs_functions);
    return m;
}
