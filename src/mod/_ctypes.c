/* _ctypes.c: the _ctypes module (CPython's Modules/_ctypes), on libffi.
 *
 * A ctypes instance (CData) is a pointer to a block of C memory plus what
 * keeps that memory alive: memory it allocated itself (from the collector;
 * scanned when its type can hold pointers, so pointers stored in it keep
 * their targets alive), or the object it was taken from (`base`: a
 * structure's field, an array's item, from_buffer's exporter). As in
 * CPython, _objects also records what the memory refers to (it matters
 * for memory the collector does not scan). Every ctypes class is an instance of one of six
 * metaclasses (PyCSimpleType, PyCStructType, UnionType, PyCArrayType,
 * PyCPointerType, PyCFuncPtrType), whose objects are CType: a Type followed
 * by the C layout (size, alignment, ffi type, item type...), CPython's
 * StgDict. The metaclasses' __new__ computes the layout from _type_,
 * _fields_, _length_..., and their methods (from_address, from_param, ...)
 * are the classes' methods.
 *
 * Foreign calls go through libffi (ffi_call; callbacks are ffi closures).
 * The interpreter lock is let go during a call and a callback takes it
 * back; a callback runs only on a thread inside a foreign call (one from
 * a thread tpy does not know is refused with a message). */
#include <dlfcn.h>
#include <errno.h>
#include <ffi.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "../runtime.h"
#include "../introspect/hooks.h"
#include "../vm/gil.h"
#include "modules.h"

enum CKind { CK_NONE, CK_SIMPLE, CK_STRUCT, CK_UNION, CK_ARRAY, CK_POINTER, CK_FUNCPTR };

#define CTYPES_MAX_ARGCOUNT 1024
#define FUNCFLAG_CDECL 0x1
#define FUNCFLAG_HRESULT 0x2
#define FUNCFLAG_PYTHONAPI 0x4
#define FUNCFLAG_USE_ERRNO 0x8
#define FUNCFLAG_USE_LASTERROR 0x10

/* A ctypes class: its Type, then its C layout. `ready` is false for the
 * abstract bases (Structure, Array...) and for a structure whose _fields_
 * are not set yet: it has no instances then (size 0 structures excepted). */
typedef struct CType {
    Type t;
    int kind;              /* enum CKind; CK_NONE: not a ctypes class */
    bool ready;
    bool final_;           /* _fields_ can no longer be set */
    bool swapped;          /* simple: stored in the other byte order */
    bool has_bitfields;
    bool has_pointer;      /* holds pointers: cannot be pickled */
    char code;             /* simple: the _type_ letter */
    int64_t size, align, length;   /* length: array items */
    Value proto;           /* array/pointer: item type; VNULL when incomplete */
    Value fieldnames;      /* struct/union: tuple of names in positional order */
    ffi_type *ffi;         /* the type as libffi passes it */
    ffi_type ffi_rec;      /* struct/union/array: storage for *ffi */
    /* function pointer classes */
    Value argtypes, restype, checker;   /* VNULL: not set */
    int flags;
} CType;

typedef struct CData {
    Object hdr;
    char *ptr;             /* the C memory */
    int64_t size;
    bool owns;             /* ptr was allocated for this object (resize) */
    Value base;            /* the object whose memory this is, or VNULL */
    int64_t index;         /* position in base (its _objects key) */
    Value objects;         /* dict keeping referenced objects alive, or VNULL */
    /* function pointers */
    Value argtypes, restype, errcheck;  /* VNULL: the class's */
    Value callable;        /* callbacks: the Python function */
    Value paramflags;      /* tuple of (flag, name, default) or VNULL */
    ffi_cif *cif;          /* callbacks */
    ffi_closure *closure;
} CData;

/* byref(): a pointer to an object's memory (plus an offset) as an argument */
typedef struct CArgObject {
    Object hdr;
    char tag;              /* 'P': byref(obj, offset); else a simple type code */
    ffi_type *ffi;
    union {
        void *p;
        long double g;
        char buf[16];
    } v;                   /* the value as C receives it */
    Value obj;             /* what the value refers to (kept alive), or None */
    int64_t offset;
} CArgObject;

typedef struct CField {
    Object hdr;
    Value proto;           /* the field's type */
    Value name;
    int64_t offset, size;
    int bitsize, bitofs;   /* bitsize 0: not a bit field */
    int64_t index;
    bool anon;
} CField;

static Type simple_meta, struct_meta, union_meta, array_meta, pointer_meta, funcptr_meta;
/* the instance types' bases are ctypes classes themselves (objects of the
   metaclasses), with no layout: kind CK_NONE */
static Type cdata_type;
static CType simple_ct, struct_ct, union_ct, array_ct, pointer_ct, funcptr_ct;
#define simple_type (simple_ct.t)
#define struct_type (struct_ct.t)
#define union_type_ (union_ct.t)
#define array_type (array_ct.t)
#define pointer_type (pointer_ct.t)
#define funcptr_type (funcptr_ct.t)
static Type carg_type, cfield_type;
static Value argument_error;       /* ctypes.ArgumentError */
static Value pointer_type_cache;   /* dict: type -> pointer type */
static Value array_type_cache;     /* dict: (type, length) -> array type */
static _Thread_local int ctypes_errno;
/* foreign calls running on this thread, and whether the innermost let the
   interpreter lock go (callbacks take it back) */
static _Thread_local int foreign_depth;
static _Thread_local bool lock_released;

/* ---- classes and instances -------------------------------------------------- */

static bool meta_check(Type *mt) {
    return type_is_subtype(mt, &simple_meta) || type_is_subtype(mt, &struct_meta) ||
           type_is_subtype(mt, &union_meta) || type_is_subtype(mt, &array_meta) ||
           type_is_subtype(mt, &pointer_meta) || type_is_subtype(mt, &funcptr_meta);
}

/* The layout of class v, or NULL (no error) when v is not a ctypes class. */
static CType *ctype_of(Value v) {
    if (!type_check(v) || !meta_check(V_OBJ(v)->type)) return NULL;
    CType *ct = V_AS(CType, v);
    return ct->kind ? ct : NULL;
}

static bool cdata_check(Value v) { return v_is_ptr(v) && v && type_is_subtype(V_OBJ(v)->type, &cdata_type); }
static CType *ctype_of_obj(Value v) { return ctype_of(V_FROM_PTR(V_OBJ(v)->type)); }
static bool carg_check(Value v) { return v_is_ptr(v) && v && V_OBJ(v)->type == &carg_type; }

/* A simple class whose values come out as Python values (c_int), as
 * opposed to its subclasses (class MyInt(c_int)), which stay instances. */
static bool simple_direct(CType *ct) { return ct->kind == CK_SIMPLE && ct->t.base == &simple_type; }

static Value cdata_alloc(Type *t) {
    Object *o = obj_alloc(t, t->basicsize);
    if (t->attrs_offset) instance_attrs(V_FROM_PTR(o), t)->map = t->root_map;
    return V_FROM_PTR(o);
}

/* Zeroed memory for n bytes of type ct: scanned by the collector when the
 * type can hold pointers (they keep what they point to alive), else not
 * (large byte and number arrays are not scanned for nothing). */
static char *cmem_alloc(CType *ct, int64_t n) {
    size_t sz = (size_t)(n < 16 ? 16 : n);
    if (ct->has_pointer || ct->kind == CK_NONE) return gc_try_alloc(sz);
    char *p = gc_try_alloc_atomic(sz);
    if (p) memset(p, 0, sz);
    return p;
}

/* A new instance of ct with its own zeroed memory. */
static Value cdata_new_owned(CType *ct) {
    Value v = cdata_alloc(&ct->t);
    CData *d = V_AS(CData, v);
    int64_t n = ct->size > 0 ? ct->size : 0;
    d->ptr = cmem_alloc(ct, n);
    if (!d->ptr) return err_no_memory();
    d->size = n;
    d->owns = true;
    ct->final_ = true;
    return v;
}

/* An instance of ct over memory it does not own, kept alive by base. */
static Value cdata_at(CType *ct, char *p, Value base, int64_t index) {
    Value v = cdata_alloc(&ct->t);
    CData *d = V_AS(CData, v);
    d->ptr = p;
    d->size = ct->size;
    d->base = base;
    d->index = index;
    ct->final_ = true;
    return v;
}

/* How many objects an instance of ct may keep (CPython's b_length): an
 * instance with none keeps at most one object, directly in _objects. */
static int64_t keep_slots(CType *ct) {
    switch (ct->kind) {
    case CK_STRUCT: case CK_UNION: return ct->fieldnames ? tuple_size(ct->fieldnames) : 0;
    case CK_ARRAY: return ct->length;
    case CK_POINTER: case CK_FUNCPTR: return 1;
    default: return 0;
    }
}

/* The object owning self's memory, its _objects made a dict when its
 * type has sub-objects. */
static CData *keep_container(Value self) {
    CData *d = V_AS(CData, self);
    while (d->base && cdata_check(d->base)) d = V_AS(CData, d->base);
    if (!d->objects && keep_slots(ctype_of_obj(V_FROM_PTR(d))) > 0) d->objects = dict_new();
    return d;
}

/* What an instance's value keeps alive when it is copied elsewhere. */
static Value kept_objects(Value v) {
    Value o = keep_container(v)->objects;
    return o ? o : V_NONE;
}

/* Keep obj alive as long as self's memory: in the _objects of the object
 * owning that memory, under the path of indices from it to self ("%x"
 * of self's index, then ":%x" of each enclosing object's index). */
static void cdata_keep(Value self, int64_t index, Value obj) {
    if (!obj || obj == V_NONE) return;
    CData *c = keep_container(self);
    if (!c->objects || !dict_check(c->objects)) {
        c->objects = obj;
        return;
    }
    char key[256];
    int n = snprintf(key, sizeof key, "%x", (unsigned)(int)index);
    for (CData *d = V_AS(CData, self); d->base && cdata_check(d->base) && n < 200; d = V_AS(CData, d->base))
        n += snprintf(key + n, sizeof key - (size_t)n, ":%x", (unsigned)(int)d->index);
    dict_set(c->objects, str_new(key, (size_t)n), obj);
}

/* ---- simple values: the type codes ------------------------------------------ */

static const char SIMPLE_CODES[] = "cbBhHiIlLdfuzZqQPXOv?g";

static int code_size(char c) {
    switch (c) {
    case 'c': case 'b': case 'B': case '?': return 1;
    case 'h': case 'H': case 'v': return 2;
    case 'i': case 'I': return sizeof(int);
    case 'l': case 'L': return sizeof(long);
    case 'q': case 'Q': return sizeof(long long);
    case 'f': return sizeof(float);
    case 'd': return sizeof(double);
    case 'g': return sizeof(long double);
    case 'u': return sizeof(wchar_t);
    default: return sizeof(void *);
    }
}
static int code_align(char c) {
    switch (c) {
    case 'g': return _Alignof(long double);
    default: return code_size(c);
    }
}
static ffi_type *code_ffi(char c) {
    switch (c) {
    case 'c': case 'b': return &ffi_type_schar;
    case 'B': case '?': return &ffi_type_uchar;
    case 'h': case 'v': return &ffi_type_sshort;
    case 'H': return &ffi_type_ushort;
    case 'i': return &ffi_type_sint;
    case 'I': return &ffi_type_uint;
    case 'l': return &ffi_type_slong;
    case 'L': return &ffi_type_ulong;
    case 'q': return &ffi_type_sint64;
    case 'Q': return &ffi_type_uint64;
    case 'f': return &ffi_type_float;
    case 'd': return &ffi_type_double;
    case 'g': return &ffi_type_longdouble;
    case 'u': return sizeof(wchar_t) == 4 ? &ffi_type_sint32 : &ffi_type_ushort;
    default: return &ffi_type_pointer;
    }
}
static bool code_is_int(char c) { return c && strchr("bBhHiIlLqQ", c) != NULL; }
static bool code_is_signed(char c) { return c && strchr("bhilq", c) != NULL; }

/* An int's low 64 bits (CPython's *_AsUnsignedLongLongMask): ints and
 * objects with __index__; -1 with TypeError otherwise. */
static int int_bits(Value v, uint64_t *out) {
    if (v_is_int(v)) {
        *out = (uint64_t)v_intval(v);
        return 0;
    }
    if (!int_check(v)) {
        v = obj_index(v);
        if (!v) return -1;
        if (v_is_int(v)) {
            *out = (uint64_t)v_intval(v);
            return 0;
        }
    }
    mpz_t z;
    mpz_init(z);
    int_to_mpz(v, z);
    mpz_fdiv_r_2exp(z, z, 64);
    *out = (uint64_t)mpz_get_ui(z);
    mpz_clear(z);
    return 0;
}

static uint64_t load_uint(const char *p, int size, bool swapped) {
    uint8_t b[8];
    memcpy(b, p, (size_t)size);
    if (swapped)
        for (int i = 0; i < size / 2; i++) {
            uint8_t t = b[i];
            b[i] = b[size - 1 - i];
            b[size - 1 - i] = t;
        }
    switch (size) {
    case 1: return b[0];
    case 2: { uint16_t x; memcpy(&x, b, 2); return x; }
    case 4: { uint32_t x; memcpy(&x, b, 4); return x; }
    default: { uint64_t x; memcpy(&x, b, 8); return x; }
    }
}
static void store_uint(char *p, int size, bool swapped, uint64_t v) {
    uint8_t b[8];
    switch (size) {
    case 1: b[0] = (uint8_t)v; break;
    case 2: { uint16_t x = (uint16_t)v; memcpy(b, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(b, &x, 4); break; }
    default: memcpy(b, &v, 8); break;
    }
    if (swapped)
        for (int i = 0; i < size / 2; i++) {
            uint8_t t = b[i];
            b[i] = b[size - 1 - i];
            b[size - 1 - i] = t;
        }
    memcpy(p, b, (size_t)size);
}

static Value wstr_to_str(const wchar_t *w, int64_t n) {
    Buf b;
    buf_init(&b, (size_t)n * 2 + 8);
    for (int64_t i = 0; i < n; i++) {
        char u[4];
        uint32_t c = (uint32_t)w[i];
        if (c > 0x10FFFF) c = 0xFFFD;
        buf_put(&b, u, (size_t)utf8_encode(c, u));
    }
    return str_from_buf(&b);
}

/* A str as a NUL-terminated wchar_t array in collector memory. */
static wchar_t *str_to_wstr(Value s, int64_t *len) {
    int64_t n = str_len(s);
    wchar_t *w = gc_alloc_atomic(sizeof(wchar_t) * (size_t)(n + 1));
    const char *d = str_data(s);
    for (int64_t i = 0; i < n; i++) {
        int l;
        w[i] = (wchar_t)utf8_decode(d, &l);
        d += l;
    }
    w[n] = 0;
    if (len) *len = n;
    return w;
}

/* Read a value of simple code c at p; bits > 0: a bit field of that many
 * bits at bit offset ofs of the storage unit. */
static Value simple_get(char c, const char *p, bool swapped, int bits, int ofs) {
    if (code_is_int(c) || (bits && (c == '?' || c == 'c'))) {
        int sz = code_size(c);
        uint64_t u = load_uint(p, sz, swapped);
        int width = sz * 8;
        if (bits && swapped) ofs = sz * 8 - ofs - bits;   /* big-endian bit order */
        if (bits) {
            u >>= ofs;
            width = bits;
        }
        if (width < 64) u &= (((uint64_t)1 << width) - 1);
        if (c == '?') return v_bool(u != 0);
        if (c == 'c') return bytes_new((const char *)&u, 1);
        if (code_is_signed(c)) {
            int64_t s = width < 64 && (u >> (width - 1)) & 1 ? (int64_t)(u | ~(((uint64_t)1 << width) - 1)) : (int64_t)u;
            return int_from_i64(s);
        }
        return int_from_u64(u);
    }
    switch (c) {
    case 'c': return bytes_new(p, 1);
    case '?': return v_bool(*(const unsigned char *)p != 0);
    case 'f': {
        float f;
        if (swapped) {
            uint32_t u = (uint32_t)load_uint(p, 4, true);
            memcpy(&f, &u, 4);
        } else {
            memcpy(&f, p, sizeof f);
        }
        return float_from_double(f);
    }
    case 'd': {
        double d;
        if (swapped) {
            uint64_t u = load_uint(p, 8, true);
            memcpy(&d, &u, 8);
        } else {
            memcpy(&d, p, sizeof d);
        }
        return float_from_double(d);
    }
    case 'g': {
        long double d;
        memcpy(&d, p, sizeof d);
        return float_from_double((double)d);
    }
    case 'u': {
        wchar_t w;
        memcpy(&w, p, sizeof w);
        return wstr_to_str(&w, 1);
    }
    case 'z': {
        const char *s;
        memcpy(&s, p, sizeof s);
        return s ? bytes_new(s, strlen(s)) : V_NONE;
    }
    case 'Z': {
        const wchar_t *s;
        memcpy(&s, p, sizeof s);
        return s ? wstr_to_str(s, (int64_t)wcslen(s)) : V_NONE;
    }
    case 'P': {
        void *s;
        memcpy(&s, p, sizeof s);
        return s ? int_from_u64((uint64_t)(uintptr_t)s) : V_NONE;
    }
    case 'O': {
        Value v;
        memcpy(&v, p, sizeof v);
        if (!v) return err_set(&exc_ValueError, "PyObject is NULL");
        return v;
    }
    case 'v': {
        int16_t s;
        memcpy(&s, p, 2);
        return v_bool(s != 0);
    }
    }
    return err_format(&exc_SystemError, "_ctypes: bad type code %c", c);
}

/* Store v as simple code c at p; *keep: an object whose memory p now
 * points to (kept alive by the caller), or VNULL. */
static int simple_set(char c, char *p, Value v, bool swapped, int bits, int ofs, Value *keep) {
    *keep = VNULL;
    if (code_is_int(c) || (bits && c == '?')) {
        uint64_t u;
        if (c == '?') {
            int t = obj_truth(v);
            if (t < 0) return -1;
            u = (uint64_t)t;
        } else if (int_bits(v, &u) < 0) {
            return -1;
        }
        int sz = code_size(c);
        if (bits && swapped) ofs = sz * 8 - ofs - bits;
        if (bits) {
            uint64_t mask = bits < 64 ? (((uint64_t)1 << bits) - 1) << ofs : ~(uint64_t)0;
            uint64_t old = load_uint(p, sz, swapped);
            u = (old & ~mask) | ((u << ofs) & mask);
        }
        store_uint(p, sz, swapped, u);
        return 0;
    }
    switch (c) {
    case 'c': {
        const char *d;
        int64_t n;
        if ((bytes_check(v) || bytearray_check(v)) && byteslike_view(v, &d, &n) && n == 1) {
            *p = d[0];
            return 0;
        }
        if (int_check(v)) {
            int64_t x = int_as_i64(v);
            if (x >= 0 && x < 256) {
                *p = (char)x;
                return 0;
            }
            err_clear();
        }
        err_format(&exc_TypeError, "one character bytes, bytearray or integer expected");
        return -1;
    }
    case '?': {
        int t = obj_truth(v);
        if (t < 0) return -1;
        *(unsigned char *)p = (unsigned char)t;
        return 0;
    }
    case 'f': case 'd': case 'g': {
        if (!float_check(v) && !int_check(v) && !type_lookup(type_of(v), NAME(__float__)) &&
            !type_lookup(type_of(v), NAME(__index__))) {
            err_format(&exc_TypeError, "must be real number, not %T", v);
            return -1;
        }
        double d = obj_as_double(v);
        if (d == -1.0 && err_occurred()) return -1;
        if (c == 'f') {
            float f = (float)d;
            if (swapped) {
                uint32_t u;
                memcpy(&u, &f, 4);
                store_uint(p, 4, true, u);
            } else {
                memcpy(p, &f, sizeof f);
            }
        } else if (c == 'd') {
            if (swapped) {
                uint64_t u;
                memcpy(&u, &d, 8);
                store_uint(p, 8, true, u);
            } else {
                memcpy(p, &d, sizeof d);
            }
        } else {
            long double ld = d;
            memcpy(p, &ld, sizeof ld);
        }
        return 0;
    }
    case 'u': {
        if (!str_check(v)) {
            err_format(&exc_TypeError, "unicode string expected instead of %T instance", v);
            return -1;
        }
        if (str_len(v) != 1) {
            err_set(&exc_TypeError, "one character unicode string expected");
            return -1;
        }
        wchar_t w = (wchar_t)str_char_at(v, 0);
        memcpy(p, &w, sizeof w);
        return 0;
    }
    case 'z': {
        const char *s = NULL;
        if (v == V_NONE) {
        } else if (bytes_check(v)) {
            s = bytes_data(v);
            *keep = v;
        } else if (int_check(v)) {
            uint64_t u;
            if (int_bits(v, &u) < 0) return -1;
            s = (const char *)(uintptr_t)u;
        } else {
            err_format(&exc_TypeError, "bytes or integer address expected instead of %T instance", v);
            return -1;
        }
        memcpy(p, &s, sizeof s);
        return 0;
    }
    case 'Z': {
        const wchar_t *s = NULL;
        if (v == V_NONE) {
        } else if (str_check(v)) {
            int64_t n;
            wchar_t *w = str_to_wstr(v, &n);
            *keep = bytes_new((const char *)w, sizeof(wchar_t) * (size_t)(n + 1));
            s = (const wchar_t *)bytes_data(*keep);
        } else if (int_check(v)) {
            uint64_t u;
            if (int_bits(v, &u) < 0) return -1;
            s = (const wchar_t *)(uintptr_t)u;
        } else {
            err_format(&exc_TypeError, "unicode string or integer address expected instead of %T instance", v);
            return -1;
        }
        memcpy(p, &s, sizeof s);
        return 0;
    }
    case 'P': {
        void *s = NULL;
        if (v != V_NONE) {
            uint64_t u;
            if (!int_check(v)) {
                err_format(&exc_TypeError, "cannot be converted to pointer");
                return -1;
            }
            if (int_bits(v, &u) < 0) return -1;
            s = (void *)(uintptr_t)u;
        }
        memcpy(p, &s, sizeof s);
        return 0;
    }
    case 'O':
        memcpy(p, &v, sizeof v);
        *keep = v;
        return 0;
    case 'v': {
        int t = obj_truth(v);
        if (t < 0) return -1;
        int16_t s = t ? -1 : 0;
        memcpy(p, &s, 2);
        return 0;
    }
    }
    err_format(&exc_SystemError, "_ctypes: bad type code %c", c);
    return -1;
}

/* ---- reading and writing typed memory ----------------------------------------- */

/* The value of type ct at p (an item of base at index): simple values as
 * Python values, the rest as instances sharing the memory. A structure
 * field of type c_char * n reads as bytes, c_wchar * n as str (field). */
static Value cdata_get(CType *ct, char *p, Value base, int64_t index, int bits, int ofs, bool field) {
    if (simple_direct(ct)) return simple_get(ct->code, p, ct->swapped, bits, ofs);
    if (field && ct->kind == CK_ARRAY && ct->proto) {
        CType *it = ctype_of(ct->proto);
        if (it && simple_direct(it) && it->code == 'c') {
            int64_t n = 0;
            while (n < ct->size && p[n]) n++;
            return bytes_new(p, (size_t)n);
        }
        if (it && simple_direct(it) && it->code == 'u') {
            const wchar_t *w = (const wchar_t *)p;
            int64_t n = 0;
            while (n < ct->length && w[n]) n++;
            return wstr_to_str(w, n);
        }
    }
    return cdata_at(ct, p, base, index);
}

/* A structure or array initialised from a tuple failed: RuntimeError
 * "(Type) ExcType: message", as CPython reports it. */
static int init_error(CType *ct) {
    Value exc = err_fetch();
    Value msg = obj_str(exc);
    if (!msg) return -1;
    err_format(&exc_RuntimeError, "(%s) %s: %U", ct->t.tname, type_of(exc)->tname, msg);
    return -1;
}

/* Store value as type ct at p, an item of owner at index. */
static int cdata_set(CType *ct, char *p, Value value, Value owner, int64_t index, int bits, int ofs, bool field) {
    if (cdata_check(value) && type_is_subtype(V_OBJ(value)->type, &ct->t)) {
        CData *src = V_AS(CData, value);
        memmove(p, src->ptr, (size_t)ct->size);
        cdata_keep(owner, index, kept_objects(value));
        return 0;
    }
    if (ct->kind == CK_SIMPLE) {
        Value keep;
        if (simple_set(ct->code, p, value, ct->swapped, bits, ofs, &keep) < 0) return -1;
        if (keep) cdata_keep(owner, index, keep);
        return 0;
    }
    if (ct->kind == CK_ARRAY && ct->proto && field) {
        CType *it = ctype_of(ct->proto);
        if (it && it->code == 'c' && it->kind == CK_SIMPLE && bytes_check(value)) {
            int64_t n = (int64_t)strlen(bytes_data(value));   /* up to the first NUL, as C */
            if (n > ct->size) {
                err_format(&exc_ValueError, "bytes too long (%ld, maximum length %ld)", (long)n, (long)ct->size);
                return -1;
            }
            memcpy(p, bytes_data(value), (size_t)(n < ct->size ? n + 1 : n));
            return 0;
        }
        if (it && it->code == 'u' && it->kind == CK_SIMPLE && str_check(value)) {
            int64_t n;
            wchar_t *w = str_to_wstr(value, &n);
            if (n > ct->length) {
                err_format(&exc_ValueError, "string too long (%ld, maximum length %ld)", (long)n, (long)ct->length);
                return -1;
            }
            memcpy(p, w, sizeof(wchar_t) * (size_t)(n < ct->length ? n + 1 : n));
            return 0;
        }
    }
    if (ct->kind == CK_ARRAY && field && ct->proto && ctype_of(ct->proto)->code == 'c' &&
        ctype_of(ct->proto)->kind == CK_SIMPLE && !cdata_check(value)) {
        err_format(&exc_TypeError, "expected bytes, %s found", type_of(value)->tname);
        return -1;
    }
    if ((ct->kind == CK_POINTER || ct->kind == CK_FUNCPTR) && value == V_NONE) {
        memset(p, 0, sizeof(void *));
        return 0;
    }
    if (ct->kind == CK_POINTER && cdata_check(value) && ctype_of_obj(value)->kind == CK_ARRAY &&
        ctype_of_obj(value)->proto == ct->proto) {
        void *a = V_AS(CData, value)->ptr;
        memcpy(p, &a, sizeof a);
        cdata_keep(owner, index, tuple_pack(2, kept_objects(value), value));
        return 0;
    }
    if ((ct->kind == CK_STRUCT || ct->kind == CK_UNION) && tuple_check(value)) {
        Value tmp = obj_call(V_FROM_PTR(&ct->t), tuple_items(value), (size_t)tuple_size(value), VNULL);
        if (!tmp) return init_error(ct);
        memcpy(p, V_AS(CData, tmp)->ptr, (size_t)ct->size);
        cdata_keep(owner, index, kept_objects(tmp));
        return 0;
    }
    if (ct->kind == CK_ARRAY && tuple_check(value)) {
        Value tmp = obj_call(V_FROM_PTR(&ct->t), tuple_items(value), (size_t)tuple_size(value), VNULL);
        if (!tmp) return init_error(ct);
        memcpy(p, V_AS(CData, tmp)->ptr, (size_t)ct->size);
        cdata_keep(owner, index, kept_objects(tmp));
        return 0;
    }
    if (cdata_check(value))
        err_format(&exc_TypeError, "incompatible types, %s instance instead of %s instance", V_OBJ(value)->type->tname,
                   ct->t.tname);
    else
        err_format(&exc_TypeError, "expected %s instance, got %T", ct->t.tname, value);
    return -1;
}

/* ---- CField: a structure's field descriptor ----------------------------------- */

static Value cfield_get(Value descr, Value obj, Value type) {
    (void)type;
    if (!obj) return descr;
    CField *f = V_AS(CField, descr);
    if (!cdata_check(obj)) return err_set(&exc_TypeError, "not a ctype instance");
    CData *d = V_AS(CData, obj);
    if (f->offset + f->size > d->size) return err_set(&exc_TypeError, "not a ctype instance of the field's structure");
    return cdata_get(ctype_of(f->proto), d->ptr + f->offset, obj, f->index, f->bitsize, f->bitofs, true);
}

static int cfield_set(Value descr, Value obj, Value v) {
    CField *f = V_AS(CField, descr);
    if (!cdata_check(obj)) {
        err_set(&exc_TypeError, "not a ctype instance");
        return -1;
    }
    if (!v) {
        err_set(&exc_TypeError, "can't delete attribute");
        return -1;
    }
    CData *d = V_AS(CData, obj);
    if (f->offset + f->size > d->size) {
        /* the descriptor of another structure: its field lies outside */
        err_set(&exc_TypeError, "not a ctype instance of the field's structure");
        return -1;
    }
    return cdata_set(ctype_of(f->proto), d->ptr + f->offset, v, obj, f->index, f->bitsize, f->bitofs, true);
}

static Value cfield_repr(Value self) {
    CField *f = V_AS(CField, self);
    const char *tn = V_AS(Type, f->proto)->tname;
    if (f->bitsize)
        return str_printf("<Field type=%s, ofs=%ld:%d, bits=%d>", tn, (long)f->offset, f->bitofs, f->bitsize);
    return str_printf("<Field type=%s, ofs=%ld, size=%ld>", tn, (long)f->offset, (long)f->size);
}

static Value cfield_offset(Value self) { return int_from_i64(V_AS(CField, self)->offset); }
static Value cfield_size(Value self) {
    CField *f = V_AS(CField, self);
    /* bit fields: (bits << 16) | bit offset, as CPython encodes them */
    if (f->bitsize) return int_from_i64(((int64_t)f->bitsize << 16) | f->bitofs);
    return int_from_i64(f->size);
}

static const GetSetDef cfield_getsets[] = {
    {"offset", cfield_offset, NULL, "where the field starts, in bytes from the start of the structure"},
    {"size", cfield_size, NULL, "the field's size in bytes ((bits << 16) | bit offset for a bit field)"},
    {NULL, NULL, NULL, NULL},
};

static Value cfield_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    return err_format(&exc_TypeError, "cannot create '_ctypes.%s' instances", t->tname);
}

static Type cfield_type = {
    .tname = "CField",
    .new_ = cfield_new,
    .basicsize = sizeof(CField),
    .repr = cfield_repr,
    .descr_get = cfield_get,
    .descr_set = cfield_set,
};

/* ---- layouts -------------------------------------------------------------------- */

static int64_t round_up(int64_t n, int64_t a) { return a > 1 ? (n + a - 1) / a * a : n; }

/* libffi's view of an aggregate: its fields' types in order, arrays as
 * repeated items (libffi has no array type), bit fields as their units. */
static void make_ffi_struct(CType *ct, ffi_type **elems, int64_t n) {
    ffi_type **e = gc_alloc(sizeof(ffi_type *) * (size_t)(n + 1));
    if (n) memcpy(e, elems, sizeof(ffi_type *) * (size_t)n);
    e[n] = NULL;
    ct->ffi_rec.size = (size_t)ct->size;
    ct->ffi_rec.alignment = (unsigned short)ct->align;
    ct->ffi_rec.type = FFI_TYPE_STRUCT;
    ct->ffi_rec.elements = e;
    ct->ffi = &ct->ffi_rec;
}

/* Append ct's ffi element types to a growing array (an array field as
 * its items, recursively: libffi has no array type). */
static void ffi_elems_add(CType *ct, ffi_type ***arr, int64_t *n, int64_t *cap) {
    if (ct->kind == CK_ARRAY) {
        CType *it = ctype_of(ct->proto);
        for (int64_t i = 0; it && i < ct->length; i++) ffi_elems_add(it, arr, n, cap);
        return;
    }
    if (*n >= *cap) {
        *cap = *cap * 2 + 8;
        ffi_type **na = gc_alloc(sizeof(ffi_type *) * (size_t)*cap);
        if (*n) memcpy(na, *arr, sizeof(ffi_type *) * (size_t)*n);
        *arr = na;
    }
    (*arr)[(*n)++] = ct->ffi;
}

static Value seq_as_tuple(Value v) {
    if (tuple_check(v)) return v;
    if (list_check(v)) return tuple_from_array(list_items(v), list_size(v));
    return tuple_from_iterable(v);
}

/* Lay out a structure or union from its _fields_: CField descriptors in
 * the class dict, size, alignment and ffi type (gcc's rules; _pack_
 * caps alignments; bit fields share a unit of their type while they fit). */
static int struct_layout(CType *ct, Value fields, bool is_union) {
    Value tfields = seq_as_tuple(fields);
    if (!tfields) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            err_set(&exc_TypeError, "'_fields_' must be a sequence of pairs");
        }
        return -1;
    }
    int64_t pack = 0;
    Value pv = dict_get_cstr(ct->t.dict, "_pack_");
    if (pv) {
        if (!int_check(pv) || int_sign(pv) < 0) {
            err_set(&exc_ValueError, "_pack_ must be a non-negative integer");
            return -1;
        }
        pack = int_as_i64(pv);
        if (pack < 0 && err_occurred()) return -1;
    }
    CType *bct = ctype_of(V_FROM_PTR(ct->t.base));
    int64_t offset = 0, align = 1, size = 0, nbase = 0;
    Value names = list_new(8);
    ffi_type **elems = NULL;
    int64_t nelems = 0, capelems = 0;
    if (bct && bct->ready && bct->kind == ct->kind) {
        offset = size = bct->size;
        align = bct->align;
        if (bct->fieldnames) {
            nbase = tuple_size(bct->fieldnames);
            for (int64_t i = 0; i < nbase; i++) list_append(names, tuple_get(bct->fieldnames, i));
        }
        if (bct->size) ffi_elems_add(bct, &elems, &nelems, &capelems);
    }
    int64_t bitpos = -1, unit_off = 0;   /* the open bit field unit */
    int unit_size = 0;
    bool has_bits = bct ? bct->has_bitfields : false;
    for (int64_t i = 0; i < tuple_size(tfields); i++) {
        Value item = tuple_get(tfields, i);
        if (!tuple_check(item) || tuple_size(item) < 2 || tuple_size(item) > 3 || !str_check(tuple_get(item, 0))) {
            err_set(&exc_TypeError, "'_fields_' must be a sequence of (name, C type) pairs");
            return -1;
        }
        Value name = tuple_get(item, 0), ftype = tuple_get(item, 1);
        if (!str_check(name)) {
            err_format(&exc_TypeError, "field name must be str, not %T", name);
            return -1;
        }
        CType *ft = ctype_of(ftype);
        if (ft == ct) {
            err_set(&exc_AttributeError, "Structure or union cannot contain itself");
            return -1;
        }
        if (!ft || (!ft->ready && ft->kind != CK_POINTER)) {
            err_format(&exc_TypeError, "second item in _fields_ tuple (index %ld) must be a C type", (long)i);
            return -1;
        }
        ft->final_ = true;
        if (ft->has_pointer) ct->has_pointer = true;
        int bits = 0;
        if (tuple_size(item) == 3) {
            if (ft->kind != CK_SIMPLE || !(code_is_int(ft->code) || ft->code == '?')) {
                err_format(&exc_TypeError, "bit fields not allowed for type %s", ft->t.tname);
                return -1;
            }
            Value bv = tuple_get(item, 2);
            int64_t b = int_check(bv) ? int_as_i64(bv) : -1;
            if (b < 1 || b > ft->size * 8) {
                err_clear();
                err_set(&exc_ValueError, "number of bits invalid for bit field");
                return -1;
            }
            bits = (int)b;
            has_bits = true;
        }
        int64_t fa = ft->align;
        if (pack && fa > pack) fa = pack;
        CField *f = (CField *)obj_alloc(&cfield_type, sizeof *f);
        f->proto = ftype;
        f->name = str_intern(name);
        f->size = ft->size;
        f->index = nbase + i;
        if (is_union) {
            f->offset = 0;
            if (bits) f->bitsize = bits;
            if (ft->size > size) size = ft->size;
            ffi_elems_add(ft, &elems, &nelems, &capelems);
        } else if (bits) {
            int us = (int)ft->size * 8;
            /* continue the open unit when one of this size has room, else
               start at the next position where the field does not cross
               a unit boundary (gcc) */
            int64_t pos;
            if (bitpos >= 0 && unit_size == us && (bitpos - unit_off * 8) + bits <= us) {
                pos = bitpos;
            } else {
                pos = bitpos >= 0 ? bitpos : offset * 8;
                if (pack) pos = round_up(pos, 8);
                if (pos / us != (pos + bits - 1) / us) pos = round_up(pos, us);
                unit_size = us;
            }
            unit_off = pos / us * (us / 8);
            f->offset = unit_off;
            f->bitofs = (int)(pos - unit_off * 8);
            f->bitsize = bits;
            bitpos = pos + bits;
            int64_t end = (bitpos + 7) / 8;
            if (unit_off + ft->size > end) end = unit_off + ft->size;
            if (end > offset) {
                if (f->offset >= offset || nelems == 0) ffi_elems_add(ft, &elems, &nelems, &capelems);
                offset = end;
            }
        } else {
            if (bitpos >= 0) {
                offset = (bitpos + 7) / 8 > offset ? (bitpos + 7) / 8 : offset;
                bitpos = -1;
            }
            offset = round_up(offset, fa);
            f->offset = offset;
            offset += ft->size;
            ffi_elems_add(ft, &elems, &nelems, &capelems);
        }
        if (fa > align) align = fa;
        dict_set(ct->t.dict, f->name, V_FROM_PTR(f));
        list_append(names, f->name);
    }
    if (!is_union) size = offset;
    ct->size = round_up(size, align);
    ct->align = align;
    ct->has_bitfields = has_bits;
    ct->fieldnames = tuple_from_array(list_items(names), list_size(names));
    ct->ready = true;
    ct->final_ = true;
    if (is_union && nelems > 1) {
        /* libffi has no unions: one member of the strictest alignment
           padded with bytes to the size stands for it */
        ffi_type *best = elems[0];
        for (int64_t i = 1; i < nelems; i++)
            if (elems[i]->alignment > best->alignment) best = elems[i];
        elems[0] = best;
        nelems = 1;
        int64_t rest = ct->size - (int64_t)best->size;
        for (int64_t i = 0; i < rest; i++) ffi_elems_add(&(CType){.ffi = &ffi_type_uchar}, &elems, &nelems, &capelems);
    }
    make_ffi_struct(ct, elems, nelems);
    /* _anonymous_: the fields of these fields are this class's too */
    Value anon = dict_get_cstr(ct->t.dict, "_anonymous_");
    if (anon) {
        Value ta = seq_as_tuple(anon);
        if (!ta) return -1;
        for (int64_t i = 0; i < tuple_size(ta); i++) {
            Value an = tuple_get(ta, i);
            Value fd = str_check(an) ? dict_get(ct->t.dict, an) : VNULL;
            if (!fd || V_OBJ(fd)->type != &cfield_type) {
                err_format(&exc_AttributeError, "'%U' is specified in _anonymous_ but not in _fields_", an);
                return -1;
            }
            CField *outer = V_AS(CField, fd);
            outer->anon = true;
            CType *at = ctype_of(outer->proto);
            if (!at || (at->kind != CK_STRUCT && at->kind != CK_UNION)) {
                err_format(&exc_TypeError, "_anonymous_ field '%U' must be a structure or union", an);
                return -1;
            }
            int64_t pos = 0;
            Value k, v;
            while (dict_next(at->t.dict, &pos, &k, &v)) {
                if (!v_is_ptr(v) || V_OBJ(v)->type != &cfield_type) continue;
                CField *inner = V_AS(CField, v);
                CField *nf = (CField *)obj_alloc(&cfield_type, sizeof *nf);
                *nf = *inner;
                nf->offset += outer->offset;
                nf->index = outer->index;
                dict_set(ct->t.dict, k, V_FROM_PTR(nf));
            }
        }
    }
    type_modified(&ct->t);
    return 0;
}

/* ---- the metaclasses ------------------------------------------------------------ */

static const GetSetDef chararray_getsets[], wchararray_getsets[];

static CType *new_class_common(Type *meta, Value *args, size_t nargs, Value kwnames, int kind) {
    Value cls = type_type.new_(meta, args, nargs, kwnames);
    if (!cls) return NULL;
    if (!type_check(cls) || !meta_check(V_OBJ(cls)->type)) return NULL;   /* another metaclass made it */
    CType *ct = V_AS(CType, cls);
    CType *base = ctype_of(V_FROM_PTR(ct->t.base));
    if (base) {
        /* a subclass starts as its base: same layout and type */
        ct->ready = base->ready;
        ct->size = base->size;
        ct->align = base->align;
        ct->length = base->length;
        ct->proto = base->proto;
        ct->code = base->code;
        ct->swapped = base->swapped;
        ct->fieldnames = base->fieldnames;
        ct->has_bitfields = base->has_bitfields;
        ct->has_pointer = base->has_pointer;
        ct->ffi = base->ffi == &base->ffi_rec ? &ct->ffi_rec : base->ffi;
        ct->ffi_rec = base->ffi_rec;
        ct->argtypes = base->argtypes;
        ct->restype = base->restype;
        ct->checker = base->checker;
        ct->flags = base->flags;
        base->final_ = true;
    }
    ct->kind = kind;
    return ct;
}

static Value class_attr(CType *ct, const char *name) {
    return type_lookup_cstr(&ct->t, name);
}

static Value swapped_type(CType *ct, Type *meta, Value *args, size_t nargs) {
    (void)nargs;
    Value nargs3[3] = {args[0], args[1], dict_copy(args[2])};
    Value cls = type_type.new_(meta, nargs3, 3, VNULL);
    if (!cls) return VNULL;
    CType *sw = V_AS(CType, cls);
    sw->kind = CK_SIMPLE;
    sw->ready = true;
    sw->code = ct->code;
    sw->size = ct->size;
    sw->align = ct->align;
    sw->ffi = ct->ffi;
    sw->swapped = true;
    return cls;
}

static Value simple_meta_new(Type *meta, Value *args, size_t nargs, Value kwnames) {
    CType *ct = new_class_common(meta, args, nargs, kwnames, CK_SIMPLE);
    if (!ct) return err_occurred() ? VNULL : type_type.new_(meta, args, nargs, kwnames);
    Value tc = class_attr(ct, "_type_");
    if (!tc) return err_set(&exc_AttributeError, "class must define a '_type_' attribute");
    if (!str_check(tc)) return err_set(&exc_TypeError, "class must define a '_type_' string attribute");
    if (str_len(tc) != 1)
        return err_set(&exc_ValueError, "class must define a '_type_' attribute which must be a string of length 1");
    char c = str_data(tc)[0];
    if (!strchr(SIMPLE_CODES, c) || c == 'X')
        return err_format(&exc_AttributeError, "class must define a '_type_' attribute which must be\n"
                                               "a single character string containing one of '%s'.", SIMPLE_CODES);
    ct->code = c;
    ct->size = code_size(c);
    ct->align = code_align(c);
    ct->ffi = code_ffi(c);
    ct->ready = true;
    ct->swapped = false;
    ct->has_pointer = strchr("zZPO", c) != NULL;   /* py_object too: its bytes are an address */
    if (strchr("hHiIlLqQfd", c) && nargs == 3 && dict_check(args[2])) {
        Value sw = swapped_type(ct, meta, args, nargs);
        if (!sw) return VNULL;
        Value self = V_FROM_PTR(ct);
        dict_set_cstr(ct->t.dict, "__ctype_le__", self);
        dict_set_cstr(ct->t.dict, "__ctype_be__", sw);
        dict_set_cstr(V_AS(Type, sw)->dict, "__ctype_le__", self);
        dict_set_cstr(V_AS(Type, sw)->dict, "__ctype_be__", sw);
        type_modified(V_AS(Type, sw));
        type_modified(&ct->t);
    }
    return V_FROM_PTR(ct);
}

static Value aggregate_meta_new(Type *meta, Value *args, size_t nargs, Value kwnames, int kind) {
    CType *ct = new_class_common(meta, args, nargs, kwnames, kind);
    if (!ct) return err_occurred() ? VNULL : type_type.new_(meta, args, nargs, kwnames);
    Value fields = dict_get_cstr(ct->t.dict, "_fields_");
    ct->final_ = false;
    if (!fields && !ct->ready) {
        /* no _fields_ (yet): an empty structure until they are set */
        ct->ready = true;
        ct->size = 0;
        ct->align = 1;
        ct->fieldnames = tuple_empty;
        make_ffi_struct(ct, NULL, 0);
    }
    if (fields) {
        /* through the metaclass's __setattr__, which may rewrite the
           fields (ctypes._endian's byte-swapped structures do) */
        ct->ready = false;
        if (obj_setattr(V_FROM_PTR(ct), str_intern_cstr("_fields_"), fields) < 0) return VNULL;
    }
    return V_FROM_PTR(ct);
}
static Value struct_meta_new(Type *meta, Value *args, size_t nargs, Value kwnames) {
    return aggregate_meta_new(meta, args, nargs, kwnames, CK_STRUCT);
}
static Value union_meta_new(Type *meta, Value *args, size_t nargs, Value kwnames) {
    return aggregate_meta_new(meta, args, nargs, kwnames, CK_UNION);
}

/* Setting _fields_ after the class statement lays the class out (once). */
static int aggregate_meta_setattr(Value self, Value name, Value v) {
    CType *ct = V_AS(CType, self);
    bool fields = str_check(name) && str_eq_cstr(name, "_fields_");
    if (fields && !ct->kind) {
        /* set while the class statement runs (__init_subclass__), before
           the class has a layout */
        err_set(&exc_TypeError, "ctypes state is not initialized");
        return -1;
    }
    if (fields && ct->final_) {
        err_set(&exc_AttributeError, "_fields_ is final");
        return -1;
    }
    if (type_type.setattr(self, name, v) < 0) return -1;
    if (fields && v) return struct_layout(ct, v, ct->kind == CK_UNION);
    return 0;
}

static Value array_meta_new(Type *meta, Value *args, size_t nargs, Value kwnames) {
    CType *ct = new_class_common(meta, args, nargs, kwnames, CK_ARRAY);
    if (!ct) return err_occurred() ? VNULL : type_type.new_(meta, args, nargs, kwnames);
    Value lv = class_attr(ct, "_length_");
    if (!lv) return err_set(&exc_AttributeError, "class must define a '_length_' attribute");
    if (!int_check(lv)) return err_set(&exc_TypeError, "The '_length_' attribute must be an integer");
    if (int_sign(lv) < 0) return err_set(&exc_ValueError, "The '_length_' attribute must not be negative");
    int64_t len = int_as_i64(lv);
    if (len == -1 && err_occurred()) {
        err_clear();
        return err_set(&exc_OverflowError, "The '_length_' attribute is too large");
    }
    Value tv = class_attr(ct, "_type_");
    if (!tv) return err_set(&exc_AttributeError, "class must define a '_type_' attribute");
    CType *it = ctype_of(tv);
    if (!it || (!it->ready && it->kind != CK_POINTER)) return err_set(&exc_TypeError, "_type_ must have storage info");
    it->final_ = true;
    if (it->size && len > INT64_MAX / it->size) return err_set(&exc_OverflowError, "array too large");
    ct->proto = tv;
    ct->length = len;
    ct->has_pointer = it->has_pointer;
    if (simple_direct(it) && (it->code == 'c' || it->code == 'u')) {
        const GetSetDef *gs = it->code == 'c' ? chararray_getsets : wchararray_getsets;
        for (; gs->name; gs++)
            if (!dict_get_cstr(ct->t.dict, gs->name))
                dict_set(ct->t.dict, str_intern_cstr(gs->name), getset_descr_new(&array_type, gs));
        type_modified(&ct->t);
    }
    ct->size = it->size * len;
    ct->align = it->align;
    ct->ready = true;
    /* an array argument is passed as a pointer to its first item; inside
       a structure its items are laid out one by one (ffi_elems_add) */
    ct->ffi = &ffi_type_pointer;
    return V_FROM_PTR(ct);
}

static Value pointer_meta_new(Type *meta, Value *args, size_t nargs, Value kwnames) {
    CType *ct = new_class_common(meta, args, nargs, kwnames, CK_POINTER);
    if (!ct) return err_occurred() ? VNULL : type_type.new_(meta, args, nargs, kwnames);
    ct->size = sizeof(void *);
    ct->align = _Alignof(void *);
    ct->ffi = &ffi_type_pointer;
    ct->ready = true;
    ct->has_pointer = true;
    /* only the class's own _type_: a subclass without one is incomplete */
    Value tv = dict_get_cstr(ct->t.dict, "_type_");
    ct->proto = VNULL;
    if (tv) {
        if (!type_check(tv)) return err_set(&exc_TypeError, "_type_ must be a type");
        if (!ctype_of(tv)) return err_set(&exc_TypeError, "_type_ must have storage info");
        ct->proto = tv;
    }
    return V_FROM_PTR(ct);
}

static int check_argtypes(Value v, Value *out) {
    Value t = seq_as_tuple(v);
    if (!t) {
        err_clear();
        err_set(&exc_TypeError, "_argtypes_ must be a sequence of types");
        return -1;
    }
    for (int64_t i = 0; i < tuple_size(t); i++) {
        Value fp = obj_getattr_opt(tuple_get(t, i), str_intern_cstr("from_param"));
        if (!fp) {
            if (!err_occurred())
                err_format(&exc_TypeError, "item %ld in _argtypes_ has no from_param method", (long)i + 1);
            return -1;
        }
    }
    *out = t;
    return 0;
}

static Value funcptr_meta_new(Type *meta, Value *args, size_t nargs, Value kwnames) {
    CType *ct = new_class_common(meta, args, nargs, kwnames, CK_FUNCPTR);
    if (!ct) return err_occurred() ? VNULL : type_type.new_(meta, args, nargs, kwnames);
    ct->size = sizeof(void *);
    ct->align = _Alignof(void *);
    ct->ffi = &ffi_type_pointer;
    ct->ready = true;
    ct->has_pointer = true;
    Value fl = class_attr(ct, "_flags_");
    if (!fl || !int_check(fl)) return err_set(&exc_TypeError, "class must define _flags_ which must be an integer");
    ct->flags = (int)int_as_i64(fl);
    Value at = dict_get_cstr(ct->t.dict, "_argtypes_");
    if (at && at != V_NONE && check_argtypes(at, &ct->argtypes) < 0) return VNULL;
    if (ct->argtypes && tuple_size(ct->argtypes) > CTYPES_MAX_ARGCOUNT) {
        Value msg = str_printf("_argtypes_ has too many arguments (%ld), maximum is %d",
                               (long)tuple_size(ct->argtypes), CTYPES_MAX_ARGCOUNT);
        return err_set_exc(obj_call1(argument_error, msg));
    }
    Value rt = dict_get_cstr(ct->t.dict, "_restype_");
    if (rt) {
        if (rt != V_NONE && !ctype_of(rt) && !type_lookup(type_of(rt), NAME(__call__)))
            return err_set(&exc_TypeError, "_restype_ must be a type, a callable, or None");
        ct->restype = rt;
        ct->checker = obj_getattr_opt(rt, str_intern_cstr("_check_retval_"));
        if (!ct->checker && err_occurred()) return VNULL;
    }
    return V_FROM_PTR(ct);
}

/* ---- _CData: what every instance has -------------------------------------------- */

static Value cdata_type_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    (void)kwnames;
    CType *ct = ctype_of(V_FROM_PTR(t));
    if (!ct || !ct->ready || dict_get_cstr(t->dict, "_abstract_")) return err_set(&exc_TypeError, "abstract class");
    return cdata_new_owned(ct);
}

/* The buffer is one-dimensional: a simple value, or an array of simple
 * values, exports items of its native format; anything else bytes. */
static int cdata_getbuffer(Value self, BufferInfo *out) {
    static const char item_codes[] = "cbB?hHiIlLqQfd";
    static char fmts[sizeof item_codes][2];
    CData *d = V_AS(CData, self);
    CType *ct = ctype_of_obj(self);
    out->data = d->ptr;
    out->len = d->size;
    out->itemsize = 1;
    out->format = "B";
    out->readonly = false;
    CType *it = ct && ct->kind == CK_ARRAY ? ctype_of(ct->proto) : ct;
    if (it && it->kind == CK_SIMPLE && !it->swapped && it->code && strchr(item_codes, it->code) && it->size) {
        int i = (int)(strchr(item_codes, it->code) - item_codes);
        fmts[i][0] = it->code;
        out->format = fmts[i];
        out->itemsize = it->size;
    }
    return 0;
}

static Value cdata_b_base(Value self) {
    Value b = V_AS(CData, self)->base;
    return b ? b : V_NONE;
}
static Value cdata_b_needsfree(Value self) { return v_int(V_AS(CData, self)->owns ? 1 : 0); }
static Value cdata_objects_get(Value self) {
    Value o = V_AS(CData, self)->objects;
    return o ? o : V_NONE;
}

static Value cdata_from_outparam(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("__ctypes_from_outparam__", kwnames) < 0 ||
        arg_count("__ctypes_from_outparam__", nargs, 1, 1) < 0)
        return VNULL;
    return args[0];
}

static Value unpickle_fn;   /* _ctypes._unpickle */

/* pickling: (_unpickle, (type, (__dict__, memory))) */
static Value cdata_reduce(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("__reduce__", kwnames) < 0 || arg_count("__reduce__", nargs, 1, 1) < 0) return VNULL;
    Value self = args[0];
    CType *ct = ctype_of_obj(self);
    if (!ct || ct->has_pointer) return err_set(&exc_ValueError, "ctypes objects containing pointers cannot be pickled");
    Value d = instance_get_dict(self);
    if (!d) {
        if (err_occurred()) return VNULL;
        d = dict_new();
    }
    CData *c = V_AS(CData, self);
    Value state = tuple_pack(2, d, bytes_new(c->ptr, (size_t)c->size));
    return tuple_pack(2, unpickle_fn, tuple_pack(2, V_FROM_PTR(V_OBJ(self)->type), state));
}

static Value cdata_setstate(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("__setstate__", kwnames) < 0 || arg_count("__setstate__", nargs, 2, 2) < 0) return VNULL;
    Value st = args[1];
    if (!tuple_check(st) || tuple_size(st) != 2 || !dict_check(tuple_get(st, 0)) || !bytes_check(tuple_get(st, 1)))
        return err_set(&exc_TypeError, "__setstate__ argument must be a (dict, bytes) tuple");
    CData *c = V_AS(CData, args[0]);
    Value data = tuple_get(st, 1);
    int64_t n = bytes_size(data) < c->size ? bytes_size(data) : c->size;
    memmove(c->ptr, bytes_data(data), (size_t)n);
    Value d = instance_get_dict(args[0]);
    if (!d) return err_occurred() ? VNULL : err_set(&exc_TypeError, "ctypes object has no __dict__");
    if (dict_update(d, tuple_get(st, 0)) < 0) return VNULL;
    return V_NONE;
}

static Value f_unpickle(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("_unpickle", kwnames) < 0 || arg_count("_unpickle", nargs, 2, 2) < 0) return VNULL;
    Value nf = obj_getattr(args[0], NAME(__new__));
    if (!nf) return VNULL;
    Value obj = obj_call1(nf, args[0]);
    if (!obj) return VNULL;
    Value r = obj_call_method(obj, "__setstate__", &args[1], 1);
    return r ? obj : VNULL;
}

static const GetSetDef cdata_getsets[] = {
    {"_b_base_", cdata_b_base, NULL, "the object whose memory this one shares, or None"},
    {"_b_needsfree_", cdata_b_needsfree, NULL, "1 when this object allocated its memory itself"},
    {"_objects", cdata_objects_get, NULL, "the objects kept alive for this memory (read it, never change it)"},
    {NULL, NULL, NULL, NULL},
};
static const MethodDef cdata_methods[] = {
    {"__ctypes_from_outparam__", cdata_from_outparam, 0, NULL},
    {"__reduce__", cdata_reduce, 0, NULL},
    {"__setstate__", cdata_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- simple instances (_SimpleCData) -------------------------------------------- */

static int simple_store(Value self, Value v) {
    CType *ct = ctype_of_obj(self);
    CData *d = V_AS(CData, self);
    Value keep;
    if (simple_set(ct->code, d->ptr, v, ct->swapped, 0, 0, &keep) < 0) return -1;
    if (keep) cdata_keep(self, 0, keep);
    return 0;
}

static int simple_init(Value self, Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_SimpleCData", 0, 0, 0, {"value", NULL}};
    Value v[1];
    if (arg_parse(&spec, args, nargs, kwnames, v) < 0) return -1;
    if (v[0] && simple_store(self, v[0]) < 0) return -1;
    return 0;
}

static Value simple_value_get(Value self) {
    CType *ct = ctype_of_obj(self);
    return simple_get(ct->code, V_AS(CData, self)->ptr, ct->swapped, 0, 0);
}
static int simple_value_set(Value self, Value v) {
    if (!v) {
        err_set(&exc_TypeError, "can't delete attribute");
        return -1;
    }
    return simple_store(self, v);
}

static Value simple_repr(Value self) {
    CType *ct = ctype_of_obj(self);
    if (!simple_direct(ct)) return str_printf("<%s object at %p>", ct->t.tname, (void *)V_OBJ(self));
    Value v = simple_value_get(self);
    if (!v) return VNULL;
    return str_printf("%s(%R)", ct->t.tname, v);
}

static int simple_truth(Value self) {
    CData *d = V_AS(CData, self);
    for (int64_t i = 0; i < d->size; i++)
        if (d->ptr[i]) return 1;
    return 0;
}

static Value simple_from_outparam(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("__ctypes_from_outparam__", kwnames) < 0 ||
        arg_count("__ctypes_from_outparam__", nargs, 1, 1) < 0)
        return VNULL;
    CType *ct = ctype_of_obj(args[0]);
    if (simple_direct(ct)) return simple_value_get(args[0]);
    return args[0];
}

static const GetSetDef simple_getsets[] = {
    {"value", simple_value_get, simple_value_set, "the value, as a Python object"},
    {NULL, NULL, NULL, NULL},
};
static const MethodDef simple_methods[] = {
    {"__ctypes_from_outparam__", simple_from_outparam, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- structures and unions -------------------------------------------------- */

static int struct_init(Value self, Value *args, size_t nargs, Value kwnames) {
    CType *ct = ctype_of_obj(self);
    Value names = ct->fieldnames ? ct->fieldnames : tuple_empty;
    if ((int64_t)nargs > tuple_size(names)) {
        err_set(&exc_TypeError, "too many initializers");
        return -1;
    }
    for (size_t i = 0; i < nargs; i++)
        if (obj_setattr(self, tuple_get(names, (int64_t)i), args[i]) < 0) return -1;
    if (kwnames) {
        for (int64_t k = 0; k < tuple_size(kwnames); k++) {
            Value kn = tuple_get(kwnames, k);
            for (size_t i = 0; i < nargs; i++)
                if (str_eq(tuple_get(names, (int64_t)i), kn)) {
                    err_format(&exc_TypeError, "duplicate values for field %R", kn);
                    return -1;
                }
            if (obj_setattr(self, kn, args[nargs + (size_t)k]) < 0) return -1;
        }
    }
    return 0;
}

/* ---- arrays ------------------------------------------------------------------- */

static int array_init(Value self, Value *args, size_t nargs, Value kwnames) {
    if (kwnames && tuple_size(kwnames)) {
        err_set(&exc_TypeError, "Array() takes no keyword arguments");
        return -1;
    }
    for (size_t i = 0; i < nargs; i++)
        if (obj_setitem(self, v_int((int64_t)i), args[i]) < 0) return -1;
    return 0;
}

static int64_t array_len(Value self) { return ctype_of_obj(self)->length; }

/* items [start, start+step*n) of memory p with item type it, as a list,
 * or bytes / str for c_char / c_wchar items */
static Value items_slice(CType *it, char *p, Value owner, int64_t start, int64_t step, int64_t n) {
    if (simple_direct(it) && it->code == 'c') {
        Value b = bytes_alloc((size_t)n);
        char *o = (char *)bytes_data(b);
        for (int64_t i = 0; i < n; i++) o[i] = p[start + i * step];
        return b;
    }
    if (simple_direct(it) && it->code == 'u') {
        wchar_t *w = gc_alloc_atomic(sizeof(wchar_t) * (size_t)(n + 1));
        for (int64_t i = 0; i < n; i++) w[i] = ((wchar_t *)p)[start + i * step];
        return wstr_to_str(w, n);
    }
    Value l = list_new(n);
    for (int64_t i = 0; i < n; i++) {
        int64_t k = start + i * step;
        Value v = cdata_get(it, p + k * it->size, owner, k, 0, 0, false);
        if (!v) return VNULL;
        list_append(l, v);
    }
    return l;
}

static Value array_getitem(Value self, Value key) {
    CType *ct = ctype_of_obj(self);
    CType *it = ctype_of(ct->proto);
    CData *d = V_AS(CData, self);
    if (slice_check(key)) {
        int64_t start, stop, step;
        int64_t n = slice_indices(key, ct->length, &start, &stop, &step);
        if (n < 0) return VNULL;
        return items_slice(it, d->ptr, self, start, step, n);
    }
    if (!int_check(key) && !type_lookup(type_of(key), NAME(__index__)))
        return err_set(&exc_TypeError, "indices must be integers");
    int64_t i = obj_index_i64(key);
    if (i == -1 && err_occurred()) return VNULL;
    if (i < 0) i += ct->length;
    if (i < 0 || i >= ct->length) return err_set(&exc_IndexError, "invalid index");
    return cdata_get(it, d->ptr + i * it->size, self, i, 0, 0, false);
}

static int array_setitem(Value self, Value key, Value v) {
    CType *ct = ctype_of_obj(self);
    CType *it = ctype_of(ct->proto);
    CData *d = V_AS(CData, self);
    if (!v) {
        err_set(&exc_TypeError, "Array does not support item deletion");
        return -1;
    }
    if (slice_check(key)) {
        int64_t start, stop, step;
        int64_t n = slice_indices(key, ct->length, &start, &stop, &step);
        if (n < 0) return -1;
        int64_t vn = obj_len(v);
        if (vn < 0) return -1;
        if (vn != n) {
            err_set(&exc_ValueError, "Can only assign sequence of same size");
            return -1;
        }
        for (int64_t i = 0; i < n; i++) {
            Value item = obj_getitem(v, v_int(i));
            if (!item) return -1;
            int64_t k = start + i * step;
            if (cdata_set(it, d->ptr + k * it->size, item, self, k, 0, 0, false) < 0) return -1;
        }
        return 0;
    }
    if (!int_check(key) && !type_lookup(type_of(key), NAME(__index__))) {
        err_set(&exc_TypeError, "indices must be integer");
        return -1;
    }
    int64_t i = obj_index_i64(key);
    if (i == -1 && err_occurred()) return -1;
    if (i < 0) i += ct->length;
    if (i < 0 || i >= ct->length) {
        err_set(&exc_IndexError, "invalid index");
        return -1;
    }
    return cdata_set(it, d->ptr + i * it->size, v, self, i, 0, 0, false);
}

static Value array_iter(Value self) { return seqiter_new(self); }

/* c_char arrays: .value (up to the first NUL) and .raw; c_wchar: .value */
static Value chararray_value_get(Value self) {
    CData *d = V_AS(CData, self);
    int64_t n = 0;
    while (n < d->size && d->ptr[n]) n++;
    return bytes_new(d->ptr, (size_t)n);
}
static int chararray_value_set(Value self, Value v) {
    CData *d = V_AS(CData, self);
    if (!v) {
        err_set(&exc_TypeError, "can't delete attribute");
        return -1;
    }
    if (!bytes_check(v)) {
        err_format(&exc_TypeError, "bytes expected instead of %T instance", v);
        return -1;
    }
    int64_t n = bytes_size(v);
    if (n > d->size) {
        err_set(&exc_ValueError, "byte string too long");
        return -1;
    }
    memcpy(d->ptr, bytes_data(v), (size_t)n);
    if (n < d->size) d->ptr[n] = 0;
    return 0;
}
static Value chararray_raw_get(Value self) {
    CData *d = V_AS(CData, self);
    return bytes_new(d->ptr, (size_t)d->size);
}
static int chararray_raw_set(Value self, Value v) {
    CData *d = V_AS(CData, self);
    const char *p;
    int64_t n;
    if (!v) {
        err_set(&exc_AttributeError, "cannot delete attribute");
        return -1;
    }
    if (!byteslike_view(v, &p, &n)) {
        err_format(&exc_TypeError, "a bytes-like object is required, not '%T'", v);
        return -1;
    }
    if (n > d->size) {
        err_set(&exc_ValueError, "byte string too long");
        return -1;
    }
    memcpy(d->ptr, p, (size_t)n);
    return 0;
}
static Value wchararray_value_get(Value self) {
    CData *d = V_AS(CData, self);
    const wchar_t *w = (const wchar_t *)d->ptr;
    int64_t n = 0, max = d->size / (int64_t)sizeof(wchar_t);
    while (n < max && w[n]) n++;
    return wstr_to_str(w, n);
}
static int wchararray_value_set(Value self, Value v) {
    CData *d = V_AS(CData, self);
    if (!v) {
        err_set(&exc_TypeError, "can't delete attribute");
        return -1;
    }
    if (!str_check(v)) {
        err_format(&exc_TypeError, "unicode string expected instead of %T instance", v);
        return -1;
    }
    int64_t n, max = d->size / (int64_t)sizeof(wchar_t);
    wchar_t *w = str_to_wstr(v, &n);
    if (n > max) {
        err_set(&exc_ValueError, "string too long");
        return -1;
    }
    memcpy(d->ptr, w, sizeof(wchar_t) * (size_t)(n < max ? n + 1 : n));
    return 0;
}
static const GetSetDef chararray_getsets[] = {
    {"value", chararray_value_get, chararray_value_set, "the contents up to the first NUL"},
    {"raw", chararray_raw_get, chararray_raw_set, "all the bytes"},
    {NULL, NULL, NULL, NULL},
};
static const GetSetDef wchararray_getsets[] = {
    {"value", wchararray_value_get, wchararray_value_set, "the contents up to the first NUL"},
    {NULL, NULL, NULL, NULL},
};

/* ---- pointers ------------------------------------------------------------------- */

static CType *pointer_proto(Value self) {
    CType *ct = ctype_of_obj(self);
    CType *it = ct->proto ? ctype_of(ct->proto) : NULL;
    if (!it) err_set(&exc_TypeError, "Cannot create instance: has no _type_");
    return it;
}

static int pointer_set_contents(Value self, Value v) {
    CType *it = pointer_proto(self);
    if (!it) return -1;
    if (!v) {
        err_set(&exc_TypeError, "Pointer does not support item deletion");
        return -1;
    }
    /* any ctypes instance is accepted, as CPython 3.11 does */
    if (!cdata_check(v)) {
        err_format(&exc_TypeError, "expected %s instead of %T", it->t.tname, v);
        return -1;
    }
    void *p = V_AS(CData, v)->ptr;
    memcpy(V_AS(CData, self)->ptr, &p, sizeof p);
    Value keep = kept_objects(v);
    cdata_keep(self, 1, v);
    cdata_keep(self, 0, keep);
    return 0;
}

static Value pointer_contents_get(Value self) {
    CType *it = pointer_proto(self);
    if (!it) return VNULL;
    char *p;
    memcpy(&p, V_AS(CData, self)->ptr, sizeof p);
    if (!p) return err_set(&exc_ValueError, "NULL pointer access");
    return cdata_at(it, p, self, 0);
}

static int pointer_init(Value self, Value *args, size_t nargs, Value kwnames) {
    if (kwnames && tuple_size(kwnames)) {
        err_set(&exc_TypeError, "Pointer() takes no keyword arguments");
        return -1;
    }
    if (nargs > 1) {
        err_set(&exc_TypeError, "Pointer() takes at most 1 argument");
        return -1;
    }
    if (nargs == 1) return pointer_set_contents(self, args[0]);
    return 0;
}

static Value pointer_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    CType *ct = ctype_of(V_FROM_PTR(t));
    if (!ct || !ct->proto) return err_set(&exc_TypeError, "Cannot create instance: has no _type_");
    return cdata_type_new(t, args, nargs, kwnames);
}

static Value pointer_getitem(Value self, Value key) {
    CType *it = pointer_proto(self);
    if (!it) return VNULL;
    char *p;
    memcpy(&p, V_AS(CData, self)->ptr, sizeof p);
    if (slice_check(key)) {
        SliceObject *s = V_AS(SliceObject, key);
        if (s->stop == V_NONE) return err_set(&exc_ValueError, "slice stop is required");
        int64_t step = s->step == V_NONE ? 1 : obj_index_i64(s->step);
        if (step == -1 && err_occurred()) return VNULL;
        if (step == 0) return err_set(&exc_ValueError, "slice step cannot be zero");
        int64_t start = s->start == V_NONE ? (step > 0 ? 0 : -1) : obj_index_i64(s->start);
        if (start == -1 && err_occurred()) return VNULL;
        if (s->start == V_NONE && step < 0) return err_set(&exc_ValueError, "slice start is required for step < 0");
        int64_t stop = obj_index_i64(s->stop);
        if (stop == -1 && err_occurred()) return VNULL;
        int64_t n = 0;
        if (step > 0 && stop > start) n = (stop - start + step - 1) / step;
        if (step < 0 && stop < start) n = (start - stop - step - 1) / (-step);
        if (n && !p) return err_set(&exc_ValueError, "NULL pointer access");
        return items_slice(it, p, self, start, step, n);
    }
    if (!int_check(key) && !type_lookup(type_of(key), NAME(__index__)))
        return err_set(&exc_TypeError, "Pointer indices must be integer");
    int64_t i = obj_index_i64(key);
    if (i == -1 && err_occurred()) return VNULL;
    if (!p) return err_set(&exc_ValueError, "NULL pointer access");
    return cdata_get(it, p + i * it->size, self, i, 0, 0, false);
}

static int pointer_setitem(Value self, Value key, Value v) {
    CType *it = pointer_proto(self);
    if (!it) return -1;
    if (!v) {
        err_set(&exc_TypeError, "Pointer does not support item deletion");
        return -1;
    }
    int64_t i = obj_index_i64(key);
    if (i == -1 && err_occurred()) return -1;
    char *p;
    memcpy(&p, V_AS(CData, self)->ptr, sizeof p);
    if (!p) {
        err_set(&exc_ValueError, "NULL pointer access");
        return -1;
    }
    return cdata_set(it, p + i * it->size, v, self, i, 0, 0, false);
}

static int pointer_truth(Value self) {
    void *p;
    memcpy(&p, V_AS(CData, self)->ptr, sizeof p);
    return p != NULL;
}

static const GetSetDef pointer_getsets[] = {
    {"contents", pointer_contents_get, pointer_set_contents, "the instance the pointer points to"},
    {NULL, NULL, NULL, NULL},
};

/* ---- byref() arguments ------------------------------------------------------------ */

static Value carg_repr(Value self) {
    CArgObject *a = V_AS(CArgObject, self);
    char c = a->tag;
    switch (c) {
    case 'b': case 'B': case 'h': case 'H': case 'i': case 'I': case 'l': case 'L': case 'q': case 'Q':
    case 'd': case 'f': {
        Value v = simple_get(c, a->v.buf, false, 0, 0);
        if (!v) return VNULL;
        return str_printf("<cparam '%c' (%R)>", c, v);
    }
    case 'c': {
        unsigned char ch = (unsigned char)a->v.buf[0];
        if (ch >= 32 && ch < 127) return str_printf("<cparam '%c' ('%c')>", c, ch);
        char hex[8];
        snprintf(hex, sizeof hex, "\\x%02x", ch);
        return str_printf("<cparam '%c' ('%s')>", c, hex);
    }
    case 'z': case 'Z': case 'P':
        return str_printf("<cparam '%c' (%p)>", c, a->v.p);
    default:
        return str_printf("<cparam '%c' at %p>", c, (void *)V_OBJ(self));
    }
}
static Value carg_obj(Value self) { return V_AS(CArgObject, self)->obj; }
static const GetSetDef carg_getsets[] = {
    {"_obj", carg_obj, NULL, NULL},
    {NULL, NULL, NULL, NULL},
};
static Type carg_type = {.tname = "CArgObject", .basicsize = sizeof(CArgObject), .repr = carg_repr};

/* byref(obj, offset) */
static Value carg_new(Value obj, int64_t offset) {
    CArgObject *a = (CArgObject *)obj_alloc(&carg_type, sizeof *a);
    a->tag = 'P';
    a->ffi = &ffi_type_pointer;
    a->v.p = V_AS(CData, obj)->ptr + offset;
    a->obj = obj;
    a->offset = offset;
    return V_FROM_PTR(a);
}

/* A simple value v converted as code c for a call; VNULL with the error. */
static Value carg_simple(char c, Value v) {
    CArgObject *a = (CArgObject *)obj_alloc(&carg_type, sizeof *a);
    Value keep;
    a->tag = c;
    a->ffi = code_ffi(c);
    if (simple_set(c, a->v.buf, v, false, 0, 0, &keep) < 0) return VNULL;
    a->obj = keep ? keep : v;
    return V_FROM_PTR(a);
}

/* A byref() or pointer-valued argument made from instances of type t */
static bool carg_of(Value v, Type *t) {
    if (!carg_check(v)) return false;
    Value o = V_AS(CArgObject, v)->obj;
    return V_AS(CArgObject, v)->tag == 'P' && cdata_check(o) && type_is_subtype(V_OBJ(o)->type, t);
}

/* ---- the classes' methods (methods of the metaclasses) ------------------------------- */

static CType *class_arg(Value cls) {
    CType *ct = ctype_of(cls);
    if (!ct || !ct->ready) {
        err_set(&exc_TypeError, "abstract class");
        return NULL;
    }
    return ct;
}

static int addr_arg(Value v, char **out) {
    uint64_t u;
    if (!int_check(v)) {
        err_format(&exc_TypeError, "integer expected");
        return -1;
    }
    if (int_bits(v, &u) < 0) return -1;
    *out = (char *)(uintptr_t)u;
    return 0;
}

static Value m_from_address(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("from_address", kwnames) < 0 || arg_count("from_address", nargs, 2, 2) < 0) return VNULL;
    CType *ct = class_arg(args[0]);
    char *p;
    if (!ct || addr_arg(args[1], &p) < 0) return VNULL;
    return cdata_at(ct, p, VNULL, 0);
}

static Value m_from_buffer(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"from_buffer", 1, 1, 0, {"obj", "offset", NULL}};
    Value v[2];
    CType *ct = class_arg(args[0]);
    if (!ct || arg_parse(&spec, args + 1, nargs - 1, kwnames, v) < 0) return VNULL;
    BufferInfo b;
    if (!buffer_check(v[0]) && !bytes_check(v[0])) {
        err_format(&exc_TypeError, "memoryview: a bytes-like object is required, not '%T'", v[0]);
        return VNULL;
    }
    /* a strided writable view exports a read-only copy: refused for not
       being contiguous, as CPython's */
    if (type_of(v[0]) == &memoryview_type) {
        Value ro = obj_getattr_cstr(v[0], "readonly");
        Value contig = ro ? obj_getattr_cstr(v[0], "c_contiguous") : VNULL;
        if (!contig) return VNULL;
        if (ro == V_FALSE && contig != V_TRUE) return err_set(&exc_TypeError, "underlying buffer is not C contiguous");
    }
    if (bytes_check(v[0]) || (buffer_check(v[0]) && V_OBJ(v[0])->type->getbuffer(v[0], &b) == 0 && b.readonly))
        return err_set(&exc_TypeError, "underlying buffer is not writable");
    if (buffer_get(v[0], &b, true) < 0) return VNULL;
    int64_t off = v[1] ? obj_index_i64(v[1]) : 0;
    if (off == -1 && err_occurred()) return VNULL;
    if (off < 0) return err_set(&exc_ValueError, "offset cannot be negative");
    if (ct->size > b.len - off)
        return err_format(&exc_ValueError, "Buffer size too small (%ld instead of at least %ld bytes)", (long)b.len,
                          (long)(ct->size + off));
    /* kept as CPython keeps it, a memoryview: an exporter that counts its
       views (mmap) then refuses to unmap memory this object points into */
    Value mv = memoryview_new(v[0]);
    if (!mv) return VNULL;
    Value r = cdata_at(ct, b.data + off, VNULL, 0);
    cdata_keep(r, -1, mv);
    return r;
}

static Value m_from_buffer_copy(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"from_buffer_copy", 1, 1, 0, {"buffer", "offset", NULL}};
    Value v[2];
    CType *ct = class_arg(args[0]);
    if (!ct || arg_parse(&spec, args + 1, nargs - 1, kwnames, v) < 0) return VNULL;
    BufferInfo b;
    if (buffer_get(v[0], &b, false) < 0) return VNULL;
    int64_t off = v[1] ? obj_index_i64(v[1]) : 0;
    if (off == -1 && err_occurred()) return VNULL;
    if (off < 0) return err_set(&exc_ValueError, "offset cannot be negative");
    if (ct->size > b.len - off)
        return err_format(&exc_ValueError, "Buffer size too small (%ld instead of at least %ld bytes)", (long)b.len,
                          (long)(ct->size + off));
    Value r = cdata_new_owned(ct);
    if (!r) return VNULL;
    memcpy(V_AS(CData, r)->ptr, b.data + off, (size_t)ct->size);
    return r;
}

static Value dll_handle(Value dll, void **out) {
    Value h = obj_getattr_cstr(dll, "_handle");
    if (!h) return VNULL;
    char *p;
    if (!int_check(h)) return err_set(&exc_TypeError, "the _handle attribute of the second argument must be an integer");
    if (addr_arg(h, &p) < 0) return VNULL;
    *out = p;
    return h;
}

static Value m_in_dll(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("in_dll", kwnames) < 0 || arg_count("in_dll", nargs, 3, 3) < 0) return VNULL;
    CType *ct = class_arg(args[0]);
    if (!ct) return VNULL;
    void *h;
    if (!dll_handle(args[1], &h)) return VNULL;
    if (!str_check(args[2])) return err_format(&exc_TypeError, "in_dll() argument 2 must be str, not %T", args[2]);
    dlerror();
    void *p = dlsym(h, str_data(args[2]));
    if (!p) {
        const char *e = dlerror();
        return err_format(&exc_ValueError, "%s", e ? e : "symbol not found");
    }
    return cdata_at(ct, p, VNULL, 0);
}

static Value as_parameter(Value v) {
    return obj_getattr_opt(v, str_intern_cstr("_as_parameter_"));
}

/* CDataType.from_param: an instance, a byref() of one, or _as_parameter_ */
static Value generic_from_param(Value cls, Value v) {
    CType *ct = ctype_of(cls);
    if (cdata_check(v) && type_is_subtype(V_OBJ(v)->type, &ct->t)) return v;
    if (carg_of(v, &ct->t)) return v;
    if (ct->kind == CK_POINTER && cdata_check(v)) {
        CType *vt = ctype_of_obj(v);
        /* an array of the items, a pointer to a subclass, or an item by reference */
        if (vt->kind == CK_ARRAY && ct->proto && vt->proto && type_is_subtype(V_AS(Type, vt->proto), V_AS(Type, ct->proto)))
            return v;
        if (vt->kind == CK_POINTER && ct->proto && vt->proto && type_is_subtype(V_AS(Type, vt->proto), V_AS(Type, ct->proto)))
            return v;
        if (ct->proto && type_is_subtype(V_OBJ(v)->type, V_AS(Type, ct->proto))) return carg_new(v, 0);
    }
    if (ct->kind == CK_POINTER && ct->proto && carg_of(v, V_AS(Type, ct->proto))) return v;
    if (ct->kind == CK_POINTER && v == V_NONE) return v;
    Value ap = as_parameter(v);
    if (ap) {
        if (interp_enter_recursive("") < 0) return VNULL;
        Value r = generic_from_param(cls, ap);
        interp_leave_recursive();
        return r;
    }
    if (err_occurred()) return VNULL;
    return err_format(&exc_TypeError, "expected %s instance instead of %s", ct->t.tname, type_of(v)->tname);
}

static Value simple_from_param(Value cls, Value v) {
    CType *ct = ctype_of(cls);
    if (cdata_check(v) && type_is_subtype(V_OBJ(v)->type, &ct->t)) return v;
    if (carg_check(v) && V_AS(CArgObject, v)->tag == ct->code) return v;
    switch (ct->code) {
    case 'z': case 'Z': {
        char item = ct->code == 'z' ? 'c' : 'u';
        if (v == V_NONE) return v;
        if (ct->code == 'z' ? bytes_check(v) : str_check(v)) return carg_simple(ct->code, v);
        if (cdata_check(v)) {
            CType *vt = ctype_of_obj(v);
            CType *it = vt->proto ? ctype_of(vt->proto) : NULL;
            if ((vt->kind == CK_ARRAY || vt->kind == CK_POINTER) && it && it->kind == CK_SIMPLE && it->code == item)
                return v;
        }
        if (carg_check(v) && V_AS(CArgObject, v)->tag == 'P') {
            Value o = V_AS(CArgObject, v)->obj;
            CType *ot = cdata_check(o) ? ctype_of_obj(o) : NULL;
            if (ot && ot->kind == CK_SIMPLE && ot->code == item) return v;
        }
        break;
    }
    case 'P':
        if (v == V_NONE) return v;
        if (int_check(v)) return carg_simple('P', v);
        if (bytes_check(v)) return carg_simple('z', v);
        if (str_check(v)) return carg_simple('Z', v);
        if (carg_check(v) && V_AS(CArgObject, v)->tag == 'P') return v;
        if (cdata_check(v)) {
            CType *vt = ctype_of_obj(v);
            if (vt->kind == CK_ARRAY || vt->kind == CK_POINTER || vt->kind == CK_FUNCPTR) return v;
            if (vt->kind == CK_SIMPLE && strchr("zZP", vt->code)) return v;
        }
        break;
    default: {
        Value r = carg_simple(ct->code, v);
        if (r) return r;
        if (!err_matches(&exc_TypeError) && !err_matches(&exc_ValueError) && !err_matches(&exc_OverflowError))
            return VNULL;
        err_clear();
    }
    }
    Value ap = as_parameter(v);
    if (ap) {
        if (interp_enter_recursive("") < 0) return VNULL;
        Value r = simple_from_param(cls, ap);
        interp_leave_recursive();
        return r;
    }
    if (err_occurred()) return VNULL;
    return err_set(&exc_TypeError, "wrong type");
}

static Value m_from_param(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("from_param", kwnames) < 0 || arg_count("from_param", nargs, 2, 2) < 0) return VNULL;
    CType *ct = ctype_of(args[0]);
    if (!ct) return err_set(&exc_TypeError, "abstract class");
    if (ct->kind == CK_SIMPLE) return simple_from_param(args[0], args[1]);
    return generic_from_param(args[0], args[1]);
}

/* cls * n: the array type of n items, cached */
static Value array_type_of(Value cls, int64_t n) {
    Value key = tuple_pack(2, cls, int_from_i64(n));
    Value r = dict_get(array_type_cache, key);
    if (r) return r;
    if (err_occurred()) return VNULL;
    Value name = str_printf("%s_Array_%ld", V_AS(Type, cls)->tname, (long)n);
    Value ns = dict_new();
    dict_set_cstr(ns, "_length_", int_from_i64(n));
    dict_set_cstr(ns, "_type_", cls);
    Value cargs[3] = {name, tuple_pack(1, V_FROM_PTR(&array_type)), ns};
    r = obj_call(V_FROM_PTR(&array_meta), cargs, 3, VNULL);
    if (!r) return VNULL;
    dict_set(array_type_cache, key, r);
    return r;
}

static Value meta_binop(Value a, Value b, int op) {
    if (BINOP_BASE(op) != BINOP_MUL)
        return type_type.binop ? type_type.binop(a, b, op) : V_FROM_PTR(&notimpl_obj);
    Value cls = type_check(a) && ctype_of(a) ? a : b;
    Value nv = cls == a ? b : a;
    if (!ctype_of(cls) || !int_check(nv)) return V_FROM_PTR(&notimpl_obj);
    int64_t n = int_as_i64(nv);
    if (n == -1 && err_occurred()) return VNULL;
    if (n < 0) return err_format(&exc_ValueError, "Array length must be >= 0, not %ld", (long)n);
    return array_type_of(cls, n);
}

static Value m_set_type(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("set_type", kwnames) < 0 || arg_count("set_type", nargs, 2, 2) < 0) return VNULL;
    CType *ct = ctype_of(args[0]);
    if (!ctype_of(args[1])) return err_set(&exc_TypeError, "_type_ must have storage info");
    ct->proto = args[1];
    if (type_type.setattr(args[0], str_intern_cstr("_type_"), args[1]) < 0) return VNULL;
    return V_NONE;
}

static const MethodDef meta_methods[] = {
    {"from_address", m_from_address, 0, "cls.from_address(address): an instance over the memory at that address"},
    {"from_buffer", m_from_buffer, MF_KEYWORDS, "cls.from_buffer(obj, offset=0): an instance sharing a writable buffer's memory"},
    {"from_buffer_copy", m_from_buffer_copy, MF_KEYWORDS, "cls.from_buffer_copy(obj, offset=0): an instance holding a copy of a buffer's bytes"},
    {"in_dll", m_in_dll, 0, "cls.in_dll(library, name): an instance over a variable the library exports"},
    {"from_param", m_from_param, 0, "what a foreign call passes for an argument of this type"},
    {NULL, NULL, 0, NULL},
};
static const MethodDef pointer_meta_methods[] = {
    {"set_type", m_set_type, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- foreign calls -------------------------------------------------------------------- */

/* One converted argument: its ffi type and the memory holding its value. */
typedef struct Arg {
    ffi_type *type;
    void *valp;
    union {
        long l;
        int i;
        void *p;
        double d;
        long double g;
        char buf[16];
    } u;
} Arg;

static Value argument_error_set(int64_t index, Value exc) {
    /* ArgumentError("argument N: ExcType: message") from the pending error */
    Value msg = obj_str(exc);
    if (!msg) return VNULL;
    Value full = str_printf("argument %ld: %s: %U", (long)index, type_of(exc)->tname, msg);
    Value e = obj_call1(argument_error, full);
    if (!e) return VNULL;
    return err_set_exc(e);
}

/* Fill a from obj as C receives it (CPython's ConvParam). */
static int conv_param(Value obj, int64_t index, Arg *a) {
    if (carg_check(obj)) {
        CArgObject *c = V_AS(CArgObject, obj);
        a->type = c->ffi;
        a->valp = &c->v;
        return 0;
    }
    if (cdata_check(obj)) {
        CType *ct = ctype_of_obj(obj);
        CData *d = V_AS(CData, obj);
        if (ct->kind == CK_ARRAY) {
            a->type = &ffi_type_pointer;
            a->u.p = d->ptr;
            a->valp = &a->u.p;
        } else {
            a->type = ct->ffi;
            a->valp = d->ptr;
        }
        return 0;
    }
    if (obj == V_NONE) {
        a->type = &ffi_type_pointer;
        a->u.p = NULL;
        a->valp = &a->u.p;
        return 0;
    }
    if (int_check(obj)) {
        int64_t x = int_as_i64(obj);
        if ((x == -1 && err_occurred()) || x > INT32_MAX || x < INT32_MIN) {
            /* CPython passes ints as C int, wrapping them as unsigned */
            uint64_t u;
            err_clear();
            if (int_bits(obj, &u) < 0) return -1;
            if (u > UINT32_MAX && (int64_t)u < INT32_MIN) {
                Value e = err_set(&exc_OverflowError, "int too long to convert");
                (void)e;
                argument_error_set(index, err_fetch());
                return -1;
            }
            x = (int32_t)(uint32_t)u;
        }
        a->type = &ffi_type_sint;
        a->u.i = (int)x;
        a->valp = &a->u.i;
        return 0;
    }
    if (bytes_check(obj)) {
        a->type = &ffi_type_pointer;
        a->u.p = (void *)bytes_data(obj);
        a->valp = &a->u.p;
        return 0;
    }
    if (str_check(obj)) {
        a->type = &ffi_type_pointer;
        a->u.p = str_to_wstr(obj, NULL);
        a->valp = &a->u.p;
        return 0;
    }
    Value ap = as_parameter(obj);
    if (ap) {
        if (interp_enter_recursive("") < 0) return -1;
        int r = conv_param(ap, index, a);
        interp_leave_recursive();
        return r;
    }
    if (err_occurred()) return -1;
    err_format(&exc_TypeError, "Don't know how to convert parameter %ld", (long)index);
    argument_error_set(index, err_fetch());
    return -1;
}

static Value funcptr_restype(Value self) {
    CData *d = V_AS(CData, self);
    if (d->restype) return d->restype;
    CType *ct = ctype_of_obj(self);
    return ct->restype;   /* VNULL: c_int */
}

/* The Python value of a call's result in buffer r, of type restype. */
static Value get_result(Value restype, char *r, int flags) {
    if (restype == V_NONE) return V_NONE;
    CType *rt = restype ? ctype_of(restype) : NULL;
    if (!restype) {
        int i;
        memcpy(&i, r, sizeof i);
        return int_from_i64(i);
    }
    if (!rt) {
        /* a callable restype: called with the C int result */
        int i;
        memcpy(&i, r, sizeof i);
        return obj_call1(restype, int_from_i64(i));
    }
    if (rt->kind == CK_SIMPLE && rt->code == 'O' && (flags & FUNCFLAG_PYTHONAPI)) {
        Value v;
        memcpy(&v, r, sizeof v);
        if (!v) {
            if (!err_occurred()) err_set(&exc_SystemError, "NULL result without error in PyObject_Call");
            return VNULL;
        }
        return v;
    }
    Value res;
    if (simple_direct(rt)) {
        res = simple_get(rt->code, r, rt->swapped, 0, 0);
    } else {
        res = cdata_new_owned(rt);
        if (res) memcpy(V_AS(CData, res)->ptr, r, (size_t)rt->size);
    }
    return res;
}

static ffi_type *restype_ffi(Value restype) {
    if (restype == V_NONE) return &ffi_type_void;
    CType *rt = restype ? ctype_of(restype) : NULL;
    if (!rt) return &ffi_type_sint;
    if (rt->kind == CK_ARRAY) return NULL;
    return rt->ffi;
}

static Value call_body(Value self, Value *args, size_t nargs, Value callargs);

/* paramflags (a prototype's per-parameter (flag, name, default)): the C
 * arguments from the Python ones, output parameters made here, then the
 * outputs returned instead of the result (CPython's _build_callargs). */
static Value call_with_paramflags(Value self, Value *args, size_t nargs, Value kwnames) {
    CData *d = V_AS(CData, self);
    CType *ct = ctype_of_obj(self);
    Value argtypes = d->argtypes ? d->argtypes : ct->argtypes;
    int64_t n = tuple_size(d->paramflags);
    Value callargs = tuple_new(n);
    Value outs = list_new(2);
    size_t next = 0;
    int64_t nkw = kwnames ? tuple_size(kwnames) : 0, used_kw = 0;
    for (int64_t i = 0; i < n; i++) {
        Value item = tuple_get(d->paramflags, i);
        int64_t flag = int_as_i64(tuple_get(item, 0)) & 3;
        Value name = tuple_size(item) > 1 ? tuple_get(item, 1) : V_NONE;
        Value deflt = tuple_size(item) > 2 ? tuple_get(item, 2) : VNULL;
        Value v = VNULL;
        if (flag == 2) {
            /* an output: a new instance of the pointed-to type, by reference */
            CType *at = ctype_of(tuple_get(argtypes, i));
            if (!at || at->kind != CK_POINTER || !at->proto)
                return err_format(&exc_TypeError, "out parameter %ld must be a pointer type, not %s", (long)i + 1,
                                  at ? at->t.tname : "object");
            Value o = obj_call(at->proto, NULL, 0, VNULL);
            if (!o) return VNULL;
            tuple_items(callargs)[i] = carg_new(o, 0);
            list_append(outs, o);
            continue;
        }
        if (next < nargs) {
            v = args[next++];
        } else if (name != V_NONE && nkw) {
            for (int64_t k = 0; k < nkw; k++)
                if (str_eq(tuple_get(kwnames, k), name)) {
                    v = args[nargs + (size_t)k];
                    used_kw++;
                }
        }
        if (!v) v = deflt;
        if (!v) {
            if (name != V_NONE) return err_format(&exc_TypeError, "required argument '%U' missing", name);
            return err_format(&exc_TypeError, "not enough arguments");
        }
        tuple_items(callargs)[i] = v;
        if (flag == 3) list_append(outs, v);
    }
    if (next < nargs || used_kw < nkw)
        return err_format(&exc_TypeError, "call takes exactly %ld arguments (%ld given)", (long)(n - list_size(outs)),
                          (long)(nargs + (size_t)nkw));
    Value r = call_body(self, tuple_items(callargs), (size_t)n, callargs);
    if (!r) return VNULL;
    if (d->errcheck && r != callargs) return r;
    if (list_size(outs) == 0) return r;
    for (int64_t i = 0; i < list_size(outs); i++) {
        Value o = list_get(outs, i);
        Value f = obj_getattr_opt(o, str_intern_cstr("__ctypes_from_outparam__"));
        if (f) {
            Value c = obj_call0(f);
            if (!c) return VNULL;
            list_items(outs)[i] = c;
        } else if (err_occurred()) {
            return VNULL;
        }
    }
    if (list_size(outs) == 1) return list_get(outs, 0);
    return tuple_from_array(list_items(outs), list_size(outs));
}

static Value funcptr_call(Value self, Value *args, size_t nargs, Value kwnames) {
    if (V_AS(CData, self)->paramflags) return call_with_paramflags(self, args, nargs, kwnames);
    if (kwnames && tuple_size(kwnames)) return err_set(&exc_TypeError, "this function takes no keyword arguments");
    return call_body(self, args, nargs, VNULL);
}

/* the call proper: callargs (paramflags) is what errcheck receives */
static Value call_body(Value self, Value *args, size_t nargs, Value callargs) {
    CData *d = V_AS(CData, self);
    CType *ct = ctype_of_obj(self);
    void *fn;
    memcpy(&fn, d->ptr, sizeof fn);
    if (!fn) return err_set(&exc_ValueError, "NULL pointer access");
    Value argtypes = d->argtypes ? d->argtypes : ct->argtypes;
    Value restype = funcptr_restype(self);
    Value errcheck = d->errcheck;
    int flags = ct->flags;
    int64_t nat = argtypes && argtypes != V_NONE ? tuple_size(argtypes) : 0;
    if (nargs > CTYPES_MAX_ARGCOUNT) {
        Value msg = str_printf("too many arguments (%ld), maximum is %d", (long)nargs, CTYPES_MAX_ARGCOUNT);
        return err_set_exc(obj_call1(argument_error, msg));
    }
    if ((int64_t)nargs < nat)
        return err_format(&exc_TypeError, "this function takes at least %ld argument%s (%ld given)", (long)nat,
                          nat == 1 ? "" : "s", (long)nargs);
    Arg *av = gc_alloc(sizeof(Arg) * (nargs + 1));
    ffi_type **types = gc_alloc(sizeof(ffi_type *) * (nargs + 1));
    void **vals = gc_alloc(sizeof(void *) * (nargs + 1));
    Value keep = tuple_new((int64_t)nargs);   /* converted arguments stay alive during the call */
    for (size_t i = 0; i < nargs; i++) {
        Value a = args[i];
        if ((int64_t)i < nat) {
            Value fp = obj_getattr_cstr(tuple_get(argtypes, (int64_t)i), "from_param");
            if (fp) a = obj_call1(fp, a);
            if (!fp || !a) {
                Value exc = err_fetch();
                if (exc_check(exc) && type_is_subtype(type_of(exc), V_AS(Type, argument_error))) {
                    err_restore(exc);
                    return VNULL;
                }
                return argument_error_set((int64_t)i + 1, exc);
            }
        }
        tuple_items(keep)[i] = a;
        if (conv_param(a, (int64_t)i + 1, &av[i]) < 0) return VNULL;
        types[i] = av[i].type;
        vals[i] = av[i].valp;
    }
    ffi_type *rtype = restype_ffi(restype);
    if (!rtype) return err_set(&exc_TypeError, "function return type must not be an array");
    ffi_cif cif;
    ffi_status st = nat < (int64_t)nargs && nat > 0
                        ? ffi_prep_cif_var(&cif, FFI_DEFAULT_ABI, (unsigned)nat, (unsigned)nargs, rtype, types)
                        : ffi_prep_cif(&cif, FFI_DEFAULT_ABI, (unsigned)nargs, rtype, types);
    if (st != FFI_OK) return err_set(&exc_RuntimeError, "ffi_prep_cif failed");
    size_t rsize = rtype->size > sizeof(ffi_arg) ? rtype->size : sizeof(ffi_arg);
    char *rbuf = gc_alloc(rsize < 16 ? 16 : rsize);
    /* the lock is let go during the call (PyDLL functions, which use the
       interpreter, keep it); a callback takes it back while it runs */
    bool prev_released = lock_released;
    bool released = !(flags & FUNCFLAG_PYTHONAPI) && gil_blocking_begin();
    lock_released = released;
    foreign_depth++;
    if (flags & FUNCFLAG_USE_ERRNO) {
        int t = errno;
        errno = ctypes_errno;
        ctypes_errno = t;
    }
    ffi_call(&cif, FFI_FN(fn), rbuf, vals);
    if (flags & FUNCFLAG_USE_ERRNO) {
        int t = errno;
        errno = ctypes_errno;
        ctypes_errno = t;
    }
    foreign_depth--;
    lock_released = prev_released;
    gil_blocking_end(released);
    /* the converted arguments (keep) stay reachable until the call is over */
    __asm__ volatile("" : : "g"(keep) : "memory");
    if ((flags & FUNCFLAG_PYTHONAPI) && err_occurred()) return VNULL;
    if (err_occurred()) return VNULL;   /* a callback's error reported as unraisable already cleared */
    Value res = get_result(restype, rbuf, flags);
    if (!res) return VNULL;
    if (restype && restype != V_NONE && ctype_of(restype)) {
        /* restype._check_retval_(result), when the result type has one */
        Value checker = d->restype ? obj_getattr_opt(restype, str_intern_cstr("_check_retval_")) : ct->checker;
        if (!checker && err_occurred()) return VNULL;
        if (checker) {
            res = obj_call1(checker, res);
            if (!res) return VNULL;
        }
    }
    if (errcheck) {
        Value t = callargs ? callargs : tuple_from_array(args, (int64_t)nargs);
        res = obj_call(errcheck, (Value[]){res, self, t}, 3, VNULL);
    }
    return res;
}

/* ---- callbacks: Python functions as C function pointers ------------------------------ */

static void callback_body(ffi_cif *cif, void *ret, void **cargs, CData *self);

static void callback_handler(ffi_cif *cif, void *ret, void **cargs, void *user) {
    if (foreign_depth == 0) {
        /* not inside a foreign call made by this thread: a thread tpy does
           not know, or a C library calling back later. Python code cannot
           run here; the caller gets a zero result. */
        static const char msg[] = "tpy: a ctypes callback was called outside a foreign call of its thread; "
                                  "it is not run\n";
        if (write(2, msg, sizeof msg - 1) < 0) {
        }
        if (ret) memset(ret, 0, cif->rtype->size > sizeof(ffi_arg) ? cif->rtype->size : sizeof(ffi_arg));
        return;
    }
    bool was_released = lock_released;
    if (was_released) {
        gil_acquire();
        lock_released = false;
    }
    foreign_depth--;
    callback_body(cif, ret, cargs, user);
    foreign_depth++;
    if (was_released) {
        lock_released = true;
        gil_release();
    }
}

static void callback_body(ffi_cif *cif, void *ret, void **cargs, CData *self) {
    CType *ct = ctype_of_obj(V_FROM_PTR(self));
    Value argtypes = ct->argtypes;
    int64_t n = argtypes ? tuple_size(argtypes) : 0;
    Value restype = ct->restype;
    Value *pa = gc_alloc(sizeof(Value) * (size_t)(n + 1));
    Value result = VNULL;
    const char *what = "Exception ignored on calling ctypes callback function";
    (void)cif;
    for (int64_t i = 0; i < n; i++) {
        CType *at = ctype_of(tuple_get(argtypes, i));
        if (!at) {
            err_set(&exc_TypeError, "cannot build parameter");
            goto error;
        }
        if (simple_direct(at)) {
            pa[i] = simple_get(at->code, cargs[i], at->swapped, 0, 0);
        } else {
            pa[i] = cdata_new_owned(at);
            if (pa[i]) memcpy(V_AS(CData, pa[i])->ptr, cargs[i], (size_t)at->size);
        }
        if (!pa[i]) goto error;
    }
    result = obj_call(self->callable, pa, (size_t)n, VNULL);
    if (!result) goto error;
    what = "Exception ignored on converting result of ctypes callback function";
    CType *rt = restype && restype != V_NONE ? ctype_of(restype) : NULL;
    if (!restype || rt) {
        char code = rt ? (rt->kind == CK_SIMPLE ? rt->code : 0) : 'i';
        if (code && code_is_int(code) && (size_t)code_size(code) < sizeof(ffi_arg)) {
            /* libffi wants integral results widened to a whole ffi_arg */
            uint64_t u;
            if (code == '?' ? (u = (uint64_t)obj_truth(result), 0) : int_bits(result, &u)) goto error;
            ffi_arg w;
            int sz = code_size(code);
            if (code_is_signed(code)) {
                int64_t s = (int64_t)(u << (64 - sz * 8)) >> (64 - sz * 8);
                w = (ffi_arg)s;
            } else {
                w = (ffi_arg)(u & ((((uint64_t)1) << (sz * 8)) - 1));
            }
            memcpy(ret, &w, sizeof w);
        } else if (rt && rt->kind == CK_SIMPLE) {
            Value keep;
            if (simple_set(rt->code, ret, result, rt->swapped, 0, 0, &keep) < 0) goto error;
            if (keep && rt->code != 'O') {
                /* the C caller gets a pointer into `keep`, which nothing
                   keeps alive past the call (CPython's warning) */
                if (warn_c(&exc_RuntimeWarning, str_from_cstr("memory leak in callback function."), 1) < 0)
                    goto error;
            }
            if (keep) cdata_keep(V_FROM_PTR(self), -2, keep);
        } else if (rt) {
            if (!cdata_check(result) || !type_is_subtype(V_OBJ(result)->type, &rt->t)) {
                err_format(&exc_TypeError, "expected %s instance, got %T", rt->t.tname, result);
                goto error;
            }
            memcpy(ret, V_AS(CData, result)->ptr, (size_t)rt->size);
        }
    }
    return;
error:
    if (restype != V_NONE && ret) {
        ffi_type *rf = restype_ffi(restype);
        if (rf) memset(ret, 0, rf->size > sizeof(ffi_arg) ? rf->size : sizeof(ffi_arg));
    }
    /* through sys.unraisablehook, as CPython */
    hook_report_exception(what, self->callable);
}

/* The closure's executable memory goes back to libffi with its object. */
static void callback_finalize(void *obj) {
    CData *d = obj;
    if (d->closure) ffi_closure_free(d->closure);
    d->closure = NULL;
}

static Value make_callback(CType *ct, Value callable) {
    if (!type_lookup(type_of(callable), NAME(__call__)) && !function_check(callable))
        return err_set(&exc_TypeError, "argument must be callable or integer function address");
    Value self = cdata_new_owned(ct);
    if (!self) return VNULL;
    CData *d = V_AS(CData, self);
    int64_t n = ct->argtypes ? tuple_size(ct->argtypes) : 0;
    ffi_type **types = gc_alloc(sizeof(ffi_type *) * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
        CType *at = ctype_of(tuple_get(ct->argtypes, i));
        if (!at) return err_format(&exc_TypeError, "invalid callback argument type %ld", (long)i + 1);
        types[i] = at->kind == CK_ARRAY ? &ffi_type_pointer : at->ffi;
    }
    /* results are stored by a simple type's setter: only those, or None */
    CType *rct = ct->restype && ct->restype != V_NONE ? ctype_of(ct->restype) : NULL;
    if (ct->restype && ct->restype != V_NONE && (!rct || rct->kind != CK_SIMPLE))
        return err_set(&exc_TypeError, "invalid result type for callback function");
    ffi_type *rtype = restype_ffi(ct->restype);
    d->cif = gc_alloc(sizeof(ffi_cif));
    if (ffi_prep_cif(d->cif, FFI_DEFAULT_ABI, (unsigned)n, rtype, types) != FFI_OK)
        return err_set(&exc_RuntimeError, "ffi_prep_cif failed");
    void *code;
    d->closure = ffi_closure_alloc(sizeof(ffi_closure), &code);
    if (!d->closure) return err_set(&exc_MemoryError, "cannot allocate a callback");
    if (ffi_prep_closure_loc(d->closure, d->cif, callback_handler, d, code) != FFI_OK)
        return err_set(&exc_RuntimeError, "ffi_prep_closure failed");
    d->callable = callable;
    gc_register_finalizer(V_OBJ(self), callback_finalize);
    memcpy(d->ptr, &code, sizeof code);
    /* the closure (malloc memory, not scanned) points to d: the cif and
       type arrays stay reachable from d, which the caller keeps alive */
    d->objects = dict_new();
    dict_set(d->objects, v_int(0), callable);
    return self;
}

/* CFuncPtr(address) / CFuncPtr((name, dll)) / CFuncPtr(callable) / CFuncPtr() */
static Value funcptr_new(Type *t, Value *args, size_t nargs, Value kwnames) {
    CType *ct = ctype_of(V_FROM_PTR(t));
    if (!ct || !ct->ready) return err_set(&exc_TypeError, "abstract class");
    if (kwnames && tuple_size(kwnames)) return err_set(&exc_TypeError, "CFuncPtr() takes no keyword arguments");
    if (nargs == 0) return cdata_new_owned(ct);
    if (nargs == 1 && int_check(args[0])) {
        char *p;
        if (addr_arg(args[0], &p) < 0) return VNULL;
        Value self = cdata_new_owned(ct);
        if (self) memcpy(V_AS(CData, self)->ptr, &p, sizeof p);
        return self;
    }
    if (tuple_check(args[0])) {
        if (tuple_size(args[0]) != 2) return err_set(&exc_TypeError, "argument must be a tuple (name, dll)");
        Value name = tuple_get(args[0], 0), dll = tuple_get(args[0], 1);
        Value pf = VNULL;
        if (nargs > 1 && args[1] != V_NONE) {
            if (!tuple_check(args[1])) return err_set(&exc_TypeError, "paramflags must be a tuple or None");
            pf = args[1];
            Value at = ct->argtypes;
            if (!at || tuple_size(at) != tuple_size(pf))
                return err_set(&exc_ValueError, "paramflags must have the same length as argtypes");
            for (int64_t i = 0; i < tuple_size(pf); i++) {
                Value it = tuple_get(pf, i);
                if (!tuple_check(it) || tuple_size(it) < 1 || tuple_size(it) > 3 || !int_check(tuple_get(it, 0)) ||
                    (tuple_size(it) > 1 && tuple_get(it, 1) != V_NONE && !str_check(tuple_get(it, 1))))
                    return err_set(&exc_TypeError, "paramflags must be a sequence of (int [,string [,value]]) tuples");
            }
        }
        void *h;
        if (!dll_handle(dll, &h)) return VNULL;
        if (!str_check(name)) return err_set(&exc_TypeError, "function name must be a string");
        dlerror();
        void *p = dlsym(h, str_data(name));
        if (!p) {
            const char *e = dlerror();
            return err_format(&exc_AttributeError, "%s", e ? e : "symbol not found");
        }
        Value self = cdata_new_owned(ct);
        if (!self) return VNULL;
        memcpy(V_AS(CData, self)->ptr, &p, sizeof p);
        V_AS(CData, self)->paramflags = pf;
        cdata_keep(self, 0, dll);
        return self;
    }
    if (nargs == 1) return make_callback(ct, args[0]);
    return err_set(&exc_TypeError, "argument must be callable or integer function address");
}

static Value fp_restype_get(Value self) {
    Value r = funcptr_restype(self);
    return r ? r : V_NONE;
}
static int fp_restype_set(Value self, Value v) {
    CData *d = V_AS(CData, self);
    if (!v) {
        d->restype = VNULL;
        return 0;
    }
    if (v != V_NONE && !ctype_of(v) && !type_lookup(type_of(v), NAME(__call__))) {
        err_set(&exc_TypeError, "restype must be a type, a callable, or None");
        return -1;
    }
    d->restype = v;
    return 0;
}
static Value fp_argtypes_get(Value self) {
    CData *d = V_AS(CData, self);
    Value a = d->argtypes ? d->argtypes : ctype_of_obj(self)->argtypes;
    return a ? a : V_NONE;
}
static int fp_argtypes_set(Value self, Value v) {
    CData *d = V_AS(CData, self);
    if (!v || v == V_NONE) {
        d->argtypes = VNULL;
        return 0;
    }
    Value t;
    if (check_argtypes(v, &t) < 0) return -1;
    d->argtypes = t;
    return 0;
}
static Value fp_errcheck_get(Value self) {
    Value e = V_AS(CData, self)->errcheck;
    return e ? e : V_NONE;
}
static int fp_errcheck_set(Value self, Value v) {
    CData *d = V_AS(CData, self);
    if (v && v != V_NONE && !type_lookup(type_of(v), NAME(__call__))) {
        err_set(&exc_TypeError, "the errcheck attribute must be callable");
        return -1;
    }
    d->errcheck = v == V_NONE ? VNULL : v;
    return 0;
}
static int funcptr_truth(Value self) {
    void *p;
    memcpy(&p, V_AS(CData, self)->ptr, sizeof p);
    return p != NULL;
}
static Value funcptr_repr(Value self) {
    return str_printf("<%s object at %p>", V_OBJ(self)->type->tname, (void *)V_OBJ(self));
}
static const GetSetDef funcptr_getsets[] = {
    {"restype", fp_restype_get, fp_restype_set, "the type of the result (None: void)"},
    {"argtypes", fp_argtypes_get, fp_argtypes_set, "the types of the arguments, or None"},
    {"errcheck", fp_errcheck_get, fp_errcheck_set, "called as errcheck(result, func, args); returns the call's value"},
    {NULL, NULL, NULL, NULL},
};

/* ---- functions called through C function pointers (ctypes/__init__.py) --------------- */

/* string_at(ptr, size): a py_object-returning C function, as CPython's */
static Value string_at_impl(const char *ptr, int size) {
    if (size == -1) return bytes_new(ptr, strlen(ptr));
    if (size < 0) return err_set(&exc_ValueError, "negative size");
    return bytes_new(ptr, (size_t)size);
}

static Value wstring_at_impl(const wchar_t *ptr, int size) {
    if (size == -1) return wstr_to_str(ptr, (int64_t)wcslen(ptr));
    if (size < 0) return err_set(&exc_ValueError, "negative size");
    return wstr_to_str(ptr, size);
}

/* cast(obj, typ): obj's address (void *ptr) as a pointer-like type */
static Value cast_impl(void *ptr, Value src, Value ctype) {
    CType *ct = ctype_of(ctype);
    if (!ct || !(ct->kind == CK_POINTER || ct->kind == CK_FUNCPTR || (ct->kind == CK_SIMPLE && strchr("zZP", ct->code)))) {
        if (type_check(ctype))
            return err_format(&exc_TypeError, "cast() argument 2 must be a pointer type, not %s", V_AS(Type, ctype)->tname);
        return err_format(&exc_TypeError, "cast() argument 2 must be a pointer type, not %T", ctype);
    }
    Value r = cdata_new_owned(ct);
    if (!r) return VNULL;
    memcpy(V_AS(CData, r)->ptr, &ptr, sizeof ptr);
    if (cdata_check(src)) {
        /* the result shares the source's _objects, which keeps the source */
        CData *c = keep_container(src);
        V_AS(CData, r)->objects = c->objects;
        if (c->objects && dict_check(c->objects))
            dict_set(c->objects, int_from_u64((uint64_t)(uintptr_t)V_OBJ(src)), src);
    }
    return r;
}

/* ---- module functions ------------------------------------------------------------------- */

static CType *type_or_instance(Value v) {
    CType *ct = ctype_of(v);
    if (!ct && cdata_check(v)) ct = ctype_of_obj(v);
    return ct;
}

static Value f_sizeof(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("sizeof", kwnames) < 0 || arg_count("sizeof", nargs, 1, 1) < 0) return VNULL;
    if (cdata_check(args[0])) return int_from_i64(V_AS(CData, args[0])->size);
    CType *ct = ctype_of(args[0]);
    if (!ct || !ct->ready) return err_set(&exc_TypeError, "this type has no size");
    return int_from_i64(ct->size);
}

static Value f_alignment(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("alignment", kwnames) < 0 || arg_count("alignment", nargs, 1, 1) < 0) return VNULL;
    CType *ct = type_or_instance(args[0]);
    if (!ct || !ct->ready) return err_set(&exc_TypeError, "no alignment info");
    return int_from_i64(ct->align);
}

static Value f_byref(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("byref", kwnames) < 0 || arg_count("byref", nargs, 1, 2) < 0) return VNULL;
    if (!cdata_check(args[0]))
        return err_format(&exc_TypeError, "byref() argument must be a ctypes instance, not '%T'", args[0]);
    int64_t off = 0;
    if (nargs == 2) {
        off = obj_index_i64(args[1]);
        if (off == -1 && err_occurred()) return VNULL;
    }
    return carg_new(args[0], off);
}

static Value f_addressof(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("addressof", kwnames) < 0 || arg_count("addressof", nargs, 1, 1) < 0) return VNULL;
    if (!cdata_check(args[0])) return err_set(&exc_TypeError, "invalid type");
    return int_from_u64((uint64_t)(uintptr_t)V_AS(CData, args[0])->ptr);
}

static Value f_resize(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("resize", kwnames) < 0 || arg_count("resize", nargs, 2, 2) < 0) return VNULL;
    if (!cdata_check(args[0])) return err_format(&exc_TypeError, "excepted ctypes instance");
    int64_t n = obj_index_i64(args[1]);
    if (n == -1 && err_occurred()) return VNULL;
    CData *d = V_AS(CData, args[0]);
    CType *ct = ctype_of_obj(args[0]);
    if (n < ct->size) return err_format(&exc_ValueError, "minimum size is %ld", (long)ct->size);
    if (!d->owns) return err_set(&exc_ValueError, "Memory cannot be resized because this object doesn't own it");
    char *p = cmem_alloc(ct, n);
    if (!p) return err_no_memory();
    memcpy(p, d->ptr, (size_t)(d->size < n ? d->size : n));
    d->ptr = p;
    d->size = n;
    return V_NONE;
}

static Value f_get_errno(Value *args, size_t nargs, Value kwnames) {
    (void)args;
    if (arg_nokw("get_errno", kwnames) < 0 || arg_count("get_errno", nargs, 0, 0) < 0) return VNULL;
    return v_int(ctypes_errno);
}

static Value f_set_errno(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("set_errno", kwnames) < 0 || arg_count("set_errno", nargs, 1, 1) < 0) return VNULL;
    if (!int_check(args[0])) return err_format(&exc_TypeError, "an integer is required (got type %T)", args[0]);
    int64_t e = int_as_i64(args[0]);
    if ((e == -1 && err_occurred()) || e > INT32_MAX || e < INT32_MIN) {
        err_clear();
        return err_set(&exc_OverflowError, "signed integer is greater than maximum");
    }
    int old = ctypes_errno;
    ctypes_errno = (int)e;
    return v_int(old);
}

static Value f_pointer_type(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("POINTER", kwnames) < 0 || arg_count("POINTER", nargs, 1, 1) < 0) return VNULL;
    Value cls = args[0];
    Value r = dict_get(pointer_type_cache, cls);
    if (r) return r;
    if (err_occurred()) return VNULL;
    Value name, ns = dict_new();
    if (str_check(cls)) {
        name = str_printf("LP_%U", cls);
    } else if (type_check(cls)) {
        name = str_printf("LP_%s", V_AS(Type, cls)->tname);
        dict_set_cstr(ns, "_type_", cls);
    } else {
        return err_set(&exc_TypeError, "must be a ctypes type");
    }
    Value cargs[3] = {name, tuple_pack(1, V_FROM_PTR(&pointer_type)), ns};
    r = obj_call(V_FROM_PTR(&pointer_meta), cargs, 3, VNULL);
    if (!r) return VNULL;
    /* an incomplete pointer type (POINTER("name")) is cached by its id */
    dict_set(pointer_type_cache, str_check(cls) ? int_from_u64((uint64_t)(uintptr_t)V_OBJ(r)) : cls, r);
    return r;
}

static Value f_pointer(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("pointer", kwnames) < 0 || arg_count("pointer", nargs, 1, 1) < 0) return VNULL;
    Value pt = f_pointer_type((Value[]){V_FROM_PTR(type_of(args[0]))}, 1, VNULL);
    if (!pt) return VNULL;
    return obj_call1(pt, args[0]);
}

static Value f_dlopen(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"dlopen", 0, 0, 0, {"name", "mode", NULL}};
    Value v[2];
    if (arg_parse(&spec, args, nargs, kwnames, v) < 0) return VNULL;
    const char *name = NULL;
    if (v[0] && v[0] != V_NONE) {
        Value nv = v[0];
        if (!str_check(nv) && !bytes_check(nv)) {
            Value fs = type_lookup_cstr(type_of(nv), "__fspath__") ? obj_call_method(nv, "__fspath__", NULL, 0) : VNULL;
            if (!fs && !err_occurred())
                err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", nv);
            if (!fs) return VNULL;
            nv = fs;
        }
        if (!str_check(nv) && !bytes_check(nv))
            return err_format(&exc_TypeError, "expected str, bytes or os.PathLike object, not %T", nv);
        name = str_check(nv) ? str_data(nv) : bytes_data(nv);
    }
    int mode = RTLD_NOW | RTLD_LOCAL;
    if (v[1]) {
        int64_t m = int_as_i64(v[1]);
        if (m == -1 && err_occurred()) return VNULL;
        mode = (int)m | RTLD_NOW;
    }
    void *h = dlopen(name, mode);
    if (!h) {
        const char *e = dlerror();
        Value msg = str_from_cstr(e ? e : "dlopen() error");
        return err_set_exc(exc_new(&exc_OSError, &msg, 1));
    }
    return int_from_u64((uint64_t)(uintptr_t)h);
}

static Value f_dlclose(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("dlclose", kwnames) < 0 || arg_count("dlclose", nargs, 1, 1) < 0) return VNULL;
    char *h;
    if (addr_arg(args[0], &h) < 0) return VNULL;
    if (dlclose(h)) {
        const char *e = dlerror();
        Value msg = str_from_cstr(e ? e : "dlclose() error");
        return err_set_exc(exc_new(&exc_OSError, &msg, 1));
    }
    return V_NONE;
}

static Value f_dlsym(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("dlsym", kwnames) < 0 || arg_count("dlsym", nargs, 2, 2) < 0) return VNULL;
    char *h;
    if (addr_arg(args[0], &h) < 0) return VNULL;
    if (!str_check(args[1])) return err_format(&exc_TypeError, "dlsym() argument 2 must be str, not %T", args[1]);
    dlerror();
    void *p = dlsym(h, str_data(args[1]));
    if (!p) {
        const char *e = dlerror();
        Value msg = str_from_cstr(e ? e : "symbol not found");
        return err_set_exc(exc_new(&exc_OSError, &msg, 1));
    }
    return int_from_u64((uint64_t)(uintptr_t)p);
}

/* Reference counts do not exist in tpy (a tracing collector): these two
   return their argument, which is all a program can observe of them. */
static Value f_incref(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("Py_INCREF", kwnames) < 0 || arg_count("Py_INCREF", nargs, 1, 1) < 0) return VNULL;
    return args[0];
}

static Value f_buffer_info(Value *args, size_t nargs, Value kwnames) {
    if (arg_nokw("buffer_info", kwnames) < 0 || arg_count("buffer_info", nargs, 1, 1) < 0) return VNULL;
    CType *ct = type_or_instance(args[0]);
    if (!ct) return err_set(&exc_TypeError, "not a ctypes type or object");
    Value shape;
    int64_t ndim = 0;
    if (ct->kind == CK_ARRAY) {
        Value dims = list_new(2);
        CType *t = ct;
        while (t && t->kind == CK_ARRAY) {
            list_append(dims, int_from_i64(t->length));
            t = ctype_of(t->proto);
        }
        ndim = list_size(dims);
        shape = tuple_from_array(list_items(dims), ndim);
    } else {
        shape = tuple_empty;
    }
    return tuple_pack(3, str_from_cstr("B"), int_from_i64(ndim), shape);
}


/* ---- the types ------------------------------------------------------------------------ */

#define META(var, nm, newf)                                                              \
    static Type var = {.tname = nm, .base = &type_type, .basicsize = sizeof(CType),      \
                       .flags = TF_BASETYPE, .new_ = newf, .binop = meta_binop,          \
                       .binop_mask = 1u << BINOP_MUL}
META(simple_meta, "PyCSimpleType", simple_meta_new);
META(array_meta, "PyCArrayType", array_meta_new);
META(pointer_meta, "PyCPointerType", pointer_meta_new);
META(funcptr_meta, "PyCFuncPtrType", funcptr_meta_new);
static Type struct_meta = {.tname = "PyCStructType", .base = &type_type, .basicsize = sizeof(CType),
                           .flags = TF_BASETYPE, .new_ = struct_meta_new, .binop = meta_binop,
                           .binop_mask = 1u << BINOP_MUL, .setattr = aggregate_meta_setattr};
static Type union_meta = {.tname = "UnionType", .base = &type_type, .basicsize = sizeof(CType),
                          .flags = TF_BASETYPE, .new_ = union_meta_new, .binop = meta_binop,
                          .binop_mask = 1u << BINOP_MUL, .setattr = aggregate_meta_setattr};

static Type cdata_type = {.tname = "_CData", .basicsize = sizeof(CData), .flags = TF_BASETYPE,
                          .new_ = cdata_type_new, .getbuffer = cdata_getbuffer};
static CType simple_ct = {.t = {.tname = "_SimpleCData", .base = &cdata_type, .basicsize = sizeof(CData),
                                .flags = TF_BASETYPE, .init = simple_init, .repr = simple_repr,
                                .truth = simple_truth}};
static CType struct_ct = {.t = {.tname = "Structure", .base = &cdata_type, .basicsize = sizeof(CData),
                                .flags = TF_BASETYPE, .init = struct_init}};
static CType union_ct = {.t = {.tname = "Union", .base = &cdata_type, .basicsize = sizeof(CData),
                               .flags = TF_BASETYPE, .init = struct_init}};
static CType array_ct = {.t = {.tname = "Array", .base = &cdata_type, .basicsize = sizeof(CData),
                               .flags = TF_BASETYPE, .init = array_init, .len = array_len,
                               .getitem = array_getitem, .setitem = array_setitem, .iter = array_iter}};
static CType pointer_ct = {.t = {.tname = "_Pointer", .base = &cdata_type, .basicsize = sizeof(CData),
                                 .flags = TF_BASETYPE, .new_ = pointer_new, .init = pointer_init,
                                 .getitem = pointer_getitem, .setitem = pointer_setitem,
                                 .truth = pointer_truth}};
static CType funcptr_ct = {.t = {.tname = "CFuncPtr", .base = &cdata_type, .basicsize = sizeof(CData),
                                 .flags = TF_BASETYPE, .new_ = funcptr_new, .call = funcptr_call,
                                 .truth = funcptr_truth, .repr = funcptr_repr}};

static const MethodDef array_methods[] = {
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, "See PEP 585"},
    {NULL, NULL, 0, NULL},
};

static void ready(Type *t, Value mod, Type *meta, const MethodDef *methods, const GetSetDef *getsets) {
    t->module = mod;
    t->name = str_intern_cstr(t->tname);
    if (methods) type_add_methods(t, methods);
    if (getsets) type_add_getsets(t, getsets);
    if (!t->getbuffer && t->base) t->getbuffer = t->base->getbuffer;
    type_ready(t);
    if (meta) t->hdr.type = meta;
}

static const MethodDef ctypes_functions[] = {
    {"sizeof", f_sizeof, 0, "sizeof(type or instance): its size in bytes"},
    {"alignment", f_alignment, 0, "alignment(type or instance): the alignment its C type needs"},
    {"byref", f_byref, 0, "byref(obj, offset=0): the address of obj's memory (plus offset) as a call argument"},
    {"addressof", f_addressof, 0, "addressof(obj): the address of obj's memory, an int"},
    {"resize", f_resize, 0, "resize(obj, size): give obj (which must own its memory) size bytes"},
    {"get_errno", f_get_errno, 0, NULL},
    {"set_errno", f_set_errno, 0, NULL},
    {"POINTER", f_pointer_type, 0, "POINTER(type): the pointer type to type (made once, then cached)"},
    {"pointer", f_pointer, 0, "pointer(obj): a pointer to obj"},
    {"dlopen", f_dlopen, MF_KEYWORDS, "dlopen(name, mode): load a shared library; its handle"},
    {"dlclose", f_dlclose, 0, "dlclose(handle): unload a library dlopen loaded"},
    {"dlsym", f_dlsym, 0, "dlsym(handle, name): the address of a symbol of a library"},
    {"Py_INCREF", f_incref, 0, NULL},
    {"Py_DECREF", f_incref, 0, NULL},
    {"buffer_info", f_buffer_info, 0, "buffer_info(type or instance): (format, ndim, shape)"},
    {"_unpickle", f_unpickle, 0, NULL},
    {NULL, NULL, 0, NULL},
};

Value _ctypes_module_create(void) {
    if (!(cdata_type.flags & TF_READY)) {
        Value mod = str_intern_cstr("_ctypes");
        Type *metas[] = {&simple_meta, &struct_meta, &union_meta, &array_meta, &pointer_meta, &funcptr_meta};
        for (size_t i = 0; i < sizeof metas / sizeof metas[0]; i++) {
            if (metas[i] == &pointer_meta) type_add_methods(metas[i], pointer_meta_methods);
            ready(metas[i], mod, NULL, meta_methods, NULL);
        }
        ready(&cfield_type, mod, NULL, NULL, cfield_getsets);
        ready(&carg_type, str_intern_cstr("builtins"), NULL, NULL, carg_getsets);   /* as CPython: no module */
        ready(&cdata_type, mod, NULL, cdata_methods, cdata_getsets);
        ready(&simple_type, mod, &simple_meta, simple_methods, simple_getsets);
        ready(&struct_type, mod, &struct_meta, NULL, NULL);
        ready(&union_type_, mod, &union_meta, NULL, NULL);
        ready(&array_type, mod, &array_meta, array_methods, NULL);
        ready(&pointer_type, mod, &pointer_meta, NULL, pointer_getsets);
        ready(&funcptr_type, mod, &funcptr_meta, NULL, funcptr_getsets);
        Value bases = tuple_pack(1, V_FROM_PTR(&exc_Exception));
        Value ns = dict_new();
        dict_set(ns, NAME(__module__), str_from_cstr("ctypes"));
        argument_error = type_new_class(&type_type, str_from_cstr("ArgumentError"), bases, ns, VNULL);
        if (!argument_error) return VNULL;
        pointer_type_cache = dict_new();
        array_type_cache = dict_new();
    }
    Value m = module_new_cstr("_ctypes");
    module_add_functions(m, ctypes_functions);
    unpickle_fn = dict_get_cstr(module_dict(m), "_unpickle");
    module_add(m, "_SimpleCData", V_FROM_PTR(&simple_type));
    module_add(m, "Structure", V_FROM_PTR(&struct_type));
    module_add(m, "Union", V_FROM_PTR(&union_type_));
    module_add(m, "Array", V_FROM_PTR(&array_type));
    module_add(m, "_Pointer", V_FROM_PTR(&pointer_type));
    module_add(m, "CFuncPtr", V_FROM_PTR(&funcptr_type));
    module_add(m, "ArgumentError", argument_error);
    module_add(m, "_pointer_type_cache", pointer_type_cache);
    module_add(m, "__version__", str_from_cstr("1.1.0"));
    module_add(m, "FUNCFLAG_CDECL", v_int(FUNCFLAG_CDECL));
    module_add(m, "FUNCFLAG_PYTHONAPI", v_int(FUNCFLAG_PYTHONAPI));
    module_add(m, "FUNCFLAG_USE_ERRNO", v_int(FUNCFLAG_USE_ERRNO));
    module_add(m, "FUNCFLAG_USE_LASTERROR", v_int(FUNCFLAG_USE_LASTERROR));
    module_add(m, "CTYPES_MAX_ARGCOUNT", v_int(CTYPES_MAX_ARGCOUNT));
    module_add(m, "RTLD_LOCAL", v_int(RTLD_LOCAL));
    module_add(m, "RTLD_GLOBAL", v_int(RTLD_GLOBAL));
    module_add(m, "_memmove_addr", int_from_u64((uint64_t)(uintptr_t)&memmove));
    module_add(m, "_memset_addr", int_from_u64((uint64_t)(uintptr_t)&memset));
    module_add(m, "_string_at_addr", int_from_u64((uint64_t)(uintptr_t)&string_at_impl));
    module_add(m, "_wstring_at_addr", int_from_u64((uint64_t)(uintptr_t)&wstring_at_impl));
    module_add(m, "_cast_addr", int_from_u64((uint64_t)(uintptr_t)&cast_impl));
    return m;
}
