/* zlib.c: the zlib module on the system zlib: one-shot compress and
 * decompress, streaming Compress/Decompress objects, crc32 and adler32,
 * with CPython 3.11's results and messages.
 *
 * zlib's internal state is allocated from the collected heap (zalloc is
 * gc_alloc): the z_stream lives inside its Python object, so the state is
 * reachable exactly as long as the object is, and no finalizer is needed.
 * Inputs longer than zlib's uInt counts are fed in chunks. */
#include <limits.h>
#include <string.h>
#include <zlib.h>
#include "../runtime.h"

static Value zlib_error;   /* zlib.error */

static voidpf z_gc_alloc(voidpf opaque, uInt items, uInt size) {
    (void)opaque;
    return gc_try_alloc((size_t)items * size);
}
static void z_gc_free(voidpf opaque, voidpf p) {
    (void)opaque;
    (void)p;   /* the collector reclaims it; copies may still share nothing */
}
static void zs_init(z_stream *zs) {
    memset(zs, 0, sizeof *zs);
    zs->zalloc = z_gc_alloc;
    zs->zfree = z_gc_free;
}

/* zlib.error "Error <err> <what>[: <reason>]" */
static Value zerr(z_stream *zs, int err, const char *what) {
    const char *m = err == Z_VERSION_ERROR ? "library version mismatch" : zs->msg;
    if (!m) {
        if (err == Z_BUF_ERROR) m = "incomplete or truncated stream";
        else if (err == Z_STREAM_ERROR) m = "inconsistent stream state";
        else if (err == Z_DATA_ERROR) m = "invalid input data";
    }
    if (m) return err_format(V_AS(Type, zlib_error), "Error %d %s: %s", err, what, m);
    return err_format(V_AS(Type, zlib_error), "Error %d %s", err, what);
}

/* A C int argument (absent: dflt), as Argument Clinic's int converter. */
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
/* Py_ssize_t argument */
static int ssize_arg(Value v, int64_t dflt, int64_t *out) {
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
    *out = x;
    return 0;
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
    size_t limit;   /* 0: none; else the output stops at limit bytes */
    int grows;
} Out;

/* The output grows by these steps, as CPython's: zlib's block boundaries
 * for stored data follow the room given to it, so the compressed bytes
 * equal CPython's only with the same steps. */
static const size_t grow_steps[] = {
    32 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20, 8 << 20, 16 << 20, 16 << 20,
    32 << 20, 32 << 20, 32 << 20, 32 << 20, 64 << 20, 64 << 20, 128 << 20, 128 << 20,
    256 << 20};
#define N_STEPS (sizeof grow_steps / sizeof grow_steps[0])

static bool out_init(Out *o, size_t cap, size_t limit) {
    if (limit && cap > limit) cap = limit;
    if (cap == 0) cap = 1;
    o->p = gc_try_alloc_atomic(cap);
    o->len = 0;
    o->cap = cap;
    o->limit = limit;
    o->grows = 1;
    if (!o->p) err_no_memory();
    return o->p != NULL;
}
/* Point zs's output at the free space, growing it when full; false with
 * MemoryError. At the limit avail_out becomes 0. */
static bool out_arrange(Out *o, z_stream *zs) {
    if (o->len == o->cap && !(o->limit && o->len >= o->limit)) {
        size_t nc = o->cap + grow_steps[o->grows < (int)N_STEPS ? o->grows : (int)N_STEPS - 1];
        o->grows++;
        if (o->limit && nc > o->limit) nc = o->limit;
        char *np = gc_try_realloc(o->p, nc);
        if (!np) {
            err_no_memory();
            return false;
        }
        o->p = np;
        o->cap = nc;
    }
    size_t room = o->cap - o->len;
    if (room > UINT_MAX) room = UINT_MAX;
    zs->next_out = (Bytef *)o->p + o->len;
    zs->avail_out = (uInt)room;
    return true;
}
static void out_count(Out *o, z_stream *zs) { o->len = (size_t)((char *)zs->next_out - o->p); }
static Value out_bytes(Out *o) { return bytes_new(o->p, o->len); }

/* Feed up to UINT_MAX more bytes of the input into zs; *left: the rest. */
static void in_refill(z_stream *zs, size_t *left) {
    size_t c = *left > UINT_MAX ? UINT_MAX : *left;
    zs->avail_in = (uInt)c;
    *left -= c;
}

/* Deflate n bytes at p with `mode` after the last of them, appending to o.
 * The stream error (Z_STREAM_ERROR) is returned; others are not errors. */
static int deflate_all(z_stream *zs, const char *p, size_t n, int mode, Out *o) {
    size_t left = n;
    zs->next_in = (Bytef *)p;
    int err;
    do {
        in_refill(zs, &left);
        int flush = left ? Z_NO_FLUSH : mode;
        do {
            if (!out_arrange(o, zs)) return Z_MEM_ERROR;
            err = deflate(zs, flush);
            out_count(o, zs);
            if (err == Z_STREAM_ERROR) return err;
        } while (zs->avail_out == 0);
    } while (left);
    return err;
}

/* ---- one-shot ------------------------------------------------------------------------------- */
static const ArgSpec z_compress_spec = {"compress", 1, 1, 0, {"data", "level=Z_DEFAULT_COMPRESSION", "wbits=MAX_WBITS", NULL}};
static Value z_compress(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&z_compress_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    int level, wbits;
    if (!data_arg(a[0], &p, &n) || int_arg(a[1], Z_DEFAULT_COMPRESSION, &level) < 0 ||
        int_arg(a[2], MAX_WBITS, &wbits) < 0)
        return VNULL;
    z_stream zs;
    zs_init(&zs);
    int err = deflateInit2(&zs, level, Z_DEFLATED, wbits, 8, Z_DEFAULT_STRATEGY);
    if (err == Z_MEM_ERROR) return err_set(&exc_MemoryError, "Out of memory while compressing data");
    if (err == Z_STREAM_ERROR) return err_set(V_AS(Type, zlib_error), "Bad compression level");
    if (err != Z_OK) return zerr(&zs, err, "while compressing data");
    Out o;
    if (!out_init(&o, 32 << 10, 0)) return VNULL;
    err = deflate_all(&zs, p, (size_t)n, Z_FINISH, &o);
    if (err == Z_MEM_ERROR) return VNULL;
    if (err == Z_STREAM_ERROR) return zerr(&zs, err, "while compressing data");
    err = deflateEnd(&zs);
    if (err != Z_OK) return zerr(&zs, err, "while finishing compression");
    return out_bytes(&o);
}

static const ArgSpec z_decompress_spec = {"decompress", 1, 1, 0, {"data", "wbits=MAX_WBITS", "bufsize=DEF_BUF_SIZE", NULL}};
static Value z_decompress(Value *args, size_t nargs, Value kwnames) {
    Value a[3];
    if (arg_parse(&z_decompress_spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n, bufsize;
    int wbits;
    if (!data_arg(a[0], &p, &n) || int_arg(a[1], MAX_WBITS, &wbits) < 0 || ssize_arg(a[2], 16384, &bufsize) < 0)
        return VNULL;
    if (bufsize < 0) return err_set(&exc_ValueError, "bufsize must be non-negative");
    z_stream zs;
    zs_init(&zs);
    int err = inflateInit2(&zs, wbits);
    if (err == Z_MEM_ERROR) return err_set(&exc_MemoryError, "Out of memory while decompressing data");
    if (err != Z_OK) return zerr(&zs, err, "while preparing to decompress data");
    Out o;
    if (!out_init(&o, (size_t)bufsize, 0)) return VNULL;
    size_t left = (size_t)n;
    zs.next_in = (Bytef *)p;
    do {
        in_refill(&zs, &left);
        do {
            if (!out_arrange(&o, &zs)) return VNULL;
            err = inflate(&zs, Z_NO_FLUSH);
            out_count(&o, &zs);
            if (err == Z_MEM_ERROR) return err_set(&exc_MemoryError, "Out of memory while decompressing data");
            if (err != Z_OK && err != Z_BUF_ERROR && err != Z_STREAM_END)
                return zerr(&zs, err, "while decompressing data");
        } while (zs.avail_out == 0);
    } while (err != Z_STREAM_END && left);
    /* all input taken and no end: zlib would say Z_BUF_ERROR next */
    if (err == Z_OK) err = Z_BUF_ERROR;
    if (err != Z_STREAM_END) return zerr(&zs, err, "while decompressing data");
    err = inflateEnd(&zs);
    if (err != Z_OK) return zerr(&zs, err, "while finishing decompression");
    return out_bytes(&o);
}

/* ---- Compress ------------------------------------------------------------------------------- */
typedef struct CompObject {
    Object hdr;
    z_stream zs;
    bool inited;   /* deflateInit2 done and no Z_FINISH flush yet */
} CompObject;

typedef struct DecompObject {
    Object hdr;
    z_stream zs;
    bool inited;
    bool eof;
    Value unused_data, unconsumed_tail;   /* bytes */
    Value zdict;                          /* VNULL or a buffer */
} DecompObject;

static Type comp_type, decomp_type;

static bool zdict_view(Value zdict, const char **p, int64_t *n) {
    if (!data_arg(zdict, p, n)) return false;
    if ((uint64_t)*n > UINT_MAX) {
        err_set(&exc_OverflowError, "zdict length does not fit in an unsigned int");
        return false;
    }
    return true;
}

static const ArgSpec z_compressobj_spec = {"compressobj", 0, 0, 0,
                                 {"level=Z_DEFAULT_COMPRESSION", "method=DEFLATED", "wbits=MAX_WBITS", "memLevel=DEF_MEM_LEVEL", "strategy=Z_DEFAULT_STRATEGY", "zdict=None", NULL}};
static Value z_compressobj(Value *args, size_t nargs, Value kwnames) {
    Value a[6];
    if (arg_parse(&z_compressobj_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int level, method, wbits, memlevel, strategy;
    if (int_arg(a[0], Z_DEFAULT_COMPRESSION, &level) < 0 || int_arg(a[1], Z_DEFLATED, &method) < 0 ||
        int_arg(a[2], MAX_WBITS, &wbits) < 0 || int_arg(a[3], 8, &memlevel) < 0 ||
        int_arg(a[4], Z_DEFAULT_STRATEGY, &strategy) < 0)
        return VNULL;
    Value zdict = a[5];
    const char *zp = NULL;
    int64_t zn = 0;
    if (zdict && !zdict_view(zdict, &zp, &zn)) return VNULL;
    CompObject *c = (CompObject *)obj_alloc(&comp_type, sizeof(CompObject));
    zs_init(&c->zs);
    int err = deflateInit2(&c->zs, level, method, wbits, memlevel, strategy);
    if (err == Z_MEM_ERROR) return err_set(&exc_MemoryError, "Can't allocate memory for compression object");
    if (err == Z_STREAM_ERROR) return err_set(&exc_ValueError, "Invalid initialization option");
    if (err != Z_OK) return zerr(&c->zs, err, "while creating compression object");
    c->inited = true;
    if (zdict) {
        err = deflateSetDictionary(&c->zs, (const Bytef *)zp, (uInt)zn);
        if (err == Z_STREAM_ERROR) return err_set(&exc_ValueError, "Invalid dictionary");
        if (err != Z_OK) return err_set(&exc_ValueError, "deflateSetDictionary()");
    }
    return V_FROM_PTR(c);
}

static Value comp_compress(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"compress", 1, 1, 0, {"", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    CompObject *c = V_AS(CompObject, args[0]);
    const char *p;
    int64_t n;
    if (!data_arg(a[0], &p, &n)) return VNULL;
    Out o;
    if (!out_init(&o, 32 << 10, 0)) return VNULL;
    int err = deflate_all(&c->zs, p, (size_t)n, Z_NO_FLUSH, &o);
    if (err == Z_MEM_ERROR) return VNULL;
    if (err == Z_STREAM_ERROR) return zerr(&c->zs, err, "while compressing data");
    return out_bytes(&o);
}

static Value comp_flush(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"flush", 1, 0, 0, {"", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    CompObject *c = V_AS(CompObject, args[0]);
    int mode;
    if (int_arg(a[0], Z_FINISH, &mode) < 0) return VNULL;
    if (mode == Z_NO_FLUSH) return bytes_new("", 0);
    Out o;
    if (!out_init(&o, 32 << 10, 0)) return VNULL;
    int err = deflate_all(&c->zs, "", 0, mode, &o);
    if (err == Z_MEM_ERROR) return VNULL;
    if (err == Z_STREAM_ERROR) return zerr(&c->zs, err, "while flushing");
    if (mode == Z_FINISH && err == Z_STREAM_END) {
        c->inited = false;
        err = deflateEnd(&c->zs);
        if (err != Z_OK) return zerr(&c->zs, err, "while finishing compression");
    } else if (err != Z_OK && err != Z_BUF_ERROR) {
        return zerr(&c->zs, err, "while flushing");
    }
    return out_bytes(&o);
}

static Value comp_copy(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    CompObject *c = V_AS(CompObject, args[0]);
    (void)nargs;
    if (!c->inited) return err_set(&exc_ValueError, "Inconsistent stream state");
    CompObject *r = (CompObject *)obj_alloc(&comp_type, sizeof(CompObject));
    int err = deflateCopy(&r->zs, &c->zs);
    if (err == Z_STREAM_ERROR) return err_set(&exc_ValueError, "Inconsistent stream state");
    if (err == Z_MEM_ERROR) return err_set(&exc_MemoryError, "Can't allocate memory for compression object");
    if (err != Z_OK) return zerr(&c->zs, err, "while copying compression object");
    r->inited = true;
    return V_FROM_PTR(r);
}
static Value comp_copy0(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"copy", 0, 0, 0, {NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return comp_copy(args, nargs, kwnames);
}
static Value comp_deepcopy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__deepcopy__", 1, 1, 0, {"", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return comp_copy(args, 1, VNULL);
}

/* ---- Decompress ----------------------------------------------------------------------------- */
static const ArgSpec z_decompressobj_spec = {"decompressobj", 0, 0, 0, {"wbits=MAX_WBITS", "zdict=b''", NULL}};
static Value z_decompressobj(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&z_decompressobj_spec, args, nargs, kwnames, a) < 0) return VNULL;
    int wbits;
    if (int_arg(a[0], MAX_WBITS, &wbits) < 0) return VNULL;
    Value zdict = a[1];
    if (zdict && !buffer_check(zdict))
        return err_set(&exc_TypeError, "zdict argument must support the buffer protocol");
    DecompObject *d = (DecompObject *)obj_alloc(&decomp_type, sizeof(DecompObject));
    d->unused_data = bytes_new("", 0);
    d->unconsumed_tail = d->unused_data;
    d->zdict = zdict;
    zs_init(&d->zs);
    int err = inflateInit2(&d->zs, wbits);
    if (err == Z_STREAM_ERROR) return err_set(&exc_ValueError, "Invalid initialization option");
    if (err == Z_MEM_ERROR) return err_set(&exc_MemoryError, "Can't allocate memory for decompression object");
    if (err != Z_OK) return zerr(&d->zs, err, "while creating decompression object");
    d->inited = true;
    if (zdict && wbits < 0) {
        /* a raw stream never asks for its dictionary: set it now */
        const char *p;
        int64_t n;
        if (!zdict_view(zdict, &p, &n)) return VNULL;
        err = inflateSetDictionary(&d->zs, (const Bytef *)p, (uInt)n);
        if (err != Z_OK) return zerr(&d->zs, err, "while setting zdict");
    }
    return V_FROM_PTR(d);
}

static int set_zdict(DecompObject *d) {
    const char *p;
    int64_t n;
    if (!zdict_view(d->zdict, &p, &n)) return -1;
    int err = inflateSetDictionary(&d->zs, (const Bytef *)p, (uInt)n);
    if (err != Z_OK) {
        zerr(&d->zs, err, "while setting zdict");
        return -1;
    }
    return 0;
}

/* Inflate n bytes at p with `flush` into o (limit in o), then record what
 * is left of the input: past the stream's end it is unused_data, else the
 * unconsumed_tail. *errp: the last inflate result. -1 with an exception. */
static int decomp_run(DecompObject *d, const char *p, size_t n, int flush, Out *o, int *errp) {
    z_stream *zs = &d->zs;
    size_t left = n;
    zs->next_in = (Bytef *)p;
    int err = Z_OK;
    do {
        in_refill(zs, &left);
        do {
            if (!out_arrange(o, zs)) return -1;
            if (zs->avail_out == 0) goto save;   /* max_length reached */
            err = inflate(zs, flush);
            out_count(o, zs);
            if (err == Z_NEED_DICT && d->zdict) {
                if (set_zdict(d) < 0) return -1;
                continue;   /* the loop goes on while err is Z_NEED_DICT */
            }
            if (err == Z_MEM_ERROR) {
                err_set(&exc_MemoryError, "Out of memory while decompressing data");
                return -1;
            }
            if (err != Z_OK && err != Z_BUF_ERROR && err != Z_STREAM_END) goto save;
        } while (zs->avail_out == 0 || err == Z_NEED_DICT);
    } while (err != Z_STREAM_END && left);
save:;
    /* input not yet given to zlib counts as unconsumed too */
    size_t rest = zs->avail_in + left;
    const char *tail = (const char *)zs->next_in;
    if (err == Z_STREAM_END) {
        if (rest) {
            size_t un = (size_t)bytes_size(d->unused_data);
            Value u = bytes_alloc(un + rest);
            memcpy(V_AS(BytesObject, u)->data, bytes_data(d->unused_data), un);
            memcpy(V_AS(BytesObject, u)->data + un, tail, rest);
            d->unused_data = u;
        }
        zs->avail_in = 0;
        rest = 0;
    }
    if (rest || bytes_size(d->unconsumed_tail)) d->unconsumed_tail = bytes_new(tail, rest);
    *errp = err;
    return 0;
}

static Value decomp_decompress(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"decompress", 1, 1, 0, {"", "max_length", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    DecompObject *d = V_AS(DecompObject, args[0]);
    const char *p;
    int64_t n, maxlen;
    if (!data_arg(a[0], &p, &n) || ssize_arg(a[1], 0, &maxlen) < 0) return VNULL;
    if (maxlen < 0) return err_set(&exc_ValueError, "max_length must be non-negative");
    Out o;
    if (!out_init(&o, 32 << 10, (size_t)maxlen)) return VNULL;
    int err;
    if (decomp_run(d, p, (size_t)n, Z_SYNC_FLUSH, &o, &err) < 0) return VNULL;
    if (err == Z_STREAM_END) d->eof = true;
    else if (err != Z_OK && err != Z_BUF_ERROR) return zerr(&d->zs, err, "while decompressing data");
    return out_bytes(&o);
}

static Value decomp_flush(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"flush", 0, 0, 0, {"", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    DecompObject *d = V_AS(DecompObject, args[0]);
    int64_t length;
    if (ssize_arg(a[0], 16384, &length) < 0) return VNULL;
    if (length <= 0) return err_set(&exc_ValueError, "length must be greater than zero");
    Value tailv = d->unconsumed_tail;
    Out o;
    if (!out_init(&o, (size_t)length, 0)) return VNULL;
    int err;
    if (decomp_run(d, bytes_data(tailv), (size_t)bytes_size(tailv), Z_FINISH, &o, &err) < 0) return VNULL;
    if (err == Z_STREAM_END) {
        d->eof = true;
        d->inited = false;
        err = inflateEnd(&d->zs);
        if (err != Z_OK) return zerr(&d->zs, err, "while finishing decompression");
    }
    return out_bytes(&o);
}

static Value decomp_copy(Value self) {
    DecompObject *d = V_AS(DecompObject, self);
    if (!d->inited) return err_set(&exc_ValueError, "Inconsistent stream state");
    DecompObject *r = (DecompObject *)obj_alloc(&decomp_type, sizeof(DecompObject));
    int err = inflateCopy(&r->zs, &d->zs);
    if (err == Z_STREAM_ERROR) return err_set(&exc_ValueError, "Inconsistent stream state");
    if (err == Z_MEM_ERROR) return err_set(&exc_MemoryError, "Can't allocate memory for decompression object");
    if (err != Z_OK) return zerr(&d->zs, err, "while copying decompression object");
    r->inited = true;
    r->eof = d->eof;
    r->unused_data = d->unused_data;
    r->unconsumed_tail = d->unconsumed_tail;
    r->zdict = d->zdict;
    return V_FROM_PTR(r);
}
static Value decomp_copy0(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"copy", 0, 0, 0, {NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return decomp_copy(args[0]);
}
static Value decomp_deepcopy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"__deepcopy__", 1, 1, 0, {"", NULL}};
    Value a[1];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    return decomp_copy(args[0]);
}
static Value decomp_get_unused(Value self) { return V_AS(DecompObject, self)->unused_data; }
static Value decomp_get_tail(Value self) { return V_AS(DecompObject, self)->unconsumed_tail; }
static Value decomp_get_eof(Value self) { return V_AS(DecompObject, self)->eof ? V_TRUE : V_FALSE; }

/* ---- checksums ------------------------------------------------------------------------------ */
/* unsigned int, bitwise: the low 32 bits of any int */
static int u32_arg(Value v, uint32_t dflt, uint32_t *out) {
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
    if (v_is_int(i)) {
        *out = (uint32_t)(uint64_t)v_intval(i);
        return 0;
    }
    mpz_t z;
    mpz_init(z);
    int_to_mpz(i, z);
    mpz_fdiv_r_2exp(z, z, 32);
    *out = (uint32_t)mpz_get_ui(z);
    mpz_clear(z);
    return 0;
}
static Value checksum(Value *args, size_t nargs, Value kwnames, const ArgSpec *spec, uint32_t init,
                      uLong (*fn)(uLong, const Bytef *, uInt)) {
    Value a[2];
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return VNULL;
    const char *p;
    int64_t n;
    uint32_t v;
    if (!data_arg(a[0], &p, &n) || u32_arg(a[1], init, &v) < 0) return VNULL;
    uLong s = v;
    while (n > 0) {
        uInt c = n > (int64_t)(1u << 30) ? (1u << 30) : (uInt)n;
        s = fn(s, (const Bytef *)p, c);
        p += c;
        n -= c;
    }
    return int_from_u64((uint32_t)s);
}
static const ArgSpec z_crc32_spec = {"crc32", 2, 1, 0, {"data", "value=0", NULL}};
static Value z_crc32(Value *args, size_t nargs, Value kwnames) {
    return checksum(args, nargs, kwnames, &z_crc32_spec, 0, crc32);
}
static const ArgSpec z_adler32_spec = {"adler32", 2, 1, 0, {"data", "value=1", NULL}};
static Value z_adler32(Value *args, size_t nargs, Value kwnames) {
    return checksum(args, nargs, kwnames, &z_adler32_spec, 1, adler32);
}

/* ---- module --------------------------------------------------------------------------------- */
static const MethodDef comp_methods[] = {
    {"compress", comp_compress, MF_KEYWORDS, NULL},
    {"flush", comp_flush, MF_KEYWORDS, NULL},
    {"copy", comp_copy0, MF_KEYWORDS, NULL},
    {"__copy__", comp_copy0, MF_KEYWORDS, NULL},
    {"__deepcopy__", comp_deepcopy, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const MethodDef decomp_methods[] = {
    {"decompress", decomp_decompress, MF_KEYWORDS, NULL},
    {"flush", decomp_flush, MF_KEYWORDS, NULL},
    {"copy", decomp_copy0, MF_KEYWORDS, NULL},
    {"__copy__", decomp_copy0, MF_KEYWORDS, NULL},
    {"__deepcopy__", decomp_deepcopy, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};
static const GetSetDef decomp_getsets[] = {
    {"unused_data", decomp_get_unused, NULL, NULL},
    {"unconsumed_tail", decomp_get_tail, NULL, NULL},
    {"eof", decomp_get_eof, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};
static Type comp_type = {
    .tname = "zlib.Compress",
    .basicsize = sizeof(CompObject),
    .flags = TF_ABSTRACT_NEW,
};
static Type decomp_type = {
    .tname = "zlib.Decompress",
    .basicsize = sizeof(DecompObject),
    .flags = TF_ABSTRACT_NEW,
};
static const MethodDef zlib_functions[] = {
    {"compress", z_compress, MF_KEYWORDS, NULL, &z_compress_spec},
    {"decompress", z_decompress, MF_KEYWORDS, NULL, &z_decompress_spec},
    {"compressobj", z_compressobj, MF_KEYWORDS, NULL, &z_compressobj_spec},
    {"decompressobj", z_decompressobj, MF_KEYWORDS, NULL, &z_decompressobj_spec},
    {"crc32", z_crc32, MF_KEYWORDS, NULL, &z_crc32_spec},
    {"adler32", z_adler32, MF_KEYWORDS, NULL, &z_adler32_spec},
    {NULL, NULL, 0, NULL},
};

Value zlib_module_create(void) {
    if (!(comp_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("zlib");
        comp_type.name = str_intern_cstr("Compress");
        comp_type.module = mod;
        type_add_methods(&comp_type, comp_methods);
        type_ready(&comp_type);
        decomp_type.name = str_intern_cstr("Decompress");
        decomp_type.module = mod;
        type_add_methods(&decomp_type, decomp_methods);
        type_add_getsets(&decomp_type, decomp_getsets);
        type_ready(&decomp_type);
    }
    if (!zlib_error) {
        Value bases = tuple_from_array((Value[]){V_FROM_PTR(&exc_Exception)}, 1);
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("zlib"));
        zlib_error = type_new_class(&type_type, str_from_cstr("error"), bases, ns, VNULL);
        if (!zlib_error) return VNULL;
    }
    Value m = module_new_cstr("zlib");
    module_add_functions(m, zlib_functions);
    module_add(m, "error", zlib_error);
    static const struct { const char *name; int v; } ints[] = {
        {"MAX_WBITS", MAX_WBITS}, {"DEFLATED", Z_DEFLATED}, {"DEF_MEM_LEVEL", 8},
        {"DEF_BUF_SIZE", 16384}, {"Z_NO_COMPRESSION", Z_NO_COMPRESSION}, {"Z_BEST_SPEED", Z_BEST_SPEED},
        {"Z_BEST_COMPRESSION", Z_BEST_COMPRESSION}, {"Z_DEFAULT_COMPRESSION", Z_DEFAULT_COMPRESSION},
        {"Z_FILTERED", Z_FILTERED}, {"Z_HUFFMAN_ONLY", Z_HUFFMAN_ONLY}, {"Z_RLE", Z_RLE},
        {"Z_FIXED", Z_FIXED}, {"Z_DEFAULT_STRATEGY", Z_DEFAULT_STRATEGY}, {"Z_NO_FLUSH", Z_NO_FLUSH},
        {"Z_PARTIAL_FLUSH", Z_PARTIAL_FLUSH}, {"Z_SYNC_FLUSH", Z_SYNC_FLUSH}, {"Z_FULL_FLUSH", Z_FULL_FLUSH},
        {"Z_FINISH", Z_FINISH}, {"Z_BLOCK", Z_BLOCK}, {"Z_TREES", Z_TREES},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) module_add(m, ints[i].name, v_int(ints[i].v));
    module_add(m, "ZLIB_VERSION", str_from_cstr(ZLIB_VERSION));
    module_add(m, "ZLIB_RUNTIME_VERSION", str_from_cstr(zlibVersion()));
    module_add(m, "__version__", str_from_cstr("1.0"));
    return m;
}
