/* bytes.h: immutable byte strings (basic support). */
#ifndef TPY_BYTES_H
#define TPY_BYTES_H

#include "../vm/object.h"

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
static inline const char *bytes_data(Value b) { return V_AS(BytesObject, b)->data; }
static inline int64_t bytes_size(Value b) { return V_AS(BytesObject, b)->size; }

Value bytes_new(const char *data, size_t n);
Value bytes_repr(Value b);

void bytes_init(void);

#endif
