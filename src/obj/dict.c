/* dict.c: compact insertion-ordered hash tables (see dict.h for layout).
 *
 * Probing: i = hash & mask, then i = (5*i + perturb + 1) & mask with
 * perturb >>= 5 each step, so every slot is eventually visited. The index
 * table is at most 2/3 full, counting the dummy slots deleted keys leave
 * (their entries stay in `entries` until the next resize): `filled`
 * counts every insertion since the table was built and a resize comes
 * before it passes `capacity`, so an empty slot always ends a probe.
 * `nentries` cannot serve: popitem gives back the last entry (as CPython
 * does), while its index slot stays a dummy.
 */
#include "../runtime.h"

Type dict_type, dictkeys_type, dictvalues_type, dictitems_type, dictiter_type;

void jit_dict_changed(Value d);   /* jit/trace.c */

#define IX_EMPTY (-1)
#define IX_DUMMY (-2)
#define MIN_SIZE 8

static inline int32_t *ix(DictObject *d) { return (int32_t *)d->indices; }
static inline int64_t usable(int64_t size) { return (size << 1) / 3; }

static Value dict_new_type(Type *t, int64_t n) {
    DictObject *d = (DictObject *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(DictObject));
    (void)n;
    return V_FROM_PTR(d);
}

Value dict_new(void) { return dict_new_type(&dict_type, 0); }

/* A new table of `size` slots holding d's live entries. When may_fail (a
 * dict the program grows), 0, or -1 with MemoryError and d unchanged if the
 * memory is not there; otherwise it cannot fail (gc.h). */
static int dict_alloc_table(DictObject *d, int64_t size, bool may_fail) {
    size_t nidx = sizeof(int32_t) * (size_t)size, nent = sizeof(DictEntry) * (size_t)usable(size);
    void *indices = may_fail ? gc_try_alloc_atomic(nidx) : gc_alloc_atomic(nidx);
    DictEntry *ne = indices ? (may_fail ? gc_try_alloc(nent) : gc_alloc(nent)) : NULL;
    if (!ne) {
        err_no_memory();
        return -1;
    }
    d->indices = indices;
    memset(d->indices, 0xFF, nidx);
    d->mask = size - 1;
    d->capacity = usable(size);
    /* compact live entries */
    int64_t j = 0;
    for (int64_t i = 0; i < d->nentries; i++) {
        DictEntry *e = &d->entries[i];
        if (!e->key) continue;
        ne[j] = *e;
        j++;
    }
    d->entries = ne;
    d->nentries = j;
    d->filled = j;
    for (int64_t k = 0; k < j; k++) {
        uint64_t perturb = (uint64_t)ne[k].hash;
        size_t i = (size_t)ne[k].hash & (size_t)d->mask;
        while (ix(d)[i] != IX_EMPTY) {
            perturb >>= 5;
            i = (i * 5 + perturb + 1) & (size_t)d->mask;
        }
        ix(d)[i] = (int32_t)k;
    }
    return 0;
}

Value dict_new_sized(int64_t n) {
    Value v = dict_new();
    DictObject *d = V_AS(DictObject, v);
    int64_t size = MIN_SIZE;
    while (usable(size) < n) size <<= 1;
    dict_alloc_table(d, size, false);
    return v;
}

static int dict_resize(DictObject *d) {
    int64_t want = d->used * 3;
    int64_t size = MIN_SIZE;
    while (size < want) size <<= 1;
    if (size > ((int64_t)1 << 31)) {
        /* int32 indices: at most 2**31 slots */
        err_no_memory();
        return -1;
    }
    if (dict_alloc_table(d, size, true) < 0) return -1;
    d->version++;
    return 0;
}

/* Find the slot of key. Returns the entry index or -1; *slot gets the index
 * table position where the key is or would be inserted. -2 on error. */
static int64_t lookup(DictObject *d, Value key, int64_t hash, size_t *slot) {
    if (!d->indices) {
        *slot = 0;
        return -1;
    }
    size_t mask = (size_t)d->mask;
    size_t i = (size_t)hash & mask;
    uint64_t perturb = (uint64_t)hash;
    int64_t free_slot = -1;
    bool key_is_str = str_check_exact(key), key_is_tuple = !key_is_str && tuple_check_exact(key);
    for (;;) {
        int32_t e = ix(d)[i];
        if (e == IX_EMPTY) {
            *slot = free_slot >= 0 ? (size_t)free_slot : i;
            return -1;
        }
        if (e == IX_DUMMY) {
            if (free_slot < 0) free_slot = (int64_t)i;
        } else {
            DictEntry *ent = &d->entries[e];
            Value k = ent->key;
            if (k == key) {
                *slot = i;
                return e;
            }
            if (ent->hash == hash) {
                if (key_is_str && str_check_exact(k)) {
                    if (str_eq(k, key)) {
                        *slot = i;
                        return e;
                    }
                } else if (key_is_tuple && tuple_check_exact(k)) {
                    /* items are compared by obj_eq, which may run __eq__
                       and change the dict: checked as below */
                    DictEntry *entries_before = d->entries;
                    int eq = tuple_eq_exact(k, key);
                    if (eq < 0) return -2;
                    if (d->entries != entries_before || ent->key != k) return lookup(d, key, hash, slot);
                    if (eq) {
                        *slot = i;
                        return e;
                    }
                } else {
                    DictEntry *entries_before = d->entries;
                    int eq = obj_eq(k, key);
                    if (eq < 0) return -2;
                    if (d->entries != entries_before || ent->key != k) {
                        /* the dict changed under us: start again */
                        return lookup(d, key, hash, slot);
                    }
                    if (eq) {
                        *slot = i;
                        return e;
                    }
                }
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

static inline Value unwrap(DictObject *d, Value v) { return d->cells ? V_AS(CellObject, v)->value : v; }

int64_t dict_lookup_index(Value dv, Value key, int64_t hash) {
    size_t slot;
    int64_t e = lookup(V_AS(DictObject, dv), key, hash, &slot);
    return e < 0 ? -1 : e;
}

Value dict_get(Value dv, Value key) {
    DictObject *d = V_AS(DictObject, dv);
    int64_t h;
    if (str_check_exact(key)) {
        h = V_AS(StrObject, key)->hash;
        if (h == -1) h = str_hash(key);
    } else {
        h = obj_hash(key);
        if (h == -1) return VNULL;
    }
    size_t slot;
    int64_t e = lookup(d, key, h, &slot);
    if (e < 0) return VNULL;
    return unwrap(d, d->entries[e].value);
}

Value dict_get_hash(Value dv, Value key, int64_t hash) {
    DictObject *d = V_AS(DictObject, dv);
    size_t slot;
    int64_t e = lookup(d, key, hash, &slot);
    if (e < 0) return VNULL;
    return unwrap(d, d->entries[e].value);
}

Value dict_get_str(Value dv, Value key) {
    DictObject *d = V_AS(DictObject, dv);
    if (!d->indices) return VNULL;
    int64_t h = V_AS(StrObject, key)->hash;
    if (h == -1) h = str_hash(key);
    size_t mask = (size_t)d->mask, i = (size_t)h & mask;
    uint64_t perturb = (uint64_t)h;
    for (;;) {
        int32_t e = ix(d)[i];
        if (e == IX_EMPTY) return VNULL;
        if (e >= 0) {
            DictEntry *ent = &d->entries[e];
            if (ent->key == key || (ent->hash == h && str_check_exact(ent->key) && str_eq(ent->key, key)))
                return unwrap(d, ent->value);
            if (ent->hash == h && !str_check_exact(ent->key)) return dict_get(dv, key);
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

Value dict_get_cstr(Value d, const char *key) { return dict_get(d, str_from_cstr(key)); }

Value dict_get_cell(Value dv, Value key, bool create) {
    DictObject *d = V_AS(DictObject, dv);
    int64_t h = obj_hash(key);
    if (h == -1) return VNULL;
    size_t slot;
    int64_t e = lookup(d, key, h, &slot);
    if (e >= 0) return d->entries[e].value;
    if (!create) return VNULL;
    return VNULL;
}

/* The first empty slot on h's probe path: right after a resize, where
   there are no dummies and the key is known absent (no comparisons, so a
   key's __eq__ runs once per insertion, as CPython's). */
static size_t find_empty_slot(DictObject *d, int64_t h) {
    size_t mask = (size_t)d->mask, i = (size_t)h & mask;
    uint64_t perturb = (uint64_t)h;
    while (ix(d)[i] != IX_EMPTY) {
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
    return i;
}

/* Add key, known absent, at `slot` (from lookup) or after growing. */
static int insert_new(DictObject *d, Value key, int64_t h, Value value, size_t slot) {
    if (!d->indices || d->filled >= d->capacity) {
        if (dict_resize(d) < 0) return -1;
        slot = find_empty_slot(d, h);
    }
    DictEntry *ent = &d->entries[d->nentries];
    ent->hash = h;
    ent->key = key;
    ent->value = d->cells ? cell_new(value) : value;
    ix(d)[slot] = (int32_t)d->nentries;
    d->nentries++;
    d->filled++;
    d->used++;
    d->version++;
    if (__builtin_expect(d->watched, 0)) jit_dict_changed(V_FROM_PTR(d));
    return 0;
}

static int insert(DictObject *d, Value key, int64_t h, Value value) {
    size_t slot;
    int64_t e = lookup(d, key, h, &slot);
    if (e == -2) return -1;
    if (e >= 0) {
        if (d->cells) cell_set(d->entries[e].value, value);
        else d->entries[e].value = value;
        return 0;
    }
    return insert_new(d, key, h, value, slot);
}

int dict_set(Value dv, Value key, Value value) {
    DictObject *d = V_AS(DictObject, dv);
    int64_t h;
    if (str_check_exact(key)) {
        h = V_AS(StrObject, key)->hash;
        if (h == -1) h = str_hash(key);
    } else {
        h = obj_hash(key);
        if (h == -1) return -1;
    }
    return insert(d, key, h, value);
}

int dict_set_cstr(Value d, const char *key, Value value) { return dict_set(d, str_intern_cstr(key), value); }

/* A module namespace's cell leaving it: emptied, and as a later store of
 * the name makes a new cell while compiled code may still hold this one,
 * marked watched for good, so that compiled stores into it fail their
 * guard and go through the interpreter to the live cell. */
static void cell_orphan(Value cell) {
    cell_set(cell, VNULL);
    V_AS(CellObject, cell)->watched = 1;
}

int dict_del(Value dv, Value key) {
    int64_t h = obj_hash(key);
    if (h == -1) return -1;
    return dict_del_hash(dv, key, h);
}

int dict_del_hash(Value dv, Value key, int64_t h) {
    DictObject *d = V_AS(DictObject, dv);
    size_t slot;
    int64_t e = lookup(d, key, h, &slot);
    if (e == -2) return -1;
    if (e < 0) return 0;
    DictEntry *ent = &d->entries[e];
    if (d->cells) cell_orphan(ent->value);
    ent->key = VNULL;
    ent->value = VNULL;
    ix(d)[slot] = IX_DUMMY;
    d->used--;
    d->version++;
    if (__builtin_expect(d->watched, 0)) jit_dict_changed(V_FROM_PTR(d));
    return 1;
}

int dict_contains(Value dv, Value key) {
    int64_t h = obj_hash(key);
    if (h == -1) return -1;
    return dict_contains_hash(dv, key, h);
}

int dict_set_hash(Value dv, Value key, int64_t hash, Value value) { return insert(V_AS(DictObject, dv), key, hash, value); }

int dict_contains_hash(Value dv, Value key, int64_t h) {
    DictObject *d = V_AS(DictObject, dv);
    size_t slot;
    int64_t e = lookup(d, key, h, &slot);
    if (e == -2) return -1;
    return e >= 0;
}

bool dict_next(Value dv, int64_t *pos, Value *key, Value *value) {
    DictObject *d = V_AS(DictObject, dv);
    while (*pos < d->nentries) {
        DictEntry *e = &d->entries[(*pos)++];
        if (!e->key) continue;
        if (key) *key = e->key;
        if (value) *value = unwrap(d, e->value);
        return true;
    }
    return false;
}

Value dict_copy(Value dv) {
    DictObject *d = V_AS(DictObject, dv);
    Value r = dict_new();
    DictObject *rd = V_AS(DictObject, r);
    if (!d->cells && d->used == d->nentries && d->indices) {
        /* same layout: copy the arrays */
        int64_t size = d->mask + 1;
        rd->indices = gc_alloc_atomic(sizeof(int32_t) * (size_t)size);
        memcpy(rd->indices, d->indices, sizeof(int32_t) * (size_t)size);
        rd->entries = gc_alloc(sizeof(DictEntry) * (size_t)d->capacity);
        memcpy(rd->entries, d->entries, sizeof(DictEntry) * (size_t)d->nentries);
        rd->mask = d->mask;
        rd->capacity = d->capacity;
        rd->nentries = d->nentries;
        rd->filled = d->filled;
        rd->used = d->used;
        return r;
    }
    int64_t pos = 0;
    Value k, v;
    while (dict_next(dv, &pos, &k, &v)) insert(rd, k, d->entries[pos - 1].hash, v);
    return r;
}

void dict_clear(Value dv) {
    DictObject *d = V_AS(DictObject, dv);
    if (d->cells) {
        for (int64_t i = 0; i < d->nentries; i++)
            if (d->entries[i].key) cell_orphan(d->entries[i].value);
    }
    d->indices = NULL;
    d->entries = NULL;
    d->mask = 0;
    d->capacity = 0;
    d->nentries = 0;
    d->filled = 0;
    d->used = 0;
    d->version++;
}

Value dict_keys_list(Value dv) {
    Value l = list_new(dict_size(dv));
    int64_t pos = 0;
    Value k;
    while (dict_next(dv, &pos, &k, NULL)) list_append(l, k);
    return l;
}

/* Update from another mapping: dicts directly, objects with keys() via
 * keys() and __getitem__, otherwise an iterable of pairs. */
static int update_from_pairs(Value d, Value seq) {
    Value it = obj_iter(seq);
    if (!it) return -1;
    int64_t n = 0;
    for (;; n++) {
        Value item = obj_next(it);
        if (!item) return err_occurred() ? -1 : 0;
        Value k, v;
        if (tuple_check(item) && tuple_size(item) == 2) {
            k = tuple_get(item, 0);
            v = tuple_get(item, 1);
        } else if (list_check(item) && list_size(item) == 2) {
            k = list_get(item, 0);
            v = list_get(item, 1);
        } else {
            Value l = list_from_iterable(item);
            if (!l) {
                if (err_matches(&exc_TypeError)) {
                    err_clear();
                    err_format(&exc_TypeError, "cannot convert dictionary update sequence element #%lld to a sequence",
                               (long long)n);
                }
                return -1;
            }
            if (list_size(l) != 2) {
                err_format(&exc_ValueError, "dictionary update sequence element #%lld has length %lld; 2 is required",
                           (long long)n, (long long)list_size(l));
                return -1;
            }
            k = list_get(l, 0);
            v = list_get(l, 1);
        }
        if (dict_set(d, k, v) < 0) return -1;
    }
}

/* A key already in d during a call's ** merge: CPython's TypeError, with
 * the key's str() whatever its type (that keys are strings is checked by
 * the call). `func` is the called object; it is named (func_str: its
 * __qualname__ or str()) only for the message, since naming it runs Python
 * code (a mock records a __str__ call). */
static int merge_dup(Value func, Value k) {
    Value ks = obj_str(k);
    if (!ks) return -1;
    err_format(&exc_TypeError, "%U got multiple values for keyword argument '%U'", func_str(func), ks);
    return -1;
}

/* d |= other read through other.keys() and other[k]; with func (a call's
 * ** merge) a key already in d, or given twice, is merge_dup's error */
static int merge_by_keys(Value d, Value other, Value keys, Value func) {
    Value ks = obj_call0(keys);
    if (!ks) return -1;
    Value it = obj_iter(ks);
    if (!it) return -1;
    for (;;) {
        Value k = obj_next(it);
        if (!k) return err_occurred() ? -1 : 0;
        if (func) {
            int c = dict_contains(d, k);
            if (c < 0) return -1;
            if (c) return merge_dup(func, k);
        }
        Value v = obj_getitem(other, k);
        if (!v || dict_set(d, k, v) < 0) return -1;
    }
}

int dict_update(Value d, Value other) {
    /* a subclass overriding __iter__ is read through keys(), as CPython */
    if (dict_check(other) &&
        (dict_check_exact(other) || type_lookup(type_of(other), NAME(__iter__)) == type_lookup(&dict_type, NAME(__iter__)))) {
        int64_t pos = 0;
        Value k, v;
        DictObject *o = V_AS(DictObject, other);
        int64_t n = o->nentries, used = o->used;
        while (dict_next(other, &pos, &k, &v)) {
            if (insert(V_AS(DictObject, d), k, o->entries[pos - 1].hash, v) < 0) return -1;
            if (o->nentries != n || o->used != used) {
                err_set(&exc_RuntimeError, "dict mutated during update");
                return -1;
            }
        }
        return 0;
    }
    Value keys = obj_getattr_opt(other, NAME(keys));
    if (!keys && err_occurred()) return -1;
    if (keys) return merge_by_keys(d, other, keys, VNULL);
    return update_from_pairs(d, other);
}

int dict_merge_nodup(Value d, Value other, Value func) {
    if (dict_check(other) &&
        (dict_check_exact(other) || type_lookup(type_of(other), NAME(__iter__)) == type_lookup(&dict_type, NAME(__iter__)))) {
        int64_t pos = 0;
        Value k, v;
        while (dict_next(other, &pos, &k, &v)) {
            int c = dict_contains(d, k);
            if (c < 0) return -1;
            if (c) return merge_dup(func, k);
            if (dict_set(d, k, v) < 0) return -1;
        }
        return 0;
    }
    /* any other mapping is read key by key through keys(), so that a key
       it gives twice is a duplicate too */
    Value keys = obj_getattr_opt(other, NAME(keys));
    if (!keys) {
        if (!err_occurred())
            err_format(&exc_TypeError, "%U argument after ** must be a mapping, not %T", func_str(func), other);
        return -1;
    }
    return merge_by_keys(d, other, keys, func);
}

Value dict_repr(Value dv) {
    if (dict_size(dv) == 0) return str_from_cstr("{}");
    int rr = repr_enter(dv);
    if (rr < 0) return VNULL;
    if (rr > 0) return str_from_cstr("{...}");
    Buf b;
    char b_mem[128];
    buf_init_local(&b, b_mem, sizeof b_mem);
    buf_putc(&b, '{');
    int64_t pos = 0;
    Value k, v;
    bool first = true;
    while (dict_next(dv, &pos, &k, &v)) {
        if (!first) buf_puts(&b, ", ");
        first = false;
        Value kr = obj_repr(k);
        if (!kr) goto fail;
        buf_put(&b, str_data(kr), (size_t)str_nbytes(kr));
        buf_puts(&b, ": ");
        Value vr = obj_repr(v);
        if (!vr) goto fail;
        buf_put(&b, str_data(vr), (size_t)str_nbytes(vr));
    }
    buf_putc(&b, '}');
    repr_leave(dv);
    return str_from_buf(&b);
fail:
    repr_leave(dv);
    return VNULL;
}

/* ---- slots ------------------------------------------------------------------------ */

static int64_t dict_len(Value d) { return dict_size(d); }

static Value dict_getitem(Value d, Value key) {
    Value v = dict_get(d, key);
    if (v) return v;
    if (err_occurred()) return VNULL;
    if (V_OBJ(d)->type != &dict_type) {
        bool found;
        Value r = obj_call_special(d, NAME(__missing__), &key, 1, &found);
        if (found) return r;
    }
    return err_key(key);
}

static int dict_setitem(Value d, Value key, Value v) {
    if (v) return dict_set(d, key, v);
    int r = dict_del(d, key);
    if (r == 0) {
        err_key(key);
        return -1;
    }
    return r < 0 ? -1 : 0;
}

static int dict_contains_slot(Value d, Value key) { return dict_contains(d, key); }

static Value dict_richcompare(Value a, Value b, int op) {
    if (!dict_check(a) || !dict_check(b) || (op != CMP_EQ && op != CMP_NE)) return V_NOTIMPL;
    bool eq = true;
    if (dict_size(a) != dict_size(b)) {
        eq = false;
    } else {
        int64_t pos = 0;
        Value k, v;
        while (dict_next(a, &pos, &k, &v)) {
            Value w = dict_get(b, k);
            if (!w) {
                if (err_occurred()) return VNULL;
                eq = false;
                break;
            }
            int e = obj_eq(v, w);
            if (e < 0) return VNULL;
            if (!e) {
                eq = false;
                break;
            }
        }
    }
    return v_bool(op == CMP_EQ ? eq : !eq);
}

/* ---- iteration and views ------------------------------------------------------------ */

typedef struct DictViewObject {
    Object hdr;
    Value dict;
} DictViewObject;

/* one type per (kind, direction), for CPython's type names */
static Type dictiter_types[5];

static Value dictiter_new(Value d, int kind, bool reversed) {
    Type *t = kind == 0 && !reversed ? &dictiter_type : &dictiter_types[reversed ? 2 + kind : kind - 1];
    DictIterObject *it = (DictIterObject *)obj_alloc(t, sizeof *it);
    it->dict = d;
    it->kind = kind;
    it->used_at_start = it->left = dict_size(d);
    it->reversed = reversed;
    it->pos = reversed ? V_AS(DictObject, d)->nentries - 1 : 0;
    return V_FROM_PTR(it);
}

static Value dictiter_next(Value v) {
    DictIterObject *it = V_AS(DictIterObject, v);
    if (!it->dict) return VNULL;
    DictObject *d = V_AS(DictObject, it->dict);
    if (d->used != it->used_at_start) {
        it->used_at_start = -1;
        return err_set(&exc_RuntimeError, "dictionary changed size during iteration");
    }
    DictEntry *e = NULL;
    if (it->reversed) {
        while (it->pos >= 0 && it->pos < d->nentries) {
            DictEntry *c = &d->entries[it->pos--];
            if (c->key) {
                e = c;
                break;
            }
        }
    } else {
        while (it->pos < d->nentries) {
            DictEntry *c = &d->entries[it->pos++];
            if (c->key) {
                e = c;
                break;
            }
        }
    }
    if (!e) {
        it->dict = VNULL;
        return VNULL;
    }
    if (it->left-- <= 0) {
        it->dict = VNULL;
        return err_set(&exc_RuntimeError, "dictionary keys changed during iteration");
    }
    switch (it->kind) {
    case 0: return e->key;
    case 1: return unwrap(d, e->value);
    default: return tuple_pack(2, e->key, unwrap(d, e->value));
    }
}

static Value dict_iter(Value d) { return dictiter_new(d, 0, false); }
static Value iter_self(Value v) { return v; }

static Value dictiter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    DictIterObject *it = V_AS(DictIterObject, args[0]);
    if (!it->dict) return v_int(0);
    int64_t n = 0;
    DictObject *d = V_AS(DictObject, it->dict);
    /* a size change broke the iterator for good (used_at_start is -1 once
       next() saw it): nothing more will come */
    if (d->used != it->used_at_start) return v_int(0);
    if (it->reversed) {
        for (int64_t i = it->pos; i >= 0; i--) n += d->entries[i].key != VNULL;
    } else {
        for (int64_t i = it->pos; i < d->nentries; i++) n += d->entries[i].key != VNULL;
    }
    return v_int(n);
}

static Value view_new(Type *t, Value d) {
    DictViewObject *v = (DictViewObject *)obj_alloc(t, sizeof *v);
    v->dict = d;
    return V_FROM_PTR(v);
}

static int64_t view_len(Value v) { return dict_size(V_AS(DictViewObject, v)->dict); }
static Value keys_iter(Value v) { return dictiter_new(V_AS(DictViewObject, v)->dict, 0, false); }
static Value values_iter(Value v) { return dictiter_new(V_AS(DictViewObject, v)->dict, 1, false); }
static Value items_iter(Value v) { return dictiter_new(V_AS(DictViewObject, v)->dict, 2, false); }

static int keys_contains(Value v, Value k) { return dict_contains(V_AS(DictViewObject, v)->dict, k); }

static int items_contains(Value v, Value item) {
    if (!tuple_check(item) || tuple_size(item) != 2) return 0;
    Value w = dict_get(V_AS(DictViewObject, v)->dict, tuple_get(item, 0));
    if (!w) return err_occurred() ? -1 : 0;
    return obj_eq(w, tuple_get(item, 1));
}

static int values_contains(Value v, Value x) {
    int64_t pos = 0;
    Value val;
    while (dict_next(V_AS(DictViewObject, v)->dict, &pos, NULL, &val)) {
        int e = obj_eq(val, x);
        if (e) return e;
    }
    return 0;
}

static Value view_repr(Value v) {
    int rr = repr_enter(v);
    if (rr < 0) return VNULL;
    if (rr > 0) return str_from_cstr("...");
    Value l = list_from_iterable(v);
    if (!l) {
        repr_leave(v);
        return VNULL;
    }
    Value lr = list_repr(l);
    repr_leave(v);
    if (!lr) return VNULL;
    return str_printf("%s(%U)", type_of(v)->tname, lr);
}

/* Set operations on keys and items views produce sets. */
static Value view_setop(Value a, Value b, int op) {
    Value sa = set_from_iterable(a);
    if (!sa) return VNULL;
    Value other = set_from_iterable(b);
    if (!other) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            return V_NOTIMPL;
        }
        return VNULL;
    }
    return obj_binop(sa, other, op);
}

static Value view_binop(Value a, Value b, int op) {
    int base = BINOP_BASE(op);
    if (base != BINOP_AND && base != BINOP_OR && base != BINOP_XOR && base != BINOP_SUB) return V_NOTIMPL;
    return view_setop(a, b, base);
}

/* Is every item of a in b (b's own `in`)? -1 on error. */
static int all_contained_in(Value a, Value b) {
    Value it = obj_iter(a);
    if (!it) return -1;
    for (;;) {
        Value x = obj_next(it);
        if (!x) return err_occurred() ? -1 : 1;
        int c = obj_contains(b, x);
        if (c <= 0) return c;
    }
}

/* keys and items views compare with sets and views as sets do, by
   membership (CPython's dictview_richcompare: no item is hashed whole) */
static Value view_richcompare(Value a, Value b, int op) {
    Type *tb = type_of(b);
    if (!(set_check(b) || tb == &dictkeys_type || tb == &dictitems_type)) return V_NOTIMPL;
    int64_t la = obj_len(a), lb = obj_len(b);
    if (la < 0 || lb < 0) return VNULL;
    int ok = 0;
    switch (op) {
    case CMP_EQ:
    case CMP_NE:
        if (la == lb) ok = all_contained_in(a, b);
        if (op == CMP_NE && ok >= 0) ok = !ok;
        break;
    case CMP_LT: if (la < lb) ok = all_contained_in(a, b); break;
    case CMP_LE: if (la <= lb) ok = all_contained_in(a, b); break;
    case CMP_GT: if (la > lb) ok = all_contained_in(b, a); break;
    default: if (la >= lb) ok = all_contained_in(b, a); break;
    }
    return ok < 0 ? VNULL : v_bool(ok);
}

static Value view_reversed_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    Type *t = type_of(args[0]);
    int kind = t == &dictkeys_type ? 0 : t == &dictvalues_type ? 1 : 2;
    return dictiter_new(V_AS(DictViewObject, args[0])->dict, kind, true);
}

static Value view_isdisjoint_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("isdisjoint", nargs - 1, 1, 1) < 0) return VNULL;
    Value it = obj_iter(args[1]);
    if (!it) return VNULL;
    for (;;) {
        Value x = obj_next(it);
        if (!x) return err_occurred() ? VNULL : V_TRUE;
        int c = obj_contains(args[0], x);
        if (c < 0) return VNULL;
        if (c) return V_FALSE;
    }
}

static Value view_get_mapping(Value v) { return mappingproxy_new(V_AS(DictViewObject, v)->dict); }

static const GetSetDef view_getsets[] = {
    {"mapping", view_get_mapping, NULL, "dictionary that this view refers to"},
    {NULL, NULL, NULL, NULL},
};

static const MethodDef view_methods[] = {
    {"__reversed__", view_reversed_m, 0, NULL},
    {"isdisjoint", view_isdisjoint_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static const MethodDef values_methods[] = {
    {"__reversed__", view_reversed_m, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* pickling: (iter, (list of the items still to come,)), read from a copy
   of the iterator so this one does not advance */
static Value dictiter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    DictIterObject *copy = (DictIterObject *)obj_alloc(V_OBJ(args[0])->type, sizeof *copy);
    *copy = *V_AS(DictIterObject, args[0]);
    Value l = list_from_iterable(V_FROM_PTR(copy));
    if (!l) return VNULL;
    return iter_reduce(l, VNULL);
}

static const MethodDef dictiter_methods[] = {
    {"__length_hint__", dictiter_length_hint, 0, NULL},
    {"__reduce__", dictiter_reduce, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- methods -------------------------------------------------------------------------- */

static const ArgSpec dict_get_args = {"get", 2, 1, 0, {"key", "default=None", NULL}};
static Value dict_get_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&dict_get_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value v = dict_get(args[0], args[1]);
    if (v) return v;
    if (err_occurred()) return VNULL;
    return nargs > 2 ? args[2] : V_NONE;
}

static const ArgSpec dict_setdefault_args = {"setdefault", 2, 1, 0, {"key", "default=None", NULL}};
static Value dict_setdefault_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&dict_setdefault_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    /* the key hashed and looked up once (CPython's guarantee) */
    DictObject *d = V_AS(DictObject, args[0]);
    int64_t h = obj_hash(args[1]);
    if (h == -1) return VNULL;
    size_t slot;
    int64_t e = lookup(d, args[1], h, &slot);
    if (e == -2) return VNULL;
    if (e >= 0) return unwrap(d, d->entries[e].value);
    Value dflt = nargs > 2 ? args[2] : V_NONE;
    if (insert_new(d, args[1], h, dflt, slot) < 0) return VNULL;
    return dflt;
}

static Value dict_pop_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("pop", nargs - 1, 1, 2) < 0) return VNULL;
    Value v = dict_get(args[0], args[1]);
    if (!v) {
        if (err_occurred()) return VNULL;
        if (nargs > 2) return args[2];
        return err_key(args[1]);
    }
    if (dict_del(args[0], args[1]) < 0) return VNULL;
    return v;
}

static const ArgSpec dict_popitem_args = {"dict.popitem", 0, 0, 0, {NULL}};
static Value dict_popitem_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&dict_popitem_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    DictObject *d = V_AS(DictObject, args[0]);
    for (int64_t i = d->nentries - 1; i >= 0; i--) {
        DictEntry *e = &d->entries[i];
        if (!e->key) continue;
        Value r = tuple_pack(2, e->key, unwrap(d, e->value));
        dict_del(args[0], e->key);
        d->nentries = i;   /* reuse the tail entry; `filled` keeps counting its dummy slot */
        return r;
    }
    return err_set(&exc_KeyError, "popitem(): dictionary is empty");
}

static Value dict_update_m(Value *args, size_t nargs, Value kwnames) {
    if (arg_count("update", nargs - 1, 0, 1) < 0) return VNULL;
    if (nargs > 1 && dict_update(args[0], args[1]) < 0) return VNULL;
    if (kwnames) {
        for (int64_t i = 0; i < tuple_size(kwnames); i++)
            if (dict_set(args[0], tuple_get(kwnames, i), args[nargs + (size_t)i]) < 0) return VNULL;
    }
    return V_NONE;
}

static Value dict_keys_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("dict.keys", nargs - 1, 0, 0) < 0) return VNULL;
    return view_new(&dictkeys_type, args[0]);
}

static Value dict_values_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("dict.values", nargs - 1, 0, 0) < 0) return VNULL;
    return view_new(&dictvalues_type, args[0]);
}

static Value dict_items_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("dict.items", nargs - 1, 0, 0) < 0) return VNULL;
    return view_new(&dictitems_type, args[0]);
}

static Value dict_copy_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("dict.copy", nargs - 1, 0, 0) < 0) return VNULL;
    return dict_copy(args[0]);
}

static Value dict_clear_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("dict.clear", nargs - 1, 0, 0) < 0) return VNULL;
    dict_clear(args[0]);
    return V_NONE;
}

static const ArgSpec dict_fromkeys_args = {"fromkeys", 2, 1, 0, {"iterable", "value=None", NULL}};
static Value dict_fromkeys_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&dict_fromkeys_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    Value d = obj_call0(args[0]);
    if (!d) return VNULL;
    Value v = nargs > 2 ? args[2] : V_NONE;
    if (dict_check_exact(d) && (dict_check_exact(args[1]) || set_check_exact_any(args[1]))) {
        /* the keys' hashes are known: not computed again (CPython's fast path) */
        int64_t pos = 0, h;
        Value k;
        if (dict_check_exact(args[1])) {
            while (dict_next(args[1], &pos, &k, NULL))
                if (dict_set_hash(d, k, V_AS(DictObject, args[1])->entries[pos - 1].hash, v) < 0) return VNULL;
        } else {
            while (set_next_hash(args[1], &pos, &k, &h))
                if (dict_set_hash(d, k, h, v) < 0) return VNULL;
        }
        return d;
    }
    Value it = obj_iter(args[1]);
    if (!it) return VNULL;
    for (;;) {
        Value k = obj_next(it);
        if (!k) return err_occurred() ? VNULL : d;
        if (obj_setitem(d, k, v) < 0) return VNULL;
    }
}

static Value dict_reversed_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("dict.__reversed__", nargs - 1, 0, 0) < 0) return VNULL;
    return dictiter_new(args[0], 0, true);
}

static Value dict_binop(Value a, Value b, int op) {
    if (BINOP_BASE(op) != BINOP_OR || !dict_check(a) || !dict_check(b)) {
        if ((op & BINOP_INPLACE) && BINOP_BASE(op) == BINOP_OR && dict_check(a)) {
            if (dict_update(a, b) < 0) return VNULL;
            return a;
        }
        return V_NOTIMPL;
    }
    if (op & BINOP_INPLACE) {
        if (dict_update(a, b) < 0) return VNULL;
        return a;
    }
    Value r = dict_copy(a);
    if (dict_update(r, b) < 0) return VNULL;
    return r;
}

static Value dict_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    (void)kwnames;
    return dict_new_type(t, 0);
}

static int dict_init_slot(Value self, Value *args, size_t nargs, Value kwnames) {
    if (nargs > 1) {
        err_format(&exc_TypeError, "dict expected at most 1 argument, got %zd", (ssize_t)nargs);
        return -1;
    }
    if (nargs == 1 && dict_update(self, args[0]) < 0) return -1;
    if (kwnames)
        for (int64_t i = 0; i < tuple_size(kwnames); i++)
            if (dict_set(self, tuple_get(kwnames, i), args[nargs + (size_t)i]) < 0) return -1;
    return 0;
}

static Value dict_contains_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__contains__", nargs - 1, 1, 1) < 0) return VNULL;
    int r = dict_contains(args[0], args[1]);
    return r < 0 ? VNULL : v_bool(r);
}

/* d |= other as a method: update from any mapping or iterable of pairs */
static Value dict_ior_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__ior__", nargs - 1, 1, 1) < 0) return VNULL;
    if (dict_update(args[0], args[1]) < 0) return VNULL;
    return args[0];
}

static const MethodDef dict_methods[] = {
    {"__ior__", dict_ior_m, 0, NULL},
    {"get", dict_get_m, 0, NULL, &dict_get_args},
    {"setdefault", dict_setdefault_m, 0, NULL, &dict_setdefault_args},
    {"pop", dict_pop_m, 0, NULL},
    {"popitem", dict_popitem_m, 0, NULL, &dict_popitem_args},
    {"update", dict_update_m, MF_KEYWORDS, NULL},
    {"keys", dict_keys_m, 0, NULL},
    {"values", dict_values_m, 0, NULL},
    {"items", dict_items_m, 0, NULL},
    {"copy", dict_copy_m, 0, NULL},
    {"clear", dict_clear_m, 0, NULL},
    {"fromkeys", dict_fromkeys_m, MF_CLASS, NULL, &dict_fromkeys_args},
    {"__reversed__", dict_reversed_m, 0, NULL},
    {"__contains__", dict_contains_m, 0, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

Type dict_type = {
    .tname = "dict",
    .flags = TF_BASETYPE | TF_DICT_SUBCLASS | TF_MATCH_MAPPING,
    .basicsize = sizeof(DictObject),
    .repr = dict_repr,
    .richcompare = dict_richcompare,
    .binop = dict_binop,
    .binop_mask = 1u << BINOP_OR,
    .len = dict_len,
    .getitem = dict_getitem,
    .setitem = dict_setitem,
    .contains = dict_contains_slot,
    .iter = dict_iter,
    .new_ = dict_new_slot,
    .init = dict_init_slot,
};

Type dictiter_type = {
    .tname = "dict_keyiterator",
    .basicsize = sizeof(DictIterObject),
    .iter = iter_self,
    .iternext = dictiter_next,
};

Type dictkeys_type = {
    .tname = "dict_keys",
    .basicsize = sizeof(DictViewObject),
    .repr = view_repr,
    .richcompare = view_richcompare,
    .binop = view_binop,
    .binop_mask = (1u << BINOP_AND) | (1u << BINOP_OR) | (1u << BINOP_XOR) | (1u << BINOP_SUB),
    .len = view_len,
    .contains = keys_contains,
    .iter = keys_iter,
};

Type dictvalues_type = {
    .tname = "dict_values",
    .basicsize = sizeof(DictViewObject),
    .repr = view_repr,
    .len = view_len,
    .contains = values_contains,
    .iter = values_iter,
};

Type dictitems_type = {
    .tname = "dict_items",
    .basicsize = sizeof(DictViewObject),
    .repr = view_repr,
    .richcompare = view_richcompare,
    .binop = view_binop,
    .binop_mask = (1u << BINOP_AND) | (1u << BINOP_OR) | (1u << BINOP_XOR) | (1u << BINOP_SUB),
    .len = view_len,
    .contains = items_contains,
    .iter = items_iter,
};

/* ---- mappingproxy: a read-only view of a mapping (a class's __dict__) ---------------- */

typedef struct MappingProxyObject {
    Object hdr;
    Value mapping;
} MappingProxyObject;

Type mappingproxy_type;

Value mappingproxy_new(Value mapping) {
    MappingProxyObject *p = (MappingProxyObject *)obj_alloc(&mappingproxy_type, sizeof *p);
    p->mapping = mapping;
    return V_FROM_PTR(p);
}

static Value mp_of(Value v) { return V_AS(MappingProxyObject, v)->mapping; }

static Value mp_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)t;
    if (arg_nokw("mappingproxy", kwnames) < 0 || arg_count("mappingproxy", nargs, 1, 1) < 0) return VNULL;
    Type *at = type_of(args[0]);
    if (!at->getitem || list_check(args[0]) || tuple_check(args[0]))
        return err_format(&exc_TypeError, "mappingproxy() argument must be a mapping, not %T", args[0]);
    return mappingproxy_new(args[0]);
}

static Value mp_repr(Value v) {
    Value r = obj_repr(mp_of(v));
    return r ? str_printf("mappingproxy(%U)", r) : VNULL;
}
static Value mp_str(Value v) { return obj_str(mp_of(v)); }
static int64_t mp_len(Value v) { return obj_len(mp_of(v)); }
static Value mp_getitem(Value v, Value k) { return obj_getitem(mp_of(v), k); }
static int mp_contains(Value v, Value k) {
    Value m = mp_of(v);
    return dict_check_exact(m) ? dict_contains(m, k) : obj_contains(m, k);
}
static Value mp_iter(Value v) { return obj_iter(mp_of(v)); }
static Value mp_richcompare(Value a, Value b, int op) { return obj_richcompare(mp_of(a), b, op); }
static Value mp_binop(Value a, Value b, int op) {
    if (BINOP_BASE(op) != BINOP_OR) return V_NOTIMPL;
    /* a proxy is read-only: |= is refused, not tried as | */
    if (op & BINOP_INPLACE)
        return err_format(&exc_TypeError, "'|=' is not supported by %s; use '|' instead", type_of(a)->tname);
    if (type_of(a) == &mappingproxy_type) a = mp_of(a);
    if (type_of(b) == &mappingproxy_type) b = mp_of(b);
    return obj_binop(a, b, BINOP_OR);
}

static Value mp_forward(Value *args, size_t nargs, const char *name) {
    return obj_call_method(mp_of(args[0]), name, args + 1, nargs - 1);
}
static Value mp_get_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("get", nargs - 1, 1, 2) < 0) return VNULL;
    return mp_forward(args, nargs, "get");
}
#define MP_NOARG(fn, name)                                              \
    static Value fn(Value *args, size_t nargs, Value kwnames) {        \
        (void)kwnames;                                                  \
        if (arg_count(name, nargs - 1, 0, 0) < 0) return VNULL;         \
        return mp_forward(args, nargs, name);                           \
    }
MP_NOARG(mp_keys_m, "keys")
MP_NOARG(mp_values_m, "values")
MP_NOARG(mp_items_m, "items")
MP_NOARG(mp_copy_m, "copy")
MP_NOARG(mp_reversed_m, "__reversed__")
#undef MP_NOARG
static Value mp_ior_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__ior__", nargs - 1, 1, 1) < 0) return VNULL;
    return mp_binop(args[0], args[1], BINOP_OR | BINOP_INPLACE);
}

static const MethodDef mappingproxy_methods[] = {
    {"get", mp_get_m, 0, NULL},
    {"keys", mp_keys_m, 0, NULL},
    {"values", mp_values_m, 0, NULL},
    {"items", mp_items_m, 0, NULL},
    {"copy", mp_copy_m, 0, NULL},
    {"__reversed__", mp_reversed_m, 0, NULL},
    {"__ior__", mp_ior_m, 0, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

Type mappingproxy_type = {
    .tname = "mappingproxy",
    .flags = TF_MATCH_MAPPING,
    .basicsize = sizeof(MappingProxyObject),
    .repr = mp_repr,
    .str = mp_str,
    .richcompare = mp_richcompare,
    .binop = mp_binop,
    .binop_mask = 1u << BINOP_OR,
    .len = mp_len,
    .getitem = mp_getitem,
    .contains = mp_contains,
    .iter = mp_iter,
    .new_ = mp_new_slot,
};

void dict_init(void) {
    type_add_methods(&dict_type, dict_methods);
    type_ready(&dict_type);
    dict_type.hash = NULL;
    dict_set(dict_type.dict, NAME(__hash__), V_NONE);
    type_add_methods(&dictiter_type, dictiter_methods);
    type_ready(&dictiter_type);
    static const char *const iter_names[5] = {"dict_valueiterator", "dict_itemiterator", "dict_reversekeyiterator",
                                              "dict_reversevalueiterator", "dict_reverseitemiterator"};
    for (int i = 0; i < 5; i++) {
        Type *t = &dictiter_types[i];
        t->tname = iter_names[i];
        t->basicsize = dictiter_type.basicsize;
        t->iter = dictiter_type.iter;
        t->iternext = dictiter_type.iternext;
        type_add_methods(t, dictiter_methods);
        type_ready(t);
    }
    type_add_methods(&dictkeys_type, view_methods);
    type_add_getsets(&dictkeys_type, view_getsets);
    type_ready(&dictkeys_type);
    type_add_methods(&dictvalues_type, values_methods);
    type_add_getsets(&dictvalues_type, view_getsets);
    type_ready(&dictvalues_type);
    type_add_methods(&dictitems_type, view_methods);
    type_add_getsets(&dictitems_type, view_getsets);
    type_ready(&dictitems_type);
    /* keys and items views compare as sets: unhashable, and __hash__ says
       so; values views compare by identity and hash as objects do */
    dictkeys_type.hash = dictitems_type.hash = NULL;
    dict_set(dictkeys_type.dict, NAME(__hash__), V_NONE);
    dict_set(dictitems_type.dict, NAME(__hash__), V_NONE);
    type_add_methods(&mappingproxy_type, mappingproxy_methods);
    type_ready(&mappingproxy_type);
    mappingproxy_type.hash = NULL;
    dict_set(mappingproxy_type.dict, NAME(__hash__), V_NONE);
}
