/* str_format.c: string formatting: the % operator (str_mod), str.format and
 * str.format_map, and format(v, spec) (obj_format), which f-strings use too.
 *
 * The number formatting itself (format specs, printf-style conversions) is
 * in util/numfmt.c; this file parses format strings, fetches arguments,
 * converts objects and raises CPython's exceptions. Both parsers work on the
 * UTF-8 bytes of the format string: every character with a meaning ('%',
 * '{', '}', '!', ':', '.', '[', ']', digits) is ASCII, so a non-ASCII byte
 * is always literal text (or part of a key, a fill character...).
 */
#include <limits.h>
#include <stdio.h>

#include "../runtime.h"
#include "../util/numfmt.h"

int unicode_decimal_value(uint32_t c);   /* str_methods.c */

static Value raise_numfmt(const NumFmtError *e) {
    switch (e->type) {
    case 'O': return err_set(&exc_OverflowError, e->msg);
    case 'T': return err_set(&exc_TypeError, e->msg);
    case 'M': return err_no_memory();
    default: return err_set(&exc_ValueError, e->msg);
    }
}

/* ---- format(v, spec) ------------------------------------------------------------ */

/* Format v by the builtin rules of kind 'i' (int), 'f' (float) or 's' (str),
 * `what` naming its type in messages. An empty spec means str(v). */
static Value format_builtin(Value v, Value spec, char kind, const char *what) {
    if (str_nbytes(spec) == 0) return obj_str(v);
    FormatSpec fs;
    NumFmtError e;
    if (numfmt_parse_spec_for(str_data(spec), (size_t)str_nbytes(spec), &fs, what, kind, &e) < 0)
        return raise_numfmt(&e);
    Buf b;
    char b_mem[256];
    buf_init_local(&b, b_mem, sizeof b_mem);
    int rc;
    if (kind == 'i') {
        mpz_t z;
        mpz_init(z);
        int_to_mpz(v, z);
        rc = numfmt_format_int(z, &fs, &b, &e);
        mpz_clear(z);
    } else if (kind == 'f') {
        rc = numfmt_format_double(float_val(v), &fs, &b, &e);
    } else {
        rc = numfmt_format_str(str_data(v), (size_t)str_nbytes(v), (size_t)str_len(v), &fs, &b, &e);
    }
    if (rc < 0) return raise_numfmt(&e);
    return str_from_buf(&b);
}

/* str.__format__ (str_methods.c registers it). */
Value str_format_spec(Value s, Value spec) { return format_builtin(s, spec, 's', type_of(s)->tname); }

/* The __format__ methods of int, float and str as found in their type
 * dicts: a class inheriting one of them unchanged is formatted directly. */
static Value int_format_descr, float_format_descr, str_format_descr;

static char builtin_format_kind(Value meth) {
    if (!int_format_descr) {
        int_format_descr = dict_get_str(int_type.dict, NAME(__format__));
        float_format_descr = dict_get_str(float_type.dict, NAME(__format__));
        str_format_descr = dict_get_str(str_type.dict, NAME(__format__));
    }
    if (!meth) return 0;
    if (meth == int_format_descr) return 'i';
    if (meth == float_format_descr) return 'f';
    if (meth == str_format_descr) return 's';
    return 0;
}

/* Format v by its builtin base type, ignoring any __format__ override of a
 * subclass: what int.__format__ / float.__format__ should do when called
 * (e.g. through super()) on an instance of a subclass. */
Value obj_format_builtin(Value v, Value spec) {
    if (int_check(v)) return format_builtin(v, spec, 'i', type_of(v)->tname);
    if (float_check(v)) return format_builtin(v, spec, 'f', type_of(v)->tname);
    if (str_check(v)) return format_builtin(v, spec, 's', type_of(v)->tname);
    return obj_format(v, spec);
}

Value obj_format(Value v, Value spec) {
    if (!spec) spec = str_empty;
    if (!str_check(spec)) return err_format(&exc_TypeError, "Format specifier must be a string, not %T", spec);
    bool empty = str_nbytes(spec) == 0;
    /* fast paths for the exact builtin types */
    if (v_is_int(v)) return empty ? int_repr(v) : format_builtin(v, spec, 'i', "int");
    if (v_is_smallfloat(v)) return format_builtin(v, spec, 'f', "float");
    Type *t = V_OBJ(v)->type;
    if (t == &str_type) return empty ? v : format_builtin(v, spec, 's', "str");
    if (t == &int_type) return empty ? int_repr(v) : format_builtin(v, spec, 'i', "int");
    if (t == &float_type) return format_builtin(v, spec, 'f', "float");
    if (t == &bool_type) return format_builtin(v, spec, 'i', "bool");
    Value meth = type_lookup(t, NAME(__format__));
    char kind = builtin_format_kind(meth);
    if (kind) return format_builtin(v, spec, kind, t->tname);
    bool found;
    Value r = obj_call_special(v, NAME(__format__), &spec, 1, &found);
    if (!found) {
        /* __format__ = None blocks it: calling the None fails (CPython's) */
        if (meth == V_NONE) return err_set(&exc_TypeError, "'NoneType' object is not callable");
        return err_format(&exc_TypeError, "Type %s doesn't define __format__", t->tname);
    }
    if (r && !str_check(r)) return err_format(&exc_TypeError, "__format__ must return a str, not %T", r);
    return r;
}

/* ---- the % operator ---------------------------------------------------------------- */

/* Where % takes its arguments from: a tuple's items, or one value. A
 * %(key) conversion replaces them by the looked-up value, as in CPython. */
typedef struct PctArgs {
    Value *items;
    int64_t n, next;
    Value single;
} PctArgs;

static Value pct_next(PctArgs *a) {
    if (a->next < a->n) return a->items[a->next++];
    return err_set(&exc_TypeError, "not enough arguments for format string");
}

/* Whether `v` can serve as the mapping of %(key)s (CPython: has
 * mp_subscript, so lists count too). */
static bool pct_is_mapping(Value v) {
    if (!v_is_ptr(v) || tuple_check(v) || str_check(v)) return false;
    Type *t = V_OBJ(v)->type;
    return t->getitem != NULL;
}

/* Append s (a str) truncated to `prec` code points and padded to `width`. */
static int pct_put_str(Buf *out, Value s, int64_t width, int64_t prec, bool left) {
    int64_t len = str_len(s), nb = str_nbytes(s);
    if (width > ((int64_t)1 << 40)) {
        err_no_memory();
        return -1;
    }
    if (prec >= 0 && prec < len) {
        nb = str_byte_offset(s, prec);
        len = prec;
    }
    if (width > len && !left) buf_fill(out, ' ', (size_t)(width - len));
    buf_put(out, str_data(s), (size_t)nb);
    if (width > len && left) buf_fill(out, ' ', (size_t)(width - len));
    return 0;
}

/* The int that %d/%x take from v, or VNULL with an error. */
static Value pct_int_arg(Value v, char conv) {
    bool index_only = conv == 'o' || conv == 'x' || conv == 'X';
    if (int_check(v)) return v;
    if (float_check(v)) {
        if (index_only) goto wrongtype;
        return int_from_double(float_val(v));
    }
    if (v_is_ptr(v)) {
        bool found = false;
        Value r = VNULL;
        if (!index_only) r = obj_call_special(v, NAME(__int__), NULL, 0, &found);
        if (!found) r = obj_call_special(v, NAME(__index__), NULL, 0, &found);
        if (found) {
            if (!r) {
                if (!err_matches(&exc_TypeError)) return VNULL;
                err_clear();
                goto wrongtype;
            }
            if (!int_check(r))
                return err_format(&exc_TypeError, "__%s__ returned non-int (type %T)", index_only ? "index" : "int", r);
            return r;
        }
    }
wrongtype:
    if (index_only)
        return err_format(&exc_TypeError, "%%%c format: an integer is required, not %T", conv, v);
    return err_format(&exc_TypeError, "%%%c format: a real number is required, not %T", conv, v);
}

static Value str_mod_with(Value fmt, PctArgs pa, Value dict);

Value str_mod(Value fmt, Value args) {
    PctArgs pa;
    pa.single = args;
    if (tuple_check(args)) {
        pa.items = tuple_items(args);
        pa.n = tuple_size(args);
    } else {
        pa.items = &pa.single;
        pa.n = 1;
    }
    pa.next = 0;
    return str_mod_with(fmt, pa, pct_is_mapping(args) ? args : VNULL);
}

/* str.h */
Value str_mod_items(Value fmt, Value *items, int64_t n) {
    PctArgs pa = {.items = items, .n = n, .next = 0, .single = VNULL};
    return str_mod_with(fmt, pa, VNULL);
}

/* fmt % args, the arguments in pa; dict: args when it is a mapping (for
 * "%(key)s"), else VNULL */
static Value str_mod_with(Value fmt, PctArgs pa, Value dict) {
    const char *d = str_data(fmt);
    int64_t n = str_nbytes(fmt), i = 0;
    Buf out;
    char out_mem[256];
    buf_init_local(&out, out_mem, sizeof out_mem);
    while (i < n) {
        const char *pct = memchr(d + i, '%', (size_t)(n - i));
        if (!pct) {
            buf_put(&out, d + i, (size_t)(n - i));
            break;
        }
        buf_put(&out, d + i, (size_t)(pct - (d + i)));
        i = pct - d + 1;
        if (i >= n) return err_set(&exc_ValueError, "incomplete format");
        if (d[i] == '%') {
            buf_putc(&out, '%');
            i++;
            continue;
        }
        if (d[i] == '(') {
            if (!dict) return err_set(&exc_TypeError, "format requires a mapping");
            int depth = 1;
            int64_t ks = ++i;
            while (i < n && depth > 0) {
                if (d[i] == '(') depth++;
                else if (d[i] == ')') depth--;
                i++;
            }
            if (depth > 0) return err_set(&exc_ValueError, "incomplete format key");
            Value key = str_new(d + ks, (size_t)(i - 1 - ks));
            Value v = obj_getitem(dict, key);
            if (!v) return VNULL;
            pa.single = v;
            pa.items = &pa.single;
            pa.n = 1;
            pa.next = 0;
        }
        PercentSpec ps = {.width = -1, .precision = -1};
        for (; i < n; i++) {
            char c = d[i];
            if (c == '-') ps.left = true;
            else if (c == '+') ps.plus = true;
            else if (c == ' ') ps.space = true;
            else if (c == '#') ps.alternate = true;
            else if (c == '0') ps.zero = true;
            else break;
        }
        if (i < n && d[i] == '*') {
            Value v = pct_next(&pa);
            if (!v) return VNULL;
            if (!int_check(v)) return err_set(&exc_TypeError, "* wants int");
            int64_t w = v_is_int(v) ? v_intval(v) : int_as_i64(v);
            if (w == -1 && err_occurred()) {
                err_clear();
                return err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
            }
            if (w < 0) {
                ps.left = true;
                w = -w;
            }
            ps.width = w;
            i++;
        } else if (i < n && d[i] >= '0' && d[i] <= '9') {
            int64_t w = 0;
            for (; i < n && d[i] >= '0' && d[i] <= '9'; i++) {
                int dv = d[i] - '0';
                if (w >= INT64_MAX / 10 && w > (INT64_MAX - dv) / 10) return err_set(&exc_ValueError, "width too big");
                w = w * 10 + dv;
            }
            ps.width = w;
        }
        if (i < n && d[i] == '.') {
            i++;
            int64_t p = 0;
            if (i < n && d[i] == '*') {
                Value v = pct_next(&pa);
                if (!v) return VNULL;
                if (!int_check(v)) return err_set(&exc_TypeError, "* wants int");
                p = int_as_i64_clamped(v, INT64_MIN, INT64_MAX);
                if (!v_is_int(v) || p < INT_MIN || p > INT_MAX)
                    return err_set(&exc_OverflowError, "Python int too large to convert to C int");
                if (p < 0) p = 0;
                i++;
            } else {
                for (; i < n && d[i] >= '0' && d[i] <= '9'; i++) {
                    int dv = d[i] - '0';
                    if (p >= INT_MAX / 10 && p > (INT_MAX - dv) / 10) return err_set(&exc_ValueError, "precision too big");
                    p = p * 10 + dv;
                }
            }
            ps.precision = p;
        }
        if (i < n && (d[i] == 'h' || d[i] == 'l' || d[i] == 'L')) i++;
        if (i >= n) return err_set(&exc_ValueError, "incomplete format");
        int64_t conv_at = i;
        int clen = 1;
        uint32_t conv = (unsigned char)d[i];
        if (conv >= 0x80) conv = utf8_decode(d + i, &clen);
        i += clen;
        Value v = pct_next(&pa);
        if (!v) return VNULL;
        switch (conv) {
        case 's':
        case 'r':
        case 'a': {
            Value s = conv == 's' ? obj_str(v) : conv == 'r' ? obj_repr(v) : obj_ascii(v);
            if (!s) return VNULL;
            if (pct_put_str(&out, s, ps.width, ps.precision, ps.left) < 0) return VNULL;
            break;
        }
        case 'c': {
            Value s;
            if (str_check(v)) {
                if (str_len(v) != 1) return err_set(&exc_TypeError, "%c requires int or char");
                s = v;
            } else {
                Value iv = VNULL;
                if (int_check(v) || (v_is_ptr(v) && type_lookup(type_of(v), NAME(__index__)))) iv = obj_index(v);
                if (!iv) {
                    if (err_occurred() && !err_matches(&exc_TypeError)) return VNULL;
                    err_clear();
                    return err_set(&exc_TypeError, "%c requires int or char");
                }
                int64_t c = int_as_i64_clamped(iv, -1, 0x110000);
                if (c < 0 || c > 0x10FFFF) return err_set(&exc_OverflowError, "%c arg not in range(0x110000)");
                s = str_from_codepoint((uint32_t)c);
            }
            if (pct_put_str(&out, s, ps.width, -1, ps.left) < 0) return VNULL;
            break;
        }
        case 'd':
        case 'i':
        case 'u':
        case 'o':
        case 'x':
        case 'X':
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G': {
            ps.conv = (char)conv;
            NumFmtError e;
            if (v_is_int(v)) {
                if (numfmt_percent_i64(v_intval(v), &ps, &out, &e) < 0) return raise_numfmt(&e);
                break;
            }
            int rc;
            bool float_conv = strchr("eEfFgG", (int)conv) != NULL;
            if (float_conv && !int_check(v)) {
                double x = float_check(v) ? float_val(v) : obj_as_double(v);
                if (x == -1.0 && err_occurred()) return VNULL;
                rc = numfmt_percent_double(x, &ps, &out, &e);
            } else {
                Value iv = float_conv ? v : pct_int_arg(v, (char)conv);
                if (!iv) return VNULL;
                mpz_t z;
                mpz_init(z);
                int_to_mpz(iv, z);
                rc = numfmt_percent_int(z, &ps, &out, &e);
                mpz_clear(z);
            }
            if (rc < 0) return raise_numfmt(&e);
            break;
        }
        default: {
            int64_t at = str_is_ascii(fmt) ? conv_at : utf8_count(d, (size_t)conv_at);
            char hex[16];
            snprintf(hex, sizeof hex, "%x", (unsigned)conv);
            return err_format(&exc_ValueError, "unsupported format character '%c' (0x%s) at index %zd",
                              (conv >= 31 && conv <= 126) ? (int)conv : '?', hex, (ssize_t)at);
        }
        }
    }
    if (pa.next < pa.n && !dict)
        return err_set(&exc_TypeError, "not all arguments converted during string formatting");
    return str_from_buf(&out);
}

/* ---- str.format -------------------------------------------------------------------- */

typedef struct FmtCtx {
    Value *args;        /* positional arguments, then keyword values */
    int64_t nargs;
    Value kwnames;      /* names of the keyword values, or VNULL */
    Value mapping;      /* format_map's mapping, or VNULL */
    int auto_state;     /* 0: no numbered field yet, 1: automatic, 2: manual */
    int64_t auto_next;
} FmtCtx;

/* A field name part made of decimal digits: its value; -1 when it is
 * not a number (or empty); -2 with ValueError when it is too big. */
static int64_t get_integer(const char *s, int64_t n) {
    if (n == 0) return -1;
    int64_t acc = 0, i = 0;
    while (i < n) {
        int l = 1;
        uint32_t c = (unsigned char)s[i];
        if (c >= 0x80) c = utf8_decode(s + i, &l);
        int dv = unicode_decimal_value(c);
        if (dv < 0) return -1;
        if (acc >= INT64_MAX / 10 && acc > (INT64_MAX - dv) / 10) {
            err_set(&exc_ValueError, "Too many decimal digits in format string");
            return -2;
        }
        acc = acc * 10 + dv;
        i += l;
    }
    return acc;
}

/* The first part of a field name s[0..n) ("name", "0" or "" before any
 * ".attr" or "[key]"): its length; *index is its value when it is made of
 * decimal digits, else -1 (-2 with ValueError when too big). */
int64_t fmt_field_first(const char *s, int64_t n, int64_t *index) {
    int64_t p = 0;
    while (p < n && s[p] != '.' && s[p] != '[') p++;
    *index = get_integer(s, p);
    return p;
}

/* The next ".attr" or "[key]" part of a field name s[0..n) at *pos:
 * 1 with *is_attr, the name's range [*ns, *ne) and *index (its value when
 * made of decimal digits, else -1), 0 at the end, -1 with ValueError. */
int fmt_field_next(const char *s, int64_t n, int64_t *pos, bool *is_attr, int64_t *ns, int64_t *ne, int64_t *index) {
    int64_t p = *pos;
    if (p >= n) return 0;
    char ch = s[p++];
    int64_t start = p;
    if (ch == '.') {
        while (p < n && s[p] != '.' && s[p] != '[') p++;
        *is_attr = true;
        *ns = start;
        *ne = p;
        *index = -1;
    } else if (ch == '[') {
        while (p < n && s[p] != ']') p++;
        if (p == n) {
            err_set(&exc_ValueError, "Missing ']' in format field");
            return -1;
        }
        *is_attr = false;
        *ns = start;
        *ne = p++;
        *index = get_integer(s + start, *ne - start);
        if (*index == -2) return -1;
    } else {
        err_set(&exc_ValueError, "Only '.' or '[' may follow ']' in format field specifier");
        return -1;
    }
    *pos = p;
    if (*ne == *ns) {
        err_set(&exc_ValueError, "Empty attribute in format string");
        return -1;
    }
    return 1;
}

/* The object a field name designates: "name", "0" or "" (automatic), then
 * any ".attr" and "[key]" parts. */
static Value get_field(FmtCtx *c, const char *s, int64_t n) {
    int64_t idx;
    int64_t p = fmt_field_first(s, n, &idx);
    if (idx == -2) return VNULL;
    bool empty = p == 0, numeric = empty || idx >= 0;
    if (numeric) {
        if (c->auto_state == 0) c->auto_state = empty ? 1 : 2;
        if (c->auto_state == 2 && empty)
            return err_set(&exc_ValueError,
                           "cannot switch from manual field specification to automatic field numbering");
        if (c->auto_state == 1 && !empty)
            return err_set(&exc_ValueError,
                           "cannot switch from automatic field numbering to manual field specification");
        if (empty) idx = c->auto_next++;
    }
    Value obj;
    if (idx < 0) {
        Value key = str_new(s, (size_t)p);
        if (c->mapping) {
            obj = obj_getitem(c->mapping, key);
            if (!obj) return VNULL;
        } else {
            obj = VNULL;
            if (c->kwnames)
                for (int64_t k = 0; k < tuple_size(c->kwnames); k++)
                    if (str_eq(tuple_get(c->kwnames, k), key)) {
                        obj = c->args[c->nargs + k];
                        break;
                    }
            if (!obj) return err_key(key);
        }
    } else {
        if (c->mapping) return err_set(&exc_ValueError, "Format string contains positional fields");
        if (idx >= c->nargs)
            return err_format(&exc_IndexError, "Replacement index %zd out of range for positional args tuple",
                              (ssize_t)idx);
        obj = c->args[idx];
    }
    bool is_attr;
    int64_t ns, ne, ki;
    int r;
    while ((r = fmt_field_next(s, n, &p, &is_attr, &ns, &ne, &ki)) > 0) {
        if (is_attr) obj = obj_getattr(obj, str_new(s + ns, (size_t)(ne - ns)));
        else obj = obj_getitem(obj, ki >= 0 ? int_from_i64(ki) : str_new(s + ns, (size_t)(ne - ns)));
        if (!obj) return VNULL;
    }
    return r < 0 ? VNULL : obj;
}

static int format_build(FmtCtx *c, const char *d, int64_t n, int depth, Buf *out);

/* Parse the replacement field whose '{' precedes d[i] (of d[0..n)) into
 * *f: the offset after its closing '}', or -1 with ValueError. */
int64_t fmt_parse_field(const char *d, int64_t n, int64_t i, FmtField *f) {
    int64_t k = i;
    char ch = 0;
    while (k < n) {
        ch = d[k++];
        if (ch == '{') {
            err_set(&exc_ValueError, "unexpected '{' in field name");
            return -1;
        }
        if (ch == '[') {
            /* an index may hold ':' or '!' */
            while (k < n && d[k] != ']') k++;
            ch = 0;
            continue;
        }
        if (ch == '}' || ch == ':' || ch == '!') break;
        ch = 0;
    }
    f->name_s = i;
    f->name_e = ch ? k - 1 : k;
    f->conv = 0;
    f->spec_s = f->spec_e = 0;
    f->nested = false;
    if (ch == '!' || ch == ':') {
        bool have_spec = true;
        if (ch == '!') {
            if (k >= n) {
                err_set(&exc_ValueError, "end of string while looking for conversion specifier");
                return -1;
            }
            int l = 1;
            f->conv = (unsigned char)d[k];
            if (f->conv >= 0x80) f->conv = utf8_decode(d + k, &l);
            k += l;
            if (k < n) {
                char c2 = d[k++];
                if (c2 == '}') have_spec = false;
                else if (c2 != ':') {
                    err_set(&exc_ValueError, "expected ':' after conversion specifier");
                    return -1;
                }
            }
        }
        if (have_spec) {
            f->spec_s = k;
            int count = 1;
            while (k < n) {
                char c2 = d[k++];
                if (c2 == '{') {
                    f->nested = true;
                    count++;
                } else if (c2 == '}' && --count == 0) {
                    break;
                }
            }
            if (count != 0) {
                err_set(&exc_ValueError, "unmatched '{' in format spec");
                return -1;
            }
            f->spec_e = k - 1;
        }
    } else if (ch != '}') {
        err_set(&exc_ValueError, "expected '}' before end of string");
        return -1;
    }
    return k;
}

/* One replacement field; d[i] follows its '{'. Returns the offset after
 * its '}' or -1 with an exception set. */
static int64_t format_field(FmtCtx *c, const char *d, int64_t n, int64_t i, int depth, Buf *out) {
    FmtField f;
    int64_t k = fmt_parse_field(d, n, i, &f);
    if (k < 0) return -1;
    uint32_t conv = f.conv;
    int64_t spec_s = f.spec_s, spec_e = f.spec_e;
    bool nested = f.nested;
    Value obj = get_field(c, d + f.name_s, f.name_e - f.name_s);
    if (!obj) return -1;
    switch (conv) {
    case 0: break;
    case 'r': obj = obj_repr(obj); break;
    case 's': obj = obj_str(obj); break;
    case 'a': obj = obj_ascii(obj); break;
    default:
        if (conv > 32 && conv < 127) err_format(&exc_ValueError, "Unknown conversion specifier %c", (int)conv);
        else {
            char hex[16];
            snprintf(hex, sizeof hex, "%x", (unsigned)conv);
            err_format(&exc_ValueError, "Unknown conversion specifier \\x%s", hex);
        }
        return -1;
    }
    if (!obj) return -1;
    Value spec;
    if (spec_e <= spec_s) {
        spec = str_empty;
    } else if (nested) {
        Buf sb;
        buf_init(&sb, (size_t)(spec_e - spec_s) + 8);
        if (format_build(c, d + spec_s, spec_e - spec_s, depth - 1, &sb) < 0) return -1;
        spec = str_from_buf(&sb);
    } else {
        spec = str_new(d + spec_s, (size_t)(spec_e - spec_s));
    }
    Value r = obj_format(obj, spec);
    if (!r) return -1;
    buf_put(out, str_data(r), (size_t)str_nbytes(r));
    return k;
}

static int format_build(FmtCtx *c, const char *d, int64_t n, int depth, Buf *out) {
    if (depth <= 0) {
        err_set(&exc_ValueError, "Max string recursion exceeded");
        return -1;
    }
    int64_t i = 0;
    while (i < n) {
        int64_t j = i;
        while (j < n && d[j] != '{' && d[j] != '}') j++;
        buf_put(out, d + i, (size_t)(j - i));
        if (j == n) break;
        char ch = d[j];
        bool at_end = j + 1 >= n;
        if (ch == '}') {
            if (at_end || d[j + 1] != '}') {
                err_set(&exc_ValueError, "Single '}' encountered in format string");
                return -1;
            }
            buf_putc(out, '}');
            i = j + 2;
            continue;
        }
        if (at_end) {
            err_set(&exc_ValueError, "Single '{' encountered in format string");
            return -1;
        }
        if (d[j + 1] == '{') {
            buf_putc(out, '{');
            i = j + 2;
            continue;
        }
        int64_t k = format_field(c, d, n, j + 1, depth, out);
        if (k < 0) return -1;
        i = k;
    }
    return 0;
}

/* str.format (args/nargs: positional arguments, keyword values after them)
 * or, with a mapping, str.format_map. */
Value str_format_with(Value fmt, Value *args, size_t nargs, Value kwnames, Value mapping) {
    FmtCtx c = {.args = args, .nargs = (int64_t)nargs, .kwnames = kwnames, .mapping = mapping};
    const char *d = str_data(fmt);
    int64_t n = str_nbytes(fmt);
    /* no braces: the result is the format string itself (CPython returns
       it unchanged, even an instance of a subclass) */
    if (!memchr(d, '{', (size_t)n) && !memchr(d, '}', (size_t)n)) return fmt;
    Buf out;
    char out_mem[256];
    buf_init_local(&out, out_mem, sizeof out_mem);
    if (format_build(&c, d, n, 2, &out) < 0) return VNULL;
    return str_from_buf(&out);
}

Value str_format_method(Value *args, size_t nargs, Value kwnames) {
    if (nargs < 1 || !str_check(args[0]))
        return err_set(&exc_TypeError, "descriptor 'format' for 'str' objects needs an argument");
    return str_format_with(args[0], args + 1, nargs - 1, kwnames, VNULL);
}
