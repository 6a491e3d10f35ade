/* list.h: mutable sequences; items in a separately allocated array.
 *
 * Float storage (PyPy's float list strategy, narrowed): a list that a
 * display built from floats only (`[x, y, z, 0.0]`), each an immediate
 * float or a zero, keeps its items as raw doubles, and says so by a
 * negative capacity (~capacity is the room it has). Indexing, item
 * assignment of such a float and len() work on the doubles (the
 * interpreter through list_get/list_set_item; compiled code loads and
 * stores them unboxed); every other use goes through list_items(), which
 * first turns the doubles back into Values in place (list_generic). That
 * takes no allocation, since each stored double is exactly an immediate or
 * a static zero, the same Value it came from (so identity is kept), and it
 * is one-way: a list with Value storage never goes back, so C code that
 * holds a list's items pointer sees Values for as long as it did before.
 */
#ifndef TPY_LIST_H
#define TPY_LIST_H

#include "../vm/object.h"
#include "float.h"

typedef struct ListObject {
    Object hdr;
    int64_t size;
    int64_t capacity;   /* < 0: float storage, ~capacity items of room */
    Value *items;       /* (double * in float storage) */
} ListObject;

static inline bool list_has_float_storage(const ListObject *o) { return o->capacity < 0; }
static inline int64_t list_capacity(const ListObject *o) { return o->capacity < 0 ? ~o->capacity : o->capacity; }
void list_generic_slow(ListObject *o);
/* Value storage from now on (see above) */
static inline void list_generic(ListObject *o) {
    if (__builtin_expect(o->capacity < 0, 0)) list_generic_slow(o);
}
/* v as a double that float storage can hold (an immediate float or a zero,
 * which the double gives back as the same Value): true and *d, or false */
static inline bool float_storable(Value v, double *d) {
    if (v_is_smallfloat(v)) {
        *d = v_smallfloat_val(v);
        return true;
    }
    if (v == V_FROM_PTR(&float_zeros[0]) || v == V_FROM_PTR(&float_zeros[1])) {
        *d = V_AS(FloatObject, v)->value;
        return true;
    }
    return false;
}

extern Type list_type, listiter_type;

/* list iterators see appends made during iteration */
typedef struct ListIterObject {
    Object hdr;
    Value list;         /* VNULL when exhausted */
    int64_t index;
} ListIterObject;

static inline bool list_check(Value v) {
    return v_is_ptr(v) && v && type_has_flag(V_OBJ(v)->type, TF_LIST_SUBCLASS);
}
static inline bool list_check_exact(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &list_type;
}
static inline int64_t list_size(Value l) { return V_AS(ListObject, l)->size; }
/* The items as Values (a list in float storage is converted first) */
static inline Value *list_items(Value l) {
    ListObject *o = V_AS(ListObject, l);
    list_generic(o);
    return o->items;
}
static inline Value list_get(Value l, int64_t i) {
    ListObject *o = V_AS(ListObject, l);
    if (list_has_float_storage(o)) return float_value_unallocated(((const double *)o->items)[i]);
    return o->items[i];
}
/* l[i] = v, 0 <= i < size */
static inline void list_set_item(Value l, int64_t i, Value v) {
    ListObject *o = V_AS(ListObject, l);
    double d;
    if (list_has_float_storage(o)) {
        if (float_storable(v, &d)) {
            ((double *)o->items)[i] = d;
            return;
        }
        list_generic_slow(o);
    }
    o->items[i] = v;
}
/* A list display of n items: float storage when they are all floats it
 * can hold (n > 0), else Values */
Value list_from_display(const Value *items, int64_t n);

Value list_new(int64_t capacity);              /* empty list */
Value list_from_array(const Value *items, int64_t n);
Value list_from_iterable(Value it);
/* Room for min_capacity items: 0, or -1 with MemoryError (the program's
 * lists can grow past the memory there is). */
int list_grow(Value l, int64_t min_capacity);
/* A list of capacity n that the program sized (l * n, l + m): VNULL with
 * MemoryError when the memory is not there. */
Value list_try_new(int64_t capacity);
/* Append to a list the program fills (list.append, comprehensions): 0, or
 * -1 with MemoryError. */
static inline int list_push(Value l, Value v) {
    ListObject *o = V_AS(ListObject, l);
    /* (>=: a list in float storage, capacity < 0, is converted by list_grow) */
    if (o->size >= o->capacity && list_grow(l, o->size + 1) < 0) return -1;
    o->items[o->size++] = v;
    return 0;
}
/* Append to the runtime's own lists (small: never fails, see gc.h). */
void list_grow_always(Value l, int64_t min_capacity);
static inline void list_append(Value l, Value v) {
    ListObject *o = V_AS(ListObject, l);
    if (o->size >= o->capacity) list_grow_always(l, o->size + 1);
    o->items[o->size++] = v;
}
int list_extend(Value l, Value iterable);      /* -1 on error */
/* operator.length_hint(o, dflt): an int, or VNULL with an error set */
Value obj_length_hint(Value o, int64_t dflt);
int list_insert(Value l, int64_t index, Value v);
Value list_pop(Value l, int64_t index);
Value list_slice(Value l, int64_t start, int64_t end);
/* l[start:stop:step] and l[start:stop:step] = v (v VNULL: del), from the
 * bounds of a slice (None when omitted). */
Value list_getslice(Value l, Value start, Value stop, Value step);
int list_setslice(Value l, Value start, Value stop, Value step, Value v);
/* Slicing with unboxed bounds for compiled code (list.c): LIST_SLICE_NONE
 * stands for None, the step is nonzero; neither raises. */
#define LIST_SLICE_NONE INT64_MIN
Value list_getslice_ints(Value l, int64_t start, int64_t stop, int64_t step);
/* a + b as a new list (a and b lists or subclasses): NULL and MemoryError */
Value list_concat(Value a, Value b);
Value list_concat_display(const Value *items, int64_t n, Value b, bool items_first);
/* Such bounds clamped to a sequence of `length` items as slice.indices()
 * does; returns the number of items selected (also for str_getslice_ints). */
int64_t slice_ints_adjust(int64_t length, int64_t *start, int64_t *stop, int64_t step);
/* dst[dstart:dstop] = src[sstart:sstop] (rev: src[sstart:sstop:-1]) */
void list_assign_slice_ints(Value dst, int64_t dstart, int64_t dstop, Value src, int64_t sstart, int64_t sstop);
void list_assign_slice_ints_rev(Value dst, int64_t dstart, int64_t dstop, Value src, int64_t sstart, int64_t sstop);
Value list_repr(Value l);
/* Sort in place (stable); key may be VNULL. -1 on error. */
int list_sort(Value l, Value key, bool reverse);
void list_reverse(Value l);

/* Is v a list or tuple whose items iteration visits directly (exact type,
 * or a subclass that does not override __iter__)? */
bool seq_fast_items(Value v);

void list_init(void);

#endif
