/* _string.c: the _string module, which string.Formatter uses to parse
 * format strings exactly as str.format does: it runs str.format's own
 * parser (obj/str_format.c), lazily, as CPython's iterators do (an error
 * surfaces at the piece that holds it). */
#include "../runtime.h"

static Type formatteriter_type, fieldnameiter_type;

static Value iter_self(Value v) { return v; }

/* A substring of s by byte offsets. */
static Value sub(Value s, int64_t a, int64_t b) { return str_new(str_data(s) + a, (size_t)(b - a)); }

/* ---- formatter_parser ------------------------------------------------------------------- */

typedef struct FormatterIterObject {
    Object hdr;
    Value str;
    int64_t pos;        /* byte offset of what is left */
} FormatterIterObject;

/* (literal, field_name, format_spec, conversion) for the next piece: the
 * literal text up to a replacement field (a doubled brace ends the text
 * after one brace, with no field), then that field, if any. */
static Value formatteriter_next(Value self) {
    FormatterIterObject *it = V_AS(FormatterIterObject, self);
    const char *d = str_data(it->str);
    int64_t n = str_nbytes(it->str), pos = it->pos;
    if (pos >= n) return VNULL;
    int64_t start = pos;
    char c = 0;
    bool markup = false;
    while (pos < n) {
        c = d[pos++];
        if (c == '{' || c == '}') {
            markup = true;
            break;
        }
    }
    bool at_end = pos >= n;
    int64_t len = pos - start;
    if (markup && c == '}' && (at_end || d[pos] != '}'))
        return err_set(&exc_ValueError, "Single '}' encountered in format string");
    if (markup && c == '{' && at_end) return err_set(&exc_ValueError, "Single '{' encountered in format string");
    if (markup) {
        if (d[pos] == c) {   /* "{{" or "}}": the text keeps one brace */
            pos++;
            markup = false;
        } else {
            len--;
        }
    }
    Value literal = sub(it->str, start, start + len);
    if (!markup) {
        it->pos = pos;
        return tuple_pack(4, literal, V_NONE, V_NONE, V_NONE);
    }
    FmtField f;
    int64_t end = fmt_parse_field(d, n, pos, &f);
    if (end < 0) return VNULL;
    it->pos = end;
    Value spec = f.spec_e > f.spec_s ? sub(it->str, f.spec_s, f.spec_e) : str_empty;
    Value conv = f.conv ? str_from_codepoint(f.conv) : V_NONE;
    return tuple_pack(4, literal, sub(it->str, f.name_s, f.name_e), spec, conv);
}

static Value s_formatter_parser(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_string.formatter_parser", 1, 1, 0, {"str", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!str_check(a[0])) return err_format(&exc_TypeError, "expected str, got %T", a[0]);
    FormatterIterObject *it = (FormatterIterObject *)obj_alloc(&formatteriter_type, sizeof(FormatterIterObject));
    it->str = a[0];
    it->pos = 0;
    return V_FROM_PTR(it);
}

/* ---- formatter_field_name_split --------------------------------------------------------- */

typedef struct FieldNameIterObject {
    Object hdr;
    Value str;
    int64_t pos;        /* byte offset of the next ".attr" or "[key]" */
} FieldNameIterObject;

/* (is_attribute, name): the name an int when it is decimal digits in [] */
static Value fieldnameiter_next(Value self) {
    FieldNameIterObject *it = V_AS(FieldNameIterObject, self);
    bool is_attr;
    int64_t ns, ne, index;
    int r = fmt_field_next(str_data(it->str), str_nbytes(it->str), &it->pos, &is_attr, &ns, &ne, &index);
    if (r <= 0) return VNULL;
    Value name = index >= 0 ? int_from_i64(index) : sub(it->str, ns, ne);
    return tuple_pack(2, v_bool(is_attr), name);
}

static Value s_formatter_field_name_split(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_string.formatter_field_name_split", 1, 1, 0, {"str", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value s = a[0];
    if (!str_check(s)) return err_format(&exc_TypeError, "expected str, got %T", s);
    int64_t index;
    int64_t p = fmt_field_first(str_data(s), str_nbytes(s), &index);
    if (index == -2) return VNULL;
    FieldNameIterObject *it = (FieldNameIterObject *)obj_alloc(&fieldnameiter_type, sizeof(FieldNameIterObject));
    it->str = s;
    it->pos = p;
    Value first = index >= 0 ? int_from_i64(index) : sub(s, 0, p);
    return tuple_pack(2, first, V_FROM_PTR(it));
}

static Type formatteriter_type = {
    .tname = "formatteriterator",
    .flags = TF_ABSTRACT_NEW,
    .basicsize = sizeof(FormatterIterObject),
    .iter = iter_self,
    .iternext = formatteriter_next,
};

static Type fieldnameiter_type = {
    .tname = "fieldnameiterator",
    .flags = TF_ABSTRACT_NEW,
    .basicsize = sizeof(FieldNameIterObject),
    .iter = iter_self,
    .iternext = fieldnameiter_next,
};

static const MethodDef string_functions[] = {
    {"formatter_parser", s_formatter_parser, MF_KEYWORDS, NULL},
    {"formatter_field_name_split", s_formatter_field_name_split, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _string_module_create(void) {
    if (!(formatteriter_type.flags & TF_READY)) {
        formatteriter_type.name = str_intern_cstr("formatteriterator");
        type_ready(&formatteriter_type);
        fieldnameiter_type.name = str_intern_cstr("fieldnameiterator");
        type_ready(&fieldnameiter_type);
    }
    Value m = module_new_cstr("_string");
    module_add(m, "__doc__", str_from_cstr("string helper module"));
    module_add_functions(m, string_functions);
    return m;
}
