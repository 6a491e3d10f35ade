/* binascii.c: the binascii module (base64, quopri and uu build on it):
 * conversions between binary data and ASCII encodings (hex, base64,
 * quoted-printable, uuencode) and the CRC-32 and CRC-CCITT checksums, with
 * CPython 3.11's results and messages.
 *
 * The a2b_ functions take bytes-like objects or ASCII-only str; the b2a_
 * ones bytes-like objects only. */
#include <string.h>

#include "../runtime.h"

static Value binascii_error;        /* binascii.Error (a ValueError) */
static Value binascii_incomplete;   /* binascii.Incomplete */

static Value error_set(const char *msg) { return err_set(V_AS(Type, binascii_error), msg); }

/* The bytes of an a2b_ argument: bytes-like, or a str of ASCII characters. */
static bool ascii_view(Value v, const char **p, int64_t *n) {
    if (str_check(v)) {
        if (!str_is_ascii(v)) {
            err_set(&exc_ValueError, "string argument should contain only ASCII characters");
            return false;
        }
        *p = str_data(v);
        *n = str_nbytes(v);
        return true;
    }
    if (!buffer_check(v)) {
        err_format(&exc_TypeError, "argument should be bytes, buffer or ASCII string, not '%T'", v);
        return false;
    }
    BufferInfo bi;
    if (buffer_get(v, &bi, false) < 0) return false;
    *p = bi.data;
    *n = bi.len;
    return true;
}

/* The bytes of a b2a_ argument (or a checksum's). */
static bool data_view(Value v, const char **p, int64_t *n) {
    BufferInfo bi;
    if (buffer_get(v, &bi, false) < 0) return false;
    *p = bi.data;
    *n = bi.len;
    return true;
}

/* An int flag argument (Argument Clinic's int / bool(accept={int})): 0 or
 * 1 in *out; absent means dflt. */
static int flag_arg(Value v, int dflt, int *out) {
    if (!v) {
        *out = dflt;
        return 0;
    }
    Value i = obj_index(v);
    if (!i) return -1;
    *out = !int_is_zero(i);
    return 0;
}

static Value bytes_of_buf(Buf *b) { return bytes_new(b->data ? b->data : "", b->len); }

/* ---- uuencode ------------------------------------------------------------------------------ */

static const ArgSpec ba_a2b_uu_spec = {"a2b_uu", 1, 1, 0, {"data", NULL}};
static Value ba_a2b_uu(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&ba_a2b_uu_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!ascii_view(a[0], &p, &n)) return VNULL;
    const unsigned char *d = (const unsigned char *)p;
    /* the first character is the decoded length; an empty line reads as
       its NUL terminator (as CPython, which decodes 32 zero bytes) */
    int64_t bin_len = (int64_t)((d[0] - ' ') & 077);
    int64_t i = 1, left = n - 1;
    Value r = bytes_alloc((size_t)bin_len);
    unsigned char *out = (unsigned char *)V_AS(BytesObject, r)->data;
    uint32_t acc = 0;
    int bits = 0;
    while (bin_len > 0) {
        unsigned c = left > 0 ? d[i] : 0;
        if (c == '\n' || c == '\r' || left <= 0) {
            /* short line: spaces lost at its end read as zeros */
            c = 0;
        } else {
            /* '`' is accepted as zero, as some encoders write it */
            if (c < ' ' || c > ' ' + 64) return error_set("Illegal char");
            c = (c - ' ') & 077;
        }
        acc = (acc << 6) | c;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            *out++ = (unsigned char)((acc >> bits) & 0xff);
            acc &= (1u << bits) - 1;
            bin_len--;
        }
        i++;
        left--;
    }
    /* what is left on the line may only be padding */
    for (; left > 0; left--, i++) {
        unsigned c = d[i];
        if (c != ' ' && c != ' ' + 64 && c != '\n' && c != '\r') return error_set("Trailing garbage");
    }
    return r;
}

static const ArgSpec ba_b2a_uu_spec = {"b2a_uu", 1, 1, 1, {"data", "backtick=False", NULL}};
static Value ba_b2a_uu(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&ba_b2a_uu_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    int backtick;
    if (!data_view(a[0], &p, &n) || flag_arg(a[1], 0, &backtick) < 0) return VNULL;
    if (n > 45) return error_set("At most 45 bytes at once");
    const unsigned char *d = (const unsigned char *)p;
    Buf b;
    buf_init(&b, (size_t)n * 2 + 4);
    buf_putc(&b, backtick && n == 0 ? '`' : (char)(' ' + n));
    uint32_t acc = 0;
    int bits = 0;
    for (int64_t left = n; left > 0 || bits != 0; left--, d++) {
        acc = left > 0 ? (acc << 8) | *d : acc << 8;
        bits += 8;
        while (bits >= 6) {
            unsigned c = (acc >> (bits - 6)) & 0x3f;
            bits -= 6;
            buf_putc(&b, backtick && c == 0 ? '`' : (char)(c + ' '));
        }
    }
    buf_putc(&b, '\n');
    return bytes_of_buf(&b);
}

/* ---- base64 -------------------------------------------------------------------------------- */

static const char b64_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64_value(unsigned char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

static const ArgSpec ba_a2b_base64_spec = {"a2b_base64", 1, 1, 1, {"data", "strict_mode=False", NULL}};
static Value ba_a2b_base64(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&ba_a2b_base64_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    int strict;
    if (!ascii_view(a[0], &p, &n) || flag_arg(a[1], 0, &strict) < 0) return VNULL;
    const unsigned char *d = (const unsigned char *)p;
    if (strict && n > 0 && d[0] == '=') return error_set("Leading padding not allowed");
    Value r = bytes_alloc((size_t)((n / 4) * 3 + 3));
    unsigned char *start = (unsigned char *)V_AS(BytesObject, r)->data, *out = start;
    int quad = 0, pads = 0;
    bool padding = false;
    unsigned acc = 0;
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = d[i];
        if (c == '=') {
            padding = true;
            /* enough '=' to complete the quad: the data ends here */
            if (quad >= 2 && quad + ++pads >= 4) {
                if (strict && i + 1 < n) return error_set("Excess data after padding");
                goto done;
            }
            continue;
        }
        int v = b64_value(c);
        if (v < 0) {
            if (strict) return error_set("Only base64 data is allowed");
            continue;   /* the lenient mode skips what is not base64 */
        }
        if (strict && padding) return error_set("Discontinuous padding not allowed");
        pads = 0;
        switch (quad) {
        case 0: acc = (unsigned)v; quad = 1; break;
        case 1: *out++ = (unsigned char)((acc << 2) | ((unsigned)v >> 4)); acc = (unsigned)v & 0x0f; quad = 2; break;
        case 2: *out++ = (unsigned char)((acc << 4) | ((unsigned)v >> 2)); acc = (unsigned)v & 0x03; quad = 3; break;
        default: *out++ = (unsigned char)((acc << 6) | (unsigned)v); acc = 0; quad = 0; break;
        }
    }
    if (quad != 0) {
        if (quad == 1)
            return err_format(V_AS(Type, binascii_error),
                              "Invalid base64-encoded string: number of data characters (%zd) cannot be 1 more "
                              "than a multiple of 4",
                              (ssize_t)((out - start) / 3 * 4 + 1));
        return error_set("Incorrect padding");
    }
done:
    return bytes_new((const char *)start, (size_t)(out - start));
}

static const ArgSpec ba_b2a_base64_spec = {"b2a_base64", 1, 1, 1, {"data", "newline=True", NULL}};
static Value ba_b2a_base64(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&ba_b2a_base64_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    int newline;
    if (!data_view(a[0], &p, &n) || flag_arg(a[1], 1, &newline) < 0) return VNULL;
    const unsigned char *d = (const unsigned char *)p;
    Value r = bytes_try_alloc((size_t)((n + 2) / 3 * 4 + (newline ? 1 : 0)));
    if (!r) return VNULL;
    char *out = V_AS(BytesObject, r)->data;
    int64_t i = 0;
    for (; i + 3 <= n; i += 3) {
        uint32_t x = ((uint32_t)d[i] << 16) | ((uint32_t)d[i + 1] << 8) | d[i + 2];
        *out++ = b64_chars[x >> 18];
        *out++ = b64_chars[(x >> 12) & 63];
        *out++ = b64_chars[(x >> 6) & 63];
        *out++ = b64_chars[x & 63];
    }
    if (n - i == 1) {
        *out++ = b64_chars[d[i] >> 2];
        *out++ = b64_chars[(d[i] & 3) << 4];
        *out++ = '=';
        *out++ = '=';
    } else if (n - i == 2) {
        uint32_t x = ((uint32_t)d[i] << 8) | d[i + 1];
        *out++ = b64_chars[x >> 10];
        *out++ = b64_chars[(x >> 4) & 63];
        *out++ = b64_chars[(x & 15) << 2];
        *out++ = '=';
    }
    if (newline) *out++ = '\n';
    return r;
}

/* ---- checksums ----------------------------------------------------------------------------- */

/* The low `bits` bits of an int (negative ints in two's complement), as
 * Argument Clinic's unsigned_int(bitwise=True) takes it. */
static int int_low_bits(Value v, int bits, uint32_t *out) {
    Value i = obj_index(v);
    if (!i) return -1;
    if (v_is_int(i)) {
        *out = (uint32_t)((uint64_t)v_intval(i) & ((UINT64_C(1) << bits) - 1));
        return 0;
    }
    mpz_t z;
    mpz_init(z);
    int_to_mpz(i, z);
    mpz_fdiv_r_2exp(z, z, (mp_bitcnt_t)bits);
    *out = (uint32_t)mpz_get_ui(z);
    mpz_clear(z);
    return 0;
}

static uint32_t crc32_table[256];
static uint16_t crc_hqx_table[256];

static void crc_tables_init(void) {
    if (crc32_table[1]) return;
    for (uint32_t k = 0; k < 256; k++) {
        uint32_t c = k;
        for (int j = 0; j < 8; j++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc32_table[k] = c;
        uint32_t h = k << 8;
        for (int j = 0; j < 8; j++) h = h & 0x8000 ? (h << 1) ^ 0x1021 : h << 1;
        crc_hqx_table[k] = (uint16_t)h;
    }
}

static const ArgSpec ba_crc32_spec = {"crc32", 2, 1, 0, {"data", "crc=0", NULL}};
static Value ba_crc32(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&ba_crc32_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!data_view(a[0], &p, &n)) return VNULL;
    uint32_t crc = 0;
    if (a[1] && int_low_bits(a[1], 32, &crc) < 0) return VNULL;
    crc_tables_init();
    crc = ~crc;
    for (int64_t i = 0; i < n; i++) crc = crc32_table[(crc ^ (unsigned char)p[i]) & 0xff] ^ (crc >> 8);
    return int_from_u64(~crc & 0xffffffffu);
}

static const ArgSpec ba_crc_hqx_spec = {"crc_hqx", 2, 2, 0, {"data", "crc", NULL}};
static Value ba_crc_hqx(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&ba_crc_hqx_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!data_view(a[0], &p, &n)) return VNULL;
    uint32_t crc;
    if (int_low_bits(a[1], 32, &crc) < 0) return VNULL;
    crc &= 0xffff;
    crc_tables_init();
    for (int64_t i = 0; i < n; i++) crc = ((crc << 8) & 0xff00) ^ crc_hqx_table[(crc >> 8) ^ (unsigned char)p[i]];
    return v_int(crc);
}

/* ---- hex ----------------------------------------------------------------------------------- */

/* hexlify and b2a_hex: as bytes.hex, but a separator may be any one
 * byte (a str separator: a code point below 256), as CPython's. */
static Value hexlify_impl(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!data_view(a[0], &p, &n)) return VNULL;
    int sep = -1;
    int64_t per = 1;
    if (a[1]) {
        int64_t len = obj_len(a[1]);
        if (len < 0) return VNULL;
        if (len != 1) return err_set(&exc_ValueError, "sep must be length 1.");
        uint32_t c;
        if (str_check(a[1])) c = str_char_at(a[1], 0);
        else if (bytes_check(a[1])) c = (unsigned char)bytes_data(a[1])[0];
        else return err_set(&exc_TypeError, "sep must be str or bytes.");
        if (c > 255) return err_set(&exc_ValueError, "sep must be ASCII.");
        sep = (int)c;
    }
    if (a[2]) {
        Value i = obj_index(a[2]);
        if (!i) return VNULL;
        per = int_as_i64(i);
        if ((per == -1 && err_occurred()) || per > INT32_MAX || per < INT32_MIN) {
            err_clear();
            return err_set(&exc_OverflowError, "Python int too large to convert to C int");
        }
    }
    const unsigned char *d = (const unsigned char *)p;
    static const char hex[] = "0123456789abcdef";
    int64_t group = per < 0 ? -per : per;
    Buf b;
    buf_init(&b, (size_t)n * 3 + 1);
    for (int64_t i = 0; i < n; i++) {
        /* groups of `group` bytes counted from the right (per > 0) or
           from the left (per < 0) */
        if (sep >= 0 && group > 0 && i > 0 && (per < 0 ? i % group == 0 : (n - i) % group == 0))
            buf_putc(&b, (char)sep);
        char h[2] = {hex[d[i] >> 4], hex[d[i] & 15]};
        buf_put(&b, h, 2);
    }
    return bytes_of_buf(&b);
}

static Value ba_hexlify(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"hexlify", 0, 1, 0, {"data", "sep", "bytes_per_sep", NULL}};
    return hexlify_impl(&spec, args, nargs, kwnames);
}

static Value ba_b2a_hex(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"b2a_hex", 0, 1, 0, {"data", "sep", "bytes_per_sep", NULL}};
    return hexlify_impl(&spec, args, nargs, kwnames);
}

static int hexval(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static Value unhexlify_impl(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!ascii_view(a[0], &p, &n)) return VNULL;
    if (n % 2) return error_set("Odd-length string");
    Value r = bytes_alloc((size_t)(n / 2));
    char *out = V_AS(BytesObject, r)->data;
    for (int64_t i = 0; i < n; i += 2) {
        int hi = hexval((unsigned char)p[i]), lo = hexval((unsigned char)p[i + 1]);
        if (hi < 0 || lo < 0) return error_set("Non-hexadecimal digit found");
        out[i / 2] = (char)(hi << 4 | lo);
    }
    return r;
}

static Value ba_unhexlify(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"unhexlify", 1, 1, 0, {"hexstr", NULL}};
    return unhexlify_impl(&spec, args, nargs, kwnames);
}

static Value ba_a2b_hex(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"a2b_hex", 1, 1, 0, {"hexstr", NULL}};
    return unhexlify_impl(&spec, args, nargs, kwnames);
}

/* ---- quoted-printable ---------------------------------------------------------------------- */

static const ArgSpec ba_a2b_qp_spec = {"a2b_qp", 0, 1, 0, {"data", "header=False", NULL}};
static Value ba_a2b_qp(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&ba_a2b_qp_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    int header;
    if (!ascii_view(a[0], &p, &n) || flag_arg(a[1], 0, &header) < 0) return VNULL;
    const unsigned char *d = (const unsigned char *)p;
    Buf b;
    buf_init(&b, (size_t)n + 1);
    int64_t i = 0;
    while (i < n) {
        if (d[i] == '=') {
            i++;
            if (i >= n) break;   /* a final '=' is a soft break to nothing */
            if (d[i] == '\n' || d[i] == '\r') {
                /* soft line break: drop the rest of the line */
                if (d[i] != '\n')
                    while (i < n && d[i] != '\n') i++;
                if (i < n) i++;
            } else if (d[i] == '=') {
                /* "==" as some broken encoders write '=' */
                buf_putc(&b, '=');
                i++;
            } else if (i + 1 < n && hexval(d[i]) >= 0 && hexval(d[i + 1]) >= 0) {
                buf_putc(&b, (char)(hexval(d[i]) << 4 | hexval(d[i + 1])));
                i += 2;
            } else {
                buf_putc(&b, '=');
            }
        } else if (header && d[i] == '_') {
            buf_putc(&b, ' ');
            i++;
        } else {
            buf_putc(&b, (char)d[i++]);
        }
    }
    return bytes_of_buf(&b);
}

#define QP_MAXLINE 76

static const ArgSpec ba_b2a_qp_spec = {"b2a_qp", 0, 1, 0, {"data", "quotetabs=False", "istext=True", "header=False", NULL}};
static Value ba_b2a_qp(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    if (arg_parse(&ba_b2a_qp_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    int quotetabs, istext, header;
    if (!data_view(a[0], &p, &n) || flag_arg(a[1], 0, &quotetabs) < 0 || flag_arg(a[2], 1, &istext) < 0 ||
        flag_arg(a[3], 0, &header) < 0)
        return VNULL;
    const unsigned char *d = (const unsigned char *)p;
    static const char hexu[] = "0123456789ABCDEF";
    /* line ends are written as the first one in the data is (CRLF or LF) */
    const unsigned char *nl = memchr(d, '\n', (size_t)n);
    bool crlf = nl && nl > d && nl[-1] == '\r';
    Buf b;
    buf_init(&b, (size_t)n * 3 / 2 + 8);
    int64_t i = 0, linelen = 0;
    while (i < n) {
        unsigned char c = d[i];
        bool last = i + 1 == n;
        bool quote = c > 126 || c == '=' || (header && c == '_') ||
                     (c == '.' && linelen == 0 && (last || d[i + 1] == '\n' || d[i + 1] == '\r' || d[i + 1] == 0)) ||
                     (!istext && (c == '\r' || c == '\n')) || ((c == '\t' || c == ' ') && last) ||
                     (c < 33 && c != '\r' && c != '\n' && (quotetabs || (c != '\t' && c != ' ')));
        if (quote) {
            if (linelen + 3 >= QP_MAXLINE) {
                buf_puts(&b, crlf ? "=\r\n" : "=\n");
                linelen = 0;
            }
            char h[3] = {'=', hexu[c >> 4], hexu[c & 15]};
            buf_put(&b, h, 3);
            i++;
            linelen += 3;
        } else if (istext && (c == '\n' || (i + 1 < n && c == '\r' && d[i + 1] == '\n'))) {
            linelen = 0;
            /* whitespace at the end of a line is quoted */
            if (b.len && (b.data[b.len - 1] == ' ' || b.data[b.len - 1] == '\t')) {
                unsigned char w = (unsigned char)b.data[b.len - 1];
                b.data[b.len - 1] = '=';
                char h[2] = {hexu[w >> 4], hexu[w & 15]};
                buf_put(&b, h, 2);
            }
            buf_puts(&b, crlf ? "\r\n" : "\n");
            i += c == '\r' ? 2 : 1;
        } else {
            if (!last && d[i + 1] != '\n' && linelen + 1 >= QP_MAXLINE) {
                buf_puts(&b, crlf ? "=\r\n" : "=\n");
                linelen = 0;
            }
            linelen++;
            buf_putc(&b, header && c == ' ' ? '_' : (char)c);
            i++;
        }
    }
    return bytes_of_buf(&b);
}

static const MethodDef binascii_functions[] = {
    {"a2b_uu", ba_a2b_uu, MF_KEYWORDS, NULL, &ba_a2b_uu_spec},
    {"b2a_uu", ba_b2a_uu, MF_KEYWORDS, NULL, &ba_b2a_uu_spec},
    {"a2b_base64", ba_a2b_base64, MF_KEYWORDS, NULL, &ba_a2b_base64_spec},
    {"b2a_base64", ba_b2a_base64, MF_KEYWORDS, NULL, &ba_b2a_base64_spec},
    {"crc32", ba_crc32, MF_KEYWORDS, NULL, &ba_crc32_spec},
    {"crc_hqx", ba_crc_hqx, MF_KEYWORDS, NULL, &ba_crc_hqx_spec},
    {"hexlify", ba_hexlify, MF_KEYWORDS, NULL},
    {"b2a_hex", ba_b2a_hex, MF_KEYWORDS, NULL},
    {"unhexlify", ba_unhexlify, MF_KEYWORDS, NULL},
    {"a2b_hex", ba_a2b_hex, MF_KEYWORDS, NULL},
    {"a2b_qp", ba_a2b_qp, MF_KEYWORDS, NULL, &ba_a2b_qp_spec},
    {"b2a_qp", ba_b2a_qp, MF_KEYWORDS, NULL, &ba_b2a_qp_spec},
    {NULL, NULL, 0, NULL},
};

static Value make_exc_class(const char *name, Type *base) {
    Value bases = tuple_from_array((Value[]){V_FROM_PTR(base)}, 1);
    Value ns = dict_new();
    dict_set(ns, NAME(__module__), str_from_cstr("binascii"));
    return type_new_class(&type_type, str_from_cstr(name), bases, ns, VNULL);
}

Value binascii_module_create(void) {
    if (!binascii_error) {
        binascii_error = make_exc_class("Error", &exc_ValueError);
        if (!binascii_error) return VNULL;
        binascii_incomplete = make_exc_class("Incomplete", &exc_Exception);
        if (!binascii_incomplete) return VNULL;
    }
    Value m = module_new_cstr("binascii");
    module_add_functions(m, binascii_functions);
    module_add(m, "Error", binascii_error);
    module_add(m, "Incomplete", binascii_incomplete);
    return m;
}
