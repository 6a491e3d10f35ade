/* misc.h: small builtin types: None, NotImplemented, Ellipsis, range, slice,
 * and the iterator types (sequence iterator, range iterator, enumerate,
 * zip, map, filter, reversed). */
#ifndef TPY_MISC_H
#define TPY_MISC_H

#include "../vm/object.h"

extern Object none_obj, notimpl_obj, ellipsis_obj;
#define V_NONE V_FROM_PTR(&none_obj)
#define V_NOTIMPL V_FROM_PTR(&notimpl_obj)
#define V_ELLIPSIS V_FROM_PTR(&ellipsis_obj)

extern Type super_type;   /* mod/builtins.c */
/* (its layout is public: the JIT builds super objects in traces) */
typedef struct SuperObject {
    Object hdr;
    Type *type;         /* the class where lookup starts after */
    Value obj;          /* instance or class, or VNULL */
    Type *obj_type;
} SuperObject;
/* `super().name` for LOAD_METHOD in frame f, as if the zero-argument super
 * object were made and asked for name: true with the Python function it
 * would bind and the instance, when the plain case holds (f's first
 * argument an instance of f's __class__, name found as a function after
 * it in the instance's MRO); false when anything else holds, nothing set
 * and no error: the caller makes the super object then. */
struct Frame;
bool super_method_in_frame(struct Frame *f, Value name, Value *func, Value *self);
extern Type none_type, notimpl_type, ellipsis_type, range_type, slice_type,
    seqiter_type, rangeiter_type, enumerate_type, zip_type, map_type_,
    filter_type, reversed_type, calliter_type;
extern Type tupleiter_type;   /* iter(tuple): a SeqIterObject */

typedef struct EnumerateObject {
    Object hdr;
    Value it;
    int64_t index;
    Value bigindex;     /* when the count outgrows small ints, or a big start */
} EnumerateObject;

typedef struct RangeObject {
    Object hdr;
    int64_t start, stop, step, length;   /* small ranges (the common case) */
    Value bstart, bstop, bstep;          /* big ranges: ints; else VNULL */
} RangeObject;

typedef struct RangeIterObject {
    Object hdr;
    int64_t next, step, remaining;
    int64_t len;        /* items at the start, for pickling's index; the
                           JIT's virtual iterators (never seen by programs)
                           leave it 0: then remaining stands for it */
} RangeIterObject;

typedef struct SliceObject {
    Object hdr;
    Value start, stop, step;             /* None when omitted */
} SliceObject;

/* Iterates over a sequence with __getitem__ or over list/tuple/str. */
typedef struct SeqIterObject {
    Object hdr;
    Value seq;                            /* VNULL when exhausted */
    int64_t index;
} SeqIterObject;

static inline bool slice_check(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &slice_type;
}

/* types.GenericAlias (genericalias.c): list[int] */
extern Type generic_alias_type;
Value generic_alias_new(Value origin, Value args);
/* __class_getitem__ of the builtin containers (a classmethod's C function) */
Value generic_alias_class_getitem(Value *args, size_t nargs, Value kwnames);
void generic_alias_init(void);
/* types.UnionType: a | b for classes, None, aliases and unions (or
   NotImplemented for other operands) */
extern Type union_type;
/* types.SimpleNamespace (namespace.c); namespace_new: one with d's items */
extern Type namespace_type;
Value namespace_new(Value d);
void namespace_init(void);
/* object.__weakref__: the object's first weak reference, or None (_weakref.c) */
Value weakref_first_of(Value obj);
Value union_or(Value a, Value b);

Value range_new(int64_t start, int64_t stop, int64_t step);
Value slice_new(Value start, Value stop, Value step);
/* Resolve a slice against a sequence length: sets start/stop/step and
 * returns the number of items (-1 with an error). */
int64_t slice_indices(Value slice, int64_t length, int64_t *start,
                      int64_t *stop, int64_t *step);
/* The same in ints of any size (slice.indices(), big ranges): length >= 0;
 * -1 with an error. */
int slice_indices_big(Value slice, Value length, Value *start, Value *stop, Value *step);
/* The same from the three bounds (None when omitted) without a slice object. */
int64_t slice_bounds_indices(Value start, Value stop, Value step, int64_t length, int64_t *a, int64_t *b,
                             int64_t *st);
/* The two halves of slice_bounds_indices, for a sequence whose length may
 * change: converting the bounds runs their __index__ methods, which may
 * resize the sequence, so its length is read only after slice_unpack, as
 * CPython's PySlice_Unpack and PySlice_AdjustIndices. (A length read
 * before made `l[0:10:X()] = []` with an __index__ that empties l write
 * below its items.) */
typedef struct SliceBounds {
    int64_t start, stop, step;   /* start and stop SLICE_BOUND_NONE when omitted */
} SliceBounds;
#define SLICE_BOUND_NONE INT64_MIN   /* never a converted bound: those are clamped to +-INT64_MAX / 4 */
int slice_unpack(Value start, Value stop, Value step, SliceBounds *out);   /* -1 with an error */
int slice_unpack_obj(Value slice, SliceBounds *out);
int64_t slice_adjust(const SliceBounds *sb, int64_t length, int64_t *a, int64_t *b, int64_t *st);   /* >= 0 */

/* Whether slice bounds are all small ints or None: then resolving them
 * cannot run Python code, and only a zero step can fail. */
static inline bool slice_bounds_simple(Value start, Value stop, Value step) {
    return (v_is_int(start) || start == V_NONE) && (v_is_int(stop) || stop == V_NONE) &&
           (v_is_int(step) || step == V_NONE);
}
Value seqiter_new(Value seq);
Value tupleiter_new(Value t);   /* iter() of any tuple: its own items */
/* What CPython's builtin iterators reduce to for pickle: (iter, (arg,)), or
 * (iter, (arg,), state) when state is not VNULL; `iter` is the builtin. */
Value iter_reduce(Value arg, Value state);
Value calliter_new(Value func, Value sentinel);   /* iter(func, sentinel) */

void misc_init(void);

#endif
