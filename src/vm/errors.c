/* errors.c: the builtin exception types, the C error API, traceback
 * objects and CPython-format exception printing. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "../runtime.h"
#include "traceback.h"
#include "../front/parser.h"

/* ---- the exception types ------------------------------------------------------- */

static Value exc_repr(Value v);
static Value exc_str(Value v);
static Value exc_new_slot(Type *t, Value *args, size_t nargs, Value kwnames);
static int exc_init_slot(Value self, Value *args, size_t nargs, Value kwnames);

#define EXC_TYPE_DEFINE(name, basename)                                              \
    Type exc_##name = {                                                               \
        .tname = #name,                                                               \
        .base = &exc_##basename, /* BaseException's is fixed in errors_init */        \
        .flags = TF_BASETYPE | TF_EXC_SUBCLASS,                                       \
        .basicsize = sizeof(ExcObject),                                               \
        .attrs_offset = offsetof(ExcObject, attrs),                                   \
        .repr = exc_repr,                                                             \
        .str = exc_str,                                                               \
        .new_ = exc_new_slot,                                                         \
        .init = exc_init_slot,                                                        \
    };
EXC_DEF(EXC_TYPE_DEFINE)
#undef EXC_TYPE_DEFINE

/* All exceptions share the ExcObject layout, but CPython's exception types
 * that add fields to their instances (these and their subclasses) cannot
 * be combined as bases: class C(OSError, BaseExceptionGroup) is a layout
 * conflict there, class C(KeyError, ValueError) is not. */
Type *exc_layout_base(Type *t) {
    static Type *const adds_fields[] = {
        &exc_BaseExceptionGroup, &exc_StopIteration, &exc_SystemExit, &exc_ImportError, &exc_OSError,
        &exc_NameError, &exc_AttributeError, &exc_SyntaxError,
        /* (UnicodeError itself is a plain exception in CPython: its
           subclasses add the fields) */
        &exc_UnicodeEncodeError, &exc_UnicodeDecodeError, &exc_UnicodeTranslateError,
    };
    for (; t && t != &exc_BaseException; t = t->base)
        for (size_t i = 0; i < sizeof adds_fields / sizeof adds_fields[0]; i++)
            if (t == adds_fields[i]) return t;
    return &exc_BaseException;
}

bool exc_check(Value v) {
    return v && v_is_ptr(v) && type_has_flag(V_OBJ(v)->type, TF_EXC_SUBCLASS);
}

bool exc_type_check(Value v) {
    return v && type_check(v) && type_has_flag(V_AS(Type, v), TF_EXC_SUBCLASS);
}

static ExcObject *exc_alloc(Type *t) {
    ExcObject *e = (ExcObject *)obj_alloc(t, t->basicsize);
    e->args = tuple_empty;
    e->attrs.map = t->root_map;
    return e;
}

static void exc_set_args(ExcObject *e, Value args);

Value exc_alloc_with_args(Type *t, Value args) {
    ExcObject *e = exc_alloc(t);
    exc_set_args(e, args);
    return V_FROM_PTR(e);
}

static void exc_set_args(ExcObject *e, Value args) {
    e->args = args;
    Type *t = e->hdr.type;
    int64_t n = tuple_size(args);
    if (type_is_subtype(t, &exc_StopIteration)) e->value = n > 0 ? tuple_get(args, 0) : V_NONE;
    else if (type_is_subtype(t, &exc_SystemExit)) e->value = n == 0 ? V_NONE : n == 1 ? tuple_get(args, 0) : args;
}

/* OSError(errno, strerror) builds the subclass that names the error. */
static Type *oserror_subclass(Value code) {
    if (!v_is_int(code)) return &exc_OSError;
    switch (v_intval(code)) {
    case EAGAIN: case EALREADY: case EINPROGRESS: return &exc_BlockingIOError;
    case ECHILD: return &exc_ChildProcessError;
    case EPIPE: case ESHUTDOWN: return &exc_BrokenPipeError;
    case ECONNABORTED: return &exc_ConnectionAbortedError;
    case ECONNREFUSED: return &exc_ConnectionRefusedError;
    case ECONNRESET: return &exc_ConnectionResetError;
    case EEXIST: return &exc_FileExistsError;
    case ENOENT: return &exc_FileNotFoundError;
    case EISDIR: return &exc_IsADirectoryError;
    case ENOTDIR: return &exc_NotADirectoryError;
    case EINTR: return &exc_InterruptedError;
    case EACCES: case EPERM: return &exc_PermissionError;
    case ESRCH: return &exc_ProcessLookupError;
    case ETIMEDOUT: return &exc_TimeoutError;
    default: return &exc_OSError;
    }
}

/* OSError(errno, strerror[, filename[, winerror[, filename2]]]): sets
 * args and the fields. With file names, args keeps only the first two (as
 * CPython). */
static int set_attr_c(Value obj, const char *name, Value v) { return instance_set_attr(obj, str_intern_cstr(name), v); }

static int oserror_parse(Value self, Type *t, Value *args, size_t nargs) {
    ExcObject *e = V_AS(ExcObject, self);
    exc_set_args(e, tuple_from_array(args, (int64_t)nargs));
    if (nargs >= 2 && nargs <= 5) {
        set_attr_c(self, "errno", args[0]);
        set_attr_c(self, "strerror", args[1]);
        if (nargs == 3 && t == &exc_BlockingIOError && int_check(args[2])) {
            /* BlockingIOError(errno, strerror, characters_written): a
               count, not a file name; args keeps all three */
            int64_t w = obj_index_i64(args[2]);
            if (w == -1 && err_occurred()) return -1;
            set_attr_c(self, "characters_written", v_int(w));
        } else if (nargs >= 3) {
            set_attr_c(self, "filename", args[2]);
            if (nargs == 5) set_attr_c(self, "filename2", args[4]);
            exc_set_args(e, tuple_from_array(args, 2));
        }
    }
    return 0;
}

/* As CPython, OSError's arguments are taken by __new__, unless a subclass
 * overrides __init__ but not __new__: then by __init__. The other of the
 * two ignores them (a subclass's own __new__ or __init__ may take more). */
static bool oserror_use_init(Type *t) {
    return type_lookup(t, NAME(__init__)) != type_lookup(&exc_OSError, NAME(__init__)) &&
           type_lookup(t, NAME(__new__)) == type_lookup(&exc_OSError, NAME(__new__));
}

static Value exc_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    if (t == &exc_OSError && nargs >= 2) t = oserror_subclass(args[0]);
    ExcObject *e = exc_alloc(t);
    if (type_is_subtype(t, &exc_OSError) && !oserror_use_init(t)) {
        if (kwnames && tuple_size(kwnames))
            return err_format(&exc_TypeError, "%s() takes no keyword arguments", t->tname);
        if (oserror_parse(V_FROM_PTR(e), t, args, nargs) < 0) return VNULL;
        return V_FROM_PTR(e);
    }
    exc_set_args(e, tuple_from_array(args, (int64_t)nargs));
    return V_FROM_PTR(e);
}

/* The fields of UnicodeEncodeError, UnicodeDecodeError and
 * UnicodeTranslateError (CPython's members encoding, object, start, end,
 * reason): a list of five in ExcObject.value, None until set. */
enum { UERR_ENCODING, UERR_OBJECT, UERR_START, UERR_END, UERR_REASON };

static Value *uerr_fields(Value v) {
    ExcObject *e = V_AS(ExcObject, v);
    if (!e->value || !list_check(e->value)) {
        Value none[5] = {V_NONE, V_NONE, V_NONE, V_NONE, V_NONE};
        e->value = list_from_array(none, 5);
    }
    return list_items(e->value);
}

/* UnicodeEncodeError(encoding, object: str, start, end, reason),
 * UnicodeDecodeError(encoding, object: bytes-like, start, end, reason),
 * UnicodeTranslateError(object: str, start, end, reason): checked as
 * CPython's PyArg_ParseTuple formats, kept as attributes. */
static int unicode_error_init(Value self, Type *t, Value *args, size_t nargs) {
    bool translate = type_is_subtype(t, &exc_UnicodeTranslateError);
    bool decode = type_is_subtype(t, &exc_UnicodeDecodeError);
    size_t want = translate ? 4 : 5;
    if (nargs != want) {
        err_format(&exc_TypeError, "function takes exactly %d arguments (%zd given)", (int)want, (ssize_t)nargs);
        return -1;
    }
    size_t o = translate ? 0 : 1;
    if (!translate && !str_check(args[0])) {
        err_format(&exc_TypeError, "argument 1 must be str, not %s", args[0] == V_NONE ? "None" : type_of(args[0])->tname);
        return -1;
    }
    Value obj = args[o];
    if (decode) {
        const char *p;
        int64_t n;
        if (!bytes_check(obj)) {
            if (!byteslike_view(obj, &p, &n)) {
                err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", obj);
                return -1;
            }
            obj = bytes_new(p, (size_t)n);
        }
    } else if (!str_check(obj)) {
        err_format(&exc_TypeError, "argument %d must be str, not %s", (int)o + 1,
                   obj == V_NONE ? "None" : type_of(obj)->tname);
        return -1;
    }
    for (size_t k = o + 1; k < o + 3; k++)
        if (!int_check(args[k])) {
            err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", args[k]);
            return -1;
        }
    if (!str_check(args[o + 3])) {
        err_format(&exc_TypeError, "argument %d must be str, not %s", (int)o + 4,
                   args[o + 3] == V_NONE ? "None" : type_of(args[o + 3])->tname);
        return -1;
    }
    Value *f = uerr_fields(self);
    f[UERR_ENCODING] = translate ? V_NONE : args[0];
    f[UERR_OBJECT] = obj;
    f[UERR_START] = args[o + 1];
    f[UERR_END] = args[o + 2];
    f[UERR_REASON] = args[o + 3];
    return 0;
}

/* str() of a UnicodeError with its attributes set; VNULL with no error
 * when they are not (the generic str then applies). */
static Value unicode_error_str(Value v, Type *t) {
    /* an exception raised from C with just a message (err_set) has no
       fields: the generic str applies */
    if (!V_AS(ExcObject, v)->value) return VNULL;
    Value *f = uerr_fields(v);
    Value obj = f[UERR_OBJECT], sv = f[UERR_START], ev = f[UERR_END], rv = f[UERR_REASON];
    if (obj == V_NONE || !int_check(sv) || !int_check(ev)) return str_empty;
    bool translate = type_is_subtype(t, &exc_UnicodeTranslateError);
    bool decode = type_is_subtype(t, &exc_UnicodeDecodeError);
    Value reason = obj_str(rv);
    if (!reason) return VNULL;
    Value enc = VNULL;
    if (!translate) {
        enc = obj_str(f[UERR_ENCODING]);
        if (!enc) return VNULL;
    }
    int64_t start = int_as_i64(sv), end = int_as_i64(ev);
    if (err_occurred()) return VNULL;
    int64_t len = decode ? (bytes_check(obj) ? bytes_size(obj) : -1) : (str_check(obj) ? str_len(obj) : -1);
    if (len < 0) return str_empty;
    if (start >= 0 && start < len && end == start + 1) {
        if (decode)
            return str_printf("'%U' codec can't decode byte 0x%c%c in position %lld: %U", enc,
                              "0123456789abcdef"[(unsigned char)bytes_data(obj)[start] >> 4],
                              "0123456789abcdef"[(unsigned char)bytes_data(obj)[start] & 15], (long long)start, reason);
        uint32_t c = str_char_at(obj, start);
        char esc[16];
        if (c <= 0xFF) snprintf(esc, sizeof esc, "\\x%02x", c);
        else if (c <= 0xFFFF) snprintf(esc, sizeof esc, "\\u%04x", c);
        else snprintf(esc, sizeof esc, "\\U%08x", c);
        if (translate) return str_printf("can't translate character '%s' in position %lld: %U", esc, (long long)start, reason);
        return str_printf("'%U' codec can't encode character '%s' in position %lld: %U", enc, esc, (long long)start, reason);
    }
    if (translate)
        return str_printf("can't translate characters in position %lld-%lld: %U", (long long)start, (long long)(end - 1),
                          reason);
    return str_printf("'%U' codec can't %s in position %lld-%lld: %U", enc, decode ? "decode bytes" : "encode characters",
                      (long long)start, (long long)(end - 1), reason);
}

bool exc_init_only_sets_args(Type *t) {
    static Type *const with_fields[] = {&exc_OSError,           &exc_ImportError,        &exc_AttributeError,
                                        &exc_NameError,         &exc_SyntaxError,        &exc_UnicodeEncodeError,
                                        &exc_UnicodeDecodeError, &exc_UnicodeTranslateError};
    for (size_t i = 0; i < sizeof with_fields / sizeof with_fields[0]; i++)
        if (type_is_subtype(t, with_fields[i])) return false;
    return true;
}

static int exc_init_slot(Value self, Value *args, size_t nargs, Value kwnames) {
    ExcObject *e = V_AS(ExcObject, self);
    Type *t = e->hdr.type;
    if (type_is_subtype(t, &exc_OSError) && !oserror_use_init(t)) return 0;   /* __new__ took them */
    /* ImportError(name=, path=), AttributeError(name=, obj=), NameError(name=):
       keyword-only; an __init__ that does not give them resets them */
    static const struct {
        Type *base;
        const char *fields[2];
    } keyword_exceptions[] = {
        {&exc_ImportError, {"name", "path"}},
        {&exc_AttributeError, {"name", "obj"}},
        {&exc_NameError, {"name", NULL}},
    };
    int which = -1;
    for (int j = 0; j < 3 && which < 0; j++)
        if (type_is_subtype(t, keyword_exceptions[j].base)) which = j;
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    for (size_t i = 0; i < nkw; i++) {
        Value k = tuple_get(kwnames, (int64_t)i);
        bool ok = which >= 0 && (str_eq_cstr(k, keyword_exceptions[which].fields[0]) ||
                                 (keyword_exceptions[which].fields[1] && str_eq_cstr(k, keyword_exceptions[which].fields[1])));
        if (!ok) {
            if (which >= 0)
                err_format(&exc_TypeError, "'%U' is an invalid keyword argument for %s()", k,
                           keyword_exceptions[which].base->tname);
            else
                err_format(&exc_TypeError, "%s() takes no keyword arguments", t->tname);
            return -1;
        }
    }
    for (int j = 0; which >= 0 && j < 2 && keyword_exceptions[which].fields[j]; j++) {
        Value name = str_intern_cstr(keyword_exceptions[which].fields[j]);
        Value v = VNULL;
        for (size_t i = 0; i < nkw; i++)
            if (str_eq_cstr(tuple_get(kwnames, (int64_t)i), keyword_exceptions[which].fields[j])) v = args[nargs + i];
        /* unset ones read None through the class's defaults */
        if (v || instance_get_attr(self, name)) instance_set_attr(self, name, v ? v : V_NONE);
    }
    exc_set_args(e, tuple_from_array(args, (int64_t)nargs));
    if (type_is_subtype(t, &exc_SyntaxError)) {
        if (nargs >= 1) set_attr_c(self, "msg", args[0]);
        if (nargs == 2) {
            /* (filename, lineno, offset, text[, end_lineno, end_offset]),
               any sequence, checked as CPython's PyArg_ParseTuple does */
            Value info = tuple_check(args[1]) ? args[1] : tuple_from_iterable(args[1]);
            if (!info) return -1;
            int64_t n = tuple_size(info);
            if (n < 4 || n > 6) {
                err_format(&exc_TypeError, "function takes %s %d arguments (%lld given)", n < 4 ? "at least" : "at most",
                           n < 4 ? 4 : 6, (long long)n);
                return -1;
            }
            if (n == 5) {
                err_set(&exc_TypeError, "end_offset must be provided when end_lineno is provided");
                return -1;
            }
            static const char *const fields[] = {"filename", "lineno", "offset", "text", "end_lineno", "end_offset"};
            for (int64_t i = 0; i < n; i++) set_attr_c(self, fields[i], tuple_get(info, i));
        }
    } else if (type_is_subtype(t, &exc_OSError)) {
        return oserror_parse(self, t, args, nargs);
    } else if (type_is_subtype(t, &exc_ImportError)) {
        set_attr_c(self, "msg", nargs == 1 ? args[0] : V_NONE);
    } else if (type_is_subtype(t, &exc_UnicodeEncodeError) || type_is_subtype(t, &exc_UnicodeDecodeError) ||
               type_is_subtype(t, &exc_UnicodeTranslateError)) {
        return unicode_error_init(self, t, args, nargs);
    }
    return 0;
}

static Value exc_attr_or_none(Value self, const char *name) {
    Value v = instance_get_attr(self, str_intern_cstr(name));
    return v ? v : V_NONE;
}

static Value exc_str(Value v) {
    ExcObject *e = V_AS(ExcObject, v);
    Type *t = e->hdr.type;
    int64_t n = tuple_size(e->args);
    if (type_is_subtype(t, &exc_KeyError) && n == 1) return obj_repr(tuple_get(e->args, 0));
    if (type_is_subtype(t, &exc_SyntaxError)) {
        Value msg = exc_attr_or_none(v, "msg");
        Value fn = exc_attr_or_none(v, "filename");
        Value ln = exc_attr_or_none(v, "lineno");
        Value ms = msg == V_NONE && n ? obj_str(tuple_get(e->args, 0)) : obj_str(msg);
        if (!ms) return VNULL;
        bool have_fn = str_check(fn), have_ln = int_check(ln);
        if (have_fn) {
            const char *f = str_data(fn), *slash = strrchr(f, '/');
            Value base = str_from_cstr(slash ? slash + 1 : f);
            if (have_ln) return str_printf("%U (%U, line %R)", ms, base, ln);
            return str_printf("%U (%U)", ms, base);
        }
        if (have_ln) return str_printf("%U (line %R)", ms, ln);
        return ms;
    }
    if (type_is_subtype(t, &exc_OSError) && n >= 2) {
        Value fn = exc_attr_or_none(v, "filename");
        Value fn2 = exc_attr_or_none(v, "filename2");
        if (fn != V_NONE && fn2 != V_NONE)
            return str_printf("[Errno %S] %S: %R -> %R", tuple_get(e->args, 0), tuple_get(e->args, 1), fn, fn2);
        if (fn != V_NONE)
            return str_printf("[Errno %S] %S: %R", tuple_get(e->args, 0), tuple_get(e->args, 1), fn);
        return str_printf("[Errno %S] %S", tuple_get(e->args, 0), tuple_get(e->args, 1));
    }
    if (type_is_subtype(t, &exc_ImportError)) {
        Value msg = exc_attr_or_none(v, "msg");
        if (msg != V_NONE) return obj_str(msg);
    }
    if (type_is_subtype(t, &exc_UnicodeEncodeError) || type_is_subtype(t, &exc_UnicodeDecodeError) ||
        type_is_subtype(t, &exc_UnicodeTranslateError)) {
        Value r = unicode_error_str(v, t);
        if (r || err_occurred()) return r;
    }
    if (n == 0) return str_empty;
    if (n == 1) return obj_str(tuple_get(e->args, 0));
    return obj_str(e->args);
}

static Value exc_repr(Value v) {
    ExcObject *e = V_AS(ExcObject, v);
    const char *name = e->hdr.type->tname;
    int64_t n = tuple_size(e->args);
    if (n == 1) return str_printf("%s(%R)", name, tuple_get(e->args, 0));
    if (n == 0) return str_printf("%s()", name);
    return str_printf("%s%R", name, e->args);
}

static Value exc_get_args(Value v) { return V_AS(ExcObject, v)->args; }
static int exc_set_args_gs(Value v, Value a) {
    if (!a) {
        err_set(&exc_TypeError, "args may not be deleted");
        return -1;
    }
    Value t = tuple_from_iterable(a);
    if (!t) return -1;
    exc_set_args(V_AS(ExcObject, v), t);
    return 0;
}
static Value exc_get_tb(Value v) {
    Value tb = V_AS(ExcObject, v)->traceback;
    return tb ? tb : V_NONE;
}
static int exc_set_tb(Value v, Value tb) {
    if (!tb) {   /* a delete */
        err_set(&exc_TypeError, "__traceback__ may not be deleted");
        return -1;
    }
    if (tb && tb != V_NONE && !traceback_check(tb)) {
        err_set(&exc_TypeError, "__traceback__ must be a traceback or None");
        return -1;
    }
    V_AS(ExcObject, v)->traceback = tb == V_NONE ? VNULL : tb;
    return 0;
}
static Value exc_get_cause(Value v) {
    Value c = V_AS(ExcObject, v)->cause;
    return c ? c : V_NONE;
}
static int exc_set_cause(Value v, Value c) {
    if (!c) {   /* a delete */
        err_set(&exc_TypeError, "__cause__ may not be deleted");
        return -1;
    }
    if (c && c != V_NONE && !exc_check(c)) {
        err_set(&exc_TypeError, "exception cause must be None or derive from BaseException");
        return -1;
    }
    ExcObject *e = V_AS(ExcObject, v);
    e->cause = c == V_NONE ? VNULL : c;
    e->suppress_context = true;
    return 0;
}
void err_chain_cause(Value cause) {
    if (!tstate.exc || !exc_check(tstate.exc) || !cause || !exc_check(cause)) return;
    ExcObject *e = V_AS(ExcObject, tstate.exc);
    e->cause = e->context = cause;
    e->suppress_context = true;
}

static Value exc_get_context(Value v) {
    Value c = V_AS(ExcObject, v)->context;
    return c ? c : V_NONE;
}
static int exc_set_context(Value v, Value c) {
    if (!c) {   /* a delete */
        err_set(&exc_TypeError, "__context__ may not be deleted");
        return -1;
    }
    if (c && c != V_NONE && !exc_check(c)) {
        err_set(&exc_TypeError, "exception context must be None or derive from BaseException");
        return -1;
    }
    V_AS(ExcObject, v)->context = c == V_NONE ? VNULL : c;
    return 0;
}
static Value exc_get_suppress(Value v) { return v_bool(V_AS(ExcObject, v)->suppress_context); }
static int exc_set_suppress(Value v, Value s) {
    int r = s ? obj_truth(s) : 0;
    if (r < 0) return -1;
    V_AS(ExcObject, v)->suppress_context = r;
    return 0;
}
static Value exc_get_value(Value v) {
    Value x = V_AS(ExcObject, v)->value;
    return x ? x : V_NONE;
}
static int exc_set_value(Value v, Value x) {
    V_AS(ExcObject, v)->value = x;
    return 0;
}

static const GetSetDef exc_getsets[] = {
    {"args", exc_get_args, exc_set_args_gs, NULL},
    {"__traceback__", exc_get_tb, exc_set_tb, NULL},
    {"__cause__", exc_get_cause, exc_set_cause, NULL},
    {"__context__", exc_get_context, exc_set_context, NULL},
    {"__suppress_context__", exc_get_suppress, exc_set_suppress, NULL},
    {NULL, NULL, NULL, NULL},
};

static const GetSetDef stopiteration_getsets[] = {
    {"value", exc_get_value, exc_set_value, NULL},
    {NULL, NULL, NULL, NULL},
};

static const GetSetDef systemexit_getsets[] = {
    {"code", exc_get_value, exc_set_value, NULL},
    {NULL, NULL, NULL, NULL},
};

static int uerr_set(Value v, int field, Value x) {
    if (field == UERR_START || field == UERR_END) {
        if (!x) {
            err_set(&exc_TypeError, "can't delete numeric/char attribute");
            return -1;
        }
        if (!int_check(x)) {
            err_set(&exc_TypeError, "an integer is required");
            return -1;
        }
    }
    uerr_fields(v)[field] = x ? x : V_NONE;
    return 0;
}

#define UERR_ACCESSORS(field, name)                                                 \
    static Value uerr_get_##name(Value v) { return uerr_fields(v)[field]; }         \
    static int uerr_set_##name(Value v, Value x) { return uerr_set(v, field, x); }
UERR_ACCESSORS(UERR_ENCODING, encoding)
UERR_ACCESSORS(UERR_OBJECT, object)
UERR_ACCESSORS(UERR_START, start)
UERR_ACCESSORS(UERR_END, end)
UERR_ACCESSORS(UERR_REASON, reason)
#undef UERR_ACCESSORS

static const GetSetDef unicodeerror_getsets[] = {
    {"encoding", uerr_get_encoding, uerr_set_encoding, NULL},
    {"object", uerr_get_object, uerr_set_object, NULL},
    {"start", uerr_get_start, uerr_set_start, NULL},
    {"end", uerr_get_end, uerr_set_end, NULL},
    {"reason", uerr_get_reason, uerr_set_reason, NULL},
    {NULL, NULL, NULL, NULL},
};

static Value exc_with_traceback(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("with_traceback", nargs - 1, 1, 1) < 0) return VNULL;
    if (exc_set_tb(args[0], args[1]) < 0) return VNULL;
    return args[0];
}

static Value exc_add_note(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("add_note", nargs - 1, 1, 1) < 0) return VNULL;
    if (!str_check(args[1])) return err_format(&exc_TypeError, "note must be a str, not '%T'", args[1]);
    Value notes = instance_get_attr(args[0], NAME(__notes__));
    if (!notes) {
        notes = list_new(1);
        if (instance_set_attr(args[0], NAME(__notes__), notes) < 0) return VNULL;
    }
    if (!list_check(notes)) return err_set(&exc_TypeError, "Cannot add note: __notes__ is not a list");
    list_append(notes, args[1]);
    return V_NONE;
}

/* The fields some exception types have besides args: C members in
 * CPython, instance attributes here that read None until set. pickle does
 * not see them in __dict__. */
static const struct ExcFields {
    Type *t;
    const char *names[8];
} exc_fields[] = {
    {&exc_NameError, {"name"}},
    {&exc_AttributeError, {"name", "obj"}},
    {&exc_ImportError, {"name", "path", "msg"}},
    {&exc_OSError, {"errno", "strerror", "filename", "filename2"}},
    {&exc_SyntaxError, {"msg", "filename", "lineno", "offset", "text", "end_lineno", "end_offset",
                        "print_file_and_line"}},
};

static bool is_exc_field(Type *t, Value name) {
    for (size_t i = 0; i < sizeof exc_fields / sizeof exc_fields[0]; i++) {
        if (!type_is_subtype(t, exc_fields[i].t)) continue;
        for (int j = 0; j < 8 && exc_fields[i].names[j]; j++)
            if (str_eq_cstr(name, exc_fields[i].names[j])) return true;
    }
    return false;
}

/* pickling, as CPython's BaseException/OSError/ImportError __reduce__:
 * (type, args[, state]); the state is the instance's own attributes (not
 * the fields above) and, for ImportError, name and path when set; an
 * OSError with file names puts them back into args */
static Value exc_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    Value self = args[0];
    Type *t = type_of(self);
    Value eargs = V_AS(ExcObject, self)->args ? V_AS(ExcObject, self)->args : tuple_new(0);
    Value state = dict_new();
    Value d = instance_get_dict(self);
    if (!d) return VNULL;
    if (dict_check(d)) {
        int64_t pos = 0;
        Value k, v;
        while (dict_next(d, &pos, &k, &v))
            if (!str_check(k) || !is_exc_field(t, k)) dict_set(state, k, v);
    }
    if (type_is_subtype(t, &exc_ImportError)) {
        static const char *const kept[] = {"name", "path"};
        for (int i = 0; i < 2; i++) {
            Value v = instance_get_attr(self, str_intern_cstr(kept[i]));
            if (v && v != V_NONE) dict_set(state, str_intern_cstr(kept[i]), v);
        }
    } else if (type_is_subtype(t, &exc_OSError) && tuple_size(eargs) == 2) {
        Value fn = instance_get_attr(self, str_intern_cstr("filename"));
        Value fn2 = instance_get_attr(self, str_intern_cstr("filename2"));
        if (fn && fn != V_NONE) {
            Value a[5] = {tuple_get(eargs, 0), tuple_get(eargs, 1), fn, V_NONE, fn2 ? fn2 : V_NONE};
            eargs = tuple_from_array(a, fn2 && fn2 != V_NONE ? 5 : 3);
        }
    }
    Value r[3] = {V_FROM_PTR(t), eargs, state};
    return tuple_from_array(r, dict_size(state) > 0 ? 3 : 2);
}

/* __setstate__(state): each item of a dict state becomes an attribute */
static Value exc_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    Value state = args[1];
    if (state == V_NONE) return V_NONE;
    if (!dict_check(state)) return err_set(&exc_TypeError, "state is not a dictionary");
    /* a copy: setting attributes may change the dict given */
    Value items = dict_copy(state);
    int64_t pos = 0;
    Value k, v;
    while (dict_next(items, &pos, &k, &v))
        if (obj_setattr(args[0], k, v) < 0) return VNULL;
    return V_NONE;
}

static const MethodDef exc_methods[] = {
    {"with_traceback", exc_with_traceback, 0, NULL},
    {"add_note", exc_add_note, 0, NULL},
    {"__reduce__", exc_reduce, 0, NULL},
    {"__setstate__", exc_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- the C error API --------------------------------------------------------------- */

static void set_context(Value exc) {
    Value handled = exc_handled();
    if (!handled || handled == exc) return;
    ExcObject *e = V_AS(ExcObject, exc);
    if (e->context) return;
    /* avoid cycles: cut the chain where it reaches exc */
    Value o = handled;
    for (int depth = 0; o && depth < 1000; depth++) {
        ExcObject *oe = V_AS(ExcObject, o);
        if (oe->context == exc) {
            oe->context = VNULL;
            break;
        }
        o = oe->context;
    }
    e->context = handled;
}

Value err_set_exc(Value exc) {
    set_context(exc);
    tstate.exc = exc;
    return VNULL;
}

Value exc_new(Type *type, Value *args, size_t nargs) {
    Value e = obj_call(V_FROM_PTR(type), args, nargs, VNULL);
    return e;
}

Value err_set_value(Type *type, Value arg) {
    ExcObject *e = exc_alloc(type);
    exc_set_args(e, arg ? tuple_pack(1, arg) : tuple_empty);
    if (type_has_flag(type, TF_HEAPTYPE) || type_is_subtype(type, &exc_SyntaxError) ||
        type_is_subtype(type, &exc_ImportError) || type_is_subtype(type, &exc_OSError)) {
        Value r = exc_new(type, arg ? &arg : NULL, arg ? 1 : 0);
        if (!r) return VNULL;
        return err_set_exc(r);
    }
    return err_set_exc(V_FROM_PTR(e));
}

Value err_set(Type *type, const char *msg) { return err_set_value(type, str_from_cstr(msg)); }

Value err_vformat(Type *type, const char *fmt, va_list ap) {
    Value s = str_vprintf(fmt, ap);
    return err_set_value(type, s);
}

Value err_format(Type *type, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    Value s = str_vprintf(fmt, ap);
    va_end(ap);
    return err_set_value(type, s);
}

Value err_no_memory(void) { return err_set_value(&exc_MemoryError, VNULL); }
Value err_key(Value key) { return err_set_value(&exc_KeyError, key); }
Value err_stop_iteration(Value value) { return err_set_value(&exc_StopIteration, value); }

bool err_occurred(void) { return tstate.exc != VNULL; }

bool err_matches(Type *type) {
    Value e = tstate.exc;
    return e && type_is_subtype(V_OBJ(e)->type, type);
}

Value err_fetch(void) {
    Value e = tstate.exc;
    tstate.exc = VNULL;
    return e;
}

void err_restore(Value exc) { tstate.exc = exc; }
void err_clear(void) { tstate.exc = VNULL; }

/* ---- tracebacks -------------------------------------------------------------------- */

Type traceback_type;

static Value traceback_new(Value next, CodeObject *code, int lasti) {
    TracebackObject *tb = (TracebackObject *)obj_alloc(&traceback_type, sizeof *tb);
    tb->next = next;
    tb->code = code;
    tb->lasti = lasti;
    tb->lineno = code_line(code, lasti);
    return V_FROM_PTR(tb);
}

void traceback_add(Value exc, Frame *f, int lasti) {
    ExcObject *e = V_AS(ExcObject, exc);
    e->traceback = traceback_new(e->traceback, f->code, lasti);
    TracebackObject *tb = V_AS(TracebackObject, e->traceback);
    tb->raw = f;
    tb->globals = f->globals;
}

/* An entry for a frame that has returned and whose locals are gone (a
   frame compiled code never built: jit/resume.c) */
void traceback_add_exited(Value exc, CodeObject *code, int lasti, Value globals) {
    ExcObject *e = V_AS(ExcObject, exc);
    e->traceback = traceback_new(e->traceback, code, lasti);
    TracebackObject *tb = V_AS(TracebackObject, e->traceback);
    tb->globals = globals;
    tb->exited = true;
    tb->exit_lasti = lasti;
    tb->given_lasti = code_offset(code, lasti);   /* tb_lasti without a raw frame */
}

/* The frame's memory is reused once it returns, so the locals a later
   tb_frame.f_locals shows are copied now (only for frames an exception
   leaves: a frame that handles it is still running when its tb is read),
   with the instruction it left at. */
void traceback_frame_exit(Value exc, Frame *f, int lasti) {
    Value t = V_AS(ExcObject, exc)->traceback;
    if (!t) return;
    TracebackObject *tb = V_AS(TracebackObject, t);
    if (tb->raw == f && !tb->locals) {
        tb->locals = f->fobj ? frame_locals_dict(f) : frame_locals_copy(f);
        tb->exited = true;
        tb->exit_lasti = lasti;
    }
}

void traceback_keep_frames(Value t) {
    for (; t && traceback_check(t); t = V_AS(TracebackObject, t)->next) {
        TracebackObject *tb = V_AS(TracebackObject, t);
        if (tb->frame || tb->exited || !tb->raw) continue;
        Value fo = sys_frame_object_running(tb->raw, tb->code);
        if (fo) tb->frame = fo;
    }
}

static Value tb_get_next(Value v) {
    Value n = V_AS(TracebackObject, v)->next;
    return n ? n : V_NONE;
}
/* tb_next may be set to None or another traceback, without making a cycle */
static int tb_set_next(Value v, Value n) {
    if (!n) return err_set(&exc_TypeError, "can't delete tb_next attribute"), -1;
    if (n != V_NONE && !traceback_check(n))
        return err_format(&exc_TypeError, "expected traceback object, got '%T'", n), -1;
    for (Value c = n; c && c != V_NONE; c = V_AS(TracebackObject, c)->next)
        if (c == v) return err_set(&exc_ValueError, "traceback loop detected"), -1;
    V_AS(TracebackObject, v)->next = n == V_NONE ? VNULL : n;
    return 0;
}
static Value tb_get_lineno(Value v) { return v_int(V_AS(TracebackObject, v)->lineno); }
/* byte offset, as dis counts; a constructed entry shows what it was given */
static Value tb_get_lasti(Value v) {
    TracebackObject *tb = V_AS(TracebackObject, v);
    return v_int(tb->raw || !tb->frame ? code_offset(tb->code, tb->lasti) : tb->given_lasti);
}
/* the frame object: the running frame's own while it still runs, else a
   snapshot made on first use */
static Value tb_get_frame(Value v) {
    TracebackObject *tb = V_AS(TracebackObject, v);
    if (tb->frame) return tb->frame;
    if (!tb->exited) {
        Value fo = sys_frame_object_running(tb->raw, tb->code);
        if (fo) return tb->frame = fo;
    }
    return tb->frame = sys_frame_object_at(tb->raw, tb->code, tb->globals, tb->locals,
                                           tb->exited ? tb->exit_lasti : tb->lasti);
}

/* types.TracebackType(tb_next, tb_frame, tb_lasti, tb_lineno) */
static Value tb_new(Type *type, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"TracebackType", 0, 4, 0, {"tb_next", "tb_frame", "tb_lasti", "tb_lineno", NULL}};
    Value a[4];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (a[0] != V_NONE && !traceback_check(a[0]))
        return err_format(&exc_TypeError, "expected traceback object or None, got '%T'", a[0]);
    if (!sys_frame_check(a[1]))
        return err_format(&exc_TypeError, "TracebackType() argument 'tb_frame' must be frame, not %T", a[1]);
    int lasti, lineno;
    if (index_as_c_int(a[2], &lasti) < 0 || index_as_c_int(a[3], &lineno) < 0) return VNULL;
    CodeObject *co = sys_frame_code(a[1]);
    TracebackObject *tb = (TracebackObject *)obj_alloc(type, sizeof *tb);
    tb->next = a[0] == V_NONE ? VNULL : a[0];
    tb->code = co;
    /* the instruction for carets, when the offset names one */
    tb->lasti = code_index_at(co, lasti);
    tb->given_lasti = lasti;
    tb->lineno = lineno;
    tb->frame = a[1];
    return V_FROM_PTR(tb);
}

static const GetSetDef tb_getsets[] = {
    {"tb_next", tb_get_next, tb_set_next, NULL},
    {NULL, NULL, NULL, NULL},
};

/* read-only members, as CPython's (member_descriptor, "readonly attribute") */
static const GetSetDef tb_members[] = {
    {"tb_lineno", tb_get_lineno, NULL, NULL},
    {"tb_lasti", tb_get_lasti, NULL, NULL},
    {"tb_frame", tb_get_frame, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

/* tb.__dir__(): only the four attributes, as CPython's */
static Value tb_dir(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__dir__", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value names[4] = {str_intern_cstr("tb_frame"), str_intern_cstr("tb_next"), str_intern_cstr("tb_lasti"),
                      str_intern_cstr("tb_lineno")};
    return list_from_array(names, 4);
}

static const MethodDef tb_methods[] = {
    {"__dir__", tb_dir, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Type traceback_type = {.tname = "traceback", .basicsize = sizeof(TracebackObject), .new_ = tb_new};

/* ---- printing --------------------------------------------------------------------- */

/* Source files read for tracebacks, cached by name. */
static Value source_cache;

/* The lines of a source file's bytes appended to lines: as CPython's, decoded
 * from the file's coding declaration; a file that does not decode shows none */
static void split_source(Value lines, const char *src, size_t len) {
    const char *text = source_as_utf8(src, len, &len);
    if (!text || !utf8_valid(text, len)) return;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || text[i] == '\n') {
            if (i > start || i < len) list_append(lines, str_new(text + start, i - start));
            start = i + 1;
        }
    }
}

static Value source_lines(Value filename) {
    if (!source_cache) source_cache = dict_new();
    Value lines = dict_get(source_cache, filename);
    if (lines) return lines;
    err_clear();
    lines = list_new(0);
    Buf b;
    buf_init(&b, 4096);
    if (buf_read_file(&b, str_data(filename))) split_source(lines, b.data, b.len);
    dict_set(source_cache, filename, lines);
    return lines;
}

Value traceback_source_line(Value filename, int lineno) {
    Value lines = source_lines(filename);
    if (lineno < 1 || lineno > list_size(lines)) return VNULL;
    return list_get(lines, lineno - 1);
}

void traceback_forget_source(Value filename) {
    if (source_cache && dict_get(source_cache, filename)) dict_del(source_cache, filename);
}

void traceback_register_source(Value filename, const char *src, size_t len) {
    if (!source_cache) source_cache = dict_new();
    Value lines = list_new(0);
    split_source(lines, src, len);
    dict_set(source_cache, filename, lines);
}

static void write_str(Buf *out, Value s) { buf_put(out, str_data(s), (size_t)str_nbytes(s)); }

static void format_tb_entry(Buf *out, TracebackObject *tb) {
    CodeObject *co = tb->code;
    buf_puts(out, "  File \"");
    write_str(out, co->filename);
    buf_printf(out, "\", line %d, in ", tb->lineno);
    write_str(out, co->name);
    buf_putc(out, '\n');
    Value line = traceback_source_line(co->filename, tb->lineno);
    if (!line) return;
    const char *s = str_data(line);
    size_t n = (size_t)str_nbytes(line);
    /* CPython drops the indentation and the line end only: trailing
       blanks are printed, and count in the line the carets may cover */
    size_t a = 0, z = n;
    while (a < n && (s[a] == ' ' || s[a] == '\t' || s[a] == '\f')) a++;
    if (z > a && s[z - 1] == '\r') z--;
    buf_puts(out, "    ");
    buf_put(out, s + a, z - a);
    buf_putc(out, '\n');
    traceback_format_carets(out, co, tb->lasti, line, a, z);
}

/* An attribute of the exception as a C integer: 1 when it is an int that
 * fits, 0 when it is None (*v untouched), -1 otherwise (error cleared). */
static int syntax_attr_int(Value exc, const char *name, int64_t *v, bool missing_ok) {
    Value x = obj_getattr_opt(exc, str_intern_cstr(name));
    if (!x) {
        err_clear();
        return missing_ok ? 0 : -1;
    }
    if (x == V_NONE) return 0;
    if (!int_check(x)) return -1;
    int64_t i = int_as_i64(x);
    if (i == -1 && err_occurred()) {
        err_clear();
        return -1;
    }
    *v = i;
    return 1;
}

/* The source line of a syntax error with its caret line. offset and
 * end_offset are 1-based columns (-1: unknown); like CPython, the columns
 * count characters while the clipping counts the UTF-8 bytes of the line,
 * and the carets are left out when the offset falls in the indentation. */
static void format_syntax_error_text(Buf *out, int64_t offset, int64_t end_offset, Value text) {
    int64_t reps = end_offset > 0 && end_offset > offset ? end_offset - offset : 1;
    const char *p = str_data(text);
    const char *nul = memchr(p, 0, (size_t)str_nbytes(text));
    int64_t len = nul ? nul - p : str_nbytes(text);
    int64_t off = offset - 1;
    while (len > 0 && (*p == ' ' || *p == '\t' || *p == '\f')) {
        p++;
        len--;
        off--;
    }
    int64_t full = len;   /* what is printed, a final newline included */
    if (len > 0 && p[len - 1] == '\n') len--;
    if (off > len) off = len;
    /* text over several lines: print from the line holding the offset */
    for (;;) {
        const char *nl = memchr(p, '\n', (size_t)full);
        if (!nl || nl - p >= off) break;
        int64_t skip = nl - p + 1;
        p += skip;
        full -= skip;
        len -= skip;
        off -= skip;
    }
    buf_puts(out, "    ");
    buf_put(out, p, (size_t)full);
    if (full == 0 || p[full - 1] != '\n') buf_putc(out, '\n');
    if (off < 0) return;
    buf_puts(out, "    ");
    buf_fill(out, ' ', (size_t)off);
    buf_fill(out, '^', (size_t)reps);
    buf_putc(out, '\n');
}

/* CPython prints an exception that has a `print_file_and_line` attribute
 * (SyntaxError and its subclasses: None) as a location, the source line and
 * its message (*message; its notes are not printed). False, with nothing
 * written, when an attribute is missing or of the wrong type: the exception
 * is then printed as any other. */
static bool format_syntax_error(Buf *out, Value exc, Value *message) {
    Value pfl = obj_getattr_opt(exc, str_intern_cstr("print_file_and_line"));
    if (!pfl) {
        err_clear();
        return false;
    }
    Value msg = obj_getattr_opt(exc, NAME(msg));
    Value fn = msg ? obj_getattr_opt(exc, NAME(filename)) : VNULL;
    if (!msg || !fn) {
        err_clear();
        return false;
    }
    int64_t lineno = 0, offset = -1, end_lineno, end_offset = -1;
    if (syntax_attr_int(exc, "lineno", &lineno, false) != 1) return false;
    if (syntax_attr_int(exc, "offset", &offset, false) < 0) return false;
    end_lineno = lineno;
    /* subclasses (IndentationError, TabError) get one caret */
    if (type_of(exc) == &exc_SyntaxError) {
        if (syntax_attr_int(exc, "end_lineno", &end_lineno, true) < 0) return false;
        if (syntax_attr_int(exc, "end_offset", &end_offset, true) < 0) return false;
    }
    Value text = obj_getattr_opt(exc, NAME(text));
    if (!text) {
        err_clear();
        return false;
    }
    Value fs = fn == V_NONE ? str_from_cstr("<string>") : obj_str(fn);
    if (!fs) {
        err_clear();
        return false;
    }
    buf_puts(out, "  File \"");
    write_str(out, fs);
    buf_printf(out, "\", line %lld\n", (long long)lineno);
    if (str_check(text)) {
        int64_t size = str_nbytes(text);
        if (end_lineno > lineno) end_offset = size;
        if (end_offset > size + 1) end_offset = size + 1;
        format_syntax_error_text(out, offset, end_offset, text);
    }
    *message = msg;
    return true;
}

/* The type's name as CPython prints it: module-qualified unless the module
 * is builtins or __main__, "<unknown>" for what cannot be read. */
extern Value builtins_module;

static void format_exception_type(Buf *out, Type *t) {
    Value mod = obj_getattr_opt(V_FROM_PTR(t), NAME(__module__));
    if (!mod || !str_check(mod)) {
        err_clear();
        buf_puts(out, "<unknown>.");
    } else if (!str_eq_cstr(mod, "builtins") && !str_eq_cstr(mod, "__main__")) {
        write_str(out, mod);
        buf_putc(out, '.');
    }
    if (type_has_flag(t, TF_HEAPTYPE) && t->qualname && str_check(t->qualname)) write_str(out, t->qualname);
    else buf_puts(out, t->tname);
}

/* __notes__: a sequence's items one per line (str() of each), anything
 * else by its repr (with no line end, as 3.11.2). */
static void format_exception_notes(Buf *out, Value exc) {
    Value notes = obj_getattr_opt(exc, NAME(__notes__));
    if (!notes) {
        err_clear();
        return;
    }
    /* CPython's sequence check: a type with item access that is no dict */
    if (dict_check(notes) || !type_of(notes)->getitem) {
        Value r = obj_repr(notes);
        if (r) write_str(out, r);
        else {
            err_clear();
            buf_puts(out, "<__notes__ repr() failed>");
        }
        return;   /* 3.11.2 writes no newline after it */
    }
    int64_t n = obj_len(notes);
    for (int64_t i = 0; i < n; i++) {
        Value item = obj_getitem(notes, v_int(i));
        if (!item) break;
        Value s = obj_str(item);
        if (s) write_str(out, s);
        else {
            err_clear();
            buf_puts(out, "<note str() failed>");
        }
        buf_putc(out, '\n');
    }
    err_clear();
}

/* ---- "Did you mean" ------------------------------------------------------------------------
 *
 * CPython 3.11 ends the printed line of a NameError or AttributeError (those
 * exact types) with ". Did you mean: 'x'?" when a visible name is close to
 * the missing one: the closest by an edit distance where inserting,
 * deleting or replacing a character costs 2 and changing only its case 1,
 * and at most a third of the characters of both names may change. Names
 * come from dir(obj) for AttributeError, and for NameError from the
 * raising code's local variable names (co_varnames: not a class body's or
 * a module's names), else its globals, else its builtins (the first of
 * those to offer one). Long lists (750 names or more) and long names
 * (over 40 characters after their common prefix and suffix) give none. */
enum { HINT_EDIT_COST = 2, HINT_CASE_COST = 1, HINT_MAX_NAMES = 750, HINT_MAX_LEN = 40 };

static size_t hint_char_cost(char a, char b) {
    if (a == b) return 0;
    char la = a >= 'A' && a <= 'Z' ? (char)(a + 32) : a, lb = b >= 'A' && b <= 'Z' ? (char)(b + 32) : b;
    return la == lb ? HINT_CASE_COST : HINT_EDIT_COST;
}

/* The edit distance of a and b, or limit + 1 when it exceeds limit */
static size_t hint_distance(const char *a, size_t na, const char *b, size_t nb, size_t limit) {
    while (na && nb && a[0] == b[0]) a++, b++, na--, nb--;
    while (na && nb && a[na - 1] == b[nb - 1]) na--, nb--;
    if (!na || !nb) return (na + nb) * HINT_EDIT_COST;
    if (na > HINT_MAX_LEN || nb > HINT_MAX_LEN) return limit + 1;
    if (nb < na) {   /* the row is the shorter one */
        const char *t = a; a = b; b = t;
        size_t tn = na; na = nb; nb = tn;
    }
    if ((nb - na) * HINT_EDIT_COST > limit) return limit + 1;
    size_t row[HINT_MAX_LEN];   /* row[i]: distance of b's prefix so far to a[..i] */
    for (size_t i = 0; i < na; i++) row[i] = (i + 1) * HINT_EDIT_COST;
    size_t d = 0;
    for (size_t j = 0; j < nb; j++) {
        size_t diag = j * HINT_EDIT_COST, best = SIZE_MAX;
        d = diag + HINT_EDIT_COST;   /* b[..j+1] against the empty prefix of a */
        for (size_t i = 0; i < na; i++) {
            size_t replace = diag + hint_char_cost(b[j], a[i]);
            diag = row[i];
            size_t insdel = (d < diag ? d : diag) + HINT_EDIT_COST;
            d = insdel < replace ? insdel : replace;
            row[i] = d;
            if (d < best) best = d;
        }
        if (best > limit) return limit + 1;
    }
    return d;
}

/* The closest of names (a list of str) to name, or VNULL */
static Value hint_closest(Value names, Value name) {
    int64_t n = list_size(names);
    if (n >= HINT_MAX_NAMES) return VNULL;
    size_t nlen = (size_t)str_nbytes(name), best_d = SIZE_MAX;
    Value best = VNULL;
    for (int64_t i = 0; i < n; i++) {
        Value item = list_get(names, i);
        if (!str_check(item) || str_eq(item, name)) continue;
        size_t ilen = (size_t)str_nbytes(item);
        size_t limit = (nlen + ilen + 3) * HINT_EDIT_COST / 6;
        if (best && best_d - 1 < limit) limit = best_d - 1;
        size_t d = hint_distance(str_data(name), nlen, str_data(item), ilen, limit);
        if (d > limit) continue;
        if (!best || d < best_d) {
            best = item;
            best_d = d;
        }
    }
    return best;
}

static Value hint_keys(Value mapping) {
    if (dict_check(mapping)) return dict_keys_list(mapping);
    Value l = list_from_iterable(mapping);   /* exec's __builtins__ may be anything */
    if (!l) err_clear();
    return l;
}

static Value offer_hint(Value exc) {
    Type *t = type_of(exc);
    if (t != &exc_NameError && t != &exc_AttributeError) return VNULL;
    Value name = instance_get_attr(exc, NAME(name));
    if (!name || !str_check(name)) return VNULL;
    if (t == &exc_AttributeError) {
        Value obj = instance_get_attr(exc, NAME(obj));
        if (!obj) return VNULL;
        Value dir = dict_get_cstr(module_dict(builtins_module), "dir");
        Value names = dir ? obj_call(dir, &obj, 1, VNULL) : VNULL;
        return names && list_check(names) ? hint_closest(names, name) : VNULL;
    }
    Value scope = V_AS(ExcObject, exc)->name_scope;
    if (!scope) return VNULL;
    for (int i = 0; i < 3; i++) {
        Value names = hint_keys(tuple_get(scope, i));
        Value hint = names ? hint_closest(names, name) : VNULL;
        if (hint) return hint;
    }
    return VNULL;
}

/* ---- the printer ---------------------------------------------------------------------
 *
 * Inside an exception group each line is indented by two spaces per
 * level of nesting and given a "| " margin (the top group's traceback
 * header gets "+ "), and the members are framed by numbered separators:
 *
 *   + Exception Group Traceback (most recent call last):      level 1
 *   |   File ..., line 1, in <module>
 *   | ExceptionGroup: eg (2 sub-exceptions)
 *   +-+---------------- 1 ----------------
 *     | ValueError: 1                                         level 2
 *     +---------------- 2 ----------------
 *     | TypeError: 2
 *     +------------------------------------
 *
 * As CPython 3.11's C printer: at most 15 members per group are shown
 * ("and N more exceptions"), groups nested deeper than 10 print
 * "... (max_group_depth is 10)", and the closing line is written once, by
 * the innermost group that ends on its last member (need_close). The
 * message of an exception gets the margin on its first line only. */
enum { GROUP_MAX_WIDTH = 15, GROUP_MAX_DEPTH = 10 };

typedef struct ExcPrinter {
    Buf *out;
    Value seen;         /* exceptions printed (by address) along cause/context chains */
    int group_depth;    /* 0 outside any group */
    int chain_depth;
    bool need_close;
    bool flat;          /* the unraisable report, as 3.11's hook writes it: no chained
                           exceptions, groups as plain exceptions, "Type: str(exc)"
                           always with its ": ", no notes, hints or SyntaxError lines */
} ExcPrinter;

static void put_margin(ExcPrinter *p, const char *margin) {
    if (!p->group_depth) return;
    buf_fill(p->out, ' ', (size_t)(2 * p->group_depth));
    buf_puts(p->out, margin);
}

/* text copied to the output with the margin before each line (the first
 * line gets first_margin) */
static void emit_lines(ExcPrinter *p, const Buf *text, const char *first_margin) {
    if (!p->group_depth) {
        buf_put(p->out, text->data, text->len);
        return;
    }
    size_t i = 0;
    while (i < text->len) {
        const char *nl = memchr(text->data + i, '\n', text->len - i);
        size_t end = nl ? (size_t)(nl - text->data) + 1 : text->len;
        put_margin(p, i == 0 && first_margin ? first_margin : "| ");
        buf_put(p->out, text->data + i, end - i);
        i = end;
    }
}

static void emit_cstr(ExcPrinter *p, const char *s) {
    Buf b = {(char *)s, strlen(s), 0, NULL};   /* read only */
    emit_lines(p, &b, NULL);
}

static void format_exception_only(ExcPrinter *p, Value exc) {
    Type *t = type_of(exc);
    Value message = VNULL;
    Buf tmp;
    buf_init(&tmp, 128);
    bool syntax = !p->flat && format_syntax_error(&tmp, exc, &message);
    emit_lines(p, &tmp, NULL);
    /* the exception line: the margin once, before it */
    tmp.len = 0;
    format_exception_type(&tmp, t);
    Value v = syntax ? message : exc;
    if (v != V_NONE) {
        Value s = obj_str(v);
        if (!s) {
            err_clear();
            buf_puts(&tmp, ": <exception str() failed>");
        } else {
            if (str_len(s) > 0 || p->flat) buf_puts(&tmp, ": ");
            write_str(&tmp, s);
        }
    }
    if (!syntax && !p->flat) {
        Value hint = offer_hint(exc);
        err_clear();
        if (hint) {
            buf_puts(&tmp, ". Did you mean: '");
            write_str(&tmp, hint);
            buf_puts(&tmp, "'?");
        }
    }
    buf_putc(&tmp, '\n');
    put_margin(p, "| ");
    buf_put(p->out, tmp.data, tmp.len);
    if (!syntax && !p->flat) {
        tmp.len = 0;
        format_exception_notes(&tmp, exc);
        emit_lines(p, &tmp, NULL);
    }
}

/* How many of the last traceback entries are printed: sys.tracebacklimit
   when it is an int (none at all, not even the header, when <= 0), else
   CPython's PyTraceBack_LIMIT */
extern Value sys_module;                          /* mod/sys.c */
static int64_t traceback_limit(void) {
    Value v = sys_module ? dict_get_cstr(module_dict(sys_module), "tracebacklimit") : VNULL;
    if (!v || !int_check(v)) return 1000;
    if (int_sign(v) <= 0) return 0;
    return int_as_i64_clamped(v, 1, INT64_MAX);
}

static void format_traceback(ExcPrinter *p, Value exc, bool group) {
    ExcObject *e = V_AS(ExcObject, exc);
    if (!e->traceback) return;
    int64_t limit = traceback_limit(), depth = 0;
    if (limit <= 0) return;
    put_margin(p, group && p->group_depth == 1 ? "+ " : "| ");
    buf_puts(p->out, group ? "Exception Group Traceback (most recent call last):\n"
                           : "Traceback (most recent call last):\n");
    Buf tmp;
    buf_init(&tmp, 256);
    /* CPython elides runs of more than 3 identical entries */
    TracebackObject *prev = NULL;
    int repeat = 0;
    Value first = e->traceback;
    for (Value t = first; t; t = V_AS(TracebackObject, t)->next) depth++;
    for (; depth > limit; depth--) first = V_AS(TracebackObject, first)->next;
    for (Value t = first; t; t = V_AS(TracebackObject, t)->next) {
        TracebackObject *tb = V_AS(TracebackObject, t);
        if (prev && prev->code == tb->code && prev->lineno == tb->lineno) {
            repeat++;
        } else {
            if (repeat > 3) buf_printf(&tmp, "  [Previous line repeated %d more time%s]\n", repeat - 3,
                                       repeat - 3 == 1 ? "" : "s");
            repeat = 1;
        }
        prev = tb;
        if (repeat <= 3) format_tb_entry(&tmp, tb);
    }
    if (repeat > 3) buf_printf(&tmp, "  [Previous line repeated %d more time%s]\n", repeat - 3, repeat - 3 == 1 ? "" : "s");
    emit_lines(p, &tmp, NULL);
}

static void print_exception_recursive(ExcPrinter *p, Value exc);

static void print_group(ExcPrinter *p, Value exc) {
    if (p->group_depth > GROUP_MAX_DEPTH) {
        put_margin(p, "| ");
        buf_printf(p->out, "... (max_group_depth is %d)\n", GROUP_MAX_DEPTH);
        return;
    }
    bool top = p->group_depth == 0;
    if (top) p->group_depth = 1;
    format_traceback(p, exc, true);
    format_exception_only(p, exc);
    Value excs = V_AS(ExcObject, exc)->eg_excs;
    int64_t num = excs ? tuple_size(excs) : 0;
    int64_t n = num <= GROUP_MAX_WIDTH ? num : GROUP_MAX_WIDTH + 1;
    p->need_close = false;
    for (int64_t i = 0; i < n; i++) {
        bool last = i == n - 1, truncated = i >= GROUP_MAX_WIDTH;
        if (last) p->need_close = true;   /* unless a nested group closes first */
        buf_fill(p->out, ' ', (size_t)(2 * p->group_depth));
        buf_puts(p->out, i == 0 ? "+-" : "  ");
        if (truncated) buf_puts(p->out, "+---------------- ... ----------------\n");
        else buf_printf(p->out, "+---------------- %lld ----------------\n", (long long)i + 1);
        p->group_depth++;
        if (!truncated) {
            print_exception_recursive(p, tuple_get(excs, i));
        } else {
            int64_t more = num - GROUP_MAX_WIDTH;
            put_margin(p, "| ");
            buf_printf(p->out, "and %lld more exception%s\n", (long long)more, more > 1 ? "s" : "");
        }
        if (last && p->need_close) {
            buf_fill(p->out, ' ', (size_t)(2 * p->group_depth));
            buf_puts(p->out, "+------------------------------------\n");
            p->need_close = false;
        }
        p->group_depth--;
    }
    if (top) p->group_depth = 0;
}

static void print_chained(ExcPrinter *p, Value exc, const char *message) {
    bool need_close = p->need_close;
    p->chain_depth++;
    print_exception_recursive(p, exc);
    p->chain_depth--;
    p->need_close = need_close;
    emit_cstr(p, message);
}

static void print_exception_recursive(ExcPrinter *p, Value exc) {
    ExcObject *e = V_AS(ExcObject, exc);
    set_add(p->seen, v_int((int64_t)(exc >> 3)));
    if (p->chain_depth < 100 && !p->flat) {
        Value cause = e->cause, ctx = e->context;
        if (cause && exc_check(cause) && set_contains(p->seen, v_int((int64_t)(cause >> 3))) == 0)
            print_chained(p, cause, "\nThe above exception was the direct cause of the following exception:\n\n");
        else if (ctx && exc_check(ctx) && !e->suppress_context && set_contains(p->seen, v_int((int64_t)(ctx >> 3))) == 0)
            print_chained(p, ctx, "\nDuring handling of the above exception, another exception occurred:\n\n");
    }
    if (!p->flat && excgroup_check(exc)) {
        print_group(p, exc);
        return;
    }
    format_traceback(p, exc, false);
    format_exception_only(p, exc);
}

static void format_exception_chain(Buf *out, Value exc, bool flat) {
    ExcPrinter p = {out, set_new(), 0, 0, false, flat};
    print_exception_recursive(&p, exc);
}

Value err_format_exception(Value exc) {
    Buf out;
    buf_init(&out, 256);
    Value saved = err_fetch();
    format_exception_chain(&out, exc, false);
    err_restore(saved);
    return str_from_buf(&out);
}

void sys_write_stderr(const char *s, size_t n);   /* mod/sys.c */
extern Value sys_module;                          /* mod/sys.c */

void err_print_exception(Value exc) {
    /* sys.stderr = None silences the report */
    Value err = sys_module ? dict_get_str(module_dict(sys_module), NAME(stderr)) : VNULL;
    if (err == V_NONE) return;
    Value s;
    if (exc_check(exc)) s = err_format_exception(exc);
    else s = str_printf("TypeError: print_exception(): Exception expected for value, %s found\n", type_of(exc)->tname);
    sys_write_stderr(str_data(s), (size_t)str_nbytes(s));
}

int err_system_exit_status(Value exc) {
    Value code = V_AS(ExcObject, exc)->value;
    if (!code || code == V_NONE) return 0;
    if (int_check(code)) {
        int64_t c = int_as_i64(code);
        if (c == -1 && err_occurred()) {
            err_clear();
            return -1;
        }
        return (int)(c & 0xFF);
    }
    /* the newline is written even when str() fails */
    Value s = obj_str(code);
    if (s) sys_write_stderr(str_data(s), (size_t)str_nbytes(s));
    else err_clear();
    sys_write_stderr("\n", 1);
    return 1;
}

/* ---- unraisable exceptions: sys.unraisablehook ---------------------------------------- */

/* sys.unraisablehook's argument (CPython's UnraisableHookArgs). */
typedef struct UnraisableArgs {
    Object hdr;
    Value exc_type, exc_value, exc_traceback, err_msg, object;
} UnraisableArgs;

static Value ua_exc_type(Value s) { return V_AS(UnraisableArgs, s)->exc_type; }
static Value ua_exc_value(Value s) { return V_AS(UnraisableArgs, s)->exc_value; }
static Value ua_exc_traceback(Value s) { return V_AS(UnraisableArgs, s)->exc_traceback; }
static Value ua_err_msg(Value s) { return V_AS(UnraisableArgs, s)->err_msg; }
static Value ua_object(Value s) { return V_AS(UnraisableArgs, s)->object; }

static const GetSetDef ua_getsets[] = {
    {"exc_type", ua_exc_type, NULL, NULL},
    {"exc_value", ua_exc_value, NULL, NULL},
    {"exc_traceback", ua_exc_traceback, NULL, NULL},
    {"err_msg", ua_err_msg, NULL, NULL},
    {"object", ua_object, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type unraisable_args_type = {
    .tname = "UnraisableHookArgs",
    .basicsize = sizeof(UnraisableArgs),
};

extern Value sys_module;

/* CPython's default report: "err_msg: repr(obj)" (err_msg defaults to
   "Exception ignored in"), then the traceback */
void err_write_unraisable_default(Value exc, Value err_msg, Value obj) {
    Buf out;
    buf_init(&out, 256);
    Value saved = err_fetch();
    bool has_msg = err_msg && str_check(err_msg);
    if (obj && obj != V_NONE) {
        if (has_msg) {
            write_str(&out, err_msg);
            buf_puts(&out, ": ");
        } else {
            buf_puts(&out, "Exception ignored in: ");
        }
        Value r = obj_repr(obj);
        if (r) write_str(&out, r);
        else {
            err_clear();
            buf_puts(&out, "<object repr() failed>");
        }
        buf_putc(&out, '\n');
    } else if (has_msg) {
        write_str(&out, err_msg);
        buf_puts(&out, ":\n");
    }
    format_exception_chain(&out, exc, true);
    err_restore(saved);
    sys_write_stderr(out.data, out.len);
}

static bool is_default_unraisablehook(Value h) {
    return type_of(h) == &builtin_function_type &&
           strcmp(V_AS(BuiltinFunctionObject, h)->def->name, "unraisablehook") == 0;
}

int err_call_unraisablehook(Value exc, Value err_msg, Value obj) {
    Value hook = sys_module ? dict_get_cstr(module_dict(sys_module), "unraisablehook") : VNULL;
    if (!hook || hook == V_NONE || is_default_unraisablehook(hook)) return 0;
    if (!(unraisable_args_type.flags & TF_READY)) {
        unraisable_args_type.name = str_intern_cstr("UnraisableHookArgs");
        unraisable_args_type.module = str_intern_cstr("sys");
        type_add_getsets(&unraisable_args_type, ua_getsets);
        type_ready(&unraisable_args_type);
    }
    Value saved = err_fetch();
    UnraisableArgs *a = V_AS(UnraisableArgs, instance_new(&unraisable_args_type));
    a->exc_type = V_FROM_PTR(type_of(exc));
    a->exc_value = exc;
    Value tb = exc_check(exc) ? V_AS(ExcObject, exc)->traceback : VNULL;
    a->exc_traceback = tb ? tb : V_NONE;
    a->err_msg = err_msg ? err_msg : V_NONE;
    a->object = obj ? obj : V_NONE;
    if (AUDIT("sys.unraisablehook", 2, hook, V_FROM_PTR(a)) < 0 || !obj_call1(hook, V_FROM_PTR(a))) {
        /* as CPython: a failing hook is reported, then the exception */
        Value exc2 = err_fetch();
        err_write_unraisable_default(exc2, str_from_cstr("Exception ignored in sys.unraisablehook"), hook);
        err_write_unraisable_default(exc, err_msg, obj);
    }
    err_restore(saved);
    return 1;
}

void err_write_unraisable(Value exc, const char *err_msg, Value obj) {
    Value msg = err_msg && *err_msg ? str_from_cstr(err_msg) : VNULL;
    if (!err_call_unraisablehook(exc, msg, obj)) err_write_unraisable_default(exc, msg, obj);
}

void err_write_unraisable_msg(Value exc, const char *msg) { err_write_unraisable_msg_obj(exc, msg, VNULL); }

void err_write_unraisable_msg_obj(Value exc, const char *msg, Value obj) {
    Value m = str_printf("Exception ignored %s", msg);
    if (!err_call_unraisablehook(exc, m, obj)) err_write_unraisable_default(exc, m, obj);
}

Value err_set_errno(Type *type, int e, Value filename) {
    if (type == &exc_OSError) type = oserror_subclass(v_int(e));
    Value args[3] = {v_int(e), str_from_cstr(strerror(e)), filename};
    Value exc = exc_new(type, args, filename ? 3 : 2);
    if (exc) err_set_exc(exc);
    return VNULL;
}

/* ---- init ---------------------------------------------------------------------------- */

void errors_init(void) {
    exc_BaseException.base = &object_type;
    excgroup_init();
#define EXC_READY(name, base)                                                        \
    if (&exc_##name == &exc_BaseException) {                                        \
        type_add_methods(&exc_##name, exc_methods);                                 \
        type_add_getsets(&exc_##name, exc_getsets);                                 \
    }                                                                                \
    if (&exc_##name == &exc_StopIteration) type_add_getsets(&exc_##name, stopiteration_getsets); \
    if (&exc_##name == &exc_SystemExit) type_add_getsets(&exc_##name, systemexit_getsets);       \
    if (&exc_##name == &exc_UnicodeEncodeError || &exc_##name == &exc_UnicodeDecodeError ||        \
        &exc_##name == &exc_UnicodeTranslateError)                                               \
        type_add_getsets(&exc_##name, unicodeerror_getsets);                                     \
    type_ready(&exc_##name);
    EXC_DEF(EXC_READY)
#undef EXC_READY
    /* ExceptionGroup derives from BaseExceptionGroup and Exception: the
     * second base is added once both are ready (the layouts are the same) */
    Type *eg = &exc_ExceptionGroup;
    eg->bases = tuple_pack(2, V_FROM_PTR(&exc_BaseExceptionGroup), V_FROM_PTR(&exc_Exception));
    Value mro[5] = {V_FROM_PTR(eg), V_FROM_PTR(&exc_BaseExceptionGroup), V_FROM_PTR(&exc_Exception),
                    V_FROM_PTR(&exc_BaseException), V_FROM_PTR(&object_type)};
    eg->mro = tuple_from_array(mro, 5);
    if (!exc_Exception.subclasses) exc_Exception.subclasses = gc_weak_list_new();
    gc_weak_list_add(exc_Exception.subclasses, eg);
    type_modified(eg);
    type_add_getsets(&traceback_type, tb_getsets);
    type_add_members(&traceback_type, tb_members);
    type_add_methods(&traceback_type, tb_methods);
    type_ready(&traceback_type);
    /* attributes that read None until set */
    for (size_t i = 0; i < sizeof exc_fields / sizeof exc_fields[0]; i++) {
        for (int j = 0; j < 8 && exc_fields[i].names[j]; j++)
            dict_set(exc_fields[i].t->dict, str_intern_cstr(exc_fields[i].names[j]), V_NONE);
        type_modified(exc_fields[i].t);
    }
}

void err_attribute_context(Value obj, Value name) {
    Value e = tstate.exc;
    if (!e || !type_is_subtype(type_of(e), &exc_AttributeError)) return;
    if (instance_get_attr(e, NAME(name))) return;
    instance_set_attr(e, NAME(name), name);
    instance_set_attr(e, NAME(obj), obj);
}

void err_name_error_scope(Value varnames, Value globals, Value builtins) {
    Value e = tstate.exc;
    if (!e || type_of(e) != &exc_NameError) return;
    Value scope[3] = {varnames, globals, builtins};
    V_AS(ExcObject, e)->name_scope = tuple_from_array(scope, 3);
}

Value err_name_error(Value name) {
    err_format(&exc_NameError, "name '%U' is not defined", name);
    instance_set_attr(tstate.exc, NAME(name), name);
    return VNULL;
}
