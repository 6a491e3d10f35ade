/* bytearray.h: mutable byte strings.
 *
 * The contents live in a separately allocated, pointer-free block (`data`,
 * capacity + 1 bytes, NUL-terminated after `size`). Growing allocates a new
 * block and copies; the old one is left to the collector, never freed
 * explicitly, so a pointer to the old contents held across a call into
 * Python code (which may resize the array) stays valid.
 *
 * The methods that bytes and bytearray share (find, split, strip, ...) are
 * implemented once in bytes.c over the raw bytes; bytearray.c adds the
 * type itself and the mutating methods.
 */
#ifndef TPY_BYTEARRAY_H
#define TPY_BYTEARRAY_H

#include "../vm/object.h"

typedef struct ByteArrayObject {
    Object hdr;
    int64_t size;
    int64_t capacity;   /* bytes available in data, terminator excluded */
    char *data;         /* never NULL */
} ByteArrayObject;

extern Type bytearray_type;

/* bytearray or a subclass (the layout is fixed by the `base` chain). */
static inline bool bytearray_check(Value v) {
    if (!v_is_ptr(v) || !v) return false;
    for (Type *t = V_OBJ(v)->type; t; t = t->base)
        if (t == &bytearray_type) return true;
    return false;
}
static inline char *bytearray_data(Value v) { return V_AS(ByteArrayObject, v)->data; }
static inline int64_t bytearray_size(Value v) { return V_AS(ByteArrayObject, v)->size; }

/* A new bytearray holding a copy of data[0..n). */
Value bytearray_new(const char *data, size_t n);
/* Set the size to n, keeping the first min(size, n) bytes (new bytes are
 * not initialised). Returns -1 with MemoryError for absurd sizes. */
int bytearray_resize(Value v, int64_t n);

void bytearray_init(void);

#endif
