/* list.c: the list type. Sorting is a stable merge sort (reverse=True
 * reverses, sorts stably and reverses back, so equal items keep their
 * order, as in CPython). */
#include "../runtime.h"
#include "gen.h"
#include "../vm/pending.h"

Type list_type, listiter_type, listreviter_type;

static Value list_new_type(Type *t, int64_t cap) {
    ListObject *l = (ListObject *)obj_alloc(t, t->basicsize ? t->basicsize : sizeof(ListObject));
    if (cap > 0) {
        l->items = gc_alloc(sizeof(Value) * (size_t)cap);
        l->capacity = cap;
    }
    return V_FROM_PTR(l);
}

Value list_new(int64_t capacity) { return list_new_type(&list_type, capacity); }

Value list_from_array(const Value *items, int64_t n) {
    Value l = list_new(n);
    if (n) memcpy(list_items(l), items, sizeof(Value) * (size_t)n);
    V_AS(ListObject, l)->size = n;
    return l;
}

/* (list.h: the doubles of float storage back to the Values they were) */
void list_generic_slow(ListObject *o) {
    double *d = (double *)o->items;
    for (int64_t i = 0; i < o->size; i++) o->items[i] = float_value_unallocated(d[i]);
    o->capacity = ~o->capacity;
}

Value list_from_display(const Value *items, int64_t n) {
    Value l = list_new(n);
    ListObject *o = V_AS(ListObject, l);
    double *d = (double *)o->items;
    int64_t i = 0;
    while (i < n && float_storable(items[i], &d[i])) i++;
    if (n && i == n) {
        o->capacity = ~o->capacity;
    } else if (n) {
        memcpy(o->items, items, sizeof(Value) * (size_t)n);
    }
    o->size = n;
    return l;
}

/* The result of slicing, copying or repeating a list in float storage
 * keeps it: the items are words either way, copied as they are. */
static void keep_storage(Value r, Value from) {
    ListObject *o = V_AS(ListObject, r);
    if (list_has_float_storage(V_AS(ListObject, from)) && o->size > 0) o->capacity = ~o->capacity;
}

/* A new list of the n items of l from start, step apart, in l's storage */
static Value copy_items(Value l, int64_t start, int64_t n, int64_t step) {
    Value r = list_new(n);
    const Value *src = V_AS(ListObject, l)->items;
    Value *dst = V_AS(ListObject, r)->items;
    if (step == 1) values_copy(dst, src + start, (size_t)n);
    else for (int64_t k = 0, i = start; k < n; k++, i += step) dst[k] = src[i];
    V_AS(ListObject, r)->size = n;
    keep_storage(r, l);
    return r;
}

Value list_try_new(int64_t capacity) {
    if (capacity > (int64_t)(PTRDIFF_MAX / sizeof(Value))) return err_no_memory();
    Value *items = capacity > 0 ? gc_try_alloc(sizeof(Value) * (size_t)capacity) : NULL;
    if (capacity > 0 && !items) return err_no_memory();
    ListObject *l = (ListObject *)obj_alloc(&list_type, sizeof(ListObject));
    l->items = items;
    l->capacity = capacity > 0 ? capacity : 0;
    return V_FROM_PTR(l);
}

static void list_set_items(ListObject *l, Value *ni, int64_t cap) {
    if (l->size) memcpy(ni, l->items, sizeof(Value) * (size_t)l->size);
    l->items = ni;
    l->capacity = cap;
}

/* Growth by half again; short of memory, by an eighth (CPython's rate:
 * growth stays geometric, so appends stay amortized O(1)); then
 * MemoryError. */
int list_grow(Value lv, int64_t min_capacity) {
    ListObject *l = V_AS(ListObject, lv);
    list_generic(l);
    if (min_capacity <= l->capacity) return 0;
    int64_t cap = l->capacity + (l->capacity >> 1) + 4;
    if (cap < min_capacity) cap = min_capacity;
    if (min_capacity > (int64_t)(PTRDIFF_MAX / sizeof(Value))) {
        err_no_memory();
        return -1;
    }
    if (cap > (int64_t)(PTRDIFF_MAX / sizeof(Value))) cap = min_capacity;
    Value *ni = gc_try_alloc(sizeof(Value) * (size_t)cap);
    if (!ni) {
        cap = l->capacity + (l->capacity >> 3) + 4;
        if (cap < min_capacity) cap = min_capacity;
        ni = gc_try_alloc(sizeof(Value) * (size_t)cap);
    }
    if (!ni) {
        err_no_memory();
        return -1;
    }
    list_set_items(l, ni, cap);
    return 0;
}

void list_grow_always(Value lv, int64_t min_capacity) {
    ListObject *l = V_AS(ListObject, lv);
    list_generic(l);
    if (min_capacity <= l->capacity) return;
    int64_t cap = l->capacity + (l->capacity >> 1) + 4;
    if (cap < min_capacity) cap = min_capacity;
    list_set_items(l, gc_alloc(sizeof(Value) * (size_t)cap), cap);
}

bool seq_fast_items(Value v) {
    if (!v_is_ptr(v) || !v) return false;
    Type *t = V_OBJ(v)->type;
    if (t == &list_type || t == &tuple_type) return true;
    /* a subclass that keeps the builtin __iter__ iterates over its items */
    if (type_has_flag(t, TF_LIST_SUBCLASS))
        return type_lookup(t, NAME(__iter__)) == type_lookup(&list_type, NAME(__iter__));
    if (type_has_flag(t, TF_TUPLE_SUBCLASS))
        return type_lookup(t, NAME(__iter__)) == type_lookup(&tuple_type, NAME(__iter__));
    return false;
}

/* operator.length_hint(o, dflt): len(o), else o.__length_hint__(), else
   dflt (a TypeError from either counts as no answer) */
Value obj_length_hint(Value o, int64_t dflt) {
    if (!v_is_int(o) && !v_is_smallfloat(o) && type_of(o)->len) {
        int64_t n = obj_len(o);
        if (n >= 0) return int_from_i64(n);
        if (!err_matches(&exc_TypeError)) return VNULL;
        err_clear();
    }
    bool found;
    Value r = obj_call_special(o, NAME(__length_hint__), NULL, 0, &found);
    if (!found) return int_from_i64(dflt);
    if (!r) {
        if (err_matches(&exc_TypeError)) {
            err_clear();
            return int_from_i64(dflt);
        }
        return VNULL;
    }
    if (r == V_NOTIMPL) return int_from_i64(dflt);
    if (!int_check(r)) return err_format(&exc_TypeError, "__length_hint__ must be an integer, not %T", r);
    if (int_sign(r) < 0) return err_set(&exc_ValueError, "__length_hint__() should return >= 0");
    return r;
}

int list_extend(Value l, Value iterable) {
    if (list_check(iterable) && list_has_float_storage(V_AS(ListObject, iterable)) && seq_fast_items(iterable)) {
        /* read, not converted (list(floats) copies them as Values) */
        int64_t n = list_size(iterable);
        if (list_grow(l, list_size(l) + n) < 0) return -1;
        ListObject *o = V_AS(ListObject, l);
        for (int64_t i = 0; i < n; i++) o->items[o->size + i] = list_get(iterable, i);
        o->size += n;
        return 0;
    }
    if (seq_fast_items(iterable)) {
        int64_t n = list_check(iterable) ? list_size(iterable) : tuple_size(iterable);
        Value *src = list_check(iterable) ? list_items(iterable) : tuple_items(iterable);
        ListObject *o = V_AS(ListObject, l);
        if (list_grow(l, o->size + n) < 0) return -1;
        if (n) memmove(o->items + o->size, src, sizeof(Value) * (size_t)n);  /* l.extend(l) is fine */
        o->size += n;
        return 0;
    }
    Value it = obj_iter(iterable);
    if (!it) return -1;
    /* CPython sizes the list by the iterable's length hint first: a
       class's __len__ or __length_hint__ runs, and its errors propagate
       (builtin iterables' hints have no effect to see) */
    if (type_has_flag(type_of(iterable), TF_HEAPTYPE) && !obj_length_hint(iterable, 8)) return -1;
    Type *t = type_of(it);
    for (;;) {
        Value x = t->iternext(it);
        if (!x) return err_occurred() ? -1 : 0;
        if (list_push(l, x) < 0) return -1;
    }
}

/* list(g), tuple(g), str.join(g) of a generator: the list is new and
 * nothing else holds it, and appending runs no Python code, so the
 * generator may run ahead of the appends whatever it yields. */
static int list_fill_from_generator(Value l, Value gv) {
    GenAheadIter ai;
    gen_ahead_init(&ai, gv);
    for (;;) {
        Value x = gen_ahead_next(&ai, GEN_AHEAD_ANY);
        if (!x) return err_occurred() ? -1 : 0;
        if (list_push(l, x) < 0) return -1;
    }
}

Value list_from_iterable(Value it) {
    Value l = list_new(0);
    if ((gen_check(it) ? list_fill_from_generator(l, it) : list_extend(l, it)) < 0) return VNULL;
    return l;
}

int list_insert(Value lv, int64_t index, Value v) {
    ListObject *l = V_AS(ListObject, lv);
    int64_t n = l->size;
    if (index < 0) {
        index += n;
        if (index < 0) index = 0;
    }
    if (index > n) index = n;
    if (list_grow(lv, n + 1) < 0) return -1;
    memmove(l->items + index + 1, l->items + index, sizeof(Value) * (size_t)(n - index));
    l->items[index] = v;
    l->size++;
    return 0;
}

Value list_pop(Value lv, int64_t index) {
    ListObject *l = V_AS(ListObject, lv);
    list_generic(l);
    if (l->size == 0) return err_set(&exc_IndexError, "pop from empty list");
    if (index < 0) index += l->size;
    if (index < 0 || index >= l->size) return err_set(&exc_IndexError, "pop index out of range");
    Value v = l->items[index];
    memmove(l->items + index, l->items + index + 1, sizeof(Value) * (size_t)(l->size - index - 1));
    l->size--;
    l->items[l->size] = VNULL;
    return v;
}

Value list_slice(Value l, int64_t start, int64_t end) {
    if (end <= start) return list_new(0);
    return copy_items(l, start, end - start, 1);
}

Value list_repr(Value l) {
    if (list_size(l) == 0) return str_from_cstr("[]");
    int rr = repr_enter(l);
    if (rr < 0) return VNULL;
    if (rr > 0) return str_from_cstr("[...]");
    Buf b;
    char b_mem[128];
    buf_init_local(&b, b_mem, sizeof b_mem);
    buf_putc(&b, '[');
    for (int64_t i = 0; i < list_size(l); i++) {
        if (i) buf_puts(&b, ", ");
        Value r = obj_repr(list_get(l, i));
        if (!r) {
            repr_leave(l);
            return VNULL;
        }
        buf_put(&b, str_data(r), (size_t)str_nbytes(r));
    }
    buf_putc(&b, ']');
    repr_leave(l);
    return str_from_buf(&b);
}

void list_reverse(Value lv) {
    ListObject *l = V_AS(ListObject, lv);
    list_generic(l);
    for (int64_t i = 0, j = l->size - 1; i < j; i++, j--) {
        Value t = l->items[i];
        l->items[i] = l->items[j];
        l->items[j] = t;
    }
}

/* ---- sorting ----------------------------------------------------------------- */

typedef struct SortItem {
    Value key;
    Value value;
} SortItem;

typedef enum { CMP_GENERIC, CMP_INTS, CMP_FLOATS, CMP_STRS, CMP_TUPLES } SortMode;

/* a < b for two exact tuples (the keys of sorted(d.items()) and of
 * key=lambda x: (a, b)), decided as tuple_richcompare decides it: the
 * elements are compared for equality, identity first, up to the first
 * pair that differs, which is then compared with <; but small ints and
 * exact strs are compared here without the generic dispatch. -1 error. */
static int tuple_key_lt(Value a, Value b) {
    int64_t na = tuple_size(a), nb = tuple_size(b);
    for (int64_t i = 0; i < na && i < nb; i++) {
        Value x = tuple_get(a, i), y = tuple_get(b, i);
        if (x == y) continue;
        if (v_both_int(x, y)) return v_intval(x) < v_intval(y);   /* distinct small ints differ */
        if (str_check_exact(x) && str_check_exact(y)) {
            int c = str_compare(x, y);
            if (c) return c < 0;
            continue;
        }
        int eq = obj_eq(x, y);
        if (eq < 0) return -1;
        if (!eq) return obj_richcompare_bool(x, y, CMP_LT);
    }
    return na < nb;
}

/* -1 error, 1 if a < b, else 0 */
static inline int sort_lt(Value a, Value b, SortMode mode) {
    switch (mode) {
    case CMP_INTS: return v_intval(a) < v_intval(b);
    case CMP_FLOATS: return float_val(a) < float_val(b);
    case CMP_STRS: return str_compare(a, b) < 0;
    case CMP_TUPLES: return tuple_key_lt(a, b);
    default: return obj_richcompare_bool(a, b, CMP_LT);
    }
}

static int merge_sort(SortItem *a, SortItem *tmp, int64_t n, SortMode mode) {
    if (n < 2) return 0;
    if (n <= 16) {
        /* binary-free insertion sort, stable */
        for (int64_t i = 1; i < n; i++) {
            SortItem x = a[i];
            int64_t j = i;
            while (j > 0) {
                int lt = sort_lt(x.key, a[j - 1].key, mode);
                if (lt < 0) return -1;
                if (!lt) break;
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return 0;
    }
    int64_t mid = n / 2;
    if (merge_sort(a, tmp, mid, mode) < 0 || merge_sort(a + mid, tmp, n - mid, mode) < 0) return -1;
    /* comparisons in C reach no safe point: poll between merges (the items
       are a whole permutation here) */
    if (n >= 4096 && pending_check() < 0) return -1;
    /* already ordered? */
    int lt = sort_lt(a[mid].key, a[mid - 1].key, mode);
    if (lt < 0) return -1;
    if (!lt) return 0;
    memcpy(tmp, a, sizeof(SortItem) * (size_t)mid);
    int64_t i = 0, j = mid, k = 0;
    while (i < mid && j < n) {
        int l2 = sort_lt(a[j].key, tmp[i].key, mode);
        if (l2 < 0) {
            /* restore the remaining items so nothing is lost */
            while (i < mid) a[k++] = tmp[i++];
            return -1;
        }
        if (l2) a[k++] = a[j++];
        else a[k++] = tmp[i++];
    }
    while (i < mid) a[k++] = tmp[i++];
    return 0;
}

/* Sorting small ints without a key: a tagged small int orders as its
 * machine word, and equal ones are indistinguishable, so stability and the
 * reverse flag need no care. Insertion sort for short runs, then bottom-up
 * merges through `tmp` (room for n words). */
static void sort_words(int64_t *a, int64_t *tmp, int64_t n) {
    const int64_t RUN = 24;
    for (int64_t lo = 0; lo < n; lo += RUN) {
        int64_t hi = lo + RUN < n ? lo + RUN : n;
        for (int64_t i = lo + 1; i < hi; i++) {
            int64_t x = a[i], j = i;
            while (j > lo && a[j - 1] > x) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
    }
    for (int64_t width = RUN; width < n; width *= 2) {
        for (int64_t lo = 0; lo + width < n; lo += 2 * width) {
            int64_t mid = lo + width, hi = lo + 2 * width < n ? lo + 2 * width : n;
            if (a[mid - 1] <= a[mid]) continue;   /* already in order */
            memcpy(tmp, a + lo, sizeof(int64_t) * (size_t)(mid - lo));
            int64_t i = 0, j = mid, k = lo, nl = mid - lo;
            while (i < nl && j < hi) a[k++] = a[j] < tmp[i] ? a[j++] : tmp[i++];
            while (i < nl) a[k++] = tmp[i++];
        }
    }
}

int list_sort(Value lv, Value key, bool reverse) {
    ListObject *l = V_AS(ListObject, lv);
    list_generic(l);
    int64_t n = l->size;
    if (!key && n > 1) {
        bool ints = true;
        for (int64_t i = 0; i < n && ints; i++) ints = v_is_int(l->items[i]);
        if (ints) {
            /* a merge copies out its left run, which can be nearly n long */
            int64_t stack_tmp[128];
            int64_t *tmp = n <= 128 ? stack_tmp : gc_alloc_atomic(sizeof(int64_t) * (size_t)n);
            int64_t *w = (int64_t *)l->items;
            sort_words(w, tmp, n);
            if (reverse) list_reverse(lv);
            return 0;
        }
    }
    /* take the items out, as CPython does: the list looks empty meanwhile */
    Value *saved = l->items;
    int64_t saved_cap = l->capacity;
    l->items = NULL;
    l->size = 0;
    l->capacity = 0;
    SortItem *items = gc_alloc(sizeof(SortItem) * (size_t)(n ? n : 1));
    int rc = 0;
    /* every value first: whatever fails below, they all go back */
    for (int64_t i = 0; i < n; i++) items[i].value = items[i].key = saved[i];
    for (int64_t i = 0; key && i < n; i++) {
        Value k = obj_call1(key, saved[i]);
        /* a key in C never reaches a safe point of the interpreter */
        if (!k || ((i & 0xFFF) == 0xFFF && pending_check() < 0)) {
            rc = -1;
            break;
        }
        items[i].key = k;
    }
    if (rc == 0) {
        if (reverse)
            for (int64_t i = 0, j = n - 1; i < j; i++, j--) {
                SortItem t = items[i];
                items[i] = items[j];
                items[j] = t;
            }
        SortMode mode = CMP_INTS;
        for (int64_t i = 0; i < n && mode != CMP_GENERIC; i++) {
            Value k = items[i].key;
            if (mode == CMP_INTS && !v_is_int(k)) mode = i == 0 && float_check_exact(k)   ? CMP_FLOATS
                                                        : i == 0 && str_check_exact(k)   ? CMP_STRS
                                                        : i == 0 && tuple_check_exact(k) ? CMP_TUPLES
                                                                                         : CMP_GENERIC;
            else if (mode == CMP_FLOATS && !float_check_exact(k)) mode = CMP_GENERIC;
            else if (mode == CMP_STRS && !str_check_exact(k)) mode = CMP_GENERIC;
            else if (mode == CMP_TUPLES && !tuple_check_exact(k)) mode = CMP_GENERIC;
        }
        SortItem *tmp = gc_alloc(sizeof(SortItem) * (size_t)(n / 2 + 1));
        rc = merge_sort(items, tmp, n, mode);
        if (reverse)
            for (int64_t i = 0, j = n - 1; i < j; i++, j--) {
                SortItem t = items[i];
                items[i] = items[j];
                items[j] = t;
            }
    }
    bool modified = l->items != NULL || l->size != 0;
    for (int64_t i = 0; i < n; i++) saved[i] = items[i].value;
    l->items = saved;
    l->size = n;
    l->capacity = saved_cap;
    if (rc == 0 && modified) {
        err_set(&exc_ValueError, "list modified during sort");
        return -1;
    }
    return rc;
}

/* ---- slots -------------------------------------------------------------------- */

static int64_t list_len(Value l) { return list_size(l); }

Value list_getslice(Value l, Value start_v, Value stop_v, Value step_v) {
    int64_t start, stop, step;
    /* the length after the bounds' __index__ methods ran (misc.h, SliceBounds) */
    SliceBounds sb;
    if (slice_unpack(start_v, stop_v, step_v, &sb) < 0) return VNULL;
    int64_t n = slice_adjust(&sb, list_size(l), &start, &stop, &step);
    if (step == 1) return list_slice(l, start, stop);
    return copy_items(l, start, n, step);
}

/* ---- slicing with machine-int bounds (the JIT's helpers) ------------------------
 *
 * Compiled code passes a slice's bounds unboxed: small ints, or
 * LIST_SLICE_NONE for None (no small int is INT64_MIN). The step is never 0
 * (the recorder checks it is a nonzero constant). With such bounds neither
 * function can raise: they are CALL_NO_RAISE helpers, and the JIT may drop
 * a list_getslice_ints whose list nothing reads (record.c fuses
 * `a[i:j] = b[k:l:m]` into one list_assign_slice_ints). */

/* list.h */
int64_t slice_ints_adjust(int64_t length, int64_t *start, int64_t *stop, int64_t step) {
    int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? length - 1 : length;
    int64_t *bound[2] = {start, stop};
    for (int i = 0; i < 2; i++) {
        int64_t *b = bound[i];
        if (*b == LIST_SLICE_NONE) {
            *b = (step < 0) == (i == 0) ? upper : lower;
        } else if (*b < 0) {
            *b += length;
            if (*b < lower) *b = lower;
        } else if (*b > upper) {
            *b = upper;
        }
    }
    if (step > 0) return *start < *stop ? (*stop - *start - 1) / step + 1 : 0;
    return *stop < *start ? (*start - *stop - 1) / (-step) + 1 : 0;
}

Value list_getslice_ints(Value l, int64_t start, int64_t stop, int64_t step) {
    int64_t n = slice_ints_adjust(list_size(l), &start, &stop, step);
    return copy_items(l, start, n, step);
}

/* dst[dstart:dstop] = src[sstart:sstop:sstep], as list_setslice with the
 * list list_getslice would make, without making it. The selected items are
 * copied out first: src may be dst (a[:k] = a[k-1::-1]). The copy sits in
 * scanned memory (the C stack or a gc_alloc block) because dst's old slots
 * may have held the only other reference to them. */
static void assign_slice_ints(Value dstv, int64_t dstart, int64_t dstop, Value srcv, int64_t sstart, int64_t sstop,
                              int64_t sstep) {
    Value local[32];
    int64_t m = slice_ints_adjust(list_size(srcv), &sstart, &sstop, sstep);
    Value *tmp = m <= 32 ? local : gc_alloc(sizeof(Value) * (size_t)m);
    Value *si = list_items(srcv);
    for (int64_t k = 0, i = sstart; k < m; k++, i += sstep) tmp[k] = si[i];
    ListObject *l = V_AS(ListObject, dstv);
    list_generic(l);
    slice_ints_adjust(l->size, &dstart, &dstop, 1);
    if (dstop < dstart) dstop = dstart;
    int64_t delta = m - (dstop - dstart);
    if (delta > 0) list_grow_always(dstv, l->size + delta);
    if (l->size > dstop)
        memmove(l->items + dstop + delta, l->items + dstop, sizeof(Value) * (size_t)(l->size - dstop));
    if (m) memcpy(l->items + dstart, tmp, sizeof(Value) * (size_t)m);
    l->size += delta;
    if (delta < 0)
        for (int64_t i = l->size; i < l->size - delta; i++) l->items[i] = VNULL;
}

/* The two steps as two functions: a call from compiled code passes at
 * most six arguments in registers. */
void list_assign_slice_ints(Value dst, int64_t dstart, int64_t dstop, Value src, int64_t sstart, int64_t sstop) {
    assign_slice_ints(dst, dstart, dstop, src, sstart, sstop, 1);
}

void list_assign_slice_ints_rev(Value dst, int64_t dstart, int64_t dstop, Value src, int64_t sstart, int64_t sstop) {
    assign_slice_ints(dst, dstart, dstop, src, sstart, sstop, -1);
}

static Value list_getitem(Value l, Value key) {
    if (v_is_int(key)) {
        int64_t i = v_intval(key), n = list_size(l);
        if (i < 0) i += n;
        if ((uint64_t)i >= (uint64_t)n) return err_set(&exc_IndexError, "list index out of range");
        return list_get(l, i);
    }
    if (slice_check(key)) {
        SliceObject *so = V_AS(SliceObject, key);
        return list_getslice(l, so->start, so->stop, so->step);
    }
    if (!int_check(key) && (v_is_smallfloat(key) || !type_lookup(type_of(key), NAME(__index__))))
        return err_format(&exc_TypeError, "list indices must be integers or slices, not %T", key);
    /* an index that is not a small int (v_int() of it would wrap) */
    int64_t i = obj_index_i64(key), n = list_size(l);
    if (i == -1 && err_occurred()) return VNULL;
    if (i < 0) i += n;
    if ((uint64_t)i >= (uint64_t)n) return err_set(&exc_IndexError, "list index out of range");
    return list_get(l, i);
}

int list_setslice(Value lv, Value start_v, Value stop_v, Value step_v, Value v) {
    ListObject *l = V_AS(ListObject, lv);
    list_generic(l);
    int64_t start, stop, step;
    /* the length after the bounds' __index__ methods ran (misc.h, SliceBounds) */
    SliceBounds sb;
    if (slice_unpack(start_v, stop_v, step_v, &sb) < 0) return -1;
    int64_t n = slice_adjust(&sb, l->size, &start, &stop, &step);
    if (step == 1) {
        if (stop < start) stop = start;
        Value src = VNULL;
        int64_t m = 0;
        if (v) {
            if (v == lv) src = list_from_array(l->items, l->size);
            else if (seq_fast_items(v)) src = v;
            else {
                src = list_from_iterable(v);
                if (!src) {
                    if (err_matches(&exc_TypeError)) {
                        err_clear();
                        err_set(&exc_TypeError, "can only assign an iterable");
                    }
                    return -1;
                }
            }
            m = list_check(src) ? list_size(src) : tuple_size(src);
        }
        int64_t delta = m - (stop - start);
        if (delta > 0 && list_grow(lv, l->size + delta) < 0) return -1;
        if (l->size > stop) memmove(l->items + stop + delta, l->items + stop, sizeof(Value) * (size_t)(l->size - stop));
        if (m) memcpy(l->items + start, list_check(src) ? list_items(src) : tuple_items(src), sizeof(Value) * (size_t)m);
        l->size += delta;
        if (delta < 0)
            for (int64_t i = l->size; i < l->size - delta; i++) l->items[i] = VNULL;
        return 0;
    }
    if (!v) {
        /* delete extended slice */
        if (n == 0) return 0;
        if (step < 0) {
            start = start + step * (n - 1);
            step = -step;
        }
        int64_t w = start;
        for (int64_t r = start; r < l->size; r++) {
            if (r >= start && (r - start) % step == 0 && (r - start) / step < n) continue;
            l->items[w++] = l->items[r];
        }
        for (int64_t i = w; i < l->size; i++) l->items[i] = VNULL;
        l->size = w;
        return 0;
    }
    Value src = seq_fast_items(v) ? v : list_from_iterable(v);
    if (!src) return -1;
    if (src == lv) src = list_from_array(l->items, l->size);
    int64_t m = list_check(src) ? list_size(src) : tuple_size(src);
    if (m != n) {
        err_format(&exc_ValueError, "attempt to assign sequence of size %lld to extended slice of size %lld",
                   (long long)m, (long long)n);
        return -1;
    }
    Value *si = list_check(src) ? list_items(src) : tuple_items(src);
    for (int64_t k = 0, i = start; k < n; k++, i += step) l->items[i] = si[k];
    return 0;
}

static int list_setitem(Value l, Value key, Value v) {
    bool index = v_is_int(key) || int_check(key) || (!v_is_smallfloat(key) && !slice_check(key) &&
                                                     type_lookup(type_of(key), NAME(__index__)));
    if (index) {
        /* obj_index_i64: IndexError "cannot fit" beyond 64 bits, as CPython */
        int64_t i = v_is_int(key) ? v_intval(key) : obj_index_i64(key);
        if (i == -1 && !v_is_int(key) && err_occurred()) return -1;
        int64_t n = list_size(l);
        if (i < 0) i += n;
        if (i < 0 || i >= n) {
            err_set(&exc_IndexError, v ? "list assignment index out of range" : "list assignment index out of range");
            return -1;
        }
        if (v) {
            list_set_item(l, i, v);
        } else {
            ListObject *o = V_AS(ListObject, l);
            list_generic(o);
            memmove(o->items + i, o->items + i + 1, sizeof(Value) * (size_t)(o->size - i - 1));
            o->size--;
            o->items[o->size] = VNULL;
        }
        return 0;
    }
    if (slice_check(key)) {
        SliceObject *so = V_AS(SliceObject, key);
        return list_setslice(l, so->start, so->stop, so->step, v);
    }
    err_format(&exc_TypeError, "list indices must be integers or slices, not %T", key);
    return -1;
}

static int list_contains(Value l, Value item) {
    for (int64_t i = 0; i < list_size(l); i++) {
        int eq = obj_eq(list_get(l, i), item);
        if (eq) return eq;
    }
    return 0;
}

static Value list_richcompare(Value a, Value b, int op) {
    if (!list_check(a) || !list_check(b)) return V_NOTIMPL;
    int64_t na = list_size(a), nb = list_size(b);
    if ((op == CMP_EQ || op == CMP_NE) && na != nb) return v_bool(op == CMP_NE);
    int64_t i;
    for (i = 0; i < list_size(a) && i < list_size(b); i++) {
        int eq = obj_eq(list_get(a, i), list_get(b, i));
        if (eq < 0) return VNULL;
        if (!eq) break;
    }
    na = list_size(a);
    nb = list_size(b);
    if (i >= na || i >= nb) {
        int c = (na > nb) - (na < nb);
        switch (op) {
        case CMP_LT: return v_bool(c < 0);
        case CMP_LE: return v_bool(c <= 0);
        case CMP_EQ: return v_bool(c == 0);
        case CMP_NE: return v_bool(c != 0);
        case CMP_GT: return v_bool(c > 0);
        default: return v_bool(c >= 0);
        }
    }
    if (op == CMP_EQ) return V_FALSE;
    if (op == CMP_NE) return V_TRUE;
    return obj_richcompare(list_get(a, i), list_get(b, i), op);
}

static Value list_repeat(Value l, Value n) {
    int64_t k = int_repeat_count(n), sz = list_size(l);
    if (k < 0) return VNULL;
    if (k == 0 || sz == 0) return list_new(0);
    if (sz > INT64_MAX / k) return err_no_memory();
    Value r = list_try_new(sz * k);
    if (!r) return VNULL;
    const Value *src = V_AS(ListObject, l)->items;
    for (int64_t i = 0; i < k; i++) values_copy(V_AS(ListObject, r)->items + i * sz, src, (size_t)sz);
    V_AS(ListObject, r)->size = sz * k;
    keep_storage(r, l);
    return r;
}

/* Does v's class define __radd__ in Python (not inherit a builtin's)? */
static bool defines_radd(Value v) {
    Type *t = type_of(v);
    if (!type_has_flag(t, TF_HEAPTYPE)) return false;
    Value mro = t->mro;
    for (int64_t i = 0; i < tuple_size(mro); i++) {
        Type *c = V_AS(Type, tuple_get(mro, i));
        if (dict_get_cstr(c->dict, "__radd__")) return type_has_flag(c, TF_HEAPTYPE);
    }
    return false;
}

Value list_concat(Value a, Value b) {
    int64_t na = list_size(a), nb = list_size(b);
    Value r = list_try_new(na + nb);
    if (!r) return VNULL;
    /* float storage when both are (so a Value storage operand, as the
       recorder knows, gives Values) */
    ListObject *oa = V_AS(ListObject, a), *ob = V_AS(ListObject, b);
    bool floats = list_has_float_storage(oa) && list_has_float_storage(ob);
    Value *ia = floats ? oa->items : list_items(a), *ib = floats ? ob->items : list_items(b);
    values_copy(V_AS(ListObject, r)->items, ia, (size_t)na);
    values_copy(V_AS(ListObject, r)->items + na, ib, (size_t)nb);
    V_AS(ListObject, r)->size = na + nb;
    keep_storage(r, a);   /* (a holds Values now unless both are float storage) */
    return r;
}

/* [items...] + b (items_first) or b + [items...], for an exact list b,
 * without the display's list: list_concat(list_from_display(items, n), b)
 * or the other way round, storage included (floats only when every item
 * is float storable and b is in float storage). Compiled code calls it
 * for `[x] + tail` (record.c, record_display_concat). */
Value list_concat_display(const Value *items, int64_t n, Value b, bool items_first) {
    ListObject *ob = V_AS(ListObject, b);
    int64_t nb = ob->size;
    Value r = list_try_new(n + nb);
    if (!r) return VNULL;
    ListObject *o = V_AS(ListObject, r);
    bool floats = list_has_float_storage(ob);
    double d;
    for (int64_t i = 0; floats && i < n; i++) floats = float_storable(items[i], &d);
    Value *to_items = o->items + (items_first ? 0 : nb), *to_b = o->items + (items_first ? n : 0);
    if (floats) {
        for (int64_t i = 0; i < n; i++) float_storable(items[i], (double *)&to_items[i]);
        values_copy(to_b, ob->items, (size_t)nb);
    } else {
        values_copy(to_items, items, (size_t)n);
        values_copy(to_b, list_items(b), (size_t)nb);
    }
    o->size = n + nb;
    if (floats) o->capacity = ~o->capacity;
    return r;
}

static Value list_binop(Value a, Value b, int op) {
    switch (BINOP_BASE(op)) {
    case BINOP_ADD:
        if (!list_check(a)) return V_NOTIMPL;
        if (op & BINOP_INPLACE) {
            if (list_extend(a, b) < 0) return VNULL;
            return a;
        }
        if (!list_check(b)) {
            /* a class with its own __radd__ (minidom's EmptyNodeList) gets its turn */
            if ((op & BINOP_REFLECTED) || defines_radd(b)) return V_NOTIMPL;
            return err_format(&exc_TypeError, "can only concatenate list (not \"%T\") to list", b);
        }
        return list_concat(a, b);
    case BINOP_MUL:
        if (op & BINOP_INPLACE) {
            if (!list_check(a) || !int_check(b)) return V_NOTIMPL;
            Value r = list_repeat(a, b);
            if (!r) return VNULL;
            ListObject *o = V_AS(ListObject, a), *ro = V_AS(ListObject, r);
            o->items = ro->items;
            o->size = ro->size;
            o->capacity = ro->capacity;
            return a;
        }
        if (list_check(a) && int_check(b)) return list_repeat(a, b);
        if (list_check(b) && int_check(a)) return list_repeat(b, a);
        return V_NOTIMPL;
    default: return V_NOTIMPL;
    }
}


static Value list_iter(Value l) {
    ListIterObject *it = (ListIterObject *)obj_alloc(&listiter_type, sizeof *it);
    it->list = l;
    return V_FROM_PTR(it);
}

static Value listiter_next(Value v) {
    ListIterObject *it = V_AS(ListIterObject, v);
    if (!it->list) return VNULL;
    if (it->index < list_size(it->list)) return list_get(it->list, it->index++);
    it->list = VNULL;
    return VNULL;
}

static Value listreviter_next(Value v) {
    ListIterObject *it = V_AS(ListIterObject, v);
    if (!it->list) return VNULL;
    if (it->index >= 0 && it->index < list_size(it->list)) return list_get(it->list, it->index--);
    it->list = VNULL;
    return VNULL;
}

static Value iter_self(Value v) { return v; }

static Value listiter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    ListIterObject *it = V_AS(ListIterObject, args[0]);
    if (!it->list) return v_int(0);
    int64_t n = list_size(it->list) - it->index;
    return v_int(n < 0 ? 0 : n);
}

/* pickling: (iter, (list,), index), or an exhausted one over [] */
static Value listiter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    ListIterObject *it = V_AS(ListIterObject, args[0]);
    if (!it->list) return iter_reduce(list_new(0), VNULL);
    return iter_reduce(it->list, int_from_i64(it->index));
}

/* the index clamped to [0, len] (len: exhausted), as CPython's */
static Value listiter_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    ListIterObject *it = V_AS(ListIterObject, args[0]);
    Value iv = obj_index(args[1]);
    if (!iv) return VNULL;
    if (it->list) it->index = int_as_i64_clamped(iv, 0, list_size(it->list));
    return V_NONE;
}

static const MethodDef listiter_methods[] = {
    {"__length_hint__", listiter_length_hint, 0, NULL},
    {"__reduce__", listiter_reduce, 0, NULL},
    {"__setstate__", listiter_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

static Value listreviter_length_hint(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    ListIterObject *it = V_AS(ListIterObject, args[0]);
    if (!it->list || it->index >= list_size(it->list)) return v_int(0);
    return v_int(it->index + 1);
}

/* pickling: (reversed, (list,), index), or an exhausted one as iter([]) */
static Value listreviter_reduce(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__reduce__", nargs - 1, 0, 0) < 0) return VNULL;
    ListIterObject *it = V_AS(ListIterObject, args[0]);
    if (!it->list) return iter_reduce(list_new(0), VNULL);
    Value r[3] = {V_FROM_PTR(&reversed_type), tuple_pack(1, it->list), int_from_i64(it->index)};
    return tuple_from_array(r, 3);
}

/* the index clamped to [-1, len - 1] (-1: exhausted) */
static Value listreviter_setstate(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__setstate__", nargs - 1, 1, 1) < 0) return VNULL;
    ListIterObject *it = V_AS(ListIterObject, args[0]);
    Value iv = obj_index(args[1]);
    if (!iv) return VNULL;
    if (it->list) it->index = int_as_i64_clamped(iv, -1, list_size(it->list) - 1);
    return V_NONE;
}

static const MethodDef listreviter_methods[] = {
    {"__length_hint__", listreviter_length_hint, 0, NULL},
    {"__reduce__", listreviter_reduce, 0, NULL},
    {"__setstate__", listreviter_setstate, 0, NULL},
    {NULL, NULL, 0, NULL},
};

/* ---- methods ------------------------------------------------------------------------ */

static const ArgSpec list_append_args = {"list.append", 1, 1, 0, {"object", NULL}};
static Value list_append_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&list_append_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    if (list_push(args[0], args[1]) < 0) return VNULL;
    return V_NONE;
}

static const ArgSpec list_extend_args = {"list.extend", 1, 1, 0, {"iterable", NULL}};
static Value list_extend_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&list_extend_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    if (list_extend(args[0], args[1]) < 0) {
        if (err_matches(&exc_TypeError) && !type_of(args[1])->iter) {
            err_clear();
            return err_format(&exc_TypeError, "'%T' object is not iterable", args[1]);
        }
        return VNULL;
    }
    return V_NONE;
}

/* A Py_ssize_t argument as CPython's argument clinic converts it. */
static int64_t ssize_arg(Value v) {
    Value iv = obj_index(v);
    if (!iv) return -1;
    int64_t x = int_as_i64(iv);
    if (x == -1 && err_occurred()) {
        err_clear();
        err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
    }
    return x;
}

static const ArgSpec list_insert_args = {"insert", 2, 2, 0, {"index", "object", NULL}};
static Value list_insert_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&list_insert_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    int64_t i = ssize_arg(args[1]);
    if (i == -1 && err_occurred()) return VNULL;
    list_insert(args[0], i, args[2]);
    return V_NONE;
}

static const ArgSpec list_pop_args = {"pop", 1, 0, 0, {"index=-1", NULL}};
static Value list_pop_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&list_pop_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    int64_t i = -1;
    if (nargs > 1) {
        i = ssize_arg(args[1]);
        if (i == -1 && err_occurred()) return VNULL;
    }
    return list_pop(args[0], i);
}

static const ArgSpec list_remove_args = {"list.remove", 1, 1, 0, {"value", NULL}};
static Value list_remove_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&list_remove_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    for (int64_t i = 0; i < list_size(args[0]); i++) {
        int eq = obj_eq(list_get(args[0], i), args[1]);
        if (eq < 0) return VNULL;
        if (eq) {
            list_pop(args[0], i);
            return V_NONE;
        }
    }
    return err_set(&exc_ValueError, "list.remove(x): x not in list");
}

static int64_t clamp_index(Value v, int64_t n) {
    int64_t i = int_as_i64_clamped(v, INT64_MIN / 2, INT64_MAX / 2);
    if (i < 0) {
        i += n;
        if (i < 0) i = 0;
    }
    return i;
}

static const ArgSpec list_index_args = {"index", 3, 1, 0, {"value", "start=0", "stop=sys.maxsize", NULL}};
static Value list_index_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&list_index_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    int64_t n = list_size(args[0]), start = 0, stop = n;
    if (nargs > 2) {
        Value s = obj_index(args[2]);
        if (!s) return VNULL;
        start = clamp_index(s, n);
    }
    if (nargs > 3) {
        Value s = obj_index(args[3]);
        if (!s) return VNULL;
        stop = clamp_index(s, n);
    }
    for (int64_t i = start; i < stop && i < list_size(args[0]); i++) {
        int eq = obj_eq(list_get(args[0], i), args[1]);
        if (eq < 0) return VNULL;
        if (eq) return v_int(i);
    }
    Value r = obj_repr(args[1]);
    if (!r) return VNULL;
    return err_format(&exc_ValueError, "%U is not in list", r);
}

static const ArgSpec list_count_args = {"list.count", 1, 1, 0, {"value", NULL}};
static Value list_count_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&list_count_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    int64_t c = 0;
    for (int64_t i = 0; i < list_size(args[0]); i++) {
        int eq = obj_eq(list_get(args[0], i), args[1]);
        if (eq < 0) return VNULL;
        c += eq;
    }
    return v_int(c);
}

static const ArgSpec list_sort_args = {"sort", 0, 0, 2, {"key=None", "reverse=False", NULL}};
static Value list_sort_m(Value *args, size_t nargs, Value kwnames) {
    Value a[2];
    if (arg_parse(&list_sort_args, args + 1, nargs - 1, kwnames, a) < 0) return VNULL;
    Value key = a[0], rev = a[1];
    if (key == V_NONE) key = VNULL;
    int r = 0;
    if (rev) {
        r = obj_truth(rev);
        if (r < 0) return VNULL;
    }
    if (list_sort(args[0], key, r) < 0) return VNULL;
    return V_NONE;
}

static const ArgSpec list_reverse_args = {"list.reverse", 0, 0, 0, {NULL}};
static Value list_reverse_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&list_reverse_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    list_reverse(args[0]);
    return V_NONE;
}

static const ArgSpec list_copy_args = {"list.copy", 0, 0, 0, {NULL}};
static Value list_copy_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&list_copy_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    return list_slice(args[0], 0, list_size(args[0]));
}

static const ArgSpec list_clear_args = {"list.clear", 0, 0, 0, {NULL}};
static Value list_clear_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_parse(&list_clear_args, args + 1, nargs - 1, kwnames, NULL) < 0) return VNULL;
    ListObject *l = V_AS(ListObject, args[0]);
    l->items = NULL;
    l->size = 0;
    l->capacity = 0;
    return V_NONE;
}

static Value list_reversed_m(Value *args, size_t nargs, Value kwnames) {
    (void)nargs;
    (void)kwnames;
    ListIterObject *it = (ListIterObject *)obj_alloc(&listreviter_type, sizeof *it);
    it->list = args[0];
    it->index = list_size(args[0]) - 1;
    return V_FROM_PTR(it);
}

/* __iadd__ / __imul__, which heap subclasses and explicit calls reach:
   += extends by any iterable; *= takes any __index__ count */
static Value list_iadd_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__iadd__", nargs - 1, 1, 1) < 0) return VNULL;
    if (list_extend(args[0], args[1]) < 0) return VNULL;
    return args[0];
}

static Value list_imul_m(Value *args, size_t nargs, Value kwnames) {
    (void)kwnames;
    if (arg_count("__imul__", nargs - 1, 1, 1) < 0) return VNULL;
    Value n = obj_index(args[1]);
    if (!n) return VNULL;
    return list_binop(args[0], n, BINOP_MUL | BINOP_INPLACE);
}

static const MethodDef list_methods[] = {
    {"__iadd__", list_iadd_m, 0, NULL},
    {"__imul__", list_imul_m, 0, NULL},
    {"append", list_append_m, 0, NULL, &list_append_args},
    {"extend", list_extend_m, 0, NULL, &list_extend_args},
    {"insert", list_insert_m, 0, NULL, &list_insert_args},
    {"pop", list_pop_m, 0, NULL, &list_pop_args},
    {"remove", list_remove_m, 0, NULL, &list_remove_args},
    {"index", list_index_m, 0, NULL, &list_index_args},
    {"count", list_count_m, 0, NULL, &list_count_args},
    {"sort", list_sort_m, MF_KEYWORDS, NULL, &list_sort_args},
    {"reverse", list_reverse_m, 0, NULL, &list_reverse_args},
    {"copy", list_copy_m, 0, NULL, &list_copy_args},
    {"clear", list_clear_m, 0, NULL, &list_clear_args},
    {"__reversed__", list_reversed_m, 0, NULL},
    {"__class_getitem__", generic_alias_class_getitem, MF_CLASS, NULL},
    {NULL, NULL, 0, NULL},
};

static Value list_new_slot(Type *t, Value *args, size_t nargs, Value kwnames) {
    (void)args;
    (void)nargs;
    (void)kwnames;
    return list_new_type(t, 0);
}

static const ArgSpec list_args = {"list", 1, 0, 0, {"iterable=()", NULL}};
static int list_init_slot(Value self, Value *args, size_t nargs, Value kwnames) {
    /* keywords are for a subclass's own __new__ (CPython's rule) */
    Type *t = type_of(self);
    if (kwnames && tuple_size(kwnames) &&
        (t == &list_type || type_lookup(t, NAME(__new__)) == type_lookup(&list_type, NAME(__new__)))) {
        err_set(&exc_TypeError, "list() takes no keyword arguments");
        return -1;
    }
    if (arg_parse(&list_args, args, nargs, VNULL, NULL) < 0) return -1;   /* keywords: above */
    ListObject *l = V_AS(ListObject, self);
    l->size = 0;
    if (nargs == 1) return list_extend(self, args[0]);
    return 0;
}

Type list_type = {
    .tname = "list",
    .sig = &list_args,
    .flags = TF_BASETYPE | TF_LIST_SUBCLASS | TF_MATCH_SEQUENCE,
    .basicsize = sizeof(ListObject),
    .repr = list_repr,
    .richcompare = list_richcompare,
    .binop = list_binop,
    .binop_mask = (1u << BINOP_ADD) | (1u << BINOP_MUL) | BINOP_MASK_CONCAT,
    .len = list_len,
    .getitem = list_getitem,
    .setitem = list_setitem,
    .contains = list_contains,
    .iter = list_iter,
    .new_ = list_new_slot,
    .init = list_init_slot,
};

Type listiter_type = {
    .tname = "list_iterator",
    .basicsize = sizeof(ListIterObject),
    .iter = iter_self,
    .iternext = listiter_next,
};

Type listreviter_type = {
    .tname = "list_reverseiterator",
    .basicsize = sizeof(ListIterObject),
    .iter = iter_self,
    .iternext = listreviter_next,
};

void list_init(void) {
    type_add_methods(&list_type, list_methods);
    type_ready(&list_type);
    list_type.hash = NULL;
    dict_set(list_type.dict, NAME(__hash__), V_NONE);
    type_add_methods(&listiter_type, listiter_methods);
    type_ready(&listiter_type);
    type_add_methods(&listreviter_type, listreviter_methods);
    type_ready(&listreviter_type);
}
