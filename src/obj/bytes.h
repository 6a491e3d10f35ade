/* bytes.h: immutable byte strings, and what bytes and bytearray share.
 *
 * "Bytes-like" below means bytes or bytearray (or a subclass of either):
 * the objects whose contents the methods of both types accept as
 * arguments (CPython's buffer protocol, without memoryview).
 */
#ifndef TPY_BYTES_H
#define TPY_BYTES_H

#include "../util/buf.h"
#include "../vm/errors.h"
#include "../vm/object.h"
#include "bytearray.h"

typedef struct BytesObject {
    Object hdr;
    int64_t hash;
    int64_t size;
    char data[];        /* data[size] == 0 */
} BytesObject;

extern Type bytes_type;

static inline bool bytes_check(Value v) {
    return v_is_ptr(v) && v && type_has_flag(V_OBJ(v)->type, TF_BYTES_SUBCLASS);
}
static inline bool bytes_check_exact(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &bytes_type;
}
static inline const char *bytes_data(Value b) { return V_AS(BytesObject, b)->data; }
static inline int64_t bytes_size(Value b) { return V_AS(BytesObject, b)->size; }

Value bytes_new(const char *data, size_t n);
bool index_or_fallback(Value x);   /* bytes()/bytearray(): __index__ usable? */
/* A new bytes of n bytes for the caller to fill in (data[n] is set to 0). */
Value bytes_alloc(size_t n);
/* For sizes the program chooses: VNULL with MemoryError when the memory is
 * not there. */
Value bytes_try_alloc(size_t n);
Value bytes_from_buf(const Buf *b);
Value bytes_repr(Value b);
/* Append the b'...' literal form of d[0..n) to out. bytearray's repr
 * (escape_squote) escapes ' even inside b"...". */
void bytes_repr_into(Buf *out, const char *d, int64_t n, bool escape_squote);

/* ---- bytes-like objects ----------------------------------------------------- */

/* An object's memory as its type's getbuffer slot exports it: len bytes at
 * data, items of itemsize bytes in struct-module format (e.g. "B"). The
 * pointer is good until the exporter next changes size (a bytearray may
 * move its data): read it again after running Python code. */
typedef struct BufferInfo {
    char *data;
    int64_t len;
    int64_t itemsize;
    const char *format;
    bool readonly;
    /* set by an exporter that forwards another object's buffer (pickle's
       PickleBuffer): a memoryview made of it views that object, as
       CPython's view.obj; only memoryview() reads it, after setting it to
       VNULL */
    Value owner;
    /* set by an exporter that must know whether views of it are alive
       (mmap: closing or resizing would leave them dangling): each
       memoryview made of it adds one until released or collected. Only
       memoryview() reads it, after setting it to NULL */
    int64_t *exports;
} BufferInfo;

static inline bool buffer_check(Value v) { return v_is_ptr(v) && v && V_OBJ(v)->type->getbuffer != NULL; }
/* The buffer of v; -1 with TypeError ("a bytes-like object is required,
 * not 'str'") when v has none. writable: a read-only buffer is a TypeError
 * too ("argument must be read-write bytes-like object, not bytes"). */
int buffer_get(Value v, BufferInfo *out, bool writable);

static inline bool byteslike_check(Value v) { return bytes_check(v) || bytearray_check(v) || buffer_check(v); }
/* The contents of a bytes-like object; false (no error set) otherwise. */
static inline bool byteslike_view(Value v, const char **p, int64_t *n) {
    if (bytes_check(v)) {
        *p = bytes_data(v);
        *n = bytes_size(v);
        return true;
    }
    if (bytearray_check(v)) {
        *p = bytearray_data(v);
        *n = bytearray_size(v);
        return true;
    }
    if (buffer_check(v)) {
        BufferInfo b;
        if (V_OBJ(v)->type->getbuffer(v, &b) < 0) {
            err_clear();
            return false;
        }
        *p = b.data;
        *n = b.len;
        return true;
    }
    return false;
}

/* memoryview (memoryview.c) */
extern Type memoryview_type;
Value memoryview_new(Value obj);
void memoryview_init(void);

/* Byte-level search (used by bytes, bytearray; usable for UTF-8 str data):
 * first / last occurrence of nd[0..nn) in h[0..hn), NULL if absent; an
 * empty needle matches at the start / end. */
const char *bytes_find_raw(const char *h, int64_t hn, const char *nd, int64_t nn);
const char *bytes_rfind_raw(const char *h, int64_t hn, const char *nd, int64_t nn);
/* Non-overlapping occurrences of a non-empty needle, at most max. */
int64_t bytes_count_raw(const char *h, int64_t hn, const char *nd, int64_t nn, int64_t max);

/* The value of an item stored into a bytearray or given to bytes(): an int
 * (or __index__) in range(256). `range_msg` is the ValueError message. */
int bytes_item_value(Value v, const char *range_msg, int *out);
/* Append the bytes of bytes(src) for an iterable src (not a bytes-like
 * object, str or int) to out. `what` names the target type in
 * "cannot convert 'X' object to <what>" and picks the range message. */
int bytes_collect_iterable(Value src, const char *what, Buf *out);
/* n as a repeat count for b * n (negative counts are 0): 0 on success, 1
 * when n has no __index__ (no error set), -1 with an error. */
int bytes_repeat_count(Value n, int64_t *out);
/* Whether `other` is an instance of a class defining the reflected method
 * of op (ADD, MUL), which then gets its chance before a TypeError. */
bool bytes_defer_binop(Value other, int op);
/* Encode str s with the optional encoding/errors (str or VNULL). */
Value bytes_encode_str(Value s, Value encoding, Value errors);

/* Shared slots (self is bytes-like; the result has self's kind). */
Value byteslike_richcompare(Value a, Value b, int op);
int byteslike_contains(Value self, Value x);
Value byteslike_format(Value self, Value args);   /* self % args */

/* The methods bytes and bytearray share, registered on both types. */
extern const MethodDef bytes_common_methods[];

void bytes_init(void);

#endif
