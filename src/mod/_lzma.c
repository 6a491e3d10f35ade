/* _lzma.c: the _lzma module (lzma.py builds on it) on the system liblzma:
 * incremental LZMACompressor and LZMADecompressor for the .xz, .lzma
 * ("alone") and raw formats, filter chains given as dicts, and the
 * properties helpers the zipfile and lzma modules use, with CPython 3.11's
 * results and messages.
 *
 * liblzma's state lives in malloc'd memory (tens to hundreds of MB,
 * pointer-free for the most part: no work for the collector to scan). A
 * coder is ended as soon as its stream is (flush(), end of stream), which
 * gives the memory back at once in the usual uses; a finalizer ends the
 * others when their object is collected. The collector does not see that
 * memory, so the allocator counts it: past LIVE_LIMIT a new coder first
 * runs a collection, whose finalizers end the dropped ones (else a loop
 * dropping unfinished compressors grows by gigabytes).
 * Filter options built from dicts are collected memory: liblzma copies
 * what it keeps of them. liblzma is opened at import (dynlib.h). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lzma.h>
#include "../runtime.h"
#include "../util/dynlib.h"

#define LZMA_FUNCS(X)                                                          \
    X(lzma_alone_decoder) X(lzma_alone_encoder) X(lzma_auto_decoder)           \
    X(lzma_check_is_supported) X(lzma_code) X(lzma_easy_encoder) X(lzma_end)   \
    X(lzma_get_check) X(lzma_lzma_preset) X(lzma_properties_decode)            \
    X(lzma_properties_encode) X(lzma_properties_size) X(lzma_raw_decoder)      \
    X(lzma_raw_encoder) X(lzma_stream_decoder) X(lzma_stream_encoder)
DYNLIB_DEFINE(liblzma, TPY_SONAME_LZMA, LZMA_FUNCS)
#define LZ(f) (liblzma.f)

/* the container formats, as CPython numbers them */
enum { FORMAT_AUTO, FORMAT_XZ, FORMAT_ALONE, FORMAT_RAW };
#define CHECK_UNKNOWN (LZMA_CHECK_ID_MAX + 1)

static Value lzma_error;   /* _lzma.LZMAError */

#define LIVE_LIMIT ((size_t)256 << 20)
static size_t live_mem;   /* bytes the coders hold (malloc'd) */

/* malloc with the size in a 16-byte header (malloc's alignment kept) */
static void *counted_alloc(void *opaque, size_t nmemb, size_t size) {
    (void)opaque;
    if (size && nmemb > (SIZE_MAX - 16) / size) return NULL;
    size_t n = nmemb * size;
    char *p = malloc(n + 16);
    if (!p) return NULL;
    *(size_t *)p = n;
    live_mem += n;
    return p + 16;
}
static void counted_free(void *opaque, void *q) {
    (void)opaque;
    if (!q) return;
    char *p = (char *)q - 16;
    live_mem -= *(size_t *)p;
    free(p);
}
static const lzma_allocator counted_allocator = {counted_alloc, counted_free, NULL};

/* Before a new coder: collect the dropped ones when they hold too much */
static void mem_pressure(void) {
    if (live_mem > LIVE_LIMIT) {
        gc_collect();
        gc_run_finalizers();
    }
}

/* For the options lzma_properties_decode allocates: collected memory */
static void *lz_gc_alloc(void *opaque, size_t nmemb, size_t size) {
    (void)opaque;
    if (size && nmemb > SIZE_MAX / size) return NULL;
    return gc_try_alloc(nmemb * size);
}
static void lz_gc_free(void *opaque, void *p) {
    (void)opaque;
    (void)p;   /* the collector reclaims it */
}
static const lzma_allocator gc_allocator = {lz_gc_alloc, lz_gc_free, NULL};

/* Messages with 64-bit numbers (err_format has no %llu) */
static Value err_u64(Type *t, const char *prefix, uint64_t v) {
    char buf[96];
    snprintf(buf, sizeof buf, "%s%llu", prefix, (unsigned long long)v);
    return err_set(t, buf);
}

/* A liblzma result as CPython raises it: 0 for success, else -1 with
 * LZMAError (or MemoryError) set. */
static int lz_check(lzma_ret r) {
    Type *e = V_AS(Type, lzma_error);
    switch (r) {
    case LZMA_OK:
    case LZMA_GET_CHECK:
    case LZMA_NO_CHECK:
    case LZMA_STREAM_END:
        return 0;
    case LZMA_UNSUPPORTED_CHECK:
        err_set(e, "Unsupported integrity check");
        break;
    case LZMA_MEM_ERROR:
        err_no_memory();
        break;
    case LZMA_MEMLIMIT_ERROR:
        err_set(e, "Memory usage limit exceeded");
        break;
    case LZMA_FORMAT_ERROR:
        err_set(e, "Input format not supported by decoder");
        break;
    case LZMA_OPTIONS_ERROR:
        err_set(e, "Invalid or unsupported options");
        break;
    case LZMA_DATA_ERROR:
        err_set(e, "Corrupt input data");
        break;
    case LZMA_BUF_ERROR:
        err_set(e, "Insufficient buffer space");
        break;
    case LZMA_PROG_ERROR:
        err_set(e, "Internal error");
        break;
    default:
        err_format(e, "Unrecognized error from liblzma: %d", (int)r);
        break;
    }
    return -1;
}

/* ---- argument conversion -------------------------------------------------------------------- */
static bool data_arg(Value v, const char **p, int64_t *n) {
    BufferInfo bi;
    if (buffer_get(v, &bi, false) < 0) return false;
    *p = bi.data;
    *n = bi.len;
    return true;
}
/* An int as PyLong_AsUnsignedLongLong takes it (no __index__) */
static int u64_arg(Value v, uint64_t *out) {
    if (!int_check(v)) {
        err_set(&exc_TypeError, "an integer is required");
        return -1;
    }
    if (int_sign(v) < 0) {
        err_set(&exc_OverflowError, "can't convert negative int to unsigned");
        return -1;
    }
    if (v_is_int(v)) {
        *out = (uint64_t)v_intval(v);
        return 0;
    }
    mpz_t z;
    mpz_init(z);
    int_to_mpz(v, z);
    bool fits = mpz_sizeinbase(z, 2) <= 64;
    if (fits) *out = (uint64_t)mpz_getlimbn(z, 0);
    mpz_clear(z);
    if (!fits) {
        err_set(&exc_OverflowError, "int too big to convert");
        return -1;
    }
    return 0;
}
/* The same within 32 bits; `what` names the C type in the message */
static int u32_arg(Value v, const char *what, uint32_t *out) {
    uint64_t x;
    if (u64_arg(v, &x) < 0) return -1;
    if (x > UINT32_MAX) {
        err_format(&exc_OverflowError, "Value too large for %s type", what);
        return -1;
    }
    *out = (uint32_t)x;
    return 0;
}
/* A C int as PyArg_Parse's "i" (clinic false) or Argument Clinic's int
 * converter takes it; absent: dflt */
static int int_arg(Value v, int dflt, int *out, bool clinic) {
    if (!v) {
        *out = dflt;
        return 0;
    }
    if (float_check(v)) {
        err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        return -1;
    }
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = v_is_int(i) ? v_intval(i) : (int_sign(i) < 0 ? INT64_MIN : INT64_MAX);
    if (x < INT_MIN || x > INT_MAX) {
        if (clinic)
            err_set(&exc_OverflowError, x < 0 ? "Python int too small to convert to C int"
                                              : "Python int too large to convert to C int");
        else
            err_set(&exc_OverflowError, x < 0 ? "signed integer is less than minimum"
                                              : "signed integer is greater than maximum");
        return -1;
    }
    *out = (int)x;
    return 0;
}

/* ---- filter specifiers (dicts) to lzma_filter ----------------------------------------------- */
/* The value of key in a filter specifier: VNULL without an error when it
 * is missing. */
static Value spec_get(Value spec, const char *key, bool *err) {
    *err = false;
    Value k = str_from_cstr(key);
    if (dict_check(spec)) return dict_get(spec, k);
    Value v = obj_getitem(spec, k);
    if (!v) {
        if (err_matches(&exc_KeyError)) err_clear();
        else *err = true;
    }
    return v;
}

/* Options of an LZMA1/LZMA2 filter: the preset's (default: 6), then any
 * of the dict's entries over them. Any entry wrong in name or value makes
 * the ValueError CPython gives. */
static void *parse_lzma_opts(Value spec) {
    static const char *const names[] = {"id", "preset", "dict_size", "lc", "lp", "pb",
                                        "mode", "nice_len", "mf", "depth", NULL};
    uint32_t preset = LZMA_PRESET_DEFAULT;
    bool err;
    Value pv = spec_get(spec, "preset", &err);
    if (err) return NULL;
    if (pv && u32_arg(pv, "uint32_t", &preset) < 0) return NULL;
    lzma_options_lzma *o = gc_alloc(sizeof *o);
    if (LZ(lzma_lzma_preset)(o, preset)) {
        err_u64(V_AS(Type, lzma_error), "Invalid compression preset: ", preset);
        return NULL;
    }
    if (!dict_check(spec)) goto bad;
    int64_t pos = 0;
    Value k, v;
    while (dict_next(spec, &pos, &k, &v)) {
        if (!str_check(k)) goto bad;
        int which = -1;
        for (int j = 0; names[j]; j++)
            if (strcmp(str_data(k), names[j]) == 0) which = j;
        uint32_t x = 0;
        const char *ctype = which == 6 ? "lzma_mode" : which == 8 ? "lzma_match_finder" : "uint32_t";
        if (which < 0) goto bad;
        if (which < 2) continue;   /* id, preset: read already */
        if (u32_arg(v, ctype, &x) < 0) goto bad;
        switch (which) {
        case 2: o->dict_size = x; break;
        case 3: o->lc = x; break;
        case 4: o->lp = x; break;
        case 5: o->pb = x; break;
        case 6: o->mode = (lzma_mode)x; break;
        case 7: o->nice_len = x; break;
        case 8: o->mf = (lzma_match_finder)x; break;
        default: o->depth = x; break;
        }
    }
    return o;
bad:
    err_clear();
    err_set(&exc_ValueError, "Invalid filter specifier for LZMA filter");
    return NULL;
}

/* Options of the delta filter ("dist") or a BCJ filter ("start_offset"):
 * one optional uint32 beside "id". */
static bool parse_one_opt(Value spec, const char *opt, uint32_t *out, const char *what) {
    if (!dict_check(spec)) goto bad;
    int64_t pos = 0;
    Value k, v;
    while (dict_next(spec, &pos, &k, &v)) {
        if (!str_check(k)) goto bad;
        if (strcmp(str_data(k), "id") == 0) continue;
        if (strcmp(str_data(k), opt) != 0 || u32_arg(v, "uint32_t", out) < 0) goto bad;
    }
    return true;
bad:
    err_clear();
    err_format(&exc_ValueError, "Invalid filter specifier for %s filter", what);
    return false;
}

/* One filter specifier into f; -1 with an exception. */
static int parse_filter(Value spec, lzma_filter *f) {
    if (!dict_check(spec) && !type_of(spec)->getitem) {
        err_set(&exc_TypeError, "Filter specifier must be a dict or dict-like object");
        return -1;
    }
    bool err;
    Value idv = spec_get(spec, "id", &err);
    if (err) return -1;
    if (!idv) {
        err_set(&exc_ValueError, "Filter specifier must have an \"id\" entry");
        return -1;
    }
    uint64_t id;
    if (u64_arg(idv, &id) < 0) return -1;
    f->id = id;
    switch (id) {
    case LZMA_FILTER_LZMA1:
    case LZMA_FILTER_LZMA2:
        f->options = parse_lzma_opts(spec);
        return f->options ? 0 : -1;
    case LZMA_FILTER_DELTA: {
        uint32_t dist = 1;
        if (!parse_one_opt(spec, "dist", &dist, "delta")) return -1;
        lzma_options_delta *o = gc_alloc(sizeof *o);
        o->type = LZMA_DELTA_TYPE_BYTE;
        o->dist = dist;
        f->options = o;
        return 0;
    }
    case LZMA_FILTER_X86:
    case LZMA_FILTER_POWERPC:
    case LZMA_FILTER_IA64:
    case LZMA_FILTER_ARM:
    case LZMA_FILTER_ARMTHUMB:
    case LZMA_FILTER_SPARC: {
        uint32_t start = 0;
        if (!parse_one_opt(spec, "start_offset", &start, "BCJ")) return -1;
        lzma_options_bcj *o = gc_alloc(sizeof *o);
        o->start_offset = start;
        f->options = o;
        return 0;
    }
    default:
        err_u64(&exc_ValueError, "Invalid filter ID: ", id);
        return -1;
    }
}

/* A sequence of specifiers into filters[] (LZMA_FILTERS_MAX + 1 entries,
 * ended by LZMA_VLI_UNKNOWN). */
static int parse_chain(Value specs, lzma_filter *filters) {
    /* a sequence: a mapping's len() is refused as PySequence_Size does */
    if (dict_check(specs)) {
        err_format(&exc_TypeError, "%s is not a sequence", type_of(specs)->tname);
        return -1;
    }
    int64_t n = obj_len(specs);
    if (n < 0) return -1;
    if (n > LZMA_FILTERS_MAX) {
        err_format(&exc_ValueError, "Too many filters - liblzma supports a maximum of %d", LZMA_FILTERS_MAX);
        return -1;
    }
    for (int64_t i = 0; i < n; i++) {
        Value spec = obj_getitem(specs, v_int(i));
        if (!spec || parse_filter(spec, &filters[i]) < 0) return -1;
    }
    filters[n].id = LZMA_VLI_UNKNOWN;
    filters[n].options = NULL;
    return 0;
}

/* lzma_filter to its dict, with the fields the properties encode. */
static Value filter_to_spec(const lzma_filter *f) {
    Value d = dict_new();
    dict_set(d, str_intern_cstr("id"), int_from_u64(f->id));
    switch (f->id) {
    case LZMA_FILTER_LZMA1: {
        const lzma_options_lzma *o = f->options;
        dict_set(d, str_intern_cstr("lc"), int_from_u64(o->lc));
        dict_set(d, str_intern_cstr("lp"), int_from_u64(o->lp));
        dict_set(d, str_intern_cstr("pb"), int_from_u64(o->pb));
        dict_set(d, str_intern_cstr("dict_size"), int_from_u64(o->dict_size));
        break;
    }
    case LZMA_FILTER_LZMA2: {
        const lzma_options_lzma *o = f->options;
        dict_set(d, str_intern_cstr("dict_size"), int_from_u64(o->dict_size));
        break;
    }
    case LZMA_FILTER_DELTA:
        dict_set(d, str_intern_cstr("dist"), int_from_u64(((const lzma_options_delta *)f->options)->dist));
        break;
    case LZMA_FILTER_X86:
    case LZMA_FILTER_POWERPC:
    case LZMA_FILTER_IA64:
    case LZMA_FILTER_ARM:
    case LZMA_FILTER_ARMTHUMB:
    case LZMA_FILTER_SPARC: {
        const lzma_options_bcj *o = f->options;
        dict_set(d, str_intern_cstr("start_offset"), int_from_u64(o ? o->start_offset : 0));
        break;
    }
    default:
        return err_u64(&exc_ValueError, "Invalid filter ID: ", f->id);
    }
    return d;
}

/* ---- growable output ------------------------------------------------------------------------ */
typedef struct Out {
    uint8_t *p;
    size_t len, cap;
    int64_t limit;   /* < 0: none; else the output stops at limit bytes */
} Out;

static bool out_init(Out *o, int64_t limit) {
    size_t cap = 32 << 10;
    if (limit >= 0 && (uint64_t)limit < cap) cap = (size_t)limit;
    o->p = gc_try_alloc_atomic(cap ? cap : 1);
    o->len = 0;
    o->cap = cap;
    o->limit = limit;
    if (!o->p) err_no_memory();
    return o->p != NULL;
}
/* Point the stream's output at the free space, growing the buffer when
 * full and below the limit; false with MemoryError. */
static bool out_arrange(Out *o, lzma_stream *zs) {
    if (o->len == o->cap && !(o->limit >= 0 && o->len >= (uint64_t)o->limit)) {
        size_t nc = o->cap + (o->cap >> 1) + (32 << 10);
        if (o->limit >= 0 && nc > (uint64_t)o->limit) nc = (size_t)o->limit;
        uint8_t *np = gc_try_realloc(o->p, nc);
        if (!np) {
            err_no_memory();
            return false;
        }
        o->p = np;
        o->cap = nc;
    }
    zs->next_out = o->p + o->len;
    zs->avail_out = o->cap - o->len;
    return true;
}
static void out_count(Out *o, lzma_stream *zs) { o->len = (size_t)(zs->next_out - o->p); }

/* ---- LZMACompressor ------------------------------------------------------------------------- */
typedef struct CompObject {
    Object hdr;
    lzma_stream zs;   /* lzma_end'ed when flushed or finalized */
    bool flushed;
} CompObject;

typedef struct DecompObject {
    Object hdr;
    lzma_stream zs;
    int check;
    bool eof, needs_input;
    Value unused_data;
    /* input given but not yet taken (output stopped at max_length):
       `pending` bytes at pend in an atomic block of pend_cap bytes at
       pend_buf; the next call's data is appended to it */
    uint8_t *pend_buf, *pend;
    size_t pending, pend_cap;
} DecompObject;

static Type comp_type, decomp_type;

/* End a coder (again is harmless: lzma_end leaves the stream empty) */
static void comp_end(CompObject *c) { LZ(lzma_end)(&c->zs); }
static void decomp_end(DecompObject *d) { LZ(lzma_end)(&d->zs); }
static void comp_finalize(void *obj) { comp_end(obj); }
static void decomp_finalize(void *obj) { decomp_end(obj); }

/* LZMACompressor(format=FORMAT_XZ, check=-1, preset=None, filters=None) */
static Value comp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"LZMACompressor", 0, 0, 0, {"format", "check", "preset", "filters", NULL}};
    Value a[4];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int format, check;
    if (int_arg(a[0], FORMAT_XZ, &format, false) < 0 || int_arg(a[1], -1, &check, false) < 0) return VNULL;
    Value presetv = a[2] ? a[2] : V_NONE, filters = a[3] ? a[3] : V_NONE;
    if (format != FORMAT_XZ && check != -1 && check != LZMA_CHECK_NONE)
        return err_set(&exc_ValueError, "Integrity checks are only supported by FORMAT_XZ");
    if (presetv != V_NONE && filters != V_NONE)
        return err_set(&exc_ValueError, "Cannot specify both preset and filter chain");
    uint32_t preset = LZMA_PRESET_DEFAULT;
    if (presetv != V_NONE && u32_arg(presetv, "uint32_t", &preset) < 0) return VNULL;
    mem_pressure();
    CompObject *c = (CompObject *)obj_alloc(t, t->basicsize);
    c->zs = (lzma_stream)LZMA_STREAM_INIT;
    c->zs.allocator = &counted_allocator;
    gc_register_finalizer(c, comp_finalize);
    lzma_filter chain[LZMA_FILTERS_MAX + 1];
    lzma_ret r;
    switch (format) {
    case FORMAT_XZ:
        if (check == -1) check = LZMA_CHECK_CRC64;
        if (filters == V_NONE) {
            r = LZ(lzma_easy_encoder)(&c->zs, preset, (lzma_check)check);
        } else {
            if (parse_chain(filters, chain) < 0) return VNULL;
            r = LZ(lzma_stream_encoder)(&c->zs, chain, (lzma_check)check);
        }
        break;
    case FORMAT_ALONE:
        if (filters == V_NONE) {
            lzma_options_lzma o;
            if (LZ(lzma_lzma_preset)(&o, preset))
                return err_u64(V_AS(Type, lzma_error), "Invalid compression preset: ", preset);
            r = LZ(lzma_alone_encoder)(&c->zs, &o);
        } else {
            if (parse_chain(filters, chain) < 0) return VNULL;
            if (chain[0].id != LZMA_FILTER_LZMA1 || chain[1].id != LZMA_VLI_UNKNOWN)
                return err_set(&exc_ValueError, "Invalid filter chain for FORMAT_ALONE - must be a single LZMA1 filter");
            r = LZ(lzma_alone_encoder)(&c->zs, chain[0].options);
        }
        break;
    case FORMAT_RAW:
        if (filters == V_NONE) return err_set(&exc_ValueError, "Must specify filters for FORMAT_RAW");
        if (parse_chain(filters, chain) < 0) return VNULL;
        r = LZ(lzma_raw_encoder)(&c->zs, chain);
        break;
    default:
        return err_format(&exc_ValueError, "Invalid container format: %d", format);
    }
    if (lz_check(r) < 0) return VNULL;
    return V_FROM_PTR(c);
}

/* Run the encoder over n bytes at p with `action`: LZMA_RUN until the
 * input is taken, LZMA_FINISH until the stream's end is written. */
static Value comp_run(CompObject *c, const char *p, size_t n, lzma_action action) {
    Out o;
    if (!out_init(&o, -1)) return VNULL;
    lzma_stream *zs = &c->zs;
    zs->next_in = (const uint8_t *)p;
    zs->avail_in = n;
    for (;;) {
        if (!out_arrange(&o, zs)) return VNULL;
        lzma_ret r = LZ(lzma_code)(zs, action);
        out_count(&o, zs);
        /* no progress possible with no input is not an error here */
        if (r == LZMA_BUF_ERROR && n == 0 && zs->avail_out > 0) r = LZMA_OK;
        if (lz_check(r) < 0) return VNULL;
        if ((action == LZMA_RUN && zs->avail_in == 0) || (action == LZMA_FINISH && r == LZMA_STREAM_END)) break;
    }
    zs->next_in = NULL;
    return bytes_new((const char *)o.p, o.len);
}

static Value comp_compress(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"LZMACompressor.compress", 1, 1, 0, {"data", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    CompObject *c = V_AS(CompObject, args[0]);
    const char *p;
    int64_t n;
    if (!data_arg(a[0], &p, &n)) return VNULL;
    if (c->flushed) return err_set(&exc_ValueError, "Compressor has been flushed");
    return comp_run(c, p, (size_t)n, LZMA_RUN);
}

static Value comp_flush(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"LZMACompressor.flush", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    CompObject *c = V_AS(CompObject, args[0]);
    if (c->flushed) return err_set(&exc_ValueError, "Repeated call to flush()");
    c->flushed = true;
    Value r = comp_run(c, NULL, 0, LZMA_FINISH);
    comp_end(c);   /* the coder cannot be used again: its memory goes now */
    return r;
}

/* ---- LZMADecompressor ----------------------------------------------------------------------- */
/* LZMADecompressor(format=FORMAT_AUTO, memlimit=None, filters=None) */
static Value decomp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"LZMADecompressor", 0, 0, 0, {"format", "memlimit", "filters", NULL}};
    Value a[3];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int format;
    if (int_arg(a[0], FORMAT_AUTO, &format, true) < 0) return VNULL;
    Value memv = a[1] ? a[1] : V_NONE, filters = a[2] ? a[2] : V_NONE;
    uint64_t memlimit = UINT64_MAX;
    if (memv != V_NONE) {
        if (format == FORMAT_RAW) return err_set(&exc_ValueError, "Cannot specify memory limit with FORMAT_RAW");
        if (u64_arg(memv, &memlimit) < 0) return VNULL;
    }
    if (format == FORMAT_RAW && filters == V_NONE) return err_set(&exc_ValueError, "Must specify filters for FORMAT_RAW");
    if (format != FORMAT_RAW && filters != V_NONE)
        return err_set(&exc_ValueError, "Cannot specify filters except with FORMAT_RAW");
    mem_pressure();
    DecompObject *d = (DecompObject *)obj_alloc(t, t->basicsize);
    d->zs = (lzma_stream)LZMA_STREAM_INIT;
    d->zs.allocator = &counted_allocator;
    gc_register_finalizer(d, decomp_finalize);
    d->check = CHECK_UNKNOWN;
    d->needs_input = true;
    d->unused_data = bytes_new("", 0);
    /* report the check as soon as the header is read (the check attribute) */
    const uint32_t flags = LZMA_TELL_ANY_CHECK | LZMA_TELL_NO_CHECK;
    lzma_ret r;
    switch (format) {
    case FORMAT_AUTO:
        r = LZ(lzma_auto_decoder)(&d->zs, memlimit, flags);
        break;
    case FORMAT_XZ:
        r = LZ(lzma_stream_decoder)(&d->zs, memlimit, flags);
        break;
    case FORMAT_ALONE:
        d->check = LZMA_CHECK_NONE;
        r = LZ(lzma_alone_decoder)(&d->zs, memlimit);
        break;
    case FORMAT_RAW: {
        d->check = LZMA_CHECK_NONE;
        lzma_filter chain[LZMA_FILTERS_MAX + 1];
        if (parse_chain(filters, chain) < 0) return VNULL;
        r = LZ(lzma_raw_decoder)(&d->zs, chain);
        break;
    }
    default:
        return err_format(&exc_ValueError, "Invalid container format: %d", format);
    }
    if (lz_check(r) < 0) return VNULL;
    return V_FROM_PTR(d);
}

/* Decode zs's input into at most max_length bytes (< 0: no limit). */
static Value decomp_run(DecompObject *d, int64_t max_length) {
    lzma_stream *zs = &d->zs;
    Out o;
    if (!out_init(&o, max_length)) return VNULL;
    for (;;) {
        if (!out_arrange(&o, zs)) return VNULL;
        lzma_ret r = LZ(lzma_code)(zs, LZMA_RUN);
        out_count(&o, zs);
        if (r == LZMA_BUF_ERROR && zs->avail_in == 0 && zs->avail_out > 0) r = LZMA_OK;
        if (lz_check(r) < 0) return VNULL;
        if (r == LZMA_GET_CHECK || r == LZMA_NO_CHECK) d->check = (int)LZ(lzma_get_check)(zs);
        if (r == LZMA_STREAM_END) {
            d->eof = true;
            break;
        }
        /* a full output buffer comes first: the decoder may hold more
           output for input it has taken already */
        if (zs->avail_out == 0) {
            if (max_length >= 0 && o.len == (uint64_t)max_length) break;   /* at the limit */
        } else if (zs->avail_in == 0) {
            break;
        }
    }
    return bytes_new((const char *)o.p, o.len);
}

static Value decomp_decompress(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"decompress", 0, 1, 0, {"data", "max_length", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    DecompObject *d = V_AS(DecompObject, args[0]);
    const char *p;
    int64_t n, max_length = -1;
    if (!data_arg(a[0], &p, &n)) return VNULL;
    if (a[1]) {
        if (float_check(a[1])) return err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
        max_length = obj_index_i64(a[1]);
        if (max_length == -1 && err_occurred()) return VNULL;
    }
    if (d->eof) return err_set(&exc_EOFError, "Already at end of stream");
    lzma_stream *zs = &d->zs;
    size_t len = (size_t)n;
    if (d->pending) {
        /* earlier input first: append the new data to it */
        size_t need = d->pending + len;
        if (need > d->pend_cap) {
            uint8_t *nb = gc_try_alloc_atomic(need);
            if (!nb) return err_no_memory();
            memcpy(nb, d->pend, d->pending);
            d->pend_buf = nb;
            d->pend_cap = need;
        } else if (d->pend != d->pend_buf) {
            memmove(d->pend_buf, d->pend, d->pending);
        }
        d->pend = d->pend_buf;
        if (len) memcpy(d->pend + d->pending, p, len);
        zs->next_in = d->pend;
        zs->avail_in = need;
    } else {
        zs->next_in = (const uint8_t *)p;
        zs->avail_in = len;
    }
    Value r = decomp_run(d, max_length);
    const uint8_t *rest = zs->next_in;
    size_t left = zs->avail_in;
    zs->next_in = NULL;   /* the caller's buffer is not ours to keep */
    zs->avail_in = 0;
    if (!r) {
        d->pending = 0;   /* as CPython: the unconsumed input is dropped */
        return VNULL;
    }
    if (d->eof) {
        d->needs_input = false;
        if (left) d->unused_data = bytes_new((const char *)rest, left);
        d->pending = 0;
        decomp_end(d);   /* nothing more to decode: the memory goes now */
    } else if (left == 0) {
        /* at the limit the decoder may still hold output: ask for it first */
        d->needs_input = zs->avail_out != 0;
        d->pending = 0;
    } else {
        d->needs_input = false;
        if (rest >= d->pend_buf && rest < d->pend_buf + d->pend_cap) {
            d->pend = (uint8_t *)rest;   /* already in our buffer */
        } else {
            if (left > d->pend_cap) {
                uint8_t *nb = gc_try_alloc_atomic(left);
                if (!nb) return err_no_memory();
                d->pend_buf = nb;
                d->pend_cap = left;
            }
            memcpy(d->pend_buf, rest, left);
            d->pend = d->pend_buf;
        }
        d->pending = left;
    }
    return r;
}

static Value decomp_get_check(Value self) { return v_int(V_AS(DecompObject, self)->check); }
static Value decomp_get_eof(Value self) { return V_AS(DecompObject, self)->eof ? V_TRUE : V_FALSE; }
static Value decomp_get_unused(Value self) { return V_AS(DecompObject, self)->unused_data; }
static Value decomp_get_needs_input(Value self) {
    return V_AS(DecompObject, self)->needs_input ? V_TRUE : V_FALSE;
}

/* ---- module functions ----------------------------------------------------------------------- */
static Value lz_is_check_supported(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"is_check_supported", 1, 1, 0, {"check_id", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    int id;
    if (int_arg(a[0], 0, &id, true) < 0) return VNULL;
    return LZ(lzma_check_is_supported)((lzma_check)id) ? V_TRUE : V_FALSE;
}

/* _encode_filter_properties(filter, /): the filter's properties bytes */
static Value lz_encode_props(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_encode_filter_properties", 1, 1, 0, {"filter", NULL}};
    Value a[1];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    lzma_filter f = {LZMA_VLI_UNKNOWN, NULL};
    if (parse_filter(a[0], &f) < 0) return VNULL;
    uint32_t size;
    if (lz_check(LZ(lzma_properties_size)(&size, &f)) < 0) return VNULL;
    Value r = bytes_alloc(size);
    if (lz_check(LZ(lzma_properties_encode)(&f, (uint8_t *)V_AS(BytesObject, r)->data)) < 0) return VNULL;
    return r;
}

/* _decode_filter_properties(filter_id, encoded_props, /): the dict */
static Value lz_decode_props(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_decode_filter_properties", 2, 2, 0, {"filter_id", "encoded_props", NULL}};
    Value a[2];
    if (arg_parse(&spec, args, nargs, kwnames, a) < 0) return VNULL;
    uint64_t id;
    if (u64_arg(a[0], &id) < 0) return VNULL;
    const char *p;
    int64_t n;
    if (!data_arg(a[1], &p, &n)) return VNULL;
    lzma_filter f = {id, NULL};
    /* the options are allocated with our allocator: collected */
    if (lz_check(LZ(lzma_properties_decode)(&f, &gc_allocator, (const uint8_t *)p, (size_t)n)) < 0) return VNULL;
    return filter_to_spec(&f);
}

/* ---- module --------------------------------------------------------------------------------- */
static const MethodDef comp_methods[] = {
    {"compress", comp_compress, MF_KEYWORDS, NULL},
    {"flush", comp_flush, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const MethodDef decomp_methods[] = {
    {"decompress", decomp_decompress, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef decomp_getsets[] = {
    {"check", decomp_get_check, NULL, NULL},
    {"eof", decomp_get_eof, NULL, NULL},
    {"needs_input", decomp_get_needs_input, NULL, NULL},
    {"unused_data", decomp_get_unused, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};
static Type comp_type = {
    .tname = "_lzma.LZMACompressor",
    .basicsize = sizeof(CompObject),
    .new_ = comp_new,
};
static Type decomp_type = {
    .tname = "_lzma.LZMADecompressor",
    .basicsize = sizeof(DecompObject),
    .new_ = decomp_new,
};
static const MethodDef lzma_functions[] = {
    {"is_check_supported", lz_is_check_supported, MF_KEYWORDS, NULL},
    {"_encode_filter_properties", lz_encode_props, MF_KEYWORDS, NULL},
    {"_decode_filter_properties", lz_decode_props, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _lzma_module_create(void) {
    if (liblzma_load() < 0) return VNULL;
    if (!(comp_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("_lzma");
        comp_type.name = str_intern_cstr("LZMACompressor");
        comp_type.module = mod;
        type_add_methods(&comp_type, comp_methods);
        type_ready(&comp_type);
        decomp_type.name = str_intern_cstr("LZMADecompressor");
        decomp_type.module = mod;
        type_add_methods(&decomp_type, decomp_methods);
        type_add_getsets(&decomp_type, decomp_getsets);
        type_ready(&decomp_type);
    }
    if (!lzma_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("_lzma"));
        dict_set(ns, NAME(__doc__), str_from_cstr("Call to liblzma failed."));
        lzma_error = type_new_class(&type_type, str_from_cstr("LZMAError"), bases, ns, VNULL);
        if (!lzma_error) return VNULL;
    }
    Value m = module_new_cstr("_lzma");
    module_add_functions(m, lzma_functions);
    module_add(m, "LZMACompressor", V_FROM_PTR(&comp_type));
    module_add(m, "LZMADecompressor", V_FROM_PTR(&decomp_type));
    module_add(m, "LZMAError", lzma_error);
    static const struct { const char *name; uint64_t v; } ints[] = {
        {"FORMAT_AUTO", FORMAT_AUTO}, {"FORMAT_XZ", FORMAT_XZ}, {"FORMAT_ALONE", FORMAT_ALONE},
        {"FORMAT_RAW", FORMAT_RAW}, {"CHECK_NONE", LZMA_CHECK_NONE}, {"CHECK_CRC32", LZMA_CHECK_CRC32},
        {"CHECK_CRC64", LZMA_CHECK_CRC64}, {"CHECK_SHA256", LZMA_CHECK_SHA256},
        {"CHECK_ID_MAX", LZMA_CHECK_ID_MAX}, {"CHECK_UNKNOWN", CHECK_UNKNOWN},
        {"FILTER_LZMA1", LZMA_FILTER_LZMA1}, {"FILTER_LZMA2", LZMA_FILTER_LZMA2},
        {"FILTER_DELTA", LZMA_FILTER_DELTA}, {"FILTER_X86", LZMA_FILTER_X86}, {"FILTER_IA64", LZMA_FILTER_IA64},
        {"FILTER_ARM", LZMA_FILTER_ARM}, {"FILTER_ARMTHUMB", LZMA_FILTER_ARMTHUMB},
        {"FILTER_SPARC", LZMA_FILTER_SPARC}, {"FILTER_POWERPC", LZMA_FILTER_POWERPC},
        {"MF_HC3", LZMA_MF_HC3}, {"MF_HC4", LZMA_MF_HC4}, {"MF_BT2", LZMA_MF_BT2}, {"MF_BT3", LZMA_MF_BT3},
        {"MF_BT4", LZMA_MF_BT4}, {"MODE_FAST", LZMA_MODE_FAST}, {"MODE_NORMAL", LZMA_MODE_NORMAL},
        {"PRESET_DEFAULT", LZMA_PRESET_DEFAULT}, {"PRESET_EXTREME", LZMA_PRESET_EXTREME},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) module_add(m, ints[i].name, int_from_u64(ints[i].v));
    return m;
}
