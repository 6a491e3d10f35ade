/* pyexpat.c: the pyexpat module on the system's libexpat (expat.h), with
 * CPython 3.11's objects, results and messages: ParserCreate, the
 * xmlparser type with its handler attributes, ExpatError, and the
 * submodules pyexpat.errors and pyexpat.model (also in sys.modules, which
 * xml.parsers.expat relies on).
 *
 * Memory: expat allocates through a memory suite on the collected heap
 * (free is left to the collector), so a parser's whole state is reachable
 * from its Python object and needs no finalizer. Pointers from expat back
 * to Python objects go only through userData, the xmlparser itself, which
 * is on the C stack whenever expat runs a callback.
 *
 * Callbacks: each Python handler attribute has a C callback in expat,
 * installed while the attribute is not None. A handler that raises stops
 * the parser (XML_StopParser) and, as CPython, clears every handler; the
 * exception stays set and Parse returns with it. While an exception is
 * pending no further handler runs.
 *
 * Character data buffering (buffer_text): data is gathered in a buffer of
 * buffer_size bytes of UTF-8 and handed to CharacterDataHandler in one
 * piece before any other handler runs and at the end of each Parse. */
#include <limits.h>
#include <string.h>
#include "../front/compiler.h"
#include "../runtime.h"
#include "../vm/traceback.h"
#include "pyexpat.h"

/* expat 2.6 defers reparsing a large token fed in small pieces; the
 * parser's switch for it exists only with such a library */
#define HAVE_REPARSE_DEFERRAL (XML_MAJOR_VERSION > 2 || (XML_MAJOR_VERSION == 2 && XML_MINOR_VERSION >= 6))

static Value expat_error;   /* ExpatError (also pyexpat.error) */

/* ---- the handler table ------------------------------------------------------------------------ */
/* name, the attribute, expat's setter */
#define HANDLER_DEF(_)                                                                          \
    _(StartElement, "StartElementHandler", XML_SetStartElementHandler)                          \
    _(EndElement, "EndElementHandler", XML_SetEndElementHandler)                                \
    _(ProcessingInstruction, "ProcessingInstructionHandler", XML_SetProcessingInstructionHandler) \
    _(CharacterData, "CharacterDataHandler", XML_SetCharacterDataHandler)                       \
    _(UnparsedEntityDecl, "UnparsedEntityDeclHandler", XML_SetUnparsedEntityDeclHandler)        \
    _(NotationDecl, "NotationDeclHandler", XML_SetNotationDeclHandler)                          \
    _(StartNamespaceDecl, "StartNamespaceDeclHandler", XML_SetStartNamespaceDeclHandler)        \
    _(EndNamespaceDecl, "EndNamespaceDeclHandler", XML_SetEndNamespaceDeclHandler)              \
    _(Comment, "CommentHandler", XML_SetCommentHandler)                                         \
    _(StartCdataSection, "StartCdataSectionHandler", XML_SetStartCdataSectionHandler)           \
    _(EndCdataSection, "EndCdataSectionHandler", XML_SetEndCdataSectionHandler)                 \
    _(Default, "DefaultHandler", XML_SetDefaultHandler)                                         \
    _(DefaultExpand, "DefaultHandlerExpand", XML_SetDefaultHandlerExpand)                       \
    _(NotStandalone, "NotStandaloneHandler", XML_SetNotStandaloneHandler)                       \
    _(ExternalEntityRef, "ExternalEntityRefHandler", XML_SetExternalEntityRefHandler)           \
    _(StartDoctypeDecl, "StartDoctypeDeclHandler", XML_SetStartDoctypeDeclHandler)              \
    _(EndDoctypeDecl, "EndDoctypeDeclHandler", XML_SetEndDoctypeDeclHandler)                    \
    _(EntityDecl, "EntityDeclHandler", XML_SetEntityDeclHandler)                                \
    _(XmlDecl, "XmlDeclHandler", XML_SetXmlDeclHandler)                                         \
    _(ElementDecl, "ElementDeclHandler", XML_SetElementDeclHandler)                             \
    _(AttlistDecl, "AttlistDeclHandler", XML_SetAttlistDeclHandler)                             \
    _(SkippedEntity, "SkippedEntityHandler", XML_SetSkippedEntityHandler)

enum {
#define H_ENUM(name, attr, setter) H_##name,
    HANDLER_DEF(H_ENUM)
#undef H_ENUM
    H__COUNT
};

typedef struct Parser {
    Object hdr;
    XML_Parser itself;
    Value handlers[H__COUNT];   /* VNULL: none */
    Value intern;               /* dict, or VNULL: no interning */
    Value parent;               /* the parser an external entity parser came from */
    char *buffer;               /* character data buffer, or NULL: not buffering */
    int buffer_size, buffer_used;   /* bytes */
    bool ordered_attributes, specified_attributes, ns_prefixes;
    bool in_callback;
    bool reparse_deferral;      /* expat >= 2.6 only */
} Parser;

static Type parser_type;

/* ---- memory ----------------------------------------------------------------------------------- */
static void *mm_malloc(size_t n) { return gc_try_alloc(n); }
static void *mm_realloc(void *p, size_t n) { return gc_try_realloc(p, n); }
static void mm_free(void *p) { (void)p; /* the collector reclaims it */ }
const XML_Memory_Handling_Suite pyexpat_memsuite = {mm_malloc, mm_realloc, mm_free};

/* ---- strings ---------------------------------------------------------------------------------- */
/* expat hands out valid UTF-8 (XML_Char is char) */
static Value conv_str(const XML_Char *s) { return s ? str_new(s, strlen(s)) : V_NONE; }

/* A name as a str, shared through the intern dict (None included, as
 * CPython's). */
static Value intern_str(Parser *self, const XML_Char *s) {
    Value r = conv_str(s);
    if (!self->intern) return r;
    Value v = dict_get(self->intern, r);
    if (v) return v;
    if (err_occurred() || dict_set(self->intern, r, r) < 0) return VNULL;
    return r;
}

/* ---- errors ----------------------------------------------------------------------------------- */
/* ExpatError("<message>: line L, column C") with code, offset, lineno */
static Value set_error(Parser *self, enum XML_Error code) {
    int lineno = (int)XML_GetErrorLineNumber(self->itself);
    int column = (int)XML_GetErrorColumnNumber(self->itself);
    const XML_LChar *m = XML_ErrorString(code);
    Value msg = str_printf("%s: line %d, column %d", m ? m : "(null)", lineno, column);
    Value e = obj_call1(expat_error, msg);
    if (!e) return VNULL;
    if (obj_setattr(e, str_intern_cstr("code"), v_int(code)) < 0 ||
        obj_setattr(e, str_intern_cstr("offset"), v_int(column)) < 0 ||
        obj_setattr(e, str_intern_cstr("lineno"), v_int(lineno)) < 0)
        return VNULL;
    return err_set_exc(e);
}

/* ---- calling handlers ------------------------------------------------------------------------- */
static void set_c_handler(XML_Parser p, int h, bool on);

static int error_external_entity_ref(XML_Parser p, const XML_Char *context, const XML_Char *base,
                                     const XML_Char *sysid, const XML_Char *pubid) {
    (void)p, (void)context, (void)base, (void)sysid, (void)pubid;
    return XML_STATUS_ERROR;
}
static void noop_character_data(void *ud, const XML_Char *s, int len) { (void)ud, (void)s, (void)len; }

/* A handler raised: no handler runs any more (CPython clears them all), and
 * external entities fail from now on. */
static void flag_error(Parser *self) {
    for (int i = 0; i < H__COUNT; i++) {
        self->handlers[i] = VNULL;
        set_c_handler(self->itself, i, false);
    }
    XML_SetExternalEntityRefHandler(self->itself, error_external_entity_ref);
}

static const char *const handler_attrs[H__COUNT] = {
#define H_ATTR(name, attr, setter) attr,
    HANDLER_DEF(H_ATTR)
#undef H_ATTR
};

/* As CPython's _PyTraceback_Add: the exception a handler raised gets an
 * entry for the C code that called it ("src/mod/pyexpat.c", line, in
 * StartElement), between the handler's frame and Parse's caller. Its code
 * object is an empty function of that name compiled once. */
static Value tb_codes;     /* dict: "name:line" -> code */
static Value tb_globals;   /* the entries' (empty) globals */
static void traceback_add_c(int h, int line) {
    Value exc = err_fetch();
    if (!exc) return;
    /* CPython's names: the attribute's without a final "Handler" */
    const char *attr = handler_attrs[h];
    int n = (int)strlen(attr);
    if (n > 7 && !strcmp(attr + n - 7, "Handler")) n -= 7;
    if (!tb_codes) {
        tb_codes = dict_new();
        tb_globals = dict_new();
    }
    Value key = str_printf("%s:%d", attr, line);
    Value code = dict_get(tb_codes, key);
    if (!code) {
        /* blank lines put the def on `line` */
        Buf src;
        buf_init(&src, (size_t)line + 64);
        buf_fill(&src, '\n', (size_t)line - 1);
        buf_printf(&src, "def %.*s(): pass\n", n, attr);
        CodeObject *mod = compile_source(src.data, src.len, __FILE__, COMPILE_MODULE);
        if (mod)
            for (int64_t i = 0; i < tuple_size(mod->consts) && !code; i++)
                if (code_check(tuple_get(mod->consts, i))) code = tuple_get(mod->consts, i);
        err_clear();
        if (!code) {
            err_restore(exc);
            return;
        }
        dict_set(tb_codes, key, code);
    }
    ExcObject *e = V_AS(ExcObject, exc);
    TracebackObject *tb = (TracebackObject *)obj_alloc(&traceback_type, sizeof *tb);
    tb->next = e->traceback;
    tb->code = V_AS(CodeObject, code);
    tb->lineno = line;
    tb->globals = tb_globals;
    e->traceback = V_FROM_PTR(tb);
    err_restore(exc);
}

/* Call handler h with args; VNULL (parser stopped, handlers cleared) when
 * it raised. line: where in this file, for the traceback. */
static Value call_handler(Parser *self, int h, Value *args, size_t n, int line) {
    self->in_callback = true;
    Value r = obj_call(self->handlers[h], args, n, VNULL);
    self->in_callback = false;
    if (!r) {
        traceback_add_c(h, line);
        XML_StopParser(self->itself, XML_FALSE);
        flag_error(self);
    }
    return r;
}

static int call_character_handler(Parser *self, const XML_Char *s, int len) {
    if (!self->handlers[H_CharacterData]) return 0;   /* removed since: the data is dropped */
    Value a = str_new(s, (size_t)len);
    if (!call_handler(self, H_CharacterData, &a, 1, __LINE__)) {
        XML_SetCharacterDataHandler(self->itself, noop_character_data);
        return -1;
    }
    return 0;
}

static int flush_character_buffer(Parser *self) {
    if (!self->buffer || self->buffer_used == 0) return 0;
    int n = self->buffer_used;
    self->buffer_used = 0;
    return call_character_handler(self, self->buffer, n);
}

/* Before calling handler h from a callback: false when it is unset, an
 * exception is pending, or flushing the character data raised. */
static bool may_call(Parser *self, int h) {
    return self->handlers[h] && !err_occurred() && flush_character_buffer(self) == 0;
}

/* A handler's arguments whose conversion failed: stop as a raise does */
static bool args_ok(Parser *self, const Value *a, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!a[i]) {
            XML_StopParser(self->itself, XML_FALSE);
            flag_error(self);
            return false;
        }
    return true;
}

/* Call handler h (when it may run) with n converted arguments; the
 * handler's result, or VNULL. */
static Value dispatch_at(Parser *self, int h, Value *a, size_t n, int line) {
    if (!args_ok(self, a, n)) return VNULL;
    return call_handler(self, h, a, n, line);
}
#define dispatch(self, h, a, n) dispatch_at(self, h, a, n, __LINE__)

/* ---- the C callbacks -------------------------------------------------------------------------- */
static void cb_StartElement(void *ud, const XML_Char *name, const XML_Char **atts) {
    Parser *self = ud;
    if (!may_call(self, H_StartElement)) return;
    int max;
    if (self->specified_attributes) {
        max = XML_GetSpecifiedAttributeCount(self->itself);
    } else {
        max = 0;
        while (atts[max]) max += 2;
    }
    Value container = self->ordered_attributes ? list_new(max) : dict_new();
    for (int i = 0; i < max; i += 2) {
        Value k = intern_str(self, atts[i]);
        if (!k) {
            args_ok(self, &k, 1);
            return;
        }
        Value v = conv_str(atts[i + 1]);
        if (self->ordered_attributes) {
            list_append(container, k);
            list_append(container, v);
        } else if (dict_set(container, k, v) < 0) {
            Value none = VNULL;
            args_ok(self, &none, 1);
            return;
        }
    }
    Value a[2] = {intern_str(self, name), container};
    dispatch(self, H_StartElement, a, 2);
}

static void cb_EndElement(void *ud, const XML_Char *name) {
    Parser *self = ud;
    if (!may_call(self, H_EndElement)) return;
    Value a[1] = {intern_str(self, name)};
    dispatch(self, H_EndElement, a, 1);
}

static void cb_ProcessingInstruction(void *ud, const XML_Char *target, const XML_Char *data) {
    Parser *self = ud;
    if (!may_call(self, H_ProcessingInstruction)) return;
    Value a[2] = {intern_str(self, target), conv_str(data)};
    dispatch(self, H_ProcessingInstruction, a, 2);
}

static void cb_CharacterData(void *ud, const XML_Char *s, int len) {
    Parser *self = ud;
    if (err_occurred()) return;
    if (!self->buffer) {
        if (self->handlers[H_CharacterData]) call_character_handler(self, s, len);
        return;
    }
    if (self->buffer_used + (int64_t)len > self->buffer_size) {
        if (flush_character_buffer(self) < 0) return;
        /* the flushed handler may have removed itself, or turned
           buffering off (no buffer to copy into then) */
        if (!self->handlers[H_CharacterData]) return;
    }
    if (!self->buffer || len > self->buffer_size) {
        call_character_handler(self, s, len);
        self->buffer_used = 0;
    } else {
        memcpy(self->buffer + self->buffer_used, s, (size_t)len);
        self->buffer_used += len;
    }
}

static void cb_UnparsedEntityDecl(void *ud, const XML_Char *entity, const XML_Char *base, const XML_Char *sysid,
                                  const XML_Char *pubid, const XML_Char *notation) {
    Parser *self = ud;
    if (!may_call(self, H_UnparsedEntityDecl)) return;
    Value a[5] = {intern_str(self, entity), intern_str(self, base), intern_str(self, sysid),
                  intern_str(self, pubid), intern_str(self, notation)};
    dispatch(self, H_UnparsedEntityDecl, a, 5);
}

static void cb_NotationDecl(void *ud, const XML_Char *name, const XML_Char *base, const XML_Char *sysid,
                            const XML_Char *pubid) {
    Parser *self = ud;
    if (!may_call(self, H_NotationDecl)) return;
    Value a[4] = {intern_str(self, name), intern_str(self, base), intern_str(self, sysid), intern_str(self, pubid)};
    dispatch(self, H_NotationDecl, a, 4);
}

static void cb_StartNamespaceDecl(void *ud, const XML_Char *prefix, const XML_Char *uri) {
    Parser *self = ud;
    if (!may_call(self, H_StartNamespaceDecl)) return;
    Value a[2] = {intern_str(self, prefix), intern_str(self, uri)};
    dispatch(self, H_StartNamespaceDecl, a, 2);
}

static void cb_EndNamespaceDecl(void *ud, const XML_Char *prefix) {
    Parser *self = ud;
    if (!may_call(self, H_EndNamespaceDecl)) return;
    Value a[1] = {intern_str(self, prefix)};
    dispatch(self, H_EndNamespaceDecl, a, 1);
}

static void cb_Comment(void *ud, const XML_Char *data) {
    Parser *self = ud;
    if (!may_call(self, H_Comment)) return;
    Value a[1] = {conv_str(data)};
    dispatch(self, H_Comment, a, 1);
}

static void cb_StartCdataSection(void *ud) {
    Parser *self = ud;
    if (may_call(self, H_StartCdataSection)) dispatch(self, H_StartCdataSection, NULL, 0);
}
static void cb_EndCdataSection(void *ud) {
    Parser *self = ud;
    if (may_call(self, H_EndCdataSection)) dispatch(self, H_EndCdataSection, NULL, 0);
}

static void cb_Default(void *ud, const XML_Char *s, int len) {
    Parser *self = ud;
    if (!may_call(self, H_Default)) return;
    Value a[1] = {str_new(s, (size_t)len)};
    dispatch(self, H_Default, a, 1);
}
static void cb_DefaultExpand(void *ud, const XML_Char *s, int len) {
    Parser *self = ud;
    if (!may_call(self, H_DefaultExpand)) return;
    Value a[1] = {str_new(s, (size_t)len)};
    dispatch(self, H_DefaultExpand, a, 1);
}

/* A handler's int result as a C int (CPython's PyLong_AsLong); an error
 * stops the parser as a raise does. */
static int int_result(Parser *self, Value r) {
    if (!r) return 0;
    Value i = obj_index(r);   /* PyLong_AsLong's conversion */
    if (i) {
        int64_t x = int_as_i64(i);
        if (!(x == -1 && err_occurred())) return (int)x;
    }
    XML_StopParser(self->itself, XML_FALSE);
    flag_error(self);
    return 0;
}

static int cb_NotStandalone(void *ud) {
    Parser *self = ud;
    if (!may_call(self, H_NotStandalone)) return 0;
    return int_result(self, dispatch(self, H_NotStandalone, NULL, 0));
}

static int cb_ExternalEntityRef(XML_Parser p, const XML_Char *context, const XML_Char *base,
                                const XML_Char *sysid, const XML_Char *pubid) {
    Parser *self = XML_GetUserData(p);
    if (!may_call(self, H_ExternalEntityRef)) return 0;
    Value a[4] = {conv_str(context), intern_str(self, base), intern_str(self, sysid), intern_str(self, pubid)};
    return int_result(self, dispatch(self, H_ExternalEntityRef, a, 4));
}

static void cb_StartDoctypeDecl(void *ud, const XML_Char *name, const XML_Char *sysid, const XML_Char *pubid,
                                int has_internal_subset) {
    Parser *self = ud;
    if (!may_call(self, H_StartDoctypeDecl)) return;
    Value a[4] = {intern_str(self, name), intern_str(self, sysid), intern_str(self, pubid),
                  v_int(has_internal_subset)};
    dispatch(self, H_StartDoctypeDecl, a, 4);
}
static void cb_EndDoctypeDecl(void *ud) {
    Parser *self = ud;
    if (may_call(self, H_EndDoctypeDecl)) dispatch(self, H_EndDoctypeDecl, NULL, 0);
}

static void cb_EntityDecl(void *ud, const XML_Char *entity, int is_pe, const XML_Char *value, int value_len,
                          const XML_Char *base, const XML_Char *sysid, const XML_Char *pubid,
                          const XML_Char *notation) {
    Parser *self = ud;
    if (!may_call(self, H_EntityDecl)) return;
    Value a[7] = {intern_str(self, entity), v_int(is_pe), value ? str_new(value, (size_t)value_len) : V_NONE,
                  intern_str(self, base), intern_str(self, sysid), intern_str(self, pubid),
                  intern_str(self, notation)};
    dispatch(self, H_EntityDecl, a, 7);
}

static void cb_XmlDecl(void *ud, const XML_Char *version, const XML_Char *encoding, int standalone) {
    Parser *self = ud;
    if (!may_call(self, H_XmlDecl)) return;
    Value a[3] = {intern_str(self, version), intern_str(self, encoding), v_int(standalone)};
    dispatch(self, H_XmlDecl, a, 3);
}

/* (type, quant, name, children) for a content model, recursively */
static Value conv_model(XML_Content *m) {
    if (interp_enter_recursive(" while converting a content model") < 0) return VNULL;
    Value children = tuple_new(m->numchildren);
    for (unsigned i = 0; i < m->numchildren; i++) {
        Value c = conv_model(&m->children[i]);
        if (!c) {
            interp_leave_recursive();
            return VNULL;
        }
        tuple_items(children)[i] = c;
    }
    interp_leave_recursive();
    return tuple_pack(4, v_int(m->type), v_int(m->quant), conv_str(m->name), children);
}

static void cb_ElementDecl(void *ud, const XML_Char *name, XML_Content *model) {
    Parser *self = ud;
    if (may_call(self, H_ElementDecl)) {
        Value a[2];
        a[1] = conv_model(model);
        a[0] = a[1] ? intern_str(self, name) : VNULL;
        dispatch(self, H_ElementDecl, a, 2);
    }
    XML_FreeContentModel(self->itself, model);
}

static void cb_AttlistDecl(void *ud, const XML_Char *elname, const XML_Char *attname, const XML_Char *att_type,
                           const XML_Char *dflt, int isrequired) {
    Parser *self = ud;
    if (!may_call(self, H_AttlistDecl)) return;
    Value a[5] = {intern_str(self, elname), intern_str(self, attname), conv_str(att_type), conv_str(dflt),
                  v_int(isrequired)};
    dispatch(self, H_AttlistDecl, a, 5);
}

static void cb_SkippedEntity(void *ud, const XML_Char *entity, int is_pe) {
    Parser *self = ud;
    if (!may_call(self, H_SkippedEntity)) return;
    Value a[2] = {intern_str(self, entity), v_int(is_pe)};
    dispatch(self, H_SkippedEntity, a, 2);
}

static void set_c_handler(XML_Parser p, int h, bool on) {
    switch (h) {
#define H_SET(name, attr, setter) \
    case H_##name: setter(p, on ? cb_##name : NULL); break;
        HANDLER_DEF(H_SET)
#undef H_SET
    }
}

/* Single-byte encodings expat does not know, through Python's codecs:
 * byte i stands for the i-th character of bytes(range(256)) decoded with
 * errors="replace" (U+FFFD: not a character of the encoding). */
int pyexpat_unknown_encoding(void *data, const XML_Char *name, XML_Encoding *info) {
    (void)data;
    if (err_occurred()) return XML_STATUS_ERROR;
    char all[256];
    for (int i = 0; i < 256; i++) all[i] = (char)i;
    Value args[2] = {str_from_cstr(name), str_from_cstr("replace")};
    Value u = obj_call_method(bytes_new(all, 256), "decode", args, 2);
    if (!u) return XML_STATUS_ERROR;
    if (!str_check(u) || str_len(u) != 256) {
        err_set(&exc_ValueError, "multi-byte encodings are not supported");
        return XML_STATUS_ERROR;
    }
    for (int i = 0; i < 256; i++) {
        uint32_t c = str_char_at(u, i);
        info->map[i] = c == 0xFFFD ? -1 : (int)c;
    }
    info->data = NULL;
    info->convert = NULL;
    info->release = NULL;
    return XML_STATUS_OK;
}

/* ---- arguments -------------------------------------------------------------------------------- */
/* A str argument as a C string (embedded NULs refused); VNULL or None
 * gives NULL when none_ok. `what` names it in messages: "argument 'x'" or
 * "argument 1" or "argument". */
static int cstr_arg(const char *fname, const char *what, Value v, bool none_ok, const char **out) {
    if (!v || (none_ok && v == V_NONE)) {
        *out = NULL;
        return 0;
    }
    if (!str_check(v)) {
        err_format(&exc_TypeError, "%s() %s must be str%s, not %T", fname, what, none_ok ? " or None" : "", v);
        return -1;
    }
    if ((int64_t)strlen(str_data(v)) != str_nbytes(v)) {
        err_set(&exc_ValueError, "embedded null character");
        return -1;
    }
    *out = str_data(v);
    return 0;
}

/* An int argument as a C int (Argument Clinic's int converter) */
static int int_arg(Value v, int dflt, int *out) {
    if (!v) {
        *out = dflt;
        return 0;
    }
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    int64_t x = obj_index_i64(v);
    if (x == -1 && err_occurred()) return -1;
    if (x < INT_MIN || x > INT_MAX) {
        err_set(&exc_OverflowError, x < 0 ? "Python int too small to convert to C int"
                                          : "Python int too large to convert to C int");
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* The arguments of the methods CPython gives a defining_class: positional
 * only, but with keyword-parser wording in the messages. */
static int cls_args(const char *f, Value *args, size_t nargs, Value kwnames, int min, int max, Value *out) {
    int64_t nkw = kwnames ? tuple_size(kwnames) : 0;
    if (nargs + (size_t)nkw > (size_t)max) {
        err_format(&exc_TypeError, "%s() takes at most %d argument%s (%zd given)", f, max, max == 1 ? "" : "s",
                   (ssize_t)(nargs + (size_t)nkw));
        return -1;
    }
    if (nargs < (size_t)min) {
        err_format(&exc_TypeError, "%s() takes %s %d positional argument%s (%zd given)", f,
                   min < max ? "at least" : "exactly", min, min == 1 ? "" : "s", (ssize_t)nargs);
        return -1;
    }
    if (nkw) {
        err_format(&exc_TypeError, "'%U' is an invalid keyword argument for %s()", tuple_get(kwnames, 0), f);
        return -1;
    }
    for (int i = 0; i < max; i++) out[i] = (size_t)i < nargs ? args[i] : VNULL;
    return 0;
}

/* ---- parser objects --------------------------------------------------------------------------- */
static Parser *parser_alloc(void) {
    Parser *p = (Parser *)obj_alloc(&parser_type, sizeof(Parser));
    p->buffer_size = 8192;
    p->reparse_deferral = HAVE_REPARSE_DEFERRAL;   /* expat's default */
    return p;
}

static Value pyexpat_ParserCreate(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"ParserCreate", 0, 0, 0, {"encoding", "namespace_separator", "intern", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *encoding, *sep;
    if (cstr_arg("ParserCreate", "argument 'encoding'", a[0], true, &encoding) < 0 ||
        cstr_arg("ParserCreate", "argument 'namespace_separator'", a[1], true, &sep) < 0)
        return VNULL;
    if (sep && strlen(sep) > 1)
        return err_set(&exc_ValueError, "namespace_separator must be at most one character, omitted, or None");
    Value intern = a[2];
    if (intern == V_NONE) intern = VNULL;
    else if (!intern) intern = dict_new();
    else if (!dict_check(intern)) return err_set(&exc_TypeError, "intern must be a dictionary");
    Parser *self = parser_alloc();
    self->intern = intern;
    /* "" asks for namespace processing with '\0' between the parts */
    self->itself = XML_ParserCreate_MM(encoding, &pyexpat_memsuite, sep);
    if (!self->itself) return err_set(&exc_MemoryError, "XML_ParserCreate failed");
    XML_SetUserData(self->itself, self);
    XML_SetUnknownEncodingHandler(self->itself, pyexpat_unknown_encoding, NULL);
    return V_FROM_PTR(self);
}

/* What Parse and ParseFile return: the exception a handler raised, an
 * ExpatError, or 1 after the buffered character data went out. */
static Value parse_result(Parser *self, int rv) {
    if (err_occurred()) return VNULL;
    if (rv == 0) return set_error(self, XML_GetErrorCode(self->itself));
    if (flush_character_buffer(self) < 0) return VNULL;
    return v_int(rv);
}

static Value xp_Parse(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (cls_args("Parse", args + 1, nargs - 1, kwnames, 1, 2, a) < 0) return VNULL;
    Parser *self = V_AS(Parser, args[0]);
    int isfinal;
    if (int_arg(a[1], 0, &isfinal) < 0) return VNULL;
    const char *s;
    int64_t n;
    if (str_check(a[0])) {
        Value data = a[0];
        /* WTF-8 surrogates are not UTF-8: the strict encoder raises for them */
        if (!str_is_ascii(data) && memmem(str_data(data), (size_t)str_nbytes(data), "\xed", 1)) {
            data = bytes_encode_str(data, VNULL, VNULL);
            if (!data) return VNULL;
            s = bytes_data(data);
            n = bytes_size(data);
        } else {
            s = str_data(data);
            n = str_nbytes(data);
        }
        XML_SetEncoding(self->itself, "utf-8");   /* refused once parsing started: ignored */
    } else {
        BufferInfo bi;
        if (buffer_get(a[0], &bi, false) < 0) return VNULL;
        s = bi.data;
        n = bi.len;
    }
    /* expat takes int lengths: feed large inputs in chunks */
    const int64_t chunk = 1 << 20;
    int rc;
    while (n > chunk) {
        rc = XML_Parse(self->itself, s, (int)chunk, 0);
        if (!rc) return parse_result(self, rc);
        s += chunk;
        n -= chunk;
    }
    rc = XML_Parse(self->itself, s, (int)n, isfinal);
    return parse_result(self, rc);
}

/* file.read(size) into buf: bytes read, or -1 with an exception */
static int read_into(char *buf, int size, Value read) {
    Value r = obj_call1(read, v_int(size));
    if (!r) return -1;
    const char *p;
    int64_t n;
    if (bytes_check(r)) {
        p = bytes_data(r);
        n = bytes_size(r);
    } else if (bytearray_check(r)) {
        p = bytearray_data(r);
        n = bytearray_size(r);
    } else {
        err_format(&exc_TypeError, "read() did not return a bytes object (type=%s)", type_of(r)->tname);
        return -1;
    }
    if (n > size) {
        err_format(&exc_ValueError, "read() returned too much data: %d bytes requested, %lld returned", size,
                   (long long)n);
        return -1;
    }
    memcpy(buf, p, (size_t)n);
    return (int)n;
}

static Value xp_ParseFile(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (cls_args("ParseFile", args + 1, nargs - 1, kwnames, 1, 1, a) < 0) return VNULL;
    Parser *self = V_AS(Parser, args[0]);
    Value read = obj_getattr_opt(a[0], str_intern_cstr("read"));
    if (!read) {
        if (err_occurred()) return VNULL;
        return err_set(&exc_TypeError, "argument must have 'read' attribute");
    }
    enum { BUF_SIZE = 2048 };
    int rv = 1;
    for (;;) {
        void *buf = XML_GetBuffer(self->itself, BUF_SIZE);
        if (!buf) return parse_result(self, 0);
        int n = read_into(buf, BUF_SIZE, read);
        if (n < 0) return VNULL;
        rv = XML_ParseBuffer(self->itself, n, n == 0);
        if (err_occurred()) return VNULL;
        if (!rv || n == 0) break;
    }
    return parse_result(self, rv);
}

static Value xp_SetBase(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"xmlparser.SetBase", 1, 1, 0, {"", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    const char *base;
    if (cstr_arg("SetBase", "argument", a[0], false, &base) < 0) return VNULL;
    if (!XML_SetBase(V_AS(Parser, args[0])->itself, base)) return err_no_memory();
    return V_NONE;
}

static Value xp_GetBase(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"xmlparser.GetBase", 0, 0, 0, {NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return conv_str(XML_GetBase(V_AS(Parser, args[0])->itself));
}

/* The bytes of the input from the current event on, while in a handler */
static Value xp_GetInputContext(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"xmlparser.GetInputContext", 0, 0, 0, {NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Parser *self = V_AS(Parser, args[0]);
    if (!self->in_callback) return V_NONE;
    int offset, size;
    const char *b = XML_GetInputContext(self->itself, &offset, &size);
    if (!b) return V_NONE;
    return bytes_new(b + offset, (size_t)(size - offset));
}

static Value xp_ExternalEntityParserCreate(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (cls_args("ExternalEntityParserCreate", args + 1, nargs - 1, kwnames, 1, 2, a) < 0) return VNULL;
    Parser *self = V_AS(Parser, args[0]);
    const char *context, *encoding;
    if (cstr_arg("ExternalEntityParserCreate", "argument 1", a[0], true, &context) < 0) return VNULL;
    if (a[1] && cstr_arg("ExternalEntityParserCreate", "argument 2", a[1], false, &encoding) < 0) return VNULL;
    if (!a[1]) encoding = NULL;
    Parser *np = parser_alloc();
    np->buffer_size = self->buffer_size;
    np->ordered_attributes = self->ordered_attributes;
    np->specified_attributes = self->specified_attributes;
    np->ns_prefixes = self->ns_prefixes;
    np->reparse_deferral = self->reparse_deferral;   /* expat's child inherits it too */
    np->intern = self->intern;
    np->parent = args[0];
    np->itself = XML_ExternalEntityParserCreate(self->itself, context, encoding);
    if (!np->itself) return err_no_memory();
    if (self->buffer) {
        np->buffer = gc_try_alloc_atomic((size_t)np->buffer_size);
        if (!np->buffer) return err_no_memory();
    }
    XML_SetUserData(np->itself, np);
    for (int i = 0; i < H__COUNT; i++) {
        np->handlers[i] = self->handlers[i];
        if (self->handlers[i]) set_c_handler(np->itself, i, true);
    }
    return V_FROM_PTR(np);
}

static Value xp_SetParamEntityParsing(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"xmlparser.SetParamEntityParsing", 1, 1, 0, {"", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int flag;
    if (int_arg(a[0], 0, &flag) < 0) return VNULL;
    return v_int(XML_SetParamEntityParsing(V_AS(Parser, args[0])->itself, (enum XML_ParamEntityParsing)flag));
}

#if HAVE_REPARSE_DEFERRAL
static Value xp_SetReparseDeferralEnabled(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"xmlparser.SetReparseDeferralEnabled", 1, 1, 0, {"", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Parser *self = V_AS(Parser, args[0]);
    int b = obj_truth(a[0]);
    if (b < 0) return VNULL;
    XML_SetReparseDeferralEnabled(self->itself, b ? XML_TRUE : XML_FALSE);
    self->reparse_deferral = b;
    return V_NONE;
}

static Value xp_GetReparseDeferralEnabled(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"xmlparser.GetReparseDeferralEnabled", 0, 0, 0, {NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return v_bool(V_AS(Parser, args[0])->reparse_deferral);
}
#endif

static Value xp_UseForeignDTD(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (cls_args("UseForeignDTD", args + 1, nargs - 1, kwnames, 0, 1, a) < 0) return VNULL;
    Parser *self = V_AS(Parser, args[0]);
    int flag = 1;
    if (a[0] && (flag = obj_truth(a[0])) < 0) return VNULL;
    enum XML_Error rc = XML_UseForeignDTD(self->itself, flag ? XML_TRUE : XML_FALSE);
    if (rc != XML_ERROR_NONE) return set_error(self, rc);
    return V_NONE;
}

/* ---- attributes ------------------------------------------------------------------------------- */
static int no_delete(Value v) {
    if (v) return 0;
    err_set(&exc_RuntimeError, "Cannot delete attribute");
    return -1;
}

static Value handler_get(Parser *self, int h) { return self->handlers[h] ? self->handlers[h] : V_NONE; }

static int handler_set(Parser *self, int h, Value v) {
    if (no_delete(v) < 0) return -1;
    /* data gathered for the old handler goes to it */
    if (h == H_CharacterData && flush_character_buffer(self) < 0) return -1;
    if (v == V_NONE) {
        self->handlers[h] = VNULL;
        /* inside a callback expat keeps using the handler it read: leave
           a harmless one in place of the character data handler */
        if (h == H_CharacterData && self->in_callback)
            XML_SetCharacterDataHandler(self->itself, noop_character_data);
        else
            set_c_handler(self->itself, h, false);
    } else {
        self->handlers[h] = v;
        set_c_handler(self->itself, h, true);
    }
    return 0;
}

#define H_ACCESSORS(name, attr, setter)                                                                    \
    static Value get_##name(Value self) { return handler_get(V_AS(Parser, self), H_##name); }         \
    static int set_##name(Value self, Value v) { return handler_set(V_AS(Parser, self), H_##name, v); }
HANDLER_DEF(H_ACCESSORS)
#undef H_ACCESSORS

static Value get_buffer_text(Value self) { return V_AS(Parser, self)->buffer ? V_TRUE : V_FALSE; }
static int set_buffer_text(Value self, Value v) {
    Parser *p = V_AS(Parser, self);
    if (no_delete(v) < 0) return -1;
    int b = obj_truth(v);
    if (b < 0) return -1;
    if (b) {
        if (!p->buffer) {
            p->buffer = gc_try_alloc_atomic((size_t)p->buffer_size);
            if (!p->buffer) return err_no_memory(), -1;
            p->buffer_used = 0;
        }
    } else if (p->buffer) {
        if (flush_character_buffer(p) < 0) return -1;
        p->buffer = NULL;
    }
    return 0;
}

static Value get_buffer_size(Value self) { return v_int(V_AS(Parser, self)->buffer_size); }
/* A new size makes a new buffer, even when buffering was off (CPython's
 * behaviour: buffer_text then reads True). */
static int set_buffer_size(Value self, Value v) {
    Parser *p = V_AS(Parser, self);
    if (no_delete(v) < 0) return -1;
    if (!int_check(v)) return err_set(&exc_TypeError, "buffer_size must be an integer"), -1;
    int64_t n = int_as_i64(v);
    if (n == -1 && err_occurred()) return -1;
    if (n <= 0) return err_set(&exc_ValueError, "buffer_size must be greater than zero"), -1;
    if (n == p->buffer_size) return 0;
    if (n > INT_MAX) return err_format(&exc_ValueError, "buffer_size must not be greater than %d", INT_MAX), -1;
    if (p->buffer && p->buffer_used && flush_character_buffer(p) < 0) return -1;
    char *b = gc_try_alloc_atomic((size_t)n);
    if (!b) return err_no_memory(), -1;
    p->buffer = b;
    p->buffer_size = (int)n;
    return 0;
}

static Value get_buffer_used(Value self) { return v_int(V_AS(Parser, self)->buffer_used); }

static int set_flag(Value v, bool *flag) {
    if (no_delete(v) < 0) return -1;
    int b = obj_truth(v);
    if (b < 0) return -1;
    *flag = b;
    return 0;
}
static Value get_ordered_attributes(Value self) { return V_AS(Parser, self)->ordered_attributes ? V_TRUE : V_FALSE; }
static int set_ordered_attributes(Value self, Value v) { return set_flag(v, &V_AS(Parser, self)->ordered_attributes); }
static Value get_specified_attributes(Value self) {
    return V_AS(Parser, self)->specified_attributes ? V_TRUE : V_FALSE;
}
static int set_specified_attributes(Value self, Value v) {
    return set_flag(v, &V_AS(Parser, self)->specified_attributes);
}
static Value get_namespace_prefixes(Value self) { return V_AS(Parser, self)->ns_prefixes ? V_TRUE : V_FALSE; }
static int set_namespace_prefixes(Value self, Value v) {
    Parser *p = V_AS(Parser, self);
    if (set_flag(v, &p->ns_prefixes) < 0) return -1;
    XML_SetReturnNSTriplet(p->itself, p->ns_prefixes);
    return 0;
}
static Value get_intern(Value self) { return V_AS(Parser, self)->intern ? V_AS(Parser, self)->intern : V_NONE; }

#define P_OF(self) (V_AS(Parser, self)->itself)
static Value get_ErrorCode(Value self) { return v_int(XML_GetErrorCode(P_OF(self))); }
static Value get_ErrorLineNumber(Value self) { return int_from_u64(XML_GetErrorLineNumber(P_OF(self))); }
static Value get_ErrorColumnNumber(Value self) { return int_from_u64(XML_GetErrorColumnNumber(P_OF(self))); }
static Value get_ErrorByteIndex(Value self) { return int_from_i64(XML_GetErrorByteIndex(P_OF(self))); }
static Value get_CurrentLineNumber(Value self) { return int_from_u64(XML_GetCurrentLineNumber(P_OF(self))); }
static Value get_CurrentColumnNumber(Value self) { return int_from_u64(XML_GetCurrentColumnNumber(P_OF(self))); }
static Value get_CurrentByteIndex(Value self) { return int_from_i64(XML_GetCurrentByteIndex(P_OF(self))); }
#undef P_OF

/* ---- module functions ------------------------------------------------------------------------- */
static Value pyexpat_ErrorString(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"pyexpat.ErrorString", 1, 1, 0, {"", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (float_check(a[0])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
    int64_t code = obj_index_i64(a[0]);
    if (code == -1 && err_occurred()) return VNULL;
    if (code < INT_MIN || code > INT_MAX) return V_NONE;
    const XML_LChar *s = XML_ErrorString((enum XML_Error)code);
    return s ? str_from_cstr(s) : V_NONE;
}

/* ---- tables ----------------------------------------------------------------------------------- */
/* the error codes pyexpat.errors names, after XML_ERROR_ */
#define ERROR_DEF(_)                                                                          \
    _(NO_MEMORY) _(SYNTAX) _(NO_ELEMENTS) _(INVALID_TOKEN) _(UNCLOSED_TOKEN) _(PARTIAL_CHAR)  \
    _(TAG_MISMATCH) _(DUPLICATE_ATTRIBUTE) _(JUNK_AFTER_DOC_ELEMENT) _(PARAM_ENTITY_REF)       \
    _(UNDEFINED_ENTITY) _(RECURSIVE_ENTITY_REF) _(ASYNC_ENTITY) _(BAD_CHAR_REF)                \
    _(BINARY_ENTITY_REF) _(ATTRIBUTE_EXTERNAL_ENTITY_REF) _(MISPLACED_XML_PI)                  \
    _(UNKNOWN_ENCODING) _(INCORRECT_ENCODING) _(UNCLOSED_CDATA_SECTION)                        \
    _(EXTERNAL_ENTITY_HANDLING) _(NOT_STANDALONE) _(UNEXPECTED_STATE) _(ENTITY_DECLARED_IN_PE) \
    _(FEATURE_REQUIRES_XML_DTD) _(CANT_CHANGE_FEATURE_ONCE_PARSING) _(UNBOUND_PREFIX)          \
    _(UNDECLARING_PREFIX) _(INCOMPLETE_PE) _(XML_DECL) _(TEXT_DECL) _(PUBLICID) _(SUSPENDED)  \
    _(NOT_SUSPENDED) _(ABORTED) _(FINISHED) _(SUSPEND_PE) _(RESERVED_PREFIX_XML)              \
    _(RESERVED_PREFIX_XMLNS) _(RESERVED_NAMESPACE_URI) _(INVALID_ARGUMENT) _(NO_BUFFER)        \
    _(AMPLIFICATION_LIMIT_BREACH)

#define MODEL_DEF(_)                                                                         \
    _(XML_CTYPE_EMPTY) _(XML_CTYPE_ANY) _(XML_CTYPE_MIXED) _(XML_CTYPE_NAME) _(XML_CTYPE_CHOICE) \
    _(XML_CTYPE_SEQ) _(XML_CQUANT_NONE) _(XML_CQUANT_OPT) _(XML_CQUANT_REP) _(XML_CQUANT_PLUS)

static const MethodDef parser_methods[] = {
    {"Parse", xp_Parse, MF_KEYWORDS, NULL},
    {"ParseFile", xp_ParseFile, MF_KEYWORDS, NULL},
    {"SetBase", xp_SetBase, MF_KEYWORDS, NULL},
    {"GetBase", xp_GetBase, MF_KEYWORDS, NULL},
    {"GetInputContext", xp_GetInputContext, MF_KEYWORDS, NULL},
    {"ExternalEntityParserCreate", xp_ExternalEntityParserCreate, MF_KEYWORDS, NULL},
    {"SetParamEntityParsing", xp_SetParamEntityParsing, MF_KEYWORDS, NULL},
    {"UseForeignDTD", xp_UseForeignDTD, MF_KEYWORDS, NULL},
#if HAVE_REPARSE_DEFERRAL
    {"SetReparseDeferralEnabled", xp_SetReparseDeferralEnabled, MF_KEYWORDS, NULL},
    {"GetReparseDeferralEnabled", xp_GetReparseDeferralEnabled, MF_KEYWORDS, NULL},
#endif
    {NULL, NULL, 0, NULL},
};

static const GetSetDef parser_getsets[] = {
#define H_GETSET(name, attr, setter) {attr, get_##name, set_##name, NULL},
    HANDLER_DEF(H_GETSET)
#undef H_GETSET
    {"buffer_text", get_buffer_text, set_buffer_text, NULL},
    {"buffer_size", get_buffer_size, set_buffer_size, NULL},
    {"buffer_used", get_buffer_used, NULL, NULL},
    {"ordered_attributes", get_ordered_attributes, set_ordered_attributes, NULL},
    {"specified_attributes", get_specified_attributes, set_specified_attributes, NULL},
    {"namespace_prefixes", get_namespace_prefixes, set_namespace_prefixes, NULL},
    {"intern", get_intern, NULL, NULL},
    {"ErrorCode", get_ErrorCode, NULL, NULL},
    {"ErrorLineNumber", get_ErrorLineNumber, NULL, NULL},
    {"ErrorColumnNumber", get_ErrorColumnNumber, NULL, NULL},
    {"ErrorByteIndex", get_ErrorByteIndex, NULL, NULL},
    {"CurrentLineNumber", get_CurrentLineNumber, NULL, NULL},
    {"CurrentColumnNumber", get_CurrentColumnNumber, NULL, NULL},
    {"CurrentByteIndex", get_CurrentByteIndex, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type parser_type = {
    .tname = "pyexpat.xmlparser",
    .basicsize = sizeof(Parser),
    .flags = TF_ABSTRACT_NEW,
};

/* sys.modules[name], made when absent (CPython's PyImport_AddModule) */
static Value add_submodule(const char *name, const char *doc) {
    Value m = dict_get_cstr(tstate.sys_modules, name);
    if (m && module_check(m)) return m;
    m = module_new_cstr(name);
    module_add(m, "__doc__", str_from_cstr(doc));
    dict_set_cstr(tstate.sys_modules, name, m);
    return m;
}

static const MethodDef pyexpat_functions[] = {
    {"ParserCreate", pyexpat_ParserCreate, MF_KEYWORDS, NULL},
    {"ErrorString", pyexpat_ErrorString, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value pyexpat_module_create(void) {
    if (!(parser_type.flags & TF_READY)) {
        parser_type.name = str_intern_cstr("xmlparser");
        parser_type.module = str_intern_cstr("pyexpat");
        type_add_methods(&parser_type, parser_methods);
        type_add_getsets(&parser_type, parser_getsets);
        type_ready(&parser_type);
    }
    if (!expat_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("xml.parsers.expat"));
        expat_error = type_new_class(&type_type, str_from_cstr("ExpatError"), bases, ns, VNULL);
        if (!expat_error) return VNULL;
    }
    Value m = module_new_cstr("pyexpat");
    module_add(m, "__doc__", str_from_cstr("Python wrapper for Expat parser."));
    module_add_functions(m, pyexpat_functions);
    module_add(m, "ExpatError", expat_error);
    module_add(m, "error", expat_error);
    module_add(m, "XMLParserType", V_FROM_PTR(&parser_type));
    module_add(m, "EXPAT_VERSION", str_from_cstr(XML_ExpatVersion()));
    XML_Expat_Version v = XML_ExpatVersionInfo();
    module_add(m, "version_info", tuple_pack(3, v_int(v.major), v_int(v.minor), v_int(v.micro)));
    module_add(m, "native_encoding", str_from_cstr("UTF-8"));
    Value features = list_new(0);
    for (const XML_Feature *f = XML_GetFeatureList(); f && f->feature != XML_FEATURE_END; f++)
        list_append(features, tuple_pack(2, str_from_cstr(f->name), int_from_i64(f->value)));
    module_add(m, "features", features);
    module_add(m, "XML_PARAM_ENTITY_PARSING_NEVER", v_int(XML_PARAM_ENTITY_PARSING_NEVER));
    module_add(m, "XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE",
               v_int(XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE));
    module_add(m, "XML_PARAM_ENTITY_PARSING_ALWAYS", v_int(XML_PARAM_ENTITY_PARSING_ALWAYS));

    Value errors = add_submodule("pyexpat.errors", "Constants used to describe error conditions.");
    Value codes = dict_new(), messages = dict_new();
#define E_ADD(name)                                                             \
    {                                                                           \
        Value msg = str_from_cstr(XML_ErrorString(XML_ERROR_##name));           \
        module_add(errors, "XML_ERROR_" #name, msg);                            \
        dict_set(codes, msg, v_int(XML_ERROR_##name));                          \
        dict_set(messages, v_int(XML_ERROR_##name), msg);                       \
    }
    ERROR_DEF(E_ADD)
#undef E_ADD
    module_add(errors, "codes", codes);
    module_add(errors, "messages", messages);
    module_add(m, "errors", errors);

    Value model = add_submodule("pyexpat.model", "Constants used to interpret content model information.");
#define M_ADD(name) module_add(model, #name, v_int(name));
    MODEL_DEF(M_ADD)
#undef M_ADD
    module_add(m, "model", model);
    return m;
}
