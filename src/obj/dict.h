/* dict.h: insertion-ordered hash tables.
 *
 * Compact layout: `entries` holds (hash, key, value) triples in insertion
 * order; `indices` is an open-addressing table of entry numbers (EMPTY -1,
 * DUMMY -2). Deleting leaves a hole in entries (key = VNULL) until the
 * next resize. `version` changes whenever a key is added or removed (not
 * when a value is replaced): caches of key positions check it.
 *
 * Module namespaces are ordinary dicts with `cells` set: every value is then
 * stored wrapped in a Cell (obj/cell.h) so compiled code can hold on to the
 * cell of a global; the dict API wraps and unwraps transparently.
 */
#ifndef TPY_DICT_H
#define TPY_DICT_H

#include "../vm/object.h"

typedef struct DictEntry {
    int64_t hash;
    Value key;          /* VNULL: deleted entry */
    Value value;
} DictEntry;

typedef struct DictObject {
    Object hdr;
    int64_t used;       /* live entries */
    int64_t nentries;   /* entries[0..nentries) in use, holes included */
    int64_t capacity;   /* allocated entries */
    int64_t filled;     /* insertions since the index table was built: bounds
                           its live + dummy slots, so it stays <= capacity
                           (popitem lowers nentries, not this: its slot stays
                           a dummy) */
    int64_t mask;       /* index table size - 1 (0 when there is no table) */
    void *indices;      /* int8/int16/int32/int64 array per table size */
    DictEntry *entries;
    uint64_t version;
    bool cells;         /* module namespace: values are Cells */
    bool watched;       /* compiled code assumes its keys do not change */
} DictObject;

/* iter(d) and the views' iterators; public so the JIT can describe a
 * removed (virtual) key iterator field by field (opt_virtualize.c) */
typedef struct DictIterObject {
    Object hdr;
    Value dict;             /* VNULL when exhausted */
    int64_t pos;
    int64_t used_at_start;
    int64_t left;           /* items still to come: finding one more means
                               keys were deleted and added (same size) */
    int kind;               /* 0 keys, 1 values, 2 items */
    bool reversed;
} DictIterObject;

extern Type dict_type;
extern Type dictiter_type;     /* iter(d): its keys */

static inline bool dict_check(Value v) {
    return v_is_ptr(v) && v && type_has_flag(V_OBJ(v)->type, TF_DICT_SUBCLASS);
}
static inline bool dict_check_exact(Value v) {
    return v_is_ptr(v) && v && V_OBJ(v)->type == &dict_type;
}
static inline int64_t dict_size(Value d) { return V_AS(DictObject, d)->used; }

Value dict_new(void);
Value dict_new_sized(int64_t n);
/* Lookup: returns the value, or VNULL (exception set only if hashing or
 * comparing raised: check err_occurred()). */
Value dict_get(Value d, Value key);
Value dict_get_str(Value d, Value key);     /* key is an interned str: fast */
Value dict_get_cstr(Value d, const char *key);
int dict_set(Value d, Value key, Value value);         /* -1 on error */
int dict_set_cstr(Value d, const char *key, Value value);
/* Delete key: 1 deleted, 0 absent (no exception), -1 error. */
int dict_del(Value d, Value key);
int dict_contains(Value d, Value key);                 /* -1 0 1 */
/* The same with the key's hash already known (not computed again). */
int dict_contains_hash(Value d, Value key, int64_t hash);
int dict_set_hash(Value d, Value key, int64_t hash, Value value);
Value dict_get_hash(Value d, Value key, int64_t hash);
int dict_del_hash(Value d, Value key, int64_t hash);
/* Iterate: start with *pos = 0; returns false at the end. */
bool dict_next(Value d, int64_t *pos, Value *key, Value *value);
Value dict_copy(Value d);
int dict_update(Value d, Value other);                 /* dict or mapping or pairs */
int dict_merge_nodup(Value d, Value other, Value func); /* f(**a, **b) into func */
void dict_clear(Value d);
Value dict_keys_list(Value d);
Value dict_repr(Value d);
/* For a cells dict (module namespace): the cell holding key, creating an
 * empty one if absent when create is true. */
Value dict_get_cell(Value d, Value key, bool create);
/* Position-based access used by inline caches. */
int64_t dict_lookup_index(Value d, Value key, int64_t hash);  /* entry index or -1 */

/* A read-only view of a mapping (type.__dict__, types.MappingProxyType). */
extern Type mappingproxy_type;
Value mappingproxy_new(Value mapping);

void dict_init(void);

#endif
