/* bytes.c: immutable byte strings (the basics: literals, indexing, slicing,
 * concatenation, comparison, decode, and a few methods). */
#include "../runtime.h"

Type bytes_type, bytesiter_type;

Value bytes_new(const char *data, size_t n) {
    BytesObject *b = (BytesObject *)obj_alloc_atomic(&bytes_type, sizeof(BytesObject) + n + 1);
    b->hash = -1;
    b->size = (int64_t)n;
    if (n) memcpy(b->data, data, n);
    b->data[n] = 0;
    return V_FROM_PTR(b);
}

Value bytes_repr(Value v) {
    const unsigned char *d = (const unsigned char *)bytes_data(v);
    int64_t n = bytes_size(v);
    bool sq = memchr(d, '\'', (size_t)n) != NULL, dq = memchr(d, '"', (size_t)n) != NULL;
    char q = (sq && !dq) ? '"' : '\'';
    Buf b;
    buf_init(&b, (size_t)n + 3);
    buf_putc(&b, 'b');
    buf_putc(&b, q);
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = d[i];
        if (c == q || c == '\\') {
            buf_putc(&b, '\\');
            buf_putc(&b, (char)c);
        } else if (c == '\n') buf_puts(&b, "\\n");
        else if (c == '\r') buf_puts(&b, "\\r");
        else if (c == '\t') buf_puts(&b, "\\t");
        else if (c < 0x20 || c >= 0x7F) buf_printf(&b, "\\x%02x", c);
        else buf_putc(&b, (char)c);
    }
    buf_putc(&b, q);
    return str_new(b.data, b.len);
}

uint64_t hash_bytes(const void *p, size_t len);   /* str.c */

static int64_t bytes_hash(Value v) {
    BytesObject *b = V_AS(BytesObject, v);
    if (b->hash == -1) {
        int64_t h = b->size ? (int64_t)hash_bytes(b->data, (size_t)b->size) : 0;
        b->hash = h == -1 ? -2 : h;
    }
    return b->hash;
}

static Value bytes_richcompare(Value a, Value b, int op) {
    if (!bytes_check(a) || !bytes_check(b)) return V_NOTIMPL;
    int64_t na = bytes_size(a), nb = bytes_size(b);
    if ((op == CMP_EQ || op == CMP_NE) && na != nb) return v_bool(op == CMP_NE);
    int c = memcmp(bytes_data(a), bytes_data(b), (size_t)(na < nb ? na : nb));
    if (c == 0) c = (na > nb) - (na < nb);
    switch (op) {
    case CMP_LT: return v_bool(c < 0);
    case CMP_LE: return v_bool(c <= 0);
    case CMP_EQ: return v_bool(c == 0);
    case CMP_NE: return v_bool(c != 0);
    case CMP_GT: return v_bool(c > 0);
    default: return v_bool(c >= 0);
    }
}

static int64_t bytes_len(Value v) { return bytes_size(v); }

static Value bytes_getitem(Value v, Value key) {
    if (slice_check(key)) {
        int64_t a, b, c;
        int64_t n = slice_indices(key, bytes_size(v), &a, &b, &c);
        if (n < 0) return VNULL;
        char *tmp = gc_alloc_atomic((size_t)n + 1);
        for (int64_t k = 0, i = a; k < n; k++, i += c) tmp[k] = bytes_data(v)[i];
        return bytes_new(tmp, (size_t)n);
    }
    if (!int_check(key) && (v_is_smallfloat(key) || !type_lookup(type_of(key), NAME(__index__))))
        return err_format(&exc_TypeError, "byte indices must be integers or slices, not %T", key);
    int64_t i = obj_index_i64(key);
    if (i == -1 && err_occurred()) return VNULL;
    if (i < 0) i += bytes_size(v);
    if (i < 0 || i >= bytes_size(v)) return err_set(&exc_IndexError, "index out of range");
    return v_int((unsigned char)bytes_data(v)[i]);
}

static int bytes_contains(Value v, Value x) {
    if (int_check(x)) {
        int64_t c = int_as_i64(x);
        if (c < 0 || c > 255) {
            err_clear();
            err_set(&exc_ValueError, "byte must be in range(0, 256)");
            return -1;
        }
        return memchr(bytes_data(v), (int)c, (size_t)bytes_size(v)) != NULL;
    }
    if (!bytes_check(x)) {
        err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", x);
        return -1;
    }
    if (bytes_size(x) == 0) return 1;
    return memmem(bytes_data(v), (size_t)bytes_size(v), bytes_data(x), (size_t)bytes_size(x)) != NULL;
}

static Value bytes_binop(Value a, Value b, int op) {
    if (BINOP_BASE(op) == BINOP_ADD) {
        if (!bytes_check(a) || !bytes_check(b)) {
            if (bytes_check(a) && !(op & BINOP_REFLECTED))
                return err_format(&exc_TypeError, "can't concat %T to bytes", b);
            return V_NOTIMPL;
        }
        int64_t na = bytes_size(a), nb = bytes_size(b);
        char *tmp = gc_alloc_atomic((size_t)(na + nb) + 1);
        memcpy(tmp, bytes_data(a), (size_t)na);
        memcpy(tmp + na, bytes_data(b), (size_t)nb);
        return bytes_new(tmp, (size_t)(na + nb));
    }
    if (BINOP_BASE(op) == BINOP_MUL) {
        Value s = bytes_check(a) ? a : b, n = bytes_check(a) ? b : a;
        if (!bytes_check(s) || !int_check(n)) return V_NOTIMPL;
        int64_t k = int_as_i64_clamped(n, 0, INT64_MAX), sz = bytes_size(s);
        if (k <= 0 || sz == 0) return bytes_new("", 0);
        if (sz > ((int64_t)1 << 36) / k) return err_no_memory();
        char *tmp = gc_alloc_atomic((size_t)(sz * k) + 1);
        for (int64_t i = 0; i < k; i++) memcpy(tmp + i * sz, bytes_data(s), (size_t)sz);
        return bytes_new(tmp, (size_t)(sz * k));
    }
    return V_NOTIMPL;
}

typedef struct BytesIterObject {
    Object hdr;
    Value b;
    int64_t i;
} BytesIterObject;

static Value bytes_iter(Value v) {
    BytesIterObject *it = (BytesIterObject *)obj_alloc(&bytesiter_type, sizeof *it);
    it->b = v;
    return V_FROM_PTR(it);
}

static Value bytesiter_next(Value v) {
    BytesIterObject *it = V_AS(BytesIterObject, v);
    if (!it->b || it->i >= bytes_size(it->b)) {
        it->b = VNULL;
        return VNULL;
    }
    return v_int((unsigned char)bytes_data(it->b)[it->i++]);
}

static Value iter_self(Value v) { return v; }

static Value bytes_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)t;
    Value src = nargs > 0 ? args[0] : arg_kw(args, nargs, kwnames, "source");
    Value enc = nargs > 1 ? args[1] : arg_kw(args, nargs, kwnames, "encoding");
    if (!src) return bytes_new("", 0);
    if (str_check(src)) {
        if (!enc) return err_set(&exc_TypeError, "string argument without an encoding");
        return obj_call_method(src, "encode", &enc, 1);
    }
    if (bytes_check(src)) return src;
    if (int_check(src)) {
        int64_t n = int_as_i64(src);
        if (n < 0) return err_occurred() ? VNULL : err_set(&exc_ValueError, "negative count");
        char *tmp = gc_alloc_atomic((size_t)n + 1);
        memset(tmp, 0, (size_t)n);
        return bytes_new(tmp, (size_t)n);
    }
    Value l = list_from_iterable(src);
    if (!l) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            return err_format(&exc_TypeError, "cannot convert '%T' object to bytes", src);
        }
        return VNULL;
    }
    int64_t n = list_size(l);
    char *tmp = gc_alloc_atomic((size_t)n + 1);
    for (int64_t i = 0; i < n; i++) {
        Value x = list_get(l, i);
        if (!int_check(x)) return err_format(&exc_TypeError, "'%T' object cannot be interpreted as an integer", x);
        int64_t c = int_as_i64(x);
        if (c < 0 || c > 255) {
            err_clear();
            return err_set(&exc_ValueError, "bytes must be in range(0, 256)");
        }
        tmp[i] = (char)c;
    }
    return bytes_new(tmp, (size_t)n);
}

static Value bytes_decode_m(Value *args, size_t nargs, Value kwnames) {
    Value enc = nargs > 1 ? args[1] : arg_kw(args, nargs, kwnames, "encoding");
    Value errors = nargs > 2 ? args[2] : arg_kw(args, nargs, kwnames, "errors");
    const char *e = enc && str_check(enc) ? str_data(enc) : "utf-8";
    bool replace = errors && str_check(errors) && str_eq_cstr(errors, "replace");
    bool ignore = errors && str_check(errors) && str_eq_cstr(errors, "ignore");
    const unsigned char *d = (const unsigned char *)bytes_data(args[0]);
    int64_t n = bytes_size(args[0]);
    Buf b;
    buf_init(&b, (size_t)n + 1);
    if (!strcasecmp(e, "utf-8") || !strcasecmp(e, "utf8")) {
        int64_t i = 0;
        while (i < n) {
            /* validate one sequence */
            int len = d[i] < 0x80 ? 1 : (d[i] >= 0xC2 && d[i] < 0xE0) ? 2 : (d[i] >= 0xE0 && d[i] < 0xF0) ? 3
                                                                   : (d[i] >= 0xF0 && d[i] < 0xF5) ? 4 : 0;
            bool ok = len > 0 && i + len <= n;
            for (int k = 1; ok && k < len; k++) ok = (d[i + k] & 0xC0) == 0x80;
            if (ok) {
                buf_put(&b, (const char *)d + i, (size_t)len);
                i += len;
                continue;
            }
            if (replace) buf_puts(&b, "\xEF\xBF\xBD");
            else if (!ignore)
                return err_format(&exc_UnicodeDecodeError, "'utf-8' codec can't decode byte 0x%s in position %lld: %s",
                                  (char[3]){"0123456789abcdef"[d[i] >> 4], "0123456789abcdef"[d[i] & 15], 0},
                                  (long long)i, len == 0 ? "invalid start byte" : "invalid continuation byte");
            i++;
        }
    } else if (!strcasecmp(e, "ascii")) {
        for (int64_t i = 0; i < n; i++) {
            if (d[i] < 0x80) buf_putc(&b, (char)d[i]);
            else if (replace) buf_puts(&b, "\xEF\xBF\xBD");
            else if (!ignore)
                return err_format(&exc_UnicodeDecodeError,
                                  "'ascii' codec can't decode byte 0x%s in position %lld: ordinal not in range(128)",
                                  (char[3]){"0123456789abcdef"[d[i] >> 4], "0123456789abcdef"[d[i] & 15], 0},
                                  (long long)i);
        }
    } else if (!strcasecmp(e, "latin-1") || !strcasecmp(e, "latin1") || !strcasecmp(e, "iso-8859-1")) {
        for (int64_t i = 0; i < n; i++) {
            char tmp[4];
            buf_put(&b, tmp, (size_t)utf8_encode(d[i], tmp));
        }
    } else {
        return err_format(&exc_LookupError, "unknown encoding: %s", e);
    }
    return str_new(b.data, b.len);
}

static Value bytes_hex_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    const unsigned char *d = (const unsigned char *)bytes_data(args[0]);
    int64_t n = bytes_size(args[0]);
    Buf b;
    buf_init(&b, (size_t)n * 2 + 1);
    for (int64_t i = 0; i < n; i++) buf_printf(&b, "%02x", d[i]);
    return str_new(b.data, b.len);
}

static Value bytes_join_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("join", nargs - 1, 1, 1) < 0) return VNULL;
    Value l = list_from_iterable(args[1]);
    if (!l) return VNULL;
    Buf b;
    buf_init(&b, 64);
    for (int64_t i = 0; i < list_size(l); i++) {
        Value x = list_get(l, i);
        if (!bytes_check(x))
            return err_format(&exc_TypeError, "sequence item %lld: expected a bytes-like object, %T found",
                              (long long)i, x);
        if (i) buf_put(&b, bytes_data(args[0]), (size_t)bytes_size(args[0]));
        buf_put(&b, bytes_data(x), (size_t)bytes_size(x));
    }
    return bytes_new(b.data, b.len);
}

static Value bytes_startswith_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("startswith", nargs - 1, 1, 1) < 0 || !bytes_check(args[1]))
        return err_occurred() ? VNULL : err_set(&exc_TypeError, "startswith first arg must be bytes");
    int64_t n = bytes_size(args[1]);
    return v_bool(n <= bytes_size(args[0]) && memcmp(bytes_data(args[0]), bytes_data(args[1]), (size_t)n) == 0);
}

static Value bytes_endswith_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("endswith", nargs - 1, 1, 1) < 0 || !bytes_check(args[1]))
        return err_occurred() ? VNULL : err_set(&exc_TypeError, "endswith first arg must be bytes");
    int64_t n = bytes_size(args[1]), m = bytes_size(args[0]);
    return v_bool(n <= m && memcmp(bytes_data(args[0]) + m - n, bytes_data(args[1]), (size_t)n) == 0);
}

static Value bytes_find_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("find", nargs - 1, 1, 1) < 0) return VNULL;
    Value x = args[1];
    char c;
    const char *needle;
    int64_t nl;
    if (int_check(x)) {
        c = (char)int_as_i64(x);
        needle = &c;
        nl = 1;
    } else if (bytes_check(x)) {
        needle = bytes_data(x);
        nl = bytes_size(x);
    } else {
        return err_format(&exc_TypeError, "argument should be integer or bytes-like object, not '%T'", x);
    }
    if (nl == 0) return v_int(0);
    const char *p = memmem(bytes_data(args[0]), (size_t)bytes_size(args[0]), needle, (size_t)nl);
    return v_int(p ? p - bytes_data(args[0]) : -1);
}

static Value bytes_count_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("count", nargs - 1, 1, 1) < 0) return VNULL;
    if (!bytes_check(args[1])) return err_format(&exc_TypeError, "argument should be bytes, not '%T'", args[1]);
    int64_t nl = bytes_size(args[1]), n = bytes_size(args[0]), cnt = 0;
    if (nl == 0) return v_int(n + 1);
    const char *d = bytes_data(args[0]);
    for (int64_t i = 0; i + nl <= n;) {
        if (memcmp(d + i, bytes_data(args[1]), (size_t)nl) == 0) {
            cnt++;
            i += nl;
        } else {
            i++;
        }
    }
    return v_int(cnt);
}

static Value bytes_upper_lower(Value self, bool upper) {
    int64_t n = bytes_size(self);
    char *tmp = gc_alloc_atomic((size_t)n + 1);
    for (int64_t i = 0; i < n; i++) {
        char c = bytes_data(self)[i];
        if (upper && c >= 'a' && c <= 'z') c = (char)(c - 32);
        if (!upper && c >= 'A' && c <= 'Z') c = (char)(c + 32);
        tmp[i] = c;
    }
    return bytes_new(tmp, (size_t)n);
}

static Value bytes_upper_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return bytes_upper_lower(args[0], true);
}
static Value bytes_lower_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    return bytes_upper_lower(args[0], false);
}

static Value bytes_fromhex_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("fromhex", nargs - 1, 1, 1) < 0) return VNULL;
    if (!str_check(args[1])) return err_format(&exc_TypeError, "fromhex() argument must be str, not %T", args[1]);
    const char *s = str_data(args[1]);
    int64_t n = str_nbytes(args[1]);
    Buf b;
    buf_init(&b, (size_t)n / 2 + 1);
    for (int64_t i = 0; i < n;) {
        if (s[i] == ' ') {
            i++;
            continue;
        }
        int hi = -1, lo = -1;
        char c = s[i];
        hi = c >= '0' && c <= '9' ? c - '0' : (c | 32) >= 'a' && (c | 32) <= 'f' ? (c | 32) - 'a' + 10 : -1;
        if (i + 1 < n) {
            c = s[i + 1];
            lo = c >= '0' && c <= '9' ? c - '0' : (c | 32) >= 'a' && (c | 32) <= 'f' ? (c | 32) - 'a' + 10 : -1;
        }
        if (hi < 0 || lo < 0)
            return err_format(&exc_ValueError, "non-hexadecimal number found in fromhex() arg at position %lld",
                              (long long)(hi < 0 ? i : i + 1));
        buf_putc(&b, (char)(hi * 16 + lo));
        i += 2;
    }
    return bytes_new(b.data, b.len);
}

static const MethodDef bytes_methods[] = {
    {"decode", bytes_decode_m, MF_KEYWORDS, NULL},
    {"hex", bytes_hex_m, 0, NULL},
    {"join", bytes_join_m, 0, NULL},
    {"startswith", bytes_startswith_m, 0, NULL},
    {"endswith", bytes_endswith_m, 0, NULL},
    {"find", bytes_find_m, 0, NULL},
    {"count", bytes_count_m, 0, NULL},
    {"upper", bytes_upper_m, 0, NULL},
    {"lower", bytes_lower_m, 0, NULL},
    {"fromhex", bytes_fromhex_m, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

Type bytes_type = {
    .tname = "bytes",
    .flags = TF_BASETYPE | TF_BYTES_SUBCLASS,
    .basicsize = sizeof(BytesObject),
    .repr = bytes_repr,
    .str = bytes_repr,
    .hash = bytes_hash,
    .richcompare = bytes_richcompare,
    .binop = bytes_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_MUL),
    .len = bytes_len,
    .getitem = bytes_getitem,
    .contains = bytes_contains,
    .iter = bytes_iter,
    .new_ = bytes_new_slot,
};

Type bytesiter_type = {
    .tname = "bytes_iterator",
    .basicsize = sizeof(BytesIterObject),
    .iter = iter_self,
    .iternext = bytesiter_next,
};

void bytes_init(void) {
    type_add_methods(&bytes_type, bytes_methods);
    type_ready(&bytes_type);
    type_ready(&bytesiter_type);
}
