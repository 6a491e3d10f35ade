/* _bisect.c: the _bisect module (bisect.py imports it): binary search and
 * insertion in sorted sequences, comparing with < exactly as CPython's:
 * bisect_right asks `x < a[mid]`, bisect_left `a[mid] < x`, with key()
 * applied to the items of a (never to x). Items are fetched by index at
 * every step, so a sequence changed by a comparison gives IndexError
 * rather than reading stale memory. */
#include "../runtime.h"

/* a[i], through the sequence protocol (a list's own items directly) */
static Value seq_item(Value a, int64_t i) {
    if (list_check_exact(a)) {
        if (i >= list_size(a)) return err_set(&exc_IndexError, "list index out of range");
        return list_get(a, i);
    }
    return obj_getitem(a, int_from_i64(i));
}

/* An index argument: -1 with an error set when it is not an int or does
 * not fit (the OverflowError messages of CPython's two converters: lo is
 * a Py_ssize_t, hi an optional one). */
static int ssize_arg(Value v, int64_t *out, bool optional) {
    if (optional && !int_check(v) && !type_lookup(type_of(v), NAME(__index__))) {
        err_format(&exc_TypeError, "argument should be integer or None, not '%T'", v);
        return -1;
    }
    Value i = obj_index(v);
    if (!i) return -1;
    int64_t x = int_as_i64(i);
    if (x == -1 && err_occurred()) {
        err_clear();
        if (optional) err_format(&exc_OverflowError, "cannot fit '%T' into an index-sized integer", v);
        else err_set(&exc_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    *out = x;
    return 0;
}

/* The insertion point of x in a[lo:hi]; -1 with an exception set. */
static int64_t bisect(Value a, Value x, Value lov, Value hiv, Value key, bool right) {
    int64_t lo = 0, hi = -1;
    if (lov) {
        if (ssize_arg(lov, &lo, false) < 0) return -1;
    }
    if (lo < 0) {
        err_set(&exc_ValueError, "lo must be non-negative");
        return -1;
    }
    if (hiv && hiv != V_NONE) {
        if (ssize_arg(hiv, &hi, true) < 0) return -1;
    }
    /* as CPython, hi=-1 means len(a) too */
    if (hi == -1) {
        if (dict_check(a)) {
            err_format(&exc_TypeError, "%T is not a sequence", a);
            return -1;
        }
        hi = obj_len(a);
        if (hi < 0) return -1;
    }
    if (key == V_NONE) key = VNULL;
    while (lo < hi) {
        /* lo + hi cannot overflow: both are below 2**63 and non-negative */
        int64_t mid = (int64_t)(((uint64_t)lo + (uint64_t)hi) / 2);
        Value item = seq_item(a, mid);
        if (!item) return -1;
        if (key) {
            item = obj_call1(key, item);
            if (!item) return -1;
        }
        int lt = right ? obj_richcompare_bool(x, item, CMP_LT) : obj_richcompare_bool(item, x, CMP_LT);
        if (lt < 0) return -1;
        if (right == (lt != 0)) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

static Value bisect_impl(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, bool right) {
    Value a[5];
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return VNULL;
    int64_t i = bisect(a[0], a[1], a[2], a[3], a[4] ? a[4] : V_NONE, right);
    return i < 0 ? VNULL : int_from_i64(i);
}

static Value insort_impl(const ArgSpec *spec, Value *args, size_t nargs, Value kwnames, bool right) {
    Value a[5];
    if (arg_parse(spec, args, nargs, kwnames, a) < 0) return VNULL;
    Value x = a[1], key = a[4] ? a[4] : V_NONE;
    Value kx = x;
    if (key != V_NONE) {
        kx = obj_call1(key, x);
        if (!kx) return VNULL;
    }
    int64_t i = bisect(a[0], kx, a[2], a[3], key, right);
    if (i < 0) return VNULL;
    if (list_check_exact(a[0])) {
        if (list_insert(a[0], i, x) < 0) return VNULL;
    } else {
        Value ia[2] = {int_from_i64(i), x};
        if (!obj_call_method(a[0], "insert", ia, 2)) return VNULL;
    }
    return V_NONE;
}

static Value b_bisect_right(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"bisect_right", 0, 2, 1, {"a", "x", "lo", "hi", "key", NULL}};
    return bisect_impl(&spec, args, nargs, kwnames, true);
}

static Value b_bisect_left(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"bisect_left", 0, 2, 1, {"a", "x", "lo", "hi", "key", NULL}};
    return bisect_impl(&spec, args, nargs, kwnames, false);
}

static Value b_insort_right(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"insort_right", 0, 2, 1, {"a", "x", "lo", "hi", "key", NULL}};
    return insort_impl(&spec, args, nargs, kwnames, true);
}

static Value b_insort_left(Value *args, size_t nargs, Value kwnames) {
    static const ArgSpec spec = {"insort_left", 0, 2, 1, {"a", "x", "lo", "hi", "key", NULL}};
    return insort_impl(&spec, args, nargs, kwnames, false);
}

static const MethodDef bisect_functions[] = {
    {"bisect_right", b_bisect_right, MF_KEYWORDS, NULL},
    {"insort_right", b_insort_right, MF_KEYWORDS, NULL},
    {"bisect_left", b_bisect_left, MF_KEYWORDS, NULL},
    {"insort_left", b_insort_left, MF_KEYWORDS, NULL},
    {NULL, NULL, 0, NULL},
};

Value _bisect_module_create(void) {
    Value m = module_new_cstr("_bisect");
    module_add_functions(m, bisect_functions);
    return m;
}
