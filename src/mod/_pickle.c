/* _pickle.c: the C accelerator of the pickle module (CPython's _pickle).
 *
 * Pickler writes the same bytes as CPython's _pickle for the same objects
 * and protocol: the opcode choices, batching (BATCHSIZE items per
 * APPENDS/SETITEMS/ADDITEMS), memo numbering and framing (protocol 4+:
 * frames of about FRAME_SIZE_TARGET bytes, each opened lazily by the first
 * write after the previous one was committed) follow it exactly, since
 * programs compare pickles byte for byte. Unpickler reads every opcode of
 * protocols 0 to 5.
 *
 * Output goes to a byte buffer; Pickler.dump hands it to file.write at the
 * end and at each committed frame (so that large pickles do not stay in
 * memory). Input comes from a bytes-like object (loads) or from the file's
 * read()/readline(), called for exactly the bytes each opcode needs (a
 * whole frame at a time in protocol 4+), so the file is left just past
 * the STOP opcode, as CPython leaves it.
 *
 * The reduction protocol itself (object.__reduce_ex__, copyreg) lives in
 * obj/type.c and copyreg.py; this file calls it as CPython's does.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../obj/codec.h"
#include "../runtime.h"
#include "modules.h"
#include "../util/numfmt.h"

enum {
    HIGHEST_PROTOCOL = 5,
    DEFAULT_PROTOCOL = 4,
    BATCHSIZE = 1000,
    FRAME_SIZE_MIN = 4,
    FRAME_SIZE_TARGET = 64 * 1024,
    FRAME_HEADER_SIZE = 9,
    FAST_NESTING_LIMIT = 50,
};

/* opcodes */
enum {
    MARK = '(', STOP = '.', POP = '0', POP_MARK = '1', DUP = '2', FLOAT = 'F', INT = 'I',
    BININT = 'J', BININT1 = 'K', LONG = 'L', BININT2 = 'M', NONE = 'N', PERSID = 'P',
    BINPERSID = 'Q', REDUCE = 'R', STRING = 'S', BINSTRING = 'T', SHORT_BINSTRING = 'U',
    UNICODE = 'V', BINUNICODE = 'X', APPEND = 'a', BUILD = 'b', GLOBAL = 'c', DICT = 'd',
    EMPTY_DICT = '}', APPENDS = 'e', GET = 'g', BINGET = 'h', INST = 'i', LONG_BINGET = 'j',
    LIST = 'l', EMPTY_LIST = ']', OBJ = 'o', PUT = 'p', BINPUT = 'q', LONG_BINPUT = 'r',
    SETITEM = 's', TUPLE = 't', EMPTY_TUPLE = ')', SETITEMS = 'u', BINFLOAT = 'G',
    PROTO = 0x80, NEWOBJ = 0x81, EXT1 = 0x82, EXT2 = 0x83, EXT4 = 0x84, TUPLE1 = 0x85,
    TUPLE2 = 0x86, TUPLE3 = 0x87, NEWTRUE = 0x88, NEWFALSE = 0x89, LONG1 = 0x8a, LONG4 = 0x8b,
    BINBYTES = 'B', SHORT_BINBYTES = 'C',
    SHORT_BINUNICODE = 0x8c, BINUNICODE8 = 0x8d, BINBYTES8 = 0x8e, EMPTY_SET = 0x8f,
    ADDITEMS = 0x90, FROZENSET = 0x91, NEWOBJ_EX = 0x92, STACK_GLOBAL = 0x93, MEMOIZE = 0x94,
    FRAME = 0x95, BYTEARRAY8 = 0x96, NEXT_BUFFER = 0x97, READONLY_BUFFER = 0x98,
};

/* ---- module state: the exceptions, and what copyreg, _compat_pickle,
   codecs and functools provide (fetched once, on first use) ----------------- */

static Value PickleError, PicklingError, UnpicklingError;
typedef struct PickleState {
    bool ready;
    Value dispatch_table;        /* copyreg.dispatch_table */
    Value extension_registry;    /* copyreg._extension_registry: (mod, name) -> code */
    Value inverted_registry;     /* copyreg._inverted_registry: code -> (mod, name) */
    Value extension_cache;       /* copyreg._extension_cache: code -> object */
    Value name_mapping_2to3, import_mapping_2to3;   /* _compat_pickle */
    Value name_mapping_3to2, import_mapping_3to2;
    Value codecs_encode, partial, getattr_fn;
} PickleState;
static PickleState st;

static Value module_attr(const char *mod, const char *name) {
    Value m = import_name(str_intern_cstr(mod), VNULL, v_int(0), VNULL);
    return m ? obj_getattr_cstr(m, name) : VNULL;
}

static int state_init(void) {
    if (st.ready) return 0;
    static const struct { const char *mod, *name; size_t off; bool dict; } tab[] = {
        {"copyreg", "dispatch_table", offsetof(PickleState, dispatch_table), true},
        {"copyreg", "_extension_registry", offsetof(PickleState, extension_registry), true},
        {"copyreg", "_inverted_registry", offsetof(PickleState, inverted_registry), true},
        {"copyreg", "_extension_cache", offsetof(PickleState, extension_cache), true},
        {"_compat_pickle", "NAME_MAPPING", offsetof(PickleState, name_mapping_2to3), true},
        {"_compat_pickle", "IMPORT_MAPPING", offsetof(PickleState, import_mapping_2to3), true},
        {"_compat_pickle", "REVERSE_NAME_MAPPING", offsetof(PickleState, name_mapping_3to2), true},
        {"_compat_pickle", "REVERSE_IMPORT_MAPPING", offsetof(PickleState, import_mapping_3to2), true},
        {"codecs", "encode", offsetof(PickleState, codecs_encode), false},
        {"functools", "partial", offsetof(PickleState, partial), false},
        {"builtins", "getattr", offsetof(PickleState, getattr_fn), false},
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++) {
        Value v = module_attr(tab[i].mod, tab[i].name);
        if (!v) return -1;
        if (tab[i].dict && !dict_check(v)) {
            err_format(&exc_RuntimeError, "%s.%s should be a dict, not %T", tab[i].mod, tab[i].name, v);
            return -1;
        }
        *(Value *)((char *)&st + tab[i].off) = v;
    }
    st.ready = true;
    return 0;
}

static Value pickling_error(const char *msg) { return err_set(V_AS(Type, PicklingError), msg); }
static Value unpickling_error(const char *msg) { return err_set(V_AS(Type, UnpicklingError), msg); }

static bool is_callable(Value v) { return type_of(v)->call != NULL; }
static bool is_iterator(Value v) { return type_of(v)->iternext != NULL; }

/* getattr(obj, name), VNULL without an error when it is missing */
static Value lookup_attr(Value obj, const char *name) { return obj_getattr_opt(obj, str_intern_cstr(name)); }

/* PyImport_Import: the module itself for a dotted name (sys.modules) */
static Value import_module(Value name) {
    Value m = import_name(name, VNULL, v_int(0), VNULL);
    if (!m) return VNULL;
    Value r = dict_get(tstate.sys_modules, name);
    if (!r && !err_occurred()) err_key(name);
    return r;
}

/* name split at its dots; "<locals>" in it is an AttributeError (the
   object is not reachable from its module) */
static Value get_dotted_path(Value obj, Value name) {
    const char *s = str_data(name), *e = s + str_nbytes(name);
    Value path = list_new(2);
    for (;;) {
        const char *d = memchr(s, '.', (size_t)(e - s));
        const char *end = d ? d : e;
        if ((size_t)(end - s) == 8 && memcmp(s, "<locals>", 8) == 0) {
            if (!obj) err_format(&exc_AttributeError, "Can't pickle local object %R", name);
            else err_format(&exc_AttributeError, "Can't pickle local attribute %R on %R", name, obj);
            return VNULL;
        }
        list_append(path, str_new(s, (size_t)(end - s)));
        if (!d) break;
        s = d + 1;
    }
    return path;
}

/* obj.a.b.c for path [a, b, c]: VNULL without an error when an attribute
   is missing; *parent: the object holding the last one */
static Value get_deep_attribute(Value obj, Value path, Value *parent) {
    Value par = VNULL;
    for (int64_t i = 0; i < list_size(path); i++) {
        par = obj;
        obj = obj_getattr_opt(par, list_get(path, i));
        if (!obj) return VNULL;
    }
    if (parent) *parent = par;
    return obj;
}

/* ---- the Pickler's memo: identity -> position, open addressing ---------- */

typedef struct MemoEntry {
    Value key;          /* VNULL: empty */
    int64_t idx;
} MemoEntry;

typedef struct PMemo {
    MemoEntry *tab;     /* scanned: the keys keep the pickled objects alive */
    int64_t mask, used;
} PMemo;

static void pmemo_init(PMemo *m) {
    m->mask = 63;
    m->used = 0;
    m->tab = gc_alloc(64 * sizeof(MemoEntry));
}

/* The first slot is the address's granule number, as CPython's memo does:
 * objects allocated one after the other (a list's items, typically) land
 * in neighbouring slots, so a large pickle walks the table in order
 * instead of missing the cache at each lookup; collisions probe with
 * CPython's perturbation, which mixes in the high bits. */
static inline MemoEntry *pmemo_find(const PMemo *m, Value k) {
    uint64_t h = k >> 4, mask = (uint64_t)m->mask;
    uint64_t i = h & mask;
    MemoEntry *e = &m->tab[i];
    if (e->key == k || e->key == VNULL) return e;
    for (uint64_t perturb = h;; perturb >>= 5) {
        i = (i * 5 + perturb + 1) & mask;
        e = &m->tab[i];
        if (e->key == k || e->key == VNULL) return e;
    }
}

/* position of k, or -1 */
static inline int64_t pmemo_get(const PMemo *m, Value k) {
    MemoEntry *e = pmemo_find(m, k);
    return e->key ? e->idx : -1;
}

static void pmemo_set(PMemo *m, Value k, int64_t idx) {
    MemoEntry *e = pmemo_find(m, k);
    if (e->key) {
        e->idx = idx;
        return;
    }
    e->key = k;
    e->idx = idx;
    if (++m->used * 3 < (m->mask + 1) * 2) return;
    /* grow to keep the table at most 2/3 full */
    MemoEntry *old = m->tab;
    int64_t oldn = m->mask + 1, n = oldn * 4;
    m->tab = gc_alloc((size_t)n * sizeof(MemoEntry));
    m->mask = n - 1;
    for (int64_t i = 0; i < oldn; i++)
        if (old[i].key) *pmemo_find(m, old[i].key) = old[i];
    gc_free(old);
}

static void pmemo_clear(PMemo *m) { pmemo_init(m); }

/* ---- Pickler ---------------------------------------------------------------- */

typedef struct PicklerObject {
    Object hdr;
    PMemo memo;
    Buf out;
    int64_t frame_start;        /* offset of the open frame's header, -1: none */
    Value write;                /* file.write; VNULL for dumps() (and before __init__) */
    Value pers_func;            /* persistent_id, or VNULL */
    Value dispatch_table;       /* or VNULL: copyreg's */
    Value reducer_override;     /* during dump() only */
    Value buffer_callback;
    Value fast_memo;            /* dict id -> obj, for fast mode's cycle check */
    int64_t fast_nesting;
    int proto;
    int fast;
    bool bin, framing, fix_imports, initialized;
} PicklerObject;

static Type pickler_type, unpickler_type, pickler_memoproxy_type, unpickler_memoproxy_type, picklebuffer_type;

static void pickler_reset_output(PicklerObject *p) {
    if (!p->out.data) buf_init(&p->out, 4096);
    p->out.len = 0;
    p->frame_start = -1;
}

static void commit_frame(PicklerObject *p) {
    if (!p->framing || p->frame_start == -1) return;
    size_t frame_len = p->out.len - (size_t)p->frame_start - FRAME_HEADER_SIZE;
    unsigned char *q = (unsigned char *)p->out.data + p->frame_start;
    if (frame_len >= FRAME_SIZE_MIN) {
        q[0] = FRAME;
        for (int i = 0; i < 8; i++) q[1 + i] = (unsigned char)(frame_len >> (8 * i));
    } else {
        memmove(q, q + FRAME_HEADER_SIZE, frame_len);
        p->out.len -= FRAME_HEADER_SIZE;
    }
    p->frame_start = -1;
}

static inline void pk_write(PicklerObject *p, const char *s, size_t n) {
    if (p->framing && p->frame_start == -1) {
        p->frame_start = (int64_t)p->out.len;
        buf_fill(&p->out, (char)0xFE, FRAME_HEADER_SIZE);
    }
    buf_put(&p->out, s, n);
}

static inline void pk_write1(PicklerObject *p, int op) {
    if (__builtin_expect(p->framing && p->frame_start == -1, 0)) {
        char c = (char)op;
        pk_write(p, &c, 1);
        return;
    }
    buf_putc(&p->out, (char)op);
}

static int flush_to_file(PicklerObject *p) {
    Value b = bytes_new(p->out.data, p->out.len);
    Value r = obj_call1(p->write, b);
    return r ? 0 : -1;
}

/* A committed frame of a dump to a file goes out now (memory stays bounded) */
static int opcode_boundary(PicklerObject *p) {
    if (!p->framing || p->frame_start == -1) return 0;
    if (p->out.len - (size_t)p->frame_start - FRAME_HEADER_SIZE < FRAME_SIZE_TARGET) return 0;
    commit_frame(p);
    if (p->write) {
        if (flush_to_file(p) < 0) return -1;
        pickler_reset_output(p);
    }
    return 0;
}

/* header then payload; a payload of a frame's size or more goes outside
   any frame, straight to the file when there is one */
static int write_bytes(PicklerObject *p, const char *hdr, size_t hn, const char *data, size_t n, Value payload) {
    bool bypass = n >= FRAME_SIZE_TARGET;
    bool framing = p->framing;
    if (bypass) {
        commit_frame(p);
        p->framing = false;
    }
    pk_write(p, hdr, hn);
    if (bypass && p->write) {
        if (flush_to_file(p) < 0) return -1;
        if (!payload || !bytes_check_exact(payload)) payload = bytes_new(data, n);
        if (!obj_call1(p->write, payload)) return -1;
        pickler_reset_output(p);
    } else {
        pk_write(p, data, n);
    }
    p->framing = framing;
    return 0;
}

/* PUT/GET idx in the protocol's form: text, one-byte or four-byte index */
static int write_memo_op(PicklerObject *p, int64_t idx, char text_op, char op1, char op4, const char *too_large) {
    char b[32];
    size_t n;
    if (!p->bin) {
        n = (size_t)snprintf(b, sizeof b, "%c%lld\n", text_op, (long long)idx);
    } else if (idx < 256) {
        b[0] = op1;
        b[1] = (char)idx;
        n = 2;
    } else if (idx <= 0xffffffffLL) {
        b[0] = op4;
        for (int i = 0; i < 4; i++) b[1 + i] = (char)(idx >> (8 * i));
        n = 5;
    } else {
        pickling_error(too_large);
        return -1;
    }
    pk_write(p, b, n);
    return 0;
}

static int memo_put(PicklerObject *p, Value obj) {
    if (p->fast) return 0;
    int64_t idx = p->memo.used;
    pmemo_set(&p->memo, obj, idx);
    if (p->proto >= 4) {
        pk_write1(p, MEMOIZE);
        return 0;
    }
    return write_memo_op(p, idx, PUT, BINPUT, LONG_BINPUT, "memo id too large for LONG_BINPUT");
}

static int memo_get(PicklerObject *p, int64_t idx) {
    return write_memo_op(p, idx, GET, BINGET, LONG_BINGET, "memo id too large for LONG_BINGET");
}

/* fast mode keeps no memo; it still refuses cycles past a nesting depth */
static int fast_save_enter(PicklerObject *p, Value obj) {
    if (++p->fast_nesting < FAST_NESTING_LIMIT) return 0;
    if (!p->fast_memo) p->fast_memo = dict_new();
    Value key = int_from_u64((uint64_t)obj);
    int r = dict_contains(p->fast_memo, key);
    if (r < 0) return -1;
    if (r) {
        p->fast_nesting = -1;
        err_format(&exc_ValueError, "fast mode: can't pickle cyclic objects including object type %T at %p", obj,
                   (void *)(uintptr_t)obj);
        return -1;
    }
    return dict_set(p->fast_memo, key, obj);
}

static int fast_save_leave(PicklerObject *p, Value obj) {
    if (p->fast_nesting-- >= FAST_NESTING_LIMIT && p->fast_memo) {
        if (dict_del(p->fast_memo, int_from_u64((uint64_t)obj)) < 0) return -1;
    }
    return 0;
}

static int save(PicklerObject *p, Value obj, bool pers_save);
static int save_reduce(PicklerObject *p, Value args, Value obj);

static void save_long(PicklerObject *p, Value obj, int *err) {
    char b[40];
    if (v_is_int(obj)) {
        int64_t x = v_intval(obj);
        if (x >= -0x80000000LL && x <= 0x7fffffffLL) {
            if (p->bin) {
                b[1] = (char)(x & 0xff);
                b[2] = (char)((x >> 8) & 0xff);
                b[3] = (char)((x >> 16) & 0xff);
                b[4] = (char)((x >> 24) & 0xff);
                if (b[4] != 0 || b[3] != 0) {
                    b[0] = BININT;
                    pk_write(p, b, 5);
                } else if (b[2] != 0) {
                    b[0] = BININT2;
                    pk_write(p, b, 3);
                } else {
                    b[0] = BININT1;
                    pk_write(p, b, 2);
                }
            } else {
                pk_write(p, b, (size_t)snprintf(b, sizeof b, "%c%lld\n", INT, (long long)x));
            }
            return;
        }
    }
    if (p->proto >= 2) {
        /* LONG1/LONG4: little-endian two's complement, as few bytes as hold
           the sign bit */
        int sign = int_sign(obj);
        if (sign == 0) {
            b[0] = (char)LONG1;
            b[1] = 0;
            pk_write(p, b, 2);
            return;
        }
        mpz_t z, t;
        mpz_init(z);
        int_to_mpz(obj, z);
        size_t nbits = mpz_sizeinbase(z, 2);   /* of |z| */
        size_t nbytes = (nbits >> 3) + 1;
        if (nbytes > 0x7fffffffUL) {
            mpz_clear(z);
            err_set(&exc_OverflowError, "int too large to pickle");
            *err = -1;
            return;
        }
        unsigned char *d = gc_alloc_atomic(nbytes + 1);
        memset(d, 0, nbytes);
        mpz_init(t);
        if (sign < 0) {
            mpz_ui_pow_ui(t, 2, 8 * nbytes);
            mpz_add(t, t, z);   /* 2**(8n) + z: the two's complement */
        } else {
            mpz_set(t, z);
        }
        size_t cnt = 0;
        mpz_export(d, &cnt, -1, 1, 0, 0, t);
        mpz_clear(t);
        mpz_clear(z);
        if (sign < 0 && nbytes > 1 && d[nbytes - 1] == 0xff && (d[nbytes - 2] & 0x80) != 0) nbytes--;
        if (nbytes < 256) {
            b[0] = (char)LONG1;
            b[1] = (char)nbytes;
            pk_write(p, b, 2);
        } else {
            b[0] = (char)LONG4;
            for (int i = 0; i < 4; i++) b[1 + i] = (char)(nbytes >> (8 * i));
            pk_write(p, b, 5);
        }
        pk_write(p, (const char *)d, nbytes);
        return;
    }
    Value r = int_repr(obj);
    if (!r) {
        *err = -1;
        return;
    }
    pk_write1(p, LONG);
    pk_write(p, str_data(r), (size_t)str_nbytes(r));
    pk_write(p, "L\n", 2);
}

static int save_float(PicklerObject *p, Value obj) {
    double x = float_val(obj);
    if (p->bin) {
        char b[9];
        uint64_t u = double_bits(x);
        b[0] = BINFLOAT;
        for (int i = 0; i < 8; i++) b[1 + i] = (char)(u >> (56 - 8 * i));
        pk_write(p, b, 9);
        return 0;
    }
    Value r = float_repr(float_from_double(x));
    if (!r) return -1;
    pk_write1(p, FLOAT);
    pk_write(p, str_data(r), (size_t)str_nbytes(r));
    pk_write1(p, '\n');
    return 0;
}

static int save_bytes_data(PicklerObject *p, Value obj, const char *data, size_t size) {
    char h[9];
    size_t n;
    if (size <= 0xff) {
        h[0] = SHORT_BINBYTES;
        h[1] = (char)size;
        n = 2;
    } else if (size <= 0xffffffffUL) {
        h[0] = BINBYTES;
        for (int i = 0; i < 4; i++) h[1 + i] = (char)(size >> (8 * i));
        n = 5;
    } else if (p->proto >= 4) {
        h[0] = (char)BINBYTES8;
        for (int i = 0; i < 8; i++) h[1 + i] = (char)((uint64_t)size >> (8 * i));
        n = 9;
    } else {
        err_set(&exc_OverflowError, "serializing a bytes object larger than 4 GiB requires pickle protocol 4 or higher");
        return -1;
    }
    if (write_bytes(p, h, n, data, size, obj) < 0) return -1;
    return memo_put(p, obj);
}

static int save_bytearray_data(PicklerObject *p, Value obj, const char *data, size_t size) {
    char h[9];
    h[0] = (char)BYTEARRAY8;
    for (int i = 0; i < 8; i++) h[1 + i] = (char)((uint64_t)size >> (8 * i));
    if (write_bytes(p, h, 9, data, size, VNULL) < 0) return -1;
    return memo_put(p, obj);
}

/* protocols 0-2 have no bytes opcode: codecs.encode(latin1 text, 'latin1'),
   which Python 2 reads as a str too */
static int save_bytes(PicklerObject *p, Value obj) {
    if (p->proto >= 3) return save_bytes_data(p, obj, bytes_data(obj), (size_t)bytes_size(obj));
    Value rv;
    if (bytes_size(obj) == 0) {
        rv = tuple_pack(2, V_FROM_PTR(&bytes_type), tuple_empty);
    } else {
        Value text = codec_decode_bytes(obj, str_intern_cstr("latin1"), VNULL);
        if (!text) return -1;
        rv = tuple_pack(2, st.codecs_encode, tuple_pack(2, text, str_intern_cstr("latin1")));
    }
    return save_reduce(p, rv, obj);
}

static int save_bytearray(PicklerObject *p, Value obj) {
    if (p->proto >= 5) return save_bytearray_data(p, obj, bytearray_data(obj), (size_t)bytearray_size(obj));
    Value rv;
    if (bytearray_size(obj) == 0)
        rv = tuple_pack(2, V_FROM_PTR(&bytearray_type), tuple_empty);
    else
        rv = tuple_pack(2, V_FROM_PTR(&bytearray_type),
                        tuple_pack(1, bytes_new(bytearray_data(obj), (size_t)bytearray_size(obj))));
    return save_reduce(p, rv, obj);
}

/* protocol 0's UNICODE argument: latin-1 bytes, other characters (and
   the ones that would break the line) as \uXXXX / \UXXXXXXXX */
static void raw_unicode_escape(Buf *b, Value s) {
    const char *d = str_data(s);
    int64_t n = str_nbytes(s);
    static const char hex[] = "0123456789abcdef";
    for (int64_t i = 0; i < n;) {
        uint32_t ch;
        if ((unsigned char)d[i] < 0x80) {
            ch = (unsigned char)d[i++];
        } else {
            int len;
            ch = utf8_decode(d + i, &len);
            i += len;
        }
        if (ch >= 0x10000) {
            buf_put(b, "\\U", 2);
            for (int k = 28; k >= 0; k -= 4) buf_putc(b, hex[(ch >> k) & 0xf]);
        } else if (ch >= 256 || ch == '\\' || ch == 0 || ch == '\n' || ch == '\r' || ch == 0x1a) {
            buf_put(b, "\\u", 2);
            for (int k = 12; k >= 0; k -= 4) buf_putc(b, hex[(ch >> k) & 0xf]);
        } else {
            buf_putc(b, (char)ch);
        }
    }
}

static int save_unicode(PicklerObject *p, Value obj) {
    if (p->bin) {
        /* tpy's strings are UTF-8 with lone surrogates encoded as such: the
           bytes CPython writes with "surrogatepass" */
        size_t size = (size_t)str_nbytes(obj);
        char h[9];
        size_t n;
        if (size <= 0xff && p->proto >= 4) {
            h[0] = (char)SHORT_BINUNICODE;
            h[1] = (char)size;
            n = 2;
        } else if (size <= 0xffffffffUL) {
            h[0] = BINUNICODE;
            for (int i = 0; i < 4; i++) h[1 + i] = (char)(size >> (8 * i));
            n = 5;
        } else if (p->proto >= 4) {
            h[0] = (char)BINUNICODE8;
            for (int i = 0; i < 8; i++) h[1 + i] = (char)((uint64_t)size >> (8 * i));
            n = 9;
        } else {
            err_set(&exc_OverflowError, "serializing a string larger than 4 GiB requires pickle protocol 4 or higher");
            return -1;
        }
        if (n == 2 && !p->framing) {
            pk_write(p, h, 2);
            pk_write(p, str_data(obj), size);
        } else if (write_bytes(p, h, n, str_data(obj), size, VNULL) < 0) {
            return -1;
        }
    } else {
        Buf b;
        buf_init(&b, (size_t)str_nbytes(obj) + 8);
        raw_unicode_escape(&b, obj);
        pk_write1(p, UNICODE);
        pk_write(p, b.data, b.len);
        pk_write1(p, '\n');
    }
    return memo_put(p, obj);
}

static int save_tuple(PicklerObject *p, Value obj) {
    int64_t len = tuple_size(obj);
    if (len == 0) {
        if (p->proto) {
            pk_write1(p, EMPTY_TUPLE);
        } else {
            pk_write1(p, MARK);
            pk_write1(p, TUPLE);
        }
        return 0;
    }
    /* the tuple is not in the memo now: if it is after its items were
       saved, it is recursive; then what was pushed is popped and the memo
       copy fetched */
    if (len <= 3 && p->proto >= 2) {
        for (int64_t i = 0; i < len; i++)
            if (save(p, tuple_get(obj, i), false) < 0) return -1;
        int64_t idx = pmemo_get(&p->memo, obj);
        if (idx >= 0) {
            for (int64_t i = 0; i < len; i++) pk_write1(p, POP);
            return memo_get(p, idx);
        }
        pk_write1(p, TUPLE1 + (int)len - 1);
        return memo_put(p, obj);
    }
    pk_write1(p, MARK);
    for (int64_t i = 0; i < len; i++)
        if (save(p, tuple_get(obj, i), false) < 0) return -1;
    int64_t idx = pmemo_get(&p->memo, obj);
    if (idx >= 0) {
        if (p->bin) {
            pk_write1(p, POP_MARK);
        } else {
            for (int64_t i = 0; i <= len; i++) pk_write1(p, POP);
        }
        return memo_get(p, idx);
    }
    pk_write1(p, TUPLE);
    return memo_put(p, obj);
}

/* listitems of a reduce value (any iterator): APPEND one at a time in
   protocol 0, else MARK ... APPENDS per batch, a lone last item APPENDed */
static int batch_list(PicklerObject *p, Value iter) {
    if (p->proto == 0) {
        for (;;) {
            Value x = obj_next(iter);
            if (!x) return err_occurred() ? -1 : 0;
            if (save(p, x, false) < 0) return -1;
            pk_write1(p, APPEND);
        }
    }
    int n;
    do {
        Value first = obj_next(iter);
        if (!first) return err_occurred() ? -1 : 0;
        Value x = obj_next(iter);
        if (!x) {
            if (err_occurred()) return -1;
            if (save(p, first, false) < 0) return -1;
            pk_write1(p, APPEND);
            return 0;
        }
        pk_write1(p, MARK);
        if (save(p, first, false) < 0) return -1;
        n = 1;
        while (x) {
            if (save(p, x, false) < 0) return -1;
            if (++n == BATCHSIZE) break;
            x = obj_next(iter);
            if (!x && err_occurred()) return -1;
        }
        pk_write1(p, APPENDS);
    } while (n == BATCHSIZE);
    return 0;
}

static int batch_list_exact(PicklerObject *p, Value l) {
    if (list_size(l) == 1) {
        if (save(p, list_get(l, 0), false) < 0) return -1;
        pk_write1(p, APPEND);
        return 0;
    }
    int64_t total = 0;
    do {
        int n = 0;
        pk_write1(p, MARK);
        while (total < list_size(l)) {
            if (save(p, list_get(l, total), false) < 0) return -1;
            total++;
            if (++n == BATCHSIZE) break;
        }
        pk_write1(p, APPENDS);
    } while (total < list_size(l));
    return 0;
}

static int save_list(PicklerObject *p, Value obj) {
    if (p->fast && fast_save_enter(p, obj) < 0) return -1;
    if (p->bin) {
        pk_write1(p, EMPTY_LIST);
    } else {
        pk_write1(p, MARK);
        pk_write1(p, LIST);
    }
    int status = memo_put(p, obj);
    if (status == 0 && list_size(obj) != 0) {
        if (interp_enter_recursive(" while pickling an object") < 0) return -1;
        if (list_check_exact(obj) && p->proto > 0) {
            status = batch_list_exact(p, obj);
        } else {
            Value it = obj_iter(obj);
            status = it ? batch_list(p, it) : -1;
        }
        interp_leave_recursive();
    }
    if (p->fast && fast_save_leave(p, obj) < 0) status = -1;
    return status;
}

static int dict_item_pair(Value item, Value *k, Value *v) {
    if (!tuple_check(item) || tuple_size(item) != 2) {
        err_set(&exc_TypeError, "dict items iterator must return 2-tuples");
        return -1;
    }
    *k = tuple_get(item, 0);
    *v = tuple_get(item, 1);
    return 0;
}

static int batch_dict(PicklerObject *p, Value iter) {
    Value k, v;
    if (p->proto == 0) {
        for (;;) {
            Value x = obj_next(iter);
            if (!x) return err_occurred() ? -1 : 0;
            if (dict_item_pair(x, &k, &v) < 0 || save(p, k, false) < 0 || save(p, v, false) < 0) return -1;
            pk_write1(p, SETITEM);
        }
    }
    int n;
    do {
        Value first = obj_next(iter);
        if (!first) return err_occurred() ? -1 : 0;
        if (dict_item_pair(first, &k, &v) < 0) return -1;
        Value x = obj_next(iter);
        if (!x) {
            if (err_occurred()) return -1;
            if (save(p, k, false) < 0 || save(p, v, false) < 0) return -1;
            pk_write1(p, SETITEM);
            return 0;
        }
        pk_write1(p, MARK);
        if (save(p, k, false) < 0 || save(p, v, false) < 0) return -1;
        n = 1;
        while (x) {
            if (dict_item_pair(x, &k, &v) < 0 || save(p, k, false) < 0 || save(p, v, false) < 0) return -1;
            if (++n == BATCHSIZE) break;
            x = obj_next(iter);
            if (!x && err_occurred()) return -1;
        }
        pk_write1(p, SETITEMS);
    } while (n == BATCHSIZE);
    return 0;
}

static int batch_dict_exact(PicklerObject *p, Value d) {
    int64_t size = dict_size(d), pos = 0;
    Value k, v;
    if (size == 1) {
        dict_next(d, &pos, &k, &v);
        if (save(p, k, false) < 0 || save(p, v, false) < 0) return -1;
        pk_write1(p, SETITEM);
        return 0;
    }
    int n;
    do {
        n = 0;
        pk_write1(p, MARK);
        while (dict_next(d, &pos, &k, &v)) {
            if (save(p, k, false) < 0 || save(p, v, false) < 0) return -1;
            if (++n == BATCHSIZE) break;
        }
        pk_write1(p, SETITEMS);
        if (dict_size(d) != size) {
            err_set(&exc_RuntimeError, "dictionary changed size during iteration");
            return -1;
        }
    } while (n == BATCHSIZE);
    return 0;
}

static int save_dict(PicklerObject *p, Value obj) {
    if (p->fast && fast_save_enter(p, obj) < 0) return -1;
    if (p->bin) {
        pk_write1(p, EMPTY_DICT);
    } else {
        pk_write1(p, MARK);
        pk_write1(p, DICT);
    }
    int status = memo_put(p, obj);
    if (status == 0 && dict_size(obj) != 0) {
        if (dict_check_exact(obj) && p->proto > 0) {
            if (interp_enter_recursive(" while pickling an object") < 0) return -1;
            status = batch_dict_exact(p, obj);
            interp_leave_recursive();
        } else {
            Value items = obj_call_method(obj, "items", NULL, 0);
            Value it = items ? obj_iter(items) : VNULL;
            if (!it) return -1;
            if (interp_enter_recursive(" while pickling an object") < 0) return -1;
            status = batch_dict(p, it);
            interp_leave_recursive();
        }
    }
    if (p->fast && fast_save_leave(p, obj) < 0) status = -1;
    return status;
}

static int save_set(PicklerObject *p, Value obj) {
    if (p->proto < 4) {
        Value items = list_from_iterable(obj);
        if (!items) return -1;
        return save_reduce(p, tuple_pack(2, V_FROM_PTR(&set_type), tuple_pack(1, items)), obj);
    }
    pk_write1(p, EMPTY_SET);
    if (memo_put(p, obj) < 0) return -1;
    int64_t size = set_size(obj), pos = 0;
    if (size == 0) return 0;
    int n;
    Value item;
    do {
        n = 0;
        pk_write1(p, MARK);
        while (set_next(obj, &pos, &item)) {
            if (save(p, item, false) < 0) return -1;
            if (++n == BATCHSIZE) break;
        }
        pk_write1(p, ADDITEMS);
        if (set_size(obj) != size) {
            err_set(&exc_RuntimeError, "set changed size during iteration");
            return -1;
        }
    } while (n == BATCHSIZE);
    return 0;
}

static int save_frozenset(PicklerObject *p, Value obj) {
    if (p->fast && fast_save_enter(p, obj) < 0) return -1;
    if (p->proto < 4) {
        Value items = list_from_iterable(obj);
        if (!items) return -1;
        return save_reduce(p, tuple_pack(2, V_FROM_PTR(&frozenset_type), tuple_pack(1, items)), obj);
    }
    pk_write1(p, MARK);
    int64_t pos = 0;
    Value item;
    while (set_next(obj, &pos, &item))
        if (save(p, item, false) < 0) return -1;
    int64_t idx = pmemo_get(&p->memo, obj);
    if (idx >= 0) {
        pk_write1(p, POP_MARK);
        return memo_get(p, idx);
    }
    pk_write1(p, FROZENSET);
    return memo_put(p, obj);
}

/* protocols < 3 with fix_imports: Python 3 names mapped back to Python 2's */
static int fix_imports(Value *module_name, Value *global_name) {
    Value key = tuple_pack(2, *module_name, *global_name);
    Value item = dict_get(st.name_mapping_3to2, key);
    if (item) {
        if (!tuple_check(item) || tuple_size(item) != 2) {
            err_format(&exc_RuntimeError, "_compat_pickle.REVERSE_NAME_MAPPING values should be 2-tuples, not %T", item);
            return -1;
        }
        Value m = tuple_get(item, 0), g = tuple_get(item, 1);
        if (!str_check(m) || !str_check(g)) {
            err_format(&exc_RuntimeError,
                       "_compat_pickle.REVERSE_NAME_MAPPING values should be pairs of str, not (%T, %T)", m, g);
            return -1;
        }
        *module_name = m;
        *global_name = g;
        return 0;
    }
    if (err_occurred()) return -1;
    item = dict_get(st.import_mapping_3to2, *module_name);
    if (item) {
        if (!str_check(item)) {
            err_format(&exc_RuntimeError, "_compat_pickle.REVERSE_IMPORT_MAPPING values should be strings, not %T",
                       item);
            return -1;
        }
        *module_name = item;
    } else if (err_occurred()) {
        return -1;
    }
    return 0;
}

/* the module that holds obj under dotted_path: obj.__module__, else the
   first of sys.modules that does (else __main__) */
static Value whichmodule(Value obj, Value dotted_path) {
    Value name = lookup_attr(obj, "__module__");
    if (!name && err_occurred()) return VNULL;
    if (name && name != V_NONE) return name;
    Value mods = tstate.sys_modules;
    int64_t pos = 0;
    Value k, m;
    Value snapshot = dict_copy(mods);
    while (dict_next(snapshot, &pos, &k, &m)) {
        if (str_check(k) && str_eq_cstr(k, "__main__")) continue;
        if (m == V_NONE) continue;
        Value c = get_deep_attribute(m, dotted_path, NULL);
        if (!c) {
            if (err_occurred()) return VNULL;
            continue;
        }
        if (c == obj) return k;
    }
    return str_intern_cstr("__main__");
}

static Value encode_ident(Value s, bool utf8) {
    if (utf8 || str_is_ascii(s)) return bytes_new(str_data(s), (size_t)str_nbytes(s));
    return VNULL;
}

static int save_global(PicklerObject *p, Value obj, Value name) {
    Value global_name = name;
    if (!global_name) {
        global_name = lookup_attr(obj, "__qualname__");
        if (!global_name) {
            if (err_occurred()) return -1;
            global_name = obj_getattr(obj, NAME(__name__));
            if (!global_name) return -1;
        }
    }
    if (!str_check(global_name)) {
        err_format(&exc_TypeError, "descriptor 'split' for 'str' objects doesn't apply to a '%T' object",
                   global_name);
        return -1;
    }
    Value path = get_dotted_path(VNULL, global_name);
    if (!path) return -1;
    Value module_name = whichmodule(obj, path);
    if (!module_name) return -1;
    Value module = str_check(module_name) ? import_module(module_name) : VNULL;
    if (!module) {
        if (str_check(module_name) || err_occurred()) err_clear();
        err_format(V_AS(Type, PicklingError), "Can't pickle %R: import of module %R failed", obj, module_name);
        return -1;
    }
    Value lastname = list_get(path, list_size(path) - 1);
    Value parent = VNULL;
    Value cls = get_deep_attribute(module, path, &parent);
    if (!cls) {
        err_clear();
        err_format(V_AS(Type, PicklingError), "Can't pickle %R: attribute lookup %S on %S failed", obj, global_name,
                   module_name);
        return -1;
    }
    if (cls != obj) {
        err_format(V_AS(Type, PicklingError), "Can't pickle %R: it's not the same object as %S.%S", obj, module_name,
                   global_name);
        return -1;
    }
    if (p->proto >= 2) {
        Value code_obj = dict_get(st.extension_registry, tuple_pack(2, module_name, global_name));
        if (code_obj) {
            if (!int_check(code_obj)) {
                err_format(V_AS(Type, PicklingError), "Can't pickle %R: extension code %R isn't an integer", obj,
                           code_obj);
                return -1;
            }
            int64_t code = int_as_i64(code_obj);
            if (code == -1 && err_occurred()) return -1;
            if (code <= 0 || code > 0x7fffffffL) {
                err_format(V_AS(Type, PicklingError), "Can't pickle %R: extension code %ld is out of range", obj,
                           (long)code);
                return -1;
            }
            char b[5];
            size_t n;
            if (code <= 0xff) {
                b[0] = (char)EXT1;
                b[1] = (char)code;
                n = 2;
            } else if (code <= 0xffff) {
                b[0] = (char)EXT2;
                b[1] = (char)(code & 0xff);
                b[2] = (char)(code >> 8);
                n = 3;
            } else {
                b[0] = (char)EXT4;
                for (int i = 0; i < 4; i++) b[1 + i] = (char)(code >> (8 * i));
                n = 5;
            }
            pk_write(p, b, n);
            return 0;
        }
        if (err_occurred()) return -1;
    }
    if (parent == module) global_name = lastname;
    if (p->proto >= 4) {
        if (save(p, module_name, false) < 0 || save(p, global_name, false) < 0) return -1;
        pk_write1(p, STACK_GLOBAL);
    } else if (parent != module) {
        /* a nested name: getattr(parent, lastname) */
        Value rv = tuple_pack(2, st.getattr_fn, tuple_pack(2, parent, lastname));
        if (save_reduce(p, rv, VNULL) < 0) return -1;
    } else {
        pk_write1(p, GLOBAL);
        if (p->proto < 3 && p->fix_imports && fix_imports(&module_name, &global_name) < 0) return -1;
        Value enc = str_check(module_name) ? encode_ident(module_name, p->proto == 3) : VNULL;
        if (!enc) {
            err_format(V_AS(Type, PicklingError), "can't pickle module identifier '%S' using pickle protocol %d",
                       module_name, p->proto);
            return -1;
        }
        pk_write(p, bytes_data(enc), (size_t)bytes_size(enc));
        pk_write1(p, '\n');
        enc = encode_ident(global_name, p->proto == 3);
        if (!enc) {
            err_format(V_AS(Type, PicklingError), "can't pickle global identifier '%S' using pickle protocol %d",
                       global_name, p->proto);
            return -1;
        }
        pk_write(p, bytes_data(enc), (size_t)bytes_size(enc));
        pk_write1(p, '\n');
    }
    return memo_put(p, obj);
}

static int save_type(PicklerObject *p, Value obj) {
    Value singleton = VNULL;
    if (obj == V_FROM_PTR(&none_type)) singleton = V_NONE;
    else if (obj == V_FROM_PTR(&ellipsis_type)) singleton = V_ELLIPSIS;
    else if (obj == V_FROM_PTR(&notimpl_type)) singleton = V_NOTIMPL;
    if (singleton) return save_reduce(p, tuple_pack(2, V_FROM_PTR(&type_type), tuple_pack(1, singleton)), obj);
    return save_global(p, obj, VNULL);
}

/* 1: obj was saved as a persistent id; 0: it was not; -1: error */
static int save_pers(PicklerObject *p, Value obj) {
    Value pid = obj_call1(p->pers_func, obj);
    if (!pid) return -1;
    if (pid == V_NONE) return 0;
    if (p->bin) {
        if (save(p, pid, true) < 0) return -1;
        pk_write1(p, BINPERSID);
    } else {
        Value s = obj_str(pid);
        if (!s) return -1;
        if (!str_is_ascii(s)) {
            pickling_error("persistent IDs in protocol 0 must be ASCII strings");
            return -1;
        }
        pk_write1(p, PERSID);
        pk_write(p, str_data(s), (size_t)str_nbytes(s));
        pk_write1(p, '\n');
    }
    return 1;
}

typedef struct PickleBufferObject {
    Object hdr;
    Value obj;          /* the exporter; VNULL once released */
} PickleBufferObject;

static int picklebuffer_view(Value pb, BufferInfo *out) {
    PickleBufferObject *b = V_AS(PickleBufferObject, pb);
    if (!b->obj) {
        err_set(&exc_ValueError, "operation forbidden on released PickleBuffer object");
        return -1;
    }
    return V_OBJ(b->obj)->type->getbuffer(b->obj, out);
}

static int save_picklebuffer(PicklerObject *p, Value obj) {
    if (p->proto < 5) {
        pickling_error("PickleBuffer can only pickled with protocol >= 5");
        return -1;
    }
    BufferInfo view;
    if (picklebuffer_view(obj, &view) < 0) return -1;
    bool in_band = true;
    if (p->buffer_callback) {
        Value r = obj_call1(p->buffer_callback, obj);
        if (!r) return -1;
        int t = obj_truth(r);
        if (t < 0) return -1;
        in_band = t;
    }
    if (in_band) {
        if (picklebuffer_view(obj, &view) < 0) return -1;
        if (view.readonly) return save_bytes_data(p, obj, view.data, (size_t)view.len);
        return save_bytearray_data(p, obj, view.data, (size_t)view.len);
    }
    pk_write1(p, NEXT_BUFFER);
    if (view.readonly) pk_write1(p, READONLY_BUFFER);
    return 0;
}

static Value unpack_reduce_arg(Value t, int64_t i) { return i < tuple_size(t) ? tuple_get(t, i) : V_NONE; }

static int save_reduce(PicklerObject *p, Value args, Value obj) {
    int64_t size = tuple_size(args);
    if (size < 2 || size > 6) {
        pickling_error("tuple returned by __reduce__ must contain 2 through 6 elements");
        return -1;
    }
    Value callable = tuple_get(args, 0), argtup = tuple_get(args, 1);
    Value state = unpack_reduce_arg(args, 2), listitems = unpack_reduce_arg(args, 3);
    Value dictitems = unpack_reduce_arg(args, 4), state_setter = unpack_reduce_arg(args, 5);
    if (!is_callable(callable)) {
        pickling_error("first item of the tuple returned by __reduce__ must be callable");
        return -1;
    }
    if (!tuple_check(argtup)) {
        pickling_error("second item of the tuple returned by __reduce__ must be a tuple");
        return -1;
    }
    if (state == V_NONE) state = VNULL;
    if (listitems == V_NONE) {
        listitems = VNULL;
    } else if (!is_iterator(listitems)) {
        err_format(V_AS(Type, PicklingError),
                   "fourth element of the tuple returned by __reduce__ must be an iterator, not %T", listitems);
        return -1;
    }
    if (dictitems == V_NONE) {
        dictitems = VNULL;
    } else if (!is_iterator(dictitems)) {
        err_format(V_AS(Type, PicklingError),
                   "fifth element of the tuple returned by __reduce__ must be an iterator, not %T", dictitems);
        return -1;
    }
    if (state_setter == V_NONE) {
        state_setter = VNULL;
    } else if (!is_callable(state_setter)) {
        err_format(V_AS(Type, PicklingError),
                   "sixth element of the tuple returned by __reduce__ must be a function, not %T", state_setter);
        return -1;
    }
    bool use_newobj = false, use_newobj_ex = false;
    if (p->proto >= 2) {
        Value name = obj_getattr_opt(callable, NAME(__name__));
        if (!name && err_occurred()) return -1;
        if (name && str_check(name)) {
            use_newobj_ex = str_eq_cstr(name, "__newobj_ex__");
            if (!use_newobj_ex) use_newobj = str_eq_cstr(name, "__newobj__");
        }
    }
    if (use_newobj_ex) {
        if (tuple_size(argtup) != 3) {
            err_format(V_AS(Type, PicklingError), "length of the NEWOBJ_EX argument tuple must be exactly 3, not %zd",
                       (ssize_t)tuple_size(argtup));
            return -1;
        }
        Value cls = tuple_get(argtup, 0), nargs = tuple_get(argtup, 1), kwargs = tuple_get(argtup, 2);
        if (!type_check(cls)) {
            err_format(V_AS(Type, PicklingError),
                       "first item from NEWOBJ_EX argument tuple must be a class, not %T", cls);
            return -1;
        }
        if (!tuple_check(nargs)) {
            err_format(V_AS(Type, PicklingError),
                       "second item from NEWOBJ_EX argument tuple must be a tuple, not %T", nargs);
            return -1;
        }
        if (!dict_check(kwargs)) {
            err_format(V_AS(Type, PicklingError),
                       "third item from NEWOBJ_EX argument tuple must be a dict, not %T", kwargs);
            return -1;
        }
        if (p->proto >= 4) {
            if (save(p, cls, false) < 0 || save(p, nargs, false) < 0 || save(p, kwargs, false) < 0) return -1;
            pk_write1(p, NEWOBJ_EX);
        } else {
            /* partial(cls.__new__, cls, *args, **kwargs)() */
            Value cls_new = obj_getattr(cls, NAME(__new__));
            if (!cls_new) return -1;
            int64_t n = tuple_size(nargs);
            Value pa = tuple_new(n + 2);
            tuple_items(pa)[0] = cls_new;
            tuple_items(pa)[1] = cls;
            for (int64_t i = 0; i < n; i++) tuple_items(pa)[i + 2] = tuple_get(nargs, i);
            Value fn = obj_call_tuple_dict(st.partial, pa, kwargs);
            if (!fn) return -1;
            if (save(p, fn, false) < 0 || save(p, tuple_empty, false) < 0) return -1;
            pk_write1(p, REDUCE);
        }
    } else if (use_newobj) {
        if (tuple_size(argtup) < 1) {
            pickling_error("__newobj__ arglist is empty");
            return -1;
        }
        Value cls = tuple_get(argtup, 0);
        if (!type_check(cls)) {
            pickling_error("args[0] from __newobj__ args is not a type");
            return -1;
        }
        if (obj) {
            Value oc = obj_getattr(obj, NAME(__class__));
            if (!oc) return -1;
            if (oc != cls) {
                pickling_error("args[0] from __newobj__ args has the wrong class");
                return -1;
            }
        }
        if (save(p, cls, false) < 0) return -1;
        if (save(p, tuple_slice(argtup, 1, tuple_size(argtup)), false) < 0) return -1;
        pk_write1(p, NEWOBJ);
    } else {
        if (save(p, callable, false) < 0 || save(p, argtup, false) < 0) return -1;
        pk_write1(p, REDUCE);
    }
    /* obj VNULL: not to be memoized (a getattr reduction of a global) */
    if (obj) {
        int64_t idx = pmemo_get(&p->memo, obj);
        if (idx >= 0) {
            /* recursive: drop what was built and fetch the memo's */
            pk_write1(p, POP);
            return memo_get(p, idx);
        }
        if (memo_put(p, obj) < 0) return -1;
    }
    if (listitems && batch_list(p, listitems) < 0) return -1;
    if (dictitems && batch_dict(p, dictitems) < 0) return -1;
    if (state) {
        if (!state_setter) {
            if (save(p, state, false) < 0) return -1;
            pk_write1(p, BUILD);
        } else {
            /* state_setter(obj, state), its result popped */
            if (save(p, state_setter, false) < 0 || save(p, obj, false) < 0 || save(p, state, false) < 0)
                return -1;
            pk_write1(p, TUPLE2);
            pk_write1(p, REDUCE);
            pk_write1(p, POP);
        }
    }
    return 0;
}

static int save(PicklerObject *p, Value obj, bool pers_save) {
    if (opcode_boundary(p) < 0) return -1;
    if (!pers_save && p->pers_func) {
        int s = save_pers(p, obj);
        if (s != 0) return s < 0 ? -1 : 0;
    }
    /* atoms: never memoized */
    if (v_is_int(obj)) {
        int err = 0;
        save_long(p, obj, &err);
        return err;
    }
    if (v_is_smallfloat(obj)) return save_float(p, obj);
    Type *t = V_OBJ(obj)->type;
    if (obj == V_NONE) {
        pk_write1(p, NONE);
        return 0;
    }
    if (t == &bool_type) {
        if (p->proto >= 2) pk_write1(p, obj == V_TRUE ? NEWTRUE : NEWFALSE);
        else pk_write(p, obj == V_TRUE ? "I01\n" : "I00\n", 4);
        return 0;
    }
    if (t == &int_type) {
        int err = 0;
        save_long(p, obj, &err);
        return err;
    }
    if (t == &float_type) return save_float(p, obj);

    int64_t idx = pmemo_get(&p->memo, obj);
    if (idx >= 0) return memo_get(p, idx);

    if (t == &bytes_type) return save_bytes(p, obj);
    if (t == &str_type) return save_unicode(p, obj);

    if (interp_enter_recursive(" while pickling an object") < 0) return -1;
    int status;
    Value reduce_value = VNULL;
    if (t == &dict_type) {
        status = save_dict(p, obj);
        goto done;
    } else if (t == &set_type) {
        status = save_set(p, obj);
        goto done;
    } else if (t == &frozenset_type) {
        status = save_frozenset(p, obj);
        goto done;
    } else if (t == &list_type) {
        status = save_list(p, obj);
        goto done;
    } else if (t == &tuple_type) {
        status = save_tuple(p, obj);
        goto done;
    } else if (t == &bytearray_type) {
        status = save_bytearray(p, obj);
        goto done;
    } else if (t == &picklebuffer_type) {
        status = save_picklebuffer(p, obj);
        goto done;
    }

    if (p->reducer_override) {
        reduce_value = obj_call1(p->reducer_override, obj);
        if (!reduce_value) goto error;
        if (reduce_value != V_NOTIMPL) goto reduce;
        reduce_value = VNULL;
    }

    if (t == &type_type) {
        status = save_type(p, obj);
        goto done;
    } else if (t == &function_type) {
        status = save_global(p, obj, VNULL);
        goto done;
    }

    Value reduce_func;
    if (!p->dispatch_table) {
        reduce_func = dict_get(st.dispatch_table, V_FROM_PTR(t));
        if (!reduce_func && err_occurred()) goto error;
    } else {
        reduce_func = obj_getitem(p->dispatch_table, V_FROM_PTR(t));
        if (!reduce_func) {
            if (!err_matches(&exc_KeyError)) goto error;
            err_clear();
        }
    }
    if (reduce_func) {
        reduce_value = obj_call1(reduce_func, obj);
    } else if (type_is_subtype(t, &type_type)) {
        status = save_global(p, obj, VNULL);
        goto done;
    } else {
        reduce_func = lookup_attr(obj, "__reduce_ex__");
        if (reduce_func) {
            reduce_value = obj_call1(reduce_func, v_int(p->proto));
        } else {
            if (err_occurred()) goto error;
            reduce_func = lookup_attr(obj, "__reduce__");
            if (reduce_func) {
                reduce_value = obj_call0(reduce_func);
            } else {
                if (!err_occurred())
                    err_format(V_AS(Type, PicklingError), "can't pickle '%s' object: %R", t->tname, obj);
                goto error;
            }
        }
    }
    if (!reduce_value) goto error;
reduce:
    if (str_check(reduce_value)) {
        status = save_global(p, obj, reduce_value);
        goto done;
    }
    if (!tuple_check(reduce_value)) {
        pickling_error("__reduce__ must return a string or tuple");
        goto error;
    }
    status = save_reduce(p, reduce_value, obj);
    goto done;
error:
    status = -1;
done:
    interp_leave_recursive();
    return status;
}

static int dump(PicklerObject *p, Value obj) {
    Value ro = lookup_attr(V_FROM_PTR(p), "reducer_override");
    if (!ro && err_occurred()) return -1;
    p->reducer_override = ro;
    int status = -1;
    if (p->proto >= 2) {
        char h[2] = {(char)PROTO, (char)p->proto};
        pk_write(p, h, 2);
        if (p->proto >= 4) p->framing = true;
    }
    if (save(p, obj, false) == 0) {
        pk_write1(p, STOP);
        commit_frame(p);
        status = 0;
    }
    p->framing = false;
    p->reducer_override = VNULL;
    return status;
}

static int set_protocol(PicklerObject *p, Value protocol, Value fix_imports) {
    int64_t proto;
    if (!protocol || protocol == V_NONE) {
        proto = DEFAULT_PROTOCOL;
    } else {
        if (!int_check(protocol)) {
            Value i = obj_index(protocol);
            if (!i) return -1;
            protocol = i;
        }
        proto = int_as_i64(protocol);
        if (proto == -1 && err_occurred()) return -1;
        if (proto < 0) {
            proto = HIGHEST_PROTOCOL;
        } else if (proto > HIGHEST_PROTOCOL) {
            err_format(&exc_ValueError, "pickle protocol must be <= %d", HIGHEST_PROTOCOL);
            return -1;
        }
    }
    int fix = 1;
    if (fix_imports) {
        fix = obj_truth(fix_imports);
        if (fix < 0) return -1;
    }
    p->proto = (int)proto;
    p->bin = proto > 0;
    p->fix_imports = fix && proto < 3;
    return 0;
}

static int set_buffer_callback(PicklerObject *p, Value cb) {
    if (cb == V_NONE) cb = VNULL;
    if (cb && p->proto < 5) {
        err_set(&exc_ValueError, "buffer_callback needs protocol >= 5");
        return -1;
    }
    p->buffer_callback = cb;
    return 0;
}

static Value pickler_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    PicklerObject *p = (PicklerObject *)obj_alloc(t, t->basicsize);
    pmemo_init(&p->memo);
    pickler_reset_output(p);
    p->proto = DEFAULT_PROTOCOL;
    p->bin = true;
    return V_FROM_PTR(p);
}

static const ArgSpec pickler_init_spec = {
    "Pickler", 0, 1, 0, {"file", "protocol=None", "fix_imports=True", "buffer_callback=None", NULL}};

static int pickler_init(Value self, Value *args, size_t nargs, Value kwnames) {
    PicklerObject *p = V_AS(PicklerObject, self);
    Value a[4];
    if (arg_parse(&pickler_init_spec, args, nargs, kwnames, a) < 0) return -1;
    if (state_init() < 0) return -1;
    if (p->initialized) {
        pmemo_clear(&p->memo);
        p->pers_func = p->dispatch_table = p->buffer_callback = VNULL;
        p->write = VNULL;
    }
    if (set_protocol(p, a[1], a[2]) < 0) return -1;
    p->write = lookup_attr(a[0], "write");
    if (!p->write) {
        if (!err_occurred()) err_set(&exc_TypeError, "file must have a 'write' attribute");
        return -1;
    }
    if (set_buffer_callback(p, a[3] ? a[3] : V_NONE) < 0) return -1;
    pickler_reset_output(p);
    p->fast = 0;
    p->fast_nesting = 0;
    p->fast_memo = VNULL;
    p->initialized = true;
    p->pers_func = lookup_attr(self, "persistent_id");
    if (!p->pers_func && err_occurred()) return -1;
    p->dispatch_table = lookup_attr(self, "dispatch_table");
    if (!p->dispatch_table && err_occurred()) return -1;
    return 0;
}

static const ArgSpec pickler_dump_spec = {"dump", 1, 1, 0, {"obj", NULL}};
static Value pickler_dump_m(Value *args, size_t nargs, Value kwnames) {
    Value a[1];
    if (arg_parse(&pickler_dump_spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    PicklerObject *p = V_AS(PicklerObject, args[0]);
    if (!p->write)
        return err_format(V_AS(Type, PicklingError), "Pickler.__init__() was not called by %s.__init__()",
                          type_of(args[0])->tname);
    pickler_reset_output(p);
    if (dump(p, a[0]) < 0) return VNULL;
    if (flush_to_file(p) < 0) return VNULL;
    pickler_reset_output(p);
    return V_NONE;
}

static Value pickler_clear_memo_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("clear_memo", nargs - 1, 0, 0) < 0) return VNULL;
    pmemo_clear(&V_AS(PicklerObject, args[0])->memo);
    return V_NONE;
}

static Value pickler_sizeof_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__sizeof__", nargs - 1, 0, 0) < 0) return VNULL;
    PicklerObject *p = V_AS(PicklerObject, args[0]);
    return int_from_i64((int64_t)(sizeof(PicklerObject) + (size_t)(p->memo.mask + 1) * sizeof(MemoEntry) + p->out.cap));
}

/* memo proxies: the memo seen as a dict (id(obj) -> (index, obj) for the
   Pickler, index -> obj for the Unpickler) */
typedef struct MemoProxyObject {
    Object hdr;
    Value owner;
} MemoProxyObject;

static Value memoproxy_new(Type *t, Value owner) {
    MemoProxyObject *m = (MemoProxyObject *)obj_alloc(t, sizeof(MemoProxyObject));
    m->owner = owner;
    return V_FROM_PTR(m);
}

static Value id_of(Value v) {
    if (v_is_int(v) || v_is_smallfloat(v)) return int_from_u64(((uint64_t)v << 1) | 1);   /* as builtins.id */
    return int_from_u64((uint64_t)v);
}

static Value pickler_memo_copy(PicklerObject *p) {
    Value d = dict_new();
    for (int64_t i = 0; i <= p->memo.mask; i++) {
        MemoEntry *e = &p->memo.tab[i];
        if (e->key && dict_set(d, id_of(e->key), tuple_pack(2, int_from_i64(e->idx), e->key)) < 0) return VNULL;
    }
    return d;
}

static Value pmp_copy(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("copy", nargs - 1, 0, 0) < 0) return VNULL;
    return pickler_memo_copy(V_AS(PicklerObject, V_AS(MemoProxyObject, args[0])->owner));
}

static Value pmp_clear(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("clear", nargs - 1, 0, 0) < 0) return VNULL;
    pmemo_clear(&V_AS(PicklerObject, V_AS(MemoProxyObject, args[0])->owner)->memo);
    return V_NONE;
}

static Value pmp_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    Value c = pickler_memo_copy(V_AS(PicklerObject, V_AS(MemoProxyObject, args[0])->owner));
    if (!c) return VNULL;
    return tuple_pack(2, V_FROM_PTR(&dict_type), tuple_pack(1, c));
}

static Value pickler_get_memo(Value self) { return memoproxy_new(&pickler_memoproxy_type, self); }

static int pickler_set_memo(Value self, Value v) {
    PicklerObject *p = V_AS(PicklerObject, self);
    if (!v) {
        err_set(&exc_TypeError, "attribute deletion is not supported");
        return -1;
    }
    if (type_of(v) == &pickler_memoproxy_type) {
        PicklerObject *src = V_AS(PicklerObject, V_AS(MemoProxyObject, v)->owner);
        PMemo m;
        pmemo_init(&m);
        for (int64_t i = 0; i <= src->memo.mask; i++)
            if (src->memo.tab[i].key) pmemo_set(&m, src->memo.tab[i].key, src->memo.tab[i].idx);
        p->memo = m;
        return 0;
    }
    if (!dict_check(v)) {
        err_format(&exc_TypeError, "'memo' attribute must be a PicklerMemoProxy object or dict, not %T", v);
        return -1;
    }
    PMemo m;
    pmemo_init(&m);
    int64_t pos = 0;
    Value k, val;
    while (dict_next(v, &pos, &k, &val)) {
        if (!tuple_check(val) || tuple_size(val) != 2) {
            err_set(&exc_TypeError, "'memo' values must be 2-item tuples");
            return -1;
        }
        Value idx = tuple_get(val, 0);
        if (!int_check(idx)) {
            err_set(&exc_TypeError, "an integer is required");
            return -1;
        }
        int64_t i = int_as_i64(idx);
        if (i == -1 && err_occurred()) return -1;
        pmemo_set(&m, tuple_get(val, 1), i);
    }
    p->memo = m;
    return 0;
}

static Value pickler_get_persid(Value self) {
    PicklerObject *p = V_AS(PicklerObject, self);
    if (!p->pers_func) return err_set(&exc_AttributeError, "persistent_id");
    return p->pers_func;
}

static int pickler_set_persid(Value self, Value v) {
    if (!v) {
        err_set(&exc_TypeError, "attribute deletion is not supported");
        return -1;
    }
    if (!is_callable(v)) {
        err_set(&exc_TypeError, "persistent_id must be a callable taking one argument");
        return -1;
    }
    V_AS(PicklerObject, self)->pers_func = v;
    return 0;
}

static Value pickler_get_dispatch_table(Value self) {
    PicklerObject *p = V_AS(PicklerObject, self);
    if (!p->dispatch_table)
        return err_format(&exc_AttributeError, "'%s' object has no attribute 'dispatch_table'", type_of(self)->tname);
    return p->dispatch_table;
}

static int pickler_set_dispatch_table(Value self, Value v) {
    V_AS(PicklerObject, self)->dispatch_table = v;   /* VNULL: deleted */
    return 0;
}

static Value pickler_get_bin(Value self) { return v_int(V_AS(PicklerObject, self)->bin); }
static int pickler_set_bin(Value self, Value v) {
    if (!v) {
        err_set(&exc_TypeError, "can't delete numeric/char attribute");
        return -1;
    }
    int64_t x = obj_index_i64(v);
    if (x == -1 && err_occurred()) return -1;
    V_AS(PicklerObject, self)->bin = x != 0;
    return 0;
}

static Value pickler_get_fast(Value self) { return v_int(V_AS(PicklerObject, self)->fast); }
static int pickler_set_fast(Value self, Value v) {
    if (!v) {
        err_set(&exc_TypeError, "can't delete numeric/char attribute");
        return -1;
    }
    int64_t x = obj_index_i64(v);
    if (x == -1 && err_occurred()) return -1;
    V_AS(PicklerObject, self)->fast = (int)x;
    return 0;
}

/* ---- Unpickler ---------------------------------------------------------------- */

typedef struct UnpicklerObject {
    Object hdr;
    Value *stack;
    int64_t sp, scap;
    int64_t fence;              /* items below it belong to an outer MARK */
    bool mark_set;
    int64_t *marks;
    int64_t nmarks, mcap;
    Value *memo;
    int64_t memo_size, memo_len;
    const char *input;          /* the bytes being read: input[idx..len) */
    int64_t input_len, idx;
    Value input_obj;            /* keeps input alive */
    Value read, readline;       /* file methods; VNULL for loads() */
    Value peek;                 /* the file's peek, or VNULL */
    int64_t prefetched_idx;     /* input[prefetched_idx..idx) was peeked and
                                   consumed: read() it before the file is
                                   read again (input_len: nothing peeked) */
    Value pers_func;
    Value buffers;              /* iterator, or VNULL */
    Value encoding, errors;     /* str */
    int proto;
    bool fix_imports, initialized;
} UnpicklerObject;

static int stack_underflow(UnpicklerObject *u) {
    unpickling_error(u->mark_set ? "unexpected MARK found" : "unpickling stack underflow");
    return -1;
}

static inline void upush(UnpicklerObject *u, Value v) {
    if (__builtin_expect(u->sp == u->scap, 0)) {
        int64_t n = u->scap ? u->scap * 2 : 16;
        Value *s = gc_alloc((size_t)n * sizeof(Value));
        values_copy(s, u->stack, (size_t)u->sp);
        u->stack = s;
        u->scap = n;
    }
    u->stack[u->sp++] = v;
}

static inline Value upop(UnpicklerObject *u) {
    if (u->sp <= u->fence) {
        stack_underflow(u);
        return VNULL;
    }
    Value v = u->stack[--u->sp];
    u->stack[u->sp] = VNULL;
    return v;
}

static void uclear(UnpicklerObject *u, int64_t to) {
    while (u->sp > to) u->stack[--u->sp] = VNULL;
}

static Value poptuple(UnpicklerObject *u, int64_t start) {
    if (start < u->fence) {
        stack_underflow(u);
        return VNULL;
    }
    Value t = tuple_from_array(u->stack + start, u->sp - start);
    uclear(u, start);
    return t;
}

static Value poplist(UnpicklerObject *u, int64_t start) {
    Value l = list_from_array(u->stack + start, u->sp - start);
    uclear(u, start);
    return l;
}

static int64_t marker(UnpicklerObject *u) {
    if (u->nmarks < 1) {
        unpickling_error("could not find MARK");
        return -1;
    }
    int64_t m = u->marks[--u->nmarks];
    u->mark_set = u->nmarks != 0;
    u->fence = u->nmarks ? u->marks[u->nmarks - 1] : 0;
    return m;
}

static int bad_readline(void) {
    unpickling_error("pickle data was truncated");
    return -1;
}

static void set_input(UnpicklerObject *u, Value obj, const char *data, int64_t n) {
    u->input_obj = obj;
    u->input = data;
    u->input_len = n;
    u->idx = 0;
    u->prefetched_idx = n;
}

/* what read(), readline() or peek() returned, as the new input */
static int set_input_from(UnpicklerObject *u, Value data) {
    const char *d;
    int64_t len;
    if (bytes_check(data)) {
        d = bytes_data(data);
        len = bytes_size(data);
    } else if (byteslike_view(data, &d, &len)) {
        data = bytes_new(d, (size_t)len);   /* a copy: the exporter may change */
        d = bytes_data(data);
    } else {
        err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", data);
        return -1;
    }
    set_input(u, data, d, len);
    return 0;
}

/* consume from the file what was used of peeked data */
static int skip_consumed(UnpicklerObject *u) {
    int64_t consumed = u->idx - u->prefetched_idx;
    if (consumed <= 0) return 0;
    if (!obj_call1(u->read, int_from_i64(consumed))) return -1;
    u->prefetched_idx = u->idx;
    return 0;
}

enum { PREFETCH = 8192 * 16 };

/* n bytes at *s; reads from the file when the buffer has too few. Small
   reads peek ahead when the file can (a buffered file): the opcodes that
   follow are then read from memory */
static int uread_slow(UnpicklerObject *u, const char **s, int64_t n) {
    if (!u->read) return bad_readline();
    if (skip_consumed(u) < 0) return -1;
    if (u->peek && n < PREFETCH) {
        Value data = obj_call1(u->peek, v_int(PREFETCH));
        if (!data) {
            if (!err_matches(&exc_NotImplementedError)) return -1;
            err_clear();
            u->peek = VNULL;
        } else {
            if (set_input_from(u, data) < 0) return -1;
            u->prefetched_idx = 0;
            if (n <= u->input_len) {
                *s = u->input;
                u->idx = n;
                return 0;
            }
        }
    }
    Value data = obj_call1(u->read, int_from_i64(n));
    if (!data || set_input_from(u, data) < 0) return -1;
    if (u->input_len < n) return bad_readline();
    *s = u->input;
    u->idx = n;
    return 0;
}

static inline int uread(UnpicklerObject *u, const char **s, int64_t n) {
    if (__builtin_expect(n <= u->input_len - u->idx, 1)) {
        *s = u->input + u->idx;
        u->idx += n;
        return 0;
    }
    return uread_slow(u, s, n);
}

/* a line, its '\n' included: its length, or -1 */
static int64_t ureadline(UnpicklerObject *u, const char **s) {
    const char *start = u->input + u->idx;
    const char *nl = memchr(start, '\n', (size_t)(u->input_len - u->idx));
    if (nl) {
        int64_t n = nl - start + 1;
        u->idx += n;
        *s = start;
        return n;
    }
    if (!u->read) return bad_readline();
    if (skip_consumed(u) < 0) return -1;
    Value line = obj_call0(u->readline);
    if (!line || set_input_from(u, line) < 0) return -1;
    int64_t len = u->input_len;
    if (len == 0 || u->input[len - 1] != '\n') return bad_readline();
    u->idx = len;
    *s = u->input;
    return len;
}

/* a NUL-terminated copy of a line (for the C number parsers) */
static char *line_copy(const char *s, int64_t n) {
    char *c = gc_alloc_atomic((size_t)n + 1);
    memcpy(c, s, (size_t)n);
    c[n] = 0;
    return c;
}

static int64_t calc_binsize(const char *b, int n) {
    const unsigned char *s = (const unsigned char *)b;
    uint64_t x = 0;
    for (int i = 0; i < n; i++) x |= (uint64_t)s[i] << (8 * i);
    if (x > (uint64_t)INT64_MAX) return -1;
    return (int64_t)x;
}

static long calc_binint(const char *b, int n) {
    const unsigned char *s = (const unsigned char *)b;
    long x = 0;
    for (int i = 0; i < n; i++) x |= (long)s[i] << (8 * i);
    if (n == 4) x |= -(x & (1L << 31));
    return x;
}

static Value memo_lookup(UnpicklerObject *u, int64_t idx) {
    if (idx < 0 || idx >= u->memo_size) return VNULL;
    return u->memo[idx];
}

static int memo_store(UnpicklerObject *u, int64_t idx, Value v) {
    if (idx >= u->memo_size) {
        int64_t n = idx * 2 + 1;
        if (n < 32) n = 32;
        Value *m = gc_try_alloc((size_t)n * sizeof(Value));
        if (!m) {
            err_no_memory();
            return -1;
        }
        memset(m, 0, (size_t)n * sizeof(Value));
        values_copy(m, u->memo, (size_t)u->memo_size);
        u->memo = m;
        u->memo_size = n;
    }
    if (!u->memo[idx]) u->memo_len++;
    u->memo[idx] = v;
    return 0;
}

static int memo_missing(int64_t idx) {
    err_format(V_AS(Type, UnpicklingError), "Memo value not found at index %ld", (long)idx);
    return -1;
}

static Value long_from_le(const unsigned char *d, int64_t n) {
    if (n <= 8) {
        uint64_t x = 0;
        for (int64_t i = 0; i < n; i++) x |= (uint64_t)d[i] << (8 * i);
        if (n < 8 && (d[n - 1] & 0x80)) x |= ~(uint64_t)0 << (8 * n);   /* sign-extend */
        return int_from_i64((int64_t)x);
    }
    mpz_t z;
    mpz_init(z);
    mpz_import(z, (size_t)n, -1, 1, 0, 0, d);
    if (d[n - 1] & 0x80) {
        mpz_t t;
        mpz_init(t);
        mpz_ui_pow_ui(t, 2, (unsigned long)(8 * n));
        mpz_sub(z, z, t);
        mpz_clear(t);
    }
    Value r = int_from_mpz(z);
    mpz_clear(z);
    return r;
}

/* decode a Python 2 str with the Unpickler's encoding ('bytes': keep bytes) */
static Value decode_py2_str(UnpicklerObject *u, const char *s, int64_t n) {
    Value b = bytes_new(s, (size_t)n);
    if (str_eq_cstr(u->encoding, "bytes")) return b;
    return codec_decode_bytes(b, u->encoding, u->errors);
}

static Value decode_ascii_strict(const char *s, int64_t n) {
    for (int64_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80) return codec_decode_bytes(bytes_new(s, (size_t)n), str_intern_cstr("ascii"), VNULL);
    return str_new(s, (size_t)n);
}

static Value decode_utf8_sp(const char *s, int64_t n) {
    if (utf8_valid(s, (size_t)n)) return str_new(s, (size_t)n);
    return codec_decode_bytes(bytes_new(s, (size_t)n), str_intern_cstr("utf-8"), str_intern_cstr("surrogatepass"));
}

/* protocol 0's UNICODE argument: \uXXXX and \UXXXXXXXX escapes, other
   bytes latin-1 */
static Value raw_unicode_escape_decode(const char *s, int64_t n) {
    Buf b;
    buf_init(&b, (size_t)n + 8);
    for (int64_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\\') {
            /* a run of backslashes: an escape only when the run is odd and
               a u or U follows; the others are literal */
            int64_t r = 1;
            while (i + r < n && s[i + r] == '\\') r++;
            bool esc = (r & 1) && i + r < n && (s[i + r] == 'u' || s[i + r] == 'U');
            int64_t lit = esc ? r - 1 : r;
            buf_fill(&b, '\\', (size_t)lit);
            i += lit;
            if (!esc) continue;
        }
        if (c == '\\') {
            int digits = s[i + 1] == 'u' ? 4 : 8;
            uint32_t cp = 0;
            int64_t j = i + 2;
            for (int k = 0; k < digits; k++, j++) {
                int h = j < n ? s[j] : -1;
                int v = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
                        : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
                if (v < 0) {
                    Value e = exc_new(&exc_UnicodeDecodeError,
                                      (Value[]){str_intern_cstr("rawunicodeescape"), bytes_new(s, (size_t)n),
                                                int_from_i64(i), int_from_i64(j),
                                                str_from_cstr(digits == 4 ? "truncated \\uXXXX escape"
                                                                          : "truncated \\UXXXXXXXX escape")},
                                      5);
                    if (e) err_set_exc(e);
                    return VNULL;
                }
                cp = cp * 16 + (uint32_t)v;
            }
            if (cp > 0x10ffff) {
                Value e = exc_new(&exc_UnicodeDecodeError,
                                  (Value[]){str_intern_cstr("rawunicodeescape"), bytes_new(s, (size_t)n),
                                            int_from_i64(i), int_from_i64(j), str_from_cstr("\\Uxxxxxxxx out of range")},
                                  5);
                if (e) err_set_exc(e);
                return VNULL;
            }
            char u8[4];
            buf_put(&b, u8, (size_t)utf8_encode(cp, u8));
            i = j;
            continue;
        }
        if (c < 0x80) {
            buf_putc(&b, (char)c);
        } else {
            char u8[4];
            buf_put(&b, u8, (size_t)utf8_encode(c, u8));
        }
        i++;
    }
    return str_from_buf(&b);
}

static Value call_find_class(UnpicklerObject *u, Value module, Value name) {
    Value a[2] = {module, name};
    return obj_call_method(V_FROM_PTR(u), "find_class", a, 2);
}

static Value parse_line_int(char *c);

static int load_int(UnpicklerObject *u) {
    const char *s;
    int64_t len = ureadline(u, &s);
    if (len < 0) return -1;
    if (len < 2) return bad_readline();
    char *c = line_copy(s, len);
    char *end;
    errno = 0;
    long x = strtol(c, &end, 0);
    Value v;
    if (errno || (*end != '\n' && *end != 0)) {
        size_t n = strlen(c);
        while (n && (c[n - 1] == '\n' || c[n - 1] == ' ')) n--;
        v = int_from_string(c, n, 0);
        if (!v) {
            err_clear();
            err_set(&exc_ValueError, "could not convert string to int");
            return -1;
        }
    } else if (len == 3 && (x == 0 || x == 1)) {
        v = v_bool(x);
    } else {
        v = int_from_i64(x);
    }
    upush(u, v);
    return 0;
}

static int load_long(UnpicklerObject *u) {
    const char *s;
    int64_t len = ureadline(u, &s);
    if (len < 0) return -1;
    if (len < 2) return bad_readline();
    char *c = line_copy(s, len);
    if (c[len - 2] == 'L') c[len - 2] = 0;   /* Python 2's suffix, optional */
    Value v = parse_line_int(c);
    if (!v) return -1;
    upush(u, v);
    return 0;
}

static int load_float(UnpicklerObject *u) {
    const char *s;
    int64_t len = ureadline(u, &s);
    if (len < 0) return -1;
    if (len < 2) return bad_readline();
    char *c = line_copy(s, len);
    char *end;
    /* Python's float syntax: no leading space, no hexadecimal */
    const char *q = c + (*c == '+' || *c == '-');
    errno = 0;
    double d = (*c == ' ' || *c == '\t' || *c == '\n' || (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')))
                   ? (end = c, 0.0)
                   : numfmt_strtod_c(c, &end);
    if (end == c) {
        err_format(&exc_ValueError, "could not convert string to float: '%s'", c);
        return -1;
    }
    if (errno == ERANGE && fabs(d) >= 1.0) {
        err_format(&exc_OverflowError, "value too large to convert to float: %s", c);
        return -1;
    }
    if (*end != '\n' && *end != 0) {
        err_set(&exc_ValueError, "could not convert string to float");
        return -1;
    }
    upush(u, float_from_double(d));
    return 0;
}

static int load_binfloat(UnpicklerObject *u) {
    const char *s;
    if (uread(u, &s, 8) < 0) return -1;
    uint64_t x = 0;
    for (int i = 0; i < 8; i++) x = (x << 8) | (unsigned char)s[i];
    upush(u, float_from_double(bits_double(x)));
    return 0;
}

static int load_binint(UnpicklerObject *u, int n) {
    const char *s;
    if (uread(u, &s, n) < 0) return -1;
    upush(u, v_int(calc_binint(s, n)));
    return 0;
}

static int load_counted_long(UnpicklerObject *u, int n) {
    const char *s;
    if (uread(u, &s, n) < 0) return -1;
    long size = calc_binint(s, n);
    if (size < 0) {
        unpickling_error("LONG pickle has negative byte count");
        return -1;
    }
    if (size == 0) {
        upush(u, v_int(0));
        return 0;
    }
    if (uread(u, &s, size) < 0) return -1;
    Value v = long_from_le((const unsigned char *)s, size);
    if (!v) return -1;
    upush(u, v);
    return 0;
}

static int load_string(UnpicklerObject *u) {
    const char *s;
    int64_t len = ureadline(u, &s);
    if (len < 0) return -1;
    len--;
    if (!(len >= 2 && s[0] == s[len - 1] && (s[0] == '\'' || s[0] == '"'))) {
        unpickling_error("the STRING opcode argument must be quoted");
        return -1;
    }
    Value f = module_attr("_codecs", "escape_decode");
    if (!f) return -1;
    Value r = obj_call1(f, bytes_new(s + 1, (size_t)(len - 2)));
    if (!r) return -1;
    Value b = tuple_get(r, 0);
    Value v = str_eq_cstr(u->encoding, "bytes") ? b : codec_decode_bytes(b, u->encoding, u->errors);
    if (!v) return -1;
    upush(u, v);
    return 0;
}

static int load_counted_binstring(UnpicklerObject *u, int n) {
    const char *s;
    if (uread(u, &s, n) < 0) return -1;
    int64_t size = calc_binsize(s, n);
    if (size < 0) {
        err_format(V_AS(Type, UnpicklingError), "BINSTRING exceeds system's maximum size of %zd bytes",
                   (ssize_t)INT64_MAX);
        return -1;
    }
    if (uread(u, &s, size) < 0) return -1;
    Value v = decode_py2_str(u, s, size);
    if (!v) return -1;
    upush(u, v);
    return 0;
}

static int load_counted_binbytes(UnpicklerObject *u, int n) {
    const char *s;
    if (uread(u, &s, n) < 0) return -1;
    int64_t size = calc_binsize(s, n);
    if (size < 0) {
        err_format(&exc_OverflowError, "BINBYTES exceeds system's maximum size of %zd bytes", (ssize_t)INT64_MAX);
        return -1;
    }
    if (uread(u, &s, size) < 0) return -1;
    upush(u, bytes_new(s, (size_t)size));
    return 0;
}

static int load_counted_bytearray(UnpicklerObject *u) {
    const char *s;
    if (uread(u, &s, 8) < 0) return -1;
    int64_t size = calc_binsize(s, 8);
    if (size < 0) {
        err_format(&exc_OverflowError, "BYTEARRAY8 exceeds system's maximum size of %zd bytes", (ssize_t)INT64_MAX);
        return -1;
    }
    if (uread(u, &s, size) < 0) return -1;
    upush(u, bytearray_new(s, (size_t)size));
    return 0;
}

static int load_unicode(UnpicklerObject *u) {
    const char *s;
    int64_t len = ureadline(u, &s);
    if (len < 0) return -1;
    if (len < 1) return bad_readline();
    Value v = raw_unicode_escape_decode(s, len - 1);
    if (!v) return -1;
    upush(u, v);
    return 0;
}

static int load_counted_binunicode(UnpicklerObject *u, int n) {
    const char *s;
    if (uread(u, &s, n) < 0) return -1;
    int64_t size = calc_binsize(s, n);
    if (size < 0) {
        err_format(&exc_OverflowError, "BINUNICODE exceeds system's maximum size of %zd bytes", (ssize_t)INT64_MAX);
        return -1;
    }
    if (uread(u, &s, size) < 0) return -1;
    Value v = decode_utf8_sp(s, size);
    if (!v) return -1;
    upush(u, v);
    return 0;
}

static int load_next_buffer(UnpicklerObject *u) {
    if (!u->buffers) {
        unpickling_error("pickle stream refers to out-of-band data but no *buffers* argument was given");
        return -1;
    }
    Value b = obj_next(u->buffers);
    if (!b) {
        if (!err_occurred()) unpickling_error("not enough out-of-band buffers");
        return -1;
    }
    upush(u, b);
    return 0;
}

static int load_readonly_buffer(UnpicklerObject *u) {
    if (u->sp <= u->fence) return stack_underflow(u);
    Value obj = u->stack[u->sp - 1];
    Value view = memoryview_new(obj);
    if (!view) return -1;
    Value ro = obj_getattr_cstr(view, "readonly");
    if (!ro) return -1;
    if (ro == V_FALSE) {
        Value r = obj_call_method(view, "toreadonly", NULL, 0);
        if (!r) return -1;
        u->stack[u->sp - 1] = r;
    }
    return 0;
}

static int load_counted_tuple(UnpicklerObject *u, int64_t len) {
    if (u->sp < len) return stack_underflow(u);
    Value t = poptuple(u, u->sp - len);
    if (!t) return -1;
    upush(u, t);
    return 0;
}

static int load_tuple(UnpicklerObject *u) {
    int64_t i = marker(u);
    if (i < 0) return -1;
    Value t = poptuple(u, i);
    if (!t) return -1;
    upush(u, t);
    return 0;
}

static int load_list(UnpicklerObject *u) {
    int64_t i = marker(u);
    if (i < 0) return -1;
    upush(u, poplist(u, i));
    return 0;
}

static int load_dict(UnpicklerObject *u) {
    int64_t i = marker(u);
    if (i < 0) return -1;
    int64_t j = u->sp;
    if ((j - i) % 2 != 0) {
        unpickling_error("odd number of items for DICT");
        return -1;
    }
    Value d = dict_new();
    for (int64_t k = i + 1; k < j; k += 2)
        if (dict_set(d, u->stack[k - 1], u->stack[k]) < 0) return -1;
    uclear(u, i);
    upush(u, d);
    return 0;
}

static int load_frozenset(UnpicklerObject *u) {
    int64_t i = marker(u);
    if (i < 0) return -1;
    Value items = poptuple(u, i);
    if (!items) return -1;
    Value fs = obj_call1(V_FROM_PTR(&frozenset_type), items);
    if (!fs) return -1;
    upush(u, fs);
    return 0;
}

/* cls(*args), or cls.__new__(cls) for an old-style class instance without
   __getinitargs__ */
static Value instantiate(Value cls, Value args) {
    if (tuple_size(args) == 0 && type_check(cls)) {
        Value f = lookup_attr(cls, "__getinitargs__");
        if (!f) {
            if (err_occurred()) return VNULL;
            Value a[1] = {cls};
            return obj_call_method(cls, "__new__", a, 1);
        }
    }
    return obj_call_tuple_dict(cls, args, VNULL);
}

static int load_obj(UnpicklerObject *u) {
    int64_t i = marker(u);
    if (i < 0) return -1;
    if (u->sp - i < 1) return stack_underflow(u);
    Value args = poptuple(u, i + 1);
    if (!args) return -1;
    Value cls = upop(u);
    if (!cls) return -1;
    Value obj = instantiate(cls, args);
    if (!obj) return -1;
    upush(u, obj);
    return 0;
}

static int load_inst(UnpicklerObject *u) {
    int64_t i = marker(u);
    if (i < 0) return -1;
    const char *s;
    int64_t len = ureadline(u, &s);
    if (len < 0) return -1;
    if (len < 2) return bad_readline();
    Value module = decode_ascii_strict(s, len - 1);
    if (!module) return -1;
    len = ureadline(u, &s);
    if (len < 0) return -1;
    if (len < 2) return bad_readline();
    Value name = decode_ascii_strict(s, len - 1);
    if (!name) return -1;
    Value cls = call_find_class(u, module, name);
    if (!cls) return -1;
    Value args = poptuple(u, i);
    if (!args) return -1;
    Value obj = instantiate(cls, args);
    if (!obj) return -1;
    upush(u, obj);
    return 0;
}

static int load_newobj(UnpicklerObject *u, bool use_kwargs) {
    Value kwargs = VNULL;
    if (use_kwargs && !(kwargs = upop(u))) return -1;
    Value args = upop(u);
    if (!args) return -1;
    Value cls = upop(u);
    if (!cls) return -1;
    const char *op = use_kwargs ? "NEWOBJ_EX" : "NEWOBJ";
    if (!type_check(cls)) {
        err_format(V_AS(Type, UnpicklingError), "%s class argument must be a type, not %T", op, cls);
        return -1;
    }
    Value newf = type_lookup(V_AS(Type, cls), NAME(__new__));
    if (!newf) {
        err_format(V_AS(Type, UnpicklingError), "%s class argument '%T' doesn't have __new__", op, cls);
        return -1;
    }
    if (!tuple_check(args)) {
        err_format(V_AS(Type, UnpicklingError), "%s args argument must be a tuple, not %T", op, args);
        return -1;
    }
    if (use_kwargs && !dict_check(kwargs)) {
        err_format(V_AS(Type, UnpicklingError), "%s kwargs argument must be a dict, not %T", op, kwargs);
        return -1;
    }
    Value bound = obj_getattr(cls, NAME(__new__));
    if (!bound) return -1;
    int64_t n = tuple_size(args);
    Value a = tuple_new(n + 1);
    tuple_items(a)[0] = cls;
    for (int64_t i = 0; i < n; i++) tuple_items(a)[i + 1] = tuple_get(args, i);
    Value obj = obj_call_tuple_dict(bound, a, kwargs && dict_size(kwargs) ? kwargs : VNULL);
    if (!obj) return -1;
    upush(u, obj);
    return 0;
}

static int load_global(UnpicklerObject *u) {
    const char *s;
    int64_t len = ureadline(u, &s);
    if (len < 0) return -1;
    if (len < 2) return bad_readline();
    Value module = decode_utf8_sp(s, len - 1);
    if (!module) return -1;
    len = ureadline(u, &s);
    if (len < 0) return -1;
    if (len < 2) return bad_readline();
    Value name = decode_utf8_sp(s, len - 1);
    if (!name) return -1;
    Value g = call_find_class(u, module, name);
    if (!g) return -1;
    upush(u, g);
    return 0;
}

static int load_stack_global(UnpicklerObject *u) {
    /* an underflow is reported as the wrong types (CPython 3.11.2) */
    Value name = upop(u);
    Value module = upop(u);
    if (!module || !name || !str_check_exact(module) || !str_check_exact(name)) {
        err_clear();
        unpickling_error("STACK_GLOBAL requires str");
        return -1;
    }
    Value g = call_find_class(u, module, name);
    if (!g) return -1;
    upush(u, g);
    return 0;
}

static int load_persid(UnpicklerObject *u, bool bin) {
    if (!u->pers_func) {
        unpickling_error("A load persistent id instruction was encountered,\n"
                         "but no persistent_load function was specified.");
        return -1;
    }
    Value pid;
    if (bin) {
        pid = upop(u);
        if (!pid) return -1;
    } else {
        const char *s;
        int64_t len = ureadline(u, &s);
        if (len < 0) return -1;
        if (len < 1) return bad_readline();
        pid = decode_ascii_strict(s, len - 1);
        if (!pid) {
            if (err_matches(&exc_UnicodeDecodeError)) {
                err_clear();
                unpickling_error("persistent IDs in protocol 0 must be ASCII strings");
            }
            return -1;
        }
    }
    Value obj = obj_call1(u->pers_func, pid);
    if (!obj) return -1;
    upush(u, obj);
    return 0;
}

static int load_pop(UnpicklerObject *u) {
    int64_t len = u->sp;
    /* marks live apart from the objects: POP of a just-pushed MARK pops it */
    if (u->nmarks > 0 && u->marks[u->nmarks - 1] == len) {
        u->nmarks--;
        u->mark_set = u->nmarks != 0;
        u->fence = u->nmarks ? u->marks[u->nmarks - 1] : 0;
    } else if (len <= u->fence) {
        return stack_underflow(u);
    } else {
        u->stack[--u->sp] = VNULL;
    }
    return 0;
}

static int load_pop_mark(UnpicklerObject *u) {
    int64_t i = marker(u);
    if (i < 0) return -1;
    uclear(u, i);
    return 0;
}

static int load_dup(UnpicklerObject *u) {
    if (u->sp <= u->fence) return stack_underflow(u);
    upush(u, u->stack[u->sp - 1]);
    return 0;
}

static int load_mark(UnpicklerObject *u) {
    if (u->nmarks == u->mcap) {
        int64_t n = u->mcap ? u->mcap * 2 : 16;
        int64_t *m = gc_alloc_atomic((size_t)n * sizeof(int64_t));
        if (u->nmarks) memcpy(m, u->marks, (size_t)u->nmarks * sizeof(int64_t));
        u->marks = m;
        u->mcap = n;
    }
    u->marks[u->nmarks++] = u->sp;
    u->mark_set = true;
    u->fence = u->sp;
    return 0;
}

/* int(line, 10) as PyLong_FromString parses it: its message shows the
   line up to a NUL, newline included */
static Value parse_line_int(char *c) {
    size_t n = strlen(c), m = n;
    while (m && (c[m - 1] == '\n' || c[m - 1] == ' ')) m--;
    Value k = m ? int_from_string(c, m, 10) : VNULL;
    if (!k) {
        err_clear();
        Value line = codec_decode_bytes(bytes_new(c, n > 200 ? 200 : n), str_intern_cstr("utf-8"),
                                        str_intern_cstr("replace"));
        if (line) err_format(&exc_ValueError, "invalid literal for int() with base 10: %R", line);
    }
    return k;
}

static int64_t parse_line_index(const char *s, int64_t len) {
    Value k = parse_line_int(line_copy(s, len));
    if (!k) return -2;
    int64_t i = int_as_i64(k);
    if (i == -1 && err_occurred()) return -2;
    return i;
}

static int load_get(UnpicklerObject *u) {
    const char *s;
    int64_t len = ureadline(u, &s);
    if (len < 0) return -1;
    if (len < 2) return bad_readline();
    int64_t i = parse_line_index(s, len);
    if (i == -2 && err_occurred()) return -1;
    Value v = memo_lookup(u, i);
    if (!v) return memo_missing(i);
    upush(u, v);
    return 0;
}

static int load_binget(UnpicklerObject *u, int n) {
    const char *s;
    if (uread(u, &s, n) < 0) return -1;
    int64_t i = calc_binsize(s, n);
    Value v = memo_lookup(u, i);
    if (!v) return memo_missing(i);
    upush(u, v);
    return 0;
}

static int load_put(UnpicklerObject *u) {
    const char *s;
    int64_t len = ureadline(u, &s);
    if (len < 0) return -1;
    if (len < 2) return bad_readline();
    if (u->sp <= u->fence) return stack_underflow(u);
    int64_t i = parse_line_index(s, len);
    if (i < 0) {
        if (!err_occurred()) err_set(&exc_ValueError, "negative PUT argument");
        return -1;
    }
    return memo_store(u, i, u->stack[u->sp - 1]);
}

static int load_binput(UnpicklerObject *u, int n) {
    const char *s;
    if (uread(u, &s, n) < 0) return -1;
    if (u->sp <= u->fence) return stack_underflow(u);
    int64_t i = calc_binsize(s, n);
    if (i < 0) {
        err_set(&exc_ValueError, "negative LONG_BINPUT argument");
        return -1;
    }
    return memo_store(u, i, u->stack[u->sp - 1]);
}

static int load_memoize(UnpicklerObject *u) {
    if (u->sp <= u->fence) return stack_underflow(u);
    return memo_store(u, u->memo_len, u->stack[u->sp - 1]);
}

static int load_extension(UnpicklerObject *u, int n) {
    const char *s;
    if (uread(u, &s, n) < 0) return -1;
    long code = calc_binint(s, n);
    if (code <= 0) {
        unpickling_error("EXT specifies code <= 0");
        return -1;
    }
    Value key = v_int(code);
    Value obj = dict_get(st.extension_cache, key);
    if (obj) {
        upush(u, obj);
        return 0;
    }
    if (err_occurred()) return -1;
    Value pair = dict_get(st.inverted_registry, key);
    if (!pair) {
        if (!err_occurred()) err_format(&exc_ValueError, "unregistered extension code %ld", code);
        return -1;
    }
    if (!tuple_check(pair) || tuple_size(pair) != 2 || !str_check(tuple_get(pair, 0)) ||
        !str_check(tuple_get(pair, 1))) {
        err_format(&exc_ValueError, "_inverted_registry[%ld] isn't a 2-tuple of strings", code);
        return -1;
    }
    obj = call_find_class(u, tuple_get(pair, 0), tuple_get(pair, 1));
    if (!obj) return -1;
    if (dict_set(st.extension_cache, key, obj) < 0) return -1;
    upush(u, obj);
    return 0;
}

static int load_reduce(UnpicklerObject *u) {
    Value args = upop(u);
    if (!args) return -1;
    Value f = upop(u);
    if (!f) return -1;
    if (!tuple_check(args)) {
        err_set(&exc_TypeError, "argument list must be a tuple");
        return -1;
    }
    Value r = obj_call(f, tuple_items(args), (size_t)tuple_size(args), VNULL);
    if (!r) return -1;
    upush(u, r);
    return 0;
}

static int do_append(UnpicklerObject *u, int64_t x) {
    int64_t len = u->sp;
    if (x > len || x <= u->fence) return stack_underflow(u);
    if (len == x) return 0;
    Value list = u->stack[x - 1];
    if (list_check_exact(list)) {
        int64_t n = len - x;
        if (list_grow(list, list_size(list) + n) < 0) return -1;
        for (int64_t i = x; i < len; i++) list_append(list, u->stack[i]);
        uclear(u, x);
        return 0;
    }
    Value extend = lookup_attr(list, "extend");
    if (extend) {
        Value slice = poplist(u, x);
        return obj_call1(extend, slice) ? 0 : -1;
    }
    if (err_occurred()) return -1;
    Value append = obj_getattr(list, NAME(append));
    if (!append) return -1;
    for (int64_t i = x; i < len; i++) {
        if (!obj_call1(append, u->stack[i])) {
            uclear(u, x);
            return -1;
        }
    }
    uclear(u, x);
    return 0;
}

static int do_setitems(UnpicklerObject *u, int64_t x) {
    int64_t len = u->sp;
    if (x > len || x <= u->fence) return stack_underflow(u);
    if (len == x) return 0;
    if ((len - x) % 2 != 0) {
        unpickling_error("odd number of items for SETITEMS");
        return -1;
    }
    Value d = u->stack[x - 1];
    int status = 0;
    bool exact = dict_check_exact(d);
    for (int64_t i = x + 1; i < len; i += 2) {
        if ((exact ? dict_set(d, u->stack[i - 1], u->stack[i]) : obj_setitem(d, u->stack[i - 1], u->stack[i])) < 0) {
            status = -1;
            break;
        }
    }
    uclear(u, x);
    return status;
}

static int load_additems(UnpicklerObject *u) {
    int64_t mark = marker(u);
    if (mark < 0) return -1;
    int64_t len = u->sp;
    if (mark > len || mark <= u->fence) return stack_underflow(u);
    if (len == mark) return 0;
    Value s = u->stack[mark - 1];
    if (set_check(s)) {
        for (int64_t i = mark; i < len; i++)
            if (set_add(s, u->stack[i]) < 0) {
                uclear(u, mark);
                return -1;
            }
        uclear(u, mark);
        return 0;
    }
    Value add = obj_getattr_cstr(s, "add");
    if (!add) return -1;
    for (int64_t i = mark; i < len; i++)
        if (!obj_call1(add, u->stack[i])) {
            uclear(u, mark);
            return -1;
        }
    uclear(u, mark);
    return 0;
}

static int load_build(UnpicklerObject *u) {
    if (u->sp - 2 < u->fence) return stack_underflow(u);
    Value state = upop(u);
    if (!state) return -1;
    Value inst = u->stack[u->sp - 1];
    Value setstate = lookup_attr(inst, "__setstate__");
    if (setstate) return obj_call1(setstate, state) ? 0 : -1;
    if (err_occurred()) return -1;
    Value slotstate = VNULL;
    if (tuple_check(state) && tuple_size(state) == 2) {
        slotstate = tuple_get(state, 1);
        state = tuple_get(state, 0);
    }
    if (state != V_NONE) {
        if (!dict_check(state)) {
            unpickling_error("state is not a dictionary");
            return -1;
        }
        Type *t = type_of(inst);
        /* attributes straight into the instance's slots when its class
           stores them the plain way (what setting __dict__ items does) */
        bool direct = v_is_ptr(inst) && type_has_flag(t, TF_HEAPTYPE) && t->attrs_offset &&
                      !type_has_flag(t, TF_HAS_MEMBERS | TF_NO_DICT);
        Value dict = VNULL;
        int64_t pos = 0;
        Value k, v;
        while (dict_next(state, &pos, &k, &v)) {
            if (direct && str_check_exact(k)) {
                if (instance_set_attr(inst, str_intern(k), v) < 0) return -1;
                continue;
            }
            if (!dict && !(dict = obj_getattr(inst, NAME(__dict__)))) return -1;
            if (str_check_exact(k)) k = str_intern(k);
            if (obj_setitem(dict, k, v) < 0) return -1;
        }
    }
    if (slotstate) {
        if (!dict_check(slotstate)) {
            unpickling_error("slot state is not a dictionary");
            return -1;
        }
        int64_t pos = 0;
        Value k, v;
        while (dict_next(slotstate, &pos, &k, &v))
            if (obj_setattr(inst, k, v) < 0) return -1;
    }
    return 0;
}

static int load_frame(UnpicklerObject *u) {
    const char *s;
    if (uread(u, &s, 8) < 0) return -1;
    int64_t len = calc_binsize(s, 8);
    if (len < 0) {
        err_format(&exc_OverflowError, "FRAME length exceeds system's maximum of %zd bytes", (ssize_t)INT64_MAX);
        return -1;
    }
    if (uread(u, &s, len) < 0) return -1;
    u->idx -= len;   /* the frame's opcodes are read from the buffer next */
    return 0;
}

static int load_proto(UnpicklerObject *u) {
    const char *s;
    if (uread(u, &s, 1) < 0) return -1;
    int i = (unsigned char)s[0];
    if (i <= HIGHEST_PROTOCOL) {
        u->proto = i;
        return 0;
    }
    err_format(&exc_ValueError, "unsupported pickle protocol: %d", i);
    return -1;
}

static Value load(UnpicklerObject *u) {
    u->nmarks = 0;
    u->mark_set = false;
    u->fence = 0;
    u->proto = 0;
    uclear(u, 0);
    for (;;) {
        const char *s;
        if (uread(u, &s, 1) < 0) {
            if (err_matches(V_AS(Type, UnpicklingError))) {
                err_clear();
                err_set(&exc_EOFError, "Ran out of input");
            }
            return VNULL;
        }
        int r;
        unsigned char op = (unsigned char)s[0];
        switch (op) {
        case NONE: upush(u, V_NONE); continue;
        case BININT: r = load_binint(u, 4); break;
        case BININT1: r = load_binint(u, 1); break;
        case BININT2: r = load_binint(u, 2); break;
        case INT: r = load_int(u); break;
        case LONG: r = load_long(u); break;
        case LONG1: r = load_counted_long(u, 1); break;
        case LONG4: r = load_counted_long(u, 4); break;
        case FLOAT: r = load_float(u); break;
        case BINFLOAT: r = load_binfloat(u); break;
        case SHORT_BINBYTES: r = load_counted_binbytes(u, 1); break;
        case BINBYTES: r = load_counted_binbytes(u, 4); break;
        case BINBYTES8: r = load_counted_binbytes(u, 8); break;
        case BYTEARRAY8: r = load_counted_bytearray(u); break;
        case NEXT_BUFFER: r = load_next_buffer(u); break;
        case READONLY_BUFFER: r = load_readonly_buffer(u); break;
        case SHORT_BINSTRING: r = load_counted_binstring(u, 1); break;
        case BINSTRING: r = load_counted_binstring(u, 4); break;
        case STRING: r = load_string(u); break;
        case UNICODE: r = load_unicode(u); break;
        case SHORT_BINUNICODE: r = load_counted_binunicode(u, 1); break;
        case BINUNICODE: r = load_counted_binunicode(u, 4); break;
        case BINUNICODE8: r = load_counted_binunicode(u, 8); break;
        case EMPTY_TUPLE: r = load_counted_tuple(u, 0); break;
        case TUPLE1: r = load_counted_tuple(u, 1); break;
        case TUPLE2: r = load_counted_tuple(u, 2); break;
        case TUPLE3: r = load_counted_tuple(u, 3); break;
        case TUPLE: r = load_tuple(u); break;
        case EMPTY_LIST: upush(u, list_new(0)); continue;
        case LIST: r = load_list(u); break;
        case EMPTY_DICT: upush(u, dict_new()); continue;
        case DICT: r = load_dict(u); break;
        case EMPTY_SET: upush(u, set_new()); continue;
        case ADDITEMS: r = load_additems(u); break;
        case FROZENSET: r = load_frozenset(u); break;
        case OBJ: r = load_obj(u); break;
        case INST: r = load_inst(u); break;
        case NEWOBJ: r = load_newobj(u, false); break;
        case NEWOBJ_EX: r = load_newobj(u, true); break;
        case GLOBAL: r = load_global(u); break;
        case STACK_GLOBAL: r = load_stack_global(u); break;
        case APPEND:
            if (u->sp - 1 <= u->fence) {
                r = stack_underflow(u);
                break;
            }
            r = do_append(u, u->sp - 1);
            break;
        case APPENDS: {
            int64_t i = marker(u);
            r = i < 0 ? -1 : do_append(u, i);
            break;
        }
        case SETITEM: r = do_setitems(u, u->sp - 2); break;
        case SETITEMS: {
            int64_t i = marker(u);
            r = i < 0 ? -1 : do_setitems(u, i);
            break;
        }
        case BUILD: r = load_build(u); break;
        case DUP: r = load_dup(u); break;
        case BINGET: r = load_binget(u, 1); break;
        case LONG_BINGET: r = load_binget(u, 4); break;
        case GET: r = load_get(u); break;
        case MARK: r = load_mark(u); break;
        case BINPUT: r = load_binput(u, 1); break;
        case LONG_BINPUT: r = load_binput(u, 4); break;
        case PUT: r = load_put(u); break;
        case MEMOIZE: r = load_memoize(u); break;
        case POP: r = load_pop(u); break;
        case POP_MARK: r = load_pop_mark(u); break;
        case EXT1: r = load_extension(u, 1); break;
        case EXT2: r = load_extension(u, 2); break;
        case EXT4: r = load_extension(u, 4); break;
        case REDUCE: r = load_reduce(u); break;
        case PERSID: r = load_persid(u, false); break;
        case BINPERSID: r = load_persid(u, true); break;
        case NEWTRUE: upush(u, V_TRUE); continue;
        case NEWFALSE: upush(u, V_FALSE); continue;
        case PROTO: r = load_proto(u); break;
        case FRAME: r = load_frame(u); break;
        case STOP:
            if (u->read && skip_consumed(u) < 0) return VNULL;
            return upop(u);
        default:
            if (op >= 0x20 && op <= 0x7e && op != '\'' && op != '\\')
                err_format(V_AS(Type, UnpicklingError), "invalid load key, '%c'.", op);
            else
                err_format(V_AS(Type, UnpicklingError), "invalid load key, '\\x%s%s'.",
                           (const char[]){"0123456789abcdef"[op >> 4], 0},
                           (const char[]){"0123456789abcdef"[op & 15], 0});
            return VNULL;
        }
        if (r < 0) return VNULL;
    }
}

static int unpickler_setup(UnpicklerObject *u, Value fix_imports, Value encoding, Value errors, Value buffers) {
    if (state_init() < 0) return -1;
    int fix = 1;
    if (fix_imports) {
        fix = obj_truth(fix_imports);
        if (fix < 0) return -1;
    }
    u->fix_imports = fix;
    if (encoding && !str_check(encoding)) {
        err_format(&exc_TypeError, "Unpickler() argument 'encoding' must be str, not %T", encoding);
        return -1;
    }
    if (errors && !str_check(errors)) {
        err_format(&exc_TypeError, "Unpickler() argument 'errors' must be str, not %T", errors);
        return -1;
    }
    u->encoding = encoding ? encoding : str_intern_cstr("ASCII");
    u->errors = errors ? errors : str_intern_cstr("strict");
    u->buffers = VNULL;
    if (buffers && buffers != V_NONE) {
        u->buffers = obj_iter(buffers);
        if (!u->buffers) return -1;
    }
    u->memo = NULL;
    u->memo_size = u->memo_len = 0;
    u->sp = 0;
    u->nmarks = 0;
    u->proto = 0;
    return 0;
}

static Value unpickler_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    UnpicklerObject *u = (UnpicklerObject *)obj_alloc(t, t->basicsize);
    u->input = "";
    u->encoding = str_intern_cstr("ASCII");
    u->errors = str_intern_cstr("strict");
    return V_FROM_PTR(u);
}

static const ArgSpec unpickler_init_spec = {
    "Unpickler", 0, 1, 4,
    {"file", "fix_imports=True", "encoding='ASCII'", "errors='strict'", "buffers=()", NULL}};

static int unpickler_init(Value self, Value *args, size_t nargs, Value kwnames) {
    UnpicklerObject *u = V_AS(UnpicklerObject, self);
    Value a[5];
    if (arg_parse(&unpickler_init_spec, args, nargs, kwnames, a) < 0) return -1;
    u->read = u->readline = VNULL;
    u->read = lookup_attr(a[0], "read");
    if (!u->read && err_occurred()) return -1;
    u->readline = lookup_attr(a[0], "readline");
    if (!u->readline && err_occurred()) return -1;
    if (!u->read || !u->readline) {
        u->read = u->readline = VNULL;
        err_set(&exc_TypeError, "file must have 'read' and 'readline' attributes");
        return -1;
    }
    u->peek = lookup_attr(a[0], "peek");
    if (!u->peek && err_occurred()) return -1;
    if (unpickler_setup(u, a[1], a[2], a[3], a[4]) < 0) return -1;
    set_input(u, VNULL, "", 0);
    u->pers_func = lookup_attr(self, "persistent_load");
    if (!u->pers_func && err_occurred()) return -1;
    u->initialized = true;
    return 0;
}

static Value unpickler_load_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("load", nargs - 1, 0, 0) < 0) return VNULL;
    UnpicklerObject *u = V_AS(UnpicklerObject, args[0]);
    if (!u->read)
        return err_format(V_AS(Type, UnpicklingError), "Unpickler.__init__() was not called by %s.__init__()",
                          type_of(args[0])->tname);
    return load(u);
}

static Value unpickler_find_class_m(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"find_class", 2, 2, 0, {"module_name", "global_name", NULL}};
    Value a[2];
    if (arg_parse(&spec, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    UnpicklerObject *u = V_AS(UnpicklerObject, args[0]);
    Value module_name = a[0], global_name = a[1];
    Value audit = module_attr("sys", "audit");
    if (!audit) return VNULL;
    Value aa[3] = {str_intern_cstr("pickle.find_class"), module_name, global_name};
    if (!obj_call(audit, aa, 3, VNULL)) return VNULL;
    if (state_init() < 0) return VNULL;
    if (u->proto < 3 && u->fix_imports) {
        Value item = dict_get(st.name_mapping_2to3, tuple_pack(2, module_name, global_name));
        if (item) {
            if (!tuple_check(item) || tuple_size(item) != 2)
                return err_format(&exc_RuntimeError, "_compat_pickle.NAME_MAPPING values should be 2-tuples, not %T",
                                  item);
            module_name = tuple_get(item, 0);
            global_name = tuple_get(item, 1);
            if (!str_check(module_name) || !str_check(global_name))
                return err_format(&exc_RuntimeError,
                                  "_compat_pickle.NAME_MAPPING values should be pairs of str, not (%T, %T)",
                                  module_name, global_name);
        } else if (err_occurred()) {
            return VNULL;
        } else {
            item = dict_get(st.import_mapping_2to3, module_name);
            if (item) {
                if (!str_check(item))
                    return err_format(&exc_RuntimeError,
                                      "_compat_pickle.IMPORT_MAPPING values should be strings, not %T", item);
                module_name = item;
            } else if (err_occurred()) {
                return VNULL;
            }
        }
    }
    if (!str_check(module_name))
        return err_format(&exc_TypeError, "module name must be str, not %T", module_name);
    Value module = import_module(module_name);
    if (!module) return VNULL;
    Value g;
    if (u->proto >= 4) {
        if (!str_check(global_name))
            return err_format(&exc_TypeError, "attribute name must be string, not '%T'", global_name);
        Value path = get_dotted_path(module, global_name);
        if (!path) return VNULL;
        g = get_deep_attribute(module, path, NULL);
    } else {
        if (!str_check(global_name))
            return err_format(&exc_TypeError, "attribute name must be string, not '%T'", global_name);
        g = obj_getattr_opt(module, global_name);
    }
    if (!g && !err_occurred()) err_format(&exc_AttributeError, "Can't get attribute %R on %R", global_name, module);
    return g;
}

static Value unpickler_sizeof_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__sizeof__", nargs - 1, 0, 0) < 0) return VNULL;
    UnpicklerObject *u = V_AS(UnpicklerObject, args[0]);
    return int_from_i64((int64_t)(sizeof(UnpicklerObject) + (size_t)u->memo_size * sizeof(Value) +
                                  (size_t)u->scap * sizeof(Value) + (size_t)u->mcap * sizeof(int64_t)));
}

static Value unpickler_memo_copy(UnpicklerObject *u) {
    Value d = dict_new();
    for (int64_t i = 0; i < u->memo_size; i++)
        if (u->memo[i] && dict_set(d, v_int(i), u->memo[i]) < 0) return VNULL;
    return d;
}

static Value ump_copy(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("copy", nargs - 1, 0, 0) < 0) return VNULL;
    return unpickler_memo_copy(V_AS(UnpicklerObject, V_AS(MemoProxyObject, args[0])->owner));
}

static Value ump_clear(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("clear", nargs - 1, 0, 0) < 0) return VNULL;
    UnpicklerObject *u = V_AS(UnpicklerObject, V_AS(MemoProxyObject, args[0])->owner);
    if (u->memo) memset(u->memo, 0, (size_t)u->memo_size * sizeof(Value));
    u->memo_len = 0;
    return V_NONE;
}

static Value ump_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    Value c = unpickler_memo_copy(V_AS(UnpicklerObject, V_AS(MemoProxyObject, args[0])->owner));
    if (!c) return VNULL;
    return tuple_pack(2, V_FROM_PTR(&dict_type), tuple_pack(1, c));
}

static Value unpickler_get_memo(Value self) { return memoproxy_new(&unpickler_memoproxy_type, self); }

static int unpickler_set_memo(Value self, Value v) {
    UnpicklerObject *u = V_AS(UnpicklerObject, self);
    if (!v) {
        err_set(&exc_TypeError, "attribute deletion is not supported");
        return -1;
    }
    Value d;
    if (type_of(v) == &unpickler_memoproxy_type) {
        d = unpickler_memo_copy(V_AS(UnpicklerObject, V_AS(MemoProxyObject, v)->owner));
        if (!d) return -1;
    } else if (dict_check(v)) {
        d = v;
    } else {
        err_format(&exc_TypeError, "'memo' attribute must be an UnpicklerMemoProxy object or dict, not %T", v);
        return -1;
    }
    if (d != v) {
        /* a copy of another Unpickler's memo */
        UnpicklerObject *src = V_AS(UnpicklerObject, V_AS(MemoProxyObject, v)->owner);
        Value *m = gc_alloc((size_t)(src->memo_size ? src->memo_size : 1) * sizeof(Value));
        values_copy(m, src->memo, (size_t)src->memo_size);
        u->memo = m;
        u->memo_size = src->memo_size;
        return 0;
    }
    /* CPython 3.11 stores a dict's items into the memo being replaced and
       installs an empty one of the dict's size (so the items are lost);
       done the same way, as programs see that */
    int64_t pos = 0;
    Value k, val;
    while (dict_next(d, &pos, &k, &val)) {
        if (!int_check(k)) {
            err_set(&exc_TypeError, "memo key must be integers");
            return -1;
        }
        int64_t i = int_as_i64(k);
        if (i == -1 && err_occurred()) return -1;
        if (i < 0) {
            err_set(&exc_ValueError, "memo key must be positive integers.");
            return -1;
        }
        if (memo_store(u, i, val) < 0) return -1;
    }
    int64_t n = dict_size(d);
    u->memo = gc_alloc((size_t)(n ? n : 1) * sizeof(Value));
    u->memo_size = n;
    return 0;
}

static Value unpickler_get_persload(Value self) {
    UnpicklerObject *u = V_AS(UnpicklerObject, self);
    if (!u->pers_func) return err_set(&exc_AttributeError, "persistent_load");
    return u->pers_func;
}

static int unpickler_set_persload(Value self, Value v) {
    if (!v) {
        err_set(&exc_TypeError, "attribute deletion is not supported");
        return -1;
    }
    if (!is_callable(v)) {
        err_set(&exc_TypeError, "persistent_load must be a callable taking one argument");
        return -1;
    }
    V_AS(UnpicklerObject, self)->pers_func = v;
    return 0;
}

/* ---- PickleBuffer -------------------------------------------------------------- */

static Value picklebuffer_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    /* PyArg_ParseTupleAndKeywords' messages for "O:PickleBuffer" with an
       unnamed parameter */
    size_t nkw = kwnames ? (size_t)tuple_size(kwnames) : 0;
    if (nargs + nkw > 1)
        return err_format(&exc_TypeError, "PickleBuffer() takes at most 1 argument (%zd given)", (ssize_t)(nargs + nkw));
    if (nargs == 0)
        return err_set(&exc_TypeError, "PickleBuffer() takes exactly 1 positional argument (0 given)");
    Value a[1] = {args[0]};
    BufferInfo b;
    if (buffer_get(a[0], &b, false) < 0) return VNULL;
    PickleBufferObject *p = (PickleBufferObject *)obj_alloc(t, sizeof(PickleBufferObject));
    /* a view on a memoryview is a view on what it shows: keep the view,
       whose buffer is its window */
    p->obj = a[0];
    return V_FROM_PTR(p);
}

static int picklebuffer_getbuffer(Value self, BufferInfo *out) {
    if (picklebuffer_view(self, out) < 0) return -1;
    out->owner = V_AS(PickleBufferObject, self)->obj;
    return 0;
}

static Value pb_raw(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("raw", nargs - 1, 0, 0) < 0) return VNULL;
    BufferInfo b;
    if (picklebuffer_view(args[0], &b) < 0) return VNULL;
    /* a view of the exporter itself (its .obj is what the buffer wraps) */
    Value mv = memoryview_new(V_AS(PickleBufferObject, args[0])->obj);
    if (!mv) return VNULL;
    Value fmt = str_intern_cstr("B");
    return obj_call_method(mv, "cast", &fmt, 1);
}

static Value pb_release(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("release", nargs - 1, 0, 0) < 0) return VNULL;
    V_AS(PickleBufferObject, args[0])->obj = VNULL;
    return V_NONE;
}

/* ---- module functions ---------------------------------------------------------- */

static const ArgSpec m_dump_spec = {"dump", 0, 2, 2, {"obj", "file", "protocol=None", "fix_imports=True", "buffer_callback=None", NULL}};
static Value m_dump(Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    if (arg_parse(&m_dump_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (state_init() < 0) return VNULL;
    Value pv = pickler_new(&pickler_type, NULL, 0, VNULL);
    PicklerObject *p = V_AS(PicklerObject, pv);
    if (set_protocol(p, a[2], a[3]) < 0) return VNULL;
    p->write = lookup_attr(a[1], "write");
    if (!p->write) {
        if (!err_occurred()) err_set(&exc_TypeError, "file must have a 'write' attribute");
        return VNULL;
    }
    if (set_buffer_callback(p, a[4] ? a[4] : V_NONE) < 0) return VNULL;
    if (dump(p, a[0]) < 0) return VNULL;
    if (flush_to_file(p) < 0) return VNULL;
    return V_NONE;
}

static const ArgSpec m_dumps_spec = {"dumps", 0, 1, 2, {"obj", "protocol=None", "fix_imports=True", "buffer_callback=None", NULL}};
static Value m_dumps(Value *args, size_t nargs, Value kwnames) {
    Value a[4];
    if (arg_parse(&m_dumps_spec, args, nargs, kwnames, a) < 0) return VNULL;
    if (state_init() < 0) return VNULL;
    Value pv = pickler_new(&pickler_type, NULL, 0, VNULL);
    PicklerObject *p = V_AS(PicklerObject, pv);
    if (set_protocol(p, a[1], a[2]) < 0) return VNULL;
    if (set_buffer_callback(p, a[3] ? a[3] : V_NONE) < 0) return VNULL;
    if (dump(p, a[0]) < 0) return VNULL;
    return bytes_new(p->out.data, p->out.len);
}

static const ArgSpec m_load_spec = {"load", 0, 1, 4, {"file", "fix_imports=True", "encoding='ASCII'", "errors='strict'", "buffers=()", NULL}};
static Value m_load(Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    if (arg_parse(&m_load_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value uv = unpickler_new(&unpickler_type, NULL, 0, VNULL);
    UnpicklerObject *u = V_AS(UnpicklerObject, uv);
    u->read = lookup_attr(a[0], "read");
    if (!u->read && err_occurred()) return VNULL;
    u->readline = lookup_attr(a[0], "readline");
    if (!u->readline && err_occurred()) return VNULL;
    if (!u->read || !u->readline) return err_set(&exc_TypeError, "file must have 'read' and 'readline' attributes");
    u->peek = lookup_attr(a[0], "peek");
    if (!u->peek && err_occurred()) return VNULL;
    if (unpickler_setup(u, a[1], a[2], a[3], a[4]) < 0) return VNULL;
    set_input(u, VNULL, "", 0);
    return load(u);
}

static const ArgSpec m_loads_spec = {"loads", 1, 1, 4, {"data", "fix_imports=True", "encoding='ASCII'", "errors='strict'", "buffers=()", NULL}};
static Value m_loads(Value *args, size_t nargs, Value kwnames) {
    Value a[5];
    if (arg_parse(&m_loads_spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value uv = unpickler_new(&unpickler_type, NULL, 0, VNULL);
    UnpicklerObject *u = V_AS(UnpicklerObject, uv);
    Value data = a[0];
    if (bytes_check(data)) {
        set_input(u, data, bytes_data(data), bytes_size(data));
    } else {
        BufferInfo b;
        if (buffer_get(data, &b, false) < 0) return VNULL;
        /* a copy: the exporter may change while objects are built */
        Value c = bytes_new(b.data, (size_t)b.len);
        set_input(u, c, bytes_data(c), bytes_size(c));
    }
    if (unpickler_setup(u, a[1], a[2], a[3], a[4]) < 0) return VNULL;
    return load(u);
}

/* ---- tables -------------------------------------------------------------------- */

static const MethodDef pickler_methods[] = {
    {"dump", pickler_dump_m, MF_KEYWORDS, "Write a pickled representation of the given object to the open file.", &pickler_dump_spec},
    {"clear_memo", pickler_clear_memo_m, 0, "Clears the pickler's \"memo\"."},
    {"__sizeof__", pickler_sizeof_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef pickler_getsets[] = {
    {"memo", pickler_get_memo, pickler_set_memo, NULL},
    {"persistent_id", pickler_get_persid, pickler_set_persid, NULL},
    {"dispatch_table", pickler_get_dispatch_table, pickler_set_dispatch_table, NULL},
    {"bin", pickler_get_bin, pickler_set_bin, NULL},
    {"fast", pickler_get_fast, pickler_set_fast, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef pmp_methods[] = {
    {"clear", pmp_clear, 0, "Remove all items from memo."},
    {"copy", pmp_copy, 0, "Copy the memo to a new object."},
    {"__reduce__", pmp_reduce, 0, "Implement pickle support."},
    {NULL, NULL, 0, NULL},
};

static const MethodDef unpickler_methods[] = {
    {"load", unpickler_load_m, 0, "Load a pickle."},
    {"find_class", unpickler_find_class_m, MF_KEYWORDS, "Return an object from a specified module."},
    {"__sizeof__", unpickler_sizeof_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const GetSetDef unpickler_getsets[] = {
    {"memo", unpickler_get_memo, unpickler_set_memo, NULL},
    {"persistent_load", unpickler_get_persload, unpickler_set_persload, NULL},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef ump_methods[] = {
    {"clear", ump_clear, 0, "Remove all keys from the unpickler's memo."},
    {"copy", ump_copy, 0, "Copy the memo to a new object."},
    {"__reduce__", ump_reduce, 0, "Implement pickling support."},
    {NULL, NULL, 0, NULL},
};

static const MethodDef pb_methods[] = {
    {"raw", pb_raw, 0, "Return a memoryview of the raw memory underlying this buffer."},
    {"release", pb_release, 0, "Release the underlying buffer exposed by the PickleBuffer object."},
    {NULL, NULL, 0, NULL},
};

static Type pickler_type = {
    .tname = "_pickle.Pickler",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(PicklerObject),
    .new_ = pickler_new,
    .init = pickler_init,
};

static Type unpickler_type = {
    .tname = "_pickle.Unpickler",
    .flags = TF_BASETYPE,
    .basicsize = sizeof(UnpicklerObject),
    .new_ = unpickler_new,
    .init = unpickler_init,
};

static Type pickler_memoproxy_type = {
    .tname = "_pickle.PicklerMemoProxy",
    .flags = TF_ABSTRACT_NEW,
    .basicsize = sizeof(MemoProxyObject),
};

static Type unpickler_memoproxy_type = {
    .tname = "_pickle.UnpicklerMemoProxy",
    .flags = TF_ABSTRACT_NEW,
    .basicsize = sizeof(MemoProxyObject),
};

static Type picklebuffer_type = {
    .tname = "pickle.PickleBuffer",
    .flags = TF_WEAKREFABLE,
    .basicsize = sizeof(PickleBufferObject),
    .new_ = picklebuffer_new,
    .getbuffer = picklebuffer_getbuffer,
};

static const MethodDef pickle_functions[] = {
    {"dump", m_dump, MF_KEYWORDS, "Write a pickled representation of obj to the open file object file.", &m_dump_spec},
    {"dumps", m_dumps, MF_KEYWORDS, "Return the pickled representation of the object as a bytes object.", &m_dumps_spec},
    {"load", m_load, MF_KEYWORDS, "Read and return an object from the pickle data stored in a file.", &m_load_spec},
    {"loads", m_loads, MF_KEYWORDS, "Read and return an object from the given pickle data.", &m_loads_spec},
    {NULL, NULL, 0, NULL},
};

static Value make_exc(const char *name, Value base) {
    Value ns = dict_new();
    dict_set(ns, NAME(__module__), str_intern_cstr("_pickle"));
    return type_new_class(&type_type, str_from_cstr(name), tuple_pack(1, base), ns, VNULL);
}

static void ready_type(Type *t, const char *name, const char *module, const char *doc, const MethodDef *m,
                       const GetSetDef *g, const ArgSpec *sig) {
    t->name = str_intern_cstr(name);
    t->module = str_intern_cstr(module);
    if (doc) t->doc = str_from_cstr(doc);
    if (m) type_add_methods(t, m);
    if (g) type_add_getsets(t, g);
    t->sig = sig;   /* what inspect.signature() reads for a builtin class */
    type_ready(t);
}

Value _pickle_module_create(void) {
    if (!(pickler_type.flags & TF_READY)) {
        ready_type(&pickler_type, "Pickler", "_pickle", "This takes a binary file for writing a pickle data stream.",
                   pickler_methods, pickler_getsets, &pickler_init_spec);
        ready_type(&unpickler_type, "Unpickler", "_pickle", "This takes a binary file for reading a pickle data stream.",
                   unpickler_methods, unpickler_getsets, &unpickler_init_spec);
        ready_type(&pickler_memoproxy_type, "PicklerMemoProxy", "_pickle", NULL, pmp_methods, NULL, NULL);
        ready_type(&unpickler_memoproxy_type, "UnpicklerMemoProxy", "_pickle", NULL, ump_methods, NULL, NULL);
        ready_type(&picklebuffer_type, "PickleBuffer", "pickle", "Wrapper for potentially out-of-band buffers",
                   pb_methods, NULL, NULL);
    }
    if (!PickleError) {
        PickleError = make_exc("PickleError", V_FROM_PTR(&exc_Exception));
        if (!PickleError) return VNULL;
        PicklingError = make_exc("PicklingError", PickleError);
        if (!PicklingError) return VNULL;
        UnpicklingError = make_exc("UnpicklingError", PickleError);
        if (!UnpicklingError) return VNULL;
    }
    Value m = module_new_cstr("_pickle");
    module_add_functions(m, pickle_functions);
    module_add(m, "__doc__", str_from_cstr("Optimized C implementation for the Python pickle module."));
    module_add(m, "Pickler", V_FROM_PTR(&pickler_type));
    module_add(m, "Unpickler", V_FROM_PTR(&unpickler_type));
    module_add(m, "PickleBuffer", V_FROM_PTR(&picklebuffer_type));
    module_add(m, "PickleError", PickleError);
    module_add(m, "PicklingError", PicklingError);
    module_add(m, "UnpicklingError", UnpicklingError);
    return m;
}
