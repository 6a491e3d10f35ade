/* set.c: set and frozenset.
 *
 * The table follows CPython's design so iteration orders match: size a
 * power of two (at least 8), probe a run of LINEAR_PROBES neighbouring slots
 * before jumping with i = 5*i + 1 + perturb, grow when fill*5 >= mask*3 to
 * used*4 (used*2 beyond 50000), deleted entries are dummies (hash -1). The
 * bulk operations (merge of one set into an empty one, union, intersection,
 * difference) visit entries in the same order CPython does.
 */
#include "../runtime.h"
#include "gen.h"

Type set_type, frozenset_type, setiter_type;

#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5

static Object dummy_obj;
#define DUMMY V_FROM_PTR(&dummy_obj)

static Value set_alloc(Type *t) {
    SetObject *s = (SetObject *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(SetObject));
    s->mask = SET_MINSIZE - 1;
    s->table = s->small;
    s->hash = -1;
    return V_FROM_PTR(s);
}

/* Empty s, its table back to the small one (cleared in place: C code that
 * holds s->table across a call sees empty slots, never freed memory). */
static void set_reset_table(SetObject *s) {
    memset(s->small, 0, sizeof s->small);
    s->table = s->small;
    s->mask = SET_MINSIZE - 1;
    s->fill = s->used = 0;
}

/* s takes the table of r, a new set nothing else holds: a small table is
 * copied, since s must not point into r. */
static void set_take_table(SetObject *s, SetObject *r) {
    if (r->table == r->small) {
        memcpy(s->small, r->small, sizeof s->small);
        s->table = s->small;
    } else {
        s->table = r->table;
    }
    s->mask = r->mask;
    s->fill = r->fill;
    s->used = r->used;
}

Value set_new(void) { return set_alloc(&set_type); }
Value frozenset_new(void) { return set_alloc(&frozenset_type); }

static void insert_clean(SetEntry *table, size_t mask, Value key, int64_t hash) {
    size_t perturb = (size_t)hash, i = (size_t)hash & mask;
    SetEntry *e;
    for (;;) {
        e = &table[i];
        if (!e->key) goto found;
        if (i + LINEAR_PROBES <= mask) {
            for (int j = 0; j < LINEAR_PROBES; j++) {
                e++;
                if (!e->key) goto found;
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
found:
    e->key = key;
    e->hash = hash;
}

/* 0, or -1 with MemoryError (the set unchanged) when the memory for the
 * new table is not there. */
static int table_resize(SetObject *s, int64_t minused) {
    size_t newsize = SET_MINSIZE;
    while (newsize <= (size_t)minused) newsize <<= 1;
    SetEntry *old = s->table;
    size_t oldmask = (size_t)s->mask;
    SetEntry *nt, saved[SET_MINSIZE];
    if (newsize == SET_MINSIZE) {
        /* only dummies made it full: rehash into the small table */
        if (old == s->small) {
            memcpy(saved, s->small, sizeof saved);
            old = saved;
        }
        memset(s->small, 0, sizeof s->small);
        nt = s->small;
    } else {
        nt = newsize <= (size_t)PTRDIFF_MAX / sizeof(SetEntry) ? gc_try_alloc(sizeof(SetEntry) * newsize) : NULL;
        if (!nt) {
            err_no_memory();
            return -1;
        }
    }
    s->mask = (int64_t)newsize - 1;
    s->table = nt;
    s->fill = s->used;
    for (size_t i = 0; i <= oldmask; i++) {
        Value k = old[i].key;
        if (k && k != DUMMY) insert_clean(nt, newsize - 1, k, old[i].hash);
    }
    return 0;
}

/* Find key: returns the entry or NULL; *err set on comparison error. */
static SetEntry *lookkey(SetObject *s, Value key, int64_t hash, bool *err) {
    *err = false;
restart:;
    size_t mask = (size_t)s->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
    for (;;) {
        SetEntry *e = &s->table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (e->hash == 0 && !e->key) return NULL;
            if (e->hash == hash && e->key != DUMMY) {
                Value sk = e->key;
                if (sk == key) return e;
                if (str_check_exact(sk) && str_check_exact(key)) {
                    if (str_eq(sk, key)) return e;
                } else {
                    SetEntry *table = s->table;
                    int c = obj_eq(sk, key);
                    if (c < 0) {
                        *err = true;
                        return NULL;
                    }
                    if (table != s->table || e->key != sk) goto restart;
                    if (c) return e;
                    mask = (size_t)s->mask;
                }
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

/* The end of an insertion whose probe stopped at empty slot e (freeslot:
 * the last dummy on the way, taken instead, as CPython 3.11 does). */
static inline int add_at(SetObject *s, SetEntry *e, SetEntry *freeslot, size_t mask, Value key, int64_t hash) {
    if (freeslot) {
        s->used++;
        freeslot->key = key;
        freeslot->hash = hash;
        return 0;
    }
    if ((size_t)s->fill >= mask) {
        /* growing failed before (MemoryError): a probe ends only at an
           empty slot, so the last one is never taken */
        err_no_memory();
        return -1;
    }
    s->fill++;
    s->used++;
    e->key = key;
    e->hash = hash;
    if ((size_t)s->fill * 5 < mask * 3) return 0;
    /* (the key stays added if this fails, as in CPython) */
    return table_resize(s, s->used > 50000 ? s->used * 2 : s->used * 4);
}

static int add_entry(SetObject *s, Value key, int64_t hash) {
restart:;
    size_t mask = (size_t)s->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
    SetEntry *freeslot = NULL, *e;
    for (;;) {
        e = &s->table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (e->hash == 0 && !e->key) goto found_unused_or_dummy;
            if (e->hash == hash) {
                Value sk = e->key;
                if (sk == key) return 0;
                if (str_check_exact(sk) && str_check_exact(key)) {
                    if (str_eq(sk, key)) return 0;
                } else if (sk != DUMMY) {
                    SetEntry *table = s->table;
                    int c = obj_eq(sk, key);
                    if (c > 0) return 0;
                    if (c < 0) return -1;
                    if (table != s->table || e->key != sk) goto restart;
                    mask = (size_t)s->mask;
                }
            } else if (e->hash == -1 && e->key == DUMMY) {
                freeslot = e;   /* CPython 3.11 reuses the last dummy on the probe path */
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
found_unused_or_dummy:
    return add_at(s, e, freeslot, mask, key, hash);
}

/* add_entry for a small int key: the same probe, with no comparison call
 * (two small ints are equal only when identical); -2 when an entry of the
 * same hash holds a key that is not a small int, for add_entry to ask its
 * __eq__. */
static int add_small_int(SetObject *s, Value key, int64_t hash) {
    size_t mask = (size_t)s->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
    SetEntry *freeslot = NULL, *e;
    for (;;) {
        e = &s->table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            Value k = e->key;
            if (!k) return add_at(s, e, freeslot, mask, key, hash);
            if (e->hash == hash) {
                if (k == key) return 0;
                if (!v_is_int(k)) return -2;
            } else if (e->hash == -1 && k == DUMMY) {
                freeslot = e;
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static inline int64_t key_hash(Value key) {
    if (v_is_int(key)) {
        /* a small int below the hash modulus is its own hash (but -1) */
        int64_t x = v_intval(key);
        if (x > -INT_HASH_MODULUS && x < INT_HASH_MODULUS) return x == -1 ? -2 : x;
    }
    if (str_check_exact(key)) {
        int64_t h = V_AS(StrObject, key)->hash;
        return h != -1 ? h : str_hash(key);
    }
    return obj_hash(key);
}

int set_add(Value sv, Value key) {
    if (v_is_int(key)) {
        int64_t x = v_intval(key);
        if (x > -INT_HASH_MODULUS && x < INT_HASH_MODULUS) {
            int r = add_small_int(V_AS(SetObject, sv), key, x == -1 ? -2 : x);
            if (r != -2) return r;
        }
    }
    int64_t h = key_hash(key);
    if (h == -1) return -1;
    return add_entry(V_AS(SetObject, sv), key, h);
}

/* Is small int key (hash h) in s? 1 or 0; -1 when an entry of the same
 * hash holds a key that is not a small int, whose equality with key only
 * its __eq__ can tell (lookkey then). Two small ints are equal only when
 * identical, and their hash is never -1 (a dummy's), so the probe needs
 * no comparison call: the same slots as lookkey's, in the same order. */
static int lookkey_small_int(const SetObject *s, Value key, int64_t h) {
    size_t mask = (size_t)s->mask, i = (size_t)h & mask, perturb = (size_t)h;
    const SetEntry *table = s->table;
    for (;;) {
        const SetEntry *e = &table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            Value k = e->key;
            if (!k) return 0;
            if (e->hash == h) {
                if (k == key) return 1;
                if (!v_is_int(k)) return -1;
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

int set_contains(Value sv, Value key) {
    if (v_is_int(key)) {
        int64_t x = v_intval(key);
        if (x > -INT_HASH_MODULUS && x < INT_HASH_MODULUS) {
            int r = lookkey_small_int(V_AS(SetObject, sv), key, x == -1 ? -2 : x);
            if (r >= 0) return r;
        }
    }
    int64_t h = key_hash(key);
    if (h == -1) {
        /* a set key may be an unhashable set: look for the frozenset */
        if (set_check(key) && err_matches(&exc_TypeError)) {
            err_clear();
            Value fs = frozenset_new();
            set_update(fs, key);
            return set_contains(sv, fs);
        }
        return -1;
    }
    bool err;
    SetEntry *e = lookkey(V_AS(SetObject, sv), key, h, &err);
    if (err) return -1;
    return e != NULL;
}

int set_discard(Value sv, Value key) {
    int64_t h = key_hash(key);
    if (h == -1) {
        if (set_check(key) && err_matches(&exc_TypeError)) {
            err_clear();
            Value fs = frozenset_new();
            set_update(fs, key);
            return set_discard(sv, fs);
        }
        return -1;
    }
    bool err;
    SetEntry *e = lookkey(V_AS(SetObject, sv), key, h, &err);
    if (err) return -1;
    if (!e) return 0;
    e->key = DUMMY;
    e->hash = -1;
    V_AS(SetObject, sv)->used--;
    return 1;
}

static int set_merge(SetObject *s, SetObject *o) {
    if (s == o || o->used == 0) return 0;
    if ((s->fill + o->used) * 5 >= s->mask * 3 && table_resize(s, (s->used + o->used) * 2) < 0) return -1;
    if (s->fill == 0 && s->mask == o->mask && o->fill == o->used) {
        for (int64_t i = 0; i <= o->mask; i++)
            if (o->table[i].key) s->table[i] = o->table[i];
        s->fill = o->fill;
        s->used = o->used;
        return 0;
    }
    if (s->fill == 0) {
        s->fill = o->used;
        s->used = o->used;
        for (int64_t i = 0; i <= o->mask; i++) {
            Value k = o->table[i].key;
            if (k && k != DUMMY) insert_clean(s->table, (size_t)s->mask, k, o->table[i].hash);
        }
        return 0;
    }
    for (int64_t i = 0; i <= o->mask; i++) {
        Value k = o->table[i].key;
        if (k && k != DUMMY && add_entry(s, k, o->table[i].hash) < 0) return -1;
    }
    return 0;
}

int set_update(Value sv, Value other) {
    SetObject *s = V_AS(SetObject, sv);
    if (set_check(other)) return set_merge(s, V_AS(SetObject, other));
    if (dict_check_exact(other)) {
        int64_t n = dict_size(other);
        if ((s->fill + n) * 5 >= s->mask * 3 && table_resize(s, (s->used + n) * 2) < 0) return -1;
        int64_t pos = 0;
        Value k;
        while (dict_next(other, &pos, &k, NULL)) {
            int64_t h = V_AS(DictObject, other)->entries[pos - 1].hash;
            if (add_entry(s, k, h) < 0) return -1;
        }
        return 0;
    }
    Value it = obj_iter(other);
    if (!it) return -1;
    for (;;) {
        Value k = obj_next(it);
        if (!k) return err_occurred() ? -1 : 0;
        if (set_add(sv, k) < 0) return -1;
    }
}

/* Fill sv, a set no program can reach yet (only its filler holds it),
 * from generator gv: the generator may run ahead of the adds
 * (gen_send_batch) while every key added so far is an exact int, float or
 * str, whose adds run no Python code, so nothing can see the order of the
 * generator's steps and the adds. Once another key is in, a later add may
 * call its __eq__ (equal hashes), and the generator is taken one item at
 * a time. bench/nqueens.py's set(cols[i] + i for i in range(n)): 8 items
 * per set, the generator's entry and exit once per set rather than per item. */
#define SET_GEN_AHEAD 32
static int set_fill_from_generator(Value sv, Value gv) {
    bool plain_keys = true;
    for (;;) {
        Value ahead[SET_GEN_AHEAD], item;
        int nahead = 0;
        int st = plain_keys ? gen_send_batch(gv, ahead, SET_GEN_AHEAD, &nahead, &item, GEN_AHEAD_SET_KEY) : gen_send_ex(gv, VNULL, &item);
        for (int i = 0; i < nahead; i++)
            if (set_add(sv, ahead[i]) < 0) return -1;
        if (st <= 0) return st;
        if (!set_key_is_plain(item)) plain_keys = false;
        if (set_add(sv, item) < 0) return -1;
    }
}

Value set_from_iterable(Value it) {
    Value s = set_new();
    if ((gen_check(it) ? set_fill_from_generator(s, it) : set_update(s, it)) < 0) return VNULL;
    return s;
}

bool set_next(Value sv, int64_t *pos, Value *key) {
    SetObject *s = V_AS(SetObject, sv);
    while (*pos <= s->mask) {
        SetEntry *e = &s->table[(*pos)++];
        if (e->key && e->key != DUMMY) {
            *key = e->key;
            return true;
        }
    }
    return false;
}

bool set_next_hash(Value sv, int64_t *pos, Value *key, int64_t *hash) {
    if (!set_next(sv, pos, key)) return false;
    *hash = V_AS(SetObject, sv)->table[*pos - 1].hash;
    return true;
}

static Value set_copy_type(Value sv, Type *t) {
    Value r = set_alloc(t);
    set_merge(V_AS(SetObject, r), V_AS(SetObject, sv));
    return r;
}

Value set_repr(Value sv) {
    Type *t = type_of(sv);
    bool frozen = type_is_subtype(t, &frozenset_type);
    if (set_size(sv) == 0) return str_printf("%s()", t->tname);
    int rr = repr_enter(sv);
    if (rr < 0) return VNULL;
    if (rr > 0) return str_printf("%s(...)", t->tname);
    Buf b;
    buf_init(&b, 32);
    bool wrap = frozen || t != &set_type;
    if (wrap) {
        buf_puts(&b, t->tname);
        buf_putc(&b, '(');
    }
    buf_putc(&b, '{');
    int64_t pos = 0;
    Value k;
    bool first = true;
    while (set_next(sv, &pos, &k)) {
        if (!first) buf_puts(&b, ", ");
        first = false;
        Value r = obj_repr(k);
        if (!r) {
            repr_leave(sv);
            return VNULL;
        }
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    buf_putc(&b, '}');
    if (wrap) buf_putc(&b, ')');
    repr_leave(sv);
    return str_from_buf(&b);
}

/* ---- algebra ----------------------------------------------------------------------- */

static Value result_type_new(Value a) {
    return set_alloc(type_is_subtype(type_of(a), &frozenset_type) ? &frozenset_type : &set_type);
}

static Value set_intersection(Value a, Value b) {
    Value r = result_type_new(a);
    if (set_check(b)) {
        if (set_size(b) > set_size(a)) {
            Value t = a;
            a = b;
            b = t;
        }
        SetObject *o = V_AS(SetObject, b);
        for (int64_t i = 0; i <= o->mask; i++) {
            Value k = o->table[i].key;
            if (!k || k == DUMMY) continue;
            bool err;
            SetEntry *e = lookkey(V_AS(SetObject, a), k, o->table[i].hash, &err);
            if (err) return VNULL;
            if (e && add_entry(V_AS(SetObject, r), k, o->table[i].hash) < 0) return VNULL;
        }
        return r;
    }
    Value it = obj_iter(b);
    if (!it) return VNULL;
    for (;;) {
        Value k = obj_next(it);
        if (!k) return err_occurred() ? VNULL : r;
        int64_t h = key_hash(k);
        if (h == -1) return VNULL;
        bool err;
        SetEntry *e = lookkey(V_AS(SetObject, a), k, h, &err);
        if (err) return VNULL;
        if (e && add_entry(V_AS(SetObject, r), k, h) < 0) return VNULL;
    }
}

static Value set_difference(Value a, Value b) {
    if (!set_check(b) && !dict_check(b)) {
        Value r = set_copy_type(a, type_is_subtype(type_of(a), &frozenset_type) ? &frozenset_type : &set_type);
        Value it = obj_iter(b);
        if (!it) return VNULL;
        for (;;) {
            Value k = obj_next(it);
            if (!k) return err_occurred() ? VNULL : r;
            if (set_discard(r, k) < 0) return VNULL;
        }
    }
    int64_t other_size = set_check(b) ? set_size(b) : dict_size(b);
    if ((set_size(a) >> 2) > other_size) {
        Value r = set_copy_type(a, type_is_subtype(type_of(a), &frozenset_type) ? &frozenset_type : &set_type);
        if (set_check(b)) {
            int64_t pos = 0;
            Value k;
            while (set_next(b, &pos, &k))
                if (set_discard(r, k) < 0) return VNULL;
        } else {
            int64_t pos = 0;
            Value k;
            while (dict_next(b, &pos, &k, NULL))
                if (set_discard(r, k) < 0) return VNULL;
        }
        return r;
    }
    Value r = result_type_new(a);
    SetObject *s = V_AS(SetObject, a);
    for (int64_t i = 0; i <= s->mask; i++) {
        Value k = s->table[i].key;
        if (!k || k == DUMMY) continue;
        int c;
        if (set_check(b)) {
            bool err;
            SetEntry *e = lookkey(V_AS(SetObject, b), k, s->table[i].hash, &err);
            if (err) return VNULL;
            c = e != NULL;
        } else {
            c = dict_contains_hash(b, k, s->table[i].hash);
            if (c < 0) return VNULL;
        }
        if (!c && add_entry(V_AS(SetObject, r), k, s->table[i].hash) < 0) return VNULL;
    }
    return r;
}

/* Remove k from s if it is there, else add it. */
static int toggle_entry(SetObject *s, Value k, int64_t h) {
    bool err;
    SetEntry *e = lookkey(s, k, h, &err);
    if (err) return -1;
    if (!e) return add_entry(s, k, h);
    e->key = DUMMY;
    e->hash = -1;
    s->used--;
    return 0;
}

/* s ^= other in place, toggling other's elements in its iteration order
 * (CPython's set_symmetric_difference_update, whose order programs see). */
static int symdiff_update(Value sv, Value other) {
    SetObject *s = V_AS(SetObject, sv);
    if (sv == other) {
        set_reset_table(s);
        return 0;
    }
    if (dict_check_exact(other)) {
        int64_t pos = 0;
        Value k;
        while (dict_next(other, &pos, &k, NULL))
            if (toggle_entry(s, k, V_AS(DictObject, other)->entries[pos - 1].hash) < 0) return -1;
        return 0;
    }
    if (!set_check(other)) {
        Value tmp = result_type_new(sv);
        if (set_update(tmp, other) < 0) return -1;
        other = tmp;
    }
    SetObject *o = V_AS(SetObject, other);
    for (int64_t i = 0; i <= o->mask; i++) {
        Value k = o->table[i].key;
        if (k && k != DUMMY && toggle_entry(s, k, o->table[i].hash) < 0) return -1;
    }
    return 0;
}

/* a ^ b as CPython builds it: a copy of b (of a's base type) with a's
 * elements toggled in. */
static Value set_symmetric_difference(Value a, Value b) {
    Value r = result_type_new(a);
    if (set_update(r, b) < 0 || symdiff_update(r, a) < 0) return VNULL;
    return r;
}

/* s -= other in place (CPython's set_difference_update_internal): discard
 * other's elements, then drop the dummies if more than a quarter are. */
static int difference_update(Value sv, Value other) {
    SetObject *s = V_AS(SetObject, sv);
    if (sv == other) {
        set_reset_table(s);
        return 0;
    }
    if (set_check(other)) {
        int64_t pos = 0;
        Value k;
        while (set_next(other, &pos, &k))
            if (set_discard(sv, k) < 0) return -1;
    } else {
        Value it = obj_iter(other);
        if (!it) return -1;
        for (;;) {
            Value k = obj_next(it);
            if (!k) {
                if (err_occurred()) return -1;
                break;
            }
            if (set_discard(sv, k) < 0) return -1;
        }
    }
    if (s->fill - s->used > s->mask / 4) table_resize(s, s->used > 50000 ? s->used * 2 : s->used * 4);
    return 0;
}

static Value set_union(Value a, Value b) {
    Value r = set_copy_type(a, type_is_subtype(type_of(a), &frozenset_type) ? &frozenset_type : &set_type);
    if (set_update(r, b) < 0) return VNULL;
    return r;
}

static int set_issubset(Value a, Value b) {
    if (set_size(a) > set_size(b)) return 0;
    int64_t pos = 0;
    Value k;
    while (set_next(a, &pos, &k)) {
        int c = set_contains(b, k);
        if (c <= 0) return c;
    }
    return 1;
}

static Value set_binop(Value a, Value b, int op) {
    if (!set_check(a) || !set_check(b)) return V_NOTIMPL;
    if ((op & BINOP_INPLACE) && type_is_subtype(type_of(a), &set_type) &&
        (BINOP_BASE(op) == BINOP_XOR || BINOP_BASE(op) == BINOP_SUB)) {
        /* in place, as CPython: the table's order is the program's */
        if ((BINOP_BASE(op) == BINOP_XOR ? symdiff_update(a, b) : difference_update(a, b)) < 0) return VNULL;
        return a;
    }
    Value r;
    switch (BINOP_BASE(op)) {
    case BINOP_OR: r = set_union(a, b); break;
    case BINOP_AND: r = set_intersection(a, b); break;
    case BINOP_SUB: r = set_difference(a, b); break;
    case BINOP_XOR: r = set_symmetric_difference(a, b); break;
    default: return V_NOTIMPL;
    }
    if (!r) return VNULL;
    if ((op & BINOP_INPLACE) && type_is_subtype(type_of(a), &set_type)) {
        /* in-place: a takes r's table */
        SetObject *sa = V_AS(SetObject, a), *sr = V_AS(SetObject, r);
        if (BINOP_BASE(op) == BINOP_OR) {
            if (set_update(a, b) < 0) return VNULL;
            return a;
        }
        set_take_table(sa, sr);
        return a;
    }
    return r;
}

static Value set_richcompare(Value a, Value b, int op) {
    if (!set_check(a) || !set_check(b)) return V_NOTIMPL;
    int r;
    switch (op) {
    case CMP_EQ:
    case CMP_NE:
        if (set_size(a) != set_size(b)) r = 0;
        else if (V_AS(SetObject, a)->hash != -1 && V_AS(SetObject, b)->hash != -1 &&
                 V_AS(SetObject, a)->hash != V_AS(SetObject, b)->hash)
            r = 0;
        else r = set_issubset(a, b);
        if (r < 0) return VNULL;
        return v_bool(op == CMP_EQ ? r : !r);
    case CMP_LE: r = set_issubset(a, b); break;
    case CMP_GE: r = set_issubset(b, a); break;
    case CMP_LT:
        if (set_size(a) >= set_size(b)) return V_FALSE;
        r = set_issubset(a, b);
        break;
    default:
        if (set_size(a) <= set_size(b)) return V_FALSE;
        r = set_issubset(b, a);
        break;
    }
    if (r < 0) return VNULL;
    return v_bool(r);
}

static inline uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747UL) ^ (h << 16)) * 3644798167UL; }

static int64_t frozenset_hash(Value sv) {
    SetObject *s = V_AS(SetObject, sv);
    if (s->hash != -1) return s->hash;
    uint64_t h = 0;
    for (int64_t i = 0; i <= s->mask; i++) {
        Value k = s->table[i].key;
        if (k && k != DUMMY) h ^= shuffle_bits((uint64_t)s->table[i].hash);
    }
    h ^= ((uint64_t)s->used + 1) * 1927868237UL;
    h ^= (h >> 11) ^ (h >> 25);
    h = h * 69069U + 907133923UL;
    if (h == (uint64_t)-1) h = 590923713UL;
    s->hash = (int64_t)h;
    return s->hash;
}

static int64_t set_len(Value s) { return set_size(s); }
static int set_contains_slot(Value s, Value k) { return set_contains(s, k); }

/* ---- iteration --------------------------------------------------------------------- */

typedef struct SetIterObject {
    Object hdr;
    Value set;          /* VNULL when exhausted */
    int64_t pos;
    int64_t used;
} SetIterObject;

static Value set_iter(Value s) {
    SetIterObject *it = (SetIterObject *)obj_alloc(&setiter_type, sizeof *it);
    it->set = s;
    it->used = set_size(s);
    return V_FROM_PTR(it);
}

static Value setiter_next(Value v) {
    SetIterObject *it = V_AS(SetIterObject, v);
    if (!it->set) return VNULL;
    if (set_size(it->set) != it->used) {
        it->used = -1;
        return err_set(&exc_RuntimeError, "Set changed size during iteration");
    }
    Value k;
    if (set_next(it->set, &it->pos, &k)) return k;
    it->set = VNULL;
    return VNULL;
}

static Value iter_self(Value v) { return v; }

static Value setiter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    SetIterObject *it = V_AS(SetIterObject, args[0]);
    /* as for dicts, a size change ends the iteration */
    if (!it->set || set_size(it->set) != it->used) return v_int(0);
    int64_t n = 0, pos = it->pos;
    Value k;
    while (set_next(it->set, &pos, &k)) n++;
    return v_int(n);
}

/* pickling: (iter, (list of the items still to come,)) */
static Value setiter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    SetIterObject *it = V_AS(SetIterObject, args[0]);
    Value l = list_new(0);
    if (it->set) {
        if (set_size(it->set) != it->used) return err_set(&exc_RuntimeError, "Set changed size during iteration");
        int64_t pos = it->pos;
        Value k;
        while (set_next(it->set, &pos, &k))
            if (list_push(l, k) < 0) return VNULL;
    }
    return iter_reduce(l, VNULL);
}

static const MethodDef setiter_methods[] = {
    {"__length_hint__", setiter_length_hint, 0, NULL},
    {"__reduce__", setiter_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- methods -------------------------------------------------------------------------- */

#define SELF args[0]

static Value m_add(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2) return err_format(&exc_TypeError, "set.add() takes exactly one argument (%zd given)", (ssize_t)nargs - 1);
    if (set_add(SELF, args[1]) < 0) return VNULL;
    return V_NONE;
}

static Value m_remove(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2) return err_format(&exc_TypeError, "set.remove() takes exactly one argument (%zd given)", (ssize_t)nargs - 1);
    int r = set_discard(SELF, args[1]);
    if (r < 0) return VNULL;
    if (r == 0) return err_key(args[1]);
    return V_NONE;
}

static Value m_discard(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (nargs != 2) return err_format(&exc_TypeError, "set.discard() takes exactly one argument (%zd given)", (ssize_t)nargs - 1);
    if (set_discard(SELF, args[1]) < 0) return VNULL;
    return V_NONE;
}

static Value m_pop(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    SetObject *s = V_AS(SetObject, SELF);
    if (s->used == 0) return err_set(&exc_KeyError, "pop from an empty set");
    SetEntry *e = s->table + (s->finger & s->mask), *limit = s->table + s->mask;
    while (!e->key || e->key == DUMMY) {
        e++;
        if (e > limit) e = s->table;
    }
    Value k = e->key;
    e->key = DUMMY;
    e->hash = -1;
    s->used--;
    s->finger = (e - s->table) + 1;
    return k;
}

static Value m_clear(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    SetObject *s = V_AS(SetObject, SELF);
    set_reset_table(s);
    return V_NONE;
}

static Value m_copy(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    if (V_OBJ(SELF)->type == &frozenset_type) return SELF;
    return set_copy_type(SELF, type_is_subtype(type_of(SELF), &frozenset_type) ? &frozenset_type : &set_type);
}

static Value multi_op(Value *args, size_t nargs, int op) {
    Value r = SELF;
    /* a new set even for a frozenset (unlike copy()), as CPython */
    if (nargs == 1) return set_copy_type(SELF, type_is_subtype(type_of(SELF), &frozenset_type) ? &frozenset_type : &set_type);
    for (size_t i = 1; i < nargs; i++) {
        Value other = args[i];
        switch (op) {
        case BINOP_OR: r = set_union(r, other); break;
        case BINOP_AND: r = set_intersection(r, other); break;
        case BINOP_SUB: r = set_difference(r, other); break;
        default: {
            r = set_symmetric_difference(r, other);
            break;
        }
        }
        if (!r) return VNULL;
    }
    return r;
}

static Value m_union(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return multi_op(args, nargs, BINOP_OR);
}
static Value m_intersection(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return multi_op(args, nargs, BINOP_AND);
}
static Value m_difference(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    return multi_op(args, nargs, BINOP_SUB);
}
static Value m_symmetric_difference(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("symmetric_difference", nargs - 1, 1, 1) < 0) return VNULL;
    return multi_op(args, nargs, BINOP_XOR);
}

static Value inplace_from(Value self, Value r) {
    if (!r) return VNULL;
    set_take_table(V_AS(SetObject, self), V_AS(SetObject, r));
    return V_NONE;
}

static Value m_update(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    for (size_t i = 1; i < nargs; i++)
        if (set_update(SELF, args[i]) < 0) return VNULL;
    return V_NONE;
}
static Value m_intersection_update(Value *args, size_t nargs, Value kwnames) {
    return inplace_from(SELF, m_intersection(args, nargs, kwnames));
}
static Value m_difference_update(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    for (size_t i = 1; i < nargs; i++)
        if (difference_update(SELF, args[i]) < 0) return VNULL;
    return V_NONE;
}
static Value m_symmetric_difference_update(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("symmetric_difference_update", nargs - 1, 1, 1) < 0) return VNULL;
    return symdiff_update(SELF, args[1]) < 0 ? VNULL : V_NONE;
}

static Value as_set(Value v) { return set_check(v) ? v : set_from_iterable(v); }

static Value m_issubset(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("issubset", nargs - 1, 1, 1) < 0) return VNULL;
    Value o = as_set(args[1]);
    if (!o) return VNULL;
    int r = set_issubset(SELF, o);
    return r < 0 ? VNULL : v_bool(r);
}
static Value m_issuperset(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("issuperset", nargs - 1, 1, 1) < 0) return VNULL;
    Value o = as_set(args[1]);
    if (!o) return VNULL;
    int r = set_issubset(o, SELF);
    return r < 0 ? VNULL : v_bool(r);
}
static Value m_isdisjoint(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("isdisjoint", nargs - 1, 1, 1) < 0) return VNULL;
    Value it = obj_iter(args[1]);
    if (!it) return VNULL;
    for (;;) {
        Value k = obj_next(it);
        if (!k) return err_occurred() ? VNULL : V_TRUE;
        int c = set_contains(SELF, k);
        if (c < 0) return VNULL;
        if (c) return V_FALSE;
    }
}

static Value m_contains(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__contains__", nargs - 1, 1, 1) < 0) return VNULL;
    int r = set_contains(SELF, args[1]);
    return r < 0 ? VNULL : v_bool(r);
}

/* pickling: (type(self), (list(self),), state), state as object.__getstate__
   gives it (the instance dict of a subclass, None for a plain set) */
static Value m_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    Value keys = list_from_iterable(SELF);
    if (!keys) return VNULL;
    Value state = object_get_state(SELF);
    if (!state) return VNULL;
    Value r[3] = {V_FROM_PTR(type_of(SELF)), tuple_pack(1, keys), state};
    return tuple_from_array(r, 3);
}

/* the in-place operators as methods (heap subclasses and explicit calls
   reach them); NotImplemented unless the other operand is a set */
static Value inplace_m(Value *args, size_t nargs, const char *name, int op) {
    if (arg_count(name, nargs - 1, 1, 1) < 0) return VNULL;
    return set_binop(SELF, args[1], op | BINOP_INPLACE);
}
static Value m_ior(Value *args, size_t nargs, Value kwnames) { return inplace_m(args, nargs, "__ior__", BINOP_OR); }
static Value m_iand(Value *args, size_t nargs, Value kwnames) { return inplace_m(args, nargs, "__iand__", BINOP_AND); }
static Value m_isub(Value *args, size_t nargs, Value kwnames) { return inplace_m(args, nargs, "__isub__", BINOP_SUB); }
static Value m_ixor(Value *args, size_t nargs, Value kwnames) { return inplace_m(args, nargs, "__ixor__", BINOP_XOR); }

static const MethodDef set_methods[] = {
    {"__ior__", m_ior, 0, NULL},
    {"__iand__", m_iand, 0, NULL},
    {"__isub__", m_isub, 0, NULL},
    {"__ixor__", m_ixor, 0, NULL},
    {"__reduce__", m_reduce, 0, NULL},
    {"add", m_add, 0, NULL},
    {"remove", m_remove, 0, NULL},
    {"discard", m_discard, 0, NULL},
    {"pop", m_pop, 0, NULL},
    {"clear", m_clear, 0, NULL},
    {"copy", m_copy, 0, NULL},
    {"union", m_union, 0, NULL},
    {"intersection", m_intersection, 0, NULL},
    {"difference", m_difference, 0, NULL},
    {"symmetric_difference", m_symmetric_difference, 0, NULL},
    {"update", m_update, 0, NULL},
    {"intersection_update", m_intersection_update, 0, NULL},
    {"difference_update", m_difference_update, 0, NULL},
    {"symmetric_difference_update", m_symmetric_difference_update, 0, NULL},
    {"issubset", m_issubset, 0, NULL},
    {"issuperset", m_issuperset, 0, NULL},
    {"isdisjoint", m_isdisjoint, 0, NULL},
    {"__contains__", m_contains, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef frozenset_methods[] = {
    {"__reduce__", m_reduce, 0, NULL},
    {"copy", m_copy, 0, NULL},
    {"union", m_union, 0, NULL},
    {"intersection", m_intersection, 0, NULL},
    {"difference", m_difference, 0, NULL},
    {"symmetric_difference", m_symmetric_difference, 0, NULL},
    {"issubset", m_issubset, 0, NULL},
    {"issuperset", m_issuperset, 0, NULL},
    {"isdisjoint", m_isdisjoint, 0, NULL},
    {"__contains__", m_contains, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Value set_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    (void)kwnames;
    return set_alloc(t);
}

static int set_init_slot(Value self, Value *args, size_t nargs, Value kwnames) {
    if (kwnames && tuple_size(kwnames)) {
        err_set(&exc_TypeError, "set() takes no keyword arguments");
        return -1;
    }
    if (nargs > 1) {
        err_format(&exc_TypeError, "%T expected at most 1 argument, got %zd", self, (ssize_t)nargs);
        return -1;
    }
    if (set_size(self)) m_clear(&self, 1, VNULL);
    if (nargs == 1) return set_update(self, args[0]);
    return 0;
}

static Value frozenset_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    /* keywords are for a subclass's own __init__ (CPython's rule) */
    if (kwnames && tuple_size(kwnames) &&
        (t == &frozenset_type || type_lookup(t, NAME(__init__)) == type_lookup(&frozenset_type, NAME(__init__))))
        return err_set(&exc_TypeError, "frozenset() takes no keyword arguments");
    if (nargs > 1) return err_format(&exc_TypeError, "%s expected at most 1 argument, got %zd", t->tname, (ssize_t)nargs);
    if (nargs == 1 && t == &frozenset_type && type_of(args[0]) == &frozenset_type) return args[0];
    Value s = set_alloc(t);
    if (nargs == 1 && (gen_check(args[0]) ? set_fill_from_generator(s, args[0]) : set_update(s, args[0])) < 0)
        return VNULL;
    return s;
}

static int frozenset_init_slot(Value self, Value *args, size_t nargs, Value kwnames) {
    (void)self;
    (void)args;
    (void)nargs;
    (void)kwnames;
    return 0;
}

static const MethodDef set_class_methods[] = {
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

Type set_type = {
    .tname = "set",
    .flags = TF_BASETYPE | TF_SET_SUBCLASS,
    .basicsize = sizeof(SetObject),
    .repr = set_repr,
    .richcompare = set_richcompare,
    .binop = set_binop,
    .binop_mask = (1u << BINOP_OR) | (1u << BINOP_AND) | (1u << BINOP_SUB) | (1u << BINOP_XOR),
    .len = set_len,
    .contains = set_contains_slot,
    .iter = set_iter,
    .new_ = set_new_slot,
    .init = set_init_slot,
};

Type frozenset_type = {
    .tname = "frozenset",
    .flags = TF_BASETYPE | TF_SET_SUBCLASS,
    .basicsize = sizeof(SetObject),
    .repr = set_repr,
    .hash = frozenset_hash,
    .richcompare = set_richcompare,
    .binop = set_binop,
    .binop_mask = (1u << BINOP_OR) | (1u << BINOP_AND) | (1u << BINOP_SUB) | (1u << BINOP_XOR),
    .len = set_len,
    .contains = set_contains_slot,
    .iter = set_iter,
    .new_ = frozenset_new_slot,
    .init = frozenset_init_slot,
};

Type setiter_type = {
    .tname = "set_iterator",
    .basicsize = sizeof(SetIterObject),
    .iter = iter_self,
    .iternext = setiter_next,
};

void set_init(void) {
    dummy_obj.type = &object_type;
    type_add_methods(&set_type, set_methods);
    type_add_methods(&set_type, set_class_methods);
    type_ready(&set_type);
    set_type.hash = NULL;
    dict_set(set_type.dict, NAME(__hash__), V_NONE);
    type_add_methods(&frozenset_type, frozenset_methods);
    type_add_methods(&frozenset_type, set_class_methods);
    type_ready(&frozenset_type);
    type_add_methods(&setiter_type, setiter_methods);
    type_ready(&setiter_type);
}
