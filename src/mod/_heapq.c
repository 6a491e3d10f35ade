/* _heapq.c: the _heapq module (heapq.py imports it): binary heaps kept in
 * lists, with CPython's exact sequence of `<` comparisons (heapq's sift
 * loops, and its cache-friendly order for heapify of large lists), so that
 * comparisons with side effects, and the "list changed size during
 * iteration" check after each one, behave the same.
 *
 * The max-heap variants (_heappop_max & co, for heapq.merge and nlargest)
 * compare with the operands swapped. Items are re-read from the list after
 * every comparison: a comparison may run Python code that changes it. */
#include "../runtime.h"

/* a < b for a min-heap (max: b < a): -1 0 1 */
static int heap_lt(Value a, Value b, bool max) {
    return max ? obj_richcompare_bool(b, a, CMP_LT) : obj_richcompare_bool(a, b, CMP_LT);
}

static int changed_size(void) {
    err_set(&exc_RuntimeError, "list changed size during iteration");
    return -1;
}

/* Move heap[pos] up towards startpos while it is smaller than its parent. */
static int siftdown(Value heap, int64_t startpos, int64_t pos, bool max) {
    int64_t size = list_size(heap);
    if (pos >= size) return changed_size();
    while (pos > startpos) {
        int64_t parentpos = (pos - 1) >> 1;
        int lt = heap_lt(list_get(heap, pos), list_get(heap, parentpos), max);
        if (lt < 0) return -1;
        if (size != list_size(heap)) return changed_size();
        if (!lt) break;
        Value *arr = list_items(heap);
        Value t = arr[parentpos];
        arr[parentpos] = arr[pos];
        arr[pos] = t;
        pos = parentpos;
    }
    return 0;
}

/* Move the smaller child up until heap[pos]'s hole reaches a leaf, then
 * sift the item there down to its place. */
static int siftup(Value heap, int64_t pos, bool max) {
    int64_t endpos = list_size(heap), startpos = pos;
    if (pos >= endpos) return changed_size();
    int64_t limit = endpos >> 1;   /* the first position without a child */
    while (pos < limit) {
        int64_t childpos = 2 * pos + 1;
        if (childpos + 1 < endpos) {
            int lt = heap_lt(list_get(heap, childpos), list_get(heap, childpos + 1), max);
            if (lt < 0) return -1;
            if (!lt) childpos++;
            if (endpos != list_size(heap)) return changed_size();
        }
        Value *arr = list_items(heap);
        Value t = arr[childpos];
        arr[childpos] = arr[pos];
        arr[pos] = t;
        pos = childpos;
    }
    return siftdown(heap, startpos, pos, max);
}

static bool list_arg(const char *fname, int argn, Value v) {
    if (list_check(v)) return true;
    if (argn) err_format(&exc_TypeError, "%s() argument %d must be list, not %T", fname, argn, v);
    else err_format(&exc_TypeError, "%s() argument must be list, not %T", fname, v);
    return false;
}

/* Parse (heap, item) or (heap) as Argument Clinic's positional-only
 * forms: the keyword message names the module (qualname), the type
 * message the function (name), "argument 1" when there are two. */
static bool heap_args(const ArgSpec *spec, const char *qualname, const char *name, Value *args, size_t nargs,
                      Value kwnames, Value *out) {
    if (arg_nokw(qualname, kwnames) < 0 || arg_parse(spec, args, nargs, VNULL, out) < 0) return false;
    return list_arg(name, spec->names[1] ? 1 : 0, out[0]);
}

static Value h_heappush(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"heappush", 2, 2, 0, {"heap", "item", NULL}};
    Value a[2];
    if (!heap_args(&spec, "_heapq.heappush", "heappush", args, nargs, kwnames, a)) return VNULL;
    if (list_push(a[0], a[1]) < 0) return VNULL;
    if (siftdown(a[0], 0, list_size(a[0]) - 1, false) < 0) return VNULL;
    return V_NONE;
}

static Value heappop_impl(Value heap, bool max) {
    int64_t n = list_size(heap);
    if (n == 0) return err_set(&exc_IndexError, "index out of range");
    Value last = list_get(heap, n - 1);
    list_items(heap)[n - 1] = VNULL;
    V_AS(ListObject, heap)->size = --n;
    if (n == 0) return last;
    Value r = list_get(heap, 0);
    list_items(heap)[0] = last;
    if (siftup(heap, 0, max) < 0) return VNULL;
    return r;
}

static Value heapreplace_impl(Value heap, Value item, bool max) {
    if (list_size(heap) == 0) return err_set(&exc_IndexError, "index out of range");
    Value r = list_get(heap, 0);
    list_items(heap)[0] = item;
    if (siftup(heap, 0, max) < 0) return VNULL;
    return r;
}

static int64_t keep_top_bit(int64_t n) {
    int i = 0;
    while (n > 1) {
        n >>= 1;
        i++;
    }
    return n << i;
}

static Value heapify_impl(Value heap, bool max) {
    int64_t n = list_size(heap);
    if (n <= 2500) {
        for (int64_t i = (n >> 1) - 1; i >= 0; i--)
            if (siftup(heap, i, max) < 0) return VNULL;
        return V_NONE;
    }
    /* large heaps: CPython sifts subtrees bottom-up a row at a time so that
       they stay in cache; the order of comparisons follows it */
    int64_t m = n >> 1;                          /* the first childless leaf */
    int64_t leftmost = keep_top_bit(m + 1) - 1;  /* the first node in m's row */
    int64_t mhalf = m >> 1;                      /* the parent of m */
    for (int pass = 0; pass < 2; pass++) {
        int64_t from = pass == 0 ? leftmost - 1 : m - 1, to = pass == 0 ? mhalf : leftmost;
        for (int64_t i = from; i >= to; i--) {
            int64_t j = i;
            for (;;) {
                if (siftup(heap, j, max) < 0) return VNULL;
                if (!(j & 1)) break;
                j >>= 1;
            }
        }
    }
    return V_NONE;
}

static Value h_heappop(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_heapq.heappop", 1, 1, 0, {"heap", NULL}};
    Value a[1];
    if (!heap_args(&spec, "_heapq.heappop", "heappop", args, nargs, kwnames, a)) return VNULL;
    return heappop_impl(a[0], false);
}

static Value h_heapreplace(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"heapreplace", 2, 2, 0, {"heap", "item", NULL}};
    Value a[2];
    if (!heap_args(&spec, "_heapq.heapreplace", "heapreplace", args, nargs, kwnames, a)) return VNULL;
    return heapreplace_impl(a[0], a[1], false);
}

static Value h_heappushpop(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"heappushpop", 2, 2, 0, {"heap", "item", NULL}};
    Value a[2];
    if (!heap_args(&spec, "_heapq.heappushpop", "heappushpop", args, nargs, kwnames, a)) return VNULL;
    Value heap = a[0], item = a[1];
    if (list_size(heap) == 0) return item;
    int lt = obj_richcompare_bool(list_get(heap, 0), item, CMP_LT);
    if (lt < 0) return VNULL;
    if (!lt) return item;
    return heapreplace_impl(heap, item, false);
}

static Value h_heapify(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_heapq.heapify", 1, 1, 0, {"heap", NULL}};
    Value a[1];
    if (!heap_args(&spec, "_heapq.heapify", "heapify", args, nargs, kwnames, a)) return VNULL;
    return heapify_impl(a[0], false);
}

static Value h_heappop_max(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_heapq._heappop_max", 1, 1, 0, {"heap", NULL}};
    Value a[1];
    if (!heap_args(&spec, "_heapq._heappop_max", "_heappop_max", args, nargs, kwnames, a)) return VNULL;
    return heappop_impl(a[0], true);
}

static Value h_heapreplace_max(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_heapreplace_max", 2, 2, 0, {"heap", "item", NULL}};
    Value a[2];
    if (!heap_args(&spec, "_heapq._heapreplace_max", "_heapreplace_max", args, nargs, kwnames, a)) return VNULL;
    return heapreplace_impl(a[0], a[1], true);
}

static Value h_heapify_max(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"_heapq._heapify_max", 1, 1, 0, {"heap", NULL}};
    Value a[1];
    if (!heap_args(&spec, "_heapq._heapify_max", "_heapify_max", args, nargs, kwnames, a)) return VNULL;
    return heapify_impl(a[0], true);
}

static const MethodDef heapq_functions[] = {
    {"heappush", h_heappush, MF_KEYWORDS, NULL},
    {"heappushpop", h_heappushpop, MF_KEYWORDS, NULL},
    {"heappop", h_heappop, MF_KEYWORDS, NULL},
    {"heapreplace", h_heapreplace, MF_KEYWORDS, NULL},
    {"heapify", h_heapify, MF_KEYWORDS, NULL},
    {"_heappop_max", h_heappop_max, MF_KEYWORDS, NULL},
    {"_heapify_max", h_heapify_max, MF_KEYWORDS, NULL},
    {"_heapreplace_max", h_heapreplace_max, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _heapq_module_create(void) {
    Value m = module_new_cstr("_heapq");
    module_add_functions(m, heapq_functions);
    return m;
}
