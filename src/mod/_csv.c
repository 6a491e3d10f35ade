/* _csv.c: the _csv module (csv.py imports it): the CSV parser and writer
 * with CPython 3.11's dialects, state machine, quoting rules and messages.
 *
 * A Dialect is an immutable record of options, made by the Dialect type
 * from a registered name, any object with the options as attributes, and
 * keyword overrides. Character options are code points; NOT_SET stands for
 * None (so that '\0' is an ordinary character, as in 3.11).
 *
 * The reader feeds the code points of each input line to a state machine,
 * then EOL (a value no character has) to mark the line's end; a record ends
 * when the machine is back in START_RECORD after a line. Fields are built
 * as UTF-8 in a Buf; the field size limit counts code points.
 *
 * The writer builds a whole record as UTF-8 and makes one write() call, so
 * that a record that fails (no escapechar, bad item) writes nothing.
 *
 * Module state (the error class, the dialect registry, the field size
 * limit) is shared by every instance of the module, as the types are. */
#include <string.h>

#include "../runtime.h"
#include "modules.h"

#define NOT_SET ((uint32_t)-1)   /* a character option given as None */
#define EOL ((uint32_t)-2)       /* end of an input line (parser only) */

enum { QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE };

typedef enum {
    START_RECORD, START_FIELD, ESCAPED_CHAR, IN_FIELD, IN_QUOTED_FIELD,
    ESCAPE_IN_QUOTED_FIELD, QUOTE_IN_QUOTED_FIELD, EAT_CRNL, AFTER_ESCAPED_CRNL
} ParserState;

typedef struct DialectObject {
    Object hdr;
    bool doublequote, skipinitialspace, strict;
    int quoting;
    uint32_t delimiter, quotechar, escapechar;   /* NOT_SET: None */
    Value lineterminator;                        /* str */
} DialectObject;

typedef struct ReaderObject {
    Object hdr;
    Value input_iter;
    Value dialect;          /* Dialect */
    Value fields;           /* list: the record being parsed */
    ParserState state;
    Buf field;              /* the field being parsed, UTF-8 */
    int64_t field_len;      /* ... its length in code points */
    bool numeric_field;     /* QUOTE_NONNUMERIC: convert it to float */
    uint64_t line_num;      /* input lines read */
    /* When the dialect's special characters are all ASCII: the bytes that
       IN_FIELD and IN_QUOTED_FIELD merely copy (UTF-8 continuation and
       lead bytes among them), so that runs of them are copied at once */
    bool fast;
    bool plain_unquoted[256], plain_quoted[256];
} ReaderObject;

typedef struct WriterObject {
    Object hdr;
    Value write;            /* the file's write method */
    Value dialect;          /* Dialect */
    Buf rec;                /* the record being joined, UTF-8 */
    int64_t num_fields;     /* fields joined so far */
} WriterObject;

static Type dialect_type, reader_type, writer_type;
static Value csv_error;      /* _csv.Error */
static Value csv_dialects;   /* dict: name -> Dialect */
static int64_t field_limit = 128 * 1024;

#define DIALECT(v) V_AS(DialectObject, v)

static Value csv_err(const char *msg) { return err_set(V_AS(Type, csv_error), msg); }

static Value registry_get(Value name) {
    Value d = dict_get(csv_dialects, name);
    if (!d && !err_occurred()) csv_err("unknown dialect");
    return d;
}

/* ---- Dialect --------------------------------------------------------------------------- */

/* The parameters of Dialect(), in CPython's order; the reader, writer and
 * register_dialect pass their keyword arguments on to it. */
static const char *const dialect_params[] = {"dialect", "delimiter", "doublequote", "escapechar", "lineterminator",
                                             "quotechar", "quoting", "skipinitialspace", "strict", NULL};
enum { P_DIALECT, P_DELIMITER, P_DOUBLEQUOTE, P_ESCAPECHAR, P_LINETERMINATOR, P_QUOTECHAR, P_QUOTING,
       P_SKIPINITIALSPACE, P_STRICT, P__COUNT };

static int set_bool(bool *target, Value src, bool dflt) {
    if (!src) {
        *target = dflt;
        return 0;
    }
    int b = obj_truth(src);
    if (b < 0) return -1;
    *target = b;
    return 0;
}

/* an exact int that fits a C int */
static int set_int(const char *name, int *target, Value src, int dflt) {
    if (!src) {
        *target = dflt;
        return 0;
    }
    if (!int_check_exact(src)) {
        err_format(&exc_TypeError, "\"%s\" must be an integer", name);
        return -1;
    }
    int64_t v = int_as_i64(src);
    if (v == -1 && err_occurred()) return -1;
    if (v < INT32_MIN || v > INT32_MAX) {
        err_set(&exc_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    *target = (int)v;
    return 0;
}

/* a 1-character str; None too (NOT_SET) when allow_none */
static int set_char(const char *name, uint32_t *target, Value src, uint32_t dflt, bool allow_none) {
    if (!src) {
        *target = dflt;
        return 0;
    }
    if (allow_none && src == V_NONE) {
        *target = NOT_SET;
        return 0;
    }
    if (!str_check(src)) {
        err_format(&exc_TypeError, "\"%s\" must be string%s, not %T", name, allow_none ? " or None" : "", src);
        return -1;
    }
    if (str_len(src) != 1) {
        err_format(&exc_TypeError, "\"%s\" must be a 1-character string", name);
        return -1;
    }
    *target = str_char_at(src, 0);
    return 0;
}

/* Make a dialect of type t from p[P__COUNT] (VNULL: not given), as
 * Dialect(dialect, **options): options missing are read from the dialect
 * argument (a registered name, a Dialect, or any object), else defaulted. */
static Value dialect_make(Type *t, Value *p) {
    Value src = p[P_DIALECT];
    if (src && str_check(src)) {
        src = registry_get(src);
        if (!src) return VNULL;
    }
    bool overrides = false;
    for (int i = P_DELIMITER; i < P__COUNT; i++) overrides |= p[i] != VNULL;
    /* a Dialect is immutable: reuse it when nothing changes */
    if (src && !overrides && obj_isinstance_type(src, &dialect_type)) return src;

    Value o[P__COUNT];
    memcpy(o, p, sizeof o);
    if (src) {
        /* attributes the object lacks (or fails to give) keep the default */
        for (int i = P_DELIMITER; i < P__COUNT; i++) {
            if (o[i]) continue;
            o[i] = obj_getattr_cstr(src, dialect_params[i]);
            if (!o[i]) err_clear();
        }
    }
    DialectObject *d = (DialectObject *)obj_alloc(t, t->basicsize);
    if (t->attrs_offset) instance_attrs(V_FROM_PTR(d), t)->map = t->root_map;
    if (set_char("delimiter", &d->delimiter, o[P_DELIMITER], ',', false) < 0 ||
        set_bool(&d->doublequote, o[P_DOUBLEQUOTE], true) < 0 ||
        set_char("escapechar", &d->escapechar, o[P_ESCAPECHAR], NOT_SET, true) < 0)
        return VNULL;
    Value lt = o[P_LINETERMINATOR];
    if (!lt) d->lineterminator = str_from_cstr("\r\n");
    else if (lt == V_NONE) d->lineterminator = VNULL;
    else if (!str_check(lt)) return err_set(&exc_TypeError, "\"lineterminator\" must be a string");
    else d->lineterminator = lt;
    if (set_char("quotechar", &d->quotechar, o[P_QUOTECHAR], '"', true) < 0 ||
        set_int("quoting", &d->quoting, o[P_QUOTING], QUOTE_MINIMAL) < 0 ||
        set_bool(&d->skipinitialspace, o[P_SKIPINITIALSPACE], false) < 0 ||
        set_bool(&d->strict, o[P_STRICT], false) < 0)
        return VNULL;

    if (d->quoting < QUOTE_MINIMAL || d->quoting > QUOTE_NONE)
        return err_set(&exc_TypeError, "bad \"quoting\" value");
    /* quotechar=None alone means no quoting */
    if (o[P_QUOTECHAR] == V_NONE && !o[P_QUOTING]) d->quoting = QUOTE_NONE;
    if (d->quoting != QUOTE_NONE && d->quotechar == NOT_SET)
        return err_set(&exc_TypeError, "quotechar must be set if quoting enabled");
    if (!d->lineterminator) return err_set(&exc_TypeError, "lineterminator must be set");
    return V_FROM_PTR(d);
}

/* Dialect(dialect, **options) from a vectorcall. Its messages are those of
 * CPython's PyArg_ParseTupleAndKeywords with an unnamed format, which name
 * no function: the checks before arg_parse give them. */
static Value dialect_call(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"Dialect", 0, 0, 0,
        {"dialect", "delimiter", "doublequote", "escapechar", "lineterminator", "quotechar", "quoting",
         "skipinitialspace", "strict", NULL}};
    int64_t nkw = kwnames ? tuple_size(kwnames) : 0;
    if (nargs + (size_t)nkw > P__COUNT)
        return err_format(&exc_TypeError, "function takes at most %d arguments (%zd given)", P__COUNT,
                          (ssize_t)(nargs + (size_t)nkw));
    for (int64_t k = 0; k < nkw; k++) {
        Value name = tuple_get(kwnames, k);
        int i = 0;
        while (dialect_params[i] && !str_eq_cstr(name, dialect_params[i])) i++;
        if (!dialect_params[i])
            return err_format(&exc_TypeError, "'%U' is an invalid keyword argument for this function", name);
        if ((size_t)i < nargs)
            return err_format(&exc_TypeError, "argument for function given by name ('%s') and position (%d)",
                              dialect_params[i], i + 1);
    }
    Value p[P__COUNT];
    if (arg_parse(&spec, args, nargs, kwnames, p) < 0) return VNULL;
    return dialect_make(t, p);
}

static Value dialect_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return dialect_call(t, args, nargs, kwnames);
}

/* Dialect(dialect, **kw) where kw are a call's keyword arguments (values
 * at kwvals, names in kwnames): what reader, writer and register_dialect
 * make from their arguments. */
static Value dialect_from(Value dialect, Value *kwvals, Value kwnames) {
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0, n = dialect ? 1 : 0;
    Value local[1 + P__COUNT];
    Value *a = n + nkw <= sizeof local / sizeof *local ? local : gc_alloc(sizeof(Value) * (n + nkw));
    if (dialect) a[0] = dialect;
    for (size_t k = 0; k < nkw; k++) a[n + k] = kwvals[k];
    return dialect_call(&dialect_type, a, n, kwnames);
}

static Value char_or_none(uint32_t c) { return c == NOT_SET ? V_NONE : str_from_codepoint(c); }

static Value d_get_delimiter(Value self) { return char_or_none(DIALECT(self)->delimiter); }
static Value d_get_escapechar(Value self) { return char_or_none(DIALECT(self)->escapechar); }
static Value d_get_quotechar(Value self) { return char_or_none(DIALECT(self)->quotechar); }
static Value d_get_lineterminator(Value self) { return DIALECT(self)->lineterminator; }
static Value d_get_quoting(Value self) { return v_int(DIALECT(self)->quoting); }
static Value d_get_doublequote(Value self) { return v_bool(DIALECT(self)->doublequote); }
static Value d_get_skipinitialspace(Value self) { return v_bool(DIALECT(self)->skipinitialspace); }
static Value d_get_strict(Value self) { return v_bool(DIALECT(self)->strict); }

/* what CPython's read-only member attributes say to a store or delete */
static int readonly_set(Value self, Value v) {
    err_set(&exc_AttributeError, "readonly attribute");
    return -1;
}

/* __reduce__ and __reduce_ex__: dialects are not picklable (nor copyable) */
static Value d_reduce(Value *args, size_t nargs, Value kwnames) {
    return err_format(&exc_TypeError, "cannot pickle '%U' instances", type_of(args[0])->name);
}

/* ---- reader ------------------------------------------------------------------------------ */

static int parse_save_field(ReaderObject *r) {
    Value field = str_new(r->field.data, r->field.len);
    r->field.len = 0;
    r->field.data[0] = 0;
    r->field_len = 0;
    if (r->numeric_field) {
        r->numeric_field = false;
        field = obj_call1(V_FROM_PTR(&float_type), field);
        if (!field) return -1;
    }
    /* a next() on this reader from inside its input's iterator took the
       list: the record goes on in a new one */
    if (!r->fields) r->fields = list_new(0);
    list_append(r->fields, field);
    return 0;
}

static int parse_add_char(ReaderObject *r, uint32_t c) {
    if (r->field_len >= field_limit) {
        err_format(V_AS(Type, csv_error), "field larger than field limit (%lld)", (long long)field_limit);
        return -1;
    }
    if (c < 0x80) {
        buf_putc(&r->field, (char)c);
    } else {
        char u[4];
        buf_put(&r->field, u, (size_t)utf8_encode(c, u));
    }
    r->field_len++;
    return 0;
}

/* One step of the parser: c is a code point or EOL. */
static int parse_process_char(ReaderObject *r, uint32_t c) {
    DialectObject *d = DIALECT(r->dialect);
    bool nl = c == '\n' || c == '\r';
    switch (r->state) {
    case START_RECORD:
        if (c == EOL) break;   /* an empty line: the record is [] */
        if (nl) {
            r->state = EAT_CRNL;
            break;
        }
        r->state = START_FIELD;
        /* the character starts the first field */
        /* fall through */
    case START_FIELD:
        if (nl || c == EOL) {
            if (parse_save_field(r) < 0) return -1;
            r->state = c == EOL ? START_RECORD : EAT_CRNL;
        } else if (c == d->quotechar && d->quoting != QUOTE_NONE) {
            r->state = IN_QUOTED_FIELD;
        } else if (c == d->escapechar) {
            r->state = ESCAPED_CHAR;
        } else if (c == ' ' && d->skipinitialspace) {
            /* spaces before a field are dropped */
        } else if (c == d->delimiter) {
            if (parse_save_field(r) < 0) return -1;
        } else {
            /* an unquoted field: the one kind QUOTE_NONNUMERIC converts */
            if (d->quoting == QUOTE_NONNUMERIC) r->numeric_field = true;
            if (parse_add_char(r, c) < 0) return -1;
            r->state = IN_FIELD;
        }
        break;
    case ESCAPED_CHAR:
        if (nl) {
            if (parse_add_char(r, c) < 0) return -1;
            r->state = AFTER_ESCAPED_CRNL;
            break;
        }
        if (c == EOL) c = '\n';   /* an escape at the end of a line escapes its newline */
        if (parse_add_char(r, c) < 0) return -1;
        r->state = IN_FIELD;
        break;
    case AFTER_ESCAPED_CRNL:
        if (c == EOL) break;   /* the field goes on in the next line */
        /* fall through */
    case IN_FIELD:
        if (nl || c == EOL) {
            if (parse_save_field(r) < 0) return -1;
            r->state = c == EOL ? START_RECORD : EAT_CRNL;
        } else if (c == d->escapechar) {
            r->state = ESCAPED_CHAR;
        } else if (c == d->delimiter) {
            if (parse_save_field(r) < 0) return -1;
            r->state = START_FIELD;
        } else if (parse_add_char(r, c) < 0) {
            return -1;
        }
        break;
    case IN_QUOTED_FIELD:
        if (c == EOL) {
            /* the quoted field goes on in the next line */
        } else if (c == d->escapechar) {
            r->state = ESCAPE_IN_QUOTED_FIELD;
        } else if (c == d->quotechar && d->quoting != QUOTE_NONE) {
            /* a closing quote, or the first of a doubled one */
            r->state = d->doublequote ? QUOTE_IN_QUOTED_FIELD : IN_FIELD;
        } else if (parse_add_char(r, c) < 0) {
            return -1;
        }
        break;
    case ESCAPE_IN_QUOTED_FIELD:
        if (c == EOL) c = '\n';
        if (parse_add_char(r, c) < 0) return -1;
        r->state = IN_QUOTED_FIELD;
        break;
    case QUOTE_IN_QUOTED_FIELD:
        /* after a quote inside a quoted field */
        if (d->quoting != QUOTE_NONE && c == d->quotechar) {
            if (parse_add_char(r, c) < 0) return -1;   /* "" is one " */
            r->state = IN_QUOTED_FIELD;
        } else if (c == d->delimiter) {
            if (parse_save_field(r) < 0) return -1;
            r->state = START_FIELD;
        } else if (nl || c == EOL) {
            if (parse_save_field(r) < 0) return -1;
            r->state = c == EOL ? START_RECORD : EAT_CRNL;
        } else if (!d->strict) {
            if (parse_add_char(r, c) < 0) return -1;
            r->state = IN_FIELD;
        } else {
            Value delim = str_from_codepoint(d->delimiter), quote = str_from_codepoint(d->quotechar);
            err_format(V_AS(Type, csv_error), "'%U' expected after '%U'", delim, quote);
            return -1;
        }
        break;
    case EAT_CRNL:
        if (nl) {
        } else if (c == EOL) {
            r->state = START_RECORD;
        } else {
            csv_err("new-line character seen in unquoted field - do you need to open the file in "
                    "universal-newline mode?");
            return -1;
        }
        break;
    }
    return 0;
}

static void parse_reset(ReaderObject *r) {
    r->fields = list_new(0);
    r->field.len = 0;
    r->field.data[0] = 0;
    r->field_len = 0;
    r->state = START_RECORD;
    r->numeric_field = false;
}

static Value reader_iternext(Value self) {
    ReaderObject *r = V_AS(ReaderObject, self);
    parse_reset(r);
    do {
        Value line = obj_next(r->input_iter);
        if (!line) {
            if (err_occurred()) return VNULL;
            /* the input ends inside a record */
            if (r->field_len != 0 || r->state == IN_QUOTED_FIELD) {
                if (DIALECT(r->dialect)->strict) return csv_err("unexpected end of data");
                if (parse_save_field(r) < 0) return VNULL;
                break;
            }
            return VNULL;
        }
        if (!str_check(line))
            return err_format(V_AS(Type, csv_error),
                              "iterator should return strings, not %T (the file should be opened in text mode)", line);
        r->line_num++;
        const char *p = str_data(line), *end = p + str_nbytes(line);
        while (p < end) {
            if (r->fast && (r->state == IN_FIELD || r->state == IN_QUOTED_FIELD)) {
                const bool *plain = r->state == IN_FIELD ? r->plain_unquoted : r->plain_quoted;
                const char *q = p;
                unsigned char high = 0;   /* any non-ASCII byte seen */
                while (q < end && plain[(unsigned char)*q]) high |= (unsigned char)*q++;
                if (q > p) {
                    int64_t n = high & 0x80 ? utf8_count(p, (size_t)(q - p)) : q - p;
                    /* the error the first character past the limit raises */
                    if (r->field_len + n > field_limit) {
                        err_format(V_AS(Type, csv_error), "field larger than field limit (%lld)",
                                   (long long)field_limit);
                        return VNULL;
                    }
                    buf_put(&r->field, p, (size_t)(q - p));
                    r->field_len += n;
                    p = q;
                    continue;
                }
            }
            uint32_t c = (unsigned char)*p;
            if (c < 0x80) {
                p++;
            } else {
                int l;
                c = utf8_decode(p, &l);
                p += l;
            }
            if (parse_process_char(r, c) < 0) return VNULL;
        }
        if (parse_process_char(r, EOL) < 0) return VNULL;
    } while (r->state != START_RECORD);
    Value fields = r->fields;
    r->fields = VNULL;
    return fields;
}

static Value iter_self(Value v) { return v; }

static Value r_get_dialect(Value self) { return V_AS(ReaderObject, self)->dialect; }
static Value r_get_line_num(Value self) { return int_from_u64(V_AS(ReaderObject, self)->line_num); }

/* reader(iterable, dialect='excel', **fmtparams) */
static Value m_reader(Value *args, size_t nargs, Value kwnames) {
    /* CPython unpacks the positional arguments with an empty name */
    if (arg_count("", nargs, 1, 2) < 0) return VNULL;
    Value it = obj_iter(args[0]);
    if (!it) return VNULL;
    Value dialect = dialect_from(nargs > 1 ? args[1] : VNULL, args + nargs, kwnames);
    if (!dialect) return VNULL;
    ReaderObject *r = (ReaderObject *)obj_alloc(&reader_type, sizeof(ReaderObject));
    r->input_iter = it;
    r->dialect = dialect;
    buf_init(&r->field, 64);
    DialectObject *d = DIALECT(dialect);
    r->fast = d->delimiter < 0x80 && (d->quotechar < 0x80 || d->quotechar == NOT_SET) &&
              (d->escapechar < 0x80 || d->escapechar == NOT_SET);
    if (r->fast) {
        for (int i = 0; i < 256; i++) r->plain_unquoted[i] = r->plain_quoted[i] = true;
        r->plain_unquoted['\n'] = r->plain_unquoted['\r'] = r->plain_unquoted[d->delimiter] = false;
        if (d->escapechar != NOT_SET) r->plain_unquoted[d->escapechar] = r->plain_quoted[d->escapechar] = false;
        if (d->quotechar != NOT_SET) r->plain_quoted[d->quotechar] = false;
    }
    parse_reset(r);
    return V_FROM_PTR(r);
}

/* ---- writer ------------------------------------------------------------------------------ */

static bool char_in_str(uint32_t c, Value s) {
    if (c < 0x80) return memchr(str_data(s), (int)c, (size_t)str_nbytes(s)) != NULL;
    char u[4];
    int n = utf8_encode(c, u);
    return str_nbytes(s) >= n && memmem(str_data(s), (size_t)str_nbytes(s), u, (size_t)n) != NULL;
}

static void put_char(Buf *b, uint32_t c) {
    if (c < 0x80) {
        buf_putc(b, (char)c);
    } else {
        char u[4];
        buf_put(b, u, (size_t)utf8_encode(c, u));
    }
}

/* Append a field (a str, or VNULL for None: empty) to the record, quoted
 * when `quoted` or when its characters need it. Two passes: the first
 * decides on quotes (they come before the characters) and finds a
 * character that cannot be written; the second writes. */
static int join_append(WriterObject *w, Value field, bool quoted) {
    DialectObject *d = DIALECT(w->dialect);
    const char *s = field ? str_data(field) : "", *end = s + (field ? str_nbytes(field) : 0);
    for (int pass = 0; pass < 2; pass++) {
        Buf *b = &w->rec;
        if (pass == 1) {
            if (w->num_fields > 0) put_char(b, d->delimiter);
            if (quoted) put_char(b, d->quotechar);
        }
        for (const char *p = s; p < end;) {
            int l = 1;
            uint32_t c = (unsigned char)*p < 0x80 ? (unsigned char)*p : utf8_decode(p, &l);
            p += l;
            bool want_escape = false;
            if (c == d->delimiter || c == d->escapechar || c == d->quotechar || c == '\n' || c == '\r' ||
                char_in_str(c, d->lineterminator)) {
                if (d->quoting == QUOTE_NONE) {
                    want_escape = true;
                } else {
                    if (c == d->quotechar) {
                        if (d->doublequote) {
                            if (pass == 1) put_char(b, d->quotechar);
                        } else {
                            want_escape = true;
                        }
                    } else if (c == d->escapechar) {
                        want_escape = true;
                    }
                    if (!want_escape) quoted = true;
                }
                if (want_escape) {
                    if (d->escapechar == NOT_SET) {
                        csv_err("need to escape, but no escapechar set");
                        return -1;
                    }
                    if (pass == 1) put_char(b, d->escapechar);
                }
            }
            if (pass == 1) put_char(b, c);
        }
        if (pass == 1 && quoted) put_char(b, d->quotechar);
    }
    w->num_fields++;
    return 0;
}

/* PyNumber_Check: what QUOTE_NONNUMERIC leaves unquoted */
static bool is_number(Value v) {
    if (int_check(v) || float_check(v) || complex_check(v)) return true;
    Type *t = type_of(v);
    return type_lookup(t, NAME(__index__)) || type_lookup(t, NAME(__int__)) || type_lookup(t, NAME(__float__));
}

static Value writerow(WriterObject *w, Value seq) {
    DialectObject *d = DIALECT(w->dialect);
    Value it = obj_iter(seq);
    if (!it) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_format(V_AS(Type, csv_error), "iterable expected, not %T", seq);
        }
        return VNULL;
    }
    w->rec.len = 0;
    w->rec.data[0] = 0;
    w->num_fields = 0;
    Value field;
    while ((field = obj_next(it))) {
        bool quoted = d->quoting == QUOTE_ALL || (d->quoting == QUOTE_NONNUMERIC && !is_number(field));
        if (field == V_NONE) {
            field = VNULL;
        } else if (!str_check(field)) {
            field = obj_str(field);
            if (!field) return VNULL;
        }
        if (join_append(w, field, quoted) < 0) return VNULL;
    }
    if (err_occurred()) return VNULL;
    if (w->num_fields > 0 && w->rec.len == 0) {
        /* a lone empty field would read back as an empty record */
        if (d->quoting == QUOTE_NONE) return csv_err("single empty field record must be quoted");
        w->num_fields--;
        if (join_append(w, VNULL, true) < 0) return VNULL;
    }
    buf_put(&w->rec, str_data(d->lineterminator), (size_t)str_nbytes(d->lineterminator));
    Value line = str_new(w->rec.data, w->rec.len);
    return obj_call1(w->write, line);
}

static Value w_writerow(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"writer.writerow", 1, 1, 0, {"row", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return writerow(V_AS(WriterObject, args[0]), a[0]);
}

static Value w_writerows(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"writer.writerows", 1, 1, 0, {"rows", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value it = obj_iter(a[0]);
    if (!it) return VNULL;
    Value row;
    while ((row = obj_next(it)))
        if (!writerow(V_AS(WriterObject, args[0]), row)) return VNULL;
    if (err_occurred()) return VNULL;
    return V_NONE;
}

static Value w_get_dialect(Value self) { return V_AS(WriterObject, self)->dialect; }

/* writer(fileobj, dialect='excel', **fmtparams) */
static Value m_writer(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("", nargs, 1, 2) < 0) return VNULL;
    Value write = obj_getattr_opt(args[0], NAME(write));
    if (!write && err_occurred()) return VNULL;
    if (!write || !type_of(write)->call) return err_set(&exc_TypeError, "argument 1 must have a \"write\" method");
    Value dialect = dialect_from(nargs > 1 ? args[1] : VNULL, args + nargs, kwnames);
    if (!dialect) return VNULL;
    WriterObject *w = (WriterObject *)obj_alloc(&writer_type, sizeof(WriterObject));
    w->write = write;
    w->dialect = dialect;
    buf_init(&w->rec, 256);
    return V_FROM_PTR(w);
}

/* ---- the dialect registry and the field size limit ---------------------------------------- */

static Value m_list_dialects(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_csv.list_dialects", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args, nargs, kwnames, NULL) < 0) return VNULL;
    return dict_keys_list(csv_dialects);
}

/* register_dialect(name, dialect=None, **fmtparams) */
static Value m_register_dialect(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("", nargs, 1, 2) < 0) return VNULL;
    if (!str_check(args[0])) return err_set(&exc_TypeError, "dialect name must be a string");
    Value dialect = dialect_from(nargs > 1 ? args[1] : VNULL, args + nargs, kwnames);
    if (!dialect) return VNULL;
    if (dict_set(csv_dialects, args[0], dialect) < 0) return VNULL;
    return V_NONE;
}

static Value m_unregister_dialect(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"unregister_dialect", 0, 1, 0, {"name", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (!registry_get(a[0])) return VNULL;
    if (dict_del(csv_dialects, a[0]) < 0) return VNULL;
    return V_NONE;
}

static Value m_get_dialect(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"get_dialect", 0, 1, 0, {"name", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    return registry_get(a[0]);
}

static Value m_field_size_limit(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"field_size_limit", 0, 0, 0, {"new_limit", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t old = field_limit;
    if (a[0]) {
        if (!int_check_exact(a[0])) return err_set(&exc_TypeError, "limit must be an integer");
        int64_t v = int_as_i64(a[0]);
        if (v == -1 && err_occurred()) return VNULL;
        field_limit = v;
    }
    return int_from_i64(old);
}

/* ---- the module -------------------------------------------------------------------------- */

static const GetSetDef dialect_getsets[] = {
    {"delimiter", d_get_delimiter, NULL, NULL},
    {"escapechar", d_get_escapechar, NULL, NULL},
    {"lineterminator", d_get_lineterminator, NULL, NULL},
    {"quotechar", d_get_quotechar, NULL, NULL},
    {"quoting", d_get_quoting, NULL, NULL},
    {"skipinitialspace", d_get_skipinitialspace, readonly_set, NULL},
    {"doublequote", d_get_doublequote, readonly_set, NULL},
    {"strict", d_get_strict, readonly_set, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef dialect_methods[] = {
    {"__reduce__", d_reduce, 0, "Dialects cannot be pickled."},
    {"__reduce_ex__", d_reduce, 0, "Dialects cannot be pickled."},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef reader_getsets[] = {
    {"dialect", r_get_dialect, readonly_set, NULL},
    {"line_num", r_get_line_num, readonly_set, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef writer_methods[] = {
    {"writerow", w_writerow, MF_KEYWORDS,
     "writerow(iterable)\n\nFormat the items of the iterable as one CSV record and write it to the file.\n"
     "Items that are not strings are written as str() makes them; None as an empty field."},
    {"writerows", w_writerows, MF_KEYWORDS,
     "writerows(iterable of iterables)\n\nWrite each iterable of the argument as a CSV record, as writerow()."},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef writer_getsets[] = {
    {"dialect", w_get_dialect, readonly_set, NULL},
    {NULL, NULL, NULL, NULL},
};

static Type dialect_type = {
    .tname = "_csv.Dialect",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(DialectObject),
    .new_ = dialect_new,
};

static Type reader_type = {
    .tname = "_csv.reader",
    .flags = TF_ABSTRACT_NEW,
    .basicsize = sizeof(ReaderObject),
    .iter = iter_self,
    .iternext = reader_iternext,
};

static Type writer_type = {
    .tname = "_csv.writer",
    .flags = TF_ABSTRACT_NEW,
    .basicsize = sizeof(WriterObject),
};

static const char module_doc[] =
    "CSV parsing and writing.\n"
    "\n"
    "The C part of the csv module (import csv rather than this). It parses\n"
    "and writes records of comma separated values (PEP 305) as a dialect\n"
    "describes them, and keeps the registry of named dialects.\n"
    "\n"
    "A dialect is a registered name, or any object (a class or an instance)\n"
    "whose attributes give the settings; keyword arguments override them:\n"
    "\n"
    "    * delimiter - the one character that separates fields (',').\n"
    "    * quotechar - the one character that quotes fields ('\"'); None for\n"
    "        no quoting.\n"
    "    * escapechar - the one character that escapes the delimiter, the\n"
    "        quotechar and itself when they are not quoted (None).\n"
    "    * doublequote - whether a quotechar inside a quoted field is written\n"
    "        and read as two of them (True).\n"
    "    * skipinitialspace - whether spaces just after a delimiter are\n"
    "        skipped when reading (False).\n"
    "    * lineterminator - the string written after each record ('\\r\\n');\n"
    "        the reader accepts '\\r', '\\n' and '\\r\\n'.\n"
    "    * quoting - which fields the writer quotes: QUOTE_MINIMAL (those\n"
    "        that need it), QUOTE_ALL, QUOTE_NONNUMERIC (all but numbers;\n"
    "        the reader converts unquoted fields to float) or QUOTE_NONE\n"
    "        (none: special characters are escaped).\n"
    "    * strict - whether bad input raises Error rather than being read\n"
    "        as best it can (False).\n";

static const MethodDef csv_functions[] = {
    {"reader", m_reader, MF_KEYWORDS,
     "    csv_reader = reader(iterable [, dialect='excel']\n"
     "                        [optional keyword args])\n"
     "    for row in csv_reader:\n"
     "        process(row)\n\n"
     "Read CSV records from the lines the iterable gives (a file opened\n"
     "with newline='', a list of strings...). Each iteration gives one\n"
     "record, which may span several lines, as a list of strings. The\n"
     "dialect and the keyword arguments choose the format."},
    {"writer", m_writer, MF_KEYWORDS,
     "    csv_writer = csv.writer(fileobj [, dialect='excel']\n"
     "                            [optional keyword args])\n"
     "    csv_writer.writerow(row)\n"
     "    csv_writer.writerows(rows)\n\n"
     "Write CSV records through the write() method of fileobj. The dialect\n"
     "and the keyword arguments choose the format."},
    {"list_dialects", m_list_dialects, MF_KEYWORDS,
     "Return the names of the registered dialects.\n\n    names = csv.list_dialects()"},
    {"register_dialect", m_register_dialect, MF_KEYWORDS,
     "Register a dialect under a name.\n    csv.register_dialect(name[, dialect[, **fmtparams]])"},
    {"unregister_dialect", m_unregister_dialect, MF_KEYWORDS,
     "Remove the dialect registered under a name.\n\n    csv.unregister_dialect(name)"},
    {"get_dialect", m_get_dialect, MF_KEYWORDS,
     "Return the dialect registered under a name.\n\n    dialect = csv.get_dialect(name)"},
    {"field_size_limit", m_field_size_limit, MF_KEYWORDS,
     "Return the largest field the reader accepts; set it when given.\n\n"
     "    csv.field_size_limit([limit])"},
    {NULL, NULL, 0, NULL},
};

Value _csv_module_create(void) {
    if (!(dialect_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("_csv");
        dialect_type.name = str_intern_cstr("Dialect");
        dialect_type.module = mod;
        dialect_type.doc = str_from_cstr("CSV dialect\n\nThe options a CSV reader or writer follows.\n");
        type_add_getsets(&dialect_type, dialect_getsets);
        type_add_methods(&dialect_type, dialect_methods);
        type_ready(&dialect_type);
        reader_type.name = str_intern_cstr("reader");
        reader_type.module = mod;
        reader_type.doc = str_from_cstr("CSV reader\n\nAn iterator over the records of CSV input.\n");
        type_add_getsets(&reader_type, reader_getsets);
        type_ready(&reader_type);
        writer_type.name = str_intern_cstr("writer");
        writer_type.module = mod;
        writer_type.doc = str_from_cstr("CSV writer\n\nWrites records as CSV to a file.\n");
        type_add_methods(&writer_type, writer_methods);
        type_add_getsets(&writer_type, writer_getsets);
        type_ready(&writer_type);
    }
    if (!csv_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("_csv"));
        csv_error = type_new_class(&type_type, str_from_cstr("Error"), bases, ns, VNULL);
        if (!csv_error) return VNULL;
        csv_dialects = dict_new();
    }
    Value m = module_new_cstr("_csv");
    module_add_functions(m, csv_functions);
    module_add(m, "__doc__", str_from_cstr(module_doc));
    module_add(m, "__version__", str_from_cstr("1.0"));
    module_add(m, "Dialect", V_FROM_PTR(&dialect_type));
    module_add(m, "Reader", V_FROM_PTR(&reader_type));
    module_add(m, "Writer", V_FROM_PTR(&writer_type));
    module_add(m, "Error", csv_error);
    module_add(m, "_dialects", csv_dialects);
    module_add(m, "QUOTE_MINIMAL", v_int(QUOTE_MINIMAL));
    module_add(m, "QUOTE_ALL", v_int(QUOTE_ALL));
    module_add(m, "QUOTE_NONNUMERIC", v_int(QUOTE_NONNUMERIC));
    module_add(m, "QUOTE_NONE", v_int(QUOTE_NONE));
    return m;
}
