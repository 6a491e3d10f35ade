/* tuple.h: immutable sequences; items are stored inline. */
#ifndef TPY_TUPLE_H
#define TPY_TUPLE_H

#include "../vm/object.h"

typedef struct TupleObject {
    Object hdr;
    int64_t size;
    Value items[];
} TupleObject;

extern Type tuple_type;
extern Value tuple_empty;

static inline bool tuple_check(Value v) {
    return v_is_ptr(v) && v && type_has_flag(V_OBJ(v)->type, TF_TUPLE_SUBCLASS);
}
static inline bool tuple_check_exact(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &tuple_type;
}
static inline int64_t tuple_size(Value t) { return V_AS(TupleObject, t)->size; }
static inline Value *tuple_items(Value t) { return V_AS(TupleObject, t)->items; }
static inline Value tuple_get(Value t, int64_t i) { return V_AS(TupleObject, t)->items[i]; }

/* A tuple of n items, all VNULL: fill them before the tuple escapes. */
Value tuple_new(int64_t n);
Value tuple_from_array(const Value *items, int64_t n);
Value tuple_pack(int64_t n, ...);
Value tuple_from_iterable(Value it);
Value tuple_slice(Value t, int64_t start, int64_t end);
Value tuple_richcompare(Value a, Value b, int op);   /* the tuple type's slot */
Value tuple_getslice(Value t, Value start, Value stop, Value step);   /* t[start:stop:step] */
Value tuple_repr(Value t);
int64_t tuple_hash(Value t);
/* a == b for two exact tuples, as obj_eq (1, 0, -1 on error) without the
 * generic compare's dispatch at this level: a dict keyed by tuples compares
 * one on every hit. Items compare with obj_eq, so a nested tuple goes
 * through obj_richcompare and its recursion check. */
int tuple_eq_exact(Value a, Value b);

void tuple_init(void);

#endif
