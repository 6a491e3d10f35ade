/* codecache.c: the bytecode cache, so that a module is compiled once, not
 * at every start.
 *
 * A source file m.py has its cache file beside it, __pycache__/m.tpy-311.pyc
 * (the name importlib.util.cache_from_source gives with tpy's cache_tag),
 * or, when that directory cannot be written, under the user's cache
 * directory, $XDG_CACHE_HOME/tpy (default ~/.cache/tpy) followed by the
 * source directory's real absolute path. With sys.pycache_prefix set
 * (-X pycache_prefix, PYTHONPYCACHEPREFIX) the one place is
 * PREFIX/<absolute source directory>/m.tpy-311.pyc, as in CPython.
 *
 * The file (all numbers little-endian) has CPython's 16-byte .pyc header,
 * so that CPython's own readers of it (importlib's _classify_pyc and
 * _validate_*_pyc, pkgutil.read_code, py_compile's and compileall's tests)
 * find their fields where they expect them, followed by what marshal.dumps
 * writes for a code object (type code 'C', the blob's length, the blob):
 *
 *    0  magic        4  u16 derived from TPY_BYTECODE_VERSION and the opcode
 *                       table's text (vm/opcodes.h), then "\r\n"
 *    4  flags        4  CPython's: 0 timestamp-based; 1 hash-based
 *                       (unchecked), 3 hash-based checked against the source
 *    8  mtime        4  the source's mtime, seconds, low 32 bits; or, with
 *   12  size         4  the source's size, low 32 bits      ) flags 1 or 3, the
 *                                                             8-byte source hash
 *   16  'C'          1  marshal's type code for a tpy code object
 *   17  length       4  the blob's length: the file is 21 + length bytes
 *   21  blob            (below; its header is BLOB_HEADER bytes)
 *
 * The blob, which marshal.dumps() writes for a code object too:
 *    0  magic        2  the u16 above
 *    2  build        4  TPY_COMPILER_ID: a hash of the compiler's sources,
 *                       made by the Makefile (a rebuilt compiler may emit
 *                       other code with the same opcodes)
 *    6  format       4  CODECACHE_FORMAT, this layout
 *   10  optimize     4  the -O level the code was compiled under
 *   14  mtime        8  the source's mtime, seconds (signed); a hash-based
 *                       file's: the source's hash (codecache_source_hash)
 *   22  mtime_ns     4  and nanoseconds (CODECACHE_NS_UNKNOWN: seconds only;
 *                       CODECACHE_NS_HASH_CHECKED or _UNCHECKED: hash-based)
 *   26  size         8  the source's size in bytes
 *   34  crc          4  CRC-32C (Castagnoli) of the payload
 *   38  payload         co_filename as the compiler gave it, then the code
 *                       object (below)
 * marshal.dumps() writes the -O level it runs under, mtime 0, mtime_ns
 * CODECACHE_NS_UNKNOWN and size 0; marshal.loads() checks magic, build,
 * format and CRC only.
 *
 * A file is used only when all of the header matches (the source's mtime to
 * the nanosecond and its size, as stat gives them now) and the payload's
 * CRC is right; otherwise it is ignored and, after compiling, rewritten.
 * Files that importlib's Python code writes (py_compile, compileall, a
 * program's own loader) know the mtime that path_stats gives, in seconds:
 * their nanoseconds are CODECACHE_NS_UNKNOWN, and the seconds are
 * compared alone, as CPython compares them.
 * The payload is parsed with every read bounds-checked and every count
 * checked against what remains; the code objects it builds are checked as
 * the compiler's output would be (opcodes, jump targets, indexes of
 * constants, names, locals, cells and caches), so a file that passes the
 * CRC by chance still cannot make the interpreter read out of bounds.
 *
 * Writers write a temporary file in the target directory and rename it
 * over the cache file: a reader opens either the old file or the new one,
 * whole, and concurrent writers (many tpy processes importing the same
 * module) each rename a complete file; the last one wins.
 *
 * Payload: one value, tag byte first; unsigned numbers are LEB128 varints,
 * signed ones zigzag varints.
 *   N T F .         None, True, False, Ellipsis
 *   i zz            int that fits 64 bits;  I sign(u8) n(v) n bytes (big-endian magnitude)
 *   f 8 bytes       float (IEEE bits);       x 16 bytes  complex
 *   s n bytes       str;  S n bytes: an interned str, which gets the next
 *                   index in the string table;  R index: that str again
 *   b n bytes       bytes;  ( n items: tuple;  > n items: frozenset
 *   c ...           code object (write_code below); co_filename is
 *                   stored once, before the code (marshal.loads gives it
 *                   back); a cache file's loader gives the source path
 *                   instead, for every nested code object too (CPython's
 *                   _fix_co_filename)
 * Inline caches are stored as their names only and start empty; the JIT's
 * fields start empty.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <string.h>

#include "../runtime.h"
#include "../vm/config.h"
#include "../vm/traceback.h"
#include "../front/compiler.h"
#include "codecache.h"
#include "opcodes.h"

#include "../../build/compiler_id.h"   /* TPY_COMPILER_ID, made by the Makefile */

/* this file's layout (the header and payload above): bump on any change */
#define CODECACHE_FORMAT 3
#define PYC_HEADER 16                   /* CPython's part */
#define BLOB_START (PYC_HEADER + 5)     /* after 'C' and the blob's length */
#define BLOB_HEADER 38
#define HEADER_SIZE (BLOB_START + BLOB_HEADER)
#define MAX_DEPTH 200                /* nesting of tuples and code objects */
#define MAX_FILE (1u << 30)

extern Value sys_module;

/* ---- checksum ------------------------------------------------------------------------ */

/* CRC-32C (the Castagnoli polynomial, reflected, as iSCSI and ext4 use it):
 * x86-64's SSE 4.2 computes it eight bytes an instruction, where zlib's
 * CRC-32 takes about one instruction a byte, and every start-up checks a
 * few hundred kilobytes of cache files. Machines without SSE 4.2 get the
 * same value from a table. */
static uint32_t crc32c_table[256];

static uint32_t crc32c_soft(uint32_t crc, const unsigned char *p, size_t n) {
    if (!crc32c_table[1])
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++) c = c & 1 ? (c >> 1) ^ 0x82F63B78u : c >> 1;
            crc32c_table[i] = c;
        }
    while (n--) crc = crc32c_table[(crc ^ *p++) & 0xFF] ^ (crc >> 8);
    return crc;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) static uint32_t crc32c_sse42(uint32_t crc, const unsigned char *p, size_t n) {
    uint64_t c = crc;
    for (; n >= 8; n -= 8, p += 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        c = __builtin_ia32_crc32di(c, w);
    }
    uint32_t c32 = (uint32_t)c;
    for (; n; n--) c32 = __builtin_ia32_crc32qi(c32, *p++);
    return c32;
}
#endif

static uint32_t crc32c(const void *data, size_t n) {
    const unsigned char *p = data;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("sse4.2")) return ~crc32c_sse42(~0u, p, n);
#endif
    return ~crc32c_soft(~0u, p, n);
}

/* ---- magic ---------------------------------------------------------------------------- */

#define OP_TEXT(name, flags) #name "=" #flags ";"
static const char opcode_table_text[] = OPCODE_DEF(OP_TEXT);
#undef OP_TEXT

static uint32_t fnv1a(uint32_t h, const void *p, size_t n) {
    for (size_t i = 0; i < n; i++) h = (h ^ ((const unsigned char *)p)[i]) * 16777619u;
    return h;
}

static uint16_t magic16(void) {
    static uint32_t magic;   /* bit 16 set once computed */
    if (!magic) {
        uint32_t v = TPY_BYTECODE_VERSION, h = fnv1a(2166136261u, &v, sizeof v);
        h = fnv1a(h, opcode_table_text, sizeof opcode_table_text - 1);
        magic = 0x10000u | (uint16_t)(h ^ (h >> 16));
    }
    return (uint16_t)magic;
}

uint64_t codecache_source_hash(uint64_t key, const char *p, size_t n) {
    return hash_bytes_keyed(key, p, n);   /* CPython's (_imp.source_hash) */
}

/* importlib's _RAW_MAGIC_NUMBER: the magic number's bytes, little-endian */
static uint64_t raw_magic(void) {
    uint16_t m = magic16();
    return (uint64_t)m | (uint64_t)'\r' << 16 | (uint64_t)'\n' << 24;
}

static bool is_hash_kind(uint32_t ns) { return ns == CODECACHE_NS_HASH_CHECKED || ns == CODECACHE_NS_HASH_UNCHECKED; }

Value codecache_magic(void) {
    uint16_t m = magic16();
    char b[4] = {(char)(m & 0xFF), (char)(m >> 8), '\r', '\n'};
    return bytes_new(b, 4);
}

/* ---- writing -------------------------------------------------------------------------- */

typedef struct Writer {
    Buf *out;
    Value strtab;       /* dict: interned str -> index */
    int depth;
} Writer;

static void put_u32(Buf *b, uint32_t x) {
    char c[4] = {(char)x, (char)(x >> 8), (char)(x >> 16), (char)(x >> 24)};
    buf_put(b, c, 4);
}
static void put_u64(Buf *b, uint64_t x) {
    put_u32(b, (uint32_t)x);
    put_u32(b, (uint32_t)(x >> 32));
}
static void put_uv(Buf *b, uint64_t x) {
    while (x >= 0x80) {
        buf_putc(b, (char)(x | 0x80));
        x >>= 7;
    }
    buf_putc(b, (char)x);
}
static void put_sv(Buf *b, int64_t x) { put_uv(b, ((uint64_t)x << 1) ^ (uint64_t)(x >> 63)); }

static bool write_value(Writer *w, Value v);

static bool write_items(Writer *w, const Value *items, int64_t n) {
    put_uv(w->out, (uint64_t)n);
    for (int64_t i = 0; i < n; i++)
        if (!write_value(w, items[i])) return false;
    return true;
}

static bool write_str(Writer *w, Value s) {
    if (V_AS(StrObject, s)->interned) {
        Value idx = dict_get(w->strtab, s);
        if (idx) {
            buf_putc(w->out, 'R');
            put_uv(w->out, (uint64_t)v_intval(idx));
            return true;
        }
        dict_set(w->strtab, s, v_int(dict_size(w->strtab)));
        buf_putc(w->out, 'S');
    } else {
        buf_putc(w->out, 's');
    }
    put_uv(w->out, (uint64_t)str_nbytes(s));
    buf_put(w->out, str_data(s), (size_t)str_nbytes(s));
    return true;
}

/*   c name qualname firstlineno(zz) argcount posonly kwonly nlocals ncells nfrees
 *     stacksize flags attr_hint(zz) ncode code[ncode](u32) consts names varnames
 *     cellvars freevars cell2arg(0 | 1 then ncells zz) locations[ncode]
 *     nexc (start end target depth lasti)[nexc] ncaches cachename[ncaches]
 * A location is (line - previous line, end_line - line, col, end_col), zz. */
static bool write_code(Writer *w, CodeObject *co) {
    Buf *b = w->out;
    buf_putc(b, 'c');
    if (!write_value(w, co->name) || !write_value(w, co->qualname)) return false;
    put_sv(b, co->firstlineno);
    put_uv(b, (uint32_t)co->argcount);
    put_uv(b, (uint32_t)co->posonlyargcount);
    put_uv(b, (uint32_t)co->kwonlyargcount);
    put_uv(b, (uint32_t)co->nlocals);
    put_uv(b, (uint32_t)co->ncells);
    put_uv(b, (uint32_t)co->nfrees);
    put_uv(b, (uint32_t)co->stacksize);
    put_uv(b, co->flags);
    put_sv(b, co->attr_hint);
    put_uv(b, (uint32_t)co->ncode);
    for (int32_t i = 0; i < co->ncode; i++) put_u32(b, co->code[i]);
    if (!write_value(w, co->consts) || !write_value(w, co->names) || !write_value(w, co->varnames) ||
        !write_value(w, co->cellvars) || !write_value(w, co->freevars))
        return false;
    buf_putc(b, co->cell2arg ? 1 : 0);
    if (co->cell2arg)
        for (int32_t i = 0; i < co->ncells; i++) put_sv(b, co->cell2arg[i]);
    int32_t prev = co->firstlineno;
    for (int32_t i = 0; i < co->ncode; i++) {
        Location l = co->locations[i];
        put_sv(b, (int64_t)l.line - prev);
        put_sv(b, (int64_t)l.end_line - l.line);
        put_sv(b, l.col);
        put_sv(b, l.end_col);
        prev = l.line;
    }
    put_uv(b, (uint32_t)co->nexctable);
    for (int32_t i = 0; i < co->nexctable; i++) {
        ExcTableEntry *e = &co->exctable[i];
        put_uv(b, e->start);
        put_uv(b, e->end);
        put_uv(b, e->target);
        put_uv(b, e->depth);
        put_uv(b, e->lasti);
    }
    put_uv(b, (uint32_t)co->ncaches);
    for (int32_t i = 0; i < co->ncaches; i++) {
        Value name = co->caches[i].name;
        if (name && !str_check_exact(name)) return false;
        if (!name) buf_putc(b, 'N');
        else if (!write_str(w, name)) return false;
    }
    return true;
}

static bool write_value(Writer *w, Value v) {
    Buf *b = w->out;
    if (v == V_NONE) buf_putc(b, 'N');
    else if (v == V_TRUE) buf_putc(b, 'T');
    else if (v == V_FALSE) buf_putc(b, 'F');
    else if (v == V_ELLIPSIS) buf_putc(b, '.');
    else if (v_is_int(v)) {
        buf_putc(b, 'i');
        put_sv(b, v_intval(v));
    } else if (float_check_exact(v)) {   /* before the pointer test: small floats are immediate */
        buf_putc(b, 'f');
        put_u64(b, double_bits(float_val(v)));
    } else if (!v_is_ptr(v) || !v) {
        return false;
    } else if (int_check_exact(v)) {
        mpz_srcptr z = V_AS(BigIntObject, v)->z;
        size_t n = (mpz_sizeinbase(z, 2) + 7) / 8;
        char *mag = gc_alloc_atomic(n ? n : 1);
        size_t count = 0;
        mpz_export(mag, &count, 1, 1, 1, 0, z);
        buf_putc(b, 'I');
        buf_putc(b, mpz_sgn(z) < 0 ? 1 : 0);
        put_uv(b, count);
        buf_put(b, mag, count);
    } else if (complex_check_exact(v)) {
        buf_putc(b, 'x');
        put_u64(b, double_bits(complex_val(v).re));
        put_u64(b, double_bits(complex_val(v).im));
    } else if (str_check_exact(v)) {
        return write_str(w, v);
    } else if (bytes_check_exact(v)) {
        buf_putc(b, 'b');
        put_uv(b, (uint64_t)bytes_size(v));
        buf_put(b, bytes_data(v), (size_t)bytes_size(v));
    } else if (tuple_check_exact(v) || V_OBJ(v)->type == &frozenset_type || code_check(v)) {
        if (++w->depth > MAX_DEPTH) return false;
        bool ok;
        if (tuple_check_exact(v)) {
            buf_putc(b, '(');
            ok = write_items(w, tuple_items(v), tuple_size(v));
        } else if (code_check(v)) {
            ok = write_code(w, V_AS(CodeObject, v));
        } else {
            buf_putc(b, '>');
            Value items = list_new(set_size(v));
            int64_t pos = 0;
            Value k;
            while (set_next(v, &pos, &k)) list_append(items, k);
            ok = write_items(w, list_items(items), list_size(items));
        }
        w->depth--;
        return ok;
    } else {
        return false;
    }
    return true;
}

/* The blob's header (see the top of the file) */
static void put_blob_header(Buf *b, int64_t mtime_s, uint32_t mtime_ns, uint64_t size, uint32_t crc) {
    uint16_t m = magic16();
    buf_putc(b, (char)(m & 0xFF));
    buf_putc(b, (char)(m >> 8));
    put_u32(b, TPY_COMPILER_ID);
    put_u32(b, CODECACHE_FORMAT);
    put_u32(b, (uint32_t)tpy_config.optimize);
    put_u64(b, (uint64_t)mtime_s);
    put_u32(b, mtime_ns);
    put_u64(b, size);
    put_u32(b, crc);
}

/* The blob (header and payload: co_filename, then co) into out; false when
 * co holds a constant the format cannot */
static bool put_blob(CodeObject *co, int64_t mtime_s, uint32_t mtime_ns, uint64_t size, Buf *out) {
    Buf payload;
    buf_init(&payload, 4096);
    Writer w = {&payload, dict_new(), 0};
    if (!str_check_exact(co->filename) || !write_value(&w, co->filename) || !write_value(&w, V_FROM_PTR(co)) ||
        payload.len > MAX_FILE)
        return false;
    uint32_t crc = crc32c(payload.data, payload.len);
    put_blob_header(out, mtime_s, mtime_ns, size, crc);
    buf_put(out, payload.data, payload.len);
    return true;
}

bool codecache_file_data(CodeObject *co, int64_t mtime_s, uint32_t mtime_ns, uint64_t size, Buf *out) {
    Buf blob;
    buf_init(&blob, 4096);
    if (!put_blob(co, mtime_s, mtime_ns, size, &blob)) return false;
    uint16_t m = magic16();
    buf_putc(out, (char)(m & 0xFF));
    buf_putc(out, (char)(m >> 8));
    buf_put(out, "\r\n", 2);
    if (is_hash_kind(mtime_ns)) {
        /* CPython's flags: bit 0 hash-based, bit 1 checked */
        put_u32(out, mtime_ns == CODECACHE_NS_HASH_CHECKED ? 3 : 1);
        put_u64(out, (uint64_t)mtime_s);
    } else {
        put_u32(out, 0);
        put_u32(out, (uint32_t)mtime_s);
        put_u32(out, (uint32_t)size);
    }
    buf_putc(out, 'C');
    put_u32(out, (uint32_t)blob.len);
    buf_put(out, blob.data, blob.len);
    return true;
}

/* ---- reading -------------------------------------------------------------------------- */

typedef struct Reader {
    const unsigned char *p, *end;
    Value strtab;       /* list: the interned strs in order */
    Value filename;
    int depth;
    bool bad;           /* set once; every read after it returns zeros */
} Reader;

static bool need(Reader *r, size_t n) {
    if (r->bad || (size_t)(r->end - r->p) < n) {
        r->bad = true;
        return false;
    }
    return true;
}
static uint32_t get_u32_at(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t get_u64_at(const unsigned char *p) { return get_u32_at(p) | (uint64_t)get_u32_at(p + 4) << 32; }
static uint64_t get_u64(Reader *r) {
    if (!need(r, 8)) return 0;
    uint64_t x = get_u64_at(r->p);
    r->p += 8;
    return x;
}
static inline uint64_t get_uv(Reader *r) {
    /* most numbers of a code object (location deltas, small operands)
       take one byte */
    if (!r->bad && r->p < r->end && !(*r->p & 0x80)) return *r->p++;
    uint64_t x = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (!need(r, 1)) return 0;
        unsigned char c = *r->p++;
        x |= (uint64_t)(c & 0x7F) << shift;
        if (!(c & 0x80)) return x;
    }
    r->bad = true;
    return 0;
}
static inline int64_t get_sv(Reader *r) {
    uint64_t u = get_uv(r);
    return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}
/* a count of items each at least `min_bytes` long that the rest can hold */
static int64_t get_count(Reader *r, size_t min_bytes) {
    uint64_t n = get_uv(r);
    if (r->bad || n > (uint64_t)(r->end - r->p) / (min_bytes ? min_bytes : 1)) {
        r->bad = true;
        return 0;
    }
    return (int64_t)n;
}
/* a non-negative int32 field */
static int32_t get_i32(Reader *r) {
    uint64_t n = get_uv(r);
    if (n > INT32_MAX) r->bad = true;
    return r->bad ? 0 : (int32_t)n;
}
static inline int32_t get_si32(Reader *r) {
    int64_t n = get_sv(r);
    if (n < INT32_MIN || n > INT32_MAX) r->bad = true;
    return r->bad ? 0 : (int32_t)n;
}

static Value read_value(Reader *r);

static Value bad(Reader *r) {
    r->bad = true;
    return VNULL;
}

static Value read_str_body(Reader *r, bool interned) {
    int64_t n = get_count(r, 1);
    if (r->bad) return VNULL;
    Value s = str_new((const char *)r->p, (size_t)n);
    r->p += n;
    if (interned) {
        s = str_intern(s);
        list_append(r->strtab, s);
    }
    return s;
}

static bool all_str(Value t) {
    for (int64_t i = 0; i < tuple_size(t); i++)
        if (!str_check_exact(tuple_get(t, i))) return false;
    return true;
}

/* The checks that make a code object safe to run: every index an
 * instruction, the exception table or cell2arg holds is in range. */
static bool code_valid(CodeObject *co) {
    if (co->ncode < 1 || co->nlocals != tuple_size(co->varnames) || co->ncells != tuple_size(co->cellvars) ||
        co->nfrees != tuple_size(co->freevars) || co->argcount < co->posonlyargcount ||
        (int64_t)co->argcount + co->kwonlyargcount > co->nlocals || co->stacksize < 0)
        return false;
    int64_t nconsts = tuple_size(co->consts), nnames = tuple_size(co->names);
    int64_t nderef = (int64_t)co->ncells + co->nfrees;
    for (int32_t i = 0; i < co->ncode; i++) {
        uint32_t w = co->code[i];
        unsigned op = w & 0xFF, arg = INSTR_ARG(w);
        if (op >= OP__COUNT) return false;
        unsigned char fl = opcode_flags[op];
        if ((fl & OPF_JUMP) && arg >= (unsigned)co->ncode) return false;
        if ((fl & OPF_CACHE) && arg >= (unsigned)co->ncaches) return false;
        if ((fl & OPF_NAME) && arg >= nnames) return false;
        switch (op) {
        case OP_LOAD_CONST:
            if (arg >= nconsts) return false;
            break;
        case OP_LOAD_FAST:
        case OP_STORE_FAST:
        case OP_DELETE_FAST:
            if (arg >= (unsigned)co->nlocals) return false;
            break;
        case OP_LOAD_DEREF:
        case OP_STORE_DEREF:
        case OP_DELETE_DEREF:
        case OP_LOAD_CLOSURE:
        case OP_LOAD_CLASSDEREF:
            if (arg >= nderef) return false;
            break;
        default: break;
        }
    }
    for (int32_t i = 0; i < co->nexctable; i++) {
        ExcTableEntry *e = &co->exctable[i];
        if (e->start > e->end || e->end > (uint32_t)co->ncode || e->target >= (uint32_t)co->ncode ||
            e->depth > co->stacksize || e->lasti > 1)
            return false;
        if (i > 0 && e->start < co->exctable[i - 1].end) return false;
    }
    if (co->cell2arg)
        for (int32_t i = 0; i < co->ncells; i++)
            if (co->cell2arg[i] < -1 || co->cell2arg[i] >= co->nlocals) return false;
    return true;
}

static Value read_tuple_of_str(Reader *r) {
    Value t = read_value(r);
    if (!t || !tuple_check_exact(t) || !all_str(t)) return bad(r);
    return t;
}

static Value read_code(Reader *r) {
    CodeObject *co = (CodeObject *)obj_alloc(&code_type, sizeof(CodeObject));
    co->name = read_value(r);
    co->qualname = read_value(r);
    if (r->bad || !str_check_exact(co->name) || !str_check_exact(co->qualname)) return bad(r);
    co->filename = r->filename;
    co->firstlineno = get_si32(r);
    co->argcount = get_i32(r);
    co->posonlyargcount = get_i32(r);
    co->kwonlyargcount = get_i32(r);
    co->nlocals = get_i32(r);
    co->ncells = get_i32(r);
    co->nfrees = get_i32(r);
    co->stacksize = get_i32(r);
    uint64_t flags = get_uv(r);
    co->flags = (uint32_t)flags;
    co->attr_hint = get_si32(r);
    co->ncode = (int32_t)get_count(r, 4);
    if (r->bad || flags > UINT32_MAX || co->ncode > INSTR_ARG_MAX) return bad(r);
    /* one word past the end, zero (as the compiler's buffers have room for) */
    co->code = gc_alloc_atomic(sizeof(uint32_t) * ((size_t)co->ncode + 1));
    /* get_count checked that 4 * ncode bytes remain */
    for (int32_t i = 0; i < co->ncode; i++) co->code[i] = get_u32_at(r->p + 4 * (size_t)i);
    r->p += 4 * (size_t)co->ncode;
    co->code[co->ncode] = 0;
    co->consts = read_value(r);
    if (!co->consts || !tuple_check_exact(co->consts)) return bad(r);
    co->names = read_tuple_of_str(r);
    co->varnames = read_tuple_of_str(r);
    co->cellvars = read_tuple_of_str(r);
    co->freevars = read_tuple_of_str(r);
    if (r->bad || co->ncells != tuple_size(co->cellvars)) return bad(r);
    if (!need(r, 1)) return VNULL;
    unsigned char has_c2a = *r->p++;
    if (has_c2a > 1 || (has_c2a && (size_t)co->ncells > (size_t)(r->end - r->p))) return bad(r);
    if (has_c2a) {
        co->cell2arg = gc_alloc_atomic(sizeof(int32_t) * ((size_t)co->ncells + 1));
        for (int32_t i = 0; i < co->ncells; i++) co->cell2arg[i] = get_si32(r);
    }
    if ((size_t)co->ncode > (size_t)(r->end - r->p) / 4) return bad(r);
    co->locations = gc_alloc_atomic(sizeof(Location) * ((size_t)co->ncode + 1));
    int64_t prev = co->firstlineno;
    for (int32_t i = 0; i < co->ncode; i++) {
        Location *l = &co->locations[i];
        int64_t d1 = get_sv(r), d2 = get_sv(r);   /* bounded first: the sums cannot overflow */
        if (d1 < INT32_MIN * 2LL || d1 > INT32_MAX * 2LL || d2 < INT32_MIN * 2LL || d2 > INT32_MAX * 2LL) return bad(r);
        int64_t line = d1 + prev, end_line = d2 + line;
        if (line < INT32_MIN || line > INT32_MAX || end_line < INT32_MIN || end_line > INT32_MAX) return bad(r);
        l->line = (int32_t)line;
        l->end_line = (int32_t)end_line;
        l->col = get_si32(r);
        l->end_col = get_si32(r);
        prev = line;
    }
    memset(&co->locations[co->ncode], 0, sizeof(Location));
    co->nexctable = (int32_t)get_count(r, 5);
    if (r->bad) return VNULL;
    co->exctable = gc_alloc_atomic(sizeof(ExcTableEntry) * ((size_t)co->nexctable + 1));
    for (int32_t i = 0; i < co->nexctable; i++) {
        ExcTableEntry *e = &co->exctable[i];
        uint64_t start = get_uv(r), end = get_uv(r), target = get_uv(r), depth = get_uv(r), lasti = get_uv(r);
        if (start > UINT32_MAX || end > UINT32_MAX || target > UINT32_MAX || depth > UINT16_MAX || lasti > 1)
            return bad(r);
        *e = (ExcTableEntry){(uint32_t)start, (uint32_t)end, (uint32_t)target, (uint16_t)depth, (uint8_t)lasti};
    }
    co->ncaches = (int32_t)get_count(r, 1);
    if (r->bad) return VNULL;
    co->caches = co->ncaches ? gc_alloc(sizeof(InlineCache) * (size_t)co->ncaches) : NULL;
    for (int32_t i = 0; i < co->ncaches; i++) {
        Value name = read_value(r);
        if (!name || (name != V_NONE && !str_check_exact(name))) return bad(r);
        co->caches[i].name = name == V_NONE ? VNULL : name;
    }
    if (r->bad || !code_valid(co)) return bad(r);
    return V_FROM_PTR(co);
}

static Value read_value(Reader *r) {
    if (!need(r, 1)) return VNULL;
    unsigned char tag = *r->p++;
    switch (tag) {
    case 'N': return V_NONE;
    case 'T': return V_TRUE;
    case 'F': return V_FALSE;
    case '.': return V_ELLIPSIS;
    case 'i': {
        int64_t x = get_sv(r);
        return r->bad ? VNULL : int_from_i64(x);
    }
    case 'I': {
        if (!need(r, 1)) return VNULL;
        unsigned char neg = *r->p++;
        int64_t n = get_count(r, 1);
        if (r->bad || neg > 1) return bad(r);
        mpz_t z;
        mpz_init(z);
        mpz_import(z, (size_t)n, 1, 1, 1, 0, r->p);
        r->p += n;
        if (neg) mpz_neg(z, z);
        Value v = int_from_mpz(z);
        mpz_clear(z);
        return v;
    }
    case 'f': {
        uint64_t bits = get_u64(r);
        return r->bad ? VNULL : float_from_double(bits_double(bits));
    }
    case 'x': {
        uint64_t re = get_u64(r), im = get_u64(r);
        return r->bad ? VNULL : complex_from(bits_double(re), bits_double(im));
    }
    case 's': return read_str_body(r, false);
    case 'S': return read_str_body(r, true);
    case 'R': {
        uint64_t i = get_uv(r);
        if (r->bad || i >= (uint64_t)list_size(r->strtab)) return bad(r);
        return list_get(r->strtab, (int64_t)i);
    }
    case 'b': {
        int64_t n = get_count(r, 1);
        if (r->bad) return VNULL;
        Value b = bytes_new((const char *)r->p, (size_t)n);
        r->p += n;
        return b;
    }
    case '(':
    case '>':
    case 'c': {
        if (++r->depth > MAX_DEPTH) return bad(r);
        Value v = VNULL;
        if (tag == 'c') {
            v = read_code(r);
        } else {
            int64_t n = get_count(r, 1);
            if (r->bad) return VNULL;
            v = tag == '(' ? tuple_new(n) : frozenset_new();
            for (int64_t i = 0; i < n; i++) {
                Value item = read_value(r);
                if (!item) return VNULL;
                if (tag == '(') {
                    tuple_items(v)[i] = item;
                } else if (set_add(v, item) < 0) {
                    err_clear();
                    return bad(r);
                }
            }
        }
        r->depth--;
        return v;
    }
    default: return bad(r);
    }
}

/* marshal's type code of a tpy code object, with or without the flag that
 * makes it a back-reference target (a file marshal.dumps wrote may have it) */
static bool is_code_tag(unsigned char c) { return (c & 0x7F) == 'C'; }

/* The blob at p[0:n] if its magic, build and format are this tpy's and its
 * payload's CRC is right; its header fields through the pointers */
static bool blob_ok(const unsigned char *p, size_t n) {
    uint16_t m = magic16();
    return n >= BLOB_HEADER && p[0] == (m & 0xFF) && p[1] == (m >> 8) && get_u32_at(p + 2) == TPY_COMPILER_ID &&
           get_u32_at(p + 6) == CODECACHE_FORMAT &&
           crc32c(p + BLOB_HEADER, n - BLOB_HEADER) == get_u32_at(p + 34);
}

/* The code in a blob's payload; filename (when given) names it and its
 * nested code objects in place of the co_filename stored */
static CodeObject *read_payload(const unsigned char *p, size_t n, Value filename) {
    Reader r = {p + BLOB_HEADER, p + n, list_new(64), VNULL, 0, false};
    Value stored = read_value(&r);
    if (r.bad || !stored || !str_check_exact(stored)) goto fail;
    r.filename = str_intern(filename ? filename : stored);
    Value v = read_value(&r);
    if (r.bad || !v || r.p != r.end || !code_check(v)) goto fail;
    return V_AS(CodeObject, v);
fail:
    if (err_occurred()) err_clear();
    return NULL;
}

/* The kind of file data[0:n] is (0: timestamp-based, else the
 * CODECACHE_NS_HASH_* of a hash-based one, whose hash *hash gets) */
static uint32_t file_hash_kind(const unsigned char *p, size_t n, uint64_t *hash) {
    if (n < PYC_HEADER) return 0;
    uint32_t flags = get_u32_at(p + 4);
    if (hash) *hash = get_u64_at(p + 8);
    return flags == 3 ? CODECACHE_NS_HASH_CHECKED : flags == 1 ? CODECACHE_NS_HASH_UNCHECKED : 0;
}

CodeObject *codecache_load_data(const char *data, size_t n, bool check_source, int64_t mtime_s, uint32_t mtime_ns,
                                uint64_t size, Value filename) {
    const unsigned char *p = (const unsigned char *)data;
    if (n < HEADER_SIZE) return NULL;
    uint16_t m = magic16();
    if (p[0] != (m & 0xFF) || p[1] != (m >> 8) || p[2] != '\r' || p[3] != '\n' || !is_code_tag(p[PYC_HEADER]) ||
        get_u32_at(p + PYC_HEADER + 1) != n - BLOB_START)
        return NULL;
    const unsigned char *b = p + BLOB_START;
    uint32_t flags = get_u32_at(p + 4), kind = file_hash_kind(p, n, NULL);
    if ((flags != 0 && !kind) || get_u32_at(b + 10) != (uint32_t)tpy_config.optimize ||
        (check_source && (kind || get_u64_at(b + 14) != (uint64_t)mtime_s || get_u64_at(b + 26) != size ||
                          (get_u32_at(b + 22) != mtime_ns && get_u32_at(b + 22) != CODECACHE_NS_UNKNOWN &&
                           mtime_ns != CODECACHE_NS_UNKNOWN))))
        return NULL;
    /* CPython's fields agree with the blob's (readers of either see one file) */
    if (kind ? get_u64_at(p + 8) != get_u64_at(b + 14)
             : get_u32_at(p + 8) != (uint32_t)get_u64_at(b + 14) || get_u32_at(p + 12) != (uint32_t)get_u64_at(b + 26))
        return NULL;
    if (!blob_ok(b, n - BLOB_START)) return NULL;
    return read_payload(b, n - BLOB_START, filename);
}

CodeObject *codecache_pyc_code(const char *data, size_t n, const char **problem) {
    const unsigned char *p = (const unsigned char *)data;
    uint16_t m = magic16();
    if (n < 4 || p[0] != (m & 0xFF) || p[1] != (m >> 8) || p[2] != '\r' || p[3] != '\n') {
        *problem = "Bad magic number in .pyc file";
        return NULL;
    }
    CodeObject *co = NULL;
    if (n >= BLOB_START && is_code_tag(p[PYC_HEADER]) && get_u32_at(p + PYC_HEADER + 1) == n - BLOB_START)
        co = codecache_unmarshal_code(data + BLOB_START, n - BLOB_START);
    if (!co) *problem = "Bad code object in .pyc file";
    return co;
}

/* ---- marshal ------------------------------------------------------------------------- */

bool codecache_marshal_code(CodeObject *co, Buf *out) {
    return put_blob(co, 0, CODECACHE_NS_UNKNOWN, 0, out);
}

CodeObject *codecache_unmarshal_code(const char *data, size_t n) {
    const unsigned char *p = (const unsigned char *)data;
    return blob_ok(p, n) ? read_payload(p, n, VNULL) : NULL;
}

/* ---- files ---------------------------------------------------------------------------- */

static bool sys_flag(const char *name) {
    Value v = sys_module ? dict_get_cstr(module_dict(sys_module), name) : VNULL;
    if (!v) {
        err_clear();
        return false;
    }
    int t = obj_truth(v);
    if (t < 0) err_clear();
    return t > 0;
}

/* sys.pycache_prefix, or NULL */
static const char *pycache_prefix(void) {
    Value v = sys_module ? dict_get_cstr(module_dict(sys_module), "pycache_prefix") : VNULL;
    if (!v) err_clear();
    return v && str_check(v) && str_nbytes(v) ? str_data(v) : NULL;
}

/* "m.tpy-311.pyc" (".opt-N" under -O) for the source at path */
static void cache_name(Buf *b, const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    buf_put(b, base, stem);
    buf_puts(b, "." CODECACHE_TAG);
    if (tpy_config.optimize) buf_printf(b, ".opt-%d", tpy_config.optimize);
    buf_puts(b, CODECACHE_SUFFIX);
}

/* The directory part of path ("." for none) into b */
static void dir_of(Buf *b, const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash) buf_putc(b, '.');
    else if (slash == path) buf_putc(b, '/');
    else buf_put(b, path, (size_t)(slash - path));
}

/* The candidates, in the order they are tried; returns how many (0-2).
 * With a pycache prefix it is the only place; else beside the source,
 * then (with user) the user's cache directory, whose real path costs
 * system calls that a hit beside the source does without. */
static int cache_paths(const char *path, Buf out[2], bool user) {
    const char *prefix = pycache_prefix();
    Buf dir;
    buf_init(&dir, 256);
    dir_of(&dir, path);
    if (prefix) {
        /* CPython: the prefix, then the source's absolute directory */
        buf_init(&out[0], 256);
        buf_puts(&out[0], prefix);
        if (dir.data[0] != '/') {
            char cwd[4096];
            if (!getcwd(cwd, sizeof cwd)) return 0;
            if (strcmp(cwd, "/") != 0) buf_puts(&out[0], cwd);
            buf_putc(&out[0], '/');
            if (strcmp(dir.data, ".") != 0) buf_puts(&out[0], dir.data);
        } else {
            buf_puts(&out[0], dir.data);
        }
        if (out[0].data[out[0].len - 1] != '/') buf_putc(&out[0], '/');
        cache_name(&out[0], path);
        return 1;
    }
    buf_init(&out[0], 256);
    if (strchr(path, '/')) {
        buf_puts(&out[0], dir.data);
        if (strcmp(dir.data, "/") != 0) buf_putc(&out[0], '/');
    }
    buf_puts(&out[0], "__pycache__/");
    cache_name(&out[0], path);
    if (!user) return 1;
    /* the user's cache: a real path, so that no ".." leads out of it */
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char *real = realpath(dir.data, NULL);
    if (!real) return 1;
    buf_init(&out[1], 256);
    if (xdg && xdg[0] == '/') buf_puts(&out[1], xdg);
    else if (home && home[0] == '/') buf_printf(&out[1], "%s/.cache", home);
    else {
        free(real);
        return 1;
    }
    buf_puts(&out[1], "/tpy");
    if (strcmp(real, "/") != 0) buf_puts(&out[1], real);
    free(real);
    buf_putc(&out[1], '/');
    cache_name(&out[1], path);
    return 2;
}

/* module.__cached__ for the source at path: the cache file's name beside
   it (or under sys.pycache_prefix), as importlib's cache_from_source gives
   it, whether or not that file exists; None when there is none. */
Value codecache_cached_path(const char *path) {
    Buf out[2];
    if (cache_paths(path, out, false) < 1) return V_NONE;
    return str_new(out[0].data, out[0].len);
}

/* The whole file at path into collector memory, or NULL */
static char *read_all(const char *path, size_t *n) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat st;
    char *data = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 0 && (uint64_t)st.st_size <= MAX_FILE) {
        size_t size = (size_t)st.st_size, got = 0;
        data = gc_alloc_atomic(size + 1);
        while (got < size) {
            ssize_t k = read(fd, data + got, size - got);
            if (k < 0 && errno == EINTR) continue;
            if (k <= 0) break;
            got += (size_t)k;
        }
        *n = got;
    }
    close(fd);
    return data;
}

/* mkdir -p of the directory part of path */
static bool make_dirs(char *path) {
    for (char *p = path; (p = strchr(p + 1, '/'));) {
        *p = 0;
        int rc = mkdir(path, 0777);
        int e = errno;
        *p = '/';
        if (rc < 0 && e != EEXIST) return false;
    }
    return true;
}

/* mkdir of the directory part of path only (__pycache__ beside a source) */
static bool make_dir(char *path) {
    char *slash = strrchr(path, '/');
    if (!slash) return true;
    *slash = 0;
    int rc = mkdir(path, 0777);
    int e = errno;
    *slash = '/';
    return rc == 0 || e == EEXIST;
}

/* Write data to path atomically: a temporary file beside it, renamed over
   it. The temporary's name is unique to this process and call. */
static bool write_atomic(const char *path, const char *data, size_t n, mode_t mode) {
    static unsigned counter;
    Buf tmp;
    buf_init(&tmp, 256);
    buf_printf(&tmp, "%s.%ld.%u.tmp", path, (long)getpid(), counter++);
    int fd = open(tmp.data, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0) return false;
    size_t done = 0;
    while (done < n) {
        ssize_t k = write(fd, data + done, n - done);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        done += (size_t)k;
    }
    bool ok = done == n;
    if (close(fd) < 0) ok = false;
    if (ok && rename(tmp.data, path) == 0) return true;
    unlink(tmp.data);
    return false;
}

/* hash_kind: 0 (a timestamp file), else the kind of hash-based file to
   write again, with the source's hash */
static bool write_cache(CodeObject *co, const struct stat *st, Buf *paths, int npaths, uint32_t hash_kind,
                        uint64_t hash) {
    Buf data;
    buf_init(&data, 8192);
    bool ok = hash_kind ? codecache_file_data(co, (int64_t)hash, hash_kind, UINT64_MAX, &data)
                        : codecache_file_data(co, st->st_mtim.tv_sec, (uint32_t)st->st_mtim.tv_nsec,
                                              (uint64_t)st->st_size, &data);
    if (!ok) return false;
    /* as CPython: the source's permissions, but always writable by the owner */
    mode_t mode = (st->st_mode & 0666) | 0600;
    for (int i = 0; i < npaths; i++) {
        char *p = paths[i].data;
        /* beside the source only __pycache__ itself is made; the user's
           cache and a prefix mirror the whole directory path */
        if (!(i == 0 && !pycache_prefix() ? make_dir(p) : make_dirs(p))) continue;
        if (write_atomic(p, data.data, data.len, mode)) {
            if (tpy_config.verbose) fprintf(stderr, "# created '%s'\n", p);
            return true;
        }
    }
    return false;
}

/* _imp.check_hash_based_pycs as a program may have set it: 'a' (always),
   'n' (never) or 'd' (default) */
static char check_hash_based_pycs(void) {
    Value imp = tstate.sys_modules ? dict_get_cstr(tstate.sys_modules, "_imp") : VNULL;
    Value v = imp && module_check(imp) ? dict_get_cstr(module_dict(imp), "check_hash_based_pycs") : VNULL;
    err_clear();
    if (v && str_check(v) && str_eq_cstr(v, "always")) return 'a';
    if (v && str_check(v) && str_eq_cstr(v, "never")) return 'n';
    return 'd';
}

/* The code in the cache file at cache_path if it is valid for the source
   (st, filename, read from path when a hash-based file is to be checked),
   else NULL. *hash_kind: the kind of hash-based file found (0: none), which
   a rewrite keeps, as CPython's SourceLoader does. */
static CodeObject *load_cache(const char *cache_path, const struct stat *st, Value filename, const char *path,
                              uint32_t *hash_kind) {
    size_t n = 0;
    char *data = read_all(cache_path, &n);
    if (!data) return NULL;
    uint64_t file_hash = 0;
    uint32_t kind = file_hash_kind((const unsigned char *)data, n, &file_hash);
    CodeObject *co;
    if (is_hash_kind(kind)) {
        if (!*hash_kind) *hash_kind = kind;
        char how = check_hash_based_pycs();
        bool check = how != 'n' && (kind == CODECACHE_NS_HASH_CHECKED || how == 'a');
        if (check) {
            size_t sn = 0;
            char *src = read_all(path, &sn);
            if (!src || codecache_source_hash(raw_magic(), src, sn) != file_hash)
                return NULL;
        }
        co = codecache_load_data(data, n, false, 0, 0, 0, filename);
    } else {
        co = codecache_load_data(data, n, true, st->st_mtim.tv_sec, (uint32_t)st->st_mtim.tv_nsec,
                                 (uint64_t)st->st_size, filename);
    }
    if (co && tpy_config.verbose) {
        fprintf(stderr, "# %s matches %s\n", cache_path, str_data(filename));
        fprintf(stderr, "# code object from '%s'\n", cache_path);
    }
    return co;
}

CodeObject *codecache_source_code(const char *path) {
    struct stat st;
    Value filename = str_intern_cstr(path);
    if (stat(path, &st) < 0) return (CodeObject *)err_set_errno(&exc_OSError, errno, filename);
    Buf paths[2];
    uint32_t hash_kind = 0;
    int npaths = cache_paths(path, paths, false);
    CodeObject *cached = npaths ? load_cache(paths[0].data, &st, filename, path, &hash_kind) : NULL;
    if (!cached && npaths && !pycache_prefix()) {
        npaths = cache_paths(path, paths, true);
        if (npaths > 1) cached = load_cache(paths[1].data, &st, filename, path, &hash_kind);
    }
    if (cached) {
        /* tracebacks read the file when they need it: the lines of an
           earlier version read in this process must go */
        traceback_forget_source(filename);
        return cached;
    }
    Buf src;
    buf_init(&src, (size_t)st.st_size + 1);
    if (!buf_read_file(&src, path)) return (CodeObject *)err_set_errno(&exc_OSError, errno, filename);
    traceback_register_source(filename, src.data, src.len);
    CodeObject *co = compile_source(src.data, src.len, path, COMPILE_MODULE);
    if (!co) return NULL;
    /* the cache records the source as it was read: a file that changed
       meanwhile is not cached */
    struct stat now;
    if (npaths && !sys_flag("dont_write_bytecode") && stat(path, &now) == 0 && now.st_size == st.st_size &&
        now.st_mtim.tv_sec == st.st_mtim.tv_sec && now.st_mtim.tv_nsec == st.st_mtim.tv_nsec &&
        (uint64_t)st.st_size == src.len)
        write_cache(co, &st, paths, npaths, hash_kind, hash_kind ? codecache_source_hash(raw_magic(), src.data, src.len) : 0);
    return co;
}
