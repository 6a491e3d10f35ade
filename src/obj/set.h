/* set.h: set and frozenset. The table layout and probing follow CPython's
 * so that iteration order over ints is the same as CPython's (programs print
 * sets of small ints and expect CPython's order). */
#ifndef TPY_SET_H
#define TPY_SET_H

#include "../vm/object.h"
#include "float.h"
#include "int.h"
#include "str.h"

typedef struct SetEntry {
    Value key;          /* VNULL: empty; set_dummy: deleted */
    int64_t hash;
} SetEntry;

#define SET_MINSIZE 8

typedef struct SetObject {
    Object hdr;
    int64_t fill;       /* active + dummy */
    int64_t used;       /* active */
    int64_t mask;
    SetEntry *table;    /* small, or a table of the collected heap */
    int64_t finger;     /* pop() position */
    int64_t hash;       /* frozenset only; -1 not computed */
    /* The table of a set of at most 4 keys (CPython's smalltable): most
       sets are small and short-lived, and one allocation fewer for each
       is one less free-list refill and one less block for the collector
       to sweep. A set whose table grew comes back here only through
       clear(), which empties it in place, or a rehash of a table filled
       with dummies down to 8 entries (table_resize). */
    SetEntry small[SET_MINSIZE];
} SetObject;

extern Type set_type, frozenset_type;

static inline bool set_check(Value v) {
    return v_is_ptr(v) && v && type_has_flag(V_OBJ(v)->type, TF_SET_SUBCLASS);
}
static inline bool set_check_exact_any(Value v) {   /* set or frozenset, no subclass */
    return v_is_ptr(v) && v && (V_OBJ(v)->type == &set_type || V_OBJ(v)->type == &frozenset_type);
}
static inline int64_t set_size(Value s) { return V_AS(SetObject, s)->used; }

Value set_new(void);
Value frozenset_new(void);
Value set_from_iterable(Value it);
/* A key whose hashing, and comparison with any other such key, runs no
 * Python code and changes nothing a program can see: an exact int, float
 * or str. While a new set holds only such keys, a generator filling it
 * may run ahead of the adds (set_fill_from_generator, jit_gen_run_batch). */
static inline bool set_key_is_plain(Value v) { return int_check_exact(v) || float_check_exact(v) || str_check_exact(v); }
int set_add(Value s, Value key);            /* -1 on error */
int set_discard(Value s, Value key);        /* 1 found, 0 absent, -1 error */
int set_contains(Value s, Value key);       /* -1 0 1 */
int set_update(Value s, Value iterable);
bool set_next(Value s, int64_t *pos, Value *key);
/* The same, with the hash the set stored for the key (so that copying a
 * set's keys elsewhere does not call __hash__ again, as CPython). */
bool set_next_hash(Value s, int64_t *pos, Value *key, int64_t *hash);
Value set_repr(Value s);

void set_init(void);

#endif
