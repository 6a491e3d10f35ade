/* marshal.c: CPython's marshal format (version 4) for values: None,
 * booleans, Ellipsis, StopIteration, ints, floats, complex numbers, str,
 * bytes, tuples, lists, dicts, sets and frozensets, with back-references.
 *
 * Code objects are tpy's own: type code 'C' (CPython's 'c' holds CPython's
 * bytecode, which tpy cannot load and never writes), whose bytes only the
 * tpy build that wrote them reads back (vm/codecache.c). loads() reads any data
 * CPython writes for the types above. dumps() writes what CPython's loads
 * reads; CPython marks an object as a back-reference target when its
 * reference count is above one, which tpy cannot know, so tpy marks the
 * objects that can repeat (str, bytes, containers, big numbers) and the
 * bytes may differ from CPython's where the values do not.
 */
#include <stdlib.h>
#include <string.h>

#include "../runtime.h"
#include "modules.h"
#include "../vm/codecache.h"

#define FLAG_REF 0x80
#define MARSHAL_VERSION 4
#define MAX_DEPTH 2000

/* ---- writing ------------------------------------------------------------------------------ */

typedef struct Writer {
    Buf out;
    Value refs;     /* dict: id -> index (version >= 3) */
    int version;
    int depth;
} Writer;

static void w_u32(Writer *w, uint32_t x) {
    unsigned char b[4] = {(unsigned char)x, (unsigned char)(x >> 8), (unsigned char)(x >> 16), (unsigned char)(x >> 24)};
    buf_put(&w->out, (const char *)b, 4);
}

static int w_object(Writer *w, Value v);
static Value dumps_impl(Value v, int version);

/* (dump, element) pairs ordered by their dump bytes, as bytes compare */
static int cmp_dump_pairs(const void *a, const void *b) {
    Value x = tuple_get(*(const Value *)a, 0), y = tuple_get(*(const Value *)b, 0);
    int64_t nx = bytes_size(x), ny = bytes_size(y);
    int c = memcmp(bytes_data(x), bytes_data(y), (size_t)(nx < ny ? nx : ny));
    return c ? c : (nx > ny) - (nx < ny);
}

/* a back-reference to v if it was written before; else v gets an index */
static bool w_ref(Writer *w, Value v, char *code) {
    if (w->version < 3) return false;
    Value key = int_from_u64((uint64_t)v);
    Value idx = dict_get(w->refs, key);
    if (idx) {
        buf_putc(&w->out, 'r');
        w_u32(w, (uint32_t)v_intval(idx));
        return true;
    }
    dict_set(w->refs, key, v_int(dict_size(w->refs)));
    *code |= (char)FLAG_REF;
    return false;
}

static int w_items(Writer *w, Value seq) {
    int64_t n = list_check(seq) ? list_size(seq) : tuple_size(seq);
    for (int64_t i = 0; i < n; i++)
        if (w_object(w, list_check(seq) ? list_get(seq, i) : tuple_get(seq, i)) < 0) return -1;
    return 0;
}

static int w_object(Writer *w, Value v) {
    if (++w->depth > MAX_DEPTH) {
        err_set(&exc_ValueError, "object too deeply nested to marshal");
        return -1;
    }
    int r = 0;
    char code;
    if (v == V_NONE) buf_putc(&w->out, 'N');
    else if (v == V_FALSE) buf_putc(&w->out, 'F');
    else if (v == V_TRUE) buf_putc(&w->out, 'T');
    else if (v == V_ELLIPSIS) buf_putc(&w->out, '.');
    else if (v == V_FROM_PTR(&exc_StopIteration)) buf_putc(&w->out, 'S');
    else if (int_check_exact(v)) {
        int64_t x = v_is_int(v) ? v_intval(v) : 0;
        if (v_is_int(v) && x >= INT32_MIN && x <= INT32_MAX) {
            buf_putc(&w->out, 'i');
            w_u32(w, (uint32_t)(int32_t)x);
        } else {
            code = 'l';
            if (w_ref(w, v, &code)) goto done;
            /* base 2**15 digits, least significant first; the count's sign
               is the number's */
            Value a = obj_unop(v, UNOP_NEG);
            bool neg = obj_richcompare_bool(v, v_int(0), CMP_LT) == 1;
            Value mag = neg ? a : v;
            Value digits = list_new(8);
            Value mask = v_int(0x7FFF), fifteen = v_int(15);
            while (obj_richcompare_bool(mag, v_int(0), CMP_GT) == 1) {
                list_append(digits, obj_binop(mag, mask, BINOP_AND));
                mag = obj_binop(mag, fifteen, BINOP_RSHIFT);
            }
            buf_putc(&w->out, code);
            int64_t n = list_size(digits);
            w_u32(w, (uint32_t)(int32_t)(neg ? -n : n));
            for (int64_t i = 0; i < n; i++) {
                uint16_t d = (uint16_t)v_intval(list_get(digits, i));
                buf_putc(&w->out, (char)(d & 0xFF));
                buf_putc(&w->out, (char)(d >> 8));
            }
        }
    } else if (type_of(v) == &float_type) {
        double d = float_val(v);
        if (w->version > 1) {
            buf_putc(&w->out, 'g');
            buf_put(&w->out, (const char *)&d, 8);
        } else {
            Value s = obj_repr(v);
            buf_putc(&w->out, 'f');
            buf_putc(&w->out, (char)str_nbytes(s));
            buf_put(&w->out, str_data(s), (size_t)str_nbytes(s));
        }
    } else if (type_of(v) == &complex_type) {
        double re = complex_val(v).re, im = complex_val(v).im;
        buf_putc(&w->out, 'y');
        buf_put(&w->out, (const char *)&re, 8);
        buf_put(&w->out, (const char *)&im, 8);
    } else if (str_check_exact(v)) {
        const char *p = str_data(v);
        int64_t n = str_nbytes(v);
        bool ascii = true;
        for (int64_t i = 0; i < n && ascii; i++) ascii = (unsigned char)p[i] < 128;
        bool interned = V_AS(StrObject, v)->interned;
        if (w->version >= 4 && ascii) {
            code = n < 256 ? (interned ? 'Z' : 'z') : (interned ? 'A' : 'a');
            if (w_ref(w, v, &code)) goto done;
            buf_putc(&w->out, code);
            if (n < 256) buf_putc(&w->out, (char)n);
            else w_u32(w, (uint32_t)n);
        } else {
            code = interned && w->version >= 3 ? 't' : 'u';
            if (w_ref(w, v, &code)) goto done;
            buf_putc(&w->out, code);
            w_u32(w, (uint32_t)n);
        }
        buf_put(&w->out, p, (size_t)n);
    } else if (byteslike_check(v)) {   /* bytes, and any object with a buffer (array, mmap, ...) as bytes */
        const char *p = NULL;
        int64_t n = 0;
        byteslike_view(v, &p, &n);
        code = 's';
        if (bytes_check_exact(v) && w_ref(w, v, &code)) goto done;
        buf_putc(&w->out, code);
        w_u32(w, (uint32_t)n);
        buf_put(&w->out, p, (size_t)n);
    } else if (tuple_check_exact(v)) {
        int64_t n = tuple_size(v);
        code = w->version >= 4 && n < 256 ? ')' : '(';
        if (w_ref(w, v, &code)) goto done;
        buf_putc(&w->out, code);
        if (n < 256 && w->version >= 4) buf_putc(&w->out, (char)n);
        else w_u32(w, (uint32_t)n);
        r = w_items(w, v);
    } else if (list_check_exact(v)) {
        code = '[';
        if (w_ref(w, v, &code)) goto done;
        buf_putc(&w->out, code);
        w_u32(w, (uint32_t)list_size(v));
        r = w_items(w, v);
    } else if (dict_check_exact(v)) {
        code = '{';
        if (w_ref(w, v, &code)) goto done;
        buf_putc(&w->out, code);
        int64_t pos = 0;
        Value k, x;
        while (r == 0 && dict_next(v, &pos, &k, &x)) r = w_object(w, k) < 0 || w_object(w, x) < 0 ? -1 : 0;
        buf_putc(&w->out, '0');
    } else if (type_of(v) == &set_type || type_of(v) == &frozenset_type) {
        code = type_of(v) == &set_type ? '<' : '>';
        if (w_ref(w, v, &code)) goto done;
        buf_putc(&w->out, code);
        w_u32(w, (uint32_t)set_size(v));
        /* in the order of the elements' own marshal bytes, as CPython 3.11:
           the output does not depend on hashes (PYTHONHASHSEED) */
        Value pairs = list_new(0);
        int64_t pos = 0;
        Value k;
        while (set_next(v, &pos, &k)) {
            Value dump = dumps_impl(k, w->version);
            if (!dump) {
                r = -1;
                break;
            }
            list_append(pairs, tuple_pack(2, dump, k));
        }
        if (r == 0) {
            /* by the bytes alone: the elements need not be comparable */
            qsort(list_items(pairs), (size_t)list_size(pairs), sizeof(Value), cmp_dump_pairs);
        }
        for (int64_t i = 0; r == 0 && i < list_size(pairs); i++) r = w_object(w, tuple_get(list_get(pairs, i), 1));
    } else if (code_check(v)) {
        /* tpy's own code format (CPython's 'c' holds CPython's bytecode):
           'C', its length, the bytes of codecache_marshal_code */
        Buf blob;
        buf_init(&blob, 256);
        code = 'C';
        if (!codecache_marshal_code(V_AS(CodeObject, v), &blob)) {
            err_set(&exc_ValueError, "unmarshallable object");
            r = -1;
        } else if (w_ref(w, v, &code)) {
            goto done;
        } else {
            buf_putc(&w->out, code);
            w_u32(w, (uint32_t)blob.len);
            buf_put(&w->out, blob.data, blob.len);
        }
    } else {
        err_set(&exc_ValueError, "unmarshallable object");
        r = -1;
    }
done:
    w->depth--;
    return r;
}

static Value dumps_impl(Value v, int version) {
    Writer w;
    buf_init(&w.out, 64);
    w.refs = dict_new();
    w.version = version;
    w.depth = 0;
    if (w_object(&w, v) < 0) return VNULL;
    return bytes_new(w.out.data, w.out.len);
}

/* ---- reading ------------------------------------------------------------------------------ */

typedef struct Reader {
    const unsigned char *p, *end;   /* in-memory data */
    Value file;                     /* or a file with read(n) */
    Value refs;                     /* list */
    int depth;
} Reader;

/* the next n bytes, or NULL with EOFError */
static const unsigned char *r_bytes(Reader *r, int64_t n) {
    if (r->file) {
        /* readinto() a fresh buffer, as CPython's marshal reads a file */
        char *zeros = gc_alloc_atomic((size_t)n + 1);
        memset(zeros, 0, (size_t)n + 1);
        Value buf = bytearray_new(zeros, (size_t)n);
        Value view = buf ? obj_call1(V_FROM_PTR(&memoryview_type), buf) : VNULL;
        Value got = view ? obj_call_method(r->file, "readinto", &view, 1) : VNULL;
        if (!got) return NULL;
        int64_t m = got == V_NONE ? 0 : obj_index_i64(got);
        if (m == -1 && err_occurred()) return NULL;
        if (m > n)
            return err_format(&exc_ValueError, "read() returned too much data: %lld bytes requested, %lld returned",
                              (long long)n, (long long)m),
                   NULL;
        if (m != n) {
            err_set(&exc_EOFError, "EOF read where not expected");
            return NULL;
        }
        return (const unsigned char *)bytearray_data(buf);
    }
    if (r->end - r->p < n) {
        err_set(&exc_EOFError, "marshal data too short");
        return NULL;
    }
    const unsigned char *p = r->p;
    r->p += n;
    return p;
}

static bool r_u32(Reader *r, int64_t *out) {
    const unsigned char *b = r_bytes(r, 4);
    if (!b) return false;
    *out = (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24);
    return true;
}

static Value r_object(Reader *r);

static Value bad_data(const char *what) { return err_format(&exc_ValueError, "bad marshal data (%s)", what); }

static Value r_object(Reader *r) {
    if (++r->depth > MAX_DEPTH) {
        r->depth--;
        return err_set(&exc_ValueError, "recursion limit exceeded");
    }
    const unsigned char *cb = r_bytes(r, 1);
    if (!cb) {
        if (err_matches(&exc_EOFError)) {
            err_clear();
            err_set(&exc_EOFError, "EOF read where object expected");
        }
        r->depth--;
        return VNULL;
    }
    int code = *cb & ~FLAG_REF;
    bool flag = (*cb & FLAG_REF) != 0;
    int64_t ref_index = -1;
    if (flag) {
        ref_index = list_size(r->refs);
        list_append(r->refs, V_NONE);   /* filled in below (containers: before their items) */
    }
    Value v = VNULL;
    int64_t n;
    switch (code) {
    case '0': v = bad_data("NULL object"); break;
    case 'N': v = V_NONE; break;
    case 'F': v = V_FALSE; break;
    case 'T': v = V_TRUE; break;
    case '.': v = V_ELLIPSIS; break;
    case 'S': v = V_FROM_PTR(&exc_StopIteration); break;
    case 'i':
        if (r_u32(r, &n)) v = int_from_i64(n);
        break;
    case 'I': {
        const unsigned char *b = r_bytes(r, 8);
        if (b) {
            int64_t x;
            memcpy(&x, b, 8);
            v = int_from_i64(x);
        }
        break;
    }
    case 'l': {
        if (!r_u32(r, &n)) break;
        bool neg = n < 0;
        if (neg) n = -n;
        if (n > 0x7FFFFFF) {
            v = bad_data("long size out of range");
            break;
        }
        Value acc = v_int(0);
        const unsigned char *b = r_bytes(r, 2 * n);
        if (!b) break;
        if (n > 0 && b[2 * n - 2] == 0 && b[2 * n - 1] == 0) {
            v = bad_data("unnormalized long data");
            break;
        }
        for (int64_t i = n - 1; i >= 0 && acc; i--) {
            int d = b[2 * i] | b[2 * i + 1] << 8;
            if (d > 0x7FFF) {
                acc = bad_data("digit out of range in long");
                break;
            }
            acc = obj_binop(obj_binop(acc, v_int(15), BINOP_LSHIFT), v_int(d), BINOP_OR);
        }
        v = acc && neg ? obj_unop(acc, UNOP_NEG) : acc;
        break;
    }
    case 'g': {
        const unsigned char *b = r_bytes(r, 8);
        if (b) {
            double d;
            memcpy(&d, b, 8);
            v = float_from_double(d);
        }
        break;
    }
    case 'f': {
        const unsigned char *b = r_bytes(r, 1);
        if (!b) break;
        const unsigned char *s = r_bytes(r, *b);
        if (s) v = obj_call1(V_FROM_PTR(&float_type), str_new((const char *)s, *b));
        break;
    }
    case 'y': {
        const unsigned char *b = r_bytes(r, 16);
        if (b) {
            double re, im;
            memcpy(&re, b, 8);
            memcpy(&im, b + 8, 8);
            v = complex_from(re, im);
        }
        break;
    }
    case 's':
        if (r_u32(r, &n)) {
            if (n < 0) v = bad_data("bytes object size out of range");
            else {
                const unsigned char *b = r_bytes(r, n);
                if (b) v = bytes_new((const char *)b, (size_t)n);
            }
        }
        break;
    case 'u': case 't': case 'a': case 'A': case 'z': case 'Z': {
        if (code == 'z' || code == 'Z') {
            const unsigned char *b = r_bytes(r, 1);
            if (!b) break;
            n = *b;
        } else if (!r_u32(r, &n)) break;
        if (n < 0) {
            v = bad_data("string size out of range");
            break;
        }
        const unsigned char *b = r_bytes(r, n);
        if (!b) break;
        if (code == 'u' || code == 't') {
            v = obj_call_method(bytes_new((const char *)b, (size_t)n), "decode",
                                (Value[]){str_from_cstr("utf-8"), str_from_cstr("surrogatepass")}, 2);
        } else {
            v = str_new((const char *)b, (size_t)n);
        }
        if (v && (code == 't' || code == 'A' || code == 'Z')) v = str_intern(v);
        break;
    }
    case '(': case ')': case '[': case '<': case '>': {
        if (code == ')') {
            const unsigned char *b = r_bytes(r, 1);
            if (!b) break;
            n = *b;
        } else if (!r_u32(r, &n)) break;
        if (n < 0) {
            v = bad_data(code == '[' ? "list size out of range" : code == '(' || code == ')' ? "tuple size out of range"
                                                                                            : "set size out of range");
            break;
        }
        Value items = list_new(n < 1024 ? n : 1024);
        if (code == '[' && flag) list_items(r->refs)[ref_index] = (items);
        Value set = code == '<' ? set_new() : VNULL;
        if (set && flag) list_items(r->refs)[ref_index] = (set);
        bool ok = true;
        for (int64_t i = 0; i < n; i++) {
            Value x = r_object(r);
            if (!x) {
                ok = false;
                break;
            }
            if (set) {
                if (set_add(set, x) < 0) {
                    ok = false;
                    break;
                }
            } else list_append(items, x);
        }
        if (!ok) break;
        if (code == '[') v = items;
        else if (code == '<') v = set;
        else if (code == '>') v = obj_call1(V_FROM_PTR(&frozenset_type), items);
        else v = tuple_from_array(list_items(items), list_size(items));
        break;
    }
    case '{': {
        Value d = dict_new();
        if (flag) list_items(r->refs)[ref_index] = (d);
        for (;;) {
            const unsigned char *peek;
            if (r->file) {
                /* the terminator is a lone '0': read the key, which is it */
                Value k = r_object(r);
                if (!k) {
                    if (err_matches(&exc_ValueError)) {
                        err_clear();
                        v = d;
                    }
                    break;
                }
                Value x = r_object(r);
                if (!x || dict_set(d, k, x) < 0) break;
                continue;
            }
            peek = r->p;
            if (peek < r->end && *peek == '0') {
                r->p++;
                v = d;
                break;
            }
            Value k = r_object(r);
            if (!k) break;
            Value x = r_object(r);
            if (!x) break;
            if (dict_set(d, k, x) < 0) break;
        }
        break;
    }
    case 'r': {
        if (!r_u32(r, &n)) break;
        if (n < 0 || n >= list_size(r->refs)) v = bad_data("invalid reference");
        else v = list_get(r->refs, n);
        break;
    }
    case 'c':
        v = err_set(&exc_ValueError, "bad marshal data (code objects are CPython bytecode: tpy cannot load them)");
        break;
    case 'C': {
        if (!r_u32(r, &n)) break;
        const unsigned char *blob = r_bytes(r, n);
        if (!blob) break;
        CodeObject *co = codecache_unmarshal_code((const char *)blob, (size_t)n);
        v = co ? V_FROM_PTR(co) : bad_data("code object of another tpy build, or damaged");
        break;
    }
    default:
        v = bad_data("unknown type code");
    }
    if (v && flag) list_items(r->refs)[ref_index] = (v);
    r->depth--;
    return v;
}

/* ---- the module ---------------------------------------------------------------------------- */

static int parse_version(Value v, int *out) {
    *out = MARSHAL_VERSION;
    if (!v) return 0;
    int64_t x = int_as_i64(v);
    if (x == -1 && err_occurred()) return -1;
    *out = (int)x;
    return 0;
}

static const ArgSpec m_dumps_spec = {"dumps", 2, 1, 0, {"value", "version=version", NULL}};
static Value m_dumps(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    int version;
    if (arg_parse(&m_dumps_spec, args, nargs, kwnames, a) < 0 || parse_version(a[1], &version) < 0) return VNULL;
    if (AUDIT("marshal.dumps", 2, a[0], int_from_i64(version)) < 0) return VNULL;
    return dumps_impl(a[0], version);
}

static const ArgSpec m_dump_spec = {"dump", 3, 2, 0, {"value", "file", "version=version", NULL}};
static Value m_dump(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    int version;
    if (arg_parse(&m_dump_spec, args, nargs, kwnames, a) < 0 || parse_version(a[2], &version) < 0) return VNULL;
    if (AUDIT("marshal.dumps", 2, a[0], int_from_i64(version)) < 0) return VNULL;
    Value b = dumps_impl(a[0], version);
    if (!b) return VNULL;
    Value r = obj_call_method(a[1], "write", &b, 1);
    return r ? V_NONE : VNULL;
}

static const ArgSpec m_loads_spec = {"loads", 1, 1, 0, {"bytes", NULL}};
static Value m_loads(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&m_loads_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (AUDIT("marshal.loads", 1, a[0]) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!byteslike_view(a[0], &p, &n)) return err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", a[0]);
    Reader r = {(const unsigned char *)p, (const unsigned char *)p + n, VNULL, list_new(0), 0};
    return r_object(&r);
}

static const ArgSpec m_load_spec = {"load", 1, 1, 0, {"file", NULL}};
static Value m_load(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&m_load_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (AUDIT("marshal.load", 0) < 0) return VNULL;
    Reader r = {NULL, NULL, a[0], list_new(0), 0};
    return r_object(&r);
}

static const MethodDef marshal_functions[] = {
    {"dumps", m_dumps, MF_KEYWORDS, NULL, &m_dumps_spec},
    {"dump", m_dump, MF_KEYWORDS, NULL, &m_dump_spec},
    {"loads", m_loads, MF_KEYWORDS, NULL, &m_loads_spec},
    {"load", m_load, MF_KEYWORDS, NULL, &m_load_spec},
    {NULL, NULL, 0, NULL},
};

Value marshal_module_create(void) {
    Value m = module_new_cstr("marshal");
    module_add_functions(m, marshal_functions);
    module_add(m, "version", v_int(MARSHAL_VERSION));
    return m;
}
