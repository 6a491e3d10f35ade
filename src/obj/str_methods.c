/* str_methods.c: the methods of str (searching, splitting, joining, case
 * mapping, predicates, padding, encode, translate ...) and str() itself.
 * Formatting (% and str.format) lives in str_format.c.
 *
 * Strings are stored as UTF-8 (str.h). Most methods work on the bytes: a
 * valid UTF-8 needle can only match a haystack at code point boundaries, so
 * find(), split(), replace() & co. search bytes with memchr/memmem and turn
 * byte offsets into code point indexes only where an index is the result.
 * For ASCII strings (str_is_ascii) the two are the same and nothing is
 * converted at all.
 *
 * Character classes and case mappings come from str_unicode.inc, which
 * tools/gen_str_unicode.py generates from CPython 3.11's own data (Unicode
 * 14.0.0), so isalpha(), upper(), split() on whitespace etc. agree with
 * CPython for every code point, including the multi-character mappings
 * ('ß'.upper() == 'SS') and the final-sigma rule of lower().
 */
#include <limits.h>
#include <stdio.h>

#include "../runtime.h"
#include "../vm/pending.h"
#include "../util/numfmt.h"
#include "codec.h"

/* ---- Unicode data ------------------------------------------------------------ */

typedef struct CaseRun {
    uint32_t first;     /* first code point of the run */
    uint16_t count;     /* code points in the run */
    uint8_t stride;     /* distance between them (1, or 2 for Aa pairs) */
    int32_t delta;      /* mapped = code point + delta */
} CaseRun;

typedef struct CaseSpecial {
    uint32_t cp;
    char kind;          /* 'l' lower, 'u' upper, 't' title, 'f' casefold */
    const char *to;     /* UTF-8 of the mapping (several code points) */
} CaseSpecial;

#include "str_unicode.inc"

/* property bits of uprop_flags (tools/gen_str_unicode.py) */
enum {
    UP_ALPHA = 1 << 0,
    UP_DECIMAL = 1 << 1,
    UP_DIGIT = 1 << 2,
    UP_NUMERIC = 1 << 3,
    UP_SPACE = 1 << 4,
    UP_PRINTABLE = 1 << 5,
    UP_LOWER = 1 << 6,
    UP_UPPER = 1 << 7,
    UP_TITLE = 1 << 8,
    UP_CASED = 1 << 9,
    UP_CASE_IGNORABLE = 1 << 10,
    UP_XID_START = 1 << 11,
    UP_XID_CONTINUE = 1 << 12,
};

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))
/* results beyond this many bytes raise MemoryError (as str * n does) */
#define STR_MAX_BYTES ((int64_t)1 << 40)

static unsigned uprops(uint32_t c) {
    size_t lo = 0, hi = NELEMS(uprop_start);
    while (hi - lo > 1) {   /* last i with uprop_start[i] <= c */
        size_t mid = (lo + hi) / 2;
        if (uprop_start[mid] <= c) lo = mid;
        else hi = mid;
    }
    return uprop_flags[lo];
}

/* The properties of the 128 ASCII characters, filled from the table on
 * first use so that the common case is one load. */
static uint16_t ascii_props[128];
static bool ascii_props_ready;

static inline unsigned cp_props(uint32_t c) {
    if (c < 128) {
        if (!ascii_props_ready) {
            for (uint32_t i = 0; i < 128; i++) ascii_props[i] = (uint16_t)uprops(i);
            ascii_props_ready = true;
        }
        return ascii_props[c];
    }
    return uprops(c);
}

bool unicode_isspace(uint32_t c) { return (cp_props(c) & UP_SPACE) != 0; }

/* Value of a Unicode decimal digit, -1 for other characters. Decimal digits
 * come in runs of ten starting with zero, and the property table starts a
 * new run where the digits start. */
int unicode_decimal_value(uint32_t c) {
    if (c < 128) return c >= '0' && c <= '9' ? (int)(c - '0') : -1;
    size_t lo = 0, hi = NELEMS(uprop_start);
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (uprop_start[mid] <= c) lo = mid;
        else hi = mid;
    }
    if (!(uprop_flags[lo] & UP_DECIMAL)) return -1;
    return (int)((c - uprop_start[lo]) % 10);
}

bool unicode_isprintable(uint32_t c) { return (cp_props(c) & UP_PRINTABLE) != 0; }

static uint32_t case_simple(const CaseRun *runs, size_t n, uint32_t c) {
    size_t lo = 0, hi = n;
    if (n == 0 || c < runs[0].first) return c;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (runs[mid].first <= c) lo = mid;
        else hi = mid;
    }
    const CaseRun *r = &runs[lo];
    uint32_t off = c - r->first;
    if (off % r->stride == 0 && off / r->stride < r->count) return (uint32_t)((int32_t)c + r->delta);
    return c;
}

/* The multi-code-point mapping of c of the given kind, or NULL. */
static const char *case_full(uint32_t c, char kind) {
    if (c < 0xDF) return NULL;  /* nothing below 'ß' maps to several */
    size_t lo = 0, hi = NELEMS(case_special);
    while (lo < hi) {   /* first entry with cp >= c */
        size_t mid = (lo + hi) / 2;
        if (case_special[mid].cp < c) lo = mid + 1;
        else hi = mid;
    }
    for (; lo < NELEMS(case_special) && case_special[lo].cp == c; lo++)
        if (case_special[lo].kind == kind) return case_special[lo].to;
    return NULL;
}

static uint32_t map_simple(uint32_t c, char kind) {
    switch (kind) {
    case 'l': return case_simple(case_lower_runs, NELEMS(case_lower_runs), c);
    case 'u': return case_simple(case_upper_runs, NELEMS(case_upper_runs), c);
    case 't': return case_simple(case_title_runs, NELEMS(case_title_runs), c);
    default: return case_simple(case_fold_runs, NELEMS(case_fold_runs), c);
    }
}

/* Simple (one code point) case mappings and the classes the regex engine
 * (_sre) tests, as CPython's Py_UNICODE_TOLOWER & co: a letter whose full
 * mapping has several code points maps to the first of them. */
static uint32_t map_one(uint32_t c, char kind) {
    const char *full = case_full(c, kind);
    if (full) {
        int len;
        return utf8_decode(full, &len);
    }
    return map_simple(c, kind);
}
uint32_t unicode_tolower(uint32_t c) {
    if (c < 128) return c >= 'A' && c <= 'Z' ? c + 32 : c;
    return map_one(c, 'l');
}
uint32_t unicode_toupper(uint32_t c) {
    if (c < 128) return c >= 'a' && c <= 'z' ? c - 32 : c;
    return map_one(c, 'u');
}
bool unicode_isalnum(uint32_t c) {
    return (cp_props(c) & (UP_ALPHA | UP_DECIMAL | UP_DIGIT | UP_NUMERIC)) != 0;
}
bool unicode_isdecimal(uint32_t c) { return (cp_props(c) & UP_DECIMAL) != 0; }

static void put_cp(Buf *b, uint32_t c) {
    if (c < 0x80) {
        buf_putc(b, (char)c);
        return;
    }
    char tmp[4];
    buf_put(b, tmp, (size_t)utf8_encode(c, tmp));
}

/* Append the full case mapping of c. */
static void put_mapped(Buf *b, uint32_t c, char kind) {
    if (c < 0x80) {
        if (kind == 'l' || kind == 'f') buf_putc(b, (char)(c >= 'A' && c <= 'Z' ? c + 32 : c));
        else buf_putc(b, (char)(c >= 'a' && c <= 'z' ? c - 32 : c));
        return;
    }
    const char *full = case_full(c, kind);
    if (full) buf_puts(b, full);
    else put_cp(b, map_simple(c, kind));
}

/* ---- small helpers ---------------------------------------------------------- */

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

/* Start of the code point that ends at byte offset i (> 0). */
static inline int64_t prev_start(const char *d, int64_t i) {
    i--;
    while (i > 0 && ((unsigned char)d[i] & 0xC0) == 0x80) i--;
    return i;
}

static inline bool ascii_space(unsigned char c) {
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1C && c <= 0x1F);
}

/* Byte length of the whitespace character at d[i], 0 if it is not one. */
static inline int space_at(const char *d, int64_t i) {
    unsigned char c = (unsigned char)d[i];
    if (c < 0x80) return ascii_space(c);
    int l;
    uint32_t cp = utf8_decode(d + i, &l);
    return (uprops(cp) & UP_SPACE) ? l : 0;
}

/* Byte length of the whitespace character ending at d[i] (i > 0), or 0. */
static inline int space_before(const char *d, int64_t i) {
    unsigned char c = (unsigned char)d[i - 1];
    if (c < 0x80) return ascii_space(c);
    int64_t s = prev_start(d, i);
    return space_at(d, s) ? (int)(i - s) : 0;
}

/* The same string as an exact str (methods never return subclasses). */
static Value exact_str(Value s) {
    if (str_check_exact(s)) return s;
    return str_new(str_data(s), (size_t)str_nbytes(s));
}

/* The substring of s between byte offsets b0 and b1 (code point bounds). */
static Value sub_bytes(Value s, int64_t b0, int64_t b1) {
    if (b1 <= b0) return str_empty;
    if (b0 == 0 && b1 == str_nbytes(s)) return exact_str(s);
    const char *d = str_data(s);
    if (str_is_ascii(s)) {
        if (b1 - b0 == 1) return str_ascii_char(d[b0]);
        Value r = str_alloc((size_t)(b1 - b0));
        StrObject *ro = V_AS(StrObject, r);
        memcpy(ro->data, d + b0, (size_t)(b1 - b0));
        ro->ascii = 1;
        ro->length = b1 - b0;
        return r;
    }
    return str_new(d + b0, (size_t)(b1 - b0));
}

static const char *find_bytes(const char *h, int64_t hn, const char *nd, int64_t nn) {
    if (nn > hn) return NULL;
    if (nn == 1) return memchr(h, nd[0], (size_t)hn);
    return memmem(h, (size_t)hn, nd, (size_t)nn);
}

static const char *rfind_bytes(const char *h, int64_t hn, const char *nd, int64_t nn) {
    if (nn > hn) return NULL;
    if (nn == 0) return h + hn;
    /* candidates are the occurrences of the first byte, right to left */
    int64_t limit = hn - nn + 1;
    while (limit > 0) {
        const char *p = memrchr(h, nd[0], (size_t)limit);
        if (!p) return NULL;
        if (memcmp(p, nd, (size_t)nn) == 0) return p;
        limit = p - h;
    }
    return NULL;
}

/* Byte offset of code point i, without touching the index for the ends. */
static inline int64_t boff(Value s, int64_t i) {
    if (i <= 0) return 0;
    if (i >= str_len(s)) return str_nbytes(s);
    return str_byte_offset(s, i);
}

/* How Argument Clinic names the type of a bad argument: None is "None". */
static const char *clinic_tname(Value v) { return v == V_NONE ? "None" : type_of(v)->tname; }


static bool one_arg(const char *name, size_t nargs) {
    if (nargs == 2) return true;
    err_format(&exc_TypeError, "str.%s() takes exactly one argument (%zd given)", name, (ssize_t)nargs - 1);
    return false;
}

/* Argument Clinic style parsing of positional-or-keyword parameters:
 * args/nargs exclude self; fills out[0..nparams) (VNULL when omitted). */
static int parse_args(const char *fname, Value *args, size_t nargs, Value kwnames,
                      const char *const *kwlist, size_t nparams, Value *out) {
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (nargs + nkw > nparams) {
        err_format(&exc_TypeError, "%s() takes at most %zd argument%s (%zd given)", fname, (ssize_t)nparams,
                   nparams == 1 ? "" : "s", (ssize_t)(nargs + nkw));
        return -1;
    }
    for (size_t i = 0; i < nparams; i++) out[i] = i < nargs ? args[i] : VNULL;
    for (size_t k = 0; k < nkw; k++) {
        Value name = tuple_get(kwnames, (int64_t)k);
        size_t i = 0;
        while (i < nparams && !str_eq_cstr(name, kwlist[i])) i++;
        if (i == nparams) {
            err_format(&exc_TypeError, "'%U' is an invalid keyword argument for %s()", name, fname);
            return -1;
        }
        if (i < nargs) {
            err_format(&exc_TypeError, "argument for %s() given by name ('%s') and position (%zd)", fname,
                       kwlist[i], (ssize_t)i + 1);
            return -1;
        }
        out[i] = args[nargs + k];
    }
    return 0;
}

/* An int argument converted to a C ssize_t (OverflowError if too big). */
static int ssize_arg(Value v, int64_t *out) {
    if (v_is_int(v)) {
        *out = v_intval(v);
        return 0;
    }
    Value iv = obj_index(v);
    if (!iv) return -1;
    if (v_is_int(iv)) {
        *out = v_intval(iv);
        return 0;
    }
    int64_t x = int_as_i64(iv);
    if (x == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    *out = x;
    return 0;
}

/* An int argument converted to a C int. */
static int int_arg(Value v, int *out) {
    int64_t x;
    if (v_is_int(v)) {
        x = v_intval(v);
    } else {
        Value iv = obj_index(v);
        if (!iv) return -1;
        x = int_as_i64_clamped(iv, INT64_MIN, INT64_MAX);
        if (!v_is_int(iv)) x = x < 0 ? INT64_MIN : INT64_MAX;
    }
    if (x < INT_MIN || x > INT_MAX) {
        err_set(&exc_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* A start/end argument of find() & co.: None keeps the default; big
 * values are clamped, as slice indexes are. */
static int slice_arg(Value v, int64_t *out) {
    if (!v || v == V_NONE) return 0;
    if (v_is_int(v)) {
        *out = v_intval(v);
        return 0;
    }
    if (!int_check(v) && (v_is_smallfloat(v) || !type_lookup(type_of(v), NAME(__index__)))) {
        err_set(&exc_TypeError, "slice indices must be integers or None or have an __index__ method");
        return -1;
    }
    Value iv = obj_index(v);
    if (!iv) return -1;
    *out = int_as_i64_clamped(iv, INT64_MIN / 4, INT64_MAX / 4);
    return 0;
}

/* Resolve start/end against the length as slicing does (start may stay
 * beyond the end). */
static void adjust_range(int64_t len, int64_t *start, int64_t *end) {
    if (*end > len) *end = len;
    else if (*end < 0) {
        *end += len;
        if (*end < 0) *end = 0;
    }
    if (*start < 0) {
        *start += len;
        if (*start < 0) *start = 0;
    }
}

/* ---- searching ------------------------------------------------------------- */

/* Parse (sub[, start[, end]]) of find/index/count, old-style messages. */
static int search_args(const char *fname, Value *args, size_t nargs, Value *sub, int64_t *start, int64_t *end) {
    if (nargs < 2) {
        err_format(&exc_TypeError, "%s() takes at least 1 argument (0 given)", fname);
        return -1;
    }
    if (nargs > 4) {
        err_format(&exc_TypeError, "%s() takes at most 3 arguments (%zd given)", fname, (ssize_t)nargs - 1);
        return -1;
    }
    *sub = args[1];
    *start = 0;
    *end = INT64_MAX / 4;
    if (nargs > 2 && slice_arg(args[2], start) < 0) return -1;
    if (nargs > 3 && slice_arg(args[3], end) < 0) return -1;
    if (!str_check(*sub)) {
        err_format(&exc_TypeError, "must be str, not %T", *sub);
        return -1;
    }
    adjust_range(str_len(args[0]), start, end);
    return 0;
}

/* Index of sub in s[start:end] (code points), -1 if absent. */
static int64_t find_in(Value s, Value sub, int64_t start, int64_t end, bool reverse) {
    int64_t sublen = str_len(sub);
    if (end - start < sublen) return -1;
    if (sublen == 0) return reverse ? end : start;
    int64_t b0 = boff(s, start), b1 = boff(s, end);
    const char *d = str_data(s);
    const char *p = reverse ? rfind_bytes(d + b0, b1 - b0, str_data(sub), str_nbytes(sub))
                            : find_bytes(d + b0, b1 - b0, str_data(sub), str_nbytes(sub));
    if (!p) return -1;
    if (str_is_ascii(s)) return p - d;
    return start + utf8_count(d + b0, (size_t)(p - (d + b0)));
}

static Value find_common(const char *fname, Value *args, size_t nargs, bool reverse, bool raise) {
    Value sub;
    int64_t start, end;
    if (search_args(fname, args, nargs, &sub, &start, &end) < 0) return VNULL;
    int64_t r = find_in(args[0], sub, start, end, reverse);
    if (r < 0 && raise) return err_set(&exc_ValueError, "substring not found");
    return v_int(r);
}

static Value str_find_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return find_common("find", args, nargs, false, false);
}
static Value str_rfind_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return find_common("rfind", args, nargs, true, false);
}
static Value str_index_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return find_common("index", args, nargs, false, true);
}
static Value str_rindex_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return find_common("rindex", args, nargs, true, true);
}

/* Non-overlapping occurrences of nd in h. */
static int64_t count_bytes(const char *h, int64_t hn, const char *nd, int64_t nn, int64_t max) {
    int64_t n = 0;
    const char *end = h + hn;
    while (n < max) {
        const char *p = find_bytes(h, end - h, nd, nn);
        if (!p) break;
        n++;
        h = p + nn;
    }
    return n;
}

static Value str_count_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    Value sub;
    int64_t start, end;
    if (search_args("count", args, nargs, &sub, &start, &end) < 0) return VNULL;
    Value s = args[0];
    int64_t sublen = str_len(sub);
    if (end - start < sublen) return v_int(0);
    if (sublen == 0) return v_int(end - start + 1);
    int64_t b0 = boff(s, start), b1 = boff(s, end);
    return v_int(count_bytes(str_data(s) + b0, b1 - b0, str_data(sub), str_nbytes(sub), INT64_MAX));
}

/* startswith/endswith of one prefix: CPython's tail match on code points. */
static bool tail_match(Value s, Value sub, int64_t start, int64_t end, bool at_end) {
    int64_t sublen = str_len(sub);
    end -= sublen;
    if (end < start) return false;
    if (sublen == 0) return true;
    int64_t b = boff(s, at_end ? end : start);
    int64_t nb = str_nbytes(sub);
    return b + nb <= str_nbytes(s) && memcmp(str_data(s) + b, str_data(sub), (size_t)nb) == 0;
}

static Value starts_ends(const char *fname, Value *args, size_t nargs, bool at_end) {
    if (nargs < 2) return err_format(&exc_TypeError, "%s() takes at least 1 argument (0 given)", fname);
    if (nargs > 4)
        return err_format(&exc_TypeError, "%s() takes at most 3 arguments (%zd given)", fname, (ssize_t)nargs - 1);
    int64_t start = 0, end = INT64_MAX / 4;
    if (nargs > 2 && slice_arg(args[2], &start) < 0) return VNULL;
    if (nargs > 3 && slice_arg(args[3], &end) < 0) return VNULL;
    adjust_range(str_len(args[0]), &start, &end);
    Value x = args[1];
    if (tuple_check(x)) {
        for (int64_t i = 0; i < tuple_size(x); i++) {
            Value sub = tuple_get(x, i);
            if (!str_check(sub))
                return err_format(&exc_TypeError, "tuple for %s must only contain str, not %T", fname, sub);
            if (tail_match(args[0], sub, start, end, at_end)) return V_TRUE;
        }
        return V_FALSE;
    }
    if (!str_check(x))
        return err_format(&exc_TypeError, "%s first arg must be str or a tuple of str, not %T", fname, x);
    return v_bool(tail_match(args[0], x, start, end, at_end));
}

static Value str_startswith_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return starts_ends("startswith", args, nargs, false);
}
static Value str_endswith_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return starts_ends("endswith", args, nargs, true);
}

/* ---- split, rsplit, splitlines, partition ---------------------------------- */

/* The pieces of a split, gathered on the C stack (which the collector
 * scans) so that the result list is allocated once with its exact size;
 * past PIECES_INLINE pieces they move to a growing list. */
#define PIECES_INLINE 16
typedef struct {
    Value inl[PIECES_INLINE];
    int64_t n;
    Value list;   /* VNULL while the pieces fit in inl */
} Pieces;

static void pieces_add(Pieces *p, Value v) {
    if (p->list) {
        list_append(p->list, v);
    } else if (p->n < PIECES_INLINE) {
        p->inl[p->n++] = v;
    } else {
        p->list = list_new(PIECES_INLINE * 2);
        memcpy(list_items(p->list), p->inl, sizeof p->inl);
        V_AS(ListObject, p->list)->size = PIECES_INLINE;
        list_append(p->list, v);
    }
}

static Value pieces_list(Pieces *p) { return p->list ? p->list : list_from_array(p->inl, p->n); }

static const ArgSpec str_split_args = {"split", 0, 0, 0, {"sep=None", "maxsplit=-1", NULL}};
static const ArgSpec str_rsplit_args = {"rsplit", 0, 0, 0, {"sep=None", "maxsplit=-1", NULL}};

static int split_args(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, Value *sep, int64_t *maxsplit) {
    Value a[2];
    if (!kwnames && nargs <= 3) {
        a[0] = nargs > 1 ? args[1] : VNULL;
        a[1] = nargs > 2 ? args[2] : VNULL;
    } else if (arg_parse(spec, args + 1, nargs - 1, kwnames, a) < 0) {
        return -1;
    }
    *sep = a[0] && a[0] != V_NONE ? a[0] : VNULL;
    *maxsplit = -1;
    if (*sep && !str_check(*sep)) {
        err_format(&exc_TypeError, "must be str or None, not %T", *sep);
        return -1;
    }
    if (a[1] && ssize_arg(a[1], maxsplit) < 0) return -1;
    if (*maxsplit < 0) *maxsplit = INT64_MAX;
    if (*sep && str_nbytes(*sep) == 0) {
        err_set(&exc_ValueError, "empty separator");
        return -1;
    }
    return 0;
}

static Value str_split_m(Value *args, size_t nargs, Value kwnames) {
    Value sep;
    int64_t maxsplit;
    if (split_args(&str_split_args, args, nargs, kwnames, &sep, &maxsplit) < 0) return VNULL;
    Value s = args[0];
    const char *d = str_data(s);
    int64_t n = str_nbytes(s);
    Pieces pc;
    pc.n = 0;
    pc.list = VNULL;
    if (!sep) {
        int64_t i = 0;
        int l;
        while (maxsplit-- > 0) {
            while (i < n && (l = space_at(d, i))) i += l;
            if (i == n) break;
            int64_t j = i;
            while (i < n && !space_at(d, i)) {
                if ((unsigned char)d[i] < 0x80) i++;
                else next_cp(d, &i);
            }
            pieces_add(&pc, sub_bytes(s, j, i));
        }
        if (i < n) {
            while (i < n && (l = space_at(d, i))) i += l;
            if (i < n) pieces_add(&pc, sub_bytes(s, i, n));
        }
        return pieces_list(&pc);
    }
    const char *sd = str_data(sep);
    int64_t sn = str_nbytes(sep);
    int64_t i = 0;
    while (maxsplit-- > 0) {
        const char *p = find_bytes(d + i, n - i, sd, sn);
        if (!p) break;
        int64_t k = p - d;
        pieces_add(&pc, sub_bytes(s, i, k));
        i = k + sn;
    }
    pieces_add(&pc, sub_bytes(s, i, n));
    return pieces_list(&pc);
}

static Value str_rsplit_m(Value *args, size_t nargs, Value kwnames) {
    Value sep;
    int64_t maxsplit;
    if (split_args(&str_rsplit_args, args, nargs, kwnames, &sep, &maxsplit) < 0) return VNULL;
    Value s = args[0];
    const char *d = str_data(s);
    int64_t n = str_nbytes(s);
    Pieces pc;
    pc.n = 0;
    pc.list = VNULL;
    if (!sep) {
        int64_t i = n;
        int l;
        while (maxsplit-- > 0) {
            while (i > 0 && (l = space_before(d, i))) i -= l;
            if (i == 0) break;
            int64_t j = i;
            while (i > 0 && !space_before(d, i)) i = prev_start(d, i);
            pieces_add(&pc, sub_bytes(s, i, j));
        }
        if (i > 0) {
            while (i > 0 && (l = space_before(d, i))) i -= l;
            if (i > 0) pieces_add(&pc, sub_bytes(s, 0, i));
        }
    } else {
        const char *sd = str_data(sep);
        int64_t sn = str_nbytes(sep);
        int64_t i = n;
        while (maxsplit-- > 0) {
            const char *p = rfind_bytes(d, i, sd, sn);
            if (!p) break;
            int64_t k = p - d;
            pieces_add(&pc, sub_bytes(s, k + sn, i));
            i = k;
        }
        pieces_add(&pc, sub_bytes(s, 0, i));
    }
    Value list = pieces_list(&pc);
    list_reverse(list);
    return list;
}

static const ArgSpec str_splitlines_args = {"splitlines", 0, 0, 0, {"keepends=False", NULL}};
static Value str_splitlines_m(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&str_splitlines_args, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int keep = 0;
    if (a[0] && int_arg(a[0], &keep) < 0) return VNULL;
    Value s = args[0];
    const char *d = str_data(s);
    int64_t n = str_nbytes(s);
    Pieces pc;
    pc.n = 0;
    pc.list = VNULL;
    int64_t i = 0;
    while (i < n) {
        int64_t j = i, eol = -1, next = -1;
        while (j < n) {
            unsigned char c = (unsigned char)d[j];
            if (c == '\n' || c == '\v' || c == '\f' || c == 0x1C || c == 0x1D || c == 0x1E) {
                eol = j;
                next = j + 1;
            } else if (c == '\r') {
                eol = j;
                next = (j + 1 < n && d[j + 1] == '\n') ? j + 2 : j + 1;
            } else if (c == 0xC2 && j + 1 < n && (unsigned char)d[j + 1] == 0x85) {
                eol = j;
                next = j + 2;
            } else if (c == 0xE2 && j + 2 < n && (unsigned char)d[j + 1] == 0x80 &&
                       ((unsigned char)d[j + 2] == 0xA8 || (unsigned char)d[j + 2] == 0xA9)) {
                eol = j;
                next = j + 3;
            }
            if (eol >= 0) break;
            j++;
        }
        if (eol < 0) {
            pieces_add(&pc, sub_bytes(s, i, n));
            break;
        }
        pieces_add(&pc, sub_bytes(s, i, keep ? next : eol));
        i = next;
    }
    return pieces_list(&pc);
}

static Value partition_common(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, bool reverse) {
    if (arg_parse(spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value s = args[0], sep = args[1];
    if (!str_check(sep)) return err_format(&exc_TypeError, "must be str, not %T", sep);
    if (str_nbytes(sep) == 0) return err_set(&exc_ValueError, "empty separator");
    const char *d = str_data(s);
    int64_t n = str_nbytes(s);
    const char *p = reverse ? rfind_bytes(d, n, str_data(sep), str_nbytes(sep))
                            : find_bytes(d, n, str_data(sep), str_nbytes(sep));
    if (!p) {
        /* CPython returns self here, even for a subclass instance */
        if (reverse) return tuple_pack(3, str_empty, str_empty, s);
        return tuple_pack(3, s, str_empty, str_empty);
    }
    int64_t k = p - d;
    return tuple_pack(3, sub_bytes(s, 0, k), exact_str(sep), sub_bytes(s, k + str_nbytes(sep), n));
}

static const ArgSpec str_partition_args = {"str.partition", 1, 1, 0, {"sep", NULL}};
static Value str_partition_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return partition_common(&str_partition_args, args, nargs, kwnames, false);
}
static const ArgSpec str_rpartition_args = {"str.rpartition", 1, 1, 0, {"sep", NULL}};
static Value str_rpartition_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return partition_common(&str_rpartition_args, args, nargs, kwnames, true);
}

/* ---- join ---------------------------------------------------------------------- */

static const ArgSpec str_join_args = {"str.join", 1, 1, 0, {"iterable", NULL}};
static Value str_join_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&str_join_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value sep = args[0], seq = args[1];
    Value *items;
    int64_t n;
    if (list_check_exact(seq)) {
        items = list_items(seq);
        n = list_size(seq);
    } else if (tuple_check(seq) && seq_fast_items(seq)) {
        items = tuple_items(seq);
        n = tuple_size(seq);
    } else {
        Value it = obj_iter(seq);
        if (!it) {
            if (err_matches(&exc_TypeError)) {
                err_clear();
                return err_set(&exc_TypeError, "can only join an iterable");
            }
            return VNULL;
        }
        Value l = list_from_iterable(it);
        if (!l) return VNULL;
        items = list_items(l);
        n = list_size(l);
    }
    if (n == 0) return str_empty;
    if (n == 1 && str_check_exact(items[0])) return items[0];
    int64_t sepb = str_nbytes(sep), total = sepb * (n - 1), length = str_len(sep) * (n - 1);
    bool ascii = str_is_ascii(sep);
    /* A long list's strings are scattered over the heap, and each pass
       reads every one of them: ask for the one JOIN_PREFETCH items ahead
       while this one is read (both passes wait on memory otherwise:
       ",".join of 700,000 short strings, bench/strings.py). A prefetch
       is only a hint: it changes no result. */
    enum { JOIN_PREFETCH = 8 };
    for (int64_t i = 0; i < n; i++) {
        if (i + JOIN_PREFETCH < n && v_is_ptr(items[i + JOIN_PREFETCH])) __builtin_prefetch(V_OBJ(items[i + JOIN_PREFETCH]));
        Value x = items[i];
        if (!str_check(x))
            return err_format(&exc_TypeError, "sequence item %zd: expected str instance, %T found", (ssize_t)i, x);
        if ((i & 0xFFFF) == 0xFFFF && pending_check() < 0) return VNULL;   /* a huge list */
        total += str_nbytes(x);
        length += str_len(x);
        ascii = ascii && str_is_ascii(x);
    }
    Value r = str_try_alloc((size_t)total);
    if (!r) return VNULL;
    StrObject *ro = V_AS(StrObject, r);
    char *p = ro->data;
    const char *sd = str_data(sep);
    for (int64_t i = 0; i < n; i++) {
        if (i + JOIN_PREFETCH < n) __builtin_prefetch(V_OBJ(items[i + JOIN_PREFETCH]));
        if (i && sepb) {
            memcpy(p, sd, (size_t)sepb);
            p += sepb;
        }
        int64_t xb = str_nbytes(items[i]);
        memcpy(p, str_data(items[i]), (size_t)xb);
        p += xb;
    }
    ro->length = length;
    ro->ascii = ascii;
    return r;
}

/* ---- strip ---------------------------------------------------------------------- */

static bool cp_in(uint32_t c, const uint32_t *set, int64_t n) {
    for (int64_t k = 0; k < n; k++)
        if (set[k] == c) return true;
    return false;
}

/* which: 1 left, 2 right, 3 both */
static Value strip_common(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, int which) {
    if (arg_parse(spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value s = args[0], chars = nargs > 1 ? args[1] : V_NONE;
    const char *d = str_data(s);
    int64_t n = str_nbytes(s), i = 0, j = n;
    if (chars == V_NONE) {
        int l;
        if (which & 1)
            while (i < j && (l = space_at(d, i))) i += l;
        if (which & 2)
            while (j > i && (l = space_before(d, j))) j -= l;
        return sub_bytes(s, i, j);
    }
    if (!str_check(chars)) return err_format(&exc_TypeError, "%s arg must be None or str", spec->fname);
    if (str_is_ascii(chars)) {
        /* membership by byte: non-ASCII bytes of s never match */
        bool set[128] = {false};
        const char *cd = str_data(chars);
        for (int64_t k = 0; k < str_nbytes(chars); k++) set[(unsigned char)cd[k]] = true;
        if (which & 1)
            while (i < j && (unsigned char)d[i] < 0x80 && set[(unsigned char)d[i]]) i++;
        if (which & 2)
            while (j > i && (unsigned char)d[j - 1] < 0x80 && set[(unsigned char)d[j - 1]]) j--;
        return sub_bytes(s, i, j);
    }
    int64_t nc = str_len(chars);
    uint32_t *cps = gc_alloc_atomic(sizeof(uint32_t) * (size_t)nc);
    {
        int64_t k = 0, q = 0;
        const char *cd = str_data(chars);
        while (k < str_nbytes(chars)) cps[q++] = next_cp(cd, &k);
    }
    if (which & 1) {
        while (i < j) {
            int64_t k = i;
            if (!cp_in(next_cp(d, &k), cps, nc)) break;
            i = k;
        }
    }
    if (which & 2) {
        while (j > i) {
            int64_t k = prev_start(d, j), k2 = k;
            if (!cp_in(next_cp(d, &k2), cps, nc)) break;
            j = k;
        }
    }
    return sub_bytes(s, i, j);
}

static const ArgSpec str_strip_args = {"strip", 1, 0, 0, {"chars=None", NULL}};
static Value str_strip_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return strip_common(&str_strip_args, args, nargs, kwnames, 3);
}
static const ArgSpec str_lstrip_args = {"lstrip", 1, 0, 0, {"chars=None", NULL}};
static Value str_lstrip_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return strip_common(&str_lstrip_args, args, nargs, kwnames, 1);
}
static const ArgSpec str_rstrip_args = {"rstrip", 1, 0, 0, {"chars=None", NULL}};
static Value str_rstrip_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return strip_common(&str_rstrip_args, args, nargs, kwnames, 2);
}

static const ArgSpec str_removeprefix_args = {"str.removeprefix", 1, 1, 0, {"prefix", NULL}};
static Value str_removeprefix_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&str_removeprefix_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value s = args[0], p = args[1];
    if (!str_check(p)) return err_format(&exc_TypeError, "removeprefix() argument must be str, not %s", clinic_tname(p));
    int64_t pn = str_nbytes(p);
    if (pn <= str_nbytes(s) && memcmp(str_data(s), str_data(p), (size_t)pn) == 0)
        return sub_bytes(s, pn, str_nbytes(s));
    return exact_str(s);
}

static const ArgSpec str_removesuffix_args = {"str.removesuffix", 1, 1, 0, {"suffix", NULL}};
static Value str_removesuffix_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&str_removesuffix_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value s = args[0], p = args[1];
    if (!str_check(p)) return err_format(&exc_TypeError, "removesuffix() argument must be str, not %s", clinic_tname(p));
    int64_t pn = str_nbytes(p), n = str_nbytes(s);
    if (pn && pn <= n && memcmp(str_data(s) + n - pn, str_data(p), (size_t)pn) == 0) return sub_bytes(s, 0, n - pn);
    return exact_str(s);
}

/* ---- replace ---------------------------------------------------------------------- */

static const ArgSpec str_replace_args = {"replace", 3, 2, 0, {"old", "new", "count=-1", NULL}};
static Value str_replace_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&str_replace_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value s = args[0], old = args[1], new_ = args[2];
    if (!str_check(old)) return err_format(&exc_TypeError, "replace() argument 1 must be str, not %s", clinic_tname(old));
    if (!str_check(new_)) return err_format(&exc_TypeError, "replace() argument 2 must be str, not %s", clinic_tname(new_));
    int64_t count = -1;
    if (nargs > 3 && ssize_arg(args[3], &count) < 0) return VNULL;
    if (count < 0) count = INT64_MAX;
    const char *d = str_data(s), *od = str_data(old), *nd = str_data(new_);
    int64_t n = str_nbytes(s), on = str_nbytes(old), nn = str_nbytes(new_);
    if (count == 0) return exact_str(s);
    if (on == 0) {
        /* insert new_ before every character and at the end, count times */
        int64_t slots = str_len(s) + 1;
        int64_t k = count < slots ? count : slots;
        if (nn && k > (STR_MAX_BYTES - n) / nn) return err_no_memory();
        Buf b;
        buf_init(&b, (size_t)(n + k * nn));
        int64_t i = 0;
        for (int64_t m = 0; m < k; m++) {
            buf_put(&b, nd, (size_t)nn);
            if (i < n) {
                int64_t i0 = i;
                next_cp(d, &i);
                buf_put(&b, d + i0, (size_t)(i - i0));
            }
        }
        buf_put(&b, d + i, (size_t)(n - i));
        return str_from_buf(&b);
    }
    int64_t k = count_bytes(d, n, od, on, count);
    if (k == 0) return exact_str(s);
    if (nn > on && k > (STR_MAX_BYTES - n) / (nn - on)) return err_no_memory();
    int64_t total = n + k * (nn - on);
    Value r = str_alloc((size_t)total);
    StrObject *ro = V_AS(StrObject, r);
    char *p = ro->data;
    int64_t i = 0;
    for (int64_t m = 0; m < k; m++) {
        const char *q = find_bytes(d + i, n - i, od, on);
        int64_t at = q - d;
        memcpy(p, d + i, (size_t)(at - i));
        p += at - i;
        memcpy(p, nd, (size_t)nn);
        p += nn;
        i = at + on;
    }
    memcpy(p, d + i, (size_t)(n - i));
    if (str_is_ascii(s) && str_is_ascii(new_)) {
        ro->ascii = 1;
        ro->length = total;
        return r;
    }
    return str_finish(r);
}

/* ---- case mapping ---------------------------------------------------------------- */

static inline bool cp_cased(uint32_t c) { return (cp_props(c) & UP_CASED) != 0; }
static inline bool cp_case_ignorable(uint32_t c) { return (cp_props(c) & UP_CASE_IGNORABLE) != 0; }

/* Whether the capital sigma at bytes [at, after) of d is word-final: it
 * follows a cased letter (skipping case-ignorables) and is not followed by
 * case-ignorables and a cased letter. */
static bool final_sigma(const char *d, int64_t n, int64_t at, int64_t after) {
    int64_t j = at;
    bool cased_before = false;
    while (j > 0) {
        j = prev_start(d, j);
        int64_t k = j;
        uint32_t c = next_cp(d, &k);
        if (!cp_case_ignorable(c)) {
            cased_before = cp_cased(c);
            break;
        }
    }
    if (!cased_before) return false;
    j = after;
    while (j < n) {
        uint32_t c = next_cp(d, &j);
        if (!cp_case_ignorable(c)) return !cp_cased(c);
    }
    return true;
}

/* Lower-case the character at [at, after) (with the final-sigma rule). */
static void put_lower(Buf *b, const char *d, int64_t n, uint32_t c, int64_t at, int64_t after) {
    if (c == 0x3A3) {
        put_cp(b, final_sigma(d, n, at, after) ? 0x3C2 : 0x3C3);
        return;
    }
    put_mapped(b, c, 'l');
}

/* ASCII strings: a byte-wise copy through a mapping function. */
static Value ascii_map(Value s, int how) {
    int64_t n = str_nbytes(s);
    const unsigned char *d = (const unsigned char *)str_data(s);
    if (n <= 1) {
        /* the shared empty and one-character strings, as str_new gives:
           ch.upper() in a loop over a text allocates nothing */
        unsigned char c = n ? d[0] : 0;
        if (how != 'l' && (unsigned)(c - 'a') < 26) c -= 32;
        else if (how != 'u' && how != 't' && how != 'c' && (unsigned)(c - 'A') < 26) c += 32;
        return str_new((const char *)&c, (size_t)n);
    }
    Value r = str_alloc((size_t)n);
    StrObject *ro = V_AS(StrObject, r);
    unsigned char *o = (unsigned char *)ro->data;
#define IS_UP(c) ((unsigned)((c) - 'A') < 26)
#define IS_LO(c) ((unsigned)((c) - 'a') < 26)
    switch (how) {
    case 'u':
        for (int64_t i = 0; i < n; i++) o[i] = IS_LO(d[i]) ? d[i] - 32 : d[i];
        break;
    case 'l':
        for (int64_t i = 0; i < n; i++) o[i] = IS_UP(d[i]) ? d[i] + 32 : d[i];
        break;
    case 's':
        for (int64_t i = 0; i < n; i++) o[i] = IS_UP(d[i]) ? d[i] + 32 : IS_LO(d[i]) ? d[i] - 32 : d[i];
        break;
    case 'c':   /* capitalize */
        for (int64_t i = 0; i < n; i++) o[i] = IS_UP(d[i]) ? d[i] + 32 : d[i];
        if (n) o[0] = IS_LO(d[0]) ? d[0] - 32 : d[0];
        break;
    default: {  /* title */
        bool prev_cased = false;
        for (int64_t i = 0; i < n; i++) {
            unsigned char c = d[i];
            bool up = IS_UP(c), lo = IS_LO(c);
            if (prev_cased) o[i] = up ? c + 32 : c;
            else o[i] = lo ? c - 32 : c;
            prev_cased = up || lo;
        }
    }
    }
#undef IS_UP
#undef IS_LO
    ro->ascii = 1;
    ro->length = n;
    return r;
}

/* how: 'u' upper, 'l' lower, 'f' casefold, 's' swapcase, 'c' capitalize,
 * 't' title */
static Value case_map(Value s, int how) {
    if (str_is_ascii(s)) return ascii_map(s, how == 'f' ? 'l' : how);
    const char *d = str_data(s);
    int64_t n = str_nbytes(s), i = 0;
    Buf b;
    char b_mem[256];
    buf_init_local(&b, b_mem, sizeof b_mem);
    bool prev_cased = false;
    while (i < n) {
        int64_t at = i;
        uint32_t c = next_cp(d, &i);
        switch (how) {
        case 'u': put_mapped(&b, c, 'u'); break;
        case 'l': put_lower(&b, d, n, c, at, i); break;
        case 'f': put_mapped(&b, c, 'f'); break;
        case 's': {
            unsigned p = cp_props(c);
            if (p & UP_UPPER) put_lower(&b, d, n, c, at, i);
            else if (p & UP_LOWER) put_mapped(&b, c, 'u');
            else put_cp(&b, c);
            break;
        }
        case 'c':
            if (at == 0) put_mapped(&b, c, 't');
            else put_lower(&b, d, n, c, at, i);
            break;
        default:
            if (prev_cased) put_lower(&b, d, n, c, at, i);
            else put_mapped(&b, c, 't');
            prev_cased = cp_cased(c);
        }
    }
    return str_from_buf(&b);
}

static const ArgSpec str_upper_args = {"str.upper", 0, 0, 0, {NULL}};
static Value str_upper_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_upper_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return case_map(args[0], 'u');
}
static const ArgSpec str_lower_args = {"str.lower", 0, 0, 0, {NULL}};
static Value str_lower_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_lower_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return case_map(args[0], 'l');
}
static const ArgSpec str_casefold_args = {"str.casefold", 0, 0, 0, {NULL}};
static Value str_casefold_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_casefold_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return case_map(args[0], 'f');
}
static const ArgSpec str_swapcase_args = {"str.swapcase", 0, 0, 0, {NULL}};
static Value str_swapcase_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_swapcase_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return case_map(args[0], 's');
}
static const ArgSpec str_capitalize_args = {"str.capitalize", 0, 0, 0, {NULL}};
static Value str_capitalize_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_capitalize_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return case_map(args[0], 'c');
}
static const ArgSpec str_title_args = {"str.title", 0, 0, 0, {NULL}};
static Value str_title_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_title_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return case_map(args[0], 't');
}

/* ---- predicates ------------------------------------------------------------------ */

/* True when s is non-empty and every code point has one of `mask`. */
static Value all_have(Value s, unsigned mask) {
    const char *d = str_data(s);
    int64_t n = str_nbytes(s), i = 0;
    if (n == 0) return V_FALSE;
    while (i < n) {
        if (!(cp_props(next_cp(d, &i)) & mask)) return V_FALSE;
    }
    return V_TRUE;
}

static const ArgSpec str_isdigit_args = {"str.isdigit", 0, 0, 0, {NULL}};
static Value str_isdigit_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_isdigit_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return all_have(args[0], UP_DIGIT);
}
static const ArgSpec str_isdecimal_args = {"str.isdecimal", 0, 0, 0, {NULL}};
static Value str_isdecimal_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_isdecimal_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return all_have(args[0], UP_DECIMAL);
}
static const ArgSpec str_isnumeric_args = {"str.isnumeric", 0, 0, 0, {NULL}};
static Value str_isnumeric_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_isnumeric_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return all_have(args[0], UP_NUMERIC);
}
static const ArgSpec str_isalpha_args = {"str.isalpha", 0, 0, 0, {NULL}};
static Value str_isalpha_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_isalpha_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return all_have(args[0], UP_ALPHA);
}
static const ArgSpec str_isalnum_args = {"str.isalnum", 0, 0, 0, {NULL}};
static Value str_isalnum_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_isalnum_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return all_have(args[0], UP_ALPHA | UP_DECIMAL | UP_DIGIT | UP_NUMERIC);
}
static const ArgSpec str_isspace_args = {"str.isspace", 0, 0, 0, {NULL}};
static Value str_isspace_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_isspace_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return all_have(args[0], UP_SPACE);
}

static const ArgSpec str_isprintable_args = {"str.isprintable", 0, 0, 0, {NULL}};
static Value str_isprintable_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_isprintable_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    if (str_nbytes(args[0]) == 0) return V_TRUE;
    return all_have(args[0], UP_PRINTABLE);
}

static const ArgSpec str_isascii_args = {"str.isascii", 0, 0, 0, {NULL}};
static Value str_isascii_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_isascii_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return v_bool(str_is_ascii(args[0]));
}

static const ArgSpec str_isupper_args = {"str.isupper", 0, 0, 0, {NULL}};
static Value str_isupper_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_isupper_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    const char *d = str_data(args[0]);
    int64_t n = str_nbytes(args[0]), i = 0;
    bool cased = false;
    while (i < n) {
        unsigned p = cp_props(next_cp(d, &i));
        if (p & (UP_LOWER | UP_TITLE)) return V_FALSE;
        if (p & UP_UPPER) cased = true;
    }
    return v_bool(cased);
}

static const ArgSpec str_islower_args = {"str.islower", 0, 0, 0, {NULL}};
static Value str_islower_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_islower_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    const char *d = str_data(args[0]);
    int64_t n = str_nbytes(args[0]), i = 0;
    bool cased = false;
    while (i < n) {
        unsigned p = cp_props(next_cp(d, &i));
        if (p & (UP_UPPER | UP_TITLE)) return V_FALSE;
        if (p & UP_LOWER) cased = true;
    }
    return v_bool(cased);
}

static const ArgSpec str_istitle_args = {"str.istitle", 0, 0, 0, {NULL}};
static Value str_istitle_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_istitle_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    const char *d = str_data(args[0]);
    int64_t n = str_nbytes(args[0]), i = 0;
    bool cased = false, prev_cased = false;
    while (i < n) {
        unsigned p = cp_props(next_cp(d, &i));
        if (p & (UP_UPPER | UP_TITLE)) {
            if (prev_cased) return V_FALSE;
            prev_cased = cased = true;
        } else if (p & UP_LOWER) {
            if (!prev_cased) return V_FALSE;
            prev_cased = cased = true;
        } else {
            prev_cased = false;
        }
    }
    return v_bool(cased);
}

static const ArgSpec str_isidentifier_args = {"str.isidentifier", 0, 0, 0, {NULL}};
static Value str_isidentifier_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str_isidentifier_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    const char *d = str_data(args[0]);
    int64_t n = str_nbytes(args[0]), i = 0;
    if (n == 0) return V_FALSE;
    uint32_t c = next_cp(d, &i);
    if (c != '_' && !(cp_props(c) & UP_XID_START)) return V_FALSE;
    while (i < n)
        if (!(cp_props(next_cp(d, &i)) & UP_XID_CONTINUE)) return V_FALSE;
    return V_TRUE;
}

/* ---- padding ----------------------------------------------------------------------- */

/* s padded with `left` and `right` copies of the fill character. */
static Value pad(Value s, int64_t left, int64_t right, uint32_t fill) {
    if (left < 0) left = 0;
    if (right < 0) right = 0;
    if (left == 0 && right == 0) return exact_str(s);
    char fb[4];
    int fl = utf8_encode(fill, fb);
    int64_t n = str_nbytes(s);
    if (left + right > STR_MAX_BYTES / fl) return err_no_memory();
    Value r = str_alloc((size_t)(n + (left + right) * fl));
    StrObject *ro = V_AS(StrObject, r);
    char *p = ro->data;
    if (fl == 1) {
        memset(p, fb[0], (size_t)left);
        p += left;
    } else {
        for (int64_t k = 0; k < left; k++, p += fl) memcpy(p, fb, (size_t)fl);
    }
    memcpy(p, str_data(s), (size_t)n);
    p += n;
    if (fl == 1) {
        memset(p, fb[0], (size_t)right);
    } else {
        for (int64_t k = 0; k < right; k++, p += fl) memcpy(p, fb, (size_t)fl);
    }
    ro->length = str_len(s) + left + right;
    ro->ascii = str_is_ascii(s) && fill < 0x80;
    return r;
}

/* how: 'l' ljust, 'r' rjust, 'c' center */
static Value justify(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, int how) {
    if (arg_parse(spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    int64_t width;
    if (ssize_arg(args[1], &width) < 0) return VNULL;
    uint32_t fill = ' ';
    if (nargs > 2) {
        Value f = args[2];
        if (!str_check(f))
            return err_format(&exc_TypeError, "The fill character must be a unicode character, not %T", f);
        if (str_len(f) != 1) return err_set(&exc_TypeError, "The fill character must be exactly one character long");
        fill = str_char_at(f, 0);
    }
    Value s = args[0];
    int64_t len = str_len(s);
    if (len >= width) return exact_str(s);
    int64_t marg = width - len;
    switch (how) {
    case 'l': return pad(s, 0, marg, fill);
    case 'r': return pad(s, marg, 0, fill);
    default: {
        /* CPython puts the odd extra character on the left when the width
           is odd */
        int64_t left = marg / 2 + (marg & width & 1);
        return pad(s, left, marg - left, fill);
    }
    }
}

static const ArgSpec str_ljust_args = {"ljust", 2, 1, 0, {"width", "fillchar=' '", NULL}};
static Value str_ljust_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return justify(&str_ljust_args, args, nargs, kwnames, 'l');
}
static const ArgSpec str_rjust_args = {"rjust", 2, 1, 0, {"width", "fillchar=' '", NULL}};
static Value str_rjust_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return justify(&str_rjust_args, args, nargs, kwnames, 'r');
}
static const ArgSpec str_center_args = {"center", 2, 1, 0, {"width", "fillchar=' '", NULL}};
static Value str_center_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return justify(&str_center_args, args, nargs, kwnames, 'c');
}

static const ArgSpec str_zfill_args = {"str.zfill", 1, 1, 0, {"width", NULL}};
static Value str_zfill_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&str_zfill_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    int64_t width;
    if (ssize_arg(args[1], &width) < 0) return VNULL;
    Value s = args[0];
    int64_t len = str_len(s);
    if (len >= width) return exact_str(s);
    Value r = pad(s, width - len, 0, '0');
    if (!r) return VNULL;
    char *p = V_AS(StrObject, r)->data;
    int64_t fill = width - len;
    if (p[fill] == '+' || p[fill] == '-') {
        /* the sign goes in front of the zeros */
        p[0] = p[fill];
        p[fill] = '0';
    }
    return r;
}

static const ArgSpec str_expandtabs_args = {"expandtabs", 0, 0, 0, {"tabsize=8", NULL}};
static Value str_expandtabs_m(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&str_expandtabs_args, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    int tabsize = 8;
    if (a[0] && int_arg(a[0], &tabsize) < 0) return VNULL;
    Value s = args[0];
    const char *d = str_data(s);
    int64_t n = str_nbytes(s);
    if (!memchr(d, '\t', (size_t)n)) return exact_str(s);
    Buf b;
    char b_mem[256];
    buf_init_local(&b, b_mem, sizeof b_mem);
    int64_t col = 0, i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)d[i];
        if (c == '\t') {
            i++;
            if (tabsize > 0) {
                int64_t k = tabsize - col % tabsize;
                if ((int64_t)b.len + k > STR_MAX_BYTES) return err_no_memory();
                buf_fill(&b, ' ', (size_t)k);
                col += k;
            }
        } else if (c == '\n' || c == '\r') {
            buf_putc(&b, (char)c);
            i++;
            col = 0;
        } else if (c < 0x80) {
            buf_putc(&b, (char)c);
            i++;
            col++;
        } else {
            int64_t i0 = i;
            next_cp(d, &i);
            buf_put(&b, d + i0, (size_t)(i - i0));
            col++;
        }
    }
    return str_from_buf(&b);
}

/* ---- encode ------------------------------------------------------------------------ */

const char *const codec_names[] = {
#define CODEC_NAME(e, name) name,
    CODEC_DEF(CODEC_NAME)
#undef CODEC_NAME
};

/* codec.h */
int codec_lookup(Value name) {
    char norm[32];
    int64_t n = str_nbytes(name);
    if (n >= (int64_t)sizeof norm) return -1;
    const char *d = str_data(name);
    for (int64_t i = 0; i < n; i++) {
        char c = d[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
        if (c == '-' || c == ' ') c = '_';
        norm[i] = c;
    }
    norm[n] = 0;
    static const struct {
        const char *name;
        int codec;
    } aliases[] = {
        {"utf_8", CODEC_UTF8},        {"utf8", CODEC_UTF8},         {"u8", CODEC_UTF8},
        {"utf", CODEC_UTF8},          {"cp65001", CODEC_UTF8},      {"ascii", CODEC_ASCII},
        {"us_ascii", CODEC_ASCII},    {"646", CODEC_ASCII},         {"latin_1", CODEC_LATIN1},
        {"latin1", CODEC_LATIN1},     {"latin", CODEC_LATIN1},      {"l1", CODEC_LATIN1},
        {"iso_8859_1", CODEC_LATIN1}, {"iso8859_1", CODEC_LATIN1},  {"8859", CODEC_LATIN1},
        {"cp819", CODEC_LATIN1},      {"iso_ir_100", CODEC_LATIN1}, {"utf_16", CODEC_UTF16},
        {"utf16", CODEC_UTF16},       {"utf_16_le", CODEC_UTF16LE}, {"utf_16le", CODEC_UTF16LE},
        {"utf_16_be", CODEC_UTF16BE}, {"utf_16be", CODEC_UTF16BE},  {"utf_32", CODEC_UTF32},
        {"utf32", CODEC_UTF32},       {"utf_32_le", CODEC_UTF32LE}, {"utf_32le", CODEC_UTF32LE},
        {"utf_32_be", CODEC_UTF32BE}, {"utf_32be", CODEC_UTF32BE},
    };
    for (size_t i = 0; i < NELEMS(aliases); i++)
        if (!strcmp(norm, aliases[i].name)) return aliases[i].codec;
    return -1;
}


static const ArgSpec str_encode_args = {"encode", 0, 0, 0, {"encoding='utf-8'", "errors='strict'", NULL}};
static Value str_encode_m(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&str_encode_args, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    if (a[0] && !str_check(a[0]))
        return err_format(&exc_TypeError, "encode() argument 'encoding' must be str, not %s", clinic_tname(a[0]));
    if (a[1] && !str_check(a[1]))
        return err_format(&exc_TypeError, "encode() argument 'errors' must be str, not %s", clinic_tname(a[1]));
    if (codec_dev_check(a[0], a[1]) < 0) return VNULL;
    int codec = a[0] ? codec_lookup(a[0]) : CODEC_UTF8;
    Value s = args[0];
    const char *d = str_data(s);
    int64_t n = str_nbytes(s);
    /* UTF-8 without surrogates (stored as ED A0..BF xx) is the data itself */
    if (codec == CODEC_UTF8 || (str_is_ascii(s) && (codec == CODEC_ASCII || codec == CODEC_LATIN1))) {
        bool clean = true;
        if (!str_is_ascii(s)) {
            const char *p = d, *end = d + n;
            while ((p = memchr(p, 0xED, (size_t)(end - p))) != NULL) {
                if (p + 1 < end && ((unsigned char)p[1] & 0xE0) == 0xA0) {
                    clean = false;
                    break;
                }
                p++;
            }
        }
        if (clean) return bytes_new(d, (size_t)n);
    }
    return codec_encode_str(s, a[0], a[1]);
}

/* ---- translate / maketrans --------------------------------------------------------- */

static Value str_maketrans_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("maketrans", nargs, 1, 3) < 0) return VNULL;
    Value d = dict_new();
    if (nargs == 1) {
        Value x = args[0];
        if (!dict_check(x))
            return err_set(&exc_TypeError, "if you give only one argument to maketrans it must be a dict");
        int64_t pos = 0;
        Value k, v;
        while (dict_next(x, &pos, &k, &v)) {
            if (str_check(k)) {
                if (str_len(k) != 1)
                    return err_set(&exc_ValueError, "string keys in translate table must be of length 1");
                k = v_int(str_char_at(k, 0));
            } else if (!int_check(k)) {
                return err_set(&exc_TypeError, "keys in translate table must be strings or integers");
            }
            if (dict_set(d, k, v) < 0) return VNULL;
        }
        return d;
    }
    Value x = args[0], y = args[1];
    if (!str_check(y)) return err_format(&exc_TypeError, "maketrans() argument 2 must be str, not %s", clinic_tname(y));
    if (nargs > 2 && !str_check(args[2]))
        return err_format(&exc_TypeError, "maketrans() argument 3 must be str, not %s", clinic_tname(args[2]));
    if (!str_check(x))
        return err_set(&exc_TypeError, "first maketrans argument must be a string if there is a second argument");
    if (str_len(x) != str_len(y))
        return err_set(&exc_ValueError, "the first two maketrans arguments must have equal length");
    const char *xd = str_data(x), *yd = str_data(y);
    int64_t i = 0, j = 0;
    while (i < str_nbytes(x)) {
        uint32_t a = next_cp(xd, &i), b = next_cp(yd, &j);
        if (dict_set(d, v_int(a), v_int(b)) < 0) return VNULL;
    }
    if (nargs > 2) {
        const char *zd = str_data(args[2]);
        i = 0;
        while (i < str_nbytes(args[2]))
            if (dict_set(d, v_int(next_cp(zd, &i)), V_NONE) < 0) return VNULL;
    }
    return d;
}

/* table[c]: the replacement value, or VNULL with no error for "keep c". */
static Value translate_lookup(Value table, uint32_t c) {
    Value key = v_int(c), r;
    if (dict_check_exact(table)) {
        r = dict_get(table, key);
        if (!r && err_occurred()) return VNULL;
        return r;
    }
    r = obj_getitem(table, key);
    if (!r && err_matches(&exc_LookupError)) err_clear();
    return r;
}

static const ArgSpec str_translate_args = {"str.translate", 1, 1, 0, {"table", NULL}};
static Value str_translate_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&str_translate_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value s = args[0], table = args[1];
    const char *d = str_data(s);
    int64_t n = str_nbytes(s), i = 0;
    Buf b;
    char b_mem[256];
    buf_init_local(&b, b_mem, sizeof b_mem);
    /* results for ASCII characters are looked up once */
    Value cache[128] = {0};
    bool cached[128] = {false};
    while (i < n) {
        int64_t i0 = i;
        uint32_t c = next_cp(d, &i);
        Value r;
        if (c < 128 && cached[c]) {
            r = cache[c];
        } else {
            r = translate_lookup(table, c);
            if (!r && err_occurred()) return VNULL;
            if (c < 128) {
                cached[c] = true;
                cache[c] = r;
            }
        }
        if (!r) {
            buf_put(&b, d + i0, (size_t)(i - i0));
        } else if (r == V_NONE) {
        } else if (int_check(r)) {
            int64_t v = int_as_i64_clamped(r, -1, 0x110000);
            if (v < 0 || v > 0x10FFFF) return err_set(&exc_ValueError, "character mapping must be in range(0x110000)");
            put_cp(&b, (uint32_t)v);
        } else if (str_check(r)) {
            buf_put(&b, str_data(r), (size_t)str_nbytes(r));
        } else {
            return err_set(&exc_TypeError, "character mapping must return integer, None or str");
        }
    }
    return str_from_buf(&b);
}

/* ---- formatting-related methods -------------------------------------------------------- */

/* str_format.c */
Value str_format_with(Value fmt, Value *args, size_t nargs, Value kwnames, Value mapping);
Value str_format_spec(Value s, Value spec);

static Value str_format_map_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (!one_arg("format_map", nargs)) return VNULL;
    return str_format_with(args[0], NULL, 0, VNULL, args[1]);
}

static Value str_format_m(Value *args, size_t nargs, Value kwnames) {
    return str_format_method(args, nargs, kwnames);
}

static const ArgSpec str_format_args = {"str.__format__", 1, 1, 0, {"format_spec", NULL}};
static Value str_dunder_format_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&str_format_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    if (!str_check(args[1]))
        return err_format(&exc_TypeError, "__format__() argument must be str, not %T", args[1]);
    return str_format_spec(args[0], args[1]);
}

static const ArgSpec str___getnewargs___args = {"str.__getnewargs__", 0, 0, 0, {NULL}};
static Value str_getnewargs_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str___getnewargs___args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return tuple_pack(1, str_new(str_data(args[0]), (size_t)str_nbytes(args[0])));
}

static const ArgSpec str___sizeof___args = {"str.__sizeof__", 0, 0, 0, {NULL}};
static Value str_sizeof_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_parse(&str___sizeof___args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    /* what CPython's compact representation takes: a 48-byte header for
       ASCII (72 otherwise) plus the code points at their canonical width
       (1, 2 or 4 bytes) and a terminator */
    Value s = args[0];
    if (str_is_ascii(s)) return v_int(48 + str_len(s) + 1);
    uint32_t maxc = 0;
    const char *d = str_data(s);
    int64_t i = 0, n = str_nbytes(s);
    while (i < n) {
        uint32_t c = next_cp(d, &i);
        if (c > maxc) maxc = c;
    }
    int w = maxc < 256 ? 1 : maxc < 65536 ? 2 : 4;
    return v_int(72 + (str_len(s) + 1) * w);
}

/* ---- str() ------------------------------------------------------------------------------ */

Value str_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const char *const kwlist[] = {"object", "encoding", "errors"};
    Value a[3];
    if (parse_args("str", args, nargs, kwnames, kwlist, 3, a) < 0) return VNULL;
    Value r;
    if (!a[0]) {
        r = str_empty;
    } else if (!a[1] && !a[2]) {
        r = obj_str(a[0]);
    } else {
        if (a[1] && !str_check(a[1]))
            return err_format(&exc_TypeError, "str() argument 'encoding' must be str, not %s", clinic_tname(a[1]));
        if (a[2] && !str_check(a[2]))
            return err_format(&exc_TypeError, "str() argument 'errors' must be str, not %s", clinic_tname(a[2]));
        Value obj = a[0];
        if (str_check(obj)) return err_set(&exc_TypeError, "decoding str is not supported");
        /* bytes decode directly; any other buffer (bytearray, memoryview,
           array, mmap) through a bytes copy of its contents */
        if (!bytes_check(obj)) {
            const char *p;
            int64_t n;
            if (!byteslike_view(obj, &p, &n))
                return err_format(&exc_TypeError, "decoding to str: need a bytes-like object, %T found", obj);
            obj = bytes_new(p, (size_t)n);
        }
        /* bytes.decode itself, not a subclass's override (as CPython's) */
        Value da[3];
        da[0] = obj;
        da[1] = a[1] ? a[1] : str_from_cstr("utf-8");
        da[2] = a[2] ? a[2] : str_from_cstr("strict");
        r = obj_call(type_lookup_cstr(&bytes_type, "decode"), da, 3, VNULL);
    }
    if (!r) return VNULL;
    if (t == &str_type) return r;
    /* a subclass instance: same layout, the subtype in the header. It is
       allocated scanned, unlike exact strs: the header then keeps a heap
       class alive, and the lazily built index (a collected block) too. */
    size_t nb = (size_t)str_nbytes(r);
    size_t size = sizeof(StrObject) + nb + 1;
    if (t->basicsize > sizeof(StrObject)) size += t->basicsize - sizeof(StrObject);
    StrObject *so = (StrObject *)obj_alloc(t, size);
    so->hash = -1;
    so->length = str_len(r);
    so->nbytes = (int64_t)nb;
    so->ascii = str_is_ascii(r);
    so->interned = 0;
    memcpy(so->data, str_data(r), nb);
    so->data[nb] = 0;
    return V_FROM_PTR(so);
}

/* ---- the table ---------------------------------------------------------------------------- */

const MethodDef str_methods[] = {
    {"find", str_find_m, 0, NULL},
    {"rfind", str_rfind_m, 0, NULL},
    {"index", str_index_m, 0, NULL},
    {"rindex", str_rindex_m, 0, NULL},
    {"count", str_count_m, 0, NULL},
    {"startswith", str_startswith_m, 0, NULL},
    {"endswith", str_endswith_m, 0, NULL},
    {"split", str_split_m, MF_KEYWORDS, NULL, &str_split_args},
    {"rsplit", str_rsplit_m, MF_KEYWORDS, NULL, &str_rsplit_args},
    {"splitlines", str_splitlines_m, MF_KEYWORDS, NULL, &str_splitlines_args},
    {"partition", str_partition_m, 0, NULL, &str_partition_args},
    {"rpartition", str_rpartition_m, 0, NULL, &str_rpartition_args},
    {"join", str_join_m, 0, NULL, &str_join_args},
    {"strip", str_strip_m, 0, NULL, &str_strip_args},
    {"lstrip", str_lstrip_m, 0, NULL, &str_lstrip_args},
    {"rstrip", str_rstrip_m, 0, NULL, &str_rstrip_args},
    {"removeprefix", str_removeprefix_m, 0, NULL, &str_removeprefix_args},
    {"removesuffix", str_removesuffix_m, 0, NULL, &str_removesuffix_args},
    {"replace", str_replace_m, 0, NULL, &str_replace_args},
    {"upper", str_upper_m, 0, NULL, &str_upper_args},
    {"lower", str_lower_m, 0, NULL, &str_lower_args},
    {"casefold", str_casefold_m, 0, NULL, &str_casefold_args},
    {"swapcase", str_swapcase_m, 0, NULL, &str_swapcase_args},
    {"capitalize", str_capitalize_m, 0, NULL, &str_capitalize_args},
    {"title", str_title_m, 0, NULL, &str_title_args},
    {"isdigit", str_isdigit_m, 0, NULL, &str_isdigit_args},
    {"isdecimal", str_isdecimal_m, 0, NULL, &str_isdecimal_args},
    {"isnumeric", str_isnumeric_m, 0, NULL, &str_isnumeric_args},
    {"isalpha", str_isalpha_m, 0, NULL, &str_isalpha_args},
    {"isalnum", str_isalnum_m, 0, NULL, &str_isalnum_args},
    {"isspace", str_isspace_m, 0, NULL, &str_isspace_args},
    {"isupper", str_isupper_m, 0, NULL, &str_isupper_args},
    {"islower", str_islower_m, 0, NULL, &str_islower_args},
    {"istitle", str_istitle_m, 0, NULL, &str_istitle_args},
    {"isidentifier", str_isidentifier_m, 0, NULL, &str_isidentifier_args},
    {"isprintable", str_isprintable_m, 0, NULL, &str_isprintable_args},
    {"isascii", str_isascii_m, 0, NULL, &str_isascii_args},
    {"zfill", str_zfill_m, 0, NULL, &str_zfill_args},
    {"ljust", str_ljust_m, 0, NULL, &str_ljust_args},
    {"rjust", str_rjust_m, 0, NULL, &str_rjust_args},
    {"center", str_center_m, 0, NULL, &str_center_args},
    {"expandtabs", str_expandtabs_m, MF_KEYWORDS, NULL, &str_expandtabs_args},
    {"encode", str_encode_m, MF_KEYWORDS, NULL, &str_encode_args},
    {"maketrans", str_maketrans_m, MF_STATIC, NULL},
    {"translate", str_translate_m, 0, NULL, &str_translate_args},
    {"format", str_format_m, MF_KEYWORDS, NULL},
    {"format_map", str_format_map_m, 0, NULL},
    {"__format__", str_dunder_format_m, 0, NULL, &str_format_args},
    {"__getnewargs__", str_getnewargs_m, 0, NULL, &str___getnewargs___args},
    {"__sizeof__", str_sizeof_m, 0, NULL, &str___sizeof___args},
    {NULL, NULL, 0, NULL},
};
