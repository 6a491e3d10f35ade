/* _bz2.c: the _bz2 module (bz2.py builds on it) on the system libbzip2:
 * incremental BZ2Compressor and BZ2Decompressor with CPython 3.11's
 * results and messages.
 *
 * libbzip2's state is malloc'd (up to 7.6 MB for a compressor, data the
 * collector need not scan). A stream is ended as soon as it is finished
 * (flush(), end of stream), which gives the memory back at once in the
 * usual uses; a finalizer ends the others when their object is collected.
 * The collector does not see that memory, so the allocator counts it: past
 * LIVE_LIMIT a new stream first runs a collection, whose finalizers end
 * the dropped ones (else a loop dropping unfinished compressors grows by
 * gigabytes).
 * bzlib keeps a pointer to its bz_stream, which lives inside the Python
 * object: objects do not move. bzlib's counts are unsigned int: longer
 * inputs and outputs go through in chunks. libbzip2 is opened at import
 * (dynlib.h). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <bzlib.h>
#include "../runtime.h"
#include "../util/dynlib.h"

#define BZ2_API(X)                                                             \
    X(BZ2_bzCompress) X(BZ2_bzCompressEnd) X(BZ2_bzCompressInit)               \
    X(BZ2_bzDecompress) X(BZ2_bzDecompressEnd) X(BZ2_bzDecompressInit)
DYNLIB_DEFINE(bzlib, TPY_SONAME_BZ2, BZ2_API)
#define BZ(f) (bzlib.f)

/* A bzlib result as CPython raises it: 0 for the success codes, else -1
 * with the exception set. */
static int bz_check(int ret) {
    switch (ret) {
    case BZ_OK:
    case BZ_RUN_OK:
    case BZ_FLUSH_OK:
    case BZ_FINISH_OK:
    case BZ_STREAM_END:
        return 0;
    case BZ_CONFIG_ERROR:
        err_set(&exc_SystemError, "libbzip2 was not compiled correctly");
        break;
    case BZ_PARAM_ERROR:
        err_set(&exc_ValueError, "Internal error - invalid parameters passed to libbzip2");
        break;
    case BZ_MEM_ERROR:
        err_no_memory();
        break;
    case BZ_DATA_ERROR:
    case BZ_DATA_ERROR_MAGIC:
        err_set(&exc_OSError, "Invalid data stream");
        break;
    case BZ_IO_ERROR:
        err_set(&exc_OSError, "Unknown I/O error");
        break;
    case BZ_UNEXPECTED_EOF:
        err_set(&exc_EOFError, "Compressed file ended before the logical end-of-stream was detected");
        break;
    case BZ_SEQUENCE_ERROR:
        err_set(&exc_RuntimeError, "Internal error - Invalid sequence of commands sent to libbzip2");
        break;
    default:
        err_format(&exc_OSError, "Unrecognized error from libbzip2: %d", ret);
        break;
    }
    return -1;
}

#define LIVE_LIMIT ((size_t)256 << 20)
static size_t live_mem;   /* bytes the streams hold (malloc'd) */

/* malloc with the size in a 16-byte header (malloc's alignment kept) */
static void *counted_alloc(void *opaque, int items, int size) {
    (void)opaque;
    if (items < 0 || size < 0) return NULL;
    size_t n = (size_t)items * (size_t)size;
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
/* Before a new stream: collect the dropped ones when they hold too much */
static void mem_pressure(void) {
    if (live_mem > LIVE_LIMIT) {
        gc_collect();
        gc_run_finalizers();
    }
}

static bool data_arg(Value v, const char **p, int64_t *n) {
    BufferInfo bi;
    if (buffer_get(v, &bi, false) < 0) return false;
    *p = bi.data;
    *n = bi.len;
    return true;
}

/* ---- growable output ------------------------------------------------------------------------ */
typedef struct Out {
    char *p;
    size_t len, cap;
    int64_t limit;   /* < 0: none; else the output stops at limit bytes */
} Out;

static bool out_init(Out *o, int64_t limit) {
    size_t cap = 8192;
    if (limit >= 0 && (uint64_t)limit < cap) cap = (size_t)limit;
    o->p = gc_try_alloc_atomic(cap ? cap : 1);
    o->len = 0;
    o->cap = cap;
    o->limit = limit;
    if (!o->p) err_no_memory();
    return o->p != NULL;
}
/* Point the stream's output at the free space, growing the buffer when it
 * is full and below the limit; false with MemoryError. */
static bool out_arrange(Out *o, bz_stream *bz) {
    if (o->len == o->cap && !(o->limit >= 0 && o->len >= (uint64_t)o->limit)) {
        size_t nc = o->cap + (o->cap >> 1) + 8192;
        if (o->limit >= 0 && nc > (uint64_t)o->limit) nc = (size_t)o->limit;
        char *np = gc_try_realloc(o->p, nc);
        if (!np) {
            err_no_memory();
            return false;
        }
        o->p = np;
        o->cap = nc;
    }
    size_t room = o->cap - o->len;
    bz->next_out = o->p + o->len;
    bz->avail_out = room > UINT_MAX ? UINT_MAX : (unsigned)room;
    return true;
}
static void out_count(Out *o, bz_stream *bz) { o->len = (size_t)(bz->next_out - o->p); }

/* ---- BZ2Compressor -------------------------------------------------------------------------- */
typedef struct CompObject {
    Object hdr;
    bz_stream bz;
    bool inited;    /* BZ2_bzCompressInit done and not yet ended */
    bool flushed;   /* flush() called: no more input */
} CompObject;

static Type comp_type, decomp_type;

static void comp_end(CompObject *c) {
    if (c->inited) BZ(BZ2_bzCompressEnd)(&c->bz);
    c->inited = false;
}
static void comp_finalize(void *obj) { comp_end(obj); }

static Value comp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    Object *o = obj_alloc(t, t->basicsize);
    gc_register_finalizer(o, comp_finalize);
    return V_FROM_PTR(o);
}

/* BZ2Compressor(compresslevel=9, /) */
static int comp_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"BZ2Compressor", 1, 0, 0, {"compresslevel", NULL}};
    Value a[1];
    if (arg_nokw("BZ2Compressor", kwnames) < 0 || arg_parse(&spec, args, nargs, kwnames, a) < 0) return -1;
    int64_t level = 9;
    if (a[0]) {
        if (float_check(a[0])) {
            err_set(&exc_TypeError, "'float' object cannot be interpreted as an integer");
            return -1;
        }
        level = obj_index_i64(a[0]);
        if (level == -1 && err_occurred()) return -1;
    }
    if (level < 1 || level > 9) {
        err_set(&exc_ValueError, "compresslevel must be between 1 and 9");
        return -1;
    }
    CompObject *c = V_AS(CompObject, self);
    comp_end(c);   /* __init__ again: a new stream */
    mem_pressure();
    memset(&c->bz, 0, sizeof c->bz);
    c->bz.bzalloc = counted_alloc;
    c->bz.bzfree = counted_free;
    c->flushed = false;
    if (bz_check(BZ(BZ2_bzCompressInit)(&c->bz, (int)level, 0, 0)) < 0) return -1;
    c->inited = true;
    return 0;
}

/* Compress n bytes at p with `action` (BZ_RUN: until the input is taken;
 * BZ_FINISH: until the stream's end is written). */
static Value comp_run(CompObject *c, const char *p, size_t n, int action) {
    if (!c->inited) return err_set(&exc_ValueError, "Internal error - invalid parameters passed to libbzip2");
    Out o;
    if (!out_init(&o, -1)) return VNULL;
    bz_stream *bz = &c->bz;
    bz->next_in = (char *)p;
    bz->avail_in = 0;
    size_t left = n;
    for (;;) {
        if (bz->avail_in == 0 && left) {
            bz->avail_in = left > UINT_MAX ? UINT_MAX : (unsigned)left;
            left -= bz->avail_in;
        }
        if (action == BZ_RUN && bz->avail_in == 0) break;
        if (!out_arrange(&o, bz)) return VNULL;
        int ret = BZ(BZ2_bzCompress)(bz, action);
        out_count(&o, bz);
        if (bz_check(ret) < 0) return VNULL;
        if (action == BZ_FINISH && ret == BZ_STREAM_END) break;
    }
    return bytes_new(o.p, o.len);
}

static Value comp_compress(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"BZ2Compressor.compress", 1, 1, 0, {"data", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    CompObject *c = V_AS(CompObject, args[0]);
    const char *p;
    int64_t n;
    if (!data_arg(a[0], &p, &n)) return VNULL;
    if (c->flushed) return err_set(&exc_ValueError, "Compressor has been flushed");
    return comp_run(c, p, (size_t)n, BZ_RUN);
}

static Value comp_flush(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"BZ2Compressor.flush", 0, 0, 0, {NULL}};
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    CompObject *c = V_AS(CompObject, args[0]);
    if (c->flushed) return err_set(&exc_ValueError, "Repeated call to flush()");
    c->flushed = true;
    Value r = comp_run(c, NULL, 0, BZ_FINISH);
    comp_end(c);   /* it cannot be used again: its memory goes now */
    return r;
}

/* ---- BZ2Decompressor ------------------------------------------------------------------------ */
typedef struct DecompObject {
    Object hdr;
    bz_stream bz;
    bool inited;   /* BZ2_bzDecompressInit done and not yet ended */
    bool eof, needs_input;
    bool failed;   /* bzlib reported an error: its state is not to be used */
    Value unused_data;   /* bytes after the end of the stream */
    /* input given but not yet taken by bzlib (output stopped at
       max_length): `pending` bytes at pend (an atomic block of cap bytes
       at pend_buf); the next call's data is appended to it */
    char *pend_buf, *pend;
    size_t pending, pend_cap;
} DecompObject;

static void decomp_end(DecompObject *d) {
    if (d->inited) BZ(BZ2_bzDecompressEnd)(&d->bz);
    d->inited = false;
}
static void decomp_finalize(void *obj) { decomp_end(obj); }

static Value decomp_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args, (void)nargs, (void)kwnames;
    DecompObject *d = (DecompObject *)obj_alloc(t, t->basicsize);
    gc_register_finalizer(d, decomp_finalize);
    d->unused_data = bytes_new("", 0);
    d->needs_input = true;
    return V_FROM_PTR(d);
}

/* BZ2Decompressor() */
static int decomp_init(Value self, Value *args, size_t nargs, Value kwnames) {
    if (nargs) {
        err_set(&exc_TypeError, "BZ2Decompressor() takes no positional arguments");
        return -1;
    }
    if (arg_nokw("BZ2Decompressor", kwnames) < 0) return -1;
    DecompObject *d = V_AS(DecompObject, self);
    decomp_end(d);   /* __init__ again: a new stream */
    mem_pressure();
    memset(&d->bz, 0, sizeof d->bz);
    d->bz.bzalloc = counted_alloc;
    d->bz.bzfree = counted_free;
    d->eof = d->failed = false;
    d->needs_input = true;
    d->unused_data = bytes_new("", 0);
    d->pend_buf = d->pend = NULL;
    d->pending = d->pend_cap = 0;
    if (bz_check(BZ(BZ2_bzDecompressInit)(&d->bz, 0, 0)) < 0) return -1;
    d->inited = true;
    return 0;
}

/* Decompress the n bytes at *pp into at most max_length bytes (< 0: no
 * limit); *pp and *np are advanced past the input bzlib took. */
static Value decomp_run(DecompObject *d, const char **pp, size_t *np, int64_t max_length) {
    bz_stream *bz = &d->bz;
    Out o;
    if (!out_init(&o, max_length)) return VNULL;
    const char *p = *pp;
    size_t left = *np;
    for (;;) {
        if (!out_arrange(&o, bz)) return VNULL;
        unsigned chunk = left > UINT_MAX ? UINT_MAX : (unsigned)left;
        bz->next_in = (char *)p;
        bz->avail_in = chunk;
        int ret = BZ(BZ2_bzDecompress)(bz);
        size_t used = chunk - bz->avail_in;
        p += used;
        left -= used;
        out_count(&o, bz);
        if (bz_check(ret) < 0) return VNULL;
        if (ret == BZ_STREAM_END) {
            d->eof = true;
            break;
        }
        /* as CPython's _bz2 (unlike its _lzma): all input taken ends the
           call even when the output buffer is full */
        if (left == 0) break;
        if (bz->avail_out == 0 && max_length >= 0 && o.len == (uint64_t)max_length) break;   /* at the limit */
    }
    *pp = p;
    *np = left;
    return bytes_new(o.p, o.len);
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
    if (d->eof) return err_set(&exc_EOFError, "End of stream already reached");
    /* as CPython 3.11's later releases (Debian's crashes here) */
    if (d->failed) return err_set(&exc_ValueError, "Decompressor was used after a previous error");
    if (!d->inited) return err_set(&exc_ValueError, "Internal error - invalid parameters passed to libbzip2");
    const char *in = p;
    size_t len = (size_t)n;
    if (d->pending) {
        /* earlier input first: append the new data to it */
        size_t need = d->pending + len;
        if (need > d->pend_cap) {
            char *nb = gc_try_alloc_atomic(need);
            if (!nb) return err_no_memory();
            memcpy(nb, d->pend, d->pending);
            d->pend_buf = nb;
            d->pend_cap = need;
        } else if (d->pend != d->pend_buf) {
            memmove(d->pend_buf, d->pend, d->pending);
        }
        d->pend = d->pend_buf;
        if (len) memcpy(d->pend + d->pending, p, len);
        in = d->pend;
        len = need;
    }
    Value r = decomp_run(d, &in, &len, max_length);
    if (!r) {
        d->pending = 0;
        d->failed = true;
        d->needs_input = false;
        return VNULL;
    }
    if (d->eof) {
        d->needs_input = false;
        if (len) d->unused_data = bytes_new(in, len);
        d->pending = 0;
        decomp_end(d);   /* nothing more to decode: the memory goes now */
    } else if (len == 0) {
        d->needs_input = true;
        d->pending = 0;
    } else {
        d->needs_input = false;
        if (in >= d->pend_buf && in < d->pend_buf + d->pend_cap) {
            d->pend = (char *)in;   /* already in our buffer */
        } else {
            if (len > d->pend_cap) {
                char *nb = gc_try_alloc_atomic(len);
                if (!nb) return err_no_memory();
                d->pend_buf = nb;
                d->pend_cap = len;
            }
            memcpy(d->pend_buf, in, len);
            d->pend = d->pend_buf;
        }
        d->pending = len;
    }
    return r;
}

static Value decomp_get_eof(Value self) { return V_AS(DecompObject, self)->eof ? V_TRUE : V_FALSE; }
static Value decomp_get_unused(Value self) { return V_AS(DecompObject, self)->unused_data; }
static Value decomp_get_needs_input(Value self) {
    return V_AS(DecompObject, self)->needs_input ? V_TRUE : V_FALSE;
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
    {"eof", decomp_get_eof, NULL, NULL},
    {"unused_data", decomp_get_unused, NULL, NULL},
    {"needs_input", decomp_get_needs_input, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};
static Type comp_type = {
    .tname = "_bz2.BZ2Compressor",
    .basicsize = sizeof(CompObject),
    .new_ = comp_new,
    .init = comp_init,
};
static Type decomp_type = {
    .tname = "_bz2.BZ2Decompressor",
    .basicsize = sizeof(DecompObject),
    .new_ = decomp_new,
    .init = decomp_init,
};

Value _bz2_module_create(void) {
    if (bzlib_load() < 0) return VNULL;
    if (!(comp_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("_bz2");
        comp_type.name = str_intern_cstr("BZ2Compressor");
        comp_type.module = mod;
        type_add_methods(&comp_type, comp_methods);
        type_ready(&comp_type);
        decomp_type.name = str_intern_cstr("BZ2Decompressor");
        decomp_type.module = mod;
        type_add_methods(&decomp_type, decomp_methods);
        type_add_getsets(&decomp_type, decomp_getsets);
        type_ready(&decomp_type);
    }
    Value m = module_new_cstr("_bz2");
    module_add(m, "BZ2Compressor", V_FROM_PTR(&comp_type));
    module_add(m, "BZ2Decompressor", V_FROM_PTR(&decomp_type));
    return m;
}
